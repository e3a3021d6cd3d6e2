/*
 * draw: the draw call.  For each range and instance: read the indices
 * (cutting runs at the restart index), shade every element, capture
 * stream output and count primitives, then send each primitive through
 * the pipeline unless rasterizer_discard is set.
 *
 * An indexed draw whose elements span fewer index values than it has
 * elements shades each value once (reuse_plan); otherwise every element
 * is shaded once per occurrence.  The results are the same: shading is a
 * function of the index, and the pipeline never modifies a shaded vertex.
 */
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

static bool
read_index(const struct draw_context *draw, const struct pipe_draw_info *info,
           uint64_t i, uint32_t *out)
{
   const uint8_t *base;
   unsigned size = info->index_size;
   uint64_t off = i * size;

   if (info->has_user_indices) {
      base = info->index.user;
      if (!base)
         return false;
   } else {
      base = draw->index_data;
      if (!base || off > draw->index_size || draw->index_size - off < size)
         return false;
   }
   switch (size) {
   case 1:
      *out = base[off];
      return true;
   case 2: {
      uint16_t v;
      memcpy(&v, base + off, 2);
      *out = v;
      return true;
   }
   case 4:
      memcpy(out, base + off, 4);
      return true;
   default:
      return false;
   }
}

static int32_t
clamp_index(int64_t v)
{
   /* out-of-range indices fetch nothing (negative) */
   if (v < 0 || v > INT32_MAX)
      return -1;
   return (int32_t)v;
}

struct so_count {
   float *verts;
};

static void
so_cb(struct draw_context *draw, enum pipe_prim_type base,
      const struct draw_assembled_prim *prim, void *data)
{
   struct so_count *sc = data;
   const struct draw_vertex *v[3];
   (void)base;

   draw->stats.prims_generated++;
   if (!draw->so_enabled || prim->num > 3)
      return;
   for (unsigned i = 0; i < prim->num; i++)
      v[i] = draw_vertex_at(sc->verts, draw->stride, prim->idx[i]);
   draw_so_emit(draw, v, prim->num);
}

static void
pipeline_cb(struct draw_context *draw, enum pipe_prim_type base,
            const struct draw_assembled_prim *prim, void *data)
{
   draw_pipeline_prim(draw, base, prim, data);
   draw->prim_id++;
}

/*
 * GL_TRIANGLES of prepared vertices without edge flags: draw_assemble's
 * triangles (the same vertex order and provoking vertex), those wholly
 * outside a plane or culled dropped here without a call per triangle;
 * the rest go through the pipeline as assembly would send them, each
 * with its number in the draw (draw->prim_id), the dropped ones counted.
 */
