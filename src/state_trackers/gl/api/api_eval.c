/*
 * Evaluators (GL 2.1 section 5.1): glMap1/2, glGetMap, glMapGrid1/2,
 * glEvalCoord1/2, glEvalPoint1/2, glEvalMesh1/2.
 *
 * Maps are evaluated on the CPU (Bernstein polynomials in double
 * precision) and the results go into the immediate-mode batch
 * (st_immediate_vertex) as glVertex/glNormal/glColor/glTexCoord would,
 * except that the current values are left unchanged (5.1).  Colour-index
 * maps are stored and queried but have no effect in RGBA mode.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "st_draw.h"
#include "st_eval.h"
#include "util/u_unaligned.h"

/* Components of the maps, in GL_MAP?_COLOR_4 .. GL_MAP?_VERTEX_4 order. */
static const unsigned map_k[ST_EVAL_NUM_TARGETS] = { 4, 1, 3, 1, 2, 3, 4, 3, 4 };
enum { M_COLOR, M_INDEX, M_NORMAL, M_TC1, M_TC2, M_TC3, M_TC4, M_V3, M_V4 };

/* The initial control point of each map (GL 2.1 table 5.1 / 6.x). */
static const float map_default[ST_EVAL_NUM_TARGETS][4] = {
   { 1, 1, 1, 1 }, { 1, 0, 0, 0 }, { 0, 0, 1, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 },
   { 0, 0, 0, 0 }, { 0, 0, 0, 1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 1 },
};

void
st_eval_grid_init(struct st_eval_grid *g)
{
   g->un1 = 1;
   g->u1_1 = 0.0f;
   g->u2_1 = 1.0f;
   g->un2 = g->vn2 = 1;
   g->u1_2 = g->v1_2 = 0.0f;
   g->u2_2 = g->v2_2 = 1.0f;
}

void
st_eval_destroy(struct st_context *ctx)
{
   struct st_eval_maps *m = ctx->eval_maps;
   if (!m)
      return;
   for (unsigned i = 0; i < ST_EVAL_NUM_TARGETS; i++) {
      free(m->map1[i].points);
      free(m->map2[i].points);
   }
   free(m);
   ctx->eval_maps = NULL;
}

/* Index of a GL_MAP1_* (dim 1) or GL_MAP2_* (dim 2) target, -1 if none. */
static int
target_index(GLenum target, unsigned dim)
{
   GLenum first = dim == 1 ? GL_MAP1_COLOR_4 : GL_MAP2_COLOR_4;
   if (target < first || target > first + ST_EVAL_NUM_TARGETS - 1)
      return -1;
   return (int)(target - first);
}

/* The maps, created with their initial values on first use (NULL: out of
 * memory, error raised). */
static struct st_eval_maps *
get_maps(struct st_context *ctx, const char *where)
{
   if (ctx->eval_maps)
      return ctx->eval_maps;
   struct st_eval_maps *m = calloc(1, sizeof *m);
   if (!m) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return NULL;
   }
   for (unsigned i = 0; i < ST_EVAL_NUM_TARGETS; i++) {
      struct st_eval_map *a[2] = { &m->map1[i], &m->map2[i] };
      for (unsigned j = 0; j < 2; j++) {
         a[j]->uorder = a[j]->vorder = 1;
         a[j]->u1 = a[j]->v1 = 0.0f;
         a[j]->u2 = a[j]->v2 = 1.0f;
      }
   }
   ctx->eval_maps = m;
   return m;
}

static const float *
map_points(const struct st_eval_map *m, int idx)
{
   return m->points ? m->points : map_default[idx];
}

