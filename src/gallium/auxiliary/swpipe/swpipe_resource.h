#ifndef SWPIPE_RESOURCE_H
#define SWPIPE_RESOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_state.h"

struct sw_displaytarget;

/*
 * A buffer or texture in plain memory.  Level l starts at
 * data + level_offset[l]; its rows (of blocks) are stride[l] bytes apart
 * and its slices / layers / faces layer_stride[l] bytes apart.  Buffers
 * are one level of one row.
 */
struct swpipe_resource {
   struct pipe_resource base;
   uint8_t *data;
   size_t size;
   bool user_memory;                 /* data belongs to the caller */
   struct sw_displaytarget *dt;      /* display target: data is its mapping */
   size_t level_offset[PIPE_MAX_TEXTURE_LEVELS];
   unsigned stride[PIPE_MAX_TEXTURE_LEVELS];
   size_t layer_stride[PIPE_MAX_TEXTURE_LEVELS];
};

static inline struct swpipe_resource *
swpipe_resource(struct pipe_resource *r)
{
   return (struct swpipe_resource *)r;
}

/* Width, height (1 for 1D and buffers) and depth-or-layers of a level. */
unsigned swpipe_resource_level_width(const struct pipe_resource *, unsigned level);
unsigned swpipe_resource_level_height(const struct pipe_resource *, unsigned level);
unsigned swpipe_resource_level_layers(const struct pipe_resource *, unsigned level);

/* Samples per pixel (1 for single-sampled resources).  A multisample
 * resource stores its samples like layers: layer z, sample s is stored
 * slice z * samples + s (each a whole image of the level). */
unsigned swpipe_resource_samples(const struct pipe_resource *);

/* Address of texel (x, y) of sample s of layer z (level 0). */
uint8_t *swpipe_resource_sample_texel(struct swpipe_resource *, unsigned level, unsigned x,
                                       unsigned y, unsigned z, unsigned s);

/* Whether box lies inside the level (non-negative, non-empty sizes). */
bool swpipe_resource_box_is_valid(const struct pipe_resource *, unsigned level,
                                   const struct pipe_box *);

/* Address of texel (x, y) of slice/layer z of a level (x, y multiples of the
 * block size for compressed formats; buffers: x in bytes). */
uint8_t *swpipe_resource_texel(struct swpipe_resource *, unsigned level,
                                unsigned x, unsigned y, unsigned z);

#endif
