/*
 * Rectangle blits between mapped 2D surfaces: scaling, flips, NEAREST or
 * LINEAR filtering, format conversion, channel masks and scissor.
 */
#include "sampler/u_blit.h"

#include <math.h>
#include <string.h>

#include "format/u_format.h"
#include "util/u_math.h"

enum blit_kind {
   BLIT_FLOAT,
   BLIT_UINT,
   BLIT_SINT,
   BLIT_ZS,
};

static enum blit_kind
blit_kind(const struct util_format_description *desc)
{
   if (desc->is_depth || desc->is_stencil)
      return BLIT_ZS;
   if (desc->is_pure_integer) {
      for (unsigned i = 0; i < desc->nr_channels && i < 4; i++) {
         if (desc->channel[i].type == UTIL_FORMAT_TYPE_SINT)
            return BLIT_SINT;
      }
      return BLIT_UINT;
   }
   return BLIT_FLOAT;
}

static const uint8_t *
src_texel(const struct u_blit_surface *s, const struct util_format_description *d,
          int x, int y)
{
   return (const uint8_t *)s->data + (size_t)((unsigned)y / d->block_height) * s->stride +
          (size_t)((unsigned)x / d->block_width) * d->block_bytes;
}

/* One source texel as float RGBA (compressed formats decode their block). */
static void
read_float(const struct u_blit_surface *s, const struct util_format_description *d,
           int x, int y, float out[4])
{
   const uint8_t *p = src_texel(s, d, x, y);
   if (d->block_width > 1 || d->block_height > 1) {
      float block[UTIL_FORMAT_MAX_BLOCK_TEXELS][4];
      unsigned bw = d->block_width;
      if (bw * d->block_height > UTIL_FORMAT_MAX_BLOCK_TEXELS) {
         memset(out, 0, 4 * sizeof(float));
         return;
      }
      util_format_unpack_rect_rgba_float(s->format, &block[0][0], bw * 4 * sizeof(float), p,
                                         s->stride, bw, d->block_height);
      memcpy(out, block[((unsigned)y % d->block_height) * bw + (unsigned)x % bw],
             4 * sizeof(float));
      return;
   }
   util_format_unpack_rgba_float(s->format, out, p, 1);
}

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : (v > hi ? hi : v);
}

static int
ifloor(double f)
{
   if (!(f == f))
      return 0;
   if (f > 1.0e9)
      return 1000000000;
   if (f < -1.0e9)
      return -1000000000;
   return (int)floor(f);
}

