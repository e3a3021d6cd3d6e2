/*
 * EGLImages of GL objects through Mesa's libEGL (EGL_KHR_gl_texture_2D_image,
 * EGL_KHR_gl_texture_cubemap_image, EGL_KHR_gl_renderbuffer_image) and
 * their use as GL_OES_EGL_image targets.
 *
 * An EGLImage is a sibling of the object it was made from: the checks draw
 * or upload into one sibling and read the other (glGetTexImage, glReadPixels
 * of an FBO, and sampling in a textured quad), against texel values the test
 * computes from its own data.  Also: a non-zero mipmap level and a cube face
 * as images, respecification orphaning the image, and the EGL and GL errors
 * of bad names, levels, incomplete textures, attributes and targets.
 *
 * Runs through Mesa's libEGL (suite egl) and Pony's own (egl-vendor);
 * skips where a display lacks the extensions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 16
#define H 16

static PFNEGLCREATEIMAGEKHRPROC CreateImageKHR;
static PFNEGLDESTROYIMAGEKHRPROC DestroyImageKHR;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC ImageTargetTexture2D;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC ImageTargetRenderbufferStorage;
static PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
static PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
static PFNGLDELETEFRAMEBUFFERSPROC DeleteFramebuffers;
static PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D;
static PFNGLFRAMEBUFFERRENDERBUFFERPROC FramebufferRenderbuffer;
static PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus;
static PFNGLGENRENDERBUFFERSPROC GenRenderbuffers;
static PFNGLBINDRENDERBUFFERPROC BindRenderbuffer;
static PFNGLDELETERENDERBUFFERSPROC DeleteRenderbuffers;
static PFNGLRENDERBUFFERSTORAGEPROC RenderbufferStorage;

static EGLDisplay dpy;
static EGLContext ctx;

static bool has_ext(const char *list, const char *name);

/* core name, else the EXT one */
static void *
proc(const char *name)
{
   void *p = (void *)eglGetProcAddress(name);
   if (!p) {
      char ext[96];
      snprintf(ext, sizeof(ext), "%sEXT", name);
      p = (void *)eglGetProcAddress(ext);
   }
   if (!p)
      test_fail("no %s", name);
   return p;
}

static bool
load(void)
{
   CreateImageKHR = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
   DestroyImageKHR = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
   ImageTargetTexture2D =
      (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   ImageTargetRenderbufferStorage = (PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)
      eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
   GenFramebuffers = (PFNGLGENFRAMEBUFFERSPROC)proc("glGenFramebuffers");
   BindFramebuffer = (PFNGLBINDFRAMEBUFFERPROC)proc("glBindFramebuffer");
   DeleteFramebuffers = (PFNGLDELETEFRAMEBUFFERSPROC)proc("glDeleteFramebuffers");
   FramebufferTexture2D = (PFNGLFRAMEBUFFERTEXTURE2DPROC)proc("glFramebufferTexture2D");
   FramebufferRenderbuffer = (PFNGLFRAMEBUFFERRENDERBUFFERPROC)proc("glFramebufferRenderbuffer");
   CheckFramebufferStatus = (PFNGLCHECKFRAMEBUFFERSTATUSPROC)proc("glCheckFramebufferStatus");
   GenRenderbuffers = (PFNGLGENRENDERBUFFERSPROC)proc("glGenRenderbuffers");
   BindRenderbuffer = (PFNGLBINDRENDERBUFFERPROC)proc("glBindRenderbuffer");
   DeleteRenderbuffers = (PFNGLDELETERENDERBUFFERSPROC)proc("glDeleteRenderbuffers");
   RenderbufferStorage = (PFNGLRENDERBUFFERSTORAGEPROC)proc("glRenderbufferStorage");
   if (!CreateImageKHR || !DestroyImageKHR || !ImageTargetTexture2D ||
       !ImageTargetRenderbufferStorage) {
      test_fail("eglCreateImageKHR / glEGLImageTarget*OES missing");
      return false;
   }
   return GenFramebuffers && BindFramebuffer && DeleteFramebuffers && FramebufferTexture2D &&
          FramebufferRenderbuffer && CheckFramebufferStatus && GenRenderbuffers &&
          BindRenderbuffer && DeleteRenderbuffers && RenderbufferStorage;
}

/* A texel pattern per (seed, x, y): every level and face gets its own. */
static void
pattern(uint8_t *out, int w, int h, unsigned seed)
{
   for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
         uint8_t *p = out + (y * w + x) * 4;
         p[0] = (uint8_t)(seed * 37 + x * 29);
         p[1] = (uint8_t)(seed * 91 + y * 53);
         p[2] = (uint8_t)(200 - seed * 13 + x * y);
         p[3] = (uint8_t)(255 - seed * 7);
      }
}

