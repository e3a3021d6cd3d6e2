/*
 * Pbuffer surfaces and bindings through Mesa's libEGL:
 *  - odd and extreme sizes (1x1, one row, one column, 513x257);
 *  - different draw and read surfaces: clears go to the draw surface,
 *    glReadPixels reads the read surface;
 *  - eglSwapBuffers on a pbuffer succeeds and changes nothing;
 *  - a surface destroyed while current stays usable until released;
 *  - a context sharing with another one;
 *  - two threads, each with its own context and pbuffer, clearing and
 *    reading at the same time (per-thread current context and dispatch).
 */
#include "egl_common.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static EGLDisplay dpy;
static EGLConfig cfg;

static EGLSurface
make_pbuffer(int w, int h)
{
   const EGLint attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, attribs);
   if (s == EGL_NO_SURFACE)
      test_fail("eglCreatePbufferSurface(%dx%d): %s", w, h,
                egl_error_name(eglGetError()));
   return s;
}

/* Every pixel of the w x h read surface equals rgba (+-1)?  Reports the
 * first mismatch. */
static bool
surface_is(int w, int h, const uint8_t rgba[4], const char *what)
{
   uint8_t *px = read_surface_rgba8(w, h);
   if (!px) {
      test_fail("%s: out of memory", what);
      return false;
   }
   bool ok = true;
   for (int i = 0; i < w * h && ok; i++) {
      for (int c = 0; c < 4; c++) {
         if (abs((int)px[i * 4 + c] - (int)rgba[c]) > 1) {
            test_fail("%s: pixel (%d,%d) is %u,%u,%u,%u, expected "
                      "%u,%u,%u,%u", what, i % w, i / w, px[i * 4],
                      px[i * 4 + 1], px[i * 4 + 2], px[i * 4 + 3], rgba[0],
                      rgba[1], rgba[2], rgba[3]);
            ok = false;
            break;
         }
      }
   }
   free(px);
   return ok;
}

