/*
 * glClear and the clear values: glClearColor, glClearDepth(f), glClearStencil;
 * GL 3.0's glClearBuffer{iv,uiv,fv,fi} (one draw buffer, or depth/stencil,
 * with values of their own).
 */
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "st_context.h"
#include "st_fbo.h"
#include "st_framebuffer.h"

static GLfloat
clampf01(GLfloat v)
{
   if (!(v > 0.0f))   /* also NaN */
      return 0.0f;
   return v > 1.0f ? 1.0f : v;
}

void GLAPIENTRY
api_glClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   ST_ENTRY(ctx);
   /* GL 2.1 clamps clear colours when they are specified;
    * ARB_color_buffer_float keeps them (issue 18): clears of fixed-point
    * buffers clamp to their range (api_glClear), queries under fragment
    * clamping. */
   bool keep = ctx->caps.arb_color_buffer_float;
   ctx->color.clear_color[0] = keep ? red : clampf01(red);
   ctx->color.clear_color[1] = keep ? green : clampf01(green);
   ctx->color.clear_color[2] = keep ? blue : clampf01(blue);
   ctx->color.clear_color[3] = keep ? alpha : clampf01(alpha);
}

/* EXT_texture_integer: clear values of integer colour buffers, not clamped.
 * Signed and unsigned values share the storage (pipe_color_union's i/ui);
 * the buffer's format decides how they are read. */
static void
clear_color_int(struct st_context *ctx, const GLuint v[4], const char *where)
{
   if (!ctx->caps.ext_texture_integer) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   memcpy(ctx->color.clear_color_int, v, sizeof ctx->color.clear_color_int);
}

void GLAPIENTRY
api_glClearColorIiEXT(GLint red, GLint green, GLint blue, GLint alpha)
{
   ST_ENTRY(ctx);
   const GLuint v[4] = { (GLuint)red, (GLuint)green, (GLuint)blue, (GLuint)alpha };
   clear_color_int(ctx, v, "glClearColorIiEXT");
}

void GLAPIENTRY
api_glClearColorIuiEXT(GLuint red, GLuint green, GLuint blue, GLuint alpha)
{
   ST_ENTRY(ctx);
   const GLuint v[4] = { red, green, blue, alpha };
   clear_color_int(ctx, v, "glClearColorIuiEXT");
}

void GLAPIENTRY
api_glClearDepth(GLdouble depth)
{
   ST_ENTRY(ctx);
   ctx->depth.clear = depth < 0.0 ? 0.0 : depth > 1.0 ? 1.0 : depth;
}

void GLAPIENTRY
api_glClearDepthf(GLfloat d)
{
   ST_ENTRY(ctx);
   ctx->depth.clear = d < 0.0f ? 0.0 : d > 1.0f ? 1.0 : (GLdouble)d;
}

void GLAPIENTRY
api_glClearStencil(GLint s)
{
   ST_ENTRY(ctx);
   ctx->stencil.clear = s;
}

/* The scissor rectangle in the buffer's rows (top-down ones flipped); false if empty. */
static bool
scissor_rect(const struct st_context *ctx, unsigned w, unsigned h, bool flip,
             struct pipe_scissor_state *out)
{
   const struct st_scissor_attrib *s = &ctx->scissor;
   long x0 = s->x, y0 = s->y;
   long x1 = x0 + s->width, y1 = y0 + s->height;
   if (x0 < 0) x0 = 0;
   if (y0 < 0) y0 = 0;
   if (x1 > (long)w) x1 = w;
   if (y1 > (long)h) y1 = h;
   if (x0 >= x1 || y0 >= y1)
      return false;
   out->minx = (uint16_t)x0;
   out->maxx = (uint16_t)x1;
   out->miny = (uint16_t)(flip ? h - y1 : y0);
   out->maxy = (uint16_t)(flip ? h - y0 : y1);
   return true;
}

