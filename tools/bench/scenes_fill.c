/*
 * Full-surface scenes: clears, opaque and blended fill, depth pass and
 * reject, texturing (nearest, bilinear, trilinear) and glReadPixels.
 *
 * A "pass" is one quad over the whole surface.  Opaque passes (fill,
 * texturing) and clears end with glFlush(): a tiling rasterizer
 * (llvmpipe) drops the binned work of an opaque pass that a later opaque
 * pass covers, so without the flush those scenes would time binning, not
 * filling.  Blended and depth-tested passes are not flushed: there
 * nothing can be dropped, and keeping the passes in one batch is a
 * tiler's fair advantage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const uint8_t black[4] = { 0, 0, 0, 0 };

/* The colour of pass k: opaque, every channel exactly n/255. */
static void
pass_colour(int k, uint8_t c[4])
{
   c[0] = (uint8_t)(40 + (k * 53) % 200);
   c[1] = (uint8_t)(30 + (k * 97) % 200);
   c[2] = (uint8_t)(20 + (k * 31) % 220);
   c[3] = 255;
}

/* The picture is colour c everywhere. */
static bool
check_uniform(struct bench_ctx *c, const uint8_t colour[4], int tol)
{
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, colour))
      abort();
   bool ok = bench_check_picture(c, &im, tol, 0);
   bench_image_free(&im);
   return ok;
}

struct passes_state {
   int passes;
};

/* ---- clear ---------------------------------------------------------------- */

/* A pass clears colour and depth, then draws an 8x8 square (a clear that
 * nothing draws over could stay a flag in a lazy driver; here every
 * clear must reach the pixels before the square does) and flushes. */
#define CLEAR_SQUARE 8

static const uint8_t white[4] = { 255, 255, 255, 255 };

static void
clear_square(const struct bench_ctx *c, int k, int *x, int *y, int *w, int *h)
{
   *w = c->w < CLEAR_SQUARE ? c->w : CLEAR_SQUARE;
   *h = c->h < CLEAR_SQUARE ? c->h : CLEAR_SQUARE;
   *x = (k * 131) % (c->w - *w + 1);
   *y = (k * 71) % (c->h - *h + 1);
}

static enum scene_setup
clear_setup(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   s->passes = bench_scaled(c, 16);
   bench_pixel_projection(c);
   return SETUP_OK;
}

static void
clear_frame(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   for (int k = 0; k < s->passes; k++) {
      uint8_t col[4];
      int x, y, w, h;
      pass_colour(k, col);
      glClearColor(col[0] / 255.0f, col[1] / 255.0f, col[2] / 255.0f, col[3] / 255.0f);
      glClearDepth((k & 1) ? 0.5 : 1.0);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      clear_square(c, k, &x, &y, &w, &h);
      glRecti(x, y, x + w, y + h);
      glFlush();
   }
}

/* The last clear's colour, and the last square white; tolerance 1. */
static bool
clear_check(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   uint8_t col[4];
   int x, y, w, h;
   pass_colour(s->passes - 1, col);
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, col))
      abort();
   clear_square(c, s->passes - 1, &x, &y, &w, &h);
   bench_image_rect(&im, x, y, w, h, white, BLEND_NONE);
   bool ok = bench_check_picture(c, &im, 1, 0);
   bench_image_free(&im);
   return ok;
}

/* ---- fill: opaque flat-coloured passes ------------------------------------ */

static enum scene_setup
fill_setup(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   s->passes = bench_scaled(c, 8);
   return SETUP_OK;
}

static void
fill_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct passes_state *s = p;
   for (int k = 0; k < s->passes; k++) {
      uint8_t col[4];
      pass_colour(k, col);
      glColor4ub(col[0], col[1], col[2], col[3]);
      bench_fullscreen_quad(0.0f, false, 0, 0);
      glFlush();
   }
}

static bool
fill_check(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   uint8_t col[4];
   pass_colour(s->passes - 1, col);
   return check_uniform(c, col, 1);
}

/* ---- blend: SRC_ALPHA, ONE_MINUS_SRC_ALPHA passes over a clear ------------ */

static const uint8_t blend_bg[4] = { 20, 60, 100, 255 };

