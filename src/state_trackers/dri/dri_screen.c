/*
 * Screen creation and destruction shared by the DRI_SWRast and DRI_DRI2
 * paths: parse the loader's extensions, choose a winsys, let the
 * pipe-loader pick the driver, and build the configs.
 */
#include "dri_screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"

#include "dri_config.h"
#include "dri_extensions.h"

#ifdef PONY_HAVE_KMS_WINSYS
#include <errno.h>
#include "kms_sw_winsys.h"
#endif

static void
dri_screen_bind_loader_extensions(struct dri_screen *screen, const __DRIextension **exts)
{
   if (!exts)
      return;
   for (unsigned i = 0; exts[i]; i++) {
      const __DRIextension *e = exts[i];
      if (!e->name)
         continue;
      dri_log(screen, "loader extension %s v%d", e->name, e->version);
      if (!strcmp(e->name, __DRI_SWRAST_LOADER) && e->version >= 1)
         screen->swrast_loader = (const __DRIswrastLoaderExtension *)e;
      else if (!strcmp(e->name, __DRI_IMAGE_LOADER) && e->version >= 1)
         screen->image_loader = (const __DRIimageLoaderExtension *)e;
      else if (!strcmp(e->name, __DRI_IMAGE_LOOKUP) && e->version >= 1)
         screen->image_lookup = (const __DRIimageLookupExtension *)e;
   }
}

__DRIscreen *
dri_screen_create(enum dri_screen_kind kind, int screen_number, int fd,
                  const __DRIextension **loader_extensions,
                  const __DRIconfig ***driver_configs, void *loader_private)
{
   struct dri_screen *screen;
   struct sw_winsys *ws;
   struct fe_config **configs;
   unsigned color_bind;

   if (!driver_configs)
      return NULL;
   *driver_configs = NULL;

   screen = calloc(1, sizeof(*screen));
   if (!screen)
      return NULL;
   screen->kind = kind;
   screen->screen_number = screen_number;
   screen->fd = fd;
   screen->loader_private = loader_private;
   screen->debug = pony_debug_get() & PONY_DEBUG_DRI;

   dri_log(screen, "createNewScreen: %s, screen %d, fd %d",
           kind == DRI_SCREEN_SWRAST ? "swrast" : "dri2", screen_number, fd);
   dri_screen_bind_loader_extensions(screen, loader_extensions);

   if (kind == DRI_SCREEN_SWRAST) {
      if (!screen->swrast_loader) {
         dri_log(screen, "no %s from the loader: cannot show anything", __DRI_SWRAST_LOADER);
         free(screen);
         return NULL;
      }
      ws = dri_sw_winsys_create(&drisw_lf);
      screen->extensions = dri_swrast_screen_extensions;
      color_bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET;
   } else {
      /* Buffers are pipe resources shared as __DRIimages; nothing is
       * displayed by the driver itself.  On a DRM fd they are kernel
       * buffers of that device: a GPU-family driver's own (virtio_gpu:
       * virgl), else the kms winsys' under a software driver. */
      ws = NULL;
      screen->extensions = dri_dri2_screen_extensions;
      color_bind = PIPE_BIND_RENDER_TARGET;
#ifdef PONY_HAVE_DRM_LOADER
      if (fd >= 0) {
         screen->pscreen = pipe_loader_create_drm_screen(fd);
         if (screen->pscreen) {
            screen->kms_winsys = true;
            screen->kernel_buffers = true;
            dri_log(screen, "GPU-family driver on fd %d: images are its kernel buffers", fd);
         }
      }
#endif
#ifdef PONY_HAVE_KMS_WINSYS
      if (fd >= 0 && !screen->pscreen) {
         int ret = kms_sw_winsys_create(fd, NULL, &ws);
         if (ret)
            dri_log(screen, "kms winsys on fd %d: %s; images are process memory", fd,
                    strerror(-ret));
         if (ws) {
            screen->kms_winsys = true;
            screen->kernel_buffers = kms_sw_winsys_has_kernel_buffers(ws);
            dri_log(screen, "kms winsys on fd %d: %s", fd,
                    screen->kernel_buffers ? "images are dumb buffers"
                                           : "no dumb buffers on this device (a render node?): "
                                             "images are process memory, imports work");
         }
      }
#endif
      if (!ws && !screen->pscreen)
         ws = null_sw_winsys_create();
   }
   if (!ws && !screen->pscreen) {
      free(screen);
      return NULL;
   }

   if (!screen->pscreen)
      screen->pscreen = pipe_loader_create_sw_screen(ws, NULL);   /* takes ws */
   if (!screen->pscreen) {
      dri_log(screen, "no pipe driver (see PONY_DEBUG=loader)");
      free(screen);
      return NULL;
   }

   screen->max_pbuffer_size = fe_config_max_pbuffer_size(screen->pscreen);
   struct pipe_screen *ps = screen->pscreen;
   snprintf(screen->device_name, sizeof(screen->device_name), "%s %s",
            ps->get_vendor ? ps->get_vendor(ps) : PIPE_VENDOR_STRING,
            ps->get_name ? ps->get_name(ps) : "unknown");

   configs = dri_config_create_list(screen->pscreen, color_bind, screen->max_pbuffer_size);
   if (!configs) {
      dri_log(screen, "no usable colour format");
      screen->pscreen->destroy(screen->pscreen);
      free(screen);
      return NULL;
   }

   if (screen->debug) {
      unsigned n = 0;
      while (configs[n])
         n++;
      dri_log(screen, "screen %p: %s, %u configs", (void *)screen, screen->device_name, n);
   }
   *driver_configs = (const __DRIconfig **)configs;
   return (__DRIscreen *)screen;
}

void
dri_screen_destroy(__DRIscreen *s)
{
   struct dri_screen *screen = dri_screen(s);
   if (!screen)
      return;
   dri_log(screen, "destroyScreen %p", (void *)screen);
   /* The configs belong to the loader now: it frees them. */
   if (screen->pscreen)
      screen->pscreen->destroy(screen->pscreen);
   free(screen);
}

const __DRIextension **
dri_screen_get_extensions(__DRIscreen *s)
{
   struct dri_screen *screen = dri_screen(s);
   if (!screen)
      return NULL;
   return screen->extensions;
}
