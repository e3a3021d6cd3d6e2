/*
 * The CSO cache (cso_cache.h, docs/cso.md).
 */
#include "cso/cso_cache.h"

#include <assert.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_debug.h"
#include "util/u_hash.h"
#include "util/u_hash_table.h"

struct cso_link {
   struct cso_link *prev, *next;
};

/* One driver object and the template bytes it was made from. */
struct cso_entry {
   struct cso_link link;            /* the kind's LRU list, most recent first; first member */
   void *handle;
   unsigned pins;                   /* bound slots + saved copies: never evicted while > 0 */
   uint32_t hash;
   uint32_t size;
   uint8_t key[];
};

struct cso_kind_cache {
   struct u_hash_table *table;
   struct cso_link lru;             /* sentinel: lru.next is the most recently used */
   unsigned count, max;
   uint64_t hits, misses, evictions;
};

/* Vertex elements key: the count, then the used elements. */
struct cso_velems_key {
   uint32_t count;
   struct pipe_vertex_element elems[PIPE_MAX_ATTRIBS];
};

struct cso_bindings {
   struct cso_entry *single[CSO_KIND_COUNT];   /* CSO_SAMPLER unused */
   struct cso_entry *samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
   unsigned nr_samplers[PIPE_SHADER_TYPES];
};

struct cso_context {
   struct pipe_context *pipe;
   struct cso_kind_cache kinds[CSO_KIND_COUNT];
   struct cso_bindings bound;
   unsigned unknown_mask;           /* CSO_BIT_*: driver binding unknown, bind again */
   unsigned saved_mask;
   struct cso_bindings saved;
};

static const char *const kind_names[CSO_KIND_COUNT] = {
   [CSO_BLEND] = "blend",
   [CSO_DEPTH_STENCIL_ALPHA] = "depth_stencil_alpha",
   [CSO_RASTERIZER] = "rasterizer",
   [CSO_SAMPLER] = "sampler",
   [CSO_VERTEX_ELEMENTS] = "vertex_elements",
};

/* The kinds bound one object at a time and their cso_save_state bits. */
static const struct {
   unsigned bit;
   enum cso_kind kind;
} single_kinds[] = {
   { CSO_BIT_BLEND, CSO_BLEND },
   { CSO_BIT_DEPTH_STENCIL_ALPHA, CSO_DEPTH_STENCIL_ALPHA },
   { CSO_BIT_RASTERIZER, CSO_RASTERIZER },
   { CSO_BIT_VERTEX_ELEMENTS, CSO_VERTEX_ELEMENTS },
};

#define NUM_SINGLE_KINDS (sizeof(single_kinds) / sizeof(single_kinds[0]))

static unsigned
single_bit(enum cso_kind kind)
{
   for (unsigned i = 0; i < NUM_SINGLE_KINDS; i++) {
      if (single_kinds[i].kind == kind)
         return single_kinds[i].bit;
   }
   return 0;
}

const char *
cso_kind_name(enum cso_kind kind)
{
   return (unsigned)kind < CSO_KIND_COUNT ? kind_names[kind] : "?";
}

/* --- driver calls ------------------------------------------------------- */

static bool
driver_has_kind(const struct pipe_context *pipe, enum cso_kind kind)
{
   switch (kind) {
   case CSO_BLEND:
      return pipe->create_blend_state && pipe->bind_blend_state && pipe->delete_blend_state;
   case CSO_DEPTH_STENCIL_ALPHA:
      return pipe->create_depth_stencil_alpha_state &&
             pipe->bind_depth_stencil_alpha_state && pipe->delete_depth_stencil_alpha_state;
   case CSO_RASTERIZER:
      return pipe->create_rasterizer_state && pipe->bind_rasterizer_state &&
             pipe->delete_rasterizer_state;
   case CSO_SAMPLER:
      return pipe->create_sampler_state && pipe->bind_sampler_states &&
             pipe->delete_sampler_state;
   case CSO_VERTEX_ELEMENTS:
      return pipe->create_vertex_elements_state && pipe->bind_vertex_elements_state &&
             pipe->delete_vertex_elements_state;
   default:
      return false;
   }
}

/* Create the driver object from the key bytes (copied into a zero-filled
 * template, so the driver sees exactly what was hashed). */
