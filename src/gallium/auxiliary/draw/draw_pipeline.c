/*
 * draw: the per-primitive pipeline after vertex shading.  Runs the stages
 * in GL's order for one assembled point, line or polygon:
 *
 *   points:   clip test -> viewport -> point emit (wide points, sprites)
 *   lines:    flatshade -> clip -> viewport -> line emit (wide lines)
 *   polygons: flatshade -> clip -> viewport -> facing/cull -> two-sided
 *             colour -> polygon offset -> fill (fan of triangles) or
 *             unfilled (lines, points)
 *
 * Every stage works on copies: the shaded vertices are shared between
 * primitives and never modified, except once per draw before any polygon
 * by draw_pipeline_prepare (window coordinates and clip masks, so that
 * rejected and culled polygons cost no copies).  A polygon that no stage
 * would change (prepared, unclipped, filled, nothing flat, two-sided or
 * offset) goes to the rasterizer as the shaded vertices, which it only
 * reads.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

static void
point_prim(struct draw_context *draw, const struct draw_assembled_prim *prim,
           const struct draw_shaded *shaded)
{
   const struct draw_vertex *src = draw_shaded_vertex(draw, shaded, prim->idx[0]);
   unsigned planes = draw_clip_enabled_planes(draw);

   /* GL: a point is drawn whole when its vertex is inside, else not at all */
   if (draw_clip_mask(draw, src, planes))
      return;
   struct draw_vertex *v = (struct draw_vertex *)draw->emit_store[6];
   draw_vertex_copy(draw, v, src);
   draw_viewport_transform(draw, v);
   draw_point_emit(draw, v, true, DRAW_ORIGIN_POINT);
}

static void
line_prim(struct draw_context *draw, const struct draw_assembled_prim *prim,
          const struct draw_shaded *shaded)
{
   const struct draw_vertex *provoking = draw_shaded_vertex(draw, shaded, prim->provoking);
   unsigned planes = draw_clip_enabled_planes(draw);
   float *sc = draw_scratch_vertices(draw, 4);
   if (!sc)
      return;

   struct draw_vertex *a = draw_vertex_at(sc, draw->stride, 0);
   struct draw_vertex *b = draw_vertex_at(sc, draw->stride, 1);
   draw_vertex_copy(draw, a, draw_shaded_vertex(draw, shaded, prim->idx[0]));
   draw_vertex_copy(draw, b, draw_shaded_vertex(draw, shaded, prim->idx[1]));
   draw_flatshade_copy(draw, a, provoking);
   draw_flatshade_copy(draw, b, provoking);

   const struct draw_vertex *ca, *cb;
   if (!draw_clip_line(draw, planes, a, b, draw_vertex_at(sc, draw->stride, 2),
                       draw_vertex_at(sc, draw->stride, 3), &ca, &cb))
      return;
   draw_viewport_transform(draw, (struct draw_vertex *)ca);
   draw_viewport_transform(draw, (struct draw_vertex *)cb);
   draw_line_emit(draw, ca, cb, true, prim->reset_stipple, DRAW_ORIGIN_LINE);
}

static void
fill_polygon(struct draw_context *draw, struct draw_vertex *const *v, const uint8_t *edge,
             unsigned n, bool front_facing)
{
   if (!draw->raster || !draw->raster->tri)
      return;
   for (unsigned i = 1; i + 1 < n; i++) {
      struct draw_prim p;
      memset(&p, 0, sizeof(p));
      p.v[0] = v[0];
      p.v[1] = v[i];
      p.v[2] = v[i + 1];
      p.det = draw_det(v[0], v[i], v[i + 1]);
      p.front_facing = front_facing;
      p.origin = DRAW_ORIGIN_POLYGON;
      p.primitive_id = draw->prim_id;
      if (i == 1 && edge[0])
         p.edge_flags |= 1;
      if (edge[i])
         p.edge_flags |= 2;
      if (i + 2 == n && edge[n - 1])
         p.edge_flags |= 4;
      draw->raster->tri(draw->raster_priv, &p);
   }
}

