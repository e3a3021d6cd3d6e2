/*
 * Packing pixels into client memory (GL 2.1 section 4.3.2).
 */
#include "st_pixel_pack.h"

#include <math.h>
#include <string.h>

/* --- formats and types --------------------------------------------------- */

/* Component sources: indices into a pixel's { R, G, B, A, L } values. */
enum { C_R, C_G, C_B, C_A, C_L };

static unsigned
format_layout(GLenum format, uint8_t comp[4])
{
   switch (format) {
   case GL_RED: comp[0] = C_R; return 1;
   case GL_GREEN: comp[0] = C_G; return 1;
   case GL_BLUE: comp[0] = C_B; return 1;
   case GL_ALPHA: comp[0] = C_A; return 1;
   case GL_LUMINANCE: comp[0] = C_L; return 1;
   case GL_LUMINANCE_ALPHA: comp[0] = C_L; comp[1] = C_A; return 2;
   case GL_RGB: comp[0] = C_R; comp[1] = C_G; comp[2] = C_B; return 3;
   case GL_BGR: comp[0] = C_B; comp[1] = C_G; comp[2] = C_R; return 3;
   case GL_RGBA: comp[0] = C_R; comp[1] = C_G; comp[2] = C_B; comp[3] = C_A; return 4;
   case GL_BGRA: comp[0] = C_B; comp[1] = C_G; comp[2] = C_R; comp[3] = C_A; return 4;
   default: return 0;
   }
}

unsigned
st_pack_format_components(GLenum format)
{
   uint8_t comp[4];
   switch (format) {
   case GL_COLOR_INDEX:
   case GL_STENCIL_INDEX:
   case GL_DEPTH_COMPONENT:
      return 1;
   case GL_DEPTH_STENCIL:
      return 2;
   default:
      return format_layout(format, comp);
   }
}

/* Packed pixel types: bit widths as the type's name lists them (most
 * significant first); _REV types fill from the least significant bit. */
struct packed_type {
   GLenum type;
   uint8_t bytes;
   uint8_t comps;
   bool rev;
   uint8_t bits[4];
};

static const struct packed_type packed_types[] = {
   { GL_UNSIGNED_BYTE_3_3_2,          1, 3, false, { 3, 3, 2 } },
   { GL_UNSIGNED_BYTE_2_3_3_REV,      1, 3, true,  { 2, 3, 3 } },
   { GL_UNSIGNED_SHORT_5_6_5,         2, 3, false, { 5, 6, 5 } },
   { GL_UNSIGNED_SHORT_5_6_5_REV,     2, 3, true,  { 5, 6, 5 } },
   { GL_UNSIGNED_SHORT_4_4_4_4,       2, 4, false, { 4, 4, 4, 4 } },
   { GL_UNSIGNED_SHORT_4_4_4_4_REV,   2, 4, true,  { 4, 4, 4, 4 } },
   { GL_UNSIGNED_SHORT_5_5_5_1,       2, 4, false, { 5, 5, 5, 1 } },
   { GL_UNSIGNED_SHORT_1_5_5_5_REV,   2, 4, true,  { 1, 5, 5, 5 } },
   { GL_UNSIGNED_INT_8_8_8_8,         4, 4, false, { 8, 8, 8, 8 } },
   { GL_UNSIGNED_INT_8_8_8_8_REV,     4, 4, true,  { 8, 8, 8, 8 } },
   { GL_UNSIGNED_INT_10_10_10_2,      4, 4, false, { 10, 10, 10, 2 } },
   { GL_UNSIGNED_INT_2_10_10_10_REV,  4, 4, true,  { 2, 10, 10, 10 } },
};

static const struct packed_type *
find_packed(GLenum type)
{
   for (unsigned i = 0; i < sizeof packed_types / sizeof packed_types[0]; i++) {
      if (packed_types[i].type == type)
         return &packed_types[i];
   }
   return NULL;
}

