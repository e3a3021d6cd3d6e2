/*
 * CPU access: buffer/texture map and unmap, and subdata writes.
 * Resources live in plain memory, so a map is a pointer into it and never
 * waits.  Multisample textures are mapped through a staging copy of the
 * box, resolved (colour: the average of the samples, pure integer formats,
 * depth and stencil: sample 0); when the map is for writing, unmap stores
 * every staged pixel into all samples of its pixel.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "swpipe_context.h"
#include "swpipe_resource.h"
#include "util/u_inlines.h"

/* A box whose x/y are whole blocks (compressed formats). */
static bool
box_is_block_aligned(const struct pipe_resource *r, unsigned level, const struct pipe_box *box)
{
   const struct util_format_description *d = util_format_description(r->format);
   if (r->target == PIPE_BUFFER)
      return true;
   return box->x % d->block_width == 0 && box->y % d->block_height == 0 &&
          ((unsigned)(box->x + box->width) % d->block_width == 0 ||
           (unsigned)(box->x + box->width) == swpipe_resource_level_width(r, level)) &&
          ((unsigned)(box->y + box->height) % d->block_height == 0 ||
           (unsigned)(box->y + box->height) == swpipe_resource_level_height(r, level));
}

struct swpipe_transfer {
   struct pipe_transfer base;
   uint8_t *staging;                 /* multisample: the resolved box */
};

/* Fill the staging copy of a multisample box (rows stride apart, layers
 * layer_stride apart). */
static void
ms_stage(struct swpipe_resource *res, unsigned level, const struct pipe_box *box,
         uint8_t *staging, unsigned stride, size_t layer_stride)
{
   const struct util_format_description *d = util_format_description(res->base.format);
   unsigned n = swpipe_resource_samples(&res->base), bs = d->block_bytes;
   bool average = !d->is_pure_integer && !d->is_depth && !d->is_stencil &&
                  d->block_width == 1 && d->block_height == 1;

   for (int z = 0; z < box->depth; z++) {
      for (int y = 0; y < box->height; y++) {
         uint8_t *out = staging + (size_t)z * layer_stride + (size_t)y * stride;
         for (int x = 0; x < box->width; x++) {
            unsigned px = (unsigned)(box->x + x), py = (unsigned)(box->y + y);
            unsigned pz = (unsigned)(box->z + z);
            if (!average) {
               memcpy(out + (size_t)x * bs,
                      swpipe_resource_sample_texel(res, level, px, py, pz, 0), bs);
               continue;
            }
            float sum[4] = { 0, 0, 0, 0 }, v[4];
            for (unsigned s = 0; s < n; s++) {
               util_format_unpack_rgba_float(res->base.format, v,
                                             swpipe_resource_sample_texel(res, level, px, py,
                                                                           pz, s), 1);
               for (unsigned c = 0; c < 4; c++)
                  sum[c] += v[c];
            }
            for (unsigned c = 0; c < 4; c++)
               sum[c] /= (float)n;
            util_format_pack_rgba_float(res->base.format, out + (size_t)x * bs, sum, 1);
         }
      }
   }
}

/* Store a written staging copy into every sample of its pixels. */
static void
ms_unstage(struct swpipe_resource *res, const struct pipe_transfer *t, const uint8_t *staging)
{
   unsigned n = swpipe_resource_samples(&res->base);
   size_t row = (size_t)t->box.width * util_format_get_blocksize(res->base.format);

   for (int z = 0; z < t->box.depth; z++)
      for (int y = 0; y < t->box.height; y++)
         for (unsigned s = 0; s < n; s++)
            memcpy(swpipe_resource_sample_texel(res, t->level, (unsigned)t->box.x,
                                                 (unsigned)(t->box.y + y),
                                                 (unsigned)(t->box.z + z), s),
                   staging + (size_t)z * t->layer_stride + (size_t)y * t->stride, row);
}

