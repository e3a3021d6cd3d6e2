/*
 * GL 3.0 commands of api_vertex_attrib.c, api_uniform.c, api_shader.c and
 * api_clear.c, in GL 3.0 contexts (PONY_GL_VERSION_OVERRIDE=3.0, GLSL
 * 1.30): integer generic attributes (glVertexAttribI*, their errors, exact
 * round trips through glGetVertexAttribI{i,ui}v, GL_VERTEX_ATTRIB_ARRAY_INTEGER,
 * the attribute stack, display lists), drawn through `in ivec4` / `in
 * uvec4` inputs from current values, client arrays, buffer objects, indexed
 * and listed draws on refpipe and jitpipe (values no float holds, compared
 * in the shader); glUniform*ui and glGetUniformuiv (type rules, bools,
 * arrays, a draw); glGetFragDataLocation; glClearBuffer{iv,uiv,fv,fi} on
 * integer, normalized, depth and stencil buffers of a framebuffer object
 * and the window-system buffer (values read back exactly; scissor, masks,
 * GL_NONE draw buffers, rasterizer discard, display lists, errors).  In
 * GL 2.1 the commands raise GL_INVALID_OPERATION, as stubs would.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_glsl.h"
#include "st_test_fb.h"

#define W 8
#define H 8

/* A program of the two shaders (either NULL), attribute `ia` at 3 and
 * `ua` at 4; `link` false: left unlinked.  0 when it does not link. */
static GLuint
make_program(const char *vs, const char *fs, bool link)
{
   GLuint p = api_glCreateProgram();
   const char *src[2] = { vs, fs };
   const GLenum type[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      if (!src[i])
         continue;
      GLuint s = api_glCreateShader(type[i]);
      api_glShaderSource(s, 1, &src[i], NULL);
      api_glCompileShader(s);
      api_glAttachShader(p, s);
      api_glDeleteShader(s);
   }
   api_glBindAttribLocation(p, 3, "ia");
   api_glBindAttribLocation(p, 4, "ua");
   if (!link)
      return p;
   api_glLinkProgram(p);
   if (test_program_iv(p, GL_LINK_STATUS) != GL_TRUE) {
      char log[2048] = "";
      api_glGetProgramInfoLog(p, sizeof log, NULL, log);
      CHECK(0, "link failed: %s", log);
      api_glDeleteProgram(p);
      return 0;
   }
   return p;
}

/* ---- not in GL 2.1 ---------------------------------------------------------- */