bool
u_blit_rect(const struct u_blit_rect_info *info)
{
   if (!info)
      return false;
   const struct u_blit_surface *src = &info->src, *dst = &info->dst;
   if (dst->box_width == 0 || dst->box_height == 0 || src->box_width == 0 ||
       src->box_height == 0)
      return true;
   if (!src->data || !dst->data || !src->width || !src->height)
      return false;
   const struct util_format_description *sd = util_format_description(src->format);
   const struct util_format_description *dd = util_format_description(dst->format);
   if (!sd || !dd || !sd->block_bytes || !dd->block_bytes ||
       dd->block_width != 1 || dd->block_height != 1)
      return false;
   enum blit_kind sk = blit_kind(sd), dk = blit_kind(dd);
   if ((sk == BLIT_ZS) != (dk == BLIT_ZS))
      return false;
   if ((sk == BLIT_FLOAT) != (dk == BLIT_FLOAT))
      return false;
   if (sk == BLIT_ZS && (sd->block_width != 1 || sd->block_height != 1))
      return false;

   unsigned mask = info->mask;
   bool linear = info->filter == PIPE_TEX_FILTER_LINEAR && sk == BLIT_FLOAT;
   bool same = src->format == dst->format;

   /* Destination rectangle, clipped to the surface and the scissor: the
    * far edge in 64-bit (a box at x near INT_MAX with a positive size
    * overflows int), clamped before it comes back to int. */
   int64_t ex0 = dst->x, ex1 = (int64_t)dst->x + dst->box_width;
   int64_t ey0 = dst->y, ey1 = (int64_t)dst->y + dst->box_height;
   int x0 = (int)u_clamp_i64(ex0 < ex1 ? ex0 : ex1, 0, dst->width);
   int x1 = (int)u_clamp_i64(ex0 < ex1 ? ex1 : ex0, 0, dst->width);
   int y0 = (int)u_clamp_i64(ey0 < ey1 ? ey0 : ey1, 0, dst->height);
   int y1 = (int)u_clamp_i64(ey0 < ey1 ? ey1 : ey0, 0, dst->height);
   if (info->scissor_enable) {
      x0 = clampi(x0, info->scissor.minx, info->scissor.maxx);
      x1 = clampi(x1, info->scissor.minx, info->scissor.maxx);
      y0 = clampi(y0, info->scissor.miny, info->scissor.maxy);
      y1 = clampi(y1, info->scissor.miny, info->scissor.maxy);
   }

   const double scale_x = (double)src->box_width / (double)dst->box_width;
   const double scale_y = (double)src->box_height / (double)dst->box_height;
   const int sw = (int)src->width, sh = (int)src->height;
   const unsigned dbs = dd->block_bytes;
   bool full_colour = (mask & PIPE_MASK_RGBA) == PIPE_MASK_RGBA;
   bool full_zs = (!dd->is_depth || (mask & PIPE_MASK_Z)) &&
                  (!dd->is_stencil || (mask & PIPE_MASK_S));

   for (int y = y0; y < y1; y++) {
      double v = src->y + ((double)y + 0.5 - dst->y) * scale_y;
      uint8_t *drow = (uint8_t *)dst->data + (size_t)y * dst->stride;
      for (int x = x0; x < x1; x++) {
         double u = src->x + ((double)x + 0.5 - dst->x) * scale_x;
         uint8_t *dp = drow + (size_t)x * dbs;
         int sx = clampi(ifloor(u), 0, sw - 1);
         int sy = clampi(ifloor(v), 0, sh - 1);

         if (sk == BLIT_ZS) {
            const uint8_t *sp = src_texel(src, sd, sx, sy);
            if (same && full_zs) {
               memcpy(dp, sp, dbs);
               continue;
            }
            if ((mask & PIPE_MASK_Z) && sd->is_depth && dd->is_depth) {
               float z;
               util_format_unpack_z_float(src->format, &z, sp, 1);
               util_format_pack_z_float(dst->format, dp, &z, 1);
            }
            if ((mask & PIPE_MASK_S) && sd->is_stencil && dd->is_stencil) {
               uint8_t s;
               util_format_unpack_s_8uint(src->format, &s, sp, 1);
               util_format_pack_s_8uint(dst->format, dp, &s, 1);
            }
            continue;
         }
         if (!(mask & PIPE_MASK_RGBA))
            continue;

         if (sk != BLIT_FLOAT) {
            const uint8_t *sp = src_texel(src, sd, sx, sy);
            if (same && full_colour) {
               memcpy(dp, sp, dbs);
               continue;
            }
            uint32_t in[4], old[4];
            if (sk == BLIT_UINT)
               util_format_unpack_rgba_uint(src->format, in, sp, 1);
            else
               util_format_unpack_rgba_sint(src->format, (int32_t *)in, sp, 1);
            if (!full_colour) {
               if (dk == BLIT_UINT)
                  util_format_unpack_rgba_uint(dst->format, old, dp, 1);
               else
                  util_format_unpack_rgba_sint(dst->format, (int32_t *)old, dp, 1);
               for (unsigned c = 0; c < 4; c++) {
                  if (!(mask & (1u << c)))
                     in[c] = old[c];
               }
            }
            /* uint <-> sint: values pass through as bit patterns, clamped by the pack */
            if (dk == BLIT_UINT)
               util_format_pack_rgba_uint(dst->format, dp, in, 1);
            else
               util_format_pack_rgba_sint(dst->format, dp, (const int32_t *)in, 1);
            continue;
         }

         if (!linear && same && full_colour && sd->block_width == 1 && sd->block_height == 1) {
            memcpy(dp, src_texel(src, sd, sx, sy), dbs);
            continue;
         }
         float rgba[4];
         if (linear) {
            double fu = u - 0.5, fv = v - 0.5;
            int ia = ifloor(fu), ja = ifloor(fv);
            float wx = (float)(fu - floor(fu)), wy = (float)(fv - floor(fv));
            int xa = clampi(ia, 0, sw - 1), xb = clampi(ia + 1, 0, sw - 1);
            int ya = clampi(ja, 0, sh - 1), yb = clampi(ja + 1, 0, sh - 1);
            float t00[4], t10[4], t01[4], t11[4];
            read_float(src, sd, xa, ya, t00);
            read_float(src, sd, xb, ya, t10);
            read_float(src, sd, xa, yb, t01);
            read_float(src, sd, xb, yb, t11);
            for (unsigned c = 0; c < 4; c++) {
               float top = t00[c] + (t10[c] - t00[c]) * wx;
               float bot = t01[c] + (t11[c] - t01[c]) * wx;
               rgba[c] = top + (bot - top) * wy;
            }
         } else {
            read_float(src, sd, sx, sy, rgba);
         }
         if (!full_colour) {
            float old[4];
            util_format_unpack_rgba_float(dst->format, old, dp, 1);
            for (unsigned c = 0; c < 4; c++) {
               if (!(mask & (1u << c)))
                  rgba[c] = old[c];
            }
         }
         util_format_pack_rgba_float(dst->format, dp, rgba, 1);
      }
   }
   return true;
}
