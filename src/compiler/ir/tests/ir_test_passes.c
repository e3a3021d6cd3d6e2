/*
 * Pass tests: IR text in -> pass -> expected IR text out, table-driven.
 * On failure the expected and actual IR are printed.  Expected text may
 * use any value names; both sides are compared after print/parse.
 */
#include "ir_test_util.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static bool
p_dce(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_dce(s);
}

static bool
p_copy(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_copy_prop(s);
}

static bool
p_cse(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_cse(s);
}

static bool
p_alg(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_algebraic(s);
}

static bool
p_alg_dce(struct ir_shader *s, const void *a)
{
   (void)a;
   bool progress = false;
   IR_PASS(progress, s, ir_opt_algebraic);
   IR_PASS(progress, s, ir_opt_dce);
   return progress;
}

static bool
p_scalar(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_lower_scalar(s);
}

static bool
p_inline(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_inline(s);
}

static bool
p_unroll(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_loop_unroll(s);
}

static bool
p_indirect(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_lower_indirect(s, 1u << IR_VAR_LOCAL);
}

/* the usual clean-up loop, run through IR_PASS (validates each step) */
static bool
p_opt(struct ir_shader *s, const void *a)
{
   (void)a;
   return ir_opt_cleanup(s);
}

static bool
p_scalar_opt(struct ir_shader *s, const void *a)
{
   bool progress = false;
   IR_PASS(progress, s, ir_lower_scalar);
   p_opt(s, a);
   return progress;
}

static bool
p_unroll_opt(struct ir_shader *s, const void *a)
{
   bool progress = false;
   IR_PASS(progress, s, ir_opt_loop_unroll);
   p_opt(s, a);
   return progress;
}

static bool
p_indirect_opt(struct ir_shader *s, const void *a)
{
   bool progress = false;
   IR_PASS(progress, s, ir_lower_indirect, 1u << IR_VAR_LOCAL);
   p_opt(s, a);
   return progress;
}

#define FS "shader fragment\n" \
   "input vec4 @in location 0\n" \
   "input int @idx location 1 flat\n" \
   "output vec4 @o location 0\n" \
   "output float @of location 1\n"

/* triangles in, a strip out; the inputs one element per vertex */
#define GS "shader geometry\n" \
   "input_primitive triangles\n" \
   "output_primitive triangle_strip\n" \
   "max_vertices 8\n" \
   "input vec4 @pos[3] semantic position\n" \
   "input vec4 @col[3] location 0\n" \
   "output vec4 @opos semantic position\n" \
   "output vec4 @ocol location 0\n"

struct pass_case {
   const char *name;
   irt_pass_fn pass;
   bool progress;
   const char *in, *out;
};