GLenum
st_eval_map_check(unsigned dim, GLenum target, double u1, double u2, GLint ustride,
                  GLint uorder, double v1, double v2, GLint vstride, GLint vorder, unsigned *k)
{
   int idx = target_index(target, dim);
   *k = idx < 0 ? 0 : map_k[idx];
   if (idx < 0)
      return GL_INVALID_ENUM;
   if (uorder < 1 || uorder > ST_MAX_EVAL_ORDER || ustride < (GLint)*k || u1 == u2)
      return GL_INVALID_VALUE;
   if (dim == 2 && (vorder < 1 || vorder > ST_MAX_EVAL_ORDER || vstride < (GLint)*k || v1 == v2))
      return GL_INVALID_VALUE;
   return GL_NO_ERROR;
}

/* glMap1/glMap2 after the common checks; pf or pd holds the points. */
static void
define_map(unsigned dim, GLenum target, double u1, double u2, GLint ustride, GLint uorder,
           double v1, double v2, GLint vstride, GLint vorder, const GLfloat *pf,
           const GLdouble *pd, const char *where)
{
   ST_ENTRY(ctx);
   unsigned uk;
   GLenum err = st_eval_map_check(dim, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder,
                                  &uk);
   if (err) {
      st_error(ctx, err, where);
      return;
   }
   int idx = target_index(target, dim);
   GLint k = (GLint)uk;
   /* GL 2.1 F.2.13 (multitexture): maps are defined with unit 0 active */
   if (ctx->texture.active_unit != 0) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (!pf && !pd)
      return;   /* no points: nothing GL could read (robustness) */
   struct st_eval_maps *maps = get_maps(ctx, where);
   if (!maps)
      return;
   if (dim == 1) {
      vorder = 1;
      vstride = k;
   }
   size_t n = (size_t)uorder * (size_t)vorder * (size_t)k;
   float *p = malloc(n * sizeof *p);
   if (!p) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return;
   }
   float *dst = p;
   for (GLint i = 0; i < uorder; i++)
      for (GLint j = 0; j < vorder; j++)
         for (GLint c = 0; c < k; c++) {
            size_t s = (size_t)i * (size_t)ustride + (size_t)j * (size_t)vstride + (size_t)c;
            *dst++ = pf ? u_load_f32(pf + s) : (float)u_load_f64(pd + s);   /* client memory: any alignment */
         }
   struct st_eval_map *m = dim == 1 ? &maps->map1[idx] : &maps->map2[idx];
   free(m->points);
   m->points = p;
   m->uorder = uorder;
   m->vorder = vorder;
   m->u1 = (float)u1;
   m->u2 = (float)u2;
   m->v1 = dim == 2 ? (float)v1 : 0.0f;
   m->v2 = dim == 2 ? (float)v2 : 1.0f;
}

void GLAPIENTRY
api_glMap1f(GLenum target, GLfloat u1, GLfloat u2, GLint stride, GLint order,
            const GLfloat *points)
{
   define_map(1, target, u1, u2, stride, order, 0, 1, 0, 1, points, NULL, "glMap1f");
}

void GLAPIENTRY
api_glMap1d(GLenum target, GLdouble u1, GLdouble u2, GLint stride, GLint order,
            const GLdouble *points)
{
   define_map(1, target, u1, u2, stride, order, 0, 1, 0, 1, NULL, points, "glMap1d");
}

void GLAPIENTRY
api_glMap2f(GLenum target, GLfloat u1, GLfloat u2, GLint ustride, GLint uorder, GLfloat v1,
            GLfloat v2, GLint vstride, GLint vorder, const GLfloat *points)
{
   define_map(2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points, NULL,
              "glMap2f");
}

void GLAPIENTRY
api_glMap2d(GLenum target, GLdouble u1, GLdouble u2, GLint ustride, GLint uorder,
            GLdouble v1, GLdouble v2, GLint vstride, GLint vorder, const GLdouble *points)
{
   define_map(2, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, NULL, points,
              "glMap2d");
}

/* --- glGetMap ------------------------------------------------------------------ */

