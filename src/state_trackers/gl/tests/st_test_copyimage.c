/*
 * GL_ARB_copy_image on refpipe: glCopyImageSubData's errors (targets,
 * names, incomplete objects, levels, regions, compressed alignment,
 * format compatibility, sample counts) and copies between every kind of
 * image: 1D, 2D, 3D, rectangle, cube map (faces as z), 1D / 2D / cube map
 * arrays, renderbuffers, multisample textures and renderbuffers, other
 * levels, one texture onto itself.  Each copy is checked against a CPU
 * model of both images (texel bytes computed here), over the whole
 * destination: the region copied and everything left alone.  Format pairs:
 * bytes reinterpreted (RGBA8 -> R32F), the same channels in other storage
 * (RGB8 image -> SRGB8 image, RGB8 image -> RGB8 storage, RGB16 image ->
 * RGB16_SNORM storage), compressed blocks as texels and back (DXT1 <->
 * RGBA16, RGTC2 -> RGBA32F), and one internal format stored at two
 * precisions (LUMINANCE12_ALPHA4 texture -> renderbuffer).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "st_test_fb.h"

#define W 16
#define H 16

/* A texture (level 0) or renderbuffer with a CPU copy of its RGBA8 texels:
 * texel (x, y, z) at ((z * h + y) * w + x) * 4; z: layer, face or slice. */
struct img {
   GLenum target;
   GLuint name, fbo;
   int w, h, d;
   uint8_t *t;
};

static uint8_t *
texel(struct img *m, int x, int y, int z)
{
   return m->t + (((size_t)z * (size_t)m->h + (size_t)y) * (size_t)m->w + (size_t)x) * 4;
}

static void
set_nearest(GLenum target)
{
   api_glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   api_glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

/* Make the image and fill it with bytes that differ per texel and per tag. */
static void
img_create(struct img *m, GLenum target, int w, int h, int d, int tag)
{
   memset(m, 0, sizeof *m);
   m->target = target;
   m->w = w;
   m->h = h;
   m->d = d;
   m->t = malloc((size_t)w * (size_t)h * (size_t)d * 4);
   for (int z = 0; z < d; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++) {
            uint8_t *p = texel(m, x, y, z);
            p[0] = (uint8_t)(tag * 41 + x * 7);
            p[1] = (uint8_t)(y * 13 + z * 29);
            p[2] = (uint8_t)((x ^ y ^ z) + tag * 3);
            p[3] = (uint8_t)(200 + z + tag);
         }
   if (target == GL_RENDERBUFFER) {
      api_glGenRenderbuffers(1, &m->name);
      api_glBindRenderbuffer(GL_RENDERBUFFER, m->name);
      api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
      api_glGenFramebuffers(1, &m->fbo);
      api_glBindFramebuffer(GL_FRAMEBUFFER, m->fbo);
      api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                    m->name);
      api_glViewport(0, 0, w, h);
      api_glWindowPos2i(0, 0);
      api_glDrawPixels(w, h, GL_RGBA, GL_UNSIGNED_BYTE, m->t);
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      api_glViewport(0, 0, W, H);
      return;
   }
   api_glGenTextures(1, &m->name);
   api_glBindTexture(target, m->name);
   set_nearest(target);
   switch (target) {
   case GL_TEXTURE_1D:
      api_glTexImage1D(target, 0, GL_RGBA8, w, 0, GL_RGBA, GL_UNSIGNED_BYTE, m->t);
      break;
   case GL_TEXTURE_1D_ARRAY_EXT:
      api_glTexImage2D(target, 0, GL_RGBA8, w, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, m->t);
      break;
   case GL_TEXTURE_2D:
   case GL_TEXTURE_RECTANGLE_ARB:
      api_glTexImage2D(target, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, m->t);
      break;
   case GL_TEXTURE_CUBE_MAP:
      for (int f = 0; f < 6; f++)
         api_glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, w, h, 0,
                          GL_RGBA, GL_UNSIGNED_BYTE, texel(m, 0, 0, f));
      break;
   default:   /* 3D, 2D array, cube map array */
      api_glTexImage3D(target, 0, GL_RGBA8, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, m->t);
      break;
   }
}

