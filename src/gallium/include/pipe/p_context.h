/*
 * Pony pipe interface: the rendering context.
 *
 * A context is used by one thread at a time.  State-object handles
 * (void *) returned by create_*_state belong to the context that made them
 * and stay valid until deleted; a bound object must not be deleted.
 * Refcounted pointers passed to set_* calls are referenced by the context
 * until replaced or until the context is destroyed.
 */
#ifndef PIPE_P_CONTEXT_H
#define PIPE_P_CONTEXT_H

#include "p_defines.h"
#include "p_format.h"
#include "p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_fence_handle;
struct pipe_query;

struct pipe_context {
   struct pipe_screen *screen;
   void *priv;                       /* the front end's cookie from context_create */

   void (*destroy)(struct pipe_context *);

   /* --- drawing --------------------------------------------------------- */

   /*
    * Draw num_draws ranges with the bound state.  info->mode and the index
    * settings apply to every range.  Optional until a driver sets
    * caps.draw.
    */
   void (*draw_vbo)(struct pipe_context *, const struct pipe_draw_info *info,
                    const struct pipe_draw_start_count_bias *draws, unsigned num_draws);

   /* --- queries ----------------------------------------------------------- */
   struct pipe_query *(*create_query)(struct pipe_context *, enum pipe_query_type, unsigned index);
   void (*destroy_query)(struct pipe_context *, struct pipe_query *);
   bool (*begin_query)(struct pipe_context *, struct pipe_query *);
   bool (*end_query)(struct pipe_context *, struct pipe_query *);
   /* false when wait is false and the result is not ready yet */
   bool (*get_query_result)(struct pipe_context *, struct pipe_query *, bool wait,
                            union pipe_query_result *result);
   /* Draw only if the query's result is (not, with condition) zero.  NULL: off. */
   void (*render_condition)(struct pipe_context *, struct pipe_query *, bool condition,
                            bool wait);

   /* --- constant state objects (create / bind / delete) ------------------ */
   void *(*create_blend_state)(struct pipe_context *, const struct pipe_blend_state *);
   void  (*bind_blend_state)(struct pipe_context *, void *);
   void  (*delete_blend_state)(struct pipe_context *, void *);

   void *(*create_depth_stencil_alpha_state)(struct pipe_context *,
                                              const struct pipe_depth_stencil_alpha_state *);
   void  (*bind_depth_stencil_alpha_state)(struct pipe_context *, void *);
   void  (*delete_depth_stencil_alpha_state)(struct pipe_context *, void *);

   void *(*create_rasterizer_state)(struct pipe_context *, const struct pipe_rasterizer_state *);
   void  (*bind_rasterizer_state)(struct pipe_context *, void *);
   void  (*delete_rasterizer_state)(struct pipe_context *, void *);

   void *(*create_sampler_state)(struct pipe_context *, const struct pipe_sampler_state *);
   void  (*bind_sampler_states)(struct pipe_context *, enum pipe_shader_type,
                                unsigned start, unsigned count, void **samplers);
   void  (*delete_sampler_state)(struct pipe_context *, void *);

   void *(*create_vertex_elements_state)(struct pipe_context *, unsigned count,
                                          const struct pipe_vertex_element *);
   void  (*bind_vertex_elements_state)(struct pipe_context *, void *);
   void  (*delete_vertex_elements_state)(struct pipe_context *, void *);

   void *(*create_vs_state)(struct pipe_context *, const struct pipe_shader_state *);
   void  (*bind_vs_state)(struct pipe_context *, void *);
   void  (*delete_vs_state)(struct pipe_context *, void *);

   void *(*create_fs_state)(struct pipe_context *, const struct pipe_shader_state *);
   void  (*bind_fs_state)(struct pipe_context *, void *);
   void  (*delete_fs_state)(struct pipe_context *, void *);

   void *(*create_gs_state)(struct pipe_context *, const struct pipe_shader_state *);
   void  (*bind_gs_state)(struct pipe_context *, void *);
   void  (*delete_gs_state)(struct pipe_context *, void *);

   /* --- small state (set only) ------------------------------------------- */
   void (*set_blend_color)(struct pipe_context *, const struct pipe_blend_color *);
   void (*set_stencil_ref)(struct pipe_context *, const struct pipe_stencil_ref);
   void (*set_sample_mask)(struct pipe_context *, unsigned sample_mask);
   /* Optional (NULL: every sample at the pixel centre).  Where sample
    * 'index' of a sample_count-sample pixel is tested: out[0] = x, out[1]
    * = y in [0, 1] from the pixel's upper-left corner, y growing with the
    * resource's rows. */
   void (*get_sample_position)(struct pipe_context *, unsigned sample_count, unsigned index,
                               float out[2]);
   void (*set_clip_state)(struct pipe_context *, const struct pipe_clip_state *);
   void (*set_polygon_stipple)(struct pipe_context *, const struct pipe_poly_stipple *);
   void (*set_scissor_states)(struct pipe_context *, unsigned start, unsigned count,
                              const struct pipe_scissor_state *);
   void (*set_viewport_states)(struct pipe_context *, unsigned start, unsigned count,
                               const struct pipe_viewport_state *);
   /* The context references the surfaces until the next call. */
   void (*set_framebuffer_state)(struct pipe_context *, const struct pipe_framebuffer_state *);
   /* buf NULL unbinds.  The driver copies user_buffer contents if it keeps them. */
   void (*set_constant_buffer)(struct pipe_context *, enum pipe_shader_type, unsigned index,
                               const struct pipe_constant_buffer *buf);
   void (*set_sampler_views)(struct pipe_context *, enum pipe_shader_type,
                             unsigned start, unsigned count,
                             struct pipe_sampler_view **views);
   void (*set_vertex_buffers)(struct pipe_context *, unsigned start, unsigned count,
                              const struct pipe_vertex_buffer *);
   void (*set_stream_output_targets)(struct pipe_context *, unsigned num_targets,
                                     struct pipe_stream_output_target **targets,
                                     const unsigned *offsets /* (unsigned)-1: append */);

