/*
 * Vertex arrays and array draws: glVertexPointer, glColorPointer,
 * glSecondaryColorPointer, glNormalPointer, glTexCoordPointer (of the
 * client-active unit), glFogCoordPointer, glEdgeFlagPointer,
 * glIndexPointer, glInterleavedArrays, glClientActiveTexture,
 * glEnableClientState/glDisableClientState, glGetPointerv; glDrawArrays,
 * glDrawElements, glDrawRangeElements, glMultiDrawArrays,
 * glMultiDrawElements; and the per-fragment/rasterization state drawing
 * uses (glShadeModel, glDepthFunc, glCullFace, glFrontFace, glPolygonMode,
 * glBlendFunc, glBlendEquation).
 *
 * A pointer call with a buffer bound to GL_ARRAY_BUFFER makes the pointer
 * an offset into that buffer (the array keeps a reference).  Array draws
 * convert the referenced vertices on the CPU (st_array.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "st_buffer.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_frag.h"

static void
set_array(struct st_context *ctx, struct st_client_array *arr, GLint size, bool bgra, GLenum type,
          GLsizei stride, const void *ptr)
{
   if (st_vao_client_pointer_error(ctx, ptr, "gl*Pointer"))
      return;
   arr->size = size;
   arr->bgra = bgra;
   arr->type = type;
   arr->stride = stride;
   arr->ptr = ptr;
   arr->generic = false;   /* a conventional array (api_vertex_attrib.c sets it) */
   st_buffer_reference(&arr->buffer, ctx->draw->array_buffer);
}

/* Allowed types of each pointer command (bit i: types[i]). */
enum {
   T_BYTE = 1 << 0, T_UBYTE = 1 << 1, T_SHORT = 1 << 2, T_USHORT = 1 << 3, T_INT = 1 << 4,
   T_UINT = 1 << 5, T_FLOAT = 1 << 6, T_DOUBLE = 1 << 7, T_HALF = 1 << 8, T_PACKED = 1 << 9,
   T_FIXED = 1 << 10,
};

static unsigned
type_bit(GLenum type)
{
   switch (type) {
   case GL_BYTE: return T_BYTE;
   case GL_UNSIGNED_BYTE: return T_UBYTE;
   case GL_SHORT: return T_SHORT;
   case GL_UNSIGNED_SHORT: return T_USHORT;
   case GL_INT: return T_INT;
   case GL_UNSIGNED_INT: return T_UINT;
   case GL_FLOAT: return T_FLOAT;
   case GL_DOUBLE: return T_DOUBLE;
   case GL_HALF_FLOAT: return T_HALF;
   case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV: return T_PACKED;
   case GL_FIXED: return T_FIXED;
   default: return 0;
   }
}

/*
 * The checks every pointer command shares: size (min..max, or GL_BGRA when
 * bgra_ok), stride, type; GL_BGRA needs GL_UNSIGNED_BYTE or a packed type
 * (EXT_vertex_array_bgra), packed types need size 4 or GL_BGRA.
 */
static bool
check_pointer(struct st_context *ctx, const char *where, GLint size, GLint min, GLint max,
              bool bgra_ok, GLenum type, unsigned types, GLsizei stride)
{
   if (ctx->profile == ST_PROFILE_GLES1) {
      /* OpenGL ES 1.1 2.8: colours take UNSIGNED_BYTE, FIXED, FLOAT; vertices,
       * normals and texture coordinates BYTE, SHORT, FIXED, FLOAT; no BGRA. */
      types = !strcmp(where, "glColorPointer") ? (T_UBYTE | T_FIXED | T_FLOAT)
                                               : (T_BYTE | T_SHORT | T_FIXED | T_FLOAT);
      bgra_ok = false;
   }
   bool bgra = bgra_ok && size == GL_BGRA;
   if ((!bgra && (size < min || size > max)) || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   unsigned tb = type_bit(type);
   if (!(tb & types)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if ((bgra && type != GL_UNSIGNED_BYTE && tb != T_PACKED) ||
       (tb == T_PACKED && size != 4 && !bgra)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

void GLAPIENTRY
api_glVertexPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (check_pointer(ctx, "glVertexPointer", size, 2, 4, false, type,
                     T_SHORT | T_INT | T_FLOAT | T_DOUBLE | T_HALF | T_PACKED, stride))
      set_array(ctx, &ctx->draw->vao->array[ST_VATTR_POS], size, false, type, stride, pointer);
}

#define COLOR_TYPES (T_BYTE | T_UBYTE | T_SHORT | T_USHORT | T_INT | T_UINT | T_FLOAT | \
                     T_DOUBLE | T_HALF | T_PACKED)

void GLAPIENTRY
api_glColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (check_pointer(ctx, "glColorPointer", size, 3, 4, true, type, COLOR_TYPES, stride))
      set_array(ctx, &ctx->draw->vao->array[ST_VATTR_COLOR], size == GL_BGRA ? 4 : size,
                size == GL_BGRA, type, stride, pointer);
}

void GLAPIENTRY
api_glSecondaryColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (check_pointer(ctx, "glSecondaryColorPointer", size, 3, 3, true, type, COLOR_TYPES,
                     stride))
      set_array(ctx, &ctx->draw->vao->array[ST_VATTR_COLOR1], size == GL_BGRA ? 4 : size,
                size == GL_BGRA, type, stride, pointer);
}

