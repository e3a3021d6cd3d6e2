/*
 * The format module against hand-computed values: the description table,
 * pack/unpack of every plain family, integer clamping, half floats, sRGB,
 * depth/stencil packing that leaves the other component alone, the
 * packed-float formats and compressed block decoding.
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

static bool
near(float a, float b, float tol)
{
   return fabsf(a - b) <= tol || (isinf(a) && isinf(b) && (a > 0) == (b > 0));
}

/* --- the table -------------------------------------------------------- */

static void
test_table(void)
{
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      const struct util_format_description *d = util_format_description((enum pipe_format)f);
      char lower[64];
      unsigned bits = 0;

      CHECK(d->format == (enum pipe_format)f, "table entry %u has format %d", f, d->format);
      CHECK(d->name && !strncmp(d->name, "PIPE_FORMAT_", 12), "format %u: bad name", f);
      if (!d->name)
         continue;
      CHECK(d->block_bytes > 0, "%s: zero block size", d->name);
      CHECK(d->nr_channels >= 1 && d->nr_channels <= 4, "%s: %u channels", d->name,
            d->nr_channels);
      snprintf(lower, sizeof lower, "%s", d->name + 12);
      for (char *p = lower; *p; p++)
         *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
      CHECK(!strcmp(lower, d->short_name), "%s: short name %s", d->name, d->short_name);
      CHECK(util_format_from_name(d->name) == (enum pipe_format)f, "from_name(%s)", d->name);
      CHECK(util_format_from_name(d->short_name) == (enum pipe_format)f, "from_name(%s)",
            d->short_name);
      CHECK(!strcmp(util_format_name((enum pipe_format)f), d->name), "%s: util_format_name",
            d->name);
      if (d->layout == UTIL_FORMAT_LAYOUT_PLAIN || d->layout == UTIL_FORMAT_LAYOUT_OTHER) {
         for (unsigned c = 0; c < d->nr_channels; c++) {
            CHECK(d->channel[c].shift == bits, "%s: channel %u at bit %u, expected %u",
                  d->name, c, d->channel[c].shift, bits);
            bits += d->channel[c].size;
         }
         CHECK(bits == d->block_bytes * 8u, "%s: channels cover %u bits of %u", d->name, bits,
               d->block_bytes * 8u);
         CHECK(d->block_width == 1 && d->block_height == 1, "%s: block size", d->name);
      } else {
         if (d->layout == UTIL_FORMAT_LAYOUT_FXT1)
            CHECK(d->block_width == 8 && d->block_height == 4, "%s: block size", d->name);
         else
            CHECK(d->block_width == 4 && d->block_height == 4, "%s: block size", d->name);
      }
      for (unsigned i = 0; i < 4; i++)
         CHECK(d->swizzle[i] <= UTIL_FORMAT_SWIZZLE_NONE &&
               (d->swizzle[i] >= 4 || d->swizzle[i] < d->nr_channels),
               "%s: swizzle[%u] = %u", d->name, i, d->swizzle[i]);
   }
   CHECK(util_format_description(PIPE_FORMAT_NONE)->block_bytes == 0, "NONE has a size");
   CHECK(util_format_description((enum pipe_format)9999)->format == PIPE_FORMAT_NONE,
         "out-of-range enum not mapped to NONE");
   CHECK(util_format_from_name("B8G8R8A8_UNORM") == PIPE_FORMAT_B8G8R8A8_UNORM, "from_name");
   CHECK(util_format_from_name("no_such_format") == PIPE_FORMAT_NONE, "from_name(bogus)");
   CHECK(util_format_from_name(NULL) == PIPE_FORMAT_NONE, "from_name(NULL)");

   CHECK(util_format_get_blocksize(PIPE_FORMAT_R32G32B32A32_FLOAT) == 16, "blocksize");
   CHECK(util_format_get_stride(PIPE_FORMAT_R8G8B8_UNORM, 3) == 9, "stride rgb8");
   CHECK(util_format_get_stride(PIPE_FORMAT_DXT1_RGB, 5) == 16, "stride dxt1 width 5");
   CHECK(util_format_get_stride(PIPE_FORMAT_DXT5_RGBA, 4) == 16, "stride dxt5 width 4");
   CHECK(util_format_get_nblocksy(PIPE_FORMAT_DXT1_RGB, 5) == 2, "nblocksy dxt1");
   CHECK(util_format_get_nblocksy(PIPE_FORMAT_R8_UNORM, 5) == 5, "nblocksy r8");

   CHECK(util_format_is_depth_or_stencil(PIPE_FORMAT_S8_UINT), "S8 is stencil");
   CHECK(util_format_is_depth_or_stencil(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT), "Z32F_S8X24");
   CHECK(!util_format_is_depth_or_stencil(PIPE_FORMAT_R32_FLOAT), "R32F is colour");
   CHECK(util_format_has_alpha(PIPE_FORMAT_B8G8R8A8_UNORM), "BGRA has alpha");
   CHECK(!util_format_has_alpha(PIPE_FORMAT_B8G8R8X8_UNORM), "BGRX has no alpha");
   CHECK(util_format_has_alpha(PIPE_FORMAT_A8_UNORM), "A8 has alpha");
   CHECK(util_format_has_alpha(PIPE_FORMAT_I8_UNORM), "I8 has alpha");
   CHECK(!util_format_has_alpha(PIPE_FORMAT_L8_UNORM), "L8 has no alpha");
   CHECK(util_format_description(PIPE_FORMAT_R8G8B8A8_SRGB)->is_srgb, "srgb flag");
   CHECK(util_format_description(PIPE_FORMAT_R16_SINT)->is_pure_integer, "int flag");
}

/* --- pack float -------------------------------------------------------- */

struct pack_case {
   enum pipe_format format;
   float rgba[4];
   unsigned nbytes;
   uint8_t bytes[32];
};

