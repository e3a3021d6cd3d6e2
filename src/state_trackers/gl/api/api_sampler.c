/*
 * GL_ARB_sampler_objects: glGenSamplers, glDeleteSamplers, glIsSampler,
 * glBindSampler, glSamplerParameter*, glGetSamplerParameter* (st_sampler.h).
 *
 * Names are created with their object by glGenSamplers (the spec's
 * "acquire state on first use" cannot be told apart from that: issue 10).
 * Units: 0 .. the context's texture image units - 1
 * (st_texture_num_units: MAX_COMBINED_TEXTURE_IMAGE_UNITS with shaders).
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "st_pixel_unpack.h"
#include "st_sampler.h"
#include "st_texture.h"

/* --- objects ---------------------------------------------------------------- */

struct st_sampler_object *
st_sampler_create(GLuint name)
{
   struct st_sampler_object *s = calloc(1, sizeof *s);
   if (!s)
      return NULL;
   s->refcount = 1;
   s->name = name;
   s->wrap_s = s->wrap_t = s->wrap_r = GL_REPEAT;
   s->min_filter = GL_NEAREST_MIPMAP_LINEAR;
   s->mag_filter = GL_LINEAR;
   s->border_type = GL_FLOAT;
   s->min_lod = -1000.0f;
   s->max_lod = 1000.0f;
   s->lod_bias = 0.0f;
   s->compare_mode = GL_NONE;
   s->compare_func = GL_LEQUAL;
   return s;
}

void
st_sampler_reference(struct st_sampler_object **dst, struct st_sampler_object *src)
{
   struct st_sampler_object *old = *dst;
   if (old == src)
      return;
   if (src)
      __atomic_add_fetch(&src->refcount, 1, __ATOMIC_ACQ_REL);
   *dst = src;
   if (old && __atomic_sub_fetch(&old->refcount, 1, __ATOMIC_ACQ_REL) == 0)
      free(old);
}

void
st_sampler_destroy_cb(void *obj, void *data)
{
   (void)data;
   struct st_sampler_object *s = obj;
   st_sampler_reference(&s, NULL);
}

bool
st_sampler_params_from(const struct st_sampler_object *s, const struct st_texture_object *o,
                       struct st_sampler_params *p)
{
   p->wrap_s = s->wrap_s;
   p->wrap_t = s->wrap_t;
   p->wrap_r = s->wrap_r;
   p->min_filter = s->min_filter;
   p->mag_filter = s->mag_filter;
   for (unsigned i = 0; i < 4; i++) {
      /* integer border colours (EXT_texture_integer): their bits for
       * integer textures (make_sampler), their values as floats otherwise */
      switch (s->border_type) {
      case GL_INT: p->border_color[i] = (GLfloat)s->border.i[i]; break;
      case GL_UNSIGNED_INT: p->border_color[i] = (GLfloat)s->border.ui[i]; break;
      default: p->border_color[i] = s->border.f[i]; break;
      }
      p->border_int[i] = s->border.ui[i];
   }
   p->border_type = s->border_type;
   p->min_lod = s->min_lod;
   p->max_lod = s->max_lod;
   p->lod_bias = s->lod_bias;
   p->compare_mode = s->compare_mode;
   p->compare_func = s->compare_func;
   if (o->target == GL_TEXTURE_RECTANGLE_ARB) {
      /* the completeness rule names S and T only (a sampler's default
       * wrap_r, REPEAT, does not make a rectangle texture incomplete;
       * glTexParameter on the texture still refuses REPEAT for R) */
      const GLenum w[2] = { s->wrap_s, s->wrap_t };
      for (unsigned i = 0; i < 2; i++)
         if (w[i] == GL_REPEAT || w[i] == GL_MIRRORED_REPEAT)
            return false;
      if (s->min_filter != GL_NEAREST && s->min_filter != GL_LINEAR)
         return false;
   }
   return true;
}

void
st_sampler_unbind_all(struct st_context *ctx)
{
   for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++)
      st_sampler_reference(&ctx->tex.sampler[u], NULL);
}

/* The commands exist where the extension is offered (desktop contexts). */
static bool
offered(struct st_context *ctx, const char *name)
{
   if (ctx->caps.arb_sampler_objects)
      return true;
   st_error(ctx, GL_INVALID_OPERATION, name);
   return false;
}

static struct st_sampler_object *
lookup(struct st_context *ctx, GLuint name)
{
   return name ? st_names_lookup(&ctx->share->samplers, name) : NULL;
}

/* --- names -------------------------------------------------------------------- */

void GLAPIENTRY
api_glGenSamplers(GLsizei count, GLuint *samplers)
{
   ST_ENTRY(ctx);
   if (!offered(ctx, "glGenSamplers"))
      return;
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenSamplers");
      return;
   }
   if (count == 0 || !samplers)
      return;
   GLuint *names = malloc(sizeof *names * (size_t)count);
   if (!names || !st_names_gen(&ctx->share->samplers, count, names)) {
      free(names);
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers");
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      struct st_sampler_object *s = st_sampler_create(names[i]);
      if (!s || !st_names_set(&ctx->share->samplers, names[i], s)) {
         free(s);
         for (GLsizei j = 0; j < count; j++) {
            struct st_sampler_object *o = st_names_remove(&ctx->share->samplers, names[j]);
            st_sampler_reference(&o, NULL);
         }
         free(names);
         st_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers");
         return;
      }
   }
   memcpy(samplers, names, sizeof *names * (size_t)count);
   free(names);
}