void GLAPIENTRY
api_glSecondaryColorPointerEXT(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   api_glSecondaryColorPointer(size, type, stride, pointer);
}

void GLAPIENTRY
api_glNormalPointer(GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   /* packed normals: the size is implicitly 3 but the element is 4 bytes */
   if (check_pointer(ctx, "glNormalPointer", type_bit(type) == T_PACKED ? 4 : 3, 3, 4, false,
                     type, T_BYTE | T_SHORT | T_INT | T_FLOAT | T_DOUBLE | T_HALF | T_PACKED,
                     stride))
      set_array(ctx, &ctx->draw->vao->array[ST_VATTR_NORMAL], 3, false, type, stride, pointer);
}

void GLAPIENTRY
api_glTexCoordPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (check_pointer(ctx, "glTexCoordPointer", size, 1, 4, false, type,
                     T_SHORT | T_INT | T_FLOAT | T_DOUBLE | T_HALF | T_PACKED, stride))
      set_array(ctx, &ctx->draw->vao->array[ST_VATTR_TEX0 + ctx->draw->client_active_unit], size,
                false, type, stride, pointer);
}

void GLAPIENTRY
api_glFogCoordPointer(GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (check_pointer(ctx, "glFogCoordPointer", 1, 1, 1, false, type,
                     T_FLOAT | T_DOUBLE | T_HALF, stride))
      set_array(ctx, &ctx->draw->vao->array[ST_VATTR_FOG], 1, false, type, stride, pointer);
}

void GLAPIENTRY
api_glFogCoordPointerEXT(GLenum type, GLsizei stride, const void *pointer)
{
   api_glFogCoordPointer(type, stride, pointer);
}

void GLAPIENTRY
api_glEdgeFlagPointer(GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glEdgeFlagPointer");
      return;
   }
   set_array(ctx, &ctx->draw->vao->array[ST_VATTR_EDGEFLAG], 1, false, GL_BOOL, stride, pointer);
}

void GLAPIENTRY
api_glIndexPointer(GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (check_pointer(ctx, "glIndexPointer", 1, 1, 1, false, type,
                     T_UBYTE | T_SHORT | T_INT | T_FLOAT | T_DOUBLE, stride))
      set_array(ctx, &ctx->draw->vao->index_array, 1, false, type, stride, pointer);
}

void GLAPIENTRY
api_glClientActiveTexture(GLenum texture)
{
   ST_ENTRY(ctx);
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + FF_MAX_TEXTURE_UNITS) {
      st_error(ctx, GL_INVALID_ENUM, "glClientActiveTexture");
      return;
   }
   ctx->draw->client_active_unit = texture - GL_TEXTURE0;
}

void GLAPIENTRY
api_glClientActiveTextureARB(GLenum texture)
{
   api_glClientActiveTexture(texture);
}

/* OES_point_size_array (required by ES 1.1): FIXED or FLOAT sizes. */
void GLAPIENTRY
api_glPointSizePointerOES(GLenum type, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   if (ctx->profile != ST_PROFILE_GLES1) {
      st_error(ctx, GL_INVALID_OPERATION, "glPointSizePointerOES");
      return;
   }
   if (type != GL_FIXED && type != GL_FLOAT) {
      st_error(ctx, GL_INVALID_ENUM, "glPointSizePointerOES");
      return;
   }
   if (stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glPointSizePointerOES");
      return;
   }
   set_array(ctx, &ctx->draw->vao->array[ST_VATTR_POINTSIZE], 1, false, type, stride, pointer);
}

static void
client_state(const char *where, GLenum array, bool on)
{
   ST_ENTRY(ctx);
   if (!st_client_state_set(ctx, array, on))
      st_error(ctx, GL_INVALID_ENUM, where);
}

