/*
 * Texture units: glActiveTexture, the texture environment (glTexEnv,
 * GL 2.1 3.8.13 with ARB_texture_env_combine/dot3/crossbar and
 * NV_texture_env_combine4) and texture
 * coordinate generation (glTexGen, 2.11.4).
 */
#include <string.h>

#include "api.h"
#include "st_clamp.h"
#include "st_pixel_unpack.h"
#include "st_texture.h"

static struct st_texunit_state *
active(struct st_context *ctx)
{
   return &ctx->texture.unit[ctx->texture.active_unit];
}

void GLAPIENTRY
api_glActiveTexture(GLenum texture)
{
   ST_ENTRY(ctx);
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + st_texture_num_units(ctx)) {
      st_error(ctx, GL_INVALID_ENUM, "glActiveTexture");
      return;
   }
   ctx->texture.active_unit = texture - GL_TEXTURE0;
}

/* --- glTexEnv ------------------------------------------------------------------------ */

static bool
valid_combine_rgb(GLenum f)
{
   switch (f) {
   case GL_REPLACE: case GL_MODULATE: case GL_ADD: case GL_ADD_SIGNED: case GL_INTERPOLATE:
   case GL_SUBTRACT: case GL_DOT3_RGB: case GL_DOT3_RGBA: case GL_DOT3_RGB_EXT:
   case GL_DOT3_RGBA_EXT:
      return true;
   default:
      return false;
   }
}

static bool
valid_combine_alpha(GLenum f)
{
   switch (f) {
   case GL_REPLACE: case GL_MODULATE: case GL_ADD: case GL_ADD_SIGNED: case GL_INTERPOLATE:
   case GL_SUBTRACT:
      return true;
   default:
      return false;
   }
}

static bool
valid_source(GLenum s)
{
   if (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + ST_MAX_TEXTURE_UNITS)
      return true;   /* ARB_texture_env_crossbar */
   /* GL_ZERO: NV_texture_env_combine4 (any combine mode, any argument) */
   return s == GL_TEXTURE || s == GL_CONSTANT || s == GL_PRIMARY_COLOR || s == GL_PREVIOUS ||
          s == GL_ZERO;
}

