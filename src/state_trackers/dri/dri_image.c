/*
 * DRI_IMAGE (version 17): __DRIimages are pipe resources.  On a screen
 * with the kms winsys (a DRM fd: GBM, EGL on GBM) they are kernel buffers:
 * HANDLE is the GEM handle, FD a new dma-buf, and dma-bufs are imported
 * (createImageFromFds / FromDmaBufs).  On a device without dumb buffers (a
 * render node) new images are process memory: HANDLE and FD fail, imports
 * work.  Without the kms winsys (no fd) images are process memory and
 * nothing is imported or exported.
 *
 * Images of GL objects (createImageFromTexture, createImageFromRenderbuffer2:
 * EGL_KHR_gl_texture_2D/cubemap/3D_image, EGL_KHR_gl_renderbuffer_image) are
 * a level and layer of the object's own resource (shared, never copied);
 * the GL state tracker checks the EGL_KHR_gl_image rules
 * (st_egl_image_from_texture).
 */
#include "dri_image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "frontend/winsys_handle.h"
#include "state_trackers/common/fe_image.h"
#include "state_trackers/gl/st_api.h"
#include "util/u_inlines.h"

#include "dri_context.h"
#include "dri_screen.h"

/* The __DRI_IMAGE_FORMAT_* of each image format (fe_image.c's table) */
struct dri_image_format {
   int dri_format;
   uint32_t fourcc;
};

static const struct dri_image_format dri_image_formats[] = {
   { __DRI_IMAGE_FORMAT_XRGB8888, FE_FOURCC('X', 'R', '2', '4') },
   { __DRI_IMAGE_FORMAT_ARGB8888, FE_FOURCC('A', 'R', '2', '4') },
   { __DRI_IMAGE_FORMAT_RGB565, FE_FOURCC('R', 'G', '1', '6') },
   { __DRI_IMAGE_FORMAT_XBGR8888, FE_FOURCC('X', 'B', '2', '4') },
   { __DRI_IMAGE_FORMAT_ABGR8888, FE_FOURCC('A', 'B', '2', '4') },
};

static const struct dri_image_format *
dri_image_find_fourcc(uint32_t fourcc)
{
   for (unsigned i = 0; i < sizeof(dri_image_formats) / sizeof(dri_image_formats[0]); i++) {
      if (dri_image_formats[i].fourcc == fourcc)
         return &dri_image_formats[i];
   }
   return NULL;
}

static const struct dri_image_format *
dri_image_find_format(int dri_format)
{
   for (unsigned i = 0; i < sizeof(dri_image_formats) / sizeof(dri_image_formats[0]); i++) {
      if (dri_image_formats[i].dri_format == dri_format)
         return &dri_image_formats[i];
   }
   return NULL;
}

enum pipe_format
dri_image_format_to_pipe(int dri_format)
{
   const struct dri_image_format *f = dri_image_find_format(dri_format);
   const struct fe_image_format *fe = f ? fe_image_format_by_fourcc(f->fourcc) : NULL;
   return fe ? fe->format : PIPE_FORMAT_NONE;
}

uint32_t
dri_image_format_to_fourcc(int dri_format)
{
   const struct dri_image_format *f = dri_image_find_format(dri_format);
   return f ? f->fourcc : 0;
}

