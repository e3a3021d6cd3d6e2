/*
 * BPTC (BC7 / BC6H) block decoding: blocks assembled bit by bit here, with
 * texels computed by hand from the ARB_texture_compression_bptc appendix.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"
#include "unit_check.h"

/* LSB-first bit writer */
struct writer {
   uint8_t b[16];
   unsigned pos;
};

static void
put(struct writer *w, unsigned v, unsigned n)
{
   for (unsigned i = 0; i < n; i++, w->pos++)
      if ((v >> i) & 1)
         w->b[w->pos >> 3] |= (uint8_t)(1u << (w->pos & 7));
}

static void
check_u8(const char *what, const uint8_t *px, unsigned t, unsigned r, unsigned g, unsigned b,
         unsigned a)
{
   const unsigned want[4] = { r, g, b, a };
   for (unsigned c = 0; c < 4; c++)
      CHECK(px[t * 4 + c] == want[c], "%s texel %u comp %u: %u, expected %u", what, t, c,
            px[t * 4 + c], want[c]);
}

/* BC7 mode 6: one subset, 7-bit RGBA + per-endpoint P-bits, 4-bit indices */
static void
test_bc7_mode6(void)
{
   struct writer w = { { 0 }, 0 };
   uint8_t px[64];
   put(&w, 1u << 6, 7);                       /* mode 6 */
   put(&w, 10, 7); put(&w, 100, 7);           /* R0 R1 */
   put(&w, 20, 7); put(&w, 50, 7);            /* G */
   put(&w, 30, 7); put(&w, 0, 7);             /* B */
   put(&w, 127, 7); put(&w, 127, 7);          /* A */
   put(&w, 0, 1); put(&w, 1, 1);              /* P-bits: e0 0, e1 1 */
   put(&w, 0, 3);                             /* texel 0 (anchor): 3 bits */
   put(&w, 15, 4);                            /* texel 1 */
   put(&w, 8, 4);                             /* texel 2 */
   CHECK(w.pos == 65 + 3 + 8, "writer position");
   util_format_bc7_decode_block_u8(w.b, px);
   /* e0 = (20, 40, 60, 254), e1 = (201, 101, 1, 255) */
   check_u8("bc7 m6", px, 0, 20, 40, 60, 254);
   check_u8("bc7 m6", px, 1, 201, 101, 1, 255);
   /* weight 34: (30 e0 + 34 e1 + 32) >> 6 */
   check_u8("bc7 m6", px, 2, 116, 72, 29, 255);
   check_u8("bc7 m6", px, 3, 20, 40, 60, 254);  /* index 0 */
}

/* BC7 mode 1: two subsets (partition 13: texels 8-15 in subset 1, anchor
 * 15), 6-bit colour, shared P-bit per subset, 3-bit indices */
static void
test_bc7_mode1(void)
{
   struct writer w = { { 0 }, 0 };
   uint8_t px[64];
   put(&w, 2, 2);                             /* mode 1 */
   put(&w, 13, 6);                            /* partition */
   const unsigned r[4] = { 0, 63, 32, 32 }, g[4] = { 0, 63, 0, 0 }, b[4] = { 0, 63, 0, 0 };
   for (unsigned i = 0; i < 4; i++) put(&w, r[i], 6);
   for (unsigned i = 0; i < 4; i++) put(&w, g[i], 6);
   for (unsigned i = 0; i < 4; i++) put(&w, b[i], 6);
   put(&w, 1, 1); put(&w, 0, 1);              /* shared P-bits */
   for (unsigned t = 0; t < 16; t++) {
      unsigned idx = t == 0 ? 0 : t == 1 ? 7 : t == 2 ? 3 : t == 15 ? 3 : 5;
      put(&w, idx, (t == 0 || t == 15) ? 2 : 3);
   }
   CHECK(w.pos == 128, "mode 1 block is %u bits", w.pos);
   util_format_bc7_decode_block_u8(w.b, px);
   /* subset 0: 7-bit 1 and 127 -> 2 and 255; subset 1: 7-bit 64 -> 129 */
   check_u8("bc7 m1", px, 0, 2, 2, 2, 255);
   check_u8("bc7 m1", px, 1, 255, 255, 255, 255);
   check_u8("bc7 m1", px, 2, 109, 109, 109, 255);       /* weight 27 */
   /* weight 46: (18 * 2 + 46 * 255 + 32) >> 6 = 184 */
   check_u8("bc7 m1", px, 5, 184, 184, 184, 255);
   for (unsigned t = 8; t < 16; t++)
      check_u8("bc7 m1", px, t, 129, 0, 0, 255);
}

