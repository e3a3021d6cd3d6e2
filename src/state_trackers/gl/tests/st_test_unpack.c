/*
 * Pixel unpacking (st_pixel_unpack.c) against hand-computed bytes, and
 * round trips through st_pixel_pack.c.
 */
#include <math.h>
#include <string.h>

#include "st_pixel_pack.h"
#include "st_pixel_unpack.h"
#include "st_test_util.h"

/* Exact float comparison with a message (expectations are exact values
 * of table 2.9 computed here in double). */
#define CHECK_F(a, b)                                                        \
   do {                                                                      \
      float fa_ = (a), fb_ = (float)(b);                                     \
      CHECK(fa_ == fb_ || (fa_ != fa_ && fb_ != fb_), "%s = %.9g, expected %.9g", #a, \
            (double)fa_, (double)fb_);                                       \
   } while (0)

#define CHECK_RGBA(px, r, g, b, a)                                           \
   do {                                                                      \
      CHECK_F((px)[0], r);                                                   \
      CHECK_F((px)[1], g);                                                   \
      CHECK_F((px)[2], b);                                                   \
      CHECK_F((px)[3], a);                                                   \
   } while (0)

static const struct st_pixel_features all = { true, true, true, true, true };

static void
test_check(void)
{
   const struct st_pixel_features none = { false, false, false, false, false };

   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA, GL_UNSIGNED_BYTE), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_LUMINANCE_ALPHA, GL_SHORT), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_unpack_check(&all, GL_BGR, GL_UNSIGNED_SHORT_5_6_5), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_unpack_check(&all, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_ALPHA, GL_UNSIGNED_INT_8_8_8_8), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA, GL_BITMAP), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_COLOR_INDEX, GL_BITMAP), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_STENCIL_INDEX, GL_BITMAP), GL_NO_ERROR);
   /* Unlike glReadPixels in RGBA mode, colour indices are fine. */
   CHECK_EQ_INT(st_unpack_check(&all, GL_COLOR_INDEX, GL_UNSIGNED_BYTE), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_COLOR_INDEX, GL_FLOAT), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_DEPTH_STENCIL, GL_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_DEPTH_STENCIL, GL_UNSIGNED_INT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8),
                GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA, GL_HALF_FLOAT), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_DEPTH_STENCIL, GL_HALF_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA_INTEGER, GL_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGB_INTEGER, GL_UNSIGNED_BYTE_3_3_2), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA_INTEGER, GL_BITMAP), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_INTENSITY, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&all, GL_RGBA, 0x1234), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&none, GL_RGBA, GL_HALF_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&none, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&none, GL_BGRA, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&none, GL_RGB, GL_UNSIGNED_BYTE_3_3_2), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&none, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&none, GL_RGBA, GL_UNSIGNED_INT_24_8), GL_INVALID_ENUM);
}

