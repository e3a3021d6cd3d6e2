/*
 * refpipe's context: creation, flush and destruction.  The state areas,
 * clears, copies, transfers and queries install their own functions.
 */
#include <stdlib.h>

#include "refpipe_context.h"
#include "refpipe_screen.h"
#include "refpipe_state.h"
#include "util/u_debug.h"
#ifdef REFPIPE_HAVE_DRAW
#include "refpipe_draw.h"
#endif

static void
refpipe_flush(struct pipe_context *pipe, struct pipe_fence_handle **fence, unsigned flags)
{
   /* every command ran when it was issued: the fence is already signalled */
   if (fence) {
      struct pipe_screen *screen = pipe->screen;
      struct pipe_fence_handle *f = refpipe_fence_create();
      screen->fence_reference(screen, fence, f);
      screen->fence_reference(screen, &f, NULL);
   }
}

static void
refpipe_context_destroy(struct pipe_context *pipe)
{
   if (!pipe)
      return;
   refpipe_release_framebuffer_state(pipe);
   refpipe_release_sampler_state(pipe);
   refpipe_release_vertex_state(pipe);
   refpipe_release_constant_state(pipe);
   refpipe_release_so_state(pipe);
#ifdef REFPIPE_HAVE_DRAW
   refpipe_draw_fini(refpipe_context(pipe));
#endif
   free(pipe);
}

struct pipe_context *
refpipe_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct refpipe_context *ctx;

   if (!screen)
      return NULL;
   ctx = calloc(1, sizeof *ctx);
   if (!ctx)
      return NULL;

   ctx->base.screen = screen;
   ctx->base.priv = priv;
   ctx->base.destroy = refpipe_context_destroy;
   ctx->base.flush = refpipe_flush;
   ctx->base.draw_vbo = NULL;          /* set by refpipe_init_draw_funcs */
   ctx->base.blit = NULL;              /* set by refpipe_init_blit_funcs */
   ctx->base.generate_mipmap = NULL;
   ctx->debug = refpipe_screen(screen)->debug;
   ctx->sample_mask = ~0u;
   ctx->dirty = REFPIPE_NEW_ALL;

   refpipe_init_blend_funcs(&ctx->base);
   refpipe_init_dsa_funcs(&ctx->base);
   refpipe_init_rasterizer_funcs(&ctx->base);
   refpipe_init_viewport_funcs(&ctx->base);
   refpipe_init_sampler_funcs(&ctx->base);
   refpipe_init_vertex_funcs(&ctx->base);
   refpipe_init_shader_funcs(&ctx->base);
   refpipe_init_constant_funcs(&ctx->base);
   refpipe_init_framebuffer_funcs(&ctx->base);
   refpipe_init_so_funcs(&ctx->base);
   refpipe_init_surface_funcs(&ctx->base);
   refpipe_init_query_funcs(&ctx->base);
   refpipe_init_transfer_funcs(&ctx->base);
   refpipe_init_clear_funcs(&ctx->base);
   refpipe_init_copy_funcs(&ctx->base);
#ifdef REFPIPE_HAVE_DRAW
   if (!refpipe_draw_init(ctx)) {
      refpipe_context_destroy(&ctx->base);
      return NULL;
   }
   refpipe_init_draw_funcs(&ctx->base);
#endif
#ifdef REFPIPE_HAVE_SAMPLER
   refpipe_init_blit_funcs(&ctx->base);
#endif

   if (ctx->debug & PONY_DEBUG_DRIVER)
      pony_log("refpipe", "context created");
   return &ctx->base;
}