static void *
driver_create(struct pipe_context *pipe, enum cso_kind kind, const uint8_t *key, size_t size)
{
   switch (kind) {
   case CSO_BLEND: {
      struct pipe_blend_state t;
      memset(&t, 0, sizeof(t));
      memcpy(&t, key, size);
      return pipe->create_blend_state(pipe, &t);
   }
   case CSO_DEPTH_STENCIL_ALPHA: {
      struct pipe_depth_stencil_alpha_state t;
      memcpy(&t, key, sizeof(t));
      return pipe->create_depth_stencil_alpha_state(pipe, &t);
   }
   case CSO_RASTERIZER: {
      struct pipe_rasterizer_state t;
      memcpy(&t, key, sizeof(t));
      return pipe->create_rasterizer_state(pipe, &t);
   }
   case CSO_SAMPLER: {
      struct pipe_sampler_state t;
      memcpy(&t, key, sizeof(t));
      return pipe->create_sampler_state(pipe, &t);
   }
   case CSO_VERTEX_ELEMENTS: {
      struct cso_velems_key t;
      memset(&t, 0, sizeof(t));
      memcpy(&t, key, size);
      return pipe->create_vertex_elements_state(pipe, t.count, t.elems);
   }
   default:
      return NULL;
   }
}

static void
driver_delete(struct pipe_context *pipe, enum cso_kind kind, void *handle)
{
   switch (kind) {
   case CSO_BLEND: pipe->delete_blend_state(pipe, handle); break;
   case CSO_DEPTH_STENCIL_ALPHA: pipe->delete_depth_stencil_alpha_state(pipe, handle); break;
   case CSO_RASTERIZER: pipe->delete_rasterizer_state(pipe, handle); break;
   case CSO_SAMPLER: pipe->delete_sampler_state(pipe, handle); break;
   case CSO_VERTEX_ELEMENTS: pipe->delete_vertex_elements_state(pipe, handle); break;
   default: break;
   }
}

static void
driver_bind(struct pipe_context *pipe, enum cso_kind kind, void *handle)
{
   switch (kind) {
   case CSO_BLEND: pipe->bind_blend_state(pipe, handle); break;
   case CSO_DEPTH_STENCIL_ALPHA: pipe->bind_depth_stencil_alpha_state(pipe, handle); break;
   case CSO_RASTERIZER: pipe->bind_rasterizer_state(pipe, handle); break;
   case CSO_VERTEX_ELEMENTS: pipe->bind_vertex_elements_state(pipe, handle); break;
   default: assert(!"samplers bind through bind_samplers_range"); break;
   }
}

/* --- the LRU lists ------------------------------------------------------ */

static struct cso_entry *
entry_of(struct cso_link *l)
{
   return (struct cso_entry *)l;   /* the link is the first member */
}

static void
lru_unlink(struct cso_entry *e)
{
   e->link.prev->next = e->link.next;
   e->link.next->prev = e->link.prev;
}

static void
lru_push_front(struct cso_kind_cache *k, struct cso_entry *e)
{
   e->link.prev = &k->lru;
   e->link.next = k->lru.next;
   k->lru.next->prev = &e->link;
   k->lru.next = &e->link;
}

static void
entry_destroy(struct cso_context *cso, enum cso_kind kind, struct cso_entry *e)
{
   struct cso_kind_cache *k = &cso->kinds[kind];
   u_hash_table_remove(k->table, e->hash, e->key, e->size);
   lru_unlink(e);
   driver_delete(cso->pipe, kind, e->handle);
   free(e);
   k->count--;
}

/* Delete least recently used, unpinned objects until the kind is at or
 * under max - max / 8. */
static void
evict(struct cso_context *cso, enum cso_kind kind)
{
   struct cso_kind_cache *k = &cso->kinds[kind];
   if (k->count <= k->max)
      return;
   unsigned target = k->max - k->max / 8;
   struct cso_link *l = k->lru.prev;
   while (k->count > target && l != &k->lru) {
      struct cso_link *prev = l->prev;
      struct cso_entry *e = entry_of(l);
      if (!e->pins) {
         entry_destroy(cso, kind, e);
         k->evictions++;
      }
      l = prev;
   }
}

