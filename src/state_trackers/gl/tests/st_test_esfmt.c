/*
 * OpenGL ES 2.0 and 3.0 format rules (st_es_formats.c), on refpipe and
 * jitpipe: lists of legal and illegal calls written by hand from the ES
 * specifications (ES 3.0 tables 3.2, 3.3, 3.13, 3.15 and sections 3.8.3,
 * 3.8.5, 4.3.2, 4.4.2; ES 2.0 sections 3.7.1, 3.7.2, 4.3.1, 4.4.3), each
 * with the GL error it must give:
 *
 * - glTexImage2D's internalformat / format / type, glTexSubImage2D's
 *   format / type against the image's format, glTexStorage2D's sized
 *   formats (ES 3.0); OES_required_internalformat's sized formats;
 * - glRenderbufferStorage's renderable formats, integer multisample
 *   renderbuffers (ES 3.0);
 * - glCopyTexImage2D from the window's RGBA8 buffer and from R8, RGBA8UI
 *   and RGB565 renderbuffers (components, integer kind, signedness, size,
 *   encoding);
 * - glReadPixels' pairs from normalized, integer and RGB10_A2 buffers;
 * - the same calls in the desktop 3.3 context keep the desktop rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"

#define W 4
#define H 4

#ifndef GL_RGB565
#define GL_RGB565 0x8D62
#endif

struct tex_case {
   GLenum ifmt, format, type, err;
};

#define OK GL_NO_ERROR
#define OP GL_INVALID_OPERATION
#define EN GL_INVALID_ENUM
#define VA GL_INVALID_VALUE

static void
walk_teximage(const char *driver, const char *what, const struct tex_case *c, unsigned n)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   for (unsigned i = 0; i < n; i++) {
      api_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c[i].ifmt, 2, 2, 0, c[i].format, c[i].type,
                       NULL);
      GLenum got = api_glGetError();
      CHECK(got == c[i].err, "%s: %s glTexImage2D(0x%x, 0x%x, 0x%x): error 0x%x, expected 0x%x",
            driver, what, c[i].ifmt, c[i].format, c[i].type, got, c[i].err);
   }
   api_glDeleteTextures(1, &t);
}

/* sub-image cases: c[i].ifmt is the image's format (made with the first
 * legal format/type of it), format / type the sub-image's */
static void
walk_texsubimage(const char *driver, const char *what, const struct tex_case *c, unsigned n,
                 GLenum img_format, GLenum img_type)
{
   static const uint8_t zero[64];
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   for (unsigned i = 0; i < n; i++) {
      api_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c[i].ifmt, 2, 2, 0, img_format, img_type, NULL);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, c[i].format, c[i].type, zero);
      GLenum got = api_glGetError();
      CHECK(got == c[i].err,
            "%s: %s glTexSubImage2D of 0x%x with (0x%x, 0x%x): error 0x%x, expected 0x%x",
            driver, what, c[i].ifmt, c[i].format, c[i].type, got, c[i].err);
   }
   api_glDeleteTextures(1, &t);
}

struct fmt_case {
   GLenum ifmt, err;
};

static void
walk_storage(const char *driver, const struct fmt_case *c, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      GLuint t;
      api_glGenTextures(1, &t);
      api_glBindTexture(GL_TEXTURE_2D, t);
      api_glTexStorage2D(GL_TEXTURE_2D, 1, c[i].ifmt, 4, 4);
      GLenum got = api_glGetError();
      CHECK(got == c[i].err, "%s: glTexStorage2D(0x%x): error 0x%x, expected 0x%x", driver,
            c[i].ifmt, got, c[i].err);
      api_glDeleteTextures(1, &t);
   }
}

