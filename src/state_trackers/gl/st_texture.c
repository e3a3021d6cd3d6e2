/*
 * Texture objects: storage in pipe resources, completeness, and the
 * sampler views / sampler states drawing binds (see st_texture.h).
 */
#include "st_texture.h"

#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_inlines.h"
#include "ff_state.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_glsl.h"
#include "st_sampler.h"

/* --- targets ------------------------------------------------------------------ */

int
st_tex_target_index(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_1D: return ST_TEX_1D;
   case GL_TEXTURE_2D: return ST_TEX_2D;
   case GL_TEXTURE_3D: return ST_TEX_3D;
   case GL_TEXTURE_CUBE_MAP: return ST_TEX_CUBE;
   case GL_TEXTURE_RECTANGLE_ARB: return ST_TEX_RECT;
   case GL_TEXTURE_1D_ARRAY_EXT: return ST_TEX_1D_ARRAY;
   case GL_TEXTURE_2D_ARRAY_EXT: return ST_TEX_2D_ARRAY;
   case GL_TEXTURE_CUBE_MAP_ARRAY_ARB: return ST_TEX_CUBE_ARRAY;
   case GL_TEXTURE_2D_MULTISAMPLE: return ST_TEX_2D_MS;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return ST_TEX_2D_MS_ARRAY;
   case GL_TEXTURE_BUFFER: return ST_TEX_BUFFER;
   default: return -1;
   }
}

int
st_tex_image_face(GLenum image_target)
{
   switch (image_target) {
   case GL_TEXTURE_CUBE_MAP_POSITIVE_X:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Y:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Z:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
      return (int)(image_target - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
   case GL_TEXTURE_1D:
   case GL_TEXTURE_2D:
   case GL_TEXTURE_3D:
   case GL_TEXTURE_RECTANGLE_ARB:
   case GL_TEXTURE_1D_ARRAY_EXT:
   case GL_TEXTURE_2D_ARRAY_EXT:
   case GL_TEXTURE_CUBE_MAP_ARRAY_ARB:
   case GL_TEXTURE_2D_MULTISAMPLE:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return 0;
   default:
      return -1;
   }
}

enum pipe_texture_target
st_tex_pipe_target(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_1D: return PIPE_TEXTURE_1D;
   case GL_TEXTURE_3D: return PIPE_TEXTURE_3D;
   case GL_TEXTURE_CUBE_MAP: return PIPE_TEXTURE_CUBE;
   case GL_TEXTURE_RECTANGLE_ARB: return PIPE_TEXTURE_RECT;
   case GL_TEXTURE_1D_ARRAY_EXT: return PIPE_TEXTURE_1D_ARRAY;
   case GL_TEXTURE_2D_ARRAY_EXT: return PIPE_TEXTURE_2D_ARRAY;
   case GL_TEXTURE_CUBE_MAP_ARRAY_ARB: return PIPE_TEXTURE_CUBE_ARRAY;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return PIPE_TEXTURE_2D_ARRAY;
   case GL_TEXTURE_BUFFER: return PIPE_BUFFER;
   default: return PIPE_TEXTURE_2D;
   }
}

GLenum
st_tex_base_format(GLenum f)
{
   switch (f) {
   case GL_ALPHA: case GL_ALPHA4: case GL_ALPHA8: case GL_ALPHA12: case GL_ALPHA16:
   case GL_COMPRESSED_ALPHA:
      return GL_ALPHA;
   case 1: case GL_LUMINANCE: case GL_LUMINANCE4: case GL_LUMINANCE8: case GL_LUMINANCE12:
   case GL_LUMINANCE16: case GL_COMPRESSED_LUMINANCE: case GL_SLUMINANCE: case GL_SLUMINANCE8:
   case GL_COMPRESSED_SLUMINANCE:
      return GL_LUMINANCE;
   case 2: case GL_LUMINANCE_ALPHA: case GL_LUMINANCE4_ALPHA4: case GL_LUMINANCE6_ALPHA2:
   case GL_LUMINANCE8_ALPHA8: case GL_LUMINANCE12_ALPHA4: case GL_LUMINANCE12_ALPHA12:
   case GL_LUMINANCE16_ALPHA16: case GL_COMPRESSED_LUMINANCE_ALPHA:
   case GL_SLUMINANCE_ALPHA: case GL_SLUMINANCE8_ALPHA8: case GL_COMPRESSED_SLUMINANCE_ALPHA:
      return GL_LUMINANCE_ALPHA;
   case GL_INTENSITY: case GL_INTENSITY4: case GL_INTENSITY8: case GL_INTENSITY12:
   case GL_INTENSITY16: case GL_COMPRESSED_INTENSITY:
      return GL_INTENSITY;
   /* GL_ARB_texture_float */
   case GL_ALPHA16F_ARB: case GL_ALPHA32F_ARB:
      return GL_ALPHA;
   case GL_LUMINANCE16F_ARB: case GL_LUMINANCE32F_ARB:
      return GL_LUMINANCE;
   case GL_LUMINANCE_ALPHA16F_ARB: case GL_LUMINANCE_ALPHA32F_ARB:
      return GL_LUMINANCE_ALPHA;
   case GL_INTENSITY16F_ARB: case GL_INTENSITY32F_ARB:
      return GL_INTENSITY;
   case GL_RGB16F: case GL_RGB32F:
   case GL_R11F_G11F_B10F: case GL_RGB9_E5:
      return GL_RGB;
   case GL_RGBA16F: case GL_RGBA32F:
      return GL_RGBA;
   /* GL_ARB_texture_rg (float ones with GL_ARB_texture_float) */
   case GL_RED: case GL_R8: case GL_R16: case GL_COMPRESSED_RED: case GL_R16F: case GL_R32F:
      return GL_RED;
   case GL_RG: case GL_RG8: case GL_RG16: case GL_COMPRESSED_RG: case GL_RG16F: case GL_RG32F:
      return GL_RG;
   case 3: case GL_RGB: case GL_R3_G3_B2: case GL_RGB4: case GL_RGB5: case GL_RGB8:
   case GL_RGB10: case GL_RGB12: case GL_RGB16: case GL_COMPRESSED_RGB:
   case GL_SRGB: case GL_SRGB8: case GL_COMPRESSED_SRGB:
   case GL_COMPRESSED_RGB_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT:
   case GL_RGB565:   /* OpenGL ES (st_tex_format_allowed) */
      return GL_RGB;
   case 4: case GL_RGBA: case GL_RGBA2: case GL_RGBA4: case GL_RGB5_A1: case GL_RGBA8:
   case GL_RGB10_A2: case GL_RGBA12: case GL_RGBA16: case GL_COMPRESSED_RGBA:
   case GL_SRGB_ALPHA: case GL_SRGB8_ALPHA8: case GL_COMPRESSED_SRGB_ALPHA:
   case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT: case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT:
   case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT:
   case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT:
   case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
      return GL_RGBA;
   case GL_COMPRESSED_RED_RGTC1: case GL_COMPRESSED_SIGNED_RED_RGTC1:
      return GL_RED;
   case GL_COMPRESSED_RG_RGTC2: case GL_COMPRESSED_SIGNED_RG_RGTC2:
      return GL_RG;
   /* GL_EXT_texture_compression_latc, GL_ATI_texture_compression_3dc */
   case GL_COMPRESSED_LUMINANCE_LATC1_EXT: case GL_COMPRESSED_SIGNED_LUMINANCE_LATC1_EXT:
      return GL_LUMINANCE;
   case GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT:
   case GL_COMPRESSED_SIGNED_LUMINANCE_ALPHA_LATC2_EXT:
   case ST_GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI:
      return GL_LUMINANCE_ALPHA;
   /* GL_ARB_texture_compression_bptc, GL_3DFX_texture_compression_FXT1 */
   case GL_COMPRESSED_RGBA_BPTC_UNORM: case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM:
   case GL_COMPRESSED_RGBA_FXT1_3DFX:
      return GL_RGBA;
   case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT: case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT:
   case GL_COMPRESSED_RGB_FXT1_3DFX:
      return GL_RGB;
   /* ETC2 / EAC (OpenGL ES 3.0, table 3.19) */
   case GL_COMPRESSED_R11_EAC: case GL_COMPRESSED_SIGNED_R11_EAC:
      return GL_RED;
   case GL_COMPRESSED_RG11_EAC: case GL_COMPRESSED_SIGNED_RG11_EAC:
      return GL_RG;
   case GL_COMPRESSED_RGB8_ETC2: case GL_COMPRESSED_SRGB8_ETC2:
      return GL_RGB;
   case GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_RGBA8_ETC2_EAC: case GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC:
      return GL_RGBA;
   case GL_DEPTH_COMPONENT: case GL_DEPTH_COMPONENT16: case GL_DEPTH_COMPONENT24:
   case GL_DEPTH_COMPONENT32: case GL_DEPTH_COMPONENT32F:
      return GL_DEPTH_COMPONENT;
   case GL_STENCIL_INDEX8:   /* GL_ARB_texture_stencil8 */
      return GL_STENCIL_INDEX;
   /* GL_EXT_texture_snorm */
   case GL_RED_SNORM: case GL_R8_SNORM: case GL_R16_SNORM:
      return GL_RED;
   case GL_RG_SNORM: case GL_RG8_SNORM: case GL_RG16_SNORM:
      return GL_RG;
   case GL_RGB_SNORM: case GL_RGB8_SNORM: case GL_RGB16_SNORM:
      return GL_RGB;
   case GL_RGBA_SNORM: case GL_RGBA8_SNORM: case GL_RGBA16_SNORM:
      return GL_RGBA;
   case GL_ALPHA_SNORM: case GL_ALPHA8_SNORM: case GL_ALPHA16_SNORM:
      return GL_ALPHA;
   case GL_LUMINANCE_SNORM: case GL_LUMINANCE8_SNORM: case GL_LUMINANCE16_SNORM:
      return GL_LUMINANCE;
   case GL_LUMINANCE_ALPHA_SNORM: case GL_LUMINANCE8_ALPHA8_SNORM:
   case GL_LUMINANCE16_ALPHA16_SNORM:
      return GL_LUMINANCE_ALPHA;
   case GL_INTENSITY_SNORM: case GL_INTENSITY8_SNORM: case GL_INTENSITY16_SNORM:
      return GL_INTENSITY;
   /* GL_EXT_texture_integer (R and RG: GL_ARB_texture_rg's integer formats) */
   case GL_RGBA8UI: case GL_RGBA8I: case GL_RGBA16UI: case GL_RGBA16I: case GL_RGBA32UI:
   case GL_RGBA32I: case GL_RGB10_A2UI:
      return GL_RGBA;
   case GL_RGB8UI: case GL_RGB8I: case GL_RGB16UI: case GL_RGB16I: case GL_RGB32UI:
   case GL_RGB32I:
      return GL_RGB;
   case GL_ALPHA8UI_EXT: case GL_ALPHA8I_EXT: case GL_ALPHA16UI_EXT: case GL_ALPHA16I_EXT:
   case GL_ALPHA32UI_EXT: case GL_ALPHA32I_EXT:
      return GL_ALPHA;
   case GL_LUMINANCE8UI_EXT: case GL_LUMINANCE8I_EXT: case GL_LUMINANCE16UI_EXT:
   case GL_LUMINANCE16I_EXT: case GL_LUMINANCE32UI_EXT: case GL_LUMINANCE32I_EXT:
      return GL_LUMINANCE;
   case GL_LUMINANCE_ALPHA8UI_EXT: case GL_LUMINANCE_ALPHA8I_EXT:
   case GL_LUMINANCE_ALPHA16UI_EXT: case GL_LUMINANCE_ALPHA16I_EXT:
   case GL_LUMINANCE_ALPHA32UI_EXT: case GL_LUMINANCE_ALPHA32I_EXT:
      return GL_LUMINANCE_ALPHA;
   case GL_INTENSITY8UI_EXT: case GL_INTENSITY8I_EXT: case GL_INTENSITY16UI_EXT:
   case GL_INTENSITY16I_EXT: case GL_INTENSITY32UI_EXT: case GL_INTENSITY32I_EXT:
      return GL_INTENSITY;
   case GL_R8UI: case GL_R8I: case GL_R16UI: case GL_R16I: case GL_R32UI: case GL_R32I:
      return GL_RED;
   case GL_RG8UI: case GL_RG8I: case GL_RG16UI: case GL_RG16I: case GL_RG32UI: case GL_RG32I:
      return GL_RG;
   default:
      return 0;
   }
}

/* GL_EXT_texture_integer: 0 for other formats, else the pipe format of
 * the integer storage with all of R, G, B, A (A/L/LA/I live there,
 * make_view's swizzle selects their components) or, when exact, the
 * format with just the base format's components. */
