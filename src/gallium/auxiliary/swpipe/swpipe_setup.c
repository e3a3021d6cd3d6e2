/*
 * Primitive setup shared by the triangle, line and point rasterizers:
 * vertex snapping, the sample position, the barycentric interpolation
 * planes of each primitive kind, the clip rectangle and polygon stipple
 * tests, and quad emission.
 */
#include <math.h>
#include <string.h>

#include "swpipe_raster.h"

double
swpipe_sample_offset(const struct swpipe_raster_state *rs)
{
   return rs->half_pixel_center ? 0.5 : 0.0;
}

/* The D3D / GL standard patterns, in 1/16 pixel from the centre (y down). */
static const int8_t pattern2[2][2] = { { 4, 4 }, { -4, -4 } };
static const int8_t pattern4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };
static const int8_t pattern8[8][2] = { { 1, -3 }, { -1, 3 }, { 5, 1 }, { -3, -5 },
                                       { -5, 5 }, { -7, -1 }, { 3, 7 }, { 7, -7 } };

void
swpipe_sample_position(unsigned n, unsigned s, int *x, int *y)
{
   const int8_t *p = NULL;
   const int half = 1 << (SWPIPE_SUBPIXEL_BITS - 1), sixteenth = 1 << (SWPIPE_SUBPIXEL_BITS - 4);

   if (n == 2 && s < 2)
      p = pattern2[s];
   else if (n == 4 && s < 4)
      p = pattern4[s];
   else if (n == 8 && s < 8)
      p = pattern8[s];
   *x = half + (p ? p[0] * sixteenth : 0);
   *y = half + (p ? p[1] * sixteenth : 0);
}

/* l_i is the signed area of (v[i+1], v[i+2], p) over the whole area. */
void
swpipe_setup_tri_planes(struct swpipe_prim *prim, const double x[3], const double y[3])
{
   double area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);

   memset(prim->bary, 0, sizeof prim->bary);
   prim->ox = x[0];
   prim->oy = y[0];
   if (area == 0.0) {
      prim->bary[0][0] = 1.0;
      return;
   }
   for (unsigned i = 0; i < 3; i++) {
      unsigned a = (i + 1) % 3, b = (i + 2) % 3;
      double ex = x[b] - x[a], ey = y[b] - y[a];
      prim->bary[i][0] = (ex * (prim->oy - y[a]) - ey * (prim->ox - x[a])) / area;
      prim->bary[i][1] = -ey / area;
      prim->bary[i][2] = ex / area;
   }
}

/* GL 2.1 (3.5): t = ((p - a) . (b - a)) / |b - a|^2; l_0 = 1 - t, l_1 = t. */
void
swpipe_setup_line_planes(struct swpipe_prim *prim, const double x[2], const double y[2])
{
   double dx = x[1] - x[0], dy = y[1] - y[0];
   double len2 = dx * dx + dy * dy;

   memset(prim->bary, 0, sizeof prim->bary);
   prim->ox = x[0];
   prim->oy = y[0];
   prim->bary[0][0] = 1.0;
   if (len2 == 0.0)
      return;
   prim->bary[0][1] = -dx / len2;
   prim->bary[0][2] = -dy / len2;
   prim->bary[1][1] = dx / len2;
   prim->bary[1][2] = dy / len2;
}

/* Points: every attribute from the one vertex; gl_PointCoord =
 * (1/2 + (x - xw) / size, 1/2 +- (y - yw) / size). */
void
swpipe_setup_point_planes(struct swpipe_prim *prim, const struct swpipe_raster_state *rs,
                           double size)
{
   const struct swpipe_raster_vertex *v = prim->v[0];

   memset(prim->bary, 0, sizeof prim->bary);
   prim->bary[0][0] = 1.0;
   prim->ox = v->win[0];
   prim->oy = v->win[1];
   if (!(size > 0.0))
      size = 1.0;
   prim->pc[0] = 0.5;
   prim->pc[1] = 1.0 / size;
   prim->pc[2] = 0.5;
   prim->pc[3] = rs->sprite_coord_lower_left ? -1.0 / size : 1.0 / size;
}

bool
swpipe_pixel_in_clip(const struct swpipe_raster_state *rs, int x, int y)
{
   return x >= rs->clip_minx && x < rs->clip_maxx && y >= rs->clip_miny && y < rs->clip_maxy;
}

bool
swpipe_poly_stipple_passes(const struct swpipe_raster_state *rs, int x, int y)
{
   if (!rs->poly_stipple_enable)
      return true;
   /* GL window rows: counted from the bottom on y-flipped surfaces */
   int gy = rs->bottom_edge_rule ? rs->fb_height - 1 - y : y;
   uint32_t row = rs->poly_stipple[(unsigned)gy % 32];
   return (row >> (31 - (unsigned)x % 32)) & 1;
}

void
swpipe_emit_quad(struct swpipe_rasterizer *r, const struct swpipe_prim *prim, int qx, int qy,
                  unsigned mask)
{
   struct swpipe_quad quad;

   if (!mask || !r->emit)
      return;
   quad.x = qx;
   quad.y = qy;
   quad.mask = mask;
   quad.sample = r->sample;
   quad.layer = r->layer;
   quad.prim = prim;
   r->emit(r->emit_priv, &quad);
}

void
swpipe_emit_run(struct swpipe_rasterizer *r, const struct swpipe_prim *prim, int qx, int qy,
                 unsigned n)
{
   if (!n || !r->emit)
      return;
   if (!r->emit_run) {
      for (unsigned i = 0; i < n; i++)
         swpipe_emit_quad(r, prim, qx + 2 * (int)i, qy, 0xf);
      return;
   }
   struct swpipe_quad quad;
   quad.x = qx;
   quad.y = qy;
   quad.mask = 0xf;
   quad.sample = r->sample;
   quad.layer = r->layer;
   quad.prim = prim;
   r->emit_run(r->emit_priv, &quad, n);
}
