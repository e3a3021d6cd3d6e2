/*
 * Texture image units beyond the fixed-function ones (GL 2.0 section 3.8,
 * GL 3.2's limits): with shaders a context has 48 image units (16 per
 * stage) and 8 fixed-function units (MAX_TEXTURE_UNITS = MAX_TEXTURE_COORDS);
 * glActiveTexture and glBindSampler take every image unit, the fixed-
 * function state of the units above 7 (enables, coordinate generation,
 * COORD_REPLACE, texture matrices and their queries) is
 * GL_INVALID_OPERATION there, the texture environment is not.  Then on
 * refpipe and jitpipe a fragment shader samples units 9 and 47 and a
 * vertex shader (with 16 samplers, so the fragment ones are entries 16
 * and 17 of the program's sampler table) unit 30, each bound to a 1x1
 * texture of a colour of its own; the pixel is the colours' channels as
 * the shaders pick them.
 * Without shaders (GL 1.5) glActiveTexture stops at unit 7.
 */
#include <stdio.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 4
#define H 4

static void
test_limits_and_errors(void)
{
   CHECK(test_get_int(GL_MAX_TEXTURE_UNITS) == 8, "GL_MAX_TEXTURE_UNITS %d",
         test_get_int(GL_MAX_TEXTURE_UNITS));
   CHECK(test_get_int(GL_MAX_TEXTURE_COORDS) == 8, "GL_MAX_TEXTURE_COORDS");
   CHECK(test_get_int(GL_MAX_TEXTURE_IMAGE_UNITS) == 16, "GL_MAX_TEXTURE_IMAGE_UNITS %d",
         test_get_int(GL_MAX_TEXTURE_IMAGE_UNITS));
   CHECK(test_get_int(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS) == 16, "vertex units");
   CHECK(test_get_int(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS) == 16, "geometry units");
   CHECK(test_get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) == 48, "combined units %d",
         test_get_int(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS));
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glActiveTexture(GL_TEXTURE0 + 48);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glActiveTexture(GL_TEXTURE0 + 47);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_get_int(GL_ACTIVE_TEXTURE) == GL_TEXTURE0 + 47, "active texture");
   api_glActiveTexture(GL_TEXTURE0 + 20);
   /* the image unit's own state */
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_get_int(GL_TEXTURE_BINDING_2D) == (GLint)tex, "binding on unit 20");
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint mode = 0;
   api_glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   CHECK(mode == GL_REPLACE, "texture environment of unit 20");
   api_glBindSampler(47, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindSampler(48, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* fixed-function state: none on unit 20 */
   api_glEnable(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(api_glIsEnabled(GL_TEXTURE_2D) == GL_FALSE, "IsEnabled");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint gen = -1;
   api_glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, &gen);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(gen == -1, "glGetTexGeniv wrote %d", gen);
   api_glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glMatrixMode(GL_TEXTURE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glLoadIdentity();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTranslatef(1, 2, 3);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glPushMatrix();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLint depth = -777;
   api_glGetIntegerv(GL_TEXTURE_STACK_DEPTH, &depth);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(depth == -777, "GL_TEXTURE_STACK_DEPTH written");
   GLfloat m[16] = { 0 };
   api_glGetFloatv(GL_TEXTURE_MATRIX, m);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* unit 7 has it; its matrix untouched by the refused commands above */
   api_glActiveTexture(GL_TEXTURE7);
   api_glGetFloatv(GL_TEXTURE_MATRIX, m);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(m[12] == 0.0f && m[0] == 1.0f, "unit 7's texture matrix");
   api_glMatrixMode(GL_MODELVIEW);
   api_glActiveTexture(GL_TEXTURE0);
   api_glDeleteTextures(1, &tex);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* 16 vertex samplers (the stage's limit), so that the fragment shader's
 * are the program's sampler table entries 16 and 17 */
static const char vs_src[] =
   "#version 130\n"
   "uniform sampler2D pad[15];\n"
   "uniform sampler2D vtex;\n"
   "out vec4 vcol;\n"
   "void main() {\n"
   "   gl_Position = ftransform();\n"
   "   vec4 z = vec4(0.0);\n"
#define PAD(i) "   z += textureLod(pad[" #i "], vec2(0.5), 0.0);\n"
   PAD(0) PAD(1) PAD(2) PAD(3) PAD(4) PAD(5) PAD(6) PAD(7) PAD(8) PAD(9) PAD(10) PAD(11)
   PAD(12) PAD(13) PAD(14)
#undef PAD
   "   vcol = textureLod(vtex, vec2(0.5), 0.0) + z * 0.0;\n"
   "}\n";

static const char fs_src[] =
   "#version 130\n"
   "uniform sampler2D a;\n"
   "uniform sampler2D b;\n"
   "in vec4 vcol;\n"
   "out vec4 frag;\n"
   "void main() { frag = vec4(texture(a, vec2(0.5)).r, texture(b, vec2(0.5)).g, vcol.b, 1.0); }\n";

/* a 1x1 RGBA8 texture of `rgba` on `unit` */
static GLuint
texel_on(unsigned unit, const GLubyte rgba[4])
{
   GLuint t;
   api_glActiveTexture(GL_TEXTURE0 + unit);
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glActiveTexture(GL_TEXTURE0);
   return t;
}

static void
test_sampling(const char *drv)
{
   /* each texture's other channels are the opposite of what is read, so a
    * sampler reading the wrong unit shows */
   static const GLubyte c9[4] = { 200, 10, 250, 255 };    /* fragment a: red 200 */
   static const GLubyte c47[4] = { 5, 90, 250, 255 };     /* fragment b: green 90 */
   static const GLubyte c30[4] = { 240, 240, 160, 255 };  /* vertex: blue 160 */
   static const GLubyte c0[4] = { 255, 255, 255, 255 };   /* unit 0: must not be read */
   GLuint t[4] = { texel_on(9, c9), texel_on(47, c47), texel_on(30, c30), texel_on(0, c0) };
   GLuint p = test_linked_program(vs_src, NULL, fs_src);
   api_glUseProgram(p);
   api_glUniform1i(api_glGetUniformLocation(p, "a"), 9);
   api_glUniform1i(api_glGetUniformLocation(p, "b"), 47);
   api_glUniform1i(api_glGetUniformLocation(p, "vtex"), 30);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte px[4];
   test_read_px(1, 1, px);
   CHECK(px[0] == 200 && px[1] == 90 && px[2] == 160, "%s: units 9/47/30 read %u,%u,%u", drv,
         px[0], px[1], px[2]);

   /* an incomplete texture on unit 47 (no image) reads (0, 0, 0, 1) */
   api_glActiveTexture(GL_TEXTURE0 + 47);
   api_glBindTexture(GL_TEXTURE_2D, 0);
   api_glActiveTexture(GL_TEXTURE0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   test_read_px(1, 1, px);
   CHECK(px[0] == 200 && px[1] == 0 && px[2] == 160, "%s: unit 47 unbound read %u,%u,%u", drv,
         px[0], px[1], px[2]);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteTextures(4, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   if (first)
      test_limits_and_errors();
   test_sampling(driver);
}

int
main(void)
{
   test_on_each_driver("st_test_units", "3.2", W, H, run);

   /* GL 1.5: the fixed-function units are every unit */
   struct test_env e;
   if (test_env_init_on(&e, "refpipe", "1.5", W, H)) {
      api_glActiveTexture(GL_TEXTURE7);
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glActiveTexture(GL_TEXTURE8);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      CHECK(test_get_int(GL_ACTIVE_TEXTURE) == GL_TEXTURE7, "GL 1.5 active texture");
   } else {
      CHECK(0, "no GL 1.5 context");
   }
   test_env_fini(&e);
   return st_test_finish("st_test_units");
}
