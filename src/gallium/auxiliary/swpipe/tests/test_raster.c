/*
 * Rasterization rules, checked on the setup/raster functions directly
 * against expectations computed here with independent integer geometry:
 *  - triangles: exact coverage counts of hand-computed triangles, both fill
 *    rules; 1000 random pairs of triangles sharing an edge cover every
 *    sample inside their union exactly once and nothing twice;
 *  - lines: hand-computed diamond-exit pixel sets, random x- and y-major
 *    lines against the column rule, last pixel, stipple;
 *  - points: the pixel containing the point;
 *  - quads: lanes, masks and even quad origins.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swpipe_raster.h"

#define W 64
#define H 64
#define ORG 8   /* the grid covers pixels [-ORG, W - ORG) */

static int failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         failures++;                                                   \
         if (failures < 30) {                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);       \
            fprintf(stderr, __VA_ARGS__);                              \
            fprintf(stderr, "\n");                                     \
         }                                                             \
      }                                                                \
   } while (0)

struct grid {
   int count[H][W];
   int bad_quads;
};

static void
collect(void *priv, const struct swpipe_quad *q)
{
   struct grid *g = priv;
   if ((q->x & 1) || (q->y & 1) || !q->mask || q->mask > 15 || !q->prim)
      g->bad_quads++;
   for (unsigned lane = 0; lane < 4; lane++) {
      if (!(q->mask >> lane & 1))
         continue;
      int x = q->x + (int)(lane & 1) + ORG, y = q->y + (int)(lane >> 1) + ORG;
      if (x < 0 || y < 0 || x >= W || y >= H)
         g->bad_quads++;
      else
         g->count[y][x]++;
   }
}

static void
rast_init(struct swpipe_rasterizer *r, struct grid *g)
{
   memset(r, 0, sizeof *r);
   memset(g, 0, sizeof *g);
   r->state.clip_minx = -ORG;
   r->state.clip_miny = -ORG;
   r->state.clip_maxx = W - ORG;
   r->state.clip_maxy = H - ORG;
   r->state.half_pixel_center = true;
   r->state.line_stipple_factor = 1;
   r->emit = collect;
   r->emit_priv = g;
}

static struct swpipe_raster_vertex
vert(double x, double y)
{
   struct swpipe_raster_vertex v;
   memset(&v, 0, sizeof v);
   v.win[0] = (float)x;
   v.win[1] = (float)y;
   v.win[3] = 1.0f;
   return v;
}

static int
total(const struct grid *g)
{
   int n = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         n += g->count[y][x];
   return n;
}

/* ---------------------------------------------------------------- */