static void
test_normalization(void)
{
   float px[4][4];

   /* Unsigned: c / (2^b - 1). */
   const uint8_t ub[4] = { 0, 255, 51, 1 };
   CHECK(st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_BYTE, ub, 1, px, false, false, 0, NULL),
         "RGBA ubyte");
   CHECK_RGBA(px[0], 0.0, 1.0, 51.0 / 255.0, 1.0 / 255.0);

   /* Signed: (2c + 1) / (2^b - 1): -128 -> -1, 127 -> 1, 0 -> 1/255. */
   const int8_t sb[4] = { -128, 127, 0, -1 };
   st_unpack_rgba_float(GL_RGBA, GL_BYTE, sb, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], -1.0, 1.0, 1.0 / 255.0, -1.0 / 255.0);

   /* ushort bytes 12 34: little-endian 0x3412, swapped 0x1234. */
   const uint8_t us[2] = { 0x12, 0x34 };
   st_unpack_rgba_float(GL_RED, GL_UNSIGNED_SHORT, us, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0x3412 / 65535.0, 0.0, 0.0, 1.0);
   st_unpack_rgba_float(GL_RED, GL_UNSIGNED_SHORT, us, 1, px, true, false, 0, NULL);
   CHECK_F(px[0][0], 0x1234 / 65535.0);

   const int16_t ss[2] = { -32768, 32767 };
   st_unpack_rgba_float(GL_LUMINANCE_ALPHA, GL_SHORT, ss, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], -1.0, -1.0, -1.0, 1.0);

   const uint32_t ui[2] = { 0xffffffffu, 0 };
   st_unpack_rgba_float(GL_LUMINANCE_ALPHA, GL_UNSIGNED_INT, ui, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, 1.0, 1.0, 0.0);
   const int32_t si[2] = { 2147483647, (int32_t)0x80000000u };
   st_unpack_rgba_float(GL_LUMINANCE_ALPHA, GL_INT, si, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, 1.0, 1.0, -1.0);

   /* Floats as they are (not clamped), swapped bytes too. */
   const float fl[2] = { 0.75f, -2.5f };
   st_unpack_rgba_float(GL_LUMINANCE_ALPHA, GL_FLOAT, fl, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0.75, 0.75, 0.75, -2.5);
   uint8_t flsw[4];
   memcpy(flsw, &fl[0], 4);
   uint8_t t = flsw[0]; flsw[0] = flsw[3]; flsw[3] = t;
   t = flsw[1]; flsw[1] = flsw[2]; flsw[2] = t;
   st_unpack_rgba_float(GL_ALPHA, GL_FLOAT, flsw, 1, px, true, false, 0, NULL);
   CHECK_RGBA(px[0], 0.0, 0.0, 0.0, 0.75);

   /* Half floats: 1.0, -2.0, 1/3 rounded, smallest denormal, infinity. */
   const uint16_t hf[4] = { 0x3c00, 0xc000, 0x3555, 0x0001 };
   st_unpack_rgba_float(GL_RGBA, GL_HALF_FLOAT, hf, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, -2.0, 0.333251953125, ldexp(1.0, -24));
   CHECK(isinf(st_half_to_float(0x7c00)) && st_half_to_float(0x7c00) > 0, "+inf");
   CHECK(isinf(st_half_to_float(0xfc00)) && st_half_to_float(0xfc00) < 0, "-inf");
   CHECK(isnan(st_half_to_float(0x7e00)), "nan");
   CHECK_F(st_half_to_float(0x7bff), 65504.0);
   CHECK_F(st_half_to_float(0x8000), -0.0);
   const uint8_t hsw[2] = { 0x3c, 0x00 };   /* 0x3c00 stored big-endian */
   st_unpack_rgba_float(GL_RED, GL_HALF_FLOAT, hsw, 1, px, true, false, 0, NULL);
   CHECK_F(px[0][0], 1.0);

   CHECK_F(st_unorm_to_float(1, 2), 1.0 / 3.0);
   CHECK_F(st_snorm_to_float(-2, 2), -1.0);
}

static void
test_formats(void)
{
   float px[2][4];
   const uint8_t la[2] = { 51, 102 };
   st_unpack_rgba_float(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0.2, 0.2, 0.2, 0.4);
   const uint8_t l[2] = { 255, 0 };
   st_unpack_rgba_float(GL_LUMINANCE, GL_UNSIGNED_BYTE, l, 2, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, 1.0, 1.0, 1.0);
   CHECK_RGBA(px[1], 0.0, 0.0, 0.0, 1.0);
   st_unpack_rgba_float(GL_ALPHA, GL_UNSIGNED_BYTE, l, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0.0, 0.0, 0.0, 1.0);
   st_unpack_rgba_float(GL_GREEN, GL_UNSIGNED_BYTE, la, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0.0, 0.2, 0.0, 1.0);
   st_unpack_rgba_float(GL_BLUE, GL_UNSIGNED_BYTE, la + 1, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0.0, 0.0, 0.4, 1.0);

   const uint8_t bgr[7] = { 10, 20, 30, 40, 50, 60, 70 };
   st_unpack_rgba_float(GL_BGR, GL_UNSIGNED_BYTE, bgr, 2, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 30 / 255.0, 20 / 255.0, 10 / 255.0, 1.0);
   CHECK_RGBA(px[1], 60 / 255.0, 50 / 255.0, 40 / 255.0, 1.0);
   st_unpack_rgba_float(GL_BGRA, GL_UNSIGNED_BYTE, bgr, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 30 / 255.0, 20 / 255.0, 10 / 255.0, 40 / 255.0);
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_BYTE, bgr + 1, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 20 / 255.0, 30 / 255.0, 40 / 255.0, 1.0);

   /* Not colour formats: refused, dst untouched. */
   px[0][0] = 42.0f;
   CHECK(!st_unpack_rgba_float(GL_DEPTH_COMPONENT, GL_FLOAT, l, 1, px, false, false, 0, NULL),
         "depth refused");
   CHECK(!st_unpack_rgba_float(GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, l, 1, px, false, false, 0,
                               NULL), "integer refused");
   CHECK(!st_unpack_rgba_float(GL_COLOR_INDEX, GL_UNSIGNED_BYTE, l, 1, px, false, false, 0,
                               NULL), "index without a map refused");
   CHECK(!st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, l, 1, px, false, false, 0,
                               NULL), "bad pair refused");
   CHECK_F(px[0][0], 42.0);
}

struct test_imap {
   unsigned calls;
};

