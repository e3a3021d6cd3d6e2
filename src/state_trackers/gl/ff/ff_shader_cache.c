/*
 * The fixed-function shader cache: a chained hash table over a fixed array
 * of entries, FNV-1a over the key bytes, LRU eviction by a use counter.
 */
#include "ff_shader_cache.h"
#include "ff_gen.h"

#include <stdlib.h>
#include <string.h>

#define FF_KEY_MAX_SIZE \
   (sizeof(struct ff_vs_key) > sizeof(struct ff_fs_key) ? sizeof(struct ff_vs_key) \
                                                         : sizeof(struct ff_fs_key))

struct ff_cache_entry {
   struct ff_cached_shader pub;
   bool used;
   uint8_t stage;                 /* 0 vertex, 1 fragment */
   uint32_t hash;
   uint64_t last_use;
   int next;                      /* bucket chain, -1 ends */
   uint8_t key[FF_KEY_MAX_SIZE];
};

struct ff_shader_cache {
   unsigned max_entries, num_entries;
   unsigned num_buckets;          /* power of two */
   int *buckets;
   struct ff_cache_entry *entries;
   int last[2];                   /* most recently returned entry per stage */
   uint64_t clock;
   ff_shader_release_cb release;
   void *priv;
   struct ff_shader_cache_stats stats;
};

static uint32_t
hash_bytes(unsigned stage, const void *data, size_t size)
{
   const uint8_t *p = data;
   uint32_t h = 2166136261u ^ stage;
   for (size_t i = 0; i < size; i++) {
      h ^= p[i];
      h *= 16777619u;
   }
   return h;
}

struct ff_shader_cache *
ff_shader_cache_create(unsigned max_entries, ff_shader_release_cb release, void *priv)
{
   struct ff_shader_cache *c = calloc(1, sizeof *c);
   if (!c)
      return NULL;
   if (!max_entries)
      max_entries = 256;
   if (max_entries < 2)
      max_entries = 2;
   c->max_entries = max_entries;
   c->num_buckets = 16;
   while (c->num_buckets < 2 * max_entries)
      c->num_buckets *= 2;
   c->buckets = malloc(c->num_buckets * sizeof(int));
   c->entries = calloc(max_entries, sizeof(struct ff_cache_entry));
   if (!c->buckets || !c->entries) {
      free(c->buckets);
      free(c->entries);
      free(c);
      return NULL;
   }
   for (unsigned i = 0; i < c->num_buckets; i++)
      c->buckets[i] = -1;
   c->last[0] = c->last[1] = -1;
   c->release = release;
   c->priv = priv;
   return c;
}

static void
release_entry(struct ff_shader_cache *c, struct ff_cache_entry *e)
{
   if (c->release)
      c->release(c->priv, &e->pub);
   ir_shader_destroy((struct ir_shader *)e->pub.ir);
   e->pub.ir = NULL;
   e->pub.driver_data = NULL;
   e->used = false;
}

void
ff_shader_cache_destroy(struct ff_shader_cache *c)
{
   if (!c)
      return;
   for (unsigned i = 0; i < c->max_entries; i++) {
      if (c->entries[i].used)
         release_entry(c, &c->entries[i]);
   }
   free(c->buckets);
   free(c->entries);
   free(c);
}

static void
unlink_entry(struct ff_shader_cache *c, int idx)
{
   struct ff_cache_entry *e = &c->entries[idx];
   int *link = &c->buckets[e->hash & (c->num_buckets - 1)];
   while (*link != -1) {
      if (*link == idx) {
         *link = e->next;
         return;
      }
      link = &c->entries[*link].next;
   }
}

/* A free slot, evicting the least recently used unpinned entry if full. */
static int
alloc_entry(struct ff_shader_cache *c)
{
   int victim = -1;
   for (unsigned i = 0; i < c->max_entries; i++) {
      if (!c->entries[i].used)
         return (int)i;
   }
   for (unsigned i = 0; i < c->max_entries; i++) {
      if ((int)i == c->last[0] || (int)i == c->last[1])
         continue;
      if (victim < 0 || c->entries[i].last_use < c->entries[victim].last_use)
         victim = (int)i;
   }
   unlink_entry(c, victim);
   release_entry(c, &c->entries[victim]);
   c->num_entries--;
   c->stats.evictions++;
   return victim;
}

static struct ff_cached_shader *
cache_get(struct ff_shader_cache *c, unsigned stage, const void *key, size_t size)
{
   /* Draws without state changes ask for the same key again and again: the
    * entry returned last for the stage first, without hashing the key.
    * Keys are unique per stage, so a match is the entry the lookup below
    * would find; the same bookkeeping as its hit. */
   int last = c->last[stage];
   if (last >= 0) {
      struct ff_cache_entry *e = &c->entries[last];
      if (e->used && e->stage == stage && !memcmp(e->key, key, size)) {
         c->stats.hits++;
         e->last_use = ++c->clock;
         return &e->pub;
      }
   }

   uint32_t h = hash_bytes(stage, key, size);
   int *bucket = &c->buckets[h & (c->num_buckets - 1)];

   for (int i = *bucket; i != -1; i = c->entries[i].next) {
      struct ff_cache_entry *e = &c->entries[i];
      if (e->hash == h && e->stage == stage && !memcmp(e->key, key, size)) {
         c->stats.hits++;
         e->last_use = ++c->clock;
         c->last[stage] = i;
         return &e->pub;
      }
   }

   c->stats.misses++;
   int idx = alloc_entry(c);
   struct ff_cache_entry *e = &c->entries[idx];
   memset(e, 0, sizeof *e);
   e->used = true;
   e->stage = (uint8_t)stage;
   e->hash = h;
   memcpy(e->key, key, size);
   e->pub.ir = stage ? ff_fs_generate(key) : ff_vs_generate(key);
   e->last_use = ++c->clock;
   e->next = *bucket;
   *bucket = idx;
   c->num_entries++;
   c->last[stage] = idx;
   return &e->pub;
}

struct ff_cached_shader *
ff_shader_cache_get_vs(struct ff_shader_cache *cache, const struct ff_vs_key *key)
{
   return cache_get(cache, 0, key, sizeof *key);
}

struct ff_cached_shader *
ff_shader_cache_get_fs(struct ff_shader_cache *cache, const struct ff_fs_key *key)
{
   return cache_get(cache, 1, key, sizeof *key);
}

void
ff_shader_cache_get_stats(const struct ff_shader_cache *cache, struct ff_shader_cache_stats *stats)
{
   *stats = cache->stats;
   stats->entries = cache->num_entries;
}
