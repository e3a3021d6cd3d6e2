/*
 * GL_ARB_vertex_program / GL_ARB_fragment_program entry points: program
 * objects, program strings, environment and local parameters, queries
 * (st_arbprog.h; the generic vertex attributes are api_vertex_attrib.c).
 * Names live in the share group (st_share_group::programs); a name from
 * glGenProgramsARB becomes a program object when first bound, with the
 * target it was bound to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "st_arbprog.h"
#include "st_draw.h"

static int
stage_or_error(struct st_context *ctx, GLenum target, const char *where)
{
   int s = st_arbprog_stage_of(target);
   if (s < 0)
      st_error(ctx, GL_INVALID_ENUM, where);
   return s;
}

static void
limits_of(int s, struct arbprog_limits *l)
{
   arbprog_default_limits(s == ST_ARBPROG_FP ? ARBPROG_FRAGMENT : ARBPROG_VERTEX, l);
   l->max_env_parameters = ST_ARBPROG_MAX_ENV;
   l->max_local_parameters = ST_ARBPROG_MAX_LOCAL;
   l->max_program_matrices = ST_ARBPROG_MATRICES;
   l->max_vertex_attribs = ST_ARBPROG_MAX_ATTRIBS;
   l->max_clip_planes = ST_MAX_CLIP_PLANES;
}

void GLAPIENTRY
api_glGenProgramsARB(GLsizei n, GLuint *programs)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenProgramsARB");
      return;
   }
   if (n && programs && !st_names_gen(&ctx->share->programs, n, programs))
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenProgramsARB");
}

static void
bind(struct st_context *ctx, int s, struct st_arb_program *p)
{
   st_arbprog_bind(ctx, s, p);
}

void GLAPIENTRY
api_glDeleteProgramsARB(GLsizei n, const GLuint *programs)
{
   ST_ENTRY(ctx);
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteProgramsARB");
      return;
   }
   if (!programs)
      return;
   struct st_arbprog_ctx *a = ctx->arbprog;
   for (GLsizei i = 0; i < n; i++) {
      if (!programs[i])
         continue;
      struct st_arb_program *p = st_names_remove(&ctx->share->programs, programs[i]);
      if (!p)
         continue;
      /* deleting a bound program binds program 0 of its target */
      for (unsigned s = 0; s < 2; s++)
         if (a->bound[s] == p)
            bind(ctx, (int)s, a->defaults[s]);
      st_arb_program_unref(p);
   }
}

void GLAPIENTRY
api_glBindProgramARB(GLenum target, GLuint program)
{
   ST_ENTRY(ctx);
   int s = stage_or_error(ctx, target, "glBindProgramARB");
   if (s < 0)
      return;
   struct st_arbprog_ctx *a = ctx->arbprog;
   if (!program) {
      bind(ctx, s, a->defaults[s]);
      return;
   }
   struct st_names *t = &ctx->share->programs;
   struct st_arb_program *p = st_names_lookup(t, program);
   if (!p) {
      p = calloc(1, sizeof *p);
      if (!p) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindProgramARB");
         return;
      }
      p->refcount = 1;   /* the names table */
      p->name = program;
      p->target = target;
      if (!st_names_set(t, program, p)) {
         free(p);
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindProgramARB");
         return;
      }
   } else if (p->target != target) {
      st_error(ctx, GL_INVALID_OPERATION, "glBindProgramARB");
      return;
   }
   bind(ctx, s, p);
}

