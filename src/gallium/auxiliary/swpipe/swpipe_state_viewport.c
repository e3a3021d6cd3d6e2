/* Viewport and scissor rectangles. */
#include "swpipe_context.h"
#include "swpipe_state.h"

static void
swpipe_set_scissor_states(struct pipe_context *pipe, unsigned start, unsigned count,
                           const struct pipe_scissor_state *scissors)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if (!scissors || start >= PIPE_MAX_VIEWPORTS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_VIEWPORTS; i++)
      ctx->scissors[start + i] = scissors[i];
   ctx->dirty |= SWPIPE_NEW_SCISSOR;
}

static void
swpipe_set_viewport_states(struct pipe_context *pipe, unsigned start, unsigned count,
                            const struct pipe_viewport_state *viewports)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if (!viewports || start >= PIPE_MAX_VIEWPORTS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_VIEWPORTS; i++)
      ctx->viewports[start + i] = viewports[i];
   ctx->dirty |= SWPIPE_NEW_VIEWPORT;
}

void
swpipe_init_viewport_funcs(struct pipe_context *pipe)
{
   pipe->set_scissor_states = swpipe_set_scissor_states;
   pipe->set_viewport_states = swpipe_set_viewport_states;
}
