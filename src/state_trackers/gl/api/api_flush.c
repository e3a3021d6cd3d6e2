/*
 * glFlush, glFinish, glTextureBarrier.
 */
#include "st_context.h"
#include "st_framebuffer.h"

/* Does the current drawing reach the front buffer (so glFlush must present it)? */
static bool
draws_to_front(const struct st_context *ctx)
{
   const struct st_framebuffer *fb = &ctx->draw_fb;
   if (!fb->iface)
      return false;
   if (!fb->visual.double_buffered)
      return true;
   enum st_attachment a[2];
   unsigned n = st_framebuffer_buffers(&fb->visual, ctx->color.draw_buffer, a);
   for (unsigned i = 0; i < n; i++) {
      if (a[i] == ST_ATTACHMENT_FRONT_LEFT)
         return true;
   }
   return false;
}

void GLAPIENTRY
api_glFlush(void)
{
   ST_ENTRY(ctx);
   st_context_flush(ctx, draws_to_front(ctx) ? ST_FLUSH_FRONT : 0, NULL);
}

void GLAPIENTRY
api_glFinish(void)
{
   ST_ENTRY(ctx);
   st_context_flush(ctx, ST_FLUSH_WAIT | (draws_to_front(ctx) ? ST_FLUSH_FRONT : 0), NULL);
}

/*
 * glTextureBarrier (GL_ARB_texture_barrier, GL 4.5; the NV form is the
 * same command): texels written by earlier draws become what later
 * draws fetch.  The state tracker's held draws and the driver's queued
 * work run to completion, so a later draw's texture reads see them; a
 * texel read by the same draw that writes it is read before it is
 * written (swpipe shades each fragment's fetches before its output).
 */
void GLAPIENTRY
api_glTextureBarrier(void)
{
   ST_ENTRY(ctx);
   st_context_flush(ctx, ST_FLUSH_WAIT, NULL);
}

void GLAPIENTRY
api_glTextureBarrierNV(void)
{
   api_glTextureBarrier();
}