static enum pipe_format
integer_format(GLenum f, bool exact)
{
   enum { U8, S8, U16, S16, U32, S32 };
   static const enum pipe_format rgba[] = {
      PIPE_FORMAT_R8G8B8A8_UINT, PIPE_FORMAT_R8G8B8A8_SINT, PIPE_FORMAT_R16G16B16A16_UINT,
      PIPE_FORMAT_R16G16B16A16_SINT, PIPE_FORMAT_R32G32B32A32_UINT,
      PIPE_FORMAT_R32G32B32A32_SINT };
   static const enum pipe_format rgb[] = {
      PIPE_FORMAT_R8G8B8_UINT, PIPE_FORMAT_R8G8B8_SINT, PIPE_FORMAT_R16G16B16_UINT,
      PIPE_FORMAT_R16G16B16_SINT, PIPE_FORMAT_R32G32B32_UINT, PIPE_FORMAT_R32G32B32_SINT };
   static const enum pipe_format rg[] = {
      PIPE_FORMAT_R8G8_UINT, PIPE_FORMAT_R8G8_SINT, PIPE_FORMAT_R16G16_UINT,
      PIPE_FORMAT_R16G16_SINT, PIPE_FORMAT_R32G32_UINT, PIPE_FORMAT_R32G32_SINT };
   static const enum pipe_format r[] = {
      PIPE_FORMAT_R8_UINT, PIPE_FORMAT_R8_SINT, PIPE_FORMAT_R16_UINT, PIPE_FORMAT_R16_SINT,
      PIPE_FORMAT_R32_UINT, PIPE_FORMAT_R32_SINT };
   int k;
   switch (f) {
   case GL_RGB10_A2UI:   /* GL_ARB_texture_rgb10_a2ui: its own storage */
      return PIPE_FORMAT_R10G10B10A2_UINT;
   case GL_RGBA8UI: case GL_RGB8UI: case GL_ALPHA8UI_EXT: case GL_LUMINANCE8UI_EXT:
   case GL_LUMINANCE_ALPHA8UI_EXT: case GL_INTENSITY8UI_EXT: case GL_R8UI: case GL_RG8UI:
      k = U8; break;
   case GL_RGBA8I: case GL_RGB8I: case GL_ALPHA8I_EXT: case GL_LUMINANCE8I_EXT:
   case GL_LUMINANCE_ALPHA8I_EXT: case GL_INTENSITY8I_EXT: case GL_R8I: case GL_RG8I:
      k = S8; break;
   case GL_RGBA16UI: case GL_RGB16UI: case GL_ALPHA16UI_EXT: case GL_LUMINANCE16UI_EXT:
   case GL_LUMINANCE_ALPHA16UI_EXT: case GL_INTENSITY16UI_EXT: case GL_R16UI: case GL_RG16UI:
      k = U16; break;
   case GL_RGBA16I: case GL_RGB16I: case GL_ALPHA16I_EXT: case GL_LUMINANCE16I_EXT:
   case GL_LUMINANCE_ALPHA16I_EXT: case GL_INTENSITY16I_EXT: case GL_R16I: case GL_RG16I:
      k = S16; break;
   case GL_RGBA32UI: case GL_RGB32UI: case GL_ALPHA32UI_EXT: case GL_LUMINANCE32UI_EXT:
   case GL_LUMINANCE_ALPHA32UI_EXT: case GL_INTENSITY32UI_EXT: case GL_R32UI: case GL_RG32UI:
      k = U32; break;
   case GL_RGBA32I: case GL_RGB32I: case GL_ALPHA32I_EXT: case GL_LUMINANCE32I_EXT:
   case GL_LUMINANCE_ALPHA32I_EXT: case GL_INTENSITY32I_EXT: case GL_R32I: case GL_RG32I:
      k = S32; break;
   default:
      return PIPE_FORMAT_NONE;
   }
   if (!exact)
      return rgba[k];
   switch (st_tex_base_format(f)) {
   case GL_RGB: return rgb[k];
   case GL_RG: return rg[k];
   case GL_RED: return r[k];
   default: return rgba[k];
   }
}

bool
st_tex_format_is_integer(GLenum f)
{
   return integer_format(f, false) != PIPE_FORMAT_NONE;
}

void
st_tex_mask_base_int(GLenum base, size_t n, uint32_t (*v)[4])
{
   for (size_t i = 0; i < n; i++) {
      switch (base) {
      case GL_ALPHA: v[i][0] = v[i][1] = v[i][2] = 0; break;
      case GL_LUMINANCE: case GL_RED: v[i][1] = v[i][2] = 0; v[i][3] = 1; break;
      case GL_LUMINANCE_ALPHA: v[i][1] = v[i][2] = 0; break;
      case GL_INTENSITY: v[i][1] = v[i][2] = 0; v[i][3] = v[i][0]; break;
      case GL_RG: v[i][2] = 0; v[i][3] = 1; break;
      case GL_RGB: v[i][3] = 1; break;
      default: return;
      }
   }
}

void
st_tex_mask_base_read_int(GLenum base, size_t n, uint32_t (*v)[4])
{
   st_tex_mask_base_int(base, n, v);
   if (base == GL_INTENSITY)
      for (size_t i = 0; i < n; i++)
         v[i][3] = 1;   /* GL 2.1 table 6.1: I reads back as (I, 0, 0, 1) */
}

bool
st_tex_format_is_snorm(GLenum f)
{
   switch (f) {
   case GL_RED_SNORM: case GL_R8_SNORM: case GL_R16_SNORM:
   case GL_RG_SNORM: case GL_RG8_SNORM: case GL_RG16_SNORM:
   case GL_RGB_SNORM: case GL_RGB8_SNORM: case GL_RGB16_SNORM:
   case GL_RGBA_SNORM: case GL_RGBA8_SNORM: case GL_RGBA16_SNORM:
   case GL_ALPHA_SNORM: case GL_ALPHA8_SNORM: case GL_ALPHA16_SNORM:
   case GL_LUMINANCE_SNORM: case GL_LUMINANCE8_SNORM: case GL_LUMINANCE16_SNORM:
   case GL_LUMINANCE_ALPHA_SNORM: case GL_LUMINANCE8_ALPHA8_SNORM:
   case GL_LUMINANCE16_ALPHA16_SNORM:
   case GL_INTENSITY_SNORM: case GL_INTENSITY8_SNORM: case GL_INTENSITY16_SNORM:
      return true;
   default:
      return false;
   }
}

bool
st_tex_format_is_float(GLenum f)
{
   switch (f) {
   case GL_ALPHA16F_ARB: case GL_ALPHA32F_ARB: case GL_LUMINANCE16F_ARB:
   case GL_LUMINANCE32F_ARB: case GL_LUMINANCE_ALPHA16F_ARB: case GL_LUMINANCE_ALPHA32F_ARB:
   case GL_INTENSITY16F_ARB: case GL_INTENSITY32F_ARB: case GL_RGB16F: case GL_RGB32F:
   case GL_RGBA16F: case GL_RGBA32F: case GL_R16F: case GL_R32F: case GL_RG16F: case GL_RG32F:
   case GL_R11F_G11F_B10F: case GL_RGB9_E5:
      return true;
   default:
      return false;
   }
}

bool
st_tex_format_allowed(const struct st_context *ctx, GLenum f)
{
   switch (f) {
   case GL_RED: case GL_R8: case GL_R16: case GL_COMPRESSED_RED:
   case GL_RG: case GL_RG8: case GL_RG16: case GL_COMPRESSED_RG:
      return ctx->caps.ext_texture_rg;
   case GL_R16F: case GL_R32F: case GL_RG16F: case GL_RG32F:
      return ctx->caps.ext_texture_rg && ctx->caps.ext_texture_float;
   case GL_R11F_G11F_B10F:
      return ctx->caps.ext_packed_float;
   case GL_RGB565:   /* ES 2.0 renderbuffers, ES 3.0 textures (desktop: ARB_ES2_compatibility) */
      return ctx->profile == ST_PROFILE_GLES2;
   case GL_DEPTH_COMPONENT32F: case GL_DEPTH32F_STENCIL8:
      return ctx->caps.ext_depth_buffer_float;
   case GL_STENCIL_INDEX8:
      return ctx->caps.ext_texture_stencil8;
   case GL_RGB10_A2UI:
      return ctx->caps.arb_texture_rgb10_a2ui;
   case GL_RGB9_E5:
      return ctx->caps.ext_texture_shared_exponent;
   case GL_COMPRESSED_R11_EAC: case GL_COMPRESSED_SIGNED_R11_EAC:
   case GL_COMPRESSED_RG11_EAC: case GL_COMPRESSED_SIGNED_RG11_EAC:
   case GL_COMPRESSED_RGB8_ETC2: case GL_COMPRESSED_SRGB8_ETC2:
   case GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_RGBA8_ETC2_EAC: case GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC:
      return st_es3(ctx);   /* ES 3.0 (desktop: ARB_ES3_compatibility, not offered) */
   case GL_COMPRESSED_RED_RGTC1: case GL_COMPRESSED_SIGNED_RED_RGTC1:
   case GL_COMPRESSED_RG_RGTC2: case GL_COMPRESSED_SIGNED_RG_RGTC2:
   case GL_COMPRESSED_RGBA_BPTC_UNORM: case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM:
   case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT: case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT:
      /* desktop; ES through EXT_texture_compression_rgtc / _bptc, which
       * need ES 3.0 (api_string.c offers them there) */
      return ctx->profile != ST_PROFILE_GLES2 || st_es3(ctx);
   case GL_R8UI: case GL_R8I: case GL_R16UI: case GL_R16I: case GL_R32UI: case GL_R32I:
   case GL_RG8UI: case GL_RG8I: case GL_RG16UI: case GL_RG16I: case GL_RG32UI: case GL_RG32I:
      return ctx->caps.ext_texture_rg && ctx->caps.ext_texture_integer;
   default:
      if (st_tex_format_is_integer(f))
         return ctx->caps.ext_texture_integer;
      if (st_tex_format_is_snorm(f))
         return ctx->caps.ext_texture_snorm;
      if (st_tex_format_is_float(f))
         return ctx->caps.ext_texture_float;
      return st_tex_base_format(f) != 0;
   }
}

bool
st_tex_format_is_compressed(GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_RGB_S3TC_DXT1_EXT: case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT:
   case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT: case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT:
   case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT:
   case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT: case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
   case GL_COMPRESSED_RED_RGTC1: case GL_COMPRESSED_SIGNED_RED_RGTC1:
   case GL_COMPRESSED_RG_RGTC2: case GL_COMPRESSED_SIGNED_RG_RGTC2:
   case GL_COMPRESSED_LUMINANCE_LATC1_EXT: case GL_COMPRESSED_SIGNED_LUMINANCE_LATC1_EXT:
   case GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT:
   case GL_COMPRESSED_SIGNED_LUMINANCE_ALPHA_LATC2_EXT:
   case ST_GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI:
      return true;
   default:
      return st_tex_format_is_bptc_fxt1(f) || st_tex_format_is_etc2(f);
   }
}

bool
st_tex_format_is_etc2(GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_R11_EAC: case GL_COMPRESSED_SIGNED_R11_EAC:
   case GL_COMPRESSED_RG11_EAC: case GL_COMPRESSED_SIGNED_RG11_EAC:
   case GL_COMPRESSED_RGB8_ETC2: case GL_COMPRESSED_SRGB8_ETC2:
   case GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_RGBA8_ETC2_EAC: case GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC:
      return true;
   default:
      return false;
   }
}

GLsizei
st_tex_compressed_size(enum pipe_format f, unsigned w, unsigned h, unsigned d)
{
   const struct util_format_description *desc = util_format_description(f);
   return (GLsizei)((w + desc->block_width - 1) / desc->block_width *
                    ((h + desc->block_height - 1) / desc->block_height) * desc->block_bytes * d);
}

bool
st_tex_format_is_bptc_fxt1(GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_RGBA_BPTC_UNORM: case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM:
   case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT: case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT:
   case GL_COMPRESSED_RGB_FXT1_3DFX: case GL_COMPRESSED_RGBA_FXT1_3DFX:
      return true;
   default:
      return false;
   }
}

static bool
supported(struct st_context *ctx, enum pipe_format f, GLenum target);

bool
st_tex_format_allows_3d(struct st_context *ctx, GLenum f)
{
   switch (f) {
   case GL_COMPRESSED_RGBA_BPTC_UNORM: case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM:
   case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT: case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT:
      return supported(ctx, st_tex_choose_format(ctx, f, GL_TEXTURE_2D), GL_TEXTURE_3D);
   default:
      return !st_tex_format_is_compressed(f);
   }
}

static bool
supported(struct st_context *ctx, enum pipe_format f, GLenum target)
{
   return ctx->screen->is_format_supported(ctx->screen, f, st_tex_pipe_target(target), 0,
                                           PIPE_BIND_SAMPLER_VIEW);
}

