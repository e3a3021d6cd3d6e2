/* Internals shared by pony_jit.c and jit_ir.c. */
#ifndef PONY_JIT_PRIV_H
#define PONY_JIT_PRIV_H

#include "jit_cache.h"
#include "pony_jit.h"

#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/TargetMachine.h>
#include <pthread.h>

struct pony_jit {
   unsigned width;
   LLVMOrcLLJITRef lljit;
   LLVMOrcThreadSafeContextRef tsctx;   /* every module is built in it, under `lock` */
   LLVMTargetMachineRef tm;             /* host CPU: data layout, optimisation, objects */
   char *cpu, *features;
   pthread_mutex_t lock;
   unsigned serial;                      /* unique function names; under `lock` */
   struct pony_jit_shader *shaders;      /* live shaders; under `lock` */
   struct jit_code *codes;               /* their code; under `lock` */
   struct jit_cache cache;               /* disk cache (jit_cache.c); under `lock` */
   unsigned num_defined_exts;            /* cache.exts defined as absolute symbols */
   unsigned codegens;                    /* modules LLVM generated code for; under `lock` */
   /* shaders destroyed while a compile held `lock` (a background compile
    * takes tens of milliseconds: the caller does not wait for it); the
    * next holder of `lock` frees them (jit_drain_deferred_locked) */
   pthread_mutex_t defer_lock;
   struct pony_jit_shader *deferred;     /* under defer_lock */
};

/* Machine code in the JIT under one resource tracker.  Shaders whose
 * cache keys are equal share it (refs); code compiled without a key is
 * never shared. */
struct jit_code {
   LLVMOrcResourceTrackerRef rt;
   pony_jit_shader_func func;
   unsigned refs;
   bool keyed;
   uint8_t key[JIT_CACHE_KEY_SIZE];
   struct jit_code *prev, *next;         /* jit->codes */
};

struct pony_jit_shader {
   struct pony_jit *jit;
   struct jit_code *code;                /* NULL until compiled */
   pony_jit_shader_func func;            /* code->func */
   unsigned num_inputs, num_outputs;
   struct pony_jit_shader *prev, *next;  /* jit->shaders */
   struct pony_jit_shader *defer_next;   /* jit->deferred */
};

/* Builds @main of `shader` as function `name` into `mod` (jit_ir.c).
 * tex_keys: NULL (every texture instruction calls the sampler), or
 * PONY_JIT_MAX_TEX_UNITS keys by binding for inline sampling.
 * passthrough_slot >= 0 asks for the colour pass-through of that output
 * slot: when output slot passthrough_slot is one nearest texel unchanged
 * (passthrough_tex), the texel words are also stored in output slot
 * *num_outputs, word 0 (the caller's outputs need room for it), and
 * *passthrough_unit (may be NULL) is the texture unit, else -1.  Returns PONY_JIT_UNSUPPORTED with
 * a reason in err for anything it does not translate. */
enum pony_jit_status jit_ir_build(struct pony_jit *jit, LLVMContextRef ctx, LLVMModuleRef mod,
                                  const char *name, const struct ir_shader *shader,
                                  const struct pony_jit_tex_key *tex_keys, int passthrough_slot,
                                  int *passthrough_unit, unsigned *num_inputs,
                                  unsigned *num_outputs, char *err, unsigned err_size);

/* u_format's channel_to_float of an 8-bit unorm channel, (float)((double)v
 * / 255.0), for v (integer vector, each lane 0..255) in float arithmetic:
 * q = v * (1/255) corrected by one fused step, q + (v - 255 q) / 255,
 * which gives those bits for every v (checked exhaustively; jit_test_alu
 * keeps checking it through unpackUnorm4x8). */
LLVMValueRef jit_unorm8_to_float(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef v);

/* floor(f * field + 0.5) for f in [0, 1] and field < 2^24 (exactly a
 * float), what (double)f * field + 0.5 truncated gives, in float
 * arithmetic.  field < 2^23: n = floor(fma(f, field, 0.5)), minus 1 when
 * fma(f, field, 0.5 - n) < 0 (the fused step rounds the sum up to n only
 * from below it, and keeps the sign of f * field + 0.5 - n).  Larger
 * fields: f * field is exactly hi + lo (one fused step), n = hi rounded to
 * even, and the result is n, plus 1 when hi - n is 0.5 and lo >= 0 or lo
 * is 0.5 (hi an integer), minus 1 when hi - n is -0.5 and lo < 0; every
 * other case stays inside (n - 0.5, n + 0.5).  The depth test's
 * quantisation (unorm depth of up to 24 bits) uses it.
 * jit_float_to_unorm8 is the colour stores' 8-bit encode (u_format's
 * float_to_channel): 255 for f >= 1, 0 for f <= 0 or NaN, else the
 * above.  jit_test_encode checks both against the double formula for
 * every float in [0, 1]. */
LLVMValueRef jit_float_to_unorm(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef f,
                                uint32_t field);
LLVMValueRef jit_float_to_unorm8(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef f);

/* Whether every undefined symbol of an ELF64 object is one the JIT
 * defines (the helpers of define_exts, the process symbols): LLVM 15's
 * lookup of an object needing any other symbol never returns, so such an
 * object is refused (false, the symbol's name in err).  Objects of other
 * formats are not checked.  The object is untrusted (it may come from a
 * cache file): every offset is bounds-checked ("malformed object file"). */
bool jit_object_symbols_defined(const struct pony_jit *jit, const uint8_t *data, size_t size,
                                char *err, unsigned err_size);

/* Frees the shaders destroyed while jit->lock was busy (with it held). */
void jit_drain_deferred_locked(struct pony_jit *jit);

/* pony_jit.c, called with jit->lock held: a new module for the host
 * (unique name written to `name`), and finishing one: verify, then with
 * the disk cache on, key it (jit_cache.c) and share live code with the
 * same key, or load the cached object, or optimise, emit and store the
 * object; with the cache off optimise and emit it.  Either way
 * the code goes into the JIT under its own resource tracker, s->func is
 * the entry function (`name` before any renaming) and s is linked into
 * jit->shaders.  finish takes the module in every case. */
LLVMModuleRef jit_module_create(struct pony_jit *jit, char *name, unsigned name_size);
enum pony_jit_status jit_module_finish(struct pony_jit *jit, LLVMModuleRef mod, const char *name,
                                       struct pony_jit_shader *s, char *err, unsigned err_size);

#endif