void GLAPIENTRY
api_glDeleteSamplers(GLsizei count, const GLuint *samplers)
{
   ST_ENTRY(ctx);
   if (!offered(ctx, "glDeleteSamplers"))
      return;
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteSamplers");
      return;
   }
   if (!samplers)
      return;
   for (GLsizei i = 0; i < count; i++) {
      if (samplers[i] == 0)
         continue;
      struct st_sampler_object *s = st_names_remove(&ctx->share->samplers, samplers[i]);
      if (!s)
         continue;   /* unused names are ignored */
      /* bound in this context: as if glBindSampler(unit, 0) */
      for (unsigned u = 0; u < ST_MAX_COMBINED_TEXTURE_UNITS; u++)
         if (ctx->tex.sampler[u] == s)
            st_sampler_reference(&ctx->tex.sampler[u], NULL);
      st_sampler_reference(&s, NULL);   /* the table's reference */
   }
}

GLboolean GLAPIENTRY
api_glIsSampler(GLuint sampler)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   if (!offered(ctx, "glIsSampler"))
      return GL_FALSE;
   return lookup(ctx, sampler) ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glBindSampler(GLuint unit, GLuint sampler)
{
   ST_ENTRY(ctx);
   if (!offered(ctx, "glBindSampler"))
      return;
   if (unit >= st_texture_num_units(ctx)) {
      st_error(ctx, GL_INVALID_VALUE, "glBindSampler");
      return;
   }
   struct st_sampler_object *s = lookup(ctx, sampler);
   if (sampler && !s) {
      st_error(ctx, GL_INVALID_OPERATION, "glBindSampler");
      return;
   }
   st_sampler_reference(&ctx->tex.sampler[unit], s);
}

/* --- parameters ------------------------------------------------------------------ */

enum param_type { P_FLOAT, P_INT, P_IINT, P_IUINT };

