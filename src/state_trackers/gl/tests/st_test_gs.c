/*
 * Geometry shaders through the GL API (GL 3.2, GLSL 1.50;
 * PONY_GL_VERSION_OVERRIDE=3.2): glCreateShader(GL_GEOMETRY_SHADER) and
 * its absence below 3.2, the GL_MAX_GEOMETRY_* limits, the program's
 * GL_GEOMETRY_VERTICES_OUT / _INPUT_TYPE / _OUTPUT_TYPE, link errors; then
 * drawing on refpipe and jitpipe: points grown into squares by a shader
 * with uniforms, a texture of its own stage and gl_PrimitiveIDIn, whose
 * gl_PrimitiveID the fragment shader reads; a mode that does not give the
 * shader's input primitive (GL_INVALID_OPERATION, nothing drawn); lines
 * with adjacency cut into two quads by EndPrimitive(), coloured from the
 * adjacent vertices' varyings (arrays and glBegin/glEnd); transform
 * feedback of the shader's outputs; gl_PrimitiveID in a fragment shader
 * without a geometry shader (strips, instances, quads).
 * Every expected pixel and value is computed here from the geometry:
 * squares and quads have their edges on pixel boundaries, so every pixel
 * centre is inside or outside.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_glsl.h"
#include "st_test_fb.h"

#define W 16
#define H 16

/* ---- not below GL 3.2 --------------------------------------------------------- */

static void
test_not_offered(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "3.1", W, H)) {
      CHECK(0, "no GL 3.1 context");
      test_env_fini(&e);
      return;
   }
   CHECK_EQ_INT(api_glCreateShader(GL_GEOMETRY_SHADER), 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLint v = -777;
   api_glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDrawArrays(GL_TRIANGLE_STRIP_ADJACENCY, 0, 6);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLuint p = api_glCreateProgram();
   api_glGetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDeleteProgram(p);
   test_env_fini(&e);
}

/* ---- objects, queries, link errors -------------------------------------------- */

static const char vs_pass[] =
   "#version 150\n"
   "in vec4 pos;\n"
   "in vec4 col;\n"
   "out vec4 vcol;\n"
   "void main() { gl_Position = pos; vcol = col; }\n";

static const char fs_color[] =
   "#version 150\n"
   "in vec4 color;\n"
   "out vec4 frag;\n"
   "void main() { frag = color; }\n";

static const char gs_tri[] =
   "#version 150\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 6) out;\n"
   "in vec4 vcol[];\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   for (int i = 0; i < gl_in.length(); i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      color = vcol[i];\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static void