static EGLImageKHR
image_of(EGLenum target, GLuint name, int level, const char *what)
{
   const EGLint attribs[] = { EGL_GL_TEXTURE_LEVEL_KHR, level, EGL_NONE };
   EGLImageKHR img = CreateImageKHR(dpy, ctx, target, (EGLClientBuffer)(uintptr_t)name,
                                    target == EGL_GL_RENDERBUFFER_KHR ? NULL : attribs);
   if (img == EGL_NO_IMAGE_KHR)
      test_fail("%s: eglCreateImageKHR failed: %s", what, egl_error_name(eglGetError()));
   return img;
}

static void
expect_image_error(EGLenum target, GLuint name, const EGLint *attribs, EGLint want,
                   const char *what)
{
   EGLImageKHR img = CreateImageKHR(dpy, ctx, target, (EGLClientBuffer)(uintptr_t)name, attribs);
   EGLint err = eglGetError();
   if (img != EGL_NO_IMAGE_KHR) {
      test_fail("%s: an image was made (expected %s)", what, egl_error_name(want));
      DestroyImageKHR(dpy, img);
   } else if (err != want) {
      test_fail("%s: %s, expected %s", what, egl_error_name(err), egl_error_name(want));
   }
}

/* The w x h texels of a 2D texture's level (bound to GL_TEXTURE_2D). */
static void
check_tex(GLuint tex, int level, const uint8_t *want, int w, int h, const char *what)
{
   uint8_t *got = malloc((size_t)w * h * 4);
   if (!got)
      return;
   fill_sentinel(got, (size_t)w * h * 4);
   reset_pack_state();
   glBindTexture(GL_TEXTURE_2D, tex);
   GLint tw = 0, th = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &tw);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_HEIGHT, &th);
   if (tw != w || th != h)
      test_fail("%s: level %d is %dx%d, expected %dx%d", what, level, tw, th, w, h);
   else {
      glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, got);
      compare_rgba8(got, want, w, h, 0, what);
   }
   gl_expect_error(GL_NO_ERROR, what);
   free(got);
}

/* The w x h pixels at the origin of the bound read framebuffer. */
static void
check_read(const uint8_t *want, int w, int h, unsigned tol, const char *what)
{
   uint8_t *got = malloc((size_t)w * h * 4);
   if (!got)
      return;
   fill_sentinel(got, (size_t)w * h * 4);
   reset_pack_state();
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, got);
   gl_expect_error(GL_NO_ERROR, what);
   compare_rgba8(got, want, w, h, tol, what);
   free(got);
}

/* Draws texture 'tex' (2D, NEAREST) over a w x h viewport of the pbuffer
 * and checks the pixels are its texels: sampling reads the shared level. */
static void
check_sampled(GLuint tex, const uint8_t *want, int w, int h, const char *what)
{
   BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, w, h);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glEnable(GL_TEXTURE_2D);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0); glVertex2f(-1, -1);
   glTexCoord2f(1, 0); glVertex2f(1, -1);
   glTexCoord2f(1, 1); glVertex2f(1, 1);
   glTexCoord2f(0, 1); glVertex2f(-1, 1);
   glEnd();
   glDisable(GL_TEXTURE_2D);
   check_read(want, w, h, 0, what);
   glViewport(0, 0, W, H);
}

static GLuint
fbo_of_texture(GLuint tex, int level, const char *what)
{
   GLuint fbo = 0;
   GenFramebuffers(1, &fbo);
   BindFramebuffer(GL_FRAMEBUFFER, fbo);
   FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level);
   GLenum st = CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      test_fail("%s: framebuffer status 0x%x", what, st);
   return fbo;
}

