/*
 * Choosing window-system buffers: glDrawBuffer, glReadBuffer.
 */
#include "st_context.h"
#include "st_fbo.h"
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

/* A buffer name for a framebuffer object: GL_NONE or GL_COLOR_ATTACHMENTi
 * (GL_NO_ERROR); other window-system names are GL_INVALID_OPERATION, unknown
 * enums GL_INVALID_ENUM. */
static GLenum
fbo_buffer_error(GLenum buf)
{
   if (buf == GL_NONE)
      return GL_NO_ERROR;
   if (buf >= GL_COLOR_ATTACHMENT0 && buf <= GL_COLOR_ATTACHMENT31)
      return buf - GL_COLOR_ATTACHMENT0 < ST_MAX_COLOR_ATTACHMENTS ? GL_NO_ERROR
                                                                   : GL_INVALID_OPERATION;
   switch (buf) {
   case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_BACK_LEFT: case GL_BACK_RIGHT:
   case GL_FRONT: case GL_BACK: case GL_LEFT: case GL_RIGHT: case GL_FRONT_AND_BACK:
      return GL_INVALID_OPERATION;
   default:
      return is_aux(buf) ? GL_INVALID_OPERATION : GL_INVALID_ENUM;
   }
}

void GLAPIENTRY
api_glDrawBuffer(GLenum buf)
{
   ST_ENTRY(ctx);
   if (ctx->draw_fbo) {
      GLenum err = fbo_buffer_error(buf);
      if (err != GL_NO_ERROR) {
         st_error(ctx, err, "glDrawBuffer");
         return;
      }
      ctx->draw_fbo->draw_buffers[0] = buf;
      for (unsigned i = 1; i < ST_MAX_DRAW_BUFFERS; i++)
         ctx->draw_fbo->draw_buffers[i] = GL_NONE;
      ctx->dirty |= ST_NEW_FRAMEBUFFER;
      return;
   }
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
   for (unsigned i = 1; i < ST_MAX_DRAW_BUFFERS; i++)
      ctx->ws_draw_buffers[i] = GL_NONE;
}

/*
 * glDrawBuffers (GL 2.0 / GL_ARB_draw_buffers).  Framebuffer objects take
 * GL_NONE / GL_COLOR_ATTACHMENTi; the window-system framebuffer takes
 * GL_NONE and single buffers (GL_FRONT_LEFT, GL_BACK_LEFT); each buffer at
 * most once.  The window-system framebuffer draws the colour of output 0
 * to the first entry only (it has no other independent buffers).
 */
static void
draw_buffers(GLsizei n, const GLenum *bufs, const char *where)
{
   ST_ENTRY(ctx);
   if (n < 0 || n > ST_MAX_DRAW_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (n > 0 && !bufs)
      return;
   if (ctx->profile == ST_PROFILE_GLES2) {
      /* glDrawBuffersEXT (GL_EXT_draw_buffers; it shares glDrawBuffers'
       * dispatch slot): ES's rules, stricter than desktop's: on the default
       * framebuffer exactly one buffer (n = 0 too is INVALID_OPERATION),
       * GL_BACK or GL_NONE; on a framebuffer object entry i is
       * GL_COLOR_ATTACHMENTi or GL_NONE */
      if (!ctx->caps.ext_es_draw_buffers || (!ctx->draw_fbo && n != 1)) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
      for (GLsizei i = 0; i < n; i++) {
         bool ok = ctx->draw_fbo
                      ? bufs[i] == GL_NONE || bufs[i] == GL_COLOR_ATTACHMENT0 + (GLenum)i
                      : n == 1 && (bufs[i] == GL_NONE || bufs[i] == GL_BACK);
         if (!ok) {
            st_error(ctx, GL_INVALID_OPERATION, where);
            return;
         }
      }
      if (!ctx->draw_fbo) {
         ctx->color.draw_buffer = n ? bufs[0] : GL_NONE;
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
         return;
      }
   }
   unsigned seen = 0;
   for (GLsizei i = 0; i < n; i++) {
      GLenum b = bufs[i];
      if (ctx->draw_fbo) {
         GLenum err = fbo_buffer_error(b);
         if (err != GL_NO_ERROR) {
            st_error(ctx, err, where);
            return;
         }
      } else if (b != GL_NONE) {
         enum st_attachment a[2];
         switch (b) {
         case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_BACK_LEFT: case GL_BACK_RIGHT:
            if (st_framebuffer_buffers(current_visual(ctx, &ctx->draw_fb), b, a) != 1) {
               st_error(ctx, GL_INVALID_OPERATION, where);
               return;
            }
            break;
         case GL_FRONT: case GL_BACK: case GL_LEFT: case GL_RIGHT: case GL_FRONT_AND_BACK:
            st_error(ctx, GL_INVALID_OPERATION, where);   /* names of several buffers */
            return;
         default:
            st_error(ctx, (b >= GL_COLOR_ATTACHMENT0 && b <= GL_COLOR_ATTACHMENT31) || is_aux(b)
                             ? GL_INVALID_OPERATION : GL_INVALID_ENUM, where);
            return;
         }
      }
      if (b != GL_NONE) {
         unsigned bit = 1u << (b >= GL_COLOR_ATTACHMENT0 ? (b - GL_COLOR_ATTACHMENT0) & 15
                                                        : 16 + ((b - GL_FRONT_LEFT) & 15));
         if (seen & bit) {
            st_error(ctx, GL_INVALID_OPERATION, where);   /* the same buffer twice */
            return;
         }
         seen |= bit;
      }
   }
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      GLenum b = (GLsizei)i < n ? bufs[i] : GL_NONE;
      if (ctx->draw_fbo)
         ctx->draw_fbo->draw_buffers[i] = b;
      else if (i == 0)
         ctx->color.draw_buffer = b;
      else
         ctx->ws_draw_buffers[i] = b;
   }
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}

void GLAPIENTRY
api_glDrawBuffers(GLsizei n, const GLenum *bufs)
{
   draw_buffers(n, bufs, "glDrawBuffers");
}

void GLAPIENTRY
api_glDrawBuffersARB(GLsizei n, const GLenum *bufs)
{
   draw_buffers(n, bufs, "glDrawBuffersARB");
}

void GLAPIENTRY
api_glReadBuffer(GLenum src)
{
   ST_ENTRY(ctx);
   if (ctx->read_fbo) {
      GLenum err = fbo_buffer_error(src);
      if (src == GL_FRONT_AND_BACK)
         err = GL_INVALID_ENUM;
      if (err != GL_NO_ERROR) {
         st_error(ctx, err, "glReadBuffer");
         return;
      }
      ctx->read_fbo->read_buffer = src;
      return;
   }
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
