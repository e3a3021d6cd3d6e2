/*
 * draw: lines (GL 2.1 section 3.4.2).  The width is rounded to an integer
 * w (at least 1) after clamping to the implementation range.  w == 1: one
 * line() call.  w > 1: GL's non-antialiased wide line, "a column (x-major)
 * or row (y-major) of w fragments at each position of the 1-pixel line
 * displaced by -(w - 1) / 2 in the minor direction", produced exactly as
 * w copies of the segment displaced by -(w - 1) / 2 + k, k = 0..w-1, in
 * the minor direction: a 1-pixel rasterizer's fragments move by whole
 * pixels with the segment, so the copies stack into those columns.  The
 * driver rasterizes each copy as a 1-pixel line and rewinds its stipple
 * counter for copies k > 0 (draw_prim::line_replica).
 * x-major means |dx| >= |dy| in window coordinates.
 * Antialiased lines (line_smooth) are drawn as non-antialiased ones.
 */
#include <math.h>
#include <string.h>

#include "draw_private.h"

void
draw_line_emit(struct draw_context *draw, const struct draw_vertex *a,
               const struct draw_vertex *b, bool front_facing, bool reset_stipple,
               enum draw_prim_origin origin)
{
   if (!draw->raster || !draw->raster->line)
      return;
   if (!isfinite(a->win[0]) || !isfinite(a->win[1]) ||
       !isfinite(b->win[0]) || !isfinite(b->win[1]))
      return;

   float width = draw->rast.line_width;
   if (!(width >= draw->min_line))
      width = draw->min_line;
   if (width > draw->max_line)
      width = draw->max_line;
   float wf = floorf(width + 0.5f);
   unsigned w = wf < 1.0f ? 1u : (unsigned)wf;

   struct draw_prim p;
   memset(&p, 0, sizeof(p));
   p.front_facing = front_facing;
   p.origin = origin;
   p.reset_line_stipple = reset_stipple;
   p.primitive_id = draw->prim_id;

   if (w == 1) {
      p.v[0] = a;
      p.v[1] = b;
      draw->raster->line(draw->raster_priv, &p);
      return;
   }

   bool x_major = fabsf(b->win[0] - a->win[0]) >= fabsf(b->win[1] - a->win[1]);
   unsigned minor = x_major ? 1 : 0;
   struct draw_vertex *ca = (struct draw_vertex *)draw->emit_store[4];
   struct draw_vertex *cb = (struct draw_vertex *)draw->emit_store[5];
   float base = -0.5f * (float)(w - 1);

   for (unsigned k = 0; k < w; k++) {
      draw_vertex_copy(draw, ca, a);
      draw_vertex_copy(draw, cb, b);
      ca->win[minor] += base + (float)k;
      cb->win[minor] += base + (float)k;
      p.v[0] = ca;
      p.v[1] = cb;
      p.line_replica = k;
      p.reset_line_stipple = reset_stipple && k == 0;
      draw->raster->line(draw->raster_priv, &p);
   }
}