/* Clears [x, x+w) x [y, y+h) of the bound framebuffer and of the model
 * (mw wide) to rgba. */
static void
clear_rect(uint8_t *model, int mw, int x, int y, int w, int h, const uint8_t rgba[4])
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(x, y, w, h);
   glClearColor(rgba[0] / 255.0f, rgba[1] / 255.0f, rgba[2] / 255.0f, rgba[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   for (int j = y; j < y + h; j++)
      for (int i = x; i < x + w; i++)
         memcpy(model + (j * mw + i) * 4, rgba, 4);
}

/* A complete 8x4 mipmapped texture; its level 1 (4x2) as an image, given
 * to a second texture: both directions of sharing, sampling, orphaning. */
static void
test_texture_level(void)
{
   uint8_t l0[8 * 4 * 4], l1[4 * 2 * 4], l2[2 * 1 * 4], l3[4];
   pattern(l0, 8, 4, 1);
   pattern(l1, 4, 2, 2);
   pattern(l2, 2, 1, 3);
   pattern(l3, 1, 1, 4);
   GLuint a = 0, b = 0;
   glGenTextures(1, &a);
   glBindTexture(GL_TEXTURE_2D, a);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1);
   glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l2);
   glTexImage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l3);
   gl_expect_error(GL_NO_ERROR, "texture A");

   EGLImageKHR img = image_of(EGL_GL_TEXTURE_2D_KHR, a, 1, "image of A level 1");
   if (img == EGL_NO_IMAGE_KHR)
      return;
   glGenTextures(1, &b);
   glBindTexture(GL_TEXTURE_2D, b);
   ImageTargetTexture2D(GL_TEXTURE_2D, img);
   gl_expect_error(GL_NO_ERROR, "glEGLImageTargetTexture2DOES(A level 1)");
   check_tex(b, 0, l1, 4, 2, "B = A's level 1");
   check_sampled(b, l1, 4, 2, "B sampled");

   /* drawing into B shows in A's level 1 */
   GLuint fbo = fbo_of_texture(b, 0, "FBO of B");
   const uint8_t red[4] = { 250, 10, 20, 255 };
   clear_rect(l1, 4, 1, 0, 2, 2, red);
   BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_tex(a, 1, l1, 4, 2, "A level 1 after clearing B");
   check_tex(a, 0, l0, 8, 4, "A level 0 untouched by B's clear");

   /* uploading into A's level 1 shows in B */
   const uint8_t texel[4] = { 1, 2, 3, 4 };
   glBindTexture(GL_TEXTURE_2D, a);
   glTexSubImage2D(GL_TEXTURE_2D, 1, 3, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   memcpy(l1 + (1 * 4 + 3) * 4, texel, 4);
   check_tex(b, 0, l1, 4, 2, "B after glTexSubImage2D of A level 1");
   check_sampled(b, l1, 4, 2, "B sampled after glTexSubImage2D of A");

   /* respecifying A's level 1 orphans the image: B keeps the old texels,
    * A has the new ones, and a clear of B no longer reaches A */
   uint8_t n1[4 * 2 * 4];
   pattern(n1, 4, 2, 9);
   glBindTexture(GL_TEXTURE_2D, a);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, n1);
   check_tex(a, 1, n1, 4, 2, "A level 1 respecified");
   check_tex(a, 0, l0, 8, 4, "A level 0 kept over the respecification");
   check_tex(a, 2, l2, 2, 1, "A level 2 kept over the respecification");
   check_tex(b, 0, l1, 4, 2, "B keeps the orphaned image");
   BindFramebuffer(GL_FRAMEBUFFER, fbo);
   const uint8_t green[4] = { 5, 240, 6, 255 };
   clear_rect(l1, 4, 0, 0, 4, 2, green);
   BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_tex(b, 0, l1, 4, 2, "B cleared after orphaning");
   check_tex(a, 1, n1, 4, 2, "A level 1 not reached by B after orphaning");

   /* a level inside a texture is not a buffer: nothing to export */
   PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query =
      (PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC)eglGetProcAddress("eglExportDMABUFImageQueryMESA");
   if (export_query && has_ext(eglQueryString(dpy, EGL_EXTENSIONS),
                               "EGL_MESA_image_dma_buf_export")) {
      int fourcc = 0, planes = 0;
      if (export_query(dpy, img, &fourcc, &planes, NULL))
         test_fail("eglExportDMABUFImageQueryMESA accepted a texture's level 1");
      eglGetError();
   }
   DeleteFramebuffers(1, &fbo);
   DestroyImageKHR(dpy, img);
   /* B's storage outlives the image */
   check_tex(b, 0, l1, 4, 2, "B after eglDestroyImageKHR");
   glDeleteTextures(1, &a);
   glDeleteTextures(1, &b);
}

