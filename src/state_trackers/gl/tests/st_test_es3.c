/*
 * OpenGL ES 3.0 contexts (PONY_GLES_VERSION_OVERRIDE=3.0, st_caps.c): only
 * with the override and only when asked for as 3.x; their version strings
 * and GL_MAJOR/MINOR_VERSION, the ES extension list through glGetStringi;
 * ES 3.0 commands implemented there and stubs (GL_INVALID_OPERATION) in an
 * ES 2.0 context, ES 3.1 ones stubs in both; a "#version 300 es" program
 * (in/out, layout(location), a flat uint varying from gl_VertexID, a
 * fragment output by location) drawn on refpipe, a 300 es shader that
 * ES 2.0 contexts refuse, and EXT_shader_framebuffer_fetch's 'inout'
 * outputs in 300 es (their rules; a draw reading and blending the buffer
 * twice), EXT_blend_func_extended's layout(index) in 300 es (link rules, a
 * dual-source blend).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 8
#define H 8

static bool
in_context(struct st_context *ctx, const char *name)
{
   int c = st_dispatch_find(name);
   CHECK(c >= 0, "%s is a command", name);
   return c >= 0 && st_dispatch_in_context(ctx, (unsigned)c);
}

static bool
str_is(const GLubyte *s, const char *want)
{
   return s && !strcmp((const char *)s, want);
}

static GLboolean
compiles(GLenum type, const char *src)
{
   GLuint s = api_glCreateShader(type);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   GLint ok = -1;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   api_glDeleteShader(s);
   return ok == GL_TRUE;
}

/* ---- which version a request gets ------------------------------------------ */

static void
test_versions(struct test_env *e)
{
   /* no override: ES 3.0 for an ES 3 request, ES 2.0 for an ES 2 one */
   struct st_context *es30 = test_es_context(e, 3, NULL);
   CHECK(es30 != NULL, "ES 3.0 without the override");
   if (es30)
      CHECK(!strncmp((const char *)api_glGetString(GL_VERSION), "OpenGL ES 3.0 ", 14),
            "ES 3.0 version %s", api_glGetString(GL_VERSION));
   test_es_context_done(e, es30);
   struct st_context *es2 = test_es_context(e, 2, NULL);
   CHECK(es2 != NULL, "ES 2.0 context");
   if (es2) {
      CHECK(!strncmp((const char *)api_glGetString(GL_VERSION), "OpenGL ES 2.0 ", 14),
            "ES 2.0 version %s", api_glGetString(GL_VERSION));
      CHECK(str_is(api_glGetString(GL_SHADING_LANGUAGE_VERSION), "OpenGL ES GLSL ES 1.00"),
            "ES 2.0 GLSL version");
   }
   test_es_context_done(e, es2);

   /* the override: an ES 2.0 request stays 2.0, ES 3.0 exists, 3.1 not */
   es2 = test_es_context(e, 2, "3.0");
   CHECK(es2 != NULL, "ES 2.0 context with the override");
   if (es2) {
      CHECK(!strncmp((const char *)api_glGetString(GL_VERSION), "OpenGL ES 2.0 ", 14),
            "ES 2.0 version with the override: %s", api_glGetString(GL_VERSION));
      /* glGetStringi is ES 3.0's */
      CHECK(api_glGetStringi(GL_EXTENSIONS, 0) == NULL, "glGetStringi in ES 2.0");
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
   }
   test_es_context_done(e, es2);
   CHECK(test_es_context(e, 3, "2.0") == NULL, "ES 3.0 with override 2.0");
   struct st_context *es31 = NULL;
   {
      setenv("PONY_GLES_VERSION_OVERRIDE", "3.0", 1);
      struct st_context_attribs attribs = { ST_PROFILE_GLES2, 3, 1, 0, &e->d.base.visual };
      enum st_context_error err;
      es31 = st_context_create(e->screen, &attribs, NULL, &err);
      unsetenv("PONY_GLES_VERSION_OVERRIDE");
      CHECK(es31 == NULL && err == ST_CONTEXT_ERROR_BAD_VERSION, "ES 3.1 refused");
      if (es31)
         st_context_destroy(es31);
   }

   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "ES 3.0 context");
   if (!es3)
      return;
   CHECK(!strncmp((const char *)api_glGetString(GL_VERSION), "OpenGL ES 3.0 Pony", 18),
         "ES 3.0 version %s", api_glGetString(GL_VERSION));
   CHECK(str_is(api_glGetString(GL_SHADING_LANGUAGE_VERSION), "OpenGL ES GLSL ES 3.00"),
         "ES 3.0 GLSL version %s", api_glGetString(GL_SHADING_LANGUAGE_VERSION));
   CHECK_EQ_INT(test_get_int(GL_MAJOR_VERSION), 3);
   CHECK_EQ_INT(test_get_int(GL_MINOR_VERSION), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* ES 3.0 has no GL_CONTEXT_FLAGS (ES 3.2 adds it) */
   test_get_int(GL_CONTEXT_FLAGS);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* glGetStringi walks the ES list glGetString gives, word by word; its
    * strings stay valid (programs collect the pointers, then search) */
   char list[8192];
   snprintf(list, sizeof list, "%s", (const char *)api_glGetString(GL_EXTENSIONS));
   GLint n = test_get_int(GL_NUM_EXTENSIONS);
   GLint words = 0;
   const GLubyte *got[64];
   for (GLint i = 0; i < n && i < 64; i++)
      got[i] = api_glGetStringi(GL_EXTENSIONS, (GLuint)i);
   for (char *w = strtok(list, " "); w; w = strtok(NULL, " "), words++) {
      const GLubyte *s = words < n && words < 64 ? got[words] : NULL;
      CHECK(str_is(s, w), "extension %d: %s, expected %s", words, s ? (const char *)s : "(null)",
            w);
   }
   CHECK(words > 5, "%d ES extensions", words);
   CHECK_EQ_INT(n, words);
   CHECK(api_glGetStringi(GL_EXTENSIONS, (GLuint)words) == NULL, "past the list");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* an ES list: no desktop names */
   CHECK(!strstr((const char *)api_glGetString(GL_EXTENSIONS), "GL_ARB_"), "no ARB names");
   test_es_context_done(e, es3);
}

