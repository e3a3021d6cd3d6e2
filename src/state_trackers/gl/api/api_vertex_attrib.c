/*
 * Generic vertex attributes (ARB_vertex_program; the same entry points as
 * GL 2.0's, whose slots the ARB names share): glVertexAttrib*,
 * glVertexAttribPointer, glEnable/DisableVertexAttribArray,
 * glGetVertexAttrib*; GL 3.0's integer attributes (glVertexAttribI*,
 * glVertexAttribIPointer, glGetVertexAttribI{i,ui}v), whose values keep
 * their integer bits in the current value and the vertex records
 * (struct st_vattr_ints in st_draw.h says which).
 *
 * Every generic attribute has its own current value and array
 * (ST_VATTR_GENERIC0 + n), as GL 2.0 requires: none aliases a conventional
 * attribute (ARB_vertex_program allows aliasing, does not require it).
 * Generic attribute 0 is the vertex position in compatibility contexts:
 * glVertexAttrib(0, ...) emits a vertex like glVertex, its array gives the
 * positions (st_array.c) and it has no current value to query.  In an ES 2
 * context it is an attribute like the others, read at the same location
 * (0), so its current value is the current position slot.
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
   return (int)(ST_VATTR_GENERIC0 + index);
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
   if (index == 0 && ctx->profile != ST_PROFILE_GLES2 && ctx->inside_begin_end) {
      /* attribute 0 is the vertex: provokes one inside glBegin/glEnd */
      const float p[4] = { x, y, z, w };
      st_immediate_vertex(ctx, p);
      return;
   }
   /* outside glBegin/glEnd GL leaves attribute 0 undefined; like Mesa, it
    * is then the value location 0 reads when no array gives positions
    * (piglit gl-2.0-vertex-const-attr binds a constant attribute there) */
   unsigned slot = index == 0 ? ST_VATTR_POS : (unsigned)a;
   float *c = ctx->draw->current[slot];
   c[0] = x;
   c[1] = y;
   c[2] = z;
   c[3] = w;
   st_current_set_int(ctx->draw, slot, false, false);
}

/* GL 3.0 and ES 3.0 have the integer attribute commands; elsewhere they
 * raise GL_INVALID_OPERATION, as the stubs they are there would. */
static bool
int_attribs_offered(struct st_context *ctx, const char *where)
{
   if (ctx->profile != ST_PROFILE_GLES1 && ctx->version >= 30)
      return true;
   st_error(ctx, GL_INVALID_OPERATION, where);
   return false;
}

/*
 * glVertexAttribI* (GL 3.0 section 2.7): four integer components, kept as
 * their bits in the current value (st_vattr_ints says which), so that an
 * integer shader input reads them exactly.  Attribute 0 inside
 * glBegin/glEnd provokes a vertex like the float forms; a vertex's
 * position is floats, so there the integers are converted.
 */
