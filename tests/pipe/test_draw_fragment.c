/*
 * Per-fragment operations checked against formulas: every blend factor
 * pair with every equation on RGBA8 and RGBA32F, depth test functions on
 * Z16/Z24S8/Z32F, stencil functions and operations with separate front and
 * back state, alpha test, colour masks per target, 8 render targets of
 * different formats, sRGB writes, logic ops and occlusion queries.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "util/u_inlines.h"

static const float full_quad[6][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 1, 1, 0, 1 },
                                       { -1, -1, 0, 1 }, { 1, 1, 0, 1 }, { -1, 1, 0, 1 } };

/* Full-window quad with a constant colour from constant buffer 0. */
static void
draw_const_quad(struct scene *s, const float color[4])
{
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, color, 16);
   scene_verts(s, &full_quad[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
}

static const char *const blend_factor_names[] = {
   "ONE", "ZERO", "SRC_COLOR", "INV_SRC_COLOR", "SRC_ALPHA", "INV_SRC_ALPHA", "DST_COLOR",
   "INV_DST_COLOR", "DST_ALPHA", "INV_DST_ALPHA", "CONST_COLOR", "INV_CONST_COLOR",
   "CONST_ALPHA", "INV_CONST_ALPHA", "SRC_ALPHA_SATURATE",
};
static const char *const blend_func_names[] = { "ADD", "SUBTRACT", "REVERSE_SUBTRACT", "MIN",
                                                 "MAX" };
static const char *const func_names[] = { "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
                                          "NOTEQUAL", "GEQUAL", "ALWAYS" };

static bool
compare(unsigned func, double a, double b)
{
   switch (func) {
   case PIPE_FUNC_NEVER: return false;
   case PIPE_FUNC_LESS: return a < b;
   case PIPE_FUNC_EQUAL: return a == b;
   case PIPE_FUNC_LEQUAL: return a <= b;
   case PIPE_FUNC_GREATER: return a > b;
   case PIPE_FUNC_NOTEQUAL: return a != b;
   case PIPE_FUNC_GEQUAL: return a >= b;
   default: return true;
   }
}

/* --- blending --------------------------------------------------------------------- */

static double
blend_factor(unsigned f, const double *src, const double *dst, const double *cst, unsigned ch)
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE: return 1;
   case PIPE_BLENDFACTOR_ZERO: return 0;
   case PIPE_BLENDFACTOR_SRC_COLOR: return src[ch];
   case PIPE_BLENDFACTOR_INV_SRC_COLOR: return 1 - src[ch];
   case PIPE_BLENDFACTOR_SRC_ALPHA: return src[3];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA: return 1 - src[3];
   case PIPE_BLENDFACTOR_DST_COLOR: return dst[ch];
   case PIPE_BLENDFACTOR_INV_DST_COLOR: return 1 - dst[ch];
   case PIPE_BLENDFACTOR_DST_ALPHA: return dst[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA: return 1 - dst[3];
   case PIPE_BLENDFACTOR_CONST_COLOR: return cst[ch];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR: return 1 - cst[ch];
   case PIPE_BLENDFACTOR_CONST_ALPHA: return cst[3];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA: return 1 - cst[3];
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      return ch == 3 ? 1 : fmin(src[3], 1 - dst[3]);
   default: return NAN;
   }
}

static double
blend_eq(unsigned func, double s, double fs, double d, double fd)
{
   switch (func) {
   case PIPE_BLEND_ADD: return s * fs + d * fd;
   case PIPE_BLEND_SUBTRACT: return s * fs - d * fd;
   case PIPE_BLEND_REVERSE_SUBTRACT: return d * fd - s * fs;
   case PIPE_BLEND_MIN: return fmin(s, d);
   default: return fmax(s, d);
   }
}

#define BW 4
#define BH 2

/* destination colours, exact in 8 bits (k / 255) */
static const uint8_t dst_bytes[BW * BH][4] = {
   { 0, 0, 0, 0 }, { 255, 255, 255, 255 }, { 51, 102, 153, 204 }, { 200, 10, 128, 64 },
   { 17, 238, 85, 255 }, { 128, 128, 128, 0 }, { 250, 5, 60, 140 }, { 90, 180, 30, 230 },
};

static void
write_dst(struct scene *s, bool is_float)
{
   if (is_float) {
      float f[BW * BH][4];
      for (unsigned p = 0; p < BW * BH; p++)
         for (unsigned c = 0; c < 4; c++)
            f[p][c] = dst_bytes[p][c] / 255.0f;
      scene_write_raw(s, s->cbuf[0], 0, 0, f);
   } else {
      scene_write_raw(s, s->cbuf[0], 0, 0, dst_bytes);
   }
}

/* One blend configuration: draw src over the 8 destinations, compare. */
static void
blend_one(struct scene *s, bool is_float, const struct pipe_rt_blend_state *rt,
          const float srcf[4], const float cstf[4], const char *what)
{
   struct pipe_blend_state b;
   scene_blend_defaults(&b);
   b.rt[0] = *rt;
   b.rt[0].blend_enable = 1;
   b.rt[0].colormask = PIPE_MASK_RGBA;
   scene_blend(s, &b);
   struct pipe_blend_color bc;
   memcpy(bc.color, cstf, 16);
   s->ctx->set_blend_color(s->ctx, &bc);
   write_dst(s, is_float);
   draw_const_quad(s, srcf);
   float *got = scene_read_rgba(s, 0);
   double src[4], cst[4];
   for (unsigned c = 0; c < 4; c++) {
      src[c] = srcf[c];
      cst[c] = cstf[c];
   }
   for (unsigned p = 0; p < BW * BH; p++) {
      double dst[4];
      for (unsigned c = 0; c < 4; c++)
         dst[c] = dst_bytes[p][c] / 255.0;
      for (unsigned c = 0; c < 4; c++) {
         bool alpha = c == 3;
         unsigned func = alpha ? rt->alpha_func : rt->rgb_func;
         unsigned sf = alpha ? rt->alpha_src_factor : rt->rgb_src_factor;
         unsigned df = alpha ? rt->alpha_dst_factor : rt->rgb_dst_factor;
         double e = blend_eq(func, src[c], blend_factor(sf, src, dst, cst, c), dst[c],
                             blend_factor(df, src, dst, cst, c));
         double g = got[p * 4 + c];
         bool ok;
         if (is_float) {
            ok = fabs(g - e) <= 1e-5 * (1 + fabs(e));
         } else {
            double ce = e < 0 ? 0 : e > 1 ? 1 : e;
            ok = fabs(g - ce) <= 1.0 / 255 + 1e-6;
            e = ce;
         }
         if (!ok) {
            scene_fail(s, "%s: pixel %u channel %u = %.6f, expected %.6f (src %.4f dst %.4f)",
                       what, p, c, g, e, src[c], dst[c]);
            free(got);
            return;
         }
      }
   }
   free(got);
}

