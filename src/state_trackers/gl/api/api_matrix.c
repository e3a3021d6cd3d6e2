/*
 * Matrix stacks: glMatrixMode, glLoadIdentity, glLoadMatrix, glMultMatrix,
 * glPushMatrix, glPopMatrix, glOrtho, glFrustum, glTranslate, glRotate,
 * glScale (GL 2.1 section 2.11.2).  Matrices are column-major.
 */
#include "st_arbprog.h"
#include <math.h>
#include <string.h>

#include "st_context.h"
#include "st_draw.h"
#include "st_texture.h"

/* GL 3.0 compatibility, section 2.12.2: the texture matrix commands and
 * queries exist for units below MAX_TEXTURE_COORDS only */
static bool
matrix_unit_ok(struct st_context *ctx, const char *where)
{
   return ctx->draw->matrix_mode != GL_TEXTURE || st_texture_active_is_ff(ctx, where);
}

#define MATRIX_ENTRY(ctx, where) \
   ST_ENTRY(ctx);                 \
   if (!matrix_unit_ok(ctx, where)) \
      return

/* m = m * b */
static void
mult(float *m, const float *b)
{
   float r[16];
   for (unsigned c = 0; c < 4; c++)
      for (unsigned row = 0; row < 4; row++) {
         double s = 0.0;
         for (unsigned k = 0; k < 4; k++)
            s += (double)m[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = (float)s;
      }
   memcpy(m, r, sizeof r);
}

static void
set_identity(float *m)
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

void GLAPIENTRY
api_glMatrixMode(GLenum mode)
{
   ST_ENTRY(ctx);
   /* GL_MATRIXi_ARB: ARB_vertex_program's program matrices */
   bool program = ctx->profile != ST_PROFILE_GLES1 && mode >= GL_MATRIX0_ARB &&
                  mode < GL_MATRIX0_ARB + ST_ARBPROG_MATRICES;
   if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE && !program) {
      st_error(ctx, GL_INVALID_ENUM, "glMatrixMode");
      return;
   }
   ctx->draw->matrix_mode = mode;
}

void GLAPIENTRY
api_glLoadIdentity(void)
{
   MATRIX_ENTRY(ctx, "glLoadIdentity");
   set_identity(st_current_matrix(ctx));
}

void GLAPIENTRY
api_glLoadMatrixf(const GLfloat *m)
{
   MATRIX_ENTRY(ctx, "glLoadMatrixf");
   if (m)
      memcpy(st_current_matrix(ctx), m, 16 * sizeof(float));
}

void GLAPIENTRY
api_glLoadMatrixd(const GLdouble *m)
{
   MATRIX_ENTRY(ctx, "glLoadMatrixd");
   if (!m)
      return;
   float *dst = st_current_matrix(ctx);
   for (unsigned i = 0; i < 16; i++)
      dst[i] = (float)m[i];
}

void GLAPIENTRY
api_glMultMatrixf(const GLfloat *m)
{
   MATRIX_ENTRY(ctx, "glMultMatrixf");
   if (m) {
      float b[16];
      memcpy(b, m, sizeof b);
      mult(st_current_matrix(ctx), b);
   }
}

void GLAPIENTRY
api_glMultMatrixd(const GLdouble *m)
{
   MATRIX_ENTRY(ctx, "glMultMatrixd");
   if (!m)
      return;
   float b[16];
   for (unsigned i = 0; i < 16; i++)
      b[i] = (float)m[i];
   mult(st_current_matrix(ctx), b);
}

/* GL 1.3 / ARB_transpose_matrix: row-major matrices. */
void GLAPIENTRY
api_glLoadTransposeMatrixf(const GLfloat *m)
{
   MATRIX_ENTRY(ctx, "glLoadTransposeMatrixf");
   if (!m)
      return;
   float *dst = st_current_matrix(ctx);
   for (unsigned i = 0; i < 16; i++)
      dst[i] = m[(i % 4) * 4 + i / 4];
}

void GLAPIENTRY
api_glLoadTransposeMatrixd(const GLdouble *m)
{
   MATRIX_ENTRY(ctx, "glLoadTransposeMatrixd");
   if (!m)
      return;
   float *dst = st_current_matrix(ctx);
   for (unsigned i = 0; i < 16; i++)
      dst[i] = (float)m[(i % 4) * 4 + i / 4];
}

void GLAPIENTRY
api_glMultTransposeMatrixf(const GLfloat *m)
{
   MATRIX_ENTRY(ctx, "glMultTransposeMatrixf");
   if (!m)
      return;
   float b[16];
   for (unsigned i = 0; i < 16; i++)
      b[i] = m[(i % 4) * 4 + i / 4];
   mult(st_current_matrix(ctx), b);
}

void GLAPIENTRY
api_glMultTransposeMatrixd(const GLdouble *m)
{
   MATRIX_ENTRY(ctx, "glMultTransposeMatrixd");
   if (!m)
      return;
   float b[16];
   for (unsigned i = 0; i < 16; i++)
      b[i] = (float)m[(i % 4) * 4 + i / 4];
   mult(st_current_matrix(ctx), b);
}

