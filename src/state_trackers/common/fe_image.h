/*
 * Images: 2D pipe resources that a window system shares by kernel buffer
 * or dma-buf (the DRI driver's __DRIimage, the GBM backend's buffer
 * objects, the EGL vendor's EGLImages).  One table of the formats they
 * take (DRM fourcc <-> pipe format), and the steps every front end takes:
 * create (a kernel buffer when the screen's winsys makes them), import one
 * plane of a dma-buf, export a GEM handle or a dma-buf, the row stride.
 * Only linear layouts exist (DRM_FORMAT_MOD_LINEAR).
 */
#ifndef FE_IMAGE_H
#define FE_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/winsys_handle.h"
#include "pipe/p_format.h"

struct pipe_resource;
struct pipe_screen;

#define FE_FOURCC(a, b, c, d) \
   ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))
#define FE_MOD_LINEAR 0ull   /* DRM_FORMAT_MOD_LINEAR */

struct fe_image_format {
   uint32_t fourcc;          /* DRM_FORMAT_* */
   enum pipe_format format;
   bool alpha;
};

/* The formats in the order front ends list them; *count gets their number. */
const struct fe_image_format *fe_image_formats(unsigned *count);
const struct fe_image_format *fe_image_format_by_fourcc(uint32_t fourcc);
const struct fe_image_format *fe_image_format_by_pipe(enum pipe_format format);

/* Why an import failed. */
enum fe_image_error {
   FE_IMAGE_OK = 0,
   FE_IMAGE_BAD_PARAMETER,   /* sizes, strides, fds */
   FE_IMAGE_BAD_MATCH,       /* a format not in the table, or no DRM device */
   FE_IMAGE_BAD_ACCESS,      /* the kernel refused the fd, or it is too small */
   FE_IMAGE_BAD_ALLOC,
};

/*
 * A new w x h image of the fourcc's format, at most max_size on a side.
 * kernel: the screen's winsys makes kernel buffers (bind SHARED, and
 * SCANOUT when asked).  NULL when refused or out of memory.
 */
struct pipe_resource *fe_image_create(struct pipe_screen *screen, uint32_t fourcc, int width,
                                      int height, unsigned max_size, bool kernel, bool scanout);

/* One plane of a dma-buf (fd, stride, offset) as an image; needs a winsys
 * over a DRM device (drm: the caller knows it has one). */
struct pipe_resource *fe_image_import(struct pipe_screen *screen, bool drm, uint32_t fourcc,
                                      int width, int height, unsigned max_size, int fd,
                                      int stride, int offset, enum fe_image_error *error);

/* The image's kernel buffer: a GEM handle (WINSYS_HANDLE_TYPE_KMS) or a new
 * dma-buf fd (WINSYS_HANDLE_TYPE_FD); false for process memory. */
bool fe_image_get_handle(struct pipe_screen *screen, struct pipe_resource *res,
                         enum winsys_handle_type type, int *value);

/* Bytes from one row to the next in its memory. */
unsigned fe_image_stride(struct pipe_screen *screen, struct pipe_resource *res);

#endif
