/*
 * glReadPixels from the read framebuffer (st_fbo.h): map the buffer through
 * the pipe context, unpack with the format module, pack by GL's rules
 * (st_pixel_pack.c).  Pixels outside the framebuffer are left untouched
 * in client memory.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "pipe/p_context.h"
#include "st_clamp.h"
#include "st_context.h"
#include "st_drawpix.h"
#include "st_es_formats.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_pixel_format.h"
#include "st_pixel_pack.h"

static void
pack_features(const struct st_context *ctx, struct st_pack_features *f)
{
   memset(f, 0, sizeof *f);   /* flags not set below (half_float) are off */
   f->bgra = ctx->caps.ext_bgra || ctx->version >= 12;
   f->packed_pixels = ctx->caps.ext_packed_pixels || ctx->version >= 12;
   f->depth_stencil = ctx->caps.ext_packed_depth_stencil || ctx->version >= 30;
   f->rgba_mode = true;
   f->rg = ctx->caps.ext_texture_rg;
   f->packed_float = ctx->caps.ext_packed_float;
   f->half_float = ctx->caps.ext_half_float_pixel;
   f->shared_exponent = ctx->caps.ext_texture_shared_exponent;
   f->integer = ctx->caps.ext_texture_integer;
   f->depth_float = ctx->caps.ext_depth_buffer_float;   /* FLOAT_32_UNSIGNED_INT_24_8_REV */
}

/*
 * ES 1.1 section 4.3.1: glReadPixels takes RGBA/UNSIGNED_BYTE and the
 * implementation's pair (GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE_OES,
 * the same pair here); other ES formats and types are
 * GL_INVALID_OPERATION, desktop ones (depth, stencil, BGRA, FLOAT, ...)
 * GL_INVALID_ENUM.  An ES caller sizes its buffer for these alone.
 */
static GLenum
es1_read_check(GLenum format, GLenum type)
{
   switch (format) {
   case GL_ALPHA: case GL_RGB: case GL_RGBA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
      break;
   default:
      return GL_INVALID_ENUM;
   }
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_5_5_5_1:
      break;
   default:
      return GL_INVALID_ENUM;
   }
   return format == GL_RGBA && type == GL_UNSIGNED_BYTE ? GL_NO_ERROR : GL_INVALID_OPERATION;
}

/* The buffer of the read framebuffer the read needs; false if absent. */
static bool
source_buffer(struct st_context *ctx, GLenum format, struct st_fb_buffer *out)
{
   switch (format) {
   case GL_DEPTH_COMPONENT:
      return st_fb_read_depth(ctx, out);
   case GL_STENCIL_INDEX:
      return st_fb_read_stencil(ctx, out);
   case GL_DEPTH_STENCIL: {
      struct st_fb_buffer s;
      /* one image holding both (a packed depth/stencil buffer) */
      return st_fb_read_depth(ctx, out) && st_fb_read_stencil(ctx, &s) && s.res == out->res &&
             s.level == out->level && s.layer == out->layer;
   }
   default:
      return st_fb_read_color(ctx, out);
   }
}

