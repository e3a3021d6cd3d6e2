/*
 * Geometry-bound scenes: small triangles, culled triangles, and many
 * small draws with and without state changes.  Vertices come from a
 * vertex buffer object (GL 1.5; n/a below it) in pixel coordinates
 * (bench_pixel_projection), so every covered pixel can be predicted.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const uint8_t black[4] = { 0, 0, 0, 0 };

static void
layer_colour(int k, uint8_t c[4])
{
   c[0] = (uint8_t)(60 + (k * 71) % 190);
   c[1] = (uint8_t)(50 + (k * 43) % 200);
   c[2] = (uint8_t)(40 + (k * 29) % 210);
   c[3] = 255;
}

static GLuint
make_vbo(const struct bench_ctx *c, const float *data, size_t floats)
{
   GLuint vbo;
   c->gl->GenBuffers(1, &vbo);
   c->gl->BindBuffer(GL_ARRAY_BUFFER, vbo);
   c->gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(floats * sizeof(float)), data,
                     GL_STATIC_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glVertexPointer(2, GL_FLOAT, 0, NULL);
   return vbo;
}

/* ---- small-tris and culled ------------------------------------------------ */

/* A grid of right triangles, legs 4 pixels (area 8), one per 5x5-pixel
 * cell, corners at a quarter pixel past the cell's corner: they cover
 * the pixel centres (i + 0.5, j + 0.5) of the cell with i + j <= 3, ten
 * pixels, none of them on an edge.  A frame draws tris triangles:
 * whole grids ("layers") in turn, each layer its own colour. */
#define TRI_CELL 5
#define TRI_LEG 4.0f

struct tris_state {
   GLuint vbo;
   int cols, rows;   /* the grid */
   int tris;         /* triangles per frame */
   bool culled;      /* clockwise, GL_CULL_FACE on; plus one marker */
};

static int
grid_size(const struct tris_state *s)
{
   return s->cols * s->rows;
}

static enum scene_setup
tris_setup(struct bench_ctx *c, struct tris_state *s, bool culled, int tris)
{
   if (!c->gl->has_15) {
      snprintf(c->why, sizeof(c->why), "needs GL 1.5: vertex buffer objects");
      return SETUP_NA;
   }
   s->culled = culled;
   s->cols = c->w / TRI_CELL;
   s->rows = c->h / TRI_CELL;
   if (grid_size(s) < 1) {
      snprintf(c->why, sizeof(c->why), "surface smaller than one %dx%d cell", TRI_CELL, TRI_CELL);
      return SETUP_FAILED;
   }
   s->tris = bench_scaled(c, tris);
   int n = grid_size(s) + 1;   /* + the marker of culled */
   float *v = malloc(sizeof(float) * 6 * (size_t)n);
   if (!v)
      abort();
   for (int t = 0; t < n; t++) {
      int cell = t < grid_size(s) ? t : 0;
      float x = (float)(cell % s->cols * TRI_CELL) + 0.25f;
      float y = (float)(cell / s->cols * TRI_CELL) + 0.25f;
      bool cw = culled && t < grid_size(s);
      float *p = &v[t * 6];
      p[0] = x;
      p[1] = y;
      p[2] = cw ? x : x + TRI_LEG;
      p[3] = cw ? y + TRI_LEG : y;
      p[4] = cw ? x + TRI_LEG : x;
      p[5] = cw ? y : y + TRI_LEG;
   }
   s->vbo = make_vbo(c, v, 6 * (size_t)n);
   free(v);
   bench_pixel_projection(c);
   if (culled) {
      glEnable(GL_CULL_FACE);
      glCullFace(GL_BACK);
      glFrontFace(GL_CCW);
   }
   return SETUP_OK;
}

static enum scene_setup
small_tris_setup(struct bench_ctx *c, void *p)
{
   return tris_setup(c, p, false, 160000);
}

static enum scene_setup
culled_setup(struct bench_ctx *c, void *p)
{
   return tris_setup(c, p, true, 800000);
}

static void
tris_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct tris_state *s = p;
   glClear(GL_COLOR_BUFFER_BIT);
   int g = grid_size(s);
   for (int layer = 0, left = s->tris; left > 0; layer++, left -= g) {
      uint8_t col[4];
      layer_colour(layer, col);
      glColor4ub(col[0], col[1], col[2], col[3]);
      glDrawArrays(GL_TRIANGLES, 0, 3 * (left < g ? left : g));
   }
   if (s->culled) {
      glColor4ub(255, 255, 255, 255);
      glDrawArrays(GL_TRIANGLES, 3 * g, 3);
   }
}