static void
test_tri_counts(void)
{
   struct swpipe_rasterizer r;
   struct grid g;

   /* right triangle with legs 8 through pixel corners: samples (i+.5, j+.5)
    * strictly inside when i + j <= 6; none lie on an edge: 28 */
   for (int winding = 0; winding < 2; winding++) {
      struct swpipe_raster_vertex a = vert(0, 0), b = vert(8, 0), c = vert(0, 8);
      rast_init(&r, &g);
      if (winding)
         swpipe_raster_tri(&r, &a, &c, &b, true);
      else
         swpipe_raster_tri(&r, &a, &b, &c, true);
      CHECK(total(&g) == 28, "corner triangle winding %d: %d fragments, want 28", winding,
            total(&g));
      CHECK(g.bad_quads == 0, "bad quads");
   }

   /* the same through pixel centres: samples at (i, j) from the first
    * vertex, i, j >= 0, i + j <= 8.  Top-left rule: the top edge (j = 0) and
    * the left edge (i = 0) are in, the hypotenuse out: i + j <= 7 -> 36.
    * Bottom-left rule: the horizontal edge is a top edge and is out: 28. */
   for (int rule = 0; rule < 2; rule++) {
      struct swpipe_raster_vertex a = vert(0.5, 0.5), b = vert(8.5, 0.5), c = vert(0.5, 8.5);
      rast_init(&r, &g);
      r.state.bottom_edge_rule = rule;
      swpipe_raster_tri(&r, &a, &b, &c, true);
      int want = rule ? 28 : 36;
      CHECK(total(&g) == want, "centre triangle rule %d: %d, want %d", rule, total(&g), want);
      CHECK(g.count[ORG][ORG] == !rule, "vertex sample (0,0) rule %d", rule);
      CHECK(g.count[ORG + 7][ORG] == 1 && g.count[ORG + 8][ORG] == 0, "left edge");
   }

   /* a mirrored triangle (relative u = 8.5 - x, v = 8.5 - y) */
   {
      struct swpipe_raster_vertex a = vert(8.5, 8.5), b = vert(0.5, 8.5), c = vert(8.5, 0.5);
      int want[2];
      /* inside strictly: u > 0, v > 0, u + v < 8 -> 21 samples; the
       * hypotenuse from (0.5, 8.5) to (8.5, 0.5) faces up-left: it is a left
       * edge (in, 7 samples strictly between its ends, plus its end points:
       * (0.5,8.5) also on the bottom edge, (8.5,0.5) also on the right edge);
       * the vertical edge x = 8.5 is right (out), the horizontal y = 8.5 is
       * bottom (out with the top-left rule, in with the bottom-left rule). */
      want[0] = 21 + 7;            /* interior + hypotenuse interior */
      want[1] = 21 + 7 + 7 + 1;    /* + bottom edge interior + (0.5, 8.5) */
      for (int rule = 0; rule < 2; rule++) {
         rast_init(&r, &g);
         r.state.bottom_edge_rule = rule;
         swpipe_raster_tri(&r, &a, &b, &c, false);
         CHECK(total(&g) == want[rule], "mirrored triangle rule %d: %d, want %d", rule,
               total(&g), want[rule]);
      }
   }

   /* a 4x4 square from two triangles, every pixel exactly once */
   {
      struct swpipe_raster_vertex a = vert(1, 1), b = vert(5, 1), c = vert(5, 5), d = vert(1, 5);
      rast_init(&r, &g);
      swpipe_raster_tri(&r, &a, &b, &c, true);
      swpipe_raster_tri(&r, &a, &c, &d, true);
      CHECK(total(&g) == 16, "square: %d", total(&g));
      for (int y = 1; y < 5; y++)
         for (int x = 1; x < 5; x++)
            CHECK(g.count[y + ORG][x + ORG] == 1, "square pixel %d,%d", x, y);
   }

   /* degenerate and clipped */
   {
      struct swpipe_raster_vertex a = vert(1, 1), b = vert(5, 5), c = vert(3, 3);
      rast_init(&r, &g);
      swpipe_raster_tri(&r, &a, &b, &c, true);
      CHECK(total(&g) == 0, "degenerate triangle drew %d", total(&g));
      struct swpipe_raster_vertex d = vert(-100, -100), e = vert(200, -100), f = vert(-100, 200);
      rast_init(&r, &g);
      r.state.clip_minx = 2;
      r.state.clip_miny = 3;
      r.state.clip_maxx = 7;
      r.state.clip_maxy = 9;
      swpipe_raster_tri(&r, &d, &e, &f, true);
      CHECK(total(&g) == 5 * 6, "clipped triangle %d", total(&g));
      CHECK(g.count[ORG + 3][ORG + 2] == 1 && g.count[ORG + 2][ORG + 2] == 0, "clip edge");
   }

   /* polygon stipple: checkerboard rows keep half */
   {
      struct swpipe_raster_vertex a = vert(0, 0), b = vert(32, 0), c = vert(32, 32),
                                   d = vert(0, 32);
      rast_init(&r, &g);
      r.state.poly_stipple_enable = true;
      for (int i = 0; i < 32; i++)
         r.state.poly_stipple[i] = (i & 1) ? 0x55555555u : 0xaaaaaaaau;
      swpipe_raster_tri(&r, &a, &b, &c, true);
      swpipe_raster_tri(&r, &a, &c, &d, true);
      CHECK(total(&g) == 512, "stipple kept %d of 1024", total(&g));
      CHECK(g.count[ORG][ORG] == 1 && g.count[ORG][ORG + 1] == 0 &&
            g.count[ORG + 1][ORG] == 0 && g.count[ORG + 1][ORG + 1] == 1, "stipple bits");
   }

   /* integer sample positions (half_pixel_center off) */
   {
      struct swpipe_raster_vertex a = vert(0, 0), b = vert(4, 0), c = vert(4, 4), d = vert(0, 4);
      rast_init(&r, &g);
      r.state.half_pixel_center = false;
      swpipe_raster_tri(&r, &a, &b, &c, true);
      swpipe_raster_tri(&r, &a, &c, &d, true);
      /* samples (0..3, 0..3): top and left edges in, right and bottom out */
      CHECK(total(&g) == 16 && g.count[ORG][ORG] == 1 && g.count[ORG + 4][ORG + 4] == 0,
            "integer centres: %d", total(&g));
   }
}

