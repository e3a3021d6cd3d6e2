/* The alpha test (GL 2.1 4.1.4): the alpha of colour 0 against the reference. */
#include "swpipe_fragops.h"
#include "swpipe_quad.h"

void
swpipe_quad_alpha_test(struct swpipe_context *ctx, struct swpipe_frag *frag)
{
   const struct pipe_depth_stencil_alpha_state *dsa = ctx->dsa;

   if (!dsa || !dsa->alpha_enabled)
      return;
   for (unsigned lane = 0; lane < 4; lane++) {
      if ((frag->mask >> lane & 1) &&
          !swpipe_compare(dsa->alpha_func, frag->color[0][lane][3], dsa->alpha_ref_value))
         frag->mask &= ~(1u << lane);
   }
}