static __DRIimage *
dri_image_create(__DRIscreen *s, int width, int height, int format, unsigned int use,
                 void *loader_private)
{
   struct dri_screen *screen = dri_screen(s);
   const struct dri_image_format *f = dri_image_find_format(format);
   struct dri_image *img;

   if (!screen)
      return NULL;
   if (!f || (use & __DRI_IMAGE_USE_PROTECTED)) {
      dri_log(screen, "createImage(%dx%d, format 0x%x, use 0x%x): refused", width, height,
              format, use);
      return NULL;
   }

   img = calloc(1, sizeof(*img));
   if (!img)
      return NULL;
   img->res = fe_image_create(screen->pscreen, f->fourcc, width, height, screen->max_pbuffer_size,
                              screen->kernel_buffers, (use & __DRI_IMAGE_USE_SCANOUT) != 0);
   if (!img->res) {
      dri_log(screen, "createImage(%dx%d, format 0x%x): refused or out of memory", width,
              height, format);
      free(img);
      return NULL;
   }
   img->screen = screen;
   img->dri_format = format;
   img->fourcc = f->fourcc;
   img->use = use;
   img->loader_private = loader_private;
   dri_log(screen, "createImage(%dx%d, format 0x%x, use 0x%x) = %p (%s)", width, height,
           format, use, (void *)img,
           screen->kernel_buffers ? "a kernel buffer" : "process memory");
   return (__DRIimage *)img;
}

static __DRIimage *
dri_image_create_with_modifiers(__DRIscreen *s, int width, int height, int format,
                                const uint64_t *modifiers, const unsigned int count,
                                void *loader_private)
{
   bool linear = count == 0;

   /* Only linear layouts exist. */
   for (unsigned i = 0; modifiers && i < count; i++) {
      if (modifiers[i] == FE_MOD_LINEAR)
         linear = true;
   }
   if (!linear) {
      dri_log(dri_screen(s), "createImageWithModifiers: no linear modifier offered");
      return NULL;
   }
   return dri_image_create(s, width, height, format, __DRI_IMAGE_USE_LINEAR, loader_private);
}

bool
dri_image_lookup_egl_image(void *s, void *egl_image, struct st_egl_image *out)
{
   struct dri_screen *screen = s;

   memset(out, 0, sizeof(*out));
   if (!screen || !screen->image_lookup || !screen->image_lookup->lookupEGLImage || !egl_image)
      return false;
   struct dri_image *img = dri_image(screen->image_lookup->lookupEGLImage(
      (__DRIscreen *)screen, egl_image, screen->loader_private));
   if (!img || !img->res) {
      dri_log(screen, "lookupEGLImage(%p): no such image", egl_image);
      return false;
   }
   pipe_resource_reference(&out->res, img->res);
   out->level = img->level;
   out->layer = img->layer;
   out->format = img->format;
   out->internal_format = img->gl_internal_format;
   return true;
}

/* The size of the image's level. */
static unsigned
dri_image_width(const struct dri_image *img)
{
   return u_minify(img->res->width0, img->level);
}

static unsigned
dri_image_height(const struct dri_image *img)
{
   return u_minify(img->res->height0, img->level);
}

/* A whole buffer (not one level or layer of a GL object's resource):
 * what strides, fourccs and exports describe. */
static bool
dri_image_is_whole(const struct dri_image *img)
{
   return img->level == 0 && img->layer == 0 && img->res->last_level == 0 &&
          img->res->array_size <= 1 && img->res->target == PIPE_TEXTURE_2D;
}

static void
dri_image_destroy(__DRIimage *image)
{
   struct dri_image *img = dri_image(image);
   if (!img)
      return;
   dri_log(img->screen, "destroyImage %p", (void *)img);
   pipe_resource_reference(&img->res, NULL);
   free(img);
}

static unsigned
dri_image_stride(struct dri_image *img)
{
   return fe_image_stride(img->screen->pscreen, img->res);
}

/* The image as a kernel buffer (type KMS: its GEM handle; FD: a new
 * dma-buf); false when it is process memory or the kernel refuses. */
static bool
dri_image_get_handle(struct dri_image *img, enum winsys_handle_type type, int *value)
{
   if (!fe_image_get_handle(img->screen->pscreen, img->res, type, value)) {
      dri_log(img->screen, "queryImage(%p, %s): the image is not a kernel buffer%s", (void *)img,
              type == WINSYS_HANDLE_TYPE_KMS ? "HANDLE" : "FD",
              img->screen->kms_winsys ? " (this device makes no dumb buffers)" : "");
      return false;
   }
   return true;
}