/* ---- ES 3.0 commands: there in ES 3.0, stubs in ES 2.0 ---------------------- */

static void
test_commands(struct test_env *e)
{
   static const char *const es30[] = { "glTexStorage2D", "glBindBufferBase", "glGenSamplers",
                                       "glVertexAttribIPointer", "glClearBufferfv",
                                       "glBlitFramebuffer", "glGenTransformFeedbacks",
                                       "glGetStringi", "glTexImage3D", "glFenceSync" };
   /* ES 2.0 extensions Pony offers name these (EXT_draw_buffers,
    * EXT_draw_instanced, OES_mapbuffer): ES 2.0 keeps them */
   static const char *const shared[] = { "glDrawBuffers", "glDrawArraysInstanced",
                                         "glUnmapBuffer" };
   struct st_context *es2 = test_es_context(e, 2, "3.0");
   CHECK(es2 != NULL, "ES 2.0 context");
   if (es2) {
      for (unsigned i = 0; i < sizeof es30 / sizeof es30[0]; i++)
         CHECK(!in_context(es2, es30[i]), "%s in ES 2.0", es30[i]);
      for (unsigned i = 0; i < sizeof shared / sizeof shared[0]; i++)
         CHECK(in_context(es2, shared[i]), "%s not in ES 2.0", shared[i]);
      /* through the dispatch, as an application calls it */
      GLuint s = 77;
      GL(glGenSamplers, GLsizei, GLuint *)(1, &s);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      CHECK_EQ_INT(s, 77);
   }
   test_es_context_done(e, es2);

   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "ES 3.0 context");
   if (!es3)
      return;
   for (unsigned i = 0; i < sizeof es30 / sizeof es30[0]; i++)
      CHECK(in_context(es3, es30[i]), "%s not in ES 3.0", es30[i]);
   for (unsigned i = 0; i < sizeof shared / sizeof shared[0]; i++)
      CHECK(in_context(es3, shared[i]), "%s not in ES 3.0", shared[i]);
   /* ES 3.1's */
   CHECK(!in_context(es3, "glDispatchCompute"), "glDispatchCompute in ES 3.0");
   CHECK(!in_context(es3, "glGenProgramPipelines"), "glGenProgramPipelines in ES 3.0");
   GLuint s = 0;
   GL(glGenSamplers, GLsizei, GLuint *)(1, &s);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(s != 0, "a sampler name");
   test_es_context_done(e, es3);
}

