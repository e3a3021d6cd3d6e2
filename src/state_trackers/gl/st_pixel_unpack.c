/*
 * Unpacking pixels from client memory (GL 2.1 section 3.6.4).
 */
#include "st_pixel_unpack.h"

#include <math.h>
#include <string.h>

#include "format/u_format.h"

GLenum
st_unpack_check(const struct st_pixel_features *f, GLenum format, GLenum type)
{
   return st_pixel_check(f, format, type);
}

size_t
st_unpack_offset(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width,
                 GLsizei height, unsigned dims, int col, int row, int img)
{
   return st_pixel_offset(ps, format, type, width, height, dims, col, row, img);
}

size_t
st_unpack_image_size(const struct st_pixelstore *ps, GLenum format, GLenum type,
                     GLsizei width, GLsizei height, GLsizei depth, unsigned dims)
{
   return st_pixel_image_size(ps, format, type, width, height, depth, dims);
}

/* --- conversions ---------------------------------------------------------- */

static double
max_of_bits(unsigned bits)
{
   return bits >= 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
}

float
st_unorm_to_float(uint32_t c, unsigned bits)
{
   return (float)((double)c / max_of_bits(bits));
}

float
st_snorm_to_float(int32_t c, unsigned bits)
{
   return (float)((2.0 * (double)c + 1.0) / max_of_bits(bits));
}

float
st_half_to_float(uint16_t h)
{
   unsigned sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
   float v;
   if (exp == 0)
      v = ldexpf((float)mant, -24);                  /* zero and denormals */
   else if (exp == 31)
      v = mant ? NAN : INFINITY;
   else
      v = ldexpf((float)(mant | 0x400), (int)exp - 25);
   return sign ? -v : v;
}

/* Element i (size bytes) of src, byte-swapped if asked; any alignment. */
static uint32_t
read_element(const void *src, unsigned i, unsigned size, bool swap)
{
   const uint8_t *p = (const uint8_t *)src + (size_t)i * size;
   uint8_t b[4];
   memcpy(b, p, size);
   if (swap)
      st_pixel_swap_elements(b, 1, size);
   switch (size) {
   case 1: return b[0];
   case 2: { uint16_t v; memcpy(&v, b, 2); return v; }
   default: { uint32_t v; memcpy(&v, b, 4); return v; }
   }
}

/* One component element of a non-packed type to float (table 2.9). */
static float
element_to_float(GLenum type, uint32_t raw)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: return st_unorm_to_float(raw, 8);
   case GL_BYTE: return st_snorm_to_float((int8_t)raw, 8);
   case GL_UNSIGNED_SHORT: return st_unorm_to_float(raw, 16);
   case GL_SHORT: return st_snorm_to_float((int16_t)raw, 16);
   case GL_UNSIGNED_INT: return st_unorm_to_float(raw, 32);
   case GL_INT: return st_snorm_to_float((int32_t)raw, 32);
   case GL_HALF_FLOAT: return st_half_to_float((uint16_t)raw);
   case GL_FLOAT: { float f; memcpy(&f, &raw, 4); return f; }
   default: return 0.0f;
   }
}

/* One component element of an integer type, sign-extended. */
static uint32_t
element_to_int(GLenum type, uint32_t raw)
{
   switch (type) {
   case GL_BYTE: return (uint32_t)(int32_t)(int8_t)raw;
   case GL_SHORT: return (uint32_t)(int32_t)(int16_t)raw;
   default: return raw;
   }
}

static bool
is_component_type(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT:
   case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: case GL_HALF_FLOAT:
      return true;
   default:
      return false;
   }
}

/* Does type describe format's pixels (the st_pixel_check rules, all
 * features on)? */
static bool
pair_ok(GLenum format, GLenum type)
{
   static const struct st_pixel_features all = { true, true, true, true, true,
                                                 true, true, true, true };
   return st_pixel_check(&all, format, type) == GL_NO_ERROR;
}

/* --- colour ---------------------------------------------------------------- */

/* The { R, G, B, A, L } sources of one pixel into RGBA. */
static void
to_rgba(const float *src, const bool *have, float *rgba)
{
   if (have[ST_PIX_L]) {
      rgba[0] = rgba[1] = rgba[2] = src[ST_PIX_L];
   } else {
      rgba[0] = have[ST_PIX_R] ? src[ST_PIX_R] : 0.0f;
      rgba[1] = have[ST_PIX_G] ? src[ST_PIX_G] : 0.0f;
      rgba[2] = have[ST_PIX_B] ? src[ST_PIX_B] : 0.0f;
   }
   rgba[3] = have[ST_PIX_A] ? src[ST_PIX_A] : 1.0f;
}

