/* Viewport and scissor rectangles. */
#include "refpipe_context.h"
#include "refpipe_state.h"

static void
refpipe_set_scissor_states(struct pipe_context *pipe, unsigned start, unsigned count,
                           const struct pipe_scissor_state *scissors)
{
   struct refpipe_context *ctx = refpipe_context(pipe);

   if (!scissors || start >= PIPE_MAX_VIEWPORTS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_VIEWPORTS; i++)
      ctx->scissors[start + i] = scissors[i];
   ctx->dirty |= REFPIPE_NEW_SCISSOR;
}

static void
refpipe_set_viewport_states(struct pipe_context *pipe, unsigned start, unsigned count,
                            const struct pipe_viewport_state *viewports)
{
   struct refpipe_context *ctx = refpipe_context(pipe);

   if (!viewports || start >= PIPE_MAX_VIEWPORTS)
      return;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_VIEWPORTS; i++)
      ctx->viewports[start + i] = viewports[i];
   ctx->dirty |= REFPIPE_NEW_VIEWPORT;
}

void
refpipe_init_viewport_funcs(struct pipe_context *pipe)
{
   pipe->set_scissor_states = refpipe_set_scissor_states;
   pipe->set_viewport_states = refpipe_set_viewport_states;
}
