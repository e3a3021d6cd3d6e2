/*
 * Pixel packing helpers (st_pixel_pack.c) against hand-computed bytes.
 */
#include <string.h>

#include "st_pixel_pack.h"
#include "st_test_util.h"

static const float px_rgba[2][4] = {
   { 1.0f, 0.5f, 0.25f, 0.0f },
   { 0.0f, 1.0f, 2.0f, -1.0f },   /* out of range: clamped */
};

static void
test_check(void)
{
   struct st_pack_features all = { true, true, true, true };
   struct st_pack_features none = { false, false, false, true };

   CHECK_EQ_INT(st_pack_check(&all, GL_RGBA, GL_UNSIGNED_BYTE), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGBA, GL_UNSIGNED_BYTE_3_3_2), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGB, GL_UNSIGNED_BYTE_3_3_2), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&all, GL_BGR, GL_UNSIGNED_SHORT_5_6_5), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&all, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&all, GL_LUMINANCE, GL_UNSIGNED_INT_8_8_8_8), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGBA, GL_BITMAP), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&all, GL_STENCIL_INDEX, GL_BITMAP), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&all, GL_COLOR_INDEX, GL_UNSIGNED_BYTE), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&all, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&all, GL_DEPTH_STENCIL, GL_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&all, GL_DEPTH_STENCIL, GL_UNSIGNED_INT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGBA, GL_UNSIGNED_INT_24_8), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGBA, GL_HALF_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&all, GL_RGBA, 0x1234), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&all, 0x1234, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&none, GL_BGRA, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&none, GL_RGB, GL_UNSIGNED_BYTE_3_3_2), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&none, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), GL_INVALID_ENUM);
}

static void
test_sizes(void)
{
   CHECK_EQ_INT(st_pack_pixel_size(GL_RGBA, GL_UNSIGNED_BYTE), 4);
   CHECK_EQ_INT(st_pack_pixel_size(GL_RGB, GL_FLOAT), 12);
   CHECK_EQ_INT(st_pack_pixel_size(GL_LUMINANCE_ALPHA, GL_SHORT), 4);
   CHECK_EQ_INT(st_pack_pixel_size(GL_RGB, GL_UNSIGNED_SHORT_5_6_5), 2);
   CHECK_EQ_INT(st_pack_pixel_size(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV), 4);

   struct st_pixelstore ps = { 0 };
   ps.alignment = 4;
   /* 3 RGB ubyte pixels = 9 bytes -> 12 */
   CHECK_EQ_INT(st_pack_row_stride(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3), 12);
   ps.alignment = 1;
   CHECK_EQ_INT(st_pack_row_stride(&ps, GL_RGB, GL_UNSIGNED_BYTE, 3), 9);
   ps.alignment = 8;
   ps.row_length = 5;
   /* 5 * 2 components * 2 bytes = 20 -> 24 */
   CHECK_EQ_INT(st_pack_row_stride(&ps, GL_LUMINANCE_ALPHA, GL_UNSIGNED_SHORT, 3), 24);
   /* element size >= alignment: no padding */
   ps.alignment = 2;
   ps.row_length = 0;
   CHECK_EQ_INT(st_pack_row_stride(&ps, GL_RGB, GL_FLOAT, 3), 36);
   /* bitmaps: 10 bits, alignment 2 -> 2 bytes; 17 bits -> 4 */
   CHECK_EQ_INT(st_pack_row_stride(&ps, GL_STENCIL_INDEX, GL_BITMAP, 10), 2);
   CHECK_EQ_INT(st_pack_row_stride(&ps, GL_STENCIL_INDEX, GL_BITMAP, 17), 4);

   ps.alignment = 4;
   ps.skip_pixels = 2;
   ps.skip_rows = 3;
   /* RGBA ubyte, width 4: stride 16; (col 1, row 1) -> (3 + 1) * 16 + (2 + 1) * 4 */
   CHECK_EQ_INT(st_pack_offset(&ps, GL_RGBA, GL_UNSIGNED_BYTE, 4, 1, 1), 4 * 16 + 3 * 4);
   /* bitmap offsets are in bits: width 8 -> stride 4 bytes = 32 bits */
   CHECK_EQ_INT(st_pack_offset(&ps, GL_STENCIL_INDEX, GL_BITMAP, 8, 1, 0), 3 * 32 + 3);
}