bool
st_unpack_rgba_float(GLenum format, GLenum type, const void *src, unsigned n, float (*dst)[4],
                     bool swap_bytes, bool lsb_first, unsigned bit_offset,
                     const struct st_unpack_index_map *imap)
{
   if (!pair_ok(format, type))
      return false;

   if (format == GL_COLOR_INDEX) {
      if (!imap || !imap->map)
         return false;
      uint32_t idx[64];
      for (unsigned done = 0; done < n;) {
         unsigned chunk = n - done < 64 ? n - done : 64;
         if (type == GL_BITMAP) {
            st_unpack_index(type, src, chunk, idx, swap_bytes, lsb_first, bit_offset + done);
         } else {
            const uint8_t *p = (const uint8_t *)src + (size_t)done * st_pixel_type_size(type);
            st_unpack_index(type, p, chunk, idx, swap_bytes, lsb_first, 0);
         }
         imap->map(imap->closure, idx, chunk, dst + done);
         done += chunk;
      }
      return true;
   }

   uint8_t comp[4];
   unsigned nc = st_pixel_format_layout(format, comp);
   if (!nc || st_pixel_format_is_integer(format))
      return false;
   bool have[5] = { false, false, false, false, false };
   for (unsigned k = 0; k < nc; k++)
      have[comp[k]] = true;

   const struct st_packed_type *p = st_pixel_find_packed(type);
   unsigned size = st_pixel_type_size(type);
   if (st_pixel_type_is_packed_float(type)) {
      /* GL_RGB only: unsigned 11/11/10-bit floats or a shared exponent */
      enum pipe_format pf = type == GL_UNSIGNED_INT_10F_11F_11F_REV ? PIPE_FORMAT_R11G11B10_FLOAT
                                                                    : PIPE_FORMAT_R9G9B9E5_FLOAT;
      for (unsigned i = 0; i < n; i++) {
         uint32_t word = read_element(src, i, 4, swap_bytes);
         util_format_unpack_rgba_float(pf, dst[i], &word, 1);
         dst[i][3] = 1.0f;
      }
      return true;
   }
   for (unsigned i = 0; i < n; i++) {
      float v[5] = { 0, 0, 0, 0, 0 };
      if (p) {
         uint32_t word = read_element(src, i, size, swap_bytes);
         for (unsigned k = 0; k < nc; k++) {
            unsigned shift, bits;
            st_pixel_packed_field(p, k, &shift, &bits);
            v[comp[k]] = st_unorm_to_float((word >> shift) & ((1u << bits) - 1), bits);
         }
      } else {
         for (unsigned k = 0; k < nc; k++)
            v[comp[k]] = element_to_float(type, read_element(src, i * nc + k, size, swap_bytes));
      }
      to_rgba(v, have, dst[i]);
   }
   return true;
}

bool
st_unpack_rgba_int(GLenum format, GLenum type, const void *src, unsigned n, uint32_t (*dst)[4],
                   bool swap_bytes)
{
   if (!st_pixel_format_is_integer(format) || !pair_ok(format, type))
      return false;
   uint8_t comp[4];
   unsigned nc = st_pixel_format_layout(format, comp);
   const struct st_packed_type *p = st_pixel_find_packed(type);
   unsigned size = st_pixel_type_size(type);

   for (unsigned i = 0; i < n; i++) {
      uint32_t v[5] = { 0, 0, 0, 0, 0 };
      bool have[5] = { false, false, false, false, false };
      if (p) {
         uint32_t word = read_element(src, i, size, swap_bytes);
         for (unsigned k = 0; k < nc; k++) {
            unsigned shift, bits;
            st_pixel_packed_field(p, k, &shift, &bits);
            v[comp[k]] = (word >> shift) & (uint32_t)((1ull << bits) - 1);
            have[comp[k]] = true;
         }
      } else {
         for (unsigned k = 0; k < nc; k++) {
            v[comp[k]] = element_to_int(type, read_element(src, i * nc + k, size, swap_bytes));
            have[comp[k]] = true;
         }
      }
      if (have[ST_PIX_L]) {
         dst[i][0] = dst[i][1] = dst[i][2] = v[ST_PIX_L];
      } else {
         dst[i][0] = v[ST_PIX_R];
         dst[i][1] = v[ST_PIX_G];
         dst[i][2] = v[ST_PIX_B];
      }
      dst[i][3] = have[ST_PIX_A] ? v[ST_PIX_A] : 1u;
   }
   return true;
}

/* --- indices, depth, stencil, bitmaps -------------------------------------- */

void
st_unpack_bitmap(const void *src, unsigned n, uint8_t *dst, bool lsb_first, unsigned bit_offset)
{
   const uint8_t *bytes = src;
   for (unsigned i = 0; i < n; i++) {
      unsigned bit = bit_offset + i;
      unsigned shift = lsb_first ? bit % 8 : 7 - bit % 8;
      dst[i] = (bytes[bit / 8] >> shift) & 1;
   }
}

