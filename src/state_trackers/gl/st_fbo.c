/*
 * Framebuffer objects and renderbuffers: objects, attachments,
 * completeness (ARB_framebuffer_object, GL 3.0 section 4.4.4), and the
 * "current draw / read framebuffer" every pixel path uses (st_fbo.h).
 */
#include "st_fbo.h"

#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "st_context.h"
#include "st_framebuffer.h"
#include "st_texture.h"
#include "api/api.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

/* --- renderbuffers ---------------------------------------------------------- */

void
st_renderbuffer_unref(struct st_renderbuffer *rb)
{
   if (!rb)
      return;
   if (__atomic_sub_fetch(&rb->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      pipe_resource_reference(&rb->res, NULL);
      free(rb);
   }
}

void
st_renderbuffer_destroy_cb(void *obj, void *data)
{
   (void)data;
   st_renderbuffer_unref(obj);
}

static struct st_renderbuffer *
rb_ref(struct st_renderbuffer *rb)
{
   if (rb)
      __atomic_add_fetch(&rb->refcount, 1, __ATOMIC_ACQ_REL);
   return rb;
}

/* --- attachments -------------------------------------------------------------- */

static void
attachment_reset(struct st_context *ctx, struct st_fbo_attachment_point *a)
{
   st_renderbuffer_unref(a->rb);
   if (a->tex)
      st_texture_reference(ctx, &a->tex, NULL);
   memset(a, 0, sizeof *a);
   a->type = GL_NONE;
}

void
st_fbo_set_renderbuffer(struct st_context *ctx, struct st_framebuffer_object *fbo,
                        enum st_fbo_attachment i, struct st_renderbuffer *rb)
{
   attachment_reset(ctx, &fbo->att[i]);
   if (rb) {
      fbo->att[i].type = GL_RENDERBUFFER;
      fbo->att[i].rb = rb_ref(rb);
   }
}

void
st_fbo_set_texture(struct st_context *ctx, struct st_framebuffer_object *fbo,
                   enum st_fbo_attachment i, struct st_texture_object *tex, GLuint name,
                   GLenum target, GLint level, GLint layer, bool layered)
{
   attachment_reset(ctx, &fbo->att[i]);
   if (tex) {
      struct st_fbo_attachment_point *a = &fbo->att[i];
      a->type = GL_TEXTURE;
      st_texture_reference(ctx, &a->tex, tex);
      a->tex_name = name;
      a->tex_target = target;
      a->level = level;
      a->layer = layered ? 0 : layer;
      a->layered = layered;
   }
}

int
st_fbo_attachment_face(const struct st_fbo_attachment_point *a)
{
   if (a->layered && a->tex_target == GL_TEXTURE_CUBE_MAP)
      return 0;
   return st_tex_image_face(a->tex_target);
}

/* Base format of a renderbuffer / texture image attached at a. */
struct resolved {
   struct st_fb_buffer buf;          /* buf.layer: the first layer of a layered one */
   unsigned layers;                  /* layers from buf.layer on (1: not layered) */
   GLenum base;                      /* GL_RGBA, GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL, ... */
   GLenum internal_format;
   unsigned samples;
   bool fixed_locations;             /* TEXTURE_FIXED_SAMPLE_LOCATIONS (renderbuffers: true) */
};

/* GL_ARB_framebuffer_sRGB: an sRGB colour image is written (blending,
 * clears) and read with sRGB conversion only while GL_FRAMEBUFFER_SRGB is
 * enabled; otherwise through its linear twin (the stored values as they are). */
static enum pipe_format
srgb_rule(const struct st_context *ctx, enum pipe_format f)
{
   return st_is_enabled(ctx, ST_CAP_FRAMEBUFFER_SRGB) ? f : st_framebuffer_view_format(f);
}

/*
 * The layers of a layered attachment, from `layer` of level rl of res (where
 * its first image is): a 3D level's slices, an array's layers (the image's
 * count, which a view may make smaller than the resource's), a cube map's
 * six faces, which must be six consecutive layers of one resource (faces
 * of other sizes or formats are stored apart: no layered image).  False
 * when there is none.
 */
static bool
layered_range(struct st_context *ctx, const struct st_fbo_attachment_point *a,
              const struct st_texture_image *img, struct pipe_resource *res, unsigned rl,
              unsigned layer, unsigned *layers)
{
   unsigned n, limit;
   if (a->tex_target == GL_TEXTURE_3D) {
      n = u_minify(res->depth0, rl);
      limit = n;
   } else if (a->tex_target == GL_TEXTURE_CUBE_MAP) {
      for (unsigned f = 1; f < 6; f++) {
         const struct st_texture_image *fi = st_texture_get_image(a->tex, f, (unsigned)a->level);
         struct pipe_resource *fres = NULL;
         unsigned frl = 0, flayer = 0;
         if (!fi || fi->format != img->format || fi->width != img->width ||
             fi->height != img->height ||
             !st_texture_image_location(ctx, a->tex, f, (unsigned)a->level, &fres, &frl,
                                        &flayer) ||
             fres != res || frl != rl || flayer != layer + f)
            return false;
      }
      n = 6;
      limit = res->array_size;
   } else if (st_tex_is_array(a->tex_target)) {
      n = a->tex_target == GL_TEXTURE_1D_ARRAY_EXT ? (unsigned)img->height
                                                   : (unsigned)img->depth;
      limit = res->array_size;
   } else {
      return false;
   }
   if (!n || layer >= limit || n > limit - layer)
      return false;
   *layers = n;
   return true;
}

/* Resolve an attachment to its image; false if it has none (empty / missing image). */
static bool
resolve(struct st_context *ctx, const struct st_fbo_attachment_point *a, struct resolved *r)
{
   memset(r, 0, sizeof *r);
   if (a->type == GL_RENDERBUFFER) {
      const struct st_renderbuffer *rb = a->rb;
      if (!rb->res || !rb->width || !rb->height)
         return false;
      r->buf.res = rb->res;
      r->layers = 1;
      r->buf.format = srgb_rule(ctx, rb->format);
      r->buf.width = rb->width;
      r->buf.height = rb->height;
      r->base = st_fbo_rb_base_format(rb->internal_format);
      r->internal_format = rb->internal_format;
      r->samples = rb->samples;
      r->fixed_locations = true;
      return true;
   }
   if (a->type == GL_TEXTURE) {
      int face = st_fbo_attachment_face(a);
      if (face < 0 || a->level < 0)
         return false;
      const struct st_texture_image *img =
         st_texture_get_image(a->tex, (unsigned)face, (unsigned)a->level);
      if (!img || img->format == PIPE_FORMAT_NONE || img->width <= 0 || img->compressed)
         return false;
      struct pipe_resource *res = NULL;
      unsigned rl = 0, layer = 0;
      r->layers = 1;
      if (!st_texture_image_location(ctx, a->tex, (unsigned)face, (unsigned)a->level, &res,
                                     &rl, &layer) || !res)
         return false;
      if (a->layered) {
         if (!layered_range(ctx, a, img, res, rl, layer, &r->layers))
            return false;
      } else if (a->tex_target == GL_TEXTURE_3D) {
         unsigned d = u_minify(res->depth0, rl);
         if (a->layer < 0 || (unsigned)a->layer >= d)
            return false;
         layer += (unsigned)a->layer;
      } else if (st_tex_is_array(a->tex_target)) {
         /* one layer of an array texture (glFramebufferTextureLayer); the
          * image's layer count, which a texture view may make smaller than
          * the shared resource's */
         unsigned layers = a->tex_target == GL_TEXTURE_1D_ARRAY_EXT ? (unsigned)img->height
                                                                     : (unsigned)img->depth;
         if (a->layer < 0 || (unsigned)a->layer >= layers || (unsigned)a->layer >= res->array_size)
            return false;
         layer += (unsigned)a->layer;
      }
      r->buf.res = res;
      r->buf.level = rl;
      r->buf.layer = layer;
      r->buf.format = srgb_rule(ctx, img->format);
      r->buf.width = u_minify(res->width0, rl);
      r->buf.height = res->target == PIPE_TEXTURE_1D || res->target == PIPE_TEXTURE_1D_ARRAY
                      ? 1 : u_minify(res->height0, rl);
      r->base = img->base_format;
      if (r->base == GL_DEPTH_COMPONENT && util_format_description(img->format)->is_stencil)
         r->base = GL_DEPTH_STENCIL;
      r->internal_format = img->internal_format;
      /* ARB_texture_multisample: multisample textures' images */
      r->samples = res->nr_samples > 1 ? res->nr_samples : 0;
      r->fixed_locations = r->samples == 0 || img->fixed_sample_locations;
      return true;
   }
   return false;
}

static bool
base_is_color(GLenum base)
{
   switch (base) {
   case GL_RGB: case GL_RGBA: case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
   case GL_INTENSITY: case GL_RED: case GL_RG:
      return true;
   default:
      return false;
   }
}

static bool
base_has_depth(GLenum base)
{
   return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
}

static bool
base_has_stencil(GLenum base)
{
   return base == GL_STENCIL_INDEX || base == GL_DEPTH_STENCIL;
}

static int
attachment_index(GLenum buffer)
{
   if (buffer >= GL_COLOR_ATTACHMENT0 && buffer < GL_COLOR_ATTACHMENT0 + ST_MAX_COLOR_ATTACHMENTS)
      return (int)(buffer - GL_COLOR_ATTACHMENT0);
   return -1;
}

GLenum
st_fbo_status(struct st_context *ctx, struct st_framebuffer_object *fbo)
{
   struct pipe_screen *screen = ctx->screen;
   bool any = false;
   struct resolved r[ST_FBO_ATTACHMENT_COUNT];

   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      const struct st_fbo_attachment_point *a = &fbo->att[i];
      if (a->type == GL_NONE)
         continue;
      if (!resolve(ctx, a, &r[i]))
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      unsigned bind;
      if (i < ST_FBO_DEPTH) {
         if (!base_is_color(r[i].base))
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         bind = PIPE_BIND_RENDER_TARGET;
      } else if (i == ST_FBO_DEPTH) {
         if (!base_has_depth(r[i].base))
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         bind = PIPE_BIND_DEPTH_STENCIL;
      } else {
         if (!base_has_stencil(r[i].base))
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         bind = PIPE_BIND_DEPTH_STENCIL;
      }
      if (screen->is_format_supported &&
          !screen->is_format_supported(screen, r[i].buf.format, r[i].buf.res->target,
                                       r[i].samples, bind))
         return GL_FRAMEBUFFER_UNSUPPORTED;
      any = true;
   }
   if (!any)
      return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;

   /* GL 3.2 4.4.4: if any attachment is layered, every populated one is,
    * and the colour attachments are of textures of one target (a cube map
    * and a six-layer 2D array differ).  Layer counts may differ: drawing
    * reaches the smallest count (st_fb_framebuffer_state). */
   bool layered = false, flat = false;
   GLenum color_target = GL_NONE;
   bool targets_differ = false;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      const struct st_fbo_attachment_point *a = &fbo->att[i];
      if (a->type == GL_NONE)
         continue;
      layered |= a->layered;
      flat |= !a->layered;
      if (i < ST_FBO_DEPTH) {
         GLenum t = a->type == GL_TEXTURE ? a->tex_target : GL_RENDERBUFFER;
         if (t >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && t <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
            t = GL_TEXTURE_CUBE_MAP;
         if (color_target != GL_NONE && t != color_target)
            targets_differ = true;
         color_target = t;
      }
   }
   if (layered && (flat || targets_differ))
      return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;

   /* No GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER / _READ_BUFFER: as GL 4.1 and
    * GL_ARB_ES2_compatibility (and Mesa, which piglit's expectations follow),
    * a draw buffer without an image discards its writes, and reading from a
    * read buffer without one is GL_INVALID_OPERATION at glReadPixels.
    * (Measured: with GL 3.0's two rules, 7 of the fixed-function list's
    * depth-only-FBO tests fail, e.g. hiz-*-fbo-* and framebuffer-blit-levels,
    * which never set glDrawBuffer(GL_NONE); only
    * ext_framebuffer_object-error-handling wants them.) */

   /* One pipe depth/stencil surface: depth and stencil must be one image. */
   const struct st_fbo_attachment_point *d = &fbo->att[ST_FBO_DEPTH], *s = &fbo->att[ST_FBO_STENCIL];
   if (d->type != GL_NONE && s->type != GL_NONE) {
      if (r[ST_FBO_DEPTH].buf.res != r[ST_FBO_STENCIL].buf.res ||
          r[ST_FBO_DEPTH].buf.level != r[ST_FBO_STENCIL].buf.level ||
          r[ST_FBO_DEPTH].buf.layer != r[ST_FBO_STENCIL].buf.layer ||
          r[ST_FBO_DEPTH].layers != r[ST_FBO_STENCIL].layers)
         return GL_FRAMEBUFFER_UNSUPPORTED;
   }
   /* every image has the same sample count */
   int samples = -1;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      if (fbo->att[i].type == GL_NONE)
         continue;
      if (samples >= 0 && (unsigned)samples != r[i].samples)
         return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
      samples = (int)r[i].samples;
   }
   /* ARB_texture_multisample: every texture has the same
    * TEXTURE_FIXED_SAMPLE_LOCATIONS, which must be TRUE when renderbuffers
    * are attached too */
   int fixed = -1;
   bool any_rb = false;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++)
      any_rb |= fbo->att[i].type == GL_RENDERBUFFER;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      if (fbo->att[i].type != GL_TEXTURE)
         continue;
      if ((fixed >= 0 && fixed != (int)r[i].fixed_locations) ||
          (any_rb && !r[i].fixed_locations))
         return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
      fixed = r[i].fixed_locations;
   }
   return GL_FRAMEBUFFER_COMPLETE;
}

