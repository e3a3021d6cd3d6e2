/*
 * The current raster position (GL 2.1 section 2.13): glRasterPos* runs one
 * vertex through the transformation on the CPU (modelview, projection,
 * view-volume and user clip planes, viewport and depth range) and stores
 * the window coordinates, the valid bit, the eye distance, the colour
 * (lit with GL's lighting equation when GL_LIGHTING is on, front
 * material) and the texture coordinates transformed by the texture
 * matrix.  glWindowPos* (GL 1.4) sets window coordinates directly.
 */
#include <math.h>
#include <string.h>

#include "st_arbprog.h"
#include "api.h"
#include "st_draw.h"
#include "st_drawpix.h"
#include "st_glsl.h"

static void
mat_vec(const float *m, const float in[4], float out[4])
{
   for (unsigned r = 0; r < 4; r++)
      out[r] = m[r] * in[0] + m[4 + r] * in[1] + m[8 + r] * in[2] + m[12 + r] * in[3];
}

static float
clampf(float v)
{
   return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static void
normalize3(float v[3])
{
   float l = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
   if (l > 0.0f)
      for (unsigned i = 0; i < 3; i++)
         v[i] /= l;
}

static float
dot3(const float *a, const float *b)
{
   return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Inside the view volume: -w <= x, y, z <= w; with GL_DEPTH_CLAMP
 * (GL_ARB_depth_clamp) the near and far planes do not apply, but w must
 * be positive (the point is in front of the eye). */
static bool
raster_in_volume(struct st_context *ctx, const double clip[4])
{
   bool clamp = st_is_enabled(ctx, ST_CAP_DEPTH_CLAMP);
   for (unsigned i = 0; i < (clamp ? 2u : 3u); i++)
      if (!(clip[i] >= -clip[3] && clip[i] <= clip[3]))
         return false;
   return !clamp || clip[3] > 0.0;
}

/* The window z of the raster position: clamped to the depth range with
 * GL_DEPTH_CLAMP, then to [0, 1]. */
static float
raster_depth(struct st_context *ctx, double z)
{
   if (st_is_enabled(ctx, ST_CAP_DEPTH_CLAMP)) {
      double n = ctx->viewport.near_val, f = ctx->viewport.far_val;
      double lo = n < f ? n : f, hi = n < f ? f : n;
      z = z < lo ? lo : z > hi ? hi : z;
   }
   return clampf((float)z);
}

/* Inverse-transpose of the modelview's upper 3x3 applied to n. */
static void
transform_normal(const float *m, const float in[3], float out[3])
{
   float a = m[0], b = m[4], c = m[8], d = m[1], e = m[5], f = m[9], g = m[2], h = m[6],
         i = m[10];
   float A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
   float D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g);
   float G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d;
   float det = a * A + b * B + c * C;
   if (det == 0.0f) {
      memcpy(out, in, 3 * sizeof(float));
      return;
   }
   /* (M^-1)^T = cofactor matrix / det */
   out[0] = (A * in[0] + B * in[1] + C * in[2]) / det;
   out[1] = (D * in[0] + E * in[1] + F * in[2]) / det;
   out[2] = (G * in[0] + H * in[1] + I * in[2]) / det;
}

/* GL 2.1 section 2.14.1, front face, for the raster colour. */
static void
light_vertex(struct st_context *ctx, const float eye[4], float primary[4], float secondary[4])
{
   struct st_draw_ctx *d = ctx->draw;
   const struct st_lighting_vals *l = &d->lighting;
   struct ff_material m = l->material[0];
   const float *cur = d->current[ST_VATTR_COLOR];
   if (st_is_enabled(ctx, ST_CAP_COLOR_MATERIAL) && l->cm_face != GL_BACK) {
      switch (l->cm_mode) {
      case GL_EMISSION: memcpy(m.emission, cur, sizeof m.emission); break;
      case GL_AMBIENT: memcpy(m.ambient, cur, sizeof m.ambient); break;
      case GL_DIFFUSE: memcpy(m.diffuse, cur, sizeof m.diffuse); break;
      case GL_SPECULAR: memcpy(m.specular, cur, sizeof m.specular); break;
      default:
         memcpy(m.ambient, cur, sizeof m.ambient);
         memcpy(m.diffuse, cur, sizeof m.diffuse);
         break;
      }
   }
   float n[3];
   transform_normal(d->mv_stack[d->mv_depth], d->current[ST_VATTR_NORMAL], n);
   if (st_is_enabled(ctx, ST_CAP_NORMALIZE) || st_is_enabled(ctx, ST_CAP_RESCALE_NORMAL))
      normalize3(n);
   float v[3] = { eye[0], eye[1], eye[2] };
   if (eye[3] != 0.0f && eye[3] != 1.0f)
      for (unsigned i = 0; i < 3; i++)
         v[i] /= eye[3];
   float c[3], s[3] = { 0, 0, 0 };
   for (unsigned k = 0; k < 3; k++)
      c[k] = m.emission[k] + m.ambient[k] * l->model_ambient[k];
   for (unsigned li = 0; li < ST_MAX_LIGHTS; li++) {
      if (!st_is_enabled(ctx, (enum st_cap)(ST_CAP_LIGHT0 + li)))
         continue;
      const struct ff_light *L = &l->light[li];
      float vp[3], att = 1.0f;
      if (L->position[3] != 0.0f) {
         for (unsigned k = 0; k < 3; k++)
            vp[k] = L->position[k] / L->position[3] - v[k];
         float dist = sqrtf(dot3(vp, vp));
         float den = L->constant_attenuation + L->linear_attenuation * dist +
                     L->quadratic_attenuation * dist * dist;
         att = den > 0.0f ? 1.0f / den : 1.0f;
      } else {
         memcpy(vp, L->position, sizeof vp);
      }
      normalize3(vp);
      float spot = 1.0f;
      if (L->spot_cutoff != 180.0f) {
         float sd[3] = { L->spot_direction[0], L->spot_direction[1], L->spot_direction[2] };
         normalize3(sd);
         float cosang = -dot3(vp, sd);
         if (cosang < cosf(L->spot_cutoff * 3.14159265358979f / 180.0f))
            spot = 0.0f;
         else
            spot = powf(cosang > 0.0f ? cosang : 0.0f, L->spot_exponent);
      }
      float ndl = dot3(n, vp);
      if (ndl < 0.0f)
         ndl = 0.0f;
      float h[3];
      if (l->local_viewer) {
         float e[3] = { -v[0], -v[1], -v[2] };
         normalize3(e);
         for (unsigned k = 0; k < 3; k++)
            h[k] = vp[k] + e[k];
      } else {
         h[0] = vp[0];
         h[1] = vp[1];
         h[2] = vp[2] + 1.0f;
      }
      normalize3(h);
      float ndh = dot3(n, h);
      float spec = 0.0f;
      if (ndl > 0.0f && ndh > 0.0f)
         spec = m.shininess == 0.0f ? 1.0f : powf(ndh, m.shininess);
      for (unsigned k = 0; k < 3; k++) {
         float amb_dif = L->ambient[k] * m.ambient[k] + ndl * L->diffuse[k] * m.diffuse[k];
         float sp = spec * L->specular[k] * m.specular[k];
         c[k] += att * spot * amb_dif;
         if (l->color_control == GL_SEPARATE_SPECULAR_COLOR)
            s[k] += att * spot * sp;
         else
            c[k] += att * spot * sp;
      }
   }
   for (unsigned k = 0; k < 3; k++) {
      primary[k] = clampf(c[k]);
      secondary[k] = clampf(s[k]);
   }
   primary[3] = clampf(m.diffuse[3]);
   secondary[3] = 0.0f;
}

/* ARB_vertex_program 2.12: in vertex program mode the program transforms
 * the raster position and gives its colours, texture coordinates and
 * distance (result.fogcoord.x); user clip planes apply only to
 * position-invariant programs (2.11). */
static void
raster_pos_program(struct st_context *ctx, const float obj[4])
{
   struct st_draw_ctx *d = ctx->draw;
   struct st_raster_state *r = &ctx->pix.raster;
   struct st_arbprog_vertex v;
   bool glsl = st_glsl_vertex_stage(ctx);   /* GL 2.1 section 2.13: the shader's */
   if (glsl ? !st_glsl_run_vertex(ctx, obj, &v) : !st_arbprog_run_vertex(ctx, obj, &v)) {
      r->valid = false;
      st_select_raster_pos(ctx);
      return;
   }
   const double clip[4] = { v.position[0], v.position[1], v.position[2], v.position[3] };
   bool valid = raster_in_volume(ctx, clip);
   if (!glsl && st_arbprog_active(ctx, ST_ARBPROG_VP)->position_invariant) {
      float eye[4];
      mat_vec(d->mv_stack[d->mv_depth], obj, eye);
      for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++) {
         const float *p = d->clip_plane[i];
         if (st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)) &&
             p[0] * eye[0] + p[1] * eye[1] + p[2] * eye[2] + p[3] * eye[3] < 0.0f)
            valid = false;
      }
   }
   r->valid = valid;
   if (!valid) {
      st_select_raster_pos(ctx);
      return;
   }
   const struct st_viewport_attrib *vp = &ctx->viewport;
   double nx = clip[0] / clip[3], ny = clip[1] / clip[3], nz = clip[2] / clip[3];
   r->pos[0] = (float)(vp->x + (nx + 1.0) * 0.5 * vp->width);
   r->pos[1] = (float)(vp->y + (ny + 1.0) * 0.5 * vp->height);
   r->pos[2] = raster_depth(ctx, vp->near_val + (nz + 1.0) * 0.5 * (vp->far_val - vp->near_val));
   r->pos[3] = (float)clip[3];
   r->distance = v.fog;
   for (unsigned i = 0; i < 4; i++) {
      r->color[i] = clampf(v.color[i]);
      r->secondary[i] = clampf(v.secondary[i]);
   }
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS && u < ARBPROG_MAX_TEXTURE_UNITS; u++)
      memcpy(r->tex[u], v.tex[u], sizeof r->tex[u]);
   st_select_raster_pos(ctx);   /* GL_SELECT: a hit */
}