/* The entry for key, created on a miss. */
static enum pipe_error
lookup(struct cso_context *cso, enum cso_kind kind, const void *key, size_t size,
       struct cso_entry **out)
{
   struct cso_kind_cache *k = &cso->kinds[kind];
   uint32_t hash = u_hash_bytes(key, size);
   struct cso_entry *e = u_hash_table_search(k->table, hash, key, size);

   *out = NULL;
   if (e) {
      k->hits++;
      lru_unlink(e);
      lru_push_front(k, e);
      *out = e;
      return PIPE_OK;
   }

   if (!driver_has_kind(cso->pipe, kind))
      return PIPE_ERROR_UNSUPPORTED;
   e = malloc(sizeof(*e) + size);
   if (!e)
      return PIPE_ERROR_OUT_OF_MEMORY;
   e->pins = 0;
   e->hash = hash;
   e->size = (uint32_t)size;
   memcpy(e->key, key, size);
   e->handle = driver_create(cso->pipe, kind, e->key, size);
   if (!e->handle) {
      free(e);
      return PIPE_ERROR_OUT_OF_MEMORY;
   }
   if (!u_hash_table_insert(k->table, hash, e->key, size, e)) {
      driver_delete(cso->pipe, kind, e->handle);
      free(e);
      return PIPE_ERROR_OUT_OF_MEMORY;
   }
   k->misses++;
   k->count++;
   lru_push_front(k, e);
   *out = e;
   return PIPE_OK;
}

/* --- binding ------------------------------------------------------------- */

static void
bind_single(struct cso_context *cso, enum cso_kind kind, struct cso_entry *e)
{
   struct cso_entry **cur = &cso->bound.single[kind];
   unsigned bit = single_bit(kind);
   if (*cur == e && !(cso->unknown_mask & bit))
      return;
   cso->unknown_mask &= ~bit;
   if (e)
      e->pins++;
   if (*cur)
      (*cur)->pins--;
   *cur = e;
   driver_bind(cso->pipe, kind, e ? e->handle : NULL);
}

/* Make slots 0..count-1 of stage hold entries[] (NULL = empty) and unbind
 * the slots above; only the changed range goes to the driver. */
static void
bind_samplers(struct cso_context *cso, enum pipe_shader_type stage, unsigned count,
              struct cso_entry *const *entries)
{
   struct cso_entry **cur = cso->bound.samplers[stage];
   unsigned old_count = cso->bound.nr_samplers[stage];
   unsigned n = count > old_count ? count : old_count;
   unsigned first = n, last = 0;
   bool unknown = cso->unknown_mask & CSO_BIT_SAMPLERS(stage);

   cso->unknown_mask &= ~CSO_BIT_SAMPLERS(stage);
   for (unsigned i = 0; i < n; i++) {
      struct cso_entry *e = i < count ? entries[i] : NULL;
      if (cur[i] == e && !unknown)
         continue;
      if (e)
         e->pins++;
      if (cur[i])
         cur[i]->pins--;
      cur[i] = e;
      if (first == n)
         first = i;
      last = i;
   }

   unsigned nr = count;
   while (nr && !cur[nr - 1])
      nr--;
   cso->bound.nr_samplers[stage] = nr;

   if (first == n)
      return;
   void *handles[PIPE_MAX_SAMPLERS];
   for (unsigned i = first; i <= last; i++)
      handles[i - first] = cur[i] ? cur[i]->handle : NULL;
   cso->pipe->bind_sampler_states(cso->pipe, stage, first, last - first + 1, handles);
}

static enum pipe_error
set_single(struct cso_context *cso, enum cso_kind kind, const void *key, size_t size)
{
   /* the state bound already (what a draw after a draw asks for): a hit
    * found without hashing, nothing to bind */
   struct cso_entry *cur = cso->bound.single[kind];
   if (cur && !(cso->unknown_mask & single_bit(kind)) && cur->size == size &&
       !memcmp(cur->key, key, size)) {
      struct cso_kind_cache *k = &cso->kinds[kind];
      k->hits++;
      lru_unlink(cur);
      lru_push_front(k, cur);
      return PIPE_OK;
   }
   struct cso_entry *e;
   enum pipe_error err = lookup(cso, kind, key, size, &e);
   if (err != PIPE_OK)
      return err;
   bind_single(cso, kind, e);
   evict(cso, kind);
   return PIPE_OK;
}

