/*
 * Texel reads: where a texel of a level lives in memory and how it decodes
 * (by the view's format), and the resolution of a call's parameters.
 */
#include "sampler/u_sampler_priv.h"

#include <string.h>

void
u_sampler_level_size(const struct u_sampler_texture *tex, unsigned level,
                     unsigned *width, unsigned *height, unsigned *depth)
{
   unsigned w = 1, h = 1, d = 1;
   if (tex && level < 32) {
      w = tex->width0 >> level;
      h = tex->height0 >> level;
      d = tex->depth0 >> level;
      if (w < 1)
         w = 1;
      if (h < 1)
         h = 1;
      if (d < 1)
         d = 1;
      if (tex->target == PIPE_TEXTURE_1D || tex->target == PIPE_TEXTURE_1D_ARRAY ||
          tex->target == PIPE_BUFFER)
         h = 1;
      if (tex->target != PIPE_TEXTURE_3D)
         d = 1;
   }
   if (width)
      *width = w;
   if (height)
      *height = h;
   if (depth)
      *depth = d;
}

static enum u_sampler_kind
format_kind(const struct util_format_description *desc)
{
   if (desc->is_depth)
      return U_SAMPLER_KIND_DEPTH;
   if (desc->is_stencil)
      return U_SAMPLER_KIND_UINT;
   if (desc->is_pure_integer) {
      for (unsigned i = 0; i < desc->nr_channels && i < 4; i++) {
         if (desc->channel[i].type == UTIL_FORMAT_TYPE_SINT)
            return U_SAMPLER_KIND_SINT;
         if (desc->channel[i].type == UTIL_FORMAT_TYPE_UINT)
            return U_SAMPLER_KIND_UINT;
      }
      return U_SAMPLER_KIND_UINT;
   }
   return U_SAMPLER_KIND_FLOAT;
}

static bool
valid_target(unsigned t)
{
   return t < PIPE_MAX_TEXTURE_TYPES;
}

bool
u_sampler_ctx_init(struct u_sampler_ctx *ctx, const struct u_sampler_texture *tex,
                   const struct pipe_sampler_view *view,
                   const struct pipe_sampler_state *state)
{
   memset(ctx, 0, sizeof(*ctx));
   if (!tex || !view)
      return false;
   ctx->tex = tex;
   ctx->view = view;
   ctx->state = state;

   const struct util_format_description *tdesc = util_format_description(tex->format);
   ctx->format = view->format != PIPE_FORMAT_NONE ? view->format : tex->format;
   ctx->desc = util_format_description(ctx->format);
   if (!ctx->desc || !tdesc || ctx->desc->block_bytes == 0 || tdesc->block_bytes == 0)
      return false;
   /* A view may only reinterpret texels of the same block shape. */
   if (ctx->desc->block_bytes != tdesc->block_bytes ||
       ctx->desc->block_width != tdesc->block_width ||
       ctx->desc->block_height != tdesc->block_height)
      return false;

   ctx->target = valid_target(view->target) ? view->target : tex->target;
   if (!valid_target(ctx->target))
      return false;
   ctx->kind = format_kind(ctx->desc);
   ctx->compare = state && state->compare_mode && ctx->kind == U_SAMPLER_KIND_DEPTH;
   ctx->clamp_ref = ctx->format != PIPE_FORMAT_Z32_FLOAT &&
                    ctx->format != PIPE_FORMAT_Z32_FLOAT_S8X24_UINT;
   ctx->normalized = ctx->target != PIPE_TEXTURE_RECT && ctx->target != PIPE_BUFFER &&
                     (!state || state->normalized_coords);

   unsigned last = tex->last_level;
   if (last >= PIPE_MAX_TEXTURE_LEVELS)
      last = PIPE_MAX_TEXTURE_LEVELS - 1;
   ctx->base_level = view->first_level < last ? view->first_level : last;
   ctx->max_level = view->last_level < last ? view->last_level : last;
   if (ctx->max_level < ctx->base_level)
      ctx->max_level = ctx->base_level;
   if (ctx->target == PIPE_TEXTURE_RECT || ctx->target == PIPE_BUFFER)
      ctx->max_level = ctx->base_level;

   unsigned array_size = tex->array_size ? tex->array_size : 1;
   ctx->first_layer = view->first_layer < array_size ? view->first_layer : array_size - 1;
   unsigned last_layer = view->last_layer < array_size ? view->last_layer : array_size - 1;
   if (last_layer < ctx->first_layer)
      last_layer = ctx->first_layer;
   ctx->num_layers = last_layer - ctx->first_layer + 1;
   return true;
}

