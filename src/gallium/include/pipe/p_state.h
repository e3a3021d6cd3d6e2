/*
 * Pony pipe interface: state templates and shared objects.
 *
 * CSO templates (blend, depth-stencil-alpha, rasterizer, sampler, vertex
 * elements, shaders) are plain data: a state tracker zero-fills them (padding
 * included, since caches key on their bytes), fills them, and hands a const
 * pointer to create_*_state; the driver copies what it needs.
 *
 * Refcounted objects (resources, surfaces, sampler views, stream-output
 * targets) change hands only through the *_reference() helpers in
 * src/gallium/auxiliary/util/u_inlines.h.
 */
#ifndef PIPE_P_STATE_H
#define PIPE_P_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "p_defines.h"
#include "p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct pipe_context;
struct ir_shader;   /* Pony IR (src/compiler/ir) */

struct pipe_reference {
   int count;   /* atomic */
};

/* A region of a resource level: x/y/z in texels (z = slice, layer or face). */
struct pipe_box {
   int x, y, z;
   int width, height, depth;
};

/*
 * A resource.  Filled by the caller as a template for resource_create, then
 * owned (and refcounted) by the driver that returns it.
 */
struct pipe_resource {
   struct pipe_reference reference;
   struct pipe_screen *screen;        /* set by the driver */
   enum pipe_texture_target target;
   enum pipe_format format;           /* PIPE_FORMAT_R8_UNORM-like bytes for buffers */
   uint32_t width0;                   /* buffers: size in bytes */
   uint16_t height0;
   uint16_t depth0;
   uint16_t array_size;               /* layers; 6 * cubes for cube arrays; 6 for cubes */
   uint8_t last_level;                /* mipmap levels - 1 */
   uint8_t nr_samples;                /* 0 or 1: single-sampled */
   enum pipe_resource_usage usage;
   unsigned bind;                     /* PIPE_BIND_* */
   unsigned flags;                    /* reserved, 0 */
};

/* A mapping of part of a resource, from buffer_map / texture_map. */
struct pipe_transfer {
   struct pipe_resource *resource;    /* referenced by the transfer */
   unsigned level;
   unsigned usage;                    /* PIPE_MAP_* */
   struct pipe_box box;
   unsigned stride;                   /* bytes between rows */
   uintptr_t layer_stride;            /* bytes between slices/layers */
};

/* A view of one level and a range of layers of a texture, for rendering. */
struct pipe_surface {
   struct pipe_reference reference;
   struct pipe_context *context;      /* the context that created it */
   struct pipe_resource *texture;     /* referenced */
   enum pipe_format format;           /* may differ from texture->format in colourspace only */
   uint16_t width, height;            /* of the level */
   unsigned level;
   unsigned first_layer, last_layer;
};

/* A view of a texture or buffer for sampling. */
struct pipe_sampler_view {
   struct pipe_reference reference;
   struct pipe_context *context;
   struct pipe_resource *texture;     /* referenced */
   enum pipe_format format;
   enum pipe_texture_target target;
   unsigned first_level, last_level;
   unsigned first_layer, last_layer;
   unsigned buf_offset, buf_size;     /* PIPE_BUFFER views (texture buffers) */
   uint8_t swizzle_r, swizzle_g, swizzle_b, swizzle_a;   /* enum pipe_swizzle */
};

struct pipe_framebuffer_state {
   uint16_t width, height;            /* the render area: min over attachments */
   uint16_t layers;
   unsigned nr_cbufs;
   struct pipe_surface *cbufs[PIPE_MAX_COLOR_BUFS];   /* entries may be NULL */
   struct pipe_surface *zsbuf;
};

union pipe_color_union {
   float f[4];
   int32_t i[4];
   uint32_t ui[4];
};

struct pipe_blend_color {
   float color[4];
};

struct pipe_stencil_ref {
   uint8_t ref_value[2];   /* front, back */
};

struct pipe_scissor_state {
   uint16_t minx, miny, maxx, maxy;   /* window coordinates, max exclusive */
};

struct pipe_viewport_state {
   float scale[3];
   float translate[3];
};

struct pipe_clip_state {
   float ucp[PIPE_MAX_CLIP_PLANES][4];
};

struct pipe_poly_stipple {
   uint32_t stipple[32];
};

