/*
 * BPTC (ARB_texture_compression_bptc) and FXT1 (3DFX_texture_compression_FXT1)
 * through GL on refpipe: hand-built blocks uploaded with
 * glCompressedTexImage2D/3D and drawn on a textured quad (texels probed
 * against decodes computed by hand), glGetCompressedTexImage round trips,
 * glGetTexImage decodes (BC6H as floats, sRGB BPTC as stored values),
 * uncompressed uploads through the encoders, image sizes and the errors the
 * extension specifications list.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"
#include "st_texture.h"

#define W 32
#define H 32

static void
put(uint8_t b[16], unsigned *pos, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, (*pos)++)
      if ((v >> i) & 1)
         b[*pos >> 3] |= (uint8_t)(1u << (*pos & 7));
}

static void
set_bits(uint8_t b[16], unsigned pos, unsigned v, unsigned n)
{
   put(b, &pos, v, n);
}

/* A quad over the whole window with texture coordinates 0..1, NEAREST, REPLACE. */
static void
draw_textured(GLenum target, float r)
{
   api_glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(target);
   api_glClearColor(0.5f, 0.5f, 0.5f, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_QUADS);
   api_glTexCoord3f(0, 0, r);
   api_glVertex2f(0, 0);
   api_glTexCoord3f(1, 0, r);
   api_glVertex2f(W, 0);
   api_glTexCoord3f(1, 1, r);
   api_glVertex2f(W, H);
   api_glTexCoord3f(0, 1, r);
   api_glVertex2f(0, H);
   api_glEnd();
   api_glDisable(target);
}

/* BC7 mode 6: endpoint 0 = (127, 0, 0, 127) P 1 -> (255, 1, 1, 255),
 * endpoint 1 = (0, 127, 0, 127) P 0 -> (0, 254, 0, 254); texel (x, y)
 * index {0, 5, 10, 15}[x]. */
static void
bc7_block(uint8_t b[16])
{
   memset(b, 0, 16);
   unsigned pos = 0;
   put(b, &pos, 1u << 6, 7);
   put(b, &pos, 127, 7); put(b, &pos, 0, 7);     /* R0 R1 */
   put(b, &pos, 0, 7); put(b, &pos, 127, 7);     /* G0 G1 */
   put(b, &pos, 0, 7); put(b, &pos, 0, 7);       /* B0 B1 */
   put(b, &pos, 127, 7); put(b, &pos, 127, 7);   /* A0 A1 */
   put(b, &pos, 1, 1); put(b, &pos, 0, 1);       /* P0 P1 */
   static const unsigned idx[4] = { 0, 5, 10, 15 };
   for (unsigned t = 0; t < 16; t++)
      put(b, &pos, idx[t % 4], t ? 4 : 3);
}

/* ((64 - w) * e0 + w * e1 + 32) >> 6 with w = 0, 21, 43, 64 */
static const int bc7_rgba[4][4] = {
   { 255, 1, 1, 255 }, { 171, 84, 1, 255 }, { 84, 171, 0, 254 }, { 0, 254, 0, 254 },
};

static void
test_bc7(void)
{
   uint8_t blk[16], back[16];
   bc7_block(blk);
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, 16, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   CHECK(v == GL_TRUE, "compressed %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 16, "image size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   CHECK(v == GL_COMPRESSED_RGBA_BPTC_UNORM, "internal format 0x%x", v);
   /* 4x4 texels over 32x32 pixels: texel x covers pixels 8x..8x+7 */
   draw_textured(GL_TEXTURE_2D, 0);
   for (int x = 0; x < 4; x++)
      for (int y = 0; y < 4; y++)
         CHECK_PX_RGB(8 * x + 4, 8 * y + 4, bc7_rgba[x][0], bc7_rgba[x][1], bc7_rgba[x][2], 1);
   /* the stored block comes back unchanged, and decoded by glGetTexImage */
   memset(back, 0, sizeof back);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!memcmp(back, blk, 16), "glGetCompressedTexImage differs");
   GLubyte px[4][4][4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         for (int c = 0; c < 4; c++)
            CHECK(px[y][x][c] == bc7_rgba[x][c], "glGetTexImage (%d,%d).%d = %u, expected %d",
                  x, y, c, px[y][x][c], bc7_rgba[x][c]);

   /* sRGB twin: the same block samples linearized, reads back as stored */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, 4, 4, 0,
                              16, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   draw_textured(GL_TEXTURE_2D, 0);
   /* 171 -> ((171/255 + 0.055) / 1.055)^2.4 = 0.4072 -> 104; 84 -> 0.0887 -> 23 */
   CHECK_PX_RGB(12, 4, 104, 23, 0, 1);
   CHECK_PX_RGB(28, 4, 0, 253, 0, 1);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0][1][0] == 171 && px[0][1][1] == 84, "sRGB BPTC read back %u %u", px[0][1][0],
         px[0][1][1]);

   /* uncompressed data into an sRGB BPTC image: stored as given */
   GLubyte src[4][4][4];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++) {
         src[y][x][0] = src[y][x][1] = src[y][x][2] = 128;
         src[y][x][3] = 255;
      }
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, src);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   /* (BC7 mode 6 shares the P-bit of R, G, B and A: 128 and 255 together
    * cost one step in one of them) */
   CHECK(abs(px[2][2][0] - 128) <= 1 && px[2][2][3] >= 254, "sRGB upload stored %u %u",
         px[2][2][0], px[2][2][3]);
   draw_textured(GL_TEXTURE_2D, 0);
   CHECK_PX_RGB(16, 16, 55, 55, 55, 1);   /* 128 -> 0.2158 -> 55 */
   api_glDeleteTextures(1, &t);
}

