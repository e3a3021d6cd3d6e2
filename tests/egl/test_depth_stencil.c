/*
 * Depth and stencil clears on a D24S8 pbuffer, read back with
 * glReadPixels(GL_DEPTH_COMPONENT) as FLOAT, UNSIGNED_INT and UNSIGNED_SHORT
 * and glReadPixels(GL_STENCIL_INDEX) as UNSIGNED_BYTE and UNSIGNED_INT:
 * full clears, scissored clears, clamping of the clear depth, glDepthMask and
 * glStencilMask, and that clearing one buffer leaves the others alone.
 */
#include "egl_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 19
#define H 13

static double depth_model[W * H];
static uint8_t stencil_model[W * H];

static void
model_rect_depth(int x, int y, int w, int h, double d)
{
   for (int j = y < 0 ? 0 : y; j < y + h && j < H; j++)
      for (int i = x < 0 ? 0 : x; i < x + w && i < W; i++)
         depth_model[j * W + i] = d;
}

static void
model_rect_stencil(int x, int y, int w, int h, unsigned s, unsigned mask)
{
   for (int j = y < 0 ? 0 : y; j < y + h && j < H; j++)
      for (int i = x < 0 ? 0 : x; i < x + w && i < W; i++) {
         uint8_t *p = &stencil_model[j * W + i];
         *p = (uint8_t)((*p & ~mask) | (s & mask));
      }
}

/* Reads the depth buffer in the three types and compares with the model.
 * 24-bit depth: tolerance one 24-bit step plus rounding in every type. */
static void
check_depth(const char *what)
{
   char msg[160];
   int bad;

   GLfloat *f = malloc(sizeof(GLfloat) * W * H);
   GLuint *u = malloc(sizeof(GLuint) * W * H);
   GLushort *s = malloc(sizeof(GLushort) * W * H);
   if (!f || !u || !s) {
      test_fail("out of memory");
      goto out;
   }
   fill_sentinel(f, sizeof(GLfloat) * W * H);
   fill_sentinel(u, sizeof(GLuint) * W * H);
   fill_sentinel(s, sizeof(GLushort) * W * H);
   reset_pack_state();
   /* W is odd: tightly packed rows for the 16-bit read. */
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, f);
   snprintf(msg, sizeof(msg), "%s: glReadPixels(DEPTH_COMPONENT, FLOAT)", what);
   gl_expect_error(GL_NO_ERROR, msg);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, u);
   snprintf(msg, sizeof(msg), "%s: glReadPixels(DEPTH_COMPONENT, UNSIGNED_INT)",
            what);
   gl_expect_error(GL_NO_ERROR, msg);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, s);
   snprintf(msg, sizeof(msg),
            "%s: glReadPixels(DEPTH_COMPONENT, UNSIGNED_SHORT)", what);
   gl_expect_error(GL_NO_ERROR, msg);

   const double step24 = 1.0 / 16777215.0;
   bad = 0;
   for (int i = 0; i < W * H; i++) {
      double d = depth_model[i];
      double want_u = d * 4294967295.0;
      double want_s = d * 65535.0;
      bool ok_f = fabs(f[i] - d) <= step24 + 1e-7;
      /* one 24-bit step is 256 in 32-bit units; allow two for rounding */
      bool ok_u = fabs((double)u[i] - want_u) <= 512.0;
      bool ok_s = fabs((double)s[i] - want_s) <= 1.0;
      if (ok_f && ok_u && ok_s)
         continue;
      if (bad++ < TEST_MAX_REPORTS)
         test_fail("%s: depth at (%d,%d) reads float %.8f uint %u ushort %u, "
                   "expected %.8f / %.0f / %.0f", what, i % W, i / W,
                   (double)f[i], u[i], s[i], d, want_u, want_s);
   }
   if (bad > TEST_MAX_REPORTS)
      test_fail("%s: %d depth mismatches in all", what, bad);
out:
   free(f);
   free(u);
   free(s);
}

