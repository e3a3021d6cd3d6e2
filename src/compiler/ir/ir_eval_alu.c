/*
 * Per-opcode semantics of the ALU instructions, on values: the one place
 * that defines what every ALU opcode computes for 32-bit operands.  Used
 * by constant folding (ir_opt_constant_fold.c) and by the interpreter
 * (src/gallium/auxiliary/irexec), so folded and interpreted results are
 * bit-identical.
 *
 * GLSL semantics: float arithmetic is IEEE single precision as C does it
 * (NaN and Inf propagate); integer arithmetic wraps (computed in uint32_t);
 * where GLSL leaves a result undefined we pick one and never trap:
 * x / 0 and x % 0 give 0, INT_MIN / -1 gives INT_MIN, shift counts are
 * taken modulo 32, float->int conversions of NaN give 0 and saturate when
 * out of range.  Bool results are written through the `b` member of a
 * zeroed value.
 */
#include "compiler/ir/ir_eval_alu.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "util/u_log2.h"

/* ---- helpers named by fold expressions in ir_opcodes.h ---- */

static inline float
ir_fold_fsign(float a)
{
   return a > 0.0f ? 1.0f : a < 0.0f ? -1.0f : a;
}

static inline float
ir_fold_smoothstep(float e0, float e1, float x)
{
   float t = (x - e0) / (e1 - e0);
   t = fminf(fmaxf(t, 0.0f), 1.0f);
   return t * t * (3.0f - 2.0f * t);
}

static inline int32_t
ir_fold_idiv(int32_t a, int32_t b)
{
   if (b == 0)
      return 0;
   if (a == INT32_MIN && b == -1)
      return INT32_MIN;
   return a / b;
}

static inline int32_t
ir_fold_imod(int32_t a, int32_t b)
{
   if (b == 0 || b == -1)
      return 0;
   return a % b;
}

static inline int32_t
ir_fold_iabs(int32_t a)
{
   return a < 0 ? (int32_t)(0u - (uint32_t)a) : a;
}

static inline int32_t
ir_fold_iclamp(int32_t x, int32_t lo, int32_t hi)
{
   int32_t t = x > lo ? x : lo;
   return t < hi ? t : hi;
}

static inline uint32_t
ir_fold_uclamp(uint32_t x, uint32_t lo, uint32_t hi)
{
   uint32_t t = x > lo ? x : lo;
   return t < hi ? t : hi;
}

static inline uint32_t
ir_fold_ishr(uint32_t a, uint32_t b)
{
   uint32_t n = b & 31u;
   if (!n)
      return a;
   uint32_t r = a >> n;
   if (a & 0x80000000u)
      r |= ~0u << (32 - n);
   return r;
}

static inline int32_t
ir_fold_ifindmsb(int32_t a)
{
   uint32_t v = a < 0 ? ~(uint32_t)a : (uint32_t)a;
   return v ? 31 - __builtin_clz(v) : -1;
}

static inline uint32_t
ir_fold_bitrev(uint32_t a)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      if (a & (1u << i))
         r |= 1u << (31 - i);
   return r;
}

static inline int32_t
ir_fold_f2i(float a)
{
   if (isnan(a))
      return 0;
   if (a >= 2147483648.0f)
      return INT32_MAX;
   if (a <= -2147483648.0f)
      return INT32_MIN;
   return (int32_t)a;
}

static inline uint32_t
ir_fold_f2u(float a)
{
   if (isnan(a) || a <= 0.0f)
      return 0;
   if (a >= 4294967296.0f)
      return UINT32_MAX;
   return (uint32_t)a;
}

