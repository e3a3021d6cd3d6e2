/*
 * Array textures (GL_EXT_texture_array) on refpipe: the targets are
 * refused until ctx->caps.tex_array, bindings and limits, 1D arrays through
 * glTexImage2D (rows are layers) and 2D arrays through glTexImage3D, sub
 * images into one layer, glGetTexImage, level parameters, proxies, the
 * layer-count errors and glGenerateMipmap keeping layers apart.
 */
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"
#include "st_texture.h"

static void
test_refused(struct test_env *e)
{
   e->ctx->caps.tex_array = false;
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLint v = -1;
   api_glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS_EXT, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   api_glDeleteTextures(1, &t);
   e->ctx->caps.tex_array = true;
}

static void
test_2d_array(void)
{
   GLint v = -1;
   api_glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS_EXT, &v);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(v == ST_MAX_ARRAY_TEXTURE_LAYERS, "max layers %d", v);
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_TEXTURE_BINDING_2D_ARRAY_EXT, &v);
   CHECK(v == (GLint)t, "2d array binding %d", v);
   api_glBindTexture(GL_TEXTURE_2D, t);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* fixed function: not an enable */
   api_glEnable(GL_TEXTURE_2D_ARRAY_EXT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   /* 4x2, 3 layers; texel (x, y, layer) = (x*10, y*10, layer*50, 255) */
   GLubyte img[3][2][4][4];
   for (int l = 0; l < 3; l++)
      for (int y = 0; y < 2; y++)
         for (int x = 0; x < 4; x++) {
            img[l][y][x][0] = (GLubyte)(x * 10);
            img[l][y][x][1] = (GLubyte)(y * 10);
            img[l][y][x][2] = (GLubyte)(l * 50);
            img[l][y][x][3] = 255;
         }
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH, &v);
   CHECK(v == 3, "depth (layers) %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT, &v);
   CHECK(v == 2, "height %d", v);
   GLubyte back[3][2][4][4];
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(back, img, sizeof img) == 0, "2d array read back");

   /* replace the texels of layer 1 */
   GLubyte red[2][4][4];
   for (int y = 0; y < 2; y++)
      for (int x = 0; x < 4; x++) {
         red[y][x][0] = 255;
         red[y][x][1] = red[y][x][2] = 0;
         red[y][x][3] = 255;
      }
   api_glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 1, 4, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                       red);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 3, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                       red);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* layer 3 of 3 */
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(memcmp(back[0], img[0], sizeof img[0]) == 0, "layer 0 kept");
   CHECK(memcmp(back[1], red, sizeof red) == 0, "layer 1 replaced");
   CHECK(memcmp(back[2], img[2], sizeof img[2]) == 0, "layer 2 kept");

   /* layer counts: not minified, no border, limited */
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, ST_MAX_ARRAY_TEXTURE_LAYERS + 1,
                    0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4,
                    ST_MAX_ARRAY_TEXTURE_LAYERS + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 0, "proxy too many layers: width %d", v);
   api_glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 7, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   api_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_DEPTH, &v);
   CHECK(v == 7, "proxy depth %d", v);

   /* mipmaps per layer: 4x2x3 -> 2x1x3 -> 1x1x3, each layer its own average */
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    img);
   api_glGenerateMipmap(GL_TEXTURE_2D_ARRAY_EXT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 1, "level 2 width %d", v);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_TEXTURE_DEPTH, &v);
   CHECK(v == 3, "level 2 layers %d", v);
   GLubyte l2[3][4];
   memset(l2, 0, sizeof l2);
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_RGBA, GL_UNSIGNED_BYTE, l2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   for (int l = 0; l < 3; l++)
      CHECK(abs(l2[l][2] - l * 50) <= 1 && abs(l2[l][0] - 15) <= 2 && abs(l2[l][1] - 5) <= 2,
            "layer %d level 2 = %u,%u,%u", l, l2[l][0], l2[l][1], l2[l][2]);
   api_glDeleteTextures(1, &t);
}