/* ---- a GLSL ES 3.00 program ------------------------------------------------- */

static const char *vs300 =
   "#version 300 es\n"
   "layout(location = 2) in vec2 pos;\n"
   "flat out uint id;\n"
   "out vec2 t;\n"
   "void main() {\n"
   "   id = uint(gl_VertexID) * 7u + 3u;\n"
   "   t = pos;\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "}\n";

static const char *fs300 =
   "#version 300 es\n"
   "precision mediump float;\n"
   "flat in uint id;\n"
   "in vec2 t;\n"
   "layout(location = 0) out vec4 colour;\n"
   "void main() {\n"
   "   colour = vec4(float(id) / 255.0, float(id >> 1u) / 255.0, 0.0, 1.0);\n"
   "}\n";

static void
test_program(struct test_env *e)
{
   /* ES 2.0 contexts know GLSL ES 1.00 only */
   struct st_context *es2 = test_es_context(e, 2, "3.0");
   if (es2)
      CHECK(!compiles(GL_VERTEX_SHADER, vs300), "300 es compiled in ES 2.0");
   test_es_context_done(e, es2);

   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "ES 3.0 context");
   if (!es3)
      return;
   /* 300 es rules: no gl_FragColor, no default float precision in
    * fragment shaders, no implicit int -> float, an integer fragment input
    * must be flat */
   CHECK(!compiles(GL_FRAGMENT_SHADER, "#version 300 es\nprecision mediump float;\n"
                                       "void main() { gl_FragColor = vec4(1.0); }\n"),
         "gl_FragColor in 300 es");
   CHECK(!compiles(GL_FRAGMENT_SHADER, "#version 300 es\nout vec4 c;\n"
                                       "void main() { c = vec4(1.0); }\n"),
         "no float precision in a 300 es fragment shader");
   CHECK(!compiles(GL_VERTEX_SHADER, "#version 300 es\nvoid main() { float f = 1;"
                                     " gl_Position = vec4(f); }\n"),
         "int -> float in 300 es");
   CHECK(!compiles(GL_FRAGMENT_SHADER, "#version 300 es\nprecision mediump float;\n"
                                       "in uint u;\nout vec4 c;\n"
                                       "void main() { c = vec4(float(u)); }\n"),
         "a smooth uint input");
   CHECK(compiles(GL_FRAGMENT_SHADER, "#version 100\nvoid main() { gl_FragColor = vec4(1.0); }\n"),
         "GLSL ES 1.00 in ES 3.0");

   GLuint p = test_make_program(vs300, NULL, fs300, NULL, 0);
   if (test_program_iv(p, GL_LINK_STATUS) != GL_TRUE) {
      char log[2048] = "";
      api_glGetProgramInfoLog(p, sizeof log, NULL, log);
      CHECK(0, "300 es link: %s", log);
      test_es_context_done(e, es3);
      return;
   }
   CHECK_EQ_INT(api_glGetAttribLocation(p, "pos"), 2);
   CHECK_EQ_INT(api_glGetFragDataLocation(p, "colour"), 0);
   api_glUseProgram(p);
   api_glViewport(0, 0, W, H);
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   /* a fan (0,1,2), (0,2,3): the lower right triangle's provoking vertex
    * is vertex 2 (id 2 * 7 + 3 = 17), the upper left one's vertex 3 (24) */
   static const GLfloat pos[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   api_glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(2);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(W - 1, 0, 17, 8, 0, 1);
   CHECK_PX_RGB(0, H - 1, 24, 12, 0, 1);
   api_glDeleteProgram(p);
   test_es_context_done(e, es3);
}

/* ---- framebuffer fetch in GLSL ES 3.00: 'inout' outputs ---------------------- */

