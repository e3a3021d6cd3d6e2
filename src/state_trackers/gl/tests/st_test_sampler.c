/*
 * GL_ARB_sampler_objects (api/api_sampler.c, st_sampler.h): names and
 * errors, parameters and their queries, GL_SAMPLER_BINDING, sampler
 * objects overriding the bound texture's sampling state when drawing
 * (filters, wraps, completeness), unbinding, deletion while bound,
 * display lists and the attribute stack.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 32
#define H 32

/* The current dispatch table's entry (display-list compilation replaces
 * entries there; api_* functions are the execute side). */
static GLint
sampler_binding(void)
{
   GLint v = -1;
   api_glGetIntegerv(GL_SAMPLER_BINDING, &v);
   return v;
}

static void
test_names(void)
{
   GLuint s[3] = { 0, 0, 0 };
   /* advertised since the context has GLSL (st_caps.c says why it waited) */
   CHECK(strstr((const char *)api_glGetString(GL_EXTENSIONS), "GL_ARB_sampler_objects") != NULL,
         "extension advertised");
   api_glGenSamplers(3, s);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(s[0] && s[1] && s[2] && s[0] != s[1] && s[1] != s[2] && s[0] != s[2], "names %u %u %u",
         s[0], s[1], s[2]);
   CHECK(api_glIsSampler(s[0]) && api_glIsSampler(s[2]), "generated names are samplers");
   CHECK(!api_glIsSampler(0), "0 is not a sampler");
   CHECK(!api_glIsSampler(s[2] + 100), "unused name");
   api_glGenSamplers(-1, s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteSamplers(-1, s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   CHECK_EQ_INT(sampler_binding(), 0);
   api_glBindSampler(0, s[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[0]);
   api_glBindSampler(3, s[1]);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[0]);   /* per active unit */
   api_glActiveTexture(GL_TEXTURE3);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[1]);
   GLfloat f = -1;
   api_glGetFloatv(GL_SAMPLER_BINDING, &f);
   CHECK(f == (GLfloat)s[1], "float binding %f", f);
   api_glActiveTexture(GL_TEXTURE0);
   /* unit >= GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS (48) */
   api_glBindSampler(48, s[0]);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindSampler(47, s[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindSampler(47, 0);
   api_glBindSampler(7, s[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* never generated: INVALID_OPERATION, binding unchanged */
   api_glBindSampler(0, s[2] + 100);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[0]);
   /* inside Begin/End */
   api_glBegin(GL_POINTS);
   api_glBindSampler(0, 0);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[0]);
   /* first error sticks */
   api_glBindSampler(99, 0);
   api_glBindSampler(0, s[2] + 100);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* deleting a bound sampler unbinds it from every unit; 0 and unused
    * names are ignored; the name is free afterwards */
   GLuint del[3] = { 0, s[0], s[2] + 100 };
   api_glDeleteSamplers(3, del);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsSampler(s[0]), "deleted");
   CHECK_EQ_INT(sampler_binding(), 0);
   api_glActiveTexture(GL_TEXTURE7);
   CHECK_EQ_INT(sampler_binding(), 0);
   api_glActiveTexture(GL_TEXTURE3);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[1]);
   api_glActiveTexture(GL_TEXTURE0);
   api_glBindSampler(0, s[0]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSamplerParameteri(s[0], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint v = -7;
   api_glGetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(v, -7);
   api_glDeleteSamplers(2, &s[1]);
   api_glActiveTexture(GL_TEXTURE3);
   CHECK_EQ_INT(sampler_binding(), 0);
   api_glActiveTexture(GL_TEXTURE0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_params(void)
{
   GLuint s;
   api_glGenSamplers(1, &s);
   GLint v = -1;
   GLfloat f[4] = { -1, -1, -1, -1 };
   /* table 6.23 initial values */
   static const struct { GLenum pname; GLint value; } init[] = {
      { GL_TEXTURE_WRAP_S, GL_REPEAT }, { GL_TEXTURE_WRAP_T, GL_REPEAT },
      { GL_TEXTURE_WRAP_R, GL_REPEAT }, { GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR },
      { GL_TEXTURE_MAG_FILTER, GL_LINEAR }, { GL_TEXTURE_COMPARE_MODE, GL_NONE },
      { GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL }, { GL_TEXTURE_MIN_LOD, -1000 },
      { GL_TEXTURE_MAX_LOD, 1000 }, { GL_TEXTURE_LOD_BIAS, 0 },
   };
   for (unsigned i = 0; i < sizeof init / sizeof init[0]; i++) {
      v = -12345;
      api_glGetSamplerParameteriv(s, init[i].pname, &v);
      CHECK(v == init[i].value, "initial 0x%x = %d, expected %d", init[i].pname, v,
            init[i].value);
   }
   api_glGetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, f);
   CHECK(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0, "border %f %f %f %f", f[0], f[1],
         f[2], f[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* set and get back */
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   api_glSamplerParameterf(s, GL_TEXTURE_WRAP_T, (GLfloat)GL_MIRRORED_REPEAT);
   GLint iv = GL_CLAMP_TO_BORDER;
   api_glSamplerParameteriv(s, GL_TEXTURE_WRAP_R, &iv);
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   api_glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glSamplerParameterf(s, GL_TEXTURE_MIN_LOD, 1.5f);
   GLfloat fv = 7.25f;
   api_glSamplerParameterfv(s, GL_TEXTURE_MAX_LOD, &fv);
   api_glSamplerParameterf(s, GL_TEXTURE_LOD_BIAS, -2.5f);
   api_glSamplerParameteri(s, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
   api_glSamplerParameteri(s, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_WRAP_S, &v);
   CHECK_EQ_INT(v, GL_CLAMP_TO_EDGE);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_WRAP_T, &v);
   CHECK_EQ_INT(v, GL_MIRRORED_REPEAT);
   api_glGetSamplerParameterfv(s, GL_TEXTURE_WRAP_R, f);
   CHECK(f[0] == (GLfloat)GL_CLAMP_TO_BORDER, "wrap r %f", f[0]);
   api_glGetSamplerParameterIiv(s, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_EQ_INT(v, GL_LINEAR_MIPMAP_NEAREST);
   GLuint uv = 0;
   api_glGetSamplerParameterIuiv(s, GL_TEXTURE_MAG_FILTER, &uv);
   CHECK_EQ_INT(uv, GL_NEAREST);
   api_glGetSamplerParameterfv(s, GL_TEXTURE_MIN_LOD, f);
   CHECK(f[0] == 1.5f, "min lod %f", f[0]);
   api_glGetSamplerParameterfv(s, GL_TEXTURE_MAX_LOD, f);
   CHECK(f[0] == 7.25f, "max lod %f", f[0]);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_MAX_LOD, &v);
   CHECK_EQ_INT(v, 7);
   api_glGetSamplerParameterfv(s, GL_TEXTURE_LOD_BIAS, f);
   CHECK(f[0] == -2.5f, "bias %f", f[0]);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_COMPARE_MODE, &v);
   CHECK_EQ_INT(v, GL_COMPARE_R_TO_TEXTURE);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_COMPARE_FUNC, &v);
   CHECK_EQ_INT(v, GL_GREATER);

   /* border colour: floats unclamped, ints by equation 2.2, I* unmodified */
   const GLfloat bc[4] = { 0.25f, -0.5f, 2.0f, 1.0f };
   api_glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, bc);
   api_glGetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, f);
   CHECK(memcmp(f, bc, sizeof f) == 0, "border %f %f %f %f", f[0], f[1], f[2], f[3]);
   const GLint bci[4] = { 0x7fffffff, 0, -0x7fffffff, 0x3fffffff };
   api_glSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, bci);
   api_glGetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, f);
   CHECK(fabsf(f[0] - 1) < 1e-6f && fabsf(f[1]) < 1e-6f && fabsf(f[2] + 1) < 1e-6f &&
         fabsf(f[3] - 0.5f) < 1e-6f, "int border %f %f %f %f", f[0], f[1], f[2], f[3]);
   GLint gi[4] = { 0, 0, 0, 0 };
   api_glGetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, gi);
   CHECK(gi[0] == 0x7fffffff && abs(gi[1]) <= 1 && gi[2] == -0x7fffffff &&
         abs(gi[3] - 0x3fffffff) <= 128, "int border back %d %d %d %d", gi[0], gi[1], gi[2],
         gi[3]);
   const GLint bcI[4] = { -5, 300, 70000, 1 };
   api_glSamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, bcI);
   api_glGetSamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, gi);
   CHECK(memcmp(gi, bcI, sizeof gi) == 0, "Iiv border %d %d %d %d", gi[0], gi[1], gi[2], gi[3]);
   const GLuint bcU[4] = { 4000000000u, 2, 3, 4 };
   GLuint gu[4] = { 0, 0, 0, 0 };
   api_glSamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, bcU);
   api_glGetSamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, gu);
   CHECK(memcmp(gu, bcU, sizeof gu) == 0, "Iuiv border %u %u %u %u", gu[0], gu[1], gu[2], gu[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors: values as glTexParameter, pnames of the texture only,
    * scalar border colour, unknown name; nothing changes */
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_REPEAT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSamplerParameteri(s, GL_TEXTURE_COMPARE_MODE, GL_LESS);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSamplerParameteri(s, GL_TEXTURE_COMPARE_FUNC, GL_NONE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   static const GLenum texture_only[] = { GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL,
                                          GL_DEPTH_TEXTURE_MODE, GL_GENERATE_MIPMAP,
                                          GL_TEXTURE_PRIORITY, GL_TEXTURE_MAX_ANISOTROPY_EXT };
   for (unsigned i = 0; i < sizeof texture_only / sizeof texture_only[0]; i++) {
      api_glSamplerParameteri(s, texture_only[i], 0);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      v = -3;
      api_glGetSamplerParameteriv(s, texture_only[i], &v);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      CHECK_EQ_INT(v, -3);
   }
   api_glSamplerParameteri(s, GL_TEXTURE_BORDER_COLOR, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSamplerParameterf(s, GL_TEXTURE_BORDER_COLOR, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glSamplerParameteri(0, GL_TEXTURE_WRAP_S, GL_REPEAT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSamplerParameteri(s + 1000, GL_TEXTURE_WRAP_S, GL_REPEAT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetSamplerParameterfv(s + 1000, GL_TEXTURE_WRAP_S, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_WRAP_S, &v);
   CHECK_EQ_INT(v, GL_CLAMP_TO_EDGE);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_EQ_INT(v, GL_LINEAR_MIPMAP_NEAREST);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_COMPARE_FUNC, &v);
   CHECK_EQ_INT(v, GL_GREATER);

   /* glTexParameter does not touch a bound sampler; the sampler does not
    * touch the texture's own parameters */
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glBindSampler(0, s);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
   api_glGetSamplerParameteriv(s, GL_TEXTURE_WRAP_S, &v);
   CHECK_EQ_INT(v, GL_CLAMP_TO_EDGE);
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   CHECK_EQ_INT(v, GL_MIRRORED_REPEAT);
   api_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_EQ_INT(v, GL_NEAREST_MIPMAP_LINEAR);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindSampler(0, 0);
   api_glDeleteTextures(1, &t);
   api_glDeleteSamplers(1, &s);
}

/* 2 x 2 texture: bottom row red, green; top row blue, white */
static GLuint
make_texture(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   const GLubyte img[16] = { 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255 };
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   return t;
}

static void
test_draw(void)
{
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_TEXTURE_2D);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glColor3f(0.5f, 0.5f, 0.5f);
   GLuint t = make_texture();
   /* the texture's own state: LINEAR, CLAMP_TO_EDGE; default min filter
    * wants mipmaps -> incomplete without a sampler */
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);   /* incomplete: untextured */

   GLuint s;
   api_glGenSamplers(1, &s);
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glBindSampler(0, s);
   /* sampler's min filter needs no mipmaps: complete; NEAREST sharp texels */
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(W - 4, 4, 0, 255, 0, 1);
   CHECK_PX_RGB(4, H - 4, 0, 0, 255, 1);
   CHECK_PX_RGB(W - 4, H - 4, 255, 255, 255, 1);
   /* next to the centre line (x = 15.5 px, texel boundary) still sharp */
   CHECK_PX_RGB(W / 2 - 1, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(W / 2, 4, 0, 255, 0, 1);

   /* sampler LINEAR: magnification blends across the boundary (the
    * sampler's wraps, REPEAT, replace the texture's CLAMP_TO_EDGE: at the
    * bottom row t wraps into the top row) */
   api_glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   /* (0, 0): s, t = 1/64: 4 texels, weights 17/32 red + ... ~ (128, 120, 120) */
   CHECK_PX_RGB(0, 0, 128, 120, 120, 4);
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   /* pixel 15 of 32: s = 15.5/32, texel coord 0.96875 - 0.5 -> weight 0.46875 of green */
   CHECK_PX_RGB(W / 2 - 1, 0, 135, 120, 0, 4);
   CHECK_PX_RGB(0, 0, 255, 0, 0, 1);   /* edge: CLAMP_TO_EDGE of the texture */

   /* wrap: sampler REPEAT vs CLAMP_TO_EDGE, texture's own is CLAMP_TO_EDGE.
    * s in [0, 2], t in [0, 1], NEAREST: REPEAT shows the pattern twice */
   api_glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_REPEAT);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 1);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(12, 4, 0, 255, 0, 1);
   CHECK_PX_RGB(20, 4, 255, 0, 0, 1);   /* repeated */
   CHECK_PX_RGB(28, 4, 0, 255, 0, 1);
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 1);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(20, 4, 0, 255, 0, 1);   /* clamped to the last column */
   CHECK_PX_RGB(28, 4, 0, 255, 0, 1);
   /* CLAMP_TO_BORDER with the sampler's border colour */
   const GLfloat border[4] = { 1, 1, 0, 1 };
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   api_glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, border);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 1);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   CHECK_PX_RGB(28, 4, 255, 255, 0, 1);

   /* a sampler on another unit has no effect on unit 0 */
   api_glBindSampler(0, 0);
   api_glBindSampler(1, s);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);   /* texture's own state again: incomplete */

   /* unbinding returns to the texture's state (made complete, LINEAR) */
   api_glBindSampler(1, 0);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 1);
   CHECK_PX_RGB(28, 4, 0, 255, 0, 1);      /* texture: CLAMP_TO_EDGE */
   CHECK_PX_RGB(W / 4 - 1, 0, 143, 112, 0, 4);   /* texture: LINEAR (s = 2 * 7.5/32) */
   /* a sampler whose min filter needs mipmaps makes it incomplete */
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   api_glBindSampler(0, s);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);

   /* deletion while bound: unbound, back to the texture's state */
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_REPEAT);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 1);
   CHECK_PX_RGB(20, 4, 255, 0, 0, 1);      /* sampler REPEAT */
   api_glDeleteSamplers(1, &s);
   CHECK_EQ_INT(sampler_binding(), 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 1);
   CHECK_PX_RGB(20, 4, 0, 255, 0, 1);      /* texture CLAMP_TO_EDGE */
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* rectangle texture + sampler REPEAT: incomplete for that unit */
   GLuint r;
   api_glGenTextures(1, &r);
   api_glBindTexture(GL_TEXTURE_RECTANGLE_ARB, r);
   const GLubyte red[16] = { 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255 };
   api_glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    red);
   api_glEnable(GL_TEXTURE_RECTANGLE_ARB);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 2);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   api_glGenSamplers(1, &s);
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glBindSampler(0, s);   /* wraps REPEAT */
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 2);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 2);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);   /* T still REPEAT */
   /* S and T decide; the sampler's WRAP_R (REPEAT) does not (piglit
    * tex-miplevel-selection sets only S and T for rectangles) */
   api_glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 2);
   CHECK_PX_RGB(4, 4, 255, 0, 0, 1);
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 2, 2);
   CHECK_PX_RGB(4, 4, 128, 128, 128, 2);   /* a mipmap filter: incomplete */
   api_glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glDisable(GL_TEXTURE_RECTANGLE_ARB);
   api_glBindSampler(0, 0);
   api_glDeleteSamplers(1, &s);
   api_glDeleteTextures(1, &r);
   api_glDeleteTextures(1, &t);
   api_glDisable(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Display lists compile glBindSampler / glSamplerParameter (not Gen/Delete);
 * glPushAttrib(GL_TEXTURE_BIT) does not save sampler bindings. */
static void
test_list_attrib(void)
{
   GLuint s[2];
   api_glGenSamplers(2, s);
   GLuint l = api_glGenLists(1);
   GL(glNewList, GLuint, GLenum)(l, GL_COMPILE);
   GL(glBindSampler, GLuint, GLuint)(2, s[0]);
   GL(glSamplerParameteri, GLuint, GLenum, GLint)(s[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint s2 = 0;
   GL(glGenSamplers, GLsizei, GLuint *)(1, &s2);   /* executed */
   CHECK(api_glIsSampler(s2), "glGenSamplers executed while compiling");
   GL(glEndList, void)();
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glActiveTexture(GL_TEXTURE2);
   CHECK_EQ_INT(sampler_binding(), 0);   /* compiled, not executed */
   GLint v = -1;
   api_glGetSamplerParameteriv(s[0], GL_TEXTURE_MAG_FILTER, &v);
   CHECK_EQ_INT(v, GL_LINEAR);
   GL(glCallList, GLuint)(l);
   CHECK_EQ_INT(sampler_binding(), (GLint)s[0]);
   api_glGetSamplerParameteriv(s[0], GL_TEXTURE_MAG_FILTER, &v);
   CHECK_EQ_INT(v, GL_NEAREST);

   api_glPushAttrib(GL_TEXTURE_BIT);
   api_glBindSampler(2, s[1]);
   api_glPopAttrib();
   CHECK_EQ_INT(sampler_binding(), (GLint)s[1]);   /* not restored */
   api_glBindSampler(2, 0);
   api_glActiveTexture(GL_TEXTURE0);
   api_glDeleteLists(l, 1);
   /* a bound sampler left for context destruction to release */
   api_glBindSampler(5, s[1]);
   api_glDeleteSamplers(1, &s[0]);
   api_glDeleteSamplers(1, &s2);
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
   test_names();
   test_params();
   test_draw();
   test_list_attrib();
   test_env_fini(&e);
   return st_test_finish("st_test_sampler");
}
