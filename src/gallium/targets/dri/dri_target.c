/*
 * The DRI driver's entry points: Mesa's loaders dlopen <name>_dri.so and
 * call __driDriverGetExtensions_<name>().  Pony answers to three names.
 */
#include <GL/internal/dri_interface.h>

#include "state_trackers/dri/dri_extensions.h"

#define DRI_ENTRY __attribute__((visibility("default")))

DRI_ENTRY const __DRIextension **__driDriverGetExtensions_swrast(void);
DRI_ENTRY const __DRIextension **__driDriverGetExtensions_kms_swrast(void);
DRI_ENTRY const __DRIextension **__driDriverGetExtensions_pony(void);

/* EGL (surfaceless, device, x11), GLX drisw */
const __DRIextension **
__driDriverGetExtensions_swrast(void)
{
   return dri_swrast_driver_extensions();
}

/* GBM and EGL on GBM */
const __DRIextension **
__driDriverGetExtensions_kms_swrast(void)
{
   return dri_kms_swrast_driver_extensions();
}

/* MESA_LOADER_DRIVER_OVERRIDE=pony: swrast's and kms_swrast's constructors */
const __DRIextension **
__driDriverGetExtensions_pony(void)
{
   return dri_pony_driver_extensions();
}