static void
walk_renderbuffer(const char *driver, const char *what, const struct fmt_case *c, unsigned n)
{
   GLuint rb;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   for (unsigned i = 0; i < n; i++) {
      api_glRenderbufferStorage(GL_RENDERBUFFER, c[i].ifmt, 4, 4);
      GLenum got = api_glGetError();
      CHECK(got == c[i].err, "%s: %s glRenderbufferStorage(0x%x): error 0x%x, expected 0x%x",
            driver, what, c[i].ifmt, got, c[i].err);
   }
   api_glDeleteRenderbuffers(1, &rb);
}

/* glCopyTexImage2D cases from the bound read framebuffer */
static void
walk_copy(const char *driver, const char *what, const struct fmt_case *c, unsigned n)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   for (unsigned i = 0; i < n; i++) {
      api_glCopyTexImage2D(GL_TEXTURE_2D, 0, c[i].ifmt, 0, 0, 2, 2, 0);
      GLenum got = api_glGetError();
      CHECK(got == c[i].err, "%s: %s glCopyTexImage2D(0x%x): error 0x%x, expected 0x%x",
            driver, what, c[i].ifmt, got, c[i].err);
   }
   api_glDeleteTextures(1, &t);
}

struct read_case {
   GLenum format, type, err;
};

static void
walk_read(const char *driver, const char *what, const struct read_case *c, unsigned n)
{
   uint8_t buf[64];
   for (unsigned i = 0; i < n; i++) {
      api_glReadPixels(0, 0, 1, 1, c[i].format, c[i].type, buf);
      GLenum got = api_glGetError();
      CHECK(got == c[i].err, "%s: %s glReadPixels(0x%x, 0x%x): error 0x%x, expected 0x%x",
            driver, what, c[i].format, c[i].type, got, c[i].err);
   }
}

/* An FBO whose colour attachment is a renderbuffer of ifmt; 0 when it is
 * not complete (the caller skips its cases). */
static GLuint
rb_fbo(const char *driver, GLenum ifmt, GLuint *rb)
{
   GLuint fb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glGenRenderbuffers(1, rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, *rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, ifmt, W, H);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
   GLenum st = api_glCheckFramebufferStatus(GL_FRAMEBUFFER);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(st == GL_FRAMEBUFFER_COMPLETE, "%s: FBO of 0x%x: status 0x%x", driver, ifmt, st);
   if (st != GL_FRAMEBUFFER_COMPLETE) {
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      api_glDeleteFramebuffers(1, &fb);
      api_glDeleteRenderbuffers(1, rb);
      return 0;
   }
   return fb;
}

