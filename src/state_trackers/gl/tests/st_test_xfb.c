/*
 * Transform feedback on refpipe (st_xfb.c, api/api_xfb.c, the linker's
 * capture layout in glsl_link.c): the limits and state queries, every
 * error EXT_transform_feedback lists (buffer bindings, Begin/End, program
 * changes while active, primitive modes), glTransformFeedbackVaryings and
 * its link errors, captured values computed here (interleaved, separate,
 * built-in outputs, arrays and matrices, ARB_transform_feedback3's
 * gl_NextBuffer / gl_SkipComponents), overflow, the primitive queries,
 * GL_RASTERIZER_DISCARD, and ARB_transform_feedback2 objects, pause/resume
 * and glDrawTransformFeedback.  GL 2.1 contexts come from
 * PONY_GL_VERSION_OVERRIDE=2.1.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "st_glapi.h"
#include "st_test_fb.h"
#include "st_xfb.h"

/* A command through the current dispatch table (what an application
 * calls: the display-list save table while compiling). */
static st_proc
dispatched(const char *name)
{
   st_proc *table = (st_proc *)_glapi_get_dispatch();
   int slot = _glapi_get_proc_offset(name);
   return table && slot >= 0 ? table[slot] : NULL;
}

#define W 16
#define H 16

static GLint
get_indexed(GLenum pname, GLuint index)
{
   GLint v = -777;
   api_glGetIntegeri_v(pname, index, &v);
   return v;
}

static GLint
program_iv(GLuint p, GLenum pname)
{
   GLint v = -777;
   api_glGetProgramiv(p, pname, &v);
   return v;
}

/* A program of vertex shader vs (and a fragment shader writing white),
 * with transform feedback varyings, linked; 0 when the link failed. */
static GLuint
xfb_program(const char *vs, const char *const *names, int count, GLenum mode, bool *linked)
{
   static const char *fs = "void main() { gl_FragColor = vec4(1.0); }\n";
   GLuint p = api_glCreateProgram();
   GLuint s[2] = { api_glCreateShader(GL_VERTEX_SHADER), api_glCreateShader(GL_FRAGMENT_SHADER) };
   api_glShaderSource(s[0], 1, &vs, NULL);
   api_glShaderSource(s[1], 1, &fs, NULL);
   for (unsigned i = 0; i < 2; i++) {
      api_glCompileShader(s[i]);
      api_glAttachShader(p, s[i]);
      api_glDeleteShader(s[i]);
   }
   api_glTransformFeedbackVaryings(p, count, names, mode);
   api_glLinkProgram(p);
   GLint ok = 0;
   api_glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (linked)
      *linked = ok != 0;
   return p;
}

static GLuint
make_buffer(size_t size, float fill)
{
   GLuint b;
   api_glGenBuffers(1, &b);
   api_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   float *init = malloc(size);
   for (size_t i = 0; i < size / sizeof(float); i++)
      init[i] = fill;
   api_glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, (GLsizeiptr)size, init, GL_STREAM_READ);
   free(init);
   return b;
}

static void
read_buffer(GLuint b, float *out, size_t size)
{
   api_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   api_glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, (GLsizeiptr)size, out);
}

static bool
near(float a, float b)
{
   return fabsf(a - b) <= 1e-5f * (1.0f + fabsf(b));
}

static const char *vs_foo_bar =
   "varying vec4 foo;\n"
   "varying vec4 bar;\n"
   "void main() {\n"
   "  foo = gl_Vertex * 2.0;\n"
   "  bar = vec4(gl_Vertex.x + 1.0, 7.0, 8.0, 9.0);\n"
   "  gl_Position = gl_Vertex;\n"
   "}\n";

static void
test_limits_and_state(void)
{
   CHECK_EQ_INT(test_get_int(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS), 64);
   CHECK_EQ_INT(test_get_int(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS), 4);
   CHECK_EQ_INT(test_get_int(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS), 64);
   CHECK_EQ_INT(test_get_int(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS), 4);
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_STREAMS), 1);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING), 0);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BINDING), 0);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE), 0);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED), 0);
   CHECK_EQ_INT(test_get_int(GL_RASTERIZER_DISCARD), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEnable(GL_RASTERIZER_DISCARD);
   CHECK(api_glIsEnabled(GL_RASTERIZER_DISCARD), "discard enabled");
   api_glDisable(GL_RASTERIZER_DISCARD);
   CHECK(!api_glIsEnabled(GL_RASTERIZER_DISCARD), "discard disabled");
   CHECK_GL_ERROR(GL_NO_ERROR);
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_EXT_transform_feedback ") &&
         strstr(ext, "GL_ARB_transform_feedback2") && strstr(ext, "GL_ARB_transform_feedback3"),
         "extensions offered");
}

