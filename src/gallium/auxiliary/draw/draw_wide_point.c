/*
 * draw: points (GL 2.1 section 3.4).  The size is the VS's point size
 * output when point_size_per_vertex is set and the VS writes one, else
 * the rasterizer's point_size, clamped to the implementation range.
 *
 *  - point sprites (point_quad_rasterization): a square of side `size`
 *    centred on the vertex, sent as two triangles; the point coordinate
 *    slot (and the outputs sprite_coord_enable selects) go from (0, 0) to
 *    (1, 1) across it, t following sprite_coord_mode.
 *  - other points: the size is rounded to an integer n (at least 1).
 *    n == 1: one point() call.  n > 1: the n x n square of pixels GL
 *    specifies (centre (floor(x) + 1/2, floor(y) + 1/2) for odd n,
 *    (floor(x + 1/2), floor(y + 1/2)) for even n) as two triangles whose
 *    edges lie on pixel boundaries, so no pixel centre is on an edge.
 * Antialiased points (point_smooth) are drawn as non-antialiased ones.
 */
#include <math.h>
#include <string.h>

#include "draw_private.h"

static void
emit_square(struct draw_context *draw, const struct draw_vertex *v, float x0, float y0,
            float x1, float y1, bool sprite, bool front_facing, enum draw_prim_origin origin)
{
   struct draw_vertex *c[4];
   static const float cx[4] = { 0, 1, 1, 0 }, cy[4] = { 0, 0, 1, 1 };

   for (unsigned i = 0; i < 4; i++) {
      c[i] = (struct draw_vertex *)draw->emit_store[i];
      draw_vertex_copy(draw, c[i], v);
      c[i]->win[0] = cx[i] ? x1 : x0;
      c[i]->win[1] = cy[i] ? y1 : y0;
      if (sprite) {
         float s = cx[i];
         float t = draw->rast.sprite_coord_mode ? 1.0f - cy[i] : cy[i];
         float pc[4] = { s, t, 0.0f, 1.0f };
         memcpy(c[i]->attr[draw->pcoord_slot], pc, sizeof(pc));
         for (unsigned b = 0; b < 8; b++) {
            if ((draw->rast.sprite_coord_enable & (1u << b)) && draw->sprite_slot[b] >= 0)
               memcpy(c[i]->attr[draw->sprite_slot[b]], pc, sizeof(pc));
         }
      }
   }
   if (!draw->raster || !draw->raster->tri)
      return;

   struct draw_prim p;
   memset(&p, 0, sizeof(p));
   p.front_facing = front_facing;
   p.origin = origin;
   p.primitive_id = draw->prim_id;

   p.v[0] = c[0];
   p.v[1] = c[1];
   p.v[2] = c[2];
   p.det = draw_det(c[0], c[1], c[2]);
   p.edge_flags = 0x3;
   draw->raster->tri(draw->raster_priv, &p);

   p.v[0] = c[0];
   p.v[1] = c[2];
   p.v[2] = c[3];
   p.det = draw_det(c[0], c[2], c[3]);
   p.edge_flags = 0x6;
   draw->raster->tri(draw->raster_priv, &p);
}

void
draw_point_emit(struct draw_context *draw, const struct draw_vertex *v,
                bool front_facing, enum draw_prim_origin origin)
{
   float size = draw->rast.point_size;
   if (draw->rast.point_size_per_vertex && draw->psize_slot >= 0)
      size = v->attr[draw->psize_slot][0];
   if (!(size >= draw->min_point))
      size = draw->min_point;   /* also NaN */
   if (size > draw->max_point)
      size = draw->max_point;

   float x = v->win[0], y = v->win[1];
   if (!isfinite(x) || !isfinite(y))
      return;

   if (draw->rast.point_quad_rasterization) {
      float h = 0.5f * size;
      emit_square(draw, v, x - h, y - h, x + h, y + h, true, front_facing, origin);
      return;
   }

   float n = floorf(size + 0.5f);
   if (n < 1.0f)
      n = 1.0f;
   if (n == 1.0f) {
      if (!draw->raster || !draw->raster->point)
         return;
      struct draw_prim p;
      memset(&p, 0, sizeof(p));
      p.v[0] = v;
      p.front_facing = front_facing;
      p.origin = origin;
      p.primitive_id = draw->prim_id;
      draw->raster->point(draw->raster_priv, &p);
      return;
   }
   float cxp, cyp;
   if (fmodf(n, 2.0f) == 1.0f) {
      cxp = floorf(x) + 0.5f;
      cyp = floorf(y) + 0.5f;
   } else {
      cxp = floorf(x + 0.5f);
      cyp = floorf(y + 0.5f);
   }
   float h = 0.5f * n;
   emit_square(draw, v, cxp - h, cyp - h, cxp + h, cyp + h, false, front_facing, origin);
}
