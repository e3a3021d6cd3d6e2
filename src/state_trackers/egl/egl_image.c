/*
 * EGLImages (EGL 1.5's eglCreateImage / eglDestroyImage,
 * EGL_KHR_image_base): dma-buf imports (EGL_EXT_image_dma_buf_import and
 * its modifiers queries) and exports (EGL_MESA_image_dma_buf_export) on
 * displays whose winsys is over a DRM device (the device platform on a DRM
 * device, the GBM platform), and GL_OES_EGL_image in their contexts
 * (egl_image_lookup, the state tracker's st_egl_image_lookup).  An image
 * is an fe_image resource.
 *
 * On every display: images of GL textures and renderbuffers
 * (EGL_KHR_gl_texture_2D/cubemap/3D_image, EGL_KHR_gl_renderbuffer_image),
 * a level and layer of the object's own resource; the state tracker checks
 * EGL_KHR_gl_image's rules (st_egl_image_from_texture).
 */
#include <stdlib.h>
#include <string.h>

#include "state_trackers/common/fe_image.h"
#include "util/u_inlines.h"

#include "egl_private.h"

struct egl_image {
   struct egl_image *next;
   struct pipe_resource *res;      /* reference */
   uint32_t fourcc;                /* 0: an image of a GL object (not exported) */
   unsigned level, layer;          /* images of GL objects: where in res */
   enum pipe_format format;        /* NONE: res->format */
   unsigned gl_internal_format;
};

static struct egl_image *
image_lookup(const struct egl_display *d, EGLImage handle)
{
   for (struct egl_image *i = d->images; i; i = i->next) {
      if ((EGLImage)i == handle)
         return i;
   }
   return NULL;
}

bool
egl_image_lookup(void *priv, void *handle, struct st_egl_image *out)
{
   struct egl_display *d = priv;
   memset(out, 0, sizeof(*out));
   pthread_mutex_lock(&d->lock);
   struct egl_image *i = d->initialized ? image_lookup(d, handle) : NULL;
   if (i) {
      pipe_resource_reference(&out->res, i->res);
      out->level = i->level;
      out->layer = i->layer;
      out->format = i->format;
      out->internal_format = i->gl_internal_format;
   }
   pthread_mutex_unlock(&d->lock);
   return out->res != NULL;
}

void
egl_image_destroy_all(struct egl_display *d)
{
   for (struct egl_image *i = d->images, *next; i; i = next) {
      next = i->next;
      pipe_resource_reference(&i->res, NULL);
      free(i);
   }
   d->images = NULL;
}

/* The attributes of an EGL_LINUX_DMA_BUF_EXT import (one plane). */
struct dma_buf_attribs {
   EGLAttrib width, height, fourcc, fd, offset, pitch;
   uint64_t modifier;
   bool has_modifier;
};

