/*
 * Format descriptions and conversions: one table describing every
 * enum pipe_format, and pack/unpack of runs of pixels to and from float,
 * integer, depth and stencil by GL's conversion rules (unorm: c / (2^n-1),
 * float -> unorm: round to nearest after clamping to [0, 1]; snorm:
 * max(c / (2^(n-1)-1), -1); fixed: signed 16.16, c / 65536; 64-bit float
 * converted to and from float; sRGB decode/encode on *_SRGB formats).
 *
 * Pixel runs are tightly packed arrays of 'n' texels in the format's
 * memory layout (see p_format.h for the naming rule); float and integer
 * sides are 4 values per texel in R, G, B, A order.  Missing channels
 * read as 0 (colour) and 1 (alpha, X); luminance L reads as R=G=B=L,
 * intensity I as R=G=B=A=I.
 */
#ifndef U_FORMAT_H
#define U_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

enum util_format_type {
   UTIL_FORMAT_TYPE_VOID = 0,   /* padding (X) */
   UTIL_FORMAT_TYPE_UNORM,
   UTIL_FORMAT_TYPE_SNORM,
   UTIL_FORMAT_TYPE_UINT,
   UTIL_FORMAT_TYPE_SINT,
   UTIL_FORMAT_TYPE_FLOAT,      /* 16, 32 or 64 bits (plus packed 9/10/11-bit) */
   UTIL_FORMAT_TYPE_FIXED,      /* signed 16.16 fixed point (32 bits): value / 65536 */
};

enum util_format_layout {
   UTIL_FORMAT_LAYOUT_PLAIN = 0,   /* array or packed channels */
   UTIL_FORMAT_LAYOUT_OTHER,       /* shared exponent, 11_11_10 float, Z32F_S8X24 */
   UTIL_FORMAT_LAYOUT_S3TC,
   UTIL_FORMAT_LAYOUT_RGTC,
   UTIL_FORMAT_LAYOUT_BPTC,        /* BC7 / BC6H, u_format_bptc.c */
   UTIL_FORMAT_LAYOUT_FXT1,        /* 8x4 blocks, u_format_fxt1.c */
   UTIL_FORMAT_LAYOUT_ETC,         /* ETC2 / EAC, u_format_etc.c */
};

struct util_format_channel {
   uint8_t type;    /* enum util_format_type */
   uint8_t size;    /* bits */
   uint8_t shift;   /* bit offset in the block (little-endian) */
};

struct util_format_description {
   enum pipe_format format;
   const char *name;                 /* "PIPE_FORMAT_B8G8R8A8_UNORM" */
   const char *short_name;           /* "b8g8r8a8_unorm" */
   enum util_format_layout layout;
   uint8_t block_width, block_height;  /* 1x1 except compressed (4x4; FXT1 8x4) */
   uint8_t block_bytes;
   uint8_t nr_channels;
   struct util_format_channel channel[4];  /* in memory / bit order */
   /* Where R, G, B, A (colour) or Z, S (depth/stencil: swizzle[0], [1])
    * come from: 0-3 channel index, 4 = constant 0, 5 = constant 1,
    * 6 = none. */
   uint8_t swizzle[4];
   bool is_srgb;
   bool is_depth, is_stencil;        /* has a depth / stencil component */
   bool is_pure_integer;             /* UINT / SINT colour */
   bool is_luminance, is_intensity, is_alpha_only;
};

#define UTIL_FORMAT_SWIZZLE_0    4
#define UTIL_FORMAT_SWIZZLE_1    5
#define UTIL_FORMAT_SWIZZLE_NONE 6

/* Never NULL for a valid enum value (PIPE_FORMAT_NONE has block_bytes 0). */
const struct util_format_description *util_format_description(enum pipe_format);
const char *util_format_name(enum pipe_format);
/* PIPE_FORMAT_NONE if unknown.  Accepts "B8G8R8A8_UNORM" or "b8g8r8a8_unorm". */
enum pipe_format util_format_from_name(const char *);

static inline unsigned
util_format_get_blocksize(enum pipe_format f)
{
   return util_format_description(f)->block_bytes;
}

/* Bytes of one row of 'width' texels (whole blocks). */
unsigned util_format_get_stride(enum pipe_format, unsigned width);
/* Rows of blocks for 'height' texels. */
unsigned util_format_get_nblocksy(enum pipe_format, unsigned height);

