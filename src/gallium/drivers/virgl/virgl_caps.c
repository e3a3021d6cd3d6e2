/*
 * Decoding the host's capability set and the pipe caps from it
 * (virgl_caps.h).  The set is an array of dwords whose positions the
 * protocol fixes (virglrenderer's virgl_caps_v1 / virgl_caps_v2); v2
 * only grows at its end, and a host fills what it knows (the rest reads
 * zero).
 */
#include "virgl_caps.h"

#include <errno.h>
#include <string.h>

#include "virgl_proto.h"

/* dword positions: the v1 part */
enum {
   CAP_MAX_VERSION = 0,
   CAP_SAMPLER = 1,            /* 16 words each */
   CAP_RENDER = 17,
   CAP_DEPTH_STENCIL = 33,
   CAP_VERTEX_BUFFER = 49,
   CAP_BOOL_SET = 65,
   CAP_GLSL_LEVEL = 66,
   CAP_MAX_TEXTURE_ARRAY_LAYERS = 67,
   CAP_MAX_STREAMOUT_BUFFERS = 68,
   CAP_MAX_DUAL_SOURCE_RENDER_TARGETS = 69,
   CAP_MAX_RENDER_TARGETS = 70,
   CAP_MAX_SAMPLES = 71,
   CAP_PRIM_MASK = 72,
   CAP_MAX_TBO_SIZE = 73,
   CAP_MAX_UNIFORM_BLOCKS = 74,
   CAP_MAX_VIEWPORTS = 75,
   CAP_MAX_TEXTURE_GATHER_COMPONENTS = 76,
   CAP_V1_END = 77,
   /* v2 */
   CAP_MIN_ALIASED_POINT_SIZE = 77,   /* floats */
   CAP_MAX_ALIASED_POINT_SIZE = 78,
   CAP_MIN_ALIASED_LINE_WIDTH = 81,
   CAP_MAX_ALIASED_LINE_WIDTH = 82,
   CAP_MAX_TEXTURE_LOD_BIAS = 85,
   CAP_MAX_GEOM_OUTPUT_VERTICES = 86,
   CAP_MAX_GEOM_TOTAL_OUTPUT_COMPONENTS = 87,
   CAP_MAX_VERTEX_OUTPUTS = 88,
   CAP_MAX_VERTEX_ATTRIBS = 89,
   CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT = 95,
   CAP_UNIFORM_BUFFER_OFFSET_ALIGNMENT = 96,
   CAP_CAPABILITY_BITS = 98,
   CAP_MAX_TEXTURE_2D_SIZE = 121,
   CAP_MAX_TEXTURE_3D_SIZE = 122,
   CAP_MAX_TEXTURE_CUBE_SIZE = 123,
   CAP_RENDERER = 174,                /* 64 bytes */
   CAP_V2_READ_END = CAP_RENDERER + 16,
};

static uint32_t
word(const uint32_t *dw, unsigned n, unsigned i)
{
   return i < n ? dw[i] : 0;
}

static float
fword(const uint32_t *dw, unsigned n, unsigned i)
{
   uint32_t u = word(dw, n, i);
   float f;
   memcpy(&f, &u, sizeof f);
   return f;
}

static void
mask(const uint32_t *dw, unsigned at, struct virgl_format_mask *m)
{
   memcpy(m->words, dw + at, sizeof m->words);
}

