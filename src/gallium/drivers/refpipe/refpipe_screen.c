/*
 * refpipe's screen: capabilities, identity, and the entry point
 * refpipe_screen_create().
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/sw_winsys.h"
#include "refpipe_context.h"
#include "refpipe_limits.h"
#include "refpipe_public.h"
#include "refpipe_raster.h"
#include "refpipe_screen.h"
#include "util/u_debug.h"

static const char *
refpipe_get_name(struct pipe_screen *screen)
{
   return "refpipe";
}

static const char *
refpipe_get_vendor(struct pipe_screen *screen)
{
   return PIPE_VENDOR_STRING;
}

static void
refpipe_screen_destroy(struct pipe_screen *screen)
{
   if (!screen)
      return;
   if (screen->winsys)
      screen->winsys->destroy(screen->winsys);
   free(screen);
}

static uint64_t
system_memory_mb(void)
{
   long pages = sysconf(_SC_PHYS_PAGES);
   long page_size = sysconf(_SC_PAGESIZE);
   if (pages <= 0 || page_size <= 0)
      return 0;
   return (uint64_t)pages * (uint64_t)page_size >> 20;
}

/*
 * Only what refpipe really does: resources of every target and format,
 * clears, copies and transfers; with the draw and irexec modules built in,
 * drawing with vertex and fragment shaders and the whole fragment
 * pipeline; with the sampler module, texture sampling, blits and mipmap
 * generation.
 */
static void
refpipe_fill_caps(struct pipe_caps *caps)
{
   memset(caps, 0, sizeof *caps);

   caps->draw = false;
   caps->blit = false;
   caps->query_timestamp = true;
   caps->query_time_elapsed = true;
   caps->mixed_framebuffer_sizes = true;

   caps->glsl_feature_level = 0;
   caps->max_vertex_attribs = REFPIPE_MAX_VERTEX_ATTRIBS;
   caps->max_const_buffer_size = REFPIPE_MAX_CONST_BUFFER_SIZE;

   caps->texture_1d = true;
   caps->texture_3d = true;
   caps->texture_cube = true;
   caps->texture_rect = true;
   caps->texture_array = true;
   caps->texture_buffer = true;
   caps->npot_textures = true;
   caps->srgb = true;
   caps->float_textures = true;
   caps->float_render_targets = true;
   caps->integer_textures = true;
   caps->s3tc = true;
   caps->rgtc = true;
   caps->max_texture_2d_size = REFPIPE_MAX_TEXTURE_2D_SIZE;
   caps->max_texture_3d_levels = REFPIPE_MAX_TEXTURE_3D_LEVELS;
   caps->max_texture_cube_levels = REFPIPE_MAX_TEXTURE_CUBE_LEVELS;
   caps->max_texture_array_layers = REFPIPE_MAX_TEXTURE_ARRAY_LAYERS;
   caps->max_texture_image_units = REFPIPE_MAX_TEXTURE_IMAGE_UNITS;
   caps->max_combined_sampler_units = REFPIPE_MAX_TEXTURE_IMAGE_UNITS * PIPE_SHADER_TYPES;
   caps->max_texture_lod_bias = REFPIPE_MAX_TEXTURE_LOD_BIAS;
   caps->max_render_targets = REFPIPE_MAX_RENDER_TARGETS;
   caps->max_viewport_size = REFPIPE_MAX_VIEWPORT_SIZE;
   caps->max_samples = 0;

   /* without a rasterizer: the GL minimums */
   caps->min_line_width = 1.0f;
   caps->max_line_width = 1.0f;
   caps->line_width_granularity = 0.0f;
   caps->min_point_size = 1.0f;
   caps->max_point_size = 1.0f;
   caps->point_size_granularity = 0.0f;
   caps->subpixel_bits = 0;
   caps->max_clip_planes = REFPIPE_MAX_CLIP_PLANES;

   caps->user_vertex_buffers = false;
   caps->user_index_buffers = false;
   caps->user_constant_buffers = true;   /* copied at set_constant_buffer */
   caps->constant_buffer_offset_alignment = REFPIPE_CONSTANT_BUFFER_ALIGNMENT;
   caps->video_memory_mb = system_memory_mb();
   caps->uma = true;

#ifdef REFPIPE_HAVE_DRAW
   /* drawing: draw (vertex pipeline) + refpipe's rasterizer and fragment
    * pipeline + irexec (shaders) */
   caps->draw = true;
   caps->vertex_shader = true;
   caps->fragment_shader = true;
   /* irexec runs any Pony IR: what the GLSL front end lowers GLSL 1.20 and
    * ES 1.00 to (integer and flow-control types included) */
   caps->glsl_feature_level = 120;
   caps->max_varyings = REFPIPE_MAX_VARYINGS;
   caps->primitive_restart = true;
   caps->instancing = true;
   caps->indep_blend_enable = true;
   caps->indep_blend_func = true;
   caps->blend_equation_separate = true;
   caps->dual_source_blend = true;
   caps->fbfetch = true;   /* refpipe_quad_fs.c last_frag_data */
   caps->logic_op = true;
   caps->depth_clamp = true;
   caps->occlusion_query = true;
   caps->conditional_render = true;
   caps->stream_output = true;
   caps->two_sided_stencil = true;
   caps->stencil_wrap = true;
   caps->point_sprite = true;
   caps->fragment_color_clamp_control = true;
   caps->polygon_offset_clamp = true;    /* draw's offset stage */
   caps->user_vertex_buffers = true;     /* read by draw during the call */
   caps->user_index_buffers = true;
   caps->min_line_width = REFPIPE_MIN_LINE_WIDTH;
   caps->max_line_width = REFPIPE_MAX_LINE_WIDTH;
   caps->line_width_granularity = 1.0f;  /* draw replicates whole-pixel lines */
   caps->min_point_size = REFPIPE_MIN_POINT_SIZE;
   caps->max_point_size = REFPIPE_MAX_POINT_SIZE;
   caps->point_size_granularity = 0.125f;
   caps->subpixel_bits = REFPIPE_SUBPIXEL_BITS;
#endif
#ifdef REFPIPE_HAVE_SAMPLER
   caps->blit = true;
#ifdef REFPIPE_HAVE_DRAW
   /* multisample rendering needs the rasterizer, resolving the blitter */
   caps->max_samples = REFPIPE_MAX_SAMPLES;
#endif
   caps->texture_swizzle = true;
   caps->texture_shadow_map = true;
   caps->seamless_cube_map = true;
   caps->texture_mirror_clamp = true;
#endif
}

struct pipe_screen *
refpipe_screen_create(struct sw_winsys *ws)
{
   struct refpipe_screen *screen;
   struct pipe_caps caps;

   if (!ws)
      return NULL;
   screen = calloc(1, sizeof *screen);
   if (!screen)
      return NULL;

   refpipe_fill_caps(&caps);
   /* caps is const for everyone else; this is its one initialisation */
   memcpy((void *)&screen->base.caps, &caps, sizeof caps);
   screen->debug = pony_debug_get();

   screen->base.winsys = ws;
   screen->base.destroy = refpipe_screen_destroy;
   screen->base.get_name = refpipe_get_name;
   screen->base.get_vendor = refpipe_get_vendor;
   screen->base.is_format_supported = refpipe_is_format_supported;
   screen->base.context_create = refpipe_context_create;
   refpipe_init_screen_resource_funcs(&screen->base);
   refpipe_init_screen_fence_funcs(&screen->base);

   if (screen->debug & PONY_DEBUG_DRIVER)
      pony_log("refpipe", "screen created on the '%s' winsys", ws->name ? ws->name : "?");
   return &screen->base;
}
