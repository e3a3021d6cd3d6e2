/*
 * The on-disk cache of compiled shaders (docs/jit.md, "Disk cache"): keys,
 * entry files, the size bound.  One `struct jit_cache` lives in each JIT
 * object; every function is called with jit->lock held.
 */
#ifndef JIT_CACHE_H
#define JIT_CACHE_H

#include "pony_jit.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JIT_CACHE_KEY_SIZE 32   /* SHA-256 */

/* A function the code calls through an absolute address (libm,
 * jit_tex_callout): in a cacheable module it is a declaration named
 * `name`, which the JIT object defines as an absolute symbol. */
struct jit_cache_ext {
   char name[40];
   uint64_t addr;
};

struct jit_cache {
   bool enabled;           /* PONY_SHADER_CACHE not 0 */
   char *dir;              /* NULL: no usable directory (keys and sharing only) */
   uint64_t max_bytes;     /* PONY_SHADER_CACHE_MAX_SIZE */
   uint64_t bytes;         /* the directory's size as last measured plus our writes */
   bool measured;          /* bytes has been measured once */
   unsigned writes_since_scan;
   char *build_id;         /* what the key covers besides the IR, CPU and features */
   struct pony_jit_cache_stats stats;
   /* the functions named so far, defined in the JIT object in this order */
   struct jit_cache_ext *exts;
   unsigned num_exts, max_exts;
};

/* Reads the environment and creates the directory (errors are counted,
 * never fatal: without a directory nothing is read or written). */
void jit_cache_init(struct jit_cache *c);
void jit_cache_fini(struct jit_cache *c);

/* Makes `mod` (verified, not optimised) cacheable and computes its key:
 * calls through absolute addresses become calls of declarations named
 * after the callee (appended to c->exts, from *first_new_ext on, for the
 * caller to define in the JIT), the entry function `name` is renamed to
 * "pony_<key>" (written to entry), other defined functions (internal) and
 * the module's own names get fixed names.  Returns false, with the module
 * unchanged, when it holds an address it cannot name or another exported
 * function (the caller then compiles it as without the cache). */
bool jit_cache_prepare(struct jit_cache *c, LLVMModuleRef mod, const char *name, const char *cpu,
                       const char *features, uint8_t key[JIT_CACHE_KEY_SIZE], char *entry,
                       unsigned entry_size, unsigned *first_new_ext);

/* The payload (an object file) stored under `key`, malloc'd in *data;
 * false when there is no entry or it is unusable (truncated, corrupt,
 * another format: counted in stats.corrupt, then the caller rewrites it). */
bool jit_cache_load(struct jit_cache *c, const uint8_t key[JIT_CACHE_KEY_SIZE], void **data,
                    size_t *size);
/* Writes an entry atomically (temporary file + rename) and keeps the
 * directory within its bound.  Failures are only counted. */
void jit_cache_store(struct jit_cache *c, const uint8_t key[JIT_CACHE_KEY_SIZE], const void *data,
                     size_t size);

#endif
