/*
 * Lighting, fog and user clip-plane values (GL 2.1 sections 2.12, 2.14,
 * 3.10): glLight, glGetLight, glLightModel, glMaterial, glGetMaterial,
 * glColorMaterial, glFog, glClipPlane, glGetClipPlane.  Light positions
 * and spot directions are transformed by the modelview matrix, clip
 * planes by its inverse, when they are specified; the stored values are
 * eye-space (what ff_state wants).
 */
#include <math.h>
#include <string.h>

#include "api.h"
#include "st_draw.h"
#include "st_material.h"
#include "util/u_matrix.h"

static void
set4(float *d, float a, float b, float c, float e)
{
   d[0] = a;
   d[1] = b;
   d[2] = c;
   d[3] = e;
}

void
st_light_init_defaults(struct st_draw_ctx *d)
{
   struct st_lighting_vals *l = &d->lighting;
   memset(l, 0, sizeof *l);
   for (unsigned i = 0; i < ST_MAX_LIGHTS; i++) {
      struct ff_light *li = &l->light[i];
      set4(li->ambient, 0, 0, 0, 1);
      if (i == 0) {
         set4(li->diffuse, 1, 1, 1, 1);
         set4(li->specular, 1, 1, 1, 1);
      } else {
         set4(li->diffuse, 0, 0, 0, 1);
         set4(li->specular, 0, 0, 0, 1);
      }
      set4(li->position, 0, 0, 1, 0);
      li->spot_direction[2] = -1.0f;
      li->spot_exponent = 0.0f;
      li->spot_cutoff = 180.0f;
      li->constant_attenuation = 1.0f;
   }
   for (unsigned f = 0; f < 2; f++) {
      struct ff_material *m = &l->material[f];
      set4(m->ambient, 0.2f, 0.2f, 0.2f, 1);
      set4(m->diffuse, 0.8f, 0.8f, 0.8f, 1);
      set4(m->specular, 0, 0, 0, 1);
      set4(m->emission, 0, 0, 0, 1);
      m->shininess = 0.0f;
   }
   set4(l->model_ambient, 0.2f, 0.2f, 0.2f, 1);
   l->color_control = GL_SINGLE_COLOR;
   l->cm_face = GL_FRONT_AND_BACK;
   l->cm_mode = GL_AMBIENT_AND_DIFFUSE;

   memset(&d->fog, 0, sizeof d->fog);
   d->fog.mode = GL_EXP;
   d->fog.coord_src = GL_FRAGMENT_DEPTH;
   d->fog.distance_mode = GL_EYE_PLANE_ABSOLUTE_NV;
   d->fog.density = 1.0f;
   d->fog.end = 1.0f;
   memset(d->clip_plane, 0, sizeof d->clip_plane);
}

static const float *
modelview(struct st_context *ctx)
{
   return ctx->draw->mv_stack[ctx->draw->mv_depth];
}

/* out = M v (column-major M; v has n = 3 or 4 components, w = 0 for 3) */
static void
xform(const float *m, const float *v, unsigned n, float *out)
{
   for (unsigned r = 0; r < n; r++) {
      double s = 0.0;
      for (unsigned k = 0; k < n; k++)
         s += (double)m[k * 4 + r] * v[k];
      out[r] = (float)s;
   }
}

/* Inverse of a 4x4 column-major matrix; false if singular (a pivot below
 * 1e-30). */
static bool
invert(const float *m, double *inv)
{
   return u_mat4_inverse(m, inv, 1e-30, false);
}

/* Number of values a glLight pname takes (0: not a pname). */
static unsigned
light_pname_count(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION:
      return 4;
   case GL_SPOT_DIRECTION:
      return 3;
   case GL_SPOT_EXPONENT: case GL_SPOT_CUTOFF: case GL_CONSTANT_ATTENUATION:
   case GL_LINEAR_ATTENUATION: case GL_QUADRATIC_ATTENUATION:
      return 1;
   default:
      return 0;
   }
}

