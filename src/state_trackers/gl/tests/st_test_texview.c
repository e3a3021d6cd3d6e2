/*
 * GL_ARB_texture_storage and GL_ARB_texture_view on refpipe: glTexStorage*
 * errors, immutability and its queries, level clamping, proxies, mipmapped
 * drawing of an immutable texture; glTextureView errors and queries (views
 * of views), views with their own level/layer range sampled by fixed
 * function, format reinterpretation (RGBA8 read as SRGB8_ALPHA8 and as
 * R32F), uploads, clears and render-to-texture through either object seen
 * by the other, and the data store outliving the original.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"
#include "st_texture.h"

#define W 16
#define H 16

static GLint
tex_param(GLenum target, GLenum pname)
{
   GLint v = -12345;
   api_glGetTexParameteriv(target, pname, &v);
   return v;
}

/* Fill level 'level' (w x h, 'layers' layers of a 2D array or 1 image)
 * with one colour per layer. */
static void
fill(GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei layers, const GLubyte (*col)[4])
{
   GLubyte *buf = malloc((size_t)w * (size_t)h * (size_t)layers * 4);
   for (GLsizei l = 0; l < layers; l++)
      for (GLsizei i = 0; i < w * h; i++)
         memcpy(buf + ((size_t)l * (size_t)(w * h) + (size_t)i) * 4, col[l], 4);
   if (target == GL_TEXTURE_2D_ARRAY_EXT)
      api_glTexSubImage3D(target, level, 0, 0, 0, w, h, layers, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   else
      api_glTexSubImage2D(target, level, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   free(buf);
}

static void
test_storage_errors(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   /* the default object */
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexStorage2D(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage1D(GL_TEXTURE_2D, 1, GL_RGBA8, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4);      /* unsized */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, 0x1234, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4);     /* log2(4) + 1 = 3 */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, ST_MAX_TEXTURE_SIZE + 1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT) == GL_FALSE,
         "still mutable after errors");
   api_glTexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 4, 8);     /* max(w, h) counts: 4 */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* immutable now: every image specification command refuses */
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 8);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 8, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   static const GLubyte block[8] = { 0 };
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8,
                              block);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* sub images still work; beyond the levels there is no image */
   GLubyte px[4] = { 1, 2, 3, 4 };
   api_glTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexSubImage2D(GL_TEXTURE_2D, 4, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &t);

   /* per-target level limits and shapes */
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_RECTANGLE_ARB, t);
   api_glTexStorage2D(GL_TEXTURE_RECTANGLE_ARB, 2, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glDeleteTextures(1, &t);
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t);
   api_glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexStorage2D(GL_TEXTURE_CUBE_MAP, 3, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(tex_param(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_VIEW_NUM_LAYERS) == 6, "cube layers");
   CHECK(test_level_param(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 2, GL_TEXTURE_WIDTH) == 1,
         "cube face level 2 width");
   api_glDeleteTextures(1, &t);
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t);
   api_glTexStorage2D(GL_TEXTURE_1D_ARRAY_EXT, 4, GL_RGBA8, 8, 64);   /* layers don't count */
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_level_param(GL_TEXTURE_1D_ARRAY_EXT, 3, GL_TEXTURE_WIDTH) == 1 &&
         test_level_param(GL_TEXTURE_1D_ARRAY_EXT, 3, GL_TEXTURE_HEIGHT) == 64, "1d array level 3");
   CHECK(tex_param(GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_VIEW_NUM_LAYERS) == 64, "1d array layers");
   api_glDeleteTextures(1, &t);
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_3D, t);
   api_glTexStorage3D(GL_TEXTURE_3D, 4, GL_RGBA8, 2, 2, 8);   /* depth counts for 3D */
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_level_param(GL_TEXTURE_3D, 3, GL_TEXTURE_DEPTH) == 1 &&
         test_level_param(GL_TEXTURE_3D, 2, GL_TEXTURE_DEPTH) == 2, "3d depth");
   api_glDeleteTextures(1, &t);
   /* what glTexImage refuses: DXT1 in 3D, depth in 3D */
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_3D, t);
   api_glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTexStorage3D(GL_TEXTURE_3D, 1, GL_DEPTH_COMPONENT24, 4, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   if (ext && strstr(ext, "GL_ARB_texture_compression_bptc")) {   /* BPTC has 3D images */
      api_glTexStorage3D(GL_TEXTURE_3D, 2, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 4, 4);
      CHECK_GL_ERROR(GL_NO_ERROR);
      CHECK_EQ_INT(test_level_param(GL_TEXTURE_3D, 1, GL_TEXTURE_COMPRESSED_IMAGE_SIZE), 2 * 16);
   }
   api_glDeleteTextures(1, &t);

   /* proxies: described, never immutable; a failing proxy is cleared without error */
   api_glTexStorage2D(GL_PROXY_TEXTURE_2D, 3, GL_RGBA8, 16, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_WIDTH) == 4 &&
         test_level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_HEIGHT) == 2 &&
         test_level_param(GL_PROXY_TEXTURE_2D, 3, GL_TEXTURE_WIDTH) == 0 &&
         test_level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8,
         "proxy levels");
   api_glTexStorage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, ST_MAX_TEXTURE_SIZE * 2, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH) == 0, "proxy too large");
}