static void
test_bindings(void)
{
   GLuint b = make_buffer(64, 0.0f);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING), b);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* EXT_transform_feedback, Errors: index, size and offset rules */
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 4, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 4, b, 0, 16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 4, b, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   static const GLsizeiptr bad_sizes[] = { -4, 0, 1, 2, 3, 5 };
   for (unsigned i = 0; i < 6; i++) {
      api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, bad_sizes[i]);
      CHECK_GL_ERROR(GL_INVALID_VALUE);
   }
   static const GLintptr bad_offsets[] = { 1, 2, 3, 5, -4 };
   for (unsigned i = 0; i < 5; i++) {
      api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, bad_offsets[i], 16);
      CHECK_GL_ERROR(GL_INVALID_VALUE);
      api_glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, bad_offsets[i]);
      CHECK_GL_ERROR(GL_INVALID_VALUE);
   }
   api_glBindBufferRange(GL_ARRAY_BUFFER, 0, b, 0, 16);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindBufferBase(GL_ARRAY_BUFFER, 0, b);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0), 0);

   /* the indexed state, and the generic binding following each bind */
   api_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
   api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b, 8, 24);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING), b);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1), b);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_START, 1), 8);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1), 24);
   api_glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 2, b, 12);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_START, 2), 12);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 2), 0);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 3, b);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_START, 3), 0);
   GLint iv = -1;
   api_glGetIntegerIndexedvEXT(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 3, &iv);
   CHECK_EQ_INT(iv, b);
   GLboolean bv = GL_FALSE;
   api_glGetBooleanIndexedvEXT(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 3, &bv);
   CHECK_EQ_INT(bv, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 4), -777);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* deleting the buffer unbinds it everywhere */
   api_glDeleteBuffers(1, &b);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1), 0);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 3), 0);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_varyings_api(void)
{
   static const char *names[] = { "foo", "bar" };
   static const char *five[] = { "foo", "bar", "foo", "bar", "foo" };
   GLuint p = api_glCreateProgram();
   CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE), GL_INTERLEAVED_ATTRIBS);
   CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS), 0);
   CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH), 0);
   api_glTransformFeedbackVaryings(p, 2, names, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTransformFeedbackVaryings(p, -1, names, GL_INTERLEAVED_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTransformFeedbackVaryings(p, 5, five, GL_SEPARATE_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTransformFeedbackVaryings(p + 100, 2, names, GL_INTERLEAVED_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint s = api_glCreateShader(GL_VERTEX_SHADER);
   api_glTransformFeedbackVaryings(s, 2, names, GL_INTERLEAVED_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteShader(s);
   api_glTransformFeedbackVaryings(p, 5, five, GL_INTERLEAVED_ATTRIBS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTransformFeedbackVaryings(p, 2, names, GL_SEPARATE_ATTRIBS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE), GL_SEPARATE_ATTRIBS);
   CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS), 2);
   CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH), 4);
   /* nothing linked yet: no varying to describe */
   GLsizei len = -1, size = -1;
   GLenum type = 0;
   char name[16];
   api_glGetTransformFeedbackVarying(p, 0, sizeof name, &len, &size, &type, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteProgram(p);

   bool ok = false;
   p = xfb_program(vs_foo_bar, names, 2, GL_INTERLEAVED_ATTRIBS, &ok);
   CHECK(ok, "foo, bar links");
   api_glGetTransformFeedbackVarying(p, 1, sizeof name, &len, &size, &type, name);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!strcmp(name, "bar") && len == 3 && size == 1 && type == GL_FLOAT_VEC4,
         "varying 1: %s %d %d 0x%x", name, len, size, type);
   api_glGetTransformFeedbackVarying(p, 0, 2, &len, &size, &type, name);
   CHECK(!strcmp(name, "f") && len == 1, "truncated: %s %d", name, len);
   api_glGetTransformFeedbackVarying(p, 2, sizeof name, &len, &size, &type, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetTransformFeedbackVarying(p, 0, -1, &len, &size, &type, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteProgram(p);

   /* link errors: names that are not outputs, bad subscripts, limits;
    * ARB_transform_feedback3's names in separate mode or gl_NextBuffer as
    * many times as there are buffers: GL_INVALID_OPERATION from
    * glTransformFeedbackVaryings (the names stay unset: no capture) */
   static const char *vs_arr =
      "varying float a[2];\n"
      "varying mat4 m[2];\n"
      "varying vec4 v;\n"
      "void main() { a[0] = 1.0; a[1] = 2.0; m[0] = mat4(1.0); m[1] = mat4(2.0);\n"
      "  v = vec4(3.0); gl_Position = gl_Vertex; }\n";
   static const struct {
      const char *names[5];
      int count;
      GLenum mode;
      bool links;
      GLenum error;
   } cases[] = {
      { { "nope" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "gl_Nope" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "a[2]" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "v[0]" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "a[" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "a[1]x" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "a[-1]" }, 1, GL_INTERLEAVED_ATTRIBS, false },
      { { "a[1]" }, 1, GL_INTERLEAVED_ATTRIBS, true },
      { { "a", "m[1]", "v" }, 3, GL_INTERLEAVED_ATTRIBS, true },
      { { "m", "m[0]", "m[1]", "v" }, 4, GL_INTERLEAVED_ATTRIBS, false },   /* 68 > 64 */
      { { "m", "v" }, 2, GL_SEPARATE_ATTRIBS, true },
      { { "v", "gl_NextBuffer", "v" }, 3, GL_SEPARATE_ATTRIBS, true, GL_INVALID_OPERATION },
      { { "v", "gl_SkipComponents2" }, 2, GL_SEPARATE_ATTRIBS, true, GL_INVALID_OPERATION },
      { { "v", "gl_SkipComponents5" }, 2, GL_INTERLEAVED_ATTRIBS, false },
      { { "gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer", "v" }, 5,
        GL_INTERLEAVED_ATTRIBS, true, GL_INVALID_OPERATION },
      { { "gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer", "v" }, 4,
        GL_INTERLEAVED_ATTRIBS, true },
      { { "gl_Position", "gl_TexCoord[7]", "gl_PointSize", "gl_ClipVertex" }, 4,
        GL_INTERLEAVED_ATTRIBS, true },
      { { "gl_TexCoord[8]" }, 1, GL_INTERLEAVED_ATTRIBS, false },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      p = xfb_program(vs_arr, cases[i].names, cases[i].count, cases[i].mode, &ok);
      CHECK(ok == cases[i].links, "case %u (%s): links %d", i, cases[i].names[0], ok);
      CHECK_GL_ERROR(cases[i].error);
      if (cases[i].error)
         CHECK_EQ_INT(program_iv(p, GL_TRANSFORM_FEEDBACK_VARYINGS), 0);
      if (ok && i == 8) {
         /* sizes and types of whole arrays and elements */
         api_glGetTransformFeedbackVarying(p, 0, sizeof name, &len, &size, &type, name);
         CHECK(size == 2 && type == GL_FLOAT, "a: %d 0x%x", size, type);
         api_glGetTransformFeedbackVarying(p, 1, sizeof name, &len, &size, &type, name);
         CHECK(size == 1 && type == GL_FLOAT_MAT4 && !strcmp(name, "m[1]"), "m[1]: %d 0x%x",
               size, type);
      }
      if (ok && i == 15) {
         api_glGetTransformFeedbackVarying(p, 0, sizeof name, &len, &size, &type, name);
         CHECK(type == GL_NONE && size == 0, "gl_NextBuffer: %d 0x%x", size, type);
      }
      api_glDeleteProgram(p);
   }
}

/* Draws n points at (i, 10 * i, 0, 1). */
static void
draw_points(GLenum mode, unsigned n)
{
   api_glBegin(mode);
   for (unsigned i = 0; i < n; i++)
      api_glVertex4f((float)i, 10.0f * (float)i, 0.0f, 1.0f);
   api_glEnd();
}

static GLuint
query_result(GLuint q)
{
   GLuint v = 0;
   api_glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
   return v;
}

static void
test_begin_errors_and_capture(void)
{
   static const char *names[] = { "foo", "bar" };
   bool ok = false;
   GLuint p = xfb_program(vs_foo_bar, names, 2, GL_INTERLEAVED_ATTRIBS, &ok);
   GLuint p2 = xfb_program(vs_foo_bar, names, 1, GL_INTERLEAVED_ATTRIBS, &ok);
   CHECK(ok, "links");
   GLuint b = make_buffer(3 * 8 * sizeof(float), -1.0f);

   /* Errors of glBeginTransformFeedback */
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBeginTransformFeedback(GL_QUADS);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBeginTransformFeedback(GL_POINTS);   /* no program */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUseProgram(p);
   api_glBeginTransformFeedback(GL_POINTS);   /* buffer 0 not bound */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   api_glBeginTransformFeedback(GL_POINTS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE), 1);
   api_glBeginTransformFeedback(GL_POINTS);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* while active: no program change, relink, rebinding or varyings */
   api_glUseProgram(p2);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUseProgram(0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glLinkProgram(p);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glLinkProgram(p2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, 16);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* draw modes other than the session's */
   draw_points(GL_LINES, 2);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLuint qg, qw;
   api_glGenQueries(1, &qg);
   api_glGenQueries(1, &qw);
   api_glBeginQuery(GL_PRIMITIVES_GENERATED, qg);
   api_glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, qw);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* four points, room for three: the fourth is generated, not written */
   draw_points(GL_POINTS, 2);
   draw_points(GL_POINTS, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEndQuery(GL_PRIMITIVES_GENERATED);
   api_glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(query_result(qg), 4);
   CHECK_EQ_INT(query_result(qw), 3);
   float got[24];
   read_buffer(b, got, sizeof got);
   /* vertices (0,0), (1,10), (0,0): the second draw starts again at 0 */
   static const float x[3] = { 0, 1, 0 }, y[3] = { 0, 10, 0 };
   for (unsigned v = 0; v < 3; v++) {
      const float want[8] = { 2 * x[v], 2 * y[v], 0, 2, x[v] + 1, 7, 8, 9 };
      for (unsigned c = 0; c < 8; c++)
         CHECK(near(got[v * 8 + c], want[c]), "vertex %u comp %u: %g, want %g", v, c,
               got[v * 8 + c], want[c]);
   }
   /* with no session, nothing is written, but primitives are generated */
   api_glBeginQuery(GL_PRIMITIVES_GENERATED, qg);
   draw_points(GL_TRIANGLES, 6);
   api_glEndQuery(GL_PRIMITIVES_GENERATED);
   CHECK_EQ_INT(query_result(qg), 2);
   /* the indexed forms: stream 0 only */
   api_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, qg);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 0, qg);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint cur = -1;
   api_glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, 0, GL_CURRENT_QUERY, &cur);
   CHECK_EQ_INT(cur, qg);
   api_glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteQueries(1, &qg);
   api_glDeleteQueries(1, &qw);

   /* a range binding: capture starts at the offset and ends with the size;
    * GL_QUADS are two triangles each, in a GL_TRIANGLES session */
   float fill[24];
   for (unsigned i = 0; i < 24; i++)
      fill[i] = -1.0f;
   api_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   api_glBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof fill, fill);
   api_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 8 * sizeof(float),
                         16 * sizeof(float));
   api_glTransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
   api_glLinkProgram(p);
   api_glBeginTransformFeedback(GL_TRIANGLES);
   draw_points(GL_POINTS, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   draw_points(GL_QUADS, 4);   /* 6 vertices, room for 4: one triangle */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glEndTransformFeedback();
   read_buffer(b, got, sizeof got);
   for (unsigned c = 0; c < 8; c++)
      CHECK(got[c] == -1.0f, "before the range: %g", got[c]);
   static const unsigned tri[3] = { 0, 1, 2 };
   for (unsigned v = 0; v < 3; v++) {
      const float want[4] = { 2.0f * (float)tri[v], 20.0f * (float)tri[v], 0, 2 };
      for (unsigned c = 0; c < 4; c++)
         CHECK(near(got[8 + v * 4 + c], want[c]), "tri vertex %u comp %u: %g, want %g", v, c,
               got[8 + v * 4 + c], want[c]);
   }
   for (unsigned c = 20; c < 24; c++)
      CHECK(got[c] == -1.0f, "rest of the range untouched: %g", got[c]);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteProgram(p2);
   api_glDeleteBuffers(1, &b);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Separate buffers, built-in outputs, an array and a matrix, and
 * gl_NextBuffer / gl_SkipComponents (interleaved into several buffers). */
static void
test_layouts(void)
{
   static const char *vs =
      "varying float a[2];\n"
      "varying mat2 m;\n"
      "void main() {\n"
      "  gl_Position = vec4(gl_Vertex.xy, 0.5, 1.0);\n"
      "  gl_FrontColor = vec4(0.25, 0.5, 0.75, 1.0);\n"
      "  gl_TexCoord[1] = vec4(gl_Vertex.y, 3.0, 4.0, 5.0);\n"
      "  gl_PointSize = 6.0;\n"
      "  a[0] = gl_Vertex.x + 10.0; a[1] = gl_Vertex.x + 20.0;\n"
      "  m = mat2(1.0, 2.0, 3.0, gl_Vertex.y);\n"
      "}\n";
   static const char *sep[] = { "gl_Position", "a", "m", "gl_TexCoord[1]" };
   bool ok = false;
   GLuint p = xfb_program(vs, sep, 4, GL_SEPARATE_ATTRIBS, &ok);
   CHECK(ok, "separate links");
   GLuint b[4];
   for (unsigned i = 0; i < 4; i++)
      b[i] = make_buffer(2 * 4 * sizeof(float), -1.0f);
   api_glUseProgram(p);
   api_glBeginTransformFeedback(GL_POINTS);   /* buffers 0-3 needed, none bound */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   for (unsigned i = 0; i < 3; i++)
      api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, b[i]);
   api_glBeginTransformFeedback(GL_POINTS);   /* buffer 3 missing */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 3, b[3]);
   api_glBeginTransformFeedback(GL_POINTS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   draw_points(GL_POINTS, 2);
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   float got[4][8];
   for (unsigned i = 0; i < 4; i++)
      read_buffer(b[i], got[i], sizeof got[i]);
   for (unsigned v = 0; v < 2; v++) {
      float x = (float)v, y = 10.0f * (float)v;
      const float pos[4] = { x, y, 0.5f, 1.0f };
      const float arr[2] = { x + 10.0f, x + 20.0f };
      const float mat[4] = { 1, 2, 3, y };
      const float tc[4] = { y, 3, 4, 5 };
      for (unsigned c = 0; c < 4; c++) {
         CHECK(near(got[0][v * 4 + c], pos[c]), "pos %u.%u: %g", v, c, got[0][v * 4 + c]);
         CHECK(near(got[2][v * 4 + c], mat[c]), "mat %u.%u: %g", v, c, got[2][v * 4 + c]);
         CHECK(near(got[3][v * 4 + c], tc[c]), "tc %u.%u: %g", v, c, got[3][v * 4 + c]);
      }
      for (unsigned c = 0; c < 2; c++)
         CHECK(near(got[1][v * 2 + c], arr[c]), "a %u.%u: %g", v, c, got[1][v * 2 + c]);
   }
   CHECK(got[1][4] == -1.0f, "separate buffer 1 is 2 floats a vertex");
   api_glUseProgram(0);
   api_glDeleteProgram(p);

   /* interleaved: buffer 0 = color, 2 skipped, point size; buffer 1 =
    * a[1], position.x is not capturable alone, so the whole position */
   static const char *inter[] = {
      "gl_FrontColor", "gl_SkipComponents2", "gl_PointSize", "gl_NextBuffer", "a[1]",
      "gl_SkipComponents1", "gl_Position",
   };
   p = xfb_program(vs, inter, 7, GL_INTERLEAVED_ATTRIBS, &ok);
   CHECK(ok, "interleaved with gl_NextBuffer links");
   for (unsigned i = 0; i < 2; i++) {
      api_glDeleteBuffers(1, &b[i]);
      b[i] = make_buffer(2 * 7 * sizeof(float), -1.0f);
      api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, b[i]);
   }
   api_glUseProgram(p);
   api_glBeginTransformFeedback(GL_POINTS);
   draw_points(GL_POINTS, 2);
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   float g0[14], g1[14];
   read_buffer(b[0], g0, sizeof g0);
   read_buffer(b[1], g1, sizeof g1);
   for (unsigned v = 0; v < 2; v++) {
      float x = (float)v, y = 10.0f * (float)v;
      const float w0[7] = { 0.25f, 0.5f, 0.75f, 1.0f, -1.0f, -1.0f, 6.0f };
      const float w1[6] = { x + 20.0f, -1.0f, x, y, 0.5f, 1.0f };
      for (unsigned c = 0; c < 7; c++)
         CHECK(near(g0[v * 7 + c], w0[c]), "buffer 0 vertex %u comp %u: %g, want %g", v, c,
               g0[v * 7 + c], w0[c]);
      for (unsigned c = 0; c < 6; c++)
         CHECK(near(g1[v * 6 + c], w1[c]), "buffer 1 vertex %u comp %u: %g, want %g", v, c,
               g1[v * 6 + c], w1[c]);
   }
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(4, b);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* GLSL 1.30's gl_ClipDistance captured whole (its redeclared size) and by
 * element, in a GL 3.0 context: element i of vertex v is 100 v + i. */
