/*
 * Immediate mode: glBegin/glEnd, every glVertex form, and the current
 * vertex attributes (glColor, glSecondaryColor, glNormal, glTexCoord,
 * glMultiTexCoord, glFogCoord, glEdgeFlag, glIndex; allowed between glBegin
 * and glEnd, so they do not use ST_ENTRY), glRect, glArrayElement.
 * Vertices are batched and drawn at glEnd (st_draw_vertices).
 *
 * Integer colours and normals are converted with GL 2.1's table 2.9
 * (unsigned c / (2^b - 1), signed (2c + 1) / (2^b - 1)); vertices,
 * texture and fog coordinates and indices take integers by value.
 */
#include <stdlib.h>
#include <string.h>

#include "st_arbprog.h"
#include "st_context.h"
#include "st_draw.h"
#include "st_material.h"   /* (eval) per-vertex glMaterial at glEnd */

void GLAPIENTRY
api_glBegin(GLenum mode)
{
   ST_ENTRY(ctx);
   if (!st_is_valid_prim(ctx, mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glBegin");
      return;
   }
   if (!st_arbprog_check_draw(ctx, "glBegin") ||   /* an enabled invalid ARB program */
       !st_draw_dual_source_ok(ctx, "glBegin"))
      return;
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
   if (d->out_of_memory) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glEnd");
      st_material_batch_draw(ctx, d->begin_mode, d->verts, 0);   /* (eval) ends the batch */
   } else if (!st_material_batch_draw(ctx, d->begin_mode, d->verts, d->num_verts))
      /* (eval) st_material.c draws batches with glMaterial inside glBegin/glEnd */
      st_draw_vertices(ctx, d->begin_mode, d->verts, d->num_verts);
   d->num_verts = 0;
   d->begin_mode = GL_NONE;
}

/* GL_NV_primitive_restart inside glBegin/glEnd: what glEnd then glBegin of
 * the same mode would do */
void
st_primitive_restart(struct st_context *ctx)
{
   GLenum mode = ctx->draw->begin_mode;
   api_glEnd();
   api_glBegin(mode);
}

void
st_immediate_vertex(struct st_context *ctx, const float pos[4])
{
   if (!ctx->inside_begin_end)
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
   memcpy(v->attr[ST_VATTR_POS], pos, sizeof v->attr[ST_VATTR_POS]);
}

static void
vtx(float x, float y, float z, float w)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   const float p[4] = { x, y, z, w };
   st_immediate_vertex(ctx, p);
}

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

/* GL 2.1 2.14.3: while GL_COLOR_MATERIAL is enabled, the current colour
 * updates the selected material values (so glGetMaterial sees them). */
void
st_color_material_track(struct st_context *ctx)
{
   if (!st_is_enabled(ctx, ST_CAP_COLOR_MATERIAL))
      return;
   st_draw_state_changed(ctx);   /* also called without ST_ENTRY (glColor) */
   struct st_lighting_vals *l = &ctx->draw->lighting;
   const float *c = ctx->draw->current[ST_VATTR_COLOR];
   for (unsigned f = 0; f < 2; f++) {
      if ((f == 0 && l->cm_face == GL_BACK) || (f == 1 && l->cm_face == GL_FRONT))
         continue;
      struct ff_material *m = &l->material[f];
      switch (l->cm_mode) {
      case GL_EMISSION: memcpy(m->emission, c, 4 * sizeof(float)); break;
      case GL_AMBIENT: memcpy(m->ambient, c, 4 * sizeof(float)); break;
      case GL_DIFFUSE: memcpy(m->diffuse, c, 4 * sizeof(float)); break;
      case GL_SPECULAR: memcpy(m->specular, c, 4 * sizeof(float)); break;
      default:
         memcpy(m->ambient, c, 4 * sizeof(float));
         memcpy(m->diffuse, c, 4 * sizeof(float));
         break;
      }
   }
}

static void
color(float r, float g, float b, float a)
{
   set_current(ST_VATTR_COLOR, r, g, b, a);
   struct st_context *ctx = st_current();
   if (ctx)
      st_color_material_track(ctx);
}

static void
color1(float r, float g, float b, float a)
{
   set_current(ST_VATTR_COLOR1, r, g, b, a);
}

static void
normal(float x, float y, float z, float w)
{
   set_current(ST_VATTR_NORMAL, x, y, z, w);
}

static void
texcoord(float s, float t, float r, float q)
{
   set_current(ST_VATTR_TEX0, s, t, r, q);
}

static void
multitex(GLenum target, float s, float t, float r, float q)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   if (target < GL_TEXTURE0 || target >= GL_TEXTURE0 + FF_MAX_TEXTURE_UNITS) {
      st_error(ctx, GL_INVALID_ENUM, "glMultiTexCoord");
      return;
   }
   set_current((enum st_vattr)(ST_VATTR_TEX0 + (target - GL_TEXTURE0)), s, t, r, q);
}

