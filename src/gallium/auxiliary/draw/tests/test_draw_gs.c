/*
 * draw with a geometry shader: the layout switching to the GS's outputs,
 * the input primitives the shader sees (each type, adjacency included,
 * the triangle-strip-with-adjacency table, restart, modes it does not
 * take), gl_PrimitiveIDIn per draw and instance, output strips cut into
 * points, lines and triangles (triangle strip winding in both provoking
 * conventions, strip boundaries, strips too short), flat shading from the
 * output strip's provoking vertex, stream output and the counters.  A GS
 * written in C (fake_gs) and, with irexec, one in Pony IR.
 */
#include <stdlib.h>
#include <string.h>

#include "draw_test_util.h"

#define MAXV 16

/* A geometry shader in C: emit() makes one primitive's vertices from its
 * inputs (vertices_in x 2 slots: position, generic location 1). */
struct fake_gs {
   struct draw_geometry_shader base;
   struct draw_vs_slot in[2];
   struct draw_vs_slot out[3];
   void (*emit)(const struct fake_gs *gs, const float (*in)[4], int32_t id, float (*out)[4],
                uint8_t *starts, unsigned *count);
   float size;                    /* for the point sprites */
};

static void
put(float (*out)[4], unsigned k, const float pos[4], const float attr[4], int32_t id)
{
   memcpy(out[k * 3 + 0], pos, sizeof(float[4]));
   memcpy(out[k * 3 + 1], attr, sizeof(float[4]));
   memset(out[k * 3 + 2], 0, sizeof(float[4]));
   memcpy(&out[k * 3 + 2][0], &id, 4);
}

static bool
fake_gs_run(const struct draw_geometry_shader *base, const struct draw_gs_env *env, unsigned n,
            const float (*inputs)[4], float (*outputs)[4], uint8_t *strip_start,
            unsigned *num_emitted)
{
   const struct fake_gs *gs = (const struct fake_gs *)base;
   for (unsigned p = 0; p < n; p++) {
      unsigned count = 0;
      gs->emit(gs, inputs + (size_t)p * base->vertices_in * 2, env->primitive_ids[p],
               outputs + (size_t)p * base->max_vertices * 3, strip_start + p * base->max_vertices,
               &count);
      num_emitted[p] = count;
   }
   return true;
}

static void
fake_gs_init(struct fake_gs *gs, enum pipe_prim_type in_prim, unsigned vertices_in,
             enum pipe_prim_type out_prim, unsigned max_vertices,
             void (*emit)(const struct fake_gs *, const float (*)[4], int32_t, float (*)[4],
                          uint8_t *, unsigned *))
{
   memset(gs, 0, sizeof(*gs));
   gs->in[0] = (struct draw_vs_slot){ IR_SEM_POSITION, 0, 4, IR_FLOAT, IR_INTERP_SMOOTH, false };
   gs->in[1] = (struct draw_vs_slot){ IR_SEM_GENERIC, 1, 4, IR_FLOAT, IR_INTERP_SMOOTH, false };
   gs->out[0] = gs->in[0];
   gs->out[1] = gs->in[1];
   gs->out[2] = (struct draw_vs_slot){ IR_SEM_GENERIC, 2, 1, IR_INT, IR_INTERP_FLAT, false };
   gs->base.num_inputs = 2;
   gs->base.inputs = gs->in;
   gs->base.num_outputs = 3;
   gs->base.outputs = gs->out;
   gs->base.input_prim = in_prim;
   gs->base.vertices_in = vertices_in;
   gs->base.output_prim = out_prim;
   gs->base.max_vertices = max_vertices;
   gs->base.run = fake_gs_run;
   gs->emit = emit;
}

static int32_t
attr_int(const struct cap_vertex *v, unsigned slot)
{
   int32_t i;
   memcpy(&i, &v->attr[slot][0], 4);
   return i;
}

/* ---- triangles in, a 4-vertex strip out: the parallelogram p0 p1 p2 p3 ----
 * (p3 = p1 + p2 - p0); output vertex k's attribute is (input attr.x, k, 0, 1) */
static void
emit_parallelogram(const struct fake_gs *gs, const float (*in)[4], int32_t id, float (*out)[4],
                   uint8_t *starts, unsigned *count)
{
   const float *p0 = in[0], *p1 = in[2], *p2 = in[4];
   float p3[4];
   for (unsigned c = 0; c < 4; c++)
      p3[c] = p1[c] + p2[c] - p0[c];
   const float *pos[4] = { p0, p1, p2, p3 };
   for (unsigned k = 0; k < 4; k++) {
      float a[4] = { in[k < 3 ? 2 * k + 1 : 1][0], (float)k, 0, 1 };
      put(out, k, pos[k], a, id);
      starts[k] = k == 0;
   }
   *count = 4;
}

