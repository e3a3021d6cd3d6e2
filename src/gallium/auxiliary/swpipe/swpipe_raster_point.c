/*
 * 1-pixel point rasterization (GL 2.1, 3.3): the one fragment whose pixel
 * square contains the point, i.e. the pixel whose sample position is the
 * nearest (floor(x) with half-pixel centres), found on the position snapped
 * to the sub-pixel grid as triangles and lines are: the same point drawn
 * through another viewport offset then covers the same pixel (a point at
 * x = 6 computes as 5.99999 or 6.00001 depending on the offset's rounding).
 * Wider points arrive from draw as triangles.
 */
#include <math.h>

#include "swpipe_raster.h"

static void
point_quads(struct swpipe_rasterizer *r, const struct swpipe_raster_vertex *v0)
{
   const struct swpipe_raster_state *rs = &r->state;
   struct swpipe_prim prim;
   double x, y, off = swpipe_sample_offset(rs);
   int px, py;

   if (!v0)
      return;
   x = v0->win[0];
   y = v0->win[1];
   if (!(x == x) || !(y == y) || fabs(x) > SWPIPE_MAX_WINDOW_COORD ||
       fabs(y) > SWPIPE_MAX_WINDOW_COORD)
      return;
   x = (double)swpipe_snap(v0->win[0]) / (double)(1 << SWPIPE_SUBPIXEL_BITS);
   y = (double)swpipe_snap(v0->win[1]) / (double)(1 << SWPIPE_SUBPIXEL_BITS);
   px = (int)floor(x - off + 0.5);
   /* on a y-flipped surface (bottom-edge rule) GL's floor runs upwards */
   if (rs->bottom_edge_rule)
      py = (int)ceil(y - off + 0.5) - 1;
   else
      py = (int)floor(y - off + 0.5);
   if (!swpipe_pixel_in_clip(rs, px, py))
      return;

   prim.v[0] = prim.v[1] = prim.v[2] = v0;
   prim.num_verts = 1;
   prim.provoking = 0;
   prim.front_facing = true;
   prim.primitive_id = r->primitive_id;
   swpipe_setup_point_planes(&prim, rs, 1.0);
   swpipe_emit_quad(r, &prim, px - (px & 1), py - (py & 1),
                     1u << ((unsigned)(px & 1) | (unsigned)(py & 1) << 1));
}

void
swpipe_raster_point(struct swpipe_rasterizer *r, const struct swpipe_raster_vertex *v0)
{
   point_quads(r, v0);
   if (r->prim_done)
      r->prim_done(r->emit_priv);
}
