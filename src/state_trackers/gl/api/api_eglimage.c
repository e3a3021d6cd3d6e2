/*
 * GL_OES_EGL_image: a texture's level 0 or a renderbuffer's storage becomes
 * an EGLImage's buffer (the pipe resource the front end's lookup returns,
 * shared: drawing into the texture or renderbuffer draws into the image,
 * and the texture samples what others put there).  Offered only where the
 * context was created with a lookup (the DRI front end on EGL).
 *
 * Errors (OES_EGL_image): a target other than TEXTURE_2D / RENDERBUFFER is
 * INVALID_ENUM; an EGLImage the window system does not know is
 * INVALID_VALUE; an image the GL cannot use as asked (a format without a GL
 * equivalent), an immutable texture or no renderbuffer bound is
 * INVALID_OPERATION.
 */
#include <string.h>

#include "api.h"
#include "pipe/p_defines.h"
#include "st_context.h"
#include "st_fbo.h"
#include "st_texture.h"
#include "util/u_inlines.h"

/* The GL formats of an EGLImage's pipe format (what the DRI front end's
 * images can be: dri_image.c). */
struct egl_image_format {
   enum pipe_format format;
   GLenum internal_format, base_format;
};

static const struct egl_image_format egl_image_formats[] = {
   { PIPE_FORMAT_B8G8R8A8_UNORM, GL_RGBA8, GL_RGBA },
   { PIPE_FORMAT_R8G8B8A8_UNORM, GL_RGBA8, GL_RGBA },
   { PIPE_FORMAT_B8G8R8X8_UNORM, GL_RGB8, GL_RGB },
   { PIPE_FORMAT_R8G8B8X8_UNORM, GL_RGB8, GL_RGB },
   { PIPE_FORMAT_B5G6R5_UNORM, GL_RGB565, GL_RGB },
};

static const struct egl_image_format *
egl_image_format(enum pipe_format format)
{
   for (unsigned i = 0; i < sizeof(egl_image_formats) / sizeof(egl_image_formats[0]); i++) {
      if (egl_image_formats[i].format == format)
         return &egl_image_formats[i];
   }
   return NULL;
}

/* The resource of image (a reference) and its GL formats, or NULL with the
 * GL error raised. */
static struct pipe_resource *
egl_image_resource(struct st_context *ctx, GLeglImageOES image,
                   const struct egl_image_format **f, const char *where)
{
   if (!ctx->egl_image.lookup) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* not offered here */
      return NULL;
   }
   struct pipe_resource *res = image ? ctx->egl_image.lookup(ctx->egl_image.priv, image) : NULL;
   if (!res) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return NULL;
   }
   *f = egl_image_format(res->format);
   if (!*f || res->target != PIPE_TEXTURE_2D || res->last_level || res->array_size != 1 ||
       res->nr_samples > 1) {
      pipe_resource_reference(&res, NULL);
      st_error(ctx, GL_INVALID_OPERATION, where);
      return NULL;
   }
   return res;
}

void GLAPIENTRY
api_glEGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image)
{
   ST_ENTRY(ctx);
   const char *where = "glEGLImageTargetTexture2DOES";
   if (target != GL_TEXTURE_2D) {   /* TEXTURE_EXTERNAL_OES is not offered */
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   const struct egl_image_format *f;
   struct pipe_resource *res = egl_image_resource(ctx, image, &f, where);
   if (!res)
      return;
   struct st_texture_object *o =
      ctx->texture.unit[ctx->texture.active_unit].bound[st_tex_target_index(GL_TEXTURE_2D)];
   if (o->immutable) {
      pipe_resource_reference(&res, NULL);
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   /* every image goes; level 0 is the EGLImage's buffer, as the tree */
   for (unsigned face = 0; face < 6; face++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         struct st_texture_image *img = &o->image[face][l];
         pipe_resource_reference(&img->pt, NULL);
         memset(img, 0, sizeof *img);
         img->format = PIPE_FORMAT_NONE;
      }
   }
   pipe_resource_reference(&o->pt, NULL);
   o->pt = res;
   struct st_texture_image *img = &o->image[0][0];
   img->width = (GLint)res->width0;
   img->height = (GLint)res->height0;
   img->depth = 1;
   img->internal_format = f->internal_format;
   img->base_format = f->base_format;
   img->format = res->format;
   img->in_tree = true;
   o->serial++;
   ctx->dirty |= ST_NEW_FRAMEBUFFER;   /* it may be attached */
}

void GLAPIENTRY
api_glEGLImageTargetRenderbufferStorageOES(GLenum target, GLeglImageOES image)
{
   ST_ENTRY(ctx);
   const char *where = "glEGLImageTargetRenderbufferStorageOES";
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   struct st_renderbuffer *rb = st_fbo_bound_renderbuffer(ctx);
   if (!rb) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   const struct egl_image_format *f;
   struct pipe_resource *res = egl_image_resource(ctx, image, &f, where);
   if (!res)
      return;
   pipe_resource_reference(&rb->res, NULL);
   rb->res = res;
   rb->internal_format = f->internal_format;
   rb->format = res->format;
   rb->width = res->width0;
   rb->height = res->height0;
   rb->samples = 0;
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}