/* GL 2.1 table 2.9 */
static float nb(GLbyte c) { return (2.0f * c + 1.0f) / 255.0f; }
static float ns(GLshort c) { return (2.0f * c + 1.0f) / 65535.0f; }
static float ni(GLint c) { return (float)((2.0 * c + 1.0) / 4294967295.0); }
static float nub(GLubyte c) { return c / 255.0f; }
static float nus(GLushort c) { return c / 65535.0f; }
static float nui(GLuint c) { return (float)(c / 4294967295.0); }

/* --- fog coordinate, edge flag, colour index --- */

void GLAPIENTRY
api_glFogCoordf(GLfloat coord)
{
   set_current(ST_VATTR_FOG, coord, 0, 0, 1);
}

void GLAPIENTRY
api_glFogCoordfv(const GLfloat *coord)
{
   if (coord)
      set_current(ST_VATTR_FOG, coord[0], 0, 0, 1);
}

void GLAPIENTRY
api_glFogCoordd(GLdouble coord)
{
   set_current(ST_VATTR_FOG, (float)coord, 0, 0, 1);
}

void GLAPIENTRY
api_glFogCoorddv(const GLdouble *coord)
{
   if (coord)
      set_current(ST_VATTR_FOG, (float)coord[0], 0, 0, 1);
}

void GLAPIENTRY
api_glFogCoordfEXT(GLfloat coord)
{
   api_glFogCoordf(coord);
}

void GLAPIENTRY
api_glFogCoordfvEXT(const GLfloat *coord)
{
   api_glFogCoordfv(coord);
}

void GLAPIENTRY
api_glFogCoorddEXT(GLdouble coord)
{
   api_glFogCoordd(coord);
}

void GLAPIENTRY
api_glFogCoorddvEXT(const GLdouble *coord)
{
   api_glFogCoorddv(coord);
}

void GLAPIENTRY
api_glEdgeFlag(GLboolean flag)
{
   set_current(ST_VATTR_EDGEFLAG, flag ? 1.0f : 0.0f, 0, 0, 1);
}

void GLAPIENTRY
api_glEdgeFlagv(const GLboolean *flag)
{
   if (flag)
      api_glEdgeFlag(*flag);
}

/* Colour index: RGBA contexts only; kept for GL_CURRENT_INDEX, no effect. */
static void
set_index(float i)
{
   struct st_context *ctx = st_current();
   if (ctx)
      ctx->draw->current_index = i;
}

void GLAPIENTRY
api_glIndexs(GLshort c)
{
   set_index(c);
}

void GLAPIENTRY
api_glIndexsv(const GLshort *c)
{
   if (c)
      set_index(c[0]);
}

void GLAPIENTRY
api_glIndexi(GLint c)
{
   set_index((float)c);
}

void GLAPIENTRY
api_glIndexiv(const GLint *c)
{
   if (c)
      set_index((float)c[0]);
}

void GLAPIENTRY
api_glIndexf(GLfloat c)
{
   set_index(c);
}

void GLAPIENTRY
api_glIndexfv(const GLfloat *c)
{
   if (c)
      set_index(c[0]);
}

void GLAPIENTRY
api_glIndexd(GLdouble c)
{
   set_index((float)c);
}

void GLAPIENTRY
api_glIndexdv(const GLdouble *c)
{
   if (c)
      set_index((float)c[0]);
}

void GLAPIENTRY
api_glIndexub(GLubyte c)
{
   set_index(c);
}

void GLAPIENTRY
api_glIndexubv(const GLubyte *c)
{
   if (c)
      set_index(c[0]);
}

/* --- glRect: a GL_POLYGON (x1,y1) (x2,y1) (x2,y2) (x1,y2) at z = 0 --- */

static void
rect(float x1, float y1, float x2, float y2)
{
   ST_ENTRY(ctx);
   struct st_vertex v[4];
   const float xy[4][2] = { { x1, y1 }, { x2, y1 }, { x2, y2 }, { x1, y2 } };
   for (unsigned i = 0; i < 4; i++) {
      memcpy(v[i].attr, ctx->draw->current, sizeof v[i].attr);
      v[i].attr[ST_VATTR_POS][0] = xy[i][0];
      v[i].attr[ST_VATTR_POS][1] = xy[i][1];
      v[i].attr[ST_VATTR_POS][2] = 0.0f;
      v[i].attr[ST_VATTR_POS][3] = 1.0f;
   }
   st_draw_vertices(ctx, GL_POLYGON, v, 4);
}

void GLAPIENTRY
api_glRects(GLshort x1, GLshort y1, GLshort x2, GLshort y2)
{
   rect(x1, y1, x2, y2);
}

void GLAPIENTRY
api_glRectsv(const GLshort *v1, const GLshort *v2)
{
   if (v1 && v2)
      rect(v1[0], v1[1], v2[0], v2[1]);
}

void GLAPIENTRY
api_glRecti(GLint x1, GLint y1, GLint x2, GLint y2)
{
   rect((float)x1, (float)y1, (float)x2, (float)y2);
}

void GLAPIENTRY
api_glRectiv(const GLint *v1, const GLint *v2)
{
   if (v1 && v2)
      rect((float)v1[0], (float)v1[1], (float)v2[0], (float)v2[1]);
}

