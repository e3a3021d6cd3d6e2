/*
 * The per-fragment functions, table-driven against GL's definitions:
 *  - comparisons: GL's encoding of the eight functions as a 3-bit truth
 *    table over (less, equal, greater);
 *  - stencil operations: hand-computed values at the 0 / 255 edges;
 *  - logic operations: GL's encoding of the sixteen ops as a 4-bit truth
 *    table over (source bit, destination bit), checked bit by bit;
 *  - blending: every equation with every source x destination factor, for
 *    RGB and alpha separately, against factor vectors built here from the
 *    GL 2.1 table 4.2 (and the dual-source factors).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "swpipe_fragops.h"

static int failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         failures++;                                                   \
         if (failures < 30) {                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);       \
            fprintf(stderr, __VA_ARGS__);                              \
            fprintf(stderr, "\n");                                     \
         }                                                             \
      }                                                                \
   } while (0)

static void
test_compare(void)
{
   static const double vals[] = { -1.0, 0.0, 0.25, 0.5, 1.0, 65535.0 };
   unsigned n = sizeof vals / sizeof vals[0];
   for (unsigned func = 0; func < 8; func++) {
      for (unsigned i = 0; i < n; i++) {
         for (unsigned j = 0; j < n; j++) {
            double a = vals[i], b = vals[j];
            unsigned rel = a < b ? 0 : a == b ? 1 : 2;
            bool want = func >> rel & 1;
            CHECK(swpipe_compare(func, a, b) == want, "compare func %u %g %g", func, a, b);
         }
      }
   }
   CHECK(!swpipe_compare(99, 0, 0), "bad func passes");
}

static void
test_stencil_ops(void)
{
   static const struct {
      unsigned op;
      uint8_t value, ref, want;
   } cases[] = {
      { PIPE_STENCIL_OP_KEEP, 0x5a, 0x33, 0x5a },
      { PIPE_STENCIL_OP_ZERO, 0x5a, 0x33, 0x00 },
      { PIPE_STENCIL_OP_REPLACE, 0x5a, 0x33, 0x33 },
      { PIPE_STENCIL_OP_INCR, 0x5a, 0, 0x5b },
      { PIPE_STENCIL_OP_INCR, 0xff, 0, 0xff },
      { PIPE_STENCIL_OP_DECR, 0x5a, 0, 0x59 },
      { PIPE_STENCIL_OP_DECR, 0x00, 0, 0x00 },
      { PIPE_STENCIL_OP_INCR_WRAP, 0xff, 0, 0x00 },
      { PIPE_STENCIL_OP_INCR_WRAP, 0x10, 0, 0x11 },
      { PIPE_STENCIL_OP_DECR_WRAP, 0x00, 0, 0xff },
      { PIPE_STENCIL_OP_DECR_WRAP, 0x10, 0, 0x0f },
      { PIPE_STENCIL_OP_INVERT, 0x5a, 0, 0xa5 },
      { PIPE_STENCIL_OP_INVERT, 0x00, 0, 0xff },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      uint8_t got = swpipe_stencil_op(cases[i].op, cases[i].value, cases[i].ref);
      CHECK(got == cases[i].want, "stencil op %u on 0x%02x: 0x%02x, want 0x%02x", cases[i].op,
            cases[i].value, got, cases[i].want);
   }
}

static uint32_t rng = 12345;

static uint32_t
rnd(void)
{
   rng = rng * 1664525u + 1013904223u;
   return rng;
}

static void
test_logicops(void)
{
   for (unsigned op = 0; op < 16; op++) {
      for (unsigned k = 0; k < 64; k++) {
         uint32_t s = rnd(), d = rnd(), got = swpipe_logicop(op, s, d);
         for (unsigned bit = 0; bit < 32; bit++) {
            unsigned sb = s >> bit & 1, db = d >> bit & 1;
            unsigned want = op >> (3 - (2 * sb + db)) & 1;
            CHECK((got >> bit & 1) == want, "logic op %u bit %u (s %u d %u)", op, bit, sb, db);
         }
      }
   }
}

/* Factor f as a vector (r, g, b, a) per GL 2.1 table 4.2. */
static void
factor_vec(unsigned f, const float s[4], const float s1[4], const float d[4], const float c[4],
           float out[4])
{
   float one[4] = { 1, 1, 1, 1 };
   const float *v = one;
   bool inv = false;
   float tmp[4];
   switch (f) {
   case PIPE_BLENDFACTOR_ONE: v = one; break;
   case PIPE_BLENDFACTOR_ZERO: v = one; inv = true; break;
   case PIPE_BLENDFACTOR_SRC_COLOR: v = s; break;
   case PIPE_BLENDFACTOR_INV_SRC_COLOR: v = s; inv = true; break;
   case PIPE_BLENDFACTOR_DST_COLOR: v = d; break;
   case PIPE_BLENDFACTOR_INV_DST_COLOR: v = d; inv = true; break;
   case PIPE_BLENDFACTOR_CONST_COLOR: v = c; break;
   case PIPE_BLENDFACTOR_INV_CONST_COLOR: v = c; inv = true; break;
   case PIPE_BLENDFACTOR_SRC1_COLOR: v = s1; break;
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR: v = s1; inv = true; break;
   case PIPE_BLENDFACTOR_SRC_ALPHA:
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:
   case PIPE_BLENDFACTOR_DST_ALPHA:
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
   case PIPE_BLENDFACTOR_CONST_ALPHA:
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:
   case PIPE_BLENDFACTOR_SRC1_ALPHA:
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA: {
      const float *src = (f <= PIPE_BLENDFACTOR_INV_SRC_ALPHA) ? s
                         : (f <= PIPE_BLENDFACTOR_INV_DST_ALPHA) ? d
                         : (f <= PIPE_BLENDFACTOR_INV_CONST_ALPHA) ? c : s1;
      for (unsigned i = 0; i < 4; i++)
         tmp[i] = src[3];
      v = tmp;
      inv = f == PIPE_BLENDFACTOR_INV_SRC_ALPHA || f == PIPE_BLENDFACTOR_INV_DST_ALPHA ||
            f == PIPE_BLENDFACTOR_INV_CONST_ALPHA || f == PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
      break;
   }
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE: {
      float m = fminf(s[3], 1.0f - d[3]);
      tmp[0] = tmp[1] = tmp[2] = m;
      tmp[3] = 1.0f;
      v = tmp;
      break;
   }
   }
   for (unsigned i = 0; i < 4; i++)
      out[i] = inv ? 1.0f - v[i] : v[i];
}

