/*
 * Every ALU opcode through the interpreter: one instruction per shader,
 * operands from vertex inputs, results compared with values worked out
 * by hand or by a C formula written here (GLSL semantics; for cases GLSL
 * leaves undefined, the choices documented in docs/ir.md).  Per-component
 * operations run on 4 vertices with the operands rotated per vertex, so
 * lanes are checked to be independent.  The test fails when an ALU opcode
 * (derivatives excepted: irexec_test_exec) has no case.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_eval_alu.h"
#include "irexec_test_util.h"

#define PI_F 3.14159265358979f
#define NANF (bitsf(0x7fc00000u))
#define INF INFINITY

struct alu_case {
   const char *op;
   const char *dst;
   const char *src[4];
   uint32_t v[4][4];       /* operand bits, per source */
   uint32_t want[4];
   float tol;              /* float results: 0 = bit exact */
};

#define F4(a, b, c, d) { fbits(a), fbits(b), fbits(c), fbits(d) }
#define U4(a, b, c, d) { (uint32_t)(a), (uint32_t)(b), (uint32_t)(c), (uint32_t)(d) }
#define T 1u
#define F 0u

static float
refract_y(float ix, float iy, float nx, float ny, float eta, int comp)
{
   float d = nx * ix + ny * iy;
   float k = 1.0f - eta * eta * (1.0f - d * d);
   if (k < 0.0f)
      return 0.0f;
   float s = eta * d + sqrtf(k);
   return comp == 0 ? eta * ix - s * nx : eta * iy - s * ny;
}

static unsigned
type_comps(const char *name, enum ir_base_type *base)
{
   struct ir_type t;
   if (!ir_type_from_name(name, strlen(name), &t))
      return 0;
   *base = (enum ir_base_type)t.base;
   return t.comps;
}

static void
run_case(struct irexec_test_state *ts, const struct alu_case *c, bool *covered)
{
   char text[2048];
   int len = snprintf(text, sizeof(text), "shader vertex\n");
   unsigned ns = 0;
   while (ns < 4 && c->src[ns])
      ns++;
   for (unsigned i = 0; i < ns; i++)
      len += snprintf(text + len, sizeof(text) - len, "input %s @s%u location %u\n", c->src[i],
                      i, i);
   len += snprintf(text + len, sizeof(text) - len,
                   "output %s @o location 0\nfunc void @main() {\n", c->dst);
   for (unsigned i = 0; i < ns; i++)
      len += snprintf(text + len, sizeof(text) - len, "   %%s%u = load_input %s @s%u\n", i,
                      c->src[i], i);
   len += snprintf(text + len, sizeof(text) - len, "   %%r = %s %s", c->op, c->dst);
   for (unsigned i = 0; i < ns; i++)
      len += snprintf(text + len, sizeof(text) - len, "%s %%s%u", i ? "," : "", i);
   snprintf(text + len, sizeof(text) - len, "\n   store_output @o, %%r\n}\n");

   enum ir_op op;
   if (ir_op_from_name(c->op, strlen(c->op), &op))
      covered[op] = true;

   struct irexec_program *p = irexec_test_program(text);
   CHECK(ts, p != NULL, "%s: no program", c->op);
   if (!p)
      return;

   enum ir_base_type dbase = IR_FLOAT, sbase = IR_FLOAT;
   unsigned dcomps = type_comps(c->dst, &dbase);
   bool rotate = dcomps == 4 && !(ir_op_info(op)->flags & IR_OPF_VECTOR);
   for (unsigned i = 0; i < ns; i++)
      rotate &= type_comps(c->src[i], &sbase) == 4;

   float in[16][4];     /* [vertex * ns + slot][comp] */
   float out[4][1][4];
   memset(in, 0, sizeof(in));
   for (unsigned vtx = 0; vtx < 4; vtx++)
      for (unsigned i = 0; i < ns; i++)
         for (unsigned k = 0; k < 4; k++) {
            uint32_t b = c->v[i][rotate ? (k + vtx) % 4 : k];
            memcpy(&in[vtx * ns + i][k], &b, 4);
         }
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   memset(out, 0xcd, sizeof(out));
   bool ok = irexec_run_vertices(p, &env, 4, (const float(*)[4])in, (float(*)[4])out);
   CHECK(ts, ok, "%s: run failed", c->op);
   for (unsigned vtx = 0; vtx < 4; vtx++) {
      for (unsigned k = 0; k < 4; k++) {
         uint32_t got;
         memcpy(&got, &out[vtx][0][k], 4);
         uint32_t want = k < dcomps ? c->want[rotate ? (k + vtx) % 4 : k] : 0;
         bool good = dbase == IR_FLOAT && k < dcomps
                        ? irexec_test_float_eq(bitsf(got), bitsf(want), c->tol)
                        : got == want;
         if (dbase == IR_FLOAT && k < dcomps)
            CHECK(ts, good, "%s %s vertex %u comp %u: got %.9g (0x%08x) want %.9g (0x%08x)",
                  c->op, c->dst, vtx, k, bitsf(got), got, bitsf(want), want);
         else
            CHECK(ts, good, "%s %s vertex %u comp %u: got 0x%08x (%d) want 0x%08x (%d)", c->op,
                  c->dst, vtx, k, got, (int)got, want, (int)want);
      }
   }
   irexec_destroy(p);
}

