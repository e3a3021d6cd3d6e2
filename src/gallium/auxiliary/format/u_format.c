/*
 * Format look-ups and the per-texel conversions of every format:
 * plain (array and packed) formats through their channel descriptions,
 * the "other" layouts (shared exponent, 11_11_10 float, Z32F_S8X24) and
 * compressed blocks (decode only).
 *
 * Blocks are read as little-endian bit strings, which matches both halves
 * of the naming rule in p_format.h on a little-endian host.
 */
#include "format/u_format.h"

#include <math.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "format/u_format_priv.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the format module assumes a little-endian host"
#endif

/* Largest block of a plain format (R64G64B64A64) plus room to read a
 * 64-bit word at any channel's byte offset. */
#define BLOCK_BUF 40

const struct util_format_description *
util_format_description(enum pipe_format format)
{
   if ((unsigned)format >= PIPE_FORMAT_COUNT)
      return &util_format_table[PIPE_FORMAT_NONE];
   return &util_format_table[format];
}

const char *
util_format_name(enum pipe_format format)
{
   return util_format_description(format)->name;
}

enum pipe_format
util_format_from_name(const char *name)
{
   if (!name)
      return PIPE_FORMAT_NONE;
   if (!strncasecmp(name, "PIPE_FORMAT_", 12))
      name += 12;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      if (!strcasecmp(name, util_format_table[f].short_name))
         return (enum pipe_format)f;
   }
   return PIPE_FORMAT_NONE;
}

unsigned
util_format_get_stride(enum pipe_format format, unsigned width)
{
   const struct util_format_description *d = util_format_description(format);
   return (width + d->block_width - 1) / d->block_width * d->block_bytes;
}

unsigned
util_format_get_nblocksy(enum pipe_format format, unsigned height)
{
   const struct util_format_description *d = util_format_description(format);
   return (height + d->block_height - 1) / d->block_height;
}

bool
util_format_is_depth_or_stencil(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d->is_depth || d->is_stencil;
}

bool
util_format_has_alpha(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return !d->is_depth && !d->is_stencil && d->swizzle[3] < 4;
}

/* --- channel-by-channel copies (resource_copy_region) -------------------- */

/* Byte offset and size of colour component c (0..3 = R, G, B, A) in a
 * plain format's block; false if the format has no such channel. */
static bool
component_bytes(const struct util_format_description *d, unsigned c, unsigned *offset,
                unsigned *size)
{
   unsigned ch = d->swizzle[c];
   if (ch >= 4 || ch >= d->nr_channels || !d->channel[ch].size)
      return false;
   *offset = d->channel[ch].shift / 8;
   *size = d->channel[ch].size / 8;
   return true;
}

bool
util_format_is_channel_copy(enum pipe_format src, enum pipe_format dst)
{
   const struct util_format_description *s = util_format_description(src);
   const struct util_format_description *d = util_format_description(dst);
   if (s->layout != UTIL_FORMAT_LAYOUT_PLAIN || d->layout != UTIL_FORMAT_LAYOUT_PLAIN ||
       s->block_width != 1 || s->block_height != 1 || d->block_width != 1 ||
       d->block_height != 1 || s->is_depth || s->is_stencil || d->is_depth || d->is_stencil ||
       s->is_luminance || s->is_intensity || d->is_luminance || d->is_intensity)
      return false;
   for (unsigned i = 0; i < s->nr_channels; i++)
      if (s->channel[i].size % 8 || s->channel[i].shift % 8)
         return false;
   for (unsigned i = 0; i < d->nr_channels; i++)
      if (d->channel[i].size % 8 || d->channel[i].shift % 8)
         return false;
   unsigned common = 0;
   bool moved = s->block_bytes != d->block_bytes;
   for (unsigned c = 0; c < 4; c++) {
      unsigned so, ss, dof, ds;
      bool hs = component_bytes(s, c, &so, &ss), hd = component_bytes(d, c, &dof, &ds);
      /* R, G, B: the same set; alpha may be padding of a wider block
       * (R16G16B16A16 holding RGB16 <-> R16G16B16) */
      if (hs != hd && (c < 3 || s->block_bytes == d->block_bytes))
         return false;
      if (!hs || !hd)
         continue;
      if (ss != ds)
         return false;
      common++;
      moved |= so != dof;
   }
   return common && moved;
}

