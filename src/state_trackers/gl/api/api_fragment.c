/*
 * Per-fragment and rasterization state: stencil function/operation (one-
 * and two-sided), alpha test, logic op, separate blend functions and
 * equations, blend colour, polygon offset, line width and stipple, polygon
 * stipple, point size and parameters, sample coverage; their glGet values
 * (st_frag_get) and their part of glPopAttrib (st_frag_pop).
 *
 * Values are stored as given (after the clamps GL 2.1 specifies at set
 * time); the stencil reference is clamped to the stencil buffer's range
 * when queried and when used (section 4.1.5).
 */
#include <math.h>
#include <string.h>

#include "api.h"
#include "pipe/p_screen.h"
#include "st_clamp.h"
#include "st_draw.h"
#include "st_fbo.h"
#include "st_frag.h"
#include "st_pixel_unpack.h"

static float
clamp01(float f)
{
   return f != f ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}

void
st_frag_init_defaults(struct st_frag_vals *f)
{
   memset(f, 0, sizeof *f);
   for (unsigned i = 0; i < 2; i++) {
      f->stencil[i].func = GL_ALWAYS;
      f->stencil[i].ref = 0;
      f->stencil[i].value_mask = ~0u;
      f->stencil[i].fail = f->stencil[i].zfail = f->stencil[i].zpass = GL_KEEP;
   }
   f->alpha_func = GL_ALWAYS;
   f->alpha_ref = 0.0f;
   f->logic_op = GL_COPY;
   for (unsigned i = 0; i < 32; i++)
      f->poly_stipple[i] = ~0u;
   f->line_width = 1.0f;
   f->line_stipple_repeat = 1;
   f->line_stipple_pattern = 0xffff;
   f->point_size = 1.0f;
   f->point_min = 0.0f;
   f->point_max = 1.0f;              /* set to the implementation maximum at creation */
   f->point_fade = 1.0f;
   f->point_atten[0] = 1.0f;
   f->point_sprite_origin = GL_UPPER_LEFT;
   f->sample_coverage_value = 1.0f;
   f->sample_coverage_invert = GL_FALSE;
   f->sample_mask_value = ~0u;
}

/* --- limits ----------------------------------------------------------------- */

static void
line_range(const struct st_context *ctx, float r[2], float *gran)
{
   const struct pipe_caps *c = &ctx->screen->caps;
   r[0] = c->min_line_width > 0.0f ? c->min_line_width : 1.0f;
   r[1] = c->max_line_width > r[0] ? c->max_line_width : r[0];
   *gran = c->line_width_granularity;
}

static void
point_range(const struct st_context *ctx, float r[2], float *gran)
{
   const struct pipe_caps *c = &ctx->screen->caps;
   r[0] = c->min_point_size > 0.0f ? c->min_point_size : 1.0f;
   r[1] = c->max_point_size > r[0] ? c->max_point_size : r[0];
   *gran = c->point_size_granularity;
}

float
st_frag_max_point_size(const struct st_context *ctx)
{
   float r[2], g;
   point_range(ctx, r, &g);
   return r[1];
}

static GLint
stencil_bits(struct st_context *ctx)
{
   GLint rgba[4], depth, stencil;
   st_fb_draw_bits(ctx, rgba, &depth, &stencil);
   return stencil;
}

GLint
st_frag_stencil_ref(struct st_context *ctx, unsigned face)
{
   GLint bits = stencil_bits(ctx);
   GLint ref = ctx->draw->frag.stencil[face].ref;
   GLint max = bits >= 31 ? 0x7fffffff : (1 << bits) - 1;
   return ref < 0 ? 0 : ref > max ? max : ref;
}

/* --- stencil ---------------------------------------------------------------- */

static bool
valid_func(GLenum f)
{
   return f >= GL_NEVER && f <= GL_ALWAYS;
}

static bool
valid_stencil_op(GLenum op)
{
   switch (op) {
   case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR:
   case GL_INVERT: case GL_INCR_WRAP: case GL_DECR_WRAP:
      return true;
   default:
      return false;
   }
}

static bool
valid_face(GLenum face)
{
   return face == GL_FRONT || face == GL_BACK || face == GL_FRONT_AND_BACK;
}

