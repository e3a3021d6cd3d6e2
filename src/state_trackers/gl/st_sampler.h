/*
 * Sampler objects (GL_ARB_sampler_objects; api/api_sampler.c).
 *
 * A sampler object holds the sampling subset of a texture object's
 * parameters.  Bound to a texture unit (ctx->tex.sampler[unit]) it
 * replaces the bound texture's values of exactly those parameters when the
 * unit is validated for drawing (st_texture_validate), completeness
 * included: the sampler's min filter decides whether mipmaps are needed.
 *
 * Objects live in the share group's 'samplers' table and are reference
 * counted like textures: the table holds one reference, each unit binding
 * one.  Bindings are per context and belong to no attribute group.
 */
#ifndef ST_SAMPLER_H
#define ST_SAMPLER_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;
struct st_sampler_params;
struct st_texture_object;

struct st_sampler_object {
   int refcount;                     /* atomic */
   GLuint name;
   GLenum wrap_s, wrap_t, wrap_r;
   GLenum min_filter, mag_filter;
   /* TEXTURE_BORDER_COLOR as specified: GL_FLOAT (glSamplerParameter{if}v,
    * not clamped), GL_INT (glSamplerParameterIiv), GL_UNSIGNED_INT
    * (glSamplerParameterIuiv) */
   GLenum border_type;
   union {
      GLfloat f[4];
      GLint i[4];
      GLuint ui[4];
   } border;
   GLfloat min_lod, max_lod, lod_bias;
   GLenum compare_mode, compare_func;
};

/* A new object with table 6.23's initial values (NULL: out of memory). */
struct st_sampler_object *st_sampler_create(GLuint name);
void st_sampler_reference(struct st_sampler_object **dst, struct st_sampler_object *src);
/* For st_names_fini on the share group's table. */
void st_sampler_destroy_cb(void *obj, void *data);

/* Replace the sampler-object subset of p (a copy of o's parameters) with
 * s's values.  False if s holds a value glTexParameter would refuse for o
 * (rectangle textures: REPEAT / MIRRORED_REPEAT wraps, mipmap filters):
 * the unit then samples as if o were incomplete. */
bool st_sampler_params_from(const struct st_sampler_object *s,
                            const struct st_texture_object *o, struct st_sampler_params *p);

/* Drop the context's unit bindings (st_texture_context_fini). */
void st_sampler_unbind_all(struct st_context *ctx);

#endif
