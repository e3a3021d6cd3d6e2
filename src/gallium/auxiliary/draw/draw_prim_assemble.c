/*
 * draw: primitive assembly.  Cuts a run of shaded vertices into the
 * primitives of a GL primitive type, with GL's vertex order and provoking
 * vertex (ARB_provoking_vertex's table, quads following the convention).
 *
 * Triangle strips keep a consistent winding by reordering odd triangles
 * the way GL orders them for transform feedback: (i, i+2, i+1) when the
 * first vertex provokes, (i+1, i, i+2) when the last does.  Adjacency
 * types drop their adjacent vertices.
 */
#include <stdlib.h>
#include <string.h>

#include "draw_private.h"

struct assembler {
   struct draw_context *draw;
   draw_prim_cb cb;
   void *data;
   const uint8_t *edge_flags;   /* per position, may be NULL */
   const unsigned *remap;       /* position -> shaded vertex (NULL: the same) */
   bool use_edge_flags;         /* TRIANGLES, QUADS, POLYGON */
   bool split_polygons;
};

static const uint8_t all_edges[4] = { 1, 1, 1, 1 };

static void
emit(struct assembler *a, enum pipe_prim_type base, const unsigned *idx, unsigned num,
     unsigned provoking, bool reset)
{
   struct draw_assembled_prim p;
   uint8_t edges[4];
   unsigned mapped[4];

   p.num = num;
   p.idx = idx;
   p.provoking = provoking;
   p.reset_stipple = reset;
   p.edge = all_edges;
   if (a->use_edge_flags && a->edge_flags && num <= 4) {
      for (unsigned i = 0; i < num; i++)
         edges[i] = a->edge_flags[idx[i]] != 0;
      p.edge = edges;
   }
   if (a->remap && num <= 4) {
      for (unsigned i = 0; i < num; i++)
         mapped[i] = a->remap[idx[i]];
      p.idx = mapped;
      p.provoking = a->remap[provoking];
   }
   a->cb(a->draw, base, &p, a->data);
}

static void
emit_tri(struct assembler *a, unsigned i0, unsigned i1, unsigned i2, unsigned provoking)
{
   unsigned idx[3] = { i0, i1, i2 };
   emit(a, PIPE_PRIM_TRIANGLES, idx, 3, provoking, false);
}

static void
emit_line(struct assembler *a, unsigned i0, unsigned i1, unsigned provoking, bool reset)
{
   unsigned idx[2] = { i0, i1 };
   emit(a, PIPE_PRIM_LINES, idx, 2, provoking, reset);
}

/* A quad v0 v1 v2 v3 in polygon order. */
static void
emit_quad(struct assembler *a, unsigned v0, unsigned v1, unsigned v2, unsigned v3,
          unsigned provoking)
{
   if (a->split_polygons) {
      emit_tri(a, v0, v1, v2, provoking);
      emit_tri(a, v0, v2, v3, provoking);
   } else {
      unsigned idx[4] = { v0, v1, v2, v3 };
      emit(a, PIPE_PRIM_POLYGON, idx, 4, provoking, false);
   }
}

static void
emit_polygon(struct assembler *a, unsigned first, unsigned count)
{
   struct draw_context *draw = a->draw;

   if (count < 3)
      return;
   if (a->split_polygons) {
      for (unsigned i = 1; i + 1 < count; i++)
         emit_tri(a, first, first + i, first + i + 1, first);
      return;
   }
   if (count > draw->scratch_idx_capacity) {
      unsigned *idx = realloc(draw->scratch_idx, sizeof(unsigned) * count);
      if (idx)
         draw->scratch_idx = idx;
      uint8_t *edge = realloc(draw->scratch_edge, count);
      if (edge)
         draw->scratch_edge = edge;
      if (!idx || !edge)
         return;
      draw->scratch_idx_capacity = count;
   }
   for (unsigned i = 0; i < count; i++) {
      draw->scratch_idx[i] = a->remap ? a->remap[first + i] : first + i;
      draw->scratch_edge[i] = a->edge_flags ? a->edge_flags[first + i] != 0 : 1;
   }
   struct draw_assembled_prim p;
   p.num = count;
   p.idx = draw->scratch_idx;
   p.provoking = a->remap ? a->remap[first] : first;
   p.reset_stipple = false;
   p.edge = draw->scratch_edge;
   a->cb(draw, PIPE_PRIM_POLYGON, &p, a->data);
}

