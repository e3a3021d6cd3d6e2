/*
 * draw: vertex shader execution.  Fetches inputs, runs the bound
 * draw_vertex_shader in batches and lays the outputs out as draw_vertex
 * records.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

#define DRAW_VS_BATCH 64

/* The rasterizer's clamp_vertex_color (GL 2.1 section 2.14.6, under
 * ARB_color_buffer_float's CLAMP_VERTEX_COLOR): the primary and secondary
 * colours, front and back, clamped to [0, 1] after the vertex shader. */
static void
clamp_colors(const struct draw_context *draw, struct draw_vertex *v)
{
   for (unsigned i = 0; i < 4; i++) {
      int slot = i < 2 ? draw->front_color_slot[i] : draw->back_color_slot[i - 2];
      if (slot < 0)
         continue;
      float *c = v->attr[slot];
      for (unsigned k = 0; k < 4; k++)
         c[k] = !(c[k] > 0.0f) ? 0.0f : c[k] > 1.0f ? 1.0f : c[k];   /* NaN: 0 */
   }
}

/* clamp_colors on SoA blocks of n vertices (rounded up to whole blocks:
 * the padding lanes are the shader's to write). */
static void
clamp_colors_soa(const struct draw_context *draw, float *soa, unsigned n, unsigned width,
                 unsigned no)
{
   for (unsigned i = 0; i < 4; i++) {
      int slot = i < 2 ? draw->front_color_slot[i] : draw->back_color_slot[i - 2];
      if (slot < 0)
         continue;
      for (unsigned b = 0; b < n; b += width) {
         float *c = soa + ((size_t)(b / width) * no * 4 + (size_t)slot * 4) * width;
         for (unsigned k = 0; k < 4 * width; k++)
            c[k] = !(c[k] > 0.0f) ? 0.0f : c[k] > 1.0f ? 1.0f : c[k];   /* NaN: 0 */
      }
   }
}

/* What every record needs after its outputs are in place. */
static inline void
finish_vertex(const struct draw_context *draw, struct draw_vertex *v)
{
   if (draw->rast.clamp_vertex_color)
      clamp_colors(draw, v);
   v->attr[draw->pcoord_slot][0] = 0.0f;
   v->attr[draw->pcoord_slot][1] = 0.0f;
   v->attr[draw->pcoord_slot][2] = 0.0f;
   v->attr[draw->pcoord_slot][3] = 1.0f;
   if (draw->pos_slot >= 0)
      memcpy(v->clip, v->attr[draw->pos_slot], sizeof(v->clip));
   else
      memset(v->clip, 0, sizeof(v->clip));
   memset(v->win, 0, sizeof(v->win));
}

bool
draw_vs_run(struct draw_context *draw, unsigned n, const int32_t *vertex_index,
            const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
            float *verts, unsigned *masks)
{
   const struct draw_vertex_shader *vs = draw->vs;
   unsigned ni = vs->num_inputs, no = vs->num_outputs;
   float (*inputs)[4] = NULL;
   float *soa_out = NULL;
   bool ok = true;

   if (no != draw->num_attribs - 1 || !vs->run || (ni && !vs->inputs) ||
       ni > DRAW_MAX_VS_SLOTS)
      return false;
   /* SoA widths divide DRAW_VS_BATCH */
   unsigned width = vs->soa_width;
   if (width != 4 && width != 8 && width != 16)
      width = 0;
   if (ni) {
      inputs = draw_buffer(draw, DRAW_BUF_VS_INPUTS, sizeof(float[4]) * ni * DRAW_VS_BATCH);
      if (!inputs)
         return false;
   }
   if (width && no) {
      soa_out = draw_buffer(draw, DRAW_BUF_VS_OUTPUTS, sizeof(float[4]) * no * DRAW_VS_BATCH);
      if (!soa_out)
         return false;
   }

   struct draw_vs_env env;
   memset(&env, 0, sizeof(env));
   memcpy(env.cbufs, draw->cbufs, sizeof(env.cbufs));
   env.sampler = draw->sampler;
   env.instance_id = (int32_t)instance;

   /* vertex-major shaders write their outputs into the records' attr
    * slots: a record is stride / 4 slots, clip and win first */
   _Static_assert(offsetof(struct draw_vertex, attr) == sizeof(float[8]), "attr after clip, win");
   const unsigned out_stride = draw->stride / 4;
   for (unsigned first = 0; first < n && ok; first += DRAW_VS_BATCH) {
      unsigned count = n - first < DRAW_VS_BATCH ? n - first : DRAW_VS_BATCH;
      if (ni && width) {
         /* the last block's lanes past count repeat the last vertex */
         int32_t padded[DRAW_VS_BATCH];
         const int32_t *idx = vertex_index + first;
         unsigned lanes = (count + width - 1) / width * width;
         if (lanes != count) {
            memcpy(padded, idx, sizeof(int32_t) * count);
            for (unsigned i = count; i < lanes; i++)
               padded[i] = idx[count - 1];
            idx = padded;
         }
         draw_fetch_vertices_soa(draw, lanes, idx, instance, start_instance, width,
                                 (float *)inputs);
      } else if (ni) {
         draw_fetch_vertices(draw, count, vertex_index + first, instance, start_instance,
                             inputs);
      }
      env.vertex_ids = vertex_ids + first;
      struct draw_vertex *v0 = draw_vertex_at(verts, draw->stride, first);
      /* run() writes every output slot of every vertex (draw_context.h) */
      if (!vs->run(vs, &env, count, (const float (*)[4])inputs,
                   width ? (float (*)[4])soa_out : v0->attr, out_stride)) {
         ok = false;
         break;
      }
      draw->stats.vs_invocations += count;

      if (width) {
         /* finish_vertex's work, on the blocks and while scattering them:
          * no record is read back right after its words were stored one
          * by one (a vector load of them would stall) */
         if (draw->rast.clamp_vertex_color)
            clamp_colors_soa(draw, soa_out, count, width, no);
         for (unsigned i = 0; i < count; i++) {
            struct draw_vertex *v = draw_vertex_at(verts, draw->stride, first + i);
            /* bit patterns: integer outputs and NaNs as written */
            const uint32_t *block = (const uint32_t *)soa_out +
                                    (size_t)(i / width) * no * 4 * width + i % width;
            uint32_t *dst = (uint32_t *)v->attr;
            for (unsigned w = 0; w < 4 * no; w++)
               dst[w] = block[w * width];
            uint32_t *clip = (uint32_t *)v->clip;
            for (unsigned c = 0; c < 4; c++)
               clip[c] = draw->pos_slot >= 0 ? block[((unsigned)draw->pos_slot * 4 + c) * width] : 0;
            memset(v->win, 0, sizeof(v->win));
            v->attr[draw->pcoord_slot][0] = 0.0f;
            v->attr[draw->pcoord_slot][1] = 0.0f;
            v->attr[draw->pcoord_slot][2] = 0.0f;
            v->attr[draw->pcoord_slot][3] = 1.0f;
         }
      } else {
         for (unsigned i = 0; i < count; i++)
            finish_vertex(draw, draw_vertex_at(verts, draw->stride, first + i));
      }
      /* while the batch is in the cache */
      if (masks)
         draw_pipeline_prepare(draw, (float *)v0, count, masks + first);
   }
   return ok;
}
