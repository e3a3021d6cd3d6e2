/*
 * GL_EXT_shader_framebuffer_fetch(_non_coherent) and GL_EXT_draw_buffers
 * on OpenGL ES 2.0 contexts (and GLSL 1.20 in a desktop GL 2.1 context),
 * refpipe on the null winsys: the extension strings, what the compiler
 * accepts and refuses around gl_LastFragData (the #extension gate, writes,
 * redeclarations, layout(noncoherent)), glFramebufferFetchBarrierEXT and
 * glDrawBuffersEXT errors (ES rules), and rendering: a two-buffer framebuffer object
 * drawn three times by a shader reading both buffers' previous values,
 * the expected bytes computed here step by step (8-bit storage between the
 * draws).  GL_EXT_blend_func_extended (ES 2.0): gl_SecondaryFragColorEXT /
 * gl_SecondaryFragDataEXT and their rules, the output binding commands'
 * errors, and a dual-source blend computed here.  GL_ARB_texture_barrier
 * (desktop): a texture rendered to while sampled, pass after pass.
 */
#include <math.h>
#include <string.h>

#include "api/api.h"
#include "st_caps.h"
#include "st_test_fb.h"

#define W 8
#define H 8

static GLuint
compile(GLenum type, const char *src, bool want_ok, int line)
{
   GLuint s = api_glCreateShader(type);
   api_glShaderSource(s, 1, &src, NULL);
   api_glCompileShader(s);
   GLint ok = -1;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if ((ok == GL_TRUE) != want_ok) {
      char log[1024] = "";
      api_glGetShaderInfoLog(s, sizeof log, NULL, log);
      CHECK(false, "line %d: compile status %d, expected %d; log: %s", line, ok, want_ok, log);
   }
   return s;
}

#define FS_OK(src) api_glDeleteShader(compile(GL_FRAGMENT_SHADER, src, true, __LINE__))
#define FS_BAD(src) api_glDeleteShader(compile(GL_FRAGMENT_SHADER, src, false, __LINE__))

static const char *vs_src = "attribute vec4 pos;\n"
                            "void main() { gl_Position = pos; }\n";

static void
test_strings(void)
{
   CHECK(test_has_extension("GL_EXT_shader_framebuffer_fetch"), "fetch not offered");
   CHECK(test_has_extension("GL_EXT_shader_framebuffer_fetch_non_coherent"),
         "non-coherent fetch not offered");
   CHECK(test_has_extension("GL_EXT_draw_buffers"), "GL_EXT_draw_buffers not offered");
   /* the extension's state: a discard drops the whole fragment */
   GLint discards = -1;
   api_glGetIntegerv(GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT, &discards);
   CHECK(api_glGetError() == GL_NO_ERROR && discards == GL_FALSE,
         "GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT %d", discards);
}

