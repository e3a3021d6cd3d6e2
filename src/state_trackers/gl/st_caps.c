/*
 * Versions and extensions from pipe_caps.  The one place that decides what
 * a context may claim: each version step lists the driver features it
 * needs, and the state tracker's own progress (what its entry points
 * implement) caps the result.  Raise ST_IMPLEMENTED_* when the state
 * tracker gains the entry points a version needs.
 */
#include "st_caps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_screen.h"

/*
 * What the state tracker itself implements, per profile (major * 10 +
 * minor; 0 = nothing).  Compatibility: every command and feature of GL 1.0
 * to 1.5 (fixed function, textures, buffer objects, occlusion queries,
 * display lists, selection/feedback, the pixel path); no GLSL, so not 2.0.
 * GLES 1.1: the same machinery with the ES entry points and rules
 * (api/api_es.c).  The compatibility floor keeps a 1.0 context on drivers
 * whose caps carry less (no draw_vbo).
 */
/*
 * GL 2.0/2.1 and GLSL 1.10/1.20: the shader API, generic attributes and the
 * draw path (st_glsl.c, api/api_shader.c, api/api_uniform.c; docs/gl2-api.md)
 * with the GLSL compiler and linker (src/compiler/glsl, docs/glsl.md).  This
 * one switch turns on GL 2.1, GL_SHADING_LANGUAGE_VERSION, the shader
 * extensions and OpenGL ES 2.0 contexts.
 */
#define ST_GLSL_READY          1

/*
 * GL 3.0-3.3 and GLSL 1.30-3.30 (issue D; docs/gl-state-tracker.md, the
 * GL 3.x layers in docs/status.md): compatibility and core profiles,
 * forward-compatible and debug contexts, with GLSL 3.30 (1.50 and 3.30
 * compatibility in compatibility contexts).
 */
#define ST_IMPLEMENTED_COMPAT  (ST_GLSL_READY ? 33 : 15)
#define ST_IMPLEMENTED_CORE    (ST_GLSL_READY ? 33 : 0)
#define ST_IMPLEMENTED_GLES1   11
#define ST_IMPLEMENTED_GLES2   (ST_GLSL_READY ? 30 : 0)   /* ES 2.0 and 3.0 (api_shader.c, st_es_formats.c) */
#define ST_COMPAT_FLOOR        10

int
st_caps_driver_gl_version(const struct pipe_caps *c)
{
   if (!c->draw || c->max_texture_2d_size < 64 || c->max_viewport_size < 64)
      return 0;
   if (!c->texture_3d)
      return 11;
   if (!c->texture_cube)
      return 12;
   if (!c->texture_shadow_map || !c->stencil_wrap)
      return 13;
   if (!c->occlusion_query)
      return 14;
   if (c->glsl_feature_level < 110 || !c->vertex_shader || !c->fragment_shader ||
       !c->npot_textures || !c->point_sprite || !c->two_sided_stencil ||
       !c->blend_equation_separate || c->max_render_targets < 1)
      return 15;
   if (c->glsl_feature_level < 120 || !c->srgb)
      return 20;
   if (c->glsl_feature_level < 130 || !c->float_textures || !c->float_render_targets ||
       !c->integer_textures || !c->texture_array || !c->stream_output ||
       !c->conditional_render || !c->rgtc || c->max_render_targets < 8 ||
       c->max_samples < 4 || !c->texture_1d)
      return 21;
   if (c->glsl_feature_level < 140 || !c->texture_buffer || !c->instancing ||
       !c->primitive_restart || !c->texture_rect || c->max_vertex_attribs < 16)
      return 30;
   if (c->glsl_feature_level < 150 || !c->geometry_shader || !c->seamless_cube_map ||
       !c->depth_clamp)
      return 31;
   if (c->glsl_feature_level < 330 || !c->dual_source_blend || !c->query_time_elapsed ||
       !c->query_timestamp || !c->texture_swizzle)
      return 32;
   return 33;
}

static int
driver_gles2_version(const struct pipe_caps *c)
{
   if (!c->draw || c->glsl_feature_level < 110 || !c->vertex_shader || !c->fragment_shader ||
       !c->npot_textures || !c->point_sprite || !c->two_sided_stencil ||
       !c->blend_equation_separate || !c->texture_cube)
      return 0;
   if (c->glsl_feature_level < 330 || !c->float_textures || !c->integer_textures ||
       !c->texture_array || !c->texture_3d || !c->stream_output || !c->instancing ||
       !c->primitive_restart || !c->srgb || c->max_render_targets < 4 ||
       !c->texture_swizzle || !c->texture_shadow_map || c->max_samples < 4)
      return 20;
   return 30;
}

static int
min_int(int a, int b)
{
   return a < b ? a : b;
}

