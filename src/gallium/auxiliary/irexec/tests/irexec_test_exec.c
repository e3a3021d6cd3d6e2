/*
 * irexec execution model: divergent control flow (if/loop/break/continue/
 * return/calls) per lane, discard, derivatives across the quad (fine and
 * coarse, helper lanes), dynamic indexing incl. out-of-range rules,
 * uniforms and raw constant buffer reads, system values, the slot API,
 * the runaway guard and bad input.  Expected values are computed here in
 * C from the shader's formula.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irexec_test_util.h"

static struct irexec_test_state ts;

/* Second round: every shader again after the IR's passes (which must not
 * change the results, e.g. the out-of-range indexing rules). */
static bool optimize;
#define irexec_test_program(text) irexec_test_program_opt((text), optimize)

static struct irexec_env
empty_env(void)
{
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   return env;
}

static float
out_f(float (*o)[4], unsigned idx, unsigned c)
{
   return o[idx][c];
}

static int32_t
out_i(float (*o)[4], unsigned idx, unsigned c)
{
   int32_t v;
   memcpy(&v, &o[idx][c], 4);
   return v;
}

static void
set_i(float *dst, int32_t v)
{
   memcpy(dst, &v, 4);
}

/* ---- divergent if/else and early return from main ---- */
static void
test_if_return(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input float @x location 0\n"
      "output float @o location 0\n"
      "output float @o2 location 1\n"
      "func void @main() {\n"
      "   %x = load_input float @x\n"
      "   %z = const float 0.0\n"
      "   %c = fgt bool %x, %z\n"
      "   if %c {\n"
      "      %two = const float 2.0\n"
      "      %m = fmul float %x, %two\n"
      "      store_output @o, %m\n"
      "   } else {\n"
      "      %n = fneg float %x\n"
      "      store_output @o, %n\n"
      "      %big = const float -10.0\n"
      "      %d = flt bool %x, %big\n"
      "      if %d {\n"
      "         return\n"
      "      }\n"
      "   }\n"
      "   %one = const float 1.0\n"
      "   store_output @o2, %one\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   const float xs[6] = { 3.0f, -2.0f, 0.0f, -20.0f, 0.5f, -11.0f };
   float in[6][4], out[12][4];
   memset(in, 0, sizeof(in));
   for (unsigned i = 0; i < 6; i++)
      in[i][0] = xs[i];
   struct irexec_env env = empty_env();
   CHECK(&ts, irexec_run_vertices(p, &env, 6, (const float(*)[4])in, out), "if: run");
   for (unsigned i = 0; i < 6; i++) {
      float want = xs[i] > 0.0f ? xs[i] * 2.0f : -xs[i];
      float want2 = xs[i] < -10.0f ? 0.0f : 1.0f;   /* returned lanes never write o2 */
      CHECK(&ts, out_f(out, i * 2, 0) == want, "if: vertex %u o=%g want %g", i, out_f(out, i * 2, 0), want);
      CHECK(&ts, out_f(out, i * 2 + 1, 0) == want2, "if: vertex %u o2=%g want %g", i,
            out_f(out, i * 2 + 1, 0), want2);
      CHECK(&ts, out_f(out, i * 2, 1) == 0.0f, "if: unused component not 0");
   }
   irexec_destroy(p);
}

