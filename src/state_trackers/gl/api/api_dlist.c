/*
 * Display-list entry points (GL 2.1 section 5.4): glNewList, glEndList,
 * glCallList, glCallLists, glListBase, glGenLists, glDeleteLists,
 * glIsList.  The machinery is in st_dlist.c.
 */
#include <stdlib.h>

#include "st_context.h"
#include "st_dlist.h"

void GLAPIENTRY
api_glNewList(GLuint list, GLenum mode)
{
   ST_ENTRY(ctx);
   if (list == 0) {
      st_error(ctx, GL_INVALID_VALUE, "glNewList");
      return;
   }
   if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE) {
      st_error(ctx, GL_INVALID_ENUM, "glNewList");
      return;
   }
   if (ctx->dlist.current) {
      st_error(ctx, GL_INVALID_OPERATION, "glNewList");
      return;
   }
   st_dlist_begin(ctx, list, mode);
}

void GLAPIENTRY
api_glEndList(void)
{
   ST_ENTRY(ctx);
   if (!ctx->dlist.current) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndList");
      return;
   }
   st_dlist_end(ctx);
}

/* glCallList and glCallLists are allowed between glBegin and glEnd. */
void GLAPIENTRY
api_glCallList(GLuint list)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   st_draw_state_changed(ctx);   /* (each replayed command has its prologue too) */
   st_dlist_call(ctx, list);
}

void GLAPIENTRY
api_glCallLists(GLsizei n, GLenum type, const void *lists)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   st_draw_state_changed(ctx);   /* (each replayed command has its prologue too) */
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glCallLists");
      return;
   }
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT:
   case GL_2_BYTES: case GL_3_BYTES: case GL_4_BYTES:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glCallLists");
      return;
   }
   if (n == 0 || !lists)
      return;
   /* one call runs at most ST_MAX_LIST_CALLS lists, nested calls included:
    * the names after those are not even read (docs/robustness.md) */
   GLuint base = ctx->dlist.base;   /* as of this call (a called list may change it) */
   st_dlist_call_lists(ctx, base, type, lists, (size_t)n);
}

void GLAPIENTRY
api_glListBase(GLuint base)
{
   ST_ENTRY(ctx);
   ctx->dlist.base = base;
}

GLuint GLAPIENTRY
api_glGenLists(GLsizei range)
{
   ST_ENTRY_RET(ctx, 0);
   if (range < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenLists");
      return 0;
   }
   if (range == 0)
      return 0;
   return st_dlist_gen(ctx, range);
}

void GLAPIENTRY
api_glDeleteLists(GLuint list, GLsizei range)
{
   ST_ENTRY(ctx);
   if (range < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteLists");
      return;
   }
   if (range == 0)
      return;
   st_dlist_delete(ctx, list, range);
}

GLboolean GLAPIENTRY
api_glIsList(GLuint list)
{
   ST_ENTRY_RET(ctx, GL_FALSE);
   return st_dlist_exists(ctx, list) ? GL_TRUE : GL_FALSE;
}
