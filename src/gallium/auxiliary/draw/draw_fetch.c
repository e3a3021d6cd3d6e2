/*
 * draw: vertex fetch.  Reads vertex elements from the mapped vertex
 * buffers and converts them to VS input slots.
 *
 * Formats are decoded from the format module's description (channel
 * type, size and bit offset), so any plain format works, including ones
 * only vertex arrays use (64-bit floats, 32-bit normalized integers, three
 * 16-bit channels, GL_FIXED 16.16...).  Normalized signed integers use
 * GL 2.1-4.1's vertex rule (2c + 1) / (2^b - 1); see docs/draw.md.
 */
#include <math.h>
#include <string.h>

#include "format/u_format.h"
#include "draw_private.h"
#include "draw_simd.h"

/* Bits [shift, shift + size) of a little-endian block, size <= 64. */
static uint64_t
read_bits(const uint8_t *block, unsigned shift, unsigned size)
{
   unsigned first = shift / 8, last = (shift + size - 1) / 8;
   uint64_t raw = 0;
   unsigned nbytes = last - first + 1;
   if (nbytes > 8) {
      /* only possible for an unaligned 64-bit channel: not a real format */
      nbytes = 8;
   }
   for (unsigned b = 0; b < nbytes; b++)
      raw |= (uint64_t)block[first + b] << (8 * b);
   raw >>= shift % 8;
   if (size < 64)
      raw &= (UINT64_C(1) << size) - 1;
   return raw;
}

static int64_t
sign_extend(uint64_t raw, unsigned size)
{
   if (size >= 64)
      return (int64_t)raw;
   uint64_t sign = UINT64_C(1) << (size - 1);
   return (int64_t)((raw ^ sign) - sign);
}

/* One channel as a double (the float path) or as 32-bit integer bits. */
static double
channel_to_double(const struct util_format_channel *ch, uint64_t raw)
{
   switch (ch->type) {
   case UTIL_FORMAT_TYPE_UNORM: {
      double max = ch->size >= 64 ? 18446744073709551615.0 : (double)((UINT64_C(1) << ch->size) - 1);
      return (double)raw / max;
   }
   case UTIL_FORMAT_TYPE_SNORM: {
      /* GL 2.1 table 2.9: f = (2c + 1) / (2^b - 1) */
      double c = (double)sign_extend(raw, ch->size);
      double max = ch->size >= 64 ? 18446744073709551615.0 : (double)((UINT64_C(1) << ch->size) - 1);
      return (2.0 * c + 1.0) / max;
   }
   case UTIL_FORMAT_TYPE_UINT:
      return (double)raw;
   case UTIL_FORMAT_TYPE_SINT:
      return (double)sign_extend(raw, ch->size);
   case UTIL_FORMAT_TYPE_FLOAT:
      if (ch->size == 16)
         return util_half_to_float((uint16_t)raw);
      if (ch->size == 32) {
         uint32_t u = (uint32_t)raw;
         float f;
         memcpy(&f, &u, 4);
         return f;
      }
      if (ch->size == 64) {
         double d;
         memcpy(&d, &raw, 8);
         return d;
      }
      return 0.0;
   case UTIL_FORMAT_TYPE_FIXED:
      /* GL_FIXED: signed 16.16 */
      return (double)(int32_t)(uint32_t)raw / 65536.0;
   default:
      return 0.0;
   }
}

static uint32_t
channel_to_int_bits(const struct util_format_channel *ch, uint64_t raw)
{
   switch (ch->type) {
   case UTIL_FORMAT_TYPE_UINT:
   case UTIL_FORMAT_TYPE_UNORM:
      return (uint32_t)raw;
   case UTIL_FORMAT_TYPE_SINT:
   case UTIL_FORMAT_TYPE_SNORM:
      return (uint32_t)(int32_t)sign_extend(raw, ch->size);
   case UTIL_FORMAT_TYPE_FLOAT:
   case UTIL_FORMAT_TYPE_FIXED: {
      double d = channel_to_double(ch, raw);
      /* truncation toward zero, saturated, NaN -> 0 */
      if (!(d == d))
         return 0;
      if (d >= 2147483647.0)
         return (uint32_t)INT32_MAX;
      if (d <= -2147483648.0)
         return (uint32_t)INT32_MIN;
      return (uint32_t)(int32_t)d;
   }
   default:
      return 0;
   }
}

