/*
 * BPTC block decoding (ARB_texture_compression_bptc; BC7 and BC6H in other
 * APIs): 16-byte blocks of 4x4 texels.  The UNORM format (modes 0-7) gives
 * 8-bit RGBA; the float formats (14 modes) give half floats, signed or
 * unsigned.  Bit-exact per the extension's appendix; tables are its
 * Table.P2, Table.P3, Table.A2/A3a/A3b and Table.F.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"

/* Table.P2: bit i = subset of texel i (x-major) */
static const uint16_t bptc_p2[64] = {
   0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80,
   0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000,
   0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
   0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c,
   0xaaaa, 0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a,
   0x73ce, 0x13c8, 0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660,
   0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c,
   0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};
/* Table.P3: bits 2i..2i+1 = subset of texel i */
static const uint32_t bptc_p3[64] = {
   0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050,
   0x5555a0a0, 0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090,
   0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054,
   0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
   0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414,
   0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424,
   0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
   0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
   0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580,
   0xaa141414, 0x96960000, 0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000,
   0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};
/* Table.F, one entry per block bit after the mode bits: (value << 4) | bit,
 * value = endpoint * 3 + channel (r, g, b) */
static const uint8_t bc6h_f0[75] = {
   116, 132, 180, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18,
   19, 20, 21, 22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40,
   41, 48, 49, 50, 51, 52, 164, 112, 113, 114, 115, 64, 65, 66, 67, 68,
   176, 160, 161, 162, 163, 80, 81, 82, 83, 84, 177, 128, 129, 130, 131, 96,
   97, 98, 99, 100, 178, 144, 145, 146, 147, 148, 179,
};
static const uint8_t bc6h_f1[75] = {
   117, 164, 165, 0, 1, 2, 3, 4, 5, 6, 176, 177, 132, 16, 17, 18,
   19, 20, 21, 22, 133, 178, 116, 32, 33, 34, 35, 36, 37, 38, 179, 181,
   180, 48, 49, 50, 51, 52, 53, 112, 113, 114, 115, 64, 65, 66, 67, 68,
   69, 160, 161, 162, 163, 80, 81, 82, 83, 84, 85, 128, 129, 130, 131, 96,
   97, 98, 99, 100, 101, 144, 145, 146, 147, 148, 149,
};
static const uint8_t bc6h_f2[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 52, 10, 112, 113, 114, 115, 64, 65, 66, 67, 26, 176, 160, 161,
   162, 163, 80, 81, 82, 83, 42, 177, 128, 129, 130, 131, 96, 97, 98, 99,
   100, 178, 144, 145, 146, 147, 148, 179,
};
static const uint8_t bc6h_f6[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 10, 164, 112, 113, 114, 115, 64, 65, 66, 67, 68, 26, 160, 161,
   162, 163, 80, 81, 82, 83, 42, 177, 128, 129, 130, 131, 96, 97, 98, 99,
   176, 178, 144, 145, 146, 147, 116, 179,
};
static const uint8_t bc6h_f10[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 10, 132, 112, 113, 114, 115, 64, 65, 66, 67, 26, 176, 160, 161,
   162, 163, 80, 81, 82, 83, 84, 42, 128, 129, 130, 131, 96, 97, 98, 99,
   177, 178, 144, 145, 146, 147, 180, 179,
};
static const uint8_t bc6h_f14[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 132, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 116, 32, 33, 34, 35, 36, 37, 38, 39, 40, 180, 48, 49,
   50, 51, 52, 164, 112, 113, 114, 115, 64, 65, 66, 67, 68, 176, 160, 161,
   162, 163, 80, 81, 82, 83, 84, 177, 128, 129, 130, 131, 96, 97, 98, 99,
   100, 178, 144, 145, 146, 147, 148, 179,
};
static const uint8_t bc6h_f18[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 164, 132, 16, 17, 18, 19, 20, 21,
   22, 23, 178, 116, 32, 33, 34, 35, 36, 37, 38, 39, 179, 180, 48, 49,
   50, 51, 52, 53, 112, 113, 114, 115, 64, 65, 66, 67, 68, 176, 160, 161,
   162, 163, 80, 81, 82, 83, 84, 177, 128, 129, 130, 131, 96, 97, 98, 99,
   100, 101, 144, 145, 146, 147, 148, 149,
};
static const uint8_t bc6h_f22[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 176, 132, 16, 17, 18, 19, 20, 21,
   22, 23, 117, 116, 32, 33, 34, 35, 36, 37, 38, 39, 165, 180, 48, 49,
   50, 51, 52, 164, 112, 113, 114, 115, 64, 65, 66, 67, 68, 69, 160, 161,
   162, 163, 80, 81, 82, 83, 84, 177, 128, 129, 130, 131, 96, 97, 98, 99,
   100, 178, 144, 145, 146, 147, 148, 179,
};
static const uint8_t bc6h_f26[72] = {
   0, 1, 2, 3, 4, 5, 6, 7, 177, 132, 16, 17, 18, 19, 20, 21,
   22, 23, 133, 116, 32, 33, 34, 35, 36, 37, 38, 39, 181, 180, 48, 49,
   50, 51, 52, 164, 112, 113, 114, 115, 64, 65, 66, 67, 68, 176, 160, 161,
   162, 163, 80, 81, 82, 83, 84, 85, 128, 129, 130, 131, 96, 97, 98, 99,
   100, 178, 144, 145, 146, 147, 148, 179,
};
static const uint8_t bc6h_f30[72] = {
   0, 1, 2, 3, 4, 5, 164, 176, 177, 132, 16, 17, 18, 19, 20, 21,
   117, 133, 178, 116, 32, 33, 34, 35, 36, 37, 165, 179, 181, 180, 48, 49,
   50, 51, 52, 53, 112, 113, 114, 115, 64, 65, 66, 67, 68, 69, 160, 161,
   162, 163, 80, 81, 82, 83, 84, 85, 128, 129, 130, 131, 96, 97, 98, 99,
   100, 101, 144, 145, 146, 147, 148, 149,
};
static const uint8_t bc6h_f3[60] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 52, 53, 54, 55, 56, 57, 64, 65, 66, 67, 68, 69, 70, 71,
   72, 73, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89,
};
static const uint8_t bc6h_f7[60] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 52, 53, 54, 55, 56, 10, 64, 65, 66, 67, 68, 69, 70, 71,
   72, 26, 80, 81, 82, 83, 84, 85, 86, 87, 88, 42,
};
static const uint8_t bc6h_f11[60] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 52, 53, 54, 55, 11, 10, 64, 65, 66, 67, 68, 69, 70, 71,
   27, 26, 80, 81, 82, 83, 84, 85, 86, 87, 43, 42,
};
static const uint8_t bc6h_f15[60] = {
   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 18, 19, 20, 21,
   22, 23, 24, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 48, 49,
   50, 51, 15, 14, 13, 12, 11, 10, 64, 65, 66, 67, 31, 30, 29, 28,
   27, 26, 80, 81, 82, 83, 47, 46, 45, 44, 43, 42,
};

