/*
 * Control flow through the JIT, compared word for word with irexec at
 * W = 4, 8 and 16: a counted loop, a data-dependent loop (lanes leave at
 * different iterations), nested loops with break and continue, a loop
 * inside an if and ifs inside loops, early return (inside an if and
 * inside a loop), discard / discard_if in some lanes (outputs, the
 * discard mask the function returns, derivatives computed after some
 * lanes of a quad discarded or left a loop), irexec's step budget (half
 * of the batches run with a small budget: partial outputs and the quads
 * out of steps must match irexec batch by batch) and a loop that never
 * ends under the default budget.  Inputs are random per lane; in one batch out of
 * three every lane gets the same inputs, so that whole sides of ifs and
 * whole loops are skipped by the any-lane tests.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "irexec.h"
#include "pony_jit.h"

static unsigned failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);              \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
         failures++;                                                       \
      }                                                                    \
   } while (0)

/* sum of f * k for k = 0..9, and the final counter */
static const char *counted_loop =
   "shader vertex\n"
   "input vec4 @f location 0\n"
   "input ivec4 @i location 1\n"
   "output vec4 @o location 0\n"
   "output ivec2 @n location 1\n"
   "local int @k\n"
   "local vec4 @acc\n"
   "func void @main() {\n"
   "   %f = load_input vec4 @f\n"
   "   %z = const int 0\n"
   "   store_local @k, %z\n"
   "   %zf = const vec4 0.0, 0.0, 0.0, 0.0\n"
   "   store_local @acc, %zf\n"
   "   loop {\n"
   "      %k = load_local int @k\n"
   "      %ten = const int 10\n"
   "      %done = ige bool %k, %ten\n"
   "      if %done {\n"
   "         break\n"
   "      }\n"
   "      %kf = i2f float %k\n"
   "      %kv = vec4 vec4 %kf, %kf, %kf, %kf\n"
   "      %a = load_local vec4 @acc\n"
   "      %m = fmul vec4 %f, %kv\n"
   "      %s = fadd vec4 %a, %m\n"
   "      store_local @acc, %s\n"
   "      %one = const int 1\n"
   "      %k1 = iadd int %k, %one\n"
   "      store_local @k, %k1\n"
   "   }\n"
   "   %r = load_local vec4 @acc\n"
   "   store_output @o, %r\n"
   "   %kk = load_local int @k\n"
   "   %v = vec2 ivec2 %kk, %kk\n"
   "   store_output @n, %v\n"
   "}\n";

/* Collatz steps of (x & 127): every lane leaves at its own iteration */
static const char *data_loop =
   "shader vertex\n"
   "input vec4 @f location 0\n"
   "input ivec4 @i location 1\n"
   "output ivec4 @o location 0\n"
   "local int @n\n"
   "local int @c\n"
   "func void @main() {\n"
   "   %i = load_input ivec4 @i\n"
   "   %ix = swizzle int %i.x\n"
   "   %m = const int 127\n"
   "   %n0 = iand int %ix, %m\n"
   "   store_local @n, %n0\n"
   "   %z = const int 0\n"
   "   store_local @c, %z\n"
   "   %one = const int 1\n"
   "   loop {\n"
   "      %n = load_local int @n\n"
   "      %stop = ile bool %n, %one\n"
   "      if %stop {\n"
   "         break\n"
   "      }\n"
   "      %odd = iand int %n, %one\n"
   "      %isodd = ine bool %odd, %z\n"
   "      if %isodd {\n"
   "         %three = const int 3\n"
   "         %t = imul int %n, %three\n"
   "         %t1 = iadd int %t, %one\n"
   "         store_local @n, %t1\n"
   "      } else {\n"
   "         %h = ishr int %n, %one\n"
   "         store_local @n, %h\n"
   "      }\n"
   "      %c = load_local int @c\n"
   "      %c1 = iadd int %c, %one\n"
   "      store_local @c, %c1\n"
   "   }\n"
   "   %cf = load_local int @c\n"
   "   %nf = load_local int @n\n"
   "   %o = vec4 ivec4 %cf, %nf, %n0, %cf\n"
   "   store_output @o, %o\n"
   "}\n";

/* nested loops: continue inside an if of the inner loop, break of the
 * inner loop from two places, break and continue of the outer loop */
