/*
 * swpipe's context: creation, flush and destruction.  The state areas,
 * clears, copies, transfers and queries install their own functions.
 */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_screen.h"
#include "swpipe_state.h"
#include "util/u_debug.h"
#ifdef SWPIPE_HAVE_DRAW
#include "swpipe_draw.h"
#endif

static void
swpipe_flush(struct pipe_context *pipe, struct pipe_fence_handle **fence, unsigned flags)
{
   /* every command ran when it was issued: the fence is already signalled */
   if (fence) {
      struct pipe_screen *screen = pipe->screen;
      struct pipe_fence_handle *f = swpipe_fence_create();
      screen->fence_reference(screen, fence, f);
      screen->fence_reference(screen, &f, NULL);
   }
}

static void
swpipe_context_destroy(struct pipe_context *pipe)
{
   if (!pipe)
      return;
   struct swpipe_context *ctx = swpipe_context(pipe);
   const struct swpipe_driver *driver = swpipe_screen(pipe->screen)->driver;
   if (ctx->driver_priv && driver->context_fini)
      driver->context_fini(ctx);
   swpipe_release_framebuffer_state(pipe);
   swpipe_release_sampler_state(pipe);
   swpipe_release_vertex_state(pipe);
   swpipe_release_constant_state(pipe);
   swpipe_release_so_state(pipe);
#ifdef SWPIPE_HAVE_DRAW
   swpipe_draw_fini(ctx);
#endif
   free(pipe);
}

struct pipe_context *
swpipe_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct swpipe_context *ctx;

   if (!screen)
      return NULL;
   ctx = calloc(1, sizeof *ctx);
   if (!ctx)
      return NULL;

   ctx->base.screen = screen;
   ctx->base.priv = priv;
   ctx->base.destroy = swpipe_context_destroy;
   ctx->base.flush = swpipe_flush;
   ctx->base.draw_vbo = NULL;          /* set by swpipe_init_draw_funcs */
   ctx->base.blit = NULL;              /* set by swpipe_init_blit_funcs */
   ctx->base.generate_mipmap = NULL;
   ctx->debug = swpipe_screen(screen)->debug;
   ctx->sample_mask = ~0u;
   ctx->dirty = SWPIPE_NEW_ALL;

   swpipe_init_blend_funcs(&ctx->base);
   swpipe_init_dsa_funcs(&ctx->base);
   swpipe_init_rasterizer_funcs(&ctx->base);
   swpipe_init_viewport_funcs(&ctx->base);
   swpipe_init_sampler_funcs(&ctx->base);
   swpipe_init_vertex_funcs(&ctx->base);
   swpipe_init_shader_funcs(&ctx->base);
   swpipe_init_constant_funcs(&ctx->base);
   swpipe_init_framebuffer_funcs(&ctx->base);
   swpipe_init_so_funcs(&ctx->base);
   swpipe_init_surface_funcs(&ctx->base);
   swpipe_init_query_funcs(&ctx->base);
   swpipe_init_transfer_funcs(&ctx->base);
   swpipe_init_clear_funcs(&ctx->base);
   swpipe_init_copy_funcs(&ctx->base);
#ifdef SWPIPE_HAVE_DRAW
   if (!swpipe_draw_init(ctx)) {
      swpipe_context_destroy(&ctx->base);
      return NULL;
   }
   swpipe_init_draw_funcs(&ctx->base);
#endif
#ifdef SWPIPE_HAVE_SAMPLER
   swpipe_init_blit_funcs(&ctx->base);
#endif
   const struct swpipe_driver *driver = swpipe_screen(screen)->driver;
   if (driver->context_init && !driver->context_init(ctx)) {
      swpipe_context_destroy(&ctx->base);
      return NULL;
   }

   if (ctx->debug & PONY_DEBUG_DRIVER)
      pony_log(swpipe_log_tag(screen), "context created");
   return &ctx->base;
}
