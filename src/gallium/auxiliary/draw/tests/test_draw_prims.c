/*
 * Primitive assembly: every GL primitive type's decomposition (vertex
 * order as the rasterizer receives it and the provoking vertex for both
 * conventions), line stipple resets, primitive restart and index sizes.
 * Expected orders are GL's (ARB_provoking_vertex table), written out by
 * hand.
 */
#include <math.h>
#include <string.h>

#include "draw_private.h"
#include "draw_test_util.h"

struct exp_prim {
   unsigned n;            /* 1 point, 2 line, 3 triangle */
   unsigned id[3];
   unsigned provoking;
   int reset;             /* lines: expected reset flag, -1: don't care */
};

struct prim_case {
   enum pipe_prim_type mode;
   bool first;            /* flatshade_first */
   unsigned count;
   unsigned num;
   struct exp_prim p[6];
};

static const struct prim_case cases[] = {
   { PIPE_PRIM_POINTS, false, 3, 3, { {1, {0}, 0, -1}, {1, {1}, 1, -1}, {1, {2}, 2, -1} } },
   { PIPE_PRIM_LINES, false, 5, 2, { {2, {0, 1}, 1, 1}, {2, {2, 3}, 3, 1} } },
   { PIPE_PRIM_LINES, true, 5, 2, { {2, {0, 1}, 0, 1}, {2, {2, 3}, 2, 1} } },
   { PIPE_PRIM_LINE_STRIP, false, 4, 3, { {2, {0, 1}, 1, 1}, {2, {1, 2}, 2, 0}, {2, {2, 3}, 3, 0} } },
   { PIPE_PRIM_LINE_STRIP, true, 4, 3, { {2, {0, 1}, 0, 1}, {2, {1, 2}, 1, 0}, {2, {2, 3}, 2, 0} } },
   { PIPE_PRIM_LINE_LOOP, false, 3, 3, { {2, {0, 1}, 1, 1}, {2, {1, 2}, 2, 0}, {2, {2, 0}, 0, 0} } },
   { PIPE_PRIM_LINE_LOOP, true, 3, 3, { {2, {0, 1}, 0, 1}, {2, {1, 2}, 1, 0}, {2, {2, 0}, 2, 0} } },
   { PIPE_PRIM_TRIANGLES, false, 7, 2, { {3, {0, 1, 2}, 2, -1}, {3, {3, 4, 5}, 5, -1} } },
   { PIPE_PRIM_TRIANGLES, true, 7, 2, { {3, {0, 1, 2}, 0, -1}, {3, {3, 4, 5}, 3, -1} } },
   { PIPE_PRIM_TRIANGLE_STRIP, false, 5, 3, { {3, {0, 1, 2}, 2, -1}, {3, {2, 1, 3}, 3, -1}, {3, {2, 3, 4}, 4, -1} } },
   { PIPE_PRIM_TRIANGLE_STRIP, true, 5, 3, { {3, {0, 1, 2}, 0, -1}, {3, {1, 3, 2}, 1, -1}, {3, {2, 3, 4}, 2, -1} } },
   { PIPE_PRIM_TRIANGLE_FAN, false, 5, 3, { {3, {0, 1, 2}, 2, -1}, {3, {0, 2, 3}, 3, -1}, {3, {0, 3, 4}, 4, -1} } },
   { PIPE_PRIM_TRIANGLE_FAN, true, 5, 3, { {3, {0, 1, 2}, 1, -1}, {3, {0, 2, 3}, 2, -1}, {3, {0, 3, 4}, 3, -1} } },
   /* quads and polygons are filled as fans from their first vertex */
   { PIPE_PRIM_QUADS, false, 9, 4, { {3, {0, 1, 2}, 3, -1}, {3, {0, 2, 3}, 3, -1}, {3, {4, 5, 6}, 7, -1}, {3, {4, 6, 7}, 7, -1} } },
   { PIPE_PRIM_QUADS, true, 9, 4, { {3, {0, 1, 2}, 0, -1}, {3, {0, 2, 3}, 0, -1}, {3, {4, 5, 6}, 4, -1}, {3, {4, 6, 7}, 4, -1} } },
   { PIPE_PRIM_QUAD_STRIP, false, 7, 4, { {3, {0, 1, 3}, 3, -1}, {3, {0, 3, 2}, 3, -1}, {3, {2, 3, 5}, 5, -1}, {3, {2, 5, 4}, 5, -1} } },
   { PIPE_PRIM_QUAD_STRIP, true, 7, 4, { {3, {0, 1, 3}, 0, -1}, {3, {0, 3, 2}, 0, -1}, {3, {2, 3, 5}, 2, -1}, {3, {2, 5, 4}, 2, -1} } },
   { PIPE_PRIM_POLYGON, false, 5, 3, { {3, {0, 1, 2}, 0, -1}, {3, {0, 2, 3}, 0, -1}, {3, {0, 3, 4}, 0, -1} } },
   { PIPE_PRIM_POLYGON, true, 5, 3, { {3, {0, 1, 2}, 0, -1}, {3, {0, 2, 3}, 0, -1}, {3, {0, 3, 4}, 0, -1} } },
   { PIPE_PRIM_LINES_ADJACENCY, false, 8, 2, { {2, {1, 2}, 2, 1}, {2, {5, 6}, 6, 1} } },
   { PIPE_PRIM_LINES_ADJACENCY, true, 8, 2, { {2, {1, 2}, 1, 1}, {2, {5, 6}, 5, 1} } },
   { PIPE_PRIM_LINE_STRIP_ADJACENCY, false, 5, 2, { {2, {1, 2}, 2, 1}, {2, {2, 3}, 3, 0} } },
   { PIPE_PRIM_LINE_STRIP_ADJACENCY, true, 5, 2, { {2, {1, 2}, 1, 1}, {2, {2, 3}, 2, 0} } },
   { PIPE_PRIM_TRIANGLES_ADJACENCY, false, 12, 2, { {3, {0, 2, 4}, 4, -1}, {3, {6, 8, 10}, 10, -1} } },
   { PIPE_PRIM_TRIANGLES_ADJACENCY, true, 12, 2, { {3, {0, 2, 4}, 0, -1}, {3, {6, 8, 10}, 6, -1} } },
   { PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, false, 8, 2, { {3, {0, 2, 4}, 4, -1}, {3, {4, 2, 6}, 6, -1} } },
   { PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, true, 8, 2, { {3, {0, 2, 4}, 0, -1}, {3, {2, 6, 4}, 2, -1} } },
   /* too few vertices: nothing */
   { PIPE_PRIM_TRIANGLES, false, 2, 0, { {0} } },
   { PIPE_PRIM_QUADS, false, 3, 0, { {0} } },
   { PIPE_PRIM_POLYGON, false, 2, 0, { {0} } },
   { PIPE_PRIM_LINES, false, 1, 0, { {0} } },
};