void
util_format_copy_by_channel(enum pipe_format dst_format, void *dst_texels,
                            enum pipe_format src_format, const void *src_texels, unsigned n)
{
   const struct util_format_description *dd = util_format_description(dst_format);
   const struct util_format_description *sd = util_format_description(src_format);
   uint8_t *dst = dst_texels;
   const uint8_t *src = src_texels;
   uint8_t fill[16];
   memset(fill, 0, sizeof fill);
   if (dd->is_pure_integer) {
      const uint32_t one[4] = { 0, 0, 0, 1 };
      util_format_pack_rgba_uint(dst_format, fill, one, 1);
   } else {
      const float one[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
      util_format_pack_rgba_float(dst_format, fill, one, 1);
   }
   for (unsigned i = 0; i < n; i++) {
      uint8_t *d = dst + (size_t)i * dd->block_bytes;
      const uint8_t *s = src + (size_t)i * sd->block_bytes;
      memcpy(d, fill, dd->block_bytes);
      for (unsigned c = 0; c < 4; c++) {
         unsigned so, ss, dof, ds;
         if (component_bytes(sd, c, &so, &ss) && component_bytes(dd, c, &dof, &ds))
            memcpy(d + dof, s + so, ss);
      }
   }
}

/* --- bit access --------------------------------------------------------- */

static void
load_block(const struct util_format_description *d, const void *src, uint8_t buf[BLOCK_BUF])
{
   memset(buf, 0, BLOCK_BUF);
   memcpy(buf, src, d->block_bytes);
}

static uint32_t
get_bits(const uint8_t *buf, unsigned shift, unsigned size)
{
   uint64_t v;
   memcpy(&v, buf + shift / 8, sizeof v);
   v >>= shift % 8;
   return size >= 32 ? (uint32_t)v : (uint32_t)(v & ((1ull << size) - 1));
}

static void
set_bits(uint8_t *buf, unsigned shift, unsigned size, uint32_t value)
{
   uint64_t v, mask = (size >= 32 ? 0xffffffffull : (1ull << size) - 1) << (shift % 8);
   memcpy(&v, buf + shift / 8, sizeof v);
   v = (v & ~mask) | (((uint64_t)value << (shift % 8)) & mask);
   memcpy(buf + shift / 8, &v, sizeof v);
}

static int32_t
sign_extend(uint32_t v, unsigned size)
{
   if (size >= 32)
      return (int32_t)v;
   uint32_t m = 1u << (size - 1);
   return (int32_t)((v ^ m) - m);
}

static double
unorm_max(unsigned size)
{
   return (double)((size >= 32 ? 0xffffffffull : (1ull << size) - 1));
}

static double
snorm_max(unsigned size)
{
   return (double)((1ull << (size - 1)) - 1);
}

/* --- one channel <-> float ---------------------------------------------- */

static float
channel_to_float(const struct util_format_channel *c, uint32_t v)
{
   switch (c->type) {
   case UTIL_FORMAT_TYPE_UNORM:
      return (float)((double)v / unorm_max(c->size));
   case UTIL_FORMAT_TYPE_SNORM: {
      double f = (double)sign_extend(v, c->size) / snorm_max(c->size);
      return (float)(f < -1.0 ? -1.0 : f);
   }
   case UTIL_FORMAT_TYPE_UINT:
      return (float)v;
   case UTIL_FORMAT_TYPE_SINT:
      return (float)sign_extend(v, c->size);
   case UTIL_FORMAT_TYPE_FLOAT:
      if (c->size == 16)
         return util_half_to_float((uint16_t)v);
      if (c->size == 32) {
         float f;
         memcpy(&f, &v, sizeof f);
         return f;
      }
      if (c->size == 11)
         return util_format_small_float_to_float(v, 6);
      if (c->size == 10)
         return util_format_small_float_to_float(v, 5);
      return 0.0f;
   case UTIL_FORMAT_TYPE_FIXED:
      return (float)((double)(int32_t)v / 65536.0);
   default:
      return 1.0f;
   }
}

static uint32_t
float_to_channel(const struct util_format_channel *c, float f)
{
   switch (c->type) {
   case UTIL_FORMAT_TYPE_UNORM: {
      double max = unorm_max(c->size);
      if (!(f > 0.0f))
         return 0;
      if (f >= 1.0f)
         return (uint32_t)max;
      return (uint32_t)((double)f * max + 0.5);
   }
   case UTIL_FORMAT_TYPE_SNORM: {
      double max = snorm_max(c->size);
      double v = f != f ? 0.0 : f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : (double)f;
      v *= max;
      int32_t i = (int32_t)(v >= 0.0 ? v + 0.5 : v - 0.5);
      return (uint32_t)i;
   }
   case UTIL_FORMAT_TYPE_UINT: {
      double max = unorm_max(c->size);
      if (!(f > 0.0f))
         return 0;
      if ((double)f >= max)
         return (uint32_t)max;
      return (uint32_t)((double)f + 0.5);
   }
   case UTIL_FORMAT_TYPE_SINT: {
      double max = snorm_max(c->size), min = -max - 1.0;
      double v = f != f ? 0.0 : (double)f;
      v = v < min ? min : v > max ? max : v;
      return (uint32_t)(int32_t)(v >= 0.0 ? v + 0.5 : v - 0.5);
   }
   case UTIL_FORMAT_TYPE_FLOAT:
      if (c->size == 16)
         return util_float_to_half(f);
      if (c->size == 32) {
         uint32_t u;
         memcpy(&u, &f, sizeof u);
         return u;
      }
      if (c->size == 11)
         return util_format_float_to_small_float(f, 6);
      if (c->size == 10)
         return util_format_float_to_small_float(f, 5);
      return 0;
   case UTIL_FORMAT_TYPE_FIXED: {
      /* clamp to the representable range, round to nearest */
      double v = f != f ? 0.0 : (double)f * 65536.0;
      v = v < -2147483648.0 ? -2147483648.0 : v > 2147483647.0 ? 2147483647.0 : v;
      return (uint32_t)(int32_t)(v >= 0.0 ? v + 0.5 : v - 0.5);
   }
   default:
      return 0;
   }
}

static bool
is_double(const struct util_format_channel *c)
{
   return c->type == UTIL_FORMAT_TYPE_FLOAT && c->size == 64;
}

/* One channel of a loaded block as float (64-bit floats are converted,
 * rounding to nearest). */
static float
read_channel_float(const struct util_format_channel *c, const uint8_t *buf)
{
   if (is_double(c)) {
      double d;
      memcpy(&d, buf + c->shift / 8, sizeof d);
      return (float)d;
   }
   return channel_to_float(c, get_bits(buf, c->shift, c->size));
}

static void
write_channel_float(const struct util_format_channel *c, uint8_t *buf, float f)
{
   if (is_double(c)) {
      double d = f;
      memcpy(buf + c->shift / 8, &d, sizeof d);
      return;
   }
   set_bits(buf, c->shift, c->size, float_to_channel(c, f));
}

/* Which of R, G, B, A (or Z, S) feeds memory channel 'chan' when packing:
 * the first component whose swizzle names it; -1 if none. */
static int
channel_source(const struct util_format_description *d, unsigned chan)
{
   for (unsigned i = 0; i < 4; i++) {
      if (d->swizzle[i] == chan)
         return (int)i;
   }
   return -1;
}

static bool
is_compressed(const struct util_format_description *d)
{
   return d->layout == UTIL_FORMAT_LAYOUT_S3TC || d->layout == UTIL_FORMAT_LAYOUT_RGTC ||
          d->layout == UTIL_FORMAT_LAYOUT_BPTC || d->layout == UTIL_FORMAT_LAYOUT_FXT1 ||
          d->layout == UTIL_FORMAT_LAYOUT_ETC;
}

/* One block to block_width x block_height RGBA texels, row-major with
 * rows of block_width texels. */
static void
decode_block(const struct util_format_description *d, const uint8_t *block,
             float rgba[UTIL_FORMAT_MAX_BLOCK_TEXELS * 4])
{
   if (d->layout == UTIL_FORMAT_LAYOUT_FXT1)
      util_format_fxt1_decode_block(d->format, block, rgba);
   else if (d->layout == UTIL_FORMAT_LAYOUT_S3TC)
      util_format_s3tc_decode_block(d->format, block, rgba);
   else if (d->layout == UTIL_FORMAT_LAYOUT_BPTC)
      util_format_bptc_decode_block(d->format, block, rgba);
   else if (d->layout == UTIL_FORMAT_LAYOUT_ETC)
      util_format_etc_decode_block(d->format, block, rgba);
   else
      util_format_rgtc_decode_block(d->format, block, rgba);
}

/* --- colour as float ------------------------------------------------------ */

static void
unpack_texel_float(const struct util_format_description *d, float dst[4], const uint8_t *src)
{
   uint8_t buf[BLOCK_BUF];
   float vals[4] = { 0.0f, 0.0f, 0.0f, 0.0f };


   load_block(d, src, buf);
   if (d->format == PIPE_FORMAT_R9G9B9E5_FLOAT) {
      uint32_t w;
      memcpy(&w, buf, sizeof w);
      util_format_rgb9e5_to_float(w, dst);
      dst[3] = 1.0f;
      return;
   }
   for (unsigned c = 0; c < d->nr_channels; c++)
      vals[c] = read_channel_float(&d->channel[c], buf);

   if (d->is_depth || d->is_stencil) {
      /* depth (or, for stencil-only formats, stencil) in R */
      unsigned s = d->swizzle[d->is_depth ? 0 : 1];
      dst[0] = s < 4 ? vals[s] : 0.0f;
      dst[1] = dst[2] = 0.0f;
      dst[3] = 1.0f;
      return;
   }
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = d->swizzle[i];
      dst[i] = s < 4 ? vals[s] : s == UTIL_FORMAT_SWIZZLE_1 ? 1.0f : 0.0f;
   }
   if (d->is_srgb) {
      for (unsigned i = 0; i < 3; i++)
         dst[i] = util_format_srgb_to_linear_float(dst[i]);
   }
}