static bool
is_fetchable(const struct util_format_description *desc)
{
   if (!desc || desc->layout != UTIL_FORMAT_LAYOUT_PLAIN || desc->block_bytes == 0 ||
       desc->block_width != 1 || desc->block_height != 1 || desc->nr_channels == 0 ||
       desc->nr_channels > 4 || desc->is_depth || desc->is_stencil)
      return false;
   for (unsigned c = 0; c < desc->nr_channels; c++) {
      const struct util_format_channel *ch = &desc->channel[c];
      if (ch->type == UTIL_FORMAT_TYPE_VOID)
         continue;
      if (ch->size == 0 || ch->size > 64 || ch->shift + ch->size > 8u * desc->block_bytes)
         return false;
      if (ch->type == UTIL_FORMAT_TYPE_FLOAT && ch->size != 16 && ch->size != 32 &&
          ch->size != 64)
         return false;
      if (ch->type == UTIL_FORMAT_TYPE_FIXED && ch->size != 32)
         return false;
   }
   return true;
}

/* R32_FLOAT, R32G32_FLOAT, R32G32B32_FLOAT, R32G32B32A32_FLOAT: channel c
 * of every component c at bit 32 c, nothing swizzled. */
static bool
is_rgba_float32(const struct util_format_description *desc)
{
   if (desc->nr_channels < 1 || desc->nr_channels > 4)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      if (c < desc->nr_channels) {
         const struct util_format_channel *ch = &desc->channel[c];
         if (desc->swizzle[c] != c || ch->type != UTIL_FORMAT_TYPE_FLOAT || ch->size != 32 ||
             ch->shift != 32 * c)
            return false;
      } else if (desc->swizzle[c] != (c == 3 ? UTIL_FORMAT_SWIZZLE_1 : UTIL_FORMAT_SWIZZLE_0)) {
         return false;
      }
   }
   return true;
}

/* How the elements of one format convert for one input type; resolved
 * once per element and batch (draw_fetch_vertices), not per vertex. */
enum fetch_kind {
   FETCH_DEFAULT,   /* not fetchable: (0, 0, 0, 1) */
   FETCH_FLOAT32,   /* R32..R32G32B32A32_FLOAT into a float input */
   FETCH_CHANNELS,  /* the channel loop */
};

static enum fetch_kind
fetch_kind(const struct util_format_description *desc, bool as_float)
{
   if (!is_fetchable(desc))
      return FETCH_DEFAULT;
   if (as_float && desc->block_bytes == 4 * desc->nr_channels &&
       desc->channel[0].type == UTIL_FORMAT_TYPE_FLOAT && desc->channel[0].size == 32 &&
       is_rgba_float32(desc))
      return FETCH_FLOAT32;
   return FETCH_CHANNELS;
}

void
draw_fetch_resolve_elements(struct draw_context *draw)
{
   for (unsigned i = 0; i < draw->num_elements; i++) {
      const struct util_format_description *desc =
         util_format_description(draw->elements[i].src_format);
      draw->element_desc[i] = desc;
      draw->element_kind[i][0] = (uint8_t)fetch_kind(desc, false);
      draw->element_kind[i][1] = (uint8_t)fetch_kind(desc, true);
   }
}

static void
set_default(bool as_float, float out[4])
{
   if (as_float) {
      out[0] = out[1] = out[2] = 0.0f;
      out[3] = 1.0f;
   } else {
      uint32_t one = 1;
      memset(out, 0, 3 * sizeof(float));
      memcpy(&out[3], &one, 4);
   }
}

/* The nc floats of a FETCH_FLOAT32 element over the default. */
static inline __attribute__((always_inline)) void
copy_float32(float out[4], const uint8_t *src, unsigned nc)
{
   /* a copy per component: a memcpy of 4 * nc bytes becomes a slow
    * `rep movs` when nc is not a constant.  Bits are kept, NaN payloads
    * included (what every path of this file does) */
   for (unsigned comp = 0; comp < nc; comp++)
      memcpy(&out[comp], src + 4 * comp, 4);
}