static void
img_destroy(struct img *m)
{
   if (m->target == GL_RENDERBUFFER) {
      api_glDeleteFramebuffers(1, &m->fbo);
      api_glDeleteRenderbuffers(1, &m->name);
   } else {
      api_glDeleteTextures(1, &m->name);
   }
   free(m->t);
}

/* Read the whole image back and compare it with the model. */
static void
img_check(struct img *m, const char *what)
{
   size_t n = (size_t)m->w * (size_t)m->h * (size_t)m->d * 4;
   uint8_t *got = calloc(1, n);
   if (m->target == GL_RENDERBUFFER) {
      api_glBindFramebuffer(GL_FRAMEBUFFER, m->fbo);
      api_glReadPixels(0, 0, m->w, m->h, GL_RGBA, GL_UNSIGNED_BYTE, got);
      api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   } else if (m->target == GL_TEXTURE_CUBE_MAP) {
      api_glBindTexture(m->target, m->name);
      for (int f = 0; f < 6; f++)
         api_glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA,
                           GL_UNSIGNED_BYTE, got + (size_t)f * (size_t)(m->w * m->h) * 4);
   } else {
      api_glBindTexture(m->target, m->name);
      api_glGetTexImage(m->target, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   }
   CHECK_GL_ERROR(GL_NO_ERROR);
   unsigned bad = 0;
   int fx = -1, fy = -1, fz = -1;
   for (int z = 0; z < m->d; z++)
      for (int y = 0; y < m->h; y++)
         for (int x = 0; x < m->w; x++) {
            size_t o = (((size_t)z * (size_t)m->h + (size_t)y) * (size_t)m->w + (size_t)x) * 4;
            if (memcmp(got + o, m->t + o, 4)) {
               if (!bad++) {
                  fx = x;
                  fy = y;
                  fz = z;
               }
            }
         }
   CHECK(bad == 0, "%s: %u texels differ, first (%d, %d, %d)", what, bad, fx, fy, fz);
   free(got);
}

/* glCopyImageSubData and the same copy on the models. */
static void
copy(struct img *s, int sx, int sy, int sz, struct img *d, int dx, int dy, int dz, int w,
     int h, int depth, const char *what)
{
   api_glCopyImageSubData(s->name, s->target, 0, sx, sy, sz, d->name, d->target, 0, dx, dy, dz,
                          w, h, depth);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t *tmp = malloc((size_t)w * (size_t)h * (size_t)depth * 4);
   for (int z = 0; z < depth; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++)
            memcpy(tmp + (((size_t)z * (size_t)h + (size_t)y) * (size_t)w + (size_t)x) * 4,
                   texel(s, sx + x, sy + y, sz + z), 4);
   for (int z = 0; z < depth; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++)
            memcpy(texel(d, dx + x, dy + y, dz + z),
                   tmp + (((size_t)z * (size_t)h + (size_t)y) * (size_t)w + (size_t)x) * 4, 4);
   free(tmp);
   img_check(d, what);
}

