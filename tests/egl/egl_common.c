#include "egl_common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

void
test_fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("FAIL: ", stdout);
   vprintf(fmt, ap);
   fputc('\n', stdout);
   va_end(ap);
   fflush(stdout);
   failures++;
}

void
test_note(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("  ", stdout);
   vprintf(fmt, ap);
   fputc('\n', stdout);
   va_end(ap);
   fflush(stdout);
}

int
test_failures(void)
{
   return failures;
}

/* PONY_EXPECT_NO_MESA (the vendor route's runs): no Mesa library may be in
 * the process, read from /proc/self/maps at the end of the test. */
static void
check_no_mesa(void)
{
   static const char *const mesa[] = { "libEGL_mesa", "libGLX_mesa", "libglapi", "_dri.so",
                                       "libgallium" };
   const char *expect = getenv("PONY_EXPECT_NO_MESA");
   if (!expect || !*expect)
      return;
   FILE *f = fopen("/proc/self/maps", "r");
   if (!f) {
      test_fail("PONY_EXPECT_NO_MESA: /proc/self/maps cannot be read");
      return;
   }
   char line[1024];
   bool pony = false;
   while (fgets(line, sizeof(line), f)) {
      pony |= strstr(line, "libEGL_pony") != NULL;
      for (unsigned i = 0; i < sizeof(mesa) / sizeof(mesa[0]); i++) {
         if (strstr(line, mesa[i])) {
            line[strcspn(line, "\n")] = '\0';
            test_fail("a Mesa library is loaded: %s", line);
            break;
         }
      }
   }
   fclose(f);
   if (!pony)
      test_fail("PONY_EXPECT_NO_MESA: libEGL_pony is not loaded");
}

int
test_finish(const char *name)
{
   check_no_mesa();
   if (failures) {
      printf("%s: %d failure(s)\n", name, failures);
      return TEST_FAIL;
   }
   printf("%s: pass\n", name);
   return TEST_PASS;
}

const char *
egl_error_name(EGLint err)
{
   switch (err) {
   case EGL_SUCCESS:             return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED:     return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ACCESS:          return "EGL_BAD_ACCESS";
   case EGL_BAD_ALLOC:           return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE:       return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG:          return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT:         return "EGL_BAD_CONTEXT";
   case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
   case EGL_BAD_DISPLAY:         return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH:           return "EGL_BAD_MATCH";
   case EGL_BAD_NATIVE_PIXMAP:   return "EGL_BAD_NATIVE_PIXMAP";
   case EGL_BAD_NATIVE_WINDOW:   return "EGL_BAD_NATIVE_WINDOW";
   case EGL_BAD_PARAMETER:       return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE:         return "EGL_BAD_SURFACE";
   case EGL_CONTEXT_LOST:        return "EGL_CONTEXT_LOST";
   default:                      return "(unknown EGL error)";
   }
}

const char *
gl_error_name(GLenum err)
{
   switch (err) {
   case GL_NO_ERROR:                      return "GL_NO_ERROR";
   case GL_INVALID_ENUM:                  return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE:                 return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION:             return "GL_INVALID_OPERATION";
   case GL_STACK_OVERFLOW:                return "GL_STACK_OVERFLOW";
   case GL_STACK_UNDERFLOW:               return "GL_STACK_UNDERFLOW";
   case GL_OUT_OF_MEMORY:                 return "GL_OUT_OF_MEMORY";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   default:                               return "(unknown GL error)";
   }
}

EGLDisplay
egl_test_display(void)
{
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (!client || !strstr(client, "EGL_MESA_platform_surfaceless")) {
      printf("EGL_MESA_platform_surfaceless not offered by libEGL\n");
      return EGL_NO_DISPLAY;
   }
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!get_platform_display) {
      printf("eglGetPlatformDisplayEXT missing\n");
      return EGL_NO_DISPLAY;
   }
   EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                                         EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY) {
      printf("eglGetPlatformDisplayEXT(surfaceless) failed: %s\n",
             egl_error_name(eglGetError()));
      return EGL_NO_DISPLAY;
   }
   EGLint major, minor;
   if (!eglInitialize(dpy, &major, &minor)) {
      printf("eglInitialize failed: %s\n", egl_error_name(eglGetError()));
      return EGL_NO_DISPLAY;
   }
   return dpy;
}

EGLConfig
egl_test_find_config(EGLDisplay dpy, int r, int g, int b, int a,
                     int depth, int stencil)
{
   EGLint n = 0;
   if (!eglGetConfigs(dpy, NULL, 0, &n) || n <= 0)
      return NULL;
   EGLConfig *configs = calloc((size_t)n, sizeof(*configs));
   if (!configs)
      return NULL;
   eglGetConfigs(dpy, configs, n, &n);

   EGLConfig found = NULL;
   for (EGLint i = 0; i < n && !found; i++) {
      EGLint v[8];
      static const EGLint names[8] = {
         EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE,
         EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_SAMPLES, EGL_SURFACE_TYPE,
      };
      for (int k = 0; k < 8; k++)
         eglGetConfigAttrib(dpy, configs[i], names[k], &v[k]);
      if (v[0] == r && v[1] == g && v[2] == b && v[3] == a &&
          v[4] == depth && v[5] == stencil && v[6] == 0 &&
          (v[7] & EGL_PBUFFER_BIT))
         found = configs[i];
   }
   free(configs);
   return found;
}

