/*
 * Packed and BGRA vertex data on refpipe: GL_ARB_vertex_type_2_10_10_10_rev,
 * GL_ARB_vertex_type_10f_11f_11f_rev and GL_ARB_vertex_array_bgra
 * (api_vertex_attrib.c, api_draw.c, api_immediate.c, st_array.c): the
 * errors of glVertexAttribPointer / glColorPointer with GL_BGRA and the
 * packed types, the size query, glVertexAttribP* values and errors, the
 * glColorP / glVertexAttribP commands in display lists, and pixels drawn
 * from packed and BGRA arrays (values computed here).
 */
#include <math.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 8
#define H 8

static GLint
attribi(GLuint index, GLenum pname)
{
   GLint v = -12345;
   api_glGetVertexAttribiv(index, pname, &v);
   return v;
}

static void
current(GLuint index, float out[4])
{
   out[0] = out[1] = out[2] = out[3] = -99.0f;
   api_glGetVertexAttribfv(index, GL_CURRENT_VERTEX_ATTRIB, out);
}

#define CHECK_VEC(v, a, b, c, d)                                                          \
   CHECK(fabsf((v)[0] - (a)) < 1e-4f && fabsf((v)[1] - (b)) < 1e-4f &&                    \
         fabsf((v)[2] - (c)) < 1e-4f && fabsf((v)[3] - (d)) < 1e-4f,                     \
         "(%g %g %g %g), expected (%g %g %g %g)", (v)[0], (v)[1], (v)[2], (v)[3],          \
         (double)(a), (double)(b), (double)(c), (double)(d))

static uint32_t
pack2101010(unsigned x, unsigned y, unsigned z, unsigned w)
{
   return (x & 1023) | (y & 1023) << 10 | (z & 1023) << 20 | (w & 3) << 30;
}