/* --- framebuffer objects -------------------------------------------------------- */

struct st_framebuffer_object *
st_fbo_create(GLuint name)
{
   struct st_framebuffer_object *fbo = calloc(1, sizeof *fbo);
   if (!fbo)
      return NULL;
   fbo->name = name;
   fbo->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
   for (unsigned i = 1; i < ST_MAX_DRAW_BUFFERS; i++)
      fbo->draw_buffers[i] = GL_NONE;
   fbo->read_buffer = GL_COLOR_ATTACHMENT0;
   return fbo;
}

void
st_fbo_destroy(struct st_context *ctx, struct st_framebuffer_object *fbo)
{
   if (!fbo)
      return;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      attachment_reset(ctx, &fbo->att[i]);
      pipe_surface_reference(&fbo->surfaces[i], NULL);
   }
   free(fbo);
}

void
st_fbo_destroy_cb(void *obj, void *data)
{
   st_fbo_destroy(data, obj);
}

/* A (cached) surface on attachment i; NULL if it has no image. */
static struct pipe_surface *
fbo_surface(struct st_context *ctx, struct st_framebuffer_object *fbo, unsigned i,
            struct resolved *r)
{
   if (fbo->att[i].type == GL_NONE || !resolve(ctx, &fbo->att[i], r)) {
      pipe_surface_reference(&fbo->surfaces[i], NULL);
      return NULL;
   }
   struct pipe_surface *s = fbo->surfaces[i];
   unsigned last = r->buf.layer + r->layers - 1;
   if (s && s->texture == r->buf.res && s->level == r->buf.level &&
       s->first_layer == r->buf.layer && s->last_layer == last && s->format == r->buf.format)
      return s;
   pipe_surface_reference(&fbo->surfaces[i], NULL);
   if (!ctx->pipe->create_surface)
      return NULL;
   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = r->buf.format;
   templ.width = (uint16_t)r->buf.width;
   templ.height = (uint16_t)r->buf.height;
   templ.level = r->buf.level;
   templ.first_layer = r->buf.layer;
   templ.last_layer = last;   /* every layer of a layered attachment */
   fbo->surfaces[i] = ctx->pipe->create_surface(ctx->pipe, r->buf.res, &templ);
   return fbo->surfaces[i];
}

