/*
 * Vertex input and assembly: every vertex format (GL_FIXED, GL_DOUBLE,
 * 32-bit normalized and signed 2_10_10_10 included) against hand-computed
 * values (the attribute goes straight to an RGBA32F target through a point
 * per vertex), strides, offsets, several buffers, user buffers,
 * gl_VertexID, instancing with divisors and a base instance, 8/16/32-bit
 * indices with offsets and a base vertex, primitive restart and stream
 * output with its primitive queries.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "util/u_inlines.h"

#define W 16
#define H 16

static const char vs_uint_attr[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input uvec4 @attr location 1\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oattr location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input uvec4 @attr\n"
   "   %2 = u2f vec4 %1\n"
   "   store_output @oattr, %2\n"
   "}\n";

static const char vs_int_attr[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input ivec4 @attr location 1\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oattr location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input ivec4 @attr\n"
   "   %2 = i2f vec4 %1\n"
   "   store_output @oattr, %2\n"
   "}\n";

static const char vs_vertex_id[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input int @vid semantic vertex_id\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @oattr location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input int @vid\n"
   "   %2 = i2f float %1\n"
   "   %3 = const float 1.0\n"
   "   %4 = vec4 vec4 %2, %3, %3, %3\n"
   "   store_output @oattr, %4\n"
   "}\n";

/* Point positions: vertex i at pixel (i % W, row), row = base + i / W. */
static void
point_positions(struct scene *s, unsigned n, unsigned row, float (*out)[4])
{
   for (unsigned i = 0; i < n; i++)
      scene_clip(s, (float)(i % W) + 0.5f, (float)(row + i / W) + 0.5f, 0.5f, 1.0f, out[i]);
}

/* --- formats ------------------------------------------------------------------ */

struct vfmt_case {
   enum pipe_format f;
   const char *name;
   unsigned size;               /* bytes per vertex */
   int kind;                    /* 0 float/normalized, 1 uint, 2 sint */
   uint8_t data[4][16];         /* 4 vertices */
   float expect[4][4];
   float alt[4][4];             /* accepted alternative (GL 2.x snorm rule), or all 0 */
};

#define H16(x) (uint8_t)((x) & 0xff), (uint8_t)((x) >> 8)
#define F32(b0, b1, b2, b3) b0, b1, b2, b3