static void
stencil_func(struct st_context *ctx, GLenum face, GLenum func, GLint ref, GLuint mask)
{
   for (unsigned i = 0; i < 2; i++) {
      if ((i == 0 && face == GL_BACK) || (i == 1 && face == GL_FRONT))
         continue;
      ctx->draw->frag.stencil[i].func = func;
      ctx->draw->frag.stencil[i].ref = ref;
      ctx->draw->frag.stencil[i].value_mask = mask;
   }
}

static void
stencil_op(struct st_context *ctx, GLenum face, GLenum fail, GLenum zfail, GLenum zpass)
{
   for (unsigned i = 0; i < 2; i++) {
      if ((i == 0 && face == GL_BACK) || (i == 1 && face == GL_FRONT))
         continue;
      ctx->draw->frag.stencil[i].fail = fail;
      ctx->draw->frag.stencil[i].zfail = zfail;
      ctx->draw->frag.stencil[i].zpass = zpass;
   }
}

void GLAPIENTRY
api_glStencilFunc(GLenum func, GLint ref, GLuint mask)
{
   ST_ENTRY(ctx);
   if (!valid_func(func)) {
      st_error(ctx, GL_INVALID_ENUM, "glStencilFunc");
      return;
   }
   stencil_func(ctx, GL_FRONT_AND_BACK, func, ref, mask);
}

void GLAPIENTRY
api_glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   ST_ENTRY(ctx);
   if (!valid_face(face) || !valid_func(func)) {
      st_error(ctx, GL_INVALID_ENUM, "glStencilFuncSeparate");
      return;
   }
   stencil_func(ctx, face, func, ref, mask);
}

/* GL_ATI_separate_stencil: one function per face, reference and mask shared. */
void GLAPIENTRY
api_glStencilFuncSeparateATI(GLenum frontfunc, GLenum backfunc, GLint ref, GLuint mask)
{
   ST_ENTRY(ctx);
   if (!valid_func(frontfunc) || !valid_func(backfunc)) {
      st_error(ctx, GL_INVALID_ENUM, "glStencilFuncSeparateATI");
      return;
   }
   stencil_func(ctx, GL_FRONT, frontfunc, ref, mask);
   stencil_func(ctx, GL_BACK, backfunc, ref, mask);
}

void GLAPIENTRY
api_glStencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
   ST_ENTRY(ctx);
   if (!valid_stencil_op(fail) || !valid_stencil_op(zfail) || !valid_stencil_op(zpass)) {
      st_error(ctx, GL_INVALID_ENUM, "glStencilOp");
      return;
   }
   stencil_op(ctx, GL_FRONT_AND_BACK, fail, zfail, zpass);
}

void GLAPIENTRY
api_glStencilOpSeparate(GLenum face, GLenum fail, GLenum zfail, GLenum zpass)
{
   ST_ENTRY(ctx);
   if (!valid_face(face) || !valid_stencil_op(fail) || !valid_stencil_op(zfail) ||
       !valid_stencil_op(zpass)) {
      st_error(ctx, GL_INVALID_ENUM, "glStencilOpSeparate");
      return;
   }
   stencil_op(ctx, face, fail, zfail, zpass);
}

/* --- alpha test, logic op, blending ---------------------------------------- */

void GLAPIENTRY
api_glAlphaFunc(GLenum func, GLfloat ref)
{
   ST_ENTRY(ctx);
   if (!valid_func(func)) {
      st_error(ctx, GL_INVALID_ENUM, "glAlphaFunc");
      return;
   }
   ctx->draw->frag.alpha_func = func;
   /* ARB_color_buffer_float (issue 16): kept, clamped on use (st_draw.c)
    * and by queries under fragment colour clamping */
   ctx->draw->frag.alpha_ref = ctx->caps.arb_color_buffer_float ? ref : clamp01(ref);
}

void GLAPIENTRY
api_glLogicOp(GLenum opcode)
{
   ST_ENTRY(ctx);
   if (opcode < GL_CLEAR || opcode > GL_SET) {
      st_error(ctx, GL_INVALID_ENUM, "glLogicOp");
      return;
   }
   ctx->draw->frag.logic_op = opcode;
}

