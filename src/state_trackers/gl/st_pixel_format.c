/*
 * Client pixel formats, types and addressing shared by packing and
 * unpacking (st_pixel_format.h).
 */
#include "st_pixel_format.h"

#include "util/u_math.h"

/*
 * The addressing below is in size_t with saturation: row lengths, image
 * heights and skips are any GLint, and their products overflow 64 bits
 * (skip_rows * row stride reaches 2^66).  A saturated result is SIZE_MAX,
 * which no pixel buffer and no client allocation can hold, so the bounds
 * checks (st_pixel_buffer_ptr) refuse it.
 */
static size_t
sat_add(size_t a, size_t b)
{
   size_t r;
   return u_add_ovf_size(a, b, &r) ? SIZE_MAX : r;
}

static size_t
sat_mul(size_t a, size_t b)
{
   size_t r;
   return u_mul_ovf_size(a, b, &r) ? SIZE_MAX : r;
}

unsigned
st_pixel_format_layout(GLenum format, uint8_t comp[4])
{
   switch (format) {
   case GL_RED: case GL_RED_INTEGER:
      comp[0] = ST_PIX_R; return 1;
   case GL_GREEN: case GL_GREEN_INTEGER:
      comp[0] = ST_PIX_G; return 1;
   case GL_BLUE: case GL_BLUE_INTEGER:
      comp[0] = ST_PIX_B; return 1;
   case GL_ALPHA: case GL_ALPHA_INTEGER:
      comp[0] = ST_PIX_A; return 1;
   case GL_LUMINANCE: case GL_LUMINANCE_INTEGER_EXT:
      comp[0] = ST_PIX_L; return 1;
   case GL_RG: case GL_RG_INTEGER:
      comp[0] = ST_PIX_R; comp[1] = ST_PIX_G; return 2;
   case GL_LUMINANCE_ALPHA: case GL_LUMINANCE_ALPHA_INTEGER_EXT:
      comp[0] = ST_PIX_L; comp[1] = ST_PIX_A; return 2;
   case GL_RGB: case GL_RGB_INTEGER:
      comp[0] = ST_PIX_R; comp[1] = ST_PIX_G; comp[2] = ST_PIX_B; return 3;
   case GL_BGR: case GL_BGR_INTEGER:
      comp[0] = ST_PIX_B; comp[1] = ST_PIX_G; comp[2] = ST_PIX_R; return 3;
   case GL_RGBA: case GL_RGBA_INTEGER:
      comp[0] = ST_PIX_R; comp[1] = ST_PIX_G; comp[2] = ST_PIX_B; comp[3] = ST_PIX_A; return 4;
   case GL_BGRA: case GL_BGRA_INTEGER:
      comp[0] = ST_PIX_B; comp[1] = ST_PIX_G; comp[2] = ST_PIX_R; comp[3] = ST_PIX_A; return 4;
   case GL_ABGR_EXT:   /* GL_EXT_abgr */
      comp[0] = ST_PIX_A; comp[1] = ST_PIX_B; comp[2] = ST_PIX_G; comp[3] = ST_PIX_R; return 4;
   default:
      return 0;
   }
}

bool
st_pixel_format_is_integer(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER: case GL_GREEN_INTEGER: case GL_BLUE_INTEGER: case GL_ALPHA_INTEGER:
   case GL_RGB_INTEGER: case GL_RGBA_INTEGER: case GL_BGR_INTEGER: case GL_BGRA_INTEGER:
   case GL_LUMINANCE_INTEGER_EXT: case GL_LUMINANCE_ALPHA_INTEGER_EXT: case GL_RG_INTEGER:
      return true;
   default:
      return false;
   }
}

unsigned
st_pixel_format_components(GLenum format)
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
      return st_pixel_format_layout(format, comp);
   }
}

