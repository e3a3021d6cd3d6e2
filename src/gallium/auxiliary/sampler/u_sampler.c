/*
 * Texture lookups: the request's ops, coordinates and LOD, filtering of one
 * or two mipmap levels, shadow comparison, swizzle and result conversion.
 */
#include "sampler/u_sampler_priv.h"

#include <math.h>
#include <string.h>

enum result_kind {
   RESULT_FLOAT = 0,
   RESULT_UINT,
   RESULT_SINT,
};

/* Per-lane coordinates after projection. */
struct lane {
   float c[3];          /* s, t, r (cube: direction) */
   float layer;         /* array layer coordinate (not projected) */
   float ref;           /* compare reference (projected) */
};

static unsigned
coord_dims(enum pipe_texture_target t)
{
   switch (t) {
   case PIPE_BUFFER:
   case PIPE_TEXTURE_1D:
   case PIPE_TEXTURE_1D_ARRAY:
      return 1;
   case PIPE_TEXTURE_3D:
   case PIPE_TEXTURE_CUBE:
   case PIPE_TEXTURE_CUBE_ARRAY:
      return 3;
   default:
      return 2;
   }
}

static bool
is_array(enum pipe_texture_target t)
{
   return t == PIPE_TEXTURE_1D_ARRAY || t == PIPE_TEXTURE_2D_ARRAY ||
          t == PIPE_TEXTURE_CUBE_ARRAY;
}

static bool
is_cube(enum pipe_texture_target t)
{
   return t == PIPE_TEXTURE_CUBE || t == PIPE_TEXTURE_CUBE_ARRAY;
}

static int
round_layer(float f, unsigned count)
{
   if (!(f == f) || count == 0)
      return 0;
   float r = floorf(f + 0.5f);
   if (r < 0.0f)
      return 0;
   if (r > (float)(count - 1))
      return (int)count - 1;
   return (int)r;
}

static bool
compare(unsigned func, float ref, float d)
{
   switch (func) {
   case PIPE_FUNC_NEVER:    return false;
   case PIPE_FUNC_LESS:     return ref < d;
   case PIPE_FUNC_EQUAL:    return ref == d;
   case PIPE_FUNC_LEQUAL:   return ref <= d;
   case PIPE_FUNC_GREATER:  return ref > d;
   case PIPE_FUNC_NOTEQUAL: return ref != d;
   case PIPE_FUNC_GEQUAL:   return ref >= d;
   case PIPE_FUNC_ALWAYS:
   default:                 return true;
   }
}

/* Where a lookup happens inside one level. */
struct site {
   unsigned level;
   int w, h, d;          /* the level's size */
   int layer;            /* absolute layer (arrays, non-array views: the view's first) */
   bool cube, seamless;
   unsigned face;
   float ref;
};

static void
texel(const struct u_sampler_ctx *ctx, const struct site *s, int x, int y, int z,
      union u_sampler_texel *out);

/* A texel outside a cube face with seamless filtering: the adjacent face's,
 * and for the corner texel, the average of its three neighbours. */
static void
cube_seam_texel(const struct u_sampler_ctx *ctx, const struct site *s, int x, int y,
                union u_sampler_texel *out)
{
   unsigned nface;
   int nx, ny;
   if (u_sampler_cube_neighbour(s->face, x, y, s->w, &nface, &nx, &ny)) {
      struct site ns = *s;
      ns.face = nface;
      texel(ctx, &ns, nx, ny, 0, out);
      return;
   }
   int cx = x < 0 ? 0 : (x >= s->w ? s->w - 1 : x);
   int cy = y < 0 ? 0 : (y >= s->h ? s->h - 1 : y);
   if (cx == x || cy == y || x < -1 || y < -1 || x > s->w || y > s->h) {
      memset(out, 0, sizeof(*out));
      return;
   }
   union u_sampler_texel a, b, c;
   texel(ctx, s, cx, y, 0, &a);
   texel(ctx, s, x, cy, 0, &b);
   texel(ctx, s, cx, cy, 0, &c);
   for (unsigned i = 0; i < 4; i++)
      out->f[i] = (a.f[i] + b.f[i] + c.f[i]) * (1.0f / 3.0f);
}

