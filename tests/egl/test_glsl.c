/*
 * The GL 2.0 shader API end to end through Mesa's libEGL and libglapi's
 * dispatch (docs/gl2-api.md): every command reached through
 * eglGetProcAddress under its GL 2.0 name and, where ARB_shader_objects has
 * slots of its own, its ARB name; a program with a bound generic attribute,
 * a uniform, a varying and the fixed-function matrices drawing a quad
 * whose pixels this test computes; the same through the ARB names; the
 * errors of wrong object kinds and of glUniform without a program.  Pony
 * offers GL 2.1 only with PONY_GL_VERSION_OVERRIDE until ST_GLSL_READY, so
 * the test sets it (Mesa's drivers ignore it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 32
#define H 32

#define PROCS(X)                                                                           \
   X(PFNGLCREATESHADERPROC, CreateShader) X(PFNGLSHADERSOURCEPROC, ShaderSource)           \
   X(PFNGLCOMPILESHADERPROC, CompileShader) X(PFNGLGETSHADERIVPROC, GetShaderiv)           \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram) X(PFNGLATTACHSHADERPROC, AttachShader)         \
   X(PFNGLLINKPROGRAMPROC, LinkProgram) X(PFNGLGETPROGRAMIVPROC, GetProgramiv)             \
   X(PFNGLUSEPROGRAMPROC, UseProgram) X(PFNGLDELETEPROGRAMPROC, DeleteProgram)             \
   X(PFNGLDELETESHADERPROC, DeleteShader) X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation) \
   X(PFNGLUNIFORM4FPROC, Uniform4f) X(PFNGLUNIFORM1FPROC, Uniform1f)                       \
   X(PFNGLBINDATTRIBLOCATIONPROC, BindAttribLocation)                                      \
   X(PFNGLVERTEXATTRIB4FPROC, VertexAttrib4f) X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog) \
   X(PFNGLGETUNIFORMFVPROC, GetUniformfv)                                                  \
   X(PFNGLCREATESHADEROBJECTARBPROC, CreateShaderObjectARB)                                \
   X(PFNGLCREATEPROGRAMOBJECTARBPROC, CreateProgramObjectARB)                              \
   X(PFNGLSHADERSOURCEARBPROC, ShaderSourceARB) X(PFNGLCOMPILESHADERARBPROC, CompileShaderARB) \
   X(PFNGLATTACHOBJECTARBPROC, AttachObjectARB) X(PFNGLLINKPROGRAMARBPROC, LinkProgramARB)  \
   X(PFNGLUSEPROGRAMOBJECTARBPROC, UseProgramObjectARB)                                    \
   X(PFNGLGETOBJECTPARAMETERIVARBPROC, GetObjectParameterivARB)                            \
   X(PFNGLGETHANDLEARBPROC, GetHandleARB) X(PFNGLDELETEOBJECTARBPROC, DeleteObjectARB)      \
   X(PFNGLGETUNIFORMLOCATIONARBPROC, GetUniformLocationARB)                                \
   X(PFNGLUNIFORM4FARBPROC, Uniform4fARB) X(PFNGLGETINFOLOGARBPROC, GetInfoLogARB)

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
   "attribute vec4 tint;\n"
   "varying vec4 v;\n"
   "void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; v = tint; }\n";
static const char *fs_src =
   "uniform vec4 scale;\nvarying vec4 v;\n"
   "void main() { gl_FragColor = v * scale; }\n";

static void
quad(void)
{
   glBegin(GL_QUADS);
   glVertex2f(-1, -1);
   glVertex2f(1, -1);
   glVertex2f(1, 1);
   glVertex2f(-1, 1);
   glEnd();
}

static void
expect_pixel(const GLubyte want[3], const char *what)
{
   GLubyte p[4];
   fill_sentinel(p, sizeof p);
   glReadPixels(W / 2, H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   for (unsigned c = 0; c < 3; c++) {
      if (abs((int)p[c] - (int)want[c]) > 1) {
         test_fail("%s: pixel %u,%u,%u, expected %u,%u,%u (+-1)", what, p[0], p[1], p[2],
                   want[0], want[1], want[2]);
         return;
      }
   }
}

/* tint (1, 0.5, 0.25) from generic attribute 3, scale (0.5, 1, 1): (128, 128, 64) */
static const GLubyte expected[3] = { 128, 128, 64 };