/* Table.A2, A3a, A3b: the anchor texel of subset 1 (2 subsets) and of
 * subsets 1 and 2 (3 subsets); subset 0's anchor is texel 0. */
static const uint8_t bptc_a2[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
   15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
   15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6,
   6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15,
};
static const uint8_t bptc_a3a[64] = {
   3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3,
   3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5, 15, 15,
   8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15,
   3, 15, 5, 5, 5, 8, 5, 10, 5, 10, 8, 13, 15, 12, 3, 3,
};
static const uint8_t bptc_a3b[64] = {
   15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8,
   15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6, 10, 15, 15, 10, 8,
   15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8,
   15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8,
};

/* 6-bit interpolation weights for 2-, 3- and 4-bit indices */
static const uint8_t bptc_w2[4] = { 0, 21, 43, 64 };
static const uint8_t bptc_w3[8] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const uint8_t bptc_w4[16] = { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 };

static const uint8_t *
weights(unsigned bits)
{
   return bits == 2 ? bptc_w2 : bits == 3 ? bptc_w3 : bptc_w4;
}

/* LSB-first bit reader over the 128-bit block */
struct bitreader {
   const uint8_t *b;
   unsigned pos;
};

static unsigned
take(struct bitreader *r, unsigned n)
{
   unsigned v = 0;
   for (unsigned i = 0; i < n; i++, r->pos++) {
      if (r->pos < 128)
         v |= (unsigned)((r->b[r->pos >> 3] >> (r->pos & 7)) & 1) << i;
   }
   return v;
}

static unsigned
subset_of(unsigned ns, unsigned part, unsigned texel)
{
   if (ns == 2)
      return (bptc_p2[part] >> texel) & 1;
   if (ns == 3)
      return (bptc_p3[part] >> (2 * texel)) & 3;
   return 0;
}

static bool
is_anchor(unsigned ns, unsigned part, unsigned texel)
{
   if (texel == 0)
      return true;
   if (ns == 2)
      return texel == bptc_a2[part];
   if (ns == 3)
      return texel == bptc_a3a[part] || texel == bptc_a3b[part];
   return false;
}