static void
test_1d_array(void)
{
   GLuint t;
   GLint v = -1;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_TEXTURE_BINDING_1D_ARRAY_EXT, &v);
   CHECK(v == (GLint)t, "1d array binding %d", v);
   /* 4 wide, 3 layers (GL rows) */
   GLubyte img[3][4][4];
   for (int l = 0; l < 3; l++)
      for (int x = 0; x < 4; x++) {
         img[l][x][0] = (GLubyte)(x * 20);
         img[l][x][1] = (GLubyte)(l * 70);
         img[l][x][2] = 9;
         img[l][x][3] = 255;
      }
   api_glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_TEXTURE_HEIGHT, &v);
   CHECK(v == 3, "1d array height (layers) %d", v);
   GLubyte back[3][4][4];
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(back, img, sizeof img) == 0, "1d array read back");
   /* one texel of layer 2 */
   const GLubyte white[4] = { 255, 255, 255, 255 };
   api_glTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 1, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexImage(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(memcmp(back[2][1], white, 4) == 0 && memcmp(back[1], img[1], sizeof img[1]) == 0 &&
         memcmp(back[2][0], img[2][0], 4) == 0, "1d array sub image");
   /* mipmaps: width halves, layers stay; no mixing */
   api_glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    img);
   api_glGenerateMipmap(GL_TEXTURE_1D_ARRAY_EXT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY_EXT, 2, GL_TEXTURE_HEIGHT, &v);
   CHECK(v == 3, "1d array level 2 layers %d", v);
   GLubyte l2[3][4];
   memset(l2, 0, sizeof l2);
   api_glGetTexImage(GL_TEXTURE_1D_ARRAY_EXT, 2, GL_RGBA, GL_UNSIGNED_BYTE, l2);
   for (int l = 0; l < 3; l++)
      CHECK(abs(l2[l][1] - l * 70) <= 1 && abs(l2[l][0] - 30) <= 2,
            "1d layer %d level 2 = %u,%u", l, l2[l][0], l2[l][1]);
   /* border: none in the layer dimension (height 1 with border 1 is one layer) */
   api_glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glDeleteTextures(1, &t);
}

/* glFramebufferTextureLayer on a layer, glCopyTexSubImage3D into a layer,
 * glCopyTexSubImage2D into a 1D array's layer (a row). */
static void
test_fbo_copy(void)
{
   GLuint t, fb;
   GLubyte zero[3][4][4][4];
   memset(zero, 0, sizeof zero);
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    zero);
   api_glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenFramebuffersEXT(1, &fb);
   api_glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, t, 0, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);   /* layer out of the image: incomplete, no error */
   CHECK(api_glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) != GL_FRAMEBUFFER_COMPLETE_EXT,
         "layer 3 of 3 incomplete");
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, t, 0, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glFramebufferTextureLayer(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, t, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = -1;
   api_glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                                GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   CHECK(v == 1, "attachment layer %d", v);
   CHECK(api_glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) == GL_FRAMEBUFFER_COMPLETE_EXT,
         "layer 1 complete");
   api_glClearColor(1, 0, 0, 1);
   api_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* copy a 2x2 of it into layer 2 at (1, 1) */
   api_glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 1, 1, 2, 0, 0, 2, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   GLubyte back[3][4][4][4];
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK(back[1][2][3][0] == 255 && back[1][0][0][3] == 255, "layer 1 cleared red");
   CHECK(back[0][2][3][0] == 0 && back[0][2][3][3] == 0, "layer 0 untouched");
   CHECK(back[2][1][1][0] == 255 && back[2][2][2][0] == 255 && back[2][0][0][0] == 0 &&
         back[2][3][3][0] == 0, "layer 2 copied block");

   /* 1D array: copy a 3-texel row of the red layer into layer 1 of a 1D array */
   GLuint t1;
   api_glGenTextures(1, &t1);
   api_glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t1);
   api_glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    zero);
   api_glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   api_glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 1, 1, 0, 0, 3, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   GLubyte b1[2][4][4];
   api_glGetTexImage(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, b1);
   CHECK(b1[0][1][0] == 0 && b1[1][0][0] == 0 && b1[1][1][0] == 255 && b1[1][3][0] == 255,
         "1d array copy into layer 1");
   api_glDeleteFramebuffersEXT(1, &fb);
   api_glDeleteTextures(1, &t);
   api_glDeleteTextures(1, &t1);
}

/* S3TC 2D arrays: glCompressedTexImage3D, glGetCompressedTexImage, layers
 * decoded by glGetTexImage, and uncompressed data into a compressed array. */