static void
pack_texel_float(const struct util_format_description *d, uint8_t *dst, const float src[4])
{
   uint8_t buf[BLOCK_BUF];

   memset(buf, 0, sizeof buf);
   if (d->format == PIPE_FORMAT_R9G9B9E5_FLOAT) {
      uint32_t w = util_format_float_to_rgb9e5(src);
      memcpy(dst, &w, sizeof w);
      return;
   }
   for (unsigned c = 0; c < d->nr_channels; c++) {
      int i = channel_source(d, c);
      if (i < 0 || d->channel[c].type == UTIL_FORMAT_TYPE_VOID)
         continue;
      float f = src[i];
      if (d->is_srgb && i < 3)
         f = util_format_linear_to_srgb_float(f);
      write_channel_float(&d->channel[c], buf, f);
   }
   memcpy(dst, buf, d->block_bytes);
}

void
util_format_unpack_rgba_float(enum pipe_format format, float *dst, const void *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const uint8_t *s = src;

   if (!d->block_bytes) {
      for (unsigned i = 0; i < n; i++) {
         dst[i * 4 + 0] = dst[i * 4 + 1] = dst[i * 4 + 2] = 0.0f;
         dst[i * 4 + 3] = 1.0f;
      }
      return;
   }
   if (is_compressed(d)) {
      /* a row of blocks: the top texel row of each */
      float block[UTIL_FORMAT_MAX_BLOCK_TEXELS * 4];
      unsigned bw = d->block_width;
      for (unsigned i = 0; i < n; i++) {
         if (i % bw == 0)
            decode_block(d, s + (i / bw) * d->block_bytes, block);
         memcpy(dst + i * 4, block + (i % bw) * 4, 4 * sizeof(float));
      }
      return;
   }
   for (unsigned i = 0; i < n; i++)
      unpack_texel_float(d, dst + i * 4, s + i * d->block_bytes);
}