static void
test_fetch_output(struct test_env *e)
{
   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "ES 3.0 context");
   if (!es3)
      return;
   if (!strstr((const char *)api_glGetString(GL_EXTENSIONS), "GL_EXT_shader_framebuffer_fetch")) {
      printf("st_test_es3: no framebuffer fetch on this driver, inout outputs skipped\n");
      test_es_context_done(e, es3);
      return;
   }
   /* without the extension, or with the non-coherent one alone and no
    * layout(noncoherent), 'inout' is for parameters only */
   CHECK(!compiles(GL_FRAGMENT_SHADER, "#version 300 es\nprecision mediump float;\n"
                                       "inout vec4 c;\nvoid main() { c += vec4(0.1); }\n"),
         "inout without the extension");
   CHECK(!compiles(GL_FRAGMENT_SHADER,
                   "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch_non_coherent : require\n"
                   "precision mediump float;\ninout vec4 c;\nvoid main() { c += vec4(0.1); }\n"),
         "inout without layout(noncoherent)");
   CHECK(compiles(GL_FRAGMENT_SHADER,
                  "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch_non_coherent : require\n"
                  "precision mediump float;\nlayout(noncoherent) inout vec4 c;\n"
                  "void main() { c += vec4(0.1); }\n"),
         "layout(noncoherent) inout");
   CHECK(!compiles(GL_VERTEX_SHADER,
                   "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                   "inout vec4 c;\nvoid main() { gl_Position = c; }\n"),
         "an inout vertex output");

   static const char *vs = "#version 300 es\nlayout(location = 0) in vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char *fs = "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                           "precision mediump float;\ninout vec4 c;\n"
                           "void main() { c = c * 0.5 + vec4(0.25, 0.0, 0.0, 0.0); }\n";
   GLuint p = test_make_program(vs, NULL, fs, NULL, 0);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_TRUE, "the inout program links");
   api_glUseProgram(p);
   api_glViewport(0, 0, W, H);
   api_glClearColor(1, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat pos[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(0);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* red 1 -> 0.75 -> 0.625 (159.4), blue 1 -> 0.5 -> 0.25 (63.75), alpha
    * 1 -> 0.5 -> 0.25 */
   CHECK_PX_RGB(1, 1, 159, 0, 64, 1);
   CHECK_PX_RGB(W - 2, H - 2, 159, 0, 64, 1);
   api_glDeleteProgram(p);
   test_es_context_done(e, es3);
}

/* ---- dual-source blending in GLSL ES 3.00: layout(index) ------------------- */

static void
test_blend_index(struct test_env *e)
{
   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "ES 3.0 context");
   if (!es3)
      return;
   if (!strstr((const char *)api_glGetString(GL_EXTENSIONS), "GL_EXT_blend_func_extended")) {
      printf("st_test_es3: no dual-source blending on this driver, layout(index) skipped\n");
      test_es_context_done(e, es3);
      return;
   }
   static const char *vs = "#version 300 es\nlayout(location = 0) in vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   /* index 1 needs the extension, and location 0 (one dual-source buffer) */
   CHECK(!compiles(GL_FRAGMENT_SHADER, "#version 300 es\nprecision mediump float;\n"
                                       "layout(location = 0, index = 1) out vec4 b;\n"
                                       "void main() { b = vec4(1.0); }\n"),
         "layout(index) without the extension");
   GLuint bad = test_make_program(vs, NULL, "#version 300 es\n#extension GL_EXT_blend_func_extended : require\n"
                              "precision mediump float;\n"
                              "layout(location = 0, index = 0) out vec4 a;\n"
                              "layout(location = 1, index = 1) out vec4 b;\n"
                              "void main() { a = vec4(0.0); b = vec4(1.0); }\n", NULL, 0);
   CHECK(test_program_iv(bad, GL_LINK_STATUS) == GL_FALSE, "index 1 at location 1 linked");
   api_glDeleteProgram(bad);
   GLuint p = test_make_program(vs, NULL, "#version 300 es\n#extension GL_EXT_blend_func_extended : require\n"
                            "precision mediump float;\n"
                            "layout(location = 0, index = 0) out vec4 a;\n"
                            "layout(location = 0, index = 1) out vec4 b;\n"
                            "void main() { a = vec4(1.0, 0.5, 1.0, 1.0);"
                            " b = vec4(0.5, 1.0, 0.25, 1.0); }\n", NULL, 0);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_TRUE, "index 0 and 1 at location 0");
   api_glUseProgram(p);
   api_glViewport(0, 0, W, H);
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   /* colour = a * b (SRC1_COLOR) + dst * 0 */
   api_glEnable(GL_BLEND);
   api_glBlendFunc(GL_SRC1_COLOR, GL_ZERO);
   static const GLfloat pos[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(0);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(2, 3, 128, 128, 64, 1);
   api_glDisable(GL_BLEND);
   api_glDeleteProgram(p);
   test_es_context_done(e, es3);
}