/* Writes the values of a query as doubles; returns their count (0: error raised). */
static unsigned
get_map(GLenum target, GLenum query, double *out, unsigned max, const char *where)
{
   ST_ENTRY_RET(ctx, 0);
   unsigned dim = 1;
   int idx = target_index(target, 1);
   if (idx < 0) {
      dim = 2;
      idx = target_index(target, 2);
   }
   if (idx < 0 || (query != GL_COEFF && query != GL_ORDER && query != GL_DOMAIN)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return 0;
   }
   struct st_eval_maps *maps = get_maps(ctx, where);
   if (!maps)
      return 0;
   const struct st_eval_map *m = dim == 1 ? &maps->map1[idx] : &maps->map2[idx];
   unsigned n = 0;
   switch (query) {
   case GL_ORDER:
      out[n++] = m->uorder;
      if (dim == 2)
         out[n++] = m->vorder;
      break;
   case GL_DOMAIN:
      out[n++] = m->u1;
      out[n++] = m->u2;
      if (dim == 2) {
         out[n++] = m->v1;
         out[n++] = m->v2;
      }
      break;
   default: {
      const float *p = map_points(m, idx);
      unsigned total = (unsigned)m->uorder * (unsigned)m->vorder * map_k[idx];
      for (unsigned i = 0; i < total && n < max; i++)
         out[n++] = p[i];
      break;
   }
   }
   return n;
}

#define GETMAP_MAX (ST_MAX_EVAL_ORDER * ST_MAX_EVAL_ORDER * 4)

void GLAPIENTRY
api_glGetMapdv(GLenum target, GLenum query, GLdouble *v)
{
   double *tmp = malloc(GETMAP_MAX * sizeof *tmp);
   if (!tmp)
      return;
   unsigned n = get_map(target, query, tmp, GETMAP_MAX, "glGetMapdv");
   for (unsigned i = 0; v && i < n; i++)
      v[i] = tmp[i];
   free(tmp);
}

void GLAPIENTRY
api_glGetMapfv(GLenum target, GLenum query, GLfloat *v)
{
   double *tmp = malloc(GETMAP_MAX * sizeof *tmp);
   if (!tmp)
      return;
   unsigned n = get_map(target, query, tmp, GETMAP_MAX, "glGetMapfv");
   for (unsigned i = 0; v && i < n; i++)
      v[i] = (GLfloat)tmp[i];
   free(tmp);
}

void GLAPIENTRY
api_glGetMapiv(GLenum target, GLenum query, GLint *v)
{
   double *tmp = malloc(GETMAP_MAX * sizeof *tmp);
   if (!tmp)
      return;
   unsigned n = get_map(target, query, tmp, GETMAP_MAX, "glGetMapiv");
   for (unsigned i = 0; v && i < n; i++)
      v[i] = st_get_float_to_int(tmp[i]);   /* 6.1.2: rounded to the nearest integer */
   free(tmp);
}

/* --- grids ----------------------------------------------------------------------- */

void GLAPIENTRY
api_glMapGrid1f(GLint un, GLfloat u1, GLfloat u2)
{
   ST_ENTRY(ctx);
   if (un <= 0) {
      st_error(ctx, GL_INVALID_VALUE, "glMapGrid1");
      return;
   }
   ctx->eval_grid.un1 = un;
   ctx->eval_grid.u1_1 = u1;
   ctx->eval_grid.u2_1 = u2;
}

void GLAPIENTRY
api_glMapGrid1d(GLint un, GLdouble u1, GLdouble u2)
{
   api_glMapGrid1f(un, (GLfloat)u1, (GLfloat)u2);
}

void GLAPIENTRY
api_glMapGrid2f(GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1, GLfloat v2)
{
   ST_ENTRY(ctx);
   if (un <= 0 || vn <= 0) {
      st_error(ctx, GL_INVALID_VALUE, "glMapGrid2");
      return;
   }
   struct st_eval_grid *g = &ctx->eval_grid;
   g->un2 = un;
   g->u1_2 = u1;
   g->u2_2 = u2;
   g->vn2 = vn;
   g->v1_2 = v1;
   g->v2_2 = v2;
}

