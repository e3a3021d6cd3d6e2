/*
 * util/u_hash.h and util/u_hash_table.c: published FNV-1a vectors, the
 * fast hash's sensitivity to every bit and to the size, and the table
 * against a plain array model (including forced collisions and clusters
 * that wrap around the end of the slot array).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_hash.h"
#include "util/u_hash_table.h"

static int failures;

#define CHECK(cond, ...)                                                  \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

static void
test_fnv1a(void)
{
   /* Test vectors published with the FNV reference code. */
   CHECK(u_hash_fnv1a("", 0) == 0x811c9dc5u, "empty 0x%08x", u_hash_fnv1a("", 0));
   CHECK(u_hash_fnv1a("a", 1) == 0xe40c292cu, "a 0x%08x", u_hash_fnv1a("a", 1));
   CHECK(u_hash_fnv1a("foobar", 6) == 0xbf9cf968u, "foobar 0x%08x", u_hash_fnv1a("foobar", 6));
   uint32_t h = u_hash_fnv1a_continue(U_HASH_FNV1A_BASIS, "foo", 3);
   CHECK(u_hash_fnv1a_continue(h, "bar", 3) == 0xbf9cf968u, "continued");
}

static unsigned
popcount32(uint32_t x)
{
   unsigned n = 0;
   for (; x; x &= x - 1)
      n++;
   return n;
}

static void
test_fast_hash(void)
{
   uint8_t buf[80];
   for (unsigned i = 0; i < sizeof(buf); i++)
      buf[i] = (uint8_t)(i * 37 + 11);

   /* Deterministic, independent of the address. */
   uint8_t copy[96];
   memcpy(copy + 3, buf, 64);
   CHECK(u_hash_bytes(buf, 64) == u_hash_bytes(copy + 3, 64), "unaligned copy");
   CHECK(u_hash_bytes_seed(buf, 64, 1) != u_hash_bytes(buf, 64), "seed");

   /* Every single-bit flip of a 64-byte key changes the hash, and changes
    * about half of its bits on average (the avalanche). */
   uint32_t base = u_hash_bytes(buf, 64);
   unsigned total_bits = 0, same = 0;
   for (unsigned bit = 0; bit < 64 * 8; bit++) {
      buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      uint32_t h = u_hash_bytes(buf, 64);
      buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      same += h == base;
      total_bits += popcount32(h ^ base);
   }
   CHECK(same == 0, "%u bit flips left the hash unchanged", same);
   double avg = total_bits / 512.0;
   CHECK(avg > 14.0 && avg < 18.0, "average changed bits %.2f", avg);

   /* Keys of zeros of every size from 0 to 80 hash differently: the size
    * is part of the hash, not only the bytes. */
   uint8_t zeros[80] = { 0 };
   uint32_t hz[81];
   for (unsigned n = 0; n <= 80; n++)
      hz[n] = u_hash_bytes(zeros, n);
   unsigned dup = 0;
   for (unsigned a = 0; a <= 80; a++)
      for (unsigned b = a + 1; b <= 80; b++)
         dup += hz[a] == hz[b];
   CHECK(dup == 0, "%u pairs of zero keys of different sizes collide", dup);

   /* The tail (size not a multiple of 8) is hashed: change the last byte. */
   for (unsigned n = 1; n <= 15; n++) {
      uint32_t h0 = u_hash_bytes(buf, n);
      buf[n - 1] ^= 0x80;
      uint32_t h1 = u_hash_bytes(buf, n);
      buf[n - 1] ^= 0x80;
      CHECK(h0 != h1, "last byte of a %u-byte key ignored", n);
   }

   /* 100000 distinct 4-byte keys: a 32-bit hash should give almost no
    * collisions (about 1 expected); the low bits (the table's index) are
    * spread evenly over 1024 buckets. */
   enum { N = 100000, BUCKETS = 1024 };
   uint32_t *hs = malloc(N * sizeof(*hs));
   unsigned *bucket = calloc(BUCKETS, sizeof(*bucket));
   for (uint32_t i = 0; i < N; i++) {
      hs[i] = u_hash_bytes(&i, sizeof(i));
      bucket[hs[i] & (BUCKETS - 1)]++;
   }
   unsigned max_bucket = 0, min_bucket = N;
   for (unsigned i = 0; i < BUCKETS; i++) {
      if (bucket[i] > max_bucket)
         max_bucket = bucket[i];
      if (bucket[i] < min_bucket)
         min_bucket = bucket[i];
   }
   /* Expected ~97.7 per bucket, standard deviation ~9.9. */
   CHECK(max_bucket < 150 && min_bucket > 50, "buckets %u..%u", min_bucket, max_bucket);
   free(bucket);
   free(hs);
}