static void
check_stencil(const char *what)
{
   char msg[160];
   GLubyte b[W * H];
   GLuint u[W * H];
   fill_sentinel(b, sizeof(b));
   fill_sentinel(u, sizeof(u));
   reset_pack_state();
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, b);
   snprintf(msg, sizeof(msg), "%s: glReadPixels(STENCIL_INDEX, UNSIGNED_BYTE)",
            what);
   gl_expect_error(GL_NO_ERROR, msg);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_INT, u);
   snprintf(msg, sizeof(msg), "%s: glReadPixels(STENCIL_INDEX, UNSIGNED_INT)",
            what);
   gl_expect_error(GL_NO_ERROR, msg);
   int bad = 0;
   for (int i = 0; i < W * H; i++) {
      if (b[i] == stencil_model[i] && u[i] == stencil_model[i])
         continue;
      if (bad++ < TEST_MAX_REPORTS)
         test_fail("%s: stencil at (%d,%d) reads ubyte 0x%02x uint 0x%x, "
                   "expected 0x%02x", what, i % W, i / W, b[i], u[i],
                   stencil_model[i]);
   }
   if (bad > TEST_MAX_REPORTS)
      test_fail("%s: %d stencil mismatches in all", what, bad);
}

static uint8_t colour_model[W * H * 4];

static void
check_colour(const char *what)
{
   uint8_t *got = read_surface_rgba8(W, H);
   if (!got) {
      test_fail("out of memory");
      return;
   }
   gl_expect_error(GL_NO_ERROR, what);
   compare_rgba8(got, colour_model, W, H, 1, what);
   free(got);
}

static void
check_all(const char *what)
{
   check_depth(what);
   check_stencil(what);
   check_colour(what);
}

/* Depth-only configs of other sizes (those the driver offers): depth bits,
 * clears read as FLOAT within one step of the buffer's precision, and no
 * stencil buffer (reading stencil is INVALID_OPERATION). */
static void
test_other_depth_configs(EGLDisplay dpy)
{
   static const int sizes[] = { 16, 24, 32 };
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                     NULL);
   if (ctx == EGL_NO_CONTEXT) {
      test_fail("configless context: %s", egl_error_name(eglGetError()));
      return;
   }
   for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, sizes[i], 0);
      if (!cfg) {
         test_note("no RGBA8888 D%d S0 config: not tested", sizes[i]);
         continue;
      }
      const EGLint attribs[] = { EGL_WIDTH, 7, EGL_HEIGHT, 5, EGL_NONE };
      EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, attribs);
      if (surf == EGL_NO_SURFACE || !eglMakeCurrent(dpy, surf, surf, ctx)) {
         test_fail("D%d pbuffer: %s", sizes[i], egl_error_name(eglGetError()));
         if (surf != EGL_NO_SURFACE)
            eglDestroySurface(dpy, surf);
         continue;
      }
      GLint bits = -1;
      glGetIntegerv(GL_DEPTH_BITS, &bits);
      if (bits != sizes[i])
         test_fail("D%d pbuffer: GL_DEPTH_BITS is %d", sizes[i], bits);
      bits = -1;
      glGetIntegerv(GL_STENCIL_BITS, &bits);
      if (bits != 0)
         test_fail("D%d pbuffer: GL_STENCIL_BITS is %d, expected 0", sizes[i],
                   bits);
      const double step = 1.0 / ((double)(1ull << sizes[i]) - 1.0);
      static const double values[] = { 0.0, 0.3, 0.5, 0.9, 1.0 };
      reset_pack_state();
      for (unsigned v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
         glClearDepth(values[v]);
         glClear(GL_DEPTH_BUFFER_BIT);
         GLfloat f[7 * 5];
         for (int k = 0; k < 35; k++)
            f[k] = -1.0f;
         glReadPixels(0, 0, 7, 5, GL_DEPTH_COMPONENT, GL_FLOAT, f);
         for (int k = 0; k < 35; k++) {
            if (fabs(f[k] - values[v]) > step + 1e-6) {
               test_fail("D%d pbuffer: depth at (%d,%d) after clearing to %g "
                         "reads %.8f", sizes[i], k % 7, k / 7, values[v],
                         (double)f[k]);
               break;
            }
         }
      }
      char what[64];
      snprintf(what, sizeof(what), "D%d pbuffer: depth clears", sizes[i]);
      gl_expect_error(GL_NO_ERROR, what);
      GLubyte st[64];
      glReadPixels(0, 0, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
      snprintf(what, sizeof(what), "D%d pbuffer: stencil read without "
               "stencil", sizes[i]);
      gl_expect_error(GL_INVALID_OPERATION, what);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroySurface(dpy, surf);
   }
   eglDestroyContext(dpy, ctx);
}