enum pipe_format
st_tex_choose_format(struct st_context *ctx, GLenum internal_format, GLenum target)
{
   static const enum pipe_format rgba_fallback[] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_NONE };
   enum pipe_format want[4] = { PIPE_FORMAT_NONE, PIPE_FORMAT_NONE, PIPE_FORMAT_NONE,
                                PIPE_FORMAT_NONE };
   switch (internal_format) {
   case GL_ALPHA12: case GL_ALPHA16:
      want[0] = PIPE_FORMAT_A16_UNORM; want[1] = PIPE_FORMAT_A8_UNORM; break;
   case GL_LUMINANCE12: case GL_LUMINANCE16:
      want[0] = PIPE_FORMAT_L16_UNORM; want[1] = PIPE_FORMAT_L8_UNORM; break;
   /* more than 8 bits of luminance-alpha / intensity: RGBA16 storage (the
    * view swizzles L/A/I out of it) rather than L8A8 / I8 */
   case GL_LUMINANCE12_ALPHA4: case GL_LUMINANCE12_ALPHA12: case GL_LUMINANCE16_ALPHA16:
      want[0] = PIPE_FORMAT_R16G16B16A16_UNORM; want[1] = PIPE_FORMAT_L8A8_UNORM; break;
   case GL_INTENSITY12: case GL_INTENSITY16:
      want[0] = PIPE_FORMAT_R16G16B16A16_UNORM; want[1] = PIPE_FORMAT_I8_UNORM; break;
   case GL_SLUMINANCE: case GL_SLUMINANCE8: case GL_COMPRESSED_SLUMINANCE:
      want[0] = PIPE_FORMAT_L8_SRGB; break;
   case GL_SLUMINANCE_ALPHA: case GL_SLUMINANCE8_ALPHA8: case GL_COMPRESSED_SLUMINANCE_ALPHA:
      want[0] = PIPE_FORMAT_L8A8_SRGB; break;
   case GL_SRGB: case GL_SRGB8: case GL_COMPRESSED_SRGB:
      want[0] = PIPE_FORMAT_B8G8R8X8_SRGB; want[1] = PIPE_FORMAT_R8G8B8_SRGB; break;
   case GL_SRGB_ALPHA: case GL_SRGB8_ALPHA8: case GL_COMPRESSED_SRGB_ALPHA:
      want[0] = PIPE_FORMAT_R8G8B8A8_SRGB; want[1] = PIPE_FORMAT_B8G8R8A8_SRGB; break;
   case GL_RGB10: case GL_RGB12: case GL_RGB16: case GL_RGBA12: case GL_RGBA16:
      want[0] = PIPE_FORMAT_R16G16B16A16_UNORM; break;
   case GL_RGB10_A2:
      want[0] = PIPE_FORMAT_R10G10B10A2_UNORM; break;
   case GL_COMPRESSED_RGB_S3TC_DXT1_EXT: want[0] = PIPE_FORMAT_DXT1_RGB; break;
   case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT: want[0] = PIPE_FORMAT_DXT1_RGBA; break;
   case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT: want[0] = PIPE_FORMAT_DXT3_RGBA; break;
   case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT: want[0] = PIPE_FORMAT_DXT5_RGBA; break;
   case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT: want[0] = PIPE_FORMAT_DXT1_SRGB; break;
   case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT: want[0] = PIPE_FORMAT_DXT1_SRGBA; break;
   case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT: want[0] = PIPE_FORMAT_DXT3_SRGBA; break;
   case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT: want[0] = PIPE_FORMAT_DXT5_SRGBA; break;
   case GL_COMPRESSED_RED_RGTC1: want[0] = PIPE_FORMAT_RGTC1_UNORM; break;
   case GL_COMPRESSED_SIGNED_RED_RGTC1: want[0] = PIPE_FORMAT_RGTC1_SNORM; break;
   case GL_COMPRESSED_RG_RGTC2: want[0] = PIPE_FORMAT_RGTC2_UNORM; break;
   case GL_COMPRESSED_SIGNED_RG_RGTC2: want[0] = PIPE_FORMAT_RGTC2_SNORM; break;
   case GL_COMPRESSED_LUMINANCE_LATC1_EXT: want[0] = PIPE_FORMAT_LATC1_UNORM; break;
   case GL_COMPRESSED_SIGNED_LUMINANCE_LATC1_EXT: want[0] = PIPE_FORMAT_LATC1_SNORM; break;
   case GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT: want[0] = PIPE_FORMAT_LATC2_UNORM; break;
   case GL_COMPRESSED_SIGNED_LUMINANCE_ALPHA_LATC2_EXT: want[0] = PIPE_FORMAT_LATC2_SNORM; break;
   case ST_GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI: want[0] = PIPE_FORMAT_LATC2_UNORM; break;
   case GL_COMPRESSED_RGBA_BPTC_UNORM: want[0] = PIPE_FORMAT_BPTC_RGBA_UNORM; break;
   case GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM: want[0] = PIPE_FORMAT_BPTC_SRGBA; break;
   case GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT: want[0] = PIPE_FORMAT_BPTC_RGB_FLOAT; break;
   case GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT: want[0] = PIPE_FORMAT_BPTC_RGB_UFLOAT; break;
   case GL_COMPRESSED_RGB_FXT1_3DFX: want[0] = PIPE_FORMAT_FXT1_RGB; break;
   case GL_COMPRESSED_RGBA_FXT1_3DFX: want[0] = PIPE_FORMAT_FXT1_RGBA; break;
   case GL_COMPRESSED_RGB8_ETC2: want[0] = PIPE_FORMAT_ETC2_RGB8; break;
   case GL_COMPRESSED_SRGB8_ETC2: want[0] = PIPE_FORMAT_ETC2_SRGB8; break;
   case GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2: want[0] = PIPE_FORMAT_ETC2_RGB8A1; break;
   case GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2: want[0] = PIPE_FORMAT_ETC2_SRGB8A1; break;
   case GL_COMPRESSED_RGBA8_ETC2_EAC: want[0] = PIPE_FORMAT_ETC2_RGBA8; break;
   case GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC: want[0] = PIPE_FORMAT_ETC2_SRGBA8; break;
   case GL_COMPRESSED_R11_EAC: want[0] = PIPE_FORMAT_ETC2_R11_UNORM; break;
   case GL_COMPRESSED_SIGNED_R11_EAC: want[0] = PIPE_FORMAT_ETC2_R11_SNORM; break;
   case GL_COMPRESSED_RG11_EAC: want[0] = PIPE_FORMAT_ETC2_RG11_UNORM; break;
   case GL_COMPRESSED_SIGNED_RG11_EAC: want[0] = PIPE_FORMAT_ETC2_RG11_SNORM; break;
   case GL_RED: case GL_R8: case GL_COMPRESSED_RED:
      want[0] = PIPE_FORMAT_R8_UNORM; want[1] = PIPE_FORMAT_R8G8_UNORM; break;
   case GL_R16:
      want[0] = PIPE_FORMAT_R16_UNORM; want[1] = PIPE_FORMAT_R16G16B16A16_UNORM; break;
   case GL_RG: case GL_RG8: case GL_COMPRESSED_RG:
      want[0] = PIPE_FORMAT_R8G8_UNORM; break;
   case GL_RG16:
      want[0] = PIPE_FORMAT_R16G16_UNORM; want[1] = PIPE_FORMAT_R16G16B16A16_UNORM; break;
   case GL_R16F:
      want[0] = PIPE_FORMAT_R16_FLOAT; want[1] = PIPE_FORMAT_R32_FLOAT; break;
   case GL_R32F:
      want[0] = PIPE_FORMAT_R32_FLOAT; want[1] = PIPE_FORMAT_R32G32B32A32_FLOAT; break;
   case GL_RG16F:
      want[0] = PIPE_FORMAT_R16G16_FLOAT; want[1] = PIPE_FORMAT_R32G32_FLOAT; break;
   case GL_RG32F:
      want[0] = PIPE_FORMAT_R32G32_FLOAT; want[1] = PIPE_FORMAT_R32G32B32A32_FLOAT; break;
   /* float alpha/luminance/intensity: RGBA storage, the view's swizzle
    * (make_view) selects the components of the base format */
   case GL_ALPHA16F_ARB: case GL_LUMINANCE16F_ARB: case GL_LUMINANCE_ALPHA16F_ARB:
   case GL_INTENSITY16F_ARB: case GL_RGBA16F:
      want[0] = PIPE_FORMAT_R16G16B16A16_FLOAT; want[1] = PIPE_FORMAT_R32G32B32A32_FLOAT; break;
   case GL_ALPHA32F_ARB: case GL_LUMINANCE32F_ARB: case GL_LUMINANCE_ALPHA32F_ARB:
   case GL_INTENSITY32F_ARB: case GL_RGBA32F:
      want[0] = PIPE_FORMAT_R32G32B32A32_FLOAT; break;
   case GL_RGB16F:
      want[0] = PIPE_FORMAT_R16G16B16_FLOAT; want[1] = PIPE_FORMAT_R16G16B16X16_FLOAT;
      want[2] = PIPE_FORMAT_R16G16B16A16_FLOAT; break;
   case GL_RGB32F:
      want[0] = PIPE_FORMAT_R32G32B32_FLOAT; want[1] = PIPE_FORMAT_R32G32B32A32_FLOAT; break;
   case GL_R11F_G11F_B10F:
      want[0] = PIPE_FORMAT_R11G11B10_FLOAT; want[1] = PIPE_FORMAT_R16G16B16A16_FLOAT; break;
   case GL_RGB9_E5:
      want[0] = PIPE_FORMAT_R9G9B9E5_FLOAT; want[1] = PIPE_FORMAT_R16G16B16A16_FLOAT; break;
   case GL_DEPTH_COMPONENT32F:
      want[0] = PIPE_FORMAT_Z32_FLOAT; break;
   case GL_STENCIL_INDEX8:
      want[0] = PIPE_FORMAT_S8_UINT; break;
   /* GL_EXT_texture_snorm: A/L/LA/I in RGBA storage (make_view swizzles) */
   case GL_RED_SNORM: case GL_R8_SNORM:
      want[0] = PIPE_FORMAT_R8_SNORM; want[1] = PIPE_FORMAT_R8G8B8A8_SNORM; break;
   case GL_RG_SNORM: case GL_RG8_SNORM:
      want[0] = PIPE_FORMAT_R8G8_SNORM; want[1] = PIPE_FORMAT_R8G8B8A8_SNORM; break;
   /* RGB and L/I without a stored alpha, so a render target's alpha reads 1 */
   case GL_RGB_SNORM: case GL_RGB8_SNORM:
      want[0] = PIPE_FORMAT_R8G8B8_SNORM; want[1] = PIPE_FORMAT_R8G8B8A8_SNORM; break;
   case GL_LUMINANCE_SNORM: case GL_LUMINANCE8_SNORM:
      want[0] = PIPE_FORMAT_R8_SNORM; want[1] = PIPE_FORMAT_R8G8B8A8_SNORM; break;
   case GL_RGBA_SNORM: case GL_RGBA8_SNORM: case GL_ALPHA_SNORM: case GL_ALPHA8_SNORM:
   case GL_LUMINANCE_ALPHA_SNORM: case GL_LUMINANCE8_ALPHA8_SNORM: case GL_INTENSITY_SNORM:
   case GL_INTENSITY8_SNORM:
      want[0] = PIPE_FORMAT_R8G8B8A8_SNORM; want[1] = PIPE_FORMAT_R16G16B16A16_SNORM; break;
   case GL_R16_SNORM:
      want[0] = PIPE_FORMAT_R16_SNORM; want[1] = PIPE_FORMAT_R16G16B16A16_SNORM; break;
   case GL_RG16_SNORM:
      want[0] = PIPE_FORMAT_R16G16_SNORM; want[1] = PIPE_FORMAT_R16G16B16A16_SNORM; break;
   case GL_RGB16_SNORM:
      want[0] = PIPE_FORMAT_R16G16B16_SNORM; want[1] = PIPE_FORMAT_R16G16B16A16_SNORM; break;
   case GL_LUMINANCE16_SNORM:
      want[0] = PIPE_FORMAT_R16_SNORM; want[1] = PIPE_FORMAT_R16G16B16A16_SNORM; break;
   case GL_RGBA16_SNORM: case GL_ALPHA16_SNORM: case GL_LUMINANCE16_ALPHA16_SNORM:
   case GL_INTENSITY16_SNORM:
      want[0] = PIPE_FORMAT_R16G16B16A16_SNORM; break;
   case GL_DEPTH_COMPONENT16:
      want[0] = PIPE_FORMAT_Z16_UNORM; want[1] = PIPE_FORMAT_Z24X8_UNORM; break;
   case GL_DEPTH_COMPONENT32:
      want[0] = PIPE_FORMAT_Z32_UNORM; want[1] = PIPE_FORMAT_Z24X8_UNORM; break;
   case GL_DEPTH_COMPONENT: case GL_DEPTH_COMPONENT24:
      want[0] = PIPE_FORMAT_Z24X8_UNORM; want[1] = PIPE_FORMAT_Z32_UNORM;
      want[2] = PIPE_FORMAT_Z16_UNORM; break;
   default:
      if (st_tex_format_is_integer(internal_format)) {
         /* the exact format, else RGBA storage of the same channel type
          * (A/L/LA/I always: make_view swizzles the base format's
          * components out of it) */
         want[0] = integer_format(internal_format, true);
         want[1] = integer_format(internal_format, false);
         if (want[1] == want[0])
            want[1] = PIPE_FORMAT_NONE;
         break;
      }
      switch (st_tex_base_format(internal_format)) {
      case GL_ALPHA: want[0] = PIPE_FORMAT_A8_UNORM; break;
      case GL_LUMINANCE: want[0] = PIPE_FORMAT_L8_UNORM; break;
      case GL_LUMINANCE_ALPHA: want[0] = PIPE_FORMAT_L8A8_UNORM; break;
      case GL_INTENSITY: want[0] = PIPE_FORMAT_I8_UNORM; break;
      case GL_RGB:
         want[0] = PIPE_FORMAT_R8G8B8X8_UNORM; want[1] = PIPE_FORMAT_B8G8R8X8_UNORM; break;
      case GL_RGBA: break;
      default: return PIPE_FORMAT_NONE;
      }
      break;
   }
   for (unsigned i = 0; want[i] != PIPE_FORMAT_NONE; i++)
      if (supported(ctx, want[i], target))
         return want[i];
   GLenum base = st_tex_base_format(internal_format);
   if (base == GL_DEPTH_COMPONENT || base == GL_STENCIL_INDEX ||
       st_tex_format_is_compressed(internal_format))
      return PIPE_FORMAT_NONE;
   if (st_tex_format_is_float(internal_format) || st_tex_format_is_snorm(internal_format) ||
       st_tex_format_is_integer(internal_format))
      return PIPE_FORMAT_NONE;   /* no normalized stand-in for float / signed / integer data */
   if (base == GL_RGBA || base == GL_RGB || base == GL_RED || base == GL_RG) {
      for (unsigned i = 0; rgba_fallback[i] != PIPE_FORMAT_NONE; i++)
         if (supported(ctx, rgba_fallback[i], target))
            return rgba_fallback[i];
   }
   return PIPE_FORMAT_NONE;
}

/* --- objects ------------------------------------------------------------------ */

