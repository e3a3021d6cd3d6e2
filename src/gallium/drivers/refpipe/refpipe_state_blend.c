/* Blend state: the blend CSO, the blend colour and the sample mask. */
#include <stdlib.h>

#include "refpipe_context.h"
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

void
refpipe_init_blend_funcs(struct pipe_context *pipe)
{
   pipe->create_blend_state = refpipe_create_blend_state;
   pipe->bind_blend_state = refpipe_bind_blend_state;
   pipe->delete_blend_state = refpipe_delete_blend_state;
   pipe->set_blend_color = refpipe_set_blend_color;
   pipe->set_sample_mask = refpipe_set_sample_mask;
}