static void
test_strip_winding(struct draw_context *draw, struct capture *cap)
{
   struct fake_gs gs;
   fake_gs_init(&gs, PIPE_PRIM_TRIANGLES, 3, PIPE_PRIM_TRIANGLE_STRIP, 4, emit_parallelogram);
   draw_set_geometry_shader(draw, &gs.base);

   /* the layout is the GS's: position, attribute, id, point coordinate */
   const struct draw_vs_slot *slots;
   CHECK(draw_get_vs_outputs(draw, &slots) == 4, "GS layout: %u slots",
         draw_get_num_attribs(draw));
   CHECK(slots[2].base == IR_INT && slots[2].location == 2, "GS layout: slot 2");
   CHECK(draw_find_output(draw, IR_SEM_GENERIC, 2) == 2, "find the GS's output");

   /* one counter-clockwise triangle: (0,0) (0.5,0) (0,0.5) */
   float pos[12] = { 0, 0, 0, 1, 0.5f, 0, 0, 1, 0, 0.5f, 0, 1 };
   float att[12] = { 10, 0, 0, 1, 11, 0, 0, 1, 12, 0, 0, 1 };
   const float *in[2] = { pos, att };
   for (int pf = 0; pf < 2; pf++) {
      struct pipe_rasterizer_state r = test_rast_state();
      r.front_ccw = 1;
      r.flatshade_first = pf;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(cap);
      struct draw_statistics s0, s1;
      draw_get_statistics(draw, &s0);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
      draw_get_statistics(draw, &s1);
      CHECK(cap->num == 2, "pf %d: %u triangles, expected 2", pf, cap->num);
      CHECK(s1.prims_generated - s0.prims_generated == 2, "prims generated %llu",
            (unsigned long long)(s1.prims_generated - s0.prims_generated));
      CHECK(s1.gs_invocations - s0.gs_invocations == 1, "gs invocations %llu",
            (unsigned long long)(s1.gs_invocations - s0.gs_invocations));
      if (cap->num != 2)
         continue;
      /* strip vertices 0 1 2, then 1 2 3 reordered to keep the winding:
       * (1, 3, 2) with the first vertex provoking, (2, 1, 3) with the last */
      static const unsigned order[2][2][3] = { { { 0, 1, 2 }, { 2, 1, 3 } },
                                               { { 0, 1, 2 }, { 1, 3, 2 } } };
      static const float px[4] = { 0, 0.5f, 0, 0.5f }, py[4] = { 0, 0, 0.5f, 0.5f };
      for (unsigned t = 0; t < 2; t++) {
         const struct cap_prim *p = &cap->prims[t];
         CHECK(p->kind == CAP_TRI && p->front_facing && p->det > 0,
               "pf %d triangle %u: det %g, front %d", pf, t, p->det, p->front_facing);
         for (unsigned v = 0; v < 3; v++) {
            unsigned k = order[pf][t][v];
            CHECKF(p->v[v].win[0], px[k], 0, "pf %d triangle %u vertex %u x", pf, t, v);
            CHECKF(p->v[v].win[1], py[k], 0, "pf %d triangle %u vertex %u y", pf, t, v);
            CHECKF(p->v[v].attr[1][1], (float)k, 0, "pf %d triangle %u vertex %u", pf, t, v);
            CHECK(attr_int(&p->v[v], 2) == 0, "gl_PrimitiveIDIn %d", attr_int(&p->v[v], 2));
         }
      }
   }
   /* the same triangle clockwise: both output triangles clockwise */
   float cw[12] = { 0, 0, 0, 1, 0, 0.5f, 0, 1, 0.5f, 0, 0, 1 };
   const float *in_cw[2] = { cw, att };
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in_cw);
   CHECK(cap->num == 2 && cap->prims[0].det < 0 && cap->prims[1].det < 0 &&
         !cap->prims[0].front_facing && !cap->prims[1].front_facing,
         "clockwise input: both output triangles back-facing");

   /* flat shading: the output strip's provoking vertex (last convention:
    * vertex 2 of triangle 0, vertex 3 of triangle 1) */
   struct pipe_rasterizer_state r = test_rast_state();
   r.front_ccw = 1;
   gs.out[1].interp = IR_INTERP_FLAT;
   draw_set_geometry_shader(draw, &gs.base);
   draw_set_rasterizer_state(draw, &r);
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   CHECK(cap->num == 2, "flat: %u triangles", cap->num);
   for (unsigned t = 0; t < cap->num && t < 2; t++)
      for (unsigned v = 0; v < 3; v++)
         CHECKF(cap->prims[t].v[v].attr[1][1], t ? 3.0f : 2.0f, 0, "flat triangle %u vertex %u",
                t, v);
   gs.out[1].interp = IR_INTERP_SMOOTH;

   /* a mode the shader does not take draws nothing */
   draw_set_geometry_shader(draw, &gs.base);
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 3, 2, in);
   CHECK(cap->num == 0, "points into a triangle GS: %u primitives", cap->num);
   draw_set_geometry_shader(draw, NULL);
   CHECK(draw_get_num_attribs(draw) == 3, "unbound: the VS's layout again (%u slots)",
         draw_get_num_attribs(draw));
}