static void
sampler_defaults(struct st_sampler_params *s, GLenum target)
{
   memset(s, 0, sizeof *s);
   bool rect = target == GL_TEXTURE_RECTANGLE_ARB;
   bool ms = st_tex_is_multisample(target);   /* never filtered: as Mesa, piglit */
   s->wrap_s = s->wrap_t = s->wrap_r = rect || ms ? GL_CLAMP_TO_EDGE : GL_REPEAT;
   s->min_filter = ms ? GL_NEAREST : rect ? GL_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
   s->mag_filter = ms ? GL_NEAREST : GL_LINEAR;
   s->border_type = GL_FLOAT;
   s->min_lod = -1000.0f;
   s->max_lod = 1000.0f;
   s->base_level = 0;
   s->max_level = 1000;
   s->compare_mode = GL_NONE;
   s->compare_func = GL_LEQUAL;
   s->depth_mode = GL_LUMINANCE;
   s->swizzle[0] = GL_RED;
   s->swizzle[1] = GL_GREEN;
   s->swizzle[2] = GL_BLUE;
   s->swizzle[3] = GL_ALPHA;
   s->priority = 1.0f;
   s->generate_mipmap = GL_FALSE;
}

struct st_texture_object *
st_texture_object_create(GLuint name, GLenum target)
{
   struct st_texture_object *o = calloc(1, sizeof *o);
   if (!o)
      return NULL;
   o->refcount = 1;
   o->name = name;
   o->target = target;
   int idx = st_tex_target_index(target);
   o->index = idx < 0 ? ST_TEX_2D : (enum st_tex_index)idx;
   sampler_defaults(&o->sampler, target);
   return o;
}

/* Sets the target of an object bound for the first time (its sampler
 * defaults depend on it: rectangle textures). */
void
st_texture_object_set_target(struct st_texture_object *o, GLenum target)
{
   o->target = target;
   o->index = (enum st_tex_index)st_tex_target_index(target);
   if (target == GL_TEXTURE_RECTANGLE_ARB || st_tex_is_multisample(target))
      sampler_defaults(&o->sampler, target);
}

static void
free_images(struct st_texture_object *o)
{
   for (unsigned f = 0; f < 6; f++)
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++)
         pipe_resource_reference(&o->image[f][l].pt, NULL);
   pipe_resource_reference(&o->pt, NULL);
}

static void
texture_free(struct st_texture_object *o)
{
   free_images(o);
   st_buffer_unref(o->buffer);
   free(o);
}

void
st_texture_reference(struct st_context *ctx, struct st_texture_object **dst,
                     struct st_texture_object *src)
{
   (void)ctx;
   struct st_texture_object *old = *dst;
   if (old == src)
      return;
   if (src)
      __atomic_add_fetch(&src->refcount, 1, __ATOMIC_ACQ_REL);
   *dst = src;
   if (old && __atomic_sub_fetch(&old->refcount, 1, __ATOMIC_ACQ_REL) == 0)
      texture_free(old);
}

void
st_texture_object_destroy_cb(void *obj, void *data)
{
   (void)data;
   struct st_texture_object *o = obj;
   if (o && __atomic_sub_fetch(&o->refcount, 1, __ATOMIC_ACQ_REL) == 0)
      texture_free(o);
}

struct st_texture_object *
st_texture_lookup(struct st_context *ctx, GLuint name)
{
   if (name == 0)
      return NULL;
   return st_names_lookup(&ctx->share->textures, name);
}

struct st_texture_object *
st_texture_get_bound(struct st_context *ctx, GLenum target)
{
   int face = st_tex_image_face(target);
   GLenum t = target;
   if (face < 0 && target != GL_TEXTURE_CUBE_MAP)
      return NULL;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
      t = GL_TEXTURE_CUBE_MAP;
   int idx = st_tex_target_index(t);
   if (idx < 0)
      return NULL;
   return ctx->texture.unit[ctx->texture.active_unit].bound[idx];
}

struct st_texture_image *
st_texture_get_image(struct st_texture_object *obj, unsigned face, unsigned level)
{
   if (!obj || face >= 6 || level >= ST_MAX_TEXTURE_LEVELS)
      return NULL;
   return &obj->image[face][level];
}

/* --- storage ------------------------------------------------------------------ */

/* Stored (border-less) size of an image. */
static void
stored_size(const struct st_texture_object *o, const struct st_texture_image *img,
            unsigned *w, unsigned *h, unsigned *d)
{
   unsigned b2 = 2 * (unsigned)img->border;
   *w = (unsigned)img->width - b2;
   *h = o->target == GL_TEXTURE_1D ? 1 : (unsigned)img->height - b2;
   *d = o->target == GL_TEXTURE_3D ? (unsigned)img->depth - b2 : 1;
   /* arrays: d counts layers (no border); a 1D array's GL height is its
    * layer count, stored as the layers of a PIPE_TEXTURE_1D_ARRAY */
   if (o->target == GL_TEXTURE_1D_ARRAY_EXT) {
      *h = 1;
      *d = (unsigned)img->height;
   } else if (st_tex_is_layer3d(o->target)) {
      *d = (unsigned)img->depth;
   }
}

static bool
fits_tree(const struct st_texture_object *o, const struct pipe_resource *pt,
          const struct st_texture_image *img, unsigned level)
{
   if (!pt || img->format == PIPE_FORMAT_NONE || img->format != pt->format ||
       level > pt->last_level)
      return false;
   unsigned w, h, d;
   stored_size(o, img, &w, &h, &d);
   if (st_tex_is_array(o->target))
      return w == u_minify(pt->width0, level) && h == u_minify(pt->height0, level) &&
             d == pt->array_size;
   return w == u_minify(pt->width0, level) && h == u_minify(pt->height0, level) &&
          d == u_minify(pt->depth0, level);
}

static unsigned
bind_for(enum pipe_format f)
{
   if (util_format_is_compressed(f))
      return PIPE_BIND_SAMPLER_VIEW;
   return PIPE_BIND_SAMPLER_VIEW |
          (util_format_is_depth_or_stencil(f) ? PIPE_BIND_DEPTH_STENCIL
                                              : PIPE_BIND_RENDER_TARGET);
}

static struct pipe_resource *
create_resource(struct st_context *ctx, GLenum target, enum pipe_format f, unsigned w,
                unsigned h, unsigned d, unsigned last_level)
{
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = st_tex_pipe_target(target);
   templ.format = f;
   templ.width0 = w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = (uint16_t)d;
   templ.array_size = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   if (st_tex_is_array(target)) {
      templ.depth0 = 1;
      templ.array_size = (uint16_t)d;
   }
   templ.last_level = (uint8_t)last_level;
   templ.usage = PIPE_USAGE_DEFAULT;
   templ.bind = bind_for(f);
   struct pipe_resource *r = ctx->screen->resource_create(ctx->screen, &templ);
   if (!r && templ.bind != PIPE_BIND_SAMPLER_VIEW) {
      templ.bind = PIPE_BIND_SAMPLER_VIEW;
      r = ctx->screen->resource_create(ctx->screen, &templ);
   }
   return r;
}

struct pipe_resource *
st_texture_create_storage(struct st_context *ctx, GLenum target, enum pipe_format f, unsigned w,
                          unsigned h, unsigned d, unsigned last_level)
{
   return create_resource(ctx, target, f, w, h, d, last_level);
}

static void
copy_image(struct st_context *ctx, struct pipe_resource *dst, unsigned dst_level,
           unsigned dst_layer, struct pipe_resource *src, unsigned src_level,
           unsigned src_layer, unsigned w, unsigned h, unsigned d)
{
   struct pipe_box box = { 0, 0, (int)src_layer, (int)w, (int)h, (int)d };
   ctx->pipe->resource_copy_region(ctx->pipe, dst, dst_level, 0, 0, dst_layer, src, src_level,
                                   &box);
}

static unsigned
image_layer(const struct st_texture_object *o, unsigned face)
{
   return o->target == GL_TEXTURE_CUBE_MAP ? face : 0;
}

/* Rebuild the tree around image (face, level); images that fit the new
 * tree move into it, the others keep (or get) private storage. */
static bool
rebuild_tree(struct st_context *ctx, struct st_texture_object *o, unsigned face,
             unsigned level)
{
   struct st_texture_image *img = &o->image[face][level];
   unsigned w, h, d;
   stored_size(o, img, &w, &h, &d);
   unsigned w0 = w << level, h0 = o->target == GL_TEXTURE_1D ? 1 : h << level;
   unsigned d0 = o->target == GL_TEXTURE_3D ? d << level : 1;
   if (st_tex_is_array(o->target))
      d0 = d;   /* layers: not minified */
   if (o->target == GL_TEXTURE_RECTANGLE_ARB) {
      w0 = w;
      h0 = h;
   }
   unsigned maxdim = w0 > h0 ? w0 : h0;
   if (d0 > maxdim && !st_tex_is_array(o->target))
      maxdim = d0;
   unsigned last = 0;
   while ((maxdim >> (last + 1)) && last + 1 < ST_MAX_TEXTURE_LEVELS)
      last++;
   if (o->target == GL_TEXTURE_RECTANGLE_ARB)
      last = 0;
   struct pipe_resource *pt = create_resource(ctx, o->target, img->format, w0, h0, d0, last);
   if (!pt)
      return false;
   unsigned nfaces = st_tex_num_faces(o->target);
   for (unsigned f = 0; f < nfaces; f++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         struct st_texture_image *im = &o->image[f][l];
         if (im->format == PIPE_FORMAT_NONE)
            continue;
         unsigned iw, ih, id;
         stored_size(o, im, &iw, &ih, &id);
         bool fits = fits_tree(o, pt, im, l);
         if (fits) {
            if (im->in_tree && o->pt)
               copy_image(ctx, pt, l, image_layer(o, f), o->pt, l, image_layer(o, f), iw, ih, id);
            else if (im->pt)
               copy_image(ctx, pt, l, image_layer(o, f), im->pt, 0, 0, iw, ih, id);
            im->in_tree = true;
            pipe_resource_reference(&im->pt, NULL);
         } else if (im->in_tree) {
            /* moves out of the old tree into private storage */
            GLenum t = o->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_2D : o->target;
            struct pipe_resource *p = create_resource(ctx, t, im->format, iw, ih, id, 0);
            if (p && o->pt)
               copy_image(ctx, p, 0, 0, o->pt, l, image_layer(o, f), iw, ih, id);
            im->pt = p;
            im->in_tree = false;
         }
      }
   }
   pipe_resource_reference(&o->pt, NULL);
   o->pt = pt;
   o->serial++;
   return true;
}

/* An EGLImage sibling whose image (face, level) is being respecified: the
 * EGLImage is orphaned (EGL_KHR_image_base), it keeps the shared resource;
 * the object's other images move into private storage (copied: they keep
 * their texels), and the object forgets the resource. */
static bool
detach_egl_storage(struct st_context *ctx, struct st_texture_object *o, unsigned face,
                   unsigned level)
{
   GLenum t = o->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_2D : o->target;
   unsigned nfaces = st_tex_num_faces(o->target);
   bool ok = true;
   for (unsigned f = 0; f < nfaces; f++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         struct st_texture_image *im = &o->image[f][l];
         if (!im->in_tree)
            continue;
         im->in_tree = false;
         if ((f == face && l == level) || im->format == PIPE_FORMAT_NONE || !o->pt)
            continue;
         unsigned w, h, d;
         stored_size(o, im, &w, &h, &d);
         im->pt = create_resource(ctx, t, im->format, w, h, d, 0);
         if (im->pt)
            copy_image(ctx, im->pt, 0, 0, o->pt, l + o->view_min_level,
                       image_layer(o, f) + o->view_min_layer, w, h, d);
         else
            ok = false;
      }
   }
   pipe_resource_reference(&o->pt, NULL);
   o->view_min_level = 0;
   o->view_min_layer = 0;
   o->egl_sibling = false;
   o->serial++;
   return ok;
}

/* Give a freshly (re)defined image storage; its old contents are dropped. */
bool
st_texture_image_alloc(struct st_context *ctx, struct st_texture_object *o, unsigned face,
                       unsigned level)
{
   struct st_texture_image *img = &o->image[face][level];
   if (o->egl_sibling && !detach_egl_storage(ctx, o, face, level))
      return false;
   pipe_resource_reference(&img->pt, NULL);
   img->in_tree = false;
   o->serial++;
   if (img->format == PIPE_FORMAT_NONE)
      return true;
   if (fits_tree(o, o->pt, img, level)) {
      img->in_tree = true;
      return true;
   }
   /* The base level (or the first image) decides the tree. */
   if (!o->pt || level == (unsigned)o->sampler.base_level) {
      if (rebuild_tree(ctx, o, face, level))
         return true;
   }
   unsigned w, h, d;
   stored_size(o, img, &w, &h, &d);
   GLenum t = o->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_2D : o->target;
   img->pt = create_resource(ctx, t, img->format, w, h, d, 0);
   return img->pt != NULL;
}

bool
st_texture_image_location(struct st_context *ctx, struct st_texture_object *obj,
                          unsigned face, unsigned level, struct pipe_resource **res,
                          unsigned *res_level, unsigned *layer)
{
   (void)ctx;
   struct st_texture_image *img = st_texture_get_image(obj, face, level);
   if (!img || img->format == PIPE_FORMAT_NONE)
      return false;
   if (img->in_tree && obj->pt) {
      /* views: their levels and layers start inside the shared resource */
      *res = obj->pt;
      *res_level = level + obj->view_min_level;
      *layer = image_layer(obj, face) + obj->view_min_layer;
      return true;
   }
   if (img->pt) {
      *res = img->pt;
      *res_level = 0;
      *layer = 0;
      return true;
   }
   return false;
}

