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

/* A whole block of a constant width (the compiler's vectors). */
static inline __attribute__((always_inline)) void
block_transform(const struct pipe_viewport_state *vp, const float *pos, unsigned width,
                float (*win)[DRAW_SOA_MAX_WIDTH])
{
   const float sx = vp->scale[0], sy = vp->scale[1], sz = vp->scale[2];
   const float tx = vp->translate[0], ty = vp->translate[1], tz = vp->translate[2];
   for (unsigned l = 0; l < width; l++) {
      /* transform()'s operations, in its order */
      float inv_w = 1.0f / pos[3 * width + l];
      win[0][l] = pos[l] * inv_w * sx + tx;
      win[1][l] = pos[width + l] * inv_w * sy + ty;
      win[2][l] = pos[2 * width + l] * inv_w * sz + tz;
      win[3][l] = inv_w;
   }
}

U_MULTIVERSION void
draw_viewport_transform_soa(const struct draw_context *draw, const float *pos, unsigned width,
                            unsigned n, float (*win)[DRAW_SOA_MAX_WIDTH])
{
   /* every lane of the block: the padding lanes hold copies */
   (void)n;
   switch (width) {
   case 4: block_transform(&draw->viewport, pos, 4, win); break;
   case 8: block_transform(&draw->viewport, pos, 8, win); break;
   default: block_transform(&draw->viewport, pos, 16, win); break;
   }
}
