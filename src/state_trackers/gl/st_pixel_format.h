/*
 * What packing (st_pixel_pack.c) and unpacking (st_pixel_unpack.c) of
 * client pixels share: the format and type descriptions, the format/type
 * validation, the pixel-store addressing (GL 2.1 sections 3.6.4 and
 * 4.3.2: alignment, row length, image height, skips) and byte swapping.
 * Pure functions of their arguments.
 */
#ifndef ST_PIXEL_FORMAT_H
#define ST_PIXEL_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_context.h"
#include "st_gl.h"

/* Component sources of a colour format: indices into { R, G, B, A, L }. */
enum st_pixel_comp { ST_PIX_R, ST_PIX_G, ST_PIX_B, ST_PIX_A, ST_PIX_L };

/*
 * The components of a colour format in client memory order (comp[0] is
 * the first); returns their count, 0 if format is not a colour format.
 * Integer formats (GL_RED_INTEGER ... GL_LUMINANCE_ALPHA_INTEGER_EXT) are
 * described like their normalized counterparts.
 */
unsigned st_pixel_format_layout(GLenum format, uint8_t comp[4]);

/* GL_*_INTEGER formats. */
bool st_pixel_format_is_integer(GLenum format);

/* Components per pixel (1-4) of any client format; 0 if unknown. */
unsigned st_pixel_format_components(GLenum format);

/*
 * Packed pixel types: bit widths as the type's name lists them (most
 * significant first); _REV types fill from the least significant bit,
 * so their first component sits in the low bits.
 */
struct st_packed_type {
   GLenum type;
   uint8_t bytes;
   uint8_t comps;
   bool rev;
   uint8_t bits[4];
};

/* NULL for a type that is not one of the colour packed types. */
const struct st_packed_type *st_pixel_find_packed(GLenum type);

/* Colour packed types and GL_UNSIGNED_INT_24_8. */
bool st_pixel_type_is_packed(GLenum type);

/* Bytes of one element (a component, or a whole packed pixel); 0 for
 * GL_BITMAP and unknown types. */
unsigned st_pixel_type_size(GLenum type);

/* Bytes per pixel of format/type (0 for GL_BITMAP). */
unsigned st_pixel_size(GLenum format, GLenum type);

/*
 * Where component i of a packed pixel word sits: its shift and bit width.
 * Components are numbered as st_pixel_format_layout lists them (i = 0 is
 * R for GL_RGBA, B for GL_BGRA).
 */
void st_pixel_packed_field(const struct st_packed_type *p, unsigned i, unsigned *shift,
                           unsigned *bits);

/* Optional pixel formats and types a context accepts. */
struct st_pixel_features {
   bool bgra;             /* GL_BGR, GL_BGRA (GL 1.2 / GL_EXT_bgra) */
   bool packed_pixels;    /* GL_UNSIGNED_BYTE_3_3_2 and friends (GL 1.2) */
   bool depth_stencil;    /* GL_DEPTH_STENCIL / GL_UNSIGNED_INT_24_8 */
   bool half_float;       /* GL_HALF_FLOAT (GL_ARB_half_float_pixel) */
   bool integer;          /* GL_*_INTEGER formats (GL_EXT_texture_integer) */
   bool rg;               /* GL_RG (and GL_RG_INTEGER with integer) (GL_ARB_texture_rg) */
   bool packed_float;     /* GL_UNSIGNED_INT_10F_11F_11F_REV (GL_EXT_packed_float) */
   bool shared_exponent;  /* GL_UNSIGNED_INT_5_9_9_9_REV (GL_EXT_texture_shared_exponent) */
   bool depth_float;      /* GL_FLOAT_32_UNSIGNED_INT_24_8_REV (GL_ARB_depth_buffer_float) */
};

/* The two GL_RGB types whose components are floats packed in one 32-bit
 * word (GL_EXT_packed_float, GL_EXT_texture_shared_exponent). */
bool st_pixel_type_is_packed_float(GLenum type);

/*
 * GL_NO_ERROR if the format/type pair is valid client pixel data:
 * GL_INVALID_ENUM for an unknown (or unsupported) format or type, or
 * GL_BITMAP with a format other than an index; GL_INVALID_OPERATION for
 * a packed type whose component count does not match the format, a
 * DEPTH_STENCIL / 24_8 mismatch, or an integer format with a float type.
 * Mode-dependent rules (index formats in RGBA mode) are the caller's.
 */
GLenum st_pixel_check(const struct st_pixel_features *f, GLenum format, GLenum type);

/*
 * Addressing.  dims is the dimensionality of the call (1, 2 or 3):
 * image_height and skip_images only apply to 3D images.
 *
 * Bytes from one row to the next (rows of GL_BITMAP are whole bytes).
 */
size_t st_pixel_row_stride(const struct st_pixelstore *ps, GLenum format, GLenum type,
                           GLsizei width);

/* Bytes from one image of a 3D image to the next. */
size_t st_pixel_image_stride(const struct st_pixelstore *ps, GLenum format, GLenum type,
                             GLsizei width, GLsizei height);

/*
 * Where pixel (col, row, img) of a width x height (x depth) image starts,
 * from the client pointer, skips included: bytes, or bits for GL_BITMAP.
 */
size_t st_pixel_offset(const struct st_pixelstore *ps, GLenum format, GLenum type,
                       GLsizei width, GLsizei height, unsigned dims, int col, int row, int img);

/*
 * Bytes a width x height x depth image spans from the client pointer:
 * one past the last byte read or written (skips included, trailing row
 * padding of the last row not).  0 if any size is 0.  For PBO bounds
 * checks.  The addressing functions saturate: SIZE_MAX when the image
 * would span more than size_t holds (huge row lengths or skips), which
 * st_pixel_buffer_ptr refuses; within an image whose size it accepted,
 * no offset saturates.
 */
size_t st_pixel_image_size(const struct st_pixelstore *ps, GLenum format, GLenum type,
                           GLsizei width, GLsizei height, GLsizei depth, unsigned dims);

/* Reverse the bytes of count elements of size bytes (2 or 4; 1 is a no-op). */
void st_pixel_swap_elements(void *data, unsigned count, unsigned size);

#endif
