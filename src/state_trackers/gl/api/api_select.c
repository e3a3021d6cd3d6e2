/*
 * Selection and feedback (GL 2.1 sections 5.2 and 5.3): glRenderMode,
 * glSelectBuffer, glInitNames, glLoadName, glPushName, glPopName,
 * glFeedbackBuffer, glPassThrough.
 *
 * While the render mode is not GL_RENDER, st_draw_vertices hands each
 * batch to st_select_vertices instead of the pipe: the vertices are
 * transformed on the CPU (modelview, projection), each primitive is
 * clipped against the view volume and the enabled user clip planes, mapped
 * to window coordinates with the viewport and depth range, and culled as
 * the rasterizer would.  Selection records the window z range of what
 * survives; feedback writes the GL_*_TOKEN records.  Feedback colours are
 * the vertex colours as given (current colour or colour array) with lighting
 * off, and lit on the CPU (front material and front primary colour, GL 2.1
 * equation 2.1) with lighting on.  Texture coordinates are those of unit 0
 * after the texture matrix (no texgen).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "st_draw.h"
#include "st_drawpix.h"
#include "st_frag.h"

void
st_select_init(struct st_select_state *s)
{
   memset(s, 0, sizeof *s);
   s->render_mode = GL_RENDER;
   s->fb_type = GL_2D;
   s->hit_min = 1.0f;
   s->hit_max = 0.0f;
}

/* --- selection buffer ---------------------------------------------------- */

static void
sel_write(struct st_select_state *s, GLuint v)
{
   if (s->sel_count < s->sel_size && s->sel_buf)
      s->sel_buf[s->sel_count] = v;
   else
      s->sel_overflow = true;
   if (s->sel_count < 0x7fffffff)
      s->sel_count++;
}

static GLuint
z_to_uint(float z)
{
   double d = (double)z;
   if (d <= 0.0)
      return 0;
   if (d >= 1.0)
      return 0xffffffffu;
   return (GLuint)(d * 4294967295.0 + 0.5);
}

/* Write the pending hit record (if the hit flag is set). */
static void
flush_hit(struct st_select_state *s)
{
   if (!s->hit_flag)
      return;
   sel_write(s, s->name_depth);
   sel_write(s, z_to_uint(s->hit_min));
   sel_write(s, z_to_uint(s->hit_max));
   for (unsigned i = 0; i < s->name_depth; i++)
      sel_write(s, s->name_stack[i]);
   s->hits++;
   s->hit_flag = false;
   s->hit_min = 1.0f;
   s->hit_max = 0.0f;
}

static void
record_hit(struct st_select_state *s, float zmin, float zmax)
{
   s->hit_flag = true;
   if (zmin < s->hit_min)
      s->hit_min = zmin;
   if (zmax > s->hit_max)
      s->hit_max = zmax;
}

/* --- feedback buffer ------------------------------------------------------- */

static void
fb_write(struct st_select_state *s, GLfloat v)
{
   if (s->fb_count < s->fb_size && s->fb_buf)
      s->fb_buf[s->fb_count] = v;
   else
      s->fb_overflow = true;
   if (s->fb_count < 0x7fffffff)
      s->fb_count++;
}

/* --- the CPU vertex path --------------------------------------------------- */

#define MAX_CLIP_VERTS 64

struct fvert {
   float clip[4];
   float eye[4];
   float color[4];
   float tex[4];
   /* window coordinates (after clipping) */
   float win[4];
   bool edge;                        /* edge flag: the edge starting here is a boundary */
};

static void
mat_vec(const float *m, const float *v, float *out)
{
   for (unsigned r = 0; r < 4; r++)
      out[r] = m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3];
}

static void
lerp_vert(const struct fvert *a, const struct fvert *b, float t, struct fvert *out)
{
   for (unsigned i = 0; i < 4; i++) {
      out->clip[i] = a->clip[i] + (b->clip[i] - a->clip[i]) * t;
      out->eye[i] = a->eye[i] + (b->eye[i] - a->eye[i]) * t;
      out->color[i] = a->color[i] + (b->color[i] - a->color[i]) * t;
      out->tex[i] = a->tex[i] + (b->tex[i] - a->tex[i]) * t;
   }
}

