/*
 * draw: facing and face culling.  A polygon's facing comes from the sign
 * of its signed area in window coordinates (GL 2.1 section 3.5.1): a
 * positive area is counter-clockwise in a y-up frame, front-facing when
 * front_ccw is set.  A state tracker whose viewport flips y also flips
 * front_ccw.  Polygons of zero (or NaN) area are dropped when culling is
 * on and count as front-facing otherwise.
 */
#include "draw_private.h"

float
draw_det(const struct draw_vertex *v0, const struct draw_vertex *v1,
         const struct draw_vertex *v2)
{
   float ex = v0->win[0] - v2->win[0], ey = v0->win[1] - v2->win[1];
   float fx = v1->win[0] - v2->win[0], fy = v1->win[1] - v2->win[1];
   return ex * fy - fx * ey;
}

float
draw_polygon_area(struct draw_vertex *const *v, unsigned n)
{
   /* fan from vertex 0: exact for triangles, the shoelace sum otherwise */
   float area = 0.0f;
   for (unsigned i = 1; i + 1 < n; i++)
      area += draw_det(v[0], v[i], v[i + 1]);
   return area;
}
