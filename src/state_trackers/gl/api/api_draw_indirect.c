/*
 * Indirect and base-instance draws:
 *
 *   GL_ARB_draw_indirect: glDrawArraysIndirect, glDrawElementsIndirect and
 *   the GL_DRAW_INDIRECT_BUFFER binding (st_buffer.c, st_array.c's glGet);
 *   GL_ARB_multi_draw_indirect: glMultiDraw{Arrays,Elements}Indirect;
 *   GL_ARB_base_instance: glDrawArraysInstancedBaseInstance,
 *   glDrawElementsInstancedBaseInstance,
 *   glDrawElementsInstancedBaseVertexBaseInstance.
 *
 * An indirect command is read from the buffer's bytes when the draw is
 * made, then drawn as the direct command with its values would be
 * (st_draw_arrays_instanced): arrays {count, instanceCount, first,
 * baseInstance}, elements {count, instanceCount, firstIndex, baseVertex,
 * baseInstance}, GLuint / GLint each.  The base instance offsets the
 * elements per-instance arrays read (not gl_InstanceID).
 *
 * Errors (ARB_draw_indirect, GL 4.0 section 2.8.3): mode, type as the
 * direct commands (GL_INVALID_ENUM); `indirect` not a multiple of 4:
 * GL_INVALID_VALUE; no buffer bound to GL_DRAW_INDIRECT_BUFFER in a core
 * or ES context (a compatibility context reads client memory), a command
 * reaching past the buffer's end, a mapped buffer, or no element array
 * buffer for the elements forms: GL_INVALID_OPERATION.  The multi forms
 * also refuse a negative drawcount or a stride that is not a multiple of 4
 * (GL_INVALID_VALUE).  None of them is compiled into display lists:
 * called while a list is compiled they raise GL_INVALID_OPERATION, like
 * the instanced commands (api_draw_instanced.c).
 */
#include <stdint.h>
#include <string.h>

#include "st_buffer.h"
#include "st_context.h"
#include "st_draw.h"

#define ARRAYS_CMD_SIZE (4 * sizeof(GLuint))
#define ELEMENTS_CMD_SIZE (5 * sizeof(GLuint))

/* The bytes of drawcount commands of cmd_size bytes, stride apart, at
 * `indirect`: in the bound GL_DRAW_INDIRECT_BUFFER (an offset) or, in a
 * compatibility context without one, client memory.  NULL with the error
 * raised when they cannot be read; drawcount 0 reads nothing (NULL, no
 * error). */
static const uint8_t *
indirect_commands(struct st_context *ctx, const void *indirect, size_t cmd_size,
                  GLsizei drawcount, size_t stride, const char *where)
{
   uintptr_t off = (uintptr_t)indirect;
   if (off % 4) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return NULL;
   }
   struct st_buffer *b = ctx->draw->draw_indirect_buffer;
   if (!b) {
      if (ctx->profile != ST_PROFILE_COMPAT || !indirect)
         st_error(ctx, GL_INVALID_OPERATION, where);
      return drawcount > 0 && ctx->profile == ST_PROFILE_COMPAT ? indirect : NULL;
   }
   if (b->mapped) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   if (drawcount <= 0)
      return NULL;
   /* the last command ends at off + (drawcount - 1) * stride + cmd_size */
   size_t n = (size_t)drawcount - 1;
   if (off > b->size || cmd_size > b->size - off ||
       (n && stride > (b->size - off - cmd_size) / n)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return b->data + off;
}

/* The checks every command of this file makes first: the extension, no
 * display list compiling, a valid mode (and index type). */
static bool
draw_allowed(struct st_context *ctx, bool offered, GLenum mode, bool elements, GLenum type,
             const char *where)
{
   if (!offered || ctx->dlist.mode != 0) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   if (!st_is_valid_prim(ctx, mode) || (elements && !st_is_valid_index_type(type))) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   return true;
}

static GLuint
word(const uint8_t *cmd, unsigned i)
{
   GLuint v;
   memcpy(&v, cmd + i * sizeof v, sizeof v);
   return v;
}

static GLsizei
instances_of(GLuint n)
{
   return n > INT32_MAX ? INT32_MAX : (GLsizei)n;
}

