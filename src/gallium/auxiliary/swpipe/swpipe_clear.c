/*
 * Clears: of the bound framebuffer (with scissor, per-target colour masks
 * and a stencil mask) and of a rectangle of one surface.  A clear packs
 * the value into one texel once, then writes it over the rectangle,
 * combined with the old contents through a per-byte mask when only some
 * channels are written.
 */
#include <string.h>

#include "format/u_format.h"
#include "swpipe_context.h"
#include "swpipe_resource.h"

#define MAX_BLOCK 16

struct clear_rect {
   unsigned x0, y0, x1, y1;   /* x1, y1 exclusive */
};

/* Set the bits of 'size' bits at 'shift' in a little-endian byte mask,
 * and'ed with 'pattern' (repeated from bit 0 of the channel). */
static void
mask_bits(uint8_t mask[MAX_BLOCK], unsigned shift, unsigned size, uint32_t pattern)
{
   for (unsigned b = 0; b < size; b++) {
      if (!(pattern >> (b % 32) & 1))
         continue;
      unsigned bit = shift + b;
      mask[bit / 8] |= (uint8_t)(1u << (bit % 8));
   }
}

static bool
mask_is_full(const uint8_t *mask, unsigned bytes)
{
   for (unsigned i = 0; i < bytes; i++) {
      if (mask[i] != 0xff)
         return false;
   }
   return true;
}

static bool
mask_is_empty(const uint8_t *mask, unsigned bytes)
{
   for (unsigned i = 0; i < bytes; i++) {
      if (mask[i])
         return false;
   }
   return true;
}

/* Write 'texel' (masked by 'mask', NULL = every bit) over rect of layers
 * [first, last] of a surface's level. */
static void
fill_surface(struct pipe_surface *surf, const struct clear_rect *r, const uint8_t *texel,
             const uint8_t *mask)
{
   struct swpipe_resource *res = swpipe_resource(surf->texture);
   unsigned bs = util_format_get_blocksize(res->base.format);

   if (r->x0 >= r->x1 || r->y0 >= r->y1 || !bs || bs > MAX_BLOCK)
      return;
   /* every sample of every layer (samples are stored as slices) */
   unsigned ns = swpipe_resource_samples(&res->base);
   for (unsigned z = surf->first_layer * ns; z < (surf->last_layer + 1) * ns; z++) {
      for (unsigned y = r->y0; y < r->y1; y++) {
         uint8_t *row = swpipe_resource_texel(res, surf->level, r->x0, y, z);
         unsigned n = r->x1 - r->x0;
         if (!mask) {
            if (y != r->y0) {
               /* the first row of this layer already holds the pattern */
               memcpy(row, swpipe_resource_texel(res, surf->level, r->x0, r->y0, z),
                      (size_t)n * bs);
               continue;
            }
            /* one texel, then double the filled part until the row is full */
            size_t total = (size_t)n * bs, filled = bs;
            memcpy(row, texel, bs);
            while (filled < total) {
               size_t chunk = filled < total - filled ? filled : total - filled;
               memcpy(row + filled, row, chunk);
               filled += chunk;
            }
         } else if (bs == 4) {
            /* the common masked case (Z24S8 depth or stencil, RGBA8 channels) */
            uint32_t m, v;
            memcpy(&m, mask, 4);
            memcpy(&v, texel, 4);
            v &= m;
            for (unsigned x = 0; x < n; x++) {
               uint32_t old;
               memcpy(&old, row + (size_t)x * 4, 4);
               old = (old & ~m) | v;
               memcpy(row + (size_t)x * 4, &old, 4);
            }
         } else {
            for (unsigned x = 0; x < n; x++) {
               uint8_t *p = row + (size_t)x * bs;
               for (unsigned b = 0; b < bs; b++)
                  p[b] = (uint8_t)((p[b] & ~mask[b]) | (texel[b] & mask[b]));
            }
         }
      }
   }
}

