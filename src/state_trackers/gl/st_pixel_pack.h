/*
 * Packing pixels into client memory by GL's rules (GL 2.1 section 4.3.2,
 * "Reading Pixels"): format/type validation, the pixel-store addressing
 * (alignment, row length, skip pixels/rows, swap bytes, LSB first) and the
 * final conversion of components (table 4.7) and indices (table 4.6).
 * Pure functions: no context, no pipe objects, so the unit tests call
 * them directly.
 */
#ifndef ST_PIXEL_PACK_H
#define ST_PIXEL_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_context.h"
#include "st_gl.h"

/* Which optional formats/types the context accepts. */
struct st_pack_features {
   bool bgra;                  /* GL_BGR, GL_BGRA (GL 1.2 / GL_EXT_bgra) */
   bool packed_pixels;         /* GL_UNSIGNED_BYTE_3_3_2 and friends */
   bool depth_stencil;         /* GL_DEPTH_STENCIL / GL_UNSIGNED_INT_24_8 */
   bool rgba_mode;             /* true: GL_COLOR_INDEX is an INVALID_OPERATION */
   bool rg;                    /* GL_RG (GL_ARB_texture_rg) */
   bool packed_float;          /* GL_UNSIGNED_INT_10F_11F_11F_REV (GL_EXT_packed_float) */
   bool shared_exponent;       /* GL_UNSIGNED_INT_5_9_9_9_REV (GL_EXT_texture_shared_exponent) */
   bool half_float;            /* GL_HALF_FLOAT (GL_ARB_half_float_pixel) */
   bool depth_float;           /* GL_FLOAT_32_UNSIGNED_INT_24_8_REV (GL_ARB_depth_buffer_float) */
   bool integer;               /* GL_*_INTEGER formats (GL_EXT_texture_integer) */
};

/*
 * GL_NO_ERROR if glReadPixels accepts format/type, else the error:
 * GL_INVALID_ENUM for an unknown format or type (or GL_BITMAP with a
 * format other than an index), GL_INVALID_OPERATION for a packed type
 * whose component count does not match the format, a DEPTH_STENCIL
 * mismatch, or GL_COLOR_INDEX in RGBA mode.
 */
GLenum st_pack_check(const struct st_pack_features *f, GLenum format, GLenum type);

/* Components of a format (1-4); 0 if unknown. */
unsigned st_pack_format_components(GLenum format);
/* Bytes of one element of type (a component, or a whole packed pixel); 0 for GL_BITMAP. */
unsigned st_pack_type_size(GLenum type);
bool st_pack_type_is_packed(GLenum type);
/* Bytes per pixel of format/type (0 for GL_BITMAP). */
unsigned st_pack_pixel_size(GLenum format, GLenum type);

/*
 * Where row 'row' and pixel 'col' of a width-pixel-wide image start in
 * client memory, in bytes from the image start, after skip_rows and
 * skip_pixels.  For GL_BITMAP the result is in bits.
 */
size_t st_pack_row_stride(const struct st_pixelstore *ps, GLenum format, GLenum type,
                          GLsizei width);
size_t st_pack_offset(const struct st_pixelstore *ps, GLenum format, GLenum type,
                      GLsizei width, int col, int row);

/*
 * Pack n RGBA pixels (floats; clamped to [0, 1] here) as format/type into
 * dst, applying swap_bytes.  Format must be a colour format.
 */
void st_pack_rgba(GLenum format, GLenum type, const float (*rgba)[4], unsigned n, void *dst,
                  bool swap_bytes);
/*
 * The same without the clamp when type is GL_FLOAT or GL_HALF_FLOAT
 * (ARB_color_buffer_float's final conversion with read clamping off);
 * other types clamp as st_pack_rgba does.
 */
void st_pack_rgba_unclamped(GLenum format, GLenum type, const float (*rgba)[4], unsigned n,
                            void *dst, bool swap_bytes);

/*
 * Pack n RGBA integer pixels (an integer colour buffer's values, signed
 * if src_signed) as an integer format (GL_RGBA_INTEGER ...) of type,
 * applying swap_bytes.  No normalization: each value is clamped to the
 * range of the type (or of the packed field), negative values to 0 for
 * unsigned types; L is R.  False (dst untouched) for a format that is not
 * an integer format or a float type.
 */
bool st_pack_rgba_int(GLenum format, GLenum type, const uint32_t (*v)[4], unsigned n,
                      bool src_signed, void *dst, bool swap_bytes);

/*
 * EXT_texture_integer's rule for glReadPixels, glDrawPixels and
 * glCopyPixels colour transfers: an integer client format needs an
 * integer colour buffer and a non-integer colour format a non-integer
 * buffer; GL_INVALID_OPERATION otherwise, GL_NO_ERROR when they agree.
 * Formats other than colour formats (depth, stencil, index) are not
 * concerned.
 */
GLenum st_pixel_integer_match(GLenum format, bool buffer_is_integer);

/* Pack n depth values in [0, 1] as GL_DEPTH_COMPONENT of type. */
void st_pack_depth(GLenum type, const float *z, unsigned n, void *dst, bool swap_bytes);

/*
 * Pack n stencil indices as GL_STENCIL_INDEX of type.  GL_BITMAP: one bit
 * each, starting at bit 'bit_offset' of dst's first byte, lsb_first
 * giving the bit order.
 */
void st_pack_stencil(GLenum type, const uint8_t *s, unsigned n, void *dst, bool swap_bytes,
                     bool lsb_first, unsigned bit_offset);

/* Pack n depth/stencil pairs as GL_DEPTH_STENCIL / GL_UNSIGNED_INT_24_8. */
/* GL_FLOAT_32_UNSIGNED_INT_24_8_REV: a float depth word, then the stencil
 * index in the low 8 bits of the next word (the other bits 0). */
void st_pack_depth_stencil_32f(const float *z, const uint8_t *s, unsigned n, void *dst,
                               bool swap_bytes);
void st_pack_depth_stencil(const float *z, const uint8_t *s, unsigned n, void *dst,
                           bool swap_bytes);

/* Final conversion of one component (clamped to [0, 1]) to a normalized
 * integer type by table 4.7; exported for the glGet conversions and tests. */
uint32_t st_float_to_unorm(float f, unsigned bits);
int32_t st_float_to_snorm(float f, unsigned bits);

#endif