bool
st_pack_type_is_packed(GLenum type)
{
   return find_packed(type) != NULL || type == GL_UNSIGNED_INT_24_8;
}

unsigned
st_pack_type_size(GLenum type)
{
   const struct packed_type *p = find_packed(type);
   if (p)
      return p->bytes;
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: return 1;
   case GL_UNSIGNED_SHORT: case GL_SHORT: return 2;
   case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: case GL_UNSIGNED_INT_24_8: return 4;
   default: return 0;   /* GL_BITMAP and unknown */
   }
}

unsigned
st_pack_pixel_size(GLenum format, GLenum type)
{
   if (st_pack_type_is_packed(type))
      return st_pack_type_size(type);
   return st_pack_type_size(type) * st_pack_format_components(format);
}

GLenum
st_pack_check(const struct st_pack_features *f, GLenum format, GLenum type)
{
   switch (format) {
   case GL_COLOR_INDEX: case GL_STENCIL_INDEX: case GL_DEPTH_COMPONENT:
   case GL_RED: case GL_GREEN: case GL_BLUE: case GL_ALPHA:
   case GL_RGB: case GL_RGBA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
      break;
   case GL_BGR: case GL_BGRA:
      if (!f->bgra)
         return GL_INVALID_ENUM;
      break;
   case GL_DEPTH_STENCIL:
      if (!f->depth_stencil)
         return GL_INVALID_ENUM;
      break;
   default:
      return GL_INVALID_ENUM;
   }

   const struct packed_type *p = find_packed(type);
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT:
   case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT:
      if (format == GL_DEPTH_STENCIL)
         return GL_INVALID_OPERATION;
      break;
   case GL_BITMAP:
      if (format != GL_COLOR_INDEX && format != GL_STENCIL_INDEX)
         return GL_INVALID_ENUM;
      break;
   case GL_UNSIGNED_INT_24_8:
      if (!f->depth_stencil)
         return GL_INVALID_ENUM;
      if (format != GL_DEPTH_STENCIL)
         return GL_INVALID_OPERATION;
      break;
   default:
      if (!p || !f->packed_pixels)
         return GL_INVALID_ENUM;
      if (p->comps == 3 && format != GL_RGB)
         return GL_INVALID_OPERATION;
      if (p->comps == 4 && format != GL_RGBA && format != GL_BGRA)
         return GL_INVALID_OPERATION;
      break;
   }

   if (format == GL_COLOR_INDEX && f->rgba_mode)
      return GL_INVALID_OPERATION;
   return GL_NO_ERROR;
}

/* --- addressing ----------------------------------------------------------- */

size_t
st_pack_row_stride(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width)
{
   size_t l = (size_t)(ps->row_length > 0 ? ps->row_length : width);
   size_t a = (size_t)ps->alignment;
   if (type == GL_BITMAP)   /* bytes: a * ceil(l / (8a)) */
      return a * ((l + 8 * a - 1) / (8 * a));
   size_t s = st_pack_type_size(type);
   size_t n = st_pack_type_is_packed(type) ? 1 : st_pack_format_components(format);
   if (s >= a)
      return s * n * l;
   return a * ((s * n * l + a - 1) / a);
}