/* --- the current framebuffers ------------------------------------------------- */

bool
st_fb_draw_is_fbo(const struct st_context *ctx)
{
   return ctx->draw_fbo != NULL;
}

bool
st_fb_read_is_fbo(const struct st_context *ctx)
{
   return ctx->read_fbo != NULL;
}

static void
fbo_info(struct st_context *ctx, struct st_framebuffer_object *fbo, struct st_fb_info *info)
{
   memset(info, 0, sizeof *info);
   info->is_fbo = true;
   info->name = fbo->name;
   info->complete = st_fbo_status(ctx, fbo) == GL_FRAMEBUFFER_COMPLETE;
   if (!info->complete)
      return;
   unsigned w = ~0u, h = ~0u;
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      struct resolved r;
      if (fbo->att[i].type == GL_NONE || !resolve(ctx, &fbo->att[i], &r))
         continue;
      if (r.buf.width < w) w = r.buf.width;
      if (r.buf.height < h) h = r.buf.height;
   }
   info->width = w == ~0u ? 0 : w;
   info->height = h == ~0u ? 0 : h;
}

static void
ws_info(struct st_context *ctx, struct st_framebuffer *fb, struct st_fb_info *info)
{
   memset(info, 0, sizeof *info);
   info->flip_y = true;
   if (!fb->iface || !st_framebuffer_validate(ctx, fb, 0))
      return;
   info->complete = true;
   info->width = fb->width;
   info->height = fb->height;
}

