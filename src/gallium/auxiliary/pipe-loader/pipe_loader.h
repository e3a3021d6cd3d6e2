/*
 * The pipe-loader: the one place (besides the DRI target) that knows pipe
 * driver names.  It picks a driver and creates its screen.
 *
 * Selection: PONY_DRIVER (a driver name) wins; otherwise, on a DRM device
 * whose kernel driver has a GPU-family driver (virtio_gpu: virgl), that
 * one; otherwise the best software driver built (jitpipe when LLVM is
 * built, else refpipe).
 */
#ifndef PIPE_LOADER_H
#define PIPE_LOADER_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct sw_winsys;

/* NULL-terminated list of the software drivers built, best first. */
const char *const *pipe_loader_sw_drivers(void);

/*
 * Create a software driver's screen on winsys ws (ownership of ws passes
 * to the screen).  name NULL: PONY_DRIVER, else the best built driver.
 * Returns NULL (ws destroyed) if the name is unknown or creation fails;
 * with PONY_DEBUG=loader it says why on stderr.
 */
struct pipe_screen *pipe_loader_create_sw_screen(struct sw_winsys *ws, const char *name);

/*
 * The GPU-family half (pipe_loader_drm.c, built with libdrm and the virgl
 * driver: PONY_HAVE_DRM_LOADER).  A GPU-family driver's screen on the DRM
 * fd (the driver keeps its own dup), chosen by the kernel driver's name or
 * by PONY_DRIVER; NULL when PONY_DRIVER names a software driver, when no
 * GPU-family driver drives this kernel driver, or when its screen cannot
 * be made (PONY_DEBUG=loader says which): the caller then puts a software
 * driver on the device.
 */
struct pipe_screen *pipe_loader_create_drm_screen(int fd);
/* The choice it makes: the GPU-family driver's name for a device of
 * kernel driver kernel_name with PONY_DRIVER = pony_driver (NULL: unset),
 * or NULL (a software driver draws). */
const char *pipe_loader_drm_choice(const char *kernel_name, const char *pony_driver);

#ifdef __cplusplus
}
#endif

#endif
