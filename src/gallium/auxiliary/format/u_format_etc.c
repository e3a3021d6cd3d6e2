/*
 * ETC2 and EAC block decoding (OpenGL ES 3.0, annex C.1: the RGB8, sRGB8,
 * punch-through alpha, RGBA8 formats and the 11-bit R / RG ones, unsigned
 * and signed).  Decode only: the blocks are sampled as uploaded.
 *
 * The 64-bit halves of a block are big-endian: bit 63 is the top bit of
 * the first byte.  Texel (x, y) of the 4x4 block is number x * 4 + y in
 * the index fields (columns first).
 */
#include <stdint.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"

static uint64_t
load_be64(const uint8_t *b)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8; i++)
      v = (v << 8) | b[i];
   return v;
}

static unsigned
field(uint64_t v, unsigned hi, unsigned lo)
{
   return (unsigned)((v >> lo) & ((1u << (hi - lo + 1)) - 1));
}

static int
clamp255(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

static int
ext4(unsigned v)
{
   return (int)((v << 4) | v);
}

static int
ext5(unsigned v)
{
   return (int)((v << 3) | (v >> 2));
}

static int
ext6(unsigned v)
{
   return (int)((v << 2) | (v >> 4));
}

static int
ext7(unsigned v)
{
   return (int)((v << 1) | (v >> 6));
}

/* The two magnitudes of each of the eight intensity-modifier tables of the
 * individual and differential modes. */
static const int etc_modifiers[8][2] = {
   { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 },
   { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};

/* The distances of the T and H modes. */
static const int etc_distances[8] = { 3, 6, 11, 16, 23, 32, 41, 64 };

/* The 16 modifier tables of the EAC channel blocks (alpha of RGBA8 and the
 * 11-bit R and RG formats). */
static const int eac_modifiers[16][8] = {
   { -3, -6, -9, -15, 2, 5, 8, 14 },
   { -3, -7, -10, -13, 2, 6, 9, 12 },
   { -2, -5, -8, -13, 1, 4, 7, 12 },
   { -2, -4, -6, -13, 1, 3, 5, 12 },
   { -3, -6, -8, -12, 2, 5, 7, 11 },
   { -3, -7, -9, -11, 2, 6, 8, 10 },
   { -4, -7, -8, -11, 3, 6, 7, 10 },
   { -3, -5, -8, -11, 2, 4, 7, 10 },
   { -2, -6, -8, -10, 1, 5, 7, 9 },
   { -2, -5, -8, -10, 1, 4, 7, 9 },
   { -2, -4, -8, -10, 1, 3, 7, 9 },
   { -2, -5, -7, -10, 1, 4, 6, 9 },
   { -3, -4, -7, -10, 2, 3, 6, 9 },
   { -1, -2, -3, -10, 0, 1, 2, 9 },
   { -4, -6, -8, -9, 3, 5, 7, 8 },
   { -3, -5, -7, -9, 2, 4, 6, 8 },
};

/*
 * The ETC2 colour block (8 bytes) to 16 texels of 8-bit RGBA (row-major).
 * punch: the RGB8_PUNCHTHROUGH_ALPHA1 variant, where bit 33 is the
 * "opaque" flag instead of the "diff" flag (the individual mode does not
 * exist) and, with opaque 0, texel index 2 is transparent black and index
 * 0 of the differential mode adds nothing.
 */
/* T and H modes: texel (x, y) takes paint colour (msb bit, lsb bit) of
 * pixel index x * 4 + y; with punch-through alpha index 2 is transparent
 * black */
static void
write_paint(uint8_t out[16][4], const int paint[4][3], uint64_t msb, uint64_t lsb, bool opaque)
{
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         unsigned i = x * 4 + y, t = y * 4 + x;
         unsigned idx = (unsigned)((((msb >> i) & 1) << 1) | ((lsb >> i) & 1));
         for (unsigned c = 0; c < 3; c++)
            out[t][c] = (uint8_t)paint[idx][c];
         if (!opaque && idx == 2)
            out[t][0] = out[t][1] = out[t][2] = out[t][3] = 0;
      }
   }
}