/* The clip planes in effect: 6 view-volume planes (on clip coordinates)
 * and the enabled user planes (on eye coordinates). */
struct clipper {
   unsigned num_user;
   float user[ST_MAX_CLIP_PLANES][4];
};

static float
plane_dist(const struct clipper *c, unsigned p, const struct fvert *v)
{
   if (p < 6) {
      const float *x = v->clip;
      unsigned axis = p / 2;
      return p % 2 ? x[3] - x[axis] : x[3] + x[axis];   /* -w <= x <= w */
   }
   const float *u = c->user[p - 6];
   return u[0] * v->eye[0] + u[1] * v->eye[1] + u[2] * v->eye[2] + u[3] * v->eye[3];
}

/* Clip a polygon (n >= 3) or a line (n == 2) or a point (n == 1) in place;
 * returns the resulting vertex count (0: outside). */
static unsigned
clip_prim(const struct clipper *c, struct fvert *v, unsigned n)
{
   struct fvert tmp[MAX_CLIP_VERTS];
   unsigned planes = 6 + c->num_user;
   for (unsigned p = 0; p < planes && n; p++) {
      if (n == 1) {
         if (plane_dist(c, p, &v[0]) < 0.0f)
            return 0;
         continue;
      }
      if (n == 2) {
         float d0 = plane_dist(c, p, &v[0]), d1 = plane_dist(c, p, &v[1]);
         if (d0 < 0.0f && d1 < 0.0f)
            return 0;
         if (d0 < 0.0f) {
            struct fvert a = v[0];
            lerp_vert(&a, &v[1], d0 / (d0 - d1), &v[0]);
         } else if (d1 < 0.0f) {
            struct fvert b = v[1];
            lerp_vert(&v[0], &b, d0 / (d0 - d1), &v[1]);
         }
         continue;
      }
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct fvert *a = &v[i], *b = &v[(i + 1) % n];
         float da = plane_dist(c, p, a), db = plane_dist(c, p, b);
         if (da >= 0.0f && m < MAX_CLIP_VERTS)
            tmp[m++] = *a;
         if (((da >= 0.0f) != (db >= 0.0f)) && m < MAX_CLIP_VERTS)
            lerp_vert(a, b, da / (da - db), &tmp[m++]);
      }
      memcpy(v, tmp, m * sizeof *v);
      n = m < 3 ? 0 : m;
   }
   return n;
}

/* --- CPU lighting of feedback colours (GL 2.1 section 2.14.1) ------------- */

/* The inverse transpose of the modelview's upper 3x3 (row-major result). */
static void
normal_matrix(const float *m, float out[9])
{
   /* a[r][c] = m[c * 4 + r] */
   double a[3][3];
   for (unsigned r = 0; r < 3; r++)
      for (unsigned c = 0; c < 3; c++)
         a[r][c] = m[c * 4 + r];
   double cof[3][3];
   for (unsigned r = 0; r < 3; r++)
      for (unsigned c = 0; c < 3; c++) {
         unsigned r1 = (r + 1) % 3, r2 = (r + 2) % 3, c1 = (c + 1) % 3, c2 = (c + 2) % 3;
         cof[r][c] = a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1];
      }
   double det = a[0][0] * cof[0][0] + a[0][1] * cof[0][1] + a[0][2] * cof[0][2];
   double inv = det != 0.0 ? 1.0 / det : 0.0;
   /* (A^-1)^T = cof / det */
   for (unsigned r = 0; r < 3; r++)
      for (unsigned c = 0; c < 3; c++)
         out[r * 3 + c] = (float)(cof[r][c] * inv);
}

