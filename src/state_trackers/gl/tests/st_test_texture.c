/*
 * Texture objects and fixed-function texturing on refpipe: object names
 * and bindings, image specification and read-back (glTexImage /
 * glTexSubImage / glGetTexImage / glGetTexLevelParameter), proxies,
 * errors, mipmap generation, copies from the framebuffer, compressed
 * images, texture environments, texgen state, per-unit enables and
 * matrices, the attribute stack, and textured drawing compared pixel by
 * pixel.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "st_test_fb.h"
#include "st_texture.h"

#define W 32
#define H 32

static void
test_objects(void)
{
   GLuint t[3];
   GLint v = -1;
   api_glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &v);
   CHECK(v == GL_MODULATE, "initial env mode %x", v);
   api_glGenTextures(3, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(t[0] && t[1] && t[2] && t[0] != t[1], "names");
   CHECK(!api_glIsTexture(t[0]), "generated, unbound: not a texture");
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsTexture(t[0]), "bound: a texture");
   api_glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK(v == (GLint)t[0], "binding %d", v);
   api_glBindTexture(GL_TEXTURE_1D, t[0]);   /* other target */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_RECTANGLE_ARB, t[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_TEXTURE_BINDING_RECTANGLE_ARB, &v);
   CHECK(v == (GLint)t[1], "rect binding %d", v);
   api_glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_WRAP_S, GL_REPEAT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindTexture(GL_TEXTURE_RECTANGLE_ARB, 0);
   api_glGenTextures(-1, t);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* per unit bindings */
   api_glActiveTexture(GL_TEXTURE1);
   api_glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK(v == 0, "unit 1 binding %d", v);
   api_glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
   CHECK(v == GL_TEXTURE1, "active %x", v);
   api_glActiveTexture(GL_TEXTURE0 + 48);   /* MAX_COMBINED_TEXTURE_IMAGE_UNITS */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glActiveTexture(GL_TEXTURE0);
   api_glGetIntegerv(GL_MAX_TEXTURE_UNITS, &v);
   CHECK(v == 8, "max units %d", v);
   /* deleting a bound texture binds 0 */
   api_glDeleteTextures(1, &t[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK(v == 0, "binding after delete %d", v);
   CHECK(!api_glIsTexture(t[0]), "deleted");
   api_glDeleteTextures(2, &t[1]);
}

static void
test_images(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLubyte img[2 * 2 * 4] = { 255, 0, 0, 255, 0, 255, 0, 255,
                                    0, 0, 255, 255, 255, 255, 255, 128 };
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte back[16];
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(back, img, 16) == 0, "RGBA8 round trip %u %u %u %u / %u", back[0], back[1],
         back[2], back[3], back[15]);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 2, "width %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   CHECK(v == GL_RGBA8, "internal format %x", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   CHECK(v == 8, "red size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 0, "level 1 width %d", v);

   /* sub image: one texel, and GL_BGRA */
   const GLubyte texel[4] = { 10, 20, 30, 40 };   /* B G R A */
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_BGRA, GL_UNSIGNED_BYTE, texel);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[12] == 30 && back[13] == 20 && back[14] == 10 && back[15] == 40,
         "sub image texel %u %u %u %u", back[12], back[13], back[14], back[15]);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* luminance: L in R of glGetTexImage, G = B = 0, A = 1 */
   const GLubyte lum[4] = { 0, 85, 170, 255 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                    lum);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[4] == 85 && back[5] == 0 && back[6] == 0 && back[7] == 255,
         "luminance read back %u %u %u %u", back[4], back[5], back[6], back[7]);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &v);
   CHECK(v == 8, "luminance size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   CHECK(v == 0, "luminance red size %d", v);

   /* errors (GL 2.1 3.8.1) */
   api_glTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, 0x1234, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    img);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 2, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4,
                    img);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_POINTS);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* proxies: a fitting size is recorded, a too large one zeroes the state */
   api_glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 64, "proxy width %d", v);
   api_glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 1 << 20, 32, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 0, "failed proxy width %d", v);

   /* 3D and depth */
   GLubyte vol[2 * 2 * 2];
   for (unsigned i = 0; i < 8; i++)
      vol[i] = (GLubyte)(i * 30);
   GLuint t3;
   api_glGenTextures(1, &t3);
   api_glBindTexture(GL_TEXTURE_3D, t3);
   api_glTexImage3D(GL_TEXTURE_3D, 0, GL_ALPHA8, 2, 2, 2, 0, GL_ALPHA, GL_UNSIGNED_BYTE, vol);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte vb[8 * 4];
   api_glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, vb);
   CHECK(vb[4 * 5 + 3] == 150 && vb[4 * 5] == 0, "3D alpha slice 1 texel 1: %u", vb[23]);
   const GLfloat z[4] = { 0.0f, 0.25f, 0.5f, 1.0f };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 2, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, z);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLfloat zb[4] = { -1, -1, -1, -1 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, zb);
   CHECK(fabsf(zb[1] - 0.25f) < 1e-5f && fabsf(zb[3] - 1.0f) < 1e-5f, "depth %f %f", zb[1],
         zb[3]);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, zb);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &t);
   api_glDeleteTextures(1, &t3);
}

