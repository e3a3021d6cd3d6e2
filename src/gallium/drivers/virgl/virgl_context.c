/*
 * The virgl context (virgl_driver.h): pipe calls appended to the command
 * buffer as virgl commands, sent at flush and before the CPU reads what the
 * host made.  So far: surfaces, framebuffer state, whole-surface clears,
 * transfers (virgl_resource.c), state objects and draws (virgl_state.c).  Every other call is absent until it is
 * encoded, and the screen's caps offer nothing that needs one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/u_debug.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_proto.h"

void
virgl_flush_batch(struct virgl_context *ctx)
{
   struct virgl_cmdbuf *cb = &ctx->cb;
   if (!cb->ndw && !cb->failed)
      return;
   int fence_fd = -1;
   int ret = cb->failed ? -ENOMEM
                        : virgl_winsys_submit(ctx->screen->ws, cb->dw, cb->ndw, cb->bos, cb->nbos,
                                              &fence_fd);
   if (ret && (pony_debug_get() & PONY_DEBUG_DRIVER))
      pony_log("virgl", "a batch of %u dwords was lost: %s", cb->ndw, strerror(-ret));
   /* the newest batch's fence stands for every earlier one (a lost batch
    * keeps the previous fence: what was sent before it still counts) */
   if (!ret) {
      if (ctx->fence_fd >= 0)
         close(ctx->fence_fd);
      ctx->fence_fd = fence_fd;
   }
   virgl_cmdbuf_reset(cb);
}

static void
context_flush(struct pipe_context *pc, struct pipe_fence_handle **fence, unsigned flags)
{
   (void)flags;
   struct virgl_context *ctx = virgl_context(pc);
   virgl_flush_batch(ctx);
   if (fence)
      *fence = virgl_fence_create(ctx);
}

static struct pipe_surface *
create_surface(struct pipe_context *pc, struct pipe_resource *pr, const struct pipe_surface *templ)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_resource *r = virgl_resource(pr);
   if (!pr || pr->target == PIPE_BUFFER || templ->level > pr->last_level ||
       templ->first_layer > templ->last_layer || !virgl_host_format(templ->format))
      return NULL;
   struct virgl_surface *s = calloc(1, sizeof *s);
   if (!s)
      return NULL;
   pipe_reference_init(&s->base.reference, 1);
   s->base.context = pc;
   pipe_resource_reference(&s->base.texture, pr);
   s->base.format = templ->format;
   s->base.level = templ->level;
   s->base.first_layer = templ->first_layer;
   s->base.last_layer = templ->last_layer;
   s->base.width = (uint16_t)u_minify(pr->width0, templ->level);
   s->base.height = (uint16_t)u_minify(pr->height0, templ->level);
   s->handle = ++ctx->next_handle;
   virgl_encode_surface(&ctx->cb, s->handle, r->res_handle, virgl_host_format(templ->format),
                        templ->level, templ->first_layer, templ->last_layer);
   virgl_cmdbuf_use(&ctx->cb, r->bo);
   return &s->base;
}

static void
surface_destroy(struct pipe_context *pc, struct pipe_surface *ps)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_surface *s = (struct virgl_surface *)ps;
   virgl_encode_destroy_object(&ctx->cb, VP_OBJ_SURFACE, s->handle);
   pipe_resource_reference(&ps->texture, NULL);
   free(s);
}

static uint32_t
surface_handle(const struct pipe_surface *ps)
{
   return ps ? ((const struct virgl_surface *)ps)->handle : 0;
}

