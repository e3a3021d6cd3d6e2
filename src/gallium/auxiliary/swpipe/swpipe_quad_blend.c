/*
 * Colour output (GL 2.1 4.1.8-4.1.10, 4.2.2): for every bound colour
 * target, blending (or a logic op on unorm/snorm/integer targets), then the
 * colour mask, then the write.
 *
 * Target kinds, from the surface's format:
 *  - fixed point (unorm, snorm): source, second source and constant colour
 *    are clamped to [0, 1] ([-1, 1] for snorm) before blending; the result
 *    is converted by the format module (round to nearest), sRGB surfaces
 *    decode the destination before blending and encode the result;
 *  - float (and the shared-exponent / packed-float formats): nothing is
 *    clamped (unless the rasterizer's clamp_fragment_color did it);
 *    logic ops do not apply (the colour is written as is);
 *  - pure integer: no blending; the shader's integer bits are converted
 *    to the channel range (clamped) and may go through a logic op.
 * The colour mask keeps the destination's bits of masked channels exactly
 * (a bit mask over the texel for plain formats).
 */
#include <string.h>

#include "format/u_format.h"
#include "swpipe_fragops.h"
#include "swpipe_quad.h"

#define MAX_BLOCK 16

enum target_kind { TARGET_UNORM, TARGET_SNORM, TARGET_FLOAT, TARGET_UINT, TARGET_SINT };

static enum target_kind
target_kind(const struct util_format_description *d)
{
   if (d->is_pure_integer) {
      for (unsigned i = 0; i < d->nr_channels; i++) {
         if (d->channel[i].type == UTIL_FORMAT_TYPE_SINT)
            return TARGET_SINT;
      }
      return TARGET_UINT;
   }
   if (d->layout != UTIL_FORMAT_LAYOUT_PLAIN)
      return TARGET_FLOAT;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      if (d->channel[i].type == UTIL_FORMAT_TYPE_FLOAT)
         return TARGET_FLOAT;
      if (d->channel[i].type == UTIL_FORMAT_TYPE_SNORM)
         return TARGET_SNORM;
   }
   return TARGET_UNORM;
}

static void
clamp4(float v[4], float lo, float hi)
{
   for (unsigned c = 0; c < 4; c++) {
      if (!(v[c] >= lo))
         v[c] = lo;   /* NaN too */
      else if (v[c] > hi)
         v[c] = hi;
   }
}

/* Byte mask of the bits of the channels colormask writes (plain formats). */
static void
colormask_bits(const struct util_format_description *d, unsigned colormask,
               uint8_t mask[MAX_BLOCK])
{
   memset(mask, 0, MAX_BLOCK);
   for (unsigned c = 0; c < 4; c++) {
      if (!(colormask >> c & 1) || d->swizzle[c] >= 4)
         continue;
      /* as clears: the first of R, G, B, A that reads a channel decides
       * (L and I take R's mask, not G's or B's) */
      bool earlier = false;
      for (unsigned e = 0; e < c; e++)
         earlier = earlier || d->swizzle[e] == d->swizzle[c];
      if (earlier)
         continue;
      const struct util_format_channel *ch = &d->channel[d->swizzle[c]];
      for (unsigned b = 0; b < ch->size; b++) {
         unsigned bit = ch->shift + b;
         if (bit < MAX_BLOCK * 8)
            mask[bit / 8] |= (uint8_t)(1u << (bit % 8));
      }
   }
}

void
swpipe_quad_blend(struct swpipe_context *ctx, struct swpipe_frag *frag)
{
   const struct pipe_blend_state *blend = ctx->blend;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;

   for (unsigned t = 0; t < fb->nr_cbufs && t < PIPE_MAX_COLOR_BUFS; t++) {
      struct pipe_surface *surf = fb->cbufs[t];
      if (!surf || !surf->texture)
         continue;
      const struct pipe_rt_blend_state *rt =
         blend ? &blend->rt[blend->independent_blend_enable ? t : 0] : NULL;
      unsigned colormask = rt ? rt->colormask : PIPE_MASK_RGBA;
      if (!colormask)
         continue;
      const struct util_format_description *d = util_format_description(surf->format);
      unsigned bs = d->block_bytes;
      if (!bs || bs > MAX_BLOCK || d->block_width != 1 || d->block_height != 1)
         continue;
      enum target_kind kind = target_kind(d);
      bool fixed = kind == TARGET_UNORM || kind == TARGET_SNORM;
      float lo = kind == TARGET_SNORM ? -1.0f : 0.0f;
      bool logicop = blend && blend->logicop_enable && kind != TARGET_FLOAT;
      bool blending = rt && rt->blend_enable && !logicop && kind != TARGET_UINT &&
                      kind != TARGET_SINT;
      bool plain = d->layout == UTIL_FORMAT_LAYOUT_PLAIN;
      uint8_t wmask[MAX_BLOCK];
      colormask_bits(d, colormask, wmask);

      float constant[4];
      memcpy(constant, ctx->blend_color.color, sizeof constant);
      if (fixed)
         clamp4(constant, lo, 1.0f);

      for (unsigned lane = 0; lane < 4; lane++) {
         if (!(frag->mask >> lane & 1))
            continue;
         uint8_t *p = swpipe_surface_pixel(surf, frag->x + (int)(lane & 1),
                                            frag->y + (int)(lane >> 1), frag->layer,
                                            frag->sample);
         if (!p)
            continue;
         uint8_t old[MAX_BLOCK], out[MAX_BLOCK];
         memcpy(old, p, bs);
         memset(out, 0, sizeof out);

         if (kind == TARGET_UINT || kind == TARGET_SINT) {
            uint32_t v[4];
            memcpy(v, frag->color[t][lane], sizeof v);
            if (kind == TARGET_UINT)
               util_format_pack_rgba_uint(surf->format, out, v, 1);
            else
               util_format_pack_rgba_sint(surf->format, out, (const int32_t *)v, 1);
         } else {
            float src[4], res[4];
            memcpy(src, frag->color[t][lane], sizeof src);
            if (fixed)
               clamp4(src, lo, 1.0f);
            if (blending) {
               float src1[4], dst[4];
               memcpy(src1, frag->color1[lane], sizeof src1);
               if (fixed)
                  clamp4(src1, lo, 1.0f);
               util_format_unpack_rgba_float(surf->format, dst, old, 1);
               swpipe_blend(rt, src, src1, dst, constant, res);
            } else {
               memcpy(res, src, sizeof res);
            }
            if (!plain && colormask != PIPE_MASK_RGBA) {
               float dst[4];
               util_format_unpack_rgba_float(surf->format, dst, old, 1);
               for (unsigned c = 0; c < 4; c++) {
                  if (!(colormask >> c & 1))
                     res[c] = dst[c];
               }
            }
            util_format_pack_rgba_float(surf->format, out, res, 1);
         }

         if (logicop) {
            for (unsigned b = 0; b < bs; b++)
               out[b] = (uint8_t)swpipe_logicop(blend->logicop_func, out[b], old[b]);
         }
         if (plain) {
            for (unsigned b = 0; b < bs; b++)
               out[b] = (uint8_t)((out[b] & wmask[b]) | (old[b] & ~wmask[b]));
         }
         memcpy(p, out, bs);
      }
   }
}
