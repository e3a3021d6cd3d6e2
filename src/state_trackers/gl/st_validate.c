/*
 * st_validate: derive pipe state from dirty GL state.  Today that is the
 * draw framebuffer (window-system buffers selected by glDrawBuffer), the
 * viewport and the scissor rectangle; later areas (rasterizer, blend, shaders) add their steps
 * here, each keyed by its ST_NEW_* bit.
 */
#include "st_context.h"

#include <string.h>

#include "pipe/p_context.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "util/u_debug.h"

static void
update_framebuffer(struct st_context *ctx)
{
   struct pipe_framebuffer_state fb;
   st_fb_framebuffer_state(ctx, &fb);   /* window-system buffers or the bound FBO */
   ctx->num_draw_cbufs = 0;
   for (unsigned i = 0; i < fb.nr_cbufs; i++)
      ctx->num_draw_cbufs += fb.cbufs[i] != NULL;
   if (ctx->pipe->set_framebuffer_state)
      ctx->pipe->set_framebuffer_state(ctx->pipe, &fb);
   ctx->fb_width = fb.width;
   ctx->fb_height = fb.height;
   ctx->fb_flip_y = ctx->draw_fbo == NULL;
   if (ctx->debug & PONY_DEBUG_STATE)
      pony_log("st", "framebuffer %ux%u, %u colour buffers%s", fb.width, fb.height,
               fb.nr_cbufs, fb.zsbuf ? ", depth/stencil" : "");
}

static void
update_viewport(struct st_context *ctx)
{
   struct pipe_viewport_state vp;
   const struct st_viewport_attrib *v = &ctx->viewport;
   float fb_height = (float)ctx->fb_height;
   bool flip = ctx->fb_flip_y;
   float half_w = (float)v->width * 0.5f;
   float half_h = (float)v->height * 0.5f;
   float n = (float)v->near_val, f = (float)v->far_val;

   /* Window-system buffers store the top row first: flip y (FBOs: none). */
   vp.scale[0] = half_w;
   vp.translate[0] = (float)v->x + half_w;
   vp.scale[1] = flip ? -half_h : half_h;
   vp.translate[1] = flip ? fb_height - ((float)v->y + half_h) : (float)v->y + half_h;
   vp.scale[2] = (f - n) * 0.5f;
   vp.translate[2] = (f + n) * 0.5f;
   if (ctx->pipe->set_viewport_states)
      ctx->pipe->set_viewport_states(ctx->pipe, 0, 1, &vp);
}

static void
update_scissor(struct st_context *ctx)
{
   /* The rasterizer's scissor enable comes with the rasterizer state; the
    * rectangle is kept current here, flipped to top-down rows. */
   const struct st_scissor_attrib *s = &ctx->scissor;
   long h = ctx->fb_height, w = ctx->fb_width;
   long x0 = s->x, y0 = s->y, x1 = (long)s->x + s->width, y1 = (long)s->y + s->height;
   struct pipe_scissor_state ps;
   if (x0 < 0) x0 = 0;
   if (y0 < 0) y0 = 0;
   if (x1 > w) x1 = w;
   if (y1 > h) y1 = h;
   if (x0 >= x1 || y0 >= y1)
      x0 = x1 = y0 = y1 = 0;
   ps.minx = (uint16_t)x0;
   ps.maxx = (uint16_t)x1;
   ps.miny = (uint16_t)(ctx->fb_flip_y ? h - y1 : y0);
   ps.maxy = (uint16_t)(ctx->fb_flip_y ? h - y0 : y1);
   if (x0 == x1)
      ps.miny = ps.maxy = 0;
   if (ctx->pipe->set_scissor_states)
      ctx->pipe->set_scissor_states(ctx->pipe, 0, 1, &ps);
}

void
st_validate(struct st_context *ctx, unsigned mask)
{
   if ((mask & ST_NEW_FRAMEBUFFER) && !ctx->draw_fbo && ctx->draw_fb.iface)
      st_framebuffer_validate(ctx, &ctx->draw_fb, 0);   /* sets ST_NEW_FRAMEBUFFER on change */
   if ((mask & ST_NEW_FRAMEBUFFER) && ctx->draw_fbo) {
      /* attached images may have been redefined: re-derive every time */
      ctx->dirty |= ST_NEW_FRAMEBUFFER;
   }
   if (ctx->dirty & mask & ST_NEW_FRAMEBUFFER)
      ctx->dirty |= ST_NEW_VIEWPORT | ST_NEW_SCISSOR;    /* the y flip depends on the height */

   unsigned dirty = ctx->dirty & mask;
   if (dirty & ST_NEW_FRAMEBUFFER) {
      update_framebuffer(ctx);
      st_draw_state_changed(ctx);   /* formats, samples and flip feed the draw state */
   }
   if (dirty & ST_NEW_VIEWPORT)
      update_viewport(ctx);
   if (dirty & ST_NEW_SCISSOR)
      update_scissor(ctx);
   ctx->dirty &= ~dirty;
}
