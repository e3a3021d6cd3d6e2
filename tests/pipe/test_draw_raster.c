/*
 * Rasterization scenes checked against independent references: shared
 * edges (1000 random pairs) and meshes covered exactly once, single
 * triangle coverage with the GL point-sampling rule, perspective-correct,
 * noperspective and flat interpolation, provoking vertices, culling and
 * front faces, polygon modes and offset, points, diamond-exit lines, wide
 * lines, clipping against every plane, user clip planes, scissor and
 * viewport.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

#define W 32
#define H 32

/* --- helpers -------------------------------------------------------------- */

static void
upload_win(struct scene *s, const float (*v)[2], unsigned n, float z)
{
   float *buf = malloc((size_t)n * 16);
   for (unsigned i = 0; i < n; i++)
      scene_clip(s, v[i][0], v[i][1], z, 1.0f, buf + 4 * i);
   scene_verts(s, buf, n, 1);
   free(buf);
}

static void
draw_win(struct scene *s, enum pipe_prim_type prim, const float (*v)[2], unsigned n)
{
   upload_win(s, v, n, 0.5f);
   scene_draw(s, prim, 0, n);
}

/* Draw and compare the additive count with the grid. */
static void
count_and_check(struct scene *s, enum pipe_prim_type prim, const float (*v)[2], unsigned n,
                const struct scene_grid *g, const char *what)
{
   scene_clear_color(s, 0, 0, 0, 0);
   draw_win(s, prim, v, n);
   float *rgba = scene_read_rgba(s, 0);
   scene_check_counts(s, rgba, g, what);
   free(rgba);
}

static void
grid_point(uint32_t *seed, float p[2], unsigned lo16, unsigned hi16)
{
   p[0] = (float)(lo16 + scene_rand(seed) % (hi16 - lo16)) / 16.0f;
   p[1] = (float)(lo16 + scene_rand(seed) % (hi16 - lo16)) / 16.0f;
}

static double
cross3(const float a[2], const float b[2], const float c[2])
{
   return ((double)b[0] - a[0]) * ((double)c[1] - a[1]) -
          ((double)b[1] - a[1]) * ((double)c[0] - a[0]);
}

/* --- shared edges ------------------------------------------------------------ */

struct edge_pair {
   float a[3][2], b[3][2];
   float p0[2], p1[2];
};

/* Every other pair puts the shared edge's ends on the 1/2-pixel grid so the
 * edge often runs exactly through pixel centres (the tie-break case). */
static void
make_pair(uint32_t *seed, struct edge_pair *e)
{
   float p0[2], p1[2], p2[2], p3[2];
   bool coarse = scene_rand(seed) & 1;
   for (;;) {
      do {
         grid_point(seed, p0, 1, 511);
         grid_point(seed, p1, 1, 511);
         if (coarse) {
            for (unsigned k = 0; k < 2; k++) {
               p0[k] = floorf(p0[k] * 2.0f) / 2.0f + 0.5f;
               p1[k] = floorf(p1[k] * 2.0f) / 2.0f + 0.5f;
               p0[k] = p0[k] > 31.5f ? 31.5f : p0[k];
               p1[k] = p1[k] > 31.5f ? 31.5f : p1[k];
            }
         }
      } while (fabs(p0[0] - p1[0]) + fabs(p0[1] - p1[1]) < 1.0);
      /* third vertices on either side; a new edge if a side has no room */
      unsigned tries = 0;
      do
         grid_point(seed, p2, 1, 511);
      while (cross3(p0, p1, p2) < 2.0 && ++tries < 1000);
      do
         grid_point(seed, p3, 1, 511);
      while (cross3(p0, p1, p3) > -2.0 && ++tries < 2000);
      if (cross3(p0, p1, p2) >= 2.0 && cross3(p0, p1, p3) <= -2.0)
         break;
   }
   memcpy(e->p0, p0, sizeof p0);
   memcpy(e->p1, p1, sizeof p1);
   /* A = (p0, p1, p2) rotated; B either clockwise or counter-clockwise */
   unsigned rot = scene_rand(seed) % 3;
   const float *av[3] = { p0, p1, p2 };
   for (unsigned i = 0; i < 3; i++)
      memcpy(e->a[i], av[(i + rot) % 3], 8);
   const float *bv[3] = { p0, p1, p3 };
   if (scene_rand(seed) & 1) {
      bv[0] = p1;
      bv[1] = p0;
   }
   for (unsigned i = 0; i < 3; i++)
      memcpy(e->b[i], bv[i], 8);
}

/* Expected counts for a pair: exactly once inside either or on the shared
 * edge (vertices excluded); 0 or 1 on the outer edges. */
static void
pair_grid(const struct edge_pair *e, struct scene_grid *g)
{
   for (unsigned y = 0; y < g->h; y++) {
      for (unsigned x = 0; x < g->w; x++) {
         double cx = x + 0.5, cy = y + 0.5;
         int ca = scene_ref_tri(e->a, cx, cy), cb = scene_ref_tri(e->b, cx, cy);
         int8_t v;
         if (ca == 1 || cb == 1)
            v = 1;
         else if (ca == -1 && cb == -1)
            v = ((cx == e->p0[0] && cy == e->p0[1]) || (cx == e->p1[0] && cy == e->p1[1]))
                   ? -1 : 1;
         else if (ca == -1 || cb == -1)
            v = -1;
         else
            v = 0;
         g->v[y * g->w + x] = v;
      }
   }
}

