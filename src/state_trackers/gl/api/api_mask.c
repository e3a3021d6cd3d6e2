/*
 * Write masks: glColorMask, glDepthMask, glStencilMask(Separate).
 */
#include "st_context.h"

void GLAPIENTRY
api_glColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
   ST_ENTRY(ctx);
   for (unsigned b = 0; b < 8; b++) {
      ctx->color.color_mask[b][0] = red ? GL_TRUE : GL_FALSE;
      ctx->color.color_mask[b][1] = green ? GL_TRUE : GL_FALSE;
      ctx->color.color_mask[b][2] = blue ? GL_TRUE : GL_FALSE;
      ctx->color.color_mask[b][3] = alpha ? GL_TRUE : GL_FALSE;
   }
}

/* glColorMaskIndexedEXT (EXT_draw_buffers2): one draw buffer's mask. */
void GLAPIENTRY
api_glColorMaskIndexedEXT(GLuint buf, GLboolean red, GLboolean green, GLboolean blue,
                          GLboolean alpha)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.ext_draw_buffers2) {
      st_error(ctx, GL_INVALID_OPERATION, "glColorMaskIndexedEXT");
      return;
   }
   if (buf >= 8) {   /* GL_MAX_DRAW_BUFFERS */
      st_error(ctx, GL_INVALID_VALUE, "glColorMaskIndexedEXT");
      return;
   }
   ctx->color.color_mask[buf][0] = red ? GL_TRUE : GL_FALSE;
   ctx->color.color_mask[buf][1] = green ? GL_TRUE : GL_FALSE;
   ctx->color.color_mask[buf][2] = blue ? GL_TRUE : GL_FALSE;
   ctx->color.color_mask[buf][3] = alpha ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glDepthMask(GLboolean flag)
{
   ST_ENTRY(ctx);
   ctx->depth.mask = flag ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glStencilMask(GLuint mask)
{
   ST_ENTRY(ctx);
   ctx->stencil.writemask[0] = mask;
   ctx->stencil.writemask[1] = mask;
}

void GLAPIENTRY
api_glStencilMaskSeparate(GLenum face, GLuint mask)
{
   ST_ENTRY(ctx);
   switch (face) {
   case GL_FRONT:
      ctx->stencil.writemask[0] = mask;
      break;
   case GL_BACK:
      ctx->stencil.writemask[1] = mask;
      break;
   case GL_FRONT_AND_BACK:
      ctx->stencil.writemask[0] = mask;
      ctx->stencil.writemask[1] = mask;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glStencilMaskSeparate");
      break;
   }
}
