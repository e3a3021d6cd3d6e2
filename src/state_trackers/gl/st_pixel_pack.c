/*
 * Packing pixels into client memory (GL 2.1 section 4.3.2).
 */
#include "st_pixel_pack.h"
#include "st_pixel_format.h"

#include <math.h>
#include <string.h>

#include "format/u_format.h"
#include "util/u_unaligned.h"

/* --- formats, types and addressing (shared: st_pixel_format.c) ---------- */

unsigned
st_pack_format_components(GLenum format)
{
   return st_pixel_format_components(format);
}

bool
st_pack_type_is_packed(GLenum type)
{
   return st_pixel_type_is_packed(type);
}

unsigned
st_pack_type_size(GLenum type)
{
   return st_pixel_type_size(type);
}

unsigned
st_pack_pixel_size(GLenum format, GLenum type)
{
   return st_pixel_size(format, type);
}

GLenum
st_pack_check(const struct st_pack_features *f, GLenum format, GLenum type)
{
   /* glReadPixels in GL 2.1: no half floats, no integer formats. */
   const struct st_pixel_features pf = {
      .bgra = f->bgra,
      .packed_pixels = f->packed_pixels,
      .depth_stencil = f->depth_stencil,
      .rg = f->rg,
      .packed_float = f->packed_float,
      .shared_exponent = f->shared_exponent,
      .half_float = f->half_float,
      .depth_float = f->depth_float,
      .integer = f->integer,
   };
   GLenum err = st_pixel_check(&pf, format, type);
   if (err != GL_NO_ERROR)
      return err;
   if (format == GL_COLOR_INDEX && f->rgba_mode)
      return GL_INVALID_OPERATION;
   return GL_NO_ERROR;
}

size_t
st_pack_row_stride(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width)
{
   return st_pixel_row_stride(ps, format, type, width);
}

size_t
st_pack_offset(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width,
               int col, int row)
{
   return st_pixel_offset(ps, format, type, width, 1, 2, col, row, 0);
}

/* --- conversions ----------------------------------------------------------- */

static float
clamp01(float f)
{
   if (!(f > 0.0f))   /* also NaN */
      return 0.0f;
   return f > 1.0f ? 1.0f : f;
}

uint32_t
st_float_to_unorm(float f, unsigned bits)
{
   double max = bits >= 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
   return (uint32_t)floor((double)clamp01(f) * max + 0.5);
}

int32_t
st_float_to_snorm(float f, unsigned bits)
{
   /* GL 2.1 table 4.7: c = ((2^b - 1) f - 1) / 2 */
   double max = bits >= 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
   return (int32_t)floor(((double)clamp01(f) * max - 1.0) / 2.0 + 0.5);
}

/*
 * Element i of an array of `bytes`-sized elements at dst.  Client memory
 * and buffer offsets may sit at any byte address (a pack buffer at offset
 * 1, an odd client pointer): every store of a wider element goes through
 * u_unaligned.h, never through a typed pointer.
 */
static void
store_element(void *dst, size_t i, unsigned bytes, uint32_t v)
{
   uint8_t *p = (uint8_t *)dst + i * bytes;
   switch (bytes) {
   case 1: *p = (uint8_t)v; break;
   case 2: u_store_u16(p, (uint16_t)v); break;
   default: u_store_u32(p, v); break;
   }
}

/* Store one component value c in [0, 1] (or an index for stencil) as type;
 * float types keep any value (st_pack_rgba_unclamped). */
static void
store_component(GLenum type, void *dst, unsigned i, float c)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: store_element(dst, i, 1, st_float_to_unorm(c, 8)); break;
   case GL_BYTE: store_element(dst, i, 1, (uint32_t)st_float_to_snorm(c, 8)); break;
   case GL_UNSIGNED_SHORT: store_element(dst, i, 2, st_float_to_unorm(c, 16)); break;
   case GL_SHORT: store_element(dst, i, 2, (uint32_t)st_float_to_snorm(c, 16)); break;
   case GL_UNSIGNED_INT: store_element(dst, i, 4, st_float_to_unorm(c, 32)); break;
   case GL_INT: store_element(dst, i, 4, (uint32_t)st_float_to_snorm(c, 32)); break;
   case GL_FLOAT: u_store_f32((uint8_t *)dst + (size_t)i * 4, c); break;
   case GL_HALF_FLOAT: store_element(dst, i, 2, util_float_to_half(c)); break;
   default: break;
   }
}

