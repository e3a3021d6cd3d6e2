/*
 * The description of every enum pipe_format (see p_format.h for the naming
 * rule and u_format.h for the meaning of each field).  The table is indexed
 * by the enum value; entries are in enum order.
 */
#include "format/u_format.h"

#include <stddef.h>

#include "format/u_format_priv.h"

#define F_SRGB      (1u << 0)
#define F_DEPTH     (1u << 1)
#define F_STENCIL   (1u << 2)
#define F_INT       (1u << 3)
#define F_LUM       (1u << 4)
#define F_INTENSITY (1u << 5)
#define F_ALPHA     (1u << 6)

#define S0 UTIL_FORMAT_SWIZZLE_0
#define S1 UTIL_FORMAT_SWIZZLE_1
#define SN UTIL_FORMAT_SWIZZLE_NONE

#define SWZ(r, g, b, a) { r, g, b, a }
#define CH(type, size, shift) { UTIL_FORMAT_TYPE_##type, size, shift }

#define FMT(fmt, sname, lay, bw, bh, bytes, nr, flags, swz, ...)                 \
   [PIPE_FORMAT_##fmt] = {                                                       \
      .format = PIPE_FORMAT_##fmt,                                               \
      .name = "PIPE_FORMAT_" #fmt,                                               \
      .short_name = sname,                                                       \
      .layout = UTIL_FORMAT_LAYOUT_##lay,                                        \
      .block_width = bw,                                                         \
      .block_height = bh,                                                        \
      .block_bytes = bytes,                                                      \
      .nr_channels = nr,                                                         \
      .channel = { __VA_ARGS__ },                                                \
      .swizzle = swz,                                                            \
      .is_srgb = ((flags) & F_SRGB) != 0,                                        \
      .is_depth = ((flags) & F_DEPTH) != 0,                                      \
      .is_stencil = ((flags) & F_STENCIL) != 0,                                  \
      .is_pure_integer = ((flags) & F_INT) != 0,                                 \
      .is_luminance = ((flags) & F_LUM) != 0,                                    \
      .is_intensity = ((flags) & F_INTENSITY) != 0,                              \
      .is_alpha_only = ((flags) & F_ALPHA) != 0,                                 \
   }