/* ---------------------------------------------------------------- */
/* Random shared edges. */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

/* coordinate on the sub-pixel grid (or a coarse half-pixel grid), in
 * grid units */
static int64_t
rnd_coord(bool coarse, int lo, int hi)
{
   int64_t one = 1 << SWPIPE_SUBPIXEL_BITS;
   if (coarse)
      return (int64_t)(lo * 2 + (int)(rnd() % (uint32_t)((hi - lo) * 2 + 1))) * one / 2;
   return lo * one + (int64_t)(rnd() % (uint32_t)((hi - lo) * one + 1));
}

static int64_t
cross(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py)
{
   return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

static void
test_shared_edges(void)
{
   const int64_t one = 1 << SWPIPE_SUBPIXEL_BITS;
   int cases = 0, on_edge_samples = 0;

   while (cases < 1000) {
      bool coarse = cases % 2;
      int64_t P[4][2];
      for (int i = 0; i < 4; i++) {
         P[i][0] = rnd_coord(coarse, -4, W - ORG - 4);
         P[i][1] = rnd_coord(coarse, -4, H - ORG - 4);
      }
      /* shared edge P0-P1; P2 and P3 strictly on opposite sides */
      int64_t s2 = cross(P[0][0], P[0][1], P[1][0], P[1][1], P[2][0], P[2][1]);
      int64_t s3 = cross(P[0][0], P[0][1], P[1][0], P[1][1], P[3][0], P[3][1]);
      if (s2 == 0 || s3 == 0 || (s2 > 0) == (s3 > 0))
         continue;
      cases++;

      struct swpipe_raster_vertex v[4];
      for (int i = 0; i < 4; i++)
         v[i] = vert((double)P[i][0] / one, (double)P[i][1] / one);
      struct swpipe_rasterizer r;
      static struct grid g;
      rast_init(&r, &g);
      r.state.bottom_edge_rule = (cases / 2) % 2;
      /* vary the vertex order (winding) of each triangle */
      if (cases % 3 == 0)
         swpipe_raster_tri(&r, &v[0], &v[1], &v[2], true);
      else
         swpipe_raster_tri(&r, &v[1], &v[0], &v[2], true);
      if (cases % 5 == 0)
         swpipe_raster_tri(&r, &v[1], &v[0], &v[3], true);
      else
         swpipe_raster_tri(&r, &v[3], &v[0], &v[1], true);
      CHECK(g.bad_quads == 0, "case %d: bad quads", cases);

      for (int py = 0; py < H; py++) {
         for (int px = 0; px < W; px++) {
            int64_t sx = (px - ORG) * one + one / 2, sy = (py - ORG) * one + one / 2;
            int c = g.count[py][px];
            CHECK(c <= 1, "case %d: pixel %d,%d covered %d times", cases, px - ORG, py - ORG, c);
            /* must be covered: strictly inside either triangle, or strictly
             * inside the shared edge */
            bool must = false;
            for (int t = 2; t <= 3; t++) {
               int64_t e0 = cross(P[0][0], P[0][1], P[1][0], P[1][1], sx, sy);
               int64_t e1 = cross(P[1][0], P[1][1], P[t][0], P[t][1], sx, sy);
               int64_t e2 = cross(P[t][0], P[t][1], P[0][0], P[0][1], sx, sy);
               if ((e0 > 0 && e1 > 0 && e2 > 0) || (e0 < 0 && e1 < 0 && e2 < 0))
                  must = true;
            }
            if (cross(P[0][0], P[0][1], P[1][0], P[1][1], sx, sy) == 0) {
               int64_t dot0 = (sx - P[0][0]) * (P[1][0] - P[0][0]) +
                              (sy - P[0][1]) * (P[1][1] - P[0][1]);
               int64_t len2 = (P[1][0] - P[0][0]) * (P[1][0] - P[0][0]) +
                              (P[1][1] - P[0][1]) * (P[1][1] - P[0][1]);
               if (dot0 > 0 && dot0 < len2) {
                  must = true;
                  on_edge_samples++;
               }
            }
            if (must)
               CHECK(c == 1, "case %d: pixel %d,%d inside but covered %d times", cases,
                     px - ORG, py - ORG, c);
         }
      }
   }
   CHECK(on_edge_samples > 100, "only %d samples fell on shared edges", on_edge_samples);
}

/* ---------------------------------------------------------------- */
/* Lines */

struct px {
   int x, y;
};

static void
check_line(const char *name, double ax, double ay, double bx, double by, bool flip,
           bool last, const struct px *want, int nwant)
{
   struct swpipe_rasterizer r;
   static struct grid g;
   struct swpipe_raster_vertex a = vert(ax, ay), b = vert(bx, by);

   rast_init(&r, &g);
   r.state.bottom_edge_rule = flip;
   r.state.line_last_pixel = last;
   swpipe_raster_line(&r, &a, &b, true);
   CHECK(total(&g) == nwant, "%s: %d fragments, want %d", name, total(&g), nwant);
   for (int i = 0; i < nwant; i++)
      CHECK(g.count[want[i].y + ORG][want[i].x + ORG] == 1, "%s: pixel %d,%d missing", name,
            want[i].x, want[i].y);
   CHECK(g.bad_quads == 0, "%s: bad quads", name);
}

static void
test_lines_hand(void)
{
   /* through pixel centres: a's pixel in, b's out */
   static const struct px h1[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 } };
   check_line("horizontal centres", 0.5, 0.5, 4.5, 0.5, false, false, h1, 4);
   static const struct px h1r[] = { { 4, 0 }, { 3, 0 }, { 2, 0 }, { 1, 0 } };
   check_line("horizontal centres reversed", 4.5, 0.5, 0.5, 0.5, false, false, h1r, 4);
   static const struct px h1l[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 4, 0 } };
   check_line("horizontal last pixel", 0.5, 0.5, 4.5, 0.5, false, true, h1l, 5);

   /* along pixel edges y = 2: perturbed by -eps^2 in GL's y, i.e. into the
    * row above in unflipped coordinates (row 1), the row below when flipped */
   static const struct px h2[] = { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } };
   check_line("horizontal on edge", 0, 2, 4, 2, false, false, h2, 4);
   static const struct px h2f[] = { { 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 } };
   check_line("horizontal on edge flipped", 0, 2, 4, 2, true, false, h2f, 4);

   /* vertical along x = 3: perturbed by -eps in x -> column 2 */
   static const struct px v1[] = { { 2, 0 }, { 2, 1 }, { 2, 2 } };
   check_line("vertical on edge", 3, 0, 3, 3, false, false, v1, 3);

   /* diagonal through centres */
   static const struct px d1[] = { { 0, 0 }, { 1, 1 }, { 2, 2 } };
   check_line("diagonal", 0.5, 0.5, 3.5, 3.5, false, false, d1, 3);

   /* slope 2/5 through centres: y at column centres .5 .9 1.3 1.7 2.1 */
   static const struct px s1[] = { { 0, 0 }, { 1, 0 }, { 2, 1 }, { 3, 1 }, { 4, 2 } };
   check_line("shallow", 0.5, 0.5, 5.5, 2.5, false, false, s1, 5);

   /* a short line inside one diamond produces nothing; one leaving it, one */
   check_line("inside one diamond", 0.4, 0.5, 0.6, 0.5, false, false, NULL, 0);
   static const struct px e1[] = { { 0, 0 } };
   check_line("leaving a diamond", 0.5, 0.5, 1.25, 0.5, false, false, e1, 1);
   /* ending exactly on a diamond's corner: the perturbed end lies inside */
   check_line("ending on a corner", 0.5, 0.5, 1.0, 0.5, false, false, NULL, 0);
   check_line("zero length", 0.5, 0.5, 0.5, 0.5, false, false, NULL, 0);
}