int
egl_test_setup(struct egl_test *t, int w, int h, int depth, int stencil)
{
   memset(t, 0, sizeof(*t));
   t->dpy = egl_test_display();
   if (t->dpy == EGL_NO_DISPLAY)
      return TEST_FAIL;
   t->config = egl_test_find_config(t->dpy, 8, 8, 8, 8, depth, stencil);
   if (!t->config) {
      printf("no RGBA8888 pbuffer config with depth %d stencil %d\n",
             depth, stencil);
      return TEST_SKIP;
   }
   if (!eglBindAPI(EGL_OPENGL_API)) {
      printf("eglBindAPI(EGL_OPENGL_API) failed: %s\n",
             egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   t->ctx = eglCreateContext(t->dpy, t->config, EGL_NO_CONTEXT, NULL);
   if (t->ctx == EGL_NO_CONTEXT) {
      printf("eglCreateContext(GL compat) failed: %s\n",
             egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   const EGLint attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
   t->surf = eglCreatePbufferSurface(t->dpy, t->config, attribs);
   if (t->surf == EGL_NO_SURFACE) {
      printf("eglCreatePbufferSurface(%dx%d) failed: %s\n", w, h,
             egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   if (!eglMakeCurrent(t->dpy, t->surf, t->surf, t->ctx)) {
      printf("eglMakeCurrent failed: %s\n", egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   t->width = w;
   t->height = h;
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   printf("GL_RENDERER: %s\n", renderer ? renderer : "(null)");
   const char *expect = getenv("PONY_EXPECT_RENDERER");
   if (expect && *expect && (!renderer || !strstr(renderer, expect))) {
      printf("GL_RENDERER does not contain \"%s\" (PONY_EXPECT_RENDERER)\n",
             expect);
      return TEST_FAIL;
   }
   while (glGetError() != GL_NO_ERROR)
      ;
   return TEST_PASS;
}

void
egl_test_teardown(struct egl_test *t)
{
   if (t->dpy == EGL_NO_DISPLAY || !t->dpy)
      return;
   eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (t->surf)
      eglDestroySurface(t->dpy, t->surf);
   if (t->ctx)
      eglDestroyContext(t->dpy, t->ctx);
   eglTerminate(t->dpy);
   eglReleaseThread();
   memset(t, 0, sizeof(*t));
}

bool
renderer_is_llvmpipe(void)
{
   const char *r = (const char *)glGetString(GL_RENDERER);
   return r && strstr(r, "llvmpipe");
}

bool
gl_expect_error(GLenum expected, const char *what)
{
   GLenum err = glGetError();
   bool ok = err == expected;
   if (!ok)
      test_fail("%s: expected %s, got %s", what, gl_error_name(expected),
                gl_error_name(err));
   /* Implementations may keep several flags; do not let them leak into the
    * next check.  A bounded loop: a broken glGetError must not hang us. */
   for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; i++)
      ;
   return ok;
}

void
fill_sentinel(void *buf, size_t n)
{
   memset(buf, SENTINEL, n);
}

unsigned
unorm_from_float(double f, int bits)
{
   double max = (double)((1ull << bits) - 1);
   if (f < 0.0)
      f = 0.0;
   if (f > 1.0)
      f = 1.0;
   return (unsigned)floor(f * max + 0.5);
}

unsigned
unorm8_to_bits(unsigned v8, int bits)
{
   return unorm_from_float(v8 / 255.0, bits);
}

void
model_clear(uint8_t *model, int sw, int sh, int x, int y, int w, int h,
            const uint8_t rgba[4], const bool mask[4])
{
   int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   long x1 = (long)x + w, y1 = (long)y + h;
   if (x1 > sw)
      x1 = sw;
   if (y1 > sh)
      y1 = sh;
   for (int j = y0; j < y1; j++) {
      for (int i = x0; i < x1; i++) {
         uint8_t *p = model + ((size_t)j * sw + i) * 4;
         for (int c = 0; c < 4; c++) {
            if (!mask || mask[c])
               p[c] = rgba[c];
         }
      }
   }
}

int
compare_rgba8(const uint8_t *got, const uint8_t *want, int w, int h,
              unsigned tol, const char *what)
{
   int bad = 0;
   for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
         const uint8_t *g = got + ((size_t)y * w + x) * 4;
         const uint8_t *e = want + ((size_t)y * w + x) * 4;
         bool ok = true;
         for (int c = 0; c < 4; c++) {
            if ((unsigned)abs((int)g[c] - (int)e[c]) > tol)
               ok = false;
         }
         if (ok)
            continue;
         if (bad < TEST_MAX_REPORTS)
            test_fail("%s: pixel (%d,%d) is %u,%u,%u,%u, expected "
                      "%u,%u,%u,%u (+-%u)", what, x, y, g[0], g[1], g[2],
                      g[3], e[0], e[1], e[2], e[3], tol);
         bad++;
      }
   }
   if (bad > TEST_MAX_REPORTS)
      test_fail("%s: %d mismatching pixels in all", what, bad);
   return bad;
}

void
reset_pack_state(void)
{
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
}

uint8_t *
read_surface_rgba8(int w, int h)
{
   size_t n = (size_t)w * h * 4;
   uint8_t *buf = malloc(n);
   if (!buf)
      return NULL;
   fill_sentinel(buf, n);
   reset_pack_state();
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   return buf;
}
