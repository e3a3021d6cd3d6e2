/*
 * glHint.
 */
#include "st_context.h"

void GLAPIENTRY
api_glHint(GLenum target, GLenum mode)
{
   ST_ENTRY(ctx);
   GLenum *slot;
   switch (target) {
   case GL_PERSPECTIVE_CORRECTION_HINT: slot = &ctx->hint.perspective_correction; break;
   case GL_POINT_SMOOTH_HINT: slot = &ctx->hint.point_smooth; break;
   case GL_LINE_SMOOTH_HINT: slot = &ctx->hint.line_smooth; break;
   case GL_POLYGON_SMOOTH_HINT: slot = &ctx->hint.polygon_smooth; break;
   case GL_FOG_HINT: slot = &ctx->hint.fog; break;
   case GL_GENERATE_MIPMAP_HINT: slot = &ctx->hint.generate_mipmap; break;
   case GL_TEXTURE_COMPRESSION_HINT: slot = &ctx->hint.texture_compression; break;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: slot = &ctx->hint.fragment_shader_derivative; break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glHint(target)");
      return;
   }
   if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
      st_error(ctx, GL_INVALID_ENUM, "glHint(mode)");
      return;
   }
   *slot = mode;
}
