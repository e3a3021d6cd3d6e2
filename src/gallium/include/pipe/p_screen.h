/*
 * Pony pipe interface: the screen (one per device / driver instance).
 *
 * A driver embeds struct pipe_screen as the first member of its own screen
 * and fills every function pointer that is not marked optional.  Screen
 * functions must be thread safe: several contexts on several threads call
 * them at once.
 */
#ifndef PIPE_P_SCREEN_H
#define PIPE_P_SCREEN_H

#include "p_defines.h"
#include "p_format.h"
#include "p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_fence_handle;
struct sw_winsys;

/*
 * What a driver can do, filled once when the screen is created and never
 * changed afterwards.  The GL state tracker derives its version numbers
 * and extension list from this struct alone (st_caps.c), so a zero here is
 * enough to keep a feature hidden.
 */
struct pipe_caps {
   /* drawing */
   bool draw;                        /* draw_vbo exists at all */
   bool primitive_restart;
   bool instancing;                  /* instance_count > 1 and divisors */
   bool indep_blend_enable;          /* per-target blend state */
   bool indep_blend_func;
   bool blend_equation_separate;
   bool dual_source_blend;
   bool fbfetch;                     /* FS inputs IR_SEM_LAST_FRAG_DATA (coherent reads) */
   bool logic_op;
   bool depth_clamp;
   bool occlusion_query;
   bool query_timestamp;
   bool query_time_elapsed;
   bool conditional_render;
   bool stream_output;               /* transform feedback */
   bool two_sided_stencil;
   bool stencil_wrap;
   bool point_sprite;
   bool seamless_cube_map;
   bool fragment_color_clamp_control;
   bool mixed_framebuffer_sizes;
   bool polygon_offset_clamp;
   bool blit;                        /* pipe_context::blit exists */

   /* shaders */
   unsigned glsl_feature_level;      /* 0: no programmable shading; 110..330 */
   bool vertex_shader, fragment_shader, geometry_shader;
   unsigned max_vertex_attribs;
   unsigned max_varyings;            /* vec4 slots between stages */
   unsigned max_const_buffer_size;   /* bytes */
   /* geometry shaders (with geometry_shader): GL's MAX_GEOMETRY_* limits */
   unsigned max_geometry_output_vertices;         /* max_vertices of one shader */
   unsigned max_geometry_total_output_components; /* max_vertices x output components */
   unsigned max_geometry_input_components;        /* per input vertex */
   unsigned max_geometry_output_components;       /* per emitted vertex */
   unsigned max_geometry_texture_image_units;

   /* textures and render targets */
   bool texture_1d, texture_3d, texture_cube, texture_rect, texture_array;
   bool texture_buffer;
   bool texture_swizzle;
   bool texture_mirror_clamp;
   bool texture_shadow_map;
   bool npot_textures;
   bool srgb;
   bool float_textures;              /* 16/32-bit float sampling */
   bool float_render_targets;
   bool integer_textures;
   bool s3tc, rgtc;
   unsigned max_texture_2d_size;
   unsigned max_texture_3d_levels;
   unsigned max_texture_cube_levels;
   unsigned max_texture_array_layers;
   unsigned max_texture_image_units;  /* per stage */
   unsigned max_combined_sampler_units;
   unsigned max_texture_lod_bias;
   unsigned max_render_targets;
   unsigned max_viewport_size;       /* width and height */
   unsigned max_samples;             /* 0 or 1: no multisampling */

   /* rasterization */
   float min_line_width, max_line_width, line_width_granularity;
   float min_point_size, max_point_size, point_size_granularity;
   unsigned subpixel_bits;
   unsigned max_clip_planes;

   /* memory */
   bool user_vertex_buffers;         /* pipe_vertex_buffer::is_user_buffer accepted */
   bool user_index_buffers;
   bool user_constant_buffers;
   unsigned constant_buffer_offset_alignment;
   uint64_t video_memory_mb;         /* reported to GLX_MESA_query_renderer */
   bool uma;
};