/* --- CSO templates ----------------------------------------------------- */

struct pipe_rt_blend_state {
   unsigned blend_enable:1;
   unsigned rgb_func:3;        /* enum pipe_blend_func */
   unsigned rgb_src_factor:5;  /* enum pipe_blendfactor */
   unsigned rgb_dst_factor:5;
   unsigned alpha_func:3;
   unsigned alpha_src_factor:5;
   unsigned alpha_dst_factor:5;
   unsigned colormask:4;       /* PIPE_MASK_* */
};

struct pipe_blend_state {
   unsigned independent_blend_enable:1;  /* else rt[0] applies to every target */
   unsigned logicop_enable:1;
   unsigned logicop_func:4;              /* enum pipe_logicop */
   unsigned dither:1;
   unsigned alpha_to_coverage:1;
   unsigned alpha_to_one:1;
   unsigned max_rt:3;                    /* highest rt[] index that is meaningful */
   struct pipe_rt_blend_state rt[PIPE_MAX_COLOR_BUFS];
};

struct pipe_stencil_state {
   unsigned enabled:1;
   unsigned func:3;          /* enum pipe_compare_func */
   unsigned fail_op:3;       /* enum pipe_stencil_op */
   unsigned zpass_op:3;
   unsigned zfail_op:3;
   unsigned valuemask:8;
   unsigned writemask:8;
};

struct pipe_depth_stencil_alpha_state {
   unsigned depth_enabled:1;
   unsigned depth_writemask:1;
   unsigned depth_func:3;    /* enum pipe_compare_func */
   unsigned depth_bounds_test:1;
   unsigned alpha_enabled:1;
   unsigned alpha_func:3;
   struct pipe_stencil_state stencil[2];   /* front, back (back used if stencil[1].enabled) */
   float alpha_ref_value;
   float depth_bounds_min, depth_bounds_max;
};

struct pipe_rasterizer_state {
   unsigned flatshade:1;
   unsigned light_twoside:1;
   unsigned clamp_vertex_color:1;
   unsigned clamp_fragment_color:1;
   unsigned front_ccw:1;
   unsigned cull_face:2;            /* PIPE_FACE_* */
   unsigned fill_front:2;           /* enum pipe_polygon_mode */
   unsigned fill_back:2;
   unsigned offset_point:1;
   unsigned offset_line:1;
   unsigned offset_tri:1;
   unsigned scissor:1;
   unsigned poly_smooth:1;
   unsigned poly_stipple_enable:1;
   unsigned point_smooth:1;
   unsigned sprite_coord_mode:1;    /* 0 = upper left origin, 1 = lower left */
   unsigned point_quad_rasterization:1;
   unsigned point_size_per_vertex:1;
   unsigned multisample:1;
   unsigned line_smooth:1;
   unsigned line_stipple_enable:1;
   unsigned line_last_pixel:1;
   unsigned flatshade_first:1;      /* provoking vertex: 1 = first, 0 = last */
   unsigned half_pixel_center:1;
   unsigned bottom_edge_rule:1;
   unsigned rasterizer_discard:1;
   unsigned depth_clip_near:1;
   unsigned depth_clip_far:1;
   unsigned depth_clamp:1;
   unsigned clip_halfz:1;           /* 0: clip z in [-w, w] (GL), 1: [0, w] */
   unsigned line_stipple_factor:8;  /* repeat factor - 1 */
   unsigned line_stipple_pattern:16;
   unsigned sprite_coord_enable:8;  /* texcoord outputs replaced by point coords */
   unsigned clip_plane_enable:8;    /* PIPE_MAX_CLIP_PLANES bits */
   unsigned sprite_coord_base:8;    /* generic location sprite_coord_enable bit 0 names */
   float line_width;
   float point_size;
   float offset_units;
   float offset_scale;
   float offset_clamp;
};

struct pipe_sampler_state {
   unsigned wrap_s:3;               /* enum pipe_tex_wrap */
   unsigned wrap_t:3;
   unsigned wrap_r:3;
   unsigned min_img_filter:1;       /* enum pipe_tex_filter */
   unsigned min_mip_filter:2;       /* enum pipe_tex_mipfilter */
   unsigned mag_img_filter:1;
   unsigned compare_mode:1;         /* 1: compare to reference (shadow samplers) */
   unsigned compare_func:3;         /* enum pipe_compare_func */
   unsigned normalized_coords:1;    /* 0 for rectangle textures */
   unsigned seamless_cube_map:1;
   unsigned max_anisotropy:5;
   float lod_bias;
   float min_lod, max_lod;
   union pipe_color_union border_color;
};