/* ---- loops with per-lane trip counts, continue, nested break ---- */
static void
test_loops(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input int @n location 0\n"
      "output int @sum location 0\n"
      "output int @evens location 1\n"
      "output int @pairs location 2\n"
      "local int @i\n"
      "local int @j\n"
      "local int @acc\n"
      "local int @ev\n"
      "local int @pc\n"
      "func void @main() {\n"
      "   %n = load_input int @n\n"
      "   %zero = const int 0\n"
      "   %one = const int 1\n"
      "   store_local @i, %zero\n"
      "   store_local @acc, %zero\n"
      "   store_local @ev, %zero\n"
      "   store_local @pc, %zero\n"
      "   loop {\n"
      "      %i = load_local int @i\n"
      "      %done = ige bool %i, %n\n"
      "      if %done {\n"
      "         break\n"
      "      }\n"
      "      %a = load_local int @acc\n"
      "      %a2 = iadd int %a, %i\n"
      "      store_local @acc, %a2\n"
      "      %i2 = iadd int %i, %one\n"
      "      store_local @i, %i2\n"
      "      %odd = iand int %i, %one\n"
      "      %isodd = ine bool %odd, %zero\n"
      "      if %isodd {\n"
      "         continue\n"
      "      }\n"
      "      %e = load_local int @ev\n"
      "      %e2 = iadd int %e, %i\n"
      "      store_local @ev, %e2\n"
      "      store_local @j, %zero\n"
      "      loop {\n"          /* inner: count j < i, stop at 3 */
      "         %j = load_local int @j\n"
      "         %jd = ige bool %j, %i\n"
      "         if %jd {\n"
      "            break\n"
      "         }\n"
      "         %three = const int 3\n"
      "         %jx = ige bool %j, %three\n"
      "         if %jx {\n"
      "            break\n"
      "         }\n"
      "         %pc = load_local int @pc\n"
      "         %pc2 = iadd int %pc, %one\n"
      "         store_local @pc, %pc2\n"
      "         %j2 = iadd int %j, %one\n"
      "         store_local @j, %j2\n"
      "      }\n"
      "   }\n"
      "   %r = load_local int @acc\n"
      "   store_output @sum, %r\n"
      "   %re = load_local int @ev\n"
      "   store_output @evens, %re\n"
      "   %rp = load_local int @pc\n"
      "   store_output @pairs, %rp\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   const int32_t ns[5] = { 0, 1, 5, 10, -3 };
   float in[5][4], out[15][4];
   memset(in, 0, sizeof(in));
   for (unsigned i = 0; i < 5; i++)
      set_i(&in[i][0], ns[i]);
   struct irexec_env env = empty_env();
   CHECK(&ts, irexec_run_vertices(p, &env, 5, (const float(*)[4])in, out), "loops: run");
   for (unsigned v = 0; v < 5; v++) {
      int32_t sum = 0, ev = 0, pc = 0;
      for (int32_t i = 0; i < ns[v]; i++) {
         sum += i;
         if (i & 1)
            continue;
         ev += i;
         for (int32_t j = 0; j < i && j < 3; j++)
            pc++;
      }
      CHECK(&ts, out_i(out, v * 3, 0) == sum, "loops: n=%d sum %d want %d", ns[v], out_i(out, v * 3, 0), sum);
      CHECK(&ts, out_i(out, v * 3 + 1, 0) == ev, "loops: n=%d evens %d want %d", ns[v],
            out_i(out, v * 3 + 1, 0), ev);
      CHECK(&ts, out_i(out, v * 3 + 2, 0) == pc, "loops: n=%d pairs %d want %d", ns[v],
            out_i(out, v * 3 + 2, 0), pc);
   }
   irexec_destroy(p);
}

/* ---- calls with early returns and a return inside a loop ---- */
static void
test_calls(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input float @x location 0\n"
      "output float @o location 0\n"
      "local float @k\n"
      "func float @f(float %x) {\n"
      "   %z = const float 0.0\n"
      "   %neg = flt bool %x, %z\n"
      "   if %neg {\n"
      "      %n = fneg float %x\n"
      "      return %n\n"
      "   }\n"
      "   %one = const float 1.0\n"
      "   store_local @k, %z\n"
      "   loop {\n"
      "      %k = load_local float @k\n"
      "      %k1 = fadd float %k, %one\n"
      "      store_local @k, %k1\n"
      "      %big = fge bool %k1, %x\n"
      "      if %big {\n"
      "         %r = fmul float %k1, %x\n"
      "         return %r\n"
      "      }\n"
      "   }\n"
      "}\n"
      "func void @main() {\n"
      "   %x = load_input float @x\n"
      "   %y = call float @f(%x)\n"
      "   %t = const float 100.0\n"
      "   %s = fadd float %y, %t\n"
      "   store_output @o, %s\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   const float xs[4] = { -5.0f, 2.5f, 0.0f, 4.0f };
   float in[4][4], out[4][4];
   memset(in, 0, sizeof(in));
   for (unsigned i = 0; i < 4; i++)
      in[i][0] = xs[i];
   struct irexec_env env = empty_env();
   CHECK(&ts, irexec_run_vertices(p, &env, 4, (const float(*)[4])in, out), "calls: run");
   for (unsigned i = 0; i < 4; i++) {
      float want;
      if (xs[i] < 0.0f) {
         want = -xs[i];
      } else {
         float k = 0.0f;
         do
            k += 1.0f;
         while (!(k >= xs[i]));
         want = k * xs[i];
      }
      want += 100.0f;
      CHECK(&ts, out_f(out, i, 0) == want, "calls: x=%g got %g want %g", xs[i], out_f(out, i, 0), want);
   }
   irexec_destroy(p);
}

