/*
 * Layered rendering (GL 3.2 sections 4.4.2, 4.4.4, 4.4.7; gl_Layer of
 * GLSL 1.50): glFramebufferTexture and its absence below 3.2, its errors,
 * GL_FRAMEBUFFER_ATTACHMENT_LAYERED, the completeness rule
 * GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS; then on refpipe and jitpipe:
 * glClear and glClearBuffer of a layered 2D array clearing every layer,
 * a geometry shader sending one quad per layer (colour and height of its
 * own) into a 2D array with a layered depth array (the depth test reading
 * each layer's own depth), the six faces of a cube map, a 3D texture's
 * slices, gl_Layer ignored by a framebuffer that is not layered and out of
 * range going to layer 0, and glBlitFramebuffer reading layer 0; depth
 * cube maps (GL 3.0) as layered depth attachments and copied into.
 * Every expected pixel is computed here from the quads' rows: the quads'
 * edges are on pixel boundaries, so each pixel centre is inside or out.
 */
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

/* ---- programs -------------------------------------------------------------- */

static const char vs_src[] =
   "#version 150\n"
   "in vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";

/* One point in; `count` quads out, quad i into layer first + i.  Quad i
 * covers every column and rows [0, 2 + 2 (first + i)) (rows [span.x,
 * span.y) when span.y > 0) at clip z `z`, coloured layer_color(i) unless
 * over.a > 0. */
static const char gs_src[] =
   "#version 150\n"
   "layout(points) in;\n"
   "layout(triangle_strip, max_vertices = 24) out;\n"
   "uniform int first;\n"
   "uniform int count;\n"
   "uniform ivec2 span;\n"
   "uniform float z;\n"
   "uniform vec4 over;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   for (int i = 0; i < count; i++) {\n"
   "      int l = first + i;\n"
   "      float y0 = span.y > 0 ? float(span.x) : 0.0;\n"
   "      float y1 = span.y > 0 ? float(span.y) : float(2 + 2 * l);\n"
   "      y0 = -1.0 + y0 * 0.25;\n"
   "      y1 = -1.0 + y1 * 0.25;\n"
   "      vec4 c = over.a > 0.0 ? over\n"
   "             : vec4(float(i + 1) * 0.2, 0.0, 1.0 - float(i) * 0.2, 1.0);\n"
   "      gl_Position = vec4(-1.0, y0, z, 1.0); gl_Layer = l; color = c; EmitVertex();\n"
   "      gl_Position = vec4(1.0, y0, z, 1.0); gl_Layer = l; color = c; EmitVertex();\n"
   "      gl_Position = vec4(-1.0, y1, z, 1.0); gl_Layer = l; color = c; EmitVertex();\n"
   "      gl_Position = vec4(1.0, y1, z, 1.0); gl_Layer = l; color = c; EmitVertex();\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";

static const char fs_src[] =
   "#version 150\n"
   "in vec4 color;\n"
   "out vec4 frag;\n"
   "void main() { frag = color; }\n";

static GLuint prog;

/* Quads into layers first .. first + count - 1 (see gs_src). */
static void
draw_layers(int first, int count, int span0, int span1, float z, const float *over)
{
   static const float zero[4] = { 0, 0, 0, 0 };
   static const float point[2] = { 0.0f, 0.0f };
   api_glUseProgram(prog);
   api_glUniform1i(api_glGetUniformLocation(prog, "first"), first);
   api_glUniform1i(api_glGetUniformLocation(prog, "count"), count);
   api_glUniform2i(api_glGetUniformLocation(prog, "span"), span0, span1);
   api_glUniform1f(api_glGetUniformLocation(prog, "z"), z);
   api_glUniform4fv(api_glGetUniformLocation(prog, "over"), 1, over ? over : zero);
   api_glEnableVertexAttribArray(1);
   api_glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, point);
   api_glDrawArrays(GL_POINTS, 0, 1);
   api_glDisableVertexAttribArray(0);
   api_glUseProgram(0);
}

/* The colour quad i of a draw has, as RGBA bytes. */
static void
quad_color(int i, GLubyte out[4])
{
   out[0] = (GLubyte)lrintf((float)(i + 1) * 0.2f * 255.0f);
   out[1] = 0;
   out[2] = (GLubyte)lrintf((1.0f - (float)i * 0.2f) * 255.0f);
   out[3] = 255;
}