void GLAPIENTRY
api_glMapGrid2d(GLint un, GLdouble u1, GLdouble u2, GLint vn, GLdouble v1, GLdouble v2)
{
   api_glMapGrid2f(un, (GLfloat)u1, (GLfloat)u2, vn, (GLfloat)v1, (GLfloat)v2);
}

bool
st_eval_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count, double d[4])
{
   const struct st_eval_grid *g = &ctx->eval_grid;
   switch (pname) {
   case GL_MAX_EVAL_ORDER:
      *kind = 0;
      *count = 1;
      d[0] = ST_MAX_EVAL_ORDER;
      return true;
   case GL_MAP1_GRID_SEGMENTS:
      *kind = 0;
      *count = 1;
      d[0] = g->un1;
      return true;
   case GL_MAP2_GRID_SEGMENTS:
      *kind = 0;
      *count = 2;
      d[0] = g->un2;
      d[1] = g->vn2;
      return true;
   case GL_MAP1_GRID_DOMAIN:
      *kind = 1;
      *count = 2;
      d[0] = g->u1_1;
      d[1] = g->u2_1;
      return true;
   case GL_MAP2_GRID_DOMAIN:
      *kind = 1;
      *count = 4;
      d[0] = g->u1_2;
      d[1] = g->u2_2;
      d[2] = g->v1_2;
      d[3] = g->v2_2;
      return true;
   default:
      return false;
   }
}

/* --- evaluation ------------------------------------------------------------------ */

/* Bernstein basis of degree n at t (b[0..n]) and, if db, its derivative. */
static void
bernstein(unsigned n, double t, double *b, double *db)
{
   /* degree n - 1 first (for the derivative), built by the recurrence */
   double lo[ST_MAX_EVAL_ORDER];
   lo[0] = 1.0;
   for (unsigned d = 1; d < n; d++) {
      lo[d] = 0.0;
      for (unsigned i = d; i > 0; i--)
         lo[i] = (1.0 - t) * lo[i] + t * lo[i - 1];
      lo[0] *= 1.0 - t;
   }
   if (n == 0) {
      b[0] = 1.0;
      if (db)
         db[0] = 0.0;
      return;
   }
   for (unsigned i = 0; i <= n; i++) {
      double a = i < n ? lo[i] : 0.0;        /* B(n-1, i) */
      double c = i > 0 ? lo[i - 1] : 0.0;    /* B(n-1, i-1) */
      b[i] = (1.0 - t) * a + t * c;
      if (db)
         db[i] = n * (c - a);
   }
}

/* Evaluate a 2D map (1D: vorder 1, v ignored) at (u, v): value out[k],
 * and with du/dv the partial derivatives with respect to u and v. */
static void
eval_map(const struct st_eval_map *m, int idx, double u, double v, double *out, double *du,
         double *dv)
{
   unsigned k = map_k[idx];
   const float *p = map_points(m, idx);
   double su = (u - m->u1) / ((double)m->u2 - m->u1);
   double sv = m->vorder > 1 ? (v - m->v1) / ((double)m->v2 - m->v1) : 0.0;
   double bu[ST_MAX_EVAL_ORDER], dbu[ST_MAX_EVAL_ORDER];
   double bv[ST_MAX_EVAL_ORDER], dbv[ST_MAX_EVAL_ORDER];
   bernstein((unsigned)m->uorder - 1, su, bu, dbu);
   bernstein((unsigned)m->vorder - 1, sv, bv, dbv);
   for (unsigned c = 0; c < k; c++)
      out[c] = du && dv ? (du[c] = dv[c] = 0.0) : 0.0;
   for (GLint i = 0; i < m->uorder; i++)
      for (GLint j = 0; j < m->vorder; j++) {
         const float *pt = p + ((size_t)i * (size_t)m->vorder + (size_t)j) * k;
         for (unsigned c = 0; c < k; c++) {
            out[c] += bu[i] * bv[j] * pt[c];
            if (du && dv) {
               du[c] += dbu[i] * bv[j] * pt[c];
               dv[c] += bu[i] * dbv[j] * pt[c];
            }
         }
      }
   if (du && dv) {
      /* d/du of the map's parameter (u - u1) / (u2 - u1) */
      double fu = 1.0 / ((double)m->u2 - m->u1);
      double fv = m->vorder > 1 ? 1.0 / ((double)m->v2 - m->v1) : 0.0;
      for (unsigned c = 0; c < k; c++) {
         du[c] *= fu;
         dv[c] *= fv;
      }
   }
}