/* --- public entry points ------------------------------------------------- */

struct cso_context *
cso_create_context(struct pipe_context *pipe)
{
   struct cso_context *cso = calloc(1, sizeof(*cso));
   if (!cso)
      return NULL;
   cso->pipe = pipe;
   for (unsigned i = 0; i < CSO_KIND_COUNT; i++) {
      struct cso_kind_cache *k = &cso->kinds[i];
      k->lru.next = k->lru.prev = &k->lru;
      k->max = CSO_DEFAULT_CACHE_SIZE;
      k->table = u_hash_table_create();
      if (!k->table) {
         cso_destroy_context(cso);
         return NULL;
      }
   }
   return cso;
}

void
cso_destroy_context(struct cso_context *cso)
{
   if (!cso)
      return;
   struct pipe_context *pipe = cso->pipe;

   /* Unbind first: a bound object must not be deleted. */
   for (unsigned kind = 0; kind < CSO_KIND_COUNT; kind++) {
      if (kind != CSO_SAMPLER && cso->bound.single[kind] && cso->kinds[kind].table)
         driver_bind(pipe, kind, NULL);
   }
   for (unsigned stage = 0; stage < PIPE_SHADER_TYPES; stage++) {
      unsigned nr = cso->bound.nr_samplers[stage];
      if (nr) {
         void *nulls[PIPE_MAX_SAMPLERS] = { NULL };
         pipe->bind_sampler_states(pipe, stage, 0, nr, nulls);
      }
   }

   for (unsigned kind = 0; kind < CSO_KIND_COUNT; kind++) {
      struct cso_kind_cache *k = &cso->kinds[kind];
      if (!k->table)
         continue;
      struct cso_link *l = k->lru.next;
      while (l != &k->lru) {
         struct cso_link *next = l->next;
         struct cso_entry *e = entry_of(l);
         driver_delete(pipe, kind, e->handle);
         free(e);
         l = next;
      }
      u_hash_table_destroy(k->table);
   }
   free(cso);
}

struct pipe_context *
cso_get_pipe(const struct cso_context *cso)
{
   return cso->pipe;
}

/* Bytes of the blend template that matter. */
static size_t
blend_key_size(const struct pipe_blend_state *t)
{
   unsigned nr = t->independent_blend_enable ? t->max_rt + 1u : 1u;
   if (nr > PIPE_MAX_COLOR_BUFS)
      nr = PIPE_MAX_COLOR_BUFS;
   return offsetof(struct pipe_blend_state, rt) + nr * sizeof(t->rt[0]);
}

enum pipe_error
cso_set_blend(struct cso_context *cso, const struct pipe_blend_state *templ)
{
   return set_single(cso, CSO_BLEND, templ, blend_key_size(templ));
}

enum pipe_error
cso_set_depth_stencil_alpha(struct cso_context *cso,
                            const struct pipe_depth_stencil_alpha_state *templ)
{
   return set_single(cso, CSO_DEPTH_STENCIL_ALPHA, templ, sizeof(*templ));
}

enum pipe_error
cso_set_rasterizer(struct cso_context *cso, const struct pipe_rasterizer_state *templ)
{
   return set_single(cso, CSO_RASTERIZER, templ, sizeof(*templ));
}

enum pipe_error
cso_set_vertex_elements(struct cso_context *cso, unsigned count,
                        const struct pipe_vertex_element *elems)
{
   struct cso_velems_key key;
   assert(count <= PIPE_MAX_ATTRIBS);
   if (count > PIPE_MAX_ATTRIBS)
      return PIPE_ERROR_BAD_INPUT;
   key.count = count;
   if (count)
      memcpy(key.elems, elems, count * sizeof(elems[0]));
   return set_single(cso, CSO_VERTEX_ELEMENTS, &key,
                     offsetof(struct cso_velems_key, elems) + count * sizeof(elems[0]));
}

