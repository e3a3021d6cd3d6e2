/*
 * The DRI driver's entry points: Mesa's loaders dlopen <name>_dri.so and
 * call __driDriverGetExtensions_<name>().  Pony answers to four names.
 */
#include <GL/internal/dri_interface.h>

#include "state_trackers/dri/dri_extensions.h"

#define DRI_ENTRY __attribute__((visibility("default")))

DRI_ENTRY const __DRIextension **__driDriverGetExtensions_swrast(void);
DRI_ENTRY const __DRIextension **__driDriverGetExtensions_kms_swrast(void);
DRI_ENTRY const __DRIextension **__driDriverGetExtensions_pony(void);
DRI_ENTRY const __DRIextension **__driDriverGetExtensions_virtio_gpu(void);

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

/* The virtio_gpu kernel driver's name: EGL and GBM on its nodes.  The
 * screen on its fd is the virgl driver's when the pipe-loader chooses it
 * (pipe_loader.h), else a software driver's on the kms winsys: the same
 * DRI2 / image-driver path as kms_swrast. */
const __DRIextension **
__driDriverGetExtensions_virtio_gpu(void)
{
   return dri_kms_swrast_driver_extensions();
}
