/*
 * OpenGL ES 1.1 commands that desktop GL lacks: the fixed-point ("x")
 * forms and the single-precision glOrthof/glFrustumf/glClipPlanef/
 * glGetClipPlanef.  Each converts its arguments (GLfixed is s15.16) and
 * calls the desktop implementation through st_dispatch_entries, so
 * errors and state are exactly those of the float or integer form.
 * Parameters that name an enum (GL_FOG_MODE, GL_TEXTURE_ENV_MODE,
 * GL_TEXTURE_MIN_FILTER, ...) are passed unconverted, as ES 1.1 says.
 */
#include <string.h>

#include "api.h"
#include "st_dispatch.h"

static float
fx(GLfixed x)
{
   return (float)x / 65536.0f;
}

static GLfixed
tofx(float f)
{
   double v = (double)f * 65536.0;
   if (v >= 2147483647.0)
      return 2147483647;
   if (v <= -2147483648.0)
      return (GLfixed)(-2147483647 - 1);
   return (GLfixed)(v < 0 ? v - 0.5 : v + 0.5);
}

/* The desktop implementation of a command (the stub if it has none). */
static st_proc
impl(const char *name)
{
   int i = st_dispatch_find(name);
   return i >= 0 ? st_dispatch_entries[i].impl : NULL;
}

#define CALL(name, type, ...)                  \
   do {                                        \
      type fn_ = (type)impl(name);             \
      if (fn_)                                 \
         fn_(__VA_ARGS__);                     \
   } while (0)