/* ---- fragment quads: discard, derivatives, system values ---- */
static void
quad_coords(float fc[4][4], float x0, float y0)
{
   for (unsigned l = 0; l < 4; l++) {
      fc[l][0] = x0 + (float)(l & 1) + 0.5f;
      fc[l][1] = y0 + (float)(l >> 1) + 0.5f;
      fc[l][2] = 0.25f;
      fc[l][3] = 1.0f;
   }
}

static void
test_discard(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader fragment\n"
      "input float @v location 0\n"
      "output vec4 @color location 0\n"
      "func void @main() {\n"
      "   %v = load_input float @v\n"
      "   %h = const float 0.5\n"
      "   %c = flt bool %v, %h\n"
      "   discard_if %c\n"
      "   %t = const float 2.0\n"
      "   %d = fgt bool %v, %t\n"
      "   if %d {\n"
      "      discard\n"
      "   }\n"
      "   %o = vec4 vec4 %v, %v, %v, %v\n"
      "   store_output @color, %o\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   CHECK(&ts, irexec_uses_discard(p), "discard: irexec_uses_discard");
   const float vs[4] = { 0.25f, 1.0f, 3.0f, 1.5f };
   float in[4][4], out[4][4], fc[4][4];
   memset(in, 0, sizeof(in));
   quad_coords(fc, 10, 20);
   for (unsigned i = 0; i < 4; i++)
      in[i][0] = vs[i];
   struct irexec_env env = empty_env();
   unsigned dm = 0xff;
   CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xf, true,
                                       (const float(*)[4])fc, out, &dm), "discard: run");
   CHECK(&ts, dm == 0x5, "discard: mask 0x%x want 0x5", dm);
   CHECK(&ts, out[1][2] == 1.0f && out[3][0] == 1.5f, "discard: survivors' outputs");
   /* lane 2 is a helper: its discard is not reported */
   CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xb, true,
                                       (const float(*)[4])fc, out, &dm), "discard: run 2");
   CHECK(&ts, dm == 0x1, "discard: helper lane reported, mask 0x%x", dm);
   /* a vertex program refuses quads, a fragment program refuses vertices */
   CHECK(&ts, !irexec_run_vertices(p, &env, 1, (const float(*)[4])in, out),
         "fragment program ran as vertices");
   irexec_destroy(p);
}

