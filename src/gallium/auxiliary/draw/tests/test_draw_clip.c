/*
 * Clipping: a triangle against each view-volume plane (vertex count,
 * positions and interpolated attributes computed by hand), depth clip off,
 * halfz, perspective vs noperspective interpolation, user planes and clip
 * distances, edge flags of clipped unfilled polygons, points, w <= 0.
 * The viewport is the identity, so window = normalized device coordinates.
 */
#include <math.h>
#include <string.h>

#include "draw_private.h"
#include "draw_test_util.h"

static struct capture cap;

static void
set_rast(struct draw_context *draw, unsigned clip_enable, bool depth_clip, bool halfz,
         unsigned fill)
{
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof(r));
   r.point_size = 1.0f;
   r.line_width = 1.0f;
   r.depth_clip_near = r.depth_clip_far = depth_clip;
   r.clip_halfz = halfz;
   r.clip_plane_enable = clip_enable;
   r.fill_front = r.fill_back = fill;
   draw_set_rasterizer_state(draw, &r);
}

static void
set_vec(float *v, float x, float y, float z, float w)
{
   v[0] = x; v[1] = y; v[2] = z; v[3] = w;
}

/* A outside beyond plane (axis, sign), B and C inside: the clip crosses
 * B->A and C->A at t = 0.6 from the inside vertex (distances 1.5 and -1). */
static void
test_view_planes(struct draw_context *draw)
{
   for (unsigned axis = 0; axis < 3; axis++) {
      for (int sgn = -1; sgn <= 1; sgn += 2) {
         unsigned b = (axis + 1) % 3;
         float pos[12] = { 0 }, col[12] = { 0 };
         float s = (float)sgn;
         pos[0 + axis] = 2.0f * s;                          /* A */
         pos[4 + axis] = -0.5f * s; pos[4 + b] = -0.5f;     /* B */
         pos[8 + axis] = -0.5f * s; pos[8 + b] = 0.5f;      /* C */
         pos[3] = pos[7] = pos[11] = 1.0f;
         set_vec(col + 0, 10, 0, 0, 1);
         set_vec(col + 4, 20, 0, 0, 1);
         set_vec(col + 8, 30, 0, 0, 1);
         const float *in[2] = { pos, col };

         set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_FILL);
         cap_reset(&cap);
         draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
         CHECK(cap.num == 2, "axis %u sign %d: %u triangles", axis, sgn, cap.num);
         if (cap.num != 2)
            continue;
         /* polygon [I_AB, B, C, I_CA] as the fan (I_AB, B, C), (I_AB, C, I_CA) */
         const struct cap_vertex *iab = &cap.prims[0].v[0], *ica = &cap.prims[1].v[2];
         CHECKF(iab->win[axis], s, 1e-6f, "axis %u sign %d I_AB on the plane", axis, sgn);
         CHECKF(iab->win[b], -0.2f, 1e-6f, "axis %u sign %d I_AB other coordinate", axis, sgn);
         CHECKF(iab->attr[1][0], 14.0f, 1e-5f, "axis %u sign %d I_AB attribute", axis, sgn);
         CHECKF(ica->win[axis], s, 1e-6f, "axis %u sign %d I_CA on the plane", axis, sgn);
         CHECKF(ica->win[b], 0.2f, 1e-6f, "axis %u sign %d I_CA other coordinate", axis, sgn);
         CHECKF(ica->attr[1][0], 18.0f, 1e-5f, "axis %u sign %d I_CA attribute", axis, sgn);
         CHECKF(cap.prims[0].v[1].attr[1][0], 20.0f, 0, "B kept");
         CHECKF(cap.prims[0].v[2].attr[1][0], 30.0f, 0, "C kept");
         CHECKF(cap.prims[1].v[1].attr[1][0], 30.0f, 0, "C kept");
         /* view-volume clip edges are not boundary edges: tri 0 keeps
          * I_AB->B and B->C, tri 1 keeps C->I_CA only (I_CA->I_AB is on
          * the plane) */
         CHECK(cap.prims[0].edge_flags == 3, "axis %u: edge flags %x", axis,
               cap.prims[0].edge_flags);
         CHECK(cap.prims[1].edge_flags == 2, "axis %u: edge flags %x", axis,
               cap.prims[1].edge_flags);

         if (axis == 2) {
            /* depth clipping off: z is not clipped */
            set_rast(draw, 0, false, false, PIPE_POLYGON_MODE_FILL);
            cap_reset(&cap);
            draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
            CHECK(cap.num == 1, "depth clip off, sign %d: %u triangles", sgn, cap.num);
            if (cap.num == 1)
               CHECKF(cap.prims[0].v[0].win[2], 2.0f * s, 0, "unclipped z");
         }
      }
   }

   /* halfz: near is z >= 0: a triangle at z = -0.5 .. 0.5 is cut at 0 */
   {
      float pos[12], col[12];
      set_vec(pos + 0, 0, 0, -0.5f, 1);
      set_vec(pos + 4, 0.5f, 0, 0.5f, 1);
      set_vec(pos + 8, 0, 0.5f, 0.5f, 1);
      set_vec(col + 0, 0, 0, 0, 1);
      set_vec(col + 4, 1, 0, 0, 1);
      set_vec(col + 8, 1, 0, 0, 1);
      const float *in[2] = { pos, col };
      set_rast(draw, 0, true, true, PIPE_POLYGON_MODE_FILL);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
      /* [I_AB, B, C, I_CA]: two triangles */
      CHECK(cap.num == 2, "halfz: %u triangles", cap.num);
      for (unsigned i = 0; i < cap.num; i++)
         for (unsigned v = 0; v < 3; v++)
            CHECK(cap.prims[i].v[v].win[2] >= -1e-7f, "halfz z %g", cap.prims[i].v[v].win[2]);
      if (cap.num == 2)
         CHECKF(cap.prims[0].v[0].attr[1][0], 0.5f, 1e-6f, "halfz midpoint attribute");
      /* the same triangle in GL's [-w, w] is not clipped */
      set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_FILL);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
      CHECK(cap.num == 1 && feq(cap.prims[0].v[0].win[2], -0.5f, 0), "GL z range");
   }

   /* all outside one plane: nothing; all inside: untouched */
   {
      float pos[12], col[12] = { 0 };
      set_vec(pos + 0, 1.5f, 0, 0, 1);
      set_vec(pos + 4, 2.5f, 0, 0, 1);
      set_vec(pos + 8, 1.5f, 0.5f, 0, 1);
      const float *in[2] = { pos, col };
      set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_FILL);
      cap_reset(&cap);
      draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
      CHECK(cap.num == 0, "outside: %u", cap.num);
   }
}