static const struct pass_case cases[] = {
   /* ---------------- dead-code elimination ---------------- */
   { "dce: unused chain", p_dce, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %a = fadd vec4 %x, %x\n"
     "   %b = fmul vec4 %a, %a\n"
     "   %c = fsqrt vec4 %b\n"
     "   store_output @o, %x\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   store_output @o, %x\n"
     "}\n" },
   { "dce: nothing to do", p_dce, false,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   store_output @o, %x\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   store_output @o, %x\n"
     "}\n" },
   { "dce: unreachable after jumps", p_dce, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %c = const bool true\n"
     "   %i = load_input int @idx\n"
     "   %z = const int 0\n"
     "   %d = ieq bool %i, %z\n"
     "   loop {\n"
     "      if %d {\n"
     "         break\n"
     "      }\n"
     "      store_output @o, %x\n"
     "      if %c {\n"
     "         continue\n"
     "      }\n"
     "      store_output @o, %x\n"
     "   }\n"
     "   if %c {\n"
     "      return\n"
     "   }\n"
     "   store_output @o, %x\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %i = load_input int @idx\n"
     "   %z = const int 0\n"
     "   %d = ieq bool %i, %z\n"
     "   loop {\n"
     "      if %d {\n"
     "         break\n"
     "      }\n"
     "      store_output @o, %x\n"
     "      continue\n"
     "   }\n"
     "   return\n"
     "}\n" },
   { "dce: constant if, empty if, discard_if", p_dce, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %t = const bool true\n"
     "   %f = const bool false\n"
     "   %c = load_input int @idx\n"
     "   %z = const int 0\n"
     "   %d = ieq bool %c, %z\n"
     "   if %d {\n"
     "   }\n"
     "   discard_if %f\n"
     "   if %f {\n"
     "      store_output @o, %x\n"
     "   } else {\n"
     "      %y = fneg vec4 %x\n"
     "      store_output @o, %y\n"
     "   }\n"
     "   discard_if %t\n"
     "   store_output @o, %x\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %y = fneg vec4 %x\n"
     "   store_output @o, %y\n"
     "   discard\n"
     "}\n" },
   { "dce: dead locals and a loop that runs once", p_dce, true,
     FS "local float @never_read\n"
     "local vec4 @t\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.y\n"
     "   store_local @never_read, %s\n"
     "   loop {\n"
     "      store_local @t, %x\n"
     "      break\n"
     "   }\n"
     "   %r = load_local vec4 @t\n"
     "   store_output @o, %r\n"
     "}\n",
     FS "local float @never_read\n"
     "local vec4 @t\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   store_local @t, %x\n"
     "   %r = load_local vec4 @t\n"
     "   store_output @o, %r\n"
     "}\n" },

   /* the loop's body is spliced before the loop while DCE walks past it:
    * its load of @c must still keep the store to @c (a GLSL
    * do { if (c) ... } while (false) lost its condition) */
   { "dce: loads in a loop that runs once keep their stores", p_dce, true,
     FS "local bool @c\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.y\n"
     "   %z = const float 0.0\n"
     "   %b = flt bool %z, %s\n"
     "   store_local @c, %b\n"
     "   loop {\n"
     "      %l = load_local bool @c\n"
     "      if %l {\n"
     "         discard\n"
     "      }\n"
     "      break\n"
     "   }\n"
     "   store_output @o, %x\n"
     "}\n",
     FS "local bool @c\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.y\n"
     "   %z = const float 0.0\n"
     "   %b = flt bool %z, %s\n"
     "   store_local @c, %b\n"
     "   %l = load_local bool @c\n"
     "   if %l {\n"
     "      discard\n"
     "   }\n"
     "   store_output @o, %x\n"
     "}\n" },

   /* ---------------- copy propagation ---------------- */
   { "copy: movs and swizzles", p_copy, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %m = mov vec4 %x\n"
     "   %m2 = mov vec4 %m\n"
     "   %id = swizzle vec4 %m2.xyzw\n"
     "   %s1 = swizzle vec3 %id.wzy\n"
     "   %s2 = swizzle vec2 %s1.zx\n"
     "   %a = swizzle float %x.x\n"
     "   %b = swizzle float %x.y\n"
     "   %v = vec2 vec2 %a, %b\n"
     "   %vy = swizzle float %v.y\n"
     "   %v4 = vec4 vec4 %a, %b, %vy, %a\n"
     "   %xyzw = swizzle float %x.z\n"
     "   %w = swizzle float %x.w\n"
     "   %whole = vec4 vec4 %a, %b, %xyzw, %w\n"
     "   %sum = fadd vec4 %whole, %v4\n"
     "   %sum2 = fadd vec2 %s2, %v\n"
     "   %sum2x = swizzle float %sum2.x\n"
     "   store_output @o, %sum\n"
     "   store_output @of, %sum2x\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s1 = swizzle vec3 %x.wzy\n"
     "   %s2 = swizzle vec2 %x.yw\n"
     "   %a = swizzle float %x.x\n"
     "   %b = swizzle float %x.y\n"
     "   %v = vec2 vec2 %a, %b\n"
     "   %v4 = vec4 vec4 %a, %b, %b, %a\n"
     "   %xyzw = swizzle float %x.z\n"
     "   %w = swizzle float %x.w\n"
     "   %sum = fadd vec4 %x, %v4\n"
     "   %sum2 = fadd vec2 %s2, %v\n"
     "   %sum2x = swizzle float %sum2.x\n"
     "   store_output @o, %sum\n"
     "   store_output @of, %sum2x\n"
     "}\n" },
   { "copy: locals forwarded within a block only", p_copy, true,
     FS "local vec4 @t\n"
     "local float @arr[4]\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %i = load_input int @idx\n"
     "   store_local @t, %x\n"
     "   %a = load_local vec4 @t\n"
     "   %b = load_local vec4 @t\n"
     "   %s = swizzle float %a.x\n"
     "   store_local @arr[1], %s\n"
     "   %c = load_local float @arr[1]\n"
     "   store_local @arr[%i], %c\n"
     "   %d = load_local float @arr[1]\n"
     "   %two = const int 2\n"
     "   %e = load_local float @arr[%two]\n"
     "   %f = ilt bool %i, %two\n"
     "   if %f {\n"
     "      %g = load_local vec4 @t\n"
     "      %gn = fneg vec4 %g\n"
     "      store_local @t, %gn\n"
     "   }\n"
     "   %h = load_local vec4 @t\n"
     "   %sum = fadd vec4 %h, %b\n"
     "   %sum2 = fadd float %d, %e\n"
     "   store_output @o, %sum\n"
     "   store_output @of, %sum2\n"
     "}\n",
     FS "local vec4 @t\n"
     "local float @arr[4]\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %i = load_input int @idx\n"
     "   store_local @t, %x\n"
     "   %s = swizzle float %x.x\n"
     "   store_local @arr[1], %s\n"
     "   store_local @arr[%i], %s\n"
     "   %d = load_local float @arr[1]\n"
     "   %two = const int 2\n"
     "   %e = load_local float @arr[2]\n"
     "   %f = ilt bool %i, %two\n"
     "   if %f {\n"
     "      %g = load_local vec4 @t\n"
     "      %gn = fneg vec4 %g\n"
     "      store_local @t, %gn\n"
     "   }\n"
     "   %h = load_local vec4 @t\n"
     "   %sum = fadd vec4 %h, %x\n"
     "   %sum2 = fadd float %d, %e\n"
     "   store_output @o, %sum\n"
     "   store_output @of, %sum2\n"
     "}\n" },
   { "copy: select on a constant", p_copy, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %y = fneg vec4 %x\n"
     "   %t = const bvec4 true, true, true, true\n"
     "   %m = const bvec4 true, false, true, true\n"
     "   %a = select vec4 %t, %x, %y\n"
     "   %b = select vec4 %m, %x, %y\n"
     "   %c = fadd vec4 %a, %b\n"
     "   store_output @o, %c\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %y = fneg vec4 %x\n"
     "   %t = const bvec4 true, true, true, true\n"
     "   %m = const bvec4 true, false, true, true\n"
     "   %b = select vec4 %m, %x, %y\n"
     "   %c = fadd vec4 %x, %b\n"
     "   store_output @o, %c\n"
     "}\n" },

   /* ---------------- common subexpressions ---------------- */
   { "cse: duplicates, commutative, constants", p_cse, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %y = load_input vec4 @in\n"
     "   %one = const vec4 1.0, 1.0, 1.0, 1.0\n"
     "   %one2 = const vec4 1.0, 1.0, 1.0, 1.0\n"
     "   %a = fadd vec4 %x, %one\n"
     "   %b = fadd vec4 %one2, %y\n"
     "   %c = fsub vec4 %x, %one\n"
     "   %d = fsub vec4 %one, %x\n"
     "   %e = fmul vec4 %a, %b\n"
     "   %f = fmul vec4 %c, %d\n"
     "   %g = fadd vec4 %e, %f\n"
     "   store_output @o, %g\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %one = const vec4 1.0, 1.0, 1.0, 1.0\n"
     "   %a = fadd vec4 %x, %one\n"
     "   %c = fsub vec4 %x, %one\n"
     "   %d = fsub vec4 %one, %x\n"
     "   %e = fmul vec4 %a, %a\n"
     "   %f = fmul vec4 %c, %d\n"
     "   %g = fadd vec4 %e, %f\n"
     "   store_output @o, %g\n"
     "}\n" },
   { "cse: only dominating values, never loads of locals", p_cse, true,
     FS "local vec4 @t\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %i = load_input int @idx\n"
     "   %z = const int 0\n"
     "   %c = ieq bool %i, %z\n"
     "   %n = fneg vec4 %x\n"
     "   store_local @t, %x\n"
     "   if %c {\n"
     "      %a = fabs vec4 %x\n"
     "      %n2 = fneg vec4 %x\n"
     "      %s = fadd vec4 %a, %n2\n"
     "      store_local @t, %s\n"
     "   } else {\n"
     "      %b = fabs vec4 %x\n"
     "      store_local @t, %b\n"
     "   }\n"
     "   %l1 = load_local vec4 @t\n"
     "   %l2 = load_local vec4 @t\n"
     "   %r = fadd vec4 %l1, %l2\n"
     "   %r2 = fadd vec4 %r, %n\n"
     "   store_output @o, %r2\n"
     "}\n",
     FS "local vec4 @t\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %i = load_input int @idx\n"
     "   %z = const int 0\n"
     "   %c = ieq bool %i, %z\n"
     "   %n = fneg vec4 %x\n"
     "   store_local @t, %x\n"
     "   if %c {\n"
     "      %a = fabs vec4 %x\n"
     "      %s = fadd vec4 %a, %n\n"
     "      store_local @t, %s\n"
     "   } else {\n"
     "      %b = fabs vec4 %x\n"
     "      store_local @t, %b\n"
     "   }\n"
     "   %l1 = load_local vec4 @t\n"
     "   %l2 = load_local vec4 @t\n"
     "   %r = fadd vec4 %l1, %l2\n"
     "   %r2 = fadd vec4 %r, %n\n"
     "   store_output @o, %r2\n"
     "}\n" },

   /* ---------------- algebraic simplification ---------------- */
   { "algebraic: exact float identities only", p_alg_dce, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %one = const vec4 1.0, 1.0, 1.0, 1.0\n"
     "   %m1 = const vec4 -1.0, -1.0, -1.0, -1.0\n"
     "   %z = const vec4 0.0, 0.0, 0.0, 0.0\n"
     "   %nz = const vec4 -0.0, -0.0, -0.0, -0.0\n"
     "   %mixed = const vec4 1.0, 2.0, 1.0, 1.0\n"
     "   %a = fmul vec4 %one, %x\n"
     "   %b = fadd vec4 %a, %nz\n"
     "   %c = fsub vec4 %b, %z\n"
     "   %d = fdiv vec4 %c, %one\n"
     "   %e = fmul vec4 %d, %m1\n"
     "   %f = fneg vec4 %e\n"
     "   %g = fadd vec4 %f, %z\n"
     "   %h = fmul vec4 %g, %mixed\n"
     "   %k = fneg vec4 %h\n"
     "   %l = fabs vec4 %k\n"
     "   store_output @o, %l\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %z = const vec4 0.0, 0.0, 0.0, 0.0\n"
     "   %mixed = const vec4 1.0, 2.0, 1.0, 1.0\n"
     "   %g = fadd vec4 %x, %z\n"
     "   %h = fmul vec4 %g, %mixed\n"
     "   %l = fabs vec4 %h\n"
     "   store_output @o, %l\n"
     "}\n" },
   { "algebraic: integers and bools", p_alg_dce, true,
     FS "func void @main() {\n"
     "   %i = load_input int @idx\n"
     "   %zero = const int 0\n"
     "   %one = const int 1\n"
     "   %all = const int -1\n"
     "   %a = iadd int %zero, %i\n"
     "   %b = imul int %a, %one\n"
     "   %c = iand int %b, %all\n"
     "   %d = ior int %c, %zero\n"
     "   %e = ishl int %d, %zero\n"
     "   %f = ineg int %e\n"
     "   %g = ineg int %f\n"
     "   %h = isub int %g, %g\n"
     "   %k = imul int %g, %zero\n"
     "   %l = iadd int %h, %k\n"
     "   %m = ior int %l, %all\n"
     "   %t = const bool true\n"
     "   %p = ilt bool %g, %m\n"
     "   %q = band bool %p, %t\n"
     "   %r = bor bool %q, %q\n"
     "   %n = bnot bool %r\n"
     "   %fa = const float 1.0\n"
     "   %fb = const float 2.0\n"
     "   %s = select float %n, %fa, %fb\n"
     "   %u = select float %r, %s, %s\n"
     "   store_output @of, %u\n"
     "}\n",
     FS "func void @main() {\n"
     "   %i = load_input int @idx\n"
     "   %all = const int -1\n"
     "   %p = ilt bool %i, %all\n"
     "   %fa = const float 1.0\n"
     "   %fb = const float 2.0\n"
     "   %s = select float %p, %fb, %fa\n"
     "   store_output @of, %s\n"
     "}\n" },
   { "algebraic: nothing to do", p_alg, false,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %z = const vec4 0.0, 0.0, 0.0, 0.0\n"
     "   %a = fadd vec4 %x, %z\n"
     "   %b = fmul vec4 %a, %z\n"
     "   %c = feq bvec4 %b, %b\n"
     "   %d = select vec4 %c, %a, %b\n"
     "   store_output @o, %d\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %z = const vec4 0.0, 0.0, 0.0, 0.0\n"
     "   %a = fadd vec4 %x, %z\n"
     "   %b = fmul vec4 %a, %z\n"
     "   %c = feq bvec4 %b, %b\n"
     "   %d = select vec4 %c, %a, %b\n"
     "   store_output @o, %d\n"
     "}\n" },

   /* ---------------- scalarization (more in test_special) ---------------- */
   { "scalar: per-component ops", p_scalar, true,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %y = swizzle vec2 %x.xy\n"
     "   %a = fmul vec2 %y, %y\n"
     "   %n = fnormalize vec2 %a\n"
     "   %d = fdot float %y, %n\n"
     "   store_output @of, %d\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %y = swizzle vec2 %x.xy\n"
     "   %y0 = swizzle float %y.x\n"
     "   %a0 = fmul float %y0, %y0\n"
     "   %y1 = swizzle float %y.y\n"
     "   %a1 = fmul float %y1, %y1\n"
     "   %a = vec2 vec2 %a0, %a1\n"
     "   %n = fnormalize vec2 %a\n"
     "   %d0 = swizzle float %y.x\n"
     "   %n0 = swizzle float %n.x\n"
     "   %m0 = fmul float %d0, %n0\n"
     "   %d1 = swizzle float %y.y\n"
     "   %n1 = swizzle float %n.y\n"
     "   %m1 = fmul float %d1, %n1\n"
     "   %d = fadd float %m0, %m1\n"
     "   store_output @of, %d\n"
     "}\n" },
   { "scalar: nothing vector", p_scalar, false,
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %l = flength float %x\n"
     "   %m = fmul float %l, %l\n"
     "   store_output @of, %m\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %l = flength float %x\n"
     "   %m = fmul float %l, %l\n"
     "   store_output @of, %m\n"
     "}\n" },

   /* ---------------- dynamic indexing (more in test_special) ---------------- */
   { "indirect: other modes untouched", p_indirect, false,
     FS "uniform vec4 @u[4] cbuf 0 offset 0\n"
     "func void @main() {\n"
     "   %i = load_input int @idx\n"
     "   %r = load_uniform vec4 @u[%i]\n"
     "   store_output @o, %r\n"
     "}\n",
     FS "uniform vec4 @u[4] cbuf 0 offset 0\n"
     "func void @main() {\n"
     "   %i = load_input int @idx\n"
     "   %r = load_uniform vec4 @u[%i]\n"
     "   store_output @o, %r\n"
     "}\n" },

   /* ---------------- inlining ---------------- */
   { "inline: calls replaced, callee removed", p_inline, true,
     FS "func vec4 @scale(vec4 %v, float %k) {\n"
     "   %kk = vec4 vec4 %k, %k, %k, %k\n"
     "   %r = fmul vec4 %v, %kk\n"
     "   return %r\n"
     "}\n"
     "func void @store(vec4 %v) {\n"
     "   store_output @o, %v\n"
     "}\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %h = const float 0.5\n"
     "   %a = call vec4 @scale(%x, %h)\n"
     "   %b = call vec4 @scale(%a, %h)\n"
     "   call @store(%b)\n"
     "}\n",
     FS "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %h = const float 0.5\n"
     "   %kk = vec4 vec4 %h, %h, %h, %h\n"
     "   %a = fmul vec4 %x, %kk\n"
     "   %kk2 = vec4 vec4 %h, %h, %h, %h\n"
     "   %b = fmul vec4 %a, %kk2\n"
     "   store_output @o, %b\n"
     "}\n" },
   { "inline: early returns through a wrapper loop", p_inline, true,
     FS "func float @f(float %v) {\n"
     "   %z = const float 0.0\n"
     "   %c = flt bool %v, %z\n"
     "   if %c {\n"
     "      return %z\n"
     "   }\n"
     "   return %v\n"
     "}\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.x\n"
     "   %r = call float @f(%s)\n"
     "   store_output @of, %r\n"
     "}\n",
     FS "local float @__ret_f_4\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.x\n"
     "   loop {\n"
     "      %z = const float 0.0\n"
     "      %c = flt bool %s, %z\n"
     "      if %c {\n"
     "         store_local @__ret_f_4, %z\n"
     "         break\n"
     "      }\n"
     "      store_local @__ret_f_4, %s\n"
     "      break\n"
     "   }\n"
     "   %r = load_local float @__ret_f_4\n"
     "   store_output @of, %r\n"
     "}\n" },
   { "inline: return inside a loop sets a flag", p_inline, true,
     FS "local int @i\n"
     "func float @f(float %v) {\n"
     "   %i0 = const int 0\n"
     "   store_local @i, %i0\n"
     "   loop {\n"
     "      %iv = load_local int @i\n"
     "      %f = i2f float %iv\n"
     "      %big = fgt bool %f, %v\n"
     "      if %big {\n"
     "         return %f\n"
     "      }\n"
     "      %one = const int 1\n"
     "      %n = iadd int %iv, %one\n"
     "      store_local @i, %n\n"
     "   }\n"
     "}\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.x\n"
     "   %r = call float @f(%s)\n"
     "   store_output @of, %r\n"
     "}\n",
     FS "local int @i\n"
     "local float @__ret_f_5\n"
     "local bool @__returned_f_5\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %s = swizzle float %x.x\n"
     "   %false = const bool false\n"
     "   store_local @__returned_f_5, %false\n"
     "   loop {\n"
     "      %i0 = const int 0\n"
     "      store_local @i, %i0\n"
     "      loop {\n"
     "         %iv = load_local int @i\n"
     "         %f = i2f float %iv\n"
     "         %big = fgt bool %f, %s\n"
     "         if %big {\n"
     "            store_local @__ret_f_5, %f\n"
     "            %true = const bool true\n"
     "            store_local @__returned_f_5, %true\n"
     "            break\n"
     "         }\n"
     "         %one = const int 1\n"
     "         %n = iadd int %iv, %one\n"
     "         store_local @i, %n\n"
     "      }\n"
     "      %ret = load_local bool @__returned_f_5\n"
     "      if %ret {\n"
     "         break\n"
     "      }\n"
     "      break\n"
     "   }\n"
     "   %r = load_local float @__ret_f_5\n"
     "   store_output @of, %r\n"
     "}\n" },

   /* ---------------- loop unrolling ---------------- */
   { "unroll: counted loop, then clean up", p_unroll_opt, true,
     FS "local float @sum\n"
     "local int @i\n"
     "func void @main() {\n"
     "   %x = load_input vec4 @in\n"
     "   %zero = const float 0.0\n"
     "   store_local @sum, %zero\n"
     "   %i0 = const int 0\n"
     "   store_local @i, %i0\n"
     "   loop {\n"
     "      %iv = load_local int @i\n"
     "      %three = const int 3\n"
     "      %done = ige bool %iv, %three\n"
     "      if %done {\n"
     "         break\n"
     "      }\n"
     "      %s = load_local float @sum\n"
     "      %f = i2f float %iv\n"
     "      %s2 = fadd float %s, %f\n"
     "      store_local @sum, %s2\n"
     "      %one = const int 1\n"
     "      %inc = iadd int %iv, %one\n"
     "      store_local @i, %inc\n"
     "   }\n"
     "   %t = load_local float @sum\n"
     "   store_output @of, %t\n"
     "}\n",
     FS "local float @sum\n"
     "local int @i\n"
     "func void @main() {\n"
     "   %t = const float 3.0\n"
     "   store_output @of, %t\n"
     "}\n" },
   { "unroll: too many iterations, unknown bound, step not from the counter", p_unroll, false,
     FS "local int @i\n"
     "func void @main() {\n"
     "   %i0 = const int 0\n"
     "   store_local @i, %i0\n"
     "   loop {\n"
     "      %iv = load_local int @i\n"
     "      %lim = const int 1000\n"
     "      %c = ilt bool %iv, %lim\n"
     "      if %c {\n"
     "      } else {\n"
     "         break\n"
     "      }\n"
     "      %one = const int 1\n"
     "      %inc = iadd int %iv, %one\n"
     "      store_local @i, %inc\n"
     "   }\n"
     "   store_local @i, %i0\n"
     "   %before = load_local int @i\n"
     "   loop {\n"
     "      %iv3 = load_local int @i\n"
     "      %lim3 = const int 3\n"
     "      %c3 = ilt bool %iv3, %lim3\n"
     "      if %c3 {\n"
     "      } else {\n"
     "         break\n"
     "      }\n"
     "      %one3 = const int 1\n"
     "      %inc3 = iadd int %before, %one3\n"
     "      store_local @i, %inc3\n"
     "   }\n"
     "   store_local @i, %i0\n"
     "   loop {\n"
     "      %iv2 = load_local int @i\n"
     "      %lim2 = load_input int @idx\n"
     "      %c2 = ilt bool %iv2, %lim2\n"
     "      if %c2 {\n"
     "      } else {\n"
     "         break\n"
     "      }\n"
     "      %one2 = const int 1\n"
     "      %inc2 = iadd int %iv2, %one2\n"
     "      store_local @i, %inc2\n"
     "   }\n"
     "}\n",
     NULL },

   /* ---------------- geometry shaders: emit_vertex snapshots the outputs,
    * so no pass may drop, merge or move a store across one (the
    * evaluator records every emitted vertex) ---------------- */
   { "gs: clean-up keeps every store before an emit, merges loads of inputs", p_opt, true,
     GS "func void @main() {\n"
     "   %a = load_input vec4 @pos[0]\n"
     "   store_output @opos, %a\n"
     "   %c = load_input vec4 @col[0]\n"
     "   store_output @ocol, %c\n"
     "   emit_vertex\n"
     "   %b = load_input vec4 @pos[1]\n"
     "   store_output @opos, %b\n"
     "   emit_vertex\n"
     "   end_primitive\n"
     "   %d = load_input vec4 @pos[0]\n"
     "   store_output @opos, %d\n"
     "   %e = load_output vec4 @ocol\n"
     "   %f = fadd vec4 %e, %e\n"
     "   store_output @ocol, %f\n"
     "   emit_vertex\n"
     "   %g = load_output vec4 @ocol\n"
     "   store_output @ocol, %g\n"
     "   emit_vertex\n"
     "}\n",
     GS "func void @main() {\n"
     "   %a = load_input vec4 @pos[0]\n"
     "   store_output @opos, %a\n"
     "   %c = load_input vec4 @col[0]\n"
     "   store_output @ocol, %c\n"
     "   emit_vertex\n"
     "   %b = load_input vec4 @pos[1]\n"
     "   store_output @opos, %b\n"
     "   emit_vertex\n"
     "   end_primitive\n"
     "   store_output @opos, %a\n"
     "   %e = load_output vec4 @ocol\n"
     "   %f = fadd vec4 %e, %e\n"
     "   store_output @ocol, %f\n"
     "   emit_vertex\n"
     "   %g = load_output vec4 @ocol\n"
     "   store_output @ocol, %g\n"
     "   emit_vertex\n"
     "}\n" },
   { "gs: a local is forwarded across emit_vertex (which writes no local)", p_copy, true,
     GS "local vec4 @t\n"
     "func void @main() {\n"
     "   %a = load_input vec4 @pos[2]\n"
     "   store_local @t, %a\n"
     "   store_output @opos, %a\n"
     "   emit_vertex\n"
     "   end_primitive\n"
     "   %l = load_local vec4 @t\n"
     "   store_output @ocol, %l\n"
     "   emit_vertex\n"
     "}\n",
     GS "local vec4 @t\n"
     "func void @main() {\n"
     "   %a = load_input vec4 @pos[2]\n"
     "   store_local @t, %a\n"
     "   store_output @opos, %a\n"
     "   emit_vertex\n"
     "   end_primitive\n"
     "   store_output @ocol, %a\n"
     "   emit_vertex\n"
     "}\n" },
   { "gs: dce keeps emits, end_primitive and the stores they read", p_dce, false,
     GS "func void @main() {\n"
     "   %a = load_input vec4 @pos[1]\n"
     "   store_output @opos, %a\n"
     "   end_primitive\n"
     "   emit_vertex\n"
     "   store_output @opos, %a\n"
     "   end_primitive\n"
     "}\n",
     GS "func void @main() {\n"
     "   %a = load_input vec4 @pos[1]\n"
     "   store_output @opos, %a\n"
     "   end_primitive\n"
     "   emit_vertex\n"
     "   store_output @opos, %a\n"
     "   end_primitive\n"
     "}\n" },
   { "gs: a function that emits, inlined", p_inline, true,
     GS "func void @vert(vec4 %p) {\n"
     "   store_output @opos, %p\n"
     "   emit_vertex\n"
     "}\n"
     "func void @main() {\n"
     "   %a = load_input vec4 @pos[0]\n"
     "   call @vert(%a)\n"
     "   %b = load_input vec4 @pos[1]\n"
     "   call @vert(%b)\n"
     "   end_primitive\n"
     "}\n",
     GS "func void @main() {\n"
     "   %a = load_input vec4 @pos[0]\n"
     "   store_output @opos, %a\n"
     "   emit_vertex\n"
     "   %b = load_input vec4 @pos[1]\n"
     "   store_output @opos, %b\n"
     "   emit_vertex\n"
     "   end_primitive\n"
     "}\n" },
   { "gs: a counted loop of emits unrolled, the inputs indexed directly", p_unroll_opt, true,
     GS "local int @i\n"
     "func void @main() {\n"
     "   %i0 = const int 0\n"
     "   store_local @i, %i0\n"
     "   loop {\n"
     "      %iv = load_local int @i\n"
     "      %three = const int 3\n"
     "      %done = ige bool %iv, %three\n"
     "      if %done {\n"
     "         break\n"
     "      }\n"
     "      %p = load_input vec4 @pos[%iv]\n"
     "      store_output @opos, %p\n"
     "      emit_vertex\n"
     "      %one = const int 1\n"
     "      %inc = iadd int %iv, %one\n"
     "      store_local @i, %inc\n"
     "   }\n"
     "   end_primitive\n"
     "}\n",
     GS "local int @i\n"
     "func void @main() {\n"
     "   %p0 = load_input vec4 @pos[0]\n"
     "   store_output @opos, %p0\n"
     "   emit_vertex\n"
     "   %p1 = load_input vec4 @pos[1]\n"
     "   store_output @opos, %p1\n"
     "   emit_vertex\n"
     "   %p2 = load_input vec4 @pos[2]\n"
     "   store_output @opos, %p2\n"
     "   emit_vertex\n"
     "   end_primitive\n"
     "}\n" },
};