int
main(void)
{
   struct egl_test t;
   int r = egl_test_setup(&t, W, H, 24, 8);
   if (r != TEST_PASS) {
      egl_test_teardown(&t);
      return r;
   }

   GLint bits = -1;
   glGetIntegerv(GL_DEPTH_BITS, &bits);
   if (bits != 24)
      test_fail("GL_DEPTH_BITS is %d, expected 24", bits);
   bits = -1;
   glGetIntegerv(GL_STENCIL_BITS, &bits);
   if (bits != 8)
      test_fail("GL_STENCIL_BITS is %d, expected 8", bits);

   /* Start from a known state of all three buffers. */
   const uint8_t blue[4] = { 0, 0, 255, 255 };
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClearDepth(1.0);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   gl_expect_error(GL_NO_ERROR, "glClear(COLOR | DEPTH | STENCIL)");
   model_clear(colour_model, W, H, 0, 0, W, H, blue, NULL);
   model_rect_depth(0, 0, W, H, 1.0);
   model_rect_stencil(0, 0, W, H, 0, 0xff);
   check_all("initial clear of all buffers");

   static const double depths[] = { 0.0, 0.25, 0.5, 0.7, 1.0 / 3.0, 1.0 };
   for (unsigned i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
      char what[64];
      glClearDepth(depths[i]);
      glClear(GL_DEPTH_BUFFER_BIT);
      model_rect_depth(0, 0, W, H, depths[i]);
      snprintf(what, sizeof(what), "depth clear to %g", depths[i]);
      check_all(what);
   }

   /* glClearDepth clamps to [0,1]. */
   glClearDepth(2.5);
   GLfloat cd = -1.0f;
   glGetFloatv(GL_DEPTH_CLEAR_VALUE, &cd);
   if (cd != 1.0f)
      test_fail("GL_DEPTH_CLEAR_VALUE after glClearDepth(2.5) is %g, "
                "expected 1", (double)cd);
   glClear(GL_DEPTH_BUFFER_BIT);
   model_rect_depth(0, 0, W, H, 1.0);
   check_all("depth clear to 2.5 (clamped to 1)");
   glClearDepth(-1.0);
   glClear(GL_DEPTH_BUFFER_BIT);
   model_rect_depth(0, 0, W, H, 0.0);
   check_all("depth clear to -1 (clamped to 0)");

   /* Scissored depth clear, partly outside. */
   glEnable(GL_SCISSOR_TEST);
   glScissor(3, 2, 5, 4);
   glClearDepth(0.5);
   glClear(GL_DEPTH_BUFFER_BIT);
   model_rect_depth(3, 2, 5, 4, 0.5);
   glScissor(W - 4, H - 3, 10, 10);
   glClearDepth(0.75);
   glClear(GL_DEPTH_BUFFER_BIT);
   model_rect_depth(W - 4, H - 3, 10, 10, 0.75);
   glDisable(GL_SCISSOR_TEST);
   check_all("scissored depth clears");

   /* glDepthMask(FALSE): depth clears do nothing. */
   glDepthMask(GL_FALSE);
   glClearDepth(0.125);
   glClear(GL_DEPTH_BUFFER_BIT);
   glDepthMask(GL_TRUE);
   check_all("depth clear with glDepthMask(GL_FALSE)");

   /* Stencil clears. */
   glClearStencil(0x5a);
   glClear(GL_STENCIL_BUFFER_BIT);
   model_rect_stencil(0, 0, W, H, 0x5a, 0xff);
   check_all("stencil clear to 0x5a");

   /* The clear value is masked to the 8 stencil bits. */
   glClearStencil(0x1c3);
   glClear(GL_STENCIL_BUFFER_BIT);
   model_rect_stencil(0, 0, W, H, 0xc3, 0xff);
   check_all("stencil clear to 0x1c3 (masked to 0xc3)");

   /* Write masks. */
   glStencilMask(0x0f);
   glClearStencil(0xff);
   glClear(GL_STENCIL_BUFFER_BIT);
   model_rect_stencil(0, 0, W, H, 0xff, 0x0f);
   check_all("stencil clear 0xff with mask 0x0f");

   glStencilMask(0xa0);
   glClearStencil(0x00);
   glClear(GL_STENCIL_BUFFER_BIT);
   model_rect_stencil(0, 0, W, H, 0x00, 0xa0);
   check_all("stencil clear 0x00 with mask 0xa0");

   glStencilMask(0x00);
   glClearStencil(0x77);
   glClear(GL_STENCIL_BUFFER_BIT);
   check_all("stencil clear with mask 0");

   GLint mask = -1;
   glGetIntegerv(GL_STENCIL_WRITEMASK, &mask);
   if (mask != 0)
      test_fail("GL_STENCIL_WRITEMASK is 0x%x, expected 0", mask);

   /* Scissored and masked together. */
   glStencilMask(0x3c);
   glEnable(GL_SCISSOR_TEST);
   glScissor(-2, 4, 7, 100);
   glClearStencil(0x99);
   glClear(GL_STENCIL_BUFFER_BIT);
   model_rect_stencil(-2, 4, 7, 100, 0x99, 0x3c);
   glDisable(GL_SCISSOR_TEST);
   glStencilMask(0xff);
   check_all("scissored stencil clear 0x99 with mask 0x3c");

   /* All three at once under a scissor: each buffer gets its own value. */
   glEnable(GL_SCISSOR_TEST);
   glScissor(6, 1, 4, 9);
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClearDepth(0.375);
   glClearStencil(0x42);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   const uint8_t red[4] = { 255, 0, 0, 255 };
   model_clear(colour_model, W, H, 6, 1, 4, 9, red, NULL);
   model_rect_depth(6, 1, 4, 9, 0.375);
   model_rect_stencil(6, 1, 4, 9, 0x42, 0xff);
   check_all("scissored clear of all buffers");

   /* A partial read of depth, starting inside and crossing the edge:
    * only the part inside is written. */
   GLfloat part[4 * 4];
   for (int i = 0; i < 16; i++)
      part[i] = -7.0f;
   reset_pack_state();
   glReadPixels(W - 2, H - 2, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, part);
   gl_expect_error(GL_NO_ERROR, "depth read crossing the top right corner");
   for (int j = 0; j < 4; j++) {
      for (int i = 0; i < 4; i++) {
         int x = W - 2 + i, y = H - 2 + j;
         float got = part[j * 4 + i];
         if (x < W && y < H) {
            if (fabs(got - depth_model[y * W + x]) > 1e-6)
               test_fail("partial depth read at (%d,%d): %g, expected %g",
                         x, y, (double)got, depth_model[y * W + x]);
         } else if (got != -7.0f) {
            test_fail("partial depth read wrote %g outside the surface at "
                      "(%d,%d)", (double)got, x, y);
         }
      }
   }

   eglMakeCurrent(t.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   test_other_depth_configs(t.dpy);

   egl_test_teardown(&t);
   return test_finish("egl-depth-stencil");
}
