/*
 * Triangle rasterization: edge functions on vertices snapped to a grid of
 * SWPIPE_SUBPIXEL_BITS fraction bits, evaluated exactly in 64-bit integers
 * at each pixel's sample position.  A sample exactly on an edge belongs to
 * the triangle only when the edge is a left edge or a top edge (bottom edge
 * with the rasterizer's bottom_edge_rule), so two triangles sharing an edge
 * cover every sample along it exactly once.
 */
#include "swpipe_raster.h"

#include "util/u_multiversion.h"

/* the loops over the three edges and the four lanes of a quad are worth
 * unrolling (their arrays then live in registers) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("unroll-loops")
#endif

#define ONE ((int64_t)1 << SWPIPE_SUBPIXEL_BITS)

struct tri_edge {
   int64_t ax, ay;     /* start vertex */
   int64_t dx, dy;     /* end - start */
   int64_t bias;       /* 0: samples on the edge are inside; -1: outside */
};

static inline __attribute__((always_inline)) int64_t
floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   return (a % b != 0 && a < 0) ? q - 1 : q;
}

static inline __attribute__((always_inline)) int64_t
ceil_div(int64_t a, int64_t b)
{
   return -floor_div(-a, b);
}

static inline int64_t
min3(int64_t a, int64_t b, int64_t c)
{
   int64_t m = a < b ? a : b;
   return m < c ? m : c;
}

static inline int64_t
max3(int64_t a, int64_t b, int64_t c)
{
   int64_t m = a > b ? a : b;
   return m > c ? m : c;
}

/* Quad rows narrower than this are not narrowed (tri_quads). */
#define ROW_NARROW_MIN_QUADS 4

/* Narrows [*lo, *hi] to the integers i with a i + c >= 0 (empty: *lo > *hi). */
static inline __attribute__((always_inline)) void
narrow(int64_t *lo, int64_t *hi, int64_t a, int64_t c)
{
   if (a > 0) {
      int64_t m = ceil_div(-c, a);
      if (m > *lo)
         *lo = m;
   } else if (a < 0) {
      int64_t m = floor_div(c, -a);
      if (m < *hi)
         *hi = m;
   } else if (c < 0) {
      *lo = *hi + 1;
   }
}

/* With the vertices ordered so that the area is positive, the inside of
 * each edge is where (d x (p - a)) > 0.  There, moving right increases the
 * function on a left edge (-dy > 0), and on a horizontal edge moving down
 * (dx > 0) means the edge is the top one; moving up, the bottom one. */
static inline __attribute__((always_inline)) void
edge_init(struct tri_edge *e, int64_t ax, int64_t ay, int64_t bx, int64_t by,
          bool bottom_edge_rule)
{
   bool owned;

   e->ax = ax;
   e->ay = ay;
   e->dx = bx - ax;
   e->dy = by - ay;
   if (e->dy != 0)
      owned = e->dy < 0;
   else
      owned = bottom_edge_rule ? e->dx < 0 : e->dx > 0;
   e->bias = owned ? 0 : -1;
}

