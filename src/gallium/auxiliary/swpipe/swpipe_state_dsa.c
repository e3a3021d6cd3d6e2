/* Depth, stencil and alpha test state: the DSA CSO and the stencil reference. */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_state.h"

static void *
swpipe_create_dsa_state(struct pipe_context *pipe,
                         const struct pipe_depth_stencil_alpha_state *templ)
{
   struct pipe_depth_stencil_alpha_state *dsa;

   if (!templ)
      return NULL;
   dsa = malloc(sizeof *dsa);
   if (dsa)
      *dsa = *templ;
   return dsa;
}

static void
swpipe_bind_dsa_state(struct pipe_context *pipe, void *dsa)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->dsa = dsa;
   ctx->dirty |= SWPIPE_NEW_DSA;
}

static void
swpipe_delete_dsa_state(struct pipe_context *pipe, void *dsa)
{
   free(dsa);
}

static void
swpipe_set_stencil_ref(struct pipe_context *pipe, const struct pipe_stencil_ref ref)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->stencil_ref = ref;
   ctx->dirty |= SWPIPE_NEW_STENCIL_REF;
}

void
swpipe_init_dsa_funcs(struct pipe_context *pipe)
{
   pipe->create_depth_stencil_alpha_state = swpipe_create_dsa_state;
   pipe->bind_depth_stencil_alpha_state = swpipe_bind_dsa_state;
   pipe->delete_depth_stencil_alpha_state = swpipe_delete_dsa_state;
   pipe->set_stencil_ref = swpipe_set_stencil_ref;
}