static void
store_packed(const struct st_packed_type *p, void *dst, unsigned i, const float *v, unsigned n)
{
   uint32_t word = 0;
   for (unsigned k = 0; k < n; k++) {
      unsigned shift, bits;
      st_pixel_packed_field(p, k, &shift, &bits);
      word |= st_float_to_unorm(v[k], bits) << shift;
   }
   store_element(dst, i, p->bytes, word);
}

static void
pack_rgba(GLenum format, GLenum type, const float (*rgba)[4], unsigned n, void *dst,
          bool swap_bytes, bool clamp)
{
   uint8_t comp[4];
   unsigned nc = st_pixel_format_layout(format, comp);
   const struct st_packed_type *p = st_pixel_find_packed(type);
   if (!nc)
      return;
   if (st_pixel_type_is_packed_float(type)) {
      /* GL_RGB only (st_pixel_check) */
      enum pipe_format pf = type == GL_UNSIGNED_INT_10F_11F_11F_REV ? PIPE_FORMAT_R11G11B10_FLOAT
                                                                    : PIPE_FORMAT_R9G9B9E5_FLOAT;
      for (unsigned i = 0; i < n; i++) {
         float c[4] = { clamp01(rgba[i][0]), clamp01(rgba[i][1]), clamp01(rgba[i][2]), 1.0f };
         uint32_t word = 0;
         util_format_pack_rgba_float(pf, &word, c, 1);
         store_element(dst, i, 4, word);
      }
      if (swap_bytes)
         st_pixel_swap_elements(dst, n, 4);
      return;
   }
   /* only the float types can hold unclamped values */
   clamp = clamp || (type != GL_FLOAT && type != GL_HALF_FLOAT);
   for (unsigned i = 0; i < n; i++) {
      float src[5], v[4];
      for (unsigned k = 0; k < 4; k++)
         src[k] = clamp ? clamp01(rgba[i][k]) : rgba[i][k];
      src[ST_PIX_L] = src[ST_PIX_R] + src[ST_PIX_G] + src[ST_PIX_B];   /* GL's L = R + G + B */
      if (clamp)
         src[ST_PIX_L] = clamp01(src[ST_PIX_L]);
      for (unsigned k = 0; k < nc; k++)
         v[k] = src[comp[k]];
      if (p)
         store_packed(p, dst, i, v, nc);
      else
         for (unsigned k = 0; k < nc; k++)
            store_component(type, dst, i * nc + k, v[k]);
   }
   if (swap_bytes) {
      unsigned size = st_pack_type_size(type);
      st_pixel_swap_elements(dst, p ? n : n * nc, size);
   }
}

void
st_pack_rgba(GLenum format, GLenum type, const float (*rgba)[4], unsigned n, void *dst,
             bool swap_bytes)
{
   pack_rgba(format, type, rgba, n, dst, swap_bytes, true);
}

void
st_pack_rgba_unclamped(GLenum format, GLenum type, const float (*rgba)[4], unsigned n,
                       void *dst, bool swap_bytes)
{
   pack_rgba(format, type, rgba, n, dst, swap_bytes, false);
}

/* v (signed if sgn) clamped to [lo, hi] */
static int64_t
clamp_int(uint32_t v, bool sgn, int64_t lo, int64_t hi)
{
   int64_t x = sgn ? (int64_t)(int32_t)v : (int64_t)v;
   return x < lo ? lo : x > hi ? hi : x;
}

