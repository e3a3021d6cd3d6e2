/*
 * swpipe's screen: capabilities, identity, the driver hooks, and
 * swpipe_screen_create(), which refpipe and jitpipe call.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/sw_winsys.h"
#include "swpipe_context.h"
#include "swpipe_limits.h"
#include "swpipe_raster.h"
#include "swpipe_screen.h"
#include "util/u_debug.h"

static const char *
swpipe_get_name(struct pipe_screen *screen)
{
   struct swpipe_screen *s = swpipe_screen(screen);
   if (s->driver->get_name)
      return s->driver->get_name(s);
   return s->driver->name;
}

static const char *
swpipe_get_vendor(struct pipe_screen *screen)
{
   return PIPE_VENDOR_STRING;
}

static void
swpipe_screen_destroy(struct pipe_screen *screen)
{
   if (!screen)
      return;
   struct swpipe_screen *s = swpipe_screen(screen);
   if (s->driver->screen_fini)
      s->driver->screen_fini(s);
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
 * Only what swpipe really does: resources of every target and format,
 * clears, copies and transfers; with the draw and irexec modules built in,
 * drawing with vertex and fragment shaders and the whole fragment
 * pipeline; with the sampler module, texture sampling, blits and mipmap
 * generation.
 */
static void
swpipe_fill_caps(struct pipe_caps *caps)
{
   memset(caps, 0, sizeof *caps);

   caps->draw = false;
   caps->blit = false;
   caps->query_timestamp = true;
   caps->query_time_elapsed = true;
   caps->mixed_framebuffer_sizes = true;

   caps->glsl_feature_level = 0;
   caps->max_vertex_attribs = SWPIPE_MAX_VERTEX_ATTRIBS;
   caps->max_const_buffer_size = SWPIPE_MAX_CONST_BUFFER_SIZE;

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
   caps->max_texture_2d_size = SWPIPE_MAX_TEXTURE_2D_SIZE;
   caps->max_texture_3d_levels = SWPIPE_MAX_TEXTURE_3D_LEVELS;
   caps->max_texture_cube_levels = SWPIPE_MAX_TEXTURE_CUBE_LEVELS;
   caps->max_texture_array_layers = SWPIPE_MAX_TEXTURE_ARRAY_LAYERS;
   caps->max_texture_image_units = SWPIPE_MAX_TEXTURE_IMAGE_UNITS;
   caps->max_combined_sampler_units = SWPIPE_MAX_TEXTURE_IMAGE_UNITS * PIPE_SHADER_TYPES;
   caps->max_texture_lod_bias = SWPIPE_MAX_TEXTURE_LOD_BIAS;
   caps->max_render_targets = SWPIPE_MAX_RENDER_TARGETS;
   caps->max_viewport_size = SWPIPE_MAX_VIEWPORT_SIZE;
   caps->max_samples = 0;

   /* without a rasterizer: the GL minimums */
   caps->min_line_width = 1.0f;
   caps->max_line_width = 1.0f;
   caps->line_width_granularity = 0.0f;
   caps->min_point_size = 1.0f;
   caps->max_point_size = 1.0f;
   caps->point_size_granularity = 0.0f;
   caps->subpixel_bits = 0;
   caps->max_clip_planes = SWPIPE_MAX_CLIP_PLANES;

   caps->user_vertex_buffers = false;
   caps->user_index_buffers = false;
   caps->user_constant_buffers = true;   /* copied at set_constant_buffer */
   caps->constant_buffer_offset_alignment = SWPIPE_CONSTANT_BUFFER_ALIGNMENT;
   caps->video_memory_mb = system_memory_mb();
   caps->uma = true;

#ifdef SWPIPE_HAVE_DRAW
   /* drawing: draw (vertex pipeline) + swpipe's rasterizer and fragment
    * pipeline + irexec (shaders) */
   caps->draw = true;
   caps->vertex_shader = true;
   caps->fragment_shader = true;
   /* irexec runs any Pony IR the GLSL front end lowers any version to
    * (integer types, flow control, txf/txs/txl/txd/tg4, integer, array,
    * buffer and rect samplers); the stages and features beyond it have
    * caps of their own (geometry_shader ...) */
   caps->glsl_feature_level = 330;
   caps->max_varyings = SWPIPE_MAX_VARYINGS;
   /* draw runs them with irexec (draw_gs.c) */
   caps->geometry_shader = true;
   caps->max_geometry_output_vertices = SWPIPE_MAX_GS_OUTPUT_VERTICES;
   caps->max_geometry_total_output_components = SWPIPE_MAX_GS_TOTAL_OUTPUT_COMPONENTS;
   caps->max_geometry_input_components = SWPIPE_MAX_GS_INPUT_COMPONENTS;
   caps->max_geometry_output_components = SWPIPE_MAX_GS_OUTPUT_COMPONENTS;
   caps->max_geometry_texture_image_units = SWPIPE_MAX_TEXTURE_IMAGE_UNITS;
   caps->primitive_restart = true;
   caps->instancing = true;
   caps->indep_blend_enable = true;
   caps->indep_blend_func = true;
   caps->blend_equation_separate = true;
   caps->dual_source_blend = true;
   caps->fbfetch = true;   /* swpipe_quad_fs.c last_frag_data */
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
   caps->min_line_width = SWPIPE_MIN_LINE_WIDTH;
   caps->max_line_width = SWPIPE_MAX_LINE_WIDTH;
   caps->line_width_granularity = 1.0f;  /* draw replicates whole-pixel lines */
   caps->min_point_size = SWPIPE_MIN_POINT_SIZE;
   caps->max_point_size = SWPIPE_MAX_POINT_SIZE;
   caps->point_size_granularity = 0.125f;
   caps->subpixel_bits = SWPIPE_SUBPIXEL_BITS;
#endif
#ifdef SWPIPE_HAVE_SAMPLER
   caps->blit = true;
#ifdef SWPIPE_HAVE_DRAW
   /* multisample rendering needs the rasterizer, resolving the blitter */
   caps->max_samples = SWPIPE_MAX_SAMPLES;
#endif
   caps->texture_swizzle = true;
   caps->texture_shadow_map = true;
   caps->seamless_cube_map = true;
   caps->texture_mirror_clamp = true;
#endif
}

struct pipe_screen *
swpipe_screen_create(struct sw_winsys *ws, const struct swpipe_driver *driver)
{
   struct swpipe_screen *screen;
   struct pipe_caps caps;

   if (!ws || !driver || !driver->name)
      return NULL;
   screen = calloc(1, sizeof *screen);
   if (!screen)
      return NULL;

   swpipe_fill_caps(&caps);
   /* caps is const for everyone else; this is its one initialisation */
   memcpy((void *)&screen->base.caps, &caps, sizeof caps);
   screen->debug = pony_debug_get();
   screen->driver = driver;
   if (driver->screen_init && !driver->screen_init(screen)) {
      free(screen);
      return NULL;
   }

   screen->base.winsys = ws;
   screen->base.destroy = swpipe_screen_destroy;
   screen->base.get_name = swpipe_get_name;
   screen->base.get_vendor = swpipe_get_vendor;
   screen->base.is_format_supported = swpipe_is_format_supported;
   screen->base.context_create = swpipe_context_create;
   swpipe_init_screen_resource_funcs(&screen->base);
   swpipe_init_screen_fence_funcs(&screen->base);

   if (screen->debug & PONY_DEBUG_DRIVER)
      pony_log(driver->name, "screen created on the '%s' winsys", ws->name ? ws->name : "?");
   return &screen->base;
}