static void
raster_pos(float x, float y, float z, float w)
{
   ST_ENTRY(ctx);
   if (!st_arbprog_check_draw(ctx, "glRasterPos"))   /* an enabled invalid ARB program */
      return;
   struct st_draw_ctx *d = ctx->draw;
   struct st_raster_state *r = &ctx->pix.raster;
   const float obj[4] = { x, y, z, w };
   if (st_glsl_vertex_stage(ctx) || st_arbprog_active(ctx, ST_ARBPROG_VP)) {
      raster_pos_program(ctx, obj);
      return;
   }
   float eye[4];
   double clip[4];
   mat_vec(d->mv_stack[d->mv_depth], obj, eye);
   /* double precision from here: window coordinates of integer positions
    * under glOrtho stay within a tiny error of the integer */
   const float *pm = d->proj_stack[d->proj_depth];
   for (unsigned k = 0; k < 4; k++)
      clip[k] = (double)pm[k] * eye[0] + (double)pm[4 + k] * eye[1] +
                (double)pm[8 + k] * eye[2] + (double)pm[12 + k] * eye[3];

   bool valid = raster_in_volume(ctx, clip);
   for (unsigned i = 0; i < ST_MAX_CLIP_PLANES; i++) {
      if (!st_is_enabled(ctx, (enum st_cap)(ST_CAP_CLIP_PLANE0 + i)))
         continue;
      const float *p = d->clip_plane[i];
      if (p[0] * eye[0] + p[1] * eye[1] + p[2] * eye[2] + p[3] * eye[3] < 0.0f)
         valid = false;
   }
   r->valid = valid;
   if (!valid) {
      st_select_raster_pos(ctx);
      return;   /* the other raster state is left as it was (undefined by GL) */
   }

   const struct st_viewport_attrib *vp = &ctx->viewport;
   double nx = clip[0] / clip[3], ny = clip[1] / clip[3], nz = clip[2] / clip[3];
   r->pos[0] = (float)(vp->x + (nx + 1.0) * 0.5 * vp->width);
   r->pos[1] = (float)(vp->y + (ny + 1.0) * 0.5 * vp->height);
   r->pos[2] = raster_depth(ctx, vp->near_val + (nz + 1.0) * 0.5 * (vp->far_val - vp->near_val));
   r->pos[3] = (float)clip[3];
   r->distance = fabsf(eye[2]);

   if (st_is_enabled(ctx, ST_CAP_LIGHTING)) {
      light_vertex(ctx, eye, r->color, r->secondary);
   } else {
      for (unsigned i = 0; i < 4; i++)
         r->color[i] = clampf(d->current[ST_VATTR_COLOR][i]);
      for (unsigned i = 0; i < 4; i++)
         r->secondary[i] = clampf(d->current[ST_VATTR_COLOR1][i]);
   }
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      mat_vec(d->tex_stack[u][d->tex_depth[u]], d->current[ST_VATTR_TEX0 + u], r->tex[u]);
   st_select_raster_pos(ctx);   /* GL_SELECT: a hit */
}