/* What a context with GLSL offers beyond the version's commands. */
static const char *const glsl_extensions[] = {
   "GL_ARB_shader_objects", "GL_ARB_vertex_shader", "GL_ARB_fragment_shader",
   "GL_ARB_shading_language_100",
   /* texture*Lod in fragment shaders and the *GradARB lookups: the
    * compiler's desktop extension list (st_glsl.c), txl/txd in irexec and
    * the sampler */
   "GL_ARB_shader_texture_lod",
   /* arrays of arrays (GLSL 4.30's rule, gated for 1.10/1.20 in
    * glsl_types.c; the linker and lowering take arrays of any depth) */
   "GL_ARB_arrays_of_arrays",
   /* layout(location = N) on vertex inputs (glsl_sema.c, glsl_link.c) */
   "GL_ARB_explicit_attrib_location",
   /* gl_FragCoord's layout(origin_upper_left, pixel_center_integer) and the
    * ARB_fragment_program options (the FRAG_COORD input's conventions) */
   "GL_ARB_fragment_coord_conventions",
   /* uniform blocks: the compiler's desktop extension list (st_glsl.c),
    * load_cbuf from the binding points' buffers (st_ubo.c, api_ubo.c) */
   "GL_ARB_uniform_buffer_object",
};

/* Transform feedback: EXT_transform_feedback (GL 3.0's section 2.15),
 * ARB_transform_feedback2 (objects, pause/resume, glDrawTransformFeedback),
 * ARB_transform_feedback3 (gl_NextBuffer, gl_SkipComponents, indexed
 * queries of stream 0). */
static const char *const xfb_extensions[] = {
   "GL_EXT_transform_feedback", "GL_ARB_transform_feedback2", "GL_ARB_transform_feedback3",
};

static void
add_ext(struct st_caps_result *out, const char *name)
{
   if (out->num_extensions < ST_MAX_EXTENSIONS)
      out->extensions[out->num_extensions++] = name;
}

/* The extensions that need a GLSL (so GL) version: GLSL 1.30's integer
 * and texel-offset lookups and the texture queries (st_glsl.c's rows) from
 * 1.30 (textureSamples, GL_ARB_shader_texture_image_samples, with the
 * multisample textures it asks about), GL 3.1's indirect and
 * base-instance draws from 1.40; each once */
static void
add_versioned_extensions(struct st_caps_result *out)
{
   /* what else an entry needs: nothing, the indirect draws' flag, the
    * multisample textures, buffer textures, dual-source blending */
   enum { NONE, INDIRECT, MULTISAMPLE, TEXBUF, BFE };
   static const struct {
      int glsl;
      int needs;
      const char *name;
   } names[] = {
      { 130, NONE, "GL_ARB_shader_bit_encoding" },
      { 130, NONE, "GL_ARB_texture_gather" },
      { 130, NONE, "GL_ARB_texture_query_levels" },
      { 130, NONE, "GL_ARB_texture_query_lod" },
      { 130, MULTISAMPLE, "GL_ARB_shader_texture_image_samples" },
      /* GL 3.3's dual-source blending with user outputs (api_shader.c) */
      { 130, BFE, "GL_ARB_blend_func_extended" },
      /* GL 3.1 extensions (api_draw_indirect.c): with the instanced draws */
      { 140, INDIRECT, "GL_ARB_draw_indirect" },
      { 140, INDIRECT, "GL_ARB_multi_draw_indirect" },
      { 140, INDIRECT, "GL_ARB_base_instance" },
      /* buffer textures (api_texbuffer.c): samplerBuffer is GLSL 1.40's */
      { 140, TEXBUF, "GL_ARB_texture_buffer_object" },
      { 140, TEXBUF, "GL_ARB_texture_buffer_range" },
      { 140, TEXBUF, "GL_ARB_texture_buffer_object_rgb32" },
   };
   out->ext_draw_indirect = out->ext_base_instance =
      out->glsl_version >= 140 && out->ext_draw_instanced;
   out->arb_blend_func_extended = out->glsl_version >= 130 && out->ext_blend_func_extended;
   out->ext_texture_buffer = out->glsl_version >= 140 && out->tex_buffer;
   for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
      bool have = false;
      if (out->glsl_version < names[i].glsl ||
          (names[i].needs == INDIRECT && !out->ext_draw_indirect) ||
          (names[i].needs == MULTISAMPLE && !out->ext_texture_multisample) ||
          (names[i].needs == TEXBUF && !out->ext_texture_buffer) ||
          (names[i].needs == BFE && !out->arb_blend_func_extended))
         continue;
      for (unsigned k = 0; k < out->num_extensions && !have; k++)
         have = !strcmp(out->extensions[k], names[i].name);
      if (!have)
         add_ext(out, names[i].name);
   }
}

/*
 * The caps of a driver, with the compatibility and core versions capped at
 * impl_compat / impl_core (what the state tracker implements, or what
 * PONY_GL_VERSION_OVERRIDE asks for): everything that follows a version
 * (the GLSL version, the extensions that need one) follows the cap.
 */
