/*
 * pipe_context::blit and generate_mipmap through the sampler module:
 * u_blit_rect on each layer/slice pair (scaling, filtering, format
 * conversion, masks, scissor, flips), u_mipmap_generate on the levels.
 */
#include <stdlib.h>
#include <string.h>

#include "swpipe_context.h"
#include "swpipe_draw.h"
#include "swpipe_limits.h"
#include "swpipe_resource.h"
#include "format/u_format.h"
#include "sampler/u_blit.h"
#include "sampler/u_mipmap.h"
#include "util/u_math.h"

/* Slice 'slice' of a level (a layer, or of a multisample resource a layer's
 * sample: layer * samples + sample) as a blit surface with the box. */
static bool
blit_surface(const struct pipe_resource *pres, unsigned level, int z, unsigned sample,
             enum pipe_format format, const struct pipe_box *box, struct u_blit_surface *out)
{
   struct swpipe_resource *res = swpipe_resource((struct pipe_resource *)pres);

   if (!res->data || level > pres->last_level || pres->target == PIPE_BUFFER || z < 0 ||
       (unsigned)z >= swpipe_resource_level_layers(pres, level))
      return false;
   out->format = format;
   out->data = swpipe_resource_sample_texel(res, level, 0, 0, (unsigned)z, sample);
   out->stride = res->stride[level];
   out->width = swpipe_resource_level_width(pres, level);
   out->height = swpipe_resource_level_height(pres, level);
   out->x = box->x;
   out->y = box->y;
   out->box_width = box->width;
   out->box_height = box->height;
   return true;
}

/*
 * Resolve the part of a multisample colour surface the blit reads (the
 * source box plus one texel for LINEAR, clamped to the surface) into
 * memory: each texel the average of its samples (as floats: sRGB formats
 * decoded before averaging and encoded after); pure integer formats take
 * sample 0.  The surface is replaced by the resolved rectangle.  Returns the
 * memory to free, or NULL.
 */
static uint8_t *
resolve_source(struct u_blit_surface *src, unsigned samples, size_t sample_stride)
{
   const struct util_format_description *d = util_format_description(src->format);
   unsigned bs = d->block_bytes;
   /* box edges in 64-bit: x + width (and the margin) may pass INT_MAX */
   int64_t ex0 = src->x, ex1 = (int64_t)src->x + src->box_width;
   int64_t ey0 = src->y, ey1 = (int64_t)src->y + src->box_height;
   int64_t bx0 = ex0 < ex1 ? ex0 : ex1, bx1 = ex0 < ex1 ? ex1 : ex0;
   int64_t by0 = ey0 < ey1 ? ey0 : ey1, by1 = ey0 < ey1 ? ey1 : ey0;
   int64_t w = src->width, h = src->height;
   int x0 = (int)u_clamp_i64(bx0 - 1, 0, w - 1);
   int y0 = (int)u_clamp_i64(by0 - 1, 0, h - 1);
   int x1 = (int)u_clamp_i64(bx1 + 1, x0 + 1, w);
   int y1 = (int)u_clamp_i64(by1 + 1, y0 + 1, h);
   unsigned rw = (unsigned)(x1 - x0), rh = (unsigned)(y1 - y0);
   uint8_t *out;

   if (!bs || d->block_width != 1 || d->block_height != 1)
      return NULL;
   out = malloc((size_t)rw * rh * bs);
   if (!out)
      return NULL;
   for (unsigned y = 0; y < rh; y++) {
      const uint8_t *row = (const uint8_t *)src->data + (size_t)(y0 + (int)y) * src->stride +
                           (size_t)x0 * bs;
      uint8_t *orow = out + (size_t)y * rw * bs;
      if (d->is_pure_integer) {
         memcpy(orow, row, (size_t)rw * bs);
         continue;
      }
      for (unsigned x = 0; x < rw; x++) {
         float sum[4] = { 0, 0, 0, 0 }, v[4];
         for (unsigned s = 0; s < samples; s++) {
            util_format_unpack_rgba_float(src->format, v, row + s * sample_stride + x * bs, 1);
            for (unsigned c = 0; c < 4; c++)
               sum[c] += v[c];
         }
         for (unsigned c = 0; c < 4; c++)
            sum[c] /= (float)samples;
         util_format_pack_rgba_float(src->format, orow + (size_t)x * bs, sum, 1);
      }
   }
   src->data = out;
   src->stride = rw * bs;
   src->width = rw;
   src->height = rh;
   src->x -= x0;
   src->y -= y0;
   return out;
}