static void
window_pos(float x, float y, float z)
{
   ST_ENTRY(ctx);
   struct st_draw_ctx *d = ctx->draw;
   struct st_raster_state *r = &ctx->pix.raster;
   const struct st_viewport_attrib *vp = &ctx->viewport;
   r->pos[0] = x;
   r->pos[1] = y;
   float zc = clampf(z);
   r->pos[2] = (float)(vp->near_val + zc * (vp->far_val - vp->near_val));
   r->pos[3] = 1.0f;
   r->valid = true;
   r->distance = d->current[ST_VATTR_FOG][0];   /* GL 1.4: the current fog coordinate */
   for (unsigned i = 0; i < 4; i++)
      r->color[i] = clampf(d->current[ST_VATTR_COLOR][i]);
   for (unsigned i = 0; i < 4; i++)
      r->secondary[i] = clampf(d->current[ST_VATTR_COLOR1][i]);
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      memcpy(r->tex[u], d->current[ST_VATTR_TEX0 + u], sizeof r->tex[u]);
   st_select_raster_pos(ctx);   /* GL_SELECT: a hit */
}

/* --- glRasterPos, glWindowPos (GL 1.4) ---------------------------------------- */
/* Vector forms with a NULL pointer are ignored (GL leaves them undefined). */
static void
null_vector(void)
{
   ST_ENTRY(ctx);   /* still GL_INVALID_OPERATION between glBegin and glEnd */
   (void)ctx;
}