static void
test_targets(void)
{
   struct img a, b;

   img_create(&a, GL_TEXTURE_1D, 32, 1, 1, 1);
   img_create(&b, GL_TEXTURE_3D, 8, 8, 8, 2);
   copy(&a, 11, 0, 0, &b, 0, 5, 3, 8, 1, 1, "1D -> 3D");
   img_check(&a, "1D source unchanged");
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_2D, 16, 16, 1, 3);
   copy(&b, 2, 9, 0, &a, 20, 0, 0, 12, 1, 1, "2D -> 1D");
   img_destroy(&a);

   img_create(&a, GL_TEXTURE_2D_ARRAY_EXT, 16, 16, 5, 4);
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_3D, 16, 8, 6, 5);
   copy(&a, 3, 6, 1, &b, 5, 2, 2, 10, 4, 3, "2D array layers -> 3D slices");
   copy(&b, 0, 0, 0, &a, 6, 12, 0, 10, 4, 5, "3D slices -> 2D array layers");
   img_destroy(&a);

   img_create(&a, GL_TEXTURE_CUBE_MAP, 8, 8, 6, 6);
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_3D, 8, 8, 8, 7);
   copy(&b, 1, 1, 1, &a, 2, 0, 2, 6, 7, 4, "3D slices -> cube faces 2..5");
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_2D_ARRAY_EXT, 8, 8, 9, 8);
   copy(&a, 0, 0, 0, &b, 0, 0, 3, 8, 8, 6, "cube faces -> 2D array layers 3..8");
   copy(&b, 4, 4, 0, &a, 0, 0, 5, 4, 4, 1, "2D array layer -> cube face 5");
   img_destroy(&a);

   img_create(&a, GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 8, 8, 12, 9);
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 8, 8, 12, 10);
   copy(&a, 1, 2, 3, &b, 3, 0, 1, 5, 6, 8, "cube array -> cube array");
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_2D, 8, 8, 1, 11);
   copy(&a, 0, 0, 11, &b, 0, 0, 0, 8, 8, 1, "cube array layer-face 11 -> 2D");
   img_destroy(&a);

   img_create(&a, GL_TEXTURE_1D_ARRAY_EXT, 16, 1, 6, 12);
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_RECTANGLE_ARB, 16, 8, 1, 13);
   copy(&a, 3, 0, 4, &b, 1, 6, 0, 13, 1, 1, "1D array layer 4 -> rectangle row 6");
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_1D_ARRAY_EXT, 16, 1, 8, 14);
   copy(&a, 0, 0, 1, &b, 2, 0, 3, 14, 1, 5, "1D array layers -> 1D array layers");
   img_destroy(&a);

   /* renderbuffers */
   img_create(&a, GL_RENDERBUFFER, 16, 8, 1, 15);
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_RECTANGLE_ARB, 16, 8, 1, 16);
   copy(&b, 0, 0, 0, &a, 4, 2, 0, 9, 5, 1, "rectangle -> renderbuffer");
   img_destroy(&b);
   img_create(&b, GL_RENDERBUFFER, 12, 12, 1, 17);
   copy(&a, 2, 1, 0, &b, 0, 3, 0, 12, 7, 1, "renderbuffer -> renderbuffer");
   img_destroy(&b);
   img_create(&b, GL_TEXTURE_2D_ARRAY_EXT, 16, 16, 3, 18);
   copy(&a, 0, 0, 0, &b, 0, 8, 2, 16, 8, 1, "renderbuffer -> 2D array layer 2");
   img_destroy(&b);

   /* one image onto itself, regions apart */
   img_create(&b, GL_TEXTURE_2D, 16, 16, 1, 19);
   copy(&b, 0, 0, 0, &b, 8, 8, 0, 8, 8, 1, "2D onto itself");
   copy(&a, 0, 0, 0, &a, 8, 4, 0, 8, 4, 1, "renderbuffer onto itself");
   img_destroy(&a);
   img_destroy(&b);
}

