/*
 * FXT1 block decoding (CC_HI, CC_CHROMA, CC_MIXED with alpha 0 and 1,
 * CC_ALPHA with lerp 0 and 1): blocks assembled bit by bit, expected texels
 * computed by hand from the 3DFX_texture_compression_FXT1 rules (5-bit c ->
 * round(c * 255 / 31), 6-bit -> round(c * 255 / 63), interpolation
 * ((n - i) * a + i * b + n / 2) / n).  Also the block encoders of BPTC and
 * FXT1 (uploads of uncompressed data): encode, decode, compare.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"
#include "unit_check.h"

static void
set_bits(uint8_t b[16], unsigned pos, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, pos++)
      if ((v >> i) & 1)
         b[pos >> 3] |= (uint8_t)(1u << (pos & 7));
}

/* RGB555 (B low, then G, then R) at bit pos */
static void
set555(uint8_t b[16], unsigned pos, unsigned r, unsigned g, unsigned bl)
{
   set_bits(b, pos, bl, 5);
   set_bits(b, pos + 5, g, 5);
   set_bits(b, pos + 10, r, 5);
}

/* texel t in FXT1 order -> (x, y) in the 8x4 block */
static unsigned
texel_offset(unsigned t)
{
   unsigned x = (t & 3) + (t & 16 ? 4 : 0), y = (t >> 2) & 3;
   return (y * 8 + x) * 4;
}

static void
expect(const uint8_t out[128], unsigned t, const unsigned want[4], const char *what)
{
   const uint8_t *p = out + texel_offset(t);
   CHECK(p[0] == want[0] && p[1] == want[1] && p[2] == want[2] && p[3] == want[3],
         "%s texel %u: %u %u %u %u, expected %u %u %u %u", what, t, p[0], p[1], p[2], p[3],
         want[0], want[1], want[2], want[3]);
}

static void
test_hi(void)
{
   uint8_t b[16] = { 0 };
   /* colour 0 = (31, 0, 0) -> (255, 0, 0); colour 1 = (16, 0, 31) ->
    * (132, 0, 255): R's top bit is bit 125, which CC_HI ("00" in 127..126)
    * leaves to colour data */
   set555(b, 96, 31, 0, 0);
   set555(b, 111, 16, 0, 31);
   for (unsigned t = 0; t < 32; t++)
      set_bits(b, 3 * t, t % 8, 3);
   /* index i: r = ((6 - i) * 255 + i * 132 + 3) / 6, b = (i * 255 + 3) / 6 */
   static const unsigned want[8][4] = {
      { 255, 0, 0, 255 }, { 235, 0, 43, 255 }, { 214, 0, 85, 255 }, { 194, 0, 128, 255 },
      { 173, 0, 170, 255 }, { 153, 0, 213, 255 }, { 132, 0, 255, 255 }, { 0, 0, 0, 0 },
   };
   uint8_t out[128];
   util_format_fxt1_decode_block_u8(b, false, out);
   for (unsigned t = 0; t < 32; t++)
      expect(out, t, want[t % 8], "CC_HI");
   /* FXT1_RGB: index 7 reads opaque black */
   util_format_fxt1_decode_block_u8(b, true, out);
   static const unsigned black[4] = { 0, 0, 0, 255 };
   expect(out, 7, black, "CC_HI rgb");
   /* float path, texel (3, 0) = t 3 = index 3 */
   float f[128];
   util_format_fxt1_decode_block(PIPE_FORMAT_FXT1_RGBA, b, f);
   CHECK(fabsf(f[3 * 4 + 0] - 194 / 255.0f) < 1e-6f && fabsf(f[3 * 4 + 2] - 128 / 255.0f) < 1e-6f,
         "CC_HI float %f %f", f[12], f[14]);
}

static void
test_chroma(void)
{
   uint8_t b[16] = { 0 };
   set555(b, 64, 3, 1, 16);    /* (25, 8, 132) */
   set555(b, 79, 30, 0, 31);   /* (247, 0, 255) */
   set555(b, 94, 0, 31, 0);    /* (0, 255, 0) */
   set555(b, 109, 16, 16, 16); /* (132, 132, 132) */
   set_bits(b, 125, 2, 3);     /* "010" */
   for (unsigned t = 0; t < 32; t++)
      set_bits(b, 2 * t, (t + t / 16) % 4, 2);
   static const unsigned want[4][4] = {
      { 25, 8, 132, 255 }, { 247, 0, 255, 255 }, { 0, 255, 0, 255 }, { 132, 132, 132, 255 },
   };
   uint8_t out[128];
   util_format_fxt1_decode_block_u8(b, false, out);
   for (unsigned t = 0; t < 32; t++)
      expect(out, t, want[(t + t / 16) % 4], "CC_CHROMA");
}