/* Pack one row of n pixels from the mapped source into tmp. */
static void
pack_row(const struct st_context *ctx, enum pipe_format src_format, GLenum base, const uint8_t *src,
         unsigned n, GLenum format, GLenum type, const struct st_pixelstore *ps, float *fbuf,
         uint8_t *sbuf, void *tmp, unsigned bit_offset, bool clamp_read)
{
   switch (format) {
   case GL_DEPTH_COMPONENT:
      util_format_unpack_z_float(src_format, fbuf, src, n);
      st_pixel_transfer_depth(ctx, n, fbuf);   /* depth scale and bias */
      st_pack_depth(type, fbuf, n, tmp, ps->swap_bytes);
      break;
   case GL_STENCIL_INDEX: {
      util_format_unpack_s_8uint(src_format, sbuf, src, n);
      /* index shift/offset and the S-to-S map (fbuf's room holds n uint32) */
      uint32_t *idx = (uint32_t *)fbuf;
      for (unsigned i = 0; i < n; i++)
         idx[i] = sbuf[i];
      st_pixel_transfer_stencil(ctx, n, idx, sbuf);
      st_pack_stencil(type, sbuf, n, tmp, ps->swap_bytes, ps->lsb_first, bit_offset);
      break;
   }
   case GL_DEPTH_STENCIL: {
      util_format_unpack_z_float(src_format, fbuf, src, n);
      util_format_unpack_s_8uint(src_format, sbuf, src, n);
      /* depth scale/bias, index shift/offset and the S-to-S map (the
       * indices borrow the second half of fbuf, which holds 4n floats) */
      st_pixel_transfer_depth(ctx, n, fbuf);
      uint32_t *idx = (uint32_t *)(fbuf + n);
      for (unsigned i = 0; i < n; i++)
         idx[i] = sbuf[i];
      st_pixel_transfer_stencil(ctx, n, idx, sbuf);
      if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         st_pack_depth_stencil_32f(fbuf, sbuf, n, tmp, ps->swap_bytes);
      else
         st_pack_depth_stencil(fbuf, sbuf, n, tmp, ps->swap_bytes);
      break;
   }
   default:
      if (st_pixel_format_is_integer(format)) {
         /* EXT_texture_integer: the buffer's integers as they are, no
          * pixel transfer operations (fbuf's room holds 4n words) */
         uint32_t (*iv)[4] = (uint32_t (*)[4])fbuf;
         const struct util_format_description *d = util_format_description(src_format);
         bool sgn = d->nr_channels && d->channel[0].type == UTIL_FORMAT_TYPE_SINT;
         if (sgn)
            util_format_unpack_rgba_sint(src_format, (int32_t *)fbuf, src, n);
         else
            util_format_unpack_rgba_uint(src_format, (uint32_t *)fbuf, src, n);
         st_pack_rgba_int(format, type, (const uint32_t (*)[4])iv, n, sgn, tmp, ps->swap_bytes);
         break;
      }
      util_format_unpack_rgba_float(src_format, fbuf, src, n);
      st_fb_mask_base_read(base, n, (float (*)[4])fbuf);   /* FBO attachment's base format */
      st_pixel_transfer_rgba(ctx, n, (float (*)[4])fbuf);   /* scale, bias, colour maps */
      /* ARB_color_buffer_float 4.3.2: float types keep the values unless
       * read colour clamping is on (st_clamp.h) */
      if (clamp_read)
         st_pack_rgba(format, type, (const float (*)[4])fbuf, n, tmp, ps->swap_bytes);
      else
         st_pack_rgba_unclamped(format, type, (const float (*)[4])fbuf, n, tmp, ps->swap_bytes);
      break;
   }
}

/*
 * The common read: GL_RGBA or GL_BGRA as GL_UNSIGNED_BYTE from a buffer of
 * four 8-bit unorm channels (or three and padding), with no pixel transfer
 * operation and a base format that keeps every channel.  Unpacking a unorm8
 * channel to float and packing it back to an unsigned byte gives the byte
 * itself, so pack_row's result is a byte shuffle: `bytes` gets, for R, G, B
 * and A, the byte of the source texel (-1: alpha absent, read as 255).
 * false when pack_row must do the work.
 */
static bool
fast_rgba8_layout(const struct st_context *ctx, enum pipe_format src_format, GLenum base,
                  GLenum format, GLenum type, int8_t bytes[4])
{
   if (type != GL_UNSIGNED_BYTE || (format != GL_RGBA && format != GL_BGRA) ||
       st_pixel_transfer_rgba_active(ctx))
      return false;
   switch (base) {
   case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA: case GL_INTENSITY:
   case GL_RED: case GL_RG:
      return false;
   default:
      break;
   }
   if (!util_format_rgba8_unorm_bytes(src_format, bytes))
      return false;
   if (base == GL_RGB)
      bytes[3] = -1;   /* an RGB attachment reads alpha 1 */
   return true;
}

