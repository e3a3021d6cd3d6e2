/*
 * Constant folding follows GLSL: IEEE float (NaN, Inf, signed zero),
 * integer wraparound, and no trap on division by zero or INT_MIN / -1.
 * Each case builds `%r = op type srcs...`, folds it and compares the
 * constant with the expected one ("nan" matches any NaN; `approx` allows a
 * relative error of 1e-6 for library functions).
 */
#include "ir_test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_eval_alu.h"
#include "util/u_log2.h"

struct fold_case {
   const char *op;
   const char *type;
   const char *srcs[4];
   const char *expect;
   bool approx;
};

static const struct fold_case cases[] = {
   /* float specials */
   { "fdiv", "float", { "float 1.0", "float 0.0" }, "inf", false },
   { "fdiv", "float", { "float -1.0", "float 0.0" }, "-inf", false },
   { "fdiv", "float", { "float 0.0", "float 0.0" }, "nan", false },
   { "fdiv", "float", { "float 1.0", "float -0.0" }, "-inf", false },
   { "fadd", "float", { "float inf", "float -inf" }, "nan", false },
   { "fmul", "float", { "float 0.0", "float inf" }, "nan", false },
   { "fadd", "vec2", { "vec2 0x7fc00000, 1.0", "vec2 1.0, 2.0" }, "nan, 3.0", false },
   { "fmul", "float", { "float 3.40282347e+38", "float 2.0" }, "inf", false },
   { "fmin", "float", { "float 0x7fc00000", "float 1.0" }, "1.0", false },
   { "fmax", "float", { "float 2.0", "float 0x7fc00000" }, "2.0", false },
   { "fsqrt", "float", { "float -1.0" }, "nan", false },
   { "frsq", "float", { "float 0.0" }, "inf", false },
   { "flog", "float", { "float 0.0" }, "-inf", false },
   { "flog2", "float", { "float 8.0" }, "3.0", false },
   { "fexp", "float", { "float 100.0" }, "inf", false },
   { "fexp2", "float", { "float 10.0" }, "1024.0", false },
   { "fpow", "float", { "float 2.0", "float 10.0" }, "1024.0", false },
   { "fneg", "float", { "float 0.0" }, "-0.0", false },
   { "fabs", "float", { "float -inf" }, "inf", false },
   { "fsign", "vec4", { "vec4 -3.0, 0.0, 2.0, -0.0" }, "-1.0, 0.0, 1.0, -0.0", false },
   { "frcp", "float", { "float -0.0" }, "-inf", false },
   /* GLSL definitions */
   { "fmod", "float", { "float -1.0", "float 3.0" }, "2.0", false },
   { "fmod", "float", { "float 5.5", "float 2.0" }, "1.5", false },
   { "ffract", "float", { "float -0.25" }, "0.75", false },
   { "ffloor", "vec2", { "vec2 -0.5, 1.5" }, "-1.0, 1.0", false },
   { "fceil", "vec2", { "vec2 -0.5, 1.5" }, "-0.0, 2.0", false },
   { "ftrunc", "vec2", { "vec2 -1.5, 1.5" }, "-1.0, 1.0", false },
   { "fround_even", "vec4", { "vec4 2.5, 3.5, -2.5, 0.4" }, "2.0, 4.0, -2.0, 0.0", false },
   { "fstep", "vec2", { "vec2 0.5, 0.5", "vec2 0.4, 0.5" }, "0.0, 1.0", false },
   { "fsmoothstep", "float", { "float 0.0", "float 1.0", "float 0.5" }, "0.5", false },
   { "fsmoothstep", "float", { "float 0.0", "float 1.0", "float 2.0" }, "1.0", false },
   { "fclamp", "vec2", { "vec2 2.0, -1.0", "vec2 0.0, 0.0", "vec2 1.0, 1.0" }, "1.0, 0.0", false },
   { "fmix", "float", { "float 0.0", "float 10.0", "float 0.25" }, "2.5", false },
   { "ffma", "float", { "float 2.0", "float 3.0", "float 1.0" }, "7.0", false },
   { "fradians", "float", { "float 180.0" }, "3.14159274", true },
   { "fdegrees", "float", { "float 3.14159274" }, "180.0", true },
   { "fsin", "float", { "float 0.0" }, "0.0", false },
   { "fcos", "float", { "float 0.0" }, "1.0", false },
   { "fatan2", "float", { "float 1.0", "float 0.0" }, "1.57079637", true },
   { "fisnan", "bvec2", { "vec2 0x7fc00000, inf" }, "true, false", false },
   { "fisinf", "bvec2", { "vec2 0x7fc00000, -inf" }, "false, true", false },
   { "fddx", "vec2", { "vec2 5.0, 6.0" }, "0.0, 0.0", false },
   { "fwidth", "float", { "float 5.0" }, "0.0", false },
   /* geometric */
   { "fdot", "float", { "vec3 1.0, 2.0, 3.0", "vec3 4.0, 5.0, 6.0" }, "32.0", false },
   { "fcross", "vec3", { "vec3 1.0, 0.0, 0.0", "vec3 0.0, 1.0, 0.0" }, "0.0, 0.0, 1.0", false },
   { "flength", "float", { "vec2 3.0, 4.0" }, "5.0", false },
   { "fdistance", "float", { "vec2 1.0, 1.0", "vec2 4.0, 5.0" }, "5.0", false },
   { "fnormalize", "vec2", { "vec2 3.0, 4.0" }, "0.6, 0.8", true },
   { "fnormalize", "vec2", { "vec2 0.0, 0.0" }, "nan, nan", false },
   { "freflect", "vec2", { "vec2 1.0, -1.0", "vec2 0.0, 1.0" }, "1.0, 1.0", false },
   { "frefract", "vec2", { "vec2 1.0, 0.0", "vec2 0.0, 1.0", "float 2.0" }, "0.0, 0.0", false },
   { "ffaceforward", "vec2", { "vec2 0.0, 1.0", "vec2 0.0, -1.0", "vec2 0.0, 1.0" }, "0.0, 1.0", false },
   /* integer wraparound and undefined cases */
   { "iadd", "int", { "int 2147483647", "int 1" }, "-2147483648", false },
   { "isub", "int", { "int -2147483648", "int 1" }, "2147483647", false },
   { "imul", "int", { "int 65536", "int 65536" }, "0", false },
   { "imul", "uint", { "uint 4294967295", "uint 4294967295" }, "1", false },
   { "iadd", "uint", { "uint 4294967295", "uint 2" }, "1", false },
   { "ineg", "int", { "int -2147483648" }, "-2147483648", false },
   { "iabs", "int", { "int -2147483648" }, "-2147483648", false },
   { "idiv", "int", { "int 7", "int 0" }, "0", false },
   { "idiv", "int", { "int -2147483648", "int -1" }, "-2147483648", false },
   { "idiv", "ivec2", { "ivec2 -7, 7", "ivec2 2, -2" }, "-3, -3", false },
   { "imod", "ivec2", { "ivec2 -7, 5", "ivec2 2, 0" }, "-1, 0", false },
   { "imod", "int", { "int -2147483648", "int -1" }, "0", false },
   { "udiv", "uint", { "uint 7", "uint 0" }, "0", false },
   { "umod", "uint", { "uint 7", "uint 0" }, "0", false },
   { "udiv", "uint", { "uint 4294967295", "uint 2" }, "2147483647", false },
   { "ishl", "int", { "int 1", "int 33" }, "2", false },
   { "ishl", "uint", { "uint 1", "uint 31" }, "2147483648", false },
   { "ishr", "int", { "int -8", "int 1" }, "-4", false },
   { "ishr", "int", { "int -1", "uint 31" }, "-1", false },
   { "ushr", "uint", { "uint 2147483648", "uint 31" }, "1", false },
   { "imin", "int", { "int -1", "int 1" }, "-1", false },
   { "umin", "uint", { "uint 4294967295", "uint 1" }, "1", false },
   { "iclamp", "int", { "int 5", "int 0", "int 3" }, "3", false },
   { "uclamp", "uint", { "uint 1", "uint 2", "uint 3" }, "2", false },
   { "isign", "ivec3", { "ivec3 -5, 0, 7" }, "-1, 0, 1", false },
   { "iand", "uint", { "uint 12", "uint 10" }, "8", false },
   { "ior", "uint", { "uint 12", "uint 10" }, "14", false },
   { "ixor", "uint", { "uint 12", "uint 10" }, "6", false },
   { "inot", "int", { "int 0" }, "-1", false },
   { "bitcount", "int", { "uint 4294967295" }, "32", false },
   { "findlsb", "ivec2", { "uvec2 0, 8" }, "-1, 3", false },
   { "ufindmsb", "ivec2", { "uvec2 0, 2147483648" }, "-1, 31", false },
   { "ifindmsb", "ivec3", { "ivec3 -1, 0, 256" }, "-1, -1, 8", false },
   { "bitfield_reverse", "uint", { "uint 1" }, "2147483648", false },
   { "uadd_carry", "uvec2", { "uvec2 4294967295, 1", "uvec2 1, 1" }, "1, 0", false },
   { "usub_borrow", "uvec2", { "uvec2 0, 1", "uvec2 1, 1" }, "1, 0", false },
   { "umul_high", "uint", { "uint 4294967295", "uint 4294967295" }, "4294967294", false },
   { "imul_high", "int", { "int -2", "int 3" }, "-1", false },
   { "ubitfield_extract", "uvec2", { "uvec2 0xf0, 0xffffffff", "int 4", "int 4" }, "15, 15", false },
   { "ibitfield_extract", "int", { "int 0xf0", "int 4", "int 4" }, "-1", false },
   { "ibitfield_extract", "int", { "int 5", "int 30", "int 4" }, "0", false },
   { "ubitfield_extract", "uint", { "uint 0xdeadbeef", "int 0", "int 32" }, "3735928559", false },
   { "bitfield_insert", "uint", { "uint 0xffffffff", "uint 0", "int 8", "int 8" }, "4294902015", false },
   /* packing */
   { "pack_half_2x16", "uint", { "vec2 1.0, -2.0" }, "3221240832", false },
   { "unpack_half_2x16", "vec2", { "uint 3221240832" }, "1.0, -2.0", false },
   { "pack_half_2x16", "uint", { "vec2 65520.0, 5.96046448e-08" }, "97280", false },
   { "unpack_half_2x16", "vec2", { "uint 0x7c00fc00" }, "-inf, inf", false },
   { "pack_unorm_2x16", "uint", { "vec2 1.0, 0.5" }, "2147549183", false },
   { "unpack_unorm_2x16", "vec2", { "uint 0xffff0000" }, "0.0, 1.0", false },
   { "pack_snorm_2x16", "uint", { "vec2 -1.0, 2.0" }, "2147450881", false },
   { "unpack_snorm_2x16", "vec2", { "uint 0x80007fff" }, "1.0, -1.0", false },
   { "pack_unorm_4x8", "uint", { "vec4 1.0, 0.0, 0.5, -3.0" }, "8388863", false },
   { "unpack_unorm_4x8", "vec4", { "uint 0xff0000ff" }, "1.0, 0.0, 0.0, 1.0", false },
   { "pack_snorm_4x8", "uint", { "vec4 1.0, -1.0, 0.0, 0x7fc00000" }, "33151", false },
   { "unpack_snorm_4x8", "vec4", { "uint 0x0080817f" }, "1.0, -1.0, -1.0, 0.0", false },
   { "fldexp", "vec2", { "vec2 1.5, 1.0", "ivec2 3, -1000" }, "12.0, 0.0", false },
   { "ffrexp_sig", "vec2", { "vec2 12.0, 0.0" }, "0.75, 0.0", false },
   { "ffrexp_exp", "ivec2", { "vec2 12.0, 0.0" }, "4, 0", false },
   /* comparisons */
   { "flt", "bool", { "float 0x7fc00000", "float 1.0" }, "false", false },
   { "fge", "bool", { "float 0x7fc00000", "float 0x7fc00000" }, "false", false },
   { "feq", "bool", { "float 0x7fc00000", "float 0x7fc00000" }, "false", false },
   { "fne", "bool", { "float 0x7fc00000", "float 0x7fc00000" }, "true", false },
   { "feq", "bool", { "float 0.0", "float -0.0" }, "true", false },
   { "ult", "bool", { "uint 4294967295", "uint 1" }, "false", false },
   { "ilt", "bool", { "int -1", "int 1" }, "true", false },
   { "ieq", "bvec2", { "uvec2 1, 2", "uvec2 1, 3" }, "true, false", false },
   { "bne", "bool", { "bool true", "bool false" }, "true", false },
   { "ball", "bool", { "bvec2 true, false" }, "false", false },
   { "bany", "bool", { "bvec2 true, false" }, "true", false },
   { "band", "bvec2", { "bvec2 true, false", "bvec2 true, true" }, "true, false", false },
   { "bnot", "bool", { "bool false" }, "true", false },
   /* conversions */
   { "f2i", "ivec4", { "vec4 0x7fc00000, 3e9, -3e9, -1.7" },
     "0, 2147483647, -2147483648, -1", false },
   { "f2u", "uvec3", { "vec3 -5.0, 5e9, 3.9" }, "0, 4294967295, 3", false },
   { "f2u", "uint", { "float inf" }, "4294967295", false },
   { "i2f", "float", { "int -1" }, "-1.0", false },
   { "u2f", "float", { "uint 4294967295" }, "4.2949673e+09", false },
   { "i2u", "uint", { "int -1" }, "4294967295", false },
   { "u2i", "int", { "uint 4294967295" }, "-1", false },
   { "f2b", "bvec2", { "vec2 0x7fc00000, -0.0" }, "true, false", false },
   { "i2b", "bool", { "int -5" }, "true", false },
   { "b2f", "vec2", { "bvec2 true, false" }, "1.0, 0.0", false },
   { "b2i", "uint", { "bool true" }, "1", false },
   { "bitcast", "int", { "float 1.0" }, "1065353216", false },
   { "bitcast", "float", { "uint 2139095040" }, "inf", false },
   /* moves */
   { "select", "vec2", { "bvec2 true, false", "vec2 1.0, 2.0", "vec2 3.0, 4.0" }, "1.0, 4.0", false },
   { "vec3", "ivec3", { "int 1", "int 2", "int 3" }, "1, 2, 3", false },
   { "mov", "bool", { "bool true" }, "true", false },
};

