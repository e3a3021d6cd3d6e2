/*
 * pipe_context::blit and generate_mipmap through the sampler module:
 * u_blit_rect on each layer/slice pair (scaling, filtering, format
 * conversion, masks, scissor, flips), u_mipmap_generate on the levels.
 */
#include <stdlib.h>
#include <string.h>

#include "refpipe_context.h"
#include "refpipe_draw.h"
#include "refpipe_resource.h"
#include "sampler/u_blit.h"
#include "sampler/u_mipmap.h"

static bool
blit_surface(const struct pipe_resource *pres, unsigned level, int z, enum pipe_format format,
             const struct pipe_box *box, struct u_blit_surface *out)
{
   struct refpipe_resource *res = refpipe_resource((struct pipe_resource *)pres);

   if (!res->data || level > pres->last_level || pres->target == PIPE_BUFFER || z < 0 ||
       (unsigned)z >= refpipe_resource_level_layers(pres, level))
      return false;
   out->format = format;
   out->data = refpipe_resource_texel(res, level, 0, 0, (unsigned)z);
   out->stride = res->stride[level];
   out->width = refpipe_resource_level_width(pres, level);
   out->height = refpipe_resource_level_height(pres, level);
   out->x = box->x;
   out->y = box->y;
   out->box_width = box->width;
   out->box_height = box->height;
   return true;
}

static void
refpipe_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct u_blit_rect_info r;
   int depth;

   if (!info || !info->dst.resource || !info->src.resource)
      return;
   depth = info->dst.box.depth < 0 ? -info->dst.box.depth : info->dst.box.depth;
   if (depth == 0)
      depth = 1;
   for (int i = 0; i < depth; i++) {
      int dz = info->dst.box.z + (info->dst.box.depth < 0 ? -i : i);
      /* source slice: the same position within the source box */
      int sd = info->src.box.depth ? info->src.box.depth : 1;
      int sz = info->src.box.z + (int)((long long)i * sd / depth);
      memset(&r, 0, sizeof r);
      if (!blit_surface(info->dst.resource, info->dst.level, dz, info->dst.format,
                        &info->dst.box, &r.dst) ||
          !blit_surface(info->src.resource, info->src.level, sz, info->src.format,
                        &info->src.box, &r.src))
         continue;
      r.mask = info->mask;
      r.filter = info->filter;
      r.scissor_enable = info->scissor_enable;
      r.scissor = info->scissor;
      u_blit_rect(&r);
   }
}

static bool
refpipe_generate_mipmap(struct pipe_context *pipe, struct pipe_resource *pres,
                        enum pipe_format format, unsigned base_level, unsigned last_level,
                        unsigned first_layer, unsigned last_layer)
{
   struct refpipe_resource *res;
   struct u_sampler_texture tex;
   void *dst[PIPE_MAX_TEXTURE_LEVELS];

   if (!pres || pres->target == PIPE_BUFFER || last_level > pres->last_level ||
       base_level >= last_level)
      return base_level == last_level && pres && last_level <= pres->last_level;
   res = refpipe_resource(pres);
   if (!res->data)
      return false;
   refpipe_tex_describe(pres, &tex);
   memset(dst, 0, sizeof dst);
   for (unsigned l = 0; l <= pres->last_level && l < PIPE_MAX_TEXTURE_LEVELS; l++)
      dst[l] = res->data + res->level_offset[l];
   return u_mipmap_generate(&tex, dst, format, base_level, last_level, first_layer, last_layer,
                            PIPE_TEX_FILTER_LINEAR);
}

void
refpipe_init_blit_funcs(struct pipe_context *pipe)
{
   pipe->blit = refpipe_blit;
   pipe->generate_mipmap = refpipe_generate_mipmap;
}