static void
attrib_int(GLuint index, const uint32_t v[4], bool is_unsigned, const char *where)
{
   struct st_context *ctx = st_current();
   if (!ctx || !int_attribs_offered(ctx, where))
      return;
   if (index >= ST_ARBPROG_MAX_ATTRIBS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (index == 0 && ctx->profile != ST_PROFILE_GLES2 && ctx->inside_begin_end) {
      float p[4];
      st_ints_to_float((const float *)(const void *)v, is_unsigned, p);
      st_immediate_vertex(ctx, p);
      return;
   }
   unsigned slot = index == 0 ? ST_VATTR_POS : (unsigned)vattr_of(index);
   memcpy(ctx->draw->current[slot], v, 4 * sizeof(uint32_t));
   st_current_set_int(ctx->draw, slot, true, is_unsigned);
}

/* The vector forms read their array only in a context that has them (a
 * call that can only fail reads nothing); NULL is ignored. */
static bool
int_vec_ok(const void *v, const char *where)
{
   struct st_context *ctx = st_current();
   return ctx && int_attribs_offered(ctx, where) && v;
}

/* The signed forms: n components, the rest (0, 0, 0, 1). */
static void
attrib_i(GLuint index, unsigned n, GLint x, GLint y, GLint z, GLint w, const char *where)
{
   const uint32_t v[4] = { (uint32_t)x, n > 1 ? (uint32_t)y : 0, n > 2 ? (uint32_t)z : 0,
                           n > 3 ? (uint32_t)w : 1 };
   attrib_int(index, v, false, where);
}

static void
attrib_ui(GLuint index, unsigned n, GLuint x, GLuint y, GLuint z, GLuint w, const char *where)
{
   const uint32_t v[4] = { x, n > 1 ? y : 0, n > 2 ? z : 0, n > 3 ? w : 1 };
   attrib_int(index, v, true, where);
}

/* GL 2.1 table 2.9 conversions of the normalized forms */
static float nb(GLbyte c) { return (2.0f * c + 1.0f) / 255.0f; }
static float ns(GLshort c) { return (2.0f * c + 1.0f) / 65535.0f; }
static float ni(GLint c) { return (float)((2.0 * c + 1.0) / 4294967295.0); }
static float nub(GLubyte c) { return c / 255.0f; }
static float nus(GLushort c) { return c / 65535.0f; }
static float nui(GLuint c) { return (float)(c / 4294967295.0); }

void GLAPIENTRY
api_glVertexAttrib1s(GLuint index, GLshort x)
{
   attrib(index, (float)x, 0.0f, 0.0f, 1.0f, "glVertexAttrib1s");
}

void GLAPIENTRY
api_glVertexAttrib1sv(GLuint index, const GLshort *v)
{
   if (v)
      attrib(index, (float)v[0], 0.0f, 0.0f, 1.0f, "glVertexAttrib1sv");
}

void GLAPIENTRY
api_glVertexAttrib1f(GLuint index, GLfloat x)
{
   attrib(index, (float)x, 0.0f, 0.0f, 1.0f, "glVertexAttrib1f");
}

void GLAPIENTRY
api_glVertexAttrib1fv(GLuint index, const GLfloat *v)
{
   if (v)
      attrib(index, (float)v[0], 0.0f, 0.0f, 1.0f, "glVertexAttrib1fv");
}

void GLAPIENTRY
api_glVertexAttrib1d(GLuint index, GLdouble x)
{
   attrib(index, (float)x, 0.0f, 0.0f, 1.0f, "glVertexAttrib1d");
}

void GLAPIENTRY
api_glVertexAttrib1dv(GLuint index, const GLdouble *v)
{
   if (v)
      attrib(index, (float)v[0], 0.0f, 0.0f, 1.0f, "glVertexAttrib1dv");
}

void GLAPIENTRY
api_glVertexAttrib2s(GLuint index, GLshort x, GLshort y)
{
   attrib(index, (float)x, (float)y, 0.0f, 1.0f, "glVertexAttrib2s");
}

void GLAPIENTRY
api_glVertexAttrib2sv(GLuint index, const GLshort *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], 0.0f, 1.0f, "glVertexAttrib2sv");
}

void GLAPIENTRY
api_glVertexAttrib2f(GLuint index, GLfloat x, GLfloat y)
{
   attrib(index, (float)x, (float)y, 0.0f, 1.0f, "glVertexAttrib2f");
}

void GLAPIENTRY
api_glVertexAttrib2fv(GLuint index, const GLfloat *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], 0.0f, 1.0f, "glVertexAttrib2fv");
}

void GLAPIENTRY
api_glVertexAttrib2d(GLuint index, GLdouble x, GLdouble y)
{
   attrib(index, (float)x, (float)y, 0.0f, 1.0f, "glVertexAttrib2d");
}

void GLAPIENTRY
api_glVertexAttrib2dv(GLuint index, const GLdouble *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], 0.0f, 1.0f, "glVertexAttrib2dv");
}

void GLAPIENTRY
api_glVertexAttrib3s(GLuint index, GLshort x, GLshort y, GLshort z)
{
   attrib(index, (float)x, (float)y, (float)z, 1.0f, "glVertexAttrib3s");
}

void GLAPIENTRY
api_glVertexAttrib3sv(GLuint index, const GLshort *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], 1.0f, "glVertexAttrib3sv");
}

void GLAPIENTRY
api_glVertexAttrib3f(GLuint index, GLfloat x, GLfloat y, GLfloat z)
{
   attrib(index, (float)x, (float)y, (float)z, 1.0f, "glVertexAttrib3f");
}

void GLAPIENTRY
api_glVertexAttrib3fv(GLuint index, const GLfloat *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], 1.0f, "glVertexAttrib3fv");
}

