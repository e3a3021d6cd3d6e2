/*
 * GL_ARB_vertex_array_object (GL 3.0): glGenVertexArrays,
 * glDeleteVertexArrays, glBindVertexArray, glIsVertexArray.
 *
 * A vertex array object is a struct st_vao (st_draw.h): the client arrays
 * and the element array binding.  Every array command works on
 * st_draw_ctx.vao, so binding an object is one pointer swap.  Names are
 * per context (the spec's Sharing section: not shared), in
 * st_draw_ctx.vaos; glGenVertexArrays reserves names and the first
 * glBindVertexArray of a name creates its object with GL's initial array
 * state.  The four commands are not compiled into display lists (spec,
 * section 5.4; st_gen_dlist.py executes post-2.1 commands immediately).
 *
 * A buffer object deleted while a non-bound object refers to it stays
 * alive through that reference (spec issue 2: "treated just like a buffer
 * object bound to another context"); glDeleteBuffers only unbinds it from
 * the bound object (st_buffer_unbind_all).
 */
#include <stdlib.h>

#include "st_context.h"
#include "st_draw.h"

bool
st_vao_in_api(const struct st_context *ctx)
{
   return ctx->profile == ST_PROFILE_COMPAT || ctx->profile == ST_PROFILE_CORE ||
          (ctx->profile == ST_PROFILE_GLES2 && ctx->version >= 30);
}

/* ES 1.1 and 2.0 contexts reach these entry points (ES 3.0 lists them) but
 * have no vertex array objects: GL_INVALID_OPERATION, as a stub raises. */
static bool
not_in_api(struct st_context *ctx, const char *where)
{
   if (st_vao_in_api(ctx))
      return false;
   st_error(ctx, GL_INVALID_OPERATION, where);
   return true;
}

bool
st_vao_client_pointer_error(struct st_context *ctx, const void *ptr, const char *where)
{
   struct st_draw_ctx *d = ctx->draw;
   if (d->vao->name && !d->array_buffer && ptr) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return true;
   }
   return false;
}

void GLAPIENTRY
api_glGenVertexArrays(GLsizei n, GLuint *arrays)
{
   ST_ENTRY(ctx);
   if (not_in_api(ctx, "glGenVertexArrays"))
      return;
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenVertexArrays");
      return;
   }
   if (!n || !arrays)
      return;
   if (!st_names_gen(&ctx->draw->vaos, n, arrays))
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenVertexArrays");
}

void GLAPIENTRY
api_glDeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
   ST_ENTRY(ctx);
   if (not_in_api(ctx, "glDeleteVertexArrays"))
      return;
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteVertexArrays");
      return;
   }
   if (!arrays)
      return;
   struct st_draw_ctx *d = ctx->draw;
   for (GLsizei i = 0; i < n; i++) {
      /* zero and unused names are ignored */
      if (!arrays[i] || !st_names_is_used(&d->vaos, arrays[i]))
         continue;
      struct st_vao *v = st_names_remove(&d->vaos, arrays[i]);
      if (!v)
         continue;   /* generated, never bound: only the name goes */
      if (d->vao == v)
         d->vao = &d->default_vao;   /* deleting the bound object binds 0 */
      st_vao_release(v);
      free(v);
   }
}

GLboolean GLAPIENTRY
api_glIsVertexArray(GLuint array)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   if (not_in_api(ctx, "glIsVertexArray"))
      return GL_FALSE;
   /* a name is a vertex array object once bound */
   return array && st_names_lookup(&ctx->draw->vaos, array) ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
api_glBindVertexArray(GLuint array)
{
   ST_ENTRY(ctx);
   if (not_in_api(ctx, "glBindVertexArray"))
      return;
   struct st_draw_ctx *d = ctx->draw;
   if (!array) {
      d->vao = &d->default_vao;
      return;
   }
   struct st_vao *v = st_names_lookup(&d->vaos, array);
   if (!v) {
      /* only names from glGenVertexArrays, not deleted since */
      if (!st_names_is_used(&d->vaos, array)) {
         st_error(ctx, GL_INVALID_OPERATION, "glBindVertexArray");
         return;
      }
      v = malloc(sizeof *v);
      if (!v) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindVertexArray");
         return;
      }
      st_vao_init(v, array);
      if (!st_names_set(&d->vaos, array, v)) {
         free(v);
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindVertexArray");
         return;
      }
   }
   d->vao = v;
}
