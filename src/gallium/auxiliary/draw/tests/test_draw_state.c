/*
 * Rasterizer-state stages: viewport transform, facing and culling, flat
 * shading of colours, two-sided colour, polygon offset, polygon modes with
 * edge flags, wide lines and points, point sprites.  Expected values are
 * computed by hand in the comments.
 */
#include <math.h>
#include <string.h>

#include "draw_test_util.h"

static struct capture cap;

static struct pipe_rasterizer_state
base_rast(void)
{
   struct pipe_rasterizer_state r = test_rast_state();
   r.front_ccw = 1;
   return r;
}

static void
set_vec(float *v, float x, float y, float z, float w)
{
   v[0] = x; v[1] = y; v[2] = z; v[3] = w;
}

static void
set_viewport(struct draw_context *draw, float sx, float sy, float sz, float tx, float ty,
             float tz)
{
   struct pipe_viewport_state vp = { { sx, sy, sz }, { tx, ty, tz } };
   draw_set_viewport_states(draw, 0, 1, &vp);
}

static void
test_viewport(struct draw_context *draw)
{
   struct pipe_rasterizer_state r = base_rast();
   draw_set_rasterizer_state(draw, &r);
   set_viewport(draw, 100, -50, 0.5f, 160, 120, 0.5f);
   /* clip (1, -1, 0.5, 2): ndc (0.5, -0.5, 0.25) -> (210, 145, 0.625), 1/w 0.5 */
   float pos[4] = { 1, -1, 0.5f, 2 }, col[4] = { 0 };
   const float *in[2] = { pos, col };
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
   CHECK(cap.num == 1, "viewport point");
   if (cap.num == 1) {
      CHECKF(cap.prims[0].v[0].win[0], 210.0f, 0, "x");
      CHECKF(cap.prims[0].v[0].win[1], 145.0f, 0, "y");
      CHECKF(cap.prims[0].v[0].win[2], 0.625f, 0, "z");
      CHECKF(cap.prims[0].v[0].win[3], 0.5f, 0, "1/w");
   }
   set_viewport(draw, 1, 1, 1, 0, 0, 0);
}

/* Triangle (0,0), (0.5,0), (0,0.5): counter-clockwise, det = 0.25. */
static void
test_cull(struct draw_context *draw)
{
   float pos[12], col[12] = { 0 };
   set_vec(pos + 0, 0, 0, 0, 1);
   set_vec(pos + 4, 0.5f, 0, 0, 1);
   set_vec(pos + 8, 0, 0.5f, 0, 1);
   float rev[12];
   memcpy(rev, pos + 4, 16);
   memcpy(rev + 4, pos, 16);
   memcpy(rev + 8, pos + 8, 16);
   const float *ccw[2] = { pos, col }, *cw[2] = { rev, col };
   static const struct {
      bool front_ccw, ccw;
      unsigned cull;
      bool drawn, front;
   } t[] = {
      { true, true, PIPE_FACE_NONE, true, true },
      { true, false, PIPE_FACE_NONE, true, false },
      { false, true, PIPE_FACE_NONE, true, false },
      { false, false, PIPE_FACE_NONE, true, true },
      { true, true, PIPE_FACE_BACK, true, true },
      { true, true, PIPE_FACE_FRONT, false, false },
      { true, false, PIPE_FACE_BACK, false, false },
      { true, false, PIPE_FACE_FRONT, true, false },
      { false, true, PIPE_FACE_FRONT, true, false },
      { false, true, PIPE_FACE_BACK, false, false },
      { true, true, PIPE_FACE_FRONT_AND_BACK, false, false },
      { true, false, PIPE_FACE_FRONT_AND_BACK, false, false },
   };
   for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
      struct pipe_rasterizer_state r = base_rast();
      r.front_ccw = t[i].front_ccw;
      r.cull_face = t[i].cull;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, t[i].ccw ? ccw : cw);
      CHECK(cap.num == (t[i].drawn ? 1u : 0u), "cull case %u: %u", i, cap.num);
      if (cap.num == 1 && t[i].drawn) {
         CHECK(cap.prims[0].front_facing == t[i].front, "cull case %u facing", i);
         CHECKF(cap.prims[0].det, t[i].ccw ? 0.25f : -0.25f, 0, "case %u det", i);
      }
   }
   /* a zero-area triangle: drawn (front) without culling, dropped with */
   float line[12];
   set_vec(line + 0, 0, 0, 0, 1);
   set_vec(line + 4, 0.5f, 0, 0, 1);
   set_vec(line + 8, 0.25f, 0, 0, 1);
   const float *deg[2] = { line, col };
   struct pipe_rasterizer_state r = base_rast();
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, deg);
   CHECK(cap.num == 1 && cap.prims[0].front_facing, "degenerate, no culling");
   r.cull_face = PIPE_FACE_BACK;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, deg);
   CHECK(cap.num == 0, "degenerate, culling");
}