/* Level 0 of a texture as a renderbuffer, and respecifying the target
 * texture orphans it (the source keeps its texels). */
static void
test_texture_to_renderbuffer(void)
{
   uint8_t l0[6 * 5 * 4];
   pattern(l0, 6, 5, 5);
   GLuint a = 0, c = 0, rb = 0;
   glGenTextures(1, &a);
   glBindTexture(GL_TEXTURE_2D, a);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0);
   /* level 0 only, default (mipmap) filter: incomplete, allowed */
   EGLImageKHR img = image_of(EGL_GL_TEXTURE_2D_KHR, a, 0, "image of a level-0-only texture");
   if (img == EGL_NO_IMAGE_KHR)
      return;
   GenRenderbuffers(1, &rb);
   BindRenderbuffer(GL_RENDERBUFFER, rb);
   ImageTargetRenderbufferStorage(GL_RENDERBUFFER, img);
   gl_expect_error(GL_NO_ERROR, "glEGLImageTargetRenderbufferStorageOES(texture)");
   GLuint fbo = 0;
   GenFramebuffers(1, &fbo);
   BindFramebuffer(GL_FRAMEBUFFER, fbo);
   FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      test_fail("renderbuffer of a texture image: FBO incomplete");
   check_read(l0, 6, 5, 0, "renderbuffer reads the texture's texels");
   const uint8_t blue[4] = { 7, 8, 230, 128 };
   clear_rect(l0, 6, 2, 1, 3, 3, blue);
   BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_tex(a, 0, l0, 6, 5, "texture after clearing its renderbuffer sibling");

   /* another texture of the same image, then respecified */
   glGenTextures(1, &c);
   glBindTexture(GL_TEXTURE_2D, c);
   ImageTargetTexture2D(GL_TEXTURE_2D, img);
   check_tex(c, 0, l0, 6, 5, "second target texture");
   uint8_t n0[6 * 5 * 4];
   pattern(n0, 6, 5, 11);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, n0);
   check_tex(c, 0, n0, 6, 5, "target texture respecified");
   check_tex(a, 0, l0, 6, 5, "source untouched by the target's respecification");
   BindFramebuffer(GL_FRAMEBUFFER, fbo);
   check_read(l0, 6, 5, 0, "renderbuffer untouched by the target's respecification");
   BindFramebuffer(GL_FRAMEBUFFER, 0);

   DeleteFramebuffers(1, &fbo);
   DeleteRenderbuffers(1, &rb);
   DestroyImageKHR(dpy, img);
   glDeleteTextures(1, &a);
   glDeleteTextures(1, &c);
}

/* One face of a cube map (a layer of its resource) as a 2D texture. */
static void
test_cube_face(void)
{
   uint8_t face[6][4 * 4 * 4];
   GLuint cube = 0, t = 0;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (unsigned f = 0; f < 6; f++) {
      pattern(face[f], 4, 4, 20 + f);
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, face[f]);
   }
   gl_expect_error(GL_NO_ERROR, "cube map");
   EGLImageKHR img = image_of(EGL_GL_TEXTURE_CUBE_MAP_NEGATIVE_Y_KHR, cube, 0,
                              "image of the cube's -Y face");
   if (img == EGL_NO_IMAGE_KHR)
      return;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   ImageTargetTexture2D(GL_TEXTURE_2D, img);
   gl_expect_error(GL_NO_ERROR, "glEGLImageTargetTexture2DOES(cube face)");
   check_tex(t, 0, face[3], 4, 4, "2D texture = the cube's -Y face");
   check_sampled(t, face[3], 4, 4, "-Y face sampled as a 2D texture");
   GLuint fbo = fbo_of_texture(t, 0, "FBO of the face texture");
   const uint8_t c[4] = { 33, 66, 99, 132 };
   clear_rect(face[3], 4, 0, 2, 4, 2, c);
   BindFramebuffer(GL_FRAMEBUFFER, 0);
   uint8_t got[4 * 4 * 4];
   for (unsigned f = 0; f < 6; f++) {
      char what[64];
      snprintf(what, sizeof(what), "cube face %u after clearing the -Y sibling", f);
      fill_sentinel(got, sizeof(got));
      reset_pack_state();
      glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
      glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      compare_rgba8(got, face[f], 4, 4, 0, what);
   }
   DeleteFramebuffers(1, &fbo);
   DestroyImageKHR(dpy, img);
   glDeleteTextures(1, &t);
   glDeleteTextures(1, &cube);
}

