/*
 * Transform feedback end to end through Mesa's libEGL and libglapi's
 * dispatch (st_xfb.c, docs/gl-state-tracker.md "Transform feedback"): the
 * commands reached through eglGetProcAddress under their GL 3.0 and EXT
 * names; a vertex shader's gl_Position and a varying captured from a
 * triangle strip while it renders (values and pixels computed here, the
 * strip's second triangle in GL's order); the same with
 * GL_RASTERIZER_DISCARD (captured, nothing drawn, the primitive queries);
 * the captured buffer drawn again as a vertex array with fixed function;
 * and glDrawTransformFeedback of an ARB_transform_feedback2 object.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 32
#define H 32

#define PROCS(X)                                                                           \
   X(PFNGLCREATESHADERPROC, CreateShader) X(PFNGLSHADERSOURCEPROC, ShaderSource)           \
   X(PFNGLCOMPILESHADERPROC, CompileShader) X(PFNGLCREATEPROGRAMPROC, CreateProgram)       \
   X(PFNGLATTACHSHADERPROC, AttachShader) X(PFNGLLINKPROGRAMPROC, LinkProgram)             \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv) X(PFNGLUSEPROGRAMPROC, UseProgram)               \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram) X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation) \
   X(PFNGLUNIFORM4FPROC, Uniform4f) X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)       \
   X(PFNGLGENBUFFERSPROC, GenBuffers) X(PFNGLBINDBUFFERPROC, BindBuffer)                   \
   X(PFNGLBUFFERDATAPROC, BufferData) X(PFNGLGETBUFFERSUBDATAPROC, GetBufferSubData)       \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                                \
   X(PFNGLGENQUERIESPROC, GenQueries) X(PFNGLBEGINQUERYPROC, BeginQuery)                   \
   X(PFNGLENDQUERYPROC, EndQuery) X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)         \
   X(PFNGLDELETEQUERIESPROC, DeleteQueries)                                                \
   X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)                              \
   X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                                  \
   X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)                        \
   X(PFNGLGETTRANSFORMFEEDBACKVARYINGPROC, GetTransformFeedbackVarying)                    \
   X(PFNGLBINDBUFFERBASEPROC, BindBufferBase) X(PFNGLBINDBUFFERRANGEPROC, BindBufferRange) \
   X(PFNGLGETINTEGERI_VPROC, GetIntegeri_v)                                                \
   X(PFNGLBEGINTRANSFORMFEEDBACKEXTPROC, BeginTransformFeedbackEXT)                        \
   X(PFNGLENDTRANSFORMFEEDBACKEXTPROC, EndTransformFeedbackEXT)                            \
   X(PFNGLBINDBUFFEROFFSETEXTPROC, BindBufferOffsetEXT)                                    \
   X(PFNGLTRANSFORMFEEDBACKVARYINGSEXTPROC, TransformFeedbackVaryingsEXT)                  \
   X(PFNGLGENTRANSFORMFEEDBACKSPROC, GenTransformFeedbacks)                                \
   X(PFNGLBINDTRANSFORMFEEDBACKPROC, BindTransformFeedback)                                \
   X(PFNGLDELETETRANSFORMFEEDBACKSPROC, DeleteTransformFeedbacks)                          \
   X(PFNGLDRAWTRANSFORMFEEDBACKPROC, DrawTransformFeedback)

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

static const char *vs_src =
   "uniform vec4 offset;\n"
   "uniform vec4 tint;\n"
   "varying vec4 col;\n"
   "void main() {\n"
   "  gl_Position = vec4(gl_Vertex.xy * 0.5 + offset.xy, 0.0, 1.0);\n"
   "  col = tint;\n"
   "}\n";
static const char *fs_src = "varying vec4 col;\nvoid main() { gl_FragColor = col; }\n";

/* The strip: a quad over [-1, 1]^2 before the shader halves it. */
static const float strip[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
/* GL's capture order of a 4-vertex strip: (0, 1, 2), then (2, 1, 3) with
 * the last-vertex convention (the second triangle keeps the winding). */
static const unsigned strip_order[6] = { 0, 1, 2, 2, 1, 3 };

static GLuint
build_program(void)
{
   GLuint vs = CreateShader(GL_VERTEX_SHADER), fs = CreateShader(GL_FRAGMENT_SHADER);
   ShaderSource(vs, 1, &vs_src, NULL);
   ShaderSource(fs, 1, &fs_src, NULL);
   CompileShader(vs);
   CompileShader(fs);
   GLuint p = CreateProgram();
   AttachShader(p, vs);
   AttachShader(p, fs);
   static const char *names[] = { "gl_Position", "col" };
   TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
   LinkProgram(p);
   GLint ok = 0;
   GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      GetProgramInfoLog(p, sizeof log, NULL, log);
      test_fail("link: %s", log);
      return 0;
   }
   GLsizei size = 0;
   GLenum type = 0;
   char name[32] = "";
   GetTransformFeedbackVarying(p, 1, sizeof name, NULL, &size, &type, name);
   if (strcmp(name, "col") || size != 1 || type != GL_FLOAT_VEC4)
      test_fail("varying 1: %s %d 0x%x", name, size, type);
   return p;
}