/* BC7 mode 5: rotation 1 (swap a and r), separate colour/alpha indices */
static void
test_bc7_mode5(void)
{
   struct writer w = { { 0 }, 0 };
   uint8_t px[64];
   put(&w, 1u << 5, 6);                       /* mode 5 */
   put(&w, 1, 2);                             /* rotation: swap(a, r) */
   put(&w, 0, 7); put(&w, 127, 7);            /* R */
   put(&w, 0, 7); put(&w, 0, 7);              /* G */
   put(&w, 0, 7); put(&w, 0, 7);              /* B */
   put(&w, 255, 8); put(&w, 0, 8);            /* A */
   for (unsigned t = 0; t < 16; t++)          /* colour indices: 3 */
      put(&w, t == 0 ? 1 : 3, t == 0 ? 1 : 2);
   for (unsigned t = 0; t < 16; t++)          /* alpha indices: 0 */
      put(&w, 0, t == 0 ? 1 : 2);
   CHECK(w.pos == 128, "mode 5 block is %u bits", w.pos);
   util_format_bc7_decode_block_u8(w.b, px);
   /* texel 0: colour index 1 (w 21): r = (43 * 0 + 21 * 255 + 32) >> 6 = 84;
    * alpha 255; rotation swaps -> (255, 0, 0, 84) */
   check_u8("bc7 m5", px, 0, 255, 0, 0, 84);
   check_u8("bc7 m5", px, 1, 255, 0, 0, 255);
}

static float
half(uint16_t h)
{
   return util_half_to_float(h);
}

/* BC6H mode 3: one subset, 10-bit endpoints, not transformed */
static void
test_bc6h_mode3(void)
{
   struct writer w = { { 0 }, 0 };
   uint16_t h[48];
   put(&w, 3, 5);
   put(&w, 0, 10); put(&w, 0, 10); put(&w, 0, 10);        /* e0 */
   put(&w, 1023, 10); put(&w, 1023, 10); put(&w, 512, 10); /* e1 */
   put(&w, 0, 3);                                          /* texel 0 */
   put(&w, 15, 4);                                         /* texel 1 */
   util_format_bc6h_decode_block_half(w.b, false, h);
   CHECK(h[0] == 0 && h[1] == 0 && h[2] == 0, "bc6h m3 texel 0");
   /* 1023 -> 0xffff -> * 31/64 = 0x7bff (65504); 512 -> 32800 -> 0x3e0f */
   CHECK(h[3] == 0x7bff && h[4] == 0x7bff && h[5] == 0x3e0f, "bc6h m3 texel 1: %04x %04x %04x",
         h[3], h[4], h[5]);
   CHECK(fabsf(half(h[5]) - 1.5146484375f) < 1e-6f, "bc6h m3 half value");

   /* signed: 0x200 = -512 and 511 saturate to -/+0x7fff, then 31/32 */
   memset(&w, 0, sizeof w);
   put(&w, 3, 5);
   put(&w, 0, 10); put(&w, 0, 10); put(&w, 0, 10);
   put(&w, 0x200, 10); put(&w, 511, 10); put(&w, 1, 10);
   put(&w, 0, 3);
   put(&w, 15, 4);
   util_format_bc6h_decode_block_half(w.b, true, h);
   /* 1 -> ((1 << 15) + 0x4000) >> 9 = 96 -> (96 * 31) >> 5 = 93 */
   CHECK(h[3] == 0xfbff && h[4] == 0x7bff && h[5] == 93, "bc6h m3 signed: %04x %04x %04x",
         h[3], h[4], h[5]);
}

/* BC6H mode 15: one subset, 16-bit base, 4-bit deltas (transformed);
 * the base's high bits are stored reversed */