static void
test_clip_distance(void)
{
   struct test_env e;
   bool ok = test_env_init_on(&e, "refpipe", "3.0", W, H);
   CHECK(ok, "GL 3.0 context");
   if (!ok) {
      test_env_fini(&e);
      return;
   }
   static const char *vs =
      "#version 130\n"
      "out float gl_ClipDistance[3];\n"
      "void main() {\n"
      "  gl_Position = gl_Vertex;\n"
      "  for (int i = 0; i < 3; i++)\n"
      "    gl_ClipDistance[i] = 10.0 * gl_Vertex.x + float(i);\n"
      "}\n";
   static const char *names[] = { "gl_ClipDistance", "gl_ClipDistance[1]" };
   GLuint p = xfb_program(vs, names, 2, GL_INTERLEAVED_ATTRIBS, &ok);
   CHECK(ok, "gl_ClipDistance captured");
   GLint size = 0;
   GLenum type = 0;
   char name[32] = "";
   api_glGetTransformFeedbackVarying(p, 0, sizeof name, NULL, &size, &type, name);
   CHECK(size == 3 && type == GL_FLOAT && !strcmp(name, "gl_ClipDistance"),
         "varying 0: %s, size %d, type 0x%x", name, size, type);
   GLuint b = make_buffer(2 * 4 * sizeof(float), -1.0f);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   api_glUseProgram(p);
   api_glBeginTransformFeedback(GL_POINTS);
   draw_points(GL_POINTS, 2);   /* x = 0, 1 */
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   float got[8];
   read_buffer(b, got, sizeof got);
   for (unsigned v = 0; v < 2; v++) {
      const float want[4] = { 10.0f * v, 10.0f * v + 1, 10.0f * v + 2, 10.0f * v + 1 };
      for (unsigned c = 0; c < 4; c++)
         CHECK(near(got[v * 4 + c], want[c]), "clip distance %u.%u: %g, want %g", v, c,
               got[v * 4 + c], want[c]);
   }
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &b);
   test_env_fini(&e);
}

