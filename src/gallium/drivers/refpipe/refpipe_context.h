#ifndef REFPIPE_CONTEXT_H
#define REFPIPE_CONTEXT_H

#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "refpipe_state.h"

struct refpipe_context {
   struct pipe_context base;
   uint64_t debug;                   /* the screen's PONY_DEBUG flags */
   unsigned dirty;                   /* REFPIPE_NEW_* */

   /* CSOs (copies of their templates, owned by the caller's handles) */
   const struct pipe_blend_state *blend;
   const struct pipe_depth_stencil_alpha_state *dsa;
   const struct pipe_rasterizer_state *rasterizer;
   const struct pipe_sampler_state *samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
   const struct refpipe_vertex_elements *velems;
   const struct refpipe_shader *vs, *fs, *gs;

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
   struct refpipe_constant_buffer constants[PIPE_SHADER_TYPES][PIPE_MAX_CONSTANT_BUFFERS];
   struct pipe_vertex_buffer vertex_buffers[PIPE_MAX_ATTRIBS];
   unsigned num_vertex_buffers;
   struct pipe_stream_output_target *so_targets[PIPE_MAX_SO_BUFFERS];
   unsigned so_offsets[PIPE_MAX_SO_BUFFERS];
   unsigned num_so_targets;

   /* drawing (refpipe_draw.h; NULL when built without the draw module) */
   struct refpipe_draw_state *ds;
   uint64_t samples_passed;          /* fragments that passed depth/stencil, ever */

   /* conditional rendering */
   struct pipe_query *render_cond_query;
   bool render_cond_condition;
   bool render_cond_wait;
};

static inline struct refpipe_context *
refpipe_context(struct pipe_context *p)
{
   return (struct refpipe_context *)p;
}

struct pipe_context *refpipe_context_create(struct pipe_screen *, void *priv, unsigned flags);

/* refpipe_query.c, refpipe_transfer.c, refpipe_clear.c, refpipe_copy.c,
 * refpipe_surface.c */
void refpipe_init_query_funcs(struct pipe_context *);
void refpipe_init_transfer_funcs(struct pipe_context *);
void refpipe_init_clear_funcs(struct pipe_context *);
void refpipe_init_copy_funcs(struct pipe_context *);
void refpipe_init_surface_funcs(struct pipe_context *);
/* refpipe_blit.c (with the sampler module): blit, generate_mipmap */
void refpipe_init_blit_funcs(struct pipe_context *);

/* refpipe_query.c: false when the render condition says to skip drawing. */
bool refpipe_render_condition_passes(struct refpipe_context *);
/* refpipe_draw.c: the draw module's cumulative primitive counters. */
void refpipe_draw_get_statistics(struct refpipe_context *, uint64_t *generated,
                                 uint64_t *emitted);

#endif
