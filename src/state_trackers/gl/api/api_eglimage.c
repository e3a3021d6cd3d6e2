/*
 * GL_OES_EGL_image: a texture's level 0 or a renderbuffer's storage becomes
 * an EGLImage's buffer (the pipe resource the front end's lookup returns,
 * shared: drawing into the texture or renderbuffer draws into the image,
 * and the texture samples what others put there).  Offered only where the
 * context was created with a lookup (the DRI front end on EGL).
 *
 * An EGLImage is one level and layer of a resource: images of GL textures
 * (EGL_KHR_gl_texture_2D_image / _cubemap_image, st_egl_image_from_texture
 * below) name a level (and cube face) of the texture's mipmap tree.  A
 * target texture then shares that resource as a one-level view
 * (view_min_level / view_min_layer, as ARB_texture_view's views do); a
 * renderbuffer can only be level 0, layer 0 of a resource.  Both objects
 * are marked egl_sibling: respecifying them orphans the image
 * (st_texture.c detach_egl_storage).
 *
 * Errors (OES_EGL_image): a target other than TEXTURE_2D / RENDERBUFFER is
 * INVALID_ENUM; an EGLImage the window system does not know is
 * INVALID_VALUE; an image the GL cannot use as asked (a format without a GL
 * equivalent), an immutable texture or no renderbuffer bound is
 * INVALID_OPERATION.
 */
#include <string.h>

#include "api.h"
#include "format/u_format.h"
#include "pipe/p_defines.h"
#include "st_context.h"
#include "st_fbo.h"
#include "st_names.h"
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

/* The texels of image (img->res a reference) and their GL formats, or false
 * with the GL error raised.  renderbuffer: only level 0, layer 0 of a
 * resource can be one. */