/* Colour outputs at generic locations 1 (front) and 2 (back). */
static void
test_flat_and_twoside(struct draw_context *draw, struct fake_vs *vs)
{
   float pos[12], fc[12], bc[12];
   set_vec(pos + 0, 0, 0, 0, 1);
   set_vec(pos + 4, 0.5f, 0, 0, 1);
   set_vec(pos + 8, 0, 0.5f, 0, 1);
   for (unsigned i = 0; i < 3; i++) {
      set_vec(fc + 4 * i, (float)(i + 1), 0, 0, 1);        /* 1, 2, 3 */
      set_vec(bc + 4 * i, (float)(10 * (i + 1)), 0, 0, 1); /* 10, 20, 30 */
   }
   float rev[12];
   memcpy(rev, pos + 4, 16);
   memcpy(rev + 4, pos, 16);
   memcpy(rev + 8, pos + 8, 16);
   const float *front[3] = { pos, fc, bc }, *back[3] = { rev, fc, bc };
   int fl[2] = { 1, -1 }, bl[2] = { 2, -1 };

   vs->base.num_inputs = vs->base.num_outputs = 3;
   draw_set_vertex_shader(draw, &vs->base);
   draw_set_color_locations(draw, fl, bl);

   /* flatshade: colours take the last vertex's value (3 and 30) */
   struct pipe_rasterizer_state r = base_rast();
   r.flatshade = 1;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, front);
   CHECK(cap.num == 1, "flat");
   CHECK(draw_output_is_flat(draw, 1) && draw_output_is_flat(draw, 2), "colour slots flat");
   CHECK(!draw_output_is_flat(draw, 0) && !draw_output_is_flat(draw, 3), "others smooth");
   for (unsigned v = 0; v < 3 && cap.num; v++) {
      CHECKF(cap.prims[0].v[v].attr[1][0], 3.0f, 0, "flat front colour, vertex %u", v);
      CHECKF(cap.prims[0].v[v].attr[2][0], 30.0f, 0, "flat back colour, vertex %u", v);
   }
   /* first-vertex convention */
   r.flatshade_first = 1;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, front);
   for (unsigned v = 0; v < 3 && cap.num; v++)
      CHECKF(cap.prims[0].v[v].attr[1][0], 1.0f, 0, "flat first, vertex %u", v);
   /* smooth: untouched */
   r = base_rast();
   draw_set_rasterizer_state(draw, &r);
   CHECK(!draw_output_is_flat(draw, 1), "colour smooth without flatshade");
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, front);
   for (unsigned v = 0; v < 3 && cap.num; v++)
      CHECKF(cap.prims[0].v[v].attr[1][0], (float)(v + 1), 0, "smooth, vertex %u", v);

   /* two-sided: a back face carries the back colours in slot 1 */
   r.light_twoside = 1;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, back);
   CHECK(cap.num == 1 && !cap.prims[0].front_facing, "back face");
   for (unsigned v = 0; v < 3 && cap.num; v++)
      CHECKF(cap.prims[0].v[v].attr[1][0], (float)(10 * (v + 1)), 0, "twoside back, vertex %u", v);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, front);
   for (unsigned v = 0; v < 3 && cap.num; v++)
      CHECKF(cap.prims[0].v[v].attr[1][0], (float)(v + 1), 0, "twoside front, vertex %u", v);
   /* without light_twoside, back faces keep the front colours */
   r.light_twoside = 0;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, back);
   for (unsigned v = 0; v < 3 && cap.num; v++)
      CHECKF(cap.prims[0].v[v].attr[1][0], (float)(v + 1), 0, "one-sided back, vertex %u", v);

   draw_set_color_locations(draw, NULL, NULL);
   vs->base.num_inputs = vs->base.num_outputs = 2;
   draw_set_vertex_shader(draw, &vs->base);
}

