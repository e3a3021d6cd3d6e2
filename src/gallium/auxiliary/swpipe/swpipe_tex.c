/*
 * Texture access for shaders: an irexec sampler interface per shader stage
 * whose units are the bound sampler views and sampler states, sampled by
 * the sampler module (u_sampler) from swpipe resources described level by
 * level (plain memory: a pointer and two strides each).
 */
#include <string.h>

#include "swpipe_draw.h"
#include "swpipe_resource.h"

#ifdef SWPIPE_HAVE_SAMPLER

void
swpipe_tex_describe(struct pipe_resource *pres, struct u_sampler_texture *tex)
{
   struct swpipe_resource *res = swpipe_resource(pres);

   memset(tex, 0, sizeof *tex);
   tex->format = pres->format;
   tex->target = pres->target;
   tex->width0 = pres->width0;
   tex->height0 = pres->height0;
   tex->depth0 = pres->depth0;
   tex->array_size = pres->array_size;
   tex->last_level = pres->last_level;
   tex->nr_samples = swpipe_resource_samples(pres);
   if (!res->data)
      return;
   for (unsigned l = 0; l <= pres->last_level && l < PIPE_MAX_TEXTURE_LEVELS; l++) {
      tex->level[l].data = res->data + res->level_offset[l];
      tex->level[l].row_stride = res->stride[l];
      tex->level[l].layer_stride = res->layer_stride[l];
   }
}

void
swpipe_tex_update(struct swpipe_context *ctx, enum pipe_shader_type stage)
{
   struct swpipe_tex_stage *ts = &ctx->ds->tex[stage];

   for (unsigned u = 0; u < SWPIPE_MAX_SAMPLER_SLOTS && u < ctx->texture_slots[stage]; u++) {
      struct pipe_sampler_view *view = ctx->sampler_views[stage][u];
      ts->views[u] = view && view->texture ? view : NULL;
      ts->samplers[u] = ctx->samplers[stage][u];
      if (ts->views[u])
         swpipe_tex_describe(view->texture, &ts->tex[u]);
   }
}

