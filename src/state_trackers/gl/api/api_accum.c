/*
 * The accumulation buffer and the colour-index state of an RGBA context:
 * glAccum, glClearAccum, glClearIndex, glIndexMask.
 *
 * No Pony config has an accumulation buffer (GL_ACCUM_*_BITS are 0), so
 * glAccum raises GL_INVALID_OPERATION after its enum check (GL 2.1 4.2.4),
 * and glClear ignores GL_ACCUM_BUFFER_BIT.  The clear value and the index
 * state are kept and queryable (GL_ACCUM_CLEAR_VALUE, GL_INDEX_CLEAR_VALUE,
 * GL_INDEX_WRITEMASK); in RGBA mode the index state has no effect.
 */
#include "api.h"

static float
clamp1(GLfloat v)
{
   return v < -1.0f ? -1.0f : v > 1.0f ? 1.0f : v;
}

void GLAPIENTRY
api_glAccum(GLenum op, GLfloat value)
{
   ST_ENTRY(ctx);
   switch (op) {
   case GL_ACCUM: case GL_LOAD: case GL_RETURN: case GL_MULT: case GL_ADD:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glAccum");
      return;
   }
   (void)value;
   /* no accumulation buffer in any config */
   st_error(ctx, GL_INVALID_OPERATION, "glAccum");
}

void GLAPIENTRY
api_glClearAccum(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   ST_ENTRY(ctx);
   ctx->accum.clear[0] = clamp1(r);
   ctx->accum.clear[1] = clamp1(g);
   ctx->accum.clear[2] = clamp1(b);
   ctx->accum.clear[3] = clamp1(a);
}

void GLAPIENTRY
api_glClearIndex(GLfloat c)
{
   ST_ENTRY(ctx);
   ctx->color.index_clear = c;
}

void GLAPIENTRY
api_glIndexMask(GLuint mask)
{
   ST_ENTRY(ctx);
   ctx->color.index_mask = mask;
}