/* small-tris: every cell's ten pixels in the colour of the last layer
 * that drew it, everything else black; culled: only the marker's ten
 * pixels, white.  Tolerance 1 per channel; at most 0.1% of the covered
 * pixels may differ (none did on llvmpipe, softpipe or refpipe). */
static bool
tris_check(struct bench_ctx *c, void *p)
{
   struct tris_state *s = p;
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, black))
      abort();
   int g = grid_size(s);
   int layers = (s->tris + g - 1) / g;
   int last_count = s->tris - (layers - 1) * g;
   long covered = 0;
   int cells = s->culled ? 1 : g;
   for (int t = 0; t < cells; t++) {
      uint8_t col[4];
      if (s->culled)
         memset(col, 255, 4);
      else if (t < last_count)
         layer_colour(layers - 1, col);
      else if (layers > 1)
         layer_colour(layers - 2, col);
      else
         continue;   /* never drawn */
      int x0 = t % s->cols * TRI_CELL, y0 = t / s->cols * TRI_CELL;
      for (int j = 0; j < 4; j++)
         for (int i = 0; i + j <= 3; i++) {
            bench_image_set(&im, x0 + i, y0 + j, col);
            covered++;
         }
   }
   bool ok = bench_check_picture(c, &im, 1, covered / 1000);
   bench_image_free(&im);
   return ok;
}

static void
tris_teardown(struct bench_ctx *c, void *p)
{
   struct tris_state *s = p;
   c->gl->BindBuffer(GL_ARRAY_BUFFER, 0);
   c->gl->DeleteBuffers(1, &s->vbo);
}

/* ---- draws and draws-state ------------------------------------------------ */

/* draws small squares, one glDrawArrays(GL_TRIANGLES, 6 * i, 6) each, on
 * a grid of cells, squares half a cell wide: draws 16384 of them (128x128
 * cells of 8 pixels at 1024x1024), draws-state 4096 (64x64 cells of 16).  draws-state changes state before
 * every draw: the bound texture (one of three 2x2 single-colour
 * textures, GL_MODULATE), the colour, blending on or off and the blend
 * function (SRC_ALPHA, ONE_MINUS_SRC_ALPHA or ONE, ONE). */
struct draws_state {
   GLuint vbo;
   GLuint tex[3];
   int draws;
   int cell, gx, gy;
   bool state_changes;
};

static const uint8_t draws_bg[4] = { 30, 40, 50, 255 };
static const uint8_t draws_tex[3][4] = {
   { 255, 128, 64, 200 }, { 64, 255, 128, 128 }, { 128, 64, 255, 255 },
};

static void
draw_rect(const struct draws_state *s, int i, int *x, int *y, int *q)
{
   *q = s->cell / 2;
   *x = (i % s->gx) * s->cell;
   *y = (i / s->gx % s->gy) * s->cell;
}

static void
draw_colour(int i, uint8_t c[4])
{
   c[0] = (uint8_t)(255 - (i * 13) % 128);
   c[1] = (uint8_t)(255 - (i * 29) % 128);
   c[2] = (uint8_t)(255 - (i * 7) % 128);
   c[3] = (uint8_t)(255 - (i * 17) % 100);
}

static enum bench_blend
draw_blend(int i)
{
   return (i & 1) == 0 ? BLEND_NONE : (i & 2) ? BLEND_ALPHA : BLEND_ADD;
}

static enum scene_setup
draws_setup_common(struct bench_ctx *c, struct draws_state *s, bool state_changes)
{
   if (!c->gl->has_15) {
      snprintf(c->why, sizeof(c->why), "needs GL 1.5: vertex buffer objects");
      return SETUP_NA;
   }
   s->state_changes = state_changes;
   s->draws = bench_scaled(c, state_changes ? 4096 : 16384);
   int cols = (int)ceil(sqrt((double)s->draws));
   s->cell = (c->w < c->h ? c->w : c->h) / cols;
   if (s->cell < 2)
      s->cell = 2;
   s->gx = c->w / s->cell;
   s->gy = c->h / s->cell;
   if (s->gx < 1 || s->gy < 1) {
      snprintf(c->why, sizeof(c->why), "surface too small");
      return SETUP_FAILED;
   }
   float *v = malloc(sizeof(float) * 12 * (size_t)s->draws);
   if (!v)
      abort();
   for (int i = 0; i < s->draws; i++) {
      int x, y, q;
      draw_rect(s, i, &x, &y, &q);
      const float xs[6] = { 0, 1, 1, 0, 1, 0 }, ys[6] = { 0, 0, 1, 0, 1, 1 };
      for (int k = 0; k < 6; k++) {
         v[i * 12 + k * 2] = (float)(x + xs[k] * q);
         v[i * 12 + k * 2 + 1] = (float)(y + ys[k] * q);
      }
   }
   s->vbo = make_vbo(c, v, 12 * (size_t)s->draws);
   free(v);
   bench_pixel_projection(c);
   glClearColor(draws_bg[0] / 255.0f, draws_bg[1] / 255.0f, draws_bg[2] / 255.0f,
                draws_bg[3] / 255.0f);
   if (state_changes) {
      glGenTextures(3, s->tex);
      for (int t = 0; t < 3; t++) {
         uint8_t texels[2 * 2 * 4];
         for (int k = 0; k < 4; k++)
            memcpy(&texels[k * 4], draws_tex[t], 4);
         glBindTexture(GL_TEXTURE_2D, s->tex[t]);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      }
      glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
      glTexCoord2f(0.5f, 0.5f);
      glEnable(GL_TEXTURE_2D);
   } else {
      glColor4ub(220, 160, 90, 255);
   }
   return SETUP_OK;
}

