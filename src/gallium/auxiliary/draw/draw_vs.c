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
static inline __attribute__((always_inline)) void
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

void
draw_vs_finish_vertex(const struct draw_context *draw, struct draw_vertex *v)
{
   finish_vertex(draw, v);
}

/* Record v from lane `lane` of a SoA block (bit patterns: integer outputs
 * and NaNs as written), with window coordinates win (NULL: 0). */
static inline void
write_record(const struct draw_context *draw, struct draw_vertex *v, const float *block,
             unsigned width, unsigned lane, unsigned no, const float *win)
{
   const uint32_t *words = (const uint32_t *)block + lane;
   uint32_t *dst = (uint32_t *)v->attr;
   for (unsigned w = 0; w < 4 * no; w++)
      dst[w] = words[w * width];
   uint32_t *clip = (uint32_t *)v->clip;
   for (unsigned c = 0; c < 4; c++)
      clip[c] = draw->pos_slot >= 0 ? words[((unsigned)draw->pos_slot * 4 + c) * width] : 0;
   for (unsigned c = 0; c < 4; c++)
      v->win[c] = win ? win[c] : 0.0f;
   v->attr[draw->pcoord_slot][0] = 0.0f;
   v->attr[draw->pcoord_slot][1] = 0.0f;
   v->attr[draw->pcoord_slot][2] = 0.0f;
   v->attr[draw->pcoord_slot][3] = 1.0f;
}

/* The four rows of a block's window coordinates, `width` (8 or 4) floats
 * each (16-lane rows are written in place): copies of constant size (a
 * memcpy of a variable one became a loop of 8-byte moves, a quarter of a
 * small draw's shader step) */
static inline __attribute__((always_inline)) void
copy_win_rows(float *dst, const float (*win)[DRAW_SOA_MAX_WIDTH], unsigned width)
{
   _Static_assert(DRAW_SOA_MAX_WIDTH == 16, "the widths are 4, 8 and 16");
   for (unsigned c = 0; c < 4; c++) {
      if (width == 8)
         memcpy(dst + c * 8, win[c], sizeof(float) * 8);
      else
         memcpy(dst + c * 4, win[c], sizeof(float) * 4);
   }
}

struct draw_vertex *
draw_shaded_vertex(const struct draw_context *draw, const struct draw_shaded *shaded, unsigned i)
{
   struct draw_vertex *v = draw_vertex_at(shaded->verts, draw->stride, i);
   if (shaded->soa && !shaded->ready[i]) {
      unsigned width = shaded->soa_width, no = draw->vs->num_outputs;
      const float *block = shaded->soa + (size_t)(i / width) * no * 4 * width;
      float w[4];
      for (unsigned c = 0; c < 4; c++)
         w[c] = draw_shaded_win(draw, shaded, i, c);
      write_record(draw, v, block, width, i % width, no, w);
      shaded->ready[i] = 1;
   }
   return v;
}

U_MULTIVERSION bool
draw_vs_run(struct draw_context *draw, unsigned n, const int32_t *vertex_index,
            const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
            struct draw_shaded *shaded, bool lazy)
{
   const struct draw_vertex_shader *vs = draw->vs;
   unsigned ni = vs->num_inputs, no = vs->num_outputs;
   float *verts = shaded->verts;
   unsigned *masks = shaded->masks;
   float (*inputs)[4] = NULL;
   float *soa_out = NULL;
   float *wins = NULL;
   bool ok = true;

   shaded->soa = NULL;
   if (no != draw->num_attribs - 1 || !vs->run || (ni && !vs->inputs) ||
       ni > DRAW_MAX_VS_SLOTS)
      return false;
   /* SoA widths divide DRAW_VS_BATCH */
   unsigned width = vs->soa_width;
   if (width != 4 && width != 8 && width != 16)
      width = 0;
   const unsigned planes = draw_clip_enabled_planes(draw);
   /* lazy records: prepared vertices of a SoA shader, its outputs kept for
    * the whole draw (user planes: the masks need the records) */
   lazy = lazy && width && no && masks && draw->pos_slot >= 0 &&
          !(planes & (((1u << PIPE_MAX_CLIP_PLANES) - 1) << DRAW_PLANE_USER0));
   if (ni) {
      inputs = draw_buffer(draw, DRAW_BUF_VS_INPUTS, sizeof(float[4]) * ni * DRAW_VS_BATCH);
      if (!inputs)
         return false;
   }
   if (lazy) {
      size_t blocks = (n + width - 1) / width;
      soa_out = draw_buffer(draw, DRAW_BUF_VS_OUTPUTS, sizeof(float[4]) * no * width * blocks);
      wins = draw_buffer(draw, DRAW_BUF_WIN, sizeof(float[4]) * width * blocks);
      uint8_t *ready = draw_buffer(draw, DRAW_BUF_READY, n);
      if (!soa_out || !wins || !ready)
         return false;
      memset(ready, 0, n);
      shaded->ready = ready;
      shaded->win = wins;
      shaded->soa_width = width;
      shaded->soa_shift = (unsigned)__builtin_ctz(width);
   } else if (width && no) {
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
         int32_t padded[DRAW_VS_BATCH], padded_ids[DRAW_VS_BATCH];
         const int32_t *idx = vertex_index + first, *ids = vertex_ids + first;
         unsigned lanes = (count + width - 1) / width * width;
         if (lanes != count) {
            /* a loop, not memcpy: a small draw's copy was a slow `rep movs` */
            for (unsigned i = 0; i < lanes; i++) {
               padded[i] = idx[i < count ? i : count - 1];
               padded_ids[i] = ids[i < count ? i : count - 1];
            }
            idx = padded;
            ids = padded_ids;
         }
         draw_fetch_vertices_soa(draw, lanes, idx, ids, instance, start_instance, width,
                                 (float *)inputs);
      } else if (ni) {
         draw_fetch_vertices(draw, count, vertex_index + first, vertex_ids + first, instance,
                             start_instance, inputs);
      }
      env.vertex_ids = vertex_ids + first;
      struct draw_vertex *v0 = draw_vertex_at(verts, draw->stride, first);
      /* this batch's SoA blocks: kept for the draw when lazy */
      float *batch_out = lazy ? soa_out + (size_t)first * no * 4 : soa_out;
      /* run() writes every output slot of every vertex (draw_context.h) */
      if (!vs->run(vs, &env, count, (const float (*)[4])inputs,
                   width ? (float (*)[4])batch_out : v0->attr, out_stride)) {
         ok = false;
         break;
      }
      draw->stats.vs_invocations += count;