static void *
swpipe_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
            unsigned usage, const struct pipe_box *box, struct pipe_transfer **out_transfer)
{
   struct swpipe_resource *res = swpipe_resource(pres);
   struct pipe_transfer *t;

   if (out_transfer)
      *out_transfer = NULL;
   if (!res || !out_transfer || !swpipe_resource_box_is_valid(pres, level, box) ||
       !box_is_block_aligned(pres, level, box))
      return NULL;
   struct swpipe_transfer *rt = calloc(1, sizeof *rt);
   if (!rt)
      return NULL;
   t = &rt->base;
   if (pres->nr_samples > 1) {
      unsigned bs = util_format_get_blocksize(pres->format);
      size_t stride = (size_t)box->width * bs, layer = stride * (size_t)box->height;
      rt->staging = malloc(layer * (size_t)box->depth);
      if (!rt->staging) {
         free(rt);
         return NULL;
      }
      ms_stage(res, level, box, rt->staging, (unsigned)stride, layer);
      pipe_resource_reference(&t->resource, pres);
      t->level = level;
      t->usage = usage;
      t->box = *box;
      t->stride = (unsigned)stride;
      t->layer_stride = layer;
      *out_transfer = t;
      return rt->staging;
   }
   pipe_resource_reference(&t->resource, pres);
   t->level = level;
   t->usage = usage;
   t->box = *box;
   t->stride = res->stride[level];
   t->layer_stride = res->layer_stride[level];
   *out_transfer = t;
   return swpipe_resource_texel(res, level, (unsigned)box->x, (unsigned)box->y,
                                 (unsigned)box->z);
}

static void *
swpipe_buffer_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                   unsigned usage, const struct pipe_box *box,
                   struct pipe_transfer **out_transfer)
{
   if (!pres || pres->target != PIPE_BUFFER || level) {
      if (out_transfer)
         *out_transfer = NULL;
      return NULL;
   }
   return swpipe_map(pipe, pres, level, usage, box, out_transfer);
}

static void *
swpipe_texture_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                    unsigned usage, const struct pipe_box *box,
                    struct pipe_transfer **out_transfer)
{
   if (!pres || pres->target == PIPE_BUFFER) {
      if (out_transfer)
         *out_transfer = NULL;
      return NULL;
   }
   return swpipe_map(pipe, pres, level, usage, box, out_transfer);
}

static void
swpipe_unmap(struct pipe_context *pipe, struct pipe_transfer *t)
{
   if (!t)
      return;
   struct swpipe_transfer *rt = (struct swpipe_transfer *)t;
   if (rt->staging) {
      if (t->usage & PIPE_MAP_WRITE)
         ms_unstage(swpipe_resource(t->resource), t, rt->staging);
      free(rt->staging);
   }
   pipe_resource_reference(&t->resource, NULL);
   free(rt);
}

static void
swpipe_buffer_subdata(struct pipe_context *pipe, struct pipe_resource *pres, unsigned usage,
                       unsigned offset, unsigned size, const void *data)
{
   struct swpipe_resource *res = swpipe_resource(pres);

   if (!res || pres->target != PIPE_BUFFER || !data || offset > pres->width0 ||
       size > pres->width0 - offset)
      return;
   memcpy(res->data + offset, data, size);
}

static void
swpipe_texture_subdata(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                        unsigned usage, const struct pipe_box *box, const void *data,
                        unsigned stride, uintptr_t layer_stride)
{
   struct swpipe_resource *res = swpipe_resource(pres);
   const uint8_t *src = data;

   if (!res || !data || !swpipe_resource_box_is_valid(pres, level, box) ||
       !box_is_block_aligned(pres, level, box))
      return;
   if (pres->target == PIPE_BUFFER) {
      memcpy(res->data + box->x, data, (size_t)box->width);
      return;
   }
   unsigned row_bytes = util_format_get_stride(pres->format, (unsigned)box->width);
   unsigned rows = util_format_get_nblocksy(pres->format, (unsigned)box->height);
   const struct util_format_description *d = util_format_description(pres->format);
   for (int z = 0; z < box->depth; z++) {
      for (unsigned y = 0; y < rows; y++) {
         /* multisample: into every sample */
         for (unsigned s = 0; s < swpipe_resource_samples(pres); s++) {
            uint8_t *dst = swpipe_resource_sample_texel(res, level, (unsigned)box->x,
                                                         (unsigned)box->y + y * d->block_height,
                                                         (unsigned)(box->z + z), s);
            memcpy(dst, src + (size_t)z * layer_stride + (size_t)y * stride, row_bytes);
         }
      }
   }
}

void
swpipe_init_transfer_funcs(struct pipe_context *pipe)
{
   pipe->buffer_map = swpipe_buffer_map;
   pipe->buffer_unmap = swpipe_unmap;
   pipe->texture_map = swpipe_texture_map;
   pipe->texture_unmap = swpipe_unmap;
   pipe->buffer_subdata = swpipe_buffer_subdata;
   pipe->texture_subdata = swpipe_texture_subdata;
}