static void
test_shared_edges(struct scene *s)
{
   uint32_t seed = 0x12345678u;
   struct scene_grid g;
   scene_grid_init(&g, W, H, 0);
   scene_count_setup(s, W, H);
   for (unsigned c = 0; c < 10; c++) {
      scene_case(s, "shared edge, additive count: random pairs %u-%u", c * 100, c * 100 + 99);
      for (unsigned i = 0; i < 100 && scene_case_ok(s); i++) {
         struct edge_pair e;
         make_pair(&seed, &e);
         float v[6][2];
         memcpy(v, e.a, sizeof e.a);
         memcpy(v + 3, e.b, sizeof e.b);
         pair_grid(&e, &g);
         char what[200];
         snprintf(what, sizeof what,
                  "pair %u A (%g,%g) (%g,%g) (%g,%g) B (%g,%g) (%g,%g) (%g,%g)", c * 100 + i,
                  v[0][0], v[0][1], v[1][0], v[1][1], v[2][0], v[2][1], v[3][0], v[3][1],
                  v[4][0], v[4][1], v[5][0], v[5][1]);
         count_and_check(s, PIPE_PRIM_TRIANGLES, (const float (*)[2])v, 6, &g, what);
      }
   }

   /* the same with stencil INCR as the counter */
   enum pipe_format rgba8 = PIPE_FORMAT_R8G8B8A8_UNORM;
   scene_fb(s, W, H, 1, &rgba8, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   scene_blend(s, NULL);
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   dsa.stencil[0].enabled = 1;
   dsa.stencil[0].func = PIPE_FUNC_ALWAYS;
   dsa.stencil[0].fail_op = PIPE_STENCIL_OP_KEEP;
   dsa.stencil[0].zfail_op = PIPE_STENCIL_OP_KEEP;
   dsa.stencil[0].zpass_op = PIPE_STENCIL_OP_INCR;
   dsa.stencil[0].valuemask = 0xff;
   dsa.stencil[0].writemask = 0xff;
   scene_dsa(s, &dsa);
   float *counts = malloc(W * H * 4 * sizeof(float));
   for (unsigned c = 0; c < 2; c++) {
      scene_case(s, "shared edge, stencil INCR count: random pairs %u-%u", c * 100,
                 c * 100 + 99);
      for (unsigned i = 0; i < 100 && scene_case_ok(s); i++) {
         struct edge_pair e;
         make_pair(&seed, &e);
         float v[6][2];
         memcpy(v, e.a, sizeof e.a);
         memcpy(v + 3, e.b, sizeof e.b);
         pair_grid(&e, &g);
         scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
         draw_win(s, PIPE_PRIM_TRIANGLES, (const float (*)[2])v, 6);
         uint8_t *st = scene_read_stencil(s);
         for (unsigned p = 0; p < W * H; p++)
            counts[p * 4] = st[p];
         free(st);
         char what[64];
         snprintf(what, sizeof what, "stencil pair %u", i);
         scene_check_counts(s, counts, &g, what);
      }
   }
   free(counts);
   scene_dsa(s, NULL);
   scene_grid_fini(&g);
}

/* A jittered grid mesh whose border lies on the window border: every pixel
 * exactly once, as triangles, strips per row and a fan. */
static void
test_meshes(struct scene *s, unsigned denom)
{
   enum { N = 8 };
   float P[N + 1][N + 1][2];
   uint32_t seed = 777 + denom;
   int span = (int)denom;
   for (unsigned j = 0; j <= N; j++) {
      for (unsigned i = 0; i <= N; i++) {
         float jx = (i == 0 || i == N) ? 0.0f : (float)((int)(scene_rand(&seed) % (2 * span + 1)) - span) / (float)denom;
         float jy = (j == 0 || j == N) ? 0.0f : (float)((int)(scene_rand(&seed) % (2 * span + 1)) - span) / (float)denom;
         P[j][i][0] = (float)i * W / N + jx;
         P[j][i][1] = (float)j * H / N + jy;
      }
   }
   struct scene_grid g;
   scene_grid_init(&g, W, H, 1);
   scene_count_setup(s, W, H);

   scene_case(s, "jittered mesh (1/%u grid) as TRIANGLES covers every pixel once", denom);
   float (*tris)[2] = malloc(sizeof(float) * 2 * N * N * 6);
   unsigned n = 0;
   for (unsigned j = 0; j < N; j++) {
      for (unsigned i = 0; i < N; i++) {
         const float *q[4] = { P[j][i], P[j][i + 1], P[j + 1][i + 1], P[j + 1][i] };
         unsigned idx[6] = { 0, 1, 2, 0, 2, 3 };
         if ((i + j) & 1) {   /* the other diagonal and the other winding */
            unsigned alt[6] = { 1, 0, 3, 1, 3, 2 };
            memcpy(idx, alt, sizeof idx);
         }
         for (unsigned k = 0; k < 6; k++)
            memcpy(tris[n++], q[idx[k]], 8);
      }
   }
   count_and_check(s, PIPE_PRIM_TRIANGLES, (const float (*)[2])tris, n, &g, "mesh");
   free(tris);

   scene_case(s, "jittered mesh (1/%u grid) as one TRIANGLE_STRIP per row covers every pixel once", denom);
   scene_clear_color(s, 0, 0, 0, 0);
   for (unsigned j = 0; j < N; j++) {
      float strip[2 * (N + 1)][2];
      for (unsigned i = 0; i <= N; i++) {
         memcpy(strip[2 * i], P[j + 1][i], 8);
         memcpy(strip[2 * i + 1], P[j][i], 8);
      }
      draw_win(s, PIPE_PRIM_TRIANGLE_STRIP, (const float (*)[2])strip, 2 * (N + 1));
   }
   float *rgba = scene_read_rgba(s, 0);
   scene_check_counts(s, rgba, &g, "strips");
   free(rgba);

   if (denom != 16) {
      scene_grid_fini(&g);
      return;
   }
   scene_case(s, "TRIANGLE_FAN around an interior hub covers every pixel once");
   float fan[2 + 4 * N][2];
   unsigned k = 0;
   fan[k][0] = 13.3125f;
   fan[k++][1] = 17.6875f;
   for (unsigned i = 0; i < N; i++, k++) { fan[k][0] = (float)i * W / N; fan[k][1] = 0; }
   for (unsigned i = 0; i < N; i++, k++) { fan[k][0] = W; fan[k][1] = (float)i * H / N; }
   for (unsigned i = 0; i < N; i++, k++) { fan[k][0] = W - (float)i * W / N; fan[k][1] = H; }
   for (unsigned i = 0; i < N; i++, k++) { fan[k][0] = 0; fan[k][1] = H - (float)i * H / N; }
   fan[k][0] = 0;
   fan[k++][1] = 0;
   count_and_check(s, PIPE_PRIM_TRIANGLE_FAN, (const float (*)[2])fan, k, &g, "fan");

   scene_case(s, "QUADS, QUAD_STRIP and POLYGON tile the window once");
   scene_clear_color(s, 0, 0, 0, 0);
   /* left third: quads; middle: quad strip; right: a convex polygon */
   float quads[8][2] = { { 0, 0 }, { 10, 0 }, { 10.5f, 16 }, { 0, 16 },
                         { 0, 16 }, { 10.5f, 16 }, { 10, 32 }, { 0, 32 } };
   draw_win(s, PIPE_PRIM_QUADS, (const float (*)[2])quads, 8);
   float qstrip[8][2] = { { 10, 0 }, { 21, 0 }, { 10.5f, 16 }, { 20.25f, 16 },
                          { 10, 32 }, { 21, 32 } };
   draw_win(s, PIPE_PRIM_QUAD_STRIP, (const float (*)[2])qstrip, 6);
   float poly[5][2] = { { 21, 0 }, { 32, 0 }, { 32, 32 }, { 21, 32 }, { 20.25f, 16 } };
   draw_win(s, PIPE_PRIM_POLYGON, (const float (*)[2])poly, 5);
   rgba = scene_read_rgba(s, 0);
   scene_check_counts(s, rgba, &g, "quads/quad strip/polygon");
   free(rgba);
   scene_grid_fini(&g);
}

/* --- single triangles ---------------------------------------------------------- */

static void
test_triangles(struct scene *s)
{
   static const struct {
      const char *name;
      float v[3][2];
   } cases[] = {
      { "CCW triangle on the 1/16 grid", { { 2.0625f, 3.125f }, { 29.5f, 7.9375f }, { 11.25f, 27.8125f } } },
      { "CW triangle on the 1/16 grid", { { 2.0625f, 3.125f }, { 11.25f, 27.8125f }, { 29.5f, 7.9375f } } },
      { "right triangle with edges through pixel centres", { { 4.5f, 4.5f }, { 24.5f, 4.5f }, { 4.5f, 24.5f } } },
      { "sliver", { { 1.0f, 1.0f }, { 31.0f, 2.25f }, { 31.0f, 3.0625f } } },
      { "tiny triangle inside one pixel", { { 10.125f, 10.125f }, { 10.875f, 10.25f }, { 10.5f, 10.875f } } },
      { "tiny triangle covering one centre", { { 10.25f, 10.25f }, { 10.875f, 10.5f }, { 10.375f, 10.875f } } },
      { "vertical edge on pixel centres", { { 7.5f, 2.0f }, { 7.5f, 30.0f }, { 25.0f, 16.0f } } },
      { "horizontal top edge on pixel centres", { { 3.0f, 20.5f }, { 28.0f, 20.5f }, { 15.0f, 2.0f } } },
      { "degenerate (zero area)", { { 3.0f, 3.0f }, { 15.0f, 15.0f }, { 27.0f, 27.0f } } },
      { "partly outside the window (x/y clipping)", { { -20.0f, 5.0f }, { 50.0f, -9.0f }, { 12.0625f, 60.0f } } },
   };
   struct scene_grid g;
   scene_count_setup(s, W, H);
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "triangle coverage: %s", cases[c].name);
      scene_grid_init(&g, W, H, 0);
      scene_grid_tri(&g, cases[c].v);
      count_and_check(s, PIPE_PRIM_TRIANGLES, cases[c].v, 3, &g, cases[c].name);
      scene_grid_fini(&g);
   }

   scene_case(s, "triangle coverage: 200 random triangles");
   uint32_t seed = 4242;
   for (unsigned i = 0; i < 200 && scene_case_ok(s); i++) {
      float v[3][2];
      for (unsigned k = 0; k < 3; k++)
         grid_point(&seed, v[k], 0, 32 * 16);
      scene_grid_init(&g, W, H, 0);
      scene_grid_tri(&g, v);
      char what[160];
      snprintf(what, sizeof what, "random triangle %u (%g,%g) (%g,%g) (%g,%g)", i, v[0][0],
               v[0][1], v[1][0], v[1][1], v[2][0], v[2][1]);
      count_and_check(s, PIPE_PRIM_TRIANGLES, v, 3, &g, what);
      scene_grid_fini(&g);
   }
}

/* --- interpolation --------------------------------------------------------------- */

static const char fs_noperspective[] =
   "shader fragment\n"
   "input vec4 @col location 0 noperspective\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @col\n"
   "   store_output @frag, %0\n"
   "}\n";

static const char fs_flat[] =
   "shader fragment\n"
   "input vec4 @col location 0 flat\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @col\n"
   "   store_output @frag, %0\n"
   "}\n";

static const char fs_fragcoord[] =
   "shader fragment\n"
   "input vec4 @fc semantic frag_coord\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @fc\n"
   "   store_output @frag, %0\n"
   "}\n";

enum interp_mode { INTERP_PERSPECTIVE, INTERP_LINEAR, INTERP_FLAT_LAST };

/* Triangles given as window x, y, depth z, clip w, attribute (4). */
struct ivert {
   float x, y, z, w;
   float a[4];
};

static void
draw_ivert(struct scene *s, enum pipe_prim_type prim, const struct ivert *v, unsigned n)
{
   float *buf = malloc((size_t)n * 32);
   for (unsigned i = 0; i < n; i++) {
      scene_clip(s, v[i].x, v[i].y, v[i].z, v[i].w, buf + 8 * i);
      memcpy(buf + 8 * i + 4, v[i].a, 16);
   }
   scene_verts(s, buf, n, 2);
   scene_draw(s, prim, 0, n);
   free(buf);
}

/* Expected attribute of triangle t at a pixel centre. */
static void
interp_ref(const struct ivert *t, double px, double py, enum interp_mode mode, double out[4])
{
   float v[3][2] = { { t[0].x, t[0].y }, { t[1].x, t[1].y }, { t[2].x, t[2].y } };
   double a = scene_tri_area2(v);
   double l[3];
   for (unsigned i = 0; i < 3; i++) {
      const struct ivert *p = &t[(i + 1) % 3], *q = &t[(i + 2) % 3];
      l[i] = (((double)q->x - p->x) * (py - p->y) - ((double)q->y - p->y) * (px - p->x)) / a;
   }
   for (unsigned c = 0; c < 4; c++) {
      if (mode == INTERP_FLAT_LAST) {
         out[c] = t[2].a[c];
      } else if (mode == INTERP_LINEAR) {
         out[c] = l[0] * t[0].a[c] + l[1] * t[1].a[c] + l[2] * t[2].a[c];
      } else {
         double num = 0, den = 0;
         for (unsigned i = 0; i < 3; i++) {
            num += l[i] * t[i].a[c] / t[i].w;
            den += l[i] / t[i].w;
         }
         out[c] = num / den;
      }
   }
}

static void
check_interp(struct scene *s, const struct ivert *tris, unsigned ntris, enum interp_mode mode,
             double tol, const char *what)
{
   float *rgba = scene_read_rgba(s, 0);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         for (unsigned t = 0; t < ntris; t++) {
            float v[3][2] = { { tris[3 * t].x, tris[3 * t].y },
                              { tris[3 * t + 1].x, tris[3 * t + 1].y },
                              { tris[3 * t + 2].x, tris[3 * t + 2].y } };
            if (scene_ref_tri(v, x + 0.5, y + 0.5) != 1)
               continue;
            double e[4];
            interp_ref(&tris[3 * t], x + 0.5, y + 0.5, mode, e);
            const float *g = &rgba[(y * W + x) * 4];
            for (unsigned c = 0; c < 4; c++) {
               if (fabs(g[c] - e[c]) > tol * (1.0 + fabs(e[c]))) {
                  if (bad++ < 4)
                     scene_fail(s, "%s: triangle %u pixel (%u, %u) channel %u = %.6f, expected %.6f",
                                what, t, x, y, c, g[c], e[c]);
                  break;
               }
            }
         }
      }
   }
   free(rgba);
}

