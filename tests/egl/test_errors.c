/*
 * Bad input must raise the GL error the spec names and have no other
 * effect (GL 2.1, section 2.5: "the command generating the error is
 * ignored").  Checked on a pbuffer without depth/stencil, then on a
 * surfaceless binding of the same context.
 *
 * Spec references are to the OpenGL 2.1 specification (compatibility
 * contexts are what Pony offers) unless a later spec or extension is named.
 */
#include "egl_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 8
#define H 6

static bool is_llvmpipe;

static void
test_readpixels_errors(void)
{
   uint32_t buf[64];

   reset_pack_state();
   fill_sentinel(buf, sizeof(buf));

   /* Packed types need a format with a matching number of components
    * (table 3.8): INVALID_OPERATION (section 4.3.2 via 3.6.4). */
   glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, buf);
   gl_expect_error(GL_INVALID_OPERATION, "glReadPixels(RGBA, 5_6_5)");
   glReadPixels(0, 0, 2, 2, GL_BGR, GL_UNSIGNED_SHORT_5_6_5, buf);
   gl_expect_error(GL_INVALID_OPERATION, "glReadPixels(BGR, 5_6_5)");
   glReadPixels(0, 0, 2, 2, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, buf);
   gl_expect_error(GL_INVALID_OPERATION, "glReadPixels(RGB, 4_4_4_4)");
   glReadPixels(0, 0, 2, 2, GL_RGB, GL_UNSIGNED_INT_8_8_8_8_REV, buf);
   gl_expect_error(GL_INVALID_OPERATION, "glReadPixels(RGB, 8_8_8_8_REV)");
   glReadPixels(0, 0, 2, 2, GL_LUMINANCE, GL_UNSIGNED_INT_2_10_10_10_REV, buf);
   gl_expect_error(GL_INVALID_OPERATION,
                   "glReadPixels(LUMINANCE, 2_10_10_10_REV)");
   glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE_3_3_2, buf);
   gl_expect_error(GL_INVALID_OPERATION, "glReadPixels(RGBA, 3_3_2)");

   /* Negative sizes: INVALID_VALUE (section 4.3.2). */
   glReadPixels(0, 0, -1, 2, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(GL_INVALID_VALUE, "glReadPixels(width -1)");
   glReadPixels(0, 0, 2, -5, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(GL_INVALID_VALUE, "glReadPixels(height -5)");

   /* Enums that are no format or no type at all: INVALID_ENUM (section
    * 2.5 for unaccepted enums; GL 4.5 18.2.2 says so for ReadPixels).
    * Mesa 22.3 raises INVALID_OPERATION for a bad format; we follow the
    * spec and accept Mesa's answer only on llvmpipe. */
   GLenum bad_format_error = is_llvmpipe ? GL_INVALID_OPERATION
                                         : GL_INVALID_ENUM;
   glReadPixels(0, 0, 2, 2, GL_TEXTURE_2D, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(bad_format_error, "glReadPixels(format GL_TEXTURE_2D)");
   glReadPixels(0, 0, 2, 2, GL_RGBA, GL_TEXTURE_2D, buf);
   gl_expect_error(GL_INVALID_ENUM, "glReadPixels(type GL_TEXTURE_2D)");
   glReadPixels(0, 0, 2, 2, 0x1234, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(bad_format_error, "glReadPixels(format 0x1234)");

   /* BITMAP only goes with COLOR_INDEX/STENCIL_INDEX: INVALID_ENUM
    * (section 3.6.4). */
   glReadPixels(0, 0, 2, 2, GL_RGBA, GL_BITMAP, buf);
   gl_expect_error(GL_INVALID_ENUM, "glReadPixels(RGBA, BITMAP)");

   /* Depth or stencil reads without such a buffer: INVALID_OPERATION
    * (section 4.3.2). */
   glReadPixels(0, 0, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, buf);
   gl_expect_error(GL_INVALID_OPERATION,
                   "glReadPixels(DEPTH_COMPONENT) without a depth buffer");
   glReadPixels(0, 0, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, buf);
   gl_expect_error(GL_INVALID_OPERATION,
                   "glReadPixels(STENCIL_INDEX) without a stencil buffer");

   for (unsigned i = 0; i < sizeof(buf); i++) {
      if (((uint8_t *)buf)[i] != SENTINEL) {
         test_fail("a glReadPixels call that raised an error wrote byte %u",
                   i);
         break;
      }
   }
}

static void
test_pixelstore_errors(void)
{
   GLint v;

   glPixelStorei(GL_PACK_ALIGNMENT, 3);
   gl_expect_error(GL_INVALID_VALUE, "glPixelStorei(PACK_ALIGNMENT, 3)");
   glPixelStorei(GL_PACK_ALIGNMENT, 0);
   gl_expect_error(GL_INVALID_VALUE, "glPixelStorei(PACK_ALIGNMENT, 0)");
   glPixelStorei(GL_PACK_ALIGNMENT, 16);
   gl_expect_error(GL_INVALID_VALUE, "glPixelStorei(PACK_ALIGNMENT, 16)");
   v = -1;
   glGetIntegerv(GL_PACK_ALIGNMENT, &v);
   if (v != 4)
      test_fail("GL_PACK_ALIGNMENT is %d after rejected values, expected 4", v);

   glPixelStorei(GL_PACK_ROW_LENGTH, -1);
   gl_expect_error(GL_INVALID_VALUE, "glPixelStorei(PACK_ROW_LENGTH, -1)");
   glPixelStorei(GL_PACK_SKIP_PIXELS, -2);
   gl_expect_error(GL_INVALID_VALUE, "glPixelStorei(PACK_SKIP_PIXELS, -2)");
   glPixelStorei(GL_PACK_SKIP_ROWS, -3);
   gl_expect_error(GL_INVALID_VALUE, "glPixelStorei(PACK_SKIP_ROWS, -3)");
   glPixelStorei(GL_TEXTURE_2D, 1);
   gl_expect_error(GL_INVALID_ENUM, "glPixelStorei(GL_TEXTURE_2D)");

   glPixelStorei(GL_PACK_ALIGNMENT, 8);
   gl_expect_error(GL_NO_ERROR, "glPixelStorei(PACK_ALIGNMENT, 8)");
   v = -1;
   glGetIntegerv(GL_PACK_ALIGNMENT, &v);
   if (v != 8)
      test_fail("GL_PACK_ALIGNMENT is %d, expected 8", v);
   reset_pack_state();
}

static void
test_clear_errors(void)
{
   /* Bits other than COLOR/DEPTH/STENCIL/ACCUM: INVALID_VALUE (4.2.3). */
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl_expect_error(GL_NO_ERROR, "glClear(COLOR) to green");
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | 0x1);
   gl_expect_error(GL_INVALID_VALUE, "glClear(COLOR | 0x1)");
   glClear(0x80000000u);
   gl_expect_error(GL_INVALID_VALUE, "glClear(0x80000000)");

   /* The rejected clears must not have touched the buffer. */
   uint8_t *px = read_surface_rgba8(W, H);
   if (px) {
      for (int i = 0; i < W * H; i++) {
         if (px[i * 4] != 0 || px[i * 4 + 1] != 255) {
            test_fail("rejected glClear changed pixel (%d,%d) to %u,%u,%u,%u",
                      i % W, i / W, px[i * 4], px[i * 4 + 1], px[i * 4 + 2],
                      px[i * 4 + 3]);
            break;
         }
      }
      free(px);
   }
   gl_expect_error(GL_NO_ERROR, "reading back after rejected clears");

   /* A mask of 0 is legal and does nothing. */
   glClear(0);
   gl_expect_error(GL_NO_ERROR, "glClear(0)");
}

static void
test_state_errors(void)
{
   GLint vp[4];

   glViewport(1, 2, 3, 4);
   glViewport(0, 0, -1, 5);
   gl_expect_error(GL_INVALID_VALUE, "glViewport(width -1)");
   glViewport(0, 0, 5, -1);
   gl_expect_error(GL_INVALID_VALUE, "glViewport(height -1)");
   glGetIntegerv(GL_VIEWPORT, vp);
   if (vp[0] != 1 || vp[1] != 2 || vp[2] != 3 || vp[3] != 4)
      test_fail("GL_VIEWPORT is %d,%d,%d,%d after rejected calls, expected "
                "1,2,3,4", vp[0], vp[1], vp[2], vp[3]);
   glViewport(0, 0, W, H);

   glScissor(0, 0, -2, 1);
   gl_expect_error(GL_INVALID_VALUE, "glScissor(width -2)");
   glScissor(0, 0, 1, -2);
   gl_expect_error(GL_INVALID_VALUE, "glScissor(height -2)");

   const GLubyte *s = glGetString(0x1234);
   gl_expect_error(GL_INVALID_ENUM, "glGetString(0x1234)");
   if (s)
      test_fail("glGetString(0x1234) returned a string");
   s = glGetString(GL_VERSION);
   if (!s || !*s)
      test_fail("glGetString(GL_VERSION) returned nothing");
   gl_expect_error(GL_NO_ERROR, "glGetString(GL_VERSION)");

   glEnable(0x1234);
   gl_expect_error(GL_INVALID_ENUM, "glEnable(0x1234)");
   glDisable(0x1234);
   gl_expect_error(GL_INVALID_ENUM, "glDisable(0x1234)");
   GLint dummy;
   glGetIntegerv(0x1234, &dummy);
   gl_expect_error(GL_INVALID_ENUM, "glGetIntegerv(0x1234)");

   /* A pbuffer is drawn through a single-buffered config: its only colour
    * buffer is FRONT (LEFT), GL_DOUBLEBUFFER is false, and naming a buffer
    * that does not exist is INVALID_OPERATION (GL 2.1, 4.2.1).
    * Mesa 22.3 reports GL_BACK as the draw/read buffer of an EGL pbuffer
    * (matching EGL's "pbuffers render to the back buffer"; the read buffer
    * stays GL_FRONT) and accepts glDrawBuffer/glReadBuffer(GL_BACK) while
    * GL_DOUBLEBUFFER is false; we follow the GL spec and accept Mesa's
    * answers only on llvmpipe. */
   const GLint pbuffer_draw = is_llvmpipe ? GL_BACK : GL_FRONT;
   const GLenum back_error = is_llvmpipe ? GL_NO_ERROR : GL_INVALID_OPERATION;
   GLint db = -1, rb = -1;
   glGetIntegerv(GL_DRAW_BUFFER, &db);
   glGetIntegerv(GL_READ_BUFFER, &rb);
   if (db != pbuffer_draw)
      test_fail("GL_DRAW_BUFFER on a pbuffer is 0x%x, expected 0x%x", db,
                pbuffer_draw);
   if (rb != GL_FRONT)
      test_fail("GL_READ_BUFFER on a pbuffer is 0x%x, expected GL_FRONT", rb);
   GLboolean dbl = 9;
   glGetBooleanv(GL_DOUBLEBUFFER, &dbl);
   if (dbl != GL_FALSE)
      test_fail("GL_DOUBLEBUFFER on a pbuffer is %d, expected GL_FALSE", dbl);
   gl_expect_error(GL_NO_ERROR, "draw/read buffer queries");

   glDrawBuffer(GL_BACK);
   gl_expect_error(back_error,
                   "glDrawBuffer(GL_BACK) on a single-buffered pbuffer");
   glDrawBuffer(GL_BACK_RIGHT);
   gl_expect_error(GL_INVALID_OPERATION,
                   "glDrawBuffer(GL_BACK_RIGHT) on a mono pbuffer");
   glReadBuffer(GL_BACK);
   gl_expect_error(back_error,
                   "glReadBuffer(GL_BACK) on a single-buffered pbuffer");
   glDrawBuffer(GL_TEXTURE_2D);
   gl_expect_error(GL_INVALID_ENUM, "glDrawBuffer(GL_TEXTURE_2D)");
   glReadBuffer(GL_TEXTURE_2D);
   gl_expect_error(GL_INVALID_ENUM, "glReadBuffer(GL_TEXTURE_2D)");
   glDrawBuffer(GL_FRONT);
   glGetIntegerv(GL_DRAW_BUFFER, &db);
   glDrawBuffer(GL_BACK_RIGHT);
   gl_expect_error(GL_INVALID_OPERATION, "glDrawBuffer(GL_BACK_RIGHT) again");
   glGetIntegerv(GL_DRAW_BUFFER, &db);
   if (db != GL_FRONT)
      test_fail("GL_DRAW_BUFFER is 0x%x after a rejected call, expected "
                "GL_FRONT", db);
   glDrawBuffer(GL_FRONT);
   gl_expect_error(GL_NO_ERROR, "glDrawBuffer(GL_FRONT)");
   glReadBuffer(GL_FRONT);
   gl_expect_error(GL_NO_ERROR, "glReadBuffer(GL_FRONT)");

   /* GL_NONE is a legal draw buffer: clears then write nothing. */
   glDrawBuffer(GL_NONE);
   gl_expect_error(GL_NO_ERROR, "glDrawBuffer(GL_NONE)");
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawBuffer(GL_FRONT);
   gl_expect_error(GL_NO_ERROR, "glClear with draw buffer NONE");
   uint8_t *px = read_surface_rgba8(W, H);
   if (px) {
      if (px[0] != 0 || px[1] != 255 || px[2] != 0)
         test_fail("glClear with draw buffer GL_NONE changed pixel (0,0) to "
                   "%u,%u,%u", px[0], px[1], px[2]);
      free(px);
   }

   /* After an error, glGetError reports it once, then GL_NO_ERROR. */
   glClear(0x1);
   GLenum e1 = glGetError();
   GLenum e2 = glGetError();
   if (e1 != GL_INVALID_VALUE || e2 != GL_NO_ERROR)
      test_fail("glGetError after one error returned %s then %s, expected "
                "GL_INVALID_VALUE then GL_NO_ERROR", gl_error_name(e1),
                gl_error_name(e2));
}

static void
test_surfaceless(struct egl_test *t)
{
   if (!eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t->ctx)) {
      test_fail("eglMakeCurrent(surfaceless) failed: %s",
                egl_error_name(eglGetError()));
      return;
   }
   /* With no surface the default framebuffer does not exist: it is
    * incomplete (FRAMEBUFFER_UNDEFINED) and drawing/reading commands raise
    * INVALID_FRAMEBUFFER_OPERATION (EGL_KHR_surfaceless_context, GL 3.0
    * 4.4.4).  GL 2.1 has no such error; the extension adds it to any
    * context, and Mesa raises it in compatibility contexts too. */
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl_expect_error(GL_INVALID_FRAMEBUFFER_OPERATION,
                   "glClear with a surfaceless binding");
   uint8_t px[16];
   fill_sentinel(px, sizeof(px));
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   gl_expect_error(GL_INVALID_FRAMEBUFFER_OPERATION,
                   "glReadPixels with a surfaceless binding");
   for (unsigned i = 0; i < sizeof(px); i++) {
      if (px[i] != SENTINEL) {
         test_fail("surfaceless glReadPixels wrote byte %u", i);
         break;
      }
   }
   /* State commands still work. */
   glViewport(0, 0, 10, 10);
   gl_expect_error(GL_NO_ERROR, "glViewport with a surfaceless binding");
   const GLubyte *v = glGetString(GL_VERSION);
   if (!v)
      test_fail("glGetString(GL_VERSION) with a surfaceless binding is NULL");

   /* Back onto the pbuffer: the content survived, clears work again. */
   if (!eglMakeCurrent(t->dpy, t->surf, t->surf, t->ctx)) {
      test_fail("eglMakeCurrent(pbuffer) after surfaceless failed: %s",
                egl_error_name(eglGetError()));
      return;
   }
   uint8_t *all = read_surface_rgba8(W, H);
   if (all) {
      if (all[0] != 0 || all[1] != 255 || all[2] != 0 || all[3] != 255)
         test_fail("pbuffer pixel (0,0) after a surfaceless binding is "
                   "%u,%u,%u,%u, expected 0,255,0,255", all[0], all[1],
                   all[2], all[3]);
      free(all);
   }
   gl_expect_error(GL_NO_ERROR, "read after re-binding the pbuffer");
}

int
main(void)
{
   struct egl_test t;
   int r = egl_test_setup(&t, W, H, 0, 0);
   if (r != TEST_PASS) {
      egl_test_teardown(&t);
      return r;
   }
   is_llvmpipe = renderer_is_llvmpipe();
   gl_expect_error(GL_NO_ERROR, "initial state");
   test_readpixels_errors();
   test_pixelstore_errors();
   test_clear_errors();
   test_state_errors();
   test_surfaceless(&t);
   egl_test_teardown(&t);
   return test_finish("egl-errors");
}
