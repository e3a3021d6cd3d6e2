/*
 * Pixel-transfer state at the ends of its range: GL_INDEX_SHIFT of INT_MIN
 * (the shift was negated: signed overflow), a NaN scale with GL_MAP_COLOR
 * (a NaN map index converted to an integer), index maps holding 1e30 and
 * NaN (float-to-integer conversions out of range in glGetPixelMapuiv /
 * glGetPixelMapusv and in the stencil S-to-S lookup).  Each is undefined
 * behaviour in C; the results are now defined: huge values saturate, NaN
 * is 0.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "regress.h"

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);   /* 2x2 bytes: 4 bytes exactly */
   GLubyte *idx = malloc(2 * 2);
   for (unsigned i = 0; i < 4; i++)
      idx[i] = (GLubyte)(i + 1);
   glRasterPos2i(0, 0);

   glPixelTransferi(GL_INDEX_SHIFT, INT_MIN);
   glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, idx);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_STENCIL_INDEX), index shift INT_MIN");
   glDrawPixels(2, 2, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_COLOR_INDEX), index shift INT_MIN");
   glPixelTransferi(GL_INDEX_SHIFT, INT_MAX);
   glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, idx);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_STENCIL_INDEX), index shift INT_MAX");
   glPixelTransferi(GL_INDEX_SHIFT, 0);

   /* S-to-S map entries far beyond any integer */
   const GLfloat wild[2] = { 1e30f, NAN };
   glPixelMapfv(GL_PIXEL_MAP_S_TO_S, 2, wild);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_I, 2, wild);
   glPixelTransferi(GL_MAP_STENCIL, GL_TRUE);
   glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, idx);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels(GL_STENCIL_INDEX) through a 1e30 map");
   glPixelTransferi(GL_MAP_STENCIL, GL_FALSE);
   GLuint ui[2] = { 7, 7 };
   glGetPixelMapuiv(GL_PIXEL_MAP_I_TO_I, ui);
   regress_expect_error(GL_NO_ERROR, "glGetPixelMapuiv of 1e30 and NaN");
   if (ui[0] != 0xffffffffu || ui[1] != 0)
      test_fail("glGetPixelMapuiv(I_TO_I) of 1e30, NaN: %#x %#x, expected 0xffffffff 0", ui[0],
                ui[1]);
   GLushort us[2] = { 7, 7 };
   glGetPixelMapusv(GL_PIXEL_MAP_I_TO_I, us);
   if (us[0] != 0xffff || us[1] != 0)
      test_fail("glGetPixelMapusv(I_TO_I) of 1e30, NaN: %#x %#x, expected 0xffff 0", us[0],
                us[1]);

   /* a NaN scale through the colour maps */
   GLubyte *rgba = malloc(2 * 2 * 4);
   for (unsigned i = 0; i < 16; i++)
      rgba[i] = (GLubyte)(i * 16);
   glPixelTransferf(GL_RED_SCALE, NAN);
   glPixelTransferf(GL_GREEN_BIAS, INFINITY);
   glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   regress_expect_error(GL_NO_ERROR, "glDrawPixels with a NaN scale and GL_MAP_COLOR");
   GLubyte out[2 * 2 * 4];
   glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   regress_expect_error(GL_NO_ERROR, "glReadPixels with a NaN scale and GL_MAP_COLOR");
   glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
   glPixelTransferf(GL_RED_SCALE, 1.0f);
   glPixelTransferf(GL_GREEN_BIAS, 0.0f);
   free(rgba);
   free(idx);

   regress_context_alive("after the hostile pixel-transfer state");
   return regress_finish("regress-pixel-transfer-hostile");
}