static EGLint
parse_dma_buf(const EGLAttrib *attribs, struct dma_buf_attribs *a)
{
   memset(a, 0, sizeof(*a));
   a->width = a->height = a->fourcc = a->fd = a->pitch = -1;
   uint32_t mod_lo = 0, mod_hi = 0;
   bool lo = false, hi = false;
   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      EGLAttrib v = attribs[2 * n + 1];
      if (n >= EGL_MAX_ATTRIBS)
         return EGL_BAD_ATTRIBUTE;
      switch (attribs[2 * n]) {
      case EGL_WIDTH:
         a->width = v;
         break;
      case EGL_HEIGHT:
         a->height = v;
         break;
      case EGL_LINUX_DRM_FOURCC_EXT:
         a->fourcc = v;
         break;
      case EGL_DMA_BUF_PLANE0_FD_EXT:
         a->fd = v;
         break;
      case EGL_DMA_BUF_PLANE0_OFFSET_EXT:
         a->offset = v;
         break;
      case EGL_DMA_BUF_PLANE0_PITCH_EXT:
         a->pitch = v;
         break;
      case EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT:
         mod_lo = (uint32_t)v;
         lo = true;
         break;
      case EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT:
         mod_hi = (uint32_t)v;
         hi = true;
         break;
      case EGL_IMAGE_PRESERVED:
         if (v != EGL_TRUE && v != EGL_FALSE)
            return EGL_BAD_PARAMETER;
         break;
      /* colour-space hints of YUV formats: Pony imports RGB only */
      case EGL_YUV_COLOR_SPACE_HINT_EXT:
      case EGL_SAMPLE_RANGE_HINT_EXT:
      case EGL_YUV_CHROMA_HORIZONTAL_SITING_HINT_EXT:
      case EGL_YUV_CHROMA_VERTICAL_SITING_HINT_EXT:
         break;
      /* the planes beyond the first: no format of Pony's has them */
      case EGL_DMA_BUF_PLANE1_FD_EXT:
      case EGL_DMA_BUF_PLANE2_FD_EXT:
      case EGL_DMA_BUF_PLANE3_FD_EXT:
         return EGL_BAD_MATCH;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   if (lo != hi)
      return EGL_BAD_PARAMETER;
   a->has_modifier = lo;
   a->modifier = ((uint64_t)mod_hi << 32) | mod_lo;
   /* every one of these is required */
   if (a->width < 0 || a->height < 0 || a->fourcc < 0 || a->fd < 0 || a->pitch < 0)
      return EGL_BAD_PARAMETER;
   return EGL_SUCCESS;
}

/* An image of a GL texture or renderbuffer of context ctx (EGL_KHR_gl_image);
 * *err an EGL error. */
static struct egl_image *
create_gl_image(struct egl_display *d, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                const EGLAttrib *attribs, EGLint *err)
{
   struct egl_context *c = egl_context_lookup(d, ctx);
   if (!c || !c->st) {
      *err = EGL_BAD_CONTEXT;
      return NULL;
   }
   EGLAttrib level = 0, zoffset = 0;
   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      EGLAttrib v = attribs[2 * n + 1];
      switch (attribs[2 * n]) {
      case EGL_GL_TEXTURE_LEVEL:
         level = v;
         break;
      case EGL_GL_TEXTURE_ZOFFSET:
         zoffset = v;
         break;
      case EGL_IMAGE_PRESERVED:
         if (v != EGL_TRUE && v != EGL_FALSE) {
            *err = EGL_BAD_PARAMETER;
            return NULL;
         }
         break;
      default:   /* EGL_KHR_image_base: not an attribute of Table bbb */
         *err = EGL_BAD_PARAMETER;
         return NULL;
      }
   }
   uintptr_t name = (uintptr_t)buffer;
   if (name == 0 || name > 0xffffffffu || level < INT32_MIN || level > INT32_MAX ||
       zoffset < INT32_MIN || zoffset > INT32_MAX) {
      *err = EGL_BAD_PARAMETER;
      return NULL;
   }
   struct st_egl_image desc;
   enum st_egl_image_error e;
   if (target == EGL_GL_RENDERBUFFER) {
      e = st_egl_image_from_renderbuffer(c->st, (unsigned)name, &desc);
   } else {
      unsigned gl_target = 0x0DE1;   /* GL_TEXTURE_2D */
      int depth = 0;
      if (target == EGL_GL_TEXTURE_3D) {
         gl_target = 0x806F;         /* GL_TEXTURE_3D */
         depth = (int)zoffset;
      } else if (target != EGL_GL_TEXTURE_2D) {
         gl_target = 0x8513;         /* GL_TEXTURE_CUBE_MAP */
         depth = (int)(target - EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X);
      }
      e = st_egl_image_from_texture(c->st, gl_target, (unsigned)name, depth, (int)level, &desc);
   }
   if (e != ST_EGL_IMAGE_OK || !desc.res) {
      pipe_resource_reference(&desc.res, NULL);
      *err = e == ST_EGL_IMAGE_BAD_MATCH ? EGL_BAD_MATCH
             : e == ST_EGL_IMAGE_BAD_ALLOC ? EGL_BAD_ALLOC : EGL_BAD_PARAMETER;
      return NULL;
   }
   struct egl_image *img = calloc(1, sizeof(*img));
   if (!img) {
      pipe_resource_reference(&desc.res, NULL);
      *err = EGL_BAD_ALLOC;
      return NULL;
   }
   img->res = desc.res;   /* the reference moves */
   img->level = desc.level;
   img->layer = desc.layer;
   img->format = desc.format;
   img->gl_internal_format = desc.internal_format;
   *err = EGL_SUCCESS;
   return img;
}