/* Twice the signed area of shaded polygon idx[0..n-1] (draw_det and
 * draw_polygon_area on copies of its vertices, operation for operation). */
static float
shaded_area(const struct draw_context *draw, const struct draw_shaded *shaded,
            const unsigned *idx, unsigned n)
{
   float x0 = draw_shaded_win(draw, shaded, idx[0], 0), y0 = draw_shaded_win(draw, shaded, idx[0], 1);
   float area = 0.0f;
   for (unsigned i = 1; i + 1 < n; i++) {
      float x1 = draw_shaded_win(draw, shaded, idx[i], 0), y1 = draw_shaded_win(draw, shaded, idx[i], 1);
      float x2 = draw_shaded_win(draw, shaded, idx[i + 1], 0);
      float y2 = draw_shaded_win(draw, shaded, idx[i + 1], 1);
      float ex = x0 - x2, ey = y0 - y2;
      float fx = x1 - x2, fy = y1 - y2;
      area += ex * fy - fx * ey;
   }
   return area;
}

/* An unclipped polygon of prepared vertices: false when it is dropped (a
 * non-finite window coordinate, culled), else its facing. */
static bool
prepared_facing(const struct draw_context *draw, const struct draw_shaded *shaded,
                const unsigned *idx, unsigned n, bool *front)
{
   /* inside every plane, near and far included, x, y and z are at most w
    * (NaN is outside): x / w, y / w, z / w are finite, and so are the
    * window coordinates (the viewport is); without depth clipping z / w
    * may not be */
   bool bounded = draw->rast.depth_clip_near && draw->rast.depth_clip_far;
   for (unsigned i = 0; i < n && !bounded; i++) {
      for (unsigned c = 0; c < 3; c++)
         if (!isfinite(draw_shaded_win(draw, shaded, idx[i], c)))
            return false;
   }
   return draw_cull_face(draw, shaded_area(draw, shaded, idx, n), front);
}

bool
draw_pipeline_keeps_triangle(const struct draw_context *draw, const struct draw_shaded *shaded,
                             const unsigned idx[3])
{
   const unsigned *m = shaded->masks;
   unsigned m0 = m[idx[0]], m1 = m[idx[1]], m2 = m[idx[2]];
   if (m0 & m1 & m2)
      return false;
   bool front;
   return (m0 | m1 | m2) || prepared_facing(draw, shaded, idx, 3, &front);
}