void
util_format_pack_rgba_float(enum pipe_format format, void *dst, const float *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   uint8_t *p = dst;

   if (!d->block_bytes || is_compressed(d))
      return;
   for (unsigned i = 0; i < n; i++)
      pack_texel_float(d, p + i * d->block_bytes, src + i * 4);
}

void
util_format_unpack_rect_rgba_float(enum pipe_format format, float *dst, unsigned dst_stride,
                                   const void *src, unsigned src_stride,
                                   unsigned width, unsigned height)
{
   const struct util_format_description *d = util_format_description(format);
   const uint8_t *s = src;
   uint8_t *o = (uint8_t *)dst;

   if (!is_compressed(d)) {
      for (unsigned y = 0; y < height; y++)
         util_format_unpack_rgba_float(format, (float *)(o + (size_t)y * dst_stride),
                                       s + (size_t)y * src_stride, width);
      return;
   }
   unsigned bw = d->block_width, bh = d->block_height;
   for (unsigned by = 0; by < height; by += bh) {
      for (unsigned bx = 0; bx < width; bx += bw) {
         float block[UTIL_FORMAT_MAX_BLOCK_TEXELS * 4];
         decode_block(d, s + (size_t)(by / bh) * src_stride + (bx / bw) * d->block_bytes,
                      block);
         for (unsigned y = by; y < by + bh && y < height; y++) {
            float *row = (float *)(o + (size_t)y * dst_stride);
            for (unsigned x = bx; x < bx + bw && x < width; x++)
               memcpy(row + x * 4, block + ((y - by) * bw + (x - bx)) * 4, 4 * sizeof(float));
         }
      }
   }
}

