/*
 * Mipmap generation: 2x2(x2) box filtering of each level from the one above.
 */
#include "sampler/u_mipmap.h"

#include <stdint.h>
#include <string.h>

#include "format/u_format.h"

enum mip_kind {
   MIP_FLOAT,
   MIP_UINT,
   MIP_SINT,
   MIP_DEPTH,
};

static enum mip_kind
mip_kind(const struct util_format_description *desc)
{
   if (desc->is_depth)
      return MIP_DEPTH;
   if (desc->is_stencil)
      return MIP_UINT;
   if (desc->is_pure_integer) {
      for (unsigned i = 0; i < desc->nr_channels && i < 4; i++) {
         if (desc->channel[i].type == UTIL_FORMAT_TYPE_SINT)
            return MIP_SINT;
      }
      return MIP_UINT;
   }
   return MIP_FLOAT;
}

/* Source indices for destination index i of a dimension. */
static void
box(unsigned i, unsigned src_size, unsigned *a, unsigned *b)
{
   if (src_size <= 1) {
      *a = *b = 0;
      return;
   }
   *a = 2 * i < src_size ? 2 * i : src_size - 1;
   *b = 2 * i + 1 < src_size ? 2 * i + 1 : src_size - 1;
}

static void
average(enum pipe_format format, enum mip_kind kind, const uint8_t *const src[8],
        unsigned n, uint8_t *dst, bool nearest)
{
   if (nearest)
      n = 1;
   switch (kind) {
   case MIP_FLOAT: {
      float acc[4] = { 0 }, t[4];
      for (unsigned k = 0; k < n; k++) {
         util_format_unpack_rgba_float(format, t, src[k], 1);
         for (unsigned c = 0; c < 4; c++)
            acc[c] += t[c];
      }
      for (unsigned c = 0; c < 4; c++)
         acc[c] /= (float)n;
      util_format_pack_rgba_float(format, dst, acc, 1);
      break;
   }
   case MIP_UINT: {
      uint64_t acc[4] = { 0 };
      uint32_t t[4];
      for (unsigned k = 0; k < n; k++) {
         util_format_unpack_rgba_uint(format, t, src[k], 1);
         for (unsigned c = 0; c < 4; c++)
            acc[c] += t[c];
      }
      for (unsigned c = 0; c < 4; c++)
         t[c] = (uint32_t)(acc[c] / n);
      util_format_pack_rgba_uint(format, dst, t, 1);
      break;
   }
   case MIP_SINT: {
      int64_t acc[4] = { 0 };
      int32_t t[4];
      for (unsigned k = 0; k < n; k++) {
         util_format_unpack_rgba_sint(format, t, src[k], 1);
         for (unsigned c = 0; c < 4; c++)
            acc[c] += t[c];
      }
      for (unsigned c = 0; c < 4; c++)
         t[c] = (int32_t)(acc[c] / (int64_t)n);
      util_format_pack_rgba_sint(format, dst, t, 1);
      break;
   }
   case MIP_DEPTH: {
      const struct util_format_description *desc = util_format_description(format);
      float acc = 0.0f, z;
      for (unsigned k = 0; k < n; k++) {
         util_format_unpack_z_float(format, &z, src[k], 1);
         acc += z;
      }
      acc /= (float)n;
      if (desc->is_stencil) {
         uint8_t s;
         util_format_unpack_s_8uint(format, &s, src[0], 1);
         util_format_pack_s_8uint(format, dst, &s, 1);
      }
      util_format_pack_z_float(format, dst, &acc, 1);
      break;
   }
   }
}

bool
u_mipmap_generate(const struct u_sampler_texture *tex, void *const dst_levels[],
                  enum pipe_format format, unsigned base_level, unsigned last_level,
                  unsigned first_layer, unsigned last_layer,
                  enum pipe_tex_filter filter)
{
   if (!tex || !dst_levels)
      return false;
   if (format == PIPE_FORMAT_NONE)
      format = tex->format;
   const struct util_format_description *desc = util_format_description(format);
   const struct util_format_description *tdesc = util_format_description(tex->format);
   if (!desc || !tdesc || desc->block_bytes == 0 || desc->block_bytes != tdesc->block_bytes ||
       desc->block_width != 1 || desc->block_height != 1 || tdesc->block_width != 1 ||
       tdesc->block_height != 1)
      return false;
   if (last_level > tex->last_level || last_level >= PIPE_MAX_TEXTURE_LEVELS ||
       base_level >= last_level)
      return base_level == last_level && last_level <= tex->last_level;
   bool is3d = tex->target == PIPE_TEXTURE_3D;
   unsigned array_size = tex->array_size ? tex->array_size : 1;
   if (!is3d) {
      if (first_layer >= array_size || last_layer < first_layer)
         return false;
      if (last_layer >= array_size)
         last_layer = array_size - 1;
   } else {
      first_layer = last_layer = 0;
   }
   enum mip_kind kind = mip_kind(desc);
   unsigned bs = desc->block_bytes;
   bool nearest = filter == PIPE_TEX_FILTER_NEAREST;

   for (unsigned l = base_level + 1; l <= last_level; l++) {
      const struct u_sampler_level *sl = &tex->level[l - 1];
      const struct u_sampler_level *dl = &tex->level[l];
      uint8_t *dbase = dst_levels[l];
      if (!sl->data || !dbase)
         return false;
      unsigned sw, sh, sd, dw, dh, dd;
      u_sampler_level_size(tex, l - 1, &sw, &sh, &sd);
      u_sampler_level_size(tex, l, &dw, &dh, &dd);
      for (unsigned layer = first_layer; layer <= last_layer; layer++) {
         for (unsigned z = 0; z < dd; z++) {
            unsigned z0, z1;
            box(z, sd, &z0, &z1);
            for (unsigned y = 0; y < dh; y++) {
               unsigned y0, y1;
               box(y, sh, &y0, &y1);
               for (unsigned x = 0; x < dw; x++) {
                  unsigned x0, x1;
                  box(x, sw, &x0, &x1);
                  const uint8_t *src[8];
                  unsigned n = 0;
                  unsigned zs[2] = { z0, z1 }, ys[2] = { y0, y1 }, xs[2] = { x0, x1 };
                  unsigned nz = sd > 1 ? 2 : 1, ny = sh > 1 ? 2 : 1, nx = sw > 1 ? 2 : 1;
                  for (unsigned a = 0; a < nz; a++) {
                     for (unsigned b = 0; b < ny; b++) {
                        for (unsigned c = 0; c < nx; c++) {
                           size_t slice = is3d ? zs[a] : layer;
                           src[n++] = (const uint8_t *)sl->data + slice * sl->layer_stride +
                                      (size_t)ys[b] * sl->row_stride + (size_t)xs[c] * bs;
                        }
                     }
                  }
                  size_t dslice = is3d ? z : layer;
                  uint8_t *dst = dbase + dslice * dl->layer_stride +
                                 (size_t)y * dl->row_stride + (size_t)x * bs;
                  average(format, kind, src, n, dst, nearest);
               }
            }
         }
      }
   }
   return true;
}
