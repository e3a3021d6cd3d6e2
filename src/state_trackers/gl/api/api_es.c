/*
 * OpenGL ES 1.1 commands that desktop GL lacks: the fixed-point ("x")
 * forms and the single-precision glOrthof/glFrustumf/glClipPlanef/
 * glGetClipPlanef.  Each converts its arguments (GLfixed is s15.16) and
 * calls the desktop implementation through st_dispatch_entries, so
 * errors and state are exactly those of the float or integer form.
 * Parameters that name an enum (GL_FOG_MODE, GL_TEXTURE_ENV_MODE,
 * GL_TEXTURE_MIN_FILTER, ...) are passed unconverted, as ES 1.1 says.
 */
#include <stdlib.h>
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
   if (v != v)   /* NaN (e.g. a light position through an inf/NaN matrix): no
                  * conversion of it is defined; 0 */
      return 0;
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

/* --- OpenGL ES 1.1 rules on shared entry points --------------------------- */

bool
st_es1_cap_ok(GLenum cap)
{
   if (cap >= GL_CLIP_PLANE0 && cap < GL_CLIP_PLANE0 + 6)
      return true;
   if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + 8)
      return true;
   switch (cap) {
   case GL_ALPHA_TEST: case GL_BLEND: case GL_COLOR_LOGIC_OP: case GL_COLOR_MATERIAL:
   case GL_CULL_FACE: case GL_DEPTH_TEST: case GL_DITHER: case GL_FOG: case GL_LIGHTING:
   case GL_LINE_SMOOTH: case GL_MULTISAMPLE: case GL_NORMALIZE: case GL_POINT_SMOOTH:
   case GL_POLYGON_OFFSET_FILL: case GL_RESCALE_NORMAL: case GL_SAMPLE_ALPHA_TO_COVERAGE:
   case GL_SAMPLE_ALPHA_TO_ONE: case GL_SAMPLE_COVERAGE: case GL_SCISSOR_TEST:
   case GL_STENCIL_TEST: case GL_TEXTURE_2D:
   case GL_POINT_SPRITE:   /* GL_OES_point_sprite */
   /* client state (glIsEnabled, glEnableClientState) */
   case GL_VERTEX_ARRAY: case GL_NORMAL_ARRAY: case GL_COLOR_ARRAY:
   case GL_TEXTURE_COORD_ARRAY:
      return true;
   default:
      return false;
   }
}

/*
 * OpenGL ES 1.1 3.7.1: glTexImage2D / glCopyTexImage2D take only
 * TEXTURE_2D, the five unsized base formats, border 0; glTexImage2D also
 * needs format == internalformat and a type matching it.  Raises the
 * error and returns false when the call breaks one of these rules.
 */
