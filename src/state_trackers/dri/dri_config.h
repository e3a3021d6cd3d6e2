/*
 * Frame buffer configurations handed to Mesa's loaders as __DRIconfig.
 *
 * A __DRIconfig is a front-end config (state_trackers/common/fe_config.h:
 * a colour layout, a depth/stencil layout, single or double buffering and
 * a sample count).  Each one is malloc'd on its own and so is the
 * NULL-terminated array: the loader free()s them, the driver never does.
 */
#ifndef DRI_CONFIG_H
#define DRI_CONFIG_H

#include <stdbool.h>

#include "pipe/p_format.h"

#include "state_trackers/common/fe_config.h"

struct pipe_screen;

/* core->getConfigAttrib: nonzero and *value set if attrib is known. */
int dri_config_get_attrib(const struct fe_config *cfg, unsigned attrib, unsigned *value);

/* core->indexConfigAttrib: the index'th listed attribute; 0 past the end. */
int dri_config_index_attrib(const struct fe_config *cfg, int index, unsigned *attrib,
                            unsigned *value);

/*
 * Every config the screen can render to, preferred first, as a malloc'd
 * NULL-terminated array of individually malloc'd configs.  color_bind is
 * the bind flags colour buffers will be created with.  NULL when out of
 * memory or when no colour format is supported.
 */
struct fe_config **dri_config_create_list(struct pipe_screen *pscreen, unsigned color_bind,
                                           unsigned max_pbuffer_size);

/* __DRI_IMAGE_FORMAT_* of a colour format, 0 if none. */
int dri_config_image_format(enum pipe_format color);

#endif