static unsigned char
dri_image_query(__DRIimage *image, int attrib, int *value)
{
   struct dri_image *img = dri_image(image);

   if (!img || !value)
      return 0;
   switch (attrib) {
   case __DRI_IMAGE_ATTRIB_STRIDE:
      if (!dri_image_is_whole(img))
         break;   /* a level or face inside a texture: no stride of its own */
      *value = (int)dri_image_stride(img);
      return 1;
   case __DRI_IMAGE_ATTRIB_HANDLE:
      return dri_image_get_handle(img, WINSYS_HANDLE_TYPE_KMS, value);
   case __DRI_IMAGE_ATTRIB_FD:
      return dri_image_get_handle(img, WINSYS_HANDLE_TYPE_FD, value);
   case __DRI_IMAGE_ATTRIB_FORMAT:
      *value = img->dri_format;
      return 1;
   case __DRI_IMAGE_ATTRIB_WIDTH:
      *value = (int)dri_image_width(img);
      return 1;
   case __DRI_IMAGE_ATTRIB_HEIGHT:
      *value = (int)dri_image_height(img);
      return 1;
   case __DRI_IMAGE_ATTRIB_COMPONENTS: {
      const struct fe_image_format *f = fe_image_format_by_fourcc(img->fourcc);
      if (!f)
         break;   /* a GL object's format without a DRM fourcc */
      *value = f->alpha ? __DRI_IMAGE_COMPONENTS_RGBA : __DRI_IMAGE_COMPONENTS_RGB;
      return 1;
   }
   case __DRI_IMAGE_ATTRIB_FOURCC:
      /* EGL exports (MESA_image_dma_buf_export) only what has a fourcc
       * and is a whole buffer */
      if (!img->fourcc || !dri_image_is_whole(img))
         break;
      *value = (int)img->fourcc;
      return 1;
   case __DRI_IMAGE_ATTRIB_NUM_PLANES:
      *value = 1;
      return 1;
   case __DRI_IMAGE_ATTRIB_OFFSET:
      *value = (int)img->offset;
      return 1;
   case __DRI_IMAGE_ATTRIB_MODIFIER_LOWER:
   case __DRI_IMAGE_ATTRIB_MODIFIER_UPPER:
      *value = 0;   /* DRM_FORMAT_MOD_LINEAR */
      return 1;
   case __DRI_IMAGE_ATTRIB_NAME:   /* no flink names */
   default:
      break;
   }
   dri_log(img->screen, "queryImage(%p, 0x%x): not available", (void *)img, attrib);
   return 0;
}

static __DRIimage *
dri_image_dup(__DRIimage *image, void *loader_private)
{
   struct dri_image *img = dri_image(image), *dup;

   if (!img)
      return NULL;
   dup = calloc(1, sizeof(*dup));
   if (!dup)
      return NULL;
   *dup = *img;
   dup->res = NULL;
   pipe_resource_reference(&dup->res, img->res);
   dup->loader_private = loader_private;
   return (__DRIimage *)dup;
}

static unsigned char
dri_image_validate_usage(__DRIimage *image, unsigned int use)
{
   /* memory is memory: any use except protected content */
   return image && !(use & __DRI_IMAGE_USE_PROTECTED);
}

static __DRIimage *
dri_image_from_planar(__DRIimage *image, int plane, void *loader_private)
{
   if (plane != 0)
      return NULL;
   return dri_image_dup(image, loader_private);
}

static int
dri_image_get_capabilities(__DRIscreen *screen)
{
   return 0;   /* no global names: keeps MESA_drm_image off */
}