/* --- colour as integers --------------------------------------------------- */

/* Texel i of a run as float (compressed: the top row of a row of blocks). */
static void
unpack_one_float(const struct util_format_description *d, float f[4], const uint8_t *s,
                 unsigned i)
{
   if (is_compressed(d)) {
      float block[UTIL_FORMAT_MAX_BLOCK_TEXELS * 4];
      unsigned bw = d->block_width;
      decode_block(d, s + (i / bw) * d->block_bytes, block);
      memcpy(f, block + (i % bw) * 4, 4 * sizeof(float));
   } else if (d->block_bytes) {
      unpack_texel_float(d, f, s + i * d->block_bytes);
   } else {
      f[0] = f[1] = f[2] = 0.0f;
      f[3] = 1.0f;
   }
}

static bool
has_integer_channel(const struct util_format_description *d)
{
   for (unsigned c = 0; c < d->nr_channels; c++) {
      if (d->channel[c].type == UTIL_FORMAT_TYPE_UINT ||
          d->channel[c].type == UTIL_FORMAT_TYPE_SINT)
         return true;
   }
   return false;
}

static bool
integer_path(const struct util_format_description *d)
{
   return d->block_bytes && !is_compressed(d) && has_integer_channel(d);
}

/* Raw channel values of one texel: unsigned for UINT, sign-extended for
 * SINT, and (for mixed formats) the float value for the rest. */
static void
unpack_texel_int(const struct util_format_description *d, int64_t dst[4], const uint8_t *src)
{
   uint8_t buf[BLOCK_BUF];
   int64_t vals[4] = { 0, 0, 0, 0 };

   load_block(d, src, buf);
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel *ch = &d->channel[c];
      uint32_t v = get_bits(buf, ch->shift, ch->size);
      if (ch->type == UTIL_FORMAT_TYPE_UINT)
         vals[c] = v;
      else if (ch->type == UTIL_FORMAT_TYPE_SINT)
         vals[c] = sign_extend(v, ch->size);
      else
         vals[c] = (int64_t)channel_to_float(ch, v);
   }
   if (d->is_depth || d->is_stencil) {
      unsigned s = d->swizzle[d->is_stencil ? 1 : 0];
      dst[0] = s < 4 ? vals[s] : 0;
      dst[1] = dst[2] = 0;
      dst[3] = 1;
      return;
   }
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = d->swizzle[i];
      dst[i] = s < 4 ? vals[s] : s == UTIL_FORMAT_SWIZZLE_1 ? 1 : 0;
   }
}

