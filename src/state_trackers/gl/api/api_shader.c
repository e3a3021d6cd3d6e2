/*
 * GLSL shader and program objects (OpenGL 2.0/2.1 section 2.15, the
 * ARB_shader_objects / ARB_vertex_shader names, OpenGL ES 2.0 section
 * 2.10): creation, sources, compiling, attaching, linking, use, deletion,
 * validation and every query of them (st_glsl.h).  Uniform values are
 * api_uniform.c.  Shaders and programs share one namespace in the share
 * group (st_share_group::shader_objects); a name of the wrong kind is
 * GL_INVALID_OPERATION, a name of no object GL_INVALID_VALUE.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "compiler/ir/ir.h"
#include "st_ubo.h"
#include "st_glsl.h"
#include "st_xfb.h"
#include "util/u_debug.h"

/* --- lookups ----------------------------------------------------------------- */

/* The object of a name: NULL with GL_INVALID_VALUE when there is none. */
static struct st_glsl_object *
lookup(struct st_context *ctx, GLuint name, const char *where)
{
   struct st_glsl_object *o = name ? st_names_lookup(&ctx->share->shader_objects, name) : NULL;
   if (!o)
      st_error(ctx, GL_INVALID_VALUE, where);
   return o;
}

struct st_glsl_shader *
st_glsl_lookup_shader(struct st_context *ctx, GLuint name, const char *where)
{
   struct st_glsl_object *o = lookup(ctx, name, where);
   if (o && o->kind != ST_GLSL_SHADER) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return (struct st_glsl_shader *)o;
}

struct st_glsl_program *
st_glsl_lookup_program(struct st_context *ctx, GLuint name, const char *where)
{
   struct st_glsl_object *o = lookup(ctx, name, where);
   if (o && o->kind != ST_GLSL_PROGRAM) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return (struct st_glsl_program *)o;
}

/* GL 3.2 (desktop) adds geometry shaders (section 2.12). */
static bool
shader_type_ok(struct st_context *ctx, GLenum type)
{
   return type == GL_VERTEX_SHADER || type == GL_FRAGMENT_SHADER ||
          (type == GL_GEOMETRY_SHADER && st_desktop(ctx) && ctx->version >= 32);
}

static enum glsl_stage
shader_stage(GLenum type)
{
   return type == GL_VERTEX_SHADER ? GLSL_STAGE_VERTEX
          : type == GL_GEOMETRY_SHADER ? GLSL_STAGE_GEOMETRY : GLSL_STAGE_FRAGMENT;
}

/* A new name in the shared namespace holding o (one reference: the name's). */
static GLuint
new_object(struct st_context *ctx, struct st_glsl_object *o, const char *where)
{
   GLuint name = 0;
   if (!st_names_gen(&ctx->share->shader_objects, 1, &name) ||
       !st_names_set(&ctx->share->shader_objects, name, o)) {
      if (name)
         st_names_remove(&ctx->share->shader_objects, name);
      free(o);
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return 0;
   }
   o->name = name;
   o->refcount = 1;
   return name;
}

/* Copy a string into a client buffer of bufsize bytes as the GL 2.1
 * queries do (at most bufsize - 1 characters and a NUL; length without the
 * NUL).  bufsize < 0 is the caller's error. */
static void
copy_out(const char *s, size_t n, GLsizei bufsize, GLsizei *length, GLchar *out)
{
   size_t k = 0;
   if (bufsize > 0 && out) {
      k = n < (size_t)bufsize - 1 ? n : (size_t)bufsize - 1;
      memcpy(out, s, k);
      out[k] = '\0';
   }
   if (length)
      *length = (GLsizei)k;
}

/* --- shaders ----------------------------------------------------------------- */

GLuint GLAPIENTRY
api_glCreateShader(GLenum type)
{
   ST_ENTRY_RET(ctx, 0);
   if (!shader_type_ok(ctx, type)) {
      st_error(ctx, GL_INVALID_ENUM, "glCreateShader");
      return 0;
   }
   struct st_glsl_shader *s = calloc(1, sizeof *s);
   if (!s) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glCreateShader");
      return 0;
   }
   s->base.kind = ST_GLSL_SHADER;
   s->type = type;
   return new_object(ctx, &s->base, "glCreateShader");
}

void GLAPIENTRY
api_glShaderSource(GLuint shader, GLsizei count, const GLchar *const *string,
                   const GLint *length)
{
   ST_ENTRY(ctx);
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glShaderSource");
   if (!s)
      return;
   if (count < 0 || (count > 0 && !string)) {
      st_error(ctx, GL_INVALID_VALUE, "glShaderSource");
      return;
   }
   size_t total = 0;
   for (GLsizei i = 0; i < count; i++) {
      if (!string[i]) {
         st_error(ctx, GL_INVALID_VALUE, "glShaderSource");
         return;
      }
      size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      if (n > SIZE_MAX / 2 - total) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glShaderSource");
         return;
      }
      total += n;
   }
   char *src = malloc(total + 1);
   if (!src) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glShaderSource");
      return;
   }
   size_t at = 0;
   for (GLsizei i = 0; i < count; i++) {
      size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      memcpy(src + at, string[i], n);
      at += n;
   }
   src[at] = '\0';
   pthread_mutex_lock(&ctx->share->lock);
   char *old = s->source;
   s->source = src;
   s->source_len = total;
   pthread_mutex_unlock(&ctx->share->lock);
   free(old);
}

