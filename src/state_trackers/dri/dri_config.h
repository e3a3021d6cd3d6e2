/*
 * Frame buffer configurations handed to Mesa's loaders as __DRIconfig.
 *
 * A config is a colour layout, a depth/stencil layout and single or
 * double buffering.  Each one is malloc'd on its own and so is the
 * NULL-terminated array: the loader free()s them, the driver never does.
 */
#ifndef DRI_CONFIG_H
#define DRI_CONFIG_H

#include <stdbool.h>

#include "pipe/p_format.h"

struct pipe_screen;
struct st_visual;

struct dri_config {
   enum pipe_format color_format;
   enum pipe_format zs_format;       /* PIPE_FORMAT_NONE: no depth/stencil */
   bool double_buffered;
   unsigned max_pbuffer_size;        /* width and height limit */
   unsigned samples;                 /* 0: single-sampled; else 2, 4, 8 (the drawable
                                      * renders into multisample buffers and
                                      * resolves them into the loader's) */
};

/*
 * Fill cfg; false if either format is not one the DRI front end can
 * describe to a loader (see dri_config.c for the lists).
 */
bool dri_config_init(struct dri_config *cfg, enum pipe_format color, enum pipe_format zs,
                     bool double_buffered, unsigned max_pbuffer_size);

/* core->getConfigAttrib: nonzero and *value set if attrib is known. */
int dri_config_get_attrib(const struct dri_config *cfg, unsigned attrib, unsigned *value);

/* core->indexConfigAttrib: the index'th listed attribute; 0 past the end. */
int dri_config_index_attrib(const struct dri_config *cfg, int index, unsigned *attrib,
                            unsigned *value);

/*
 * Every config the screen can render to, preferred first, as a malloc'd
 * NULL-terminated array of individually malloc'd configs.  color_bind is
 * the bind flags colour buffers will be created with.  NULL when out of
 * memory or when no colour format is supported.
 */
struct dri_config **dri_config_create_list(struct pipe_screen *pscreen, unsigned color_bind,
                                           unsigned max_pbuffer_size);

/* The st_visual a drawable or context of this config uses. */
void dri_config_to_visual(const struct dri_config *cfg, struct st_visual *visual);

/* __DRI_IMAGE_FORMAT_* of a colour format, 0 if none. */
int dri_config_image_format(enum pipe_format color);

#endif
