/*
 * draw: geometry shaders.  With a geometry shader bound, a draw range
 * goes: the vertex shader on every element (its outputs vertex-major, no
 * records), assembly into the shader's input primitives
 * (draw_assemble_gs: adjacency types included, primitive restart already
 * cut the runs), the shader on batches of primitives, then each
 * primitive's emitted strips cut into points, lines and triangles by
 * draw_assemble (GL's strip order and provoking vertex), each counted,
 * captured by stream output and sent down the pipeline.  Records are in
 * the geometry shader's output layout (draw_update_layout).
 */
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

/* A batch's emitted vertices stay within about this many bytes (a shader
 * may emit 1024 vertices of 96 slots per primitive: then one at a time). */
#define DRAW_GS_BATCH_BYTES (1u << 20)
#define DRAW_GS_MAX_BATCH   64

struct gs_batch {
   struct draw_context *draw;
   const struct draw_geometry_shader *gs;
   const float (*vs_out)[4];      /* the range's VS outputs, vertex-major */
   unsigned vs_no;                /* VS output slots per vertex */
   unsigned size, count;          /* primitives per batch, collected */
   float (*inputs)[4];            /* size * vertices_in * num_inputs slots */
   int32_t prim_ids[DRAW_GS_MAX_BATCH];
   int32_t next_id;               /* gl_PrimitiveIDIn of the next primitive */
   float (*out)[4];               /* size * max_vertices * num_outputs slots */
   uint8_t *strip_start;          /* size * max_vertices */
   unsigned emitted[DRAW_GS_MAX_BATCH];
   float *records;                /* one primitive's emitted vertices as records */
   struct draw_gs_env env;
   bool pipeline;                 /* rasterize (no rasterizer_discard, a position) */
   bool failed;                   /* a runaway shader: the rest is dropped */
};

/* One point, line or triangle of an emitted strip. */
static void
strip_prim_cb(struct draw_context *draw, enum pipe_prim_type base,
              const struct draw_assembled_prim *prim, void *data)
{
   const struct gs_batch *b = data;
   const struct draw_vertex *v[3];

   draw->stats.prims_generated++;
   if (draw->so_enabled && prim->num <= 3) {
      for (unsigned i = 0; i < prim->num; i++)
         v[i] = draw_vertex_at(b->records, draw->stride, prim->idx[i]);
      draw_so_emit(draw, v, prim->num);
   }
   if (b->pipeline) {
      /* records of their own: no prepared masks, every stage copies */
      struct draw_shaded shaded = { .verts = b->records };
      draw_pipeline_prim(draw, base, prim, &shaded);
   }
}

/* Primitive p's emitted vertices as records, its strips cut up. */
static void
emit_strips(struct gs_batch *b, unsigned p)
{
   struct draw_context *draw = b->draw;
   const struct draw_geometry_shader *gs = b->gs;
   const unsigned no = gs->num_outputs, max = gs->max_vertices, n = b->emitted[p];
   const uint8_t *starts = b->strip_start + (size_t)p * max;

   draw->prim_id = b->prim_ids[p];
   for (unsigned k = 0; k < n; k++) {
      struct draw_vertex *v = draw_vertex_at(b->records, draw->stride, k);
      memcpy(v->attr, b->out[((size_t)p * max + k) * no], sizeof(float[4]) * no);
      draw_vs_finish_vertex(draw, v);
   }
   /* a strip runs from a vertex that starts one to the next such vertex;
    * strips too short for the type give nothing */
   for (unsigned k0 = 0, k = 1; k <= n; k++) {
      if (k < n && !starts[k])
         continue;
      draw_assemble(draw, gs->output_prim, k0, k - k0, NULL, NULL, draw->rast.flatshade_first,
                    DRAW_SPLIT_NONE, strip_prim_cb, b);
      k0 = k;
   }
}

/* Runs the collected primitives and draws what they emitted. */
static void
flush_batch(struct gs_batch *b)
{
   struct draw_context *draw = b->draw;
   unsigned count = b->count;

   b->count = 0;
   if (!count || b->failed)
      return;
   b->env.primitive_ids = b->prim_ids;
   if (!b->gs->run(b->gs, &b->env, count, (const float (*)[4])b->inputs, b->out,
                   b->strip_start, b->emitted)) {
      b->failed = true;
      return;
   }
   draw->stats.gs_invocations += count;
   for (unsigned p = 0; p < count; p++)
      emit_strips(b, p);
}