static void
test_conversions(void)
{
   CHECK_EQ_INT(st_float_to_unorm(0.5f, 8), 128);
   CHECK_EQ_INT(st_float_to_unorm(1.5f, 8), 255);
   CHECK_EQ_INT(st_float_to_unorm(-0.5f, 8), 0);
   CHECK_EQ_INT(st_float_to_unorm(1.0f, 32), 0xffffffffu);
   CHECK_EQ_INT(st_float_to_unorm(1.0f / 3.0f, 2), 1);
   CHECK_EQ_INT(st_float_to_snorm(1.0f, 8), 127);
   CHECK_EQ_INT(st_float_to_snorm(0.0f, 8), 0);
   CHECK_EQ_INT(st_float_to_snorm(0.5f, 8), 63);        /* (127.5 - 1) / 2 = 63.25 */
   CHECK_EQ_INT(st_float_to_snorm(1.0f, 16), 32767);
   CHECK_EQ_INT(st_float_to_snorm(1.0f, 32), 2147483647);
}

static void
test_rgba(void)
{
   uint8_t b[32];
   memset(b, 0, sizeof b);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_BYTE, px_rgba, 2, b, false);
   const uint8_t rgba8[8] = { 255, 128, 64, 0, 0, 255, 255, 0 };
   CHECK(!memcmp(b, rgba8, 8), "RGBA ubyte %d %d %d %d %d %d %d %d", b[0], b[1], b[2], b[3],
         b[4], b[5], b[6], b[7]);

   st_pack_rgba(GL_BGR, GL_UNSIGNED_BYTE, px_rgba, 1, b, false);
   CHECK(b[0] == 64 && b[1] == 128 && b[2] == 255, "BGR ubyte");

   st_pack_rgba(GL_ALPHA, GL_UNSIGNED_BYTE, px_rgba, 2, b, false);
   CHECK(b[0] == 0 && b[1] == 0, "ALPHA");
   st_pack_rgba(GL_BLUE, GL_UNSIGNED_BYTE, px_rgba, 2, b, false);
   CHECK(b[0] == 64 && b[1] == 255, "BLUE");

   const float grey[1][4] = { { 0.25f, 0.25f, 0.25f, 0.5f } };
   st_pack_rgba(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, grey, 1, b, false);
   CHECK(b[0] == 191 && b[1] == 128, "LUMINANCE_ALPHA L = R+G+B: %d %d", b[0], b[1]);

   uint16_t s[4];
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT, px_rgba, 1, s, false);
   CHECK(s[0] == 65535 && s[1] == 32768 && s[2] == 16384 && s[3] == 0, "RGBA ushort %u %u %u %u",
         s[0], s[1], s[2], s[3]);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT, px_rgba, 1, s, true);
   CHECK(s[1] == 0x0080 && s[2] == 0x0040, "RGBA ushort swapped 0x%x 0x%x", s[1], s[2]);

   int16_t ss[4];
   st_pack_rgba(GL_RGBA, GL_SHORT, px_rgba, 1, ss, false);
   CHECK(ss[0] == 32767 && ss[1] == 16383 && ss[3] == 0, "RGBA short %d %d %d", ss[0], ss[1],
         ss[3]);

   uint32_t u[4];
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_INT, px_rgba, 1, u, false);
   CHECK(u[0] == 0xffffffffu && u[1] == 0x80000000u && u[3] == 0, "RGBA uint 0x%x 0x%x", u[0],
         u[1]);
   int32_t si[4];
   st_pack_rgba(GL_RGBA, GL_INT, px_rgba, 1, si, false);
   CHECK(si[0] == 2147483647 && si[3] == 0, "RGBA int %d", si[0]);

   float f[8];
   st_pack_rgba(GL_RGBA, GL_FLOAT, px_rgba, 2, f, false);
   CHECK(f[0] == 1.0f && f[1] == 0.5f && f[6] == 1.0f && f[7] == 0.0f, "RGBA float clamped");
}

