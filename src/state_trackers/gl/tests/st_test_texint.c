/*
 * GL_EXT_texture_integer on refpipe: every integer internal format (and
 * ARB_texture_rg's R/RG ones) uploaded and read back through glGetTexImage
 * with values computed here (0, the channel's maximum, its minimum for
 * signed formats, and out-of-range values that must clamp), the spec's
 * errors, glTexParameterI*EXT / glGetTexParameterI*EXT (border colour kept
 * unclamped), copies between integer buffers and textures, display lists,
 * and what fixed-function texturing of an integer texture does (Pony's
 * definition: the unnormalized values converted to float).
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 16
#define H 16

struct int_format {
   GLenum internal_format;
   GLenum base;            /* GL_RGBA, GL_RGB, GL_ALPHA, ... */
   unsigned bits;
   bool sgn;
};

static const struct int_format formats[] = {
#define FMT(base, name, b)                                                            \
   { GL_##name##b##UI, GL_##base, b, false }, { GL_##name##b##I, GL_##base, b, true }
#define FMT_EXT(base, name, b)                                                        \
   { GL_##name##b##UI_EXT, GL_##base, b, false }, { GL_##name##b##I_EXT, GL_##base, b, true }
   FMT(RGBA, RGBA, 8), FMT(RGBA, RGBA, 16), FMT(RGBA, RGBA, 32),
   FMT(RGB, RGB, 8), FMT(RGB, RGB, 16), FMT(RGB, RGB, 32),
   FMT(RG, RG, 8), FMT(RG, RG, 16), FMT(RG, RG, 32),
   FMT(RED, R, 8), FMT(RED, R, 16), FMT(RED, R, 32),
   FMT_EXT(ALPHA, ALPHA, 8), FMT_EXT(ALPHA, ALPHA, 16), FMT_EXT(ALPHA, ALPHA, 32),
   FMT_EXT(LUMINANCE, LUMINANCE, 8), FMT_EXT(LUMINANCE, LUMINANCE, 16),
   FMT_EXT(LUMINANCE, LUMINANCE, 32),
   FMT_EXT(LUMINANCE_ALPHA, LUMINANCE_ALPHA, 8), FMT_EXT(LUMINANCE_ALPHA, LUMINANCE_ALPHA, 16),
   FMT_EXT(LUMINANCE_ALPHA, LUMINANCE_ALPHA, 32),
   FMT_EXT(INTENSITY, INTENSITY, 8), FMT_EXT(INTENSITY, INTENSITY, 16),
   FMT_EXT(INTENSITY, INTENSITY, 32),
#undef FMT
#undef FMT_EXT
};

#define NFORMATS (sizeof formats / sizeof formats[0])
#define NTEXELS 4

static int64_t
chan_max(const struct int_format *f)
{
   return f->sgn ? ((int64_t)1 << (f->bits - 1)) - 1 : ((int64_t)1 << f->bits) - 1;
}

static int64_t
chan_min(const struct int_format *f)
{
   return f->sgn ? -((int64_t)1 << (f->bits - 1)) : 0;
}

/* The value a component of client value v (of a signed or unsigned
 * 32-bit client type) is stored as: clamped to the channel's range. */
static int64_t
stored(const struct int_format *f, int64_t v)
{
   int64_t lo = chan_min(f), hi = chan_max(f);
   return v < lo ? lo : v > hi ? hi : v;
}

/* GL 2.1 table 6.1: what glGetTexImage(GL_RGBA_INTEGER) returns of a
 * stored texel (r, g, b, a as uploaded with GL_RGBA_INTEGER). */
static void
expected_rgba(const struct int_format *f, const int64_t in[4], int64_t out[4])
{
   int64_t s[4];
   for (unsigned c = 0; c < 4; c++)
      s[c] = stored(f, in[c]);
   out[0] = out[1] = out[2] = 0;
   out[3] = 1;
   switch (f->base) {
   case GL_RGBA: memcpy(out, s, sizeof s); break;
   case GL_RGB: out[0] = s[0]; out[1] = s[1]; out[2] = s[2]; break;
   case GL_RG: out[0] = s[0]; out[1] = s[1]; break;
   case GL_RED: case GL_LUMINANCE: case GL_INTENSITY: out[0] = s[0]; break;
   case GL_ALPHA: out[3] = s[3]; break;
   case GL_LUMINANCE_ALPHA: out[0] = s[0]; out[3] = s[3]; break;
   }
}

/* Upload NTEXELS texels computed from the format's range and read them
 * back as 32-bit integers of the format's signedness. */
static void
test_round_trip(const struct int_format *f)
{
   int64_t lo = chan_min(f), hi = chan_max(f);
   /* texel 0: zeros; 1: the extremes; 2: mixed; 3: beyond the range (for
    * 8/16 bits: must clamp; for 32 bits the client type's own extremes) */
   int64_t in[NTEXELS][4] = {
      { 0, 0, 0, 0 },
      { hi, lo, hi, lo },
      { lo, hi, f->sgn ? -1 : 1, hi },
      { hi + 1, lo - 1, f->sgn ? -7 : 300, hi },
   };
   GLenum type = f->sgn ? GL_INT : GL_UNSIGNED_INT;
   int32_t data[NTEXELS][4];
   for (unsigned i = 0; i < NTEXELS; i++)
      for (unsigned c = 0; c < 4; c++) {
         int64_t v = in[i][c];
         /* the client type's range (32-bit formats: no value beyond it) */
         if (f->sgn)
            v = v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v;
         else
            v = v < 0 ? 0 : v > (int64_t)UINT32_MAX ? (int64_t)UINT32_MAX : v;
         in[i][c] = v;
         data[i][c] = (int32_t)(uint32_t)v;
      }
   api_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->internal_format, NTEXELS, 1, 0, GL_RGBA_INTEGER,
                    type, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   int32_t back[NTEXELS][4];
   memset(back, 0x5a, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, type, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (unsigned i = 0; i < NTEXELS; i++) {
      int64_t e[4];
      expected_rgba(f, in[i], e);
      for (unsigned c = 0; c < 4; c++) {
         int64_t got = f->sgn ? (int64_t)back[i][c] : (int64_t)(uint32_t)back[i][c];
         CHECK(got == e[c], "format 0x%x texel %u comp %u: %lld, expected %lld",
               f->internal_format, i, c, (long long)got, (long long)e[c]);
      }
   }
   /* the texture reports its component type */
   GLint t = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                f->base == GL_ALPHA ? GL_TEXTURE_ALPHA_TYPE_ARB
                                : f->base == GL_LUMINANCE || f->base == GL_LUMINANCE_ALPHA
                                   ? GL_TEXTURE_LUMINANCE_TYPE_ARB
                                : f->base == GL_INTENSITY ? GL_TEXTURE_INTENSITY_TYPE_ARB
                                                          : GL_TEXTURE_RED_TYPE_ARB,
                                &t);
   CHECK(t == (f->sgn ? GL_INT : GL_UNSIGNED_INT), "format 0x%x component type 0x%x",
         f->internal_format, t);
   GLint bits = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0,
                                f->base == GL_ALPHA ? GL_TEXTURE_ALPHA_SIZE
                                : f->base == GL_LUMINANCE || f->base == GL_LUMINANCE_ALPHA
                                   ? GL_TEXTURE_LUMINANCE_SIZE
                                : f->base == GL_INTENSITY ? GL_TEXTURE_INTENSITY_SIZE
                                                          : GL_TEXTURE_RED_SIZE,
                                &bits);
   CHECK(bits == (GLint)f->bits, "format 0x%x size %d", f->internal_format, bits);
}

/* Narrower client types clamp to their range (EXT_texture_integer's final
 * conversion); packed types hold the fields' ranges. */
static void
test_pack_clamp(void)
{
   const GLuint u[4] = { 0xfffffff0u, 256, 255, 70000 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte ub[4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
   CHECK(ub[0] == 255 && ub[1] == 255 && ub[2] == 255 && ub[3] == 255,
         "RGBA32UI as ubyte %u %u %u %u", ub[0], ub[1], ub[2], ub[3]);
   GLushort us[4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_BGRA_INTEGER, GL_UNSIGNED_SHORT, us);
   CHECK(us[0] == 255 && us[1] == 256 && us[2] == 65535 && us[3] == 65535,
         "RGBA32UI as BGRA ushort %u %u %u %u", us[0], us[1], us[2], us[3]);
   GLuint packed = 0;
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT_10_10_10_2, &packed);
   CHECK(packed == ((1023u << 22) | (256u << 12) | (255u << 2) | 3u), "10_10_10_2 0x%x", packed);

   const GLint s[4] = { INT32_MIN, -129, 128, INT32_MAX };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I, 1, 1, 0, GL_RGBA_INTEGER, GL_INT, s);
   GLbyte sb[4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_BYTE, sb);
   CHECK(sb[0] == -128 && sb[1] == -128 && sb[2] == 127 && sb[3] == 127,
         "RGBA32I as byte %d %d %d %d", sb[0], sb[1], sb[2], sb[3]);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
   CHECK(ub[0] == 0 && ub[1] == 0 && ub[2] == 128 && ub[3] == 255,
         "RGBA32I as ubyte %u %u %u %u", ub[0], ub[1], ub[2], ub[3]);
   /* signed client data into an unsigned texture: negatives are 0;
    * unsigned data into a signed one: saturates at the maximum */
   const GLbyte neg[4] = { -1, -128, 5, 127 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_BYTE, neg);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
   CHECK(ub[0] == 0 && ub[1] == 0 && ub[2] == 5 && ub[3] == 127, "bytes into RGBA8UI %u %u %u %u",
         ub[0], ub[1], ub[2], ub[3]);
   const GLuint big[4] = { 0xffffffffu, 200, 127, 0 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, big);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_BYTE, sb);
   CHECK(sb[0] == 127 && sb[1] == 127 && sb[2] == 127 && sb[3] == 0,
         "uints into RGBA8I %d %d %d %d", sb[0], sb[1], sb[2], sb[3]);
   /* packed client data into an integer texture: the fields as integers */
   const GLuint word = (1023u << 22) | (5u << 12) | (512u << 2) | 2u;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI, 1, 1, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_INT_10_10_10_2, &word);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, us);
   CHECK(us[0] == 1023 && us[1] == 5 && us[2] == 512 && us[3] == 2, "packed upload %u %u %u %u",
         us[0], us[1], us[2], us[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_errors(struct st_context *ctx)
{
   GLint iv[4] = { 1, 2, 3, 4 };
   GLuint uv[4] = { 1, 2, 3, 4 };
   /* integer internal format, non-integer data and the other way round */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8UI_EXT, 1, 1, 0, GL_COLOR_INDEX,
                    GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* integer data of a float type */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI, 1, 1, 0, GL_RGBA_INTEGER, GL_FLOAT, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI, 1, 1, 0, GL_RGBA_INTEGER, GL_HALF_FLOAT, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* a packed type of the wrong component count */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI, 1, 1, 0, GL_RGBA_INTEGER,
                    GL_UNSIGNED_SHORT_5_6_5, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* sub-images: the data's kind must match the image's */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16I, 2, 2, 0, GL_RGBA_INTEGER, GL_SHORT, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_FLOAT, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, iv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* glGetTexImage: integer formats from integer images only */
   GLubyte ub[16];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, ub);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* copies from the (non-integer) window-system buffer into integer textures */
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 0, 0, 2, 2, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint w = -1;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &w);
   CHECK_EQ_INT(w, GL_RGBA8);   /* the failed copy left the image alone */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI, 2, 2, 0, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT,
                    NULL);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* glDrawPixels of integer data: GL 3.0's INVALID_OPERATION, also for FLOAT */
   api_glRasterPos2i(0, 0);
   api_glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, uv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_FLOAT, uv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* glReadPixels: integer format from a non-integer buffer; FLOAT */
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, uv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_FLOAT, uv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* glTexParameterI*: an unknown pname, a bad value through the shared path */
   api_glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_WIDTH, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLint bad = GL_RGBA;
   api_glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &bad);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_WIDTH, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexParameterIuivEXT(GL_PROXY_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, uv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* without the extension: enums and commands refused */
   ctx->caps.ext_texture_integer = false;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, iv);
   CHECK(api_glGetError() != GL_NO_ERROR, "integer formats refused without the extension");
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, uv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   ctx->caps.ext_texture_integer = true;
   /* R/RG integer formats need GL_ARB_texture_rg too */
   bool rg = ctx->caps.ext_texture_rg;
   ctx->caps.ext_texture_rg = false;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   ctx->caps.ext_texture_rg = rg;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, 1, 1, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, iv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* integer images cannot be filtered into mipmaps (GL 3.0 3.8.8) */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16I_EXT, 4, 4, 0, GL_RGBA_INTEGER, GL_SHORT, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glTexParameterIivEXT / IuivEXT: the border colour as given (unclamped),
 * read back by the integer queries; the float query sees the values. */