/* ---- reading layers back ------------------------------------------------------- */

static GLuint read_fbo;

/* Attach layer `layer` of tex (a cube map's face `layer`) for reading. */
static void
read_layer(GLenum target, GLuint tex, int layer)
{
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
   if (target == GL_TEXTURE_CUBE_MAP)
      api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                 GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)layer, tex, 0);
   else
      api_glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
   api_glReadBuffer(GL_COLOR_ATTACHMENT0);
}

/* Pixels of layer `layer` of tex that differ from expect(x, y) by more
 * than 1 in a component (the first one reported). */
static unsigned
compare_layer(const char *what, GLenum target, GLuint tex, int layer,
              void (*expect)(int layer, int x, int y, GLubyte out[4]))
{
   read_layer(target, tex, layer);
   GLubyte px[H][W][4];
   memset(px, 0x55, sizeof px);
   api_glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         GLubyte e[4];
         expect(layer, x, y, e);
         bool ok = true;
         for (unsigned c = 0; c < 4; c++)
            ok = ok && abs(px[y][x][c] - e[c]) <= 1;
         if (!ok && !bad++)
            fprintf(stderr, "%s: layer %d pixel (%d,%d) = %u %u %u %u, expected %u %u %u %u\n",
                    what, layer, x, y, px[y][x][0], px[y][x][1], px[y][x][2], px[y][x][3],
                    e[0], e[1], e[2], e[3]);
      }
   }
   return bad;
}

/* ---- not below GL 3.2 ---------------------------------------------------------- */

static void
test_not_offered(void)
{
   struct test_env e;
   if (!test_env_init_on(&e, "refpipe", "3.1", W, H)) {
      CHECK(0, "no GL 3.1 context");
      test_env_fini(&e);
      return;
   }
   GLuint fbo, tex;
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, W, H, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   GL(glFramebufferTexture, GLenum, GLenum, GLuint, GLint)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                                           tex, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = -777;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(v, -777);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteTextures(1, &tex);
   test_env_fini(&e);
}

/* ---- attachments, queries, completeness ----------------------------------------- */

static GLuint
make_tex(GLenum target, GLenum ifmt, int layers)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(target, t);
   api_glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   bool depth = ifmt == GL_DEPTH_COMPONENT24;
   GLenum fmt = depth ? GL_DEPTH_COMPONENT : GL_RGBA;
   GLenum type = depth ? GL_FLOAT : GL_UNSIGNED_BYTE;
   switch (target) {
   case GL_TEXTURE_2D:
      api_glTexImage2D(target, 0, (GLint)ifmt, W, H, 0, fmt, type, NULL);
      break;
   case GL_TEXTURE_CUBE_MAP:
      for (GLenum f = 0; f < 6; f++)
         api_glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, (GLint)ifmt, W, H, 0, fmt,
                          type, NULL);
      break;
   default:
      api_glTexImage3D(target, 0, (GLint)ifmt, W, H, layers, 0, fmt, type, NULL);
      break;
   }
   CHECK_GL_ERROR(GL_NO_ERROR);
   return t;
}

#define FB_TEXTURE GL(glFramebufferTexture, GLenum, GLenum, GLuint, GLint)

static GLint
attachment_iv(GLenum attachment, GLenum pname)
{
   GLint v = -777;
   api_glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
   return v;
}