/* BC6H mode 3 (10-bit endpoints, unsigned): endpoint 0 = 0, endpoint 1 =
 * (511, 480, 0); texel index 0 in column 0, 15 elsewhere.
 * unquantize(511) = ((511 << 15) + 0x4000) >> 9 = 32736 -> * 31 >> 6 = 0x3df0
 * = 1.484375; unquantize(480) = 30752 -> 0x3a2f = 0.7729492. */
static void
test_bc6h(void)
{
   uint8_t blk[16] = { 0 };
   set_bits(blk, 0, 3, 5);
   set_bits(blk, 35, 511, 10);
   set_bits(blk, 45, 480, 10);
   for (unsigned t = 1; t < 16; t++)
      if (t % 4)
         set_bits(blk, 65 + 3 + 4 * (t - 1), 15, 4);
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 4, 4, 0,
                              16, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   float f[4][4][4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++) {
         float r = x ? 1.484375f : 0.0f, g = x ? 0.7729492f : 0.0f;
         CHECK(fabsf(f[y][x][0] - r) < 1e-6f && fabsf(f[y][x][1] - g) < 1e-6f &&
               f[y][x][2] == 0.0f && f[y][x][3] == 1.0f,
               "BC6H texel (%d,%d) = %f %f %f %f", x, y, f[y][x][0], f[y][x][1], f[y][x][2],
               f[y][x][3]);
      }
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE_ARB, &v);
   CHECK(v == GL_FLOAT, "red type 0x%x", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
   CHECK(v == 16, "green size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   CHECK(v == 0, "alpha size %d", v);
   draw_textured(GL_TEXTURE_2D, 0);
   CHECK_PX_RGB(4, 4, 0, 0, 0, 1);
   CHECK_PX_RGB(20, 20, 255, 197, 0, 1);   /* red clamped by the 8-bit framebuffer */

   /* signed: float data through the encoder, negative values kept */
   float src[4][4][3];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++) {
         src[y][x][0] = -2.5f;
         src[y][x][1] = 0.75f;
         src[y][x][2] = 100.0f;
      }
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, 4, 4, 0, GL_RGB,
                    GL_FLOAT, src);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f);
   CHECK(f[1][1][0] == -2.5f && f[1][1][1] == 0.75f && f[1][1][2] == 100.0f,
         "signed BC6H round trip %f %f %f", f[1][1][0], f[1][1][1], f[1][1][2]);
   api_glDeleteTextures(1, &t);
}

/* FXT1 CC_CHROMA: colours (3, 1, 16) -> (25, 8, 132), (30, 0, 31) ->
 * (247, 0, 255), (0, 31, 0) -> (0, 255, 0), (16, 16, 16) -> (132, 132, 132);
 * texel (x, y) takes colour x % 4. */
static const int chroma_rgb[4][3] = {
   { 25, 8, 132 }, { 247, 0, 255 }, { 0, 255, 0 }, { 132, 132, 132 },
};

