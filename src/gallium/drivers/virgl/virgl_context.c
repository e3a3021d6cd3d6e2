/*
 * The virgl context (virgl_driver.h): pipe calls appended to the command
 * buffer as virgl commands, sent at flush and before the CPU reads what the
 * host made.  So far: surfaces, framebuffer state, whole-surface clears,
 * transfers (virgl_resource.c), state objects and draws (virgl_state.c),
 * samplers, views and constants (virgl_sampler.c), copies and blits,
 * shaders (virgl_shader.c).  Every other call is absent until it is
 * encoded, and the screen's caps offer nothing that needs one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/u_format.h"
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

/* Sends a framebuffer of n colour surfaces and zs (the batch uses their
 * resources). */
static void
encode_framebuffer(struct virgl_context *ctx, unsigned n, struct pipe_surface *const *cbufs,
                   struct pipe_surface *zs)
{
   uint32_t handles[PIPE_MAX_COLOR_BUFS];
   for (unsigned i = 0; i < n; i++) {
      handles[i] = surface_handle(cbufs[i]);
      if (cbufs[i])
         virgl_cmdbuf_use(&ctx->cb, virgl_resource(cbufs[i]->texture)->bo);
   }
   if (zs)
      virgl_cmdbuf_use(&ctx->cb, virgl_resource(zs->texture)->bo);
   virgl_encode_framebuffer(&ctx->cb, n, handles, surface_handle(zs));
}

static void
set_framebuffer_state(struct pipe_context *pc, const struct pipe_framebuffer_state *fb)
{
   struct virgl_context *ctx = virgl_context(pc);
   unsigned n = fb->nr_cbufs < PIPE_MAX_COLOR_BUFS ? fb->nr_cbufs : PIPE_MAX_COLOR_BUFS;
   encode_framebuffer(ctx, n, fb->cbufs, fb->zsbuf);
   /* keep the surfaces (and so their handles) alive while bound */
   struct pipe_framebuffer_state old = ctx->fb;
   bool new_height = fb->height != old.height;
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
   if (new_height && ctx->stipple_bottom)
      virgl_send_stipple(ctx);   /* its rows count from the bottom */
}

/*
 * Clears.  The protocol's CLEAR covers the bound surfaces whole, every
 * channel; a box of one surface is a CLEAR_TEXTURE of its resource (hosts
 * with VP_CAP_CLEAR_TEXTURE) with a texel packed here in the surface's
 * format.  What neither can do (a masked clear, depth alone or stencil
 * alone in a box of a format holding both, no CLEAR_TEXTURE) is refused,
 * not drawn, with PONY_DEBUG=driver saying so, until the driver draws
 * quads.
 */
static void
refuse_clear(const char *what)
{
   if (pony_debug_get() & PONY_DEBUG_DRIVER)
      pony_log("virgl", "%s: not supported yet", what);
}

/* Colour c as one texel of colour format f; false for depth/stencil and
 * compressed formats. */
static bool
pack_color(enum pipe_format f, const union pipe_color_union *c, uint32_t texel[4])
{
   const struct util_format_description *d = util_format_description(f);
   if (d->block_width != 1 || d->block_height != 1 || !d->block_bytes || d->block_bytes > 16 ||
       d->is_depth || d->is_stencil)
      return false;
   memset(texel, 0, 4 * sizeof(uint32_t));
   if (d->is_pure_integer && d->channel[0].type == UTIL_FORMAT_TYPE_SINT)
      util_format_pack_rgba_sint(f, texel, c->i, 1);
   else if (d->is_pure_integer)
      util_format_pack_rgba_uint(f, texel, c->ui, 1);
   else
      util_format_pack_rgba_float(f, texel, c->f, 1);
   return true;
}

static bool
host_clears_boxes(const struct virgl_context *ctx)
{
   return (ctx->screen->host.capability_bits & VP_CAP_CLEAR_TEXTURE) != 0;
}

/*
 * Depth and stencil as one texel of a depth/stencil format, in the layout
 * the host's GL takes for it (its format and type for the resource:
 * GL_UNSIGNED_SHORT for Z16, GL_FLOAT for Z32F, GL_UNSIGNED_INT_24_8 for
 * both 24-bit depth + stencil formats: depth in the high 24 bits, stencil
 * in the low byte, whatever the pipe format's own layout); false for other
 * formats, or when flags leave out part of what the format holds (a box
 * clear writes the whole texel).
 */