test_queries(void)
{
   CHECK_EQ_INT(test_get_int(GL_MAX_GEOMETRY_OUTPUT_VERTICES), 256);
   CHECK_EQ_INT(test_get_int(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS), 1024);
   CHECK_EQ_INT(test_get_int(GL_MAX_GEOMETRY_INPUT_COMPONENTS), 64);
   CHECK_EQ_INT(test_get_int(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS), 128);
   CHECK_EQ_INT(test_get_int(GL_MAX_VERTEX_OUTPUT_COMPONENTS), 64);
   CHECK_EQ_INT(test_get_int(GL_MAX_FRAGMENT_INPUT_COMPONENTS), 128);
   CHECK_EQ_INT(test_get_int(GL_MAX_COMBINED_UNIFORM_BLOCKS), 36);
   CHECK(test_get_int(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS) >= 1024, "%d",
         test_get_int(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS));
   CHECK(test_get_int(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS) >= 1, "%d",
         test_get_int(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS));
   CHECK(test_get_int(GL_MAX_GEOMETRY_UNIFORM_BLOCKS) >= 1, "%d",
         test_get_int(GL_MAX_GEOMETRY_UNIFORM_BLOCKS));
   CHECK_GL_ERROR(GL_NO_ERROR);

   GLuint s = api_glCreateShader(GL_GEOMETRY_SHADER);
   CHECK(s != 0, "no geometry shader object");
   GLint type = 0;
   api_glGetShaderiv(s, GL_SHADER_TYPE, &type);
   CHECK_EQ_INT(type, GL_GEOMETRY_SHADER);
   /* GLSL 1.40 has no geometry shaders */
   static const char *old_src = "#version 140\nvoid main() {}\n";
   api_glShaderSource(s, 1, &old_src, NULL);
   api_glCompileShader(s);
   GLint ok = 1;
   api_glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   CHECK_EQ_INT(ok, GL_FALSE);
   char log[1024] = "";
   api_glGetShaderInfoLog(s, sizeof log, NULL, log);
   CHECK(strstr(log, "geometry shaders need GLSL 1.50"), "%s", log);
   api_glDeleteShader(s);

   GLuint p = test_linked_program(vs_pass, gs_tri, fs_color);
   CHECK_EQ_INT(test_program_iv(p, GL_GEOMETRY_VERTICES_OUT), 6);
   CHECK_EQ_INT(test_program_iv(p, GL_GEOMETRY_INPUT_TYPE), GL_TRIANGLES);
   CHECK_EQ_INT(test_program_iv(p, GL_GEOMETRY_OUTPUT_TYPE), GL_TRIANGLE_STRIP);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteProgram(p);

   /* no geometry shader, or not linked: GL_INVALID_OPERATION (GL 3.2
    * section 6.1.16) */
   p = test_linked_program(vs_pass, NULL, "#version 150\nout vec4 f;\nvoid main() { f = vec4(1); }\n");
   GLint v = -777;
   api_glGetProgramiv(p, GL_GEOMETRY_INPUT_TYPE, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ_INT(v, -777);
   api_glDeleteProgram(p);

   /* the layouts are required; a geometry shader needs a vertex shader */
   static const char gs_no_out[] =
      "#version 150\nlayout(points) in;\nvoid main() { EmitVertex(); }\n";
   p = test_make_program(vs_pass, gs_no_out, fs_color, log, sizeof log);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_FALSE);
   CHECK(strstr(log, "declares no output primitive"), "%s", log);
   api_glGetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteProgram(p);
   p = test_make_program(NULL, gs_tri, fs_color, log, sizeof log);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_FALSE);
   CHECK(strstr(log, "a geometry shader needs a vertex shader"), "%s", log);
   api_glDeleteProgram(p);
   /* GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS: 256 vertices of 8 */
   static const char gs_big[] =
      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 256) out;\n"
      "out vec4 a;\n"
      "void main() { gl_Position = vec4(0); a = vec4(1); EmitVertex(); }\n";
   p = test_make_program(vs_pass, gs_big, NULL, log, sizeof log);
   CHECK_EQ_INT(test_program_iv(p, GL_LINK_STATUS), GL_FALSE);
   CHECK(strstr(log, "GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS"), "%s", log);
   api_glDeleteProgram(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* ---- drawing ------------------------------------------------------------------ */

/* Pixel (x, y) as RGBA bytes. */
static void
read_px(int x, int y, GLubyte out[4])
{
   memset(out, 0x55, 4);
   api_glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* Every pixel against expect(x, y) (RGBA bytes, within tol each). */
static unsigned
compare_frame(const char *what, void (*expect)(int x, int y, GLubyte out[4], const void *data),
              const void *data, int tol)
{
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         GLubyte got[4], want[4];
         read_px(x, y, got);
         expect(x, y, want, data);
         bool ok = true;
         for (unsigned c = 0; c < 4; c++)
            ok &= abs((int)got[c] - (int)want[c]) <= tol;
         if (!ok && bad++ < 4)
            fprintf(stderr, "%s: pixel (%d, %d) is %d %d %d %d, expected %d %d %d %d\n", what,
                    x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
      }
   return bad;
}

/* Window pixel x or y to clip space (a W x H viewport). */
static float
clip_x(float x)
{
   return x / (W / 2.0f) - 1.0f;
}

static float
clip_y(float y)
{
   return y / (H / 2.0f) - 1.0f;
}

/* Scene 1: points grown into 4x4-pixel squares.  The shader reads its
 * colour from texel gl_PrimitiveIDIn of a 4x1 texture on unit 1, times the
 * uniform tint, and passes gl_PrimitiveIDIn + 10 on as gl_PrimitiveID,
 * which the fragment shader writes as alpha. */
static const char gs_squares[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 4) out;\n"
   "uniform float half_size;\n"
   "uniform vec4 tint;\n"
   "uniform sampler2D tex;\n"
   "out vec4 color;\n"
   "void corner(vec2 d) {\n"
   "   gl_Position = gl_in[0].gl_Position + vec4(d * half_size, 0.0, 0.0);\n"
   "   color = texelFetch(tex, ivec2(gl_PrimitiveIDIn, 0), 0) * tint;\n"
   "   gl_PrimitiveID = gl_PrimitiveIDIn + 10;\n"
   "   EmitVertex();\n"
   "}\n"
   "void main() {\n"
   "   corner(vec2(-1.0, -1.0));\n"
   "   corner(vec2(1.0, -1.0));\n"
   "   corner(vec2(-1.0, 1.0));\n"
   "   corner(vec2(1.0, 1.0));\n"
   "   EndPrimitive();\n"
   "}\n";

static const char fs_prim_id[] =
   "#version 150\n"
   "in vec4 color;\n"
   "out vec4 frag;\n"
   "void main() { frag = vec4(color.rgb, float(gl_PrimitiveID) / 255.0); }\n";

static const GLubyte texels[4][4] = {
   { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 200, 100, 50, 255 },
};
static const float tint[4] = { 1.0f, 0.5f, 1.0f, 1.0f };

/* the squares: point i at window (4i + 2, 8), 4 pixels wide */
static void
expect_squares(int x, int y, GLubyte out[4], const void *data)
{
   (void)data;
   memset(out, 0, 4);
   if (y < 6 || y >= 10)
      return;
   int i = x / 4;
   for (unsigned c = 0; c < 3; c++)
      out[c] = (GLubyte)lrintf(texels[i][c] * tint[c]);
   out[3] = (GLubyte)(10 + i);
}

static void
test_squares(const char *driver)
{
   GLuint p = test_linked_program(vs_pass, gs_squares, fs_prim_id);
   api_glUseProgram(p);
   api_glUniform1f(api_glGetUniformLocation(p, "half_size"), 2.0f / (W / 2.0f));
   api_glUniform4fv(api_glGetUniformLocation(p, "tint"), 1, tint);
   api_glUniform1i(api_glGetUniformLocation(p, "tex"), 1);
   GLuint tex;
   api_glGenTextures(1, &tex);
   api_glActiveTexture(GL_TEXTURE1);
   api_glBindTexture(GL_TEXTURE_2D, tex);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   api_glActiveTexture(GL_TEXTURE0);
   float pos[4][2];
   for (unsigned i = 0; i < 4; i++) {
      pos[i][0] = clip_x(4.0f * (float)i + 2.0f);
      pos[i][1] = clip_y(8.0f);
   }
   api_glEnableVertexAttribArray(1);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_POINTS, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   unsigned bad = compare_frame(driver, expect_squares, NULL, 1);
   CHECK(bad == 0, "%s: %u pixels of the squares differ", driver, bad);

   /* GL 3.2 section 2.12.1: triangles do not give a points shader its
    * primitive: GL_INVALID_OPERATION, and nothing drawn */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLubyte px[4];
   read_px(2, 8, px);
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 0, "%s: drawn: %d %d %d %d",
         driver, px[0], px[1], px[2], px[3]);
   /* glBegin/glEnd go through the shader as well (`pos` is generic 1,
    * captured by each glVertex) */
   api_glBegin(GL_POINTS);
   api_glVertexAttrib2f(1, clip_x(6.0f), clip_y(8.0f));
   api_glVertex2f(0.0f, 0.0f);
   api_glEnd();
   read_px(5, 7, px);
   CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0 && px[3] == 10,
         "%s: glBegin point: %d %d %d %d", driver, px[0], px[1], px[2], px[3]);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glDisableVertexAttribArray(1);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteTextures(1, &tex);
}