static void *
dri_image_map(__DRIcontext *context, __DRIimage *image, int x0, int y0, int width, int height,
              unsigned int flags, int *stride, void **data)
{
   struct dri_context *ctx = dri_context(context);
   struct dri_image *img = dri_image(image);
   struct pipe_transfer *transfer = NULL;
   struct pipe_context *pipe;
   unsigned usage = 0;
   void *map;

   if (!ctx || !img || !stride || !data || x0 < 0 || y0 < 0 || width <= 0 || height <= 0 ||
       (uint64_t)x0 + (uint64_t)width > dri_image_width(img) ||
       (uint64_t)y0 + (uint64_t)height > dri_image_height(img))
      return NULL;
   pipe = st_context_pipe(ctx->st);
   if (!pipe || !pipe->texture_map)
      return NULL;
   if (flags & __DRI_IMAGE_TRANSFER_READ)
      usage |= PIPE_MAP_READ;
   if (flags & __DRI_IMAGE_TRANSFER_WRITE)
      usage |= PIPE_MAP_WRITE;
   if (!usage)
      usage = PIPE_MAP_READ;

   struct pipe_box box = u_box_2d(x0, y0, width, height);
   box.z = (int)img->layer;
   map = pipe->texture_map(pipe, img->res, img->level, usage, &box, &transfer);
   if (!map || !transfer) {
      dri_log(img->screen, "mapImage(%p): texture_map failed", (void *)img);
      return NULL;
   }
   *stride = (int)transfer->stride;
   *data = transfer;
   dri_log(img->screen, "mapImage(%p, %d,%d %dx%d, flags 0x%x): stride %d", (void *)img, x0, y0,
           width, height, flags, *stride);
   return map;
}

static void
dri_image_unmap(__DRIcontext *context, __DRIimage *image, void *data)
{
   struct dri_context *ctx = dri_context(context);
   struct pipe_context *pipe;

   if (!ctx || !data)
      return;
   pipe = st_context_pipe(ctx->st);
   if (pipe && pipe->texture_unmap)
      pipe->texture_unmap(pipe, data);
}

/* --- what cannot work yet: fail with a log line, never crash ----------- */

static __DRIimage *
dri_image_from_name(__DRIscreen *screen, int width, int height, int format, int name, int pitch,
                    void *loader_private)
{
   dri_log(dri_screen(screen), "createImageFromName: no flink names");
   return NULL;
}

/* --- images of GL objects (EGL_KHR_gl_image) ---------------------------- */

/* The __DRI_IMAGE_FORMAT_* and fourcc of a pipe format, if it has them. */
static const struct dri_image_format *
dri_image_find_pipe_format(enum pipe_format format)
{
   for (unsigned i = 0; i < sizeof(dri_image_formats) / sizeof(dri_image_formats[0]); i++) {
      if (dri_image_format_to_pipe(dri_image_formats[i].dri_format) == format)
         return &dri_image_formats[i];
   }
   return NULL;
}

static unsigned
dri_image_error_from_st(enum st_egl_image_error e)
{
   switch (e) {
   case ST_EGL_IMAGE_OK: return __DRI_IMAGE_ERROR_SUCCESS;
   case ST_EGL_IMAGE_BAD_MATCH: return __DRI_IMAGE_ERROR_BAD_MATCH;
   case ST_EGL_IMAGE_BAD_ALLOC: return __DRI_IMAGE_ERROR_BAD_ALLOC;
   case ST_EGL_IMAGE_BAD_PARAMETER:
   default: return __DRI_IMAGE_ERROR_BAD_PARAMETER;
   }
}

static const char *
dri_image_error_name(unsigned error)
{
   switch (error) {
   case __DRI_IMAGE_ERROR_BAD_MATCH: return "BAD_MATCH";
   case __DRI_IMAGE_ERROR_BAD_ALLOC: return "BAD_ALLOC";
   case __DRI_IMAGE_ERROR_BAD_PARAMETER: return "BAD_PARAMETER";
   default: return "?";
   }
}

/* A dri_image of what the GL state tracker found (desc->res: the reference
 * moves into the image); *error a __DRI_IMAGE_ERROR_*. */