static void
texel(const struct u_sampler_ctx *ctx, const struct site *s, int x, int y, int z,
      union u_sampler_texel *out)
{
   bool outside = x < 0 || y < 0 || z < 0 || x >= s->w || y >= s->h || z >= s->d;
   if (outside && s->cube && s->seamless) {
      cube_seam_texel(ctx, s, x, y, out);
      return;
   }
   if (outside) {
      u_sampler_texel_border(ctx, out);
   } else {
      int zz = ctx->tex->target == PIPE_TEXTURE_3D ? z :
               s->layer + (s->cube ? (int)s->face : 0);
      u_sampler_texel_read(ctx, s->level, x, y, zz, out);
   }
   if (ctx->compare) {
      float d = out->f[0];
      float ref = s->ref;
      if (ctx->clamp_ref) {
         d = d < 0.0f ? 0.0f : (d > 1.0f ? 1.0f : d);
         ref = ref < 0.0f ? 0.0f : (ref > 1.0f ? 1.0f : ref);
      }
      float r = compare(ctx->state->compare_func, ref, d) ? 1.0f : 0.0f;
      out->f[0] = out->f[1] = out->f[2] = out->f[3] = r;
   }
}

static unsigned
wrap_mode(const struct u_sampler_ctx *ctx, unsigned axis)
{
   const struct pipe_sampler_state *st = ctx->state;
   unsigned w = !st ? PIPE_TEX_WRAP_CLAMP_TO_EDGE :
                axis == 0 ? st->wrap_s : axis == 1 ? st->wrap_t : st->wrap_r;
   return ctx->normalized ? w : u_sampler_wrap_unnormalized(w);
}

/* Filter one level at texel-space position u[] (offsets applied). */
static void
filter_level(const struct u_sampler_ctx *ctx, const struct site *s, unsigned dims,
             const float u[3], unsigned filter, union u_sampler_texel *out)
{
   const int size[3] = { s->w, s->h, s->d };
   unsigned wrap[3];
   for (unsigned i = 0; i < 3; i++)
      wrap[i] = wrap_mode(ctx, i);
   if (s->cube && s->seamless) {
      /* per-face clamping is replaced by the neighbouring faces */
      wrap[0] = wrap[1] = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   }

   bool integer = ctx->kind == U_SAMPLER_KIND_UINT || ctx->kind == U_SAMPLER_KIND_SINT;
   if (filter == PIPE_TEX_FILTER_NEAREST || integer) {
      int idx[3] = { 0, 0, 0 };
      for (unsigned i = 0; i < dims; i++)
         idx[i] = u_sampler_wrap_nearest(wrap[i], u[i], size[i]);
      texel(ctx, s, idx[0], idx[1], idx[2], out);
      return;
   }

   int i0[3] = { 0, 0, 0 }, i1[3] = { 0, 0, 0 };
   float w[3] = { 0.0f, 0.0f, 0.0f };
   for (unsigned i = 0; i < dims; i++) {
      if (s->cube && s->seamless) {
         /* unwrapped: one texel beyond an edge reads the adjacent face */
         float v = u[i];
         v = v < 0.0f ? 0.0f : (v > (float)size[i] ? (float)size[i] : v);
         if (!(v == v))
            v = 0.0f;
         v -= 0.5f;
         float fl = floorf(v);
         i0[i] = (int)fl;
         i1[i] = i0[i] + 1;
         w[i] = v - fl;
      } else {
         u_sampler_wrap_linear(wrap[i], u[i], size[i], &i0[i], &i1[i], &w[i]);
      }
   }

   float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
   unsigned corners = 1u << dims;
   for (unsigned k = 0; k < corners; k++) {
      float weight = 1.0f;
      int idx[3] = { 0, 0, 0 };
      for (unsigned i = 0; i < dims; i++) {
         bool hi = (k >> i) & 1;
         idx[i] = hi ? i1[i] : i0[i];
         weight *= hi ? w[i] : 1.0f - w[i];
      }
      if (weight == 0.0f)
         continue;
      union u_sampler_texel t;
      texel(ctx, s, idx[0], idx[1], idx[2], &t);
      for (unsigned c = 0; c < 4; c++)
         acc[c] += weight * t.f[c];
   }
   memcpy(out->f, acc, sizeof(acc));
}

