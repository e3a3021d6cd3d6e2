/*
 * __DRIimage: a pipe resource shared with the loader (GBM buffer objects,
 * EGL on GBM window buffers).
 */
#ifndef DRI_IMAGE_H
#define DRI_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include <GL/internal/dri_interface.h>

#include "pipe/p_format.h"

struct dri_screen;
struct pipe_resource;

struct dri_image {
   struct dri_screen *screen;
   struct pipe_resource *res;   /* reference */
   /* Images of GL objects (createImageFromTexture / FromRenderbuffer): a
    * level and layer (cube face, 3D slice) of the object's own resource,
    * read in 'format' (NONE: res->format); gl_internal_format the
    * object's (0 for other images). */
   unsigned level, layer;
   enum pipe_format format;
   unsigned gl_internal_format;
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

/* st_egl_image_lookup::lookup for a dri_screen: the texels of an EGLImage
 * through the loader's image lookup (out->res a new reference); false if
 * it names no image. */
struct st_egl_image;
bool dri_image_lookup_egl_image(void *screen, void *egl_image, struct st_egl_image *out);

/* __DRI_IMAGE_FORMAT_* <-> pipe format / fourcc; 0 / NONE if unknown. */
enum pipe_format dri_image_format_to_pipe(int dri_format);
uint32_t dri_image_format_to_fourcc(int dri_format);

#endif
