/*
 * Every ALU opcode the JIT supports against the interpreter (irexec, the
 * reference semantics): one instruction per shader, operands from vertex
 * inputs, results of W-lane JIT batches compared with irexec on the same
 * invocations.  Operands are drawn from pools of special values (NaN with
 * payloads and both signs, +-inf, denormals, -0.0, FLT_MAX, 2^31, 2^32,
 * INT_MIN, -1, 0, shift counts >= 32, ...) mixed with random bits.
 *
 * Comparison: bit-exact on every 32-bit word, except that a NaN result
 * matches any NaN (GLSL defines no NaN payloads; LLVM may swap the
 * operands of a commutative operation, which changes which payload x86
 * propagates), and that fmin/fmax/fclamp of +0 and -0 may give either zero
 * (irexec's own answer there depends on how the C compiler ordered the
 * operands of its fminf/fmaxf call; see run_case), and that with a
 * signaling NaN operand they may give a NaN (glibc's fminf, what the JIT
 * does) where irexec built by clang (which inlines fminf) gives the other
 * operand.  Transcendentals call the same C library functions as
 * irexec, so they are bit-exact too.
 *
 * Every ALU opcode of ir_opcodes.h must have a passing case: the test
 * fails otherwise.  Derivatives run as fragment shaders, irexec one quad
 * at a time, the JIT W/4 quads per batch.
 *
 * Usage: jit_test_alu <simd width: 4|8|16>
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "irexec.h"
#include "pony_jit.h"

#define BATCHES 48

struct alu_case {
   const char *op, *dst, *src[4];
};

/* per-component ops are tested at 4 components (and a few at 1-3) */
static const struct alu_case cases[] = {
   { "mov", "vec4", { "vec4" } },
   { "mov", "ivec3", { "ivec3" } },
   { "mov", "bvec2", { "bvec2" } },
   { "vec2", "vec2", { "float", "float" } },
   { "vec3", "ivec3", { "int", "int", "int" } },
   { "vec4", "bvec4", { "bool", "bool", "bool", "bool" } },
   { "select", "vec4", { "bvec4", "vec4", "vec4" } },
   { "select", "uvec2", { "bvec2", "uvec2", "uvec2" } },
   { "select", "bvec3", { "bvec3", "bvec3", "bvec3" } },
   { "fadd", "vec4", { "vec4", "vec4" } },
   { "fsub", "vec4", { "vec4", "vec4" } },
   { "fmul", "vec4", { "vec4", "vec4" } },
   { "fdiv", "vec4", { "vec4", "vec4" } },
   { "fneg", "vec4", { "vec4" } },
   { "fabs", "vec4", { "vec4" } },
   { "fsign", "vec4", { "vec4" } },
   { "fmin", "vec4", { "vec4", "vec4" } },
   { "fmax", "vec4", { "vec4", "vec4" } },
   { "fclamp", "vec4", { "vec4", "vec4", "vec4" } },
   { "fmix", "vec4", { "vec4", "vec4", "vec4" } },
   { "fstep", "vec4", { "vec4", "vec4" } },
   { "fsmoothstep", "vec4", { "vec4", "vec4", "vec4" } },
   { "ffma", "vec4", { "vec4", "vec4", "vec4" } },
   { "ffloor", "vec4", { "vec4" } },
   { "fceil", "vec4", { "vec4" } },
   { "ffract", "vec4", { "vec4" } },
   { "ftrunc", "vec4", { "vec4" } },
   { "fround_even", "vec4", { "vec4" } },
   { "fmod", "vec4", { "vec4", "vec4" } },
   { "frcp", "vec4", { "vec4" } },
   { "fsqrt", "vec4", { "vec4" } },
   { "frsq", "vec4", { "vec4" } },
   { "fexp", "vec4", { "vec4" } },
   { "fexp2", "vec4", { "vec4" } },
   { "flog", "vec4", { "vec4" } },
   { "flog2", "vec4", { "vec4" } },
   { "fpow", "vec4", { "vec4", "vec4" } },
   { "fsin", "vec4", { "vec4" } },
   { "fcos", "vec4", { "vec4" } },
   { "ftan", "vec4", { "vec4" } },
   { "fasin", "vec4", { "vec4" } },
   { "facos", "vec4", { "vec4" } },
   { "fatan", "vec4", { "vec4" } },
   { "fatan2", "vec4", { "vec4", "vec4" } },
   { "fsinh", "vec4", { "vec4" } },
   { "fcosh", "vec4", { "vec4" } },
   { "ftanh", "vec4", { "vec4" } },
   { "fasinh", "vec4", { "vec4" } },
   { "facosh", "vec4", { "vec4" } },
   { "fatanh", "vec4", { "vec4" } },
   { "fradians", "vec4", { "vec4" } },
   { "fdegrees", "vec4", { "vec4" } },
   { "fldexp", "vec4", { "vec4", "ivec4" } },
   { "ffrexp_sig", "vec4", { "vec4" } },
   { "ffrexp_exp", "ivec4", { "vec4" } },
   { "fisnan", "bvec4", { "vec4" } },
   { "fisinf", "bvec4", { "vec4" } },
   { "fdot", "float", { "vec4", "vec4" } },
   { "fdot", "float", { "vec2", "vec2" } },
   { "fcross", "vec3", { "vec3", "vec3" } },
   { "flength", "float", { "vec3" } },
   { "fdistance", "float", { "vec4", "vec4" } },
   { "fnormalize", "vec3", { "vec3" } },
   { "ffaceforward", "vec4", { "vec4", "vec4", "vec4" } },
   { "freflect", "vec3", { "vec3", "vec3" } },
   { "frefract", "vec3", { "vec3", "vec3", "float" } },
   { "iadd", "ivec4", { "ivec4", "ivec4" } },
   { "iadd", "uvec4", { "uvec4", "uvec4" } },
   { "isub", "ivec4", { "ivec4", "ivec4" } },
   { "imul", "uvec4", { "uvec4", "uvec4" } },
   { "ineg", "ivec4", { "ivec4" } },
   { "idiv", "ivec4", { "ivec4", "ivec4" } },
   { "imod", "ivec4", { "ivec4", "ivec4" } },
   { "udiv", "uvec4", { "uvec4", "uvec4" } },
   { "umod", "uvec4", { "uvec4", "uvec4" } },
   { "iabs", "ivec4", { "ivec4" } },
   { "isign", "ivec4", { "ivec4" } },
   { "imin", "ivec4", { "ivec4", "ivec4" } },
   { "imax", "ivec4", { "ivec4", "ivec4" } },
   { "umin", "uvec4", { "uvec4", "uvec4" } },
   { "umax", "uvec4", { "uvec4", "uvec4" } },
   { "iclamp", "ivec4", { "ivec4", "ivec4", "ivec4" } },
   { "uclamp", "uvec4", { "uvec4", "uvec4", "uvec4" } },
   { "iand", "ivec4", { "ivec4", "ivec4" } },
   { "ior", "uvec4", { "uvec4", "uvec4" } },
   { "ixor", "ivec4", { "ivec4", "ivec4" } },
   { "inot", "uvec4", { "uvec4" } },
   { "ishl", "ivec4", { "ivec4", "uvec4" } },
   { "ishl", "uvec4", { "uvec4", "ivec4" } },
   { "ishr", "ivec4", { "ivec4", "ivec4" } },
   { "ushr", "uvec4", { "uvec4", "uvec4" } },
   { "bitcount", "ivec4", { "uvec4" } },
   { "bitcount", "ivec4", { "ivec4" } },
   { "findlsb", "ivec4", { "ivec4" } },
   { "ifindmsb", "ivec4", { "ivec4" } },
   { "ufindmsb", "ivec4", { "uvec4" } },
   { "bitfield_reverse", "uvec4", { "uvec4" } },
   { "uadd_carry", "uvec4", { "uvec4", "uvec4" } },
   { "usub_borrow", "uvec4", { "uvec4", "uvec4" } },
   { "umul_high", "uvec4", { "uvec4", "uvec4" } },
   { "imul_high", "ivec4", { "ivec4", "ivec4" } },
   { "ubitfield_extract", "uvec4", { "uvec4", "int", "int" } },
   { "ibitfield_extract", "ivec4", { "ivec4", "int", "int" } },
   { "bitfield_insert", "uvec4", { "uvec4", "uvec4", "int", "int" } },
   { "bitfield_insert", "ivec2", { "ivec2", "ivec2", "int", "int" } },
   { "pack_half_2x16", "uint", { "vec2" } },
   { "unpack_half_2x16", "vec2", { "uint" } },
   { "pack_unorm_2x16", "uint", { "vec2" } },
   { "unpack_unorm_2x16", "vec2", { "uint" } },
   { "pack_snorm_2x16", "uint", { "vec2" } },
   { "unpack_snorm_2x16", "vec2", { "uint" } },
   { "pack_unorm_4x8", "uint", { "vec4" } },
   { "unpack_unorm_4x8", "vec4", { "uint" } },
   { "pack_snorm_4x8", "uint", { "vec4" } },
   { "unpack_snorm_4x8", "vec4", { "uint" } },
   /* derivatives: fragment shaders, W/4 quads per batch */
   { "fddx", "vec4", { "vec4" } },
   { "fddy", "vec4", { "vec4" } },
   { "fddx_fine", "vec4", { "vec4" } },
   { "fddy_fine", "vec2", { "vec2" } },
   { "fddx_coarse", "vec4", { "vec4" } },
   { "fddy_coarse", "vec3", { "vec3" } },
   { "fwidth", "vec4", { "vec4" } },
   { "band", "bvec4", { "bvec4", "bvec4" } },
   { "bor", "bvec4", { "bvec4", "bvec4" } },
   { "bxor", "bvec4", { "bvec4", "bvec4" } },
   { "bnot", "bvec4", { "bvec4" } },
   { "ball", "bool", { "bvec3" } },
   { "bany", "bool", { "bvec4" } },
   { "flt", "bvec4", { "vec4", "vec4" } },
   { "fle", "bvec4", { "vec4", "vec4" } },
   { "fgt", "bvec4", { "vec4", "vec4" } },
   { "fge", "bvec4", { "vec4", "vec4" } },
   { "feq", "bvec4", { "vec4", "vec4" } },
   { "fne", "bvec4", { "vec4", "vec4" } },
   { "ilt", "bvec4", { "ivec4", "ivec4" } },
   { "ile", "bvec4", { "ivec4", "ivec4" } },
   { "igt", "bvec4", { "ivec4", "ivec4" } },
   { "ige", "bvec4", { "ivec4", "ivec4" } },
   { "ult", "bvec4", { "uvec4", "uvec4" } },
   { "ule", "bvec4", { "uvec4", "uvec4" } },
   { "ugt", "bvec4", { "uvec4", "uvec4" } },
   { "uge", "bvec4", { "uvec4", "uvec4" } },
   { "ieq", "bvec4", { "ivec4", "ivec4" } },
   { "ine", "bvec4", { "uvec4", "uvec4" } },
   { "beq", "bvec4", { "bvec4", "bvec4" } },
   { "bne", "bvec4", { "bvec4", "bvec4" } },
   { "f2i", "ivec4", { "vec4" } },
   { "f2u", "uvec4", { "vec4" } },
   { "i2f", "vec4", { "ivec4" } },
   { "u2f", "vec4", { "uvec4" } },
   { "i2u", "uvec4", { "ivec4" } },
   { "u2i", "ivec4", { "uvec4" } },
   { "f2b", "bvec4", { "vec4" } },
   { "i2b", "bvec4", { "ivec4" } },
   { "b2f", "vec4", { "bvec4" } },
   { "b2i", "ivec4", { "bvec4" } },
   { "b2i", "uvec4", { "bvec4" } },
   { "bitcast", "ivec4", { "vec4" } },
   { "bitcast", "vec4", { "uvec4" } },
   { "bitcast", "bvec4", { "ivec4" } },
   { "bitcast", "uvec4", { "bvec4" } },
};