static void
blend_colour(int k, uint8_t c[4])
{
   static const uint8_t alphas[3] = { 102, 128, 153 };   /* 0.4, ~0.5, 0.6 */
   pass_colour(k, c);
   c[3] = alphas[k % 3];
}

static enum scene_setup
blend_setup(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   s->passes = bench_scaled(c, 8);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   return SETUP_OK;
}

static void
blend_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct passes_state *s = p;
   glDisable(GL_BLEND);
   glClearColor(blend_bg[0] / 255.0f, blend_bg[1] / 255.0f, blend_bg[2] / 255.0f,
                blend_bg[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   for (int k = 0; k < s->passes; k++) {
      uint8_t col[4];
      blend_colour(k, col);
      glColor4ub(col[0], col[1], col[2], col[3]);
      bench_fullscreen_quad(0.0f, false, 0, 0);
   }
}

/* The blend equation applied pass by pass on the CPU, rounded to 8 bits
 * after each pass as the framebuffer is.  A driver may round each pass
 * one step differently; the error shrinks by 1 - alpha <= 0.6 per later
 * pass, so it stays below 1 / (1 - 0.6) = 2.5 steps: tolerance 3. */
static bool
blend_check(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   struct bench_image im;
   if (!bench_image_init(&im, 1, 1, blend_bg))
      abort();
   for (int k = 0; k < s->passes; k++) {
      uint8_t col[4];
      blend_colour(k, col);
      bench_image_rect(&im, 0, 0, 1, 1, col, BLEND_ALPHA);
   }
   uint8_t expect[4];
   memcpy(expect, im.rgba, 4);
   bench_image_free(&im);
   return check_uniform(c, expect, 3);
}

/* ---- depth-pass: each pass nearer than the last --------------------------- */

static enum scene_setup
depth_setup(struct bench_ctx *c, void *p, int passes)
{
   struct passes_state *s = p;
   s->passes = bench_scaled(c, passes);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   return SETUP_OK;
}

static enum scene_setup
depth_pass_setup(struct bench_ctx *c, void *p)
{
   return depth_setup(c, p, 8);
}

static float
pass_depth(int k, int passes, bool nearer)
{
   float t = passes > 1 ? (float)k / (float)(passes - 1) : 0.0f;
   return nearer ? 0.9f - 1.5f * t : -0.5f + 1.4f * t;
}

static void
depth_pass_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct passes_state *s = p;
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   for (int k = 0; k < s->passes; k++) {
      uint8_t col[4];
      pass_colour(k, col);
      glColor4ub(col[0], col[1], col[2], col[3]);
      bench_fullscreen_quad(pass_depth(k, s->passes, true), false, 0, 0);
   }
}

static bool
depth_pass_check(struct bench_ctx *c, void *p)
{
   struct passes_state *s = p;
   uint8_t col[4];
   pass_colour(s->passes - 1, col);
   return check_uniform(c, col, 1);
}

/* ---- depth-reject: one near pass, then passes behind it ------------------- */

static const uint8_t front_colour[4] = { 200, 180, 40, 255 };

static enum scene_setup
depth_reject_setup(struct bench_ctx *c, void *p)
{
   return depth_setup(c, p, 16);
}

static void
depth_reject_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct passes_state *s = p;
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glColor4ub(front_colour[0], front_colour[1], front_colour[2], front_colour[3]);
   bench_fullscreen_quad(-0.9f, false, 0, 0);
   for (int k = 0; k < s->passes; k++) {
      uint8_t col[4];
      pass_colour(k, col);
      glColor4ub(col[0], col[1], col[2], col[3]);
      bench_fullscreen_quad(pass_depth(k, s->passes, false), false, 0, 0);
   }
}

static bool
depth_reject_check(struct bench_ctx *c, void *p)
{
   (void)p;
   return check_uniform(c, front_colour, 1);
}

/* ---- texturing ------------------------------------------------------------ */

/* One 256x256 RGBA8 texture, GL_REPEAT, GL_REPLACE.  nearest and bilinear:
 * 16x16-texel cells, each its own colour, magnified 4x (a texel covers
 * 4x4 pixels, pixel centres fall at 1/8, 3/8, 5/8 and 7/8 of a texel, so
 * the nearest texel and the bilinear weights are exact).  trilinear: a
 * full mipmap chain whose level L has 4x4 cells coloured by (L, cell),
 * minified by 2^1.5, so that lambda = 1.5 and every pixel is the mean of
 * levels 1 and 2. */
