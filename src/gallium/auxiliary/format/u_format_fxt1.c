/*
 * FXT1 (GL_3DFX_texture_compression_FXT1) block decoding.
 *
 * A block is 128 bits (read as one little-endian number, bit 0 = bit 0 of
 * byte 0) covering 8x4 texels.  Texels are numbered 0..31: the left 4x4
 * half holds 0..15 (row-major, 4 per row), the right half 16..31.  The
 * top bits select the mode:
 *
 *   bits 127..126 = 00   CC_HI:     32 3-bit indices (bits 0..95), two
 *                                    RGB555 colours at bits 96 and 111
 *                                    (B, G, R from the low bits); index 0
 *                                    and 6 are the colours, 1..5 the five
 *                                    interpolants (6 - i : i)/6, 7 is
 *                                    transparent black.
 *   bits 127..125 = 010  CC_CHROMA: 32 2-bit indices (bits 0..63), four
 *                                    RGB555 colours at 64, 79, 94, 109; an
 *                                    index picks a colour (alpha 1).
 *   bits 127..125 = 011  CC_ALPHA:  2-bit indices, three RGB555 colours at
 *                                    64, 79, 94 and three 5-bit alphas at
 *                                    109, 114, 119; bit 124 'lerp':
 *                                    0 -> index 0..2 picks colour/alpha i,
 *                                    3 is transparent black; 1 -> the left
 *                                    half interpolates colour 0 -> 1, the
 *                                    right half colour 2 -> 1, in thirds.
 *   bit 127 = 1          CC_MIXED:  2-bit indices (left half bits 0..31,
 *                                    right half 32..63), four RGB555
 *                                    colours at 64, 79 (left) and 94, 109
 *                                    (right); bit 124 'alpha'; bits 125 and
 *                                    126 extend the green of colour 1 and 3
 *                                    to 6 bits.  alpha 0: four colours,
 *                                    endpoints and thirds; the first
 *                                    colour's green LSB is that bit XOR
 *                                    the high index bit of the half's
 *                                    first texel.  alpha 1: index 0 colour
 *                                    0 (5-bit green), 2 colour 1 (6-bit
 *                                    green), 1 their average (truncated),
 *                                    3 transparent black.
 *
 * Channel expansion: 5-bit c -> round(c * 255 / 31), 6-bit c ->
 * round(c * 255 / 63).  Interpolations are done on the 8-bit values and
 * rounded to nearest ((n - t) * a + t * b + n / 2) / n.  FXT1_RGB ignores
 * alpha (always 1; transparent texels read black).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"

/* n (<= 24) bits from bit pos of the 16-byte block */
static unsigned
bits(const uint8_t *b, unsigned pos, unsigned n)
{
   unsigned first = pos >> 3, v = 0;
   for (unsigned i = 0; i < 4 && first + i < 16; i++)
      v |= (unsigned)b[first + i] << (8 * i);
   return (v >> (pos & 7)) & ((1u << n) - 1);
}

static unsigned
up5(unsigned c)
{
   return ((c & 31) * 255 + 15) / 31;
}

static unsigned
up6(unsigned c)
{
   return ((c & 63) * 255 + 31) / 63;
}

static unsigned
lerp(unsigned n, unsigned t, unsigned a, unsigned b)
{
   return ((n - t) * a + t * b + n / 2) / n;
}

/* An RGB555 colour at bit 'pos': 8-bit R, G, B. */
static void
colour555(const uint8_t *b, unsigned pos, unsigned out[3])
{
   out[2] = up5(bits(b, pos, 5));
   out[1] = up5(bits(b, pos + 5, 5));
   out[0] = up5(bits(b, pos + 10, 5));
}

static void
set(uint8_t *o, unsigned r, unsigned g, unsigned bl, unsigned a)
{
   o[0] = (uint8_t)r;
   o[1] = (uint8_t)g;
   o[2] = (uint8_t)bl;
   o[3] = (uint8_t)a;
}

