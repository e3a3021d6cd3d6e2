/*
 * A bounded cache of generated fixed-function shaders, keyed by the bytes
 * of struct ff_vs_key / ff_fs_key.  The cache owns the IR shaders.  Each
 * entry also carries one pointer of the caller's (typically the pipe
 * shader CSO created from the IR): when an entry is evicted or the cache
 * destroyed, the release callback gets it so the caller can delete it.
 *
 * Eviction is least-recently-used, but the entry most recently returned
 * for each stage is never evicted (it is usually the bound shader).
 * Not thread safe: one cache per GL context (or a lock around it).
 */
#ifndef FF_SHADER_CACHE_H
#define FF_SHADER_CACHE_H

#include <stdint.h>

#include "compiler/ir/ir.h"
#include "ff_fs_key.h"
#include "ff_vs_key.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ff_shader_cache;

struct ff_cached_shader {
   const struct ir_shader *ir;    /* owned by the cache */
   void *driver_data;             /* the caller's, NULL until it sets it */
};

/* Called for each entry leaving the cache (eviction, destroy). */
typedef void (*ff_shader_release_cb)(void *priv, struct ff_cached_shader *entry);

struct ff_shader_cache_stats {
   uint64_t hits, misses, evictions;
   unsigned entries;
};

/* max_entries: total for both stages (at least 2; 0 picks 256).
 * release may be NULL. */
struct ff_shader_cache *
ff_shader_cache_create(unsigned max_entries, ff_shader_release_cb release, void *priv);

void
ff_shader_cache_destroy(struct ff_shader_cache *cache);

/* The shader for a key, generated on a miss.  The entry stays valid until
 * a later call returns another entry of the same stage and then an
 * eviction picks it, or the cache is destroyed. */
struct ff_cached_shader *
ff_shader_cache_get_vs(struct ff_shader_cache *cache, const struct ff_vs_key *key);

struct ff_cached_shader *
ff_shader_cache_get_fs(struct ff_shader_cache *cache, const struct ff_fs_key *key);

void
ff_shader_cache_get_stats(const struct ff_shader_cache *cache, struct ff_shader_cache_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