bool
st_pack_rgba_int(GLenum format, GLenum type, const uint32_t (*v)[4], unsigned n,
                 bool src_signed, void *dst, bool swap_bytes)
{
   uint8_t comp[4];
   unsigned nc = st_pixel_format_layout(format, comp);
   if (!nc || !st_pixel_format_is_integer(format))
      return false;
   const struct st_packed_type *p = st_pixel_find_packed(type);
   unsigned size = st_pixel_type_size(type);
   if (!p && (st_pixel_type_is_packed(type) || type == GL_FLOAT || type == GL_HALF_FLOAT ||
              !size))
      return false;
   for (unsigned i = 0; i < n; i++) {
      uint32_t src[5] = { v[i][0], v[i][1], v[i][2], v[i][3], v[i][0] };   /* L = R */
      if (p) {
         uint32_t word = 0;
         for (unsigned k = 0; k < nc; k++) {
            unsigned shift, bits;
            st_pixel_packed_field(p, k, &shift, &bits);
            int64_t max = (int64_t)((1ull << bits) - 1);
            word |= (uint32_t)clamp_int(src[comp[k]], src_signed, 0, max) << shift;
         }
         store_element(dst, i, p->bytes, word);
         continue;
      }
      for (unsigned k = 0; k < nc; k++) {
         uint32_t c = src[comp[k]];
         unsigned j = i * nc + k;
         int64_t lo, hi;
         switch (type) {
         case GL_UNSIGNED_BYTE: lo = 0; hi = 255; break;
         case GL_BYTE: lo = -128; hi = 127; break;
         case GL_UNSIGNED_SHORT: lo = 0; hi = 65535; break;
         case GL_SHORT: lo = -32768; hi = 32767; break;
         case GL_UNSIGNED_INT: lo = 0; hi = 4294967295ll; break;
         default: lo = -2147483648ll; hi = 2147483647ll; break;   /* GL_INT */
         }
         /* two's complement truncation to the element's width */
         store_element(dst, j, size, (uint32_t)clamp_int(c, src_signed, lo, hi));
      }
   }
   if (swap_bytes)
      st_pixel_swap_elements(dst, p ? n : n * nc, size);
   return true;
}

GLenum
st_pixel_integer_match(GLenum format, bool buffer_is_integer)
{
   uint8_t comp[4];
   if (!st_pixel_format_layout(format, comp))
      return GL_NO_ERROR;   /* depth, stencil, index: not a colour transfer */
   return st_pixel_format_is_integer(format) == buffer_is_integer ? GL_NO_ERROR
                                                                   : GL_INVALID_OPERATION;
}

void
st_pack_depth(GLenum type, const float *z, unsigned n, void *dst, bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++)
      store_component(type, dst, i, z[i]);
   if (swap_bytes)
      st_pixel_swap_elements(dst, n, st_pack_type_size(type));
}

void
st_pack_stencil(GLenum type, const uint8_t *s, unsigned n, void *dst, bool swap_bytes,
                bool lsb_first, unsigned bit_offset)
{
   if (type == GL_BITMAP) {
      uint8_t *bytes = dst;
      for (unsigned i = 0; i < n; i++) {
         unsigned bit = bit_offset + i;
         uint8_t m = lsb_first ? (uint8_t)(1u << (bit % 8)) : (uint8_t)(0x80u >> (bit % 8));
         if (s[i] & 1)
            bytes[bit / 8] |= m;
         else
            bytes[bit / 8] &= (uint8_t)~m;
      }
      return;
   }
   /* Indices are masked to the type's range (table 4.6), not normalized. */
   for (unsigned i = 0; i < n; i++) {
      switch (type) {
      case GL_UNSIGNED_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT:
      case GL_UNSIGNED_INT: case GL_INT:
         store_element(dst, i, st_pixel_type_size(type), s[i]);
         break;
      case GL_BYTE: store_element(dst, i, 1, s[i] & 0x7fu); break;
      case GL_FLOAT: u_store_f32((uint8_t *)dst + (size_t)i * 4, (float)s[i]); break;
      default: break;
      }
   }
   if (swap_bytes)
      st_pixel_swap_elements(dst, n, st_pack_type_size(type));
}

void
st_pack_depth_stencil_32f(const float *z, const uint8_t *s, unsigned n, void *dst,
                          bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++) {
      u_store_f32((uint8_t *)dst + (size_t)i * 8, z[i]);
      store_element(dst, 2 * (size_t)i + 1, 4, s[i]);   /* the other 24 bits: 0 */
   }
   if (swap_bytes)
      st_pixel_swap_elements(dst, 2 * n, 4);
}

void
st_pack_depth_stencil(const float *z, const uint8_t *s, unsigned n, void *dst, bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++)
      store_element(dst, i, 4, (st_float_to_unorm(z[i], 24) << 8) | s[i]);
   if (swap_bytes)
      st_pixel_swap_elements(dst, n, 4);
}
