/*
 * Whole shaders through the JIT, compared with irexec: uniforms (in and out
 * of range, unbound buffers, bool and int uniforms, arrays), constants,
 * swizzles, vecN, locals, output read-back, arrays of inputs/outputs,
 * unwritten outputs, at SIMD widths 4, 8 and 16 chosen through the
 * creation parameter; nested if/else; dynamic indexing after
 * ir_lower_indirect; dynamic uniform indices and raw constant buffer
 * reads at per-lane offsets; PONY_SIMD_WIDTH; constructs the JIT must
 * report unsupported (dynamic
 * indexing of inputs and locals, 16-bit
 * types); freeing code and compiling from two threads at once.
 */
#include <math.h>
#include <stdint.h>
#include <pthread.h>
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

static const char *mixed_shader =
   "shader vertex\n"
   "input vec4 @a location 0\n"
   "input ivec2 @i[2] location 1\n"
   "input bvec2 @bb location 3\n"
   "output vec4 @o0 location 0\n"
   "output ivec4 @o1[2] location 1\n"
   "output bvec3 @o2 location 3\n"
   "output vec2 @unwritten location 4\n"
   "uniform vec4 @u cbuf 0 offset 16\n"
   "uniform int @ui[3] cbuf 0 offset 32\n"
   "uniform bool @ub cbuf 1 offset 0\n"
   "uniform vec4 @far cbuf 0 offset 1000\n"
   "uniform float @partial cbuf 0 offset 78\n"
   "uniform vec2 @unbound cbuf 3 offset 0\n"
   "local vec4 @tmp[2]\n"
   "func void @main() {\n"
   "   %a = load_input vec4 @a\n"
   "   %u = load_uniform vec4 @u\n"
   "   %m = fmul vec4 %a, %u\n"
   "   %h = const vec4 0.5, -0.0, inf, 0x7fc00000\n"
   "   %s = fadd vec4 %m, %h\n"
   "   store_local @tmp[1], %s\n"
   "   %t = load_local vec4 @tmp[1]\n"
   "   %t0 = load_local vec4 @tmp[0]\n"
   "   %zw = swizzle vec2 %t.wz\n"
   "   %far = load_uniform vec4 @far\n"
   "   %p = load_uniform float @partial\n"
   "   %ub2 = load_uniform vec2 @unbound\n"
   "   %q = swizzle float %ub2.y\n"
   "   %x = swizzle float %far.x\n"
   "   %y = fadd float %p, %x\n"
   "   %y2 = fadd float %y, %q\n"
   "   %zx = swizzle float %zw.x\n"
   "   %t0x = swizzle float %t0.x\n"
   "   %v = vec4 vec4 %zx, %y2, %t0x, %zx\n"
   "   %v2 = fsub vec4 %v, %s\n"
   "   store_output @o0, %v2\n"
   "   %r = load_output vec4 @o0\n"
   "   %rf = f2i ivec4 %r\n"
   "   %i0 = load_input ivec2 @i[0]\n"
   "   %i1 = load_input ivec2 @i[1]\n"
   "   %k = load_uniform int @ui[2]\n"
   "   %k0 = load_uniform int @ui[0]\n"
   "   %i0x = swizzle int %i0.x\n"
   "   %i1y = swizzle int %i1.y\n"
   "   %iv = vec4 ivec4 %i0x, %i1y, %k, %k0\n"
   "   %sum = iadd ivec4 %iv, %rf\n"
   "   store_output @o1[1], %sum\n"
   "   %und = undef ivec4\n"
   "   store_output @o1[0], %und\n"
   "   %b = load_input bvec2 @bb\n"
   "   %ubv = load_uniform bool @ub\n"
   "   %bx = swizzle bool %b.x\n"
   "   %by = swizzle bool %b.y\n"
   "   %bz = band bool %bx, %ubv\n"
   "   %b3 = vec3 bvec3 %bz, %by, %ubv\n"
   "   store_output @o2, %b3\n"
   "   return\n"
   "}\n";

/* dynamic uniform indices (in range, out of range, negative) and raw
 * constant buffer reads at per-lane offsets (aligned, unaligned, out of
 * range, near 2^32) */