#define MAXV 16
static float pos[MAXV * 4], ids[MAXV * 4];

static unsigned
cap_kind_verts(enum cap_kind k)
{
   return k == CAP_POINT ? 1 : k == CAP_LINE ? 2 : 3;
}

static void
check_case(struct capture *cap, const struct prim_case *c, const char *what)
{
   CHECK(cap->num == c->num, "%s mode %d first %d: %u prims, expected %u", what, c->mode,
         c->first, cap->num, c->num);
   for (unsigned i = 0; i < cap->num && i < c->num; i++) {
      const struct cap_prim *p = &cap->prims[i];
      const struct exp_prim *e = &c->p[i];
      CHECK(cap_kind_verts(p->kind) == e->n, "%s mode %d prim %u: kind %d", what, c->mode, i,
            p->kind);
      for (unsigned v = 0; v < e->n && v < 3; v++) {
         CHECKF(p->v[v].attr[1][0], (float)e->id[v], 0, "%s mode %d first %d prim %u vertex %u",
                what, c->mode, c->first, i, v);
         CHECKF(p->v[v].attr[2][0], (float)e->provoking, 0,
                "%s mode %d first %d prim %u vertex %u: flat (provoking)", what, c->mode,
                c->first, i, v);
      }
      if (e->reset >= 0)
         CHECK(p->reset_line_stipple == (e->reset != 0), "%s mode %d prim %u reset %d", what,
               c->mode, i, p->reset_line_stipple);
   }
}