static void
test_draw(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   /* bottom row red, green; top row blue, white */
   const GLubyte img[16] = { 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_TEXTURE_2D);
   api_glColor3f(0.5f, 0.5f, 0.5f);

   /* incomplete (default min filter wants mipmaps): texturing is off */
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);

   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(W - 4, 4, 0, 255, 0, 1);
   CHECK_PX_RGB(4, H - 4, 0, 0, 255, 1);
   CHECK_PX_RGB(W - 4, H - 4, 255, 255, 255, 1);

   /* MODULATE by the primary colour */
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 128, 0, 0, 2);
   CHECK_PX_RGB(W - 4, H - 4, 128, 128, 128, 2);

   /* GL_TEXTURE_2D disabled on unit 0 only matters there */
   api_glActiveTexture(GL_TEXTURE1);
   CHECK(!api_glIsEnabled(GL_TEXTURE_2D), "unit 1 TEXTURE_2D enabled");
   api_glActiveTexture(GL_TEXTURE0);
   CHECK(api_glIsEnabled(GL_TEXTURE_2D), "unit 0 TEXTURE_2D disabled");

   /* texture matrix: a translation by half the texture shifts the colours */
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glMatrixMode(GL_TEXTURE);
   api_glTranslatef(0.5f, 0, 0);
   api_glMatrixMode(GL_MODELVIEW);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 0, 255, 0, 1);          /* s 0.5.. -> texel 1 */
   CHECK_PX_RGB(W - 4, 4, 255, 0, 0, 1);      /* s 1.5 wraps to texel 0 */
   api_glMatrixMode(GL_TEXTURE);
   api_glLoadIdentity();
   api_glMatrixMode(GL_MODELVIEW);

   /* COMBINE: ADD of texture and constant */
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_ADD);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE1_RGB, GL_CONSTANT);
   const GLfloat envc[4] = { 0.0f, 0.0f, 0.5f, 1.0f };
   api_glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, envc);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(4, 4, 255, 0, 128, 2);
   CHECK_PX_RGB(W - 4, 4, 0, 255, 128, 2);

   /* NV_texture_env_combine4: defaults, errors, and tex * const + prim * (1 - 0) */
   {
      GLint v = 0;
      api_glGetTexEnviv(GL_TEXTURE_ENV, GL_SOURCE3_RGB_NV, &v);
      CHECK(v == GL_ZERO, "SOURCE3_RGB default");
      api_glGetTexEnviv(GL_TEXTURE_ENV, GL_OPERAND3_RGB_NV, &v);
      CHECK(v == GL_ONE_MINUS_SRC_COLOR, "OPERAND3_RGB default");
      api_glGetTexEnviv(GL_TEXTURE_ENV, GL_SOURCE3_ALPHA_NV, &v);
      CHECK(v == GL_ZERO, "SOURCE3_ALPHA default");
      api_glGetTexEnviv(GL_TEXTURE_ENV, GL_OPERAND3_ALPHA_NV, &v);
      CHECK(v == GL_ONE_MINUS_SRC_ALPHA, "OPERAND3_ALPHA default");
      api_glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND3_ALPHA_NV, GL_SRC_COLOR);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE3_RGB_NV, GL_ONE);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE4_NV);
      api_glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &v);
      CHECK(v == GL_COMBINE4_NV, "COMBINE4_NV mode");
      const GLfloat c4[4] = { 0.5f, 0.0f, 0.0f, 1.0f };
      api_glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, c4);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_ADD);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE0_RGB, GL_TEXTURE);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE1_RGB, GL_CONSTANT);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE2_RGB, GL_PRIMARY_COLOR);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_COLOR);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE3_RGB_NV, GL_ZERO);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND3_RGB_NV, GL_ONE_MINUS_SRC_COLOR);
      test_tex_quad(W, H, 0, 0, 1, 1);
      CHECK_GL_ERROR(GL_NO_ERROR);
      CHECK_PX_RGB(4, 4, 255, 128, 128, 2);        /* (1,0,0)(.5,0,0) + (.5,.5,.5) */
      CHECK_PX_RGB(W - 4, 4, 128, 128, 128, 2);    /* (0,1,0)(.5,0,0) + (.5,.5,.5) */
      /* push/pop keeps the fourth argument */
      api_glPushAttrib(GL_TEXTURE_BIT);
      api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE3_RGB_NV, GL_CONSTANT);
      api_glPopAttrib();
      api_glGetTexEnviv(GL_TEXTURE_ENV, GL_SOURCE3_RGB_NV, &v);
      CHECK(v == GL_ZERO, "SOURCE3_RGB restored by PopAttrib");
      api_glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_ALPHA);
   }

   /* texgen: object linear s = x / W, t = y / H reproduces the mapping */
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   const GLfloat sp[4] = { 1.0f / W, 0, 0, 0 }, tp[4] = { 0, 1.0f / H, 0, 0 };
   api_glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   api_glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   api_glTexGenfv(GL_S, GL_OBJECT_PLANE, sp);
   api_glTexGenfv(GL_T, GL_OBJECT_PLANE, tp);
   api_glEnable(GL_TEXTURE_GEN_S);
   api_glEnable(GL_TEXTURE_GEN_T);
   test_tex_quad(W, H, 0.9f, 0.9f, 0.9f, 0.9f);   /* texcoords ignored */
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(W - 4, H - 4, 255, 255, 255, 1);
   CHECK_PX_RGB(4, H - 4, 0, 0, 255, 1);
   api_glDisable(GL_TEXTURE_GEN_S);
   api_glDisable(GL_TEXTURE_GEN_T);

   /* luminance texture under REPLACE: (L, L, L) */
   const GLubyte lum[4] = { 64, 64, 64, 64 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                    lum);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(10, 10, 64, 64, 64, 1);

   /* rectangle texture: unnormalized coordinates, priority over 2D */
   GLuint r;
   api_glGenTextures(1, &r);
   api_glBindTexture(GL_TEXTURE_RECTANGLE_ARB, r);
   api_glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_TEXTURE_RECTANGLE_ARB);
   test_tex_quad(W, H, 0, 0, 2, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(W - 4, 4, 0, 255, 0, 1);
   CHECK_PX_RGB(4, H - 4, 0, 0, 255, 1);
   api_glDisable(GL_TEXTURE_RECTANGLE_ARB);
   api_glDeleteTextures(1, &r);

   api_glDisable(GL_TEXTURE_2D);
   api_glDeleteTextures(1, &t);
}

static void
test_mipmaps_copy_compressed(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
   GLubyte img[4 * 4 * 4];
   for (unsigned i = 0; i < 16; i++) {
      img[4 * i + 0] = (i % 2) ? 200 : 100;   /* average 150 */
      img[4 * i + 1] = 40;
      img[4 * i + 2] = 0;
      img[4 * i + 3] = 255;
   }
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 1, "generated level 2 width %d", v);
   GLubyte px[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(abs(px[0] - 150) <= 2 && abs(px[1] - 40) <= 1, "level 2 texel %u %u", px[0], px[1]);

   /* glCopyTexImage2D from the window (bottom-up rows) */
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glColor3f(1, 0, 0);
   api_glRectf(0, 0, W, 2);       /* bottom rows red */
   api_glColor3f(0, 0, 1);
   api_glRectf(0, 2, W, 4);       /* next rows blue */
   api_glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_FALSE);
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 4, 4, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte cb[4 * 4 * 4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, cb);
   CHECK(cb[0] == 255 && cb[2] == 0 && cb[4 * 12 + 2] == 255 && cb[4 * 12] == 0,
         "copy: row 0 %u,%u,%u row 3 %u,%u,%u", cb[0], cb[1], cb[2], cb[48], cb[49], cb[50]);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 0, 0, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* compressed: DXT1 from uncompressed data, then compressed read-back */
   GLubyte green[4 * 4 * 4];
   for (unsigned i = 0; i < 16; i++) {
      green[4 * i + 0] = 0;
      green[4 * i + 1] = 255;
      green[4 * i + 2] = 0;
      green[4 * i + 3] = 255;
   }
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   CHECK(v == GL_TRUE, "compressed %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 8, "compressed size %d", v);
   /* S3TC keeps about 4 bits a component (palette between 5:6:5 endpoints) */
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
   CHECK(v == 4, "DXT1 green size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   CHECK(v == 0, "DXT1 RGB alpha size %d", v);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, cb);
   CHECK(cb[0] == 0 && cb[1] == 255 && cb[2] == 0 && cb[63] == 255, "dxt1 texel %u %u %u",
         cb[0], cb[1], cb[2]);
   GLubyte blk[8];
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              blk);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, cb);
   CHECK(cb[20] == 0 && cb[21] == 255, "dxt1 re-upload %u %u", cb[20], cb[21]);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 7,
                              blk);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 2, 2,
                                 GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blk);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* generated mipmaps of a DXT1 texture: 32x32 in four quadrants, green,
    * blue, cyan and black; level 4 (2x2) holds the four colours, which no
    * DXT1 block can (its colours lie on one line: green and blue fall
    * between black and cyan, at 1/3 or 2/3), and level 5 must still be
    * their average (0, 0.5, 0.5): each level is filtered from the previous
    * one's values, not from its blocks decoded again (which gave 0.41, as
    * in piglit's fbo-generatemipmap-cubemap S3TC_DXT1) */
   static GLubyte cq[32 * 32 * 4];
   static const GLubyte quad_rgb[4][3] = { { 0, 255, 0 }, { 0, 0, 255 }, { 0, 255, 255 },
                                           { 0, 0, 0 } };
   for (unsigned y = 0; y < 32; y++) {
      for (unsigned x = 0; x < 32; x++) {
         const GLubyte *q = quad_rgb[(y / 16) * 2 + x / 16];
         GLubyte *p = &cq[(y * 32 + x) * 4];
         p[0] = q[0];
         p[1] = q[1];
         p[2] = q[2];
         p[3] = 255;
      }
   }
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 32, 32, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, cq);
   api_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte l5[4];
   api_glGetTexImage(GL_TEXTURE_2D, 5, GL_RGBA, GL_UNSIGNED_BYTE, l5);
   CHECK(l5[0] <= 6 && abs(l5[1] - 128) <= 6 && abs(l5[2] - 128) <= 6,
         "DXT1 generated 1x1 level: %u %u %u", l5[0], l5[1], l5[2]);
   api_glDeleteTextures(1, &t);
}