/* index i -> (i / 10, i % 10 / 10, 0, 1) */
static void
test_map(void *closure, const uint32_t *idx, unsigned n, float (*rgba)[4])
{
   struct test_imap *m = closure;
   m->calls++;
   for (unsigned i = 0; i < n; i++) {
      rgba[i][0] = (float)(idx[i] / 10);
      rgba[i][1] = (float)(idx[i] % 10) / 10.0f;
      rgba[i][2] = 0.0f;
      rgba[i][3] = 1.0f;
   }
}

static void
test_indices(void)
{
   struct test_imap m = { 0 };
   const struct st_unpack_index_map imap = { test_map, &m };
   float px[100][4];
   const uint16_t idx[2] = { 37, 1205 };
   CHECK(st_unpack_rgba_float(GL_COLOR_INDEX, GL_UNSIGNED_SHORT, idx, 2, px, false, false, 0,
                              &imap), "color index");
   CHECK_RGBA(px[0], 3.0, 0.7f, 0.0, 1.0);
   CHECK_RGBA(px[1], 120.0, 0.5f, 0.0, 1.0);
   /* More than one chunk of 64. */
   uint8_t many[100];
   for (unsigned i = 0; i < 100; i++)
      many[i] = (uint8_t)i;
   m.calls = 0;
   st_unpack_rgba_float(GL_COLOR_INDEX, GL_UNSIGNED_BYTE, many, 100, px, false, false, 0, &imap);
   CHECK(m.calls == 2, "map calls %u", m.calls);
   CHECK_RGBA(px[99], 9.0, 0.9f, 0.0, 1.0);
   CHECK_RGBA(px[64], 6.0, 0.4f, 0.0, 1.0);
   /* Bitmap colour indices: 0xC1 from bit 1, MSB first: 1 0 0 0 0 0 1. */
   const uint8_t bm[1] = { 0xc1 };
   st_unpack_rgba_float(GL_COLOR_INDEX, GL_BITMAP, bm, 7, px, false, false, 1, &imap);
   CHECK_RGBA(px[0], 0.0, 0.1f, 0.0, 1.0);
   CHECK_RGBA(px[1], 0.0, 0.0, 0.0, 1.0);
   CHECK_RGBA(px[6], 0.0, 0.1f, 0.0, 1.0);

   uint32_t out[4];
   const int16_t sidx[2] = { -2, 300 };
   st_unpack_index(GL_SHORT, sidx, 2, out, false, false, 0);
   CHECK(out[0] == 0xfffffffeu && out[1] == 300, "short indices 0x%x %u", out[0], out[1]);
   const float fidx[3] = { 3.7f, -1.5f, 70000.25f };
   st_unpack_index(GL_FLOAT, fidx, 3, out, false, false, 0);
   CHECK(out[0] == 3 && out[1] == 0xffffffffu && out[2] == 70000, "float indices %u 0x%x %u",
         out[0], out[1], out[2]);

   uint8_t s[16];
   const uint16_t s16[2] = { 0x1234, 0x00ff };
   st_unpack_stencil(GL_UNSIGNED_SHORT, s16, 2, s, false, false, 0);
   CHECK(s[0] == 0x34 && s[1] == 0xff, "stencil masked 0x%x 0x%x", s[0], s[1]);
   st_unpack_stencil(GL_UNSIGNED_SHORT, s16, 2, s, true, false, 0);
   CHECK(s[0] == 0x12 && s[1] == 0x00, "stencil swapped 0x%x 0x%x", s[0], s[1]);
   const int32_t s32[1] = { -1 };
   st_unpack_stencil(GL_INT, s32, 1, s, false, false, 0);
   CHECK_EQ_INT(s[0], 255);
   const uint8_t sbits[2] = { 0xc1, 0x0f };
   st_unpack_stencil(GL_BITMAP, sbits, 16, s, false, true, 0);
   const uint8_t lsb[16] = { 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0 };
   CHECK(!memcmp(s, lsb, 16), "stencil bitmap LSB first");
}

