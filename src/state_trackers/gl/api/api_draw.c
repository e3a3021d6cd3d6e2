/*
 * Client vertex arrays (glVertexPointer, glColorPointer, glNormalPointer,
 * glTexCoordPointer, glEnableClientState, glDisableClientState), the array
 * draws (glDrawArrays, glDrawElements), and the per-fragment/rasterization
 * state drawing uses (glShadeModel, glDepthFunc, glCullFace, glFrontFace,
 * glPolygonMode, glBlendFunc, glBlendEquation).
 *
 * Array draws fetch the referenced vertices on the CPU into the st_vertex
 * layout and draw them in order (st_draw_vertices).
 */
#include <stdint.h>
#include <stdlib.h>

#include "st_context.h"
#include "st_draw.h"

static void
set_array(struct st_context *ctx, enum st_vattr a, GLint size, GLenum type, GLsizei stride,
          const void *ptr)
{
   struct st_client_array *arr = &ctx->draw->array[a];
   arr->size = size;
   arr->type = type;
   arr->stride = stride;
   arr->ptr = ptr;
}

void GLAPIENTRY
api_glVertexPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (size < 2 || size > 4 || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glVertexPointer");
      return;
   }
   if (type != GL_SHORT && type != GL_INT && type != GL_FLOAT && type != GL_DOUBLE) {
      st_error(ctx, GL_INVALID_ENUM, "glVertexPointer");
      return;
   }
   set_array(ctx, ST_VATTR_POS, size, type, stride, pointer);
}

void GLAPIENTRY
api_glColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (size < 3 || size > 4 || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glColorPointer");
      return;
   }
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_DOUBLE:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glColorPointer");
      return;
   }
   set_array(ctx, ST_VATTR_COLOR, size, type, stride, pointer);
}

void GLAPIENTRY
api_glNormalPointer(GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glNormalPointer");
      return;
   }
   switch (type) {
   case GL_BYTE: case GL_SHORT: case GL_INT: case GL_FLOAT: case GL_DOUBLE:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glNormalPointer");
      return;
   }
   set_array(ctx, ST_VATTR_NORMAL, 3, type, stride, pointer);
}

void GLAPIENTRY
api_glTexCoordPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (size < 1 || size > 4 || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glTexCoordPointer");
      return;
   }
   if (type != GL_SHORT && type != GL_INT && type != GL_FLOAT && type != GL_DOUBLE) {
      st_error(ctx, GL_INVALID_ENUM, "glTexCoordPointer");
      return;
   }
   set_array(ctx, ST_VATTR_TEX0, size, type, stride, pointer);
}

static void
client_state(const char *where, GLenum array, bool on)
{
   ST_ENTRY(ctx);
   int i = st_client_array_index(array);
   if (i < 0) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   ctx->draw->array[i].enabled = on;
}

void GLAPIENTRY
api_glEnableClientState(GLenum array)
{
   client_state("glEnableClientState", array, true);
}

void GLAPIENTRY
api_glDisableClientState(GLenum array)
{
   client_state("glDisableClientState", array, false);
}

/* Draw count vertices; index(i) gives the array element of vertex i. */
static void
draw_fetched(struct st_context *ctx, GLenum mode, size_t count, GLenum index_type,
             const void *indices)
{
   if (!count || !ctx->draw->array[ST_VATTR_POS].enabled || !ctx->draw->array[ST_VATTR_POS].ptr)
      return;
   if (count > SIZE_MAX / sizeof(struct st_vertex)) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }
   struct st_vertex *v = malloc(count * sizeof *v);
   if (!v) {
      st_error(ctx, GL_OUT_OF_MEMORY, "draw");
      return;
   }
   for (size_t i = 0; i < count; i++) {
      size_t e = i;
      if (indices) {
         switch (index_type) {
         case GL_UNSIGNED_BYTE:
            e = ((const uint8_t *)indices)[i];
            break;
         case GL_UNSIGNED_SHORT:
            e = ((const uint16_t *)indices)[i];
            break;
         default:
            e = ((const uint32_t *)indices)[i];
            break;
         }
      }
      st_fetch_array_vertex(ctx, e, &v[i]);
   }
   st_draw_vertices(ctx, mode, v, count);
   free(v);
}