/* ARB_transform_feedback2: objects, pause/resume, glDrawTransformFeedback. */
static void
test_objects(void)
{
   static const char *names[] = { "foo" };
   GLuint ids[2];
   api_glGenTransformFeedbacks(-1, ids);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGenTransformFeedbacks(2, ids);
   CHECK(!api_glIsTransformFeedback(ids[0]), "a generated name is no object yet");
   api_glBindTransformFeedback(GL_ARRAY_BUFFER, ids[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, ids[1] + 50);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, ids[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(api_glIsTransformFeedback(ids[0]), "bound: an object");
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BINDING), ids[0]);
   api_glPauseTransformFeedback();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glResumeTransformFeedback();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawTransformFeedback(GL_POINTS, ids[0]);   /* never ended */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawTransformFeedback(GL_POINTS, ids[1] + 50);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   bool ok = false;
   GLuint p = xfb_program(vs_foo_bar, names, 1, GL_INTERLEAVED_ATTRIBS, &ok);
   GLuint b = make_buffer(16 * 4 * sizeof(float), -1.0f);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   api_glUseProgram(p);
   api_glBeginTransformFeedback(GL_POINTS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);   /* active */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTransformFeedbacks(1, &ids[0]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   draw_points(GL_POINTS, 2);
   api_glPauseTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_PAUSED), 1);
   draw_points(GL_LINES, 2);   /* paused: any mode, nothing captured */
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glPauseTransformFeedback();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* paused: another object may be bound, the default one has its own
    * (empty) bindings */
   api_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0), 0);
   api_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, ids[0]);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0), b);
   api_glResumeTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   draw_points(GL_POINTS, 1);
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   float got[12];
   read_buffer(b, got, sizeof got);
   CHECK(near(got[4], 2.0f) && near(got[5], 20.0f) && near(got[8], 0.0f) && got[12 - 1] == 2.0f,
         "captured around the pause: %g %g %g %g", got[4], got[5], got[8], got[11]);

   /* three vertices captured: glDrawTransformFeedback draws three */
   GLuint q;
   api_glGenQueries(1, &q);
   api_glBeginQuery(GL_PRIMITIVES_GENERATED, q);
   api_glDrawTransformFeedback(GL_POINTS, ids[0]);
   api_glDrawTransformFeedbackStream(GL_POINTS, ids[0], 0);
   api_glEndQuery(GL_PRIMITIVES_GENERATED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(query_result(q), 6);
   api_glDrawTransformFeedbackStream(GL_POINTS, ids[0], 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* ARB_transform_feedback_instanced: the three vertices, four times */
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_transform_feedback_instanced"), "instanced offered");
   api_glBeginQuery(GL_PRIMITIVES_GENERATED, q);
   api_glDrawTransformFeedbackInstanced(GL_POINTS, ids[0], 4);
   api_glDrawTransformFeedbackStreamInstanced(GL_POINTS, ids[0], 0, 0);   /* nothing */
   api_glEndQuery(GL_PRIMITIVES_GENERATED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(query_result(q), 12);
   api_glDrawTransformFeedbackInstanced(GL_POINTS, ids[0], -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawTransformFeedbackStreamInstanced(GL_POINTS, ids[0], 1, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDrawTransformFeedbackInstanced(GL_POINTS, ids[1] + 50, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteQueries(1, &q);

   /* display lists compile Begin/End (and pause/resume); the binding
    * commands execute at once */
   GLuint list = api_glGenLists(1);
   api_glNewList(list, GL_COMPILE);
   ((void (GLAPIENTRY *)(GLenum))dispatched("glBeginTransformFeedback"))(GL_POINTS);
   ((void (GLAPIENTRY *)(GLenum, GLuint, GLuint))dispatched("glBindBufferBase"))(
      GL_TRANSFORM_FEEDBACK_BUFFER, 1, b);
   api_glEndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE), 0);
   CHECK_EQ_INT(get_indexed(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1), b);
   api_glCallList(list);
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BUFFER_ACTIVE), 1);
   api_glEndTransformFeedback();
   api_glDeleteLists(list, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glUseProgram(0);
   api_glDeleteTransformFeedbacks(2, ids);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!api_glIsTransformFeedback(ids[0]), "deleted");
   CHECK_EQ_INT(test_get_int(GL_TRANSFORM_FEEDBACK_BINDING), 0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &b);
}

/* GL_RASTERIZER_DISCARD: draws capture but draw nothing, clears do nothing. */
static void
test_discard(struct test_env *e)
{
   api_glClearColor(0, 0, 1, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnable(GL_RASTERIZER_DISCARD);
   api_glClearColor(1, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glColor4f(0, 1, 0, 1);
   api_glRectf(0, 0, W, H);
   api_glDisable(GL_RASTERIZER_DISCARD);
   GLubyte px[4] = { 0 };
   api_glReadPixels(W / 2, H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255, "discarded: %u %u %u", px[0], px[1], px[2]);
   api_glRectf(0, 0, W, H);
   api_glReadPixels(W / 2, H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0, "drawn: %u %u %u", px[0], px[1], px[2]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   (void)e;
}

/* Without GLSL (a GL 1.5 context) there is no transform feedback. */
static void
test_no_xfb(void)
{
   struct test_env e;
   bool ok = test_env_init_on(&e, "refpipe", "1.5", W, H);
   CHECK(ok, "GL 1.5 context");
   if (ok) {
      const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
      CHECK(ext && !strstr(ext, "transform_feedback"), "not offered");
      api_glEnable(GL_RASTERIZER_DISCARD);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      GLuint q = 1;
      api_glBeginQuery(GL_PRIMITIVES_GENERATED, q);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 1);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      api_glBeginTransformFeedback(GL_POINTS);
      CHECK_GL_ERROR(GL_INVALID_OPERATION);
      CHECK_EQ_INT(test_get_int(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS), -777);
      CHECK_GL_ERROR(GL_INVALID_ENUM);
   }
   test_env_fini(&e);
}

/* Fans and quad strips split into triangles for capture (GL 3.0 2.15:
 * "Individual lines or triangles of a strip or fan primitive will be
 * extracted and recorded separately"): each captured triangle keeps the
 * winding and has the provoking vertex (ARB_provoking_vertex's table) where
 * the convention looks, so that drawing the captured triangles flat shaded
 * gives the same colours (piglit's ext_transform_feedback-tessellation
 * triangle_fan flat_first, quad_strip flat_last).  The vertex numbers are
 * captured (gl_Vertex.x = i). */
static void
test_split_order(void)
{
   static const char *vs =
      "varying float id;\n"
      "void main() { id = gl_Vertex.x; gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n";
   static const char *names[] = { "id" };
   static const struct {
      GLenum mode, convention;
      unsigned count;          /* vertices drawn */
      unsigned tris;
      float want[4][3];
   } cases[] = {
      /* fan: triangle i is 0, i+1, i+2; the first convention's provoking
       * vertex is i+1, the last's i+2 */
      { GL_TRIANGLE_FAN, GL_FIRST_VERTEX_CONVENTION, 5, 3,
        { { 1, 2, 0 }, { 2, 3, 0 }, { 3, 4, 0 } } },
      { GL_TRIANGLE_FAN, GL_LAST_VERTEX_CONVENTION, 5, 3,
        { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 4 } } },
      /* quad strip: quad i is 2i, 2i+1, 2i+3, 2i+2 (polygon order) split
       * along 2i - 2i+3; the provoking vertex is 2i (first) or 2i+3 (last) */
      { GL_QUAD_STRIP, GL_LAST_VERTEX_CONVENTION, 6, 4,
        { { 0, 1, 3 }, { 2, 0, 3 }, { 2, 3, 5 }, { 4, 2, 5 } } },
      { GL_QUAD_STRIP, GL_FIRST_VERTEX_CONVENTION, 6, 4,
        { { 0, 1, 3 }, { 0, 3, 2 }, { 2, 3, 5 }, { 2, 5, 4 } } },
   };
   bool ok = false;
   GLuint p = xfb_program(vs, names, 1, GL_INTERLEAVED_ATTRIBS, &ok);
   CHECK(ok, "links");
   GLuint b = make_buffer(16 * sizeof(float), -1.0f);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   api_glUseProgram(p);
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      float init[16];
      for (unsigned k = 0; k < 16; k++)
         init[k] = -1.0f;
      api_glBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof init, init);
      api_glProvokingVertex(cases[i].convention);
      api_glBeginTransformFeedback(GL_TRIANGLES);
      api_glBegin(cases[i].mode);
      for (unsigned v = 0; v < cases[i].count; v++)
         api_glVertex2f((float)v, 0.0f);
      api_glEnd();
      api_glEndTransformFeedback();
      CHECK_GL_ERROR(GL_NO_ERROR);
      float got[16];
      read_buffer(b, got, sizeof got);
      for (unsigned t = 0; t < cases[i].tris; t++)
         for (unsigned v = 0; v < 3; v++)
            CHECK(got[t * 3 + v] == cases[i].want[t][v],
                  "case %u triangle %u vertex %u: %g, want %g", i, t, v, got[t * 3 + v],
                  cases[i].want[t][v]);
      CHECK(got[cases[i].tris * 3] == -1.0f, "case %u: %u triangles", i, cases[i].tris);
   }
   api_glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &b);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Struct varyings (GLSL 1.50) captured by member: a member's path, an
 * array element or a whole array of a basic type, an out block's members
 * as "Block.member..." and "Block[i].member..." (GL 3.0 2.15 and ARB_transform_feedback3 with the
 * Khronos reading piglit's ext_transform_feedback@structs follows); the
 * names' types and sizes; the fragment shader reading the same struct
 * and block (one copied whole through a local and a function).  The
 * captured values are computed here from the vertex positions. */
static void
test_struct_members(const char *driver)
{
   struct test_env e;
   bool ok = test_env_init_on(&e, driver, "3.3", W, H);
   CHECK(ok, "%s: GL 3.3 context", driver);
   if (!ok) {
      test_env_fini(&e);
      return;
   }
   static const char *vs =
      "#version 150\n"
      "struct S { float a; vec2 b[2]; mat2 c; };\n"
      "struct U { int i; S s[2]; };\n"
      "in vec4 pos;\n"
      "flat out U u;\n"
      "out Blk { S m; vec3 w; } blk;\n"
      "out Arr { float e; vec2 g[2]; } arr[2];\n"
      "S pick(U x) { return x.s[1]; }\n"
      "void main() {\n"
      "  gl_Position = vec4(pos.xy, 0.0, 1.0);\n"
      "  float x = pos.x;\n"
      "  U t;\n"
      "  t.i = 3;\n"
      "  for (int k = 0; k < 2; k++) {\n"
      "    t.s[k].a = 10.0 * float(k) + x;\n"
      "    t.s[k].b[0] = vec2(20.0 + float(k), x);\n"
      "    t.s[k].b[1] = vec2(30.0 + float(k), -x);\n"
      "    t.s[k].c = mat2(40.0, 41.0, 42.0, 43.0) + float(k);\n"
      "  }\n"
      "  u = t;\n"
      "  blk.m = pick(u);\n"
      "  blk.w = vec3(50.0, 51.0, x);\n"
      "  for (int k = 0; k < 2; k++) {\n"
      "    arr[k].e = 60.0 + float(k) + x;\n"
      "    for (int j = 0; j < 2; j++)\n"
      "      arr[k].g[j] = vec2(70.0 + 10.0 * float(k) + float(j), x);\n"
      "  }\n"
      "}\n";
   static const char *fs =
      "#version 150\n"
      "struct S { float a; vec2 b[2]; mat2 c; };\n"
      "struct U { int i; S s[2]; };\n"
      "flat in U u;\n"
      "in Blk { S m; vec3 w; } blk;\n"
      "out vec4 color;\n"
      "bool check(S s, float k) { return s.b[1].x == 30.0 + k && s.c[1] == vec2(42.0, 43.0) + k; }\n"
      "void main() {\n"
      "  S local = u.s[0];\n"
      "  bool ok = u.i == 3 && check(local, 0.0) && check(u.s[1], 1.0) && check(blk.m, 1.0) &&\n"
      "            blk.w.y == 51.0;\n"
      "  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   static const char *names[] = { "u.s[1].b", "u.i", "Blk.m.c", "u.s[0].a", "Blk.w",
                                  "Arr[1].g", "Arr[0].e" };
   GLuint p = api_glCreateProgram();
   const char *src[2] = { vs, fs };
   const GLenum kind[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = api_glCreateShader(kind[i]);
      api_glShaderSource(sh, 1, &src[i], NULL);
      api_glCompileShader(sh);
      api_glAttachShader(p, sh);
      api_glDeleteShader(sh);
   }
   api_glTransformFeedbackVaryings(p, 7, names, GL_INTERLEAVED_ATTRIBS);
   api_glBindAttribLocation(p, 0, "pos");
   api_glLinkProgram(p);
   ok = program_iv(p, GL_LINK_STATUS) != 0;
   if (!ok) {
      char log[1024] = "";
      api_glGetProgramInfoLog(p, sizeof log, NULL, log);
      CHECK(0, "%s: struct members link: %s", driver, log);
   }
   static const struct { GLenum type; GLint size; } want_var[7] = {
      { GL_FLOAT_VEC2, 2 }, { GL_INT, 1 }, { GL_FLOAT_MAT2, 1 }, { GL_FLOAT, 1 },
      { GL_FLOAT_VEC3, 1 }, { GL_FLOAT_VEC2, 2 }, { GL_FLOAT, 1 },
   };
   for (unsigned i = 0; ok && i < 7; i++) {
      char name[32] = "";
      GLsizei len = -1;
      GLint size = -1;
      GLenum type = 0;
      api_glGetTransformFeedbackVarying(p, i, sizeof name, &len, &size, &type, name);
      CHECK(!strcmp(name, names[i]) && len == (GLsizei)strlen(names[i]) &&
            type == want_var[i].type && size == want_var[i].size,
            "%s: varying %u: %s %d 0x%x [%d]", driver, i, name, len, type, size);
   }
   /* two points, x = -0.5 and 0.5, 18 components each */
   enum { N = 18 };
   GLuint b = make_buffer(2 * N * sizeof(float) + 16, -1.0f);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   static const float pos[2][4] = { { -0.5f, 0.0f, 0.0f, 1.0f }, { 0.5f, 0.0f, 0.0f, 1.0f } };
   api_glBindBuffer(GL_ARRAY_BUFFER, 0);
   api_glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(0);
   api_glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glPointSize(3.0f);
   api_glUseProgram(p);
   api_glBeginTransformFeedback(GL_POINTS);
   api_glDrawArrays(GL_POINTS, 0, 2);
   api_glEndTransformFeedback();
   CHECK_GL_ERROR(GL_NO_ERROR);
   union { float f[2 * N + 4]; int32_t i[2 * N + 4]; } got;
   read_buffer(b, got.f, sizeof got.f);
   for (unsigned v = 0; v < 2; v++) {
      float x = pos[v][0];
      /* u.s[1].b (21, x, 31, -x); u.i 3; Blk.m.c = u.s[1].c (41, 42, 43,
       * 44); u.s[0].a x; Blk.w (50, 51, x); Arr[1].g (80, x, 81, x);
       * Arr[0].e 60 + x */
      const float want[N] = { 21, x, 31, -x, 0, 41, 42, 43, 44, x, 50, 51, x,
                              80, x, 81, x, 60 + x };
      for (unsigned c = 0; c < N; c++) {
         if (c == 4)
            CHECK(got.i[v * N + c] == 3, "%s: vertex %u u.i: %d", driver, v,
                  got.i[v * N + c]);
         else
            CHECK(got.f[v * N + c] == want[c], "%s: vertex %u component %u: %g, want %g",
                  driver, v, c, got.f[v * N + c], want[c]);
      }
   }
   CHECK(got.f[2 * N] == -1.0f, "%s: 18 components a vertex", driver);
   /* the fragment shader got the same values: green at both points
    * (window x = (0.5 x + 0.5) W) */
   CHECK_PX_RGB(W / 4, H / 2, 0, 255, 0, 0);
   CHECK_PX_RGB(3 * W / 4, H / 2, 0, 255, 0, 0);
   api_glDisableVertexAttribArray(0);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &b);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_env_fini(&e);
}

int
main(void)
{
   struct test_env e;
   bool ok = test_env_init_on(&e, "refpipe", "2.1", W, H);
   CHECK(ok, "GL 2.1 context");
   if (ok && e.ctx->caps.xfb) {
      test_limits_and_state();
      test_bindings();
      test_varyings_api();
      test_begin_errors_and_capture();
      test_layouts();
      test_split_order();
      test_objects();
      test_discard(&e);
   } else if (ok) {
      CHECK(0, "refpipe has stream output: transform feedback expected");
   }
   test_env_fini(&e);
   test_no_xfb();
   test_clip_distance();
   test_struct_members("refpipe");
   test_struct_members("jitpipe");
   return st_test_finish("st_test_xfb");
}