const struct util_format_description util_format_table[PIPE_FORMAT_COUNT] = {
   [PIPE_FORMAT_NONE] = {
      .format = PIPE_FORMAT_NONE,
      .name = "PIPE_FORMAT_NONE",
      .short_name = "none",
      .layout = UTIL_FORMAT_LAYOUT_PLAIN,
      .block_width = 1,
      .block_height = 1,
      .block_bytes = 0,
      .nr_channels = 0,
      .swizzle = SWZ(S0, S0, S0, S1),
   },
   FMT(B8G8R8A8_UNORM, "b8g8r8a8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(2, 1, 0, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(B8G8R8X8_UNORM, "b8g8r8x8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(2, 1, 0, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(VOID, 8, 24)),
   FMT(R8G8B8A8_UNORM, "r8g8b8a8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(0, 1, 2, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(R8G8B8X8_UNORM, "r8g8b8x8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(0, 1, 2, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(VOID, 8, 24)),
   FMT(A8R8G8B8_UNORM, "a8r8g8b8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(1, 2, 3, 0),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(X8R8G8B8_UNORM, "x8r8g8b8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(1, 2, 3, S1),
       CH(VOID, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(A8B8G8R8_UNORM, "a8b8g8r8_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(3, 2, 1, 0),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(R8G8B8_UNORM, "r8g8b8_unorm", PLAIN, 1, 1, 3, 3, 0, SWZ(0, 1, 2, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16)),
   FMT(B8G8R8_UNORM, "b8g8r8_unorm", PLAIN, 1, 1, 3, 3, 0, SWZ(2, 1, 0, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16)),
   FMT(R8G8_UNORM, "r8g8_unorm", PLAIN, 1, 1, 2, 2, 0, SWZ(0, 1, S0, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8)),
   FMT(R8_UNORM, "r8_unorm", PLAIN, 1, 1, 1, 1, 0, SWZ(0, S0, S0, S1),
       CH(UNORM, 8, 0)),
   FMT(R8G8B8A8_SNORM, "r8g8b8a8_snorm", PLAIN, 1, 1, 4, 4, 0, SWZ(0, 1, 2, 3),
       CH(SNORM, 8, 0), CH(SNORM, 8, 8), CH(SNORM, 8, 16), CH(SNORM, 8, 24)),
   FMT(R8G8_SNORM, "r8g8_snorm", PLAIN, 1, 1, 2, 2, 0, SWZ(0, 1, S0, S1),
       CH(SNORM, 8, 0), CH(SNORM, 8, 8)),
   FMT(R8_SNORM, "r8_snorm", PLAIN, 1, 1, 1, 1, 0, SWZ(0, S0, S0, S1),
       CH(SNORM, 8, 0)),
   FMT(R8G8B8A8_UINT, "r8g8b8a8_uint", PLAIN, 1, 1, 4, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(UINT, 8, 0), CH(UINT, 8, 8), CH(UINT, 8, 16), CH(UINT, 8, 24)),
   FMT(R8G8B8A8_SINT, "r8g8b8a8_sint", PLAIN, 1, 1, 4, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(SINT, 8, 0), CH(SINT, 8, 8), CH(SINT, 8, 16), CH(SINT, 8, 24)),
   FMT(R8_UINT, "r8_uint", PLAIN, 1, 1, 1, 1, F_INT, SWZ(0, S0, S0, S1),
       CH(UINT, 8, 0)),
   FMT(R8_SINT, "r8_sint", PLAIN, 1, 1, 1, 1, F_INT, SWZ(0, S0, S0, S1),
       CH(SINT, 8, 0)),
   FMT(B8G8R8A8_SRGB, "b8g8r8a8_srgb", PLAIN, 1, 1, 4, 4, F_SRGB, SWZ(2, 1, 0, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(B8G8R8X8_SRGB, "b8g8r8x8_srgb", PLAIN, 1, 1, 4, 4, F_SRGB, SWZ(2, 1, 0, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(VOID, 8, 24)),
   FMT(R8G8B8A8_SRGB, "r8g8b8a8_srgb", PLAIN, 1, 1, 4, 4, F_SRGB, SWZ(0, 1, 2, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16), CH(UNORM, 8, 24)),
   FMT(R8G8B8_SRGB, "r8g8b8_srgb", PLAIN, 1, 1, 3, 3, F_SRGB, SWZ(0, 1, 2, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8), CH(UNORM, 8, 16)),
   FMT(A8_UNORM, "a8_unorm", PLAIN, 1, 1, 1, 1, F_ALPHA, SWZ(S0, S0, S0, 0),
       CH(UNORM, 8, 0)),
   FMT(L8_UNORM, "l8_unorm", PLAIN, 1, 1, 1, 1, F_LUM, SWZ(0, 0, 0, S1),
       CH(UNORM, 8, 0)),
   FMT(L8A8_UNORM, "l8a8_unorm", PLAIN, 1, 1, 2, 2, F_LUM, SWZ(0, 0, 0, 1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8)),
   FMT(I8_UNORM, "i8_unorm", PLAIN, 1, 1, 1, 1, F_INTENSITY, SWZ(0, 0, 0, 0),
       CH(UNORM, 8, 0)),
   FMT(L16_UNORM, "l16_unorm", PLAIN, 1, 1, 2, 1, F_LUM, SWZ(0, 0, 0, S1),
       CH(UNORM, 16, 0)),
   FMT(A16_UNORM, "a16_unorm", PLAIN, 1, 1, 2, 1, F_ALPHA, SWZ(S0, S0, S0, 0),
       CH(UNORM, 16, 0)),
   FMT(L8_SRGB, "l8_srgb", PLAIN, 1, 1, 1, 1, F_LUM | F_SRGB, SWZ(0, 0, 0, S1),
       CH(UNORM, 8, 0)),
   FMT(L8A8_SRGB, "l8a8_srgb", PLAIN, 1, 1, 2, 2, F_LUM | F_SRGB, SWZ(0, 0, 0, 1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 8)),
   FMT(B5G6R5_UNORM, "b5g6r5_unorm", PLAIN, 1, 1, 2, 3, 0, SWZ(2, 1, 0, S1),
       CH(UNORM, 5, 0), CH(UNORM, 6, 5), CH(UNORM, 5, 11)),
   FMT(B5G5R5A1_UNORM, "b5g5r5a1_unorm", PLAIN, 1, 1, 2, 4, 0, SWZ(2, 1, 0, 3),
       CH(UNORM, 5, 0), CH(UNORM, 5, 5), CH(UNORM, 5, 10), CH(UNORM, 1, 15)),
   FMT(B5G5R5X1_UNORM, "b5g5r5x1_unorm", PLAIN, 1, 1, 2, 4, 0, SWZ(2, 1, 0, S1),
       CH(UNORM, 5, 0), CH(UNORM, 5, 5), CH(UNORM, 5, 10), CH(VOID, 1, 15)),
   FMT(B4G4R4A4_UNORM, "b4g4r4a4_unorm", PLAIN, 1, 1, 2, 4, 0, SWZ(2, 1, 0, 3),
       CH(UNORM, 4, 0), CH(UNORM, 4, 4), CH(UNORM, 4, 8), CH(UNORM, 4, 12)),
   FMT(B4G4R4X4_UNORM, "b4g4r4x4_unorm", PLAIN, 1, 1, 2, 4, 0, SWZ(2, 1, 0, S1),
       CH(UNORM, 4, 0), CH(UNORM, 4, 4), CH(UNORM, 4, 8), CH(VOID, 4, 12)),
   FMT(R10G10B10A2_UNORM, "r10g10b10a2_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(0, 1, 2, 3),
       CH(UNORM, 10, 0), CH(UNORM, 10, 10), CH(UNORM, 10, 20), CH(UNORM, 2, 30)),
   FMT(B10G10R10A2_UNORM, "b10g10r10a2_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(2, 1, 0, 3),
       CH(UNORM, 10, 0), CH(UNORM, 10, 10), CH(UNORM, 10, 20), CH(UNORM, 2, 30)),
   FMT(B10G10R10X2_UNORM, "b10g10r10x2_unorm", PLAIN, 1, 1, 4, 4, 0, SWZ(2, 1, 0, S1),
       CH(UNORM, 10, 0), CH(UNORM, 10, 10), CH(UNORM, 10, 20), CH(VOID, 2, 30)),
   FMT(R10G10B10A2_UINT, "r10g10b10a2_uint", PLAIN, 1, 1, 4, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(UINT, 10, 0), CH(UINT, 10, 10), CH(UINT, 10, 20), CH(UINT, 2, 30)),
   FMT(R11G11B10_FLOAT, "r11g11b10_float", OTHER, 1, 1, 4, 3, 0, SWZ(0, 1, 2, S1),
       CH(FLOAT, 11, 0), CH(FLOAT, 11, 11), CH(FLOAT, 10, 22)),
   FMT(R9G9B9E5_FLOAT, "r9g9b9e5_float", OTHER, 1, 1, 4, 4, 0, SWZ(0, 1, 2, S1),
       CH(FLOAT, 9, 0), CH(FLOAT, 9, 9), CH(FLOAT, 9, 18), CH(VOID, 5, 27)),
   FMT(R3G3B2_UNORM, "r3g3b2_unorm", PLAIN, 1, 1, 1, 3, 0, SWZ(0, 1, 2, S1),
       CH(UNORM, 3, 0), CH(UNORM, 3, 3), CH(UNORM, 2, 6)),
   FMT(R16_UNORM, "r16_unorm", PLAIN, 1, 1, 2, 1, 0, SWZ(0, S0, S0, S1),
       CH(UNORM, 16, 0)),
   FMT(R16G16_UNORM, "r16g16_unorm", PLAIN, 1, 1, 4, 2, 0, SWZ(0, 1, S0, S1),
       CH(UNORM, 16, 0), CH(UNORM, 16, 16)),
   FMT(R16G16B16A16_UNORM, "r16g16b16a16_unorm", PLAIN, 1, 1, 8, 4, 0, SWZ(0, 1, 2, 3),
       CH(UNORM, 16, 0), CH(UNORM, 16, 16), CH(UNORM, 16, 32), CH(UNORM, 16, 48)),
   FMT(R16_SNORM, "r16_snorm", PLAIN, 1, 1, 2, 1, 0, SWZ(0, S0, S0, S1),
       CH(SNORM, 16, 0)),
   FMT(R16G16_SNORM, "r16g16_snorm", PLAIN, 1, 1, 4, 2, 0, SWZ(0, 1, S0, S1),
       CH(SNORM, 16, 0), CH(SNORM, 16, 16)),
   FMT(R16G16B16A16_SNORM, "r16g16b16a16_snorm", PLAIN, 1, 1, 8, 4, 0, SWZ(0, 1, 2, 3),
       CH(SNORM, 16, 0), CH(SNORM, 16, 16), CH(SNORM, 16, 32), CH(SNORM, 16, 48)),
   FMT(R16_UINT, "r16_uint", PLAIN, 1, 1, 2, 1, F_INT, SWZ(0, S0, S0, S1),
       CH(UINT, 16, 0)),
   FMT(R16G16B16A16_UINT, "r16g16b16a16_uint", PLAIN, 1, 1, 8, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(UINT, 16, 0), CH(UINT, 16, 16), CH(UINT, 16, 32), CH(UINT, 16, 48)),
   FMT(R16_SINT, "r16_sint", PLAIN, 1, 1, 2, 1, F_INT, SWZ(0, S0, S0, S1),
       CH(SINT, 16, 0)),
   FMT(R16G16B16A16_SINT, "r16g16b16a16_sint", PLAIN, 1, 1, 8, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(SINT, 16, 0), CH(SINT, 16, 16), CH(SINT, 16, 32), CH(SINT, 16, 48)),
   FMT(R16_FLOAT, "r16_float", PLAIN, 1, 1, 2, 1, 0, SWZ(0, S0, S0, S1),
       CH(FLOAT, 16, 0)),
   FMT(R16G16_FLOAT, "r16g16_float", PLAIN, 1, 1, 4, 2, 0, SWZ(0, 1, S0, S1),
       CH(FLOAT, 16, 0), CH(FLOAT, 16, 16)),
   FMT(R16G16B16_FLOAT, "r16g16b16_float", PLAIN, 1, 1, 6, 3, 0, SWZ(0, 1, 2, S1),
       CH(FLOAT, 16, 0), CH(FLOAT, 16, 16), CH(FLOAT, 16, 32)),
   FMT(R16G16B16A16_FLOAT, "r16g16b16a16_float", PLAIN, 1, 1, 8, 4, 0, SWZ(0, 1, 2, 3),
       CH(FLOAT, 16, 0), CH(FLOAT, 16, 16), CH(FLOAT, 16, 32), CH(FLOAT, 16, 48)),
   FMT(R16G16B16X16_FLOAT, "r16g16b16x16_float", PLAIN, 1, 1, 8, 4, 0, SWZ(0, 1, 2, S1),
       CH(FLOAT, 16, 0), CH(FLOAT, 16, 16), CH(FLOAT, 16, 32), CH(VOID, 16, 48)),
   FMT(R32_FLOAT, "r32_float", PLAIN, 1, 1, 4, 1, 0, SWZ(0, S0, S0, S1),
       CH(FLOAT, 32, 0)),
   FMT(R32G32_FLOAT, "r32g32_float", PLAIN, 1, 1, 8, 2, 0, SWZ(0, 1, S0, S1),
       CH(FLOAT, 32, 0), CH(FLOAT, 32, 32)),
   FMT(R32G32B32_FLOAT, "r32g32b32_float", PLAIN, 1, 1, 12, 3, 0, SWZ(0, 1, 2, S1),
       CH(FLOAT, 32, 0), CH(FLOAT, 32, 32), CH(FLOAT, 32, 64)),
   FMT(R32G32B32A32_FLOAT, "r32g32b32a32_float", PLAIN, 1, 1, 16, 4, 0, SWZ(0, 1, 2, 3),
       CH(FLOAT, 32, 0), CH(FLOAT, 32, 32), CH(FLOAT, 32, 64), CH(FLOAT, 32, 96)),
   FMT(R32_UINT, "r32_uint", PLAIN, 1, 1, 4, 1, F_INT, SWZ(0, S0, S0, S1),
       CH(UINT, 32, 0)),
   FMT(R32G32_UINT, "r32g32_uint", PLAIN, 1, 1, 8, 2, F_INT, SWZ(0, 1, S0, S1),
       CH(UINT, 32, 0), CH(UINT, 32, 32)),
   FMT(R32G32B32_UINT, "r32g32b32_uint", PLAIN, 1, 1, 12, 3, F_INT, SWZ(0, 1, 2, S1),
       CH(UINT, 32, 0), CH(UINT, 32, 32), CH(UINT, 32, 64)),
   FMT(R32G32B32A32_UINT, "r32g32b32a32_uint", PLAIN, 1, 1, 16, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(UINT, 32, 0), CH(UINT, 32, 32), CH(UINT, 32, 64), CH(UINT, 32, 96)),
   FMT(R32_SINT, "r32_sint", PLAIN, 1, 1, 4, 1, F_INT, SWZ(0, S0, S0, S1),
       CH(SINT, 32, 0)),
   FMT(R32G32_SINT, "r32g32_sint", PLAIN, 1, 1, 8, 2, F_INT, SWZ(0, 1, S0, S1),
       CH(SINT, 32, 0), CH(SINT, 32, 32)),
   FMT(R32G32B32_SINT, "r32g32b32_sint", PLAIN, 1, 1, 12, 3, F_INT, SWZ(0, 1, 2, S1),
       CH(SINT, 32, 0), CH(SINT, 32, 32), CH(SINT, 32, 64)),
   FMT(R32G32B32A32_SINT, "r32g32b32a32_sint", PLAIN, 1, 1, 16, 4, F_INT, SWZ(0, 1, 2, 3),
       CH(SINT, 32, 0), CH(SINT, 32, 32), CH(SINT, 32, 64), CH(SINT, 32, 96)),
   FMT(Z16_UNORM, "z16_unorm", PLAIN, 1, 1, 2, 1, F_DEPTH, SWZ(0, SN, SN, SN),
       CH(UNORM, 16, 0)),
   FMT(Z24_UNORM_S8_UINT, "z24_unorm_s8_uint", PLAIN, 1, 1, 4, 2, F_DEPTH | F_STENCIL, SWZ(0, 1, SN, SN),
       CH(UNORM, 24, 0), CH(UINT, 8, 24)),
   FMT(Z24X8_UNORM, "z24x8_unorm", PLAIN, 1, 1, 4, 2, F_DEPTH, SWZ(0, SN, SN, SN),
       CH(UNORM, 24, 0), CH(VOID, 8, 24)),
   FMT(S8_UINT_Z24_UNORM, "s8_uint_z24_unorm", PLAIN, 1, 1, 4, 2, F_DEPTH | F_STENCIL, SWZ(1, 0, SN, SN),
       CH(UINT, 8, 0), CH(UNORM, 24, 8)),
   FMT(Z32_UNORM, "z32_unorm", PLAIN, 1, 1, 4, 1, F_DEPTH, SWZ(0, SN, SN, SN),
       CH(UNORM, 32, 0)),
   FMT(Z32_FLOAT, "z32_float", PLAIN, 1, 1, 4, 1, F_DEPTH, SWZ(0, SN, SN, SN),
       CH(FLOAT, 32, 0)),
   FMT(Z32_FLOAT_S8X24_UINT, "z32_float_s8x24_uint", OTHER, 1, 1, 8, 3, F_DEPTH | F_STENCIL, SWZ(0, 1, SN, SN),
       CH(FLOAT, 32, 0), CH(UINT, 8, 32), CH(VOID, 24, 40)),
   FMT(S8_UINT, "s8_uint", PLAIN, 1, 1, 1, 1, F_STENCIL, SWZ(SN, 0, SN, SN),
       CH(UINT, 8, 0)),
   FMT(DXT1_RGB, "dxt1_rgb", S3TC, 4, 4, 8, 3, 0, SWZ(0, 1, 2, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0)),
   FMT(DXT1_RGBA, "dxt1_rgba", S3TC, 4, 4, 8, 4, 0, SWZ(0, 1, 2, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0)),
   FMT(DXT3_RGBA, "dxt3_rgba", S3TC, 4, 4, 16, 4, 0, SWZ(0, 1, 2, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0)),
   FMT(DXT5_RGBA, "dxt5_rgba", S3TC, 4, 4, 16, 4, 0, SWZ(0, 1, 2, 3),
       CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0), CH(UNORM, 8, 0)),
   FMT(RGTC1_UNORM, "rgtc1_unorm", RGTC, 4, 4, 8, 1, 0, SWZ(0, S0, S0, S1),
       CH(UNORM, 8, 0)),
   FMT(RGTC1_SNORM, "rgtc1_snorm", RGTC, 4, 4, 8, 1, 0, SWZ(0, S0, S0, S1),
       CH(SNORM, 8, 0)),
   FMT(RGTC2_UNORM, "rgtc2_unorm", RGTC, 4, 4, 16, 2, 0, SWZ(0, 1, S0, S1),
       CH(UNORM, 8, 0), CH(UNORM, 8, 0)),
   FMT(RGTC2_SNORM, "rgtc2_snorm", RGTC, 4, 4, 16, 2, 0, SWZ(0, 1, S0, S1),
       CH(SNORM, 8, 0), CH(SNORM, 8, 0)),
};