/* Two renderbuffers of one image (piglit's clear-shared-image, smaller). */
static void
test_renderbuffers(void)
{
   GLuint rb[2] = { 0, 0 }, fbo[2] = { 0, 0 };
   GenRenderbuffers(2, rb);
   GenFramebuffers(2, fbo);
   BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 9, 7);
   EGLImageKHR img = image_of(EGL_GL_RENDERBUFFER_KHR, rb[0], 0, "image of a renderbuffer");
   if (img == EGL_NO_IMAGE_KHR)
      return;
   BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   ImageTargetRenderbufferStorage(GL_RENDERBUFFER, img);
   gl_expect_error(GL_NO_ERROR, "glEGLImageTargetRenderbufferStorageOES");
   for (int i = 0; i < 2; i++) {
      BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
      if (CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         test_fail("renderbuffer FBO %d incomplete", i);
   }
   uint8_t model[9 * 7 * 4];
   const uint8_t c0[4] = { 10, 200, 30, 255 }, c1[4] = { 150, 40, 250, 60 };
   BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   clear_rect(model, 9, 0, 0, 9, 7, c0);
   BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   check_read(model, 9, 7, 0, "second renderbuffer after clearing the first");
   clear_rect(model, 9, 3, 2, 4, 4, c1);
   BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   check_read(model, 9, 7, 0, "first renderbuffer after clearing the second");
   BindFramebuffer(GL_FRAMEBUFFER, 0);

   /* MESA_image_dma_buf_export: process memory has no dma-buf, so an
    * export gives no fd (never a made-up one) */
   PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image =
      (PFNEGLEXPORTDMABUFIMAGEMESAPROC)eglGetProcAddress("eglExportDMABUFImageMESA");
   if (export_image && has_ext(eglQueryString(dpy, EGL_EXTENSIONS),
                               "EGL_MESA_image_dma_buf_export")) {
      int fd = 12345;
      EGLint stride = 0, offset = 0;
      if (export_image(dpy, img, &fd, &stride, &offset) && fd != -1)
         test_fail("eglExportDMABUFImageMESA of process memory gave fd %d", fd);
      eglGetError();
   }
   DestroyImageKHR(dpy, img);
   DeleteFramebuffers(2, fbo);
   DeleteRenderbuffers(2, rb);
}