/* One parameter from params[] (P_FLOAT: GLfloat, else GLint/GLuint). */
static void
set_param(struct st_context *ctx, GLuint sampler, GLenum pname, const void *params,
          enum param_type type, bool vector, const char *name)
{
   if (!offered(ctx, name))
      return;
   struct st_sampler_object *s = lookup(ctx, sampler);
   if (!s) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   if (pname == GL_TEXTURE_BORDER_COLOR && !vector) {
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
   if (!params)
      return;
   const GLfloat *fv = params;
   const GLint *iv = params;
   const GLuint *uv = params;
   GLfloat f = type == P_FLOAT ? fv[0] : type == P_IUINT ? (GLfloat)uv[0] : (GLfloat)iv[0];
   GLenum e = type == P_FLOAT ? (GLenum)st_get_float_to_int(fv[0]) : (GLenum)iv[0];
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      if (!st_tex_wrap_ok(e, false)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      if (pname == GL_TEXTURE_WRAP_S) s->wrap_s = e;
      else if (pname == GL_TEXTURE_WRAP_T) s->wrap_t = e;
      else s->wrap_r = e;
      break;
   case GL_TEXTURE_MIN_FILTER:
      if (!st_tex_min_filter_ok(e, false)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->min_filter = e;
      break;
   case GL_TEXTURE_MAG_FILTER:
      if (!st_tex_mag_filter_ok(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->mag_filter = e;
      break;
   case GL_TEXTURE_BORDER_COLOR:
      for (unsigned i = 0; i < 4; i++) {
         switch (type) {
         case P_FLOAT: s->border.f[i] = fv[i]; break;
         case P_INT: s->border.f[i] = st_snorm_to_float(iv[i], 32); break;
         case P_IINT: s->border.i[i] = iv[i]; break;
         case P_IUINT: s->border.ui[i] = uv[i]; break;
         }
      }
      s->border_type = type == P_IINT ? GL_INT : type == P_IUINT ? GL_UNSIGNED_INT : GL_FLOAT;
      break;
   case GL_TEXTURE_MIN_LOD: s->min_lod = f; break;
   case GL_TEXTURE_MAX_LOD: s->max_lod = f; break;
   case GL_TEXTURE_LOD_BIAS: s->lod_bias = f; break;
   case GL_TEXTURE_COMPARE_MODE:
      if (!st_tex_compare_mode_ok(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->compare_mode = e;
      break;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!st_tex_compare_func_ok(e)) {
         st_error(ctx, GL_INVALID_ENUM, name);
         return;
      }
      s->compare_func = e;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
}

void GLAPIENTRY
api_glSamplerParameteri(GLuint sampler, GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   set_param(ctx, sampler, pname, &param, P_INT, false, "glSamplerParameteri");
}

void GLAPIENTRY
api_glSamplerParameterf(GLuint sampler, GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   set_param(ctx, sampler, pname, &param, P_FLOAT, false, "glSamplerParameterf");
}

void GLAPIENTRY
api_glSamplerParameteriv(GLuint sampler, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   set_param(ctx, sampler, pname, params, P_INT, true, "glSamplerParameteriv");
}

void GLAPIENTRY
api_glSamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   set_param(ctx, sampler, pname, params, P_FLOAT, true, "glSamplerParameterfv");
}

void GLAPIENTRY
api_glSamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   set_param(ctx, sampler, pname, params, P_IINT, true, "glSamplerParameterIiv");
}

void GLAPIENTRY
api_glSamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *params)
{
   ST_ENTRY(ctx);
   set_param(ctx, sampler, pname, params, P_IUINT, true, "glSamplerParameterIuiv");
}

/* One parameter into params[] as 'type' (enums and integers exactly;
 * P_INT: colours by equation 2.2 the other way, LODs rounded). */
static void
get_param(struct st_context *ctx, GLuint sampler, GLenum pname, void *params,
          enum param_type type, const char *name)
{
   if (!offered(ctx, name))
      return;
   struct st_sampler_object *s = lookup(ctx, sampler);
   if (!s) {
      st_error(ctx, GL_INVALID_OPERATION, name);
      return;
   }
   GLfloat *fv = params;
   GLint *iv = params;
   GLuint *uv = params;
   GLfloat f;
   GLenum e;
   switch (pname) {
   case GL_TEXTURE_WRAP_S: e = s->wrap_s; goto enum_value;
   case GL_TEXTURE_WRAP_T: e = s->wrap_t; goto enum_value;
   case GL_TEXTURE_WRAP_R: e = s->wrap_r; goto enum_value;
   case GL_TEXTURE_MIN_FILTER: e = s->min_filter; goto enum_value;
   case GL_TEXTURE_MAG_FILTER: e = s->mag_filter; goto enum_value;
   case GL_TEXTURE_COMPARE_MODE: e = s->compare_mode; goto enum_value;
   case GL_TEXTURE_COMPARE_FUNC: e = s->compare_func; goto enum_value;
   case GL_TEXTURE_MIN_LOD: f = s->min_lod; goto float_value;
   case GL_TEXTURE_MAX_LOD: f = s->max_lod; goto float_value;
   case GL_TEXTURE_LOD_BIAS: f = s->lod_bias; goto float_value;
   case GL_TEXTURE_BORDER_COLOR:
      if (!params)
         return;
      for (unsigned i = 0; i < 4; i++) {
         /* a type other than the one specified with: undefined by the
          * spec; the stored bits are converted as the query's type asks */
         GLfloat c = s->border_type == GL_INT ? (GLfloat)s->border.i[i]
                   : s->border_type == GL_UNSIGNED_INT ? (GLfloat)s->border.ui[i]
                   : s->border.f[i];
         switch (type) {
         case P_FLOAT: fv[i] = c; break;
         case P_INT: {
            /* equation 2.2 inverted, clamped to [-1, 1] */
            double d = c < -1.0f ? -1.0 : c > 1.0f ? 1.0 : (double)c;
            double v = d * 2147483647.0;
            iv[i] = (GLint)(v < 0 ? v - 0.5 : v + 0.5);
            break;
         }
         case P_IINT:
            iv[i] = s->border_type == GL_FLOAT ? (GLint)c : s->border.i[i];
            break;
         case P_IUINT:
            uv[i] = s->border_type == GL_FLOAT ? (c < 0 ? 0u : (GLuint)c) : s->border.ui[i];
            break;
         }
      }
      return;
   default:
      st_error(ctx, GL_INVALID_ENUM, name);
      return;
   }
enum_value:
   if (!params)
      return;
   if (type == P_FLOAT)
      fv[0] = (GLfloat)e;
   else
      iv[0] = (GLint)e;
   return;
float_value:
   if (!params)
      return;
   if (type == P_FLOAT)
      fv[0] = f;
   else if (type == P_IUINT)
      uv[0] = f <= 0 ? 0u : f >= 4294967295.0f ? 4294967295u : (GLuint)(f + 0.5f);
   else
      iv[0] = f <= -2147483648.0f ? INT32_MIN : f >= 2147483647.0f ? INT32_MAX
            : (GLint)(f < 0 ? f - 0.5f : f + 0.5f);
}

void GLAPIENTRY
api_glGetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   get_param(ctx, sampler, pname, params, P_INT, "glGetSamplerParameteriv");
}

void GLAPIENTRY
api_glGetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   get_param(ctx, sampler, pname, params, P_FLOAT, "glGetSamplerParameterfv");
}

void GLAPIENTRY
api_glGetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   get_param(ctx, sampler, pname, params, P_IINT, "glGetSamplerParameterIiv");
}

void GLAPIENTRY
api_glGetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params)
{
   ST_ENTRY(ctx);
   get_param(ctx, sampler, pname, params, P_IUINT, "glGetSamplerParameterIuiv");
}