static void
test_blend(struct scene *s)
{
   static const float srcs[2][4] = { { 0.8f, 0.3f, 0.6f, 0.7f }, { 0.2f, 0.9f, 0.4f, 0.25f } };
   static const float cst[4] = { 0.4f, 0.7f, 0.1f, 0.6f };
   for (unsigned fmt = 0; fmt < 2; fmt++) {
      bool is_float = fmt == 1;
      scene_fb1(s, BW, BH, is_float ? PIPE_FORMAT_R32G32B32A32_FLOAT : PIPE_FORMAT_R8G8B8A8_UNORM,
                PIPE_FORMAT_NONE);
      scene_rast(s, NULL);
      scene_dsa(s, NULL);
      scene_shaders(s, scene_vs_pos, scene_fs_cbuf);
      const char *fname = is_float ? "RGBA32F" : "RGBA8";
      for (unsigned func = 0; func < 5; func++) {
         scene_case(s, "blend %s %s: every source x destination factor", fname,
                    blend_func_names[func]);
         bool minmax = func >= PIPE_BLEND_MIN;
         for (unsigned sf = 0; sf <= PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE; sf++) {
            for (unsigned df = 0; df < PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE; df++) {
               if (minmax && (sf + df) % 7)   /* factors are ignored: a sample */
                  continue;
               for (unsigned k = 0; k < 2 && scene_case_ok(s); k++) {
                  struct pipe_rt_blend_state rt;
                  memset(&rt, 0, sizeof rt);
                  rt.rgb_func = rt.alpha_func = func;
                  rt.rgb_src_factor = rt.alpha_src_factor = sf;
                  rt.rgb_dst_factor = rt.alpha_dst_factor = df;
                  char what[96];
                  snprintf(what, sizeof what, "src %s dst %s colour %u", blend_factor_names[sf],
                           blend_factor_names[df], k);
                  blend_one(s, is_float, &rt, srcs[k], cst, what);
               }
            }
         }
      }
      scene_case(s, "blend %s separate RGB/alpha equations and factors", fname);
      uint32_t seed = 2024 + fmt;
      for (unsigned i = 0; i < 200 && scene_case_ok(s); i++) {
         struct pipe_rt_blend_state rt;
         memset(&rt, 0, sizeof rt);
         rt.rgb_func = scene_rand(&seed) % 5;
         rt.alpha_func = scene_rand(&seed) % 5;
         rt.rgb_src_factor = scene_rand(&seed) % 15;
         rt.alpha_src_factor = scene_rand(&seed) % 15;
         rt.rgb_dst_factor = scene_rand(&seed) % 14;
         rt.alpha_dst_factor = scene_rand(&seed) % 14;
         char what[160];
         snprintf(what, sizeof what, "rgb %s(%s, %s) alpha %s(%s, %s)",
                  blend_func_names[rt.rgb_func], blend_factor_names[rt.rgb_src_factor],
                  blend_factor_names[rt.rgb_dst_factor], blend_func_names[rt.alpha_func],
                  blend_factor_names[rt.alpha_src_factor], blend_factor_names[rt.alpha_dst_factor]);
         blend_one(s, is_float, &rt, srcs[i & 1], cst, what);
      }
   }

   scene_case(s, "blend RGBA32F: values outside [0, 1] are not clamped");
   {
      scene_fb1(s, BW, BH, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
      struct pipe_rt_blend_state rt;
      memset(&rt, 0, sizeof rt);
      rt.rgb_func = rt.alpha_func = PIPE_BLEND_ADD;
      rt.rgb_src_factor = rt.alpha_src_factor = PIPE_BLENDFACTOR_CONST_COLOR;
      rt.rgb_dst_factor = rt.alpha_dst_factor = PIPE_BLENDFACTOR_ONE;
      static const float big[4] = { 2.5f, -1.5f, 4.0f, 3.0f };
      static const float c2[4] = { 2.0f, 1.0f, 0.5f, 1.0f };
      blend_one(s, true, &rt, big, c2, "unclamped");
   }

   scene_case(s, "blending disabled writes the source unchanged (RGBA32F, out of range)");
   {
      scene_blend(s, NULL);
      static const float big[4] = { 2.5f, -1.5f, 4.0f, 1e6f };
      draw_const_quad(s, big);
      float *got = scene_read_rgba(s, 0);
      for (unsigned p = 0; p < BW * BH; p++)
         for (unsigned c = 0; c < 4; c++)
            SCHECK(s, got[p * 4 + c] == big[c], "pixel %u channel %u = %g, expected %g", p, c,
                   got[p * 4 + c], big[c]);
      free(got);
   }
}

/* --- sRGB ------------------------------------------------------------------------------ */

static double
lin_to_srgb(double v)
{
   if (v <= 0)
      return 0;
   if (v >= 1)
      return 1;
   return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

static double
srgb_to_lin(double v)
{
   return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static void
test_srgb(struct scene *s)
{
   static const float cols[3][4] = { { 0.5f, 0.25f, 0.002f, 0.5f }, { 0.9f, 0.05f, 0.7f, 0.2f },
                                     { 1.0f, 0.0f, 0.18f, 1.0f } };
   scene_fb1(s, BW, BH, PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_dsa(s, NULL);
   scene_shaders(s, scene_vs_pos, scene_fs_cbuf);
   for (unsigned k = 0; k < 3; k++) {
      scene_case(s, "sRGB write: linear (%g, %g, %g, %g) encoded, alpha linear", cols[k][0],
                 cols[k][1], cols[k][2], cols[k][3]);
      scene_blend(s, NULL);
      draw_const_quad(s, cols[k]);
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      for (unsigned c = 0; c < 4; c++) {
         double e = c == 3 ? cols[k][3] * 255 : lin_to_srgb(cols[k][c]) * 255;
         SCHECK(s, fabs(px[c] - e) <= 1.0, "channel %u byte %u, expected %.2f", c, px[c], e);
      }
      free(px);
   }

   scene_case(s, "sRGB blend: destination decoded, blended linearly, re-encoded");
   {
      struct pipe_blend_state b;
      scene_blend_defaults(&b);
      b.rt[0].blend_enable = 1;
      b.rt[0].rgb_func = b.rt[0].alpha_func = PIPE_BLEND_ADD;
      b.rt[0].rgb_src_factor = b.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA;
      b.rt[0].rgb_dst_factor = b.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA;
      scene_blend(s, &b);
      write_dst(s, false);
      static const float src[4] = { 0.6f, 0.1f, 0.35f, 0.5f };
      draw_const_quad(s, src);
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      for (unsigned p = 0; p < BW * BH; p++) {
         for (unsigned c = 0; c < 4; c++) {
            double d = dst_bytes[p][c] / 255.0;
            double e;
            if (c == 3)
               e = (src[3] * src[3] + d * (1 - src[3])) * 255;
            else
               e = lin_to_srgb(src[c] * src[3] + srgb_to_lin(d) * (1 - src[3])) * 255;
            SCHECK(s, fabs(px[p * 4 + c] - e) <= 1.0, "pixel %u channel %u byte %u, expected %.2f",
                   p, c, px[p * 4 + c], e);
         }
      }
      free(px);
   }
   scene_blend(s, NULL);
}

/* --- logic ops ---------------------------------------------------------------------------- */

static uint8_t
logic(unsigned op, uint8_t s, uint8_t d)
{
   switch (op) {
   case PIPE_LOGICOP_CLEAR: return 0;
   case PIPE_LOGICOP_AND: return s & d;
   case PIPE_LOGICOP_AND_REVERSE: return s & (uint8_t)~d;
   case PIPE_LOGICOP_COPY: return s;
   case PIPE_LOGICOP_AND_INVERTED: return (uint8_t)~s & d;
   case PIPE_LOGICOP_NOOP: return d;
   case PIPE_LOGICOP_XOR: return s ^ d;
   case PIPE_LOGICOP_OR: return s | d;
   case PIPE_LOGICOP_NOR: return (uint8_t)~(s | d);
   case PIPE_LOGICOP_EQUIV: return (uint8_t)~(s ^ d);
   case PIPE_LOGICOP_INVERT: return (uint8_t)~d;
   case PIPE_LOGICOP_OR_REVERSE: return s | (uint8_t)~d;
   case PIPE_LOGICOP_COPY_INVERTED: return (uint8_t)~s;
   case PIPE_LOGICOP_OR_INVERTED: return (uint8_t)~s | d;
   case PIPE_LOGICOP_NAND: return (uint8_t)~(s & d);
   default: return 0xff;
   }
}

static void
test_logic_ops(struct scene *s)
{
   static const char *const names[16] = {
      "CLEAR", "AND", "AND_REVERSE", "COPY", "AND_INVERTED", "NOOP", "XOR", "OR", "NOR",
      "EQUIV", "INVERT", "OR_REVERSE", "COPY_INVERTED", "OR_INVERTED", "NAND", "SET" };
   static const uint8_t sb[4] = { 0x0f, 0x33, 0xa5, 0xff };
   float src[4];
   for (unsigned c = 0; c < 4; c++)
      src[c] = sb[c] / 255.0f;
   scene_fb1(s, BW, BH, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_dsa(s, NULL);
   scene_shaders(s, scene_vs_pos, scene_fs_cbuf);
   for (unsigned op = 0; op < 16; op++) {
      scene_case(s, "logic op %s on RGBA8", names[op]);
      if (!s->screen->caps.logic_op) {
         scene_skip_case(s, "caps.logic_op is false");
         continue;
      }
      struct pipe_blend_state b;
      scene_blend_defaults(&b);
      b.logicop_enable = 1;
      b.logicop_func = op;
      b.rt[0].blend_enable = 1;   /* logic op wins over blending */
      b.rt[0].rgb_src_factor = b.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_ZERO;
      b.rt[0].rgb_dst_factor = b.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_ZERO;
      scene_blend(s, &b);
      write_dst(s, false);
      draw_const_quad(s, src);
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      for (unsigned p = 0; p < BW * BH; p++) {
         for (unsigned c = 0; c < 4; c++) {
            uint8_t e = logic(op, sb[c], dst_bytes[p][c]);
            SCHECK(s, px[p * 4 + c] == e, "pixel %u channel %u: src %02x dst %02x -> %02x, expected %02x",
                   p, c, sb[c], dst_bytes[p][c], px[p * 4 + c], e);
         }
      }
      free(px);
   }
   scene_blend(s, NULL);
}

/* --- depth ------------------------------------------------------------------------------- */

#define DW 32
#define DH 4

static void
test_depth(struct scene *s)
{
   static const struct {
      enum pipe_format f;
      const char *name;
      double tol;
   } formats[] = {
      { PIPE_FORMAT_Z16_UNORM, "Z16", 1.0 / 65535 },
      { PIPE_FORMAT_Z24_UNORM_S8_UINT, "Z24S8", 1.0 / 16777215 },
      { PIPE_FORMAT_Z32_FLOAT, "Z32F", 1e-6 },
   };
   /* rows 0-1: z = x / 32 across the window; rows 2-3: z = 0.25 exactly */
   static const float quad[12][2] = { { 0, 0 }, { 32, 0 }, { 32, 2 }, { 0, 0 }, { 32, 2 }, { 0, 2 },
                                      { 0, 2 }, { 32, 2 }, { 32, 4 }, { 0, 2 }, { 32, 4 }, { 0, 4 } };
   const double clear_z = 0.25;
   for (unsigned f = 0; f < 3; f++) {
      enum pipe_format cf = PIPE_FORMAT_R8G8B8A8_UNORM;
      scene_fb(s, DW, DH, 1, &cf, formats[f].f);
      scene_rast(s, NULL);
      scene_blend(s, NULL);
      scene_shaders(s, scene_vs_pos, scene_fs_one);
      float buf[12][4];
      for (unsigned i = 0; i < 12; i++)
         scene_clip(s, quad[i][0], quad[i][1], i < 6 ? quad[i][0] / 32.0f : (float)clear_z, 1.0f,
                    buf[i]);
      for (unsigned mode = 0; mode < 10; mode++) {
         /* modes 0-7: functions with writes; 8: LESS without writes; 9: test disabled */
         unsigned func = mode < 8 ? mode : PIPE_FUNC_LESS;
         bool write = mode != 8;
         bool enabled = mode != 9;
         if (mode < 8)
            scene_case(s, "depth %s on %s", func_names[func], formats[f].name);
         else if (mode == 8)
            scene_case(s, "depth LESS with writes masked on %s", formats[f].name);
         else
            scene_case(s, "depth test disabled: colour written, depth untouched on %s",
                       formats[f].name);
         struct pipe_depth_stencil_alpha_state dsa;
         memset(&dsa, 0, sizeof dsa);
         dsa.depth_enabled = enabled;
         dsa.depth_writemask = write;
         dsa.depth_func = func;
         scene_dsa(s, &dsa);
         scene_clear_color(s, 0, 0, 0, 0);
         scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, clear_z, 0);
         scene_verts(s, &buf[0][0], 12, 1);
         scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 12);
         uint8_t *px = scene_read_raw(s, s->cbuf[0]);
         float *z = scene_read_depth(s);
         unsigned bad = 0;
         for (unsigned y = 0; y < DH; y++) {
            for (unsigned x = 0; x < DW; x++) {
               double zf = y < 2 ? (x + 0.5) / 32.0 : clear_z;
               bool pass = !enabled || compare(func, zf, clear_z);
               bool drawn = px[(y * DW + x) * 4] == 255;
               double ez = pass && write && enabled ? zf : clear_z;
               double gz = z[y * DW + x];
               if ((drawn != pass || fabs(gz - ez) > 1.5 * formats[f].tol + 1e-7) && bad++ < 4)
                  scene_fail(s, "pixel (%u, %u) fragment z %.6f vs buffer %.6f: %s, depth %.7f; "
                             "expected %s, depth %.7f", x, y, zf, clear_z,
                             drawn ? "drawn" : "not drawn", gz, pass ? "drawn" : "not drawn", ez);
            }
         }
         free(px);
         free(z);
      }
   }
   scene_dsa(s, NULL);
}

/* --- stencil --------------------------------------------------------------------------------- */

#define SW 16
#define SH 2

static const uint8_t stencil_init[SW] = { 0x00, 0x01, 0x0f, 0x10, 0x59, 0x5a, 0x5b, 0x7f,
                                          0x80, 0xa5, 0xc3, 0xf0, 0xfe, 0xff, 0x3c, 0x55 };

static void
write_stencil(struct scene *s)
{
   uint32_t px[SW * SH];
   for (unsigned y = 0; y < SH; y++)
      for (unsigned x = 0; x < SW; x++)
         px[y * SW + x] = (uint32_t)stencil_init[x] << 24 | 0xffffff;   /* Z24S8, depth 1 */
   scene_write_raw(s, s->zs, 0, 0, px);
}

static uint8_t
stencil_op(unsigned op, uint8_t v, uint8_t ref)
{
   switch (op) {
   case PIPE_STENCIL_OP_KEEP: return v;
   case PIPE_STENCIL_OP_ZERO: return 0;
   case PIPE_STENCIL_OP_REPLACE: return ref;
   case PIPE_STENCIL_OP_INCR: return v == 255 ? 255 : v + 1;
   case PIPE_STENCIL_OP_DECR: return v == 0 ? 0 : v - 1;
   case PIPE_STENCIL_OP_INCR_WRAP: return (uint8_t)(v + 1);
   case PIPE_STENCIL_OP_DECR_WRAP: return (uint8_t)(v - 1);
   default: return (uint8_t)~v;
   }
}

static const char *const sop_names[] = { "KEEP", "ZERO", "REPLACE", "INCR", "DECR",
                                         "INCR_WRAP", "DECR_WRAP", "INVERT" };

/* Draw the full quad (counter-clockwise: front) or one CCW and one CW half. */
static void
stencil_draw(struct scene *s, bool halves)
{
   if (!halves) {
      scene_verts(s, &full_quad[0][0], 6, 1);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      return;
   }
   /* left half x < 8 front-facing, right half back-facing */
   static const float q[12][4] = { { -1, -1, 0, 1 }, { 0, -1, 0, 1 }, { 0, 1, 0, 1 },
                                   { -1, -1, 0, 1 }, { 0, 1, 0, 1 }, { -1, 1, 0, 1 },
                                   { 0, -1, 0, 1 }, { 1, 1, 0, 1 }, { 1, -1, 0, 1 },
                                   { 0, -1, 0, 1 }, { 0, 1, 0, 1 }, { 1, 1, 0, 1 } };
   scene_verts(s, &q[0][0], 12, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 12);
}

struct stencil_face {
   unsigned func, sfail, zfail, zpass, valuemask, writemask;
   uint8_t ref;
};

static void
stencil_case(struct scene *s, const struct stencil_face *front, const struct stencil_face *back,
             unsigned depth_func)
{
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   dsa.depth_enabled = 1;
   dsa.depth_writemask = 0;
   dsa.depth_func = depth_func;
   const struct stencil_face *faces[2] = { front, back };
   for (unsigned i = 0; i < 2; i++) {
      if (!faces[i])
         continue;
      dsa.stencil[i].enabled = 1;
      dsa.stencil[i].func = faces[i]->func;
      dsa.stencil[i].fail_op = faces[i]->sfail;
      dsa.stencil[i].zfail_op = faces[i]->zfail;
      dsa.stencil[i].zpass_op = faces[i]->zpass;
      dsa.stencil[i].valuemask = faces[i]->valuemask;
      dsa.stencil[i].writemask = faces[i]->writemask;
   }
   scene_dsa(s, &dsa);
   struct pipe_stencil_ref ref = { { front->ref, back ? back->ref : front->ref } };
   s->ctx->set_stencil_ref(s->ctx, ref);
   scene_clear_color(s, 0, 0, 0, 0);
   write_stencil(s);
   stencil_draw(s, back != NULL);
   uint8_t *st = scene_read_stencil(s);
   uint8_t *px = scene_read_raw(s, s->cbuf[0]);
   unsigned bad = 0;
   for (unsigned y = 0; y < SH; y++) {
      for (unsigned x = 0; x < SW; x++) {
         /* with back state given, pixels x >= 8 are back-facing */
         const struct stencil_face *f = back && x >= SW / 2 ? back : front;
         uint8_t v = stencil_init[x];
         bool spass = compare(f->func, f->ref & f->valuemask, v & f->valuemask);
         /* depth buffer holds 1.0, fragments are at 0.5 */
         bool zpass = compare(depth_func, 0.5, 1.0);
         unsigned op = !spass ? f->sfail : !zpass ? f->zfail : f->zpass;
         uint8_t e = (uint8_t)((stencil_op(op, v, f->ref) & f->writemask) | (v & ~f->writemask));
         bool edrawn = spass && zpass;
         uint8_t g = st[y * SW + x];
         bool drawn = px[(y * SW + x) * 4] == 255;
         if ((g != e || drawn != edrawn) && bad++ < 4)
            scene_fail(s, "pixel (%u, %u) %s face, stencil %02x ref %02x: got %02x %s, expected %02x %s",
                       x, y, f == back ? "back" : "front", v, f->ref, g,
                       drawn ? "drawn" : "not drawn", e, edrawn ? "drawn" : "not drawn");
      }
   }
   free(st);
   free(px);
}

static void
test_stencil(struct scene *s)
{
   enum pipe_format cf = PIPE_FORMAT_R8G8B8A8_UNORM;
   scene_fb(s, SW, SH, 1, &cf, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_shaders(s, scene_vs_pos, scene_fs_one);
   for (unsigned func = 0; func < 8; func++) {
      scene_case(s, "stencil func %s, ref 0x5a, masks 0xff", func_names[func]);
      struct stencil_face f = { func, PIPE_STENCIL_OP_ZERO, PIPE_STENCIL_OP_KEEP,
                                PIPE_STENCIL_OP_INVERT, 0xff, 0xff, 0x5a };
      stencil_case(s, &f, NULL, PIPE_FUNC_ALWAYS);
   }
   for (unsigned func = 1; func < 7; func += 2) {
      scene_case(s, "stencil func %s with valuemask 0x3c", func_names[func]);
      struct stencil_face f = { func, PIPE_STENCIL_OP_INCR_WRAP, PIPE_STENCIL_OP_KEEP,
                                PIPE_STENCIL_OP_DECR_WRAP, 0x3c, 0xff, 0x5a };
      stencil_case(s, &f, NULL, PIPE_FUNC_ALWAYS);
   }
   static const char *const where[3] = { "stencil-fail", "depth-fail", "depth-pass" };
   for (unsigned op = 0; op < 8; op++) {
      for (unsigned w = 0; w < 3; w++) {
         scene_case(s, "stencil op %s on %s", sop_names[op], where[w]);
         struct stencil_face f = { w == 0 ? PIPE_FUNC_NEVER : PIPE_FUNC_ALWAYS,
                                   w == 0 ? op : PIPE_STENCIL_OP_INVERT,
                                   w == 1 ? op : PIPE_STENCIL_OP_INVERT,
                                   w == 2 ? op : PIPE_STENCIL_OP_INVERT, 0xff, 0xff, 0xa7 };
         stencil_case(s, &f, NULL, w == 1 ? PIPE_FUNC_NEVER : PIPE_FUNC_ALWAYS);
      }
   }
   scene_case(s, "stencil writemask 0x3c with INVERT and REPLACE");
   {
      struct stencil_face f = { PIPE_FUNC_LESS, PIPE_STENCIL_OP_INVERT, PIPE_STENCIL_OP_KEEP,
                                PIPE_STENCIL_OP_REPLACE, 0xff, 0x3c, 0x5a };
      stencil_case(s, &f, NULL, PIPE_FUNC_ALWAYS);
   }
   scene_case(s, "two-sided stencil: different refs and ops per face");
   if (!s->screen->caps.two_sided_stencil) {
      scene_skip_case(s, "caps.two_sided_stencil is false");
   } else {
      struct stencil_face fr = { PIPE_FUNC_ALWAYS, PIPE_STENCIL_OP_KEEP, PIPE_STENCIL_OP_KEEP,
                                 PIPE_STENCIL_OP_REPLACE, 0xff, 0xff, 0x11 };
      struct stencil_face bk = { PIPE_FUNC_ALWAYS, PIPE_STENCIL_OP_KEEP, PIPE_STENCIL_OP_KEEP,
                                 PIPE_STENCIL_OP_REPLACE, 0xff, 0xff, 0x22 };
      stencil_case(s, &fr, &bk, PIPE_FUNC_ALWAYS);
   }
   scene_case(s, "two-sided stencil: front NEVER/ZERO, back GEQUAL/INCR with masks");
   if (!s->screen->caps.two_sided_stencil) {
      scene_skip_case(s, "caps.two_sided_stencil is false");
   } else {
      struct stencil_face fr = { PIPE_FUNC_NEVER, PIPE_STENCIL_OP_ZERO, PIPE_STENCIL_OP_KEEP,
                                 PIPE_STENCIL_OP_KEEP, 0xff, 0xff, 0x11 };
      struct stencil_face bk = { PIPE_FUNC_GEQUAL, PIPE_STENCIL_OP_DECR, PIPE_STENCIL_OP_KEEP,
                                 PIPE_STENCIL_OP_INCR, 0xf0, 0x0f, 0x80 };
      stencil_case(s, &fr, &bk, PIPE_FUNC_ALWAYS);
   }
   scene_case(s, "one-sided stencil state serves back faces too");
   {
      struct stencil_face fr = { PIPE_FUNC_EQUAL, PIPE_STENCIL_OP_INCR, PIPE_STENCIL_OP_KEEP,
                                 PIPE_STENCIL_OP_ZERO, 0xff, 0xff, 0x5a };
      /* draw the two halves with only stencil[0]: expectations use front everywhere */
      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.depth_enabled = 0;
      dsa.stencil[0].enabled = 1;
      dsa.stencil[0].func = fr.func;
      dsa.stencil[0].fail_op = fr.sfail;
      dsa.stencil[0].zfail_op = fr.zfail;
      dsa.stencil[0].zpass_op = fr.zpass;
      dsa.stencil[0].valuemask = 0xff;
      dsa.stencil[0].writemask = 0xff;
      scene_dsa(s, &dsa);
      s->ctx->set_stencil_ref(s->ctx, (struct pipe_stencil_ref){ { 0x5a, 0x33 } });
      scene_clear_color(s, 0, 0, 0, 0);
      write_stencil(s);
      stencil_draw(s, true);
      uint8_t *st = scene_read_stencil(s);
      for (unsigned x = 0; x < SW; x++) {
         uint8_t v = stencil_init[x];
         uint8_t e = v == 0x5a ? 0 : (uint8_t)(v == 255 ? 255 : v + 1);
         SCHECK(s, st[x] == e, "pixel (%u, 0) %s face: stencil %02x -> %02x, expected %02x", x,
                x >= SW / 2 ? "back" : "front", v, st[x], e);
      }
      free(st);
   }
   scene_dsa(s, NULL);
}

/* --- alpha test ------------------------------------------------------------------------------ */

static void
test_alpha(struct scene *s)
{
   enum { AW = 16 };
   scene_fb1(s, AW, 1, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_shaders(s, scene_vs_pos_attr, scene_fs_attr);
   /* alpha = x / 16 across the window */
   float v[6][8];
   static const float xy[6][2] = { { 0, 0 }, { 16, 0 }, { 16, 1 }, { 0, 0 }, { 16, 1 }, { 0, 1 } };
   for (unsigned i = 0; i < 6; i++) {
      scene_clip(s, xy[i][0], xy[i][1], 0.5f, 1.0f, v[i]);
      v[i][4] = 1;
      v[i][5] = 1;
      v[i][6] = 1;
      v[i][7] = xy[i][0] / 16.0f;
   }
   for (unsigned func = 0; func < 8; func++) {
      scene_case(s, "alpha test %s, ref 0.5", func_names[func]);
      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.alpha_enabled = 1;
      dsa.alpha_func = func;
      dsa.alpha_ref_value = 0.5f;
      scene_dsa(s, &dsa);
      scene_clear_color(s, 0, 0, 0, 0);
      scene_verts(s, &v[0][0], 6, 2);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      for (unsigned x = 0; x < AW; x++) {
         double a = (x + 0.5) / 16.0;
         bool e = compare(func, a, 0.5);
         bool drawn = px[x * 4] == 255;
         SCHECK(s, drawn == e, "pixel %u alpha %.4f: %s, expected %s", x, a,
                drawn ? "drawn" : "not drawn", e ? "drawn" : "not drawn");
      }
      free(px);
   }
   scene_dsa(s, NULL);
}

/* --- multiple render targets and colour masks ----------------------------------------------- */

static const char fs_mrt8[] =
   "shader fragment\n"
   "output vec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "output vec4 @o2 location 2\n"
   "output vec4 @o3 location 3\n"
   "output vec4 @o4 location 4\n"
   "output vec4 @o5 location 5\n"
   "output vec4 @o6 location 6\n"
   "output vec4 @o7 location 7\n"
   "uniform vec4 @c[8] cbuf 0 offset 0\n"
   "func void @main() {\n"
   "   %0 = load_uniform vec4 @c[0]\n"
   "   store_output @o0, %0\n"
   "   %1 = load_uniform vec4 @c[1]\n"
   "   store_output @o1, %1\n"
   "   %2 = load_uniform vec4 @c[2]\n"
   "   store_output @o2, %2\n"
   "   %3 = load_uniform vec4 @c[3]\n"
   "   store_output @o3, %3\n"
   "   %4 = load_uniform vec4 @c[4]\n"
   "   store_output @o4, %4\n"
   "   %5 = load_uniform vec4 @c[5]\n"
   "   store_output @o5, %5\n"
   "   %6 = load_uniform vec4 @c[6]\n"
   "   store_output @o6, %6\n"
   "   %7 = load_uniform vec4 @c[7]\n"
   "   store_output @o7, %7\n"
   "}\n";

static const float mrt_cols[8][4] = {
   { 0.1f, 0.2f, 0.3f, 0.4f }, { 0.9f, 0.8f, 0.7f, 0.6f }, { 0.25f, 0.5f, 0.75f, 1.0f },
   { 1.0f, 0.0f, 0.5f, 0.0f }, { 0.6f, 0.4f, 0.2f, 0.8f }, { 0.33f, 0.66f, 0.99f, 0.5f },
   { 0.05f, 0.95f, 0.45f, 0.15f }, { 0.7f, 0.3f, 0.1f, 0.9f },
};

static void
test_mrt(struct scene *s)
{
   static const struct {
      enum pipe_format f;
      unsigned channels;   /* mask of stored channels */
      float tol;
      const char *name;
   } fmts[8] = {
      { PIPE_FORMAT_R8G8B8A8_UNORM, 0xf, 0.6f / 255, "RGBA8" },
      { PIPE_FORMAT_B8G8R8A8_UNORM, 0xf, 0.6f / 255, "BGRA8" },
      { PIPE_FORMAT_R32G32B32A32_FLOAT, 0xf, 1e-6f, "RGBA32F" },
      { PIPE_FORMAT_R16G16B16A16_FLOAT, 0xf, 1e-3f, "RGBA16F" },
      { PIPE_FORMAT_R8_UNORM, 0x1, 0.6f / 255, "R8" },
      { PIPE_FORMAT_R10G10B10A2_UNORM, 0xf, 0.6f / 3, "RGB10A2" },
      { PIPE_FORMAT_R16G16_UNORM, 0x3, 0.6f / 65535, "RG16" },
      { PIPE_FORMAT_B5G6R5_UNORM, 0x7, 0.6f / 31, "B5G6R5" },
   };
   enum pipe_format formats[8];
   for (unsigned i = 0; i < 8; i++)
      formats[i] = fmts[i].f;
   if (s->screen->caps.max_render_targets < 8) {
      scene_case(s, "8 render targets");
      scene_skip_case(s, "fewer than 8 render targets");
      return;
   }
   scene_fb(s, BW, BH, 8, formats, PIPE_FORMAT_NONE);
   scene_rast(s, NULL);
   scene_dsa(s, NULL);
   scene_blend(s, NULL);
   scene_shaders(s, scene_vs_pos, fs_mrt8);
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, mrt_cols, sizeof mrt_cols);

   scene_case(s, "8 render targets of 8 formats, one output each");
   scene_clear_color(s, 0, 0, 0, 0);
   scene_verts(s, &full_quad[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   for (unsigned i = 0; i < 8; i++) {
      float *got = scene_read_rgba(s, i);
      for (unsigned c = 0; c < 4; c++) {
         if (!(fmts[i].channels & (1u << c)))
            continue;
         float tol = c == 3 && fmts[i].f == PIPE_FORMAT_R10G10B10A2_UNORM ? 0.6f / 3
                     : fmts[i].f == PIPE_FORMAT_R10G10B10A2_UNORM ? 0.6f / 1023
                     : fmts[i].f == PIPE_FORMAT_B5G6R5_UNORM && c == 1 ? 0.6f / 63
                     : fmts[i].tol;
         SCHECK(s, fabsf(got[c] - mrt_cols[i][c]) <= tol + 1e-7f,
                "target %u (%s) channel %u = %.6f, expected %.6f", i, fmts[i].name, c, got[c],
                mrt_cols[i][c]);
      }
      free(got);
   }

   /* colour masks per target: all RGBA8 */
   enum pipe_format rgba8[8];
   for (unsigned i = 0; i < 8; i++)
      rgba8[i] = PIPE_FORMAT_R8G8B8A8_UNORM;
   scene_fb(s, BW, BH, 8, rgba8, PIPE_FORMAT_NONE);
   for (unsigned m = 0; m < 16; m++) {
      scene_case(s, "colour mask %x%s on target %u, other targets other masks", m,
                 m == 0 ? " (nothing)" : "", m % 8);
      if (!s->screen->caps.indep_blend_enable) {
         scene_skip_case(s, "caps.indep_blend_enable is false");
         continue;
      }
      struct pipe_blend_state b;
      scene_blend_defaults(&b);
      b.independent_blend_enable = 1;
      b.max_rt = 7;
      for (unsigned i = 0; i < 8; i++)
         b.rt[i].colormask = (m + 16 - (m % 8) + i) & 15;
      scene_blend(s, &b);
      scene_clear_color(s, 0.2f, 0.4f, 0.6f, 0.8f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      for (unsigned i = 0; i < 8; i++) {
         float *got = scene_read_rgba(s, i);
         static const float clear[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
         for (unsigned c = 0; c < 4; c++) {
            float e = (b.rt[i].colormask & (1u << c)) ? mrt_cols[i][c] : clear[c];
            SCHECK(s, fabsf(got[c] - e) <= 0.6f / 255,
                   "target %u mask %x channel %u = %.4f, expected %.4f", i, b.rt[i].colormask,
                   c, got[c], e);
         }
         free(got);
      }
   }

   scene_case(s, "without independent blend, rt[0]'s mask and blend apply to every target");
   {
      struct pipe_blend_state b;
      scene_blend_defaults(&b);
      b.rt[0].colormask = PIPE_MASK_R | PIPE_MASK_A;
      b.rt[0].blend_enable = 1;
      b.rt[0].rgb_func = b.rt[0].alpha_func = PIPE_BLEND_ADD;
      b.rt[0].rgb_src_factor = b.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_ONE;
      b.rt[0].rgb_dst_factor = b.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_ONE;
      for (unsigned i = 1; i < 8; i++)
         b.rt[i].colormask = PIPE_MASK_G;   /* ignored */
      scene_blend(s, &b);
      scene_clear_color(s, 0.2f, 0.4f, 0.6f, 0.1f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      static const float clear[4] = { 0.2f, 0.4f, 0.6f, 0.1f };
      for (unsigned i = 0; i < 8; i++) {
         float *got = scene_read_rgba(s, i);
         for (unsigned c = 0; c < 4; c++) {
            float e = c == 0 || c == 3 ? fminf(1.0f, clear[c] + mrt_cols[i][c]) : clear[c];
            SCHECK(s, fabsf(got[c] - e) <= 1.0f / 255 + 1e-6f,
                   "target %u channel %u = %.4f, expected %.4f", i, c, got[c], e);
         }
         free(got);
      }
   }

   scene_case(s, "independent blend: additive on odd targets, replace on even");
   if (!s->screen->caps.indep_blend_enable || !s->screen->caps.indep_blend_func) {
      scene_skip_case(s, "caps.indep_blend_enable/indep_blend_func is false");
   } else {
      struct pipe_blend_state b;
      scene_blend_defaults(&b);
      b.independent_blend_enable = 1;
      b.max_rt = 7;
      for (unsigned i = 1; i < 8; i += 2) {
         b.rt[i].blend_enable = 1;
         b.rt[i].rgb_func = b.rt[i].alpha_func = PIPE_BLEND_ADD;
         b.rt[i].rgb_src_factor = b.rt[i].alpha_src_factor = PIPE_BLENDFACTOR_ONE;
         b.rt[i].rgb_dst_factor = b.rt[i].alpha_dst_factor = PIPE_BLENDFACTOR_ONE;
      }
      scene_blend(s, &b);
      scene_clear_color(s, 0.2f, 0.4f, 0.6f, 0.1f);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      static const float clear[4] = { 0.2f, 0.4f, 0.6f, 0.1f };
      for (unsigned i = 0; i < 8; i++) {
         float *got = scene_read_rgba(s, i);
         for (unsigned c = 0; c < 4; c++) {
            float e = i & 1 ? fminf(1.0f, clear[c] + mrt_cols[i][c]) : mrt_cols[i][c];
            SCHECK(s, fabsf(got[c] - e) <= 1.0f / 255 + 1e-6f,
                   "target %u channel %u = %.4f, expected %.4f", i, c, got[c], e);
         }
         free(got);
      }
   }
   scene_blend(s, NULL);
}

/* --- occlusion queries --------------------------------------------------------------------------- */

static void
test_occlusion(struct scene *s)
{
   enum { OW = 32, OH = 32 };
   enum pipe_format cf = PIPE_FORMAT_R8G8B8A8_UNORM;
   scene_fb(s, OW, OH, 1, &cf, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   scene_dsa(s, NULL);
   scene_shaders(s, scene_vs_pos, scene_fs_one);
   if (!s->screen->caps.occlusion_query) {
      scene_case(s, "occlusion queries");
      scene_skip_case(s, "caps.occlusion_query is false");
      return;
   }
   /* a triangle on the 1/16 grid: the reference gives a count range */
   static const float tri[3][2] = { { 2.0625f, 3.125f }, { 29.5f, 7.9375f }, { 11.25f, 27.8125f } };
   unsigned inside = 0, edge = 0;
   for (unsigned y = 0; y < OH; y++) {
      for (unsigned x = 0; x < OW; x++) {
         int c = scene_ref_tri(tri, x + 0.5, y + 0.5);
         inside += c == 1;
         edge += c == -1;
      }
   }
   float tv[3][4];
   for (unsigned i = 0; i < 3; i++)
      scene_clip(s, tri[i][0], tri[i][1], 0.5f, 1.0f, tv[i]);

   scene_case(s, "occlusion counter: samples of one triangle");
   struct pipe_query *q = s->ctx->create_query(s->ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   SCHECK(s, q != NULL, "create_query(OCCLUSION_COUNTER) returned NULL");
   if (!q)
      return;
   scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
   s->ctx->begin_query(s->ctx, q);
   scene_verts(s, &tv[0][0], 3, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3);
   s->ctx->end_query(s->ctx, q);
   uint64_t n = scene_query_result(s, q);
   SCHECK(s, n >= inside && n <= inside + edge, "counted %llu, expected %u..%u",
          (unsigned long long)n, inside, inside + edge);
   uint64_t one = n;

   scene_case(s, "occlusion counter: accumulates over draws, restarts at begin");
   s->ctx->begin_query(s->ctx, q);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 3);
   s->ctx->end_query(s->ctx, q);
   n = scene_query_result(s, q);
   SCHECK(s, n == 3 * one, "counted %llu over three draws, expected %llu",
          (unsigned long long)n, (unsigned long long)(3 * one));

   scene_case(s, "occlusion counter: depth-failing fragments are not counted");
   {
      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.depth_enabled = 1;
      dsa.depth_writemask = 1;
      dsa.depth_func = PIPE_FUNC_LESS;
      scene_dsa(s, &dsa);
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 0.25, 0);
      /* full quad with z = x / 32: passes where x + 0.5 < 8 */
      static const float xy[6][2] = { { 0, 0 }, { 32, 0 }, { 32, 32 }, { 0, 0 }, { 32, 32 }, { 0, 32 } };
      float v[6][4];
      for (unsigned i = 0; i < 6; i++)
         scene_clip(s, xy[i][0], xy[i][1], xy[i][0] / 32.0f, 1.0f, v[i]);
      s->ctx->begin_query(s->ctx, q);
      scene_verts(s, &v[0][0], 6, 1);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      s->ctx->end_query(s->ctx, q);
      n = scene_query_result(s, q);
      SCHECK(s, n == 8 * OH, "counted %llu, expected %u", (unsigned long long)n, 8 * OH);
      scene_dsa(s, NULL);
   }

   scene_case(s, "occlusion counter: stencil-failing and scissored fragments are not counted");
   {
      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.stencil[0].enabled = 1;
      dsa.stencil[0].func = PIPE_FUNC_EQUAL;
      dsa.stencil[0].valuemask = 0xff;
      dsa.stencil[0].writemask = 0xff;
      scene_dsa(s, &dsa);
      s->ctx->set_stencil_ref(s->ctx, (struct pipe_stencil_ref){ { 7, 7 } });
      scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
      /* stencil 7 in the top-left 16x16 only */
      struct pipe_scissor_state sc16 = { 0, 0, 16, 16 };
      uint8_t masks[8];
      memset(masks, 0xf, sizeof masks);
      s->ctx->clear(s->ctx, PIPE_CLEAR_STENCIL, &sc16, NULL, 0, 7, masks, 0xff);
      struct pipe_rasterizer_state r;
      scene_rast_defaults(&r);
      r.scissor = 1;
      scene_rast(s, &r);
      struct pipe_scissor_state sc = { 4, 0, 32, 32 };   /* cuts x < 4 */
      s->ctx->set_scissor_states(s->ctx, 0, 1, &sc);
      s->ctx->begin_query(s->ctx, q);
      scene_verts(s, &full_quad[0][0], 6, 1);
      scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
      s->ctx->end_query(s->ctx, q);
      n = scene_query_result(s, q);
      SCHECK(s, n == 12 * 16, "counted %llu, expected %u", (unsigned long long)n, 12 * 16);
      scene_rast(s, NULL);
      scene_dsa(s, NULL);
   }
   s->ctx->destroy_query(s->ctx, q);

   scene_case(s, "occlusion predicate: false for nothing drawn, true for one fragment");
   q = s->ctx->create_query(s->ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
   SCHECK(s, q != NULL, "create_query(OCCLUSION_PREDICATE) returned NULL");
   if (q) {
      union pipe_query_result r;
      s->ctx->begin_query(s->ctx, q);
      s->ctx->end_query(s->ctx, q);
      memset(&r, 0xff, sizeof r);
      SCHECK(s, s->ctx->get_query_result(s->ctx, q, true, &r) && !r.b,
             "empty predicate is %d, expected false", r.b);
      static const float pt[1][4] = { { 0.01f, 0.01f, 0, 1 } };
      s->ctx->begin_query(s->ctx, q);
      scene_verts(s, &pt[0][0], 1, 1);
      scene_draw(s, PIPE_PRIM_POINTS, 0, 1);
      s->ctx->end_query(s->ctx, q);
      memset(&r, 0, sizeof r);
      SCHECK(s, s->ctx->get_query_result(s->ctx, q, true, &r) && r.b,
             "predicate after one point is %d, expected true", r.b);

      scene_case(s, "conditional rendering on an occlusion predicate");
      if (!s->screen->caps.conditional_render) {
         scene_skip_case(s, "caps.conditional_render is false");
      } else {
         /* predicate false: the next draw is skipped */
         s->ctx->begin_query(s->ctx, q);
         s->ctx->end_query(s->ctx, q);
         scene_clear_color(s, 0, 0, 0, 0);
         s->ctx->render_condition(s->ctx, q, false, true);
         scene_verts(s, &full_quad[0][0], 6, 1);
         scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
         s->ctx->render_condition(s->ctx, NULL, false, false);
         uint8_t *px = scene_read_raw(s, s->cbuf[0]);
         SCHECK(s, px[0] == 0, "draw under a false predicate wrote %02x", px[0]);
         free(px);
         /* inverted condition: drawn */
         s->ctx->render_condition(s->ctx, q, true, true);
         scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
         s->ctx->render_condition(s->ctx, NULL, false, false);
         px = scene_read_raw(s, s->cbuf[0]);
         SCHECK(s, px[0] == 255, "draw under an inverted false predicate wrote %02x", px[0]);
         free(px);
      }
      s->ctx->destroy_query(s->ctx, q);
   }
}

/* --- shader depth, discard, depth range --------------------------------------------------- */

static const char fs_frag_depth[] =
   "shader fragment\n"
   "input vec4 @fc semantic frag_coord\n"
   "output vec4 @frag location 0\n"
   "output float @depth semantic frag_depth\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @fc\n"
   "   %1 = swizzle float %0.x\n"
   "   %2 = const float 0.03125\n"
   "   %3 = fmul float %1, %2\n"
   "   store_output @depth, %3\n"
   "   %4 = const vec4 1.0, 1.0, 1.0, 1.0\n"
   "   store_output @frag, %4\n"
   "}\n";

static const char fs_discard_left[] =
   "shader fragment\n"
   "input vec4 @fc semantic frag_coord\n"
   "output vec4 @frag location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec4 @fc\n"
   "   %1 = swizzle float %0.x\n"
   "   %2 = const float 12.0\n"
   "   %3 = flt bool %1, %2\n"
   "   discard_if %3\n"
   "   %4 = const vec4 1.0, 1.0, 1.0, 1.0\n"
   "   store_output @frag, %4\n"
   "}\n";

static void
test_shader_depth(struct scene *s)
{
   enum pipe_format cf = PIPE_FORMAT_R8G8B8A8_UNORM;
   scene_fb(s, DW, DH, 1, &cf, PIPE_FORMAT_Z32_FLOAT);
   scene_rast(s, NULL);
   scene_blend(s, NULL);
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   dsa.depth_enabled = 1;
   dsa.depth_writemask = 1;
   dsa.depth_func = PIPE_FUNC_LESS;
   scene_dsa(s, &dsa);

   scene_case(s, "frag_depth output replaces the interpolated depth (test and write)");
   scene_shaders(s, scene_vs_pos, fs_frag_depth);
   scene_clear_color(s, 0, 0, 0, 0);
   scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 0.5, 0);
   /* interpolated z is 0.9 everywhere (would fail LESS); shader depth x / 32 */
   float v[6][4];
   static const float xy[6][2] = { { 0, 0 }, { 32, 0 }, { 32, 4 }, { 0, 0 }, { 32, 4 }, { 0, 4 } };
   for (unsigned i = 0; i < 6; i++)
      scene_clip(s, xy[i][0], xy[i][1], 0.9f, 1.0f, v[i]);
   scene_verts(s, &v[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   {
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      float *z = scene_read_depth(s);
      for (unsigned x = 0; x < DW; x++) {
         double zf = (x + 0.5) / 32.0;
         bool pass = zf < 0.5;
         double ez = pass ? zf : 0.5;
         SCHECK(s, (px[x * 4] == 255) == pass && fabs(z[x] - ez) < 1e-6,
                "pixel %u: %s depth %.6f, expected %s depth %.6f", x,
                px[x * 4] == 255 ? "drawn" : "not drawn", z[x], pass ? "drawn" : "not drawn", ez);
      }
      free(px);
      free(z);
   }

   scene_case(s, "discard: discarded fragments write neither colour nor depth");
   scene_shaders(s, scene_vs_pos, fs_discard_left);
   scene_clear_color(s, 0, 0, 0, 0);
   scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
   for (unsigned i = 0; i < 6; i++)
      scene_clip(s, xy[i][0], xy[i][1], 0.25f, 1.0f, v[i]);
   scene_verts(s, &v[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   {
      uint8_t *px = scene_read_raw(s, s->cbuf[0]);
      float *z = scene_read_depth(s);
      for (unsigned x = 0; x < DW; x++) {
         bool kept = x + 0.5 >= 12.0;
         SCHECK(s, (px[x * 4] == 255) == kept && fabs(z[x] - (kept ? 0.25 : 1.0)) < 1e-6,
                "pixel %u: colour %02x depth %.6f, expected %s", x, px[x * 4], z[x],
                kept ? "drawn at 0.25" : "untouched");
      }
      free(px);
      free(z);
   }

   scene_case(s, "viewport depth range [0.2, 0.6]: window z = 0.2 + 0.4 * (z_ndc + 1) / 2");
   scene_shaders(s, scene_vs_pos, scene_fs_one);
   dsa.depth_func = PIPE_FUNC_ALWAYS;
   scene_dsa(s, &dsa);
   scene_viewport(s, 0, 0, DW, DH, 0.2f, 0.6f);
   scene_clear_zs(s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0);
   for (unsigned i = 0; i < 6; i++) {
      float zn = -1.0f + 2.0f * xy[i][0] / 32.0f;   /* z_ndc -1 .. 1 across */
      v[i][0] = xy[i][0] / 16.0f - 1.0f;
      v[i][1] = xy[i][1] / 2.0f - 1.0f;
      v[i][2] = zn;
      v[i][3] = 1.0f;
   }
   scene_verts(s, &v[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
   {
      float *z = scene_read_depth(s);
      for (unsigned x = 0; x < DW; x++) {
         double e = 0.2 + 0.4 * (x + 0.5) / 32.0;
         SCHECK(s, fabs(z[x] - e) < 1e-6, "pixel %u depth %.6f, expected %.6f", x, z[x], e);
      }
      free(z);
   }
   scene_viewport(s, 0, 0, DW, DH, 0.0f, 1.0f);
   scene_dsa(s, NULL);
}

int
main(void)
{
   struct scene s;
   scene_init(&s, "pipe-draw-fragment");
   test_blend(&s);
   test_srgb(&s);
   test_logic_ops(&s);
   test_depth(&s);
   test_shader_depth(&s);
   test_stencil(&s);
   test_alpha(&s);
   test_mrt(&s);
   test_occlusion(&s);
   return scene_finish(&s);
}
