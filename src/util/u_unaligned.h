/*
 * Loads and stores through pointers that may be misaligned.  GL hands us
 * client memory and buffer offsets at any byte address (a pack buffer at
 * offset 1, a pixel map read from an unpack buffer at offset 1): reading a
 * GLushort or GLfloat through such a pointer with a plain dereference is
 * undefined behaviour in C.  These compile to single moves on x86.
 */
#ifndef U_UNALIGNED_H
#define U_UNALIGNED_H

#include <stdint.h>
#include <string.h>

#define U_UNALIGNED_ACCESSORS(suffix, type)                                    \
   static inline type u_load_##suffix(const void *p)                          \
   {                                                                          \
      type v;                                                                 \
      memcpy(&v, p, sizeof v);                                                \
      return v;                                                               \
   }                                                                          \
   static inline void u_store_##suffix(void *p, type v)                       \
   {                                                                          \
      memcpy(p, &v, sizeof v);                                                \
   }

U_UNALIGNED_ACCESSORS(u16, uint16_t)
U_UNALIGNED_ACCESSORS(i16, int16_t)
U_UNALIGNED_ACCESSORS(u32, uint32_t)
U_UNALIGNED_ACCESSORS(i32, int32_t)
U_UNALIGNED_ACCESSORS(f32, float)
U_UNALIGNED_ACCESSORS(f64, double)

#undef U_UNALIGNED_ACCESSORS

#endif