/* Level 2 of a mipmapped texture into level 1 of another. */
static void
test_levels(void)
{
   GLuint t[2];
   api_glGenTextures(2, t);
   uint8_t lv[3][16 * 16 * 4];
   for (int l = 0; l < 3; l++)
      for (int i = 0; i < 16 * 16 * 4; i++)
         lv[l][i] = (uint8_t)(i * 3 + l * 50 + 1);
   for (int k = 0; k < 2; k++) {
      api_glBindTexture(GL_TEXTURE_2D, t[k]);
      api_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
      for (int l = 0; l < 3; l++)
         api_glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 16 >> l, 16 >> l, 0, GL_RGBA,
                          GL_UNSIGNED_BYTE, lv[k ? 2 - l : l]);
   }
   /* level 2 of t[0] is 4x4 (lv[2]); level 1 of t[1] is 8x8 (lv[1]) */
   api_glCopyImageSubData(t[0], GL_TEXTURE_2D, 2, 1, 0, 0, t[1], GL_TEXTURE_2D, 1, 5, 4, 0, 3,
                          4, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t want[8 * 8 * 4], got[8 * 8 * 4];
   memcpy(want, lv[1], sizeof want);
   for (int y = 0; y < 4; y++)
      memcpy(want + ((4 + y) * 8 + 5) * 4, lv[2] + (y * 4 + 1) * 4, 3 * 4);
   api_glBindTexture(GL_TEXTURE_2D, t[1]);
   api_glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   CHECK(memcmp(got, want, sizeof got) == 0, "level 2 -> level 1");
   /* level 3 was never given: not an image of the texture */
   api_glCopyImageSubData(t[0], GL_TEXTURE_2D, 3, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 0, 0, 0, 1,
                          1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* level 1 broken (wrong size): levels other than the base need the chain */
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, lv[0]);
   api_glCopyImageSubData(t[0], GL_TEXTURE_2D, 2, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 0, 0, 0, 1,
                          1, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* the base level alone is still complete enough, whatever the filter */
   api_glCopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 0, 0, 0, 1,
                          1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glDeleteTextures(2, t);
}

/* 4-sample texture -> 4-sample renderbuffer, resolved and read. */
static void
test_multisample(void)
{
   GLuint tex, rb, fbo[3], res;
   api_glGenTextures(1, &tex);
   api_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   api_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
   api_glGenTextures(1, &res);
   api_glBindTexture(GL_TEXTURE_2D, res);
   set_nearest(GL_TEXTURE_2D);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glGenFramebuffers(3, fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   api_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                              tex, 0);
   api_glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   api_glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   api_glClear(GL_COLOR_BUFFER_BIT);
   api_glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
   CHECK_GL_ERROR(GL_NO_ERROR);

   api_glCopyImageSubData(tex, GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0,
                          4, 0, 0, 4, 8, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   api_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   api_glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, res, 0);
   api_glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t got[8 * 8 * 4];
   api_glBindTexture(GL_TEXTURE_2D, res);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   unsigned bad = 0;
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
         const uint8_t *p = got + (y * 8 + x) * 4;
         /* every sample copied: the resolve of equal samples is the colour */
         uint8_t e[4] = { 51, 102, 153, 204 }, r[4] = { 255, 0, 0, 255 };
         if (memcmp(p, x >= 4 ? e : r, 4))
            bad++;
      }
   CHECK(bad == 0, "multisample copy: %u texels wrong", bad);

   /* sample counts must match */
   GLuint rb2;
   api_glGenRenderbuffers(1, &rb2);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb2);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
   api_glCopyImageSubData(tex, GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 0, rb2, GL_RENDERBUFFER, 0,
                          0, 0, 0, 4, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(3, fbo);
   api_glDeleteRenderbuffers(1, &rb);
   api_glDeleteRenderbuffers(1, &rb2);
   api_glDeleteTextures(1, &tex);
   api_glDeleteTextures(1, &res);
}

static GLuint
tex2d(GLenum ifmt, int w, int h, GLenum format, GLenum type, const void *data)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   set_nearest(GL_TEXTURE_2D);
   api_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, w, h, 0, format, type, data);
   return t;
}

static GLuint
storage2d(GLenum ifmt, int w, int h)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   api_glTexStorage2D(GL_TEXTURE_2D, 1, ifmt, w, h);
   return t;
}

static GLuint
compressed2d(GLenum ifmt, int w, int h, const void *blocks, int size)
{
   GLuint t;
   api_glGenTextures(1, &t);
   api_glBindTexture(GL_TEXTURE_2D, t);
   set_nearest(GL_TEXTURE_2D);
   api_glCompressedTexImage2D(GL_TEXTURE_2D, 0, ifmt, w, h, 0, size, blocks);
   return t;
}