static void
test_interpolation(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_blend(s, NULL);
   scene_rast(s, NULL);

   /* a quad, w = 1 on the left and 4 on the right; u = 0 .. 1 across */
   const struct ivert quad[6] = {
      { 0, 0, 0.5f, 1, { 0, 0, 0, 1 } }, { 32, 0, 0.5f, 4, { 1, 0, 0, 1 } },
      { 32, 32, 0.5f, 4, { 1, 1, 0.5f, 1 } },
      { 0, 0, 0.5f, 1, { 0, 0, 0, 1 } }, { 32, 32, 0.5f, 4, { 1, 1, 0.5f, 1 } },
      { 0, 32, 0.5f, 1, { 0, 1, 0.25f, 1 } },
   };
   const char *fs[3] = { scene_fs_attr, fs_noperspective, fs_flat };
   const char *names[3] = { "perspective-correct (smooth)", "noperspective", "flat" };
   const enum interp_mode modes[3] = { INTERP_PERSPECTIVE, INTERP_LINEAR, INTERP_FLAT_LAST };
   for (unsigned m = 0; m < 3; m++) {
      scene_case(s, "interpolation %s on a quad with w 1 .. 4", names[m]);
      scene_shaders(s, scene_vs_pos_attr, fs[m]);
      scene_clear_color(s, -1, -1, -1, -1);
      draw_ivert(s, PIPE_PRIM_TRIANGLES, quad, 6);
      check_interp(s, quad, 2, modes[m], 1e-4, names[m]);
      /* spot check of the closed form: u = (a / 4) / ((1 - a) + a / 4) at y = 2.5 */
      if (m == 0) {
         float *rgba = scene_read_rgba(s, 0);
         for (unsigned x = 0; x < W; x += 5) {
            double a = (x + 0.5) / 32.0, u = (a / 4) / ((1 - a) + a / 4);
            float got = rgba[(2 * W + x) * 4];
            SCHECK(s, fabs(got - u) < 1e-4, "closed form at (%u, 2): u %.6f expected %.6f", x,
                   got, u);
         }
         free(rgba);
      }
   }

   uint32_t seed = 99;
   struct ivert rt[3 * 6];
   for (unsigned i = 0; i < 3 * 6; i++) {
      rt[i].x = (float)(scene_rand(&seed) % 513) / 16.0f;
      rt[i].y = (float)(scene_rand(&seed) % 513) / 16.0f;
      rt[i].z = 0.5f;
      rt[i].w = scene_randf(&seed, 0.25f, 8.0f);
      for (unsigned c = 0; c < 4; c++)
         rt[i].a[c] = scene_randf(&seed, -2.0f, 2.0f);
   }
   for (unsigned m = 0; m < 3; m++) {
      scene_case(s, "interpolation %s on random triangles with random w", names[m]);
      scene_shaders(s, scene_vs_pos_attr, fs[m]);
      for (unsigned t = 0; t < 6; t++) {
         scene_clear_color(s, -9, -9, -9, -9);
         draw_ivert(s, PIPE_PRIM_TRIANGLES, &rt[3 * t], 3);
         char what[64];
         snprintf(what, sizeof what, "%s triangle %u", names[m], t);
         check_interp(s, &rt[3 * t], 1, modes[m], 2e-4, what);
      }
   }

   scene_case(s, "frag_coord: pixel centre, window depth, 1/w");
   scene_shaders(s, scene_vs_pos_attr, fs_fragcoord);
   struct ivert ft[3] = { { 1.25f, 2.5f, 0.1f, 1.0f, { 0 } }, { 30.0f, 4.0f, 0.9f, 2.0f, { 0 } },
                          { 12.0f, 31.0f, 0.4f, 0.5f, { 0 } } };
   scene_clear_color(s, -1, -1, -1, -1);
   draw_ivert(s, PIPE_PRIM_TRIANGLES, ft, 3);
   {
      /* expected: x, y centre; z and 1/w linear in screen space */
      for (unsigned i = 0; i < 3; i++) {
         ft[i].a[0] = 0;
         ft[i].a[1] = 0;
         ft[i].a[2] = ft[i].z;
         ft[i].a[3] = 1.0f / ft[i].w;
      }
      float *rgba = scene_read_rgba(s, 0);
      float v[3][2] = { { ft[0].x, ft[0].y }, { ft[1].x, ft[1].y }, { ft[2].x, ft[2].y } };
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            if (scene_ref_tri(v, x + 0.5, y + 0.5) != 1)
               continue;
            double e[4];
            interp_ref(ft, x + 0.5, y + 0.5, INTERP_LINEAR, e);
            e[0] = x + 0.5;
            e[1] = y + 0.5;
            const float *g = &rgba[(y * W + x) * 4];
            bool ok = true;
            for (unsigned c = 0; c < 4; c++)
               ok &= fabs(g[c] - e[c]) < 1e-4 * (1 + fabs(e[c]));
            if (!ok && bad++ < 4)
               scene_fail(s, "frag_coord at (%u, %u) = (%g, %g, %g, %g), expected (%g, %g, %g, %g)",
                          x, y, g[0], g[1], g[2], g[3], e[0], e[1], e[2], e[3]);
         }
      }
      free(rgba);
   }
}

static unsigned
segment_ends(enum pipe_prim_type prim, unsigned n, unsigned i, unsigned *a, unsigned *b)
{
   unsigned nseg = prim == PIPE_PRIM_LINES ? n / 2 : prim == PIPE_PRIM_LINE_STRIP ? n - 1 : n;
   if (a) {
      *a = prim == PIPE_PRIM_LINES ? 2 * i : i;
      *b = prim == PIPE_PRIM_LINES ? 2 * i + 1 : (i + 1) % n;
   }
   return nseg;
}

/* Nudge vertices until no segment passes within 1/128 pixel of a diamond
 * boundary, so the diamond-exit reference is decidable after snapping. */
static void
make_decidable(float (*v)[2], unsigned n, enum pipe_prim_type prim)
{
   struct scene_grid g;
   scene_grid_init(&g, W, H, 0);
   for (unsigned attempt = 0; attempt < 64; attempt++) {
      bool all = true;
      for (unsigned i = 0; i < segment_ends(prim, n, 0, NULL, NULL); i++) {
         unsigned a, b;
         segment_ends(prim, n, i, &a, &b);
         if (!scene_grid_line(&g, v[a], v[b])) {
            all = false;
            v[b][0] += 0.0371f;
            v[b][1] += 0.0193f;
         }
      }
      if (all)
         break;
   }
   scene_grid_fini(&g);
}

/* --- provoking vertex ------------------------------------------------------------- */

/* Provoking vertex of primitive i (0-based) per the GL provoking-vertex table. */
static unsigned
provoking(enum pipe_prim_type prim, unsigned i, bool first)
{
   switch (prim) {
   case PIPE_PRIM_TRIANGLES: return first ? 3 * i : 3 * i + 2;
   case PIPE_PRIM_TRIANGLE_STRIP: return first ? i : i + 2;
   case PIPE_PRIM_TRIANGLE_FAN: return first ? i + 1 : i + 2;
   case PIPE_PRIM_QUADS: return 4 * i + 3;
   case PIPE_PRIM_QUAD_STRIP: return 2 * i + 3;
   case PIPE_PRIM_LINES: return first ? 2 * i : 2 * i + 1;
   case PIPE_PRIM_LINE_STRIP: return first ? i : i + 1;
   default: return 0;
   }
}

