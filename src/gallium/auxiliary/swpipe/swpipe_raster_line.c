/*
 * 1-pixel line rasterization by GL's diamond-exit rule (GL 2.1, 3.4.1):
 * the segment from a to b produces the fragment of pixel f when it
 * intersects f's diamond R_f = { |x - x_f| + |y - y_f| < 1/2 } and b does
 * not lie in R_f, after both endpoints are moved by -(eps, eps^2) for an
 * infinitesimal eps.
 *
 * Everything is exact: endpoints are snapped to the sub-pixel grid and the
 * tests run in integers in units of half a grid step (so pixel centres at
 * .5 are integers too).  The intersection test separates the segment from
 * the open diamond along the diamond's two axes (x + y and x - y) and the
 * segment's normal; every comparison against the perturbed centre is
 * decided by the sign of the constant term first, then of the eps term,
 * then of the eps^2 term.
 *
 * With the bottom-edge rule (a y-flipped, window-system surface) the
 * perturbation is mirrored in y, as GL's window y then runs upwards.
 *
 * Line stipple: fragments are numbered along the major axis in the
 * direction of travel, continuing GL's counter s from the previous line of
 * a strip unless the primitive asks for a reset.
 */
#include <math.h>
#include <stdlib.h>

#include "swpipe_raster.h"

#define HALF ((int64_t)1 << SWPIPE_SUBPIXEL_BITS)   /* half a pixel in line units */
#define PIXEL (2 * HALF)

static int64_t
floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t
abs64(int64_t v)
{
   return v < 0 ? -v : v;
}

bool
swpipe_line_covers(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy,
                    bool last_pixel)
{
   /* b' = b - (eps, eps^2) inside the diamond: |ux - eps| + |uy - eps^2| < HALF.
    * The eps term is -1 when ux > 0, else +1, and never zero. */
   if (!last_pixel) {
      int64_t ux = bx - cx, uy = by - cy;
      int64_t k0 = abs64(ux) + abs64(uy);
      if (k0 < HALF || (k0 == HALF && ux > 0))
         return false;
   }

   /* Equivalently, the segment a-b against the diamond centred at
    * c + (eps, eps^2).  Axis x + y: centre cx + cy + eps + eps^2. */
   {
      int64_t sa = ax + ay, sb = bx + by;
      int64_t smin = sa < sb ? sa : sb, smax = sa < sb ? sb : sa;
      int64_t sc = cx + cy;
      if (smax <= sc - HALF || smin > sc + HALF)
         return false;
   }
   /* Axis x - y: centre cx - cy + eps - eps^2, still a positive shift. */
   {
      int64_t ta = ax - ay, tb = bx - by;
      int64_t tmin = ta < tb ? ta : tb, tmax = ta < tb ? tb : ta;
      int64_t tc = cx - cy;
      if (tmax <= tc - HALF || tmin > tc + HALF)
         return false;
   }
   /* The segment's normal n = (-dy, dx): the segment projects to one value
    * p, the diamond to n.c' +- HALF * max(|nx|, |ny|), with
    * n.c' = n.c + nx eps + ny eps^2. */
   {
      int64_t nx = -(by - ay), ny = bx - ax;
      if (nx != 0 || ny != 0) {
         int64_t k = nx * (ax - cx) + ny * (ay - cy);
         int64_t m = HALF * (abs64(nx) > abs64(ny) ? abs64(nx) : abs64(ny));
         /* k + m <= nx eps + ny eps^2 */
         if (k + m < 0 || (k + m == 0 && (nx > 0 || (nx == 0 && ny >= 0))))
            return false;
         /* k - m >= nx eps + ny eps^2 */
         if (k - m > 0 || (k - m == 0 && (nx < 0 || (nx == 0 && ny <= 0))))
            return false;
      }
   }
   return true;
}

struct line_setup {
   int64_t ax, ay, bx, by;    /* line units */
   int64_t off;               /* sample offset in line units */
   bool x_major;
   int64_t p0, p1;            /* major-axis pixel range to scan */
};

/* Minor-axis pixel range that may hold fragments for major pixels m, m+1. */
static void
minor_range(const struct line_setup *ls, int64_t m, int64_t *lo, int64_t *hi)
{
   double a_maj = (double)(ls->x_major ? ls->ax : ls->ay);
   double a_min = (double)(ls->x_major ? ls->ay : ls->ax);
   double d_maj = (double)(ls->x_major ? ls->bx - ls->ax : ls->by - ls->ay);
   double d_min = (double)(ls->x_major ? ls->by - ls->ay : ls->bx - ls->ax);
   double lo_d = 1e300, hi_d = -1e300;

   for (int64_t i = 0; i < 2; i++) {
      double c = (double)((m + i) * PIXEL + ls->off);
      double v = d_maj != 0.0 ? a_min + (c - a_maj) * d_min / d_maj : a_min;
      if (v < lo_d)
         lo_d = v;
      if (v > hi_d)
         hi_d = v;
   }
   *lo = (int64_t)floor((lo_d - (double)ls->off) / (double)PIXEL) - 1;
   *hi = (int64_t)floor((hi_d - (double)ls->off) / (double)PIXEL) + 2;
}