/* A draw buffer's glColorMask as pipe mask bits. */
static uint8_t
pipe_colormask(const GLboolean m[4])
{
   return (uint8_t)((m[0] ? PIPE_MASK_R : 0) | (m[1] ? PIPE_MASK_G : 0) |
                    (m[2] ? PIPE_MASK_B : 0) | (m[3] ? PIPE_MASK_A : 0));
}

void GLAPIENTRY
api_glClear(GLbitfield mask)
{
   ST_ENTRY(ctx);
   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT |
                            GL_STENCIL_BUFFER_BIT | GL_ACCUM_BUFFER_BIT)) {
      st_error(ctx, GL_INVALID_VALUE, "glClear");
      return;
   }
   /* The default framebuffer of a surfaceless context and incomplete
    * framebuffer objects cannot be cleared. */
   struct st_fb_info fb;
   if (!st_fb_check_draw(ctx, &fb, "glClear"))
      return;
   if (st_cond_render_discards(ctx))   /* NV_conditional_render */
      return;
   /* EXT_transform_feedback: rasterizer discard drops clears too (as Mesa
    * and piglit's discard-clear read it; GL 4.x section 14.1 says so) */
   if (st_is_enabled(ctx, ST_CAP_RASTERIZER_DISCARD))
      return;
   st_validate(ctx, ST_NEW_ALL);

   unsigned buffers = 0;
   struct st_fb_buffer zs;
   if ((mask & GL_COLOR_BUFFER_BIT) && ctx->num_draw_cbufs)
      buffers |= PIPE_CLEAR_COLOR;
   if ((mask & GL_DEPTH_BUFFER_BIT) && ctx->depth.mask && st_fb_draw_depth(ctx, &zs))
      buffers |= PIPE_CLEAR_DEPTH;
   if ((mask & GL_STENCIL_BUFFER_BIT) && (ctx->stencil.writemask[0] & 0xff) &&
       st_fb_draw_stencil(ctx, &zs))
      buffers |= PIPE_CLEAR_STENCIL;

   /* per draw buffer (EXT_draw_buffers2): an FBO's draw buffer i is pipe
    * colour buffer i; the window-system draw buffer's mask covers both
    * pipe buffers of GL_FRONT_AND_BACK */
   uint8_t colormask[PIPE_MAX_COLOR_BUFS];
   unsigned any = 0;
   bool fbo = st_fb_draw_is_fbo(ctx);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      colormask[i] = pipe_colormask(ctx->color.color_mask[fbo && i < 8 ? i : 0]);
      any |= colormask[i];
   }
   if (!any)
      buffers &= ~PIPE_CLEAR_COLOR;
   if (!buffers)
      return;

   struct pipe_scissor_state sc;
   const struct pipe_scissor_state *scissor = NULL;
   if (st_is_enabled(ctx, ST_CAP_SCISSOR_TEST)) {
      if (!scissor_rect(ctx, fb.width, fb.height, fb.flip_y, &sc))
         return;
      scissor = &sc;
   }

   /* integer colour buffers take the glClearColorI*EXT values (a float
    * clear colour on them is undefined by EXT_texture_integer) */
   union pipe_color_union color;
   struct st_fb_buffer cb[ST_MAX_DRAW_BUFFERS];
   unsigned ncb = (buffers & PIPE_CLEAR_COLOR) ? st_fb_draw_colors(ctx, cb) : 0;
   if (ncb && util_format_description(cb[0].format)->is_pure_integer)
      memcpy(color.ui, ctx->color.clear_color_int, sizeof color.ui);
   else
      memcpy(color.f, ctx->color.clear_color, sizeof color.f);
   /* ARB_color_buffer_float keeps the clear colour unclamped (issue 18):
    * the driver converts it to each buffer's format, which clamps it to
    * the format's range for fixed-point buffers ([0, 1] unorm, [-1, 1]
    * snorm) and keeps it for floating-point ones */
   ctx->pipe->clear(ctx->pipe, buffers, scissor, &color, ctx->depth.clear,
                    (unsigned)ctx->stencil.clear & 0xff, colormask,
                    ctx->stencil.writemask[0] & 0xff);

   if (buffers & PIPE_CLEAR_COLOR)
      st_fb_draw_written(ctx);
}