static void
test_derivatives(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader fragment\n"
      "input vec4 @fc semantic frag_coord\n"
      "input bool @ff semantic front_face\n"
      "output vec4 @d0 location 0\n"
      "output vec4 @d1 location 1\n"
      "output vec4 @d2 location 2\n"
      "output vec4 @fco location 3\n"
      "output int @face location 4\n"
      "func void @main() {\n"
      "   %fc = load_input vec4 @fc\n"
      "   store_output @fco, %fc\n"
      "   %x = swizzle float %fc.x\n"
      "   %y = swizzle float %fc.y\n"
      "   %xx = fmul float %x, %x\n"
      "   %xy = fmul float %x, %y\n"
      "   %a = fddx float %xx\n"
      "   %b = fddx_fine float %xy\n"
      "   %c = fddy_fine float %xy\n"
      "   %d = fddx_coarse float %xy\n"
      "   %o0 = vec4 vec4 %a, %b, %c, %d\n"
      "   store_output @d0, %o0\n"
      "   %e = fddy_coarse float %xy\n"
      "   %f = fddy float %xx\n"
      "   %g = fwidth float %xy\n"
      "   %v2 = vec2 vec2 %xx, %y\n"
      "   %h2 = fddy vec2 %v2\n"
      "   %h = swizzle float %h2.y\n"
      "   %o1 = vec4 vec4 %e, %f, %g, %h\n"
      "   store_output @d1, %o1\n"
      /* a derivative inside a branch only lane 0 takes: the other lanes
       * still compute the operand, so the result is the uniform one */
      "   %lim = const float 11.0\n"
      "   %in0 = flt bool %x, %lim\n"
      "   if %in0 {\n"
      "      %yy = fmul float %y, %y\n"
      "      %q = fddy float %yy\n"
      "      %q4 = vec4 vec4 %q, %q, %q, %q\n"
      "      store_output @d2, %q4\n"
      "   }\n"
      "   %ff = load_input bool @ff\n"
      "   %fi = b2i int %ff\n"
      "   store_output @face, %fi\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   const struct irexec_slot *slots;
   unsigned ni = irexec_get_inputs(p, &slots);
   CHECK(&ts, ni == 2 && slots[0].source == IREXEC_SRC_FRAG_COORD &&
                 slots[1].source == IREXEC_SRC_FRONT_FACE && slots[1].base == IR_BOOL,
         "derivatives: input slots");
   float in[8][4], out[20][4], fc[4][4];
   memset(in, 0x7f, sizeof(in));   /* irexec fills system values itself */
   const float x0 = 10.0f, y0 = 20.0f;
   quad_coords(fc, x0, y0);
   struct irexec_env env = empty_env();
   for (unsigned live = 1; live < 16; live += 7) {   /* 0x1, 0x8, 0xf */
      unsigned dm = 0xff;
      CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, live, false,
                                          (const float(*)[4])fc, out, &dm), "deriv: run");
      CHECK(&ts, dm == 0, "deriv: discard mask %x", dm);
      for (unsigned l = 0; l < 4; l++) {
         float x = fc[l][0], y = fc[l][1];
         float xr = fc[l & 2][0], yr = fc[l & 2][1];        /* row start */
         float xc = fc[l & 1][0], yc = fc[l & 1][1];        /* column start */
         float want0[4] = {
            (xr + 1) * (xr + 1) - xr * xr,        /* ddx(x*x) fine */
            yr,                                   /* ddx_fine(x*y) = y of the row */
            xc,                                   /* ddy_fine(x*y) = x of the column */
            fc[0][1],                             /* ddx_coarse: top row */
         };
         float want1[4] = {
            fc[0][0],                             /* ddy_coarse: left column */
            0.0f,                                 /* ddy(x*x) */
            fabsf(yr) + fabsf(xc),                /* fwidth(x*y) */
            1.0f,                                 /* ddy(y) */
         };
         float yy = (yc + 1) * (yc + 1) - yc * yc;
         (void)x;
         (void)y;
         unsigned o = l * 5;
         for (unsigned c = 0; c < 4; c++) {
            CHECK(&ts, out_f(out, o + 0, c) == want0[c], "deriv live %x lane %u d0.%u = %g want %g", live, l,
                  c, out_f(out, o + 0, c), want0[c]);
            CHECK(&ts, out_f(out, o + 1, c) == want1[c], "deriv live %x lane %u d1.%u = %g want %g", live, l,
                  c, out_f(out, o + 1, c), want1[c]);
            CHECK(&ts, out_f(out, o + 3, c) == fc[l][c], "deriv: frag coord lane %u", l);
         }
         if (l == 0 || l == 2)
            CHECK(&ts, out_f(out, o + 2, 0) == yy, "deriv in branch lane %u: %g want %g", l,
                  out_f(out, o + 2, 0), yy);
         else
            CHECK(&ts, out_f(out, o + 2, 0) == 0.0f, "deriv: lane %u wrote in a branch it skipped", l);
         CHECK(&ts, out_i(out, o + 4, 0) == 0, "front face false");
      }
   }
   /* front facing true */
   CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xf, true,
                                       (const float(*)[4])fc, out, NULL), "deriv: run");
   CHECK(&ts, out_i(out, 4, 0) == 1 && out_i(out, 19, 0) == 1, "front face true");
   irexec_destroy(p);
}

