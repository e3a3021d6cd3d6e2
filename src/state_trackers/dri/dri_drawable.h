/*
 * The DRI front end's drawable (__DRIdrawable): an st_framebuffer_iface
 * whose buffers come from the swrast loader (size only; the driver
 * allocates display targets) or from the image loader (EGL on GBM).
 */
#ifndef DRI_DRAWABLE_H
#define DRI_DRAWABLE_H

#include <stdbool.h>

#include <GL/internal/dri_interface.h>

#include "state_trackers/gl/st_api.h"

#include "state_trackers/common/fe_buffers.h"

#include "dri_config.h"

struct dri_screen;
struct pipe_resource;

struct dri_drawable {
   struct st_framebuffer_iface base;   /* first: st hands this back */
   struct dri_screen *screen;
   void *loader_private;

   /* the config, the last size from the loader and the buffers; the
    * image-loader back buffer is the image's resource */
   struct fe_buffers buf;
   bool dirty;                         /* ask the loader again before use */
   int present_op;                     /* __DRI_SWRAST_IMAGE_OP_* for put_image */
};

static inline struct dri_drawable *
dri_drawable(__DRIdrawable *d)
{
   return (struct dri_drawable *)d;
}

__DRIdrawable *dri_create_new_drawable(__DRIscreen *screen, const __DRIconfig *config,
                                       void *loader_private);
void dri_destroy_drawable(__DRIdrawable *drawable);
void dri_swap_buffers(__DRIdrawable *drawable);
/* Multisample configs: resolve the multisample colour buffers into the
 * loader's (before they are shown or handed to the loader). */
void dri_drawable_resolve(struct dri_drawable *d, struct st_context *st);

/* Ask the loader for size / buffers before the next validate. */
void dri_drawable_invalidate(struct dri_drawable *drawable);

/* Present textures[att] through the swrast loader with op. */
void dri_drawable_present(struct dri_drawable *drawable, struct st_context *st,
                          enum st_attachment att, int op);

#endif
