/*
 * draw's fast vertex paths against their plain versions:
 *  - a shader taking SoA blocks (soa_width 4, 8, 16: inputs fetched into
 *    blocks, outputs scattered from them, colours clamped on the blocks)
 *    gives the same records as the same shader run vertex-major, bit for
 *    bit, over counts that are not multiples of the width, every cull
 *    mode and winding, triangles of zero area among them;
 *  - long non-indexed lists of separate primitives drawn in pieces
 *    (DRAW_CHUNK) reach the rasterizer whole, in order, with their own
 *    gl_VertexID-derived values and the same statistics;
 *  - prepared vertices (clip masks and window coordinates computed once
 *    per vertex) drop exactly the culled and the wholly outside triangles
 *    and keep the rest as the copies would.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw_test_util.h"

/* ---- a SoA wrapper around the fake shader ---------------------------- */

struct soa_vs {
   struct draw_vertex_shader base;
   struct fake_vs *inner;
   unsigned runs;
};

static bool
soa_run(const struct draw_vertex_shader *base, const struct draw_vs_env *env, unsigned n,
        const float (*inputs)[4], float (*outputs)[4], unsigned out_stride)
{
   struct soa_vs *vs = (struct soa_vs *)base;
   const unsigned W = base->soa_width, ni = base->num_inputs, no = base->num_outputs;
   unsigned lanes = (n + W - 1) / W * W;
   float (*in)[4] = calloc((size_t)lanes * ni + 1, sizeof(float[4]));
   float (*out)[4] = calloc((size_t)lanes * no + 1, sizeof(float[4]));
   (void)out_stride;
   vs->runs++;

   /* every lane, padding included: the padding must be copies of the last
    * vertex */
   for (unsigned i = 0; i < lanes; i++) {
      const uint32_t *block = (const uint32_t *)inputs + (size_t)(i / W) * ni * 4 * W + i % W;
      for (unsigned w = 0; w < 4 * ni; w++)
         memcpy(&in[(size_t)i * ni + w / 4][w % 4], &block[(size_t)w * W], 4);
      if (i >= n)
         CHECK(!memcmp(in[(size_t)i * ni], in[(size_t)(n - 1) * ni], sizeof(float[4]) * ni),
               "padding lane %u of %u is not vertex %u", i, n, n - 1);
   }
   bool ok = vs->inner->base.run(&vs->inner->base, env, lanes, (const float (*)[4])in, out, no);
   for (unsigned i = 0; i < lanes; i++) {
      uint32_t *block = (uint32_t *)outputs + (size_t)(i / W) * no * 4 * W + i % W;
      for (unsigned w = 0; w < 4 * no; w++)
         memcpy(&block[(size_t)w * W], &out[(size_t)i * no + w / 4][w % 4], 4);
   }
   free(in);
   free(out);
   return ok;
}

static void
soa_vs_init(struct soa_vs *vs, struct fake_vs *inner, unsigned width)
{
   memset(vs, 0, sizeof *vs);
   vs->inner = inner;
   vs->base = inner->base;
   vs->base.soa_width = width;
   vs->base.run = soa_run;
   vs->base.destroy = NULL;
}

static uint32_t rng_state = 0x2545f491u;

static uint32_t
rng(void)
{
   return test_rng(&rng_state);
}

static float
rnd(float lo, float hi)
{
   return lo + (hi - lo) * (float)(rng() & 0xffffff) / (float)0x1000000;
}

static struct capture cap_a, cap_b;