/* ES 3.0's queries and hints with their errors: glGetInternalformativ
 * (6.1.15), glInvalidate[Sub]Framebuffer (4.5), program binaries without a
 * format (2.12.3: GL_NUM_PROGRAM_BINARY_FORMATS 0), the occlusion queries
 * (2.13: GL_ANY_SAMPLES_PASSED[_CONSERVATIVE], no GL_SAMPLES_PASSED) */
static void
test_es3_queries(struct test_env *e)
{
   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "ES 3.0 context");
   if (!es3)
      return;
   GLint n = -1, s[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
   api_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
   api_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 8, s);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint max = test_get_int(GL_MAX_SAMPLES);
   /* ES 3.0 requires 4 samples of RGBA8; the list is the counts down from
    * GL_MAX_SAMPLES, largest first */
   CHECK(n >= 1 && n <= 8 && s[0] == max && max >= 4, "RGBA8: %d counts, first %d, max %d", n,
         s[0], max);
   for (GLint i = 1; i < n && i < 8; i++)
      CHECK(s[i] < s[i - 1] && s[i] >= 1, "count %d: %d after %d", i, s[i], s[i - 1]);
   n = -1;
   api_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1, &n);
   CHECK_EQ_INT(n, 0);   /* integer formats: none */
   s[0] = -7;
   api_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 0, s);
   CHECK_EQ_INT(s[0], -7);   /* bufSize 0: nothing written */
   api_glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 8, s);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_RENDERBUFFER_WIDTH, 8, s);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetInternalformativ(GL_RENDERBUFFER, 0x1234, GL_SAMPLES, 8, s);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   static const GLenum wsys[3] = { GL_COLOR, GL_DEPTH, GL_STENCIL };
   api_glInvalidateFramebuffer(GL_FRAMEBUFFER, 3, wsys);
   api_glInvalidateSubFramebuffer(GL_READ_FRAMEBUFFER, 1, wsys, 0, 0, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   static const GLenum fbo_att[2] = { GL_COLOR_ATTACHMENT0, GL_DEPTH_STENCIL_ATTACHMENT };
   api_glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, fbo_att);   /* window system: no such names */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glInvalidateFramebuffer(GL_TEXTURE_2D, 1, wsys);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, wsys);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, wsys, 0, 0, -1, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint fbo;
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, fbo_att);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, wsys);   /* GL_COLOR: the window's name */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const GLenum beyond = GL_COLOR_ATTACHMENT0 + (GLenum)test_get_int(GL_MAX_COLOR_ATTACHMENTS);
   api_glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &beyond);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);

   CHECK_EQ_INT(test_get_int(GL_NUM_PROGRAM_BINARY_FORMATS), 0);
   GLuint p = api_glCreateProgram();
   GLsizei len = -1;
   api_glGetProgramBinary(p, 16, &len, NULL, NULL);   /* not linked */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glProgramBinary(p, 0, "", 0);   /* no format exists */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_program_iv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT), GL_FALSE);
   api_glProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
   CHECK_EQ_INT(test_program_iv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT), GL_TRUE);
   api_glProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glProgramParameteri(p, GL_LINK_STATUS, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_program_iv(p, GL_PROGRAM_BINARY_LENGTH), 0);
   api_glProgramBinary(p + 100, 0, "", 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteProgram(p);

   GLuint q[2];
   api_glGenQueries(2, q);
   api_glBeginQuery(GL_SAMPLES_PASSED, q[0]);   /* desktop only */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);   /* one occlusion query at a time */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
   GLuint any = 7;
   api_glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &any);
   CHECK_EQ_INT(any, GL_FALSE);   /* nothing drawn */
   api_glDeleteQueries(2, q);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_es_context_done(e, es3);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", NULL, W, H)) {
      CHECK(0, "no context");
      test_env_fini(&e);
      return st_test_finish("st_test_es3");
   }
   test_versions(&e);
   test_commands(&e);
   test_program(&e);
   test_fetch_output(&e);
   test_blend_index(&e);
   test_es3_queries(&e);
   test_env_fini(&e);
   return st_test_finish("st_test_es3");
}