static void
test_border(void)
{
   const GLint bi[4] = { -5, 1000, INT32_MIN, INT32_MAX };
   api_glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bi);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint gi[4] = { 0, 0, 0, 0 };
   api_glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gi);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(gi[0] == -5 && gi[1] == 1000 && gi[2] == INT32_MIN && gi[3] == INT32_MAX,
         "Iiv border %d %d %d %d", gi[0], gi[1], gi[2], gi[3]);
   /* a float query of an integer border is undefined (GL 3.0 6.1.3); Pony
    * converts the values, clamped as ARB_color_buffer_float's fragment
    * clamp says (on by default with a fixed-point draw buffer): turned off
    * here to see them */
   api_glClampColorARB(GL_CLAMP_FRAGMENT_COLOR_ARB, GL_FALSE);
   GLfloat gf[4];
   api_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gf);
   api_glClampColorARB(GL_CLAMP_FRAGMENT_COLOR_ARB, GL_FIXED_ONLY_ARB);
   CHECK(gf[0] == -5.0f && gf[1] == 1000.0f, "border as floats %g %g", (double)gf[0],
         (double)gf[1]);
   GLuint gu[4];
   api_glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gu);
   CHECK(gu[0] == 0 && gu[1] == 1000 && gu[2] == 0 && gu[3] == (GLuint)INT32_MAX,
         "signed border as unsigned %u %u %u %u", gu[0], gu[1], gu[2], gu[3]);

   const GLuint bu[4] = { 0xffffffffu, 0x80000000u, 0, 7 };
   api_glTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bu);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gu);
   CHECK(gu[0] == 0xffffffffu && gu[1] == 0x80000000u && gu[2] == 0 && gu[3] == 7,
         "Iuiv border %x %x %x %x", gu[0], gu[1], gu[2], gu[3]);
   api_glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gi);
   CHECK(gi[0] == INT32_MAX && gi[1] == INT32_MAX && gi[2] == 0 && gi[3] == 7,
         "unsigned border as signed %d %d %d %d", gi[0], gi[1], gi[2], gi[3]);

   /* other parameters go through as glTexParameteriv */
   const GLint lin = GL_NEAREST;
   api_glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &lin);
   GLint v = 0;
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
   CHECK_EQ_INT(v, GL_NEAREST);
   GLuint uvv = 0;
   api_glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &uvv);
   CHECK_EQ_INT((GLint)uvv, GL_NEAREST);

   /* glTexParameterfv afterwards: a float border again (clamped, GL 2.1) */
   const GLfloat bf[4] = { 0.5f, 2.0f, -1.0f, 0.25f };
   api_glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bf);
   api_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gf);
   CHECK(gf[0] == 0.5f && gf[1] == 1.0f && gf[2] == 0.0f && gf[3] == 0.25f,
         "float border %g %g %g %g", (double)gf[0], (double)gf[1], (double)gf[2], (double)gf[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Pony's definition of an integer texture in fixed-function texturing
 * (the extension leaves it undefined): NEAREST lookups of the values as
 * floats, so 0 and 1 act as normalized 0 and 1 and larger values saturate
 * in the colour; the integer border applies as integers too. */
static void
test_fixed_function_sampling(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   const GLuint texels[2][4] = { { 1, 0, 200, 1 }, { 0, 1, 0, 0 } };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 2, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                    texels);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* LINEAR filters: still NEAREST for integers (no blend of 1 and 0) */
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   test_tex_quad(W, H, 0, 0, 1, 1);
   api_glDisable(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte px[4];
   api_glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 255 && px[1] == 0 && px[2] == 255 && px[3] == 255,
         "left texel %u %u %u %u", px[0], px[1], px[2], px[3]);
   api_glReadPixels(W - 5, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 0,
         "right texel %u %u %u %u", px[0], px[1], px[2], px[3]);
   /* CLAMP_TO_BORDER outside [0, 1]: the integer border (0, 1, 1, 1) */
   const GLuint border[4] = { 0, 1, 1, 1 };
   api_glTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   api_glEnable(GL_TEXTURE_2D);
   test_tex_quad(W, H, 2, 0, 3, 1);
   api_glDisable(GL_TEXTURE_2D);
   api_glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 255 && px[2] == 255 && px[3] == 255,
         "integer border %u %u %u %u", px[0], px[1], px[2], px[3]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Integer colour buffers: clears, copies into integer textures, no
 * blending and no alpha test, GL_RGBA_INTEGER_MODE_EXT. */
static void
test_framebuffer(void)
{
   GLuint fb, tex, rb;
   api_glGenFramebuffers(1, &fb);
   api_glGenTextures(1, &tex);
   api_glGenRenderbuffers(1, &rb);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16I, 4, 4, 0, GL_RGBA_INTEGER, GL_SHORT, NULL);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   GLboolean mode = GL_FALSE;
   api_glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   CHECK(mode == GL_TRUE, "RGBA_INTEGER_MODE on an integer attachment");
   api_glClearColorIiEXT(-32768, 32767, -1, 1234);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLshort s[4];
   api_glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_SHORT, s);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(s[0] == -32768 && s[1] == 32767 && s[2] == -1 && s[3] == 1234, "clear %d %d %d %d",
         s[0], s[1], s[2], s[3]);
   /* glCopyTexImage2D from it into an integer texture of another size
    * and base format: integers move unconverted, clamped to the channel */
   GLuint t2;
   api_glGenTextures(1, &t2);
   api_glBindTexture(GL_TEXTURE_2D, t2);
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA8I_EXT, 0, 0, 2, 2, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint back[2 * 2][4];   /* the whole 2x2 image */
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_INT, back);
   CHECK(back[3][0] == -128 && back[3][1] == 0 && back[3][2] == 0 && back[3][3] == 127,
         "copied LA8I %d %d %d %d", back[3][0], back[3][1], back[3][2], back[3][3]);
   /* a copy into a normalized texture is refused */
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 2, 2, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB32I, 4, 4, 0, GL_RGB_INTEGER, GL_INT, NULL);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 0, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint rgb[16][3];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB_INTEGER, GL_INT, rgb);
   CHECK(rgb[5][0] == -32768 && rgb[5][1] == 32767 && rgb[5][2] == -1, "sub copy %d %d %d",
         rgb[5][0], rgb[5][1], rgb[5][2]);

   /* fixed-function fragments into an integer buffer are undefined; with
    * the alpha test GL_NEVER on they are still written (no alpha test for
    * integer buffers), and blending does not apply */
   api_glEnable(GL_ALPHA_TEST);
   api_glAlphaFunc(GL_NEVER, 0.0f);
   api_glEnable(GL_BLEND);
   api_glColor4f(0, 0, 0, 0);
   api_glBegin(GL_QUADS);
   api_glVertex2f(0, 0);
   api_glVertex2f(4, 0);
   api_glVertex2f(4, 4);
   api_glVertex2f(0, 4);
   api_glEnd();
   api_glDisable(GL_ALPHA_TEST);
   api_glDisable(GL_BLEND);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_SHORT, s);
   CHECK(s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] == 0,
         "alpha test NEVER still writes integers: %d %d %d %d", s[0], s[1], s[2], s[3]);

   /* R/RG/RGB integer renderbuffers */
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   static const GLenum rbf[] = { GL_R8UI, GL_RG16I, GL_RGB32UI, GL_RGB8I, GL_RGBA32I };
   for (unsigned i = 0; i < sizeof rbf / sizeof rbf[0]; i++) {
      api_glRenderbufferStorage(GL_RENDERBUFFER, rbf[i], 2, 2);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
      api_glClearColorIuiEXT(7, 8, 9, 10);
      api_glClear(GL_COLOR_BUFFER_BIT);
      GLuint u[4] = { 0, 0, 0, 0 };
      api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u);
      bool has_g = rbf[i] != GL_R8UI, has_b = has_g && rbf[i] != GL_RG16I;
      CHECK(u[0] == 7 && u[1] == (has_g ? 8u : 0u) && u[2] == (has_b ? 9u : 0u) &&
            u[3] == (rbf[i] == GL_RGBA32I ? 10u : 1u),
            "renderbuffer 0x%x: %u %u %u %u", rbf[i], u[0], u[1], u[2], u[3]);
   }
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint tt[2] = { tex, t2 };
   api_glDeleteTextures(2, tt);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A command through the current dispatch table (which glNewList swaps for
 * the display-list save table), as an application calls it. */