/* Immutable queries, BASE/MAX_LEVEL clamping, per-level drawing. */
static void
test_storage_draw(void)
{
   static const GLubyte cols[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 } };
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT) == GL_FALSE &&
         tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS) == 0 &&
         tex_param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LEVELS) == 0, "initial state");
   api_glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT) == GL_TRUE, "immutable");
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS) == 4, "immutable levels");
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LEVELS) == 4 &&
         tex_param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_MIN_LEVEL) == 0 &&
         tex_param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LAYERS) == 1, "view state of storage");
   GLfloat f = -1;
   api_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &f);
   CHECK(f == 1.0f, "immutable (float) %f", f);
   CHECK(test_level_param(GL_TEXTURE_2D, 3, GL_TEXTURE_WIDTH) == 1 &&
         test_level_param(GL_TEXTURE_2D, 4, GL_TEXTURE_WIDTH) == 0 &&
         test_level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_INTERNAL_FORMAT) == GL_RGBA8, "levels");
   /* level_max clamped to [level_base, levels - 1], level_base to [0, levels - 1] */
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 10);
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL) == 3, "max level clamped");
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 7);
   CHECK(tex_param(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL) == 3, "base level clamped");
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int l = 0; l < 4; l++)
      fill(GL_TEXTURE_2D, l, 8 >> l, 8 >> l, 1, &cols[l]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   for (int l = 0; l < 4; l++) {
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, l);
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, l);
      api_glClear(GL_COLOR_BUFFER_BIT);
      test_tex_quad(W, H, 0, 0, 1, 1);
      CHECK_PX_RGB(W / 2, H / 2, cols[l][0], cols[l][1], cols[l][2], 0);
   }
   /* glGenerateMipmap fills only the existing levels (issue 22) */
   fill(GL_TEXTURE_2D, 0, 8, 8, 1, &cols[2]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
   api_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(test_level_param(GL_TEXTURE_2D, 4, GL_TEXTURE_WIDTH) == 0, "no level 4 generated");
   GLubyte l3[4] = { 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, l3);
   CHECK(l3[0] == 0 && l3[1] == 0 && l3[2] == 255, "generated level 3 = %u,%u,%u", l3[0], l3[1],
         l3[2]);
   api_glDisable(GL_TEXTURE_2D);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static void
test_view_errors(void)
{
   GLuint t[4];
   api_glGenTextures(4, t);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glTextureView(t[1], GL_TEXTURE_2D, t[0], GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* not immutable */
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   api_glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4);
   api_glTextureView(0, GL_TEXTURE_2D, t[2], GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTextureView(t[1], GL_TEXTURE_2D, 0, GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTextureView(t[1], GL_TEXTURE_2D, 777, GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTextureView(778, GL_TEXTURE_2D, t[2], GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* not a generated name */
   api_glTextureView(t[0], GL_TEXTURE_2D, t[2], GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* has a target */
   api_glTextureView(t[1], GL_TEXTURE_3D, t[2], GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* table 3.X.1 */
   api_glTextureView(t[1], GL_TEXTURE_RECTANGLE_ARB, t[2], GL_RGBA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glTextureView(t[1], GL_TEXTURE_2D, t[2], GL_RG8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* 32 vs 16 bits */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[2], GL_RGB8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* 32 vs 24 bits */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[2], GL_RGBA4, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* not in the table */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[2], GL_RGBA8, 3, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);                           /* minlevel > 2 */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[2], GL_RGBA8, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);                           /* minlayer > 0 */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[2], GL_RGBA8, 0, 1, 0, 2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);                           /* 2D: one layer */
   CHECK(!api_glIsTexture(t[1]), "failed views create nothing");
   /* cube views need 6 layers of square images */
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[3]);
   api_glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 4, 4, 8);
   api_glTextureView(t[1], GL_TEXTURE_CUBE_MAP, t[3], GL_RGBA8, 0, 1, 3, 6);
   CHECK_GL_ERROR(GL_INVALID_VALUE);                           /* clamped to 5 */
   api_glTextureView(t[1], GL_TEXTURE_CUBE_MAP_ARRAY_ARB, t[3], GL_RGBA8, 0, 1, 0, 8);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTextureView(t[1], GL_TEXTURE_CUBE_MAP, t[3], GL_RGBA8, 0, 1, 2, 6);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
   CHECK(tex_param(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_VIEW_MIN_LAYER) == 2 &&
         tex_param(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_VIEW_NUM_LAYERS) == 6, "cube view layers");
   api_glTextureView(t[1], GL_TEXTURE_CUBE_MAP, t[3], GL_RGBA8, 0, 1, 2, 6);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* already a view */
   api_glDeleteTextures(4, t);
   api_glGenTextures(2, t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[0]);
   api_glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 4, 2, 6);
   api_glTextureView(t[1], GL_TEXTURE_CUBE_MAP, t[0], GL_RGBA8, 0, 1, 0, 6);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* not square */
   api_glDeleteTextures(2, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Views of views: offsets add up, counts are clamped, IMMUTABLE_LEVELS inherited. */
static void
test_view_queries(void)
{
   GLuint t[3];
   api_glGenTextures(3, t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[0]);
   api_glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 5, GL_RG16F, 16, 16, 10);
   api_glTextureView(t[1], GL_TEXTURE_2D_ARRAY_EXT, t[0], GL_R32F, 1, 3, 2, 7);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTextureView(t[2], GL_TEXTURE_2D_ARRAY_EXT, t[1], GL_RGBA8, 1, 10, 3, 10);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[2]);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_VIEW_MIN_LEVEL), 2);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_VIEW_NUM_LEVELS), 2);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_VIEW_MIN_LAYER), 5);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_VIEW_NUM_LAYERS), 4);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_IMMUTABLE_LEVELS), 5);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_IMMUTABLE_FORMAT), GL_TRUE);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH), 4);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH), 4);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_TEXTURE_WIDTH), 0);
   /* a view is an immutable texture: no TexImage, no TexStorage */
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* its target is fixed */
   api_glDeleteTextures(3, t);
}