bool
st_es1_teximage_ok(struct st_context *ctx, GLenum target, GLint internalformat,
                   GLint border, GLenum format, GLenum type, bool copy, const char *where)
{
   if (target != GL_TEXTURE_2D) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   switch (internalformat) {
   case GL_ALPHA: case GL_RGB: case GL_RGBA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
      break;
   default:
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   if (border != 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   if (copy)
      return true;
   switch (format) {
   case GL_ALPHA: case GL_RGB: case GL_RGBA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   switch (type) {
   case GL_UNSIGNED_BYTE:
      break;
   case GL_UNSIGNED_SHORT_5_6_5:
      if (format != GL_RGB) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
      break;
   case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_5_5_5_1:
      if (format != GL_RGBA) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return false;
      }
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   if ((GLenum)internalformat != format) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

/* --- OES_compressed_paletted_texture (required by ES 1.1) ----------------- */

struct palette_format {
   GLenum format;            /* PALETTEn_* */
   unsigned index_bits;      /* 4 or 8 */
   unsigned entry_bytes;     /* palette entry size */
   bool alpha;               /* decodes to RGBA (else RGB) */
};

static const struct palette_format palette_formats[] = {
   { GL_PALETTE4_RGB8_OES, 4, 3, false },     { GL_PALETTE4_RGBA8_OES, 4, 4, true },
   { GL_PALETTE4_R5_G6_B5_OES, 4, 2, false }, { GL_PALETTE4_RGBA4_OES, 4, 2, true },
   { GL_PALETTE4_RGB5_A1_OES, 4, 2, true },   { GL_PALETTE8_RGB8_OES, 8, 3, false },
   { GL_PALETTE8_RGBA8_OES, 8, 4, true },     { GL_PALETTE8_R5_G6_B5_OES, 8, 2, false },
   { GL_PALETTE8_RGBA4_OES, 8, 2, true },     { GL_PALETTE8_RGB5_A1_OES, 8, 2, true },
};

static uint8_t
expand(unsigned v, unsigned bits)
{
   unsigned max = (1u << bits) - 1;
   return (uint8_t)((v * 255 + max / 2) / max);
}

/* One palette entry as RGBA8. */
static void
palette_entry(const struct palette_format *f, const uint8_t *p, uint8_t out[4])
{
   unsigned v = p[0] | (f->entry_bytes > 1 ? (unsigned)p[1] << 8 : 0);
   switch (f->format) {
   case GL_PALETTE4_RGB8_OES: case GL_PALETTE8_RGB8_OES:
      out[0] = p[0]; out[1] = p[1]; out[2] = p[2]; out[3] = 255;
      break;
   case GL_PALETTE4_RGBA8_OES: case GL_PALETTE8_RGBA8_OES:
      out[0] = p[0]; out[1] = p[1]; out[2] = p[2]; out[3] = p[3];
      break;
   case GL_PALETTE4_R5_G6_B5_OES: case GL_PALETTE8_R5_G6_B5_OES:   /* UNSIGNED_SHORT_5_6_5 */
      out[0] = expand(v >> 11, 5); out[1] = expand((v >> 5) & 63, 6);
      out[2] = expand(v & 31, 5); out[3] = 255;
      break;
   case GL_PALETTE4_RGBA4_OES: case GL_PALETTE8_RGBA4_OES:         /* UNSIGNED_SHORT_4_4_4_4 */
      out[0] = expand(v >> 12, 4); out[1] = expand((v >> 8) & 15, 4);
      out[2] = expand((v >> 4) & 15, 4); out[3] = expand(v & 15, 4);
      break;
   default:                                                         /* UNSIGNED_SHORT_5_5_5_1 */
      out[0] = expand(v >> 11, 5); out[1] = expand((v >> 6) & 31, 5);
      out[2] = expand((v >> 1) & 31, 5); out[3] = (v & 1) ? 255 : 0;
      break;
   }
}

/* Pixels of mipmap level l of a width x height image (no texels if either
 * is 0); the same sizes bound the data and drive the decoding. */
static size_t
palette_level_pixels(GLsizei width, GLsizei height, int l)
{
   if (width <= 0 || height <= 0)
      return 0;
   size_t w = (size_t)(width >> l ? width >> l : 1), h = (size_t)(height >> l ? height >> l : 1);
   return w * h;
}

/* Bytes of one level's indices: 4-bit indices pack two to a byte, high
 * nibble first, and each level starts on a byte. */
static size_t
palette_level_bytes(const struct palette_format *f, size_t pixels)
{
   return (pixels * f->index_bits + 7) / 8;
}

typedef void (GLAPIENTRY *pteximage2d)(GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum,
                                       GLenum, const void *);

void
st_es1_paletted_teximage(struct st_context *ctx, GLenum target, GLint level,
                         GLenum internalformat, GLsizei width, GLsizei height, GLint border,
                         GLsizei image_size, const void *data)
{
   const char *where = "glCompressedTexImage2D";
   const struct palette_format *f = NULL;
   for (unsigned i = 0; i < sizeof palette_formats / sizeof palette_formats[0]; i++)
      if (palette_formats[i].format == internalformat)
         f = &palette_formats[i];
   if (target != GL_TEXTURE_2D || !f) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   /* level <= 0: -level further mipmap levels follow level 0.  Compared
    * as level < -max_level: -level overflows for INT_MIN. */
   int max_level = 0;
   for (int s = width > height ? width : height; s > 1; s >>= 1)
      max_level++;
   if (level > 0 || level < -max_level || width < 0 || height < 0 || border != 0 ||
       width > ctx->caps.max_texture_size || height > ctx->caps.max_texture_size ||
       image_size < 0) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   /* imageSize must be what the palette and every level's indices take
    * (an imageSize "not consistent with the format, dimensions and
    * contents" is GL_INVALID_VALUE, ES 1.1 section 3.8.3; Mesa is as
    * strict); nothing is read before this check, and nothing past
    * imageSize after it.  Sizes are at most max_texture_size squared: no
    * overflow. */
   unsigned entries = 1u << f->index_bits;
   size_t need = (size_t)entries * f->entry_bytes;
   for (int l = 0; l <= -level; l++)
      need += palette_level_bytes(f, palette_level_pixels(width, height, l));
   if ((size_t)image_size != need || !data) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   uint8_t palette[256][4];
   const uint8_t *src = data, *end = src + need;
   for (unsigned i = 0; i < entries; i++)
      palette_entry(f, src + (size_t)i * f->entry_bytes, palette[i]);
   src += (size_t)entries * f->entry_bytes;

   pteximage2d teximage = (pteximage2d)impl("glTexImage2D");
   uint8_t *rgba = malloc((size_t)(width ? width : 1) * (height ? height : 1) * 4);
   if (!rgba || !teximage) {
      free(rgba);
      st_error(ctx, GL_OUT_OF_MEMORY, where);
      return;
   }
   /* decode with a plain unpack state, then restore the application's */
   struct st_pixelstore saved = ctx->pixelstore.unpack;
   memset(&ctx->pixelstore.unpack, 0, sizeof ctx->pixelstore.unpack);
   ctx->pixelstore.unpack.alignment = 1;
   GLenum fmt = f->alpha ? GL_RGBA : GL_RGB;
   for (int l = 0; l <= -level; l++) {
      size_t w = (size_t)(width >> l ? width >> l : 1), h = (size_t)(height >> l ? height >> l : 1);
      if (!width || !height)
         w = h = 0;
      size_t bytes = palette_level_bytes(f, w * h);
      if (bytes > (size_t)(end - src))
         break;   /* cannot happen after the check above; never read past it */
      for (size_t t = 0; t < w * h; t++) {
         unsigned idx = f->index_bits == 8 ? src[t]
                        : (t & 1) ? (src[t / 2] & 15u) : (unsigned)(src[t / 2] >> 4);
         if (f->alpha)
            memcpy(rgba + t * 4, palette[idx], 4);
         else
            memcpy(rgba + t * 3, palette[idx], 3);
      }
      teximage(GL_TEXTURE_2D, l, (GLint)fmt, (GLsizei)w, (GLsizei)h, 0, fmt, GL_UNSIGNED_BYTE,
               rgba);
      src += bytes;
   }
   ctx->pixelstore.unpack = saved;
   free(rgba);
}