/* Cases whose expected output is easier to state as properties. */
static void
test_special(void)
{
   /* scalar: then clean up -- every ALU result is scalar except vecN */
   static const char *const scalar_in =
      FS "func void @main() {\n"
      "   %x = load_input vec4 @in\n"
      "   %y = swizzle vec2 %x.xy\n"
      "   %c = const vec2 1.0, 2.0\n"
      "   %a = fmul vec2 %y, %c\n"
      "   %b = fadd vec2 %a, %y\n"
      "   %k = flt bvec2 %b, %c\n"
      "   %s = select vec2 %k, %a, %b\n"
      "   %w = swizzle vec4 %s.xyxy\n"
      "   store_output @o, %w\n"
      "}\n";
   static const char *const scalar_out =
      FS "func void @main() {\n"
      "   %x = load_input vec4 @in\n"
      "   %x0 = swizzle float %x.x\n"
      "   %one = const float 1.0\n"
      "   %x1 = swizzle float %x.y\n"
      "   %two = const float 2.0\n"
      "   %a1 = fmul float %x1, %two\n"
      "   %b0 = fadd float %x0, %x0\n"
      "   %b1 = fadd float %a1, %x1\n"
      "   %k0 = flt bool %b0, %one\n"
      "   %k1 = flt bool %b1, %two\n"
      "   %s0 = select float %k0, %x0, %b0\n"
      "   %s1 = select float %k1, %a1, %b1\n"
      "   %w = vec4 vec4 %s0, %s1, %s0, %s1\n"
      "   store_output @o, %w\n"
      "}\n";
   irt_check_pass("scalar: then clean up", scalar_in, p_scalar_opt, NULL, true, scalar_out);

   static const char *const ind_in =
      FS "local vec2 @a[3]\n"
      "func void @main() {\n"
      "   %x = load_input vec4 @in\n"
      "   %i = load_input int @idx\n"
      "   %v = swizzle vec2 %x.xy\n"
      "   store_local @a[%i], %v\n"
      "   %r = load_local vec2 @a[%i]\n"
      "   %w = swizzle vec4 %r.xyxy\n"
      "   store_output @o, %w\n"
      "}\n";
   static const char *const ind_out =
      FS "local vec2 @a[3]\n"
      "func void @main() {\n"
      "   %x = load_input vec4 @in\n"
      "   %i = load_input int @idx\n"
      "   %v = swizzle vec2 %x.xy\n"
      "   %k0 = const int 0\n"
      "   %c0 = ieq bool %i, %k0\n"
      "   if %c0 {\n"
      "      store_local @a[0], %v\n"
      "   }\n"
      "   %k1 = const int 1\n"
      "   %c1 = ieq bool %i, %k1\n"
      "   if %c1 {\n"
      "      store_local @a[1], %v\n"
      "   }\n"
      "   %k2 = const int 2\n"
      "   %c2 = ieq bool %i, %k2\n"
      "   if %c2 {\n"
      "      store_local @a[2], %v\n"
      "   }\n"
      "   %e0 = load_local vec2 @a[0]\n"
      "   %e1 = load_local vec2 @a[1]\n"
      "   %e2 = load_local vec2 @a[2]\n"
      "   %q1 = const int 1\n"
      "   %d1 = ieq bool %i, %q1\n"
      "   %b1 = vec2 bvec2 %d1, %d1\n"
      "   %s1 = select vec2 %b1, %e1, %e2\n"
      "   %q0 = const int 0\n"
      "   %d0 = ieq bool %i, %q0\n"
      "   %b0 = vec2 bvec2 %d0, %d0\n"
      "   %s0 = select vec2 %b0, %e0, %s1\n"
      "   %w = swizzle vec4 %s0.xyxy\n"
      "   store_output @o, %w\n"
      "}\n";
   irt_check_pass("indirect: loads become selects, stores become ifs", ind_in, p_indirect, NULL,
                  true, ind_out);

   /* after clean-up the constants are shared and nothing else changes */
   static const char *const ind_opt_out =
      FS "local vec2 @a[3]\n"
      "func void @main() {\n"
      "   %x = load_input vec4 @in\n"
      "   %i = load_input int @idx\n"
      "   %v = swizzle vec2 %x.xy\n"
      "   %k0 = const int 0\n"
      "   %c0 = ieq bool %i, %k0\n"
      "   if %c0 {\n"
      "      store_local @a[0], %v\n"
      "   }\n"
      "   %k1 = const int 1\n"
      "   %c1 = ieq bool %i, %k1\n"
      "   if %c1 {\n"
      "      store_local @a[1], %v\n"
      "   }\n"
      "   %k2 = const int 2\n"
      "   %c2 = ieq bool %i, %k2\n"
      "   if %c2 {\n"
      "      store_local @a[2], %v\n"
      "   }\n"
      "   %e0 = load_local vec2 @a[0]\n"
      "   %e1 = load_local vec2 @a[1]\n"
      "   %e2 = load_local vec2 @a[2]\n"
      "   %b1 = vec2 bvec2 %c1, %c1\n"
      "   %s1 = select vec2 %b1, %e1, %e2\n"
      "   %b0 = vec2 bvec2 %c0, %c0\n"
      "   %s0 = select vec2 %b0, %e0, %s1\n"
      "   %w = swizzle vec4 %s0.xyxy\n"
      "   store_output @o, %w\n"
      "}\n";
   irt_check_pass("indirect + clean-up", ind_in, p_indirect_opt, NULL, true, ind_opt_out);

   /* unroll: no change expected for the two loops */
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      if (!strcmp(cases[i].name, "unroll: too many iterations, unknown bound, step not from the counter"))
         irt_check_pass(cases[i].name, cases[i].in, cases[i].pass, NULL, false, cases[i].in);
}