static const char *nested_loops =
   "shader vertex\n"
   "input vec4 @f location 0\n"
   "input ivec4 @i location 1\n"
   "output ivec4 @o location 0\n"
   "local int @a\n"
   "local int @b\n"
   "local int @s\n"
   "func void @main() {\n"
   "   %in = load_input ivec4 @i\n"
   "   %x = swizzle int %in.x\n"
   "   %y = swizzle int %in.y\n"
   "   %zz = swizzle int %in.z\n"
   "   %w = swizzle int %in.w\n"
   "   %seven = const int 7\n"
   "   %three = const int 3\n"
   "   %m63 = const int 63\n"
   "   %m127 = const int 127\n"
   "   %na = iand int %x, %seven\n"
   "   %nb = iand int %y, %seven\n"
   "   %lc = iand int %zz, %m63\n"
   "   %ld = iand int %w, %m127\n"
   "   %z = const int 0\n"
   "   %one = const int 1\n"
   "   %hundred = const int 100\n"
   "   store_local @a, %z\n"
   "   store_local @b, %z\n"
   "   store_local @s, %z\n"
   "   loop {\n"
   "      %i = load_local int @a\n"
   "      %oa = ige bool %i, %na\n"
   "      if %oa {\n"
   "         break\n"
   "      }\n"
   "      store_local @b, %z\n"
   "      loop {\n"
   "         %j = load_local int @b\n"
   "         %ob = ige bool %j, %nb\n"
   "         if %ob {\n"
   "            break\n"
   "         }\n"
   "         %j1 = iadd int %j, %one\n"
   "         store_local @b, %j1\n"
   "         %ij = iadd int %i, %j\n"
   "         %t = iand int %ij, %three\n"
   "         %t0 = ieq bool %t, %z\n"
   "         if %t0 {\n"
   "            continue\n"
   "         }\n"
   "         %s = load_local int @s\n"
   "         %p = imul int %i, %j\n"
   "         %p1 = iadd int %p, %one\n"
   "         %s1 = iadd int %s, %p1\n"
   "         store_local @s, %s1\n"
   "         %big = igt bool %s1, %lc\n"
   "         if %big {\n"
   "            break\n"
   "         }\n"
   "      }\n"
   "      %i1 = iadd int %i, %one\n"
   "      store_local @a, %i1\n"
   "      %s2 = load_local int @s\n"
   "      %huge = igt bool %s2, %ld\n"
   "      if %huge {\n"
   "         break\n"
   "      }\n"
   "      %io = iand int %i, %one\n"
   "      %odd = ieq bool %io, %one\n"
   "      if %odd {\n"
   "         continue\n"
   "      }\n"
   "      %s3 = iadd int %s2, %hundred\n"
   "      store_local @s, %s3\n"
   "   }\n"
   "   %rs = load_local int @s\n"
   "   %ra = load_local int @a\n"
   "   %rb = load_local int @b\n"
   "   %o = vec4 ivec4 %rs, %ra, %rb, %na\n"
   "   store_output @o, %o\n"
   "}\n";

/* a loop inside an if (the else side stores), an if/else inside it */
static const char *loop_in_if =
   "shader vertex\n"
   "input vec4 @f location 0\n"
   "input ivec4 @i location 1\n"
   "output vec4 @o location 0\n"
   "output int @n location 1\n"
   "local float @x\n"
   "local int @k\n"
   "func void @main() {\n"
   "   %f = load_input vec4 @f\n"
   "   %in = load_input ivec4 @i\n"
   "   %fx = swizzle float %f.x\n"
   "   %ix = swizzle int %in.x\n"
   "   %iy = swizzle int %in.y\n"
   "   %m15 = const int 15\n"
   "   %lim = iand int %iy, %m15\n"
   "   %z = const int 0\n"
   "   %one = const int 1\n"
   "   store_local @x, %fx\n"
   "   store_local @k, %z\n"
   "   %pos = igt bool %ix, %z\n"
   "   if %pos {\n"
   "      loop {\n"
   "         %k = load_local int @k\n"
   "         %done = ige bool %k, %lim\n"
   "         if %done {\n"
   "            break\n"
   "         }\n"
   "         %x = load_local float @x\n"
   "         %h = const float 100.0\n"
   "         %gt = fgt bool %x, %h\n"
   "         if %gt {\n"
   "            %half = const float 0.5\n"
   "            %x2 = fmul float %x, %half\n"
   "            store_local @x, %x2\n"
   "         } else {\n"
   "            %c15 = const float 1.5\n"
   "            %x3 = fmul float %x, %c15\n"
   "            %c1 = const float 1.0\n"
   "            %x4 = fadd float %x3, %c1\n"
   "            store_local @x, %x4\n"
   "         }\n"
   "         %k1 = iadd int %k, %one\n"
   "         store_local @k, %k1\n"
   "      }\n"
   "   } else {\n"
   "      %nx = fneg float %fx\n"
   "      store_local @x, %nx\n"
   "   }\n"
   "   %rx = load_local float @x\n"
   "   %fy = swizzle float %f.y\n"
   "   %rk = load_local int @k\n"
   "   %kf = i2f float %rk\n"
   "   %o = vec4 vec4 %rx, %fy, %kf, %fx\n"
   "   store_output @o, %o\n"
   "   store_output @n, %rk\n"
   "}\n";