typedef void (GLAPIENTRY *pf1)(GLfloat);
typedef void (GLAPIENTRY *pf2)(GLfloat, GLfloat);
typedef void (GLAPIENTRY *pf3)(GLfloat, GLfloat, GLfloat);
typedef void (GLAPIENTRY *pf4)(GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (GLAPIENTRY *pd1)(GLdouble);
typedef void (GLAPIENTRY *pd2)(GLdouble, GLdouble);
typedef void (GLAPIENTRY *pd6)(GLdouble, GLdouble, GLdouble, GLdouble, GLdouble, GLdouble);
typedef void (GLAPIENTRY *pef)(GLenum, GLfloat);
typedef void (GLAPIENTRY *pei)(GLenum, GLint);
typedef void (GLAPIENTRY *pefv)(GLenum, const GLfloat *);
typedef void (GLAPIENTRY *peef)(GLenum, GLenum, GLfloat);
typedef void (GLAPIENTRY *peei)(GLenum, GLenum, GLint);
typedef void (GLAPIENTRY *peefv)(GLenum, GLenum, const GLfloat *);
typedef void (GLAPIENTRY *peegfv)(GLenum, GLenum, GLfloat *);
typedef void (GLAPIENTRY *pedv)(GLenum, const GLdouble *);
typedef void (GLAPIENTRY *pegdv)(GLenum, GLdouble *);
typedef void (GLAPIENTRY *pfv)(const GLfloat *);
typedef void (GLAPIENTRY *pef4)(GLenum, GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (GLAPIENTRY *pfb)(GLfloat, GLboolean);

/* Enum-valued parameters, passed without conversion. */
static bool
is_enum_pname(GLenum pname)
{
   switch (pname) {
   case GL_FOG_MODE:
   case GL_TEXTURE_ENV_MODE:
   case GL_COMBINE_RGB: case GL_COMBINE_ALPHA:
   case GL_SRC0_RGB: case GL_SRC1_RGB: case GL_SRC2_RGB:
   case GL_SRC0_ALPHA: case GL_SRC1_ALPHA: case GL_SRC2_ALPHA:
   case GL_OPERAND0_RGB: case GL_OPERAND1_RGB: case GL_OPERAND2_RGB:
   case GL_OPERAND0_ALPHA: case GL_OPERAND1_ALPHA: case GL_OPERAND2_ALPHA:
   case GL_TEXTURE_MIN_FILTER: case GL_TEXTURE_MAG_FILTER:
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
   case GL_GENERATE_MIPMAP:
   case GL_COORD_REPLACE:
   case GL_LIGHT_MODEL_TWO_SIDE:
      return true;
   default:
      return false;
   }
}

/* Number of values of the vector forms (0: unknown pname, let the float
 * form raise the error with one value). */
static unsigned
pname_count(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT: case GL_DIFFUSE: case GL_SPECULAR: case GL_POSITION:
   case GL_EMISSION: case GL_AMBIENT_AND_DIFFUSE:
   case GL_FOG_COLOR: case GL_LIGHT_MODEL_AMBIENT: case GL_TEXTURE_ENV_COLOR:
   case GL_TEXTURE_BORDER_COLOR:
      return 4;
   case GL_SPOT_DIRECTION: case GL_POINT_DISTANCE_ATTENUATION:
      return 3;
   default:
      return 1;
   }
}

void GLAPIENTRY
api_glAlphaFuncx(GLenum func, GLfixed ref)
{
   CALL("glAlphaFunc", pef, func, fx(ref));
}

void GLAPIENTRY
api_glClearColorx(GLfixed r, GLfixed g, GLfixed b, GLfixed a)
{
   CALL("glClearColor", pf4, fx(r), fx(g), fx(b), fx(a));
}

void GLAPIENTRY
api_glClearDepthx(GLfixed depth)
{
   CALL("glClearDepth", pd1, fx(depth));
}

void GLAPIENTRY
api_glDepthRangex(GLfixed n, GLfixed f)
{
   CALL("glDepthRange", pd2, fx(n), fx(f));
}

void GLAPIENTRY
api_glClipPlanef(GLenum plane, const GLfloat *eq)
{
   GLdouble d[4] = { 0, 0, 0, 0 };
   if (eq)
      for (int i = 0; i < 4; i++)
         d[i] = eq[i];
   CALL("glClipPlane", pedv, plane, eq ? d : NULL);
}

void GLAPIENTRY
api_glClipPlanex(GLenum plane, const GLfixed *eq)
{
   GLdouble d[4] = { 0, 0, 0, 0 };
   if (eq)
      for (int i = 0; i < 4; i++)
         d[i] = fx(eq[i]);
   CALL("glClipPlane", pedv, plane, eq ? d : NULL);
}

void GLAPIENTRY
api_glGetClipPlanef(GLenum plane, GLfloat *eq)
{
   GLdouble d[4] = { 0, 0, 0, 0 };
   ST_ENTRY(ctx);
   GLenum before = ctx->error;
   CALL("glGetClipPlane", pegdv, plane, d);
   if (eq && ctx->error == before)
      for (int i = 0; i < 4; i++)
         eq[i] = (GLfloat)d[i];
}

void GLAPIENTRY
api_glGetClipPlanex(GLenum plane, GLfixed *eq)
{
   GLdouble d[4] = { 0, 0, 0, 0 };
   ST_ENTRY(ctx);
   GLenum before = ctx->error;
   CALL("glGetClipPlane", pegdv, plane, d);
   if (eq && ctx->error == before)
      for (int i = 0; i < 4; i++)
         eq[i] = tofx((float)d[i]);
}

void GLAPIENTRY
api_glColor4x(GLfixed r, GLfixed g, GLfixed b, GLfixed a)
{
   CALL("glColor4f", pf4, fx(r), fx(g), fx(b), fx(a));
}

void GLAPIENTRY
api_glNormal3x(GLfixed x, GLfixed y, GLfixed z)
{
   CALL("glNormal3f", pf3, fx(x), fx(y), fx(z));
}

void GLAPIENTRY
api_glMultiTexCoord4x(GLenum unit, GLfixed s, GLfixed t, GLfixed r, GLfixed q)
{
   CALL("glMultiTexCoord4f", pef4, unit, fx(s), fx(t), fx(r), fx(q));
}

static void
scalar(const char *fname, const char *iname, GLenum pname, GLfixed v)
{
   if (is_enum_pname(pname))
      CALL(iname, pei, pname, v);
   else
      CALL(fname, pef, pname, fx(v));
}

static void
vector(const char *fname, const char *iname, GLenum pname, const GLfixed *v)
{
   if (v && is_enum_pname(pname)) {
      CALL(iname, pei, pname, v[0]);
      return;
   }
   GLfloat f[4] = { 0, 0, 0, 0 };
   if (v)
      for (unsigned i = 0; i < pname_count(pname); i++)
         f[i] = fx(v[i]);
   CALL(fname, pefv, pname, v ? f : NULL);
}

void GLAPIENTRY
api_glFogx(GLenum pname, GLfixed param)
{
   scalar("glFogf", "glFogi", pname, param);
}

void GLAPIENTRY
api_glFogxv(GLenum pname, const GLfixed *params)
{
   vector("glFogfv", "glFogi", pname, params);
}

void GLAPIENTRY
api_glLightModelx(GLenum pname, GLfixed param)
{
   scalar("glLightModelf", "glLightModeli", pname, param);
}

void GLAPIENTRY
api_glLightModelxv(GLenum pname, const GLfixed *params)
{
   vector("glLightModelfv", "glLightModeli", pname, params);
}

void GLAPIENTRY
api_glLightx(GLenum light, GLenum pname, GLfixed param)
{
   CALL("glLightf", peef, light, pname, fx(param));
}

void GLAPIENTRY
api_glLightxv(GLenum light, GLenum pname, const GLfixed *params)
{
   GLfloat f[4] = { 0, 0, 0, 0 };
   if (params)
      for (unsigned i = 0; i < pname_count(pname); i++)
         f[i] = fx(params[i]);
   CALL("glLightfv", peefv, light, pname, params ? f : NULL);
}

void GLAPIENTRY
api_glMaterialx(GLenum face, GLenum pname, GLfixed param)
{
   CALL("glMaterialf", peef, face, pname, fx(param));
}

void GLAPIENTRY
api_glMaterialxv(GLenum face, GLenum pname, const GLfixed *params)
{
   GLfloat f[4] = { 0, 0, 0, 0 };
   if (params)
      for (unsigned i = 0; i < pname_count(pname); i++)
         f[i] = fx(params[i]);
   CALL("glMaterialfv", peefv, face, pname, params ? f : NULL);
}

static void
get_vector(const char *fname, GLenum a, GLenum pname, GLfixed *out)
{
   ST_ENTRY(ctx);
   GLfloat f[16];
   memset(f, 0, sizeof f);
   GLenum before = ctx->error;
   CALL(fname, peegfv, a, pname, f);
   if (!out || ctx->error != before)
      return;
   unsigned n = pname_count(pname);
   for (unsigned i = 0; i < n; i++)
      out[i] = is_enum_pname(pname) ? (GLfixed)f[i] : tofx(f[i]);
}

void GLAPIENTRY
api_glGetLightxv(GLenum light, GLenum pname, GLfixed *params)
{
   get_vector("glGetLightfv", light, pname, params);
}

void GLAPIENTRY
api_glGetMaterialxv(GLenum face, GLenum pname, GLfixed *params)
{
   get_vector("glGetMaterialfv", face, pname, params);
}

void GLAPIENTRY
api_glGetTexEnvxv(GLenum target, GLenum pname, GLfixed *params)
{
   get_vector("glGetTexEnvfv", target, pname, params);
}

void GLAPIENTRY
api_glGetTexParameterxv(GLenum target, GLenum pname, GLfixed *params)
{
   get_vector("glGetTexParameterfv", target, pname, params);
}

void GLAPIENTRY
api_glTexEnvx(GLenum target, GLenum pname, GLfixed param)
{
   if (is_enum_pname(pname))
      CALL("glTexEnvi", peei, target, pname, param);
   else
      CALL("glTexEnvf", peef, target, pname, fx(param));
}

void GLAPIENTRY
api_glTexEnvxv(GLenum target, GLenum pname, const GLfixed *params)
{
   if (params && is_enum_pname(pname)) {
      CALL("glTexEnvi", peei, target, pname, params[0]);
      return;
   }
   GLfloat f[4] = { 0, 0, 0, 0 };
   if (params)
      for (unsigned i = 0; i < pname_count(pname); i++)
         f[i] = fx(params[i]);
   CALL("glTexEnvfv", peefv, target, pname, params ? f : NULL);
}

void GLAPIENTRY
api_glTexParameterx(GLenum target, GLenum pname, GLfixed param)
{
   if (is_enum_pname(pname))
      CALL("glTexParameteri", peei, target, pname, param);
   else
      CALL("glTexParameterf", peef, target, pname, fx(param));
}

void GLAPIENTRY
api_glTexParameterxv(GLenum target, GLenum pname, const GLfixed *params)
{
   if (params && is_enum_pname(pname)) {
      CALL("glTexParameteri", peei, target, pname, params[0]);
      return;
   }
   GLfloat f[4] = { 0, 0, 0, 0 };
   if (params)
      for (unsigned i = 0; i < pname_count(pname); i++)
         f[i] = fx(params[i]);
   CALL("glTexParameterfv", peefv, target, pname, params ? f : NULL);
}

void GLAPIENTRY
api_glLineWidthx(GLfixed width)
{
   CALL("glLineWidth", pf1, fx(width));
}

void GLAPIENTRY
api_glPointSizex(GLfixed size)
{
   CALL("glPointSize", pf1, fx(size));
}

void GLAPIENTRY
api_glPointParameterx(GLenum pname, GLfixed param)
{
   CALL("glPointParameterf", pef, pname, fx(param));
}

void GLAPIENTRY
api_glPointParameterxv(GLenum pname, const GLfixed *params)
{
   GLfloat f[4] = { 0, 0, 0, 0 };
   if (params)
      for (unsigned i = 0; i < pname_count(pname); i++)
         f[i] = fx(params[i]);
   CALL("glPointParameterfv", pefv, pname, params ? f : NULL);
}

void GLAPIENTRY
api_glPolygonOffsetx(GLfixed factor, GLfixed units)
{
   CALL("glPolygonOffset", pf2, fx(factor), fx(units));
}

void GLAPIENTRY
api_glSampleCoveragex(GLclampx value, GLboolean invert)
{
   CALL("glSampleCoverage", pfb, fx(value), invert);
}

void GLAPIENTRY
api_glLoadMatrixx(const GLfixed *m)
{
   GLfloat f[16];
   if (m)
      for (int i = 0; i < 16; i++)
         f[i] = fx(m[i]);
   CALL("glLoadMatrixf", pfv, m ? f : NULL);
}

void GLAPIENTRY
api_glMultMatrixx(const GLfixed *m)
{
   GLfloat f[16];
   if (m)
      for (int i = 0; i < 16; i++)
         f[i] = fx(m[i]);
   CALL("glMultMatrixf", pfv, m ? f : NULL);
}

void GLAPIENTRY
api_glRotatex(GLfixed angle, GLfixed x, GLfixed y, GLfixed z)
{
   CALL("glRotatef", pf4, fx(angle), fx(x), fx(y), fx(z));
}

void GLAPIENTRY
api_glScalex(GLfixed x, GLfixed y, GLfixed z)
{
   CALL("glScalef", pf3, fx(x), fx(y), fx(z));
}

void GLAPIENTRY
api_glTranslatex(GLfixed x, GLfixed y, GLfixed z)
{
   CALL("glTranslatef", pf3, fx(x), fx(y), fx(z));
}

void GLAPIENTRY
api_glOrthof(GLfloat l, GLfloat r, GLfloat b, GLfloat t, GLfloat n, GLfloat f)
{
   CALL("glOrtho", pd6, l, r, b, t, n, f);
}

void GLAPIENTRY
api_glOrthox(GLfixed l, GLfixed r, GLfixed b, GLfixed t, GLfixed n, GLfixed f)
{
   CALL("glOrtho", pd6, fx(l), fx(r), fx(b), fx(t), fx(n), fx(f));
}

void GLAPIENTRY
api_glFrustumf(GLfloat l, GLfloat r, GLfloat b, GLfloat t, GLfloat n, GLfloat f)
{
   CALL("glFrustum", pd6, l, r, b, t, n, f);
}

void GLAPIENTRY
api_glFrustumx(GLfixed l, GLfixed r, GLfixed b, GLfixed t, GLfixed n, GLfixed f)
{
   CALL("glFrustum", pd6, fx(l), fx(r), fx(b), fx(t), fx(n), fx(f));
}