GLboolean GLAPIENTRY
api_glIsProgramARB(GLuint program)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   return program && st_names_lookup(&ctx->share->programs, program) ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glProgramStringARB(GLenum target, GLenum format, GLsizei len, const void *string)
{
   ST_ENTRY(ctx);
   int s = stage_or_error(ctx, target, "glProgramStringARB");
   if (s < 0)
      return;
   if (format != GL_PROGRAM_FORMAT_ASCII_ARB) {
      st_error(ctx, GL_INVALID_ENUM, "glProgramStringARB");
      return;
   }
   if (len < 0 || (len && !string)) {
      st_error(ctx, GL_INVALID_VALUE, "glProgramStringARB");
      return;
   }
   struct st_arbprog_ctx *a = ctx->arbprog;
   struct st_arb_program *p = a->bound[s];
   struct arbprog_limits lim;
   limits_of(s, &lim);
   struct st_arbprog_compiled *c = calloc(1, sizeof *c);
   char *copy = malloc((size_t)len + 1);
   if (!c || !copy) {
      free(c);
      free(copy);
      st_error(ctx, GL_OUT_OF_MEMORY, "glProgramStringARB");
      return;
   }
   if (len)
      memcpy(copy, string, (size_t)len);
   copy[len] = 0;
   c->refcount = 1;
   bool ok = arbprog_compile(copy, (size_t)len, s == ST_ARBPROG_FP ? ARBPROG_FRAGMENT
                                                                     : ARBPROG_VERTEX,
                             &lim, &c->res);
   a->error_pos = c->res.error_pos;
   snprintf(a->error_string, sizeof a->error_string, "%s", c->res.error);
   if (!ok) {
      /* the program object keeps what it had (the spec: the error
       * position and string describe the failure) */
      arbprog_result_fini(&c->res);
      free(c);
      free(copy);
      st_error(ctx, GL_INVALID_OPERATION, "glProgramStringARB");
      return;
   }
   pthread_mutex_lock(&ctx->share->lock);
   struct st_arbprog_compiled *old = p->compiled;
   char *old_string = p->string;
   p->compiled = c;
   p->string = copy;
   p->length = len;
   pthread_mutex_unlock(&ctx->share->lock);
   free(old_string);
   st_arbprog_compiled_unref(old);
   st_arbprog_bind(ctx, s, p);   /* this context runs the new program at once */
}

/* --- parameters ------------------------------------------------------------------ */

static float *
param_slot(struct st_context *ctx, GLenum target, GLuint index, bool local, const char *where)
{
   int s = stage_or_error(ctx, target, where);
   if (s < 0)
      return NULL;
   if (index >= (local ? ST_ARBPROG_MAX_LOCAL : ST_ARBPROG_MAX_ENV)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return NULL;
   }
   struct st_arbprog_ctx *a = ctx->arbprog;
   return local ? a->bound[s]->local[index] : a->env[s][index];
}

static void
set_param(GLenum target, GLuint index, bool local, double x, double y, double z, double w,
          const char *where)
{
   ST_ENTRY(ctx);
   float *v = param_slot(ctx, target, index, local, where);
   if (!v)
      return;
   v[0] = (float)x;
   v[1] = (float)y;
   v[2] = (float)z;
   v[3] = (float)w;
}

void GLAPIENTRY
api_glProgramEnvParameter4fARB(GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z,
                               GLfloat w)
{
   set_param(target, index, false, x, y, z, w, "glProgramEnvParameter4fARB");
}

void GLAPIENTRY
api_glProgramEnvParameter4dARB(GLenum target, GLuint index, GLdouble x, GLdouble y, GLdouble z,
                               GLdouble w)
{
   set_param(target, index, false, x, y, z, w, "glProgramEnvParameter4dARB");
}

void GLAPIENTRY
api_glProgramEnvParameter4fvARB(GLenum target, GLuint index, const GLfloat *p)
{
   if (p)
      set_param(target, index, false, p[0], p[1], p[2], p[3], "glProgramEnvParameter4fvARB");
}

void GLAPIENTRY
api_glProgramEnvParameter4dvARB(GLenum target, GLuint index, const GLdouble *p)
{
   if (p)
      set_param(target, index, false, p[0], p[1], p[2], p[3], "glProgramEnvParameter4dvARB");
}

void GLAPIENTRY
api_glProgramLocalParameter4fARB(GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z,
                                 GLfloat w)
{
   set_param(target, index, true, x, y, z, w, "glProgramLocalParameter4fARB");
}

void GLAPIENTRY
api_glProgramLocalParameter4dARB(GLenum target, GLuint index, GLdouble x, GLdouble y,
                                 GLdouble z, GLdouble w)
{
   set_param(target, index, true, x, y, z, w, "glProgramLocalParameter4dARB");
}