static struct ir_instr *
first_instr(struct ir_shader *s)
{
   return ir_shader_main(s)->body->first;
}

static void
run_case(unsigned idx, const struct fold_case *c)
{
   char text[2048], name[64];
   int n = snprintf(text, sizeof(text),
                    "shader fragment\noutput %s @o location 0\n\nfunc void @main() {\n", c->type);
   unsigned ns = 0;
   for (; ns < 4 && c->srcs[ns]; ns++)
      n += snprintf(text + n, sizeof(text) - (size_t)n, "   %%s%u = const %s\n", ns, c->srcs[ns]);
   n += snprintf(text + n, sizeof(text) - (size_t)n, "   %%r = %s %s", c->op, c->type);
   for (unsigned i = 0; i < ns; i++)
      n += snprintf(text + n, sizeof(text) - (size_t)n, "%s %%s%u", i ? "," : "", i);
   snprintf(text + n, sizeof(text) - (size_t)n, "\n   store_output @o, %%r\n}\n");
   snprintf(name, sizeof(name), "case %u (%s)", idx, c->op);

   struct ir_shader *s = irt_parse(name, text);
   if (!s)
      return;
   char *errors = NULL;
   if (!ir_validate(s, &errors)) {
      IRT_CHECK(false, "%s: invalid test shader:\n%s%s", name, errors, text);
      free(errors);
      ir_shader_destroy(s);
      return;
   }
   bool progress = ir_opt_constant_fold(s);
   IRT_CHECK(progress, "%s: no progress", name);
   IRT_CHECK(ir_validate(s, NULL), "%s: invalid after folding", name);
   struct ir_instr *store = ir_shader_main(s)->body->last;
   struct ir_instr *r = store->src[0];

   char etext[512];
   snprintf(etext, sizeof(etext), "shader fragment\nfunc void @main() {\n   %%e = const %s %s\n}\n",
            c->type, strcmp(c->expect, "nan") && strncmp(c->expect, "nan,", 4) ? c->expect
                                                                                : "0.0, 0.0");
   /* "nan" entries: parse a placeholder, check isnan per component below */
   struct ir_shader *es = NULL;
   bool any_nan = strstr(c->expect, "nan") != NULL;
   if (any_nan) {
      char tmp[256];
      const char *p = c->expect;
      size_t k = 0;
      while (*p && k < sizeof(tmp) - 12) {
         if (!strncmp(p, "nan", 3)) {
            k += (size_t)snprintf(tmp + k, sizeof(tmp) - k, "0x7fc00000");
            p += 3;
         } else {
            tmp[k++] = *p++;
         }
      }
      tmp[k] = 0;
      snprintf(etext, sizeof(etext), "shader fragment\nfunc void @main() {\n   %%e = const %s %s\n}\n",
               c->type, tmp);
   }
   es = irt_parse(name, etext);
   if (!es) {
      ir_shader_destroy(s);
      return;
   }
   struct ir_instr *e = first_instr(es);

   if (r->op != IR_OP_const) {
      IRT_CHECK(false, "%s: result is not a constant", name);
   } else {
      for (unsigned k = 0; k < r->type.comps; k++) {
         union ir_const_value a = r->u.value[k], x = e->u.value[k];
         bool ok;
         if (r->type.base == IR_FLOAT) {
            if (isnan(x.f32))
               ok = isnan(a.f32);
            else if (c->approx)
               ok = fabsf(a.f32 - x.f32) <= 1e-6f * fmaxf(1.0f, fabsf(x.f32));
            else
               ok = a.u32 == x.u32;
         } else if (r->type.base == IR_BOOL) {
            ok = a.b == x.b;
         } else {
            ok = a.u32 == x.u32;
         }
         if (!ok) {
            char *got = ir_print_shader_to_string(s);
            IRT_CHECK(false, "%s: component %u: expected %s\n--- folded ---\n%s", name, k,
                      c->expect, got);
            free(got);
            break;
         }
      }
   }
   ir_shader_destroy(es);
   ir_shader_destroy(s);
}