void GLAPIENTRY
api_glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
   ST_ENTRY(ctx);
   if (!st_is_valid_prim(mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawArrays");
      return;
   }
   if (count < 0 || first < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawArrays");
      return;
   }
   if (!count || !ctx->draw->array[ST_VATTR_POS].enabled)
      return;
   /* offset the arrays by 'first' through the fetch index */
   struct st_vertex *v;
   size_t n = (size_t)count;
   if (n > SIZE_MAX / sizeof *v || !(v = malloc(n * sizeof *v))) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glDrawArrays");
      return;
   }
   for (size_t i = 0; i < n; i++)
      st_fetch_array_vertex(ctx, (size_t)first + i, &v[i]);
   st_draw_vertices(ctx, mode, v, n);
   free(v);
}

void GLAPIENTRY
api_glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   ST_ENTRY(ctx);
   if (!st_is_valid_prim(mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawElements");
      return;
   }
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawElements");
      return;
   }
   if (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawElements");
      return;
   }
   if (!indices)
      return;   /* no buffer objects: nothing to read */
   draw_fetched(ctx, mode, (size_t)count, type, indices);
}

/* --- rasterization and fragment state --- */

void GLAPIENTRY
api_glShadeModel(GLenum mode)
{
   ST_ENTRY(ctx);
   if (mode != GL_FLAT && mode != GL_SMOOTH) {
      st_error(ctx, GL_INVALID_ENUM, "glShadeModel");
      return;
   }
   ctx->draw->shade_model = mode;
}

void GLAPIENTRY
api_glDepthFunc(GLenum func)
{
   ST_ENTRY(ctx);
   if (func < GL_NEVER || func > GL_ALWAYS) {
      st_error(ctx, GL_INVALID_ENUM, "glDepthFunc");
      return;
   }
   ctx->draw->depth_func = func;
}

void GLAPIENTRY
api_glCullFace(GLenum mode)
{
   ST_ENTRY(ctx);
   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      st_error(ctx, GL_INVALID_ENUM, "glCullFace");
      return;
   }
   ctx->draw->cull_face = mode;
}

void GLAPIENTRY
api_glFrontFace(GLenum mode)
{
   ST_ENTRY(ctx);
   if (mode != GL_CW && mode != GL_CCW) {
      st_error(ctx, GL_INVALID_ENUM, "glFrontFace");
      return;
   }
   ctx->draw->front_face = mode;
}

void GLAPIENTRY
api_glPolygonMode(GLenum face, GLenum mode)
{
   ST_ENTRY(ctx);
   if ((face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) ||
       (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL)) {
      st_error(ctx, GL_INVALID_ENUM, "glPolygonMode");
      return;
   }
   if (face != GL_BACK)
      ctx->draw->polygon_mode[0] = mode;
   if (face != GL_FRONT)
      ctx->draw->polygon_mode[1] = mode;
}

static bool
valid_blend_factor(GLenum f, bool dst)
{
   switch (f) {
   case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR:
   case GL_DST_COLOR: case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA: case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR: case GL_CONSTANT_ALPHA:
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return true;
   case GL_SRC_ALPHA_SATURATE:
      return !dst;
   default:
      return false;
   }
}

void GLAPIENTRY
api_glBlendFunc(GLenum sfactor, GLenum dfactor)
{
   ST_ENTRY(ctx);
   if (!valid_blend_factor(sfactor, false) || !valid_blend_factor(dfactor, true)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendFunc");
      return;
   }
   ctx->draw->blend_src_rgb = ctx->draw->blend_src_alpha = sfactor;
   ctx->draw->blend_dst_rgb = ctx->draw->blend_dst_alpha = dfactor;
}

void GLAPIENTRY
api_glBlendEquation(GLenum mode)
{
   ST_ENTRY(ctx);
   switch (mode) {
   case GL_FUNC_ADD: case GL_FUNC_SUBTRACT: case GL_FUNC_REVERSE_SUBTRACT:
   case GL_MIN: case GL_MAX:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glBlendEquation");
      return;
   }
   ctx->draw->blend_eq_rgb = ctx->draw->blend_eq_alpha = mode;
}