static float
dot3(const float *a, const float *b)
{
   return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void
normalize3(float *v)
{
   float l = sqrtf(dot3(v, v));
   if (l > 0.0f)
      for (unsigned i = 0; i < 3; i++)
         v[i] /= l;
}

/* The front primary colour of a vertex: color holds the vertex colour on
 * input (the colour-material source) and the lit colour on output. */
static void
cpu_light(struct st_context *ctx, const float nm[9], const float eye4[4], const float obj_n[4],
          float color[4])
{
   const struct st_lighting_vals *l = &ctx->draw->lighting;
   struct ff_material m = l->material[0];
   if (st_is_enabled(ctx, ST_CAP_COLOR_MATERIAL) && l->cm_face != GL_BACK) {
      switch (l->cm_mode) {
      case GL_EMISSION: memcpy(m.emission, color, sizeof m.emission); break;
      case GL_AMBIENT: memcpy(m.ambient, color, sizeof m.ambient); break;
      case GL_DIFFUSE: memcpy(m.diffuse, color, sizeof m.diffuse); break;
      case GL_SPECULAR: memcpy(m.specular, color, sizeof m.specular); break;
      default:
         memcpy(m.ambient, color, sizeof m.ambient);
         memcpy(m.diffuse, color, sizeof m.diffuse);
         break;
      }
   }
   float n[3];
   for (unsigned r = 0; r < 3; r++)
      n[r] = nm[r * 3] * obj_n[0] + nm[r * 3 + 1] * obj_n[1] + nm[r * 3 + 2] * obj_n[2];
   if (st_is_enabled(ctx, ST_CAP_NORMALIZE) || st_is_enabled(ctx, ST_CAP_RESCALE_NORMAL))
      normalize3(n);
   float v[3] = { eye4[0], eye4[1], eye4[2] };
   if (eye4[3] != 0.0f)
      for (unsigned i = 0; i < 3; i++)
         v[i] /= eye4[3];
   bool separate = l->color_control == GL_SEPARATE_SPECULAR_COLOR;
   float out[3];
   for (unsigned c = 0; c < 3; c++)
      out[c] = m.emission[c] + m.ambient[c] * l->model_ambient[c];
   for (unsigned i = 0; i < ST_MAX_LIGHTS; i++) {
      if (!st_is_enabled(ctx, (enum st_cap)(ST_CAP_LIGHT0 + i)))
         continue;
      const struct ff_light *li = &l->light[i];
      float vp[3], att = 1.0f;
      if (li->position[3] != 0.0f) {
         for (unsigned c = 0; c < 3; c++)
            vp[c] = li->position[c] / li->position[3] - v[c];
         float d = sqrtf(dot3(vp, vp));
         float k = li->constant_attenuation + li->linear_attenuation * d +
                   li->quadratic_attenuation * d * d;
         att = k > 0.0f ? 1.0f / k : 1.0f;
      } else {
         memcpy(vp, li->position, sizeof vp);
      }
      normalize3(vp);
      float spot = 1.0f;
      if (li->spot_cutoff != 180.0f) {
         float sd[3] = { li->spot_direction[0], li->spot_direction[1], li->spot_direction[2] };
         normalize3(sd);
         float cosang = -dot3(vp, sd);
         if (cosang >= cosf(li->spot_cutoff * 3.14159265f / 180.0f))
            spot = powf(cosang > 0.0f ? cosang : 0.0f, li->spot_exponent);
         else
            spot = 0.0f;
      }
      float ndl = dot3(n, vp);
      float diff = ndl > 0.0f ? ndl : 0.0f;
      float spec = 0.0f;
      if (ndl > 0.0f && !separate) {
         float h[3];
         float e[3] = { 0.0f, 0.0f, 1.0f };
         if (l->local_viewer) {
            e[0] = -v[0];
            e[1] = -v[1];
            e[2] = -v[2];
            normalize3(e);
         }
         for (unsigned c = 0; c < 3; c++)
            h[c] = vp[c] + e[c];
         normalize3(h);
         float ndh = dot3(n, h);
         spec = ndh > 0.0f ? (m.shininess > 0.0f ? powf(ndh, m.shininess) : 1.0f) : 0.0f;
      }
      for (unsigned c = 0; c < 3; c++)
         out[c] += att * spot * (m.ambient[c] * li->ambient[c] +
                                 diff * m.diffuse[c] * li->diffuse[c] +
                                 spec * m.specular[c] * li->specular[c]);
   }
   for (unsigned c = 0; c < 3; c++)
      color[c] = out[c];
   color[3] = m.diffuse[3];
}

struct batch {
   struct st_context *ctx;
   struct clipper clip;
   bool feedback;
   bool cull_front, cull_back;
   bool front_ccw;
   GLenum poly_mode[2];
   bool line_reset;                  /* the next line segment starts a new strip */
};

static void
to_window(const struct st_context *ctx, struct fvert *v)
{
   const struct st_viewport_attrib *vp = &ctx->viewport;
   float w = v->clip[3];
   float iw = w != 0.0f ? 1.0f / w : 0.0f;
   float nx = v->clip[0] * iw, ny = v->clip[1] * iw, nz = v->clip[2] * iw;
   v->win[0] = (nx + 1.0f) * 0.5f * (float)vp->width + (float)vp->x;
   v->win[1] = (ny + 1.0f) * 0.5f * (float)vp->height + (float)vp->y;
   v->win[2] = (float)(nz * 0.5 * (vp->far_val - vp->near_val) +
                       0.5 * (vp->far_val + vp->near_val));
   v->win[3] = w;
}

static void
fb_vertex(struct batch *b, const struct fvert *v)
{
   struct st_select_state *s = &b->ctx->draw->select;
   GLenum t = s->fb_type;
   fb_write(s, v->win[0]);
   fb_write(s, v->win[1]);
   if (t != GL_2D)
      fb_write(s, v->win[2]);
   if (t == GL_4D_COLOR_TEXTURE)
      fb_write(s, v->win[3]);
   if (t == GL_3D_COLOR || t == GL_3D_COLOR_TEXTURE || t == GL_4D_COLOR_TEXTURE)
      for (unsigned i = 0; i < 4; i++)
         fb_write(s, v->color[i]);
   if (t == GL_3D_COLOR_TEXTURE || t == GL_4D_COLOR_TEXTURE)
      for (unsigned i = 0; i < 4; i++)
         fb_write(s, v->tex[i]);
}

/* Emit a clipped primitive (window coordinates computed). */
static void
emit(struct batch *b, struct fvert *v, unsigned n, unsigned kind /* 1 point, 2 line, 3 poly */)
{
   struct st_select_state *s = &b->ctx->draw->select;
   if (!b->feedback) {
      float zmin = 1.0f, zmax = 0.0f;
      for (unsigned i = 0; i < n; i++) {
         float z = v[i].win[2];
         if (z < zmin)
            zmin = z;
         if (z > zmax)
            zmax = z;
      }
      record_hit(s, zmin, zmax);
      return;
   }
   if (kind == 1) {
      fb_write(s, (GLfloat)GL_POINT_TOKEN);
      fb_vertex(b, &v[0]);
   } else if (kind == 2) {
      fb_write(s, (GLfloat)(b->line_reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN));
      b->line_reset = false;
      fb_vertex(b, &v[0]);
      fb_vertex(b, &v[1]);
   } else {
      fb_write(s, (GLfloat)GL_POLYGON_TOKEN);
      fb_write(s, (GLfloat)n);
      for (unsigned i = 0; i < n; i++)
         fb_vertex(b, &v[i]);
   }
}

static void
do_point(struct batch *b, const struct fvert *a)
{
   struct fvert v[1] = { *a };
   if (clip_prim(&b->clip, v, 1) == 1) {
      to_window(b->ctx, &v[0]);
      emit(b, v, 1, 1);
   }
}

static void
do_line(struct batch *b, const struct fvert *a, const struct fvert *c)
{
   struct fvert v[2] = { *a, *c };
   if (clip_prim(&b->clip, v, 2) == 2) {
      to_window(b->ctx, &v[0]);
      to_window(b->ctx, &v[1]);
      emit(b, v, 2, 2);
   }
}

/* A polygon of n original vertices (pointers, in order). */
static void
do_polygon(struct batch *b, const struct fvert *const *in, unsigned n)
{
   struct fvert v[MAX_CLIP_VERTS];
   if (n < 3)
      return;
   /* clip first (at most one vertex per plane is added), then take the facing
    * from the clipped polygon's window-space area, as the rasterizer does */
   unsigned m = n < MAX_CLIP_VERTS / 4 ? n : MAX_CLIP_VERTS / 4;
   for (unsigned i = 0; i < m; i++)
      v[i] = *in[i];
   m = clip_prim(&b->clip, v, m);
   if (m < 3)
      return;
   double area = 0.0;
   for (unsigned i = 0; i < m; i++)
      to_window(b->ctx, &v[i]);
   for (unsigned i = 0; i < m; i++) {
      const float *p = v[i].win, *q = v[(i + 1) % m].win;
      area += (double)p[0] * q[1] - (double)q[0] * p[1];
   }
   bool front = (area > 0.0) == b->front_ccw;
   if ((front && b->cull_front) || (!front && b->cull_back))
      return;
   GLenum mode = b->poly_mode[front ? 0 : 1];

   if (mode == GL_FILL || !b->feedback) {
      emit(b, v, m, 3);
      return;
   }
   /* edge flags select the boundary edges (GL_LINE) and their first vertices (GL_POINT) */
   if (mode == GL_LINE) {
      b->line_reset = true;
      for (unsigned i = 0; i < n; i++)
         if (in[i]->edge)
            do_line(b, in[i], in[(i + 1) % n]);
      return;
   }
   for (unsigned i = 0; i < n; i++)
      if (in[i]->edge)
         do_point(b, in[i]);
}

static void
tri(struct batch *b, const struct fvert *v, size_t i0, size_t i1, size_t i2)
{
   const struct fvert *p[3] = { &v[i0], &v[i1], &v[i2] };
   do_polygon(b, p, 3);
}

void
st_select_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *in,
                   size_t count)
{
   struct st_draw_ctx *d = ctx->draw;
   struct st_select_state *s = &d->select;
   if (!count || (s->render_mode != GL_SELECT && s->render_mode != GL_FEEDBACK))
      return;
   struct fvert *v = malloc(count * sizeof *v);
   if (!v) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }
   const float *mv = d->mv_stack[d->mv_depth];
   const float *proj = d->proj_stack[d->proj_depth];
   const float *texm = d->tex_stack[0][d->tex_depth[0]];
   bool b_feedback = s->render_mode == GL_FEEDBACK;
   float normal_m[9];
   if (b_feedback && st_is_enabled(ctx, ST_CAP_LIGHTING))
      normal_matrix(mv, normal_m);
   for (size_t i = 0; i < count; i++) {
      mat_vec(mv, in[i].attr[ST_VATTR_POS], v[i].eye);
      mat_vec(proj, v[i].eye, v[i].clip);
      memcpy(v[i].color, in[i].attr[ST_VATTR_COLOR], sizeof v[i].color);
      if (b_feedback && st_is_enabled(ctx, ST_CAP_LIGHTING))
         cpu_light(ctx, normal_m, v[i].eye, in[i].attr[ST_VATTR_NORMAL], v[i].color);
      for (unsigned c = 0; c < 4; c++)
         v[i].color[c] = v[i].color[c] < 0.0f ? 0.0f : v[i].color[c] > 1.0f ? 1.0f : v[i].color[c];
      mat_vec(texm, in[i].attr[ST_VATTR_TEX0], v[i].tex);
      /* only polygons carry edge flags (GL 2.1 section 2.6.2) */
      v[i].edge = mode < GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN ||
                  mode == GL_QUAD_STRIP || in[i].attr[ST_VATTR_EDGEFLAG][0] != 0.0f;
   }

   struct batch b;
   memset(&b, 0, sizeof b);
   b.ctx = ctx;
   b.feedback = s->render_mode == GL_FEEDBACK;
   for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++)
      if (st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)))
         memcpy(b.clip.user[b.clip.num_user++], d->clip_plane[i], sizeof b.clip.user[0]);
   if (st_is_enabled(ctx, ST_CAP_CULL_FACE)) {
      b.cull_front = d->cull_face != GL_BACK;
      b.cull_back = d->cull_face != GL_FRONT;
   }
   b.front_ccw = d->front_face == GL_CCW;
   b.poly_mode[0] = d->polygon_mode[0];
   b.poly_mode[1] = d->polygon_mode[1];
   b.line_reset = true;

   switch (mode) {
   case GL_POINTS:
      for (size_t i = 0; i < count; i++)
         do_point(&b, &v[i]);
      break;
   case GL_LINES:
      for (size_t i = 0; i + 1 < count; i += 2) {
         b.line_reset = true;
         do_line(&b, &v[i], &v[i + 1]);
      }
      break;
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
      for (size_t i = 0; i + 1 < count; i++)
         do_line(&b, &v[i], &v[i + 1]);
      if (mode == GL_LINE_LOOP && count > 1)
         do_line(&b, &v[count - 1], &v[0]);
      break;
   case GL_TRIANGLES:
      for (size_t i = 0; i + 2 < count; i += 3)
         tri(&b, v, i, i + 1, i + 2);
      break;
   case GL_TRIANGLE_STRIP:
      for (size_t i = 0; i + 2 < count; i++) {
         if (i % 2)
            tri(&b, v, i + 1, i, i + 2);
         else
            tri(&b, v, i, i + 1, i + 2);
      }
      break;
   case GL_TRIANGLE_FAN:
      for (size_t i = 1; i + 1 < count; i++)
         tri(&b, v, 0, i, i + 1);
      break;
   case GL_QUADS:
      for (size_t i = 0; i + 3 < count; i += 4) {
         const struct fvert *p[4] = { &v[i], &v[i + 1], &v[i + 2], &v[i + 3] };
         do_polygon(&b, p, 4);
      }
      break;
   case GL_QUAD_STRIP:
      for (size_t i = 0; i + 3 < count; i += 2) {
         const struct fvert *p[4] = { &v[i], &v[i + 1], &v[i + 3], &v[i + 2] };
         do_polygon(&b, p, 4);
      }
      break;
   case GL_POLYGON: {
      /* polygons longer than the clipper's room are fanned */
      if (count <= MAX_CLIP_VERTS / 4) {
         const struct fvert *p[MAX_CLIP_VERTS / 4];
         for (size_t i = 0; i < count; i++)
            p[i] = &v[i];
         do_polygon(&b, p, (unsigned)count);
      } else {
         for (size_t i = 1; i + 1 < count; i++)
            tri(&b, v, 0, i, i + 1);
      }
      break;
   }
   default:
      break;
   }
   free(v);
}