static inline __attribute__((always_inline)) void
triangle_list(struct draw_context *draw, unsigned f, unsigned count, const unsigned *remap,
              bool provoking_first, const struct draw_shaded *shaded)
{
   static const uint8_t all_edges[3] = { 1, 1, 1 };
   const int32_t first_id = draw->prim_id;
   /* consecutive vertices in SoA blocks with depth clipping (window
    * coordinates finite inside every plane): draw_pipeline_keeps_triangle's
    * test for a block of triangles at a time in a loop without calls,
    * the area as shaded_area computes it, then the kept ones drawn */
   if (!remap && shaded->soa && draw->rast.depth_clip_near && draw->rast.depth_clip_far) {
      const unsigned *m = shaded->masks;
      const float *win = shaded->win;
      unsigned sh = shaded->soa_shift, lanes = shaded->soa_width - 1;
      unsigned ntri = count / 3;
      enum { BLOCK = 256 };
      uint8_t keep[BLOCK];
      for (unsigned t0 = 0; t0 < ntri; t0 += BLOCK) {
         unsigned nt = ntri - t0 < BLOCK ? ntri - t0 : BLOCK;
         unsigned t = 0;
         if (sh == 4 && !(f & 15)) {
            /* 16 triangles are 48 vertices, three whole SoA blocks:
             * their x, y and masks de-interleaved, tested as vectors */
            for (; t + 16 <= nt; t += 16) {
               unsigned v0 = f + 3 * (t0 + t);
               const draw_v16f_u *b = (const draw_v16f_u *)(win + ((size_t)(v0 >> 4) << 6));
               const draw_v16f_u *mb = (const draw_v16f_u *)(const void *)(m + v0);
               draw_v16f x[3], y[3], mf[3];
               draw_deinterleave3(&b[0], &b[4], &b[8], x);
               draw_deinterleave3(&b[1], &b[5], &b[9], y);
               draw_deinterleave3(&mb[0], &mb[1], &mb[2], mf);
               draw_v16i m0 = (draw_v16i)mf[0], m1 = (draw_v16i)mf[1], m2 = (draw_v16i)mf[2];
               draw_v16f ex = x[0] - x[2], ey = y[0] - y[2];
               draw_v16f fx = x[1] - x[2], fy = y[1] - y[2];
               draw_v16f area = 0.0f + (ex * fy - fx * ey);
               draw_v16i kept;
               draw_cull_face_v16(draw, &area, &kept);
               draw_v16i k = ((m0 & m1 & m2) == 0) & (((m0 | m1 | m2) != 0) | kept);
               for (unsigned l = 0; l < 16; l++)
                  keep[t + l] = (uint8_t)(k[l] & 1);
            }
         }
         for (; t < nt; t++) {
            unsigned v0 = f + 3 * (t0 + t), v1 = v0 + 1, v2 = v0 + 2;
            unsigned m0 = m[v0], m1 = m[v1], m2 = m[v2];
            size_t r0 = (((size_t)(v0 >> sh) * 4) << sh) + (v0 & lanes);
            size_t r1 = (((size_t)(v1 >> sh) * 4) << sh) + (v1 & lanes);
            size_t r2 = (((size_t)(v2 >> sh) * 4) << sh) + (v2 & lanes);
            size_t ys = (size_t)1 << sh;
            float ex = win[r0] - win[r2], ey = win[r0 + ys] - win[r2 + ys];
            float fx = win[r1] - win[r2], fy = win[r1 + ys] - win[r2 + ys];
            float area = 0.0f + (ex * fy - fx * ey);
            bool front;
            bool kept = draw_cull_face(draw, area, &front);
            keep[t] = !(m0 & m1 & m2) && ((m0 | m1 | m2) || kept);
         }
         for (t = 0; t < nt; t++) {
            if (!keep[t])
               continue;
            unsigned v0 = f + 3 * (t0 + t);
            unsigned idx[3] = { v0, v0 + 1, v0 + 2 };
            struct draw_assembled_prim p = {
               .num = 3, .idx = idx, .provoking = provoking_first ? idx[0] : idx[2],
               .edge = all_edges, .reset_stipple = false,
            };
            draw->prim_id = first_id + (int32_t)(t0 + t);
            draw_pipeline_prim(draw, PIPE_PRIM_TRIANGLES, &p, shaded);
         }
      }
      draw->prim_id = first_id + (int32_t)ntri;
      return;
   }
   for (unsigned i = 0; i + 2 < count; i += 3) {
      unsigned idx[3];
      for (unsigned k = 0; k < 3; k++)
         idx[k] = remap ? remap[f + i + k] : f + i + k;
      draw->prim_id = first_id + (int32_t)(i / 3);
      if (!draw_pipeline_keeps_triangle(draw, shaded, idx))
         continue;
      struct draw_assembled_prim p = {
         .num = 3, .idx = idx, .provoking = provoking_first ? idx[0] : idx[2],
         .edge = all_edges, .reset_stipple = false,
      };
      draw_pipeline_prim(draw, PIPE_PRIM_TRIANGLES, &p, shaded);
   }
   draw->prim_id = first_id + (int32_t)(count / 3);
}

/*
 * Vertex reuse: when the n elements of an indexed draw are all valid and
 * span fewer than n index values, each value of the span is shaded once
 * and remap[i] gives element i's shaded vertex (a draw of a million
 * copies of one index shades one vertex).  Returns the number of vertices
 * to shade, and their indices in *shade (allocated); 0 when every element
 * is shaded on its own (or on allocation failure, which is the same
 * result, slower).
 */