static void
rb_fbo_done(GLuint fb, GLuint rb)
{
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- ES 3.0 ------------------------------------------------------------------ */

static const struct tex_case es3_tex[] = {
   /* table 3.2 */
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OK },
   { GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, OK },
   { GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, OK },
   { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, OK },
   { GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, OK },
   { GL_RGBA16F, GL_RGBA, GL_FLOAT, OK },
   { GL_RGBA32F, GL_RGBA, GL_FLOAT, OK },
   { GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, OK },
   { GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, OK },
   { GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, OK },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, OK },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, OK },
   { GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, OK },
   { GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, OK },
   { GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, OK },
   { GL_RGB9_E5, GL_RGB, GL_FLOAT, OK },
   { GL_RGB32I, GL_RGB_INTEGER, GL_INT, OK },
   { GL_RG8, GL_RG, GL_UNSIGNED_BYTE, OK },
   { GL_RG16F, GL_RG, GL_FLOAT, OK },
   { GL_RG8I, GL_RG_INTEGER, GL_BYTE, OK },
   { GL_R8, GL_RED, GL_UNSIGNED_BYTE, OK },
   { GL_R8_SNORM, GL_RED, GL_BYTE, OK },
   { GL_R32F, GL_RED, GL_FLOAT, OK },
   { GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, OK },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, OK },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OK },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OK },
   { GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, OK },
   { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, OK },
   { GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, OK },
   /* table 3.3 and OES_depth_texture */
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, OK },
   { GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, OK },
   { GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, OK },
   /* OES_required_internalformat */
   { GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, OK },
   { GL_ALPHA8, GL_ALPHA, GL_FLOAT, OP },
   { GL_LUMINANCE8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, OP },
   /* combinations the tables lack */
   { GL_RGBA8, GL_RGBA, GL_FLOAT, OP },
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OP },
   { GL_RGBA8, GL_RGB, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA32F, GL_RGBA, GL_HALF_FLOAT, OP },
   { GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA8UI, GL_RGBA_INTEGER, GL_BYTE, OP },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, OP },
   { GL_RGB8I, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, OP },
   { GL_R8, GL_RED, GL_BYTE, OP },
   { GL_R16F, GL_RED, GL_UNSIGNED_BYTE, OP },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, OP },
   { GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OP },
   { GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OP },
   { GL_RGB, GL_RGBA, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_RGBA, GL_FLOAT, OP },             /* OES_texture_float is not offered */
   { GL_LUMINANCE, GL_LUMINANCE, GL_HALF_FLOAT, OP },
   { GL_RGBA, GL_RGBA, GL_BYTE, OP },
   /* internal formats ES does not have */
   { GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, VA },
   { GL_INTENSITY, GL_RGBA, GL_UNSIGNED_BYTE, VA },
   { GL_LUMINANCE16, GL_LUMINANCE, GL_UNSIGNED_BYTE, VA },
   { 4, GL_RGBA, GL_UNSIGNED_BYTE, VA },
   /* formats and types ES does not have */
   { GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, EN },
   { GL_RGB8, GL_BGR, GL_UNSIGNED_BYTE, EN },
   { GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE_3_3_2, EN },
   { GL_RGBA32F, GL_RGBA, GL_DOUBLE, EN },
};

/* images of these formats, then sub-images */
static const struct tex_case es3_sub_rgba8[] = {
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OP },
   { GL_RGBA8, GL_RGB, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA8, GL_RGBA, GL_FLOAT, OP },
   { GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, EN },
};
static const struct tex_case es3_sub_rgba[] = {
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OK },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, OK },
   { GL_RGBA, GL_RGB, GL_UNSIGNED_BYTE, OP },
};
static const struct tex_case es3_sub_rgba16f[] = {
   { GL_RGBA16F, GL_RGBA, GL_FLOAT, OK },
   { GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, OK },
   { GL_RGBA16F, GL_RGBA, GL_UNSIGNED_BYTE, OP },
};

static const struct fmt_case es3_storage[] = {
   { GL_RGBA8, OK }, { GL_RGB565, OK }, { GL_R11F_G11F_B10F, OK }, { GL_RG32UI, OK },
   { GL_DEPTH24_STENCIL8, OK }, { GL_DEPTH_COMPONENT32F, OK },
   { GL_COMPRESSED_RGB8_ETC2, OK },
   { GL_RGBA, EN }, { GL_DEPTH_COMPONENT, EN }, { GL_RGBA16, EN }, { GL_ALPHA8, EN },
   { GL_LUMINANCE8_ALPHA8, EN }, { GL_RGB10, EN },
};

static const struct fmt_case es3_rb[] = {
   { GL_RGBA8, OK }, { GL_RGB8, OK }, { GL_RGB565, OK }, { GL_RGBA4, OK }, { GL_RGB5_A1, OK },
   { GL_RGB10_A2, OK }, { GL_RGB10_A2UI, OK }, { GL_SRGB8_ALPHA8, OK }, { GL_R8, OK },
   { GL_RG8, OK }, { GL_R32I, OK }, { GL_RG16UI, OK }, { GL_RGBA8I, OK },
   { GL_DEPTH_COMPONENT16, OK }, { GL_DEPTH_COMPONENT24, OK }, { GL_DEPTH_COMPONENT32F, OK },
   { GL_DEPTH24_STENCIL8, OK }, { GL_DEPTH32F_STENCIL8, OK }, { GL_STENCIL_INDEX8, OK },
   /* not renderable in ES 3.0 (no EXT_color_buffer_float here) */
   { GL_RGBA, EN }, { GL_RGB, EN }, { GL_SRGB8, EN }, { GL_RGB8UI, EN }, { GL_R8_SNORM, EN },
   { GL_RGBA16F, EN }, { GL_R32F, EN }, { GL_R11F_G11F_B10F, EN }, { GL_RGBA16, EN },
   { GL_ALPHA8, EN }, { GL_LUMINANCE8, EN }, { GL_DEPTH_COMPONENT32, EN },
};