static void
test_packed(void)
{
   float px[1][4];
   uint8_t b = 0xab;   /* 101 010 11 */
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, &b, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 5 / 7.0, 2 / 7.0, 1.0, 1.0);
   /* 10 101 011: R in the low 3 bits */
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, &b, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 3 / 7.0, 5 / 7.0, 2 / 3.0, 1.0);

   uint16_t s = 0x8410;   /* 10000 100000 10000 */
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 16 / 31.0, 32 / 63.0, 16 / 31.0, 1.0);
   s = 0x001f;
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0.0, 0.0, 1.0, 1.0);
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, &s, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, 0.0, 0.0, 1.0);
   /* stored big-endian and swapped: the same word */
   const uint8_t s_be[2] = { 0x00, 0x1f };
   st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, s_be, 1, px, true, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, 0.0, 0.0, 1.0);

   s = 0x1234;
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, &s, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1 / 15.0, 2 / 15.0, 3 / 15.0, 4 / 15.0);
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, &s, 1, px, false, false, 0,
                        NULL);
   CHECK_RGBA(px[0], 4 / 15.0, 3 / 15.0, 2 / 15.0, 1 / 15.0);
   st_unpack_rgba_float(GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, &s, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 3 / 15.0, 2 / 15.0, 1 / 15.0, 4 / 15.0);

   s = 0x8001;
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, &s, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 16 / 31.0, 0.0, 0.0, 1.0);
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, &s, 1, px, false, false, 0,
                        NULL);
   CHECK_RGBA(px[0], 1 / 31.0, 0.0, 0.0, 1.0);

   uint32_t w = 0x11223344u;
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &w, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0x11 / 255.0, 0x22 / 255.0, 0x33 / 255.0, 0x44 / 255.0);
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, &w, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0x44 / 255.0, 0x33 / 255.0, 0x22 / 255.0, 0x11 / 255.0);
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &w, 1, px, true, false, 0, NULL);
   CHECK_RGBA(px[0], 0x44 / 255.0, 0x33 / 255.0, 0x22 / 255.0, 0x11 / 255.0);
   st_unpack_rgba_float(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, &w, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 0x22 / 255.0, 0x33 / 255.0, 0x44 / 255.0, 0x11 / 255.0);

   w = (1023u << 22) | (512u << 12) | (1u << 2) | 2u;
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, &w, 1, px, false, false, 0, NULL);
   CHECK_RGBA(px[0], 1.0, 512 / 1023.0, 1 / 1023.0, 2 / 3.0);
   w = (2u << 30) | (1u << 20) | (512u << 10) | 1023u;
   st_unpack_rgba_float(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, &w, 1, px, false, false, 0,
                        NULL);
   CHECK_RGBA(px[0], 1.0, 512 / 1023.0, 1 / 1023.0, 2 / 3.0);
}

static void
test_integer(void)
{
   uint32_t px[2][4];
   const int8_t sb[4] = { -1, 5, 127, -128 };
   CHECK(st_unpack_rgba_int(GL_RGBA_INTEGER, GL_BYTE, sb, 1, px, false), "RGBA_INTEGER byte");
   CHECK(px[0][0] == 0xffffffffu && px[0][1] == 5 && px[0][2] == 127 &&
         px[0][3] == 0xffffff80u, "byte sign extension 0x%x 0x%x", px[0][0], px[0][3]);
   const uint16_t us[3] = { 1000, 2, 0x8000 };
   st_unpack_rgba_int(GL_BGR_INTEGER, GL_UNSIGNED_SHORT, us, 1, px, false);
   CHECK(px[0][0] == 0x8000 && px[0][1] == 2 && px[0][2] == 1000 && px[0][3] == 1,
         "BGR_INTEGER ushort");
   const uint32_t ui[2] = { 7, 0xfffffffeu };
   st_unpack_rgba_int(GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_INT, ui, 1, px, false);
   CHECK(px[0][0] == 7 && px[0][2] == 7 && px[0][3] == 0xfffffffeu, "LA integer");
   st_unpack_rgba_int(GL_ALPHA_INTEGER, GL_UNSIGNED_INT, ui, 1, px, false);
   CHECK(px[0][0] == 0 && px[0][1] == 0 && px[0][3] == 7, "ALPHA integer");
   uint32_t w = (1023u << 22) | (512u << 12) | (1u << 2) | 2u;
   st_unpack_rgba_int(GL_RGBA_INTEGER, GL_UNSIGNED_INT_10_10_10_2, &w, 1, px, false);
   CHECK(px[0][0] == 1023 && px[0][1] == 512 && px[0][2] == 1 && px[0][3] == 2, "packed int");
   const int16_t ss[1] = { -300 };
   st_unpack_rgba_int(GL_RED_INTEGER, GL_SHORT, ss, 1, px, false);
   CHECK((int32_t)px[0][0] == -300 && px[0][3] == 1, "short sign extension");
   const uint8_t sw[2] = { 0x01, 0x02 };
   st_unpack_rgba_int(GL_GREEN_INTEGER, GL_UNSIGNED_SHORT, sw, 1, px, true);
   CHECK(px[0][1] == 0x0102, "swapped 0x%x", px[0][1]);
   CHECK(!st_unpack_rgba_int(GL_RGBA, GL_UNSIGNED_BYTE, sb, 1, px, false), "normalized refused");
   CHECK(!st_unpack_rgba_int(GL_RGBA_INTEGER, GL_FLOAT, sb, 1, px, false), "float refused");
}