static __DRIimage *
dri_image_from_gl(struct dri_context *ctx, enum st_egl_image_error e, struct st_egl_image *desc,
                  unsigned *error, void *loader_private, const char *what)
{
   *error = dri_image_error_from_st(e);
   if (e != ST_EGL_IMAGE_OK || !desc->res) {
      pipe_resource_reference(&desc->res, NULL);
      if (*error == __DRI_IMAGE_ERROR_SUCCESS)
         *error = __DRI_IMAGE_ERROR_BAD_PARAMETER;
      dri_log(ctx->screen, "%s: refused (%s)", what, dri_image_error_name(*error));
      return NULL;
   }
   struct dri_image *img = calloc(1, sizeof(*img));
   if (!img) {
      pipe_resource_reference(&desc->res, NULL);
      *error = __DRI_IMAGE_ERROR_BAD_ALLOC;
      return NULL;
   }
   img->screen = ctx->screen;
   img->res = desc->res;   /* the reference moves */
   desc->res = NULL;
   img->level = desc->level;
   img->layer = desc->layer;
   img->format = desc->format;
   img->gl_internal_format = desc->internal_format;
   const struct dri_image_format *f =
      dri_image_find_pipe_format(img->format != PIPE_FORMAT_NONE ? img->format : img->res->format);
   img->dri_format = f ? f->dri_format : __DRI_IMAGE_FORMAT_NONE;
   img->fourcc = f ? f->fourcc : 0;
   img->loader_private = loader_private;
   dri_log(ctx->screen, "%s = %p (level %u, layer %u of a %ux%u resource)", what, (void *)img,
           img->level, img->layer, img->res->width0, img->res->height0);
   return (__DRIimage *)img;
}

static __DRIimage *
dri_image_from_texture(__DRIcontext *context, int target, unsigned texture, int depth, int level,
                       unsigned *error, void *loader_private)
{
   struct dri_context *ctx = dri_context(context);
   unsigned err = __DRI_IMAGE_ERROR_BAD_PARAMETER;
   __DRIimage *img = NULL;

   if (ctx && ctx->st) {
      struct st_egl_image desc;
      char what[96];
      snprintf(what, sizeof(what), "createImageFromTexture(target 0x%x, texture %u, depth %d, "
               "level %d)", (unsigned)target, texture, depth, level);
      enum st_egl_image_error e =
         st_egl_image_from_texture(ctx->st, (unsigned)target, texture, depth, level, &desc);
      img = dri_image_from_gl(ctx, e, &desc, &err, loader_private, what);
   }
   if (error)
      *error = err;
   return img;
}

static __DRIimage *
dri_image_from_renderbuffer2(__DRIcontext *context, int renderbuffer, void *loader_private,
                             unsigned *error)
{
   struct dri_context *ctx = dri_context(context);
   unsigned err = __DRI_IMAGE_ERROR_BAD_PARAMETER;
   __DRIimage *img = NULL;

   if (ctx && ctx->st && renderbuffer > 0) {
      struct st_egl_image desc;
      char what[64];
      snprintf(what, sizeof(what), "createImageFromRenderbuffer(%d)", renderbuffer);
      enum st_egl_image_error e =
         st_egl_image_from_renderbuffer(ctx->st, (unsigned)renderbuffer, &desc);
      img = dri_image_from_gl(ctx, e, &desc, &err, loader_private, what);
   } else if (ctx) {
      dri_log(ctx->screen, "createImageFromRenderbuffer(%d): refused (BAD_PARAMETER)",
              renderbuffer);
   }
   if (error)
      *error = err;
   return img;
}

/* Version 1 of the call (loaders older than DRI_IMAGE 17): no error code. */
static __DRIimage *
dri_image_from_renderbuffer(__DRIcontext *context, int renderbuffer, void *loader_private)
{
   unsigned error;
   return dri_image_from_renderbuffer2(context, renderbuffer, loader_private, &error);
}

