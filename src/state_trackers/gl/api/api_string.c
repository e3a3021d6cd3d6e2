/*
 * glGetString, glGetStringi.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "st_arbprog.h"
#include "st_context.h"

/* The extension list as one string, built once per context. */
static const GLubyte *
extension_string(struct st_context *ctx)
{
   if (!ctx->extension_string[0] && ctx->caps.num_extensions) {
      size_t len = 0;
      for (unsigned i = 0; i < ctx->caps.num_extensions; i++) {
         const char *e = ctx->caps.extensions[i];
         size_t n = 0;
         while (e[n])
            n++;
         if (len + n + 2 > sizeof ctx->extension_string)
            break;
         for (size_t j = 0; j < n; j++)
            ctx->extension_string[len++] = e[j];
         ctx->extension_string[len++] = ' ';
      }
      ctx->extension_string[len] = '\0';
   }
   return (const GLubyte *)ctx->extension_string;
}

/* The ES 2.0 / 3.0 list: the fixed part, then the extensions the caps
 * decide; string literals in ctx->es_extensions (glGetStringi hands them out,
 * and programs keep the pointers), joined for glGetString. */
static const GLubyte *
es2_extension_string(struct st_context *ctx)
{
   /* dFdx/dFdy/fwidth and their hint (the compiler's ES extension list,
    * st_glsl.c), 32-bit indices (glDrawElements takes them), non-power-of-two
    * textures with mipmaps and every wrap mode (the desktop texture path),
    * RGB8/RGBA8 and DEPTH_COMPONENT24 renderbuffers (api_fbo.c's format
    * table serves every context), depth textures and S3TC images (the
    * shared texture path), buffer mapping (api_buffer.c), gl_FragDepthEXT
    * (the compiler's ES list), half-float vertex attributes
    * (api_vertex_attrib.c), sized internal formats of textures
    * (st_es_formats.c's rows) */
   static const char *const base[] = {
      "GL_OES_standard_derivatives", "GL_OES_element_index_uint", "GL_OES_texture_npot",
      "GL_OES_rgb8_rgba8", "GL_OES_depth24", "GL_OES_depth_texture",
      "GL_EXT_texture_compression_s3tc", "GL_OES_mapbuffer", "GL_EXT_frag_depth",
      "GL_OES_vertex_half_float", "GL_OES_required_internalformat",
   };
   if (ctx->num_es_extensions)
      return (const GLubyte *)ctx->extension_string;
   const char **e = ctx->es_extensions;
   unsigned n = 0;
   for (unsigned i = 0; i < sizeof base / sizeof base[0]; i++)
      e[n++] = base[i];
   if (ctx->caps.ext_khr_debug)   /* st_debug.c */
      e[n++] = "GL_KHR_debug";
   if (ctx->caps.ext_draw_instanced)   /* api_draw_instanced.c, gl_InstanceIDEXT */
      e[n++] = "GL_EXT_draw_instanced";
   if (ctx->caps.ext_es_draw_buffers)   /* glDrawBuffersEXT (api_buffers.c) */
      e[n++] = "GL_EXT_draw_buffers";
   /* SRC1 blend factors, gl_SecondaryFragColorEXT (api_fragment.c, st_glsl.c) */
   if (ctx->caps.ext_blend_func_extended)
      e[n++] = "GL_EXT_blend_func_extended";
   /* gl_LastFragData in GLSL ES 1.00 (st_glsl.c) */
   if (ctx->caps.ext_shader_framebuffer_fetch) {
      e[n++] = "GL_EXT_shader_framebuffer_fetch";
      e[n++] = "GL_EXT_shader_framebuffer_fetch_non_coherent";
   }
   if (ctx->egl_image.lookup)   /* api_eglimage.c */
      e[n++] = "GL_OES_EGL_image";
   /* DEPTH_STENCIL / UNSIGNED_INT_24_8 textures and DEPTH24_STENCIL8
    * renderbuffers: the desktop GL_EXT_packed_depth_stencil path */
   if (ctx->caps.ext_packed_depth_stencil)
      e[n++] = "GL_OES_packed_depth_stencil";
   /* RGTC and BPTC images (their ES extensions need ES 3.0; the shared
    * texture path, st_tex_format_allowed keeps them out of ES 2.0) */
   if (st_es3(ctx)) {
      e[n++] = "GL_EXT_texture_compression_rgtc";
      e[n++] = "GL_EXT_texture_compression_bptc";
   }
   ctx->num_es_extensions = n;
   char *s = ctx->extension_string;
   size_t cap = sizeof ctx->extension_string, len = 0;
   for (unsigned i = 0; i < n; i++)
      len += (size_t)snprintf(s + len, cap - len, "%s%s", i ? " " : "", e[i]);
   return (const GLubyte *)s;
}