static void
clear_to(const uint8_t rgba[4])
{
   glClearColor(rgba[0] / 255.0f, rgba[1] / 255.0f, rgba[2] / 255.0f,
                rgba[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
test_sizes(EGLContext ctx)
{
   static const struct { int w, h; } sizes[] = {
      { 1, 1 }, { 300, 1 }, { 1, 300 }, { 513, 257 }, { 64, 64 },
   };
   for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      int w = sizes[i].w, h = sizes[i].h;
      EGLSurface s = make_pbuffer(w, h);
      if (s == EGL_NO_SURFACE)
         continue;
      if (!eglMakeCurrent(dpy, s, s, ctx)) {
         test_fail("%dx%d: eglMakeCurrent: %s", w, h,
                   egl_error_name(eglGetError()));
         eglDestroySurface(dpy, s);
         continue;
      }
      char what[64];
      snprintf(what, sizeof(what), "%dx%d pbuffer", w, h);
      glViewport(0, 0, w, h);
      const uint8_t c[4] = { (uint8_t)(i * 40), 200, (uint8_t)(255 - i), 255 };
      clear_to(c);
      surface_is(w, h, c, what);

      /* a scissored clear of the last column and the last row */
      uint8_t *model = malloc((size_t)w * h * 4);
      if (model) {
         const uint8_t edge[4] = { 255, 255, 0, 255 };
         model_clear(model, w, h, 0, 0, w, h, c, NULL);
         glEnable(GL_SCISSOR_TEST);
         glScissor(w - 1, 0, 1, h);
         clear_to(edge);
         glScissor(0, h - 1, w, 1);
         clear_to(edge);
         glDisable(GL_SCISSOR_TEST);
         model_clear(model, w, h, w - 1, 0, 1, h, edge, NULL);
         model_clear(model, w, h, 0, h - 1, w, 1, edge, NULL);
         uint8_t *got = read_surface_rgba8(w, h);
         if (got) {
            snprintf(what, sizeof(what), "%dx%d pbuffer, last row/column", w,
                     h);
            compare_rgba8(got, model, w, h, 1, what);
         }
         free(got);
         free(model);
      }
      gl_expect_error(GL_NO_ERROR, what);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroySurface(dpy, s);
   }
}

static void
test_draw_read_split(EGLContext ctx)
{
   const uint8_t red[4] = { 255, 0, 0, 255 };
   const uint8_t blue[4] = { 0, 0, 255, 255 };
   const uint8_t green[4] = { 0, 255, 0, 255 };
   EGLSurface a = make_pbuffer(9, 7);
   EGLSurface b = make_pbuffer(9, 7);
   if (a == EGL_NO_SURFACE || b == EGL_NO_SURFACE)
      goto out;

   eglMakeCurrent(dpy, a, a, ctx);
   clear_to(red);
   eglMakeCurrent(dpy, b, b, ctx);
   clear_to(blue);

   /* draw A, read B */
   if (!eglMakeCurrent(dpy, a, b, ctx)) {
      test_fail("eglMakeCurrent(draw A, read B): %s",
                egl_error_name(eglGetError()));
      goto out;
   }
   if (eglGetCurrentSurface(EGL_DRAW) != a || eglGetCurrentSurface(EGL_READ) != b)
      test_fail("eglGetCurrentSurface does not report draw A / read B");
   surface_is(9, 7, blue, "draw A / read B: reading B before the clear");
   clear_to(green);
   surface_is(9, 7, blue, "draw A / read B: B after clearing A");

   eglMakeCurrent(dpy, b, a, ctx);
   surface_is(9, 7, green, "draw B / read A: A holds the clear");
   eglMakeCurrent(dpy, b, b, ctx);
   surface_is(9, 7, blue, "B untouched by the clear of A");
   gl_expect_error(GL_NO_ERROR, "draw/read split");

   /* eglSwapBuffers on a pbuffer: success, no effect on the pixels */
   if (!eglSwapBuffers(dpy, b))
      test_fail("eglSwapBuffers on a pbuffer: %s",
                egl_error_name(eglGetError()));
   surface_is(9, 7, blue, "pbuffer after eglSwapBuffers");
out:
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (a != EGL_NO_SURFACE)
      eglDestroySurface(dpy, a);
   if (b != EGL_NO_SURFACE)
      eglDestroySurface(dpy, b);
}

static void
test_destroy_while_current(EGLContext ctx)
{
   EGLSurface s = make_pbuffer(6, 5);
   if (s == EGL_NO_SURFACE)
      return;
   eglMakeCurrent(dpy, s, s, ctx);
   const uint8_t c1[4] = { 10, 20, 30, 255 };
   clear_to(c1);
   /* EGL 1.5, 3.5.6: destruction is deferred while the surface is
    * current; it stays usable until released. */
   if (!eglDestroySurface(dpy, s))
      test_fail("eglDestroySurface on the current surface: %s",
                egl_error_name(eglGetError()));
   surface_is(6, 5, c1, "destroyed-but-current surface, before a clear");
   const uint8_t c2[4] = { 200, 100, 50, 255 };
   clear_to(c2);
   surface_is(6, 5, c2, "destroyed-but-current surface, after a clear");
   gl_expect_error(GL_NO_ERROR, "using a destroyed-but-current surface");
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT))
      test_fail("releasing a destroyed surface: %s",
                egl_error_name(eglGetError()));
}

static void
test_shared_context(EGLContext ctx)
{
   EGLContext shared = eglCreateContext(dpy, cfg, ctx, NULL);
   if (shared == EGL_NO_CONTEXT) {
      test_fail("eglCreateContext sharing with another GL context: %s",
                egl_error_name(eglGetError()));
      return;
   }
   EGLSurface s = make_pbuffer(4, 4);
   if (s != EGL_NO_SURFACE) {
      if (!eglMakeCurrent(dpy, s, s, shared))
         test_fail("eglMakeCurrent(shared context): %s",
                   egl_error_name(eglGetError()));
      const uint8_t c[4] = { 1, 2, 3, 4 };
      clear_to(c);
      surface_is(4, 4, c, "shared context");
      gl_expect_error(GL_NO_ERROR, "shared context");
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroySurface(dpy, s);
   }
   eglDestroyContext(dpy, shared);
}