/* --- entry points ----------------------------------------------------------- */

GLint GLAPIENTRY
api_glRenderMode(GLenum mode)
{
   ST_ENTRY_RET(ctx, 0);
   struct st_select_state *s = &ctx->draw->select;
   if (mode != GL_RENDER && mode != GL_SELECT && mode != GL_FEEDBACK) {
      st_error(ctx, GL_INVALID_ENUM, "glRenderMode");
      return 0;
   }
   if ((mode == GL_SELECT && !s->sel_buf) || (mode == GL_FEEDBACK && !s->fb_buf)) {
      st_error(ctx, GL_INVALID_OPERATION, "glRenderMode");
      return 0;
   }
   GLint result = 0;
   switch (s->render_mode) {
   case GL_SELECT:
      flush_hit(s);
      result = s->sel_overflow ? -1 : (GLint)s->hits;
      s->name_depth = 0;
      break;
   case GL_FEEDBACK:
      result = s->fb_overflow ? -1 : (GLint)s->fb_count;
      break;
   default:
      break;
   }
   s->sel_count = 0;
   s->sel_overflow = false;
   s->hits = 0;
   s->hit_flag = false;
   s->hit_min = 1.0f;
   s->hit_max = 0.0f;
   s->fb_count = 0;
   s->fb_overflow = false;
   s->render_mode = mode;
   return result;
}