/* The rectangle of a surface a clear may touch: the surface, limited by
 * the framebuffer size (when set) and a scissor (when given). */
static struct clear_rect
surface_rect(const struct pipe_surface *surf, const struct pipe_framebuffer_state *fb,
             const struct pipe_scissor_state *scissor)
{
   struct clear_rect r = { 0, 0, surf->width, surf->height };
   if (fb) {
      if (fb->width && fb->width < r.x1)
         r.x1 = fb->width;
      if (fb->height && fb->height < r.y1)
         r.y1 = fb->height;
   }
   if (scissor) {
      if (scissor->minx > r.x0)
         r.x0 = scissor->minx;
      if (scissor->miny > r.y0)
         r.y0 = scissor->miny;
      if (scissor->maxx < r.x1)
         r.x1 = scissor->maxx;
      if (scissor->maxy < r.y1)
         r.y1 = scissor->maxy;
   }
   return r;
}

static bool
surface_is_usable(const struct pipe_surface *surf)
{
   return surf && surf->texture && surf->texture->target != PIPE_BUFFER &&
          surf->level <= surf->texture->last_level &&
          surf->first_layer <= surf->last_layer &&
          surf->last_layer < swpipe_resource_level_layers(surf->texture, surf->level);
}

static void
clear_color_surface(struct pipe_surface *surf, const struct clear_rect *r,
                    const union pipe_color_union *color, unsigned colormask)
{
   const struct util_format_description *d = util_format_description(surf->format);
   uint8_t texel[MAX_BLOCK] = { 0 }, mask[MAX_BLOCK] = { 0 };
   bool is_signed = false;

   if (!d->block_bytes || d->block_bytes > MAX_BLOCK || d->block_width != 1 ||
       d->is_depth || d->is_stencil || !(colormask & PIPE_MASK_RGBA))
      return;

   if (d->is_pure_integer) {
      for (unsigned c = 0; c < d->nr_channels; c++)
         is_signed |= d->channel[c].type == UTIL_FORMAT_TYPE_SINT;
      if (is_signed)
         util_format_pack_rgba_sint(surf->format, texel, color->i, 1);
      else
         util_format_pack_rgba_uint(surf->format, texel, color->ui, 1);
   } else {
      util_format_pack_rgba_float(surf->format, texel, color->f, 1);
   }

   if ((colormask & PIPE_MASK_RGBA) == PIPE_MASK_RGBA) {
      fill_surface(surf, r, texel, NULL);
      return;
   }
   if (d->format == PIPE_FORMAT_R9G9B9E5_FLOAT)
      return;   /* the shared exponent cannot be written per channel */
   for (unsigned c = 0; c < d->nr_channels; c++) {
      if (d->channel[c].type == UTIL_FORMAT_TYPE_VOID)
         continue;
      /* the first of R, G, B, A that reads this channel decides */
      for (unsigned i = 0; i < 4; i++) {
         if (d->swizzle[i] == c) {
            if (colormask & (1u << i))
               mask_bits(mask, d->channel[c].shift, d->channel[c].size, ~0u);
            break;
         }
      }
   }
   if (!mask_is_empty(mask, d->block_bytes))
      fill_surface(surf, r, texel, mask);
}