static void
test_state(void)
{
   GLint v = 0;
   GLfloat f[4], mat[16];
   /* texenv */
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_FLOAT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 3.0f);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE2_RGB, GL_TEXTURE3);   /* crossbar */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexEnviv(GL_TEXTURE_ENV, GL_SOURCE2_RGB, &v);
   CHECK(v == GL_TEXTURE3, "source2 %x", v);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_SOURCE2_RGB, GL_CONSTANT);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA, GL_SRC_COLOR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* texgen: eye planes go through the inverse modelview */
   api_glMatrixMode(GL_MODELVIEW);
   api_glPushMatrix();
   api_glLoadIdentity();
   api_glTranslatef(2, 0, 0);
   const GLfloat plane[4] = { 1, 0, 0, 0 };
   api_glTexGenfv(GL_S, GL_EYE_PLANE, plane);
   api_glPopMatrix();
   api_glGetTexGenfv(GL_S, GL_EYE_PLANE, f);
   CHECK(f[0] == 1 && f[3] == -2, "eye plane %f %f %f %f", f[0], f[1], f[2], f[3]);
   api_glTexGeni(GL_Q, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_REFLECTION_MAP);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);

   /* per-unit texture matrices */
   api_glActiveTexture(GL_TEXTURE2);
   api_glMatrixMode(GL_TEXTURE);
   api_glPushMatrix();
   api_glScalef(3, 3, 3);
   api_glGetFloatv(GL_TEXTURE_MATRIX, mat);
   CHECK(mat[0] == 3, "unit 2 texture matrix %f", mat[0]);
   api_glGetIntegerv(GL_TEXTURE_STACK_DEPTH, &v);
   CHECK(v == 2, "unit 2 stack depth %d", v);
   api_glActiveTexture(GL_TEXTURE0);
   api_glGetFloatv(GL_TEXTURE_MATRIX, mat);
   CHECK(mat[0] == 1, "unit 0 texture matrix %f", mat[0]);
   api_glGetIntegerv(GL_TEXTURE_STACK_DEPTH, &v);
   CHECK(v == 1, "unit 0 stack depth %d", v);
   api_glActiveTexture(GL_TEXTURE2);
   api_glPopMatrix();
   api_glActiveTexture(GL_TEXTURE0);
   /* transpose loads (GL 1.3): row-major in, column-major stored */
   const GLfloat rowmajor[16] = { 1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7, 0, 0, 0, 1 };
   api_glPushMatrix();
   api_glLoadTransposeMatrixf(rowmajor);
   api_glGetFloatv(GL_TEXTURE_MATRIX, mat);
   CHECK(mat[12] == 5 && mat[13] == 6 && mat[3] == 0, "transpose load %f %f %f", mat[12], mat[13],
         mat[3]);
   api_glMultTransposeMatrixf(rowmajor);
   api_glGetFloatv(GL_TEXTURE_MATRIX, mat);
   CHECK(mat[12] == 10 && mat[14] == 14, "transpose mult %f %f", mat[12], mat[14]);
   api_glPopMatrix();
   api_glMatrixMode(GL_MODELVIEW);

   /* tex parameters */
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   CHECK(v == GL_MIRRORED_REPEAT, "wrap %x", v);
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   CHECK(v == GL_NEAREST_MIPMAP_LINEAR, "min filter %x", v);

   /* the attribute stack: bindings, env, enables and parameters */
   api_glPushAttrib(GL_TEXTURE_BIT);
   api_glBindTexture(GL_TEXTURE_2D, 0);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
   api_glEnable(GL_TEXTURE_1D);
   api_glActiveTexture(GL_TEXTURE3);
   api_glPopAttrib();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
   CHECK(v == GL_TEXTURE0, "active unit after pop %x", v);
   api_glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK(v == (GLint)t, "binding after pop %d", v);
   api_glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &v);
   CHECK(v == GL_MODULATE, "env after pop %x", v);
   CHECK(!api_glIsEnabled(GL_TEXTURE_1D), "TEXTURE_1D after pop");
   api_glDeleteTextures(1, &t);
}

/* GL_ARB_texture_rg and GL_ARB_texture_float: acceptance follows ctx->caps,
 * missing components read as 0 (alpha 1), float texels are not clamped,
 * the view's swizzle gives the base format's components when drawing. */
