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

void
dri_drawable_invalidate(struct dri_drawable *d)
{
   d->dirty = true;
   __atomic_add_fetch(&d->base.stamp, 1, __ATOMIC_SEQ_CST);
}

void
dri_drawable_resolve(struct dri_drawable *d, struct st_context *st)
{
   if (d)
      fe_buffers_resolve(&d->buf, st ? st_context_pipe(st) : NULL);
}

/* Swrast loader: the size is all we get; the buffers are ours. */
static void
dri_drawable_update_swrast(struct dri_drawable *d)
{
   const __DRIswrastLoaderExtension *loader = d->screen->swrast_loader;
   int x = 0, y = 0, w = 0, h = 0;

   loader->getDrawableInfo((__DRIdrawable *)d, &x, &y, &w, &h, d->loader_private);
   dri_log(d->screen, "getDrawableInfo(%p) = %dx%d", (void *)d, w, h);
   fe_buffers_resize(&d->buf, w, h);
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
   unsigned mask = d->buf.config.double_buffered ? __DRI_IMAGE_BUFFER_BACK : __DRI_IMAGE_BUFFER_FRONT;
   int format = dri_config_image_format(d->buf.config.color_format);
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
      fe_buffers_release(&d->buf);
      return false;
   }

   int w = (int)any->res->width0, h = (int)any->res->height0;
   dri_log(d->screen, "getBuffers(%p) = mask 0x%x, %dx%d", (void *)d, list.image_mask, w, h);
   fe_buffers_resize(&d->buf, w, h);
   if (back)
      pipe_resource_reference(&d->buf.textures[ST_ATTACHMENT_BACK_LEFT], back->res);
   if (front)
      pipe_resource_reference(&d->buf.textures[ST_ATTACHMENT_FRONT_LEFT], front->res);
   return true;
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

   if (!fe_buffers_validate(&d->buf, atts, count, out)) {
      dri_log(d->screen, "drawable %p: buffers of %dx%d could not be made", (void *)d,
              d->buf.width, d->buf.height);
      return false;
   }
   return true;
}

void
dri_drawable_present(struct dri_drawable *d, struct st_context *st, enum st_attachment att,
                     int op)
{
   struct pipe_screen *pscreen = d->screen->pscreen;
   struct pipe_resource *res = d->buf.textures[att];

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
   /* swrast: the driver allocates display targets through the winsys so
    * that flush_frontbuffer can hand them to putImage */
   fe_buffers_init(&d->buf, screen->pscreen, (const struct fe_config *)config,
                   screen->kind == DRI_SCREEN_SWRAST ? PIPE_BIND_DISPLAY_TARGET : 0);
   d->loader_private = loader_private;
   d->dirty = true;
   d->present_op = __DRI_SWRAST_IMAGE_OP_SWAP;
   fe_config_to_visual(&d->buf.config, &d->base.visual);
   d->base.stamp = 1;
   d->base.front_end_private = d;
   d->base.validate = dri_drawable_validate;
   d->base.flush_front = dri_drawable_flush_front;
   dri_log(screen, "createNewDrawable(config %p, %s) = %p", (const void *)config,
           d->buf.config.double_buffered ? "double" : "single", (void *)d);
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
   fe_buffers_release(&d->buf);
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
   if (d->screen->kind == DRI_SCREEN_SWRAST && d->buf.config.double_buffered)
      dri_drawable_present(d, st, ST_ATTACHMENT_BACK_LEFT, __DRI_SWRAST_IMAGE_OP_SWAP);
   /* The window may have been resized: ask before the next frame. */
   dri_drawable_invalidate(d);
}