struct winsys_handle;

struct pipe_screen {
   const struct pipe_caps caps;      /* filled by the driver before anyone sees the screen */
   struct sw_winsys *winsys;         /* software drivers: where display targets come from */

   void (*destroy)(struct pipe_screen *);

   /* Strings for GL_RENDERER etc.; static, owned by the driver. */
   const char *(*get_name)(struct pipe_screen *);     /* "refpipe" */
   const char *(*get_vendor)(struct pipe_screen *);   /* "Pony" */

   /*
    * Can a resource of this format and target, with sample_count samples
    * (0 = single), be created with every bind flag in 'bindings'?
    */
   bool (*is_format_supported)(struct pipe_screen *, enum pipe_format,
                               enum pipe_texture_target, unsigned sample_count,
                               unsigned bindings);

   /*
    * Create a resource from a template.  Contents are undefined (zero for
    * buffers).  Returns NULL when out of memory or unsupported; never
    * aborts.  The returned resource has reference count 1.
    */
   struct pipe_resource *(*resource_create)(struct pipe_screen *,
                                            const struct pipe_resource *templ);

   /* Wrap caller memory (must outlive the resource) as a resource.  Optional. */
   struct pipe_resource *(*resource_from_user_memory)(struct pipe_screen *,
                                                      const struct pipe_resource *templ,
                                                      void *user_memory);

   /* Called by pipe_resource_reference when the count drops to zero. */
   void (*resource_destroy)(struct pipe_screen *, struct pipe_resource *);

   /*
    * Optional (drivers whose winsys has kernel buffers).  A 2D resource of
    * one level and layer over a shared kernel buffer (frontend/
    * winsys_handle.h); NULL when the buffer cannot hold templ (stride,
    * offset, size, modifier) or the winsys has no kernel buffers.
    */
   struct pipe_resource *(*resource_from_handle)(struct pipe_screen *,
                                                 const struct pipe_resource *templ,
                                                 const struct winsys_handle *whandle);

   /*
    * Optional.  The resource as a kernel buffer: whandle->type says which
    * (a GEM handle, or a new dma-buf fd the caller closes); stride, offset
    * and modifier are filled in.  false when the resource is not a kernel
    * buffer (created without PIPE_BIND_SHARED / SCANOUT / DISPLAY_TARGET,
    * or on a device without dumb buffers) or the kernel refuses.
    */
   bool (*resource_get_handle)(struct pipe_screen *, struct pipe_resource *,
                               struct winsys_handle *whandle);

   /*
    * Stride and offset of a resource's level 0 as stored, for sharing with
    * a window system or the kernel.  Optional.
    */
   bool (*resource_get_layout)(struct pipe_screen *, struct pipe_resource *,
                               unsigned *stride, unsigned *offset);

   /*
    * Present a PIPE_BIND_DISPLAY_TARGET resource: the driver finishes its
    * rendering and hands the pixels to its winsys with context_private
    * (the front end's drawable).  'box' limits the update; NULL = all.
    */
   void (*flush_frontbuffer)(struct pipe_screen *, struct pipe_context *,
                             struct pipe_resource *, unsigned level, unsigned layer,
                             void *context_private, const struct pipe_box *box);

   /* Fences from pipe_context::flush.  fence_reference follows *_reference rules. */
   void (*fence_reference)(struct pipe_screen *, struct pipe_fence_handle **dst,
                           struct pipe_fence_handle *src);
   /* Wait up to timeout_ns (UINT64_MAX = forever); true if signalled. */
   bool (*fence_finish)(struct pipe_screen *, struct pipe_context *,
                        struct pipe_fence_handle *, uint64_t timeout_ns);

   /* A new context.  priv is the front end's cookie.  NULL on failure. */
   struct pipe_context *(*context_create)(struct pipe_screen *, void *priv, unsigned flags);
};

#ifdef __cplusplus
}
#endif

#endif