void GLAPIENTRY
api_glCompileShader(GLuint shader)
{
   ST_ENTRY(ctx);
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glCompileShader");
   if (!s)
      return;
   struct glsl_compiler_options opts;
   st_glsl_options(ctx, &opts);
   const char *src = s->source ? s->source : "";
   if (s->source_len > INT32_MAX) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glCompileShader");
      return;
   }
   int len = (int)s->source_len;
   struct glsl_shader *c = glsl_compile(&opts, shader_stage(s->type), &src, &len, 1);
   if (!c) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glCompileShader");
      return;
   }
   if ((ctx->debug & PONY_DEBUG_SHADER) && !glsl_shader_compiled(c))
      pony_log("glsl", "shader %u does not compile:\n%s", shader, glsl_shader_info_log(c));
   pthread_mutex_lock(&ctx->share->lock);
   struct glsl_shader *old = s->compiled;
   s->compiled = c;
   pthread_mutex_unlock(&ctx->share->lock);
   glsl_shader_destroy(old);
}

void GLAPIENTRY
api_glDeleteShader(GLuint shader)
{
   ST_ENTRY(ctx);
   if (!shader)
      return;   /* silently ignored (GL 2.1 section 2.15.1) */
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glDeleteShader");
   if (!s)
      return;
   pthread_mutex_lock(&ctx->share->lock);
   bool attached = s->attach_count > 0;
   s->base.delete_pending = true;
   pthread_mutex_unlock(&ctx->share->lock);
   if (!attached) {
      st_names_remove(&ctx->share->shader_objects, shader);
      st_glsl_object_unref(&s->base);
   }
}

GLboolean GLAPIENTRY
api_glIsShader(GLuint shader)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   struct st_glsl_object *o = shader ? st_names_lookup(&ctx->share->shader_objects, shader)
                                     : NULL;
   return o && o->kind == ST_GLSL_SHADER ? GL_TRUE : GL_FALSE;
}

/* Length with the NUL of a string, 0 for an empty one (GL's *_LENGTH). */
static GLint
len_with_nul(const char *s)
{
   size_t n = s ? strlen(s) : 0;
   return n ? (GLint)(n < INT32_MAX ? n + 1 : INT32_MAX) : 0;
}

/* glGetShaderiv's value; false after an error. */
static bool
shader_param(struct st_context *ctx, struct st_glsl_shader *s, GLenum pname, GLint *v,
             const char *where)
{
   switch (pname) {
   case GL_SHADER_TYPE: *v = (GLint)s->type; return true;
   case GL_DELETE_STATUS: *v = s->base.delete_pending; return true;
   case GL_COMPILE_STATUS: *v = glsl_shader_compiled(s->compiled); return true;
   case GL_INFO_LOG_LENGTH:
      *v = s->compiled ? len_with_nul(glsl_shader_info_log(s->compiled)) : 0;
      return true;
   case GL_SHADER_SOURCE_LENGTH:
      *v = s->source ? (GLint)(s->source_len < INT32_MAX ? s->source_len + 1 : INT32_MAX) : 0;
      return true;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
}

void GLAPIENTRY
api_glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glGetShaderiv");
   GLint v;
   if (s && shader_param(ctx, s, pname, &v, "glGetShaderiv") && params)
      *params = v;
}

void GLAPIENTRY
api_glGetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog)
{
   ST_ENTRY(ctx);
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glGetShaderInfoLog");
   if (!s)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetShaderInfoLog");
      return;
   }
   const char *log = s->compiled ? glsl_shader_info_log(s->compiled) : "";
   copy_out(log, strlen(log), bufSize, length, infoLog);
}

void GLAPIENTRY
api_glGetShaderSource(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *source)
{
   ST_ENTRY(ctx);
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glGetShaderSource");
   if (!s)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetShaderSource");
      return;
   }
   pthread_mutex_lock(&ctx->share->lock);
   copy_out(s->source ? s->source : "", s->source ? s->source_len : 0, bufSize, length, source);
   pthread_mutex_unlock(&ctx->share->lock);
}

/* --- programs ---------------------------------------------------------------- */

GLuint GLAPIENTRY
api_glCreateProgram(void)
{
   ST_ENTRY_RET(ctx, 0);
   struct st_glsl_program *p = calloc(1, sizeof *p);
   if (!p) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glCreateProgram");
      return 0;
   }
   p->base.kind = ST_GLSL_PROGRAM;
   return new_object(ctx, &p->base, "glCreateProgram");
}

void GLAPIENTRY
api_glAttachShader(GLuint program, GLuint shader)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glAttachShader");
   if (!p)
      return;
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glAttachShader");
   if (!s)
      return;
   for (unsigned i = 0; i < p->num_shaders; i++) {
      /* already attached (GL 2.1 section 2.15.2); ES 2.0 also refuses a
       * second shader of one type (ES 2.0 section 2.10.3) */
      if (p->shaders[i] == s || (ctx->profile == ST_PROFILE_GLES2 && p->shaders[i]->type == s->type)) {
         st_error(ctx, GL_INVALID_OPERATION, "glAttachShader");
         return;
      }
   }
   pthread_mutex_lock(&ctx->share->lock);
   if (p->num_shaders == p->cap_shaders) {
      unsigned cap = p->cap_shaders ? p->cap_shaders * 2 : 4;
      struct st_glsl_shader **ns = realloc(p->shaders, cap * sizeof *ns);
      if (!ns) {
         pthread_mutex_unlock(&ctx->share->lock);
         st_error(ctx, GL_OUT_OF_MEMORY, "glAttachShader");
         return;
      }
      p->shaders = ns;
      p->cap_shaders = cap;
   }
   p->shaders[p->num_shaders++] = s;
   s->attach_count++;
   __atomic_add_fetch(&s->base.refcount, 1, __ATOMIC_ACQ_REL);
   pthread_mutex_unlock(&ctx->share->lock);
}