/* Perspective: a line from A (w 1) to B (w 2) cut by x = -w at t = 0.25:
 * smooth attributes 25, noperspective ones 40 (window-space fraction of
 * the way from x = -2 to x = 0.5 at x = -1). */
static void
test_perspective(struct draw_context *draw, struct fake_vs *vs)
{
   float pos[8], a[8], b[8];
   set_vec(pos + 0, -2, 0, 0, 1);
   set_vec(pos + 4, 1, 0, 0, 2);
   set_vec(a + 0, 0, 0, 0, 1);
   set_vec(a + 4, 100, 0, 0, 1);
   memcpy(b, a, sizeof(b));
   const float *in[3] = { pos, a, b };
   vs->out[2].interp = IR_INTERP_NOPERSPECTIVE;
   vs->base.num_inputs = vs->base.num_outputs = 3;
   draw_set_vertex_shader(draw, &vs->base);
   set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_LINES, 2, 3, in);
   CHECK(cap.num == 1 && cap.prims[0].kind == CAP_LINE, "line: %u", cap.num);
   if (cap.num == 1) {
      const struct cap_vertex *v0 = &cap.prims[0].v[0], *v1 = &cap.prims[0].v[1];
      CHECKF(v0->win[0], -1.0f, 1e-6f, "clipped x");
      CHECKF(v0->clip[3], 1.25f, 1e-6f, "clipped w");
      CHECKF(v0->win[3], 0.8f, 1e-6f, "1/w");
      CHECKF(v0->attr[1][0], 25.0f, 1e-4f, "perspective-correct attribute");
      CHECKF(v0->attr[2][0], 40.0f, 1e-4f, "noperspective attribute");
      CHECKF(v1->win[0], 0.5f, 0, "unclipped end");
      CHECKF(v1->attr[2][0], 100.0f, 0, "unclipped end attribute");
   }
   vs->out[2].interp = IR_INTERP_SMOOTH;
   vs->base.num_inputs = vs->base.num_outputs = 2;
   draw_set_vertex_shader(draw, &vs->base);
}