void
st_fb_draw_info(struct st_context *ctx, struct st_fb_info *info)
{
   if (ctx->draw_fbo)
      fbo_info(ctx, ctx->draw_fbo, info);
   else
      ws_info(ctx, &ctx->draw_fb, info);
}

void
st_fb_read_info(struct st_context *ctx, struct st_fb_info *info)
{
   if (ctx->read_fbo)
      fbo_info(ctx, ctx->read_fbo, info);
   else
      ws_info(ctx, st_read_framebuffer(ctx), info);
}

bool
st_fb_check_draw(struct st_context *ctx, struct st_fb_info *info, const char *where)
{
   st_fb_draw_info(ctx, info);
   if (!info->complete) {
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, where);
      return false;
   }
   return true;
}

bool
st_fb_check_read_multisample(struct st_context *ctx, struct st_fb_info *info, const char *where)
{
   st_fb_read_info(ctx, info);
   if (!info->complete) {
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, where);
      return false;
   }
   return true;
}

bool
st_fb_check_read(struct st_context *ctx, struct st_fb_info *info, const char *where)
{
   if (!st_fb_check_read_multisample(ctx, info, where))
      return false;
   if (ctx->read_fbo && st_fb_read_samples(ctx) > 0) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

static bool
ws_buffer(struct st_framebuffer *fb, enum st_attachment att, struct st_fb_buffer *out)
{
   memset(out, 0, sizeof *out);
   if (!fb->iface || !fb->validated || !fb->textures[att])
      return false;
   out->res = fb->textures[att];
   out->format = st_framebuffer_view_format(out->res->format);
   out->width = out->res->width0;
   out->height = out->res->height0;
   out->flip_y = true;
   return true;
}

static bool
fbo_buffer(struct st_context *ctx, struct st_framebuffer_object *fbo, unsigned i,
           struct st_fb_buffer *out)
{
   struct resolved r;
   memset(out, 0, sizeof *out);
   if (fbo->att[i].type == GL_NONE || !resolve(ctx, &fbo->att[i], &r))
      return false;
   *out = r.buf;
   out->flip_y = false;
   out->base = i < ST_FBO_DEPTH ? r.base : 0;
   return true;
}

void
st_fb_mask_base(GLenum base, unsigned n, float (*rgba)[4])
{
   for (unsigned i = 0; i < n; i++) {
      switch (base) {
      case GL_ALPHA: rgba[i][0] = rgba[i][1] = rgba[i][2] = 0.0f; break;
      case GL_LUMINANCE: rgba[i][1] = rgba[i][2] = 0.0f; rgba[i][3] = 1.0f; break;
      case GL_LUMINANCE_ALPHA: rgba[i][1] = rgba[i][2] = 0.0f; break;
      case GL_INTENSITY: rgba[i][1] = rgba[i][2] = 0.0f; rgba[i][3] = rgba[i][0]; break;
      case GL_RED: rgba[i][1] = rgba[i][2] = 0.0f; rgba[i][3] = 1.0f; break;
      case GL_RG: rgba[i][2] = 0.0f; rgba[i][3] = 1.0f; break;
      case GL_RGB: rgba[i][3] = 1.0f; break;
      default: return;
      }
   }
}

void
st_fb_mask_base_read(GLenum base, unsigned n, float (*rgba)[4])
{
   st_fb_mask_base(base, n, rgba);
   if (base == GL_INTENSITY)
      for (unsigned i = 0; i < n; i++)
         rgba[i][3] = 1.0f;   /* I is R only when read: (I, 0, 0, 1) */
}

static bool
read_color(struct st_context *ctx, struct st_fb_buffer *out, bool blit)
{
   if (ctx->read_fbo) {
      int i = attachment_index(ctx->read_fbo->read_buffer);
      if (i < 0) {
         memset(out, 0, sizeof *out);
         return false;
      }
      bool ok = fbo_buffer(ctx, ctx->read_fbo, (unsigned)i, out);
      /* ARB_framebuffer_sRGB converts writes and blending only: reads
       * (glReadPixels, copies) see the stored values.  A blit source is
       * decoded while GL_FRAMEBUFFER_SRGB is on (GL 4.4, 18.3.1: the blit
       * then encodes at the destination as drawing does, so sRGB -> sRGB
       * keeps the values and sRGB <-> linear converts); fbo_buffer already
       * applied that rule. */
      if (!blit)
         out->format = st_framebuffer_view_format(out->format);
      return ok;
   }
   struct st_framebuffer *fb = st_read_framebuffer(ctx);
   enum st_attachment a[2];
   if (!fb->iface || !st_framebuffer_validate(ctx, fb, 0) ||
       !st_framebuffer_buffers(&fb->visual, ctx->pixel.read_buffer, a)) {
      memset(out, 0, sizeof *out);
      return false;
   }
   return ws_buffer(fb, a[0], out);
}

bool
st_fb_read_color(struct st_context *ctx, struct st_fb_buffer *out)
{
   return read_color(ctx, out, false);
}

bool
st_fb_blit_read_color(struct st_context *ctx, struct st_fb_buffer *out)
{
   return read_color(ctx, out, true);
}

static bool
zs_buffer(struct st_context *ctx, struct st_framebuffer_object *fbo, struct st_framebuffer *fb,
          bool stencil, struct st_fb_buffer *out)
{
   if (fbo)
      return fbo_buffer(ctx, fbo, stencil ? ST_FBO_STENCIL : ST_FBO_DEPTH, out);
   memset(out, 0, sizeof *out);
   if (!fb->iface || !st_framebuffer_validate(ctx, fb, 0))
      return false;
   if (stencil ? !st_visual_has_stencil(&fb->visual) : !st_visual_has_depth(&fb->visual))
      return false;
   return ws_buffer(fb, ST_ATTACHMENT_DEPTH_STENCIL, out);
}

bool
st_fb_read_depth(struct st_context *ctx, struct st_fb_buffer *out)
{
   return zs_buffer(ctx, ctx->read_fbo, st_read_framebuffer(ctx), false, out);
}

bool
st_fb_read_stencil(struct st_context *ctx, struct st_fb_buffer *out)
{
   return zs_buffer(ctx, ctx->read_fbo, st_read_framebuffer(ctx), true, out);
}

bool
st_fb_draw_depth(struct st_context *ctx, struct st_fb_buffer *out)
{
   return zs_buffer(ctx, ctx->draw_fbo, &ctx->draw_fb, false, out);
}

bool
st_fb_draw_stencil(struct st_context *ctx, struct st_fb_buffer *out)
{
   return zs_buffer(ctx, ctx->draw_fbo, &ctx->draw_fb, true, out);
}

unsigned
st_fb_draw_colors(struct st_context *ctx, struct st_fb_buffer out[ST_MAX_DRAW_BUFFERS])
{
   unsigned n = 0;
   if (ctx->draw_fbo) {
      for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
         int ai = attachment_index(ctx->draw_fbo->draw_buffers[i]);
         if (ai >= 0 && fbo_buffer(ctx, ctx->draw_fbo, (unsigned)ai, &out[n]))
            n++;
      }
      return n;
   }
   struct st_framebuffer *fb = &ctx->draw_fb;
   if (!fb->iface || !st_framebuffer_validate(ctx, fb, 0))
      return 0;
   enum st_attachment a[2];
   unsigned k = st_framebuffer_buffers(&fb->visual, ctx->color.draw_buffer, a);
   for (unsigned i = 0; i < k; i++)
      if (ws_buffer(fb, a[i], &out[n]))
         n++;
   return n;
}

