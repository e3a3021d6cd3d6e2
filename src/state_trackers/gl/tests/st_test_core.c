/*
 * What a core-profile context removes beyond commands and capabilities
 * (st_dispatch.c, api_enable.c have those): the texture parameters and
 * level queries of GL 3.2 core E.2.2 (GL_INVALID_ENUM), depth textures
 * sampled as (r, 0, 0, 1) without GL_DEPTH_TEXTURE_MODE, and programs
 * without shaders failing to link (no fixed function to run).  The
 * compatibility context keeps each, which the test checks beside it.
 * Also GL_RGBA_INTEGER_MODE_EXT with an integer draw buffer after a float
 * one.  refpipe, PONY_GL_VERSION_OVERRIDE=3.3.
 */
#include <string.h>

#include "st_glapi.h"
#include "st_test_fb.h"

#define W 8
#define H 8

/* A 1x1 depth texture of depth 0.25 at unit 0, sampled by a program
 * drawing the whole window; the pixel read back at the centre. */
static void
draw_depth_texel(bool core, GLubyte px[4])
{
   GLuint tex, vao = 0, buf;
   const GLfloat depth = 0.25f;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                    &depth);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint p = test_linked_program(
      "#version 150\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n", NULL,
      "#version 150\nuniform sampler2D t;\nout vec4 o;\n"
      "void main() { o = texture(t, vec2(0.5)); }\n");
   api_glUseProgram(p);
   if (core) {
      api_glGenVertexArrays(1, &vao);
      api_glBindVertexArray(vao);
   }
   static const float quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
   api_glGenBuffers(1, &buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   api_glEnableVertexAttribArray(1);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_read_px(W / 2, H / 2, px);
   api_glDeleteBuffers(1, &buf);
   if (vao)
      api_glDeleteVertexArrays(1, &vao);
   api_glDeleteProgram(p);
   api_glDeleteTextures(1, &tex);
}

/* GL 3.2 core section 3.4: every point is a sprite (no enable): an 8
 * pixel point over the 8x8 window, gl_PointCoord as red and green; pixel
 * (0, 0)'s centre is at s = 0.5 / 8 and, from the upper-left origin (the
 * default), t = 1 - 0.5 / 8, from the lower-left one t = 0.5 / 8. */
static void
test_core_point_sprite(void)
{
   GLuint vao, buf;
   GLuint p = test_linked_program(
      "#version 150\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n", NULL,
      "#version 150\nout vec4 o;\nvoid main() { o = vec4(gl_PointCoord, 0.0, 1.0); }\n");
   api_glUseProgram(p);
   api_glGenVertexArrays(1, &vao);
   api_glBindVertexArray(vao);
   static const float centre[2] = { 0, 0 };
   api_glGenBuffers(1, &buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof centre, centre, GL_STATIC_DRAW);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   api_glEnableVertexAttribArray(1);
   api_glPointSize(8);
   const int lo = 16, hi = 239;   /* 0.0625 and 0.9375 of 255 */
   for (unsigned upper = 0; upper < 2; upper++) {
      api_glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, upper ? GL_UPPER_LEFT : GL_LOWER_LEFT);
      api_glClearColor(0, 0, 1, 1);
      api_glClear(GL_COLOR_BUFFER_BIT);
      api_glDrawArrays(GL_POINTS, 0, 1);
      CHECK_GL_ERROR(GL_NO_ERROR);
      GLubyte px[4];
      test_read_px(0, 0, px);
      int g = upper ? hi : lo;
      CHECK(abs(px[0] - lo) <= 2 && abs(px[1] - g) <= 2 && px[2] == 0,
            "core point sprite, %s origin: pixel %u,%u,%u, expected %d,%d,0",
            upper ? "upper-left" : "lower-left", px[0], px[1], px[2], lo, g);
   }
   api_glDeleteBuffers(1, &buf);
   api_glDeleteVertexArrays(1, &vao);
   api_glDeleteProgram(p);
}

/* GL 3.1 core (2.9, 2.10, 2.14, 3.8.13, 4.4.1, 4.4.2): Bind commands take
 * only names glGen* returned; compatibility contexts create the object of
 * an unused name */