/* One element at src (not NULL) of a format of kind `kind`. */
static void
convert_element(const struct util_format_description *desc, enum fetch_kind kind,
                const uint8_t *src, bool as_float, float out[4])
{
   uint32_t bits[4];

   set_default(as_float, out);
   if (kind == FETCH_DEFAULT)
      return;

   /* R32..R32G32B32A32_FLOAT read as floats: their words, as every
    * float32 path of draw_fetch_vertices (the channel loop's value for
    * every number; a NaN keeps its bits) */
   if (kind == FETCH_FLOAT32) {
      copy_float32(out, src, desc->nr_channels);
      return;
   }

   for (unsigned comp = 0; comp < 4; comp++) {
      unsigned sw = desc->swizzle[comp];
      if (sw < 4) {
         const struct util_format_channel *ch = &desc->channel[sw];
         if (sw >= desc->nr_channels || ch->type == UTIL_FORMAT_TYPE_VOID)
            continue;   /* padding keeps the default */
         uint64_t raw = read_bits(src, ch->shift, ch->size);
         if (as_float)
            out[comp] = (float)channel_to_double(ch, raw);
         else {
            bits[comp] = channel_to_int_bits(ch, raw);
            memcpy(&out[comp], &bits[comp], 4);
         }
      } else if (sw == UTIL_FORMAT_SWIZZLE_0) {
         if (as_float)
            out[comp] = 0.0f;
         else
            memset(&out[comp], 0, 4);
      } else if (sw == UTIL_FORMAT_SWIZZLE_1) {
         if (as_float)
            out[comp] = 1.0f;
         else {
            uint32_t one = 1;
            memcpy(&out[comp], &one, 4);
         }
      }
      /* UTIL_FORMAT_SWIZZLE_NONE: the (0, 0, 0, 1) default stays */
   }
}

void
draw_fetch_convert(const struct util_format_description *desc, const uint8_t *src,
                   enum ir_base_type base, float out[4])
{
   bool as_float = base == IR_FLOAT;
   if (!src) {
      set_default(as_float, out);
      return;
   }
   convert_element(desc, fetch_kind(desc, as_float), src, as_float, out);
}

/* One vertex element resolved against its buffer, once per batch: what
 * addressing an element needs per vertex. */
struct fetch_source {
   const struct pipe_vertex_element *e;
   const uint8_t *data;           /* NULL: every address is NULL */
   size_t size;                   /* SIZE_MAX: unchecked */
   uint64_t offset;               /* buffer_offset + src_offset */
   uint64_t stride;
   unsigned bytes;                /* block bytes of the format */
};

static void
fetch_source_init(const struct draw_context *draw, const struct pipe_vertex_element *e,
                  const struct util_format_description *desc, struct fetch_source *fs)
{
   memset(fs, 0, sizeof *fs);
   fs->e = e;
   if (e->vertex_buffer_index >= DRAW_MAX_VERTEX_BUFFERS)
      return;
   const struct draw_vertex_buffer *vb = &draw->vb[e->vertex_buffer_index];
   fs->bytes = desc ? desc->block_bytes : 0;
   if (!vb->data || !fs->bytes)
      return;
   fs->data = vb->data;
   fs->size = vb->size;
   fs->offset = (uint64_t)vb->templ.buffer_offset + e->src_offset;
   fs->stride = vb->templ.stride;
}

/* Address of element `index` of fs, or NULL when it is not entirely inside
 * the mapped buffer. */
static inline const uint8_t *
fetch_source_address(const struct fetch_source *fs, int64_t index)
{
   if (!fs->data || index < 0)
      return NULL;
   uint64_t offset = fs->offset + fs->stride * (uint64_t)index;
   if (fs->size != SIZE_MAX && (offset > fs->size || fs->size - offset < fs->bytes))
      return NULL;
   if (offset > (uint64_t)PTRDIFF_MAX)
      return NULL;
   return fs->data + offset;
}