static void
make_site(const struct u_sampler_ctx *ctx, unsigned level, int layer, unsigned face,
          float ref, struct site *s)
{
   unsigned w, h, d;
   u_sampler_level_size(ctx->tex, level, &w, &h, &d);
   s->level = level;
   s->w = (int)w;
   s->h = (int)h;
   s->d = (int)d;
   s->layer = layer;
   s->cube = is_cube(ctx->target);
   s->seamless = s->cube && ctx->state && ctx->state->seamless_cube_map;
   s->face = face;
   s->ref = ref;
}

/* Texel-space position of a lane on a level. */
static void
texel_position(const struct u_sampler_ctx *ctx, const struct site *s, const float c[3],
               const int32_t *offset, unsigned dims, float u[3])
{
   const int size[3] = { s->w, s->h, s->d };
   for (unsigned i = 0; i < 3; i++) {
      u[i] = 0.0f;
      if (i >= dims)
         continue;
      u[i] = ctx->normalized ? c[i] * (float)size[i] : c[i];
      if (offset)
         u[i] += (float)offset[i];
   }
}

static void
swizzle(const struct pipe_sampler_view *view, bool integer, union u_sampler_texel *v)
{
   const uint8_t sw[4] = { view->swizzle_r, view->swizzle_g, view->swizzle_b,
                           view->swizzle_a };
   union u_sampler_texel in = *v;
   for (unsigned i = 0; i < 4; i++) {
      switch (sw[i]) {
      case PIPE_SWIZZLE_X:
      case PIPE_SWIZZLE_Y:
      case PIPE_SWIZZLE_Z:
      case PIPE_SWIZZLE_W:
         v->u[i] = in.u[sw[i]];
         break;
      case PIPE_SWIZZLE_0:
         v->u[i] = 0;
         break;
      case PIPE_SWIZZLE_1:
         if (integer)
            v->u[i] = 1;
         else
            v->f[i] = 1.0f;
         break;
      default:
         v->u[i] = in.u[i];
         break;
      }
   }
}

/* Sample one lane with a given lambda. */
static void
sample_lane(const struct u_sampler_ctx *ctx, const struct lane *ln, float lambda,
            const int32_t *offset, union u_sampler_texel *out)
{
   const struct pipe_sampler_state *st = ctx->state;
   enum pipe_texture_target t = ctx->target;
   bool cube = is_cube(t);
   unsigned dims = cube ? 2 : coord_dims(t);
   float c[3] = { ln->c[0], ln->c[1], ln->c[2] };
   unsigned face = 0;
   int layer = (int)ctx->first_layer;

   if (cube) {
      struct u_sampler_cube_coord cc;
      u_sampler_cube_select(ln->c, &cc);
      face = cc.face;
      c[0] = cc.s < 0.0f ? 0.0f : (cc.s > 1.0f ? 1.0f : cc.s);
      c[1] = cc.t < 0.0f ? 0.0f : (cc.t > 1.0f ? 1.0f : cc.t);
      c[2] = 0.0f;
      offset = NULL;
      if (t == PIPE_TEXTURE_CUBE_ARRAY)
         layer += 6 * round_layer(ln->layer, ctx->num_layers / 6);
   } else if (is_array(t)) {
      layer += round_layer(ln->layer, ctx->num_layers);
   }

   struct u_sampler_levels lv;
   u_sampler_select_levels(ctx, lambda, &lv);
   unsigned filter = lv.mag ? st->mag_img_filter : st->min_img_filter;

   struct site s;
   float u[3];
   make_site(ctx, lv.level0, layer, face, ln->ref, &s);
   texel_position(ctx, &s, c, offset, dims, u);
   filter_level(ctx, &s, dims, u, filter, out);
   if (!lv.mag && lv.level1 != lv.level0 && lv.weight > 0.0f) {
      union u_sampler_texel b;
      make_site(ctx, lv.level1, layer, face, ln->ref, &s);
      texel_position(ctx, &s, c, offset, dims, u);
      filter_level(ctx, &s, dims, u, filter, &b);
      for (unsigned i = 0; i < 4; i++)
         out->f[i] = out->f[i] * (1.0f - lv.weight) + b.f[i] * lv.weight;
   }
}