void GLAPIENTRY
api_glSelectBuffer(GLsizei size, GLuint *buffer)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   if (size < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glSelectBuffer");
      return;
   }
   if (s->render_mode == GL_SELECT) {
      st_error(ctx, GL_INVALID_OPERATION, "glSelectBuffer");
      return;
   }
   s->sel_buf = buffer;
   s->sel_size = buffer ? size : 0;
   s->sel_count = 0;
}

void GLAPIENTRY
api_glInitNames(void)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   if (s->render_mode != GL_SELECT)
      return;
   flush_hit(s);
   s->name_depth = 0;
}

void GLAPIENTRY
api_glLoadName(GLuint name)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   if (s->render_mode != GL_SELECT)
      return;
   if (s->name_depth == 0) {
      st_error(ctx, GL_INVALID_OPERATION, "glLoadName");
      return;
   }
   flush_hit(s);
   s->name_stack[s->name_depth - 1] = name;
}

void GLAPIENTRY
api_glPushName(GLuint name)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   if (s->render_mode != GL_SELECT)
      return;
   if (s->name_depth >= ST_MAX_NAME_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushName");
      return;
   }
   flush_hit(s);
   s->name_stack[s->name_depth++] = name;
}

void GLAPIENTRY
api_glPopName(void)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   if (s->render_mode != GL_SELECT)
      return;
   if (s->name_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopName");
      return;
   }
   flush_hit(s);
   s->name_depth--;
}