static void
test_genned_names(bool core)
{
   GLenum err = core ? GL_INVALID_OPERATION : GL_NO_ERROR;
   api_glBindBuffer(GL_ARRAY_BUFFER, 100);
   CHECK_GL_ERROR(err);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 0, 101);
   CHECK_GL_ERROR(err);
   api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 102, 0, 4);
   CHECK_GL_ERROR(err);
   api_glBindTexture(GL_TEXTURE_2D, 103);
   CHECK_GL_ERROR(err);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 104);
   CHECK_GL_ERROR(err);
   api_glBindRenderbuffer(GL_RENDERBUFFER, 105);
   CHECK_GL_ERROR(err);
   api_glBeginQuery(GL_SAMPLES_PASSED, 106);
   CHECK_GL_ERROR(err);
   api_glEndQuery(GL_SAMPLES_PASSED);
   api_glGetError();
   /* nothing was bound in core; generated names bind in both */
   CHECK_EQ_INT(test_get_int(GL_ARRAY_BUFFER_BINDING), core ? 0 : 100);
   GLuint b, t, f, r;
   api_glGenBuffers(1, &b);
   api_glGenTextures(1, &t);
   api_glGenFramebuffers(1, &f);
   api_glGenRenderbuffers(1, &r);
   api_glBindBuffer(GL_ARRAY_BUFFER, b);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glBindFramebuffer(GL_FRAMEBUFFER, f);
   api_glBindRenderbuffer(GL_RENDERBUFFER, r);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_ARRAY_BUFFER_BINDING), (GLint)b);
   /* a deleted name is no longer generated */
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glDeleteBuffers(1, &b);
   api_glBindBuffer(GL_ARRAY_BUFFER, b);
   CHECK_GL_ERROR(err);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glBindTexture(GL_TEXTURE_2D, 0);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glBindRenderbuffer(GL_RENDERBUFFER, 0);
   api_glDeleteTextures(1, &t);
   api_glDeleteFramebuffers(1, &f);
   api_glDeleteRenderbuffers(1, &r);
   GLuint n[4] = { 100, 101, 102, 103 };
   api_glDeleteBuffers(3, n);
   api_glDeleteTextures(1, n + 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_profile(bool core)
{
   struct test_env e;
   bool ok = test_env_init_profile(&e, "refpipe", "3.3", core ? ST_PROFILE_CORE : ST_PROFILE_COMPAT,
                                   W, H);
   CHECK(ok, "%s 3.3 context", core ? "core" : "compatibility");
   if (!ok) {
      test_env_fini(&e);
      return;
   }
   GLenum removed_err = core ? GL_INVALID_ENUM : GL_NO_ERROR;
   /* GL 3.2's GL_CONTEXT_PROFILE_MASK: core 0x1, compatibility 0x2 */
   CHECK_EQ_INT(test_get_int(GL_CONTEXT_PROFILE_MASK), core ? 0x1 : 0x2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* quads' provoking vertex: not GL 3.3 core state (3.2 core listed it by
    * mistake) */
   CHECK_EQ_INT(test_get_int(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION), core ? -777 : 1);
   CHECK_GL_ERROR(removed_err);
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   static const GLenum set_pnames[] = { GL_DEPTH_TEXTURE_MODE, GL_GENERATE_MIPMAP,
                                        GL_TEXTURE_PRIORITY };
   static const GLint set_values[] = { GL_INTENSITY, GL_FALSE, 1 };
   for (unsigned i = 0; i < 3; i++) {
      api_glTexParameteri(GL_TEXTURE_2D, set_pnames[i], set_values[i]);
      CHECK_GL_ERROR(removed_err);
      GLint v = -7;
      api_glGetTexParameteriv(GL_TEXTURE_2D, set_pnames[i], &v);
      CHECK_GL_ERROR(removed_err);
      /* (the priority, a float in [0, 1], reads back scaled as a
       * normalized value: only whether it was written is compared) */
      CHECK(core ? v == -7 : i == 2 ? v != -7 : v == set_values[i], "pname 0x%x: %d",
            set_pnames[i], v);
   }
   static const GLenum level_pnames[] = { GL_TEXTURE_BORDER, GL_TEXTURE_LUMINANCE_SIZE,
                                          GL_TEXTURE_INTENSITY_SIZE };
   for (unsigned i = 0; i < 3; i++) {
      GLint v = -7;
      api_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, level_pnames[i], &v);
      CHECK_GL_ERROR(removed_err);
      CHECK(core ? v == -7 : v == 0, "level pname 0x%x: %d", level_pnames[i], v);
   }
   /* what stays: the width */
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 1);
   api_glDeleteTextures(1, &tex);

   /* an empty program */
   GLuint p = api_glCreateProgram();
   api_glLinkProgram(p);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), core ? GL_FALSE : GL_TRUE);
   api_glUseProgram(p);
   CHECK_GL_ERROR(core ? GL_INVALID_OPERATION : GL_NO_ERROR);
   api_glUseProgram(0);
   api_glDeleteProgram(p);

   /* depth 0.25 -> 64: (r, 0, 0, 1) in core, (r, r, r, 1) (GL_LUMINANCE,
    * the compatibility default) otherwise */
   GLubyte px[4];
   draw_depth_texel(core, px);
   int r = 64, gb = core ? 0 : 64;
   CHECK(abs(px[0] - r) <= 1 && abs(px[1] - gb) <= 1 && abs(px[2] - gb) <= 1 && px[3] == 255,
         "%s depth texel %u,%u,%u,%u", core ? "core" : "compat", px[0], px[1], px[2], px[3]);
   if (core)
      test_core_point_sprite();
   test_genned_names(core);
   test_env_fini(&e);
}

/* GL_RGBA_INTEGER_MODE_EXT: true when any draw buffer is integer */
static void
test_integer_mode(void)
{
   struct test_env e;
   bool ok = test_env_init_on(&e, "refpipe", "3.3", W, H);
   CHECK(ok, "3.3 context");
   if (ok) {
      GLuint tex[2], fbo;
      api_glGenTextures(2, tex);
      api_glBindTexture(GL_TEXTURE_2D, tex[0]);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      api_glBindTexture(GL_TEXTURE_2D, tex[1]);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, W, H, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                       NULL);
      api_glGenFramebuffers(1, &fbo);
      api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
      api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
      static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
      api_glDrawBuffers(1, bufs);
      GLboolean mode = GL_TRUE;
      api_glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
      CHECK(mode == GL_FALSE, "float buffer alone: not integer mode");
      api_glDrawBuffers(2, bufs);
      api_glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
      CHECK(mode == GL_TRUE, "integer buffer 1: integer mode");
      CHECK_GL_ERROR(GL_NO_ERROR);
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      api_glDeleteFramebuffers(1, &fbo);
      api_glDeleteTextures(2, tex);
   }
   test_env_fini(&e);
}

int
main(void)
{
   test_profile(true);
   test_profile(false);
   test_integer_mode();
   return st_test_finish("st_test_core");
}