/* ir_eval_alu.h explains the steps (the JIT repeats them). */
static float
fold_trig(float a, unsigned cos_quadrant)
{
   if (fabsf(a) <= IR_TRIG_FAST_MAX) {
      /* float steps, none fused (-ffp-contract=off: meson.build) */
      float k = nearbyintf(a * IR_TRIG_F_2_OVER_PI);
      float r = ((a - k * IR_TRIG_F_PIO2_1) - k * IR_TRIG_F_PIO2_2) - k * IR_TRIG_F_PIO2_3;
      unsigned q = ((uint32_t)(int32_t)k + cos_quadrant) & 3;
      float r2 = r * r;
      float s = r + r * (r2 * ((float)IR_TRIG_S1 + r2 * ((float)IR_TRIG_S2 +
                                r2 * ((float)IR_TRIG_S3 + r2 * (float)IR_TRIG_S4))));
      float c = 1.0f + r2 * ((float)IR_TRIG_C1 + r2 * ((float)IR_TRIG_C2 + r2 * ((float)IR_TRIG_C3 +
                              r2 * ((float)IR_TRIG_C4 + r2 * (float)IR_TRIG_C5))));
      float v = q & 1 ? c : s;
      return q & 2 ? -v : v;
   }
   if (!(fabsf(a) <= IR_TRIG_MAX))
      return cos_quadrant ? cosf(a) : sinf(a);
   double x = a;
   double k = nearbyint(x * IR_TRIG_2_OVER_PI);
   double r = (x - k * IR_TRIG_PIO2_1) - k * IR_TRIG_PIO2_1T;
   unsigned q = ((uint32_t)(int32_t)k + cos_quadrant) & 3;
   double r2 = r * r;
   double s = r + r * (r2 * (IR_TRIG_S1 + r2 * (IR_TRIG_S2 + r2 * (IR_TRIG_S3 + r2 * (IR_TRIG_S4 +
                                                                                  r2 * IR_TRIG_S5)))));
   double c = 1.0 + r2 * (IR_TRIG_C1 + r2 * (IR_TRIG_C2 + r2 * (IR_TRIG_C3 + r2 * (IR_TRIG_C4 +
                                                             r2 * (IR_TRIG_C5 + r2 * IR_TRIG_C6)))));
   double v = q & 1 ? c : s;
   return (float)(q & 2 ? -v : v);
}

float
ir_fold_sin(float a)
{
   return fold_trig(a, 0);
}

float
ir_fold_cos(float a)
{
   return fold_trig(a, 1);
}

float
ir_fold_frexp_sig(float a)
{
   int e;
   if (isnan(a) || isinf(a))
      return a;
   return frexpf(a, &e);
}

int32_t
ir_fold_frexp_exp(float a)
{
   int e = 0;
   if (isnan(a) || isinf(a))
      return 0;
   frexpf(a, &e);
   return e;
}

/* float -> IEEE half, round to nearest even */
static uint16_t
float_to_half(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   uint32_t sign = (x >> 16) & 0x8000u;
   uint32_t exp = (x >> 23) & 0xffu;
   uint32_t man = x & 0x7fffffu;
   if (exp == 0xff)
      return (uint16_t)(sign | 0x7c00u | (man ? 0x200u : 0));
   int e = (int)exp - 127 + 15;
   if (e >= 31)
      return (uint16_t)(sign | 0x7c00u);
   if (e <= 0) {
      if (e < -10)
         return (uint16_t)sign;
      man |= 0x800000u;
      unsigned shift = (unsigned)(14 - e);
      uint32_t h = man >> shift;
      uint32_t rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
      if (rem > half || (rem == half && (h & 1)))
         h++;
      return (uint16_t)(sign | h);
   }
   uint32_t h = ((uint32_t)e << 10) | (man >> 13);
   uint32_t rem = man & 0x1fffu;
   if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
      h++;
   return (uint16_t)(sign | h);
}

static float
half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
   uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
   uint32_t x;
   if (exp == 0) {
      float f = ldexpf((float)man, -24);
      return sign ? -f : f;
   }
   if (exp == 31)
      x = sign | 0x7f800000u | (man << 13);
   else
      x = sign | ((exp - 15 + 127) << 23) | (man << 13);
   float f;
   memcpy(&f, &x, 4);
   return f;
}

static uint32_t
pack_norm(float v, bool snorm, unsigned bits)
{
   float maxv = (float)((1u << (snorm ? bits - 1 : bits)) - 1);
   float c = snorm ? fminf(fmaxf(v, -1.0f), 1.0f) : fminf(fmaxf(v, 0.0f), 1.0f);
   if (isnan(v))
      c = 0.0f;
   int32_t q = (int32_t)rintf(c * maxv);
   return (uint32_t)q & ((1u << bits) - 1);
}

