/*
 * __DRIimage: a pipe resource shared with the loader (GBM buffer objects,
 * EGL on GBM window buffers).
 */
#ifndef DRI_IMAGE_H
#define DRI_IMAGE_H

#include <stdint.h>

#include <GL/internal/dri_interface.h>

#include "pipe/p_format.h"

struct dri_screen;
struct pipe_resource;

struct dri_image {
   struct dri_screen *screen;
   struct pipe_resource *res;   /* reference */
   int dri_format;              /* __DRI_IMAGE_FORMAT_* */
   uint32_t fourcc;             /* DRM_FORMAT_* */
   unsigned use;                /* __DRI_IMAGE_USE_* */
   unsigned offset;             /* of the first row in its kernel buffer (imports) */
   void *loader_private;
};

static inline struct dri_image *
dri_image(__DRIimage *i)
{
   return (struct dri_image *)i;
}

extern const __DRIimageExtension dri_image_extension;

/* st_egl_image_lookup::lookup for a dri_screen: the resource of an
 * EGLImage through the loader's image lookup (a new reference), or NULL. */
struct pipe_resource *dri_image_lookup_egl_image(void *screen, void *egl_image);

/* __DRI_IMAGE_FORMAT_* <-> pipe format / fourcc; 0 / NONE if unknown. */
enum pipe_format dri_image_format_to_pipe(int dri_format);
uint32_t dri_image_format_to_fourcc(int dri_format);

#endif