static const char *indirect_shader =
   "shader vertex\n"
   "input ivec4 @i location 0\n"
   "input vec4 @f location 1\n"
   "output vec4 @o0 location 0\n"
   "output ivec4 @o1 location 1\n"
   "output uvec3 @o2 location 2\n"
   "uniform vec4 @m[4] cbuf 0 offset 16\n"
   "uniform ivec2 @k[3] cbuf 2 offset 4\n"
   "func void @main() {\n"
   "   %i = load_input ivec4 @i\n"
   "   %ix = swizzle int %i.x\n"
   "   %seven = const int 7\n"
   "   %small = iand int %ix, %seven\n"
   "   %m = load_uniform vec4 @m[%small]\n"
   "   %iy = swizzle int %i.y\n"
   "   %m2 = load_uniform vec4 @m[%iy]\n"
   "   %s = fadd vec4 %m, %m2\n"
   "   store_output @o0, %s\n"
   "   %iz = swizzle int %i.z\n"
   "   %three = const int 3\n"
   "   %kz = iand int %iz, %three\n"
   "   %k = load_uniform ivec2 @k[%kz]\n"
   "   %iw = swizzle int %i.w\n"
   "   %uw = i2u uint %iw\n"
   "   %mask = const uint 255\n"
   "   %off = iand uint %uw, %mask\n"
   "   %raw = load_cbuf ivec2 0, %off\n"
   "   %kx = swizzle int %k.x\n"
   "   %ky = swizzle int %k.y\n"
   "   %rx = swizzle int %raw.x\n"
   "   %ry = swizzle int %raw.y\n"
   "   %v = vec4 ivec4 %kx, %ky, %rx, %ry\n"
   "   store_output @o1, %v\n"
   "   %far = load_cbuf uvec3 1, %uw\n"
   "   store_output @o2, %far\n"
   "}\n";

/* if/else, nested, with stores to outputs and locals in some branches
 * only, values computed inside a branch, an output written before and
 * overwritten in a branch, a bool output */
static const char *if_shader =
   "shader vertex\n"
   "input ivec4 @i location 0\n"
   "input vec4 @f location 1\n"
   "output vec4 @o0 location 0\n"
   "output ivec2 @o1 location 1\n"
   "output bool @o2 location 2\n"
   "local float @t\n"
   "func void @main() {\n"
   "   %i = load_input ivec4 @i\n"
   "   %f = load_input vec4 @f\n"
   "   %ix = swizzle int %i.x\n"
   "   %iy = swizzle int %i.y\n"
   "   %zero = const int 0\n"
   "   %c = ilt bool %ix, %zero\n"
   "   %d = igt bool %iy, %zero\n"
   "   %one = const float 1.0\n"
   "   store_local @t, %one\n"
   "   store_output @o0, %f\n"
   "   if %c {\n"
   "      %fx = swizzle float %f.x\n"
   "      %n = fneg float %fx\n"
   "      store_local @t, %n\n"
   "      if %d {\n"
   "         %v = const vec4 1.0, 2.0, 3.0, 4.0\n"
   "         store_output @o0, %v\n"
   "         %b = const bool true\n"
   "         store_output @o2, %b\n"
   "      } else {\n"
   "         %w = fmul vec4 %f, %f\n"
   "         store_output @o0, %w\n"
   "      }\n"
   "   } else {\n"
   "      %s = iadd int %ix, %iy\n"
   "      %q = idiv int %ix, %iy\n"
   "      %v2 = vec2 ivec2 %s, %q\n"
   "      store_output @o1, %v2\n"
   "      if %d {\n"
   "      } else {\n"
   "         %tt = load_local float @t\n"
   "         %u = fadd float %tt, %tt\n"
   "         store_local @t, %u\n"
   "      }\n"
   "   }\n"
   "   %t = load_local float @t\n"
   "   %o = load_output vec4 @o0\n"
   "   %ow = swizzle float %o.w\n"
   "   %r = fadd float %t, %ow\n"
   "   %r4 = vec4 vec4 %r, %r, %r, %t\n"
   "   %fin = fadd vec4 %o, %r4\n"
   "   store_output @o0, %fin\n"
   "}\n";

/* system values: vertex and instance ids (int, float, uint types) among
 * ordinary inputs, sample_id */