/* Scene 2: each line with adjacency (v0 v1 v2 v3) becomes two quads, rows
 * y0..y1 (uniform), the first from v0.x to v1.x coloured by v0's varying,
 * the second from v2.x to v3.x coloured by v3's; EndPrimitive() between
 * them, so that the gap from v1.x to v2.x stays empty (one strip of eight
 * vertices would cover it). */
static const char gs_adjacency[] =
   "#version 150\n"
   "layout(lines_adjacency) in;\n"
   "layout(triangle_strip, max_vertices = 8) out;\n"
   "in vec4 vcol[4];\n"
   "uniform vec2 rows;\n"
   "out vec4 color;\n"
   "void quad(float x0, float x1, vec4 c) {\n"
   "   color = c;\n"
   "   gl_Position = vec4(x0, rows.x, 0.0, 1.0); EmitVertex();\n"
   "   gl_Position = vec4(x1, rows.x, 0.0, 1.0); EmitVertex();\n"
   "   gl_Position = vec4(x0, rows.y, 0.0, 1.0); EmitVertex();\n"
   "   gl_Position = vec4(x1, rows.y, 0.0, 1.0); EmitVertex();\n"
   "}\n"
   "void main() {\n"
   "   quad(gl_in[0].gl_Position.x, gl_in[1].gl_Position.x, vcol[0]);\n"
   "   EndPrimitive();\n"
   "   quad(gl_in[2].gl_Position.x, gl_in[3].gl_Position.x, vcol[3]);\n"
   "}\n";