void GLAPIENTRY
api_glDetachShader(GLuint program, GLuint shader)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glDetachShader");
   if (!p)
      return;
   struct st_glsl_shader *s = st_glsl_lookup_shader(ctx, shader, "glDetachShader");
   if (!s)
      return;
   pthread_mutex_lock(&ctx->share->lock);
   unsigned i = 0;
   while (i < p->num_shaders && p->shaders[i] != s)
      i++;
   bool found = i < p->num_shaders;
   if (found) {
      memmove(&p->shaders[i], &p->shaders[i + 1], (p->num_shaders - i - 1) * sizeof *p->shaders);
      p->num_shaders--;
   }
   pthread_mutex_unlock(&ctx->share->lock);
   if (!found) {
      st_error(ctx, GL_INVALID_OPERATION, "glDetachShader");   /* not attached */
      return;
   }
   st_glsl_shader_detached(ctx, s);
}

static void
set_log(struct st_glsl_program *p, const char *text)
{
   free(p->info_log);
   p->info_log = text && text[0] ? strdup(text) : NULL;
}

void GLAPIENTRY
api_glLinkProgram(GLuint program)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glLinkProgram");
   if (!p)
      return;
   /* EXT_transform_feedback: not the program an active session uses */
   if (st_xfb_program_capturing(ctx, p)) {
      st_error(ctx, GL_INVALID_OPERATION, "glLinkProgram");
      return;
   }
   struct glsl_compiler_options opts;
   st_glsl_options(ctx, &opts);
   struct glsl_shader **list = calloc(p->num_shaders + 1, sizeof *list);
   if (!list) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }
   /* shaders that did not compile make the link fail before the linker
    * sees them (GL 2.1 section 2.15.2) */
   char why[128] = "";
   bool has[2] = { false, false };
   unsigned n = 0;
   for (unsigned i = 0; i < p->num_shaders; i++) {
      struct st_glsl_shader *s = p->shaders[i];
      if (!glsl_shader_compiled(s->compiled)) {
         snprintf(why, sizeof why, "error: shader %u is not compiled\n", s->base.name);
         break;
      }
      if (s->type != GL_GEOMETRY_SHADER)
         has[s->type == GL_FRAGMENT_SHADER] = true;
      list[n++] = s->compiled;
   }
   /* ES 2.0 section 2.10.3: a program needs a vertex and a fragment shader */
   if (!why[0] && ctx->profile == ST_PROFILE_GLES2 && (!has[0] || !has[1]))
      snprintf(why, sizeof why, "error: an OpenGL ES program needs a vertex and a fragment "
                                "shader\n");
   /* a core context has no fixed function to run: GL 3.1 core section
    * 2.11.2 (GL 4.5 7.3), linking fails when no shader is attached */
   if (!why[0] && n == 0 && ctx->profile == ST_PROFILE_CORE)
      snprintf(why, sizeof why, "error: no shader is attached to the program\n");
   /* GL 2.1 section 2.15.2: a program without shaders links, and runs fixed
    * function in both stages (piglit gl-2.0-link-empty-prog): an executable
    * with no stages and no interface of the linker's */
   bool empty = !why[0] && n == 0;
   struct glsl_program *gp = NULL;
   if (!why[0] && !empty) {
      /* the transform feedback varyings glTransformFeedbackVaryings set */
      struct glsl_xfb_request xfb = {
         (const char *const *)p->xfb_names, p->xfb_count,
         p->xfb_mode != GL_SEPARATE_ATTRIBS, true,
      };
      gp = glsl_link_xfb(&opts, (struct glsl_shader *const *)list, n, p->bindings,
                         p->num_bindings, &xfb);
      if (!gp) {
         free(list);
         st_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
         return;
      }
   }
   free(list);
   struct st_glsl_linked *l = NULL;
   static const struct glsl_program_interface no_interface;
   if (empty || (gp && glsl_program_linked(gp))) {
      const struct glsl_program_interface *it = gp ? glsl_program_get_interface(gp)
                                                   : &no_interface;
      l = calloc(1, sizeof *l);
      unsigned size = it->uniform_storage_size > 16 ? it->uniform_storage_size : 16;
      uint8_t *storage = calloc(1, size);
      GLint *units = calloc(it->num_samplers + 1, sizeof *units);
      /* uniform block bindings start at 0 (ARB_uniform_buffer_object) */
      GLuint *block_bindings = calloc(it->num_blocks + 1, sizeof *block_bindings);
      if (!l || !storage || !units || !block_bindings) {
         free(l);
         free(storage);
         free(units);
         free(block_bindings);
         glsl_program_destroy(gp);
         st_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
         return;
      }
      if (it->uniform_storage_init)
         memcpy(storage, it->uniform_storage_init, it->uniform_storage_size);
      l->refcount = 1;
      l->prog = gp;
      l->iface = it;
      l->storage = storage;
      l->storage_size = size;
      l->sampler_units = units;
      l->block_bindings = block_bindings;
   }
   pthread_mutex_lock(&ctx->share->lock);
   set_log(p, gp ? glsl_program_info_log(gp) : why);
   p->linked_once = true;
   p->link_status = l != NULL;
   p->validate_status = false;
   struct st_glsl_linked *old = p->linked;
   p->linked = l;
   pthread_mutex_unlock(&ctx->share->lock);
   if ((ctx->debug & PONY_DEBUG_SHADER) && !l)
      pony_log("glsl", "program %u does not link:\n%s", program, p->info_log ? p->info_log : "");
   if (gp && !l)
      glsl_program_destroy(gp);
   st_glsl_linked_unref(old);
   /* a program in use that links again is used with its new executable;
    * one that fails keeps the old executable in use (GL 2.1 2.15.2) */
   if (l && ctx->glsl->current == p)
      st_glsl_set_exec(ctx, l);
}