static void
test_depth_stencil(void)
{
   float z[3];
   const uint16_t zs[2] = { 65535, 0 };
   st_unpack_depth(GL_UNSIGNED_SHORT, zs, 2, z, false);
   CHECK(z[0] == 1.0f && z[1] == 0.0f, "depth ushort");
   const uint32_t zu[1] = { 0x80000000u };
   st_unpack_depth(GL_UNSIGNED_INT, zu, 1, z, false);
   CHECK_F(z[0], 2147483648.0 / 4294967295.0);
   const float zf[2] = { 0.25f, 1.5f };
   st_unpack_depth(GL_FLOAT, zf, 2, z, false);
   CHECK(z[0] == 0.25f && z[1] == 1.5f, "depth float, not clamped");
   const int8_t zb[1] = { 127 };
   st_unpack_depth(GL_BYTE, zb, 1, z, false);
   CHECK_F(z[0], 1.0);

   const uint32_t ds[2] = { 0xffffff12u, 0x80000034u };
   uint8_t s[2];
   st_unpack_depth_stencil(ds, 2, z, s, false);
   CHECK(z[0] == 1.0f && s[0] == 0x12, "24_8 first");
   CHECK_F(z[1], (double)0x800000 / (double)0xffffff);
   CHECK_EQ_INT(s[1], 0x34);
   const uint8_t ds_be[4] = { 0xff, 0xff, 0xff, 0x12 };
   st_unpack_depth_stencil(ds_be, 1, z, s, true);
   CHECK(z[0] == 1.0f && s[0] == 0x12, "24_8 swapped");
   st_unpack_depth_stencil(ds, 1, NULL, s, false);
   CHECK_EQ_INT(s[0], 0x12);
}