/* Texel t (0..31, FXT1 order) of the block. */
static void
decode_texel(const uint8_t *b, unsigned t, uint8_t o[4])
{
   unsigned half = t >> 4;
   if (bits(b, 127, 1)) {   /* CC_MIXED */
      unsigned idx = bits(b, 32 * half + 2 * (t & 15), 2);
      unsigned c0[3], c1[3];
      colour555(b, half ? 94 : 64, c0);
      colour555(b, half ? 109 : 79, c1);
      unsigned glsb = bits(b, half ? 126 : 125, 1);
      unsigned g1 = up6((bits(b, (half ? 109 : 79) + 5, 5) << 1) | glsb);
      if (bits(b, 124, 1)) {
         switch (idx) {
         case 0: set(o, c0[0], c0[1], c0[2], 255); break;
         case 1:
            set(o, (c0[0] + c1[0]) / 2, (c0[1] + g1) / 2, (c0[2] + c1[2]) / 2, 255);
            break;
         case 2: set(o, c1[0], g1, c1[2], 255); break;
         default: set(o, 0, 0, 0, 0); break;
         }
      } else {
         unsigned selb = bits(b, 32 * half + 1, 1);
         unsigned g0 = up6((bits(b, (half ? 94 : 64) + 5, 5) << 1) | (glsb ^ selb));
         set(o, lerp(3, idx, c0[0], c1[0]), lerp(3, idx, g0, g1), lerp(3, idx, c0[2], c1[2]),
             255);
      }
      return;
   }
   unsigned mode = bits(b, 125, 2);   /* bits 126..125 with bit 127 = 0 */
   if (mode < 2) {                    /* CC_HI: "00x" */
      unsigned idx = bits(b, 3 * t, 3);
      if (idx == 7) {
         set(o, 0, 0, 0, 0);
         return;
      }
      unsigned c0[3], c1[3];
      colour555(b, 96, c0);
      colour555(b, 111, c1);
      set(o, lerp(6, idx, c0[0], c1[0]), lerp(6, idx, c0[1], c1[1]),
          lerp(6, idx, c0[2], c1[2]), 255);
      return;
   }
   unsigned idx = bits(b, 2 * t, 2);
   if (mode == 2) {                   /* CC_CHROMA */
      unsigned c[3];
      colour555(b, 64 + 15 * idx, c);
      set(o, c[0], c[1], c[2], 255);
      return;
   }
   /* CC_ALPHA */
   if (bits(b, 124, 1)) {
      unsigned c0[3], c1[3];
      colour555(b, half ? 94 : 64, c0);
      colour555(b, 79, c1);
      unsigned a0 = up5(bits(b, half ? 119 : 109, 5)), a1 = up5(bits(b, 114, 5));
      set(o, lerp(3, idx, c0[0], c1[0]), lerp(3, idx, c0[1], c1[1]),
          lerp(3, idx, c0[2], c1[2]), lerp(3, idx, a0, a1));
   } else if (idx == 3) {
      set(o, 0, 0, 0, 0);
   } else {
      unsigned c[3];
      colour555(b, 64 + 15 * idx, c);
      set(o, c[0], c[1], c[2], up5(bits(b, 109 + 5 * idx, 5)));
   }
}

void
util_format_fxt1_decode_block_u8(const uint8_t *block, bool rgb_only, uint8_t out[128])
{
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 8; x++) {
         unsigned t = (x & 3) + 4 * y + (x & 4 ? 16 : 0);
         uint8_t *o = out + (y * 8 + x) * 4;
         decode_texel(block, t, o);
         if (rgb_only)
            o[3] = 255;
      }
   }
}

void
util_format_fxt1_decode_block(enum pipe_format f, const uint8_t *block, float rgba[128])
{
   uint8_t u8[128];
   util_format_fxt1_decode_block_u8(block, f == PIPE_FORMAT_FXT1_RGB, u8);
   for (unsigned i = 0; i < 128; i++)
      rgba[i] = (float)u8[i] * (1.0f / 255.0f);
}

/* --- encoding ------------------------------------------------------------- */

