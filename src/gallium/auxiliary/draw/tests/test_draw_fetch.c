/*
 * Vertex fetch: every vertex format the pipe enum has (GL's vertex types
 * included: 32-bit normalized, GL_FIXED, GL_DOUBLE, signed 2_10_10_10...)
 * and a few hand-built descriptions against hand-computed values, then
 * strides, offsets, missing buffers and instance divisors through draw_vbo.
 */
#include <math.h>
#include <string.h>

#include "format/u_format.h"
#include "draw_private.h"
#include "draw_test_util.h"

struct fetch_case {
   enum pipe_format format;
   uint8_t bytes[32];
   enum ir_base_type base;
   union { float f[4]; int32_t i[4]; } expect;
   float tol;
};

#define F(...) { .f = { __VA_ARGS__ } }
#define I(...) { .i = { __VA_ARGS__ } }

static const struct fetch_case cases[] = {
   /* unorm: c / (2^n - 1) */
   { PIPE_FORMAT_R8G8B8A8_UNORM, { 0, 51, 255, 128 }, IR_FLOAT, F(0.0f, 0.2f, 1.0f, 128.0f / 255.0f), 1e-7f },
   { PIPE_FORMAT_R8G8B8_UNORM, { 255, 0, 102 }, IR_FLOAT, F(1.0f, 0.0f, 0.4f, 1.0f), 1e-7f },
   { PIPE_FORMAT_R8G8_UNORM, { 17, 34 }, IR_FLOAT, F(17.0f / 255, 34.0f / 255, 0.0f, 1.0f), 1e-7f },
   { PIPE_FORMAT_R8_UNORM, { 51 }, IR_FLOAT, F(0.2f, 0.0f, 0.0f, 1.0f), 1e-7f },
   /* BGRA order: memory B, G, R, A */
   { PIPE_FORMAT_B8G8R8A8_UNORM, { 10, 20, 30, 40 }, IR_FLOAT, F(30.0f / 255, 20.0f / 255, 10.0f / 255, 40.0f / 255), 1e-7f },
   { PIPE_FORMAT_R16_UNORM, { 0xff, 0xff }, IR_FLOAT, F(1.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16_UNORM, { 0xff, 0xff, 0x00, 0x80 }, IR_FLOAT, F(1.0f, 32768.0f / 65535, 0.0f, 1.0f), 1e-7f },
   { PIPE_FORMAT_R16G16B16A16_UNORM, { 0, 0, 1, 0, 0, 1, 0xff, 0xff }, IR_FLOAT, F(0.0f, 1.0f / 65535, 256.0f / 65535, 1.0f), 1e-9f },
   /* snorm, GL 2.1 vertex rule (2c + 1) / (2^n - 1) */
   { PIPE_FORMAT_R8G8B8A8_SNORM, { 0x80, 0x7f, 0x00, 0xff }, IR_FLOAT, F(-1.0f, 1.0f, 1.0f / 255, -1.0f / 255), 1e-7f },
   { PIPE_FORMAT_R8G8_SNORM, { 0x40, 0xc0 }, IR_FLOAT, F(129.0f / 255, -127.0f / 255, 0.0f, 1.0f), 1e-7f },
   { PIPE_FORMAT_R8_SNORM, { 0x01 }, IR_FLOAT, F(3.0f / 255, 0.0f, 0.0f, 1.0f), 1e-7f },
   { PIPE_FORMAT_R16_SNORM, { 0x00, 0x80 }, IR_FLOAT, F(-1.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16_SNORM, { 0xff, 0x7f, 0x00, 0x00 }, IR_FLOAT, F(1.0f, 1.0f / 65535, 0.0f, 1.0f), 1e-9f },
   { PIPE_FORMAT_R16G16B16A16_SNORM, { 0xff, 0xff, 0, 0, 0, 0x40, 0, 0xc0 }, IR_FLOAT,
     F(-1.0f / 65535, 1.0f / 65535, 32769.0f / 65535, -32767.0f / 65535), 1e-7f },
   /* integers to float inputs: by value */
   { PIPE_FORMAT_R8G8B8A8_UINT, { 200, 1, 0, 255 }, IR_FLOAT, F(200.0f, 1.0f, 0.0f, 255.0f), 0 },
   { PIPE_FORMAT_R8G8B8A8_SINT, { 0xff, 0x80, 5, 0 }, IR_FLOAT, F(-1.0f, -128.0f, 5.0f, 0.0f), 0 },
   { PIPE_FORMAT_R8_UINT, { 250 }, IR_FLOAT, F(250.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R8_SINT, { 0xfe }, IR_FLOAT, F(-2.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16_UINT, { 0x34, 0x12 }, IR_FLOAT, F(4660.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16_SINT, { 0x00, 0x80 }, IR_FLOAT, F(-32768.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16A16_UINT, { 1, 0, 2, 0, 3, 0, 0xff, 0xff }, IR_FLOAT, F(1.0f, 2.0f, 3.0f, 65535.0f), 0 },
   { PIPE_FORMAT_R16G16B16A16_SINT, { 0xff, 0xff, 2, 0, 3, 0, 0, 0x80 }, IR_FLOAT, F(-1.0f, 2.0f, 3.0f, -32768.0f), 0 },
   { PIPE_FORMAT_R32_UINT, { 0x00, 0x28, 0x6b, 0xee }, IR_FLOAT, F(4000000000.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32_UINT, { 1, 0, 0, 0, 2, 0, 0, 0 }, IR_FLOAT, F(1.0f, 2.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32_UINT, { 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0 }, IR_FLOAT, F(1.0f, 2.0f, 3.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32_SINT, { 0xf9, 0xff, 0xff, 0xff }, IR_FLOAT, F(-7.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32A32_SINT, { 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0x80, 9, 0, 0, 0, 0, 0, 0, 0 }, IR_FLOAT,
     F(-1.0f, -2147483648.0f, 9.0f, 0.0f), 0 },
   /* integers to integer inputs: bits, missing w = integer 1 */
   { PIPE_FORMAT_R8G8B8A8_UINT, { 200, 1, 0, 255 }, IR_UINT, I(200, 1, 0, 255), 0 },
   { PIPE_FORMAT_R8G8B8A8_SINT, { 0xff, 0x80, 5, 0 }, IR_INT, I(-1, -128, 5, 0), 0 },
   { PIPE_FORMAT_R8_UINT, { 7 }, IR_UINT, I(7, 0, 0, 1), 0 },
   { PIPE_FORMAT_R16_SINT, { 0xfe, 0xff }, IR_INT, I(-2, 0, 0, 1), 0 },
   { PIPE_FORMAT_R32G32_UINT, { 0xff, 0xff, 0xff, 0xff, 5, 0, 0, 0 }, IR_UINT, I(-1, 5, 0, 1), 0 },
   { PIPE_FORMAT_R32_SINT, { 0xf9, 0xff, 0xff, 0xff }, IR_INT, I(-7, 0, 0, 1), 0 },
   /* float channels to integer inputs: truncation toward zero */
   { PIPE_FORMAT_R32G32_FLOAT, { 0xcd, 0xcc, 0x2c, 0x40, 0xcd, 0xcc, 0x2c, 0xc0 }, IR_INT, I(2, -2, 0, 1), 0 },
   /* half and float */
   { PIPE_FORMAT_R16_FLOAT, { 0x00, 0x3c }, IR_FLOAT, F(1.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16_FLOAT, { 0x00, 0xc0, 0x00, 0x38 }, IR_FLOAT, F(-2.0f, 0.5f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16_FLOAT, { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38 }, IR_FLOAT, F(1.0f, -2.0f, 0.5f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16A16_FLOAT, { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x7c }, IR_FLOAT, F(1.0f, -2.0f, 0.5f, INFINITY), 0 },
   { PIPE_FORMAT_R32_FLOAT, { 0x00, 0x00, 0xc0, 0x3f }, IR_FLOAT, F(1.5f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32_FLOAT, { 0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x40, 0xc0 }, IR_FLOAT, F(1.5f, -3.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32_FLOAT, { 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40 }, IR_FLOAT, F(1.0f, 2.0f, 3.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32A32_FLOAT, { 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40 }, IR_FLOAT,
     F(1.0f, 2.0f, 3.0f, 4.0f), 0 },
   /* packed 2_10_10_10: R bits 0-9 (1023), G 10-19 (0), B 20-29 (512), A 30-31 (2) */
   { PIPE_FORMAT_R10G10B10A2_UNORM, { 0xff, 0x03, 0x00, 0xa0 }, IR_FLOAT, F(1.0f, 0.0f, 512.0f / 1023, 2.0f / 3), 1e-7f },
   /* BGRA packed: B bits 0-9 (1023), G (0), R bits 20-29 (341), A (1) */
   { PIPE_FORMAT_B10G10R10A2_UNORM, { 0xff, 0x03, 0x50, 0x55 }, IR_FLOAT, F(341.0f / 1023, 0.0f, 1.0f, 1.0f / 3), 1e-7f },
   /* R 5, G 6, B 7, A 3 */
   { PIPE_FORMAT_R10G10B10A2_UINT, { 0x05, 0x18, 0x70, 0xc0 }, IR_FLOAT, F(5.0f, 6.0f, 7.0f, 3.0f), 0 },
   { PIPE_FORMAT_R10G10B10A2_UINT, { 0x05, 0x18, 0x70, 0xc0 }, IR_UINT, I(5, 6, 7, 3), 0 },
   /* vertex-array formats (appended to the enum for GL's vertex types) */
   { PIPE_FORMAT_R8G8B8_SNORM, { 0x80, 0x7f, 0x00 }, IR_FLOAT, F(-1.0f, 1.0f, 1.0f / 255, 1.0f), 1e-7f },
   { PIPE_FORMAT_R8G8_UINT, { 200, 7 }, IR_FLOAT, F(200.0f, 7.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R8G8_UINT, { 200, 7 }, IR_UINT, I(200, 7, 0, 1), 0 },
   { PIPE_FORMAT_R8G8B8_UINT, { 1, 2, 3 }, IR_FLOAT, F(1.0f, 2.0f, 3.0f, 1.0f), 0 },
   { PIPE_FORMAT_R8G8_SINT, { 0xff, 0x80 }, IR_FLOAT, F(-1.0f, -128.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R8G8_SINT, { 0xff, 0x80 }, IR_INT, I(-1, -128, 0, 1), 0 },
   { PIPE_FORMAT_R8G8B8_SINT, { 0xfe, 5, 0x80 }, IR_FLOAT, F(-2.0f, 5.0f, -128.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16_UNORM, { 0xff, 0xff, 0, 0, 0, 1 }, IR_FLOAT, F(1.0f, 0.0f, 256.0f / 65535, 1.0f), 1e-9f },
   { PIPE_FORMAT_R16G16B16_SNORM, { 0xff, 0x7f, 0x00, 0x80, 0x64, 0x00 }, IR_FLOAT,
     F(1.0f, -1.0f, 201.0f / 65535, 1.0f), 1e-7f },
   { PIPE_FORMAT_R16G16_UINT, { 0x34, 0x12, 0xff, 0xff }, IR_FLOAT, F(4660.0f, 65535.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16_UINT, { 1, 0, 2, 0, 3, 0 }, IR_FLOAT, F(1.0f, 2.0f, 3.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16_UINT, { 1, 0, 2, 0, 3, 0 }, IR_UINT, I(1, 2, 3, 1), 0 },
   { PIPE_FORMAT_R16G16_SINT, { 0x00, 0x80, 0xfe, 0xff }, IR_FLOAT, F(-32768.0f, -2.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16_SINT, { 0xff, 0xff, 0x02, 0x00, 0x00, 0x80 }, IR_FLOAT, F(-1.0f, 2.0f, -32768.0f, 1.0f), 0 },
   { PIPE_FORMAT_R16G16B16_SINT, { 0xff, 0xff, 0x02, 0x00, 0x00, 0x80 }, IR_INT, I(-1, 2, -32768, 1), 0 },
   /* unorm32: c / (2^32 - 1) */
   { PIPE_FORMAT_R32_UNORM, { 0xff, 0xff, 0xff, 0xff }, IR_FLOAT, F(1.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32_UNORM, { 0, 0, 0, 0x80, 0, 0, 0, 0 }, IR_FLOAT,
     F((float)(2147483648.0 / 4294967295.0), 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32_UNORM, { 1, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff }, IR_FLOAT,
     F((float)(1.0 / 4294967295.0), 0.0f, 1.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32A32_UNORM, { 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0 },
     IR_FLOAT, F(1.0f, 0.0f, 1.0f, 0.0f), 0 },
   /* snorm32, vertex rule: INT_MIN -> -1, INT_MAX -> 1, 0 -> 1 / (2^32 - 1) */
   { PIPE_FORMAT_R32_SNORM, { 0, 0, 0, 0x80 }, IR_FLOAT, F(-1.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32_SNORM, { 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0 }, IR_FLOAT,
     F(1.0f, (float)(1.0 / 4294967295.0), 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32_SNORM, { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0x80 }, IR_FLOAT,
     F((float)(-1.0 / 4294967295.0), 1.0f, -1.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32A32_SNORM, { 0, 0, 0, 0x80, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff },
     IR_FLOAT, F(-1.0f, 1.0f, (float)(1.0 / 4294967295.0), (float)(-1.0 / 4294967295.0)), 0 },
   /* GL_FIXED 16.16: 0x00018000 = 1.5; to integer inputs truncated */
   { PIPE_FORMAT_R32_FIXED, { 0x00, 0x80, 0x01, 0x00 }, IR_FLOAT, F(1.5f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32_FIXED, { 0x00, 0x80, 0x01, 0x00 }, IR_INT, I(1, 0, 0, 1), 0 },
   { PIPE_FORMAT_R32G32_FIXED, { 0x00, 0x00, 0xff, 0xff, 0x00, 0x40, 0x00, 0x00 }, IR_FLOAT,
     F(-1.0f, 0.25f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32_FIXED, { 0, 0, 0, 0x80, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f }, IR_FLOAT,
     F(-32768.0f, 1.0f / 65536, (float)(2147483647.0 / 65536.0), 1.0f), 0 },
   { PIPE_FORMAT_R32G32B32_FIXED, { 0, 0, 0, 0x80, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f }, IR_INT,
     I(-32768, 0, 32767, 1), 0 },
   { PIPE_FORMAT_R32G32B32A32_FIXED, { 0x00, 0x80, 0xff, 0xff, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0, 0x03, 0 },
     IR_FLOAT, F(-0.5f, 2.0f, 0.0f, 3.0f), 0 },
   /* GL_DOUBLE */
   { PIPE_FORMAT_R64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf8, 0x3f }, IR_FLOAT, F(1.5f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R64G64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf4, 0x3f, 0, 0, 0, 0, 0, 0, 0x21, 0xc0 }, IR_FLOAT,
     F(1.25f, -8.5f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_R64G64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf4, 0x3f, 0, 0, 0, 0, 0, 0, 0x21, 0xc0 }, IR_INT,
     I(1, -8, 0, 1), 0 },
   { PIPE_FORMAT_R64G64B64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0x00, 0xc0,
                                    0, 0, 0, 0, 0, 0, 0xe0, 0x3f }, IR_FLOAT, F(1.0f, -2.0f, 0.5f, 1.0f), 0 },
   { PIPE_FORMAT_R64G64B64A64_FLOAT, { 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0x00, 0x40,
                                       0, 0, 0, 0, 0, 0, 0x08, 0x40, 0, 0, 0, 0, 0, 0, 0x10, 0x40 },
     IR_FLOAT, F(1.0f, 2.0f, 3.0f, 4.0f), 0 },
   /* GL_INT_2_10_10_10_REV: R -512, G 511, B 0, A -1 */
   { PIPE_FORMAT_R10G10B10A2_SNORM, { 0x00, 0xfe, 0x07, 0xc0 }, IR_FLOAT, F(-1.0f, 1.0f, 1.0f / 1023, -1.0f / 3), 1e-7f },
   { PIPE_FORMAT_R10G10B10A2_SINT, { 0x00, 0xfe, 0x07, 0xc0 }, IR_FLOAT, F(-512.0f, 511.0f, 0.0f, -1.0f), 0 },
   { PIPE_FORMAT_R10G10B10A2_SINT, { 0x00, 0xfe, 0x07, 0xc0 }, IR_INT, I(-512, 511, 0, -1), 0 },
   /* ... with GL_BGRA: B -512 in bits 0-9, G 511, R 0, A 1 */
   { PIPE_FORMAT_B10G10R10A2_SNORM, { 0x00, 0xfe, 0x07, 0x40 }, IR_FLOAT, F(1.0f / 1023, 1.0f, -1.0f, 1.0f), 1e-7f },
   /* not vertex formats: the default */
   { PIPE_FORMAT_NONE, { 1, 2, 3, 4 }, IR_FLOAT, F(0.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_DXT1_RGB, { 1, 2, 3, 4, 5, 6, 7, 8 }, IR_FLOAT, F(0.0f, 0.0f, 0.0f, 1.0f), 0 },
   { PIPE_FORMAT_Z24_UNORM_S8_UINT, { 1, 2, 3, 4 }, IR_FLOAT, F(0.0f, 0.0f, 0.0f, 1.0f), 0 },
};

static void
check_one(const struct util_format_description *desc, const uint8_t *bytes,
          enum ir_base_type base, const float expect_f[4], const int32_t expect_i[4],
          float tol, const char *name)
{
   float out[4];
   draw_fetch_convert(desc, bytes, base, out);
   for (unsigned c = 0; c < 4; c++) {
      if (base == IR_FLOAT) {
         CHECKF(out[c], expect_f[c], tol, "%s component %u", name, c);
      } else {
         int32_t got;
         memcpy(&got, &out[c], 4);
         CHECK(got == expect_i[c], "%s component %u: %d, expected %d", name, c, got,
               expect_i[c]);
      }
   }
}

/* Descriptions of formats only vertex arrays use, built by hand the way
 * the format table describes channels. */
static void
test_synthesized(void)
{
   struct util_format_description d;

   /* R64G64_FLOAT (GL_DOUBLE, size 2) */
   memset(&d, 0, sizeof(d));
   d.layout = UTIL_FORMAT_LAYOUT_PLAIN;
   d.block_width = d.block_height = 1;
   d.block_bytes = 16;
   d.nr_channels = 2;
   d.channel[0] = (struct util_format_channel){ UTIL_FORMAT_TYPE_FLOAT, 64, 0 };
   d.channel[1] = (struct util_format_channel){ UTIL_FORMAT_TYPE_FLOAT, 64, 64 };
   d.swizzle[0] = 0; d.swizzle[1] = 1;
   d.swizzle[2] = UTIL_FORMAT_SWIZZLE_0; d.swizzle[3] = UTIL_FORMAT_SWIZZLE_1;
   {
      double v[2] = { 1.25, -8.5 };
      float e[4] = { 1.25f, -8.5f, 0.0f, 1.0f };
      check_one(&d, (const uint8_t *)v, IR_FLOAT, e, NULL, 0, "R64G64_FLOAT");
   }

   /* R32_UNORM and R32_SNORM (GL_UNSIGNED_INT / GL_INT normalized) */
   memset(&d, 0, sizeof(d));
   d.layout = UTIL_FORMAT_LAYOUT_PLAIN;
   d.block_width = d.block_height = 1;
   d.block_bytes = 4;
   d.nr_channels = 1;
   d.channel[0] = (struct util_format_channel){ UTIL_FORMAT_TYPE_UNORM, 32, 0 };
   d.swizzle[0] = 0;
   d.swizzle[1] = d.swizzle[2] = UTIL_FORMAT_SWIZZLE_0;
   d.swizzle[3] = UTIL_FORMAT_SWIZZLE_1;
   {
      uint32_t v = 0xffffffffu;
      float e[4] = { 1.0f, 0.0f, 0.0f, 1.0f };
      check_one(&d, (const uint8_t *)&v, IR_FLOAT, e, NULL, 0, "R32_UNORM max");
      v = 0x80000000u;
      e[0] = (float)(2147483648.0 / 4294967295.0);
      check_one(&d, (const uint8_t *)&v, IR_FLOAT, e, NULL, 0, "R32_UNORM half");
   }
   d.channel[0].type = UTIL_FORMAT_TYPE_SNORM;
   {
      int32_t v = INT32_MIN;
      float e[4] = { -1.0f, 0.0f, 0.0f, 1.0f };
      check_one(&d, (const uint8_t *)&v, IR_FLOAT, e, NULL, 0, "R32_SNORM min");
      v = 0;
      e[0] = (float)(1.0 / 4294967295.0);
      check_one(&d, (const uint8_t *)&v, IR_FLOAT, e, NULL, 0, "R32_SNORM zero");
   }

   /* R10G10B10A2_SNORM (GL_INT_2_10_10_10_REV normalized):
    * R = -512, G = 511, B = 0, A = -1 */
   memset(&d, 0, sizeof(d));
   d.layout = UTIL_FORMAT_LAYOUT_PLAIN;
   d.block_width = d.block_height = 1;
   d.block_bytes = 4;
   d.nr_channels = 4;
   d.channel[0] = (struct util_format_channel){ UTIL_FORMAT_TYPE_SNORM, 10, 0 };
   d.channel[1] = (struct util_format_channel){ UTIL_FORMAT_TYPE_SNORM, 10, 10 };
   d.channel[2] = (struct util_format_channel){ UTIL_FORMAT_TYPE_SNORM, 10, 20 };
   d.channel[3] = (struct util_format_channel){ UTIL_FORMAT_TYPE_SNORM, 2, 30 };
   for (unsigned i = 0; i < 4; i++)
      d.swizzle[i] = (uint8_t)i;
   {
      uint32_t v = 0x200u | (0x1ffu << 10) | (0u << 20) | (3u << 30);
      float e[4] = { -1.0f, 1.0f, 1.0f / 1023, -1.0f / 3 };
      check_one(&d, (const uint8_t *)&v, IR_FLOAT, e, NULL, 1e-7f, "R10G10B10A2_SNORM");
      d.channel[0].type = d.channel[1].type = d.channel[2].type = d.channel[3].type =
         UTIL_FORMAT_TYPE_SINT;
      int32_t ei[4] = { -512, 511, 0, -1 };
      check_one(&d, (const uint8_t *)&v, IR_INT, NULL, ei, 0, "R10G10B10A2_SINT");
      float ef[4] = { -512.0f, 511.0f, 0.0f, -1.0f };
      check_one(&d, (const uint8_t *)&v, IR_FLOAT, ef, NULL, 0, "R10G10B10A2_SSCALED");
   }

   /* R16G16B16_SNORM */
   memset(&d, 0, sizeof(d));
   d.layout = UTIL_FORMAT_LAYOUT_PLAIN;
   d.block_width = d.block_height = 1;
   d.block_bytes = 6;
   d.nr_channels = 3;
   for (unsigned i = 0; i < 3; i++) {
      d.channel[i] = (struct util_format_channel){ UTIL_FORMAT_TYPE_SNORM, 16, (uint8_t)(16 * i) };
      d.swizzle[i] = (uint8_t)i;
   }
   d.swizzle[3] = UTIL_FORMAT_SWIZZLE_1;
   {
      int16_t v[3] = { 32767, -32768, 100 };
      float e[4] = { 1.0f, -1.0f, 201.0f / 65535, 1.0f };
      check_one(&d, (const uint8_t *)v, IR_FLOAT, e, NULL, 1e-7f, "R16G16B16_SNORM");
   }

   /* a NULL source reads the default */
   {
      float e[4] = { 0, 0, 0, 1 };
      check_one(&d, NULL, IR_FLOAT, e, NULL, 0, "NULL source");
   }
}

/* Through draw_vbo: interleaved buffer with offsets, a mapped resource, a
 * per-instance element with divisor 2 and start_instance 1, an unbound
 * buffer, and reads past the end. */
static void
test_draw_path(void)
{
   struct draw_context *draw = draw_create();
   struct capture cap;
   struct fake_vs vs;
   cap_init(&cap, draw);
   fake_vs_init(&vs, 4);
   draw_set_vertex_shader(draw, &vs.base);

   /* buffer 0: 4 bytes of junk, then 3 vertices of {float x, y; ubyte4 color}
    * (stride 12) */
   uint8_t buf0[4 + 3 * 12];
   memset(buf0, 0xee, sizeof(buf0));
   for (unsigned i = 0; i < 3; i++) {
      float xy[2] = { 0.1f * (float)i, -0.2f * (float)i };
      memcpy(buf0 + 4 + 12 * i, xy, 8);
      uint8_t col[4] = { (uint8_t)(10 * i), 255, 0, (uint8_t)(51 * i) };
      memcpy(buf0 + 4 + 12 * i + 8, col, 4);
   }
   /* buffer 1: per-instance float, 4 entries */
   float buf1[4] = { 100.0f, 101.0f, 102.0f, 103.0f };

   struct pipe_vertex_buffer vb[3];
   memset(vb, 0, sizeof(vb));
   vb[0].stride = 12;
   vb[0].buffer_offset = 4;
   vb[1].stride = 4;
   vb[1].is_user_buffer = true;
   vb[1].buffer.user = buf1;
   vb[2].stride = 4;   /* never mapped */
   draw_set_vertex_buffers(draw, 0, 3, vb);
   draw_set_mapped_vertex_buffer(draw, 0, buf0, sizeof(buf0));
   draw_set_mapped_vertex_buffer(draw, 1, buf1, sizeof(buf1));

   struct pipe_vertex_element ve[4];
   memset(ve, 0, sizeof(ve));
   ve[0].src_format = PIPE_FORMAT_R32G32_FLOAT;
   ve[0].vertex_buffer_index = 0;
   ve[1].src_format = PIPE_FORMAT_R8G8B8A8_UNORM;
   ve[1].vertex_buffer_index = 0;
   ve[1].src_offset = 8;
   ve[2].src_format = PIPE_FORMAT_R32_FLOAT;
   ve[2].vertex_buffer_index = 1;
   ve[2].instance_divisor = 2;
   ve[3].src_format = PIPE_FORMAT_R32_FLOAT;
   ve[3].vertex_buffer_index = 2;
   draw_set_vertex_elements(draw, 4, ve);

   struct pipe_draw_info info;
   memset(&info, 0, sizeof(info));
   info.mode = PIPE_PRIM_POINTS;
   info.start_instance = 1;
   info.instance_count = 3;
   /* vertices 1..3: vertex 3 is past the end of buffer 0 */
   struct pipe_draw_start_count_bias sc = { 1, 3, 0 };
   draw_vbo(draw, &info, &sc, 1);

   /* 3 instances x 3 vertices; vertex 3 has position (0, 0, 0, 1): inside */
   CHECK(cap.num == 9, "%u points", cap.num);
   CHECK(cap.flushes == 1, "%u flushes", cap.flushes);
   for (unsigned k = 0; k < cap.num && k < 9; k++) {
      unsigned inst = k / 3, v = 1 + k % 3;
      const struct cap_vertex *cv = &cap.prims[k].v[0];
      if (v < 3) {
         CHECKF(cv->clip[0], 0.1f * (float)v, 0, "x of vertex %u", v);
         CHECKF(cv->clip[1], -0.2f * (float)v, 0, "y of vertex %u", v);
         CHECKF(cv->attr[1][0], (float)(10 * v) / 255.0f, 1e-7f, "r of vertex %u", v);
         CHECKF(cv->attr[1][1], 1.0f, 0, "g of vertex %u", v);
         CHECKF(cv->attr[1][3], (float)(51 * v) / 255.0f, 1e-7f, "a of vertex %u", v);
      } else {
         CHECKF(cv->clip[0], 0.0f, 0, "x past the end");
         CHECKF(cv->attr[1][0], 0.0f, 0, "r past the end");
         CHECKF(cv->attr[1][3], 1.0f, 0, "a past the end");
      }
      CHECKF(cv->clip[2], 0.0f, 0, "z default");
      CHECKF(cv->clip[3], 1.0f, 0, "w default");
      /* per-instance: start_instance + inst / 2 */
      CHECKF(cv->attr[2][0], buf1[1 + inst / 2], 0, "instance attr of instance %u", inst);
      /* unmapped buffer: default */
      CHECKF(cv->attr[3][0], 0.0f, 0, "unmapped x");
      CHECKF(cv->attr[3][3], 1.0f, 0, "unmapped w");
   }

   /* stride 0: every vertex reads the same element */
   vb[0].stride = 0;
   draw_set_vertex_buffers(draw, 0, 1, vb);
   draw_set_mapped_vertex_buffer(draw, 0, buf0, sizeof(buf0));
   cap_reset(&cap);
   info.instance_count = 1;
   sc.start = 0;
   sc.count = 2;
   draw_vbo(draw, &info, &sc, 1);
   CHECK(cap.num == 2, "%u points", cap.num);
   for (unsigned k = 0; k < cap.num; k++)
      CHECKF(cap.prims[k].v[0].attr[1][1], 1.0f, 0, "stride 0 g");

   draw_destroy(draw);
}

/*
 * draw_fetch_vertices resolves each element once per batch and has fast
 * paths (R32..R32G32B32A32_FLOAT, stride 0, per-instance elements): over
 * every format of the enum, float and integer inputs, random bytes (NaN
 * bit patterns planted in 32-bit channels), a stride that is not the
 * element size, stride 0, a per-instance element, and indices that are
 * negative or past the end, every vertex must equal draw_fetch_convert on
 * the element's address computed here, bit for bit; float32 elements
 * must also equal their words (NaN payloads kept).  The SoA
 * layouts (draw_fetch_vertices_soa) must hold the same words.
 */
static uint32_t rng_state = 0x9e3779b9u;

static uint32_t
rng(void)
{
   return test_rng(&rng_state);
}

static void
test_batch_vs_element(void)
{
   enum { ELEMS = 40, VERTS = 70, STRIDE_PAD = 3 };
   static uint8_t buf[ELEMS * (32 + STRIDE_PAD) + 64];
   int32_t index[VERTS];
   float inputs[VERTS][4];
   const enum ir_base_type bases[2] = { IR_FLOAT, IR_INT };
   unsigned checked = 0;

   /* index sets: some negative or past the end; all inside the buffer
    * (the path without per-vertex checks) for 70 vertices, and for 64
    * (whole SoA blocks of every width); 32 consecutive ones (glDrawArrays:
    * with a stride of the element's size, whole blocks de-interleaved) */
   for (unsigned set = 0; set < 4; set++) {
      const unsigned nverts = set == 3 ? 32 : set == 2 ? 64 : VERTS;
      for (unsigned i = 0; i < VERTS; i++)
         index[i] = set == 3 ? (int32_t)(i + 3) % ELEMS
                  : set ? (int32_t)((i * 7 + 3) % ELEMS)
                        : i % 11 == 5 ? -1 : i % 13 == 7 ? ELEMS + (int32_t)i : (int32_t)(i % ELEMS);

      for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
         const struct util_format_description *desc = util_format_description((enum pipe_format)f);
         if (!desc || !desc->block_bytes || desc->block_bytes > 32)
            continue;
         for (unsigned b = 0; b < 2; b++) {
            /* strided, stride 0, per instance, the element's size */
            for (unsigned mode = 0; mode < 4; mode++) {
               struct draw_context *draw = draw_create();
               struct fake_vs vs;
               fake_vs_init(&vs, 1);
               vs.in[0].base = bases[b];
               draw_set_vertex_shader(draw, &vs.base);

               for (unsigned k = 0; k < sizeof(buf); k++)
                  buf[k] = (uint8_t)rng();
               /* NaNs (signalling and quiet, both signs) in some 32-bit words */
               for (unsigned k = 0; k + 4 <= sizeof(buf); k += 4 * (1 + rng() % 5)) {
                  uint32_t nan = (rng() & 0x803fffffu) | 0x7f800001u;
                  memcpy(&buf[k], &nan, 4);
               }
               unsigned stride = mode == 1 ? 0 : mode == 3 ? desc->block_bytes
                                                           : desc->block_bytes + STRIDE_PAD;
               unsigned offset = 5, size = offset + ELEMS * (desc->block_bytes + STRIDE_PAD);
               struct pipe_vertex_buffer vb;
               memset(&vb, 0, sizeof(vb));
               vb.stride = (uint16_t)stride;
               vb.buffer_offset = 2;
               draw_set_vertex_buffers(draw, 0, 1, &vb);
               draw_set_mapped_vertex_buffer(draw, 0, buf, size);
               struct pipe_vertex_element ve;
               memset(&ve, 0, sizeof(ve));
               ve.src_format = (enum pipe_format)f;
               ve.src_offset = 3;
               ve.instance_divisor = mode == 2 ? 3 : 0;
               draw_set_vertex_elements(draw, 1, &ve);

               unsigned instance = 7, start_instance = 2;
               draw_fetch_vertices(draw, nverts, index, index, instance, start_instance, inputs);
               /* the SoA layouts hold the same words */
               for (unsigned width = 4; width <= 16; width *= 2) {
                  static float soa[(VERTS + 15) / 16 * 16 * 4];
                  memset(soa, 0xcd, sizeof soa);
                  draw_fetch_vertices_soa(draw, nverts, index, index, instance, start_instance, width,
                                          soa);
                  for (unsigned i = 0; i < nverts; i++) {
                     for (unsigned c = 0; c < 4; c++) {
                        const float *w = &soa[((i / width) * 4 + c) * width + i % width];
                        CHECK(!memcmp(w, &inputs[i][c], 4), "%s/%s mode %u SoA width %u vertex %u.%u",
                              util_format_name(f), b ? "int" : "float", mode, width, i, c);
                     }
                  }
               }
               for (unsigned i = 0; i < nverts; i++) {
                  int64_t e = mode == 2 ? (int64_t)start_instance + instance / 3 : index[i];
                  uint64_t off = 2 + 3 + (uint64_t)stride * (uint64_t)e;
                  const uint8_t *src = e >= 0 && off + desc->block_bytes <= size ? buf + off : NULL;
                  float ref[4];
                  draw_fetch_convert(desc, src, bases[b], ref);
                  uint32_t got[4];
                  memcpy(got, inputs[i], sizeof(got));
                  CHECK(!memcmp(inputs[i], ref, sizeof(ref)),
                        "%s/%s mode %u vertex %u: %08x %08x %08x %08x", util_format_name(f),
                        b ? "int" : "float", mode, i, got[0], got[1], got[2], got[3]);
                  /* R32, R32G32, R32G32B32, R32G32B32A32_FLOAT */
                  bool float32 = desc->layout == UTIL_FORMAT_LAYOUT_PLAIN && !desc->is_depth &&
                                 !desc->is_stencil && desc->block_bytes == 4 * desc->nr_channels;
                  for (unsigned c = 0; c < desc->nr_channels; c++)
                     float32 = float32 && desc->swizzle[c] == c &&
                               desc->channel[c].type == UTIL_FORMAT_TYPE_FLOAT &&
                               desc->channel[c].size == 32 && desc->channel[c].shift == 32 * c;
                  if (bases[b] == IR_FLOAT && float32 && src) {
                     float expect[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
                     for (unsigned c = 0; c < desc->nr_channels; c++) {
                        float v;
                        memcpy(&v, src + 4 * c, 4);
                        expect[c] = (float)(double)v;
                     }
                     CHECK(!memcmp(inputs[i], expect, sizeof(expect)),
                           "%s vertex %u: float32 values", util_format_name(f), i);
                  }
                  checked++;
               }
               draw_destroy(draw);
            }
         }
      }
   }
   CHECK(checked > 3000, "%u vertices checked", checked);
}

int
main(void)
{
   char name[64];
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct fetch_case *c = &cases[i];
      snprintf(name, sizeof(name), "%s/%s", util_format_name(c->format),
               c->base == IR_FLOAT ? "float" : "int");
      check_one(util_format_description(c->format), c->bytes, c->base, c->expect.f,
                c->expect.i, c->tol, name);
   }
   test_synthesized();
   test_draw_path();
   test_batch_vs_element();
   return test_result("draw_fetch");
}