static bool
map_enabled(struct st_context *ctx, unsigned dim, int idx)
{
   enum st_cap base = dim == 1 ? ST_CAP_MAP1_COLOR_4 : ST_CAP_MAP2_COLOR_4;
   return st_is_enabled(ctx, (enum st_cap)(base + idx));
}

/* glEvalCoord: evaluate the enabled maps of a dimension at (u, v) and add
 * a vertex when a vertex map is enabled; current values are unchanged. */
static void
eval_coord(struct st_context *ctx, unsigned dim, double u, double v)
{
   struct st_eval_maps *maps = get_maps(ctx, dim == 1 ? "glEvalCoord1" : "glEvalCoord2");
   if (!maps)
      return;
   struct st_eval_map *set = dim == 1 ? maps->map1 : maps->map2;
   struct st_draw_ctx *d = ctx->draw;
   float saved[3][4];
   memcpy(saved[0], d->current[ST_VATTR_COLOR], sizeof saved[0]);
   memcpy(saved[1], d->current[ST_VATTR_NORMAL], sizeof saved[1]);
   memcpy(saved[2], d->current[ST_VATTR_TEX0], sizeof saved[2]);
   double val[4], du[4], dv[4];

   if (map_enabled(ctx, dim, M_COLOR)) {
      eval_map(&set[M_COLOR], M_COLOR, u, v, val, NULL, NULL);
      for (unsigned c = 0; c < 4; c++)
         d->current[ST_VATTR_COLOR][c] = (float)val[c];
   }
   /* the texture map with the most coordinates wins */
   for (int t = M_TC4; t >= M_TC1; t--) {
      if (!map_enabled(ctx, dim, t))
         continue;
      eval_map(&set[t], t, u, v, val, NULL, NULL);
      float tc[4] = { 0, 0, 0, 1 };
      for (unsigned c = 0; c < map_k[t]; c++)
         tc[c] = (float)val[c];
      memcpy(d->current[ST_VATTR_TEX0], tc, sizeof tc);
      break;
   }
   if (map_enabled(ctx, dim, M_NORMAL)) {
      eval_map(&set[M_NORMAL], M_NORMAL, u, v, val, NULL, NULL);
      for (unsigned c = 0; c < 3; c++)
         d->current[ST_VATTR_NORMAL][c] = (float)val[c];
   }
   int vmap = map_enabled(ctx, dim, M_V4) ? M_V4 : map_enabled(ctx, dim, M_V3) ? M_V3 : -1;
   if (vmap >= 0) {
      bool autonormal = dim == 2 && st_is_enabled(ctx, ST_CAP_AUTO_NORMAL);
      eval_map(&set[vmap], vmap, u, v, val, autonormal ? du : NULL, autonormal ? dv : NULL);
      float pos[4] = { (float)val[0], (float)val[1], (float)val[2],
                       vmap == M_V4 ? (float)val[3] : 1.0f };
      if (autonormal) {
         /* 5.1: m = dp/du x dp/dv; for VERTEX_4, p = (x, y, z) / w */
         double pu[3], pv[3];
         for (unsigned c = 0; c < 3; c++) {
            if (vmap == M_V4 && val[3] != 0.0) {
               double w2 = val[3] * val[3];
               pu[c] = (du[c] * val[3] - val[c] * du[3]) / w2;
               pv[c] = (dv[c] * val[3] - val[c] * dv[3]) / w2;
            } else {
               pu[c] = du[c];
               pv[c] = dv[c];
            }
         }
         double m[3] = { pu[1] * pv[2] - pu[2] * pv[1], pu[2] * pv[0] - pu[0] * pv[2],
                         pu[0] * pv[1] - pu[1] * pv[0] };
         /* without a vertex shader the normal is m / |m| (a zero m stays zero) */
         double len = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
         for (unsigned c = 0; c < 3; c++)
            d->current[ST_VATTR_NORMAL][c] = (float)(len > 0.0 ? m[c] / len : 0.0);
      }
      st_immediate_vertex(ctx, pos);
   }
   memcpy(d->current[ST_VATTR_COLOR], saved[0], sizeof saved[0]);
   memcpy(d->current[ST_VATTR_NORMAL], saved[1], sizeof saved[1]);
   memcpy(d->current[ST_VATTR_TEX0], saved[2], sizeof saved[2]);
}