/* Viewport (10, 10, 0.5) + (10, 10, 0.5); clip (0,0,0), (1,0,0.5), (0,1,0)
 * -> window (10,10,0.5), (20,10,0.75), (10,20,0.5): dz/dx = 0.025, dz/dy = 0. */
static void
test_offset(struct draw_context *draw)
{
   float pos[12], col[12] = { 0 };
   set_vec(pos + 0, 0, 0, 0, 1);
   set_vec(pos + 4, 1, 0, 0.5f, 1);
   set_vec(pos + 8, 0, 1, 0, 1);
   const float *in[2] = { pos, col };
   const float z[3] = { 0.5f, 0.75f, 0.5f };
   set_viewport(draw, 10, 10, 0.5f, 10, 10, 0.5f);

   struct pipe_rasterizer_state r = base_rast();
   r.offset_tri = 1;
   r.offset_scale = 2.0f;
   r.offset_units = 3.0f;
   draw_set_rasterizer_state(draw, &r);

   static const struct {
      bool float_depth;
      float clamp;
      double expect;
   } t[] = {
      { false, 0.0f, 0.05 + 3.0 / 16777215.0 },
      /* float depth: max z 0.75 = 1.5 * 2^-1: r = 2^(-1-23) */
      { true, 0.0f, 0.05 + 3.0 / 16777216.0 },
      { false, 0.01f, 0.01 },
      { false, -0.01f, 0.05 + 3.0 / 16777215.0 },
   };
   for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
      draw_set_polygon_offset_resolution(draw, 1.0f / 16777215.0f, t[i].float_depth);
      r.offset_clamp = t[i].clamp;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
      CHECK(cap.num == 1, "offset case %u", i);
      for (unsigned v = 0; v < 3 && cap.num; v++)
         CHECKF(cap.prims[0].v[v].win[2], (float)(z[v] + t[i].expect), 1e-7f,
                "offset case %u vertex %u", i, v);
   }
   draw_set_polygon_offset_resolution(draw, 1.0f / 16777215.0f, false);
   r.offset_clamp = 0.0f;

   /* negative units and factor: subtracts */
   r.offset_scale = -1.0f;
   r.offset_units = -1.0f;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   if (cap.num == 1)
      CHECKF(cap.prims[0].v[0].win[2], (float)(0.5 - 0.025 - 1.0 / 16777215.0), 1e-7f, "negative");

   /* offset_tri off, offset_line on: fill untouched, line mode offset */
   r.offset_tri = 0;
   r.offset_line = 1;
   r.offset_scale = 2.0f;
   r.offset_units = 0.0f;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   if (cap.num == 1)
      CHECKF(cap.prims[0].v[0].win[2], 0.5f, 0, "fill without offset_tri");
   r.fill_front = r.fill_back = PIPE_POLYGON_MODE_LINE;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   CHECK(cap.num == 3, "line mode: %u", cap.num);
   if (cap.num == 3)
      CHECKF(cap.prims[0].v[0].win[2], 0.55f, 1e-7f, "line mode with offset_line");
   set_viewport(draw, 1, 1, 1, 0, 0, 0);
}

/* A quad in LINE mode: its 4 edges, no diagonal; POINT mode: 4 points;
 * an edge flag of 0 on vertex 1 drops edge 1->2 and point 1; per face. */