/* early return: inside an if at the top level, inside an if inside a
 * loop; outputs written before stay */
static const char *early_return =
   "shader vertex\n"
   "input vec4 @f location 0\n"
   "input ivec4 @i location 1\n"
   "output vec4 @o location 0\n"
   "output int @p location 1\n"
   "local int @k\n"
   "func void @main() {\n"
   "   %f = load_input vec4 @f\n"
   "   %in = load_input ivec4 @i\n"
   "   %ix = swizzle int %in.x\n"
   "   %iy = swizzle int %in.y\n"
   "   %iz = swizzle int %in.z\n"
   "   %z = const int 0\n"
   "   %one = const int 1\n"
   "   %seven = const int 7\n"
   "   store_output @o, %f\n"
   "   %neg = ilt bool %ix, %z\n"
   "   if %neg {\n"
   "      return\n"
   "   }\n"
   "   %f2 = fadd vec4 %f, %f\n"
   "   store_output @o, %f2\n"
   "   %lim = iand int %iy, %seven\n"
   "   store_local @k, %z\n"
   "   loop {\n"
   "      %k = load_local int @k\n"
   "      %k1 = iadd int %k, %one\n"
   "      store_local @k, %k1\n"
   "      store_output @p, %k1\n"
   "      %end = ige bool %k, %lim\n"
   "      if %end {\n"
   "         %zneg = ilt bool %iz, %z\n"
   "         if %zneg {\n"
   "            return\n"
   "         }\n"
   "         break\n"
   "      }\n"
   "   }\n"
   "   %c1 = const vec4 1.0, 2.0, 3.0, 4.0\n"
   "   %f3 = fadd vec4 %f2, %c1\n"
   "   store_output @o, %f3\n"
   "   return\n"
   "}\n";

/* discard_if at the top level, discard inside a loop inside an if,
 * derivatives after lanes of a quad discarded (they still compute) and of
 * a value carried by a loop that lanes leave at different iterations */
static const char *discard_shader =
   "shader fragment\n"
   "input vec4 @v location 0\n"
   "input ivec4 @i location 1\n"
   "output vec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "output vec4 @o2 location 2\n"
   "local float @acc\n"
   "local int @k\n"
   "func void @main() {\n"
   "   %v = load_input vec4 @v\n"
   "   %in = load_input ivec4 @i\n"
   "   store_output @o0, %v\n"
   "   %vx = swizzle float %v.x\n"
   "   %ix = swizzle int %in.x\n"
   "   %iy = swizzle int %in.y\n"
   "   %iz = swizzle int %in.z\n"
   "   %iw = swizzle int %in.w\n"
   "   %z = const int 0\n"
   "   %one = const int 1\n"
   "   %three = const int 3\n"
   "   %seven = const int 7\n"
   "   %sel = iand int %ix, %three\n"
   "   %d0 = ieq bool %sel, %z\n"
   "   discard_if %d0\n"
   "   %dx = fddx vec4 %v\n"
   "   %wd = fwidth vec4 %v\n"
   "   store_output @o1, %dx\n"
   "   store_local @acc, %vx\n"
   "   store_local @k, %z\n"
   "   %lim = iand int %iy, %seven\n"
   "   %dk = iand int %iz, %seven\n"
   "   %w1 = iand int %iw, %one\n"
   "   %inloop = ieq bool %w1, %z\n"
   "   if %inloop {\n"
   "      loop {\n"
   "         %k = load_local int @k\n"
   "         %done = ige bool %k, %lim\n"
   "         if %done {\n"
   "            break\n"
   "         }\n"
   "         %a = load_local float @acc\n"
   "         %da = fddy_coarse float %a\n"
   "         %s = fadd float %a, %da\n"
   "         %c = const float 0.75\n"
   "         %n = fmul float %s, %c\n"
   "         %c1 = const float 1.0\n"
   "         %n1 = fadd float %n, %c1\n"
   "         store_local @acc, %n1\n"
   "         %k1 = iadd int %k, %one\n"
   "         store_local @k, %k1\n"
   "         %hit = ieq bool %k, %dk\n"
   "         if %hit {\n"
   "            discard\n"
   "         }\n"
   "      }\n"
   "   }\n"
   "   %a2 = load_local float @acc\n"
   "   %fx = fddx_fine float %a2\n"
   "   %wx = swizzle float %wd.x\n"
   "   %wy = swizzle float %wd.y\n"
   "   %o = vec4 vec4 %a2, %fx, %wx, %wy\n"
   "   store_output @o2, %o\n"
   "   %w2 = iand int %iw, %three\n"
   "   %last = ieq bool %w2, %three\n"
   "   if %last {\n"
   "      discard\n"
   "   }\n"
   "   %rk = load_local int @k\n"
   "   %rf = i2f float %rk\n"
   "   %o3 = vec4 vec4 %rf, %rf, %a2, %vx\n"
   "   store_output @o0, %o3\n"
   "}\n";