#define THREADS 2
#define ROUNDS 200

struct worker {
   int index;
   int failures;
   char message[256];
};

static void *
worker_main(void *arg)
{
   struct worker *wk = arg;
   const int w = 13 + wk->index, h = 11;
   if (!eglBindAPI(EGL_OPENGL_API)) {
      snprintf(wk->message, sizeof(wk->message), "eglBindAPI failed");
      wk->failures++;
      return NULL;
   }
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   const EGLint attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, attribs);
   if (ctx == EGL_NO_CONTEXT || s == EGL_NO_SURFACE ||
       !eglMakeCurrent(dpy, s, s, ctx)) {
      snprintf(wk->message, sizeof(wk->message),
               "thread %d: context/pbuffer/bind failed: %s", wk->index,
               egl_error_name(eglGetError()));
      wk->failures++;
      goto out;
   }
   if (!glGetString(GL_VERSION)) {
      snprintf(wk->message, sizeof(wk->message),
               "thread %d: glGetString(GL_VERSION) is NULL", wk->index);
      wk->failures++;
      goto out;
   }
   uint8_t *px = malloc((size_t)w * h * 4);
   if (!px)
      goto out;
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (int r = 0; r < ROUNDS && !wk->failures; r++) {
      uint8_t c[4] = { (uint8_t)(wk->index * 100 + 7), (uint8_t)r,
                       (uint8_t)(255 - r), 255 };
      glClearColor(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      memset(px, SENTINEL, (size_t)w * h * 4);
      glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
      for (int i = 0; i < w * h; i++) {
         bool ok = true;
         for (int k = 0; k < 4; k++)
            if (abs((int)px[i * 4 + k] - (int)c[k]) > 1)
               ok = false;
         if (!ok) {
            snprintf(wk->message, sizeof(wk->message),
                     "thread %d round %d: pixel (%d,%d) is %u,%u,%u,%u, "
                     "expected %u,%u,%u,%u", wk->index, r, i % w, i / w,
                     px[i * 4], px[i * 4 + 1], px[i * 4 + 2], px[i * 4 + 3],
                     c[0], c[1], c[2], c[3]);
            wk->failures++;
            break;
         }
      }
      GLenum err = glGetError();
      if (err != GL_NO_ERROR && !wk->failures) {
         snprintf(wk->message, sizeof(wk->message),
                  "thread %d round %d: %s", wk->index, r, gl_error_name(err));
         wk->failures++;
      }
   }
   free(px);
out:
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (s != EGL_NO_SURFACE)
      eglDestroySurface(dpy, s);
   if (ctx != EGL_NO_CONTEXT)
      eglDestroyContext(dpy, ctx);
   eglReleaseThread();
   return NULL;
}

static void
test_threads(void)
{
   pthread_t tids[THREADS];
   struct worker workers[THREADS];
   memset(workers, 0, sizeof(workers));
   for (int i = 0; i < THREADS; i++) {
      workers[i].index = i;
      if (pthread_create(&tids[i], NULL, worker_main, &workers[i]) != 0) {
         test_fail("pthread_create failed");
         return;
      }
   }
   for (int i = 0; i < THREADS; i++) {
      pthread_join(tids[i], NULL);
      if (workers[i].failures)
         test_fail("%s", workers[i].message);
   }
}

int
main(void)
{
   dpy = egl_test_display();
   if (dpy == EGL_NO_DISPLAY)
      return TEST_FAIL;
   cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 0, 0);
   if (!cfg) {
      printf("no RGBA8888 pbuffer config\n");
      eglTerminate(dpy);
      return TEST_SKIP;
   }
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (ctx == EGL_NO_CONTEXT) {
      printf("eglCreateContext: %s\n", egl_error_name(eglGetError()));
      eglTerminate(dpy);
      return TEST_FAIL;
   }

   test_sizes(ctx);
   test_draw_read_split(ctx);
   test_destroy_while_current(ctx);
   test_shared_context(ctx);
   test_threads();

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   eglReleaseThread();
   return test_finish("egl-surfaces");
}