/* --- completeness ------------------------------------------------------------- */

static bool
needs_mipmaps(GLenum min_filter)
{
   return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

/* Last level sampling with min_filter may use (base if no mipmaps). */
static unsigned
last_level_used(const struct st_texture_object *o, GLenum min_filter)
{
   unsigned base = (unsigned)st_texture_base_level(o);
   if (!needs_mipmaps(min_filter))
      return base;
   const struct st_texture_image *b = &o->image[0][base];
   unsigned w, h, d;
   stored_size(o, b, &w, &h, &d);
   unsigned maxdim = w > h ? w : h;
   if (d > maxdim && !st_tex_is_array(o->target))
      maxdim = d;
   unsigned n = 0;
   while (maxdim >> (n + 1))
      n++;
   unsigned last = base + n;
   if (st_texture_max_level(o) >= 0 && last > (unsigned)st_texture_max_level(o))
      last = (unsigned)st_texture_max_level(o);
   if (last >= ST_MAX_TEXTURE_LEVELS)
      last = ST_MAX_TEXTURE_LEVELS - 1;
   return last;
}

/* Completeness for sampling with min_filter (the texture's own, or a bound
 * sampler object's: ARB_sampler_objects' "effective completeness"). */
static bool
texture_complete(const struct st_texture_object *o, GLenum min_filter)
{
   if (!o || o->target == 0)
      return false;
   if (st_texture_base_level(o) < 0 || st_texture_base_level(o) >= ST_MAX_TEXTURE_LEVELS ||
       st_texture_base_level(o) > st_texture_max_level(o))
      return false;
   unsigned base = (unsigned)st_texture_base_level(o);
   const struct st_texture_image *b = &o->image[0][base];
   if (b->format == PIPE_FORMAT_NONE || b->width <= 2 * b->border)
      return false;
   unsigned nfaces = st_tex_num_faces(o->target);
   unsigned bw, bh, bd;
   stored_size(o, b, &bw, &bh, &bd);
   if (o->target == GL_TEXTURE_CUBE_MAP) {
      if (bw != bh)
         return false;
      for (unsigned f = 1; f < 6; f++) {
         const struct st_texture_image *i = &o->image[f][base];
         if (i->format != b->format || i->width != b->width || i->height != b->height ||
             i->internal_format != b->internal_format || i->border != b->border)
            return false;
      }
   }
   unsigned last = last_level_used(o, min_filter);
   for (unsigned l = base + 1; l <= last; l++) {
      for (unsigned f = 0; f < nfaces; f++) {
         const struct st_texture_image *i = &o->image[f][l];
         if (i->format != b->format || i->internal_format != b->internal_format ||
             i->border != b->border)
            return false;
         unsigned w, h, d;
         stored_size(o, i, &w, &h, &d);
         unsigned want_d = st_tex_is_array(o->target) ? bd : u_minify(bd, l - base);
         if (w != u_minify(bw, l - base) || h != u_minify(bh, l - base) || d != want_d)
            return false;
      }
   }
   return true;
}

bool
st_texture_is_complete(const struct st_texture_object *o)
{
   return o && texture_complete(o, o->sampler.min_filter);
}

bool
st_texture_copy_complete(const struct st_texture_object *o, GLint level)
{
   if (!texture_complete(o, GL_NEAREST))
      return false;
   return level < 0 || level == st_texture_base_level(o) ||
          texture_complete(o, GL_NEAREST_MIPMAP_NEAREST);
}

/* Make sure base..last of a complete texture are all in the tree. */
static bool
ensure_tree(struct st_context *ctx, struct st_texture_object *o, unsigned last)
{
   unsigned base = (unsigned)st_texture_base_level(o);
   unsigned nfaces = st_tex_num_faces(o->target);
   for (unsigned l = base; l <= last; l++)
      for (unsigned f = 0; f < nfaces; f++)
         if (!o->image[f][l].in_tree || !o->pt)
            return rebuild_tree(ctx, o, 0, base);
   return true;
}

/* --- mipmap generation --------------------------------------------------------- */

/* Mipmaps of a block-compressed texture on the CPU (the pipe cannot render
 * into compressed formats): decode the base level, box filter level after
 * level in float, encode each.  A 2D/cube layer:
 * 2x2 filter; a 3D texture (BPTC: slices of 2D blocks): every slice, 2x2x2
 * filter.  sRGB formats are filtered in linear space (the unpack decodes),
 * the blocks store encoded values. */
static bool
generate_compressed(struct st_context *ctx, struct pipe_resource *pt, unsigned layer,
                    unsigned base, unsigned last)
{
   bool is3d = pt->target == PIPE_TEXTURE_3D;
   bool srgb = util_format_description(pt->format)->is_srgb;
   int z_first = is3d ? 0 : (int)layer;
   /* the base level decoded once; each level is filtered from the previous
    * level's float values, not from its blocks decoded again (encoding
    * errors would add up level after level) */
   unsigned sw = u_minify(pt->width0, base), sh = u_minify(pt->height0, base);
   unsigned sd = is3d ? u_minify(pt->depth0, base) : 1;
   size_t sn = (size_t)sw * sh;
   float (*src)[4] = malloc(sizeof *src * sn * sd);
   struct pipe_transfer *xs = NULL;
   struct pipe_box sb = { 0, 0, z_first, (int)sw, (int)sh, (int)sd };
   const uint8_t *sm = src ? ctx->pipe->texture_map(ctx->pipe, pt, base, PIPE_MAP_READ, &sb, &xs)
                           : NULL;
   if (!sm) {
      free(src);
      return false;
   }
   for (unsigned z = 0; z < sd; z++)
      util_format_unpack_rect_rgba_float(pt->format, &src[z * sn][0], sw * 16,
                                         sm + (size_t)z * xs->layer_stride, xs->stride, sw, sh);
   ctx->pipe->texture_unmap(ctx->pipe, xs);
   bool ok = true;
   for (unsigned l = base + 1; l <= last && ok; l++) {
      unsigned dw = u_minify(pt->width0, l), dh = u_minify(pt->height0, l);
      unsigned dd = is3d ? u_minify(pt->depth0, l) : 1;
      size_t dn = (size_t)dw * dh;
      float (*dst)[4] = malloc(sizeof *dst * dn * dd);
      float (*enc)[4] = srgb ? malloc(sizeof *enc * dn * dd) : NULL;
      if (!dst || (srgb && !enc)) {
         free(dst);
         free(enc);
         ok = false;
         break;
      }
      struct pipe_transfer *xd = NULL;
      struct pipe_box db = { 0, 0, z_first, (int)dw, (int)dh, (int)dd };
      for (unsigned z = 0; z < dd; z++) {
         unsigned z0 = sd > 1 ? 2 * z : 0, z1 = sd > 1 ? 2 * z + 1 : 0;
         for (unsigned y = 0; y < dh; y++) {
            for (unsigned x = 0; x < dw; x++) {
               unsigned x0 = sw > 1 ? 2 * x : 0, x1 = sw > 1 ? 2 * x + 1 : 0;
               unsigned y0 = sh > 1 ? 2 * y : 0, y1 = sh > 1 ? 2 * y + 1 : 0;
               float *o = dst[z * dn + y * dw + x];
               for (unsigned c = 0; c < 4; c++) {
                  if (is3d) {
                     float sum = 0.0f;
                     for (unsigned k = 0; k < 8; k++) {
                        unsigned zz = k & 4 ? z1 : z0, yy = k & 2 ? y1 : y0, xx = k & 1 ? x1 : x0;
                        sum += src[zz * sn + yy * sw + xx][c];
                     }
                     o[c] = sum * 0.125f;
                  } else {
                     o[c] = 0.25f * (src[y0 * sw + x0][c] + src[y0 * sw + x1][c] +
                                     src[y1 * sw + x0][c] + src[y1 * sw + x1][c]);
                  }
                  /* sRGB blocks store encoded values */
                  if (srgb)
                     enc[z * dn + y * dw + x][c] =
                        c < 3 ? util_format_linear_to_srgb_float(o[c]) : o[c];
               }
            }
         }
      }
      const float (*out)[4] = (const float (*)[4])(srgb ? enc : dst);
      uint8_t *dm = ctx->pipe->texture_map(ctx->pipe, pt, l, PIPE_MAP_WRITE, &db, &xd);
      if (dm) {
         for (unsigned z = 0; z < dd && ok; z++)
            ok = st_tex_compress_rgba(pt->format, &out[z * dn], dw, dh,
                                      dm + (size_t)z * xd->layer_stride, xd->stride);
         ctx->pipe->texture_unmap(ctx->pipe, xd);
      } else {
         ok = false;
      }
      free(enc);
      free(src);
      src = dst;   /* the next level filters these values */
      sw = dw;
      sh = dh;
      sd = dd;
      sn = dn;
   }
   free(src);
   return ok;
}

/* Define levels base+1.. like the base level and fill them from it. */
bool
st_texture_generate_mipmap(struct st_context *ctx, struct st_texture_object *o, unsigned face_only,
                           bool all_faces)
{
   unsigned base = (unsigned)st_texture_base_level(o);
   unsigned nfaces = st_tex_num_faces(o->target);
   const struct st_texture_image *b = &o->image[all_faces ? 0 : face_only][base];
   if (b->format == PIPE_FORMAT_NONE || base >= ST_MAX_TEXTURE_LEVELS)
      return true;
   unsigned bw, bh, bd;
   stored_size(o, b, &bw, &bh, &bd);
   bool array = st_tex_is_array(o->target);
   unsigned maxdim = bw > bh ? bw : bh;
   if (bd > maxdim && !array)
      maxdim = bd;
   unsigned last = base;
   while ((maxdim >> (last - base + 1)) && last + 1 < ST_MAX_TEXTURE_LEVELS &&
          (o->sampler.max_level < 0 || last + 1 <= (unsigned)o->sampler.max_level) &&
          (!o->immutable || last + 1 < o->view_num_levels))   /* p = levels - 1 */
      last++;
   if (last == base)
      return true;
   for (unsigned f = 0; f < nfaces; f++) {
      if (!all_faces && f != face_only)
         continue;
      const struct st_texture_image *bf = &o->image[f][base];
      if (bf->format == PIPE_FORMAT_NONE)
         continue;
      for (unsigned l = base + 1; l <= last; l++) {
         struct st_texture_image *i = &o->image[f][l];
         bool same = i->format == bf->format && i->internal_format == bf->internal_format &&
                     i->border == 0;
         unsigned w = u_minify(bw, l - base), h = u_minify(bh, l - base);
         unsigned d = array ? bd : u_minify(bd, l - base);   /* layers stay */
         if (same) {
            unsigned iw, ih, id;
            stored_size(o, i, &iw, &ih, &id);
            same = iw == w && ih == h && id == d;
         }
         if (!same) {
            i->width = (GLint)w;
            i->height = o->target == GL_TEXTURE_1D ? 1 : (GLint)h;
            i->depth = o->target == GL_TEXTURE_3D ? (GLint)d : 1;
            if (o->target == GL_TEXTURE_1D_ARRAY_EXT)
               i->height = (GLint)d;
            else if (st_tex_is_layer3d(o->target))
               i->depth = (GLint)d;
            i->border = 0;
            i->internal_format = bf->internal_format;
            i->base_format = bf->base_format;
            i->format = bf->format;
            i->compressed = bf->compressed;
            i->compressed_size =
               i->compressed ? st_tex_compressed_size(i->format, w, h, array ? d : 1) : 0;
            if (!st_texture_image_alloc(ctx, o, f, l))
               return false;
         }
      }
   }
   if (!ensure_tree(ctx, o, last))
      return false;
   for (unsigned f = 0; f < nfaces; f++) {
      if (!all_faces && f != face_only)
         continue;
      if (o->image[f][base].format == PIPE_FORMAT_NONE)
         continue;
      /* views: levels and layers of the shared resource, in the view's format */
      unsigned ml = o->view_min_level;
      unsigned layer = image_layer(o, f) + o->view_min_layer, last_layer = layer;
      if (array)   /* every layer filtered on its own (no mixing of layers) */
         last_layer = o->immutable && o->view_num_layers
                      ? o->view_min_layer + o->view_num_layers - 1u
                      : (unsigned)o->pt->array_size - 1u;
      if (o->image[f][base].compressed) {
         for (unsigned ly = layer; ly <= last_layer; ly++)
            if (!generate_compressed(ctx, o->pt, ly, base + ml, last + ml))
               return false;
         continue;
      }
      if (!ctx->pipe->generate_mipmap ||
          !ctx->pipe->generate_mipmap(ctx->pipe, o->pt, o->image[f][base].format, base + ml,
                                      last + ml, layer, last_layer))
         return false;
   }
   o->serial++;
   return true;
}

void
st_texture_image_changed(struct st_context *ctx, struct st_texture_object *obj,
                         unsigned face, unsigned level)
{
   if (!obj)
      return;
   obj->serial++;
   if (obj->sampler.generate_mipmap && level == (unsigned)st_texture_base_level(obj))
      st_texture_generate_mipmap(ctx, obj, face, false);
}

/* --- drawing ------------------------------------------------------------------- */

static unsigned
wrap(GLenum w)
{
   switch (w) {
   case GL_CLAMP: return PIPE_TEX_WRAP_CLAMP;
   case GL_CLAMP_TO_EDGE: return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   case GL_CLAMP_TO_BORDER: return PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   case GL_MIRRORED_REPEAT: return PIPE_TEX_WRAP_MIRROR_REPEAT;
   default: return PIPE_TEX_WRAP_REPEAT;
   }
}

static unsigned
compare_func(GLenum f)
{
   return (unsigned)(f - GL_NEVER);   /* GL_NEVER..GL_ALWAYS match PIPE_FUNC_* order */
}

/* p: o's parameters, or their copy with a bound sampler object's applied */
static void
make_sampler(const struct st_texture_object *o, const struct st_sampler_params *p,
             float unit_bias, bool seamless, struct pipe_sampler_state *s)
{
   memset(s, 0, sizeof *s);
   s->wrap_s = wrap(p->wrap_s);
   s->wrap_t = wrap(p->wrap_t);
   s->wrap_r = wrap(p->wrap_r);
   s->mag_img_filter = p->mag_filter == GL_NEAREST ? PIPE_TEX_FILTER_NEAREST
                                                   : PIPE_TEX_FILTER_LINEAR;
   switch (p->min_filter) {
   case GL_NEAREST:
      s->min_img_filter = PIPE_TEX_FILTER_NEAREST;
      s->min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      break;
   case GL_LINEAR:
      s->min_img_filter = PIPE_TEX_FILTER_LINEAR;
      s->min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      break;
   case GL_NEAREST_MIPMAP_NEAREST:
      s->min_img_filter = PIPE_TEX_FILTER_NEAREST;
      s->min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
      break;
   case GL_LINEAR_MIPMAP_NEAREST:
      s->min_img_filter = PIPE_TEX_FILTER_LINEAR;
      s->min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
      break;
   case GL_NEAREST_MIPMAP_LINEAR:
      s->min_img_filter = PIPE_TEX_FILTER_NEAREST;
      s->min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
      break;
   default:
      s->min_img_filter = PIPE_TEX_FILTER_LINEAR;
      s->min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
      break;
   }
   GLenum bf = o->image[0][st_texture_base_level(o)].base_format;
   s->compare_mode = p->compare_mode == GL_COMPARE_R_TO_TEXTURE &&
                     (bf == GL_DEPTH_COMPONENT || bf == GL_DEPTH_STENCIL);
   s->compare_func = compare_func(p->compare_func);
   s->normalized_coords = o->target != GL_TEXTURE_RECTANGLE_ARB;
   /* GL_ARB_seamless_cube_map's enable, or the texture's (or sampler's)
    * GL_AMD_seamless_cubemap_per_texture parameter */
   s->seamless_cube_map = seamless || p->cube_map_seamless;
   s->max_anisotropy = 0;
   float bias = p->lod_bias + unit_bias;
   if (bias > ST_MAX_TEXTURE_LOD_BIAS)
      bias = ST_MAX_TEXTURE_LOD_BIAS;
   if (bias < -ST_MAX_TEXTURE_LOD_BIAS)
      bias = -ST_MAX_TEXTURE_LOD_BIAS;
   s->lod_bias = bias;
   /* the view starts at the base level: LODs are relative to it */
   s->min_lod = p->min_lod < 0 ? 0 : p->min_lod;
   s->max_lod = p->max_lod;
   if (s->max_lod < s->min_lod)
      s->max_lod = s->min_lod;
   const struct st_texture_image *bi = &o->image[0][st_texture_base_level(o)];
   const struct util_format_description *bd =
      bi->format != PIPE_FORMAT_NONE ? util_format_description(bi->format) : NULL;
   if (bd && (bd->is_pure_integer || (bd->is_stencil && !bd->is_depth))) {
      /* EXT_texture_integer: an integer texture's border is integers (the
       * sampler reads border_color.ui / .i); one given as floats (undefined
       * by the extension) is converted by value, saturating.  Stencil-only
       * textures (ARB_texture_stencil8) are sampled as unsigned integers
       * too. */
      bool sgn = util_format_description(bi->format)->channel[0].type ==
                 UTIL_FORMAT_TYPE_SINT;
      for (unsigned i = 0; i < 4; i++) {
         if (p->border_type != GL_FLOAT) {
            s->border_color.ui[i] = p->border_int[i];
            continue;
         }
         float c = p->border_color[i];
         if (sgn)
            s->border_color.i[i] = !(c == c) ? 0 : c >= 2147483647.0f ? INT32_MAX
                                   : c <= -2147483648.0f ? INT32_MIN : (int32_t)c;
         else
            s->border_color.ui[i] = !(c > 0.0f) ? 0u : c >= 4294967295.0f ? UINT32_MAX
                                    : (uint32_t)c;
      }
      return;
   }
   for (unsigned i = 0; i < 4; i++) {
      float c = p->border_color[i];
      s->border_color.f[i] = c < 0 ? 0 : c > 1 ? 1 : c;
   }
}

static enum ff_base_format
ff_base(GLenum base, GLenum depth_mode)
{
   switch (base) {
   case GL_ALPHA: return FF_BASE_ALPHA;
   case GL_LUMINANCE: return FF_BASE_LUMINANCE;
   case GL_LUMINANCE_ALPHA: return FF_BASE_LUMINANCE_ALPHA;
   case GL_INTENSITY: return FF_BASE_INTENSITY;
   case GL_RGB: case GL_RED: case GL_RG: return FF_BASE_RGB;
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
      /* GL_RED (ARB_texture_rg): the texel is (D, 0, 0, 1), an RGB texel */
      return depth_mode == GL_INTENSITY ? FF_BASE_INTENSITY :
             depth_mode == GL_ALPHA ? FF_BASE_ALPHA :
             depth_mode == GL_RED ? FF_BASE_RGB : FF_BASE_LUMINANCE;
   default: return FF_BASE_RGBA;
   }
}

static enum ff_texgen_mode
ff_gen(GLenum m)
{
   switch (m) {
   case GL_OBJECT_LINEAR: return FF_TEXGEN_OBJECT_LINEAR;
   case GL_SPHERE_MAP: return FF_TEXGEN_SPHERE_MAP;
   case GL_REFLECTION_MAP: return FF_TEXGEN_REFLECTION_MAP;
   case GL_NORMAL_MAP: return FF_TEXGEN_NORMAL_MAP;
   default: return FF_TEXGEN_EYE_LINEAR;
   }
}

static enum ff_texenv_mode
ff_env(GLenum m)
{
   switch (m) {
   case GL_REPLACE: return FF_ENV_REPLACE;
   case GL_DECAL: return FF_ENV_DECAL;
   case GL_BLEND: return FF_ENV_BLEND;
   case GL_ADD: return FF_ENV_ADD;
   case GL_COMBINE: return FF_ENV_COMBINE;
   case GL_COMBINE4_NV: return FF_ENV_COMBINE4;
   default: return FF_ENV_MODULATE;
   }
}

static enum ff_combine_func
ff_combine(GLenum f)
{
   switch (f) {
   case GL_REPLACE: return FF_COMBINE_REPLACE;
   case GL_ADD: return FF_COMBINE_ADD;
   case GL_ADD_SIGNED: return FF_COMBINE_ADD_SIGNED;
   case GL_INTERPOLATE: return FF_COMBINE_INTERPOLATE;
   case GL_SUBTRACT: return FF_COMBINE_SUBTRACT;
   case GL_DOT3_RGB: case GL_DOT3_RGB_EXT: return FF_COMBINE_DOT3_RGB;
   case GL_DOT3_RGBA: case GL_DOT3_RGBA_EXT: return FF_COMBINE_DOT3_RGBA;
   default: return FF_COMBINE_MODULATE;
   }
}

static enum ff_combine_src
ff_src(GLenum s)
{
   switch (s) {
   case GL_CONSTANT: return FF_SRC_CONSTANT;
   case GL_PRIMARY_COLOR: return FF_SRC_PRIMARY_COLOR;
   case GL_PREVIOUS: return FF_SRC_PREVIOUS;
   case GL_ZERO: return FF_SRC_ZERO;
   default:
      if (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + ST_MAX_TEXTURE_UNITS)
         return (enum ff_combine_src)(FF_SRC_TEXTURE0 + (s - GL_TEXTURE0));
      return FF_SRC_TEXTURE;
   }
}

static enum ff_combine_operand
ff_operand(GLenum o)
{
   switch (o) {
   case GL_ONE_MINUS_SRC_COLOR: return FF_OP_ONE_MINUS_SRC_COLOR;
   case GL_SRC_ALPHA: return FF_OP_SRC_ALPHA;
   case GL_ONE_MINUS_SRC_ALPHA: return FF_OP_ONE_MINUS_SRC_ALPHA;
   default: return FF_OP_SRC_COLOR;
   }
}

GLenum
st_texture_depth_mode(const struct st_context *ctx, const struct st_sampler_params *s)
{
   return ctx->profile == ST_PROFILE_CORE ? GL_RED : s->depth_mode;
}

static struct pipe_sampler_view *
make_view(struct st_context *ctx, struct st_texture_object *o, GLenum compare_mode,
          unsigned last)
{
   struct pipe_sampler_view templ;
   memset(&templ, 0, sizeof templ);
   /* a texture view: its own format (same block size) and target, its
    * levels and layers of the shared resource */
   const struct st_texture_image *bi = &o->image[0][st_texture_base_level(o)];
   templ.format = bi->format != PIPE_FORMAT_NONE ? bi->format : o->pt->format;
   templ.target = st_tex_pipe_target(o->target);
   templ.first_level = (unsigned)st_texture_base_level(o) + o->view_min_level;
   templ.last_level = last + o->view_min_level;
   templ.first_layer = o->view_min_layer;
   templ.last_layer = o->pt->array_size ? o->pt->array_size - 1u : 0;
   if (o->immutable && o->view_num_layers)
      templ.last_layer = o->view_min_layer + o->view_num_layers - 1;
   templ.swizzle_r = PIPE_SWIZZLE_X;
   templ.swizzle_g = PIPE_SWIZZLE_Y;
   templ.swizzle_b = PIPE_SWIZZLE_Z;
   templ.swizzle_a = PIPE_SWIZZLE_W;
   const struct st_texture_image *b = bi;
   bool depth = b->base_format == GL_DEPTH_COMPONENT || b->base_format == GL_DEPTH_STENCIL;
   if (depth && compare_mode == GL_COMPARE_R_TO_TEXTURE) {
      /* shadow lookups (fixed function, ARB programs, GLSL's shadow
       * samplers of every target: 1D, 2D, rectangle, the arrays) take the
       * comparison result from x and expand it by DEPTH_TEXTURE_MODE
       * themselves (ff_fs.c emit_sample, the texel scale/bias state rows):
       * the view must leave x alone (an ALPHA-mode swizzle made it 0) */
      templ.swizzle_g = templ.swizzle_b = templ.swizzle_a = PIPE_SWIZZLE_X;
      return ctx->pipe->create_sampler_view(ctx->pipe, o->pt, &templ);
   }
   if (depth) {
      /* depth texels as DEPTH_TEXTURE_MODE says (table 3.20 expansion) */
      switch (st_texture_depth_mode(ctx, &o->sampler)) {
      case GL_INTENSITY:
         templ.swizzle_g = templ.swizzle_b = templ.swizzle_a = PIPE_SWIZZLE_X;
         break;
      case GL_ALPHA:
         templ.swizzle_r = templ.swizzle_g = templ.swizzle_b = PIPE_SWIZZLE_0;
         templ.swizzle_a = PIPE_SWIZZLE_X;
         break;
      case GL_RED:   /* GL_ARB_texture_rg */
         templ.swizzle_g = templ.swizzle_b = PIPE_SWIZZLE_0;
         templ.swizzle_a = PIPE_SWIZZLE_1;
         break;
      default:
         templ.swizzle_g = templ.swizzle_b = PIPE_SWIZZLE_X;
         templ.swizzle_a = PIPE_SWIZZLE_1;
         break;
      }
   } else {
      /* the components of the base format (GL 2.1 table 3.15, ARB_texture_rg);
       * the stored format may hold more (RGBA storage of float A/L/LA/I) */
      const unsigned X = PIPE_SWIZZLE_X, W = PIPE_SWIZZLE_W, Z0 = PIPE_SWIZZLE_0,
                     O1 = PIPE_SWIZZLE_1;
      switch (b->base_format) {
      case GL_ALPHA:
         templ.swizzle_r = templ.swizzle_g = templ.swizzle_b = Z0;
         break;
      case GL_LUMINANCE:
         templ.swizzle_g = templ.swizzle_b = X;
         templ.swizzle_a = O1;
         break;
      case GL_LUMINANCE_ALPHA:
         templ.swizzle_g = templ.swizzle_b = X;
         templ.swizzle_a = W;
         break;
      case GL_INTENSITY:
         templ.swizzle_g = templ.swizzle_b = templ.swizzle_a = X;
         break;
      case GL_RED:
         templ.swizzle_g = templ.swizzle_b = Z0;
         templ.swizzle_a = O1;
         break;
      case GL_RG:
         templ.swizzle_b = Z0;
         templ.swizzle_a = O1;
         break;
      case GL_RGB:
         templ.swizzle_a = O1;
         break;
      default:
         break;
      }
   }
   /* ARB_texture_swizzle: applied after the base-format expansion above
    * (and after DEPTH_TEXTURE_MODE), before the texture environment */
   const unsigned char base_swz[4] = { templ.swizzle_r, templ.swizzle_g, templ.swizzle_b,
                                       templ.swizzle_a };
   unsigned char swz[4];
   for (unsigned c = 0; c < 4; c++) {
      switch (o->sampler.swizzle[c]) {
      case GL_RED: swz[c] = base_swz[0]; break;
      case GL_GREEN: swz[c] = base_swz[1]; break;
      case GL_BLUE: swz[c] = base_swz[2]; break;
      case GL_ALPHA: swz[c] = base_swz[3]; break;
      case GL_ZERO: swz[c] = PIPE_SWIZZLE_0; break;
      default: swz[c] = PIPE_SWIZZLE_1; break;   /* GL_ONE */
      }
   }
   templ.swizzle_r = swz[0];
   templ.swizzle_g = swz[1];
   templ.swizzle_b = swz[2];
   templ.swizzle_a = swz[3];
   return ctx->pipe->create_sampler_view(ctx->pipe, o->pt, &templ);
}

void
st_texture_validate(struct st_context *ctx, struct ff_state *st, const uint8_t *program_targets)
{
   struct st_texture_ctx *tc = &ctx->tex;
   struct st_draw_ctx *d = ctx->draw;
   /* the fragment stage's slots 0..7 (fixed-function units); above, up to
    * num_bound (a GLSL program's sampler table): unbound */
   struct pipe_sampler_view *views[ST_MAX_COMBINED_TEXTURE_UNITS] = { NULL };
   void *samplers[ST_MAX_COMBINED_TEXTURE_UNITS] = { NULL };
   unsigned count = 0;
   _Static_assert(ST_MAX_TEXTURE_UNITS == FF_MAX_TEXTURE_UNITS, "fixed-function units");
   bool buffer_views = false;

   tc->complete_units = 0;
   memset(tc->shadow_base, 0, sizeof tc->shadow_base);
   /* the fixed-function units, then the image units only programs sample */
   unsigned units = program_targets ? ST_MAX_COMBINED_TEXTURE_UNITS : FF_MAX_TEXTURE_UNITS;
   for (unsigned u = 0; u < units; u++) {
      struct st_texunit_state *tu = &ctx->texture.unit[u];
      struct ff_texunit ff_none, *fu = u < FF_MAX_TEXTURE_UNITS ? &st->unit[u] : &ff_none;
      if (u < FF_MAX_TEXTURE_UNITS) {
         views[u] = NULL;
         samplers[u] = NULL;
         memcpy(fu->matrix, d->tex_stack[u][d->tex_depth[u]], sizeof fu->matrix);
      } else if (!program_targets[u] || program_targets[u] == ST_TEXTURE_FF_TARGET) {
         continue;
      }

      /* highest-priority enabled target */
      static const enum st_tex_index prio[] = { ST_TEX_CUBE, ST_TEX_3D, ST_TEX_RECT,
                                                ST_TEX_2D, ST_TEX_1D };
      struct st_texture_object *o = NULL;
      bool program_unit = program_targets && program_targets[u] != ST_TEXTURE_FF_TARGET;
      if (program_unit) {
         /* enum arbprog_tex_target: NONE 1D 2D 3D CUBE RECT SHADOW1D SHADOW2D SHADOWRECT */
         static const int8_t idx[] = { -1, ST_TEX_1D, ST_TEX_2D, ST_TEX_3D, ST_TEX_CUBE,
                                       ST_TEX_RECT, ST_TEX_1D, ST_TEX_2D, ST_TEX_RECT,
                                       ST_TEX_1D_ARRAY, ST_TEX_2D_ARRAY, ST_TEX_CUBE_ARRAY,
                                       ST_TEX_2D_MS, ST_TEX_2D_MS_ARRAY, ST_TEX_BUFFER };
         unsigned t = program_targets[u];
         if (t < sizeof idx && idx[t] >= 0)
            o = tu->bound[idx[t]];
      } else if (u < FF_MAX_TEXTURE_UNITS) {
         for (unsigned i = 0; i < 5; i++) {
            if (tu->enabled & (1u << prio[i])) {
               o = tu->bound[prio[i]];
               break;
            }
         }
      }
      fu->enabled = false;
      if (tc->suppress)
         o = NULL;
      /* GL_ARB_sampler_objects: a bound sampler object's parameters replace
       * the texture's sampling subset (st_sampler.h) */
      struct st_sampler_params eff = { 0 };
      if (o) {
         eff = o->sampler;
         if (tc->sampler[u] && !st_sampler_params_from(tc->sampler[u], o, &eff))
            o = NULL;   /* a value TexParameter would refuse for o: incomplete */
      }
      /* GL_ARB_texture_stencil8: stencil lookups exist for shaders only;
       * fixed function sees the unit as disabled (a program's unit samples
       * the indices: (S, 0, 0, 1) through a usampler) */
      if (o && !program_unit && texture_complete(o, eff.min_filter) &&
          o->image[0][st_texture_base_level(o)].base_format == GL_STENCIL_INDEX)
         o = NULL;
      if (o && o->target == GL_TEXTURE_BUFFER) {
         /* buffer textures (api_texbuffer.c): a view of the texels the
          * buffer holds now, made again at every validation (the buffer
          * may have been written or reallocated since) */
         buffer_views = true;
         pipe_sampler_view_reference(&tc->bound_views[u], NULL);
         tc->bound_views[u] = st_texbuffer_make_view(ctx, o);
         tc->view_obj[u] = o;
         tc->view_serial[u] = o->serial;
      } else if (o && texture_complete(o, eff.min_filter)) {
         unsigned last = last_level_used(o, eff.min_filter);
         if (ensure_tree(ctx, o, last) && o->pt) {
            if (tc->view_obj[u] != o || tc->view_serial[u] != o->serial ||
                !tc->bound_views[u] || tc->bound_views[u]->first_level !=
                   (unsigned)st_texture_base_level(o) + o->view_min_level ||
                tc->bound_views[u]->last_level != last + o->view_min_level ||
                tc->bound_views[u]->texture != o->pt) {
               pipe_sampler_view_reference(&tc->bound_views[u], NULL);
               tc->bound_views[u] = make_view(ctx, o, eff.compare_mode, last);
               tc->view_obj[u] = o;
               tc->view_serial[u] = o->serial;
            }
            /* depth mode swizzle depends on a parameter: rebuild each time it may change */
            GLenum bfmt = o->image[0][st_texture_base_level(o)].base_format;
            if (tc->bound_views[u] && (bfmt == GL_DEPTH_COMPONENT || bfmt == GL_DEPTH_STENCIL)) {
               pipe_sampler_view_reference(&tc->bound_views[u], NULL);
               tc->bound_views[u] = make_view(ctx, o, eff.compare_mode, last);
            }
         }
      }
      if (o && (o->target == GL_TEXTURE_BUFFER || texture_complete(o, eff.min_filter))) {
         if (tc->bound_views[u] && tc->view_obj[u] == o) {
            struct pipe_sampler_state ss;
            make_sampler(o, &eff, tu->lod_bias,
                         st_is_enabled(ctx, ST_CAP_TEXTURE_CUBE_MAP_SEAMLESS), &ss);
            /* the unit's sampler CSO is kept while its state stays the
             * same (make_sampler clears every byte: memcmp is exact) */
            if (!tc->samplers[u] || memcmp(&ss, &tc->sampler_templ[u], sizeof ss) != 0) {
               if (tc->samplers[u])
                  ctx->pipe->delete_sampler_state(ctx->pipe, tc->samplers[u]);
               tc->samplers[u] = ctx->pipe->create_sampler_state(ctx->pipe, &ss);
               tc->sampler_templ[u] = ss;
            }
            if (tc->samplers[u]) {
               tc->complete_units |= 1ull << u;
               if (u < FF_MAX_TEXTURE_UNITS) {
                  views[u] = tc->bound_views[u];
                  samplers[u] = tc->samplers[u];
                  count = u + 1;
               }
               fu->enabled = true;
               switch (o->target) {
               case GL_TEXTURE_1D: fu->target = FF_TEX_1D; break;
               case GL_TEXTURE_3D: fu->target = FF_TEX_3D; break;
               case GL_TEXTURE_CUBE_MAP: fu->target = FF_TEX_CUBE; break;
               case GL_TEXTURE_RECTANGLE_ARB: fu->target = FF_TEX_RECT; break;
               default: fu->target = FF_TEX_2D; break;
               }
               const struct st_texture_image *b = &o->image[0][st_texture_base_level(o)];
               fu->base_format = ff_base(b->base_format, st_texture_depth_mode(ctx, &eff));
               fu->shadow = ss.compare_mode && o->target != GL_TEXTURE_CUBE_MAP &&
                            o->target != GL_TEXTURE_3D;
               if (fu->shadow)
                  tc->shadow_base[u] = (uint8_t)(1 + fu->base_format);
            }
         }
      }
      if (u >= FF_MAX_TEXTURE_UNITS)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         fu->texgen[c] = (tu->gen_enabled & (1u << c)) ? ff_gen(tu->gen_mode[c]) : FF_TEXGEN_OFF;
         memcpy(fu->object_plane[c], tu->object_plane[c], sizeof fu->object_plane[c]);
         memcpy(fu->eye_plane[c], tu->eye_plane[c], sizeof fu->eye_plane[c]);
      }
      fu->env_mode = ff_env(tu->env_mode);
      memcpy(fu->env_color, tu->env_color, sizeof fu->env_color);
      fu->combine_rgb = ff_combine(tu->combine_rgb);
      fu->combine_alpha = ff_combine(tu->combine_alpha);
      for (unsigned i = 0; i < 4; i++) {
         fu->src_rgb[i] = ff_src(tu->src_rgb[i]);
         fu->src_alpha[i] = ff_src(tu->src_alpha[i]);
         fu->operand_rgb[i] = ff_operand(tu->operand_rgb[i]);
         fu->operand_alpha[i] = ff_operand(tu->operand_alpha[i]);
      }
      fu->rgb_scale = tu->rgb_scale;
      fu->alpha_scale = tu->alpha_scale;
   }
   unsigned n = count > tc->num_bound ? count : tc->num_bound;
   if (n) {
      ctx->pipe->set_sampler_views(ctx->pipe, PIPE_SHADER_FRAGMENT, 0, n, views);
      ctx->pipe->bind_sampler_states(ctx->pipe, PIPE_SHADER_FRAGMENT, 0, n, samplers);
   }
   tc->num_bound = count;
   tc->buffer_views = buffer_views;
}

