/*
 * GL errors: recording (st_error), the Begin/End rule, glGetError.
 */
#include "st_context.h"

#include "util/u_debug.h"

static const char *
error_name(GLenum error)
{
   switch (error) {
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
   case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   default: return "unknown error";
   }
}

void
st_error(struct st_context *ctx, GLenum error, const char *where)
{
   if (ctx->debug & PONY_DEBUG_ERRORS)
      pony_log("gl", "%s in %s", error_name(error), where ? where : "?");
   if (ctx->error == GL_NO_ERROR)
      ctx->error = error;
   /* GL_KHR_debug: every recorded error is also a debug message */
   st_debug_error(ctx, error, error_name(error), where);
}

bool
st_check_outside_begin_end(struct st_context *ctx)
{
   if (!ctx->inside_begin_end)
      return false;
   st_error(ctx, GL_INVALID_OPERATION, "a command between glBegin and glEnd");
   return true;
}

GLenum GLAPIENTRY
api_glGetError(void)
{
   ST_ENTRY_RET(ctx, 0);
   GLenum e = ctx->error;
   ctx->error = GL_NO_ERROR;
   return e;
}