static bool
pack_zs(enum pipe_format f, unsigned flags, double depth, unsigned stencil, uint32_t texel[4])
{
   bool d = flags & PIPE_CLEAR_DEPTH, st = flags & PIPE_CLEAR_STENCIL;
   float z = depth < 0 ? 0.0f : depth > 1 ? 1.0f : (float)depth;
   memset(texel, 0, 4 * sizeof(uint32_t));
   switch (f) {
   case PIPE_FORMAT_Z16_UNORM:
      texel[0] = (uint32_t)(z * 65535.0f + 0.5f);
      return d;
   case PIPE_FORMAT_Z32_FLOAT:
      memcpy(texel, &z, sizeof z);
      return d;
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
      texel[0] = (uint32_t)((double)z * 0xffffff + 0.5) << 8 | (stencil & 0xff);
      return d && st;
   default:
      return false;
   }
}

/* Fills the box (x, y, w, h) of s, cut to s, on each of its layers with
 * texel; false when the host has no CLEAR_TEXTURE. */
static bool
clear_box(struct virgl_context *ctx, struct pipe_surface *s, const uint32_t texel[4], unsigned x,
          unsigned y, unsigned w, unsigned h)
{
   if (!host_clears_boxes(ctx))
      return false;
   if (x >= s->width || y >= s->height || !w || !h)
      return true;
   const struct virgl_box box = { x, y, s->first_layer, w < s->width - x ? w : s->width - x,
                                  h < s->height - y ? h : s->height - y,
                                  s->last_layer - s->first_layer + 1 };
   struct virgl_resource *r = virgl_resource(s->texture);
   virgl_encode_clear_texture(&ctx->cb, r->res_handle, s->level, &box, texel);
   virgl_cmdbuf_use(&ctx->cb, r->bo);
   return true;
}

static void
clear(struct pipe_context *pc, unsigned buffers, const struct pipe_scissor_state *scissor,
      const union pipe_color_union *color, double depth, unsigned stencil,
      const uint8_t colormask[PIPE_MAX_COLOR_BUFS], unsigned stencil_mask)
{
   struct virgl_context *ctx = virgl_context(pc);
   bool masked = (buffers & PIPE_CLEAR_STENCIL) && (stencil_mask & 0xff) != 0xff;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS && colormask; i++)
      masked = masked || ((buffers & PIPE_CLEAR_COLORN(i)) && colormask[i] != 0xf);
   if (!masked && !scissor) {
      virgl_encode_clear(&ctx->cb, buffers, color->ui, depth, stencil);
      return;
   }
   /* scissored, unmasked: a box of each buffer, all or none */
   uint32_t texel[4];
   struct pipe_surface *zs = ctx->fb.zsbuf;
   unsigned zs_flags = buffers & PIPE_CLEAR_DEPTHSTENCIL;
   bool can = !masked && host_clears_boxes(ctx) &&
              (!zs_flags || !zs || pack_zs(zs->format, zs_flags, depth, stencil, texel));
   for (unsigned i = 0; can && i < ctx->fb.nr_cbufs; i++)
      can = !(buffers & PIPE_CLEAR_COLORN(i)) || !ctx->fb.cbufs[i] ||
            pack_color(ctx->fb.cbufs[i]->format, color, texel);
   if (!can) {
      refuse_clear("a masked clear, or a scissored one of part of a depth/stencil texel");
      return;
   }
   if (scissor->maxx <= scissor->minx || scissor->maxy <= scissor->miny)
      return;
   unsigned x = scissor->minx, y = scissor->miny;
   unsigned w = (unsigned)(scissor->maxx - scissor->minx);
   unsigned h = (unsigned)(scissor->maxy - scissor->miny);
   for (unsigned i = 0; i < ctx->fb.nr_cbufs; i++) {
      struct pipe_surface *s = ctx->fb.cbufs[i];
      if ((buffers & PIPE_CLEAR_COLORN(i)) && s && pack_color(s->format, color, texel))
         clear_box(ctx, s, texel, x, y, w, h);
   }
   if (zs_flags && zs && pack_zs(zs->format, zs_flags, depth, stencil, texel))
      clear_box(ctx, zs, texel, x, y, w, h);
}

/*
 * clear_render_target / clear_depth_stencil of a whole surface: the
 * protocol's clear with dst bound alone for it and the context's
 * framebuffer sent again after.  Part of a surface: a box as above.
 */
static bool
clears_whole(const struct pipe_surface *dst, unsigned x, unsigned y, unsigned w, unsigned h)
{
   return x == 0 && y == 0 && w >= dst->width && h >= dst->height;
}

static void
clear_render_target(struct pipe_context *pc, struct pipe_surface *dst,
                    const union pipe_color_union *color, unsigned dstx, unsigned dsty,
                    unsigned width, unsigned height)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!clears_whole(dst, dstx, dsty, width, height)) {
      uint32_t texel[4];
      if (!pack_color(dst->format, color, texel) ||
          !clear_box(ctx, dst, texel, dstx, dsty, width, height))
         refuse_clear("a clear of part of a surface");
      return;
   }
   encode_framebuffer(ctx, 1, &dst, NULL);
   virgl_encode_clear(&ctx->cb, PIPE_CLEAR_COLOR0, color->ui, 0.0, 0);
   encode_framebuffer(ctx, ctx->fb.nr_cbufs, ctx->fb.cbufs, ctx->fb.zsbuf);
}

