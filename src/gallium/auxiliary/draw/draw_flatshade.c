/*
 * draw: flat shading.  Every vertex of a primitive takes the provoking
 * vertex's value for the slots that are not interpolated: outputs declared
 * flat, integer outputs, and the colour outputs (front and back, see
 * draw_set_color_locations) when the rasterizer's flatshade bit is set.
 * The provoking vertex itself is chosen by primitive assembly.
 */
#include <string.h>

#include "draw_private.h"

void
draw_flatshade_copy(const struct draw_context *draw, struct draw_vertex *dst,
                    const struct draw_vertex *provoking)
{
   if (dst == provoking)
      return;
   for (unsigned i = 0; i < draw->num_attribs; i++) {
      if (draw->interp[i] == DRAW_INTERP_CONSTANT)
         memcpy(dst->attr[i], provoking->attr[i], sizeof(dst->attr[i]));
   }
}