static void
tex_env(struct st_context *ctx, GLenum target, GLenum pname, const GLfloat *fv,
        const GLint *iv, const char *name)
{
   struct st_texunit_state *u = active(ctx);
   GLfloat f = fv ? fv[0] : (GLfloat)iv[0];
   GLenum e = fv ? (GLenum)st_get_float_to_int(fv[0]) : (GLenum)iv[0];
   if (target == GL_TEXTURE_FILTER_CONTROL) {
      if (pname != GL_TEXTURE_LOD_BIAS) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->lod_bias = f;
      return;
   }
   if (target == GL_POINT_SPRITE) {
      if (pname != GL_COORD_REPLACE) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      if (e != GL_TRUE && e != GL_FALSE) {
         st_error(ctx, GL_INVALID_VALUE, name);
         return;
      }
      if (!st_texture_active_is_ff(ctx, name))   /* a texture coordinate set's */
         return;
      u->coord_replace = (GLboolean)e;
      return;
   }
   if (target != GL_TEXTURE_ENV) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   switch (pname) {
   case GL_TEXTURE_ENV_MODE:
      if (e != GL_MODULATE && e != GL_REPLACE && e != GL_DECAL && e != GL_BLEND && e != GL_ADD &&
          e != GL_COMBINE && e != GL_COMBINE4_NV) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->env_mode = e;
      return;
   case GL_TEXTURE_ENV_COLOR:
      for (unsigned i = 0; i < 4; i++) {
         GLfloat c = fv ? fv[i] : st_snorm_to_float(iv[i], 32);
         /* ARB_color_buffer_float (issue 7): kept as given, clamped on
          * use and by queries under fragment colour clamping */
         u->env_color[i] = ctx->caps.arb_color_buffer_float ? c : c < 0 ? 0 : c > 1 ? 1 : c;
      }
      return;
   case GL_COMBINE_RGB:
      if (!valid_combine_rgb(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->combine_rgb = e;
      return;
   case GL_COMBINE_ALPHA:
      if (!valid_combine_alpha(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->combine_alpha = e;
      return;
   case GL_SOURCE0_RGB: case GL_SOURCE1_RGB: case GL_SOURCE2_RGB: case GL_SOURCE3_RGB_NV:
   case GL_SOURCE0_ALPHA: case GL_SOURCE1_ALPHA: case GL_SOURCE2_ALPHA: case GL_SOURCE3_ALPHA_NV:
      if (!valid_source(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      if (pname >= GL_SOURCE0_ALPHA)
         u->src_alpha[pname - GL_SOURCE0_ALPHA] = e;
      else
         u->src_rgb[pname - GL_SOURCE0_RGB] = e;
      return;
   case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB: case GL_OPERAND3_RGB_NV:
      if (e != GL_SRC_COLOR && e != GL_ONE_MINUS_SRC_COLOR && e != GL_SRC_ALPHA &&
          e != GL_ONE_MINUS_SRC_ALPHA) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->operand_rgb[pname - GL_OPERAND0_RGB] = e;
      return;
   case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA:
   case GL_OPERAND3_ALPHA_NV:
      if (e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->operand_alpha[pname - GL_OPERAND0_ALPHA] = e;
      return;
   case GL_RGB_SCALE:
   case GL_ALPHA_SCALE:
      if (f != 1.0f && f != 2.0f && f != 4.0f) {
         st_error(ctx, GL_INVALID_VALUE, name);
         return;
      }
      if (pname == GL_RGB_SCALE)
         u->rgb_scale = f;
      else
         u->alpha_scale = f;
      return;
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
}

static bool
env_is_vector(GLenum pname)
{
   return pname == GL_TEXTURE_ENV_COLOR;
}

void GLAPIENTRY
api_glTexEnvf(GLenum target, GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   if (env_is_vector(pname)) {
      st_error(ctx, GL_INVALID_ENUM, "glTexEnvf");
      return;
   }
   tex_env(ctx, target, pname, &param, NULL, "glTexEnvf");
}

void GLAPIENTRY
api_glTexEnvi(GLenum target, GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   if (env_is_vector(pname)) {
      st_error(ctx, GL_INVALID_ENUM, "glTexEnvi");
      return;
   }
   tex_env(ctx, target, pname, NULL, &param, "glTexEnvi");
}

void GLAPIENTRY
api_glTexEnvfv(GLenum target, GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   if (params)
      tex_env(ctx, target, pname, params, NULL, "glTexEnvfv");
}

void GLAPIENTRY
api_glTexEnviv(GLenum target, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   if (params)
      tex_env(ctx, target, pname, NULL, params, "glTexEnviv");
}

/* Values of a texenv parameter as floats (n of them); false: bad enum. */
static bool
get_tex_env(struct st_context *ctx, GLenum target, GLenum pname, GLfloat v[4], unsigned *n,
            bool *is_enum)
{
   struct st_texunit_state *u = active(ctx);
   *n = 1;
   *is_enum = true;
   if (target == GL_TEXTURE_FILTER_CONTROL) {
      if (pname != GL_TEXTURE_LOD_BIAS)
         return false;
      v[0] = u->lod_bias;
      *is_enum = false;
      return true;
   }
   if (target == GL_POINT_SPRITE) {
      if (pname != GL_COORD_REPLACE)
         return false;
      v[0] = u->coord_replace;
      return true;
   }
   if (target != GL_TEXTURE_ENV)
      return false;
   switch (pname) {
   case GL_TEXTURE_ENV_MODE: v[0] = (GLfloat)u->env_mode; return true;
   case GL_TEXTURE_ENV_COLOR:
      memcpy(v, u->env_color, sizeof u->env_color);
      st_clamp_floats01(v, 4, st_clamp_fragment_color(ctx));
      *n = 4;
      *is_enum = false;
      return true;
   case GL_COMBINE_RGB: v[0] = (GLfloat)u->combine_rgb; return true;
   case GL_COMBINE_ALPHA: v[0] = (GLfloat)u->combine_alpha; return true;
   case GL_SOURCE0_RGB: case GL_SOURCE1_RGB: case GL_SOURCE2_RGB: case GL_SOURCE3_RGB_NV:
      v[0] = (GLfloat)u->src_rgb[pname - GL_SOURCE0_RGB]; return true;
   case GL_SOURCE0_ALPHA: case GL_SOURCE1_ALPHA: case GL_SOURCE2_ALPHA: case GL_SOURCE3_ALPHA_NV:
      v[0] = (GLfloat)u->src_alpha[pname - GL_SOURCE0_ALPHA]; return true;
   case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB: case GL_OPERAND3_RGB_NV:
      v[0] = (GLfloat)u->operand_rgb[pname - GL_OPERAND0_RGB]; return true;
   case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA:
   case GL_OPERAND3_ALPHA_NV:
      v[0] = (GLfloat)u->operand_alpha[pname - GL_OPERAND0_ALPHA]; return true;
   case GL_RGB_SCALE: v[0] = u->rgb_scale; *is_enum = false; return true;
   case GL_ALPHA_SCALE: v[0] = u->alpha_scale; *is_enum = false; return true;
   default: return false;
   }
}

void GLAPIENTRY
api_glGetTexEnvfv(GLenum target, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   GLfloat v[4];
   unsigned n;
   bool e;
   if (!get_tex_env(ctx, target, pname, v, &n, &e)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexEnvfv");
      return;
   }
   if (target == GL_POINT_SPRITE && !st_texture_active_is_ff(ctx, "glGetTexEnvfv"))
      return;
   if (params)
      memcpy(params, v, sizeof(GLfloat) * n);
}

void GLAPIENTRY
api_glGetTexEnviv(GLenum target, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   GLfloat v[4];
   unsigned n;
   bool e;
   if (!get_tex_env(ctx, target, pname, v, &n, &e)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexEnviv");
      return;
   }
   if (target == GL_POINT_SPRITE && !st_texture_active_is_ff(ctx, "glGetTexEnviv"))
      return;
   if (!params)
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = pname == GL_TEXTURE_ENV_COLOR ? st_get_norm_to_int(v[i])
                                                : (e ? (GLint)v[i] : st_get_float_to_int(v[i]));
}

/* --- glTexGen ---------------------------------------------------------------------------- */

static int
coord_index(GLenum coord)
{
   switch (coord) {
   case GL_S: return 0;
   case GL_T: return 1;
   case GL_R: return 2;
   case GL_Q: return 3;
   default: return -1;
   }
}

/* Inverse of a column-major 4x4 matrix; false if singular. */
static bool
invert(const float *m, float *inv)
{
   float t[16];
   t[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] +
          m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
   t[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] -
          m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
   t[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] +
          m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
   t[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] -
           m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
   t[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] -
          m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
   t[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] +
          m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
   t[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] -
          m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
   t[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] +
           m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
   t[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] +
          m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
   t[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] -
          m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
   t[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] +
           m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
   t[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] -
           m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
   t[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] -
          m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
   t[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] +
          m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
   t[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] -
           m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
   t[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] +
           m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
   float det = m[0] * t[0] + m[1] * t[4] + m[2] * t[8] + m[3] * t[12];
   if (det == 0.0f)
      return false;
   for (unsigned i = 0; i < 16; i++)
      inv[i] = t[i] / det;
   return true;
}

static void
tex_gen(struct st_context *ctx, GLenum coord, GLenum pname, const GLfloat *fv, const GLint *iv,
        const GLdouble *dv, const char *name)
{
   int c = coord_index(coord);
   if (c < 0) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (!st_texture_active_is_ff(ctx, name))   /* GL 3.0 compatibility 2.12.3 */
      return;
   struct st_texunit_state *u = active(ctx);
   GLfloat p[4];
   for (unsigned i = 0; i < 4; i++)
      p[i] = fv ? fv[i] : dv ? (GLfloat)dv[i] : (GLfloat)iv[i];
   switch (pname) {
   case GL_TEXTURE_GEN_MODE: {
      GLenum m = fv ? (GLenum)st_get_float_to_int(fv[0])
               : dv ? (GLenum)st_get_float_to_int(dv[0]) : (GLenum)iv[0];
      bool ok = m == GL_OBJECT_LINEAR || m == GL_EYE_LINEAR;
      if (m == GL_SPHERE_MAP)
         ok = c < 2;
      if (m == GL_REFLECTION_MAP || m == GL_NORMAL_MAP)
         ok = c < 3;
      if (!ok) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      u->gen_mode[c] = m;
      return;
   }
   case GL_OBJECT_PLANE:
      memcpy(u->object_plane[c], p, sizeof p);
      return;
   case GL_EYE_PLANE: {
      /* p_eye = p * M^-1 (the modelview at specification time) */
      const float *m = ctx->draw->mv_stack[ctx->draw->mv_depth];
      float inv[16];
      if (!invert(m, inv)) {
         memcpy(u->eye_plane[c], p, sizeof p);
         return;
      }
      for (unsigned j = 0; j < 4; j++)
         u->eye_plane[c][j] = p[0] * inv[j * 4 + 0] + p[1] * inv[j * 4 + 1] +
                              p[2] * inv[j * 4 + 2] + p[3] * inv[j * 4 + 3];
      return;
   }
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
}

void GLAPIENTRY
api_glTexGeni(GLenum coord, GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   GLint v[4] = { param, 0, 0, 0 };
   if (pname != GL_TEXTURE_GEN_MODE) {
      st_error(ctx, GL_INVALID_ENUM, "glTexGeni");
      return;
   }
   tex_gen(ctx, coord, pname, NULL, v, NULL, "glTexGeni");
}

void GLAPIENTRY
api_glTexGenf(GLenum coord, GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   GLfloat v[4] = { param, 0, 0, 0 };
   if (pname != GL_TEXTURE_GEN_MODE) {
      st_error(ctx, GL_INVALID_ENUM, "glTexGenf");
      return;
   }
   tex_gen(ctx, coord, pname, v, NULL, NULL, "glTexGenf");
}

void GLAPIENTRY
api_glTexGend(GLenum coord, GLenum pname, GLdouble param)
{
   ST_ENTRY(ctx);
   GLdouble v[4] = { param, 0, 0, 0 };
   if (pname != GL_TEXTURE_GEN_MODE) {
      st_error(ctx, GL_INVALID_ENUM, "glTexGend");
      return;
   }
   tex_gen(ctx, coord, pname, NULL, NULL, v, "glTexGend");
}

/*
 * How many values the vector forms of glTexGen read for 'pname': one for the
 * mode, four for a plane, none for anything else (GL_INVALID_ENUM, raised
 * before any of the caller's memory is read).
 */
static unsigned
tex_gen_count(struct st_context *ctx, GLenum pname, const void *params, const char *name)
{
   unsigned n = pname == GL_TEXTURE_GEN_MODE ? 1
              : pname == GL_OBJECT_PLANE || pname == GL_EYE_PLANE ? 4 : 0;
   if (!n)
      st_error(ctx, GL_INVALID_ENUM, name);
   return params ? n : 0;
}

void GLAPIENTRY
api_glTexGeniv(GLenum coord, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   GLint v[4] = { 0, 0, 0, 0 };
   unsigned n = tex_gen_count(ctx, pname, params, "glTexGeniv");
   if (n) {
      memcpy(v, params, n * sizeof v[0]);
      tex_gen(ctx, coord, pname, NULL, v, NULL, "glTexGeniv");
   }
}

void GLAPIENTRY
api_glTexGenfv(GLenum coord, GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   GLfloat v[4] = { 0, 0, 0, 0 };
   unsigned n = tex_gen_count(ctx, pname, params, "glTexGenfv");
   if (n) {
      memcpy(v, params, n * sizeof v[0]);
      tex_gen(ctx, coord, pname, v, NULL, NULL, "glTexGenfv");
   }
}

void GLAPIENTRY
api_glTexGendv(GLenum coord, GLenum pname, const GLdouble *params)
{
   ST_ENTRY(ctx);
   GLdouble v[4] = { 0, 0, 0, 0 };
   unsigned n = tex_gen_count(ctx, pname, params, "glTexGendv");
   if (n) {
      memcpy(v, params, n * sizeof v[0]);
      tex_gen(ctx, coord, pname, NULL, NULL, v, "glTexGendv");
   }
}

static bool
get_tex_gen(struct st_context *ctx, GLenum coord, GLenum pname, GLdouble v[4], unsigned *n)
{
   int c = coord_index(coord);
   if (c < 0)
      return false;
   struct st_texunit_state *u = active(ctx);
   switch (pname) {
   case GL_TEXTURE_GEN_MODE:
      v[0] = u->gen_mode[c];
      *n = 1;
      return true;
   case GL_OBJECT_PLANE:
      for (unsigned i = 0; i < 4; i++)
         v[i] = u->object_plane[c][i];
      *n = 4;
      return true;
   case GL_EYE_PLANE:
      for (unsigned i = 0; i < 4; i++)
         v[i] = u->eye_plane[c][i];
      *n = 4;
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
api_glGetTexGendv(GLenum coord, GLenum pname, GLdouble *params)
{
   ST_ENTRY(ctx);
   GLdouble v[4];
   unsigned n;
   if (!get_tex_gen(ctx, coord, pname, v, &n)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexGendv");
      return;
   }
   if (!st_texture_active_is_ff(ctx, "glGetTexGendv"))
      return;
   for (unsigned i = 0; params && i < n; i++)
      params[i] = v[i];
}

void GLAPIENTRY
api_glGetTexGenfv(GLenum coord, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   GLdouble v[4];
   unsigned n;
   if (!get_tex_gen(ctx, coord, pname, v, &n)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexGenfv");
      return;
   }
   if (!st_texture_active_is_ff(ctx, "glGetTexGenfv"))
      return;
   for (unsigned i = 0; params && i < n; i++)
      params[i] = (GLfloat)v[i];
}

void GLAPIENTRY
api_glGetTexGeniv(GLenum coord, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   GLdouble v[4];
   unsigned n;
   if (!get_tex_gen(ctx, coord, pname, v, &n)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetTexGeniv");
      return;
   }
   if (!st_texture_active_is_ff(ctx, "glGetTexGeniv"))
      return;
   for (unsigned i = 0; params && i < n; i++)
      params[i] = pname == GL_TEXTURE_GEN_MODE ? (GLint)v[i] : st_get_float_to_int(v[i]);
}
