/*
 * glDrawPixels, glCopyPixels, glBitmap (GL 2.1 sections 3.6.4, 3.7, 4.3.3):
 * argument checks, unpacking (st_pixel_unpack.c) or reading back
 * (st_drawpix.c), the pixel-transfer operations, then the fragments
 * through st_drawpix_*.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "st_drawpix.h"
#include "st_fbo.h"
#include "st_framebuffer.h"
#include "st_pixel_pack.h"
#include "st_pixel_unpack.h"
#include "format/u_format.h"

static void
unpack_features(const struct st_context *ctx, struct st_pixel_features *f)
{
   memset(f, 0, sizeof *f);
   f->bgra = ctx->caps.ext_bgra || ctx->version >= 12;
   f->packed_pixels = ctx->caps.ext_packed_pixels || ctx->version >= 12;
   f->depth_stencil = ctx->caps.ext_packed_depth_stencil || ctx->version >= 30;
   f->rg = ctx->caps.ext_texture_rg;
   f->packed_float = ctx->caps.ext_packed_float;
   f->half_float = ctx->caps.ext_half_float_pixel;
   f->shared_exponent = ctx->caps.ext_texture_shared_exponent;
   f->integer = ctx->caps.ext_texture_integer;
   f->depth_float = ctx->caps.ext_depth_buffer_float;   /* FLOAT_32_UNSIGNED_INT_24_8_REV */
}

/* EXT_texture_integer: does any draw colour buffer hold integers (UINT/SINT)? */
static bool
draw_colors_integer(struct st_context *ctx)
{
   struct st_fb_buffer bufs[ST_MAX_DRAW_BUFFERS];
   unsigned n = st_fb_draw_colors(ctx, bufs);
   for (unsigned i = 0; i < n; i++)
      if (util_format_description(bufs[i].format)->is_pure_integer)
         return true;
   return false;
}

static void
index_map_cb(void *closure, const uint32_t *indices, unsigned n, float (*rgba)[4])
{
   st_pixel_index_to_rgba(closure, n, indices, rgba);
}

/* Pointer to unpacked row j (bytes; GL_BITMAP rows return their bit offset). */
static const void *
row_ptr(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei w, GLsizei h,
        int j, const void *pixels, unsigned *bit_offset)
{
   size_t off = st_unpack_offset(ps, format, type, w, h, 2, 0, j, 0);
   if (type == GL_BITMAP) {
      *bit_offset = (unsigned)(off % 8);
      return (const uint8_t *)pixels + off / 8;
   }
   *bit_offset = 0;
   return (const uint8_t *)pixels + off;
}

/* Draw-framebuffer checks shared by the three commands; false: error raised. */
static bool
check_draw_fb(struct st_context *ctx, const char *where)
{
   st_validate(ctx, ST_NEW_FRAMEBUFFER);
   struct st_fb_info info;
   return st_fb_check_draw(ctx, &info, where);
}

/* GL_DEPTH_STENCIL images replace depth and stencil values; no colour
 * fragments (GL_EXT_packed_depth_stencil). */
static void
draw_depth_stencil(struct st_context *ctx, int w, int h, const float *z, const uint8_t *s)
{
   st_drawpix_depth_direct(ctx, w, h, z);
   st_drawpix_stencil(ctx, w, h, s);
}