void GLAPIENTRY
api_glVertexAttrib3d(GLuint index, GLdouble x, GLdouble y, GLdouble z)
{
   attrib(index, (float)x, (float)y, (float)z, 1.0f, "glVertexAttrib3d");
}

void GLAPIENTRY
api_glVertexAttrib3dv(GLuint index, const GLdouble *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], 1.0f, "glVertexAttrib3dv");
}

void GLAPIENTRY
api_glVertexAttrib4s(GLuint index, GLshort x, GLshort y, GLshort z, GLshort w)
{
   attrib(index, (float)x, (float)y, (float)z, (float)w, "glVertexAttrib4s");
}

void GLAPIENTRY
api_glVertexAttrib4sv(GLuint index, const GLshort *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4sv");
}

void GLAPIENTRY
api_glVertexAttrib4f(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   attrib(index, (float)x, (float)y, (float)z, (float)w, "glVertexAttrib4f");
}

void GLAPIENTRY
api_glVertexAttrib4fv(GLuint index, const GLfloat *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4fv");
}

void GLAPIENTRY
api_glVertexAttrib4d(GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   attrib(index, (float)x, (float)y, (float)z, (float)w, "glVertexAttrib4d");
}

void GLAPIENTRY
api_glVertexAttrib4dv(GLuint index, const GLdouble *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4dv");
}

void GLAPIENTRY
api_glVertexAttrib4bv(GLuint index, const GLbyte *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4bv");
}

void GLAPIENTRY
api_glVertexAttrib4iv(GLuint index, const GLint *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4iv");
}

void GLAPIENTRY
api_glVertexAttrib4ubv(GLuint index, const GLubyte *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4ubv");
}

void GLAPIENTRY
api_glVertexAttrib4usv(GLuint index, const GLushort *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4usv");
}

void GLAPIENTRY
api_glVertexAttrib4uiv(GLuint index, const GLuint *v)
{
   if (v)
      attrib(index, (float)v[0], (float)v[1], (float)v[2], (float)v[3], "glVertexAttrib4uiv");
}

void GLAPIENTRY
api_glVertexAttrib4Nbv(GLuint index, const GLbyte *v)
{
   if (v)
      attrib(index, nb(v[0]), nb(v[1]), nb(v[2]), nb(v[3]), "glVertexAttrib4Nbv");
}

void GLAPIENTRY
api_glVertexAttrib4Nsv(GLuint index, const GLshort *v)
{
   if (v)
      attrib(index, ns(v[0]), ns(v[1]), ns(v[2]), ns(v[3]), "glVertexAttrib4Nsv");
}

void GLAPIENTRY
api_glVertexAttrib4Niv(GLuint index, const GLint *v)
{
   if (v)
      attrib(index, ni(v[0]), ni(v[1]), ni(v[2]), ni(v[3]), "glVertexAttrib4Niv");
}

void GLAPIENTRY
api_glVertexAttrib4Nubv(GLuint index, const GLubyte *v)
{
   if (v)
      attrib(index, nub(v[0]), nub(v[1]), nub(v[2]), nub(v[3]), "glVertexAttrib4Nubv");
}

void GLAPIENTRY
api_glVertexAttrib4Nusv(GLuint index, const GLushort *v)
{
   if (v)
      attrib(index, nus(v[0]), nus(v[1]), nus(v[2]), nus(v[3]), "glVertexAttrib4Nusv");
}

void GLAPIENTRY
api_glVertexAttrib4Nuiv(GLuint index, const GLuint *v)
{
   if (v)
      attrib(index, nui(v[0]), nui(v[1]), nui(v[2]), nui(v[3]), "glVertexAttrib4Nuiv");
}

void GLAPIENTRY
api_glVertexAttrib4Nub(GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w)
{
   attrib(index, nub(x), nub(y), nub(z), nub(w), "glVertexAttrib4Nub");
}

void GLAPIENTRY
api_glVertexAttribI1i(GLuint index, GLint x)
{
   attrib_i(index, 1, x, 0, 0, 0, "glVertexAttribI1i");
}

void GLAPIENTRY
api_glVertexAttribI2i(GLuint index, GLint x, GLint y)
{
   attrib_i(index, 2, x, y, 0, 0, "glVertexAttribI2i");
}

void GLAPIENTRY
api_glVertexAttribI3i(GLuint index, GLint x, GLint y, GLint z)
{
   attrib_i(index, 3, x, y, z, 0, "glVertexAttribI3i");
}