static unsigned
reuse_plan(const int32_t *index, unsigned n, unsigned **remap, int32_t **shade)
{
   int32_t lo = INT32_MAX, hi = -1;
   for (unsigned i = 0; i < n; i++) {
      if (index[i] < 0)
         return 0;   /* fetches nothing, but keeps its own gl_VertexID */
      if (index[i] < lo)
         lo = index[i];
      if (index[i] > hi)
         hi = index[i];
   }
   if (hi < lo || (uint64_t)(hi - lo) + 1 >= n)
      return 0;
   unsigned span = (unsigned)(hi - lo) + 1;
   *remap = malloc(sizeof(unsigned) * n);
   *shade = malloc(sizeof(int32_t) * span);
   if (!*remap || !*shade) {
      free(*remap);
      free(*shade);
      *remap = NULL;
      *shade = NULL;
      return 0;
   }
   for (unsigned i = 0; i < n; i++)
      (*remap)[i] = (unsigned)(index[i] - lo);
   for (unsigned k = 0; k < span; k++)
      (*shade)[k] = lo + (int32_t)k;
   return span;
}

/* Vertices per piece of a long non-indexed list of separate primitives
 * (a multiple of 1, 2, 3 and 4): 1536 vertex records of a few slots stay
 * in the L2 cache from the vertex shader to the rasterizer. */
#define DRAW_CHUNK 1536

static bool
chunkable(enum pipe_prim_type mode)
{
   return mode == PIPE_PRIM_POINTS || mode == PIPE_PRIM_LINES || mode == PIPE_PRIM_TRIANGLES ||
          mode == PIPE_PRIM_QUADS;
}

/* Primitive types assembled into polygons (draw_pipeline_prepare pays). */
static bool
polygonal(enum pipe_prim_type mode)
{
   switch (mode) {
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP:
   case PIPE_PRIM_POLYGON:
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      return true;
   default:
      return false;
   }
}

