/*
 * ETC2 / EAC block decoding (u_format_etc.c) against texels computed by
 * hand from OpenGL ES 3.0's annex C.1: one block of each colour mode
 * (individual, differential, T, H, planar), the punch-through variants
 * (opaque and transparent texels), sRGB, the EAC alpha of RGBA8 and the
 * 11-bit R / RG blocks (unsigned, signed, multiplier 0, clamping).
 *
 * The comments give the fields each block was assembled from and the
 * arithmetic of each expected texel.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "format/u_format.h"

static int failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         failures++;                                                   \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
         fprintf(stderr, __VA_ARGS__);                                 \
         fprintf(stderr, "\n");                                        \
      }                                                                \
   } while (0)

/* The 4x4 texels of one block, row-major. */
static float px[16][4];

static void
decode(enum pipe_format f, const uint8_t *block)
{
   util_format_unpack_rect_rgba_float(f, &px[0][0], 4 * 4 * sizeof(float), block,
                                      util_format_get_blocksize(f), 4, 4);
}

/* Texel (x, y) is (r, g, b, a) in 8-bit units. */
static void
check8(const char *what, unsigned x, unsigned y, int r, int g, int b, int a)
{
   const float *t = px[y * 4 + x];
   const int want[4] = { r, g, b, a };
   for (unsigned c = 0; c < 4; c++) {
      CHECK(fabsf(t[c] - (float)want[c] / 255.0f) < 1e-5f,
            "%s (%u,%u) channel %u: %f, want %d/255", what, x, y, c, t[c], want[c]);
   }
}

/* Texel (x, y) is (r, g, 0, 1) in units of 1/scale (11-bit channels). */
static void
check11(const char *what, unsigned x, unsigned y, int r, int g, float scale)
{
   const float *t = px[y * 4 + x];
   CHECK(fabsf(t[0] - (float)r / scale) < 1e-6f, "%s (%u,%u) R: %f, want %d/%g", what, x, y,
         t[0], r, scale);
   CHECK(fabsf(t[1] - (float)g / scale) < 1e-6f, "%s (%u,%u) G: %f, want %d/%g", what, x, y,
         t[1], g, scale);
   CHECK(t[2] == 0.0f && t[3] == 1.0f, "%s (%u,%u) B, A: %f %f", what, x, y, t[2], t[3]);
}

/* An EAC block: base codeword, multiplier, table, then the 3-bit index of
 * each texel, given here row-major as idx[y][x] (the block stores them
 * column by column, texel (x, y) being number 4x + y, from the top bits). */
static void
eac_block(uint8_t out[8], uint8_t base, unsigned mul, unsigned table, const unsigned idx[4][4])
{
   uint64_t bits = 0;
   for (unsigned x = 0; x < 4; x++)
      for (unsigned y = 0; y < 4; y++)
         bits |= (uint64_t)idx[y][x] << (45 - 3 * (4 * x + y));
   out[0] = base;
   out[1] = (uint8_t)(mul << 4 | table);
   for (unsigned i = 0; i < 6; i++)
      out[2 + i] = (uint8_t)(bits >> (40 - 8 * i));
}

static void
test_individual(void)
{
   /* R1 3, R2 12, G1 5, G2 10, B1 0, B2 1 (4 bits each, x17 when
    * extended): base 1 (51, 85, 0), base 2 (204, 170, 17); tables 0
    * (2, 8) and 7 (47, 183); diff 0, flip 0 (left and right halves).
    * Indices (msb, lsb): texel 1 = (0,1) and 2 = (0,2) msb; 2, 4 = (1,0),
    * 8 = (2,0) lsb; 15 = (3,3) both; 9 = (2,1) none. */
   const uint8_t b[8] = { 0x3c, 0x5a, 0x01, 0x1c, 0x80, 0x06, 0x81, 0x14 };
   decode(PIPE_FORMAT_ETC2_RGB8, b);
   check8("individual idx0", 0, 0, 53, 87, 2, 255);        /* +2 */
   check8("individual idx1", 1, 0, 59, 93, 8, 255);        /* +8 */
   check8("individual idx2", 0, 1, 49, 83, 0, 255);        /* -2, B clamped */
   check8("individual idx3", 0, 2, 43, 77, 0, 255);        /* -8 */
   check8("individual sub2 idx1", 2, 0, 255, 255, 200, 255);   /* +183 */
   check8("individual sub2 idx3", 3, 3, 21, 0, 0, 255);    /* -183 */
   check8("individual sub2 idx0", 2, 1, 251, 217, 64, 255);   /* +47 */

   /* sRGB: the same 8-bit values, decoded to linear */
   decode(PIPE_FORMAT_ETC2_SRGB8, b);
   const float c = 53.0f / 255.0f;
   float lin = powf((c + 0.055f) / 1.055f, 2.4f);
   CHECK(fabsf(px[0][0] - lin) < 1e-4f, "srgb8 R %f, want %f", px[0][0], lin);
   CHECK(px[0][3] == 1.0f, "srgb8 alpha %f", px[0][3]);
}