/* two primitives: window x 0,3,5,7 (rows 2..6) and 8,10,13,16 (rows 2..6) */
static const float adj_x[8] = { 0, 3, 5, 7, 8, 10, 13, 16 };
static const float adj_col[8][4] = {
   { 1, 0, 0, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0, 1, 0, 1 },
   { 0, 0, 1, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 0.5f, 0.5f, 0.5f, 1 }, { 1, 1, 0, 1 },
};

static void
expect_adjacency(int x, int y, GLubyte out[4], const void *data)
{
   (void)data;
   memset(out, 0, 4);
   if (y < 2 || y >= 6)
      return;
   float cx = (float)x + 0.5f;
   for (unsigned p = 0; p < 2; p++) {
      const float *xs = &adj_x[4 * p];
      int v = cx > xs[0] && cx < xs[1] ? 0 : cx > xs[2] && cx < xs[3] ? 3 : -1;
      if (v < 0)
         continue;
      for (unsigned c = 0; c < 4; c++)
         out[c] = (GLubyte)lrintf(adj_col[4 * p + (unsigned)v][c] * 255.0f);
   }
}

static void
test_adjacency(const char *driver)
{
   GLuint p = test_linked_program(vs_pass, gs_adjacency, fs_color);
   api_glUseProgram(p);
   api_glUniform2f(api_glGetUniformLocation(p, "rows"), clip_y(2.0f), clip_y(6.0f));
   float pos[8][2];
   for (unsigned i = 0; i < 8; i++) {
      pos[i][0] = clip_x(adj_x[i]);
      pos[i][1] = clip_y(4.0f);
   }
   api_glEnableVertexAttribArray(1);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glEnableVertexAttribArray(2);
   api_glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 0, adj_col);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDrawArrays(GL_LINES_ADJACENCY, 0, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   unsigned bad = compare_frame(driver, expect_adjacency, NULL, 1);
   CHECK(bad == 0, "%s: %u pixels of the adjacency quads differ", driver, bad);
   /* GL_LINE_STRIP_ADJACENCY gives the same primitive type */
   api_glDrawArrays(GL_LINE_STRIP_ADJACENCY, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* and glBegin(GL_LINES_ADJACENCY): the second primitive alone */
   api_glDisableVertexAttribArray(1);
   api_glDisableVertexAttribArray(2);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_LINES_ADJACENCY);
   for (unsigned i = 4; i < 8; i++) {
      api_glVertexAttrib4fv(2, adj_col[i]);
      api_glVertexAttrib2f(1, pos[i][0], pos[i][1]);
      api_glVertex2f(0.0f, 0.0f);
   }
   api_glEnd();
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte px[4];
   read_px(9, 3, px);      /* first quad of the second primitive: v4's colour */
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255 && px[3] == 255,
         "%s: glBegin: %d %d %d %d", driver, px[0], px[1], px[2], px[3]);
   read_px(2, 3, px);      /* the first primitive was not drawn */
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 0,
         "%s: glBegin: %d %d %d %d", driver, px[0], px[1], px[2], px[3]);
   read_px(14, 5, px);     /* second quad: v7's colour */
   CHECK(px[0] == 255 && px[1] == 255 && px[2] == 0 && px[3] == 255,
         "%s: glBegin: %d %d %d %d", driver, px[0], px[1], px[2], px[3]);
   api_glEnableVertexAttribArray(1);
   api_glEnableVertexAttribArray(2);
   api_glDrawArrays(GL_LINES, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDisableVertexAttribArray(1);
   api_glDisableVertexAttribArray(2);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
}