void
draw_assemble(struct draw_context *draw, enum pipe_prim_type mode, unsigned first,
              unsigned count, const uint8_t *edge_flags, const unsigned *remap,
              bool flatshade_first, bool split_polygons, draw_prim_cb cb, void *data)
{
   struct assembler a = {
      .draw = draw, .cb = cb, .data = data, .edge_flags = edge_flags, .remap = remap,
      .use_edge_flags = mode == PIPE_PRIM_TRIANGLES || mode == PIPE_PRIM_QUADS ||
                        mode == PIPE_PRIM_POLYGON,
      .split_polygons = split_polygons,
   };
   const unsigned f = first;
   const bool pf = flatshade_first;

   switch (mode) {
   case PIPE_PRIM_POINTS:
      for (unsigned i = 0; i < count; i++) {
         unsigned idx = f + i;
         emit(&a, PIPE_PRIM_POINTS, &idx, 1, idx, false);
      }
      break;
   case PIPE_PRIM_LINES:
      for (unsigned i = 0; i + 1 < count; i += 2)
         emit_line(&a, f + i, f + i + 1, pf ? f + i : f + i + 1, true);
      break;
   case PIPE_PRIM_LINE_STRIP:
      for (unsigned i = 0; i + 1 < count; i++)
         emit_line(&a, f + i, f + i + 1, pf ? f + i : f + i + 1, i == 0);
      break;
   case PIPE_PRIM_LINE_LOOP:
      if (count < 2)
         break;
      for (unsigned i = 0; i + 1 < count; i++)
         emit_line(&a, f + i, f + i + 1, pf ? f + i : f + i + 1, i == 0);
      emit_line(&a, f + count - 1, f, pf ? f + count - 1 : f, false);
      break;
   case PIPE_PRIM_TRIANGLES:
      for (unsigned i = 0; i + 2 < count; i += 3)
         emit_tri(&a, f + i, f + i + 1, f + i + 2, pf ? f + i : f + i + 2);
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      for (unsigned i = 0; i + 2 < count; i++) {
         unsigned prov = pf ? f + i : f + i + 2;
         if (!(i & 1))
            emit_tri(&a, f + i, f + i + 1, f + i + 2, prov);
         else if (pf)
            emit_tri(&a, f + i, f + i + 2, f + i + 1, prov);
         else
            emit_tri(&a, f + i + 1, f + i, f + i + 2, prov);
      }
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      for (unsigned i = 0; i + 2 < count; i++)
         emit_tri(&a, f, f + i + 1, f + i + 2, pf ? f + i + 1 : f + i + 2);
      break;
   case PIPE_PRIM_QUADS:
      for (unsigned i = 0; i + 3 < count; i += 4)
         emit_quad(&a, f + i, f + i + 1, f + i + 2, f + i + 3, pf ? f + i : f + i + 3);
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (unsigned i = 0; i + 3 < count; i += 2)
         emit_quad(&a, f + i, f + i + 1, f + i + 3, f + i + 2, pf ? f + i : f + i + 3);
      break;
   case PIPE_PRIM_POLYGON:
      emit_polygon(&a, f, count);
      break;
   case PIPE_PRIM_LINES_ADJACENCY:
      for (unsigned i = 0; i + 3 < count; i += 4)
         emit_line(&a, f + i + 1, f + i + 2, pf ? f + i + 1 : f + i + 2, true);
      break;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      for (unsigned i = 0; i + 3 < count; i++)
         emit_line(&a, f + i + 1, f + i + 2, pf ? f + i + 1 : f + i + 2, i == 0);
      break;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      for (unsigned i = 0; i + 5 < count; i += 6)
         emit_tri(&a, f + i, f + i + 2, f + i + 4, pf ? f + i : f + i + 4);
      break;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      for (unsigned k = 0; 2 * k + 5 < count; k++) {
         unsigned v0 = f + 2 * k, v1 = f + 2 * k + 2, v2 = f + 2 * k + 4;
         unsigned prov = pf ? v0 : v2;
         if (!(k & 1))
            emit_tri(&a, v0, v1, v2, prov);
         else if (pf)
            emit_tri(&a, v0, v2, v1, prov);
         else
            emit_tri(&a, v1, v0, v2, prov);
      }
      break;
   default:
      break;
   }
}
