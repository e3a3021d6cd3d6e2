/*
 * GL_ARB_color_buffer_float end to end through Mesa's libEGL: rendering into
 * an RGBA32F framebuffer object (and an RGBA8 one beside it) under every
 * clamp control, read back as floats and compared with values this test
 * computes (tolerance 1e-4; 1/255 for the RGBA8 buffer):
 *  - clears keep colours outside [0, 1] in float buffers;
 *  - vertex colours (fixed-function, ARB vertex program, GLSL vertex shader)
 *    are clamped by CLAMP_VERTEX_COLOR, fragment colours (fixed-function,
 *    GLSL fragment shader, glDrawPixels) by CLAMP_FRAGMENT_COLOR, where
 *    FIXED_ONLY leaves float buffers unclamped;
 *  - blending is unclamped in float buffers, with an unclamped constant;
 *  - fog mixes unclamped colours towards an unclamped fog colour;
 *  - glReadPixels clamps float data by CLAMP_READ_COLOR, and always for
 *    unsigned bytes;
 *  - a float and a fixed-point buffer drawn at once (ARB_draw_buffers in an
 *    ARB fragment program): FIXED_ONLY clamps only the fixed-point one;
 *  - the glGet values, GL_RGBA_FLOAT_MODE_ARB, and the GL_INVALID_ENUM errors.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 4
#define H 4
#define TOL 1e-4

#define PROCS(X)                                                                            \
   X(PFNGLCLAMPCOLORARBPROC, ClampColorARB)                                                 \
   X(PFNGLGENFRAMEBUFFERSEXTPROC, GenFramebuffersEXT)                                       \
   X(PFNGLBINDFRAMEBUFFEREXTPROC, BindFramebufferEXT)                                       \
   X(PFNGLDELETEFRAMEBUFFERSEXTPROC, DeleteFramebuffersEXT)                                 \
   X(PFNGLFRAMEBUFFERTEXTURE2DEXTPROC, FramebufferTexture2DEXT)                             \
   X(PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC, CheckFramebufferStatusEXT)                         \
   X(PFNGLDRAWBUFFERSARBPROC, DrawBuffersARB)                                               \
   X(PFNGLBLENDCOLOREXTPROC, BlendColorEXT)                                                 \
   X(PFNGLFOGCOORDFEXTPROC, FogCoordfEXT)                                                   \
   X(PFNGLPROGRAMSTRINGARBPROC, ProgramStringARB)                                           \
   X(PFNGLBINDPROGRAMARBPROC, BindProgramARB)                                               \
   X(PFNGLGENPROGRAMSARBPROC, GenProgramsARB)                                               \
   X(PFNGLDELETEPROGRAMSARBPROC, DeleteProgramsARB)                                         \
   X(PFNGLCREATESHADERPROC, CreateShader) X(PFNGLSHADERSOURCEPROC, ShaderSource)            \
   X(PFNGLCOMPILESHADERPROC, CompileShader) X(PFNGLCREATEPROGRAMPROC, CreateProgram)        \
   X(PFNGLATTACHSHADERPROC, AttachShader) X(PFNGLLINKPROGRAMPROC, LinkProgram)              \
   X(PFNGLUSEPROGRAMPROC, UseProgram) X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram) X(PFNGLDELETESHADERPROC, DeleteShader)

#define DECLARE(type, name) static type name;
PROCS(DECLARE)

static bool
load(void)
{
   bool ok = true;
#define LOAD(type, name)                                                                   \
   if (!(name = (type)eglGetProcAddress("gl" #name))) {                                    \
      test_fail("no gl" #name);                                                            \
      ok = false;                                                                          \
   }
   PROCS(LOAD)
#undef LOAD
   return ok;
}

static const GLenum controls[3] = { GL_TRUE, GL_FALSE, GL_FIXED_ONLY_ARB };
static const char *const control_names[3] = { "TRUE", "FALSE", "FIXED_ONLY" };

static float
clamp01(float v)
{
   return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static void
clamp4(const float in[4], bool clamp, float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = clamp ? clamp01(in[c]) : in[c];
}

static void
set_clamps(GLenum vertex, GLenum fragment, GLenum read)
{
   ClampColorARB(GL_CLAMP_VERTEX_COLOR_ARB, vertex);
   ClampColorARB(GL_CLAMP_FRAGMENT_COLOR_ARB, fragment);
   ClampColorARB(GL_CLAMP_READ_COLOR_ARB, read);
}

/* Pixel (1, 2) of the read buffer as floats against want (+-tol). */
static void
expect_float(const float want[4], double tol, const char *what)
{
   float p[4] = { -99, -99, -99, -99 };
   glReadPixels(1, 2, 1, 1, GL_RGBA, GL_FLOAT, p);
   for (unsigned c = 0; c < 4; c++) {
      if (!(fabs(p[c] - want[c]) <= tol)) {
         test_fail("%s: read %g, %g, %g, %g, expected %g, %g, %g, %g (+-%g)", what, p[0], p[1],
                   p[2], p[3], want[0], want[1], want[2], want[3], tol);
         return;
      }
   }
}

