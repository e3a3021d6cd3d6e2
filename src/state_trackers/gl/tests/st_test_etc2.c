/*
 * ETC2 / EAC textures in OpenGL ES 3.0 contexts (PONY_GLES_VERSION_OVERRIDE=3.0),
 * on refpipe and jitpipe: glCompressedTexImage2D of one RGB8 block and
 * glCompressedTexImage3D of a two-layer 2D array (RGBA8, punch-through
 * block), each texel drawn with texelFetch and read back; the compressed
 * format list of ES 3.0; the errors: no ETC2 in desktop contexts
 * (GL_INVALID_ENUM), no uncompressed data or copies into them and no 3D
 * textures (GL_INVALID_OPERATION), a wrong image size (GL_INVALID_VALUE).
 *
 * The blocks are those of tests/unit/test_etc.c, whose comments derive
 * the texels by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"

#define W 4
#define H 4

/* differential mode, flipped: texels (x, y) listed below */
static const uint8_t diff_block[8] = { 0x52, 0xff, 0x03, 0x33, 0x10, 0x40, 0x10, 0x08 };
/* the same, punch-through with opaque 0: (1,2) transparent, (0,0) base 1 */
static const uint8_t punch_block[8] = { 0x52, 0xff, 0x03, 0x31, 0x10, 0x40, 0x10, 0x08 };

static const char *vs =
   "#version 300 es\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs2d =
   "#version 300 es\nprecision mediump float;\nuniform mediump sampler2D t;\nout vec4 c;\n"
   "void main() { c = texelFetch(t, ivec2(gl_FragCoord.xy), 0); }\n";
static const char *fsarray =
   "#version 300 es\nprecision mediump float;\nuniform mediump sampler2DArray t;\n"
   "uniform int layer;\nout vec4 c;\n"
   "void main() { c = texelFetch(t, ivec3(ivec2(gl_FragCoord.xy), layer), 0); }\n";

/* the whole window, cleared to mid grey first, drawn by program p */
static void
draw(GLuint p)
{
   api_glViewport(0, 0, W, H);
   api_glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_draw_viewport_quad(p);
}

#define CHECK_PX_RGBA(x, y, r, g, b, a)                                                    \
   do {                                                                                   \
      GLubyte q_[4];                                                                      \
      test_read_px((x), (y), q_);                                                         \
      CHECK(q_[0] == (r) && q_[1] == (g) && q_[2] == (b) && q_[3] == (a),                 \
            "%s: pixel (%d,%d) = %u,%u,%u,%u, expected %d,%d,%d,%d", driver, (x), (y),     \
            q_[0], q_[1], q_[2], q_[3], (r), (g), (b), (a));                              \
   } while (0)

