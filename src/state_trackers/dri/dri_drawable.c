/*
 * __DRIdrawable: the st_framebuffer_iface of a window, pbuffer or GBM
 * surface.  validate() asks the loader for the size (swrast loader) or
 * the buffers (image loader) when the drawable was invalidated, and
 * creates the buffers the loader does not provide.
 */
#include "dri_drawable.h"

#include <stdlib.h>
#include <string.h>

#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_inlines.h"

#include "dri_image.h"
#include "dri_screen.h"

static const char *const dri_attachment_names[ST_ATTACHMENT_COUNT] = {
   "front", "back", "depth/stencil",
};

void
dri_drawable_invalidate(struct dri_drawable *d)
{
   d->dirty = true;
   __atomic_add_fetch(&d->base.stamp, 1, __ATOMIC_SEQ_CST);
}

static void
dri_drawable_release_textures(struct dri_drawable *d)
{
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      pipe_resource_reference(&d->textures[i], NULL);
      pipe_resource_reference(&d->msaa[i], NULL);
   }
}

void
dri_drawable_resolve(struct dri_drawable *d, struct st_context *st)
{
   struct pipe_context *pipe = st ? st_context_pipe(st) : NULL;

   if (!d || !pipe || !pipe->blit)
      return;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      struct pipe_resource *src = d->msaa[i], *dst = d->textures[i];
      if (!src || !dst || src->width0 != dst->width0 || src->height0 != dst->height0)
         continue;
      struct pipe_blit_info b;
      memset(&b, 0, sizeof(b));
      b.src.resource = src;
      b.src.format = src->format;
      b.src.box.width = (int)src->width0;
      b.src.box.height = (int)src->height0;
      b.src.box.depth = 1;
      b.dst.resource = dst;
      b.dst.format = dst->format;
      b.dst.box = b.src.box;
      b.mask = PIPE_MASK_RGBA;
      b.filter = PIPE_TEX_FILTER_NEAREST;
      pipe->blit(pipe, &b);
   }
}

/* Swrast loader: the size is all we get; the buffers are ours. */
static void
dri_drawable_update_swrast(struct dri_drawable *d)
{
   const __DRIswrastLoaderExtension *loader = d->screen->swrast_loader;
   int x = 0, y = 0, w = 0, h = 0;

   loader->getDrawableInfo((__DRIdrawable *)d, &x, &y, &w, &h, d->loader_private);
   if (w < 0)
      w = 0;
   if (h < 0)
      h = 0;
   dri_log(d->screen, "getDrawableInfo(%p) = %dx%d", (void *)d, w, h);
   if (w != d->width || h != d->height) {
      d->width = w;
      d->height = h;
      dri_drawable_release_textures(d);
   }
}

/*
 * Image loader: the colour buffer is the loader's __DRIimage.  False when
 * the loader has no buffer for us (e.g. every GBM buffer is locked): the
 * old one may be on screen now, so it is dropped rather than reused.
 */
static bool
dri_drawable_update_images(struct dri_drawable *d)
{
   const __DRIimageLoaderExtension *loader = d->screen->image_loader;
   struct __DRIimageList list;
   uint32_t stamp = 0;
   unsigned mask = d->config.double_buffered ? __DRI_IMAGE_BUFFER_BACK : __DRI_IMAGE_BUFFER_FRONT;
   int format = dri_config_image_format(d->config.color_format);
   struct dri_image *back = NULL, *front = NULL;

   if (!loader || !loader->getBuffers) {
      dri_log(d->screen, "drawable %p: no image loader, no buffers", (void *)d);
      return false;
   }
   memset(&list, 0, sizeof(list));
   if (loader->getBuffers((__DRIdrawable *)d, (unsigned)format, &stamp, d->loader_private, mask,
                          &list)) {
      if ((list.image_mask & __DRI_IMAGE_BUFFER_BACK) && list.back)
         back = dri_image(list.back);
      if ((list.image_mask & __DRI_IMAGE_BUFFER_FRONT) && list.front)
         front = dri_image(list.front);
   }
   struct dri_image *any = back ? back : front;
   if (!any || !any->res) {
      dri_log(d->screen, "getBuffers(%p) gave no buffer", (void *)d);
      dri_drawable_release_textures(d);
      return false;
   }

   int w = (int)any->res->width0, h = (int)any->res->height0;
   dri_log(d->screen, "getBuffers(%p) = mask 0x%x, %dx%d", (void *)d, list.image_mask, w, h);
   if (w != d->width || h != d->height) {
      d->width = w;
      d->height = h;
      dri_drawable_release_textures(d);
   }
   if (back)
      pipe_resource_reference(&d->textures[ST_ATTACHMENT_BACK_LEFT], back->res);
   if (front)
      pipe_resource_reference(&d->textures[ST_ATTACHMENT_FRONT_LEFT], front->res);
   return true;
}