void GLAPIENTRY
api_glProgramLocalParameter4fvARB(GLenum target, GLuint index, const GLfloat *p)
{
   if (p)
      set_param(target, index, true, p[0], p[1], p[2], p[3], "glProgramLocalParameter4fvARB");
}

void GLAPIENTRY
api_glProgramLocalParameter4dvARB(GLenum target, GLuint index, const GLdouble *p)
{
   if (p)
      set_param(target, index, true, p[0], p[1], p[2], p[3], "glProgramLocalParameter4dvARB");
}

/* GL_EXT_gpu_program_parameters: count consecutive parameters. */
static void
set_params(GLenum target, GLuint index, GLsizei count, const GLfloat *p, bool local,
           const char *where)
{
   ST_ENTRY(ctx);
   if (stage_or_error(ctx, target, where) < 0)
      return;
   unsigned max = local ? ST_ARBPROG_MAX_LOCAL : ST_ARBPROG_MAX_ENV;
   if (count < 0 || index >= max || (GLuint)count > max - index) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (!p)
      return;
   for (GLsizei i = 0; i < count; i++)
      memcpy(param_slot(ctx, target, index + (GLuint)i, local, where), p + 4 * i,
             4 * sizeof(float));
}

void GLAPIENTRY
api_glProgramEnvParameters4fvEXT(GLenum target, GLuint index, GLsizei count, const GLfloat *p)
{
   set_params(target, index, count, p, false, "glProgramEnvParameters4fvEXT");
}

void GLAPIENTRY
api_glProgramLocalParameters4fvEXT(GLenum target, GLuint index, GLsizei count,
                                   const GLfloat *p)
{
   set_params(target, index, count, p, true, "glProgramLocalParameters4fvEXT");
}

static const float *
get_param(GLenum target, GLuint index, bool local, const char *where)
{
   ST_ENTRY_RET(ctx, NULL);
   return param_slot(ctx, target, index, local, where);
}

void GLAPIENTRY
api_glGetProgramEnvParameterfvARB(GLenum target, GLuint index, GLfloat *params)
{
   const float *v = get_param(target, index, false, "glGetProgramEnvParameterfvARB");
   if (v && params)
      memcpy(params, v, 4 * sizeof(float));
}

void GLAPIENTRY
api_glGetProgramEnvParameterdvARB(GLenum target, GLuint index, GLdouble *params)
{
   const float *v = get_param(target, index, false, "glGetProgramEnvParameterdvARB");
   if (v && params)
      for (unsigned c = 0; c < 4; c++)
         params[c] = v[c];
}

void GLAPIENTRY
api_glGetProgramLocalParameterfvARB(GLenum target, GLuint index, GLfloat *params)
{
   const float *v = get_param(target, index, true, "glGetProgramLocalParameterfvARB");
   if (v && params)
      memcpy(params, v, 4 * sizeof(float));
}

void GLAPIENTRY
api_glGetProgramLocalParameterdvARB(GLenum target, GLuint index, GLdouble *params)
{
   const float *v = get_param(target, index, true, "glGetProgramLocalParameterdvARB");
   if (v && params)
      for (unsigned c = 0; c < 4; c++)
         params[c] = v[c];
}

/* --- queries --------------------------------------------------------------------- */