static int64_t
element_index(const struct pipe_vertex_element *e, int32_t vertex_index, unsigned instance,
              unsigned start_instance)
{
   if (e->instance_divisor)
      return (int64_t)start_instance + instance / e->instance_divisor;
   return vertex_index;
}

/* Where draw_fetch_vertices writes: slot s of vertex i starts at
 * slot(i, s) and its components are cs floats apart. */
struct fetch_dst {
   float *base;
   unsigned ni;                   /* slots per vertex */
   unsigned width;                /* 0: vertex-major; else SoA blocks of width lanes */
   unsigned shift;                /* log2(width) */
};

static inline float *
dst_slot(const struct fetch_dst *d, unsigned i, unsigned s)
{
   if (!d->width)
      return d->base + ((size_t)i * d->ni + s) * 4;
   return d->base + (((size_t)(i >> d->shift) * d->ni * 4 + (size_t)s * 4) << d->shift) +
          (i & (d->width - 1));
}

static inline void
put4(const struct fetch_dst *d, float *dst, const float v[4])
{
   if (!d->width) {
      memcpy(dst, v, sizeof(float[4]));
      return;
   }
   for (unsigned c = 0; c < 4; c++)
      dst[(size_t)c * d->width] = v[c];
}

/* Slot s of n vertices set to v. */
static inline __attribute__((always_inline)) void
fill_slot(const struct fetch_dst *d, unsigned n, unsigned s, const float v[4])
{
   if (!d->width) {
      for (unsigned i = 0; i < n; i++)
         memcpy(dst_slot(d, i, s), v, sizeof(float[4]));
      return;
   }
   /* whole blocks: rows of width equal words; a partial last block's
    * lanes past n are written too (they are the block's padding) */
   for (unsigned i = 0; i < n; i += d->width) {
      float *row = dst_slot(d, i, s);
      for (unsigned c = 0; c < 4; c++, row += d->width) {
         for (unsigned l = 0; l < d->width; l++)
            row[l] = v[c];
      }
   }
}

/* One SoA block of `width` lanes (row: component c at row[c * width])
 * from width consecutive elements of nc floats at src; 16 lanes by vector
 * loads and permutes (draw_simd.h), else lane by lane. */
static inline __attribute__((always_inline)) void
deinterleave(float *row, const uint8_t *src, unsigned width, unsigned nc)
{
   const draw_v16f_u *in = (const draw_v16f_u *)src;
   draw_v16f_u *out = (draw_v16f_u *)row;
   draw_v16f v[4];
   if (width == 16 && nc >= 2) {
      if (nc == 2)
         draw_deinterleave2(&in[0], &in[1], v);
      else if (nc == 3)
         draw_deinterleave3(&in[0], &in[1], &in[2], v);
      else
         draw_deinterleave4(&in[0], &in[1], &in[2], &in[3], v);
      for (unsigned k = 0; k < nc; k++)
         out[k] = v[k];
   } else {
      for (unsigned l = 0; l < width; l++)
         for (unsigned k = 0; k < nc; k++)
            memcpy(&row[k * width + l], src + 4 * (l * nc + k), sizeof(float));
   }
   for (unsigned k = nc; k < 4; k++)
      for (unsigned l = 0; l < width; l++)
         row[k * width + l] = k == 3 ? 1.0f : 0.0f;
}

/* What a fetch's indices are like, found once for every element. */
struct fetch_indices {
   const int32_t *index;
   unsigned n;
   int32_t lo, hi;                /* smallest and largest (n > 0) */
   bool consecutive;              /* index[i] = lo + i */
};

static void
fetch_indices_init(struct fetch_indices *fi, const int32_t *index, unsigned n)
{
   int32_t lo = INT32_MAX, hi = INT32_MIN;
   uint32_t first = n ? (uint32_t)index[0] : 0, differ = 0;
   for (unsigned i = 0; i < n; i++) {
      lo = index[i] < lo ? index[i] : lo;
      hi = index[i] > hi ? index[i] : hi;
      differ |= ((uint32_t)index[i] - i) ^ first;   /* 0 while index[i] = index[0] + i */
   }
   fi->index = index;
   fi->n = n;
   fi->lo = lo;
   fi->hi = hi;
   /* (no wrap past INT32_MAX: the largest is the last) */
   fi->consecutive = n && !differ && hi == index[n - 1] && lo == index[0];
}

