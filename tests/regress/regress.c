/* The regression cases' harness: see regress.h. */
#include "regress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct egl_test t;
/* libOpenGL's entry points dispatch to whichever context is current, ES 1.1
 * included (one libGLdispatch). */
#define get_error glGetError

int
regress_setup(enum regress_api api)
{
   memset(&t, 0, sizeof t);
   t.dpy = egl_test_display();
   if (t.dpy == EGL_NO_DISPLAY)
      return TEST_FAIL;
   t.config = egl_test_find_config(t.dpy, 8, 8, 8, 8, 24, 8);
   if (!t.config) {
      printf("no RGBA8888 D24S8 pbuffer config\n");
      return TEST_SKIP;
   }
   bool es = api == REGRESS_GLES1 || api == REGRESS_GLES2;
   EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, api == REGRESS_GLES2 ? 2 : 1, EGL_NONE };
   if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API)) {
      printf("eglBindAPI failed: %s\n", egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   t.ctx = eglCreateContext(t.dpy, t.config, EGL_NO_CONTEXT, es ? ctx_attribs : NULL);
   if (t.ctx == EGL_NO_CONTEXT) {
      printf("eglCreateContext(%s) failed: %s\n",
             api == REGRESS_GLES1 ? "GLES 1" : api == REGRESS_GLES2 ? "GLES 2" : "GL compat",
             egl_error_name(eglGetError()));
      return es ? TEST_SKIP : TEST_FAIL;
   }
   const EGLint attribs[] = { EGL_WIDTH, REGRESS_W, EGL_HEIGHT, REGRESS_H, EGL_NONE };
   t.surf = eglCreatePbufferSurface(t.dpy, t.config, attribs);
   if (t.surf == EGL_NO_SURFACE || !eglMakeCurrent(t.dpy, t.surf, t.surf, t.ctx)) {
      printf("pbuffer or eglMakeCurrent failed: %s\n", egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   t.width = REGRESS_W;
   t.height = REGRESS_H;
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   printf("GL_RENDERER: %s\n", renderer ? renderer : "(null)");
   const char *expect = getenv("PONY_EXPECT_RENDERER");
   if (expect && *expect && (!renderer || !strstr(renderer, expect))) {
      printf("GL_RENDERER does not contain \"%s\" (PONY_EXPECT_RENDERER)\n", expect);
      return TEST_FAIL;
   }
   while (get_error() != GL_NO_ERROR)
      ;
   return TEST_PASS;
}

void *
regress_proc(const char *name)
{
   void *p = (void *)eglGetProcAddress(name);
   if (!p) {
      printf("FAIL: eglGetProcAddress(\"%s\") returned NULL\n", name);
      exit(TEST_FAIL);
   }
   return p;
}

static bool
expect_one_of(GLenum a, GLenum b, const char *what)
{
   GLenum e = get_error();
   bool ok = e == a || e == b;
   if (!ok) {
      if (a == b)
         test_fail("%s: GL error %s, expected %s", what, gl_error_name(e), gl_error_name(a));
      else
         test_fail("%s: GL error %s, expected %s or %s", what, gl_error_name(e),
                   gl_error_name(a), gl_error_name(b));
   }
   GLenum again = get_error();
   if (again != GL_NO_ERROR) {
      test_fail("%s: a second glGetError returned %s", what, gl_error_name(again));
      ok = false;
      while (get_error() != GL_NO_ERROR)
         ;
   }
   return ok;
}

bool
regress_expect_error(GLenum expected, const char *what)
{
   return expect_one_of(expected, expected, what);
}

bool
regress_expect_error2(GLenum a, GLenum b, const char *what)
{
   return expect_one_of(a, b, what);
}

void
regress_call_list_expect(GLuint list, GLenum err, const char *what)
{
   regress_expect_error(GL_NO_ERROR, what);   /* compiling raised nothing */
   glCallList(list);
   regress_expect_error(err, what);
}

bool
regress_context_alive(const char *what)
{
   while (get_error() != GL_NO_ERROR)
      ;
   glDisable(GL_SCISSOR_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = { 0 };
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   GLenum e = get_error();
   if (e != GL_NO_ERROR || px[0] != 0 || px[1] != 255 || px[2] != 0 || px[3] != 255) {
      test_fail("%s: context no longer clears and reads back (error %s, pixel %u,%u,%u,%u)",
                what, gl_error_name(e), px[0], px[1], px[2], px[3]);
      return false;
   }
   return true;
}

int
regress_finish(const char *name)
{
   egl_test_teardown(&t);
   return test_finish(name);
}