/* textureGather: one component of the four texels of the LINEAR footprint
 * at the base level. */
static void
gather_lane(const struct u_sampler_ctx *ctx, const struct lane *ln, const int32_t *offset,
            unsigned comp, bool integer, union u_sampler_texel *out)
{
   enum pipe_texture_target t = ctx->target;
   bool cube = is_cube(t);
   float c[3] = { ln->c[0], ln->c[1], 0.0f };
   unsigned face = 0;
   int layer = (int)ctx->first_layer;
   memset(out, 0, sizeof(*out));
   if (coord_dims(t) != 2 && !cube)
      return;
   if (cube) {
      struct u_sampler_cube_coord cc;
      u_sampler_cube_select(ln->c, &cc);
      face = cc.face;
      c[0] = cc.s < 0.0f ? 0.0f : (cc.s > 1.0f ? 1.0f : cc.s);
      c[1] = cc.t < 0.0f ? 0.0f : (cc.t > 1.0f ? 1.0f : cc.t);
      offset = NULL;
      if (t == PIPE_TEXTURE_CUBE_ARRAY)
         layer += 6 * round_layer(ln->layer, ctx->num_layers / 6);
   } else if (is_array(t)) {
      layer += round_layer(ln->layer, ctx->num_layers);
   }
   struct site s;
   float u[3];
   make_site(ctx, ctx->base_level, layer, face, ln->ref, &s);
   texel_position(ctx, &s, c, offset, 2, u);
   int i0[2], i1[2];
   for (unsigned i = 0; i < 2; i++) {
      float w;
      int size = i ? s.h : s.w;
      if (s.seamless) {
         float v = u[i] < 0.0f ? 0.0f : (u[i] > (float)size ? (float)size : u[i]);
         if (!(v == v))
            v = 0.0f;
         i0[i] = (int)floorf(v - 0.5f);
         i1[i] = i0[i] + 1;
      } else {
         u_sampler_wrap_linear(wrap_mode(ctx, i), u[i], size, &i0[i], &i1[i], &w);
      }
   }
   const int order[4][2] = { { i0[0], i1[1] }, { i1[0], i1[1] }, { i1[0], i0[1] },
                             { i0[0], i0[1] } };
   for (unsigned k = 0; k < 4; k++) {
      union u_sampler_texel tx;
      texel(ctx, &s, order[k][0], order[k][1], 0, &tx);
      swizzle(ctx->view, integer, &tx);
      out->u[k] = tx.u[comp & 3];
   }
}