static void
test_packed(void)
{
   uint8_t b;
   uint16_t s;
   uint32_t w;

   /* R=1 -> 7, G=.5 -> round(3.5)=4, B=.25 -> round(.75)=1 */
   st_pack_rgba(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, px_rgba, 1, &b, false);
   CHECK_EQ_INT(b, (7u << 5) | (4u << 2) | 1u);
   st_pack_rgba(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, px_rgba, 1, &b, false);
   CHECK_EQ_INT(b, (1u << 6) | (4u << 3) | 7u);

   /* 5_6_5: R 31, G round(31.5)=32, B round(7.75)=8 */
   st_pack_rgba(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, (31u << 11) | (32u << 5) | 8u);
   st_pack_rgba(GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, (8u << 11) | (32u << 5) | 31u);

   /* 4_4_4_4: 15, round(7.5)=8, round(3.75)=4, 0 */
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, 0xf840);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, 0x048f);
   st_pack_rgba(GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, 0x48f0);

   /* 5_5_5_1: 31, round(15.5)=16, round(7.75)=8, 0 */
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, (31u << 11) | (16u << 6) | (8u << 1) | 0u);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, px_rgba, 1, &s, false);
   CHECK_EQ_INT(s, (0u << 15) | (8u << 10) | (16u << 5) | 31u);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, px_rgba, 1, &s, true);
   CHECK_EQ_INT(s, (uint16_t)((((8u << 10) | (16u << 5) | 31u) >> 8) |
                              ((((8u << 10) | (16u << 5) | 31u) & 0xff) << 8)));

   st_pack_rgba(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, px_rgba, 1, &w, false);
   CHECK_EQ_INT(w, 0xff804000u);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, px_rgba, 1, &w, false);
   CHECK_EQ_INT(w, 0x004080ffu);
   st_pack_rgba(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, px_rgba, 1, &w, false);
   CHECK_EQ_INT(w, 0x00ff8040u);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, px_rgba, 1, &w, true);
   CHECK_EQ_INT(w, 0x004080ffu);

   /* 10_10_10_2: 1023, round(511.5)=512, round(255.75)=256, 0 */
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, px_rgba, 1, &w, false);
   CHECK_EQ_INT(w, (1023u << 22) | (512u << 12) | (256u << 2) | 0u);
   st_pack_rgba(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, px_rgba, 1, &w, false);
   CHECK_EQ_INT(w, (0u << 30) | (256u << 20) | (512u << 10) | 1023u);
}

static void
test_depth_stencil(void)
{
   const float z[2] = { 0.5f, 1.0f };
   uint16_t zs[2];
   st_pack_depth(GL_UNSIGNED_SHORT, z, 2, zs, false);
   CHECK(zs[0] == 32768 && zs[1] == 65535, "depth ushort %u %u", zs[0], zs[1]);
   float zf[2];
   st_pack_depth(GL_FLOAT, z, 2, zf, false);
   CHECK(zf[0] == 0.5f && zf[1] == 1.0f, "depth float");

   const uint8_t s[10] = { 1, 0, 3, 0, 0, 0, 0, 1, 1, 200 };
   uint8_t bits[2] = { 0x00, 0xff };
   st_pack_stencil(GL_BITMAP, s, 10, bits, false, false, 0);
   /* MSB first: bits 1 0 1 0 0 0 0 1 | 1 0 */
   CHECK_EQ_INT(bits[0], 0xa1);
   CHECK_EQ_INT(bits[1], 0xbf);   /* bit 7 set, bit 6 cleared, rest untouched */
   bits[0] = bits[1] = 0;
   st_pack_stencil(GL_BITMAP, s, 3, bits, false, true, 2);
   /* LSB first from bit 2: bits 2, 4 set */
   CHECK_EQ_INT(bits[0], 0x14);
   int8_t sb[2];
   st_pack_stencil(GL_BYTE, s + 8, 2, sb, false, false, 0);
   CHECK(sb[0] == 1 && sb[1] == (200 & 0x7f), "stencil as byte masked: %d", sb[1]);
   uint32_t su;
   st_pack_stencil(GL_UNSIGNED_INT, s + 9, 1, &su, true, false, 0);
   CHECK_EQ_INT(su, 200u << 24);

   uint32_t ds;
   const uint8_t s8 = 0x12;
   st_pack_depth_stencil(z + 1, &s8, 1, &ds, false);
   CHECK_EQ_INT(ds, 0xffffff12u);
}

