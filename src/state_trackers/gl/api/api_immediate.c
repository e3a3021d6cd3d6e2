/*
 * Immediate mode: glBegin/glEnd, glVertex*, and the current vertex
 * attributes glColor*, glNormal3*, glTexCoord2* (allowed between glBegin and
 * glEnd, so they do not use ST_ENTRY).  Vertices are batched and drawn at
 * glEnd (st_draw_vertices).
 */
#include <stdlib.h>
#include <string.h>

#include "st_context.h"
#include "st_draw.h"

void GLAPIENTRY
api_glBegin(GLenum mode)
{
   ST_ENTRY(ctx);
   if (!st_is_valid_prim(mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glBegin");
      return;
   }
   ctx->draw->begin_mode = mode;
   ctx->draw->num_verts = 0;
   ctx->draw->out_of_memory = false;
   ctx->inside_begin_end = true;
}

void GLAPIENTRY
api_glEnd(void)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   if (!ctx->inside_begin_end) {
      st_error(ctx, GL_INVALID_OPERATION, "glEnd");
      return;
   }
   struct st_draw_ctx *d = ctx->draw;
   ctx->inside_begin_end = false;
   if (d->out_of_memory)
      st_error(ctx, GL_OUT_OF_MEMORY, "glEnd");
   else
      st_draw_vertices(ctx, d->begin_mode, d->verts, d->num_verts);
   d->num_verts = 0;
   d->begin_mode = GL_NONE;
}

static void
emit_vertex(float x, float y, float z, float w)
{
   struct st_context *ctx = st_current();
   if (!ctx || !ctx->inside_begin_end)
      return;   /* outside glBegin/glEnd: undefined, ignored */
   struct st_draw_ctx *d = ctx->draw;
   if (d->out_of_memory)
      return;
   if (d->num_verts == d->max_verts) {
      size_t n = d->max_verts ? d->max_verts * 2 : 256;
      struct st_vertex *v = n < SIZE_MAX / sizeof *v ? realloc(d->verts, n * sizeof *v) : NULL;
      if (!v) {
         d->out_of_memory = true;
         return;
      }
      d->verts = v;
      d->max_verts = n;
   }
   struct st_vertex *v = &d->verts[d->num_verts++];
   memcpy(v->attr, d->current, sizeof v->attr);
   v->attr[ST_VATTR_POS][0] = x;
   v->attr[ST_VATTR_POS][1] = y;
   v->attr[ST_VATTR_POS][2] = z;
   v->attr[ST_VATTR_POS][3] = w;
}

void GLAPIENTRY
api_glVertex2f(GLfloat x, GLfloat y)
{
   emit_vertex(x, y, 0, 1);
}

void GLAPIENTRY
api_glVertex3f(GLfloat x, GLfloat y, GLfloat z)
{
   emit_vertex(x, y, z, 1);
}

void GLAPIENTRY
api_glVertex4f(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   emit_vertex(x, y, z, w);
}

void GLAPIENTRY
api_glVertex2d(GLdouble x, GLdouble y)
{
   emit_vertex((float)x, (float)y, 0, 1);
}

void GLAPIENTRY
api_glVertex3d(GLdouble x, GLdouble y, GLdouble z)
{
   emit_vertex((float)x, (float)y, (float)z, 1);
}

void GLAPIENTRY
api_glVertex4d(GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   emit_vertex((float)x, (float)y, (float)z, (float)w);
}

void GLAPIENTRY
api_glVertex2i(GLint x, GLint y)
{
   emit_vertex((float)x, (float)y, 0, 1);
}

void GLAPIENTRY
api_glVertex3i(GLint x, GLint y, GLint z)
{
   emit_vertex((float)x, (float)y, (float)z, 1);
}

void GLAPIENTRY
api_glVertex4i(GLint x, GLint y, GLint z, GLint w)
{
   emit_vertex((float)x, (float)y, (float)z, (float)w);
}

void GLAPIENTRY
api_glVertex2s(GLshort x, GLshort y)
{
   emit_vertex(x, y, 0, 1);
}

void GLAPIENTRY
api_glVertex3s(GLshort x, GLshort y, GLshort z)
{
   emit_vertex(x, y, z, 1);
}

void GLAPIENTRY
api_glVertex4s(GLshort x, GLshort y, GLshort z, GLshort w)
{
   emit_vertex(x, y, z, w);
}

void GLAPIENTRY
api_glVertex2fv(const GLfloat *v)
{
   if (v)
      emit_vertex(v[0], v[1], 0, 1);
}

void GLAPIENTRY
api_glVertex3fv(const GLfloat *v)
{
   if (v)
      emit_vertex(v[0], v[1], v[2], 1);
}

