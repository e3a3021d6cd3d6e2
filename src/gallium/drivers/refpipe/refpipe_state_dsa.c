/* Depth, stencil and alpha test state: the DSA CSO and the stencil reference. */
#include <stdlib.h>

#include "refpipe_context.h"
#include "refpipe_state.h"

static void *
refpipe_create_dsa_state(struct pipe_context *pipe,
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
refpipe_bind_dsa_state(struct pipe_context *pipe, void *dsa)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->dsa = dsa;
   ctx->dirty |= REFPIPE_NEW_DSA;
}

static void
refpipe_delete_dsa_state(struct pipe_context *pipe, void *dsa)
{
   free(dsa);
}

static void
refpipe_set_stencil_ref(struct pipe_context *pipe, const struct pipe_stencil_ref ref)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->stencil_ref = ref;
   ctx->dirty |= REFPIPE_NEW_STENCIL_REF;
}

void
refpipe_init_dsa_funcs(struct pipe_context *pipe)
{
   pipe->create_depth_stencil_alpha_state = refpipe_create_dsa_state;
   pipe->bind_depth_stencil_alpha_state = refpipe_bind_dsa_state;
   pipe->delete_depth_stencil_alpha_state = refpipe_delete_dsa_state;
   pipe->set_stencil_ref = refpipe_set_stencil_ref;
}
