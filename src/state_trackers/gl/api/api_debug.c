/*
 * GL_KHR_debug / GL_ARB_debug_output entry points: glDebugMessageControl,
 * glDebugMessageInsert, glDebugMessageCallback, glGetDebugMessageLog,
 * glPushDebugGroup, glPopDebugGroup, glObjectLabel, glGetObjectLabel
 * (glObjectPtrLabel and glGetObjectPtrLabel are in api_sync.c, which owns
 * the sync objects).  libglapi gives the ARB and KHR names the same
 * dispatch slots, so these serve all three spellings.  The state is in
 * st_debug.c; none of these commands is compiled into display lists.
 */
#include <string.h>

#include "st_context.h"
#include "st_debug.h"
#include "st_glsl.h"

/* A NUL-terminated string (length < 0) or length characters, shorter than
 * GL_MAX_DEBUG_MESSAGE_LENGTH: its length, else -1 after GL_INVALID_VALUE. */
static long
message_length(struct st_context *ctx, GLsizei length, const char *buf, const char *where)
{
   size_t n = 0;
   if (buf)
      n = length < 0 ? strnlen(buf, ST_MAX_DEBUG_MESSAGE_LENGTH) : (size_t)length;
   if (!buf || n >= ST_MAX_DEBUG_MESSAGE_LENGTH) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return -1;
   }
   /* a message is a string: nothing past a NUL within 'length' is read */
   return (long)strnlen(buf, n);
}

/* An index of table 5.3/5.4/5.5 or -1 for GL_DONT_CARE; -2 for a bad enum. */
static int
index_or_dont_care(GLenum e, int (*index)(GLenum))
{
   return e == GL_DONT_CARE ? -1 : (index(e) >= 0 ? index(e) : -2);
}

void GLAPIENTRY
api_glDebugMessageControl(GLenum source, GLenum type, GLenum severity, GLsizei count,
                          const GLuint *ids, GLboolean enabled)
{
   ST_ENTRY(ctx);
   const char *where = "glDebugMessageControl";
   int s = index_or_dont_care(source, st_debug_source_index);
   int t = index_or_dont_care(type, st_debug_type_index);
   int v = index_or_dont_care(severity, st_debug_severity_index);
   if (s == -2 || t == -2 || v == -2) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (count < 0 || (count > 0 && !ids)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   /* IDs name messages of one (source, type) namespace, of any severity */
   if (count > 0 && (s < 0 || t < 0 || v >= 0)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   st_debug_control(ctx, s, t, v, count, ids, enabled != GL_FALSE, where);
}

void GLAPIENTRY
api_glDebugMessageInsert(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                         const GLchar *buf)
{
   ST_ENTRY(ctx);
   const char *where = "glDebugMessageInsert";
   /* 5.5.5: with debug output off the call is discarded, errors included */
   if (!ctx->debug_output.output)
      return;
   if ((source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY) ||
       st_debug_type_index(type) < 0 || st_debug_severity_index(severity) < 0) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   long n = message_length(ctx, length, buf, where);
   if (n < 0)
      return;
   st_debug_message(ctx, source, type, id, severity, (GLsizei)n, buf);
}

void GLAPIENTRY
api_glDebugMessageCallback(GLDEBUGPROC callback, const void *userParam)
{
   ST_ENTRY(ctx);
   ctx->debug_output.callback = callback;
   ctx->debug_output.user_param = userParam;
}

GLuint GLAPIENTRY
api_glGetDebugMessageLog(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types,
                         GLuint *ids, GLenum *severities, GLsizei *lengths, GLchar *messageLog)
{
   ST_ENTRY_RET(ctx, 0);
   if (bufSize < 0 && messageLog) {
      st_error(ctx, GL_INVALID_VALUE, "glGetDebugMessageLog");
      return 0;
   }
   return st_debug_fetch_log(ctx, count, bufSize, sources, types, ids, severities, lengths,
                             messageLog);
}

void GLAPIENTRY
api_glPushDebugGroup(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
   ST_ENTRY(ctx);
   const char *where = "glPushDebugGroup";
   if (source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   long n = message_length(ctx, length, message, where);
   if (n < 0)
      return;
   if (ctx->debug_output.depth >= ST_MAX_DEBUG_GROUP_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, where);
      return;
   }
   st_debug_push_group(ctx, source, id, message, (size_t)n, where);
}

void GLAPIENTRY
api_glPopDebugGroup(void)
{
   ST_ENTRY(ctx);
   if (ctx->debug_output.depth <= 1) {   /* the default group stays */
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopDebugGroup");
      return;
   }
   st_debug_pop_group(ctx);
}

/* --- labels ---------------------------------------------------------------- */

static bool
is_shader(const void *obj)
{
   return ((const struct st_glsl_object *)obj)->kind == ST_GLSL_SHADER;
}

static bool
is_program(const void *obj)
{
   return ((const struct st_glsl_object *)obj)->kind == ST_GLSL_PROGRAM;
}

/* The namespace of a table 5.1 identifier this context has, or NULL
 * (GL_INVALID_ENUM).  Pony has no program pipeline or transform feedback
 * objects: those identifiers are not in its table 5.1. */
static struct st_names *
label_namespace(struct st_context *ctx, GLenum identifier, bool (**accept)(const void *))
{
   *accept = NULL;
   switch (identifier) {
   case GL_BUFFER:
      return &ctx->share->buffers;
   case GL_SHADER:
      *accept = is_shader;
      return st_glsl_api(ctx) ? &ctx->share->shader_objects : NULL;
   case GL_PROGRAM:
      *accept = is_program;
      return st_glsl_api(ctx) ? &ctx->share->shader_objects : NULL;
   case GL_VERTEX_ARRAY:
      return &ctx->draw->vaos;
   case GL_QUERY:
      return &ctx->queries;
   case GL_SAMPLER:
      return ctx->caps.arb_sampler_objects ? &ctx->share->samplers : NULL;
   case GL_TEXTURE:
      return &ctx->share->textures;
   case GL_RENDERBUFFER:
      return &ctx->share->renderbuffers;
   case GL_FRAMEBUFFER:
      return &ctx->framebuffers;
   case GL_DISPLAY_LIST:   /* compatibility profile only */
      return ctx->profile == ST_PROFILE_COMPAT ? &ctx->share->lists : NULL;
   default:
      return NULL;
   }
}

void GLAPIENTRY
api_glObjectLabel(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   ST_ENTRY(ctx);
   const char *where = "glObjectLabel";
   bool (*accept)(const void *);
   struct st_names *t = label_namespace(ctx, identifier, &accept);
   if (!t) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   long n = st_debug_label_length(ctx, length, label, where);
   if (n < 0)
      return;
   int r = st_names_set_label(t, name, accept, label, (size_t)n);
   if (r <= 0)   /* not an object of that namespace / no memory for the copy */
      st_error(ctx, r == 0 ? GL_INVALID_VALUE : GL_OUT_OF_MEMORY, where);
}

void GLAPIENTRY
api_glGetObjectLabel(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length,
                     GLchar *label)
{
   ST_ENTRY(ctx);
   const char *where = "glGetObjectLabel";
   bool (*accept)(const void *);
   struct st_names *t = label_namespace(ctx, identifier, &accept);
   if (!t) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (bufSize < 0 || !st_names_get_label(t, name, accept, bufSize, length, label))
      st_error(ctx, GL_INVALID_VALUE, where);
}