int
virgl_caps_decode(const uint32_t *dw, unsigned n, struct virgl_host_caps *h)
{
   memset(h, 0, sizeof *h);
   if (!dw || n < CAP_V1_END || dw[CAP_MAX_VERSION] == 0)
      return -EPROTO;
   h->max_version = dw[CAP_MAX_VERSION];
   mask(dw, CAP_SAMPLER, &h->sampler);
   mask(dw, CAP_RENDER, &h->render);
   mask(dw, CAP_DEPTH_STENCIL, &h->depth_stencil);
   mask(dw, CAP_VERTEX_BUFFER, &h->vertex_buffer);
   h->bool_set = dw[CAP_BOOL_SET];
   h->glsl_level = dw[CAP_GLSL_LEVEL];
   h->max_texture_array_layers = dw[CAP_MAX_TEXTURE_ARRAY_LAYERS];
   h->max_streamout_buffers = dw[CAP_MAX_STREAMOUT_BUFFERS];
   h->max_dual_source_render_targets = dw[CAP_MAX_DUAL_SOURCE_RENDER_TARGETS];
   h->max_render_targets = dw[CAP_MAX_RENDER_TARGETS];
   h->max_samples = dw[CAP_MAX_SAMPLES];
   h->prim_mask = dw[CAP_PRIM_MASK];
   h->max_tbo_size = dw[CAP_MAX_TBO_SIZE];
   h->max_uniform_blocks = dw[CAP_MAX_UNIFORM_BLOCKS];
   h->max_viewports = dw[CAP_MAX_VIEWPORTS];
   h->max_texture_gather_components = dw[CAP_MAX_TEXTURE_GATHER_COMPONENTS];
   if (h->max_version < 2)
      return 0;
   h->min_point_size = fword(dw, n, CAP_MIN_ALIASED_POINT_SIZE);
   h->max_point_size = fword(dw, n, CAP_MAX_ALIASED_POINT_SIZE);
   h->min_line_width = fword(dw, n, CAP_MIN_ALIASED_LINE_WIDTH);
   h->max_line_width = fword(dw, n, CAP_MAX_ALIASED_LINE_WIDTH);
   h->max_texture_lod_bias = fword(dw, n, CAP_MAX_TEXTURE_LOD_BIAS);
   h->max_geom_output_vertices = word(dw, n, CAP_MAX_GEOM_OUTPUT_VERTICES);
   h->max_geom_total_output_components = word(dw, n, CAP_MAX_GEOM_TOTAL_OUTPUT_COMPONENTS);
   h->max_vertex_outputs = word(dw, n, CAP_MAX_VERTEX_OUTPUTS);
   h->max_vertex_attribs = word(dw, n, CAP_MAX_VERTEX_ATTRIBS);
   h->texture_buffer_offset_alignment = word(dw, n, CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT);
   h->uniform_buffer_offset_alignment = word(dw, n, CAP_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
   h->capability_bits = word(dw, n, CAP_CAPABILITY_BITS);
   h->max_texture_2d_size = word(dw, n, CAP_MAX_TEXTURE_2D_SIZE);
   h->max_texture_3d_size = word(dw, n, CAP_MAX_TEXTURE_3D_SIZE);
   h->max_texture_cube_size = word(dw, n, CAP_MAX_TEXTURE_CUBE_SIZE);
   if (n >= CAP_V2_READ_END)
      memcpy(h->renderer, dw + CAP_RENDERER, 64);
   h->renderer[64] = '\0';
   return 0;
}

static bool
has(const struct virgl_format_mask *m, uint32_t f)
{
   return f < 32 * 16 && (m->words[f / 32] >> (f % 32)) & 1;
}

/* Depth and stencil formats: the host lists them among the formats it
 * samples (the depth_stencil mask stays empty on the hosts measured, as it
 * does in virglrenderer 0.10.4). */
static bool
is_depth_stencil(enum pipe_format f)
{
   switch (f) {
   case PIPE_FORMAT_Z16_UNORM:
   case PIPE_FORMAT_Z24X8_UNORM:
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
   case PIPE_FORMAT_Z32_UNORM:
   case PIPE_FORMAT_Z32_FLOAT:
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
   case PIPE_FORMAT_S8_UINT:
      return true;
   default:
      return false;
   }
}

/* Vertex formats every GL 3.3 host fetches (8, 16 and 32-bit integer,
 * normalized and float components, 2_10_10_10): the vertex_buffer mask
 * lists the others a host adds (R11G11B10_FLOAT on the host measured). */
static bool
is_core_vertex_format(enum pipe_format f)
{
   if (is_depth_stencil(f))
      return false;
   switch (f) {
   case PIPE_FORMAT_R8_UNORM: case PIPE_FORMAT_R8G8_UNORM: case PIPE_FORMAT_R8G8B8_UNORM:
   case PIPE_FORMAT_R8G8B8A8_UNORM: case PIPE_FORMAT_B8G8R8A8_UNORM:
   case PIPE_FORMAT_R8_SNORM: case PIPE_FORMAT_R8G8_SNORM: case PIPE_FORMAT_R8G8B8_SNORM:
   case PIPE_FORMAT_R8G8B8A8_SNORM:
   case PIPE_FORMAT_R8_UINT: case PIPE_FORMAT_R8G8_UINT: case PIPE_FORMAT_R8G8B8_UINT:
   case PIPE_FORMAT_R8G8B8A8_UINT:
   case PIPE_FORMAT_R8_SINT: case PIPE_FORMAT_R8G8_SINT: case PIPE_FORMAT_R8G8B8_SINT:
   case PIPE_FORMAT_R8G8B8A8_SINT:
   case PIPE_FORMAT_R16_UNORM: case PIPE_FORMAT_R16G16_UNORM: case PIPE_FORMAT_R16G16B16_UNORM:
   case PIPE_FORMAT_R16G16B16A16_UNORM:
   case PIPE_FORMAT_R16_SNORM: case PIPE_FORMAT_R16G16_SNORM: case PIPE_FORMAT_R16G16B16_SNORM:
   case PIPE_FORMAT_R16G16B16A16_SNORM:
   case PIPE_FORMAT_R16_UINT: case PIPE_FORMAT_R16G16B16_UINT: case PIPE_FORMAT_R16G16_UINT:
   case PIPE_FORMAT_R16G16B16A16_UINT:
   case PIPE_FORMAT_R16_SINT: case PIPE_FORMAT_R16G16_SINT: case PIPE_FORMAT_R16G16B16_SINT:
   case PIPE_FORMAT_R16G16B16A16_SINT:
   case PIPE_FORMAT_R16_FLOAT: case PIPE_FORMAT_R16G16_FLOAT: case PIPE_FORMAT_R16G16B16_FLOAT:
   case PIPE_FORMAT_R16G16B16A16_FLOAT:
   case PIPE_FORMAT_R32_UNORM: case PIPE_FORMAT_R32G32_UNORM: case PIPE_FORMAT_R32G32B32_UNORM:
   case PIPE_FORMAT_R32G32B32A32_UNORM:
   case PIPE_FORMAT_R32_SNORM: case PIPE_FORMAT_R32G32_SNORM: case PIPE_FORMAT_R32G32B32_SNORM:
   case PIPE_FORMAT_R32G32B32A32_SNORM:
   case PIPE_FORMAT_R32_UINT: case PIPE_FORMAT_R32G32_UINT: case PIPE_FORMAT_R32G32B32_UINT:
   case PIPE_FORMAT_R32G32B32A32_UINT:
   case PIPE_FORMAT_R32_SINT: case PIPE_FORMAT_R32G32_SINT: case PIPE_FORMAT_R32G32B32_SINT:
   case PIPE_FORMAT_R32G32B32A32_SINT:
   case PIPE_FORMAT_R32_FLOAT: case PIPE_FORMAT_R32G32_FLOAT: case PIPE_FORMAT_R32G32B32_FLOAT:
   case PIPE_FORMAT_R32G32B32A32_FLOAT:
   case PIPE_FORMAT_R10G10B10A2_UNORM: case PIPE_FORMAT_R10G10B10A2_SNORM:
   case PIPE_FORMAT_R10G10B10A2_UINT: case PIPE_FORMAT_R10G10B10A2_SINT:
   case PIPE_FORMAT_B10G10R10A2_UNORM: case PIPE_FORMAT_B10G10R10A2_SNORM:
      return true;
   default:
      return false;
   }
}

bool
virgl_caps_format_supported(const struct virgl_host_caps *h, enum pipe_format format,
                            unsigned bindings)
{
   uint32_t f = virgl_host_format(format);
   if (!f)
      return false;
   bool zs = is_depth_stencil(format);
   if ((bindings & PIPE_BIND_SAMPLER_VIEW) && !has(&h->sampler, f))
      return false;
   if ((bindings & PIPE_BIND_RENDER_TARGET) && (zs || !has(&h->render, f)))
      return false;
   if ((bindings & PIPE_BIND_DEPTH_STENCIL) &&
       (!zs || !(has(&h->depth_stencil, f) || has(&h->sampler, f))))
      return false;
   if ((bindings & PIPE_BIND_VERTEX_BUFFER) &&
       !(is_core_vertex_format(format) || has(&h->vertex_buffer, f)))
      return false;
   return true;
}

static unsigned
levels_of(uint32_t size)
{
   unsigned l = 0;
   while (size) {
      l++;
      size >>= 1;
   }
   return l;
}

/*
 * What the driver does so far: resources, transfers and clears (no
 * draws, no shaders): caps of drawing stay off until it encodes them,
 * whatever the host offers.  Sizes are the host's.
 */
void
virgl_caps_to_pipe(const struct virgl_host_caps *h, struct pipe_caps *caps)
{
   memset(caps, 0, sizeof *caps);
   caps->mixed_framebuffer_sizes = true;
   caps->texture_1d = true;
   caps->texture_3d = true;
   caps->texture_cube = true;
   caps->texture_rect = true;
   caps->texture_array = h->max_texture_array_layers > 1;
   caps->npot_textures = true;
   caps->max_texture_2d_size = h->max_texture_2d_size ? h->max_texture_2d_size : 2048;
   caps->max_texture_3d_levels = levels_of(h->max_texture_3d_size ? h->max_texture_3d_size : 256);
   caps->max_texture_cube_levels =
      levels_of(h->max_texture_cube_size ? h->max_texture_cube_size : 2048);
   caps->max_texture_array_layers = h->max_texture_array_layers;
   caps->max_render_targets = h->max_render_targets ? h->max_render_targets : 1;
   caps->max_viewport_size = caps->max_texture_2d_size;
   caps->max_texture_lod_bias = (unsigned)h->max_texture_lod_bias;
   caps->min_line_width = caps->max_line_width = 1.0f;
   caps->min_point_size = caps->max_point_size = 1.0f;
   caps->max_clip_planes = 0;
   caps->user_constant_buffers = true;   /* index 0 inline, others uploaded */
   caps->blit = true;
   caps->constant_buffer_offset_alignment =
      h->uniform_buffer_offset_alignment ? h->uniform_buffer_offset_alignment : 256;
   caps->uma = false;   /* the host's memory: transfers copy */
}

/*
 * What drawing the driver offers on top of virgl_caps_to_pipe: GL 2.1's
 * programmable pipeline (GLSL 1.20 through the TGSI translation, whatever
 * the host's own level above it), occlusion and timer queries, the blend,
 * stencil and point-sprite state the protocol carries, the host's limits.
 * Geometry shaders, stream output, integer and float textures and
 * multisampling stay off until they are checked on the host.
 */
void
virgl_caps_add_drawing(const struct virgl_host_caps *h, struct pipe_caps *caps)
{
   caps->draw = true;
   caps->vertex_shader = caps->fragment_shader = true;
   caps->glsl_feature_level = h->glsl_level >= 120 ? 120 : 0;
   caps->max_vertex_attribs = h->max_vertex_attribs ? (h->max_vertex_attribs > 16 ? 16 : h->max_vertex_attribs) : 16;
   caps->max_varyings = h->max_vertex_outputs ? (h->max_vertex_outputs > 32 ? 32 : h->max_vertex_outputs) : 16;
   caps->max_const_buffer_size = 4096 * 16;
   caps->max_texture_image_units = 16;
   caps->max_combined_sampler_units = 32;
   /* separate RGB and alpha equations are in every blend state the
    * protocol carries, and in every GL 2.0 host (the host's bit for them
    * stays clear on the host measured here) */
   caps->blend_equation_separate = true;
   caps->indep_blend_enable = (h->bool_set & VP_CAPS_B_INDEP_BLEND_ENABLE) != 0;
   caps->indep_blend_func = (h->bool_set & VP_CAPS_B_INDEP_BLEND_FUNC) != 0;
   caps->occlusion_query = (h->bool_set & VP_CAPS_B_OCCLUSION_QUERY) != 0;
   caps->query_timestamp = caps->query_time_elapsed = (h->bool_set & VP_CAPS_B_TIMER_QUERY) != 0;
   caps->conditional_render = (h->bool_set & VP_CAPS_B_CONDITIONAL_RENDER) != 0;
   caps->seamless_cube_map = (h->bool_set & VP_CAPS_B_SEAMLESS_CUBE_MAP) != 0;
   caps->two_sided_stencil = caps->stencil_wrap = true;
   caps->point_sprite = true;
   caps->texture_shadow_map = true;
   caps->texture_swizzle = true;
   caps->srgb = virgl_caps_format_supported(h, PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_BIND_SAMPLER_VIEW) &&
                virgl_caps_format_supported(h, PIPE_FORMAT_B8G8R8A8_SRGB, PIPE_BIND_SAMPLER_VIEW);
   caps->logic_op = true;
   caps->max_clip_planes = 8;
   if (h->max_version >= 2) {
      caps->min_point_size = h->min_point_size > 0 ? h->min_point_size : 1.0f;
      caps->max_point_size = h->max_point_size > 1 ? h->max_point_size : 1.0f;
      caps->min_line_width = h->min_line_width > 0 ? h->min_line_width : 1.0f;
      caps->max_line_width = h->max_line_width > 1 ? h->max_line_width : 1.0f;
      caps->point_size_granularity = caps->line_width_granularity = 0.125f;
   }
   caps->subpixel_bits = 8;
}