static void
chroma_block(uint8_t b[16])
{
   memset(b, 0, 16);
   static const unsigned c5[4][3] = { { 3, 1, 16 }, { 30, 0, 31 }, { 0, 31, 0 }, { 16, 16, 16 } };
   for (unsigned i = 0; i < 4; i++) {
      set_bits(b, 64 + 15 * i, c5[i][2], 5);
      set_bits(b, 64 + 15 * i + 5, c5[i][1], 5);
      set_bits(b, 64 + 15 * i + 10, c5[i][0], 5);
   }
   set_bits(b, 125, 2, 3);
   for (unsigned t = 0; t < 32; t++)   /* t: left half 0..15, right 16..31 */
      set_bits(b, 2 * t, t % 4, 2);
}

static void
test_fxt1(void)
{
   uint8_t blk[32], back[32];
   chroma_block(blk);
   chroma_block(blk + 16);
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   /* 8x4: one block */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, 8, 4, 0, 16, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 16, "FXT1 8x4 size %d", v);
   draw_textured(GL_TEXTURE_2D, 0);
   /* 8 texels over 32 pixels: texel x covers pixels 4x..4x+3, rows 8 */
   for (int x = 0; x < 8; x++)
      for (int y = 0; y < 4; y++)
         CHECK_PX_RGB(4 * x + 2, 8 * y + 4, chroma_rgb[x % 4][0], chroma_rgb[x % 4][1],
                      chroma_rgb[x % 4][2], 1);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   CHECK(!memcmp(back, blk, 16), "FXT1 glGetCompressedTexImage differs");

   /* 9x4 needs two blocks (32 bytes); 16 is GL_INVALID_VALUE */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_FXT1_3DFX, 9, 4, 0, 16, blk);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_FXT1_3DFX, 9, 4, 0, 32, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 32, "FXT1 9x4 size %d", v);
   memset(back, 0, sizeof back);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   CHECK(!memcmp(back, blk, 32), "FXT1 two-block read back differs");
   GLubyte px[4][9][4];
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   CHECK(px[3][8][0] == 25 && px[3][8][1] == 8 && px[3][8][2] == 132 && px[3][8][3] == 255,
         "texel (8,3) of the second block %u %u %u %u", px[3][8][0], px[3][8][1], px[3][8][2],
         px[3][8][3]);
   /* sub-images: x a multiple of 8 */
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_COMPRESSED_RGBA_FXT1_3DFX,
                                 16, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 8, 0, 1, 4, GL_COMPRESSED_RGBA_FXT1_3DFX,
                                 16, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* uncompressed data: two opaque colours per 4x4 half come back exactly
    * (RGB565 values) */
   GLubyte src[4][8][4], out[4][8][4];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 8; x++) {
         bool a = (x + y) % 2;
         src[y][x][0] = a ? 255 : 0;
         src[y][x][1] = a ? 130 : 0;   /* 130 = round(32 * 255 / 63) */
         src[y][x][2] = x < 4 ? 0 : 255;
         src[y][x][3] = 255;
      }
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, 8, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, src);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out);
   CHECK(!memcmp(src, out, sizeof src), "FXT1 encode/decode: (0,0) %u %u %u, (1,0) %u %u %u",
         out[0][0][0], out[0][0][1], out[0][0][2], out[0][1][0], out[0][1][1], out[0][1][2]);
   /* GL_GENERATE_MIPMAP on an 8x4 FXT1 image: levels 4x2, 2x1, 1x1 */
   api_glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_FXT1_3DFX, 8, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, src);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 3, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 16, "FXT1 level 3 size %d", v);
   GLubyte one[4];
   api_glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, one);
   /* mean of the image: (127.5, 65, 127.5) */
   CHECK(abs(one[0] - 128) <= 5 && abs(one[1] - 65) <= 5 && abs(one[2] - 128) <= 5,
         "FXT1 1x1 mipmap %u %u %u", one[0], one[1], one[2]);
   api_glDeleteTextures(1, &t);
}

/* BPTC 3D texture: two slices of one uniform block each (BC7 mode 6 with
 * equal endpoints) sampled at r = 0.25 and 0.75. */
static void
uniform_bc7(uint8_t b[16], unsigned r7, unsigned g7, unsigned b7)
{
   memset(b, 0, 16);
   unsigned pos = 0;
   put(b, &pos, 1u << 6, 7);
   put(b, &pos, r7, 7); put(b, &pos, r7, 7);
   put(b, &pos, g7, 7); put(b, &pos, g7, 7);
   put(b, &pos, b7, 7); put(b, &pos, b7, 7);
   put(b, &pos, 127, 7); put(b, &pos, 127, 7);
   put(b, &pos, 1, 1); put(b, &pos, 1, 1);
}