/* --- glClearBuffer* (GL 3.0 section 4.2.3, ES 3.0 section 4.2.3) ---------------- */

/* GL 3.0 and ES 3.0 have them; elsewhere GL_INVALID_OPERATION, as the stubs
 * they are there would raise. */
static bool
clear_buffer_offered(struct st_context *ctx, const char *where)
{
   if (ctx->profile != ST_PROFILE_GLES1 && ctx->version >= 30)
      return true;
   st_error(ctx, GL_INVALID_OPERATION, where);
   return false;
}

/* drawbuffer of GL_COLOR: [0, GL_MAX_DRAW_BUFFERS); of GL_DEPTH, GL_STENCIL
 * and GL_DEPTH_STENCIL: 0.  false: GL_INVALID_VALUE raised. */
static bool
drawbuffer_ok(struct st_context *ctx, GLenum buffer, GLint drawbuffer, const char *where)
{
   bool ok = buffer == GL_COLOR ? drawbuffer >= 0 && drawbuffer < ST_MAX_DRAW_BUFFERS
                                : drawbuffer == 0;
   if (!ok)
      st_error(ctx, GL_INVALID_VALUE, where);
   return ok;
}

/*
 * Clear colour draw buffer `drawbuffer` with `color` (color != NULL), and /
 * or the depth buffer to `depth` and the stencil buffer to `stencil`
 * (clear_depth, clear_stencil), as glClear would: the scissor test, the
 * colour, depth and stencil write masks apply, conditional rendering and
 * rasterizer discard drop it.  Only the buffers the command names are
 * touched: a draw buffer that is GL_NONE, or a missing depth or stencil
 * buffer, is nothing to clear.  The colour goes to the pipe as given: the
 * driver reads color->i / ->ui for integer buffers (exactly), ->f for the
 * others (clamped to fixed-point ranges as it converts).
 */
static void
clear_buffer(struct st_context *ctx, const union pipe_color_union *color, GLint drawbuffer,
             bool clear_depth, double depth, bool clear_stencil, GLint stencil,
             const char *where)
{
   struct st_fb_info fb;
   if (!st_fb_check_draw(ctx, &fb, where))   /* GL_INVALID_FRAMEBUFFER_OPERATION */
      return;
   if (st_cond_render_discards(ctx))
      return;
   if (st_is_enabled(ctx, ST_CAP_RASTERIZER_DISCARD))
      return;
   st_validate(ctx, ST_NEW_ALL);

   unsigned buffers = 0;
   uint8_t colormask[PIPE_MAX_COLOR_BUFS];
   memset(colormask, 0, sizeof colormask);
   if (color && st_fb_draw_is_fbo(ctx)) {
      /* a framebuffer object's draw buffer i is pipe colour buffer i */
      unsigned i = (unsigned)drawbuffer;
      if (i < PIPE_MAX_COLOR_BUFS && ctx->draw_fbo->draw_buffers[i] != GL_NONE) {
         colormask[i] = pipe_colormask(ctx->color.color_mask[i]);
         if (colormask[i])
            buffers |= PIPE_CLEAR_COLORN(i);
      }
   } else if (color && drawbuffer == 0) {
      /* the window-system framebuffer's one draw buffer: every pipe buffer
       * it selects (both of GL_FRONT_AND_BACK); the others are GL_NONE */
      for (unsigned i = 0; i < ctx->num_draw_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
         colormask[i] = pipe_colormask(ctx->color.color_mask[0]);
         if (colormask[i])
            buffers |= PIPE_CLEAR_COLORN(i);
      }
   }
   struct st_fb_buffer zs;
   if (clear_depth && ctx->depth.mask && st_fb_draw_depth(ctx, &zs))
      buffers |= PIPE_CLEAR_DEPTH;
   if (clear_stencil && (ctx->stencil.writemask[0] & 0xff) && st_fb_draw_stencil(ctx, &zs))
      buffers |= PIPE_CLEAR_STENCIL;
   if (!buffers)
      return;

   struct pipe_scissor_state sc;
   const struct pipe_scissor_state *scissor = NULL;
   if (st_is_enabled(ctx, ST_CAP_SCISSOR_TEST)) {
      if (!scissor_rect(ctx, fb.width, fb.height, fb.flip_y, &sc))
         return;
      scissor = &sc;
   }
   union pipe_color_union none;
   memset(&none, 0, sizeof none);
   /* depth as glClearDepth takes it: clamped to [0, 1] (NaN: 0) */
   double z = !(depth > 0.0) ? 0.0 : depth > 1.0 ? 1.0 : depth;
   ctx->pipe->clear(ctx->pipe, buffers, scissor, color ? color : &none, z,
                    (unsigned)stencil & 0xff, colormask, ctx->stencil.writemask[0] & 0xff);
   if (buffers & PIPE_CLEAR_COLOR)
      st_fb_draw_written(ctx);
}

