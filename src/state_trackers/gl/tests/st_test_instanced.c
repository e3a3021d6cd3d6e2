/*
 * GL_ARB_draw_instanced, GL_ARB_instanced_arrays and
 * GL_ARB_draw_elements_base_vertex on refpipe (api/api_draw_instanced.c,
 * api_vertex_attrib.c, st_array.c): the extension strings, every error of
 * the commands, the divisor query and where it is kept (the VAO), display
 * lists (instanced draws: GL_INVALID_OPERATION while compiling; base-vertex
 * draws compiled with their elements), and drawn pixels: instances placed
 * by gl_InstanceIDARB with colours and offsets from arrays of divisor 1 and
 * 2, element draws with positive and negative base vertices, the range and
 * multi-draw forms, and a per-instance array in a buffer object.
 */
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 16
#define H 16

static uint8_t px[H][W][4];

static void
read_all(void)
{
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

#define CHECK_PX(x, y, r, g, b)                                                           \
   CHECK(px[y][x][0] == (r) && px[y][x][1] == (g) && px[y][x][2] == (b),                 \
         "pixel (%d,%d) = %d %d %d, expected %d %d %d", x, y, px[y][x][0], px[y][x][1],   \
         px[y][x][2], r, g, b)

static GLint
attribi(GLuint index, GLenum pname)
{
   GLint v = -12345;
   api_glGetVertexAttribiv(index, pname, &v);
   return v;
}

static void
test_strings(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_draw_instanced "), "GL_ARB_draw_instanced");
   CHECK(ext && strstr(ext, "GL_ARB_instanced_arrays "), "GL_ARB_instanced_arrays");
   CHECK(ext && strstr(ext, "GL_ARB_draw_elements_base_vertex "),
         "GL_ARB_draw_elements_base_vertex");
   /* EXT_draw_instanced needs EXT_gpu_shader4 on desktop: ES 2.0 only */
   CHECK(ext && !strstr(ext, "GL_EXT_draw_instanced"), "no GL_EXT_draw_instanced on desktop");
}

static void
test_errors(void)
{
   static const GLubyte idx[3] = { 0, 1, 2 };
   static const float v[3][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 } };
   api_glVertexPointer(2, GL_FLOAT, 0, v);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDrawArraysInstancedARB(GL_QUAD_STRIP + 7, 0, 3, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArraysInstancedARB(GL_TRIANGLES, -1, 3, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawArraysInstancedARB(GL_TRIANGLES, 0, -1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawArraysInstancedARB(GL_TRIANGLES, 0, 3, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawArraysInstancedARB(GL_TRIANGLES, 0, 3, 0);   /* no instance: nothing, no error */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDrawElementsInstancedARB(GL_TRIANGLES, 3, GL_FLOAT, idx, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawElementsInstancedARB(GL_TRIANGLES + 100, 3, GL_UNSIGNED_BYTE, idx, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawElementsInstancedARB(GL_TRIANGLES, -3, GL_UNSIGNED_BYTE, idx, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawElementsInstancedARB(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx, -2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   api_glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_INT, idx, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawElementsBaseVertex(GL_TRIANGLES, -1, GL_UNSIGNED_BYTE, idx, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawRangeElementsBaseVertex(GL_TRIANGLES, 2, 1, 3, GL_UNSIGNED_BYTE, idx, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 2, 3, GL_SHORT, idx, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx, -1, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLsizei cnt[2] = { 3, -1 };
   const void *ids[2] = { idx, idx };
   GLint bv[2] = { 0, 0 };
   api_glMultiDrawElementsBaseVertex(GL_TRIANGLES, cnt, GL_UNSIGNED_BYTE, ids, 2, bv);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMultiDrawElementsBaseVertex(GL_TRIANGLES, cnt, GL_UNSIGNED_BYTE, ids, -1, bv);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glMultiDrawElementsBaseVertex(GL_TRIANGLES, cnt, GL_BYTE, ids, 1, bv);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* inside glBegin/glEnd */
   api_glBegin(GL_POINTS);
   api_glDrawArraysInstancedARB(GL_TRIANGLES, 0, 3, 1);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBegin(GL_POINTS);
   api_glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx, 0);
   api_glEnd();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);

   /* glVertexAttribDivisorARB: index >= GL_MAX_VERTEX_ATTRIBS */
   GLint max = 0;
   api_glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
   CHECK(max >= 16, "GL_MAX_VERTEX_ATTRIBS %d", max);
   api_glVertexAttribDivisorARB((GLuint)max, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB), 0);
   api_glVertexAttribDivisorARB(3, 5);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB), 5);
   GLfloat f = -1;
   api_glGetVertexAttribfv(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB, &f);
   CHECK(f == 5.0f, "divisor as float %g", f);
   GLint bad = -7;
   api_glGetVertexAttribiv((GLuint)max, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB, &bad);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* the divisor is array state: a vertex array object holds its own */
   GLuint vao = 0;
   api_glGenVertexArrays(1, &vao);
   api_glBindVertexArray(vao);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB), 0);
   api_glBindVertexArray(0);
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB), 5);
   api_glDeleteVertexArrays(1, &vao);
   /* and glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT) saves it */
   api_glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   api_glVertexAttribDivisorARB(3, 9);
   api_glPopClientAttrib();
   CHECK_EQ_INT(attribi(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB), 5);
   api_glVertexAttribDivisorARB(3, 0);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Two triangles of a w x h quad at (x, y), as 4 vertices (fan order). */
static void
quad(float (*v)[2], float x, float y, float w, float h)
{
   v[0][0] = x;     v[0][1] = y;
   v[1][0] = x + w; v[1][1] = y;
   v[2][0] = x + w; v[2][1] = y + h;
   v[3][0] = x;     v[3][1] = y + h;
}

static void
test_dlist(void)
{
   static const GLubyte idx[6] = { 0, 1, 2, 0, 2, 3 };
   float v[8][2];
   quad(v, 0, 0, 4, 4);
   quad(v + 4, 8, 8, 4, 4);
   api_glVertexPointer(2, GL_FLOAT, 0, v);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glColor3f(1, 0, 0);

   GL(glNewList, GLuint, GLenum)(7, GL_COMPILE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GL(glDrawArraysInstancedARB, GLenum, GLint, GLsizei, GLsizei)(GL_TRIANGLE_FAN, 0, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GL(glDrawElementsInstancedARB, GLenum, GLsizei, GLenum, const void *, GLsizei)(
      GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GL(glDrawElementsInstancedBaseVertex, GLenum, GLsizei, GLenum, const void *, GLsizei,
      GLint)(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx, 1, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* compiled: the elements 4..7 as they are now */
   GL(glDrawElementsBaseVertex, GLenum, GLsizei, GLenum, const void *, GLint)(
      GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GL(glEndList, void)();
   read_all();
   CHECK_PX(1, 1, 0, 0, 0);    /* nothing drawn while compiling */
   CHECK_PX(10, 10, 0, 0, 0);

   quad(v + 4, 0, 12, 4, 4);   /* changing the arrays afterwards changes nothing */
   GL(glCallList, GLuint)(7);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(10, 10, 255, 0, 0);
   CHECK_PX(1, 1, 0, 0, 0);
   CHECK_PX(1, 13, 0, 0, 0);
   api_glDeleteLists(7, 1);
   api_glDisableClientState(GL_VERTEX_ARRAY);
}

/* Fixed-function element draws with base vertices. */
static void
test_base_vertex(void)
{
   static const GLushort idx[6] = { 0, 1, 2, 0, 2, 3 };
   static const GLushort idx_hi[6] = { 8, 9, 10, 8, 10, 11 };
   float v[12][2];
   GLubyte c[12][4];
   quad(v, 0, 0, 4, 4);        /* elements 0..3: red */
   quad(v + 4, 4, 4, 4, 4);    /* 4..7: green */
   quad(v + 8, 8, 8, 4, 4);    /* 8..11: blue */
   for (int i = 0; i < 12; i++) {
      c[i][0] = i < 4 ? 255 : 0;
      c[i][1] = i >= 4 && i < 8 ? 255 : 0;
      c[i][2] = i >= 8 ? 255 : 0;
      c[i][3] = 255;
   }
   api_glVertexPointer(2, GL_FLOAT, 0, v);
   api_glColorPointer(4, GL_UNSIGNED_BYTE, 0, c);
   api_glEnableClientState(GL_VERTEX_ARRAY);
   api_glEnableClientState(GL_COLOR_ARRAY);

   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(5, 5, 0, 255, 0);
   CHECK_PX(1, 1, 0, 0, 0);
   CHECK_PX(9, 9, 0, 0, 0);

   /* a negative base vertex: indices 8..11 - 8 = elements 0..3 */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawRangeElementsBaseVertex(GL_TRIANGLES, 8, 11, 6, GL_UNSIGNED_SHORT, idx_hi, -8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(1, 1, 255, 0, 0);
   CHECK_PX(5, 5, 0, 0, 0);

   /* two draws, base vertices 0 and 8, in one call; then from an element buffer */
   api_glClear(GL_COLOR_BUFFER_BIT);
   GLsizei cnt[2] = { 6, 6 };
   const void *ids[2] = { idx, idx };
   GLint bv[2] = { 0, 8 };
   api_glMultiDrawElementsBaseVertex(GL_TRIANGLES, cnt, GL_UNSIGNED_SHORT, ids, 2, bv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(1, 1, 255, 0, 0);
   CHECK_PX(5, 5, 0, 0, 0);
   CHECK_PX(9, 9, 0, 0, 255);

   GLuint eb = 0;
   api_glGenBuffers(1, &eb);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   api_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx_hi, idx_hi, GL_STATIC_DRAW);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, -4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(5, 5, 0, 255, 0);
   CHECK_PX(9, 9, 0, 0, 0);
   /* elements below 0 read (0, 0, 0, 1): the quad collapses, nothing drawn */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, -100);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   int lit = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         lit += px[y][x][0] || px[y][x][1] || px[y][x][2];
   CHECK_EQ_INT(lit, 0);
   api_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   api_glDeleteBuffers(1, &eb);
   api_glDisableClientState(GL_VERTEX_ARRAY);
   api_glDisableClientState(GL_COLOR_ARRAY);
}

static GLuint
program(const char *vs_src, const char *fs_src)
{
   GLuint vs = api_glCreateShader(GL_VERTEX_SHADER);
   GLuint fs = api_glCreateShader(GL_FRAGMENT_SHADER);
   api_glShaderSource(vs, 1, &vs_src, NULL);
   api_glShaderSource(fs, 1, &fs_src, NULL);
   api_glCompileShader(vs);
   api_glCompileShader(fs);
   GLint ok = 0;
   api_glGetShaderiv(vs, GL_COMPILE_STATUS, &ok);
   CHECK(ok, "vertex shader compiles");
   GLuint p = api_glCreateProgram();
   api_glAttachShader(p, vs);
   api_glAttachShader(p, fs);
   api_glBindAttribLocation(p, 0, "pos");
   api_glBindAttribLocation(p, 1, "icolor");
   api_glBindAttribLocation(p, 2, "ioff");
   api_glLinkProgram(p);
   api_glGetProgramiv(p, GL_LINK_STATUS, &ok);
   CHECK(ok, "program links");
   api_glDeleteShader(vs);
   api_glDeleteShader(fs);
   return p;
}

/* Four instances of a 4x4 quad: x = 4 * gl_InstanceIDARB, the colour from
 * an array of divisor 1, the y offset from an array of divisor 2. */
static void
test_instances(void)
{
   const char *vs =
      "#extension GL_ARB_draw_instanced : require\n"
      "attribute vec2 pos;\n"
      "attribute vec4 icolor;\n"
      "attribute vec2 ioff;\n"
      "void main() {\n"
      "   vec2 p = pos + ioff + vec2(4.0 * float(gl_InstanceIDARB), 0.0);\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * vec4(p, 0.0, 1.0);\n"
      "   gl_FrontColor = icolor;\n"
      "}\n";
   const char *fs = "void main() { gl_FragColor = gl_Color; }\n";
   /* without the #extension the name is unknown */
   const char *vs_bad = "void main() { gl_Position = vec4(float(gl_InstanceIDARB)); }\n";
   GLuint s = api_glCreateShader(GL_VERTEX_SHADER);
   api_glShaderSource(s, 1, &vs_bad, NULL);
   api_glCompileShader(s);
   GLint ok = 1;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   CHECK(!ok, "gl_InstanceIDARB needs #extension GL_ARB_draw_instanced");
   api_glDeleteShader(s);
   /* the GLSL 1.40 name too, with the extension (as Mesa; piglit's
    * draw-auto instanced uses it), not without */
   const char *vs_140[2] = {
      "#extension GL_ARB_draw_instanced : enable\n"
      "void main() { gl_Position = vec4(float(gl_InstanceID)); }\n",
      "void main() { gl_Position = vec4(float(gl_InstanceID)); }\n",
   };
   for (unsigned k = 0; k < 2; k++) {
      s = api_glCreateShader(GL_VERTEX_SHADER);
      api_glShaderSource(s, 1, &vs_140[k], NULL);
      api_glCompileShader(s);
      api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
      CHECK(ok == (k == 0), "gl_InstanceID, extension %s: compile status %d", k ? "off" : "on",
            ok);
      api_glDeleteShader(s);
   }

   GLuint p = program(vs, fs);
   float v[4][2];
   quad(v, 0, 0, 4, 4);
   static const GLubyte colors[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 255, 255 },
   };
   static const float offs[2][2] = { { 0, 0 }, { 0, 8 } };
   api_glUseProgram(p);
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   api_glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, colors);
   api_glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, offs);
   api_glEnableVertexAttribArray(0);
   api_glEnableVertexAttribArray(1);
   api_glEnableVertexAttribArray(2);
   api_glVertexAttribDivisorARB(1, 1);
   api_glVertexAttribDivisorARB(2, 2);

   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArraysInstancedARB(GL_TRIANGLE_FAN, 0, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(1, 1, 255, 0, 0);        /* instance 0: x 0..4, y 0..4 */
   CHECK_PX(5, 2, 0, 255, 0);        /* instance 1: x 4..8, y 0..4 */
   CHECK_PX(9, 9, 0, 0, 255);        /* instance 2: x 8..12, y 8..12 */
   CHECK_PX(13, 10, 255, 255, 255);  /* instance 3: x 12..16, y 8..12 */
   CHECK_PX(9, 1, 0, 0, 0);
   CHECK_PX(1, 9, 0, 0, 0);

   /* elements with a base vertex, instanced; the colours from a buffer
    * object this time, 3 instances (records 0..2) */
   static const GLubyte idx[6] = { 0, 1, 2, 0, 2, 3 };
   float v2[8][2];
   quad(v2, 100, 100, 1, 1);   /* elements 0..3 are far away */
   quad(v2 + 4, 0, 4, 4, 4);   /* 4..7: y 4..8 */
   api_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v2);
   GLuint vb = 0;
   api_glGenBuffers(1, &vb);
   api_glBindBuffer(GL_ARRAY_BUFFER, vb);
   api_glBufferData(GL_ARRAY_BUFFER, sizeof colors, colors, GL_STATIC_DRAW);
   api_glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, NULL);
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx, 3, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_all();
   CHECK_PX(1, 5, 255, 0, 0);
   CHECK_PX(5, 5, 0, 255, 0);
   CHECK_PX(9, 13, 0, 0, 255);       /* instance 2: y offset 8 */
   CHECK_PX(13, 13, 0, 0, 0);        /* no fourth instance */
   CHECK_PX(1, 1, 0, 0, 0);

   /* a non-instanced draw is instance 0: per-instance arrays read element 0 */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);   /* elements 0..3: off screen */
   api_glDrawArrays(GL_TRIANGLE_FAN, 4, 4);
   read_all();
   CHECK_PX(1, 5, 255, 0, 0);
   CHECK_PX(5, 5, 0, 0, 0);

   api_glVertexAttribDivisorARB(1, 0);
   api_glVertexAttribDivisorARB(2, 0);
   api_glDisableVertexAttribArray(0);
   api_glDisableVertexAttribArray(1);
   api_glDisableVertexAttribArray(2);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &vb);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init(&e, W, H);
   CHECK(ok, "test environment");
   if (ok) {
      test_strings();
      test_errors();
      test_dlist();
      test_base_vertex();
      test_instances();
   }
   test_env_fini(&e);
   return st_test_finish("st_test_instanced");
}