void GLAPIENTRY
api_glGetProgramivARB(GLenum target, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   int s = stage_or_error(ctx, target, "glGetProgramivARB");
   if (s < 0)
      return;
   struct st_arb_program *p = ctx->arbprog->bound[s];
   const struct st_arbprog_compiled *cur = ctx->arbprog->current[s];
   const struct arbprog_counts *c = cur ? &cur->res.counts : NULL;
   struct arbprog_limits l;
   limits_of(s, &l);
   bool fp = s == ST_ARBPROG_FP;
   GLint v;
   switch (pname) {
   case GL_PROGRAM_LENGTH_ARB: v = p->length; break;
   case GL_PROGRAM_FORMAT_ARB: v = GL_PROGRAM_FORMAT_ASCII_ARB; break;
   case GL_PROGRAM_BINDING_ARB: v = (GLint)p->name; break;
   case GL_PROGRAM_INSTRUCTIONS_ARB:
   case GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB: v = c ? (GLint)c->instructions : 0; break;
   case GL_MAX_PROGRAM_INSTRUCTIONS_ARB:
   case GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB: v = (GLint)l.max_instructions; break;
   case GL_PROGRAM_TEMPORARIES_ARB:
   case GL_PROGRAM_NATIVE_TEMPORARIES_ARB: v = c ? (GLint)c->temporaries : 0; break;
   case GL_MAX_PROGRAM_TEMPORARIES_ARB:
   case GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB: v = (GLint)l.max_temporaries; break;
   case GL_PROGRAM_PARAMETERS_ARB:
   case GL_PROGRAM_NATIVE_PARAMETERS_ARB: v = c ? (GLint)c->parameters : 0; break;
   case GL_MAX_PROGRAM_PARAMETERS_ARB:
   case GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB: v = (GLint)l.max_parameters; break;
   case GL_PROGRAM_ATTRIBS_ARB:
   case GL_PROGRAM_NATIVE_ATTRIBS_ARB: v = c ? (GLint)c->attribs : 0; break;
   case GL_MAX_PROGRAM_ATTRIBS_ARB:
   case GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB: v = (GLint)l.max_attribs; break;
   case GL_PROGRAM_ADDRESS_REGISTERS_ARB:
   case GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: v = c ? (GLint)c->address_registers : 0; break;
   case GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB:
   case GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: v = (GLint)l.max_address_registers; break;
   case GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB: v = ST_ARBPROG_MAX_LOCAL; break;
   case GL_MAX_PROGRAM_ENV_PARAMETERS_ARB: v = ST_ARBPROG_MAX_ENV; break;
   case GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB: v = c ? 1 : 0; break;
   case GL_PROGRAM_ALU_INSTRUCTIONS_ARB:
   case GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB:
   case GL_PROGRAM_TEX_INSTRUCTIONS_ARB:
   case GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB:
   case GL_PROGRAM_TEX_INDIRECTIONS_ARB:
   case GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB:
   case GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB:
   case GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB:
   case GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB:
   case GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB:
   case GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB:
   case GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB:
      /* ARB_fragment_program's own queries */
      if (!fp) {
         st_error(ctx, GL_INVALID_ENUM, "glGetProgramivARB");
         return;
      }
      switch (pname) {
      case GL_PROGRAM_ALU_INSTRUCTIONS_ARB:
      case GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB: v = c ? (GLint)c->alu_instructions : 0; break;
      case GL_PROGRAM_TEX_INSTRUCTIONS_ARB:
      case GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB: v = c ? (GLint)c->tex_instructions : 0; break;
      case GL_PROGRAM_TEX_INDIRECTIONS_ARB:
      case GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB: v = c ? (GLint)c->tex_indirections : 0; break;
      case GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB:
      case GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB: v = (GLint)l.max_alu_instructions; break;
      case GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB:
      case GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB: v = (GLint)l.max_tex_instructions; break;
      default: v = (GLint)l.max_tex_indirections; break;
      }
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glGetProgramivARB");
      return;
   }
   if (params)
      *params = v;
}

void GLAPIENTRY
api_glGetProgramStringARB(GLenum target, GLenum pname, void *string)
{
   ST_ENTRY(ctx);
   int s = stage_or_error(ctx, target, "glGetProgramStringARB");
   if (s < 0)
      return;
   if (pname != GL_PROGRAM_STRING_ARB) {
      st_error(ctx, GL_INVALID_ENUM, "glGetProgramStringARB");
      return;
   }
   const struct st_arb_program *p = ctx->arbprog->bound[s];
   pthread_mutex_lock(&ctx->share->lock);
   if (string && p->string)
      memcpy(string, p->string, (size_t)p->length);
   pthread_mutex_unlock(&ctx->share->lock);
}
