/*
 * The fragment pipeline driver: every quad the rasterizer emits runs
 * through shading, the alpha test, the depth/stencil tests and blending,
 * stopping as soon as no lane is left.
 */
#include "swpipe_draw.h"
#include "swpipe_quad.h"
#include "swpipe_resource.h"

uint8_t *
swpipe_surface_pixel(struct pipe_surface *surf, int x, int y, unsigned layer, unsigned s)
{
   if (!surf || !surf->texture || x < 0 || y < 0 || x >= (int)surf->width ||
       y >= (int)surf->height || layer > surf->last_layer - surf->first_layer)
      return NULL;
   return swpipe_resource_sample_texel(swpipe_resource(surf->texture), surf->level,
                                        (unsigned)x, (unsigned)y, surf->first_layer + layer, s);
}

/*
 * Alpha to coverage and alpha to one (multisample framebuffers with the
 * rasterizer's multisample on): colour 0's alpha a (clamped to [0, 1])
 * covers the first round(a * samples) samples of the pixel, so the pass of
 * sample s keeps the lane only when s < round(a * samples); alpha to one then
 * sets every colour's alpha to 1.  Before the alpha test, as GL orders them.
 */
void
swpipe_quad_sample_coverage(struct swpipe_context *ctx, struct swpipe_frag *frag)
{
   const struct pipe_blend_state *blend = ctx->blend;
   const struct swpipe_raster_state *rs = &ctx->ds->rast.state;
   unsigned n = rs->fb_samples;

   if (!blend || n <= 1 || !rs->multisample)
      return;
   if (blend->alpha_to_coverage) {
      for (unsigned lane = 0; lane < 4; lane++) {
         float a = frag->color[0][lane][3];
         a = !(a > 0.0f) ? 0.0f : a > 1.0f ? 1.0f : a;
         unsigned m = (unsigned)(a * (float)n + 0.5f);
         if (frag->sample >= m)
            frag->mask &= ~(1u << lane);
      }
   }
   if (blend->alpha_to_one) {
      for (unsigned t = 0; t < PIPE_MAX_COLOR_BUFS; t++)
         for (unsigned lane = 0; lane < 4; lane++)
            frag->color[t][lane][3] = 1.0f;
   }
}

void
swpipe_quad_run(void *priv, const struct swpipe_quad *quad)
{
   struct swpipe_context *ctx = priv;
   struct swpipe_frag frag;

   frag.x = quad->x;
   frag.y = quad->y;
   frag.mask = quad->mask;
   frag.sample = quad->sample;
   frag.layer = quad->layer;
   frag.front_facing = quad->prim->front_facing;
   if (!swpipe_quad_shade(ctx, quad, &frag) || !frag.mask)
      return;
   swpipe_quad_sample_coverage(ctx, &frag);
   if (!frag.mask)
      return;
   swpipe_quad_alpha_test(ctx, &frag);
   if (!frag.mask)
      return;
   swpipe_quad_depth_stencil(ctx, &frag);
   if (!frag.mask)
      return;
   swpipe_quad_blend(ctx, &frag);
}