static void
test_provoking(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_blend(s, NULL);
   scene_shaders(s, scene_vs_pos_attr, fs_flat);

   /* a strip/fan of 6 vertices zig-zagging across the window */
   static const float strip[6][2] = { { 1, 28 }, { 3, 2 }, { 11, 29 }, { 13, 3 },
                                      { 21, 30 }, { 30, 1 } };
   static const float fan[6][2] = { { 16.25f, 16.375f }, { 1, 1 }, { 31, 2 }, { 30, 30 },
                                    { 2, 31 }, { 0.5f, 8 } };
   static const float tris[9][2] = { { 1, 1 }, { 14, 2 }, { 2, 14 }, { 17, 1 }, { 31, 13 },
                                     { 30, 2 }, { 3, 17 }, { 30, 30 }, { 4, 31 } };
   static const float quads[8][2] = { { 1, 1 }, { 15, 1 }, { 15, 31 }, { 1, 31 },
                                      { 17, 1 }, { 31, 1 }, { 31, 31 }, { 17, 31 } };
   static const float qstrip[6][2] = { { 1, 1 }, { 1, 31 }, { 12, 1 }, { 12, 31 },
                                       { 31, 1 }, { 31, 31 } };
   struct {
      enum pipe_prim_type prim;
      const char *name;
      const float (*v)[2];
      unsigned n, nprims;
      bool has_first;
   } cases[] = {
      { PIPE_PRIM_TRIANGLES, "TRIANGLES", tris, 9, 3, true },
      { PIPE_PRIM_TRIANGLE_STRIP, "TRIANGLE_STRIP", strip, 6, 4, true },
      { PIPE_PRIM_TRIANGLE_FAN, "TRIANGLE_FAN", fan, 6, 4, true },
      { PIPE_PRIM_QUADS, "QUADS", quads, 8, 2, false },
      { PIPE_PRIM_QUAD_STRIP, "QUAD_STRIP", qstrip, 6, 2, false },
   };
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      for (unsigned first = 0; first < 2; first++) {
         if (first && !cases[c].has_first)
            continue;
         scene_case(s, "flat shading %s, provoking vertex %s", cases[c].name,
                    first ? "first" : "last");
         struct pipe_rasterizer_state r;
         scene_rast_defaults(&r);
         r.flatshade = 1;
         r.flatshade_first = first;
         scene_rast(s, &r);
         struct ivert v[9];
         for (unsigned i = 0; i < cases[c].n; i++) {
            v[i] = (struct ivert){ cases[c].v[i][0], cases[c].v[i][1], 0.5f, 1.0f,
                                   { (float)(i + 1), (float)(10 * i), 0, 1 } };
         }
         scene_clear_color(s, -1, -1, -1, -1);
         draw_ivert(s, cases[c].prim, v, cases[c].n);
         float *rgba = scene_read_rgba(s, 0);
         unsigned bad = 0, seen = 0;
         for (unsigned p = 0; p < cases[c].nprims; p++) {
            /* the primitive's area as triangles */
            unsigned tv[2][3];
            unsigned nt = 1;
            switch (cases[c].prim) {
            case PIPE_PRIM_TRIANGLES: tv[0][0] = 3 * p; tv[0][1] = 3 * p + 1; tv[0][2] = 3 * p + 2; break;
            case PIPE_PRIM_TRIANGLE_STRIP: tv[0][0] = p; tv[0][1] = p + 1; tv[0][2] = p + 2; break;
            case PIPE_PRIM_TRIANGLE_FAN: tv[0][0] = 0; tv[0][1] = p + 1; tv[0][2] = p + 2; break;
            case PIPE_PRIM_QUADS:
               nt = 2;
               tv[0][0] = 4 * p; tv[0][1] = 4 * p + 1; tv[0][2] = 4 * p + 2;
               tv[1][0] = 4 * p; tv[1][1] = 4 * p + 2; tv[1][2] = 4 * p + 3;
               break;
            default:
               nt = 2;
               tv[0][0] = 2 * p; tv[0][1] = 2 * p + 1; tv[0][2] = 2 * p + 3;
               tv[1][0] = 2 * p; tv[1][1] = 2 * p + 3; tv[1][2] = 2 * p + 2;
               break;
            }
            unsigned pv = provoking(cases[c].prim, p, first);
            for (unsigned y = 0; y < H; y++) {
               for (unsigned x = 0; x < W; x++) {
                  bool inside = false;
                  for (unsigned t = 0; t < nt; t++) {
                     float tri[3][2];
                     for (unsigned k = 0; k < 3; k++)
                        memcpy(tri[k], cases[c].v[tv[t][k]], 8);
                     inside |= scene_ref_tri(tri, x + 0.5, y + 0.5) == 1;
                  }
                  if (!inside)
                     continue;
                  seen++;
                  const float *g = &rgba[(y * W + x) * 4];
                  if ((g[0] != (float)(pv + 1) || g[1] != (float)(10 * pv)) && bad++ < 4)
                     scene_fail(s, "primitive %u pixel (%u, %u): (%g, %g), expected vertex %u's (%g, %g)",
                                p, x, y, g[0], g[1], pv, (double)(pv + 1), (double)(10 * pv));
               }
            }
         }
         SCHECK(s, seen > 0, "no pixel inside any primitive (test bug)");
         free(rgba);
      }
   }

   /* lines: each segment's diamond-exit pixels carry the provoking colour */
   float lines[6][2] = { { 2.25f, 3.3f }, { 29.25f, 5.3f }, { 28.3f, 9.25f },
                         { 3.3f, 14.25f }, { 5.2f, 20.3f }, { 27.2f, 27.3f } };
   make_decidable(lines, 6, PIPE_PRIM_LINE_STRIP);
   for (unsigned strip_mode = 0; strip_mode < 2; strip_mode++) {
      for (unsigned first = 0; first < 2; first++) {
         enum pipe_prim_type prim = strip_mode ? PIPE_PRIM_LINE_STRIP : PIPE_PRIM_LINES;
         scene_case(s, "flat shading %s, provoking vertex %s", strip_mode ? "LINE_STRIP" : "LINES",
                    first ? "first" : "last");
         struct pipe_rasterizer_state r;
         scene_rast_defaults(&r);
         r.flatshade = 1;
         r.flatshade_first = first;
         scene_rast(s, &r);
         struct ivert v[6];
         for (unsigned i = 0; i < 6; i++)
            v[i] = (struct ivert){ lines[i][0], lines[i][1], 0.5f, 1.0f,
                                   { (float)(i + 1), (float)(10 * i), 0, 1 } };
         scene_clear_color(s, -1, -1, -1, -1);
         draw_ivert(s, prim, v, 6);
         float *rgba = scene_read_rgba(s, 0);
         unsigned nseg = strip_mode ? 5 : 3, bad = 0;
         for (unsigned p = 0; p < nseg; p++) {
            unsigned a = strip_mode ? p : 2 * p, b = a + 1;
            struct scene_grid g;
            scene_grid_init(&g, W, H, 0);
            scene_grid_line(&g, lines[a], lines[b]);
            unsigned pv = provoking(prim, p, first);
            for (unsigned q = 0; q < W * H; q++) {
               if (g.v[q] != 1)
                  continue;
               const float *gg = &rgba[q * 4];
               /* a strip's joints: the next segment may overwrite the end pixel area */
               if (gg[0] != (float)(pv + 1) && bad++ < 4) {
                  bool overwritten = false;
                  if (strip_mode && p + 1 < nseg) {
                     struct scene_grid g2;
                     scene_grid_init(&g2, W, H, 0);
                     scene_grid_line(&g2, lines[b], lines[b + 1]);
                     overwritten = g2.v[q] == 1;
                     scene_grid_fini(&g2);
                  }
                  if (!overwritten)
                     scene_fail(s, "segment %u pixel (%u, %u): %g, expected vertex %u's %g", p,
                                q % W, q / W, gg[0], pv, (double)(pv + 1));
                  else
                     bad--;
               }
            }
            scene_grid_fini(&g);
         }
         free(rgba);
      }
   }
   scene_rast(s, NULL);
}

/* --- culling and front faces -------------------------------------------------------- */

static const char fs_front_face[] =
   "shader fragment\n"
   "input bool @ff semantic front_face\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input bool @ff\n"
   "   %1 = b2f float %0\n"
   "   %2 = const float 1.0\n"
   "   %3 = vec4 vec4 %2, %1, %2, %2\n"
   "   store_output @frag, %3\n"
   "}\n";

static void
test_culling(struct scene *s)
{
   /* a counter-clockwise triangle (positive area with y up = increasing row)
    * on the left, a clockwise one on the right */
   static const float tris[6][2] = { { 1, 1 }, { 14, 2 }, { 3, 30 },
                                     { 17, 1 }, { 18, 30 }, { 31, 3 } };
   const char *cull_names[4] = { "none", "front", "back", "front and back" };
   scene_count_setup(s, W, H);
   scene_shaders(s, scene_vs_pos, fs_front_face);
   for (unsigned ccw = 0; ccw < 2; ccw++) {
      for (unsigned cull = 0; cull < 4; cull++) {
         scene_case(s, "culling %s, front face %s", cull_names[cull], ccw ? "CCW" : "CW");
         struct pipe_rasterizer_state r;
         scene_rast_defaults(&r);
         r.front_ccw = ccw;
         r.cull_face = cull;
         scene_rast(s, &r);
         scene_clear_color(s, 0, 0, 0, 0);
         draw_win(s, PIPE_PRIM_TRIANGLES, tris, 6);
         float *rgba = scene_read_rgba(s, 0);
         struct scene_grid g;
         scene_grid_init(&g, W, H, 0);
         /* triangle 0 is CCW: front iff front_ccw */
         bool front0 = ccw, front1 = !ccw;
         bool draw0 = !((front0 && (cull & PIPE_FACE_FRONT)) || (!front0 && (cull & PIPE_FACE_BACK)));
         bool draw1 = !((front1 && (cull & PIPE_FACE_FRONT)) || (!front1 && (cull & PIPE_FACE_BACK)));
         if (draw0)
            scene_grid_tri(&g, (const float (*)[2])tris);
         if (draw1)
            scene_grid_tri(&g, (const float (*)[2])(tris + 3));
         scene_check_counts(s, rgba, &g, "coverage");
         /* front_face input: G channel 1 for front-facing */
         unsigned bad = 0;
         for (unsigned t = 0; t < 2; t++) {
            bool drawn = t ? draw1 : draw0, front = t ? front1 : front0;
            if (!drawn)
               continue;
            for (unsigned q = 0; q < W * H; q++) {
               if (scene_ref_tri((const float (*)[2])(tris + 3 * t), q % W + 0.5, q / W + 0.5) != 1)
                  continue;
               if (rgba[q * 4 + 1] != (front ? 1.0f : 0.0f) && bad++ < 3)
                  scene_fail(s, "triangle %u pixel (%u, %u): front_face %g, expected %d", t,
                             q % W, q / W, rgba[q * 4 + 1], front);
            }
         }
         scene_grid_fini(&g);
         free(rgba);
      }
   }
   scene_rast(s, NULL);
}

/* --- polygon modes and offset ---------------------------------------------------------- */

