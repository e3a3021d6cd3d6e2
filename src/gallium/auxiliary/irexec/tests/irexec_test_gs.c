/*
 * irexec geometry shaders: per-vertex inputs (one and several elements per
 * vertex, dynamic indices in and out of range), gl_PrimitiveIDIn from an
 * array and from a base, emitted vertices with their output values and
 * strip boundaries, lanes that emit different counts, max_vertices
 * truncation (later emits ignored, the memory past them untouched), the
 * runaway guard and bad calls.  Expected values are computed here from
 * the shaders' formulas; every case runs on the shader as written and
 * after the IR's passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irexec_test_util.h"

static struct irexec_test_state ts;
static bool optimize;

static struct irexec_env
empty_env(void)
{
   struct irexec_env env;
   memset(&env, 0, sizeof(env));
   return env;
}

static int32_t
as_int(const float *f)
{
   int32_t v;
   memcpy(&v, f, 4);
   return v;
}

/*
 * Each input triangle twice, the second copy moved by (10, 20): two strips
 * of three vertices, each vertex with its colour and the primitive's id.
 * Primitives with an odd id stop after the first copy (the lanes of a
 * batch emit different counts).
 */
static const char gs_twice[] =
   "shader geometry\n"
   "input_primitive triangles\n"
   "output_primitive triangle_strip\n"
   "max_vertices 6\n"
   "input vec4 @pos[3] semantic position\n"
   "input vec4 @col[3] location 1\n"
   "input int @prim semantic primitive_id\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @ocol location 1\n"
   "output int @oprim semantic primitive_id flat\n"
   "local int @k\n"
   "local int @v\n"
   "func void @main() {\n"
   "   %id = load_input int @prim\n"
   "   store_output @oprim, %id\n"
   "   %one = const int 1\n"
   "   %two = const int 2\n"
   "   %zero = const int 0\n"
   "   %bit = iand int %id, %one\n"
   "   %odd = ine bool %bit, %zero\n"
   "   %copies = select int %odd, %one, %two\n"
   "   store_local @k, %zero\n"
   "   loop {\n"
   "      %k = load_local int @k\n"
   "      %kdone = ige bool %k, %copies\n"
   "      if %kdone {\n"
   "         break\n"
   "      }\n"
   "      %kf = i2f float %k\n"
   "      %step = const vec4 10.0, 20.0, 0.0, 0.0\n"
   "      %kv = vec4 vec4 %kf, %kf, %kf, %kf\n"
   "      %off = fmul vec4 %kv, %step\n"
   "      store_local @v, %zero\n"
   "      loop {\n"
   "         %v = load_local int @v\n"
   "         %three = const int 3\n"
   "         %vdone = ige bool %v, %three\n"
   "         if %vdone {\n"
   "            break\n"
   "         }\n"
   "         %p = load_input vec4 @pos[%v]\n"
   "         %q = fadd vec4 %p, %off\n"
   "         store_output @opos, %q\n"
   "         %c = load_input vec4 @col[%v]\n"
   "         store_output @ocol, %c\n"
   "         emit_vertex\n"
   "         %vn = iadd int %v, %one\n"
   "         store_local @v, %vn\n"
   "      }\n"
   "      end_primitive\n"
   "      %kn = iadd int %k, %one\n"
   "      store_local @k, %kn\n"
   "   }\n"
   "}\n";

#define NPRIM 5

