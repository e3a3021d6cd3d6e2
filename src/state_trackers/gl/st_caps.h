/*
 * What the state tracker can offer on a screen: the highest version of
 * each profile and the extension list, derived in one place (st_caps.c)
 * from the pipe driver's pipe_caps and from what the state tracker itself
 * implements.
 */
#ifndef ST_CAPS_H
#define ST_CAPS_H

#include <stdbool.h>

#include "st_api.h"

struct pipe_caps;

#define ST_MAX_EXTENSIONS 256

struct st_caps_result {
   /* Highest version (major * 10 + minor) per enum st_profile; 0: refused. */
   int max_version[4];
   /* What the driver alone could carry (before the state tracker's own
    * limits); reported by PONY_DEBUG=state, tested by the unit tests. */
   int driver_version[4];

   /* extensions, in GL_EXTENSIONS order */
   unsigned num_extensions;
   const char *extensions[ST_MAX_EXTENSIONS];
   bool ext_packed_depth_stencil;     /* GL_EXT_packed_depth_stencil */
   bool ext_bgra;                     /* GL_EXT_bgra */
   bool ext_packed_pixels;            /* GL_EXT_packed_pixels */
   /* Format extensions with a texture/renderbuffer side (st_texture.c,
    * api_texture.c, api_fbo.c) and a client-pixel side (st_pixel_*.c).
    * tex_* : the texture side is implemented; pix_* : the pixel side is;
    * ext_* : the extension is offered (string in GL_EXTENSIONS), i.e. both.
    * The GL entry points accept the extension's enums only when ext_* is set. */
   bool tex_rg, pix_rg;               /* GL_ARB_texture_rg (pixel side: GL_RG) */
   bool ext_texture_rg;
   bool ext_texture_float;            /* GL_ARB_texture_float (no pixel side) */
   /* GL_EXT_texture_snorm (pixel side: GL_BYTE/SHORT transfers exist) */
   bool ext_texture_snorm;
   bool tex_packed_float, pix_packed_float;   /* GL_EXT_packed_float (10F_11F_11F_REV) */
   bool ext_packed_float;
   bool tex_shared_exponent, pix_shared_exponent; /* GL_EXT_texture_shared_exponent */
   bool ext_texture_shared_exponent;
   /* GL_ARB_depth_buffer_float (pixel side: GL_FLOAT_32_UNSIGNED_INT_24_8_REV) */
   bool tex_depth_float, pix_depth_float;
   bool ext_depth_buffer_float;
   /* GL_EXT_texture_integer (pixel side: GL_*_INTEGER client formats,
    * integer glReadPixels/glDrawPixels/glCopyPixels rules, glClearColorI*) */
   bool tex_integer, pix_integer;
   bool ext_texture_integer;
   bool arb_texture_rgb10_a2ui;   /* GL_RGB10_A2UI (with ext_texture_integer) */
   /* GL_EXT_texture_array (st_texture.c, api_texture.c): tex_array makes
    * the entry points accept the array targets (unit tests switch it on);
    * ext_texture_array advertises it, once every part of it works. */
   bool tex_array;
   bool ext_texture_array;
   /* GL_ARB_texture_cube_map_array, likewise (tex_cube_array: enums accepted) */
   bool tex_cube_array;
   bool ext_texture_cube_map_array;
   /* GL_ARB_texture_multisample (api_texms.c): tex_multisample makes the
    * entry points accept its enums, ext_texture_multisample offers it. */
   bool tex_multisample;
   bool ext_texture_multisample;
   /* GL_ARB_texture_storage_multisample (api_texms.c): glTexStorage*Multisample
    * and glTexParameter / glGetTexParameter on the multisample targets */
   bool tex_storage_multisample;
   /* GL_ARB_half_float_pixel: GL_HALF_FLOAT client data (st_pixel_unpack.c,
    * st_pixel_pack.c) in every pixel command */
   bool ext_half_float_pixel;
   /* GL_ARB/EXT_texture_swizzle: per-texture component swizzle (st_texture.c
    * make_view composes it after the base-format expansion) */
   bool ext_texture_swizzle;
   /* GL_ARB_texture_stencil8: STENCIL_INDEX8 textures (api_texture.c) */
   bool ext_texture_stencil8;
   /* GL_ARB_copy_image: glCopyImageSubData (api/api_copyimage.c) */
   bool ext_copy_image;
   /* GL_ARB_sync: fence sync objects and glGetInteger64v (api/api_sync.c) */
   bool ext_sync;
   /* GL_ARB_sampler_objects (api/api_sampler.c, st_sampler.h) */
   bool arb_sampler_objects;
   /* GL_KHR_debug and GL_ARB_debug_output (st_debug.c, api/api_debug.c):
    * state-tracker only; offered in desktop and ES 2 contexts */
   bool ext_khr_debug;
   /* GL_ARB/EXT_draw_instanced, GL_ARB_instanced_arrays,
    * GL_ARB_draw_elements_base_vertex (api/api_draw_instanced.c) */
   bool ext_draw_instanced;
   bool ext_instanced_arrays;
   bool ext_base_vertex;
   /* GL_ARB_draw_indirect + GL_ARB_multi_draw_indirect, GL_ARB_base_instance
    * (api/api_draw_indirect.c): GL 3.1 extensions, offered from GLSL 1.40 */
   bool ext_draw_indirect;
   bool ext_base_instance;
   /* GL_ARB_occlusion_query2 (GL_ANY_SAMPLES_PASSED) and GL_ARB_timer_query
    * (GL_TIME_ELAPSED, glQueryCounter, GL_TIMESTAMP): api/api_query.c */
   bool ext_occlusion_query2;
   bool ext_timer_query;
   /* Buffer textures (api/api_texbuffer.c): tex_buffer, the driver samples
    * PIPE_BUFFER views; ext_texture_buffer, GL_ARB_texture_buffer_object,
    * _range and _rgb32 are offered (GL 3.1's, so from GLSL 1.40, which
    * has samplerBuffer) and the entry points accept GL_TEXTURE_BUFFER */
   bool tex_buffer;
   bool ext_texture_buffer;
   /* GL_ARB_depth_clamp, GL_ARB_seamless_cube_map (+ AMD per texture),
    * GL_ARB/EXT_provoking_vertex */
   bool ext_depth_clamp;
   bool ext_seamless_cube_map;
   bool ext_provoking_vertex;
   /* GL_ARB_color_buffer_float: glClampColor and its effects (st_clamp.h) */
   bool arb_color_buffer_float;
   /* Transform feedback (st_xfb.c, api/api_xfb.c): xfb makes the entry
    * points accept GL_RASTERIZER_DISCARD and the query targets (the driver
    * has stream output); ext_transform_feedback offers EXT/ARB_transform_
    * feedback{,2,3} */
   bool xfb;
   bool ext_transform_feedback;