bool
st_blend_factor_ok(const struct st_context *ctx, GLenum f, bool dst)
{
   switch (f) {
   case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR:
   case GL_DST_COLOR: case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA: case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR: case GL_CONSTANT_ALPHA:
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return true;
   case GL_SRC_ALPHA_SATURATE:
      /* GL 2.1 table 4.2: source only; EXT_blend_func_extended (ES 2.0)
       * allows it as a destination factor too */
      return !dst || (ctx->caps.ext_blend_func_extended && ctx->profile == ST_PROFILE_GLES2);
   case GL_SRC1_COLOR: case GL_ONE_MINUS_SRC1_COLOR: case GL_SRC1_ALPHA:
   case GL_ONE_MINUS_SRC1_ALPHA:
      /* dual-source blending: EXT_blend_func_extended in ES contexts,
       * ARB_blend_func_extended (GL 3.3) in desktop ones */
      return ctx->profile == ST_PROFILE_GLES2 ? ctx->caps.ext_blend_func_extended
                                              : ctx->caps.arb_blend_func_extended;
   default:
      return false;
   }
}

static bool
valid_equation(GLenum e)
{
   switch (e) {
   case GL_FUNC_ADD: case GL_FUNC_SUBTRACT: case GL_FUNC_REVERSE_SUBTRACT:
   case GL_MIN: case GL_MAX:
      return true;
   default:
      return false;
   }
}

/* Blend functions / equations of draw buffer 'buf', or of every buffer
 * (buf < 0: the non-indexed commands). */
static void
set_blend_func(struct st_context *ctx, int buf, GLenum src_rgb, GLenum dst_rgb,
               GLenum src_alpha, GLenum dst_alpha)
{
   for (unsigned i = 0; i < ST_MAX_BLEND_BUFFERS; i++) {
      if (buf >= 0 && (unsigned)buf != i)
         continue;
      struct st_blend_func *b = &ctx->draw->blend[i];
      b->src_rgb = src_rgb;
      b->dst_rgb = dst_rgb;
      b->src_alpha = src_alpha;
      b->dst_alpha = dst_alpha;
   }
}

static void
set_blend_equation(struct st_context *ctx, int buf, GLenum mode_rgb, GLenum mode_alpha)
{
   for (unsigned i = 0; i < ST_MAX_BLEND_BUFFERS; i++) {
      if (buf >= 0 && (unsigned)buf != i)
         continue;
      ctx->draw->blend[i].eq_rgb = mode_rgb;
      ctx->draw->blend[i].eq_alpha = mode_alpha;
   }
}

void
st_blend_func_all(struct st_context *ctx, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha,
                  GLenum dst_alpha)
{
   set_blend_func(ctx, -1, src_rgb, dst_rgb, src_alpha, dst_alpha);
}

void
st_blend_equation_all(struct st_context *ctx, GLenum mode_rgb, GLenum mode_alpha)
{
   set_blend_equation(ctx, -1, mode_rgb, mode_alpha);
}

void GLAPIENTRY
api_glBlendFuncSeparate(GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha, GLenum dst_alpha)
{
   ST_ENTRY(ctx);
   if (!st_blend_factor_ok(ctx, src_rgb, false) || !st_blend_factor_ok(ctx, dst_rgb, true) ||
       !st_blend_factor_ok(ctx, src_alpha, false) || !st_blend_factor_ok(ctx, dst_alpha, true)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendFuncSeparate");
      return;
   }
   set_blend_func(ctx, -1, src_rgb, dst_rgb, src_alpha, dst_alpha);
}

void GLAPIENTRY
api_glBlendEquationSeparate(GLenum mode_rgb, GLenum mode_alpha)
{
   ST_ENTRY(ctx);
   if (!valid_equation(mode_rgb) || !valid_equation(mode_alpha)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendEquationSeparate");
      return;
   }
   set_blend_equation(ctx, -1, mode_rgb, mode_alpha);
}

/* --- ARB_draw_buffers_blend: per draw buffer functions and equations ------------ */

/* The common checks of the indexed commands: the extension is offered
 * (GL_INVALID_OPERATION, as for any command of an absent extension) and
 * buf names a draw buffer (GL_INVALID_VALUE: "if <buf> is not in the range
 * zero to the value of MAX_DRAW_BUFFERS minus one"). */