/* --- GL_NV_primitive_restart --- */

void GLAPIENTRY
api_glPrimitiveRestartIndexNV(GLuint index)
{
   ST_ENTRY(ctx);
   ctx->draw->restart_index = index;
}

/* GL 3.1: the index GL_NV_primitive_restart's command sets too */
void GLAPIENTRY
api_glPrimitiveRestartIndex(GLuint index)
{
   ST_ENTRY(ctx);
   if (ctx->version < 31) {
      st_error(ctx, GL_INVALID_OPERATION, "glPrimitiveRestartIndex");
      return;
   }
   ctx->draw->restart_index = index;
}

/* Between glBegin and glEnd: end the primitive and begin another of the
 * same mode (outside: GL_INVALID_OPERATION). */
void GLAPIENTRY
api_glPrimitiveRestartNV(void)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   if (!ctx->inside_begin_end) {
      st_error(ctx, GL_INVALID_OPERATION, "glPrimitiveRestartNV");
      return;
   }
   st_primitive_restart(ctx);
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

void GLAPIENTRY
api_glGetPointerv(GLenum pname, void **params)
{
   ST_ENTRY(ctx);
   struct st_draw_ctx *d = ctx->draw;
   const struct st_client_array *a;
   switch (pname) {
   case GL_VERTEX_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_POS]; break;
   case GL_NORMAL_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_NORMAL]; break;
   case GL_COLOR_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_COLOR]; break;
   case GL_SECONDARY_COLOR_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_COLOR1]; break;
   case GL_FOG_COORD_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_FOG]; break;
   case GL_EDGE_FLAG_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_EDGEFLAG]; break;
   case GL_INDEX_ARRAY_POINTER: a = &d->vao->index_array; break;
   case GL_TEXTURE_COORD_ARRAY_POINTER: a = &d->vao->array[ST_VATTR_TEX0 + d->client_active_unit]; break;
   case GL_FEEDBACK_BUFFER_POINTER:
      if (params)
         *params = d->select.fb_buf;
      return;
   case GL_SELECTION_BUFFER_POINTER:
      if (params)
         *params = d->select.sel_buf;
      return;
   default:
      /* GL_DEBUG_CALLBACK_FUNCTION / _USER_PARAM (GL_KHR_debug, st_debug.c) */
      if (st_debug_get_pointer(ctx, pname, params))
         return;
      st_error(ctx, GL_INVALID_ENUM, "glGetPointerv");
      return;
   }
   if (params)
      *params = (void *)a->ptr;
}

/* --- glInterleavedArrays (GL 2.1 table 2.5) --- */