static void
test_mixed(void)
{
   /* alpha 0: four colours per half */
   uint8_t b[16] = { 0 };
   set555(b, 64, 31, 0, 0);    /* left colour 0 */
   set555(b, 79, 0, 31, 0);    /* left colour 1, green LSB (bit 125) 1 -> 63 -> 255 */
   set555(b, 94, 0, 0, 31);    /* right colour 2 */
   set555(b, 109, 31, 31, 31); /* right colour 3, green LSB (bit 126) 0 -> 62 -> 251 */
   set_bits(b, 125, 1, 1);
   set_bits(b, 127, 1, 1);
   for (unsigned t = 0; t < 16; t++) {
      set_bits(b, 2 * t, t % 4, 2);              /* texel 0: index 0, selb 0 */
      set_bits(b, 32 + 2 * t, (t + 2) % 4, 2);   /* texel 16: index 2, selb 1 */
   }
   /* left: colour 0 green = (0 << 1) | (1 ^ 0) = 1 -> 4: (255, 4, 0) ..
    * (0, 255, 0); thirds (2a + b + 1) / 3 */
   static const unsigned left[4][4] = {
      { 255, 4, 0, 255 }, { 170, 88, 0, 255 }, { 85, 171, 0, 255 }, { 0, 255, 0, 255 },
   };
   /* right: colour 2 green = (0 << 1) | (0 ^ 1) = 1 -> 4: (0, 4, 255) ..
    * (255, 251, 255) */
   static const unsigned right[4][4] = {
      { 0, 4, 255, 255 }, { 85, 86, 255, 255 }, { 170, 169, 255, 255 }, { 255, 251, 255, 255 },
   };
   uint8_t out[128];
   util_format_fxt1_decode_block_u8(b, false, out);
   for (unsigned t = 0; t < 16; t++) {
      expect(out, t, left[t % 4], "CC_MIXED left");
      expect(out, 16 + t, right[(t + 2) % 4], "CC_MIXED right");
   }

   /* alpha 1: colour 0, average, colour 1 (6-bit green), transparent */
   uint8_t a[16] = { 0 };
   set555(a, 64, 31, 31, 0);   /* (255, 255, 0), 5-bit green */
   set555(a, 79, 0, 0, 31);    /* green (0 << 1) | 1 -> 4: (0, 4, 255) */
   set_bits(a, 124, 1, 1);
   set_bits(a, 125, 1, 1);
   set_bits(a, 127, 1, 1);
   for (unsigned t = 0; t < 16; t++)
      set_bits(a, 2 * t, t % 4, 2);
   static const unsigned want[4][4] = {
      { 255, 255, 0, 255 }, { 127, 129, 127, 255 }, { 0, 4, 255, 255 }, { 0, 0, 0, 0 },
   };
   util_format_fxt1_decode_block_u8(a, false, out);
   for (unsigned t = 0; t < 16; t++)
      expect(out, t, want[t % 4], "CC_MIXED alpha");
   static const unsigned black[4] = { 0, 0, 0, 255 };
   expect(out, 16, black, "CC_MIXED alpha, right half colour 2 = black");
   util_format_fxt1_decode_block_u8(a, true, out);
   expect(out, 3, black, "CC_MIXED alpha, FXT1_RGB transparent");
}