void GLAPIENTRY
api_glFeedbackBuffer(GLsizei size, GLenum type, GLfloat *buffer)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   switch (type) {
   case GL_2D: case GL_3D: case GL_3D_COLOR: case GL_3D_COLOR_TEXTURE:
   case GL_4D_COLOR_TEXTURE:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glFeedbackBuffer");
      return;
   }
   if (size < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glFeedbackBuffer");
      return;
   }
   if (s->render_mode == GL_FEEDBACK) {
      st_error(ctx, GL_INVALID_OPERATION, "glFeedbackBuffer");
      return;
   }
   s->fb_buf = buffer;
   s->fb_size = buffer ? size : 0;
   s->fb_type = type;
   s->fb_count = 0;
}

void GLAPIENTRY
api_glPassThrough(GLfloat token)
{
   ST_ENTRY(ctx);
   struct st_select_state *s = &ctx->draw->select;
   if (s->render_mode != GL_FEEDBACK)
      return;
   fb_write(s, (GLfloat)GL_PASS_THROUGH_TOKEN);
   fb_write(s, token);
}

/* --- raster-position commands ------------------------------------------------ */

void
st_select_raster_pos(struct st_context *ctx)
{
   struct st_select_state *s = &ctx->draw->select;
   const struct st_raster_state *r = &ctx->pix.raster;
   if (s->render_mode == GL_SELECT && r->valid)
      record_hit(s, r->pos[2], r->pos[2]);
}

bool
st_select_pixel_command(struct st_context *ctx, GLenum token)
{
   struct st_select_state *s = &ctx->draw->select;
   const struct st_raster_state *r = &ctx->pix.raster;
   if (s->render_mode == GL_RENDER)
      return false;
   if (s->render_mode == GL_FEEDBACK && r->valid) {
      struct batch b;
      struct fvert v;
      memset(&b, 0, sizeof b);
      memset(&v, 0, sizeof v);
      b.ctx = ctx;
      memcpy(v.win, r->pos, sizeof v.win);
      memcpy(v.color, r->color, sizeof v.color);
      memcpy(v.tex, r->tex[0], sizeof v.tex);
      fb_write(s, (GLfloat)token);
      fb_vertex(&b, &v);
   }
   return true;
}