/*
 * Multisample resources: a multisample source blitted to a destination of
 * another sample count is resolved first (colour: the average of the
 * samples; depth and stencil: sample 0); equal sample counts copy sample by
 * sample; a destination's every sample receives the (resolved) source.
 */
static void
swpipe_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct u_blit_rect_info r;
   int depth;

   if (!info || !info->dst.resource || !info->src.resource)
      return;
   unsigned dn = swpipe_resource_samples(info->dst.resource);
   unsigned sn = swpipe_resource_samples(info->src.resource);
   const struct util_format_description *sd = util_format_description(info->src.format);
   bool resolve = sn > 1 && sn != dn && !sd->is_depth && !sd->is_stencil;
   struct swpipe_resource *sres = swpipe_resource(info->src.resource);
   size_t sample_stride = info->src.level <= info->src.resource->last_level
                             ? sres->layer_stride[info->src.level] : 0;

   /* slices: |depth|, without negating INT_MIN, and no more than the
    * destination level has (blit_surface skips those outside) */
   int64_t dd = info->dst.box.depth < 0 ? -(int64_t)info->dst.box.depth : info->dst.box.depth;
   if (dd == 0)
      dd = 1;
   if (dd > SWPIPE_MAX_TEXTURE_ARRAY_LAYERS)
      dd = SWPIPE_MAX_TEXTURE_ARRAY_LAYERS;
   depth = (int)dd;
   for (int i = 0; i < depth; i++) {
      int dz = u_sat_int((int64_t)info->dst.box.z + (info->dst.box.depth < 0 ? -i : i));
      /* source slice: the same position within the source box */
      int64_t sd_ = info->src.box.depth ? info->src.box.depth : 1;
      int sz = u_sat_int(info->src.box.z + (int64_t)i * sd_ / depth);
      for (unsigned s = 0; s < dn; s++) {
         memset(&r, 0, sizeof r);
         if (!blit_surface(info->dst.resource, info->dst.level, dz, s, info->dst.format,
                           &info->dst.box, &r.dst) ||
             !blit_surface(info->src.resource, info->src.level, sz, sn == dn ? s : 0,
                           info->src.format, &info->src.box, &r.src))
            continue;
         uint8_t *tmp = NULL;
         if (resolve) {
            tmp = resolve_source(&r.src, sn, sample_stride);
            if (!tmp)
               continue;
         }
         r.mask = info->mask;
         r.filter = info->filter;
         r.scissor_enable = info->scissor_enable;
         r.scissor = info->scissor;
         u_blit_rect(&r);
         free(tmp);
      }
   }
}

static bool
swpipe_generate_mipmap(struct pipe_context *pipe, struct pipe_resource *pres,
                        enum pipe_format format, unsigned base_level, unsigned last_level,
                        unsigned first_layer, unsigned last_layer)
{
   struct swpipe_resource *res;
   struct u_sampler_texture tex;
   void *dst[PIPE_MAX_TEXTURE_LEVELS];

   if (!pres || pres->target == PIPE_BUFFER || last_level > pres->last_level ||
       base_level >= last_level)
      return base_level == last_level && pres && last_level <= pres->last_level;
   res = swpipe_resource(pres);
   if (!res->data)
      return false;
   swpipe_tex_describe(pres, &tex);
   memset(dst, 0, sizeof dst);
   for (unsigned l = 0; l <= pres->last_level && l < PIPE_MAX_TEXTURE_LEVELS; l++)
      dst[l] = res->data + res->level_offset[l];
   return u_mipmap_generate(&tex, dst, format, base_level, last_level, first_layer, last_layer,
                            PIPE_TEX_FILTER_LINEAR);
}

void
swpipe_init_blit_funcs(struct pipe_context *pipe)
{
   pipe->blit = swpipe_blit;
   pipe->generate_mipmap = swpipe_generate_mipmap;
}
