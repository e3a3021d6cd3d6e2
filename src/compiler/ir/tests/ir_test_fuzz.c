/*
 * Deterministic mutation fuzzing of the parser, validator and passes:
 * seed shaders are mutated (lines dropped, duplicated, swapped; characters
 * changed); whatever parses must not crash the validator, and whatever
 * validates must stay valid through every pass and round-trip through
 * the text format.
 */
#include "ir_test_util.h"

#include "ir_eval.h"

#include <stdlib.h>
#include <string.h>

static const char *const seeds[] = {
   "shader fragment\n"
   "input vec4 @in location 0\n"
   "input int @idx location 1 flat\n"
   "output vec4 @o location 0\n"
   "local float @a[3]\n"
   "local float @sum\n"
   "local int @i\n"
   "sampler 2d float @s binding 0\n"
   "func vec4 @scale(vec4 %v, float %k) {\n"
   "   %kk = vec4 vec4 %k, %k, %k, %k\n"
   "   %r = fmul vec4 %v, %kk\n"
   "   return %r\n"
   "}\n"
   "func float @pos(float %v) {\n"
   "   %z = const float 0.0\n"
   "   %c = flt bool %v, %z\n"
   "   if %c {\n"
   "      return %z\n"
   "   }\n"
   "   return %v\n"
   "}\n"
   "func void @main() {\n"
   "   %x = load_input vec4 @in\n"
   "   %j = load_input int @idx\n"
   "   %zero = const float 0.0\n"
   "   %x0 = swizzle float %x.x\n"
   "   %x1 = swizzle float %x.y\n"
   "   %x2 = swizzle float %x.z\n"
   "   store_local @a[0], %x0\n"
   "   store_local @a[1], %x1\n"
   "   store_local @a[%j], %x2\n"
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
   "      %e = load_local float @a[%iv]\n"
   "      %s2 = fadd float %s, %e\n"
   "      store_local @sum, %s2\n"
   "      %one = const int 1\n"
   "      %inc = iadd int %iv, %one\n"
   "      store_local @i, %inc\n"
   "   }\n"
   "   %total = load_local float @sum\n"
   "   %tp = call float @pos(%total)\n"
   "   %r = call vec4 @scale(%x, %tp)\n"
   "   %uv = swizzle vec2 %r.xy\n"
   "   %t = tex vec4 @s, coord %uv\n"
   "   %m = fmul vec4 %t, %r\n"
   "   %c = flt bool %total, %zero\n"
   "   if %c {\n"
   "      discard\n"
   "   } else {\n"
   "      %n = fnormalize vec4 %m\n"
   "      store_output @o, %n\n"
   "   }\n"
   "}\n",

   "shader vertex\n"
   "input vec4 @p location 0\n"
   "output vec4 @pos semantic position\n"
   "uniform vec4 @m[4] cbuf 0 offset 0\n"
   "func void @main() {\n"
   "   %p = load_input vec4 @p\n"
   "   %c0 = load_uniform vec4 @m[0]\n"
   "   %c1 = load_uniform vec4 @m[1]\n"
   "   %c2 = load_uniform vec4 @m[2]\n"
   "   %c3 = load_uniform vec4 @m[3]\n"
   "   %px = swizzle vec4 %p.xxxx\n"
   "   %py = swizzle vec4 %p.yyyy\n"
   "   %pz = swizzle vec4 %p.zzzz\n"
   "   %pw = swizzle vec4 %p.wwww\n"
   "   %a = fmul vec4 %c0, %px\n"
   "   %b = ffma vec4 %c1, %py, %a\n"
   "   %c = ffma vec4 %c2, %pz, %b\n"
   "   %d = ffma vec4 %c3, %pw, %c\n"
   "   %k = const vec4 1.0, 2.0, 0.5, 1.0\n"
   "   %k2 = fmul vec4 %k, %k\n"
   "   %e = fmul vec4 %d, %k2\n"
   "   %f = fmul vec4 %k2, %d\n"
   "   %g = fadd vec4 %e, %f\n"
   "   %dd = fdot float %g, %g\n"
   "   %i = f2i int %dd\n"
   "   %u = i2u uint %i\n"
   "   %z = const uint 0\n"
   "   %q = udiv uint %u, %z\n"
   "   %qf = u2f float %q\n"
   "   %v = vec4 vec4 %qf, %qf, %dd, %dd\n"
   "   %h = fadd vec4 %v, %g\n"
   "   store_output @pos, %h\n"
   "}\n",

   "shader geometry\n"
   "input_primitive triangles\n"
   "output_primitive triangle_strip\n"
   "max_vertices 6\n"
   "input vec4 @p[3] semantic position\n"
   "input vec4 @c[3] location 0\n"
   "input int @prim semantic primitive_id\n"
   "output vec4 @pos semantic position\n"
   "output vec4 @col location 0\n"
   "local int @i\n"
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
   "      %v = load_input vec4 @p[%iv]\n"
   "      %k = const vec4 0.5, 0.5, 0.0, 0.0\n"
   "      %w = fadd vec4 %v, %k\n"
   "      store_output @pos, %w\n"
   "      %col = load_input vec4 @c[%iv]\n"
   "      store_output @col, %col\n"
   "      emit_vertex\n"
   "      %one = const int 1\n"
   "      %inc = iadd int %iv, %one\n"
   "      store_local @i, %inc\n"
   "   }\n"
   "   end_primitive\n"
   "   %id = load_input int @prim\n"
   "   %z = const int 0\n"
   "   %odd = ine bool %id, %z\n"
   "   if %odd {\n"
   "      %q = load_output vec4 @col\n"
   "      %q2 = fmul vec4 %q, %q\n"
   "      store_output @col, %q2\n"
   "      emit_vertex\n"
   "   }\n"
   "}\n",
};