static void
compute(const struct pipe_caps *c, int impl_compat, int impl_core, struct st_caps_result *out)
{
   memset(out, 0, sizeof *out);

   int gl = st_caps_driver_gl_version(c);
   out->driver_version[ST_PROFILE_COMPAT] = gl;
   out->driver_version[ST_PROFILE_CORE] = gl >= 31 ? gl : 0;
   out->driver_version[ST_PROFILE_GLES1] = c->draw && c->max_texture_2d_size >= 64 ? 11 : 0;
   out->driver_version[ST_PROFILE_GLES2] = driver_gles2_version(c);

   int compat = min_int(gl, impl_compat);
   out->max_version[ST_PROFILE_COMPAT] = compat < ST_COMPAT_FLOOR ? ST_COMPAT_FLOOR : compat;
   out->max_version[ST_PROFILE_CORE] =
      min_int(out->driver_version[ST_PROFILE_CORE], impl_core);
   out->max_version[ST_PROFILE_GLES1] =
      min_int(out->driver_version[ST_PROFILE_GLES1], ST_IMPLEMENTED_GLES1);
   out->max_version[ST_PROFILE_GLES2] =
      min_int(out->driver_version[ST_PROFILE_GLES2], ST_IMPLEMENTED_GLES2);

   /* Pixel-format extensions: implemented by the state tracker's pixel
    * packing alone (glReadPixels today), so they need nothing from the
    * driver.  GL_EXT_packed_depth_stencil also needs DEPTH_STENCIL
    * renderbuffer and texture formats (api_fbo.c, api_texture.c). */
   out->ext_bgra = true;
   out->ext_packed_pixels = true;
   /* DEPTH_STENCIL renderbuffers (api_fbo.c) and textures exist with drawing */
   out->ext_packed_depth_stencil = c->draw;
   if (out->ext_bgra)
      add_ext(out, "GL_EXT_bgra");
   /* GL_EXT_abgr: GL_ABGR_EXT client data in every pixel command
    * (st_pixel_format.c), packing and unpacking alone */
   add_ext(out, "GL_EXT_abgr");
   if (out->ext_packed_depth_stencil) {
      add_ext(out, "GL_EXT_packed_depth_stencil");
      /* the NV names of the same tokens; glCopyPixels of depth and stencil
       * as colour (api_drawpixels.c) */
      add_ext(out, "GL_NV_packed_depth_stencil");
      add_ext(out, "GL_NV_copy_depth_to_color");
   }
   if (out->ext_packed_pixels)
      add_ext(out, "GL_EXT_packed_pixels");
   /* GL_IMPLEMENTATION_COLOR_READ_TYPE/FORMAT_OES (api_get.c): the pair
    * glReadPixels reads besides RGBA/UNSIGNED_BYTE */
   add_ext(out, "GL_OES_read_format");

   /* Per-fragment state (api_fragment.c, api_query.c): the GL 1.2-1.5
    * features these extensions name, with their driver caps. */
   if (c->draw) {
      add_ext(out, "GL_EXT_blend_color");
      add_ext(out, "GL_EXT_blend_minmax");
      add_ext(out, "GL_EXT_blend_subtract");
      add_ext(out, "GL_EXT_blend_func_separate");
      add_ext(out, "GL_NV_blend_square");
      add_ext(out, "GL_ARB_point_parameters");
      /* GL_POINT_SPRITE + per-unit GL_COORD_REPLACE: the draw module's
       * sprite quads replace those units' texcoord varyings (st_draw.c) */
      if (c->point_sprite)
         add_ext(out, "GL_ARB_point_sprite");
      if (c->blend_equation_separate)
         add_ext(out, "GL_EXT_blend_equation_separate");
      if (c->stencil_wrap)
         add_ext(out, "GL_EXT_stencil_wrap");
      if (c->two_sided_stencil)
         add_ext(out, "GL_ATI_separate_stencil");
      if (c->occlusion_query)
         add_ext(out, "GL_ARB_occlusion_query");
      /* boolean occlusion queries: the pipe's OCCLUSION_PREDICATE */
      out->ext_occlusion_query2 = c->occlusion_query;
      if (out->ext_occlusion_query2)
         add_ext(out, "GL_ARB_occlusion_query2");
      /* TIME_ELAPSED and TIMESTAMP pipe queries (nanoseconds) */
      out->ext_timer_query = c->query_time_elapsed && c->query_timestamp;
      if (out->ext_timer_query)
         add_ext(out, "GL_ARB_timer_query");
      /* api_query.c: the state tracker discards the rendering commands
       * itself (draws, clears, pixel rectangles, blits), so only the
       * occlusion queries are needed */
      if (c->occlusion_query)
         add_ext(out, "GL_NV_conditional_render");
   }

   /* GL 1.1-1.4 core features under their extension names (programs written
    * for GL 1.1 look for these).  The extension-suffixed commands
    * (glWindowPos2iARB, glLoadTransposeMatrixfARB, glSampleCoverageARB,
    * glPointParameterfEXT, glCopyTexImage1DEXT, glGenTexturesEXT...) are the
    * loader's aliases of the core ones; the tokens are the core values. */
   if (c->draw) {
      add_ext(out, "GL_ARB_window_pos");               /* GL 1.4 glWindowPos */
      add_ext(out, "GL_ARB_transpose_matrix");         /* GL 1.3 */
      add_ext(out, "GL_ARB_multisample");              /* GL 1.3 glSampleCoverage */
      add_ext(out, "GL_EXT_rescale_normal");           /* GL 1.2 */
      add_ext(out, "GL_EXT_separate_specular_color");  /* GL 1.2 */
      add_ext(out, "GL_EXT_point_parameters");         /* GL 1.4 (= ARB_point_parameters) */
      add_ext(out, "GL_EXT_blend_logic_op");           /* GL 1.1 logic op in RGBA */
      add_ext(out, "GL_EXT_texture");                  /* GL 1.1 internal formats, proxies */
      add_ext(out, "GL_EXT_texture_object");           /* GL 1.1 texture objects */
      add_ext(out, "GL_EXT_copy_texture");             /* GL 1.1 glCopyTex(Sub)Image */
      add_ext(out, "GL_EXT_subtexture");               /* GL 1.1 glTexSubImage */
      add_ext(out, "GL_SGIS_texture_edge_clamp");      /* GL 1.2 CLAMP_TO_EDGE */
      add_ext(out, "GL_EXT_texture_edge_clamp");
      add_ext(out, "GL_EXT_texture_cube_map");         /* = ARB_texture_cube_map */
      add_ext(out, "GL_EXT_texture_env_add");          /* = ARB_texture_env_add */
      add_ext(out, "GL_IBM_texture_mirrored_repeat");  /* = ARB_texture_mirrored_repeat */
      add_ext(out, "GL_NV_texture_rectangle");         /* = ARB_texture_rectangle */
      add_ext(out, "GL_NV_fog_distance");              /* ff_vs.c: eye-plane / radial fog distance */
      add_ext(out, "GL_EXT_pixel_buffer_object");      /* = ARB_pixel_buffer_object */
   }

   /* Framebuffer objects, blits and draw buffers (st_fbo.c, api_fbo.c):
    * pipe blits, render targets and depth/stencil surfaces are all it needs. */
   if (c->draw && c->blit && c->max_render_targets >= 1) {
      add_ext(out, "GL_ARB_framebuffer_object");
      add_ext(out, "GL_EXT_framebuffer_object");
      add_ext(out, "GL_EXT_framebuffer_blit");
      /* GL_FRAMEBUFFER_SRGB: sRGB attachments encode writes/blends/clears
       * while enabled, else are used through their linear twin (st_fbo.c) */
      add_ext(out, "GL_ARB_framebuffer_sRGB");
      add_ext(out, "GL_EXT_framebuffer_sRGB");
      if (c->max_render_targets >= 8)
         add_ext(out, "GL_ARB_draw_buffers");
      /* per-draw-buffer masks, blend enables, functions and equations:
       * the pipe blend state's independent rt[] (st_draw.c) */
      out->ext_draw_buffers2 = c->max_render_targets >= 8 && c->indep_blend_enable;
      /* ES 2.0: the same draw buffers under ES's rules (api_buffers.c) */
      out->ext_es_draw_buffers = c->max_render_targets >= 8;
      out->ext_draw_buffers_blend = out->ext_draw_buffers2 && c->indep_blend_func;
      if (out->ext_draw_buffers2)
         add_ext(out, "GL_EXT_draw_buffers2");
      if (out->ext_draw_buffers_blend)
         add_ext(out, "GL_ARB_draw_buffers_blend");
      /* multisample renderbuffers, resolving blits, scaled resolves
       * (resolve, then a LINEAR scale); docs/gl-state-tracker.md */
      if (c->max_samples > 1) {
         add_ext(out, "GL_EXT_framebuffer_multisample");
         add_ext(out, "GL_EXT_framebuffer_multisample_blit_scaled");
      }
   }

   /* Texturing (st_texture.c, api_texture.c, api_texenv.c, st_texcompress.c). */
   if (c->draw) {
      add_ext(out, "GL_ARB_multitexture");   /* with glMultiTexCoord / glClientActiveTexture */
      add_ext(out, "GL_ARB_texture_env_add");
      add_ext(out, "GL_ARB_texture_env_combine");
      add_ext(out, "GL_ARB_texture_env_crossbar");
      add_ext(out, "GL_ARB_texture_env_dot3");
      add_ext(out, "GL_EXT_texture_env_combine");
      add_ext(out, "GL_NV_texture_env_combine4");
      add_ext(out, "GL_ARB_texture_cube_map");
      add_ext(out, "GL_EXT_texture3D");
      add_ext(out, "GL_ARB_texture_border_clamp");
      add_ext(out, "GL_ARB_texture_mirrored_repeat");
      add_ext(out, "GL_SGIS_generate_mipmap");
      add_ext(out, "GL_ARB_depth_texture");
      add_ext(out, "GL_ARB_shadow");
      add_ext(out, "GL_EXT_shadow_funcs");
      add_ext(out, "GL_EXT_texture_lod_bias");
      add_ext(out, "GL_SGIS_texture_lod");
      add_ext(out, "GL_ARB_texture_compression");
      add_ext(out, "GL_EXT_texture_compression_s3tc");
      /* sRGB textures (GL 2.1 formats, sampled decoded by the driver's
       * sRGB formats), sRGB S3TC, glGetTexImage of the stored values */
      add_ext(out, "GL_EXT_texture_sRGB");
      add_ext(out, "GL_ARB_texture_compression_rgtc");
      add_ext(out, "GL_EXT_texture_compression_rgtc");
      /* the same blocks read as luminance (alpha): the LATC pipe formats */
      add_ext(out, "GL_EXT_texture_compression_latc");
      add_ext(out, "GL_ATI_texture_compression_3dc");
      /* BPTC (BC7/BC6H, also 3D slices) and FXT1: decoded by the format
       * module (u_format_bptc.c, u_format_fxt1.c), simple encoders for
       * uncompressed uploads */
      add_ext(out, "GL_3DFX_texture_compression_FXT1");
      add_ext(out, "GL_ARB_texture_compression_bptc");
      add_ext(out, "GL_ARB_texture_non_power_of_two");
      add_ext(out, "GL_ARB_texture_rectangle");
      add_ext(out, "GL_ARB_clear_texture");   /* api_texture.c: glClearTex(Sub)Image */
      /* api_texstorage.c (immutable textures), api_texview.c (views sharing
       * the resource through pipe sampler views / surfaces of their format) */
      add_ext(out, "GL_ARB_texture_storage");
      add_ext(out, "GL_ARB_texture_view");
      /* api_copyimage.c: glCopyImageSubData through resource_copy_region */
      out->ext_copy_image = true;
      add_ext(out, "GL_ARB_copy_image");
      /* api/api_sampler.c; st_texture_validate applies bound sampler objects
       * (piglit's tex-miplevel-selection tests read
       * GL_SHADING_LANGUAGE_VERSION when they see it: the string waited
       * for GLSL) */
      add_ext(out, "GL_ARB_sampler_objects");
      out->arb_sampler_objects = true;
      /* api_flush.c: glTextureBarrier[NV] completes earlier drawing */
      add_ext(out, "GL_ARB_texture_barrier");
      add_ext(out, "GL_NV_texture_barrier");
   }


   /* Format extensions (see st_caps.h: texture side + pixel side).  The
    * texture side (st_tex_choose_format) asks the driver per format and
    * falls back to wider formats; float formats need float sampling.
    * pix_* are set by the pixel side once GL_RG, 10F_11F_11F_REV,
    * 5_9_9_9_REV and FLOAT_32_UNSIGNED_INT_24_8_REV client data are
    * accepted. */
   out->tex_rg = c->draw;
   out->tex_packed_float = c->draw;
   out->tex_shared_exponent = c->draw;
   out->ext_texture_float = c->draw && c->float_textures;
   out->tex_depth_float = c->draw;
   /* pixel side done (st_pixel_format.c: GL_RG, 10F_11F_11F_REV, 5_9_9_9_REV) */
   out->pix_rg = c->draw;
   out->pix_packed_float = c->draw;
   out->pix_shared_exponent = c->draw;
   /* FLOAT_32_UNSIGNED_INT_24_8_REV in glDrawPixels/glReadPixels/glTex(Sub)Image/
    * glGetTexImage, PBOs and display lists */
   out->pix_depth_float = c->draw;
   out->ext_texture_rg = out->tex_rg && out->pix_rg;
   out->ext_depth_buffer_float = out->tex_depth_float && out->pix_depth_float;
   out->ext_packed_float = out->tex_packed_float && out->pix_packed_float;
   /* GL_HALF_FLOAT client data: unpacked/packed like GL_FLOAT, through
    * half <-> float conversion (glDrawPixels, glReadPixels, glTex(Sub)Image,
    * glGetTexImage, glClearTex(Sub)Image, PBOs, display lists) */
   out->ext_half_float_pixel = c->draw;
   if (out->ext_half_float_pixel)
      add_ext(out, "GL_ARB_half_float_pixel");
   out->ext_texture_shared_exponent = out->tex_shared_exponent && out->pix_shared_exponent;
   if (out->ext_texture_float)
      add_ext(out, "GL_ARB_texture_float");
   /* GL_ARB_color_buffer_float (api_clamp.c, st_clamp.h): the clamp
    * controls reach the fixed-function shaders' keys, the rasterizer's
    * clamp_vertex_color (draw) and clamp_fragment_color (the driver),
    * glDrawPixels, glReadPixels and the colour queries */
   out->arb_color_buffer_float = out->ext_texture_float && c->fragment_color_clamp_control;
   if (out->arb_color_buffer_float)
      add_ext(out, "GL_ARB_color_buffer_float");
   if (out->ext_texture_rg)
      add_ext(out, "GL_ARB_texture_rg");
   /* GL_EXT_texture_snorm: signed storage (st_tex_choose_format), signed
    * GL_BYTE/SHORT/INT transfers (st_pixel_unpack.c), RED/RG need texture_rg */
   out->ext_texture_snorm = c->draw && out->ext_texture_rg;
   if (out->ext_texture_snorm)
      add_ext(out, "GL_EXT_texture_snorm");
   if (out->ext_packed_float)
      add_ext(out, "GL_EXT_packed_float");
   if (out->ext_texture_shared_exponent)
      add_ext(out, "GL_EXT_texture_shared_exponent");
   if (out->ext_depth_buffer_float)
      add_ext(out, "GL_ARB_depth_buffer_float");
   /* GL_EXT_texture_array: 1D/2D array textures (st_texture.c, api_texture.c,
    * st_fbo.c: images, sub images, copies, compressed 2D arrays, queries,
    * glGenerateMipmap per layer, glFramebufferTextureLayer).  Fixed
    * function does not sample them (they are no texture-enable targets),
    * as the extension allows; shaders would. */
   out->tex_array = c->draw;
   out->ext_texture_array = out->tex_array;
   /* GL_ARB_texture_cube_map_array: the same storage (PIPE_TEXTURE_CUBE_ARRAY,
    * depth = layer-faces): images, sub images, copies, compressed images,
    * proxies, queries, glGenerateMipmap, glFramebufferTextureLayer.  Like
    * EXT_texture_array it states no version or shading-language
    * requirement and "does not provide for the use of cube map array
    * textures with fixed-function fragment processing"; its sampler type
    * tokens only matter to a shading language, which this context lacks. */
   out->tex_cube_array = c->draw;
   out->ext_texture_cube_map_array = out->tex_cube_array;
   if (out->ext_texture_cube_map_array)
      add_ext(out, "GL_ARB_texture_cube_map_array");
   if (out->ext_texture_array)
      add_ext(out, "GL_EXT_texture_array");
   /* GL_ARB_texture_stencil8: STENCIL_INDEX8 textures (PIPE_FORMAT_S8_UINT)
    * for every image, sub-image, copy, clear and query command, and as
    * framebuffer stencil attachments.  Stencil lookups are defined for
    * shaders only; fixed-function texturing treats such a unit as disabled. */
   out->ext_texture_stencil8 = c->draw;
   /* GL_ARB/EXT_texture_swizzle: TEXTURE_SWIZZLE_R/G/B/A/RGBA parameters,
    * applied by the sampler view after the base-format expansion */
   out->ext_texture_swizzle = c->draw;
   if (out->ext_texture_swizzle) {
      add_ext(out, "GL_ARB_texture_swizzle");
      add_ext(out, "GL_EXT_texture_swizzle");
   }
   if (out->ext_texture_stencil8)
      add_ext(out, "GL_ARB_texture_stencil8");
   /* GL_ARB_sync (api/api_sync.c): needs only pipe flush + screen fences;
    * without fences glFenceSync waits for the flush itself. */
   out->ext_sync = true;
   if (out->ext_sync)
      add_ext(out, "GL_ARB_sync");
   /* GL_KHR_debug / GL_ARB_debug_output (st_debug.c): needs nothing below
    * the state tracker */
   out->ext_khr_debug = true;
   if (out->ext_khr_debug) {
      add_ext(out, "GL_KHR_debug");
      add_ext(out, "GL_ARB_debug_output");
   }
   /* GL_ARB_texture_multisample (api_texms.c, st_fbo.c): multisample 2D
    * and 2D-array textures (images, proxies, queries, FBO attachment,
    * completeness, resolving blits), glGetMultisamplefv with the
    * driver's sample positions, glSampleMaski / GL_SAMPLE_MASK applied to
    * rendering; GLSL's sampler2DMS[Array] (1.50, or this extension in
    * 1.30 / 1.40 shaders: st_glsl.c) read them per sample (txf_ms).
    * Fixed function never samples them. */
   out->tex_multisample = c->draw && c->blit && c->max_samples > 1 &&
                          c->max_render_targets >= 1;
   out->ext_texture_multisample = out->tex_multisample;
   if (out->ext_texture_multisample)
      add_ext(out, "GL_ARB_texture_multisample");
   /* GL_ARB_texture_storage_multisample: immutable multisample textures on
    * top of both (ARB_texture_storage is offered with c->draw above), the
    * multisample rows of ARB_texture_view (api_texview.c) */
   out->tex_storage_multisample = out->ext_texture_multisample && c->draw;
   if (out->tex_storage_multisample)
      add_ext(out, "GL_ARB_texture_storage_multisample");
   /* GL_EXT_texture_integer: integer internal formats (st_texture.c;
    * A/L/LA/I in RGBA integer storage), GL_*_INTEGER client data in
    * glTex(Sub)Image / glGetTexImage / glReadPixels and display lists, the
    * mismatch errors (api_texture.c, api_drawpixels.c, api_readpixels.c),
    * glTexParameterI*EXT / glGetTexParameterI*EXT (unclamped integer
    * border), glClearColorI*EXT and integer clears, GL_RGBA_INTEGER_MODE_EXT,
    * integer renderbuffers and attachments (no blending, no alpha test).
    * The extension names EXT_gpu_shader4 (or NV_gpu_program4) as required
    * for integer lookups in shaders; Pony has neither, so integer textures
    * are sampled by GLSL 1.20 / fixed function as the unnormalized values
    * converted to float (NEAREST), which the extension leaves undefined. */
   out->tex_integer = c->draw && c->integer_textures;
   out->pix_integer = c->draw;
   out->ext_texture_integer = out->tex_integer && out->pix_integer;
   if (out->ext_texture_integer)
      add_ext(out, "GL_EXT_texture_integer");
   /* GL_ARB_texture_rgb10_a2ui (GL 3.3): GL_RGB10_A2UI textures and
    * renderbuffers in PIPE_FORMAT_R10G10B10A2_UINT, on the integer path */
   out->arb_texture_rgb10_a2ui = out->ext_texture_integer;
   if (out->arb_texture_rgb10_a2ui)
      add_ext(out, "GL_ARB_texture_rgb10_a2ui");

   /* Vertex specification, buffer objects and draws (api_immediate.c,
    * api_draw.c, st_array.c, api_buffer.c): converted on the CPU, so any
    * driver that draws has them. */
   if (c->draw) {
      add_ext(out, "GL_ARB_vertex_buffer_object");
      add_ext(out, "GL_ARB_map_buffer_range");
      /* restart index in element draws and glArrayElement, glPrimitiveRestartNV
       * in glBegin/glEnd (st_array.c, api_immediate.c) */
      add_ext(out, "GL_NV_primitive_restart");
      add_ext(out, "GL_ARB_copy_buffer");
      /* vertex array objects: the bound st_vao holds the array state (api_vao.c) */
      add_ext(out, "GL_ARB_vertex_array_object");
      add_ext(out, "GL_ARB_half_float_vertex");
      add_ext(out, "GL_EXT_secondary_color");
      add_ext(out, "GL_EXT_fog_coord");
      add_ext(out, "GL_EXT_vertex_array");   /* GL 1.1's arrays with counts (api_draw.c) */
      add_ext(out, "GL_EXT_multi_draw_arrays");
      add_ext(out, "GL_EXT_draw_range_elements");
      add_ext(out, "GL_EXT_vertex_array_bgra");
      /* GL_BGRA in glVertexAttribPointer too (api_vertex_attrib.c) */
      add_ext(out, "GL_ARB_vertex_array_bgra");
      /* packed vertex types: every pointer command, glVertexAttribP* and
       * glVertexP* / glColorP* ... (api_immediate.c), compiled into lists */
      add_ext(out, "GL_ARB_vertex_type_2_10_10_10_rev");
      add_ext(out, "GL_ARB_vertex_type_10f_11f_11f_rev");
      /* api_draw_instanced.c: glDraw*ElementsBaseVertex (st_array.c adds
       * basevertex to each index, negative elements read (0, 0, 0, 1)) */
      out->ext_base_vertex = true;
      add_ext(out, "GL_ARB_draw_elements_base_vertex");
      /* instances: the pipe's instance_count and per-instance vertex
       * elements (st_draw.c); GL_ARB_draw_instanced also needs GLSL
       * (gl_InstanceIDARB), added with the shader extensions below */
      out->ext_draw_instanced = c->instancing;
      /* PIPE_BUFFER sampler views (texelFetch, textureSize) */
      out->tex_buffer = c->texture_buffer;
      out->ext_instanced_arrays = c->instancing;
      if (out->ext_instanced_arrays)
         add_ext(out, "GL_ARB_instanced_arrays");
      /* rasterizer state: depth_clamp with depth clipping off (refpipe
       * clamps fragment depth to the depth range), flatshade_first (the
       * draw module's provoking vertex, quads included); the sampler's
       * seamless_cube_map, from the enable or the texture's parameter */
      out->ext_depth_clamp = c->depth_clamp;
      if (out->ext_depth_clamp)
         add_ext(out, "GL_ARB_depth_clamp");
      out->ext_provoking_vertex = true;
      add_ext(out, "GL_ARB_provoking_vertex");
      add_ext(out, "GL_EXT_provoking_vertex");
      out->ext_seamless_cube_map = c->seamless_cube_map;
      if (out->ext_seamless_cube_map) {
         add_ext(out, "GL_ARB_seamless_cube_map");
         add_ext(out, "GL_AMD_seamless_cubemap_per_texture");
      }
      /* every pixel command takes GL_PIXEL_PACK/UNPACK_BUFFER offsets
       * (st_pixel_buffer_ptr in st_drawpix.c) */
      add_ext(out, "GL_ARB_pixel_buffer_object");
      /* ARB assembly programs (src/compiler/arbprog, st_arbprog.c,
       * api_arbprog.c, api_vertex_attrib.c): compiled to Pony IR like the
       * fixed-function shaders; the shadow targets need depth textures */
      add_ext(out, "GL_ARB_vertex_program");
      add_ext(out, "GL_ARB_fragment_program");
      add_ext(out, "GL_ARB_fragment_program_shadow");
      /* GL_ATI_fragment_shader (src/compiler/atifs, st_atifs.c, api_atifs.c):
       * lowered to Pony IR in place of the fixed-function fragment shader */
      add_ext(out, "GL_ATI_fragment_shader");
   }

   out->max_viewport_dims = c->max_viewport_size ? (int)c->max_viewport_size : 4096;
   if (out->max_viewport_dims > 16384)
      out->max_viewport_dims = 16384;
   out->max_texture_size = c->max_texture_2d_size ? (int)c->max_texture_2d_size : 64;
   out->subpixel_bits = c->subpixel_bits ? (int)c->subpixel_bits : 4;
   /* GLSL: the version the compatibility version carries (GL 2.0: 1.10,
    * 2.1: 1.20), once ST_GLSL_READY; ES 2 contexts say GLSL ES 1.00 */
   out->glsl_version = st_caps_glsl_version(out->max_version[ST_PROFILE_COMPAT]);
   /* dual-source blending (gl_SecondaryFragColorEXT and layout(index = 1)
    * outputs are the output at location 1, the pipe's SRC1 factors): ES
    * 2.0's extension; the desktop one with GLSL 1.30 (add_versioned_extensions) */
   out->ext_blend_func_extended = out->glsl_version && c->dual_source_blend && c->fragment_shader;
   if (out->glsl_version) {
      for (unsigned i = 0; i < (sizeof glsl_extensions / sizeof glsl_extensions[0]); i++)
         add_ext(out, glsl_extensions[i]);
      if (out->ext_draw_instanced)
         add_ext(out, "GL_ARB_draw_instanced");   /* gl_InstanceIDARB: st_glsl.c */
      add_versioned_extensions(out);
   }
   /* gl_LastFragData: the front end's IR_SEM_LAST_FRAG_DATA input, which
    * the driver fills with the colour buffers' values (coherently, so the
    * non-coherent extension's barrier has nothing to wait for) */
   out->ext_shader_framebuffer_fetch = out->glsl_version && c->fbfetch && c->fragment_shader;
   if (out->ext_shader_framebuffer_fetch) {
      add_ext(out, "GL_EXT_shader_framebuffer_fetch");
      add_ext(out, "GL_EXT_shader_framebuffer_fetch_non_coherent");
   }
   /* Transform feedback (st_xfb.c, api/api_xfb.c, the GLSL linker's
    * capture layout): the driver's stream output, with GLSL (capture needs
    * a program) */
   out->xfb = c->draw && c->stream_output && out->glsl_version && c->vertex_shader;
   out->ext_transform_feedback = out->xfb;
   if (out->ext_transform_feedback) {
      for (unsigned i = 0; i < (sizeof xfb_extensions / sizeof xfb_extensions[0]); i++)
         add_ext(out, xfb_extensions[i]);
      /* glDrawTransformFeedback(Stream)Instanced: the instanced draws */
      if (out->ext_draw_instanced)
         add_ext(out, "GL_ARB_transform_feedback_instanced");
   }
}

