/*
 * The attribute stacks: glPushAttrib, glPopAttrib, glPushClientAttrib,
 * glPopClientAttrib.  Groups whose state does not exist yet (lighting,
 * texturing, ...) push nothing but their enables.
 */
#include <string.h>

#include "api.h"

void GLAPIENTRY
api_glPushAttrib(GLbitfield mask)
{
   ST_ENTRY(ctx);
   if (ctx->attrib_depth >= ST_MAX_ATTRIB_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushAttrib");
      return;
   }
   struct st_attrib_frame *f = &ctx->attrib_stack[ctx->attrib_depth++];
   f->mask = mask;
   f->color = ctx->color;
   f->depth = ctx->depth;
   f->stencil = ctx->stencil;
   f->viewport = ctx->viewport;
   f->scissor = ctx->scissor;
   f->pixel = ctx->pixel;
   f->hint = ctx->hint;
   f->enable = ctx->enable;
}

void GLAPIENTRY
api_glPopAttrib(void)
{
   ST_ENTRY(ctx);
   if (ctx->attrib_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopAttrib");
      return;
   }
   const struct st_attrib_frame *f = &ctx->attrib_stack[--ctx->attrib_depth];
   GLbitfield m = f->mask;

   if (m & GL_COLOR_BUFFER_BIT) {
      if (ctx->color.draw_buffer != f->color.draw_buffer)
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
      ctx->color = f->color;
   }
   if (m & GL_DEPTH_BUFFER_BIT)
      ctx->depth = f->depth;
   if (m & GL_STENCIL_BUFFER_BIT)
      ctx->stencil = f->stencil;
   if (m & GL_VIEWPORT_BIT) {
      ctx->viewport = f->viewport;
      ctx->dirty |= ST_NEW_VIEWPORT;
   }
   if (m & GL_SCISSOR_BIT) {
      ctx->scissor = f->scissor;
      ctx->dirty |= ST_NEW_SCISSOR;
   }
   if (m & GL_PIXEL_MODE_BIT) {
      if (ctx->pixel.read_buffer != f->pixel.read_buffer)
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
      ctx->pixel = f->pixel;
   }
   if (m & GL_HINT_BIT)
      ctx->hint = f->hint;

   for (unsigned c = 0; c < ST_CAP_COUNT; c++) {
      if (!(m & (GL_ENABLE_BIT | st_cap_attrib_bits((enum st_cap)c))))
         continue;
      uint64_t bit = 1ull << (c % 64);
      ctx->enable.bits[c / 64] = (ctx->enable.bits[c / 64] & ~bit) |
                                 (f->enable.bits[c / 64] & bit);
   }
   ctx->dirty |= ST_NEW_SCISSOR;
}

void GLAPIENTRY
api_glPushClientAttrib(GLbitfield mask)
{
   ST_ENTRY(ctx);
   if (ctx->client_attrib_depth >= ST_MAX_ATTRIB_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushClientAttrib");
      return;
   }
   struct st_client_attrib_frame *f = &ctx->client_attrib_stack[ctx->client_attrib_depth++];
   f->mask = mask;
   f->pixelstore = ctx->pixelstore;
}

void GLAPIENTRY
api_glPopClientAttrib(void)
{
   ST_ENTRY(ctx);
   if (ctx->client_attrib_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopClientAttrib");
      return;
   }
   const struct st_client_attrib_frame *f = &ctx->client_attrib_stack[--ctx->client_attrib_depth];
   if (f->mask & GL_CLIENT_PIXEL_STORE_BIT)
      ctx->pixelstore = f->pixelstore;
}