#define TEX_SIZE 256
#define TEX_CELL 16
#define TRI_RHO 2.8284271247461903   /* base texels per pixel: 2^1.5 */

enum tex_kind { TEX_NEAREST, TEX_BILINEAR, TEX_TRILINEAR };

struct tex_state {
   GLuint tex;
   int passes;
   enum tex_kind kind;
};

static void
cell_colour(int ci, int cj, uint8_t c[4])
{
   c[0] = (uint8_t)(ci * 16 + 8);
   c[1] = (uint8_t)(cj * 16 + 8);
   c[2] = ((ci ^ cj) & 1) ? 220 : 40;
   c[3] = 255;
}

static void
texel(int i, int j, uint8_t c[4])
{
   i &= TEX_SIZE - 1;
   j &= TEX_SIZE - 1;
   cell_colour(i / TEX_CELL, j / TEX_CELL, c);
}

static void
level_colour(int level, int ci, int cj, uint8_t c[4])
{
   c[0] = (uint8_t)(20 + ci * 40 + (level % 4) * 30);
   c[1] = (uint8_t)(20 + cj * 40);
   c[2] = (uint8_t)(230 - (level % 4) * 30 - ((ci ^ cj) & 1) * 60);
   c[3] = 255;
}

static enum scene_setup
tex_setup(struct bench_ctx *c, struct tex_state *s, enum tex_kind kind)
{
   s->kind = kind;
   s->passes = bench_scaled(c, 4);
   uint8_t *texels = malloc(TEX_SIZE * TEX_SIZE * 4);
   if (!texels)
      abort();
   glGenTextures(1, &s->tex);
   glBindTexture(GL_TEXTURE_2D, s->tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   if (kind != TEX_TRILINEAR) {
      for (int j = 0; j < TEX_SIZE; j++)
         for (int i = 0; i < TEX_SIZE; i++)
            texel(i, j, &texels[(j * TEX_SIZE + i) * 4]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TEX_SIZE, TEX_SIZE, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
      GLint filter = kind == TEX_NEAREST ? GL_NEAREST : GL_LINEAR;
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
   } else {
      for (int level = 0, size = TEX_SIZE; size >= 1; level++, size /= 2) {
         int cell = size >= 4 ? size / 4 : 1;
         for (int j = 0; j < size; j++)
            for (int i = 0; i < size; i++)
               level_colour(level, size >= 4 ? i / cell : 0, size >= 4 ? j / cell : 0,
                            &texels[(j * size + i) * 4]);
         glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, texels);
      }
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   }
   free(texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glEnable(GL_TEXTURE_2D);
   return SETUP_OK;
}

static enum scene_setup
tex_nearest_setup(struct bench_ctx *c, void *p)
{
   return tex_setup(c, p, TEX_NEAREST);
}

static enum scene_setup
tex_bilinear_setup(struct bench_ctx *c, void *p)
{
   return tex_setup(c, p, TEX_BILINEAR);
}

static enum scene_setup
tex_trilinear_setup(struct bench_ctx *c, void *p)
{
   return tex_setup(c, p, TEX_TRILINEAR);
}

static void
tex_frame(struct bench_ctx *c, void *p)
{
   struct tex_state *s = p;
   float ss, tt;
   if (s->kind == TEX_TRILINEAR) {
      ss = (float)(c->w * TRI_RHO / TEX_SIZE);
      tt = (float)(c->h * TRI_RHO / TEX_SIZE);
   } else {
      ss = (float)c->w / (4.0f * TEX_SIZE);
      tt = (float)c->h / (4.0f * TEX_SIZE);
   }
   for (int k = 0; k < s->passes; k++) {
      bench_fullscreen_quad(0.0f, true, ss, tt);
      glFlush();
   }
}

/* nearest: texel (x/4, y/4) everywhere, tolerance 1.
 * bilinear: the four texels around u = (x + 0.5) / 4 - 0.5 (wrapped),
 * weighted in double: the weights (1/8, 3/8, 5/8, 7/8) are exact in
 * 8-bit fixed point too, so tolerance 2 covers rounding.
 * trilinear: pixels at least 3 pixels from a cell edge (the filter
 * footprint of level 2 is about 1.4 pixels), (level 1 + level 2) / 2;
 * tolerance 5 = rounding plus an error of 0.1 in lambda (levels 1 and 2
 * differ by 30 in red and blue). */
static bool
tex_check(struct bench_ctx *c, void *p)
{
   struct tex_state *s = p;
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, black))
      abort();
   int tol = 1;
   for (int y = 0; y < c->h; y++)
      for (int x = 0; x < c->w; x++) {
         uint8_t e[4];
         size_t idx = (size_t)y * c->w + x;
         if (s->kind == TEX_NEAREST) {
            texel(x / 4, y / 4, e);
         } else if (s->kind == TEX_BILINEAR) {
            double u = (x + 0.5) / 4.0 - 0.5, v = (y + 0.5) / 4.0 - 0.5;
            int i0 = (int)floor(u), j0 = (int)floor(v);
            double a = u - i0, b = v - j0;
            uint8_t t00[4], t10[4], t01[4], t11[4];
            texel(i0, j0, t00);
            texel(i0 + 1, j0, t10);
            texel(i0, j0 + 1, t01);
            texel(i0 + 1, j0 + 1, t11);
            for (int k = 0; k < 4; k++)
               e[k] = bench_unorm8(((1 - a) * (1 - b) * t00[k] + a * (1 - b) * t10[k] +
                                    (1 - a) * b * t01[k] + a * b * t11[k]) / 255.0);
            tol = 2;
         } else {
            double u = (x + 0.5) * TRI_RHO, v = (y + 0.5) * TRI_RHO;
            double fu = fmod(u, 64.0), fv = fmod(v, 64.0);
            double du = fmin(fu, 64.0 - fu) / TRI_RHO, dv = fmin(fv, 64.0 - fv) / TRI_RHO;
            if (du < 3.0 || dv < 3.0) {
               im.care[idx] = 0;
               continue;
            }
            int ci = (int)(u / 64.0) % 4, cj = (int)(v / 64.0) % 4;
            uint8_t l1[4], l2[4];
            level_colour(1, ci, cj, l1);
            level_colour(2, ci, cj, l2);
            for (int k = 0; k < 4; k++)
               e[k] = (uint8_t)((l1[k] + l2[k] + 1) / 2);
            tol = 5;
         }
         memcpy(&im.rgba[idx * 4], e, 4);
      }
   bool ok = bench_check_picture(c, &im, tol, 0);
   bench_image_free(&im);
   return ok;
}