size_t
st_pack_offset(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width,
               int col, int row)
{
   size_t stride = st_pack_row_stride(ps, format, type, width);
   size_t r = (size_t)ps->skip_rows + (size_t)row;
   size_t c = (size_t)ps->skip_pixels + (size_t)col;
   if (type == GL_BITMAP)
      return r * stride * 8 + c;
   return r * stride + c * st_pack_pixel_size(format, type);
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

static void
swap_elements(void *dst, unsigned count, unsigned size)
{
   uint8_t *p = dst;
   for (unsigned i = 0; i < count; i++, p += size) {
      if (size == 2) {
         uint8_t t = p[0]; p[0] = p[1]; p[1] = t;
      } else if (size == 4) {
         uint8_t t = p[0]; p[0] = p[3]; p[3] = t;
         t = p[1]; p[1] = p[2]; p[2] = t;
      }
   }
}

/* Store one component value c in [0, 1] (or an index for stencil) as type. */
static void
store_component(GLenum type, void *dst, unsigned i, float c)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: ((GLubyte *)dst)[i] = (GLubyte)st_float_to_unorm(c, 8); break;
   case GL_BYTE: ((GLbyte *)dst)[i] = (GLbyte)st_float_to_snorm(c, 8); break;
   case GL_UNSIGNED_SHORT: ((GLushort *)dst)[i] = (GLushort)st_float_to_unorm(c, 16); break;
   case GL_SHORT: ((GLshort *)dst)[i] = (GLshort)st_float_to_snorm(c, 16); break;
   case GL_UNSIGNED_INT: ((GLuint *)dst)[i] = st_float_to_unorm(c, 32); break;
   case GL_INT: ((GLint *)dst)[i] = st_float_to_snorm(c, 32); break;
   case GL_FLOAT: ((GLfloat *)dst)[i] = clamp01(c); break;
   default: break;
   }
}

static void
store_packed(const struct packed_type *p, void *dst, unsigned i, const float *v, unsigned n)
{
   uint32_t word = 0;
   unsigned total = p->bytes * 8, shift_lo = 0;
   for (unsigned k = 0; k < n; k++) {
      unsigned bits, shift;
      if (p->rev) {
         bits = p->bits[n - 1 - k];
         shift = shift_lo;
         shift_lo += bits;
      } else {
         bits = p->bits[k];
         total -= bits;
         shift = total;
      }
      word |= st_float_to_unorm(v[k], bits) << shift;
   }
   switch (p->bytes) {
   case 1: ((uint8_t *)dst)[i] = (uint8_t)word; break;
   case 2: ((uint16_t *)dst)[i] = (uint16_t)word; break;
   default: ((uint32_t *)dst)[i] = word; break;
   }
}

void
st_pack_rgba(GLenum format, GLenum type, const float (*rgba)[4], unsigned n, void *dst,
             bool swap_bytes)
{
   uint8_t comp[4];
   unsigned nc = format_layout(format, comp);
   const struct packed_type *p = find_packed(type);
   if (!nc)
      return;
   for (unsigned i = 0; i < n; i++) {
      float src[5], v[4];
      for (unsigned k = 0; k < 4; k++)
         src[k] = clamp01(rgba[i][k]);
      src[C_L] = clamp01(src[C_R] + src[C_G] + src[C_B]);   /* GL's L = R + G + B */
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
      swap_elements(dst, p ? n : n * nc, size);
   }
}

void
st_pack_depth(GLenum type, const float *z, unsigned n, void *dst, bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++)
      store_component(type, dst, i, z[i]);
   if (swap_bytes)
      swap_elements(dst, n, st_pack_type_size(type));
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
      case GL_UNSIGNED_BYTE: ((GLubyte *)dst)[i] = s[i]; break;
      case GL_BYTE: ((GLbyte *)dst)[i] = (GLbyte)(s[i] & 0x7f); break;
      case GL_UNSIGNED_SHORT: ((GLushort *)dst)[i] = s[i]; break;
      case GL_SHORT: ((GLshort *)dst)[i] = s[i]; break;
      case GL_UNSIGNED_INT: ((GLuint *)dst)[i] = s[i]; break;
      case GL_INT: ((GLint *)dst)[i] = s[i]; break;
      case GL_FLOAT: ((GLfloat *)dst)[i] = (GLfloat)s[i]; break;
      default: break;
      }
   }
   if (swap_bytes)
      swap_elements(dst, n, st_pack_type_size(type));
}

void
st_pack_depth_stencil(const float *z, const uint8_t *s, unsigned n, void *dst, bool swap_bytes)
{
   for (unsigned i = 0; i < n; i++)
      ((GLuint *)dst)[i] = (st_float_to_unorm(z[i], 24) << 8) | s[i];
   if (swap_bytes)
      swap_elements(dst, n, 4);
}
