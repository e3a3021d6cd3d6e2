/*
 * RGTC (RGTC1/RGTC2, unsigned and signed) block decoding, following
 * ARB_texture_compression_rgtc.  Decode only.
 */
#include <stdint.h>

#include "format/u_format.h"
#include "format/u_format_priv.h"

/* One 8-byte channel block: two end points and 3-bit indices. */
static void
decode_channel(const uint8_t *b, bool is_signed, float out[16])
{
   float e0, e1, pal[8];
   bool six_values;
   uint64_t bits = 0;

   if (is_signed) {
      int8_t s0 = (int8_t)b[0], s1 = (int8_t)b[1];
      /* -128 decodes like -127 */
      e0 = s0 < -127 ? -127.0f : (float)s0;
      e1 = s1 < -127 ? -127.0f : (float)s1;
      six_values = !(s0 > s1);
   } else {
      e0 = (float)b[0];
      e1 = (float)b[1];
      six_values = !(b[0] > b[1]);
   }
   for (unsigned i = 0; i < 6; i++)
      bits |= (uint64_t)b[2 + i] << (8 * i);

   pal[0] = e0;
   pal[1] = e1;
   if (!six_values) {
      for (unsigned i = 1; i < 7; i++)
         pal[i + 1] = ((7 - i) * e0 + i * e1) / 7.0f;
   } else {
      for (unsigned i = 1; i < 5; i++)
         pal[i + 1] = ((5 - i) * e0 + i * e1) / 5.0f;
      pal[6] = is_signed ? -127.0f : 0.0f;
      pal[7] = is_signed ? 127.0f : 255.0f;
   }
   for (unsigned t = 0; t < 16; t++)
      out[t] = pal[(bits >> (3 * t)) & 7] / (is_signed ? 127.0f : 255.0f);
}

void
util_format_rgtc_decode_block(enum pipe_format format, const uint8_t *block, float rgba[64])
{
   bool is_signed = format == PIPE_FORMAT_RGTC1_SNORM || format == PIPE_FORMAT_RGTC2_SNORM ||
                    format == PIPE_FORMAT_LATC1_SNORM || format == PIPE_FORMAT_LATC2_SNORM;
   bool two = format == PIPE_FORMAT_RGTC2_UNORM || format == PIPE_FORMAT_RGTC2_SNORM ||
              format == PIPE_FORMAT_LATC2_UNORM || format == PIPE_FORMAT_LATC2_SNORM;
   /* LATC (EXT_texture_compression_latc): the same blocks, the first
    * channel luminance, the second alpha: (L, L, L, A) or (L, L, L, 1) */
   bool latc = format == PIPE_FORMAT_LATC1_UNORM || format == PIPE_FORMAT_LATC1_SNORM ||
               format == PIPE_FORMAT_LATC2_UNORM || format == PIPE_FORMAT_LATC2_SNORM;
   float red[16], green[16];

   decode_channel(block, is_signed, red);
   if (two)
      decode_channel(block + 8, is_signed, green);
   for (unsigned t = 0; t < 16; t++) {
      rgba[t * 4 + 0] = red[t];
      rgba[t * 4 + 1] = latc ? red[t] : two ? green[t] : 0.0f;
      rgba[t * 4 + 2] = latc ? red[t] : 0.0f;
      rgba[t * 4 + 3] = latc && two ? green[t] : 1.0f;
   }
}
