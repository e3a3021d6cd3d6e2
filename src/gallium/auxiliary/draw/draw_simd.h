/*
 * 16-lane vectors for draw's SoA paths (GCC/clang vector extensions; each
 * target of U_MULTIVERSION turns the permutes into its own instructions):
 * de-interleaving runs of 2, 3 or 4 values (x0 y0 x1 y1 ..., x0 y0 z0
 * x1 ...) into one vector per component.  The vertex fetch uses them on
 * tightly packed arrays, the triangle list on three consecutive vertices
 * per triangle.
 */
#ifndef DRAW_SIMD_H
#define DRAW_SIMD_H

#include <stdint.h>

typedef float draw_v16f __attribute__((vector_size(64)));
typedef int32_t draw_v16i __attribute__((vector_size(64)));
/* a 16-float load or store through any pointer, at any byte address (a
 * vertex buffer's elements need not be 4-byte aligned) */
typedef float draw_v16f_u __attribute__((vector_size(64), aligned(1), may_alias));

/* out[k][l] = element 2 l + k of (*pa, *pb).  (Vectors by pointer: no
 * 64-byte vector is an argument, whose ABI depends on the target.) */
static inline __attribute__((always_inline)) void
draw_deinterleave2(const draw_v16f_u *pa, const draw_v16f_u *pb, draw_v16f out[2])
{
   draw_v16f a = *pa, b = *pb;
   out[0] = __builtin_shufflevector(a, b, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
   out[1] = __builtin_shufflevector(a, b, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
}

/* out[k][l] = element 3 l + k of (*pa, *pb, *pc) */
static inline __attribute__((always_inline)) void
draw_deinterleave3(const draw_v16f_u *pa, const draw_v16f_u *pb, const draw_v16f_u *pc,
                   draw_v16f out[3])
{
   draw_v16f a = *pa, b = *pb, c = *pc;
   draw_v16f t0 = __builtin_shufflevector(a, b, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, -1, -1, -1, -1, -1);
   out[0] = __builtin_shufflevector(t0, c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 20, 23, 26, 29);
   draw_v16f t1 = __builtin_shufflevector(a, b, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, -1, -1, -1, -1, -1);
   out[1] = __builtin_shufflevector(t1, c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 21, 24, 27, 30);
   draw_v16f t2 = __builtin_shufflevector(a, b, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, -1, -1, -1, -1, -1, -1);
   out[2] = __builtin_shufflevector(t2, c, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19, 22, 25, 28, 31);
}

/* out[k][l] = element 4 l + k of (*pa, *pb, *pc, *pd) */
static inline __attribute__((always_inline)) void
draw_deinterleave4(const draw_v16f_u *pa, const draw_v16f_u *pb, const draw_v16f_u *pc,
                   const draw_v16f_u *pd, draw_v16f out[4])
{
   draw_v16f a = *pa, b = *pb, c = *pc, d = *pd;
   draw_v16f l0 = __builtin_shufflevector(a, b, 0, 4, 8, 12, 16, 20, 24, 28, -1, -1, -1, -1, -1, -1, -1, -1);
   draw_v16f h0 = __builtin_shufflevector(c, d, 0, 4, 8, 12, 16, 20, 24, 28, -1, -1, -1, -1, -1, -1, -1, -1);
   out[0] = __builtin_shufflevector(l0, h0, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
   draw_v16f l1 = __builtin_shufflevector(a, b, 1, 5, 9, 13, 17, 21, 25, 29, -1, -1, -1, -1, -1, -1, -1, -1);
   draw_v16f h1 = __builtin_shufflevector(c, d, 1, 5, 9, 13, 17, 21, 25, 29, -1, -1, -1, -1, -1, -1, -1, -1);
   out[1] = __builtin_shufflevector(l1, h1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
   draw_v16f l2 = __builtin_shufflevector(a, b, 2, 6, 10, 14, 18, 22, 26, 30, -1, -1, -1, -1, -1, -1, -1, -1);
   draw_v16f h2 = __builtin_shufflevector(c, d, 2, 6, 10, 14, 18, 22, 26, 30, -1, -1, -1, -1, -1, -1, -1, -1);
   out[2] = __builtin_shufflevector(l2, h2, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
   draw_v16f l3 = __builtin_shufflevector(a, b, 3, 7, 11, 15, 19, 23, 27, 31, -1, -1, -1, -1, -1, -1, -1, -1);
   draw_v16f h3 = __builtin_shufflevector(c, d, 3, 7, 11, 15, 19, 23, 27, 31, -1, -1, -1, -1, -1, -1, -1, -1);
   out[3] = __builtin_shufflevector(l3, h3, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
}

#endif