/* --- context ------------------------------------------------------------------- */

static void
unit_defaults(struct st_texunit_state *u)
{
   u->enabled = 0;
   u->gen_enabled = 0;
   u->env_mode = GL_MODULATE;
   memset(u->env_color, 0, sizeof u->env_color);
   u->lod_bias = 0;
   u->combine_rgb = u->combine_alpha = GL_MODULATE;
   u->src_rgb[0] = u->src_alpha[0] = GL_TEXTURE;
   u->src_rgb[1] = u->src_alpha[1] = GL_PREVIOUS;
   u->src_rgb[2] = u->src_alpha[2] = GL_CONSTANT;
   u->operand_rgb[0] = u->operand_rgb[1] = GL_SRC_COLOR;
   u->operand_rgb[2] = GL_SRC_ALPHA;
   u->operand_alpha[0] = u->operand_alpha[1] = u->operand_alpha[2] = GL_SRC_ALPHA;
   u->src_rgb[3] = u->src_alpha[3] = GL_ZERO;       /* NV_texture_env_combine4 */
   u->operand_rgb[3] = GL_ONE_MINUS_SRC_COLOR;
   u->operand_alpha[3] = GL_ONE_MINUS_SRC_ALPHA;
   u->rgb_scale = u->alpha_scale = 1.0f;
   u->coord_replace = GL_FALSE;
   for (unsigned c = 0; c < 4; c++) {
      u->gen_mode[c] = GL_EYE_LINEAR;
      memset(u->object_plane[c], 0, sizeof u->object_plane[c]);
      memset(u->eye_plane[c], 0, sizeof u->eye_plane[c]);
   }
   u->object_plane[0][0] = u->eye_plane[0][0] = 1.0f;
   u->object_plane[1][1] = u->eye_plane[1][1] = 1.0f;
}