/* The encoder (uploads of uncompressed data):
 *   - for opaque blocks (and every FXT1_RGB block) the closest (decoded
 *     squared error) of CC_MIXED, four-colour variant (alpha bit 0: each
 *     4x4 half gets its own two colours, the half's two texels farthest
 *     apart in RGB, 5-bit R/B, 6-bit G), CC_CHROMA (blocks of at most four
 *     distinct RGB555 colours, each stored exactly) and CC_HI (seven steps
 *     between the block's two texels farthest apart);
 *   - CC_ALPHA with lerp = 1 when some texel of an FXT1_RGBA block is not
 *     opaque: the left half interpolates from its RGBA minimum, the right
 *     half from its own, both to the block's maximum (so the colour of
 *     transparent texels is kept, unlike CC_MIXED's transparent black).
 * Each texel takes the nearest of its half's palette (decoded exactly as
 * the decoder does).  Exact for opaque blocks whose halves hold at most two
 * colours representable in RGB565, and for blocks whose halves are
 * uniform RGBA5555 colours. */

static void
put_bits(uint8_t *b, unsigned pos, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, pos++) {
      if ((v >> i) & 1)
         b[pos >> 3] |= (uint8_t)(1u << (pos & 7));
      else
         b[pos >> 3] &= (uint8_t)~(1u << (pos & 7));
   }
}

static unsigned
q5(float f)
{
   return f > 0.0f ? (f >= 1.0f ? 31u : (unsigned)(f * 31.0f + 0.5f)) : 0u;
}

static unsigned
q6(float f)
{
   return f > 0.0f ? (f >= 1.0f ? 63u : (unsigned)(f * 63.0f + 0.5f)) : 0u;
}

static void
put555(uint8_t *b, unsigned pos, const unsigned c[3])
{
   put_bits(b, pos, c[2], 5);
   put_bits(b, pos + 5, c[1], 5);
   put_bits(b, pos + 10, c[0], 5);
}

/* Nearest palette entry (RGBA 8-bit, 'n' entries) to texel px. */
static unsigned
nearest(const unsigned pal[][4], unsigned n, const uint8_t px[4], bool use_alpha)
{
   unsigned best = 0, best_err = ~0u;
   for (unsigned i = 0; i < n; i++) {
      unsigned err = 0;
      for (unsigned c = 0; c < (use_alpha ? 4u : 3u); c++) {
         int d = (int)pal[i][c] - (int)px[c];
         err += (unsigned)(d * d);
      }
      if (err < best_err) {
         best_err = err;
         best = i;
      }
   }
   return best;
}

/* Squared RGB error of a block against texels in FXT1 order. */
static unsigned
block_error(const uint8_t blk[16], const uint8_t px[32][4], const bool ok[32])
{
   unsigned err = 0;
   for (unsigned t = 0; t < 32; t++) {
      if (!ok[t])
         continue;
      uint8_t o[4];
      decode_texel(blk, t, o);
      for (unsigned c = 0; c < 3; c++) {
         int d = (int)o[c] - (int)px[t][c];
         err += (unsigned)(d * d);
      }
   }
   return err;
}

/* CC_CHROMA with the block's distinct RGB555 colours; false if > 4. */
static bool
encode_chroma(const uint8_t px[32][4], const bool ok[32], uint8_t out[16])
{
   unsigned cols[4], n = 0;
   uint8_t idx[32];
   for (unsigned t = 0; t < 32; t++) {
      idx[t] = 0;
      if (!ok[t])
         continue;
      unsigned c = (q5(px[t][0] / 255.0f) << 10) | (q5(px[t][1] / 255.0f) << 5) |
                   q5(px[t][2] / 255.0f);
      unsigned i = 0;
      while (i < n && cols[i] != c)
         i++;
      if (i == n) {
         if (n == 4)
            return false;
         cols[n++] = c;
      }
      idx[t] = (uint8_t)i;
   }
   memset(out, 0, 16);
   for (unsigned i = 0; i < n; i++) {
      unsigned rgb[3] = { cols[i] >> 10, (cols[i] >> 5) & 31, cols[i] & 31 };
      put555(out, 64 + 15 * i, rgb);
   }
   put_bits(out, 125, 2, 3);   /* "010" */
   for (unsigned t = 0; t < 32; t++)
      put_bits(out, 2 * t, idx[t], 2);
   return true;
}

/* The two texels of first..end-1 (those marked ok) farthest apart in RGB:
 * the endpoints of a line through them (black, black if none is ok). */