/* x-major lines from a column centre to another column centre: one
 * fragment per column a.x .. b.x - 1, in the row whose centre is nearest
 * to the line at the column centre (ties skipped). */
static void
test_lines_random(void)
{
   const int64_t one = 1 << SWPIPE_SUBPIXEL_BITS;
   int cases = 0;

   while (cases < 500) {
      int xa = (int)(rnd() % 40), xb = (int)(rnd() % 40);
      if (xa == xb)
         continue;
      int n = abs(xb - xa);
      int64_t ya = (int64_t)(rnd() % (uint32_t)(40 * one)), yb;
      yb = ya + (int64_t)(rnd() % (uint32_t)(2 * n * one + 1)) - n * one;
      if (yb < 0 || yb >= 40 * one || llabs(yb - ya) >= n * one)
         continue;
      /* y at column k (k = 0..n-1), in grid units times n:
       * ya * n + (yb - ya) * k; row = floor(y - 0.5) + ... nearest centre */
      bool tie = false;
      struct px want[64];
      for (int k = 0; k < n; k++) {
         int64_t yn = ya * n + (yb - ya) * k;   /* y * one * n */
         if (yn % (one * n) == 0)
            tie = true;
         want[k].x = xa < xb ? xa + k : xa - k;
         want[k].y = (int)(yn / (one * n));
      }
      if (tie)
         continue;
      cases++;
      bool ymajor = cases % 2;
      struct px w2[64];
      for (int k = 0; k < n; k++) {
         w2[k].x = ymajor ? want[k].y : want[k].x;
         w2[k].y = ymajor ? want[k].x : want[k].y;
      }
      double fa = xa + 0.5, fb = xb + 0.5, ga = (double)ya / one, gb = (double)yb / one;
      char name[64];
      snprintf(name, sizeof name, "random line %d", cases);
      if (ymajor)
         check_line(name, ga, fa, gb, fb, cases % 4 == 1, false, w2, n);
      else
         check_line(name, fa, ga, fb, gb, cases % 4 == 2, false, w2, n);
   }
}