/* A broken pass: uses a value before its definition. */
static bool
break_shader(struct ir_shader *s)
{
   struct ir_block *b = ir_shader_main(s)->body;
   struct ir_instr *first = b->first;
   ir_instr_remove(first);
   ir_block_append(b, first);
   return true;
}

static bool
break_shader_quietly(struct ir_shader *s)
{
   break_shader(s);
   return false;
}

static bool
no_progress(struct ir_shader *s)
{
   (void)s;
   return false;
}

/* IR_PASS validates after a pass that made progress and aborts with a report
 * when the IR is broken; PONY_IR_DEBUG is read into the shader. */
static void
test_ir_pass_macro(void)
{
   static const char *const text =
      FS "func void @main() {\n"
      "   %x = load_input vec4 @in\n"
      "   store_output @o, %x\n"
      "}\n";

   setenv("PONY_IR_DEBUG", "print,validate", 1);
   struct ir_shader *s = irt_parse("debug flags", text);
   unsetenv("PONY_IR_DEBUG");
   if (!s)
      return;
   IRT_CHECK((s->debug_flags & (IR_DEBUG_PRINT | IR_DEBUG_VALIDATE)) ==
             (IR_DEBUG_PRINT | IR_DEBUG_VALIDATE), "PONY_IR_DEBUG not parsed");
   s->debug_flags = IR_DEBUG_VALIDATE;   /* quiet, but validate in any build */

   bool progress = false;
   IR_PASS(progress, s, no_progress);
   IR_PASS(progress, s, ir_opt_dce);
   IRT_CHECK(!progress, "progress without a change");

   fflush(stdout);
   fflush(stderr);
   pid_t pid = fork();
   if (pid == 0) {
      /* the child's report is expected: send it away */
      if (!freopen("/dev/null", "w", stderr))
         _exit(3);
      IR_PASS(progress, s, break_shader);
      _exit(0);   /* not reached when IR_PASS catches the broken shader */
   }
   int status = 0;
   waitpid(pid, &status, 0);
   IRT_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
             "IR_PASS did not abort on a broken shader (status %d)", status);

   /* also when the broken pass claims it changed nothing */
   fflush(stdout);
   fflush(stderr);
   pid = fork();
   if (pid == 0) {
      if (!freopen("/dev/null", "w", stderr))
         _exit(3);
      IR_PASS(progress, s, break_shader_quietly);
      _exit(0);
   }
   status = 0;
   waitpid(pid, &status, 0);
   IRT_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
             "IR_PASS did not catch a broken shader without progress (status %d)", status);
   ir_shader_destroy(s);
}

int
main(void)
{
   test_ir_pass_macro();
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (!cases[i].out)
         continue;   /* checked in test_special */
      irt_check_pass(cases[i].name, cases[i].in, cases[i].pass, NULL, cases[i].progress,
                     cases[i].out);
   }
   test_special();
   return irt_finish("ir_test_passes");
}