static const struct vfmt_case vfmts[] = {
   { PIPE_FORMAT_R32_FLOAT, "R32_FLOAT -> (x, 0, 0, 1)", 4, 0,
     { { 0x00, 0x00, 0xc0, 0x3f }, { 0x00, 0x00, 0x10, 0xc0 }, { 0x00, 0x24, 0x74, 0x49 }, { 0 } },
     { { 1.5f, 0, 0, 1 }, { -2.25f, 0, 0, 1 }, { 1e6f, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R32G32_FLOAT, "R32G32_FLOAT -> (x, y, 0, 1)", 8, 0,
     { { 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0 }, { 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0x3e },
       { 0 }, { 0x00, 0x00, 0x80, 0xbf, 0x00, 0x00, 0x40, 0x40 } },
     { { 1, -2, 0, 1 }, { 0.5f, 0.25f, 0, 1 }, { 0, 0, 0, 1 }, { -1, 3, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R32G32B32_FLOAT, "R32G32B32_FLOAT -> (x, y, z, 1)", 12, 0,
     { { 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40, 0x40 },
       { 0x00, 0x00, 0x80, 0xbf, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x40, 0xc0 }, { 0 }, { 0 } },
     { { 1, 2, 3, 1 }, { -1, -2, -3, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R32G32B32A32_FLOAT, "R32G32B32A32_FLOAT", 16, 0,
     { { 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40, 0x40, 0x00, 0x00, 0x80, 0x40 },
       { 0 }, { 0x00, 0x00, 0x00, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x80, 0xbf }, { 0 } },
     { { 1, 2, 3, 4 }, { 0, 0, 0, 0 }, { 0.5f, 0, 0, -1 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R16_FLOAT, "R16_FLOAT", 2, 0,
     { { H16(0x3c00) }, { H16(0xc000) }, { H16(0x3800) }, { H16(0x7bff) } },
     { { 1, 0, 0, 1 }, { -2, 0, 0, 1 }, { 0.5f, 0, 0, 1 }, { 65504, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16_FLOAT, "R16G16_FLOAT", 4, 0,
     { { H16(0x3c00), H16(0x3400) }, { H16(0xbc00), H16(0x0000) }, { H16(0x4200), H16(0xc400) }, { 0 } },
     { { 1, 0.25f, 0, 1 }, { -1, 0, 0, 1 }, { 3, -4, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16B16A16_FLOAT, "R16G16B16A16_FLOAT", 8, 0,
     { { H16(0x3c00), H16(0x4000), H16(0x4200), H16(0x4400) }, { H16(0x3800), H16(0xb800), H16(0), H16(0x3c00) },
       { 0 }, { H16(0x5640), H16(0), H16(0), H16(0) } },
     { { 1, 2, 3, 4 }, { 0.5f, -0.5f, 0, 1 }, { 0, 0, 0, 0 }, { 100, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R8_UNORM, "R8_UNORM", 1, 0, { { 0 }, { 255 }, { 51 }, { 128 } },
     { { 0, 0, 0, 1 }, { 1, 0, 0, 1 }, { 0.2f, 0, 0, 1 }, { 128 / 255.0f, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8_UNORM, "R8G8_UNORM", 2, 0, { { 0, 255 }, { 255, 0 }, { 51, 102 }, { 1, 254 } },
     { { 0, 1, 0, 1 }, { 1, 0, 0, 1 }, { 0.2f, 0.4f, 0, 1 }, { 1 / 255.0f, 254 / 255.0f, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8B8_UNORM, "R8G8B8_UNORM", 3, 0,
     { { 0, 255, 51 }, { 255, 0, 102 }, { 153, 204, 0 }, { 0 } },
     { { 0, 1, 0.2f, 1 }, { 1, 0, 0.4f, 1 }, { 0.6f, 0.8f, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", 4, 0,
     { { 0, 255, 51, 102 }, { 255, 0, 102, 0 }, { 153, 204, 0, 255 }, { 1, 2, 3, 4 } },
     { { 0, 1, 0.2f, 0.4f }, { 1, 0, 0.4f, 0 }, { 0.6f, 0.8f, 0, 1 },
       { 1 / 255.0f, 2 / 255.0f, 3 / 255.0f, 4 / 255.0f } }, { { 0 } } },
   { PIPE_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM (GL_BGRA): bytes B, G, R, A", 4, 0,
     { { 51, 102, 153, 204 }, { 255, 0, 0, 255 }, { 0 }, { 0 } },
     { { 0.6f, 0.4f, 0.2f, 0.8f }, { 0, 0, 1, 1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8_SNORM", 4, 0,
     { { 0x7f, 0x81, 0x80, 0x00 }, { 0x40, 0xc0, 0x01, 0xff }, { 0 }, { 0 } },
     { { 1, -1, -1, 0 }, { 64 / 127.0f, -64 / 127.0f, 1 / 127.0f, -1 / 127.0f }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } },
     { { 1, -253 / 255.0f, -1, 1 / 255.0f }, { 129 / 255.0f, -127 / 255.0f, 3 / 255.0f, -1 / 255.0f },
       { 1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 1 / 255.0f }, { 1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 1 / 255.0f } } },
   { PIPE_FORMAT_R16_UNORM, "R16_UNORM", 2, 0, { { H16(0) }, { H16(65535) }, { H16(13107) }, { H16(32768) } },
     { { 0, 0, 0, 1 }, { 1, 0, 0, 1 }, { 0.2f, 0, 0, 1 }, { 32768 / 65535.0f, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16_UNORM, "R16G16_UNORM", 4, 0,
     { { H16(65535), H16(0) }, { H16(26214), H16(39321) }, { 0 }, { 0 } },
     { { 1, 0, 0, 1 }, { 0.4f, 0.6f, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16B16A16_UNORM, "R16G16B16A16_UNORM", 8, 0,
     { { H16(65535), H16(0), H16(13107), H16(52428) }, { 0 }, { 0 }, { 0 } },
     { { 1, 0, 0.2f, 0.8f }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R16_SNORM, "R16_SNORM", 2, 0, { { H16(0x7fff) }, { H16(0x8001) }, { H16(0x8000) }, { H16(0) } },
     { { 1, 0, 0, 1 }, { -1, 0, 0, 1 }, { -1, 0, 0, 1 }, { 0, 0, 0, 1 } },
     { { 1, 0, 0, 1 }, { -65533 / 65535.0f, 0, 0, 1 }, { -1, 0, 0, 1 }, { 1 / 65535.0f, 0, 0, 1 } } },
   { PIPE_FORMAT_R16G16_SNORM, "R16G16_SNORM", 4, 0,
     { { H16(0x4000), H16(0xc000) }, { 0 }, { 0 }, { 0 } },
     { { 16384 / 32767.0f, -16384 / 32767.0f, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } },
     { { 32769 / 65535.0f, -32767 / 65535.0f, 0, 1 }, { 1 / 65535.0f, 1 / 65535.0f, 0, 1 },
       { 1 / 65535.0f, 1 / 65535.0f, 0, 1 }, { 1 / 65535.0f, 1 / 65535.0f, 0, 1 } } },
   /* 10/10/10/2: r 1023, g 0, b 341, a 2 = 0x3ff | 0 << 10 | 341 << 20 | 2 << 30 */
   { PIPE_FORMAT_R10G10B10A2_UNORM, "R10G10B10A2_UNORM", 4, 0,
     { { 0xff, 0x03, 0x50, 0x95 }, { 0x00, 0x00, 0x00, 0xc0 }, { 0 }, { 0 } },
     { { 1, 0, 341 / 1023.0f, 2 / 3.0f }, { 0, 0, 0, 1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R32_UINT, "R32_UINT into a uvec4 input", 4, 1,
     { { 7, 0, 0, 0 }, { 0x00, 0x00, 0x01, 0x00 }, { 0 }, { 0xff, 0xff, 0xff, 0x00 } },
     { { 7, 0, 0, 1 }, { 65536, 0, 0, 1 }, { 0, 0, 0, 1 }, { 16777215, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT into a uvec4 input", 4, 1,
     { { 1, 2, 3, 4 }, { 255, 128, 0, 9 }, { 0 }, { 0 } },
     { { 1, 2, 3, 4 }, { 255, 128, 0, 9 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16B16A16_SINT, "R16G16B16A16_SINT into an ivec4 input", 8, 2,
     { { H16(0xffff), H16(0x8000), H16(0x7fff), H16(5) }, { 0 }, { 0 }, { 0 } },
     { { -1, -32768, 32767, 5 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R32G32B32A32_SINT, "R32G32B32A32_SINT into an ivec4 input", 16, 2,
     { { 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0x00, 0x00, 0x00, 0x80, 0x40, 0x42, 0x0f, 0x00 }, { 0 }, { 0 }, { 0 } },
     { { -1, 2, -2147483648.0f, 1000000 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R8_SINT, "R8_SINT into an ivec4 input -> (x, 0, 0, 1)", 1, 2,
     { { 0x80 }, { 0x7f }, { 0xff }, { 0 } },
     { { -128, 0, 0, 1 }, { 127, 0, 0, 1 }, { -1, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   /* GL vertex types without a texture format (appended to the enum) */
   { PIPE_FORMAT_R32_UNORM, "R32_UNORM (GL_UNSIGNED_INT normalized)", 4, 0,
     { { 0xff, 0xff, 0xff, 0xff }, { 0x00, 0x00, 0x00, 0x80 }, { 0 }, { 0x33, 0x33, 0x33, 0x33 } },
     { { 1, 0, 0, 1 }, { 0.5f, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0.2f, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R32G32B32A32_SNORM, "R32G32B32A32_SNORM (GL_INT normalized)", 16, 0,
     { { 0xff, 0xff, 0xff, 0x7f, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x40, 0, 0, 0, 0 }, { 0 }, { 0 }, { 0 } },
     { { 1, -1, 0.5f, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R32G32_FIXED, "R32G32_FIXED (GL_FIXED, 16.16)", 8, 0,
     { { 0x00, 0x80, 0x01, 0x00, 0x00, 0x00, 0xff, 0xff }, { 0x00, 0x00, 0x64, 0x00, 0x00, 0x40, 0x00, 0x00 },
       { 0 }, { 0x00, 0x80, 0xff, 0xff, 0x00, 0x00, 0x00, 0x80 } },
     { { 1.5f, -1, 0, 1 }, { 100, 0.25f, 0, 1 }, { 0, 0, 0, 1 }, { -0.5f, -32768, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R64G64_FLOAT, "R64G64_FLOAT (GL_DOUBLE)", 16, 0,
     { { 0, 0, 0, 0, 0, 0, 0xf4, 0x3f, 0, 0, 0, 0, 0, 0, 0x21, 0xc0 },
       { 0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 0, 0, 0, 0, 0x80, 0x84, 0x2e, 0x41 }, { 0 },
       { 0, 0, 0, 0, 0, 0, 0xf0, 0xbf, 0, 0, 0, 0, 0, 0, 0x08, 0x40 } },
     { { 1.25f, -8.5f, 0, 1 }, { 0.5f, 1e6f, 0, 1 }, { 0, 0, 0, 1 }, { -1, 3, 0, 1 } }, { { 0 } } },
   /* r 511, g -511, b 0, a 1; then all fields at their minimum */
   { PIPE_FORMAT_R10G10B10A2_SNORM, "R10G10B10A2_SNORM (GL_INT_2_10_10_10_REV normalized)", 4, 0,
     { { 0xff, 0x05, 0x08, 0x40 }, { 0x00, 0x02, 0x08, 0xa0 }, { 0 }, { 0 } },
     { { 1, -1, 0, 1 }, { -1, -1, -1, -1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } },
     { { 1, -1021 / 1023.0f, 1 / 1023.0f, 1 }, { -1, -1, -1, -1 },
       { 1 / 1023.0f, 1 / 1023.0f, 1 / 1023.0f, 1 / 3.0f }, { 1 / 1023.0f, 1 / 1023.0f, 1 / 1023.0f, 1 / 3.0f } } },
   /* GL_BGRA: b -512 in bits 0-9, g 511, r 0, a 1 */
   { PIPE_FORMAT_B10G10R10A2_SNORM, "B10G10R10A2_SNORM (GL_BGRA, GL_INT_2_10_10_10_REV)", 4, 0,
     { { 0x00, 0xfe, 0x07, 0x40 }, { 0x00, 0x02, 0x08, 0xa0 }, { 0 }, { 0 } },
     { { 0, 1, -1, 1 }, { -1, -1, -1, -1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } },
     { { 1 / 1023.0f, 1, -1, 1 }, { -1, -1, -1, -1 },
       { 1 / 1023.0f, 1 / 1023.0f, 1 / 1023.0f, 1 / 3.0f }, { 1 / 1023.0f, 1 / 1023.0f, 1 / 1023.0f, 1 / 3.0f } } },
   /* r -512, g 511, b 0, a -1; r 5, g 6, b 7, a 1 */
   { PIPE_FORMAT_R10G10B10A2_SINT, "R10G10B10A2_SINT into an ivec4 input", 4, 2,
     { { 0x00, 0xfe, 0x07, 0xc0 }, { 0x05, 0x18, 0x70, 0x40 }, { 0 }, { 0 } },
     { { -512, 511, 0, -1 }, { 5, 6, 7, 1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16B16_SNORM, "R16G16B16_SNORM", 6, 0,
     { { H16(0x7fff), H16(0x8000), H16(0) }, { H16(0x8001), H16(0x4000), H16(0xc000) }, { 0 }, { 0 } },
     { { 1, -1, 0, 1 }, { -1, 16384 / 32767.0f, -16384 / 32767.0f, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } },
     { { 1, -1, 1 / 65535.0f, 1 }, { -65533 / 65535.0f, 32769 / 65535.0f, -32767 / 65535.0f, 1 },
       { 1 / 65535.0f, 1 / 65535.0f, 1 / 65535.0f, 1 }, { 1 / 65535.0f, 1 / 65535.0f, 1 / 65535.0f, 1 } } },
   { PIPE_FORMAT_R16G16B16_UNORM, "R16G16B16_UNORM", 6, 0,
     { { H16(65535), H16(0), H16(13107) }, { H16(26214), H16(39321), H16(52428) }, { 0 }, { 0 } },
     { { 1, 0, 0.2f, 1 }, { 0.4f, 0.6f, 0.8f, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8B8_SNORM, "R8G8B8_SNORM", 3, 0,
     { { 0x7f, 0x80, 0x00 }, { 0 }, { 0 }, { 0 } },
     { { 1, -1, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } },
     { { 1, -1, 1 / 255.0f, 1 }, { 1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 1 },
       { 1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 1 }, { 1 / 255.0f, 1 / 255.0f, 1 / 255.0f, 1 } } },
   { PIPE_FORMAT_R8G8B8_UINT, "R8G8B8_UINT into a uvec4 input -> (x, y, z, 1)", 3, 1,
     { { 1, 2, 3 }, { 255, 128, 0 }, { 0 }, { 0 } },
     { { 1, 2, 3, 1 }, { 255, 128, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16_UINT, "R16G16_UINT into a uvec4 input", 4, 1,
     { { H16(0x1234), H16(65535) }, { 0 }, { 0 }, { 0 } },
     { { 4660, 65535, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R8G8_SINT, "R8G8_SINT into an ivec4 input -> (x, y, 0, 1)", 2, 2,
     { { 0x80, 0x7f }, { 0xff, 0x00 }, { 0 }, { 0 } },
     { { -128, 127, 0, 1 }, { -1, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
   { PIPE_FORMAT_R16G16B16_SINT, "R16G16B16_SINT into an ivec4 input", 6, 2,
     { { H16(0x8000), H16(0x7fff), H16(0xfffe) }, { 0 }, { 0 }, { 0 } },
     { { -32768, 32767, -2, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 } }, { { 0 } } },
};

static bool
close_to(const float *g, const float *e)
{
   for (unsigned c = 0; c < 4; c++)
      if (fabsf(g[c] - e[c]) > 1e-6f * (1 + fabsf(e[c])))
         return false;
   return true;
}

static void
test_formats(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_dsa(s, NULL);
   scene_fs(s, scene_fs_attr);
   float pos[4][4];
   point_positions(s, 4, 0, pos);
   for (unsigned k = 0; k < sizeof vfmts / sizeof vfmts[0]; k++) {
      const struct vfmt_case *vc = &vfmts[k];
      scene_case(s, "vertex format %s", vc->name);
      scene_vs(s, vc->kind == 0 ? scene_vs_pos_attr : vc->kind == 1 ? vs_uint_attr : vs_int_attr);
      struct pipe_vertex_element ve[2];
      memset(ve, 0, sizeof ve);
      ve[0].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      ve[0].vertex_buffer_index = 0;
      ve[1].src_format = vc->f;
      ve[1].vertex_buffer_index = 1;
      scene_velems(s, 2, ve);
      scene_vbuf(s, 0, pos, sizeof pos, 16, 0);
      uint8_t packed[64];
      for (unsigned i = 0; i < 4; i++)
         memcpy(packed + i * vc->size, vc->data[i], vc->size);
      scene_vbuf(s, 1, packed, 4 * vc->size, vc->size, 0);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_POINTS, 0, 4);
      float *got = scene_read_rgba(s, 0);
      bool has_alt = vc->alt[0][0] != 0 || vc->alt[0][1] != 0 || vc->alt[0][3] != 0;
      for (unsigned i = 0; i < 4; i++) {
         const float *g = &got[i * 4];
         bool ok = close_to(g, vc->expect[i]) || (has_alt && close_to(g, vc->alt[i]));
         SCHECK(s, ok, "vertex %u: (%.7g, %.7g, %.7g, %.7g), expected (%.7g, %.7g, %.7g, %.7g)", i,
                g[0], g[1], g[2], g[3], vc->expect[i][0], vc->expect[i][1], vc->expect[i][2],
                vc->expect[i][3]);
      }
      free(got);
   }
   scene_vs(s, scene_vs_pos_attr);
}

/* --- fetch details ------------------------------------------------------------------ */

static void
check_points(struct scene *s, unsigned n, unsigned row, const float (*expect)[4], const char *what)
{
   float *got = scene_read_rgba(s, 0);
   for (unsigned i = 0; i < n; i++) {
      unsigned p = (row + i / W) * W + i % W;
      SCHECK(s, close_to(&got[p * 4], expect[i]),
             "%s: point %u: (%g, %g, %g, %g), expected (%g, %g, %g, %g)", what, i, got[p * 4],
             got[p * 4 + 1], got[p * 4 + 2], got[p * 4 + 3], expect[i][0], expect[i][1],
             expect[i][2], expect[i][3]);
   }
   free(got);
}

static void
test_fetch(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
   float pos[8][4];
   point_positions(s, 8, 0, pos);

   scene_case(s, "fetch: stride 0 repeats one attribute value");
   {
      struct pipe_vertex_element ve[2];
      memset(ve, 0, sizeof ve);
      ve[0].src_format = ve[1].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      ve[1].vertex_buffer_index = 1;
      scene_velems(s, 2, ve);
      scene_vbuf(s, 0, pos, sizeof pos, 16, 0);
      static const float c[4] = { 0.125f, -3, 7, 0.5f };
      scene_vbuf(s, 1, c, sizeof c, 0, 0);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_POINTS, 0, 8);
      float e[8][4];
      for (unsigned i = 0; i < 8; i++)
         memcpy(e[i], c, 16);
      check_points(s, 8, 0, (const float (*)[4])e, "stride 0");
   }

   scene_case(s, "fetch: interleaved buffer with buffer_offset, src_offset and a padded stride");
   {
      /* vertex: 8 bytes padding, pos (16), 4 padding, colour (16) = 44 bytes; buffer_offset 12 */
      uint8_t buf[12 + 8 * 44];
      memset(buf, 0xee, sizeof buf);
      float e[8][4];
      for (unsigned i = 0; i < 8; i++) {
         float col[4] = { (float)i, (float)(i * i), -(float)i, 0.25f * i };
         memcpy(buf + 12 + i * 44 + 8, pos[i], 16);
         memcpy(buf + 12 + i * 44 + 28, col, 16);
         memcpy(e[i], col, 16);
      }
      struct pipe_vertex_element ve[2];
      memset(ve, 0, sizeof ve);
      ve[0].src_format = ve[1].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      ve[0].src_offset = 8;
      ve[1].src_offset = 28;
      scene_velems(s, 2, ve);
      scene_vbuf(s, 0, buf, sizeof buf, 44, 12);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_POINTS, 0, 8);
      check_points(s, 8, 0, (const float (*)[4])e, "interleaved");

      scene_case(s, "fetch: draw start 3 reads from vertex 3");
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_POINTS, 3, 5);
      float *got = scene_read_rgba(s, 0);
      for (unsigned i = 0; i < 8; i++) {
         float none[4] = { -7, -7, -7, -7 };
         const float *ex = i < 3 ? none : e[i];
         SCHECK(s, close_to(&got[i * 4], ex), "point %u: (%g, %g, %g, %g), expected (%g, %g, %g, %g)",
                i, got[i * 4], got[i * 4 + 1], got[i * 4 + 2], got[i * 4 + 3], ex[0], ex[1], ex[2],
                ex[3]);
      }
      free(got);
   }

   scene_case(s, "fetch: user vertex buffers");
   if (!s->screen->caps.user_vertex_buffers) {
      scene_skip_case(s, "caps.user_vertex_buffers is false");
   } else {
      struct pipe_vertex_element ve[2];
      memset(ve, 0, sizeof ve);
      ve[0].src_format = ve[1].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      ve[1].vertex_buffer_index = 1;
      scene_velems(s, 2, ve);
      float col[8][4];
      for (unsigned i = 0; i < 8; i++)
         for (unsigned c = 0; c < 4; c++)
            col[i][c] = (float)(i * 4 + c) / 8.0f;
      struct pipe_vertex_buffer vb[2];
      memset(vb, 0, sizeof vb);
      vb[0].stride = 16;
      vb[0].is_user_buffer = true;
      vb[0].buffer.user = pos;
      vb[1].stride = 16;
      vb[1].is_user_buffer = true;
      vb[1].buffer.user = col;
      s->ctx->set_vertex_buffers(s->ctx, 0, 2, vb);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_POINTS, 0, 8);
      check_points(s, 8, 0, (const float (*)[4])col, "user buffers");
   }

   scene_case(s, "vertex_id: start + i for arrays");
   {
      scene_vs(s, vs_vertex_id);
      scene_verts(s, &pos[0][0], 8, 1);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_POINTS, 2, 6);
      float *got = scene_read_rgba(s, 0);
      for (unsigned i = 2; i < 8; i++)
         SCHECK(s, got[i * 4] == (float)i, "point %u: vertex_id %g, expected %u", i, got[i * 4], i);
      free(got);
      scene_vs(s, scene_vs_pos_attr);
   }
}

/* --- instancing ---------------------------------------------------------------------- */

static const char vs_instanced[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input vec4 @off location 1\n"
   "input vec4 @c2 location 2\n"
   "input vec4 @c3 location 3\n"
   "input int @iid semantic instance_id\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   %1 = load_input vec4 @off\n"
   "   %2 = fadd vec4 %0, %1\n"
   "   store_output @opos, %2\n"
   "   %3 = load_input vec4 @c2\n"
   "   %4 = load_input vec4 @c3\n"
   "   %5 = load_input int @iid\n"
   "   %6 = i2f float %5\n"
   "   %7 = swizzle float %3.x\n"
   "   %8 = swizzle float %4.x\n"
   "   %9 = swizzle float %1.w\n"
   "   %10 = const float 1.0\n"
   "   %11 = fsub float %9, %10\n"
   "   %12 = vec4 vec4 %7, %8, %6, %11\n"
   "   store_output @o, %12\n"
   "}\n";

static void
test_instancing(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, vs_instanced, scene_fs_attr);
   /* per vertex: two points in row 0 (x = 0, 1); per instance (divisor 1):
    * a clip-space offset moving instance k to row k + 1 ... */
   static const struct {
      const char *name;
      unsigned start_instance, count, div_off, div2, div3;
   } cases[] = {
      { "instancing: 6 instances, divisors 1, 2 and 3 + instance_id", 0, 6, 1, 2, 3 },
      { "instancing: start_instance 2 offsets instanced fetches, not instance_id", 2, 4, 1, 2, 3 },
      { "instancing: divisor 4 with 5 instances, divisor 1 offsets", 0, 5, 1, 4, 1 },
      { "instancing: one instance", 0, 1, 1, 2, 3 },
   };
   float vpos[2][4];
   scene_clip(s, 0.5f, 0.5f, 0.5f, 1.0f, vpos[0]);
   scene_clip(s, 1.5f, 0.5f, 0.5f, 1.0f, vpos[1]);
   float off[16][4], c2[16][4], c3[16][4];
   for (unsigned k = 0; k < 16; k++) {
      /* instance element k: move down k rows (2 / H in NDC per row); w part
       * carries 1 + k so the shader can report which element it read */
      off[k][0] = 0;
      off[k][1] = 2.0f * (float)k / H;
      off[k][2] = 0;
      off[k][3] = 0;
      c2[k][0] = 100.0f + k;
      c3[k][0] = 200.0f + k;
      c2[k][1] = c2[k][2] = c2[k][3] = c3[k][1] = c3[k][2] = c3[k][3] = 0;
   }
   /* the w offset must not change the position: use a separate element for
    * the reported index: attribute 1's w is added to position w... so keep
    * off[k][3] = 0 and report the offset element through the row */
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      if (!s->screen->caps.instancing) {
         scene_skip_case(s, "caps.instancing is false");
         continue;
      }
      struct pipe_vertex_element ve[4];
      memset(ve, 0, sizeof ve);
      for (unsigned i = 0; i < 4; i++) {
         ve[i].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
         ve[i].vertex_buffer_index = (uint8_t)i;
      }
      ve[1].instance_divisor = cases[c].div_off;
      ve[2].instance_divisor = cases[c].div2;
      ve[3].instance_divisor = cases[c].div3;
      scene_velems(s, 4, ve);
      scene_vbuf(s, 0, vpos, sizeof vpos, 16, 0);
      scene_vbuf(s, 1, off, sizeof off, 16, 0);
      scene_vbuf(s, 2, c2, sizeof c2, 16, 0);
      scene_vbuf(s, 3, c3, sizeof c3, 16, 0);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw_instanced(s, PIPE_PRIM_POINTS, 0, 2, cases[c].start_instance, cases[c].count);
      float *got = scene_read_rgba(s, 0);
      bool lit[H] = { false };
      for (unsigned i = 0; i < cases[c].count; i++) {
         unsigned si = cases[c].start_instance;
         unsigned row = si + i / cases[c].div_off;
         float e[4] = { 100.0f + (float)(si + i / cases[c].div2),
                        200.0f + (float)(si + i / cases[c].div3), (float)i, -1.0f };
         lit[row] = true;
         for (unsigned x = 0; x < 2; x++) {
            const float *g = &got[(row * W + x) * 4];
            SCHECK(s, close_to(g, e), "instance %u vertex %u at row %u: (%g, %g, %g, %g), "
                   "expected (%g, %g, %g, %g)", i, x, row, g[0], g[1], g[2], g[3], e[0], e[1],
                   e[2], e[3]);
         }
      }
      for (unsigned row = 0; row < H; row++) {
         if (lit[row])
            continue;
         SCHECK(s, got[row * W * 4] == -7.0f, "row %u was drawn by no instance but holds %g", row,
                got[row * W * 4]);
      }
      free(got);
   }
}

/* --- indices and primitive restart ------------------------------------------------------- */

static void
test_indices(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
   /* 32 vertices: vertex v at pixel (v % 16, v / 16), colour (v, 2v, 0, 1) */
   float verts[32][8];
   for (unsigned v = 0; v < 32; v++) {
      scene_clip(s, (float)(v % W) + 0.5f, (float)(v / W) + 0.5f, 0.5f, 1.0f, verts[v]);
      verts[v][4] = (float)v;
      verts[v][5] = 2.0f * v;
      verts[v][6] = 0;
      verts[v][7] = 1;
   }
   static const unsigned idx[10] = { 5, 0, 31, 17, 2, 9, 9, 20, 3, 14 };
   for (unsigned size = 1; size <= 4; size *= 2) {
      for (unsigned variant = 0; variant < 3; variant++) {
         static const char *const vnames[3] = { "all indices", "start 3 into the index buffer",
                                                "index_bias (base vertex) 4" };
         scene_case(s, "%u-bit indices: %s", size * 8, vnames[variant]);
         scene_verts(s, &verts[0][0], 32, 2);
         uint8_t ib[40];
         for (unsigned i = 0; i < 10; i++) {
            uint32_t v = idx[i] - (variant == 2 ? 4u * (idx[i] >= 4) : 0);
            if (variant == 2 && idx[i] < 4)
               v = idx[i] + 12;   /* + 4 = idx + 16: still a valid vertex */
            if (size == 1)
               ib[i] = (uint8_t)v;
            else if (size == 2)
               memcpy(ib + 2 * i, &(uint16_t){ (uint16_t)v }, 2);
            else
               memcpy(ib + 4 * i, &v, 4);
         }
         unsigned start = variant == 1 ? 3 : 0;
         scene_clear_color(s, -7, -7, -7, -7);
         scene_draw_indexed(s, PIPE_PRIM_POINTS, ib, size, 10, start, 10 - start,
                            variant == 2 ? 4 : 0, false, 0);
         bool lit[32] = { false };
         for (unsigned i = start; i < 10; i++) {
            uint32_t v = variant == 2 && idx[i] < 4 ? idx[i] + 16 : idx[i];
            lit[v] = true;
         }
         float *got = scene_read_rgba(s, 0);
         for (unsigned v = 0; v < 32; v++) {
            float e[4] = { (float)v, 2.0f * v, 0, 1 }, none[4] = { -7, -7, -7, -7 };
            SCHECK(s, close_to(&got[v * 4], lit[v] ? e : none),
                   "vertex %u: (%g, %g, %g, %g), expected %s", v, got[v * 4], got[v * 4 + 1],
                   got[v * 4 + 2], got[v * 4 + 3], lit[v] ? "its colour" : "not drawn");
         }
         free(got);
      }
   }

   scene_case(s, "user index buffer (has_user_indices), 16-bit");
   if (!s->screen->caps.user_index_buffers) {
      scene_skip_case(s, "caps.user_index_buffers is false");
   } else {
      static const uint16_t uidx[4] = { 30, 1, 16, 7 };
      struct pipe_draw_info info;
      memset(&info, 0, sizeof info);
      info.mode = PIPE_PRIM_POINTS;
      info.index_size = 2;
      info.has_user_indices = true;
      info.index.user = uidx;
      info.instance_count = 1;
      info.max_index = ~0u;
      struct pipe_draw_start_count_bias d = { 0, 4, 0 };
      scene_clear_color(s, -7, -7, -7, -7);
      s->ctx->draw_vbo(s->ctx, &info, &d, 1);
      float *got = scene_read_rgba(s, 0);
      for (unsigned k = 0; k < 4; k++) {
         unsigned v = uidx[k];
         SCHECK(s, got[v * 4] == (float)v, "vertex %u: %g, expected %u", v, got[v * 4], v);
      }
      free(got);
   }

   scene_case(s, "vertex_id with indices and a base vertex: index + bias");
   {
      scene_vs(s, vs_vertex_id);
      static const uint16_t vi[3] = { 1, 6, 11 };
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw_indexed(s, PIPE_PRIM_POINTS, vi, 2, 3, 0, 3, 3, false, 0);
      float *got = scene_read_rgba(s, 0);
      for (unsigned k = 0; k < 3; k++) {
         unsigned v = vi[k] + 3;
         SCHECK(s, got[v * 4] == (float)v, "vertex %u: vertex_id %g, expected %u", v, got[v * 4], v);
      }
      free(got);
      scene_vs(s, scene_vs_pos_attr);
   }

   /* primitive restart: coverage counted additively */
   scene_count_setup(s, 32, 32);
   scene_vs(s, scene_vs_pos_attr);
   scene_fs(s, scene_fs_one);
   static const float lp[8][2] = { { 2.2f, 2.3f }, { 28.3f, 4.2f }, { 16.1f, 16.2f },
                                   { 29.4f, 29.1f }, { 3.3f, 27.2f }, { 8.1f, 12.4f },
                                   { 20.3f, 6.2f }, { 12.2f, 30.3f } };
   float lverts[8][8];
   for (unsigned v = 0; v < 8; v++) {
      scene_clip(s, lp[v][0], lp[v][1], 0.5f, 1.0f, lverts[v]);
      lverts[v][4] = lverts[v][5] = lverts[v][6] = lverts[v][7] = 1;
   }
   static const struct {
      const char *name;
      unsigned size, restart;
   } rcases[] = {
      { "primitive restart: 8-bit LINE_STRIP, index 0xff", 1, 0xff },
      { "primitive restart: 16-bit LINE_STRIP, index 0xffff", 2, 0xffff },
      { "primitive restart: 32-bit LINE_STRIP, index 0xffffffff", 4, 0xffffffffu },
      { "primitive restart: 16-bit LINE_STRIP, custom index 7", 2, 7 },
   };
   for (unsigned c = 0; c < sizeof rcases / sizeof rcases[0]; c++) {
      scene_case(s, "%s", rcases[c].name);
      if (!s->screen->caps.primitive_restart) {
         scene_skip_case(s, "caps.primitive_restart is false");
         continue;
      }
      /* strips 0-1-2 | 3-4-5 | 6 (a lone vertex: nothing) */
      uint32_t seq[9] = { 0, 1, 2, rcases[c].restart, 3, 4, 5, rcases[c].restart, 6 };
      uint8_t ib[36];
      for (unsigned i = 0; i < 9; i++) {
         if (rcases[c].size == 1)
            ib[i] = (uint8_t)seq[i];
         else if (rcases[c].size == 2)
            memcpy(ib + 2 * i, &(uint16_t){ (uint16_t)seq[i] }, 2);
         else
            memcpy(ib + 4 * i, &seq[i], 4);
      }
      struct scene_grid g;
      scene_grid_init(&g, 32, 32, 0);
      static const unsigned segs[4][2] = { { 0, 1 }, { 1, 2 }, { 3, 4 }, { 4, 5 } };
      for (unsigned k = 0; k < 4; k++)
         scene_grid_line(&g, lp[segs[k][0]], lp[segs[k][1]]);
      scene_verts(s, &lverts[0][0], 8, 2);
      scene_clear_color(s, 0, 0, 0, 0);
      scene_draw_indexed(s, PIPE_PRIM_LINE_STRIP, ib, rcases[c].size, 9, 0, 9, 0, true,
                         rcases[c].restart);
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, rcases[c].name);
      free(rgba);
      scene_grid_fini(&g);
   }

   scene_case(s, "primitive restart: TRIANGLE_STRIP pieces do not join");
   if (!s->screen->caps.primitive_restart) {
      scene_skip_case(s, "caps.primitive_restart is false");
   } else {
      static const float tp[8][2] = { { 1, 1 }, { 1, 15 }, { 14, 1 }, { 14, 15 },
                                      { 17, 17 }, { 17, 31 }, { 31, 17 }, { 31, 31 } };
      float tv[8][8];
      for (unsigned v = 0; v < 8; v++) {
         scene_clip(s, tp[v][0], tp[v][1], 0.5f, 1.0f, tv[v]);
         tv[v][4] = tv[v][5] = tv[v][6] = tv[v][7] = 1;
      }
      static const uint16_t ti[9] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
      struct scene_grid g;
      scene_grid_init(&g, 32, 32, 0);
      for (unsigned y = 0; y < 32; y++)
         for (unsigned x = 0; x < 32; x++)
            g.v[y * 32 + x] = (x >= 1 && x < 14 && y >= 1 && y < 15) ||
                              (x >= 17 && x < 31 && y >= 17 && y < 31);
      scene_verts(s, &tv[0][0], 8, 2);
      scene_clear_color(s, 0, 0, 0, 0);
      scene_draw_indexed(s, PIPE_PRIM_TRIANGLE_STRIP, ti, 2, 9, 0, 9, 0, true, 0xffff);
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, "restarted strips");
      free(rgba);
      scene_grid_fini(&g);
   }
}

/* --- stream output ----------------------------------------------------------------------------- */

static float *
read_buffer(struct scene *s, struct pipe_resource *buf)
{
   struct pipe_transfer *tr;
   struct pipe_box box = u_box_3d(0, 0, 0, (int)buf->width0, 1, 1);
   const void *p = s->ctx->buffer_map(s->ctx, buf, 0, PIPE_MAP_READ, &box, &tr);
   float *out = malloc(buf->width0);
   if (p)
      memcpy(out, p, buf->width0);
   else
      memset(out, 0, buf->width0);
   if (p)
      s->ctx->buffer_unmap(s->ctx, tr);
   return out;
}

static void
test_stream_output(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_fs(s, scene_fs_attr);
   if (!s->screen->caps.stream_output) {
      scene_case(s, "stream output");
      scene_skip_case(s, "caps.stream_output is false");
      return;
   }
   /* 6 vertices = 2 triangles; attribute (10 v, 10 v + 1, 10 v + 2, 10 v + 3) */
   float verts[6][8];
   for (unsigned v = 0; v < 6; v++) {
      scene_clip(s, 1.0f + v * 2, (v & 1) ? 14.0f : 1.0f, 0.25f, 1.0f + 0.5f * v, verts[v]);
      for (unsigned c = 0; c < 4; c++)
         verts[v][4 + c] = 10.0f * v + c;
   }
   /* outputs in declaration order: slot 0 position, slot 1 the attribute */
   struct pipe_stream_output_info so;
   static const struct {
      const char *name;
      bool two_buffers, append, overflow, discard;
   } cases[] = {
      { "stream output: position and attribute.yz interleaved in one buffer", false, false, false, false },
      { "stream output: two buffers", true, false, false, false },
      { "stream output: appending (offset -1) after a first draw", false, true, false, false },
      { "stream output: overflow writes whole primitives only", false, false, true, false },
      { "stream output with rasterizer discard: written, nothing drawn", false, false, false, true },
   };
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      memset(&so, 0, sizeof so);
      so.num_outputs = 2;
      so.output[0].register_index = 0;
      so.output[0].num_components = 4;
      so.output[0].output_buffer = 0;
      so.output[0].dst_offset = 0;
      so.output[1].register_index = 1;
      so.output[1].start_component = 1;
      so.output[1].num_components = 2;
      if (cases[c].two_buffers) {
         so.output[1].output_buffer = 1;
         so.output[1].dst_offset = 0;
         so.stride[0] = 4;
         so.stride[1] = 2;
      } else {
         so.output[1].output_buffer = 0;
         so.output[1].dst_offset = 4;
         so.stride[0] = 6;
      }
      void *vs = scene_shader(s, PIPE_SHADER_VERTEX, scene_vs_pos_attr, &so);
      s->ctx->bind_vs_state(s->ctx, vs);
      unsigned vcount = cases[c].overflow ? 5 : 6;   /* room for 5 vertices: 1 triangle */
      unsigned size0 = (cases[c].append ? 12 : vcount) * so.stride[0] * 4;
      struct pipe_resource *b0 = pt_buffer(&s->pt, size0 + 64, PIPE_BIND_STREAM_OUTPUT);
      struct pipe_resource *b1 = pt_buffer(&s->pt, 6 * 2 * 4 + 64, PIPE_BIND_STREAM_OUTPUT);
      struct pipe_stream_output_target *t[2];
      t[0] = s->ctx->create_stream_output_target(s->ctx, b0, 16, size0);
      t[1] = s->ctx->create_stream_output_target(s->ctx, b1, 0, 6 * 2 * 4);
      unsigned offsets[2] = { 0, 0 };
      s->ctx->set_stream_output_targets(s->ctx, cases[c].two_buffers ? 2 : 1, t, offsets);
      if (cases[c].discard) {
         struct pipe_rasterizer_state r;
         scene_rast_defaults(&r);
         r.rasterizer_discard = 1;
         scene_rast(s, &r);
      }
      struct pipe_query *qg = s->ctx->create_query(s->ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
      struct pipe_query *qe = s->ctx->create_query(s->ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
      if (qg)
         s->ctx->begin_query(s->ctx, qg);
      if (qe)
         s->ctx->begin_query(s->ctx, qe);
      scene_verts(s, &verts[0][0], 6, 2);
      scene_clear_color(s, -7, -7, -7, -7);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      unsigned prims = 2;
      if (cases[c].append) {
         unsigned app[1] = { (unsigned)-1 };
         s->ctx->set_stream_output_targets(s->ctx, 1, t, app);
         scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
         prims = 4;
      }
      if (qg)
         s->ctx->end_query(s->ctx, qg);
      if (qe)
         s->ctx->end_query(s->ctx, qe);
      s->ctx->set_stream_output_targets(s->ctx, 0, NULL, NULL);
      unsigned emitted = cases[c].overflow ? 1 : prims;
      if (qg) {
         union pipe_query_result r;
         memset(&r, 0, sizeof r);
         s->ctx->get_query_result(s->ctx, qg, true, &r);
         SCHECK(s, r.u64 == prims, "PRIMITIVES_GENERATED %llu, expected %u",
                (unsigned long long)r.u64, prims);
         s->ctx->destroy_query(s->ctx, qg);
      } else {
         scene_fail(s, "create_query(PRIMITIVES_GENERATED) returned NULL with stream output");
      }
      if (qe) {
         union pipe_query_result r;
         memset(&r, 0, sizeof r);
         s->ctx->get_query_result(s->ctx, qe, true, &r);
         SCHECK(s, r.u64 == emitted, "PRIMITIVES_EMITTED %llu, expected %u",
                (unsigned long long)r.u64, emitted);
         s->ctx->destroy_query(s->ctx, qe);
      } else {
         scene_fail(s, "create_query(PRIMITIVES_EMITTED) returned NULL with stream output");
      }
      float *d0 = read_buffer(s, b0), *d1 = read_buffer(s, b1);
      unsigned nverts = emitted * 3;
      for (unsigned i = 0; i < nverts; i++) {
         unsigned v = i % 6;
         const float *p0 = d0 + 4 + i * so.stride[0];   /* target offset 16 bytes */
         const float *p1 = cases[c].two_buffers ? d1 + i * 2 : p0 + 4;
         bool ok = true;
         for (unsigned k = 0; k < 4; k++)
            ok &= p0[k] == verts[v][k];
         ok &= p1[0] == verts[v][5] && p1[1] == verts[v][6];
         SCHECK(s, ok, "vertex %u written as (%g, %g, %g, %g | %g, %g), expected (%g, %g, %g, %g | %g, %g)",
                i, p0[0], p0[1], p0[2], p0[3], p1[0], p1[1], verts[v][0], verts[v][1],
                verts[v][2], verts[v][3], verts[v][5], verts[v][6]);
      }
      /* nothing before the target's offset or after the emitted vertices */
      for (unsigned k = 0; k < 4; k++)
         SCHECK(s, d0[k] == 0.0f, "float %u before the target offset written (%g)", k, d0[k]);
      unsigned end = 4 + nverts * so.stride[0];
      for (unsigned k = end; k < b0->width0 / 4; k++)
         SCHECK(s, d0[k] == 0.0f, "float %u after the last emitted vertex written (%g)", k, d0[k]);
      if (cases[c].discard) {
         float *rgba = scene_read_rgba(s, 0);
         unsigned drawn = 0;
         for (unsigned p = 0; p < W * H; p++)
            drawn += rgba[p * 4] != -7.0f;
         SCHECK(s, drawn == 0, "%u pixels drawn with rasterizer_discard", drawn);
         free(rgba);
         scene_rast(s, NULL);
      }
      free(d0);
      free(d1);
      pipe_so_target_reference(&t[0], NULL);
      pipe_so_target_reference(&t[1], NULL);
      pipe_resource_reference(&b0, NULL);
      pipe_resource_reference(&b1, NULL);
      s->ctx->bind_vs_state(s->ctx, s->vs);
      s->ctx->delete_vs_state(s->ctx, vs);
   }
}

int
main(void)
{
   struct scene s;
   scene_init(&s, "pipe-draw-vertex");
   test_formats(&s);
   test_fetch(&s);
   test_instancing(&s);
   test_indices(&s);
   test_stream_output(&s);
   return scene_finish(&s);
}
