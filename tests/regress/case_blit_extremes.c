/*
 * glBlitFramebuffer with rectangle edges at the ends of the GLint range
 * (INT_MIN, INT_MAX, 65535, 65536): the state tracker computed x1 - x0 in
 * int for the pipe boxes and the blitter clipped dst->x + box width in int,
 * both overflowing (undefined behaviour; wrapped sizes).  Any coordinates
 * are legal (no GL error): the destination pixels whose centres map into
 * the read buffer are written, the others are left alone, and the work is
 * bounded by the drawable.  Also glCopyTexImage1D/2D with a source at
 * INT_MIN/INT_MAX, which clipped by negating the coordinate.
 */
#include <limits.h>
#include <stdlib.h>

#include "regress.h"

static const GLint v[] = { INT_MIN, INT_MIN + 1, -65536, -1, 0, 1, 65535, 65536,
                           INT_MAX - 1, INT_MAX };
#define NV (sizeof v / sizeof v[0])

/* Reads the whole surface; the pixel at (x, y) */
static bool
pixel_is(int x, int y, const unsigned char want[4], const char *what)
{
   unsigned char *px = malloc(REGRESS_W * REGRESS_H * 4);
   glReadPixels(0, 0, REGRESS_W, REGRESS_H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   const unsigned char *p = px + ((size_t)y * REGRESS_W + (size_t)x) * 4;
   bool ok = p[0] == want[0] && p[1] == want[1] && p[2] == want[2] && p[3] == want[3];
   if (!ok)
      test_fail("%s: pixel (%d, %d) is %u %u %u %u, expected %u %u %u %u", what, x, y, p[0],
                p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
   free(px);
   return ok;
}

int
main(void)
{
   int rc = regress_setup(REGRESS_GL_COMPAT);
   if (rc != TEST_PASS)
      return rc;
   PFNGLBLITFRAMEBUFFERPROC Blit = REGRESS_PROC(PFNGLBLITFRAMEBUFFERPROC, glBlitFramebuffer);

   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   /* every edge of the source, then of the destination, at each boundary */
   for (unsigned i = 0; i < NV; i++) {
      for (unsigned j = 0; j < NV; j++) {
         Blit(v[i], 0, v[j], REGRESS_H, 0, 0, REGRESS_W, REGRESS_H, GL_COLOR_BUFFER_BIT,
              GL_NEAREST);
         regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(src x0, x1 = boundaries)");
         Blit(0, v[i], REGRESS_W, v[j], 0, 0, REGRESS_W, REGRESS_H, GL_COLOR_BUFFER_BIT,
              GL_LINEAR);
         regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(src y0, y1 = boundaries)");
         Blit(0, 0, REGRESS_W, REGRESS_H, v[i], 0, v[j], REGRESS_H, GL_COLOR_BUFFER_BIT,
              GL_NEAREST);
         regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(dst x0, x1 = boundaries)");
         Blit(0, 0, REGRESS_W, REGRESS_H, 0, v[i], REGRESS_W, v[j],
              GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
         regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(dst y0, y1 = boundaries)");
         Blit(v[i], v[j], v[j], v[i], v[j], v[i], v[i], v[j], GL_COLOR_BUFFER_BIT, GL_LINEAR);
         regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(all edges = boundaries)");
      }
   }
   /* the surface was uniform green: every blit copied green or nothing */
   static const unsigned char green[4] = { 0, 255, 0, 255 };
   pixel_is(0, 0, green, "after the blits");
   pixel_is(REGRESS_W - 1, REGRESS_H - 1, green, "after the blits");

   /* a source rectangle of 2^32 pixels across the window, destination the
    * window: one source pixel per 2^32 / 64 destination ... the blit maps
    * each destination centre into the source, which is outside but for
    * at most one column; whatever it writes is green */
   glEnable(GL_SCISSOR_TEST);
   glScissor(INT_MIN, INT_MIN, INT_MAX, INT_MAX);
   Blit(INT_MIN, INT_MIN, INT_MAX, INT_MAX, 0, 0, REGRESS_W, REGRESS_H, GL_COLOR_BUFFER_BIT,
        GL_LINEAR);
   regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer with a scissor at INT_MIN");
   glScissor(INT_MAX, INT_MAX, INT_MAX, INT_MAX);
   Blit(0, 0, REGRESS_W, REGRESS_H, 0, 0, REGRESS_W, REGRESS_H, GL_COLOR_BUFFER_BIT,
        GL_NEAREST);
   regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer with a scissor at INT_MAX");
   glDisable(GL_SCISSOR_TEST);

   /* Scaled to the whole GLint range: every window pixel's centre maps to
    * source column 32 (green; columns 0-31 red), mirrored to column 31. */
   static const unsigned char red[4] = { 255, 0, 0, 255 };
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, REGRESS_W / 2, REGRESS_H);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   Blit(0, 0, REGRESS_W, REGRESS_H, INT_MIN, INT_MIN, INT_MAX, INT_MAX, GL_COLOR_BUFFER_BIT,
        GL_NEAREST);
   regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(window to INT_MIN..INT_MAX)");
   pixel_is(0, 0, green, "window scaled to INT_MIN..INT_MAX");
   pixel_is(REGRESS_W - 1, REGRESS_H - 1, green, "window scaled to INT_MIN..INT_MAX");
   glScissor(0, 0, REGRESS_W / 2, REGRESS_H);
   glEnable(GL_SCISSOR_TEST);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   Blit(0, 0, REGRESS_W, REGRESS_H, INT_MAX, INT_MIN, INT_MIN, INT_MAX, GL_COLOR_BUFFER_BIT,
        GL_NEAREST);
   regress_expect_error(GL_NO_ERROR, "glBlitFramebuffer(window to INT_MAX..INT_MIN)");
   pixel_is(0, 0, red, "window mirrored to INT_MAX..INT_MIN");
   pixel_is(REGRESS_W - 1, REGRESS_H - 1, red, "window mirrored to INT_MAX..INT_MIN");

   /* glCopyTexImage with the source at the ends of the range: clipped away */
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_1D, tex[0]);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   for (unsigned i = 0; i < NV; i++) {
      glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, v[i], 0, 8, 0);
      regress_expect_error(GL_NO_ERROR, "glCopyTexImage1D(x = boundary)");
      glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 0, v[i], 8, 0);
      regress_expect_error(GL_NO_ERROR, "glCopyTexImage1D(y = boundary)");
      glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, v[i], v[NV - 1 - i], 8, 8, 0);
      regress_expect_error(GL_NO_ERROR, "glCopyTexImage2D(x, y = boundaries)");
      glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, v[i], 8, 8, 1);
      regress_expect_error(GL_NO_ERROR, "glCopyTexImage2D(y = boundary, border 1)");
   }
   glDeleteTextures(2, tex);

   regress_context_alive("after the boundary blits");
   return regress_finish("regress-blit-extremes");
}