static void
light(struct st_context *ctx, GLenum l, GLenum pname, const float *p, bool scalar)
{
   unsigned n = light_pname_count(pname);
   if (l < GL_LIGHT0 || l >= GL_LIGHT0 + ST_MAX_LIGHTS || n == 0 || (scalar && n != 1)) {
      st_error(ctx, GL_INVALID_ENUM, "glLight");
      return;
   }
   if (!p)
      return;
   struct ff_light *li = &ctx->draw->lighting.light[l - GL_LIGHT0];
   switch (pname) {
   case GL_AMBIENT: memcpy(li->ambient, p, 4 * sizeof(float)); break;
   case GL_DIFFUSE: memcpy(li->diffuse, p, 4 * sizeof(float)); break;
   case GL_SPECULAR: memcpy(li->specular, p, 4 * sizeof(float)); break;
   case GL_POSITION: xform(modelview(ctx), p, 4, li->position); break;
   case GL_SPOT_DIRECTION: {
      /* a direction: the upper 3x3 of the modelview */
      float v[3];
      for (unsigned r = 0; r < 3; r++) {
         const float *m = modelview(ctx);
         v[r] = m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2];
      }
      memcpy(li->spot_direction, v, sizeof v);
      break;
   }
   case GL_SPOT_EXPONENT:
      if (!(p[0] >= 0.0f && p[0] <= 128.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "glLight(GL_SPOT_EXPONENT)");
         return;
      }
      li->spot_exponent = p[0];
      break;
   case GL_SPOT_CUTOFF:
      if (!((p[0] >= 0.0f && p[0] <= 90.0f) || p[0] == 180.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "glLight(GL_SPOT_CUTOFF)");
         return;
      }
      li->spot_cutoff = p[0];
      break;
   default: {
      if (!(p[0] >= 0.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "glLight(attenuation)");
         return;
      }
      if (pname == GL_CONSTANT_ATTENUATION)
         li->constant_attenuation = p[0];
      else if (pname == GL_LINEAR_ATTENUATION)
         li->linear_attenuation = p[0];
      else
         li->quadratic_attenuation = p[0];
      break;
   }
   }
}

void GLAPIENTRY
api_glLightf(GLenum l, GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   light(ctx, l, pname, &param, true);
}

void GLAPIENTRY
api_glLighti(GLenum l, GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   float f = (float)param;
   light(ctx, l, pname, &f, true);
}

void GLAPIENTRY
api_glLightfv(GLenum l, GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   light(ctx, l, pname, params, false);
}

/* Colours given as integers are normalized (GL 2.1 table 2.9 / 2.14). */
static float
int_to_color(GLint i)
{
   return (float)((2.0 * i + 1.0) / 4294967295.0);
}

static bool
is_color_pname(GLenum pname)
{
   return pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR ||
          pname == GL_EMISSION || pname == GL_AMBIENT_AND_DIFFUSE ||
          pname == GL_LIGHT_MODEL_AMBIENT || pname == GL_FOG_COLOR;
}

/* n integers -> floats; colours normalized */
static void
ints_to_floats(GLenum pname, const GLint *in, unsigned n, float *out)
{
   for (unsigned i = 0; i < n; i++)
      out[i] = is_color_pname(pname) ? int_to_color(in[i]) : (float)in[i];
}

void GLAPIENTRY
api_glLightiv(GLenum l, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   float f[4] = { 0, 0, 0, 0 };
   if (params)
      ints_to_floats(pname, params, light_pname_count(pname), f);
   light(ctx, l, pname, params ? f : NULL, false);
}

static bool
get_light(struct st_context *ctx, GLenum l, GLenum pname, float *out, unsigned *n)
{
   *n = light_pname_count(pname);
   if (l < GL_LIGHT0 || l >= GL_LIGHT0 + ST_MAX_LIGHTS || *n == 0) {
      st_error(ctx, GL_INVALID_ENUM, "glGetLight");
      return false;
   }
   const struct ff_light *li = &ctx->draw->lighting.light[l - GL_LIGHT0];
   switch (pname) {
   case GL_AMBIENT: memcpy(out, li->ambient, 4 * sizeof(float)); break;
   case GL_DIFFUSE: memcpy(out, li->diffuse, 4 * sizeof(float)); break;
   case GL_SPECULAR: memcpy(out, li->specular, 4 * sizeof(float)); break;
   case GL_POSITION: memcpy(out, li->position, 4 * sizeof(float)); break;
   case GL_SPOT_DIRECTION: memcpy(out, li->spot_direction, 3 * sizeof(float)); break;
   case GL_SPOT_EXPONENT: out[0] = li->spot_exponent; break;
   case GL_SPOT_CUTOFF: out[0] = li->spot_cutoff; break;
   case GL_CONSTANT_ATTENUATION: out[0] = li->constant_attenuation; break;
   case GL_LINEAR_ATTENUATION: out[0] = li->linear_attenuation; break;
   default: out[0] = li->quadratic_attenuation; break;
   }
   return true;
}

