/*
 * Transform feedback entry points (st_xfb.h): EXT_transform_feedback and
 * its GL 3.0 names (glBeginTransformFeedback, glEndTransformFeedback,
 * glTransformFeedbackVaryings, glGetTransformFeedbackVarying; the buffer
 * bindings are glBindBufferRange/Base/OffsetEXT in api_buffer.c),
 * ARB_transform_feedback2 (objects, pause/resume, glDrawTransformFeedback)
 * and ARB_transform_feedback3's glDrawTransformFeedbackStream (stream 0
 * only: there are no geometry shaders).
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "compiler/glsl/glsl_compiler.h"
#include "st_buffer.h"
#include "st_glsl.h"
#include "st_xfb.h"

/* Entry-point prologue: the context must have transform feedback. */
#define XFB_ENTRY(ctx, where)                                  \
   ST_ENTRY(ctx);                                              \
   if (!st_xfb_enabled(ctx)) {                                 \
      st_error(ctx, GL_INVALID_OPERATION, where);              \
      return;                                                  \
   }

#define XFB_ENTRY_RET(ctx, where, ret)                         \
   ST_ENTRY_RET(ctx, ret);                                     \
   if (!st_xfb_enabled(ctx)) {                                 \
      st_error(ctx, GL_INVALID_OPERATION, where);              \
      return (ret);                                            \
   }

/* --- EXT_transform_feedback / GL 3.0 ------------------------------------------ */

void GLAPIENTRY
api_glBeginTransformFeedback(GLenum primitiveMode)
{
   XFB_ENTRY(ctx, "glBeginTransformFeedback");
   struct st_xfb_object *o = ctx->xfb->current;
   if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES &&
       primitiveMode != GL_TRIANGLES) {
      st_error(ctx, GL_INVALID_ENUM, "glBeginTransformFeedback");
      return;
   }
   if (o->active) {
      st_error(ctx, GL_INVALID_OPERATION, "glBeginTransformFeedback");
      return;
   }
   /* a program in use that captures something, with every buffer it
    * writes bound (EXT_transform_feedback, Errors) */
   const struct st_glsl_linked *l = st_glsl_active(ctx);
   const struct glsl_program_interface *it = l ? l->iface : NULL;
   if (!it || !it->ir[GLSL_STAGE_VERTEX] || !it->num_xfb_varyings || !it->xfb_buffers) {
      st_error(ctx, GL_INVALID_OPERATION, "glBeginTransformFeedback");
      return;
   }
   for (unsigned b = 0; b < ST_XFB_MAX_BUFFERS; b++) {
      if ((it->xfb_buffers & (1u << b)) && !o->bind[b].buffer) {
         st_error(ctx, GL_INVALID_OPERATION, "glBeginTransformFeedback");
         return;
      }
   }
   struct st_glsl_linked *ref = (struct st_glsl_linked *)l;
   __atomic_add_fetch(&ref->refcount, 1, __ATOMIC_ACQ_REL);
   st_glsl_linked_unref(o->linked);
   o->linked = ref;
   o->active = true;
   o->paused = false;
   o->mode = primitiveMode;
   memset(o->written, 0, sizeof o->written);
   o->vertices = 0;
}

void GLAPIENTRY
api_glEndTransformFeedback(void)
{
   XFB_ENTRY(ctx, "glEndTransformFeedback");
   struct st_xfb_object *o = ctx->xfb->current;
   if (!o->active) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndTransformFeedback");
      return;
   }
   o->active = false;
   o->paused = false;
   o->ended = true;
   st_glsl_linked_unref(o->linked);
   o->linked = NULL;
}