static void
decode_etc2_rgb(const uint8_t *b, bool punch, uint8_t out[16][4])
{
   uint64_t v = load_be64(b);
   bool diff = punch || field(v, 33, 33);
   bool opaque = !punch || field(v, 33, 33);
   bool flip = field(v, 32, 32);
   unsigned lsb = field(v, 15, 0), msb = field(v, 31, 16);
   int base[2][3];

   for (unsigned t = 0; t < 16; t++)
      out[t][3] = 255;

   if (!diff) {
      /* individual: two 4-bit colours */
      for (unsigned c = 0; c < 3; c++) {
         base[0][c] = ext4(field(v, 63 - 8 * c, 60 - 8 * c));
         base[1][c] = ext4(field(v, 59 - 8 * c, 56 - 8 * c));
      }
   } else {
      int b5[3], d3[3];
      for (unsigned c = 0; c < 3; c++) {
         b5[c] = (int)field(v, 63 - 8 * c, 59 - 8 * c);
         d3[c] = (int)field(v, 58 - 8 * c, 56 - 8 * c);
         if (d3[c] >= 4)
            d3[c] -= 8;
      }
      if (b5[0] + d3[0] < 0 || b5[0] + d3[0] > 31) {
         /* T mode: base 1 and base 2 of 4 bits; paint colours base 1,
          * base 2 + d, base 2, base 2 - d */
         int c1[3], c2[3], d = etc_distances[(field(v, 35, 34) << 1) | field(v, 32, 32)];
         int paint[4][3];
         c1[0] = ext4((field(v, 60, 59) << 2) | field(v, 57, 56));
         c1[1] = ext4(field(v, 55, 52));
         c1[2] = ext4(field(v, 51, 48));
         c2[0] = ext4(field(v, 47, 44));
         c2[1] = ext4(field(v, 43, 40));
         c2[2] = ext4(field(v, 39, 36));
         for (unsigned c = 0; c < 3; c++) {
            paint[0][c] = c1[c];
            paint[1][c] = clamp255(c2[c] + d);
            paint[2][c] = c2[c];
            paint[3][c] = clamp255(c2[c] - d);
         }
         write_paint(out, paint, msb, lsb, opaque);
         return;
      }
      if (b5[1] + d3[1] < 0 || b5[1] + d3[1] > 31) {
         /* H mode: paint colours base 1 +- d, base 2 +- d; the distance
          * index's low bit says which base colour is the larger */
         unsigned r1 = field(v, 62, 59), g1 = (field(v, 58, 56) << 1) | field(v, 52, 52);
         unsigned b1 = (field(v, 51, 51) << 3) | field(v, 49, 47);
         unsigned r2 = field(v, 46, 43), g2 = field(v, 42, 39), b2 = field(v, 38, 35);
         unsigned w1 = (r1 << 8) | (g1 << 4) | b1, w2 = (r2 << 8) | (g2 << 4) | b2;
         int d = etc_distances[(field(v, 34, 34) << 2) | (field(v, 32, 32) << 1) |
                               (w1 >= w2 ? 1u : 0u)];
         int c1[3] = { ext4(r1), ext4(g1), ext4(b1) };
         int c2[3] = { ext4(r2), ext4(g2), ext4(b2) };
         int paint[4][3];
         for (unsigned c = 0; c < 3; c++) {
            paint[0][c] = clamp255(c1[c] + d);
            paint[1][c] = clamp255(c1[c] - d);
            paint[2][c] = clamp255(c2[c] + d);
            paint[3][c] = clamp255(c2[c] - d);
         }
         write_paint(out, paint, msb, lsb, opaque);
         return;
      }
      if (b5[2] + d3[2] < 0 || b5[2] + d3[2] > 31) {
         /* planar: origin O, horizontal H and vertical V colours (6, 7, 6
          * bits); colour (x, y) = (x (H - O) + y (V - O) + 4 O + 2) >> 2.
          * Always opaque. */
         int o[3], h[3], w[3];
         o[0] = ext6(field(v, 62, 57));
         o[1] = ext7((field(v, 56, 56) << 6) | field(v, 54, 49));
         o[2] = ext6((field(v, 48, 48) << 5) | (field(v, 44, 43) << 3) | field(v, 41, 39));
         h[0] = ext6((field(v, 38, 34) << 1) | field(v, 32, 32));
         h[1] = ext7(field(v, 31, 25));
         h[2] = ext6(field(v, 24, 19));
         w[0] = ext6(field(v, 18, 13));
         w[1] = ext7(field(v, 12, 6));
         w[2] = ext6(field(v, 5, 0));
         for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
               for (unsigned c = 0; c < 3; c++)
                  out[y * 4 + x][c] = (uint8_t)clamp255(
                     (x * (h[c] - o[c]) + y * (w[c] - o[c]) + 4 * o[c] + 2) >> 2);
            }
         }
         return;
      }
      for (unsigned c = 0; c < 3; c++) {
         base[0][c] = ext5((unsigned)b5[c]);
         base[1][c] = ext5((unsigned)(b5[c] + d3[c]));
      }
   }

   /* individual and differential: two sub-blocks (2x4 side by side, or
    * 4x2 one above the other when flipped), each a base colour plus one
    * modifier of its table for every texel */
   unsigned table[2] = { field(v, 39, 37), field(v, 36, 34) };
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         unsigned i = x * 4 + y, t = y * 4 + x;
         unsigned sub = flip ? (y >= 2) : (x >= 2);
         unsigned idx = (((msb >> i) & 1) << 1) | ((lsb >> i) & 1);
         const int *m = etc_modifiers[table[sub]];
         int mod;
         if (!opaque && idx == 2) {
            out[t][0] = out[t][1] = out[t][2] = out[t][3] = 0;
            continue;
         }
         switch (idx) {
         case 0: mod = opaque ? m[0] : 0; break;
         case 1: mod = m[1]; break;
         case 2: mod = -m[0]; break;
         default: mod = -m[1]; break;
         }
         for (unsigned c = 0; c < 3; c++)
            out[t][c] = (uint8_t)clamp255(base[sub][c] + mod);
      }
   }
}