static GLuint
make_texture(GLenum internal_format)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal_format, W, H, 0, GL_RGBA, GL_FLOAT, NULL);
   glBindTexture(GL_TEXTURE_2D, 0);
   return tex;
}

static void
rect(void)
{
   glRectf(-1, -1, 1, 1);
}

/* The vertex colour every fixed-function case draws with. */
static const float vcolor[4] = { 2.5f, -0.5f, 0.25f, 1.5f };

static void
test_queries_and_errors(void)
{
   GLint v = -1;
   glGetIntegerv(GL_CLAMP_VERTEX_COLOR_ARB, &v);
   if (v != GL_TRUE)
      test_fail("initial CLAMP_VERTEX_COLOR 0x%x", v);
   glGetIntegerv(GL_CLAMP_FRAGMENT_COLOR_ARB, &v);
   if (v != GL_FIXED_ONLY_ARB)
      test_fail("initial CLAMP_FRAGMENT_COLOR 0x%x", v);
   glGetIntegerv(GL_CLAMP_READ_COLOR_ARB, &v);
   if (v != GL_FIXED_ONLY_ARB)
      test_fail("initial CLAMP_READ_COLOR 0x%x", v);
   GLboolean b = GL_TRUE;
   glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &b);
   if (b)
      test_fail("RGBA_FLOAT_MODE on the RGBA8 pbuffer");
   gl_expect_error(GL_NO_ERROR, "queries");

   ClampColorARB(GL_CLAMP_VERTEX_COLOR_ARB, GL_ONE + 1);
   gl_expect_error(GL_INVALID_ENUM, "glClampColorARB(bad clamp)");
   ClampColorARB(GL_RGBA_FLOAT_MODE_ARB, GL_FALSE);
   gl_expect_error(GL_INVALID_ENUM, "glClampColorARB(bad target)");
   glGetIntegerv(GL_CLAMP_VERTEX_COLOR_ARB, &v);
   if (v != GL_TRUE)
      test_fail("CLAMP_VERTEX_COLOR changed by a failed call: 0x%x", v);
   ClampColorARB(GL_CLAMP_READ_COLOR_ARB, GL_FALSE);
   glGetIntegerv(GL_CLAMP_READ_COLOR_ARB, &v);
   if (v != GL_FALSE)
      test_fail("CLAMP_READ_COLOR 0x%x after setting FALSE", v);
   ClampColorARB(GL_CLAMP_READ_COLOR_ARB, GL_FIXED_ONLY_ARB);
   gl_expect_error(GL_NO_ERROR, "glClampColorARB");
}