static void
test_bitmaps(void)
{
   uint8_t bits[16];
   const uint8_t src[2] = { 0xc1, 0x0f };
   st_unpack_bitmap(src, 16, bits, false, 0);
   const uint8_t msb[16] = { 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1 };
   CHECK(!memcmp(bits, msb, 16), "MSB first");
   st_unpack_bitmap(src, 16, bits, true, 0);
   const uint8_t lsb[16] = { 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0 };
   CHECK(!memcmp(bits, lsb, 16), "LSB first");
   st_unpack_bitmap(src, 6, bits, false, 5);
   const uint8_t off[6] = { 0, 0, 1, 0, 0, 0 };
   CHECK(!memcmp(bits, off, 6), "bit offset 5");

   /* glBitmap 10 x 2, alignment 1: 2 bytes per row. */
   struct st_pixelstore ps = { 0 };
   ps.alignment = 1;
   const uint8_t img[4] = { 0xc1, 0x80, 0xff, 0x40 };
   uint8_t out[20];
   st_unpack_bitmap_image(&ps, 10, 2, img, out);
   const uint8_t want[20] = { 1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1 };
   CHECK(!memcmp(out, want, 20), "glBitmap image");
   /* Skip 3 pixels, row length 16 (2 bytes), alignment 4: rows 4 bytes apart. */
   ps.alignment = 4;
   ps.row_length = 16;
   ps.skip_pixels = 3;
   ps.skip_rows = 1;
   const uint8_t img2[12] = { 0, 0, 0, 0, 0x1f, 0x80, 0, 0, 0x00, 0x40, 0, 0 };
   st_unpack_bitmap_image(&ps, 6, 2, img2, out);
   /* row 0 bits 3..8 of 0x1f 0x80: 1 1 1 1 1 1; row 1 of 0x00 0x40: 0 0 0 0 0 0 */
   const uint8_t want2[12] = { 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0 };
   CHECK(!memcmp(out, want2, 12), "glBitmap image with skips");
   ps.lsb_first = GL_TRUE;
   st_unpack_bitmap_image(&ps, 6, 2, img2, out);
   /* LSB first: 0x1f -> bits 3, 4 set then 5, 6, 7 clear; 0x80 bit 0 clear */
   const uint8_t want3[12] = { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   CHECK(!memcmp(out, want3, 12), "glBitmap image LSB first");

   /* glPolygonStipple with the default unpack state: 4 bytes per row. */
   uint8_t stip[32 * 4];
   for (unsigned y = 0; y < 32; y++) {
      stip[y * 4 + 0] = (uint8_t)y;
      stip[y * 4 + 1] = 0x80;
      stip[y * 4 + 2] = 0x00;
      stip[y * 4 + 3] = 0x01;
   }
   memset(&ps, 0, sizeof(ps));
   ps.alignment = 4;
   uint32_t rows[32];
   st_unpack_polygon_stipple(&ps, stip, rows);
   CHECK(rows[0] == 0x00800001u && rows[5] == 0x05800001u && rows[31] == 0x1f800001u,
         "stipple 0x%08x 0x%08x", rows[0], rows[5]);
   ps.lsb_first = GL_TRUE;
   st_unpack_polygon_stipple(&ps, stip, rows);
   /* each byte bit-reversed: 5 = 00000101 -> 10100000 */
   CHECK(rows[5] == 0xa0010080u, "stipple LSB first 0x%08x", rows[5]);
}

static void
test_addressing(void)
{
   struct st_pixelstore ps = { 0 };
   ps.alignment = 4;
   ps.skip_pixels = 1;
   ps.skip_rows = 2;
   /* RGB ubyte width 3: 9 bytes -> 12 per row */
   CHECK_EQ_INT(st_unpack_offset(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 2, 1, 1, 0),
                3 * 12 + 2 * 3);
   /* skip_images ignored in 2D */
   ps.skip_images = 1;
   ps.image_height = 4;
   CHECK_EQ_INT(st_unpack_offset(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 2, 0, 0, 0), 2 * 12 + 3);
   /* 3D: images 4 rows * 12 bytes apart */
   CHECK_EQ_INT(st_unpack_offset(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 3, 0, 0, 1),
                2 * 48 + 2 * 12 + 3);
   ps.image_height = 0;   /* then the image height is the height */
   CHECK_EQ_INT(st_unpack_offset(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 3, 0, 0, 1),
                2 * 24 + 2 * 12 + 3);

   /* Image sizes: one past the last byte. */
   memset(&ps, 0, sizeof(ps));
   ps.alignment = 4;
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 1, 2), 12 + 9);
   ps.skip_pixels = 1;
   ps.skip_rows = 2;
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 1, 2), 45 + 3);
   ps.skip_images = 1;
   ps.image_height = 4;
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 2, 3),
                2 * 48 + 3 * 12 + 3 * 3 + 3);
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_RGB, GL_UNSIGNED_BYTE, 0, 2, 2, 3), 0);
   memset(&ps, 0, sizeof(ps));
   ps.alignment = 1;
   /* bitmap 10 x 3: 2 bytes a row, last bit 2 * 16 + 9 -> 6 bytes */
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_COLOR_INDEX, GL_BITMAP, 10, 3, 1, 2), 6);
   /* 1 x 2: the last bit is bit 0 of the second byte -> 2 bytes */
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_COLOR_INDEX, GL_BITMAP, 1, 2, 1, 2), 2);
   ps.alignment = 8;
   ps.row_length = 5;
   /* LA ushort: 5 * 4 = 20 -> 24 per row; 2 rows of width 3: 24 + 12 */
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_LUMINANCE_ALPHA, GL_UNSIGNED_SHORT, 3, 2, 1, 2),
                36);
   /* element size over alignment: no padding (GL's k = s n l when s >= a) */
   ps.alignment = 2;
   ps.row_length = 0;
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_RGB, GL_FLOAT, 3, 2, 1, 2), 72);
   CHECK_EQ_INT(st_unpack_image_size(&ps, GL_RGBA, GL_HALF_FLOAT, 3, 1, 1, 2), 24);

   /* An image read with row length, alignment and skips. */
   uint8_t buf[64];
   for (unsigned i = 0; i < sizeof(buf); i++)
      buf[i] = (uint8_t)(i * 3);
   memset(&ps, 0, sizeof(ps));
   ps.alignment = 4;
   ps.row_length = 5;   /* 5 bytes -> 8 */
   ps.skip_pixels = 1;
   ps.skip_rows = 1;
   float px[6][4];
   CHECK(st_unpack_image_rgba(&ps, GL_LUMINANCE, GL_UNSIGNED_BYTE, 3, 2, 2, 0, buf, px, NULL),
         "image");
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 0; x < 3; x++) {
         unsigned off = (1 + y) * 8 + 1 + x;
         CHECK_F(px[y * 3 + x][0], (off * 3 % 256) / 255.0);
      }
   }
}

/* Bytes -> unpack -> pack gives the same bytes for every unsigned type
 * and packed type, and for signed types with non-negative values. */