static const char *sysval_shader =
   "shader vertex\n"
   "input vec2 @a location 0\n"
   "input int @vid semantic vertex_id\n"
   "input float @iid semantic instance_id\n"
   "input vec2 @b location 1\n"
   "input uvec2 @vid2 semantic vertex_id\n"
   "input int @smp semantic sample_id\n"
   "output ivec4 @o0 location 0\n"
   "output vec4 @o1 location 1\n"
   "func void @main() {\n"
   "   %v = load_input int @vid\n"
   "   %s = load_input int @smp\n"
   "   %u = load_input uvec2 @vid2\n"
   "   %uy = swizzle uint %u.y\n"
   "   %ui = u2i int %uy\n"
   "   %x = iadd int %v, %s\n"
   "   %o = vec4 ivec4 %x, %ui, %s, %v\n"
   "   store_output @o0, %o\n"
   "   %i = load_input float @iid\n"
   "   %a = load_input vec2 @a\n"
   "   %b = load_input vec2 @b\n"
   "   %ax = swizzle float %a.x\n"
   "   %by = swizzle float %b.y\n"
   "   %f = vec4 vec4 %i, %ax, %by, %i\n"
   "   store_output @o1, %f\n"
   "}\n";

/* dynamic indexing of inputs, outputs and locals: unsupported as such,
 * accepted after ir_lower_indirect (selects and ifs) */
static const char *dynamic_shader =
   "shader vertex\n"
   "input ivec2 @i location 0\n"
   "input vec4 @a[3] location 1\n"
   "output vec4 @o[3] location 0\n"
   "local float @t[4]\n"
   "func void @main() {\n"
   "   %i = load_input ivec2 @i\n"
   "   %ix = swizzle int %i.x\n"
   "   %iy = swizzle int %i.y\n"
   "   %a = load_input vec4 @a[%ix]\n"
   "   %ax = swizzle float %a.x\n"
   "   %z = const float 0.0\n"
   "   store_local @t[0], %z\n"
   "   store_local @t[1], %z\n"
   "   store_local @t[2], %z\n"
   "   store_local @t[3], %z\n"
   "   store_local @t[%iy], %ax\n"
   "   %t = load_local float @t[%ix]\n"
   "   %t2 = load_local float @t[2]\n"
   "   %v = vec4 vec4 %t, %t2, %ax, %t\n"
   "   store_output @o[%iy], %v\n"
   "}\n";

static char *
lowered_text(const char *text)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   if (!s)
      return NULL;
   bool progress = false;
   IR_PASS(progress, s, ir_lower_indirect,
           (1u << IR_VAR_INPUT) | (1u << IR_VAR_OUTPUT) | (1u << IR_VAR_LOCAL));
   (void)progress;
   char *t = ir_print_shader_to_string(s);
   ir_shader_destroy(s);
   return t;
}

static uint32_t rng = 12345;
static uint32_t
rnd(void)
{
   rng = rng * 1103515245u + 12345u;
   return rng >> 1;
}

/* compiles `text` at width w and compares 8 batches with irexec; input
 * slot float_slot gets float values */