/* lambda_base of one lane from derivatives of its (projected) coordinates. */
static float
lane_lambda_base(const struct u_sampler_ctx *ctx, const struct lane *ln,
                 const float dx[3], const float dy[3])
{
   unsigned w, h, d;
   u_sampler_level_size(ctx->tex, ctx->base_level, &w, &h, &d);
   float size[3] = { (float)w, (float)h, (float)d };
   if (!ctx->normalized)
      size[0] = size[1] = size[2] = 1.0f;
   if (is_cube(ctx->target)) {
      struct u_sampler_cube_coord cc;
      u_sampler_cube_select(ln->c, &cc);
      float fdx[3] = { 0.0f, 0.0f, 0.0f }, fdy[3] = { 0.0f, 0.0f, 0.0f };
      u_sampler_cube_deriv(&cc, ln->c, dx, fdx);
      u_sampler_cube_deriv(&cc, ln->c, dy, fdy);
      return u_sampler_lambda_from_derivs(fdx, fdy, size, 2);
   }
   return u_sampler_lambda_from_derivs(dx, dy, size, coord_dims(ctx->target));
}

static void
result_zero(union u_sampler_texel res[U_SAMPLER_LANES])
{
   memset(res, 0, sizeof(union u_sampler_texel) * U_SAMPLER_LANES);
}

static void
fetch_lane(const struct u_sampler_ctx *ctx, const struct u_sample_request *req,
           unsigned l, union u_sampler_texel *out)
{
   enum pipe_texture_target t = ctx->target;
   int32_t p[4];
   memcpy(p, req->icoord[l], sizeof(p));
   memset(out, 0, sizeof(*out));
   if (req->has_offset && t != PIPE_BUFFER) {
      for (unsigned i = 0; i < 3; i++)
         p[i] += req->offset[l][i];
   }

   if (t == PIPE_BUFFER) {
      unsigned bs = ctx->desc->block_bytes;
      const struct pipe_sampler_view *v = ctx->view;
      uint64_t count = v->buf_size ? v->buf_size / bs :
                       (ctx->tex->width0 > v->buf_offset ?
                        (ctx->tex->width0 - v->buf_offset) / bs : 0);
      if (p[0] < 0 || (uint64_t)p[0] >= count || v->buf_offset % bs)
         return;
      uint64_t e = v->buf_offset / bs + (uint64_t)p[0];
      if ((e + 1) * bs > ctx->tex->width0 || e > INT32_MAX)
         return;
      u_sampler_texel_read(ctx, 0, (int)e, 0, 0, out);
      return;
   }

   unsigned level = ctx->base_level;
   if (t != PIPE_TEXTURE_RECT) {
      int64_t lv = (int64_t)ctx->base_level + req->ilod[l];
      if (req->ilod[l] < 0 || lv > (int64_t)ctx->max_level)
         return;
      level = (unsigned)lv;
   }
   unsigned w, h, d;
   u_sampler_level_size(ctx->tex, level, &w, &h, &d);
   int x = p[0], y = 0, z = 0;
   int layer = -1;
   switch (t) {
   case PIPE_TEXTURE_1D:
      break;
   case PIPE_TEXTURE_1D_ARRAY:
      layer = p[1];
      break;
   case PIPE_TEXTURE_3D:
      y = p[1];
      z = p[2];
      break;
   case PIPE_TEXTURE_2D_ARRAY:
   case PIPE_TEXTURE_CUBE:
   case PIPE_TEXTURE_CUBE_ARRAY:
      y = p[1];
      layer = p[2];
      break;
   default:
      y = p[1];
      break;
   }
   if (x < 0 || y < 0 || z < 0 || (unsigned)x >= w || (unsigned)y >= h || (unsigned)z >= d)
      return;
   if (layer >= 0 && (unsigned)layer >= ctx->num_layers)
      return;
   if (layer < -1 || (layer == -1 && (t == PIPE_TEXTURE_1D_ARRAY ||
                                      t == PIPE_TEXTURE_2D_ARRAY || is_cube(t))))
      return;
   int zz = t == PIPE_TEXTURE_3D ? z : (int)ctx->first_layer + (layer < 0 ? 0 : layer);
   unsigned samples = ctx->tex->nr_samples > 1 ? ctx->tex->nr_samples : 1;
   if (samples > 1) {
      /* multisample: the samples of layer zz are slices zz * samples + s */
      if (req->sample[l] < 0 || (unsigned)req->sample[l] >= samples)
         return;
      zz = zz * (int)samples + req->sample[l];
   }
   u_sampler_texel_read(ctx, level, x, y, zz, out);
}

