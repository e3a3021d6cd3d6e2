/*
 * Generic vertex attributes (ARB_vertex_program; the same entry points as
 * GL 2.0's, whose slots the ARB names share): glVertexAttrib*,
 * glVertexAttribPointer, glEnable/DisableVertexAttribArray,
 * glGetVertexAttrib*.
 *
 * Pony aliases generic attribute n with the conventional attribute of
 * ARB_vertex_program's table X.1 (0 position, 2 normal, 3 primary colour,
 * 4 secondary colour, 5 fog coordinate, 8 + n texture coordinate n), as
 * that extension allows (issue 5; a program using both of a pair fails to
 * load, arbprog_parse.c); 1, 6 and 7 have slots of their own.  Attribute 0
 * is the vertex position: glVertexAttrib(0, ...) emits a vertex like
 * glVertex.  A later GL 2.0 implementation, which must not alias, can give
 * every index its own slot here without touching the callers.
 */
#include <string.h>

#include "api.h"
#include "st_arbprog.h"
#include "st_buffer.h"
#include "st_draw.h"

/* The st_vattr of generic attribute index (< ST_ARBPROG_MAX_ATTRIBS). */
static int
vattr_of(GLuint index)
{
   return st_vattr_for_ff_attrib(index);
}

static void
attrib(GLuint index, float x, float y, float z, float w, const char *where)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   int a = index < ST_ARBPROG_MAX_ATTRIBS ? vattr_of(index) : -1;
   if (a < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (index == 0) {
      /* attribute 0 is the vertex: provokes one inside glBegin/glEnd */
      const float p[4] = { x, y, z, w };
      st_immediate_vertex(ctx, p);
      return;
   }
   float *c = ctx->draw->current[a];
   c[0] = x;
   c[1] = y;
   c[2] = z;
   c[3] = w;
   if (a == ST_VATTR_COLOR)
      st_color_material_track(ctx);
}

/* GL 2.1 table 2.9 conversions of the normalized forms */
static float nb(GLbyte c) { return (2.0f * c + 1.0f) / 255.0f; }
static float ns(GLshort c) { return (2.0f * c + 1.0f) / 65535.0f; }
static float ni(GLint c) { return (float)((2.0 * c + 1.0) / 4294967295.0); }
static float nub(GLubyte c) { return c / 255.0f; }
static float nus(GLushort c) { return c / 65535.0f; }
static float nui(GLuint c) { return (float)(c / 4294967295.0); }