static void
set_rast(struct draw_context *draw, bool first)
{
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof(r));
   r.flatshade_first = first;
   r.point_size = 1.0f;
   r.line_width = 1.0f;
   r.depth_clip_near = r.depth_clip_far = 1;
   draw_set_rasterizer_state(draw, &r);
}

/* The same cases through index buffers of each size, with an index bias
 * and primitive restart splitting them in two. */
static void
test_indexed(struct draw_context *draw, struct capture *cap)
{
   for (unsigned isz = 1; isz <= 4; isz *= 2) {
      for (unsigned ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++) {
         const struct prim_case *c = &cases[ci];
         set_rast(draw, c->first);
         /* indices: the draw twice, separated by a restart index, the
          * second time reversed-and-back to the same ids via the bias */
         uint8_t buf[4 * 40];
         unsigned n = 0;
         uint32_t restart = isz == 1 ? 0xff : isz == 2 ? 0xffff : 0xffffffffu;
         uint32_t vals[40];
         for (unsigned i = 0; i < c->count; i++)
            vals[n++] = i + 3;   /* index_bias -3 maps back to i */
         vals[n++] = restart;
         for (unsigned i = 0; i < c->count; i++)
            vals[n++] = i + 3;
         for (unsigned i = 0; i < n; i++) {
            if (isz == 1)
               buf[i] = (uint8_t)vals[i];
            else if (isz == 2) {
               uint16_t v = (uint16_t)vals[i];
               memcpy(buf + 2 * i, &v, 2);
            } else
               memcpy(buf + 4 * i, &vals[i], 4);
         }
         struct pipe_draw_info info;
         memset(&info, 0, sizeof(info));
         info.mode = c->mode;
         info.index_size = (uint8_t)isz;
         info.primitive_restart = true;
         info.restart_index = restart;
         info.instance_count = 1;
         info.max_index = ~0u;
         /* half the sizes through the mapped buffer, half as user indices */
         if (isz == 2) {
            info.has_user_indices = true;
            info.index.user = buf;
         } else {
            draw_set_mapped_index_buffer(draw, buf, n * isz);
         }
         struct pipe_draw_start_count_bias sc = { 0, n, -3 };
         struct draw_statistics before, after;
         draw_get_statistics(draw, &before);
         cap_reset(cap);
         draw_vbo(draw, &info, &sc, 1);
         draw_get_statistics(draw, &after);
         /* 2 * count elements spanning count indices: each shaded once */
         CHECK(after.vs_invocations - before.vs_invocations == c->count,
               "indexed (%u bytes) mode %d: %llu vertices shaded, expected %u", isz, c->mode,
               (unsigned long long)(after.vs_invocations - before.vs_invocations), c->count);

         /* expected: the case twice */
         struct capture half;
         memcpy(&half, cap, sizeof(half));
         unsigned total = cap->num;
         CHECK(total == 2 * c->num, "indexed (%u bytes) mode %d: %u prims, expected %u", isz,
               c->mode, total, 2 * c->num);
         if (total == 2 * c->num) {
            half.num = c->num;
            check_case(&half, c, "indexed first half");
            memmove(half.prims, half.prims + c->num, sizeof(half.prims[0]) * c->num);
            check_case(&half, c, "indexed after restart");
         }
      }
   }
}

/* Vertex reuse only where the indices span fewer values than the draw
 * has elements: distinct indices are shaded once each, an index out of
 * range (negative after the bias) turns reuse off, and a draw of one
 * index many times shades it once but still draws every point. */
