/*
 * Internal to the format module: the description table and the helpers
 * the conversion files share.
 */
#ifndef U_FORMAT_PRIV_H
#define U_FORMAT_PRIV_H

#include <stdint.h>

#include "format/u_format.h"

extern const struct util_format_description util_format_table[PIPE_FORMAT_COUNT];

/* Unsigned small floats (5-bit exponent, bias 15, no sign) of
 * R11G11B10_FLOAT: mant_bits is 6 (11-bit) or 5 (10-bit). */
float util_format_small_float_to_float(uint32_t bits, unsigned mant_bits);
uint32_t util_format_float_to_small_float(float f, unsigned mant_bits);

/* R9G9B9E5_FLOAT: one packed 32-bit word <-> RGB. */
void util_format_rgb9e5_to_float(uint32_t word, float rgb[3]);
uint32_t util_format_float_to_rgb9e5(const float rgb[3]);

/* Decode one compressed block to 4x4 RGBA float texels, row-major
 * (texel (x, y) at rgba[(y * 4 + x) * 4]). */
void util_format_s3tc_decode_block(enum pipe_format, const uint8_t *block, float rgba[64]);
void util_format_rgtc_decode_block(enum pipe_format, const uint8_t *block, float rgba[64]);
/* ETC2 / EAC (sRGB linearized; R11 / RG11 as unorm or snorm values) */
void util_format_etc_decode_block(enum pipe_format, const uint8_t *block, float rgba[64]);
/* BPTC: rgba of the 16 texels (sRGB already linearized, float formats as
 * decoded halves, alpha 1); the raw decoders give BC7's 8-bit RGBA and
 * BC6H's RGB half-float bits. */
void util_format_bptc_decode_block(enum pipe_format, const uint8_t *block, float rgba[64]);
/* FXT1: one 128-bit block to 8x4 RGBA texels (rows of 8); the raw
 * decoder gives the 8-bit RGBA values (FXT1_RGB: alpha forced to 255). */
void util_format_fxt1_decode_block(enum pipe_format, const uint8_t *block, float rgba[128]);
void util_format_fxt1_decode_block_u8(const uint8_t *block, bool rgb_only, uint8_t out[128]);
void util_format_bc7_decode_block_u8(const uint8_t *block, uint8_t out[64]);
void util_format_bc6h_decode_block_half(const uint8_t *block, bool is_signed, uint16_t out[48]);

#endif
