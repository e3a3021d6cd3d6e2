/*
 * Pony's GBM backend (pony_gbm.so: libgbm's GBM_BACKEND=pony; docs/gbm-backend.md)
 * over the kms winsys and the GEM buffer manager: devices on any DRM fd,
 * buffer objects that are pipe resources in kernel buffers (dumb buffers
 * of the buffer manager; process memory where the device makes none),
 * imported and exported as dma-bufs, mapped through the device's pipe
 * context, and surfaces whose buffers the EGL vendor library renders into
 * (EGL on GBM).  The backend lives in libEGL_pony.so.0 (pony_gbm.so is a
 * name of that library), so that EGL finds its own devices' internals.
 */
#ifndef PONY_GBM_H
#define PONY_GBM_H

#include <stdbool.h>
#include <stdint.h>

struct gbm_device;
struct gbm_surface;
struct pipe_resource;
struct pipe_screen;

/* The device behind a native display, if it is one of Pony's; NULL for any
 * other pointer (which is never dereferenced: a registry is searched). */
struct gbm_device *pony_gbm_device_lookup(void *native);
struct pipe_screen *pony_gbm_device_screen(struct gbm_device *dev);
/* The largest side a buffer may have. */
unsigned pony_gbm_device_max_size(struct gbm_device *dev);

/* A surface of this device, or NULL (a registry is searched). */
struct gbm_surface *pony_gbm_surface_lookup(struct gbm_device *dev, void *native);
/*
 * The buffer the next frame is drawn into: a free buffer object of the
 * surface (made at the surface's size on first use); a new reference in
 * *res.  false when every buffer is locked by the application.
 */
bool pony_gbm_surface_back(struct gbm_surface *surf, struct pipe_resource **res);
/* The size and fourcc gbm_surface_create was given. */
uint32_t pony_gbm_surface_width(struct gbm_surface *surf);
uint32_t pony_gbm_surface_height(struct gbm_surface *surf);
uint32_t pony_gbm_surface_format(struct gbm_surface *surf);
/* The frame drawn into the back buffer is done: it becomes the front
 * buffer that gbm_surface_lock_front_buffer hands out. */
void pony_gbm_surface_swap(struct gbm_surface *surf);

#endif
