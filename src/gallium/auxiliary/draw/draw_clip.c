/*
 * draw: clipping in homogeneous clip coordinates.
 *
 * Planes: the view volume (-w <= x, y <= w; -w <= z <= w, or 0 <= z <= w
 * with clip_halfz; near and far only when depth_clip_near/far are set),
 * the user planes enabled by clip_plane_enable (the VS's clip distances
 * when it writes any, else dot(ucp[i], position)), and always a guard
 * plane w >= 1e-6 (applied first) so that nothing behind or at the eye
 * reaches the divide.
 *
 * Polygons are clipped plane by plane (Sutherland-Hodgman); segments by
 * their parameter range.  A new vertex on an edge is always computed from
 * the inside vertex toward the outside one, so the two triangles sharing
 * an edge get bit-identical new vertices.  Attributes are interpolated
 * linearly in clip space (perspective-correct), in window space for
 * noperspective outputs, and copied for flat and integer ones.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

#define DRAW_GUARD_W 1e-6f

/* The guard plane first: later planes then cut well-conditioned polygons. */
static const uint8_t plane_order[DRAW_NUM_PLANES] = {
   DRAW_PLANE_GUARD_W,
   DRAW_PLANE_LEFT, DRAW_PLANE_RIGHT, DRAW_PLANE_BOTTOM, DRAW_PLANE_TOP,
   DRAW_PLANE_NEAR, DRAW_PLANE_FAR,
   DRAW_PLANE_USER0 + 0, DRAW_PLANE_USER0 + 1, DRAW_PLANE_USER0 + 2, DRAW_PLANE_USER0 + 3,
   DRAW_PLANE_USER0 + 4, DRAW_PLANE_USER0 + 5, DRAW_PLANE_USER0 + 6, DRAW_PLANE_USER0 + 7,
};

unsigned
draw_clip_enabled_planes(const struct draw_context *draw)
{
   unsigned planes = (1u << DRAW_PLANE_LEFT) | (1u << DRAW_PLANE_RIGHT) |
                     (1u << DRAW_PLANE_BOTTOM) | (1u << DRAW_PLANE_TOP) |
                     (1u << DRAW_PLANE_GUARD_W);
   if (draw->rast.depth_clip_near)
      planes |= 1u << DRAW_PLANE_NEAR;
   if (draw->rast.depth_clip_far)
      planes |= 1u << DRAW_PLANE_FAR;
   planes |= (unsigned)draw->rast.clip_plane_enable << DRAW_PLANE_USER0;
   return planes;
}

static float
plane_distance(const struct draw_context *draw, const struct draw_vertex *v, unsigned p)
{
   const float *c = v->clip;
   switch (p) {
   case DRAW_PLANE_LEFT:   return c[3] + c[0];
   case DRAW_PLANE_RIGHT:  return c[3] - c[0];
   case DRAW_PLANE_BOTTOM: return c[3] + c[1];
   case DRAW_PLANE_TOP:    return c[3] - c[1];
   case DRAW_PLANE_NEAR:   return draw->rast.clip_halfz ? c[2] : c[3] + c[2];
   case DRAW_PLANE_FAR:    return c[3] - c[2];
   case DRAW_PLANE_GUARD_W:
      /* w >= DRAW_GUARD_W: nothing reaches the divide with w <= 0 or so
       * close to 0 that x / w would be noise */
      return c[3] - DRAW_GUARD_W;
   default: {
      unsigned u = p - DRAW_PLANE_USER0;
      if (draw->num_clipdist) {
         if (u >= draw->num_clipdist)
            return 0.0f;
         return v->attr[draw->clipdist_slot[u]][draw->clipdist_comp[u]];
      }
      const float *pl = draw->clip.ucp[u];
      return pl[0] * c[0] + pl[1] * c[1] + pl[2] * c[2] + pl[3] * c[3];
   }
   }
}

static bool
outside(float d)
{
   /* NaN distances count as outside: such vertices cannot be drawn */
   return !(d >= 0.0f);
}

/* The view-volume and guard planes of position (x, y, z, w) without the
 * per-plane switch: the distances of plane_distance, tested whether
 * enabled or not. */
static inline __attribute__((always_inline)) unsigned
volume_mask_halfz(bool halfz, float x, float y, float z, float w, unsigned planes)
{
   /* no branch: loops of these become vector compares */
   float wz = w + z, near = halfz ? z : wz;
   unsigned mask = (unsigned)outside(w + x) << DRAW_PLANE_LEFT |
                   (unsigned)outside(w - x) << DRAW_PLANE_RIGHT |
                   (unsigned)outside(w + y) << DRAW_PLANE_BOTTOM |
                   (unsigned)outside(w - y) << DRAW_PLANE_TOP |
                   (unsigned)outside(near) << DRAW_PLANE_NEAR |
                   (unsigned)outside(w - z) << DRAW_PLANE_FAR |
                   (unsigned)outside(w - DRAW_GUARD_W) << DRAW_PLANE_GUARD_W;
   return mask & planes;
}