static void
test_differential(void)
{
   /* R 10 + 2, G 31 - 1, B 0 + 3 (5 bits, extended (v << 3) | (v >> 2)):
    * base 1 (82, 255, 0), base 2 (99, 247, 24); tables 1 (5, 17) and 4
    * (18, 60); diff 1, flip 1 (top and bottom halves).  msb: texels 12 =
    * (3,0), 6 = (1,2); lsb: 12, 3 = (0,3). */
   uint8_t b[8] = { 0x52, 0xff, 0x03, 0x33, 0x10, 0x40, 0x10, 0x08 };
   decode(PIPE_FORMAT_ETC2_RGB8, b);
   check8("diff idx0", 0, 0, 87, 255, 5, 255);          /* +5 */
   check8("diff idx3", 3, 0, 65, 238, 0, 255);          /* -17 */
   check8("diff sub2 idx1", 0, 3, 159, 255, 84, 255);   /* +60 */
   check8("diff sub2 idx2", 1, 2, 81, 229, 6, 255);     /* -18 */

   /* punch-through, opaque (bit 33 set): as above */
   decode(PIPE_FORMAT_ETC2_RGB8A1, b);
   check8("punch opaque idx2", 1, 2, 81, 229, 6, 255);
   check8("punch opaque idx0", 0, 0, 87, 255, 5, 255);

   /* punch-through, not opaque (bit 33 clear: still the differential
    * mode): index 2 is transparent black, index 0 adds nothing */
   b[3] = 0x31;
   decode(PIPE_FORMAT_ETC2_RGB8A1, b);
   check8("punch idx0", 0, 0, 82, 255, 0, 255);
   check8("punch idx3", 3, 0, 65, 238, 0, 255);
   check8("punch idx1", 0, 3, 159, 255, 84, 255);
   check8("punch idx2", 1, 2, 0, 0, 0, 0);
   decode(PIPE_FORMAT_ETC2_SRGB8A1, b);
   check8("srgb punch idx2", 1, 2, 0, 0, 0, 0);
   CHECK(px[0][3] == 1.0f && px[0][1] == 1.0f, "srgb punch idx0: %f %f", px[0][1], px[0][3]);
}

