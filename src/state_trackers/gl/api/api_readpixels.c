/*
 * glReadPixels from the window-system framebuffer: map the buffer through
 * the pipe context, unpack with the format module, pack by GL's rules
 * (st_pixel_pack.c).  Pixels outside the framebuffer are left untouched
 * in client memory.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "st_context.h"
#include "st_framebuffer.h"
#include "st_pixel_pack.h"

static void
pack_features(const struct st_context *ctx, struct st_pack_features *f)
{
   f->bgra = ctx->caps.ext_bgra || ctx->version >= 12;
   f->packed_pixels = ctx->caps.ext_packed_pixels || ctx->version >= 12;
   f->depth_stencil = ctx->caps.ext_packed_depth_stencil || ctx->version >= 30;
   f->rgba_mode = true;
}

/* Which attachment of fb the read needs; ST_ATTACHMENT_COUNT: none (error). */
static enum st_attachment
source_attachment(const struct st_context *ctx, const struct st_framebuffer *fb, GLenum format)
{
   switch (format) {
   case GL_DEPTH_COMPONENT:
      return st_visual_has_depth(&fb->visual) ? ST_ATTACHMENT_DEPTH_STENCIL : ST_ATTACHMENT_COUNT;
   case GL_STENCIL_INDEX:
      return st_visual_has_stencil(&fb->visual) ? ST_ATTACHMENT_DEPTH_STENCIL
                                                : ST_ATTACHMENT_COUNT;
   case GL_DEPTH_STENCIL:
      return st_visual_has_depth(&fb->visual) && st_visual_has_stencil(&fb->visual)
                ? ST_ATTACHMENT_DEPTH_STENCIL : ST_ATTACHMENT_COUNT;
   default: {
      enum st_attachment a[2];
      if (!st_framebuffer_buffers(&fb->visual, ctx->pixel.read_buffer, a))
         return ST_ATTACHMENT_COUNT;
      return a[0];
   }
   }
}

/* Pack one row of n pixels from the mapped source into tmp. */
static void
pack_row(enum pipe_format src_format, const uint8_t *src, unsigned n, GLenum format,
         GLenum type, const struct st_pixelstore *ps, float *fbuf, uint8_t *sbuf, void *tmp,
         unsigned bit_offset)
{
   switch (format) {
   case GL_DEPTH_COMPONENT:
      util_format_unpack_z_float(src_format, fbuf, src, n);
      st_pack_depth(type, fbuf, n, tmp, ps->swap_bytes);
      break;
   case GL_STENCIL_INDEX:
      util_format_unpack_s_8uint(src_format, sbuf, src, n);
      st_pack_stencil(type, sbuf, n, tmp, ps->swap_bytes, ps->lsb_first, bit_offset);
      break;
   case GL_DEPTH_STENCIL:
      util_format_unpack_z_float(src_format, fbuf, src, n);
      util_format_unpack_s_8uint(src_format, sbuf, src, n);
      st_pack_depth_stencil(fbuf, sbuf, n, tmp, ps->swap_bytes);
      break;
   default:
      util_format_unpack_rgba_float(src_format, fbuf, src, n);
      st_pack_rgba(format, type, (const float (*)[4])fbuf, n, tmp, ps->swap_bytes);
      break;
   }
}

void GLAPIENTRY
api_glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 void *pixels)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glReadPixels");
      return;
   }

   st_validate(ctx, ST_NEW_FRAMEBUFFER);
   struct st_framebuffer *fb = st_read_framebuffer(ctx);
   if (!fb->iface || !st_framebuffer_validate(ctx, fb, 0)) {
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels");
      return;
   }

   struct st_pack_features features;
   pack_features(ctx, &features);
   GLenum err = st_pack_check(&features, format, type);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "glReadPixels(format/type)");
      return;
   }
   enum st_attachment att = source_attachment(ctx, fb, format);
   struct pipe_resource *res = att < ST_ATTACHMENT_COUNT ? fb->textures[att] : NULL;
   if (!res) {
      st_error(ctx, GL_INVALID_OPERATION, "glReadPixels(no such buffer)");
      return;
   }
   if (!width || !height || !pixels)
      return;

   /* Clip to the buffer; the rest of the client image stays untouched. */
   long x0 = x, y0 = y, x1 = (long)x + width, y1 = (long)y + height;
   long fw = res->width0, fh = res->height0;
   if (x0 < 0) x0 = 0;
   if (y0 < 0) y0 = 0;
   if (x1 > fw) x1 = fw;
   if (y1 > fh) y1 = fh;
   if (x0 >= x1 || y0 >= y1)
      return;
   unsigned n = (unsigned)(x1 - x0);

   const struct st_pixelstore *ps = &ctx->pixelstore.pack;
   float *fbuf = malloc((size_t)n * 4 * sizeof(float));
   uint8_t *sbuf = malloc(n);
   size_t tmp_size = type == GL_BITMAP ? (n + 7) / 8 + 1 : (size_t)n * 16;
   uint8_t *tmp = malloc(tmp_size);
   if (!fbuf || !sbuf || !tmp) {
      free(fbuf);
      free(sbuf);
      free(tmp);
      st_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels");
      return;
   }

   /* Buffers store the top row first: GL row y is buffer row fh - 1 - y. */
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box = { (int)x0, (int)(fh - y1), 0, (int)n, (int)(y1 - y0), 1 };
   const uint8_t *map = ctx->pipe->texture_map(ctx->pipe, res, 0, PIPE_MAP_READ, &box, &xfer);
   if (!map) {
      free(fbuf);
      free(sbuf);
      free(tmp);
      st_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels(map)");
      return;
   }

   enum pipe_format src_format = st_framebuffer_view_format(res->format);
   for (long gy = y0; gy < y1; gy++) {
      const uint8_t *src = map + (size_t)(y1 - 1 - gy) * xfer->stride;
      size_t off = st_pack_offset(ps, format, type, width, (int)(x0 - x), (int)(gy - y));
      if (type == GL_BITMAP) {
         /* Bits are written in place, next to bits of pixels we must keep. */
         pack_row(src_format, src, n, format, type, ps, fbuf, sbuf,
                  (uint8_t *)pixels + off / 8, off % 8);
      } else {
         pack_row(src_format, src, n, format, type, ps, fbuf, sbuf, tmp, 0);
         memcpy((uint8_t *)pixels + off, tmp, (size_t)n * st_pack_pixel_size(format, type));
      }
   }

   ctx->pipe->texture_unmap(ctx->pipe, xfer);
   free(fbuf);
   free(sbuf);
   free(tmp);
}