static void
test_formats(void)
{
   api_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   api_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* RGBA8 bytes of 1.5f (0x3fc00000) as R32F */
   uint32_t bits[4] = { 0x3fc00000u, 0x3fc00000u, 0xc0000000u, 0x3fc00000u };
   GLuint a = tex2d(GL_RGBA8, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, bits);
   GLuint b = tex2d(GL_R32F, 2, 2, GL_RED, GL_FLOAT, NULL);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLfloat f[4] = { 0 };
   api_glBindTexture(GL_TEXTURE_2D, b);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, f);
   CHECK(f[0] == 1.5f && f[1] == 1.5f && f[2] == -2.0f && f[3] == 1.5f,
         "RGBA8 -> R32F: %g %g %g %g", f[0], f[1], f[2], f[3]);
   api_glDeleteTextures(1, &a);
   api_glDeleteTextures(1, &b);

   /* RGB8 (stored R8G8B8X8) -> SRGB8 (stored B8G8R8X8) and -> RGB8 storage
    * (R8G8B8): the same three bytes per texel, read back as stored */
   const uint8_t rgb[4][3] = { { 10, 20, 30 }, { 40, 50, 60 }, { 70, 80, 90 }, { 1, 2, 3 } };
   a = tex2d(GL_RGB8, 2, 2, GL_RGB, GL_UNSIGNED_BYTE, rgb);
   for (int k = 0; k < 2; k++) {
      b = k ? storage2d(GL_RGB8, 2, 2) : tex2d(GL_SRGB8, 2, 2, GL_RGB, GL_UNSIGNED_BYTE, NULL);
      api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2,
                             1);
      CHECK_GL_ERROR(GL_NO_ERROR);
      uint8_t got[4][3];
      memset(got, 0, sizeof got);
      api_glBindTexture(GL_TEXTURE_2D, b);
      api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_BYTE, got);
      CHECK(memcmp(got, rgb, sizeof got) == 0, "RGB8 -> %s: %d %d %d", k ? "RGB8 storage" : "SRGB8",
            got[0][0], got[0][1], got[0][2]);
      api_glDeleteTextures(1, &b);
   }
   api_glDeleteTextures(1, &a);

   /* RGB16 (stored R16G16B16A16) -> RGB16_SNORM storage (R16G16B16): the
    * bits of 0x7fff read as 1.0, 0x8001 as -1.0, 0x4000 as 16384/32767 */
   const uint16_t s16[3] = { 0x7fff, 0x8001, 0x4000 };
   a = tex2d(GL_RGB16, 1, 1, GL_RGB, GL_UNSIGNED_SHORT, s16);
   b = storage2d(GL_RGB16_SNORM, 1, 1);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, b);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, f);
   CHECK(f[0] == 1.0f && f[1] == -1.0f && f[2] > 0.50001f && f[2] < 0.50003f,
         "RGB16 -> RGB16_SNORM: %g %g %g", f[0], f[1], f[2]);
   api_glDeleteTextures(1, &a);
   api_glDeleteTextures(1, &b);

   /* DXT1 blocks (8 bytes) <-> RGBA16 texels (8 bytes): an 8x4 image is
    * two blocks, a 2x1 RGBA16 image */
   const uint8_t blocks[16] = { 0x00, 0xf8, 0x1f, 0x00, 0x55, 0xaa, 0x0f, 0xf0,
                                0xe0, 0x07, 0xff, 0xff, 0x12, 0x34, 0x56, 0x78 };
   a = compressed2d(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, blocks, 16);
   b = tex2d(GL_RGBA16, 4, 4, GL_RGBA, GL_UNSIGNED_SHORT, NULL);
   uint16_t zero16[4 * 4 * 4];
   memset(zero16, 0, sizeof zero16);
   api_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_SHORT, zero16);
   /* both blocks -> texels (1, 2) and (2, 2) */
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 1, 2, 0, 8, 4, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint16_t got16[4 * 4 * 4];
   api_glBindTexture(GL_TEXTURE_2D, b);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_SHORT, got16);
   uint16_t want16[4 * 4 * 4];
   memset(want16, 0, sizeof want16);
   memcpy(&want16[(2 * 4 + 1) * 4], blocks, 16);
   CHECK(memcmp(got16, want16, sizeof got16) == 0, "DXT1 -> RGBA16 texels");
   /* and back: texel (2, 2) -> block (1, 0) of a zeroed DXT1 image */
   const uint8_t zb[16] = { 0 };
   GLuint c = compressed2d(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, zb, 16);
   api_glCopyImageSubData(b, GL_TEXTURE_2D, 0, 2, 2, 0, c, GL_TEXTURE_2D, 0, 4, 0, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t gotb[16];
   api_glBindTexture(GL_TEXTURE_2D, c);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, gotb);
   CHECK(memcmp(gotb, zb, 8) == 0 && memcmp(gotb + 8, blocks + 8, 8) == 0,
         "RGBA16 texel -> DXT1 block");
   /* DXT1 <-> an sRGB DXT1 (one class) and DXT1 <-> DXT3 / RGBA8 (not) */
   GLuint s = compressed2d(GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 8, 4, zb, 16);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, s, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 4, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, s);
   api_glGetCompressedTexImage(GL_TEXTURE_2D, 0, gotb);
   CHECK(memcmp(gotb, blocks, 16) == 0, "DXT1 -> sRGB DXT1");
   uint8_t z3[16] = { 0 };
   GLuint d3 = compressed2d(GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 4, 4, z3, 16);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, d3, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLuint r8 = tex2d(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, r8, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);   /* 32-bit texels, 64-bit blocks */
   /* compressed alignment (INVALID_VALUE): offsets inside a block, sizes
    * not whole blocks short of the edge; a region ending at the edge is fine */
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 2, 0, 0, s, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, s, GL_TEXTURE_2D, 0, 0, 1, 0, 4, 3, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, s, GL_TEXTURE_2D, 0, 0, 0, 0, 6, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 4, 0, 0, s, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 3, 0, 0, 8, 4, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);       /* two texels from x = 3 leave the 4-wide image */
   GLuint list[6] = { a, b, c, s, d3, r8 };
   api_glDeleteTextures(6, list);

   /* RGTC2 (16-byte blocks) -> RGBA32F texels: the bits survive */
   uint8_t rg[16];
   for (int i = 0; i < 16; i++)
      rg[i] = (uint8_t)(0x30 + i);
   a = compressed2d(GL_COMPRESSED_RG_RGTC2, 4, 4, rg, 16);
   b = tex2d(GL_RGBA32F, 1, 1, GL_RGBA, GL_FLOAT, NULL);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glBindTexture(GL_TEXTURE_2D, b);
   api_glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f);
   CHECK(memcmp(f, rg, 16) == 0, "RGTC2 -> RGBA32F bits");
   api_glDeleteTextures(1, &a);
   api_glDeleteTextures(1, &b);

   /* LUMINANCE12_ALPHA4: texture in 8-bit storage, renderbuffer in 16-bit;
    * the values go across */
   const uint8_t la[2] = { 0x40, 0x90 };
   a = tex2d(GL_LUMINANCE12_ALPHA4, 1, 1, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la);
   GLuint rb, fbo;
   api_glGenRenderbuffers(1, &rb);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_LUMINANCE12_ALPHA4, 1, 1);
   api_glCopyImageSubData(a, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   api_glGenFramebuffers(1, &fbo);
   api_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   api_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   uint8_t px[4] = { 0 };
   api_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0x40 && px[3] == 0x90, "LUMINANCE12_ALPHA4 -> renderbuffer: %d %d", px[0],
         px[3]);
   /* RGBA8 renderbuffer and an RGB8 texture: other classes */
   GLuint rb2;
   api_glGenRenderbuffers(1, &rb2);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb2);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1, 1);
   b = tex2d(GL_RGB8, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, NULL);
   api_glCopyImageSubData(rb2, GL_RENDERBUFFER, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   api_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   api_glDeleteFramebuffers(1, &fbo);
   api_glDeleteRenderbuffers(1, &rb);
   api_glDeleteRenderbuffers(1, &rb2);
   api_glDeleteTextures(1, &a);
   api_glDeleteTextures(1, &b);
}