void GLAPIENTRY
api_glUseProgram(GLuint program)
{
   ST_ENTRY(ctx);
   /* EXT_transform_feedback: the program stays while capturing */
   if (st_xfb_active_unpaused(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION, "glUseProgram");
      return;
   }
   if (!program) {
      st_glsl_use(ctx, NULL);
      return;
   }
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glUseProgram");
   if (!p)
      return;
   if (!p->link_status) {
      st_error(ctx, GL_INVALID_OPERATION, "glUseProgram");
      return;
   }
   st_glsl_use(ctx, p);
}

void GLAPIENTRY
api_glDeleteProgram(GLuint program)
{
   ST_ENTRY(ctx);
   if (!program)
      return;
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glDeleteProgram");
   if (!p)
      return;
   pthread_mutex_lock(&ctx->share->lock);
   bool in_use = p->use_count > 0;
   p->base.delete_pending = true;
   pthread_mutex_unlock(&ctx->share->lock);
   /* in use by a context: flagged, deleted when no longer in use */
   if (!in_use)
      st_glsl_program_delete_now(ctx, p);
}

GLboolean GLAPIENTRY
api_glIsProgram(GLuint program)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   struct st_glsl_object *o = program ? st_names_lookup(&ctx->share->shader_objects, program)
                                      : NULL;
   return o && o->kind == ST_GLSL_PROGRAM ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glValidateProgram(GLuint program)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glValidateProgram");
   if (!p)
      return;
   /* GL 2.1 section 2.15.3: would the program run in the current state?
    * It must be linked, and samplers of different types may not share a
    * texture image unit. */
   const char *log = NULL;
   bool ok = p->link_status && p->linked;
   if (!ok) {
      log = "error: the program is not linked\n";
   } else {
      const struct glsl_program_interface *it = p->linked->iface;
      for (unsigned a = 0; a < it->num_samplers && ok; a++)
         for (unsigned b = a + 1; b < it->num_samplers && ok; b++)
            if (p->linked->sampler_units[a] == p->linked->sampler_units[b] &&
                (it->samplers[a].target != it->samplers[b].target ||
                 it->samplers[a].shadow != it->samplers[b].shadow)) {
               ok = false;
               log = "error: samplers of different types use the same texture unit\n";
            }
   }
   pthread_mutex_lock(&ctx->share->lock);
   p->validate_status = ok;
   set_log(p, log);
   pthread_mutex_unlock(&ctx->share->lock);
}

