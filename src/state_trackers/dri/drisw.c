/*
 * The DRI_SWRast path (EGL surfaceless/device/x11, GLX drisw): screens on
 * the sw/dri winsys, whose display targets reach the loader through
 * DRI_SWRastLoader::putImage / putImage2.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "frontend/drisw_api.h"

#include "dri_context.h"
#include "dri_drawable.h"
#include "dri_extensions.h"
#include "dri_screen.h"

/*
 * put_image for the winsys: 'drawable' is the dri_drawable handed to
 * flush_frontbuffer.  Rows are top row first, as the loaders want them.
 */
static void
drisw_put_image(void *drawable, const void *data, int x, int y, unsigned width,
                unsigned height, unsigned stride)
{
   struct dri_drawable *d = drawable;
   const __DRIswrastLoaderExtension *loader = d->screen->swrast_loader;
   unsigned bpp = util_format_get_blocksize(d->buf.config.color_format);
   char *src = (char *)data;

   dri_log(d->screen, "putImage(op %d, %d,%d %ux%u, stride %u)", d->present_op, x, y, width,
           height, stride);
   /* putImage2 exists from version 2 on; EGL's pbuffer loader is version 1. */
   if (loader->base.version >= 2 && loader->putImage2) {
      loader->putImage2((__DRIdrawable *)d, d->present_op, x, y, (int)width, (int)height,
                        (int)stride, src, d->loader_private);
      return;
   }
   if (!loader->putImage)
      return;
   /* putImage implies rows of width * bpp padded to 32 bits. */
   unsigned implied = (width * bpp + 3u) & ~3u;
   if (implied == stride) {
      loader->putImage((__DRIdrawable *)d, d->present_op, x, y, (int)width, (int)height, src,
                       d->loader_private);
   } else {
      for (unsigned row = 0; row < height; row++)
         loader->putImage((__DRIdrawable *)d, d->present_op, x, y + (int)row, (int)width, 1,
                          src + (size_t)row * stride, d->loader_private);
   }
}

static void
drisw_get_image(void *drawable, int x, int y, unsigned width, unsigned height, unsigned stride,
                void *data)
{
   struct dri_drawable *d = drawable;
   const __DRIswrastLoaderExtension *loader = d->screen->swrast_loader;
   unsigned bpp = util_format_get_blocksize(d->buf.config.color_format);

   if (loader->base.version >= 3 && loader->getImage2) {
      loader->getImage2((__DRIdrawable *)d, x, y, (int)width, (int)height, (int)stride, data,
                        d->loader_private);
      return;
   }
   if (!loader->getImage)
      return;
   unsigned implied = (width * bpp + 3u) & ~3u;
   if (implied == stride) {
      loader->getImage((__DRIdrawable *)d, x, y, (int)width, (int)height, data,
                       d->loader_private);
   } else {
      for (unsigned row = 0; row < height; row++)
         loader->getImage((__DRIdrawable *)d, x, y + (int)row, (int)width, 1,
                          (char *)data + (size_t)row * stride, d->loader_private);
   }
}

const struct drisw_loader_funcs drisw_lf = {
   .put_image = drisw_put_image,
   .get_image = drisw_get_image,
};

static __DRIscreen *
drisw_create_new_screen2(int screen, const __DRIextension **loader_extensions,
                         const __DRIextension **driver_extensions,
                         const __DRIconfig ***driver_configs, void *loader_private)
{
   return dri_screen_create(DRI_SCREEN_SWRAST, screen, -1, loader_extensions, driver_configs,
                            loader_private);
}

static __DRIscreen *
drisw_create_new_screen(int screen, const __DRIextension **loader_extensions,
                        const __DRIconfig ***driver_configs, void *loader_private)
{
   return drisw_create_new_screen2(screen, loader_extensions, NULL, driver_configs,
                                   loader_private);
}

const __DRIswrastExtension drisw_swrast_extension = {
   .base = { __DRI_SWRAST, 4 },
   .createNewScreen = drisw_create_new_screen,
   .createNewDrawable = dri_create_new_drawable,
   .createNewContextForAPI = dri_create_new_context_for_api,
   .createContextAttribs = dri_create_context_attribs,
   .createNewScreen2 = drisw_create_new_screen2,
};
