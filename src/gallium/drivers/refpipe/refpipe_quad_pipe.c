/*
 * The fragment pipeline driver: every quad the rasterizer emits runs
 * through shading, the alpha test, the depth/stencil tests and blending,
 * stopping as soon as no lane is left.
 */
#include "refpipe_quad.h"
#include "refpipe_resource.h"

uint8_t *
refpipe_surface_pixel(struct pipe_surface *surf, int x, int y)
{
   if (!surf || !surf->texture || x < 0 || y < 0 || x >= (int)surf->width ||
       y >= (int)surf->height)
      return NULL;
   return refpipe_resource_texel(refpipe_resource(surf->texture), surf->level, (unsigned)x,
                                 (unsigned)y, surf->first_layer);
}

void
refpipe_quad_run(void *priv, const struct refpipe_quad *quad)
{
   struct refpipe_context *ctx = priv;
   struct refpipe_frag frag;

   frag.x = quad->x;
   frag.y = quad->y;
   frag.mask = quad->mask;
   frag.front_facing = quad->prim->front_facing;
   if (!refpipe_quad_shade(ctx, quad, &frag) || !frag.mask)
      return;
   refpipe_quad_alpha_test(ctx, &frag);
   if (!frag.mask)
      return;
   refpipe_quad_depth_stencil(ctx, &frag);
   if (!frag.mask)
      return;
   refpipe_quad_blend(ctx, &frag);
}