static void
pixel(int x, int y, GLubyte out[4])
{
   fill_sentinel(out, 4);
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static void
expect_pixel(int x, int y, const float want[3], const char *what)
{
   GLubyte p[4];
   pixel(x, y, p);
   for (unsigned c = 0; c < 3; c++) {
      if (abs((int)p[c] - (int)unorm_from_float(want[c], 8)) > 1) {
         test_fail("%s at %d,%d: %u,%u,%u, expected %u,%u,%u (+-1)", what, x, y, p[0], p[1],
                   p[2], unorm_from_float(want[0], 8), unorm_from_float(want[1], 8),
                   unorm_from_float(want[2], 8));
         return;
      }
   }
}

/* The 6 captured vertices: position (strip vertex * 0.5 + offset, 0, 1),
 * then the tint. */
static void
check_capture(GLuint buf, const float offset[2], const float tint[4], const char *what)
{
   float got[6 * 8];
   for (unsigned i = 0; i < 6 * 8; i++)
      got[i] = -99.0f;
   BindBuffer(GL_ARRAY_BUFFER, buf);
   GetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
   BindBuffer(GL_ARRAY_BUFFER, 0);
   for (unsigned v = 0; v < 6; v++) {
      const float *s = strip[strip_order[v]];
      const float want[8] = { s[0] * 0.5f + offset[0], s[1] * 0.5f + offset[1], 0, 1,
                              tint[0], tint[1], tint[2], tint[3] };
      for (unsigned c = 0; c < 8; c++) {
         if (fabsf(got[v * 8 + c] - want[c]) > 1e-6f) {
            test_fail("%s: vertex %u component %u is %g, expected %g", what, v, c,
                      got[v * 8 + c], want[c]);
            return;
         }
      }
   }
}

static GLuint
query_result(GLuint q)
{
   GLuint v = 12345;
   GetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
   return v;
}

static void
run(void)
{
   GLuint p = build_program();
   if (!p)
      return;
   GLuint buf[2], q[2];
   GenBuffers(2, buf);
   GenQueries(2, q);
   for (unsigned i = 0; i < 2; i++) {
      BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[i]);
      BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 6 * 8 * sizeof(float), NULL, GL_STREAM_COPY);
   }
   glVertexPointer(2, GL_FLOAT, 0, strip);
   glEnableClientState(GL_VERTEX_ARRAY);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   UseProgram(p);
   GLint off = GetUniformLocation(p, "offset"), tint = GetUniformLocation(p, "tint");

   /* 1: capture while drawing the left half (x in [-1, 0]) */
   const float off1[2] = { -0.5f, 0.0f }, tint1[4] = { 1.0f, 0.25f, 0.75f, 1.0f };
   Uniform4f(off, off1[0], off1[1], 0, 0);
   Uniform4f(tint, tint1[0], tint1[1], tint1[2], tint1[3]);
   BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0]);
   GLint bound = -1;
   GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &bound);
   if (bound != (GLint)buf[0])
      test_fail("indexed binding %d, expected %u", bound, buf[0]);
   BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);
   BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   EndTransformFeedback();
   EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   gl_expect_error(GL_NO_ERROR, "capture while drawing");
   if (query_result(q[0]) != 2)
      test_fail("primitives written %u, expected 2", query_result(q[0]));
   check_capture(buf[0], off1, tint1, "drawn capture");
   expect_pixel(W / 4, H / 2, tint1, "left half drawn");
   const float black[3] = { 0, 0, 0 };
   expect_pixel(3 * W / 4, H / 2, black, "right half not drawn");

   /* 2: the right half with rasterizer discard, through the EXT names and
    * an offset binding: captured, generated, not drawn */
   const float off2[2] = { 0.5f, 0.0f }, tint2[4] = { 0.5f, 1.0f, 0.0f, 1.0f };
   Uniform4f(off, off2[0], off2[1], 0, 0);
   Uniform4f(tint, tint2[0], tint2[1], tint2[2], tint2[3]);
   BindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1], 0);
   glEnable(GL_RASTERIZER_DISCARD);
   BeginQuery(GL_PRIMITIVES_GENERATED, q[1]);
   BeginTransformFeedbackEXT(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   EndTransformFeedbackEXT();
   EndQuery(GL_PRIMITIVES_GENERATED);
   glDisable(GL_RASTERIZER_DISCARD);
   gl_expect_error(GL_NO_ERROR, "capture with rasterizer discard");
   if (query_result(q[1]) != 2)
      test_fail("primitives generated %u, expected 2", query_result(q[1]));
   check_capture(buf[1], off2, tint2, "discarded capture");
   expect_pixel(3 * W / 4, H / 2, black, "right half discarded");

   /* 3: the captured buffer as vertex and colour arrays, fixed function */
   UseProgram(0);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   BindBuffer(GL_ARRAY_BUFFER, buf[1]);
   glVertexPointer(4, GL_FLOAT, 8 * sizeof(float), (const void *)0);
   glColorPointer(4, GL_FLOAT, 8 * sizeof(float), (const void *)(4 * sizeof(float)));
   glEnableClientState(GL_COLOR_ARRAY);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisableClientState(GL_COLOR_ARRAY);
   BindBuffer(GL_ARRAY_BUFFER, 0);
   gl_expect_error(GL_NO_ERROR, "drawing the captured vertices");
   expect_pixel(3 * W / 4, H / 2, tint2, "right half from the captured buffer");
   expect_pixel(W / 4, H / 2, tint1, "left half kept");

   /* 4: an ARB_transform_feedback2 object captures the right half in a
    * third colour; glDrawTransformFeedback draws its 6 vertices from the
    * buffer as arrays (fixed function) */
   GLuint xfb = 0;
   GenTransformFeedbacks(1, &xfb);
   BindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
   BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 0, 6 * 8 * sizeof(float));
   const float tint3[4] = { 0.0f, 0.5f, 1.0f, 1.0f };
   UseProgram(p);
   Uniform4f(tint, tint3[0], tint3[1], tint3[2], tint3[3]);
   glVertexPointer(2, GL_FLOAT, 0, strip);
   glEnable(GL_RASTERIZER_DISCARD);
   BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_capture(buf[0], off2, tint3, "object capture");
   UseProgram(0);
   BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   glVertexPointer(4, GL_FLOAT, 8 * sizeof(float), (const void *)0);
   glColorPointer(4, GL_FLOAT, 8 * sizeof(float), (const void *)(4 * sizeof(float)));
   glEnableClientState(GL_COLOR_ARRAY);
   BeginQuery(GL_PRIMITIVES_GENERATED, q[1]);
   DrawTransformFeedback(GL_TRIANGLES, xfb);
   EndQuery(GL_PRIMITIVES_GENERATED);
   glDisableClientState(GL_COLOR_ARRAY);
   BindBuffer(GL_ARRAY_BUFFER, 0);
   gl_expect_error(GL_NO_ERROR, "glDrawTransformFeedback");
   if (query_result(q[1]) != 2)
      test_fail("glDrawTransformFeedback generated %u, expected 2", query_result(q[1]));
   expect_pixel(3 * W / 4, H / 2, tint3, "right half from glDrawTransformFeedback");
   expect_pixel(W / 4, H / 2, tint1, "left half kept");
   BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
   DeleteTransformFeedbacks(1, &xfb);

   glDisableClientState(GL_VERTEX_ARRAY);
   UseProgram(0);
   DeleteProgram(p);
   DeleteBuffers(2, buf);
   DeleteQueries(2, q);
   gl_expect_error(GL_NO_ERROR, "cleanup");
}

int
main(void)
{
   setenv("PONY_GL_VERSION_OVERRIDE", "2.1", 0);   /* as egl-glsl */
   struct egl_test t;
   int rc = egl_test_setup(&t, W, H, 0, 0);
   if (rc != TEST_PASS)
      return rc;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_EXT_transform_feedback") ||
       !strstr(ext, "GL_ARB_transform_feedback2")) {
      test_note("no GL_EXT_transform_feedback / GL_ARB_transform_feedback2");
      egl_test_teardown(&t);
      return TEST_SKIP;
   }
   if (load())
      run();
   egl_test_teardown(&t);
   return test_finish("egl-xfb");
}
