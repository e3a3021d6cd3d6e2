/*
 * A drawable's buffers (fe_buffers.h).
 */
#include "fe_buffers.h"

#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_inlines.h"

void
fe_buffers_init(struct fe_buffers *b, struct pipe_screen *screen, const struct fe_config *config,
                unsigned color_bind)
{
   memset(b, 0, sizeof(*b));
   b->screen = screen;
   b->config = *config;
   b->color_bind = color_bind;
}

void
fe_buffers_release(struct fe_buffers *b)
{
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      pipe_resource_reference(&b->textures[i], NULL);
      pipe_resource_reference(&b->msaa[i], NULL);
   }
}

void
fe_buffers_resize(struct fe_buffers *b, int width, int height)
{
   if (width < 0)
      width = 0;
   if (height < 0)
      height = 0;
   if (width != b->width || height != b->height) {
      b->width = width;
      b->height = height;
      fe_buffers_release(b);
   }
}

bool
fe_buffers_ensure(struct fe_buffers *b, enum st_attachment att)
{
   struct pipe_screen *pscreen = b->screen;
   struct pipe_resource templ;
   unsigned w = b->width > 0 ? (unsigned)b->width : 1;
   unsigned h = b->height > 0 ? (unsigned)b->height : 1;

   if ((unsigned)att >= ST_ATTACHMENT_COUNT)
      return false;
   if (b->textures[att] &&
       (att == ST_ATTACHMENT_DEPTH_STENCIL || b->config.samples <= 1 || b->msaa[att]))
      return true;

   memset(&templ, 0, sizeof(templ));
   templ.target = PIPE_TEXTURE_2D;
   templ.width0 = w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.usage = PIPE_USAGE_DEFAULT;
   if (att == ST_ATTACHMENT_DEPTH_STENCIL) {
      if (b->config.zs_format == PIPE_FORMAT_NONE)
         return false;
      templ.format = b->config.zs_format;
      templ.bind = PIPE_BIND_DEPTH_STENCIL;
   } else {
      templ.format = b->config.color_format;
      templ.bind = PIPE_BIND_RENDER_TARGET | b->color_bind;
   }
   if (w > 0xffff || h > 0xffff)
      return false;

   if (b->config.samples > 1) {
      /* multisample: GL draws into these; colour is resolved into the
       * single-sampled buffer the window system sees */
      struct pipe_resource ms = templ;
      ms.nr_samples = (uint8_t)b->config.samples;
      ms.bind &= PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL;
      if (att == ST_ATTACHMENT_DEPTH_STENCIL) {
         b->textures[att] = pscreen->resource_create(pscreen, &ms);
         return b->textures[att] != NULL;
      }
      if (!b->msaa[att])
         b->msaa[att] = pscreen->resource_create(pscreen, &ms);
      if (!b->msaa[att])
         return false;
      if (b->textures[att])
         return true;   /* the window system's own buffer */
   }

   b->textures[att] = pscreen->resource_create(pscreen, &templ);
   return b->textures[att] != NULL;
}

bool
fe_buffers_validate(struct fe_buffers *b, const enum st_attachment *atts, unsigned count,
                    struct pipe_resource **out)
{
   for (unsigned i = 0; i < count; i++)
      out[i] = NULL;
   for (unsigned i = 0; i < count; i++) {
      if (!fe_buffers_ensure(b, atts[i])) {
         for (unsigned j = 0; j < i; j++)
            pipe_resource_reference(&out[j], NULL);
         return false;
      }
      pipe_resource_reference(&out[i], b->msaa[atts[i]] ? b->msaa[atts[i]] : b->textures[atts[i]]);
   }
   return true;
}

void
fe_buffers_resolve(struct fe_buffers *b, struct pipe_context *pipe)
{
   if (!pipe || !pipe->blit)
      return;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      struct pipe_resource *src = b->msaa[i], *dst = b->textures[i];
      if (!src || !dst || src->width0 != dst->width0 || src->height0 != dst->height0)
         continue;
      struct pipe_blit_info blit;
      memset(&blit, 0, sizeof(blit));
      blit.src.resource = src;
      blit.src.format = src->format;
      blit.src.box.width = (int)src->width0;
      blit.src.box.height = (int)src->height0;
      blit.src.box.depth = 1;
      blit.dst.resource = dst;
      blit.dst.format = dst->format;
      blit.dst.box = blit.src.box;
      blit.mask = PIPE_MASK_RGBA;
      blit.filter = PIPE_TEX_FILTER_NEAREST;
      pipe->blit(pipe, &blit);
   }
}