int
main(void)
{
   struct irexec_test_state ts = { 0, 0 };
   bool covered[IR_NUM_OPS];
   memset(covered, 0, sizeof(covered));
   const float e = 2.718281828f;

   const struct alu_case cases[] = {
      /* moves, construction, select */
      { "mov", "vec4", { "vec4" }, { F4(1.5f, -0.0f, INF, NANF) }, F4(1.5f, -0.0f, INF, NANF), 0 },
      { "mov", "ivec3", { "ivec3" }, { U4(-1, 7, INT_MIN, 0) }, U4(-1, 7, INT_MIN, 0), 0 },
      { "vec2", "vec2", { "float", "float" }, { F4(1, 0, 0, 0), F4(2, 0, 0, 0) }, F4(1, 2, 0, 0), 0 },
      { "vec3", "ivec3", { "int", "int", "int" }, { U4(-1, 0, 0, 0), U4(2, 0, 0, 0), U4(3, 0, 0, 0) },
        U4(-1, 2, 3, 0), 0 },
      { "vec4", "bvec4", { "bool", "bool", "bool", "bool" },
        { U4(T, 0, 0, 0), U4(F, 0, 0, 0), U4(T, 0, 0, 0), U4(T, 0, 0, 0) }, U4(T, F, T, T), 0 },
      { "select", "vec4", { "bvec4", "vec4", "vec4" },
        { U4(T, F, T, F), F4(1, 2, 3, 4), F4(5, 6, 7, 8) }, F4(1, 6, 3, 8), 0 },
      { "select", "uvec2", { "bvec2", "uvec2", "uvec2" },
        { U4(F, T, 0, 0), U4(1, 2, 0, 0), U4(3, 4, 0, 0) }, U4(3, 2, 0, 0), 0 },

      /* float arithmetic */
      { "fadd", "vec4", { "vec4", "vec4" }, { F4(1.5f, -0.0f, INF, NANF), F4(2.25f, -0.0f, -INF, 1) },
        F4(3.75f, -0.0f, NANF, NANF), 0 },
      { "fadd", "vec4", { "vec4", "vec4" }, { F4(3e38f, -3e38f, 1e-45f, 0.1f), F4(3e38f, -3e38f, 1e-45f, 0.2f) },
        F4(INF, -INF, 2.8e-45f, 0.1f + 0.2f), 0 },
      { "fsub", "vec4", { "vec4", "vec4" }, { F4(1, INF, 0, 3), F4(0.5f, INF, -0.0f, 5) },
        F4(0.5f, NANF, 0.0f, -2), 0 },
      { "fmul", "vec4", { "vec4", "vec4" }, { F4(2, 0, INF, -3), F4(4, INF, -1, 0) },
        F4(8, NANF, -INF, -0.0f), 0 },
      { "fdiv", "vec4", { "vec4", "vec4" }, { F4(1, -1, 0, 6), F4(0, 0, 0, 3) },
        F4(INF, -INF, NANF, 2), 0 },
      { "fneg", "vec4", { "vec4" }, { F4(1, -0.0f, INF, 0) }, F4(-1, 0.0f, -INF, -0.0f), 0 },
      { "fabs", "vec4", { "vec4" }, { F4(-1, -0.0f, -INF, 2) }, F4(1, 0.0f, INF, 2), 0 },
      { "fsign", "vec4", { "vec4" }, { F4(-3, 0, 5, -INF) }, F4(-1, 0, 1, -1), 0 },
      { "fmin", "vec4", { "vec4", "vec4" }, { F4(1, NANF, -INF, 3), F4(2, 5, 0, NANF) },
        F4(1, 5, -INF, 3), 0 },
      { "fmax", "vec4", { "vec4", "vec4" }, { F4(1, NANF, -INF, 3), F4(2, 5, 0, NANF) },
        F4(2, 5, 0, 3), 0 },
      { "fclamp", "vec4", { "vec4", "vec4", "vec4" },
        { F4(-1, 0.5f, 2, NANF), F4(0, 0, 0, 0), F4(1, 1, 1, 1) }, F4(0, 0.5f, 1, 0), 0 },
      { "fmix", "vec4", { "vec4", "vec4", "vec4" },
        { F4(0, 10, 1, 2), F4(10, 20, 3, 4), F4(0.5f, 0.25f, 0, 1) }, F4(5, 12.5f, 1, 4), 0 },
      { "fstep", "vec4", { "vec4", "vec4" }, { F4(1, 1, 1, NANF), F4(0, 1, 2, 1) },
        F4(0, 1, 1, 1), 0 },
      { "fsmoothstep", "vec4", { "vec4", "vec4", "vec4" },
        { F4(0, 0, 0, 0), F4(1, 1, 1, 1), F4(0.5f, -1, 2, 0.25f) },
        F4(0.5f, 0, 1, 0.15625f), 1e-6f },
      { "ffma", "vec4", { "vec4", "vec4", "vec4" },
        { F4(2, 3, INF, 1e30f), F4(3, 4, 0, 1e30f), F4(1, -12, 1, -INF) },
        F4(7, 0, NANF, -INF), 0 },
      { "ffloor", "vec4", { "vec4" }, { F4(1.5f, -1.5f, -0.0f, INF) }, F4(1, -2, -0.0f, INF), 0 },
      { "fceil", "vec4", { "vec4" }, { F4(1.5f, -1.5f, 0, -INF) }, F4(2, -1, 0, -INF), 0 },
      { "ffract", "vec4", { "vec4" }, { F4(1.25f, -1.25f, INF, 3) }, F4(0.25f, 0.75f, NANF, 0), 0 },
      { "ftrunc", "vec4", { "vec4" }, { F4(1.7f, -1.7f, NANF, -0.5f) }, F4(1, -1, NANF, -0.0f), 0 },
      { "fround_even", "vec4", { "vec4" }, { F4(0.5f, 1.5f, 2.5f, -2.5f) }, F4(0, 2, 2, -2), 0 },
      { "fmod", "vec4", { "vec4", "vec4" }, { F4(5.5f, -5.5f, 5.5f, 1), F4(2, 2, -2, 0) },
        F4(1.5f, 0.5f, -0.5f, NANF), 0 },
      { "frcp", "vec4", { "vec4" }, { F4(2, 0, -0.0f, INF) }, F4(0.5f, INF, -INF, 0), 0 },
      { "fsqrt", "vec4", { "vec4" }, { F4(4, -1, 0, INF) }, F4(2, NANF, 0, INF), 0 },
      { "frsq", "vec4", { "vec4" }, { F4(4, 0, 0.25f, -1) }, F4(0.5f, INF, 2, NANF), 0 },
      { "fexp", "vec4", { "vec4" }, { F4(0, 1, -INF, 100) }, F4(1, e, 0, INF), 1e-6f },
      { "fexp2", "vec4", { "vec4" }, { F4(0, 3, -1, 200) }, F4(1, 8, 0.5f, INF), 1e-6f },
      { "flog", "vec4", { "vec4" }, { F4(1, e, 0, -1) }, F4(0, 1, -INF, NANF), 1e-6f },
      { "flog2", "vec4", { "vec4" }, { F4(1, 8, 0, 0.5f) }, F4(0, 3, -INF, -1), 1e-6f },
      { "fpow", "vec4", { "vec4", "vec4" }, { F4(2, 4, 0, -8), F4(3, 0.5f, 0, 0.5f) },
        F4(8, 2, 1, NANF), 1e-6f },
      { "fsin", "vec4", { "vec4" }, { F4(0, PI_F / 2, PI_F, -PI_F / 2) }, F4(0, 1, 0, -1), 1e-6f },
      { "fcos", "vec4", { "vec4" }, { F4(0, PI_F, PI_F / 2, 2 * PI_F) }, F4(1, -1, 0, 1), 1e-6f },
      { "ftan", "vec4", { "vec4" }, { F4(0, PI_F / 4, -PI_F / 4, 1) },
        F4(0, 1, -1, 1.5574077f), 1e-6f },
      { "fasin", "vec4", { "vec4" }, { F4(0, 1, -1, 2) }, F4(0, PI_F / 2, -PI_F / 2, NANF), 1e-6f },
      { "facos", "vec4", { "vec4" }, { F4(1, 0, -1, 0.5f) }, F4(0, PI_F / 2, PI_F, PI_F / 3), 1e-6f },
      { "fatan", "vec4", { "vec4" }, { F4(0, 1, INF, -1) }, F4(0, PI_F / 4, PI_F / 2, -PI_F / 4), 1e-6f },
      { "fatan2", "vec4", { "vec4", "vec4" }, { F4(1, 1, -1, 0), F4(1, -1, -1, 1) },
        F4(PI_F / 4, 3 * PI_F / 4, -3 * PI_F / 4, 0), 1e-6f },
      { "fsinh", "vec4", { "vec4" }, { F4(0, 1, -1, 100) }, F4(0, 1.1752012f, -1.1752012f, INF), 1e-6f },
      { "fcosh", "vec4", { "vec4" }, { F4(0, 1, -1, 100) }, F4(1, 1.5430806f, 1.5430806f, INF), 1e-6f },
      { "ftanh", "vec4", { "vec4" }, { F4(0, 1, 100, -100) }, F4(0, 0.7615942f, 1, -1), 1e-6f },
      { "fasinh", "vec4", { "vec4" }, { F4(0, 1.1752012f, -1.1752012f, INF) }, F4(0, 1, -1, INF), 1e-6f },
      { "facosh", "vec4", { "vec4" }, { F4(1, 1.5430806f, 0.5f, INF) }, F4(0, 1, NANF, INF), 1e-6f },
      { "fatanh", "vec4", { "vec4" }, { F4(0, 0.7615942f, 1, 2) }, F4(0, 1, INF, NANF), 1e-5f },
      { "fradians", "vec4", { "vec4" }, { F4(180, 90, -360, 0) }, F4(PI_F, PI_F / 2, -2 * PI_F, 0), 1e-6f },
      { "fdegrees", "vec4", { "vec4" }, { F4(PI_F, PI_F / 2, 1, 0) }, F4(180, 90, 57.29578f, 0), 1e-6f },
      { "fldexp", "vec4", { "vec4", "ivec4" }, { F4(1, 3, 1, 0.75f), U4(3, -1, 200, 2) },
        F4(8, 1.5f, INF, 3), 0 },
      { "ffrexp_sig", "vec4", { "vec4" }, { F4(8, 0.75f, -3, 0) }, F4(0.5f, 0.75f, -0.75f, 0), 0 },
      { "ffrexp_exp", "ivec4", { "vec4" }, { F4(8, 0.75f, -3, 0) }, U4(4, 0, 2, 0), 0 },
      { "fisnan", "bvec4", { "vec4" }, { F4(NANF, INF, 0, 1) }, U4(T, F, F, F), 0 },
      { "fisinf", "bvec4", { "vec4" }, { F4(NANF, INF, -INF, 3e38f) }, U4(F, T, T, F), 0 },

      /* geometric */
      { "fdot", "float", { "vec3", "vec3" }, { F4(1, 2, 3, 0), F4(4, 5, 6, 0) }, F4(32, 0, 0, 0), 0 },
      { "fdot", "float", { "vec4", "vec4" }, { F4(0, 1, 0, 0), F4(INF, 1, 1, 1) }, F4(NANF, 0, 0, 0), 0 },
      { "fdot", "float", { "vec2", "vec2" }, { F4(1, 2, 0, 0), F4(INF, 1, 0, 0) }, F4(INF, 0, 0, 0), 0 },
      { "fcross", "vec3", { "vec3", "vec3" }, { F4(1, 2, 3, 0), F4(4, 5, 6, 0) }, F4(-3, 6, -3, 0), 0 },
      { "fcross", "vec3", { "vec3", "vec3" }, { F4(1, 0, 0, 0), F4(0, 1, 0, 0) }, F4(0, 0, 1, 0), 0 },
      { "flength", "float", { "vec3" }, { F4(3, 4, 0, 0) }, F4(5, 0, 0, 0), 0 },
      { "flength", "float", { "vec4" }, { F4(1, 1, 1, 1) }, F4(2, 0, 0, 0), 0 },
      { "fdistance", "float", { "vec2", "vec2" }, { F4(1, 1, 0, 0), F4(4, 5, 0, 0) }, F4(5, 0, 0, 0), 0 },
      { "fnormalize", "vec3", { "vec3" }, { F4(3, 0, 4, 0) }, F4(0.6f, 0, 0.8f, 0), 1e-6f },
      { "fnormalize", "vec2", { "vec2" }, { F4(0, 0, 0, 0) }, F4(NANF, NANF, 0, 0), 0 },
      { "ffaceforward", "vec3", { "vec3", "vec3", "vec3" },
        { F4(1, 2, 3, 0), F4(0, 0, 1, 0), F4(0, 0, 1, 0) }, F4(-1, -2, -3, 0), 0 },
      { "ffaceforward", "vec3", { "vec3", "vec3", "vec3" },
        { F4(1, 2, 3, 0), F4(0, 0, 1, 0), F4(0, 0, -1, 0) }, F4(1, 2, 3, 0), 0 },
      { "freflect", "vec3", { "vec3", "vec3" }, { F4(1, -1, 0, 0), F4(0, 1, 0, 0) }, F4(1, 1, 0, 0), 0 },
      { "frefract", "vec2", { "vec2", "vec2", "float" },
        { F4(0.6f, -0.8f, 0, 0), F4(0, 1, 0, 0), F4(0.5f, 0, 0, 0) },
        F4(refract_y(0.6f, -0.8f, 0, 1, 0.5f, 0), refract_y(0.6f, -0.8f, 0, 1, 0.5f, 1), 0, 0), 1e-6f },
      { "frefract", "vec2", { "vec2", "vec2", "float" },   /* total internal reflection */
        { F4(0.8f, -0.6f, 0, 0), F4(0, 1, 0, 0), F4(1.5f, 0, 0, 0) }, F4(0, 0, 0, 0), 0 },

      /* integer arithmetic */
      { "iadd", "ivec4", { "ivec4", "ivec4" }, { U4(1, INT_MAX, -5, 0), U4(2, 1, 5, -1) },
        U4(3, INT_MIN, 0, -1), 0 },
      { "iadd", "uvec2", { "uvec2", "uvec2" }, { U4(0xffffffffu, 7, 0, 0), U4(1, 8, 0, 0) }, U4(0, 15, 0, 0), 0 },
      { "isub", "ivec4", { "ivec4", "ivec4" }, { U4(0, INT_MIN, 5, 3), U4(1, 1, 10, 3) },
        U4(-1, INT_MAX, -5, 0), 0 },
      { "imul", "ivec4", { "ivec4", "ivec4" }, { U4(3, 0x10000, -4, INT_MAX), U4(4, 0x10000, 5, 2) },
        U4(12, 0, -20, -2), 0 },
      { "ineg", "ivec4", { "ivec4" }, { U4(5, INT_MIN, 0, -7) }, U4(-5, INT_MIN, 0, 7), 0 },
      { "idiv", "ivec4", { "ivec4", "ivec4" }, { U4(7, -7, INT_MIN, 5), U4(2, 2, -1, 0) },
        U4(3, -3, INT_MIN, 0), 0 },
      { "imod", "ivec4", { "ivec4", "ivec4" }, { U4(7, -7, 7, 5), U4(3, 3, -3, 0) }, U4(1, -1, 1, 0), 0 },
      { "udiv", "uvec4", { "uvec4", "uvec4" }, { U4(7, 0xffffffffu, 5, 0), U4(2, 2, 0, 3) },
        U4(3, 0x7fffffff, 0, 0), 0 },
      { "umod", "uvec4", { "uvec4", "uvec4" }, { U4(7, 0xffffffffu, 5, 0), U4(2, 16, 0, 3) },
        U4(1, 15, 0, 0), 0 },
      { "iabs", "ivec4", { "ivec4" }, { U4(-5, 5, INT_MIN, 0) }, U4(5, 5, INT_MIN, 0), 0 },
      { "isign", "ivec4", { "ivec4" }, { U4(-5, 0, 7, INT_MIN) }, U4(-1, 0, 1, -1), 0 },
      { "imin", "ivec4", { "ivec4", "ivec4" }, { U4(-1, 5, INT_MIN, 3), U4(1, -5, 0, 3) },
        U4(-1, -5, INT_MIN, 3), 0 },
      { "imax", "ivec4", { "ivec4", "ivec4" }, { U4(-1, 5, INT_MIN, 3), U4(1, -5, 0, 3) }, U4(1, 5, 0, 3), 0 },
      { "umin", "uvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 1, 0, 7), U4(1, 2, 0, 6) }, U4(1, 1, 0, 6), 0 },
      { "umax", "uvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 1, 0, 7), U4(1, 2, 0, 6) },
        U4(0xffffffffu, 2, 0, 7), 0 },
      { "iclamp", "ivec4", { "ivec4", "ivec4", "ivec4" },
        { U4(-5, 5, 15, 0), U4(0, 0, 0, 0), U4(10, 10, 10, 10) }, U4(0, 5, 10, 0), 0 },
      { "uclamp", "uvec4", { "uvec4", "uvec4", "uvec4" },
        { U4(0, 5, 15, 0xffffffffu), U4(1, 1, 1, 1), U4(10, 10, 10, 10) }, U4(1, 5, 10, 10), 0 },

      /* bitwise */
      { "iand", "uvec4", { "uvec4", "uvec4" }, { U4(0xff00ff00u, 0xffffffffu, 0, 0x1234u), U4(0x0ff00ff0u, 0x5a5a5a5au, 0xffffffffu, 0x00ffu) },
        U4(0x0f000f00u, 0x5a5a5a5au, 0, 0x34u), 0 },
      { "ior", "ivec4", { "ivec4", "ivec4" }, { U4(0xff00ff00u, 0, 1, 0x1200u), U4(0x0ff00ff0u, 0, 2, 0x0034u) },
        U4(0xfff0fff0u, 0, 3, 0x1234u), 0 },
      { "ixor", "uvec4", { "uvec4", "uvec4" }, { U4(0xff00ff00u, 0xffffffffu, 5, 7), U4(0x0ff00ff0u, 0xffffffffu, 3, 0) },
        U4(0xf0f0f0f0u, 0, 6, 7), 0 },
      { "inot", "ivec4", { "ivec4" }, { U4(0, -1, 0x0f0f0f0fu, 1) }, U4(-1, 0, 0xf0f0f0f0u, -2), 0 },
      { "ishl", "uvec4", { "uvec4", "uvec4" }, { U4(1, 1, 1, 0xffffffffu), U4(0, 31, 33, 4) },
        U4(1, 0x80000000u, 2, 0xfffffff0u), 0 },
      { "ishr", "ivec4", { "ivec4", "uvec4" }, { U4(-16, -1, INT_MIN, 16), U4(2, 31, 63, 1) },
        U4(-4, -1, -1, 8), 0 },
      { "ushr", "uvec4", { "uvec4", "ivec4" }, { U4(0x80000000u, 0xffffffffu, 16, 16), U4(31, 4, 36, 0) },
        U4(1, 0x0fffffffu, 1, 16), 0 },
      { "bitcount", "ivec4", { "uvec4" }, { U4(0, 0xffffffffu, 0x80000001u, 7) }, U4(0, 32, 2, 3), 0 },
      { "findlsb", "ivec4", { "ivec4" }, { U4(0, 1, 0x80000000u, 12) }, U4(-1, 0, 31, 2), 0 },
      { "ifindmsb", "ivec4", { "ivec4" }, { U4(0, -1, 0x40000000, -2) }, U4(-1, -1, 30, 0), 0 },
      { "ufindmsb", "ivec4", { "uvec4" }, { U4(0, 1, 0x80000000u, 0xff) }, U4(-1, 0, 31, 7), 0 },
      { "bitfield_reverse", "uvec4", { "uvec4" }, { U4(1, 0x80000000u, 0, 0xf) },
        U4(0x80000000u, 1, 0, 0xf0000000u), 0 },
      { "uadd_carry", "uvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 1, 0x80000000u, 0), U4(1, 1, 0x80000000u, 0) },
        U4(1, 0, 1, 0), 0 },
      { "usub_borrow", "uvec4", { "uvec4", "uvec4" }, { U4(0, 5, 5, 0xffffffffu), U4(1, 5, 4, 0) },
        U4(1, 0, 0, 0), 0 },
      { "umul_high", "uvec4", { "uvec4", "uvec4" },
        { U4(0xffffffffu, 0x10000, 2, 0x80000000u), U4(0xffffffffu, 0x10000, 3, 4) },
        U4(0xfffffffeu, 1, 0, 2), 0 },
      { "imul_high", "ivec4", { "ivec4", "ivec4" }, { U4(-1, 0x40000000, INT_MIN, 3), U4(1, 4, INT_MIN, 5) },
        U4(-1, 1, 0x40000000, 0), 0 },
      { "ubitfield_extract", "uvec4", { "uvec4", "int", "int" },
        { U4(0xabcd1234u, 0xffffffffu, 0, 0xf0), U4(4, 0, 0, 0), U4(8, 0, 0, 0) }, U4(0x23, 0xff, 0, 0x0f), 0 },
      { "ubitfield_extract", "uvec2", { "uvec2", "int", "int" },
        { U4(0xabcd1234u, 5, 0, 0), U4(0, 0, 0, 0), U4(32, 0, 0, 0) }, U4(0xabcd1234u, 5, 0, 0), 0 },
      { "ubitfield_extract", "uvec2", { "uvec2", "int", "int" },   /* offset + bits > 32 */
        { U4(0xffffffffu, 5, 0, 0), U4(30, 0, 0, 0), U4(4, 0, 0, 0) }, U4(0, 0, 0, 0), 0 },
      { "ibitfield_extract", "ivec2", { "ivec2", "int", "int" },
        { U4(0xf0, 0x70, 0, 0), U4(4, 0, 0, 0), U4(4, 0, 0, 0) }, U4(-1, 7, 0, 0), 0 },
      { "bitfield_insert", "uvec4", { "uvec4", "uvec4", "int", "int" },
        { U4(0xffffffffu, 0, 0x12345678u, 0), U4(0, 0xff, 0xab, 0xffffffffu), U4(8, 0, 0, 0), U4(8, 0, 0, 0) },
        U4(0xffff00ffu, 0xff00, 0x1234ab78u, 0xff00), 0 },

      /* packing */
      { "pack_half_2x16", "uint", { "vec2" }, { F4(1.0f, -2.0f, 0, 0) }, U4(0xc0003c00u, 0, 0, 0), 0 },
      { "pack_half_2x16", "uint", { "vec2" }, { F4(65520.0f, 1e-8f, 0, 0) }, U4(0x00007c00u, 0, 0, 0), 0 },
      { "unpack_half_2x16", "vec2", { "uint" }, { U4(0xc0003c00u, 0, 0, 0) }, F4(1, -2, 0, 0), 0 },
      { "unpack_half_2x16", "vec2", { "uint" }, { U4(0x00017c00u, 0, 0, 0) }, F4(INF, 5.9604645e-8f, 0, 0), 0 },
      { "pack_unorm_2x16", "uint", { "vec2" }, { F4(0.5f, 2.0f, 0, 0) }, U4(0xffff8000u, 0, 0, 0), 0 },
      { "unpack_unorm_2x16", "vec2", { "uint" }, { U4(0xffff8000u, 0, 0, 0) },
        F4(32768.0f / 65535.0f, 1, 0, 0), 1e-7f },
      { "pack_snorm_2x16", "uint", { "vec2" }, { F4(-1.0f, 0.5f, 0, 0) }, U4(0x40008001u, 0, 0, 0), 0 },
      { "unpack_snorm_2x16", "vec2", { "uint" }, { U4(0x40008000u, 0, 0, 0) },
        F4(-1, 16384.0f / 32767.0f, 0, 0), 1e-7f },
      { "pack_unorm_4x8", "uint", { "vec4" }, { F4(0, 1, 0.5f, -1) }, U4(0x0080ff00u, 0, 0, 0), 0 },
      { "unpack_unorm_4x8", "vec4", { "uint" }, { U4(0x0080ff00u, 0, 0, 0) }, F4(0, 1, 128.0f / 255.0f, 0), 1e-7f },
      { "pack_snorm_4x8", "uint", { "vec4" }, { F4(1, -1, 0, 0.5f) }, U4(0x4000817fu, 0, 0, 0), 0 },
      { "unpack_snorm_4x8", "vec4", { "uint" }, { U4(0x4000817fu, 0, 0, 0) }, F4(1, -1, 0, 64.0f / 127.0f), 1e-7f },

      /* bool */
      { "band", "bvec4", { "bvec4", "bvec4" }, { U4(T, T, F, F), U4(T, F, T, F) }, U4(T, F, F, F), 0 },
      { "bor", "bvec4", { "bvec4", "bvec4" }, { U4(T, T, F, F), U4(T, F, T, F) }, U4(T, T, T, F), 0 },
      { "bxor", "bvec4", { "bvec4", "bvec4" }, { U4(T, T, F, F), U4(T, F, T, F) }, U4(F, T, T, F), 0 },
      { "bnot", "bvec4", { "bvec4" }, { U4(T, F, T, F) }, U4(F, T, F, T), 0 },
      { "ball", "bool", { "bvec3" }, { U4(T, T, T, 0) }, U4(T, 0, 0, 0), 0 },
      { "ball", "bool", { "bvec3" }, { U4(T, F, T, 0) }, U4(F, 0, 0, 0), 0 },
      { "bany", "bool", { "bvec2" }, { U4(F, T, 0, 0) }, U4(T, 0, 0, 0), 0 },
      { "bany", "bool", { "bvec2" }, { U4(F, F, 0, 0) }, U4(F, 0, 0, 0), 0 },
      /* a bool input with a non-zero bit pattern other than 1 is true */
      { "bnot", "bvec2", { "bvec2" }, { U4(0x100, 0, 0, 0) }, U4(F, T, 0, 0), 0 },

      /* comparisons */
      { "flt", "bvec4", { "vec4", "vec4" }, { F4(1, NANF, 2, -0.0f), F4(2, 1, 2, 0) }, U4(T, F, F, F), 0 },
      { "fle", "bvec4", { "vec4", "vec4" }, { F4(1, NANF, 2, -0.0f), F4(2, 1, 2, 0) }, U4(T, F, T, T), 0 },
      { "fgt", "bvec4", { "vec4", "vec4" }, { F4(2, NANF, 1, INF), F4(1, 1, 1, INF) }, U4(T, F, F, F), 0 },
      { "fge", "bvec4", { "vec4", "vec4" }, { F4(2, NANF, 1, INF), F4(1, 1, 1, INF) }, U4(T, F, T, T), 0 },
      { "feq", "bvec4", { "vec4", "vec4" }, { F4(1, NANF, -0.0f, INF), F4(1, NANF, 0, INF) }, U4(T, F, T, T), 0 },
      { "fne", "bvec4", { "vec4", "vec4" }, { F4(1, NANF, -0.0f, INF), F4(1, NANF, 0, -INF) }, U4(F, T, F, T), 0 },
      { "ilt", "bvec4", { "ivec4", "ivec4" }, { U4(-1, 1, INT_MIN, 5), U4(0, 0, INT_MAX, 5) }, U4(T, F, T, F), 0 },
      { "ile", "bvec4", { "ivec4", "ivec4" }, { U4(-1, 1, INT_MIN, 5), U4(0, 0, INT_MAX, 5) }, U4(T, F, T, T), 0 },
      { "igt", "bvec4", { "ivec4", "ivec4" }, { U4(-1, 1, INT_MIN, 5), U4(0, 0, INT_MAX, 5) }, U4(F, T, F, F), 0 },
      { "ige", "bvec4", { "ivec4", "ivec4" }, { U4(-1, 1, INT_MIN, 5), U4(0, 0, INT_MAX, 5) }, U4(F, T, F, T), 0 },
      { "ult", "bvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 0, 1, 5), U4(0, 1, 1, 6) }, U4(F, T, F, T), 0 },
      { "ule", "bvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 0, 1, 5), U4(0, 1, 1, 6) }, U4(F, T, T, T), 0 },
      { "ugt", "bvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 0, 1, 5), U4(0, 1, 1, 6) }, U4(T, F, F, F), 0 },
      { "uge", "bvec4", { "uvec4", "uvec4" }, { U4(0xffffffffu, 0, 1, 5), U4(0, 1, 1, 6) }, U4(T, F, T, F), 0 },
      { "ieq", "bvec4", { "ivec4", "ivec4" }, { U4(-1, 1, INT_MIN, 5), U4(-1, 0, INT_MIN, 6) }, U4(T, F, T, F), 0 },
      { "ine", "bvec2", { "uvec2", "uvec2" }, { U4(7, 8, 0, 0), U4(7, 9, 0, 0) }, U4(F, T, 0, 0), 0 },
      { "beq", "bvec4", { "bvec4", "bvec4" }, { U4(T, T, F, F), U4(T, F, T, F) }, U4(T, F, F, T), 0 },
      { "bne", "bvec4", { "bvec4", "bvec4" }, { U4(T, T, F, F), U4(T, F, T, F) }, U4(F, T, T, F), 0 },

      /* conversions */
      { "f2i", "ivec4", { "vec4" }, { F4(1.9f, -1.9f, NANF, 3e9f) }, U4(1, -1, 0, INT_MAX), 0 },
      { "f2i", "ivec2", { "vec2" }, { F4(-3e9f, -INF, 0, 0) }, U4(INT_MIN, INT_MIN, 0, 0), 0 },
      { "f2u", "uvec4", { "vec4" }, { F4(1.9f, -1, NANF, 5e9f) }, U4(1, 0, 0, 0xffffffffu), 0 },
      { "i2f", "vec4", { "ivec4" }, { U4(-1, INT_MAX, 16777217, 0) }, F4(-1, 2147483648.0f, 16777216.0f, 0), 0 },
      { "u2f", "vec4", { "uvec4" }, { U4(0xffffffffu, 1, 16777219, 0) }, F4(4294967296.0f, 1, 16777220.0f, 0), 0 },
      { "i2u", "uvec4", { "ivec4" }, { U4(-1, 1, INT_MIN, 0) }, U4(0xffffffffu, 1, 0x80000000u, 0), 0 },
      { "u2i", "ivec4", { "uvec4" }, { U4(0xffffffffu, 1, 0x80000000u, 0) }, U4(-1, 1, INT_MIN, 0), 0 },
      { "f2b", "bvec4", { "vec4" }, { F4(0, -0.0f, NANF, 0.5f) }, U4(F, F, T, T), 0 },
      { "i2b", "bvec4", { "ivec4" }, { U4(0, 1, -1, INT_MIN) }, U4(F, T, T, T), 0 },
      { "b2f", "vec4", { "bvec4" }, { U4(T, F, T, F) }, F4(1, 0, 1, 0), 0 },
      { "b2i", "ivec4", { "bvec4" }, { U4(T, F, T, F) }, U4(1, 0, 1, 0), 0 },
      { "b2i", "uvec2", { "bvec2" }, { U4(F, T, 0, 0) }, U4(0, 1, 0, 0), 0 },
      { "bitcast", "ivec4", { "vec4" }, { F4(1.0f, -0.0f, INF, -2.5f) },
        U4(0x3f800000u, 0x80000000u, 0x7f800000u, 0xc0200000u), 0 },
      { "bitcast", "vec2", { "uvec2" }, { U4(0x40490fdbu, 0x7fc00001u, 0, 0) }, F4(3.14159274f, NANF, 0, 0), 0 },
   };

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      run_case(&ts, &cases[i], covered);

   /* every ALU opcode has a case (derivatives: irexec_test_exec) */
   for (unsigned op = 0; op < IR_NUM_OPS; op++) {
      const struct ir_op_info *info = ir_op_info((enum ir_op)op);
      if (info->kind != IR_KIND_ALU || (info->flags & IR_OPF_DERIVATIVE))
         continue;
      CHECK(&ts, covered[op], "ALU opcode %s has no test case", info->name);
   }

   /* the shared evaluator refuses what it cannot compute instead of guessing */
   {
      union ir_const_value a[4], out[4];
      memset(a, 0, sizeof(a));
      a[0].f32 = 2.0f;
      const union ir_const_value *srcs[2] = { a, a };
      struct ir_type f1 = ir_type_make(IR_FLOAT, 1), types[2] = { f1, f1 };
      struct ir_type d1 = f1;
      d1.bits = 64;
      CHECK(&ts, ir_eval_alu(IR_OP_fadd, f1, 2, types, srcs, out) && out[0].f32 == 4.0f,
            "ir_eval_alu fadd");
      CHECK(&ts, !ir_eval_alu(IR_OP_if, f1, 1, types, srcs, out), "ir_eval_alu on a non-ALU op");
      CHECK(&ts, !ir_eval_alu(IR_OP_fadd, f1, 1, types, srcs, out), "ir_eval_alu with 1 source");
      CHECK(&ts, !ir_eval_alu(IR_OP_fadd, d1, 2, types, srcs, out), "ir_eval_alu on 64-bit");
      CHECK(&ts, !ir_eval_alu((enum ir_op)IR_NUM_OPS, f1, 2, types, srcs, out), "ir_eval_alu bad op");
   }

   printf("irexec_test_alu: %u checks, %u failures\n", ts.checks, ts.failures);
   return ts.failures ? 1 : 0;
}