static void
test_polygon_modes(struct scene *s)
{
   scene_count_setup(s, W, H);
   /* vertices slightly off pixel centres so points and lines are decidable */
   float ccw[3][2] = { { 3.3f, 4.2f }, { 27.2f, 6.3f }, { 8.2f, 26.3f } };
   make_decidable(ccw, 3, PIPE_PRIM_LINE_LOOP);
   float cw[3][2] = { { ccw[0][0], ccw[0][1] }, { ccw[2][0], ccw[2][1] }, { ccw[1][0], ccw[1][1] } };
   make_decidable(cw, 3, PIPE_PRIM_LINE_LOOP);
   struct {
      const char *name;
      unsigned front, back, cull;
      const float (*v)[2];
      int expect;   /* 0 fill, 1 line, 2 point, 3 nothing */
   } cases[] = {
      { "polygon mode LINE (front)", PIPE_POLYGON_MODE_LINE, PIPE_POLYGON_MODE_FILL, 0, ccw, 1 },
      { "polygon mode POINT (front)", PIPE_POLYGON_MODE_POINT, PIPE_POLYGON_MODE_FILL, 0, ccw, 2 },
      { "polygon mode back LINE, front FILL, on a back face", PIPE_POLYGON_MODE_FILL,
        PIPE_POLYGON_MODE_LINE, 0, cw, 1 },
      { "polygon mode back POINT, front LINE, on a front face", PIPE_POLYGON_MODE_LINE,
        PIPE_POLYGON_MODE_POINT, 0, ccw, 1 },
      { "polygon mode LINE with back culling of a back face", PIPE_POLYGON_MODE_LINE,
        PIPE_POLYGON_MODE_LINE, PIPE_FACE_BACK, cw, 3 },
   };
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.fill_front = cases[c].front;
      r.fill_back = cases[c].back;
      r.cull_face = cases[c].cull;
      scene_rast(s, &r);
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      if (cases[c].expect == 1) {
         for (unsigned e = 0; e < 3; e++)
            scene_grid_line(&g, cases[c].v[e], cases[c].v[(e + 1) % 3]);
      } else if (cases[c].expect == 2) {
         for (unsigned e = 0; e < 3; e++)
            g.v[(unsigned)cases[c].v[e][1] * W + (unsigned)cases[c].v[e][0]] = 1;
      }
      count_and_check(s, PIPE_PRIM_TRIANGLES, cases[c].v, 3, &g, cases[c].name);
      scene_grid_fini(&g);
   }
   scene_rast(s, NULL);
}