void GLAPIENTRY
api_glVertex4fv(const GLfloat *v)
{
   if (v)
      emit_vertex(v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glVertex2dv(const GLdouble *v)
{
   if (v)
      emit_vertex((float)v[0], (float)v[1], 0, 1);
}

void GLAPIENTRY
api_glVertex3dv(const GLdouble *v)
{
   if (v)
      emit_vertex((float)v[0], (float)v[1], (float)v[2], 1);
}

void GLAPIENTRY
api_glVertex4dv(const GLdouble *v)
{
   if (v)
      emit_vertex((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void GLAPIENTRY
api_glVertex2iv(const GLint *v)
{
   if (v)
      emit_vertex((float)v[0], (float)v[1], 0, 1);
}

void GLAPIENTRY
api_glVertex3iv(const GLint *v)
{
   if (v)
      emit_vertex((float)v[0], (float)v[1], (float)v[2], 1);
}

void GLAPIENTRY
api_glVertex4iv(const GLint *v)
{
   if (v)
      emit_vertex((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void GLAPIENTRY
api_glVertex2sv(const GLshort *v)
{
   if (v)
      emit_vertex(v[0], v[1], 0, 1);
}

void GLAPIENTRY
api_glVertex3sv(const GLshort *v)
{
   if (v)
      emit_vertex(v[0], v[1], v[2], 1);
}

void GLAPIENTRY
api_glVertex4sv(const GLshort *v)
{
   if (v)
      emit_vertex(v[0], v[1], v[2], v[3]);
}

/* --- current attributes --- */

static void
set_current(enum st_vattr a, float x, float y, float z, float w)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   float *c = ctx->draw->current[a];
   c[0] = x;
   c[1] = y;
   c[2] = z;
   c[3] = w;
}

void GLAPIENTRY
api_glColor3f(GLfloat r, GLfloat g, GLfloat b)
{
   set_current(ST_VATTR_COLOR, r, g, b, 1);
}

void GLAPIENTRY
api_glColor4f(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   set_current(ST_VATTR_COLOR, r, g, b, a);
}

void GLAPIENTRY
api_glColor3d(GLdouble r, GLdouble g, GLdouble b)
{
   set_current(ST_VATTR_COLOR, (float)r, (float)g, (float)b, 1);
}

void GLAPIENTRY
api_glColor4d(GLdouble r, GLdouble g, GLdouble b, GLdouble a)
{
   set_current(ST_VATTR_COLOR, (float)r, (float)g, (float)b, (float)a);
}

void GLAPIENTRY
api_glColor3ub(GLubyte r, GLubyte g, GLubyte b)
{
   set_current(ST_VATTR_COLOR, r / 255.0f, g / 255.0f, b / 255.0f, 1);
}

void GLAPIENTRY
api_glColor4ub(GLubyte r, GLubyte g, GLubyte b, GLubyte a)
{
   set_current(ST_VATTR_COLOR, r / 255.0f, g / 255.0f, b / 255.0f, a / 255.0f);
}

void GLAPIENTRY
api_glColor3fv(const GLfloat *v)
{
   if (v)
      set_current(ST_VATTR_COLOR, v[0], v[1], v[2], 1);
}

void GLAPIENTRY
api_glColor4fv(const GLfloat *v)
{
   if (v)
      set_current(ST_VATTR_COLOR, v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glColor3ubv(const GLubyte *v)
{
   if (v)
      set_current(ST_VATTR_COLOR, v[0] / 255.0f, v[1] / 255.0f, v[2] / 255.0f, 1);
}

void GLAPIENTRY
api_glColor4ubv(const GLubyte *v)
{
   if (v)
      set_current(ST_VATTR_COLOR, v[0] / 255.0f, v[1] / 255.0f, v[2] / 255.0f, v[3] / 255.0f);
}

void GLAPIENTRY
api_glNormal3f(GLfloat x, GLfloat y, GLfloat z)
{
   set_current(ST_VATTR_NORMAL, x, y, z, 0);
}

void GLAPIENTRY
api_glNormal3fv(const GLfloat *v)
{
   if (v)
      set_current(ST_VATTR_NORMAL, v[0], v[1], v[2], 0);
}

void GLAPIENTRY
api_glTexCoord2f(GLfloat s, GLfloat t)
{
   set_current(ST_VATTR_TEX0, s, t, 0, 1);
}

void GLAPIENTRY
api_glTexCoord2fv(const GLfloat *v)
{
   if (v)
      set_current(ST_VATTR_TEX0, v[0], v[1], 0, 1);
}

void GLAPIENTRY
api_glArrayElement(GLint i)
{
   struct st_context *ctx = st_current();
   if (!ctx || i < 0)
      return;
   struct st_draw_ctx *d = ctx->draw;
   struct st_vertex v;
   st_fetch_array_vertex(ctx, (size_t)i, &v);
   for (unsigned a = ST_VATTR_COLOR; a < ST_VATTR_COUNT; a++)
      if (d->array[a].enabled && d->array[a].ptr)
         memcpy(d->current[a], v.attr[a], sizeof d->current[a]);
   if (d->array[ST_VATTR_POS].enabled && d->array[ST_VATTR_POS].ptr)
      emit_vertex(v.attr[ST_VATTR_POS][0], v.attr[ST_VATTR_POS][1], v.attr[ST_VATTR_POS][2],
                  v.attr[ST_VATTR_POS][3]);
}
