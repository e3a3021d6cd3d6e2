/*
 * ES 1.1 OES_compressed_paletted_texture: imageSize must be the size of
 * the palette and the indices of every level the call defines
 * (GL_INVALID_VALUE otherwise), and decoding reads no byte past it.  Found: a level of
 * INT_MIN was validated by negating it (signed overflow); the data is
 * malloc'ed at exactly the size the format, size and levels need, so
 * ASan catches any read past it.  Also: a decoded texel reaches the
 * surface.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

#ifndef GL_PALETTE4_RGB8_OES
#define GL_PALETTE4_RGB8_OES 0x8B90
#define GL_PALETTE8_RGBA8_OES 0x8B96
#endif

static PFNGLCOMPRESSEDTEXIMAGE2DPROC compressed_tex_image_2d;

int
main(void)
{
   int rc = regress_setup(REGRESS_GLES1);
   if (rc != TEST_PASS)
      return rc;
   compressed_tex_image_2d =
      REGRESS_PROC(PFNGLCOMPRESSEDTEXIMAGE2DPROC, glCompressedTexImage2D);

   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);

   /* PALETTE4_RGB8, 3x3 and its 1x1 level: 16 * 3 + ceil(9 / 2) + 1 bytes */
   const GLsizei size4 = 16 * 3 + 5 + 1;
   uint8_t *d4 = malloc(size4);
   for (unsigned k = 0; k < 16; k++) {
      d4[k * 3 + 0] = (uint8_t)(k * 16);
      d4[k * 3 + 1] = (uint8_t)(255 - k * 16);
      d4[k * 3 + 2] = (uint8_t)k;
   }
   memset(d4 + 48, 0x11, 5);   /* level 0: index 1 everywhere */
   d4[53] = 0x20;              /* level 1: index 2 */
   compressed_tex_image_2d(GL_TEXTURE_2D, -1, GL_PALETTE4_RGB8_OES, 3, 3, 0, size4, d4);
   regress_expect_error(GL_NO_ERROR, "PALETTE4_RGB8 3x3, two levels, exact imageSize");
   compressed_tex_image_2d(GL_TEXTURE_2D, -1, GL_PALETTE4_RGB8_OES, 3, 3, 0, size4 - 1, d4);
   regress_expect_error(GL_INVALID_VALUE, "PALETTE4_RGB8 imageSize one byte short");
   compressed_tex_image_2d(GL_TEXTURE_2D, -1, GL_PALETTE4_RGB8_OES, 3, 3, 0, -1, d4);
   regress_expect_error(GL_INVALID_VALUE, "PALETTE4_RGB8 negative imageSize");
   compressed_tex_image_2d(GL_TEXTURE_2D, 0, GL_PALETTE4_RGB8_OES, 3, 3, 0, size4, NULL);
   regress_expect_error(GL_INVALID_VALUE, "PALETTE4_RGB8 without data");
   /* a level count the size does not have, and INT_MIN (-level overflows) */
   compressed_tex_image_2d(GL_TEXTURE_2D, -2, GL_PALETTE4_RGB8_OES, 3, 3, 0, size4, d4);
   regress_expect_error(GL_INVALID_VALUE, "PALETTE4_RGB8 3x3 with three levels");
   compressed_tex_image_2d(GL_TEXTURE_2D, INT_MIN, GL_PALETTE4_RGB8_OES, 3, 3, 0, size4, d4);
   regress_expect_error(GL_INVALID_VALUE, "paletted level INT_MIN");
   /* an imageSize beyond what the image takes is not consistent with it */
   compressed_tex_image_2d(GL_TEXTURE_2D, -1, GL_PALETTE4_RGB8_OES, 3, 3, 0, INT_MAX, d4);
   regress_expect_error(GL_INVALID_VALUE, "PALETTE4_RGB8 with imageSize INT_MAX");

   /* PALETTE8_RGBA8, 4x4 down to 1x1: 256 * 4 + 16 + 4 + 1 bytes */
   const GLsizei size8 = 256 * 4 + 16 + 4 + 1;
   uint8_t *d8 = malloc(size8);
   memset(d8, 0x7f, size8);
   compressed_tex_image_2d(GL_TEXTURE_2D, -2, GL_PALETTE8_RGBA8_OES, 4, 4, 0, size8, d8);
   regress_expect_error(GL_NO_ERROR, "PALETTE8_RGBA8 4x4, three levels, exact imageSize");
   compressed_tex_image_2d(GL_TEXTURE_2D, -2, GL_PALETTE8_RGBA8_OES, 4, 4, 0, size8 - 1, d8);
   regress_expect_error(GL_INVALID_VALUE, "PALETTE8_RGBA8 imageSize one byte short");
   free(d8);

   /* the 3x3 texture on the whole surface: palette entry 1 */
   compressed_tex_image_2d(GL_TEXTURE_2D, -1, GL_PALETTE4_RGB8_OES, 3, 3, 0, size4, d4);
   regress_expect_error(GL_NO_ERROR, "PALETTE4_RGB8 again");
   free(d4);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   static const GLfloat pos[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   static const GLfloat uv[] = { 0, 0, 1, 0, 0, 1, 1, 1 };
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glVertexPointer(2, GL_FLOAT, 0, pos);
   glTexCoordPointer(2, GL_FLOAT, 0, uv);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   GLubyte px[4];
   glReadPixels(REGRESS_W / 2, REGRESS_H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   regress_expect_error(GL_NO_ERROR, "drawing the paletted texture");
   if (px[0] != 16 || px[1] != 239 || px[2] != 1)
      test_fail("paletted texel %u %u %u, expected 16 239 1", px[0], px[1], px[2]);
   glDisable(GL_TEXTURE_2D);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   glDeleteTextures(1, &tex);

   regress_context_alive("after the paletted textures");
   return regress_finish("regress-es1-paletted");
}