static bool
dri_drawable_ensure(struct dri_drawable *d, enum st_attachment att)
{
   struct pipe_screen *pscreen = d->screen->pscreen;
   struct pipe_resource templ;
   unsigned w = d->width > 0 ? (unsigned)d->width : 1;
   unsigned h = d->height > 0 ? (unsigned)d->height : 1;

   if (d->textures[att] &&
       (att == ST_ATTACHMENT_DEPTH_STENCIL || d->config.samples <= 1 || d->msaa[att]))
      return true;

   memset(&templ, 0, sizeof(templ));
   templ.target = PIPE_TEXTURE_2D;
   templ.width0 = w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.usage = PIPE_USAGE_DEFAULT;
   if (att == ST_ATTACHMENT_DEPTH_STENCIL) {
      if (d->config.zs_format == PIPE_FORMAT_NONE)
         return false;
      templ.format = d->config.zs_format;
      templ.bind = PIPE_BIND_DEPTH_STENCIL;
   } else {
      templ.format = d->config.color_format;
      templ.bind = PIPE_BIND_RENDER_TARGET;
      /* swrast: the driver allocates display targets through the winsys
       * so flush_frontbuffer can hand them to putImage */
      if (d->screen->kind == DRI_SCREEN_SWRAST)
         templ.bind |= PIPE_BIND_DISPLAY_TARGET;
   }
   if (w > 0xffff || h > 0xffff)
      return false;

   if (d->config.samples > 1) {
      /* multisample: GL draws into these; colour is resolved into the
       * single-sampled buffer the loader sees */
      struct pipe_resource ms = templ;
      ms.nr_samples = (uint8_t)d->config.samples;
      ms.bind &= PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL;
      if (att == ST_ATTACHMENT_DEPTH_STENCIL) {
         d->textures[att] = pscreen->resource_create(pscreen, &ms);
         return d->textures[att] != NULL;
      }
      if (!d->msaa[att])
         d->msaa[att] = pscreen->resource_create(pscreen, &ms);
      if (!d->msaa[att])
         return false;
      if (d->textures[att])
         return true;   /* the loader's image */
   }

   d->textures[att] = pscreen->resource_create(pscreen, &templ);
   dri_log(d->screen, "drawable %p: %s buffer %ux%u %s", (void *)d, dri_attachment_names[att],
           w, h, d->textures[att] ? "created" : "FAILED");
   return d->textures[att] != NULL;
}

static bool
dri_drawable_validate(struct st_framebuffer_iface *iface, struct st_context *st,
                      const enum st_attachment *atts, unsigned count,
                      struct pipe_resource **out)
{
   struct dri_drawable *d = iface->front_end_private;

   for (unsigned i = 0; i < count; i++)
      out[i] = NULL;

   if (d->dirty) {
      d->dirty = false;
      if (d->screen->kind == DRI_SCREEN_SWRAST) {
         dri_drawable_update_swrast(d);
      } else if (!dri_drawable_update_images(d)) {
         d->dirty = true;   /* ask again next time */
         return false;
      }
   }