/* Slot s of n vertices from a FETCH_FLOAT32 element of nc components
 * (inlined per constant nc and layout). */
static inline __attribute__((always_inline)) void
fetch_float32(const struct fetch_source *fs, const struct fetch_indices *fi,
              const struct fetch_dst *d, unsigned s, unsigned nc, unsigned cs)
{
   const unsigned n = fi->n;
   const int32_t *vertex_index = fi->index;
   /* every index inside the buffer (the usual case, checked once through
    * the smallest and largest index; offsets grow with the index): no
    * per-vertex bounds checks */
   bool inside = n && fetch_source_address(fs, fi->lo) && fetch_source_address(fs, fi->hi);
   const uint8_t *base = inside ? fs->data + fs->offset : NULL;
   /* consecutive indices (glDrawArrays) of a tightly packed array: each
    * block's lanes are one run of floats, de-interleaved by component */
   if (inside && fi->consecutive && d->width && !(n & (d->width - 1)) && fs->stride == 4 * nc) {
      for (unsigned b = 0; b < n; b += d->width) {
         const uint8_t *src = base + fs->stride * (uint64_t)vertex_index[b];
         float *row = dst_slot(d, b, s);
         switch (d->width) {
         case 16: deinterleave(row, src, 16, nc); break;
         case 8: deinterleave(row, src, 8, nc); break;
         default: deinterleave(row, src, 4, nc); break;
         }
      }
      return;
   }
   if (inside && d->width && !(n & (d->width - 1))) {
      /* whole SoA blocks: one component of a block's lanes at a time */
      for (unsigned b = 0; b < n; b += d->width) {
         float *row = dst_slot(d, b, s);
         for (unsigned c = 0; c < 4; c++, row += d->width) {
            if (c >= nc) {
               for (unsigned l = 0; l < d->width; l++)
                  row[l] = c == 3 ? 1.0f : 0.0f;
               continue;
            }
            for (unsigned l = 0; l < d->width; l++)
               memcpy(&row[l], base + fs->stride * (uint64_t)vertex_index[b + l] + 4 * c, 4);
         }
      }
      return;
   }
   for (unsigned i = 0; i < n; i++) {
      float *dst = dst_slot(d, i, s);
      const uint8_t *src = inside ? base + fs->stride * (uint64_t)vertex_index[i]
                                  : fetch_source_address(fs, vertex_index[i]);
      /* each component straight to its word (a float[4] on the stack
       * read back one by one stalls on store forwarding) */
      for (unsigned c = 0; c < 4; c++) {
         float v = c == 3 ? 1.0f : 0.0f;
         if (src && c < nc)
            memcpy(&v, src + 4 * c, 4);
         dst[c * cs] = v;
      }
   }
}

static inline __attribute__((always_inline)) void
fetch_float32_any(const struct fetch_source *fs, const struct fetch_indices *fi,
                  const struct fetch_dst *d, unsigned s, unsigned nc)
{
   if (!d->width) {
      switch (nc) {
      case 1: fetch_float32(fs, fi, d, s, 1, 1); break;
      case 2: fetch_float32(fs, fi, d, s, 2, 1); break;
      case 3: fetch_float32(fs, fi, d, s, 3, 1); break;
      default: fetch_float32(fs, fi, d, s, 4, 1); break;
      }
      return;
   }
   switch (nc) {
   case 1: fetch_float32(fs, fi, d, s, 1, d->width); break;
   case 2: fetch_float32(fs, fi, d, s, 2, d->width); break;
   case 3: fetch_float32(fs, fi, d, s, 3, d->width); break;
   default: fetch_float32(fs, fi, d, s, 4, d->width); break;
   }
}

void
draw_fetch_vertices(const struct draw_context *draw, unsigned n, const int32_t *vertex_index,
                    const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
                    float (*inputs)[4])
{
   draw_fetch_vertices_soa(draw, n, vertex_index, vertex_ids, instance, start_instance, 0,
                           (float *)inputs);
}