void
st_caps_compute(const struct pipe_caps *c, struct st_caps_result *out)
{
   compute(c, ST_IMPLEMENTED_COMPAT, ST_IMPLEMENTED_CORE, out);
}

int
st_caps_glsl_version(int gl_version)
{
   /* the GLSL version each GL version comes with (GL 3.3 section 1 names
    * GLSL 3.30; 3.2: 1.50, 3.1: 1.40, 3.0: 1.30) */
   return gl_version >= 33 ? 330 : gl_version >= 32 ? 150 : gl_version >= 31 ? 140 :
          gl_version >= 30 ? 130 : gl_version >= 21 ? 120 : gl_version >= 20 ? 110 : 0;
}

bool
st_caps_version_ok(const struct st_caps_result *r, enum st_profile profile, int major, int minor)
{
   if ((unsigned)profile > ST_PROFILE_GLES2 || major < 0 || minor < 0 || minor > 9)
      return false;
   int max = r->max_version[profile];
   return max != 0 && major * 10 + minor <= max;
}

/*
 * PONY_GL_VERSION_OVERRIDE=M.m (development only): contexts of compatibility
 * version M.m (and core M.m from 3.1) in place of the implemented version,
 * with the GLSL version and the versioned extensions that go with it: lower,
 * to test a program or a test at an older version; higher (never above
 * what the driver's caps carry), to run tests of a version still being
 * built.  Above the implemented version it is a lie to applications; the
 * default (unset) is the honest version.
 */
