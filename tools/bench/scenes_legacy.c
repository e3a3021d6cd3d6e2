/*
 * The legacy workloads (pony-bench before issue B): 256x256 by default,
 * not in the default set, names and work unchanged so that the figures
 * in docs/performance.md stay comparable.  Their check is only that the
 * picture is not all black, as before.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* ---- (a) small lit triangles through glDrawArrays ---------------------- */

struct ltris_state {
   float *pos, *nrm;
   int count;  /* triangles */
};

static enum scene_setup
ltris_setup(struct bench_ctx *c, void *p)
{
   struct ltris_state *s = p;
   s->count = bench_scaled(c, 10000);
   s->pos = malloc(sizeof(float) * 9 * (size_t)s->count);
   s->nrm = malloc(sizeof(float) * 9 * (size_t)s->count);
   if (!s->pos || !s->nrm)
      abort();
   uint32_t seed = 12345;
   /* triangles of about 6 pixels on a side scattered over the surface */
   float dx = 12.0f / c->w, dy = 12.0f / c->h;
   for (int t = 0; t < s->count; t++) {
      float cx = bench_lcg(&seed) * 2 - 1, cy = bench_lcg(&seed) * 2 - 1;
      float cz = bench_lcg(&seed) * 2 - 1;
      float *v = &s->pos[t * 9], *n = &s->nrm[t * 9];
      v[0] = cx;      v[1] = cy;      v[2] = cz;
      v[3] = cx + dx; v[4] = cy;      v[5] = cz;
      v[6] = cx;      v[7] = cy + dy; v[8] = cz;
      float nx = bench_lcg(&seed) - 0.5f, ny = bench_lcg(&seed) - 0.5f;
      float len = sqrtf(nx * nx + ny * ny + 1.0f);
      for (int k = 0; k < 3; k++) {
         n[k * 3 + 0] = nx / len;
         n[k * 3 + 1] = ny / len;
         n[k * 3 + 2] = 1.0f / len;
      }
   }
   static const float light_pos[4] = { 0.3f, 0.5f, 1.0f, 0.0f };
   static const float diffuse[4] = { 0.9f, 0.7f, 0.5f, 1.0f };
   static const float specular[4] = { 1, 1, 1, 1 };
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glLightfv(GL_LIGHT0, GL_POSITION, light_pos);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE, diffuse);
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, specular);
   glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 16.0f);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_NORMAL_ARRAY);
   glVertexPointer(3, GL_FLOAT, 0, s->pos);
   glNormalPointer(GL_FLOAT, 0, s->nrm);
   return SETUP_OK;
}

static void
ltris_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct ltris_state *s = p;
   glDrawArrays(GL_TRIANGLES, 0, s->count * 3);
}

static void
ltris_teardown(struct bench_ctx *c, void *p)
{
   (void)c;
   struct ltris_state *s = p;
   free(s->pos);
   free(s->nrm);
}

/* ---- (b) full-screen textured quads with depth test -------------------- */

struct quads_state {
   GLuint tex;
   float *pos, *tc;
   int count;  /* quads */
};

static enum scene_setup
quads_setup(struct bench_ctx *c, void *p)
{
   struct quads_state *s = p;
   s->count = bench_scaled(c, 200);
   uint8_t texels[64 * 64 * 4];
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         uint8_t *t = &texels[(y * 64 + x) * 4];
         t[0] = (uint8_t)(x * 4);
         t[1] = (uint8_t)(y * 4);
         t[2] = (uint8_t)(((x >> 3) ^ (y >> 3)) & 1 ? 255 : 40);
         t[3] = 255;
      }
   glGenTextures(1, &s->tex);
   glBindTexture(GL_TEXTURE_2D, s->tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glEnable(GL_TEXTURE_2D);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   /* Each quad is nearer than the one before, so every fragment passes
    * the depth test and is written: the worst case. */
   s->pos = malloc(sizeof(float) * 12 * (size_t)s->count);
   s->tc = malloc(sizeof(float) * 8 * (size_t)s->count);
   if (!s->pos || !s->tc)
      abort();
   for (int q = 0; q < s->count; q++) {
      float z = 0.99f - 1.98f * (float)q / (float)s->count;
      float off = (float)q / 16.0f;
      static const float corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
      for (int k = 0; k < 4; k++) {
         s->pos[q * 12 + k * 3 + 0] = corner[k][0];
         s->pos[q * 12 + k * 3 + 1] = corner[k][1];
         s->pos[q * 12 + k * 3 + 2] = z;
         s->tc[q * 8 + k * 2 + 0] = (corner[k][0] + 1) * 2 + off;
         s->tc[q * 8 + k * 2 + 1] = (corner[k][1] + 1) * 2;
      }
   }
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glVertexPointer(3, GL_FLOAT, 0, s->pos);
   glTexCoordPointer(2, GL_FLOAT, 0, s->tc);
   return SETUP_OK;
}