#define A1(suffix, T)                                                               \
   void GLAPIENTRY api_glVertexAttrib1##suffix(GLuint i, T x)                        \
   { attrib(i, (float)x, 0.0f, 0.0f, 1.0f, "glVertexAttrib1" #suffix); }             \
   void GLAPIENTRY api_glVertexAttrib1##suffix##v(GLuint i, const T *v)              \
   { if (v) attrib(i, (float)v[0], 0.0f, 0.0f, 1.0f, "glVertexAttrib1" #suffix "v"); }
#define A2(suffix, T)                                                               \
   void GLAPIENTRY api_glVertexAttrib2##suffix(GLuint i, T x, T y)                   \
   { attrib(i, (float)x, (float)y, 0.0f, 1.0f, "glVertexAttrib2" #suffix); }         \
   void GLAPIENTRY api_glVertexAttrib2##suffix##v(GLuint i, const T *v)              \
   { if (v) attrib(i, (float)v[0], (float)v[1], 0.0f, 1.0f, "glVertexAttrib2" #suffix "v"); }
#define A3(suffix, T)                                                               \
   void GLAPIENTRY api_glVertexAttrib3##suffix(GLuint i, T x, T y, T z)              \
   { attrib(i, (float)x, (float)y, (float)z, 1.0f, "glVertexAttrib3" #suffix); }     \
   void GLAPIENTRY api_glVertexAttrib3##suffix##v(GLuint i, const T *v)              \
   { if (v) attrib(i, (float)v[0], (float)v[1], (float)v[2], 1.0f,                  \
                   "glVertexAttrib3" #suffix "v"); }
#define A4(suffix, T)                                                               \
   void GLAPIENTRY api_glVertexAttrib4##suffix(GLuint i, T x, T y, T z, T w)         \
   { attrib(i, (float)x, (float)y, (float)z, (float)w, "glVertexAttrib4" #suffix); }
#define A4V(suffix, T, conv)                                                        \
   void GLAPIENTRY api_glVertexAttrib4##suffix##v(GLuint i, const T *v)              \
   { if (v) attrib(i, conv(v[0]), conv(v[1]), conv(v[2]), conv(v[3]),               \
                   "glVertexAttrib4" #suffix "v"); }

#define F(x) ((float)(x))

/* The function signatures come from gl.xml (st_dispatch_gen.h). */
A1(s, GLshort) A1(f, GLfloat) A1(d, GLdouble)
A2(s, GLshort) A2(f, GLfloat) A2(d, GLdouble)
A3(s, GLshort) A3(f, GLfloat) A3(d, GLdouble)
A4(s, GLshort) A4(f, GLfloat) A4(d, GLdouble)
A4V(s, GLshort, F) A4V(f, GLfloat, F) A4V(d, GLdouble, F)
A4V(b, GLbyte, F) A4V(i, GLint, F) A4V(ub, GLubyte, F) A4V(us, GLushort, F) A4V(ui, GLuint, F)
A4V(Nb, GLbyte, nb) A4V(Ns, GLshort, ns) A4V(Ni, GLint, ni)
A4V(Nub, GLubyte, nub) A4V(Nus, GLushort, nus) A4V(Nui, GLuint, nui)

void GLAPIENTRY
api_glVertexAttrib4Nub(GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w)
{
   attrib(index, nub(x), nub(y), nub(z), nub(w), "glVertexAttrib4Nub");
}

/* --- arrays ----------------------------------------------------------------------- */

static struct st_client_array *
array_of(struct st_context *ctx, GLuint index, const char *where)
{
   int a = index < ST_ARBPROG_MAX_ATTRIBS ? vattr_of(index) : -1;
   if (a < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return NULL;
   }
   return &ctx->draw->array[a];
}

void GLAPIENTRY
api_glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized,
                          GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   struct st_client_array *arr = array_of(ctx, index, "glVertexAttribPointer");
   if (!arr)
      return;
   if (size < 1 || size > 4 || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glVertexAttribPointer");
      return;
   }
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
   case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_DOUBLE: case GL_HALF_FLOAT:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glVertexAttribPointer");
      return;
   }
   arr->size = size;
   arr->bgra = false;
   arr->type = type;
   arr->stride = stride;
   arr->ptr = pointer;
   arr->generic = true;
   arr->normalized = normalized != GL_FALSE;
   st_buffer_reference(&arr->buffer, ctx->draw->array_buffer);
}

static void
enable_array(GLuint index, bool on, const char *where)
{
   ST_ENTRY(ctx);
   struct st_client_array *arr = array_of(ctx, index, where);
   if (arr)
      arr->enabled = on;
}

void GLAPIENTRY
api_glEnableVertexAttribArray(GLuint index)
{
   enable_array(index, true, "glEnableVertexAttribArray");
}

void GLAPIENTRY
api_glDisableVertexAttribArray(GLuint index)
{
   enable_array(index, false, "glDisableVertexAttribArray");
}

/* One glGetVertexAttrib value (up to 4 doubles); false after an error. */
static bool
get_attrib(struct st_context *ctx, GLuint index, GLenum pname, double out[4], unsigned *n,
           const char *where)
{
   struct st_client_array *arr = array_of(ctx, index, where);
   if (!arr)
      return false;
   *n = 1;
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED: out[0] = arr->enabled; return true;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE: out[0] = arr->size; return true;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE: out[0] = arr->stride; return true;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE: out[0] = arr->type; return true;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED:
      out[0] = arr->generic ? arr->normalized
                            : (arr == &ctx->draw->array[ST_VATTR_COLOR] ||
                               arr == &ctx->draw->array[ST_VATTR_COLOR1] ||
                               arr == &ctx->draw->array[ST_VATTR_NORMAL]);
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
      out[0] = arr->buffer ? arr->buffer->name : 0;
      return true;
   case GL_CURRENT_VERTEX_ATTRIB:
      if (index == 0) {
         /* attribute 0 has no current value (it is the vertex) */
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
      for (unsigned c = 0; c < 4; c++)
         out[c] = ctx->draw->current[vattr_of(index)][c];
      *n = 4;
      return true;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
}

void GLAPIENTRY
api_glGetVertexAttribdv(GLuint index, GLenum pname, GLdouble *params)
{
   ST_ENTRY(ctx);
   double v[4];
   unsigned n;
   if (get_attrib(ctx, index, pname, v, &n, "glGetVertexAttribdv") && params)
      for (unsigned i = 0; i < n; i++)
         params[i] = v[i];
}

void GLAPIENTRY
api_glGetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
   ST_ENTRY(ctx);
   double v[4];
   unsigned n;
   if (get_attrib(ctx, index, pname, v, &n, "glGetVertexAttribfv") && params)
      for (unsigned i = 0; i < n; i++)
         params[i] = (GLfloat)v[i];
}

void GLAPIENTRY
api_glGetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
   ST_ENTRY(ctx);
   double v[4];
   unsigned n;
   if (get_attrib(ctx, index, pname, v, &n, "glGetVertexAttribiv") && params)
      for (unsigned i = 0; i < n; i++)
         params[i] = pname == GL_CURRENT_VERTEX_ATTRIB ? st_get_float_to_int(v[i]) : (GLint)v[i];
}

void GLAPIENTRY
api_glGetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
   ST_ENTRY(ctx);
   struct st_client_array *arr = array_of(ctx, index, "glGetVertexAttribPointerv");
   if (!arr)
      return;
   if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
      st_error(ctx, GL_INVALID_ENUM, "glGetVertexAttribPointerv");
      return;
   }
   if (pointer)
      *pointer = (void *)arr->ptr;
}