static uint32_t rng = 987654321u;
static uint32_t
rnd(void)
{
   rng = rng * 1103515245u + 12345u;
   return rng >> 1;
}

/* compiles `text` at width w, runs 24 batches through both and compares
 * every output word and the discard mask; slot 0 gets float inputs, the
 * others small or random integers */
static void
compare(unsigned w, const char *name, const char *text)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   CHECK(s, "%s: parse: %s", name, err);
   if (!s)
      return;
   char *verr = NULL;
   CHECK(ir_validate(s, &verr), "%s: invalid: %s", name, verr ? verr : "");
   free(verr);
   struct pony_jit *jit = pony_jit_create(w, err, sizeof(err));
   CHECK(jit, "create(%u): %s", w, err);
   struct irexec_program *p = irexec_create(s, err, sizeof(err));
   CHECK(p, "%s: irexec: %s", name, err);
   struct pony_jit_shader *js = NULL;
   enum pony_jit_status st = jit ? pony_jit_compile(jit, s, &js, err, sizeof(err))
                                 : PONY_JIT_ERROR;
   CHECK(st == PONY_JIT_OK, "%s: compile: %s", name, err);
   if (!p || st != PONY_JIT_OK) {
      irexec_destroy(p);
      pony_jit_destroy(jit);
      ir_shader_destroy(s);
      return;
   }
   bool frag = s->stage == IR_STAGE_FRAGMENT;
   unsigned ni = irexec_get_inputs(p, NULL), no = irexec_get_outputs(p, NULL);
   CHECK(ni == pony_jit_shader_num_inputs(js) && no == pony_jit_shader_num_outputs(js),
         "%s: slot counts", name);
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   struct pony_jit_cbuf jcb[PONY_JIT_MAX_CBUFS];
   memset(jcb, 0, sizeof(jcb));
   struct pony_jit_sysvals sv = { NULL, 0, 0 };

   float (*in)[4] = calloc((size_t)w * ni, sizeof(*in));
   float (*out)[4] = calloc((size_t)w * no, sizeof(*out));
   uint32_t *jin = calloc((size_t)ni * 4 * w, 4), *jout = calloc((size_t)no * 4 * w, 4);
   unsigned bad = 0, discards = 0, runaways = 0;
   for (unsigned batch = 0; batch < 24; batch++) {
      bool same = batch % 3 == 2;   /* every lane the same inputs */
      for (unsigned l = 0; l < w; l++)
         for (unsigned sl = 0; sl < ni; sl++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t v;
               if (same && l) {
                  memcpy(&v, &in[sl][c], 4);
               } else if (sl == 0) {
                  float f = (float)((int32_t)(rnd() % 4001) - 2000) / 16.0f;
                  memcpy(&v, &f, 4);
               } else {
                  v = rnd() % 4 ? (uint32_t)(rnd() % 301) - 100u : rnd();
               }
               memcpy(&in[l * ni + sl][c], &v, 4);
               jin[(sl * 4 + c) * w + l] = v;
            }
      /* half of the batches with a small step budget: some quads (irexec
       * batches) run out of steps part way, others finish */
      unsigned budget = batch % 4 >= 2 ? 10 + rnd() % 400 : 0;
      env.max_steps = budget;
      sv.max_steps = budget;
      unsigned want_res = 0;
      for (unsigned q = 0; q < w / 4; q++) {
         bool ok;
         if (frag) {
            static const float fc[4][4];
            unsigned dm = 0;
            ok = irexec_run_fragment_quad(p, &env, (const float (*)[4])&in[q * 4 * ni], 0xf, true,
                                          fc, &out[q * 4 * no], &dm);
            want_res |= dm << (4 * q);
         } else {
            ok = irexec_run_vertices(p, &env, 4, (const float (*)[4])&in[q * 4 * ni],
                                     &out[q * 4 * no]);
         }
         if (!ok)
            want_res |= 1u << (PONY_JIT_RUNAWAY_SHIFT + q);
         runaways += !ok;
         CHECK(ok || budget, "%s: irexec failed", name);
      }
      memset(jout, 0x5a, (size_t)no * 4 * w * 4);
      uint32_t res = pony_jit_shader_func_get(js)(jin, jout, jcb, &sv);
      discards += (unsigned)__builtin_popcount(want_res & 0xffffu);
      CHECK(res == want_res, "%s w%u batch %u: result 0x%x, irexec 0x%x", name, w, batch, res,
            want_res);
      for (unsigned l = 0; l < w; l++)
         for (unsigned sl = 0; sl < no; sl++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t want, got = jout[(sl * 4 + c) * w + l];
               memcpy(&want, &out[l * no + sl][c], 4);
               if (got != want && bad++ < 5)
                  fprintf(stderr, "%s w%u batch %u lane %u slot %u comp %u: jit 0x%08x irexec 0x%08x\n",
                          name, w, batch, l, sl, c, got, want);
            }
   }
   CHECK(!bad, "%s width %u: %u mismatching words", name, w, bad);
   /* the discard shader must discard some lanes and keep others */
   CHECK(!frag || (discards && discards < 24 * w), "%s: %u discarded lanes", name, discards);
   if (getenv("JIT_TEST_CF_VERBOSE"))
      printf("%s w%u: %u discarded lanes, %u quads out of steps\n", name, w, discards, runaways);
   free(in);
   free(out);
   free(jin);
   free(jout);
   pony_jit_shader_destroy(js);
   irexec_destroy(p);
   pony_jit_destroy(jit);
   ir_shader_destroy(s);
}