static bool
indexed_blend_ok(struct st_context *ctx, GLuint buf, const char *where)
{
   if (!ctx->caps.ext_draw_buffers_blend) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   if (buf >= ST_MAX_BLEND_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   return true;
}

void GLAPIENTRY
api_glBlendFunciARB(GLuint buf, GLenum src, GLenum dst)
{
   ST_ENTRY(ctx);
   if (!indexed_blend_ok(ctx, buf, "glBlendFunciARB"))
      return;
   if (!st_blend_factor_ok(ctx, src, false) || !st_blend_factor_ok(ctx, dst, true)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendFunciARB");
      return;
   }
   set_blend_func(ctx, (int)buf, src, dst, src, dst);
}

void GLAPIENTRY
api_glBlendFuncSeparateiARB(GLuint buf, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha,
                            GLenum dst_alpha)
{
   ST_ENTRY(ctx);
   if (!indexed_blend_ok(ctx, buf, "glBlendFuncSeparateiARB"))
      return;
   if (!st_blend_factor_ok(ctx, src_rgb, false) || !st_blend_factor_ok(ctx, dst_rgb, true) ||
       !st_blend_factor_ok(ctx, src_alpha, false) || !st_blend_factor_ok(ctx, dst_alpha, true)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendFuncSeparateiARB");
      return;
   }
   set_blend_func(ctx, (int)buf, src_rgb, dst_rgb, src_alpha, dst_alpha);
}

void GLAPIENTRY
api_glBlendEquationiARB(GLuint buf, GLenum mode)
{
   ST_ENTRY(ctx);
   if (!indexed_blend_ok(ctx, buf, "glBlendEquationiARB"))
      return;
   if (!valid_equation(mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendEquationiARB");
      return;
   }
   set_blend_equation(ctx, (int)buf, mode, mode);
}

void GLAPIENTRY
api_glBlendEquationSeparateiARB(GLuint buf, GLenum mode_rgb, GLenum mode_alpha)
{
   ST_ENTRY(ctx);
   if (!indexed_blend_ok(ctx, buf, "glBlendEquationSeparateiARB"))
      return;
   if (!valid_equation(mode_rgb) || !valid_equation(mode_alpha)) {
      st_error(ctx, GL_INVALID_ENUM, "glBlendEquationSeparateiARB");
      return;
   }
   set_blend_equation(ctx, (int)buf, mode_rgb, mode_alpha);
}

/*
 * The per-draw-buffer state of glGet{Integer,Boolean}IndexedvEXT /
 * glGet{Integer,Boolean}i_v: GL_BLEND and GL_COLOR_WRITEMASK
 * (EXT_draw_buffers2), the blend functions and equations
 * (ARB_draw_buffers_blend; GL_BLEND_SRC / GL_BLEND_DST are the RGB ones).  Returns the number of values (0: error
 * raised; GL_INVALID_ENUM for other targets, GL_INVALID_VALUE for an
 * index past the draw buffers).
 */
unsigned
st_blend_get_indexed(struct st_context *ctx, GLenum target, GLuint index, int64_t out[4],
                     const char *where)
{
   bool ok;
   switch (target) {
   case GL_BLEND: case GL_COLOR_WRITEMASK:
      ok = ctx->caps.ext_draw_buffers2;
      break;
   case GL_BLEND_SRC: case GL_BLEND_DST:
   case GL_BLEND_SRC_RGB: case GL_BLEND_DST_RGB: case GL_BLEND_SRC_ALPHA:
   case GL_BLEND_DST_ALPHA: case GL_BLEND_EQUATION_RGB: case GL_BLEND_EQUATION_ALPHA:
      ok = ctx->caps.ext_draw_buffers_blend;
      break;
   default:
      ok = false;
      break;
   }
   if (!ok) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return 0;
   }
   if (index >= ST_MAX_BLEND_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return 0;
   }
   const struct st_blend_func *b = &ctx->draw->blend[index];
   switch (target) {
   case GL_BLEND:
      out[0] = (ctx->enable.blend_bufs >> index) & 1;
      return 1;
   case GL_COLOR_WRITEMASK:
      for (unsigned c = 0; c < 4; c++)
         out[c] = ctx->color.color_mask[index][c] ? 1 : 0;
      return 4;
   case GL_BLEND_SRC: case GL_BLEND_SRC_RGB:   /* GL_BLEND_SRC: GL 1.x's name of it */
      out[0] = b->src_rgb;
      return 1;
   case GL_BLEND_DST: case GL_BLEND_DST_RGB:
      out[0] = b->dst_rgb;
      return 1;
   case GL_BLEND_SRC_ALPHA:
      out[0] = b->src_alpha;
      return 1;
   case GL_BLEND_DST_ALPHA:
      out[0] = b->dst_alpha;
      return 1;
   case GL_BLEND_EQUATION_RGB:
      out[0] = b->eq_rgb;
      return 1;
   default:   /* GL_BLEND_EQUATION_ALPHA */
      out[0] = b->eq_alpha;
      return 1;
   }
}

void GLAPIENTRY
api_glBlendColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   ST_ENTRY(ctx);
   float *c = ctx->draw->frag.blend_color;
   /* ARB_color_buffer_float (issue 17): kept; blending clamps it for
    * fixed-point buffers (the driver), queries under fragment clamping */
   bool keep = ctx->caps.arb_color_buffer_float;
   c[0] = keep ? r : clamp01(r);
   c[1] = keep ? g : clamp01(g);
   c[2] = keep ? b : clamp01(b);
   c[3] = keep ? a : clamp01(a);
}