static void
test_soa_shader(void)
{
   enum { MAXV = 150 };
   static float pos[MAXV * 4], col[MAXV * 4], other[MAXV * 4];
   const float *inputs[3] = { pos, col, other };
   const enum pipe_prim_type modes[3] = { PIPE_PRIM_TRIANGLES, PIPE_PRIM_TRIANGLE_STRIP,
                                          PIPE_PRIM_POINTS };
   const unsigned counts[] = { 1, 3, 5, 17, 31, 64, 65, 70, 129, 150 };
   unsigned compared = 0;

   for (unsigned w = 4; w <= 16; w *= 2) {
      for (unsigned m = 0; m < 3; m++) {
         for (unsigned k = 0; k < sizeof counts / sizeof counts[0]; k++) {
            unsigned count = counts[k];
            for (unsigned i = 0; i < count * 4; i++) {
               pos[i] = i % 4 == 3 ? rnd(0.5f, 2.0f) : rnd(-1.2f, 1.2f);
               col[i] = rnd(-0.5f, 1.5f);
               other[i] = rnd(-100.0f, 100.0f);
            }
            col[1] = NAN;   /* clamps to 0 */
            /* some triangles of zero area (a vertex repeated) */
            for (unsigned t = 2; m == 0 && 3 * t + 2 < count; t += 5)
               memcpy(&pos[(3 * t + 2) * 4], &pos[3 * t * 4], sizeof(float[4]));
            for (unsigned variant = 0; variant < 3; variant++) {
               /* 0: plain, 1: vertex colours clamped, 2: a user clip plane
                * (vertices prepared from the records, not the blocks) */
               unsigned clamp = variant == 1;
               struct pipe_rasterizer_state r = test_rast_state();
               r.clamp_vertex_color = clamp;
               r.clip_plane_enable = variant == 2;
               /* every cull mode with both front-face windings */
               static const unsigned culls[4] = { PIPE_FACE_BACK, PIPE_FACE_FRONT,
                                                  PIPE_FACE_FRONT_AND_BACK, PIPE_FACE_NONE };
               r.cull_face = culls[(k + variant) % 4];
               r.front_ccw = (k / 2 + w) % 2 == 0;
               struct capture *caps[2] = { &cap_a, &cap_b };
               unsigned vs_runs[2] = { 0, 0 };
               for (unsigned pass = 0; pass < 2; pass++) {
                  struct draw_context *draw = draw_create();
                  struct fake_vs fvs;
                  struct soa_vs svs;
                  fake_vs_init(&fvs, 3);
                  fvs.out[1].location = 0;   /* the primary colour */
                  soa_vs_init(&svs, &fvs, w);
                  cap_init(caps[pass], draw);
                  draw_set_rasterizer_state(draw, &r);
                  struct pipe_viewport_state vp = { { 50, 50, 0.5f }, { 60, 60, 0.5f } };
                  draw_set_viewport_states(draw, 0, 1, &vp);
                  struct pipe_clip_state clip = { { { 0.3f, -0.2f, 0.1f, 0.5f } } };
                  draw_set_clip_state(draw, &clip);
                  draw_set_vertex_shader(draw, pass ? &svs.base : &fvs.base);
                  int front[2] = { 0, -1 }, back[2] = { -1, -1 };
                  draw_set_color_locations(draw, front, back);
                  draw_float_arrays(draw, modes[m], count, 3, inputs);
                  vs_runs[pass] = pass ? svs.runs : fvs.runs;
                  draw_destroy(draw);
               }
               CHECK(vs_runs[1] > 0, "the SoA shader ran");
               CHECK(cap_a.num == cap_b.num && cap_a.overflow == cap_b.overflow,
                     "width %u mode %u count %u variant %u: %u/%u primitives vertex-major, %u/%u SoA",
                     w, m, count, variant, cap_a.num, cap_a.overflow, cap_b.num, cap_b.overflow);
               for (unsigned p = 0; p < cap_a.num && p < cap_b.num; p++) {
                  CHECK(!memcmp(&cap_a.prims[p], &cap_b.prims[p], sizeof cap_a.prims[p]),
                        "width %u mode %u count %u variant %u: primitive %u differs", w, m,
                        count, variant, p);
                  compared++;
               }
               if (clamp) {
                  /* the clamp really ran on the SoA path */
                  for (unsigned p = 0; p < cap_b.num; p++) {
                     for (unsigned c = 0; c < 4; c++) {
                        float v = cap_b.prims[p].v[0].attr[1][c];
                        CHECK(v >= 0.0f && v <= 1.0f, "clamped colour %g", (double)v);
                     }
                  }
               }
            }
         }
      }
   }
   CHECK(compared > 1000, "%u primitives compared", compared);
}

/* ---- pieces of long draws --------------------------------------------- */

struct counter {
   struct draw_raster_iface iface;
   unsigned tris, points, lines;
   unsigned next;          /* the vertex number expected next */
   unsigned out_of_order;
   unsigned wrong_ids;     /* primitive_id not the primitive's number in the draw */
   bool skip_culled;       /* triangles: every second one is culled */
};

static unsigned
vertex_number(const struct draw_vertex *v)
{
   return (unsigned)v->attr[1][0];
}