static void
test_3d(void)
{
   uint8_t blk[32];
   uniform_bc7(blk, 100, 0, 20);       /* (201, 1, 41) */
   uniform_bc7(blk + 16, 0, 127, 50);  /* (1, 255, 101) */
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_3D, t);
   api_glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 2, 0, 32,
                              blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
   draw_textured(GL_TEXTURE_3D, 0.25f);
   CHECK_PX_RGB(16, 16, 201, 1, 41, 1);
   draw_textured(GL_TEXTURE_3D, 0.75f);
   CHECK_PX_RGB(16, 16, 1, 255, 101, 1);
   uint8_t back[32];
   api_glGetCompressedTexImage(GL_TEXTURE_3D, 0, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!memcmp(back, blk, 32), "3D read back differs");
   /* glGenerateMipmap: level 1 (2x2x1) is the mean of both slices,
    * (101, 128, 71), re-encoded */
   api_glGenerateMipmap(GL_TEXTURE_3D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte m[2][2][4];
   memset(m, 0, sizeof m);
   api_glGetTexImage(GL_TEXTURE_3D, 1, GL_RGBA, GL_UNSIGNED_BYTE, m);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int i = 0; i < 4; i++) {
      const GLubyte *p = m[i / 2][i % 2];
      CHECK(abs(p[0] - 101) <= 1 && abs(p[1] - 128) <= 1 && abs(p[2] - 71) <= 1,
            "3D mipmap texel %d = %u %u %u", i, p[0], p[1], p[2]);
   }
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_3D, 1, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 16, "3D level 1 size %d", v);
   /* FXT1 has no 3D images */
   api_glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, 8, 4, 1, 0, 16,
                              blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, 8, 4, 1, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &t);
}

static void
test_errors(void)
{
   uint8_t blk[64] = { 0 };
   GLuint t;
   api_glGenTextures(1, &t);
   /* 1D: GL_INVALID_ENUM (both specifications) */
   api_glBindTexture(GL_TEXTURE_1D, t);
   api_glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 0, 16, blk);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, 8, 0, 16, blk);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, 4, 0, GL_RGBA,
                    GL_FLOAT, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glCompressedTexSubImage1D(GL_TEXTURE_1D, 0, 0, 4, GL_COMPRESSED_RGBA_BPTC_UNORM, 16, blk);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDeleteTextures(1, &t);

   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   /* border: GL_INVALID_OPERATION for BPTC (its specification) */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 1, 16, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 6, 6, 1, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* image size: ceil(w/4) * ceil(h/4) * 16 */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 5, 5, 0, 16, blk);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 5, 5, 0, 64, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 64, "5x5 size %d", v);
   /* sub-images: offsets multiples of 4, sizes too unless they reach the
    * edge; a different format is GL_INVALID_OPERATION */
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 2, 4, GL_COMPRESSED_RGBA_BPTC_UNORM,
                                 16, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 4, GL_COMPRESSED_RGBA_BPTC_UNORM,
                                 16, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 1, 1, GL_COMPRESSED_RGBA_BPTC_UNORM,
                                 16, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM,
                                 16, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* BPTC: a region at (0, 0) may end inside a block; the block's other
    * texels keep their values.  Image: 8x4 of (10, 20, 30, 255) except a
    * 2x3 corner of (200, 100, 50, 255) written afterwards. */
   {
      GLubyte base[4][8][4], corner[3][2][4], rb[4][8][4];
      for (int y = 0; y < 4; y++)
         for (int x = 0; x < 8; x++) {
            base[y][x][0] = 10; base[y][x][1] = 20; base[y][x][2] = 30; base[y][x][3] = 255;
         }
      for (int y = 0; y < 3; y++)
         for (int x = 0; x < 2; x++) {
            corner[y][x][0] = 200; corner[y][x][1] = 100; corner[y][x][2] = 50;
            corner[y][x][3] = 255;
         }
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 4, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, base);
      api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE, corner);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE, corner);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not at the origin */
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rb);
      for (int y = 0; y < 4; y++)
         for (int x = 0; x < 8; x++) {
            bool in = x < 2 && y < 3;
            int want[3] = { in ? 200 : 10, in ? 100 : 20, in ? 50 : 30 };
            CHECK(abs(rb[y][x][0] - want[0]) <= 1 && abs(rb[y][x][1] - want[1]) <= 1 &&
                  abs(rb[y][x][2] - want[2]) <= 1,
                  "partial-block sub-image (%d,%d) = %u %u %u", x, y, rb[y][x][0], rb[y][x][1],
                  rb[y][x][2]);
         }
   }
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 0, 0, 2, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* an uncompressed image has no compressed image */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* inside glBegin/glEnd */
   api_glBegin(GL_POINTS);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, 16, blk);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &t);

   /* the format lists and strings */
   GLint n = 0, fmts[16];
   api_glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   CHECK(n == 9, "%d compressed formats", n);
   for (int i = 0; i < 16; i++)
      fmts[i] = -1;
   api_glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
   bool fxt1 = false, bptc = false, dxt1a = false;
   for (int i = 0; i < n && i < 16; i++) {
      fxt1 |= fmts[i] == GL_COMPRESSED_RGBA_FXT1_3DFX;
      bptc |= fmts[i] == GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT;
      dxt1a |= fmts[i] == GL_COMPRESSED_RGBA_S3TC_DXT1_EXT;
   }
   CHECK(fxt1 && bptc && !dxt1a && fmts[n] == -1, "format list");
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_texture_compression_bptc") &&
         strstr(ext, "GL_3DFX_texture_compression_FXT1"), "extension strings");
}