/* A key of the model: bytes stored in the model itself. */
struct model_entry {
   bool live;
   uint32_t hash;
   uint32_t size;
   uint8_t key[12];
   int value;
};

static uint32_t
lcg(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u;
   return *state >> 8;
}

static void
test_table_basic(void)
{
   struct u_hash_table *ht = u_hash_table_create();
   CHECK(ht != NULL, "create");
   CHECK(u_hash_table_count(ht) == 0, "empty count");

   static int values[2000];
   static uint32_t keys[2000];
   for (unsigned i = 0; i < 2000; i++) {
      keys[i] = i * 7919u;
      values[i] = (int)i;
      CHECK(u_hash_table_insert(ht, u_hash_bytes(&keys[i], 4), &keys[i], 4, &values[i]),
            "insert %u", i);
   }
   CHECK(u_hash_table_count(ht) == 2000, "count %u", u_hash_table_count(ht));
   unsigned found = 0;
   for (unsigned i = 0; i < 2000; i++) {
      uint32_t k = i * 7919u;   /* a different address, equal bytes */
      int *v = u_hash_table_search(ht, u_hash_bytes(&k, 4), &k, 4);
      found += v && *v == (int)i;
   }
   CHECK(found == 2000, "found %u of 2000", found);
   uint32_t missing = 3;
   CHECK(!u_hash_table_search(ht, u_hash_bytes(&missing, 4), &missing, 4), "missing key");

   /* Same hash, same first bytes, different size: different keys. */
   uint8_t ab[3] = { 'a', 'b', 0 };
   static int v2 = 2, v3 = 3, v3b = 33;
   CHECK(u_hash_table_insert(ht, 99, ab, 2, &v2), "ab/2");
   CHECK(u_hash_table_insert(ht, 99, ab, 3, &v3), "ab/3");
   CHECK(u_hash_table_search(ht, 99, ab, 2) == &v2, "ab/2 search");
   CHECK(u_hash_table_search(ht, 99, ab, 3) == &v3, "ab/3 search");
   /* Same bytes and size, different hash: not found (the caller's hash is
    * part of the key). */
   CHECK(u_hash_table_search(ht, 98, ab, 2) == NULL, "hash mismatch");
   /* Replacing keeps the count. */
   unsigned before = u_hash_table_count(ht);
   CHECK(u_hash_table_insert(ht, 99, ab, 3, &v3b), "replace");
   CHECK(u_hash_table_count(ht) == before, "replace count");
   CHECK(u_hash_table_search(ht, 99, ab, 3) == &v3b, "replaced data");
   CHECK(u_hash_table_remove(ht, 99, ab, 3) == &v3b, "remove returns data");
   CHECK(u_hash_table_remove(ht, 99, ab, 3) == NULL, "second remove");
   CHECK(u_hash_table_count(ht) == before - 1, "count after remove");

   u_hash_table_destroy(ht);
   u_hash_table_destroy(NULL);
}

struct count_closure {
   unsigned calls;
   long long sum;
};

static void
count_cb(void *data, void *closure)
{
   struct count_closure *c = closure;
   c->calls++;
   c->sum += *(int *)data;
}