static enum scene_setup
draws_setup(struct bench_ctx *c, void *p)
{
   return draws_setup_common(c, p, false);
}

static enum scene_setup
draws_state_setup(struct bench_ctx *c, void *p)
{
   return draws_setup_common(c, p, true);
}

static void
draws_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct draws_state *s = p;
   glDisable(GL_BLEND);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i < s->draws; i++) {
      if (s->state_changes) {
         uint8_t col[4];
         draw_colour(i, col);
         glBindTexture(GL_TEXTURE_2D, s->tex[i % 3]);
         glColor4ub(col[0], col[1], col[2], col[3]);
         switch (draw_blend(i)) {
         case BLEND_NONE:
            glDisable(GL_BLEND);
            break;
         case BLEND_ALPHA:
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
            break;
         case BLEND_ADD:
            glEnable(GL_BLEND);
            glBlendFunc(GL_ONE, GL_ONE);
            break;
         }
      }
      glDrawArrays(GL_TRIANGLES, 6 * i, 6);
   }
}

/* The draws replayed on the CPU in order: the texel times the colour
 * (GL_MODULATE), then the blend.  Tolerance 1 without state changes,
 * 3 with them (the product and the blend each round once). */
static bool
draws_check(struct bench_ctx *c, void *p)
{
   struct draws_state *s = p;
   struct bench_image im;
   if (!bench_image_init(&im, c->w, c->h, draws_bg))
      abort();
   for (int i = 0; i < s->draws; i++) {
      int x, y, q;
      uint8_t src[4] = { 220, 160, 90, 255 };
      enum bench_blend mode = BLEND_NONE;
      draw_rect(s, i, &x, &y, &q);
      if (s->state_changes) {
         uint8_t col[4];
         draw_colour(i, col);
         for (int k = 0; k < 4; k++)
            src[k] = bench_unorm8(draws_tex[i % 3][k] / 255.0 * (col[k] / 255.0));
         mode = draw_blend(i);
      }
      bench_image_rect(&im, x, y, q, q, src, mode);
   }
   bool ok = bench_check_picture(c, &im, s->state_changes ? 3 : 1, 0);
   bench_image_free(&im);
   return ok;
}

static void
draws_teardown(struct bench_ctx *c, void *p)
{
   struct draws_state *s = p;
   c->gl->BindBuffer(GL_ARRAY_BUFFER, 0);
   c->gl->DeleteBuffers(1, &s->vbo);
   if (s->state_changes)
      glDeleteTextures(3, s->tex);
}

const struct scene bench_scenes_geom[] = {
   { "small-tris", "160k triangles of 8 pixels (legs 4 px) from a VBO, one colour per grid",
     0, sizeof(struct tris_state), small_tris_setup, tris_frame, tris_check, tris_teardown },
   { "culled", "800k back-facing small triangles from a VBO, GL_CULL_FACE (all culled)",
     0, sizeof(struct tris_state), culled_setup, tris_frame, tris_check, tris_teardown },
   { "draws", "16384 glDrawArrays of a 4x4 square each, no state change between them",
     0, sizeof(struct draws_state), draws_setup, draws_frame, draws_check, draws_teardown },
   { "draws-state", "4096 glDrawArrays of an 8x8 square, texture/colour/blend changed before each",
     0, sizeof(struct draws_state), draws_state_setup, draws_frame, draws_check,
     draws_teardown },
};
const int bench_num_scenes_geom = (int)(sizeof(bench_scenes_geom) / sizeof(bench_scenes_geom[0]));