static void
test_round_trip_bytes(void)
{
   static const GLenum formats[] = { GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_RGB, GL_BGR,
                                     GL_RGBA, GL_BGRA };
   static const GLenum types[] = {
      GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_BYTE, GL_SHORT,
      GL_UNSIGNED_BYTE_3_3_2, GL_UNSIGNED_BYTE_2_3_3_REV, GL_UNSIGNED_SHORT_5_6_5,
      GL_UNSIGNED_SHORT_5_6_5_REV, GL_UNSIGNED_SHORT_4_4_4_4, GL_UNSIGNED_SHORT_4_4_4_4_REV,
      GL_UNSIGNED_SHORT_5_5_5_1, GL_UNSIGNED_SHORT_1_5_5_5_REV, GL_UNSIGNED_INT_8_8_8_8,
      GL_UNSIGNED_INT_8_8_8_8_REV, GL_UNSIGNED_INT_10_10_10_2, GL_UNSIGNED_INT_2_10_10_10_REV,
   };
   enum { N = 64 };
   unsigned pairs = 0;
   for (unsigned fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
      for (unsigned ti = 0; ti < sizeof(types) / sizeof(types[0]); ti++) {
         GLenum f = formats[fi], t = types[ti];
         if (st_unpack_check(&all, f, t) != GL_NO_ERROR)
            continue;
         for (unsigned swap = 0; swap < 2; swap++) {
            uint8_t src[N * 16], back[N * 16];
            unsigned size = st_pixel_size(f, t);
            uint32_t rng = 0x9e3779b9u + fi * 131u + ti;
            for (unsigned i = 0; i < N * size; i++) {
               rng = rng * 1664525u + 1013904223u;
               src[i] = (uint8_t)(rng >> 24);
            }
            /* Signed types: keep values >= 0 (the sign bit is in the
             * element's last byte when little-endian, first when swapped). */
            if (t == GL_BYTE || t == GL_SHORT) {
               unsigned es = st_pixel_type_size(t);
               for (unsigned i = 0; i < N * size; i += es)
                  src[i + (swap ? 0 : es - 1)] &= 0x7f;
            }
            float px[N][4];
            memset(back, 0xee, sizeof(back));
            CHECK(st_unpack_rgba_float(f, t, src, N, px, swap, false, 0, NULL), "unpack");
            st_pack_rgba(f, t, (const float (*)[4])px, N, back, swap);
            bool same = !memcmp(src, back, N * size);
            CHECK(same, "round trip format 0x%x type 0x%x swap %u", f, t, swap);
         }
         pairs++;
      }
   }
   /* 8 formats x 4 component types, RGB x 4 three-component packed types,
    * RGBA and BGRA x 8 four-component packed types */
   CHECK(pairs == 8 * 4 + 4 + 2 * 8, "pairs tested: %u", pairs);
}

/* A whole image packed with one set of pack parameters, unpacked with the
 * same parameters as unpack state: the original values come back. */
static void
test_round_trip_image(void)
{
   enum { W = 5, H = 3 };
   float orig[W * H][4];
   for (unsigned i = 0; i < W * H; i++)
      for (unsigned c = 0; c < 4; c++)
         orig[i][c] = (float)((double)((i * 4 + c) * 997 % 65536) / 65535.0);

   struct st_pixelstore ps = { 0 };
   ps.alignment = 8;
   ps.row_length = 7;
   ps.skip_pixels = 2;
   ps.skip_rows = 1;
   ps.swap_bytes = GL_TRUE;
   uint8_t buf[1024];
   memset(buf, 0, sizeof(buf));
   size_t span = st_unpack_image_size(&ps, GL_RGBA, GL_UNSIGNED_SHORT, W, H, 1, 2);
   CHECK(span <= sizeof(buf), "span %zu", span);
   for (unsigned y = 0; y < H; y++) {
      size_t off = st_pack_offset(&ps, GL_RGBA, GL_UNSIGNED_SHORT, W, 0, (int)y);
      CHECK(off == st_unpack_offset(&ps, GL_RGBA, GL_UNSIGNED_SHORT, W, H, 2, 0, (int)y, 0),
            "pack and unpack agree on row %u", y);
      st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT, (const float (*)[4])&orig[y * W], W, buf + off,
                   true);
   }
   /* The last byte written is the last byte of the span. */
   CHECK(buf[span - 1] != 0 || buf[span - 2] != 0, "span end");
   float px[W * H][4];
   CHECK(st_unpack_image_rgba(&ps, GL_RGBA, GL_UNSIGNED_SHORT, W, H, 2, 0, buf, px, NULL),
         "unpack image");
   unsigned bad = 0;
   for (unsigned i = 0; i < W * H; i++)
      for (unsigned c = 0; c < 4; c++)
         bad += px[i][c] != orig[i][c];
   CHECK(bad == 0, "%u components differ after the round trip", bad);

   /* Depth through ushort and 24_8, stencil through a bitmap. */
   const float z[4] = { 0.0f, 1.0f, 0.5f, 0.25f };
   uint16_t zb[4];
   float zz[4];
   st_pack_depth(GL_UNSIGNED_SHORT, z, 4, zb, false);
   st_unpack_depth(GL_UNSIGNED_SHORT, zb, 4, zz, false);
   CHECK(zz[0] == 0.0f && zz[1] == 1.0f && fabsf(zz[2] - 0.5f) <= 0.5f / 65535.0f,
         "depth round trip %.9g", (double)zz[2]);
   const uint8_t st[10] = { 1, 0, 1, 1, 0, 0, 1, 0, 1, 1 };
   uint8_t packed[3] = { 0, 0, 0 }, st2[10];
   st_pack_stencil(GL_BITMAP, st, 10, packed, false, true, 3);
   st_unpack_stencil(GL_BITMAP, packed, 10, st2, false, true, 3);
   CHECK(!memcmp(st, st2, 10), "stencil bitmap round trip");
   uint32_t dsw[1];
   const float zd[1] = { 0.75f };
   const uint8_t sd[1] = { 0x5a };
   float zo;
   uint8_t so;
   st_pack_depth_stencil(zd, sd, 1, dsw, true);
   st_unpack_depth_stencil(dsw, 1, &zo, &so, true);
   CHECK(so == 0x5a && fabsf(zo - 0.75f) < 1e-7f, "depth/stencil round trip");
}