void GLAPIENTRY
api_glDrawPixels(GLsizei width, GLsizei height, GLenum format, GLenum type,
                 const void *pixels)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawPixels");
      return;
   }
   struct st_pixel_features f;
   unpack_features(ctx, &f);
   GLenum err = st_unpack_check(&f, format, type);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "glDrawPixels(format/type)");
      return;
   }
   if (!check_draw_fb(ctx, "glDrawPixels"))
      return;
   struct st_fb_buffer zbuf, sbuf;
   if (((format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL) &&
        !st_fb_draw_depth(ctx, &zbuf)) ||
       ((format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL) &&
        !st_fb_draw_stencil(ctx, &sbuf))) {
      st_error(ctx, GL_INVALID_OPERATION, "glDrawPixels(no such buffer)");
      return;
   }
   /* EXT_texture_integer: integer data only into integer colour buffers,
    * other colour data only into the others */
   if (st_pixel_integer_match(format, draw_colors_integer(ctx)) != GL_NO_ERROR) {
      st_error(ctx, GL_INVALID_OPERATION, "glDrawPixels(integer format/buffer mismatch)");
      return;
   }
   const struct st_pixelstore *ps = &ctx->pixelstore.unpack;
   void *src_mem;
   if (!st_pixel_buffer_ptr(ctx, false, pixels,
                            st_unpack_image_size(ps, format, type, width, height, 1, 2),
                            &src_mem, "glDrawPixels(pixel unpack buffer)"))
      return;
   pixels = src_mem;
   /* GL_SELECT / GL_FEEDBACK: a feedback token, no fragments */
   if (st_select_pixel_command(ctx, GL_DRAW_PIXEL_TOKEN))
      return;
   if (!ctx->pix.raster.valid || !width || !height || !pixels)
      return;

   size_t n = (size_t)width * (size_t)height;
   unsigned bitoff;
   switch (format) {
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL: {
      float *z = malloc(n * sizeof *z);
      uint8_t *s = malloc(n);
      uint32_t *si = malloc((size_t)width * sizeof *si);
      if (!z || !s || !si) {
         free(z), free(s), free(si);
         st_error(ctx, GL_OUT_OF_MEMORY, "glDrawPixels");
         return;
      }
      for (int j = 0; j < height; j++) {
         const void *src = row_ptr(ps, format, type, width, height, j, pixels, &bitoff);
         float *zr = z + (size_t)j * (size_t)width;
         uint8_t *sr = s + (size_t)j * (size_t)width;
         if (format == GL_DEPTH_COMPONENT) {
            st_unpack_depth(type, src, (unsigned)width, zr, ps->swap_bytes);
         } else {
            if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
               st_unpack_depth_stencil_32f(src, (unsigned)width, zr, sr, ps->swap_bytes);
            else
               st_unpack_depth_stencil(src, (unsigned)width, zr, sr, ps->swap_bytes);
            for (int i = 0; i < width; i++)
               si[i] = sr[i];
            st_pixel_transfer_stencil(ctx, (unsigned)width, si, sr);
         }
         st_pixel_transfer_depth(ctx, (unsigned)width, zr);
      }
      if (format == GL_DEPTH_COMPONENT)
         st_drawpix_depth(ctx, width, height, z);
      else
         draw_depth_stencil(ctx, width, height, z, s);
      free(z), free(s), free(si);
      return;
   }
   case GL_STENCIL_INDEX: {
      uint8_t *s = malloc(n);
      uint32_t *si = malloc((size_t)width * sizeof *si);
      if (!s || !si) {
         free(s), free(si);
         st_error(ctx, GL_OUT_OF_MEMORY, "glDrawPixels");
         return;
      }
      for (int j = 0; j < height; j++) {
         const void *src = row_ptr(ps, format, type, width, height, j, pixels, &bitoff);
         st_unpack_index(type, src, (unsigned)width, si, ps->swap_bytes, ps->lsb_first, bitoff);
         st_pixel_transfer_stencil(ctx, (unsigned)width, si, s + (size_t)j * (size_t)width);
      }
      st_drawpix_stencil(ctx, width, height, s);
      free(s), free(si);
      return;
   }
   default: {
      float (*rgba)[4] = malloc(n * sizeof *rgba);
      if (!rgba) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glDrawPixels");
         return;
      }
      struct st_unpack_index_map imap = { index_map_cb, ctx };
      if (!st_unpack_image_rgba(ps, format, type, width, height, 2, 0, pixels, rgba, &imap)) {
         free(rgba);
         st_error(ctx, GL_INVALID_OPERATION, "glDrawPixels(format)");
         return;
      }
      if (format != GL_COLOR_INDEX)
         st_pixel_transfer_rgba(ctx, (unsigned)n, rgba);
      st_drawpix_rgba(ctx, width, height, (const float (*)[4])rgba);
      free(rgba);
      return;
   }
   }
}

