/*
 * draw: primitive assembly.  Cuts a run of shaded vertices into the
 * primitives of a GL primitive type, with GL's vertex order and provoking
 * vertex (ARB_provoking_vertex's table, quads following the convention).
 *
 * Triangle strips keep a consistent winding by reordering odd triangles
 * the way GL orders them for transform feedback: (i, i+2, i+1) when the
 * first vertex provokes, (i+1, i, i+2) when the last does.  Fans and
 * quads split into triangles for stream output turn each triangle to have
 * the provoking vertex first or last likewise (emit_split_tri).  Adjacency types drop their adjacent vertices.
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
   bool split_polygons;         /* triangles for quads and polygons */
   bool capture;                /* DRAW_SPLIT_CAPTURE: emit_split_tri turns them */
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

/* A triangle split out of a fan or quad for stream output: turned, its
 * winding kept, so that the provoking vertex, when
 * it is one of its vertices, is where the convention looks (first or
 * last): the captured triangles drawn flat shaded get the colours the
 * primitive had. */
static void
emit_split_tri(struct assembler *a, unsigned i0, unsigned i1, unsigned i2, unsigned provoking,
               bool first)
{
   if (!a->capture)
      emit_tri(a, i0, i1, i2, provoking);
   else if ((first && i1 == provoking) || (!first && i0 == provoking))
      emit_tri(a, i1, i2, i0, provoking);
   else if ((first && i2 == provoking) || (!first && i1 == provoking))
      emit_tri(a, i2, i0, i1, provoking);
   else
      emit_tri(a, i0, i1, i2, provoking);
}

/* A quad v0 v1 v2 v3 in polygon order (split along v0-v2, as the pipeline
 * fills it). */