static void
test_unfilled(struct draw_context *draw, struct fake_vs *vs)
{
   float pos[16], col[16] = { 0 }, ef[16] = { 0 };
   set_vec(pos + 0, -0.5f, -0.5f, 0, 1);
   set_vec(pos + 4, 0.5f, -0.5f, 0, 1);
   set_vec(pos + 8, 0.5f, 0.5f, 0, 1);
   set_vec(pos + 12, -0.5f, 0.5f, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      col[4 * i] = (float)i;
   ef[0] = 1; ef[4] = 0; ef[8] = 1; ef[12] = 1;
   const float *in[3] = { pos, col, ef };

   struct pipe_rasterizer_state r = base_rast();
   r.fill_front = PIPE_POLYGON_MODE_LINE;
   r.fill_back = PIPE_POLYGON_MODE_POINT;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_QUADS, 4, 2, in);
   CHECK(cap.num == 4, "quad lines: %u", cap.num);
   for (unsigned i = 0; i < cap.num && i < 4; i++) {
      CHECK(cap.prims[i].kind == CAP_LINE && cap.prims[i].origin == DRAW_ORIGIN_POLYGON,
            "edge %u kind", i);
      CHECKF(cap.prims[i].v[0].attr[1][0], (float)i, 0, "edge %u start", i);
      CHECKF(cap.prims[i].v[1].attr[1][0], (float)((i + 1) % 4), 0, "edge %u end", i);
      CHECK(cap.prims[i].reset_line_stipple == (i == 0), "edge %u reset", i);
      CHECK(cap.prims[i].front_facing, "edge %u facing", i);
   }

   /* edge flags from element 2 (the VS ignores input 2) */
   vs->base.num_inputs = 3;
   vs->base.num_outputs = 2;
   draw_set_vertex_shader(draw, &vs->base);
   draw_set_edgeflag_element(draw, 2);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_QUADS, 4, 3, in);
   CHECK(cap.num == 3, "quad lines with an edge flag off: %u", cap.num);
   for (unsigned i = 0; i < cap.num; i++)
      CHECK(cap.prims[i].v[0].attr[1][0] != 1.0f, "edge 1->2 drawn");
   /* filled: the edge flags are reported on the fan triangles:
    * (0,1,2): 0->1 yes, 1->2 no; (0,2,3): 2->3 yes, 3->0 yes */
   r.fill_front = PIPE_POLYGON_MODE_FILL;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_QUADS, 4, 3, in);
   CHECK(cap.num == 2, "filled quad");
   if (cap.num == 2) {
      CHECK(cap.prims[0].edge_flags == 1, "tri 0 edge flags %x", cap.prims[0].edge_flags);
      CHECK(cap.prims[1].edge_flags == 6, "tri 1 edge flags %x", cap.prims[1].edge_flags);
   }
   /* strips ignore edge flags */
   r.fill_front = PIPE_POLYGON_MODE_LINE;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLE_FAN, 4, 3, in);
   CHECK(cap.num == 6, "fan lines: %u", cap.num);

   /* back faces in POINT mode: reversed quad, points at vertices with
    * their edge flag set (all but vertex 1) */
   float rpos[16], rcol[16], ref[16];
   for (unsigned i = 0; i < 4; i++) {
      memcpy(rpos + 4 * i, pos + 4 * (3 - i), 16);
      memcpy(rcol + 4 * i, col + 4 * (3 - i), 16);
      memcpy(ref + 4 * i, ef + 4 * (3 - i), 16);
   }
   const float *rin[3] = { rpos, rcol, ref };
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_QUADS, 4, 3, rin);
   CHECK(cap.num == 3, "back points: %u", cap.num);
   for (unsigned i = 0; i < cap.num; i++) {
      CHECK(cap.prims[i].kind == CAP_POINT && !cap.prims[i].front_facing, "back point kind");
      CHECK(cap.prims[i].v[0].attr[1][0] != 1.0f, "vertex 1 skipped");
   }
   draw_set_edgeflag_element(draw, -1);
   vs->base.num_inputs = vs->base.num_outputs = 2;
   draw_set_vertex_shader(draw, &vs->base);
}