/* Folding through the pass pipeline, text in -> text out. */
static bool
fold_pass(struct ir_shader *s, const void *arg)
{
   (void)arg;
   bool progress = false;
   IR_PASS(progress, s, ir_opt_constant_fold);
   IR_PASS(progress, s, ir_opt_dce);
   return progress;
}

static void
test_text(void)
{
   irt_check_pass("fold chain",
      "shader fragment\n"
      "output vec4 @o location 0\n"
      "func void @main() {\n"
      "   %a = const vec4 1.0, 2.0, 3.0, 4.0\n"
      "   %b = fmul vec4 %a, %a\n"
      "   %c = swizzle vec2 %b.wx\n"
      "   %d = swizzle vec4 %c.xyxy\n"
      "   %e = fadd vec4 %d, %a\n"
      "   store_output @o, %e\n"
      "}\n",
      fold_pass, NULL, true,
      "shader fragment\n"
      "output vec4 @o location 0\n"
      "func void @main() {\n"
      "   %e = const vec4 17.0, 3.0, 19.0, 5.0\n"
      "   store_output @o, %e\n"
      "}\n");
   irt_check_pass("fold keeps non-constants",
      "shader fragment\n"
      "input vec4 @i location 0\n"
      "output vec4 @o location 0\n"
      "func void @main() {\n"
      "   %a = load_input vec4 @i\n"
      "   %b = fmul vec4 %a, %a\n"
      "   store_output @o, %b\n"
      "}\n",
      fold_pass, NULL, false,
      "shader fragment\n"
      "input vec4 @i location 0\n"
      "output vec4 @o location 0\n"
      "func void @main() {\n"
      "   %a = load_input vec4 @i\n"
      "   %b = fmul vec4 %a, %a\n"
      "   store_output @o, %b\n"
      "}\n");
   irt_check_pass("fold if and discard_if",
      "shader fragment\n"
      "output float @o location 0\n"
      "func void @main() {\n"
      "   %one = const float 1.0\n"
      "   %two = const float 2.0\n"
      "   %c = flt bool %one, %two\n"
      "   %n = bnot bool %c\n"
      "   discard_if %n\n"
      "   if %c {\n"
      "      store_output @o, %one\n"
      "   } else {\n"
      "      store_output @o, %two\n"
      "   }\n"
      "}\n",
      fold_pass, NULL, true,
      "shader fragment\n"
      "output float @o location 0\n"
      "func void @main() {\n"
      "   %one = const float 1.0\n"
      "   store_output @o, %one\n"
      "}\n");
}