static __DRIimage *
dri_image_from_names(__DRIscreen *screen, int width, int height, int fourcc, int *names,
                     int num_names, int *strides, int *offsets, void *loader_private)
{
   dri_log(dri_screen(screen), "createImageFromNames: no flink names");
   return NULL;
}

/* One plane of a dma-buf as an image; *error a __DRI_IMAGE_ERROR_*. */
static __DRIimage *
dri_image_import(struct dri_screen *screen, const char *what, int width, int height, int fourcc,
                 const int *fds, int num_fds, const int *strides, const int *offsets,
                 unsigned *error, void *loader_private)
{
   const struct dri_image_format *f = dri_image_find_fourcc((uint32_t)fourcc);

   *error = __DRI_IMAGE_ERROR_BAD_PARAMETER;
   if (!screen)
      return NULL;
   if (!f) {
      dri_log(screen, "%s: fourcc 0x%08x is not importable", what, (unsigned)fourcc);
      *error = __DRI_IMAGE_ERROR_BAD_MATCH;
      return NULL;
   }
   if (!fds || !strides || !offsets || num_fds != 1) {
      dri_log(screen, "%s(%dx%d, %d fds): one plane, one fd", what, width, height, num_fds);
      return NULL;
   }
   struct dri_image *img = calloc(1, sizeof(*img));
   if (!img) {
      *error = __DRI_IMAGE_ERROR_BAD_ALLOC;
      return NULL;
   }
   enum fe_image_error why;
   img->res = fe_image_import(screen->pscreen, screen->kms_winsys, f->fourcc, width, height,
                              screen->max_pbuffer_size, fds[0], strides[0], offsets[0], &why);
   if (!img->res) {
      static const unsigned dri_errors[] = {
         [FE_IMAGE_OK] = __DRI_IMAGE_ERROR_SUCCESS,
         [FE_IMAGE_BAD_PARAMETER] = __DRI_IMAGE_ERROR_BAD_PARAMETER,
         [FE_IMAGE_BAD_MATCH] = __DRI_IMAGE_ERROR_BAD_MATCH,
         [FE_IMAGE_BAD_ACCESS] = __DRI_IMAGE_ERROR_BAD_ACCESS,
         [FE_IMAGE_BAD_ALLOC] = __DRI_IMAGE_ERROR_BAD_ALLOC,
      };
      dri_log(screen, "%s(%dx%d, fourcc 0x%08x, fd %d, stride %d, offset %d): refused (%s)", what,
              width, height, (unsigned)fourcc, fds[0], strides[0], offsets[0],
              why == FE_IMAGE_BAD_MATCH       ? "no DRM device: dma-bufs cannot be imported"
              : why == FE_IMAGE_BAD_PARAMETER ? "a size, the stride, the offset or the fd"
                                              : "the kernel refused it, or it is too small");
      free(img);
      *error = dri_errors[why];
      return NULL;
   }
   img->screen = screen;
   img->dri_format = f->dri_format;
   img->fourcc = f->fourcc;
   img->offset = (unsigned)offsets[0];
   img->loader_private = loader_private;
   *error = __DRI_IMAGE_ERROR_SUCCESS;
   dri_log(screen, "%s(%dx%d, fourcc 0x%08x, fd %d, stride %d, offset %d) = %p", what, width,
           height, (unsigned)fourcc, fds[0], strides[0], offsets[0], (void *)img);
   return (__DRIimage *)img;
}

static __DRIimage *
dri_image_from_fds(__DRIscreen *screen, int width, int height, int fourcc, int *fds, int num_fds,
                   int *strides, int *offsets, void *loader_private)
{
   unsigned error;
   return dri_image_import(dri_screen(screen), "createImageFromFds", width, height, fourcc, fds,
                           num_fds, strides, offsets, &error, loader_private);
}