void GLAPIENTRY
api_glVertexAttribI4i(GLuint index, GLint x, GLint y, GLint z, GLint w)
{
   attrib_i(index, 4, x, y, z, w, "glVertexAttribI4i");
}

void GLAPIENTRY
api_glVertexAttribI1ui(GLuint index, GLuint x)
{
   attrib_ui(index, 1, x, 0, 0, 0, "glVertexAttribI1ui");
}

void GLAPIENTRY
api_glVertexAttribI2ui(GLuint index, GLuint x, GLuint y)
{
   attrib_ui(index, 2, x, y, 0, 0, "glVertexAttribI2ui");
}

void GLAPIENTRY
api_glVertexAttribI3ui(GLuint index, GLuint x, GLuint y, GLuint z)
{
   attrib_ui(index, 3, x, y, z, 0, "glVertexAttribI3ui");
}

void GLAPIENTRY
api_glVertexAttribI4ui(GLuint index, GLuint x, GLuint y, GLuint z, GLuint w)
{
   attrib_ui(index, 4, x, y, z, w, "glVertexAttribI4ui");
}

void GLAPIENTRY
api_glVertexAttribI1iv(GLuint index, const GLint *v)
{
   if (int_vec_ok(v, "glVertexAttribI1iv"))
      attrib_i(index, 1, v[0], 0, 0, 0, "glVertexAttribI1iv");
}

void GLAPIENTRY
api_glVertexAttribI2iv(GLuint index, const GLint *v)
{
   if (int_vec_ok(v, "glVertexAttribI2iv"))
      attrib_i(index, 2, v[0], v[1], 0, 0, "glVertexAttribI2iv");
}

void GLAPIENTRY
api_glVertexAttribI3iv(GLuint index, const GLint *v)
{
   if (int_vec_ok(v, "glVertexAttribI3iv"))
      attrib_i(index, 3, v[0], v[1], v[2], 0, "glVertexAttribI3iv");
}

void GLAPIENTRY
api_glVertexAttribI4iv(GLuint index, const GLint *v)
{
   if (int_vec_ok(v, "glVertexAttribI4iv"))
      attrib_i(index, 4, v[0], v[1], v[2], v[3], "glVertexAttribI4iv");
}

void GLAPIENTRY
api_glVertexAttribI1uiv(GLuint index, const GLuint *v)
{
   if (int_vec_ok(v, "glVertexAttribI1uiv"))
      attrib_ui(index, 1, v[0], 0, 0, 0, "glVertexAttribI1uiv");
}

void GLAPIENTRY
api_glVertexAttribI2uiv(GLuint index, const GLuint *v)
{
   if (int_vec_ok(v, "glVertexAttribI2uiv"))
      attrib_ui(index, 2, v[0], v[1], 0, 0, "glVertexAttribI2uiv");
}

void GLAPIENTRY
api_glVertexAttribI3uiv(GLuint index, const GLuint *v)
{
   if (int_vec_ok(v, "glVertexAttribI3uiv"))
      attrib_ui(index, 3, v[0], v[1], v[2], 0, "glVertexAttribI3uiv");
}

void GLAPIENTRY
api_glVertexAttribI4uiv(GLuint index, const GLuint *v)
{
   if (int_vec_ok(v, "glVertexAttribI4uiv"))
      attrib_ui(index, 4, v[0], v[1], v[2], v[3], "glVertexAttribI4uiv");
}

/* the byte and short forms: signed types sign-extend, unsigned ones not */

void GLAPIENTRY
api_glVertexAttribI4bv(GLuint index, const GLbyte *v)
{
   if (int_vec_ok(v, "glVertexAttribI4bv"))
      attrib_i(index, 4, v[0], v[1], v[2], v[3], "glVertexAttribI4bv");
}

void GLAPIENTRY
api_glVertexAttribI4sv(GLuint index, const GLshort *v)
{
   if (int_vec_ok(v, "glVertexAttribI4sv"))
      attrib_i(index, 4, v[0], v[1], v[2], v[3], "glVertexAttribI4sv");
}

void GLAPIENTRY
api_glVertexAttribI4ubv(GLuint index, const GLubyte *v)
{
   if (int_vec_ok(v, "glVertexAttribI4ubv"))
      attrib_ui(index, 4, v[0], v[1], v[2], v[3], "glVertexAttribI4ubv");
}

