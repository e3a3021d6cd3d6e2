/*
 * Byte-keyed hash table (linear probing, backward-shift removal).
 */
#include "util/u_hash_table.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct u_hash_entry {
   const void *key;        /* NULL: empty slot */
   void *data;
   uint32_t hash;
   uint32_t size;
};

struct u_hash_table {
   struct u_hash_entry *slots;
   unsigned capacity;      /* a power of two */
   unsigned count;
};

#define U_HASH_TABLE_MIN_CAPACITY 16

struct u_hash_table *
u_hash_table_create(void)
{
   struct u_hash_table *ht = calloc(1, sizeof(*ht));
   if (!ht)
      return NULL;
   ht->slots = calloc(U_HASH_TABLE_MIN_CAPACITY, sizeof(*ht->slots));
   if (!ht->slots) {
      free(ht);
      return NULL;
   }
   ht->capacity = U_HASH_TABLE_MIN_CAPACITY;
   return ht;
}

void
u_hash_table_destroy(struct u_hash_table *ht)
{
   if (!ht)
      return;
   free(ht->slots);
   free(ht);
}

static bool
entry_matches(const struct u_hash_entry *e, uint32_t hash, const void *key, size_t size)
{
   return e->hash == hash && e->size == size && (size == 0 || !memcmp(e->key, key, size));
}

/* The slot holding the key, or the empty slot where it would go. */
static unsigned
find_slot(const struct u_hash_table *ht, uint32_t hash, const void *key, size_t size)
{
   unsigned mask = ht->capacity - 1;
   unsigned i = hash & mask;
   while (ht->slots[i].key && !entry_matches(&ht->slots[i], hash, key, size))
      i = (i + 1) & mask;
   return i;
}

void *
u_hash_table_search(const struct u_hash_table *ht, uint32_t hash, const void *key, size_t size)
{
   const struct u_hash_entry *e = &ht->slots[find_slot(ht, hash, key, size)];
   return e->key ? e->data : NULL;
}

static bool
grow(struct u_hash_table *ht)
{
   unsigned capacity = ht->capacity * 2;
   struct u_hash_entry *slots = calloc(capacity, sizeof(*slots));
   if (!slots)
      return false;
   for (unsigned i = 0; i < ht->capacity; i++) {
      const struct u_hash_entry *e = &ht->slots[i];
      if (!e->key)
         continue;
      unsigned j = e->hash & (capacity - 1);
      while (slots[j].key)
         j = (j + 1) & (capacity - 1);
      slots[j] = *e;
   }
   free(ht->slots);
   ht->slots = slots;
   ht->capacity = capacity;
   return true;
}

bool
u_hash_table_insert(struct u_hash_table *ht, uint32_t hash, const void *key, size_t size,
                    void *data)
{
   assert(key && data);
   if (size > UINT32_MAX)
      return false;
   unsigned i = find_slot(ht, hash, key, size);
   if (!ht->slots[i].key) {
      /* A new entry: keep the load at or under 3/4. */
      if ((ht->count + 1) * 4 > ht->capacity * 3) {
         if (!grow(ht))
            return false;
         i = find_slot(ht, hash, key, size);
      }
      ht->count++;
   }
   ht->slots[i].key = key;
   ht->slots[i].data = data;
   ht->slots[i].hash = hash;
   ht->slots[i].size = (uint32_t)size;
   return true;
}

void *
u_hash_table_remove(struct u_hash_table *ht, uint32_t hash, const void *key, size_t size)
{
   unsigned mask = ht->capacity - 1;
   unsigned i = find_slot(ht, hash, key, size);
   if (!ht->slots[i].key)
      return NULL;
   void *data = ht->slots[i].data;

   /* Backward shift: move each later entry of the cluster into the hole
    * unless its home slot lies (cyclically) after the hole. */
   unsigned hole = i;
   unsigned j = i;
   for (;;) {
      j = (j + 1) & mask;
      if (!ht->slots[j].key)
         break;
      unsigned home = ht->slots[j].hash & mask;
      /* The entry at j may move to hole if home is not in (hole, j]. */
      bool home_in_range = hole <= j ? (home > hole && home <= j)
                                     : (home > hole || home <= j);
      if (!home_in_range) {
         ht->slots[hole] = ht->slots[j];
         hole = j;
      }
   }
   memset(&ht->slots[hole], 0, sizeof(ht->slots[hole]));
   ht->count--;
   return data;
}

unsigned
u_hash_table_count(const struct u_hash_table *ht)
{
   return ht->count;
}

void
u_hash_table_foreach(const struct u_hash_table *ht, void (*cb)(void *data, void *closure),
                     void *closure)
{
   for (unsigned i = 0; i < ht->capacity; i++) {
      if (ht->slots[i].key)
         cb(ht->slots[i].data, closure);
   }
}