static void
count_tri(void *priv, const struct draw_prim *p)
{
   struct counter *c = priv;
   unsigned first = vertex_number(p->v[0]);
   if (c->skip_culled && first % 6 == 3)
      c->out_of_order++;   /* a culled triangle arrived */
   if (first < c->next || vertex_number(p->v[1]) != first + 1 ||
       vertex_number(p->v[2]) != first + 2)
      c->out_of_order++;
   if (p->primitive_id != (int32_t)(first / 3))
      c->wrong_ids++;
   c->next = first + 3;
   c->tris++;
}

static void
count_point(void *priv, const struct draw_prim *p)
{
   struct counter *c = priv;
   if (vertex_number(p->v[0]) != c->next)
      c->out_of_order++;
   if (p->primitive_id != (int32_t)vertex_number(p->v[0]))
      c->wrong_ids++;
   c->next = vertex_number(p->v[0]) + 1;
   c->points++;
}

static void
count_line(void *priv, const struct draw_prim *p)
{
   struct counter *c = priv;
   if (vertex_number(p->v[0]) != c->next || vertex_number(p->v[1]) != c->next + 1)
      c->out_of_order++;
   if (p->primitive_id != (int32_t)(vertex_number(p->v[0]) / 2))
      c->wrong_ids++;
   c->next = vertex_number(p->v[0]) + 2;
   c->lines++;
}

static void
test_pieces(void)
{
   enum { N = 6001 };   /* several pieces and a partial one */
   static float pos[N * 4], num[N * 4];
   const float *inputs[2] = { pos, num };

   for (unsigned i = 0; i < N; i++) {
      /* small triangles inside the view volume, corners A = (x, y),
       * B = (x + d, y), C = (x, y + d): even ones A B C (counter-
       * clockwise), odd ones A C B (clockwise) */
      unsigned t = i / 3, corner = i % 3;
      float x = -0.9f + 0.0015f * (float)(t % 1000), y = -0.9f + 0.05f * (float)(t / 1000);
      const float d = 0.001f;
      bool cw = t % 2 == 1;
      unsigned which = cw && corner ? 3 - corner : corner;   /* 0 A, 1 B, 2 C */
      pos[i * 4 + 0] = x + (which == 1 ? d : 0.0f);
      pos[i * 4 + 1] = y + (which == 2 ? d : 0.0f);
      pos[i * 4 + 2] = 0.0f;
      pos[i * 4 + 3] = 1.0f;
      num[i * 4 + 0] = (float)i;
      num[i * 4 + 1] = num[i * 4 + 2] = 0.0f;
      num[i * 4 + 3] = 1.0f;
   }

   /* soa: the shader takes SoA blocks of 16 (triangle_list's block test) */
   const struct {
      enum pipe_prim_type mode;
      bool cull, soa;
      unsigned tris, lines, points;
   } cases[] = {
      { PIPE_PRIM_TRIANGLES, false, false, N / 3, 0, 0 },
      { PIPE_PRIM_TRIANGLES, true, false, (N / 3 + 1) / 2, 0, 0 },
      { PIPE_PRIM_TRIANGLES, true, true, (N / 3 + 1) / 2, 0, 0 },
      { PIPE_PRIM_LINES, false, false, 0, N / 2, 0 },
      { PIPE_PRIM_POINTS, false, false, 0, 0, N },
   };
   for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
      struct draw_context *draw = draw_create();
      struct fake_vs fvs;
      struct soa_vs svs;
      struct counter c;
      memset(&c, 0, sizeof c);
      c.iface.tri = count_tri;
      c.iface.line = count_line;
      c.iface.point = count_point;
      c.skip_culled = cases[k].cull;
      draw_set_rasterize_stage(draw, &c.iface, &c);
      fake_vs_init(&fvs, 2);
      soa_vs_init(&svs, &fvs, 16);
      struct pipe_rasterizer_state r = test_rast_state();
      r.cull_face = cases[k].cull ? PIPE_FACE_BACK : PIPE_FACE_NONE;
      r.front_ccw = 1;
      draw_set_rasterizer_state(draw, &r);
      struct pipe_viewport_state vp = { { 500, 500, 0.5f }, { 500, 500, 0.5f } };
      draw_set_viewport_states(draw, 0, 1, &vp);
      draw_set_vertex_shader(draw, cases[k].soa ? &svs.base : &fvs.base);
      draw_float_arrays(draw, cases[k].mode, N, 2, inputs);
      struct draw_statistics st;
      draw_get_statistics(draw, &st);
      CHECK(c.tris == cases[k].tris && c.lines == cases[k].lines && c.points == cases[k].points,
            "case %u: %u triangles, %u lines, %u points", k, c.tris, c.lines, c.points);
      CHECK(!c.out_of_order, "case %u: %u primitives out of order or culled wrongly", k,
            c.out_of_order);
      /* gl_PrimitiveID: the number in the whole draw, across its pieces
       * and the culled triangles */
      CHECK(!c.wrong_ids, "case %u: %u primitives with a wrong primitive_id", k, c.wrong_ids);
      CHECK(!cases[k].soa || svs.runs > 0, "case %u: the SoA shader ran", k);
      CHECK(st.vs_invocations == N, "case %u: %llu vertices shaded", k,
            (unsigned long long)st.vs_invocations);
      unsigned prims = cases[k].mode == PIPE_PRIM_TRIANGLES ? N / 3 :
                       cases[k].mode == PIPE_PRIM_LINES ? N / 2 : N;
      CHECK(st.prims_generated == prims, "case %u: %llu primitives generated", k,
            (unsigned long long)st.prims_generated);
      draw_destroy(draw);
   }
}