/* glGetProgramiv's value; false after an error. */
static bool
program_param(struct st_context *ctx, struct st_glsl_program *p, GLenum pname, GLint *v,
              const char *where)
{
   const struct glsl_program_interface *it = p->linked ? p->linked->iface : NULL;
   switch (pname) {
   case GL_DELETE_STATUS: *v = p->base.delete_pending; return true;
   case GL_LINK_STATUS: *v = p->link_status; return true;
   case GL_VALIDATE_STATUS: *v = p->validate_status; return true;
   case GL_INFO_LOG_LENGTH: *v = len_with_nul(p->info_log); return true;
   case GL_ATTACHED_SHADERS: *v = (GLint)p->num_shaders; return true;
   /* the active-resource queries describe the last successful link; 0
    * before one (GL 2.1 section 6.1.14) */
   case GL_ACTIVE_ATTRIBUTES: *v = it ? (GLint)it->num_attributes : 0; return true;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: *v = it ? (GLint)it->max_attribute_name : 0; return true;
   case GL_ACTIVE_UNIFORMS: *v = it ? (GLint)it->num_uniforms : 0; return true;
   case GL_ACTIVE_UNIFORM_MAX_LENGTH: *v = it ? (GLint)it->max_uniform_name : 0; return true;
   case GL_ACTIVE_UNIFORM_BLOCKS:
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH:
      if (st_ubo_enabled(ctx)) {
         *v = !it ? 0 : pname == GL_ACTIVE_UNIFORM_BLOCKS ? (GLint)it->num_blocks
                                                          : (GLint)it->max_block_name;
         return true;
      }
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
   case GL_TRANSFORM_FEEDBACK_VARYINGS:
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH:
      if (st_xfb_enabled(ctx) && st_xfb_program_param(p, pname, v))
         return true;
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   /* ES 3.0 section 2.12.3: no binary format, so no binary */
   case GL_PROGRAM_BINARY_LENGTH:
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT:
      if (!st_es3(ctx)) {
         st_error(ctx, GL_INVALID_ENUM, where);
         return false;
      }
      *v = pname == GL_PROGRAM_BINARY_LENGTH ? 0 : p->binary_retrievable_hint;
      return true;
   case GL_GEOMETRY_VERTICES_OUT:
   case GL_GEOMETRY_INPUT_TYPE:
   case GL_GEOMETRY_OUTPUT_TYPE: {
      if (!st_desktop(ctx) || ctx->version < 32) {
         st_error(ctx, GL_INVALID_ENUM, where);
         return false;
      }
      /* GL 3.2 section 6.1.16: the last successful link's geometry
       * shader; a program that did not link or has none is an error */
      if (!p->link_status || !it || !it->ir[GLSL_STAGE_GEOMETRY]) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
      /* enum ir_prim -> GL's primitive enums */
      static const GLenum prims[] = {
         [IR_PRIM_POINTS] = GL_POINTS, [IR_PRIM_LINES] = GL_LINES,
         [IR_PRIM_LINES_ADJACENCY] = GL_LINES_ADJACENCY, [IR_PRIM_TRIANGLES] = GL_TRIANGLES,
         [IR_PRIM_TRIANGLES_ADJACENCY] = GL_TRIANGLES_ADJACENCY,
         [IR_PRIM_LINE_STRIP] = GL_LINE_STRIP, [IR_PRIM_TRIANGLE_STRIP] = GL_TRIANGLE_STRIP,
      };
      unsigned prim = pname == GL_GEOMETRY_INPUT_TYPE ? it->gs_input_prim : it->gs_output_prim;
      *v = pname == GL_GEOMETRY_VERTICES_OUT ? (GLint)it->gs_max_vertices
           : prim < ARRAY_SIZE(prims) ? (GLint)prims[prim] : 0;
      return true;
   }
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
}

void GLAPIENTRY
api_glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetProgramiv");
   GLint v;
   if (p && program_param(ctx, p, pname, &v, "glGetProgramiv") && params)
      *params = v;
}

void GLAPIENTRY
api_glGetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetProgramInfoLog");
   if (!p)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetProgramInfoLog");
      return;
   }
   pthread_mutex_lock(&ctx->share->lock);
   const char *log = p->info_log ? p->info_log : "";
   copy_out(log, strlen(log), bufSize, length, infoLog);
   pthread_mutex_unlock(&ctx->share->lock);
}

void GLAPIENTRY
api_glGetAttachedShaders(GLuint program, GLsizei maxCount, GLsizei *count, GLuint *shaders)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetAttachedShaders");
   if (!p)
      return;
   if (maxCount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetAttachedShaders");
      return;
   }
   GLsizei n = 0;
   pthread_mutex_lock(&ctx->share->lock);
   for (unsigned i = 0; i < p->num_shaders && n < maxCount; i++) {
      if (shaders)
         shaders[n] = p->shaders[i]->base.name;
      n++;
   }
   pthread_mutex_unlock(&ctx->share->lock);
   if (count)
      *count = n;
}

/* --- attributes -------------------------------------------------------------- */

static void add_binding(struct st_context *ctx, struct st_glsl_program *p, const char *name,
                        unsigned index, unsigned frag_index, bool fragment_output,
                        const char *where);

void GLAPIENTRY
api_glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glBindAttribLocation");
   if (!p)
      return;
   if (index >= ST_GLSL_MAX_VERTEX_ATTRIBS) {
      st_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation");
      return;
   }
   if (!name)
      return;
   /* GL 2.1 section 2.15.3: names starting with "gl_" are reserved */
   if (!strncmp(name, "gl_", 3)) {
      st_error(ctx, GL_INVALID_OPERATION, "glBindAttribLocation");
      return;
   }
   add_binding(ctx, p, name, index, 0, false, "glBindAttribLocation");
}

/* A binding of glBindAttribLocation or glBindFragDataLocation, used by the
 * next link; a name bound again moves. */
static void
add_binding(struct st_context *ctx, struct st_glsl_program *p, const char *name, unsigned index,
            unsigned frag_index, bool fragment_output, const char *where)
{
   for (unsigned i = 0; i < p->num_bindings; i++) {
      if (p->bindings[i].fragment_output == fragment_output &&
          !strcmp(p->bindings[i].name, name)) {
         p->bindings[i].index = index;
         p->bindings[i].frag_index = frag_index;
         return;
      }
   }
   char *copy = strdup(name);
   struct glsl_attrib_binding *nb = copy ? realloc(p->bindings, (p->num_bindings + 1) *
                                                                sizeof *nb)
                                         : NULL;
   if (!nb) {
      free(copy);
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return;
   }
   p->bindings = nb;
   nb[p->num_bindings].name = copy;
   nb[p->num_bindings].index = index;
   nb[p->num_bindings].frag_index = frag_index;
   nb[p->num_bindings].fragment_output = fragment_output;
   p->num_bindings++;
}

/* The program's last successful link; GL_INVALID_OPERATION when it has
 * none (GL 2.1: "if program has not been successfully linked"). */