/* the window's buffer: B8G8R8A8_UNORM (st_test_fb.h) */
static const struct fmt_case es3_copy_window[] = {
   { GL_RGBA, OK }, { GL_RGB, OK }, { GL_ALPHA, OK }, { GL_LUMINANCE, OK },
   { GL_LUMINANCE_ALPHA, OK }, { GL_RGBA8, OK }, { GL_RGB8, OK }, { GL_RGB565, OK },
   { GL_RGBA4, OK }, { GL_RGB5_A1, OK }, { GL_RGB10_A2, OK }, { GL_R8, OK }, { GL_RG8, OK },
   { GL_SRGB8_ALPHA8, OP }, { GL_SRGB8, OP },          /* linear buffer */
   { GL_RGBA8UI, OP }, { GL_R32I, OP },                /* normalized buffer */
   { GL_RGBA32F, OP }, { GL_R16F, OP }, { GL_RGBA8_SNORM, OP }, { GL_DEPTH_COMPONENT16, OP },
   { GL_RGB8UI, OP },                                  /* not a copy format */
   { GL_RGBA16, EN }, { 0x1234, EN },
};

static const struct fmt_case es3_copy_r8[] = {
   { GL_R8, OK }, { GL_LUMINANCE, OK },
   { GL_RG8, OP }, { GL_RGB, OP }, { GL_RGBA, OP }, { GL_ALPHA, OP }, { GL_LUMINANCE_ALPHA, OP },
};

static const struct fmt_case es3_copy_rgba8ui[] = {
   { GL_RGBA8UI, OK }, { GL_R8UI, OK }, { GL_RG8UI, OK },
   { GL_RGBA8I, OP },       /* signedness */
   { GL_RGBA16UI, OP },     /* component size */
   { GL_R32UI, OP },
   { GL_RGBA, OP }, { GL_RGBA8, OP },   /* integer into normalized */
};

static const struct read_case es3_read_window[] = {
   { GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA, GL_FLOAT, OP }, { GL_RGB, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OP }, { GL_RGBA_INTEGER, GL_UNSIGNED_INT, OP },
   { GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, OP }, { GL_LUMINANCE, GL_UNSIGNED_BYTE, OP },
   { GL_BGRA, GL_UNSIGNED_BYTE, EN }, { GL_RGBA, GL_DOUBLE, EN },
};
static const struct read_case es3_read_rgba8ui[] = {
   { GL_RGBA_INTEGER, GL_UNSIGNED_INT, OK },
   { GL_RGBA_INTEGER, GL_INT, OP }, { GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_UNSIGNED_BYTE, OP }, { GL_RGB_INTEGER, GL_UNSIGNED_INT, OP },
};
static const struct read_case es3_read_rgba8i[] = {
   { GL_RGBA_INTEGER, GL_INT, OK }, { GL_RGBA_INTEGER, GL_UNSIGNED_INT, OP },
};
static const struct read_case es3_read_rgb10a2[] = {
   { GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, OK }, { GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA, GL_FLOAT, OP },
};

