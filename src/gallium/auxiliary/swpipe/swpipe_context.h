#ifndef SWPIPE_CONTEXT_H
#define SWPIPE_CONTEXT_H

#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "swpipe_state.h"

struct swpipe_context {
   struct pipe_context base;
   uint64_t debug;                   /* the screen's PONY_DEBUG flags */
   void *driver_priv;                /* the driver's (swpipe_driver.context_init) */
   unsigned dirty;                   /* SWPIPE_NEW_* */

   /* CSOs (copies of their templates, owned by the caller's handles) */
   const struct pipe_blend_state *blend;
   const struct pipe_depth_stencil_alpha_state *dsa;
   const struct pipe_rasterizer_state *rasterizer;
   const struct pipe_sampler_state *samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
   const struct swpipe_vertex_elements *velems;
   const struct swpipe_shader *vs, *fs, *gs;

   /* small state */
   struct pipe_blend_color blend_color;
   struct pipe_stencil_ref stencil_ref;
   unsigned sample_mask;
   struct pipe_clip_state clip;
   struct pipe_poly_stipple stipple;
   struct pipe_scissor_state scissors[PIPE_MAX_VIEWPORTS];
   struct pipe_viewport_state viewports[PIPE_MAX_VIEWPORTS];

   /* referenced objects */
   struct pipe_framebuffer_state framebuffer;
   struct pipe_sampler_view *sampler_views[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_SAMPLER_VIEWS];
   struct swpipe_constant_buffer constants[PIPE_SHADER_TYPES][PIPE_MAX_CONSTANT_BUFFERS];
   /* one past the highest slot ever bound (any stage) of the constant
    * buffers, and per stage of the sampler views and sampler states: the
    * per-draw updates stop there (the slots above were never set) */
   unsigned constant_slots;
   unsigned texture_slots[PIPE_SHADER_TYPES];
   struct pipe_vertex_buffer vertex_buffers[PIPE_MAX_ATTRIBS];
   unsigned num_vertex_buffers;
   struct pipe_stream_output_target *so_targets[PIPE_MAX_SO_BUFFERS];
   unsigned so_offsets[PIPE_MAX_SO_BUFFERS];
   unsigned num_so_targets;

   /* drawing (swpipe_draw.h; NULL when built without the draw module) */
   struct swpipe_draw_state *ds;
   uint64_t samples_passed;          /* fragments that passed depth/stencil, ever */

   /* conditional rendering */
   struct pipe_query *render_cond_query;
   bool render_cond_condition;
   bool render_cond_wait;
};

static inline struct swpipe_context *
swpipe_context(struct pipe_context *p)
{
   return (struct swpipe_context *)p;
}

struct pipe_context *swpipe_context_create(struct pipe_screen *, void *priv, unsigned flags);

/* swpipe_query.c, swpipe_transfer.c, swpipe_clear.c, swpipe_copy.c,
 * swpipe_surface.c */
void swpipe_init_query_funcs(struct pipe_context *);
void swpipe_init_transfer_funcs(struct pipe_context *);
void swpipe_init_clear_funcs(struct pipe_context *);
void swpipe_init_copy_funcs(struct pipe_context *);
void swpipe_init_surface_funcs(struct pipe_context *);
/* swpipe_blit.c (with the sampler module): blit, generate_mipmap */
void swpipe_init_blit_funcs(struct pipe_context *);

/* swpipe_query.c: false when the render condition says to skip drawing. */
bool swpipe_render_condition_passes(struct swpipe_context *);
/* swpipe_draw.c: the draw module's cumulative primitive counters. */
void swpipe_draw_get_statistics(struct swpipe_context *, uint64_t *generated,
                                 uint64_t *emitted);

#endif