static bool
is_gl_target(EGLenum target)
{
   return target == EGL_GL_TEXTURE_2D || target == EGL_GL_TEXTURE_3D ||
          target == EGL_GL_RENDERBUFFER ||
          (target >= EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
           target <= EGL_GL_TEXTURE_CUBE_MAP_NEGATIVE_Z);
}

static EGLImage
create_image(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
             const EGLAttrib *attribs)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_IMAGE;
   EGLint err = EGL_SUCCESS;
   if (is_gl_target(target)) {
      struct egl_image *gi = create_gl_image(d, ctx, target, buffer, attribs, &err);
      if (!gi) {
         egl_log(d, "eglCreateImage(target 0x%x, buffer %p): error 0x%x", target, buffer, err);
         egl_display_unlock(d);
         egl_error(err);
         return EGL_NO_IMAGE;
      }
      gi->next = d->images;
      d->images = gi;
      egl_display_unlock(d);
      egl_success();
      return (EGLImage)gi;
   }
   struct dma_buf_attribs a;
   if (target != EGL_LINUX_DMA_BUF_EXT)
      err = EGL_BAD_PARAMETER;   /* the one target Pony takes */
   else if (ctx != EGL_NO_CONTEXT)
      err = EGL_BAD_CONTEXT;
   else if (buffer)
      err = EGL_BAD_PARAMETER;
   else if (!d->drm)
      err = EGL_BAD_MATCH;       /* no DRM device under this display */
   else
      err = parse_dma_buf(attribs, &a);
   if (err == EGL_SUCCESS && a.has_modifier && a.modifier != FE_MOD_LINEAR)
      err = EGL_BAD_MATCH;
   if (err == EGL_SUCCESS && !fe_image_format_by_fourcc((uint32_t)a.fourcc))
      err = EGL_BAD_MATCH;
   struct egl_image *img = NULL;
   if (err == EGL_SUCCESS && !(img = calloc(1, sizeof(*img))))
      err = EGL_BAD_ALLOC;
   if (err == EGL_SUCCESS) {
      enum fe_image_error why;
      img->res = a.width > 0xffff || a.height > 0xffff || a.fd > 0x7fffffff ||
                       a.pitch > 0x7fffffff || a.offset > 0x7fffffff
                    ? NULL
                    : fe_image_import(d->screen, true, (uint32_t)a.fourcc, (int)a.width,
                                      (int)a.height, fe_config_max_pbuffer_size(d->screen),
                                      (int)a.fd, (int)a.pitch, (int)a.offset, &why);
      if (!img->res) {
         free(img);
         img = NULL;
         err = EGL_BAD_ACCESS;   /* not a dma-buf, or too small for the image */
      }
   }
   if (err != EGL_SUCCESS) {
      egl_log(d, "eglCreateImage(target 0x%x): error 0x%x", target, err);
      egl_display_unlock(d);
      egl_error(err);
      return EGL_NO_IMAGE;
   }
   img->fourcc = (uint32_t)a.fourcc;
   img->next = d->images;
   d->images = img;
   egl_display_unlock(d);
   egl_success();
   return (EGLImage)img;
}

EGLImage
api_eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                   const EGLAttrib *attribs)
{
   egl_entry("eglCreateImage");
   return create_image(dpy, ctx, target, buffer, attribs);
}

EGLImageKHR
api_eglCreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                      const EGLint *attribs)
{
   egl_entry("eglCreateImageKHR");
   EGLAttrib list[2 * EGL_MAX_ATTRIBS + 1];
   unsigned n = 0;
   while (attribs && attribs[2 * n] != EGL_NONE && n < EGL_MAX_ATTRIBS) {
      list[2 * n] = attribs[2 * n];
      list[2 * n + 1] = attribs[2 * n + 1];
      n++;
   }
   if (attribs && attribs[2 * n] != EGL_NONE) {
      /* no terminator within reason (the display's error comes first) */
      struct egl_display *d = egl_display_lock(dpy, true);
      if (!d)
         return EGL_NO_IMAGE_KHR;
      egl_display_unlock(d);
      egl_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_IMAGE_KHR;
   }
   list[2 * n] = EGL_NONE;
   return create_image(dpy, ctx, target, buffer, list);
}