static void
test_twice(void)
{
   struct irexec_program *p = irexec_test_program_opt(gs_twice, optimize);
   CHECK(&ts, p != NULL, "gs_twice: no program");
   if (!p)
      return;

   struct irexec_gs_info info;
   CHECK(&ts, irexec_get_gs_info(p, &info), "gs_twice: not a geometry shader");
   CHECK(&ts, info.input_prim == IR_PRIM_TRIANGLES && info.output_prim == IR_PRIM_TRIANGLE_STRIP &&
              info.vertices_in == 3 && info.max_vertices == 6,
         "gs info %u %u %u %u", info.input_prim, info.output_prim, info.vertices_in,
         info.max_vertices);
   const struct irexec_slot *ins, *outs;
   unsigned ni = irexec_get_inputs(p, &ins), no = irexec_get_outputs(p, &outs);
   /* one vertex's slots: position, colour, and the primitive id irexec fills */
   CHECK(&ts, ni == 3, "%u input slots, expected 3", ni);
   CHECK(&ts, no == 3, "%u output slots, expected 3", no);
   if (ni != 3 || no != 3) {
      irexec_destroy(p);
      return;
   }
   CHECK(&ts, ins[0].semantic == IR_SEM_POSITION && ins[0].source == IREXEC_SRC_INPUTS &&
              ins[1].semantic == IR_SEM_GENERIC && ins[1].location == 1 &&
              ins[2].semantic == IR_SEM_PRIMITIVE_ID && ins[2].source == IREXEC_SRC_PRIMITIVE_ID,
         "input slots");
   CHECK(&ts, irexec_find_input(p, IR_SEM_GENERIC, 1) == 1, "find the colour input");

   /* vertex v of primitive q: position (q, v, 0.5, 1), colour (q / 8, v / 4, 1, 0) */
   float in[NPRIM * 3][3][4];
   memset(in, 0, sizeof(in));
   for (unsigned q = 0; q < NPRIM; q++) {
      for (unsigned v = 0; v < 3; v++) {
         float *pos = in[q * 3 + v][0], *col = in[q * 3 + v][1];
         pos[0] = (float)q, pos[1] = (float)v, pos[2] = 0.5f, pos[3] = 1.0f;
         col[0] = (float)q / 8.0f, col[1] = (float)v / 4.0f, col[2] = 1.0f, col[3] = 0.0f;
         in[q * 3 + v][2][0] = -99.0f;   /* the primitive id slot is irexec's */
      }
   }
   static const int32_t ids[NPRIM] = { 4, 7, 10, 0, 13 };
   for (int with_ids = 0; with_ids < 2; with_ids++) {
      struct irexec_env env = empty_env();
      if (with_ids)
         env.primitive_ids = ids;
      else
         env.primitive_id_base = 100;   /* 100 .. 104: even, odd, even, ... */
      float out[NPRIM * 6][3][4];
      uint8_t starts[NPRIM * 6];
      unsigned counts[NPRIM];
      memset(out, 0xcd, sizeof(out));
      memset(starts, 0xcd, sizeof(starts));
      bool ok = irexec_run_geometry(p, &env, NPRIM, (const float (*)[4])in, (float (*)[4])out,
                                    starts, counts);
      CHECK(&ts, ok, "run_geometry failed");
      for (unsigned q = 0; q < NPRIM; q++) {
         int32_t id = with_ids ? ids[q] : 100 + (int32_t)q;
         unsigned copies = (id & 1) ? 1 : 2;
         CHECK(&ts, counts[q] == 3 * copies, "ids %d primitive %u (id %d): %u vertices, expected %u",
               with_ids, q, id, counts[q], 3 * copies);
         for (unsigned k = 0; k < counts[q] && k < 6; k++) {
            unsigned copy = k / 3, v = k % 3;
            const float (*o)[4] = out[q * 6 + k];
            float want_pos[4] = { (float)q + 10.0f * copy, (float)v + 20.0f * copy, 0.5f, 1.0f };
            float want_col[4] = { (float)q / 8.0f, (float)v / 4.0f, 1.0f, 0.0f };
            for (unsigned c = 0; c < 4; c++) {
               CHECK(&ts, o[0][c] == want_pos[c], "primitive %u vertex %u position.%c %g, want %g",
                     q, k, "xyzw"[c], o[0][c], want_pos[c]);
               CHECK(&ts, o[1][c] == want_col[c], "primitive %u vertex %u colour.%c %g, want %g",
                     q, k, "xyzw"[c], o[1][c], want_col[c]);
            }
            CHECK(&ts, as_int(o[2]) == id, "primitive %u vertex %u id %d, want %d", q, k,
                  as_int(o[2]), id);
            /* a strip starts at each copy's first vertex */
            uint8_t want_start = v == 0 ? IREXEC_GS_STRIP_START : 0;
            CHECK(&ts, starts[q * 6 + k] == want_start, "primitive %u vertex %u flags %u, want %u",
                  q, k, starts[q * 6 + k], want_start);
         }
         /* what follows the emitted vertices is left alone */
         for (unsigned k = counts[q]; k < 6; k++)
            CHECK(&ts, starts[q * 6 + k] == 0xcd && fbits(out[q * 6 + k][0][0]) == 0xcdcdcdcdu,
                  "primitive %u: vertex %u past the emitted ones written", q, k);
      }
   }
   irexec_destroy(p);
}

/*
 * Lines with three clip distances per vertex (an array of 2 x 3): element
 * v * 3 + i is distance i of vertex v, for constant and dynamic indices;
 * an index past the end reads the last element (vertex 1, distance 2).
 * max_vertices 4 while the shader emits 6 in two strips of 3: the first
 * strip whole, the second cut to one vertex.
 */