static void
quads_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct quads_state *s = p;
   glClear(GL_DEPTH_BUFFER_BIT);
   for (int q = 0; q < s->count; q++) {
      glColor4f(1.0f, 0.5f + 0.5f * (float)(q & 1), 1.0f, 1.0f);
      glDrawArrays(GL_QUADS, q * 4, 4);
   }
}

static void
quads_teardown(struct bench_ctx *c, void *p)
{
   (void)c;
   struct quads_state *s = p;
   glDeleteTextures(1, &s->tex);
   free(s->pos);
   free(s->tc);
}

/* ---- (c) glDrawPixels of a 256x256 RGBA image --------------------------- */

struct drawpix_state {
   uint8_t *image;
   int reps;
};

static enum scene_setup
drawpix_setup(struct bench_ctx *c, void *p)
{
   struct drawpix_state *s = p;
   s->reps = bench_scaled(c, 20);
   s->image = malloc(256 * 256 * 4);
   if (!s->image)
      abort();
   for (int y = 0; y < 256; y++)
      for (int x = 0; x < 256; x++) {
         uint8_t *px = &s->image[(y * 256 + x) * 4];
         px[0] = (uint8_t)x;
         px[1] = (uint8_t)y;
         px[2] = (uint8_t)(x ^ y);
         px[3] = 255;
      }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glRasterPos2f(-1.0f, -1.0f);
   return SETUP_OK;
}

static void
drawpix_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct drawpix_state *s = p;
   for (int i = 0; i < s->reps; i++)
      glDrawPixels(256, 256, GL_RGBA, GL_UNSIGNED_BYTE, s->image);
}

static void
drawpix_teardown(struct bench_ctx *c, void *p)
{
   (void)c;
   struct drawpix_state *s = p;
   free(s->image);
}

/* ---- (d) a 100k-vertex line loop in immediate mode (like longprim) ----- */

struct lineloop_state {
   int verts;
};

static enum scene_setup
lineloop_setup(struct bench_ctx *c, void *p)
{
   struct lineloop_state *s = p;
   s->verts = bench_scaled(c, 100000);
   if (s->verts < 2)
      s->verts = 2;
   return SETUP_OK;
}

static void
lineloop_frame(struct bench_ctx *c, void *p)
{
   (void)c;
   struct lineloop_state *s = p;
   glBegin(GL_LINE_LOOP);
   for (int i = 0; i < s->verts; i++) {
      /* a spiral crossing the surface many times */
      float a = (float)i * 0.37f, r = 0.1f + 0.85f * (float)i / (float)s->verts;
      glColor3f(0.5f + 0.5f * cosf(a), 0.5f + 0.5f * sinf(a), 1.0f);
      glVertex2f(r * cosf(a), r * sinf(a));
   }
   glEnd();
}

/* Any pixel differs from the clear colour (0,0,0,0). */
bool
bench_drew_something(struct bench_ctx *c)
{
   uint8_t *px = bench_read_rgba(c);
   size_t n = (size_t)c->w * c->h * 4;
   bool any = false;
   for (size_t i = 0; i < n && !any; i++)
      any = px[i] != 0;
   free(px);
   if (!any)
      snprintf(c->why, sizeof(c->why), "drew nothing");
   return any;
}

static bool
legacy_check(struct bench_ctx *c, void *p)
{
   (void)p;
   return bench_drew_something(c);
}

const struct scene bench_scenes_legacy[] = {
   { "tris", "legacy: 10k small lit triangles (glDrawArrays, vertex+normal arrays)",
     SCENE_LEGACY, sizeof(struct ltris_state), ltris_setup, ltris_frame, legacy_check,
     ltris_teardown },
   { "quads", "legacy: 200 full-surface textured quads, depth test, each passes",
     SCENE_LEGACY, sizeof(struct quads_state), quads_setup, quads_frame, legacy_check,
     quads_teardown },
   { "drawpix", "legacy: 20 x glDrawPixels 256x256 RGBA/UNSIGNED_BYTE",
     SCENE_LEGACY, sizeof(struct drawpix_state), drawpix_setup, drawpix_frame, legacy_check,
     drawpix_teardown },
   { "lineloop", "legacy: GL_LINE_LOOP of 100k vertices, glBegin/glEnd",
     SCENE_LEGACY, sizeof(struct lineloop_state), lineloop_setup, lineloop_frame, legacy_check,
     NULL },
};
const int bench_num_scenes_legacy =
   (int)(sizeof(bench_scenes_legacy) / sizeof(bench_scenes_legacy[0]));