/* --- polygons ---------------------------------------------------------------- */

void GLAPIENTRY
api_glPolygonOffset(GLfloat factor, GLfloat units)
{
   ST_ENTRY(ctx);
   ctx->draw->frag.offset_factor = factor;
   ctx->draw->frag.offset_units = units;
}

void GLAPIENTRY
api_glPolygonStipple(const GLubyte *mask)
{
   ST_ENTRY(ctx);
   /* client memory or GL_PIXEL_UNPACK_BUFFER (st_drawpix.h) */
   void *mem;
   if (!st_pixel_buffer_ptr(ctx, false, mask,
                            st_unpack_image_size(&ctx->pixelstore.unpack, GL_COLOR_INDEX,
                                                 GL_BITMAP, 32, 32, 1, 2),
                            &mem, "glPolygonStipple"))
      return;
   mask = mem;
   if (!mask)
      return;
   st_unpack_polygon_stipple(&ctx->pixelstore.unpack, mask, ctx->draw->frag.poly_stipple);
}

void GLAPIENTRY
api_glGetPolygonStipple(GLubyte *mask)
{
   ST_ENTRY(ctx);
   /* a 32x32 GL_BITMAP image packed with the pack state (section 4.3.2),
    * into client memory or GL_PIXEL_PACK_BUFFER (st_drawpix.h) */
   const struct st_pixelstore *ps = &ctx->pixelstore.pack;
   void *mem;
   if (!st_pixel_buffer_ptr(ctx, true, mask,
                            st_pixel_image_size(ps, GL_COLOR_INDEX, GL_BITMAP, 32, 32, 1, 2),
                            &mem, "glGetPolygonStipple"))
      return;
   mask = mem;
   if (!mask)
      return;
   size_t row_pixels = ps->row_length > 0 ? (size_t)ps->row_length : 32;
   size_t align = ps->alignment > 0 ? (size_t)ps->alignment : 4;
   size_t row_bytes = (row_pixels + 7) / 8;
   row_bytes = (row_bytes + align - 1) / align * align;
   const uint32_t *rows = ctx->draw->frag.poly_stipple;
   for (unsigned y = 0; y < 32; y++) {
      GLubyte *dst = mask + row_bytes * ((size_t)ps->skip_rows + y);
      for (unsigned x = 0; x < 32; x++) {
         size_t px = (size_t)ps->skip_pixels + x;
         unsigned bit = ps->lsb_first ? (unsigned)(px % 8) : 7u - (unsigned)(px % 8);
         GLubyte m = (GLubyte)(1u << bit);
         if ((rows[y] >> (31 - x)) & 1)
            dst[px / 8] |= m;
         else
            dst[px / 8] &= (GLubyte)~m;
      }
   }
}

/* --- lines and points ---------------------------------------------------------- */

void GLAPIENTRY
api_glLineWidth(GLfloat width)
{
   ST_ENTRY(ctx);
   if (!(width > 0.0f)) {
      st_error(ctx, GL_INVALID_VALUE, "glLineWidth");
      return;
   }
   ctx->draw->frag.line_width = width;
}