   /* GL_EXT_draw_buffers2 (per-draw-buffer colour masks and GL_BLEND),
    * GL_ARB_draw_buffers_blend (per-draw-buffer blend functions and
    * equations): api_mask.c, api_enable.c, api_fragment.c, st_draw.c */
   bool ext_draw_buffers2;
   bool ext_draw_buffers_blend;
   /* GL_EXT_draw_buffers (OpenGL ES 2.0 only): glDrawBuffersEXT
    * (api_buffers.c), gl_FragData[n] to draw buffer n */
   bool ext_es_draw_buffers;
   /* GL_EXT_shader_framebuffer_fetch(_non_coherent): gl_LastFragData in
    * GLSL ES 1.00 and GLSL 1.10/1.20 (st_glsl.c), glFramebufferFetchBarrierEXT */
   bool ext_shader_framebuffer_fetch;
   /* GL_EXT_blend_func_extended (ES 2.0): SRC1 blend factors, dual-source
    * blending (api_fragment.c, st_glsl.c, refpipe) */
   bool ext_blend_func_extended;
   /* GL_ARB_blend_func_extended (GL 3.3): the same blending with GLSL 1.30
    * user outputs, layout(index) and glBindFragDataLocationIndexed */
   bool arb_blend_func_extended;

   /* limits reported by glGet */
   int max_viewport_dims;
   int max_texture_size;
   int subpixel_bits;
   int glsl_version;                  /* 0: no GL_SHADING_LANGUAGE_VERSION */
};

/* Fill *out from the driver's caps.  Pure: no screen, no state. */
void st_caps_compute(const struct pipe_caps *caps, struct st_caps_result *out);

/* st_caps_compute plus the development override PONY_GL_VERSION_OVERRIDE
 * (docs/envvars.md); what screens and contexts use. */
void st_caps_compute_for_screen(const struct pipe_caps *caps, struct st_caps_result *out);

/* The desktop GL version (major * 10 + minor) the driver's caps alone can carry. */
int st_caps_driver_gl_version(const struct pipe_caps *caps);
/* The GLSL version (110, 120) a compatibility GL version carries; 0 below 2.0. */
int st_caps_glsl_version(int gl_version);

/* Can the profile/version be created with these results? */
bool st_caps_version_ok(const struct st_caps_result *r, enum st_profile profile,
                        int major, int minor);

#endif