static void
test_es3(struct test_env *e, const char *driver)
{
   struct st_context *es3 = test_es_context(e, 3, NULL);
   CHECK(es3 != NULL, "%s: ES 3.0 context", driver);
   if (!es3)
      return;

   /* the ten ES 3.0 formats are listed */
   GLint n = test_get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS);
   GLint fmts[32];
   CHECK(n >= 10 && n <= 32, "%s: %d compressed formats", driver, n);
   memset(fmts, 0, sizeof fmts);
   api_glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
   unsigned etc = 0;
   for (GLint i = 0; i < n && i < 32; i++)
      etc += fmts[i] >= GL_COMPRESSED_R11_EAC && fmts[i] <= GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC;
   CHECK(etc == 10, "%s: %u ETC2/EAC formats listed", driver, etc);

   /* one RGB8 block, every texel fetched */
   GLuint tex[2];
   api_glGenTextures(2, tex);
   api_glBindTexture(GL_TEXTURE_2D, tex[0]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);   /* one level */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, diff_block);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint p = test_make_program(vs, NULL, fs2d, NULL, 0);
   CHECK(test_program_iv(p, GL_LINK_STATUS) == GL_TRUE, "%s: 2D program", driver);
   draw(p);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGBA(0, 0, 87, 255, 5, 255);
   CHECK_PX_RGBA(3, 0, 65, 238, 0, 255);
   CHECK_PX_RGBA(0, 3, 159, 255, 84, 255);
   CHECK_PX_RGBA(1, 2, 81, 229, 6, 255);

   /* errors: a wrong size, uncompressed data, a copy, a 3D texture, a
    * sub-image of another format */
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 16, diff_block);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 0, 0, 4, 4, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_R11_EAC, 8,
                                 diff_block);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_3D, tex[1]);
   api_glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 1, 0, 8,
                              diff_block);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &tex[1]);

   /* a 2D array of two RGBA8 layers (EAC alpha: base 255, every index 4 of
    * table 13, which adds 0), the second replaced by
    * glCompressedTexSubImage3D with the same colour and alpha base 0 */
   uint8_t layers[32];
   static const uint8_t alpha255[8] = { 0xff, 0x0d, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24 };
   static const uint8_t alpha0[8] = { 0x00, 0x0d, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24 };
   memcpy(layers, alpha255, 8);
   memcpy(layers + 8, diff_block, 8);
   memcpy(layers + 16, alpha255, 8);
   memcpy(layers + 24, diff_block, 8);
   GLuint arr;
   api_glGenTextures(1, &arr);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 2, 0,
                              32, layers);
   CHECK_GL_ERROR(GL_NO_ERROR);
   memcpy(layers, alpha0, 8);
   api_glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 4, 4, 1,
                                 GL_COMPRESSED_RGBA8_ETC2_EAC, 16, layers);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint pa = test_make_program(vs, NULL, fsarray, NULL, 0);
   CHECK(test_program_iv(pa, GL_LINK_STATUS) == GL_TRUE, "%s: array program", driver);
   api_glUseProgram(pa);
   api_glUniform1i(api_glGetUniformLocation(pa, "layer"), 0);
   draw(pa);
   CHECK_PX_RGBA(3, 0, 65, 238, 0, 255);
   api_glUseProgram(pa);   /* (draw unbinds it) */
   api_glUniform1i(api_glGetUniformLocation(pa, "layer"), 1);
   draw(pa);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PX_RGBA(3, 0, 65, 238, 0, 0);

   /* punch-through in 2D: transparent black and base 1 */
   api_glBindTexture(GL_TEXTURE_2D, tex[0]);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 4,
                              4, 0, 8, punch_block);
   CHECK_GL_ERROR(GL_NO_ERROR);
   draw(p);
   CHECK_PX_RGBA(1, 2, 0, 0, 0, 0);
   CHECK_PX_RGBA(0, 0, 82, 255, 0, 255);

   api_glDeleteProgram(p);
   api_glDeleteProgram(pa);
   api_glDeleteTextures(1, &tex[0]);
   api_glDeleteTextures(1, &arr);
   test_es_context_done(e, es3);
}

/* A desktop GL 3.3 context offers no ETC2 (ARB_ES3_compatibility is not
 * offered): GL_INVALID_ENUM, and the compressed format list has none. */
static void
test_desktop(const char *driver)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, diff_block);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK(api_glGetError() != GL_NO_ERROR, "%s: desktop glTexImage2D of ETC2", driver);
   GLint n = test_get_int(GL_NUM_COMPRESSED_TEXTURE_FORMATS), fmts[32];
   memset(fmts, 0, sizeof fmts);
   api_glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, fmts);
   for (GLint i = 0; i < n && i < 32; i++)
      CHECK(fmts[i] < GL_COMPRESSED_R11_EAC || fmts[i] > GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
            "%s: desktop lists 0x%x", driver, (unsigned)fmts[i]);
   api_glDeleteTextures(1, &t);
}

static void
run(struct test_env *e, const char *driver, bool first)
{
   (void)first;
   test_desktop(driver);
   test_es3(e, driver);
}

int
main(void)
{
   test_on_each_driver("st_test_etc2", "3.3", W, H, run);
   return st_test_finish("st_test_etc2");
}