/* Window-space lines (viewport 100 x 100 around (100, 100)). */
static void
test_wide_lines(struct draw_context *draw)
{
   set_viewport(draw, 100, 100, 1, 100, 100, 0);
   float pos[8], col[8] = { 0 };
   set_vec(pos + 0, -0.5f, 0.1f, 0, 1);   /* (50, 110) */
   set_vec(pos + 4, 0.5f, 0.2f, 0, 1);    /* (150, 120): x-major */
   const float *in[2] = { pos, col };
   static const struct { float width; unsigned n; float first; } t[] = {
      { 1.0f, 1, 0.0f }, { 1.4f, 1, 0.0f }, { 0.2f, 1, 0.0f },
      { 3.0f, 3, -1.0f }, { 2.0f, 2, -0.5f }, { 2.6f, 3, -1.0f }, { 4.0f, 4, -1.5f },
   };
   for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
      struct pipe_rasterizer_state r = base_rast();
      r.line_width = t[i].width;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_LINES, 2, 2, in);
      CHECK(cap.num == t[i].n, "width %g: %u lines", t[i].width, cap.num);
      for (unsigned k = 0; k < cap.num && k < t[i].n; k++) {
         CHECK(cap.prims[k].kind == CAP_LINE, "kind");
         CHECK(cap.prims[k].line_replica == k, "replica %u", cap.prims[k].line_replica);
         CHECK(cap.prims[k].reset_line_stipple == (k == 0), "reset on copy %u", k);
         CHECKF(cap.prims[k].v[0].win[0], 50.0f, 0, "x unchanged");
         CHECKF(cap.prims[k].v[0].win[1], 110.0f + t[i].first + (float)k, 1e-5f,
                "width %g copy %u y", t[i].width, k);
         CHECKF(cap.prims[k].v[1].win[1], 120.0f + t[i].first + (float)k, 1e-5f,
                "width %g copy %u y", t[i].width, k);
      }
   }
   /* y-major: copies move in x */
   set_vec(pos + 4, -0.4f, 0.9f, 0, 1);   /* (60, 190) */
   struct pipe_rasterizer_state r = base_rast();
   r.line_width = 3.0f;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_LINES, 2, 2, in);
   CHECK(cap.num == 3, "y-major: %u", cap.num);
   for (unsigned k = 0; k < cap.num; k++) {
      CHECKF(cap.prims[k].v[0].win[0], 49.0f + (float)k, 1e-5f, "y-major copy %u x", k);
      CHECKF(cap.prims[k].v[0].win[1], 110.0f, 1e-5f, "y-major copy %u y", k);
   }
   /* width clamped to the limit */
   draw_set_size_limits(draw, 1, 255, 1, 2);
   r.line_width = 7.0f;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_LINES, 2, 2, in);
   CHECK(cap.num == 2, "clamped width: %u", cap.num);
   draw_set_size_limits(draw, 1, 255, 1, 255);
   set_viewport(draw, 1, 1, 1, 0, 0, 0);
}