static void
test_polygon_offset(struct scene *s)
{
   enum pipe_format f = PIPE_FORMAT_R8G8B8A8_UNORM;
   scene_fb(s, W, H, 1, &f, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   scene_blend(s, NULL);
   scene_shaders(s, scene_vs_pos, scene_fs_one);
   static const float quad[6][2] = { { 0, 0 }, { 32, 0 }, { 32, 32 },
                                     { 0, 0 }, { 32, 32 }, { 0, 32 } };
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   dsa.depth_enabled = 1;
   dsa.depth_writemask = 1;
   dsa.depth_func = PIPE_FUNC_LESS;

   struct {
      const char *name;
      float units;
      unsigned func;
      bool drawn;
   } cases[] = {
      { "polygon offset units -1 pulls a coplanar quad in front (LESS passes)", -1.0f, PIPE_FUNC_LESS, true },
      { "polygon offset units +1 pushes a coplanar quad behind (GREATER passes)", 1.0f, PIPE_FUNC_GREATER, true },
      { "polygon offset units 0: a coplanar quad fails LESS", 0.0f, PIPE_FUNC_LESS, false },
      { "polygon offset units +2 fails LESS", 2.0f, PIPE_FUNC_LESS, false },
   };
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      scene_clear_color(s, 0, 0, 0, 0);
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
      dsa.depth_func = PIPE_FUNC_ALWAYS;
      scene_dsa(s, &dsa);
      scene_rast(s, NULL);
      upload_win(s, quad, 6, 0.375f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      scene_clear_color(s, 0, 0, 0, 0);
      dsa.depth_func = cases[c].func;
      scene_dsa(s, &dsa);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.offset_tri = 1;
      r.offset_units = cases[c].units;
      r.offset_scale = 0.0f;
      r.offset_clamp = 0.0f;
      scene_rast(s, &r);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      unsigned bad = 0;
      for (unsigned q = 0; q < W * H; q++) {
         bool drawn = px[q * 4] == 255;
         if (drawn != cases[c].drawn && bad++ < 3)
            scene_fail(s, "pixel (%u, %u) %s, expected %s", q % W, q / W,
                       drawn ? "drawn" : "not drawn", cases[c].drawn ? "drawn" : "not drawn");
      }
      free(px);
   }

   /* the unit's size: r = 2 / (2^24 - 1) for a 24-bit buffer (one step is
    * not guaranteed to resolve after rounding), so units 1 moves a flat
    * quad's stored depth by exactly two steps */
   {
      scene_case(s, "polygon offset units 1 = two 24-bit depth steps");
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
      dsa.depth_func = PIPE_FUNC_ALWAYS;
      scene_dsa(s, &dsa);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.offset_tri = 1;
      r.offset_units = 1.0f;
      scene_rast(s, &r);
      upload_win(s, quad, 6, 0.375f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      float *z = scene_read_depth(s);
      double steps = ((double)z[5 * W + 7] - 0.375) * 16777215.0;
      if (fabs(steps - 2.0) > 0.51)
         scene_fail(s, "offset depth %.9f = %.2f steps from 0.375, expected 2", z[5 * W + 7],
                    steps);
      free(z);
      scene_rast(s, NULL);
   }

   /* slope factor: depth 0.25 .. 0.75 across 32 pixels: dz/dx = 1/64 */
   for (unsigned k = 0; k < 3; k++) {
      static const float scales[3] = { 4.0f, -8.0f, 2.0f };
      float clampv = k == 2 ? 0.01f : 0.0f;
      scene_case(s, "polygon offset slope factor %g%s", scales[k],
                 k == 2 ? " clamped to 0.01" : "");
      if (k == 2 && !s->screen->caps.polygon_offset_clamp) {
         scene_skip_case(s, "caps.polygon_offset_clamp is false");
         continue;
      }
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
      dsa.depth_func = PIPE_FUNC_ALWAYS;
      scene_dsa(s, &dsa);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.offset_tri = 1;
      r.offset_units = 0.0f;
      r.offset_scale = scales[k];
      r.offset_clamp = clampv;
      scene_rast(s, &r);
      float buf[6][4];
      for (unsigned i = 0; i < 6; i++)
         scene_clip(s, quad[i][0], quad[i][1], 0.25f + quad[i][0] / 64.0f, 1.0f, buf[i]);
      scene_verts(s, &buf[0][0], 6, 1);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      float *z = scene_read_depth(s);
      double off = scales[k] / 64.0;
      if (clampv > 0 && off > clampv)
         off = clampv;
      unsigned bad = 0;
      for (unsigned q = 0; q < W * H; q++) {
         double e = 0.25 + (q % W + 0.5) / 64.0 + off;
         if (e > 1)
            e = 1;
         if (e < 0)
            e = 0;
         if (fabs(z[q] - e) > 4.0 / 16777215.0 && bad++ < 3)
            scene_fail(s, "pixel (%u, %u) depth %.8f, expected %.8f", q % W, q / W, z[q], e);
      }
      free(z);
   }

   scene_case(s, "polygon offset units apply to polygon-mode lines (offset_line)");
   {
      scene_clear_color(s, 0, 0, 0, 0);
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
      dsa.depth_func = PIPE_FUNC_ALWAYS;
      scene_dsa(s, &dsa);
      scene_rast(s, NULL);
      upload_win(s, quad, 6, 0.375f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      scene_clear_color(s, 0, 0, 0, 0);
      dsa.depth_func = PIPE_FUNC_LESS;
      scene_dsa(s, &dsa);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.fill_front = r.fill_back = PIPE_POLYGON_MODE_LINE;
      r.offset_line = 1;
      r.offset_units = -2.0f;
      scene_rast(s, &r);
      float tri[3][2] = { { 3.3f, 4.2f }, { 27.2f, 6.3f }, { 8.2f, 26.3f } };
      make_decidable(tri, 3, PIPE_PRIM_LINE_LOOP);
      upload_win(s, tri, 3, 0.375f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3);
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      for (unsigned e = 0; e < 3; e++)
         scene_grid_line(&g, tri[e], tri[(e + 1) % 3]);
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      unsigned bad = 0;
      for (unsigned q = 0; q < W * H; q++) {
         bool drawn = px[q * 4] == 255;
         if (drawn != (g.v[q] > 0) && bad++ < 3)
            scene_fail(s, "pixel (%u, %u) %s, expected %s", q % W, q / W,
                       drawn ? "drawn" : "not drawn", g.v[q] > 0 ? "drawn" : "not drawn");
      }
      free(px);
      scene_grid_fini(&g);
   }
   scene_dsa(s, NULL);
   scene_rast(s, NULL);
}

/* --- points ---------------------------------------------------------------------------- */

static const char vs_point_size[] =
   "shader vertex\n"
   "input vec4 @pos location 0\n"
   "input vec4 @attr location 1\n"
   "output vec4 @opos semantic position\n"
   "output float @psize semantic point_size\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pos\n"
   "   store_output @opos, %0\n"
   "   %1 = load_input vec4 @attr\n"
   "   %2 = swizzle float %1.x\n"
   "   store_output @psize, %2\n"
   "}\n";

static void
test_points(struct scene *s)
{
   scene_count_setup(s, W, H);
   struct {
      const char *name;
      float size;
      bool corners;   /* positions at pixel corners (even sizes) */
   } cases[] = {
      { "points size 1 at random subpixel positions", 1.0f, false },
      { "points size 3 at pixel centres", 3.0f, false },
      { "points size 5 at pixel centres", 5.0f, false },
      { "points size 2 at pixel corners", 2.0f, true },
      { "points size 4 at pixel corners", 4.0f, true },
   };
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      if (cases[c].size > s->screen->caps.max_point_size) {
         scene_skip_case(s, "size above caps.max_point_size");
         continue;
      }
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.point_size = cases[c].size;
      r.point_quad_rasterization = 0;
      scene_rast(s, &r);
      float pts[6][2] = { { 4, 4 }, { 12, 5 }, { 22, 6 }, { 6, 20 }, { 16, 16 }, { 26, 26 } };
      uint32_t seed = 5 + c;
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      int half = (int)cases[c].size / 2;
      for (unsigned i = 0; i < 6; i++) {
         if (cases[c].size == 1.0f) {
            pts[i][0] += scene_randf(&seed, 0.05f, 0.45f) + (scene_rand(&seed) & 1) * 0.5f;
            pts[i][1] += scene_randf(&seed, 0.05f, 0.45f) + (scene_rand(&seed) & 1) * 0.5f;
         } else if (!cases[c].corners) {
            pts[i][0] += 0.5f;
            pts[i][1] += 0.5f;
         }
         int x0, y0, x1, y1;
         if (cases[c].corners) {
            x0 = (int)pts[i][0] - half;
            y0 = (int)pts[i][1] - half;
            x1 = x0 + 2 * half;
            y1 = y0 + 2 * half;
         } else {
            x0 = (int)floorf(pts[i][0]) - half;
            y0 = (int)floorf(pts[i][1]) - half;
            x1 = x0 + 2 * half + 1;
            y1 = y0 + 2 * half + 1;
         }
         for (int y = y0; y < y1; y++)
            for (int x = x0; x < x1; x++)
               if (x >= 0 && y >= 0 && x < W && y < H)
                  g.v[y * W + x]++;
      }
      count_and_check(s, PIPE_PRIM_POINTS, (const float (*)[2])pts, 6, &g, cases[c].name);
      scene_grid_fini(&g);
   }

   scene_case(s, "points with per-vertex size (point_size output)");
   {
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.point_size_per_vertex = 1;
      scene_rast(s, &r);
      scene_vs(s, vs_point_size);
      static const float pts[3][3] = { { 5.5f, 5.5f, 1 }, { 15.5f, 8.5f, 3 }, { 20.5f, 22.5f, 5 } };
      float buf[3][8];
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      for (unsigned i = 0; i < 3; i++) {
         scene_clip(s, pts[i][0], pts[i][1], 0.5f, 1.0f, buf[i]);
         buf[i][4] = pts[i][2];
         buf[i][5] = buf[i][6] = 0;
         buf[i][7] = 1;
         int half = (int)pts[i][2] / 2;
         for (int y = (int)pts[i][1] - half; y <= (int)pts[i][1] + half; y++)
            for (int x = (int)pts[i][0] - half; x <= (int)pts[i][0] + half; x++)
               g.v[y * W + x]++;
      }
      scene_clear_color(s, 0, 0, 0, 0);
      scene_verts(s, &buf[0][0], 3, 2);
      scene_draw(s, PIPE_PRIM_POINTS, 0, 3);
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, "per-vertex size");
      free(rgba);
      scene_grid_fini(&g);
      scene_vs(s, scene_vs_pos);
   }
   scene_rast(s, NULL);
}

/* --- lines ------------------------------------------------------------------------------ */

static void
line_case(struct scene *s, const char *name, const float (*vin)[2], unsigned n,
          enum pipe_prim_type prim)
{
   scene_case(s, "%s", name);
   float v[16][2];
   memcpy(v, vin, n * sizeof v[0]);
   make_decidable(v, n, prim);
   struct scene_grid g;
   scene_grid_init(&g, W, H, 0);
   for (unsigned i = 0; i < segment_ends(prim, n, 0, NULL, NULL); i++) {
      unsigned a, b;
      segment_ends(prim, n, i, &a, &b);
      if (!scene_grid_line(&g, v[a], v[b]))
         scene_fail(s, "test bug: segment %u touches a diamond boundary", i);
   }
   count_and_check(s, prim, (const float (*)[2])v, n, &g, name);
   scene_grid_fini(&g);
}

static void
test_lines(struct scene *s)
{
   scene_count_setup(s, W, H);
   static const float horiz[8][2] = { { 2.25f, 3.3f }, { 20.25f, 3.3f }, { 25.7f, 6.6f },
                                      { 4.2f, 6.6f }, { 0.3f, 9.9f }, { 31.7f, 9.9f },
                                      { 10.6f, 12.2f }, { 11.3f, 12.2f } };
   line_case(s, "lines: horizontal, both directions, subpixel endpoints", horiz, 8,
             PIPE_PRIM_LINES);
   static const float vert[8][2] = { { 3.3f, 2.25f }, { 3.3f, 20.25f }, { 6.6f, 25.7f },
                                     { 6.6f, 4.2f }, { 9.9f, 0.3f }, { 9.9f, 31.7f },
                                     { 12.2f, 10.6f }, { 12.2f, 13.35f } };
   line_case(s, "lines: vertical, both directions", vert, 8, PIPE_PRIM_LINES);
   static const float diag[8][2] = { { 2.3f, 2.1f }, { 20.3f, 20.1f }, { 28.1f, 3.3f },
                                     { 8.1f, 23.3f }, { 30.2f, 30.4f }, { 22.2f, 22.4f },
                                     { 3.4f, 29.2f }, { 13.4f, 19.2f } };
   line_case(s, "lines: 45-degree diagonals, all four directions", diag, 8, PIPE_PRIM_LINES);
   static const float shallow[6][2] = { { 1.3f, 2.2f }, { 30.1f, 9.35f }, { 29.2f, 20.1f },
                                        { 2.15f, 14.3f }, { 5.1f, 30.1f }, { 27.3f, 24.2f } };
   line_case(s, "lines: x-major shallow slopes", shallow, 6, PIPE_PRIM_LINES);
   static const float steep[6][2] = { { 2.2f, 1.3f }, { 9.35f, 30.1f }, { 20.1f, 29.2f },
                                      { 14.3f, 2.15f }, { 30.1f, 5.1f }, { 24.2f, 27.3f } };
   line_case(s, "lines: y-major steep slopes", steep, 6, PIPE_PRIM_LINES);
   static const float shortl[6][2] = { { 5.35f, 5.25f }, { 5.6f, 5.4f }, { 10.2f, 10.1f },
                                       { 11.1f, 10.3f }, { 20.45f, 20.3f }, { 20.3f, 21.1f } };
   line_case(s, "lines: short segments inside one or two diamonds", shortl, 6, PIPE_PRIM_LINES);
   static const float strip[6][2] = { { 2.2f, 2.3f }, { 28.3f, 4.2f }, { 16.1f, 16.2f },
                                      { 29.4f, 29.1f }, { 3.3f, 27.2f }, { 8.1f, 12.4f } };
   line_case(s, "LINE_STRIP: joints drawn once", strip, 6, PIPE_PRIM_LINE_STRIP);
   line_case(s, "LINE_LOOP: closing segment", strip, 6, PIPE_PRIM_LINE_LOOP);

   scene_case(s, "lines: 100 random segments");
   {
      uint32_t seed = 31337;
      for (unsigned i = 0; i < 100 && scene_case_ok(s); i++) {
         float v[2][2];
         struct scene_grid g;
         scene_grid_init(&g, W, H, 0);
         do {
            memset(g.v, 0, W * H);
            for (unsigned k = 0; k < 2; k++) {
               v[k][0] = scene_randf(&seed, 0.0f, 32.0f);
               v[k][1] = scene_randf(&seed, 0.0f, 32.0f);
            }
         } while (!scene_grid_line(&g, v[0], v[1]));
         char what[96];
         snprintf(what, sizeof what, "segment %u (%.6f, %.6f) -> (%.6f, %.6f)", i, v[0][0],
                  v[0][1], v[1][0], v[1][1]);
         count_and_check(s, PIPE_PRIM_LINES, v, 2, &g, what);
         scene_grid_fini(&g);
      }
   }

   /* wide lines: an x-major segment becomes a column of 3 per fragment */
   scene_case(s, "wide lines: width 3, horizontal and vertical");
   if (s->screen->caps.max_line_width < 3.0f) {
      scene_skip_case(s, "caps.max_line_width < 3");
   } else {
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.line_width = 3.0f;
      scene_rast(s, &r);
      static const float wl[4][2] = { { 2.25f, 10.3f }, { 20.25f, 10.3f },
                                      { 25.3f, 3.25f }, { 25.3f, 28.25f } };
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      for (unsigned x = 2; x <= 19; x++)
         for (unsigned y = 9; y <= 11; y++)
            g.v[y * W + x]++;
      for (unsigned y = 3; y <= 27; y++)
         for (unsigned x = 24; x <= 26; x++)
            g.v[y * W + x]++;
      count_and_check(s, PIPE_PRIM_LINES, wl, 4, &g, "width 3");
      scene_grid_fini(&g);
      scene_rast(s, NULL);
   }
}

/* --- clipping ---------------------------------------------------------------------------- */

struct cvert {
   double c[4];   /* clip coordinates */
};

/* Clip a polygon against one plane dot(p, c) >= 0 (Sutherland-Hodgman). */
static unsigned
clip_plane(const struct cvert *in, unsigned n, const double p[4], struct cvert *out)
{
   unsigned m = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct cvert *a = &in[i], *b = &in[(i + 1) % n];
      double da = 0, db = 0;
      for (unsigned k = 0; k < 4; k++) {
         da += p[k] * a->c[k];
         db += p[k] * b->c[k];
      }
      if (da >= 0)
         out[m++] = *a;
      if ((da >= 0) != (db >= 0)) {
         double t = da / (da - db);
         for (unsigned k = 0; k < 4; k++)
            out[m].c[k] = a->c[k] + t * (b->c[k] - a->c[k]);
         m++;
      }
   }
   return m;
}

/* Expected coverage of a clipped triangle: clip in homogeneous space
 * against the frustum (optionally without near/far) and extra planes,
 * project, and classify pixel centres with a margin of 1e-3 pixels. */