/* One input primitive: its vertices' inputs gathered from the VS outputs. */
static void
input_prim_cb(struct draw_context *draw, const unsigned *idx, void *data)
{
   struct gs_batch *b = data;
   const struct draw_geometry_shader *gs = b->gs;
   const unsigned ni = gs->num_inputs, vin = gs->vertices_in;

   if (b->failed)
      return;
   float (*in)[4] = b->inputs + (size_t)b->count * vin * ni;
   for (unsigned v = 0; v < vin; v++) {
      for (unsigned s = 0; s < ni; s++) {
         int o = draw->gs_input_map[s];
         if (o >= 0)
            memcpy(in[v * ni + s], b->vs_out[(size_t)idx[v] * b->vs_no + (unsigned)o],
                   sizeof(float[4]));
         else
            memset(in[v * ni + s], 0, sizeof(float[4]));
      }
   }
   /* restart does not reset the counter (GL: gl_PrimitiveIDIn counts the
    * primitives of the draw) */
   b->prim_ids[b->count++] = b->next_id++;
   if (b->count == b->size)
      flush_batch(b);
}

void
draw_gs_range(struct draw_context *draw, const struct pipe_draw_info *info, unsigned n,
              const int32_t *vertex_index, const int32_t *vertex_ids,
              const struct draw_run *runs, unsigned num_runs, unsigned instance)
{
   const struct draw_geometry_shader *gs = draw->gs;
   const unsigned vs_no = draw->vs->num_outputs;
   const unsigned ni = gs->num_inputs, no = gs->num_outputs;
   const unsigned vin = gs->vertices_in, max = gs->max_vertices;

   if (!gs->run || !vin || vin > 6 || !max || ni > DRAW_MAX_VS_SLOTS || (ni && !gs->inputs) ||
       no != draw->num_attribs - 1 || vs_no > DRAW_MAX_VS_SLOTS)
      return;
   if (gs->output_prim != PIPE_PRIM_POINTS && gs->output_prim != PIPE_PRIM_LINE_STRIP &&
       gs->output_prim != PIPE_PRIM_TRIANGLE_STRIP)
      return;

   float (*vs_out)[4] = draw_buffer(draw, DRAW_BUF_GS_VS_OUT,
                                    sizeof(float[4]) * ((size_t)n * vs_no + 1));
   if (!vs_out || !draw_vs_run_plain(draw, n, vertex_index, vertex_ids, instance,
                                     info->start_instance, vs_out))
      return;

   struct gs_batch b;
   memset(&b, 0, sizeof(b));
   b.draw = draw;
   b.gs = gs;
   b.vs_out = (const float (*)[4])vs_out;
   b.vs_no = vs_no;
   size_t per_prim = (size_t)max * (sizeof(float[4]) * no + 1);
   b.size = (unsigned)(DRAW_GS_BATCH_BYTES / per_prim);
   b.size = b.size < 1 ? 1 : b.size > DRAW_GS_MAX_BATCH ? DRAW_GS_MAX_BATCH : b.size;
   b.inputs = draw_buffer(draw, DRAW_BUF_GS_IN, sizeof(float[4]) * ((size_t)b.size * vin * ni + 1));
   b.out = draw_buffer(draw, DRAW_BUF_GS_OUT, sizeof(float[4]) * ((size_t)b.size * max * no + 1));
   b.strip_start = draw_buffer(draw, DRAW_BUF_GS_STRIPS, (size_t)b.size * max);
   b.records = draw_buffer(draw, DRAW_BUF_GS_VERTS, sizeof(float) * draw->stride * (size_t)max);
   if (!b.inputs || !b.out || !b.strip_start || !b.records)
      return;
   memcpy(b.env.cbufs, draw->gs_cbufs, sizeof(b.env.cbufs));
   b.env.sampler = draw->gs_sampler;
   b.pipeline = !draw->rast.rasterizer_discard && draw->pos_slot >= 0 && draw->raster;

   for (unsigned r = 0; r < num_runs && !b.failed; r++)
      draw_assemble_gs(draw, info->mode, vin, runs[r].first, runs[r].count,
                       draw->rast.flatshade_first, input_prim_cb, &b);
   flush_batch(&b);
}