static const GLenum target_of_index[ST_NUM_TEX_TARGETS] = {
   GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_RECTANGLE_ARB,
   GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_CUBE_MAP_ARRAY_ARB,
   GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_BUFFER
};

GLenum
st_tex_index_target(enum st_tex_index i)
{
   return target_of_index[i];
}

bool
st_texture_context_init(struct st_context *ctx)
{
   struct st_texture_ctx *tc = &ctx->tex;
   memset(tc, 0, sizeof *tc);
   memset(&ctx->texture, 0, sizeof ctx->texture);
   for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++) {
      tc->default_obj[t] = st_texture_object_create(0, target_of_index[t]);
      tc->proxy[t] = st_texture_object_create(0, target_of_index[t]);
      if (!tc->default_obj[t] || !tc->proxy[t])
         return false;
   }
   for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
      unit_defaults(&ctx->texture.unit[u]);
      for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++)
         st_texture_reference(ctx, &ctx->texture.unit[u].bound[t], tc->default_obj[t]);
   }
   return true;
}

void
st_texture_context_fini(struct st_context *ctx)
{
   struct st_texture_ctx *tc = &ctx->tex;
   if (ctx->pipe && tc->num_bound) {
      struct pipe_sampler_view *views[ST_MAX_COMBINED_TEXTURE_UNITS] = { NULL };
      void *samplers[ST_MAX_COMBINED_TEXTURE_UNITS] = { NULL };
      ctx->pipe->set_sampler_views(ctx->pipe, PIPE_SHADER_FRAGMENT, 0, tc->num_bound, views);
      ctx->pipe->bind_sampler_states(ctx->pipe, PIPE_SHADER_FRAGMENT, 0, tc->num_bound,
                                     samplers);
      tc->num_bound = 0;
   }
   for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
      pipe_sampler_view_reference(&tc->bound_views[u], NULL);
      if (tc->samplers[u] && ctx->pipe)
         ctx->pipe->delete_sampler_state(ctx->pipe, tc->samplers[u]);
      tc->samplers[u] = NULL;
      for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++)
         st_texture_reference(ctx, &ctx->texture.unit[u].bound[t], NULL);
   }
   for (unsigned i = 0; i < ctx->attrib_depth && i < ST_MAX_ATTRIB_STACK_DEPTH; i++)
      if (ctx->attrib_stack[i].mask & GL_TEXTURE_BIT)
      for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++)
         for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++)
            st_texture_reference(ctx, &ctx->attrib_stack[i].texture.unit[u].bound[t], NULL);
   for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++) {
      st_texture_reference(ctx, &tc->default_obj[t], NULL);
      st_texture_reference(ctx, &tc->proxy[t], NULL);
   }
   st_sampler_unbind_all(ctx);
}

