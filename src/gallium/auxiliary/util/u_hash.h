/*
 * Byte hashes for cache keys (CSO templates, variant keys).
 *
 * u_hash_bytes() reads the key eight bytes at a time and finishes with an
 * avalanche step, so a one-bit change anywhere in the key changes about
 * half of the result's bits.  u_hash_fnv1a() is the classic one-byte-at-a-
 * time FNV-1a (32 bit), kept as a simple reference with published test
 * vectors.  Both depend only on the bytes and the size: keys must be
 * zero-filled (padding included) before they are hashed.
 */
#ifndef U_HASH_H
#define U_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define U_HASH_FNV1A_BASIS 0x811c9dc5u
#define U_HASH_FNV1A_PRIME 0x01000193u

/* FNV-1a over size bytes, continuing from h (start with U_HASH_FNV1A_BASIS). */
static inline uint32_t
u_hash_fnv1a_continue(uint32_t h, const void *data, size_t size)
{
   const uint8_t *p = data;
   for (size_t i = 0; i < size; i++) {
      h ^= p[i];
      h *= U_HASH_FNV1A_PRIME;
   }
   return h;
}

static inline uint32_t
u_hash_fnv1a(const void *data, size_t size)
{
   return u_hash_fnv1a_continue(U_HASH_FNV1A_BASIS, data, size);
}

/* Odd 64-bit constants with well-mixed bits (from the golden ratio and
 * two arbitrary large primes). */
#define U_HASH_K0 0x9e3779b97f4a7c15ull
#define U_HASH_K1 0xc2b2ae3d27d4eb4full
#define U_HASH_K2 0x165667b19e3779f9ull

static inline uint64_t
u_hash_rotl64(uint64_t x, unsigned r)
{
   return (x << r) | (x >> (64 - r));
}

/* Final mix: every input bit affects every output bit. */
static inline uint64_t
u_hash_avalanche64(uint64_t h)
{
   h ^= h >> 33;
   h *= U_HASH_K1;
   h ^= h >> 29;
   h *= U_HASH_K2;
   h ^= h >> 32;
   return h;
}

/* A fast hash of size bytes with a seed (0 is fine). */
static inline uint32_t
u_hash_bytes_seed(const void *data, size_t size, uint64_t seed)
{
   const uint8_t *p = data;
   uint64_t h = seed ^ (U_HASH_K0 * (uint64_t)(size + 1));
   size_t n = size;

   while (n >= 8) {
      uint64_t k;
      memcpy(&k, p, 8);
      k *= U_HASH_K1;
      k = u_hash_rotl64(k, 31);
      k *= U_HASH_K0;
      h ^= k;
      h = u_hash_rotl64(h, 27) * U_HASH_K2 + U_HASH_K0;
      p += 8;
      n -= 8;
   }
   if (n) {
      /* The 1-7 byte tail, zero-extended; the size in the seed tells a
       * short key from a longer one ending in zeros. */
      uint64_t k = 0;
      memcpy(&k, p, n);
      k *= U_HASH_K2;
      k = u_hash_rotl64(k, 29);
      k *= U_HASH_K1;
      h ^= k;
      h = u_hash_rotl64(h, 23) * U_HASH_K0 + U_HASH_K1;
   }
   h = u_hash_avalanche64(h);
   return (uint32_t)(h ^ (h >> 32));
}

static inline uint32_t
u_hash_bytes(const void *data, size_t size)
{
   return u_hash_bytes_seed(data, size, 0);
}

#endif