void GLAPIENTRY
api_glLineStipple(GLint factor, GLushort pattern)
{
   ST_ENTRY(ctx);
   ctx->draw->frag.line_stipple_repeat = factor < 1 ? 1 : factor > 256 ? 256 : factor;
   ctx->draw->frag.line_stipple_pattern = pattern;
}

void GLAPIENTRY
api_glPointSize(GLfloat size)
{
   ST_ENTRY(ctx);
   if (!(size > 0.0f)) {
      st_error(ctx, GL_INVALID_VALUE, "glPointSize");
      return;
   }
   ctx->draw->frag.point_size = size;
}

static void
point_parameter(struct st_context *ctx, GLenum pname, const GLfloat *p, bool vector,
                const char *where)
{
   struct st_frag_vals *f = &ctx->draw->frag;
   switch (pname) {
   case GL_POINT_SIZE_MIN:
   case GL_POINT_SIZE_MAX:
   case GL_POINT_FADE_THRESHOLD_SIZE:
      if (p[0] < 0.0f) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
      if (pname == GL_POINT_SIZE_MIN)
         f->point_min = p[0];
      else if (pname == GL_POINT_SIZE_MAX)
         f->point_max = p[0];
      else
         f->point_fade = p[0];
      return;
   case GL_POINT_DISTANCE_ATTENUATION:
      if (!vector)
         break;
      memcpy(f->point_atten, p, sizeof f->point_atten);
      return;
   case GL_POINT_SPRITE_COORD_ORIGIN:
      if (ctx->version < 20)
         break;
      if (p[0] != (GLfloat)GL_LOWER_LEFT && p[0] != (GLfloat)GL_UPPER_LEFT) {
         st_error(ctx, GL_INVALID_VALUE, where);
         return;
      }
      f->point_sprite_origin = (GLenum)p[0];
      return;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, where);
}

void GLAPIENTRY
api_glPointParameterf(GLenum pname, GLfloat param)
{
   ST_ENTRY(ctx);
   point_parameter(ctx, pname, &param, false, "glPointParameterf");
}

void GLAPIENTRY
api_glPointParameterfv(GLenum pname, const GLfloat *params)
{
   ST_ENTRY(ctx);
   if (!params)
      return;
   point_parameter(ctx, pname, params, true, "glPointParameterfv");
}

void GLAPIENTRY
api_glPointParameteri(GLenum pname, GLint param)
{
   ST_ENTRY(ctx);
   GLfloat f = (GLfloat)param;
   point_parameter(ctx, pname, &f, false, "glPointParameteri");
}

void GLAPIENTRY
api_glPointParameteriv(GLenum pname, const GLint *params)
{
   ST_ENTRY(ctx);
   if (!params)
      return;
   GLfloat f[3] = { (GLfloat)params[0], 0, 0 };
   if (pname == GL_POINT_DISTANCE_ATTENUATION) {
      f[1] = (GLfloat)params[1];
      f[2] = (GLfloat)params[2];
   }
   point_parameter(ctx, pname, f, true, "glPointParameteriv");
}

/* --- multisample ------------------------------------------------------------- */

void GLAPIENTRY
api_glSampleCoverage(GLfloat value, GLboolean invert)
{
   ST_ENTRY(ctx);
   ctx->draw->frag.sample_coverage_value = clamp01(value);
   ctx->draw->frag.sample_coverage_invert = invert ? GL_TRUE : GL_FALSE;
}

/* --- glPopAttrib ---------------------------------------------------------------- */

void
st_frag_pop(struct st_context *ctx, GLbitfield mask, const struct st_frag_vals *s)
{
   struct st_frag_vals *f = &ctx->draw->frag;
   if (mask & GL_STENCIL_BUFFER_BIT)
      memcpy(f->stencil, s->stencil, sizeof f->stencil);
   if (mask & GL_COLOR_BUFFER_BIT) {
      f->alpha_func = s->alpha_func;
      f->alpha_ref = s->alpha_ref;
      f->logic_op = s->logic_op;
      memcpy(f->blend_color, s->blend_color, sizeof f->blend_color);
   }
   if (mask & GL_POLYGON_BIT) {
      f->offset_factor = s->offset_factor;
      f->offset_units = s->offset_units;
   }
   if (mask & GL_POLYGON_STIPPLE_BIT)
      memcpy(f->poly_stipple, s->poly_stipple, sizeof f->poly_stipple);
   if (mask & GL_LINE_BIT) {
      f->line_width = s->line_width;
      f->line_stipple_repeat = s->line_stipple_repeat;
      f->line_stipple_pattern = s->line_stipple_pattern;
   }
   if (mask & GL_POINT_BIT) {
      f->point_size = s->point_size;
      f->point_min = s->point_min;
      f->point_max = s->point_max;
      f->point_fade = s->point_fade;
      memcpy(f->point_atten, s->point_atten, sizeof f->point_atten);
      f->point_sprite_origin = s->point_sprite_origin;
   }
   if (mask & GL_MULTISAMPLE_BIT) {
      f->sample_coverage_value = s->sample_coverage_value;
      f->sample_coverage_invert = s->sample_coverage_invert;
      f->sample_mask_value = s->sample_mask_value;
   }
}