static void
test_line_stipple(void)
{
   struct swpipe_rasterizer r;
   static struct grid g;
   struct swpipe_raster_vertex a = vert(0.5, 0.5), b = vert(20.5, 0.5), c = vert(20.5, 10.5);

   /* pattern 0x00ff with factor 2: 16 on, 16 off, ... s counts fragments */
   rast_init(&r, &g);
   r.state.line_stipple_enable = true;
   r.state.line_stipple_pattern = 0x00ff;
   r.state.line_stipple_factor = 2;
   swpipe_raster_line(&r, &a, &b, true);
   CHECK(total(&g) == 16, "stipple: %d", total(&g));
   CHECK(g.count[ORG][ORG + 15] == 1 && g.count[ORG][ORG + 16] == 0, "stipple boundary");
   /* the strip continues: s goes on from 20 -> fragments 20..29 of the next
    * line; with s/2 in 10..14 off, 15 on (s = 30, 31 not reached) -> 0 */
   swpipe_raster_line(&r, &b, &c, false);
   CHECK(total(&g) == 16, "stipple continued: %d", total(&g));
   CHECK(r.line_stipple_counter == 30, "counter %u", r.line_stipple_counter);
   /* reset: the second line starts on */
   swpipe_raster_line(&r, &b, &c, true);
   CHECK(total(&g) == 26, "stipple reset: %d", total(&g));
}

static void
test_points(void)
{
   struct swpipe_rasterizer r;
   static struct grid g;
   static const struct {
      double x, y;
      bool flip;
      int px, py;
   } cases[] = {
      { 0.5, 0.5, false, 0, 0 },  { 3.99, 2.01, false, 3, 2 }, { 4.0, 2.0, false, 4, 2 },
      { 4.0, 2.0, true, 4, 1 },   { -0.5, 7.25, false, -1, 7 },
      /* within half a sub-pixel step of a pixel edge: snapped onto it, so a
       * point computed as 5.9999990 or 6.0000005 (the same vertex through
       * two viewport offsets) covers pixel 6 both times */
      { 5.9999990, 3.0, false, 6, 3 }, { 6.0000005, 3.0, false, 6, 3 },
      { 5.99, 3.0, false, 5, 3 },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      struct swpipe_raster_vertex a = vert(cases[i].x, cases[i].y);
      rast_init(&r, &g);
      r.state.bottom_edge_rule = cases[i].flip;
      swpipe_raster_point(&r, &a);
      CHECK(total(&g) == 1 && g.count[cases[i].py + ORG][cases[i].px + ORG] == 1,
            "point %u at %g,%g", i, cases[i].x, cases[i].y);
   }
   /* outside the clip rectangle */
   struct swpipe_raster_vertex far = vert(1000, 3);
   rast_init(&r, &g);
   swpipe_raster_point(&r, &far);
   CHECK(total(&g) == 0, "clipped point");
}