/*
 * PONY_GLES_VERSION_OVERRIDE=3.0 (development only): OpenGL ES 3.0
 * contexts where the driver's caps carry ES 3.0 (driver_gles2_version),
 * although the state tracker does not implement all of ES 3.0 yet
 * (docs/status.md lists what it lacks).  2.0 or unset: ES 2.0 at most, as
 * without it.
 */
static void
gles_version_override(struct st_caps_result *out)
{
   const char *s = getenv("PONY_GLES_VERSION_OVERRIDE");
   int major, minor;
   if (!s || sscanf(s, "%d.%d", &major, &minor) != 2 || major < 2 || minor < 0 || minor > 9 ||
       !out->max_version[ST_PROFILE_GLES2])
      return;
   int v = min_int(major * 10 + minor, 30);   /* ES 3.1 and 3.2: nothing of them yet */
   out->max_version[ST_PROFILE_GLES2] = min_int(v, out->driver_version[ST_PROFILE_GLES2]);
}

void
st_caps_compute_for_screen(const struct pipe_caps *c, struct st_caps_result *out)
{
   const char *s = getenv("PONY_GL_VERSION_OVERRIDE");
   int major, minor;
   if (s && sscanf(s, "%d.%d", &major, &minor) == 2 && major >= 1 && minor >= 0 && minor <= 9) {
      /* never above what the driver's caps carry; GL 3.1 and later: the
       * core profile too (docs/envvars.md) */
      int v = min_int(major * 10 + minor, st_caps_driver_gl_version(c));
      compute(c, v, v >= 31 ? v : 0, out);
   } else {
      st_caps_compute(c, out);
   }
   gles_version_override(out);
}