static void
test_t_h_planar(void)
{
   /* T: R 31 + 1 overflows.  Base 1 R = bits 60-59, 57-56 = 1101 (221),
    * G 2 (34), B 8 (136); base 2 (4, 6, 10) = (68, 102, 170); distance
    * index 10b:1 = 5 (32).  Paint colours: base 1, base 2 + 32, base 2,
    * base 2 - 32.  Texel (0,0) index 0, (1,1) 1, (2,2) 2, (3,3) 3. */
   uint8_t t[8] = { 0xf9, 0x28, 0x46, 0xab, 0x84, 0x00, 0x80, 0x20 };
   decode(PIPE_FORMAT_ETC2_RGB8, t);
   check8("T p0", 0, 0, 221, 34, 136, 255);
   check8("T p1", 1, 1, 100, 134, 202, 255);
   check8("T p2", 2, 2, 68, 102, 170, 255);
   check8("T p3", 3, 3, 36, 70, 138, 255);
   t[3] = 0xa9;   /* punch-through, not opaque: paint colour 2 transparent */
   decode(PIPE_FORMAT_ETC2_RGB8A1, t);
   check8("T punch p2", 2, 2, 0, 0, 0, 0);
   check8("T punch p1", 1, 1, 100, 134, 202, 255);

   /* H: R 3 + 2 fine, G 31 + 1 overflows.  Base 1 (3, 5, 11) = (51, 85,
    * 187), base 2 (8, 4, 2) = (136, 68, 34); da 1, db 0 and base 1 < base
    * 2 (0x35b < 0x842): distance index 100b = 4 (23).  Paint colours
    * base 1 +- 23, base 2 +- 23; same indices as the T block. */
   const uint8_t h[8] = { 0x1a, 0xf9, 0xc2, 0x16, 0x84, 0x00, 0x80, 0x20 };
   decode(PIPE_FORMAT_ETC2_RGB8, h);
   check8("H p0", 0, 0, 74, 108, 210, 255);
   check8("H p1", 1, 1, 28, 62, 164, 255);
   check8("H p2", 2, 2, 159, 91, 57, 255);
   check8("H p3", 3, 3, 113, 45, 11, 255);

   /* planar: R 0, G 0 fine, B 0 - 4 overflows.  O = 0; H = (RH 32 -> 130,
    * 0, 0); V = (0, GV 64 -> 129, BV 63 -> 255).  Texel (x, y) =
    * ((x * 130 + 2) >> 2, (y * 129 + 2) >> 2, (y * 255 + 2) >> 2). */
   const uint8_t p[8] = { 0x00, 0x00, 0x04, 0x42, 0x00, 0x00, 0x10, 0x3f };
   decode(PIPE_FORMAT_ETC2_RGB8, p);
   check8("planar (0,0)", 0, 0, 0, 0, 0, 255);
   check8("planar (3,2)", 3, 2, 98, 65, 128, 255);
   check8("planar (1,3)", 1, 3, 33, 97, 191, 255);
   check8("planar (2,1)", 2, 1, 65, 32, 64, 255);
   /* planar blocks are opaque in the punch-through formats too */
   decode(PIPE_FORMAT_ETC2_RGB8A1, p);
   check8("planar punch (3,2)", 3, 2, 98, 65, 128, 255);
}