/* --- glGet ---------------------------------------------------------------------- */

enum { K_INT, K_UINT, K_ENUM, K_BOOL, K_FLOAT, K_NORM };

bool
st_frag_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count,
            int64_t ints[4], double dbls[4])
{
   const struct st_draw_ctx *d = ctx->draw;
   const struct st_frag_vals *f = &d->frag;
   const struct st_select_state *s = &d->select;
   float r[2], gran;
   unsigned face = 0;
   *count = 1;

   switch (pname) {
   case GL_STENCIL_BACK_FUNC: case GL_STENCIL_BACK_VALUE_MASK: case GL_STENCIL_BACK_REF:
   case GL_STENCIL_BACK_FAIL: case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_PASS:
      face = 1;
      break;
   default:
      break;
   }

   switch (pname) {
   case GL_STENCIL_FUNC: case GL_STENCIL_BACK_FUNC:
      *kind = K_ENUM; ints[0] = f->stencil[face].func; return true;
   case GL_STENCIL_VALUE_MASK: case GL_STENCIL_BACK_VALUE_MASK:
      *kind = K_UINT; ints[0] = f->stencil[face].value_mask; return true;
   case GL_STENCIL_REF: case GL_STENCIL_BACK_REF:
      *kind = K_INT; ints[0] = st_frag_stencil_ref(ctx, face); return true;
   case GL_STENCIL_FAIL: case GL_STENCIL_BACK_FAIL:
      *kind = K_ENUM; ints[0] = f->stencil[face].fail; return true;
   case GL_STENCIL_PASS_DEPTH_FAIL: case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
      *kind = K_ENUM; ints[0] = f->stencil[face].zfail; return true;
   case GL_STENCIL_PASS_DEPTH_PASS: case GL_STENCIL_BACK_PASS_DEPTH_PASS:
      *kind = K_ENUM; ints[0] = f->stencil[face].zpass; return true;
   case GL_ALPHA_TEST_FUNC:
      *kind = K_ENUM; ints[0] = f->alpha_func; return true;
   case GL_ALPHA_TEST_REF:
      *kind = K_NORM;
      dbls[0] = f->alpha_ref;
      if (st_clamp_fragment_color(ctx))
         dbls[0] = clamp01(f->alpha_ref);
      return true;
   case GL_LOGIC_OP_MODE:
      *kind = K_ENUM; ints[0] = f->logic_op; return true;
   case GL_BLEND_SRC_RGB:
      *kind = K_ENUM; ints[0] = d->blend[0].src_rgb; return true;
   case GL_BLEND_DST_RGB:
      *kind = K_ENUM; ints[0] = d->blend[0].dst_rgb; return true;
   case GL_BLEND_SRC_ALPHA:
      *kind = K_ENUM; ints[0] = d->blend[0].src_alpha; return true;
   case GL_BLEND_DST_ALPHA:
      *kind = K_ENUM; ints[0] = d->blend[0].dst_alpha; return true;
   case GL_BLEND_EQUATION_ALPHA:
      *kind = K_ENUM; ints[0] = d->blend[0].eq_alpha; return true;
   case GL_BLEND_COLOR:
      *kind = K_NORM;
      *count = 4;
      for (unsigned i = 0; i < 4; i++)
         dbls[i] = st_clamp_fragment_color(ctx) ? clamp01(f->blend_color[i]) : f->blend_color[i];
      return true;
   case GL_POLYGON_OFFSET_FACTOR:
      *kind = K_FLOAT; dbls[0] = f->offset_factor; return true;
   case GL_POLYGON_OFFSET_UNITS:
      *kind = K_FLOAT; dbls[0] = f->offset_units; return true;
   case GL_LINE_WIDTH:
      *kind = K_FLOAT; dbls[0] = f->line_width; return true;
   case GL_LINE_WIDTH_RANGE:          /* == GL_SMOOTH_LINE_WIDTH_RANGE */
   case GL_ALIASED_LINE_WIDTH_RANGE:
      line_range(ctx, r, &gran);
      *kind = K_FLOAT; *count = 2; dbls[0] = r[0]; dbls[1] = r[1]; return true;
   case GL_LINE_WIDTH_GRANULARITY:    /* == GL_SMOOTH_LINE_WIDTH_GRANULARITY */
      line_range(ctx, r, &gran);
      *kind = K_FLOAT; dbls[0] = gran; return true;
   case GL_LINE_STIPPLE_PATTERN:
      *kind = K_INT; ints[0] = f->line_stipple_pattern; return true;
   case GL_LINE_STIPPLE_REPEAT:
      *kind = K_INT; ints[0] = f->line_stipple_repeat; return true;
   case GL_POINT_SIZE:
      *kind = K_FLOAT; dbls[0] = f->point_size; return true;
   case GL_POINT_SIZE_RANGE:          /* == GL_SMOOTH_POINT_SIZE_RANGE */
   case GL_ALIASED_POINT_SIZE_RANGE:
      point_range(ctx, r, &gran);
      *kind = K_FLOAT; *count = 2; dbls[0] = r[0]; dbls[1] = r[1]; return true;
   case GL_POINT_SIZE_GRANULARITY:
      point_range(ctx, r, &gran);
      *kind = K_FLOAT; dbls[0] = gran; return true;
   case GL_POINT_SIZE_MIN:
      *kind = K_FLOAT; dbls[0] = f->point_min; return true;
   case GL_POINT_SIZE_MAX:
      *kind = K_FLOAT; dbls[0] = f->point_max; return true;
   case GL_POINT_FADE_THRESHOLD_SIZE:
      *kind = K_FLOAT; dbls[0] = f->point_fade; return true;
   case GL_POINT_DISTANCE_ATTENUATION:
      *kind = K_FLOAT;
      *count = 3;
      for (unsigned i = 0; i < 3; i++)
         dbls[i] = f->point_atten[i];
      return true;
   case GL_POINT_SPRITE_COORD_ORIGIN:
      if (ctx->version < 20)
         return false;
      *kind = K_ENUM; ints[0] = f->point_sprite_origin; return true;
   case GL_SAMPLE_COVERAGE_VALUE:
      *kind = K_FLOAT; dbls[0] = f->sample_coverage_value; return true;
   case GL_SAMPLE_COVERAGE_INVERT:
      *kind = K_BOOL; ints[0] = f->sample_coverage_invert; return true;
   case GL_RENDER_MODE:
      *kind = K_ENUM; ints[0] = s->render_mode; return true;
   case GL_SELECTION_BUFFER_SIZE:
      *kind = K_INT; ints[0] = s->sel_size; return true;
   case GL_NAME_STACK_DEPTH:
      *kind = K_INT; ints[0] = s->name_depth; return true;
   case GL_MAX_NAME_STACK_DEPTH:
      *kind = K_INT; ints[0] = ST_MAX_NAME_STACK_DEPTH; return true;
   case GL_FEEDBACK_BUFFER_SIZE:
      *kind = K_INT; ints[0] = s->fb_size; return true;
   case GL_FEEDBACK_BUFFER_TYPE:
      *kind = K_ENUM; ints[0] = s->fb_type; return true;
   default:
      return false;
   }
}

/* --- EXT_shader_framebuffer_fetch_non_coherent ----------------------------------- */

/*
 * glFramebufferFetchBarrierEXT: makes earlier writes visible to later
 * gl_LastFragData reads.  The driver's reads are already coherent (the
 * pipe cap fbfetch promises it: refpipe shades and writes each quad in
 * primitive order), so there is nothing to wait for.
 */
void GLAPIENTRY
api_glFramebufferFetchBarrierEXT(void)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.ext_shader_framebuffer_fetch)
      st_error(ctx, GL_INVALID_OPERATION, "glFramebufferFetchBarrierEXT");
}
