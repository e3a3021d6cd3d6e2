/* The bound framebuffer: colour surfaces and the depth/stencil surface. */
#include <string.h>

#include "refpipe_context.h"
#include "refpipe_state.h"
#include "util/u_inlines.h"

static void
refpipe_set_framebuffer_state(struct pipe_context *pipe,
                              const struct pipe_framebuffer_state *fb)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   struct pipe_framebuffer_state *cur = &ctx->framebuffer;
   unsigned nr = 0;

   if (fb)
      nr = fb->nr_cbufs > PIPE_MAX_COLOR_BUFS ? PIPE_MAX_COLOR_BUFS : fb->nr_cbufs;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_surface_reference(&cur->cbufs[i], i < nr ? fb->cbufs[i] : NULL);
   pipe_surface_reference(&cur->zsbuf, fb ? fb->zsbuf : NULL);
   cur->nr_cbufs = nr;
   cur->width = fb ? fb->width : 0;
   cur->height = fb ? fb->height : 0;
   cur->layers = fb ? fb->layers : 0;
   ctx->dirty |= REFPIPE_NEW_FRAMEBUFFER;
}

void
refpipe_release_framebuffer_state(struct pipe_context *pipe)
{
   refpipe_set_framebuffer_state(pipe, NULL);
}

void
refpipe_init_framebuffer_funcs(struct pipe_context *pipe)
{
   pipe->set_framebuffer_state = refpipe_set_framebuffer_state;
}