/* --- enables, glGet, attribute stack --------------------------------------------- */

unsigned
st_texture_num_units(const struct st_context *ctx)
{
   return st_glsl_api(ctx) ? ST_MAX_COMBINED_TEXTURE_UNITS : ST_MAX_TEXTURE_UNITS;
}

bool
st_texture_active_is_ff(struct st_context *ctx, const char *where)
{
   if (ctx->texture.active_unit < ST_MAX_TEXTURE_UNITS)
      return true;
   st_error(ctx, GL_INVALID_OPERATION, where);
   return false;
}

int
st_texture_enable(struct st_context *ctx, int cap, int on)
{
   struct st_texunit_state *u = &ctx->texture.unit[ctx->texture.active_unit];
   unsigned *bits;
   unsigned bit;
   switch (cap) {
   case ST_CAP_TEXTURE_1D: bits = &u->enabled; bit = 1u << ST_TEX_1D; break;
   case ST_CAP_TEXTURE_2D: bits = &u->enabled; bit = 1u << ST_TEX_2D; break;
   case ST_CAP_TEXTURE_3D: bits = &u->enabled; bit = 1u << ST_TEX_3D; break;
   case ST_CAP_TEXTURE_CUBE_MAP: bits = &u->enabled; bit = 1u << ST_TEX_CUBE; break;
   case ST_CAP_TEXTURE_RECTANGLE: bits = &u->enabled; bit = 1u << ST_TEX_RECT; break;
   case ST_CAP_TEXTURE_GEN_S: bits = &u->gen_enabled; bit = 1u; break;
   case ST_CAP_TEXTURE_GEN_T: bits = &u->gen_enabled; bit = 2u; break;
   case ST_CAP_TEXTURE_GEN_R: bits = &u->gen_enabled; bit = 4u; break;
   case ST_CAP_TEXTURE_GEN_Q: bits = &u->gen_enabled; bit = 8u; break;
   default: return -1;
   }
   if (!st_texture_active_is_ff(ctx, on < 0 ? "glIsEnabled" : on ? "glEnable" : "glDisable"))
      return 0;
   int was = (*bits & bit) != 0;
   if (on > 0)
      *bits |= bit;
   else if (on == 0)
      *bits &= ~bit;
   return was;
}

bool
st_texture_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count,
               int64_t ints[32], double dbls[32])
{
   struct st_texunit_state *u = &ctx->texture.unit[ctx->texture.active_unit];
   int idx = -1;
   *count = 1;
   *kind = 0;
   switch (pname) {
   case GL_TEXTURE_BINDING_1D: idx = ST_TEX_1D; break;
   case GL_TEXTURE_BINDING_2D: idx = ST_TEX_2D; break;
   case GL_TEXTURE_BINDING_3D: idx = ST_TEX_3D; break;
   case GL_TEXTURE_BINDING_CUBE_MAP: idx = ST_TEX_CUBE; break;
   case GL_TEXTURE_BINDING_RECTANGLE_ARB: idx = ST_TEX_RECT; break;
   case GL_TEXTURE_BINDING_CUBE_MAP_ARRAY_ARB:
      if (!ctx->caps.tex_cube_array)
         return false;
      idx = ST_TEX_CUBE_ARRAY;
      break;
   case GL_TEXTURE_BINDING_1D_ARRAY_EXT:
   case GL_TEXTURE_BINDING_2D_ARRAY_EXT:
   case GL_MAX_ARRAY_TEXTURE_LAYERS_EXT:
      if (!ctx->caps.tex_array)
         return false;
      if (pname == GL_MAX_ARRAY_TEXTURE_LAYERS_EXT)
         ints[0] = ST_MAX_ARRAY_TEXTURE_LAYERS;
      else
         idx = pname == GL_TEXTURE_BINDING_1D_ARRAY_EXT ? ST_TEX_1D_ARRAY : ST_TEX_2D_ARRAY;
      break;
   case GL_MAX_RECTANGLE_TEXTURE_SIZE_ARB: ints[0] = ST_MAX_RECT_TEXTURE_SIZE; break;
   /* buffer textures (api_texbuffer.c); GL_TEXTURE_BUFFER itself, the
    * buffer binding point, is st_array.c's */
   case GL_TEXTURE_BINDING_BUFFER:
   case GL_MAX_TEXTURE_BUFFER_SIZE:
   case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
   case GL_TEXTURE_BUFFER_FORMAT_ARB:
   case GL_TEXTURE_BUFFER_DATA_STORE_BINDING: {
      if (!st_texbuffer_enabled(ctx))
         return false;
      const struct st_texture_object *bo = u->bound[ST_TEX_BUFFER];
      switch (pname) {
      case GL_TEXTURE_BINDING_BUFFER: idx = ST_TEX_BUFFER; break;
      case GL_MAX_TEXTURE_BUFFER_SIZE: ints[0] = ST_MAX_TEXTURE_BUFFER_SIZE; break;
      case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT: ints[0] = ST_TEXTURE_BUFFER_OFFSET_ALIGNMENT; break;
      default:
         /* ARB_texture_buffer_object's queries of the bound texture (GL
          * 4.3 has them as level parameters too) */
         if (pname == GL_TEXTURE_BUFFER_FORMAT_ARB) {
            struct st_texture_image img;
            st_texbuffer_image(ctx, bo, &img);
            *kind = 2;
            ints[0] = img.internal_format;
         } else {
            ints[0] = bo->buffer ? bo->buffer->name : 0;
         }
         break;
      }
      break;
   }
   case GL_SAMPLER_BINDING:   /* GL_ARB_sampler_objects, per active unit */
      if (!ctx->caps.arb_sampler_objects)
         return false;
      ints[0] = ctx->tex.sampler[ctx->texture.active_unit]
                   ? ctx->tex.sampler[ctx->texture.active_unit]->name : 0;
      break;
   case GL_ACTIVE_TEXTURE:
      *kind = 2;
      ints[0] = GL_TEXTURE0 + ctx->texture.active_unit;
      break;
   case GL_MAX_TEXTURE_UNITS:
      ints[0] = ST_MAX_TEXTURE_UNITS;
      break;
   case GL_MAX_3D_TEXTURE_SIZE: ints[0] = ST_MAX_3D_TEXTURE_SIZE; break;
   case GL_MAX_CUBE_MAP_TEXTURE_SIZE: ints[0] = ST_MAX_CUBE_TEXTURE_SIZE; break;
   case GL_MAX_TEXTURE_LOD_BIAS:
      *kind = 4;
      dbls[0] = ST_MAX_TEXTURE_LOD_BIAS;
      break;
   case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
   case GL_COMPRESSED_TEXTURE_FORMATS: {
      /* general-purpose formats only (GL 1.3 3.8.3): not RGTC, sRGB or
       * DXT1 with alpha (as Mesa and piglit's invalid-formats tests) */
      static const GLenum fmts[] = {
         GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,
         GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_RGB_FXT1_3DFX,
         GL_COMPRESSED_RGBA_FXT1_3DFX, GL_COMPRESSED_RGBA_BPTC_UNORM,
         GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
         GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT };
      /* OpenGL ES 3.0: the ten ETC2 / EAC formats it requires (its 6.1.3)
       * and the S3TC ones of the ES extension list (api_string.c) */
      static const GLenum es3_fmts[] = {
         GL_COMPRESSED_R11_EAC, GL_COMPRESSED_SIGNED_R11_EAC, GL_COMPRESSED_RG11_EAC,
         GL_COMPRESSED_SIGNED_RG11_EAC, GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2,
         GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
         GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_RGBA8_ETC2_EAC,
         GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
         GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
         GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM,
         GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT };
      /* OpenGL ES 2.0: the S3TC formats of its extension list (no BPTC,
       * whose ES extension needs ES 3.0) */
      static const GLenum es2_fmts[] = {
         GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,
         GL_COMPRESSED_RGBA_S3TC_DXT5_EXT };
      /* GLES 1.1: its compressed formats are OES_compressed_paletted_texture's
       * (api_es.c), which that extension lists here */
      static const GLenum es1_fmts[] = {
         GL_PALETTE4_RGB8_OES, GL_PALETTE4_RGBA8_OES, GL_PALETTE4_R5_G6_B5_OES,
         GL_PALETTE4_RGBA4_OES, GL_PALETTE4_RGB5_A1_OES, GL_PALETTE8_RGB8_OES,
         GL_PALETTE8_RGBA8_OES, GL_PALETTE8_R5_G6_B5_OES, GL_PALETTE8_RGBA4_OES,
         GL_PALETTE8_RGB5_A1_OES };
      bool es1 = ctx->profile == ST_PROFILE_GLES1, es3 = st_es3(ctx),
           es2 = ctx->profile == ST_PROFILE_GLES2 && !es3;
      const GLenum *list = es1 ? es1_fmts : es3 ? es3_fmts : es2 ? es2_fmts : fmts;
      const unsigned nf = es1   ? sizeof es1_fmts / sizeof es1_fmts[0]
                          : es3 ? sizeof es3_fmts / sizeof es3_fmts[0]
                          : es2 ? sizeof es2_fmts / sizeof es2_fmts[0]
                                : sizeof fmts / sizeof fmts[0];
      if (pname == GL_NUM_COMPRESSED_TEXTURE_FORMATS) {
         ints[0] = nf;
      } else {
         *kind = 2;
         *count = nf;
         for (unsigned i = 0; i < nf; i++)
            ints[i] = list[i];
      }
      break;
   }
   default:
      return false;
   }
   if (idx >= 0)
      ints[0] = u->bound[idx] ? u->bound[idx]->name : 0;
   for (unsigned i = 0; i < *count; i++) {
      if (*kind == 4 || *kind == 5)
         ints[i] = (int64_t)dbls[i];
      else
         dbls[i] = (double)ints[i];
   }
   return true;
}

void
st_texture_push(struct st_context *ctx, GLbitfield mask, struct st_texture_attrib *frame)
{
   if (mask & GL_TEXTURE_BIT) {
      *frame = ctx->texture;
      for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
         for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++) {
            frame->unit[u].bound[t] = NULL;
            st_texture_reference(ctx, &frame->unit[u].bound[t], ctx->texture.unit[u].bound[t]);
            frame->bound_params[u][t] = ctx->texture.unit[u].bound[t]->sampler;
         }
      }
   } else if (mask & GL_ENABLE_BIT) {
      memset(frame, 0, sizeof *frame);
      for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
         frame->unit[u].enabled = ctx->texture.unit[u].enabled;
         frame->unit[u].gen_enabled = ctx->texture.unit[u].gen_enabled;
      }
   }
}

void
st_texture_pop(struct st_context *ctx, GLbitfield mask, struct st_texture_attrib *frame)
{
   if (mask & GL_TEXTURE_BIT) {
      for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
         struct st_texunit_state *cur = &ctx->texture.unit[u];
         struct st_texunit_state saved = frame->unit[u];
         for (unsigned t = 0; t < ST_NUM_TEX_TARGETS; t++) {
            struct st_texture_object *o = frame->unit[u].bound[t];
            /* an object deleted meanwhile is not brought back: default instead */
            if (o && o->name && st_texture_lookup(ctx, o->name) != o)
               o = ctx->tex.default_obj[t];
            if (o) {
               o->sampler = frame->bound_params[u][t];
               o->serial++;
            }
            st_texture_reference(ctx, &cur->bound[t], o ? o : ctx->tex.default_obj[t]);
            st_texture_reference(ctx, &frame->unit[u].bound[t], NULL);
            saved.bound[t] = cur->bound[t];
         }
         *cur = saved;
      }
      ctx->texture.active_unit = frame->active_unit;
   } else if (mask & GL_ENABLE_BIT) {
      for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++) {
         ctx->texture.unit[u].enabled = frame->unit[u].enabled;
         ctx->texture.unit[u].gen_enabled = frame->unit[u].gen_enabled;
      }
   }
}

/* --- sampling parameter values ------------------------------------------------ */

bool
st_tex_wrap_ok(GLenum w, bool rect)
{
   if (rect)
      return w == GL_CLAMP || w == GL_CLAMP_TO_EDGE || w == GL_CLAMP_TO_BORDER;
   return w == GL_REPEAT || w == GL_CLAMP || w == GL_CLAMP_TO_EDGE ||
          w == GL_CLAMP_TO_BORDER || w == GL_MIRRORED_REPEAT;
}

bool
st_tex_min_filter_ok(GLenum e, bool rect)
{
   if (e == GL_NEAREST || e == GL_LINEAR)
      return true;
   return !rect && (e == GL_NEAREST_MIPMAP_NEAREST || e == GL_LINEAR_MIPMAP_NEAREST ||
                    e == GL_NEAREST_MIPMAP_LINEAR || e == GL_LINEAR_MIPMAP_LINEAR);
}

bool
st_tex_mag_filter_ok(GLenum e)
{
   return e == GL_NEAREST || e == GL_LINEAR;
}

bool
st_tex_compare_mode_ok(GLenum e)
{
   return e == GL_NONE || e == GL_COMPARE_R_TO_TEXTURE;
}

bool
st_tex_compare_func_ok(GLenum e)
{
   return e >= GL_NEVER && e <= GL_ALWAYS;
}