static void
test_rg_float_formats(struct test_env *e)
{
   struct st_caps_result saved = e->ctx->caps;
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   const GLubyte px[4] = { 200, 100, 50, 25 };
   GLubyte back[4];
   GLint v;

   /* not offered: the formats and queries are errors */
   e->ctx->caps.ext_texture_rg = false;
   e->ctx->caps.ext_texture_float = false;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE_ARB, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLuint rb;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RG8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   e->ctx->caps.ext_texture_rg = true;
   e->ctx->caps.ext_texture_float = true;
   api_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);

   /* R8: R kept, G = B = 0, A = 1 */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 200 && back[1] == 0 && back[2] == 0 && back[3] == 255,
         "R8 read back %u %u %u %u", back[0], back[1], back[2], back[3]);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   CHECK(v == 8, "R8 red size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
   CHECK(v == 0, "R8 green size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE_ARB, &v);
   CHECK(v == GL_UNSIGNED_NORMALIZED, "R8 red type %x", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_TYPE_ARB, &v);
   CHECK(v == GL_NONE, "R8 alpha type %x", v);

   /* drawn with REPLACE: (R, 0, 0) */
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 200, 0, 0, 1);

   /* RG8 */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 200 && back[1] == 100 && back[2] == 0 && back[3] == 255,
         "RG8 read back %u %u %u %u", back[0], back[1], back[2], back[3]);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 200, 100, 0, 1);

   /* RGBA32F: not clamped, type FLOAT */
   const GLfloat fpx[4] = { 2.5f, -1.0f, 0.25f, 0.5f };
   GLfloat fback[4] = { 0, 0, 0, 0 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT, fpx);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fback);
   CHECK(fback[0] == 2.5f && fback[1] == -1.0f && fback[2] == 0.25f && fback[3] == 0.5f,
         "RGBA32F read back %g %g %g %g", fback[0], fback[1], fback[2], fback[3]);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE_ARB, &v);
   CHECK(v == GL_FLOAT, "RGBA32F red type %x", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   CHECK(v == 32, "RGBA32F alpha size %d", v);

   /* ALPHA16F (RGBA storage): only A read back and sampled */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA16F_ARB, 1, 1, 0, GL_RGBA, GL_FLOAT, fpx);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fback);
   CHECK(fback[0] == 0 && fback[1] == 0 && fback[2] == 0 && fback[3] == 0.5f,
         "ALPHA16F read back %g %g %g %g", fback[0], fback[1], fback[2], fback[3]);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   CHECK(v == 0, "ALPHA16F red size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   CHECK(v == 16, "ALPHA16F alpha size %d", v);

   /* LUMINANCE32F sampled as (L, L, L, 1) */
   const GLfloat lum = 0.25f;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE32F_ARB, 1, 1, 0, GL_LUMINANCE, GL_FLOAT,
                    &lum);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_TYPE_ARB, &v);
   CHECK(v == GL_FLOAT, "LUMINANCE32F luminance type %x", v);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 64, 64, 64, 1);
   api_glDisable(GL_TEXTURE_2D);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);

   /* an R8 renderbuffer: renderable, reads back (R, 0, 0, 1) */
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_R8, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint fb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "R8 renderbuffer incomplete");
   api_glClearColor(0.5f, 0.75f, 1.0f, 0.25f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_read_px(1, 1, back);
   CHECK(abs(back[0] - 128) <= 1 && back[1] == 0 && back[2] == 0 && back[3] == 255,
         "R8 renderbuffer %u %u %u %u", back[0], back[1], back[2], back[3]);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_GREEN_SIZE, &v);
   CHECK(v == 0, "R8 renderbuffer green size %d", v);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);
   api_glClearColor(0, 0, 0, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDeleteTextures(1, &t);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   e->ctx->caps = saved;
}

/* GL_ARB_depth_buffer_float: DEPTH_COMPONENT32F / DEPTH32F_STENCIL8 textures and
 * renderbuffers, refused until offered. */
static void
test_depth_float(struct test_env *e)
{
   struct st_caps_result saved = e->ctx->caps;
   GLuint t, rb[2], fb;
   GLint v;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glGenRenderbuffers(2, rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   const GLfloat z[2] = { 0.25f, 0.75f };
   e->ctx->caps.ext_depth_buffer_float = false;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 2, 1, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, z);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, 2, 1, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, z);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH32F_STENCIL8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   e->ctx->caps.ext_depth_buffer_float = true;
   e->ctx->caps.ext_texture_float = true;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 2, 1, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, z);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLfloat zb[2] = { 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, zb);
   CHECK(zb[0] == 0.25f && zb[1] == 0.75f, "DEPTH_COMPONENT32F read back %g %g", zb[0], zb[1]);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_SIZE, &v);
   CHECK(v == 32, "DEPTH_COMPONENT32F depth size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_TYPE_ARB, &v);
   CHECK(v == GL_FLOAT, "DEPTH_COMPONENT32F depth type %x", v);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, 2, 1, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, z);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_STENCIL_SIZE, &v);
   CHECK(v == 8, "DEPTH32F_STENCIL8 stencil size %d", v);

   /* FLOAT_32_UNSIGNED_INT_24_8_REV: 8-byte pixels (float depth, then stencil
    * in the low byte of the second word); depth is clamped to [0, 1] on upload
    * (ARB_depth_buffer_float keeps the clamps, as Mesa does) */
   {
      uint32_t up[4], dn[4] = { 0, 0, 0, 0 };
      const float zin[2] = { 1.5f, 0.25f };
      memcpy(&up[0], &zin[0], 4);
      memcpy(&up[2], &zin[1], 4);
      up[1] = 0xabcdef07u;   /* the unused 24 bits are ignored */
      up[3] = 0x000000c8u;
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, 2, 1, 0, GL_DEPTH_STENCIL,
                       GL_FLOAT_32_UNSIGNED_INT_24_8_REV, up);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, dn);
      CHECK_GL_ERROR(GL_NO_ERROR);
      float zo[2];
      memcpy(&zo[0], &dn[0], 4);
      memcpy(&zo[1], &dn[2], 4);
      CHECK(zo[0] == 1.0f && zo[1] == 0.25f && dn[1] == 7u && dn[3] == 0xc8u,
            "DEPTH32F_STENCIL8 32F_24_8_REV round trip %g %08x %g %08x", zo[0], dn[1], zo[1],
            dn[3]);
      /* the same data as UNSIGNED_INT_24_8 */
      GLuint p24[2] = { 0, 0 };
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, p24);
      CHECK(p24[0] == 0xffffff07u && p24[1] == ((0x400000u << 8) | 0xc8u),
            "DEPTH32F_STENCIL8 as 24_8 %08x %08x", p24[0], p24[1]);
      /* glTexSubImage2D of the second texel */
      const float z2 = -2.0f;
      uint32_t sub[2];
      memcpy(&sub[0], &z2, 4);
      sub[1] = 3u;
      api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, GL_DEPTH_STENCIL,
                          GL_FLOAT_32_UNSIGNED_INT_24_8_REV, sub);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, dn);
      memcpy(&zo[1], &dn[2], 4);
      CHECK(zo[1] == 0.0f && dn[3] == 3u && zo[0] == 1.0f && dn[1] == 7u,
            "32F_24_8_REV sub-image %g %u", zo[1], dn[3]);
      /* error rules: the type goes with GL_DEPTH_STENCIL only */
      api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_DEPTH_COMPONENT,
                          GL_FLOAT_32_UNSIGNED_INT_24_8_REV, sub);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
                        dn);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                       GL_FLOAT_32_UNSIGNED_INT_24_8_REV, sub);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      /* a DEPTH24_STENCIL8 texture takes the float depth too */
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 2, 1, 0, GL_DEPTH_STENCIL,
                       GL_FLOAT_32_UNSIGNED_INT_24_8_REV, up);
      CHECK_GL_ERROR(GL_NO_ERROR);
      memset(dn, 0, sizeof dn);
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, dn);
      memcpy(&zo[0], &dn[0], 4);
      memcpy(&zo[1], &dn[2], 4);
      CHECK(zo[0] == 1.0f && fabsf(zo[1] - 0.25f) < 1e-6f && dn[1] == 7u && dn[3] == 0xc8u,
            "DEPTH24_STENCIL8 32F_24_8_REV %g %u %g %u", zo[0], dn[1], zo[1], dn[3]);
      /* unoffered: GL_INVALID_ENUM */
      e->ctx->caps.ext_depth_buffer_float = false;
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, dn);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_DEPTH_STENCIL,
                          GL_FLOAT_32_UNSIGNED_INT_24_8_REV, sub);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      e->ctx->caps.ext_depth_buffer_float = true;
   }

   /* a DEPTH32F_STENCIL8 renderbuffer: cleared and read back */
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH32F_STENCIL8, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
   CHECK(v == 32, "DEPTH32F_STENCIL8 renderbuffer depth size %d", v);
   api_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v);
   CHECK(v == 8, "DEPTH32F_STENCIL8 renderbuffer stencil size %d", v);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "DEPTH32F_STENCIL8 framebuffer incomplete");
   api_glClearDepth(0.375);
   api_glClearStencil(5);
   api_glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   GLfloat d = 0;
   GLubyte sv = 0;
   api_glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   api_glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(d == 0.375f && sv == 5, "DEPTH32F_STENCIL8 cleared to %g / %u", d, sv);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(2, rb);
   api_glDeleteTextures(1, &t);
   api_glClearDepth(1.0);
   api_glClearStencil(0);
   e->ctx->caps = saved;
}