/* ---- dynamic indexing: locals, inputs, uniforms, outputs ---- */
static void
test_indexing(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input int @idx location 0\n"
      "input vec4 @arr[3] location 1\n"
      "output float @la location 0\n"
      "output vec4 @ia location 1\n"
      "output vec4 @ua location 2\n"
      "output float @oa[3] location 3\n"
      "local float @a[4]\n"
      "uniform vec4 @u[2] cbuf 0 offset 16\n"
      "func void @main() {\n"
      "   %i = load_input int @idx\n"
      "   %c0 = const float 10.0\n"
      "   %c1 = const float 11.0\n"
      "   %c2 = const float 12.0\n"
      "   %c3 = const float 13.0\n"
      "   store_local @a[0], %c0\n"
      "   store_local @a[1], %c1\n"
      "   store_local @a[2], %c2\n"
      "   store_local @a[3], %c3\n"
      "   %m = const float -1.0\n"
      "   store_local @a[%i], %m\n"       /* out of range: dropped */
      "   %v = load_local float @a[%i]\n" /* out of range: last element */
      "   store_output @la, %v\n"
      "   %in = load_input vec4 @arr[%i]\n"
      "   store_output @ia, %in\n"
      "   %un = load_uniform vec4 @u[%i]\n"
      "   store_output @ua, %un\n"
      "   %z = const float 0.5\n"
      "   store_output @oa[%i], %z\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   const int32_t idx[6] = { 0, 2, 3, -1, 1, 1000 };
   float in[6 * 4][4], out[6 * 6][4];
   for (unsigned v = 0; v < 6; v++) {
      set_i(&in[v * 4][0], idx[v]);
      for (unsigned e = 0; e < 3; e++)
         for (unsigned c = 0; c < 4; c++)
            in[v * 4 + 1 + e][c] = (float)(100 * v + 10 * e + c);
   }
   float cb[12];
   for (unsigned k = 0; k < 12; k++)
      cb[k] = (float)k;
   struct irexec_env env = empty_env();
   env.cbufs[0].data = cb;
   env.cbufs[0].size = 40;   /* u[1].z and u[1].w are outside: 0 */
   CHECK(&ts, irexec_run_vertices(p, &env, 6, (const float(*)[4])in, out), "indexing: run");
   for (unsigned v = 0; v < 6; v++) {
      int32_t i = idx[v];
      bool in4 = i >= 0 && i < 4;
      float la = i >= 0 && i < 4 ? -1.0f : 13.0f;
      (void)in4;
      unsigned e3 = i >= 0 && i < 3 ? (unsigned)i : 2;
      unsigned e2 = i >= 0 && i < 2 ? (unsigned)i : 1;
      const float *o = out[v * 6];
      CHECK(&ts, o[0] == la, "indexing: idx %d local %g want %g", i, o[0], la);
      for (unsigned c = 0; c < 4; c++) {
         float wi = (float)(100 * v + 10 * e3 + c);
         float off = 4 + 4 * e2 + c;   /* float index into cb */
         float wu = off * 4 + 4 <= 40 ? cb[(unsigned)off] : 0.0f;
         CHECK(&ts, out[v * 6 + 1][c] == wi, "indexing: idx %d input.%u %g want %g", i, c,
               out[v * 6 + 1][c], wi);
         CHECK(&ts, out[v * 6 + 2][c] == wu, "indexing: idx %d uniform.%u %g want %g", i, c,
               out[v * 6 + 2][c], wu);
      }
      for (unsigned e = 0; e < 3; e++) {
         float want = (int32_t)e == i ? 0.5f : 0.0f;
         CHECK(&ts, out[v * 6 + 3 + e][0] == want, "indexing: idx %d output[%u] %g want %g", i, e,
               out[v * 6 + 3 + e][0], want);
      }
   }
   const struct irexec_slot *os;
   unsigned no = irexec_get_outputs(p, &os);
   CHECK(&ts, no == 6 && os[3].location == 3 && os[5].location == 5 && os[5].array_index == 2 &&
                 os[5].written && irexec_find_output(p, IR_SEM_GENERIC, 4) == 4,
         "indexing: output slots");
   irexec_destroy(p);
}

/* ---- constant buffers: load_cbuf, bool/int uniforms, unbound ---- */
static void
test_cbuf(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input uint @off location 0\n"
      "output vec2 @raw location 0\n"
      "output ivec2 @flags location 1\n"
      "output vec4 @unbound location 2\n"
      "uniform bvec2 @b cbuf 1 offset 0\n"
      "uniform vec4 @nb cbuf 5 offset 0\n"
      "func void @main() {\n"
      "   %off = load_input uint @off\n"
      "   %r = load_cbuf vec2 1, %off\n"
      "   store_output @raw, %r\n"
      "   %b = load_uniform bvec2 @b\n"
      "   %bi = b2i ivec2 %b\n"
      "   store_output @flags, %bi\n"
      "   %nb = load_uniform vec4 @nb\n"
      "   store_output @unbound, %nb\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   uint32_t cb[6] = { 0, 0xdeadbeefu, fbits(2.5f), fbits(-1.0f), fbits(7.0f), fbits(8.0f) };
   const uint32_t offs[4] = { 8, 20, 10, 0xfffffffcu };
   float in[4][4], out[12][4];
   memset(in, 0, sizeof(in));
   for (unsigned v = 0; v < 4; v++)
      memcpy(&in[v][0], &offs[v], 4);
   struct irexec_env env = empty_env();
   env.cbufs[1].data = cb;
   env.cbufs[1].size = sizeof(cb);
   CHECK(&ts, irexec_run_vertices(p, &env, 4, (const float(*)[4])in, out), "cbuf: run");
   const uint8_t *bytes = (const uint8_t *)cb;
   for (unsigned v = 0; v < 4; v++) {
      for (unsigned c = 0; c < 2; c++) {
         uint64_t o = (uint64_t)offs[v] + 4 * c;
         uint32_t want = 0;
         if (o + 4 <= sizeof(cb))
            memcpy(&want, bytes + o, 4);
         uint32_t got;
         memcpy(&got, &out[v * 3][c], 4);
         CHECK(&ts, got == want, "cbuf: offset %u comp %u got 0x%x want 0x%x", offs[v], c, got, want);
      }
      CHECK(&ts, out_i(out, v * 3 + 1, 0) == 0 && out_i(out, v * 3 + 1, 1) == 1,
            "cbuf: bool uniform (0, 0xdeadbeef) -> (%d, %d)", out_i(out, v * 3 + 1, 0),
            out_i(out, v * 3 + 1, 1));
      for (unsigned c = 0; c < 4; c++)
         CHECK(&ts, out[v * 3 + 2][c] == 0.0f, "cbuf: unbound buffer not 0");
   }
   irexec_destroy(p);
}