/* GL_RG, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_UNSIGNED_INT_5_9_9_9_REV */
static void
test_format_extensions(void)
{
   struct st_pack_features base = { true, true, true, true };
   struct st_pack_features ext = { true, true, true, true, true, true, true };
   CHECK_EQ_INT(st_pack_check(&base, GL_RG, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&ext, GL_RG, GL_UNSIGNED_BYTE), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&base, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&ext, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&ext, GL_RGBA, GL_UNSIGNED_INT_10F_11F_11F_REV),
                GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&ext, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&ext, GL_RGBA, GL_UNSIGNED_INT_5_9_9_9_REV), GL_INVALID_OPERATION);

   uint8_t rg[4];
   st_pack_rgba(GL_RG, GL_UNSIGNED_BYTE, px_rgba, 2, rg, false);
   CHECK(rg[0] == 255 && rg[1] == 128 && rg[2] == 0 && rg[3] == 255, "GL_RG bytes %d %d %d %d",
         rg[0], rg[1], rg[2], rg[3]);

   const float c[1][4] = { { 1.0f, 0.5f, 0.25f, 0.0f } };
   uint32_t w = 0;
   st_pack_rgba(GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, c, 1, &w, false);
   /* 1.0 = exponent 15, 0.5 = 14 (11-bit: mantissa 6 bits), 0.25 = 13 (10-bit: 5) */
   CHECK_EQ_INT(w, (15u << 6) | (14u << 6) << 11 | (13u << 5) << 22);
   st_pack_rgba(GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, c, 1, &w, false);
   CHECK_EQ_INT(w, 256u | 128u << 9 | 64u << 18 | 16u << 27);
   st_pack_rgba(GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, c, 1, &w, true);
   CHECK_EQ_INT(w, 0x00010181u);   /* 0x81010100 byte-swapped */

   /* GL_HALF_FLOAT (GL_ARB_half_float_pixel): 1.0 = 0x3c00, 0.5 = 0x3800,
    * 0.25 = 0x3400, 0 */
   struct st_pack_features hf = { .bgra = true, .half_float = true, .rgba_mode = true };
   CHECK_EQ_INT(st_pack_check(&base, GL_RGBA, GL_HALF_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&hf, GL_RGBA, GL_HALF_FLOAT), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&hf, GL_DEPTH_STENCIL, GL_HALF_FLOAT), GL_INVALID_ENUM);
   uint16_t h[4];
   st_pack_rgba(GL_RGBA, GL_HALF_FLOAT, c, 1, h, false);
   CHECK(h[0] == 0x3c00 && h[1] == 0x3800 && h[2] == 0x3400 && h[3] == 0,
         "half floats %04x %04x %04x %04x", h[0], h[1], h[2], h[3]);
   float z = 0.5f;
   st_pack_depth(GL_HALF_FLOAT, &z, 1, h, true);
   CHECK_EQ_INT(h[0], 0x0038);

   /* GL_FLOAT_32_UNSIGNED_INT_24_8_REV (GL_ARB_depth_buffer_float) */
   struct st_pack_features df = { .depth_stencil = true, .depth_float = true, .rgba_mode = true };
   CHECK_EQ_INT(st_pack_check(&ext, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
                GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&df, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
                GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&df, GL_RGBA, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
                GL_INVALID_OPERATION);
   const float zs[2] = { 0.75f, 0.25f };
   const uint8_t ss[2] = { 0x5a, 7 };
   uint32_t ds[4];
   st_pack_depth_stencil_32f(zs, ss, 2, ds, false);
   CHECK(ds[0] == 0x3f400000u && ds[1] == 0x5a && ds[2] == 0x3e800000u && ds[3] == 7,
         "32F_24_8_REV %08x %08x %08x %08x", ds[0], ds[1], ds[2], ds[3]);
   st_pack_depth_stencil_32f(zs, ss, 1, ds, true);
   CHECK(ds[0] == 0x0000403fu && ds[1] == 0x5a000000u, "swapped 32F_24_8_REV %08x %08x",
         ds[0], ds[1]);
}