/* colour-index uploads: index shift/offset and the I-to-RGBA maps, but not
 * the RGBA scale/bias (GL 2.1 3.6.5) */
static void
test_index_upload(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLfloat map[2] = { 0.0f, 1.0f };
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, map);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, map);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, map);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, map);
   api_glPixelTransferf(GL_RED_SCALE, 0.5f);
   api_glPixelTransferf(GL_GREEN_BIAS, 0.25f);
   api_glPixelTransferi(GL_INDEX_OFFSET, 1);
   const GLubyte idx[2] = { 0, 1 };   /* + offset 1: 1, 2; masked to the map size: 1, 0 */
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte back[8];
   memset(back, 0, sizeof back);
   /* read back without transfer operations */
   api_glPixelTransferf(GL_RED_SCALE, 1.0f);
   api_glPixelTransferf(GL_GREEN_BIAS, 0.0f);
   api_glPixelTransferi(GL_INDEX_OFFSET, 0);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 255 && back[1] == 255 && back[2] == 255 && back[3] == 255,
         "index 0 + offset 1 -> %u %u %u %u (scale/bias must not apply)", back[0], back[1],
         back[2], back[3]);
   CHECK(back[4] == 0 && back[5] == 0 && back[6] == 0 && back[7] == 0,
         "index 1 + offset 1 -> %u %u %u %u", back[4], back[5], back[6], back[7]);
   const GLfloat one[1] = { 0.0f };
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 1, one);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 1, one);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 1, one);
   api_glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 1, one);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   api_glDeleteTextures(1, &t);
}

/* EXT_texture_sRGB: stored as given, sampled decoded, read back encoded */
static void
test_srgb(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   GLubyte img[4 * 4 * 4];
   for (unsigned i = 0; i < 16; i++) {
      img[4 * i + 0] = 128;
      img[4 * i + 1] = 64;
      img[4 * i + 2] = 255;
      img[4 * i + 3] = 200;
   }
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte back[4 * 4 * 4];
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 128 && back[1] == 64 && back[2] == 255 && back[3] == 200,
         "SRGB8_ALPHA8 read back %u %u %u %u (want the stored 128 64 255 200)", back[0],
         back[1], back[2], back[3]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* sRGB 128 -> linear 0.2158 (55), 64 -> 0.0513 (13), 255 -> 1 */
   CHECK_PX_RGB(4, 4, 55, 13, 255, 1);

   /* sRGB S3TC compressed from uncompressed data */
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   CHECK(v == GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, "DXT1 sRGB internal format %x", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   CHECK(v == GL_TRUE, "DXT1 sRGB compressed %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 8, "DXT1 sRGB 4x4 image size %d", v);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(abs(back[0] - 128) <= 5 && abs(back[1] - 64) <= 3 && back[2] == 255 && back[3] == 255,
         "DXT1 sRGB read back %u %u %u %u", back[0], back[1], back[2], back[3]);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 55, 13, 255, 3);
   api_glDisable(GL_TEXTURE_2D);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   api_glDeleteTextures(1, &t);
}

/* EXT_texture_snorm: signed storage, read back unclamped as GL_FLOAT */
static void
test_snorm(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLfloat in[4] = { -1.0f, -0.5f, 0.5f, 1.0f };
   GLfloat out[4] = { 0, 0, 0, 0 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 1, 1, 0, GL_RGBA, GL_FLOAT, in);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
   CHECK(out[0] == -1.0f && fabsf(out[1] + 0.5f) < 0.01f && fabsf(out[2] - 0.5f) < 0.01f &&
         out[3] == 1.0f, "RGBA8_SNORM read back %g %g %g %g", (double)out[0],
         (double)out[1], (double)out[2], (double)out[3]);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   CHECK(v == GL_RGBA8_SNORM, "RGBA8_SNORM internal format %x", v);
   /* luminance: L in R, G = B = 0, A = 1 (RGBA storage) */
   const GLfloat l = -0.25f;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE16_SNORM, 1, 1, 0, GL_LUMINANCE, GL_FLOAT, &l);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
   CHECK(fabsf(out[0] + 0.25f) < 0.001f && out[1] == 0.0f && out[2] == 0.0f && out[3] == 1.0f,
         "LUMINANCE16_SNORM read back %g %g %g %g", (double)out[0], (double)out[1],
         (double)out[2], (double)out[3]);
   /* signed bytes into snorm storage: the storage's rule c / 127 (at least
    * -1), not GL 2.1's (2c + 1) / 255, so bytes round-trip exactly:
    * -127 -> -1, 64 -> 64/127, -128 -> -1 */
   const GLbyte rb[2] = { -127, 64 };
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RG_SNORM, 1, 1, 0, GL_RG, GL_BYTE, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
   CHECK(fabsf(out[0] + 1.0f) < 0.0001f && fabsf(out[1] - 64.0f / 127.0f) < 0.0001f &&
         out[2] == 0.0f &&
         out[3] == 1.0f, "RG_SNORM read back %g %g %g %g", (double)out[0], (double)out[1],
         (double)out[2], (double)out[3]);
   GLbyte back[2] = { 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_BYTE, back);
   CHECK(back[0] == -127 && back[1] == 64, "RG_SNORM as bytes %d %d", back[0], back[1]);
   /* 16 bits: every value of a short except -32768 (read as -32767) */
   const GLshort rs[4] = { -32768, -32767, 32767, -1 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16_SNORM, 2, 1, 0, GL_RG, GL_SHORT, rs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLshort sback[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_SHORT, sback);
   CHECK(sback[0] == -32767 && sback[1] == -32767 && sback[2] == 32767 && sback[3] == -1,
         "RG16_SNORM as shorts %d %d %d %d", sback[0], sback[1], sback[2], sback[3]);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   api_glDeleteTextures(1, &t);
}

