/*
 * draw: two-sided colour.  With light_twoside, back-facing polygons (and
 * their unfilled lines and points) carry the back colours in the front
 * colour slots, so the fragment shader's colour inputs need not know.
 */
#include <string.h>

#include "draw_private.h"

void
draw_twoside_select(const struct draw_context *draw, struct draw_vertex *v)
{
   for (unsigned i = 0; i < 2; i++) {
      int f = draw->front_color_slot[i], b = draw->back_color_slot[i];
      if (f >= 0 && b >= 0)
         memcpy(v->attr[f], v->attr[b], sizeof(v->attr[f]));
   }
}