/* ---- vertex system values and unwritten outputs ---- */
static void
test_sysvals(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader vertex\n"
      "input int @vid semantic vertex_id\n"
      "input vec4 @pos location 0\n"
      "input int @iid semantic instance_id\n"
      "output ivec2 @ids location 0\n"
      "output vec4 @never location 1\n"
      "output vec4 @p semantic position\n"
      "func void @main() {\n"
      "   %v = load_input int @vid\n"
      "   %i = load_input int @iid\n"
      "   %o = vec2 ivec2 %v, %i\n"
      "   store_output @ids, %o\n"
      "   %pos = load_input vec4 @pos\n"
      "   store_output @p, %pos\n"
      "   %rb = load_output vec4 @p\n"    /* read back */
      "   %two = const vec4 2.0, 2.0, 2.0, 2.0\n"
      "   %p2 = fmul vec4 %rb, %two\n"
      "   store_output @p, %p2\n"
      "}\n");
   if (!p) {
      ts.failures++;
      return;
   }
   const struct irexec_slot *is, *os;
   unsigned ni = irexec_get_inputs(p, &is), no = irexec_get_outputs(p, &os);
   CHECK(&ts, ni == 3 && is[0].source == IREXEC_SRC_VERTEX_ID && is[1].source == IREXEC_SRC_INPUTS &&
                 is[2].source == IREXEC_SRC_INSTANCE_ID,
         "sysvals: input sources");
   CHECK(&ts, no == 3 && os[0].written && !os[1].written && os[2].semantic == IR_SEM_POSITION,
         "sysvals: output slots");
   CHECK(&ts, irexec_find_output(p, IR_SEM_POSITION, 99) == 2 && irexec_find_input(p, IR_SEM_GENERIC, 0) == 1 &&
                 irexec_find_input(p, IR_SEM_GENERIC, 1) == -1,
         "sysvals: find");
   float in[5 * 3][4], out[5 * 3][4];
   memset(in, 0, sizeof(in));
   for (unsigned v = 0; v < 5; v++)
      for (unsigned c = 0; c < 4; c++)
         in[v * 3 + 1][c] = (float)(v * 4 + c);
   struct irexec_env env = empty_env();
   env.vertex_id_base = 7;
   env.instance_id = 3;
   memset(out, 0x55, sizeof(out));
   CHECK(&ts, irexec_run_vertices(p, &env, 5, (const float(*)[4])in, out), "sysvals: run");
   for (unsigned v = 0; v < 5; v++) {
      CHECK(&ts, out_i(out, v * 3, 0) == (int)(7 + v) && out_i(out, v * 3, 1) == 3,
            "sysvals: vertex %u ids %d %d", v, out_i(out, v * 3, 0), out_i(out, v * 3, 1));
      for (unsigned c = 0; c < 4; c++) {
         CHECK(&ts, out[v * 3 + 1][c] == 0.0f, "sysvals: unwritten output not 0");
         CHECK(&ts, out[v * 3 + 2][c] == 2.0f * (float)(v * 4 + c), "sysvals: position read back");
      }
   }
   const int32_t ids[5] = { 100, -4, 0, 55, 9 };
   env.vertex_ids = ids;
   CHECK(&ts, irexec_run_vertices(p, &env, 5, (const float(*)[4])in, out), "sysvals: run 2");
   for (unsigned v = 0; v < 5; v++)
      CHECK(&ts, out_i(out, v * 3, 0) == ids[v], "sysvals: vertex_ids[%u]", v);
   irexec_destroy(p);
}