static void
test_attachments(void)
{
   GLuint fbo;
   api_glGenFramebuffers(1, &fbo);
   GLuint arr2 = make_tex(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 2);
   GLuint arr4 = make_tex(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 4);
   GLuint arr6 = make_tex(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 6);
   GLuint cube = make_tex(GL_TEXTURE_CUBE_MAP, GL_RGBA8, 6);
   GLuint tex2d = make_tex(GL_TEXTURE_2D, GL_RGBA8, 1);
   GLuint tex3d = make_tex(GL_TEXTURE_3D, GL_RGBA8, 4);
   GLuint zarr = make_tex(GL_TEXTURE_2D_ARRAY, GL_DEPTH_COMPONENT24, 2);
   GLuint rb;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);

   /* the default framebuffer takes no attachment; bad targets, names, levels */
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr2, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   FB_TEXTURE(GL_TEXTURE_2D, GL_COLOR_ATTACHMENT0, arr2, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4321, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr2, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_DEPTH, arr2, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
                GL_NONE);

   /* layered: an array, every layer; queries */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr2, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED), GL_TRUE);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER), 0);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME),
                (GLint)arr2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* one layer of it: not layered */
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr2, 0, 1);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED),
                GL_FALSE);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER), 1);
   /* a 2D texture through glFramebufferTexture: its image, not layered */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED),
                GL_FALSE);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   /* cube maps and 3D textures are layered; a cube's face query is 0 */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED), GL_TRUE);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0,
                              GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE), 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex3d, 0);
   CHECK_EQ_INT(attachment_iv(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED), GL_TRUE);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   /* LAYERED is a texture attachment's parameter only */
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   CHECK_EQ_INT(attachment_iv(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_LAYERED), -777);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* completeness (GL 3.2 4.4.4) */
   /* layered colour with a renderbuffer depth: not all layered */
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   /* with a layered depth array instead: complete (the counts differ: 4, 2) */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, zarr, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
   /* a layered and a non-layered colour attachment */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr2, 0);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, arr4, 0, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   /* both layered, two layer counts: complete (GL 3.2 dropped the count rule) */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, arr4, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   /* both layered, one cube map, one six-layer array: two targets */
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, arr6, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER),
                GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
   /* drawing into an incomplete framebuffer */
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   /* non-layered attachments of different targets stay complete */
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, cube, 0);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex2d, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   GLuint texs[7] = { arr2, arr4, arr6, cube, tex2d, tex3d, zarr };
   api_glDeleteTextures(7, texs);
   api_glDeleteRenderbuffers(1, &rb);
}

/* ---- rendering -------------------------------------------------------------------- */

static const GLubyte clear_rgba[4] = { 0, 255, 0, 255 };   /* glClearColor(0, 1, 0, 1) */
static const float over_f[4] = { 1.0f, 1.0f, 0.0f, 1.0f };

/* a layered 2D array of 3 layers after clear + draw_layers(0, 3) */
static void
expect_three(int layer, int x, int y, GLubyte out[4])
{
   (void)x;
   if (y < 2 + 2 * layer)
      quad_color(layer, out);
   else
      memcpy(out, clear_rgba, 4);
}

/* ... then a quad over all rows of layer 1 at window depth 0.8 */
static void
expect_depth(int layer, int x, int y, GLubyte out[4])
{
   expect_three(layer, x, y, out);
   if (layer == 1 && y >= 4) {   /* rows [0, 4) have depth 0.5 there: kept */
      out[0] = out[1] = 255;
      out[2] = 0;
   }
}

static void
expect_cleared(int layer, int x, int y, GLubyte out[4])
{
   (void)layer;
   (void)x;
   (void)y;
   memcpy(out, clear_rgba, 4);
}

/* the GL_RGBA8 texels glTexSubImage put in layer l before the clears */
static void
expect_filled(int layer, int x, int y, GLubyte out[4])
{
   (void)x;
   (void)y;
   out[0] = (GLubyte)(40 * layer + 10);
   out[1] = 7;
   out[2] = 9;
   out[3] = 200;
}

static void
fill_layers(GLuint tex, int layers)
{
   static GLubyte texels[6][H][W][4];
   for (int l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            expect_filled(l, x, y, texels[l][y][x]);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   api_glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, W, H, layers, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels);
}

/* window depth of pixel (2, 5) of layer `layer` of a depth array */
static float
read_depth(GLuint zarr, int layer)
{
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
   api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
   api_glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, zarr, 0, layer);
   float d = -1.0f;
   api_glReadPixels(2, 5, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   api_glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 0, 0, 0);
   return d;
}