/* Interpolation planes: barycentrics reproduce the vertices and sum to 1. */
static void
test_planes(void)
{
   struct swpipe_prim prim;
   double x[3] = { 1.0, 9.0, 3.0 }, y[3] = { 2.0, 4.0, 11.0 };
   swpipe_setup_tri_planes(&prim, x, y);
   for (int v = 0; v < 3; v++) {
      for (int i = 0; i < 3; i++) {
         double l = prim.bary[i][0] + prim.bary[i][1] * (x[v] - prim.ox) +
                    prim.bary[i][2] * (y[v] - prim.oy);
         CHECK(l > (i == v ? 1.0 : 0.0) - 1e-12 && l < (i == v ? 1.0 : 0.0) + 1e-12,
               "tri plane %d at vertex %d: %g", i, v, l);
      }
   }
   double lx[2] = { 2.0, 6.0 }, ly[2] = { 1.0, 4.0 };
   swpipe_setup_line_planes(&prim, lx, ly);
   /* t at (4, 2.5), the midpoint: 0.5 */
   double t = prim.bary[1][0] + prim.bary[1][1] * (4.0 - prim.ox) + prim.bary[1][2] * (2.5 - prim.oy);
   CHECK(t > 0.5 - 1e-12 && t < 0.5 + 1e-12, "line t %g", t);
}

/* swpipe_snap against llround (its definition): NaN, infinities, the
 * clamp, every float within a few ulps of each half-grid point of
 * [-64, 64] and around powers of two up to the clamp, tiny values and a
 * million random bit patterns. */
static int64_t
snap_ref(float coord)
{
   double c = coord;
   if (!(c == c))
      c = 0.0;
   if (c > SWPIPE_MAX_WINDOW_COORD)
      c = SWPIPE_MAX_WINDOW_COORD;
   if (c < -SWPIPE_MAX_WINDOW_COORD)
      c = -SWPIPE_MAX_WINDOW_COORD;
   return (int64_t)llround(c * (double)(1 << SWPIPE_SUBPIXEL_BITS));
}

static unsigned snap_checked;

static void
snap_check(float f)
{
   int64_t got = swpipe_snap(f), want = snap_ref(f);
   CHECK(got == want, "swpipe_snap(%a) = %lld, llround gives %lld", (double)f, (long long)got,
         (long long)want);
   snap_checked++;
}

static void
snap_around(float f)
{
   float lo = f, hi = f;
   for (unsigned i = 0; i < 4; i++) {
      snap_check(lo);
      snap_check(hi);
      snap_check(-lo);
      snap_check(-hi);
      lo = nextafterf(lo, -INFINITY);
      hi = nextafterf(hi, INFINITY);
   }
}

static void
test_snap(void)
{
   snap_check(NAN);
   snap_check(INFINITY);
   snap_check(-INFINITY);
   snap_check(0.0f);
   snap_check(-0.0f);
   snap_check(1e-30f);
   snap_check(-1e-45f);
   for (int k = -64 * 512; k <= 64 * 512; k++)   /* half-grid points: (k / 2) / 256 */
      snap_around((float)k / 512.0f);
   for (float p = 1.0f / 1024.0f; p <= 4.0f * SWPIPE_MAX_WINDOW_COORD; p *= 2.0f) {
      snap_around(p);
      snap_around(p * 1.5f);
      snap_around(p + 1.0f / 512.0f);
   }
   uint32_t x = 0x12345678u;
   for (unsigned i = 0; i < 1000000; i++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      float f;
      memcpy(&f, &x, 4);
      snap_check(f);
   }
   CHECK(snap_checked > 1500000, "%u values checked", snap_checked);
}

int
main(void)
{
   test_snap();
   test_tri_counts();
   test_shared_edges();
   test_lines_hand();
   test_lines_random();
   test_line_stipple();
   test_points();
   test_planes();
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("raster: all passed\n");
   return 0;
}