void GLAPIENTRY
api_glRectf(GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2)
{
   rect(x1, y1, x2, y2);
}

void GLAPIENTRY
api_glRectfv(const GLfloat *v1, const GLfloat *v2)
{
   if (v1 && v2)
      rect(v1[0], v1[1], v2[0], v2[1]);
}

void GLAPIENTRY
api_glRectd(GLdouble x1, GLdouble y1, GLdouble x2, GLdouble y2)
{
   rect((float)x1, (float)y1, (float)x2, (float)y2);
}

void GLAPIENTRY
api_glRectdv(const GLdouble *v1, const GLdouble *v2)
{
   if (v1 && v2)
      rect((float)v1[0], (float)v1[1], (float)v2[0], (float)v2[1]);
}

/* --- glArrayElement --- */

void GLAPIENTRY
api_glArrayElement(GLint i)
{
   struct st_context *ctx = st_current();
   if (!ctx || i < 0)
      return;   /* GL 2.1 lists no error; a negative element reads nothing */
   /* GL_NV_primitive_restart: the restart index restarts the primitive */
   if (ctx->draw->primitive_restart && (GLuint)i == ctx->draw->restart_index) {
      if (ctx->inside_begin_end)
         st_primitive_restart(ctx);
      return;
   }
   st_array_element(ctx, (size_t)i);
}

/* --- the generated forms (every glVertex/glColor/glSecondaryColor/glNormal/
 * glTexCoord/glMultiTexCoord type and size) --- */