static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static uint32_t
fb(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static const uint32_t float_pool[] = {
   0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u,
   0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7fa00001u, 0x7fc12345u,
   0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0x7f7fffffu,
   0xff7fffffu, 0x4f000000u, 0xcf000000u, 0x4f800000u, 0x4effffffu, 0x4f7fffffu,
   0xcf000001u, 0x3fc00000u, 0x40200000u, 0xc0200000u, 0x40000000u, 0x40400000u,
   0x3f7fffffu, 0x3f800001u, 0x40490fdbu, 0x5f000000u, 0x2f000000u,
   /* half-precision rounding ties (even and odd), denormal halves, the
    * largest half and the overflow boundary */
   0x34200000u, 0x33c00000u, 0x33000000u, 0x34600000u, 0x3f801000u, 0x3f803000u,
   0x38801000u, 0x477ff000u, 0x477fe000u, 0x477feffdu, 0xb4200000u,
   /* sin and cos: the last float and the first double step (IR_TRIG_FAST_MAX) */
   0x46000000u, 0x46000001u, 0xc6000001u, 0x48000000u,
};

static const uint32_t int_pool[] = {
   0, 1, 2, 3, 31, 32, 33, 63, 64, 0xffffffffu, 0xfffffffeu, 0x80000000u, 0x7fffffffu,
   0x80000001u, 0xffffffe0u, 0x10000u, 0xffffu, 0x55555555u, 0xaaaaaaaau, 0xfffffc18u,
   300, 301, 0xfffffed4u, 0xfffffed3u, 126, 127, 128, 0xffffff80u,
};

static uint32_t
random_word(unsigned base, bool small_int)
{
   uint32_t r = rnd();
   if (small_int)   /* bitfield offsets/bits: [-2, 40] (irexec's C is defined there) */
      return (uint32_t)((int32_t)(r % 43) - 2);
   switch (base) {
   case IR_FLOAT:
      switch (r % 4) {
      case 0:
      case 1:
         return float_pool[rnd() % (sizeof(float_pool) / 4)];
      case 2:
         return fb(((float)(int32_t)(rnd() % 4001) - 2000.0f) / 64.0f);
      default:
         return rnd();
      }
   case IR_BOOL:
      return r % 3 == 0 ? 0 : r % 3 == 1 ? 1 : rnd();   /* any non-zero is true */
   default:
      return r % 2 ? int_pool[rnd() % (sizeof(int_pool) / 4)] : rnd();
   }
}

static struct ir_type
type_of(const char *name)
{
   struct ir_type t = { 0, 0, 0 };
   if (!ir_type_from_name(name, strlen(name), &t)) {
      fprintf(stderr, "bad type %s\n", name);
      exit(2);
   }
   return t;
}

static struct ir_shader *
build_case(const struct alu_case *c, enum ir_stage stage, unsigned *num_srcs)
{
   enum ir_op op;
   if (!ir_op_from_name(c->op, strlen(c->op), &op)) {
      fprintf(stderr, "bad op %s\n", c->op);
      exit(2);
   }
   struct ir_shader *s = ir_shader_create(stage);
   struct ir_function *f = ir_function_create(s, "main", ir_type_void());
   struct ir_builder b = { .shader = s };
   ir_builder_at_end(&b, f->body);
   struct ir_instr *srcs[4];
   unsigned n = ir_op_info(op)->num_srcs;
   for (unsigned i = 0; i < n; i++) {
      char name[8];
      snprintf(name, sizeof(name), "in%u", i);
      struct ir_var *v = ir_var_create(s, IR_VAR_INPUT, type_of(c->src[i]), 0, name);
      v->location = (int)i;
      srcs[i] = ir_build_load_var(&b, v, NULL, 0);
   }
   struct ir_var *o = ir_var_create(s, IR_VAR_OUTPUT, type_of(c->dst), 0, "out");
   ir_build_store_var(&b, o, NULL, 0, ir_build_alu_typed(&b, op, type_of(c->dst), srcs, n));
   *num_srcs = n;
   return s;
}

static bool
words_match(unsigned base, uint32_t got, uint32_t want, bool zero_sign_free)
{
   if (got == want)
      return true;
   if (zero_sign_free && !(got & 0x7fffffffu) && !(want & 0x7fffffffu))
      return true;
   if (base == IR_FLOAT) {
      float g, w;
      memcpy(&g, &got, 4);
      memcpy(&w, &want, 4);
      return isnan(g) && isnan(w);
   }
   return false;
}

static unsigned failures;

static bool
run_case(struct pony_jit *jit, const struct alu_case *c)
{
   unsigned W = pony_jit_simd_width(jit), ns;
   enum ir_op op;
   ir_op_from_name(c->op, strlen(c->op), &op);
   bool frag = ir_op_info(op)->flags & IR_OPF_DERIVATIVE;
   struct ir_shader *s = build_case(c, frag ? IR_STAGE_FRAGMENT : IR_STAGE_VERTEX, &ns);
   char err[256] = "";
   struct irexec_program *p = irexec_create(s, err, sizeof(err));
   if (!p) {
      fprintf(stderr, "%s %s: irexec refused: %s\n", c->op, c->dst, err);
      failures++;
      ir_shader_destroy(s);
      return false;
   }
   struct pony_jit_shader *js;
   enum pony_jit_status st = pony_jit_compile(jit, s, &js, err, sizeof(err));
   if (st != PONY_JIT_OK) {
      fprintf(stderr, "%s %s: JIT failed (%d): %s\n", c->op, c->dst, (int)st, err);
      failures++;
      irexec_destroy(p);
      ir_shader_destroy(s);
      return false;
   }
   if (pony_jit_shader_num_inputs(js) != ns || pony_jit_shader_num_outputs(js) != 1) {
      fprintf(stderr, "%s: slot counts\n", c->op);
      failures++;
   }
   bool bitfield = op == IR_OP_ubitfield_extract || op == IR_OP_ibitfield_extract ||
                   op == IR_OP_bitfield_insert;
   unsigned dbase = type_of(c->dst).base;
   /* fmin/fmax of +0 and -0: which zero irexec returns depends on the
    * operand order the C compiler picked for its fminf/fmaxf call (gcc
    * treats them as commutative; glibc returns the second operand on
    * equality), so either zero is accepted there and nowhere else */
   bool zero_sign_free = op == IR_OP_fmin || op == IR_OP_fmax || op == IR_OP_fclamp;

   unsigned n = W * BATCHES, bad = 0;
   float (*in)[4] = calloc((size_t)n * ns, sizeof(*in));
   float (*out)[4] = calloc(n, sizeof(*out));
   uint32_t *jin = calloc((size_t)ns * 4 * W, 4), *jout = calloc(4 * W, 4);
   for (unsigned v = 0; v < n; v++)
      for (unsigned i = 0; i < ns; i++) {
         struct ir_type t = type_of(c->src[i]);
         for (unsigned k = 0; k < 4; k++) {
            uint32_t w = k < t.comps ? random_word(t.base, bitfield && i >= (op == IR_OP_bitfield_insert ? 2u : 1u)) : 0;
            /* packHalf: half the words in and around the half range
             * (2^-27 .. 2^17: denormal halves, rounding, overflow) */
            if (op == IR_OP_pack_half_2x16 && rnd() % 2)
               w = (rnd() & 0x807fffffu) | ((100u + rnd() % 45u) << 23);
            if (op == IR_OP_pack_half_2x16 && rnd() % 4 == 0)
               w = float_pool[sizeof(float_pool) / 4 - 1 - rnd() % 11];
            /* unpackUnorm4x8: the first 64 invocations every byte value
             * (the texture sampler's and blending's unorm8 decode,
             * jit_unorm8_to_float, is checked here exhaustively) */
            if (op == IR_OP_unpack_unorm_4x8 && v < 64)
               w = (4 * v) | (4 * v + 1) << 8 | (4 * v + 2) << 16 | (4 * v + 3) << 24;
            /* some lanes get equal operands (x - x, min(x, x), ...) */
            if (i > 0 && k < t.comps && rnd() % 8 == 0 && type_of(c->src[0]).base == t.base && !bitfield)
               memcpy(&w, &in[v * ns][k], 4);
            memcpy(&in[v * ns + i][k], &w, 4);
         }
      }
   struct irexec_env env = { 0 };
   if (frag) {
      /* one 2x2 quad at a time, all lanes live; JIT lanes 4q..4q+3 are
       * the same quad */
      static const float fc[4][4];
      for (unsigned q = 0; q < n / 4; q++) {
         unsigned discarded = 0;
         if (!irexec_run_fragment_quad(p, &env, (const float (*)[4])&in[q * 4 * ns], 0xf, true,
                                       fc, &out[q * 4], &discarded)) {
            fprintf(stderr, "%s: irexec quad failed\n", c->op);
            failures++;
         }
      }
   } else if (!irexec_run_vertices(p, &env, n, (const float (*)[4])in, out)) {
      fprintf(stderr, "%s: irexec run failed\n", c->op);
      failures++;
   }
   pony_jit_shader_func fn = pony_jit_shader_func_get(js);
   struct pony_jit_cbuf cbufs[PONY_JIT_MAX_CBUFS];
   memset(cbufs, 0, sizeof(cbufs));
   for (unsigned bt = 0; bt < BATCHES; bt++) {
      for (unsigned l = 0; l < W; l++)
         for (unsigned i = 0; i < ns; i++)
            for (unsigned k = 0; k < 4; k++)
               memcpy(&jin[(i * 4 + k) * W + l], &in[(bt * W + l) * ns + i][k], 4);
      memset(jout, 0xa5, 4 * W * 4);
      fn(jin, jout, cbufs, NULL);
      for (unsigned l = 0; l < W; l++)
         for (unsigned k = 0; k < 4; k++) {
            uint32_t want;
            memcpy(&want, &out[bt * W + l][k], 4);
            uint32_t got = jout[k * W + l];
            /* fmin/fmax/fclamp with a signaling NaN operand: glibc's
             * fminf gives a quiet NaN (what the JIT does), a compiler that
             * inlines fminf (clang) gives the other operand */
            bool snan_src = false, is_src = false;
            for (unsigned i = 0; zero_sign_free && i < ns; i++) {
               uint32_t sw;
               memcpy(&sw, &in[(bt * W + l) * ns + i][k], 4);
               snan_src |= (sw & 0x7f800000u) == 0x7f800000u && (sw & 0x7fffffu) &&
                           !(sw & 0x400000u);
               is_src |= sw == got;
            }
            /* (in fclamp the NaN of the inner fmax then makes the outer
             * fmin give its other operand: any source value is accepted) */
            if (snan_src && (((got & 0x7f800000u) == 0x7f800000u && (got & 0x7fffffu)) ||
                             (op == IR_OP_fclamp && is_src)))
               continue;
            if (!words_match(dbase, got, want, zero_sign_free)) {
               if (bad++ < 4) {
                  fprintf(stderr, "%s %s lane %u comp %u: jit 0x%08x irexec 0x%08x; sources",
                          c->op, c->dst, bt * W + l, k, got, want);
                  for (unsigned i = 0; i < ns; i++) {
                     uint32_t sw;
                     memcpy(&sw, &in[(bt * W + l) * ns + i][k < type_of(c->src[i]).comps ? k : 0], 4);
                     fprintf(stderr, " 0x%08x", sw);
                  }
                  fprintf(stderr, "\n");
               }
            }
         }
   }
   if (bad) {
      fprintf(stderr, "FAIL %s %s: %u mismatches\n", c->op, c->dst, bad);
      failures++;
   }
   free(in);
   free(out);
   free(jin);
   free(jout);
   pony_jit_shader_destroy(js);
   irexec_destroy(p);
   ir_shader_destroy(s);
   return !bad;
}

int
main(int argc, char **argv)
{
   unsigned width = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
   char err[256];
   struct pony_jit *jit = pony_jit_create(width, err, sizeof(err));
   if (!jit) {
      fprintf(stderr, "pony_jit_create: %s\n", err);
      return 1;
   }
   if (width && pony_jit_simd_width(jit) != width) {
      fprintf(stderr, "asked for width %u, got %u\n", width, pony_jit_simd_width(jit));
      return 1;
   }
   printf("SIMD width %u, CPU %s\n", pony_jit_simd_width(jit), pony_jit_cpu_name(jit));

   bool covered[IR_NUM_OPS] = { false };
   unsigned passed = 0, ncases = sizeof(cases) / sizeof(cases[0]);
   for (unsigned i = 0; i < ncases; i++) {
      enum ir_op op;
      ir_op_from_name(cases[i].op, strlen(cases[i].op), &op);
      if (run_case(jit, &cases[i])) {
         passed++;
         covered[op] = true;
      }
   }
   for (unsigned op = 0; op < IR_NUM_OPS; op++)
      if (ir_op_info((enum ir_op)op)->kind == IR_KIND_ALU && !covered[op]) {
         fprintf(stderr, "FAIL: ALU opcode %s has no passing case\n", ir_op_info((enum ir_op)op)->name);
         failures++;
      }
   printf("%u/%u opcode cases bit-exact over %u invocations each\n", passed, ncases,
          pony_jit_simd_width(jit) * BATCHES);
   pony_jit_destroy(jit);
   return failures ? 1 : 0;
}
