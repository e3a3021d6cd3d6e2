/*
 * draw: polygon modes LINE and POINT (GL 2.1 section 3.5.4).  LINE draws
 * each boundary edge (edge flag set) as a line segment, POINT each vertex
 * that starts a boundary edge as a point; both then follow the line and
 * point rules (width, stipple, size, sprites).  The line stipple counter
 * restarts at the first edge of every polygon.
 */
#include "draw_private.h"

void
draw_unfilled_polygon(struct draw_context *draw, struct draw_vertex *const *v,
                      const uint8_t *edge, unsigned n, unsigned mode, bool front_facing)
{
   if (mode == PIPE_POLYGON_MODE_LINE) {
      bool first = true;
      for (unsigned i = 0; i < n; i++) {
         if (!edge[i])
            continue;
         draw_line_emit(draw, v[i], v[(i + 1) % n], front_facing, first,
                        DRAW_ORIGIN_POLYGON);
         first = false;
      }
   } else if (mode == PIPE_POLYGON_MODE_POINT) {
      for (unsigned i = 0; i < n; i++) {
         if (edge[i])
            draw_point_emit(draw, v[i], front_facing, DRAW_ORIGIN_POLYGON);
      }
   }
}