static float
unpack_norm(uint32_t q, bool snorm, unsigned bits)
{
   float maxv = (float)((1u << (snorm ? bits - 1 : bits)) - 1);
   if (!snorm)
      return (float)q / maxv;
   int32_t s = (int32_t)(q << (32 - bits)) >> (32 - bits);
   return fmaxf((float)s / maxv, -1.0f);
}

static uint32_t
bitfield_extract(uint32_t v, int32_t offset, int32_t bits, bool sign)
{
   if (offset < 0 || bits < 0 || offset + bits > 32 || bits == 0)
      return 0;
   uint32_t r = bits == 32 ? v : (v >> offset) & ((1u << bits) - 1);
   if (sign && bits < 32 && (r & (1u << (bits - 1))))
      r |= ~0u << bits;
   return r;
}

/* ---- table-driven folding ---- */

#define SIG_FF float, f32, f32
#define SIG_FB float, f32, b
#define SIG_FI float, f32, i32
#define SIG_FU float, f32, u32
#define SIG_IF int32_t, i32, f32
#define SIG_II int32_t, i32, i32
#define SIG_IB int32_t, i32, b
#define SIG_UU uint32_t, u32, u32
#define SIG_UB uint32_t, u32, b
#define SIG_UI uint32_t, u32, i32
#define SIG_UF uint32_t, u32, f32
#define SIG_BB bool, b, b
#define SIG_BF bool, b, f32
#define SIG_BU bool, b, u32

#define FOLD_LOOP(sty, sf, df, expr)                                        \
   for (unsigned k = 0; k < n; k++) {                                       \
      sty a = S(0, k).sf;                                                   \
      sty b = ns > 1 ? S(1, k).sf : (sty)0;                                 \
      sty c = ns > 2 ? S(2, k).sf : (sty)0;                                 \
      (void)a;                                                              \
      (void)b;                                                              \
      (void)c;                                                              \
      out[k].df = (expr);                                                   \
   }
#define FOLD_EXPAND(args, expr) FOLD_LOOP2(args, expr)
#define FOLD_LOOP2(sty_sf_df, expr) FOLD_LOOP3(sty_sf_df, expr)
#define FOLD_LOOP3(...) FOLD_LOOPV(__VA_ARGS__)
#define FOLD_LOOPV(sty, sf, df, expr) FOLD_LOOP(sty, sf, df, expr)