void GLAPIENTRY
api_glEvalCoord1f(GLfloat u)
{
   struct st_context *ctx = st_current();
   if (ctx)
      eval_coord(ctx, 1, u, 0.0);
}

void GLAPIENTRY
api_glEvalCoord1d(GLdouble u)
{
   struct st_context *ctx = st_current();
   if (ctx)
      eval_coord(ctx, 1, u, 0.0);
}

void GLAPIENTRY
api_glEvalCoord1fv(const GLfloat *u)
{
   if (u)
      api_glEvalCoord1f(u[0]);
}

void GLAPIENTRY
api_glEvalCoord1dv(const GLdouble *u)
{
   if (u)
      api_glEvalCoord1d(u[0]);
}

void GLAPIENTRY
api_glEvalCoord2f(GLfloat u, GLfloat v)
{
   struct st_context *ctx = st_current();
   if (ctx)
      eval_coord(ctx, 2, u, v);
}

void GLAPIENTRY
api_glEvalCoord2d(GLdouble u, GLdouble v)
{
   struct st_context *ctx = st_current();
   if (ctx)
      eval_coord(ctx, 2, u, v);
}

void GLAPIENTRY
api_glEvalCoord2fv(const GLfloat *u)
{
   if (u)
      api_glEvalCoord2f(u[0], u[1]);
}

void GLAPIENTRY
api_glEvalCoord2dv(const GLdouble *u)
{
   if (u)
      api_glEvalCoord2d(u[0], u[1]);
}

/* Grid point i of n over [a, b]; exactly b at i == n (5.1).  i is any
 * GLint (glEvalPoint takes any): the product is formed in double. */
static double
grid_at(int64_t i, GLint n, double a, double b)
{
   if (i == n)
      return b;
   return a + (double)i * ((b - a) / n);
}

static double
gu1(const struct st_eval_grid *g, int64_t i)
{
   return grid_at(i, g->un1, g->u1_1, g->u2_1);
}

static double
gu2(const struct st_eval_grid *g, int64_t i)
{
   return grid_at(i, g->un2, g->u1_2, g->u2_2);
}

static double
gv2(const struct st_eval_grid *g, int64_t j)
{
   return grid_at(j, g->vn2, g->v1_2, g->v2_2);
}

void GLAPIENTRY
api_glEvalPoint1(GLint i)
{
   struct st_context *ctx = st_current();
   if (ctx)
      eval_coord(ctx, 1, gu1(&ctx->eval_grid, i), 0.0);
}

void GLAPIENTRY
api_glEvalPoint2(GLint i, GLint j)
{
   struct st_context *ctx = st_current();
   if (ctx)
      eval_coord(ctx, 2, gu2(&ctx->eval_grid, i), gv2(&ctx->eval_grid, j));
}

