/*
 * Instanced and base-vertex array draws:
 *
 *   GL_ARB_draw_instanced / GL_EXT_draw_instanced: glDrawArraysInstanced*,
 *   glDrawElementsInstanced* (gl_InstanceIDARB / gl_InstanceIDEXT in GLSL,
 *   glsl_builtins.txt);
 *   GL_ARB_draw_elements_base_vertex: glDrawElementsBaseVertex,
 *   glDrawRangeElementsBaseVertex, glDrawElementsInstancedBaseVertex,
 *   glMultiDrawElementsBaseVertex.
 *
 * The per-instance arrays of GL_ARB_instanced_arrays (glVertexAttribDivisorARB
 * in api_vertex_attrib.c) are read by st_draw_arrays_instanced (st_array.c),
 * which hands the instances to the pipe (instance_count, per-instance vertex
 * elements with instance_divisor).
 *
 * Errors are those of the commands without "Instanced" / "BaseVertex"
 * (invalid mode or type: GL_INVALID_ENUM; negative count, first or
 * primcount: GL_INVALID_VALUE), plus ARB_draw_instanced's "INVALID_OPERATION
 * is generated if DrawArraysInstancedARB or DrawElementsInstancedARB is
 * called during display list compilation" (they have no save function, so
 * they run here while a list is compiled).  The base-vertex commands
 * without instances are compiled like glDrawElements (st_dlist.c).
 */
#include <stddef.h>

#include "st_context.h"
#include "st_draw.h"

/* The extension is offered, and no display list is being compiled. */
static bool
instanced_allowed(struct st_context *ctx, const char *where)
{
   if (!ctx->caps.ext_draw_instanced || ctx->dlist.mode != 0) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

static void
draw_arrays_instanced(const char *where, GLenum mode, GLint first, GLsizei count,
                      GLsizei primcount)
{
   ST_ENTRY_DRAW(ctx);
   if (!instanced_allowed(ctx, where))
      return;
   if (!st_is_valid_prim(ctx, mode)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (first < 0 || count < 0 || primcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   st_draw_arrays_instanced(ctx, where, mode, (size_t)first, (size_t)count, GL_NONE, NULL, 0,
                            primcount, 0);
}

/* Every element draw of this file; instanced: an instanced command (its
 * display-list and extension rule). */
static void
draw_elements(const char *where, bool instanced, GLenum mode, GLsizei count, GLenum type,
              const void *indices, GLsizei primcount, GLint basevertex)
{
   ST_ENTRY_DRAW(ctx);
   if (instanced && !instanced_allowed(ctx, where))
      return;
   if (!instanced && !ctx->caps.ext_base_vertex) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (!st_is_valid_prim(ctx, mode) || !st_is_valid_index_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (count < 0 || primcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   st_draw_arrays_instanced(ctx, where, mode, 0, (size_t)count, type, indices, basevertex,
                            primcount, 0);
}

void GLAPIENTRY
api_glDrawArraysInstancedARB(GLenum mode, GLint first, GLsizei count, GLsizei primcount)
{
   draw_arrays_instanced("glDrawArraysInstancedARB", mode, first, count, primcount);
}

void GLAPIENTRY
api_glDrawArraysInstancedEXT(GLenum mode, GLint start, GLsizei count, GLsizei primcount)
{
   draw_arrays_instanced("glDrawArraysInstancedEXT", mode, start, count, primcount);
}

/* The GL 3.1 / ES 3.0 names: libglapi's slot of the ARB and EXT aliases,
 * which is how an ES 2.0 context reaches GL_EXT_draw_instanced. */
void GLAPIENTRY
api_glDrawArraysInstanced(GLenum mode, GLint first, GLsizei count, GLsizei instancecount)
{
   draw_arrays_instanced("glDrawArraysInstanced", mode, first, count, instancecount);
}

void GLAPIENTRY
api_glDrawElementsInstanced(GLenum mode, GLsizei count, GLenum type, const void *indices,
                            GLsizei instancecount)
{
   draw_elements("glDrawElementsInstanced", true, mode, count, type, indices, instancecount, 0);
}

void GLAPIENTRY
api_glDrawElementsInstancedARB(GLenum mode, GLsizei count, GLenum type, const void *indices,
                               GLsizei primcount)
{
   draw_elements("glDrawElementsInstancedARB", true, mode, count, type, indices, primcount, 0);
}

void GLAPIENTRY
api_glDrawElementsInstancedEXT(GLenum mode, GLsizei count, GLenum type, const void *indices,
                               GLsizei primcount)
{
   draw_elements("glDrawElementsInstancedEXT", true, mode, count, type, indices, primcount, 0);
}

void GLAPIENTRY
api_glDrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices,
                             GLint basevertex)
{
   draw_elements("glDrawElementsBaseVertex", false, mode, count, type, indices, 1, basevertex);
}

void GLAPIENTRY
api_glDrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end, GLsizei count,
                                  GLenum type, const void *indices, GLint basevertex)
{
   ST_ENTRY_DRAW(ctx);
   if (!ctx->caps.ext_base_vertex) {
      st_error(ctx, GL_INVALID_OPERATION, "glDrawRangeElementsBaseVertex");
      return;
   }
   if (!st_is_valid_prim(ctx, mode) || !st_is_valid_index_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawRangeElementsBaseVertex");
      return;
   }
   if (count < 0 || end < start) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawRangeElementsBaseVertex");
      return;
   }
   /* indices outside [start, end] (before basevertex) are undefined in GL;
    * drawn as given here */
   st_draw_arrays_instanced(ctx, "glDrawRangeElementsBaseVertex", mode, 0, (size_t)count, type,
                            indices, basevertex, 1, 0);
}

void GLAPIENTRY
api_glDrawElementsInstancedBaseVertex(GLenum mode, GLsizei count, GLenum type,
                                      const void *indices, GLsizei instancecount,
                                      GLint basevertex)
{
   ST_ENTRY_DRAW(ctx);
   if (!ctx->caps.ext_base_vertex) {
      st_error(ctx, GL_INVALID_OPERATION, "glDrawElementsInstancedBaseVertex");
      return;
   }
   draw_elements("glDrawElementsInstancedBaseVertex", true, mode, count, type, indices,
                 instancecount, basevertex);
}

void GLAPIENTRY
api_glMultiDrawElementsBaseVertex(GLenum mode, const GLsizei *count, GLenum type,
                                  const void *const *indices, GLsizei drawcount,
                                  const GLint *basevertex)
{
   ST_ENTRY_DRAW(ctx);
   static const char where[] = "glMultiDrawElementsBaseVertex";
   if (!ctx->caps.ext_base_vertex) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (!st_is_valid_prim(ctx, mode) || !st_is_valid_index_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   if (drawcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (!count || !indices || !basevertex)
      return;
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i] < 0) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
   }
   for (GLsizei i = 0; i < drawcount; i++)
      st_draw_arrays_instanced(ctx, where, mode, 0, (size_t)count[i], type, indices[i],
                               basevertex[i], 1, 0);
}