static float *
stack_of(struct st_context *ctx, unsigned **depth, unsigned *max)
{
   struct st_draw_ctx *d = ctx->draw;
   switch (d->matrix_mode) {
   case GL_PROJECTION:
      *depth = &d->proj_depth;
      *max = ST_PROJECTION_STACK_DEPTH;
      return d->proj_stack[0];
   case GL_TEXTURE:
      *depth = &d->tex_depth[st_draw_matrix_unit(ctx)];
      *max = ST_TEXTURE_STACK_DEPTH;
      return d->tex_stack[st_draw_matrix_unit(ctx)][0];
   case GL_MODELVIEW:
      *depth = &d->mv_depth;
      *max = ST_MODELVIEW_STACK_DEPTH;
      return d->mv_stack[0];
   default: {
      unsigned i = (d->matrix_mode - GL_MATRIX0_ARB) % ST_ARBPROG_MATRICES;
      *depth = &d->prog_depth[i];
      *max = ST_ARBPROG_MATRIX_DEPTH;
      return d->prog_stack[i][0];
   }
   }
}

void GLAPIENTRY
api_glPushMatrix(void)
{
   MATRIX_ENTRY(ctx, "glPushMatrix");
   unsigned *depth, max;
   float *stack = stack_of(ctx, &depth, &max);
   if (*depth + 1 >= max) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushMatrix");
      return;
   }
   memcpy(stack + 16 * (*depth + 1), stack + 16 * *depth, 16 * sizeof(float));
   (*depth)++;
}

void GLAPIENTRY
api_glPopMatrix(void)
{
   MATRIX_ENTRY(ctx, "glPopMatrix");
   unsigned *depth, max;
   stack_of(ctx, &depth, &max);
   if (*depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopMatrix");
      return;
   }
   (*depth)--;
}

void GLAPIENTRY
api_glOrtho(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f)
{
   MATRIX_ENTRY(ctx, "glOrtho");
   if (l == r || b == t || n == f) {
      st_error(ctx, GL_INVALID_VALUE, "glOrtho");
      return;
   }
   float m[16] = { 0 };
   m[0] = (float)(2.0 / (r - l));
   m[5] = (float)(2.0 / (t - b));
   m[10] = (float)(-2.0 / (f - n));
   m[12] = (float)(-(r + l) / (r - l));
   m[13] = (float)(-(t + b) / (t - b));
   m[14] = (float)(-(f + n) / (f - n));
   m[15] = 1.0f;
   mult(st_current_matrix(ctx), m);
}

void GLAPIENTRY
api_glFrustum(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f)
{
   MATRIX_ENTRY(ctx, "glFrustum");
   if (n <= 0.0 || f <= 0.0 || l == r || b == t || n == f) {
      st_error(ctx, GL_INVALID_VALUE, "glFrustum");
      return;
   }
   float m[16] = { 0 };
   m[0] = (float)(2.0 * n / (r - l));
   m[5] = (float)(2.0 * n / (t - b));
   m[8] = (float)((r + l) / (r - l));
   m[9] = (float)((t + b) / (t - b));
   m[10] = (float)(-(f + n) / (f - n));
   m[11] = -1.0f;
   m[14] = (float)(-2.0 * f * n / (f - n));
   mult(st_current_matrix(ctx), m);
}

static void
translate(struct st_context *ctx, double x, double y, double z)
{
   float m[16];
   set_identity(m);
   m[12] = (float)x;
   m[13] = (float)y;
   m[14] = (float)z;
   mult(st_current_matrix(ctx), m);
}

static void
scale(struct st_context *ctx, double x, double y, double z)
{
   float m[16];
   set_identity(m);
   m[0] = (float)x;
   m[5] = (float)y;
   m[10] = (float)z;
   mult(st_current_matrix(ctx), m);
}

static void
rotate(struct st_context *ctx, double angle, double x, double y, double z)
{
   double len = sqrt(x * x + y * y + z * z);
   if (len == 0.0 || !isfinite(len))
      return;
   x /= len;
   y /= len;
   z /= len;
   double a = angle * M_PI / 180.0, c = cos(a), s = sin(a), ic = 1.0 - c;
   float m[16];
   set_identity(m);
   m[0] = (float)(x * x * ic + c);
   m[1] = (float)(y * x * ic + z * s);
   m[2] = (float)(x * z * ic - y * s);
   m[4] = (float)(x * y * ic - z * s);
   m[5] = (float)(y * y * ic + c);
   m[6] = (float)(y * z * ic + x * s);
   m[8] = (float)(x * z * ic + y * s);
   m[9] = (float)(y * z * ic - x * s);
   m[10] = (float)(z * z * ic + c);
   mult(st_current_matrix(ctx), m);
}

void GLAPIENTRY
api_glTranslatef(GLfloat x, GLfloat y, GLfloat z)
{
   MATRIX_ENTRY(ctx, "glTranslatef");
   translate(ctx, x, y, z);
}

void GLAPIENTRY
api_glTranslated(GLdouble x, GLdouble y, GLdouble z)
{
   MATRIX_ENTRY(ctx, "glTranslated");
   translate(ctx, x, y, z);
}

void GLAPIENTRY
api_glScalef(GLfloat x, GLfloat y, GLfloat z)
{
   MATRIX_ENTRY(ctx, "glScalef");
   scale(ctx, x, y, z);
}

void GLAPIENTRY
api_glScaled(GLdouble x, GLdouble y, GLdouble z)
{
   MATRIX_ENTRY(ctx, "glScaled");
   scale(ctx, x, y, z);
}

void GLAPIENTRY
api_glRotatef(GLfloat angle, GLfloat x, GLfloat y, GLfloat z)
{
   MATRIX_ENTRY(ctx, "glRotatef");
   rotate(ctx, angle, x, y, z);
}

void GLAPIENTRY
api_glRotated(GLdouble angle, GLdouble x, GLdouble y, GLdouble z)
{
   MATRIX_ENTRY(ctx, "glRotated");
   rotate(ctx, angle, x, y, z);
}