static void
test_compiler(void)
{
   /* the #extension gate */
   FS_BAD("precision mediump float;\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   FS_OK("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
         "precision mediump float;\n"
         "void main() { gl_FragColor = gl_LastFragData[0] * 0.5; }\n");
   FS_OK("#extension GL_EXT_shader_framebuffer_fetch : require\n"
         "precision mediump float;\n"
         "void main() { gl_FragData[1] = gl_LastFragData[gl_MaxDrawBuffers - 1]; }\n");
   /* the predefined macro */
   FS_OK("#ifndef GL_EXT_shader_framebuffer_fetch\n#error no macro\n#endif\n"
         "void main() { }\n");
   /* read-only, fragment shaders only */
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
          "void main() { gl_LastFragData[0] = vec4(1.0); }\n");
   api_glDeleteShader(compile(GL_VERTEX_SHADER,
                              "#extension GL_EXT_shader_framebuffer_fetch : enable\n"
                              "void main() { gl_Position = gl_LastFragData[0]; }\n",
                              false, __LINE__));
   /* redeclarations: the precision may change, before any use */
   FS_OK("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
         "highp vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
         "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
          "precision mediump float;\n"
          "vec4 f() { return gl_LastFragData[0]; }\n"
          "highp vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
          "void main() { gl_FragColor = f(); }\n");
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
          "highp vec4 gl_LastFragData[2];\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
          "uniform highp vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
          "void main() { }\n");
   /* non-coherent: only through a layout(noncoherent) redeclaration */
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch_non_coherent : enable\n"
          "precision mediump float;\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch_non_coherent : enable\n"
          "mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   FS_OK("#extension GL_EXT_shader_framebuffer_fetch_non_coherent : enable\n"
         "layout(noncoherent) mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
         "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch_non_coherent : enable\n"
          "layout(std140) mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   /* layout is no keyword with the coherent extension alone */
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch : enable\n"
          "layout(noncoherent) mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_api_errors(struct st_context *ctx)
{
   api_glFramebufferFetchBarrierEXT();
   CHECK_GL_ERROR(GL_NO_ERROR);
   bool saved = ctx->caps.ext_shader_framebuffer_fetch;
   ctx->caps.ext_shader_framebuffer_fetch = false;
   api_glFramebufferFetchBarrierEXT();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* not offered: not an extension #extension may name */
   FS_BAD("#extension GL_EXT_shader_framebuffer_fetch : require\n"
          "void main() { gl_FragColor = gl_LastFragData[0]; }\n");
   ctx->caps.ext_shader_framebuffer_fetch = saved;

   /* glDrawBuffersEXT on the default framebuffer: one buffer, BACK or NONE */
   GLenum b[9] = { GL_BACK, GL_NONE };
   api_glDrawBuffers(1, b);
   CHECK_GL_ERROR(GL_NO_ERROR);
   b[0] = GL_COLOR_ATTACHMENT0;
   api_glDrawBuffers(1, b);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   b[0] = GL_BACK;
   api_glDrawBuffers(2, b);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawBuffers(0, b);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawBuffers(9, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawBuffers(-1, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
}

/* What the shader below leaves in the two buffers after one draw: the
 * bytes it reads, the bytes it writes (8-bit unorm, round to nearest). */
static void
model_draw(int c0[4], int c1[4], const float add[4])
{
   int n0[4], n1[4];
   for (unsigned c = 0; c < 4; c++) {
      float l0 = c0[c] / 255.0f, l1 = c1[c] / 255.0f;
      float o0 = l0 * 0.5f + add[c];
      float o1 = l1 + l0 * 0.25f;
      o0 = o0 < 0.0f ? 0.0f : o0 > 1.0f ? 1.0f : o0;
      o1 = o1 < 0.0f ? 0.0f : o1 > 1.0f ? 1.0f : o1;
      n0[c] = (int)lroundf(o0 * 255.0f);
      n1[c] = (int)lroundf(o1 * 255.0f);
   }
   memcpy(c0, n0, sizeof n0);
   memcpy(c1, n1, sizeof n1);
}

static void
test_render(void)
{
   GLuint fbo, tex[2];
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glGenTextures(2, tex);
   for (unsigned i = 0; i < 2; i++) {
      api_glBindTexture(GL_TEXTURE_2D, tex[i]);
      api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D,
                                 tex[i], 0);
   }
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   GLenum bad[2] = { GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0 };
   api_glDrawBuffers(2, bad);   /* entry i must be attachment i or NONE */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawBuffers(2, bufs);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glViewport(0, 0, W, H);

   /* buffer 1 first cleared alone (draw buffers: attachment 1 only) */
   GLenum only1[2] = { GL_NONE, GL_COLOR_ATTACHMENT1 };
   api_glDrawBuffers(2, only1);
   api_glClearColor(0.1f, 0.2f, 0.3f, 0.4f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   GLenum only0[1] = { GL_COLOR_ATTACHMENT0 };
   api_glDrawBuffers(1, only0);
   api_glClearColor(0.8f, 0.6f, 0.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawBuffers(2, bufs);
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLuint vs = compile(GL_VERTEX_SHADER, vs_src, true, __LINE__);
   GLuint fs = compile(GL_FRAGMENT_SHADER,
                       "#extension GL_EXT_shader_framebuffer_fetch : require\n"
                       "precision mediump float;\n"
                       "uniform vec4 add;\n"
                       "void main() {\n"
                       "   gl_FragData[0] = gl_LastFragData[0] * 0.5 + add;\n"
                       "   gl_FragData[1] = gl_LastFragData[1] + gl_LastFragData[0] * 0.25;\n"
                       "}\n",
                       true, __LINE__);
   GLuint prog = api_glCreateProgram();
   api_glAttachShader(prog, vs);
   api_glAttachShader(prog, fs);
   api_glBindAttribLocation(prog, 0, "pos");
   api_glLinkProgram(prog);
   GLint linked = 0;
   api_glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   CHECK(linked == GL_TRUE, "link");
   api_glUseProgram(prog);
   GLint add_loc = api_glGetUniformLocation(prog, "add");

   /* a quad over the left half */
   static const float quad[8] = { -1, -1, 0, -1, 0, 1, -1, 1 };
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   api_glEnableVertexAttribArray(0);

   int c0[4] = { 204, 153, 0, 255 }, c1[4] = { 26, 51, 77, 102 };
   const int out0[4] = { 204, 153, 0, 255 }, out1[4] = { 26, 51, 77, 102 };
   static const float adds[3][4] = {
      { 0.1f, 0.0f, 0.2f, 0.0f }, { 0.0f, 0.3f, 0.1f, -0.5f }, { 0.25f, 0.0f, 0.0f, 0.1f },
   };
   for (unsigned d = 0; d < 3; d++) {
      api_glUniform4fv(add_loc, 1, adds[d]);
      api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
      model_draw(c0, c1, adds[d]);
   }
   CHECK_GL_ERROR(GL_NO_ERROR);

   for (unsigned i = 0; i < 2; i++) {
      api_glReadBuffer(GL_COLOR_ATTACHMENT0 + i);   /* (desktop command; the
                                                      * state tracker serves both) */
      GLubyte in[4], out[4];
      memset(in, 0x55, 4);
      memset(out, 0x55, 4);
      api_glReadPixels(1, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, in);
      api_glReadPixels(W - 2, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
      const int *want = i ? c1 : c0, *untouched = i ? out1 : out0;
      for (unsigned c = 0; c < 4; c++) {
         CHECK(abs(in[c] - want[c]) <= 1, "buffer %u channel %u = %u, expected %d", i, c, in[c],
               want[c]);
         CHECK(abs(out[c] - untouched[c]) <= 1, "buffer %u channel %u outside = %u, expected %d",
               i, c, out[c], untouched[c]);
      }
   }
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glUseProgram(0);
   api_glDeleteProgram(prog);
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteTextures(2, tex);
}

/* GL_EXT_blend_func_extended in ES 2.0: the second colour of dual-source
 * blending from gl_SecondaryFragColorEXT. */
static void
test_blend_func_extended(void)
{
   CHECK(test_has_extension("GL_EXT_blend_func_extended"), "GL_EXT_blend_func_extended not offered");
   GLint max = -1;
   api_glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(max, 1);

   /* the #extension gate; the forms go in pairs (gl_FragColor with
    * gl_SecondaryFragColorEXT, gl_FragData with gl_SecondaryFragDataEXT) */
   FS_BAD("precision mediump float;\n"
          "void main() { gl_FragColor = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5); }\n");
   FS_OK("#extension GL_EXT_blend_func_extended : require\n"
         "precision mediump float;\n"
         "void main() { gl_FragColor = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5); }\n");
   FS_OK("#extension GL_EXT_blend_func_extended : require\n"
         "precision mediump float;\n"
         "const int n = gl_MaxDualSourceDrawBuffersEXT;\n"
         "void main() { gl_FragData[0] = vec4(1.0); gl_SecondaryFragDataEXT[n - 1] = vec4(0.5); }\n");
   FS_BAD("#extension GL_EXT_blend_func_extended : require\n"
          "precision mediump float;\n"
          "void main() { gl_FragColor = vec4(1.0); gl_SecondaryFragDataEXT[0] = vec4(0.5); }\n");
   FS_BAD("#extension GL_EXT_blend_func_extended : require\n"
          "precision mediump float;\n"
          "void main() { gl_FragData[0] = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5); }\n");
   api_glDeleteShader(compile(GL_VERTEX_SHADER,
                              "#extension GL_EXT_blend_func_extended : require\n"
                              "void main() { gl_SecondaryFragColorEXT = vec4(0.5); }\n",
                              false, __LINE__));

   GLuint vs = compile(GL_VERTEX_SHADER, vs_src, true, __LINE__);
   GLuint fs = compile(GL_FRAGMENT_SHADER,
                       "#extension GL_EXT_blend_func_extended : require\n"
                       "precision mediump float;\n"
                       "void main() {\n"
                       "   gl_FragColor = vec4(0.2, 0.4, 1.0, 1.0);\n"
                       "   gl_SecondaryFragColorEXT = vec4(0.5, 0.25, 1.0, 0.0);\n"
                       "}\n",
                       true, __LINE__);
   GLuint prog = api_glCreateProgram();
   api_glAttachShader(prog, vs);
   api_glAttachShader(prog, fs);
   api_glBindAttribLocation(prog, 0, "pos");
   /* the binding commands: index <= 1, colour below the limit of its index,
    * no gl_ names */
   api_glBindFragDataLocationIndexedEXT(prog, 0, 2, "c");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindFragDataLocationIndexedEXT(prog, 1, 1, "c");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindFragDataLocationIndexedEXT(prog, 8, 0, "c");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindFragDataLocationIndexedEXT(prog, 0, 1, "gl_c");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFragDataLocationIndexedEXT(prog, 0, 1, "c");
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFragDataLocationEXT(prog, 7, "c");
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetFragDataIndexEXT(prog, "c");   /* not linked */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glLinkProgram(prog);
   GLint linked = 0;
   api_glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   CHECK(linked == GL_TRUE, "link");
   CHECK_EQ_INT(api_glGetFragDataIndexEXT(prog, "c"), -1);   /* ES 1.00 has no user outputs */
   CHECK_EQ_INT(api_glGetProgramResourceLocationIndexEXT(prog, GL_PROGRAM_OUTPUT, "c"), -1);
   api_glGetProgramResourceLocationIndexEXT(prog, GL_UNIFORM, "c");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glUseProgram(prog);

   /* the window-system buffer: (0.8, 0.6, 0, 1) blended with
    * src * src1 + dst * (1 - src1) = (0.1 + 0.4, 0.1 + 0.45, 1 + 0, 0 + 1) */
   api_glClearColor(0.8f, 0.6f, 0.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_BLEND);
   static const float quad[8] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   api_glEnableVertexAttribArray(0);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 0.8 and 0.6 stored as 204 and 153 first */
   int r = (int)lroundf((0.2f * 0.5f + 204 / 255.0f * 0.5f) * 255.0f);
   int g = (int)lroundf((0.4f * 0.25f + 153 / 255.0f * 0.75f) * 255.0f);
   CHECK_PX_RGB(2, 2, r, g, 255, 1);
   api_glDisable(GL_BLEND);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glDisableVertexAttribArray(0);
   api_glUseProgram(0);
   api_glDeleteProgram(prog);
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
}

/* GLSL 1.20 in a desktop context (a 2.1 request gets the compatibility
 * profile's highest version, 3.3): the same built-in behind the same
 * #extension, drawn once into the window-system buffer. */
static void
test_desktop(struct pipe_screen *screen)
{
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_COMPAT, 2, 1, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   CHECK(ctx, "desktop context");
   if (!ctx)
      return;
   struct test_drawable d;
   test_drawable_init(&d, screen, &vis, W, H);
   CHECK(st_make_current(ctx, &d.base, &d.base), "make current");
   CHECK(test_has_extension("GL_EXT_shader_framebuffer_fetch"), "desktop: not offered");
   CHECK(!test_has_extension("GL_EXT_draw_buffers"), "desktop: GL_EXT_draw_buffers is ES only");
   /* dual-source blending on desktop is GL 3.3's (GL_ARB_blend_func_extended,
    * GLSL 1.30 outputs), not ES's GL_EXT_blend_func_extended: the SRC1
    * factors are accepted, and the ES name of glBindFragDataLocationIndexed
    * is the desktop command, whose program 0 is GL_INVALID_VALUE */
   CHECK(test_has_extension("GL_ARB_blend_func_extended") &&
         !test_has_extension("GL_EXT_blend_func_extended"), "desktop: the ARB extension");
   api_glBlendFunc(GL_SRC1_COLOR, GL_ZERO);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBlendFunc(GL_ONE, GL_ZERO);
   api_glBindFragDataLocationIndexedEXT(0, 0, 0, "c");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* desktop rules: a framebuffer object's entry may name any attachment */
   GLuint fbo;
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   GLenum swapped[2] = { GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0 };
   api_glDrawBuffers(2, swapped);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);

   api_glClearColor(0.5f, 0.25f, 1.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   GLuint fs = compile(GL_FRAGMENT_SHADER,
                       "#version 120\n"
                       "#extension GL_EXT_shader_framebuffer_fetch : enable\n"
                       "void main() { gl_FragColor = gl_LastFragData[0].bgra * 0.5; }\n",
                       true, __LINE__);
   GLuint prog = api_glCreateProgram();
   api_glAttachShader(prog, fs);
   api_glLinkProgram(prog);
   api_glUseProgram(prog);
   api_glBegin(GL_QUADS);
   api_glVertex2f(-1, -1);
   api_glVertex2f(1, -1);
   api_glVertex2f(1, 1);
   api_glVertex2f(-1, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(3, 3, 128, 32, 64, 1);   /* (1.0, 0.25, 0.5) * 0.5 */
   api_glUseProgram(0);
   api_glDeleteProgram(prog);
   api_glDeleteShader(fs);

   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);
}

/* GL_ARB_texture_barrier (desktop 3.3 contexts): a texture both sampled
 * and rendered to, each pass adding 1 to every texel it reads
 * (texelFetch of its own texel), glTextureBarrier between the passes: each
 * texel ends at its start value + the passes, computed here. */
static void
test_texture_barrier(const char *driver)
{
   struct test_env e;
   if (!test_env_init_on(&e, driver, "3.3", W, H)) {
      CHECK(!strcmp(driver, "jitpipe"), "GL 3.3 context on %s", driver);
      test_env_fini(&e);
      return;
   }
   CHECK(test_has_extension("GL_ARB_texture_barrier") && test_has_extension("GL_NV_texture_barrier"),
         "texture barrier offered");
   GLuint start[W * H], got[W * H];
   for (unsigned i = 0; i < W * H; i++)
      start[i] = 1000u * i + 7u;
   GLuint tex, fbo;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_R32UI, W, H, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, start);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   GLuint p = test_linked_program(
      "#version 130\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n", NULL,
      "#version 130\nuniform usampler2D t;\nout uvec4 o;\n"
      "void main() { o = texelFetch(t, ivec2(gl_FragCoord.xy), 0) + 1u; }\n");
   api_glUseProgram(p);
   static const float quad[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, quad);
   api_glEnableVertexAttribArray(1);
   api_glViewport(0, 0, W, H);
   const unsigned passes = 5;
   for (unsigned k = 0; k < passes; k++) {
      if (k)
         api_glTextureBarrier();
      api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   }
   CHECK_GL_ERROR(GL_NO_ERROR);
   memset(got, 0, sizeof got);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, got);
   unsigned wrong = 0;
   for (unsigned i = 0; i < W * H; i++)
      wrong += got[i] != start[i] + passes;
   CHECK(wrong == 0, "%s: %u of %u texels wrong (texel 0: %u, expected %u)", driver, wrong,
         W * H, got[0], start[0] + passes);
   api_glDeleteProgram(p);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteTextures(1, &tex);
   test_env_fini(&e);
}

int
main(void)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   struct pipe_screen *screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   if (!screen) {
      fprintf(stderr, "st_test_fbfetch: no screen\n");
      return 1;
   }
   struct st_visual vis = { true, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0 };
   struct st_context_attribs attribs = { ST_PROFILE_GLES2, 2, 0, 0, &vis };
   enum st_context_error err;
   struct st_context *ctx = st_context_create(screen, &attribs, NULL, &err);
   struct test_drawable d;
   test_drawable_init(&d, screen, &vis, W, H);
   if (!ctx || !st_make_current(ctx, &d.base, &d.base)) {
      fprintf(stderr, "st_test_fbfetch: no ES 2 context\n");
      return 1;
   }
   test_strings();
   test_compiler();
   test_api_errors(ctx);
   test_render();
   test_blend_func_extended();
   st_make_current(NULL, NULL, NULL);
   st_framebuffer_iface_destroyed(&d.base);
   st_context_destroy(ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_reference(&d.tex[i], NULL);
   test_desktop(screen);
   screen->destroy(screen);
   test_texture_barrier("refpipe");
   test_texture_barrier("jitpipe");
   return st_test_finish("st_test_fbfetch");
}