static void
test_alpha(void)
{
   /* lerp 0: three colours with their alphas, index 3 transparent */
   uint8_t b[16] = { 0 };
   set555(b, 64, 31, 0, 0);
   set555(b, 79, 0, 31, 0);
   set555(b, 94, 0, 0, 31);
   set_bits(b, 109, 31, 5);   /* 255 */
   set_bits(b, 114, 16, 5);   /* 132 */
   set_bits(b, 119, 0, 5);    /* 0 */
   set_bits(b, 125, 3, 3);    /* "011" */
   for (unsigned t = 0; t < 32; t++)
      set_bits(b, 2 * t, t % 4, 2);
   static const unsigned want0[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 132 }, { 0, 0, 255, 0 }, { 0, 0, 0, 0 },
   };
   uint8_t out[128];
   util_format_fxt1_decode_block_u8(b, false, out);
   for (unsigned t = 0; t < 32; t++)
      expect(out, t, want0[t % 4], "CC_ALPHA lerp 0");

   /* lerp 1: left half colour 0 -> colour 1, right half colour 2 ->
    * colour 1, alphas alike */
   uint8_t l[16] = { 0 };
   set555(l, 64, 31, 0, 0);   /* red, alpha 0 (109) = 31 */
   set555(l, 79, 0, 0, 31);   /* blue, alpha 1 (114) = 0 */
   set555(l, 94, 0, 31, 0);   /* green, alpha 2 (119) = 31 */
   set_bits(l, 109, 31, 5);
   set_bits(l, 119, 31, 5);
   set_bits(l, 124, 1, 1);
   set_bits(l, 125, 3, 3);
   for (unsigned t = 0; t < 32; t++)
      set_bits(l, 2 * t, t % 4, 2);
   static const unsigned left[4][4] = {
      { 255, 0, 0, 255 }, { 170, 0, 85, 170 }, { 85, 0, 170, 85 }, { 0, 0, 255, 0 },
   };
   static const unsigned right[4][4] = {
      { 0, 255, 0, 255 }, { 0, 170, 85, 170 }, { 0, 85, 170, 85 }, { 0, 0, 255, 0 },
   };
   util_format_fxt1_decode_block_u8(l, false, out);
   for (unsigned t = 0; t < 16; t++) {
      expect(out, t, left[t % 4], "CC_ALPHA lerp 1 left");
      expect(out, 16 + t, right[t % 4], "CC_ALPHA lerp 1 right");
   }
}

/* The generic rectangle decoder on an 8x4 format: a 16x4 image of two
 * blocks, and a 5x3 corner of it. */
static void
test_rect(void)
{
   uint8_t blocks[32] = { 0 };
   set555(blocks, 96, 31, 0, 0);   /* block 0: CC_HI, all index 0: red */
   set555(blocks + 16, 64, 0, 31, 0);
   set_bits(blocks + 16, 125, 2, 3);   /* block 1: CC_CHROMA, all colour 0: green */
   float px[4][16][4];
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_FXT1_RGB, &px[0][0][0], sizeof px[0],
                                      blocks, 32, 16, 4);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 16; x++) {
         bool red = x < 8;
         CHECK(px[y][x][0] == (red ? 1.0f : 0.0f) && px[y][x][1] == (red ? 0.0f : 1.0f) &&
               px[y][x][2] == 0.0f && px[y][x][3] == 1.0f,
               "rect (%u,%u) %f %f %f %f", x, y, px[y][x][0], px[y][x][1], px[y][x][2],
               px[y][x][3]);
      }
   const struct util_format_description *d = util_format_description(PIPE_FORMAT_FXT1_RGBA);
   CHECK(d->block_width == 8 && d->block_height == 4 && d->block_bytes == 16 &&
         d->layout == UTIL_FORMAT_LAYOUT_FXT1, "FXT1 description");
   CHECK(util_format_get_stride(PIPE_FORMAT_FXT1_RGB, 9) == 32, "stride of 9 texels");
   CHECK(util_format_is_compressed(PIPE_FORMAT_FXT1_RGB) &&
         !util_format_is_compressed(PIPE_FORMAT_R8_UNORM), "is_compressed");
}

/* --- encoders -------------------------------------------------------------- */