static void
clear_depth_stencil(struct pipe_context *pc, struct pipe_surface *dst, unsigned clear_flags,
                    double depth, unsigned stencil, unsigned dstx, unsigned dsty, unsigned width,
                    unsigned height)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (!clears_whole(dst, dstx, dsty, width, height)) {
      uint32_t texel[4];
      if (!pack_zs(dst->format, clear_flags, depth, stencil, texel) ||
          !clear_box(ctx, dst, texel, dstx, dsty, width, height))
         refuse_clear("a clear of part of a depth/stencil texel");
      return;
   }
   const uint32_t none[4] = { 0 };
   encode_framebuffer(ctx, 0, NULL, dst);
   virgl_encode_clear(&ctx->cb, clear_flags & PIPE_CLEAR_DEPTHSTENCIL, none, depth, stencil);
   encode_framebuffer(ctx, ctx->fb.nr_cbufs, ctx->fb.cbufs, ctx->fb.zsbuf);
}

/* --- copies and blits ------------------------------------------------------- */

static struct virgl_box
host_box(const struct pipe_box *b)
{
   /* negative sizes (a blit's flips) pass as the host reads them: signed */
   return (struct virgl_box){ (uint32_t)b->x, (uint32_t)b->y, (uint32_t)b->z,
                              (uint32_t)b->width, (uint32_t)b->height, (uint32_t)b->depth };
}

static void
resource_copy_region(struct pipe_context *pc, struct pipe_resource *dst, unsigned dst_level,
                     unsigned dstx, unsigned dsty, unsigned dstz, struct pipe_resource *src,
                     unsigned src_level, const struct pipe_box *src_box)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_resource *d = virgl_resource(dst), *s = virgl_resource(src);
   const struct virgl_box box = host_box(src_box);
   virgl_encode_copy_region(&ctx->cb, d->res_handle, dst_level, dstx, dsty, dstz, s->res_handle,
                            src_level, &box);
   virgl_cmdbuf_use(&ctx->cb, d->bo);
   virgl_cmdbuf_use(&ctx->cb, s->bo);
}

static void
blit(struct pipe_context *pc, const struct pipe_blit_info *info)
{
   struct virgl_context *ctx = virgl_context(pc);
   /* the mask bits are the protocol's (Gallium's PIPE_MASK_*) */
   _Static_assert(PIPE_MASK_RGBA == 0xf && PIPE_MASK_Z == 0x10 && PIPE_MASK_S == 0x20,
                  "blit mask bits");
   uint32_t filter = virgl_host_filter(info->filter);
   uint32_t dfmt = virgl_host_format(info->dst.format), sfmt = virgl_host_format(info->src.format);
   if (filter == ~0u || !dfmt || !sfmt || !info->dst.resource || !info->src.resource) {
      if (pony_debug_get() & PONY_DEBUG_DRIVER)
         pony_log("virgl", "blit refused: a filter or format the host has no number for");
      return;
   }
   struct virgl_resource *d = virgl_resource(info->dst.resource);
   struct virgl_resource *s = virgl_resource(info->src.resource);
   const struct virgl_blit_end dst = { d->res_handle, info->dst.level, dfmt,
                                       host_box(&info->dst.box) };
   const struct virgl_blit_end src = { s->res_handle, info->src.level, sfmt,
                                       host_box(&info->src.box) };
   uint32_t s0 = (info->mask & 0xff) | VP_BLIT_FILTER(filter) |
                 (info->scissor_enable ? VP_BLIT_SCISSOR : 0);
   const struct pipe_scissor_state *sc = &info->scissor;
   virgl_encode_blit(&ctx->cb, s0, sc->minx | (uint32_t)sc->miny << 16,
                     sc->maxx | (uint32_t)sc->maxy << 16, &dst, &src);
   virgl_cmdbuf_use(&ctx->cb, d->bo);
   virgl_cmdbuf_use(&ctx->cb, s->bo);
}

static void
context_destroy(struct pipe_context *pc)
{
   struct virgl_context *ctx = virgl_context(pc);
   virgl_sampler_fini_context(ctx);
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
   ctx->base.clear_render_target = clear_render_target;
   ctx->base.clear_depth_stencil = clear_depth_stencil;
   ctx->base.resource_copy_region = resource_copy_region;
   ctx->base.blit = blit;
   virgl_resource_init_context(ctx);
   virgl_state_init_context(ctx);
   virgl_query_init_context(ctx);
   virgl_sampler_init_context(ctx);
   virgl_shader_init_context(ctx);
   return &ctx->base;
}