static void
multi_draw_arrays(GLenum mode, const void *indirect, GLsizei drawcount, GLsizei stride,
                  const char *where)
{
   ST_ENTRY_DRAW(ctx);
   if (!draw_allowed(ctx, ctx->caps.ext_draw_indirect, mode, false, GL_NONE, where))
      return;
   if (drawcount < 0 || stride < 0 || stride % 4) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   size_t step = stride ? (size_t)stride : ARRAYS_CMD_SIZE;
   const uint8_t *cmds = indirect_commands(ctx, indirect, ARRAYS_CMD_SIZE, drawcount, step, where);
   if (!cmds)
      return;
   for (GLsizei i = 0; i < drawcount; i++) {
      const uint8_t *c = cmds + (size_t)i * step;
      st_draw_arrays_instanced(ctx, where, mode, word(c, 2), word(c, 0), GL_NONE, NULL, 0,
                               instances_of(word(c, 1)), word(c, 3));
   }
}

static void
multi_draw_elements(GLenum mode, GLenum type, const void *indirect, GLsizei drawcount,
                    GLsizei stride, const char *where)
{
   ST_ENTRY_DRAW(ctx);
   if (!draw_allowed(ctx, ctx->caps.ext_draw_indirect, mode, true, type, where))
      return;
   if (drawcount < 0 || stride < 0 || stride % 4) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (!ctx->draw->vao->element_buffer) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   size_t step = stride ? (size_t)stride : ELEMENTS_CMD_SIZE;
   const uint8_t *cmds =
      indirect_commands(ctx, indirect, ELEMENTS_CMD_SIZE, drawcount, step, where);
   if (!cmds)
      return;
   size_t isize = st_array_type_size(type);
   for (GLsizei i = 0; i < drawcount; i++) {
      const uint8_t *c = cmds + (size_t)i * step;
      /* firstIndex: an offset into the element array buffer, which
       * st_draw_arrays_instanced checks against the buffer's size */
      const void *offset = (const void *)(uintptr_t)((size_t)word(c, 2) * isize);
      st_draw_arrays_instanced(ctx, where, mode, 0, word(c, 0), type, offset,
                               (GLint)word(c, 3), instances_of(word(c, 1)), word(c, 4));
   }
}

void GLAPIENTRY
api_glDrawArraysIndirect(GLenum mode, const void *indirect)
{
   multi_draw_arrays(mode, indirect, 1, 0, "glDrawArraysIndirect");
}

void GLAPIENTRY
api_glDrawElementsIndirect(GLenum mode, GLenum type, const void *indirect)
{
   multi_draw_elements(mode, type, indirect, 1, 0, "glDrawElementsIndirect");
}

void GLAPIENTRY
api_glMultiDrawArraysIndirect(GLenum mode, const void *indirect, GLsizei drawcount,
                              GLsizei stride)
{
   multi_draw_arrays(mode, indirect, drawcount, stride, "glMultiDrawArraysIndirect");
}

void GLAPIENTRY
api_glMultiDrawElementsIndirect(GLenum mode, GLenum type, const void *indirect,
                                GLsizei drawcount, GLsizei stride)
{
   multi_draw_elements(mode, type, indirect, drawcount, stride, "glMultiDrawElementsIndirect");
}

/* --- GL_ARB_base_instance ----------------------------------------------------------- */

/* elements: an element draw of `type` (arrays: GL_NONE, from first) */
static void
draw_base_instance(const char *where, GLenum mode, GLint first, GLsizei count, bool elements,
                   GLenum type, const void *indices, GLsizei instancecount, GLint basevertex,
                   GLuint baseinstance)
{
   ST_ENTRY_DRAW(ctx);
   if (!draw_allowed(ctx, ctx->caps.ext_base_instance, mode, elements, type, where))
      return;
   if (first < 0 || count < 0 || instancecount < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   st_draw_arrays_instanced(ctx, where, mode, (size_t)first, (size_t)count, type, indices,
                            basevertex, instancecount, baseinstance);
}

void GLAPIENTRY
api_glDrawArraysInstancedBaseInstance(GLenum mode, GLint first, GLsizei count,
                                      GLsizei instancecount, GLuint baseinstance)
{
   draw_base_instance("glDrawArraysInstancedBaseInstance", mode, first, count, false, GL_NONE,
                      NULL, instancecount, 0, baseinstance);
}

void GLAPIENTRY
api_glDrawElementsInstancedBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                        const void *indices, GLsizei instancecount,
                                        GLuint baseinstance)
{
   draw_base_instance("glDrawElementsInstancedBaseInstance", mode, 0, count, true, type,
                      indices, instancecount, 0, baseinstance);
}

void GLAPIENTRY
api_glDrawElementsInstancedBaseVertexBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                                  const void *indices, GLsizei instancecount,
                                                  GLint basevertex, GLuint baseinstance)
{
   draw_base_instance("glDrawElementsInstancedBaseVertexBaseInstance", mode, 0, count, true,
                      type, indices, instancecount, basevertex, baseinstance);
}
