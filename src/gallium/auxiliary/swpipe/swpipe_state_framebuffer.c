/* The bound framebuffer: colour surfaces and the depth/stencil surface. */
#include <string.h>

#include "swpipe_context.h"
#include "swpipe_state.h"
#include "util/u_inlines.h"

static void
swpipe_set_framebuffer_state(struct pipe_context *pipe,
                              const struct pipe_framebuffer_state *fb)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
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
   ctx->dirty |= SWPIPE_NEW_FRAMEBUFFER;
}

void
swpipe_release_framebuffer_state(struct pipe_context *pipe)
{
   swpipe_set_framebuffer_state(pipe, NULL);
}

void
swpipe_init_framebuffer_funcs(struct pipe_context *pipe)
{
   pipe->set_framebuffer_state = swpipe_set_framebuffer_state;
}