static void
test_encode_fxt1(void)
{
   /* opaque: left half red / dark grey columns, right half a uniform
    * RGB565 colour: exact (CC_MIXED) */
   float in[128];
   bool valid[32];
   for (unsigned i = 0; i < 32; i++) {
      unsigned x = i % 8;
      float *p = in + 4 * i;
      valid[i] = true;
      if (x < 4) {
         p[0] = x & 1 ? 1.0f : 8 / 31.0f;
         p[1] = x & 1 ? 0.0f : 16 / 63.0f;
         p[2] = x & 1 ? 0.0f : 8 / 31.0f;
      } else {
         p[0] = 20 / 31.0f;
         p[1] = 40 / 63.0f;
         p[2] = 3 / 31.0f;
      }
      p[3] = 1.0f;
   }
   uint8_t blk[16];
   float out[128];
   for (unsigned f = 0; f < 2; f++) {
      enum pipe_format pf = f ? PIPE_FORMAT_FXT1_RGBA : PIPE_FORMAT_FXT1_RGB;
      util_format_fxt1_encode_block(pf, in, valid, blk);
      CHECK(blk[15] & 0x80, "opaque block in CC_MIXED (mode bits %x)", blk[15] >> 5);
      util_format_fxt1_decode_block(pf, blk, out);
      for (unsigned i = 0; i < 128; i++)
         CHECK(fabsf(out[i] - in[i]) < 0.6f / 255, "fxt1 encode %u: %f vs %f", i, out[i], in[i]);
   }
   /* four colours not on one line in both halves: CC_CHROMA stores them */
   static const float four[4][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 1, 1 } };
   for (unsigned i = 0; i < 32; i++) {
      memcpy(in + 4 * i, four[(i + i / 8) % 4], 3 * sizeof(float));
      in[4 * i + 3] = 1.0f;
   }
   util_format_fxt1_encode_block(PIPE_FORMAT_FXT1_RGB, in, valid, blk);
   CHECK((blk[15] >> 5) == 2, "four colours in CC_CHROMA (mode bits %x)", blk[15] >> 5);
   util_format_fxt1_decode_block(PIPE_FORMAT_FXT1_RGB, blk, out);
   for (unsigned i = 0; i < 128; i++)
      CHECK(out[i] == in[i], "fxt1 chroma encode %u: %f vs %f", i, out[i], in[i]);
   /* seven grey steps over the block: CC_HI's palette (i * 255 + 3) / 6 */
   for (unsigned i = 0; i < 32; i++) {
      float g = (float)(((i % 7) * 255 + 3) / 6) / 255.0f;
      in[4 * i + 0] = in[4 * i + 1] = in[4 * i + 2] = g;
      in[4 * i + 3] = 1.0f;
   }
   util_format_fxt1_encode_block(PIPE_FORMAT_FXT1_RGBA, in, valid, blk);
   CHECK((blk[15] >> 6) == 0, "grey steps in CC_HI (mode bits %x)", blk[15] >> 5);
   util_format_fxt1_decode_block(PIPE_FORMAT_FXT1_RGBA, blk, out);
   for (unsigned i = 0; i < 128; i++)
      CHECK(fabsf(out[i] - in[i]) < 1e-6f, "fxt1 hi encode %u: %f vs %f", i, out[i], in[i]);

   /* translucent RGBA: uniform halves of RGBA5555 colours -> CC_ALPHA */
   for (unsigned i = 0; i < 32; i++) {
      float *p = in + 4 * i;
      bool left = i % 8 < 4;
      p[0] = left ? 1.0f : 0.0f;
      p[1] = left ? 0.0f : 1.0f;
      p[2] = 0.0f;
      p[3] = left ? 0.0f : 8 / 31.0f;
   }
   valid[31] = false;   /* ignored texel */
   in[31 * 4 + 0] = 0.5f;
   util_format_fxt1_encode_block(PIPE_FORMAT_FXT1_RGBA, in, valid, blk);
   CHECK((blk[15] >> 5) == 3, "translucent block in CC_ALPHA (mode bits %x)", blk[15] >> 5);
   util_format_fxt1_decode_block(PIPE_FORMAT_FXT1_RGBA, blk, out);
   for (unsigned i = 0; i < 31 * 4; i++)
      CHECK(fabsf(out[i] - in[i]) < 0.6f / 255, "fxt1 alpha encode %u: %f vs %f", i, out[i],
            in[i]);
}