void GLAPIENTRY
api_glVertexAttribI4usv(GLuint index, const GLushort *v)
{
   if (int_vec_ok(v, "glVertexAttribI4usv"))
      attrib_ui(index, 4, v[0], v[1], v[2], v[3], "glVertexAttribI4usv");
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
   return &ctx->draw->vao->array[a];
}

void GLAPIENTRY
api_glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized,
                          GLsizei stride, const void *pointer)
{
   ST_ENTRY(ctx);
   struct st_client_array *arr = array_of(ctx, index, "glVertexAttribPointer");
   if (!arr)
      return;
   bool es = ctx->profile == ST_PROFILE_GLES2;
   /* GL_ARB/EXT_vertex_array_bgra: size GL_BGRA (desktop only) */
   bool bgra = size == GL_BGRA && !es;
   if ((!bgra && (size < 1 || size > 4)) || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glVertexAttribPointer");
      return;
   }
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_FLOAT:
      break;
   case GL_FIXED:   /* ES 2.0 table 2.4 */
      if (!es)
         goto bad_type;
      break;
   case GL_INT: case GL_UNSIGNED_INT: case GL_DOUBLE: case GL_HALF_FLOAT:
   /* GL_ARB_vertex_type_2_10_10_10_rev, GL_ARB_vertex_type_10f_11f_11f_rev */
   case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
      if (es)
         goto bad_type;
      break;
   case ST_GL_HALF_FLOAT_OES:   /* ES 2.0 GL_OES_vertex_half_float: its own enum */
      if (!es)
         goto bad_type;
      type = GL_HALF_FLOAT;   /* fetched as desktop half floats; queries map it back */
      break;
   default:
   bad_type:
      st_error(ctx, GL_INVALID_ENUM, "glVertexAttribPointer");
      return;
   }
   bool packed = type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV;
   /* GL 3.3 section 2.8: BGRA needs UNSIGNED_BYTE or a 2_10_10_10 type and
    * normalized; the 2_10_10_10 types need size 4 or BGRA; 10F_11F_11F
    * size 3 */
   if ((bgra && ((type != GL_UNSIGNED_BYTE && !packed) || !normalized)) ||
       (packed && size != 4 && !bgra) ||
       (type == GL_UNSIGNED_INT_10F_11F_11F_REV && size != 3)) {
      st_error(ctx, GL_INVALID_OPERATION, "glVertexAttribPointer");
      return;
   }
   if (st_vao_client_pointer_error(ctx, pointer, "glVertexAttribPointer"))
      return;
   arr->size = bgra ? 4 : size;
   arr->bgra = bgra;
   arr->type = type;
   arr->stride = stride;
   arr->ptr = pointer;
   arr->generic = true;
   arr->normalized = normalized != GL_FALSE;
   arr->integer = false;
   st_buffer_reference(&arr->buffer, ctx->draw->array_buffer);
}

/* GL 3.0 section 2.8: an array of integers the shader reads unconverted
 * (st_array.c keeps their bits; the draw reads them as SINT/UINT). */
void GLAPIENTRY
api_glVertexAttribIPointer(GLuint index, GLint size, GLenum type, GLsizei stride,
                           const void *pointer)
{
   ST_ENTRY(ctx);
   if (!int_attribs_offered(ctx, "glVertexAttribIPointer"))
      return;
   struct st_client_array *arr = array_of(ctx, index, "glVertexAttribIPointer");
   if (!arr)
      return;
   if (size < 1 || size > 4 || stride < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glVertexAttribIPointer");
      return;
   }
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
   case GL_INT: case GL_UNSIGNED_INT:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glVertexAttribIPointer");
      return;
   }
   if (st_vao_client_pointer_error(ctx, pointer, "glVertexAttribIPointer"))
      return;
   arr->size = size;
   arr->bgra = false;
   arr->type = type;
   arr->stride = stride;
   arr->ptr = pointer;
   arr->generic = true;
   arr->normalized = false;
   arr->integer = true;
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

/* --- glVertexAttribP* (GL_ARB_vertex_type_2_10_10_10_rev, and the
 * 10F_11F_11F_REV type of GL_ARB_vertex_type_10f_11f_11f_rev): n
 * components of one packed value, the rest (0, 0, 0, 1) --- */

