/*
 * A simple block-compression encoder for glTexImage with a specific
 * compressed internal format and uncompressed data (S3TC DXT1/3/5, RGTC1/2;
 * BPTC and FXT1 go to the format module's encoders, u_format_bptc.c and
 * u_format_fxt1.c).
 * Endpoints are the per-channel minimum and maximum of the block (bounding
 * box diagonal), each texel takes the nearest palette entry: not optimal
 * quality, but exact for blocks of at most two colours / uniform blocks.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_format.h"
#include "st_texture.h"

static float
clamp01(float v)
{
   return v < 0 ? 0 : v > 1 ? 1 : v;
}

static uint16_t
to565(const float c[3])
{
   unsigned r = (unsigned)lrintf(clamp01(c[0]) * 31.0f);
   unsigned g = (unsigned)lrintf(clamp01(c[1]) * 63.0f);
   unsigned b = (unsigned)lrintf(clamp01(c[2]) * 31.0f);
   return (uint16_t)((r << 11) | (g << 5) | b);
}

static void
from565(uint16_t v, float c[3])
{
   c[0] = (float)((v >> 11) & 31) / 31.0f;
   c[1] = (float)((v >> 5) & 63) / 63.0f;
   c[2] = (float)(v & 31) / 31.0f;
}

/* Colour block (8 bytes).  'punch': DXT1 with alpha (transparent texels use
 * index 3 in 3-colour mode); 'four': force 4-colour mode (DXT3/5). */
static void
encode_color(const float blk[16][4], const bool valid[16], bool punch, uint8_t *out)
{
   float mn[3] = { 1, 1, 1 }, mx[3] = { 0, 0, 0 };
   bool any_transparent = false, any = false;
   for (unsigned i = 0; i < 16; i++) {
      if (!valid[i])
         continue;
      if (punch && blk[i][3] < 0.5f) {
         any_transparent = true;
         continue;
      }
      any = true;
      for (unsigned c = 0; c < 3; c++) {
         float v = clamp01(blk[i][c]);
         if (v < mn[c]) mn[c] = v;
         if (v > mx[c]) mx[c] = v;
      }
   }
   if (!any) {
      mn[0] = mn[1] = mn[2] = mx[0] = mx[1] = mx[2] = 0;
   }
   uint16_t c0 = to565(mx), c1 = to565(mn);
   bool three = any_transparent;
   if (three) {
      /* 3-colour mode needs c0 <= c1 */
      if (c0 > c1) { uint16_t t = c0; c0 = c1; c1 = t; }
   } else {
      if (c0 < c1) { uint16_t t = c0; c0 = c1; c1 = t; }
   }
   float pal[4][3];
   from565(c0, pal[0]);
   from565(c1, pal[1]);
   unsigned npal;
   if (c0 > c1) {
      for (unsigned c = 0; c < 3; c++) {
         pal[2][c] = (2 * pal[0][c] + pal[1][c]) / 3;
         pal[3][c] = (pal[0][c] + 2 * pal[1][c]) / 3;
      }
      npal = 4;
   } else {
      for (unsigned c = 0; c < 3; c++)
         pal[2][c] = (pal[0][c] + pal[1][c]) / 2;
      npal = 3;
   }
   uint32_t idx = 0;
   for (unsigned i = 0; i < 16; i++) {
      unsigned best = 0;
      if (!valid[i]) {
         best = 0;
      } else if (three && punch && blk[i][3] < 0.5f) {
         best = 3;
      } else {
         float bd = 1e30f;
         for (unsigned p = 0; p < npal; p++) {
            float d = 0;
            for (unsigned c = 0; c < 3; c++) {
               float e = clamp01(blk[i][c]) - pal[p][c];
               d += e * e;
            }
            if (d < bd) { bd = d; best = p; }
         }
      }
      idx |= (uint32_t)best << (2 * i);
   }
   out[0] = (uint8_t)c0; out[1] = (uint8_t)(c0 >> 8);
   out[2] = (uint8_t)c1; out[3] = (uint8_t)(c1 >> 8);
   for (unsigned i = 0; i < 4; i++)
      out[4 + i] = (uint8_t)(idx >> (8 * i));
}

