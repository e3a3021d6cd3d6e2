/* Rasterizer state: the rasterizer CSO, user clip planes and the polygon stipple. */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_state.h"

static void *
swpipe_create_rasterizer_state(struct pipe_context *pipe,
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
swpipe_bind_rasterizer_state(struct pipe_context *pipe, void *rast)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->rasterizer = rast;
   ctx->dirty |= SWPIPE_NEW_RASTERIZER;
}

static void
swpipe_delete_rasterizer_state(struct pipe_context *pipe, void *rast)
{
   free(rast);
}

static void
swpipe_set_clip_state(struct pipe_context *pipe, const struct pipe_clip_state *clip)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   if (!clip)
      return;
   ctx->clip = *clip;
   ctx->dirty |= SWPIPE_NEW_CLIP;
}

static void
swpipe_set_polygon_stipple(struct pipe_context *pipe, const struct pipe_poly_stipple *stipple)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   if (!stipple)
      return;
   ctx->stipple = *stipple;
   ctx->dirty |= SWPIPE_NEW_STIPPLE;
}

void
swpipe_init_rasterizer_funcs(struct pipe_context *pipe)
{
   pipe->create_rasterizer_state = swpipe_create_rasterizer_state;
   pipe->bind_rasterizer_state = swpipe_bind_rasterizer_state;
   pipe->delete_rasterizer_state = swpipe_delete_rasterizer_state;
   pipe->set_clip_state = swpipe_set_clip_state;
   pipe->set_polygon_stipple = swpipe_set_polygon_stipple;
}
