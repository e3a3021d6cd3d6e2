/*
 * OpenGL ES 1.1 through Mesa's libEGL and libGLESv1_CM: an ES 1 context on
 * a pbuffer, its version string, fixed-point entry points (glClearColorx,
 * glOrthox, glColor4x, glTranslatex, GL_FIXED vertex arrays, glGetFixedv),
 * a drawn and read-back triangle, a paletted compressed texture (required
 * by ES 1.1), and ES error rules (glTexImage2D's
 * internalformat must equal its format).  Skips (77) when the driver
 * refuses ES 1 contexts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES/gl.h>

#define W 32
#define H 32
#define FX(f) ((GLfixed)((f) * 65536.0))

static int failures;

static void
fail(const char *what, const char *detail)
{
   printf("FAIL: %s: %s\n", what, detail);
   failures++;
}

static void
expect_error(GLenum want, const char *what)
{
   GLenum e = glGetError();
   if (e != want) {
      char buf[64];
      snprintf(buf, sizeof buf, "GL error 0x%04x, expected 0x%04x", e, want);
      fail(what, buf);
   }
   while (glGetError() != GL_NO_ERROR)
      ;
}

static void
expect_pixel(int x, int y, const unsigned want[4], unsigned tol, const char *what)
{
   GLubyte p[4] = { 0, 0, 0, 0 };
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   for (int i = 0; i < 4; i++) {
      int d = (int)p[i] - (int)want[i];
      if (d < -(int)tol || d > (int)tol) {
         char buf[96];
         snprintf(buf, sizeof buf, "(%d,%d) is %u,%u,%u,%u, expected %u,%u,%u,%u +-%u", x, y,
                  p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3], tol);
         fail(what, buf);
         return;
      }
   }
}

int
main(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!gpd)
      return 77;
   EGLDisplay dpy = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      printf("no surfaceless display\n");
      return 1;
   }
   const EGLint cattr[] = { EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                            EGL_ALPHA_SIZE, 8, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, EGL_NONE };
   EGLConfig cfg;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, cattr, &cfg, 1, &n) || n < 1) {
      printf("SKIP: no ES 1 pbuffer config\n");
      eglTerminate(dpy);
      return 77;
   }
   eglBindAPI(EGL_OPENGL_ES_API);
   const EGLint xattr[] = { EGL_CONTEXT_CLIENT_VERSION, 1, EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, xattr);
   if (ctx == EGL_NO_CONTEXT) {
      printf("SKIP: ES 1 context refused (0x%x)\n", eglGetError());
      eglTerminate(dpy);
      return 77;
   }
   const EGLint pattr[] = { EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pattr);
   if (surf == EGL_NO_SURFACE || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("FAIL: pbuffer / make current\n");
      return 1;
   }

   const char *ver = (const char *)glGetString(GL_VERSION);
   const char *ren = (const char *)glGetString(GL_RENDERER);
   printf("GL_VERSION %s, GL_RENDERER %s\n", ver ? ver : "(null)", ren ? ren : "(null)");
   const char *expect_renderer = getenv("PONY_EXPECT_RENDERER");
   if (expect_renderer && (!ren || strncmp(ren, expect_renderer, strlen(expect_renderer))))
      fail("renderer", "not the expected driver");
   if (!ver || strncmp(ver, "OpenGL ES-CM 1.", 15))
      fail("GL_VERSION", "does not start with \"OpenGL ES-CM 1.\"");

   /* clear with fixed-point values */
   glViewport(0, 0, W, H);
   glClearColorx(FX(0.25), FX(0.5), FX(0.75), FX(1.0));
   glClear(GL_COLOR_BUFFER_BIT);
   expect_error(GL_NO_ERROR, "glClearColorx/glClear");
   static const unsigned clear_want[4] = { 64, 128, 191, 255 };
   expect_pixel(0, 0, clear_want, 1, "clear");

   /* a triangle covering the lower-left half, fixed-point everything */
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrthox(0, FX(W), 0, FX(H), FX(-1), FX(1));
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glTranslatex(FX(0), FX(0), FX(0));
   static const GLfixed tri[] = { 0, 0, FX(W), 0, 0, FX(H) };
   glEnableClientState(GL_VERTEX_ARRAY);
   glVertexPointer(2, GL_FIXED, 0, tri);
   glColor4x(FX(1.0), 0, 0, FX(1.0));
   glDrawArrays(GL_TRIANGLES, 0, 3);
   expect_error(GL_NO_ERROR, "fixed-point triangle");
   static const unsigned red[4] = { 255, 0, 0, 255 };
   expect_pixel(2, 2, red, 1, "inside the triangle");
   expect_pixel(W - 2, H - 2, clear_want, 1, "outside the triangle");

   /* glGetFixedv: a float state and an enum state */
   GLfixed v[4] = { 0, 0, 0, 0 };
   glLineWidthx(FX(2.0));
   glGetFixedv(GL_LINE_WIDTH, v);
   if (v[0] != FX(2.0))
      fail("glGetFixedv(GL_LINE_WIDTH)", "not 2.0");
   glGetFixedv(GL_MATRIX_MODE, v);
   if (v[0] != GL_MODELVIEW * 65536)
      fail("glGetFixedv(GL_MATRIX_MODE)", "not GL_MODELVIEW as s15.16");
   expect_error(GL_NO_ERROR, "glGetFixedv");

   /* ES rule: internalformat must equal format */
   GLuint tex;
   GLubyte texel[4] = { 1, 2, 3, 4 };
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D internalformat != format");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   expect_error(GL_NO_ERROR, "glTexImage2D RGBA");
   /* OES_compressed_paletted_texture (required by ES 1.1): a 2x2 PALETTE4_RGBA8
    * image, indices 0 1 / 2 3 (high nibble first), drawn over the whole surface */
   static const GLubyte paletted[16 * 4 + 2] = {
      255, 0, 0, 255,   0, 255, 0, 255,   0, 0, 255, 255,   255, 255, 0, 255,
      [64] = 0x01, [65] = 0x23,
   };
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_PALETTE4_RGBA8_OES, 2, 2, 0,
                          (GLsizei)sizeof paletted, paletted);
   expect_error(GL_NO_ERROR, "glCompressedTexImage2D(PALETTE4_RGBA8)");
   glTexParameterx(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameterx(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexEnvx(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glEnable(GL_TEXTURE_2D);
   static const GLfixed quad[] = { 0, 0, FX(W), 0, 0, FX(H), FX(W), FX(H) };
   static const GLfixed uv[] = { 0, 0, FX(1), 0, 0, FX(1), FX(1), FX(1) };
   glVertexPointer(2, GL_FIXED, 0, quad);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glTexCoordPointer(2, GL_FIXED, 0, uv);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_TEXTURE_2D);
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   expect_error(GL_NO_ERROR, "paletted texture draw");
   /* row 0 of the image (t = 0) is the bottom: indices 0 1, then 2 3 */
   static const unsigned pal[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 },
   };
   expect_pixel(4, 4, pal[0], 0, "paletted texel 0");
   expect_pixel(W - 4, 4, pal[1], 0, "paletted texel 1");
   expect_pixel(4, H - 4, pal[2], 0, "paletted texel 2");
   expect_pixel(W - 4, H - 4, pal[3], 0, "paletted texel 3");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_PALETTE4_RGBA8_OES, 2, 2, 0, 10, paletted);
   expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D with too little data");

   /* desktop-only capability */
   glEnable(0x0DE0 /* GL_TEXTURE_1D */);
   expect_error(GL_INVALID_ENUM, "glEnable(GL_TEXTURE_1D)");
   glDeleteTextures(1, &tex);

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   eglReleaseThread();
   printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