void
st_fb_box(const struct st_fb_buffer *b, int x, int y, int w, int h, struct pipe_box *box)
{
   box->x = x;
   /* callers pass rectangles clipped to the buffer; in 64-bit regardless,
    * so that no rectangle can overflow the flip */
   box->y = b->flip_y ? u_sat_int((int64_t)b->height - y - h) : y;
   box->z = (int)b->layer;
   box->width = w;
   box->height = h;
   box->depth = 1;
}

struct pipe_surface *
st_fb_buffer_surface(struct st_context *ctx, const struct st_fb_buffer *b)
{
   if (!b->res || !ctx->pipe->create_surface)
      return NULL;
   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = b->format;
   templ.width = (uint16_t)b->width;
   templ.height = (uint16_t)b->height;
   templ.level = b->level;
   templ.first_layer = templ.last_layer = b->layer;
   return ctx->pipe->create_surface(ctx->pipe, b->res, &templ);
}

static GLint
channel_bits(const struct util_format_description *d, unsigned swz)
{
   if (swz >= 4 || d->channel[swz].type == UTIL_FORMAT_TYPE_VOID)
      return 0;
   return d->channel[swz].size;
}

/* Bits of R, G, B, A of a colour buffer, as GL's base format exposes them. */
void
st_fbo_color_bits(enum pipe_format format, GLenum base, GLint rgba[4])
{
   const struct util_format_description *d = util_format_description(format);
   for (unsigned i = 0; i < 4; i++)
      rgba[i] = channel_bits(d, d->swizzle[i]);
   switch (base) {
   case GL_ALPHA: rgba[0] = rgba[1] = rgba[2] = 0; break;
   case GL_RGB: rgba[3] = 0; break;
   case GL_RED: rgba[1] = rgba[2] = rgba[3] = 0; break;
   case GL_RG: rgba[2] = rgba[3] = 0; break;
   case GL_LUMINANCE: case GL_INTENSITY: rgba[1] = rgba[2] = 0;
      if (base == GL_LUMINANCE) rgba[3] = 0;
      break;
   case GL_LUMINANCE_ALPHA: rgba[1] = rgba[2] = 0; break;
   default: break;
   }
}