static const uint8_t *
texel_address(const struct u_sampler_ctx *ctx, unsigned level, int x, int y, int z)
{
   const struct u_sampler_texture *tex = ctx->tex;
   if (level > tex->last_level || level >= PIPE_MAX_TEXTURE_LEVELS)
      return NULL;
   const struct u_sampler_level *l = &tex->level[level];
   if (!l->data)
      return NULL;
   unsigned w, h, d;
   u_sampler_level_size(tex, level, &w, &h, &d);
   unsigned layers = tex->target == PIPE_TEXTURE_3D ? d :
                     (tex->array_size ? tex->array_size : 1);
   if (tex->nr_samples > 1)   /* every sample of a layer is a slice */
      layers *= tex->nr_samples;
   if (x < 0 || y < 0 || z < 0 || (unsigned)x >= w || (unsigned)y >= h ||
       (unsigned)z >= layers)
      return NULL;
   const struct util_format_description *desc = ctx->desc;
   return (const uint8_t *)l->data + (size_t)z * l->layer_stride +
          (size_t)((unsigned)y / desc->block_height) * l->row_stride +
          (size_t)((unsigned)x / desc->block_width) * desc->block_bytes;
}

void
u_sampler_texel_read(const struct u_sampler_ctx *ctx, unsigned level, int x, int y,
                     int z, union u_sampler_texel *out)
{
   const uint8_t *p = texel_address(ctx, level, x, y, z);
   memset(out, 0, sizeof(*out));
   if (!p)
      return;
   const struct util_format_description *desc = ctx->desc;
   switch (ctx->kind) {
   case U_SAMPLER_KIND_UINT:
      util_format_unpack_rgba_uint(ctx->format, out->u, p, 1);
      break;
   case U_SAMPLER_KIND_SINT:
      util_format_unpack_rgba_sint(ctx->format, out->i, p, 1);
      break;
   case U_SAMPLER_KIND_DEPTH:
      util_format_unpack_z_float(ctx->format, &out->f[0], p, 1);
      out->f[3] = 1.0f;
      break;
   case U_SAMPLER_KIND_FLOAT:
   default:
      if (desc->block_width > 1 || desc->block_height > 1) {
         float block[UTIL_FORMAT_MAX_BLOCK_TEXELS][4];
         unsigned bw = desc->block_width, bh = desc->block_height;
         if (bw * bh > UTIL_FORMAT_MAX_BLOCK_TEXELS)
            return;
         util_format_unpack_rect_rgba_float(ctx->format, &block[0][0], bw * 4 * sizeof(float),
                                            p, ctx->tex->level[level].row_stride, bw, bh);
         unsigned i = ((unsigned)y % bh) * bw + (unsigned)x % bw;
         memcpy(out->f, block[i], sizeof(out->f));
      } else {
         util_format_unpack_rgba_float(ctx->format, out->f, p, 1);
      }
      break;
   }
}

void
u_sampler_texel_border(const struct u_sampler_ctx *ctx, union u_sampler_texel *out)
{
   memset(out, 0, sizeof(*out));
   if (!ctx->state)
      return;
   const union pipe_color_union *b = &ctx->state->border_color;
   switch (ctx->kind) {
   case U_SAMPLER_KIND_UINT:
      memcpy(out->u, b->ui, sizeof(out->u));
      break;
   case U_SAMPLER_KIND_SINT:
      memcpy(out->i, b->i, sizeof(out->i));
      break;
   default:
      memcpy(out->f, b->f, sizeof(out->f));
      break;
   }
}