static void
attrib_packed(const char *where, GLuint index, GLenum type, GLboolean normalized, GLuint value,
              unsigned n)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   float v[4] = { 0, 0, 0, 1 };
   /* 10F_11F_11F_REV has three components: not for glVertexAttribP4ui
    * (GL_ARB_vertex_type_10f_11f_11f_rev: INVALID_ENUM) */
   if (type == GL_UNSIGNED_INT_10F_11F_11F_REV && n < 4) {
      st_unpack_10f11f11f(value, v);
   } else if (type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV) {
      st_unpack_2101010(value, type == GL_INT_2_10_10_10_REV, normalized != GL_FALSE, v);
   } else {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   for (unsigned i = n; i < 4; i++)
      v[i] = i == 3 ? 1.0f : 0.0f;
   attrib(index, v[0], v[1], v[2], v[3], where);
}

void GLAPIENTRY
api_glVertexAttribP1ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   attrib_packed("glVertexAttribP1ui", index, type, normalized, value, 1);
}

void GLAPIENTRY
api_glVertexAttribP1uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   if (value)
      attrib_packed("glVertexAttribP1uiv", index, type, normalized, value[0], 1);
}

void GLAPIENTRY
api_glVertexAttribP2ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   attrib_packed("glVertexAttribP2ui", index, type, normalized, value, 2);
}

void GLAPIENTRY
api_glVertexAttribP2uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   if (value)
      attrib_packed("glVertexAttribP2uiv", index, type, normalized, value[0], 2);
}

void GLAPIENTRY
api_glVertexAttribP3ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   attrib_packed("glVertexAttribP3ui", index, type, normalized, value, 3);
}

void GLAPIENTRY
api_glVertexAttribP3uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   if (value)
      attrib_packed("glVertexAttribP3uiv", index, type, normalized, value[0], 3);
}

void GLAPIENTRY
api_glVertexAttribP4ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   attrib_packed("glVertexAttribP4ui", index, type, normalized, value, 4);
}

void GLAPIENTRY
api_glVertexAttribP4uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   if (value)
      attrib_packed("glVertexAttribP4uiv", index, type, normalized, value[0], 4);
}

/* GL_ARB_instanced_arrays: the array of attribute index advances once per
 * divisor instances (0: per vertex).  Kept in the array (so in the VAO);
 * st_array.c reads it at draw time. */
void GLAPIENTRY
api_glVertexAttribDivisorARB(GLuint index, GLuint divisor)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.ext_instanced_arrays) {
      st_error(ctx, GL_INVALID_OPERATION, "glVertexAttribDivisorARB");
      return;
   }
   struct st_client_array *arr = array_of(ctx, index, "glVertexAttribDivisorARB");
   if (arr)
      arr->divisor = divisor;
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
   case GL_VERTEX_ATTRIB_ARRAY_SIZE: out[0] = arr->bgra ? GL_BGRA : arr->size; return true;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE: out[0] = arr->stride; return true;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE:
      /* ES 2 stores OES_vertex_half_float's type as GL_HALF_FLOAT, which it
       * does not otherwise accept */
      out[0] = ctx->profile == ST_PROFILE_GLES2 && arr->type == GL_HALF_FLOAT
                  ? ST_GL_HALF_FLOAT_OES : arr->type;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: out[0] = arr->normalized; return true;
   case GL_VERTEX_ATTRIB_ARRAY_INTEGER:   /* GL 3.0, ES 3.0 */
      if (ctx->profile == ST_PROFILE_GLES1 || ctx->version < 30)
         break;
      out[0] = arr->integer;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
      out[0] = arr->buffer ? arr->buffer->name : 0;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB:
      if (!ctx->caps.ext_instanced_arrays)
         break;
      out[0] = arr->divisor;
      return true;
   case GL_CURRENT_VERTEX_ATTRIB:
      if (index == 0 && ctx->profile != ST_PROFILE_GLES2) {
         /* attribute 0 has no current value (it is the vertex; GL 2.1
          * section 6.1.14) */
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
      {
         /* values set with glVertexAttribI* as their numbers (reading
          * them as floats is undefined in GL 3.0 section 6.1.14) */
         unsigned slot = index == 0 ? ST_VATTR_POS : (unsigned)vattr_of(index);
         const struct st_vattr_ints *ints = &ctx->draw->current_ints;
         float f[4];
         if ((ints->sint | ints->uint) & (1u << slot))
            st_ints_to_float(ctx->draw->current[slot], (ints->uint >> slot) & 1, f);
         else
            memcpy(f, ctx->draw->current[slot], sizeof f);
         for (unsigned c = 0; c < 4; c++)
            out[c] = f[c];
      }
      *n = 4;
      return true;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, where);
   return false;
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

