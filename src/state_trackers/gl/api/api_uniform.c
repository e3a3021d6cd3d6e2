/*
 * GLSL uniforms (OpenGL 2.1 section 2.15.3, OpenGL ES 2.0 section 2.10.4):
 * glGetUniformLocation, glGetActiveUniform, glUniform*, glUniformMatrix*
 * (the GL 2.1 non-square forms included) and glGetUniform{f,i}v; GL 3.0's
 * glUniform*ui[v] and glGetUniformuiv (section 2.20.3).
 *
 * Values live in the storage of a linked executable (st_glsl_linked): one
 * 16-byte slot per leaf element and matrix column at the offsets of the
 * program's uniform table (glsl_compiler.h), floats as floats, ints and
 * bools as 32-bit integers (bools 0 / 1).  Sampler uniforms hold texture
 * image units, in the executable's sampler_units[] (set only by
 * glUniform1i{v}).  glUniform* writes the executable of the program in
 * use: after a failed relink that is still the old one (GL 2.1 2.15.2).
 */
#include <string.h>

#include "api.h"
#include "compiler/glsl/glsl_types.h"
#include "st_glsl.h"

GLint GLAPIENTRY
api_glGetUniformLocation(GLuint program, const GLchar *name)
{
   ST_ENTRY_RET(ctx, -1);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetUniformLocation");
   if (!p || !st_glsl_linked_iface(ctx, p, "glGetUniformLocation") || !name)
      return -1;
   return p->linked->prog ? glsl_program_uniform_location(p->linked->prog, name) : -1;
}

void GLAPIENTRY
api_glGetActiveUniform(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length,
                       GLint *size, GLenum *type, GLchar *name)
{
   ST_ENTRY(ctx);
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, "glGetActiveUniform");
   if (!p)
      return;
   const struct glsl_program_interface *it = p->linked ? p->linked->iface : NULL;
   if (!it || index >= it->num_uniforms || bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetActiveUniform");
      return;
   }
   const struct glsl_uniform *u = &it->uniforms[index];
   size_t n = strlen(u->name), k = 0;
   if (bufSize > 0 && name) {
      k = n < (size_t)bufSize - 1 ? n : (size_t)bufSize - 1;
      memcpy(name, u->name, k);
      name[k] = '\0';
   }
   if (length)
      *length = (GLsizei)k;
   if (size)
      *size = (GLint)u->array_size;
   if (type)
      *type = u->gl_type;
}

/* The kind of values a glUniform* command carries. */
enum uval {
   UVAL_FLOAT,
   UVAL_INT,
   UVAL_UINT,   /* GL 3.0's glUniform*ui[v] */
};

/* GL 3.0 and ES 3.0 have the unsigned uniform commands; elsewhere they
 * raise GL_INVALID_OPERATION, as the stubs they are there would. */
static bool
uint_offered(struct st_context *ctx, const char *where)
{
   if (ctx->profile != ST_PROFILE_GLES1 && ctx->version >= 30)
      return true;
   st_error(ctx, GL_INVALID_OPERATION, where);
   return false;
}

/* Slot of component r of column c of element e. */
static uint8_t *
slot(struct st_glsl_linked *l, const struct glsl_uniform *u, unsigned e, unsigned c, unsigned r)
{
   size_t at = (size_t)u->offset + (size_t)e * u->elem_stride + 16u * c + 4u * r;
   return at + 4 <= l->storage_size ? l->storage + at : NULL;
}

/* glUniform{1234}{if}[v] (cols 0) and glUniformMatrix{C}x{R}fv (cols C,
 * comps R): every check of GL 2.1 section 2.15.3, then the values. */