static void
compare_shader(unsigned w, const char *text, int float_slot)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   CHECK(s, "parse: %s", err);
   if (!s)
      return;
   struct pony_jit *jit = pony_jit_create(w, err, sizeof(err));
   CHECK(jit && pony_jit_simd_width(jit) == w, "create(%u): %s", w, err);
   struct irexec_program *p = irexec_create(s, err, sizeof(err));
   CHECK(p, "irexec: %s", err);
   struct pony_jit_shader *js = NULL;
   enum pony_jit_status st = pony_jit_compile(jit, s, &js, err, sizeof(err));
   CHECK(st == PONY_JIT_OK, "compile: %s", err);
   if (!p || st != PONY_JIT_OK) {
      pony_jit_destroy(jit);
      ir_shader_destroy(s);
      return;
   }
   unsigned ni = irexec_get_inputs(p, NULL), no = irexec_get_outputs(p, NULL);
   CHECK(ni == pony_jit_shader_num_inputs(js) && no == pony_jit_shader_num_outputs(js),
         "slot counts %u/%u vs %u/%u", ni, no, pony_jit_shader_num_inputs(js),
         pony_jit_shader_num_outputs(js));

   float cb0[32];
   for (unsigned i = 0; i < 32; i++)
      cb0[i] = (float)i * 0.75f - 3.0f;
   int32_t ints[3] = { 7, -9, 2147483647 };
   memcpy(&cb0[8], ints, sizeof(ints));
   uint32_t cb1[1] = { 0x80000000u };   /* a true bool uniform */
   struct irexec_env env = { 0 };
   env.cbufs[0] = (struct irexec_cbuf){ cb0, sizeof(cb0) };
   env.cbufs[1] = (struct irexec_cbuf){ cb1, sizeof(cb1) };
   env.cbufs[3] = (struct irexec_cbuf){ NULL, 64 };
   int32_t cb2[10];   /* @k[2].y (bytes 40..43) is past the end */
   for (unsigned i = 0; i < 10; i++)
      cb2[i] = (int32_t)(i * 1000u) - 4000;
   env.cbufs[2] = (struct irexec_cbuf){ cb2, sizeof(cb2) };
   struct pony_jit_cbuf jcb[PONY_JIT_MAX_CBUFS];
   memset(jcb, 0, sizeof(jcb));
   jcb[0] = (struct pony_jit_cbuf){ cb0, sizeof(cb0), 0 };
   jcb[1] = (struct pony_jit_cbuf){ cb1, sizeof(cb1), 0 };
   jcb[3] = (struct pony_jit_cbuf){ NULL, 64, 0 };
   jcb[2] = (struct pony_jit_cbuf){ cb2, sizeof(cb2), 0 };

   float (*in)[4] = calloc((size_t)w * ni, sizeof(*in));
   float (*out)[4] = calloc((size_t)w * no, sizeof(*out));
   uint32_t *jin = calloc((size_t)ni * 4 * w, 4), *jout = calloc((size_t)no * 4 * w, 4);
   unsigned bad = 0;
   for (unsigned batch = 0; batch < 8; batch++) {
      for (unsigned l = 0; l < w; l++)
         for (unsigned sl = 0; sl < ni; sl++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t v = rnd() % 3 ? (uint32_t)(rnd() % 2001) - 1000u : rnd();
               if (rnd() % 2)
                  v = rnd() % 4 ? 0 : rnd() % 6;
               float f = (float)(int32_t)v / 8.0f;
               if ((int)sl == float_slot)
                  memcpy(&v, &f, 4);
               memcpy(&in[l * ni + sl][c], &v, 4);
               jin[(sl * 4 + c) * w + l] = v;
            }
      /* system values: a base id, or (odd batches) an id per vertex */
      int32_t ids[16];
      for (unsigned l = 0; l < w; l++)
         ids[l] = (int32_t)(rnd() % 100000u) - 50000;
      env.vertex_ids = batch % 2 ? ids : NULL;
      env.vertex_id_base = batch == 6 ? INT32_MAX - 20 : (int32_t)(batch * 1000u) - 3000;
      env.instance_id = (int32_t)batch * 7 - 20;
      struct pony_jit_sysvals sv = { env.vertex_ids, env.vertex_id_base, env.instance_id };
      CHECK(irexec_run_vertices(p, &env, w, (const float (*)[4])in, out), "irexec run");
      memset(jout, 0x5a, (size_t)no * 4 * w * 4);
      pony_jit_shader_func_get(js)(jin, jout, jcb, &sv);
      for (unsigned l = 0; l < w; l++)
         for (unsigned sl = 0; sl < no; sl++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t want, got = jout[(sl * 4 + c) * w + l];
               memcpy(&want, &out[l * no + sl][c], 4);
               bool nan_ok = sl == 0 && isnan(out[l * no + sl][c]) &&
                             (got & 0x7f800000u) == 0x7f800000u && (got & 0x7fffffu);
               if (got != want && !nan_ok && bad++ < 5)
                  fprintf(stderr, "w%u lane %u slot %u comp %u: jit 0x%08x irexec 0x%08x\n", w,
                          l, sl, c, got, want);
            }
   }
   CHECK(!bad, "width %u: %u mismatching words", w, bad);
   free(in);
   free(out);
   free(jin);
   free(jout);
   pony_jit_shader_destroy(js);
   irexec_destroy(p);
   pony_jit_destroy(jit);
   ir_shader_destroy(s);
}

static const struct {
   const char *what, *text;
} unsupported[] = {
   { "dynamic input", "shader vertex\ninput int @i location 0\ninput vec4 @a[4] location 1\n"
                      "output vec4 @o location 0\nfunc void @main() {\n%0 = load_input int @i\n"
                      "%1 = load_input vec4 @a[%0]\nstore_output @o, %1\n}\n" },
   { "dynamic local", "shader vertex\ninput int @i location 0\nlocal float @t[4]\n"
                      "output float @o location 0\nfunc void @main() {\n%0 = load_input int @i\n"
                      "%1 = const float 1.0\nstore_local @t[%0], %1\n%2 = load_local float @t[2]\n"
                      "store_output @o, %2\n}\n" },
   { "16-bit", "shader vertex\ninput float16 @x location 0\noutput float16 @o location 0\n"
               "func void @main() {\n%0 = load_input float16 @x\nstore_output @o, %0\n}\n" },
};