/* a loop without an exit: irexec stops at its default step bound (2^24)
 * and reports failure; the JIT stops at the same step and reports the
 * quad out of steps */
static void
test_runaway(void)
{
   static const char *text = "shader vertex\n"
                             "output int @o location 0\n"
                             "func void @main() {\n"
                             "   %one = const int 1\n"
                             "   loop {\n"
                             "      store_output @o, %one\n"
                             "   }\n"
                             "}\n";
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   CHECK(s, "runaway: parse: %s", err);
   if (!s)
      return;
   struct pony_jit *jit = pony_jit_create(4, err, sizeof(err));
   struct irexec_program *p = irexec_create(s, err, sizeof(err));
   struct pony_jit_shader *js = NULL;
   CHECK(jit && p && pony_jit_compile(jit, s, &js, err, sizeof(err)) == PONY_JIT_OK,
         "runaway: %s", err);
   if (js) {
      struct irexec_env env;
      memset(&env, 0, sizeof(env));
      float out[4][4];
      CHECK(!irexec_run_vertices(p, &env, 4, NULL, out), "runaway: irexec finished");
      uint32_t jin[4] = { 0 }, jout[16] = { 0 };
      struct pony_jit_cbuf jcb[PONY_JIT_MAX_CBUFS];
      memset(jcb, 0, sizeof(jcb));
      uint32_t res = pony_jit_shader_func_get(js)(jin, jout, jcb, NULL);
      CHECK(res == 1u << PONY_JIT_RUNAWAY_SHIFT, "runaway: result 0x%x", res);
      uint32_t w0;
      memcpy(&w0, &out[0][0], 4);
      CHECK(jout[0] == w0 && w0 == 1, "runaway: output 0x%x, irexec 0x%x", jout[0], w0);
   }
   irexec_destroy(p);
   pony_jit_destroy(jit);
   ir_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   const struct {
      const char *name, *text;
   } shaders[] = {
      { "counted_loop", counted_loop }, { "data_loop", data_loop },
      { "nested_loops", nested_loops }, { "loop_in_if", loop_in_if },
      { "early_return", early_return }, { "discard", discard_shader },
   };
   /* optional argument: run only the shader of that name */
   const char *only = argc > 1 ? argv[1] : NULL;
   for (unsigned w = 4; w <= 16; w *= 2)
      for (unsigned i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++)
         if (!only || !strcmp(only, shaders[i].name))
            compare(w, shaders[i].name, shaders[i].text);
   if (!only || !strcmp(only, "runaway"))
      test_runaway();
   if (!failures)
      printf("jit_test_cf: all passed\n");
   return failures ? 1 : 0;
}
