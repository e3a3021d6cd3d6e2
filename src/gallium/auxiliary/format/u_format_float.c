/*
 * Floating-point encodings used by formats: IEEE half, the unsigned
 * 11- and 10-bit floats of R11G11B10_FLOAT, the shared-exponent
 * R9G9B9E5_FLOAT, and the sRGB transfer functions.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"

static uint32_t
float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof u);
   return u;
}

static float
bits_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof f);
   return f;
}

float
util_half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h >> 15) << 31;
   uint32_t exp = (h >> 10) & 0x1f;
   uint32_t mant = h & 0x3ff;

   if (exp == 0x1f)   /* inf / nan */
      return bits_float(sign | 0x7f800000u | (mant << 13));
   if (exp == 0) {
      /* zero or denormal: mant * 2^-24 */
      float v = (float)mant * (1.0f / 16777216.0f);
      return sign ? -v : v;
   }
   return bits_float(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t
util_float_to_half(float f)
{
   uint32_t u = float_bits(f);
   uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
   uint32_t abs = u & 0x7fffffffu;

   if (abs > 0x7f800000u) {
      /* nan: the top 10 bits of its payload (a half nan read as float and
       * written back keeps its bits: texture views reinterpret R16UI data
       * as R16F), quiet if those are all 0 */
      uint16_t payload = (uint16_t)((abs >> 13) & 0x3ff);
      return sign | 0x7c00 | (payload ? payload : 0x200);
   }
   if (abs == 0x7f800000u)   /* inf */
      return sign | 0x7c00;
   if (abs >= 0x477ff000u)   /* rounds to 65520 or above: overflow to inf */
      return sign | 0x7c00;
   if (abs < 0x38800000u) {
      /* half denormal or zero: round(|f| * 2^24) to nearest even */
      float v = bits_float(abs) * 16777216.0f;
      return sign | (uint16_t)lrintf(v);
   }
   /* normal: rebias the exponent, round the mantissa to nearest even */
   uint32_t exp = (abs >> 23) - 112;
   uint32_t mant = abs & 0x7fffff;
   uint32_t h = (exp << 10) | (mant >> 13);
   uint32_t rest = mant & 0x1fff;
   if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
      h++;   /* may carry into the exponent, which is right */
   return sign | (uint16_t)h;
}

float
util_format_small_float_to_float(uint32_t bits, unsigned mant_bits)
{
   uint32_t exp = bits >> mant_bits;
   uint32_t mant = bits & ((1u << mant_bits) - 1);
   float scale = (float)(1u << mant_bits);

   if (exp == 0x1f)
      return mant ? NAN : INFINITY;
   if (exp == 0)
      return ldexpf((float)mant / scale, -14);
   return ldexpf(1.0f + (float)mant / scale, (int)exp - 15);
}

uint32_t
util_format_float_to_small_float(float f, unsigned mant_bits)
{
   const uint32_t mant_max = (1u << mant_bits) - 1;
   const uint32_t inf = 0x1fu << mant_bits;

   if (isnan(f))
      return inf | 1;
   if (!(f > 0.0f))   /* negative, -0, +0: no sign bit, so 0 */
      return 0;
   if (isinf(f))
      return inf;

   int e;
   frexpf(f, &e);
   int biased = e - 1 + 15;
   if (biased <= 0) {
      /* denormal: f / 2^-14 in units of 2^-mant_bits; a carry into the
       * exponent field gives the smallest normal, which is right */
      return (uint32_t)lrintf(ldexpf(f, 14 + (int)mant_bits));
   }
   uint32_t mant = (uint32_t)lrintf(ldexpf(f, -(e - 1) + (int)mant_bits)) - (1u << mant_bits);
   if (mant > mant_max) {
      mant = 0;
      biased++;
   }
   if (biased >= 0x1f)   /* too big: the largest finite value */
      return (0x1eu << mant_bits) | mant_max;
   return ((uint32_t)biased << mant_bits) | mant;
}

/* EXT_texture_shared_exponent: N = 9 mantissa bits, B = 15, Emax = 31. */
#define RGB9E5_N 9
#define RGB9E5_B 15
#define RGB9E5_MAX 65408.0f   /* (2^9 - 1) / 2^9 * 2^(31 - 15) */

void
util_format_rgb9e5_to_float(uint32_t word, float rgb[3])
{
   int exp = (int)(word >> 27) - RGB9E5_B - RGB9E5_N;
   for (unsigned i = 0; i < 3; i++)
      rgb[i] = ldexpf((float)((word >> (9 * i)) & 0x1ff), exp);
}

uint32_t
util_format_float_to_rgb9e5(const float rgb[3])
{
   float c[3];
   float maxc = 0.0f;
   for (unsigned i = 0; i < 3; i++) {
      float v = rgb[i];
      if (!(v > 0.0f))   /* negative and nan */
         v = 0.0f;
      if (v > RGB9E5_MAX)
         v = RGB9E5_MAX;
      c[i] = v;
      if (v > maxc)
         maxc = v;
   }

   int exp_p;
   if (maxc == 0.0f) {
      exp_p = -RGB9E5_B - 1;
   } else {
      int e;
      frexpf(maxc, &e);   /* maxc = m * 2^e, m in [0.5, 1): floor(log2) = e - 1 */
      exp_p = e - 1 < -RGB9E5_B - 1 ? -RGB9E5_B - 1 : e - 1;
   }
   int exp_shared = exp_p + 1 + RGB9E5_B;
   double maxs = floor(ldexp(maxc, -(exp_shared - RGB9E5_B - RGB9E5_N)) + 0.5);
   if (maxs >= (double)(1 << RGB9E5_N))
      exp_shared++;

   uint32_t word = (uint32_t)exp_shared << 27;
   for (unsigned i = 0; i < 3; i++) {
      uint32_t m = (uint32_t)floor(ldexp(c[i], -(exp_shared - RGB9E5_B - RGB9E5_N)) + 0.5);
      if (m > 0x1ff)
         m = 0x1ff;
      word |= m << (9 * i);
   }
   return word;
}

float
util_format_srgb_to_linear_float(float c)
{
   if (!(c > 0.0f))
      return 0.0f;
   if (c >= 1.0f)
      return 1.0f;
   if (c <= 0.04045f)
      return c / 12.92f;
   return powf((c + 0.055f) / 1.055f, 2.4f);
}

float
util_format_linear_to_srgb_float(float l)
{
   if (!(l > 0.0f))
      return 0.0f;
   if (l >= 1.0f)
      return 1.0f;
   if (l < 0.0031308f)
      return 12.92f * l;
   return 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
}