void GLAPIENTRY
api_glGetLightfv(GLenum l, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   float v[4];
   unsigned n;
   if (get_light(ctx, l, pname, v, &n) && params)
      memcpy(params, v, n * sizeof(float));
}

/* Colours as integers: GL 2.1 6.1.2 (normalized to the int range);
 * everything else rounded. */
static void
floats_to_ints(GLenum pname, const float *v, unsigned n, GLint *out)
{
   for (unsigned i = 0; i < n; i++)
      out[i] = is_color_pname(pname) ? st_get_norm_to_int(v[i]) : st_get_float_to_int(v[i]);
}

void GLAPIENTRY
api_glGetLightiv(GLenum l, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   float v[4];
   unsigned n;
   if (get_light(ctx, l, pname, v, &n) && params)
      floats_to_ints(pname, v, n, params);
}

/* --- light model --------------------------------------------------------- */

static void
light_model(struct st_context *ctx, GLenum pname, const float *p, bool scalar)
{
   struct st_lighting_vals *l = &ctx->draw->lighting;
   switch (pname) {
   case GL_LIGHT_MODEL_AMBIENT:
      if (scalar)
         break;
      if (p)
         memcpy(l->model_ambient, p, 4 * sizeof(float));
      return;
   case GL_LIGHT_MODEL_LOCAL_VIEWER:
      if (p)
         l->local_viewer = p[0] != 0.0f;
      return;
   case GL_LIGHT_MODEL_TWO_SIDE:
      if (p)
         l->two_side = p[0] != 0.0f;
      return;
   case GL_LIGHT_MODEL_COLOR_CONTROL:
      if (!p)
         return;
      if (p[0] == (float)GL_SINGLE_COLOR)
         l->color_control = GL_SINGLE_COLOR;
      else if (p[0] == (float)GL_SEPARATE_SPECULAR_COLOR)
         l->color_control = GL_SEPARATE_SPECULAR_COLOR;
      else
         break;
      return;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "glLightModel");
}

void GLAPIENTRY
api_glLightModelf(GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   light_model(ctx, pname, &param, true);
}

void GLAPIENTRY
api_glLightModeli(GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   float f = (float)param;
   light_model(ctx, pname, &f, true);
}

void GLAPIENTRY
api_glLightModelfv(GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   light_model(ctx, pname, params, false);
}

void GLAPIENTRY
api_glLightModeliv(GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   float f[4] = { 0, 0, 0, 0 };
   if (params)
      ints_to_floats(pname, params, pname == GL_LIGHT_MODEL_AMBIENT ? 4 : 1, f);
   light_model(ctx, pname, params ? f : NULL, false);
}

/* --- material ------------------------------------------------------------ */

static unsigned
material_pname_count(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_EMISSION:
   case GL_AMBIENT_AND_DIFFUSE:
      return 4;
   case GL_SHININESS:
      return 1;
   case GL_COLOR_INDEXES:
      return 3;
   default:
      return 0;
   }
}

