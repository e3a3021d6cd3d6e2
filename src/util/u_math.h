/*
 * Checked integer arithmetic and clamps for bounds computed from GL
 * arguments.  GL hands us GLint/GLsizei values anywhere in their range
 * (INT_MIN, INT_MAX): a bounds check written in plain int arithmetic can
 * overflow, which is undefined behaviour in C and makes the check itself
 * untrustworthy.  Use these helpers, or do the arithmetic in int64_t,
 * wherever an argument takes part in a sum or product.
 *
 * The *_ovf() functions store the wrapped result and return true when the
 * exact result does not fit the type (GCC and clang builtins).
 */
#ifndef U_MATH_H
#define U_MATH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

static inline bool
u_add_ovf_int(int a, int b, int *r)
{
   return __builtin_add_overflow(a, b, r);
}

static inline bool
u_sub_ovf_int(int a, int b, int *r)
{
   return __builtin_sub_overflow(a, b, r);
}

static inline bool
u_mul_ovf_int(int a, int b, int *r)
{
   return __builtin_mul_overflow(a, b, r);
}

static inline bool
u_add_ovf_size(size_t a, size_t b, size_t *r)
{
   return __builtin_add_overflow(a, b, r);
}

static inline bool
u_mul_ovf_size(size_t a, size_t b, size_t *r)
{
   return __builtin_mul_overflow(a, b, r);
}

/* a * b * c in size_t; true on overflow. */
static inline bool
u_mul3_ovf_size(size_t a, size_t b, size_t c, size_t *r)
{
   size_t ab;
   return __builtin_mul_overflow(a, b, &ab) || __builtin_mul_overflow(ab, c, r);
}

/* Clamps a 64-bit value into [lo, hi]. */
static inline int64_t
u_clamp_i64(int64_t v, int64_t lo, int64_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* A 64-bit value saturated to the int range. */
static inline int
u_sat_int(int64_t v)
{
   return (int)u_clamp_i64(v, INT_MIN, INT_MAX);
}

/* -v without overflow: -INT_MIN saturates to INT_MAX. */
static inline int32_t
u_neg_sat_i32(int32_t v)
{
   return v == INT32_MIN ? INT32_MAX : -v;
}

/*
 * Is [offset, offset + length) inside [0, size)?  Every operand is taken as
 * a signed 64-bit value, so GL ints of any value (negative offsets, INT_MAX
 * widths) give the right answer without overflow.  An empty range is inside
 * when 0 <= offset <= size.
 */
static inline bool
u_range_inside(int64_t offset, int64_t length, int64_t size)
{
   return offset >= 0 && length >= 0 && offset <= size && length <= size - offset;
}

/*
 * Intersects [*x0, *x1) with [lo, hi) in 64-bit arithmetic; returns false
 * (and leaves an empty range) when nothing remains.
 */
static inline bool
u_clip_span(int64_t *x0, int64_t *x1, int64_t lo, int64_t hi)
{
   if (*x0 < lo)
      *x0 = lo;
   if (*x1 > hi)
      *x1 = hi;
   if (*x1 <= *x0) {
      *x1 = *x0;
      return false;
   }
   return true;
}

#endif