static void
test_es3(struct test_env *e, const char *driver)
{
   struct st_context *ctx = test_es_context(e, 3, NULL);
   CHECK(ctx != NULL, "%s: an ES 3.0 context", driver);
   if (!ctx)
      return;
   CHECK(test_get_int(GL_MAJOR_VERSION) == 3, "%s: ES 3", driver);
   walk_teximage(driver, "ES 3.0", es3_tex, N(es3_tex));
   walk_texsubimage(driver, "ES 3.0", es3_sub_rgba8, N(es3_sub_rgba8), GL_RGBA, GL_UNSIGNED_BYTE);
   walk_texsubimage(driver, "ES 3.0", es3_sub_rgba, N(es3_sub_rgba), GL_RGBA, GL_UNSIGNED_BYTE);
   walk_texsubimage(driver, "ES 3.0", es3_sub_rgba16f, N(es3_sub_rgba16f), GL_RGBA, GL_FLOAT);
   walk_storage(driver, es3_storage, N(es3_storage));
   walk_renderbuffer(driver, "ES 3.0", es3_rb, N(es3_rb));

   /* integer multisample renderbuffers: GL_INVALID_OPERATION (ES 3.0 4.4.2) */
   GLint max_samples = test_get_int(GL_MAX_SAMPLES);
   if (max_samples >= 2) {
      GLuint rb;
      api_glGenRenderbuffers(1, &rb);
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
      api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8UI, 4, 4);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, 4, 4);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glDeleteRenderbuffers(1, &rb);
   }

   walk_copy(driver, "ES 3.0 window", es3_copy_window, N(es3_copy_window));
   walk_read(driver, "ES 3.0 window", es3_read_window, N(es3_read_window));
   GLuint rb, fb = rb_fbo(driver, GL_R8, &rb);
   if (fb) {
      walk_copy(driver, "ES 3.0 R8", es3_copy_r8, N(es3_copy_r8));
      rb_fbo_done(fb, rb);
   }
   fb = rb_fbo(driver, GL_RGBA8UI, &rb);
   if (fb) {
      walk_copy(driver, "ES 3.0 RGBA8UI", es3_copy_rgba8ui, N(es3_copy_rgba8ui));
      walk_read(driver, "ES 3.0 RGBA8UI", es3_read_rgba8ui, N(es3_read_rgba8ui));
      rb_fbo_done(fb, rb);
   }
   fb = rb_fbo(driver, GL_RGBA8I, &rb);
   if (fb) {
      walk_read(driver, "ES 3.0 RGBA8I", es3_read_rgba8i, N(es3_read_rgba8i));
      rb_fbo_done(fb, rb);
   }
   fb = rb_fbo(driver, GL_RGB10_A2, &rb);
   if (fb) {
      walk_read(driver, "ES 3.0 RGB10_A2", es3_read_rgb10a2, N(es3_read_rgb10a2));
      rb_fbo_done(fb, rb);
   }
   /* the legal combinations work: an RGB565 texture sampled back through
    * an FBO read (its texel, 5/6/5 bits, to RGBA8) */
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   static const uint16_t texel565[4] = { 0xf800, 0xf800, 0xf800, 0xf800 };   /* red */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 2, 2, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
                    texel565);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   GLubyte px[4] = { 1, 2, 3, 4 };
   api_glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0 && px[3] == 255,
         "%s: RGB565 texel read as %u,%u,%u,%u", driver, px[0], px[1], px[2], px[3]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteTextures(1, &t);

   test_es_context_done(e, ctx);
}

/* ---- ES 2.0 ------------------------------------------------------------------ */