static void
set_uniform(GLint location, GLsizei count, unsigned cols, unsigned comps, enum uval kind,
            GLboolean transpose, const void *values, const char *where)
{
   ST_ENTRY(ctx);
   if (kind == UVAL_UINT && !uint_offered(ctx, where))
      return;
   struct st_glsl_linked *l = ctx->glsl->exec;
   if (!l) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* no program in use */
      return;
   }
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   if (location == -1)
      return;   /* silently ignored */
   const struct glsl_uniform *u;
   unsigned elem;
   if (!l->prog || !glsl_program_uniform_at(l->prog, location, &u, &elem)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   /* ES 2.0: transpose must be GL_FALSE */
   if (cols && transpose && ctx->profile == ST_PROFILE_GLES2) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   bool ok;
   if (cols) {
      ok = u->base == GLSL_TYPE_FLOAT && u->columns == cols && u->rows == comps;
   } else if (u->columns != 1 || u->rows != comps) {
      ok = false;   /* size or matrix-ness mismatch */
   } else {
      /* GL 3.0 section 2.20.3: the command's type must be the uniform's,
       * except for bools, which take any of them */
      switch (u->base) {
      case GLSL_TYPE_FLOAT: ok = kind == UVAL_FLOAT; break;
      case GLSL_TYPE_INT: ok = kind == UVAL_INT; break;
      case GLSL_TYPE_UINT: ok = kind == UVAL_UINT; break;
      case GLSL_TYPE_BOOL: ok = true; break;   /* f, i or ui: 0 is false */
      case GLSL_TYPE_SAMPLER: ok = kind == UVAL_INT && comps == 1; break;
      default: ok = false; break;
      }
   }
   if (!ok || (count > 1 && !u->is_array)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (!count || !values)
      return;
   unsigned avail = u->array_size > elem ? u->array_size - elem : 0;
   unsigned n = (unsigned)count < avail ? (unsigned)count : avail;
   const float *fv = values;
   const GLint *iv = values;
   const GLuint *uv = values;
   if (u->base == GLSL_TYPE_SAMPLER) {
      for (unsigned i = 0; i < n; i++) {
         if (iv[i] < 0 || iv[i] >= ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) {
            st_error(ctx, GL_INVALID_VALUE, where);
            return;
         }
      }
      for (unsigned i = 0; i < n; i++)
         if (u->sampler + elem + i < l->iface->num_samplers)
            l->sampler_units[u->sampler + elem + i] = iv[i];
      l->serial++;
      return;
   }
   unsigned ncols = cols ? cols : 1;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned c = 0; c < ncols; c++) {
         for (unsigned r = 0; r < comps; r++) {
            size_t src = (size_t)i * ncols * comps +
                         (cols && transpose ? (size_t)r * ncols + c : (size_t)c * comps + r);
            uint8_t *dst = slot(l, u, elem + i, c, r);
            if (!dst)
               continue;
            if (u->base == GLSL_TYPE_FLOAT) {
               float f = fv[src];
               memcpy(dst, &f, 4);
            } else {
               /* ints and uints keep their bits; bools are 0 / 1 */
               uint32_t v = kind == UVAL_FLOAT ? (uint32_t)(fv[src] != 0.0f)
                            : kind == UVAL_UINT ? uv[src] : (uint32_t)iv[src];
               if (u->base == GLSL_TYPE_BOOL)
                  v = v != 0;
               memcpy(dst, &v, 4);
            }
         }
      }
   }
   l->serial++;
}

#define UNIFORM_F(N, ...)                                                      \
   do {                                                                        \
      const GLfloat v_[] = { __VA_ARGS__ };                                    \
      set_uniform(location, 1, 0, N, UVAL_FLOAT, GL_FALSE, v_, "glUniform" #N "f"); \
   } while (0)
#define UNIFORM_I(N, ...)                                                      \
   do {                                                                        \
      const GLint v_[] = { __VA_ARGS__ };                                      \
      set_uniform(location, 1, 0, N, UVAL_INT, GL_FALSE, v_, "glUniform" #N "i"); \
   } while (0)
#define UNIFORM_UI(N, ...)                                                     \
   do {                                                                        \
      const GLuint v_[] = { __VA_ARGS__ };                                     \
      set_uniform(location, 1, 0, N, UVAL_UINT, GL_FALSE, v_, "glUniform" #N "ui"); \
   } while (0)

void GLAPIENTRY
api_glUniform1f(GLint location, GLfloat v0)
{
   UNIFORM_F(1, v0);
}

void GLAPIENTRY
api_glUniform2f(GLint location, GLfloat v0, GLfloat v1)
{
   UNIFORM_F(2, v0, v1);
}

void GLAPIENTRY
api_glUniform3f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2)
{
   UNIFORM_F(3, v0, v1, v2);
}

void GLAPIENTRY
api_glUniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3)
{
   UNIFORM_F(4, v0, v1, v2, v3);
}

void GLAPIENTRY
api_glUniform1i(GLint location, GLint v0)
{
   UNIFORM_I(1, v0);
}

void GLAPIENTRY
api_glUniform2i(GLint location, GLint v0, GLint v1)
{
   UNIFORM_I(2, v0, v1);
}

void GLAPIENTRY
api_glUniform3i(GLint location, GLint v0, GLint v1, GLint v2)
{
   UNIFORM_I(3, v0, v1, v2);
}

void GLAPIENTRY
api_glUniform4i(GLint location, GLint v0, GLint v1, GLint v2, GLint v3)
{
   UNIFORM_I(4, v0, v1, v2, v3);
}

void GLAPIENTRY
api_glUniform1fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, 0, 1, UVAL_FLOAT, GL_FALSE, value, "glUniform1fv");
}