void
st_unpack_index(GLenum type, const void *src, unsigned n, uint32_t *dst, bool swap_bytes,
                bool lsb_first, unsigned bit_offset)
{
   if (type == GL_BITMAP) {
      const uint8_t *bytes = src;
      for (unsigned i = 0; i < n; i++) {
         unsigned bit = bit_offset + i;
         unsigned shift = lsb_first ? bit % 8 : 7 - bit % 8;
         dst[i] = (bytes[bit / 8] >> shift) & 1;
      }
      return;
   }
   unsigned size = st_pixel_type_size(type);
   for (unsigned i = 0; i < n; i++) {
      uint32_t raw = read_element(src, i, size, swap_bytes);
      if (type == GL_FLOAT || type == GL_HALF_FLOAT) {
         float f = type == GL_FLOAT ? element_to_float(GL_FLOAT, raw)
                                    : st_half_to_float((uint16_t)raw);
         /* Truncated toward zero; out of range or NaN: 0. */
         if (!(f > -2147483648.0f && f < 4294967296.0f))
            dst[i] = 0;
         else
            dst[i] = f < 0.0f ? (uint32_t)(int32_t)f : (uint32_t)f;
      } else {
         dst[i] = element_to_int(type, raw);
      }
   }
}

void
st_unpack_stencil(GLenum type, const void *src, unsigned n, uint8_t *dst, bool swap_bytes,
                  bool lsb_first, unsigned bit_offset)
{
   uint32_t idx[64];
   for (unsigned done = 0; done < n;) {
      unsigned chunk = n - done < 64 ? n - done : 64;
      if (type == GL_BITMAP) {
         st_unpack_index(type, src, chunk, idx, swap_bytes, lsb_first, bit_offset + done);
      } else {
         const uint8_t *p = (const uint8_t *)src + (size_t)done * st_pixel_type_size(type);
         st_unpack_index(type, p, chunk, idx, swap_bytes, lsb_first, 0);
      }
      for (unsigned i = 0; i < chunk; i++)
         dst[done + i] = (uint8_t)(idx[i] & 0xff);
      done += chunk;
   }
}

void
st_unpack_depth(GLenum type, const void *src, unsigned n, float *dst, bool swap_bytes)
{
   unsigned size = st_pixel_type_size(type);
   if (!is_component_type(type))
      return;
   for (unsigned i = 0; i < n; i++)
      dst[i] = element_to_float(type, read_element(src, i, size, swap_bytes));
}

void
st_unpack_depth_stencil(const void *src, unsigned n, float *z, uint8_t *s, bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++) {
      uint32_t w = read_element(src, i, 4, swap_bytes);
      if (z)
         z[i] = st_unorm_to_float(w >> 8, 24);
      if (s)
         s[i] = (uint8_t)(w & 0xff);
   }
}

void
st_unpack_depth_stencil_32f(const void *src, unsigned n, float *z, uint8_t *s, bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++) {
      uint32_t zw = read_element(src, 2 * i, 4, swap_bytes);
      uint32_t sw = read_element(src, 2 * i + 1, 4, swap_bytes);
      if (z) {
         float f;
         memcpy(&f, &zw, sizeof f);
         z[i] = f;
      }
      if (s)
         s[i] = (uint8_t)(sw & 0xff);
   }
}

/* --- whole images ------------------------------------------------------------ */

void
st_unpack_bitmap_image(const struct st_pixelstore *ps, GLsizei width, GLsizei height,
                       const void *pixels, uint8_t *dst)
{
   const uint8_t *bytes = pixels;
   for (GLsizei y = 0; y < height; y++) {
      size_t bit = st_pixel_offset(ps, GL_COLOR_INDEX, GL_BITMAP, width, height, 2, 0, y, 0);
      st_unpack_bitmap(bytes + bit / 8, (unsigned)width, dst + (size_t)y * (size_t)width,
                       ps->lsb_first, (unsigned)(bit % 8));
   }
}

void
st_unpack_polygon_stipple(const struct st_pixelstore *ps, const void *pixels,
                          uint32_t stipple[32])
{
   uint8_t bits[32 * 32];
   st_unpack_bitmap_image(ps, 32, 32, pixels, bits);
   for (unsigned y = 0; y < 32; y++) {
      uint32_t row = 0;
      for (unsigned x = 0; x < 32; x++)
         row |= (uint32_t)bits[y * 32 + x] << (31 - x);
      stipple[y] = row;
   }
}

bool
st_unpack_image_rgba(const struct st_pixelstore *ps, GLenum format, GLenum type,
                     GLsizei width, GLsizei height, unsigned dims, int img, const void *pixels,
                     float (*dst)[4], const struct st_unpack_index_map *imap)
{
   const uint8_t *bytes = pixels;
   for (GLsizei y = 0; y < height; y++) {
      size_t off = st_pixel_offset(ps, format, type, width, height, dims, 0, y, img);
      const void *row = type == GL_BITMAP ? (const void *)(bytes + off / 8)
                                          : (const void *)(bytes + off);
      if (!st_unpack_rgba_float(format, type, row, (unsigned)width,
                                dst + (size_t)y * (size_t)width, ps->swap_bytes, ps->lsb_first,
                                type == GL_BITMAP ? (unsigned)(off % 8) : 0, imap))
         return false;
   }
   return true;
}