void GLAPIENTRY
api_glVertex2s(GLshort x, GLshort y)
{
   vtx((float)(x), (float)(y), 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2sv(const GLshort *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2i(GLint x, GLint y)
{
   vtx((float)(x), (float)(y), 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2iv(const GLint *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2f(GLfloat x, GLfloat y)
{
   vtx(x, y, 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2fv(const GLfloat *v)
{
   if (v)
      vtx(v[0], v[1], 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2d(GLdouble x, GLdouble y)
{
   vtx((float)(x), (float)(y), 0, 1.0f);
}

void GLAPIENTRY
api_glVertex2dv(const GLdouble *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), 0, 1.0f);
}

void GLAPIENTRY
api_glVertex3s(GLshort x, GLshort y, GLshort z)
{
   vtx((float)(x), (float)(y), (float)(z), 1.0f);
}

void GLAPIENTRY
api_glVertex3sv(const GLshort *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glVertex3i(GLint x, GLint y, GLint z)
{
   vtx((float)(x), (float)(y), (float)(z), 1.0f);
}

void GLAPIENTRY
api_glVertex3iv(const GLint *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glVertex3f(GLfloat x, GLfloat y, GLfloat z)
{
   vtx(x, y, z, 1.0f);
}

void GLAPIENTRY
api_glVertex3fv(const GLfloat *v)
{
   if (v)
      vtx(v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
api_glVertex3d(GLdouble x, GLdouble y, GLdouble z)
{
   vtx((float)(x), (float)(y), (float)(z), 1.0f);
}

void GLAPIENTRY
api_glVertex3dv(const GLdouble *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glVertex4s(GLshort x, GLshort y, GLshort z, GLshort w)
{
   vtx((float)(x), (float)(y), (float)(z), (float)(w));
}

void GLAPIENTRY
api_glVertex4sv(const GLshort *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glVertex4i(GLint x, GLint y, GLint z, GLint w)
{
   vtx((float)(x), (float)(y), (float)(z), (float)(w));
}

void GLAPIENTRY
api_glVertex4iv(const GLint *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glVertex4f(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   vtx(x, y, z, w);
}

void GLAPIENTRY
api_glVertex4fv(const GLfloat *v)
{
   if (v)
      vtx(v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glVertex4d(GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   vtx((float)(x), (float)(y), (float)(z), (float)(w));
}

void GLAPIENTRY
api_glVertex4dv(const GLdouble *v)
{
   if (v)
      vtx((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glColor3b(GLbyte red, GLbyte green, GLbyte blue)
{
   color(nb(red), nb(green), nb(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3bv(const GLbyte *v)
{
   if (v)
      color(nb(v[0]), nb(v[1]), nb(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3s(GLshort red, GLshort green, GLshort blue)
{
   color(ns(red), ns(green), ns(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3sv(const GLshort *v)
{
   if (v)
      color(ns(v[0]), ns(v[1]), ns(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3i(GLint red, GLint green, GLint blue)
{
   color(ni(red), ni(green), ni(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3iv(const GLint *v)
{
   if (v)
      color(ni(v[0]), ni(v[1]), ni(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3f(GLfloat red, GLfloat green, GLfloat blue)
{
   color((float)(red), (float)(green), (float)(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3fv(const GLfloat *v)
{
   if (v)
      color((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3d(GLdouble red, GLdouble green, GLdouble blue)
{
   color((float)(red), (float)(green), (float)(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3dv(const GLdouble *v)
{
   if (v)
      color((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3ub(GLubyte red, GLubyte green, GLubyte blue)
{
   color(nub(red), nub(green), nub(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3ubv(const GLubyte *v)
{
   if (v)
      color(nub(v[0]), nub(v[1]), nub(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3us(GLushort red, GLushort green, GLushort blue)
{
   color(nus(red), nus(green), nus(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3usv(const GLushort *v)
{
   if (v)
      color(nus(v[0]), nus(v[1]), nus(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor3ui(GLuint red, GLuint green, GLuint blue)
{
   color(nui(red), nui(green), nui(blue), 1.0f);
}

void GLAPIENTRY
api_glColor3uiv(const GLuint *v)
{
   if (v)
      color(nui(v[0]), nui(v[1]), nui(v[2]), 1.0f);
}

void GLAPIENTRY
api_glColor4b(GLbyte red, GLbyte green, GLbyte blue, GLbyte alpha)
{
   color(nb(red), nb(green), nb(blue), nb(alpha));
}

void GLAPIENTRY
api_glColor4bv(const GLbyte *v)
{
   if (v)
      color(nb(v[0]), nb(v[1]), nb(v[2]), nb(v[3]));
}

void GLAPIENTRY
api_glColor4s(GLshort red, GLshort green, GLshort blue, GLshort alpha)
{
   color(ns(red), ns(green), ns(blue), ns(alpha));
}

void GLAPIENTRY
api_glColor4sv(const GLshort *v)
{
   if (v)
      color(ns(v[0]), ns(v[1]), ns(v[2]), ns(v[3]));
}

void GLAPIENTRY
api_glColor4i(GLint red, GLint green, GLint blue, GLint alpha)
{
   color(ni(red), ni(green), ni(blue), ni(alpha));
}

void GLAPIENTRY
api_glColor4iv(const GLint *v)
{
   if (v)
      color(ni(v[0]), ni(v[1]), ni(v[2]), ni(v[3]));
}

void GLAPIENTRY
api_glColor4f(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   color((float)(red), (float)(green), (float)(blue), (float)(alpha));
}

void GLAPIENTRY
api_glColor4fv(const GLfloat *v)
{
   if (v)
      color((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glColor4d(GLdouble red, GLdouble green, GLdouble blue, GLdouble alpha)
{
   color((float)(red), (float)(green), (float)(blue), (float)(alpha));
}

void GLAPIENTRY
api_glColor4dv(const GLdouble *v)
{
   if (v)
      color((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glColor4ub(GLubyte red, GLubyte green, GLubyte blue, GLubyte alpha)
{
   color(nub(red), nub(green), nub(blue), nub(alpha));
}

void GLAPIENTRY
api_glColor4ubv(const GLubyte *v)
{
   if (v)
      color(nub(v[0]), nub(v[1]), nub(v[2]), nub(v[3]));
}

void GLAPIENTRY
api_glColor4us(GLushort red, GLushort green, GLushort blue, GLushort alpha)
{
   color(nus(red), nus(green), nus(blue), nus(alpha));
}

void GLAPIENTRY
api_glColor4usv(const GLushort *v)
{
   if (v)
      color(nus(v[0]), nus(v[1]), nus(v[2]), nus(v[3]));
}

void GLAPIENTRY
api_glColor4ui(GLuint red, GLuint green, GLuint blue, GLuint alpha)
{
   color(nui(red), nui(green), nui(blue), nui(alpha));
}

void GLAPIENTRY
api_glColor4uiv(const GLuint *v)
{
   if (v)
      color(nui(v[0]), nui(v[1]), nui(v[2]), nui(v[3]));
}

void GLAPIENTRY
api_glSecondaryColor3b(GLbyte red, GLbyte green, GLbyte blue)
{
   color1(nb(red), nb(green), nb(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3bv(const GLbyte *v)
{
   if (v)
      color1(nb(v[0]), nb(v[1]), nb(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3bEXT(GLbyte red, GLbyte green, GLbyte blue)
{
   color1(nb(red), nb(green), nb(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3bvEXT(const GLbyte *v)
{
   if (v)
      color1(nb(v[0]), nb(v[1]), nb(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3s(GLshort red, GLshort green, GLshort blue)
{
   color1(ns(red), ns(green), ns(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3sv(const GLshort *v)
{
   if (v)
      color1(ns(v[0]), ns(v[1]), ns(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3sEXT(GLshort red, GLshort green, GLshort blue)
{
   color1(ns(red), ns(green), ns(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3svEXT(const GLshort *v)
{
   if (v)
      color1(ns(v[0]), ns(v[1]), ns(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3i(GLint red, GLint green, GLint blue)
{
   color1(ni(red), ni(green), ni(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3iv(const GLint *v)
{
   if (v)
      color1(ni(v[0]), ni(v[1]), ni(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3iEXT(GLint red, GLint green, GLint blue)
{
   color1(ni(red), ni(green), ni(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3ivEXT(const GLint *v)
{
   if (v)
      color1(ni(v[0]), ni(v[1]), ni(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3f(GLfloat red, GLfloat green, GLfloat blue)
{
   color1((float)(red), (float)(green), (float)(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3fv(const GLfloat *v)
{
   if (v)
      color1((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3fEXT(GLfloat red, GLfloat green, GLfloat blue)
{
   color1((float)(red), (float)(green), (float)(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3fvEXT(const GLfloat *v)
{
   if (v)
      color1((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3d(GLdouble red, GLdouble green, GLdouble blue)
{
   color1((float)(red), (float)(green), (float)(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3dv(const GLdouble *v)
{
   if (v)
      color1((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3dEXT(GLdouble red, GLdouble green, GLdouble blue)
{
   color1((float)(red), (float)(green), (float)(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3dvEXT(const GLdouble *v)
{
   if (v)
      color1((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3ub(GLubyte red, GLubyte green, GLubyte blue)
{
   color1(nub(red), nub(green), nub(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3ubv(const GLubyte *v)
{
   if (v)
      color1(nub(v[0]), nub(v[1]), nub(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3ubEXT(GLubyte red, GLubyte green, GLubyte blue)
{
   color1(nub(red), nub(green), nub(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3ubvEXT(const GLubyte *v)
{
   if (v)
      color1(nub(v[0]), nub(v[1]), nub(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3us(GLushort red, GLushort green, GLushort blue)
{
   color1(nus(red), nus(green), nus(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3usv(const GLushort *v)
{
   if (v)
      color1(nus(v[0]), nus(v[1]), nus(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3usEXT(GLushort red, GLushort green, GLushort blue)
{
   color1(nus(red), nus(green), nus(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3usvEXT(const GLushort *v)
{
   if (v)
      color1(nus(v[0]), nus(v[1]), nus(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3ui(GLuint red, GLuint green, GLuint blue)
{
   color1(nui(red), nui(green), nui(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3uiv(const GLuint *v)
{
   if (v)
      color1(nui(v[0]), nui(v[1]), nui(v[2]), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3uiEXT(GLuint red, GLuint green, GLuint blue)
{
   color1(nui(red), nui(green), nui(blue), 1.0f);
}

void GLAPIENTRY
api_glSecondaryColor3uivEXT(const GLuint *v)
{
   if (v)
      color1(nui(v[0]), nui(v[1]), nui(v[2]), 1.0f);
}

void GLAPIENTRY
api_glNormal3b(GLbyte nx, GLbyte ny, GLbyte nz)
{
   normal(nb(nx), nb(ny), nb(nz), 0.0f);
}

void GLAPIENTRY
api_glNormal3bv(const GLbyte *v)
{
   if (v)
      normal(nb(v[0]), nb(v[1]), nb(v[2]), 0.0f);
}

void GLAPIENTRY
api_glNormal3s(GLshort nx, GLshort ny, GLshort nz)
{
   normal(ns(nx), ns(ny), ns(nz), 0.0f);
}

void GLAPIENTRY
api_glNormal3sv(const GLshort *v)
{
   if (v)
      normal(ns(v[0]), ns(v[1]), ns(v[2]), 0.0f);
}

void GLAPIENTRY
api_glNormal3i(GLint nx, GLint ny, GLint nz)
{
   normal(ni(nx), ni(ny), ni(nz), 0.0f);
}

void GLAPIENTRY
api_glNormal3iv(const GLint *v)
{
   if (v)
      normal(ni(v[0]), ni(v[1]), ni(v[2]), 0.0f);
}

void GLAPIENTRY
api_glNormal3f(GLfloat nx, GLfloat ny, GLfloat nz)
{
   normal((float)(nx), (float)(ny), (float)(nz), 0.0f);
}

void GLAPIENTRY
api_glNormal3fv(const GLfloat *v)
{
   if (v)
      normal((float)(v[0]), (float)(v[1]), (float)(v[2]), 0.0f);
}

void GLAPIENTRY
api_glNormal3d(GLdouble nx, GLdouble ny, GLdouble nz)
{
   normal((float)(nx), (float)(ny), (float)(nz), 0.0f);
}

void GLAPIENTRY
api_glNormal3dv(const GLdouble *v)
{
   if (v)
      normal((float)(v[0]), (float)(v[1]), (float)(v[2]), 0.0f);
}

void GLAPIENTRY
api_glTexCoord1s(GLshort s)
{
   texcoord((float)(s), 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1sv(const GLshort *v)
{
   if (v)
      texcoord((float)(v[0]), 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1i(GLint s)
{
   texcoord((float)(s), 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1iv(const GLint *v)
{
   if (v)
      texcoord((float)(v[0]), 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1f(GLfloat s)
{
   texcoord(s, 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1fv(const GLfloat *v)
{
   if (v)
      texcoord(v[0], 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1d(GLdouble s)
{
   texcoord((float)(s), 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord1dv(const GLdouble *v)
{
   if (v)
      texcoord((float)(v[0]), 0, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2s(GLshort s, GLshort t)
{
   texcoord((float)(s), (float)(t), 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2sv(const GLshort *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2i(GLint s, GLint t)
{
   texcoord((float)(s), (float)(t), 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2iv(const GLint *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2f(GLfloat s, GLfloat t)
{
   texcoord(s, t, 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2fv(const GLfloat *v)
{
   if (v)
      texcoord(v[0], v[1], 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2d(GLdouble s, GLdouble t)
{
   texcoord((float)(s), (float)(t), 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord2dv(const GLdouble *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), 0, 1.0f);
}

void GLAPIENTRY
api_glTexCoord3s(GLshort s, GLshort t, GLshort r)
{
   texcoord((float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glTexCoord3sv(const GLshort *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glTexCoord3i(GLint s, GLint t, GLint r)
{
   texcoord((float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glTexCoord3iv(const GLint *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glTexCoord3f(GLfloat s, GLfloat t, GLfloat r)
{
   texcoord(s, t, r, 1.0f);
}

void GLAPIENTRY
api_glTexCoord3fv(const GLfloat *v)
{
   if (v)
      texcoord(v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
api_glTexCoord3d(GLdouble s, GLdouble t, GLdouble r)
{
   texcoord((float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glTexCoord3dv(const GLdouble *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glTexCoord4s(GLshort s, GLshort t, GLshort r, GLshort q)
{
   texcoord((float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glTexCoord4sv(const GLshort *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glTexCoord4i(GLint s, GLint t, GLint r, GLint q)
{
   texcoord((float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glTexCoord4iv(const GLint *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glTexCoord4f(GLfloat s, GLfloat t, GLfloat r, GLfloat q)
{
   texcoord(s, t, r, q);
}

void GLAPIENTRY
api_glTexCoord4fv(const GLfloat *v)
{
   if (v)
      texcoord(v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glTexCoord4d(GLdouble s, GLdouble t, GLdouble r, GLdouble q)
{
   texcoord((float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glTexCoord4dv(const GLdouble *v)
{
   if (v)
      texcoord((float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glMultiTexCoord1s(GLenum target, GLshort s)
{
   multitex(target, (float)(s), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1sv(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1sARB(GLenum target, GLshort s)
{
   multitex(target, (float)(s), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1svARB(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1i(GLenum target, GLint s)
{
   multitex(target, (float)(s), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1iv(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1iARB(GLenum target, GLint s)
{
   multitex(target, (float)(s), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1ivARB(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1f(GLenum target, GLfloat s)
{
   multitex(target, s, 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1fv(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1fARB(GLenum target, GLfloat s)
{
   multitex(target, s, 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1fvARB(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1d(GLenum target, GLdouble s)
{
   multitex(target, (float)(s), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1dv(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1dARB(GLenum target, GLdouble s)
{
   multitex(target, (float)(s), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord1dvARB(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2s(GLenum target, GLshort s, GLshort t)
{
   multitex(target, (float)(s), (float)(t), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2sv(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2sARB(GLenum target, GLshort s, GLshort t)
{
   multitex(target, (float)(s), (float)(t), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2svARB(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2i(GLenum target, GLint s, GLint t)
{
   multitex(target, (float)(s), (float)(t), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2iv(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2iARB(GLenum target, GLint s, GLint t)
{
   multitex(target, (float)(s), (float)(t), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2ivARB(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2f(GLenum target, GLfloat s, GLfloat t)
{
   multitex(target, s, t, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2fv(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2fARB(GLenum target, GLfloat s, GLfloat t)
{
   multitex(target, s, t, 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2fvARB(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2d(GLenum target, GLdouble s, GLdouble t)
{
   multitex(target, (float)(s), (float)(t), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2dv(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2dARB(GLenum target, GLdouble s, GLdouble t)
{
   multitex(target, (float)(s), (float)(t), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord2dvARB(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), 0.0f, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3s(GLenum target, GLshort s, GLshort t, GLshort r)
{
   multitex(target, (float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3sv(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3sARB(GLenum target, GLshort s, GLshort t, GLshort r)
{
   multitex(target, (float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3svARB(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3i(GLenum target, GLint s, GLint t, GLint r)
{
   multitex(target, (float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3iv(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3iARB(GLenum target, GLint s, GLint t, GLint r)
{
   multitex(target, (float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3ivARB(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3f(GLenum target, GLfloat s, GLfloat t, GLfloat r)
{
   multitex(target, s, t, r, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3fv(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3fARB(GLenum target, GLfloat s, GLfloat t, GLfloat r)
{
   multitex(target, s, t, r, 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3fvARB(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3d(GLenum target, GLdouble s, GLdouble t, GLdouble r)
{
   multitex(target, (float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3dv(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3dARB(GLenum target, GLdouble s, GLdouble t, GLdouble r)
{
   multitex(target, (float)(s), (float)(t), (float)(r), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord3dvARB(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), 1.0f);
}

void GLAPIENTRY
api_glMultiTexCoord4s(GLenum target, GLshort s, GLshort t, GLshort r, GLshort q)
{
   multitex(target, (float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glMultiTexCoord4sv(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glMultiTexCoord4sARB(GLenum target, GLshort s, GLshort t, GLshort r, GLshort q)
{
   multitex(target, (float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glMultiTexCoord4svARB(GLenum target, const GLshort *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glMultiTexCoord4i(GLenum target, GLint s, GLint t, GLint r, GLint q)
{
   multitex(target, (float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glMultiTexCoord4iv(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glMultiTexCoord4iARB(GLenum target, GLint s, GLint t, GLint r, GLint q)
{
   multitex(target, (float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glMultiTexCoord4ivARB(GLenum target, const GLint *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glMultiTexCoord4f(GLenum target, GLfloat s, GLfloat t, GLfloat r, GLfloat q)
{
   multitex(target, s, t, r, q);
}

void GLAPIENTRY
api_glMultiTexCoord4fv(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glMultiTexCoord4fARB(GLenum target, GLfloat s, GLfloat t, GLfloat r, GLfloat q)
{
   multitex(target, s, t, r, q);
}

void GLAPIENTRY
api_glMultiTexCoord4fvARB(GLenum target, const GLfloat *v)
{
   if (v)
      multitex(target, v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
api_glMultiTexCoord4d(GLenum target, GLdouble s, GLdouble t, GLdouble r, GLdouble q)
{
   multitex(target, (float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glMultiTexCoord4dv(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

void GLAPIENTRY
api_glMultiTexCoord4dARB(GLenum target, GLdouble s, GLdouble t, GLdouble r, GLdouble q)
{
   multitex(target, (float)(s), (float)(t), (float)(r), (float)(q));
}

void GLAPIENTRY
api_glMultiTexCoord4dvARB(GLenum target, const GLdouble *v)
{
   if (v)
      multitex(target, (float)(v[0]), (float)(v[1]), (float)(v[2]), (float)(v[3]));
}

/* --- packed attributes (ARB_vertex_type_2_10_10_10_rev): type
 * GL_INT_2_10_10_10_REV or GL_UNSIGNED_INT_2_10_10_10_REV, else
 * GL_INVALID_ENUM; colours and normals normalized --- */

/* Unpack value for n components (the rest 0, 0, 0, 1); false after
 * raising GL_INVALID_ENUM for another type. */
static bool
unpack_packed(struct st_context *ctx, const char *where, GLenum type, GLuint value, unsigned n,
              bool norm, float out[4])
{
   if (type != GL_INT_2_10_10_10_REV && type != GL_UNSIGNED_INT_2_10_10_10_REV) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   float v[4];
   st_unpack_2101010(value, type == GL_INT_2_10_10_10_REV, norm, v);
   for (unsigned i = 0; i < 4; i++)
      out[i] = i < n ? v[i] : (i == 3 ? 1.0f : 0.0f);
   return true;
}

static void
packed_vertex(const char *where, GLenum type, GLuint value, unsigned n)
{
   struct st_context *ctx = st_current();
   float p[4];
   if (ctx && unpack_packed(ctx, where, type, value, n, false, p))
      st_immediate_vertex(ctx, p);
}

static void
packed_attr(const char *where, enum st_vattr a, GLenum type, GLuint value, unsigned n, bool norm)
{
   struct st_context *ctx = st_current();
   float v[4];
   if (ctx && unpack_packed(ctx, where, type, value, n, norm, v)) {
      if (a == ST_VATTR_NORMAL)
         v[3] = 0.0f;
      memcpy(ctx->draw->current[a], v, sizeof v);
      if (a == ST_VATTR_COLOR)
         st_color_material_track(ctx);   /* as glColor* */
   }
}

static void
packed_multitex(const char *where, GLenum texture, GLenum type, GLuint value, unsigned n)
{
   struct st_context *ctx = st_current();
   if (!ctx)
      return;
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + FF_MAX_TEXTURE_UNITS) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   packed_attr(where, (enum st_vattr)(ST_VATTR_TEX0 + (texture - GL_TEXTURE0)), type, value, n,
               false);
}

void GLAPIENTRY
api_glVertexP2ui(GLenum type, GLuint value)
{
   packed_vertex("glVertexP2ui", type, value, 2);
}

void GLAPIENTRY
api_glVertexP2uiv(GLenum type, const GLuint *value)
{
   if (value)
      packed_vertex("glVertexP2uiv", type, value[0], 2);
}

void GLAPIENTRY
api_glVertexP3ui(GLenum type, GLuint value)
{
   packed_vertex("glVertexP3ui", type, value, 3);
}

void GLAPIENTRY
api_glVertexP3uiv(GLenum type, const GLuint *value)
{
   if (value)
      packed_vertex("glVertexP3uiv", type, value[0], 3);
}

void GLAPIENTRY
api_glVertexP4ui(GLenum type, GLuint value)
{
   packed_vertex("glVertexP4ui", type, value, 4);
}

void GLAPIENTRY
api_glVertexP4uiv(GLenum type, const GLuint *value)
{
   if (value)
      packed_vertex("glVertexP4uiv", type, value[0], 4);
}

void GLAPIENTRY
api_glTexCoordP1ui(GLenum type, GLuint coords)
{
   packed_attr("glTexCoordP1ui", ST_VATTR_TEX0, type, coords, 1, false);
}

void GLAPIENTRY
api_glTexCoordP1uiv(GLenum type, const GLuint *coords)
{
   if (coords)
      packed_attr("glTexCoordP1uiv", ST_VATTR_TEX0, type, coords[0], 1, false);
}

void GLAPIENTRY
api_glMultiTexCoordP1ui(GLenum texture, GLenum type, GLuint coords)
{
   packed_multitex("glMultiTexCoordP1ui", texture, type, coords, 1);
}

void GLAPIENTRY
api_glMultiTexCoordP1uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   if (coords)
      packed_multitex("glMultiTexCoordP1uiv", texture, type, coords[0], 1);
}

void GLAPIENTRY
api_glTexCoordP2ui(GLenum type, GLuint coords)
{
   packed_attr("glTexCoordP2ui", ST_VATTR_TEX0, type, coords, 2, false);
}

void GLAPIENTRY
api_glTexCoordP2uiv(GLenum type, const GLuint *coords)
{
   if (coords)
      packed_attr("glTexCoordP2uiv", ST_VATTR_TEX0, type, coords[0], 2, false);
}

void GLAPIENTRY
api_glMultiTexCoordP2ui(GLenum texture, GLenum type, GLuint coords)
{
   packed_multitex("glMultiTexCoordP2ui", texture, type, coords, 2);
}

void GLAPIENTRY
api_glMultiTexCoordP2uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   if (coords)
      packed_multitex("glMultiTexCoordP2uiv", texture, type, coords[0], 2);
}

void GLAPIENTRY
api_glTexCoordP3ui(GLenum type, GLuint coords)
{
   packed_attr("glTexCoordP3ui", ST_VATTR_TEX0, type, coords, 3, false);
}

void GLAPIENTRY
api_glTexCoordP3uiv(GLenum type, const GLuint *coords)
{
   if (coords)
      packed_attr("glTexCoordP3uiv", ST_VATTR_TEX0, type, coords[0], 3, false);
}

void GLAPIENTRY
api_glMultiTexCoordP3ui(GLenum texture, GLenum type, GLuint coords)
{
   packed_multitex("glMultiTexCoordP3ui", texture, type, coords, 3);
}

void GLAPIENTRY
api_glMultiTexCoordP3uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   if (coords)
      packed_multitex("glMultiTexCoordP3uiv", texture, type, coords[0], 3);
}

void GLAPIENTRY
api_glTexCoordP4ui(GLenum type, GLuint coords)
{
   packed_attr("glTexCoordP4ui", ST_VATTR_TEX0, type, coords, 4, false);
}

void GLAPIENTRY
api_glTexCoordP4uiv(GLenum type, const GLuint *coords)
{
   if (coords)
      packed_attr("glTexCoordP4uiv", ST_VATTR_TEX0, type, coords[0], 4, false);
}

void GLAPIENTRY
api_glMultiTexCoordP4ui(GLenum texture, GLenum type, GLuint coords)
{
   packed_multitex("glMultiTexCoordP4ui", texture, type, coords, 4);
}

void GLAPIENTRY
api_glMultiTexCoordP4uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   if (coords)
      packed_multitex("glMultiTexCoordP4uiv", texture, type, coords[0], 4);
}

void GLAPIENTRY
api_glNormalP3ui(GLenum type, GLuint coords)
{
   packed_attr("glNormalP3ui", ST_VATTR_NORMAL, type, coords, 3, true);
}

void GLAPIENTRY
api_glNormalP3uiv(GLenum type, const GLuint *coords)
{
   if (coords)
      packed_attr("glNormalP3uiv", ST_VATTR_NORMAL, type, coords[0], 3, true);
}

void GLAPIENTRY
api_glColorP3ui(GLenum type, GLuint color)
{
   packed_attr("glColorP3ui", ST_VATTR_COLOR, type, color, 3, true);
}

void GLAPIENTRY
api_glColorP3uiv(GLenum type, const GLuint *color)
{
   if (color)
      packed_attr("glColorP3uiv", ST_VATTR_COLOR, type, color[0], 3, true);
}

void GLAPIENTRY
api_glColorP4ui(GLenum type, GLuint color)
{
   packed_attr("glColorP4ui", ST_VATTR_COLOR, type, color, 4, true);
}

void GLAPIENTRY
api_glColorP4uiv(GLenum type, const GLuint *color)
{
   if (color)
      packed_attr("glColorP4uiv", ST_VATTR_COLOR, type, color[0], 4, true);
}

void GLAPIENTRY
api_glSecondaryColorP3ui(GLenum type, GLuint color)
{
   packed_attr("glSecondaryColorP3ui", ST_VATTR_COLOR1, type, color, 3, true);
}

void GLAPIENTRY
api_glSecondaryColorP3uiv(GLenum type, const GLuint *color)
{
   if (color)
      packed_attr("glSecondaryColorP3uiv", ST_VATTR_COLOR1, type, color[0], 3, true);
}

/* GL_EXT_vertex_array's name (api_draw.c has the rest of its commands) */
void GLAPIENTRY
api_glArrayElementEXT(GLint i)
{
   api_glArrayElement(i);
}