static void
test_points(struct draw_context *draw, struct fake_vs *vs)
{
   set_viewport(draw, 100, 100, 1, 100, 100, 0);
   float pos[4] = { -0.897f, -0.793f, 0, 1 };   /* window (10.3, 20.7) */
   float col[4] = { 5, 6, 7, 8 };
   const float *in[2] = { pos, col };
   struct pipe_rasterizer_state r = base_rast();

   /* size 1: one point */
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
   CHECK(cap.num == 1 && cap.prims[0].kind == CAP_POINT, "size 1");

   /* size 3 (odd): centre (10.5, 20.5), square [9, 12] x [19, 22];
    * size 4 (even): centre (10, 21), [8, 12] x [19, 23]; size 2.6 -> 3 */
   static const struct { float size; float x0, y0, x1, y1; } t[] = {
      { 3.0f, 9, 19, 12, 22 }, { 4.0f, 8, 19, 12, 23 }, { 2.6f, 9, 19, 12, 22 },
   };
   for (unsigned i = 0; i < 3; i++) {
      r.point_size = t[i].size;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
      CHECK(cap.num == 2, "size %g: %u", t[i].size, cap.num);
      if (cap.num != 2)
         continue;
      const struct cap_prim *a = &cap.prims[0], *b = &cap.prims[1];
      CHECK(a->kind == CAP_TRI && a->origin == DRAW_ORIGIN_POINT, "tri from point");
      CHECKF(a->v[0].win[0], t[i].x0, 1e-5f, "size %g x0", t[i].size);
      CHECKF(a->v[0].win[1], t[i].y0, 1e-5f, "size %g y0", t[i].size);
      CHECKF(a->v[2].win[0], t[i].x1, 1e-5f, "size %g x1", t[i].size);
      CHECKF(a->v[2].win[1], t[i].y1, 1e-5f, "size %g y1", t[i].size);
      CHECKF(b->v[2].win[0], t[i].x0, 1e-5f, "size %g corner 3 x", t[i].size);
      CHECKF(b->v[2].win[1], t[i].y1, 1e-5f, "size %g corner 3 y", t[i].size);
      CHECK(a->det > 0 && b->det > 0, "counter-clockwise squares");
      CHECKF(a->v[1].attr[1][2], 7.0f, 0, "attributes copied");
      CHECKF(a->v[1].attr[2][0], 0.0f, 0, "no point coord without sprites");
   }

   /* sprites: size 4 -> [8.3, 12.3] x [18.7, 22.7]; point coord slot 2,
    * location 1 replaced through sprite_coord_enable bit 0 (base 1) */
   draw_set_sprite_coord_base(draw, 1);
   for (unsigned mode = 0; mode < 2; mode++) {
      r.point_size = 4.0f;
      r.point_quad_rasterization = 1;
      r.sprite_coord_enable = 1;
      r.sprite_coord_mode = mode;
      draw_set_rasterizer_state(draw, &r);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
      CHECK(cap.num == 2, "sprite: %u", cap.num);
      if (cap.num != 2)
         continue;
      const struct cap_prim *a = &cap.prims[0];
      static const float s[3] = { 0, 1, 1 }, tt[3] = { 0, 0, 1 };
      float x[3] = { 8.3f, 12.3f, 12.3f }, y[3] = { 18.7f, 18.7f, 22.7f };
      for (unsigned v = 0; v < 3; v++) {
         float texp = mode ? 1.0f - tt[v] : tt[v];
         CHECKF(a->v[v].win[0], x[v], 1e-4f, "sprite x");
         CHECKF(a->v[v].win[1], y[v], 1e-4f, "sprite y");
         CHECKF(a->v[v].attr[2][0], s[v], 0, "point coord s");
         CHECKF(a->v[v].attr[2][1], texp, 0, "point coord t (mode %u)", mode);
         CHECKF(a->v[v].attr[1][0], s[v], 0, "replaced texcoord s");
         CHECKF(a->v[v].attr[1][1], texp, 0, "replaced texcoord t");
         CHECKF(a->v[v].attr[1][3], 1.0f, 0, "replaced texcoord q");
      }
   }
   draw_set_sprite_coord_base(draw, 0);

   /* per-vertex size from the VS (output 1 as POINT_SIZE), clamped */
   vs->out[1].semantic = IR_SEM_POINT_SIZE;
   vs->out[1].comps = 1;
   draw_set_vertex_shader(draw, &vs->base);
   r = base_rast();
   r.point_size_per_vertex = 1;
   r.point_quad_rasterization = 1;
   draw_set_rasterizer_state(draw, &r);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);   /* size 5 */
   CHECK(cap.num == 2, "per-vertex size");
   if (cap.num == 2)
      CHECKF(cap.prims[0].v[2].win[0] - cap.prims[0].v[0].win[0], 5.0f, 1e-4f, "side 5");
   draw_set_size_limits(draw, 1, 3, 1, 255);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 1, 2, in);
   if (cap.num == 2)
      CHECKF(cap.prims[0].v[2].win[0] - cap.prims[0].v[0].win[0], 3.0f, 1e-4f, "clamped side");
   draw_set_size_limits(draw, 1, 255, 1, 255);
   vs->out[1].semantic = IR_SEM_GENERIC;
   vs->out[1].comps = 4;
   draw_set_vertex_shader(draw, &vs->base);
   set_viewport(draw, 1, 1, 1, 0, 0, 0);
}

int
main(void)
{
   struct draw_context *draw = draw_create();
   struct fake_vs vs;
   cap_init(&cap, draw);
   fake_vs_init(&vs, 3);
   vs.base.num_inputs = vs.base.num_outputs = 2;
   draw_set_vertex_shader(draw, &vs.base);

   test_viewport(draw);
   test_cull(draw);
   test_flat_and_twoside(draw, &vs);
   test_offset(draw);
   test_unfilled(draw, &vs);
   test_wide_lines(draw);
   test_points(draw, &vs);

   draw_destroy(draw);
   return test_result("draw_state");
}