bool util_format_is_depth_or_stencil(enum pipe_format);
/* Block-compressed (S3TC, RGTC, BPTC, FXT1, ETC2/EAC): blocks larger than one texel. */
static inline bool
util_format_is_compressed(enum pipe_format f)
{
   const struct util_format_description *d = util_format_description(f);
   return d->block_width > 1 || d->block_height > 1;
}
/* The largest block of any format, in texels (FXT1: 8x4). */
#define UTIL_FORMAT_MAX_BLOCK_TEXELS 32
bool util_format_has_alpha(enum pipe_format);

/* Raw copies between two storage formats of one kind of texel: true if
 * src and dst are plain 1x1 colour formats (not luminance / intensity,
 * byte-aligned channels) with the same R, G, B channels of equal bit
 * sizes, sitting at other places or in blocks of another size (R8G8B8X8 /
 * B8G8R8X8_SRGB / R8G8B8_SNORM, R16G16B16A16 / R16G16B16: alpha may be
 * missing on one side when the block sizes differ); formats of one block
 * size with different channels (R8G8B8A8 / R32_FLOAT) are not: their
 * blocks are copied whole.  util_format_copy_by_channel then copies n
 * texels: each channel's bits to the same channel, the destination's
 * other channels 0 (alpha 1). */
bool util_format_is_channel_copy(enum pipe_format src, enum pipe_format dst);
/* A plain, linear (not sRGB) colour format of four bytes whose R, G and B are
 * distinct 8-bit unorm channels and whose A is one too or reads 1: the
 * byte of each of R, G, B, A in the texel (-1: A absent).  false otherwise.
 * (RGBA8, BGRA8, ARGB8, ABGR8 and their X variants.) */
bool util_format_rgba8_unorm_bytes(enum pipe_format, int8_t bytes[4]);
void util_format_copy_by_channel(enum pipe_format dst_format, void *dst,
                                 enum pipe_format src_format, const void *src, unsigned n);

/* Colour conversions.  Compressed formats: unpack only, whole blocks
 * are handled by util_format_unpack_rect_rgba_float. */
void util_format_unpack_rgba_float(enum pipe_format, float *dst, const void *src, unsigned n);
void util_format_pack_rgba_float(enum pipe_format, void *dst, const float *src, unsigned n);
void util_format_unpack_rgba_uint(enum pipe_format, uint32_t *dst, const void *src, unsigned n);
void util_format_pack_rgba_uint(enum pipe_format, void *dst, const uint32_t *src, unsigned n);
void util_format_unpack_rgba_sint(enum pipe_format, int32_t *dst, const void *src, unsigned n);
void util_format_pack_rgba_sint(enum pipe_format, void *dst, const int32_t *src, unsigned n);

/* A rectangle of any format (compressed included) to RGBA float rows. */
void util_format_unpack_rect_rgba_float(enum pipe_format, float *dst, unsigned dst_stride,
                                        const void *src, unsigned src_stride,
                                        unsigned width, unsigned height);

/* Block encoders for uploads of uncompressed data (BPTC: 4x4 texels, FXT1:
 * 8x4; rgba row-major with rows of block_width texels; valid[i] false for
 * texels outside the image, which are ignored).  The blocks store the
 * values as given: sRGB formats expect encoded values.  Simple, not
 * optimal: one subset / mode per block, bounding-box endpoints (see
 * u_format_bptc.c, u_format_fxt1.c). */
void util_format_bptc_encode_block(enum pipe_format, const float rgba[64], const bool valid[16],
                                   uint8_t out[16]);
void util_format_fxt1_encode_block(enum pipe_format, const float rgba[128], const bool valid[32],
                                   uint8_t out[16]);

/* Depth (as float in [0, 1]; Z32_FLOAT unclamped) and stencil (8 bits).
 * Pack of depth into a combined format leaves the stencil bits alone, and
 * the other way round. */
void util_format_unpack_z_float(enum pipe_format, float *dst, const void *src, unsigned n);
void util_format_pack_z_float(enum pipe_format, void *dst, const float *src, unsigned n);
void util_format_unpack_z_32unorm(enum pipe_format, uint32_t *dst, const void *src, unsigned n);
void util_format_unpack_s_8uint(enum pipe_format, uint8_t *dst, const void *src, unsigned n);
void util_format_pack_s_8uint(enum pipe_format, void *dst, const uint8_t *src, unsigned n);

/* sRGB transfer functions on one value in [0, 1]. */
float util_format_srgb_to_linear_float(float);
float util_format_linear_to_srgb_float(float);
/* IEEE half <-> float. */
float util_half_to_float(uint16_t);
uint16_t util_float_to_half(float);

#ifdef __cplusplus
}
#endif

#endif