static void
emit_quad(struct assembler *a, unsigned v0, unsigned v1, unsigned v2, unsigned v3,
          unsigned provoking, bool first)
{
   if (a->split_polygons) {
      emit_split_tri(a, v0, v1, v2, provoking, first);
      emit_split_tri(a, v0, v2, v3, provoking, first);
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
              bool flatshade_first, enum draw_split split, draw_prim_cb cb, void *data)
{
   struct assembler a = {
      .draw = draw, .cb = cb, .data = data, .edge_flags = edge_flags, .remap = remap,
      .use_edge_flags = mode == PIPE_PRIM_TRIANGLES || mode == PIPE_PRIM_QUADS ||
                        mode == PIPE_PRIM_POLYGON,
      .split_polygons = split != DRAW_SPLIT_NONE,
      .capture = split == DRAW_SPLIT_CAPTURE,
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
      /* (stream output: (i+1, i+2, 0) when the first vertex provokes,
       * emit_split_tri) */
      for (unsigned i = 0; i + 2 < count; i++) {
         if (a.capture)
            emit_split_tri(&a, f, f + i + 1, f + i + 2, pf ? f + i + 1 : f + i + 2, pf);
         else
            emit_tri(&a, f, f + i + 1, f + i + 2, pf ? f + i + 1 : f + i + 2);
      }
      break;
   case PIPE_PRIM_QUADS:
      for (unsigned i = 0; i + 3 < count; i += 4)
         emit_quad(&a, f + i, f + i + 1, f + i + 2, f + i + 3, pf ? f + i : f + i + 3, pf);
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (unsigned i = 0; i + 3 < count; i += 2)
         emit_quad(&a, f + i, f + i + 1, f + i + 3, f + i + 2, pf ? f + i : f + i + 3, pf);
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

/* ------------------------------------------------------------------ */
/* A geometry shader's input primitives                                */
/* ------------------------------------------------------------------ */

struct gs_assembler {
   draw_gs_prim_cb cb;
   void *data;
};

/* Points, lines and triangles come from draw_assemble: the same vertex
 * order (strips keep their winding: odd triangles reordered by the
 * provoking-vertex convention) with or without a geometry shader. */
static void
gs_plain_cb(struct draw_context *draw, enum pipe_prim_type base,
            const struct draw_assembled_prim *prim, void *data)
{
   struct gs_assembler *g = data;
   (void)base;
   g->cb(draw, prim->idx, g->data);
}

/* Does the draw's mode give primitives of vertices_in vertices? */
static bool
gs_mode_fits(enum pipe_prim_type mode, unsigned vertices_in)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      return vertices_in == 1;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      return vertices_in == 2;
   case PIPE_PRIM_LINES_ADJACENCY:
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      return vertices_in == 4;
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
      return vertices_in == 3;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      return vertices_in == 6;
   default:
      return false;   /* quads and polygons: no geometry shader input takes them */
   }
}

/*
 * Triangle i of n of a strip with adjacency, in the geometry shader's
 * order (triangle vertex 0, the vertex adjacent to edge 0-1, triangle
 * vertex 1, adjacent to 1-2, triangle vertex 2, adjacent to 2-0), by the
 * table of triangle strips with adjacency of GL 4.5 (section 10.1.12;
 * Vulkan's is the same): odd triangles swap their first two vertices so
 * that every triangle keeps the strip's winding, whatever the
 * provoking-vertex convention.
 */
static void
tri_strip_adj(unsigned f, unsigned i, unsigned n, unsigned idx[6])
{
   unsigned t[3], adj[3];
   if (n == 1) {
      t[0] = 0, t[1] = 2, t[2] = 4;
      adj[0] = 1, adj[1] = 5, adj[2] = 3;
   } else if (i == 0) {
      t[0] = 0, t[1] = 2, t[2] = 4;
      adj[0] = 1, adj[1] = 6, adj[2] = 3;
   } else {
      bool odd = i & 1, last = i == n - 1;
      t[0] = odd ? 2 * i + 2 : 2 * i;
      t[1] = odd ? 2 * i : 2 * i + 2;
      t[2] = 2 * i + 4;
      adj[0] = 2 * i - 2;
      /* across the edge shared with the next triangle: its new vertex
       * (2i + 6); after the last triangle the strip's final vertex */
      unsigned next = last ? 2 * i + 5 : 2 * i + 6;
      adj[1] = odd ? 2 * i + 3 : next;
      adj[2] = odd ? next : 2 * i + 3;
   }
   for (unsigned k = 0; k < 3; k++) {
      idx[2 * k] = f + t[k];
      idx[2 * k + 1] = f + adj[k];
   }
}

void
draw_assemble_gs(struct draw_context *draw, enum pipe_prim_type mode, unsigned vertices_in,
                 unsigned first, unsigned count, bool flatshade_first, draw_gs_prim_cb cb,
                 void *data)
{
   const unsigned f = first;
   unsigned idx[6];

   if (!gs_mode_fits(mode, vertices_in))
      return;
   switch (mode) {
   case PIPE_PRIM_LINES_ADJACENCY:
      for (unsigned i = 0; i + 3 < count; i += 4) {
         for (unsigned k = 0; k < 4; k++)
            idx[k] = f + i + k;
         cb(draw, idx, data);
      }
      break;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      for (unsigned i = 0; i + 3 < count; i++) {
         for (unsigned k = 0; k < 4; k++)
            idx[k] = f + i + k;
         cb(draw, idx, data);
      }
      break;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      for (unsigned i = 0; i + 5 < count; i += 6) {
         for (unsigned k = 0; k < 6; k++)
            idx[k] = f + i + k;
         cb(draw, idx, data);
      }
      break;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY: {
      /* 2 (n + 2) + k vertices, k 0 or 1, make n triangles */
      unsigned n = count >= 6 ? (count - 4) / 2 : 0;
      for (unsigned i = 0; i < n; i++) {
         tri_strip_adj(f, i, n, idx);
         cb(draw, idx, data);
      }
      break;
   }
   default: {
      struct gs_assembler g = { cb, data };
      draw_assemble(draw, mode, first, count, NULL, NULL, flatshade_first, DRAW_SPLIT_TRIANGLES, gs_plain_cb,
                    &g);
      break;
   }
   }
}