static void
clip_grid(const struct scene *s, const struct cvert tri[3], bool zclip, const double (*ucp)[4],
          unsigned nucp, struct scene_grid *g)
{
   struct cvert a[32], b[32];
   memcpy(a, tri, 3 * sizeof *a);
   unsigned n = 3;
   const double planes[6][4] = { { 1, 0, 0, 1 }, { -1, 0, 0, 1 }, { 0, 1, 0, 1 },
                                 { 0, -1, 0, 1 }, { 0, 0, 1, 1 }, { 0, 0, -1, 1 } };
   for (unsigned i = 0; i < 6 + nucp && n; i++) {
      if (i >= 4 && i < 6 && !zclip)
         continue;
      n = clip_plane(a, n, i < 6 ? planes[i] : ucp[i - 6], b);
      memcpy(a, b, n * sizeof *a);
   }
   /* w > 0 is implied by the frustum planes */
   double wx[32], wy[32];
   for (unsigned i = 0; i < n; i++) {
      wx[i] = (a[i].c[0] / a[i].c[3] + 1.0) * s->w / 2.0;
      wy[i] = (a[i].c[1] / a[i].c[3] + 1.0) * s->h / 2.0;
   }
   double area = 0;
   for (unsigned i = 0; i < n; i++)
      area += wx[i] * wy[(i + 1) % n] - wx[(i + 1) % n] * wy[i];
   memset(g->v, 0, (size_t)g->w * g->h);
   if (n < 3 || fabs(area) < 1e-9)
      return;
   double sign = area > 0 ? 1 : -1;
   for (unsigned y = 0; y < g->h; y++) {
      for (unsigned x = 0; x < g->w; x++) {
         double px = x + 0.5, py = y + 0.5, mind = INFINITY;
         for (unsigned i = 0; i < n; i++) {
            unsigned j = (i + 1) % n;
            double ex = wx[j] - wx[i], ey = wy[j] - wy[i];
            double len = sqrt(ex * ex + ey * ey);
            if (len < 1e-12)
               continue;
            double d = sign * (ex * (py - wy[i]) - ey * (px - wx[i])) / len;
            if (d < mind)
               mind = d;
         }
         g->v[y * g->w + x] = mind > 1.0 / 128 ? 1 : mind < -1.0 / 128 ? 0 : -1;
      }
   }
}

static void
draw_clip_tri(struct scene *s, const struct cvert tri[3])
{
   float buf[3][4];
   for (unsigned i = 0; i < 3; i++)
      for (unsigned k = 0; k < 4; k++)
         buf[i][k] = (float)tri[i].c[k];
   scene_verts(s, &buf[0][0], 3, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3);
}

static void
test_clipping(struct scene *s)
{
   scene_count_setup(s, W, H);
   static const struct {
      const char *name;
      double v[3][4];
   } cases[] = {
      { "clip: crossing left (x = -w)", { { -3, -0.5, 0, 1 }, { 0.5, -0.8, 0, 1 }, { 0.3, 0.9, 0, 1 } } },
      { "clip: crossing right (x = w)", { { 3, 0.5, 0, 1 }, { -0.5, -0.8, 0, 1 }, { -0.3, 0.9, 0, 1 } } },
      { "clip: crossing bottom (y = -w)", { { -0.5, -3, 0, 1 }, { -0.8, 0.5, 0, 1 }, { 0.9, 0.3, 0, 1 } } },
      { "clip: crossing top (y = w)", { { 0.5, 3, 0, 1 }, { -0.8, -0.5, 0, 1 }, { 0.9, -0.3, 0, 1 } } },
      { "clip: crossing near (z = -w)", { { -0.9, -0.9, -3, 1 }, { 0.9, -0.7, 0.5, 1 }, { -0.2, 0.9, 0.2, 1 } } },
      { "clip: crossing far (z = w)", { { -0.9, -0.9, 3, 1 }, { 0.9, -0.7, -0.5, 1 }, { -0.2, 0.9, 0.2, 1 } } },
      { "clip: crossing near and far", { { -0.9, -0.9, -2.5, 1 }, { 0.9, -0.2, 2.5, 1 }, { -0.2, 0.9, 0.0, 1 } } },
      { "clip: vertex behind the eye (w < 0)", { { -0.5, -0.5, 0.5, 1 }, { 1.5, 0.2, 0.8, -0.6 }, { 0.2, 0.7, -0.2, 1 } } },
      { "clip: perspective, w 0.5 .. 4, crossing two sides", { { -2.5, -0.5, 0, 0.5 }, { 3, 3.5, 1, 4 }, { 0.5, -3, 0.5, 2 } } },
      { "clip: huge triangle covering the window (guard band)", { { -1e4, -1e4, 0, 1 }, { 3e4, -1e4, 0, 1 }, { -1e4, 3e4, 0, 1 } } },
      { "clip: entirely outside (x > w)", { { 1.5, -0.5, 0, 1 }, { 3, 0.5, 0, 1 }, { 2, 0.9, 0, 1 } } },
      { "clip: entirely behind the eye", { { -0.5, -0.5, 0, -1 }, { 0.5, -0.5, 0, -1 }, { 0, 0.5, 0, -1 } } },
   };
   struct scene_grid g;
   scene_grid_init(&g, W, H, 0);
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      struct cvert tri[3];
      for (unsigned i = 0; i < 3; i++)
         memcpy(tri[i].c, cases[c].v[i], sizeof tri[i].c);
      clip_grid(s, tri, true, NULL, 0, &g);
      scene_clear_color(s, 0, 0, 0, 0);
      draw_clip_tri(s, tri);
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, cases[c].name);
      free(rgba);
   }

   /* depth clamp: no near/far clipping, depth clamped to [0, 1] */
   scene_case(s, "depth clamp: near/far clipping off, depth clamped");
   if (!s->screen->caps.depth_clamp) {
      scene_skip_case(s, "caps.depth_clamp is false");
   } else {
      enum pipe_format f = PIPE_FORMAT_R32G32B32A32_FLOAT;
      scene_fb(s, W, H, 1, &f, PIPE_FORMAT_Z32_FLOAT);
      scene_blend_additive(s);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.depth_clip_near = 0;
      r.depth_clip_far = 0;
      r.depth_clamp = 1;
      scene_rast(s, &r);
      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.depth_enabled = 1;
      dsa.depth_writemask = 1;
      dsa.depth_func = PIPE_FUNC_ALWAYS;
      scene_dsa(s, &dsa);
      scene_clear_color(s, 0, 0, 0, 0);
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 0.5, 0);
      struct cvert tri[3] = { { { -0.9, -0.9, -2.5, 1 } }, { { 0.9, -0.2, 2.5, 1 } },
                              { { -0.2, 0.9, 0.0, 1 } } };
      clip_grid(s, tri, false, NULL, 0, &g);
      draw_clip_tri(s, tri);
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, "coverage");
      free(rgba);
      float *z = scene_read_depth(s);
      float v[3][2];
      for (unsigned i = 0; i < 3; i++) {
         v[i][0] = (float)((tri[i].c[0] + 1) * W / 2);
         v[i][1] = (float)((tri[i].c[1] + 1) * H / 2);
      }
      unsigned bad = 0;
      for (unsigned q = 0; q < W * H; q++) {
         if (g.v[q] != 1)
            continue;
         double px = q % W + 0.5, py = q / W + 0.5, a = scene_tri_area2(v), zz = 0;
         for (unsigned i = 0; i < 3; i++) {
            const float *p = v[(i + 1) % 3], *qq = v[(i + 2) % 3];
            double l = (((double)qq[0] - p[0]) * (py - p[1]) - ((double)qq[1] - p[1]) * (px - p[0])) / a;
            zz += l * (tri[i].c[2] * 0.5 + 0.5);
         }
         double e = zz < 0 ? 0 : zz > 1 ? 1 : zz;
         if (fabs(z[q] - e) > 1e-5 && bad++ < 3)
            scene_fail(s, "pixel (%u, %u) depth %.6f, expected %.6f", q % W, q / W, z[q], e);
      }
      free(z);
      scene_dsa(s, NULL);
      scene_count_setup(s, W, H);
   }

   /* user clip planes, in clip coordinates */
   static const struct {
      const char *name;
      unsigned enable;
      double planes[8][4];
   } ucases[] = {
      { "user clip plane 0: x >= -0.5 w", 0x1, { { 1, 0, 0, 0.5 } } },
      { "user clip planes 0 and 1: a diagonal wedge", 0x3, { { 1, 1, 0, 0.25 }, { -1, 0.5, 0, 0.3 } } },
      { "user clip plane 7 only (others set but disabled)", 0x80,
        { { 1, 0, 0, -0.9 }, { 1, 0, 0, -0.9 }, { 1, 0, 0, -0.9 }, { 1, 0, 0, -0.9 },
          { 1, 0, 0, -0.9 }, { 1, 0, 0, -0.9 }, { 1, 0, 0, -0.9 }, { 0, -1, 0, 0.2 } } },
      { "user clip planes: all 8 enabled (octagon)", 0xff,
        { { 1, 0, 0, 0.8 }, { -1, 0, 0, 0.8 }, { 0, 1, 0, 0.8 }, { 0, -1, 0, 0.8 },
          { 1, 1, 0, 1 }, { -1, 1, 0, 1 }, { 1, -1, 0, 1 }, { -1, -1, 0, 1 } } },
      { "user clip planes set but none enabled", 0x0, { { 1, 0, 0, -0.9 } } },
   };
   for (unsigned c = 0; c < sizeof ucases / sizeof ucases[0]; c++) {
      scene_case(s, "%s", ucases[c].name);
      if (s->screen->caps.max_clip_planes < 8) {
         scene_skip_case(s, "fewer than 8 clip planes");
         continue;
      }
      struct pipe_clip_state cs;
      memset(&cs, 0, sizeof cs);
      double en[8][4];
      unsigned nen = 0;
      for (unsigned p = 0; p < 8; p++) {
         for (unsigned k = 0; k < 4; k++)
            cs.ucp[p][k] = (float)ucases[c].planes[p][k];
         if (ucases[c].enable & (1u << p))
            memcpy(en[nen++], ucases[c].planes[p], sizeof en[0]);
      }
      s->ctx->set_clip_state(s->ctx, &cs);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.clip_plane_enable = ucases[c].enable;
      scene_rast(s, &r);
      struct cvert tri[3] = { { { -1.5, -1.2, 0, 1 } }, { { 1.5, -1.0, 0.2, 1 } },
                              { { 0.1, 2.0, -0.3, 1 } } };
      clip_grid(s, tri, true, (const double (*)[4])en, nen, &g);
      scene_clear_color(s, 0, 0, 0, 0);
      draw_clip_tri(s, tri);
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, ucases[c].name);
      free(rgba);
   }
   scene_rast(s, NULL);
   scene_grid_fini(&g);
}