/* The checks glClearBuffer{iv,uiv,fv} share: the command offered, buffer
 * GL_COLOR or `other` (GL_STENCIL, GL_DEPTH; 0: colour only), the draw
 * buffer valid for it.  False when the call does nothing: an error was
 * raised, or value is NULL. */
static bool
clear_buffer_args(struct st_context *ctx, GLenum buffer, GLenum other, GLint drawbuffer,
                  const void *value, const char *where)
{
   if (!clear_buffer_offered(ctx, where))
      return false;
   if (buffer != GL_COLOR && (other == 0 || buffer != other)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return false;
   }
   return drawbuffer_ok(ctx, buffer, drawbuffer, where) && value;
}

void GLAPIENTRY
api_glClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
   ST_ENTRY(ctx);
   if (!clear_buffer_args(ctx, buffer, GL_STENCIL, drawbuffer, value, "glClearBufferiv"))
      return;
   if (buffer == GL_STENCIL) {
      clear_buffer(ctx, NULL, 0, false, 0.0, true, value[0], "glClearBufferiv");
      return;
   }
   union pipe_color_union c;
   memcpy(c.i, value, sizeof c.i);
   clear_buffer(ctx, &c, drawbuffer, false, 0.0, false, 0, "glClearBufferiv");
}

void GLAPIENTRY
api_glClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
   ST_ENTRY(ctx);
   if (!clear_buffer_args(ctx, buffer, 0, drawbuffer, value, "glClearBufferuiv"))
      return;
   union pipe_color_union c;
   memcpy(c.ui, value, sizeof c.ui);
   clear_buffer(ctx, &c, drawbuffer, false, 0.0, false, 0, "glClearBufferuiv");
}

void GLAPIENTRY
api_glClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
   ST_ENTRY(ctx);
   if (!clear_buffer_args(ctx, buffer, GL_DEPTH, drawbuffer, value, "glClearBufferfv"))
      return;
   if (buffer == GL_DEPTH) {
      clear_buffer(ctx, NULL, 0, true, value[0], false, 0, "glClearBufferfv");
      return;
   }
   union pipe_color_union c;
   memcpy(c.f, value, sizeof c.f);
   clear_buffer(ctx, &c, drawbuffer, false, 0.0, false, 0, "glClearBufferfv");
}

void GLAPIENTRY
api_glClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil)
{
   ST_ENTRY(ctx);
   if (!clear_buffer_offered(ctx, "glClearBufferfi"))
      return;
   if (buffer != GL_DEPTH_STENCIL) {
      st_error(ctx, GL_INVALID_ENUM, "glClearBufferfi");
      return;
   }
   if (!drawbuffer_ok(ctx, buffer, drawbuffer, "glClearBufferfi"))
      return;
   /* the same as clearing each of them with its own command */
   clear_buffer(ctx, NULL, 0, true, depth, true, stencil, "glClearBufferfi");
}