/* ---- runaway guard, bad input ---- */
static void
test_robustness(void)
{
   struct irexec_program *p = irexec_test_program(
      "shader fragment\n"
      "output vec4 @o location 0\n"
      "func void @main() {\n"
      "   %one = const vec4 1.0, 1.0, 1.0, 1.0\n"
      "   store_output @o, %one\n"
      "   loop {\n"
      "      %x = const float 1.0\n"
      "   }\n"
      "}\n");
   if (p) {
      struct irexec_env env = empty_env();
      env.max_steps = 10000;
      float out[4][4], fc[4][4];
      quad_coords(fc, 0, 0);
      CHECK(&ts, !irexec_run_fragment_quad(p, &env, NULL, 0xf, true, (const float(*)[4])fc, out, NULL),
            "runaway loop reported success");
      CHECK(&ts, out[0][0] == 1.0f, "runaway: outputs so far");
      irexec_destroy(p);
   } else {
      ts.failures++;
   }

   /* an empty infinite loop (no instruction to count) ends too; the
    * default budget applies when max_steps is 0 */
   p = irexec_test_program("shader vertex\nfunc void @main() {\n   loop {\n   }\n}\n");
   if (p) {
      struct irexec_env env = empty_env();
      CHECK(&ts, !irexec_run_vertices(p, &env, 3, NULL, NULL), "empty runaway loop reported success");
      irexec_destroy(p);
   } else {
      ts.failures++;
   }

   char err[256];
   CHECK(&ts, irexec_create(NULL, err, sizeof(err)) == NULL, "create(NULL)");
   /* invalid: a derivative in a vertex shader (built through the API) */
   struct ir_shader *s = ir_parse("shader vertex\nfunc void @main() {\n}\n", err, sizeof(err));
   CHECK(&ts, s != NULL, "parse empty");
   if (s) {
      struct irexec_program *e = irexec_create(s, err, sizeof(err));
      CHECK(&ts, e != NULL, "empty shader: %s", err);
      float dummy[1][4];
      struct irexec_env env = empty_env();
      CHECK(&ts, e && irexec_run_vertices(e, &env, 1, NULL, dummy), "empty shader runs");
      irexec_destroy(e);
      struct ir_function *f = ir_shader_main(s);
      struct ir_instr *c = ir_instr_create(s, IR_OP_const, ir_type_make(IR_FLOAT, 1), 0);
      ir_block_append(f->body, c);
      struct ir_instr *d = ir_instr_create(s, IR_OP_fddx, ir_type_make(IR_FLOAT, 1), 1);
      d->src[0] = c;
      ir_block_append(f->body, d);
      err[0] = 0;
      CHECK(&ts, irexec_create(s, err, sizeof(err)) == NULL && err[0], "invalid shader accepted");
      ir_shader_destroy(s);
   }
   CHECK(&ts, !irexec_run_vertices(NULL, NULL, 1, NULL, NULL), "run(NULL)");
   irexec_destroy(NULL);
}

/* ---- batch storage: big programs (heap) and small ones (caller's stack)
 * give the same results, and nothing leaks from one batch into the next ---- */
static char *
chain_shader(const char *stage, unsigned n)
{
   /* o = x + n, as a chain of n dependent adds (n + 3 SSA values) */
   size_t cap = 256 + (size_t)n * 64;
   char *t = malloc(cap);
   if (!t)
      return NULL;
   int len = snprintf(t, cap,
                      "shader %s\n"
                      "input float @x location 0\n"
                      "output float @o location 0\n"
                      "func void @main() {\n"
                      "   %%one = const float 1.0\n"
                      "   %%v0 = load_input float @x\n",
                      stage);
   for (unsigned i = 1; i <= n; i++)
      len += snprintf(t + len, cap - (size_t)len, "   %%v%u = fadd float %%v%u, %%one\n", i, i - 1);
   snprintf(t + len, cap - (size_t)len, "   store_output @o, %%v%u\n}\n", n);
   return t;
}