void GLAPIENTRY
api_glInterleavedArrays(GLenum format, GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   /* et/ec/en: texcoord/colour/normal enabled; st, sc, sv: sizes; tc: colour type;
    * pc, pn, pv: offsets; s: the tight stride, in units of floats (f = 4) */
   struct { GLenum fmt; bool et, ec, en; int st, sc, sv; GLenum tc; int pc, pn, pv, s; } tab[] = {
      { GL_V2F, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 8 },
      { GL_V3F, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 12 },
      { GL_C4UB_V2F, 0, 1, 0, 0, 4, 2, GL_UNSIGNED_BYTE, 0, 0, 4, 12 },
      { GL_C4UB_V3F, 0, 1, 0, 0, 4, 3, GL_UNSIGNED_BYTE, 0, 0, 4, 16 },
      { GL_C3F_V3F, 0, 1, 0, 0, 3, 3, GL_FLOAT, 0, 0, 12, 24 },
      { GL_N3F_V3F, 0, 0, 1, 0, 0, 3, 0, 0, 0, 12, 24 },
      { GL_C4F_N3F_V3F, 0, 1, 1, 0, 4, 3, GL_FLOAT, 0, 16, 28, 40 },
      { GL_T2F_V3F, 1, 0, 0, 2, 0, 3, 0, 0, 0, 8, 20 },
      { GL_T4F_V4F, 1, 0, 0, 4, 0, 4, 0, 0, 0, 16, 32 },
      { GL_T2F_C4UB_V3F, 1, 1, 0, 2, 4, 3, GL_UNSIGNED_BYTE, 8, 0, 12, 24 },
      { GL_T2F_C3F_V3F, 1, 1, 0, 2, 3, 3, GL_FLOAT, 8, 0, 20, 32 },
      { GL_T2F_N3F_V3F, 1, 0, 1, 2, 0, 3, 0, 0, 8, 20, 32 },
      { GL_T2F_C4F_N3F_V3F, 1, 1, 1, 2, 4, 3, GL_FLOAT, 8, 24, 36, 48 },
      { GL_T4F_C4F_N3F_V4F, 1, 1, 1, 4, 4, 4, GL_FLOAT, 16, 32, 44, 60 },
   };
   unsigned i;
   for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
      if (tab[i].fmt == format)
         break;
   if (i == sizeof tab / sizeof tab[0]) {
      st_error(ctx, GL_INVALID_ENUM, "glInterleavedArrays");
      return;
   }
   if (stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glInterleavedArrays");
      return;
   }
   if (st_vao_client_pointer_error(ctx, pointer, "glInterleavedArrays"))
      return;
   struct st_draw_ctx *d = ctx->draw;
   GLsizei str = stride ? stride : tab[i].s;
   const uint8_t *p = pointer;
   d->vao->array[ST_VATTR_EDGEFLAG].enabled = false;
   d->vao->index_array.enabled = false;
   d->vao->array[ST_VATTR_COLOR1].enabled = false;
   d->vao->array[ST_VATTR_FOG].enabled = false;
   struct st_client_array *t = &d->vao->array[ST_VATTR_TEX0 + d->client_active_unit];
   t->enabled = tab[i].et;
   if (tab[i].et)
      set_array(ctx, t, tab[i].st, false, GL_FLOAT, str, p);
   struct st_client_array *c = &d->vao->array[ST_VATTR_COLOR];
   c->enabled = tab[i].ec;
   if (tab[i].ec)
      set_array(ctx, c, tab[i].sc, false, tab[i].tc, str, p + tab[i].pc);
   struct st_client_array *n = &d->vao->array[ST_VATTR_NORMAL];
   n->enabled = tab[i].en;
   if (tab[i].en)
      set_array(ctx, n, 3, false, GL_FLOAT, str, p + tab[i].pn);
   struct st_client_array *v = &d->vao->array[ST_VATTR_POS];
   v->enabled = true;
   set_array(ctx, v, tab[i].sv, false, GL_FLOAT, str, p + tab[i].pv);
}

/* --- draws --- */

void GLAPIENTRY
api_glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
   ST_ENTRY_DRAW(ctx);
   if (!st_is_valid_prim(ctx, mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawArrays");
      return;
   }
   if (count < 0 || first < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawArrays");
      return;
   }
   st_draw_arrays_range(ctx, "glDrawArrays", mode, (size_t)first, (size_t)count, GL_NONE, NULL);
}

void GLAPIENTRY
api_glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   ST_ENTRY_DRAW(ctx);
   if (!st_is_valid_prim(ctx, mode) || !st_is_valid_index_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawElements");
      return;
   }
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawElements");
      return;
   }
   st_draw_arrays_range(ctx, "glDrawElements", mode, 0, (size_t)count, type, indices);
}

void GLAPIENTRY
api_glDrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                        const void *indices)
{
   ST_ENTRY_DRAW(ctx);
   if (!st_is_valid_prim(ctx, mode) || !st_is_valid_index_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawRangeElements");
      return;
   }
   if (count < 0 || end < start) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawRangeElements");
      return;
   }
   /* indices outside [start, end] are undefined in GL; drawn as given here */
   st_draw_arrays_range(ctx, "glDrawRangeElements", mode, 0, (size_t)count, type, indices);
}

void GLAPIENTRY
api_glDrawRangeElementsEXT(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                           const void *indices)
{
   api_glDrawRangeElements(mode, start, end, count, type, indices);
}

void GLAPIENTRY
api_glMultiDrawArrays(GLenum mode, const GLint *first, const GLsizei *count, GLsizei drawcount)
{
   ST_ENTRY_DRAW(ctx);
   if (!st_is_valid_prim(ctx, mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glMultiDrawArrays");
      return;
   }
   if (drawcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays");
      return;
   }
   if (!first || !count)
      return;
   for (GLsizei i = 0; i < drawcount; i++) {
      if (first[i] < 0 || count[i] < 0) {
         st_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays");
         return;
      }
   }
   for (GLsizei i = 0; i < drawcount; i++)
      st_draw_arrays_range(ctx, "glMultiDrawArrays", mode, (size_t)first[i], (size_t)count[i],
                           GL_NONE, NULL);
}

void GLAPIENTRY
api_glMultiDrawArraysEXT(GLenum mode, const GLint *first, const GLsizei *count,
                         GLsizei primcount)
{
   api_glMultiDrawArrays(mode, first, count, primcount);
}

void GLAPIENTRY
api_glMultiDrawElements(GLenum mode, const GLsizei *count, GLenum type,
                        const void *const *indices, GLsizei drawcount)
{
   ST_ENTRY_DRAW(ctx);
   if (!st_is_valid_prim(ctx, mode) || !st_is_valid_index_type(type)) {
      st_error(ctx, GL_INVALID_ENUM, "glMultiDrawElements");
      return;
   }
   if (drawcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glMultiDrawElements");
      return;
   }
   if (!count || !indices)
      return;
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i] < 0) {
         st_error(ctx, GL_INVALID_VALUE, "glMultiDrawElements");
         return;
      }
   }
   for (GLsizei i = 0; i < drawcount; i++)
      st_draw_arrays_range(ctx, "glMultiDrawElements", mode, 0, (size_t)count[i], type,
                           indices[i]);
}