void
st_fbo_zs_bits(enum pipe_format format, GLint *depth, GLint *stencil)
{
   const struct util_format_description *d = util_format_description(format);
   *depth = d->is_depth ? channel_bits(d, d->swizzle[0]) : 0;
   *stencil = d->is_stencil ? channel_bits(d, d->swizzle[1]) : 0;
}

void
st_fb_draw_bits(struct st_context *ctx, GLint rgba[4], GLint *depth, GLint *stencil)
{
   struct st_framebuffer_object *fbo = ctx->draw_fbo;
   if (!fbo) {
      const struct st_visual *vis = ctx->draw_fb.iface ? &ctx->draw_fb.visual : &ctx->visual;
      st_visual_bits(vis, rgba, depth, stencil);
      return;
   }
   for (unsigned i = 0; i < 4; i++)
      rgba[i] = 0;
   *depth = *stencil = 0;
   struct resolved r;
   /* colour: the first colour buffer drawn to (else attachment 0) */
   int ci = -1;
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS && ci < 0; i++) {
      int ai = attachment_index(fbo->draw_buffers[i]);
      if (ai >= 0 && fbo->att[ai].type != GL_NONE)
         ci = ai;
   }
   if (ci < 0)
      ci = 0;
   if (fbo->att[ci].type != GL_NONE && resolve(ctx, &fbo->att[ci], &r))
      st_fbo_color_bits(r.buf.format, r.base, rgba);
   GLint dd, ss;
   if (fbo->att[ST_FBO_DEPTH].type != GL_NONE && resolve(ctx, &fbo->att[ST_FBO_DEPTH], &r)) {
      st_fbo_zs_bits(r.buf.format, &dd, &ss);
      *depth = dd;
   }
   if (fbo->att[ST_FBO_STENCIL].type != GL_NONE && resolve(ctx, &fbo->att[ST_FBO_STENCIL], &r)) {
      st_fbo_zs_bits(r.buf.format, &dd, &ss);
      *stencil = ss;
   }
}

enum st_fb_dst_alpha
st_fb_draw_dst_alpha(struct st_context *ctx)
{
   struct st_framebuffer_object *fbo = ctx->draw_fbo;
   if (!fbo)
      return ST_FB_DST_ALPHA_STORED;   /* window-system formats match their visual */
   int ci = -1;
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS && ci < 0; i++) {
      int ai = attachment_index(fbo->draw_buffers[i]);
      if (ai >= 0 && fbo->att[ai].type != GL_NONE)
         ci = ai;
   }
   struct resolved r;
   if (ci < 0 || !resolve(ctx, &fbo->att[ci], &r))
      return ST_FB_DST_ALPHA_STORED;
   const struct util_format_description *d = util_format_description(r.buf.format);
   bool stored_alpha = d->swizzle[3] < 4;
   switch (r.base) {
   case GL_RGB: case GL_LUMINANCE: case GL_RED: case GL_RG:
      return stored_alpha ? ST_FB_DST_ALPHA_ONE : ST_FB_DST_ALPHA_STORED;
   case GL_INTENSITY:
      return d->is_intensity ? ST_FB_DST_ALPHA_STORED : ST_FB_DST_ALPHA_RED;
   default:
      return ST_FB_DST_ALPHA_STORED;
   }
}

void
st_fb_draw_written(struct st_context *ctx)
{
   if (ctx->draw_fbo) {
      /* rendering into a texture's base level regenerates its mipmaps
       * when GL_GENERATE_MIPMAP is set */
      for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
         int ai = attachment_index(ctx->draw_fbo->draw_buffers[i]);
         if (ai < 0)
            continue;
         struct st_fbo_attachment_point *a = &ctx->draw_fbo->att[ai];
         if (a->type == GL_TEXTURE) {
            int face = st_fbo_attachment_face(a);
            unsigned faces = a->layered && a->tex_target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
            for (unsigned f = 0; face >= 0 && f < faces; f++)
               st_texture_image_changed(ctx, a->tex, (unsigned)face + f, (unsigned)a->level);
         }
      }
      return;
   }
   enum st_attachment a[2];
   unsigned n = st_framebuffer_buffers(&ctx->draw_fb.visual, ctx->color.draw_buffer, a);
   for (unsigned i = 0; i < n; i++)
      ctx->front_dirty |= a[i] == ST_ATTACHMENT_FRONT_LEFT;
}