static void
pack_texel_int(const struct util_format_description *d, uint8_t *dst, const int64_t src[4])
{
   uint8_t buf[BLOCK_BUF];

   memset(buf, 0, sizeof buf);
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel *ch = &d->channel[c];
      int i = channel_source(d, c);
      int64_t v;
      uint32_t bits;
      if (i < 0 || ch->type == UTIL_FORMAT_TYPE_VOID)
         continue;
      v = src[i];
      if (ch->type == UTIL_FORMAT_TYPE_UINT) {
         int64_t max = (int64_t)unorm_max(ch->size);
         bits = (uint32_t)(v < 0 ? 0 : v > max ? max : v);
      } else if (ch->type == UTIL_FORMAT_TYPE_SINT) {
         int64_t max = (int64_t)snorm_max(ch->size), min = -max - 1;
         bits = (uint32_t)(int32_t)(v < min ? min : v > max ? max : v);
      } else {
         bits = float_to_channel(ch, (float)v);
      }
      set_bits(buf, ch->shift, ch->size, bits);
   }
   memcpy(dst, buf, d->block_bytes);
}

void
util_format_unpack_rgba_uint(enum pipe_format format, uint32_t *dst, const void *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const uint8_t *s = src;
   float f[4];
   int64_t v[4];

   for (unsigned i = 0; i < n; i++) {
      if (integer_path(d)) {
         unpack_texel_int(d, v, s + i * d->block_bytes);
      } else {
         unpack_one_float(d, f, s, i);
         for (unsigned c = 0; c < 4; c++)
            v[c] = !(f[c] > 0.0f) ? 0 : f[c] >= 4294967295.0f ? 0xffffffffll : (int64_t)f[c];
      }
      for (unsigned c = 0; c < 4; c++)
         dst[i * 4 + c] = (uint32_t)(v[c] < 0 ? 0 : v[c] > 0xffffffffll ? 0xffffffffll : v[c]);
   }
}

void
util_format_unpack_rgba_sint(enum pipe_format format, int32_t *dst, const void *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const uint8_t *s = src;
   float f[4];
   int64_t v[4];

   for (unsigned i = 0; i < n; i++) {
      if (integer_path(d)) {
         unpack_texel_int(d, v, s + i * d->block_bytes);
      } else {
         unpack_one_float(d, f, s, i);
         for (unsigned c = 0; c < 4; c++)
            v[c] = f[c] != f[c] ? 0 : f[c] >= 2147483647.0f ? INT32_MAX :
                   f[c] <= -2147483648.0f ? INT32_MIN : (int64_t)f[c];
      }
      for (unsigned c = 0; c < 4; c++)
         dst[i * 4 + c] = (int32_t)(v[c] < INT32_MIN ? INT32_MIN : v[c] > INT32_MAX ? INT32_MAX : v[c]);
   }
}

/* One texel given as integer values: stored as integers by integer formats,
 * converted by value (not normalized) for every other format. */
static void
pack_texel_integer_value(const struct util_format_description *d, uint8_t *dst,
                         const int64_t v[4])
{
   if (integer_path(d)) {
      pack_texel_int(d, dst, v);
   } else {
      float f[4];
      for (unsigned c = 0; c < 4; c++)
         f[c] = (float)v[c];
      pack_texel_float(d, dst, f);
   }
}

void
util_format_pack_rgba_uint(enum pipe_format format, void *dst, const uint32_t *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   uint8_t *p = dst;

   if (!d->block_bytes || is_compressed(d))
      return;
   for (unsigned i = 0; i < n; i++) {
      const int64_t v[4] = { src[i * 4 + 0], src[i * 4 + 1], src[i * 4 + 2], src[i * 4 + 3] };
      pack_texel_integer_value(d, p + i * d->block_bytes, v);
   }
}

void
util_format_pack_rgba_sint(enum pipe_format format, void *dst, const int32_t *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   uint8_t *p = dst;

   if (!d->block_bytes || is_compressed(d))
      return;
   for (unsigned i = 0; i < n; i++) {
      const int64_t v[4] = { src[i * 4 + 0], src[i * 4 + 1], src[i * 4 + 2], src[i * 4 + 3] };
      pack_texel_integer_value(d, p + i * d->block_bytes, v);
   }
}

/* --- depth and stencil ---------------------------------------------------- */

static const struct util_format_channel *
z_channel(const struct util_format_description *d)
{
   return d->is_depth && d->swizzle[0] < 4 ? &d->channel[d->swizzle[0]] : NULL;
}

static const struct util_format_channel *
s_channel(const struct util_format_description *d)
{
   return d->is_stencil && d->swizzle[1] < 4 ? &d->channel[d->swizzle[1]] : NULL;
}