static const struct pack_case pack_cases[] = {
   /* unorm8: f * 255 + 0.5, clamped */
   { PIPE_FORMAT_R8G8B8A8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 4, { 255, 128, 64, 0 } },
   { PIPE_FORMAT_R8G8B8A8_UNORM, { -1.0f, 2.0f, NAN, 0.1f }, 4, { 0, 255, 0, 26 } },
   { PIPE_FORMAT_B8G8R8A8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 4, { 64, 128, 255, 0 } },
   { PIPE_FORMAT_B8G8R8X8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 3, { 64, 128, 255 } },
   { PIPE_FORMAT_R8G8B8X8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 3, { 255, 128, 64 } },
   { PIPE_FORMAT_A8R8G8B8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 4, { 0, 255, 128, 64 } },
   { PIPE_FORMAT_X8R8G8B8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 4, { 0, 255, 128, 64 } },
   { PIPE_FORMAT_A8B8G8R8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 4, { 0, 64, 128, 255 } },
   { PIPE_FORMAT_R8G8B8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 3, { 255, 128, 64 } },
   { PIPE_FORMAT_B8G8R8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 3, { 64, 128, 255 } },
   { PIPE_FORMAT_R8G8_UNORM, { 1.0f, 0.5f, 0.25f, 0.0f }, 2, { 255, 128 } },
   { PIPE_FORMAT_R8_UNORM, { 0.5f, 1.0f, 1.0f, 1.0f }, 1, { 128 } },
   /* snorm8: round(f * 127), clamped to [-1, 1] */
   { PIPE_FORMAT_R8G8B8A8_SNORM, { 1.0f, -1.0f, 0.5f, -0.5f }, 4, { 127, 0x81, 64, 0xc0 } },
   { PIPE_FORMAT_R8G8_SNORM, { -2.0f, 2.0f, 0, 0 }, 2, { 0x81, 127 } },
   { PIPE_FORMAT_R8_SNORM, { 0.0f, 0, 0, 0 }, 1, { 0 } },
   /* sRGB: linear 0.5 -> 0.7354 -> 188; alpha stays linear */
   { PIPE_FORMAT_R8G8B8A8_SRGB, { 0.5f, 1.0f, 0.0f, 0.5f }, 4, { 188, 255, 0, 128 } },
   { PIPE_FORMAT_B8G8R8A8_SRGB, { 0.5f, 1.0f, 0.0f, 0.5f }, 4, { 0, 255, 188, 128 } },
   { PIPE_FORMAT_B8G8R8X8_SRGB, { 0.5f, 1.0f, 0.0f, 0.5f }, 3, { 0, 255, 188 } },
   { PIPE_FORMAT_R8G8B8_SRGB, { 0.5f, 1.0f, 0.0f, 0.5f }, 3, { 188, 255, 0 } },
   { PIPE_FORMAT_L8_SRGB, { 0.5f, 0.0f, 0.0f, 0.0f }, 1, { 188 } },
   { PIPE_FORMAT_L8A8_SRGB, { 0.5f, 0.0f, 0.0f, 0.5f }, 2, { 188, 128 } },
   /* legacy: L and I take R, A takes A */
   { PIPE_FORMAT_A8_UNORM, { 1.0f, 1.0f, 1.0f, 0.5f }, 1, { 128 } },
   { PIPE_FORMAT_L8_UNORM, { 0.5f, 0.0f, 0.0f, 0.0f }, 1, { 128 } },
   { PIPE_FORMAT_L8A8_UNORM, { 1.0f, 0.0f, 0.0f, 0.5f }, 2, { 255, 128 } },
   { PIPE_FORMAT_I8_UNORM, { 0.25f, 0.0f, 0.0f, 1.0f }, 1, { 64 } },
   { PIPE_FORMAT_L16_UNORM, { 1.0f / 3.0f, 0, 0, 0 }, 2, { 0x55, 0x55 } },
   { PIPE_FORMAT_A16_UNORM, { 0, 0, 0, 1.0f }, 2, { 0xff, 0xff } },
   /* packed: little-endian words */
   { PIPE_FORMAT_B5G6R5_UNORM, { 1.0f, 0.0f, 0.0f, 0.0f }, 2, { 0x00, 0xf8 } },
   { PIPE_FORMAT_B5G6R5_UNORM, { 0.0f, 1.0f, 0.0f, 0.0f }, 2, { 0xe0, 0x07 } },
   { PIPE_FORMAT_B5G6R5_UNORM, { 0.5f, 0.5f, 0.5f, 0.0f }, 2, { 0x10, 0x84 } },
   { PIPE_FORMAT_B5G5R5A1_UNORM, { 1.0f, 0.0f, 0.0f, 1.0f }, 2, { 0x00, 0xfc } },
   { PIPE_FORMAT_B5G5R5X1_UNORM, { 0.0f, 0.0f, 1.0f, 1.0f }, 2, { 0x1f, 0x00 } },
   { PIPE_FORMAT_B4G4R4A4_UNORM, { 1.0f, 0.0f, 0.0f, 0.0f }, 2, { 0x00, 0x0f } },
   { PIPE_FORMAT_B4G4R4A4_UNORM, { 0.0f, 0.0f, 1.0f, 1.0f }, 2, { 0x0f, 0xf0 } },
   { PIPE_FORMAT_B4G4R4X4_UNORM, { 0.0f, 1.0f, 0.0f, 1.0f }, 2, { 0xf0, 0x00 } },
   { PIPE_FORMAT_R10G10B10A2_UNORM, { 1.0f, 0.0f, 0.0f, 1.0f }, 4, { 0xff, 0x03, 0x00, 0xc0 } },
   { PIPE_FORMAT_B10G10R10A2_UNORM, { 1.0f, 0.0f, 0.0f, 1.0f }, 4, { 0x00, 0x00, 0xf0, 0xff } },
   { PIPE_FORMAT_B10G10R10X2_UNORM, { 0.0f, 0.0f, 1.0f, 1.0f }, 4, { 0xff, 0x03, 0x00, 0x00 } },
   { PIPE_FORMAT_R3G3B2_UNORM, { 1.0f, 0.0f, 0.0f, 0.0f }, 1, { 0x07 } },
   { PIPE_FORMAT_R3G3B2_UNORM, { 0.0f, 0.0f, 1.0f, 0.0f }, 1, { 0xc0 } },
   /* 16 bits: 1/3 -> 21845 = 0x5555 */
   { PIPE_FORMAT_R16_UNORM, { 1.0f / 3.0f, 0, 0, 0 }, 2, { 0x55, 0x55 } },
   { PIPE_FORMAT_R16G16_UNORM, { 1.0f, 0.0f, 0, 0 }, 4, { 0xff, 0xff, 0, 0 } },
   { PIPE_FORMAT_R16G16B16A16_UNORM, { 0.0f, 1.0f, 0.5f, 0.0f }, 8,
     { 0, 0, 0xff, 0xff, 0x00, 0x80, 0, 0 } },
   { PIPE_FORMAT_R16_SNORM, { -1.0f, 0, 0, 0 }, 2, { 0x01, 0x80 } },
   { PIPE_FORMAT_R16G16_SNORM, { 1.0f, -0.5f, 0, 0 }, 4, { 0xff, 0x7f, 0x00, 0xc0 } },
   { PIPE_FORMAT_R16G16B16A16_SNORM, { 0.0f, 0.0f, 0.0f, 1.0f }, 8,
     { 0, 0, 0, 0, 0, 0, 0xff, 0x7f } },
   /* half floats */
   { PIPE_FORMAT_R16_FLOAT, { 1.0f, 0, 0, 0 }, 2, { 0x00, 0x3c } },
   { PIPE_FORMAT_R16G16_FLOAT, { -2.0f, 65504.0f, 0, 0 }, 4, { 0x00, 0xc0, 0xff, 0x7b } },
   { PIPE_FORMAT_R16G16B16_FLOAT, { 0.5f, 1e6f, -0.0f, 0 }, 6,
     { 0x00, 0x38, 0x00, 0x7c, 0x00, 0x80 } },
   { PIPE_FORMAT_R16G16B16A16_FLOAT, { 1.0f, -2.0f, 0.5f, 0.0f }, 8,
     { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00 } },
   { PIPE_FORMAT_R16G16B16X16_FLOAT, { 1.0f, -2.0f, 0.5f, 7.0f }, 6,
     { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38 } },
   /* 32 bits */
   { PIPE_FORMAT_R32_FLOAT, { 1.5f, 0, 0, 0 }, 4, { 0x00, 0x00, 0xc0, 0x3f } },
   { PIPE_FORMAT_R32G32_FLOAT, { -1.0f, 2.0f, 0, 0 }, 8, { 0, 0, 0x80, 0xbf, 0, 0, 0, 0x40 } },
   { PIPE_FORMAT_R32G32B32_FLOAT, { 0.0f, 0.0f, 1.0f, 0 }, 12,
     { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f } },
   { PIPE_FORMAT_R32G32B32A32_FLOAT, { 0.0f, 0.0f, 0.0f, 0.5f }, 16,
     { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x3f } },
   /* packed floats */
   { PIPE_FORMAT_R11G11B10_FLOAT, { 1.0f, 1.0f, 1.0f, 0 }, 4, { 0xc0, 0x03, 0x1e, 0x78 } },
   { PIPE_FORMAT_R11G11B10_FLOAT, { 2.0f, 0.5f, -1.0f, 0 }, 4, { 0x00, 0x04, 0x1c, 0x00 } },
   { PIPE_FORMAT_R9G9B9E5_FLOAT, { 1.0f, 1.0f, 1.0f, 0 }, 4, { 0x00, 0x01, 0x02, 0x84 } },
   { PIPE_FORMAT_R9G9B9E5_FLOAT, { 0.5f, 0.25f, 0.0f, 0 }, 4, { 0x00, 0x01, 0x01, 0x78 } },
   { PIPE_FORMAT_R9G9B9E5_FLOAT, { 0.0f, -5.0f, 0.0f, 0 }, 4, { 0, 0, 0, 0 } },
   /* vertex-array formats */
   { PIPE_FORMAT_R8G8B8_SNORM, { 1.0f, -1.0f, 0.5f, 0 }, 3, { 0x7f, 0x81, 0x40 } },
   { PIPE_FORMAT_R16G16B16_UNORM, { 0.0f, 1.0f, 0.5f, 0 }, 6, { 0, 0, 0xff, 0xff, 0x00, 0x80 } },
   { PIPE_FORMAT_R16G16B16_SNORM, { -1.0f, 1.0f, 0.0f, 0 }, 6, { 0x01, 0x80, 0xff, 0x7f, 0, 0 } },
   /* unorm32: 0.5 * (2^32 - 1) + 0.5 = 2^31 */
   { PIPE_FORMAT_R32_UNORM, { 1.0f, 0, 0, 0 }, 4, { 0xff, 0xff, 0xff, 0xff } },
   { PIPE_FORMAT_R32G32_UNORM, { 0.5f, -1.0f, 0, 0 }, 8, { 0, 0, 0, 0x80, 0, 0, 0, 0 } },
   /* snorm32: -1 -> -(2^31 - 1); 0.5 * (2^31 - 1) rounds away from zero to 2^30 */
   { PIPE_FORMAT_R32G32_SNORM, { -1.0f, 0.5f, 0, 0 }, 8, { 0x01, 0, 0, 0x80, 0, 0, 0, 0x40 } },
   { PIPE_FORMAT_R32G32B32A32_SNORM, { 2.0f, 0.0f, -2.0f, 1.0f }, 16,
     { 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0, 0x01, 0, 0, 0x80, 0xff, 0xff, 0xff, 0x7f } },
   /* 16.16 fixed: 1.5 -> 0x00018000, -1 -> 0xffff0000, 40000 clamps to 0x7fffffff */
   { PIPE_FORMAT_R32_FIXED, { 1.5f, 0, 0, 0 }, 4, { 0x00, 0x80, 0x01, 0x00 } },
   { PIPE_FORMAT_R32G32_FIXED, { -1.0f, 40000.0f, 0, 0 }, 8,
     { 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f } },
   { PIPE_FORMAT_R32G32B32_FIXED, { -40000.0f, 0.25f, 0.0f, 0 }, 12,
     { 0, 0, 0, 0x80, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0 } },
   /* doubles: 1.5 = 0x3ff8000000000000 */
   { PIPE_FORMAT_R64_FLOAT, { 1.5f, 0, 0, 0 }, 8, { 0, 0, 0, 0, 0, 0, 0xf8, 0x3f } },
   { PIPE_FORMAT_R64G64B64A64_FLOAT, { 1.0f, -2.0f, 0.5f, 0.25f }, 32,
     { 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0x00, 0xc0,
       0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 0, 0, 0, 0, 0, 0, 0xd0, 0x3f } },
   /* R 511, G -511 (0x201), B 0, A -1 (0b11) */
   { PIPE_FORMAT_R10G10B10A2_SNORM, { 1.0f, -1.0f, 0.0f, -1.0f }, 4, { 0xff, 0x05, 0x08, 0xc0 } },
   /* B -511 in bits 0-9, G 0, R 511 in bits 20-29, A 1 */
   { PIPE_FORMAT_B10G10R10A2_SNORM, { 1.0f, 0.0f, -1.0f, 1.0f }, 4, { 0x01, 0x02, 0xf0, 0x5f } },
};