static void
test_clear_and_read(void)
{
   const float cc[4] = { 3.0f, -2.0f, 0.5f, 0.25f };
   glClearColor(cc[0], cc[1], cc[2], cc[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   for (unsigned r = 0; r < 3; r++) {
      char what[64];
      float want[4];
      set_clamps(GL_TRUE, GL_TRUE, controls[r]);
      clamp4(cc, controls[r] == GL_TRUE, want);
      snprintf(what, sizeof what, "clear, read clamp %s", control_names[r]);
      expect_float(want, TOL, what);
   }
   /* unsigned bytes always clamp */
   GLubyte ub[4] = { 1, 1, 1, 1 };
   set_clamps(GL_TRUE, GL_TRUE, GL_FALSE);
   glReadPixels(1, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, ub);
   if (ub[0] != 255 || ub[1] != 0 || abs(ub[2] - 128) > 1 || abs(ub[3] - 64) > 1)
      test_fail("clear read as bytes: %u %u %u %u", ub[0], ub[1], ub[2], ub[3]);
   /* the clear colour query clamps under fragment clamping only */
   float q[4];
   glGetFloatv(GL_COLOR_CLEAR_VALUE, q);
   if (q[0] != 1.0f || q[1] != 0.0f)
      test_fail("clear colour query with fragment clamp TRUE: %g %g", q[0], q[1]);
   set_clamps(GL_TRUE, GL_FIXED_ONLY_ARB, GL_FALSE);
   glGetFloatv(GL_COLOR_CLEAR_VALUE, q);
   if (q[0] != cc[0] || q[1] != cc[1])
      test_fail("clear colour query with FIXED_ONLY on a float buffer: %g %g", q[0], q[1]);
   gl_expect_error(GL_NO_ERROR, "clears");
}

/* Fixed-function vertex and fragment stages: every pair of controls. */
static void
test_fixed_function(void)
{
   for (unsigned vc = 0; vc < 3; vc++) {
      for (unsigned fc = 0; fc < 3; fc++) {
         set_clamps(controls[vc], controls[fc], GL_FALSE);
         glColor4fv(vcolor);
         rect();
         /* FIXED_ONLY: the float buffer is not fixed point, no clamp */
         bool clamped = controls[vc] == GL_TRUE || controls[fc] == GL_TRUE;
         float want[4];
         clamp4(vcolor, clamped, want);
         char what[96];
         snprintf(what, sizeof what, "colour, vertex clamp %s, fragment clamp %s",
                  control_names[vc], control_names[fc]);
         expect_float(want, TOL, what);
      }
   }
   gl_expect_error(GL_NO_ERROR, "fixed-function draws");
}

static void
test_blend_and_fog(void)
{
   float want[4];
   /* ONE, ONE over a (0.5, 0.5, 0.5, 0.5) clear: sums unclamped */
   for (unsigned fc = 0; fc < 2; fc++) {
      set_clamps(GL_FALSE, controls[fc], GL_FALSE);
      glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ONE);
      glColor4fv(vcolor);
      rect();
      glDisable(GL_BLEND);
      clamp4(vcolor, controls[fc] == GL_TRUE, want);
      for (unsigned c = 0; c < 4; c++)
         want[c] += 0.5f;
      expect_float(want, TOL, controls[fc] == GL_TRUE ? "ONE, ONE with fragment clamp"
                                                      : "ONE, ONE unclamped");
   }
   /* CONSTANT_COLOR, ZERO with a constant outside [0, 1] */
   const float k[4] = { 2.0f, 3.0f, -1.0f, 0.5f };
   set_clamps(GL_FALSE, GL_FALSE, GL_FALSE);
   glEnable(GL_BLEND);
   glBlendFunc(GL_CONSTANT_COLOR, GL_ZERO);
   BlendColorEXT(k[0], k[1], k[2], k[3]);
   glColor4fv(vcolor);
   rect();
   glDisable(GL_BLEND);
   for (unsigned c = 0; c < 4; c++)
      want[c] = vcolor[c] * k[c];
   expect_float(want, TOL, "CONSTANT_COLOR, ZERO");
   float q[4];
   glGetFloatv(GL_BLEND_COLOR, q);
   if (q[0] != k[0] || q[2] != k[2])
      test_fail("blend colour query, no fragment clamp: %g %g", q[0], q[2]);

   /* linear fog from the fog coordinate 0.25 (start 0, end 1): f = 0.75 */
   const float fogc[4] = { 4.0f, -1.0f, 0.0f, 0.0f };
   glFogi(GL_FOG_MODE, GL_LINEAR);
   glFogf(GL_FOG_START, 0.0f);
   glFogf(GL_FOG_END, 1.0f);
   glFogfv(GL_FOG_COLOR, fogc);
   glFogi(GL_FOG_COORDINATE_SOURCE_EXT, GL_FOG_COORDINATE_EXT);
   glEnable(GL_FOG);
   for (unsigned fc = 0; fc < 2; fc++) {
      bool clamp = controls[fc] == GL_TRUE;
      set_clamps(GL_FALSE, controls[fc], GL_FALSE);
      glColor4fv(vcolor);
      FogCoordfEXT(0.25f);
      rect();
      float c[4], f[4];
      clamp4(vcolor, clamp, c);
      clamp4(fogc, clamp, f);
      for (unsigned i = 0; i < 3; i++)
         want[i] = 0.75f * c[i] + 0.25f * f[i];
      want[3] = c[3];
      expect_float(want, TOL, clamp ? "fog, fragment clamp" : "fog unclamped");
   }
   glDisable(GL_FOG);
   glFogi(GL_FOG_COORDINATE_SOURCE_EXT, GL_FRAGMENT_DEPTH_EXT);
   glGetFloatv(GL_FOG_COLOR, q);
   if (q[0] != fogc[0] || q[1] != fogc[1])
      test_fail("fog colour query, no fragment clamp: %g %g", q[0], q[1]);
   set_clamps(GL_FALSE, GL_TRUE, GL_FALSE);
   glGetFloatv(GL_FOG_COLOR, q);
   if (q[0] != 1.0f || q[1] != 0.0f)
      test_fail("fog colour query with fragment clamp TRUE: %g %g", q[0], q[1]);
   gl_expect_error(GL_NO_ERROR, "blending and fog");
}

static bool
load_arb(GLenum target, GLuint name, const char *text)
{
   BindProgramARB(target, name);
   ProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
   if (glGetError() != GL_NO_ERROR) {
      test_fail("program does not load: %s",
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
      return false;
   }
   return true;
}

/* Vertex colours written by an ARB vertex program and a GLSL vertex shader
 * (clamped by the draw module under CLAMP_VERTEX_COLOR), a GLSL fragment
 * shader's output (clamped by the driver under CLAMP_FRAGMENT_COLOR). */
static void
test_programs(void)
{
   const float pc[4] = { 3.0f, -1.0f, 0.5f, 2.0f };
   GLuint vp;
   GenProgramsARB(1, &vp);
   if (!load_arb(GL_VERTEX_PROGRAM_ARB, vp,
                 "!!ARBvp1.0\nMOV result.position, vertex.position;\n"
                 "MOV result.color, {3, -1, 0.5, 2};\nEND\n"))
      return;
   glEnable(GL_VERTEX_PROGRAM_ARB);
   for (unsigned vc = 0; vc < 3; vc++) {
      set_clamps(controls[vc], GL_FALSE, GL_FALSE);
      rect();
      float want[4];
      clamp4(pc, controls[vc] == GL_TRUE, want);
      char what[64];
      snprintf(what, sizeof what, "ARB vertex program, vertex clamp %s", control_names[vc]);
      expect_float(want, TOL, what);
   }
   glDisable(GL_VERTEX_PROGRAM_ARB);
   DeleteProgramsARB(1, &vp);

   static const char *vs_src =
      "void main() { gl_Position = gl_Vertex; gl_FrontColor = vec4(3.0, -1.0, 0.5, 2.0); }\n";
   static const char *fs_src = "void main() { gl_FragColor = gl_Color * 2.0; }\n";
   GLuint vs = CreateShader(GL_VERTEX_SHADER), fs = CreateShader(GL_FRAGMENT_SHADER);
   ShaderSource(vs, 1, &vs_src, NULL);
   ShaderSource(fs, 1, &fs_src, NULL);
   CompileShader(vs);
   CompileShader(fs);
   GLuint prog = CreateProgram();
   AttachShader(prog, vs);
   AttachShader(prog, fs);
   LinkProgram(prog);
   GLint ok = 0;
   GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      test_fail("GLSL program does not link");
      return;
   }
   UseProgram(prog);
   for (unsigned vc = 0; vc < 3; vc++) {
      for (unsigned fc = 0; fc < 3; fc++) {
         set_clamps(controls[vc], controls[fc], GL_FALSE);
         rect();
         float v[4], want[4];
         clamp4(pc, controls[vc] == GL_TRUE, v);
         for (unsigned c = 0; c < 4; c++)
            v[c] *= 2.0f;
         clamp4(v, controls[fc] == GL_TRUE, want);
         char what[96];
         snprintf(what, sizeof what, "GLSL, vertex clamp %s, fragment clamp %s",
                  control_names[vc], control_names[fc]);
         expect_float(want, TOL, what);
      }
   }
   UseProgram(0);
   DeleteProgram(prog);
   DeleteShader(vs);
   DeleteShader(fs);
   gl_expect_error(GL_NO_ERROR, "programs");
}

static void
test_drawpixels(void)
{
   float img[W * H * 4];
   const float px[4] = { 3.0f, -1.0f, 0.5f, 2.0f };
   for (unsigned i = 0; i < W * H; i++)
      memcpy(&img[i * 4], px, sizeof px);
   glRasterPos2f(-1, -1);
   for (unsigned fc = 0; fc < 3; fc++) {
      set_clamps(GL_TRUE, controls[fc], GL_FALSE);
      glDrawPixels(W, H, GL_RGBA, GL_FLOAT, img);
      float want[4];
      clamp4(px, controls[fc] == GL_TRUE, want);
      char what[64];
      snprintf(what, sizeof what, "glDrawPixels, fragment clamp %s", control_names[fc]);
      expect_float(want, TOL, what);
   }
   gl_expect_error(GL_NO_ERROR, "glDrawPixels");
}

/* A float and an RGBA8 buffer drawn by one ARB fragment program writing
 * result.color[0] and [1]: FIXED_ONLY clamps neither in the shader, the
 * fixed-point buffer clamps on its own; TRUE clamps both. */
static void
test_mixed_mrt(GLuint fbo, GLuint float_tex)
{
   GLuint fixed_tex = make_texture(GL_RGBA8);
   FramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, fixed_tex,
                           0);
   FramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT1_EXT, GL_TEXTURE_2D, float_tex,
                           0);
   if (CheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) != GL_FRAMEBUFFER_COMPLETE_EXT) {
      test_fail("mixed RGBA8 + RGBA32F framebuffer incomplete");
      return;
   }
   const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0_EXT, GL_COLOR_ATTACHMENT1_EXT };
   DrawBuffersARB(2, bufs);
   GLuint fp;
   GenProgramsARB(1, &fp);
   if (!load_arb(GL_FRAGMENT_PROGRAM_ARB, fp,
                 "!!ARBfp1.0\nOPTION ARB_draw_buffers;\n"
                 "MOV result.color[0], {2, -1, 0.5, 0.75};\n"
                 "MOV result.color[1], {-3, 0.25, 4, 1.5};\nEND\n"))
      return;
   const float c0[4] = { 2.0f, -1.0f, 0.5f, 0.75f }, c1[4] = { -3.0f, 0.25f, 4.0f, 1.5f };
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   GLboolean fm = GL_FALSE;
   glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &fm);
   if (!fm)
      test_fail("RGBA_FLOAT_MODE false with a float buffer among the draw buffers");
   for (unsigned fc = 0; fc < 3; fc++) {
      set_clamps(GL_TRUE, controls[fc], GL_FALSE);
      rect();
      float want[4];
      char what[96];
      glReadBuffer(GL_COLOR_ATTACHMENT0_EXT);
      clamp4(c0, true, want);
      snprintf(what, sizeof what, "mixed MRT, RGBA8 buffer, fragment clamp %s",
               control_names[fc]);
      expect_float(want, 1.0 / 255 + TOL, what);
      glReadBuffer(GL_COLOR_ATTACHMENT1_EXT);
      clamp4(c1, controls[fc] == GL_TRUE, want);
      snprintf(what, sizeof what, "mixed MRT, RGBA32F buffer, fragment clamp %s",
               control_names[fc]);
      expect_float(want, TOL, what);
   }
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   DeleteProgramsARB(1, &fp);
   FramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT1_EXT, GL_TEXTURE_2D, 0, 0);
   FramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, float_tex,
                           0);
   glDrawBuffer(GL_COLOR_ATTACHMENT0_EXT);
   glReadBuffer(GL_COLOR_ATTACHMENT0_EXT);
   glDeleteTextures(1, &fixed_tex);
   (void)fbo;
   gl_expect_error(GL_NO_ERROR, "mixed MRT");
}

