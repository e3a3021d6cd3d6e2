/*
 * Sub-image regions at the ends of the GLint range: the bounds check
 * "xoffset + width <= image width" was written in int arithmetic, so with
 * xoffset (or yoffset, zoffset) = INT_MAX it overflowed (undefined
 * behaviour; in practice wrapped negative and passed, then texels were
 * written far outside the image).  Every such region is outside the image:
 * GL_INVALID_VALUE (glClearTexSubImage: GL_INVALID_OPERATION, its spec),
 * and the image keeps its texels.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"

static const GLint offsets[] = { INT_MAX, INT_MAX - 1, INT_MIN, -1, -4, 65535, 65536, 8 };

static bool
texel_intact(const char *what)
{
   unsigned char *px = malloc(8 * 8 * 4);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bool ok = regress_expect_error(GL_NO_ERROR, what);
   for (int i = 0; ok && i < 8 * 8 * 4; i++) {
      if (px[i] != 0x40) {
         test_fail("%s: byte %d is 0x%02x, expected 0x40", what, i, px[i]);
         ok = false;
      }
   }
   free(px);
   return ok;
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   /* a 2-texel client image, exactly what a 2x1x1 upload reads */
   unsigned char *two = malloc(2 * 4);
   memset(two, 0xff, 2 * 4);
   unsigned char *img = malloc(8 * 8 * 4);
   memset(img, 0x40, 8 * 8 * 4);

   GLuint tex[3];
   glGenTextures(3, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);

   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glTexImage2D 8x8");
   for (unsigned i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
      GLint o = offsets[i];
      glTexSubImage2D(GL_TEXTURE_2D, 0, o, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_VALUE, "glTexSubImage2D(xoffset = boundary)");
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, o, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_VALUE, "glTexSubImage2D(yoffset = boundary)");
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, o, 0, 0, 0, 2, 1);
      regress_expect_error(GL_INVALID_VALUE, "glCopyTexSubImage2D(xoffset = boundary)");
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, o, 0, 0, 2, 1);
      regress_expect_error(GL_INVALID_VALUE, "glCopyTexSubImage2D(yoffset = boundary)");
   }
   /* an INT_MAX-wide region from offset 1 */
   glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, INT_MAX, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
   regress_expect_error(GL_INVALID_VALUE, "glTexSubImage2D(1, 1, INT_MAX x 1)");
   texel_intact("2D image after the rejected sub-images");

   PFNGLCLEARTEXSUBIMAGEPROC ClearTexSubImage =
      REGRESS_PROC(PFNGLCLEARTEXSUBIMAGEPROC, glClearTexSubImage);
   for (unsigned i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
      GLint o = offsets[i];
      ClearTexSubImage(tex[0], 0, o, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_OPERATION, "glClearTexSubImage(xoffset = boundary)");
      ClearTexSubImage(tex[0], 0, 0, o, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_OPERATION, "glClearTexSubImage(yoffset = boundary)");
      ClearTexSubImage(tex[0], 0, 0, 0, o, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_OPERATION, "glClearTexSubImage(zoffset = boundary)");
   }
   texel_intact("2D image after the rejected clears");

   glBindTexture(GL_TEXTURE_1D, tex[1]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glTexImage1D 8");
   for (unsigned i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
      glTexSubImage1D(GL_TEXTURE_1D, 0, offsets[i], 2, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_VALUE, "glTexSubImage1D(xoffset = boundary)");
      glCopyTexSubImage1D(GL_TEXTURE_1D, 0, offsets[i], 0, 0, 2);
      regress_expect_error(GL_INVALID_VALUE, "glCopyTexSubImage1D(xoffset = boundary)");
   }
   /* source rectangles at the ends of the range are clipped, not errors */
   static const GLint src[] = { INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 1, -1, 65535 };
   for (unsigned i = 0; i < sizeof src / sizeof src[0]; i++) {
      glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 0, src[i], 0, 8);
      regress_expect_error(GL_NO_ERROR, "glCopyTexSubImage1D(x = boundary)");
      glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 0, 0, src[i], 8);
      regress_expect_error(GL_NO_ERROR, "glCopyTexSubImage1D(y = boundary)");
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, src[i], src[i], 8, 8);
      regress_expect_error(GL_NO_ERROR, "glCopyTexSubImage2D(x, y = boundary)");
   }

   /* a compressed 8x8 DXT1 image: one 4x4 block is 8 bytes */
   GLuint ctex;
   glGenTextures(1, &ctex);
   glBindTexture(GL_TEXTURE_2D, ctex);
   unsigned char *blocks = calloc(4, 8);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 32,
                          blocks);
   regress_expect_error(GL_NO_ERROR, "glCompressedTexImage2D 8x8 DXT1");
   for (unsigned i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
      GLint o = offsets[i] & ~3;   /* block-aligned, so only the bounds can fail */
      glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, o, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                                8, blocks);
      regress_expect_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D(xoffset = boundary)");
      glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, o, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                                8, blocks);
      regress_expect_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D(yoffset = boundary)");
   }
   glDeleteTextures(1, &ctex);
   free(blocks);

   glBindTexture(GL_TEXTURE_3D, tex[2]);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   regress_expect_error(GL_NO_ERROR, "glTexImage3D 4x4x4");
   for (unsigned i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
      GLint o = offsets[i];
      glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, o, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, two);
      regress_expect_error(GL_INVALID_VALUE, "glTexSubImage3D(zoffset = boundary)");
      glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, o, 0, 0, 2, 1);
      regress_expect_error(GL_INVALID_VALUE, "glCopyTexSubImage3D(zoffset = boundary)");
   }

   glDeleteTextures(3, tex);
   free(two);
   free(img);
   regress_context_alive("after the boundary sub-images");
   return regress_finish("regress-subimage-bounds");
}