/* glGetVertexAttribI{i,ui}v (GL 3.0 section 6.1.14): the current value as
 * integers (exactly the glVertexAttribI* values; float values are converted,
 * which GL leaves undefined), everything else as glGetVertexAttribiv.
 * Returns how many values `out` holds (0 after an error). */
static unsigned
get_attrib_int(GLuint index, GLenum pname, bool want_unsigned, uint32_t out[4],
               const char *where)
{
   ST_ENTRY_RET(ctx, 0);
   if (!int_attribs_offered(ctx, where))
      return 0;
   double v[4];
   unsigned n;
   if (!get_attrib(ctx, index, pname, v, &n, where))
      return 0;
   if (pname != GL_CURRENT_VERTEX_ATTRIB) {
      for (unsigned i = 0; i < n; i++)
         out[i] = (uint32_t)(GLint)v[i];
      return n;
   }
   unsigned slot = index == 0 ? ST_VATTR_POS : (unsigned)vattr_of(index);
   const struct st_vattr_ints *ints = &ctx->draw->current_ints;
   if ((ints->sint | ints->uint) & (1u << slot)) {
      memcpy(out, ctx->draw->current[slot], 4 * sizeof(uint32_t));
      return 4;
   }
   for (unsigned i = 0; i < n; i++) {
      if (!want_unsigned)
         out[i] = (uint32_t)st_get_float_to_int(v[i]);
      else   /* rounded, clamped to [0, 2^32 - 1] */
         out[i] = !(v[i] > 0.0) ? 0u : v[i] >= 4294967295.0 ? UINT32_MAX
                                                            : (uint32_t)(v[i] + 0.5);
   }
   return n;
}

void GLAPIENTRY
api_glGetVertexAttribIiv(GLuint index, GLenum pname, GLint *params)
{
   uint32_t v[4];
   unsigned n = get_attrib_int(index, pname, false, v, "glGetVertexAttribIiv");
   for (unsigned i = 0; params && i < n; i++)
      params[i] = (GLint)v[i];
}

