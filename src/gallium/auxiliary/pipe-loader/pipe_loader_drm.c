/*
 * The pipe-loader's GPU-family half (pipe_loader.h): the drivers that own
 * a DRM device, chosen by the name of the device's kernel driver
 * (drmGetVersion), as Mesa's loader chooses a <name>_dri.so.
 */
#include "pipe-loader/pipe_loader.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>

#include "pipe/p_screen.h"
#include "util/u_debug.h"
#include "virgl_driver.h"

struct pipe_loader_drm_driver {
   const char *name;          /* Pony's name, as PONY_DRIVER spells it */
   const char *kernel_name;   /* drmVersion.name of the devices it drives */
   struct pipe_screen *(*create_screen)(int fd);
   /* chosen by the kernel driver's name, not only by PONY_DRIVER: false
    * while the driver cannot draw yet (a software driver draws instead) */
   bool by_default;
};

static const struct pipe_loader_drm_driver drm_drivers[] = {
   { "virgl", "virtio_gpu", virgl_screen_create, false },
};

#define NUM_DRM_DRIVERS (sizeof drm_drivers / sizeof drm_drivers[0])

/*
 * The driver for a device whose kernel driver is kernel_name, with
 * PONY_DRIVER = env (NULL or empty: unset); NULL when a software driver
 * should draw.  *why says so for PONY_DEBUG=loader.
 */
static const struct pipe_loader_drm_driver *
choose(const char *kernel_name, const char *env, const char **why)
{
   if (env && *env) {
      /* PONY_DRIVER names one driver: a GPU-family one is tried on any
       * device; a software one means "not a GPU-family driver here" */
      for (size_t i = 0; i < NUM_DRM_DRIVERS; i++)
         if (!strcmp(drm_drivers[i].name, env)) {
            *why = "chosen by PONY_DRIVER";
            return &drm_drivers[i];
         }
      *why = "PONY_DRIVER names no GPU-family driver";
      return NULL;
   }
   for (size_t i = 0; kernel_name && i < NUM_DRM_DRIVERS; i++)
      if (!strcmp(drm_drivers[i].kernel_name, kernel_name)) {
         if (!drm_drivers[i].by_default) {
            *why = "its GPU-family driver is chosen only by PONY_DRIVER until it draws";
            return NULL;
         }
         *why = "chosen by the kernel driver's name";
         return &drm_drivers[i];
      }
   *why = "no GPU-family driver for this kernel driver";
   return NULL;
}

const char *
pipe_loader_drm_choice(const char *kernel_name, const char *pony_driver)
{
   const char *why;
   const struct pipe_loader_drm_driver *drv = choose(kernel_name, pony_driver, &why);
   return drv ? drv->name : NULL;
}

struct pipe_screen *
pipe_loader_create_drm_screen(int fd)
{
   bool debug = (pony_debug_get() & PONY_DEBUG_LOADER) != 0;
   char kernel_name[64] = "";
   const char *why;

   if (fd < 0)
      return NULL;
   drmVersionPtr v = drmGetVersion(fd);
   if (v && v->name)
      strncpy(kernel_name, v->name, sizeof kernel_name - 1);
   drmFreeVersion(v);

   const struct pipe_loader_drm_driver *drv =
      choose(kernel_name[0] ? kernel_name : NULL, getenv("PONY_DRIVER"), &why);
   if (!drv) {
      if (debug)
         pony_log("loader", "fd %d (kernel driver '%s'): %s; a software driver draws", fd,
                  kernel_name[0] ? kernel_name : "?", why);
      return NULL;
   }
   struct pipe_screen *screen = drv->create_screen(fd);
   if (debug)
      pony_log("loader", "pipe driver '%s' %s on fd %d (kernel driver '%s', %s)", drv->name,
               screen ? "created" : "failed to create a screen", fd,
               kernel_name[0] ? kernel_name : "?", why);
   return screen;
}