static void
test_not_offered(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "2.1", W, H)) {
      CHECK(0, "no GL 2.1 context");
      test_env_fini(&e);
      return;
   }
   GLint iv[4];
   GLuint uv[4] = { 1, 2, 3, 4 };
   api_glVertexAttribI4i(1, 1, 2, 3, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttribI4uiv(1, uv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttribIPointer(1, 4, GL_INT, 0, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetVertexAttribIiv(1, GL_CURRENT_VERTEX_ATTRIB, iv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_INTEGER, iv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glUniform1ui(0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetUniformuiv(0, 0, uv);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(api_glGetFragDataLocation(0, "c"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   const GLfloat f[4] = { 0, 1, 0, 1 };
   api_glClearBufferfv(GL_COLOR, 0, f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   test_env_fini(&e);

   /* GL 1.5: the uniform commands are GLSL commands, stubs there */
   if (test_env_init_on(&e, "refpipe", "1.5", W, H)) {
      const char *names[] = { "glUniform4uiv", "glGetUniformuiv", "glGetFragDataLocation" };
      for (unsigned i = 0; i < 3; i++) {
         int c = st_dispatch_find(names[i]);
         CHECK(c >= 0 && st_glsl_is_command(names[i]) &&
               !st_dispatch_in_context(e.ctx, (unsigned)c), "%s: a GLSL command", names[i]);
      }
   }
   test_env_fini(&e);
}

/* ---- integer attributes: state ---------------------------------------------- */

static void
check_attrib_i(GLuint index, GLint x, GLint y, GLint z, GLint w, int line)
{
   GLint v[4] = { 0x55, 0x55, 0x55, 0x55 };
   api_glGetVertexAttribIiv(index, GL_CURRENT_VERTEX_ATTRIB, v);
   CHECK(v[0] == x && v[1] == y && v[2] == z && v[3] == w,
         "line %d: attribute %u = %d %d %d %d, expected %d %d %d %d", line, index, v[0], v[1],
         v[2], v[3], x, y, z, w);
}

static void
check_attrib_ui(GLuint index, GLuint x, GLuint y, GLuint z, GLuint w, int line)
{
   GLuint v[4] = { 0x55, 0x55, 0x55, 0x55 };
   api_glGetVertexAttribIuiv(index, GL_CURRENT_VERTEX_ATTRIB, v);
   CHECK(v[0] == x && v[1] == y && v[2] == z && v[3] == w,
         "line %d: attribute %u = %u %u %u %u, expected %u %u %u %u", line, index, v[0], v[1],
         v[2], v[3], x, y, z, w);
}

static GLint
attrib_iv(GLuint index, GLenum pname)
{
   GLint v = -777;
   api_glGetVertexAttribIiv(index, pname, &v);
   return v;
}

static void
test_attrib_state(void)
{
   /* every form, values no float holds exactly */
   api_glVertexAttribI4i(3, INT_MAX, INT_MIN, -1, 123456789);
   check_attrib_i(3, INT_MAX, INT_MIN, -1, 123456789, __LINE__);
   api_glVertexAttribI4ui(4, 0xffffffffu, 0x80000001u, 16777217u, 0);
   check_attrib_ui(4, 0xffffffffu, 0x80000001u, 16777217u, 0, __LINE__);
   api_glVertexAttribI1i(5, -7);
   check_attrib_i(5, -7, 0, 0, 1, __LINE__);
   api_glVertexAttribI2i(5, 8, -9);
   check_attrib_i(5, 8, -9, 0, 1, __LINE__);
   api_glVertexAttribI3i(5, 1, 2, 3);
   check_attrib_i(5, 1, 2, 3, 1, __LINE__);
   api_glVertexAttribI1ui(6, 4000000000u);
   check_attrib_ui(6, 4000000000u, 0, 0, 1, __LINE__);
   api_glVertexAttribI2ui(6, 1, 2);
   check_attrib_ui(6, 1, 2, 0, 1, __LINE__);
   api_glVertexAttribI3ui(6, 3, 4, 5);
   check_attrib_ui(6, 3, 4, 5, 1, __LINE__);
   const GLint iv[4] = { 16777217, -16777217, 3, 4 };
   api_glVertexAttribI1iv(7, iv);
   check_attrib_i(7, 16777217, 0, 0, 1, __LINE__);
   api_glVertexAttribI2iv(7, iv);
   check_attrib_i(7, 16777217, -16777217, 0, 1, __LINE__);
   api_glVertexAttribI3iv(7, iv);
   check_attrib_i(7, 16777217, -16777217, 3, 1, __LINE__);
   api_glVertexAttribI4iv(7, iv);
   check_attrib_i(7, 16777217, -16777217, 3, 4, __LINE__);
   const GLuint uv[4] = { 0xfffffffeu, 9, 10, 11 };
   api_glVertexAttribI1uiv(8, uv);
   check_attrib_ui(8, 0xfffffffeu, 0, 0, 1, __LINE__);
   api_glVertexAttribI2uiv(8, uv);
   check_attrib_ui(8, 0xfffffffeu, 9, 0, 1, __LINE__);
   api_glVertexAttribI3uiv(8, uv);
   check_attrib_ui(8, 0xfffffffeu, 9, 10, 1, __LINE__);
   api_glVertexAttribI4uiv(8, uv);
   check_attrib_ui(8, 0xfffffffeu, 9, 10, 11, __LINE__);
   /* byte and short forms: signed ones sign-extend */
   const GLbyte bv[4] = { -128, 127, -1, 0 };
   const GLshort sv[4] = { -32768, 32767, -2, 1 };
   const GLubyte ubv[4] = { 255, 128, 0, 1 };
   const GLushort usv[4] = { 65535, 32768, 7, 0 };
   api_glVertexAttribI4bv(9, bv);
   check_attrib_i(9, -128, 127, -1, 0, __LINE__);
   api_glVertexAttribI4sv(9, sv);
   check_attrib_i(9, -32768, 32767, -2, 1, __LINE__);
   api_glVertexAttribI4ubv(9, ubv);
   check_attrib_ui(9, 255, 128, 0, 1, __LINE__);
   api_glVertexAttribI4usv(9, usv);
   check_attrib_ui(9, 65535, 32768, 7, 0, __LINE__);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* read as floats: the numbers (GL leaves it undefined) */
   GLfloat f[4] = { 0 };
   api_glVertexAttribI4i(5, -7, 100, 0, 1);
   api_glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   CHECK(f[0] == -7.0f && f[1] == 100.0f && f[2] == 0.0f && f[3] == 1.0f,
         "float read of integers %g %g %g %g", f[0], f[1], f[2], f[3]);
   /* a float command makes it a float value again */
   api_glVertexAttrib4f(5, 1.5f, -2.0f, 0.25f, 8.0f);
   api_glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   CHECK(f[0] == 1.5f && f[1] == -2.0f && f[2] == 0.25f && f[3] == 8.0f,
         "float value after integers %g %g %g %g", f[0], f[1], f[2], f[3]);
   check_attrib_i(5, 2, -2, 0, 8, __LINE__);   /* rounded, as glGetVertexAttribiv */
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* errors */
   api_glVertexAttribI4i(16, 1, 2, 3, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribI1ui(99, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint v[4];
   api_glGetVertexAttribIiv(16, GL_CURRENT_VERTEX_ATTRIB, v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetVertexAttribIuiv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, (GLuint *)v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetVertexAttribIiv(0, GL_CURRENT_VERTEX_ATTRIB, v);   /* the vertex: no value */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_POINTS);
   api_glGetVertexAttribIiv(3, GL_CURRENT_VERTEX_ATTRIB, v);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* glVertexAttribIPointer */
   static const GLshort data[8] = { 0 };
   api_glVertexAttribIPointer(16, 4, GL_INT, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribIPointer(6, 0, GL_INT, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribIPointer(6, 5, GL_INT, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribIPointer(6, GL_BGRA, GL_UNSIGNED_BYTE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glVertexAttribIPointer(6, 4, GL_INT, -4, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   const GLenum bad[] = { GL_FLOAT, GL_DOUBLE, GL_HALF_FLOAT, GL_FIXED,
                          GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV, GL_BOOL };
   for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      api_glVertexAttribIPointer(6, 4, bad[i], 0, data);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
   }
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_FALSE);
   api_glVertexAttribIPointer(6, 2, GL_SHORT, 8, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_TRUE);
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_SIZE), 2);
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_SHORT);
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 8);
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), GL_FALSE);
   GLint i1 = -1;
   GLfloat f1 = -1.0f;
   api_glGetVertexAttribiv(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER, &i1);
   api_glGetVertexAttribfv(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER, &f1);
   CHECK(i1 == GL_TRUE && f1 == 1.0f, "ARRAY_INTEGER through iv/fv: %d %g", i1, f1);
   void *ptr = NULL;
   api_glGetVertexAttribPointerv(6, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
   CHECK(ptr == data, "pointer kept");
   /* glVertexAttribPointer makes it a float array again */
   api_glVertexAttribPointer(6, 2, GL_SHORT, GL_FALSE, 8, data);
   CHECK_EQ_INT(attrib_iv(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* GL_CURRENT_BIT keeps integer values; GL_CLIENT_VERTEX_ARRAY_BIT the flag */
   api_glVertexAttribI4ui(10, 0xdeadbeefu, 1, 2, 3);
   api_glVertexAttribIPointer(11, 3, GL_UNSIGNED_BYTE, 0, data);
   api_glPushAttrib(GL_CURRENT_BIT);
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glVertexAttrib4f(10, 1, 2, 3, 4);
   api_glVertexAttribPointer(11, 3, GL_UNSIGNED_BYTE, GL_TRUE, 0, data);
   api_glPopClientAttrib();
   api_glPopAttrib();
   check_attrib_ui(10, 0xdeadbeefu, 1, 2, 3, __LINE__);
   CHECK_EQ_INT(attrib_iv(11, GL_VERTEX_ATTRIB_ARRAY_INTEGER), GL_TRUE);

   /* display lists compile the current-value commands */
   GLuint list = api_glGenLists(1);
   api_glNewList(list, GL_COMPILE);
   GL(glVertexAttribI4i, GLuint, GLint, GLint, GLint, GLint)(12, -5, INT_MIN, 16777219, 0);
   GL(glVertexAttribI2ui, GLuint, GLuint, GLuint)(13, 0xfffffff0u, 77);
   GL(glEndList, void)();
   api_glVertexAttribI4i(12, 0, 0, 0, 0);
   api_glVertexAttribI4ui(13, 0, 0, 0, 0);
   GL(glCallList, GLuint)(list);
   check_attrib_i(12, -5, INT_MIN, 16777219, 0, __LINE__);
   check_attrib_ui(13, 0xfffffff0u, 77, 0, 1, __LINE__);
   api_glDeleteLists(list, 1);
   api_glDisableVertexAttribArray(6);
   api_glDisableVertexAttribArray(11);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ---- integer attributes: drawn ---------------------------------------------- */

/* Green where ia and ua equal the expected uniforms exactly, red elsewhere. */
static const char *vs_int =
   "#version 130\n"
   "in ivec4 ia;\n"
   "in uvec4 ua;\n"
   "uniform ivec4 iexp;\n"
   "uniform uvec4 uexp;\n"
   "out vec4 col;\n"
   "void main() {\n"
   "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
   "   bool ok = all(equal(ia, iexp)) && all(equal(ua, uexp));\n"
   "   col = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";
static const char *fs_col =
   "#version 130\n"
   "in vec4 col;\n"
   "out vec4 frag;\n"
   "void main() { frag = col; }\n";

static void
expect(GLuint p, GLint ix, GLint iy, GLint iz, GLint iw, GLuint ux, GLuint uy, GLuint uz,
       GLuint uw)
{
   api_glUniform4i(api_glGetUniformLocation(p, "iexp"), ix, iy, iz, iw);
   api_glUniform4ui(api_glGetUniformLocation(p, "uexp"), ux, uy, uz, uw);
}

static void
clear_black(void)
{
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
}

static void
quad_immediate(void)
{
   api_glBegin(GL_QUADS);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
}

static const GLfloat quad_pos[8] = { 0, 0, W, 0, W, H, 0, H };

static void
test_attrib_draw(const char *driver)
{
   GLuint p = make_program(vs_int, fs_col, true);
   if (!p)
      return;
   api_glUseProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* current values, a glBegin/glEnd quad */
   expect(p, INT_MAX, INT_MIN, -1, 123456789, 0xffffffffu, 0x80000000u, 16777217u, 0);
   api_glVertexAttribI4i(3, INT_MAX, INT_MIN, -1, 123456789);
   api_glVertexAttribI4ui(4, 0xffffffffu, 0x80000000u, 16777217u, 0);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(3, 3, 0, 255, 0, 0);
   /* the comparison is real: one bit off is red */
   expect(p, INT_MAX, INT_MIN, -1, 123456789, 0xffffffffu, 0x80000000u, 16777216u, 0);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(3, 3, 255, 0, 0, 0);
   /* the same current values through glDrawArrays (no integer array) */
   expect(p, INT_MAX, INT_MIN, -1, 123456789, 0xffffffffu, 0x80000000u, 16777217u, 0);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glVertexPointer(2, GL_FLOAT, 0, quad_pos);
   clear_black();
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_PX_RGB(5, 2, 0, 255, 0, 0);

   /* client arrays of 32-bit integers */
   static const GLint ia32[16] = {
      INT_MAX, INT_MIN, 16777217, -16777217, INT_MAX, INT_MIN, 16777217, -16777217,
      INT_MAX, INT_MIN, 16777217, -16777217, INT_MAX, INT_MIN, 16777217, -16777217,
   };
   static const GLuint ua32[16] = {
      0xffffffffu, 0x80000001u, 3, 0xfffffffeu, 0xffffffffu, 0x80000001u, 3, 0xfffffffeu,
      0xffffffffu, 0x80000001u, 3, 0xfffffffeu, 0xffffffffu, 0x80000001u, 3, 0xfffffffeu,
   };
   api_glVertexAttribIPointer(3, 4, GL_INT, 0, ia32);
   api_glVertexAttribIPointer(4, 4, GL_UNSIGNED_INT, 0, ua32);
   api_glEnableVertexAttribArray(3);
   api_glEnableVertexAttribArray(4);
   expect(p, INT_MAX, INT_MIN, 16777217, -16777217, 0xffffffffu, 0x80000001u, 3, 0xfffffffeu);
   clear_black();
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_PX_RGB(1, 6, 0, 255, 0, 0);
   /* indexed (each vertex fetched once, drawn by index) */
   static const GLuint idx[6] = { 0, 1, 3, 1, 2, 3 };
   clear_black();
   api_glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, idx);
   CHECK_PX_RGB(0, 0, 0, 255, 0, 0);
   CHECK_PX_RGB(7, 7, 0, 255, 0, 0);

   /* small types: sign- and zero-extended, missing components (0, 0, 1) */
   static const GLbyte ib[12] = { -128, 127, -1, -128, 127, -1, -128, 127, -1, -128, 127, -1 };
   static const GLushort us[8] = { 65535, 40000, 65535, 40000, 65535, 40000, 65535, 40000 };
   api_glVertexAttribIPointer(3, 3, GL_BYTE, 0, ib);
   api_glVertexAttribIPointer(4, 2, GL_UNSIGNED_SHORT, 0, us);
   expect(p, -128, 127, -1, 1, 65535, 40000, 0, 1);
   clear_black();
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_PX_RGB(4, 4, 0, 255, 0, 0);
   static const GLshort is2[8] = { -32768, 1, -32768, 1, -32768, 1, -32768, 1 };
   static const GLubyte ub4[16] = { 255, 0, 1, 128, 255, 0, 1, 128, 255, 0, 1, 128, 255, 0, 1,
                                    128 };
   api_glVertexAttribIPointer(3, 2, GL_SHORT, 4, is2);
   api_glVertexAttribIPointer(4, 4, GL_UNSIGNED_BYTE, 0, ub4);
   expect(p, -32768, 1, 0, 1, 255, 0, 1, 128);
   clear_black();
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_PX_RGB(4, 4, 0, 255, 0, 0);

   /* arrays in a buffer object, with a stride and an offset */
   GLuint buf;
   api_glGenBuffers(1, &buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, buf);
   GLint interleaved[4][3];
   for (unsigned v = 0; v < 4; v++) {
      interleaved[v][0] = 0x55;
      interleaved[v][1] = -2147483647;
      interleaved[v][2] = 2147483646;
   }
   api_glBufferData(GL_ARRAY_BUFFER, sizeof interleaved, interleaved, GL_STATIC_DRAW);
   api_glVertexAttribIPointer(3, 2, GL_INT, 12, (const void *)4);
   api_glVertexAttribIPointer(4, 1, GL_UNSIGNED_INT, 12, (const void *)8);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   expect(p, -2147483647, 2147483646, 0, 1, 2147483646u, 0, 0, 1);
   clear_black();
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   CHECK_PX_RGB(2, 5, 0, 255, 0, 0);

   /* a listed draw: dereferenced at compile time, replayed as integers */
   GLuint list = api_glGenLists(1);
   api_glNewList(list, GL_COMPILE);
   GL(glDrawArrays, GLenum, GLint, GLsizei)(GL_TRIANGLE_FAN, 0, 4);
   GL(glEndList, void)();
   api_glDisableVertexAttribArray(3);
   api_glDisableVertexAttribArray(4);
   api_glVertexAttribI4i(3, 0, 0, 0, 0);
   api_glVertexAttribI4ui(4, 0, 0, 0, 0);
   clear_black();
   GL(glCallList, GLuint)(list);
   CHECK_PX_RGB(6, 6, 0, 255, 0, 0);
   check_attrib_i(3, -2147483647, 2147483646, 0, 1, __LINE__);   /* the last vertex's */
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &buf);
   CHECK_GL_ERROR(GL_NO_ERROR);
   (void)driver;
}

/* ---- unsigned uniforms ------------------------------------------------------ */

static const char *vs_plain =
   "#version 130\n"
   "void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; }\n";
static const char *fs_uint =
   "#version 130\n"
   "uniform uint u;\n"
   "uniform uvec3 u3;\n"
   "uniform uvec2 ua[3];\n"
   "uniform bool b;\n"
   "uniform bvec2 b2;\n"
   "uniform int i;\n"
   "uniform float f;\n"
   "uniform sampler2D s;\n"
   "out vec4 frag;\n"
   "void main() {\n"
   "   bool ok = u == 0xfffffff0u && u3 == uvec3(1u, 16777217u, 0x80000000u) &&\n"
   "             ua[2] == uvec2(7u, 0xffffffffu) && b && b2 == bvec2(false, true);\n"
   "   frag = ok ? vec4(0.0, 1.0, float(i) + f, 1.0) + texture(s, vec2(0.0)) * 0.0\n"
   "             : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

static void
check_uniform_ui(GLuint p, const char *name, unsigned n, const GLuint *want, int line)
{
   GLuint v[4] = { 0x55, 0x55, 0x55, 0x55 };
   api_glGetUniformuiv(p, api_glGetUniformLocation(p, name), v);
   for (unsigned c = 0; c < n; c++)
      CHECK(v[c] == want[c], "line %d: %s[%u] = %u (0x%x), expected %u", line, name, c, v[c],
            v[c], want[c]);
}

static void
test_uniforms(void)
{
   GLuint p = make_program(vs_plain, fs_uint, true);
   if (!p)
      return;
   GLint lu = api_glGetUniformLocation(p, "u"), lu3 = api_glGetUniformLocation(p, "u3");
   GLint lua = api_glGetUniformLocation(p, "ua"), lua1 = api_glGetUniformLocation(p, "ua[1]");
   GLint lb = api_glGetUniformLocation(p, "b"), lb2 = api_glGetUniformLocation(p, "b2");
   GLint li = api_glGetUniformLocation(p, "i"), lf = api_glGetUniformLocation(p, "f");
   GLint ls = api_glGetUniformLocation(p, "s");
   CHECK(lu >= 0 && lu3 >= 0 && lua >= 0 && lua1 >= 0 && lb >= 0 && lb2 >= 0 && li >= 0 &&
         lf >= 0 && ls >= 0, "locations %d %d %d %d %d %d %d %d %d", lu, lu3, lua, lua1, lb,
         lb2, li, lf, ls);

   /* no program in use */
   api_glUniform1ui(lu, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUseProgram(p);
   api_glUniform1ui(lu, 0xfffffff0u);
   api_glUniform3ui(lu3, 1, 16777217u, 0x80000000u);
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_uniform_ui(p, "u", 1, (const GLuint[]){ 0xfffffff0u }, __LINE__);
   check_uniform_ui(p, "u3", 3, (const GLuint[]){ 1, 16777217u, 0x80000000u }, __LINE__);
   /* the other sizes and the vector forms */
   const GLuint vals[8] = { 11, 12, 13, 14, 15, 16, 7, 0xffffffffu };
   api_glUniform2uiv(lua, 4, vals);   /* 3 elements: the 4th is ignored */
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_uniform_ui(p, "ua[0]", 2, (const GLuint[]){ 11, 12 }, __LINE__);
   check_uniform_ui(p, "ua[1]", 2, (const GLuint[]){ 13, 14 }, __LINE__);
   check_uniform_ui(p, "ua[2]", 2, (const GLuint[]){ 15, 16 }, __LINE__);
   api_glUniform2uiv(lua1 + 1, 1, vals + 6);   /* from element 2 */
   check_uniform_ui(p, "ua[2]", 2, (const GLuint[]){ 7, 0xffffffffu }, __LINE__);
   api_glUniform2ui(lua1, 21, 22);
   check_uniform_ui(p, "ua[1]", 2, (const GLuint[]){ 21, 22 }, __LINE__);
   api_glUniform1uiv(lu, 1, vals);
   check_uniform_ui(p, "u", 1, (const GLuint[]){ 11 }, __LINE__);
   api_glUniform3uiv(lu3, 1, vals + 5);
   check_uniform_ui(p, "u3", 3, (const GLuint[]){ 16, 7, 0xffffffffu }, __LINE__);
   /* bools take the ui forms: non-zero is true */
   api_glUniform1ui(lb, 0x80000000u);
   check_uniform_ui(p, "b", 1, (const GLuint[]){ 1 }, __LINE__);
   api_glUniform2ui(lb2, 0, 5);
   check_uniform_ui(p, "b2", 2, (const GLuint[]){ 0, 1 }, __LINE__);
   api_glUniform2uiv(lb2, 1, (const GLuint[]){ 3, 0 });
   check_uniform_ui(p, "b2", 2, (const GLuint[]){ 1, 0 }, __LINE__);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* type and size mismatches (GL 3.0 section 2.20.3) */
   api_glUniform1i(lu, 1);   /* uint by the int form */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1f(lu, 1.0f);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform2ui(lu, 1, 2);   /* size */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform4ui(lu3, 1, 2, 3, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1ui(li, 1);   /* int by the uint form */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1ui(lf, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1ui(ls, 0);   /* samplers: glUniform1i only */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1uiv(lu, 2, vals);   /* count > 1 on a non-array */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1uiv(lu, -1, vals);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUniform1ui(12345, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniform1ui(-1, 1);   /* ignored */
   CHECK_GL_ERROR(GL_NO_ERROR);
   check_uniform_ui(p, "u", 1, (const GLuint[]){ 11 }, __LINE__);   /* unchanged */

   /* glGetUniformuiv of the other types; its errors */
   api_glUniform1i(li, -1);
   api_glUniform1f(lf, 2.6f);
   check_uniform_ui(p, "i", 1, (const GLuint[]){ 0xffffffffu }, __LINE__);
   check_uniform_ui(p, "f", 1, (const GLuint[]){ 3 }, __LINE__);
   GLuint g[4];
   api_glGetUniformuiv(p, 12345, g);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glGetUniformuiv(987654, lu, g);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint unlinked = make_program(vs_plain, NULL, false);
   api_glGetUniformuiv(unlinked, 0, g);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteProgram(unlinked);

   /* the values reach the shader */
   api_glUniform1i(li, 0);
   api_glUniform1f(lf, 0.0f);
   api_glUniform1ui(lu, 0xfffffff0u);
   api_glUniform3ui(lu3, 1, 16777217u, 0x80000000u);
   api_glUniform2ui(lua1 + 1, 7, 0xffffffffu);
   api_glUniform1ui(lb, 1);
   api_glUniform2ui(lb2, 0, 1);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(3, 3, 0, 255, 0, 0);
   api_glUniform3ui(lu3, 1, 16777216u, 0x80000000u);   /* one off: red */
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(3, 3, 255, 0, 0, 0);
   /* compiled into a display list, copied when compiled */
   GLuint list = api_glGenLists(1);
   GLuint lv[3] = { 1, 16777217u, 0x80000000u };
   api_glNewList(list, GL_COMPILE);
   GL(glUniform3uiv, GLint, GLsizei, const GLuint *)(lu3, 1, lv);
   GL(glEndList, void)();
   lv[1] = 5;
   check_uniform_ui(p, "u3", 3, (const GLuint[]){ 1, 16777216u, 0x80000000u }, __LINE__);
   GL(glCallList, GLuint)(list);
   check_uniform_ui(p, "u3", 3, (const GLuint[]){ 1, 16777217u, 0x80000000u }, __LINE__);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(3, 3, 0, 255, 0, 0);
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
}

/* ---- glGetFragDataLocation -------------------------------------------------- */

static void
test_frag_data_location(void)
{
   static const char *fs1 =
      "#version 130\n"
      "out vec4 color;\n"
      "void main() { color = vec4(1.0); }\n";
   static const char *fs2 =
      "#version 130\n"
      "#extension GL_ARB_explicit_attrib_location : require\n"
      "layout(location = 2) out vec4 second;\n"
      "layout(location = 4) out vec4 arr[2];\n"
      "void main() { second = vec4(1.0); arr[0] = vec4(0.5); arr[1] = vec4(0.25); }\n";
   static const char *fs_builtin = "#version 130\nvoid main() { gl_FragColor = vec4(1.0); }\n";
   GLuint p1 = make_program(vs_plain, fs1, true);
   GLuint p2 = make_program(vs_plain, fs2, true);
   GLuint p3 = make_program(vs_plain, fs_builtin, true);
   if (!p1 || !p2 || !p3)
      return;
   CHECK_EQ_INT(api_glGetFragDataLocation(p1, "color"), 0);
   CHECK_EQ_INT(api_glGetFragDataLocation(p1, "colour"), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p1, "color[0]"), -1);   /* not an array */
   CHECK_EQ_INT(api_glGetFragDataLocation(p1, "colo"), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p1, ""), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "second"), 2);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr"), 4);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr[0]"), 4);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr[1]"), 5);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr[2]"), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr[01]"), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr[1]x"), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p2, "arr["), -1);
   CHECK_EQ_INT(api_glGetFragDataLocation(p3, "gl_FragColor"), -1);   /* gl_ names: -1 */
   CHECK_EQ_INT(api_glGetFragDataLocation(p3, "gl_FragData"), -1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* errors: no object, a shader, not linked */
   CHECK_EQ_INT(api_glGetFragDataLocation(987654, "color"), -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint sh = api_glCreateShader(GL_FRAGMENT_SHADER);
   CHECK_EQ_INT(api_glGetFragDataLocation(sh, "color"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteShader(sh);
   GLuint unlinked = make_program(vs_plain, fs1, false);
   CHECK_EQ_INT(api_glGetFragDataLocation(unlinked, "color"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteProgram(unlinked);
   api_glDeleteProgram(p1);
   api_glDeleteProgram(p2);
   api_glDeleteProgram(p3);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ---- glClearBuffer* --------------------------------------------------------- */

static void
read_uint(GLenum buf, int x, int y, GLuint out[4])
{
   api_glReadBuffer(buf);
   memset(out, 0x55, 4 * sizeof *out);
   api_glReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out);
}

static void
read_int(GLenum buf, int x, int y, GLint out[4])
{
   api_glReadBuffer(buf);
   memset(out, 0x55, 4 * sizeof *out);
   api_glReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, GL_INT, out);
}

static void
read_ubyte(GLenum buf, int x, int y, GLubyte out[4])
{
   api_glReadBuffer(buf);
   memset(out, 0x55, 4);
   api_glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static GLfloat
read_depth(int x, int y)
{
   GLfloat z = -1.0f;
   api_glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   return z;
}

static GLubyte
read_stencil(int x, int y)
{
   GLubyte s = 0x55;
   api_glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   return s;
}

#define CHECK_U4(v, a, b, c, d)                                                         \
   CHECK((v)[0] == (a) && (v)[1] == (b) && (v)[2] == (c) && (v)[3] == (d),              \
         "%s = %u %u %u %u, expected %u %u %u %u", #v, (unsigned)(v)[0], (unsigned)(v)[1], \
         (unsigned)(v)[2], (unsigned)(v)[3], (unsigned)(a), (unsigned)(b), (unsigned)(c), \
         (unsigned)(d))

/* GLSL 1.30 7.1: a vertex shader writing neither gl_ClipVertex nor
 * gl_ClipDistance clips by gl_Position against the enabled user planes; one
 * writing gl_ClipDistance clips by that alone.  The quad covers the window;
 * the plane (1, 0, 0, 0), stored as given (identity modelview), keeps
 * clip x >= 0, the right half (pixels 4..7); compared in eye space (the
 * object coordinates 0..8 here) it would keep the whole quad. */
static void
test_clip_by_position(void)
{
   static const char *vs_pos =
      "#version 130\n"
      "void main() { gl_Position = vec4(gl_Vertex.xy / 4.0 - 1.0, 0.0, 1.0); }\n";
   static const char *vs_dist =
      "#version 130\n"
      "out float gl_ClipDistance[1];\n"
      "void main() { gl_Position = vec4(gl_Vertex.xy / 4.0 - 1.0, 0.0, 1.0);\n"
      "              gl_ClipDistance[0] = 1.0; }\n";
   static const char *fs_green =
      "#version 130\nvoid main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";
   GLuint p = make_program(vs_pos, fs_green, true), q = make_program(vs_dist, fs_green, true);
   if (!p || !q)
      return;
   api_glMatrixMode(GL_MODELVIEW);
   api_glLoadIdentity();
   static const GLdouble plane[4] = { 1.0, 0.0, 0.0, 0.0 };
   api_glClipPlane(GL_CLIP_PLANE0, plane);
   api_glEnable(GL_CLIP_PLANE0);
   api_glUseProgram(p);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(1, 4, 0, 0, 0, 0);
   CHECK_PX_RGB(3, 4, 0, 0, 0, 0);
   CHECK_PX_RGB(4, 4, 0, 255, 0, 0);
   CHECK_PX_RGB(6, 4, 0, 255, 0, 0);
   /* gl_ClipDistance[0] = 1 everywhere: nothing clipped */
   api_glUseProgram(q);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(1, 4, 0, 255, 0, 0);
   CHECK_PX_RGB(6, 4, 0, 255, 0, 0);
   /* the plane disabled: the whole quad */
   api_glDisable(GL_CLIP_PLANE0);
   api_glUseProgram(p);
   clear_black();
   quad_immediate();
   CHECK_PX_RGB(1, 4, 0, 255, 0, 0);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteProgram(q);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_clear_buffer(void)
{
   const GLint izero[4] = { 0 };
   const GLfloat fzero[4] = { 0 };
   /* errors: the buffer per command, then drawbuffer */
   api_glClearBufferiv(GL_DEPTH, 0, izero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferiv(GL_DEPTH_STENCIL, 0, izero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferiv(GL_FRONT, 0, izero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferuiv(GL_STENCIL, 0, (const GLuint *)izero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferuiv(GL_DEPTH, 0, (const GLuint *)izero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferfv(GL_STENCIL, 0, fzero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferfv(GL_DEPTH_STENCIL, 0, fzero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferfi(GL_COLOR, 0, 0.0f, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferfi(GL_DEPTH, 0, 0.0f, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glClearBufferiv(GL_COLOR, -1, izero);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glClearBufferuiv(GL_COLOR, 8, (const GLuint *)izero);   /* GL_MAX_DRAW_BUFFERS */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glClearBufferiv(GL_STENCIL, 1, izero);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glClearBufferfv(GL_DEPTH, 1, fzero);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glClearBufferfi(GL_DEPTH_STENCIL, -1, 0.0f, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint maxdb = 0;
   api_glGetIntegerv(GL_MAX_DRAW_BUFFERS, &maxdb);
   CHECK_EQ_INT(maxdb, 8);

   /* the window-system buffer: draw buffer 0 is the back buffer, 1 GL_NONE */
   const GLfloat green[4] = { 0.0f, 1.0f, 0.0f, 1.0f }, blue[4] = { 0.0f, 0.0f, 1.0f, 1.0f };
   clear_black();
   api_glClearBufferfv(GL_COLOR, 0, green);
   api_glClearBufferfv(GL_COLOR, 1, blue);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGB(2, 2, 0, 255, 0, 0);
   /* the window's depth and stencil */
   api_glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x3c);
   CHECK(fabsf(read_depth(1, 1) - 0.5f) < 1e-6f, "window depth %g", read_depth(1, 1));
   CHECK_EQ_INT(read_stencil(1, 1), 0x3c);

   /* a framebuffer object: RGBA8UI, RGBA8, RGBA32I, depth/stencil */
   GLuint rb[4], fb;
   const GLenum fmts[4] = { GL_RGBA8UI, GL_RGBA8, GL_RGBA32I, GL_DEPTH24_STENCIL8 };
   api_glGenRenderbuffers(4, rb);
   for (unsigned i = 0; i < 4; i++) {
      api_glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      api_glRenderbufferStorage(GL_RENDERBUFFER, fmts[i], W, H);
   }
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   for (unsigned i = 0; i < 3; i++)
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER,
                                    rb[i]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
   const GLenum bufs[3] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2 };
   api_glDrawBuffers(3, bufs);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* each buffer with its own values, exactly, the others untouched */
   const GLuint u0[4] = { 1, 200, 255, 7 };
   const GLint i2[4] = { INT_MIN, -1, INT_MAX, 16777217 };
   const GLfloat f1[4] = { 0.25f, 0.5f, 1.5f, -1.0f };   /* clamped to [0, 1] */
   api_glClearBufferuiv(GL_COLOR, 0, u0);
   api_glClearBufferiv(GL_COLOR, 2, i2);
   api_glClearBufferfv(GL_COLOR, 1, f1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint u[4];
   GLint iv[4];
   GLubyte b[4];
   read_uint(GL_COLOR_ATTACHMENT0, 3, 4, u);
   CHECK_U4(u, 1, 200, 255, 7);
   read_int(GL_COLOR_ATTACHMENT2, 7, 7, iv);
   CHECK(iv[0] == INT_MIN && iv[1] == -1 && iv[2] == INT_MAX && iv[3] == 16777217,
         "RGBA32I cleared to %d %d %d %d", iv[0], iv[1], iv[2], iv[3]);
   read_ubyte(GL_COLOR_ATTACHMENT1, 0, 0, b);
   CHECK_U4(b, 64, 128, 255, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* the scissor box */
   const GLuint u9[4] = { 9, 9, 9, 9 };
   api_glEnable(GL_SCISSOR_TEST);
   api_glScissor(2, 2, 3, 3);
   api_glClearBufferuiv(GL_COLOR, 0, u9);
   api_glDisable(GL_SCISSOR_TEST);
   read_uint(GL_COLOR_ATTACHMENT0, 3, 3, u);
   CHECK_U4(u, 9, 9, 9, 9);
   read_uint(GL_COLOR_ATTACHMENT0, 1, 3, u);
   CHECK_U4(u, 1, 200, 255, 7);
   read_uint(GL_COLOR_ATTACHMENT0, 5, 5, u);
   CHECK_U4(u, 1, 200, 255, 7);

   /* the colour mask of that draw buffer */
   const GLuint u3[4] = { 3, 3, 3, 3 };
   api_glColorMaskIndexedEXT(0, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   api_glColorMaskIndexedEXT(2, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   api_glClearBufferuiv(GL_COLOR, 0, u3);
   api_glClearBufferiv(GL_COLOR, 2, izero);
   api_glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   read_uint(GL_COLOR_ATTACHMENT0, 0, 0, u);
   CHECK_U4(u, 1, 3, 255, 3);
   read_int(GL_COLOR_ATTACHMENT2, 0, 0, iv);
   CHECK(iv[0] == INT_MIN && iv[3] == 16777217, "masked RGBA32I kept %d .. %d", iv[0], iv[3]);

   /* a GL_NONE draw buffer clears nothing (no error) */
   const GLenum bufs2[3] = { GL_COLOR_ATTACHMENT0, GL_NONE, GL_COLOR_ATTACHMENT2 };
   api_glDrawBuffers(3, bufs2);
   api_glClearBufferfv(GL_COLOR, 1, fzero);
   api_glClearBufferuiv(GL_COLOR, 5, u9);   /* beyond the draw buffers: GL_NONE */
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_ubyte(GL_COLOR_ATTACHMENT1, 4, 4, b);
   CHECK_U4(b, 64, 128, 255, 0);
   api_glDrawBuffers(3, bufs);

   /* rasterizer discard drops it */
   api_glEnable(GL_RASTERIZER_DISCARD);
   api_glClearBufferuiv(GL_COLOR, 0, u9);
   api_glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.0f, 0);
   api_glDisable(GL_RASTERIZER_DISCARD);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_uint(GL_COLOR_ATTACHMENT0, 0, 0, u);
   CHECK_U4(u, 1, 3, 255, 3);

   /* depth: clamped to [0, 1], the depth mask */
   const GLfloat zq = 0.25f, z2 = 2.0f, zneg = -3.0f;
   api_glClearBufferfv(GL_DEPTH, 0, &zq);
   CHECK(fabsf(read_depth(4, 4) - 0.25f) < 1e-6f, "depth %g", read_depth(4, 4));
   api_glClearBufferfv(GL_DEPTH, 0, &z2);
   CHECK(read_depth(4, 4) == 1.0f, "depth clamped to %g", read_depth(4, 4));
   api_glClearBufferfv(GL_DEPTH, 0, &zneg);
   CHECK(read_depth(4, 4) == 0.0f, "depth clamped to %g", read_depth(4, 4));
   api_glDepthMask(GL_FALSE);
   api_glClearBufferfv(GL_DEPTH, 0, &zq);
   api_glDepthMask(GL_TRUE);
   CHECK(read_depth(4, 4) == 0.0f, "depth mask: %g", read_depth(4, 4));
   /* stencil: masked to 8 bits, the write mask */
   const GLint s1 = 0x1ab, s2 = 0xff;
   api_glClearBufferiv(GL_STENCIL, 0, &s1);
   CHECK_EQ_INT(read_stencil(4, 4), 0xab);
   api_glStencilMask(0x0f);
   api_glClearBufferiv(GL_STENCIL, 0, &s2);
   api_glStencilMask(0xff);
   CHECK_EQ_INT(read_stencil(4, 4), 0xaf);
   /* both, with the scissor; colour untouched */
   api_glEnable(GL_SCISSOR_TEST);
   api_glScissor(0, 0, 2, 2);
   api_glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 9);
   api_glDisable(GL_SCISSOR_TEST);
   CHECK(fabsf(read_depth(1, 1) - 0.75f) < 1e-6f, "fi depth %g", read_depth(1, 1));
   CHECK_EQ_INT(read_stencil(1, 1), 9);
   CHECK(read_depth(4, 4) == 0.0f, "outside the scissor %g", read_depth(4, 4));
   CHECK_EQ_INT(read_stencil(4, 4), 0xaf);
   read_uint(GL_COLOR_ATTACHMENT0, 1, 1, u);
   CHECK_U4(u, 1, 3, 255, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* compiled into display lists with the values of compile time */
   GLuint list = api_glGenLists(1);
   GLuint lv[4] = { 40, 41, 42, 43 };
   api_glNewList(list, GL_COMPILE);
   GL(glClearBufferuiv, GLenum, GLint, const GLuint *)(GL_COLOR, 0, lv);
   GL(glClearBufferfi, GLenum, GLint, GLfloat, GLint)(GL_DEPTH_STENCIL, 0, 0.125f, 77);
   GL(glEndList, void)();
   lv[0] = 0;
   read_uint(GL_COLOR_ATTACHMENT0, 6, 6, u);
   CHECK_U4(u, 1, 3, 255, 3);
   GL(glCallList, GLuint)(list);
   read_uint(GL_COLOR_ATTACHMENT0, 6, 6, u);
   CHECK_U4(u, 40, 41, 42, 43);
   CHECK(fabsf(read_depth(6, 6) - 0.125f) < 1e-6f, "listed depth %g", read_depth(6, 6));
   CHECK_EQ_INT(read_stencil(6, 6), 77);
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* an incomplete framebuffer: an attachment without storage */
   GLuint empty;
   api_glGenRenderbuffers(1, &empty);
   api_glBindRenderbuffer(GL_RENDERBUFFER, empty);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, empty);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE,
         "an attachment without storage");
   api_glClearBufferuiv(GL_COLOR, 0, u9);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glDeleteRenderbuffers(4, rb);
   api_glDeleteRenderbuffers(1, &empty);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* The vertices of the gl_VertexID tests: 0..3 the whole window (never
 * drawn), 4..7 its left half, 8..11 its right half */
static const float vertex_id_verts[12][2] = {
   { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 },
   { -1, -1 }, { 0, -1 }, { 0, 1 }, { -1, 1 },
   { 0, -1 }, { 1, -1 }, { 1, 1 }, { 0, 1 },
};

/* The program of the gl_VertexID tests, in use: vertices 0..3 red, 4..7
 * green, 8..11 blue, picked by gl_VertexID from a constant array; the
 * vertices in a buffer object (*buf) read by attribute 1. */
static GLuint
vertex_id_setup(GLuint *buf)
{
   GLuint p = test_linked_program(
      "#version 130\nin vec2 pos;\nout vec3 c;\n"
      "const vec3 colors[] = vec3[](vec3(1, 0, 0), vec3(1, 0, 0), vec3(1, 0, 0), vec3(1, 0, 0),\n"
      "  vec3(0, 1, 0), vec3(0, 1, 0), vec3(0, 1, 0), vec3(0, 1, 0),\n"
      "  vec3(0, 0, 1), vec3(0, 0, 1), vec3(0, 0, 1), vec3(0, 0, 1));\n"
      "void main() { c = colors[gl_VertexID]; gl_Position = vec4(pos, 0.0, 1.0); }\n",
      NULL, "#version 130\nin vec3 c;\nvoid main() { gl_FragColor = vec4(c, 1.0); }\n");
   api_glUseProgram(p);
   api_glGenBuffers(1, buf);
   api_glBindBuffer(GL_ARRAY_BUFFER, *buf);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof vertex_id_verts, vertex_id_verts, GL_STATIC_DRAW);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   api_glEnableVertexAttribArray(1);
   return p;
}

/* gl_VertexID counts from each draw's first vertex (GL 3.0 section
 * 2.11.7): glMultiDrawArrays of two fans starting at vertices 4 and 8, the
 * left and right halves of the window (vertices 0..3 and their colour
 * would cover it all) */
static void
test_vertex_id_multidraw(const char *driver)
{
   GLuint buf;
   GLuint p = vertex_id_setup(&buf);
   api_glClearColor(0, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   static const GLint first[2] = { 4, 8 };
   static const GLsizei count[2] = { 4, 4 };
   api_glMultiDrawArrays(GL_TRIANGLE_FAN, first, count, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte l[4], r[4];
   test_read_px(1, H / 2, l);
   test_read_px(W - 2, H / 2, r);
   CHECK(l[0] == 0 && l[1] == 255 && l[2] == 0 && r[0] == 0 && r[1] == 0 && r[2] == 255,
         "%s: gl_VertexID in glMultiDrawArrays: left %u,%u,%u right %u,%u,%u", driver, l[0],
         l[1], l[2], r[0], r[1], r[2]);
   api_glDisableVertexAttribArray(1);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glDeleteBuffers(1, &buf);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
}

/* gl_VertexID of the draws whose vertices the state tracker copies: an
 * indexed draw's is its index plus basevertex (glDrawElementsBaseVertex,
 * and indices spanning as many values as there are elements), a
 * non-indexed draw from client memory counts from its first vertex.  The
 * colours by gl_VertexID of vertex_id_setup; ids counted from 0 would
 * paint red. */
static void
test_vertex_id_copied(const char *driver)
{
   static const GLubyte low[4] = { 0, 1, 2, 3 }, high[4] = { 8, 9, 10, 11 };
   GLuint buf;
   GLuint p = vertex_id_setup(&buf);
   for (int pass = 0; pass < 2; pass++) {
      api_glClearColor(0, 0, 0, 1);
      api_glClear(GL_COLOR_BUFFER_BIT);
      if (pass == 0) {
         /* left: indices 0..3 + basevertex 4; right: indices 8..11 */
         api_glDrawElementsBaseVertex(GL_TRIANGLE_FAN, 4, GL_UNSIGNED_BYTE, low, 4);
         api_glDrawElements(GL_TRIANGLE_FAN, 4, GL_UNSIGNED_BYTE, high);
      } else {
         /* the same vertices from client memory */
         api_glBindBuffer(GL_ARRAY_BUFFER, 0);
         api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, vertex_id_verts);
         api_glDrawArrays(GL_TRIANGLE_FAN, 4, 4);
         api_glDrawArrays(GL_TRIANGLE_FAN, 8, 4);
      }
      CHECK_GL_ERROR(GL_NO_ERROR);
      GLubyte l[4], r[4];
      test_read_px(1, H / 2, l);
      test_read_px(W - 2, H / 2, r);
      CHECK(l[0] == 0 && l[1] == 255 && l[2] == 0 && r[0] == 0 && r[1] == 0 && r[2] == 255,
            "%s: gl_VertexID of %s: left %u,%u,%u right %u,%u,%u", driver,
            pass ? "client-memory glDrawArrays" : "glDrawElements[BaseVertex]", l[0], l[1], l[2],
            r[0], r[1], r[2]);
   }
   api_glDisableVertexAttribArray(1);
   api_glDeleteBuffers(1, &buf);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
}

int
main(void)
{
   test_not_offered();

   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "3.0", W, H)) {
      CHECK(0, "no GL 3.0 context");
      test_env_fini(&e);
      return st_test_finish("st_test_gl30");
   }
   const char *v = (const char *)api_glGetString(GL_VERSION);
   CHECK(v && !strncmp(v, "3.0", 3), "GL_VERSION %s", v ? v : "(null)");
   test_attrib_state();
   test_attrib_draw("refpipe");
   test_uniforms();
   test_frag_data_location();
   test_clear_buffer();
   test_clip_by_position();
   test_vertex_id_multidraw("refpipe");
   test_vertex_id_copied("refpipe");
   test_env_fini(&e);

   /* the same draws on jitpipe (its compiled vertex shader), when built */
   if (test_env_init_on(&e, "jitpipe", "3.0", W, H)) {
      test_attrib_draw("jitpipe");
      test_uniforms();
      test_clip_by_position();
      test_vertex_id_multidraw("jitpipe");
      test_vertex_id_copied("jitpipe");
   } else {
      printf("st_test_gl30: jitpipe not built, its draws skipped\n");
   }
   test_env_fini(&e);
   return st_test_finish("st_test_gl30");
}