static void
test_table_foreach(void)
{
   struct u_hash_table *ht = u_hash_table_create();
   static int vals[50];
   long long expect = 0;
   for (int i = 0; i < 50; i++) {
      vals[i] = i * 3 + 1;
      expect += vals[i];
      u_hash_table_insert(ht, u_hash_bytes(&vals[i], 4), &vals[i], 4, &vals[i]);
   }
   struct count_closure c = { 0, 0 };
   u_hash_table_foreach(ht, count_cb, &c);
   CHECK(c.calls == 50 && c.sum == expect, "foreach %u calls, sum %lld", c.calls, c.sum);
   u_hash_table_destroy(ht);
}

/*
 * Random inserts, replacements and removals against a model, with hashes
 * drawn from a tiny range so probing clusters are long, collide and wrap
 * around the end of the slot array (the table starts at 16 slots).
 */
static void
test_table_model(uint32_t hash_range, unsigned ops)
{
   enum { KEYS = 300 };
   struct model_entry *m = calloc(KEYS, sizeof(*m));
   struct u_hash_table *ht = u_hash_table_create();
   uint32_t rng = 12345u + hash_range;
   unsigned live = 0, mismatches = 0;

   for (unsigned i = 0; i < KEYS; i++) {
      m[i].size = 1 + i % 12;
      for (unsigned b = 0; b < m[i].size; b++)
         m[i].key[b] = (uint8_t)(i >> (b % 2 ? 8 : 0));
      m[i].key[m[i].size - 1] ^= (uint8_t)(i * 131);
      /* Keys must be distinct by (hash, size, bytes): keep i in the bytes. */
      m[i].key[0] = (uint8_t)i;
      if (m[i].size > 1)
         m[i].key[1] = (uint8_t)(i >> 8);
      m[i].hash = hash_range ? (15u + i % hash_range) : u_hash_bytes(m[i].key, m[i].size);
      m[i].value = (int)i;
   }

   for (unsigned op = 0; op < ops; op++) {
      unsigned i = lcg(&rng) % KEYS;
      unsigned what = lcg(&rng) % 3;
      /* The table keeps the key pointer: point at the model's copy. */
      if (what < 2) {
         if (!u_hash_table_insert(ht, m[i].hash, m[i].key, m[i].size, &m[i].value))
            mismatches++;
         if (!m[i].live)
            live++;
         m[i].live = true;
      } else {
         void *d = u_hash_table_remove(ht, m[i].hash, m[i].key, m[i].size);
         if (d != (m[i].live ? &m[i].value : NULL))
            mismatches++;
         if (m[i].live)
            live--;
         m[i].live = false;
      }
      if (op % 97 == 0 || op == ops - 1) {
         for (unsigned k = 0; k < KEYS; k++) {
            uint8_t probe[12];
            memcpy(probe, m[k].key, m[k].size);
            void *d = u_hash_table_search(ht, m[k].hash, probe, m[k].size);
            if (d != (m[k].live ? &m[k].value : NULL))
               mismatches++;
         }
         if (u_hash_table_count(ht) != live)
            mismatches++;
      }
   }
   CHECK(mismatches == 0, "hash range %u: %u mismatches against the model", hash_range,
         mismatches);
   CHECK(live > 0, "the model kept some entries");

   /* Remove everything that is left. */
   for (unsigned k = 0; k < KEYS; k++) {
      if (m[k].live)
         u_hash_table_remove(ht, m[k].hash, m[k].key, m[k].size);
   }
   CHECK(u_hash_table_count(ht) == 0, "count after removing all: %u", u_hash_table_count(ht));
   u_hash_table_destroy(ht);
   free(m);
}

int
main(void)
{
   test_fnv1a();
   test_fast_hash();
   test_table_basic();
   test_table_foreach();
   test_table_model(0, 20000);   /* real hashes */
   test_table_model(1, 4000);    /* every key collides */
   test_table_model(3, 4000);    /* long clusters starting at slot 15: wrap around */
   test_table_model(40, 8000);
   if (failures) {
      fprintf(stderr, "test_u_hash_table: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_u_hash_table: all checks passed\n");
   return 0;
}