static void
farthest_pair(const float fx[32][4], const bool ok[32], unsigned first, unsigned end,
              const float **pa, const float **pb)
{
   static const float zero[4] = { 0, 0, 0, 0 };
   float best = -1.0f;
   *pa = *pb = NULL;
   for (unsigned i = first; i < end; i++)
      for (unsigned j = i; j < end; j++) {
         if (!ok[i] || !ok[j])
            continue;
         float d = 0.0f;
         for (unsigned c = 0; c < 3; c++)
            d += (fx[i][c] - fx[j][c]) * (fx[i][c] - fx[j][c]);
         if (d > best) {
            best = d;
            *pa = fx[i];
            *pb = fx[j];
         }
      }
   if (!*pa)
      *pa = *pb = zero;
}

/* CC_HI: the block's two texels farthest apart (RGB555), seven steps. */
static void
encode_hi(const float fx[32][4], const bool ok[32], const uint8_t px[32][4], uint8_t out[16])
{
   const float *pa, *pb;
   farthest_pair(fx, ok, 0, 32, &pa, &pb);
   unsigned e0[3] = { q5(pa[0]), q5(pa[1]), q5(pa[2]) };
   unsigned e1[3] = { q5(pb[0]), q5(pb[1]), q5(pb[2]) };
   unsigned pal[7][4];
   for (unsigned i = 0; i < 7; i++) {
      for (unsigned c = 0; c < 3; c++)
         pal[i][c] = lerp(6, i, up5(e0[c]), up5(e1[c]));
      pal[i][3] = 255;
   }
   memset(out, 0, 16);
   put555(out, 96, e0);
   put555(out, 111, e1);   /* bits 126..127 stay 0: CC_HI */
   for (unsigned t = 0; t < 32; t++)
      put_bits(out, 3 * t, ok[t] ? nearest((const unsigned (*)[4])pal, 7, px[t], false) : 0, 3);
}