static const char gs_clip[] =
   "shader geometry\n"
   "input_primitive lines\n"
   "output_primitive line_strip\n"
   "max_vertices 4\n"
   "input float @cd[6] semantic clip_distance\n"
   "input vec2 @uv[2] location 0\n"
   "input int @sel[2] location 1 flat\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %a = load_input float @cd[1]\n"
   "   %b = load_input float @cd[5]\n"
   "   %s = load_input int @sel[1]\n"
   "   %c = load_input float @cd[%s]\n"
   "   %big = const int 9\n"
   "   %d = load_input float @cd[%big]\n"
   "   %o = vec4 vec4 %a, %b, %c, %d\n"
   "   store_output @o, %o\n"
   "   emit_vertex\n"
   "   %uv = load_input vec2 @uv[1]\n"
   "   %u = swizzle float %uv.x\n"
   "   %v = swizzle float %uv.y\n"
   "   %o2 = vec4 vec4 %u, %v, %u, %v\n"
   "   store_output @o, %o2\n"
   "   emit_vertex\n"
   "   emit_vertex\n"
   "   end_primitive\n"
   "   end_primitive\n"
   "   %k = const vec4 7.0, 7.0, 7.0, 7.0\n"
   "   store_output @o, %k\n"
   "   emit_vertex\n"
   "   emit_vertex\n"
   "   emit_vertex\n"
   "}\n";

static void
test_clip_and_truncation(void)
{
   struct irexec_program *p = irexec_test_program_opt(gs_clip, optimize);
   CHECK(&ts, p != NULL, "gs_clip: no program");
   if (!p)
      return;
   const struct irexec_slot *ins;
   unsigned ni = irexec_get_inputs(p, &ins);
   /* three distances, the coordinates, the selector: one vertex's slots */
   CHECK(&ts, ni == 5, "%u input slots, expected 5", ni);
   if (ni != 5) {
      irexec_destroy(p);
      return;
   }
   for (unsigned i = 0; i < 3; i++)
      CHECK(&ts, ins[i].semantic == IR_SEM_CLIP_DISTANCE && ins[i].array_index == i &&
                 ins[i].location == (int)i && ins[i].comps == 1,
            "clip distance slot %u: array index %u location %d", i, ins[i].array_index,
            ins[i].location);
   /* two primitives: distance i of vertex v of primitive q = 100 q + 10 v + i */
   float in[2 * 2][5][4];
   memset(in, 0, sizeof(in));
   int32_t sel[2] = { 4, 3 };   /* vertex 1's selector: element 4 (v1 d1), element 3 (v1 d0) */
   for (unsigned q = 0; q < 2; q++) {
      for (unsigned v = 0; v < 2; v++) {
         for (unsigned i = 0; i < 3; i++)
            in[q * 2 + v][i][0] = 100.0f * q + 10.0f * v + (float)i;
         in[q * 2 + v][3][0] = 0.25f * (float)(q + v);
         in[q * 2 + v][3][1] = -1.0f - (float)q;
         int32_t s = v ? sel[q] : 0;
         memcpy(&in[q * 2 + v][4][0], &s, 4);
      }
   }
   struct irexec_env env = empty_env();
   float out[2 * 4][1][4];
   uint8_t starts[2 * 4];
   unsigned counts[2];
   memset(out, 0xcd, sizeof(out));
   bool ok = irexec_run_geometry(p, &env, 2, (const float (*)[4])in, (float (*)[4])out, starts,
                                 counts);
   CHECK(&ts, ok, "run_geometry failed");
   for (unsigned q = 0; q < 2; q++) {
      CHECK(&ts, counts[q] == 4, "primitive %u: %u vertices, expected max_vertices 4", q,
            counts[q]);
      float base = 100.0f * q;
      float c = base + (sel[q] == 4 ? 11.0f : 10.0f);
      float want[4][4] = {
         { base + 1.0f, base + 12.0f, c, base + 12.0f },
         { 0.25f * (q + 1), -1.0f - q, 0.25f * (q + 1), -1.0f - q },
         { 0.25f * (q + 1), -1.0f - q, 0.25f * (q + 1), -1.0f - q },
         { 7.0f, 7.0f, 7.0f, 7.0f },
      };
      static const uint8_t want_start[4] = { 1, 0, 0, 1 };
      for (unsigned k = 0; k < 4; k++) {
         for (unsigned ch = 0; ch < 4; ch++)
            CHECK(&ts, out[q * 4 + k][0][ch] == want[k][ch],
                  "primitive %u vertex %u .%c = %g, want %g", q, k, "xyzw"[ch],
                  out[q * 4 + k][0][ch], want[k][ch]);
         CHECK(&ts, starts[q * 4 + k] == want_start[k], "primitive %u vertex %u flags %u, want %u",
               q, k, starts[q * 4 + k], want_start[k]);
      }
   }
   irexec_destroy(p);
}