void
st_fb_framebuffer_state(struct st_context *ctx, struct pipe_framebuffer_state *fb)
{
   memset(fb, 0, sizeof *fb);
   struct st_framebuffer_object *fbo = ctx->draw_fbo;
   if (!fbo) {
      struct st_framebuffer *dfb = &ctx->draw_fb;
      if (dfb->iface && dfb->validated) {
         enum st_attachment a[2];
         unsigned n = st_framebuffer_buffers(&dfb->visual, ctx->color.draw_buffer, a);
         for (unsigned i = 0; i < n; i++) {
            struct pipe_surface *s = st_framebuffer_surface(ctx, dfb, a[i]);
            if (s)
               fb->cbufs[fb->nr_cbufs++] = s;
         }
         fb->zsbuf = st_framebuffer_surface(ctx, dfb, ST_ATTACHMENT_DEPTH_STENCIL);
         fb->width = (uint16_t)dfb->width;
         fb->height = (uint16_t)dfb->height;
         fb->layers = 1;
      }
      return;
   }
   if (st_fbo_status(ctx, fbo) != GL_FRAMEBUFFER_COMPLETE)
      return;
   struct st_fb_info info;
   fbo_info(ctx, fbo, &info);
   struct resolved r;
   unsigned layers = ~0u;   /* the smallest layer count of the surfaces */
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      int ai = attachment_index(fbo->draw_buffers[i]);
      if (ai < 0)
         continue;
      struct pipe_surface *s = fbo_surface(ctx, fbo, (unsigned)ai, &r);
      if (s) {
         fb->cbufs[i] = s;
         fb->nr_cbufs = i + 1;
         if (r.layers < layers)
            layers = r.layers;
      }
   }
   /* surfaces of attachments not drawn to are dropped lazily */
   fb->zsbuf = fbo_surface(ctx, fbo, ST_FBO_DEPTH, &r);
   if (!fb->zsbuf)
      fb->zsbuf = fbo_surface(ctx, fbo, ST_FBO_STENCIL, &r);
   if (fb->zsbuf && r.layers < layers)
      layers = r.layers;
   fb->width = (uint16_t)info.width;
   fb->height = (uint16_t)info.height;
   fb->layers = (uint16_t)(layers == ~0u ? 1 : layers > UINT16_MAX ? UINT16_MAX : layers);
}

/* --- detaching on deletion -------------------------------------------------------- */

void
st_fbo_texture_deleted(struct st_context *ctx, struct st_texture_object *tex)
{
   struct st_framebuffer_object *fbos[2] = { ctx->draw_fbo, ctx->read_fbo };
   for (unsigned f = 0; f < 2; f++) {
      if (!fbos[f] || (f == 1 && fbos[1] == fbos[0]))
         continue;
      for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
         if (fbos[f]->att[i].type == GL_TEXTURE && fbos[f]->att[i].tex == tex) {
            attachment_reset(ctx, &fbos[f]->att[i]);
            ctx->dirty |= ST_NEW_FRAMEBUFFER;
         }
      }
   }
}

/* --- state queries --------------------------------------------------------------- */

int
st_fbo_get(struct st_context *ctx, GLenum pname, GLint *out)
{
   switch (pname) {
   case GL_FRAMEBUFFER_BINDING:   /* == GL_DRAW_FRAMEBUFFER_BINDING */
      *out = ctx->draw_fbo ? (GLint)ctx->draw_fbo->name : 0;
      return 1;
   case GL_READ_FRAMEBUFFER_BINDING:
      *out = ctx->read_fbo ? (GLint)ctx->read_fbo->name : 0;
      return 1;
   case GL_RENDERBUFFER_BINDING:
      *out = (GLint)ctx->bound_renderbuffer;
      return 1;
   case GL_MAX_RENDERBUFFER_SIZE:
      *out = ctx->caps.max_texture_size;
      return 1;
   case GL_MAX_COLOR_ATTACHMENTS:
      *out = ST_MAX_COLOR_ATTACHMENTS;
      return 1;
   case GL_MAX_DRAW_BUFFERS:
      *out = ST_MAX_DRAW_BUFFERS;
      return 1;
   case GL_MAX_SAMPLES:
      *out = ctx->screen->caps.max_samples > 1 ? (GLint)ctx->screen->caps.max_samples : 0;
      return 1;
   case GL_SAMPLES:
   case GL_SAMPLE_BUFFERS:
      if (!ctx->draw_fbo)
         return 0;   /* the window-system visual's */
      *out = pname == GL_SAMPLES ? (GLint)st_fb_draw_samples(ctx) : st_fb_draw_samples(ctx) > 0;
      return 1;
   case GL_RED_BITS: case GL_GREEN_BITS: case GL_BLUE_BITS: case GL_ALPHA_BITS:
   case GL_DEPTH_BITS: case GL_STENCIL_BITS: {
      GLint rgba[4], d, s;
      st_fb_draw_bits(ctx, rgba, &d, &s);
      *out = pname == GL_RED_BITS ? rgba[0] : pname == GL_GREEN_BITS ? rgba[1] :
             pname == GL_BLUE_BITS ? rgba[2] : pname == GL_ALPHA_BITS ? rgba[3] :
             pname == GL_DEPTH_BITS ? d : s;
      return 1;
   }
   case GL_READ_BUFFER:
      if (!ctx->read_fbo)
         return 0;
      *out = (GLint)ctx->read_fbo->read_buffer;
      return 2;
   default:
      if (pname == GL_DRAW_BUFFER || (pname >= GL_DRAW_BUFFER0 && pname <= GL_DRAW_BUFFER15)) {
         unsigned i = pname == GL_DRAW_BUFFER ? 0 : pname - GL_DRAW_BUFFER0;
         if (i >= ST_MAX_DRAW_BUFFERS)
            return 0;   /* beyond GL_MAX_DRAW_BUFFERS: GL_INVALID_ENUM */
         if (ctx->draw_fbo)
            *out = (GLint)ctx->draw_fbo->draw_buffers[i];
         else
            *out = i == 0 ? (GLint)ctx->color.draw_buffer : (GLint)ctx->ws_draw_buffers[i];
         return 2;
      }
      return 0;
   }
}

