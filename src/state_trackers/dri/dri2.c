/*
 * The DRI_DRI2 path (kms_swrast: GBM and EGL on GBM) and DRI2_Flush.
 * Buffers are __DRIimages backed by pipe resources; the image loader
 * hands a drawable its back buffer.
 */
#include "pipe/p_screen.h"
#include "state_trackers/gl/st_api.h"

#include "dri_context.h"
#include "dri_drawable.h"
#include "dri_extensions.h"
#include "dri_screen.h"

static __DRIscreen *
dri2_create_new_screen2(int screen, int fd, const __DRIextension **loader_extensions,
                        const __DRIextension **driver_extensions,
                        const __DRIconfig ***driver_configs, void *loader_private)
{
   return dri_screen_create(DRI_SCREEN_DRI2, screen, fd, loader_extensions, driver_configs,
                            loader_private);
}

static __DRIscreen *
dri2_create_new_screen(int screen, int fd, const __DRIextension **loader_extensions,
                       const __DRIconfig ***driver_configs, void *loader_private)
{
   return dri2_create_new_screen2(screen, fd, loader_extensions, NULL, driver_configs,
                                  loader_private);
}

static unsigned int
dri2_get_api_mask(__DRIscreen *s)
{
   struct dri_screen *screen = dri_screen(s);
   unsigned mask = 0;

   if (!screen)
      return 0;
   if (st_profile_supported(screen->pscreen, ST_PROFILE_COMPAT, 1, 0))
      mask |= 1u << __DRI_API_OPENGL;
   if (st_profile_supported(screen->pscreen, ST_PROFILE_CORE, 3, 1))
      mask |= 1u << __DRI_API_OPENGL_CORE;
   if (st_profile_supported(screen->pscreen, ST_PROFILE_GLES1, 1, 0))
      mask |= 1u << __DRI_API_GLES;
   if (st_profile_supported(screen->pscreen, ST_PROFILE_GLES2, 2, 0))
      mask |= 1u << __DRI_API_GLES2;
   if (st_profile_supported(screen->pscreen, ST_PROFILE_GLES2, 3, 0))
      mask |= 1u << __DRI_API_GLES3;
   dri_log(screen, "getAPIMask = 0x%x", mask);
   return mask;
}

/* DRI2 (GEM-name) buffers are not supported: the image loader is used. */
static __DRIbuffer *
dri2_allocate_buffer(__DRIscreen *screen, unsigned int attachment, unsigned int format,
                     int width, int height)
{
   dri_log(dri_screen(screen), "allocateBuffer: DRI2 buffers are not supported");
   return NULL;
}

static void
dri2_release_buffer(__DRIscreen *screen, __DRIbuffer *buffer)
{
}

const __DRIdri2Extension dri2_dri2_extension = {
   .base = { __DRI_DRI2, 4 },
   .createNewScreen = dri2_create_new_screen,
   .createNewDrawable = dri_create_new_drawable,
   .createNewContext = dri_create_new_context,
   .getAPIMask = dri2_get_api_mask,
   .createNewContextForAPI = dri_create_new_context_for_api,
   .allocateBuffer = dri2_allocate_buffer,
   .releaseBuffer = dri2_release_buffer,
   .createContextAttribs = dri_create_context_attribs,
   .createNewScreen2 = dri2_create_new_screen2,
};

/* DRI_IMAGE_DRIVER: what EGL on a render node asks for (its buffers come
 * from the image loader, as DRI2's do here): the same functions. */
const __DRIimageDriverExtension dri_image_driver_extension = {
   .base = { __DRI_IMAGE_DRIVER, 1 },
   .createNewScreen2 = dri2_create_new_screen2,
   .createNewDrawable = dri_create_new_drawable,
   .createContextAttribs = dri_create_context_attribs,
   .getAPIMask = dri2_get_api_mask,
};

/* --- DRI2_Flush -------------------------------------------------------- */

static void
dri2_flush_drawable(__DRIdrawable *drawable)
{
   struct dri_drawable *d = dri_drawable(drawable);
   struct st_context *st = st_get_current();

   if (!d)
      return;
   dri_log(d->screen, "flush(drawable %p)", (void *)d);
   if (st) {
      dri_drawable_resolve(d, st);
      st_context_flush(st, d->buf.config.double_buffered ? 0 : ST_FLUSH_FRONT, NULL);
   }
}

static void
dri2_invalidate_drawable(__DRIdrawable *drawable)
{
   struct dri_drawable *d = dri_drawable(drawable);
   if (!d)
      return;
   dri_log(d->screen, "invalidate(drawable %p)", (void *)d);
   dri_drawable_invalidate(d);
}

static void
dri2_flush_with_flags(__DRIcontext *context, __DRIdrawable *drawable, unsigned flags,
                      enum __DRI2throttleReason reason)
{
   struct dri_context *ctx = dri_context(context);
   struct dri_drawable *d = dri_drawable(drawable);
   struct st_context *st = ctx ? ctx->st : st_get_current();
   unsigned st_flags = 0;

   if (ctx)
      dri_log(ctx->screen, "flush_with_flags(drawable %p, flags 0x%x, reason %d)", (void *)d,
              flags, (int)reason);
   if (!st || !(flags & (__DRI2_FLUSH_DRAWABLE | __DRI2_FLUSH_CONTEXT)))
      return;
   /* SWAPBUFFER is 0, so it only means a swap together with FLUSH_DRAWABLE */
   if ((flags & __DRI2_FLUSH_DRAWABLE) && reason == __DRI2_THROTTLE_SWAPBUFFER)
      st_flags |= ST_FLUSH_END_OF_FRAME;
   if ((flags & __DRI2_FLUSH_DRAWABLE) && d && !d->buf.config.double_buffered)
      st_flags |= ST_FLUSH_FRONT;
   /* multisample configs: the loader's buffer gets the resolved image */
   if ((flags & __DRI2_FLUSH_DRAWABLE) && d)
      dri_drawable_resolve(d, st);
   st_context_flush(st, st_flags, NULL);
}

const __DRI2flushExtension dri_flush_extension = {
   .base = { __DRI2_FLUSH, 4 },
   .flush = dri2_flush_drawable,
   .invalidate = dri2_invalidate_drawable,
   .flush_with_flags = dri2_flush_with_flags,
};