   for (unsigned i = 0; i < count; i++) {
      if ((unsigned)atts[i] >= ST_ATTACHMENT_COUNT || !dri_drawable_ensure(d, atts[i])) {
         for (unsigned j = 0; j < i; j++)
            pipe_resource_reference(&out[j], NULL);
         return false;
      }
      pipe_resource_reference(&out[i], d->msaa[atts[i]] ? d->msaa[atts[i]]
                                                       : d->textures[atts[i]]);
   }
   return true;
}

void
dri_drawable_present(struct dri_drawable *d, struct st_context *st, enum st_attachment att,
                     int op)
{
   struct pipe_screen *pscreen = d->screen->pscreen;
   struct pipe_resource *res = d->textures[att];

   if (!res || !pscreen->flush_frontbuffer)
      return;
   dri_drawable_resolve(d, st);
   d->present_op = op;
   pscreen->flush_frontbuffer(pscreen, st ? st_context_pipe(st) : NULL, res, 0, 0, d, NULL);
}

static bool
dri_drawable_flush_front(struct st_framebuffer_iface *iface, struct st_context *st,
                         enum st_attachment att)
{
   struct dri_drawable *d = iface->front_end_private;

   if ((unsigned)att >= ST_ATTACHMENT_COUNT)
      return false;
   if (d->screen->kind == DRI_SCREEN_SWRAST) {
      dri_drawable_present(d, st, att, __DRI_SWRAST_IMAGE_OP_DRAW);
   } else {
      const __DRIimageLoaderExtension *loader = d->screen->image_loader;
      dri_drawable_resolve(d, st);
      if (loader && loader->flushFrontBuffer)
         loader->flushFrontBuffer((__DRIdrawable *)d, d->loader_private);
   }
   return true;
}

__DRIdrawable *
dri_create_new_drawable(__DRIscreen *s, const __DRIconfig *config, void *loader_private)
{
   struct dri_screen *screen = dri_screen(s);
   struct dri_drawable *d;

   if (!screen || !config)
      return NULL;
   d = calloc(1, sizeof(*d));
   if (!d)
      return NULL;
   d->screen = screen;
   d->config = *(const struct dri_config *)config;
   d->loader_private = loader_private;
   d->dirty = true;
   d->present_op = __DRI_SWRAST_IMAGE_OP_SWAP;
   dri_config_to_visual(&d->config, &d->base.visual);
   d->base.stamp = 1;
   d->base.front_end_private = d;
   d->base.validate = dri_drawable_validate;
   d->base.flush_front = dri_drawable_flush_front;
   dri_log(screen, "createNewDrawable(config %p, %s) = %p", (const void *)config,
           d->config.double_buffered ? "double" : "single", (void *)d);
   return (__DRIdrawable *)d;
}

void
dri_destroy_drawable(__DRIdrawable *drawable)
{
   struct dri_drawable *d = dri_drawable(drawable);
   if (!d)
      return;
   dri_log(d->screen, "destroyDrawable %p", (void *)d);
   st_framebuffer_iface_destroyed(&d->base);
   dri_drawable_release_textures(d);
   free(d);
}

void
dri_swap_buffers(__DRIdrawable *drawable)
{
   struct dri_drawable *d = dri_drawable(drawable);
   struct st_context *st = st_get_current();

   if (!d)
      return;
   dri_log(d->screen, "swapBuffers(%p)", (void *)d);
   if (st)
      st_context_flush(st, ST_FLUSH_END_OF_FRAME, NULL);
   /* Image-loader drawables are presented by the loader after the flush. */
   if (d->screen->kind == DRI_SCREEN_SWRAST && d->config.double_buffered)
      dri_drawable_present(d, st, ST_ATTACHMENT_BACK_LEFT, __DRI_SWRAST_IMAGE_OP_SWAP);
   /* The window may have been resized: ask before the next frame. */
   dri_drawable_invalidate(d);
}