static void
test_user_planes(struct draw_context *draw, struct fake_vs *vs)
{
   struct pipe_clip_state clip;
   memset(&clip, 0, sizeof(clip));
   clip.ucp[3][0] = 1.0f;   /* plane 3: x >= 0 */
   draw_set_clip_state(draw, &clip);

   float pos[12], col[12];
   set_vec(pos + 0, -0.5f, -0.5f, 0, 1);   /* A, outside */
   set_vec(pos + 4, 0.5f, -0.5f, 0, 1);    /* B */
   set_vec(pos + 8, 0.5f, 0.5f, 0, 1);     /* C */
   set_vec(col + 0, 0, 0, 0, 1);
   set_vec(col + 4, 8, 0, 0, 1);
   set_vec(col + 8, 16, 0, 0, 1);
   const float *in[2] = { pos, col };

   /* disabled plane: nothing happens */
   set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   CHECK(cap.num == 1, "plane off: %u", cap.num);

   /* enabled: [I_AB (0, -0.5), B, C, I_CA (0, 0)] */
   set_rast(draw, 1u << 3, true, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   CHECK(cap.num == 2, "user plane: %u", cap.num);
   if (cap.num == 2) {
      CHECKF(cap.prims[0].v[0].win[0], 0.0f, 1e-7f, "I_AB x");
      CHECKF(cap.prims[0].v[0].win[1], -0.5f, 1e-7f, "I_AB y");
      CHECKF(cap.prims[0].v[0].attr[1][0], 4.0f, 1e-6f, "I_AB attribute");
      CHECKF(cap.prims[1].v[2].win[0], 0.0f, 1e-7f, "I_CA x");
      CHECKF(cap.prims[1].v[2].win[1], 0.0f, 1e-7f, "I_CA y");
      CHECKF(cap.prims[1].v[2].attr[1][0], 8.0f, 1e-6f, "I_CA attribute");
   }

   /* unfilled: a user plane's new edge is drawn (4 lines) ... */
   set_rast(draw, 1u << 3, true, false, PIPE_POLYGON_MODE_LINE);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   CHECK(cap.num == 4, "user plane, unfilled: %u lines", cap.num);
   /* ... a view-volume plane's is not (3 lines): shift left by 1 */
   float pos2[12];
   memcpy(pos2, pos, sizeof(pos2));
   for (unsigned i = 0; i < 3; i++)
      pos2[4 * i] -= 1.0f;
   const float *in2[2] = { pos2, col };
   set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_LINE);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in2);
   CHECK(cap.num == 3, "view plane, unfilled: %u lines", cap.num);
   unsigned resets = 0;
   for (unsigned i = 0; i < cap.num; i++)
      resets += cap.prims[i].reset_line_stipple;
   CHECK(resets == 1 && cap.prims[0].reset_line_stipple, "stipple reset once per polygon");

   /* clip distances from the VS take over from the planes: distance in
    * input 2 (A -1, B 1, C 3) -> I_AB at t = 0.5 from B, I_CA at t = 0.75
    * from C */
   float dist[12];
   set_vec(dist + 0, -1, 0, 0, 0);
   set_vec(dist + 4, 1, 0, 0, 0);
   set_vec(dist + 8, 3, 0, 0, 0);
   const float *in3[3] = { pos, col, dist };
   vs->base.num_inputs = vs->base.num_outputs = 3;
   vs->out[2].semantic = IR_SEM_CLIP_DISTANCE;
   vs->out[2].comps = 1;
   draw_set_vertex_shader(draw, &vs->base);
   set_rast(draw, 1u << 0, true, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, in3);
   CHECK(cap.num == 2, "clip distance: %u", cap.num);
   if (cap.num == 2) {
      CHECKF(cap.prims[0].v[0].win[0], 0.0f, 1e-7f, "I_AB x");
      CHECKF(cap.prims[0].v[0].attr[1][0], 4.0f, 1e-6f, "I_AB attribute");
      CHECKF(cap.prims[1].v[2].win[0], -0.25f, 1e-6f, "I_CA x");
      CHECKF(cap.prims[1].v[2].win[1], -0.25f, 1e-6f, "I_CA y");
      CHECKF(cap.prims[1].v[2].attr[1][0], 4.0f, 1e-6f, "I_CA attribute");
   }
   /* distance 1 is not written: plane 1 enabled alone clips nothing */
   set_rast(draw, 1u << 1, true, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 3, in3);
   CHECK(cap.num == 1, "unwritten distance: %u", cap.num);

   vs->out[2].semantic = IR_SEM_GENERIC;
   vs->out[2].comps = 4;
   vs->base.num_inputs = vs->base.num_outputs = 2;
   draw_set_vertex_shader(draw, &vs->base);
   memset(&clip, 0, sizeof(clip));
   draw_set_clip_state(draw, &clip);
}

