/*
 * Choosing window-system buffers: glDrawBuffer, glReadBuffer.
 */
#include "st_context.h"
#include "st_framebuffer.h"

/* The visual buffer names are checked against: the drawable's, else the config's. */
static const struct st_visual *
current_visual(const struct st_context *ctx, const struct st_framebuffer *fb)
{
   return fb->iface ? &fb->visual : &ctx->visual;
}

static bool
is_aux(GLenum buf)
{
   return buf >= GL_AUX0 && buf <= GL_AUX0 + 255;
}

void GLAPIENTRY
api_glDrawBuffer(GLenum buf)
{
   ST_ENTRY(ctx);
   switch (buf) {
   case GL_NONE:
      break;
   case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_BACK_LEFT: case GL_BACK_RIGHT:
   case GL_FRONT: case GL_BACK: case GL_LEFT: case GL_RIGHT: case GL_FRONT_AND_BACK: {
      enum st_attachment a[2];
      if (!st_framebuffer_buffers(current_visual(ctx, &ctx->draw_fb), buf, a)) {
         st_error(ctx, GL_INVALID_OPERATION, "glDrawBuffer(buffer not in the drawable)");
         return;
      }
      break;
   }
   default:
      if (is_aux(buf)) {   /* no auxiliary buffers */
         st_error(ctx, GL_INVALID_OPERATION, "glDrawBuffer(GL_AUXi)");
         return;
      }
      st_error(ctx, GL_INVALID_ENUM, "glDrawBuffer");
      return;
   }
   if (ctx->color.draw_buffer != buf) {
      ctx->color.draw_buffer = buf;
      ctx->dirty |= ST_NEW_FRAMEBUFFER;
   }
}

void GLAPIENTRY
api_glReadBuffer(GLenum src)
{
   ST_ENTRY(ctx);
   switch (src) {
   case GL_NONE:
      if (ctx->version < 30) {   /* allowed from GL 3.0 on */
         st_error(ctx, GL_INVALID_ENUM, "glReadBuffer(GL_NONE)");
         return;
      }
      break;
   case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_BACK_LEFT: case GL_BACK_RIGHT:
   case GL_FRONT: case GL_BACK: case GL_LEFT: case GL_RIGHT: {
      enum st_attachment a[2];
      if (!st_framebuffer_buffers(current_visual(ctx, st_read_framebuffer(ctx)), src, a)) {
         st_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(buffer not in the drawable)");
         return;
      }
      break;
   }
   default:
      if (is_aux(src)) {
         st_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(GL_AUXi)");
         return;
      }
      st_error(ctx, GL_INVALID_ENUM, "glReadBuffer");
      return;
   }
   if (ctx->pixel.read_buffer != src) {
      ctx->pixel.read_buffer = src;
      ctx->dirty |= ST_NEW_FRAMEBUFFER;
   }
}