static void
test_errors(void)
{
   GLuint t[4], rb[2];
   api_glGenTextures(4, t);
   api_glGenRenderbuffers(2, rb);
   uint8_t px[16 * 16 * 4];
   memset(px, 0x5a, sizeof px);
   api_glBindTexture(GL_TEXTURE_2D, t[0]);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   api_glBindTexture(GL_TEXTURE_1D, t[1]);
   set_nearest(GL_TEXTURE_1D);
   api_glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   api_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
#define COPY(sn, st, sl, sx, sy, sz, dn, dt, dl, dx, dy, dz, w, h, d, err)                 \
   do {                                                                                   \
      api_glCopyImageSubData(sn, st, sl, sx, sy, sz, dn, dt, dl, dx, dy, dz, w, h, d);    \
      CHECK_GL_ERROR(err);                                                                \
   } while (0)

   /* a texture of one level and the default (mipmap) filter: complete
    * enough for copies of its base level */
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 16, 16, 1,
        GL_NO_ERROR);
   /* targets */
   static const GLenum bad_targets[] = { GL_TEXTURE_BUFFER, GL_TEXTURE_CUBE_MAP_POSITIVE_X,
                                         GL_PROXY_TEXTURE_2D, GL_FRAMEBUFFER, GL_NONE,
                                         GL_TEXTURE_2D_MULTISAMPLE + 100 };
   for (unsigned i = 0; i < sizeof bad_targets / sizeof bad_targets[0]; i++) {
      COPY(t[0], bad_targets[i], 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
           GL_INVALID_ENUM);
      COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[0], bad_targets[i], 0, 8, 8, 0, 1, 1, 1,
           GL_INVALID_ENUM);
   }
   /* target not the object's */
   COPY(t[0], GL_TEXTURE_3D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_ENUM);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_ENUM);
   /* names */
   COPY(4321, GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(0, GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, 4321, GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   /* generated, never bound / no storage; a texture without its base level */
   COPY(t[2], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_OPERATION);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[1], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_OPERATION);
   api_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[1], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_OPERATION);
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   api_glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   COPY(t[2], GL_TEXTURE_2D, 1, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_OPERATION);
   /* a cube map with five faces */
   api_glBindTexture(GL_TEXTURE_CUBE_MAP, t[3]);
   for (int f = 0; f < 5; f++)
      api_glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, px);
   set_nearest(GL_TEXTURE_CUBE_MAP);
   COPY(t[3], GL_TEXTURE_CUBE_MAP, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_OPERATION);
   api_glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, px);
   COPY(t[3], GL_TEXTURE_CUBE_MAP, 0, 0, 0, 5, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1,
        GL_NO_ERROR);
   /* levels */
   COPY(t[0], GL_TEXTURE_2D, 1, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, -1, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 1000, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 1, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   /* regions: negative, past each edge, in either image */
   COPY(t[0], GL_TEXTURE_2D, 0, -1, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, -1, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, -1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, -1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 8, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 9, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 8, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 9, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 1, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 2,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 9, 0, 0, 8, 1, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 15, 0, 1, 2, 1,
        GL_INVALID_VALUE);
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_1D, 0, 0, 1, 0, 1, 1, 1,
        GL_INVALID_VALUE);   /* a 1D image has one row */
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_1D, 0, 0, 0, 0, 2, 2, 1,
        GL_INVALID_VALUE);
   COPY(t[3], GL_TEXTURE_CUBE_MAP, 0, 0, 0, 3, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 4,
        GL_INVALID_VALUE);   /* faces 3..6 */
   COPY(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 0x7fffffff, 1, 1,
        GL_INVALID_VALUE);
   /* zero-sized regions at the edge copy nothing and are no error */
   COPY(t[0], GL_TEXTURE_2D, 0, 16, 16, 0, rb[0], GL_RENDERBUFFER, 0, 16, 16, 0, 0, 0, 0,
        GL_NO_ERROR);
   /* formats of other sizes */
   api_glBindTexture(GL_TEXTURE_2D, t[2]);
   api_glTexImage2D(GL_TEXTURE_2D, 0, GL_RG8, 16, 16, 0, GL_RG, GL_UNSIGNED_BYTE, px);
   api_glTexImage2D(GL_TEXTURE_2D, 1, GL_RG8, 8, 8, 0, GL_RG, GL_UNSIGNED_BYTE, px);
   set_nearest(GL_TEXTURE_2D);
   COPY(t[2], GL_TEXTURE_2D, 0, 0, 0, 0, rb[0], GL_RENDERBUFFER, 0, 0, 0, 0, 1, 1, 1,
        GL_INVALID_OPERATION);
   api_glDeleteTextures(4, t);
   api_glDeleteRenderbuffers(2, rb);
#undef COPY
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
   CHECK(ext && strstr(ext, "GL_ARB_copy_image "), "extension offered");
   test_errors();
   test_targets();
   test_levels();
   test_multisample();
   test_formats();
   CHECK_GL_ERROR(GL_NO_ERROR);
   test_env_fini(&e);
   return st_test_finish("st_test_copyimage");
}