void
util_format_unpack_z_float(enum pipe_format format, float *dst, const void *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const struct util_format_channel *z = z_channel(d);
   const uint8_t *s = src;
   uint8_t buf[BLOCK_BUF];

   for (unsigned i = 0; i < n; i++) {
      if (!z) {
         dst[i] = 0.0f;
         continue;
      }
      load_block(d, s + i * d->block_bytes, buf);
      dst[i] = channel_to_float(z, get_bits(buf, z->shift, z->size));
   }
}

void
util_format_pack_z_float(enum pipe_format format, void *dst, const float *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const struct util_format_channel *z = z_channel(d);
   uint8_t *p = dst;
   uint8_t buf[BLOCK_BUF];

   if (!z)
      return;
   for (unsigned i = 0; i < n; i++) {
      load_block(d, p + i * d->block_bytes, buf);
      set_bits(buf, z->shift, z->size, float_to_channel(z, src[i]));
      memcpy(p + i * d->block_bytes, buf, d->block_bytes);
   }
}

void
util_format_unpack_z_32unorm(enum pipe_format format, uint32_t *dst, const void *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const struct util_format_channel *z = z_channel(d);
   const uint8_t *s = src;
   uint8_t buf[BLOCK_BUF];

   for (unsigned i = 0; i < n; i++) {
      if (!z) {
         dst[i] = 0;
         continue;
      }
      load_block(d, s + i * d->block_bytes, buf);
      uint32_t v = get_bits(buf, z->shift, z->size);
      if (z->type == UTIL_FORMAT_TYPE_UNORM) {
         /* replicate the top bits into the bottom: exact for 16 bits */
         uint64_t w = (uint64_t)v << (32 - z->size);
         for (unsigned sh = z->size; sh < 32; sh += z->size)
            w |= (uint64_t)v << (32 - z->size) >> sh;
         dst[i] = (uint32_t)w;
      } else {
         float f = channel_to_float(z, v);
         dst[i] = !(f > 0.0f) ? 0 : f >= 1.0f ? 0xffffffffu
                                               : (uint32_t)((double)f * 4294967295.0 + 0.5);
      }
   }
}

void
util_format_unpack_s_8uint(enum pipe_format format, uint8_t *dst, const void *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const struct util_format_channel *s8 = s_channel(d);
   const uint8_t *s = src;
   uint8_t buf[BLOCK_BUF];

   for (unsigned i = 0; i < n; i++) {
      if (!s8) {
         dst[i] = 0;
         continue;
      }
      load_block(d, s + i * d->block_bytes, buf);
      dst[i] = (uint8_t)get_bits(buf, s8->shift, s8->size);
   }
}

void
util_format_pack_s_8uint(enum pipe_format format, void *dst, const uint8_t *src, unsigned n)
{
   const struct util_format_description *d = util_format_description(format);
   const struct util_format_channel *s8 = s_channel(d);
   uint8_t *p = dst;
   uint8_t buf[BLOCK_BUF];

   if (!s8)
      return;
   for (unsigned i = 0; i < n; i++) {
      load_block(d, p + i * d->block_bytes, buf);
      set_bits(buf, s8->shift, s8->size, src[i]);
      memcpy(p + i * d->block_bytes, buf, d->block_bytes);
   }
}

bool
util_format_rgba8_unorm_bytes(enum pipe_format format, int8_t bytes[4])
{
   const struct util_format_description *d = util_format_description(format);

   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN || d->block_bytes != 4 ||
       d->block_width != 1 || d->block_height != 1 || d->is_pure_integer || d->is_srgb ||
       d->is_depth || d->is_stencil)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      unsigned sw = d->swizzle[c];
      if (sw >= 4) {
         if (c == 3 && sw == UTIL_FORMAT_SWIZZLE_1) {
            bytes[c] = -1;
            continue;
         }
         return false;
      }
      const struct util_format_channel *ch = &d->channel[sw];
      if (ch->type != UTIL_FORMAT_TYPE_UNORM || ch->size != 8 || ch->shift % 8)
         return false;
      for (unsigned e = 0; e < c; e++) {
         if (d->swizzle[e] == sw)
            return false;   /* L, I: one channel read twice */
      }
      bytes[c] = (int8_t)(ch->shift / 8);
   }
   return true;
}
