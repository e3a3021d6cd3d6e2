/*
 * GL_ARB_color_buffer_float: glClampColorARB (and GL 3.0's glClampColor,
 * the same command) and the effective clamp controls (st_clamp.h).
 *
 * The spec lists no errors; GL 3.0, which took the command over, raises
 * GL_INVALID_ENUM for a target or clamp value other than the listed ones,
 * and so does Pony.  The state is pushed with GL_LIGHTING_BIT (vertex),
 * GL_COLOR_BUFFER_BIT (fragment, read) and GL_ENABLE_BIT (all three)
 * (api_attrib.c); display lists compile the command (st_gen_dlist.py).
 */
#include "api.h"
#include "format/u_format.h"
#include "st_clamp.h"
#include "st_fbo.h"

bool
st_clamp_format_is_float(enum pipe_format format)
{
   if (format == PIPE_FORMAT_NONE)
      return false;
   const struct util_format_description *d = util_format_description(format);
   if (!d || d->is_pure_integer)
      return false;
   if (d->layout != UTIL_FORMAT_LAYOUT_PLAIN)
      return !util_format_is_compressed(format);   /* R11G11B10, R9G9B9E5 */
   for (unsigned i = 0; i < d->nr_channels; i++) {
      if (d->channel[i].type == UTIL_FORMAT_TYPE_FLOAT)
         return true;
   }
   return false;
}

static bool
draw_buffers_fixed_point(struct st_context *ctx)
{
   struct st_fb_buffer cb[ST_MAX_DRAW_BUFFERS];
   unsigned n = st_fb_draw_colors(ctx, cb);
   for (unsigned i = 0; i < n; i++) {
      if (st_clamp_format_is_float(cb[i].format))
         return false;
   }
   return true;
}

static bool
resolve_draw(struct st_context *ctx, GLenum control)
{
   if (control == GL_FIXED_ONLY)
      return draw_buffers_fixed_point(ctx);
   return control != GL_FALSE;
}

bool
st_clamp_vertex_color(struct st_context *ctx)
{
   return resolve_draw(ctx, ctx->clamp.vertex);
}

bool
st_clamp_fragment_color(struct st_context *ctx)
{
   return resolve_draw(ctx, ctx->clamp.fragment);
}

bool
st_clamp_read_color(struct st_context *ctx)
{
   if (ctx->clamp.read != GL_FIXED_ONLY)
      return ctx->clamp.read != GL_FALSE;
   struct st_fb_buffer b;
   return !st_fb_read_color(ctx, &b) || !st_clamp_format_is_float(b.format);
}

void
st_clamp_floats01(float *v, unsigned n, bool clamp)
{
   if (!clamp)
      return;
   for (unsigned i = 0; i < n; i++)
      v[i] = !(v[i] > 0.0f) ? 0.0f : v[i] > 1.0f ? 1.0f : v[i];
}

static void
clamp_color(GLenum target, GLenum clamp, const char *where)
{
   ST_ENTRY(ctx);
   if (!ctx->caps.arb_color_buffer_float) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   switch (target) {
   case GL_CLAMP_VERTEX_COLOR:
      ctx->clamp.vertex = clamp;
      break;
   case GL_CLAMP_FRAGMENT_COLOR:
      ctx->clamp.fragment = clamp;
      break;
   case GL_CLAMP_READ_COLOR:
      ctx->clamp.read = clamp;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, where);
      break;
   }
}

void GLAPIENTRY
api_glClampColorARB(GLenum target, GLenum clamp)
{
   clamp_color(target, clamp, "glClampColorARB");
}

void GLAPIENTRY
api_glClampColor(GLenum target, GLenum clamp)
{
   clamp_color(target, clamp, "glClampColor");
}
