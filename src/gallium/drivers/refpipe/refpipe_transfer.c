/*
 * CPU access: buffer/texture map and unmap, and subdata writes.
 * Resources live in plain memory, so a map is a pointer into it and never
 * waits.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "refpipe_context.h"
#include "refpipe_resource.h"
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
           (unsigned)(box->x + box->width) == refpipe_resource_level_width(r, level)) &&
          ((unsigned)(box->y + box->height) % d->block_height == 0 ||
           (unsigned)(box->y + box->height) == refpipe_resource_level_height(r, level));
}

static void *
refpipe_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
            unsigned usage, const struct pipe_box *box, struct pipe_transfer **out_transfer)
{
   struct refpipe_resource *res = refpipe_resource(pres);
   struct pipe_transfer *t;

   if (out_transfer)
      *out_transfer = NULL;
   if (!res || !out_transfer || !refpipe_resource_box_is_valid(pres, level, box) ||
       !box_is_block_aligned(pres, level, box))
      return NULL;
   t = calloc(1, sizeof *t);
   if (!t)
      return NULL;
   pipe_resource_reference(&t->resource, pres);
   t->level = level;
   t->usage = usage;
   t->box = *box;
   t->stride = res->stride[level];
   t->layer_stride = res->layer_stride[level];
   *out_transfer = t;
   return refpipe_resource_texel(res, level, (unsigned)box->x, (unsigned)box->y,
                                 (unsigned)box->z);
}

static void *
refpipe_buffer_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                   unsigned usage, const struct pipe_box *box,
                   struct pipe_transfer **out_transfer)
{
   if (!pres || pres->target != PIPE_BUFFER || level) {
      if (out_transfer)
         *out_transfer = NULL;
      return NULL;
   }
   return refpipe_map(pipe, pres, level, usage, box, out_transfer);
}

static void *
refpipe_texture_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                    unsigned usage, const struct pipe_box *box,
                    struct pipe_transfer **out_transfer)
{
   if (!pres || pres->target == PIPE_BUFFER) {
      if (out_transfer)
         *out_transfer = NULL;
      return NULL;
   }
   return refpipe_map(pipe, pres, level, usage, box, out_transfer);
}

static void
refpipe_unmap(struct pipe_context *pipe, struct pipe_transfer *t)
{
   if (!t)
      return;
   pipe_resource_reference(&t->resource, NULL);
   free(t);
}

static void
refpipe_buffer_subdata(struct pipe_context *pipe, struct pipe_resource *pres, unsigned usage,
                       unsigned offset, unsigned size, const void *data)
{
   struct refpipe_resource *res = refpipe_resource(pres);

   if (!res || pres->target != PIPE_BUFFER || !data || offset > pres->width0 ||
       size > pres->width0 - offset)
      return;
   memcpy(res->data + offset, data, size);
}

static void
refpipe_texture_subdata(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                        unsigned usage, const struct pipe_box *box, const void *data,
                        unsigned stride, uintptr_t layer_stride)
{
   struct refpipe_resource *res = refpipe_resource(pres);
   const uint8_t *src = data;

   if (!res || !data || !refpipe_resource_box_is_valid(pres, level, box) ||
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
         uint8_t *dst = refpipe_resource_texel(res, level, (unsigned)box->x,
                                               (unsigned)box->y + y * d->block_height,
                                               (unsigned)(box->z + z));
         memcpy(dst, src + (size_t)z * layer_stride + (size_t)y * stride, row_bytes);
      }
   }
}

void
refpipe_init_transfer_funcs(struct pipe_context *pipe)
{
   pipe->buffer_map = refpipe_buffer_map;
   pipe->buffer_unmap = refpipe_unmap;
   pipe->texture_map = refpipe_texture_map;
   pipe->texture_unmap = refpipe_unmap;
   pipe->buffer_subdata = refpipe_buffer_subdata;
   pipe->texture_subdata = refpipe_texture_subdata;
}