/* A 2D view of one level and one layer of a 2D array, sampled by fixed
 * function; uploads through the original are seen by the view and back. */
static void
test_view_levels_layers(void)
{
   GLubyte cols[3][4][4];   /* [level][layer] */
   for (int l = 0; l < 3; l++)
      for (int k = 0; k < 4; k++) {
         cols[l][k][0] = (GLubyte)(40 + 60 * l);
         cols[l][k][1] = (GLubyte)(20 + 50 * k);
         cols[l][k][2] = (GLubyte)(10 * (l + k));
         cols[l][k][3] = 255;
      }
   GLuint t[3];
   api_glGenTextures(3, t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[0]);
   api_glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 3, GL_RGBA8, 4, 4, 4);
   for (int l = 0; l < 3; l++)
      fill(GL_TEXTURE_2D_ARRAY_EXT, l, 4 >> l, 4 >> l, 4, (const GLubyte (*)[4])cols[l]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* levels 1..2, layer 2 */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[0], GL_RGBA8, 1, 5, 2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 2);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH), 1);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LEVELS), 2);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   api_glClear(GL_COLOR_BUFFER_BIT);
   /* 2x2 texels over 16x16 pixels: magnified, the view's level 0 */
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(W / 2, H / 2, cols[1][2][0], cols[1][2][1], cols[1][2][2], 0);
   CHECK_PX_RGB(1, 1, cols[1][2][0], cols[1][2][1], cols[1][2][2], 0);
   /* BASE_LEVEL is relative to the view: its level 1 is the store's level 2 */
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(W / 2, H / 2, cols[2][2][0], cols[2][2][1], cols[2][2][2], 0);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);

   /* upload into the original: the view samples it */
   static const GLubyte white[4][4] = { { 255, 255, 255, 255 }, { 255, 255, 255, 255 },
                                        { 255, 255, 255, 255 }, { 255, 255, 255, 255 } };
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[0]);
   api_glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, 0, 0, 2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                       white);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(1, 1, 255, 255, 255, 0);                            /* texel (0, 0) */
   CHECK_PX_RGB(W - 2, H - 2, cols[1][2][0], cols[1][2][1], cols[1][2][2], 0);
   /* upload into the view: the original sees it at level 1, layer 2 */
   static const GLubyte black[4] = { 0, 0, 0, 255 };
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, black);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte back[4][2][2][4];
   memset(back, 0x77, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(memcmp(back[2][1][1], black, 4) == 0, "view upload in the original: %u,%u,%u",
         back[2][1][1][0], back[2][1][1][1], back[2][1][1][2]);
   CHECK(memcmp(back[2][0][0], white[0], 4) == 0 && memcmp(back[1][1][1], cols[1][1], 4) == 0 &&
         memcmp(back[3][1][1], cols[1][3], 4) == 0, "other texels/layers untouched");
   /* glClearTexImage of the view clears its level only */
   static const GLubyte green[4] = { 0, 255, 0, 255 };
   api_glClearTexImage(t[1], 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte l2[4][4];
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_RGBA, GL_UNSIGNED_BYTE, l2);
   CHECK(memcmp(l2[2], green, 4) == 0 && memcmp(l2[1], cols[2][1], 4) == 0,
         "clear through the view: layer 2 %u,%u,%u; layer 1 %u,%u,%u", l2[2][0], l2[2][1],
         l2[2][2], l2[1][0], l2[1][1], l2[1][2]);

   /* render into the view (level 0 = store level 1, layer 2) */
   GLuint fb;
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t[1], 0);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "view attachment complete");
   api_glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glClearColor(0, 0, 0, 0);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[2][0][1][0] == 255 && back[2][0][1][1] == 0 && back[2][0][1][2] == 255 &&
         memcmp(back[3][0][1], cols[1][3], 4) == 0, "rendered into the view's layer");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a layer of a 2D array view (layers 1..2 of the store) */
   api_glTextureView(t[2], GL_TEXTURE_2D_ARRAY_EXT, t[0], GL_RGBA8, 0, 1, 1, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenFramebuffers(1, &fb);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t[2], 0, 1);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "array view layer attachment complete");
   api_glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glClearColor(0, 0, 0, 0);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t[2], 0, 2);
   CHECK(api_glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE,
         "layer 2 of a 2-layer view is not an image");
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fb);
   GLubyte l0[4][4][4][4];
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0);
   CHECK(l0[2][3][3][0] == 0 && l0[2][3][3][2] == 255 && memcmp(l0[1][3][3], cols[0][1], 4) == 0 &&
         memcmp(l0[3][0][0], cols[0][3], 4) == 0, "cleared the view's layer 1 = store layer 2");
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* the store outlives the original */
   api_glDeleteTextures(1, &t[0]);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(W / 2, H / 2, 255, 0, 255, 0);
   api_glDisable(GL_TEXTURE_2D);
   api_glDeleteTextures(3, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

static float
srgb_decode(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* The same bytes through another format of the class. */
static void
test_view_formats(void)
{
   GLuint t[4];
   api_glGenTextures(4, t);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
   GLubyte texels[4][4];
   for (int i = 0; i < 4; i++) {
      texels[i][0] = 64;
      texels[i][1] = 128;
      texels[i][2] = 192;
      texels[i][3] = 255;
   }
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   /* RGBA8 seen as SRGB8_ALPHA8: decoded when sampled */
   api_glTextureView(t[1], GL_TEXTURE_2D, t[0], GL_SRGB8_ALPHA8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_2D);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   int er = (int)lrintf(srgb_decode(64 / 255.0f) * 255.0f);
   int eg = (int)lrintf(srgb_decode(128 / 255.0f) * 255.0f);
   int eb = (int)lrintf(srgb_decode(192 / 255.0f) * 255.0f);
   CHECK(er == 13 && eg == 55 && eb == 134, "sRGB reference %d %d %d", er, eg, eb);
   CHECK_PX_RGB(W / 2, H / 2, er, eg, eb, 1);
   /* the original still reads them linearly */
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(W / 2, H / 2, 64, 128, 192, 0);
   api_glDisable(GL_TEXTURE_2D);
   /* glGetTexImage of the sRGB view returns the stored bytes */
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   GLubyte back[4][4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(memcmp(back, texels, sizeof back) == 0, "sRGB view read back");

   /* RGBA8 bytes of 1.5f (0x3fc00000, little endian) read as R32F */
   uint32_t bits = 0x3fc00000u;
   GLubyte fb[4][4];
   for (int i = 0; i < 4; i++)
      memcpy(fb[i], &bits, 4);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, fb);
   api_glTextureView(t[2], GL_TEXTURE_2D, t[0], GL_R32F, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   GLfloat fv[4] = { 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, fv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(fv[0] == 1.5f && fv[3] == 1.5f, "R32F view of RGBA8 bytes = %f", fv[0]);
   /* the same bytes as an integer view (EXT_texture_integer formats are in
    * the 32-bit class): R32UI reads the bits, RGBA8I the bytes as signed */
   GLuint iv[2];
   api_glGenTextures(2, iv);
   api_glTextureView(iv[0], GL_TEXTURE_2D, t[0], GL_R32UI, 0, 1, 0, 1);
   api_glTextureView(iv[1], GL_TEXTURE_2D, t[0], GL_RGBA8I, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, iv[0]);
   GLuint ui[4] = { 0 };
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, ui);
   CHECK(ui[0] == 0x3fc00000u && ui[3] == 0x3fc00000u, "R32UI view bits 0x%08x", ui[0]);
   api_glBindTexture(GL_TEXTURE_2D, iv[1]);
   GLbyte sb[4][4];
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_BYTE, sb);
   CHECK(sb[0][0] == 0 && sb[0][2] == -64 && sb[0][3] == 63, "RGBA8I view bytes %d %d %d %d",
         sb[0][0], sb[0][1], sb[0][2], sb[0][3]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteTextures(2, iv);
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   /* and back: -2.0f written through the R32F view is 0xc0000000 in the RGBA8 texels */
   GLfloat m2 = -2.0f;
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RED, GL_FLOAT, &m2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   uint32_t got;
   memcpy(&got, back[3], 4);
   CHECK(got == 0xc0000000u, "R32F write seen as RGBA8 bytes 0x%08x", got);
   /* a 24-bit class: RGB8 storage is 3 bytes a texel, viewable as SRGB8 */
   api_glBindTexture(GL_TEXTURE_2D, t[3]);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB8, 1, 1);
   GLuint v;
   api_glGenTextures(1, &v);
   api_glTextureView(v, GL_TEXTURE_2D, t[3], GL_SRGB8, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteTextures(1, &v);
   api_glDeleteTextures(4, t);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* compressed: DXT1 RGBA storage, blocks through an sRGB DXT1 view */
   api_glGenTextures(3, t);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexStorage2D(GL_TEXTURE_2D, 2, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE), 16);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_COMPRESSED_IMAGE_SIZE), 8);
   GLubyte blocks[16];
   for (int i = 0; i < 16; i++)
      blocks[i] = (GLubyte)(i * 17 + 3);
   api_glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 4, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                 16, blocks);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTextureView(t[1], GL_TEXTURE_2D, t[0], GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, 0, 1, 0,
                     1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTextureView(t[2], GL_TEXTURE_2D, t[0], GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);                       /* another class */
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   GLubyte cb[16];
   memset(cb, 0, sizeof cb);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, cb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(cb, blocks, 16) == 0, "compressed blocks through the view");
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT),
                GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT);
   api_glDeleteTextures(3, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A cube view of six layers of a 2D array (layers 1..6), sampled through
 * the cube map target, and a 2D view of a cube face. */
static void
test_view_cube(void)
{
   GLubyte cols[8][4];
   for (int k = 0; k < 8; k++) {
      cols[k][0] = (GLubyte)(30 * k);
      cols[k][1] = (GLubyte)(200 - 20 * k);
      cols[k][2] = (GLubyte)(k & 1 ? 255 : 0);
      cols[k][3] = 255;
   }
   GLuint t[3];
   api_glGenTextures(3, t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t[0]);
   api_glTexStorage3D(GL_TEXTURE_2D_ARRAY_EXT, 1, GL_RGBA8, 2, 2, 8);
   fill(GL_TEXTURE_2D_ARRAY_EXT, 0, 2, 2, 8, (const GLubyte (*)[4])cols);
   api_glTextureView(t[1], GL_TEXTURE_CUBE_MAP, t[0], GL_RGBA8, 0, 1, 1, 6);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
   GLubyte px[2][2][4];
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(memcmp(px[1][1], cols[1 + 3], 4) == 0, "-Y face is layer 4");
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_CUBE_MAP);
   /* direction +Z everywhere: face 4 (+Z) = layer 5 */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_QUADS);
   api_glTexCoord3f(0.1f, 0.1f, 1.0f);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
   CHECK_PX_RGB(W / 2, H / 2, cols[5][0], cols[5][1], cols[5][2], 0);
   /* -X: face 1 = layer 2 */
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBegin(GL_QUADS);
   api_glTexCoord3f(-1.0f, 0.1f, 0.1f);
   api_glVertex2f(0, 0);
   api_glVertex2f(W, 0);
   api_glVertex2f(W, H);
   api_glVertex2f(0, H);
   api_glEnd();
   CHECK_PX_RGB(W / 2, H / 2, cols[2][0], cols[2][1], cols[2][2], 0);
   api_glDisable(GL_TEXTURE_CUBE_MAP);
   /* a 2D view of the cube view's face 3 (layer 4 of the array) */
   api_glTextureView(t[2], GL_TEXTURE_2D, t[1], GL_SRGB8_ALPHA8, 0, 1, 3, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_MIN_LAYER), 4);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(memcmp(px[0][1], cols[4], 4) == 0, "2D view of a cube face");
   api_glDeleteTextures(3, t);
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* a real cube map: a 2D view of face -X sampled by fixed function, and
    * glCopyTexSubImage2D into that view landing in the cube's face */
   api_glGenTextures(2, t);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t[0]);
   api_glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 2, 2);
   for (int f = 0; f < 6; f++) {
      GLubyte face[4][4];
      for (int i = 0; i < 4; i++)
         memcpy(face[i], cols[f], 4);
      api_glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, 0, 0, 2, 2, GL_RGBA,
                          GL_UNSIGNED_BYTE, face);
   }
   api_glTextureView(t[1], GL_TEXTURE_2D, t[0], GL_RGBA8, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glEnable(GL_TEXTURE_2D);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(W / 2, H / 2, cols[1][0], cols[1][1], cols[1][2], 0);
   api_glDisable(GL_TEXTURE_2D);
   /* the window now shows face 1's colour everywhere; draw a white pixel
    * at (0, 0) and copy the 2x2 corner into the view */
   api_glClearColor(1, 1, 1, 1);
   api_glScissor(0, 0, 1, 1);
   api_glEnable(GL_SCISSOR_TEST);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glDisable(GL_SCISSOR_TEST);
   api_glClearColor(0, 0, 0, 0);
   api_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t[0]);
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0][0][0] == 255 && px[0][0][1] == 255 && px[0][0][2] == 255 &&
         memcmp(px[1][1], cols[1], 3) == 0, "copy into the view reaches face -X");
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(memcmp(px[0][0], cols[2], 4) == 0, "face +Y untouched");
   api_glDeleteTextures(2, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* A 1D view of one layer of a 1D array, sampled through GL_TEXTURE_1D; a
 * 3D texture's view keeps its slices. */
static void
test_view_1d_3d(void)
{
   GLubyte rows[3][2][4];
   for (int k = 0; k < 3; k++)
      for (int x = 0; x < 2; x++) {
         rows[k][x][0] = (GLubyte)(80 * k);
         rows[k][x][1] = (GLubyte)(x ? 200 : 100);
         rows[k][x][2] = 7;
         rows[k][x][3] = 255;
      }
   GLuint t[4];
   api_glGenTextures(4, t);
   api_glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t[0]);
   api_glTexStorage2D(GL_TEXTURE_1D_ARRAY_EXT, 2, GL_RGBA8, 2, 3);
   api_glTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 0, 0, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE, rows);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTextureView(t[1], GL_TEXTURE_1D, t[0], GL_RGBA8, 0, 1, 2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_1D, t[1]);
   api_glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   api_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   api_glEnable(GL_TEXTURE_1D);
   api_glClear(GL_COLOR_BUFFER_BIT);
   test_tex_quad(W, H, 0, 0, 1, 1);
   CHECK_PX_RGB(2, H / 2, rows[2][0][0], rows[2][0][1], rows[2][0][2], 0);
   CHECK_PX_RGB(W - 3, H / 2, rows[2][1][0], rows[2][1][1], rows[2][1][2], 0);
   api_glDisable(GL_TEXTURE_1D);
   /* a 1D-array view of the 1D view: one layer */
   api_glTextureView(t[2], GL_TEXTURE_1D_ARRAY_EXT, t[1], GL_SRGB8_ALPHA8, 0, 2, 0, 5);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t[2]);
   CHECK_EQ_INT(test_level_param(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT), 1);
   CHECK_EQ_INT(tex_param(GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_VIEW_MIN_LAYER), 2);
   GLubyte back[2][4];
   api_glGetTexImage(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(memcmp(back, rows[2], sizeof back) == 0, "1D array view of a 1D view");
   /* 3D: a view has all slices of its levels */
   api_glBindTexture(GL_TEXTURE_3D, t[3]);
   api_glTexStorage3D(GL_TEXTURE_3D, 2, GL_RGBA8, 2, 2, 2);
   GLubyte vol[2][2][2][4];
   for (int i = 0; i < 32; i++)
      ((GLubyte *)vol)[i] = (GLubyte)(i * 7);
   api_glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, vol);
   GLuint v3;
   api_glGenTextures(1, &v3);
   api_glTextureView(v3, GL_TEXTURE_3D, t[3], GL_RGBA8_SNORM, 0, 1, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_3D, v3);
   GLfloat sv[32];
   api_glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_FLOAT, sv);
   CHECK_GL_ERROR(GL_NO_ERROR);
   int bad = 0;
   for (int i = 0; i < 32; i++) {
      float want = (float)(int8_t)(GLubyte)(i * 7) / 127.0f;
      if (want < -1.0f)
         want = -1.0f;
      if (fabsf(sv[i] - want) > 1e-6f)
         bad++;
   }
   CHECK(bad == 0, "3D view as RGBA8_SNORM: %d of 32 components differ (e.g. %f)", bad, sv[5]);
   api_glDeleteTextures(1, &v3);
   api_glDeleteTextures(4, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* glGenerateMipmap on a view works on its levels of the shared store only. */
static void
test_view_mipmap(void)
{
   GLuint t[2];
   api_glGenTextures(2, t);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4);
   GLubyte l0[16][4], l1[4][4];
   memset(l0, 9, sizeof l0);
   memset(l1, 0, sizeof l1);
   l1[0][0] = 200;   /* R of level 1: 200, 0, 0, 0 -> average 50 */
   l1[3][1] = 100;   /* G: average 25 */
   for (int i = 0; i < 4; i++)
      l1[i][3] = 255;
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, l0);
   api_glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, l1);
   api_glTextureView(t[1], GL_TEXTURE_2D, t[0], GL_RGBA8, 1, 2, 0, 1);
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   api_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   GLubyte l2[4] = { 0 }, back0[16][4];
   api_glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, l2);
   CHECK(abs(l2[0] - 50) <= 1 && abs(l2[1] - 25) <= 1 && l2[2] == 0 && l2[3] == 255,
         "store level 2 from the view's level 0: %u,%u,%u,%u", l2[0], l2[1], l2[2], l2[3]);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back0);
   CHECK(memcmp(back0, l0, sizeof l0) == 0, "store level 0 untouched");
   api_glDeleteTextures(2, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

/* Every enum 0..0xffff as the view format of an RGBA8 texture: exactly the
 * 32-bit class is accepted (all its members refpipe offers: the
 * EXT_texture_integer ones and ARB_texture_rgb10_a2ui's GL_RGB10_A2UI too);
 * as a TexStorage2D format: no crash, and what is accepted is immutable
 * with its levels. */
static void
test_format_sweep(void)
{
   static const GLenum class32[] = {
      GL_RG16F, GL_R11F_G11F_B10F, GL_R32F, GL_RGB10_A2, GL_RGBA8, GL_RG16, GL_RGBA8_SNORM,
      GL_RG16_SNORM, GL_SRGB8_ALPHA8, GL_RGB9_E5, GL_RGBA8UI, GL_RGBA8I, GL_RG16UI, GL_RG16I,
      GL_R32UI, GL_R32I, GL_RGB10_A2UI };
   GLuint orig, v;
   api_glGenTextures(1, &orig);
   api_glBindTexture(GL_TEXTURE_2D, orig);
   api_glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 4, 4);
   api_glGenTextures(1, &v);
   unsigned accepted = 0, wrong = 0;
   for (GLenum f = 0; f <= 0xffff; f++) {
      api_glTextureView(v, GL_TEXTURE_2D, orig, f, 0, 2, 0, 1);
      if (api_glGetError() != GL_NO_ERROR)
         continue;
      accepted++;
      bool in = false;
      for (unsigned i = 0; i < sizeof class32 / sizeof class32[0]; i++)
         in = in || class32[i] == f;
      if (!in) {
         wrong++;
         fprintf(stderr, "view format 0x%x accepted\n", f);
      }
      api_glDeleteTextures(1, &v);
      api_glGenTextures(1, &v);
   }
   CHECK(accepted == sizeof class32 / sizeof class32[0] && wrong == 0,
         "%u view formats accepted, %u outside the class", accepted, wrong);
   api_glDeleteTextures(1, &v);
   api_glDeleteTextures(1, &orig);

   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   unsigned n = 0, bad = 0;
   for (GLenum f = 0; f <= 0xffff; f++) {
      api_glTexStorage2D(GL_TEXTURE_2D, 2, f, 4, 4);
      if (api_glGetError() != GL_NO_ERROR)
         continue;
      n++;
      if (tex_param(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT) != GL_TRUE ||
          test_level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH) != 2 ||
          test_level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT) != (GLint)f)
         bad++;
      api_glDeleteTextures(1, &t);
      api_glGenTextures(1, &t);
      api_glBindTexture(GL_TEXTURE_2D, t);
   }
   CHECK(n > 40 && bad == 0, "%u storage formats accepted, %u inconsistent", n, bad);
   api_glDeleteTextures(1, &t);
   CHECK_GL_ERROR(GL_NO_ERROR);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, W, H)) {
      fprintf(stderr, "no context\n");
      test_env_fini(&e);
      return 1;
   }
   const char *ext = (const char *)api_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_ARB_texture_storage ") && strstr(ext, "GL_ARB_texture_view"),
         "extensions offered");
   test_storage_errors();
   test_storage_draw();
   test_view_errors();
   test_view_queries();
   test_view_levels_layers();
   test_view_formats();
   test_view_cube();
   test_view_1d_3d();
   test_view_mipmap();
   test_format_sweep();
   test_env_fini(&e);
   return st_test_finish("st_test_texview");
}