void GLAPIENTRY
api_glCopyPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum type)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glCopyPixels");
      return;
   }
   if (type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL &&
       !(type == GL_DEPTH_STENCIL && ctx->caps.ext_packed_depth_stencil)) {
      st_error(ctx, GL_INVALID_ENUM, "glCopyPixels(type)");
      return;
   }
   if (!check_draw_fb(ctx, "glCopyPixels"))
      return;
   struct st_fb_info rinfo;
   if (!st_fb_check_read(ctx, &rinfo, "glCopyPixels"))
      return;
   bool need_depth = type == GL_DEPTH || type == GL_DEPTH_STENCIL;
   bool need_stencil = type == GL_STENCIL || type == GL_DEPTH_STENCIL;
   struct st_fb_buffer b;
   if ((need_depth && (!st_fb_draw_depth(ctx, &b) || !st_fb_read_depth(ctx, &b))) ||
       (need_stencil && (!st_fb_draw_stencil(ctx, &b) || !st_fb_read_stencil(ctx, &b))) ||
       (type == GL_COLOR && !st_fb_read_color(ctx, &b))) {
      st_error(ctx, GL_INVALID_OPERATION, "glCopyPixels(no such buffer)");
      return;
   }
   /* EXT_texture_integer: colour copies between an integer and a
    * non-integer buffer are refused */
   if (type == GL_COLOR &&
       util_format_description(b.format)->is_pure_integer != draw_colors_integer(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION, "glCopyPixels(integer/non-integer buffers)");
      return;
   }
   if (st_select_pixel_command(ctx, GL_COPY_PIXEL_TOKEN))
      return;   /* GL_SELECT / GL_FEEDBACK: no fragments */
   if (!ctx->pix.raster.valid || !width || !height)
      return;

   /* Clip the source to the read buffer; pixels outside it are undefined
    * by GL and produce no fragments here. */
   long x0 = x, y0 = y, x1 = (long)x + width, y1 = (long)y + height;
   if (x0 < 0) x0 = 0;
   if (y0 < 0) y0 = 0;
   if (x1 > (long)rinfo.width) x1 = rinfo.width;
   if (y1 > (long)rinfo.height) y1 = rinfo.height;
   if (x0 >= x1 || y0 >= y1)
      return;
   int w = (int)(x1 - x0), h = (int)(y1 - y0);
   size_t n = (size_t)w * (size_t)h;

   /* The clipped image starts (x0 - x, y0 - y) source pixels in. */
   struct st_raster_state saved = ctx->pix.raster;
   ctx->pix.raster.pos[0] += ctx->pix.transfer.zoom_x * (float)(x0 - x);
   ctx->pix.raster.pos[1] += ctx->pix.transfer.zoom_y * (float)(y0 - y);

   void *buf = NULL, *buf2 = NULL;
   uint32_t *si = NULL;
   bool ok = false;
   switch (type) {
   case GL_COLOR: {
      float (*rgba)[4] = buf = malloc(n * sizeof *rgba);
      if (rgba && st_readpix_rgba(ctx, (int)x0, (int)y0, w, h, rgba)) {
         st_pixel_transfer_rgba(ctx, (unsigned)n, rgba);
         st_drawpix_rgba(ctx, w, h, (const float (*)[4])rgba);
         ok = true;
      }
      break;
   }
   case GL_DEPTH: {
      float *z = buf = malloc(n * sizeof *z);
      if (z && st_readpix_depth(ctx, (int)x0, (int)y0, w, h, z)) {
         st_pixel_transfer_depth(ctx, (unsigned)n, z);
         st_drawpix_depth(ctx, w, h, z);
         ok = true;
      }
      break;
   }
   default: {   /* GL_STENCIL, GL_DEPTH_STENCIL */
      uint8_t *s = buf = malloc(n);
      si = malloc(n * sizeof *si);
      float *z = NULL;
      if (type == GL_DEPTH_STENCIL)
         z = buf2 = malloc(n * sizeof *z);
      if (s && si && (type != GL_DEPTH_STENCIL || z) &&
          st_readpix_stencil(ctx, (int)x0, (int)y0, w, h, s) &&
          (!z || st_readpix_depth(ctx, (int)x0, (int)y0, w, h, z))) {
         for (size_t i = 0; i < n; i++)
            si[i] = s[i];
         st_pixel_transfer_stencil(ctx, (unsigned)n, si, s);
         if (z) {
            st_pixel_transfer_depth(ctx, (unsigned)n, z);
            draw_depth_stencil(ctx, w, h, z, s);
         } else {
            st_drawpix_stencil(ctx, w, h, s);
         }
         ok = true;
      }
      break;
   }
   }
   ctx->pix.raster = saved;
   free(buf);
   free(buf2);
   free(si);
   if (!ok)
      st_error(ctx, GL_OUT_OF_MEMORY, "glCopyPixels");
}

void GLAPIENTRY
api_glBitmap(GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig, GLfloat xmove,
             GLfloat ymove, const GLubyte *bitmap)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glBitmap");
      return;
   }
   if (!check_draw_fb(ctx, "glBitmap"))
      return;
   void *src_mem;
   if (!st_pixel_buffer_ptr(ctx, false, bitmap,
                            st_unpack_image_size(&ctx->pixelstore.unpack, GL_COLOR_INDEX,
                                                 GL_BITMAP, width, height, 1, 2),
                            &src_mem, "glBitmap(pixel unpack buffer)"))
      return;
   bitmap = src_mem;
   struct st_raster_state *r = &ctx->pix.raster;
   /* GL_SELECT / GL_FEEDBACK: a feedback token and the move, no fragments */
   bool render = !st_select_pixel_command(ctx, GL_BITMAP_TOKEN);
   if (!r->valid)
      return;
   if (render && width && height && bitmap) {
      size_t n = (size_t)width * (size_t)height;
      uint8_t *bits = malloc(n);
      if (!bits) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glBitmap");
         return;
      }
      st_unpack_bitmap_image(&ctx->pixelstore.unpack, width, height, bitmap, bits);
      /* floor(), with a small allowance for raster positions computed a
       * hair below an integer */
      const float eps = 1.0f / 1024.0f;
      int xll = (int)floorf(r->pos[0] - xorig + eps), yll = (int)floorf(r->pos[1] - yorig + eps);
      st_drawpix_bitmap(ctx, xll, yll, width, height, bits);
      free(bits);
   }
   r->pos[0] += xmove;
   r->pos[1] += ymove;
}