void GLAPIENTRY
api_glMultiDrawElementsEXT(GLenum mode, const GLsizei *count, GLenum type,
                           const void *const *indices, GLsizei primcount)
{
   api_glMultiDrawElements(mode, count, type, indices, primcount);
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

/* GL_ARB_provoking_vertex / GL_EXT_provoking_vertex: which vertex of a
 * primitive flat shading takes (the rasterizer's flatshade_first). */
void GLAPIENTRY
api_glProvokingVertex(GLenum mode)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.ext_provoking_vertex || !st_desktop(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION, "glProvokingVertex");
      return;
   }
   if (mode != GL_FIRST_VERTEX_CONVENTION && mode != GL_LAST_VERTEX_CONVENTION) {
      st_error(ctx, GL_INVALID_ENUM, "glProvokingVertex");
      return;
   }
   ctx->draw->provoking_vertex = mode;
}

void GLAPIENTRY
api_glProvokingVertexEXT(GLenum mode)
{
   api_glProvokingVertex(mode);
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

void GLAPIENTRY
api_glBlendFunc(GLenum sfactor, GLenum dfactor)
{
   ST_ENTRY(ctx);
   if (!st_blend_factor_ok(ctx, sfactor, false) || !st_blend_factor_ok(ctx, dfactor, true)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendFunc");
      return;
   }
   st_blend_func_all(ctx, sfactor, dfactor, sfactor, dfactor);
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
   st_blend_equation_all(ctx, mode, mode);
}

/* --- GL_EXT_vertex_array: GL 1.1's arrays with an element count ---
 * The count says how many elements are static (a hint for a caching
 * implementation); a negative one is GL_INVALID_VALUE, otherwise it is
 * ignored: every call is the GL 1.1 command. */

static bool
ext_count_ok(GLsizei count, const char *where)
{
   if (count >= 0)
      return true;
   ST_ENTRY_RET(ctx, false);
   st_error(ctx, GL_INVALID_VALUE, where);
   return false;
}

void GLAPIENTRY
api_glVertexPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                       const void *pointer)
{
   if (ext_count_ok(count, "glVertexPointerEXT"))
      api_glVertexPointer(size, type, stride, pointer);
}

void GLAPIENTRY
api_glNormalPointerEXT(GLenum type, GLsizei stride, GLsizei count, const void *pointer)
{
   if (ext_count_ok(count, "glNormalPointerEXT"))
      api_glNormalPointer(type, stride, pointer);
}

void GLAPIENTRY
api_glColorPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                      const void *pointer)
{
   if (ext_count_ok(count, "glColorPointerEXT"))
      api_glColorPointer(size, type, stride, pointer);
}

void GLAPIENTRY
api_glIndexPointerEXT(GLenum type, GLsizei stride, GLsizei count, const void *pointer)
{
   if (ext_count_ok(count, "glIndexPointerEXT"))
      api_glIndexPointer(type, stride, pointer);
}

void GLAPIENTRY
api_glTexCoordPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                         const void *pointer)
{
   if (ext_count_ok(count, "glTexCoordPointerEXT"))
      api_glTexCoordPointer(size, type, stride, pointer);
}

void GLAPIENTRY
api_glEdgeFlagPointerEXT(GLsizei stride, GLsizei count, const GLboolean *pointer)
{
   if (ext_count_ok(count, "glEdgeFlagPointerEXT"))
      api_glEdgeFlagPointer(stride, pointer);
}

void GLAPIENTRY
api_glGetPointervEXT(GLenum pname, void **params)
{
   api_glGetPointerv(pname, params);
}

void GLAPIENTRY
api_glDrawArraysEXT(GLenum mode, GLint first, GLsizei count)
{
   api_glDrawArrays(mode, first, count);
}