void GLAPIENTRY
api_glUniform2fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, 0, 2, UVAL_FLOAT, GL_FALSE, value, "glUniform2fv");
}

void GLAPIENTRY
api_glUniform3fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, 0, 3, UVAL_FLOAT, GL_FALSE, value, "glUniform3fv");
}

void GLAPIENTRY
api_glUniform4fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, 0, 4, UVAL_FLOAT, GL_FALSE, value, "glUniform4fv");
}

void GLAPIENTRY
api_glUniform1iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, 0, 1, UVAL_INT, GL_FALSE, value, "glUniform1iv");
}

void GLAPIENTRY
api_glUniform2iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, 0, 2, UVAL_INT, GL_FALSE, value, "glUniform2iv");
}

void GLAPIENTRY
api_glUniform3iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, 0, 3, UVAL_INT, GL_FALSE, value, "glUniform3iv");
}

void GLAPIENTRY
api_glUniform4iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, 0, 4, UVAL_INT, GL_FALSE, value, "glUniform4iv");
}

void GLAPIENTRY
api_glUniform1ui(GLint location, GLuint v0)
{
   UNIFORM_UI(1, v0);
}

void GLAPIENTRY
api_glUniform2ui(GLint location, GLuint v0, GLuint v1)
{
   UNIFORM_UI(2, v0, v1);
}

void GLAPIENTRY
api_glUniform3ui(GLint location, GLuint v0, GLuint v1, GLuint v2)
{
   UNIFORM_UI(3, v0, v1, v2);
}

void GLAPIENTRY
api_glUniform4ui(GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3)
{
   UNIFORM_UI(4, v0, v1, v2, v3);
}

void GLAPIENTRY
api_glUniform1uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, 0, 1, UVAL_UINT, GL_FALSE, value, "glUniform1uiv");
}

void GLAPIENTRY
api_glUniform2uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, 0, 2, UVAL_UINT, GL_FALSE, value, "glUniform2uiv");
}

void GLAPIENTRY
api_glUniform3uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, 0, 3, UVAL_UINT, GL_FALSE, value, "glUniform3uiv");
}

void GLAPIENTRY
api_glUniform4uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, 0, 4, UVAL_UINT, GL_FALSE, value, "glUniform4uiv");
}

/* glUniformMatrix{C}x{R}fv: C columns of R rows (GL 2.1 names the columns first) */

void GLAPIENTRY
api_glUniformMatrix2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 2, 2, UVAL_FLOAT, transpose, value, "glUniformMatrix2fv");
}

void GLAPIENTRY
api_glUniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 3, 3, UVAL_FLOAT, transpose, value, "glUniformMatrix3fv");
}

void GLAPIENTRY
api_glUniformMatrix4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 4, 4, UVAL_FLOAT, transpose, value, "glUniformMatrix4fv");
}

void GLAPIENTRY
api_glUniformMatrix2x3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 2, 3, UVAL_FLOAT, transpose, value, "glUniformMatrix2x3fv");
}

void GLAPIENTRY
api_glUniformMatrix3x2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 3, 2, UVAL_FLOAT, transpose, value, "glUniformMatrix3x2fv");
}