const struct glsl_program_interface *
st_glsl_linked_iface(struct st_context *ctx, struct st_glsl_program *p, const char *where)
{
   if (!p->link_status || !p->linked) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return p->linked->iface;
}

GLint GLAPIENTRY
api_glGetAttribLocation(GLuint program, const GLchar *name)
{
   ST_ENTRY_RET(ctx, -1);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetAttribLocation");
   if (!p || !st_glsl_linked_iface(ctx, p, "glGetAttribLocation") || !name)
      return -1;
   return p->linked->prog ? glsl_program_attrib_location(p->linked->prog, name) : -1;
}

void GLAPIENTRY
api_glGetActiveAttrib(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length,
                      GLint *size, GLenum *type, GLchar *name)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetActiveAttrib");
   if (!p)
      return;
   /* GL 2.1 section 2.15.3: no link yet is an invalid index (Mesa and the
    * spec agree: INVALID_VALUE for index >= ACTIVE_ATTRIBUTES) */
   const struct glsl_program_interface *it = p->linked ? p->linked->iface : NULL;
   if (!it || index >= it->num_attributes || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveAttrib");
      return;
   }
   const struct glsl_attribute *a = &it->attributes[index];
   copy_out(a->name, strlen(a->name), bufSize, length, name);
   if (size)
      *size = (GLint)a->array_size;
   if (type)
      *type = a->gl_type;
}

/* --- EXT_blend_func_extended (OpenGL ES 2.0): fragment output bindings -------------- */

/*
 * GLSL ES 1.00 has no user-defined fragment outputs: its shaders write
 * gl_FragColor / gl_FragData and their secondary forms, whose locations and
 * indices are fixed.  So in ES 2.0 contexts these commands check their
 * arguments as the extension says, a binding names no output any program
 * of the context can have (nothing to record), and every output query
 * answers -1; ES 3.0 contexts bind and answer as GL 3.3 does.
 */
static const struct glsl_frag_output *find_frag_output(struct st_context *ctx, GLuint program,
                                                       const GLchar *name, unsigned *elem,
                                                       const char *where);

static bool
bfe_offered(struct st_context *ctx, const char *where)
{
   if (!ctx->caps.ext_blend_func_extended || ctx->profile != ST_PROFILE_GLES2) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

static void
bind_frag_data(GLuint program, GLuint color, GLuint index, const GLchar *name, const char *where)
{
   ST_ENTRY(ctx);
   /* GL 3.0 section 3.12.2: the next link puts user output 'name' at
    * colour number 'color' (link_frag_outputs); GL 3.3 /
    * ARB_blend_func_extended and the ES extension: of index 0 (the first
    * colours) or 1 (the second colours of dual-source blending) */
   bool es = ctx->profile == ST_PROFILE_GLES2;
   if (es) {
      if (!bfe_offered(ctx, where))
         return;
   } else if (ctx->version < 30 || (index && !ctx->caps.arb_blend_func_extended)) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* as a stub */
      return;
   }
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, where);
   if (!p)
      return;
   /* "if <index> is greater than one", "if <colorNumber> is greater than or
    * equal to MAX_DRAW_BUFFERS" (index 0) / "MAX_DUAL_SOURCE_DRAW_BUFFERS"
    * (index 1) */
   if (index > 1 || color >= (index ? ST_GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS
                                    : ST_GLSL_MAX_DRAW_BUFFERS)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (!name)
      return;
   if (!strncmp(name, "gl_", 3)) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* reserved names */
      return;
   }
   if (es && !st_es3(ctx))
      return;   /* GLSL ES 1.00 has no user outputs: nothing to bind */
   add_binding(ctx, p, name, color, index, true, where);
}

void GLAPIENTRY
api_glBindFragDataLocationIndexedEXT(GLuint program, GLuint colorNumber, GLuint index,
                                     const GLchar *name)
{
   bind_frag_data(program, colorNumber, index, name, "glBindFragDataLocationIndexedEXT");
}

void GLAPIENTRY
api_glBindFragDataLocationIndexed(GLuint program, GLuint colorNumber, GLuint index,
                                  const GLchar *name)
{
   bind_frag_data(program, colorNumber, index, name, "glBindFragDataLocationIndexed");
}

void GLAPIENTRY
api_glBindFragDataLocationEXT(GLuint program, GLuint color, const GLchar *name)
{
   bind_frag_data(program, color, 0, name, "glBindFragDataLocationEXT");
}

GLint GLAPIENTRY
api_glGetProgramResourceLocationIndexEXT(GLuint program, GLenum programInterface,
                                         const GLchar *name)
{
   ST_ENTRY_RET(ctx, -1);
   if (!bfe_offered(ctx, "glGetProgramResourceLocationIndexEXT"))
      return -1;
   if (programInterface != GL_PROGRAM_OUTPUT) {
      st_error(ctx, GL_INVALID_ENUM, "glGetProgramResourceLocationIndexEXT");
      return -1;
   }
   unsigned elem;
   const struct glsl_frag_output *o =
      find_frag_output(ctx, program, name, &elem, "glGetProgramResourceLocationIndexEXT");
   return o ? o->index : -1;
}

/* --- GL 3.0 / ES 3.0 user fragment outputs ----------------------------------------- */