/* GL_ARB_clear_texture: whole-image and sub-region clears, NULL data,
 * depth, cube faces, and the errors. */
static void
test_clear_texture(void)
{
   GLuint t;
   GLubyte px[4 * 4 * 4];
   api_glGenTextures(1, &t);
   /* generated but never bound: not yet a texture object with images */
   api_glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexImage(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D, t);
   memset(px, 0x11, sizeof px);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   const GLubyte red[4] = { 255, 0, 0, 128 };
   api_glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   CHECK_GL_ERROR(GL_NO_ERROR);
   const GLfloat blue[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
   api_glClearTexSubImage(t, 0, 1, 2, 0, 2, 1, 1, GL_RGBA, GL_FLOAT, blue);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClearTexSubImage(t, 0, 3, 3, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(px, 0x55, sizeof px);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 4; x++) {
         const GLubyte *p = px + (y * 4 + x) * 4;
         GLubyte e[4] = { 255, 0, 0, 128 };
         if (y == 2 && (x == 1 || x == 2)) {
            e[0] = 0; e[2] = 255; e[3] = 255;
         } else if (x == 3 && y == 3) {
            e[0] = 0; e[3] = 0;
         }
         CHECK(p[0] == e[0] && p[1] == e[1] && p[2] == e[2] && p[3] == e[3],
               "cleared texel (%d,%d) = %u,%u,%u,%u, expected %u,%u,%u,%u", x, y, p[0], p[1],
               p[2], p[3], e[0], e[1], e[2], e[3]);
      }
   }
   /* errors: region outside, undefined level, depth data into colour,
    * integer data into a normalized texture */
   api_glClearTexSubImage(t, 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexSubImage(t, 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexImage(t, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexImage(t, -1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   const GLuint zi = 0;
   api_glClearTexImage(t, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &zi);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexImage(t, 0, GL_RGBA, GL_BGRA, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* depth: 0.25 stored, read back as a float */
   const GLfloat zq = 0.25f;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 2, 0, GL_DEPTH_COMPONENT,
                    GL_FLOAT, NULL);
   api_glClearTexImage(t, 0, GL_RGBA, GL_FLOAT, blue);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexImage(t, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &zq);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLfloat zo[4] = { -1, -1, -1, -1 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, zo);
   CHECK(fabsf(zo[0] - 0.25f) < 0.001f && fabsf(zo[3] - 0.25f) < 0.001f,
         "cleared depth %g %g", (double)zo[0], (double)zo[3]);
   api_glDeleteTextures(1, &t);
   /* cube map: zoffset selects the face */
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t);
   for (unsigned f = 0; f < 6; f++)
      api_glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, NULL);
   api_glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   const GLubyte green[4] = { 0, 255, 0, 255 };
   api_glClearTexSubImage(t, 0, 0, 0, 4, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClearTexSubImage(t, 0, 0, 0, 5, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLubyte c[4] = { 1, 1, 1, 1 };
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   CHECK(c[0] == 0 && c[1] == 255 && c[2] == 0 && c[3] == 255, "face 4 %u,%u,%u,%u", c[0],
         c[1], c[2], c[3]);
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   CHECK(c[0] == 255 && c[1] == 0 && c[2] == 0 && c[3] == 128, "face 5 %u,%u,%u,%u", c[0],
         c[1], c[2], c[3]);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
   api_glDeleteTextures(1, &t);
   /* 1D with a border: the border texels count for the region check */
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_1D, t);
   api_glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glClearTexSubImage(t, 0, -1, 0, 0, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClearTexSubImage(t, 0, -2, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearTexSubImage(t, 0, 1, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(px, 0x55, sizeof px);
   api_glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[1] == 255 && px[4] == 255 && px[5] == 0 && px[7] == 128 && px[13] == 255,
         "1D clear %u %u %u %u %u", px[1], px[4], px[5], px[7], px[13]);
   api_glBindTexture(GL_TEXTURE_1D, 0);
   api_glDeleteTextures(1, &t);
   /* 2D array: zoffset selects layers */
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 2, 1, 3, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   api_glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   api_glClearTexSubImage(t, 0, 1, 0, 1, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(px, 0x55, sizeof px);
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   /* texel (x, layer) at (layer * 2 + x) * 4 */
   CHECK(px[0] == 255 && px[4] == 255 && px[8] == 255 && px[12] == 0 && px[13] == 255 &&
         px[20] == 0 && px[21] == 255, "2D array clear %u %u %u %u %u %u %u", px[0], px[4],
         px[8], px[12], px[13], px[20], px[21]);
   api_glClearTexSubImage(t, 0, 0, 0, 2, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, 0);
   api_glDeleteTextures(1, &t);
}

/* glGetTexImage's component rules (GL 2.1 6.1.4, table 6.1): intensity
 * reads back as (I, 0, 0, 1); GL_LUMINANCE of an RGBA texture is R alone
 * (glReadPixels' R + G + B sum does not apply) */
static void
test_getteximage_components(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLubyte in[4] = { 200, 0, 0, 0 };
   const GLenum ifmt[2] = { GL_INTENSITY8, GL_INTENSITY16F_ARB };
   for (unsigned i = 0; i < 2; i++) {
      api_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt[i], 1, 1, 0, GL_LUMINANCE,
                       GL_UNSIGNED_BYTE, in);
      CHECK_GL_ERROR(GL_NO_ERROR);
      GLfloat f[4] = { -1, -1, -1, -1 };
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f);
      CHECK(fabsf(f[0] - 200.0f / 255.0f) < 2e-3f && f[1] == 0 && f[2] == 0 && f[3] == 1.0f,
            "intensity 0x%x read back %g %g %g %g", ifmt[i], f[0], f[1], f[2], f[3]);
   }
   const GLfloat rgba[4] = { 0.5f, 0.25f, 0.125f, 1.0f };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT, rgba);
   GLfloat l[2] = { -1, -1 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, GL_FLOAT, l);
   CHECK(fabsf(l[0] - 0.5f) < 3e-3f && fabsf(l[1] - 1.0f) < 1e-6f,
         "RGBA as LUMINANCE_ALPHA %g %g (want R, A)", l[0], l[1]);
   api_glDeleteTextures(1, &t);
}

/* GL_ARB_texture_stencil8: STENCIL_INDEX8 images, their errors, read-back,
 * copies from the stencil buffer, FBO stencil attachment, and fixed
 * function treating the unit as disabled */
static void
test_stencil8(void)
{
   GLuint t;
   GLint v = -1;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   GLubyte s[16], back[16];
   for (unsigned i = 0; i < 16; i++)
      s[i] = (GLubyte)(255 - 13 * i);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX,
                    GL_UNSIGNED_BYTE, s);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(back, s, 16) == 0, "stencil round trip %u %u / %u %u", back[0], back[15], s[0],
         s[15]);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_STENCIL_SIZE, &v);
   CHECK(v == 8, "stencil size %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_SIZE, &v);
   CHECK(v == 0, "stencil texture depth size %d", v);
   /* sub image through the index offset (pixel transfer applies) */
   api_glPixelTransferi(GL_INDEX_OFFSET, 3);
   const GLushort two[2] = { 10, 300 };
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 2, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, two);
   api_glPixelTransferi(GL_INDEX_OFFSET, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
   CHECK(back[9] == 13 && back[10] == (303 & 255) && back[8] == s[8],
         "stencil sub image %u %u %u", back[8], back[9], back[10]);
   /* errors */
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, s);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, s);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage3D(GL_TEXTURE_3D, 0, GL_STENCIL_INDEX8, 2, 2, 2, 0, GL_STENCIL_INDEX,
                    GL_UNSIGNED_BYTE, s);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLuint rgba_t;
   api_glGenTextures(1, &rgba_t);
   api_glBindTexture(GL_TEXTURE_2D, rgba_t);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, s);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &rgba_t);

   /* copy from the window's stencil buffer (Z24S8): cleared to 0x5a, then
    * one pixel drawn with stencil 0x21 */
   api_glClearStencil(0x5a);
   api_glClear(GL_STENCIL_BUFFER_BIT);
   api_glEnable(GL_STENCIL_TEST);
   api_glStencilFunc(GL_ALWAYS, 0x21, 0xff);
   api_glStencilOp(GL_REPLACE, GL_REPLACE, GL_REPLACE);
   api_glBegin(GL_POINTS);
   api_glVertex2f(1.5f, 0.5f);
   api_glEnd();
   api_glDisable(GL_STENCIL_TEST);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 0, 0, 4, 4, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 0x5a && back[1] == 0x21 && back[15] == 0x5a,
         "stencil copy %x %x %x", back[0], back[1], back[15]);

   /* glClearTexSubImage with one stencil index */
   const GLubyte sval = 0x3c;
   api_glClearTexSubImage(t, 0, 1, 1, 0, 2, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sval);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
   CHECK(back[5] == 0x3c && back[10] == 0x3c && back[0] == 0x5a && back[1] == 0x21,
         "stencil clear %x %x %x %x", back[5], back[10], back[0], back[1]);

   /* as an FBO's stencil attachment: a stencil clear lands in the texture */
   GLuint fb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, t, 0);
   GLuint rb;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   GLenum st = api_glCheckFramebufferStatus(GL_FRAMEBUFFER);
   CHECK(st == GL_FRAMEBUFFER_COMPLETE, "stencil texture FBO status 0x%x", st);
   api_glClearStencil(0x77);
   api_glClear(GL_STENCIL_BUFFER_BIT);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, back);
   CHECK(back[0] == 0x77 && back[15] == 0x77, "FBO stencil clear %x %x", back[0], back[15]);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);

   /* fixed function: a stencil texture leaves the unit disabled */
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glEnable(GL_TEXTURE_2D);
   api_glColor3ub(10, 200, 30);
   test_tex_quad(W, H, 0, 0, 1, 1);
   api_glDisable(GL_TEXTURE_2D);
   api_glColor3ub(255, 255, 255);
   CHECK_PX_RGB(5, 5, 10, 200, 30, 1);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GL_ARB_half_float_pixel: GL_HALF_FLOAT client data in glTexImage,
 * glGetTexImage (float textures unclamped), glReadPixels and glDrawPixels;
 * refused (GL_INVALID_ENUM) when the extension is off */