static void
test_points_and_w(struct draw_context *draw)
{
   float pos[12], col[12] = { 0 };
   set_vec(pos + 0, 0.5f, 0.5f, 0, 1);     /* inside */
   set_vec(pos + 4, 1.5f, 0.0f, 0, 1);     /* outside */
   set_vec(pos + 8, 0.0f, 0.0f, 0, -1);    /* behind the eye */
   const float *in[2] = { pos, col };
   set_rast(draw, 0, true, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_POINTS, 3, 2, in);
   CHECK(cap.num == 1 && cap.prims[0].kind == CAP_POINT, "points: %u", cap.num);

   /* a triangle through w <= 0 with depth clipping off stays finite */
   set_vec(pos + 0, -0.5f, -0.5f, 5, 1);
   set_vec(pos + 4, 0.5f, -0.5f, -3, 1);
   set_vec(pos + 8, 0.0f, 0.5f, 0, -1);
   set_rast(draw, 0, false, false, PIPE_POLYGON_MODE_FILL);
   cap_reset(&cap);
   draw_float_arrays(draw, PIPE_PRIM_TRIANGLES, 3, 2, in);
   CHECK(cap.num >= 1, "w <= 0: %u", cap.num);
   for (unsigned i = 0; i < cap.num; i++) {
      for (unsigned v = 0; v < 3; v++) {
         CHECK(cap.prims[i].v[v].clip[3] > 0.0f, "w %g", cap.prims[i].v[v].clip[3]);
         for (unsigned c = 0; c < 4; c++)
            CHECK(isfinite(cap.prims[i].v[v].win[c]), "finite window coordinates");
      }
   }
}

/* draw_clip_mask (computed plane by plane without a switch) against the
 * documented distances on random positions from values on and around the
 * planes, NaN and infinities included, with random halfz, depth clipping,
 * user planes and plane masks. */
static void
test_mask_random(struct draw_context *draw)
{
   static const float vals[] = { -2.0f, -1.0f, -0.5f, -1e-6f, 0.0f, 1e-7f, 1e-6f, 2e-6f, 0.5f,
                                 1.0f, 2.0f, NAN, INFINITY, -INFINITY };
   const unsigned nv = sizeof(vals) / sizeof(vals[0]);
   uint32_t r = 12345;
   float store[DRAW_MAX_STRIDE];
   memset(store, 0, sizeof(store));
   struct draw_vertex *v = (struct draw_vertex *)store;
   unsigned mismatches = 0;

   for (unsigned iter = 0; iter < 20000; iter++) {
#define NEXT() (r = r * 1664525u + 1013904223u, r >> 8)
      struct pipe_rasterizer_state rs;
      memset(&rs, 0, sizeof(rs));
      rs.point_size = rs.line_width = 1.0f;
      rs.clip_halfz = NEXT() & 1;
      rs.depth_clip_near = NEXT() & 1;
      rs.depth_clip_far = NEXT() & 1;
      rs.clip_plane_enable = NEXT() & 0xff;
      draw_set_rasterizer_state(draw, &rs);
      struct pipe_clip_state clip;
      for (unsigned p = 0; p < PIPE_MAX_CLIP_PLANES; p++)
         for (unsigned c = 0; c < 4; c++)
            clip.ucp[p][c] = vals[NEXT() % nv];
      draw_set_clip_state(draw, &clip);
      for (unsigned c = 0; c < 4; c++)
         v->clip[c] = vals[NEXT() % nv];
      unsigned planes = draw_clip_enabled_planes(draw);
      if (!(NEXT() & 1)) {
         planes = NEXT();
         planes |= NEXT() << 24;
      }
#undef NEXT
      const float *c = v->clip;
      float d[DRAW_NUM_PLANES];
      d[DRAW_PLANE_LEFT] = c[3] + c[0];
      d[DRAW_PLANE_RIGHT] = c[3] - c[0];
      d[DRAW_PLANE_BOTTOM] = c[3] + c[1];
      d[DRAW_PLANE_TOP] = c[3] - c[1];
      d[DRAW_PLANE_NEAR] = rs.clip_halfz ? c[2] : c[3] + c[2];
      d[DRAW_PLANE_FAR] = c[3] - c[2];
      d[DRAW_PLANE_GUARD_W] = c[3] - 1e-6f;
      for (unsigned p = 0; p < PIPE_MAX_CLIP_PLANES; p++) {
         const float *pl = clip.ucp[p];
         d[DRAW_PLANE_USER0 + p] = pl[0] * c[0] + pl[1] * c[1] + pl[2] * c[2] + pl[3] * c[3];
      }
      unsigned expect = 0;
      for (unsigned p = 0; p < DRAW_NUM_PLANES; p++)
         if ((planes & (1u << p)) && !(d[p] >= 0.0f))
            expect |= 1u << p;
      unsigned got = draw_clip_mask(draw, v, planes);
      if (got != expect && mismatches++ < 5)
         CHECK(got == expect, "mask %#x, expected %#x (planes %#x, clip %g %g %g %g)", got,
               expect, planes, (double)c[0], (double)c[1], (double)c[2], (double)c[3]);
   }
   CHECK(mismatches == 0, "%u masks differ", mismatches);
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

   test_view_planes(draw);
   test_perspective(draw, &vs);
   test_user_planes(draw, &vs);
   test_points_and_w(draw);
   test_mask_random(draw);

   draw_destroy(draw);
   return test_result("draw_clip");
}
