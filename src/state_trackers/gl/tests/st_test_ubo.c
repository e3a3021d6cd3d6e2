/*
 * GL_ARB_uniform_buffer_object on refpipe (st_ubo.c, api/api_ubo.c): the
 * limits and bindings and their queries, every argument error of
 * glBindBufferBase/Range, glGetIntegeri_v, the block and uniform queries
 * and glUniformBlockBinding, unbinding on glDeleteBuffers, the extension
 * off in a GL 1.5 context, glUniformBlockBinding in display lists, and
 * draws reading blocks of several member types from ranges of buffers
 * (values computed here, read back exactly).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_test_fb.h"

#define W 8
#define H 8

static GLint
geti_i(GLenum target, GLuint index)
{
   GLint v = -777;
   api_glGetIntegeri_v(target, index, &v);
   return v;
}

static GLint
block_iv(GLuint p, GLuint block, GLenum pname)
{
   GLint v = -777;
   api_glGetActiveUniformBlockiv(p, block, pname, &v);
   return v;
}

static GLint
uniform_iv(GLuint p, GLuint index, GLenum pname)
{
   GLint v = -777;
   api_glGetActiveUniformsiv(p, 1, &index, pname, &v);
   return v;
}

static GLuint
link_program(const char *vs_src, const char *fs_src)
{
   GLuint p = api_glCreateProgram();
   const char *src[2] = { vs_src, fs_src };
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
   api_glLinkProgram(p);
   if (test_program_iv(p, GL_LINK_STATUS) != GL_TRUE) {
      char log[1024] = "";
      api_glGetProgramInfoLog(p, sizeof log, NULL, log);
      CHECK(0, "link failed: %s", log);
   }
   return p;
}

/* GL 1.5: no GLSL, so no extension: the target and queries are unknown */
static void
test_not_offered(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "1.5", W, H)) {
      CHECK(0, "no GL 1.5 context");
      test_env_fini(&e);
      return;
   }
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && !strstr(ext, "GL_ARB_uniform_buffer_object"), "not offered without GLSL");
   api_glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, (GLint[1]){ 0 });
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindBuffer(GL_UNIFORM_BUFFER, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   geti_i(GL_UNIFORM_BUFFER_BINDING, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   test_env_fini(&e);
}

static void
test_limits_and_bindings(void)
{
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_uniform_buffer_object"), "extension advertised");
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_UNIFORM_BLOCKS), 12);
   CHECK_EQ_INT(test_get_int(GL_MAX_FRAGMENT_UNIFORM_BLOCKS), 12);
   CHECK_EQ_INT(test_get_int(GL_MAX_COMBINED_UNIFORM_BLOCKS), 24);
   CHECK_EQ_INT(test_get_int(GL_MAX_UNIFORM_BUFFER_BINDINGS), 36);
   CHECK_EQ_INT(test_get_int(GL_MAX_UNIFORM_BLOCK_SIZE), 16384);
   CHECK_EQ_INT(test_get_int(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT), 16);
   /* the default block's components (4096) + 12 blocks of 16384 bytes / 4 */
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_UNIFORM_COMPONENTS), 4096);
   CHECK_EQ_INT(test_get_int(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS), 4096);
   CHECK_EQ_INT(test_get_int(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS), 4096 + 12 * 4096);
   CHECK_EQ_INT(test_get_int(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS), 4096 + 12 * 4096);
   /* no geometry shaders: their limit is an unknown enum */
   api_glGetIntegerv(GL_MAX_GEOMETRY_UNIFORM_BLOCKS, (GLint[1]){ 0 });
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(test_get_int(GL_UNIFORM_BUFFER_BINDING), 0);

   GLuint bo[3];
   api_glGenBuffers(3, bo);
   api_glBindBuffer(GL_UNIFORM_BUFFER, bo[0]);
   CHECK_EQ_INT(test_get_int(GL_UNIFORM_BUFFER_BINDING), (GLint)bo[0]);
   api_glBufferData(GL_UNIFORM_BUFFER, 256, NULL, GL_STATIC_DRAW);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindBuffer(GL_UNIFORM_BUFFER, 0);

   /* nothing bound: 0, 0, 0 */
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 5), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_START, 5), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_SIZE, 5), 0);
   /* a range, and the generic binding follows */
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 5, bo[0], 32, 48);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 5), (GLint)bo[0]);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_START, 5), 32);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_SIZE, 5), 48);
   CHECK_EQ_INT(test_get_int(GL_UNIFORM_BUFFER_BINDING), (GLint)bo[0]);
   GLboolean bv = GL_FALSE;
   api_glGetBooleani_v(GL_UNIFORM_BUFFER_BINDING, 5, &bv);
   CHECK_EQ_INT(bv, GL_TRUE);
   /* the base binding: start and size read 0 (ARB_uniform_buffer_object v64);
    * an unused name is created as glBindBuffer does (compatibility context) */
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 35, bo[1]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 35), (GLint)bo[1]);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_START, 35), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_SIZE, 35), 0);
   CHECK_EQ_INT(test_get_int(GL_UNIFORM_BUFFER_BINDING), (GLint)bo[1]);
   CHECK_EQ_INT(api_glIsBuffer(bo[1]), GL_TRUE);

   /* errors, each leaving the bindings as they were */
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 36, bo[0]);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 36, bo[0], 0, 16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 5, bo[0], 0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 5, bo[0], 0, -16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 5, bo[0], 8, 16);   /* not a multiple of 16 */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 5, bo[0], -16, 16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glBindBufferRange(GL_ARRAY_BUFFER, 5, bo[0], 0, 16);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glBindBufferBase(GL_TEXTURE_2D, 0, bo[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_START, 5), 32);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_SIZE, 5), 48);
   geti_i(GL_UNIFORM_BUFFER_BINDING, 36);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   geti_i(GL_UNIFORM_BUFFER_START, 36);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   geti_i(GL_UNIFORM_BUFFER_SIZE, 1000);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   geti_i(GL_UNIFORM_BUFFER, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* buffer 0 unbinds whatever the range says */
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 6, bo[0], 0, 16);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 6, 0, 3, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 6), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_SIZE, 6), 0);

   /* deleting a buffer unbinds it from the generic and indexed points */
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 7, bo[0], 16, 16);
   api_glDeleteBuffers(1, &bo[0]);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 5), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 7), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_START, 7), 0);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 35), (GLint)bo[1]);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 35, 0);
   api_glDeleteBuffers(2, &bo[1]);
   CHECK_EQ_INT(test_get_int(GL_UNIFORM_BUFFER_BINDING), 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static const char *vs_src =
   "#extension GL_ARB_uniform_buffer_object : require\n"
   "uniform V { vec2 scale; float z; } v;\n"
   "void main() { gl_Position = vec4(gl_Vertex.xy * v.scale, v.z, 1.0); }\n";
/* std140: a 0, flag 4, arr[k] 16 + 16 k (to 64), m 64 (columns 16 apart,
 * to 112), c 112; R: rm row-major mat2 (rows 16 apart) 0, k 32 */
static const char *fs_src =
   "#version 120\n"
   "#extension GL_ARB_uniform_buffer_object : require\n"
   "layout(std140) uniform F { float a; bool flag; int arr[3]; mat3 m; vec4 c; };\n"
   "layout(std140, row_major) uniform R { mat2 rm; float k; } r;\n"
   "void main() {\n"
   "   float g = flag ? m[1][2] : 0.0;\n"
   "   gl_FragColor = vec4(a, g, float(arr[2]) / 255.0 + r.rm[0][1], c.w * r.k);\n"
   "}\n";

static void
test_queries(GLuint p)
{
   CHECK_EQ_INT(test_program_iv(p, GL_ACTIVE_UNIFORM_BLOCKS), 3);
   CHECK_EQ_INT(test_program_iv(p, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH), 2);
   GLuint bv = api_glGetUniformBlockIndex(p, "V"), bf = api_glGetUniformBlockIndex(p, "F"),
          br = api_glGetUniformBlockIndex(p, "R");
   CHECK(bv < 3 && bf < 3 && br < 3 && bv != bf && bf != br && bv != br, "%u %u %u", bv, bf, br);
   CHECK_EQ_INT(api_glGetUniformBlockIndex(p, "v"), GL_INVALID_INDEX);   /* instance name */
   CHECK_EQ_INT(api_glGetUniformBlockIndex(p, "nope"), GL_INVALID_INDEX);
   CHECK_GL_ERROR(GL_NO_ERROR);
   char name[16] = "xxxxxxxx";
   GLsizei len = -1;
   api_glGetActiveUniformBlockName(p, bf, sizeof name, &len, name);
   CHECK(!strcmp(name, "F") && len == 1, "%s %d", name, len);
   api_glGetActiveUniformBlockName(p, bf, 1, &len, name);
   CHECK(name[0] == 0 && len == 0, "truncated: %d", len);

   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_DATA_SIZE), 128);
   CHECK_EQ_INT(block_iv(p, br, GL_UNIFORM_BLOCK_DATA_SIZE), 48);
   CHECK_EQ_INT(block_iv(p, bv, GL_UNIFORM_BLOCK_DATA_SIZE), 16);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_NAME_LENGTH), 2);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS), 5);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_BINDING), 0);
   CHECK_EQ_INT(block_iv(p, bv, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER), 1);
   CHECK_EQ_INT(block_iv(p, bv, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER), 0);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER), 0);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER), 1);
   GLint idx[8];
   memset(idx, 0xff, sizeof idx);
   api_glGetActiveUniformBlockiv(p, bf, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, idx);
   CHECK(idx[5] == -1, "wrote past the block's uniforms");
   /* the members by name; the indices name F's uniforms */
   static const char *const names[] = { "a", "flag", "arr", "m", "c", "R.rm", "R.k", "V.z",
                                        "nope" };
   GLuint ui[9];
   api_glGetUniformIndices(p, 9, names, ui);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(ui[8], GL_INVALID_INDEX);
   for (unsigned i = 0; i < 5; i++) {
      bool listed = false;
      for (unsigned k = 0; k < 5; k++)
         listed |= (GLint)ui[i] == idx[k];
      CHECK(listed, "%s (uniform %u) in F's list", names[i], ui[i]);
   }
   static const struct { unsigned n; GLint type, size, block_is_f, offset, astride, mstride, rm; }
   want[] = {
      { 0, GL_FLOAT, 1, 1, 0, 0, 0, 0 },
      { 1, GL_BOOL, 1, 1, 4, 0, 0, 0 },
      { 2, GL_INT, 3, 1, 16, 16, 0, 0 },
      { 3, GL_FLOAT_MAT3, 1, 1, 64, 0, 16, 0 },
      { 4, GL_FLOAT_VEC4, 1, 1, 112, 0, 0, 0 },
      { 5, GL_FLOAT_MAT2, 1, 0, 0, 0, 16, 1 },
      { 6, GL_FLOAT, 1, 0, 32, 0, 0, 0 },
   };
   for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
      GLuint u = ui[want[i].n];
      CHECK(u != GL_INVALID_INDEX, "%s has an index", names[want[i].n]);
      if (u == GL_INVALID_INDEX)
         continue;
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_TYPE), want[i].type);
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_SIZE), want[i].size);
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_BLOCK_INDEX),
                   (GLint)(want[i].block_is_f ? bf : br));
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_OFFSET), want[i].offset);
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_ARRAY_STRIDE), want[i].astride);
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_MATRIX_STRIDE), want[i].mstride);
      CHECK_EQ_INT(uniform_iv(p, u, GL_UNIFORM_IS_ROW_MAJOR), want[i].rm);
      /* block members have no location */
      char nm[32];
      api_glGetActiveUniformName(p, u, sizeof nm, NULL, nm);
      CHECK_EQ_INT(api_glGetUniformLocation(p, nm), -1);
   }
   api_glGetActiveUniformName(p, ui[2], sizeof name, &len, name);
   CHECK(!strcmp(name, "arr[0]") && len == 6, "%s", name);
   CHECK_EQ_INT(uniform_iv(p, ui[2], GL_UNIFORM_NAME_LENGTH), 7);

   /* errors */
   api_glGetActiveUniformBlockiv(p, 3, GL_UNIFORM_BLOCK_DATA_SIZE, idx);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetActiveUniformBlockiv(p, bf, GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER, idx);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetActiveUniformBlockiv(p, bf, GL_UNIFORM_TYPE, idx);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetActiveUniformBlockName(p, 3, sizeof name, &len, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetActiveUniformBlockName(p, bf, -1, &len, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetUniformIndices(p, -1, names, ui);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint bad[2] = { ui[0], 100000 };
   GLint out[2] = { -5, -5 };
   api_glGetActiveUniformsiv(p, 2, bad, GL_UNIFORM_TYPE, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK(out[0] == -5, "nothing written on error");
   api_glGetActiveUniformsiv(p, -1, bad, GL_UNIFORM_TYPE, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetActiveUniformsiv(p, 1, bad, GL_UNIFORM_BLOCK_DATA_SIZE, out);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glGetActiveUniformName(p, 100000, sizeof name, &len, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glGetActiveUniformName(p, 0, -1, &len, name);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUniformBlockBinding(p, 3, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glUniformBlockBinding(p, bf, 36);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* not a program: a shader object, an unused name */
   GLuint s = api_glCreateShader(GL_VERTEX_SHADER);
   api_glGetUniformBlockIndex(s, "F");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glUniformBlockBinding(s, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteShader(s);
   api_glGetActiveUniformBlockiv(99999, 0, GL_UNIFORM_BLOCK_BINDING, out);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* a default-block uniform: -1 for the block fields */
   GLuint q = link_program(NULL, "uniform vec4 u;\nvoid main() { gl_FragColor = u; }\n");
   CHECK_EQ_INT(test_program_iv(q, GL_ACTIVE_UNIFORM_BLOCKS), 0);
   CHECK_EQ_INT(uniform_iv(q, 0, GL_UNIFORM_BLOCK_INDEX), -1);
   CHECK_EQ_INT(uniform_iv(q, 0, GL_UNIFORM_OFFSET), -1);
   CHECK_EQ_INT(uniform_iv(q, 0, GL_UNIFORM_ARRAY_STRIDE), -1);
   CHECK_EQ_INT(uniform_iv(q, 0, GL_UNIFORM_MATRIX_STRIDE), -1);
   CHECK_EQ_INT(uniform_iv(q, 0, GL_UNIFORM_IS_ROW_MAJOR), 0);
   api_glUniformBlockBinding(q, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteProgram(q);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
put_f(uint8_t *b, unsigned off, float v)
{
   memcpy(b + off, &v, 4);
}

static void
put_i(uint8_t *b, unsigned off, int32_t v)
{
   memcpy(b + off, &v, 4);
}

static void
quad(void)
{
   api_glBegin(GL_QUADS);
   api_glVertex2f(-1, -1);
   api_glVertex2f(1, -1);
   api_glVertex2f(1, 1);
   api_glVertex2f(-1, 1);
   api_glEnd();
}

/* blocks at binding points 2 (F, a range 64 bytes into one buffer), 9 (R,
 * a base binding) and 4 (V); the colour says every member was read */
static void
test_draw(GLuint p)
{
   GLuint bf = api_glGetUniformBlockIndex(p, "F"), br = api_glGetUniformBlockIndex(p, "R"),
          bv = api_glGetUniformBlockIndex(p, "V");
   api_glUniformBlockBinding(p, bf, 2);
   api_glUniformBlockBinding(p, br, 9);
   api_glUniformBlockBinding(p, bv, 4);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_BINDING), 2);

   uint8_t fb[64 + 128], rb[48], vb[16];
   memset(fb, 0, sizeof fb);
   memset(rb, 0, sizeof rb);
   memset(vb, 0, sizeof vb);
   put_f(fb, 0, 1.0f);           /* outside the range: not read */
   put_f(fb, 64 + 0, 0.25f);     /* a */
   put_i(fb, 64 + 4, 1);         /* flag */
   put_i(fb, 64 + 16 + 32, 51);  /* arr[2] */
   put_f(fb, 64 + 64 + 16 + 8, 0.5f);   /* m[1][2] */
   put_f(fb, 64 + 112 + 12, 0.5f);      /* c.w */
   put_f(rb, 16 + 0, 0.4f);      /* rm row-major: rm[0][1] is row 1, column 0 */
   put_f(rb, 32, 2.0f);          /* k */
   put_f(vb, 0, 1.0f);           /* scale */
   put_f(vb, 4, 1.0f);
   put_f(vb, 8, 0.0f);           /* z */
   GLuint bo[3];
   api_glGenBuffers(3, bo);
   api_glBindBuffer(GL_UNIFORM_BUFFER, bo[0]);
   api_glBufferData(GL_UNIFORM_BUFFER, sizeof fb, fb, GL_STATIC_DRAW);
   api_glBindBuffer(GL_UNIFORM_BUFFER, bo[1]);
   api_glBufferData(GL_UNIFORM_BUFFER, sizeof rb, rb, GL_STATIC_DRAW);
   api_glBindBuffer(GL_UNIFORM_BUFFER, bo[2]);
   api_glBufferData(GL_UNIFORM_BUFFER, sizeof vb, vb, GL_STATIC_DRAW);
   api_glBindBufferRange(GL_UNIFORM_BUFFER, 2, bo[0], 64, 128);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 9, bo[1]);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 4, bo[2]);
   api_glUseProgram(p);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad();
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte px[4];
   test_read_px(4, 4, px);
   /* (0.25, 0.5, 51/255 + 0.4, 1.0) */
   CHECK(px[0] == 64 && px[1] == 128 && px[2] == 153 && px[3] == 255, "%d %d %d %d", px[0],
         px[1], px[2], px[3]);

   /* new contents are seen at the next draw; an unbound block reads 0 */
   put_f(fb, 64, 0.5f);
   api_glBindBuffer(GL_UNIFORM_BUFFER, bo[0]);
   api_glBufferSubData(GL_UNIFORM_BUFFER, 64, 4, fb + 64);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 9, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad();
   test_read_px(4, 4, px);
   CHECK(px[0] == 128 && px[1] == 128 && px[2] == 51 && px[3] == 0, "%d %d %d %d", px[0],
         px[1], px[2], px[3]);

   /* V's scale from another binding point: a quarter-size quad */
   float small[4] = { 0.25f, 0.25f, 0.0f, 0.0f };
   GLuint b4;
   api_glGenBuffers(1, &b4);
   api_glBindBuffer(GL_UNIFORM_BUFFER, b4);
   api_glBufferData(GL_UNIFORM_BUFFER, sizeof small, small, GL_STATIC_DRAW);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 11, b4);
   api_glUniformBlockBinding(p, bv, 11);
   api_glClear(GL_COLOR_BUFFER_BIT);
   quad();
   test_read_px(0, 0, px);
   CHECK(px[0] == 0 && px[1] == 0, "corner outside the small quad: %d %d", px[0], px[1]);
   test_read_px(4, 4, px);
   CHECK(px[0] == 128, "centre inside: %d", px[0]);
   api_glUseProgram(0);
   api_glDeleteBuffers(3, bo);
   api_glDeleteBuffers(1, &b4);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glUniformBlockBinding is compiled into display lists; the binds execute */
static void
test_dlist(GLuint p)
{
   GLuint bf = api_glGetUniformBlockIndex(p, "F");
   api_glUniformBlockBinding(p, bf, 1);
   GLuint bo;
   api_glGenBuffers(1, &bo);
   GLuint list = api_glGenLists(1);
   api_glNewList(list, GL_COMPILE);
   st_proc *t = (st_proc *)_glapi_get_dispatch();
   ((void (GLAPIENTRY *)(GLuint, GLuint, GLuint))t[_glapi_get_proc_offset(
      "glUniformBlockBinding")])(p, bf, 3);
   ((void (GLAPIENTRY *)(GLenum, GLuint, GLuint))t[_glapi_get_proc_offset(
      "glBindBufferBase")])(GL_UNIFORM_BUFFER, 8, bo);
   api_glEndList();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_BINDING), 1);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 8), (GLint)bo);
   api_glBindBufferBase(GL_UNIFORM_BUFFER, 8, 0);
   api_glCallList(list);
   CHECK_EQ_INT(block_iv(p, bf, GL_UNIFORM_BLOCK_BINDING), 3);
   CHECK_EQ_INT(geti_i(GL_UNIFORM_BUFFER_BINDING, 8), 0);
   api_glDeleteLists(list, 1);
   api_glDeleteBuffers(1, &bo);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   test_not_offered();
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "2.1", W, H)) {
      CHECK(0, "no GL 2.1 context");
      test_env_fini(&e);
      return st_test_finish("st_test_ubo");
   }
   test_limits_and_bindings();
   GLuint p = link_program(vs_src, fs_src);
   test_queries(p);
   test_draw(p);
   test_dlist(p);
   /* relinking resets the bindings to 0 */
   api_glUniformBlockBinding(p, 0, 5);
   api_glLinkProgram(p);
   CHECK_EQ_INT(block_iv(p, 0, GL_UNIFORM_BLOCK_BINDING), 0);
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_env_fini(&e);
   return st_test_finish("st_test_ubo");
}
