/*
 * Unpacking pixels from client memory by GL's rules (GL 2.1 section 3.6.4,
 * "Rasterization of Pixel Rectangles": unpacking, conversion to float by
 * table 2.9, conversion to RGB): the mirror image of st_pixel_pack.h, for
 * glTexImage*, glTexSubImage*, glDrawPixels, glBitmap and
 * glPolygonStipple.  The result is the pixel data before pixel transfer
 * (scale, bias, maps): RGBA floats (or raw integers for integer formats),
 * depth floats, stencil indices, and bitmap bits.  Pure functions: no
 * context, no pipe objects.
 *
 * Addressing: st_unpack_offset() gives where a pixel starts (bytes, bits
 * for GL_BITMAP) from the client pointer with the unpack pixel store
 * (alignment, row length, image height, skip pixels/rows/images); the row
 * functions then read n consecutive pixels from that address, applying
 * swap bytes (and LSB first for bitmaps).  Client pointers need no
 * particular alignment.
 */
#ifndef ST_PIXEL_UNPACK_H
#define ST_PIXEL_UNPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_context.h"
#include "st_gl.h"
#include "st_pixel_format.h"

/*
 * GL_NO_ERROR if client data of format/type can be unpacked, else the GL
 * error (see st_pixel_check).  Unlike glReadPixels, GL_COLOR_INDEX is
 * valid in RGBA mode (indices go through the index-to-RGBA map).  Rules
 * of a particular command (glTexImage refusing GL_STENCIL_INDEX, a missing
 * stencil buffer for glDrawPixels) are the caller's.
 */
GLenum st_unpack_check(const struct st_pixel_features *f, GLenum format, GLenum type);

/* Where pixel (col, row, img) starts; dims 1, 2 or 3 (image height and
 * skip images apply to 3D only).  Bytes, or bits for GL_BITMAP. */
size_t st_unpack_offset(const struct st_pixelstore *ps, GLenum format, GLenum type,
                        GLsizei width, GLsizei height, unsigned dims, int col, int row, int img);

/* Bytes the image spans from the client pointer (for PBO bounds checks). */
size_t st_unpack_image_size(const struct st_pixelstore *ps, GLenum format, GLenum type,
                            GLsizei width, GLsizei height, GLsizei depth, unsigned dims);

/* GL 2.1 table 2.9: an unsigned b-bit value c to c / (2^b - 1) and a signed
 * one to (2c + 1) / (2^b - 1). */
float st_unorm_to_float(uint32_t c, unsigned bits);
float st_snorm_to_float(int32_t c, unsigned bits);

/* IEEE half (GL_HALF_FLOAT) to float, denormals, infinities and NaN included. */
float st_half_to_float(uint16_t h);

/*
 * Colour indices to RGBA (glDrawPixels of GL_COLOR_INDEX in RGBA mode:
 * GL_PIXEL_MAP_I_TO_R etc. after index shift/offset, which the callback
 * applies).
 */
struct st_unpack_index_map {
   void (*map)(void *closure, const uint32_t *indices, unsigned n, float (*rgba)[4]);
   void *closure;
};

/*
 * Unpack n pixels of a colour format (or GL_COLOR_INDEX through imap, or
 * GL_LUMINANCE -> R = G = B = L) into RGBA floats, missing components
 * being 0 for R, G, B and 1 for A.  Values are not clamped.  Returns false
 * (dst untouched) for an integer, depth or stencil format, for
 * GL_COLOR_INDEX without imap, or an invalid format/type pair.
 * bit_offset: the first pixel's bit in src's first byte (GL_BITMAP
 * colour indices only).
 */
bool st_unpack_rgba_float(GLenum format, GLenum type, const void *src, unsigned n,
                          float (*dst)[4], bool swap_bytes, bool lsb_first, unsigned bit_offset,
                          const struct st_unpack_index_map *imap);

/*
 * Unpack n pixels of an integer format (GL_RGBA_INTEGER ...) without
 * conversion: signed types are sign-extended (read the result as int32_t),
 * missing components are 0 for R, G, B and 1 for A, L fills R, G and B.
 * False for a format that is not an integer format or a float type.
 */
bool st_unpack_rgba_int(GLenum format, GLenum type, const void *src, unsigned n,
                        uint32_t (*dst)[4], bool swap_bytes);

/*
 * Unpack n indices (GL_COLOR_INDEX or GL_STENCIL_INDEX data) of type:
 * integers as they are (signed types sign-extended, as uint32_t), floats
 * truncated toward zero; GL_BITMAP one bit each from bit_offset.
 */
void st_unpack_index(GLenum type, const void *src, unsigned n, uint32_t *dst, bool swap_bytes,
                     bool lsb_first, unsigned bit_offset);

/* Stencil indices: st_unpack_index masked to 8 bits. */
void st_unpack_stencil(GLenum type, const void *src, unsigned n, uint8_t *dst, bool swap_bytes,
                       bool lsb_first, unsigned bit_offset);

/* GL_DEPTH_COMPONENT of type to floats by table 2.9 (not clamped). */
void st_unpack_depth(GLenum type, const void *src, unsigned n, float *dst, bool swap_bytes);

/* GL_DEPTH_STENCIL / GL_UNSIGNED_INT_24_8: depth in the high 24 bits. */
/* GL_FLOAT_32_UNSIGNED_INT_24_8_REV (GL_ARB_depth_buffer_float): per pixel a
 * float depth word, then a word with the stencil index in its low 8 bits;
 * depth is not clamped here. */
void st_unpack_depth_stencil_32f(const void *src, unsigned n, float *z, uint8_t *s,
                                 bool swap_bytes);
void st_unpack_depth_stencil(const void *src, unsigned n, float *z, uint8_t *s,
                             bool swap_bytes);

/* n bits (0 or 1 per output byte) starting at bit bit_offset of src. */
void st_unpack_bitmap(const void *src, unsigned n, uint8_t *dst, bool lsb_first,
                      unsigned bit_offset);

/*
 * A width x height GL_BITMAP image (glBitmap) as width * height bytes of
 * 0/1, row 0 (the bottom row) first, with the pixel store applied.
 */
void st_unpack_bitmap_image(const struct st_pixelstore *ps, GLsizei width, GLsizei height,
                            const void *pixels, uint8_t *dst);

/*
 * glPolygonStipple's 32x32 bitmap as pipe_poly_stipple rows: stipple[y]
 * is window row y modulo 32 (the first row in client memory), and pixel x
 * is bit 31 - x.
 */
void st_unpack_polygon_stipple(const struct st_pixelstore *ps, const void *pixels,
                               uint32_t stipple[32]);

/*
 * A whole width x height image (or one image of a 3D one) of a colour
 * format into width * height RGBA floats, row 0 first; false as
 * st_unpack_rgba_float.
 */
bool st_unpack_image_rgba(const struct st_pixelstore *ps, GLenum format, GLenum type,
                          GLsizei width, GLsizei height, unsigned dims, int img,
                          const void *pixels, float (*dst)[4],
                          const struct st_unpack_index_map *imap);

#endif