static void
test_eac(void)
{
   static const unsigned idx_a[4][4] = {
      { 3, 7, 0, 0 }, { 4, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } };
   static const unsigned idx_b[4][4] = {
      { 7, 0, 0, 0 }, { 0, 3, 0, 0 }, { 0, 0, 4, 0 }, { 0, 0, 0, 0 } };
   uint8_t b[16];

   /* RGBA8: EAC alpha (base 200, multiplier 1, table 14: -4 -6 -8 -9 3 5 7
    * 8) then the individual-mode colour block of test_individual */
   const uint8_t colour[8] = { 0x3c, 0x5a, 0x01, 0x1c, 0x80, 0x06, 0x81, 0x14 };
   eac_block(b, 200, 1, 14, idx_b);
   memcpy(b + 8, colour, 8);
   decode(PIPE_FORMAT_ETC2_RGBA8, b);
   check8("rgba8 (0,0)", 0, 0, 53, 87, 2, 208);     /* 200 + 8 */
   check8("rgba8 (1,1)", 1, 1, 53, 87, 2, 191);     /* 200 - 9 */
   check8("rgba8 (1,0)", 1, 0, 59, 93, 8, 196);     /* 200 - 4 */
   /* clamped: 250 + 8 * 5 */
   eac_block(b, 250, 5, 14, idx_b);
   decode(PIPE_FORMAT_ETC2_RGBA8, b);
   check8("rgba8 clamp", 0, 0, 53, 87, 2, 255);
   decode(PIPE_FORMAT_ETC2_SRGBA8, b);
   CHECK(px[0][3] == 1.0f, "srgba8 alpha is linear: %f", px[0][3]);

   /* R11 unsigned: base 100, multiplier 2, table 13 (-1 -2 -3 -10 0 1 2 9):
    * 100 * 8 + 4 + m * 2 * 8 */
   eac_block(b, 100, 2, 13, idx_a);
   decode(PIPE_FORMAT_ETC2_R11_UNORM, b);
   check11("r11 idx3", 0, 0, 644, 0, 2047.0f);     /* 804 - 160 */
   check11("r11 idx7", 1, 0, 948, 0, 2047.0f);     /* 804 + 144 */
   check11("r11 idx4", 0, 1, 804, 0, 2047.0f);     /* 804 + 0 */
   check11("r11 idx0", 3, 3, 788, 0, 2047.0f);     /* 804 - 16 */
   /* multiplier 0: the modifier unscaled (0 * 8 + 4 - 1) */
   uint8_t z[16];
   eac_block(z, 0, 0, 13, idx_a);
   decode(PIPE_FORMAT_ETC2_R11_UNORM, z);
   check11("r11 mul0", 3, 3, 3, 0, 2047.0f);
   check11("r11 mul0 idx7", 1, 0, 13, 0, 2047.0f);   /* 4 + 9 */
   /* clamped: 255 * 8 + 4 + 9 * 15 * 8 > 2047 */
   uint8_t c[16];
   eac_block(c, 255, 15, 13, idx_a);
   decode(PIPE_FORMAT_ETC2_R11_UNORM, c);
   check11("r11 clamp", 1, 0, 2047, 0, 2047.0f);

   /* RG11: the R block then the G block */
   memcpy(b + 8, z, 8);
   decode(PIPE_FORMAT_ETC2_RG11_UNORM, b);
   check11("rg11 (1,0)", 1, 0, 948, 13, 2047.0f);
   check11("rg11 (0,1)", 0, 1, 804, 4, 2047.0f);    /* G: 4 + 0 */

   /* R11 signed: base -50, multiplier 3, table 0 (-3 -6 -9 -15 2 5 8 14):
    * -50 * 8 + m * 3 * 8, over 1023 */
   eac_block(b, (uint8_t)(int8_t)-50, 3, 0, idx_a);
   decode(PIPE_FORMAT_ETC2_R11_SNORM, b);
   check11("r11s idx3", 0, 0, -760, 0, 1023.0f);   /* -400 - 360 */
   check11("r11s idx7", 1, 0, -64, 0, 1023.0f);    /* -400 + 336 */
   check11("r11s idx0", 3, 3, -472, 0, 1023.0f);   /* -400 - 72 */
   /* base -128 reads as -127; multiplier 0: -1016 + 2 */
   eac_block(z, 0x80, 0, 0, idx_a);
   decode(PIPE_FORMAT_ETC2_R11_SNORM, z);
   check11("r11s -128", 0, 1, -1014, 0, 1023.0f);
   /* clamped to -1023: -1016 - 15 * 15 * 8 */
   eac_block(c, 0x80, 15, 0, idx_a);
   decode(PIPE_FORMAT_ETC2_R11_SNORM, c);
   check11("r11s clamp", 0, 0, -1023, 0, 1023.0f);
   memcpy(b + 8, z, 8);
   decode(PIPE_FORMAT_ETC2_RG11_SNORM, b);
   check11("rg11s (0,1)", 0, 1, -400 + 2 * 24, -1014, 1023.0f);
}

static void
test_table(void)
{
   static const struct { enum pipe_format f; unsigned bytes; bool srgb; } t[] = {
      { PIPE_FORMAT_ETC2_RGB8, 8, false }, { PIPE_FORMAT_ETC2_SRGB8, 8, true },
      { PIPE_FORMAT_ETC2_RGB8A1, 8, false }, { PIPE_FORMAT_ETC2_SRGB8A1, 8, true },
      { PIPE_FORMAT_ETC2_RGBA8, 16, false }, { PIPE_FORMAT_ETC2_SRGBA8, 16, true },
      { PIPE_FORMAT_ETC2_R11_UNORM, 8, false }, { PIPE_FORMAT_ETC2_R11_SNORM, 8, false },
      { PIPE_FORMAT_ETC2_RG11_UNORM, 16, false }, { PIPE_FORMAT_ETC2_RG11_SNORM, 16, false },
   };
   for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
      const struct util_format_description *d = util_format_description(t[i].f);
      CHECK(d->format == t[i].f && util_format_is_compressed(t[i].f) &&
               d->block_width == 4 && d->block_height == 4 && d->block_bytes == t[i].bytes &&
               d->is_srgb == t[i].srgb,
            "%s description", d->name);
   }
}

int
main(void)
{
   test_table();
   test_individual();
   test_differential();
   test_t_h_planar();
   test_eac();
   if (failures) {
      fprintf(stderr, "%d check(s) failed\n", failures);
      return 1;
   }
   printf("etc: all checks passed\n");
   return 0;
}