static void
test_errors(void)
{
   uint8_t d[4 * 4 * 4];
   pattern(d, 4, 4, 30);
   GLuint tex = 0, bad = 0, cube = 0, rb = 0;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);

   /* piglit's egl-invalid-attr: an unknown attribute */
   const EGLint junk[] = { 0xFFFF, 0, EGL_NONE };
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, tex, junk, EGL_BAD_PARAMETER, "attribute 0xFFFF");
   /* names: 0, unknown, a texture of another target */
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, 0, NULL, EGL_BAD_PARAMETER, "texture 0");
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, 4242, NULL, EGL_BAD_PARAMETER, "unknown texture");
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   for (unsigned f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, d);
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, cube, NULL, EGL_BAD_PARAMETER,
                      "a cube map as EGL_GL_TEXTURE_2D");
   expect_image_error(EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X_KHR, tex, NULL, EGL_BAD_PARAMETER,
                      "a 2D texture as a cube face");
   /* levels: one the texture does not have, one beyond any texture */
   const EGLint level1[] = { EGL_GL_TEXTURE_LEVEL_KHR, 1, EGL_NONE };
   const EGLint level20[] = { EGL_GL_TEXTURE_LEVEL_KHR, 20, EGL_NONE };
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, tex, level1, EGL_BAD_MATCH, "undefined level 1");
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, tex, level20, EGL_BAD_MATCH, "level 20");
   /* incomplete: level 1 of the wrong size; then level 0 with other levels
    * defined is refused, and so is level 1 */
   glGenTextures(1, &bad);
   glBindTexture(GL_TEXTURE_2D, bad);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, d);
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, bad, NULL, EGL_BAD_PARAMETER,
                      "level 0 of an incomplete texture with other levels");
   expect_image_error(EGL_GL_TEXTURE_2D_KHR, bad, level1, EGL_BAD_PARAMETER,
                      "level 1 of an incomplete texture");
   /* a cube map missing a face */
   GLuint cube5 = 0;
   glGenTextures(1, &cube5);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube5);
   for (unsigned f = 0; f < 5; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, d);
   expect_image_error(EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X_KHR, cube5, NULL, EGL_BAD_PARAMETER,
                      "a cube map with five faces");
   /* renderbuffers: 0, unknown, without storage */
   expect_image_error(EGL_GL_RENDERBUFFER_KHR, 0, NULL, EGL_BAD_PARAMETER, "renderbuffer 0");
   expect_image_error(EGL_GL_RENDERBUFFER_KHR, 4243, NULL, EGL_BAD_PARAMETER,
                      "unknown renderbuffer");
   GenRenderbuffers(1, &rb);
   BindRenderbuffer(GL_RENDERBUFFER, rb);
   expect_image_error(EGL_GL_RENDERBUFFER_KHR, rb, NULL, EGL_BAD_PARAMETER,
                      "renderbuffer without storage");
   gl_expect_error(GL_NO_ERROR, "error cases (GL side)");

   /* GL side: a target other than TEXTURE_2D, an image EGL does not know */
   EGLImageKHR img = image_of(EGL_GL_TEXTURE_2D_KHR, tex, 0, "image for the GL errors");
   if (img != EGL_NO_IMAGE_KHR) {
      GLuint t = 0;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      ImageTargetTexture2D(GL_TEXTURE_CUBE_MAP, img);
      gl_expect_error(GL_INVALID_ENUM, "glEGLImageTargetTexture2DOES(GL_TEXTURE_CUBE_MAP)");
      ImageTargetTexture2D(GL_TEXTURE_2D, (GLeglImageOES)(uintptr_t)0xbaadf00d);
      gl_expect_error(GL_INVALID_VALUE, "glEGLImageTargetTexture2DOES(not an image)");
      ImageTargetRenderbufferStorage(GL_RENDERBUFFER, (GLeglImageOES)(uintptr_t)0xbaadf00d);
      gl_expect_error(GL_INVALID_VALUE, "glEGLImageTargetRenderbufferStorageOES(not an image)");
      DestroyImageKHR(dpy, img);
      glDeleteTextures(1, &t);
   }
   DeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &bad);
   glDeleteTextures(1, &cube);
   glDeleteTextures(1, &cube5);
}

static bool
has_ext(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
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
   dpy = t.dpy;
   ctx = t.ctx;
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   static const char *const need[] = { "EGL_KHR_image_base", "EGL_KHR_gl_texture_2D_image",
                                       "EGL_KHR_gl_texture_cubemap_image",
                                       "EGL_KHR_gl_renderbuffer_image" };
   for (unsigned i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
      if (!has_ext(ext, need[i])) {
         printf("SKIP: the display has no %s\n", need[i]);
         egl_test_teardown(&t);
         return TEST_SKIP;
      }
   }
   if (!has_ext((const char *)glGetString(GL_EXTENSIONS), "GL_OES_EGL_image"))
      test_fail("EGL images of GL objects but no GL_OES_EGL_image");
   else if (load()) {
      test_texture_level();
      test_texture_to_renderbuffer();
      test_cube_face();
      test_renderbuffers();
      test_errors();
   }
   egl_test_teardown(&t);
   return test_finish("egl-eglimage");
}