/* One vertex attribute: where it comes from in which vertex buffer. */
struct pipe_vertex_element {
   uint16_t src_offset;             /* bytes from the start of a vertex */
   uint8_t vertex_buffer_index;
   uint8_t dual_slot;
   uint8_t edgeflag;                /* 1: x is the GL edge flag of each vertex (non-zero:
                                     * boundary edge), for unfilled polygons; the element
                                     * feeds no shader input */
   enum pipe_format src_format;     /* also says integer vs. normalized vs. float */
   unsigned instance_divisor;       /* 0: per vertex; n: advance every n instances */
};

struct pipe_vertex_buffer {
   uint16_t stride;                 /* bytes between vertices (0: every vertex reads the same) */
   bool is_user_buffer;
   unsigned buffer_offset;
   union {
      struct pipe_resource *resource;   /* referenced by the context while bound */
      const void *user;                 /* client memory, valid during the draw only */
   } buffer;
};

struct pipe_constant_buffer {
   struct pipe_resource *buffer;    /* NULL when user_buffer is used */
   unsigned buffer_offset;
   unsigned buffer_size;
   const void *user_buffer;
};

/* Transform feedback: which shader outputs go to which buffer. */
struct pipe_stream_output_info {
   unsigned num_outputs;
   uint16_t stride[PIPE_MAX_SO_BUFFERS];     /* in dwords */
   struct {
      unsigned register_index:6;  /* shader output slot */
      unsigned start_component:2;
      unsigned num_components:3;
      unsigned output_buffer:3;
      unsigned dst_offset:16;     /* dwords */
      unsigned stream:2;
   } output[PIPE_MAX_SO_OUTPUTS];
};

struct pipe_stream_output_target {
   struct pipe_reference reference;
   struct pipe_resource *buffer;
   struct pipe_context *context;
   unsigned buffer_offset;
   unsigned buffer_size;
};

enum pipe_shader_ir {
   PIPE_SHADER_IR_PONY = 0,   /* struct ir_shader (src/compiler/ir) */
};

struct pipe_shader_state {
   enum pipe_shader_ir type;
   const struct ir_shader *ir;        /* the driver clones what it keeps */
   struct pipe_stream_output_info stream_output;
};

/* --- drawing ------------------------------------------------------------ */

struct pipe_draw_info {
   uint8_t index_size;              /* 0: not indexed; 1, 2 or 4 bytes */
   enum pipe_prim_type mode;
   bool primitive_restart;
   bool has_user_indices;
   unsigned restart_index;
   unsigned start_instance;
   unsigned instance_count;         /* 1 for non-instanced draws */
   unsigned min_index, max_index;   /* hints for index range; 0, ~0 if unknown */
   /* added to every vertex's gl_VertexID: a state tracker that draws its
    * own copy of a span of the vertices says where the span began */
   int vertex_id_bias;
   union {
      struct pipe_resource *resource;
      const void *user;
   } index;
};

struct pipe_draw_start_count_bias {
   unsigned start;                  /* first vertex, or first index */
   unsigned count;
   int index_bias;                  /* added to each index (basevertex) */
};

/* Rectangle copy with scaling, filtering, format conversion and masks. */
struct pipe_blit_info {
   struct {
      struct pipe_resource *resource;
      unsigned level;
      struct pipe_box box;          /* negative width/height mean a flip */
      enum pipe_format format;
   } dst, src;
   unsigned mask;                   /* PIPE_MASK_RGBA | PIPE_MASK_Z | PIPE_MASK_S */
   enum pipe_tex_filter filter;
   bool scissor_enable;
   struct pipe_scissor_state scissor;
};
#define PIPE_MASK_Z 0x10
#define PIPE_MASK_S 0x20
#define PIPE_MASK_ZS (PIPE_MASK_Z | PIPE_MASK_S)

union pipe_query_result {
   bool b;
   uint64_t u64;
};

#ifdef __cplusplus
}
#endif

#endif