static const struct st_packed_type packed_types[] = {
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

const struct st_packed_type *
st_pixel_find_packed(GLenum type)
{
   for (unsigned i = 0; i < sizeof packed_types / sizeof packed_types[0]; i++) {
      if (packed_types[i].type == type)
         return &packed_types[i];
   }
   return NULL;
}

bool
st_pixel_type_is_packed_float(GLenum type)
{
   return type == GL_UNSIGNED_INT_10F_11F_11F_REV || type == GL_UNSIGNED_INT_5_9_9_9_REV;
}

bool
st_pixel_type_is_packed(GLenum type)
{
   return st_pixel_find_packed(type) != NULL || type == GL_UNSIGNED_INT_24_8 ||
          type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV || st_pixel_type_is_packed_float(type);
}

unsigned
st_pixel_type_size(GLenum type)
{
   const struct st_packed_type *p = st_pixel_find_packed(type);
   if (p)
      return p->bytes;
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: return 1;
   case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: return 2;
   case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: case GL_UNSIGNED_INT_24_8: return 4;
   case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV: return 4;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: return 8;   /* one pixel: float depth, then stencil */
   default: return 0;   /* GL_BITMAP and unknown */
   }
}

unsigned
st_pixel_size(GLenum format, GLenum type)
{
   if (st_pixel_type_is_packed(type))
      return st_pixel_type_size(type);
   return st_pixel_type_size(type) * st_pixel_format_components(format);
}

void
st_pixel_packed_field(const struct st_packed_type *p, unsigned i, unsigned *shift,
                      unsigned *bits)
{
   unsigned n = p->comps;
   unsigned s = 0;
   if (p->rev) {
      /* The first component in the low bits: the name lists it last. */
      for (unsigned k = 0; k < i; k++)
         s += p->bits[n - 1 - k];
      *bits = p->bits[n - 1 - i];
   } else {
      s = p->bytes * 8u;
      for (unsigned k = 0; k <= i; k++)
         s -= p->bits[k];
      *bits = p->bits[i];
   }
   *shift = s;
}

GLenum
st_pixel_check(const struct st_pixel_features *f, GLenum format, GLenum type)
{
   bool integer = st_pixel_format_is_integer(format);
   switch (format) {
   case GL_COLOR_INDEX: case GL_STENCIL_INDEX: case GL_DEPTH_COMPONENT:
   case GL_RED: case GL_GREEN: case GL_BLUE: case GL_ALPHA:
   case GL_RGB: case GL_RGBA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
   case GL_ABGR_EXT:   /* GL_EXT_abgr: every GL 1.x context */
      break;
   case GL_BGR: case GL_BGRA:
      if (!f->bgra)
         return GL_INVALID_ENUM;
      break;
   case GL_DEPTH_STENCIL:
      if (!f->depth_stencil)
         return GL_INVALID_ENUM;
      break;
   case GL_RG:
      if (f->rg)
         break;
      /* fall through */
   default: {
      /* GL_RG without GL_ARB_texture_rg together with a packed colour type:
       * two errors apply (unknown format, and a format/type mismatch); we
       * report the mismatch, as piglit's draw-pixels expects. */
      const struct st_packed_type *pk = st_pixel_find_packed(type);
      if ((format == GL_RG || format == GL_RG_INTEGER) && pk && f->packed_pixels)
         return GL_INVALID_OPERATION;
      if (!integer || !f->integer || (format == GL_RG_INTEGER && !f->rg))
         return GL_INVALID_ENUM;
      break;
   }
   }

   const struct st_packed_type *p = st_pixel_find_packed(type);
   switch (type) {
   case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT:
   case GL_UNSIGNED_INT: case GL_INT:
      /* GL_DEPTH_STENCIL takes only the packed depth-stencil types:
       * GL_INVALID_ENUM otherwise (EXT_packed_depth_stencil / ARB_depth_buffer_float
       * errors; piglit ext_packed_depth_stencil-errors, as Mesa) */
      if (format == GL_DEPTH_STENCIL)
         return GL_INVALID_ENUM;
      break;
   case GL_HALF_FLOAT:
      if (!f->half_float)
         return GL_INVALID_ENUM;
      /* fall through */
   case GL_FLOAT:
      if (format == GL_DEPTH_STENCIL)
         return GL_INVALID_ENUM;
      /* EXT_texture_integer's errors: "INVALID_ENUM is generated ... if
       * <format> is one of the integer formats and <type> is FLOAT" (piglit
       * ext_texture_integer api-teximage/readpixels/drawpixels; GL 3.0
       * later made it INVALID_OPERATION) */
      if (integer)
         return GL_INVALID_ENUM;
      break;
   case GL_BITMAP:
      if (format != GL_COLOR_INDEX && format != GL_STENCIL_INDEX)
         return GL_INVALID_ENUM;
      break;
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
   case GL_UNSIGNED_INT_5_9_9_9_REV:
      if (type == GL_UNSIGNED_INT_10F_11F_11F_REV ? !f->packed_float : !f->shared_exponent)
         return GL_INVALID_ENUM;
      if (format != GL_RGB)
         return GL_INVALID_OPERATION;
      break;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      if (!f->depth_float)
         return GL_INVALID_ENUM;
      if (format != GL_DEPTH_STENCIL)
         return GL_INVALID_OPERATION;
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
      if (p->comps == 3 && format != GL_RGB && format != GL_RGB_INTEGER)
         return GL_INVALID_OPERATION;
      /* GL_ABGR_EXT with the four-component packed types: EXT_packed_pixels
       * names it (as Mesa) */
      if (p->comps == 4 && format != GL_RGBA && format != GL_BGRA &&
          format != GL_ABGR_EXT && format != GL_RGBA_INTEGER && format != GL_BGRA_INTEGER)
         return GL_INVALID_OPERATION;
      break;
   }
   return GL_NO_ERROR;
}