/* ---- points in, a square (4-vertex strip) out ---- */
static void
emit_square(const struct fake_gs *gs, const float (*in)[4], int32_t id, float (*out)[4],
            uint8_t *starts, unsigned *count)
{
   static const float d[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   for (unsigned k = 0; k < 4; k++) {
      float p[4] = { in[0][0] + d[k][0] * gs->size, in[0][1] + d[k][1] * gs->size, in[0][2],
                     in[0][3] };
      put(out, k, p, in[1], id);
      starts[k] = k == 0;
   }
   *count = 4;
}

static void
test_points_to_quads(struct draw_context *draw, struct capture *cap)
{
   struct fake_gs gs;
   fake_gs_init(&gs, PIPE_PRIM_POINTS, 1, PIPE_PRIM_TRIANGLE_STRIP, 4, emit_square);
   gs.size = 0.125f;
   draw_set_geometry_shader(draw, &gs.base);
   struct pipe_rasterizer_state r = test_rast_state();
   r.front_ccw = 1;
   draw_set_rasterizer_state(draw, &r);
   float pos[8] = { -0.5f, 0.25f, 0, 1, 0.5f, -0.5f, 0, 1 };
   float att[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   const float *in[2] = { pos, att };
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 2, 2, in);
   CHECK(cap->num == 4, "2 points: %u triangles, expected 4", cap->num);
   for (unsigned t = 0; t < cap->num && t < 4; t++) {
      const struct cap_prim *p = &cap->prims[t];
      unsigned pt = t / 2;
      /* each half of the square: area 2 x (0.25 x 0.25) / 2, counter-clockwise */
      CHECKF(p->det, 0.0625f, 0, "square %u half %u: det", pt, t % 2);
      float cx = pos[4 * pt], cy = pos[4 * pt + 1];
      for (unsigned v = 0; v < 3; v++) {
         CHECK(p->v[v].win[0] == cx - 0.125f || p->v[v].win[0] == cx + 0.125f,
               "square %u x %g", pt, p->v[v].win[0]);
         CHECK(p->v[v].win[1] == cy - 0.125f || p->v[v].win[1] == cy + 0.125f,
               "square %u y %g", pt, p->v[v].win[1]);
         for (unsigned c = 0; c < 4; c++)
            CHECKF(p->v[v].attr[1][c], att[4 * pt + c], 0, "square %u attribute", pt);
         CHECK(attr_int(&p->v[v], 2) == (int32_t)pt, "square %u: primitive id %d", pt,
               attr_int(&p->v[v], 2));
      }
   }
   draw_set_geometry_shader(draw, NULL);
}

/* ---- every input vertex as a point whose attribute is the vertex's
 * number (input attr.x) and its place k in the shader's input: the
 * vertices each input primitive type gives the shader, in order ---- */
static void
emit_inputs(const struct fake_gs *gs, const float (*in)[4], int32_t id, float (*out)[4],
            uint8_t *starts, unsigned *count)
{
   for (unsigned k = 0; k < gs->base.vertices_in; k++) {
      float a[4] = { in[2 * k + 1][0], (float)k, (float)id, 1 };
      put(out, k, in[2 * k], a, id);
      starts[k] = 1;
   }
   *count = gs->base.vertices_in;
}

/* Draws `count` vertices of `mode` (vertex i: attr.x = i) and checks the
 * points: expect[p * vin + k] is vertex k of input primitive p. */
static void
check_inputs(struct draw_context *draw, struct capture *cap, enum pipe_prim_type mode,
             unsigned vin, unsigned count, const unsigned *expect, unsigned nprims,
             const char *name)
{
   struct fake_gs gs;
   enum pipe_prim_type in_prim = vin == 1 ? PIPE_PRIM_POINTS : vin == 2 ? PIPE_PRIM_LINES :
                                 vin == 3 ? PIPE_PRIM_TRIANGLES :
                                 vin == 4 ? PIPE_PRIM_LINES_ADJACENCY :
                                            PIPE_PRIM_TRIANGLES_ADJACENCY;
   fake_gs_init(&gs, in_prim, vin, PIPE_PRIM_POINTS, vin, emit_inputs);
   draw_set_geometry_shader(draw, &gs.base);
   float pos[MAXV * 4], att[MAXV * 4];
   for (unsigned i = 0; i < count; i++) {
      pos[4 * i] = -0.9f + 0.1f * i, pos[4 * i + 1] = 0, pos[4 * i + 2] = 0, pos[4 * i + 3] = 1;
      att[4 * i] = (float)i, att[4 * i + 1] = att[4 * i + 2] = 0, att[4 * i + 3] = 1;
   }
   const float *in[2] = { pos, att };
   for (int pf = 0; pf < 2; pf++) {
      struct pipe_rasterizer_state r = test_rast_state();
      r.flatshade_first = pf;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(cap);
      draw_float_arrays(draw, mode, count, 2, in);
      CHECK(cap->num == nprims * vin, "%s pf %d: %u points, expected %u", name, pf, cap->num,
            nprims * vin);
      for (unsigned i = 0; i < cap->num && i < nprims * vin; i++) {
         const struct cap_vertex *v = &cap->prims[i].v[0];
         CHECK(cap->prims[i].kind == CAP_POINT && v->attr[1][0] == (float)expect[i] &&
               v->attr[1][1] == (float)(i % vin) && v->attr[1][2] == (float)(i / vin),
               "%s pf %d: primitive %u vertex %u is input vertex %g (%g, id %g), expected %u",
               name, pf, i / vin, i % vin, v->attr[1][0], v->attr[1][1], v->attr[1][2],
               expect[i]);
      }
   }
   draw_set_geometry_shader(draw, NULL);
}

static void
test_input_primitives(struct draw_context *draw, struct capture *cap)
{
   static const unsigned lines_adj[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
   check_inputs(draw, cap, PIPE_PRIM_LINES_ADJACENCY, 4, 9, lines_adj, 2, "lines adjacency");
   static const unsigned strip_adj[] = { 0, 1, 2, 3, 1, 2, 3, 4 };
   check_inputs(draw, cap, PIPE_PRIM_LINE_STRIP_ADJACENCY, 4, 5, strip_adj, 2,
                "line strip adjacency");
   static const unsigned tris_adj[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
   check_inputs(draw, cap, PIPE_PRIM_TRIANGLES_ADJACENCY, 6, 13, tris_adj, 2,
                "triangles adjacency");
   /* GL 4.5's table 10.1 (Vulkan's): triangle vertices 0 2 4 with the
    * vertices adjacent to each edge between them; odd triangles swap the
    * first two triangle vertices.  4 triangles from 12 vertices (+1 ignored):
    *   first:      0 2 4 | adjacent 1 6 3
    *   middle odd: 4 2 6 | 0 5 8     (i = 1: 2i+2 2i 2i+4 | 2i-2 2i+3 2i+6)
    *   middle even: 4 6 8 | 2 10 7   (i = 2: 2i 2i+2 2i+4 | 2i-2 2i+6 2i+3)
    *   last odd:   8 6 10 | 4 9 11   (i = 3: 2i+2 2i 2i+4 | 2i-2 2i+3 2i+5) */
   static const unsigned tstrip_adj[] = {
      0, 1, 2, 6, 4, 3,
      4, 0, 2, 5, 6, 8,
      4, 2, 6, 10, 8, 7,
      8, 4, 6, 9, 10, 11,
   };
   check_inputs(draw, cap, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 6, 13, tstrip_adj, 4,
                "triangle strip adjacency");
   /* one triangle: 0 2 4 | 1 5 3; last even (n = 3, i = 2): 4 6 8 | 2 9 7 */
   static const unsigned tstrip_one[] = { 0, 1, 2, 5, 4, 3 };
   check_inputs(draw, cap, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 6, 7, tstrip_one, 1,
                "triangle strip adjacency, one triangle");
   static const unsigned tstrip_three[] = {
      0, 1, 2, 6, 4, 3,
      4, 0, 2, 5, 6, 8,
      4, 2, 6, 9, 8, 7,
   };
   check_inputs(draw, cap, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 6, 10, tstrip_three, 3,
                "triangle strip adjacency, last even");
   static const unsigned lines[] = { 0, 1, 2, 3 };
   check_inputs(draw, cap, PIPE_PRIM_LINES, 2, 5, lines, 2, "lines");
   static const unsigned loop[] = { 0, 1, 1, 2, 2, 0 };
   check_inputs(draw, cap, PIPE_PRIM_LINE_LOOP, 2, 3, loop, 3, "line loop");
   static const unsigned fan[] = { 0, 1, 2, 0, 2, 3 };
   check_inputs(draw, cap, PIPE_PRIM_TRIANGLE_FAN, 3, 4, fan, 2, "triangle fan");
   static const unsigned points[] = { 0, 1, 2 };
   check_inputs(draw, cap, PIPE_PRIM_POINTS, 1, 3, points, 3, "points");
}

/* Triangle strips: vertex order depends on the provoking convention (the
 * winding is kept either way); checked separately. */
static void
test_strip_input(struct draw_context *draw, struct capture *cap)
{
   struct fake_gs gs;
   fake_gs_init(&gs, PIPE_PRIM_TRIANGLES, 3, PIPE_PRIM_POINTS, 3, emit_inputs);
   draw_set_geometry_shader(draw, &gs.base);
   float pos[16], att[16];
   for (unsigned i = 0; i < 4; i++) {
      pos[4 * i] = 0.1f * i, pos[4 * i + 1] = 0, pos[4 * i + 2] = 0, pos[4 * i + 3] = 1;
      att[4 * i] = (float)i, att[4 * i + 1] = att[4 * i + 2] = 0, att[4 * i + 3] = 1;
   }
   const float *in[2] = { pos, att };
   static const unsigned want[2][6] = { { 0, 1, 2, 2, 1, 3 }, { 0, 1, 2, 1, 3, 2 } };
   for (int pf = 0; pf < 2; pf++) {
      struct pipe_rasterizer_state r = test_rast_state();
      r.flatshade_first = pf;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(cap);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLE_STRIP, 4, 2, in);
      CHECK(cap->num == 6, "strip pf %d: %u points", pf, cap->num);
      for (unsigned i = 0; i < cap->num && i < 6; i++)
         CHECK(cap->prims[i].v[0].attr[1][0] == (float)want[pf][i],
               "strip pf %d: input %u is vertex %g, expected %u", pf, i,
               cap->prims[i].v[0].attr[1][0], want[pf][i]);
   }
   draw_set_geometry_shader(draw, NULL);
}

/* ---- strips: a 5-vertex emission split 3 + 2: one triangle, the short
 * strip nothing; line strips: segments with stipple resets at strip
 * starts ---- */
static void
emit_split(const struct fake_gs *gs, const float (*in)[4], int32_t id, float (*out)[4],
           uint8_t *starts, unsigned *count)
{
   static const float xy[5][2] = { { 0, 0 }, { 0.5f, 0 }, { 0, 0.5f }, { -0.5f, 0 }, { 0, -0.5f } };
   for (unsigned k = 0; k < 5; k++) {
      float p[4] = { xy[k][0], xy[k][1], 0, 1 }, a[4] = { (float)k, 0, 0, 1 };
      put(out, k, p, a, id);
      starts[k] = k == 0 || k == 3;
   }
   *count = 5;
}

static void
test_strips(struct draw_context *draw, struct capture *cap)
{
   float pos[4] = { 0, 0, 0, 1 }, att[4] = { 0, 0, 0, 1 };
   const float *in[2] = { pos, att };
   struct pipe_rasterizer_state r = test_rast_state();
   draw_set_rasterizer_state(draw, &r);

   struct fake_gs gs;
   fake_gs_init(&gs, PIPE_PRIM_POINTS, 1, PIPE_PRIM_TRIANGLE_STRIP, 8, emit_split);
   draw_set_geometry_shader(draw, &gs.base);
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
   CHECK(cap->num == 1 && cap->prims[0].kind == CAP_TRI, "split strip: %u primitives", cap->num);
   if (cap->num == 1)
      for (unsigned v = 0; v < 3; v++)
         CHECK(cap->prims[0].v[v].attr[1][0] == (float)v, "split strip vertex %u", v);

   fake_gs_init(&gs, PIPE_PRIM_POINTS, 1, PIPE_PRIM_LINE_STRIP, 8, emit_split);
   draw_set_geometry_shader(draw, &gs.base);
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
   /* 0-1, 1-2 | 3-4 */
   static const unsigned seg[3][2] = { { 0, 1 }, { 1, 2 }, { 3, 4 } };
   static const bool reset[3] = { true, false, true };
   CHECK(cap->num == 3, "line strips: %u lines", cap->num);
   for (unsigned i = 0; i < cap->num && i < 3; i++)
      CHECK(cap->prims[i].kind == CAP_LINE && cap->prims[i].v[0].attr[1][0] == seg[i][0] &&
            cap->prims[i].v[1].attr[1][0] == seg[i][1] &&
            cap->prims[i].reset_line_stipple == reset[i],
            "line %u: %g-%g reset %d", i, cap->prims[i].v[0].attr[1][0],
            cap->prims[i].v[1].attr[1][0], cap->prims[i].reset_line_stipple);

   fake_gs_init(&gs, PIPE_PRIM_POINTS, 1, PIPE_PRIM_POINTS, 8, emit_split);
   draw_set_geometry_shader(draw, &gs.base);
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
   CHECK(cap->num == 5, "points: %u", cap->num);
   draw_set_geometry_shader(draw, NULL);
}

/* ---- gl_PrimitiveIDIn: counted per draw and instance, not reset by
 * restart; stream output of the GS's outputs ---- */
static void
test_ids_and_so(struct draw_context *draw, struct capture *cap)
{
   struct fake_gs gs;
   fake_gs_init(&gs, PIPE_PRIM_LINES, 2, PIPE_PRIM_POINTS, 2, emit_inputs);
   draw_set_geometry_shader(draw, &gs.base);
   struct pipe_rasterizer_state r = test_rast_state();
   draw_set_rasterizer_state(draw, &r);

   float pos[6 * 4], att[6 * 4];
   for (unsigned i = 0; i < 6; i++) {
      pos[4 * i] = 0.1f * i, pos[4 * i + 1] = 0, pos[4 * i + 2] = 0, pos[4 * i + 3] = 1;
      att[4 * i] = (float)i, att[4 * i + 1] = att[4 * i + 2] = 0, att[4 * i + 3] = 1;
   }
   struct pipe_vertex_buffer vb[2];
   struct pipe_vertex_element ve[2];
   memset(vb, 0, sizeof(vb));
   memset(ve, 0, sizeof(ve));
   const float *arrays[2] = { pos, att };
   for (unsigned i = 0; i < 2; i++) {
      vb[i].stride = 16;
      vb[i].is_user_buffer = true;
      vb[i].buffer.user = arrays[i];
      ve[i].vertex_buffer_index = (uint8_t)i;
      ve[i].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   }
   draw_set_vertex_buffers(draw, 0, 2, vb);
   draw_set_vertex_elements(draw, 2, ve);

   /* a line strip 0 1 2 | restart | 3 4 5: lines (0 1) (1 2) (3 4) (4 5),
    * ids 0 1 2 3; two instances, each counting from 0 */
   static const uint16_t idx[7] = { 0, 1, 2, 0xffff, 3, 4, 5 };
   struct pipe_draw_info info;
   memset(&info, 0, sizeof(info));
   info.mode = PIPE_PRIM_LINE_STRIP;
   info.index_size = 2;
   info.has_user_indices = true;
   info.index.user = idx;
   info.primitive_restart = true;
   info.restart_index = 0xffff;
   info.instance_count = 2;
   info.max_index = ~0u;
   struct pipe_draw_start_count_bias sc = { 0, 7, 0 };

   /* stream output: the GS's attribute slot (1), xyz, and its id (2) */
   struct pipe_stream_output_info so;
   memset(&so, 0, sizeof(so));
   so.num_outputs = 2;
   so.stride[0] = 4;
   so.output[0].register_index = 1;
   so.output[0].num_components = 3;
   so.output[1].register_index = 2;
   so.output[1].num_components = 1;
   so.output[1].dst_offset = 3;
   uint32_t buf[68];
   memset(buf, 0xee, sizeof(buf));
   struct draw_so_target t = { buf, 16 * 16, 0 };   /* room for 16 points */
   draw_set_stream_output(draw, &so, 1, &t);

   struct draw_statistics s0, s1;
   draw_get_statistics(draw, &s0);
   cap_reset(cap);
   draw_vbo(draw, &info, &sc, 1);
   draw_get_statistics(draw, &s1);
   static const unsigned verts[4][2] = { { 0, 1 }, { 1, 2 }, { 3, 4 }, { 4, 5 } };
   CHECK(cap->num == 16, "ids: %u points, expected 2 instances x 4 lines x 2", cap->num);
   for (unsigned i = 0; i < cap->num && i < 16; i++) {
      unsigned line = (i / 2) % 4, k = i % 2;
      const struct cap_vertex *v = &cap->prims[i].v[0];
      CHECK(attr_int(v, 2) == (int32_t)line && v->attr[1][0] == (float)verts[line][k],
            "point %u: id %d vertex %g, expected id %u vertex %u", i, attr_int(v, 2),
            v->attr[1][0], line, verts[line][k]);
   }
   CHECK(s1.prims_generated - s0.prims_generated == 16, "generated %llu",
         (unsigned long long)(s1.prims_generated - s0.prims_generated));
   CHECK(s1.so_prims_written - s0.so_prims_written == 16, "written %llu",
         (unsigned long long)(s1.so_prims_written - s0.so_prims_written));
   CHECK(s1.gs_invocations - s0.gs_invocations == 8, "gs invocations %llu",
         (unsigned long long)(s1.gs_invocations - s0.gs_invocations));
   CHECK(draw_get_stream_output_offset(draw, 0) == 16 * 16, "so offset %u",
         draw_get_stream_output_offset(draw, 0));
   for (unsigned i = 0; i < 16; i++) {
      unsigned line = (i / 2) % 4, k = i % 2;
      float x, y, z;
      int32_t id;
      memcpy(&x, &buf[4 * i], 4);
      memcpy(&y, &buf[4 * i + 1], 4);
      memcpy(&z, &buf[4 * i + 2], 4);
      memcpy(&id, &buf[4 * i + 3], 4);
      CHECK(x == (float)verts[line][k] && y == (float)k && z == (float)line && id == (int32_t)line,
            "so vertex %u: (%g %g %g) id %d", i, x, y, z, id);
   }
   for (unsigned i = 64; i < 68; i++)
      CHECK(buf[i] == 0xeeeeeeeeu, "word %u past the target written", i);
   draw_set_stream_output(draw, NULL, 0, NULL);
   draw_set_geometry_shader(draw, NULL);
}

#ifdef DRAW_HAVE_IREXEC
/* ---- the same through irexec: each input triangle twice, the second copy
 * moved by (0.25, 0), gl_PrimitiveIDIn written to a flat output ---- */
static const char *gs_text =
   "shader geometry\n"
   "input_primitive triangles\n"
   "output_primitive triangle_strip\n"
   "max_vertices 6\n"
   "input vec4 @pos[3] semantic position\n"
   "input vec4 @col[3] location 1\n"
   "input int @prim semantic primitive_id\n"
   "output vec4 @opos semantic position\n"
   "output vec4 @ocol location 1\n"
   "output int @oid location 2 flat\n"
   "func void @copy(vec4 %off) {\n"
   "   %p0 = load_input vec4 @pos[0]\n"
   "   %q0 = fadd vec4 %p0, %off\n"
   "   store_output @opos, %q0\n"
   "   %c0 = load_input vec4 @col[0]\n"
   "   store_output @ocol, %c0\n"
   "   emit_vertex\n"
   "   %p1 = load_input vec4 @pos[1]\n"
   "   %q1 = fadd vec4 %p1, %off\n"
   "   store_output @opos, %q1\n"
   "   %c1 = load_input vec4 @col[1]\n"
   "   store_output @ocol, %c1\n"
   "   emit_vertex\n"
   "   %p2 = load_input vec4 @pos[2]\n"
   "   %q2 = fadd vec4 %p2, %off\n"
   "   store_output @opos, %q2\n"
   "   %c2 = load_input vec4 @col[2]\n"
   "   store_output @ocol, %c2\n"
   "   emit_vertex\n"
   "   end_primitive\n"
   "}\n"
   "func void @main() {\n"
   "   %id = load_input int @prim\n"
   "   store_output @oid, %id\n"
   "   %z = const vec4 0.0, 0.0, 0.0, 0.0\n"
   "   call @copy(%z)\n"
   "   %d = const vec4 0.25, 0.0, 0.0, 0.0\n"
   "   call @copy(%d)\n"
   "}\n";

static void
test_irexec(struct draw_context *draw, struct capture *cap)
{
   char err[256];
   struct ir_shader *ir = ir_parse(gs_text, err, sizeof(err));
   CHECK(ir != NULL, "parse: %s", err);
   if (!ir)
      return;
   struct draw_geometry_shader *gs = draw_create_gs_irexec(draw, ir, err, sizeof(err));
   ir_shader_destroy(ir);
   CHECK(gs != NULL, "create: %s", err);
   if (!gs)
      return;
   CHECK(gs->input_prim == PIPE_PRIM_TRIANGLES && gs->vertices_in == 3 &&
         gs->output_prim == PIPE_PRIM_TRIANGLE_STRIP && gs->max_vertices == 6 &&
         gs->num_inputs == 3 && gs->num_outputs == 3, "irexec GS description");
   draw_set_geometry_shader(draw, gs);
   struct pipe_rasterizer_state r = test_rast_state();
   r.front_ccw = 1;
   draw_set_rasterizer_state(draw, &r);
   /* two triangles */
   float pos[24] = { 0, 0, 0, 1, 0.25f, 0, 0, 1, 0, 0.25f, 0, 1,
                     -0.5f, -0.5f, 0, 1, -0.25f, -0.5f, 0, 1, -0.5f, -0.25f, 0, 1 };
   float col[24];
   for (unsigned i = 0; i < 24; i++)
      col[i] = (float)i / 32.0f;
   const float *in[2] = { pos, col };
   cap_reset(cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 6, 2, in);
   CHECK(cap->num == 4, "irexec GS: %u triangles, expected 4", cap->num);
   for (unsigned t = 0; t < cap->num && t < 4; t++) {
      unsigned tri = t / 2, copy = t % 2;
      const struct cap_prim *p = &cap->prims[t];
      CHECK(p->front_facing, "irexec GS triangle %u facing", t);
      for (unsigned v = 0; v < 3; v++) {
         unsigned src = tri * 3 + v;
         CHECKF(p->v[v].win[0], pos[4 * src] + 0.25f * copy, 0, "triangle %u vertex %u x", t, v);
         CHECKF(p->v[v].win[1], pos[4 * src + 1], 0, "triangle %u vertex %u y", t, v);
         for (unsigned c = 0; c < 4; c++)
            CHECKF(p->v[v].attr[1][c], col[4 * src + c], 0, "triangle %u vertex %u colour", t, v);
         CHECK(attr_int(&p->v[v], 2) == (int32_t)tri, "triangle %u: id %d", t,
               attr_int(&p->v[v], 2));
      }
   }
   /* constant buffers and samplers of the geometry stage reach it (none
    * used here: an unbound buffer is fine) */
   draw_delete_geometry_shader(draw, gs);
   CHECK(draw_get_num_attribs(draw) == 3, "deleting the bound GS unbinds it");

   /* a vertex shader is not a geometry shader */
   struct ir_shader *vs = ir_parse("shader vertex\n"
                                   "output vec4 @o semantic position\n"
                                   "func void @main() {\n"
                                   "   %c = const vec4 0.0, 0.0, 0.0, 1.0\n"
                                   "   store_output @o, %c\n"
                                   "}\n", err, sizeof(err));
   CHECK(vs != NULL, "vs parse: %s", err);
   if (vs) {
      err[0] = 0;
      CHECK(!draw_create_gs_irexec(draw, vs, err, sizeof(err)) && err[0],
            "a vertex shader refused as a GS");
      ir_shader_destroy(vs);
   }
}
#endif

int
main(void)
{
   struct draw_context *draw = draw_create();
   static struct capture cap;
   cap_init(&cap, draw);
   /* VS: position from input 0, output 1 (generic location 1) copies input 1 */
   struct fake_vs vs;
   fake_vs_init(&vs, 2);
   draw_set_vertex_shader(draw, &vs.base);

   test_strip_winding(draw, &cap);
   test_points_to_quads(draw, &cap);
   test_input_primitives(draw, &cap);
   test_strip_input(draw, &cap);
   test_strips(draw, &cap);
   test_ids_and_so(draw, &cap);
#ifdef DRAW_HAVE_IREXEC
   test_irexec(draw, &cap);
#endif
   draw_destroy(draw);
   return test_result("draw_gs");
}