static void
set_framebuffer_state(struct pipe_context *pc, const struct pipe_framebuffer_state *fb)
{
   struct virgl_context *ctx = virgl_context(pc);
   uint32_t cbufs[PIPE_MAX_COLOR_BUFS];
   unsigned n = fb->nr_cbufs < PIPE_MAX_COLOR_BUFS ? fb->nr_cbufs : PIPE_MAX_COLOR_BUFS;
   for (unsigned i = 0; i < n; i++) {
      cbufs[i] = surface_handle(fb->cbufs[i]);
      if (fb->cbufs[i])
         virgl_cmdbuf_use(&ctx->cb, virgl_resource(fb->cbufs[i]->texture)->bo);
   }
   if (fb->zsbuf)
      virgl_cmdbuf_use(&ctx->cb, virgl_resource(fb->zsbuf->texture)->bo);
   virgl_encode_framebuffer(&ctx->cb, n, cbufs, surface_handle(fb->zsbuf));
   /* keep the surfaces (and so their handles) alive while bound */
   struct pipe_framebuffer_state old = ctx->fb;
   memset(&ctx->fb, 0, sizeof ctx->fb);
   ctx->fb.width = fb->width;
   ctx->fb.height = fb->height;
   ctx->fb.layers = fb->layers;
   ctx->fb.nr_cbufs = n;
   for (unsigned i = 0; i < n; i++)
      pipe_surface_reference(&ctx->fb.cbufs[i], fb->cbufs[i]);
   pipe_surface_reference(&ctx->fb.zsbuf, fb->zsbuf);
   for (unsigned i = 0; i < old.nr_cbufs; i++)
      pipe_surface_reference(&old.cbufs[i], NULL);
   pipe_surface_reference(&old.zsbuf, NULL);
}

/*
 * The protocol's clear covers the bound surfaces whole, every channel.
 * A scissored or masked clear is refused (not drawn), with PONY_DEBUG=driver
 * saying so: the state tracker gets none until the driver draws quads.
 */
static void
clear(struct pipe_context *pc, unsigned buffers, const struct pipe_scissor_state *scissor,
      const union pipe_color_union *color, double depth, unsigned stencil,
      const uint8_t colormask[PIPE_MAX_COLOR_BUFS], unsigned stencil_mask)
{
   struct virgl_context *ctx = virgl_context(pc);
   bool partial = scissor != NULL || ((buffers & PIPE_CLEAR_STENCIL) && (stencil_mask & 0xff) != 0xff);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS && colormask; i++)
      partial = partial || ((buffers & PIPE_CLEAR_COLORN(i)) && colormask[i] != 0xf);
   if (partial) {
      if (pony_debug_get() & PONY_DEBUG_DRIVER)
         pony_log("virgl", "scissored or masked clear: not supported yet");
      return;
   }
   virgl_encode_clear(&ctx->cb, buffers, color->ui, depth, stencil);
}

static void
context_destroy(struct pipe_context *pc)
{
   struct virgl_context *ctx = virgl_context(pc);
   for (unsigned i = 0; i < ctx->fb.nr_cbufs; i++)
      pipe_surface_reference(&ctx->fb.cbufs[i], NULL);
   pipe_surface_reference(&ctx->fb.zsbuf, NULL);
   virgl_flush_batch(ctx);
   virgl_cmdbuf_fini(&ctx->cb);
   if (ctx->fence_fd >= 0)
      close(ctx->fence_fd);
   free(ctx);
}

struct pipe_context *
virgl_context_create(struct pipe_screen *ps, void *priv, unsigned flags)
{
   (void)flags;
   struct virgl_context *ctx = calloc(1, sizeof *ctx);
   if (!ctx)
      return NULL;
   ctx->base.screen = ps;
   ctx->base.priv = priv;
   ctx->screen = virgl_screen(ps);
   ctx->fence_fd = -1;
   virgl_cmdbuf_init(&ctx->cb);
   ctx->base.destroy = context_destroy;
   ctx->base.flush = context_flush;
   ctx->base.create_surface = create_surface;
   ctx->base.surface_destroy = surface_destroy;
   ctx->base.set_framebuffer_state = set_framebuffer_state;
   ctx->base.clear = clear;
   virgl_resource_init_context(ctx);
   virgl_state_init_context(ctx);
   return &ctx->base;
}