U_MULTIVERSION void
draw_fetch_vertices_soa(const struct draw_context *draw, unsigned n,
                        const int32_t *vertex_index, const int32_t *vertex_ids,
                        unsigned instance, unsigned start_instance, unsigned width,
                        float *inputs)
{
   const struct draw_vertex_shader *vs = draw->vs;
   unsigned ni = vs->num_inputs;
   /* widths are powers of two (draw_vs_run) */
   const struct fetch_dst d = { inputs, ni, width, width ? (unsigned)__builtin_ctz(width) : 0 };
   struct fetch_indices fi;
   fetch_indices_init(&fi, vertex_index, n);

   for (unsigned s = 0; s < ni; s++) {
      const struct draw_vs_slot *slot = &vs->inputs[s];
      float v[4];

      if (slot->semantic == IR_SEM_VERTEX_ID || slot->semantic == IR_SEM_INSTANCE_ID) {
         for (unsigned i = 0; i < n; i++) {
            int32_t id = slot->semantic == IR_SEM_VERTEX_ID ? vertex_ids[i] : (int32_t)instance;
            memset(v, 0, sizeof v);
            memcpy(&v[0], &id, 4);
            put4(&d, dst_slot(&d, i, s), v);
         }
         continue;
      }
      if (slot->semantic != IR_SEM_GENERIC) {
         memset(v, 0, sizeof v);
         fill_slot(&d, n, s, v);
         continue;
      }

      bool as_float = slot->base == IR_FLOAT;
      if (slot->location < 0 || (unsigned)slot->location >= draw->num_elements) {
         set_default(as_float, v);
         fill_slot(&d, n, s, v);
         continue;
      }
      const struct pipe_vertex_element *e = &draw->elements[slot->location];
      const struct util_format_description *desc = draw->element_desc[slot->location];
      enum fetch_kind kind = (enum fetch_kind)draw->element_kind[slot->location][as_float];
      struct fetch_source fs;
      fetch_source_init(draw, e, desc, &fs);

      if (e->instance_divisor) {
         /* every vertex reads the same element */
         const uint8_t *src = fetch_source_address(&fs, element_index(e, 0, instance,
                                                                      start_instance));
         if (src)
            convert_element(desc, kind, src, as_float, v);
         else
            set_default(as_float, v);
         fill_slot(&d, n, s, v);
         continue;
      }
      if (fs.stride == 0) {
         /* a stride-0 buffer (a constant attribute): every valid index
          * reads element 0, a negative one nothing */
         const uint8_t *src = fetch_source_address(&fs, 0);
         float def[4];
         set_default(as_float, def);
         if (src)
            convert_element(desc, kind, src, as_float, v);
         else
            memcpy(v, def, sizeof v);
         if (!n || fi.lo >= 0) {
            fill_slot(&d, n, s, v);
            continue;
         }
         for (unsigned i = 0; i < n; i++)
            put4(&d, dst_slot(&d, i, s), vertex_index[i] < 0 ? def : v);
         continue;
      }
      if (kind == FETCH_FLOAT32) {
         fetch_float32_any(&fs, &fi, &d, s, desc->nr_channels);
         continue;
      }
      for (unsigned i = 0; i < n; i++) {
         const uint8_t *src = fetch_source_address(&fs, vertex_index[i]);
         if (!src)
            set_default(as_float, v);
         else
            convert_element(desc, kind, src, as_float, v);
         put4(&d, dst_slot(&d, i, s), v);
      }
   }
}

float
draw_fetch_element_x(const struct draw_context *draw, unsigned element, int32_t index,
                     unsigned instance, unsigned start_instance)
{
   if (element >= draw->num_elements)
      return 1.0f;
   const struct pipe_vertex_element *e = &draw->elements[element];
   const struct util_format_description *desc = util_format_description(e->src_format);
   struct fetch_source fs;
   fetch_source_init(draw, e, desc, &fs);
   const uint8_t *src = fetch_source_address(&fs, element_index(e, index, instance,
                                                                start_instance));
   float v[4];
   draw_fetch_convert(desc, src, IR_FLOAT, v);
   return v[0];
}