/* ---- prepared vertices: outside and culled triangles -------------------- */

static void
test_prepared_rejects(void)
{
   /* four triangles: inside ccw, inside cw (culled), wholly right of the
    * view volume, straddling the left plane (clipped: drawn in part) */
   static const float pos[12][4] = {
      { -0.5f, -0.5f, 0, 1 }, { 0.5f, -0.5f, 0, 1 }, { 0.0f, 0.5f, 0, 1 },
      { -0.5f, -0.5f, 0, 1 }, { 0.0f, 0.5f, 0, 1 }, { 0.5f, -0.5f, 0, 1 },
      { 1.5f, -0.5f, 0, 1 }, { 2.5f, -0.5f, 0, 1 }, { 2.0f, 0.5f, 0, 1 },
      { -1.5f, -0.5f, 0, 1 }, { 0.5f, -0.5f, 0, 1 }, { 0.0f, 0.5f, 0, 1 },
   };
   const float *inputs[1] = { &pos[0][0] };
   struct draw_context *draw = draw_create();
   struct fake_vs fvs;
   fake_vs_init(&fvs, 1);
   cap_init(&cap_a, draw);
   struct pipe_rasterizer_state r = test_rast_state();
   r.cull_face = PIPE_FACE_BACK;
   r.front_ccw = 1;
   draw_set_rasterizer_state(draw, &r);
   struct pipe_viewport_state vp = { { 100, 100, 0.5f }, { 100, 100, 0.5f } };
   draw_set_viewport_states(draw, 0, 1, &vp);
   draw_set_vertex_shader(draw, &fvs.base);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 12, 1, inputs);

   /* the first triangle as is; the last clipped at x = -1 (window 0) into
    * a polygon, drawn as a fan of at least two triangles */
   CHECK(cap_a.num >= 3, "%u triangles", cap_a.num);
   if (cap_a.num >= 1) {
      CHECKF(cap_a.prims[0].v[0].win[0], 50.0f, 0, "first triangle x0");
      CHECKF(cap_a.prims[0].v[1].win[0], 150.0f, 0, "first triangle x1");
      CHECKF(cap_a.prims[0].v[2].win[1], 150.0f, 0, "first triangle y2");
      CHECKF(cap_a.prims[0].det, 100.0f * 100.0f, 0, "first triangle det");
      CHECK(cap_a.prims[0].primitive_id == 0, "first triangle: primitive_id %d",
            cap_a.prims[0].primitive_id);
   }
   for (unsigned p = 1; p < cap_a.num; p++) {
      for (unsigned v = 0; v < 3; v++) {
         CHECK(cap_a.prims[p].v[v].win[0] >= 0.0f && cap_a.prims[p].v[v].win[0] <= 150.0f,
               "clipped triangle %u vertex %u at x %g", p, v,
               (double)cap_a.prims[p].v[v].win[0]);
      }
      /* the fourth triangle's pieces (the culled and the outside ones
       * still counted) */
      CHECK(cap_a.prims[p].primitive_id == 3, "clipped piece %u: primitive_id %d", p,
            cap_a.prims[p].primitive_id);
   }
   draw_destroy(draw);
}

int
main(void)
{
   test_soa_shader();
   test_pieces();
   test_prepared_rejects();
   return test_result("draw_vs_paths");
}