/*
 * glEvalMesh work is bounded by what it can draw: nothing when no vertex
 * map of the dimension is enabled (no vertex reaches the surface), and at
 * most ST_EVAL_MAX_MESH_VERTICES evaluated vertices per call, above which
 * the call is GL_OUT_OF_MEMORY and draws nothing (the immediate batch
 * could not hold them either).  Loop counters are 64-bit: i2 or j2 may be
 * INT_MAX, where a GLint counter would overflow instead of ending.
 */
static bool
mesh_work_ok(struct st_context *ctx, unsigned dim, uint64_t vertices, const char *where)
{
   if (!map_enabled(ctx, dim, M_V3) && !map_enabled(ctx, dim, M_V4))
      return false;
   if (vertices > ST_EVAL_MAX_MESH_VERTICES) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return false;
   }
   return vertices > 0;
}

/* Points of the grid range [a, b] (0 when b < a), capped just above the
 * limit so that products of spans cannot overflow. */
static uint64_t
grid_span(GLint a, GLint b)
{
   uint64_t n = b < a ? 0 : (uint64_t)((int64_t)b - a + 1);
   return n > ST_EVAL_MAX_MESH_VERTICES ? ST_EVAL_MAX_MESH_VERTICES + 1ull : n;
}

void GLAPIENTRY
api_glEvalMesh1(GLenum mode, GLint i1, GLint i2)
{
   ST_ENTRY(ctx);
   GLenum prim;
   switch (mode) {
   case GL_POINT: prim = GL_POINTS; break;
   case GL_LINE: prim = GL_LINE_STRIP; break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glEvalMesh1");
      return;
   }
   if (!mesh_work_ok(ctx, 1, grid_span(i1, i2), "glEvalMesh1"))
      return;
   api_glBegin(prim);
   for (int64_t i = i1; i <= i2; i++)
      eval_coord(ctx, 1, gu1(&ctx->eval_grid, i), 0.0);
   api_glEnd();
}

void GLAPIENTRY
api_glEvalMesh2(GLenum mode, GLint i1, GLint i2, GLint j1, GLint j2)
{
   ST_ENTRY(ctx);
   const struct st_eval_grid *g = &ctx->eval_grid;
   uint64_t ni = grid_span(i1, i2), nj = grid_span(j1, j2);
   /* each span is at most ST_EVAL_MAX_MESH_VERTICES + 1: the products fit */
   switch (mode) {
   case GL_POINT:
      if (!mesh_work_ok(ctx, 2, ni * nj, "glEvalMesh2"))
         return;
      api_glBegin(GL_POINTS);
      for (int64_t j = j1; j <= j2; j++)
         for (int64_t i = i1; i <= i2; i++)
            eval_coord(ctx, 2, gu2(g, i), gv2(g, j));
      api_glEnd();
      break;
   case GL_LINE:
      if (!mesh_work_ok(ctx, 2, 2 * ni * nj, "glEvalMesh2"))
         return;
      for (int64_t j = j1; j <= j2; j++) {
         api_glBegin(GL_LINE_STRIP);
         for (int64_t i = i1; i <= i2; i++)
            eval_coord(ctx, 2, gu2(g, i), gv2(g, j));
         api_glEnd();
      }
      for (int64_t i = i1; i <= i2; i++) {
         api_glBegin(GL_LINE_STRIP);
         for (int64_t j = j1; j <= j2; j++)
            eval_coord(ctx, 2, gu2(g, i), gv2(g, j));
         api_glEnd();
      }
      break;
   case GL_FILL:
      if (!mesh_work_ok(ctx, 2, 2 * ni * (nj ? nj - 1 : 0), "glEvalMesh2"))
         return;
      for (int64_t j = j1; j < j2; j++) {
         api_glBegin(GL_QUAD_STRIP);
         for (int64_t i = i1; i <= i2; i++) {
            eval_coord(ctx, 2, gu2(g, i), gv2(g, j));
            eval_coord(ctx, 2, gu2(g, i), gv2(g, j + 1));
         }
         api_glEnd();
      }
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glEvalMesh2");
      return;
   }
}