static void
test_errors(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_vertex_type_2_10_10_10_rev"), "2_10_10_10 advertised");
   CHECK(ext && strstr(ext, "GL_ARB_vertex_type_10f_11f_11f_rev"), "10f advertised");
   CHECK(ext && strstr(ext, "GL_ARB_vertex_array_bgra"), "ARB bgra advertised");
   static const GLubyte data[64];

   api_glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(attribi(1, GL_VERTEX_ATTRIB_ARRAY_SIZE), GL_BGRA);
   api_glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttribPointer(1, GL_BGRA, GL_FLOAT, GL_TRUE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttribPointer(1, GL_BGRA, GL_INT_2_10_10_10_REV, GL_TRUE, 0, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glVertexAttribPointer(1, 5, GL_UNSIGNED_BYTE, GL_TRUE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   for (GLint size = 1; size <= 3; size++) {
      api_glVertexAttribPointer(1, size, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0, data);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
   }
   api_glVertexAttribPointer(1, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(attribi(1, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_UNSIGNED_INT_2_10_10_10_REV);
   api_glVertexAttribPointer(1, 4, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glVertexAttribPointer(1, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glVertexAttribPointer(1, 3, GL_UNSIGNED_INT_5_9_9_9_REV, GL_FALSE, 0, data);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   api_glColorPointer(GL_BGRA, GL_SHORT, 0, data);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glSecondaryColorPointer(GL_BGRA, GL_FLOAT, 0, data);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glColorPointer(3, GL_INT_2_10_10_10_REV, 0, data);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glColorPointer(GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, data);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* glVertexAttribP*: the type, the index */
   api_glVertexAttribP4ui(1, GL_UNSIGNED_INT, GL_FALSE, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glVertexAttribP4ui(16, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glColorP4ui(GL_UNSIGNED_INT_10F_11F_11F_REV, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* 10F_11F_11F: up to three components */
   GLuint zero = 0;
   api_glVertexAttribP4ui(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glVertexAttribP4uiv(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, &zero);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glVertexAttribP1ui(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_TRUE, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* and no conventional array takes it */
   api_glVertexPointer(3, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, data);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glColorPointer(3, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, data);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
}

static void
test_values(void)
{
   float v[4];
   api_glVertexAttribP4ui(2, GL_INT_2_10_10_10_REV, GL_FALSE, pack2101010(1023, 511, 512, 1));
   current(2, v);
   CHECK_VEC(v, -1, 511, -512, 1);
   api_glVertexAttribP4ui(2, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, pack2101010(1023, 0, 512, 3));
   current(2, v);
   CHECK_VEC(v, 1, 0, 512.0f / 1023.0f, 1);
   /* signed normalized, the GL 2.1-4.1 rule (2c + 1) / (2^b - 1) */
   GLuint w = pack2101010(511, 0, 0, 2);
   api_glVertexAttribP4uiv(2, GL_INT_2_10_10_10_REV, GL_TRUE, &w);
   current(2, v);
   CHECK_VEC(v, 1, 1.0f / 1023.0f, 1.0f / 1023.0f, -1);
   /* fewer components: the rest 0, 0, 1 */
   api_glVertexAttribP2ui(2, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, pack2101010(7, 9, 11, 3));
   current(2, v);
   CHECK_VEC(v, 7, 9, 0, 1);
   /* 10F_11F_11F: 1.0, 2.0 (11-bit: exponent bias 15, 6 mantissa bits) and
    * 0.5 (10-bit: 5 mantissa bits) */
   GLuint f = 0x3c0u | 0x400u << 11 | 0x1c0u << 22;
   api_glVertexAttribP3ui(3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, f);
   current(3, v);
   CHECK_VEC(v, 1, 2, 0.5f, 1);
   /* glColorP3ui: normalized, alpha 1 */
   api_glColorP3ui(GL_UNSIGNED_INT_2_10_10_10_REV, pack2101010(1023, 0, 1023, 0));
   api_glGetFloatv(GL_CURRENT_COLOR, v);
   CHECK_VEC(v, 1, 0, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* compiled into a list, not executed while compiling */
   api_glColor4f(0, 0, 0, 0);
   GL(glNewList, GLuint, GLenum)(3, GL_COMPILE);
   GL(glColorP4ui, GLenum, GLuint)(GL_UNSIGNED_INT_2_10_10_10_REV, pack2101010(0, 1023, 0, 3));
   GL(glVertexAttribP1ui, GLuint, GLenum, GLboolean, GLuint)(4, GL_INT_2_10_10_10_REV,
                                                            GL_FALSE, 5);
   GL(glEndList, void)();
   api_glGetFloatv(GL_CURRENT_COLOR, v);
   CHECK_VEC(v, 0, 0, 0, 0);
   api_glVertexAttrib4f(4, 9, 9, 9, 9);
   GL(glCallList, GLuint)(3);
   api_glGetFloatv(GL_CURRENT_COLOR, v);
   CHECK_VEC(v, 0, 1, 0, 1);
   current(4, v);
   CHECK_VEC(v, 5, 0, 0, 1);
   api_glDeleteLists(3, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
read_px(int x, int y, GLubyte out[4])
{
   api_glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

#define CHECK_PX(p, r, g, b)                                                              \
   CHECK((p)[0] == (r) && (p)[1] == (g) && (p)[2] == (b), "pixel %d %d %d, expected %d %d %d", \
         (p)[0], (p)[1], (p)[2], r, g, b)

static void
test_draw(void)
{
   static const float pos[4][2] = { { 0, 0 }, { W, 0 }, { W, H }, { 0, H } };
   GLuint col[4];
   for (int i = 0; i < 4; i++)
      col[i] = pack2101010(1023, 0, 512, 3);   /* r 1, g 0, b 512/1023, a 1 */
   api_glVertexPointer(2, GL_FLOAT, 0, pos);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glEnableClientState(GL_COLOR_ARRAY);
   GLubyte px[4];

   api_glColorPointer(4, GL_UNSIGNED_INT_2_10_10_10_REV, 0, col);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   read_px(3, 3, px);
   CHECK_PX(px, 255, 0, 128);   /* 512/1023 * 255 = 127.6 */
   /* BGRA: x is blue */
   api_glColorPointer(GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, col);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   read_px(3, 3, px);
   CHECK_PX(px, 128, 0, 255);
   api_glDisableClientState(GL_COLOR_ARRAY);

   /* a generic BGRA array of bytes, and 10F_11F_11F positions */
   const char *vs_src =
      "attribute vec4 c;\nattribute vec3 p;\n"
      "void main() { gl_Position = gl_ModelViewProjectionMatrix * vec4(p, 1.0);\n"
      "   gl_FrontColor = c; }\n";
   const char *fs_src = "void main() { gl_FragColor = gl_Color; }\n";
   GLuint vs = api_glCreateShader(GL_VERTEX_SHADER), fs = api_glCreateShader(GL_FRAGMENT_SHADER);
   api_glShaderSource(vs, 1, &vs_src, NULL);
   api_glShaderSource(fs, 1, &fs_src, NULL);
   api_glCompileShader(vs);
   api_glCompileShader(fs);
   GLuint prog = api_glCreateProgram();
   api_glAttachShader(prog, vs);
   api_glAttachShader(prog, fs);
   api_glBindAttribLocation(prog, 1, "c");
   api_glBindAttribLocation(prog, 0, "p");
   api_glLinkProgram(prog);
   GLint ok = 0;
   api_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok, "program links");
   /* x, y in {0, 8} as 11-bit floats: 0 and 8.0 = 2^3 (exponent 18) */
   const GLuint e8 = 18u << 6;
   GLuint ppos[4] = { 0, e8, e8 | e8 << 11, e8 << 11 };
   static const GLubyte bgra[4][4] = { { 10, 20, 30, 255 }, { 10, 20, 30, 255 },
                                       { 10, 20, 30, 255 }, { 10, 20, 30, 255 } };
   api_glUseProgram(prog);
   api_glVertexAttribPointer(0, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, ppos);
   api_glVertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, bgra);
   api_glEnableVertexAttribArray(0);
   api_glEnableVertexAttribArray(1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   read_px(6, 6, px);
   CHECK_PX(px, 30, 20, 10);
   api_glDisableVertexAttribArray(0);
   api_glDisableVertexAttribArray(1);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glUseProgram(0);
   api_glDeleteProgram(prog);
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_errors();
      test_values();
      test_draw();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_packed_vertex");
}
