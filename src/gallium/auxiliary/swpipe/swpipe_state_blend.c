/* Blend state: the blend CSO, the blend colour and the sample mask. */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_raster.h"
#include "swpipe_state.h"

static void *
swpipe_create_blend_state(struct pipe_context *pipe, const struct pipe_blend_state *templ)
{
   struct pipe_blend_state *blend;

   if (!templ)
      return NULL;
   blend = malloc(sizeof *blend);
   if (blend)
      *blend = *templ;
   return blend;
}

static void
swpipe_bind_blend_state(struct pipe_context *pipe, void *blend)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->blend = blend;
   ctx->dirty |= SWPIPE_NEW_BLEND;
}

static void
swpipe_delete_blend_state(struct pipe_context *pipe, void *blend)
{
   free(blend);
}

static void
swpipe_set_blend_color(struct pipe_context *pipe, const struct pipe_blend_color *color)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   if (!color)
      return;
   ctx->blend_color = *color;
   ctx->dirty |= SWPIPE_NEW_BLEND_COLOR;
}

static void
swpipe_set_sample_mask(struct pipe_context *pipe, unsigned sample_mask)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->sample_mask = sample_mask;
   ctx->dirty |= SWPIPE_NEW_SAMPLE_MASK;
}

/* The positions the rasterizer tests (swpipe_sample_position), as
 * fractions of a pixel. */
static void
swpipe_get_sample_position(struct pipe_context *pipe, unsigned sample_count, unsigned index,
                            float out[2])
{
   int x, y;
   (void)pipe;
   swpipe_sample_position(sample_count, index, &x, &y);
   out[0] = (float)x / (float)(1 << SWPIPE_SUBPIXEL_BITS);
   out[1] = (float)y / (float)(1 << SWPIPE_SUBPIXEL_BITS);
}

void
swpipe_init_blend_funcs(struct pipe_context *pipe)
{
   pipe->create_blend_state = swpipe_create_blend_state;
   pipe->bind_blend_state = swpipe_bind_blend_state;
   pipe->delete_blend_state = swpipe_delete_blend_state;
   pipe->set_blend_color = swpipe_set_blend_color;
   pipe->set_sample_mask = swpipe_set_sample_mask;
   pipe->get_sample_position = swpipe_get_sample_position;
}