GLint
st_num_extensions(struct st_context *ctx)
{
   if (ctx->profile != ST_PROFILE_GLES2)
      return (GLint)ctx->caps.num_extensions;
   es2_extension_string(ctx);
   return (GLint)ctx->num_es_extensions;
}

const GLubyte *GLAPIENTRY
api_glGetString(GLenum name)
{
   ST_ENTRY_RET(ctx, NULL);
   switch (name) {
   case GL_VENDOR:
      return (const GLubyte *)"Pony";
   case GL_RENDERER:
      return (const GLubyte *)ctx->renderer_string;
   case GL_VERSION:
      return (const GLubyte *)ctx->version_string;
   case GL_EXTENSIONS:
      if (ctx->profile == ST_PROFILE_CORE)
         break;   /* core profiles have only glGetStringi */
      if (ctx->profile == ST_PROFILE_GLES1)   /* OES extensions implemented in api_es.c */
         return (const GLubyte *)(ctx->egl_image.lookup   /* api_eglimage.c */
                                     ? "GL_OES_compressed_paletted_texture GL_OES_point_size_array "
                                       "GL_OES_point_sprite GL_OES_read_format GL_OES_mapbuffer "
                                       "GL_OES_EGL_image"
                                     : "GL_OES_compressed_paletted_texture GL_OES_point_size_array "
                                       "GL_OES_point_sprite GL_OES_read_format GL_OES_mapbuffer");
      if (ctx->profile == ST_PROFILE_GLES2)
         return es2_extension_string(ctx);
      return extension_string(ctx);
   case GL_PROGRAM_ERROR_STRING_ARB:   /* ARB_vertex/fragment_program (api_arbprog.c) */
      if (ctx->profile == ST_PROFILE_GLES1 || !ctx->arbprog)
         break;
      return (const GLubyte *)ctx->arbprog->error_string;
   case GL_SHADING_LANGUAGE_VERSION:
      /* only contexts with GLSL have the string (GL 2.0, ES 2.0); GL 1.x and
       * ES 1.1 have no such enum: GL_INVALID_ENUM and NULL, as their specs
       * say (st_test_glsl checks both sides) */
      if (!ctx->glsl_version_string[0])
         break;
      return (const GLubyte *)ctx->glsl_version_string;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "glGetString");
   return NULL;
}

const GLubyte *GLAPIENTRY
api_glGetStringi(GLenum name, GLuint index)
{
   ST_ENTRY_RET(ctx, NULL);
   if (ctx->version < 30 || ctx->profile == ST_PROFILE_GLES1) {
      /* glGetStringi does not exist before GL 3.0 / GLES 3.0. */
      st_error(ctx, GL_INVALID_OPERATION, "glGetStringi");
      return NULL;
   }
   if (name != GL_EXTENSIONS) {
      st_error(ctx, GL_INVALID_ENUM, "glGetStringi");
      return NULL;
   }
   if (ctx->profile == ST_PROFILE_GLES2) {   /* ES 3.0: the ES list */
      es2_extension_string(ctx);
      if (index >= ctx->num_es_extensions) {
         st_error(ctx, GL_INVALID_VALUE, "glGetStringi");
         return NULL;
      }
      return (const GLubyte *)ctx->es_extensions[index];
   }
   if (index >= ctx->caps.num_extensions) {
      st_error(ctx, GL_INVALID_VALUE, "glGetStringi");
      return NULL;
   }
   return (const GLubyte *)ctx->caps.extensions[index];
}