void GLAPIENTRY
api_glTransformFeedbackVaryings(GLuint program, GLsizei count, const GLchar *const *varyings,
                                GLenum bufferMode)
{
   XFB_ENTRY(ctx, "glTransformFeedbackVaryings");
   const char *where = "glTransformFeedbackVaryings";
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, where);
   if (!p)
      return;
   if (bufferMode != GL_INTERLEAVED_ATTRIBS && bufferMode != GL_SEPARATE_ATTRIBS) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (count < 0 || (count > 0 && !varyings) ||
       (bufferMode == GL_SEPARATE_ATTRIBS && count > ST_XFB_MAX_SEPARATE_ATTRIBS)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   /* ARB_transform_feedback3 (GL 4.0 2.17.2): the special names are for
    * interleaved mode, and gl_NextBuffer leaves a buffer to go to (fewer
    * of them than GL_MAX_TRANSFORM_FEEDBACK_BUFFERS) */
   unsigned next_buffers = 0;
   for (GLsizei i = 0; i < count; i++) {
      const char *v = varyings[i] ? varyings[i] : "";
      bool next = !strcmp(v, "gl_NextBuffer");
      bool skip = !strncmp(v, "gl_SkipComponents", 17) && v[17] >= '1' && v[17] <= '4' &&
                  !v[18];
      next_buffers += next;
      if (((next || skip) && bufferMode != GL_INTERLEAVED_ATTRIBS) ||
          next_buffers >= ST_XFB_MAX_BUFFERS) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
   }
   /* GL 4.0 section 2.17.2: not while an active session captures with it */
   if (st_xfb_program_capturing(ctx, p)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (count > ST_XFB_MAX_VARYING_NAMES) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return;
   }
   char **names = count ? calloc((size_t)count, sizeof *names) : NULL;
   if (count && !names) {
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      names[i] = strdup(varyings[i] ? varyings[i] : "");
      if (!names[i]) {
         for (GLsizei k = 0; k < i; k++)
            free(names[k]);
         free(names);
         st_error(ctx, GL_OUT_OF_MEMORY, where);
         return;
      }
   }
   pthread_mutex_lock(&ctx->share->lock);
   char **old = p->xfb_names;
   unsigned old_count = p->xfb_count;
   p->xfb_names = names;
   p->xfb_count = (unsigned)count;
   p->xfb_mode = bufferMode;
   pthread_mutex_unlock(&ctx->share->lock);
   for (unsigned i = 0; i < old_count; i++)
      free(old[i]);
   free(old);
}

void GLAPIENTRY
api_glGetTransformFeedbackVarying(GLuint program, GLuint index, GLsizei bufSize,
                                  GLsizei *length, GLsizei *size, GLenum *type, GLchar *name)
{
   XFB_ENTRY(ctx, "glGetTransformFeedbackVarying");
   const char *where = "glGetTransformFeedbackVarying";
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, where);
   if (!p)
      return;
   /* the varyings of the last successful link */
   const struct glsl_program_interface *it = p->linked ? p->linked->iface : NULL;
   if (bufSize < 0 || !it || index >= it->num_xfb_varyings) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   const struct glsl_xfb_varying *v = &it->xfb_varyings[index];
   size_t len = strlen(v->name);
   if (bufSize > 0 && name) {
      size_t n = len < (size_t)bufSize - 1 ? len : (size_t)bufSize - 1;
      memcpy(name, v->name, n);
      name[n] = '\0';
      if (length)
         *length = (GLsizei)n;
   } else if (length) {
      *length = 0;
   }
   if (size)
      *size = (GLsizei)v->size;
   if (type)
      *type = v->gl_type ? (GLenum)v->gl_type : GL_NONE;
}

void GLAPIENTRY
api_glBeginTransformFeedbackEXT(GLenum primitiveMode)
{
   api_glBeginTransformFeedback(primitiveMode);
}

void GLAPIENTRY
api_glEndTransformFeedbackEXT(void)
{
   api_glEndTransformFeedback();
}

void GLAPIENTRY
api_glTransformFeedbackVaryingsEXT(GLuint program, GLsizei count,
                                   const GLchar *const *varyings, GLenum bufferMode)
{
   api_glTransformFeedbackVaryings(program, count, varyings, bufferMode);
}

void GLAPIENTRY
api_glGetTransformFeedbackVaryingEXT(GLuint program, GLuint index, GLsizei bufSize,
                                     GLsizei *length, GLsizei *size, GLenum *type,
                                     GLchar *name)
{
   api_glGetTransformFeedbackVarying(program, index, bufSize, length, size, type, name);
}

/* --- ARB_transform_feedback2: objects --------------------------------------- */

void GLAPIENTRY
api_glGenTransformFeedbacks(GLsizei n, GLuint *ids)
{
   XFB_ENTRY(ctx, "glGenTransformFeedbacks");
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenTransformFeedbacks");
      return;
   }
   if (!n || !ids)
      return;
   if (!st_names_gen(&ctx->xfb->objects, n, ids))
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenTransformFeedbacks");
}

void GLAPIENTRY
api_glDeleteTransformFeedbacks(GLsizei n, const GLuint *ids)
{
   XFB_ENTRY(ctx, "glDeleteTransformFeedbacks");
   struct st_xfb_ctx *x = ctx->xfb;
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteTransformFeedbacks");
      return;
   }
   if (!ids)
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (!ids[i] || !st_names_is_used(&x->objects, ids[i]))
         continue;
      struct st_xfb_object *o = st_names_lookup(&x->objects, ids[i]);
      /* GL 4.0 section 2.17.1: an active object cannot be deleted */
      if (o && o->active) {
         st_error(ctx, GL_INVALID_OPERATION, "glDeleteTransformFeedbacks");
         continue;
      }
      st_names_remove(&x->objects, ids[i]);
      if (o && x->current == o)
         x->current = &x->default_obj;
      if (o) {
         for (unsigned b = 0; b < ST_XFB_MAX_BUFFERS; b++)
            st_buffer_reference(&o->bind[b].buffer, NULL);
         st_glsl_linked_unref(o->linked);
         free(o);
      }
   }
}