static __DRIimage *
dri_image_from_dma_bufs(__DRIscreen *screen, int width, int height, int fourcc, int *fds,
                        int num_fds, int *strides, int *offsets,
                        enum __DRIYUVColorSpace color_space, enum __DRISampleRange sample_range,
                        enum __DRIChromaSiting horiz_siting, enum __DRIChromaSiting vert_siting,
                        unsigned *error, void *loader_private)
{
   unsigned err;
   __DRIimage *img = dri_image_import(dri_screen(screen), "createImageFromDmaBufs", width,
                                      height, fourcc, fds, num_fds, strides, offsets, &err,
                                      loader_private);
   if (error)
      *error = err;
   return img;
}

/* A rectangle inside an image. */
static bool
dri_image_box_ok(const struct dri_image *img, int x, int y, int w, int h)
{
   return x >= 0 && y >= 0 && w > 0 && h > 0 && (uint64_t)x + (uint64_t)w <= dri_image_width(img) &&
          (uint64_t)y + (uint64_t)h <= dri_image_height(img);
}

/* A scaled, converting copy (GBM and EGL use it for buffer copies); one
 * of the same size and block size is a plain copy where the driver has no
 * blit.  flush_flag: __BLIT_FLAG_FLUSH / FINISH (refpipe is done when the
 * call returns: both flush the context). */
static void
dri_image_blit(__DRIcontext *context, __DRIimage *dst, __DRIimage *src, int dstx0, int dsty0,
               int dstwidth, int dstheight, int srcx0, int srcy0, int srcwidth, int srcheight,
               int flush_flag)
{
   struct dri_context *ctx = dri_context(context);
   struct dri_image *d = dri_image(dst), *s = dri_image(src);
   struct pipe_context *pipe = ctx ? st_context_pipe(ctx->st) : NULL;

   if (!pipe || !d || !s)
      return;
   if (!dri_image_box_ok(d, dstx0, dsty0, dstwidth, dstheight) ||
       !dri_image_box_ok(s, srcx0, srcy0, srcwidth, srcheight)) {
      dri_log(ctx->screen, "blitImage: a rectangle outside its image (dst %d,%d %dx%d of %ux%u, "
              "src %d,%d %dx%d of %ux%u)", dstx0, dsty0, dstwidth, dstheight, dri_image_width(d),
              dri_image_height(d), srcx0, srcy0, srcwidth, srcheight, dri_image_width(s),
              dri_image_height(s));
      return;
   }
   struct pipe_screen *pscreen = ctx->screen->pscreen;
   bool same_size = dstwidth == srcwidth && dstheight == srcheight;
   if (pscreen->caps.blit && pipe->blit) {
      struct pipe_blit_info info;
      memset(&info, 0, sizeof(info));
      info.dst.resource = d->res;
      info.dst.level = d->level;
      info.dst.box = u_box_2d(dstx0, dsty0, dstwidth, dstheight);
      info.dst.box.z = (int)d->layer;
      info.dst.format = d->format != PIPE_FORMAT_NONE ? d->format : d->res->format;
      info.src.resource = s->res;
      info.src.level = s->level;
      info.src.box = u_box_2d(srcx0, srcy0, srcwidth, srcheight);
      info.src.box.z = (int)s->layer;
      info.src.format = s->format != PIPE_FORMAT_NONE ? s->format : s->res->format;
      info.mask = PIPE_MASK_RGBA;
      info.filter = same_size ? PIPE_TEX_FILTER_NEAREST : PIPE_TEX_FILTER_LINEAR;
      pipe->blit(pipe, &info);
   } else if (same_size && pipe->resource_copy_region &&
              util_format_get_blocksize(d->res->format) ==
                 util_format_get_blocksize(s->res->format)) {
      struct pipe_box box = u_box_2d(srcx0, srcy0, srcwidth, srcheight);
      box.z = (int)s->layer;
      pipe->resource_copy_region(pipe, d->res, d->level, (unsigned)dstx0, (unsigned)dsty0,
                                 d->layer, s->res, s->level, &box);
   } else {
      dri_log(ctx->screen, "blitImage: the driver cannot scale or convert");
      return;
   }
   if (flush_flag & (__BLIT_FLAG_FLUSH | __BLIT_FLAG_FINISH))
      st_context_flush(ctx->st, 0, NULL);
}

