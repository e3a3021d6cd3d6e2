/*
 * Depth and stencil (GL 2.1 4.1.5-4.1.6) and occlusion counting.
 *
 * The fragment depth is clamped to the viewport's depth range when the
 * rasterizer's depth_clamp is on, then to [0, 1], and converted to the
 * depth buffer's representation before the comparison: round(z * (2^n - 1))
 * for n-bit unorm buffers (so tests compare exactly the values stored),
 * the float itself for float buffers.  Stencil: the front or back face
 * state (stencil[1] for back faces when it is enabled), the test on
 * (ref & valuemask) against (stencil & valuemask), then the fail / zfail /
 * zpass operation written through writemask.  Fragments passing both
 * tests are counted in ctx->samples_passed (occlusion queries).
 */
#include <math.h>
#include <string.h>

#include "format/u_format.h"
#include "swpipe_draw.h"
#include "swpipe_fragops.h"
#include "swpipe_quad.h"

static uint64_t
load_block(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes && i < 8; i++)
      v |= (uint64_t)p[i] << (8 * i);
   return v;
}

static void
store_block(uint8_t *p, unsigned bytes, uint64_t v)
{
   for (unsigned i = 0; i < bytes && i < 8; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t
field_mask(unsigned size)
{
   return size >= 64 ? ~0ull : ((1ull << size) - 1);
}

/* The depth buffer's value for depth z in [0, 1], as the bits it stores. */
static uint64_t
depth_to_bits(const struct util_format_channel *ch, float z)
{
   if (ch->type == UTIL_FORMAT_TYPE_FLOAT) {
      uint32_t u;
      memcpy(&u, &z, 4);
      return u;
   }
   double max = (double)field_mask(ch->size);
   return (uint64_t)llround((double)z * max);
}

/* A stored depth as a number that orders like the depth. */
static double
depth_value(const struct util_format_channel *ch, uint64_t bits)
{
   if (ch->type == UTIL_FORMAT_TYPE_FLOAT) {
      uint32_t u = (uint32_t)bits;
      float f;
      memcpy(&f, &u, 4);
      return f;
   }
   return (double)bits;
}

void
swpipe_quad_depth_stencil(struct swpipe_context *ctx, struct swpipe_frag *frag)
{
   const struct pipe_depth_stencil_alpha_state *dsa = ctx->dsa;
   const struct pipe_rasterizer_state *rast = ctx->rasterizer;
   struct pipe_surface *zs = ctx->framebuffer.zsbuf;
   const struct util_format_description *desc = NULL;
   const struct util_format_channel *zch = NULL, *sch = NULL;
   bool depth_test, stencil_test;

   /* depth clamp, then the [0, 1] range every depth buffer holds */
   for (unsigned lane = 0; lane < 4; lane++) {
      float z = frag->z[lane];
      if (!(z == z))
         z = 0.0f;
      if (rast && rast->depth_clamp) {
         if (z < ctx->ds->depth_min)
            z = ctx->ds->depth_min;
         if (z > ctx->ds->depth_max)
            z = ctx->ds->depth_max;
      }
      frag->z[lane] = z < 0.0f ? 0.0f : z > 1.0f ? 1.0f : z;
   }

   if (zs && zs->texture) {
      desc = util_format_description(zs->format);
      if (desc->is_depth && desc->swizzle[0] < 4)
         zch = &desc->channel[desc->swizzle[0]];
      if (desc->is_stencil && desc->swizzle[1] < 4)
         sch = &desc->channel[desc->swizzle[1]];
   }
   depth_test = dsa && dsa->depth_enabled && zch;
   stencil_test = dsa && dsa->stencil[0].enabled && sch;

   for (unsigned lane = 0; lane < 4; lane++) {
      if (!(frag->mask >> lane & 1))
         continue;
      if (!depth_test && !stencil_test) {
         ctx->samples_passed++;
         continue;
      }
      uint8_t *p = swpipe_surface_pixel(zs, frag->x + (int)(lane & 1),
                                         frag->y + (int)(lane >> 1), frag->layer,
                                         frag->sample);
      if (!p) {
         frag->mask &= ~(1u << lane);
         continue;
      }
      uint64_t block = load_block(p, desc->block_bytes);
      uint64_t old_block = block;
      bool pass = true;

      const struct pipe_stencil_state *st = NULL;
      uint8_t ref = 0, sval = 0;
      if (stencil_test) {
         unsigned face = (!frag->front_facing && dsa->stencil[1].enabled) ? 1 : 0;
         st = &dsa->stencil[face];
         ref = ctx->stencil_ref.ref_value[face];
         sval = (uint8_t)(block >> sch->shift & 0xff);
         if (!swpipe_compare(st->func, ref & st->valuemask, sval & st->valuemask)) {
            uint8_t nv = swpipe_stencil_op(st->fail_op, sval, ref);
            nv = (uint8_t)((nv & st->writemask) | (sval & ~st->writemask));
            block = (block & ~((uint64_t)0xff << sch->shift)) | ((uint64_t)nv << sch->shift);
            pass = false;
         }
      }

      if (pass) {
         bool zpass = true;
         uint64_t zbits = 0;
         if (depth_test) {
            uint64_t stored = block >> zch->shift & field_mask(zch->size);
            zbits = depth_to_bits(zch, frag->z[lane]);
            zpass = swpipe_compare(dsa->depth_func, depth_value(zch, zbits),
                                    depth_value(zch, stored));
         }
         if (stencil_test) {
            uint8_t nv = swpipe_stencil_op(zpass ? st->zpass_op : st->zfail_op, sval, ref);
            nv = (uint8_t)((nv & st->writemask) | (sval & ~st->writemask));
            block = (block & ~((uint64_t)0xff << sch->shift)) | ((uint64_t)nv << sch->shift);
         }
         if (zpass && depth_test && dsa->depth_writemask) {
            uint64_t m = field_mask(zch->size) << zch->shift;
            block = (block & ~m) | ((zbits << zch->shift) & m);
         }
         pass = zpass;
      }

      if (block != old_block)
         store_block(p, desc->block_bytes, block);
      if (pass)
         ctx->samples_passed++;
      else
         frag->mask &= ~(1u << lane);
   }
}
