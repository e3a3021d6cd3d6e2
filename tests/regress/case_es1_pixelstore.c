/*
 * ES 1.1 has only GL_PACK_ALIGNMENT and GL_UNPACK_ALIGNMENT (ES 1.1, 3.6.1
 * and 4.3.1): glPixelStorei with any desktop pname is GL_INVALID_ENUM and
 * must leave the pack state alone, so a following glReadPixels writes no
 * more than the ES state says (found: GL_PACK_SKIP_ROWS was accepted and
 * glReadPixels then wrote past the caller's buffer).
 */
#include <stdlib.h>

#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GLES1);
   if (rc != TEST_PASS)
      return rc;

   static const GLenum desktop_only[] = {
      GL_PACK_SKIP_ROWS, GL_PACK_SKIP_PIXELS, GL_PACK_ROW_LENGTH, GL_PACK_SWAP_BYTES,
      GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_LSB_FIRST,
   };
   for (unsigned i = 0; i < sizeof desktop_only / sizeof desktop_only[0]; i++) {
      glPixelStorei(desktop_only[i], 1000);
      regress_expect_error(GL_INVALID_ENUM, "ES 1.1 glPixelStorei(desktop pname)");
   }

   /* glGet of the desktop modes is refused the same way; the alignments answer. */
   GLint v = -1;
   glGetIntegerv(GL_PACK_SKIP_ROWS, &v);
   regress_expect_error(GL_INVALID_ENUM, "ES 1.1 glGetIntegerv(GL_PACK_SKIP_ROWS)");
   glGetIntegerv(GL_UNPACK_ROW_LENGTH, &v);
   regress_expect_error(GL_INVALID_ENUM, "ES 1.1 glGetIntegerv(GL_UNPACK_ROW_LENGTH)");
   glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
   regress_expect_error(GL_NO_ERROR, "ES 1.1 glGetIntegerv(GL_UNPACK_ALIGNMENT)");
   if (v != 4)
      test_fail("GL_UNPACK_ALIGNMENT is %d, expected 4", v);

   /* A 4x4 RGBA read into exactly 64 bytes: with skip rows accepted it
    * would have written 1000 rows further. */
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   unsigned char *px = malloc(4 * 4 * 4);
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   regress_expect_error(GL_NO_ERROR, "glReadPixels 4x4 into 64 bytes");
   free(px);

   /* glReadPixels takes RGBA/UNSIGNED_BYTE (and the implementation's
    * pair, the same) only: desktop formats and types are GL_INVALID_ENUM,
    * and nothing is written (one byte of room only) */
   unsigned char *one = malloc(1);
   static const GLenum bad_enum[][2] = {
      { GL_DEPTH_COMPONENT, GL_FLOAT }, { GL_STENCIL_INDEX, GL_UNSIGNED_BYTE },
      { GL_RGBA, GL_FLOAT }, { GL_BGRA, GL_UNSIGNED_BYTE }, { GL_RGBA, GL_UNSIGNED_INT },
      { GL_COLOR_INDEX, GL_UNSIGNED_BYTE },
   };
   for (unsigned i = 0; i < sizeof bad_enum / sizeof bad_enum[0]; i++) {
      glReadPixels(0, 0, 4, 4, bad_enum[i][0], bad_enum[i][1], one);
      regress_expect_error(GL_INVALID_ENUM, "ES 1.1 glReadPixels(desktop format/type)");
   }
   free(one);
   /* an ES pair other than the implementation's: refused (the spec's
    * wordings differ on which error) */
   unsigned char *px565 = malloc(4 * 4 * 2);
   glReadPixels(0, 0, 4, 4, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, px565);
   regress_expect_error2(GL_INVALID_OPERATION, GL_INVALID_ENUM,
                         "ES 1.1 glReadPixels(RGB, 5_6_5), not the implementation's pair");
   free(px565);

   regress_context_alive("after the pixel-store calls");
   return regress_finish("regress-es1-pixelstore");
}