static void
test_compressed(void)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
   /* two DXT1 4x4 blocks: layer 0 all colour0 = red, layer 1 all colour0 = blue */
   GLubyte blocks[2][8] = {
      { 0x00, 0xf8, 0x00, 0xf8, 0, 0, 0, 0 },
      { 0x1f, 0x00, 0x1f, 0x00, 0, 0, 0, 0 },
   };
   api_glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4,
                              2, 0, 8, blocks);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* size of one layer */
   api_glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4,
                              2, 0, 16, blocks);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 16, "compressed size %d", v);
   GLubyte cb[2][8];
   memset(cb, 0, sizeof cb);
   api_glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, cb);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(cb, blocks, sizeof cb) == 0, "compressed read back");
   GLubyte px[2][4][4][4];
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0][3][3][0] == 255 && px[0][3][3][2] == 0 && px[1][0][0][2] == 255 &&
         px[1][0][0][0] == 0, "decoded layers %u,%u %u,%u", px[0][3][3][0], px[0][3][3][2],
         px[1][0][0][0], px[1][0][0][2]);
   /* replace layer 1's block by layer 0's */
   api_glCompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 1, 4, 4, 1,
                                 GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, cb);
   CHECK(memcmp(cb[1], blocks[0], 8) == 0, "compressed sub image layer 1");
   /* uncompressed data, compressed storage */
   GLubyte green[3][4][4][4];
   for (int i = 0; i < 3 * 16; i++) {
      GLubyte *p = &green[0][0][0][0] + 4 * i;
      p[0] = 0; p[1] = 255; p[2] = 0; p[3] = 255;
   }
   api_glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 3, 0,
                    GL_RGBA, GL_UNSIGNED_BYTE, green);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   CHECK(v == 24, "compressed size of 3 layers %d", v);
   api_glGenerateMipmap(GL_TEXTURE_2D_ARRAY_EXT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte m[3][4];
   memset(m, 0, sizeof m);
   api_glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 2, GL_RGBA, GL_UNSIGNED_BYTE, m);
   CHECK(m[2][1] == 255 && m[2][0] == 0, "compressed mipmap layer 2 %u,%u", m[2][0], m[2][1]);
   api_glDeleteTextures(1, &t);
}

/* GL_ARB_texture_cube_map_array: binding, shape errors, layer-faces. */
static void
test_cube_array(void)
{
   GLuint t;
   GLint v = -1;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, t);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY_ARB, &v);
   CHECK(v == (GLint)t, "cube array binding %d", v);
   api_glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_RGBA8, 2, 2, 5, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* not a multiple of 6 */
   api_glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_RGBA8, 2, 4, 6, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);   /* not square */
   api_glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_RGBA8, 2, 2, 7, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_TEXTURE_WIDTH, &v);
   CHECK(v == 0, "proxy 7 layer-faces: width %d", v);
   GLubyte img[12][2][2][4];
   for (int f = 0; f < 12; f++)
      for (int i = 0; i < 4; i++) {
         GLubyte *p = img[f][i / 2][i % 2];
         p[0] = (GLubyte)(f * 20); p[1] = (GLubyte)i; p[2] = 7; p[3] = 255;
      }
   api_glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_RGBA8, 2, 2, 12, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, img);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_TEXTURE_DEPTH, &v);
   CHECK(v == 12, "cube array depth %d", v);
   GLubyte back[12][2][2][4];
   memset(back, 0, sizeof back);
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(memcmp(back, img, sizeof img) == 0, "cube array read back");
   api_glGenerateMipmap(GL_TEXTURE_CUBE_MAP_ARRAY_ARB);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLubyte l1[12][4];
   api_glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 1, GL_RGBA, GL_UNSIGNED_BYTE, l1);
   CHECK(l1[11][0] == 220 && l1[3][0] == 60, "cube array mipmap per face %u %u", l1[11][0],
         l1[3][0]);
   api_glDeleteTextures(1, &t);
}

int
main(void)
{
   struct test_env e;
   if (!test_env_init(&e, 8, 8)) {
      fprintf(stderr, "no context\n");
      test_env_fini(&e);
      return 1;
   }
   test_refused(&e);
   test_2d_array();
   test_1d_array();
   test_fbo_copy();
   test_compressed();
   test_cube_array();
   test_env_fini(&e);
   return st_test_finish("st_test_texarray");
}