int
main(void)
{
   struct egl_test t;
   int r = egl_test_setup(&t, 16, 16, 0, 0);
   if (r != TEST_PASS)
      return r;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_ARB_color_buffer_float") || !strstr(ext, "GL_ARB_texture_float")) {
      test_note("GL_ARB_color_buffer_float or GL_ARB_texture_float not offered");
      egl_test_teardown(&t);
      return TEST_SKIP;
   }
   if (!load()) {
      egl_test_teardown(&t);
      return test_finish("egl-color-buffer-float");
   }
   test_queries_and_errors();

   GLuint tex = make_texture(GL_RGBA32F_ARB), fbo;
   GenFramebuffersEXT(1, &fbo);
   BindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
   FramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex, 0);
   if (CheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) != GL_FRAMEBUFFER_COMPLETE_EXT) {
      test_fail("RGBA32F framebuffer incomplete");
   } else {
      glViewport(0, 0, W, H);
      GLboolean fm = GL_FALSE;
      glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &fm);
      if (!fm)
         test_fail("RGBA_FLOAT_MODE false on an RGBA32F framebuffer");
      test_clear_and_read();
      test_fixed_function();
      test_blend_and_fog();
      test_programs();
      test_drawpixels();
      test_mixed_mrt(fbo, tex);
   }
   BindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   DeleteFramebuffersEXT(1, &fbo);
   glDeleteTextures(1, &tex);
   gl_expect_error(GL_NO_ERROR, "teardown");
   egl_test_teardown(&t);
   return test_finish("egl-color-buffer-float");
}