EGLBoolean
api_eglDestroyImage(EGLDisplay dpy, EGLImage image)
{
   egl_entry("eglDestroyImage");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   for (struct egl_image **p = &d->images; *p; p = &(*p)->next) {
      if ((EGLImage)*p == image) {
         struct egl_image *img = *p;
         *p = img->next;
         /* textures made from it keep their own reference */
         pipe_resource_reference(&img->res, NULL);
         free(img);
         egl_display_unlock(d);
         return egl_success();
      }
   }
   egl_display_unlock(d);
   return egl_error(EGL_BAD_PARAMETER);
}

EGLBoolean
api_eglDestroyImageKHR(EGLDisplay dpy, EGLImageKHR image)
{
   egl_entry("eglDestroyImageKHR");
   return api_eglDestroyImage(dpy, image);
}

/* --- EGL_MESA_image_dma_buf_export ------------------------------------------------ */

EGLBoolean
api_eglExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image, int *fourcc, int *planes,
                                  EGLuint64KHR *modifiers)
{
   egl_entry("eglExportDMABUFImageQueryMESA");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_image *img = image_lookup(d, image);
   if (img && !img->fourcc) {
      /* an image of a GL object is not a buffer of its own */
      egl_display_unlock(d);
      return egl_error(EGL_BAD_MATCH);
   }
   if (img) {
      if (fourcc)
         *fourcc = (int)img->fourcc;
      if (planes)
         *planes = 1;
      if (modifiers)
         modifiers[0] = FE_MOD_LINEAR;
   }
   egl_display_unlock(d);
   return egl_error(img ? EGL_SUCCESS : EGL_BAD_PARAMETER);
}

EGLBoolean
api_eglExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds, EGLint *strides,
                             EGLint *offsets)
{
   egl_entry("eglExportDMABUFImageMESA");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_image *img = image_lookup(d, image);
   EGLint err = img ? EGL_SUCCESS : EGL_BAD_PARAMETER;
   if (img && !img->fourcc)
      err = EGL_BAD_MATCH;   /* an image of a GL object */
   int fd = -1;
   if (img && fds && !fe_image_get_handle(d->screen, img->res, WINSYS_HANDLE_TYPE_FD, &fd))
      err = EGL_BAD_ALLOC;   /* process memory: nothing to export */
   if (err == EGL_SUCCESS) {
      if (fds)
         fds[0] = fd;
      if (strides)
         strides[0] = (EGLint)fe_image_stride(d->screen, img->res);
      if (offsets)
         offsets[0] = 0;
   }
   egl_display_unlock(d);
   return egl_error(err);
}

/* --- EGL_EXT_image_dma_buf_import_modifiers ---------------------------------------- */

EGLBoolean
api_eglQueryDmaBufFormatsEXT(EGLDisplay dpy, EGLint max, EGLint *formats, EGLint *num)
{
   egl_entry("eglQueryDmaBufFormatsEXT");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   EGLint err = !num || max < 0 || (max > 0 && !formats) ? EGL_BAD_PARAMETER : EGL_SUCCESS;
   if (err == EGL_SUCCESS) {
      unsigned n = 0;
      const struct fe_image_format *f = fe_image_formats(&n);
      EGLint k = 0;
      for (unsigned i = 0; d->drm && i < n; i++) {
         if (max > 0 && k < max)
            formats[k] = (EGLint)f[i].fourcc;
         if (max == 0 || k < max)
            k++;
      }
      *num = k;
   }
   egl_display_unlock(d);
   return egl_error(err);
}

EGLBoolean
api_eglQueryDmaBufModifiersEXT(EGLDisplay dpy, EGLint format, EGLint max,
                               EGLuint64KHR *modifiers, EGLBoolean *external_only, EGLint *num)
{
   egl_entry("eglQueryDmaBufModifiersEXT");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   EGLint err = !num || max < 0 || (max > 0 && !modifiers) ? EGL_BAD_PARAMETER
                : !d->drm || !fe_image_format_by_fourcc((uint32_t)format) ? EGL_BAD_PARAMETER
                                                                          : EGL_SUCCESS;
   if (err == EGL_SUCCESS) {
      /* linear, and not only for external textures */
      if (max > 0) {
         modifiers[0] = FE_MOD_LINEAR;
         if (external_only)
            external_only[0] = EGL_FALSE;
      }
      *num = 1;
   }
   egl_display_unlock(d);
   return egl_error(err);
}