      if (width) {
         /* finish_vertex's work on the blocks, then the records (now, or
          * on demand when lazy): no record is read back right after its
          * words were stored one by one (a vector load of them would
          * stall); the vertices are prepared on the blocks too */
         if (draw->rast.clamp_vertex_color)
            clamp_colors_soa(draw, batch_out, count, width, no);
         bool soa_prep = false;
         for (unsigned b = 0; b < count; b += width) {
            unsigned lanes = count - b < width ? count - b : width;
            const float *block = batch_out + (size_t)(b / width) * no * 4 * width;
            float win_rows[4][DRAW_SOA_MAX_WIDTH];
            /* the block's window coordinates: straight into the kept rows
             * when they have the same layout (lazy, the widest blocks) */
            float *dst = lazy ? wins + (size_t)((first + b) / width) * 4 * width : NULL;
            float (*win)[DRAW_SOA_MAX_WIDTH] =
               dst && width == DRAW_SOA_MAX_WIDTH ? (float (*)[DRAW_SOA_MAX_WIDTH])dst : win_rows;
            if (masks && draw->pos_slot >= 0) {
               const float *pos = block + (size_t)draw->pos_slot * 4 * width;
               soa_prep = draw_clip_masks_soa(draw, pos, width, lanes, planes, masks + first + b);
               if (soa_prep)
                  draw_viewport_transform_soa(draw, pos, width, lanes, win);
            }
            if (lazy) {
               /* the block's rows as they are (the lanes past count too) */
               if (win == win_rows)
                  copy_win_rows(dst, (const float (*)[DRAW_SOA_MAX_WIDTH])win, width);
               continue;
            }
            for (unsigned l = 0; l < lanes; l++) {
               float wl[4] = { win[0][l], win[1][l], win[2][l], win[3][l] };
               write_record(draw, draw_vertex_at(verts, draw->stride, first + b + l), block,
                            width, l, no, soa_prep ? wl : NULL);
            }
         }
         if (masks && !soa_prep)
            draw_pipeline_prepare(draw, (float *)v0, count, masks + first);
      } else {
         for (unsigned i = 0; i < count; i++)
            finish_vertex(draw, draw_vertex_at(verts, draw->stride, first + i));
         /* while the batch is in the cache */
         if (masks)
            draw_pipeline_prepare(draw, (float *)v0, count, masks + first);
      }
   }
   if (ok && lazy)
      shaded->soa = soa_out;
   return ok;
}

bool
draw_vs_run_plain(struct draw_context *draw, unsigned n, const int32_t *vertex_index,
                  const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
                  float (*out)[4])
{
   const struct draw_vertex_shader *vs = draw->vs;
   unsigned ni = vs->num_inputs, no = vs->num_outputs;
   float (*inputs)[4] = NULL;
   float *soa_out = NULL;

   if (!vs->run || (ni && !vs->inputs) || ni > DRAW_MAX_VS_SLOTS || no > DRAW_MAX_VS_SLOTS)
      return false;
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

   for (unsigned first = 0; first < n; first += DRAW_VS_BATCH) {
      unsigned count = n - first < DRAW_VS_BATCH ? n - first : DRAW_VS_BATCH;
      if (ni && width) {
         /* as draw_vs_run: the last block's lanes past count repeat the
          * last vertex */
         int32_t padded[DRAW_VS_BATCH], padded_ids[DRAW_VS_BATCH];
         const int32_t *idx = vertex_index + first, *ids = vertex_ids + first;
         unsigned lanes = (count + width - 1) / width * width;
         if (lanes != count) {
            for (unsigned i = 0; i < lanes; i++) {
               padded[i] = idx[i < count ? i : count - 1];
               padded_ids[i] = ids[i < count ? i : count - 1];
            }
            idx = padded;
            ids = padded_ids;
         }
         draw_fetch_vertices_soa(draw, lanes, idx, ids, instance, start_instance, width,
                                 (float *)inputs);
      } else if (ni) {
         draw_fetch_vertices(draw, count, vertex_index + first, vertex_ids + first, instance,
                             start_instance, inputs);
      }
      env.vertex_ids = vertex_ids + first;
      float (*dst)[4] = out + (size_t)first * no;
      if (!vs->run(vs, &env, count, (const float (*)[4])inputs,
                   width ? (float (*)[4])soa_out : dst, no))
         return false;
      draw->stats.vs_invocations += count;
      if (width) {
         /* the SoA words back to vertex-major slots, bits as they are */
         const uint32_t *words = (const uint32_t *)soa_out;
         for (unsigned i = 0; i < count; i++) {
            const uint32_t *block = words + (size_t)(i / width) * no * 4 * width + i % width;
            uint32_t *d = (uint32_t *)dst[(size_t)i * no];
            for (unsigned w = 0; w < 4 * no; w++)
               d[w] = block[w * width];
         }
      }
   }
   return true;
}
