/*
 * Window-system framebuffers.  The front end owns the drawable and its
 * buffers; a context keeps references to the buffers it was given for the
 * stamp it saw, and surfaces it made on them with its pipe context.
 */
#include "st_framebuffer.h"

#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"

bool
st_visual_has_depth(const struct st_visual *v)
{
   return v->depth_stencil_format != PIPE_FORMAT_NONE &&
          util_format_description(v->depth_stencil_format)->is_depth;
}

bool
st_visual_has_stencil(const struct st_visual *v)
{
   return v->depth_stencil_format != PIPE_FORMAT_NONE &&
          util_format_description(v->depth_stencil_format)->is_stencil;
}

enum pipe_format
st_framebuffer_view_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_B8G8R8A8_SRGB: return PIPE_FORMAT_B8G8R8A8_UNORM;
   case PIPE_FORMAT_B8G8R8X8_SRGB: return PIPE_FORMAT_B8G8R8X8_UNORM;
   case PIPE_FORMAT_R8G8B8A8_SRGB: return PIPE_FORMAT_R8G8B8A8_UNORM;
   case PIPE_FORMAT_R8G8B8_SRGB: return PIPE_FORMAT_R8G8B8_UNORM;
   case PIPE_FORMAT_L8_SRGB: return PIPE_FORMAT_L8_UNORM;
   case PIPE_FORMAT_L8A8_SRGB: return PIPE_FORMAT_L8A8_UNORM;
   /* not surfaces, but the same twin rule (glGetTexImage of sRGB S3TC) */
   case PIPE_FORMAT_DXT1_SRGB: return PIPE_FORMAT_DXT1_RGB;
   case PIPE_FORMAT_DXT1_SRGBA: return PIPE_FORMAT_DXT1_RGBA;
   case PIPE_FORMAT_DXT3_SRGBA: return PIPE_FORMAT_DXT3_RGBA;
   case PIPE_FORMAT_DXT5_SRGBA: return PIPE_FORMAT_DXT5_RGBA;
   case PIPE_FORMAT_BPTC_SRGBA: return PIPE_FORMAT_BPTC_RGBA_UNORM;
   default: return format;
   }
}

void
st_framebuffer_release(struct st_context *ctx, struct st_framebuffer *fb)
{
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      pipe_surface_reference(&fb->surfaces[i], NULL);
      pipe_resource_reference(&fb->textures[i], NULL);
   }
   fb->validated = false;
   fb->width = fb->height = 0;
   (void)ctx;
}

void
st_framebuffer_bind(struct st_context *ctx, struct st_framebuffer *fb,
                    struct st_framebuffer_iface *iface)
{
   pthread_mutex_lock(&ctx->fb_lock);
   bool same = fb->iface == iface && iface;
   pthread_mutex_unlock(&ctx->fb_lock);
   if (same)
      return;
   st_framebuffer_release(ctx, fb);
   pthread_mutex_lock(&ctx->fb_lock);
   fb->iface = iface;
   if (iface)
      fb->visual = iface->visual;
   else
      memset(&fb->visual, 0, sizeof fb->visual);
   fb->stamp = 0;
   fb->validated = false;
   pthread_mutex_unlock(&ctx->fb_lock);
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}

unsigned
st_framebuffer_buffers(const struct st_visual *visual, GLenum buffer, enum st_attachment out[2])
{
   bool dbl = visual->double_buffered;
   switch (buffer) {
   case GL_FRONT:
   case GL_FRONT_LEFT:
   case GL_LEFT:
      out[0] = ST_ATTACHMENT_FRONT_LEFT;
      if (buffer == GL_LEFT && dbl) {   /* GL_LEFT: every left buffer */
         out[1] = ST_ATTACHMENT_BACK_LEFT;
         return 2;
      }
      return 1;
   case GL_BACK:
   case GL_BACK_LEFT:
      if (!dbl)
         return 0;
      out[0] = ST_ATTACHMENT_BACK_LEFT;
      return 1;
   case GL_FRONT_AND_BACK:
      out[0] = ST_ATTACHMENT_FRONT_LEFT;
      if (!dbl)
         return 1;
      out[1] = ST_ATTACHMENT_BACK_LEFT;
      return 2;
   default:
      return 0;
   }
}