/* Reads 16 indices of `bits` bits (anchors one bit fewer). */
static void
read_indices(struct bitreader *r, unsigned ns, unsigned part, unsigned bits, uint8_t idx[16])
{
   for (unsigned t = 0; t < 16; t++)
      idx[t] = (uint8_t)take(r, is_anchor(ns, part, t) ? bits - 1 : bits);
}

static unsigned
interp(unsigned e0, unsigned e1, unsigned w)
{
   return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

/* --- UNORM (BC7) ---------------------------------------------------------- */

struct bc7_mode {
   uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2;
};

/* Table.M */
static const struct bc7_mode bc7_modes[8] = {
   { 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 },
   { 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
   { 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 },
   { 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
   { 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 },
   { 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
   { 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 },
   { 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

void
util_format_bc7_decode_block_u8(const uint8_t *block, uint8_t out[64])
{
   struct bitreader r = { block, 0 };
   unsigned mode = 0;
   while (mode < 8 && !((block[0] >> mode) & 1))
      mode++;
   if (mode == 8) {
      /* reserved: transparent black */
      memset(out, 0, 64);
      return;
   }
   const struct bc7_mode *m = &bc7_modes[mode];
   r.pos = mode + 1;
   unsigned part = take(&r, m->pb);
   unsigned rot = take(&r, m->rb);
   unsigned isb = take(&r, m->isb);
   unsigned ep[3][2][4];              /* [subset][endpoint][channel] */
   for (unsigned c = 0; c < 4; c++) {
      unsigned bits = c < 3 ? m->cb : m->ab;
      for (unsigned s = 0; s < m->ns; s++)
         for (unsigned e = 0; e < 2; e++)
            ep[s][e][c] = take(&r, bits);
   }
   unsigned prec[4] = { m->cb, m->cb, m->cb, m->ab };
   if (m->epb) {
      for (unsigned s = 0; s < m->ns; s++)
         for (unsigned e = 0; e < 2; e++) {
            unsigned p = take(&r, 1);
            for (unsigned c = 0; c < 4; c++)
               ep[s][e][c] = (ep[s][e][c] << 1) | p;
         }
   } else if (m->spb) {
      for (unsigned s = 0; s < m->ns; s++) {
         unsigned p = take(&r, 1);
         for (unsigned e = 0; e < 2; e++)
            for (unsigned c = 0; c < 4; c++)
               ep[s][e][c] = (ep[s][e][c] << 1) | p;
      }
   }
   if (m->epb || m->spb) {
      for (unsigned c = 0; c < 4; c++)
         if (prec[c])
            prec[c]++;
   }
   /* widen to 8 bits, replicating the top bits; no alpha bits: 255 */
   for (unsigned s = 0; s < m->ns; s++)
      for (unsigned e = 0; e < 2; e++)
         for (unsigned c = 0; c < 4; c++) {
            unsigned n = prec[c], v = ep[s][e][c];
            ep[s][e][c] = n == 0 ? 255 : ((v << (8 - n)) | (v >> (2 * n - 8))) & 0xff;
         }

   uint8_t idx[16], idx2[16];
   read_indices(&r, m->ns, part, m->ib, idx);
   if (m->ib2)
      read_indices(&r, m->ns, part, m->ib2, idx2);

   for (unsigned t = 0; t < 16; t++) {
      unsigned s = subset_of(m->ns, part, t);
      unsigned ci, ai, cbits, abits;
      if (!m->ib2) {
         ci = ai = idx[t];
         cbits = abits = m->ib;
      } else if (isb) {
         ci = idx2[t]; cbits = m->ib2;
         ai = idx[t]; abits = m->ib;
      } else {
         ci = idx[t]; cbits = m->ib;
         ai = idx2[t]; abits = m->ib2;
      }
      unsigned px[4];
      for (unsigned c = 0; c < 3; c++)
         px[c] = interp(ep[s][0][c], ep[s][1][c], weights(cbits)[ci]);
      px[3] = interp(ep[s][0][3], ep[s][1][3], weights(abits)[ai]);
      if (rot) {
         unsigned tmp = px[3];
         px[3] = px[rot - 1];
         px[rot - 1] = tmp;
      }
      for (unsigned c = 0; c < 4; c++)
         out[t * 4 + c] = (uint8_t)px[c];
   }
}

/* --- float (BC6H) --------------------------------------------------------- */

struct bc6h_mode {
   uint8_t mn, transformed, pb, epb, delta[3];
   const uint8_t *fields;
   uint8_t nfields;
};

#define BC6H_MODE(n, tr, pb, epb, dr, dg, db) \
   { n, tr, pb, epb, { dr, dg, db }, bc6h_f##n, (uint8_t)sizeof(bc6h_f##n) }

/* Table.MF */
static const struct bc6h_mode bc6h_modes[] = {
   BC6H_MODE(0, 1, 5, 10, 5, 5, 5),
   BC6H_MODE(1, 1, 5, 7, 6, 6, 6),
   BC6H_MODE(2, 1, 5, 11, 5, 4, 4),
   BC6H_MODE(6, 1, 5, 11, 4, 5, 4),
   BC6H_MODE(10, 1, 5, 11, 4, 4, 5),
   BC6H_MODE(14, 1, 5, 9, 5, 5, 5),
   BC6H_MODE(18, 1, 5, 8, 6, 5, 5),
   BC6H_MODE(22, 1, 5, 8, 5, 6, 5),
   BC6H_MODE(26, 1, 5, 8, 5, 5, 6),
   BC6H_MODE(30, 0, 5, 6, 6, 6, 6),
   BC6H_MODE(3, 0, 0, 10, 10, 10, 10),
   BC6H_MODE(7, 1, 0, 11, 9, 9, 9),
   BC6H_MODE(11, 1, 0, 12, 8, 8, 8),
   BC6H_MODE(15, 1, 0, 16, 4, 4, 4),
};

static int
sign_extend(unsigned v, unsigned bits)
{
   unsigned m = 1u << (bits - 1);
   v &= (1u << bits) - 1;
   return (int)(v ^ m) - (int)m;
}

static int
unquantize(int x, unsigned epb, bool is_signed)
{
   if (!is_signed) {
      if (epb >= 15)
         return x;
      if (x == 0)
         return 0;
      if (x == (1 << epb) - 1)
         return 0xffff;
      return ((x << 15) + 0x4000) >> (epb - 1);
   }
   if (epb >= 16)
      return x;
   bool neg = x < 0;
   if (neg)
      x = -x;
   int u;
   if (x == 0)
      u = 0;
   else if (x >= (1 << (epb - 1)) - 1)
      u = 0x7fff;
   else
      u = ((x << 15) + 0x4000) >> (epb - 1);
   return neg ? -u : u;
}

/* Final unquantization to a half float's bits. */
static uint16_t
finish(int v, bool is_signed)
{
   if (!is_signed)
      return (uint16_t)((v * 31) >> 6);
   if (v < 0)
      return (uint16_t)(((-v * 31) >> 5) | 0x8000);
   return (uint16_t)((v * 31) >> 5);
}

void
util_format_bc6h_decode_block_half(const uint8_t *block, bool is_signed, uint16_t out[48])
{
   struct bitreader r = { block, 0 };
   unsigned mn = take(&r, 2);
   if (mn >= 2)
      mn |= take(&r, 3) << 2;
   const struct bc6h_mode *m = NULL;
   for (unsigned i = 0; i < sizeof bc6h_modes / sizeof bc6h_modes[0]; i++)
      if (bc6h_modes[i].mn == mn)
         m = &bc6h_modes[i];
   if (!m) {
      /* reserved mode: (0, 0, 0) (alpha 1 is added by the caller) */
      memset(out, 0, 48 * sizeof(uint16_t));
      return;
   }
   unsigned raw[12] = { 0 };            /* endpoint * 3 + channel */
   for (unsigned i = 0; i < m->nfields; i++) {
      unsigned f = m->fields[i];
      raw[f >> 4] |= take(&r, 1) << (f & 15);
   }
   unsigned ns = m->pb ? 2 : 1;
   unsigned part = take(&r, m->pb);
   int ep[4][3];
   for (unsigned e = 0; e < 2 * ns; e++) {
      for (unsigned c = 0; c < 3; c++) {
         unsigned v = raw[e * 3 + c];
         if (e == 0) {
            ep[e][c] = is_signed ? sign_extend(v, m->epb) : (int)(v & ((1u << m->epb) - 1));
         } else if (m->transformed) {
            int d = sign_extend(v, m->delta[c]);
            unsigned w = ((unsigned)ep[0][c] + (unsigned)d) & ((1u << m->epb) - 1);
            ep[e][c] = is_signed ? sign_extend(w, m->epb) : (int)w;
         } else {
            ep[e][c] = is_signed ? sign_extend(v, m->epb) : (int)(v & ((1u << m->epb) - 1));
         }
      }
   }
   for (unsigned e = 0; e < 2 * ns; e++)
      for (unsigned c = 0; c < 3; c++)
         ep[e][c] = unquantize(ep[e][c], m->epb, is_signed);

   unsigned ib = ns == 2 ? 3 : 4;
   uint8_t idx[16];
   read_indices(&r, ns, part, ib, idx);
   for (unsigned t = 0; t < 16; t++) {
      unsigned s = subset_of(ns, part, t);
      unsigned w = weights(ib)[idx[t]];
      for (unsigned c = 0; c < 3; c++) {
         int v = ((64 - (int)w) * ep[2 * s][c] + (int)w * ep[2 * s + 1][c] + 32) >> 6;
         out[t * 3 + c] = finish(v, is_signed);
      }
   }
}

void
util_format_bptc_decode_block(enum pipe_format format, const uint8_t *block, float rgba[64])
{
   if (format == PIPE_FORMAT_BPTC_RGBA_UNORM || format == PIPE_FORMAT_BPTC_SRGBA) {
      uint8_t px[64];
      util_format_bc7_decode_block_u8(block, px);
      for (unsigned i = 0; i < 64; i++)
         rgba[i] = px[i] / 255.0f;
      if (format == PIPE_FORMAT_BPTC_SRGBA) {
         for (unsigned t = 0; t < 16; t++)
            for (unsigned c = 0; c < 3; c++)
               rgba[t * 4 + c] = util_format_srgb_to_linear_float(rgba[t * 4 + c]);
      }
      return;
   }
   uint16_t h[48];
   util_format_bc6h_decode_block_half(block, format == PIPE_FORMAT_BPTC_RGB_FLOAT, h);
   for (unsigned t = 0; t < 16; t++) {
      for (unsigned c = 0; c < 3; c++)
         rgba[t * 4 + c] = util_half_to_float(h[t * 3 + c]);
      rgba[t * 4 + 3] = 1.0f;
   }
}

/* --- encoding ------------------------------------------------------------- */

/* A simple encoder for uploads of uncompressed data: one subset, the two
 * texels farthest apart as endpoints, each texel on the nearest palette
 * entry.  Exact (up to endpoint precision) for blocks of one or two
 * colours and for linear gradients; otherwise an approximation. */

struct bitwriter {
   uint8_t *b;
   unsigned pos;
};

static void
put(struct bitwriter *w, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, w->pos++)
      if (w->pos < 128 && ((v >> i) & 1))
         w->b[w->pos >> 3] |= (uint8_t)(1u << (w->pos & 7));
}

static unsigned
clamp_u8(float f)
{
   if (!(f > 0.0f))
      return 0;
   if (f >= 1.0f)
      return 255;
   return (unsigned)(f * 255.0f + 0.5f);
}

/* BC7 mode 6: 7-bit RGBA endpoints with one P-bit each (8-bit endpoints
 * whose low bit is shared by the four channels), 4-bit indices. */
static void
bc7_encode_mode6(const uint8_t px[16][4], const bool valid[16], uint8_t out[16])
{
   unsigned lo[4] = { 0, 0, 0, 0 }, hi[4] = { 0, 0, 0, 0 };
   int best_d = -1;
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned j = i; j < 16; j++) {
         if (!valid[i] || !valid[j])
            continue;
         int d = 0;
         for (unsigned c = 0; c < 4; c++)
            d += ((int)px[i][c] - (int)px[j][c]) * ((int)px[i][c] - (int)px[j][c]);
         if (d > best_d) {
            best_d = d;
            for (unsigned c = 0; c < 4; c++) {
               lo[c] = px[i][c];
               hi[c] = px[j][c];
            }
         }
      }
   }
   /* quantize each endpoint with the P-bit that fits it best */
   unsigned q[2][4], p[2], ep[2][4];
   for (unsigned e = 0; e < 2; e++) {
      const unsigned *want = e ? hi : lo;
      unsigned best_err = ~0u;
      for (unsigned pb = 0; pb < 2; pb++) {
         unsigned err = 0, qq[4];
         for (unsigned c = 0; c < 4; c++) {
            int v = ((int)want[c] - (int)pb + 1) / 2;
            if (v < 0) v = 0;
            if (v > 127) v = 127;
            qq[c] = (unsigned)v;
            int d = (int)((qq[c] << 1) | pb) - (int)want[c];
            err += (unsigned)(d * d);
         }
         if (err < best_err) {
            best_err = err;
            p[e] = pb;
            memcpy(q[e], qq, sizeof qq);
         }
      }
      for (unsigned c = 0; c < 4; c++)
         ep[e][c] = (q[e][c] << 1) | p[e];
   }
   uint8_t idx[16];
   for (unsigned t = 0; t < 16; t++) {
      unsigned best = 0, best_err = ~0u;
      for (unsigned i = 0; i < 16 && valid[t]; i++) {
         unsigned err = 0;
         for (unsigned c = 0; c < 4; c++) {
            int d = (int)interp(ep[0][c], ep[1][c], bptc_w4[i]) - (int)px[t][c];
            err += (unsigned)(d * d);
         }
         if (err < best_err) {
            best_err = err;
            best = i;
         }
      }
      idx[t] = (uint8_t)best;
   }
   if (idx[0] & 8) {   /* the anchor's high bit is implied 0: swap the ends */
      unsigned tq[4], tp = p[0];
      memcpy(tq, q[0], sizeof tq);
      memcpy(q[0], q[1], sizeof tq);
      memcpy(q[1], tq, sizeof tq);
      p[0] = p[1];
      p[1] = tp;
      for (unsigned t = 0; t < 16; t++)
         idx[t] = (uint8_t)(15 - idx[t]);
   }
   memset(out, 0, 16);
   struct bitwriter w = { out, 0 };
   put(&w, 1u << 6, 7);
   for (unsigned c = 0; c < 4; c++)
      for (unsigned e = 0; e < 2; e++)
         put(&w, q[e][c], 7);
   put(&w, p[0], 1);
   put(&w, p[1], 1);
   for (unsigned t = 0; t < 16; t++)
      put(&w, idx[t], t == 0 ? 3 : 4);
}

/* BC7 mode 5: 7-bit RGB and 8-bit alpha endpoints, separate 2-bit colour
 * and alpha indices (rotation 0): for blocks whose alpha does not follow
 * the colour. */
static void
bc7_encode_mode5(const uint8_t px[16][4], const bool valid[16], uint8_t out[16])
{
   unsigned c[2][3] = { { 0, 0, 0 }, { 0, 0, 0 } }, a[2] = { 255, 0 };
   int best_d = -1;
   for (unsigned i = 0; i < 16; i++) {
      if (!valid[i])
         continue;
      if (px[i][3] < a[0]) a[0] = px[i][3];
      if (px[i][3] > a[1]) a[1] = px[i][3];
      for (unsigned j = i; j < 16; j++) {
         if (!valid[j])
            continue;
         int d = 0;
         for (unsigned k = 0; k < 3; k++)
            d += ((int)px[i][k] - (int)px[j][k]) * ((int)px[i][k] - (int)px[j][k]);
         if (d > best_d) {
            best_d = d;
            for (unsigned k = 0; k < 3; k++) {
               c[0][k] = px[i][k];
               c[1][k] = px[j][k];
            }
         }
      }
   }
   if (best_d < 0)
      a[0] = a[1] = 0;
   unsigned q[2][3], e[2][3];
   for (unsigned n = 0; n < 2; n++)
      for (unsigned k = 0; k < 3; k++) {
         /* the 7-bit value whose widening (v << 1 | v >> 6) is nearest */
         unsigned v = (c[n][k] * 127 + 127) / 255, bestv = v, beste = ~0u;
         for (unsigned cand = v > 0 ? v - 1 : 0; cand <= v + 1 && cand <= 127; cand++) {
            unsigned w = (cand << 1) | (cand >> 6);
            unsigned err = (unsigned)abs((int)w - (int)c[n][k]);
            if (err < beste) {
               beste = err;
               bestv = cand;
            }
         }
         q[n][k] = bestv;
         e[n][k] = (bestv << 1) | (bestv >> 6);
      }
   uint8_t ci[16], ai[16];
   for (unsigned t = 0; t < 16; t++) {
      unsigned bc = 0, be = ~0u, ba = 0, bae = ~0u;
      for (unsigned i = 0; i < 4 && valid[t]; i++) {
         unsigned err = 0;
         for (unsigned k = 0; k < 3; k++) {
            int d = (int)interp(e[0][k], e[1][k], bptc_w2[i]) - (int)px[t][k];
            err += (unsigned)(d * d);
         }
         if (err < be) {
            be = err;
            bc = i;
         }
         int da = (int)interp(a[0], a[1], bptc_w2[i]) - (int)px[t][3];
         if ((unsigned)(da * da) < bae) {
            bae = (unsigned)(da * da);
            ba = i;
         }
      }
      ci[t] = (uint8_t)bc;
      ai[t] = (uint8_t)ba;
   }
   if (ci[0] & 2) {   /* anchors: swap the ends */
      for (unsigned k = 0; k < 3; k++) {
         unsigned tq = q[0][k];
         q[0][k] = q[1][k];
         q[1][k] = tq;
      }
      for (unsigned t = 0; t < 16; t++)
         ci[t] = (uint8_t)(3 - ci[t]);
   }
   if (ai[0] & 2) {
      unsigned ta = a[0];
      a[0] = a[1];
      a[1] = ta;
      for (unsigned t = 0; t < 16; t++)
         ai[t] = (uint8_t)(3 - ai[t]);
   }
   memset(out, 0, 16);
   struct bitwriter w = { out, 0 };
   put(&w, 1u << 5, 6);
   put(&w, 0, 2);   /* rotation */
   for (unsigned k = 0; k < 3; k++)
      for (unsigned n = 0; n < 2; n++)
         put(&w, q[n][k], 7);
   put(&w, a[0], 8);
   put(&w, a[1], 8);
   for (unsigned t = 0; t < 16; t++)
      put(&w, ci[t], t == 0 ? 1 : 2);
   for (unsigned t = 0; t < 16; t++)
      put(&w, ai[t], t == 0 ? 1 : 2);
}

/* Squared error of a BC7 block against the texels. */
static unsigned
bc7_error(const uint8_t blk[16], const uint8_t px[16][4], const bool valid[16])
{
   uint8_t dec[64];
   util_format_bc7_decode_block_u8(blk, dec);
   unsigned err = 0;
   for (unsigned t = 0; t < 16; t++)
      for (unsigned k = 0; k < 4 && valid[t]; k++) {
         int d = (int)dec[t * 4 + k] - (int)px[t][k];
         err += (unsigned)(d * d);
      }
   return err;
}

/* The unquantized (pre-"finish") value whose final half float is h. */
static int
bc6h_target(float f, bool is_signed)
{
   if (f != f)
      f = 0.0f;
   if (!is_signed && f < 0.0f)
      f = 0.0f;
   if (f > 65504.0f) f = 65504.0f;
   if (f < -65504.0f) f = -65504.0f;
   uint16_t h = util_float_to_half(f);
   unsigned mag = h & 0x7fff;
   if (!is_signed)
      return (int)((mag * 64 + 30) / 31);
   int v = (int)((mag * 32 + 30) / 31);
   return (h & 0x8000) ? -v : v;
}

/* The epb-bit endpoint whose unquantized value is nearest to v. */
static int
bc6h_quantize(int v, unsigned epb, bool is_signed)
{
   int lo = is_signed ? -((1 << (epb - 1)) - 1) : 0;
   int hi = is_signed ? (1 << (epb - 1)) - 1 : (1 << epb) - 1;
   while (lo < hi) {   /* first x with unquantize(x) >= v */
      int mid = lo + (hi - lo) / 2;
      if (unquantize(mid, epb, is_signed) >= v)
         hi = mid;
      else
         lo = mid + 1;
   }
   if (lo > (is_signed ? -((1 << (epb - 1)) - 1) : 0)) {
      int a = unquantize(lo, epb, is_signed), b = unquantize(lo - 1, epb, is_signed);
      if (v - b < a - v)
         lo--;
   }
   return lo;
}

/* Tries one-subset BC6H mode m; false if the endpoints do not fit it. */
static bool
bc6h_encode_mode(const struct bc6h_mode *m, const int tv[16][3], const bool valid[16],
                 bool is_signed, uint8_t out[16])
{
   int lo[3] = { 0, 0, 0 }, hi[3] = { 0, 0, 0 };
   int64_t best_d = -1;
   for (unsigned i = 0; i < 16; i++) {
      for (unsigned j = i; j < 16; j++) {
         if (!valid[i] || !valid[j])
            continue;
         int64_t d = 0;
         for (unsigned c = 0; c < 3; c++)
            d += (int64_t)(tv[i][c] - tv[j][c]) * (tv[i][c] - tv[j][c]);
         if (d > best_d) {
            best_d = d;
            for (unsigned c = 0; c < 3; c++) {
               lo[c] = tv[i][c];
               hi[c] = tv[j][c];
            }
         }
      }
   }
   int q[2][3], u[2][3];
   for (unsigned c = 0; c < 3; c++) {
      q[0][c] = bc6h_quantize(lo[c], m->epb, is_signed);
      q[1][c] = bc6h_quantize(hi[c], m->epb, is_signed);
   }
   uint8_t idx[16];
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned e = 0; e < 2; e++)
         for (unsigned c = 0; c < 3; c++)
            u[e][c] = unquantize(q[e][c], m->epb, is_signed);
      for (unsigned t = 0; t < 16; t++) {
         unsigned best = 0;
         int64_t best_err = INT64_MAX;
         for (unsigned i = 0; i < 16 && valid[t]; i++) {
            int64_t err = 0;
            for (unsigned c = 0; c < 3; c++) {
               int v = ((64 - (int)bptc_w4[i]) * u[0][c] + (int)bptc_w4[i] * u[1][c] + 32) >> 6;
               int64_t d = (int64_t)v - tv[t][c];
               err += d * d;
            }
            if (err < best_err) {
               best_err = err;
               best = i;
            }
         }
         idx[t] = (uint8_t)best;
      }
      if (!(idx[0] & 8))
         break;
      for (unsigned c = 0; c < 3; c++) {   /* anchor: swap the ends */
         int tmp = q[0][c];
         q[0][c] = q[1][c];
         q[1][c] = tmp;
      }
   }
   if (idx[0] & 8)
      return false;
   unsigned raw[6];
   unsigned mask = (1u << m->epb) - 1;
   for (unsigned c = 0; c < 3; c++) {
      raw[c] = (unsigned)q[0][c] & mask;
      if (m->transformed) {
         int d = q[1][c] - q[0][c];
         int lim = 1 << (m->delta[c] - 1);
         if (d < -lim || d >= lim)
            return false;
         raw[3 + c] = (unsigned)d & ((1u << m->delta[c]) - 1);
      } else {
         raw[3 + c] = (unsigned)q[1][c] & mask;
      }
   }
   memset(out, 0, 16);
   struct bitwriter w = { out, 0 };
   put(&w, m->mn, m->mn >= 2 ? 5 : 2);
   for (unsigned i = 0; i < m->nfields; i++) {
      unsigned f = m->fields[i];
      put(&w, (raw[f >> 4] >> (f & 15)) & 1, 1);
   }
   for (unsigned t = 0; t < 16; t++)
      put(&w, idx[t], t == 0 ? 3 : 4);
   return true;
}

static void
bc6h_encode(const float rgba[64], const bool valid[16], bool is_signed, uint8_t out[16])
{
   int tv[16][3];
   for (unsigned t = 0; t < 16; t++)
      for (unsigned c = 0; c < 3; c++)
         tv[t][c] = bc6h_target(rgba[t * 4 + c], is_signed);
   double best_err = -1.0;
   for (unsigned i = 0; i < sizeof bc6h_modes / sizeof bc6h_modes[0]; i++) {
      const struct bc6h_mode *m = &bc6h_modes[i];
      uint8_t blk[16];
      if (m->pb || !bc6h_encode_mode(m, (const int (*)[3])tv, valid, is_signed, blk))
         continue;
      uint16_t h[48];
      util_format_bc6h_decode_block_half(blk, is_signed, h);
      double err = 0.0;
      for (unsigned t = 0; t < 16; t++) {
         for (unsigned c = 0; c < 3 && valid[t]; c++) {
            float f = rgba[t * 4 + c];
            if (f != f || (!is_signed && f < 0.0f))
               f = 0.0f;
            double d = (double)util_half_to_float(h[t * 3 + c]) - (double)f;
            err += d * d;
         }
      }
      if (best_err < 0.0 || err < best_err) {
         best_err = err;
         memcpy(out, blk, 16);
      }
   }
}

void
util_format_bptc_encode_block(enum pipe_format format, const float rgba[64],
                              const bool valid[16], uint8_t out[16])
{
   if (format == PIPE_FORMAT_BPTC_RGBA_UNORM || format == PIPE_FORMAT_BPTC_SRGBA) {
      uint8_t px[16][4];
      for (unsigned t = 0; t < 16; t++)
         for (unsigned c = 0; c < 4; c++)
            px[t][c] = (uint8_t)clamp_u8(rgba[t * 4 + c]);
      /* mode 6 or mode 5, whichever decodes closer */
      uint8_t b5[16];
      bc7_encode_mode6((const uint8_t (*)[4])px, valid, out);
      bc7_encode_mode5((const uint8_t (*)[4])px, valid, b5);
      if (bc7_error(b5, (const uint8_t (*)[4])px, valid) <
          bc7_error(out, (const uint8_t (*)[4])px, valid))
         memcpy(out, b5, 16);
      return;
   }
   bc6h_encode(rgba, valid, format == PIPE_FORMAT_BPTC_RGB_FLOAT, out);
}