static void
test_bc6h_mode15(void)
{
   struct writer w = { { 0 }, 0 };
   uint16_t h[48];
   /* base r0 = 0x1234 (low 10 bits, then bits 10..15 reversed), delta -1 */
   put(&w, 15, 5);
   put(&w, 0x1234 & 0x3ff, 10); put(&w, 0, 10); put(&w, 0, 10);
   put(&w, 0xf, 4);                              /* r1 delta = -1 */
   for (int bit = 15; bit >= 10; bit--)          /* r0[10:15] */
      put(&w, (0x1234 >> bit) & 1, 1);
   put(&w, 1, 4);                                /* g1 delta = +1 */
   for (int bit = 15; bit >= 10; bit--)
      put(&w, 0, 1);
   put(&w, 0, 4);
   for (int bit = 15; bit >= 10; bit--)
      put(&w, 0, 1);
   put(&w, 0, 3);                                /* texel 0 */
   put(&w, 15, 4);                               /* texel 1 */
   util_format_bc6h_decode_block_half(w.b, false, h);
   /* epb 16: no unquantization; * 31/64 */
   CHECK(h[0] == (0x1234 * 31) >> 6 && h[1] == 0 && h[2] == 0, "bc6h m15 texel 0: %04x", h[0]);
   CHECK(h[3] == (0x1233 * 31) >> 6 && h[4] == 31 >> 6 && h[5] == 0,
         "bc6h m15 texel 1: %04x %04x", h[3], h[4]);
}

/* BC6H mode 30: two subsets, 6-bit endpoints, not transformed; partition 13
 * puts texels 8-15 in subset 1 (anchor 15) */
static void
test_bc6h_mode30(void)
{
   struct writer w = { { 0 }, 0 };
   uint16_t h[48];
   put(&w, 30, 5);
   put(&w, 0, 30);                               /* e0, e1 and the scattered bits: 0 */
   put(&w, 0, 30);
   CHECK(w.pos == 65, "mode 30 header");
   put(&w, 0, 6);                                /* r2 */
   put(&w, 63, 6);                               /* r3 */
   put(&w, 13, 5);                               /* partition */
   for (unsigned t = 0; t < 16; t++) {
      unsigned idx = t == 8 ? 7 : t == 15 ? 3 : 0;
      put(&w, idx, (t == 0 || t == 15) ? 2 : 3);
   }
   CHECK(w.pos == 128, "mode 30 block is %u bits", w.pos);
   util_format_bc6h_decode_block_half(w.b, false, h);
   CHECK(h[0] == 0 && h[7 * 3] == 0, "bc6h m30 subset 0");
   /* 63 -> 0xffff; texel 8 weight 64 -> 0x7bff; texel 15 weight 27:
    * (27 * 65535 + 32) >> 6 = 27648 -> * 31 >> 6 = 0x3450 */
   CHECK(h[8 * 3] == 0x7bff && h[8 * 3 + 1] == 0, "bc6h m30 texel 8: %04x", h[8 * 3]);
   CHECK(h[15 * 3] == 0x3450, "bc6h m30 texel 15: %04x", h[15 * 3]);
   CHECK(h[9 * 3] == 0, "bc6h m30 texel 9: %04x", h[9 * 3]);
}

/* Reserved encodings and the float path through u_format */
static void
test_through_u_format(void)
{
   float px[64];
   const unsigned stride = 4 * 4 * sizeof(float);
   uint8_t zero[16] = { 0 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_BPTC_RGBA_UNORM, px, stride, zero, 16, 4, 4);
   CHECK(px[0] == 0 && px[3] == 0, "bc7 reserved mode: not transparent black");
   uint8_t r19[16] = { 19 };
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_BPTC_RGB_UFLOAT, px, stride, r19, 16, 4, 4);
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 1, "bc6h reserved mode 19");

   struct writer w = { { 0 }, 0 };
   put(&w, 1u << 6, 7);
   for (unsigned i = 0; i < 8; i++)
      put(&w, 127, 7);
   put(&w, 3, 2);
   util_format_unpack_rect_rgba_float(PIPE_FORMAT_BPTC_SRGBA, px, stride, w.b, 16, 4, 4);
   CHECK(fabsf(px[0] - 1.0f) < 1e-6f && fabsf(px[3] - 1.0f) < 1e-6f, "bptc srgb white");
   CHECK(util_format_description(PIPE_FORMAT_BPTC_SRGBA)->is_srgb, "bptc srgba is_srgb");
   CHECK(util_format_description(PIPE_FORMAT_BPTC_RGB_FLOAT)->block_bytes == 16,
         "bptc block size");
}

int
main(void)
{
   test_bc7_mode6();
   test_bc7_mode1();
   test_bc7_mode5();
   test_bc6h_mode3();
   test_bc6h_mode15();
   test_bc6h_mode30();
   test_through_u_format();
   return unit_check_finish("bptc");
}