size_t
st_pixel_row_stride(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width)
{
   /* at most 2^31 pixels of at most 16 bytes: no overflow in 64 bits */
   size_t l = (size_t)(ps->row_length > 0 ? ps->row_length : width > 0 ? width : 0);
   size_t a = (size_t)(ps->alignment > 0 ? ps->alignment : 1);
   if (type == GL_BITMAP)   /* bytes: a * ceil(l / (8a)) */
      return a * ((l + 8 * a - 1) / (8 * a));
   size_t s = st_pixel_type_size(type);
   size_t n = st_pixel_type_is_packed(type) ? 1 : st_pixel_format_components(format);
   if (s >= a)
      return s * n * l;
   return a * ((s * n * l + a - 1) / a);
}

size_t
st_pixel_image_stride(const struct st_pixelstore *ps, GLenum format, GLenum type,
                      GLsizei width, GLsizei height)
{
   size_t rows = (size_t)(ps->image_height > 0 ? ps->image_height : height > 0 ? height : 0);
   return sat_mul(rows, st_pixel_row_stride(ps, format, type, width));
}

size_t
st_pixel_offset(const struct st_pixelstore *ps, GLenum format, GLenum type, GLsizei width,
                GLsizei height, unsigned dims, int col, int row, int img)
{
   /* skips are >= 0 (glPixelStore), and so are the callers' col/row/img */
   size_t stride = st_pixel_row_stride(ps, format, type, width);
   size_t r = (size_t)ps->skip_rows + (size_t)row;
   size_t c = (size_t)ps->skip_pixels + (size_t)col;
   size_t image = 0;
   if (dims >= 3) {
      size_t i = (size_t)ps->skip_images + (size_t)img;
      image = sat_mul(i, st_pixel_image_stride(ps, format, type, width, height));
   }
   size_t bytes = sat_add(image, sat_mul(r, stride));
   if (type == GL_BITMAP)
      return sat_add(sat_mul(bytes, 8), c);
   return sat_add(bytes, sat_mul(c, st_pixel_size(format, type)));
}

size_t
st_pixel_image_size(const struct st_pixelstore *ps, GLenum format, GLenum type,
                    GLsizei width, GLsizei height, GLsizei depth, unsigned dims)
{
   if (width <= 0 || height <= 0 || depth <= 0)
      return 0;
   /* One past the last pixel of the last row of the last image. */
   size_t end = st_pixel_offset(ps, format, type, width, height, dims, width - 1, height - 1,
                                dims >= 3 ? depth - 1 : 0);
   if (end == SIZE_MAX)
      return SIZE_MAX;
   if (type == GL_BITMAP)
      return end / 8 + 1;
   return sat_add(end, st_pixel_size(format, type));
}

void
st_pixel_swap_elements(void *data, unsigned count, unsigned size)
{
   uint8_t *p = data;
   for (unsigned i = 0; i < count; i++, p += size) {
      if (size == 2) {
         uint8_t t = p[0]; p[0] = p[1]; p[1] = t;
      } else if (size == 4) {
         uint8_t t = p[0]; p[0] = p[3]; p[3] = t;
         t = p[1]; p[1] = p[2]; p[2] = t;
      }
   }
}