/* GL_ARB_texture_rg, GL_EXT_packed_float, GL_EXT_texture_shared_exponent
 * client data: accepted only with their feature, the format rules, and
 * the values. */
static void
test_format_extensions(void)
{
   const struct st_pixel_features ext = { true, true, true, true, true, true, true, true };
   const struct st_pixel_features base = { true, true, true, true, true };
   CHECK_EQ_INT(st_unpack_check(&base, GL_RG, GL_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_RG, GL_FLOAT), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_RG, GL_UNSIGNED_BYTE_3_3_2), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_RG_INTEGER, GL_UNSIGNED_SHORT), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&base, GL_RG_INTEGER, GL_UNSIGNED_SHORT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&base, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&base, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_RGBA, GL_UNSIGNED_INT_10F_11F_11F_REV),
                GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_unpack_check(&ext, GL_BGR, GL_UNSIGNED_INT_5_9_9_9_REV), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pixel_size(GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV), 4);
   CHECK_EQ_INT(st_pixel_size(GL_RG, GL_FLOAT), 8);

   float px[2][4];
   const float rg[4] = { 0.25f, 0.75f, 1.0f, 0.5f };
   CHECK(st_unpack_rgba_float(GL_RG, GL_FLOAT, rg, 2, px, false, false, 0, NULL), "GL_RG");
   CHECK_RGBA(px[0], 0.25, 0.75, 0.0, 1.0);
   CHECK_RGBA(px[1], 1.0, 0.5, 0.0, 1.0);

   /* R = 1.0 (exponent 15), G = 2.0 (16) as 11-bit floats, B = 0.5 (14)
    * as a 10-bit float; second pixel: R = 1.5 (15, mantissa 32 of 64) */
   uint32_t pf[2] = { (15u << 6) | (16u << 6) << 11 | (14u << 5) << 22, (15u << 6) | 32u };
   CHECK(st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, pf, 2, px, false,
                              false, 0, NULL), "10F_11F_11F_REV");
   CHECK_RGBA(px[0], 1.0, 2.0, 0.5, 1.0);
   CHECK_RGBA(px[1], 1.5, 0.0, 0.0, 1.0);
   /* shared exponent 16 (2^(16 - 15 - 9) = 1/256): R = 256, G = 128, B = 64 */
   uint32_t se = 256u | 128u << 9 | 64u << 18 | 16u << 27;
   uint32_t se_swapped = (se >> 24) | ((se >> 8) & 0xff00u) | ((se << 8) & 0xff0000u) | (se << 24);
   CHECK(st_unpack_rgba_float(GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, &se_swapped, 1, px, true,
                              false, 0, NULL), "5_9_9_9_REV");
   CHECK_RGBA(px[0], 1.0, 0.5, 0.25, 1.0);

   /* GL_FLOAT_32_UNSIGNED_INT_24_8_REV (GL_ARB_depth_buffer_float) */
   const struct st_pixel_features df = { .depth_stencil = true, .depth_float = true };
   CHECK_EQ_INT(st_unpack_check(&ext, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
                GL_INVALID_ENUM);
   CHECK_EQ_INT(st_unpack_check(&df, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
                GL_NO_ERROR);
   CHECK_EQ_INT(st_unpack_check(&df, GL_DEPTH_COMPONENT, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
                GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pixel_size(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV), 8);
   const struct st_pixelstore ps4 = { .alignment = 4 };
   CHECK_EQ_INT(st_pixel_row_stride(&ps4, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 3),
                24);
   uint32_t dsw[4] = { 0x3f400000u, 0xffffff5au, 0x3e800000u, 0x00000007u };   /* .75, .25 */
   float zo[2];
   uint8_t so[2];
   st_unpack_depth_stencil_32f(dsw, 2, zo, so, false);
   CHECK(zo[0] == 0.75f && so[0] == 0x5a && zo[1] == 0.25f && so[1] == 7,
         "32F_24_8_REV: %g %d %g %d", zo[0], so[0], zo[1], so[1]);
}

int
main(void)
{
   test_check();
   test_format_extensions();
   test_normalization();
   test_formats();
   test_indices();
   test_packed();
   test_integer();
   test_depth_stencil();
   test_bitmaps();
   test_addressing();
   test_round_trip_bytes();
   test_round_trip_image();
   return st_test_finish("st_test_unpack");
}