/* glTexImage2D of integer data, glTexParameterIivEXT and glClearColorIuiEXT
 * are compiled into display lists (the data copied at compile time);
 * glGetTexParameterIivEXT executes at once. */
static void
test_display_list(void)
{
   GLint data[2] = { -100000, 77 };
   GLuint list = api_glGenLists(1);
   GL(glNewList, GLuint, GLenum)(list, GL_COMPILE);
   GL(glTexImage2D, GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum,
      const void *)(GL_TEXTURE_2D, 0, GL_RG32I, 1, 1, 0, GL_RG_INTEGER, GL_INT, data);
   const GLint b[4] = { -3, 4, -5, 6 };
   GL(glTexParameterIivEXT, GLenum, GLenum, const GLint *)(GL_TEXTURE_2D,
                                                           GL_TEXTURE_BORDER_COLOR, b);
   GL(glClearColorIuiEXT, GLuint, GLuint, GLuint, GLuint)(11, 12, 13, 14);
   GLint gb[4] = { 0, 0, 0, 0 };
   GL(glGetTexParameterIivEXT, GLenum, GLenum, GLint *)(GL_TEXTURE_2D,
                                                        GL_TEXTURE_BORDER_COLOR, gb);
   CHECK(gb[0] == 0 && gb[1] == 1 && gb[2] == 1 && gb[3] == 1,
         "query executed while compiling %d %d %d %d", gb[0], gb[1], gb[2], gb[3]);
   GL(glEndList, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   data[0] = 1;   /* compiled: the list holds the old values */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLint back[2] = { 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_INT, back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* not executed at compile time */
   GL(glCallList, GLuint)(list);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_INT, back);
   CHECK(back[0] == -100000 && back[1] == 77, "list RG32I %d %d", back[0], back[1]);
   api_glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, gb);
   CHECK(gb[0] == -3 && gb[1] == 4 && gb[2] == -5 && gb[3] == 6, "list border %d %d %d %d",
         gb[0], gb[1], gb[2], gb[3]);
   /* the integer clear colour came from the list (test_framebuffer left
    * 7, 8, 9, 10) */
   GLuint fb, rb;
   api_glGenFramebuffers(1, &fb);
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8UI, 1, 1);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   api_glClear(GL_COLOR_BUFFER_BIT);
   GLubyte px[4] = { 0, 0, 0, 0 };
   api_glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 11 && px[1] == 12 && px[2] == 13 && px[3] == 14, "list clear colour %u %u %u %u",
         px[0], px[1], px[2], px[3]);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "st_test_texint: no context\n");
      test_env_fini(&e);
      return 1;
   }
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_EXT_texture_integer"), "GL_EXT_texture_integer offered");
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (unsigned i = 0; i < NFORMATS; i++)
      test_round_trip(&formats[i]);
   test_pack_clamp();
   test_errors(e.ctx);
   test_border();
   test_fixed_function_sampling();
   test_framebuffer();
   api_glBindTexture(GL_TEXTURE_2D, tex);
   test_display_list();
   api_glDeleteTextures(1, &tex);
   test_env_fini(&e);
   return st_test_finish("st_test_texint");
}