/* The whole request into per-lane texels; returns what kind they are. */
static enum result_kind
sample(const struct u_sampler_texture *tex, const struct pipe_sampler_view *view,
       const struct pipe_sampler_state *sampler, const struct u_sample_request *req,
       union u_sampler_texel res[U_SAMPLER_LANES])
{
   struct u_sampler_ctx ctx;
   result_zero(res);
   if (!req)
      return RESULT_FLOAT;
   if (!u_sampler_ctx_init(&ctx, tex, view, sampler)) {
      return req->op == U_SAMPLE_SIZE || req->op == U_SAMPLE_LEVELS ? RESULT_SINT :
                                                                      RESULT_FLOAT;
   }
   enum result_kind kind = ctx.kind == U_SAMPLER_KIND_UINT ? RESULT_UINT :
                           ctx.kind == U_SAMPLER_KIND_SINT ? RESULT_SINT : RESULT_FLOAT;
   if (ctx.compare)
      kind = RESULT_FLOAT;
   bool integer = kind != RESULT_FLOAT;

   switch (req->op) {
   case U_SAMPLE_SIZE:
      for (unsigned l = 0; l < U_SAMPLER_LANES; l++)
         u_sampler_texture_size(tex, view, req->ilod[l], res[l].i);
      return RESULT_SINT;
   case U_SAMPLE_LEVELS:
      for (unsigned l = 0; l < U_SAMPLER_LANES; l++)
         res[l].i[0] = (int32_t)u_sampler_view_levels(tex, view);
      return RESULT_SINT;
   case U_SAMPLE_FETCH:
      ctx.compare = false;
      for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
         if (!(req->lane_mask & (1u << l)))
            continue;
         fetch_lane(&ctx, req, l, &res[l]);
         swizzle(view, integer, &res[l]);
      }
      return ctx.kind == U_SAMPLER_KIND_UINT ? RESULT_UINT :
             ctx.kind == U_SAMPLER_KIND_SINT ? RESULT_SINT : RESULT_FLOAT;
   default:
      break;
   }
   if (!sampler || ctx.target == PIPE_BUFFER)
      return kind;

   /* Projection and the per-lane coordinates. */
   enum pipe_texture_target t = ctx.target;
   unsigned n = coord_dims(t);
   struct lane ln[U_SAMPLER_LANES];
   for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
      const float *c = req->coord[l];
      float q = req->has_proj ? req->proj[l] : 1.0f;
      float inv = q != 0.0f ? 1.0f / q : INFINITY;
      for (unsigned i = 0; i < 3; i++)
         ln[l].c[i] = i < n ? (req->has_proj ? c[i] * inv : c[i]) : 0.0f;
      ln[l].layer = is_array(t) ? c[n] : 0.0f;
      ln[l].ref = req->has_proj ? req->compare[l] * inv : req->compare[l];
   }

   /* Derivatives. */
   if (req->op == U_SAMPLE_GATHER) {
      for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
         if (req->lane_mask & (1u << l))
            gather_lane(&ctx, &ln[l], req->has_offset ? req->offset[l] : NULL,
                        req->gather_comp, integer, &res[l]);
      }
      return kind;
   }

   float dx[U_SAMPLER_LANES][3], dy[U_SAMPLER_LANES][3];
   memset(dx, 0, sizeof(dx));
   memset(dy, 0, sizeof(dy));
   bool implicit = req->op == U_SAMPLE_IMPLICIT || req->op == U_SAMPLE_BIAS ||
                   req->op == U_SAMPLE_QUERY_LOD;
   for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
      for (unsigned i = 0; i < 3 && i < n; i++) {
         if (implicit && req->has_derivs) {
            dx[l][i] = req->ddx[l][i];
            dy[l][i] = req->ddy[l][i];
         } else if (implicit && req->quad) {
            dx[l][i] = ln[1].c[i] - ln[0].c[i];
            dy[l][i] = ln[2].c[i] - ln[0].c[i];
         } else if (req->op == U_SAMPLE_GRAD) {
            dx[l][i] = req->ddx[l][i];
            dy[l][i] = req->ddy[l][i];
         }
      }
   }

   for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
      if (!(req->lane_mask & (1u << l)))
         continue;
      float base;
      if (req->op == U_SAMPLE_LOD)
         base = req->lod[l];
      else
         base = lane_lambda_base(&ctx, &ln[l], dx[l], dy[l]);
      float lambda = base + sampler->lod_bias + req->bias[l];
      if (req->op == U_SAMPLE_BIAS)
         lambda += req->lod[l];
      float clamped = u_sampler_lambda_clamp(sampler, lambda);

      if (req->op == U_SAMPLE_QUERY_LOD) {
         struct u_sampler_levels lv;
         u_sampler_select_levels(&ctx, clamped, &lv);
         float x = 0.0f;
         if (!lv.mag && sampler->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR)
            x = (float)(lv.level0 - ctx.base_level) + lv.weight;
         else if (!lv.mag && sampler->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST)
            x = (float)(lv.level0 - ctx.base_level);
         memset(&res[l], 0, sizeof(res[l]));
         res[l].f[0] = x;
         res[l].f[1] = lambda == lambda ? lambda : 0.0f;
         continue;
      }
      sample_lane(&ctx, &ln[l], clamped, req->has_offset ? req->offset[l] : NULL, &res[l]);
      swizzle(view, integer, &res[l]);
   }
   return req->op == U_SAMPLE_QUERY_LOD ? RESULT_FLOAT : kind;
}