/* Scene 3: transform feedback of the geometry shader's outputs (GL 3.2
 * section 2.16: the last stage's), two points out per point in. */
static const char gs_xfb[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 2) out;\n"
   "out float val;\n"
   "void main() {\n"
   "   for (int k = 0; k < 2; k++) {\n"
   "      gl_Position = gl_in[0].gl_Position;\n"
   "      val = float(gl_PrimitiveIDIn * 10 + k) + gl_in[0].gl_Position.x;\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static void
test_xfb(void)
{
   GLuint p = api_glCreateProgram();
   const char *src[2] = { vs_pass, gs_xfb };
   const GLenum type[2] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      GLuint s = api_glCreateShader(type[i]);
      api_glShaderSource(s, 1, &src[i], NULL);
      api_glCompileShader(s);
      api_glAttachShader(p, s);
      api_glDeleteShader(s);
   }
   api_glBindAttribLocation(p, 1, "pos");
   const char *names[1] = { "val" };
   api_glTransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
   api_glLinkProgram(p);
   char log[1024] = "";
   api_glGetProgramInfoLog(p, sizeof log, NULL, log);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_TRUE, "%s", log);
   GLuint buf;
   api_glGenBuffers(1, &buf);
   api_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   float init[8];
   for (unsigned i = 0; i < 8; i++)
      init[i] = -1.0f;
   api_glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof init, init, GL_STATIC_READ);
   api_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   float pos[3][2] = { { 0.25f, 0 }, { 0.5f, 0 }, { 0.75f, 0 } };
   api_glEnableVertexAttribArray(1);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, pos);
   api_glUseProgram(p);
   api_glEnable(GL_RASTERIZER_DISCARD);
   api_glBeginTransformFeedback(GL_POINTS);
   api_glDrawArrays(GL_POINTS, 0, 3);
   api_glEndTransformFeedback();
   api_glDisable(GL_RASTERIZER_DISCARD);
   CHECK_GL_ERROR(GL_NO_ERROR);
   float got[8];
   api_glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof got, got);
   for (unsigned i = 0; i < 8; i++) {
      float want = i < 6 ? (float)((i / 2) * 10 + i % 2) + pos[i / 2][0] : -1.0f;
      CHECK(got[i] == want, "captured value %u is %g, expected %g", i, got[i], want);
   }
   api_glDisableVertexAttribArray(1);
   api_glUseProgram(0);
   api_glDeleteProgram(p);
   api_glDeleteBuffers(1, &buf);
}