/* glCopyTexSubImage2D into BPTC: a region at the origin ending inside a
 * block (the specification allows it) and a source partly left of the
 * read buffer (clipped: the destination starts inside a block); the other
 * texels of the touched blocks keep their values. */
static void
test_copy(void)
{
   GLubyte base[4][8][4], rb[4][8][4];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 8; x++) {
         base[y][x][0] = 10; base[y][x][1] = 20; base[y][x][2] = 30; base[y][x][3] = 255;
      }
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, base);
   api_glClearColor(200 / 255.0f, 100 / 255.0f, 50 / 255.0f, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 3, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 0, 0, 3, 2);   /* not at the origin */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rb);
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 8; x++) {
         bool in = x < 3 && y < 2;
         CHECK(abs(rb[y][x][0] - (in ? 200 : 10)) <= 1 && abs(rb[y][x][1] - (in ? 100 : 20)) <= 1 &&
               abs(rb[y][x][2] - (in ? 50 : 30)) <= 1,
               "copy at origin (%d,%d) = %u %u %u", x, y, rb[y][x][0], rb[y][x][1], rb[y][x][2]);
      }
   /* source x = -2: texels 4, 5 of the region are outside the read buffer
    * (undefined), 6 and 7 get the framebuffer's colour */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, base);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, -2, 0, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rb);
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 8; x++) {
         if (x == 4 || x == 5)
            continue;
         bool in = x >= 6;
         CHECK(abs(rb[y][x][0] - (in ? 200 : 10)) <= 1 && abs(rb[y][x][2] - (in ? 50 : 30)) <= 1,
               "clipped copy (%d,%d) = %u %u %u", x, y, rb[y][x][0], rb[y][x][1], rb[y][x][2]);
      }
   api_glClearColor(0, 0, 0, 0);
   api_glDeleteTextures(1, &t);
}

/* A GLES 1.1 context lists OES_compressed_paletted_texture's formats */
static void
test_es1_list(struct test_env *e)
{
   struct st_context_attribs attribs = { ST_PROFILE_GLES1, 1, 1, 0, &e->d.base.visual };
   enum st_context_error err;
   struct st_context *es = st_context_create(e->screen, &attribs, NULL, &err);
   CHECK(es != NULL, "no GLES 1.1 context (%d)", (int)err);
   if (!es)
      return;
   CHECK(st_make_current(es, &e->d.base, &e->d.base), "make ES current");
   GLint n = 0, fmts[16];
   api_glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   api_glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
   CHECK(n == 10 && fmts[0] == GL_PALETTE4_RGB8_OES && fmts[9] == GL_PALETTE8_RGB5_A1_OES,
         "ES 1.1 list: %d formats, first 0x%x", n, (unsigned)fmts[0]);
   CHECK(st_make_current(e->ctx, &e->d.base, &e->d.base), "make compat current again");
   st_context_destroy(es);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_bc7();
   test_bc6h();
   test_fxt1();
   test_3d();
   test_errors();
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_copy();
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_es1_list(&e);
   test_env_fini(&e);
   return st_test_finish("st_test_texcompress_bptc_fxt1");
}