static void
clear_zs_surface(struct pipe_surface *surf, const struct clear_rect *r, unsigned buffers,
                 double depth, unsigned stencil, unsigned stencil_mask)
{
   const struct util_format_description *d = util_format_description(surf->format);
   uint8_t texel[MAX_BLOCK] = { 0 }, mask[MAX_BLOCK] = { 0 };

   if (!d->block_bytes || d->block_bytes > MAX_BLOCK)
      return;
   if ((buffers & PIPE_CLEAR_DEPTH) && d->is_depth && d->swizzle[0] < 4) {
      float z = depth != depth ? 0.0f : depth < 0.0 ? 0.0f : depth > 1.0 ? 1.0f : (float)depth;
      util_format_pack_z_float(surf->format, texel, &z, 1);
      mask_bits(mask, d->channel[d->swizzle[0]].shift, d->channel[d->swizzle[0]].size, ~0u);
      /* padding goes with depth: its contents are undefined anyway */
      for (unsigned c = 0; c < d->nr_channels; c++) {
         if (d->channel[c].type == UTIL_FORMAT_TYPE_VOID)
            mask_bits(mask, d->channel[c].shift, d->channel[c].size, ~0u);
      }
   }
   if ((buffers & PIPE_CLEAR_STENCIL) && d->is_stencil && d->swizzle[1] < 4 &&
       (stencil_mask & 0xff)) {
      uint8_t s = (uint8_t)stencil;
      util_format_pack_s_8uint(surf->format, texel, &s, 1);
      mask_bits(mask, d->channel[d->swizzle[1]].shift, d->channel[d->swizzle[1]].size,
                stencil_mask & 0xff);
   }
   if (mask_is_empty(mask, d->block_bytes))
      return;
   fill_surface(surf, r, texel, mask_is_full(mask, d->block_bytes) ? NULL : mask);
}

static void
swpipe_clear(struct pipe_context *pipe, unsigned buffers,
              const struct pipe_scissor_state *scissor, const union pipe_color_union *color,
              double depth, unsigned stencil, const uint8_t colormask[PIPE_MAX_COLOR_BUFS],
              unsigned stencil_mask)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;

   if ((buffers & PIPE_CLEAR_COLOR) && color) {
      for (unsigned i = 0; i < fb->nr_cbufs; i++) {
         struct pipe_surface *surf = fb->cbufs[i];
         if (!(buffers & PIPE_CLEAR_COLORN(i)) || !surface_is_usable(surf))
            continue;
         struct clear_rect r = surface_rect(surf, fb, scissor);
         clear_color_surface(surf, &r, color, colormask ? colormask[i] : PIPE_MASK_RGBA);
      }
   }
   if ((buffers & PIPE_CLEAR_DEPTHSTENCIL) && surface_is_usable(fb->zsbuf)) {
      struct clear_rect r = surface_rect(fb->zsbuf, fb, scissor);
      clear_zs_surface(fb->zsbuf, &r, buffers, depth, stencil, stencil_mask);
   }
}

static struct clear_rect
region_rect(const struct pipe_surface *surf, unsigned x, unsigned y, unsigned w, unsigned h)
{
   struct clear_rect r = { x, y, surf->width, surf->height };
   if (x >= surf->width || y >= surf->height) {
      r.x1 = r.x0;
      return r;
   }
   if (w < surf->width - x)
      r.x1 = x + w;
   if (h < surf->height - y)
      r.y1 = y + h;
   return r;
}

static void
swpipe_clear_render_target(struct pipe_context *pipe, struct pipe_surface *dst,
                            const union pipe_color_union *color, unsigned dstx, unsigned dsty,
                            unsigned width, unsigned height)
{
   if (!surface_is_usable(dst) || !color)
      return;
   struct clear_rect r = region_rect(dst, dstx, dsty, width, height);
   clear_color_surface(dst, &r, color, PIPE_MASK_RGBA);
}

static void
swpipe_clear_depth_stencil(struct pipe_context *pipe, struct pipe_surface *dst,
                            unsigned clear_flags, double depth, unsigned stencil,
                            unsigned dstx, unsigned dsty, unsigned width, unsigned height)
{
   if (!surface_is_usable(dst))
      return;
   struct clear_rect r = region_rect(dst, dstx, dsty, width, height);
   clear_zs_surface(dst, &r, clear_flags, depth, stencil, 0xff);
}

void
swpipe_init_clear_funcs(struct pipe_context *pipe)
{
   pipe->clear = swpipe_clear;
   pipe->clear_render_target = swpipe_clear_render_target;
   pipe->clear_depth_stencil = swpipe_clear_depth_stencil;
}