static uint32_t rng_state = 12345;

static uint32_t
rng(void)
{
   rng_state = rng_state * 1664525u + 1013904223u;
   return rng_state >> 8;
}

/* split into lines (pointers into a copy) */
static unsigned
split_lines(char *text, char **lines, unsigned max)
{
   unsigned n = 0;
   char *p = text;
   while (*p && n < max) {
      lines[n++] = p;
      char *nl = strchr(p, '\n');
      if (!nl)
         break;
      *nl = 0;
      p = nl + 1;
   }
   return n;
}

static char *
mutate(const char *seed)
{
   char *copy = strdup(seed);
   char *lines[256];
   unsigned n = split_lines(copy, lines, 256);
   char *out = malloc(strlen(seed) * 2 + 64);
   size_t len = 0;
   unsigned kind = rng() % 5;
   unsigned a = rng() % n, b = rng() % n;
   for (unsigned i = 0; i < n; i++) {
      const char *l = lines[i];
      if (kind == 0 && i == a)
         continue;                                  /* drop a line */
      if (kind == 2 && i == a)
         l = lines[b];                              /* swap two lines */
      else if (kind == 2 && i == b)
         l = lines[a];
      len += (size_t)sprintf(out + len, "%s\n", l);
      if (kind == 1 && i == a)
         len += (size_t)sprintf(out + len, "%s\n", lines[b]);   /* duplicate */
   }
   out[len] = 0;
   if ((kind == 3 || kind == 4) && len) {
      static const char chars[] = "%@0123456789.,xyzw{}[]() -abcfiuv";
      unsigned count = 1 + rng() % 3;
      for (unsigned k = 0; k < count; k++)
         out[rng() % len] = chars[rng() % (sizeof(chars) - 1)];
   }
   free(copy);
   return out;
}

static bool
check(struct ir_shader *s, const char *when, const char *text)
{
   char *errors = NULL;
   if (ir_validate(s, &errors))
      return true;
   irt_failures++;
   fprintf(stderr, "FAIL: invalid after %s:\n%s--- input ---\n%s--- shader ---\n", when,
           errors, text);
   ir_print_shader(s, stderr);
   free(errors);
   return false;
}

static void
run_one(const char *text)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   if (!s)
      return;
   if (!ir_validate(s, NULL)) {
      ir_shader_destroy(s);
      return;
   }
   struct ir_eval_result before[4], after;
   for (unsigned i = 0; i < 4; i++)
      ir_eval(s, i + 1, &before[i]);
   static const struct {
      const char *name;
      int which;
   } steps[] = {
      { "inline", 0 }, { "unroll", 1 }, { "copy_prop", 2 }, { "fold", 3 }, { "cse", 4 },
      { "dce", 5 }, { "algebraic", 8 }, { "indirect", 6 }, { "scalar", 7 }, { "copy_prop", 2 },
      { "fold", 3 }, { "algebraic", 8 }, { "cse", 4 }, { "dce", 5 },
   };
   for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      switch (steps[i].which) {
      case 0: ir_opt_inline(s); break;
      case 1: ir_opt_loop_unroll(s); break;
      case 2: ir_opt_copy_prop(s); break;
      case 3: ir_opt_constant_fold(s); break;
      case 4: ir_opt_cse(s); break;
      case 5: ir_opt_dce(s); break;
      case 6: ir_lower_indirect(s, ~0u); break;
      case 7: ir_lower_scalar(s); break;
      case 8: ir_opt_algebraic(s); break;
      }
      if (!check(s, steps[i].name, text))
         break;
      for (unsigned k = 0; k < 4; k++) {
         ir_eval(s, k + 1, &after);
         if (!ir_eval_same(&before[k], &after)) {
            irt_failures++;
            fprintf(stderr, "FAIL: %s changed the results (seed %u)\n--- input ---\n%s"
                    "--- shader ---\n", steps[i].name, k + 1, text);
            ir_print_shader(s, stderr);
            i = 1000;
            break;
         }
      }
   }
   char *a = ir_print_shader_to_string(s);
   struct ir_shader *p = ir_parse(a, err, sizeof(err));
   IRT_CHECK(p != NULL, "optimized shader does not parse back: %s\n%s", err, a);
   if (p) {
      char *b = ir_print_shader_to_string(p);
      IRT_CHECK(!strcmp(a, b), "optimized shader round trip differs:\n%s", a);
      free(b);
      ir_shader_destroy(p);
   }
   free(a);
   ir_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   unsigned iterations = argc > 1 ? (unsigned)atoi(argv[1]) : 3000;
   unsigned valid = 0;
   if (argc > 2)
      rng_state = (uint32_t)atoi(argv[2]);
   for (unsigned i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
      struct ir_shader *s = irt_parse("seed", seeds[i]);
      IRT_CHECK(s && ir_validate(s, NULL), "seed %u is not valid", i);
      ir_shader_destroy(s);
      run_one(seeds[i]);
   }
   for (unsigned it = 0; it < iterations && irt_failures < 5; it++) {
      char *text = mutate(seeds[it % (sizeof(seeds) / sizeof(seeds[0]))]);
      char err[256];
      struct ir_shader *s = ir_parse(text, err, sizeof(err));
      if (s) {
         valid += ir_validate(s, NULL);
         ir_shader_destroy(s);
      }
      run_one(text);
      free(text);
   }
   printf("%u mutated shaders were valid\n", valid);
   return irt_finish("ir_test_fuzz");
}