/* One 8-bit-endpoint channel block (DXT5 alpha, RGTC): 8 bytes. */
static void
encode_channel(const float v[16], const bool valid[16], bool snorm, uint8_t *out)
{
   float lo = snorm ? -1 : 0, hi = 1;
   float mn = hi, mx = lo;
   for (unsigned i = 0; i < 16; i++) {
      if (!valid[i]) continue;
      float x = v[i] < lo ? lo : v[i] > hi ? hi : v[i];
      if (x < mn) mn = x;
      if (x > mx) mx = x;
   }
   if (mn > mx) mn = mx = lo;
   int e0, e1;
   float p0, p1;
   if (snorm) {
      e0 = (int)lrintf(mx * 127.0f);
      e1 = (int)lrintf(mn * 127.0f);
      p0 = e0 < -127 ? -1.0f : (float)e0 / 127.0f;
      p1 = e1 < -127 ? -1.0f : (float)e1 / 127.0f;
   } else {
      e0 = (int)lrintf(mx * 255.0f);
      e1 = (int)lrintf(mn * 255.0f);
      p0 = (float)e0 / 255.0f;
      p1 = (float)e1 / 255.0f;
   }
   float pal[8];
   pal[0] = p0;
   pal[1] = p1;
   unsigned n = 2;
   if (e0 > e1) {
      for (unsigned i = 1; i < 7; i++)
         pal[1 + i] = ((float)(7 - i) * p0 + (float)i * p1) / 7.0f;
      n = 8;
   }
   uint64_t bits = 0;
   for (unsigned i = 0; i < 16; i++) {
      unsigned best = 0;
      if (valid[i]) {
         float bd = 1e30f;
         for (unsigned p = 0; p < n; p++) {
            float d = fabsf(v[i] - pal[p]);
            if (d < bd) { bd = d; best = p; }
         }
      }
      bits |= (uint64_t)best << (3 * i);
   }
   out[0] = (uint8_t)(snorm ? (uint8_t)(int8_t)e0 : (uint8_t)e0);
   out[1] = (uint8_t)(snorm ? (uint8_t)(int8_t)e1 : (uint8_t)e1);
   for (unsigned i = 0; i < 6; i++)
      out[2 + i] = (uint8_t)(bits >> (8 * i));
}

/* BPTC and FXT1 (block encoders of the format module): blocks of
 * block_width x block_height texels, those outside the image ignored. */
static bool
compress_bptc_fxt1(const struct util_format_description *desc, const float (*rgba)[4],
                   unsigned w, unsigned h, uint8_t *dst, unsigned dst_stride)
{
   unsigned bw = desc->block_width, bh = desc->block_height;
   for (unsigned by = 0; by < h; by += bh) {
      for (unsigned bx = 0; bx < w; bx += bw) {
         float blk[UTIL_FORMAT_MAX_BLOCK_TEXELS * 4];
         bool valid[UTIL_FORMAT_MAX_BLOCK_TEXELS];
         for (unsigned i = 0; i < bw * bh; i++) {
            unsigned x = bx + i % bw, y = by + i / bw;
            valid[i] = x < w && y < h;
            if (valid[i])
               memcpy(blk + 4 * i, rgba[(size_t)y * w + x], 4 * sizeof(float));
            else
               memset(blk + 4 * i, 0, 4 * sizeof(float));
         }
         uint8_t *out = dst + (size_t)(by / bh) * dst_stride + (size_t)(bx / bw) * desc->block_bytes;
         if (desc->layout == UTIL_FORMAT_LAYOUT_FXT1)
            util_format_fxt1_encode_block(desc->format, blk, valid, out);
         else
            util_format_bptc_encode_block(desc->format, blk, valid, out);
      }
   }
   return true;
}