static void
test_pack_float(void)
{
   for (unsigned i = 0; i < sizeof pack_cases / sizeof pack_cases[0]; i++) {
      const struct pack_case *c = &pack_cases[i];
      uint8_t out[40];
      memset(out, 0xcd, sizeof out);
      util_format_pack_rgba_float(c->format, out, c->rgba, 1);
      for (unsigned b = 0; b < c->nbytes; b++)
         CHECK(out[b] == c->bytes[b], "pack %s (case %u): byte %u is 0x%02x, expected 0x%02x",
               util_format_name(c->format), i, b, out[b], c->bytes[b]);
      CHECK(out[util_format_get_blocksize(c->format)] == 0xcd,
            "pack %s wrote past its block", util_format_name(c->format));
   }
}

/* --- unpack float ------------------------------------------------------ */

struct unpack_case {
   enum pipe_format format;
   uint8_t bytes[32];
   float rgba[4];
   float tol;
};

static const struct unpack_case unpack_cases[] = {
   { PIPE_FORMAT_R8G8B8A8_UNORM, { 255, 128, 0, 51 }, { 1.0f, 128 / 255.0f, 0.0f, 0.2f }, 1e-6f },
   { PIPE_FORMAT_B8G8R8A8_UNORM, { 0, 0, 255, 255 }, { 1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_B8G8R8X8_UNORM, { 255, 0, 0, 0 }, { 0.0f, 0.0f, 1.0f, 1.0f }, 0 },
   { PIPE_FORMAT_X8R8G8B8_UNORM, { 0, 255, 0, 0 }, { 1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8G8_UNORM, { 0, 255 }, { 0.0f, 1.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8_UNORM, { 255 }, { 1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   /* snorm: -128 and -127 are both -1 */
   { PIPE_FORMAT_R8G8B8A8_SNORM, { 0x80, 0x81, 127, 0 }, { -1.0f, -1.0f, 1.0f, 0.0f }, 0 },
   { PIPE_FORMAT_R16_SNORM, { 0x00, 0x80 }, { -1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8_SNORM, { 64 }, { 64 / 127.0f, 0.0f, 0.0f, 1.0f }, 1e-6f },
   /* legacy */
   { PIPE_FORMAT_L8_UNORM, { 255 }, { 1.0f, 1.0f, 1.0f, 1.0f }, 0 },
   { PIPE_FORMAT_L8A8_UNORM, { 255, 0 }, { 1.0f, 1.0f, 1.0f, 0.0f }, 0 },
   { PIPE_FORMAT_I8_UNORM, { 255 }, { 1.0f, 1.0f, 1.0f, 1.0f }, 0 },
   { PIPE_FORMAT_A8_UNORM, { 255 }, { 0.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_A16_UNORM, { 0xff, 0xff }, { 0.0f, 0.0f, 0.0f, 1.0f }, 0 },
   /* sRGB: 188 -> 0.50289, 10 -> 0.0030353 (linear segment) */
   { PIPE_FORMAT_R8G8B8A8_SRGB, { 188, 10, 255, 128 },
     { 0.5028865f, 0.0030353f, 1.0f, 128 / 255.0f }, 1e-5f },
   { PIPE_FORMAT_L8_SRGB, { 188 }, { 0.5028865f, 0.5028865f, 0.5028865f, 1.0f }, 1e-5f },
   /* packed */
   { PIPE_FORMAT_B5G6R5_UNORM, { 0x1f, 0xf8 }, { 1.0f, 0.0f, 1.0f, 1.0f }, 0 },
   { PIPE_FORMAT_B5G5R5A1_UNORM, { 0x00, 0x80 }, { 0.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R10G10B10A2_UNORM, { 0x00, 0x00, 0x00, 0x40 },
     { 0.0f, 0.0f, 0.0f, 1 / 3.0f }, 1e-6f },
   { PIPE_FORMAT_R3G3B2_UNORM, { 0xc7 }, { 1.0f, 0.0f, 1.0f, 1.0f }, 0 },
   /* half */
   { PIPE_FORMAT_R16_FLOAT, { 0x01, 0x00 }, { 5.9604645e-8f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16_FLOAT, { 0xff, 0x7b, 0x00, 0xfc }, { 65504.0f, -INFINITY, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16B16X16_FLOAT, { 0x00, 0x3c, 0, 0, 0, 0, 0, 0 }, { 1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   /* packed floats */
   { PIPE_FORMAT_R11G11B10_FLOAT, { 0xc0, 0x03, 0x1e, 0x78 }, { 1.0f, 1.0f, 1.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R11G11B10_FLOAT, { 0xbf, 0x07, 0, 0 }, { 65024.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R9G9B9E5_FLOAT, { 0x00, 0x01, 0x01, 0x78 }, { 0.5f, 0.25f, 0.0f, 1.0f }, 0 },
   /* depth as colour: depth in R */
   { PIPE_FORMAT_Z16_UNORM, { 0xff, 0xff }, { 1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   /* vertex-array formats */
   { PIPE_FORMAT_R8G8B8_SNORM, { 0x81, 0x7f, 0x00 }, { -1.0f, 1.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16B16_UNORM, { 0xff, 0xff, 0, 0, 0x00, 0x80 },
     { 1.0f, 0.0f, 32768 / 65535.0f, 1.0f }, 1e-7f },
   { PIPE_FORMAT_R16G16B16_SNORM, { 0x00, 0x80, 0xff, 0x7f, 0, 0 }, { -1.0f, 1.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8G8_UINT, { 200, 7 }, { 200.0f, 7.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8G8B8_UINT, { 1, 2, 255 }, { 1.0f, 2.0f, 255.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8G8_SINT, { 0x80, 0x7f }, { -128.0f, 127.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R8G8B8_SINT, { 0xff, 0x80, 5 }, { -1.0f, -128.0f, 5.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16_UINT, { 0x34, 0x12, 0xff, 0xff }, { 4660.0f, 65535.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16B16_UINT, { 1, 0, 2, 0, 3, 0 }, { 1.0f, 2.0f, 3.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16_SINT, { 0x00, 0x80, 0xfe, 0xff }, { -32768.0f, -2.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R16G16B16_SINT, { 0x00, 0x80, 0xff, 0x7f, 0xfe, 0xff },
     { -32768.0f, 32767.0f, -2.0f, 1.0f }, 0 },
   /* unorm32: c / (2^32 - 1) */
   { PIPE_FORMAT_R32_UNORM, { 0xff, 0xff, 0xff, 0xff }, { 1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32_UNORM, { 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff }, { 0.0f, 1.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32B32_UNORM, { 0, 0, 0, 0x80, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff },
     { 0.5f, 0.0f, 1.0f, 1.0f }, 1e-7f },
   { PIPE_FORMAT_R32G32B32A32_UNORM, { 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
                                       0, 0, 0, 0 }, { 1.0f, 0.0f, 1.0f, 0.0f }, 0 },
   /* snorm32: max(c / (2^31 - 1), -1); INT_MIN and INT_MIN + 1 both -1 */
   { PIPE_FORMAT_R32_SNORM, { 0, 0, 0, 0x80 }, { -1.0f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32_SNORM, { 0xff, 0xff, 0xff, 0x7f, 0x01, 0, 0, 0x80 },
     { 1.0f, -1.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32B32_SNORM, { 0, 0, 0, 0x40, 0, 0, 0, 0xc0, 0, 0, 0, 0 },
     { 0.5f, -0.5f, 0.0f, 1.0f }, 1e-7f },
   { PIPE_FORMAT_R32G32B32A32_SNORM, { 0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0xff, 0xff, 0x7f,
                                       0, 0, 0, 0 }, { 0.0f, -1.0f, 1.0f, 0.0f }, 0 },
   /* 16.16 fixed: value / 65536 */
   { PIPE_FORMAT_R32_FIXED, { 0x00, 0x80, 0x01, 0x00 }, { 1.5f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32_FIXED, { 0x00, 0x00, 0xff, 0xff, 0x00, 0x40, 0x00, 0x00 },
     { -1.0f, 0.25f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32B32_FIXED, { 0, 0, 0, 0x80, 0x01, 0, 0, 0, 0x00, 0x80, 0xff, 0xff },
     { -32768.0f, 1.0f / 65536.0f, -0.5f, 1.0f }, 0 },
   { PIPE_FORMAT_R32G32B32A32_FIXED, { 0, 0, 0x02, 0, 0, 0, 0x03, 0, 0, 0, 0xfc, 0xff,
                                       0, 0, 0x64, 0 }, { 2.0f, 3.0f, -4.0f, 100.0f }, 0 },
   /* doubles, converted to float exactly when representable */
   { PIPE_FORMAT_R64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf8, 0x3f }, { 1.5f, 0.0f, 0.0f, 1.0f }, 0 },
   { PIPE_FORMAT_R64G64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf4, 0x3f, 0, 0, 0, 0, 0, 0, 0x21, 0xc0 },
     { 1.25f, -8.5f, 0.0f, 1.0f }, 0 },
   /* 0.1 = 0x3fb999999999999a rounds to 0.1f */
   { PIPE_FORMAT_R64G64B64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0x00, 0xc0,
                                    0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f },
     { 1.0f, -2.0f, 0.1f, 1.0f }, 0 },
   { PIPE_FORMAT_R64G64B64A64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0x00, 0x40,
                                       0, 0, 0, 0, 0, 0, 0x08, 0x40, 0, 0, 0, 0, 0, 0, 0xf0, 0x7f },
     { 1.0f, 2.0f, 3.0f, INFINITY }, 0 },
   /* R -512 -> -1, G 511 -> 1, B 1 -> 1/511, A 1 -> 1 */
   { PIPE_FORMAT_R10G10B10A2_SNORM, { 0x00, 0xfe, 0x17, 0x40 }, { -1.0f, 1.0f, 1 / 511.0f, 1.0f }, 1e-7f },
   /* R -512, G 511, B 0, A -1 */
   { PIPE_FORMAT_R10G10B10A2_SINT, { 0x00, 0xfe, 0x07, 0xc0 }, { -512.0f, 511.0f, 0.0f, -1.0f }, 0 },
   /* B 511 in bits 0-9, G 0, R -512 in bits 20-29, A -2 -> -1 */
   { PIPE_FORMAT_B10G10R10A2_SNORM, { 0xff, 0x01, 0x00, 0xa0 }, { -1.0f, 0.0f, 1.0f, -1.0f }, 0 },
};

static void
test_unpack_float(void)
{
   for (unsigned i = 0; i < sizeof unpack_cases / sizeof unpack_cases[0]; i++) {
      const struct unpack_case *c = &unpack_cases[i];
      float out[4];
      util_format_unpack_rgba_float(c->format, out, c->bytes, 1);
      for (unsigned k = 0; k < 4; k++)
         CHECK(near(out[k], c->rgba[k], c->tol),
               "unpack %s (case %u): component %u is %.9g, expected %.9g",
               util_format_name(c->format), i, k, out[k], c->rgba[k]);
   }
}

/* Every uncompressed colour format with unorm/float channels keeps 0 and 1. */
static void
test_round_trip(void)
{
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      const struct util_format_description *d = util_format_description((enum pipe_format)f);
      if (d->is_depth || d->is_stencil || d->block_width != 1 || d->is_pure_integer)
         continue;
      const float in[4] = { 1.0f, 0.0f, 1.0f, 0.0f };
      float out[4];
      uint8_t buf[32];
      util_format_pack_rgba_float((enum pipe_format)f, buf, in, 1);
      util_format_unpack_rgba_float((enum pipe_format)f, out, buf, 1);
      for (unsigned k = 0; k < 4; k++) {
         unsigned s = d->swizzle[k];
         float expect;
         if (s == UTIL_FORMAT_SWIZZLE_0)
            expect = 0.0f;
         else if (s == UTIL_FORMAT_SWIZZLE_1 ||
                  (s < 4 && d->channel[s].type == UTIL_FORMAT_TYPE_VOID))
            expect = 1.0f;
         else if (d->is_luminance && k < 3)
            expect = in[0];
         else if (d->is_intensity)
            expect = in[0];
         else
            expect = in[k];
         CHECK(near(out[k], expect, 1e-6f), "round trip %s: component %u is %g, expected %g",
               d->name, k, out[k], expect);
      }
   }
}

/* Decoding is a fixed point for every uncompressed format: for many byte
 * patterns, unpack -> pack -> unpack gives the same values again (exact
 * bits for the integer paths).  Catches pack/unpack pairs that disagree on
 * a channel's place or scale. */
static bool
same_float(float a, float b)
{
   return a == b || (isnan(a) && isnan(b));
}

static void
test_stability(void)
{
   uint32_t seed = 12345;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      const struct util_format_description *d = util_format_description((enum pipe_format)f);
      if (d->block_width != 1 || d->is_depth || d->is_stencil)
         continue;
      unsigned bad = 0;
      for (unsigned iter = 0; iter < 200; iter++) {
         uint8_t in[32], mid[32], again[32];
         float a[4], b[4];
         for (unsigned i = 0; i < 32; i++) {
            seed = seed * 1103515245u + 12345u;
            in[i] = (uint8_t)(seed >> 16);
         }
         if (d->is_pure_integer) {
            uint32_t ua[4], ub[4];
            int32_t sa[4], sb[4];
            util_format_unpack_rgba_uint((enum pipe_format)f, ua, in, 1);
            util_format_pack_rgba_uint((enum pipe_format)f, mid, ua, 1);
            util_format_unpack_rgba_uint((enum pipe_format)f, ub, mid, 1);
            util_format_unpack_rgba_sint((enum pipe_format)f, sa, in, 1);
            util_format_pack_rgba_sint((enum pipe_format)f, again, sa, 1);
            util_format_unpack_rgba_sint((enum pipe_format)f, sb, again, 1);
            if ((memcmp(ua, ub, sizeof ua) || memcmp(sa, sb, sizeof sa)) && !bad++)
               CHECK(false, "%s: integer unpack/pack/unpack is not stable", d->name);
            continue;
         }
         util_format_unpack_rgba_float((enum pipe_format)f, a, in, 1);
         util_format_pack_rgba_float((enum pipe_format)f, mid, a, 1);
         util_format_unpack_rgba_float((enum pipe_format)f, b, mid, 1);
         for (unsigned k = 0; k < 4; k++) {
            if (!same_float(a[k], b[k]) && !bad++)
               CHECK(false, "%s: component %u unpacks to %.9g, then %.9g after a repack",
                     d->name, k, a[k], b[k]);
         }
      }
   }
}

/* A rectangle of a plain format with padded source rows. */
static void
test_rect(void)
{
   /* 3x2 R8G8 texels in rows 8 bytes apart */
   const uint8_t src[16] = { 255, 0, 0, 255, 51, 102, 0xee, 0xee,
                             0, 0, 255, 255, 0, 51, 0xee, 0xee };
   float dst[2][3 * 4 + 1];   /* one float of padding per row */
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_R8G8_UNORM, &dst[0][0], sizeof dst[0], src, 8,
                                      3, 2);
   CHECK(dst[0][0] == 1.0f && dst[0][1] == 0.0f && dst[0][3] == 1.0f, "rect (0, 0)");
   CHECK(near(dst[0][8], 0.2f, 1e-6f) && near(dst[0][9], 0.4f, 1e-6f), "rect (2, 0)");
   CHECK(dst[1][4] == 1.0f && dst[1][5] == 1.0f, "rect (1, 1)");
   CHECK(dst[1][8] == 0.0f && near(dst[1][9], 0.2f, 1e-6f), "rect (2, 1)");
}

/* --- integers ----------------------------------------------------------- */

static void
test_integer(void)
{
   uint8_t b[16];
   uint32_t u[4];
   int32_t s[4];

   const uint32_t u_in[4] = { 1, 255, 300, 0 };
   util_format_pack_rgba_uint(PIPE_FORMAT_R8G8B8A8_UINT, b, u_in, 1);
   CHECK(b[0] == 1 && b[1] == 255 && b[2] == 255 && b[3] == 0,
         "R8G8B8A8_UINT pack: %u %u %u %u (300 must clamp to 255)", b[0], b[1], b[2], b[3]);

   const int32_t s_in[4] = { -1, 127, -200, 5 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R8G8B8A8_SINT, b, s_in, 1);
   CHECK(b[0] == 0xff && b[1] == 0x7f && b[2] == 0x80 && b[3] == 5,
         "R8G8B8A8_SINT pack: %02x %02x %02x %02x", b[0], b[1], b[2], b[3]);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R8G8B8A8_SINT, s, b, 1);
   CHECK(s[0] == -1 && s[1] == 127 && s[2] == -128 && s[3] == 5,
         "R8G8B8A8_SINT unpack: %d %d %d %d", s[0], s[1], s[2], s[3]);

   const uint8_t r16[2] = { 0x34, 0x12 };
   util_format_unpack_rgba_uint(PIPE_FORMAT_R16_UINT, u, r16, 1);
   CHECK(u[0] == 0x1234 && u[1] == 0 && u[2] == 0 && u[3] == 1,
         "R16_UINT unpack: %u %u %u %u", u[0], u[1], u[2], u[3]);

   const uint32_t big[4] = { 0xffffffffu, 0, 7, 0x80000000u };
   util_format_pack_rgba_uint(PIPE_FORMAT_R32G32B32A32_UINT, b, big, 1);
   util_format_unpack_rgba_uint(PIPE_FORMAT_R32G32B32A32_UINT, u, b, 1);
   CHECK(!memcmp(u, big, sizeof big), "R32G32B32A32_UINT round trip");

   const int32_t sbig[4] = { INT32_MIN, INT32_MAX, -7, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R32G32B32A32_SINT, b, sbig, 1);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R32G32B32A32_SINT, s, b, 1);
   CHECK(!memcmp(s, sbig, sizeof sbig), "R32G32B32A32_SINT round trip");

   const int32_t s16[4] = { -40000, 40000, -1, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R16G16B16A16_SINT, b, s16, 1);
   CHECK(b[0] == 0x00 && b[1] == 0x80 && b[2] == 0xff && b[3] == 0x7f && b[4] == 0xff &&
         b[5] == 0xff, "R16G16B16A16_SINT clamps to [-32768, 32767]");

   const uint32_t r10[4] = { 1023, 0, 5, 3 };
   util_format_pack_rgba_uint(PIPE_FORMAT_R10G10B10A2_UINT, b, r10, 1);
   uint32_t w;
   memcpy(&w, b, 4);
   CHECK(w == (1023u | 5u << 20 | 3u << 30), "R10G10B10A2_UINT pack: 0x%08x", w);

   const int32_t neg[4] = { -5, 0, 0, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R8_UINT, b, neg, 1);
   CHECK(b[0] == 0, "R8_UINT from negative sint: %u", b[0]);
   const uint8_t sneg = 0xfb;
   util_format_unpack_rgba_uint(PIPE_FORMAT_R8_SINT, u, &sneg, 1);
   CHECK(u[0] == 0, "R8_SINT -5 read as uint: %u, expected 0", u[0]);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R8_SINT, s, &sneg, 1);
   CHECK(s[0] == -5 && s[3] == 1, "R8_SINT unpack: %d %d", s[0], s[3]);
}

/* Every pure-integer colour format of the table (the storage of
 * GL_EXT_texture_integer's formats among them): 0, each channel's maximum
 * and (signed) minimum, computed from the channel's size, round-trip
 * through pack/unpack without normalization; one beyond the range clamps;
 * channels the format lacks read as 0 (alpha 1). */
static void
test_integer_all(void)
{
   unsigned tested = 0;
   for (unsigned f = 0; f < PIPE_FORMAT_COUNT; f++) {
      const struct util_format_description *d = util_format_description((enum pipe_format)f);
      if (!d->is_pure_integer || d->is_depth || d->is_stencil || d->block_bytes > 16)
         continue;
      bool sgn = d->channel[0].type == UTIL_FORMAT_TYPE_SINT;
      int64_t max[4], min[4];
      bool has[4];
      for (unsigned c = 0; c < 4; c++) {
         unsigned sw = d->swizzle[c];
         has[c] = sw < 4;
         unsigned bits = has[c] ? d->channel[sw].size : 32;
         max[c] = sgn ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
         min[c] = sgn ? -((int64_t)1 << (bits - 1)) : 0;
      }
      for (unsigned k = 0; k < 4; k++) {
         /* k = 0: zeros; 1: maxima; 2: minima (signed) / max - 1;
          * 3: beyond the range (clamps), for channels below 32 bits */
         int64_t in[4], want[4];
         for (unsigned c = 0; c < 4; c++) {
            switch (k) {
            case 0: in[c] = 0; break;
            case 1: in[c] = max[c]; break;
            case 2: in[c] = sgn ? min[c] : max[c] - 1; break;
            default: in[c] = (c & 1) ? max[c] + 1 : (sgn ? min[c] - 1 : max[c] + 1); break;
            }
            if (in[c] > (sgn ? INT32_MAX : (int64_t)UINT32_MAX))
               in[c] = sgn ? INT32_MAX : (int64_t)UINT32_MAX;
            if (in[c] < (sgn ? INT32_MIN : 0))
               in[c] = sgn ? INT32_MIN : 0;
            int64_t v = in[c] < min[c] ? min[c] : in[c] > max[c] ? max[c] : in[c];
            want[c] = has[c] ? v : (d->swizzle[c] == UTIL_FORMAT_SWIZZLE_1 ? 1 : 0);
         }
         uint8_t b[16];
         memset(b, 0xa5, sizeof b);
         int64_t got[4];
         if (sgn) {
            int32_t v[4], o[4];
            for (unsigned c = 0; c < 4; c++)
               v[c] = (int32_t)in[c];
            util_format_pack_rgba_sint((enum pipe_format)f, b, v, 1);
            util_format_unpack_rgba_sint((enum pipe_format)f, o, b, 1);
            for (unsigned c = 0; c < 4; c++)
               got[c] = o[c];
         } else {
            uint32_t v[4], o[4];
            for (unsigned c = 0; c < 4; c++)
               v[c] = (uint32_t)in[c];
            util_format_pack_rgba_uint((enum pipe_format)f, b, v, 1);
            util_format_unpack_rgba_uint((enum pipe_format)f, o, b, 1);
            for (unsigned c = 0; c < 4; c++)
               got[c] = o[c];
         }
         for (unsigned c = 0; c < 4; c++)
            CHECK(got[c] == want[c], "%s case %u channel %u: %lld, expected %lld", d->name, k, c,
                  (long long)got[c], (long long)want[c]);
      }
      tested++;
   }
   /* R/RG/RGB/RGBA x 8/16/32 x UINT/SINT at least (R10G10B10A2_UINT/SINT too) */
   CHECK(tested >= 24, "%u integer formats tested", tested);
}

/* The integer formats only vertex arrays use, and the new types' table
 * entries. */
static void
test_vertex_formats(void)
{
   uint8_t b[32];
   uint32_t u[4];
   int32_t s[4];
   uint32_t w;

   const uint32_t u3[4] = { 1, 255, 300, 9 };
   memset(b, 0xcd, sizeof b);
   util_format_pack_rgba_uint(PIPE_FORMAT_R8G8B8_UINT, b, u3, 1);
   CHECK(b[0] == 1 && b[1] == 255 && b[2] == 255 && b[3] == 0xcd,
         "R8G8B8_UINT pack: %u %u %u (%02x)", b[0], b[1], b[2], b[3]);
   util_format_unpack_rgba_uint(PIPE_FORMAT_R8G8B8_UINT, u, b, 1);
   CHECK(u[0] == 1 && u[1] == 255 && u[2] == 255 && u[3] == 1,
         "R8G8B8_UINT unpack: %u %u %u %u", u[0], u[1], u[2], u[3]);

   const int32_t s2[4] = { -200, 100, 0, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R8G8_SINT, b, s2, 1);
   CHECK(b[0] == 0x80 && b[1] == 100, "R8G8_SINT pack: %02x %02x", b[0], b[1]);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R8G8_SINT, s, b, 1);
   CHECK(s[0] == -128 && s[1] == 100 && s[2] == 0 && s[3] == 1,
         "R8G8_SINT unpack: %d %d %d %d", s[0], s[1], s[2], s[3]);

   const int32_t s3[4] = { -3, 127, -128, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R8G8B8_SINT, b, s3, 1);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R8G8B8_SINT, s, b, 1);
   CHECK(b[0] == 0xfd && s[0] == -3 && s[1] == 127 && s[2] == -128 && s[3] == 1,
         "R8G8B8_SINT: %d %d %d %d", s[0], s[1], s[2], s[3]);

   const uint32_t u16[4] = { 70000, 1, 2, 0 };
   util_format_pack_rgba_uint(PIPE_FORMAT_R16G16B16_UINT, b, u16, 1);
   CHECK(b[0] == 0xff && b[1] == 0xff && b[2] == 1 && b[3] == 0 && b[4] == 2 && b[5] == 0,
         "R16G16B16_UINT pack (70000 clamps to 65535)");
   util_format_pack_rgba_uint(PIPE_FORMAT_R16G16_UINT, b, u16, 1);
   util_format_unpack_rgba_uint(PIPE_FORMAT_R16G16_UINT, u, b, 1);
   CHECK(u[0] == 65535 && u[1] == 1 && u[2] == 0 && u[3] == 1,
         "R16G16_UINT: %u %u %u %u", u[0], u[1], u[2], u[3]);

   const int32_t s16[4] = { -40000, 40000, -2, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R16G16B16_SINT, b, s16, 1);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R16G16B16_SINT, s, b, 1);
   CHECK(s[0] == -32768 && s[1] == 32767 && s[2] == -2 && s[3] == 1,
         "R16G16B16_SINT: %d %d %d %d", s[0], s[1], s[2], s[3]);
   util_format_pack_rgba_sint(PIPE_FORMAT_R16G16_SINT, b, s16, 1);
   CHECK(b[0] == 0x00 && b[1] == 0x80 && b[2] == 0xff && b[3] == 0x7f, "R16G16_SINT pack");

   /* R -600 -> -512 (0x200), G 600 -> 511, B -1 (0x3ff), A 1 */
   const int32_t s10[4] = { -600, 600, -1, 1 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R10G10B10A2_SINT, b, s10, 1);
   memcpy(&w, b, 4);
   CHECK(w == 0x7ff7fe00u, "R10G10B10A2_SINT pack: 0x%08x", w);
   util_format_unpack_rgba_sint(PIPE_FORMAT_R10G10B10A2_SINT, s, b, 1);
   CHECK(s[0] == -512 && s[1] == 511 && s[2] == -1 && s[3] == 1,
         "R10G10B10A2_SINT unpack: %d %d %d %d", s[0], s[1], s[2], s[3]);

   /* fixed and double through the integer entry points: by value */
   const uint8_t fx[4] = { 0x00, 0x80, 0x02, 0x00 };   /* 2.5 */
   util_format_unpack_rgba_sint(PIPE_FORMAT_R32_FIXED, s, fx, 1);
   CHECK(s[0] == 2 && s[3] == 1, "R32_FIXED 2.5 as sint: %d %d", s[0], s[3]);
   const int32_t s7[4] = { -7, 0, 0, 0 };
   util_format_pack_rgba_sint(PIPE_FORMAT_R64_FLOAT, b, s7, 1);
   double d;
   memcpy(&d, b, sizeof d);
   CHECK(d == -7.0, "R64_FLOAT from sint -7: %g", d);

   const struct util_format_description *fd = util_format_description(PIPE_FORMAT_R32G32_FIXED);
   CHECK(fd->channel[1].type == UTIL_FORMAT_TYPE_FIXED && fd->channel[1].size == 32 &&
         !fd->is_pure_integer, "R32G32_FIXED description");
   CHECK(util_format_get_blocksize(PIPE_FORMAT_R64G64B64A64_FLOAT) == 32, "R64x4 block size");
   CHECK(util_format_get_blocksize(PIPE_FORMAT_R16G16B16_SNORM) == 6, "R16x3 block size");
   CHECK(util_format_description(PIPE_FORMAT_R10G10B10A2_SINT)->is_pure_integer,
         "R10G10B10A2_SINT is integer");
   CHECK(util_format_from_name("r64g64b64_float") == PIPE_FORMAT_R64G64B64_FLOAT,
         "from_name(r64g64b64_float)");
}

/* --- half floats and sRGB functions ----------------------------------- */

static void
test_half(void)
{
   static const struct { float f; uint16_t h; } cases[] = {
      { 0.0f, 0x0000 }, { -0.0f, 0x8000 }, { 1.0f, 0x3c00 }, { -2.0f, 0xc000 },
      { 65504.0f, 0x7bff }, { 65519.0f, 0x7bff }, { 65520.0f, 0x7c00 }, { 1e9f, 0x7c00 },
      { INFINITY, 0x7c00 }, { -INFINITY, 0xfc00 }, { 5.9604645e-8f, 0x0001 },
      { 6.103515625e-5f, 0x0400 }, { 1e-9f, 0x0000 }, { 0.333333333f, 0x3555 },
      { 1.0009765625f, 0x3c01 }, { 1.00048828125f, 0x3c00 /* tie to even */ },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      uint16_t h = util_float_to_half(cases[i].f);
      CHECK(h == cases[i].h, "float_to_half(%g) = 0x%04x, expected 0x%04x", cases[i].f, h,
            cases[i].h);
   }
   CHECK(isnan(util_half_to_float(util_float_to_half(NAN))), "NaN survives half");
   /* every half nan comes back with its bits (sign and 10-bit payload) */
   for (unsigned h = 0x7c01; h < 0x7c00 + 0x400; h++) {
      CHECK(util_float_to_half(util_half_to_float((uint16_t)h)) == h, "half nan 0x%x", h);
      CHECK(util_float_to_half(util_half_to_float((uint16_t)(h | 0x8000))) == (h | 0x8000),
            "half nan 0x%x", h | 0x8000);
   }
   CHECK(util_float_to_half(INFINITY) == 0x7c00 && util_float_to_half(-INFINITY) == 0xfc00,
         "half infinities");
   CHECK(util_half_to_float(0x3555) > 0.3332f && util_half_to_float(0x3555) < 0.3334f,
         "half 0x3555");
   CHECK(util_half_to_float(0x8001) == -5.9604645e-8f, "negative denormal half");
   CHECK(util_half_to_float(0x0400) == 6.103515625e-5f, "smallest normal half");
}

static void
test_srgb(void)
{
   CHECK(near(util_format_linear_to_srgb_float(0.5f), 0.7353570f, 1e-6f), "linear_to_srgb(0.5)");
   CHECK(near(util_format_linear_to_srgb_float(0.001f), 0.01292f, 1e-7f), "linear segment");
   CHECK(util_format_linear_to_srgb_float(2.0f) == 1.0f, "clamp high");
   CHECK(util_format_linear_to_srgb_float(-1.0f) == 0.0f, "clamp low");
   CHECK(near(util_format_srgb_to_linear_float(0.7353570f), 0.5f, 1e-6f), "srgb_to_linear");
   CHECK(near(util_format_srgb_to_linear_float(0.04f), 0.04f / 12.92f, 1e-8f), "linear segment");
   /* every 8-bit sRGB value survives decode then encode */
   for (unsigned v = 0; v < 256; v++) {
      uint8_t in[4] = { (uint8_t)v, 0, 0, 255 }, out[4];
      float f[4];
      util_format_unpack_rgba_float(PIPE_FORMAT_R8G8B8A8_SRGB, f, in, 1);
      util_format_pack_rgba_float(PIPE_FORMAT_R8G8B8A8_SRGB, out, f, 1);
      CHECK(out[0] == v, "sRGB %u round trips to %u", v, out[0]);
   }
}

/* --- depth and stencil -------------------------------------------------- */

static uint32_t
word(const uint8_t *b)
{
   uint32_t w;
   memcpy(&w, b, 4);
   return w;
}

static void
test_depth_stencil(void)
{
   uint8_t b[8];
   uint32_t w;
   float z;
   uint8_t s;
   uint32_t z32;

   /* Z24S8: Z in bits 0-23, S in 24-31 */
   w = 0xab000000u;
   memcpy(b, &w, 4);
   z = 1.0f;
   util_format_pack_z_float(PIPE_FORMAT_Z24_UNORM_S8_UINT, b, &z, 1);
   CHECK(word(b) == 0xabffffffu, "Z24S8 pack z 1.0 over stencil 0xab: 0x%08x", word(b));
   z = 0.5f;
   util_format_pack_z_float(PIPE_FORMAT_Z24_UNORM_S8_UINT, b, &z, 1);
   CHECK(word(b) == 0xab800000u, "Z24S8 pack z 0.5: 0x%08x", word(b));
   s = 0x5a;
   util_format_pack_s_8uint(PIPE_FORMAT_Z24_UNORM_S8_UINT, b, &s, 1);
   CHECK(word(b) == 0x5a800000u, "Z24S8 pack s leaves z alone: 0x%08x", word(b));
   util_format_unpack_s_8uint(PIPE_FORMAT_Z24_UNORM_S8_UINT, &s, b, 1);
   CHECK(s == 0x5a, "Z24S8 unpack s: 0x%02x", s);
   util_format_unpack_z_float(PIPE_FORMAT_Z24_UNORM_S8_UINT, &z, b, 1);
   CHECK(near(z, 8388608.0f / 16777215.0f, 1e-7f), "Z24S8 unpack z: %.9g", z);
   util_format_unpack_z_32unorm(PIPE_FORMAT_Z24_UNORM_S8_UINT, &z32, b, 1);
   CHECK(z32 == 0x80000080u, "Z24S8 z as 32unorm: 0x%08x", z32);

   /* S8Z24: S in bits 0-7, Z in 8-31 */
   w = 0x000000abu;
   memcpy(b, &w, 4);
   z = 1.0f;
   util_format_pack_z_float(PIPE_FORMAT_S8_UINT_Z24_UNORM, b, &z, 1);
   CHECK(word(b) == 0xffffffabu, "S8Z24 pack z: 0x%08x", word(b));
   s = 0x01;
   util_format_pack_s_8uint(PIPE_FORMAT_S8_UINT_Z24_UNORM, b, &s, 1);
   CHECK(word(b) == 0xffffff01u, "S8Z24 pack s: 0x%08x", word(b));

   /* Z24X8 */
   w = 0;
   memcpy(b, &w, 4);
   z = 0.25f;
   util_format_pack_z_float(PIPE_FORMAT_Z24X8_UNORM, b, &z, 1);
   CHECK((word(b) & 0xffffff) == 0x400000u, "Z24X8 pack 0.25: 0x%08x", word(b));

   /* Z16, Z32 */
   z = 0.5f;
   util_format_pack_z_float(PIPE_FORMAT_Z16_UNORM, b, &z, 1);
   CHECK(b[0] == 0x00 && b[1] == 0x80, "Z16 pack 0.5: %02x%02x", b[1], b[0]);
   util_format_unpack_z_32unorm(PIPE_FORMAT_Z16_UNORM, &z32, b, 1);
   CHECK(z32 == 0x80008000u, "Z16 as 32unorm: 0x%08x", z32);
   z = 1.0f;
   util_format_pack_z_float(PIPE_FORMAT_Z32_UNORM, b, &z, 1);
   CHECK(word(b) == 0xffffffffu, "Z32 pack 1.0: 0x%08x", word(b));
   z = 2.0f;
   util_format_pack_z_float(PIPE_FORMAT_Z16_UNORM, b, &z, 1);
   CHECK(b[0] == 0xff && b[1] == 0xff, "Z16 clamps 2.0");

   /* Z32F unclamped; Z32F_S8X24 keeps the stencil word */
   z = 1.5f;
   util_format_pack_z_float(PIPE_FORMAT_Z32_FLOAT, b, &z, 1);
   CHECK(word(b) == 0x3fc00000u, "Z32F pack 1.5: 0x%08x", word(b));
   util_format_unpack_z_float(PIPE_FORMAT_Z32_FLOAT, &z, b, 1);
   CHECK(z == 1.5f, "Z32F unpack: %g", z);
   memset(b, 0, 8);
   b[4] = 0x77;
   z = 0.25f;
   util_format_pack_z_float(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, b, &z, 1);
   CHECK(word(b) == 0x3e800000u && b[4] == 0x77, "Z32F_S8X24 pack z: 0x%08x, s 0x%02x",
         word(b), b[4]);
   s = 0x12;
   util_format_pack_s_8uint(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, b, &s, 1);
   CHECK(word(b) == 0x3e800000u && b[4] == 0x12, "Z32F_S8X24 pack s");
   util_format_unpack_z_32unorm(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, &z32, b, 1);
   CHECK(z32 == 0x40000000u, "Z32F 0.25 as 32unorm: 0x%08x", z32);

   /* S8 */
   s = 0xc3;
   b[0] = 0;
   util_format_pack_s_8uint(PIPE_FORMAT_S8_UINT, b, &s, 1);
   CHECK(b[0] == 0xc3, "S8 pack");
   util_format_unpack_z_float(PIPE_FORMAT_S8_UINT, &z, b, 1);
   CHECK(z == 0.0f, "S8 has no depth");
   /* colour formats have neither: packing must not write */
   b[0] = 0x11;
   util_format_pack_s_8uint(PIPE_FORMAT_R8_UNORM, b, &s, 1);
   CHECK(b[0] == 0x11, "stencil pack into a colour format wrote");
}

/* --- compressed ------------------------------------------------------- */

static void
check_texel(const char *what, const float *got, float r, float g, float b, float a)
{
   const float want[4] = { r, g, b, a };
   for (unsigned k = 0; k < 4; k++)
      CHECK(near(got[k], want[k], 1e-5f), "%s: component %u is %g, expected %g", what, k,
            got[k], want[k]);
}

static void
test_compressed(void)
{
   float px[4 * 4 * 4];
   const unsigned stride = 4 * 4 * sizeof(float);

   /* DXT1, c0 red > c1 blue: four colours; texels 0-3 use indices 0-3 */
   const uint8_t dxt1[8] = { 0x00, 0xf8, 0x1f, 0x00, 0xe4, 0x00, 0x00, 0x00 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_DXT1_RGB, px, stride, dxt1, 8, 4, 4);
   check_texel("dxt1 idx0", px + 0, 1, 0, 0, 1);
   check_texel("dxt1 idx1", px + 4, 0, 0, 1, 1);
   check_texel("dxt1 idx2", px + 8, 2 / 3.0f, 0, 1 / 3.0f, 1);
   check_texel("dxt1 idx3", px + 12, 1 / 3.0f, 0, 2 / 3.0f, 1);
   check_texel("dxt1 row 3", px + 15 * 4, 1, 0, 0, 1);

   /* DXT1, c0 blue < c1 red: three colours and transparent black */
   const uint8_t dxt1b[8] = { 0x1f, 0x00, 0x00, 0xf8, 0xe4, 0x00, 0x00, 0x00 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_DXT1_RGBA, px, stride, dxt1b, 8, 4, 4);
   check_texel("dxt1a idx2", px + 8, 0.5f, 0, 0.5f, 1);
   check_texel("dxt1a idx3", px + 12, 0, 0, 0, 0);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_DXT1_RGB, px, stride, dxt1b, 8, 4, 4);
   check_texel("dxt1 rgb idx3", px + 12, 0, 0, 0, 1);

   /* per-texel entry point reads the top row of each block */
   float row[8 * 4];
   uint8_t two[16];
   memcpy(two, dxt1, 8);
   memcpy(two + 8, dxt1b, 8);
   util_format_unpack_rgba_float(PIPE_FORMAT_DXT1_RGBA, row, two, 8);
   check_texel("dxt1 row texel 1", row + 4, 0, 0, 1, 1);
   check_texel("dxt1 row texel 7", row + 28, 0, 0, 0, 0);

   /* DXT3: explicit 4-bit alpha, colour always in four-colour mode */
   uint8_t dxt3[16] = { 0x0f, 0, 0, 0, 0, 0, 0, 0 };
   memcpy(dxt3 + 8, dxt1b, 8);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_DXT3_RGBA, px, stride, dxt3, 16, 4, 4);
   check_texel("dxt3 texel 0", px + 0, 0, 0, 1, 1);
   check_texel("dxt3 texel 1", px + 4, 1, 0, 0, 0);
   check_texel("dxt3 texel 2", px + 8, 1 / 3.0f, 0, 2 / 3.0f, 0);

   /* DXT5: alpha 255 / 0 with 8-step interpolation */
   uint8_t dxt5[16] = { 255, 0, 0x88, 0x0e, 0, 0, 0, 0 };
   memcpy(dxt5 + 8, dxt1, 8);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_DXT5_RGBA, px, stride, dxt5, 16, 4, 4);
   check_texel("dxt5 texel 0", px + 0, 1, 0, 0, 1);
   check_texel("dxt5 texel 1", px + 4, 0, 0, 1, 0);
   check_texel("dxt5 texel 2", px + 8, 2 / 3.0f, 0, 1 / 3.0f, 6 / 7.0f);
   check_texel("dxt5 texel 3", px + 12, 1 / 3.0f, 0, 2 / 3.0f, 1 / 7.0f);

   /* RGTC1 unorm, 8-value mode (200 > 100) */
   const uint8_t rgtc1[8] = { 200, 100, 0x88, 0x0e, 0, 0, 0, 0 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_RGTC1_UNORM, px, stride, rgtc1, 8, 4, 4);
   check_texel("rgtc1 texel 0", px + 0, 200 / 255.0f, 0, 0, 1);
   check_texel("rgtc1 texel 1", px + 4, 100 / 255.0f, 0, 0, 1);
   check_texel("rgtc1 texel 2", px + 8, 1300 / 7.0f / 255.0f, 0, 0, 1);
   check_texel("rgtc1 texel 3", px + 12, 800 / 7.0f / 255.0f, 0, 0, 1);

   /* RGTC1 unorm, 6-value mode (0 <= 255): index 6 = 0, 7 = 1 */
   /* texel0 idx 6, texel1 idx 7, texel2 idx 2: bits 6 | 7<<3 | 2<<6 = 0xbe */
   const uint8_t rgtc1b[8] = { 0, 255, 0xbe, 0, 0, 0, 0, 0 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_RGTC1_UNORM, px, stride, rgtc1b, 8, 4, 4);
   check_texel("rgtc1 six idx6", px + 0, 0, 0, 0, 1);
   check_texel("rgtc1 six idx7", px + 4, 1, 0, 0, 1);
   check_texel("rgtc1 six idx2", px + 8, 0.2f, 0, 0, 1);

   /* RGTC1 snorm: -127 and 127, six-value mode; idx2 = (4 * -127 + 127) / 5 / 127 */
   const uint8_t rgtc1s[8] = { 0x81, 0x7f, 0xbe, 0, 0, 0, 0, 0 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_RGTC1_SNORM, px, stride, rgtc1s, 8, 4, 4);
   check_texel("rgtc1s idx6", px + 0, -1, 0, 0, 1);
   check_texel("rgtc1s idx7", px + 4, 1, 0, 0, 1);
   check_texel("rgtc1s idx2", px + 8, -0.6f, 0, 0, 1);

   /* RGTC2: red block then green block */
   uint8_t rgtc2[16];
   memcpy(rgtc2, rgtc1, 8);
   memcpy(rgtc2 + 8, rgtc1b, 8);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_RGTC2_UNORM, px, stride, rgtc2, 16, 4, 4);
   check_texel("rgtc2 texel 1", px + 4, 100 / 255.0f, 1, 0, 1);

   /* LATC: the same blocks read as luminance (L, L, L, 1) and, for LATC2,
    * luminance then alpha (L, L, L, A) */
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_LATC1_UNORM, px, stride, rgtc1, 8, 4, 4);
   check_texel("latc1 texel 1", px + 4, 100 / 255.0f, 100 / 255.0f, 100 / 255.0f, 1);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_LATC1_SNORM, px, stride, rgtc1s, 8, 4, 4);
   check_texel("latc1s idx2", px + 8, -0.6f, -0.6f, -0.6f, 1);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_LATC2_UNORM, px, stride, rgtc2, 16, 4, 4);
   check_texel("latc2 texel 0", px + 0, 200 / 255.0f, 200 / 255.0f, 200 / 255.0f, 0);
   check_texel("latc2 texel 1", px + 4, 100 / 255.0f, 100 / 255.0f, 100 / 255.0f, 1);

   /* a 6x5 rectangle spans 2x2 blocks; the last texel comes from block (1, 1) */
   uint8_t blocks[32];
   float big[6 * 5 * 4];
   memcpy(blocks, dxt1, 8);
   memcpy(blocks + 8, dxt1, 8);
   memcpy(blocks + 16, dxt1, 8);
   memcpy(blocks + 24, dxt1b, 8);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_DXT1_RGBA, big, 6 * 4 * sizeof(float),
                                      blocks, 16, 6, 5);
   /* texel (5, 4) is (1, 0) of block (1, 1): index 1 = c1 (red) */
   check_texel("dxt1 rect (5,4)", big + (4 * 6 + 5) * 4, 1, 0, 0, 1);
   check_texel("dxt1 rect (4,4)", big + (4 * 6 + 4) * 4, 0, 0, 1, 1);
}

int
main(void)
{
   test_table();
   test_pack_float();
   test_unpack_float();
   test_round_trip();
   test_stability();
   test_rect();
   test_integer();
   test_integer_all();
   test_vertex_formats();
   test_half();
   test_srgb();
   test_depth_stencil();
   test_compressed();
   if (failures) {
      fprintf(stderr, "%d check(s) failed\n", failures);
      return 1;
   }
   printf("format: all checks passed\n");
   return 0;
}