void GLAPIENTRY
api_glRasterPos2d(GLdouble x, GLdouble y)
{
   raster_pos((float)x, (float)y, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2dv(const GLdouble *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2f(GLfloat x, GLfloat y)
{
   raster_pos(x, y, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2fv(const GLfloat *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos(v[0], v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2i(GLint x, GLint y)
{
   raster_pos((float)x, (float)y, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2iv(const GLint *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2s(GLshort x, GLshort y)
{
   raster_pos((float)x, (float)y, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos2sv(const GLshort *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
api_glRasterPos3d(GLdouble x, GLdouble y, GLdouble z)
{
   raster_pos((float)x, (float)y, (float)z, 1.0f);
}

void GLAPIENTRY
api_glRasterPos3dv(const GLdouble *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], (float)v[2], 1.0f);
}

void GLAPIENTRY
api_glRasterPos3f(GLfloat x, GLfloat y, GLfloat z)
{
   raster_pos(x, y, z, 1.0f);
}

void GLAPIENTRY
api_glRasterPos3fv(const GLfloat *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos(v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
api_glRasterPos3i(GLint x, GLint y, GLint z)
{
   raster_pos((float)x, (float)y, (float)z, 1.0f);
}

void GLAPIENTRY
api_glRasterPos3iv(const GLint *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], (float)v[2], 1.0f);
}

void GLAPIENTRY
api_glRasterPos3s(GLshort x, GLshort y, GLshort z)
{
   raster_pos((float)x, (float)y, (float)z, 1.0f);
}

void GLAPIENTRY
api_glRasterPos3sv(const GLshort *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], (float)v[2], 1.0f);
}

void GLAPIENTRY
api_glRasterPos4d(GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   raster_pos((float)x, (float)y, (float)z, (float)w);
}

void GLAPIENTRY
api_glRasterPos4dv(const GLdouble *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void GLAPIENTRY
api_glRasterPos4f(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   raster_pos(x, y, z, w);
}

void GLAPIENTRY
api_glRasterPos4fv(const GLfloat *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos(v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glRasterPos4i(GLint x, GLint y, GLint z, GLint w)
{
   raster_pos((float)x, (float)y, (float)z, (float)w);
}

void GLAPIENTRY
api_glRasterPos4iv(const GLint *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void GLAPIENTRY
api_glRasterPos4s(GLshort x, GLshort y, GLshort z, GLshort w)
{
   raster_pos((float)x, (float)y, (float)z, (float)w);
}

void GLAPIENTRY
api_glRasterPos4sv(const GLshort *v)
{
   if (!v) {
      null_vector();
      return;
   }
   raster_pos((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void GLAPIENTRY
api_glWindowPos2d(GLdouble x, GLdouble y)
{
   window_pos((float)x, (float)y, 0.0f);
}

void GLAPIENTRY
api_glWindowPos2dv(const GLdouble *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos((float)v[0], (float)v[1], 0.0f);
}

void GLAPIENTRY
api_glWindowPos2f(GLfloat x, GLfloat y)
{
   window_pos(x, y, 0.0f);
}

void GLAPIENTRY
api_glWindowPos2fv(const GLfloat *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos(v[0], v[1], 0.0f);
}

void GLAPIENTRY
api_glWindowPos2i(GLint x, GLint y)
{
   window_pos((float)x, (float)y, 0.0f);
}

void GLAPIENTRY
api_glWindowPos2iv(const GLint *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos((float)v[0], (float)v[1], 0.0f);
}

void GLAPIENTRY
api_glWindowPos2s(GLshort x, GLshort y)
{
   window_pos((float)x, (float)y, 0.0f);
}

void GLAPIENTRY
api_glWindowPos2sv(const GLshort *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos((float)v[0], (float)v[1], 0.0f);
}

void GLAPIENTRY
api_glWindowPos3d(GLdouble x, GLdouble y, GLdouble z)
{
   window_pos((float)x, (float)y, (float)z);
}

void GLAPIENTRY
api_glWindowPos3dv(const GLdouble *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos((float)v[0], (float)v[1], (float)v[2]);
}

void GLAPIENTRY
api_glWindowPos3f(GLfloat x, GLfloat y, GLfloat z)
{
   window_pos(x, y, z);
}

void GLAPIENTRY
api_glWindowPos3fv(const GLfloat *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos(v[0], v[1], v[2]);
}

void GLAPIENTRY
api_glWindowPos3i(GLint x, GLint y, GLint z)
{
   window_pos((float)x, (float)y, (float)z);
}

void GLAPIENTRY
api_glWindowPos3iv(const GLint *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos((float)v[0], (float)v[1], (float)v[2]);
}

void GLAPIENTRY
api_glWindowPos3s(GLshort x, GLshort y, GLshort z)
{
   window_pos((float)x, (float)y, (float)z);
}

void GLAPIENTRY
api_glWindowPos3sv(const GLshort *v)
{
   if (!v) {
      null_vector();
      return;
   }
   window_pos((float)v[0], (float)v[1], (float)v[2]);
}