static void
test_reuse(struct draw_context *draw, struct capture *cap)
{
   static const struct { uint8_t idx[8]; unsigned n; int bias; unsigned shaded, points; } r[] = {
      { { 3, 0, 2, 1 }, 4, 0, 4, 4 },            /* a permutation: no reuse */
      { { 5, 5, 5, 5, 5, 5, 5, 5 }, 8, 0, 1, 8 },
      { { 1, 2, 1, 2, 1, 2 }, 6, 0, 2, 6 },
      { { 0, 1, 0, 1, 0, 1 }, 6, -1, 6, 6 },     /* index -1: each on its own */
   };
   set_rast(draw, false);
   for (unsigned k = 0; k < sizeof(r) / sizeof(r[0]); k++) {
      struct pipe_draw_info info;
      memset(&info, 0, sizeof(info));
      info.mode = PIPE_PRIM_POINTS;
      info.index_size = 1;
      info.instance_count = 1;
      info.max_index = ~0u;
      info.has_user_indices = true;
      info.index.user = r[k].idx;
      struct pipe_draw_start_count_bias sc = { 0, r[k].n, r[k].bias };
      struct draw_statistics before, after;
      draw_get_statistics(draw, &before);
      cap_reset(cap);
      draw_vbo(draw, &info, &sc, 1);
      draw_get_statistics(draw, &after);
      CHECK(after.vs_invocations - before.vs_invocations == r[k].shaded,
            "reuse case %u: %llu shaded, expected %u", k,
            (unsigned long long)(after.vs_invocations - before.vs_invocations), r[k].shaded);
      CHECK(cap->num == r[k].points, "reuse case %u: %u points, expected %u", k, cap->num,
            r[k].points);
      for (unsigned i = 0; i < r[k].n && i < cap->num; i++) {
         int id = (int)r[k].idx[i] + r[k].bias;
         if (id >= 0)   /* index -1 fetches nothing: its attributes are not checked */
            CHECKF(cap->prims[i].v[0].attr[1][0], (float)id, 0, "reuse case %u point %u", k, i);
      }
   }
}

/* draw_cull_face_v16 against draw_cull_face: every cull mode and winding,
 * areas of both zeros, NaN, infinities, tiny and random values. */
static void
test_cull_v16(struct draw_context *draw)
{
   static const float special[] = { 0.0f, -0.0f, NAN, -NAN, INFINITY, -INFINITY, 1e-45f,
                                    -1e-45f, 1.0f, -1.0f, 3e38f, -3e38f };
   uint32_t seed = 99;
   unsigned compared = 0;
   for (unsigned cull = 0; cull < 4; cull++) {
      for (unsigned ccw = 0; ccw < 2; ccw++) {
         struct pipe_rasterizer_state r = test_rast_state();
         r.cull_face = cull;
         r.front_ccw = ccw;
         draw_set_rasterizer_state(draw, &r);
         for (unsigned round = 0; round < 8; round++) {
            draw_v16f area;
            for (unsigned l = 0; l < 16; l++) {
               seed = seed * 1664525u + 1013904223u;
               area[l] = round == 0 && l < 12 ? special[l] : ((float)(seed >> 8) - 8388608.0f) / 4096.0f;
            }
            draw_v16i kept;
            draw_cull_face_v16(draw, &area, &kept);
            for (unsigned l = 0; l < 16; l++, compared++) {
               bool front;
               bool want = draw_cull_face(draw, area[l], &front);
               CHECK(kept[l] == (want ? -1 : 0), "cull %u ccw %u area %g: lane %d, scalar %d",
                     cull, ccw, (double)area[l], kept[l], want);
            }
         }
      }
   }
   CHECK(compared == 4 * 2 * 8 * 16, "%u areas compared", compared);
}

int
main(void)
{
   static struct capture cap;
   struct draw_context *draw = draw_create();
   struct fake_vs vs;

   for (unsigned i = 0; i < MAXV; i++) {
      /* distinct, non-collinear points well inside the view volume */
      float a = 0.7f * (float)i;
      pos[4 * i + 0] = 0.5f * cosf(a);
      pos[4 * i + 1] = 0.5f * sinf(a);
      pos[4 * i + 2] = 0.0f;
      pos[4 * i + 3] = 1.0f;
      ids[4 * i + 0] = (float)i;
      ids[4 * i + 1] = ids[4 * i + 2] = 0.0f;
      ids[4 * i + 3] = 1.0f;
   }
   cap_init(&cap, draw);
   fake_vs_init(&vs, 3);
   vs.out[2].interp = IR_INTERP_FLAT;
   draw_set_vertex_shader(draw, &vs.base);

   for (unsigned ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++) {
      const struct prim_case *c = &cases[ci];
      const float *in[3] = { pos, ids, ids };
      set_rast(draw, c->first);
      cap_reset(&cap);
      draw_float_arrays(draw, c->mode, c->count, 3, in);
      check_case(&cap, c, "arrays");
   }
   test_indexed(draw, &cap);
   test_reuse(draw, &cap);
   test_cull_v16(draw);

   draw_destroy(draw);
   return test_result("draw_prims");
}