static void
test_unsupported(void)
{
   char err[256];
   struct pony_jit *jit = pony_jit_create(4, err, sizeof(err));
   CHECK(jit, "create: %s", err);
   for (unsigned i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++) {
      struct ir_shader *s = ir_parse(unsupported[i].text, err, sizeof(err));
      CHECK(s, "%s: parse: %s", unsupported[i].what, err);
      if (!s)
         continue;
      char *verr = NULL;
      CHECK(ir_validate(s, &verr), "%s: invalid test shader: %s", unsupported[i].what,
            verr ? verr : "");
      free(verr);
      struct pony_jit_shader *js = (struct pony_jit_shader *)&js;
      err[0] = 0;
      enum pony_jit_status st = pony_jit_compile(jit, s, &js, err, sizeof(err));
      CHECK(st == PONY_JIT_UNSUPPORTED && !js && err[0], "%s: status %d, err '%s'",
            unsupported[i].what, (int)st, err);
      ir_shader_destroy(s);
   }
   pony_jit_destroy(jit);
}

static void
test_width_selection(void)
{
   char err[256];
   setenv("PONY_SIMD_WIDTH", "4", 1);
   struct pony_jit *jit = pony_jit_create(0, err, sizeof(err));
   CHECK(jit && pony_jit_simd_width(jit) == 4, "PONY_SIMD_WIDTH=4");
   pony_jit_destroy(jit);
   setenv("PONY_SIMD_WIDTH", "16", 1);
   jit = pony_jit_create(0, err, sizeof(err));
   CHECK(jit && pony_jit_simd_width(jit) == 16, "PONY_SIMD_WIDTH=16");
   pony_jit_destroy(jit);
   jit = pony_jit_create(8, err, sizeof(err));   /* the parameter wins */
   CHECK(jit && pony_jit_simd_width(jit) == 8, "parameter 8 over the environment");
   pony_jit_destroy(jit);
   unsetenv("PONY_SIMD_WIDTH");
   jit = pony_jit_create(0, err, sizeof(err));
   CHECK(jit, "auto width");
   unsigned wa = jit ? pony_jit_simd_width(jit) : 0;
   CHECK(wa == 4 || wa == 8 || wa == 16, "auto width %u", wa);
   printf("automatic SIMD width on this host: %u\n", wa);
   pony_jit_destroy(jit);
   CHECK(!pony_jit_create(5, err, sizeof(err)) && err[0], "width 5 refused");
}

struct thread_arg {
   struct pony_jit *jit;
   int ok;
};

static void *
compile_thread(void *p)
{
   struct thread_arg *ta = p;
   char err[256];
   ta->ok = 1;
   for (unsigned i = 0; i < 10; i++) {
      struct ir_shader *s = ir_parse(mixed_shader, err, sizeof(err));
      struct pony_jit_shader *js = NULL;
      if (!s || pony_jit_compile(ta->jit, s, &js, err, sizeof(err)) != PONY_JIT_OK)
         ta->ok = 0;
      /* keep some alive until the jit goes away, free the others */
      if (js && i % 2)
         pony_jit_shader_destroy(js);
      ir_shader_destroy(s);
   }
   return NULL;
}

static void
test_threads(void)
{
   char err[256];
   struct pony_jit *jit = pony_jit_create(8, err, sizeof(err));
   CHECK(jit, "create: %s", err);
   struct thread_arg ta[2] = { { jit, 0 }, { jit, 0 } };
   pthread_t t[2];
   for (unsigned i = 0; i < 2; i++)
      pthread_create(&t[i], NULL, compile_thread, &ta[i]);
   for (unsigned i = 0; i < 2; i++)
      pthread_join(t[i], NULL);
   CHECK(ta[0].ok && ta[1].ok, "concurrent compiles");
   pony_jit_destroy(jit);   /* frees the shaders still alive */
}

int
main(void)
{
   for (unsigned w = 4; w <= 16; w *= 2) {
      compare_shader(w, mixed_shader, 0);
      compare_shader(w, indirect_shader, 1);
      compare_shader(w, if_shader, 1);
      compare_shader(w, sysval_shader, 0);
      char *lowered = lowered_text(dynamic_shader);
      CHECK(lowered, "lowering");
      if (lowered)
         compare_shader(w, lowered, 1);
      free(lowered);
   }
   test_unsupported();
   test_width_selection();
   test_threads();
   if (!failures)
      printf("jit_test_shader: all passed\n");
   return failures ? 1 : 0;
}