/* ir_fold_sin / ir_fold_cos (the IR's own sin and cos, ir_eval_alu.h):
 * for |x| <= IR_TRIG_FAST_MAX (float steps) within 2 ulp of the double-
 * precision library value rounded to float or 2^-28 of it (near the zeros,
 * where the reduction's absolute error dominates; checked over every float
 * of that range once, when the definition changed), beyond it up to
 * IR_TRIG_MAX (double steps) within 1 ulp, over a sweep of every 2^-12
 * step of [-8, 8] and random values up to each limit; the C library's
 * value beyond and for NaN and infinities. */
static int32_t
ulp_dist(float a, float b)
{
   int32_t ia, ib;
   memcpy(&ia, &a, 4);
   memcpy(&ib, &b, 4);
   if (ia < 0)
      ia = INT32_MIN - ia;
   if (ib < 0)
      ib = INT32_MIN - ib;
   return ia > ib ? ia - ib : ib - ia;
}

static void
test_trig(void)
{
   uint32_t state = 12345;
   int32_t worst_fast = 0, worst = 0;
   double worst_abs = 0.0;
   unsigned n = 0;
   for (unsigned i = 0; i < 2 * 65536 + 400000; i++, n++) {
      float x;
      if (i <= 2 * 65536) {
         x = -8.0f + (float)i / 8192.0f;
      } else {
         state = state * 1664525u + 1013904223u;
         float limit = i % 2 ? IR_TRIG_FAST_MAX : IR_TRIG_MAX;
         x = ((float)(state >> 8) / 16777216.0f * 2.0f - 1.0f) * limit;
      }
      for (unsigned c = 0; c < 2; c++) {
         float f = c ? ir_fold_cos(x) : ir_fold_sin(x);
         double e = c ? cos((double)x) : sin((double)x);
         int32_t d = ulp_dist(f, (float)e);
         if (fabsf(x) > IR_TRIG_FAST_MAX) {
            worst = d > worst ? d : worst;
         } else if (d > 2) {
            double a = fabs((double)f - e);
            worst_abs = a > worst_abs ? a : worst_abs;
            worst_fast = d > worst_fast ? d : worst_fast;
         }
      }
   }
   IRT_CHECK(worst <= 1, "sin/cos beyond %g: %d ulp from the library's double value",
             (double)IR_TRIG_FAST_MAX, worst);
   IRT_CHECK(worst_abs <= 0x1p-28, "sin/cos: %d ulp and %g from the library's double value "
             "over %u arguments", worst_fast, worst_abs, n);
   static const float beyond[] = { 524288.0625f, -1e6f, 3e38f, INFINITY, -INFINITY };
   for (unsigned i = 0; i < sizeof(beyond) / sizeof(beyond[0]); i++) {
      float x = beyond[i], s = ir_fold_sin(x), c = ir_fold_cos(x);
      IRT_CHECK(memcmp(&s, &(float){ sinf(x) }, 4) == 0 || (isnan(s) && isnan(sinf(x))),
                "sin(%g) is not the library's", x);
      IRT_CHECK(memcmp(&c, &(float){ cosf(x) }, 4) == 0 || (isnan(c) && isnan(cosf(x))),
                "cos(%g) is not the library's", x);
   }
   IRT_CHECK(isnan(ir_fold_sin(NAN)) && isnan(ir_fold_cos(NAN)), "sin/cos of NaN");
   IRT_CHECK(ir_fold_sin(0.0f) == 0.0f && ir_fold_cos(0.0f) == 1.0f, "sin/cos of 0");
}