/*
 * glGetFragDataLocation (GL 3.0 section 3.12.2) and glGetFragDataIndex
 * (GL 3.3, ARB_blend_func_extended): the colour number and the index a
 * user fragment output ("out vec4 c;", or "c[1]" of an array) of the last
 * successful link writes, from the linker's table of active outputs
 * (glsl_program_interface.frag_outputs: layout(location, index), the
 * bindings, or the lowest free colour numbers: glsl_link.c
 * link_frag_outputs); -1 for other names and for "gl_" ones.
 */
static const struct glsl_frag_output *
find_frag_output(struct st_context *ctx, GLuint program, const GLchar *name, unsigned *elem,
                 const char *where)
{
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, where);
   const struct glsl_program_interface *it = p ? st_glsl_linked_iface(ctx, p, where) : NULL;
   if (!it || !name || !strncmp(name, "gl_", 3))
      return NULL;   /* built-ins are no user outputs */
   /* "c" or "c[k]" */
   size_t len;
   bool subscript;
   if (!glsl_parse_element_name(name, &len, elem, &subscript))
      return NULL;
   for (unsigned i = 0; i < it->num_frag_outputs; i++) {
      const struct glsl_frag_output *o = &it->frag_outputs[i];
      if (strncmp(o->name, name, len) || o->name[len] || o->location < 0)
         continue;
      if (subscript && *elem >= o->array_size)
         return NULL;   /* past the array's end, or a subscript on a non-array */
      return o;
   }
   return NULL;
}

GLint GLAPIENTRY
api_glGetFragDataLocation(GLuint program, const GLchar *name)
{
   ST_ENTRY_RET(ctx, -1);
   if (ctx->profile == ST_PROFILE_GLES1 || ctx->version < 30) {
      st_error(ctx, GL_INVALID_OPERATION, "glGetFragDataLocation");   /* as a stub */
      return -1;
   }
   unsigned elem;
   const struct glsl_frag_output *o =
      find_frag_output(ctx, program, name, &elem, "glGetFragDataLocation");
   return o ? o->location + (GLint)elem : -1;
}

/* glGetFragDataIndex (GL 3.3) and glGetFragDataIndexEXT (ES) share a
 * dispatch slot: each context's extension decides */
static GLint
get_frag_data_index(GLuint program, const GLchar *name, const char *where)
{
   ST_ENTRY_RET(ctx, -1);
   if (ctx->profile == ST_PROFILE_GLES2 ? !bfe_offered(ctx, where)
                                        : !ctx->caps.arb_blend_func_extended) {
      if (ctx->profile != ST_PROFILE_GLES2)
         st_error(ctx, GL_INVALID_OPERATION, where);   /* as a stub */
      return -1;
   }
   unsigned elem;
   const struct glsl_frag_output *o = find_frag_output(ctx, program, name, &elem, where);
   return o ? o->index : -1;   /* none in GLSL ES 1.00 */
}

GLint GLAPIENTRY
api_glGetFragDataIndex(GLuint program, const GLchar *name)
{
   return get_frag_data_index(program, name, "glGetFragDataIndex");
}

GLint GLAPIENTRY
api_glGetFragDataIndexEXT(GLuint program, const GLchar *name)
{
   return get_frag_data_index(program, name, "glGetFragDataIndexEXT");
}

/* --- ARB_shader_objects names with dispatch slots of their own ---------------------- */

GLhandleARB GLAPIENTRY
api_glCreateShaderObjectARB(GLenum shaderType)
{
   return api_glCreateShader(shaderType);
}

GLhandleARB GLAPIENTRY
api_glCreateProgramObjectARB(void)
{
   return api_glCreateProgram();
}

void GLAPIENTRY
api_glAttachObjectARB(GLhandleARB containerObj, GLhandleARB obj)
{
   api_glAttachShader(containerObj, obj);
}

void GLAPIENTRY
api_glDetachObjectARB(GLhandleARB containerObj, GLhandleARB attachedObj)
{
   api_glDetachShader(containerObj, attachedObj);
}

void GLAPIENTRY
api_glDeleteObjectARB(GLhandleARB obj)
{
   ST_ENTRY(ctx);
   if (!obj)
      return;
   struct st_glsl_object *o = lookup(ctx, obj, "glDeleteObjectARB");
   if (!o)
      return;
   if (o->kind == ST_GLSL_SHADER)
      api_glDeleteShader(obj);
   else
      api_glDeleteProgram(obj);
}

GLhandleARB GLAPIENTRY
api_glGetHandleARB(GLenum pname)
{
   ST_ENTRY_RET(ctx, 0);
   if (pname != GL_PROGRAM_OBJECT_ARB) {
      st_error(ctx, GL_INVALID_ENUM, "glGetHandleARB");
      return 0;
   }
   return ctx->glsl->current ? ctx->glsl->current->base.name : 0;
}

/* glGetObjectParameter{f,i}vARB: the shader or program pnames and
 * GL_OBJECT_TYPE_ARB / GL_OBJECT_SUBTYPE_ARB. */
static bool
object_param(struct st_context *ctx, GLhandleARB obj, GLenum pname, GLint *v, const char *where)
{
   struct st_glsl_object *o = lookup(ctx, obj, where);
   if (!o)
      return false;
   if (pname == GL_OBJECT_TYPE_ARB) {
      *v = o->kind == ST_GLSL_SHADER ? GL_SHADER_OBJECT_ARB : GL_PROGRAM_OBJECT_ARB;
      return true;
   }
   if (o->kind == ST_GLSL_SHADER) {
      if (pname == GL_OBJECT_SUBTYPE_ARB)
         pname = GL_SHADER_TYPE;
      return shader_param(ctx, (struct st_glsl_shader *)o, pname, v, where);
   }
   return program_param(ctx, (struct st_glsl_program *)o, pname, v, where);
}