static void
tex_teardown(struct bench_ctx *c, void *p)
{
   (void)c;
   struct tex_state *s = p;
   glDeleteTextures(1, &s->tex);
}

/* ---- readpixels ----------------------------------------------------------- */

/* Setup paints a pattern with scissored clears; each frame clears one
 * small rectangle and reads the whole surface back, passes times. */
struct readpix_state {
   int passes;
   uint8_t *buf;
   struct bench_image im;   /* the expected picture */
};

#define READPIX_RECTS 12

static void
readpix_rect(const struct bench_ctx *c, uint32_t *seed, int *x, int *y, int *w, int *h)
{
   *w = 1 + (int)(bench_lcg(seed) * c->w / 2);
   *h = 1 + (int)(bench_lcg(seed) * c->h / 2);
   *x = (int)(bench_lcg(seed) * (c->w - *w + 1));
   *y = (int)(bench_lcg(seed) * (c->h - *h + 1));
}

static void
scissored_clear(const struct bench_ctx *c, int x, int y, int w, int h,
                const uint8_t col[4], struct bench_image *im)
{
   (void)c;
   glScissor(x, y, w, h);
   glClearColor(col[0] / 255.0f, col[1] / 255.0f, col[2] / 255.0f, col[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   if (im)
      bench_image_rect(im, x, y, w, h, col, BLEND_NONE);
}

static void
small_rect(const struct bench_ctx *c, int k, int *x, int *y, int *w, int *h)
{
   *w = c->w < 16 ? c->w : 16;
   *h = c->h < 16 ? c->h : 16;
   *x = (k * 97) % (c->w - *w + 1);
   *y = (k * 61) % (c->h - *h + 1);
}

static enum scene_setup
readpix_setup(struct bench_ctx *c, void *p)
{
   struct readpix_state *s = p;
   s->passes = bench_scaled(c, 8);
   s->buf = malloc((size_t)c->w * c->h * 4);
   if (!s->buf || !bench_image_init(&s->im, c->w, c->h, black))
      abort();
   memset(s->buf, 0, (size_t)c->w * c->h * 4);
   glEnable(GL_SCISSOR_TEST);
   uint32_t seed = 777;
   for (int r = 0; r < READPIX_RECTS; r++) {
      int x, y, w, h;
      uint8_t col[4];
      readpix_rect(c, &seed, &x, &y, &w, &h);
      pass_colour(r, col);
      col[3] = (uint8_t)(r * 20);
      scissored_clear(c, x, y, w, h, col, &s->im);
   }
   for (int k = 0; k < s->passes; k++) {
      int x, y, w, h;
      uint8_t col[4];
      small_rect(c, k, &x, &y, &w, &h);
      pass_colour(k + 100, col);
      bench_image_rect(&s->im, x, y, w, h, col, BLEND_NONE);
   }
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   return SETUP_OK;
}

static void
readpix_frame(struct bench_ctx *c, void *p)
{
   struct readpix_state *s = p;
   for (int k = 0; k < s->passes; k++) {
      int x, y, w, h;
      uint8_t col[4];
      small_rect(c, k, &x, &y, &w, &h);
      pass_colour(k + 100, col);
      scissored_clear(c, x, y, w, h, col, NULL);
      glReadPixels(0, 0, c->w, c->h, GL_RGBA, GL_UNSIGNED_BYTE, s->buf);
   }
}

/* The buffer of the last glReadPixels: the pattern and every small
 * rectangle, exactly (tolerance 1). */
static bool
readpix_check(struct bench_ctx *c, void *p)
{
   struct readpix_state *s = p;
   return bench_compare(c, s->buf, &s->im, 1, 0);
}

static void
readpix_teardown(struct bench_ctx *c, void *p)
{
   (void)c;
   struct readpix_state *s = p;
   free(s->buf);
   bench_image_free(&s->im);
}

const struct scene bench_scenes_fill[] = {
   { "clear", "16 x (glClear(colour + depth) of the surface, an 8x8 square, glFlush)",
     0, sizeof(struct passes_state), clear_setup, clear_frame, clear_check, NULL },
   { "fill", "8 opaque flat-coloured full-surface quads, each flushed",
     0, sizeof(struct passes_state), fill_setup, fill_frame, fill_check, NULL },
   { "blend", "clear + 8 full-surface quads blended SRC_ALPHA, ONE_MINUS_SRC_ALPHA",
     0, sizeof(struct passes_state), blend_setup, blend_frame, blend_check, NULL },
   { "depth-pass", "clear + 8 full-surface quads, GL_LESS, each nearer (all pass)",
     0, sizeof(struct passes_state), depth_pass_setup, depth_pass_frame, depth_pass_check, NULL },
   { "depth-reject", "clear + a near full-surface quad + 16 behind it (all rejected)",
     0, sizeof(struct passes_state), depth_reject_setup, depth_reject_frame,
     depth_reject_check, NULL },
   { "tex-nearest", "4 full-surface quads, 256x256 RGBA8 texture, GL_NEAREST, 4x magnified",
     0, sizeof(struct tex_state), tex_nearest_setup, tex_frame, tex_check, tex_teardown },
   { "tex-bilinear", "4 full-surface quads, 256x256 RGBA8 texture, GL_LINEAR, 4x magnified",
     0, sizeof(struct tex_state), tex_bilinear_setup, tex_frame, tex_check, tex_teardown },
   { "tex-trilinear", "4 full-surface quads, mipmapped 256x256, LINEAR_MIPMAP_LINEAR, lambda 1.5",
     0, sizeof(struct tex_state), tex_trilinear_setup, tex_frame, tex_check, tex_teardown },
   { "readpixels", "8 x (a 16x16 scissored clear + glReadPixels RGBA/UNSIGNED_BYTE of the surface)",
     0, sizeof(struct readpix_state), readpix_setup, readpix_frame, readpix_check,
     readpix_teardown },
};
const int bench_num_scenes_fill = (int)(sizeof(bench_scenes_fill) / sizeof(bench_scenes_fill[0]));