/* glMaterial is allowed between glBegin and glEnd: no ST_ENTRY. */
static void
material(GLenum face, GLenum pname, const float *p, bool scalar)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   st_draw_state_changed(ctx);
   unsigned n = material_pname_count(pname);
   if ((face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) || n == 0 ||
       (scalar && n != 1)) {
      st_error(ctx, GL_INVALID_ENUM, "glMaterial");
      return;
   }
   if (!p)
      return;
   if (pname == GL_SHININESS && !(p[0] >= 0.0f && p[0] <= 128.0f)) {
      st_error(ctx, GL_INVALID_VALUE, "glMaterial(GL_SHININESS)");
      return;
   }
   if (ctx->inside_begin_end)
      st_material_batch_before(ctx);   /* per-vertex materials (st_material.c) */
   for (unsigned f = 0; f < 2; f++) {
      if ((f == 0 && face == GL_BACK) || (f == 1 && face == GL_FRONT))
         continue;
      struct ff_material *m = &ctx->draw->lighting.material[f];
      switch (pname) {
      case GL_AMBIENT: memcpy(m->ambient, p, 4 * sizeof(float)); break;
      case GL_DIFFUSE: memcpy(m->diffuse, p, 4 * sizeof(float)); break;
      case GL_SPECULAR: memcpy(m->specular, p, 4 * sizeof(float)); break;
      case GL_EMISSION: memcpy(m->emission, p, 4 * sizeof(float)); break;
      case GL_AMBIENT_AND_DIFFUSE:
         memcpy(m->ambient, p, 4 * sizeof(float));
         memcpy(m->diffuse, p, 4 * sizeof(float));
         break;
      case GL_SHININESS: m->shininess = p[0]; break;
      default: break;   /* colour indexes: no colour-index mode */
      }
   }
   /* values GL_COLOR_MATERIAL tracks keep following the current colour */
   st_color_material_track(ctx);
   if (ctx->inside_begin_end)
      st_material_batch_after(ctx);
}

void GLAPIENTRY
api_glMaterialf(GLenum face, GLenum pname, GLfloat param)
{
   material(face, pname, &param, true);
}

void GLAPIENTRY
api_glMateriali(GLenum face, GLenum pname, GLint param)
{
   float f = (float)param;
   material(face, pname, &f, true);
}

void GLAPIENTRY
api_glMaterialfv(GLenum face, GLenum pname, const GLfloat *params)
{
   material(face, pname, params, false);
}

void GLAPIENTRY
api_glMaterialiv(GLenum face, GLenum pname, const GLint *params)
{
   float f[4] = { 0, 0, 0, 0 };
   if (params)
      ints_to_floats(pname, params, material_pname_count(pname), f);
   material(face, pname, params ? f : NULL, false);
}

static bool
get_material(struct st_context *ctx, GLenum face, GLenum pname, float *out, unsigned *n)
{
   *n = material_pname_count(pname);
   if ((face != GL_FRONT && face != GL_BACK) || *n == 0 || pname == GL_AMBIENT_AND_DIFFUSE) {
      st_error(ctx, GL_INVALID_ENUM, "glGetMaterial");
      return false;
   }
   const struct ff_material *m = &ctx->draw->lighting.material[face == GL_BACK];
   switch (pname) {
   case GL_AMBIENT: memcpy(out, m->ambient, 4 * sizeof(float)); break;
   case GL_DIFFUSE: memcpy(out, m->diffuse, 4 * sizeof(float)); break;
   case GL_SPECULAR: memcpy(out, m->specular, 4 * sizeof(float)); break;
   case GL_EMISSION: memcpy(out, m->emission, 4 * sizeof(float)); break;
   case GL_SHININESS: out[0] = m->shininess; break;
   default: out[0] = 0; out[1] = 1; out[2] = 1; break;   /* colour indexes */
   }
   return true;
}

void GLAPIENTRY
api_glGetMaterialfv(GLenum face, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   float v[4];
   unsigned n;
   if (get_material(ctx, face, pname, v, &n) && params)
      memcpy(params, v, n * sizeof(float));
}

void GLAPIENTRY
api_glGetMaterialiv(GLenum face, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   float v[4];
   unsigned n;
   if (get_material(ctx, face, pname, v, &n) && params)
      floats_to_ints(pname, v, n, params);
}

void GLAPIENTRY
api_glColorMaterial(GLenum face, GLenum mode)
{
   ST_ENTRY(ctx);
   if ((face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) ||
       (mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE &&
        mode != GL_SPECULAR && mode != GL_AMBIENT_AND_DIFFUSE)) {
      st_error(ctx, GL_INVALID_ENUM, "glColorMaterial");
      return;
   }
   ctx->draw->lighting.cm_face = face;
   ctx->draw->lighting.cm_mode = mode;
   st_color_material_track(ctx);   /* when enabled, the current colour applies at once */
}