enum pipe_error
cso_set_samplers(struct cso_context *cso, enum pipe_shader_type stage, unsigned count,
                 const struct pipe_sampler_state *const *templates)
{
   assert((unsigned)stage < PIPE_SHADER_TYPES && count <= PIPE_MAX_SAMPLERS);
   if ((unsigned)stage >= PIPE_SHADER_TYPES || count > PIPE_MAX_SAMPLERS)
      return PIPE_ERROR_BAD_INPUT;

   struct cso_entry *entries[PIPE_MAX_SAMPLERS];
   for (unsigned i = 0; i < count; i++) {
      entries[i] = NULL;
      if (!templates[i])
         continue;
      /* Nothing is evicted before the end of this call, so the entries
       * found so far stay valid. */
      enum pipe_error err = lookup(cso, CSO_SAMPLER, templates[i], sizeof(*templates[i]),
                                   &entries[i]);
      if (err != PIPE_OK) {
         evict(cso, CSO_SAMPLER);
         return err;
      }
   }
   bind_samplers(cso, stage, count, entries);
   evict(cso, CSO_SAMPLER);
   return PIPE_OK;
}

void
cso_invalidate_bindings(struct cso_context *cso)
{
   cso->unknown_mask = CSO_BITS_ALL;
}

void
cso_save_state(struct cso_context *cso, unsigned mask)
{
   assert(!cso->saved_mask);
   mask &= CSO_BITS_ALL;
   cso->saved_mask = mask;

   for (unsigned i = 0; i < NUM_SINGLE_KINDS; i++) {
      if (!(mask & single_kinds[i].bit))
         continue;
      struct cso_entry *e = cso->bound.single[single_kinds[i].kind];
      cso->saved.single[single_kinds[i].kind] = e;
      if (e)
         e->pins++;
   }
   for (unsigned stage = 0; stage < PIPE_SHADER_TYPES; stage++) {
      if (!(mask & CSO_BIT_SAMPLERS(stage)))
         continue;
      unsigned nr = cso->bound.nr_samplers[stage];
      cso->saved.nr_samplers[stage] = nr;
      for (unsigned i = 0; i < nr; i++) {
         struct cso_entry *e = cso->bound.samplers[stage][i];
         cso->saved.samplers[stage][i] = e;
         if (e)
            e->pins++;
      }
   }
}

void
cso_restore_state(struct cso_context *cso)
{
   unsigned mask = cso->saved_mask;
   for (unsigned i = 0; i < NUM_SINGLE_KINDS; i++) {
      if (!(mask & single_kinds[i].bit))
         continue;
      enum cso_kind kind = single_kinds[i].kind;
      struct cso_entry *e = cso->saved.single[kind];
      bind_single(cso, kind, e);
      if (e)
         e->pins--;
      cso->saved.single[kind] = NULL;
      evict(cso, kind);
   }
   bool samplers = false;
   for (unsigned stage = 0; stage < PIPE_SHADER_TYPES; stage++) {
      if (!(mask & CSO_BIT_SAMPLERS(stage)))
         continue;
      unsigned nr = cso->saved.nr_samplers[stage];
      bind_samplers(cso, stage, nr, cso->saved.samplers[stage]);
      for (unsigned i = 0; i < nr; i++) {
         if (cso->saved.samplers[stage][i])
            cso->saved.samplers[stage][i]->pins--;
         cso->saved.samplers[stage][i] = NULL;
      }
      cso->saved.nr_samplers[stage] = 0;
      samplers = true;
   }
   if (samplers)
      evict(cso, CSO_SAMPLER);
   cso->saved_mask = 0;
}

void
cso_set_cache_size(struct cso_context *cso, enum cso_kind kind, unsigned max)
{
   assert((unsigned)kind < CSO_KIND_COUNT);
   cso->kinds[kind].max = max ? max : 1;
   evict(cso, kind);
}

void
cso_get_stats(const struct cso_context *cso, enum cso_kind kind, struct cso_stats *stats)
{
   const struct cso_kind_cache *k = &cso->kinds[kind];
   stats->hits = k->hits;
   stats->misses = k->misses;
   stats->evictions = k->evictions;
   stats->count = k->count;
   stats->max = k->max;
}

void
cso_report_stats(const struct cso_context *cso)
{
   for (unsigned kind = 0; kind < CSO_KIND_COUNT; kind++) {
      const struct cso_kind_cache *k = &cso->kinds[kind];
      pony_log("cso", "%s: %u objects (max %u), %" PRIu64 " hits, %" PRIu64 " misses, %"
               PRIu64 " evictions", kind_names[kind], k->count, k->max, k->hits, k->misses,
               k->evictions);
   }
}