/* u_log2f (flog2, the sampler's level of detail): within 1 ulp of the
 * double-precision library value rounded to float over every 4099th
 * positive float (subnormals included), exact at every power of two, and
 * the special values; flog2 folds to it. */
static void
test_log2(void)
{
   int32_t worst = 0;
   unsigned n = 0;
   for (uint32_t bits = 1; bits < 0x7f800000u; bits += 4099, n++) {
      float x;
      memcpy(&x, &bits, 4);
      int32_t d = ulp_dist(u_log2f(x), (float)log2((double)x));
      worst = d > worst ? d : worst;
   }
   IRT_CHECK(worst <= 1, "log2: %d ulp from the library's double value over %u arguments",
             worst, n);
   for (int e = -149; e <= 127; e++)
      IRT_CHECK(u_log2f(ldexpf(1.0f, e)) == (float)e, "log2(2^%d) is not %d", e, e);
   IRT_CHECK(u_log2f(0.0f) == -INFINITY && u_log2f(-0.0f) == -INFINITY, "log2(+-0)");
   IRT_CHECK(u_log2f(INFINITY) == INFINITY, "log2(inf)");
   IRT_CHECK(isnan(u_log2f(-1.0f)) && isnan(u_log2f(-INFINITY)) && isnan(u_log2f(NAN)),
             "log2 of negative values and NaN");
   union ir_const_value a[4] = { { .f32 = 10.0f } }, out[4];
   const union ir_const_value *srcs[1] = { a };
   struct ir_type t = ir_type_make(IR_FLOAT, 1);
   IRT_CHECK(ir_eval_alu(IR_OP_flog2, t, 1, &t, srcs, out) && out[0].f32 == u_log2f(10.0f),
             "flog2 does not fold to u_log2f");
}

int
main(void)
{
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      run_case(i, &cases[i]);
   test_text();
   test_trig();
   test_log2();
   return irt_finish("ir_test_constant_fold");
}