static void
test_half_float_pixel(struct test_env *e)
{
   struct st_caps_result saved = e->ctx->caps;
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLushort h[4] = { 0x4100 /* 2.5 */, 0x3800 /* 0.5 */, 0x3400 /* 0.25 */,
                           0x3c00 /* 1 */ };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F_ARB, 1, 1, 0, GL_RGBA, GL_HALF_FLOAT_ARB, h);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLushort hb[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_HALF_FLOAT_ARB, hb);
   CHECK(memcmp(hb, h, sizeof h) == 0, "half round trip %04x %04x %04x %04x", hb[0], hb[1], hb[2],
         hb[3]);
   GLfloat fb[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fb);
   CHECK(fb[0] == 2.5f && fb[1] == 0.5f && fb[2] == 0.25f && fb[3] == 1.0f,
         "half upload read as float %g %g %g %g", fb[0], fb[1], fb[2], fb[3]);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_HALF_FLOAT_ARB, h);
   GLubyte ub[4] = { 0, 0, 0, 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, ub);
   CHECK(ub[0] == 255 && abs(ub[1] - 128) <= 1 && abs(ub[2] - 64) <= 1 && ub[3] == 255,
         "half into RGBA8 %u %u %u %u", ub[0], ub[1], ub[2], ub[3]);
   api_glDeleteTextures(1, &t);

   /* window: glDrawPixels of half data, glReadPixels back as half */
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glWindowPos2i(2, 3);
   api_glDrawPixels(1, 1, GL_RGBA, GL_HALF_FLOAT_ARB, h);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLushort rb[4] = { 0, 0, 0, 0 };
   api_glReadPixels(2, 3, 1, 1, GL_RGBA, GL_HALF_FLOAT_ARB, rb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 8-bit window: 2.5 clamps to 1, 0.5 -> 128/255, 0.25 -> 64/255 */
   CHECK(rb[0] == 0x3c00 && fabsf(util_half_to_float(rb[1]) - 128.0f / 255) < 1e-3f &&
         fabsf(util_half_to_float(rb[2]) - 64.0f / 255) < 1e-3f && rb[3] == 0x3c00,
         "half read back %04x %04x %04x %04x", rb[0], rb[1], rb[2], rb[3]);

   e->ctx->caps.ext_half_float_pixel = false;
   api_glReadPixels(2, 3, 1, 1, GL_RGBA, GL_HALF_FLOAT_ARB, rb);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawPixels(1, 1, GL_RGBA, GL_HALF_FLOAT_ARB, h);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   e->ctx->caps = saved;
}

/* ARB_texture_swizzle: parameters, errors, the attribute stack, and
 * sampling: applied after the base-format expansion, before texenv */
