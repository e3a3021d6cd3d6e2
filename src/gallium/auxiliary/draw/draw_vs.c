/*
 * draw: vertex shader execution.  Fetches inputs, runs the bound
 * draw_vertex_shader in batches and lays the outputs out as draw_vertex
 * records.
 */
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

bool
draw_vs_run(struct draw_context *draw, unsigned n, const int32_t *vertex_index,
            const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
            float *verts)
{
   const struct draw_vertex_shader *vs = draw->vs;
   unsigned ni = vs->num_inputs, no = vs->num_outputs;
   float (*inputs)[4] = NULL, (*outputs)[4] = NULL;
   bool ok = true;

   if (no != draw->num_attribs - 1 || !vs->run || (ni && !vs->inputs) ||
       ni > DRAW_MAX_VS_SLOTS)
      return false;
   if (ni)
      inputs = draw_buffer(draw, DRAW_BUF_VS_INPUTS, sizeof(float[4]) * ni * DRAW_VS_BATCH);
   outputs = draw_buffer(draw, DRAW_BUF_VS_OUTPUTS,
                         sizeof(float[4]) * (no ? no : 1) * DRAW_VS_BATCH);
   if ((ni && !inputs) || !outputs)
      return false;

   struct draw_vs_env env;
   memset(&env, 0, sizeof(env));
   memcpy(env.cbufs, draw->cbufs, sizeof(env.cbufs));
   env.sampler = draw->sampler;
   env.instance_id = (int32_t)instance;

   for (unsigned first = 0; first < n && ok; first += DRAW_VS_BATCH) {
      unsigned count = n - first < DRAW_VS_BATCH ? n - first : DRAW_VS_BATCH;
      if (ni)
         draw_fetch_vertices(draw, count, vertex_index + first, instance, start_instance,
                             inputs);
      env.vertex_ids = vertex_ids + first;
      /* run() writes every output slot of every vertex (draw_context.h) */
      if (!vs->run(vs, &env, count, (const float (*)[4])inputs, outputs)) {
         ok = false;
         break;
      }
      draw->stats.vs_invocations += count;

      for (unsigned i = 0; i < count; i++) {
         struct draw_vertex *v = draw_vertex_at(verts, draw->stride, first + i);
         const float (*out)[4] = (const float (*)[4])&outputs[(size_t)i * no];
         memcpy(v->attr, out, sizeof(float[4]) * no);
         if (draw->rast.clamp_vertex_color)
            clamp_colors(draw, v);
         v->attr[draw->pcoord_slot][0] = 0.0f;
         v->attr[draw->pcoord_slot][1] = 0.0f;
         v->attr[draw->pcoord_slot][2] = 0.0f;
         v->attr[draw->pcoord_slot][3] = 1.0f;
         if (draw->pos_slot >= 0)
            memcpy(v->clip, out[draw->pos_slot], sizeof(v->clip));
         else
            memset(v->clip, 0, sizeof(v->clip));
         memset(v->win, 0, sizeof(v->win));
      }
   }
   return ok;
}