static void
test_blend(void)
{
   static const float vecs[3][4][4] = {
      /* src, src1, dst, const */
      { { 0.2f, 0.4f, 0.6f, 0.8f }, { 0.9f, 0.1f, 0.3f, 0.7f },
        { 0.5f, 0.25f, 0.75f, 0.1f }, { 0.3f, 0.6f, 0.9f, 0.45f } },
      { { 1, 0, 0.5f, 0 }, { 0, 1, 0.25f, 1 }, { 0, 1, 1, 1 }, { 1, 1, 1, 0 } },
      { { 2.5f, -1.0f, 0.0f, 3.0f }, { -2, 4, 0.5f, 0.5f }, { 10, -3, 0.25f, 0.5f },
        { 0.5f, 0.5f, 0.5f, 0.5f } },
   };
   for (unsigned k = 0; k < 3; k++) {
      const float *s = vecs[k][0], *s1 = vecs[k][1], *d = vecs[k][2], *c = vecs[k][3];
      for (unsigned eq = 0; eq <= PIPE_BLEND_MAX; eq++) {
         for (unsigned fs = 0; fs <= PIPE_BLENDFACTOR_INV_SRC1_ALPHA; fs++) {
            for (unsigned fd = 0; fd <= PIPE_BLENDFACTOR_INV_SRC1_ALPHA; fd++) {
               /* RGB with (fs, fd), alpha with (fd, fs) and equation
                * shifted by one: separate state must stay separate */
               struct pipe_rt_blend_state rt;
               memset(&rt, 0, sizeof rt);
               rt.blend_enable = 1;
               rt.rgb_func = eq;
               rt.rgb_src_factor = fs;
               rt.rgb_dst_factor = fd;
               rt.alpha_func = (eq + 1) % (PIPE_BLEND_MAX + 1);
               rt.alpha_src_factor = fd;
               rt.alpha_dst_factor = fs;
               float got[4], a[4], b[4], a2[4], b2[4];
               swpipe_blend(&rt, s, s1, d, c, got);
               factor_vec(fs, s, s1, d, c, a);
               factor_vec(fd, s, s1, d, c, b);
               factor_vec(fd, s, s1, d, c, a2);
               factor_vec(fs, s, s1, d, c, b2);
               for (unsigned ch = 0; ch < 4; ch++) {
                  unsigned e = ch < 3 ? eq : rt.alpha_func;
                  float sf = ch < 3 ? a[ch] : a2[3], df = ch < 3 ? b[ch] : b2[3];
                  double want;
                  switch (e) {
                  case PIPE_BLEND_ADD: want = (double)s[ch] * sf + (double)d[ch] * df; break;
                  case PIPE_BLEND_SUBTRACT: want = (double)s[ch] * sf - (double)d[ch] * df; break;
                  case PIPE_BLEND_REVERSE_SUBTRACT:
                     want = (double)d[ch] * df - (double)s[ch] * sf;
                     break;
                  case PIPE_BLEND_MIN: want = fmin(s[ch], d[ch]); break;
                  default: want = fmax(s[ch], d[ch]); break;
                  }
                  CHECK(fabs(got[ch] - want) <= 1e-5 * (1 + fabs(want)),
                        "set %u eq %u factors %u/%u channel %u: %g, want %g", k, e, fs, fd, ch,
                        got[ch], want);
               }
            }
         }
      }
   }

   struct pipe_rt_blend_state rt;
   memset(&rt, 0, sizeof rt);
   rt.blend_enable = 1;
   rt.rgb_src_factor = PIPE_BLENDFACTOR_SRC1_ALPHA;
   CHECK(swpipe_blend_uses_src1(&rt), "src1 factor not seen");
   rt.rgb_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA;
   rt.alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC1_COLOR;
   CHECK(swpipe_blend_uses_src1(&rt), "src1 alpha factor not seen");
   rt.alpha_dst_factor = PIPE_BLENDFACTOR_ZERO;
   CHECK(!swpipe_blend_uses_src1(&rt), "src1 seen without src1 factors");
}

int
main(void)
{
   test_compare();
   test_stencil_ops();
   test_logicops();
   test_blend();
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("fragops: all passed\n");
   return 0;
}