/* --- multisampling ---------------------------------------------------------------- */

/* The sample count of a framebuffer object's images (completeness makes
 * them all equal); 0 without images or for single-sampled ones. */
static unsigned
fbo_samples(struct st_context *ctx, const struct st_framebuffer_object *fbo)
{
   for (unsigned i = 0; i < ST_FBO_ATTACHMENT_COUNT; i++) {
      struct resolved r;
      if (fbo->att[i].type != GL_NONE && resolve(ctx, &fbo->att[i], &r))
         return r.samples > 1 ? r.samples : 0;
   }
   return 0;
}

unsigned
st_fb_draw_samples(struct st_context *ctx)
{
   if (ctx->draw_fbo)
      return fbo_samples(ctx, ctx->draw_fbo);
   return ctx->draw_fb.visual.samples > 1 ? ctx->draw_fb.visual.samples : 0;
}

unsigned
st_fb_read_samples(struct st_context *ctx)
{
   if (ctx->read_fbo)
      return fbo_samples(ctx, ctx->read_fbo);
   return ctx->read_fb.visual.samples > 1 ? ctx->read_fb.visual.samples : 0;
}

/* The image draw buffer zero of the bound draw framebuffer object selects;
 * false when no object is bound or the buffer is NONE or unattached. */
static bool
draw_buffer_zero(struct st_context *ctx, struct resolved *r)
{
   if (!ctx->draw_fbo)
      return false;
   int ai = attachment_index(ctx->draw_fbo->draw_buffers[0]);
   return ai >= 0 && ctx->draw_fbo->att[ai].type != GL_NONE &&
          resolve(ctx, &ctx->draw_fbo->att[ai], r);
}

bool
st_fb_draw_buffer_zero_integer(struct st_context *ctx)
{
   struct resolved r;
   /* window-system buffers are never integer */
   return draw_buffer_zero(ctx, &r) && util_format_description(r.buf.format)->is_pure_integer;
}

void
st_fb_draw_signed_components(struct st_context *ctx, GLint out[4])
{
   out[0] = out[1] = out[2] = out[3] = 0;
   struct resolved r;
   if (!draw_buffer_zero(ctx, &r))
      return;   /* (window-system buffers are unsigned normalized) */
   const struct util_format_description *d = util_format_description(r.buf.format);
   unsigned c = d->swizzle[0] < 4 ? d->swizzle[0] : 0;
   unsigned t = d->channel[c].type;
   /* the packed unsigned floats have no sign bit */
   bool sgn = (t == UTIL_FORMAT_TYPE_SNORM || t == UTIL_FORMAT_TYPE_SINT ||
               t == UTIL_FORMAT_TYPE_FLOAT) &&
              r.buf.format != PIPE_FORMAT_R11G11B10_FLOAT &&
              r.buf.format != PIPE_FORMAT_R9G9B9E5_FLOAT;
   if (!sgn)
      return;
   bool has[4];
   switch (r.base) {
   case GL_ALPHA: has[0] = has[1] = has[2] = false; has[3] = true; break;
   case GL_LUMINANCE: case GL_RGB: has[0] = has[1] = has[2] = true; has[3] = false; break;
   case GL_RED: has[0] = true; has[1] = has[2] = has[3] = false; break;
   case GL_RG: has[0] = has[1] = true; has[2] = has[3] = false; break;
   default: has[0] = has[1] = has[2] = has[3] = true; break;   /* RGBA, LA, I */
   }
   for (unsigned i = 0; i < 4; i++)
      out[i] = has[i];
}

/* GL_FRAMEBUFFER_SRGB_CAPABLE_EXT: does a drawn colour buffer have an sRGB format? */
bool
st_fb_draw_srgb_capable(struct st_context *ctx)
{
   if (!ctx->draw_fbo)
      return false;   /* no sRGB window-system configs are offered */
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      int ai = attachment_index(ctx->draw_fbo->draw_buffers[i]);
      const struct st_fbo_attachment_point *a = ai >= 0 ? &ctx->draw_fbo->att[ai] : NULL;
      enum pipe_format f = PIPE_FORMAT_NONE;
      if (a && a->type == GL_RENDERBUFFER && a->rb)
         f = a->rb->format;
      else if (a && a->type == GL_TEXTURE && a->tex && a->level >= 0 &&
               st_fbo_attachment_face(a) >= 0) {
         const struct st_texture_image *img = st_texture_get_image(
            a->tex, (unsigned)st_fbo_attachment_face(a), (unsigned)a->level);
         f = img ? img->format : PIPE_FORMAT_NONE;
      }
      if (f != PIPE_FORMAT_NONE && util_format_description(f)->is_srgb)
         return true;
   }
   return false;
}