/* EXT_texture_integer: integer client formats, integer packing, buffer rules */
static void
test_integer(void)
{
   struct st_pack_features off = { .bgra = true, .packed_pixels = true, .rgba_mode = true };
   struct st_pack_features on = off;
   on.integer = true;
   struct st_pack_features rg = on;
   rg.rg = true;
   CHECK_EQ_INT(st_pack_check(&off, GL_RGBA_INTEGER, GL_INT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&on, GL_RGBA_INTEGER, GL_INT), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&on, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_SHORT),
                GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&on, GL_BGRA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&on, GL_RGBA_INTEGER, GL_FLOAT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&on, GL_RGB_INTEGER, GL_UNSIGNED_BYTE_3_3_2), GL_NO_ERROR);
   CHECK_EQ_INT(st_pack_check(&on, GL_ALPHA_INTEGER, GL_UNSIGNED_BYTE_3_3_2),
                GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pack_check(&on, GL_RGBA_INTEGER, GL_BITMAP), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&on, GL_RG_INTEGER, GL_INT), GL_INVALID_ENUM);
   CHECK_EQ_INT(st_pack_check(&rg, GL_RG_INTEGER, GL_INT), GL_NO_ERROR);

   /* buffer/format agreement */
   CHECK_EQ_INT(st_pixel_integer_match(GL_RGBA_INTEGER, true), GL_NO_ERROR);
   CHECK_EQ_INT(st_pixel_integer_match(GL_RGBA_INTEGER, false), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pixel_integer_match(GL_RGBA, true), GL_INVALID_OPERATION);
   CHECK_EQ_INT(st_pixel_integer_match(GL_RGBA, false), GL_NO_ERROR);
   CHECK_EQ_INT(st_pixel_integer_match(GL_DEPTH_COMPONENT, true), GL_NO_ERROR);
   CHECK_EQ_INT(st_pixel_integer_match(GL_STENCIL_INDEX, true), GL_NO_ERROR);

   /* unsigned values: no normalization, clamped to the type */
   const uint32_t u[2][4] = { { 5, 300, 70000, 1 }, { 0, 255, 65535, 0x80000000u } };
   GLubyte b[8];
   CHECK(st_pack_rgba_int(GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, u, 2, false, b, false), "ub");
   CHECK(b[0] == 5 && b[1] == 255 && b[2] == 255 && b[3] == 1 && b[5] == 255 && b[7] == 255,
         "RGBA_INTEGER ub %u %u %u %u / %u %u", b[0], b[1], b[2], b[3], b[5], b[7]);
   GLint ints[8];
   CHECK(st_pack_rgba_int(GL_BGRA_INTEGER, GL_INT, u, 2, false, ints, false), "int");
   CHECK(ints[0] == 70000 && ints[1] == 300 && ints[2] == 5 && ints[3] == 1 &&
         ints[7] == 2147483647, "BGRA_INTEGER int %d %d %d %d %d", ints[0], ints[1], ints[2],
         ints[3], ints[7]);
   /* signed values: negatives clamp to 0 in unsigned types, kept in signed ones */
   const uint32_t s[1][4] = { { (uint32_t)-7, (uint32_t)-200, 100, (uint32_t)-1 } };
   GLbyte sb[4];
   CHECK(st_pack_rgba_int(GL_RGBA_INTEGER, GL_BYTE, s, 1, true, sb, false), "byte");
   CHECK(sb[0] == -7 && sb[1] == -128 && sb[2] == 100 && sb[3] == -1, "RGBA_INTEGER byte %d %d %d %d",
         sb[0], sb[1], sb[2], sb[3]);
   GLushort us[2];
   CHECK(st_pack_rgba_int(GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_SHORT, s, 1, true, us,
                          false), "LA");
   CHECK(us[0] == 0 && us[1] == 0, "LA_INTEGER us %u %u", us[0], us[1]);
   GLint li[1];
   CHECK(st_pack_rgba_int(GL_LUMINANCE_INTEGER_EXT, GL_INT, s, 1, true, li, false), "L");
   CHECK(li[0] == -7, "L_INTEGER is R: %d", li[0]);
   /* packed: fields clamped to their width */
   const uint32_t pk[1][4] = { { 3, 2000, 512, 9 } };
   GLuint w = 0;
   CHECK(st_pack_rgba_int(GL_RGBA_INTEGER, GL_UNSIGNED_INT_10_10_10_2, pk, 1, false, &w, false),
         "packed");
   CHECK(w == ((3u << 22) | (1023u << 12) | (512u << 2) | 3u), "10_10_10_2 %08x", w);
   /* swap bytes */
   GLushort sw[1];
   const uint32_t one[1][4] = { { 0x1234, 0, 0, 0 } };
   CHECK(st_pack_rgba_int(GL_RED_INTEGER, GL_UNSIGNED_SHORT, one, 1, false, sw, true), "swap");
   CHECK(sw[0] == 0x3412, "swapped %04x", sw[0]);
   /* not integer formats / float types */
   CHECK(!st_pack_rgba_int(GL_RGBA, GL_UNSIGNED_BYTE, u, 1, false, b, false), "RGBA refused");
   CHECK(!st_pack_rgba_int(GL_RGBA_INTEGER, GL_FLOAT, u, 1, false, ints, false), "FLOAT refused");
}

int
main(void)
{
   test_integer();
   test_check();
   test_format_extensions();
   test_sizes();
   test_conversions();
   test_rgba();
   test_packed();
   test_depth_stencil();
   return st_test_finish("st_test_pack");
}
