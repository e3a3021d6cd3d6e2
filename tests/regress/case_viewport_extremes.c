/*
 * Viewport and scissor rectangles at the ends of the GLint range, then
 * clears, draws, glReadPixels and glCopyPixels: x + width was summed in int
 * where the rectangles are applied (undefined behaviour at INT_MAX).  Any
 * position is legal; negative sizes are GL_INVALID_VALUE; the work is
 * clipped to the drawable.  ES 1.1's fixed-point forms take INT_MIN and
 * INT_MAX (s15.16: -32768.0 and 32767.99998) without overflow.
 */
#include <limits.h>
#include <stdlib.h>

#include "regress.h"

static const GLint v[] = { INT_MIN, INT_MIN + 1, -65536, -1, 0, 65535, 65536, INT_MAX - 1,
                           INT_MAX };
#define NV (sizeof v / sizeof v[0])

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;

   unsigned char *px = malloc(REGRESS_W * REGRESS_H * 4);
   for (unsigned i = 0; i < NV; i++) {
      for (unsigned j = 0; j < NV; j++) {
         GLint w = v[j] < 0 ? INT_MAX : v[j];
         glViewport(v[i], v[i], w, w);
         regress_expect_error(GL_NO_ERROR, "glViewport(boundaries)");
         glScissor(v[i], v[NV - 1 - i], w, w);
         regress_expect_error(GL_NO_ERROR, "glScissor(boundaries)");
         glEnable(GL_SCISSOR_TEST);
         glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
         regress_expect_error(GL_NO_ERROR, "glClear with a boundary scissor");
         glBegin(GL_TRIANGLES);
         glVertex2f(-1, -1);
         glVertex2f(1, -1);
         glVertex2f(0, 1);
         glEnd();
         regress_expect_error(GL_NO_ERROR, "a triangle with a boundary viewport and scissor");
         glRasterPos2i(0, 0);
         glCopyPixels(v[i], v[j], 8, 8, GL_COLOR);
         regress_expect_error(GL_NO_ERROR, "glCopyPixels(boundary source)");
         glDisable(GL_SCISSOR_TEST);
         glReadPixels(v[i], v[j], 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
         regress_expect_error(GL_NO_ERROR, "glReadPixels(boundary x, y)");
      }
      glViewport(0, 0, v[i], 1);
      regress_expect_error(v[i] < 0 ? GL_INVALID_VALUE : GL_NO_ERROR, "glViewport(width)");
      glScissor(0, 0, 1, v[i]);
      regress_expect_error(v[i] < 0 ? GL_INVALID_VALUE : GL_NO_ERROR, "glScissor(height)");
   }
   glViewport(0, 0, REGRESS_W, REGRESS_H);
   glScissor(0, 0, REGRESS_W, REGRESS_H);
   free(px);
   regress_context_alive("after the boundary viewports");
   return regress_finish("regress-viewport-extremes");
}