void GLAPIENTRY
api_glGetObjectParameterivARB(GLhandleARB obj, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   GLint v;
   if (object_param(ctx, obj, pname, &v, "glGetObjectParameterivARB") && params)
      *params = v;
}

void GLAPIENTRY
api_glGetObjectParameterfvARB(GLhandleARB obj, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   GLint v;
   if (object_param(ctx, obj, pname, &v, "glGetObjectParameterfvARB") && params)
      *params = (GLfloat)v;
}

void GLAPIENTRY
api_glGetInfoLogARB(GLhandleARB obj, GLsizei maxLength, GLsizei *length, GLcharARB *infoLog)
{
   ST_ENTRY(ctx);
   struct st_glsl_object *o = lookup(ctx, obj, "glGetInfoLogARB");
   if (!o)
      return;
   if (o->kind == ST_GLSL_SHADER)
      api_glGetShaderInfoLog(obj, maxLength, length, infoLog);
   else
      api_glGetProgramInfoLog(obj, maxLength, length, infoLog);
}

void GLAPIENTRY
api_glGetAttachedObjectsARB(GLhandleARB containerObj, GLsizei maxCount, GLsizei *count,
                            GLhandleARB *obj)
{
   api_glGetAttachedShaders(containerObj, maxCount, count, obj);
}

/* --- OpenGL ES 2.0 (and ARB_ES2_compatibility) --------------------------------- */

static bool
es2_api(struct st_context *ctx, const char *where)
{
   if (ctx->profile != ST_PROFILE_GLES2) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* not in this API */
      return false;
   }
   return true;
}

void GLAPIENTRY
api_glReleaseShaderCompiler(void)
{
   ST_ENTRY(ctx);
   es2_api(ctx, "glReleaseShaderCompiler");   /* a hint: nothing to release */
}

void GLAPIENTRY
api_glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryFormat,
                   const void *binary, GLsizei length)
{
   ST_ENTRY(ctx);
   (void)shaders;
   (void)binary;
   if (!es2_api(ctx, "glShaderBinary"))
      return;
   if (count < 0 || length < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glShaderBinary");
      return;
   }
   /* GL_NUM_SHADER_BINARY_FORMATS is 0: no format is valid */
   (void)binaryFormat;
   st_error(ctx, GL_INVALID_ENUM, "glShaderBinary");
}

void GLAPIENTRY
api_glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range,
                               GLint *precision)
{
   ST_ENTRY(ctx);
   if (!es2_api(ctx, "glGetShaderPrecisionFormat"))
      return;
   if (!shader_type_ok(ctx, shadertype)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat");
      return;
   }
   GLint r0, r1, p;
   switch (precisiontype) {
   /* refpipe computes every precision in IEEE single precision and 32-bit
    * integers (ES 2.0 section 2.10: log2 of the range, precision bits) */
   case GL_LOW_FLOAT: case GL_MEDIUM_FLOAT: case GL_HIGH_FLOAT:
      r0 = r1 = 127;
      p = 23;
      break;
   case GL_LOW_INT: case GL_MEDIUM_INT: case GL_HIGH_INT:
      r0 = 31;
      r1 = 30;
      p = 0;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat");
      return;
   }
   if (range) {
      range[0] = r0;
      range[1] = r1;
   }
   if (precision)
      *precision = p;
}

/* --- ES 3.0 program binaries (section 2.12.3) --------------------------------
 * Pony offers no binary format (GL_NUM_PROGRAM_BINARY_FORMATS is 0): every
 * glProgramBinary is GL_INVALID_ENUM, a linked program's binary is empty. */

void GLAPIENTRY
api_glGetProgramBinary(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat,
                       void *binary)
{
   ST_ENTRY(ctx);
   (void)binaryFormat;
   (void)binary;
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetProgramBinary");
   if (!p)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetProgramBinary");
      return;
   }
   if (!p->link_status) {
      st_error(ctx, GL_INVALID_OPERATION, "glGetProgramBinary");
      return;
   }
   if (length)
      *length = 0;
}

void GLAPIENTRY
api_glProgramBinary(GLuint program, GLenum binaryFormat, const void *binary, GLsizei length)
{
   ST_ENTRY(ctx);
   (void)binaryFormat;
   (void)binary;
   (void)length;
   if (st_glsl_lookup_program(ctx, program, "glProgramBinary"))
      st_error(ctx, GL_INVALID_ENUM, "glProgramBinary");
}

void GLAPIENTRY
api_glProgramParameteri(GLuint program, GLenum pname, GLint value)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glProgramParameteri");
   if (!p)
      return;
   if (pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT) {
      st_error(ctx, GL_INVALID_ENUM, "glProgramParameteri");
      return;
   }
   if (value != GL_FALSE && value != GL_TRUE) {
      st_error(ctx, GL_INVALID_VALUE, "glProgramParameteri");
      return;
   }
   p->binary_retrievable_hint = value == GL_TRUE;
}