/* What createImageFromDmaBufs accepts: the formats of dri_image_formats,
 * linear, on a screen with a DRM device; nothing elsewhere. */
static unsigned char
dri_image_query_dma_buf_formats(__DRIscreen *s, int max, int *formats, int *count)
{
   struct dri_screen *screen = dri_screen(s);
   unsigned n = sizeof(dri_image_formats) / sizeof(dri_image_formats[0]);

   if (!count || max < 0)
      return 0;
   if (!screen || !screen->kms_winsys) {
      *count = 0;
      return 1;
   }
   if (max == 0 || !formats) {
      *count = (int)n;
      return 1;
   }
   int k = 0;
   for (unsigned i = 0; i < n && k < max; i++)
      formats[k++] = (int)dri_image_formats[i].fourcc;
   *count = k;
   return 1;
}

static unsigned char
dri_image_query_dma_buf_modifiers(__DRIscreen *s, int fourcc, int max, uint64_t *modifiers,
                                  unsigned int *external_only, int *count)
{
   struct dri_screen *screen = dri_screen(s);

   if (!count || max < 0)
      return 0;
   *count = 0;
   if (!screen || !screen->kms_winsys || !dri_image_find_fourcc((uint32_t)fourcc))
      return 0;   /* not importable */
   if (max == 0 || !modifiers) {
      *count = 1;
      return 1;
   }
   modifiers[0] = FE_MOD_LINEAR;
   if (external_only)
      external_only[0] = 0;
   *count = 1;
   return 1;
}

/* Version 16: the planes of an importable format with the linear modifier
 * (GBM asks through queryDmaBufModifiers which formats exist at all). */
static unsigned char
dri_image_query_dma_buf_format_modifier_attribs(__DRIscreen *s, uint32_t fourcc,
                                                uint64_t modifier, int attrib, uint64_t *value)
{
   struct dri_screen *screen = dri_screen(s);

   if (!screen || !screen->kms_winsys || !value || !dri_image_find_fourcc(fourcc) ||
       modifier != FE_MOD_LINEAR || attrib != __DRI_IMAGE_FORMAT_MODIFIER_ATTRIB_PLANE_COUNT)
      return 0;
   *value = 1;
   return 1;
}

/*
 * createImageFromDmaBufs2 (EXT_image_dma_buf_import_modifiers) stays NULL:
 * EGL only advertises that extension when it is set.
 */
const __DRIimageExtension dri_image_extension = {
   .base = { __DRI_IMAGE, 17 },
   .createImageFromName = dri_image_from_name,
   .createImageFromRenderbuffer = dri_image_from_renderbuffer,
   .destroyImage = dri_image_destroy,
   .createImage = dri_image_create,
   .queryImage = dri_image_query,
   .dupImage = dri_image_dup,
   .validateUsage = dri_image_validate_usage,
   .createImageFromNames = dri_image_from_names,
   .fromPlanar = dri_image_from_planar,
   .createImageFromTexture = dri_image_from_texture,
   .createImageFromFds = dri_image_from_fds,
   .createImageFromDmaBufs = dri_image_from_dma_bufs,
   .blitImage = dri_image_blit,
   .getCapabilities = dri_image_get_capabilities,
   .mapImage = dri_image_map,
   .unmapImage = dri_image_unmap,
   .createImageWithModifiers = dri_image_create_with_modifiers,
   .createImageFromDmaBufs2 = NULL,
   .queryDmaBufFormats = dri_image_query_dma_buf_formats,
   .queryDmaBufModifiers = dri_image_query_dma_buf_modifiers,
   .queryDmaBufFormatModifierAttribs = dri_image_query_dma_buf_format_modifier_attribs,
   .createImageFromRenderbuffer2 = dri_image_from_renderbuffer2,
};