static bool
egl_image_get(struct st_context *ctx, GLeglImageOES image, bool renderbuffer,
              struct st_egl_image *img, GLenum *internal_format, GLenum *base_format,
              const char *where)
{
   if (!ctx->egl_image.lookup) {
      st_error(ctx, GL_INVALID_OPERATION, where);   /* not offered here */
      return false;
   }
   memset(img, 0, sizeof *img);
   if (!image || !ctx->egl_image.lookup(ctx->egl_image.priv, image, img) || !img->res) {
      if (img->res)
         pipe_resource_reference(&img->res, NULL);
      st_error(ctx, GL_INVALID_VALUE, where);
      return false;
   }
   const struct pipe_resource *res = img->res;
   if (img->format == PIPE_FORMAT_NONE)
      img->format = res->format;
   *internal_format = *base_format = 0;
   if (img->internal_format) {   /* an image of a GL object: its formats */
      *internal_format = img->internal_format;
      *base_format = st_tex_base_format(img->internal_format);
   } else {
      const struct egl_image_format *f = egl_image_format(img->format);
      if (f) {
         *internal_format = f->internal_format;
         *base_format = f->base_format;
      }
   }
   bool shape = res->nr_samples <= 1 && img->level <= res->last_level &&
                ((res->target == PIPE_TEXTURE_2D && img->layer == 0) ||
                 (res->target == PIPE_TEXTURE_CUBE && img->layer < 6));
   if (renderbuffer)
      shape = shape && img->level == 0 && img->layer == 0;
   if (!*internal_format || !*base_format || !shape) {
      /* a format without a GL equivalent, or a 3D slice, a multisample
       * image, a level a renderbuffer cannot address */
      pipe_resource_reference(&img->res, NULL);
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
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
   struct st_egl_image ei;
   GLenum internal_format, base_format;
   if (!egl_image_get(ctx, image, false, &ei, &internal_format, &base_format, where))
      return;
   struct st_texture_object *o =
      ctx->texture.unit[ctx->texture.active_unit].bound[st_tex_target_index(GL_TEXTURE_2D)];
   if (o->immutable) {
      pipe_resource_reference(&ei.res, NULL);
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   /* every image goes; level 0 is the EGLImage's level and layer of the
    * shared resource (a one-level view of it) */
   for (unsigned face = 0; face < 6; face++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         struct st_texture_image *img = &o->image[face][l];
         pipe_resource_reference(&img->pt, NULL);
         memset(img, 0, sizeof *img);
         img->format = PIPE_FORMAT_NONE;
      }
   }
   pipe_resource_reference(&o->pt, NULL);
   o->pt = ei.res;
   o->view_min_level = ei.level;
   o->view_min_layer = ei.layer;
   o->egl_sibling = true;
   struct st_texture_image *img = &o->image[0][0];
   img->width = (GLint)u_minify(ei.res->width0, ei.level);
   img->height = (GLint)u_minify(ei.res->height0, ei.level);
   img->depth = 1;
   img->internal_format = internal_format;
   img->base_format = base_format;
   img->format = ei.format;
   img->compressed = util_format_is_compressed(ei.format);
   img->compressed_size =
      img->compressed ? st_tex_compressed_size(ei.format, (unsigned)img->width,
                                               (unsigned)img->height, 1) : 0;
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
   struct st_egl_image ei;
   GLenum internal_format, base_format;
   if (!egl_image_get(ctx, image, true, &ei, &internal_format, &base_format, where))
      return;
   pipe_resource_reference(&rb->res, NULL);
   rb->res = ei.res;
   rb->internal_format = internal_format;
   rb->format = ei.format;
   rb->width = ei.res->width0;
   rb->height = ei.res->height0;
   rb->samples = 0;
   ctx->dirty |= ST_NEW_FRAMEBUFFER;
}

/* --- EGLImages of GL objects (EGL_KHR_gl_image) ---------------------------- */

static bool
image_defined(const struct st_texture_image *img)
{
   return img->format != PIPE_FORMAT_NONE && img->width > 0;
}

enum st_egl_image_error
st_egl_image_from_texture(struct st_context *ctx, unsigned target, unsigned texture, int depth,
                          int level, struct st_egl_image *out)
{
   memset(out, 0, sizeof *out);
   /* "not the name of a texture object of type <target>" (name 0 included:
    * the default objects cannot be images) */
   struct st_texture_object *o = ctx && texture ? st_texture_lookup(ctx, texture) : NULL;
   if (!o || o->target != target ||
       (target != GL_TEXTURE_2D && target != GL_TEXTURE_CUBE_MAP && target != GL_TEXTURE_3D))
      return ST_EGL_IMAGE_BAD_PARAMETER;
   unsigned nfaces = st_tex_num_faces(target), face = 0;
   if (target == GL_TEXTURE_CUBE_MAP) {
      if (depth < 0 || depth >= 6)
         return ST_EGL_IMAGE_BAD_PARAMETER;
      face = (unsigned)depth;
   }
   unsigned levels = target == GL_TEXTURE_3D ? ST_MAX_3D_TEXTURE_LEVELS : ST_MAX_TEXTURE_LEVELS;
   if (level < 0 || (unsigned)level >= levels)
      return ST_EGL_IMAGE_BAD_MATCH;   /* not a mipmap level at all */
   const struct st_texture_image *img = &o->image[face][level];
   if (level == 0) {
      /* an incomplete texture may give its level 0 only if that is all it
       * has, and (cube maps) every face has one */
      if (!st_texture_is_complete(o)) {
         for (unsigned f = 0; f < nfaces; f++) {
            if (!image_defined(&o->image[f][0]))
               return ST_EGL_IMAGE_BAD_PARAMETER;
            for (unsigned l = 1; l < levels; l++)
               if (image_defined(&o->image[f][l]))
                  return ST_EGL_IMAGE_BAD_PARAMETER;
         }
      }
   } else {
      if (!image_defined(img))
         return ST_EGL_IMAGE_BAD_MATCH;   /* not a valid level of this texture */
      /* other levels: only of a mipmap-complete texture */
      if (!st_texture_copy_complete(o, level))
         return ST_EGL_IMAGE_BAD_PARAMETER;
   }
   if (!image_defined(img))
      return ST_EGL_IMAGE_BAD_PARAMETER;
   unsigned slice = 0;
   if (target == GL_TEXTURE_3D) {
      if (depth < 0 || depth >= img->depth - 2 * img->border)
         return ST_EGL_IMAGE_BAD_PARAMETER;   /* the z offset is beyond the level */
      slice = (unsigned)depth;
   }
   /* The level must live in the object's mipmap tree, where the object
    * keeps it: a private copy of an inconsistent level would be moved into
    * a rebuilt tree later, and the image would silently stop sharing. */
   struct pipe_resource *res = NULL;
   unsigned res_level = 0, layer = 0;
   if (!img->in_tree || !o->pt ||
       !st_texture_image_location(ctx, o, face, (unsigned)level, &res, &res_level, &layer) ||
       res != o->pt)
      return ST_EGL_IMAGE_BAD_MATCH;
   pipe_resource_reference(&out->res, res);
   out->level = res_level;
   out->layer = layer + slice;
   out->format = img->format;
   out->internal_format = img->internal_format;
   o->egl_sibling = true;
   return ST_EGL_IMAGE_OK;
}

enum st_egl_image_error
st_egl_image_from_renderbuffer(struct st_context *ctx, unsigned renderbuffer,
                               struct st_egl_image *out)
{
   memset(out, 0, sizeof *out);
   struct st_renderbuffer *rb =
      ctx && renderbuffer ? st_names_lookup(&ctx->share->renderbuffers, renderbuffer) : NULL;
   /* "not the name of a renderbuffer object, or ... a multisampled
    * renderbuffer object"; one without storage has nothing to share */
   if (!rb || rb->samples > 0 || !rb->res || rb->format == PIPE_FORMAT_NONE)
      return ST_EGL_IMAGE_BAD_PARAMETER;
   pipe_resource_reference(&out->res, rb->res);
   out->format = rb->format;
   out->internal_format = rb->internal_format;
   return ST_EGL_IMAGE_OK;
}
