/*
 * draw: perspective divide and viewport transform.  Window x, y, z are
 * clip / w * scale + translate (the depth range is in the z scale and
 * translate); win[3] keeps 1 / w for perspective-correct interpolation.
 */
#include "draw_private.h"

static inline __attribute__((always_inline)) void
transform(const struct draw_context *draw, struct draw_vertex *v)
{
   const struct pipe_viewport_state *vp = &draw->viewport;
   float inv_w = 1.0f / v->clip[3];

   for (unsigned c = 0; c < 3; c++)
      v->win[c] = v->clip[c] * inv_w * vp->scale[c] + vp->translate[c];
   v->win[3] = inv_w;
}

void
draw_viewport_transform(const struct draw_context *draw, struct draw_vertex *v)
{
   transform(draw, v);
}

void
draw_viewport_transform_n(const struct draw_context *draw, float *verts, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      transform(draw, draw_vertex_at(verts, draw->stride, i));
}