/* An EAC channel block (8 bytes): base codeword, multiplier, table and
 * 3-bit indices.  bits 8: the 8-bit alpha of RGBA8_ETC2_EAC (0-255);
 * otherwise the 11-bit values of R11 / RG11 (unsigned 0-2047, signed
 * -1023-1023).  Row-major texels. */
static void
decode_eac(const uint8_t *b, bool eight, bool is_signed, int out[16])
{
   uint64_t v = load_be64(b);
   int base = is_signed ? (int)(int8_t)b[0] : (int)b[0];
   int mul = (int)field(v, 55, 52);
   const int *m = eac_modifiers[field(v, 51, 48)];

   if (is_signed && base == -128)
      base = -127;
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++) {
         unsigned i = x * 4 + y, t = y * 4 + x;
         int mod = m[field(v, 47 - 3 * i, 45 - 3 * i)];
         int val;
         if (eight) {
            val = clamp255(base + mod * mul);
         } else if (is_signed) {
            val = base * 8 + (mul ? mod * mul * 8 : mod);
            val = val < -1023 ? -1023 : val > 1023 ? 1023 : val;
         } else {
            val = base * 8 + 4 + (mul ? mod * mul * 8 : mod);
            val = val < 0 ? 0 : val > 2047 ? 2047 : val;
         }
         out[t] = val;
      }
   }
}

void
util_format_etc_decode_block(enum pipe_format format, const uint8_t *block, float rgba[64])
{
   uint8_t px[16][4];
   int ch[2][16];
   bool srgb = false;

   switch (format) {
   case PIPE_FORMAT_ETC2_SRGB8:
      srgb = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RGB8:
      decode_etc2_rgb(block, false, px);
      break;
   case PIPE_FORMAT_ETC2_SRGB8A1:
      srgb = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RGB8A1:
      decode_etc2_rgb(block, true, px);
      break;
   case PIPE_FORMAT_ETC2_SRGBA8:
      srgb = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RGBA8:
      decode_etc2_rgb(block + 8, false, px);
      decode_eac(block, true, false, ch[0]);
      for (unsigned t = 0; t < 16; t++)
         px[t][3] = (uint8_t)ch[0][t];
      break;
   case PIPE_FORMAT_ETC2_R11_UNORM:
   case PIPE_FORMAT_ETC2_R11_SNORM:
   case PIPE_FORMAT_ETC2_RG11_UNORM:
   case PIPE_FORMAT_ETC2_RG11_SNORM: {
      bool sgn = format == PIPE_FORMAT_ETC2_R11_SNORM || format == PIPE_FORMAT_ETC2_RG11_SNORM;
      bool two = format == PIPE_FORMAT_ETC2_RG11_UNORM || format == PIPE_FORMAT_ETC2_RG11_SNORM;
      float scale = sgn ? 1023.0f : 2047.0f;
      decode_eac(block, false, sgn, ch[0]);
      if (two)
         decode_eac(block + 8, false, sgn, ch[1]);
      for (unsigned t = 0; t < 16; t++) {
         rgba[t * 4 + 0] = (float)ch[0][t] / scale;
         rgba[t * 4 + 1] = two ? (float)ch[1][t] / scale : 0.0f;
         rgba[t * 4 + 2] = 0.0f;
         rgba[t * 4 + 3] = 1.0f;
      }
      return;
   }
   default:
      for (unsigned t = 0; t < 16; t++) {
         rgba[t * 4 + 0] = rgba[t * 4 + 1] = rgba[t * 4 + 2] = 0.0f;
         rgba[t * 4 + 3] = 1.0f;
      }
      return;
   }
   for (unsigned t = 0; t < 16; t++) {
      for (unsigned c = 0; c < 4; c++) {
         float f = (float)px[t][c] / 255.0f;
         rgba[t * 4 + c] = srgb && c < 3 ? util_format_srgb_to_linear_float(f) : f;
      }
   }
}