void GLAPIENTRY
api_glUniformMatrix2x4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 2, 4, UVAL_FLOAT, transpose, value, "glUniformMatrix2x4fv");
}

void GLAPIENTRY
api_glUniformMatrix4x2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 4, 2, UVAL_FLOAT, transpose, value, "glUniformMatrix4x2fv");
}

void GLAPIENTRY
api_glUniformMatrix3x4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 3, 4, UVAL_FLOAT, transpose, value, "glUniformMatrix3x4fv");
}

void GLAPIENTRY
api_glUniformMatrix4x3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   set_uniform(location, count, 4, 3, UVAL_FLOAT, transpose, value, "glUniformMatrix4x3fv");
}

/* glGetUniform{f,i,ui}v: every component of the element at location,
 * column by column (`base`: the uniform's glsl_base_type); false after an
 * error. */
static bool
get_uniform(struct st_context *ctx, GLuint program, GLint location, double out[16],
            unsigned *n, uint8_t *base, const char *where)
{
   struct st_glsl_program *p = st_glsl_lookup_program(ctx, program, where);
   if (!p || !st_glsl_linked_iface(ctx, p, where))
      return false;
   struct st_glsl_linked *l = p->linked;
   const struct glsl_uniform *u;
   unsigned elem;
   if (!l->prog || !glsl_program_uniform_at(l->prog, location, &u, &elem)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   *base = u->base;
   if (u->base == GLSL_TYPE_SAMPLER) {
      out[0] = u->sampler + elem < l->iface->num_samplers ? l->sampler_units[u->sampler + elem]
                                                          : 0;
      *n = 1;
      return true;
   }
   *n = 0;
   for (unsigned c = 0; c < u->columns && c < 4; c++) {
      for (unsigned r = 0; r < u->rows && r < 4; r++) {
         const uint8_t *src = slot(l, u, elem, c, r);
         double v = 0.0;
         if (src && u->base == GLSL_TYPE_FLOAT) {
            float f;
            memcpy(&f, src, 4);
            v = f;
         } else if (src) {
            int32_t i;
            memcpy(&i, src, 4);
            v = u->base == GLSL_TYPE_UINT ? (double)(uint32_t)i : (double)i;
         }
         out[(*n)++] = v;
      }
   }
   return true;
}

void GLAPIENTRY
api_glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
   ST_ENTRY(ctx);
   double v[16];
   unsigned n;
   uint8_t base;
   if (get_uniform(ctx, program, location, v, &n, &base, "glGetUniformfv") && params)
      for (unsigned i = 0; i < n; i++)
         params[i] = (GLfloat)v[i];
}

void GLAPIENTRY
api_glGetUniformiv(GLuint program, GLint location, GLint *params)
{
   ST_ENTRY(ctx);
   double v[16];
   unsigned n;
   uint8_t base;
   if (get_uniform(ctx, program, location, v, &n, &base, "glGetUniformiv") && params)
      for (unsigned i = 0; i < n; i++)
         params[i] = st_get_float_to_int(v[i]);
}

/* GL 3.0: uints exactly, ints as their bits, floats rounded to nearest and
 * clamped to [0, 2^32 - 1], bools 0 / 1, samplers their unit. */
void GLAPIENTRY
api_glGetUniformuiv(GLuint program, GLint location, GLuint *params)
{
   ST_ENTRY(ctx);
   if (!uint_offered(ctx, "glGetUniformuiv"))
      return;
   double v[16];
   unsigned n;
   uint8_t base;
   if (!get_uniform(ctx, program, location, v, &n, &base, "glGetUniformuiv") || !params)
      return;
   for (unsigned i = 0; i < n; i++) {
      if (base == GLSL_TYPE_INT)
         params[i] = (GLuint)(GLint)v[i];
      else if (base == GLSL_TYPE_FLOAT)
         params[i] = !(v[i] > 0.0) ? 0u : v[i] >= 4294967295.0 ? UINT32_MAX
                                                              : (GLuint)(v[i] + 0.5);
      else
         params[i] = (GLuint)v[i];
   }
}