   /* --- views ------------------------------------------------------------- */
   struct pipe_surface *(*create_surface)(struct pipe_context *, struct pipe_resource *,
                                          const struct pipe_surface *templ);
   void (*surface_destroy)(struct pipe_context *, struct pipe_surface *);
   struct pipe_sampler_view *(*create_sampler_view)(struct pipe_context *, struct pipe_resource *,
                                                    const struct pipe_sampler_view *templ);
   void (*sampler_view_destroy)(struct pipe_context *, struct pipe_sampler_view *);
   struct pipe_stream_output_target *(*create_stream_output_target)(
      struct pipe_context *, struct pipe_resource *, unsigned offset, unsigned size);
   void (*stream_output_target_destroy)(struct pipe_context *,
                                        struct pipe_stream_output_target *);

   /* --- clears, copies, blits ---------------------------------------------- */

   /*
    * Clear the bound framebuffer's buffers named by 'buffers'
    * (PIPE_CLEAR_*).  'scissor', when not NULL, limits the clear to that
    * rectangle; colour writes honour 'colormask' per render target
    * (PIPE_MASK_*), stencil writes honour stencil_mask.  Depth is a value
    * in [0, 1]; colour is converted to each target's format.
    */
   void (*clear)(struct pipe_context *, unsigned buffers,
                 const struct pipe_scissor_state *scissor,
                 const union pipe_color_union *color, double depth, unsigned stencil,
                 const uint8_t colormask[PIPE_MAX_COLOR_BUFS], unsigned stencil_mask);

   /* Clear a region of one surface to a colour, or depth/stencil, regardless of bound state. */
   void (*clear_render_target)(struct pipe_context *, struct pipe_surface *dst,
                               const union pipe_color_union *color,
                               unsigned dstx, unsigned dsty, unsigned width, unsigned height);
   void (*clear_depth_stencil)(struct pipe_context *, struct pipe_surface *dst,
                               unsigned clear_flags, double depth, unsigned stencil,
                               unsigned dstx, unsigned dsty, unsigned width, unsigned height);

   /*
    * Copy a box between resources of the same block size, no conversion.
    * Plain formats holding the same R, G, B channels in other places or
    * blocks (util_format_is_channel_copy) are copied channel by channel.
    * The box is in source texels; a compressed block counts as one texel
    * of an uncompressed resource of its block size and the other way round.
    * Source and destination may be the same resource if they do not overlap.
    */
   void (*resource_copy_region)(struct pipe_context *,
                                struct pipe_resource *dst, unsigned dst_level,
                                unsigned dstx, unsigned dsty, unsigned dstz,
                                struct pipe_resource *src, unsigned src_level,
                                const struct pipe_box *src_box);

   /* Scaled, filtered, converting copy.  Optional until caps.blit. */
   void (*blit)(struct pipe_context *, const struct pipe_blit_info *);

   /* --- transfers -------------------------------------------------------- */

   /*
    * Map a box of a level for the CPU.  Returns a pointer to the box's first
    * texel and fills *out_transfer, or NULL (out of memory, or DONTBLOCK and
    * busy).  The map stays valid until the matching unmap.  Rows are
    * (*out_transfer)->stride bytes apart, slices layer_stride.
    */
   void *(*buffer_map)(struct pipe_context *, struct pipe_resource *, unsigned level,
                       unsigned usage, const struct pipe_box *, struct pipe_transfer **out_transfer);
   void (*buffer_unmap)(struct pipe_context *, struct pipe_transfer *);
   void *(*texture_map)(struct pipe_context *, struct pipe_resource *, unsigned level,
                        unsigned usage, const struct pipe_box *, struct pipe_transfer **out_transfer);
   void (*texture_unmap)(struct pipe_context *, struct pipe_transfer *);
   /* Write data to a buffer range / texture box without mapping. */
   void (*buffer_subdata)(struct pipe_context *, struct pipe_resource *, unsigned usage,
                          unsigned offset, unsigned size, const void *data);
   void (*texture_subdata)(struct pipe_context *, struct pipe_resource *, unsigned level,
                           unsigned usage, const struct pipe_box *, const void *data,
                           unsigned stride, uintptr_t layer_stride);

   /* --- misc ---------------------------------------------------------------- */

   /*
    * Submit queued work.  If fence is not NULL it receives a new reference
    * to a fence that signals when that work is done.
    */
   void (*flush)(struct pipe_context *, struct pipe_fence_handle **fence, unsigned flags);

   /* Recompute mipmap levels base+1..last from base.  Optional. */
   bool (*generate_mipmap)(struct pipe_context *, struct pipe_resource *,
                           enum pipe_format, unsigned base_level, unsigned last_level,
                           unsigned first_layer, unsigned last_layer);
};

#ifdef __cplusplus
}
#endif

#endif