static const struct tex_case es2_tex[] = {
   /* table 3.4: internalformat == format */
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OK },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, OK },
   { GL_RGB, GL_RGB, GL_UNSIGNED_BYTE, OK },
   { GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, OK },
   { GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, OK },
   { GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, OK },
   /* OES_depth_texture */
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, OK },
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OK },
   /* internalformat != format, or a type the format lacks */
   { GL_RGB, GL_RGBA, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_RGB, GL_UNSIGNED_BYTE, OP },
   { GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, OP },
   { GL_ALPHA, GL_LUMINANCE, GL_UNSIGNED_BYTE, OP },
   { GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, OP },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, OP },
   { GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_SHORT_5_5_5_1, OP },
   { GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT, OP },
   /* OES_required_internalformat's sized formats */
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OK },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, OK },
   { GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, OK },
   { GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, OK },
   { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, OK },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OK },
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OP },
   { GL_RGB565, GL_RGBA, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA4, GL_RGB, GL_UNSIGNED_BYTE, OP },
   { GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, OP },
   /* ES 3.0's or desktop sized formats */
   { GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, VA },
   { GL_RGBA16, GL_RGBA, GL_UNSIGNED_BYTE, VA },
   { GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_BYTE, VA },
   /* formats and types of ES 3.0 / desktop only */
   { GL_RED, GL_RED, GL_UNSIGNED_BYTE, EN },
   { GL_RGBA, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, EN },
   { GL_RGBA, GL_BGRA, GL_UNSIGNED_BYTE, EN },
   { GL_RGBA, GL_RGBA, GL_FLOAT, EN },
   { GL_RGBA, GL_RGBA, GL_HALF_FLOAT, EN },
   { GL_RGBA, GL_RGBA, GL_BYTE, EN },
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, EN },
};

static const struct tex_case es2_sub_rgba[] = {
   { GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OK },
   { GL_RGBA, GL_RGB, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_ALPHA, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_RGBA, GL_FLOAT, EN },
};
static const struct tex_case es2_sub_rgba8[] = {
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OP },
};

static const struct fmt_case es2_rb[] = {
   { GL_RGBA4, OK }, { GL_RGB5_A1, OK }, { GL_RGB565, OK }, { GL_DEPTH_COMPONENT16, OK },
   { GL_STENCIL_INDEX8, OK },
   { GL_RGB8, OK }, { GL_RGBA8, OK },        /* OES_rgb8_rgba8 */
   { GL_DEPTH_COMPONENT24, OK },            /* OES_depth24 */
   { GL_RGBA, EN }, { GL_RGB, EN }, { GL_R8, EN }, { GL_RG8, EN }, { GL_RGB10_A2, EN },
   { GL_SRGB8_ALPHA8, EN }, { GL_RGBA8UI, EN }, { GL_DEPTH_COMPONENT32F, EN },
   { GL_RGBA16, EN },
};

static const struct fmt_case es2_copy_window[] = {
   { GL_RGBA, OK }, { GL_RGB, OK }, { GL_ALPHA, OK }, { GL_LUMINANCE, OK },
   { GL_LUMINANCE_ALPHA, OK },
   /* OES_required_internalformat's sized colour formats */
   { GL_RGBA8, OK }, { GL_RGB8, OK }, { GL_RGB565, OK }, { GL_RGBA4, OK }, { GL_RGB5_A1, OK },
   { GL_ALPHA8, OK }, { GL_LUMINANCE8, OK }, { GL_LUMINANCE8_ALPHA8, OK },
   { GL_LUMINANCE4_ALPHA4, OK },
   { GL_R8, EN }, { GL_DEPTH_COMPONENT, EN }, { GL_DEPTH_COMPONENT16, EN }, { 0x1234, EN },
};

/* a buffer without alpha (table 3.9 of ES 2.0) */
static const struct fmt_case es2_copy_rgb565[] = {
   { GL_RGB, OK }, { GL_LUMINANCE, OK }, { GL_RGB565, OK }, { GL_LUMINANCE8, OK },
   { GL_RGBA, OP }, { GL_ALPHA, OP }, { GL_LUMINANCE_ALPHA, OP }, { GL_RGBA8, OP },
   { GL_ALPHA8, OP },
};

static const struct read_case es2_read[] = {
   { GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGB, GL_UNSIGNED_BYTE, OP }, { GL_ALPHA, GL_UNSIGNED_BYTE, OP },
   { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, OP },
   { GL_RGBA, GL_FLOAT, EN }, { GL_BGRA, GL_UNSIGNED_BYTE, EN },
   { GL_RGBA_INTEGER, GL_UNSIGNED_INT, EN },
};