/* --- fog ------------------------------------------------------------------ */

static void
fog(struct st_context *ctx, GLenum pname, const float *p, bool scalar)
{
   struct st_fog_vals *f = &ctx->draw->fog;
   switch (pname) {
   case GL_FOG_MODE:
      if (!p)
         return;
      if (p[0] == (float)GL_LINEAR || p[0] == (float)GL_EXP || p[0] == (float)GL_EXP2) {
         f->mode = (GLenum)p[0];
         return;
      }
      break;
   case GL_FOG_DENSITY:
      if (p && !(p[0] >= 0.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "glFog(GL_FOG_DENSITY)");
         return;
      }
      if (p)
         f->density = p[0];
      return;
   case GL_FOG_START:
      if (p)
         f->start = p[0];
      return;
   case GL_FOG_END:
      if (p)
         f->end = p[0];
      return;
   case GL_FOG_INDEX:
      if (p)
         f->index = p[0];
      return;
   case GL_FOG_COLOR:
      if (scalar)
         break;
      if (p)
         memcpy(f->color, p, 4 * sizeof(float));
      return;
   case GL_FOG_COORD_SRC:   /* GL 1.4 / EXT_fog_coord (fog coordinates: st_array.c) */
      if (!p)
         return;
      if (p[0] == (float)GL_FRAGMENT_DEPTH || p[0] == (float)GL_FOG_COORD) {
         f->coord_src = (GLenum)p[0];
         return;
      }
      break;
   case GL_FOG_DISTANCE_MODE_NV:   /* GL_NV_fog_distance (desktop) */
      if (ctx->profile == ST_PROFILE_GLES1)
         break;
      if (!p)
         return;
      if (p[0] == (float)GL_EYE_RADIAL_NV || p[0] == (float)GL_EYE_PLANE ||
          p[0] == (float)GL_EYE_PLANE_ABSOLUTE_NV) {
         f->distance_mode = (GLenum)p[0];
         return;
      }
      break;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "glFog");
}

void GLAPIENTRY
api_glFogf(GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   fog(ctx, pname, &param, true);
}

void GLAPIENTRY
api_glFogi(GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   float f = (float)param;
   fog(ctx, pname, &f, true);
}

void GLAPIENTRY
api_glFogfv(GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   fog(ctx, pname, params, false);
}

void GLAPIENTRY
api_glFogiv(GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   float f[4] = { 0, 0, 0, 0 };
   if (params)
      ints_to_floats(pname, params, pname == GL_FOG_COLOR ? 4 : 1, f);
   fog(ctx, pname, params ? f : NULL, false);
}

/* --- clip planes ----------------------------------------------------------- */

void GLAPIENTRY
api_glClipPlane(GLenum plane, const GLdouble *equation)
{
   ST_ENTRY(ctx);
   if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + ST_MAX_CLIP_PLANES) {
      st_error(ctx, GL_INVALID_ENUM, "glClipPlane");
      return;
   }
   if (!equation)
      return;
   /* eye plane = p * M^-1 (row vector): component c = sum_r p[r] inv[c][r] */
   double inv[16];
   float *out = ctx->draw->clip_plane[plane - GL_CLIP_PLANE0];
   if (!invert(modelview(ctx), inv)) {
      /* singular modelview: undefined in GL; keep the plane as given */
      for (unsigned c = 0; c < 4; c++)
         out[c] = (float)equation[c];
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      double s = 0.0;
      for (unsigned r = 0; r < 4; r++)
         s += equation[r] * inv[c * 4 + r];
      out[c] = (float)s;
   }
}

void GLAPIENTRY
api_glGetClipPlane(GLenum plane, GLdouble *equation)
{
   ST_ENTRY(ctx);
   if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + ST_MAX_CLIP_PLANES) {
      st_error(ctx, GL_INVALID_ENUM, "glGetClipPlane");
      return;
   }
   if (equation)
      for (unsigned c = 0; c < 4; c++)
         equation[c] = ctx->draw->clip_plane[plane - GL_CLIP_PLANE0][c];
}