static void
polygon_prim(struct draw_context *draw, const struct draw_assembled_prim *prim,
             const struct draw_shaded *shaded)
{
   unsigned n = prim->num;
   unsigned planes = draw_clip_enabled_planes(draw);
   struct draw_vertex **poly = NULL;
   uint8_t *edges = NULL;
   void *clip_alloc = NULL;
   struct draw_vertex **copies;
   float *sc;
   bool front;

   if (n < 3)
      return;

   /* prepared vertices: rejected or culled before anything is copied */
   unsigned or_mask = 0, and_mask = ~0u;
   if (shaded->masks) {
      for (unsigned i = 0; i < n; i++) {
         or_mask |= shaded->masks[prim->idx[i]];
         and_mask &= shaded->masks[prim->idx[i]];
      }
      if (and_mask)
         return;
      if (!or_mask && !prepared_facing(draw, shaded, prim->idx, n, &front))
         return;
   }
   /* prepared, inside every plane and filled as they are (no flat
    * attribute to copy, no two-sided colour, no offset): the shaded
    * vertices themselves go to the rasterizer, which only reads them */
   if (shaded->masks && !or_mask && !draw->any_flat && !(draw->rast.light_twoside && !front)) {
      unsigned mode = front ? draw->rast.fill_front : draw->rast.fill_back;
      if (mode == PIPE_POLYGON_MODE_FILL && !draw->rast.offset_tri && n <= 4) {
         struct draw_vertex *v[4];
         for (unsigned i = 0; i < n; i++)
            v[i] = draw_shaded_vertex(draw, shaded, prim->idx[i]);
         fill_polygon(draw, v, prim->edge, n, front);
         return;
      }
   }
   const struct draw_vertex *provoking = draw_shaded_vertex(draw, shaded, prim->provoking);

   /* vertex copies, then the pointer array */
   sc = draw_scratch_vertices(draw, n + (unsigned)((sizeof(void *) * n + 4 * draw->stride - 1) /
                                                    (4 * draw->stride)));
   if (!sc)
      return;
   copies = (struct draw_vertex **)(sc + (size_t)draw->stride * n);

   for (unsigned i = 0; i < n; i++) {
      struct draw_vertex *c = draw_vertex_at(sc, draw->stride, i);
      draw_vertex_copy(draw, c, draw_shaded_vertex(draw, shaded, prim->idx[i]));
      draw_flatshade_copy(draw, c, provoking);
      copies[i] = c;
      if (!shaded->masks) {
         unsigned m = draw_clip_mask(draw, c, planes);
         or_mask |= m;
         and_mask &= m;
      }
   }
   if (and_mask)
      return;

   if (or_mask) {
      n = draw_clip_polygon(draw, or_mask, copies, prim->edge, n, &poly, &edges, &clip_alloc);
      if (n < 3) {
         free(clip_alloc);
         return;
      }
   } else {
      poly = copies;
      edges = (uint8_t *)prim->edge;
   }

   /* prepared and unclipped: the copies' window coordinates and the
    * facing are known */
   if (!shaded->masks || or_mask) {
      for (unsigned i = 0; i < n; i++) {
         draw_viewport_transform(draw, poly[i]);
         /* clipping bounds x and y; this only catches NaN/inf that got in
          * through z, w or the viewport */
         if (!isfinite(poly[i]->win[0]) || !isfinite(poly[i]->win[1]) ||
             !isfinite(poly[i]->win[2]))
            goto done;
      }
      if (!draw_cull_face(draw, draw_polygon_area(poly, n), &front))
         goto done;
   }

   if (draw->rast.light_twoside && !front) {
      for (unsigned i = 0; i < n; i++)
         draw_twoside_select(draw, poly[i]);
   }

   unsigned mode = front ? draw->rast.fill_front : draw->rast.fill_back;
   bool offset = mode == PIPE_POLYGON_MODE_FILL ? draw->rast.offset_tri :
                 mode == PIPE_POLYGON_MODE_LINE ? draw->rast.offset_line :
                 draw->rast.offset_point;
   if (offset) {
      float o = draw_offset_value(draw, poly, n);
      for (unsigned i = 0; i < n; i++)
         poly[i]->win[2] += o;
   }

   if (mode == PIPE_POLYGON_MODE_FILL)
      fill_polygon(draw, poly, edges, n, front);
   else
      draw_unfilled_polygon(draw, poly, edges, n, mode, front);

done:
   free(clip_alloc);
}

void
draw_pipeline_prim(struct draw_context *draw, enum pipe_prim_type base,
                   const struct draw_assembled_prim *prim, const struct draw_shaded *shaded)
{
   switch (base) {
   case PIPE_PRIM_POINTS:
      point_prim(draw, prim, shaded);
      break;
   case PIPE_PRIM_LINES:
      line_prim(draw, prim, shaded);
      break;
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_POLYGON:
      polygon_prim(draw, prim, shaded);
      break;
   default:
      break;
   }
}

bool
draw_pipeline_can_prepare(const struct draw_context *draw)
{
   /* a clip distance the flat-shading copy could replace must be read
    * from each primitive's copies */
   for (unsigned i = 0; i < draw->num_clipdist; i++) {
      if (draw->interp[draw->clipdist_slot[i]] == DRAW_INTERP_CONSTANT)
         return false;
   }
   return true;
}

void
draw_pipeline_prepare(const struct draw_context *draw, float *verts, unsigned n,
                      unsigned *masks)
{
   draw_clip_masks(draw, verts, n, draw_clip_enabled_planes(draw), masks);
   draw_viewport_transform_n(draw, verts, n);
}