static void
pack_row_rgba8(const uint8_t *src, unsigned n, const int8_t bytes[4], bool bgra, uint8_t *dst)
{
   static const unsigned rgba[4] = { 0, 1, 2, 3 }, bgr_a[4] = { 2, 1, 0, 3 };
   const unsigned *order = bgra ? bgr_a : rgba;
   int sel[4];   /* destination byte k is source byte sel[k], 255 when -1 */
   for (unsigned k = 0; k < 4; k++)
      sel[k] = bytes[order[k]];
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
   /* the usual layouts as whole texels: the same bytes, several at a time */
   uint32_t set = sel[3] < 0 ? 0xff000000u : 0;
   bool same = sel[0] == 0 && sel[1] == 1 && sel[2] == 2 && (sel[3] == 3 || sel[3] < 0);
   bool swap = sel[0] == 2 && sel[1] == 1 && sel[2] == 0 && (sel[3] == 3 || sel[3] < 0);
   if (same && !set) {
      memcpy(dst, src, (size_t)n * 4);
      return;
   }
   if (same || swap) {
      for (unsigned i = 0; i < n; i++) {
         uint32_t v;
         memcpy(&v, src + 4 * (size_t)i, 4);
         if (swap)
            v = (v & 0xff00ff00u) | (v >> 16 & 0xffu) | (v & 0xffu) << 16;
         v |= set;
         memcpy(dst + 4 * (size_t)i, &v, 4);
      }
      return;
   }
#endif
   for (unsigned i = 0; i < n; i++, src += 4, dst += 4) {
      for (unsigned k = 0; k < 4; k++)
         dst[k] = sel[k] < 0 ? 255 : src[sel[k]];
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
   struct st_fb_info fb;
   if (!st_fb_check_read(ctx, &fb, "glReadPixels"))
      return;

   struct st_pack_features features;
   pack_features(ctx, &features);
   GLenum err = ctx->profile == ST_PROFILE_GLES1 ? es1_read_check(format, type)
                                                 : st_pack_check(&features, format, type);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "glReadPixels(format/type)");
      return;
   }
   if (ctx->profile == ST_PROFILE_GLES2) {   /* ES 2.0 / 3.0 pairs (st_es_formats.c) */
      struct st_fb_buffer cb;
      bool have = st_fb_read_color(ctx, &cb);
      err = st_es_readpixels_error(ctx, format, type, have ? cb.format : PIPE_FORMAT_NONE);
      if (err != GL_NO_ERROR) {
         st_error(ctx, err, "glReadPixels(ES format/type)");
         return;
      }
   }
   struct st_fb_buffer buf;
   if (!source_buffer(ctx, format, &buf)) {
      st_error(ctx, GL_INVALID_OPERATION, "glReadPixels(no such buffer)");
      return;
   }
   /* EXT_texture_integer: integer formats only from integer colour buffers,
    * the other formats only from the others */
   if (st_pixel_integer_match(format, util_format_description(buf.format)->is_pure_integer)) {
      st_error(ctx, GL_INVALID_OPERATION, "glReadPixels(integer format/buffer mismatch)");
      return;
   }
   void *dst_mem;
   if (!st_pixel_buffer_ptr(ctx, true, pixels,
                            st_pixel_image_size(&ctx->pixelstore.pack, format, type, width,
                                                height, 1, 2),
                            &dst_mem, "glReadPixels(pixel pack buffer)"))
      return;
   pixels = dst_mem;
   if (!width || !height || !pixels)
      return;

   /* Clip to the buffer; the rest of the client image stays untouched. */
   long x0 = x, y0 = y, x1 = (long)x + width, y1 = (long)y + height;
   long fw = fb.width, fh = fb.height;
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

   /* Window-system buffers store the top row first: GL row y is buffer
    * row h - 1 - y there; FBO attachments store GL row y as row y. */
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box;
   st_fb_box(&buf, (int)x0, (int)y0, (int)n, (int)(y1 - y0), &box);
   const uint8_t *map = ctx->pipe->texture_map(ctx->pipe, buf.res, buf.level, PIPE_MAP_READ,
                                               &box, &xfer);
   if (!map) {
      free(fbuf);
      free(sbuf);
      free(tmp);
      st_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels(map)");
      return;
   }

   enum pipe_format src_format = buf.format;
   bool clamp_read = st_clamp_read_color(ctx);
   int8_t bytes[4];
   bool fast = fast_rgba8_layout(ctx, src_format, buf.base, format, type, bytes);
   for (long gy = y0; gy < y1; gy++) {
      size_t row = buf.flip_y ? (size_t)(y1 - 1 - gy) : (size_t)(gy - y0);
      const uint8_t *src = map + row * xfer->stride;
      size_t off = st_pack_offset(ps, format, type, width, (int)(x0 - x), (int)(gy - y));
      if (fast) {
         pack_row_rgba8(src, n, bytes, format == GL_BGRA, (uint8_t *)pixels + off);
      } else if (type == GL_BITMAP) {
         /* Bits are written in place, next to bits of pixels we must keep. */
         pack_row(ctx, src_format, buf.base, src, n, format, type, ps, fbuf, sbuf,
                  (uint8_t *)pixels + off / 8, off % 8, clamp_read);
      } else {
         pack_row(ctx, src_format, buf.base, src, n, format, type, ps, fbuf, sbuf, tmp, 0,
                  clamp_read);
         memcpy((uint8_t *)pixels + off, tmp, (size_t)n * st_pack_pixel_size(format, type));
      }
   }

   ctx->pipe->texture_unmap(ctx->pipe, xfer);
   free(fbuf);
   free(sbuf);
   free(tmp);
}
