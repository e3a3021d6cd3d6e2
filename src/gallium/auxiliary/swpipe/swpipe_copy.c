/*
 * resource_copy_region: a raw copy of whole blocks between two resources
 * of the same block size (any target, level and layer), or between two
 * buffers.  No format conversion.
 *
 * Plain formats that hold the same colour channels in another order or
 * with other padding (util_format_is_channel_copy) are copied channel by
 * channel, so the bits of each channel survive (R8G8B8X8 <-> B8G8R8X8_SRGB,
 * R16G16B16A16 <-> R16G16B16).
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "swpipe_context.h"
#include "swpipe_resource.h"

static unsigned
div_round_up(unsigned a, unsigned b)
{
   return (a + b - 1) / b;
}

static void
copy_buffer(struct swpipe_resource *dst, unsigned dstx, struct swpipe_resource *src,
            const struct pipe_box *box)
{
   if (box->x < 0 || box->width <= 0 || (uint64_t)box->x + (uint64_t)box->width > src->base.width0 ||
       (uint64_t)dstx + (uint64_t)box->width > dst->base.width0)
      return;
   memmove(dst->data + dstx, src->data + box->x, (size_t)box->width);
}

static void
swpipe_resource_copy_region(struct pipe_context *pipe, struct pipe_resource *pdst,
                             unsigned dst_level, unsigned dstx, unsigned dsty, unsigned dstz,
                             struct pipe_resource *psrc, unsigned src_level,
                             const struct pipe_box *src_box)
{
   struct swpipe_resource *dst = swpipe_resource(pdst), *src = swpipe_resource(psrc);
   const struct util_format_description *dd, *sd;

   if (!dst || !src || !src_box)
      return;
   if (pdst->target == PIPE_BUFFER || psrc->target == PIPE_BUFFER) {
      if (pdst->target == PIPE_BUFFER && psrc->target == PIPE_BUFFER && !dst_level && !src_level)
         copy_buffer(dst, dstx, src, src_box);
      return;
   }

   dd = util_format_description(pdst->format);
   sd = util_format_description(psrc->format);
   bool by_channel = util_format_is_channel_copy(psrc->format, pdst->format);
   if (!dd->block_bytes || (dd->block_bytes != sd->block_bytes && !by_channel))
      return;
   if (!swpipe_resource_box_is_valid(psrc, src_level, src_box) || dst_level > pdst->last_level)
      return;
   if (src_box->x % sd->block_width || src_box->y % sd->block_height ||
       dstx % dd->block_width || dsty % dd->block_height)
      return;

   /* the box in blocks, checked against both levels in blocks */
   unsigned sbx = (unsigned)src_box->x / sd->block_width;
   unsigned sby = (unsigned)src_box->y / sd->block_height;
   unsigned nbx = div_round_up((unsigned)src_box->width, sd->block_width);
   unsigned nby = div_round_up((unsigned)src_box->height, sd->block_height);
   unsigned dbx = dstx / dd->block_width, dby = dsty / dd->block_height;
   unsigned nz = (unsigned)src_box->depth;

   if (sbx + nbx > div_round_up(swpipe_resource_level_width(psrc, src_level), sd->block_width) ||
       sby + nby > div_round_up(swpipe_resource_level_height(psrc, src_level), sd->block_height))
      return;
   if ((uint64_t)dbx + nbx >
          div_round_up(swpipe_resource_level_width(pdst, dst_level), dd->block_width) ||
       (uint64_t)dby + nby >
          div_round_up(swpipe_resource_level_height(pdst, dst_level), dd->block_height) ||
       (uint64_t)dstz + nz > swpipe_resource_level_layers(pdst, dst_level))
      return;

   /* multisample resources copy every sample; the sample counts must match */
   unsigned ns = swpipe_resource_samples(psrc);
   if (swpipe_resource_samples(pdst) != ns)
      return;
   size_t row_bytes = (size_t)nbx * dd->block_bytes;
   uint8_t *row = NULL;
   if (by_channel) {
      /* source and destination may be the same resource: stage each row */
      row = malloc((size_t)nbx * sd->block_bytes);
      if (!row)
         return;
   }
   for (unsigned z = 0; z < nz * ns; z++) {
      for (unsigned y = 0; y < nby; y++) {
         uint8_t *d = swpipe_resource_texel(dst, dst_level, dstx, dsty + y * dd->block_height,
                                             dstz * ns + z);
         const uint8_t *s = swpipe_resource_texel(src, src_level, (unsigned)src_box->x,
                                                   (unsigned)src_box->y + y * sd->block_height,
                                                   (unsigned)src_box->z * ns + z);
         if (row) {
            memcpy(row, s, (size_t)nbx * sd->block_bytes);
            util_format_copy_by_channel(pdst->format, d, psrc->format, row, nbx);
         } else {
            memmove(d, s, row_bytes);
         }
      }
   }
   free(row);
}

void
swpipe_init_copy_funcs(struct pipe_context *pipe)
{
   pipe->resource_copy_region = swpipe_resource_copy_region;
}