GLboolean GLAPIENTRY
api_glIsTransformFeedback(GLuint id)
{
   XFB_ENTRY_RET(ctx, "glIsTransformFeedback", GL_FALSE);
   /* a generated name is an object once bound */
   return id && st_names_lookup(&ctx->xfb->objects, id) ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glBindTransformFeedback(GLenum target, GLuint id)
{
   XFB_ENTRY(ctx, "glBindTransformFeedback");
   struct st_xfb_ctx *x = ctx->xfb;
   if (target != GL_TRANSFORM_FEEDBACK) {
      st_error(ctx, GL_INVALID_ENUM, "glBindTransformFeedback");
      return;
   }
   if (st_xfb_active_unpaused(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION, "glBindTransformFeedback");
      return;
   }
   if (!id) {
      x->current = &x->default_obj;
      return;
   }
   /* only names glGenTransformFeedbacks returned */
   if (!st_names_is_used(&x->objects, id)) {
      st_error(ctx, GL_INVALID_OPERATION, "glBindTransformFeedback");
      return;
   }
   struct st_xfb_object *o = st_names_lookup(&x->objects, id);
   if (!o) {
      o = calloc(1, sizeof *o);
      if (!o || !st_names_set(&x->objects, id, o)) {
         free(o);
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindTransformFeedback");
         return;
      }
      o->name = id;
      o->bound_once = true;
   }
   x->current = o;
}

void GLAPIENTRY
api_glPauseTransformFeedback(void)
{
   XFB_ENTRY(ctx, "glPauseTransformFeedback");
   struct st_xfb_object *o = ctx->xfb->current;
   if (!o->active || o->paused) {
      st_error(ctx, GL_INVALID_OPERATION, "glPauseTransformFeedback");
      return;
   }
   o->paused = true;
}

void GLAPIENTRY
api_glResumeTransformFeedback(void)
{
   XFB_ENTRY(ctx, "glResumeTransformFeedback");
   struct st_xfb_object *o = ctx->xfb->current;
   /* resuming with another program than the session began with is an
    * error (GL 4.0 section 2.17.2) */
   if (!o->active || !o->paused || st_glsl_active(ctx) != o->linked) {
      st_error(ctx, GL_INVALID_OPERATION, "glResumeTransformFeedback");
      return;
   }
   o->paused = false;
}

/* glDrawTransformFeedback(Stream)(Instanced): draw as many vertices as the
 * object's last session captured (ARB_transform_feedback2 section 2.17.3),
 * instances times (ARB_transform_feedback_instanced; -1: not instanced). */
static void
draw_xfb(GLenum mode, GLuint id, GLuint stream, GLsizei instances, const char *where)
{
   XFB_ENTRY(ctx, where);
   struct st_xfb_ctx *x = ctx->xfb;
   if (instances != -1 && !ctx->caps.ext_draw_instanced) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* the extension is not offered */
      return;
   }
   if (mode > GL_POLYGON) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   /* MAX_VERTEX_STREAMS is 1 */
   if (stream > 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   struct st_xfb_object *o = id ? st_names_lookup(&x->objects, id) : &x->default_obj;
   if (!o) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (!o->ended) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (instances < -1) {
      st_error(ctx, GL_INVALID_VALUE, where);   /* a negative instance count */
      return;
   }
   uint64_t count = o->vertices;
   if (count > 0x7fffffff)
      count = 0x7fffffff;
   if (count && instances == -1)
      api_glDrawArrays(mode, 0, (GLsizei)count);
   else if (count && instances > 0)
      api_glDrawArraysInstanced(mode, 0, (GLsizei)count, instances);
}

void GLAPIENTRY
api_glDrawTransformFeedback(GLenum mode, GLuint id)
{
   draw_xfb(mode, id, 0, -1, "glDrawTransformFeedback");
}

void GLAPIENTRY
api_glDrawTransformFeedbackStream(GLenum mode, GLuint id, GLuint stream)
{
   draw_xfb(mode, id, stream, -1, "glDrawTransformFeedbackStream");
}

void GLAPIENTRY
api_glDrawTransformFeedbackInstanced(GLenum mode, GLuint id, GLsizei instancecount)
{
   draw_xfb(mode, id, 0, instancecount < 0 ? -2 : instancecount,
            "glDrawTransformFeedbackInstanced");
}

void GLAPIENTRY
api_glDrawTransformFeedbackStreamInstanced(GLenum mode, GLuint id, GLuint stream,
                                           GLsizei instancecount)
{
   draw_xfb(mode, id, stream, instancecount < 0 ? -2 : instancecount,
            "glDrawTransformFeedbackStreamInstanced");
}