static unsigned
needed_attachments(struct st_context *ctx, const struct st_framebuffer *fb)
{
   unsigned mask = 0;
   enum st_attachment a[2];
   if (fb->visual.double_buffered)
      mask |= 1u << ST_ATTACHMENT_BACK_LEFT;
   else
      mask |= 1u << ST_ATTACHMENT_FRONT_LEFT;
   if (fb == &ctx->draw_fb) {
      unsigned n = st_framebuffer_buffers(&fb->visual, ctx->color.draw_buffer, a);
      for (unsigned i = 0; i < n; i++)
         mask |= 1u << a[i];
   }
   if (fb == st_read_framebuffer(ctx)) {
      unsigned n = st_framebuffer_buffers(&fb->visual, ctx->pixel.read_buffer, a);
      for (unsigned i = 0; i < n; i++)
         mask |= 1u << a[i];
   }
   if (fb->visual.depth_stencil_format != PIPE_FORMAT_NONE)
      mask |= 1u << ST_ATTACHMENT_DEPTH_STENCIL;
   return mask;
}

bool
st_framebuffer_validate(struct st_context *ctx, struct st_framebuffer *fb, unsigned extra)
{
   pthread_mutex_lock(&ctx->fb_lock);
   struct st_framebuffer_iface *iface = fb->iface;
   if (!iface) {
      pthread_mutex_unlock(&ctx->fb_lock);
      return false;
   }
   int32_t stamp = __atomic_load_n(&iface->stamp, __ATOMIC_ACQUIRE);
   unsigned mask = needed_attachments(ctx, fb) | extra;
   bool have_all = true;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      if ((mask & (1u << i)) && !fb->textures[i])
         have_all = false;
   }
   if (fb->validated && fb->stamp == stamp && have_all) {
      pthread_mutex_unlock(&ctx->fb_lock);
      return true;
   }

   enum st_attachment atts[ST_ATTACHMENT_COUNT];
   struct pipe_resource *out[ST_ATTACHMENT_COUNT] = { NULL };
   unsigned count = 0;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      if (mask & (1u << i))
         atts[count++] = (enum st_attachment)i;
   }
   /* Not under fb_lock: the front end may take its own locks in validate()
    * and call st_framebuffer_iface_destroyed() under them elsewhere. */
   pthread_mutex_unlock(&ctx->fb_lock);
   bool ok = iface->validate && iface->validate(iface, ctx, atts, count, out);

   /* Drop the old buffers (and surfaces), take the new ones. */
   st_framebuffer_release(ctx, fb);
   if (!ok) {
      for (unsigned i = 0; i < count; i++)
         pipe_resource_reference(&out[i], NULL);
      if (ctx->debug & PONY_DEBUG_STATE)
         pony_log("st", "drawable validation failed");
      ctx->dirty |= ST_NEW_FRAMEBUFFER;
      return false;
   }
   unsigned w = 0, h = 0;
   for (unsigned i = 0; i < count; i++) {
      fb->textures[atts[i]] = out[i];   /* takes the reference validate gave us */
      if (out[i] && (!w || (unsigned)out[i]->width0 < w))
         w = out[i]->width0;
      if (out[i] && (!h || (unsigned)out[i]->height0 < h))
         h = out[i]->height0;
   }
   fb->width = w;
   fb->height = h;
   fb->stamp = stamp;
   fb->validated = true;
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
   if (ctx->debug & PONY_DEBUG_STATE)
      pony_log("st", "drawable validated: %ux%u, %u buffers", w, h, count);
   return true;
}

struct pipe_surface *
st_framebuffer_surface(struct st_context *ctx, struct st_framebuffer *fb, enum st_attachment att)
{
   if (!fb->textures[att])
      return NULL;
   if (!fb->surfaces[att] && ctx->pipe->create_surface) {
      struct pipe_surface templ;
      memset(&templ, 0, sizeof templ);
      templ.format = st_framebuffer_view_format(fb->textures[att]->format);
      templ.width = fb->textures[att]->width0;
      templ.height = fb->textures[att]->height0;
      fb->surfaces[att] = ctx->pipe->create_surface(ctx->pipe, fb->textures[att], &templ);
   }
   return fb->surfaces[att];
}

struct st_framebuffer *
st_read_framebuffer(struct st_context *ctx)
{
   /* The same drawable for both: read through draw_fb's buffers. */
   return ctx->read_fb.iface == ctx->draw_fb.iface ? &ctx->draw_fb : &ctx->read_fb;
}