static void
test_batch_storage(void)
{
   static const unsigned lengths[] = { 3, 300 };   /* inline / heap storage */
   for (unsigned k = 0; k < 2; k++) {
      unsigned n = lengths[k];
      for (unsigned st = 0; st < 2; st++) {
         char *text = chain_shader(st ? "fragment" : "vertex", n);
         struct irexec_program *p = text ? irexec_test_program(text) : NULL;
         free(text);
         if (!p) {
            ts.failures++;
            return;
         }
         float in[9][4], out[9][4];
         memset(in, 0, sizeof(in));
         for (unsigned i = 0; i < 9; i++)
            in[i][0] = (float)i * 0.5f;
         memset(out, 0xff, sizeof(out));
         struct irexec_env env = empty_env();
         if (!st) {
            CHECK(&ts, irexec_run_vertices(p, &env, 9, (const float(*)[4])in, out),
                  "storage: vertex chain %u run", n);
            for (unsigned i = 0; i < 9; i++)
               CHECK(&ts, out[i][0] == (float)i * 0.5f + (float)n && out[i][1] == 0.0f,
                     "storage: vertex chain %u: vertex %u o=%g want %g", n, i, out[i][0],
                     (float)i * 0.5f + (float)n);
         } else {
            float fc[4][4];
            unsigned dm = 0xff;
            quad_coords(fc, 0, 0);
            CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xf, true,
                                                (const float(*)[4])fc, out, &dm),
                  "storage: fragment chain %u run", n);
            for (unsigned i = 0; i < 4; i++)
               CHECK(&ts, out[i][0] == (float)i * 0.5f + (float)n && out[i][3] == 0.0f,
                     "storage: fragment chain %u: lane %u o=%g", n, i, out[i][0]);
            CHECK(&ts, dm == 0, "storage: fragment chain %u: discard mask 0x%x", n, dm);
         }
         irexec_destroy(p);
      }
   }

   /* an output written only by some lanes: a later batch (or quad) that
    * does not write it must read 0, never the previous batch's value */
   const char *cond =
      "shader %s\n"
      "input float @x location 0\n"
      "output float @o location 0\n"
      "func void @main() {\n"
      "   %%x = load_input float @x\n"
      "   %%z = const float 0.0\n"
      "   %%c = fgt bool %%x, %%z\n"
      "   if %%c {\n"
      "      store_output @o, %%x\n"
      "   }\n"
      "}\n";
   for (unsigned st = 0; st < 2; st++) {
      char text[512];
      snprintf(text, sizeof(text), cond, st ? "fragment" : "vertex");
      struct irexec_program *p = irexec_test_program(text);
      if (!p) {
         ts.failures++;
         return;
      }
      struct irexec_env env = empty_env();
      float in[8][4], out[8][4];
      memset(in, 0, sizeof(in));
      for (unsigned i = 0; i < 8; i++)
         in[i][0] = i < 4 ? 7.0f + (float)i : -1.0f;
      if (!st) {
         CHECK(&ts, irexec_run_vertices(p, &env, 8, (const float(*)[4])in, out),
               "storage: conditional output run");
         for (unsigned i = 0; i < 8; i++)
            CHECK(&ts, out[i][0] == (i < 4 ? 7.0f + (float)i : 0.0f),
                  "storage: conditional output: vertex %u o=%g", i, out[i][0]);
      } else {
         float fc[4][4];
         quad_coords(fc, 0, 0);
         CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in, 0xf, true,
                                             (const float(*)[4])fc, out, NULL),
               "storage: conditional output quad 1");
         CHECK(&ts, irexec_run_fragment_quad(p, &env, (const float(*)[4])in + 4, 0xf, true,
                                             (const float(*)[4])fc, out + 4, NULL),
               "storage: conditional output quad 2");
         for (unsigned i = 0; i < 8; i++)
            CHECK(&ts, out[i][0] == (i < 4 ? 7.0f + (float)i : 0.0f),
                  "storage: conditional output: fragment %u o=%g", i, out[i][0]);
      }
      irexec_destroy(p);
   }
}

int
main(void)
{
   for (int round = 0; round < 2; round++) {
      optimize = round == 1;
      unsigned before = ts.failures;
      test_if_return();
      test_loops();
      test_calls();
      test_discard();
      test_derivatives();
      test_indexing();
      test_cbuf();
      test_sysvals();
      test_robustness();
      test_batch_storage();
      if (ts.failures != before)
         fprintf(stderr, "(failures above: %s shaders)\n", optimize ? "optimized" : "unoptimized");
   }
   printf("irexec_test_exec: %u checks, %u failures\n", ts.checks, ts.failures);
   return ts.failures ? 1 : 0;
}
