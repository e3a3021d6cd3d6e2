/*
 * S3TC (DXT1, DXT3, DXT5) block decoding, following
 * EXT_texture_compression_s3tc.  Decode only: refpipe never compresses.
 */
#include <stdint.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"

static void
rgb565_to_float(uint16_t c, float rgb[3])
{
   rgb[0] = (float)((c >> 11) & 0x1f) / 31.0f;
   rgb[1] = (float)((c >> 5) & 0x3f) / 63.0f;
   rgb[2] = (float)(c & 0x1f) / 31.0f;
}

/*
 * The 8-byte colour part: two RGB565 end points and 2-bit indices.
 * four_colour: always interpolate two intermediate colours (DXT3/5);
 * otherwise the order of the end points picks the mode (DXT1), and
 * index 3 of the three-colour mode is black with alpha 'alpha3'.
 */
static void
decode_colour_block(const uint8_t *b, bool four_colour, float alpha3, float rgba[64])
{
   uint16_t c0 = (uint16_t)(b[0] | (b[1] << 8));
   uint16_t c1 = (uint16_t)(b[2] | (b[3] << 8));
   uint32_t bits = (uint32_t)b[4] | ((uint32_t)b[5] << 8) | ((uint32_t)b[6] << 16) |
                   ((uint32_t)b[7] << 24);
   float pal[4][4];

   rgb565_to_float(c0, pal[0]);
   rgb565_to_float(c1, pal[1]);
   pal[0][3] = pal[1][3] = 1.0f;
   if (four_colour || c0 > c1) {
      for (unsigned i = 0; i < 3; i++) {
         pal[2][i] = (2.0f * pal[0][i] + pal[1][i]) / 3.0f;
         pal[3][i] = (pal[0][i] + 2.0f * pal[1][i]) / 3.0f;
      }
      pal[2][3] = pal[3][3] = 1.0f;
   } else {
      for (unsigned i = 0; i < 3; i++) {
         pal[2][i] = (pal[0][i] + pal[1][i]) / 2.0f;
         pal[3][i] = 0.0f;
      }
      pal[2][3] = 1.0f;
      pal[3][3] = alpha3;
   }
   for (unsigned t = 0; t < 16; t++) {
      const float *p = pal[(bits >> (2 * t)) & 3];
      for (unsigned i = 0; i < 4; i++)
         rgba[t * 4 + i] = p[i];
   }
}

/* DXT5's alpha part (also RGTC's unsigned channel): two 8-bit end points
 * and 3-bit indices. */
static void
decode_alpha_block(const uint8_t *b, float out[16])
{
   float a0 = (float)b[0], a1 = (float)b[1];
   float pal[8];
   uint64_t bits = 0;

   for (unsigned i = 0; i < 6; i++)
      bits |= (uint64_t)b[2 + i] << (8 * i);
   pal[0] = a0;
   pal[1] = a1;
   if (b[0] > b[1]) {
      for (unsigned i = 1; i < 7; i++)
         pal[i + 1] = ((7 - i) * a0 + i * a1) / 7.0f;
   } else {
      for (unsigned i = 1; i < 5; i++)
         pal[i + 1] = ((5 - i) * a0 + i * a1) / 5.0f;
      pal[6] = 0.0f;
      pal[7] = 255.0f;
   }
   for (unsigned t = 0; t < 16; t++)
      out[t] = pal[(bits >> (3 * t)) & 7] / 255.0f;
}

void
util_format_s3tc_decode_block(enum pipe_format format, const uint8_t *block, float rgba[64])
{
   float alpha[16];
   bool srgb = true;

   /* the sRGB variants store the same blocks; decode, then convert */
   switch (format) {
   case PIPE_FORMAT_DXT1_SRGB: format = PIPE_FORMAT_DXT1_RGB; break;
   case PIPE_FORMAT_DXT1_SRGBA: format = PIPE_FORMAT_DXT1_RGBA; break;
   case PIPE_FORMAT_DXT3_SRGBA: format = PIPE_FORMAT_DXT3_RGBA; break;
   case PIPE_FORMAT_DXT5_SRGBA: format = PIPE_FORMAT_DXT5_RGBA; break;
   default: srgb = false; break;
   }

   switch (format) {
   case PIPE_FORMAT_DXT1_RGB:
      decode_colour_block(block, false, 1.0f, rgba);
      break;
   case PIPE_FORMAT_DXT1_RGBA:
      decode_colour_block(block, false, 0.0f, rgba);
      break;
   case PIPE_FORMAT_DXT3_RGBA:
      decode_colour_block(block + 8, true, 1.0f, rgba);
      for (unsigned t = 0; t < 16; t++) {
         unsigned a = (block[t / 2] >> (4 * (t & 1))) & 0xf;
         rgba[t * 4 + 3] = (float)a / 15.0f;
      }
      break;
   case PIPE_FORMAT_DXT5_RGBA:
      decode_colour_block(block + 8, true, 1.0f, rgba);
      decode_alpha_block(block, alpha);
      for (unsigned t = 0; t < 16; t++)
         rgba[t * 4 + 3] = alpha[t];
      break;
   default:
      for (unsigned t = 0; t < 16; t++) {
         rgba[t * 4 + 0] = rgba[t * 4 + 1] = rgba[t * 4 + 2] = 0.0f;
         rgba[t * 4 + 3] = 1.0f;
      }
      break;
   }
   if (srgb) {
      for (unsigned t = 0; t < 16; t++)
         for (unsigned c = 0; c < 3; c++)
            rgba[t * 4 + c] = util_format_srgb_to_linear_float(rgba[t * 4 + c]);
   }
}