static inline __attribute__((always_inline)) unsigned
volume_mask(const struct draw_context *draw, float x, float y, float z, float w,
            unsigned planes)
{
   return volume_mask_halfz(draw->rast.clip_halfz, x, y, z, w, planes);
}

static inline __attribute__((always_inline)) unsigned
vertex_mask(const struct draw_context *draw, const struct draw_vertex *v, unsigned planes)
{
   /* the view volume, then the user planes through plane_distance */
   const float *c = v->clip;
   unsigned mask = volume_mask(draw, c[0], c[1], c[2], c[3], planes);
   unsigned user = planes & (((1u << PIPE_MAX_CLIP_PLANES) - 1) << DRAW_PLANE_USER0);
   for (; user; user &= user - 1) {
      unsigned p = (unsigned)__builtin_ctz(user);
      if (outside(plane_distance(draw, v, p)))
         mask |= 1u << p;
   }
   return mask;
}

unsigned
draw_clip_mask(const struct draw_context *draw, const struct draw_vertex *v, unsigned planes)
{
   return vertex_mask(draw, v, planes);
}

void
draw_clip_masks(const struct draw_context *draw, const float *verts, unsigned n,
                unsigned planes, unsigned *masks)
{
   for (unsigned i = 0; i < n; i++)
      masks[i] = vertex_mask(draw, draw_vertex_at((float *)verts, draw->stride, i), planes);
}

/* A whole block of a constant width (the compiler's vectors). */
static inline __attribute__((always_inline)) void
block_masks(const struct draw_context *draw, const float *pos, unsigned width, unsigned planes,
            unsigned *masks)
{
   const bool halfz = draw->rast.clip_halfz;
   for (unsigned l = 0; l < width; l++)
      masks[l] = volume_mask_halfz(halfz, pos[l], pos[width + l], pos[2 * width + l],
                                   pos[3 * width + l], planes);
}

U_MULTIVERSION bool
draw_clip_masks_soa(const struct draw_context *draw, const float *pos, unsigned width,
                    unsigned n, unsigned planes, unsigned *masks)
{
   if (planes & (((1u << PIPE_MAX_CLIP_PLANES) - 1) << DRAW_PLANE_USER0))
      return false;
   /* every lane of the block (the padding lanes hold copies), then n */
   unsigned all[16];
   switch (width) {
   case 4: block_masks(draw, pos, 4, planes, all); break;
   case 8: block_masks(draw, pos, 8, planes, all); break;
   case 16: block_masks(draw, pos, 16, planes, all); break;
   default:
      for (unsigned l = 0; l < n; l++)
         all[l] = volume_mask(draw, pos[l], pos[width + l], pos[2 * width + l],
                              pos[3 * width + l], planes);
      break;
   }
   memcpy(masks, all, sizeof(unsigned) * n);
   return true;
}

void
draw_clip_interpolate(const struct draw_context *draw, struct draw_vertex *dst, float t,
                      const struct draw_vertex *a, const struct draw_vertex *b)
{
   float wa = a->clip[3], wb = b->clip[3];
   float wt = wa + t * (wb - wa);
   /* window-space parameter of the same point, for noperspective outputs */
   float s = wt != 0.0f ? t * wb / wt : t;

   for (unsigned c = 0; c < 4; c++)
      dst->clip[c] = a->clip[c] + t * (b->clip[c] - a->clip[c]);
   memset(dst->win, 0, sizeof(dst->win));
   for (unsigned i = 0; i < draw->num_attribs; i++) {
      switch (draw->interp[i]) {
      case DRAW_INTERP_PERSPECTIVE:
         for (unsigned c = 0; c < 4; c++)
            dst->attr[i][c] = a->attr[i][c] + t * (b->attr[i][c] - a->attr[i][c]);
         break;
      case DRAW_INTERP_LINEAR:
         for (unsigned c = 0; c < 4; c++)
            dst->attr[i][c] = a->attr[i][c] + s * (b->attr[i][c] - a->attr[i][c]);
         break;
      default:
         memcpy(dst->attr[i], a->attr[i], sizeof(dst->attr[i]));
         break;
      }
   }
}

/* The vertex where a->b crosses plane p, computed from the inside vertex. */
static void
intersect(const struct draw_context *draw, struct draw_vertex *dst, unsigned p,
          const struct draw_vertex *in, const struct draw_vertex *out)
{
   float din = plane_distance(draw, in, p);
   float dout = plane_distance(draw, out, p);
   float t = din / (din - dout);
   if (!(t >= 0.0f))
      t = 0.0f;
   if (t > 1.0f)
      t = 1.0f;
   draw_clip_interpolate(draw, dst, t, in, out);
}