/* An endless loop of emits: max_vertices keeps the output bounded, the
 * step budget ends the batch. */
static void
test_runaway(void)
{
   struct irexec_program *p = irexec_test_program_opt(
      "shader geometry\n"
      "input_primitive points\n"
      "output_primitive points\n"
      "max_vertices 3\n"
      "input vec4 @pos[1] semantic position\n"
      "output vec4 @o semantic position\n"
      "func void @main() {\n"
      "   %p = load_input vec4 @pos[0]\n"
      "   loop {\n"
      "      store_output @o, %p\n"
      "      emit_vertex\n"
      "   }\n"
      "}\n", optimize);
   CHECK(&ts, p != NULL, "runaway: no program");
   if (!p)
      return;
   struct irexec_env env = empty_env();
   env.max_steps = 10000;
   float in[6][1][4] = { { { 1, 2, 3, 4 } } };
   float out[6 * 3][1][4];
   uint8_t starts[6 * 3];
   unsigned counts[6];
   bool ok = irexec_run_geometry(p, &env, 6, (const float (*)[4])in, (float (*)[4])out, starts,
                                 counts);
   CHECK(&ts, !ok, "a runaway geometry shader reported success");
   CHECK(&ts, counts[0] == 3 && counts[5] == 3, "runaway counts %u %u, expected 3", counts[0],
         counts[5]);
   CHECK(&ts, out[0][0][1] == 2.0f && starts[0] == 1 && starts[1] == 0 && starts[2] == 0,
         "runaway: the vertices emitted before the end");
   irexec_destroy(p);
}

/* Calls that do not fit the program's stage. */
static void
test_bad_calls(void)
{
   struct irexec_program *gs = irexec_test_program(gs_twice);
   struct irexec_program *vs = irexec_test_program(
      "shader vertex\n"
      "input vec4 @p location 0\n"
      "output vec4 @o semantic position\n"
      "func void @main() {\n"
      "   %p = load_input vec4 @p\n"
      "   store_output @o, %p\n"
      "}\n");
   CHECK(&ts, gs && vs, "bad calls: no programs");
   if (gs && vs) {
      struct irexec_env env = empty_env();
      float buf[64][4];
      uint8_t starts[16];
      unsigned counts[2];
      struct irexec_gs_info info;
      CHECK(&ts, !irexec_get_gs_info(vs, &info) && info.max_vertices == 0,
            "a vertex shader has geometry info");
      CHECK(&ts, !irexec_run_geometry(vs, &env, 1, buf, buf, starts, counts),
            "run_geometry ran a vertex shader");
      CHECK(&ts, !irexec_run_vertices(gs, &env, 1, buf, buf), "run_vertices ran a geometry shader");
      CHECK(&ts, !irexec_run_geometry(gs, &env, 1, buf, NULL, starts, counts),
            "run_geometry without an output array");
      CHECK(&ts, irexec_run_geometry(gs, &env, 0, NULL, NULL, NULL, NULL),
            "run_geometry of no primitive failed");
   }
   irexec_destroy(gs);
   irexec_destroy(vs);

   /* an invalid geometry shader is refused with the validator's reason */
   char err[256];
   struct ir_shader *s = ir_parse("shader geometry\ninput_primitive points\n"
                                  "output_primitive points\n"
                                  "func void @main() {\n   emit_vertex\n}\n", err, sizeof(err));
   CHECK(&ts, s != NULL, "parse: %s", err);
   if (s) {
      struct irexec_program *bad = irexec_create(s, err, sizeof(err));
      CHECK(&ts, !bad && strstr(err, "max_vertices"), "a geometry shader without max_vertices: %s",
            bad ? "accepted" : err);
      irexec_destroy(bad);
      ir_shader_destroy(s);
   }
}

int
main(void)
{
   for (int round = 0; round < 2; round++) {
      optimize = round == 1;
      unsigned before = ts.failures;
      test_twice();
      test_clip_and_truncation();
      test_runaway();
      if (ts.failures != before)
         fprintf(stderr, "(failures above: %s shaders)\n", optimize ? "optimized" : "unoptimized");
   }
   test_bad_calls();
   printf("irexec_test_gs: %u checks, %u failures\n", ts.checks, ts.failures);
   return ts.failures ? 1 : 0;
}