static float
to_float(enum result_kind k, const union u_sampler_texel *v, unsigned i)
{
   switch (k) {
   case RESULT_UINT: return (float)v->u[i];
   case RESULT_SINT: return (float)v->i[i];
   default:          return v->f[i];
   }
}

static uint32_t
to_uint(enum result_kind k, const union u_sampler_texel *v, unsigned i)
{
   if (k != RESULT_FLOAT)
      return v->u[i];
   float f = v->f[i];
   if (!(f > 0.0f))
      return 0;
   if (f >= 4294967295.0f)
      return UINT32_MAX;
   return (uint32_t)f;
}

static int32_t
to_int(enum result_kind k, const union u_sampler_texel *v, unsigned i)
{
   if (k != RESULT_FLOAT)
      return v->i[i];
   float f = v->f[i];
   if (!(f == f))
      return 0;
   if (f >= 2147483647.0f)
      return INT32_MAX;
   if (f <= -2147483648.0f)
      return INT32_MIN;
   return (int32_t)f;
}

void
u_sampler_sample(const struct u_sampler_texture *tex,
                 const struct pipe_sampler_view *view,
                 const struct pipe_sampler_state *sampler,
                 const struct u_sample_request *req,
                 float out[U_SAMPLER_LANES][4])
{
   union u_sampler_texel res[U_SAMPLER_LANES];
   enum result_kind k = sample(tex, view, sampler, req, res);
   for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
      if (req && (req->lane_mask & (1u << l))) {
         for (unsigned i = 0; i < 4; i++)
            out[l][i] = to_float(k, &res[l], i);
      }
   }
}

void
u_sampler_sample_uint(const struct u_sampler_texture *tex,
                      const struct pipe_sampler_view *view,
                      const struct pipe_sampler_state *sampler,
                      const struct u_sample_request *req,
                      uint32_t out[U_SAMPLER_LANES][4])
{
   union u_sampler_texel res[U_SAMPLER_LANES];
   enum result_kind k = sample(tex, view, sampler, req, res);
   for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
      if (req && (req->lane_mask & (1u << l))) {
         for (unsigned i = 0; i < 4; i++)
            out[l][i] = to_uint(k, &res[l], i);
      }
   }
}