U_MULTIVERSION static void
draw_range(struct draw_context *draw, const struct pipe_draw_info *info,
           const struct pipe_draw_start_count_bias *d, unsigned instance)
{
   unsigned count = d->count;
   int32_t *index = NULL, *ids = NULL, *shade = NULL;
   unsigned *remap = NULL;
   struct draw_run *runs = NULL;
   uint8_t *edges = NULL;
   float *verts = NULL;
   unsigned n = 0, num_runs = 0;

   if (!count)
      return;
   if (!info->index_size && count > DRAW_CHUNK && chunkable(info->mode) && !draw->gs) {
      /* primitives that share no vertices: pieces whose shaded vertices
       * stay in the cache between the shader and the pipeline (not for a
       * geometry shader: gl_PrimitiveIDIn counts the whole draw's) */
      for (unsigned k = 0; k < count; k += DRAW_CHUNK) {
         struct pipe_draw_start_count_bias piece = *d;
         piece.start = d->start + k;
         piece.count = count - k < DRAW_CHUNK ? count - k : DRAW_CHUNK;
         draw_range(draw, info, &piece, instance);
      }
      return;
   }
   index = draw_buffer(draw, DRAW_BUF_INDEX, sizeof(int32_t) * count);
   ids = draw_buffer(draw, DRAW_BUF_IDS, sizeof(int32_t) * count);
   runs = draw_buffer(draw, DRAW_BUF_RUNS, sizeof(struct draw_run) * count);
   if (!index || !ids || !runs)
      goto out;

   if (info->index_size) {
      bool in_run = false;
      for (unsigned i = 0; i < count; i++) {
         uint32_t raw;
         if (!read_index(draw, info, (uint64_t)d->start + i, &raw))
            break;   /* past the end of the index buffer: stop */
         if (info->primitive_restart && raw == info->restart_index) {
            in_run = false;
            continue;
         }
         if (!in_run) {
            runs[num_runs].first = n;
            runs[num_runs].count = 0;
            num_runs++;
            in_run = true;
         }
         index[n] = clamp_index((int64_t)raw + d->index_bias);
         ids[n] = (int32_t)((int64_t)raw + d->index_bias + info->vertex_id_bias);
         runs[num_runs - 1].count++;
         n++;
      }
   } else {
      for (unsigned i = 0; i < count; i++) {
         index[i] = clamp_index((int64_t)d->start + i);
         ids[i] = (int32_t)((int64_t)d->start + i + info->vertex_id_bias);
      }
      n = count;
      runs[0].first = 0;
      runs[0].count = count;
      num_runs = 1;
   }
   if (!n)
      goto out;
   if (draw->gs) {
      draw_gs_range(draw, info, n, index, ids, runs, num_runs, instance);
      goto out;
   }

   /* valid indices are their own gl_VertexID (plus the bias): the shaded
    * span's ids, in the ids buffer (nshade < n) */
   unsigned nshade = info->index_size ? reuse_plan(index, n, &remap, &shade) : 0;
   for (unsigned k = 0; k < nshade; k++)
      ids[k] = (int32_t)((int64_t)shade[k] + info->vertex_id_bias);
   verts = draw_buffer(draw, DRAW_BUF_VERTS,
                       sizeof(float) * draw->stride * (size_t)(nshade ? nshade : n));
   if (!verts)
      goto out;
   /* polygons to rasterize: vertices prepared for the pipeline, their
    * records written on demand unless stream output reads them all */
   bool pipeline = !draw->rast.rasterizer_discard && draw->pos_slot >= 0 && draw->raster;
   struct draw_shaded shaded = { .verts = verts };
   if (pipeline && polygonal(info->mode) && draw_pipeline_can_prepare(draw))
      shaded.masks = draw_buffer(draw, DRAW_BUF_MASKS, sizeof(unsigned) * (nshade ? nshade : n));
   bool lazy = !draw->so_enabled;
   if (nshade ? !draw_vs_run(draw, nshade, shade, ids, instance, info->start_instance,
                             &shaded, lazy)
              : !draw_vs_run(draw, n, index, ids, instance, info->start_instance, &shaded, lazy))
      goto out;

   bool use_edges = draw->edgeflag_element >= 0 &&
                    (info->mode == PIPE_PRIM_TRIANGLES || info->mode == PIPE_PRIM_QUADS ||
                     info->mode == PIPE_PRIM_POLYGON);
   if (use_edges) {
      edges = draw_buffer(draw, DRAW_BUF_EDGES, n);
      if (!edges)
         goto out;
      for (unsigned i = 0; i < n; i++)
         edges[i] = draw_fetch_element_x(draw, (unsigned)draw->edgeflag_element, index[i],
                                         instance, info->start_instance) != 0.0f;
   }

   bool first = draw->rast.flatshade_first;
   struct so_count sc = { verts };
   for (unsigned r = 0; r < num_runs; r++) {
      if (!draw->so_enabled && info->mode == PIPE_PRIM_TRIANGLES)
         draw->stats.prims_generated += runs[r].count / 3;   /* what so_cb would count */
      else
         draw_assemble(draw, info->mode, runs[r].first, runs[r].count, edges, remap, first,
                       DRAW_SPLIT_CAPTURE, so_cb, &sc);
   }

   if (pipeline) {
      for (unsigned r = 0; r < num_runs; r++) {
         if (shaded.masks && !edges && info->mode == PIPE_PRIM_TRIANGLES)
            triangle_list(draw, runs[r].first, runs[r].count, remap, first, &shaded);
         else
            draw_assemble(draw, info->mode, runs[r].first, runs[r].count, edges, remap, first,
                          DRAW_SPLIT_NONE, pipeline_cb, &shaded);
      }
   }

out:
   /* index, ids, runs, edges and verts are the draw's buffers */
   free(shade);
   free(remap);
}

void
draw_vbo(struct draw_context *draw, const struct pipe_draw_info *info,
         const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   if (!draw || !info || !draws)
      return;
   /* the layout is current: every setter it depends on updates it */
   if (draw->vs && info->mode < PIPE_PRIM_MAX &&
       (info->index_size == 0 || info->index_size == 1 || info->index_size == 2 ||
        info->index_size == 4)) {
      for (unsigned d = 0; d < num_draws; d++) {
         for (unsigned inst = 0; inst < info->instance_count; inst++) {
            /* gl_PrimitiveID counts from 0 in each (the chunks of a long
             * range continue the count) */
            draw->prim_id = 0;
            draw_range(draw, info, &draws[d], inst);
         }
      }
   }
   draw_flush(draw);
   draw_buffers_trim(draw);
}
