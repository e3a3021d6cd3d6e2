/*
 * The CSO cache: one per pipe_context, owned by the front end (docs/cso.md).
 *
 * Front ends describe the state they want with templates; the cache hashes
 * the template bytes, reuses the driver object made from equal bytes
 * before, calls the driver's create_*_state only on a miss, and calls
 * bind_* only when the object bound in the pipe context changes.
 * Templates must be zero-filled before their fields are set (padding and
 * unused fields included): equal state must mean equal bytes.
 *
 * Kinds cached: blend, depth-stencil-alpha, rasterizer, sampler (per
 * shader stage and slot) and vertex elements (count + array).  Each kind
 * keeps an LRU list bounded by a maximum count: when a kind holds more
 * objects than its maximum, the least recently used objects that are not
 * bound (and not saved by cso_save_state) are deleted until it holds at
 * most max - max / 8 (eviction in chunks, so it runs rarely).  A bound or
 * saved object is never deleted, so a kind may exceed its maximum while
 * more than max objects are in use.
 *
 * Every bind of these kinds must go through the cache; after binding
 * behind its back, call cso_invalidate_bindings() so the next cso_set_*
 * binds again.
 */
#ifndef CSO_CACHE_H
#define CSO_CACHE_H

#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cso_context;

enum cso_kind {
   CSO_BLEND = 0,
   CSO_DEPTH_STENCIL_ALPHA,
   CSO_RASTERIZER,
   CSO_SAMPLER,
   CSO_VERTEX_ELEMENTS,
   CSO_KIND_COUNT
};

/* Objects each kind keeps before evicting (cso_set_cache_size changes it). */
#define CSO_DEFAULT_CACHE_SIZE 1024

/* Bits of cso_save_state's mask. */
#define CSO_BIT_BLEND               (1u << 0)
#define CSO_BIT_DEPTH_STENCIL_ALPHA (1u << 1)
#define CSO_BIT_RASTERIZER          (1u << 2)
#define CSO_BIT_VERTEX_ELEMENTS     (1u << 3)
#define CSO_BIT_SAMPLERS(stage)     (1u << (4 + (unsigned)(stage)))   /* enum pipe_shader_type */
#define CSO_BIT_FRAGMENT_SAMPLERS   CSO_BIT_SAMPLERS(PIPE_SHADER_FRAGMENT)
#define CSO_BITS_ALL                ((1u << (4 + PIPE_SHADER_TYPES)) - 1)

/* Counters of one kind, for PONY_DEBUG=perf style reports. */
struct cso_stats {
   uint64_t hits;         /* cso_set_* found an existing object */
   uint64_t misses;       /* create_*_state was called */
   uint64_t evictions;    /* objects deleted to stay under the maximum */
   unsigned count;        /* objects alive now */
   unsigned max;          /* the kind's maximum */
};

/* A cache for pipe (which must outlive it).  NULL when out of memory. */
struct cso_context *cso_create_context(struct pipe_context *pipe);

/*
 * Unbind every object the cache bound (binds NULL) and delete every object
 * it created.  The pipe context is left with none of them bound.  NULL is
 * allowed.
 */
void cso_destroy_context(struct cso_context *cso);

struct pipe_context *cso_get_pipe(const struct cso_context *cso);

/*
 * Bind the object for a template, creating it on a miss.  On failure
 * (create returned NULL: PIPE_ERROR_OUT_OF_MEMORY, or the driver lacks
 * the create function: PIPE_ERROR_UNSUPPORTED) the binding is unchanged.
 *
 * Blend: only the used prefix of the template is the key (rt[0] alone
 * unless independent_blend_enable, then rt[0..max_rt]); the driver's
 * create sees the prefix with the unused rt[] entries zeroed.
 */
enum pipe_error cso_set_blend(struct cso_context *cso, const struct pipe_blend_state *templ);
enum pipe_error cso_set_depth_stencil_alpha(struct cso_context *cso,
                                            const struct pipe_depth_stencil_alpha_state *templ);
enum pipe_error cso_set_rasterizer(struct cso_context *cso,
                                   const struct pipe_rasterizer_state *templ);

/*
 * Bind samplers for slots 0..count-1 of a shader stage (a NULL template
 * leaves that slot empty); slots from count up that were bound before are
 * unbound.  Only the range of slots that changed is passed to
 * bind_sampler_states.  count <= PIPE_MAX_SAMPLERS.
 */
enum pipe_error cso_set_samplers(struct cso_context *cso, enum pipe_shader_type stage,
                                 unsigned count,
                                 const struct pipe_sampler_state *const *templates);

/* count <= PIPE_MAX_ATTRIBS elements (elems may be NULL when count is 0). */
enum pipe_error cso_set_vertex_elements(struct cso_context *cso, unsigned count,
                                        const struct pipe_vertex_element *elems);

/*
 * Remember the bindings named by mask (CSO_BIT_*) so a meta operation
 * (glDrawPixels, glBitmap, a blit through the 3D pipe) can bind its own
 * state and cso_restore_state() can put the old bindings back.  One level
 * only: a save must be followed by a restore before the next save.
 */
void cso_save_state(struct cso_context *cso, unsigned mask);
void cso_restore_state(struct cso_context *cso);

/* Forget what is bound: the next cso_set_* of each kind calls bind_*. */
void cso_invalidate_bindings(struct cso_context *cso);

/* Set a kind's maximum (at least 1); evicts at once if it is exceeded. */
void cso_set_cache_size(struct cso_context *cso, enum cso_kind kind, unsigned max);

void cso_get_stats(const struct cso_context *cso, enum cso_kind kind, struct cso_stats *stats);

/* One pony_log line per kind ("pony: cso: blend: ..."). */
void cso_report_stats(const struct cso_context *cso);

const char *cso_kind_name(enum cso_kind kind);

#ifdef __cplusplus
}
#endif

#endif