static void
test_encode_bptc(void)
{
   /* BC7: two colours; endpoints are 7 bits + a P-bit shared by the four
    * channels, so each texel comes back within 1 */
   float in[64], out[64];
   bool valid[16];
   for (unsigned t = 0; t < 16; t++) {
      bool a = (t % 4) < 2;
      in[4 * t + 0] = a ? 1.0f : 20 / 255.0f;
      in[4 * t + 1] = a ? 0.0f : 200 / 255.0f;
      in[4 * t + 2] = a ? 100 / 255.0f : 40 / 255.0f;
      in[4 * t + 3] = a ? 1.0f : 128 / 255.0f;
      valid[t] = true;
   }
   uint8_t blk[16];
   util_format_bptc_encode_block(PIPE_FORMAT_BPTC_RGBA_UNORM, in, valid, blk);
   util_format_bptc_decode_block(PIPE_FORMAT_BPTC_RGBA_UNORM, blk, out);
   for (unsigned i = 0; i < 64; i++)
      CHECK(fabsf(out[i] - in[i]) <= 1.01f / 255, "bc7 encode %u: %f vs %f", i, out[i], in[i]);

   /* alpha independent of colour (two colours by column parity, two alphas
    * by row half): not on one RGBA line, so mode 5's separate colour and
    * alpha indices are needed to keep it */
   for (unsigned t = 0; t < 16; t++) {
      bool odd = t % 2, top = t >= 8;
      in[4 * t + 0] = odd ? 1.0f : 0.0f;
      in[4 * t + 1] = odd ? 0.0f : 1.0f;
      in[4 * t + 2] = odd ? 0.0f : 128 / 255.0f;
      in[4 * t + 3] = top ? 1.0f : 0.0f;
   }
   util_format_bptc_encode_block(PIPE_FORMAT_BPTC_RGBA_UNORM, in, valid, blk);
   CHECK((blk[0] & 0x3f) == 0x20, "mode 5 chosen (mode byte 0x%02x)", blk[0]);
   util_format_bptc_decode_block(PIPE_FORMAT_BPTC_RGBA_UNORM, blk, out);
   for (unsigned i = 0; i < 64; i++)
      CHECK(fabsf(out[i] - in[i]) <= 1.01f / 255, "bc7 mode 5 encode %u: %f vs %f", i, out[i],
            in[i]);

   /* BC6H: uniform blocks come back exactly (as half floats); a gradient
    * between two values closely */
   static const float vals[] = { 1.0f, 0.5f, 3.25f, 1000.0f, -2.0f };
   for (unsigned s = 0; s < 2; s++) {
      enum pipe_format pf = s ? PIPE_FORMAT_BPTC_RGB_FLOAT : PIPE_FORMAT_BPTC_RGB_UFLOAT;
      for (unsigned v = 0; v < sizeof vals / sizeof vals[0]; v++) {
         float want = vals[v] < 0 && !s ? 0.0f : vals[v];
         for (unsigned t = 0; t < 16; t++) {
            in[4 * t + 0] = vals[v];
            in[4 * t + 1] = vals[v] * 0.25f;
            in[4 * t + 2] = 0.0f;
            in[4 * t + 3] = 1.0f;
         }
         util_format_bptc_encode_block(pf, in, valid, blk);
         util_format_bptc_decode_block(pf, blk, out);
         for (unsigned t = 0; t < 16; t++)
            CHECK(out[4 * t] == want && out[4 * t + 1] == want * 0.25f &&
                  out[4 * t + 2] == 0.0f && out[4 * t + 3] == 1.0f,
                  "bc6h %s uniform %f: %f %f %f %f", s ? "signed" : "unsigned", vals[v],
                  out[4 * t], out[4 * t + 1], out[4 * t + 2], out[4 * t + 3]);
      }
      /* BC6H interpolates the halves' bit patterns, which follow the value
       * linearly only within one binade: gradients inside [1, 2) */
      for (unsigned t = 0; t < 16; t++) {
         in[4 * t + 0] = 1.0f + 0.0625f * (float)t;
         in[4 * t + 1] = s ? -1.1f - 0.05f * (float)t : 1.9f - 0.05f * (float)t;
         in[4 * t + 2] = 0.5f;
      }
      util_format_bptc_encode_block(pf, in, valid, blk);
      util_format_bptc_decode_block(pf, blk, out);
      for (unsigned t = 0; t < 16; t++)
         for (unsigned c = 0; c < 3; c++)
            CHECK(fabsf(out[4 * t + c] - in[4 * t + c]) < 0.02f,
                  "bc6h %s gradient texel %u.%u: %f vs %f", s ? "signed" : "unsigned", t, c,
                  out[4 * t + c], in[4 * t + c]);
   }
}

int
main(void)
{
   test_hi();
   test_chroma();
   test_mixed();
   test_alpha();
   test_rect();
   test_encode_fxt1();
   test_encode_bptc();
   return unit_check_finish("test_fxt1");
}