void
u_sampler_sample_int(const struct u_sampler_texture *tex,
                     const struct pipe_sampler_view *view,
                     const struct pipe_sampler_state *sampler,
                     const struct u_sample_request *req,
                     int32_t out[U_SAMPLER_LANES][4])
{
   union u_sampler_texel res[U_SAMPLER_LANES];
   enum result_kind k = sample(tex, view, sampler, req, res);
   for (unsigned l = 0; l < U_SAMPLER_LANES; l++) {
      if (req && (req->lane_mask & (1u << l))) {
         for (unsigned i = 0; i < 4; i++)
            out[l][i] = to_int(k, &res[l], i);
      }
   }
}

unsigned
u_sampler_texture_size(const struct u_sampler_texture *tex,
                       const struct pipe_sampler_view *view,
                       int lod, int32_t size[4])
{
   struct u_sampler_ctx ctx;
   size[0] = size[1] = size[2] = size[3] = 0;
   if (!u_sampler_ctx_init(&ctx, tex, view, NULL))
      return 0;
   enum pipe_texture_target t = ctx.target;
   if (t == PIPE_BUFFER) {
      unsigned bs = ctx.desc->block_bytes;
      unsigned bytes = view->buf_size ? view->buf_size :
                       (tex->width0 > view->buf_offset ? tex->width0 - view->buf_offset : 0);
      size[0] = (int32_t)(bytes / bs);
      return 1;
   }
   if (t == PIPE_TEXTURE_RECT)
      lod = 0;
   if (lod < 0 || (int64_t)ctx.base_level + lod > (int64_t)ctx.max_level)
      return 0;
   unsigned w, h, d;
   u_sampler_level_size(tex, ctx.base_level + (unsigned)lod, &w, &h, &d);
   switch (t) {
   case PIPE_TEXTURE_1D:
      size[0] = (int32_t)w;
      return 1;
   case PIPE_TEXTURE_1D_ARRAY:
      size[0] = (int32_t)w;
      size[1] = (int32_t)ctx.num_layers;
      return 2;
   case PIPE_TEXTURE_3D:
      size[0] = (int32_t)w;
      size[1] = (int32_t)h;
      size[2] = (int32_t)d;
      return 3;
   case PIPE_TEXTURE_2D_ARRAY:
      size[0] = (int32_t)w;
      size[1] = (int32_t)h;
      size[2] = (int32_t)ctx.num_layers;
      return 3;
   case PIPE_TEXTURE_CUBE_ARRAY:
      size[0] = (int32_t)w;
      size[1] = (int32_t)h;
      size[2] = (int32_t)(ctx.num_layers / 6);
      return 3;
   default:
      size[0] = (int32_t)w;
      size[1] = (int32_t)h;
      return 2;
   }
}

unsigned
u_sampler_view_levels(const struct u_sampler_texture *tex,
                      const struct pipe_sampler_view *view)
{
   struct u_sampler_ctx ctx;
   if (!u_sampler_ctx_init(&ctx, tex, view, NULL))
      return 0;
   return ctx.max_level - ctx.base_level + 1;
}

void
u_sampler_default_view(const struct u_sampler_texture *tex,
                       struct pipe_sampler_view *view)
{
   memset(view, 0, sizeof(*view));
   if (!tex)
      return;
   view->format = tex->format;
   view->target = tex->target;
   view->first_level = 0;
   view->last_level = tex->last_level;
   view->first_layer = 0;
   view->last_layer = tex->array_size ? tex->array_size - 1 : 0;
   view->swizzle_r = PIPE_SWIZZLE_X;
   view->swizzle_g = PIPE_SWIZZLE_Y;
   view->swizzle_b = PIPE_SWIZZLE_Z;
   view->swizzle_a = PIPE_SWIZZLE_W;
}