static void
test_es2(struct test_env *e, const char *driver)
{
   struct st_context *ctx = test_es_context(e, 2, NULL);
   CHECK(ctx != NULL, "%s: an ES 2.0 context", driver);
   if (!ctx)
      return;
   walk_teximage(driver, "ES 2.0", es2_tex, N(es2_tex));
   if (test_has_extension("GL_OES_packed_depth_stencil")) {
      static const struct tex_case pds[] = {
         { GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, OK },
         { GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, GL_UNSIGNED_INT, OP },
         /* with OES_required_internalformat */
         { GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, OK },
         { GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, OP },
      };
      static const struct fmt_case pds_rb[] = { { GL_DEPTH24_STENCIL8, OK } };
      walk_teximage(driver, "ES 2.0", pds, N(pds));
      walk_renderbuffer(driver, "ES 2.0", pds_rb, N(pds_rb));
   }
   CHECK(test_has_extension("GL_OES_required_internalformat"), "%s: ES 2.0 offers "
         "GL_OES_required_internalformat", driver);
   walk_texsubimage(driver, "ES 2.0", es2_sub_rgba, N(es2_sub_rgba), GL_RGBA, GL_UNSIGNED_BYTE);
   walk_texsubimage(driver, "ES 2.0", es2_sub_rgba8, N(es2_sub_rgba8), GL_RGBA, GL_UNSIGNED_BYTE);
   walk_renderbuffer(driver, "ES 2.0", es2_rb, N(es2_rb));
   walk_copy(driver, "ES 2.0 window", es2_copy_window, N(es2_copy_window));
   walk_read(driver, "ES 2.0 window", es2_read, N(es2_read));
   GLuint rb, fb = rb_fbo(driver, GL_RGB565, &rb);
   if (fb) {
      walk_copy(driver, "ES 2.0 RGB565", es2_copy_rgb565, N(es2_copy_rgb565));
      rb_fbo_done(fb, rb);
   }
   test_es_context_done(e, ctx);
}

/* ---- desktop GL 3.3 keeps its rules ---------------------------------------------- */

static const struct tex_case desktop_tex[] = {
   { GL_RGBA8, GL_RGBA, GL_FLOAT, OK },
   { GL_RGB, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, OK },
   { GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, OK },
   { 4, GL_RGBA, GL_UNSIGNED_BYTE, OK },
   { GL_RGB565, GL_RGB, GL_UNSIGNED_BYTE, VA },   /* ARB_ES2_compatibility is not offered */
};
static const struct fmt_case desktop_rb[] = {
   { GL_RGBA, OK }, { GL_RGBA16F, OK }, { GL_ALPHA8, OK }, { GL_RGB565, EN },
};
static const struct fmt_case desktop_copy[] = {
   { GL_RGBA16, OK }, { GL_DEPTH_COMPONENT24, OK }, { GL_RGB565, EN },
};
static const struct read_case desktop_read[] = {
   { GL_RGB, GL_UNSIGNED_BYTE, OK }, { GL_BGRA, GL_UNSIGNED_BYTE, OK },
   { GL_RGBA, GL_FLOAT, OK }, { GL_DEPTH_COMPONENT, GL_FLOAT, OK },
};

static void
test_desktop(const char *driver)
{
   walk_teximage(driver, "desktop", desktop_tex, N(desktop_tex));
   walk_renderbuffer(driver, "desktop", desktop_rb, N(desktop_rb));
   walk_copy(driver, "desktop", desktop_copy, N(desktop_copy));
   walk_read(driver, "desktop", desktop_read, N(desktop_read));
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)first;
   test_desktop(driver);
   test_es2(e, driver);
   test_es3(e, driver);
}

int
main(void)
{
   test_on_each_driver("st_test_esfmt", "3.3", W, H, run);
   return st_test_finish("st_test_esfmt");
}