static void
test_rendering(const char *driver)
{
   prog = test_linked_program(vs_src, gs_src, fs_src);   /* pos at attribute 1 */
   api_glGenFramebuffers(1, &read_fbo);
   GLuint fbo;
   api_glGenFramebuffers(1, &fbo);
   api_glViewport(0, 0, W, H);
   api_glClearColor(0, 1, 0, 1);

   /* -- glClear and glClearBuffer clear every layer -- */
   GLuint arr = make_tex(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 3);
   GLuint zarr = make_tex(GL_TEXTURE_2D_ARRAY, GL_DEPTH_COMPONENT24, 3);
   fill_layers(arr, 3);
   unsigned bad = 0;
   for (int l = 0; l < 3; l++)
      bad += compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, l, expect_filled);
   CHECK(bad == 0, "%s: %u texels not filled", driver, bad);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, zarr, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glClearDepth(0.25);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   bad = 0;
   for (int l = 0; l < 3; l++)
      bad += compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, l, expect_cleared);
   CHECK(bad == 0, "%s: glClear left %u pixels of the layers", driver, bad);
   for (int l = 0; l < 3; l++)
      CHECK(fabsf(read_depth(zarr, l) - 0.25f) < 1e-5f, "%s: depth layer %d not cleared",
            driver, l);
   fill_layers(arr, 3);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   const float green[4] = { 0, 1, 0, 1 };
   api_glClearBufferfv(GL_COLOR, 0, green);
   const float one = 1.0f;
   api_glClearBufferfv(GL_DEPTH, 0, &one);
   CHECK_GL_ERROR(GL_NO_ERROR);
   bad = 0;
   for (int l = 0; l < 3; l++)
      bad += compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, l, expect_cleared);
   CHECK(bad == 0, "%s: glClearBuffer left %u pixels of the layers", driver, bad);
   for (int l = 0; l < 3; l++)
      CHECK(fabsf(read_depth(zarr, l) - 1.0f) < 1e-5f, "%s: depth layer %d not cleared",
            driver, l);

   /* -- one quad per layer, each layer's own depth -- */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glEnable(GL_DEPTH_TEST);
   api_glDepthFunc(GL_LESS);
   draw_layers(0, 3, 0, 0, 0.0f, NULL);   /* window depth 0.5 */
   CHECK_GL_ERROR(GL_NO_ERROR);
   bad = 0;
   for (int l = 0; l < 3; l++)
      bad += compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, l, expect_three);
   CHECK(bad == 0, "%s: %u pixels of the layered quads differ", driver, bad);
   CHECK(fabsf(read_depth(zarr, 2) - 0.5f) < 1e-5f, "%s: layer 2's depth not written", driver);
   CHECK(fabsf(read_depth(zarr, 1) - 1.0f) < 1e-5f, "%s: layer 1's row 5 written", driver);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   draw_layers(1, 1, 0, 8, 0.6f, over_f);   /* window depth 0.8, layer 1 */
   api_glDisable(GL_DEPTH_TEST);
   bad = 0;
   for (int l = 0; l < 3; l++)
      bad += compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, l, expect_depth);
   CHECK(bad == 0, "%s: %u pixels differ after the depth-tested quad", driver, bad);

   /* -- gl_Layer out of range: layer 0 (GL: undefined), never outside -- */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 0, 0);
   api_glClear(GL_COLOR_BUFFER_BIT);
   draw_layers(3, 1, 0, 2, 0.0f, over_f);
   draw_layers(-1, 1, 6, 8, 0.0f, over_f);
   CHECK_GL_ERROR(GL_NO_ERROR);
   read_layer(GL_TEXTURE_2D_ARRAY, arr, 0);
   CHECK_PX_RGB(3, 0, 255, 255, 0, 1);
   CHECK_PX_RGB(3, 7, 255, 255, 0, 1);
   CHECK_PX_RGB(3, 4, 0, 255, 0, 1);
   bad = compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, 1, expect_cleared) +
         compare_layer(driver, GL_TEXTURE_2D_ARRAY, arr, 2, expect_cleared);
   CHECK(bad == 0, "%s: out-of-range layers wrote %u pixels of layers 1, 2", driver, bad);

   /* -- not layered: gl_Layer ignored, the attached layer drawn -- */
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   draw_layers(2, 1, 0, 4, 0.0f, over_f);
   read_layer(GL_TEXTURE_2D_ARRAY, arr, 1);
   CHECK_PX_RGB(5, 3, 255, 255, 0, 1);
   CHECK_PX_RGB(5, 4, 0, 255, 0, 1);
   read_layer(GL_TEXTURE_2D_ARRAY, arr, 2);
   CHECK_PX_RGB(5, 3, 0, 255, 0, 1);   /* the clear of the layered framebuffer above */

   /* -- glBlitFramebuffer: layer 0 of a layered read framebuffer -- */
   fill_layers(arr, 3);
   GLuint dst = make_tex(GL_TEXTURE_2D, GL_RGBA8, 1);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   api_glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
   GLuint src_fbo;
   api_glGenFramebuffers(1, &src_fbo);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, src_fbo);
   FB_TEXTURE(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
   api_glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   GLubyte e0[4];
   expect_filled(0, 0, 0, e0);
   CHECK_PX_RGB(4, 4, e0[0], e0[1], e0[2], 0);
   api_glDeleteFramebuffers(1, &src_fbo);
   api_glDeleteTextures(1, &dst);

   /* -- a cube map: gl_Layer f is face f (table 4.12); with a depth cube
    * map (GL 3.0), cleared on every face -- */
   GLuint cube = make_tex(GL_TEXTURE_CUBE_MAP, GL_RGBA8, 6);
   GLuint zcube = make_tex(GL_TEXTURE_CUBE_MAP, GL_DEPTH_COMPONENT24, 6);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, zcube, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glClearDepth(0.75);
   api_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 0, 0);
   for (GLenum f = 0; f < 6; f += 5) {
      api_glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
      api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                 GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, zcube, 0);
      float d = -1.0f;
      api_glReadPixels(6, 6, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
      CHECK(fabsf(d - 0.75f) < 1e-5f, "%s: depth cube face %u: %g", driver, f, d);
      api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
   }
   /* glCopyTexImage2D of depth into a depth cube map's face (GL 3.0) */
   GLuint zcopy = make_tex(GL_TEXTURE_CUBE_MAP, GL_DEPTH_COMPONENT24, 6);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fbo);
   api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                              GL_TEXTURE_CUBE_MAP_POSITIVE_Z, zcube, 0);
   api_glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_DEPTH_COMPONENT24, 0, 0, W, H, 0);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                              GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, zcopy, 0);
   float dc = -1.0f;
   api_glReadPixels(3, 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dc);
   CHECK(fabsf(dc - 0.75f) < 1e-5f, "%s: copied depth cube face: %g", driver, dc);
   api_glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
   api_glDeleteTextures(1, &zcopy);
   api_glDeleteTextures(1, &zcube);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   draw_layers(0, 3, 0, 0, 0.0f, NULL);   /* faces 0..2: rows 2, 4, 6 */
   draw_layers(3, 3, 0, 0, 0.0f, NULL);   /* faces 3..5: all rows, colours of i = 0..2 */
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int f = 0; f < 6; f++) {
      GLubyte c[4];
      quad_color(f % 3, c);
      read_layer(GL_TEXTURE_CUBE_MAP, cube, f);
      int rows = 2 + 2 * f < H ? 2 + 2 * f : H;
      CHECK_PX_RGB(1, rows - 1, c[0], c[1], c[2], 1);
      if (rows < H)
         CHECK_PX_RGB(1, rows, 0, 255, 0, 1);
   }

   /* -- a 3D texture's slices -- */
   GLuint vol = make_tex(GL_TEXTURE_3D, GL_RGBA8, 4);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   FB_TEXTURE(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 0);
   CHECK_EQ_INT(api_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   api_glClear(GL_COLOR_BUFFER_BIT);
   draw_layers(2, 1, 0, 0, 0.0f, NULL);   /* slice 2: rows [0, 6), colour of i = 0 */
   GLubyte c0[4];
   quad_color(0, c0);
   read_layer(GL_TEXTURE_3D, vol, 2);
   CHECK_PX_RGB(6, 5, c0[0], c0[1], c0[2], 1);
   CHECK_PX_RGB(6, 6, 0, 255, 0, 1);
   for (int s = 0; s < 4; s += 3) {
      read_layer(GL_TEXTURE_3D, vol, s);
      CHECK_PX_RGB(6, 1, 0, 255, 0, 1);
   }
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteFramebuffers(1, &read_fbo);
   GLuint texs[4] = { arr, zarr, cube, vol };
   api_glDeleteTextures(4, texs);
   api_glDeleteProgram(prog);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)e;
   if (first)
      test_attachments();
   test_rendering(driver);
}

int
main(void)
{
   test_not_offered();
   test_on_each_driver("st_test_layered", "3.2", W, H, run);
   return st_test_finish("st_test_layered");
}