static bool
pixel_covered(const struct swpipe_raster_state *rs, const struct line_setup *ls, int64_t px,
              int64_t py)
{
   if (!swpipe_pixel_in_clip(rs, (int)px, (int)py))
      return false;
   /* GL's eps perturbation is in GL window coordinates: y up.  Surfaces
    * drawn with the bottom-edge rule are y-flipped (GL row 0 is our last),
    * so mirror y to perturb in the same direction. */
   int64_t ys = rs->bottom_edge_rule ? -1 : 1;
   return swpipe_line_covers(ls->ax, ys * ls->ay, ls->bx, ys * ls->by, px * PIXEL + ls->off,
                              ys * (py * PIXEL + ls->off), rs->line_last_pixel);
}

/* Visit every produced fragment: pass 0 finds the extent along the major
 * axis in the direction of travel, pass 1 emits quads with stipple. */
static void
scan_line(struct swpipe_rasterizer *r, const struct line_setup *ls,
          const struct swpipe_prim *prim, int pass, int64_t *first, int64_t *last)
{
   const struct swpipe_raster_state *rs = &r->state;
   int64_t dir = (ls->x_major ? ls->bx - ls->ax : ls->by - ls->ay) >= 0 ? 1 : -1;

   for (int64_t m = ls->p0 - (ls->p0 & 1); m <= ls->p1; m += 2) {
      int64_t lo, hi;
      minor_range(ls, m, &lo, &hi);
      for (int64_t n = lo - (lo & 1); n <= hi; n += 2) {
         int64_t qx = ls->x_major ? m : n, qy = ls->x_major ? n : m;
         unsigned mask = 0;
         for (unsigned lane = 0; lane < 4; lane++) {
            int64_t px = qx + (lane & 1), py = qy + (lane >> 1);
            if (!pixel_covered(rs, ls, px, py))
               continue;
            int64_t k = dir * (ls->x_major ? px : py);
            if (pass == 0) {
               if (k < *first)
                  *first = k;
               if (k > *last)
                  *last = k;
               continue;
            }
            if (rs->line_stipple_enable) {
               uint64_t s = r->line_stipple_counter + (uint64_t)(k - *first);
               unsigned bit = (unsigned)((s / rs->line_stipple_factor) % 16);
               if (!(rs->line_stipple_pattern >> bit & 1))
                  continue;
            }
            mask |= 1u << lane;
         }
         if (pass == 1)
            swpipe_emit_quad(r, prim, (int)qx, (int)qy, mask);
      }
   }
}

static void
line_quads(struct swpipe_rasterizer *r, const struct swpipe_raster_vertex *v0,
            const struct swpipe_raster_vertex *v1, bool reset_stipple)
{
   const struct swpipe_raster_state *rs = &r->state;
   struct swpipe_prim prim;
   struct line_setup ls;
   double xs[2], ys[2];
   int64_t lo, hi, first = INT64_MAX, last = INT64_MIN;

   if (!v0 || !v1)
      return;
   if (reset_stipple)
      r->line_stipple_counter = 0;
   if (r->state.line_stipple_factor == 0)
      r->state.line_stipple_factor = 1;

   ls.ax = 2 * swpipe_snap(v0->win[0]);
   ls.ay = 2 * swpipe_snap(v0->win[1]);
   ls.bx = 2 * swpipe_snap(v1->win[0]);
   ls.by = 2 * swpipe_snap(v1->win[1]);
   ls.off = rs->half_pixel_center ? HALF : 0;
   ls.x_major = abs64(ls.bx - ls.ax) >= abs64(ls.by - ls.ay);
   lo = ls.x_major ? (ls.ax < ls.bx ? ls.ax : ls.bx) : (ls.ay < ls.by ? ls.ay : ls.by);
   hi = ls.x_major ? (ls.ax < ls.bx ? ls.bx : ls.ax) : (ls.ay < ls.by ? ls.by : ls.ay);
   ls.p0 = floor_div(lo - ls.off, PIXEL) - 1;
   ls.p1 = floor_div(hi - ls.off, PIXEL) + 1;
   {
      /* no further than the clip rectangle along the major axis */
      int64_t cmin = ls.x_major ? rs->clip_minx : rs->clip_miny;
      int64_t cmax = (ls.x_major ? rs->clip_maxx : rs->clip_maxy) - 1;
      if (ls.p0 < cmin)
         ls.p0 = cmin;
      if (ls.p1 > cmax)
         ls.p1 = cmax;
      if (ls.p0 > ls.p1)
         return;
   }

   prim.v[0] = v0;
   prim.v[1] = v1;
   prim.v[2] = v1;
   prim.num_verts = 2;
   prim.provoking = rs->flatshade_first ? 0 : 1;
   prim.front_facing = true;
   prim.primitive_id = r->primitive_id;
   for (unsigned i = 0; i < 4; i++)
      prim.pc[i] = 0.0;
   /* coverage uses the snapped end points; interpolation the exact ones */
   xs[0] = v0->win[0];
   ys[0] = v0->win[1];
   xs[1] = v1->win[0];
   ys[1] = v1->win[1];
   swpipe_setup_line_planes(&prim, xs, ys);

   scan_line(r, &ls, &prim, 0, &first, &last);
   if (first > last)
      return;   /* no fragment */
   scan_line(r, &ls, &prim, 1, &first, &last);
   r->line_stipple_counter += (unsigned)(last - first + 1);
}

void
swpipe_raster_line(struct swpipe_rasterizer *r, const struct swpipe_raster_vertex *v0,
                    const struct swpipe_raster_vertex *v1, bool reset_stipple)
{
   line_quads(r, v0, v1, reset_stipple);
   if (r->prim_done)
      r->prim_done(r->emit_priv);
}