bool
st_tex_compress_rgba(enum pipe_format f, const float (*rgba)[4], unsigned w, unsigned h,
                     uint8_t *dst, unsigned dst_stride)
{
   const struct util_format_description *desc = util_format_description(f);
   if (desc->layout == UTIL_FORMAT_LAYOUT_BPTC || desc->layout == UTIL_FORMAT_LAYOUT_FXT1)
      return compress_bptc_fxt1(desc, rgba, w, h, dst, dst_stride);
   if (desc->layout != UTIL_FORMAT_LAYOUT_S3TC && desc->layout != UTIL_FORMAT_LAYOUT_RGTC)
      return false;
   /* sRGB S3TC: the client's values are stored as given (already sRGB
    * encoded), so the blocks are those of the linear twin */
   switch (f) {
   case PIPE_FORMAT_DXT1_SRGB: f = PIPE_FORMAT_DXT1_RGB; break;
   case PIPE_FORMAT_DXT1_SRGBA: f = PIPE_FORMAT_DXT1_RGBA; break;
   case PIPE_FORMAT_DXT3_SRGBA: f = PIPE_FORMAT_DXT3_RGBA; break;
   case PIPE_FORMAT_DXT5_SRGBA: f = PIPE_FORMAT_DXT5_RGBA; break;
   default: break;
   }
   for (unsigned by = 0; by < h; by += 4) {
      for (unsigned bx = 0; bx < w; bx += 4) {
         float blk[16][4];
         bool valid[16];
         for (unsigned i = 0; i < 16; i++) {
            unsigned x = bx + i % 4, y = by + i / 4;
            valid[i] = x < w && y < h;
            if (valid[i])
               memcpy(blk[i], rgba[(size_t)y * w + x], sizeof blk[i]);
            else
               memset(blk[i], 0, sizeof blk[i]);
         }
         uint8_t *out = dst + (size_t)(by / 4) * dst_stride + (size_t)(bx / 4) * desc->block_bytes;
         float ch[16];
         switch (f) {
         case PIPE_FORMAT_DXT1_RGB:
            encode_color((const float (*)[4])blk, valid, false, out);
            break;
         case PIPE_FORMAT_DXT1_RGBA:
            encode_color((const float (*)[4])blk, valid, true, out);
            break;
         case PIPE_FORMAT_DXT3_RGBA: {
            for (unsigned i = 0; i < 8; i++) {
               unsigned a0 = (unsigned)lrintf(clamp01(blk[2 * i][3]) * 15.0f);
               unsigned a1 = (unsigned)lrintf(clamp01(blk[2 * i + 1][3]) * 15.0f);
               out[i] = (uint8_t)(a0 | (a1 << 4));
            }
            encode_color((const float (*)[4])blk, valid, false, out + 8);
            break;
         }
         case PIPE_FORMAT_DXT5_RGBA:
            for (unsigned i = 0; i < 16; i++)
               ch[i] = blk[i][3];
            encode_channel(ch, valid, false, out);
            encode_color((const float (*)[4])blk, valid, false, out + 8);
            break;
         case PIPE_FORMAT_RGTC1_UNORM:
         case PIPE_FORMAT_RGTC1_SNORM:
         case PIPE_FORMAT_LATC1_UNORM:   /* L (the image's base format puts it in R) */
         case PIPE_FORMAT_LATC1_SNORM:
            for (unsigned i = 0; i < 16; i++)
               ch[i] = blk[i][0];
            encode_channel(ch, valid,
                           f == PIPE_FORMAT_RGTC1_SNORM || f == PIPE_FORMAT_LATC1_SNORM, out);
            break;
         case PIPE_FORMAT_LATC2_UNORM:   /* L from R, A from A */
         case PIPE_FORMAT_LATC2_SNORM:
            for (unsigned c = 0; c < 2; c++) {
               for (unsigned i = 0; i < 16; i++)
                  ch[i] = blk[i][c ? 3 : 0];
               encode_channel(ch, valid, f == PIPE_FORMAT_LATC2_SNORM, out + 8 * c);
            }
            break;
         case PIPE_FORMAT_RGTC2_UNORM:
         case PIPE_FORMAT_RGTC2_SNORM:
            for (unsigned c = 0; c < 2; c++) {
               for (unsigned i = 0; i < 16; i++)
                  ch[i] = blk[i][c];
               encode_channel(ch, valid, f == PIPE_FORMAT_RGTC2_SNORM, out + 8 * c);
            }
            break;
         default:
            return false;
         }
      }
   }
   return true;
}