/* Scene 4: gl_PrimitiveID without a geometry shader (GLSL 1.50 section
 * 7.1: the number of the primitive in the draw, from 0).  A strip of ten
 * vertices, bottom (y 0) and top (y 4) in turn at x = 0, 4, ... 16, drawn
 * in two instances (the second 8 rows up): triangle 2k is the lower-left
 * half of column k (x 4k..4k+4), 2k + 1 the upper-right half, numbered
 * from 0 in each instance; then four quads (rows 4..8), one number each.
 * The fragment shader writes red (10 + 20 id) / 255; the pixels whose
 * centre is on a diagonal are not compared. */
static const char vs_prim_id[] =
   "#version 150\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos.x, pos.y + float(gl_InstanceID), 0.0, 1.0); }\n";

static const char fs_no_gs_prim_id[] =
   "#version 150\n"
   "out vec4 frag;\n"
   "void main() { frag = vec4(float(10 + 20 * gl_PrimitiveID) / 255.0, 0.0, 0.0, 1.0); }\n";

static void
test_prim_id_no_gs(const char *driver)
{
   GLuint p = test_linked_program(vs_prim_id, NULL, fs_no_gs_prim_id);
   float strip[10][2], quads[16][2];
   for (unsigned i = 0; i < 10; i++) {
      strip[i][0] = clip_x(4.0f * (float)(i / 2));
      strip[i][1] = clip_y(i % 2 ? 4.0f : 0.0f);
   }
   for (unsigned q = 0; q < 4; q++) {
      static const float corner[4][2] = { { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } };
      for (unsigned c = 0; c < 4; c++) {
         quads[4 * q + c][0] = clip_x(4.0f * (float)q + corner[c][0]);
         quads[4 * q + c][1] = clip_y(4.0f + corner[c][1]);
      }
   }
   api_glUseProgram(p);
   api_glClearColor(0, 0, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glEnableVertexAttribArray(1);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, strip);
   api_glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 10, 2);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, quads);
   api_glDrawArrays(GL_QUADS, 0, 16);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDisableVertexAttribArray(1);
   api_glUseProgram(0);
   api_glDeleteProgram(p);

   unsigned bad = 0, compared = 0;
   for (int y = 0; y < 12; y++) {
      for (int x = 0; x < W; x++) {
         int lx = x % 4, ly = y % 4, id;
         if (y >= 4 && y < 8)
            id = x / 4;                       /* quad k */
         else if (lx + ly == 3)
            continue;                         /* centre on the diagonal */
         else
            id = 2 * (x / 4) + (lx + ly > 3); /* lower-left 2k, upper-right 2k + 1 */
         GLubyte px[4];
         read_px(x, y, px);
         compared++;
         if (px[0] != 10 + 20 * id || px[1] || px[2] || px[3] != 255) {
            if (bad++ < 4)
               fprintf(stderr, "%s: pixel (%d, %d) is %d %d %d %d, expected gl_PrimitiveID "
                       "%d (red %d)\n", driver, x, y, px[0], px[1], px[2], px[3], id,
                       10 + 20 * id);
         }
      }
   }
   /* (eight 4x4 blocks of the strips without their 4 diagonal pixels) */
   CHECK(compared == 12 * W - 8 * 4 && bad == 0,
         "%s: gl_PrimitiveID without a geometry shader: %u of %u pixels differ", driver, bad,
         compared);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   const char *v = (const char *)api_glGetString(GL_VERSION);
   CHECK(v && !strncmp(v, "3.2", 3), "GL_VERSION %s", v ? v : "(null)");
   if (first) {
      test_queries();
      test_xfb();
   }
   test_squares(driver);
   test_adjacency(driver);
   test_prim_id_no_gs(driver);
}

int
main(void)
{
   test_not_offered();
   test_on_each_driver("st_test_gs", "3.2", W, H, run);
   return st_test_finish("st_test_gs");
}