#define FOLD_CASE_CUSTOM(name, expr)
#define FOLD_CASE_SIG(name, sig, expr)                                      \
   case IR_OP_##name:                                                       \
      FOLD_LOOP3(SIG_##sig, expr)                                           \
      return true;

#define FOLD_DISPATCH_CUSTOM(name, sig, expr)
#define FOLD_ENTRY(name, sig, expr) FOLD_ENTRY_##sig(name, sig, expr)
#define FOLD_ENTRY_CUSTOM(name, sig, expr)
#define FOLD_ENTRY_NONE(name, sig, expr)
#define FOLD_ENTRY_FF FOLD_CASE_SIG
#define FOLD_ENTRY_FB FOLD_CASE_SIG
#define FOLD_ENTRY_FI FOLD_CASE_SIG
#define FOLD_ENTRY_FU FOLD_CASE_SIG
#define FOLD_ENTRY_IF FOLD_CASE_SIG
#define FOLD_ENTRY_II FOLD_CASE_SIG
#define FOLD_ENTRY_IB FOLD_CASE_SIG
#define FOLD_ENTRY_UU FOLD_CASE_SIG
#define FOLD_ENTRY_UB FOLD_CASE_SIG
#define FOLD_ENTRY_UI FOLD_CASE_SIG
#define FOLD_ENTRY_UF FOLD_CASE_SIG
#define FOLD_ENTRY_BB FOLD_CASE_SIG
#define FOLD_ENTRY_BF FOLD_CASE_SIG
#define FOLD_ENTRY_BU FOLD_CASE_SIG

#define S(i, k) (srcs[i][k])

static float
dotf(const union ir_const_value *x, const union ir_const_value *y, unsigned comps)
{
   float r = 0.0f;
   for (unsigned k = 0; k < comps; k++)
      r += x[k].f32 * y[k].f32;
   return r;
}

static bool
eval_custom(enum ir_op op, struct ir_type dst, const struct ir_type *src_types,
            const union ir_const_value *const *srcs, union ir_const_value out[4])
{
   unsigned n = dst.comps;
   switch (op) {
   case IR_OP_mov:
   case IR_OP_bitcast:
      for (unsigned k = 0; k < n; k++)
         out[k].u32 = S(0, k).u32;
      if (dst.base == IR_BOOL)
         for (unsigned k = 0; k < n; k++)
            out[k].b = op == IR_OP_mov ? S(0, k).b : S(0, k).u32 != 0;
      else if (src_types[0].base == IR_BOOL)
         for (unsigned k = 0; k < n; k++)
            out[k].u32 = S(0, k).b;
      return true;
   case IR_OP_vec2:
   case IR_OP_vec3:
   case IR_OP_vec4:
      for (unsigned k = 0; k < n; k++)
         out[k] = S(k, 0);
      return true;
   case IR_OP_select:
      for (unsigned k = 0; k < n; k++)
         out[k] = S(0, k).b ? S(1, k) : S(2, k);
      return true;
   case IR_OP_fdot:
      out[0].f32 = dotf(srcs[0], srcs[1], src_types[0].comps);
      return true;
   case IR_OP_fcross: {
      float a0 = S(0, 0).f32, a1 = S(0, 1).f32, a2 = S(0, 2).f32;
      float b0 = S(1, 0).f32, b1 = S(1, 1).f32, b2 = S(1, 2).f32;
      out[0].f32 = a1 * b2 - b1 * a2;
      out[1].f32 = a2 * b0 - b2 * a0;
      out[2].f32 = a0 * b1 - b0 * a1;
      return true;
   }
   case IR_OP_flength:
      out[0].f32 = sqrtf(dotf(srcs[0], srcs[0], src_types[0].comps));
      return true;
   case IR_OP_fdistance: {
      float r = 0.0f;
      for (unsigned k = 0; k < src_types[0].comps; k++) {
         float d = S(0, k).f32 - S(1, k).f32;
         r += d * d;
      }
      out[0].f32 = sqrtf(r);
      return true;
   }
   case IR_OP_fnormalize: {
      float l = sqrtf(dotf(srcs[0], srcs[0], src_types[0].comps));
      for (unsigned k = 0; k < n; k++)
         out[k].f32 = S(0, k).f32 / l;
      return true;
   }
   case IR_OP_ffaceforward: {
      /* dot(nref, i) < 0 ? n : -n */
      float d = dotf(srcs[2], srcs[1], src_types[0].comps);
      for (unsigned k = 0; k < n; k++)
         out[k].f32 = d < 0.0f ? S(0, k).f32 : -S(0, k).f32;
      return true;
   }
   case IR_OP_freflect: {
      /* i - 2 * dot(n, i) * n */
      float d = dotf(srcs[1], srcs[0], src_types[0].comps);
      for (unsigned k = 0; k < n; k++)
         out[k].f32 = S(0, k).f32 - 2.0f * d * S(1, k).f32;
      return true;
   }
   case IR_OP_frefract: {
      float eta = S(2, 0).f32;
      float d = dotf(srcs[1], srcs[0], src_types[0].comps);
      float kk = 1.0f - eta * eta * (1.0f - d * d);
      for (unsigned k = 0; k < n; k++)
         out[k].f32 = kk < 0.0f ? 0.0f
                                : eta * S(0, k).f32 - (eta * d + sqrtf(kk)) * S(1, k).f32;
      return true;
   }
   case IR_OP_fldexp:
      for (unsigned k = 0; k < n; k++) {
         int32_t e = S(1, k).i32;
         e = e > 300 ? 300 : e < -300 ? -300 : e;
         out[k].f32 = ldexpf(S(0, k).f32, e);
      }
      return true;
   case IR_OP_ubitfield_extract:
   case IR_OP_ibitfield_extract:
      for (unsigned k = 0; k < n; k++)
         out[k].u32 = bitfield_extract(S(0, k).u32, S(1, 0).i32, S(2, 0).i32,
                                       op == IR_OP_ibitfield_extract);
      return true;
   case IR_OP_bitfield_insert: {
      int32_t offset = S(2, 0).i32, bits = S(3, 0).i32;
      for (unsigned k = 0; k < n; k++) {
         if (offset < 0 || bits < 0 || offset + bits > 32) {
            out[k].u32 = 0;
            continue;
         }
         /* bits == 0 leaves base unchanged; it also allows offset == 32,
          * which must not reach a shift (undefined in C) */
         if (bits == 0) {
            out[k].u32 = S(0, k).u32;
            continue;
         }
         uint32_t mask = bits == 32 ? ~0u : ((1u << bits) - 1) << offset;
         out[k].u32 = (S(0, k).u32 & ~mask) | ((S(1, k).u32 << offset) & mask);
      }
      return true;
   }
   case IR_OP_pack_half_2x16:
      out[0].u32 = float_to_half(S(0, 0).f32) | ((uint32_t)float_to_half(S(0, 1).f32) << 16);
      return true;
   case IR_OP_unpack_half_2x16:
      out[0].f32 = half_to_float((uint16_t)S(0, 0).u32);
      out[1].f32 = half_to_float((uint16_t)(S(0, 0).u32 >> 16));
      return true;
   case IR_OP_pack_unorm_2x16:
   case IR_OP_pack_snorm_2x16:
   case IR_OP_pack_unorm_4x8:
   case IR_OP_pack_snorm_4x8: {
      bool sn = op == IR_OP_pack_snorm_2x16 || op == IR_OP_pack_snorm_4x8;
      unsigned comps = src_types[0].comps, bits = 32 / comps;
      uint32_t r = 0;
      for (unsigned k = 0; k < comps; k++)
         r |= pack_norm(S(0, k).f32, sn, bits) << (k * bits);
      out[0].u32 = r;
      return true;
   }
   case IR_OP_unpack_unorm_2x16:
   case IR_OP_unpack_snorm_2x16:
   case IR_OP_unpack_unorm_4x8:
   case IR_OP_unpack_snorm_4x8: {
      bool sn = op == IR_OP_unpack_snorm_2x16 || op == IR_OP_unpack_snorm_4x8;
      unsigned bits = 32 / n;
      for (unsigned k = 0; k < n; k++)
         out[k].f32 = unpack_norm((S(0, 0).u32 >> (k * bits)) & ((1u << bits) - 1), sn, bits);
      return true;
   }
   case IR_OP_ball:
   case IR_OP_bany: {
      bool all = true, any = false;
      for (unsigned k = 0; k < src_types[0].comps; k++) {
         all &= S(0, k).b;
         any |= S(0, k).b;
      }
      out[0].b = op == IR_OP_ball ? all : any;
      return true;
   }
   default:
      return false;
   }
}

bool
ir_eval_alu(enum ir_op op, struct ir_type dst, unsigned num_srcs,
            const struct ir_type *src_types, const union ir_const_value *const *srcs,
            union ir_const_value out[4])
{
   unsigned n = dst.comps;
   unsigned ns = num_srcs;
   memset(out, 0, sizeof(*out) * 4);
   if (op >= IR_NUM_OPS || ir_op_infos[op].kind != IR_KIND_ALU ||
       ns != ir_op_infos[op].num_srcs || n < 1 || n > 4 || dst.bits != 32)
      return false;
   for (unsigned i = 0; i < ns; i++)
      if (src_types[i].bits != 32 || src_types[i].comps < 1 || src_types[i].comps > 4)
         return false;

   switch (op) {
#define IR_ALU1(name, d, s0, fl, sig, e, desc) FOLD_ENTRY(name, sig, e)
#define IR_ALU2(name, d, s0, s1, fl, sig, e, desc) FOLD_ENTRY(name, sig, e)
#define IR_ALU3(name, d, s0, s1, s2, fl, sig, e, desc) FOLD_ENTRY(name, sig, e)
#define IR_ALU4(name, d, s0, s1, s2, s3, fl, sig, e, desc) FOLD_ENTRY(name, sig, e)
#include "compiler/ir/ir_opcodes.h"
   default:
      break;
   }
   return eval_custom(op, dst, src_types, srcs, out);
}
#undef S

