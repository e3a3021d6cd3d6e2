/*
 * draw: polygon offset (GL 2.1 section 3.5.5).  o = m * factor + r * units
 * with m = max(|dz/dx|, |dz/dy|) of the polygon's plane in window
 * coordinates (the approximation the spec allows for its square root) and
 * r the depth buffer's minimum resolvable difference; then clamped by
 * offset_clamp when it is not 0 (EXT_polygon_offset_clamp).
 */
#include <math.h>

#include "draw_private.h"

float
draw_offset_value(const struct draw_context *draw, struct draw_vertex *const *v, unsigned n)
{
   /* the plane from the fan triangle with the largest area (the best
    * conditioned one; all give the same plane for a planar polygon) */
   unsigned best = 1;
   float best_det = 0.0f;
   for (unsigned i = 1; i + 1 < n; i++) {
      float d = fabsf(draw_det(v[0], v[i], v[i + 1]));
      if (d > best_det) {
         best_det = d;
         best = i;
      }
   }

   float m = 0.0f;
   if (best_det > 0.0f) {
      const float *p0 = v[0]->win, *p1 = v[best]->win, *p2 = v[best + 1]->win;
      float ex1 = p1[0] - p0[0], ey1 = p1[1] - p0[1], ez1 = p1[2] - p0[2];
      float ex2 = p2[0] - p0[0], ey2 = p2[1] - p0[1], ez2 = p2[2] - p0[2];
      float det = ex1 * ey2 - ex2 * ey1;
      float dzdx = (ez1 * ey2 - ez2 * ey1) / det;
      float dzdy = (ex1 * ez2 - ex2 * ez1) / det;
      m = fmaxf(fabsf(dzdx), fabsf(dzdy));
   }

   float r = draw->mrd;
   if (draw->float_depth) {
      float zmax = 0.0f;
      for (unsigned i = 0; i < n; i++)
         zmax = fmaxf(zmax, fabsf(v[i]->win[2]));
      int e;
      if (zmax > 0.0f && isfinite(zmax)) {
         frexpf(zmax, &e);           /* zmax = f * 2^e, f in [0.5, 1) */
         r = ldexpf(1.0f, e - 1 - 23);
      } else {
         r = ldexpf(1.0f, -126 - 23);
      }
   }

   float o = m * draw->rast.offset_scale + r * draw->rast.offset_units;
   float clamp = draw->rast.offset_clamp;
   if (clamp > 0.0f && o > clamp)
      o = clamp;
   else if (clamp < 0.0f && o < clamp)
      o = clamp;
   return o;
}