static unsigned
popcount(unsigned x)
{
   unsigned n = 0;
   for (; x; x &= x - 1)
      n++;
   return n;
}

unsigned
draw_clip_polygon(const struct draw_context *draw, unsigned planes,
                  struct draw_vertex *const *in, const uint8_t *in_edge, unsigned n,
                  struct draw_vertex ***out, uint8_t **out_edge, void **alloc)
{
   unsigned np = popcount(planes);
   /* a convex polygon gains at most one vertex and needs at most two new
    * ones per plane; anything worse (non-convex input) is dropped */
   unsigned cap = n + np + 1;
   unsigned new_cap = 2 * np;
   size_t vbytes = sizeof(float) * draw->stride * (size_t)new_cap;
   size_t pbytes = sizeof(struct draw_vertex *) * cap;
   uint8_t *mem = malloc(vbytes + 2 * pbytes + 2 * (size_t)cap);

   *alloc = mem;
   *out = NULL;
   *out_edge = NULL;
   if (!mem)
      return 0;

   float *store = (float *)mem;
   struct draw_vertex **va = (struct draw_vertex **)(mem + vbytes);
   struct draw_vertex **vb = (struct draw_vertex **)(mem + vbytes + pbytes);
   uint8_t *ea = mem + vbytes + 2 * pbytes;
   uint8_t *eb = ea + cap;
   unsigned used = 0;

   for (unsigned i = 0; i < n; i++) {
      va[i] = in[i];
      ea[i] = in_edge ? in_edge[i] : 1;
   }

   for (unsigned pi = 0; pi < DRAW_NUM_PLANES && n >= 3; pi++) {
      unsigned p = plane_order[pi];
      if (!(planes & (1u << p)))
         continue;
      bool user = p >= DRAW_PLANE_USER0 && p < DRAW_PLANE_USER0 + PIPE_MAX_CLIP_PLANES;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         struct draw_vertex *cur = va[i], *next = va[(i + 1) % n];
         bool cur_in = !outside(plane_distance(draw, cur, p));
         bool next_in = !outside(plane_distance(draw, next, p));

         if (cur_in) {
            if (m >= cap)
               return 0;
            vb[m] = cur;
            eb[m++] = ea[i];
         }
         if (cur_in != next_in) {
            if (m >= cap || used >= new_cap)
               return 0;
            struct draw_vertex *nv = draw_vertex_at(store, draw->stride, used++);
            if (cur_in)
               intersect(draw, nv, p, cur, next);
            else
               intersect(draw, nv, p, next, cur);
            vb[m] = nv;
            /* leaving: the new edge runs along the plane; entering: it is
             * the rest of the original edge */
            eb[m++] = cur_in ? (user ? 1 : 0) : ea[i];
         }
      }
      n = m;
      struct draw_vertex **tv = va; va = vb; vb = tv;
      uint8_t *te = ea; ea = eb; eb = te;
   }
   *out = va;
   *out_edge = ea;
   return n;
}

bool
draw_clip_line(const struct draw_context *draw, unsigned planes,
               const struct draw_vertex *a, const struct draw_vertex *b,
               struct draw_vertex *store0, struct draw_vertex *store1,
               const struct draw_vertex **a_out, const struct draw_vertex **b_out)
{
   float t0 = 0.0f, t1 = 1.0f;

   for (unsigned pi = 0; pi < DRAW_NUM_PLANES; pi++) {
      unsigned p = plane_order[pi];
      if (!(planes & (1u << p)))
         continue;
      float da = plane_distance(draw, a, p);
      float db = plane_distance(draw, b, p);
      bool a_out_p = outside(da), b_out_p = outside(db);
      if (a_out_p && b_out_p)
         return false;
      if (a_out_p) {
         float t = da / (da - db);
         if (!(t == t))
            return false;
         if (t > t0)
            t0 = t;
      } else if (b_out_p) {
         float t = da / (da - db);
         if (!(t == t))
            return false;
         if (t < t1)
            t1 = t;
      }
   }
   if (t0 > t1)
      return false;
   *a_out = a;
   *b_out = b;
   if (t0 > 0.0f) {
      draw_clip_interpolate(draw, store0, t0, a, b);
      *a_out = store0;
   } else {
      draw_vertex_copy(draw, store0, a);
      *a_out = store0;
   }
   if (t1 < 1.0f) {
      draw_clip_interpolate(draw, store1, t1, a, b);
      *b_out = store1;
   } else {
      draw_vertex_copy(draw, store1, b);
      *b_out = store1;
   }
   return true;
}