static void
test_gl20_names(void)
{
   GLuint vs = CreateShader(GL_VERTEX_SHADER), fs = CreateShader(GL_FRAGMENT_SHADER);
   ShaderSource(vs, 1, &vs_src, NULL);
   ShaderSource(fs, 1, &fs_src, NULL);
   CompileShader(vs);
   CompileShader(fs);
   GLint ok = 0;
   GetShaderiv(vs, GL_COMPILE_STATUS, &ok);
   if (!ok)
      test_fail("vertex shader does not compile");
   GLuint p = CreateProgram();
   AttachShader(p, vs);
   AttachShader(p, fs);
   BindAttribLocation(p, 3, "tint");
   LinkProgram(p);
   GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      GetProgramInfoLog(p, sizeof log, NULL, log);
      test_fail("link: %s", log);
      return;
   }
   gl_expect_error(GL_NO_ERROR, "compile and link");
   /* errors: wrong kinds, no program in use */
   Uniform1f(0, 1.0f);
   gl_expect_error(GL_INVALID_OPERATION, "glUniform1f without a program");
   UseProgram(vs);
   gl_expect_error(GL_INVALID_OPERATION, "glUseProgram(a shader)");
   CompileShader(p);
   gl_expect_error(GL_INVALID_OPERATION, "glCompileShader(a program)");
   GetShaderiv(p + vs + fs + 100, GL_COMPILE_STATUS, &ok);
   gl_expect_error(GL_INVALID_VALUE, "glGetShaderiv(no object)");

   UseProgram(p);
   GLint loc = GetUniformLocation(p, "scale");
   Uniform4f(loc, 0.5f, 1.0f, 1.0f, 1.0f);
   Uniform4f(-1, 9.0f, 9.0f, 9.0f, 9.0f);   /* ignored */
   VertexAttrib4f(3, 1.0f, 0.5f, 0.25f, 1.0f);
   glColor4f(0.0f, 0.0f, 0.0f, 0.0f);       /* not generic 3 */
   quad();
   gl_expect_error(GL_NO_ERROR, "draw with the program");
   expect_pixel(expected, "GL 2.0 names");
   GLfloat f[4] = { 0, 0, 0, 0 };
   GetUniformfv(p, loc, f);
   if (f[0] != 0.5f || f[1] != 1.0f)
      test_fail("glGetUniformfv %g %g", (double)f[0], (double)f[1]);
   UseProgram(0);
   DeleteShader(vs);
   DeleteShader(fs);
   DeleteProgram(p);
   gl_expect_error(GL_NO_ERROR, "deleting");
}

static void
test_arb_names(void)
{
   GLhandleARB vs = CreateShaderObjectARB(GL_VERTEX_SHADER_ARB);
   GLhandleARB fs = CreateShaderObjectARB(GL_FRAGMENT_SHADER_ARB);
   ShaderSourceARB(vs, 1, &vs_src, NULL);
   ShaderSourceARB(fs, 1, &fs_src, NULL);
   CompileShaderARB(vs);
   CompileShaderARB(fs);
   GLint v = 0;
   GetObjectParameterivARB(fs, GL_OBJECT_COMPILE_STATUS_ARB, &v);
   if (v != GL_TRUE)
      test_fail("ARB compile status %d", v);
   GetObjectParameterivARB(fs, GL_OBJECT_TYPE_ARB, &v);
   if (v != GL_SHADER_OBJECT_ARB)
      test_fail("GL_OBJECT_TYPE_ARB 0x%x", (unsigned)v);
   GLhandleARB p = CreateProgramObjectARB();
   AttachObjectARB(p, vs);
   AttachObjectARB(p, fs);
   BindAttribLocation(p, 3, "tint");
   LinkProgramARB(p);
   GetObjectParameterivARB(p, GL_OBJECT_LINK_STATUS_ARB, &v);
   if (v != GL_TRUE) {
      char log[512] = "";
      GetInfoLogARB(p, sizeof log, NULL, log);
      test_fail("ARB link: %s", log);
      return;
   }
   UseProgramObjectARB(p);
   if (GetHandleARB(GL_PROGRAM_OBJECT_ARB) != p)
      test_fail("glGetHandleARB is not the program in use");
   Uniform4fARB(GetUniformLocationARB(p, "scale"), 0.5f, 1.0f, 1.0f, 1.0f);
   VertexAttrib4f(3, 1.0f, 0.5f, 0.25f, 1.0f);
   quad();
   gl_expect_error(GL_NO_ERROR, "draw through the ARB names");
   expect_pixel(expected, "ARB names");
   UseProgramObjectARB(0);
   DeleteObjectARB(vs);
   DeleteObjectARB(fs);
   DeleteObjectARB(p);
   gl_expect_error(GL_NO_ERROR, "glDeleteObjectARB");
}

int
main(void)
{
   setenv("PONY_GL_VERSION_OVERRIDE", "2.1", 0);   /* until ST_GLSL_READY (st_caps.c) */
   struct egl_test t;
   int rc = egl_test_setup(&t, W, H, 0, 0);
   if (rc != TEST_PASS)
      return rc;
   const char *ver = (const char *)glGetString(GL_VERSION);
   const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   if (!ver || ver[0] < '2') {
      test_note("GL_VERSION %s: no GL 2.0", ver ? ver : "(null)");
      egl_test_teardown(&t);
      return TEST_SKIP;
   }
   if (!sl || sl[0] < '1')
      test_fail("GL_SHADING_LANGUAGE_VERSION %s", sl ? sl : "(null)");
   if (load()) {
      test_gl20_names();
      test_arb_names();
   }
   egl_test_teardown(&t);
   return test_finish("egl-glsl");
}
