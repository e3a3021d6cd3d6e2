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
#include "util/u_math.h"

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

/* Pointer to pixel i of unpacked row j (bytes; GL_BITMAP rows return their
 * bit offset). */
static const void *
row_ptr(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei w, GLsizei h,
        int i, int j, const void *pixels, unsigned *bit_offset)
{
   size_t off = st_unpack_offset(ps, format, type, w, h, 2, i, j, 0);
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

/* Unpack image pixels cols[0..n) of row j into whichever of rgba, z, s
 * (stencil of depth/stencil) and idx (stencil indices) the format fills:
 * one run when the columns are consecutive, else pixel by pixel (a zoom
 * below 1 skips pixels).  False if the format cannot be unpacked. */
static bool
unpack_row(struct st_context *ctx, const struct st_pixelstore *ps, GLsizei width,
           GLsizei height, GLenum format, GLenum type, const void *pixels, int j,
           const int *cols, int n, float (*rgba)[4], float *z, uint8_t *s, uint32_t *idx)
{
   int step = cols[n - 1] - cols[0] == n - 1 ? n : 1;
   struct st_unpack_index_map imap = { index_map_cb, ctx };
   for (int k = 0; k < n; k += step) {
      unsigned bitoff;
      const void *src = row_ptr(ps, format, type, width, height, cols[k], j, pixels, &bitoff);
      switch (format) {
      case GL_DEPTH_COMPONENT:
         st_unpack_depth(type, src, (unsigned)step, z + k, ps->swap_bytes);
         break;
      case GL_DEPTH_STENCIL:
         if (type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
            st_unpack_depth_stencil_32f(src, (unsigned)step, z + k, s + k, ps->swap_bytes);
         else
            st_unpack_depth_stencil(src, (unsigned)step, z + k, s + k, ps->swap_bytes);
         break;
      case GL_STENCIL_INDEX:
         st_unpack_index(type, src, (unsigned)step, idx + k, ps->swap_bytes, ps->lsb_first,
                         bitoff);
         break;
      default:
         if (!st_unpack_rgba_float(format, type, src, (unsigned)step, rgba + k, ps->swap_bytes,
                                   ps->lsb_first, bitoff, &imap))
            return false;
         break;
      }
   }
   return true;
}

/* Unpack, transfer and draw the pixels of the plan (st_drawpix_plan);
 * the raster position and zoom are already the plan's. */
static void
draw_pixels_part(struct st_context *ctx, const struct st_pixelstore *ps, GLsizei width,
                 GLsizei height, GLenum format, GLenum type, const void *pixels,
                 const struct st_drawpix_axis *ax, const struct st_drawpix_axis *ay)
{
   int w = ax->n, h = ay->n;
   size_t n = (size_t)w * (size_t)h;
   bool depth = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   bool stencil = format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
   float (*rgba)[4] = depth || stencil ? NULL : malloc(n * sizeof *rgba);
   float *z = depth ? malloc(n * sizeof *z) : NULL;
   uint8_t *s = stencil ? malloc(n) : NULL;
   uint32_t *si = stencil ? malloc((size_t)w * sizeof *si) : NULL;
   if ((!depth && !stencil && !rgba) || (depth && !z) || (stencil && (!s || !si))) {
      free(rgba), free(z), free(s), free(si);
      st_error(ctx, GL_OUT_OF_MEMORY, "glDrawPixels");
      return;
   }
   for (int j = 0; j < h; j++) {
      size_t o = (size_t)j * (size_t)w;
      if (!unpack_row(ctx, ps, width, height, format, type, pixels, ay->src[j], ax->src, w,
                      rgba ? rgba + o : NULL, z ? z + o : NULL, s ? s + o : NULL, si)) {
         free(rgba), free(z), free(s), free(si);
         st_error(ctx, GL_INVALID_OPERATION, "glDrawPixels(format)");
         return;
      }
      if (format == GL_DEPTH_STENCIL)
         for (int i = 0; i < w; i++)
            si[i] = s[o + (size_t)i];
      if (stencil)
         st_pixel_transfer_stencil(ctx, (unsigned)w, si, s + o);
   }
   if (z)
      st_pixel_transfer_depth(ctx, (unsigned)n, z);
   if (rgba && format != GL_COLOR_INDEX)
      st_pixel_transfer_rgba(ctx, (unsigned)n, rgba);
   switch (format) {
   case GL_DEPTH_COMPONENT: st_drawpix_depth(ctx, w, h, z); break;
   case GL_DEPTH_STENCIL: draw_depth_stencil(ctx, w, h, z, s); break;
   case GL_STENCIL_INDEX: st_drawpix_stencil(ctx, w, h, s); break;
   default: st_drawpix_rgba(ctx, w, h, (const float (*)[4])rgba); break;
   }
   free(rgba), free(z), free(s), free(si);
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
   /* Integer pixel data: GL 3.0 3.7.4 "If format contains integer
    * components, as shown in table 3.6, an INVALID_OPERATION error is
    * generated" (as Mesa).  With EXT_texture_integer alone such a rectangle
    * could only reach an integer colour buffer through a fragment shader,
    * and pixel rectangles never run the application's (st_drawpix.c
    * replaces the fragment stage), so it would be undefined anyway.  Before
    * the format/type check: GL_FLOAT with an integer format is this error
    * too, not EXT_texture_integer's INVALID_ENUM (GL 3.0's text comes
    * first; piglit ext_texture_integer-api-drawpixels). */
   if (f.integer && st_pixel_format_is_integer(format) && (format != GL_RG_INTEGER || f.rg)) {
      st_error(ctx, GL_INVALID_OPERATION, "glDrawPixels(integer format)");
      return;
   }
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
   /* NV_conditional_render: discarded after the errors */
   if (st_cond_render_discards(ctx))
      return;
   /* GL_SELECT / GL_FEEDBACK: a feedback token, no fragments */
   if (st_select_pixel_command(ctx, GL_DRAW_PIXEL_TOKEN))
      return;
   if (!ctx->pix.raster.valid || !width || !height || !pixels)
      return;

   /* Only the pixels of the image that can reach the drawable are
    * unpacked, transferred and drawn (st_drawpix_plan), with the raster
    * position and zoom that put them where the whole image would. */
   struct st_drawpix_axis ax, ay;
   if (!st_drawpix_plan(ctx, width, height, &ax, &ay))
      return;
   struct st_raster_state saved = ctx->pix.raster;
   struct st_pixel_transfer saved_transfer = ctx->pix.transfer;
   ctx->pix.raster.pos[0] = ax.pos;
   ctx->pix.raster.pos[1] = ay.pos;
   ctx->pix.transfer.zoom_x = ax.zoom;
   ctx->pix.transfer.zoom_y = ay.zoom;
   draw_pixels_part(ctx, ps, width, height, format, type, pixels, &ax, &ay);
   ctx->pix.raster = saved;
   ctx->pix.transfer = saved_transfer;
   st_drawpix_plan_free(&ax, &ay);
}

void GLAPIENTRY
api_glCopyPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum type)
{
   ST_ENTRY(ctx);
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glCopyPixels");
      return;
   }
   /* GL_NV_copy_depth_to_color: depth and stencil read as colour */
   bool to_color = (type == GL_DEPTH_STENCIL_TO_RGBA_NV || type == GL_DEPTH_STENCIL_TO_BGRA_NV) &&
                   ctx->caps.ext_packed_depth_stencil && ctx->profile == ST_PROFILE_COMPAT;
   if (type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL && !to_color &&
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
   if ((to_color && (!st_fb_read_depth(ctx, &b) || !st_fb_read_stencil(ctx, &b))) ||
       (need_depth && (!st_fb_draw_depth(ctx, &b) || !st_fb_read_depth(ctx, &b))) ||
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
   if (st_cond_render_discards(ctx))
      return;   /* NV_conditional_render */
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
   case GL_DEPTH_STENCIL_TO_RGBA_NV:
   case GL_DEPTH_STENCIL_TO_BGRA_NV: {
      /* the 24-bit depth and the stencil index packed as UNSIGNED_INT_24_8
       * and taken as UNSIGNED_INT_8_8_8_8 RGBA (or BGRA) colour, then
       * drawn as a colour copy would be */
      float (*rgba)[4] = buf = malloc(n * sizeof *rgba);
      float *z = buf2 = malloc(n * sizeof *z);
      uint8_t *s = malloc(n);
      if (rgba && z && s && st_readpix_depth(ctx, (int)x0, (int)y0, w, h, z) &&
          st_readpix_stencil(ctx, (int)x0, (int)y0, w, h, s)) {
         bool bgra = type == GL_DEPTH_STENCIL_TO_BGRA_NV;
         for (size_t i = 0; i < n; i++) {
            float zc = z[i] < 0.0f ? 0.0f : z[i] > 1.0f ? 1.0f : z[i];
            uint32_t d = (uint32_t)lrint((double)zc * 16777215.0);
            float hi = (float)(d >> 16) / 255.0f, lo = (float)(d & 255) / 255.0f;
            rgba[i][0] = bgra ? lo : hi;
            rgba[i][1] = (float)((d >> 8) & 255) / 255.0f;
            rgba[i][2] = bgra ? hi : lo;
            rgba[i][3] = (float)s[i] / 255.0f;
         }
         st_pixel_transfer_rgba(ctx, (unsigned)n, rgba);
         st_drawpix_rgba(ctx, w, h, (const float (*)[4])rgba);
         ok = true;
      }
      free(s);
      break;
   }
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

/* The fragments of glBitmap: only the bits that land in the clip box
 * (drawable and scissor) are unpacked, so the work does not grow with the
 * bitmap's size. */
static void
draw_bitmap(struct st_context *ctx, GLsizei width, GLsizei height, GLfloat xorig,
            GLfloat yorig, const GLubyte *bitmap)
{
   const struct st_raster_state *r = &ctx->pix.raster;
   const struct st_pixelstore *ps = &ctx->pixelstore.unpack;
   /* floor(), with a small allowance for raster positions computed a hair
    * below an integer; any float (huge, infinite, NaN) */
   const float eps = 1.0f / 1024.0f;
   float fx = floorf(r->pos[0] - xorig + eps), fy = floorf(r->pos[1] - yorig + eps);
   const float lim = 1099511627776.0f;   /* 2^40: far outside any window */
   if (!(fx > -lim && fx < lim && fy > -lim && fy < lim))
      return;
   int64_t xll = (int64_t)fx, yll = (int64_t)fy;
   int64_t cx0, cy0, cx1, cy1;
   if (!st_drawpix_clip_box(ctx, &cx0, &cy0, &cx1, &cy1))
      return;
   /* bitmap columns [i0, i1) and rows [j0, j1) inside the box */
   int64_t i0 = cx0 - xll, i1 = cx1 - xll, j0 = cy0 - yll, j1 = cy1 - yll;
   if (!u_clip_span(&i0, &i1, 0, width) || !u_clip_span(&j0, &j1, 0, height))
      return;
   int w = (int)(i1 - i0), h = (int)(j1 - j0);
   uint8_t *bits = malloc((size_t)w * (size_t)h);
   if (!bits) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glBitmap");
      return;
   }
   for (int j = 0; j < h; j++) {
      size_t bit = st_unpack_offset(ps, GL_COLOR_INDEX, GL_BITMAP, width, height, 2, (int)i0,
                                    (int)j0 + j, 0);
      st_unpack_bitmap(bitmap + bit / 8, (unsigned)w, bits + (size_t)j * (size_t)w,
                       ps->lsb_first, (unsigned)(bit % 8));
   }
   st_drawpix_bitmap(ctx, (int)(xll + i0), (int)(yll + j0), w, h, bits);
   free(bits);
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
   /* NV_conditional_render: a discarded glBitmap has no effect, the
    * raster position's move included */
   if (st_cond_render_discards(ctx))
      return;
   struct st_raster_state *r = &ctx->pix.raster;
   /* GL_SELECT / GL_FEEDBACK: a feedback token and the move, no fragments */
   bool render = !st_select_pixel_command(ctx, GL_BITMAP_TOKEN);
   if (!r->valid)
      return;
   if (render && width && height && bitmap)
      draw_bitmap(ctx, width, height, xorig, yorig, bitmap);
   r->pos[0] += xmove;
   r->pos[1] += ymove;
}
