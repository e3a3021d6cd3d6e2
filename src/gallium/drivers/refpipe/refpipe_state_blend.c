/* Blend state: the blend CSO, the blend colour and the sample mask. */
#include <stdlib.h>

#include "refpipe_context.h"
#include "refpipe_raster.h"
#include "refpipe_state.h"

static void *
refpipe_create_blend_state(struct pipe_context *pipe, const struct pipe_blend_state *templ)
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
refpipe_bind_blend_state(struct pipe_context *pipe, void *blend)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->blend = blend;
   ctx->dirty |= REFPIPE_NEW_BLEND;
}

static void
refpipe_delete_blend_state(struct pipe_context *pipe, void *blend)
{
   free(blend);
}

static void
refpipe_set_blend_color(struct pipe_context *pipe, const struct pipe_blend_color *color)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   if (!color)
      return;
   ctx->blend_color = *color;
   ctx->dirty |= REFPIPE_NEW_BLEND_COLOR;
}

static void
refpipe_set_sample_mask(struct pipe_context *pipe, unsigned sample_mask)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->sample_mask = sample_mask;
   ctx->dirty |= REFPIPE_NEW_SAMPLE_MASK;
}

/* The positions the rasterizer tests (refpipe_sample_position), as
 * fractions of a pixel. */
static void
refpipe_get_sample_position(struct pipe_context *pipe, unsigned sample_count, unsigned index,
                            float out[2])
{
   int x, y;
   (void)pipe;
   refpipe_sample_position(sample_count, index, &x, &y);
   out[0] = (float)x / (float)(1 << REFPIPE_SUBPIXEL_BITS);
   out[1] = (float)y / (float)(1 << REFPIPE_SUBPIXEL_BITS);
}

void
refpipe_init_blend_funcs(struct pipe_context *pipe)
{
   pipe->create_blend_state = refpipe_create_blend_state;
   pipe->bind_blend_state = refpipe_bind_blend_state;
   pipe->delete_blend_state = refpipe_delete_blend_state;
   pipe->set_blend_color = refpipe_set_blend_color;
   pipe->set_sample_mask = refpipe_set_sample_mask;
   pipe->get_sample_position = refpipe_get_sample_position;
}