static void
tex_sample(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4])
{
   const struct swpipe_tex_stage *ts = priv;
   struct u_sample_request r;
   unsigned unit = req->unit;
   float fout[4][4];
   unsigned dims = ir_tex_target_dims(req->target);

   if (unit >= SWPIPE_MAX_SAMPLER_SLOTS || !ts->views[unit])
      return;   /* irexec zero-filled out */
   const struct pipe_sampler_state *sampler = ts->samplers[unit];

   memset(&r, 0, sizeof r);
   r.lane_mask = req->lane_mask & 0xf;
   r.has_offset = req->has_offset;
   for (unsigned lane = 0; lane < 4; lane++) {
      for (unsigned c = 0; c < 4; c++) {
         r.coord[lane][c] = req->coord[lane].f[c];
         r.icoord[lane][c] = req->coord[lane].i[c];
      }
      r.sample[lane] = req->sample[lane];
      r.compare[lane] = req->compare[lane];
      for (unsigned c = 0; c < 3; c++) {
         r.offset[lane][c] = c < dims ? req->offset[lane][c] : 0;
         r.ddx[lane][c] = c < dims ? req->ddx[lane][c] : 0.0f;
         r.ddy[lane][c] = c < dims ? req->ddy[lane][c] : 0.0f;
      }
   }

   switch (req->lod_mode) {
   case IREXEC_LOD_NONE:
   case IREXEC_LOD_INTEGER:
      r.op = U_SAMPLE_FETCH;
      for (unsigned lane = 0; lane < 4; lane++)
         r.ilod[lane] = req->lod_mode == IREXEC_LOD_INTEGER ? req->ilod[lane] : 0;
      break;
   case IREXEC_LOD_EXPLICIT:
      if (req->op == IR_OP_tg4) {
         r.op = U_SAMPLE_GATHER;
         r.gather_comp = req->gather_comp;
         break;
      }
      r.op = U_SAMPLE_LOD;
      for (unsigned lane = 0; lane < 4; lane++)
         r.lod[lane] = req->lod[lane] + req->bias[lane];
      break;
   case IREXEC_LOD_DERIVATIVES:
   default:
      if (req->op == IR_OP_lod) {
         r.op = U_SAMPLE_QUERY_LOD;
         r.quad = ts->quad;
      } else if (req->op == IR_OP_txd) {
         r.op = U_SAMPLE_GRAD;   /* textureGrad: explicit derivatives, no bias */
      } else {
         /* irexec's derivatives, computed from all four lanes in the fine
          * form dFdx/dFdy use (docs/irexec.md), so that an implicit lookup
          * and a Grad lookup given dFdx/dFdy of the same coordinates pick
          * the same level per pixel (piglit texgradcube); the shader's
          * bias is kept */
         r.op = U_SAMPLE_BIAS;
         r.has_derivs = true;
         for (unsigned lane = 0; lane < 4; lane++)
            r.lod[lane] = req->bias[lane];
      }
      break;
   }
   if (!sampler && r.op != U_SAMPLE_FETCH)
      return;

   if (req->result_base == IR_UINT) {
      uint32_t u[4][4];
      memset(u, 0, sizeof u);
      u_sampler_sample_uint(&ts->tex[unit], ts->views[unit], sampler, &r, u);
      for (unsigned lane = 0; lane < 4; lane++)
         memcpy(out[lane].u, u[lane], 16);
   } else if (req->result_base == IR_INT) {
      int32_t i[4][4];
      memset(i, 0, sizeof i);
      u_sampler_sample_int(&ts->tex[unit], ts->views[unit], sampler, &r, i);
      for (unsigned lane = 0; lane < 4; lane++)
         memcpy(out[lane].i, i[lane], 16);
   } else {
      memset(fout, 0, sizeof fout);
      u_sampler_sample(&ts->tex[unit], ts->views[unit], sampler, &r, fout);
      for (unsigned lane = 0; lane < 4; lane++)
         memcpy(out[lane].f, fout[lane], 16);
   }
}

static void
tex_size(void *priv, unsigned unit, enum ir_tex_target target, int32_t lod, int32_t out[4])
{
   const struct swpipe_tex_stage *ts = priv;

   memset(out, 0, 4 * sizeof *out);
   if (unit >= SWPIPE_MAX_SAMPLER_SLOTS || !ts->views[unit])
      return;
   u_sampler_texture_size(&ts->tex[unit], ts->views[unit], lod, out);
}

static int32_t
tex_query_levels(void *priv, unsigned unit, enum ir_tex_target target)
{
   const struct swpipe_tex_stage *ts = priv;

   if (unit >= SWPIPE_MAX_SAMPLER_SLOTS || !ts->views[unit])
      return 0;
   return (int32_t)u_sampler_view_levels(&ts->tex[unit], ts->views[unit]);
}

static int32_t
tex_query_samples(void *priv, unsigned unit, enum ir_tex_target target)
{
   const struct swpipe_tex_stage *ts = priv;

   (void)target;
   if (unit >= SWPIPE_MAX_SAMPLER_SLOTS || !ts->views[unit])
      return 0;
   return (int32_t)(ts->tex[unit].nr_samples > 1 ? ts->tex[unit].nr_samples : 1);
}

void
swpipe_tex_init(struct swpipe_tex_stage *ts, bool quad)
{
   memset(ts, 0, sizeof *ts);
   ts->quad = quad;
   ts->iface.sample = tex_sample;
   ts->iface.size = tex_size;
   ts->iface.query_levels = tex_query_levels;
   ts->iface.query_samples = tex_query_samples;
   ts->iface.priv = ts;
}

#else /* !SWPIPE_HAVE_SAMPLER: texture reads give 0 */

void
swpipe_tex_update(struct swpipe_context *ctx, enum pipe_shader_type stage)
{
}

void
swpipe_tex_init(struct swpipe_tex_stage *ts, bool quad)
{
   memset(ts, 0, sizeof *ts);
   ts->quad = quad;
}

#endif