void GLAPIENTRY
api_glGetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params)
{
   uint32_t v[4];
   unsigned n = get_attrib_int(index, pname, true, v, "glGetVertexAttribIuiv");
   for (unsigned i = 0; params && i < n; i++)
      params[i] = v[i];
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

/* The ARB_vertex_program names: libglapi gives them dispatch slots of their own. */

void GLAPIENTRY
api_glVertexAttrib1sARB(GLuint index, GLshort x)
{
   api_glVertexAttrib1s(index, x);
}

void GLAPIENTRY
api_glVertexAttrib1svARB(GLuint index, const GLshort *v)
{
   api_glVertexAttrib1sv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib1fARB(GLuint index, GLfloat x)
{
   api_glVertexAttrib1f(index, x);
}

void GLAPIENTRY
api_glVertexAttrib1fvARB(GLuint index, const GLfloat *v)
{
   api_glVertexAttrib1fv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib1dARB(GLuint index, GLdouble x)
{
   api_glVertexAttrib1d(index, x);
}

void GLAPIENTRY
api_glVertexAttrib1dvARB(GLuint index, const GLdouble *v)
{
   api_glVertexAttrib1dv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib2sARB(GLuint index, GLshort x, GLshort y)
{
   api_glVertexAttrib2s(index, x, y);
}

void GLAPIENTRY
api_glVertexAttrib2svARB(GLuint index, const GLshort *v)
{
   api_glVertexAttrib2sv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib2fARB(GLuint index, GLfloat x, GLfloat y)
{
   api_glVertexAttrib2f(index, x, y);
}

void GLAPIENTRY
api_glVertexAttrib2fvARB(GLuint index, const GLfloat *v)
{
   api_glVertexAttrib2fv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib2dARB(GLuint index, GLdouble x, GLdouble y)
{
   api_glVertexAttrib2d(index, x, y);
}

void GLAPIENTRY
api_glVertexAttrib2dvARB(GLuint index, const GLdouble *v)
{
   api_glVertexAttrib2dv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib3sARB(GLuint index, GLshort x, GLshort y, GLshort z)
{
   api_glVertexAttrib3s(index, x, y, z);
}

void GLAPIENTRY
api_glVertexAttrib3svARB(GLuint index, const GLshort *v)
{
   api_glVertexAttrib3sv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib3fARB(GLuint index, GLfloat x, GLfloat y, GLfloat z)
{
   api_glVertexAttrib3f(index, x, y, z);
}

void GLAPIENTRY
api_glVertexAttrib3fvARB(GLuint index, const GLfloat *v)
{
   api_glVertexAttrib3fv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib3dARB(GLuint index, GLdouble x, GLdouble y, GLdouble z)
{
   api_glVertexAttrib3d(index, x, y, z);
}

void GLAPIENTRY
api_glVertexAttrib3dvARB(GLuint index, const GLdouble *v)
{
   api_glVertexAttrib3dv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4sARB(GLuint index, GLshort x, GLshort y, GLshort z, GLshort w)
{
   api_glVertexAttrib4s(index, x, y, z, w);
}

void GLAPIENTRY
api_glVertexAttrib4svARB(GLuint index, const GLshort *v)
{
   api_glVertexAttrib4sv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4fARB(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   api_glVertexAttrib4f(index, x, y, z, w);
}

void GLAPIENTRY
api_glVertexAttrib4fvARB(GLuint index, const GLfloat *v)
{
   api_glVertexAttrib4fv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4dARB(GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   api_glVertexAttrib4d(index, x, y, z, w);
}

void GLAPIENTRY
api_glVertexAttrib4dvARB(GLuint index, const GLdouble *v)
{
   api_glVertexAttrib4dv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4bvARB(GLuint index, const GLbyte *v)
{
   api_glVertexAttrib4bv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4ivARB(GLuint index, const GLint *v)
{
   api_glVertexAttrib4iv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4ubvARB(GLuint index, const GLubyte *v)
{
   api_glVertexAttrib4ubv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4usvARB(GLuint index, const GLushort *v)
{
   api_glVertexAttrib4usv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4uivARB(GLuint index, const GLuint *v)
{
   api_glVertexAttrib4uiv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NbvARB(GLuint index, const GLbyte *v)
{
   api_glVertexAttrib4Nbv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NsvARB(GLuint index, const GLshort *v)
{
   api_glVertexAttrib4Nsv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NivARB(GLuint index, const GLint *v)
{
   api_glVertexAttrib4Niv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NubvARB(GLuint index, const GLubyte *v)
{
   api_glVertexAttrib4Nubv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NusvARB(GLuint index, const GLushort *v)
{
   api_glVertexAttrib4Nusv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NuivARB(GLuint index, const GLuint *v)
{
   api_glVertexAttrib4Nuiv(index, v);
}

void GLAPIENTRY
api_glVertexAttrib4NubARB(GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w)
{
   api_glVertexAttrib4Nub(index, x, y, z, w);
}

void GLAPIENTRY
api_glVertexAttribPointerARB(GLuint index, GLint size, GLenum type, GLboolean normalized,
                             GLsizei stride, const void *pointer)
{
   api_glVertexAttribPointer(index, size, type, normalized, stride, pointer);
}

void GLAPIENTRY
api_glEnableVertexAttribArrayARB(GLuint index)
{
   api_glEnableVertexAttribArray(index);
}

void GLAPIENTRY
api_glDisableVertexAttribArrayARB(GLuint index)
{
   api_glDisableVertexAttribArray(index);
}

void GLAPIENTRY
api_glGetVertexAttribdvARB(GLuint index, GLenum pname, GLdouble *params)
{
   api_glGetVertexAttribdv(index, pname, params);
}

void GLAPIENTRY
api_glGetVertexAttribfvARB(GLuint index, GLenum pname, GLfloat *params)
{
   api_glGetVertexAttribfv(index, pname, params);
}

void GLAPIENTRY
api_glGetVertexAttribivARB(GLuint index, GLenum pname, GLint *params)
{
   api_glGetVertexAttribiv(index, pname, params);
}

void GLAPIENTRY
api_glGetVertexAttribPointervARB(GLuint index, GLenum pname, void **pointer)
{
   api_glGetVertexAttribPointerv(index, pname, pointer);
}