/* --- scissor and viewport --------------------------------------------------------------------- */

static void
test_scissor_viewport(struct scene *s)
{
   scene_count_setup(s, W, H);
   static const float quad[6][2] = { { 0, 0 }, { 32, 0 }, { 32, 32 },
                                     { 0, 0 }, { 32, 32 }, { 0, 32 } };
   static const struct {
      const char *name;
      bool enable;
      struct pipe_scissor_state sc;
   } cases[] = {
      { "scissor: inner rectangle", true, { 5, 7, 19, 26 } },
      { "scissor: rectangle extending past the render area", true, { 20, 25, 100, 90 } },
      { "scissor: empty rectangle", true, { 10, 10, 10, 20 } },
      { "scissor: one pixel", true, { 31, 0, 32, 1 } },
      { "scissor: disabled ignores the rectangle", false, { 5, 7, 19, 26 } },
   };
   struct scene_grid g;
   scene_grid_init(&g, W, H, 0);
   for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      scene_case(s, "%s", cases[c].name);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.scissor = cases[c].enable;
      scene_rast(s, &r);
      s->ctx->set_scissor_states(s->ctx, 0, 1, &cases[c].sc);
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            g.v[y * W + x] = !cases[c].enable ||
                             (x >= cases[c].sc.minx && x < cases[c].sc.maxx &&
                              y >= cases[c].sc.miny && y < cases[c].sc.maxy);
      count_and_check(s, PIPE_PRIM_TRIANGLES, quad, 6, &g, cases[c].name);
   }
   scene_rast(s, NULL);

   scene_case(s, "viewport: offset and size map NDC [-1, 1] onto [8, 24) x [4, 20)");
   {
      scene_viewport(s, 8, 4, 16, 16, 0, 1);
      static const float ndc[6][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 1, 1, 0, 1 },
                                       { -1, -1, 0, 1 }, { 1, 1, 0, 1 }, { -1, 1, 0, 1 } };
      scene_clear_color(s, 0, 0, 0, 0);
      scene_verts(s, &ndc[0][0], 6, 1);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            g.v[y * W + x] = x >= 8 && x < 24 && y >= 4 && y < 20;
      float *rgba = scene_read_rgba(s, 0);
      scene_check_counts(s, rgba, &g, "viewport");
      free(rgba);
      scene_viewport(s, 0, 0, W, H, 0, 1);
   }
   scene_grid_fini(&g);
}

/* --- larger, odd-sized target -------------------------------------------------------- */

static void
test_big_target(struct scene *s)
{
   enum { BWD = 203, BHT = 117 };
   scene_count_setup(s, BWD, BHT);
   scene_case(s, "triangle coverage on a 203x117 target: 60 random triangles");
   uint32_t seed = 9001;
   struct scene_grid g;
   for (unsigned i = 0; i < 60 && scene_case_ok(s); i++) {
      float v[3][2];
      for (unsigned k = 0; k < 3; k++) {
         v[k][0] = (float)(scene_rand(&seed) % (BWD * 16 + 1)) / 16.0f;
         v[k][1] = (float)(scene_rand(&seed) % (BHT * 16 + 1)) / 16.0f;
      }
      scene_grid_init(&g, BWD, BHT, 0);
      scene_grid_tri(&g, v);
      /* x / 203 is inexact: treat centres within 1e-3 pixel of an edge as either */
      for (unsigned y = 0; y < BHT; y++) {
         for (unsigned x = 0; x < BWD; x++) {
            bool near = false;
            for (int d = 0; d < 4; d++) {
               double dx = d == 0 ? 1e-3 : d == 1 ? -1e-3 : 0, dy = d == 2 ? 1e-3 : d == 3 ? -1e-3 : 0;
               if (scene_ref_tri(v, x + 0.5 + dx, y + 0.5 + dy) != scene_ref_tri(v, x + 0.5, y + 0.5))
                  near = true;
            }
            if (near && g.v[y * BWD + x] >= 0)
               g.v[y * BWD + x] = -1;
         }
      }
      char what[160];
      snprintf(what, sizeof what, "triangle %u (%g,%g) (%g,%g) (%g,%g)", i, v[0][0], v[0][1],
               v[1][0], v[1][1], v[2][0], v[2][1]);
      count_and_check(s, PIPE_PRIM_TRIANGLES, v, 3, &g, what);
      scene_grid_fini(&g);
   }
}

/* --- stipples (GL 2.1) ------------------------------------------------------------------ */

static void
test_stipple(struct scene *s)
{
   scene_count_setup(s, W, H);
   static const float quad[6][2] = { { 0, 0 }, { 32, 0 }, { 32, 32 },
                                     { 0, 0 }, { 32, 32 }, { 0, 32 } };
   scene_case(s, "polygon stipple: rows by y %% 32, palindromic column pattern");
   {
      struct pipe_poly_stipple ps;
      for (unsigned y = 0; y < 32; y++)
         ps.stipple[y] = y % 3 == 0 ? 0 : y % 3 == 1 ? 0xffffffffu : 0x81818181u;
      s->ctx->set_polygon_stipple(s->ctx, &ps);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.poly_stipple_enable = 1;
      scene_rast(s, &r);
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            g.v[y * W + x] = y % 3 == 1 || (y % 3 == 2 && (x % 8 == 0 || x % 8 == 7));
      count_and_check(s, PIPE_PRIM_TRIANGLES, quad, 6, &g, "polygon stipple");
      scene_grid_fini(&g);
   }
   scene_case(s, "line stipple: pattern 0x00ff, factor 2, along a horizontal strip");
   {
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.line_stipple_enable = 1;
      r.line_stipple_pattern = 0x00ff;
      r.line_stipple_factor = 1;   /* repeat 2 */
      scene_rast(s, &r);
      /* fragments 0..30 in row 5; the counter runs over the strip's segments */
      static const float l[3][2] = { { 0.3f, 5.2f }, { 13.3f, 5.2f }, { 31.3f, 5.2f } };
      struct scene_grid g;
      scene_grid_init(&g, W, H, 0);
      for (unsigned x = 0; x <= 30; x++)
         g.v[5 * W + x] = ((x / 2) % 16) < 8;
      count_and_check(s, PIPE_PRIM_LINE_STRIP, l, 3, &g, "line stipple");
      scene_grid_fini(&g);
   }
   scene_rast(s, NULL);
}

/* --- point sprites ----------------------------------------------------------------------- */

static const char fs_point_coord[] =
   "shader fragment\n"
   "input vec4 @pc semantic point_coord\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @pc\n"
   "   %1 = swizzle float %0.x\n"
   "   %2 = swizzle float %0.y\n"
   "   %3 = const float 1.0\n"
   "   %4 = vec4 vec4 %3, %1, %2, %3\n"
   "   store_output @frag, %4\n"
   "}\n";

static void
test_point_sprites(struct scene *s)
{
   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   scene_blend(s, NULL);
   scene_shaders(s, scene_vs_pos, fs_point_coord);
   for (unsigned mode = 0; mode < 2; mode++) {
      scene_case(s, "point sprite coordinates, size 6, origin %s",
                 mode ? "lower left" : "upper left");
      if (s->screen->caps.max_point_size < 6.0f || !s->screen->caps.point_sprite) {
         scene_skip_case(s, "no point sprites of size 6");
         continue;
      }
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.point_size = 6.0f;
      r.point_quad_rasterization = 1;
      r.sprite_coord_mode = mode;
      scene_rast(s, &r);
      scene_clear_color(s, -1, -1, -1, -1);
      static const float pt[1][2] = { { 12.25f, 17.5f } };   /* covers x 9.25..15.25 */
      draw_win(s, PIPE_PRIM_POINTS, pt, 1);
      float *rgba = scene_read_rgba(s, 0);
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            double cx = x + 0.5, cy = y + 0.5;
            bool inside = fabs(cx - pt[0][0]) < 3.0 && fabs(cy - pt[0][1]) < 3.0;
            bool edge = fabs(fabs(cx - pt[0][0]) - 3.0) < 1e-6 || fabs(fabs(cy - pt[0][1]) - 3.0) < 1e-6;
            const float *g = &rgba[(y * W + x) * 4];
            if (edge)
               continue;
            if (!inside) {
               if (g[0] != -1.0f && bad++ < 4)
                  scene_fail(s, "pixel (%u, %u) outside the sprite was drawn", x, y);
               continue;
            }
            double es = 0.5 + (cx - pt[0][0]) / 6.0;
            double et = mode ? 0.5 - (cy - pt[0][1]) / 6.0 : 0.5 + (cy - pt[0][1]) / 6.0;
            if ((g[0] != 1.0f || fabs(g[1] - es) > 1e-4 || fabs(g[2] - et) > 1e-4) && bad++ < 4)
               scene_fail(s, "pixel (%u, %u): drawn %g, coord (%.4f, %.4f), expected (%.4f, %.4f)",
                          x, y, g[0], g[1], g[2], es, et);
         }
      }
      free(rgba);
   }
   scene_rast(s, NULL);
}

int
main(void)
{
   struct scene s;
   scene_init(&s, "pipe-draw-raster");
   test_triangles(&s);
   test_shared_edges(&s);
   test_meshes(&s, 16);
   test_meshes(&s, 2);
   test_big_target(&s);
   test_stipple(&s);
   test_point_sprites(&s);
   test_interpolation(&s);
   test_provoking(&s);
   test_culling(&s);
   test_polygon_modes(&s);
   test_polygon_offset(&s);
   test_points(&s);
   test_lines(&s);
   test_clipping(&s);
   test_scissor_viewport(&s);
   return scene_finish(&s);
}