U_MULTIVERSION static void
tri_quads(struct swpipe_rasterizer *r, const struct swpipe_raster_vertex *v0,
           const struct swpipe_raster_vertex *v1,
           const struct swpipe_raster_vertex *v2, bool front_facing)
{
   const struct swpipe_raster_state *rs = &r->state;
   const struct swpipe_raster_vertex *v[3] = { v0, v1, v2 };
   struct swpipe_prim prim;
   struct tri_edge edges[3];
   int64_t X[3], Y[3], area, offx, offy;
   unsigned order[3] = { 0, 1, 2 };
   double xs[3], ys[3];
   int64_t px0, px1, py0, py1;

   if (!v0 || !v1 || !v2)
      return;
   for (unsigned i = 0; i < 3; i++) {
      X[i] = swpipe_snap(v[i]->win[0]);
      Y[i] = swpipe_snap(v[i]->win[1]);
   }
   area = (X[1] - X[0]) * (Y[2] - Y[0]) - (X[2] - X[0]) * (Y[1] - Y[0]);
   if (area == 0)
      return;
   if (area < 0) {
      order[1] = 2;
      order[2] = 1;
   }
   for (unsigned i = 0; i < 3; i++) {
      unsigned a = order[i], b = order[(i + 1) % 3];
      edge_init(&edges[i], X[a], Y[a], X[b], Y[b], rs->bottom_edge_rule);
   }

   prim.v[0] = v0;
   prim.v[1] = v1;
   prim.v[2] = v2;
   prim.num_verts = 3;
   prim.provoking = rs->flatshade_first ? 0 : 2;
   prim.front_facing = front_facing;
   prim.primitive_id = r->primitive_id;
   for (unsigned i = 0; i < 4; i++)
      prim.pc[i] = 0.0;
   /* coverage uses the snapped vertices; interpolation the exact ones */
   for (unsigned i = 0; i < 3; i++) {
      xs[i] = v[i]->win[0];
      ys[i] = v[i]->win[1];
   }
   swpipe_setup_tri_planes(&prim, xs, ys);

   /* pixels whose sample position lies in the bounding box */
   offx = offy = rs->half_pixel_center ? ONE / 2 : 0;
   if (rs->sample_pos_enable) {
      offx = rs->sample_x;
      offy = rs->sample_y;
   }
   px0 = ceil_div(min3(X[0], X[1], X[2]) - offx, ONE);
   px1 = floor_div(max3(X[0], X[1], X[2]) - offx, ONE);
   py0 = ceil_div(min3(Y[0], Y[1], Y[2]) - offy, ONE);
   py1 = floor_div(max3(Y[0], Y[1], Y[2]) - offy, ONE);
   if (px0 < rs->clip_minx)
      px0 = rs->clip_minx;
   if (py0 < rs->clip_miny)
      py0 = rs->clip_miny;
   if (px1 > rs->clip_maxx - 1)
      px1 = rs->clip_maxx - 1;
   if (py1 > rs->clip_maxy - 1)
      py1 = rs->clip_maxy - 1;
   if (px0 > px1 || py0 > py1)
      return;

   /* Edge function (d x (s - a)) + bias at each sample s, inside when >= 0:
    * evaluated once at the first quad, then stepped by -dy * ONE per pixel
    * to the right and dx * ONE per pixel down (exact 64-bit integers) */
   int64_t qx0 = px0 - (px0 & 1);
   int64_t row[3], stepx[3], stepy[3], lo[3], hi[3];
   for (unsigned k = 0; k < 3; k++) {
      const struct tri_edge *e = &edges[k];
      int64_t sx = qx0 * ONE + offx, sy = (py0 - (py0 & 1)) * ONE + offy;
      row[k] = e->dx * (sy - e->ay) - e->dy * (sx - e->ax) + e->bias;
      stepx[k] = -e->dy * ONE;
      stepy[k] = e->dx * ONE;
      /* the smallest and largest of the four lanes' values minus lane 0's */
      lo[k] = (stepx[k] < 0 ? stepx[k] : 0) + (stepy[k] < 0 ? stepy[k] : 0);
      hi[k] = (stepx[k] > 0 ? stepx[k] : 0) + (stepy[k] > 0 ? stepy[k] : 0);
   }
   /* each lane's value minus lane 0's, per edge */
   int64_t lane_off[3][4];
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned lane = 0; lane < 4; lane++)
         lane_off[k][lane] = (lane & 1) * stepx[k] + (lane >> 1) * stepy[k];
   }
   /* a quad-aligned box wholly inside every edge (a tile inside a big
    * triangle): its rows are runs of whole quads (the edge functions are
    * linear, so the box's four corner samples decide) */
   if (!(px0 & 1) && (px1 & 1) && !(py0 & 1) && (py1 & 1) && !rs->poly_stipple_enable) {
      bool inside = true;
      for (unsigned k = 0; k < 3 && inside; k++) {
         int64_t w = (px1 - px0) * stepx[k], h = (py1 - py0) * stepy[k];
         inside = row[k] >= 0 && row[k] + w >= 0 && row[k] + h >= 0 && row[k] + w + h >= 0;
      }
      if (inside) {
         for (int64_t qy = py0; qy <= py1; qy += 2)
            swpipe_emit_run(r, &prim, (int)px0, (int)qy, (unsigned)((px1 - px0 + 1) / 2));
         return;
      }
   }
   for (int64_t qy = py0 - (py0 & 1); qy <= py1; qy += 2) {
      int64_t f[3];
      for (unsigned k = 0; k < 3; k++)
         f[k] = row[k];
      bool rows_in = qy >= py0 && qy + 1 <= py1;
      /* quad i of the row is at qx0 + 2i: only quads a..b can have a lane
       * inside every edge, and quads c..d (inside the bounding box) have
       * all four (exact integer bounds of the linear edge functions) */
      int64_t a = 0, b = (px1 - qx0) >> 1, c = 1, d = 0;
      /* rows of a few quads are cheaper to test quad by quad than to
       * narrow (two 64-bit divisions per edge): small triangles */
      bool wide = b >= ROW_NARROW_MIN_QUADS, full = false;
      if (wide && rows_in && !rs->poly_stipple_enable) {
         /* the quads inside the bounding box: when the first and the last
          * have all four lanes inside every edge, so do those between (the
          * smallest lane value is linear along the row), and nothing needs
          * narrowing (the rest of a..b is a quad or so on each side) */
         c = ceil_div(px0 - qx0, 2);
         d = floor_div(px1 - 1 - qx0, 2);
         full = c <= d;
         for (unsigned k = 0; k < 3 && full; k++)
            full = f[k] + lo[k] + 2 * stepx[k] * c >= 0 && f[k] + lo[k] + 2 * stepx[k] * d >= 0;
         for (unsigned k = 0; k < 3 && !full; k++)
            narrow(&c, &d, 2 * stepx[k], f[k] + lo[k]);
      }
      for (unsigned k = 0; k < 3 && wide && !full; k++)
         narrow(&a, &b, 2 * stepx[k], f[k] + hi[k]);
      for (unsigned k = 0; k < 3; k++)
         f[k] += 2 * stepx[k] * a;
      for (int64_t i = a; i <= b; i++) {
         int64_t qx = qx0 + 2 * i;
         unsigned mask = 0;
         if (i == c && c <= d) {
            swpipe_emit_run(r, &prim, (int)qx, (int)qy, (unsigned)(d - c + 1));
            for (unsigned k = 0; k < 3; k++)
               f[k] += 2 * stepx[k] * (d - c + 1);
            i = d;
            continue;
         }
         /* a quad inside the bounding box is wholly in or out of an edge
          * when the edge's smallest / largest lane value says so */
         if (rows_in && qx >= px0 && qx + 1 <= px1) {
            bool all = true, none = false;
            for (unsigned k = 0; k < 3; k++) {
               all = all && f[k] + lo[k] >= 0;
               none = none || f[k] + hi[k] < 0;
            }
            if (none || (all && !rs->poly_stipple_enable)) {
               if (all)
                  swpipe_emit_quad(r, &prim, (int)qx, (int)qy, 0xf);
               for (unsigned k = 0; k < 3; k++)
                  f[k] += 2 * stepx[k];
               continue;
            }
         }
         /* the lanes inside the bounding box, then inside every edge */
         unsigned cols = (qx >= px0 && qx <= px1) | (qx + 1 >= px0 && qx + 1 <= px1) << 1;
         unsigned rows = (qy >= py0 && qy <= py1) | (qy + 1 >= py0 && qy + 1 <= py1) << 1;
         unsigned box = (cols * (rows & 1)) | (cols * (rows >> 1)) << 2;
         for (unsigned lane = 0; lane < 4; lane++) {
            bool inside = (f[0] + lane_off[0][lane] >= 0) & (f[1] + lane_off[1][lane] >= 0) &
                          (f[2] + lane_off[2][lane] >= 0);
            mask |= (unsigned)inside << lane;
         }
         mask &= box;
         if (rs->poly_stipple_enable) {
            for (unsigned lane = 0; lane < 4; lane++) {
               if ((mask >> lane & 1) &&
                   !swpipe_poly_stipple_passes(rs, (int)(qx + (lane & 1)), (int)(qy + (lane >> 1))))
                  mask &= ~(1u << lane);
            }
         }
         swpipe_emit_quad(r, &prim, (int)qx, (int)qy, mask);
         for (unsigned k = 0; k < 3; k++)
            f[k] += 2 * stepx[k];
      }
      for (unsigned k = 0; k < 3; k++)
         row[k] += 2 * stepy[k];
   }
}

void
swpipe_raster_tri(struct swpipe_rasterizer *r, const struct swpipe_raster_vertex *v0,
                   const struct swpipe_raster_vertex *v1,
                   const struct swpipe_raster_vertex *v2, bool front_facing)
{
   tri_quads(r, v0, v1, v2, front_facing);
   if (r->prim_done)
      r->prim_done(r->emit_priv);
}
