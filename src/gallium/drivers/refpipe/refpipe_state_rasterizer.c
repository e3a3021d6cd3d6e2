/* Rasterizer state: the rasterizer CSO, user clip planes and the polygon stipple. */
#include <stdlib.h>

#include "refpipe_context.h"
#include "refpipe_state.h"

static void *
refpipe_create_rasterizer_state(struct pipe_context *pipe,
                                const struct pipe_rasterizer_state *templ)
{
   struct pipe_rasterizer_state *rast;

   if (!templ)
      return NULL;
   rast = malloc(sizeof *rast);
   if (rast)
      *rast = *templ;
   return rast;
}

static void
refpipe_bind_rasterizer_state(struct pipe_context *pipe, void *rast)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->rasterizer = rast;
   ctx->dirty |= REFPIPE_NEW_RASTERIZER;
}

static void
refpipe_delete_rasterizer_state(struct pipe_context *pipe, void *rast)
{
   free(rast);
}

static void
refpipe_set_clip_state(struct pipe_context *pipe, const struct pipe_clip_state *clip)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   if (!clip)
      return;
   ctx->clip = *clip;
   ctx->dirty |= REFPIPE_NEW_CLIP;
}

static void
refpipe_set_polygon_stipple(struct pipe_context *pipe, const struct pipe_poly_stipple *stipple)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   if (!stipple)
      return;
   ctx->stipple = *stipple;
   ctx->dirty |= REFPIPE_NEW_STIPPLE;
}

void
refpipe_init_rasterizer_funcs(struct pipe_context *pipe)
{
   pipe->create_rasterizer_state = refpipe_create_rasterizer_state;
   pipe->bind_rasterizer_state = refpipe_bind_rasterizer_state;
   pipe->delete_rasterizer_state = refpipe_delete_rasterizer_state;
   pipe->set_clip_state = refpipe_set_clip_state;
   pipe->set_polygon_stipple = refpipe_set_polygon_stipple;
}