static void
test_swizzle(void)
{
   GLuint t;
   GLint v[4] = { 0, 0, 0, 0 };
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, v);
   CHECK(v[0] == GL_RED && v[1] == GL_GREEN && v[2] == GL_BLUE && v[3] == GL_ALPHA,
         "initial swizzle %x %x %x %x", v[0], v[1], v[2], v[3]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, GL_RED);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const GLint bad[4] = { GL_RED, GL_GREEN, GL_BLUE, GL_LUMINANCE };
   api_glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, bad);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, v);
   CHECK(v[0] == GL_ALPHA, "rejected RGBA swizzle left A at %x", v[0]);

   const GLubyte texel[4] = { 10, 20, 30, 40 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const GLint swz[4] = { GL_BLUE, GL_ONE, GL_ZERO, GL_RED };
   api_glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 30, 255, 0, 1);
   GLubyte a = 0;
   api_glReadPixels(4, 4, 1, 1, GL_ALPHA, GL_UNSIGNED_BYTE, &a);
   CHECK(a == 10, "swizzled alpha %u (want R = 10)", a);

   /* the attribute stack keeps it with the other texture parameters */
   api_glPushAttrib(GL_TEXTURE_BIT);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_GREEN);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 20, 255, 0, 1);
   api_glPopAttrib();
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 30, 255, 0, 1);

   /* luminance: (L, L, L, 1) first, then the swizzle: R = ZERO */
   const GLubyte lum = 90;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                    &lum);
   const GLint swz2[4] = { GL_ZERO, GL_GREEN, GL_BLUE, GL_ALPHA };
   api_glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz2);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 0, 90, 90, 1);
   /* ALPHA base format: REPLACE keeps the fragment colour whatever the
    * swizzle makes of R, G, B (the extension's issue 7) */
   const GLubyte al = 200;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA8, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_BYTE, &al);
   const GLint swz3[4] = { GL_ONE, GL_ONE, GL_ONE, GL_ALPHA };
   api_glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz3);
   api_glColor3ub(40, 50, 60);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 40, 50, 60, 1);
   api_glColor3ub(255, 255, 255);
   api_glDisable(GL_TEXTURE_2D);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Fixed-function shadow lookups expand the comparison result by
 * DEPTH_TEXTURE_MODE: ALPHA gives (0, 0, 0, r) (the sampler view used to
 * zero r itself), RED (ARB_texture_rg) gives (r, 0, 0, 1). */
static void
test_shadow_depth_modes(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLfloat z = 0.5f;
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                    &z);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
   api_glEnable(GL_TEXTURE_2D);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   static const struct {
      GLenum mode;
      GLfloat r;
      int rgb[3];
      int a;
   } cases[] = {
      /* r = 0.25 < 0.5: passes (1); r = 0.75: fails (0) */
      { GL_ALPHA, 0.25f, { 255, 0, 255 }, 255 },
      { GL_ALPHA, 0.75f, { 255, 0, 255 }, 0 },
      { GL_LUMINANCE, 0.25f, { 255, 0, 255 }, 255 },
      { GL_LUMINANCE, 0.75f, { 0, 0, 0 }, 255 },
      { GL_INTENSITY, 0.75f, { 0, 0, 0 }, 0 },
      { GL_RED, 0.25f, { 255, 0, 0 }, 255 },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      api_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, (GLint)cases[i].mode);
      api_glColor4f(1, 0, 1, 1);
      api_glBegin(GL_QUADS);
      api_glTexCoord3f(0.5f, 0.5f, cases[i].r);
      api_glVertex2f(0, 0);
      api_glVertex2f(W, 0);
      api_glVertex2f(W, H);
      api_glVertex2f(0, H);
      api_glEnd();
      CHECK_PX_RGB(4, 4, cases[i].rgb[0], cases[i].rgb[1], cases[i].rgb[2], 1);
      GLubyte a = 77;
      api_glReadPixels(4, 4, 1, 1, GL_ALPHA, GL_UNSIGNED_BYTE, &a);
      CHECK(abs(a - cases[i].a) <= 1, "depth mode 0x%x r %g: alpha %u, want %d", cases[i].mode,
            cases[i].r, a, cases[i].a);
   }
   api_glDisable(GL_TEXTURE_2D);
   api_glColor4f(1, 1, 1, 1);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ARB_point_sprite: with GL_POINT_SPRITE on, units with GL_COORD_REPLACE
 * see (s, t) run across the sprite, t = 0 at its top (the extension's
 * upper-left origin), on the window and on an FBO */
static void
sprite_point(GLfloat s, GLfloat t)
{
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_POINTS);
   api_glTexCoord2f(s, t);
   api_glVertex2f(16, 16);
   api_glEnd();
}

static void
sprite_quadrants(void)
{
   sprite_point(0.9f, 0.9f);
   /* texel rows: t = 0 red, green; t = 1 blue, white */
   CHECK_PX_RGB(10, 21, 255, 0, 0, 1);     /* top left: (0, 0) */
   CHECK_PX_RGB(21, 21, 0, 255, 0, 1);     /* top right: (1, 0) */
   CHECK_PX_RGB(10, 10, 0, 0, 255, 1);     /* bottom left: (0, 1) */
   CHECK_PX_RGB(21, 10, 255, 255, 255, 1);
}

static void
test_point_sprite(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLubyte texels[12] = { 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255 };
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE, texels);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   api_glPointSize(16);
   api_glClearColor(0, 0, 0, 0);

   /* COORD_REPLACE off: the vertex's texcoord (0.9, 0.9) -> white everywhere */
   api_glEnable(GL_POINT_SPRITE);
   sprite_point(0.9f, 0.9f);
   CHECK_PX_RGB(10, 21, 255, 255, 255, 1);
   CHECK_PX_RGB(10, 10, 255, 255, 255, 1);

   api_glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   GLint v = 0;
   api_glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &v);
   CHECK(v == GL_TRUE, "COORD_REPLACE %d", v);
   CHECK(api_glIsEnabled(GL_POINT_SPRITE), "POINT_SPRITE enabled");
   sprite_quadrants();   /* the window (a y-flipped buffer) */

   GLuint fb, rb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   sprite_quadrants();   /* an FBO */
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(1, &rb);

   /* GL_POINT_SPRITE off: an ordinary point, the vertex texcoord again */
   api_glDisable(GL_POINT_SPRITE);
   sprite_point(0.1f, 0.1f);
   CHECK_PX_RGB(10, 21, 255, 0, 0, 1);
   CHECK_PX_RGB(21, 10, 255, 0, 0, 1);
   /* GL_POINT_SPRITE_COORD_ORIGIN (GL 2.0): two values */
   api_glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);

   api_glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
   api_glPointSize(1);
   api_glDisable(GL_TEXTURE_2D);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_objects();
   test_images();
   test_draw();
   test_mipmaps_copy_compressed();
   test_state();
   test_rg_float_formats(&e);
   test_depth_float(&e);
   test_index_upload();
   test_srgb();
   test_snorm();
   test_clear_texture();
   test_getteximage_components();
   test_stencil8();
   test_half_float_pixel(&e);
   test_swizzle();
   test_shadow_depth_modes();
   test_point_sprite();
   test_env_fini(&e);
   return st_test_finish("st_test_texture");
}