void
util_format_fxt1_encode_block(enum pipe_format f, const float rgba[128], const bool valid[32],
                              uint8_t out[16])
{
   bool rgb_only = f == PIPE_FORMAT_FXT1_RGB;
   /* texels in FXT1 order (t: left half 0..15, right half 16..31) */
   uint8_t px[32][4];
   float fx[32][4];
   bool ok[32];
   bool translucent = false;
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 8; x++) {
         unsigned t = (x & 3) + 4 * y + (x & 4 ? 16 : 0), i = y * 8 + x;
         ok[t] = valid[i];
         for (unsigned c = 0; c < 4; c++) {
            float v = rgba[i * 4 + c];
            if (!(v > 0.0f)) v = 0.0f;
            if (v > 1.0f) v = 1.0f;
            if (rgb_only && c == 3) v = 1.0f;
            fx[t][c] = v;
            px[t][c] = (uint8_t)(v * 255.0f + 0.5f);
         }
         if (ok[t] && fx[t][3] < 1.0f - 1.0f / 62)
            translucent = true;
      }
   }
   memset(out, 0, 16);
   /* bounding box per half (RGBA), over the texels that matter */
   float lo[2][4], hi[2][4], ghi[4];
   for (unsigned c = 0; c < 4; c++)
      ghi[c] = 0.0f;
   for (unsigned h = 0; h < 2; h++) {
      bool any = false;
      for (unsigned c = 0; c < 4; c++) {
         lo[h][c] = 1.0f;
         hi[h][c] = 0.0f;
      }
      for (unsigned t = 16 * h; t < 16 * h + 16; t++) {
         if (!ok[t])
            continue;
         any = true;
         for (unsigned c = 0; c < 4; c++) {
            if (fx[t][c] < lo[h][c]) lo[h][c] = fx[t][c];
            if (fx[t][c] > hi[h][c]) hi[h][c] = fx[t][c];
            if (fx[t][c] > ghi[c]) ghi[c] = fx[t][c];
         }
      }
      if (!any) {
         for (unsigned c = 0; c < 4; c++)
            lo[h][c] = hi[h][c] = 0.0f;
      }
   }

   if (translucent) {   /* (never for FXT1_RGB: alpha read as 1 above) */
      /* CC_ALPHA, lerp: colour 0 / alpha 0 (left), colour 2 / alpha 2
       * (right), shared colour 1 / alpha 1 */
      unsigned c0[3], c1[3], c2[3];
      for (unsigned c = 0; c < 3; c++) {
         c0[c] = q5(lo[0][c]);
         c2[c] = q5(lo[1][c]);
         c1[c] = q5(ghi[c]);
      }
      unsigned a0 = q5(lo[0][3]), a2 = q5(lo[1][3]), a1 = q5(ghi[3]);
      put555(out, 64, c0);
      put555(out, 79, c1);
      put555(out, 94, c2);
      put_bits(out, 109, a0, 5);
      put_bits(out, 114, a1, 5);
      put_bits(out, 119, a2, 5);
      put_bits(out, 124, 1, 1);
      put_bits(out, 125, 3, 3);   /* "011" */
      for (unsigned h = 0; h < 2; h++) {
         const unsigned *s = h ? c2 : c0;
         unsigned sa = h ? a2 : a0;
         unsigned pal[4][4];
         for (unsigned i = 0; i < 4; i++) {
            for (unsigned c = 0; c < 3; c++)
               pal[i][c] = lerp(3, i, up5(s[c]), up5(c1[c]));
            pal[i][3] = lerp(3, i, up5(sa), up5(a1));
         }
         for (unsigned t = 16 * h; t < 16 * h + 16; t++)
            put_bits(out, 2 * t, ok[t] ? nearest((const unsigned (*)[4])pal, 4, px[t], true) : 0,
                     2);
      }
      return;
   }

   put_bits(out, 127, 1, 1);   /* CC_MIXED, alpha bit 0 */
   for (unsigned h = 0; h < 2; h++) {
      /* endpoints: the half's two texels farthest apart */
      const float *pa, *pb;
      farthest_pair(fx, ok, 16 * h, 16 * h + 16, &pa, &pb);
      unsigned e0[3] = { q5(pa[0]), q5(pa[1]), q5(pa[2]) };
      unsigned e1[3] = { q5(pb[0]), q5(pb[1]), q5(pb[2]) };
      unsigned g0 = q6(pa[1]), g1 = q6(pb[1]);
      unsigned pal[4][4];
      uint8_t idx[16];
      for (unsigned i = 0; i < 4; i++) {
         pal[i][0] = lerp(3, i, up5(e0[0]), up5(e1[0]));
         pal[i][1] = lerp(3, i, up6(g0), up6(g1));
         pal[i][2] = lerp(3, i, up5(e0[2]), up5(e1[2]));
         pal[i][3] = 255;
      }
      for (unsigned t = 0; t < 16; t++)
         idx[t] = (uint8_t)(ok[16 * h + t]
                               ? nearest((const unsigned (*)[4])pal, 4, px[16 * h + t], false)
                               : 0);
      /* colour 0's green LSB is colour 1's XOR the high index bit of the
       * half's first texel: reversing the palette flips that bit */
      if (((idx[0] >> 1) & 1) != ((g0 ^ g1) & 1)) {
         unsigned t3[3];
         memcpy(t3, e0, sizeof t3);
         memcpy(e0, e1, sizeof t3);
         memcpy(e1, t3, sizeof t3);
         unsigned tg = g0;
         g0 = g1;
         g1 = tg;
         for (unsigned t = 0; t < 16; t++)
            idx[t] = (uint8_t)(3 - idx[t]);
      }
      e1[1] = g1 >> 1;
      e0[1] = g0 >> 1;
      put555(out, h ? 94 : 64, e0);
      put555(out, h ? 109 : 79, e1);
      put_bits(out, h ? 126 : 125, g1 & 1, 1);
      for (unsigned t = 0; t < 16; t++)
         put_bits(out, 32 * h + 2 * t, idx[t], 2);
   }

   /* opaque alternatives, kept when they decode closer: CC_CHROMA (blocks
    * of at most four RGB555 colours) and CC_HI (seven steps between the
    * block's two texels farthest apart) */
   uint8_t cand[16];
   unsigned best = block_error(out, px, ok);
   if (encode_chroma(px, ok, cand) && block_error(cand, px, ok) < best) {
      memcpy(out, cand, 16);
      best = block_error(out, px, ok);
   }
   encode_hi(fx, ok, px, cand);
   if (block_error(cand, px, ok) < best)
      memcpy(out, cand, 16);
}
