/*
 * glViewport, glDepthRange(f), glScissor.
 */
#include "st_context.h"

static GLdouble
clamp01(GLdouble v)
{
   return v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
}

void GLAPIENTRY
api_glViewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glViewport");
      return;
   }
   GLsizei max = ctx->caps.max_viewport_dims;
   ctx->viewport.x = x;
   ctx->viewport.y = y;
   ctx->viewport.width = width > max ? max : width;
   ctx->viewport.height = height > max ? max : height;
   ctx->dirty |= ST_NEW_VIEWPORT;
}

void GLAPIENTRY
api_glDepthRange(GLdouble n, GLdouble f)
{
   ST_ENTRY(ctx);
   ctx->viewport.near_val = clamp01(n);
   ctx->viewport.far_val = clamp01(f);
   ctx->dirty |= ST_NEW_VIEWPORT;
}

void GLAPIENTRY
api_glDepthRangef(GLfloat n, GLfloat f)
{
   ST_ENTRY(ctx);
   ctx->viewport.near_val = clamp01(n);
   ctx->viewport.far_val = clamp01(f);
   ctx->dirty |= ST_NEW_VIEWPORT;
}

void GLAPIENTRY
api_glScissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glScissor");
      return;
   }
   ctx->scissor.x = x;
   ctx->scissor.y = y;
   ctx->scissor.width = width;
   ctx->scissor.height = height;
   ctx->dirty |= ST_NEW_SCISSOR;
}
