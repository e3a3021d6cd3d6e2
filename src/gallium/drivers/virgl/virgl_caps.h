/*
 * The host's capability set (docs/virgl.md "Capabilities"): decoded from
 * the dwords the winsys read (GET_CAPS, set 2 "virgl2" or set 1), and the
 * pipe caps the driver offers from them: what the host can do, limited to
 * what this driver encodes so far.
 */
#ifndef VIRGL_CAPS_H
#define VIRGL_CAPS_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"
#include "pipe/p_screen.h"

/* A set of the host's formats: bit f of words[f / 32] for host format f. */
struct virgl_format_mask {
   uint32_t words[16];
};

struct virgl_host_caps {
   uint32_t max_version;                 /* 1: the v1 part only; 2: v2 too */
   struct virgl_format_mask sampler, render, depth_stencil, vertex_buffer;
   uint32_t bool_set;                    /* VP_CAPS_B_* */
   uint32_t glsl_level;                  /* e.g. 450 */
   uint32_t max_texture_array_layers, max_streamout_buffers, max_dual_source_render_targets;
   uint32_t max_render_targets, max_samples, prim_mask, max_tbo_size, max_uniform_blocks;
   uint32_t max_viewports, max_texture_gather_components;
   /* v2 (zero from a v1 host) */
   float min_point_size, max_point_size, min_line_width, max_line_width, max_texture_lod_bias;
   uint32_t max_geom_output_vertices, max_geom_total_output_components;
   uint32_t max_vertex_outputs, max_vertex_attribs;
   uint32_t texture_buffer_offset_alignment, uniform_buffer_offset_alignment;
   uint32_t capability_bits;
   uint32_t max_texture_2d_size, max_texture_3d_size, max_texture_cube_size;
   char renderer[65];                    /* the host's GL_RENDERER, NUL-terminated */
};

/* bool_set bits */
#define VP_CAPS_B_INDEP_BLEND_ENABLE (1u << 0)
#define VP_CAPS_B_INDEP_BLEND_FUNC (1u << 1)
#define VP_CAPS_B_CUBE_MAP_ARRAY (1u << 2)
#define VP_CAPS_B_CONDITIONAL_RENDER (1u << 4)
#define VP_CAPS_B_START_INSTANCE (1u << 5)
#define VP_CAPS_B_PRIMITIVE_RESTART (1u << 6)
#define VP_CAPS_B_BLEND_EQ_SEP (1u << 7)
#define VP_CAPS_B_INSTANCEID (1u << 8)
#define VP_CAPS_B_INSTANCE_DIVISOR (1u << 9)
#define VP_CAPS_B_SEAMLESS_CUBE_MAP (1u << 10)
#define VP_CAPS_B_OCCLUSION_QUERY (1u << 11)
#define VP_CAPS_B_TIMER_QUERY (1u << 12)
#define VP_CAPS_B_TEXTURE_MULTISAMPLE (1u << 14)
#define VP_CAPS_B_DEPTH_CLIP_DISABLE (1u << 16)
#define VP_CAPS_B_UBO (1u << 18)
#define VP_CAPS_B_COLOR_CLAMPING (1u << 19)
#define VP_CAPS_B_MIRROR_CLAMP (1u << 21)

/* capability_bits */
#define VP_CAP_CLEAR_TEXTURE (1u << 30)

/* 0, or -EPROTO when the dwords are no capability set (fewer than the v1
 * part, or max_version 0). */
int virgl_caps_decode(const uint32_t *dwords, unsigned n, struct virgl_host_caps *out);

/* The host's number for a pipe format, 0 (none) when it has none. */
uint32_t virgl_host_format(enum pipe_format format);

/* Can a resource of format be made with every bind in bindings
 * (PIPE_BIND_SAMPLER_VIEW, RENDER_TARGET, DEPTH_STENCIL, VERTEX_BUFFER;
 * others need no format support)? */
bool virgl_caps_format_supported(const struct virgl_host_caps *h, enum pipe_format format,
                                 unsigned bindings);

/* The pipe caps of a screen on this host. */
void virgl_caps_to_pipe(const struct virgl_host_caps *h, struct pipe_caps *caps);

/* The drawing caps on top of virgl_caps_to_pipe (virgl_caps.c). */
void virgl_caps_add_drawing(const struct virgl_host_caps *h, struct pipe_caps *caps);

#endif
