/*
 * draw: what the module's files share.  Not for drivers (draw_context.h is
 * the interface); tests include it to reach single stages.
 */
#ifndef DRAW_PRIVATE_H
#define DRAW_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "draw_simd.h"
#include "draw_context.h"
#include "util/u_multiversion.h"

struct util_format_description;
struct draw_shaded;

/* Clip planes: 6 for the view volume, then the user planes, then a guard
 * plane (w >= 0) used when depth clipping is off. */
/* The vertex path's hot loops (fetch, clip masks, viewport, the vertex
 * batches, the triangle test) are also compiled for AVX2 and AVX-512
 * (U_MULTIVERSION, util/u_multiversion.h). */
#define DRAW_PLANE_LEFT     0
#define DRAW_PLANE_RIGHT    1
#define DRAW_PLANE_BOTTOM   2
#define DRAW_PLANE_TOP      3
#define DRAW_PLANE_NEAR     4
#define DRAW_PLANE_FAR      5
#define DRAW_PLANE_USER0    6
#define DRAW_PLANE_GUARD_W  (DRAW_PLANE_USER0 + PIPE_MAX_CLIP_PLANES)
#define DRAW_NUM_PLANES     (DRAW_PLANE_GUARD_W + 1)

/* Floats of the largest draw_vertex. */
#define DRAW_MAX_STRIDE     (8 + 4 * DRAW_MAX_ATTRIBS)

/* How one output slot is treated when vertices are made between others. */
enum draw_interp_kind {
   DRAW_INTERP_PERSPECTIVE = 0,   /* linear in clip space */
   DRAW_INTERP_LINEAR,            /* linear in window space (noperspective) */
   DRAW_INTERP_CONSTANT,          /* copied (flat, integer) */
};

/* Per-draw work arrays kept between draws (draw_buffer). */
enum draw_buffer_id {
   DRAW_BUF_INDEX,       /* draw_range: element indices */
   DRAW_BUF_IDS,         /* draw_range: gl_VertexID values */
   DRAW_BUF_RUNS,        /* draw_range: runs between restarts */
   DRAW_BUF_EDGES,       /* draw_range: edge flags */
   DRAW_BUF_VERTS,       /* draw_range: shaded vertices */
   DRAW_BUF_VS_INPUTS,   /* draw_vs_run: a batch's inputs */
   DRAW_BUF_VS_OUTPUTS,  /* draw_vs_run: a batch's SoA outputs */
   DRAW_BUF_MASKS,       /* draw_range: clip masks of the shaded vertices */
   DRAW_BUF_WIN,         /* draw_vs_run: window coordinates of lazy records */
   DRAW_BUF_READY,       /* draw_vs_run: which lazy records are written */
   DRAW_BUF_GS_VS_OUT,   /* draw_gs_range: the draw's VS outputs, vertex-major */
   DRAW_BUF_GS_IN,       /* draw_gs_range: a batch's GS inputs */
   DRAW_BUF_GS_OUT,      /* draw_gs_range: a batch's emitted vertices */
   DRAW_BUF_GS_STRIPS,   /* draw_gs_range: their strip starts */
   DRAW_BUF_GS_VERTS,    /* draw_gs_range: one primitive's records */
   DRAW_NUM_BUFFERS
};

/* Buffers larger than this are freed at the end of each draw_vbo. */
#define DRAW_BUFFER_KEEP_BYTES (64u << 20)

struct draw_vertex_buffer {
   struct pipe_vertex_buffer templ;
   const uint8_t *data;           /* NULL: reads 0 */
   size_t size;                   /* SIZE_MAX: unchecked (user memory) */
};

/* A run of elements between restarts: positions in the shaded array. */
struct draw_run {
   unsigned first, count;
};

/* A GL primitive handed from assembly to the pipeline: vertex numbers in
 * the shaded vertex array. */
struct draw_assembled_prim {
   unsigned num;                  /* 1, 2, 3 or more (quads, polygons) */
   const unsigned *idx;           /* num vertex numbers, in polygon order */
   unsigned provoking;            /* vertex number of the provoking vertex */
   const uint8_t *edge;           /* num entries: edge i -> (i + 1) % num is a boundary edge */
   bool reset_stipple;            /* lines: first segment of a strip/loop or independent */
};

struct draw_context {
   const struct draw_raster_iface *raster;
   void *raster_priv;

   struct pipe_rasterizer_state rast;
   struct pipe_viewport_state viewport;
   struct pipe_clip_state clip;

   struct draw_vertex_buffer vb[DRAW_MAX_VERTEX_BUFFERS];
   unsigned num_elements;
   struct pipe_vertex_element elements[DRAW_MAX_VERTEX_ELEMENTS];
   /* per element, resolved when the elements are set (draw_fetch.c):
    * its format's description and how it converts into a float input
    * ([1]) or an integer one ([0]) */
   const struct util_format_description *element_desc[DRAW_MAX_VERTEX_ELEMENTS];
   uint8_t element_kind[DRAW_MAX_VERTEX_ELEMENTS][2];
   int edgeflag_element;

   struct draw_vertex_shader *vs;
   struct draw_cbuf cbufs[PIPE_MAX_CONSTANT_BUFFERS];
   const struct irexec_sampler_iface *sampler;
   struct draw_geometry_shader *gs;
   struct draw_cbuf gs_cbufs[PIPE_MAX_CONSTANT_BUFFERS];
   const struct irexec_sampler_iface *gs_sampler;
   /* GS input slot s reads VS output slot gs_input_map[s] (-1: 0s) */
   int16_t gs_input_map[DRAW_MAX_VS_SLOTS];

   const uint8_t *index_data;
   size_t index_size;

   /* stream output */
   struct pipe_stream_output_info so_info;
   bool so_enabled;
   unsigned num_so_targets;
   struct draw_so_target so_targets[PIPE_MAX_SO_BUFFERS];

   struct draw_statistics stats;

   /* draw_prim::primitive_id of the primitive in the pipeline (draw_vbo
    * starts it at 0 for every range and instance) */
   int32_t prim_id;

   float mrd;
   bool float_depth;
   float min_point, max_point, min_line, max_line;
   int color_front[2], color_back[2];
   int sprite_coord_base;

   /* Derived from the VS, or the GS when one is bound (draw_update_layout) */
   unsigned num_attribs;          /* VS (GS) outputs + point coord */
   struct draw_vs_slot attrib_slots[DRAW_MAX_ATTRIBS];
   uint8_t interp[DRAW_MAX_ATTRIBS];        /* enum draw_interp_kind (flatshade applied) */
   bool any_flat;                           /* some interp[] is DRAW_INTERP_CONSTANT */
   int pos_slot;                  /* -1: none */
   int psize_slot;
   int pcoord_slot;               /* = num_attribs - 1 */
   unsigned num_clipdist;         /* clip distances written by the VS */
   uint8_t clipdist_slot[PIPE_MAX_CLIP_PLANES], clipdist_comp[PIPE_MAX_CLIP_PLANES];
   int front_color_slot[2], back_color_slot[2];
   int sprite_slot[8];            /* slot replaced by sprite coord bit i, -1 none */
   unsigned stride;               /* floats per draw_vertex */

   /* Fixed scratch for the last stages: point corners (0-3), line copies
    * (4-5), clipped line ends (6-7). */
   float emit_store[8][DRAW_MAX_STRIDE];

   /* Per-primitive scratch vertices (draw_scratch_vertices). */
   float *scratch;
   unsigned scratch_capacity;     /* in vertices */
   unsigned *scratch_idx;         /* polygon assembly: vertex numbers ... */
   uint8_t *scratch_edge;         /* ... and edge flags */
   unsigned scratch_idx_capacity;

   /* draw_buffer: contents undefined between calls */
   struct {
      void *ptr;
      size_t size;
   } buffers[DRAW_NUM_BUFFERS];
};

static inline struct draw_vertex *
draw_vertex_at(float *base, unsigned stride, unsigned i)
{
   return (struct draw_vertex *)(base + (size_t)stride * i);
}

static inline void
draw_vertex_copy(const struct draw_context *draw, struct draw_vertex *dst,
                 const struct draw_vertex *src)
{
   if (dst != src)
      __builtin_memcpy(dst, src, sizeof(float) * draw->stride);
}

/* draw_context.c */
void draw_update_layout(struct draw_context *draw);
/* At least n scratch vertices; NULL when out of memory.  The pointer is
 * valid until the next call. */
float *draw_scratch_vertices(struct draw_context *draw, unsigned n);

/* Buffer `id` of at least `bytes` bytes (contents undefined), kept for
 * the next draws; NULL when out of memory.  Valid until the next call with
 * the same id or draw_buffers_trim. */
void *draw_buffer(struct draw_context *draw, enum draw_buffer_id id, size_t bytes);
/* Frees the buffers above DRAW_BUFFER_KEEP_BYTES (end of a draw_vbo). */
void draw_buffers_trim(struct draw_context *draw);

/* draw_fetch.c */
/* element_desc / element_kind of the elements set (draw_set_vertex_elements). */
void draw_fetch_resolve_elements(struct draw_context *draw);
/* Converts one element of `desc` at `src` to 4 components for an input of
 * type `base` (see draw_set_vertex_elements).  src NULL: (0, 0, 0, 1). */
void draw_fetch_convert(const struct util_format_description *desc, const uint8_t *src,
                        enum ir_base_type base, float out[4]);
/* Fetches VS input slot values for n vertices: vertex i uses element index
 * vertex_index[i] (per-vertex elements) and instance `instance` (elements
 * with a divisor read start_instance + instance / divisor); its
 * gl_VertexID slot holds vertex_ids[i].  inputs: n * vs->num_inputs
 * slots. */
void draw_fetch_vertices(const struct draw_context *draw, unsigned n, const int32_t *vertex_index,
                         const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
                         float (*inputs)[4]);
/* The same in SoA blocks of `width` vertices (width 0: as above): word
 * ((i / width) * num_inputs * 4 + s * 4 + c) * width + i % width holds
 * component c of slot s of vertex i. */
void draw_fetch_vertices_soa(const struct draw_context *draw, unsigned n,
                             const int32_t *vertex_index, const int32_t *vertex_ids,
                             unsigned instance, unsigned start_instance, unsigned width,
                             float *inputs);
/* x component of element `element` for vertex `index` (edge flags). */
float draw_fetch_element_x(const struct draw_context *draw, unsigned element, int32_t index,
                           unsigned instance, unsigned start_instance);

/* draw_vs.c */
/* Runs the bound VS on n vertices, writing draw_vertex records (clip and
 * attr; win left 0) into shaded->verts; with shaded->masks (not NULL),
 * prepares them for the pipeline (draw_pipeline_prepare: masks[i] and
 * win), and with `lazy` a SoA shader's records are left to
 * draw_shaded_vertex (shaded->soa set).  false on failure. */
bool draw_vs_run(struct draw_context *draw, unsigned n, const int32_t *vertex_index,
                 const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
                 struct draw_shaded *shaded, bool lazy);

/* Runs the bound VS on n vertices into out, vertex i's slot s at
 * out[i * vs->num_outputs + s] (vertex-major whatever the shader's
 * soa_width): a geometry shader's inputs, no records.  false on failure. */
bool draw_vs_run_plain(struct draw_context *draw, unsigned n, const int32_t *vertex_index,
                       const int32_t *vertex_ids, unsigned instance, unsigned start_instance,
                       float (*out)[4]);
/* The colour clamp and what finish every record after its attr[] is
 * written (point coordinate, clip position, window 0). */
void draw_vs_finish_vertex(const struct draw_context *draw, struct draw_vertex *v);

/* draw_prim_assemble.c */
typedef void (*draw_prim_cb)(struct draw_context *draw, enum pipe_prim_type base,
                             const struct draw_assembled_prim *prim, void *data);
/* What draw_assemble makes of quads, quad strips and polygons (and in
 * what order it gives a fan's triangles). */
enum draw_split {
   DRAW_SPLIT_NONE = 0,        /* whole polygons (the pipeline fills them) */
   DRAW_SPLIT_TRIANGLES = 1,   /* triangles (geometry shader inputs) */
   /* triangles for stream output: each of a fan's or quad's turned to have
    * the provoking vertex where the convention looks (first or last), so
    * that drawing the captured triangles flat shaded gives the colours */
   DRAW_SPLIT_CAPTURE = 2,
};

/* Cuts positions first..first+count-1 by `mode`; position i is shaded
 * vertex remap[i] (remap NULL: vertex i).
 * Points, lines and triangles are delivered with base = POINTS, LINES,
 * TRIANGLES; quads, quad strips and polygons as whole polygons with base
 * = PIPE_PRIM_POLYGON with DRAW_SPLIT_NONE, else as triangles.
 * edge_flags: per position (NULL: all boundary); only used for
 * TRIANGLES, QUADS and POLYGON. */
void draw_assemble(struct draw_context *draw, enum pipe_prim_type mode, unsigned first,
                   unsigned count, const uint8_t *edge_flags, const unsigned *remap,
                   bool flatshade_first, enum draw_split split, draw_prim_cb cb, void *data);

/* The geometry shader's input primitives (vertices_in vertices each, in the
 * shader's order: docs/draw.md) of positions first..first+count-1 cut by
 * `mode`; cb gets their position numbers.  A mode the input type does not
 * take gives nothing. */
typedef void (*draw_gs_prim_cb)(struct draw_context *draw, const unsigned *idx, void *data);
void draw_assemble_gs(struct draw_context *draw, enum pipe_prim_type mode,
                      unsigned vertices_in, unsigned first, unsigned count,
                      bool flatshade_first, draw_gs_prim_cb cb, void *data);

/* draw_gs.c */
/* A draw range with the geometry shader bound: the n elements (indices
 * vertex_index, ids vertex_ids) of runs[0..num_runs-1] shaded, assembled
 * into the GS's input primitives, the GS run on them, its strips cut into
 * points, lines and triangles, counted, captured by stream output and,
 * unless rasterizer_discard, sent down the pipeline. */
void draw_gs_range(struct draw_context *draw, const struct pipe_draw_info *info, unsigned n,
                   const int32_t *vertex_index, const int32_t *vertex_ids,
                   const struct draw_run *runs, unsigned num_runs, unsigned instance);

/* draw_so.c */
/* Writes one primitive (1-3 vertices in GL's order) to the stream-output
 * targets if they have room; counts it. */
void draw_so_emit(struct draw_context *draw, const struct draw_vertex *const *verts,
                  unsigned n);

/* draw_pipeline.c: per-primitive post-VS work */
/* A draw's shaded vertices as the pipeline reads them. */
struct draw_shaded {
   float *verts;                  /* draw_vertex records */
   unsigned *masks;               /* NULL, or per vertex its clip mask (draw_pipeline_prepare) */
   /* Records written on demand (draw_vs_run with a SoA shader, prepared
    * vertices, no stream output): soa NULL when every record is written.
    * Else vertex i's outputs are in the SoA blocks at soa, its window
    * coordinates in win[i], and ready[i] tells whether its record has
    * been written (draw_shaded_vertex). */
   const float *soa;
   unsigned soa_width, soa_shift;   /* soa_width = 1 << soa_shift */
   float *win;                      /* SoA blocks as soa's: x, y, z, 1/w rows of soa_width */
   uint8_t *ready;
};

/* Vertex i's record, written first if it is not yet (draw_vs.c). */
struct draw_vertex *draw_shaded_vertex(const struct draw_context *draw,
                                       const struct draw_shaded *shaded, unsigned i);
/* Component c of vertex i's window coordinates (prepared vertices). */
static inline float
draw_shaded_win(const struct draw_context *draw, const struct draw_shaded *shaded, unsigned i,
                unsigned c)
{
   if (shaded->soa)
      return shaded->win[((size_t)(i >> shaded->soa_shift) * 4 + c) * shaded->soa_width +
                         (i & (shaded->soa_width - 1))];
   return ((const struct draw_vertex *)(shaded->verts + (size_t)draw->stride * i))->win[c];
}
/* Polygons of prepared vertices (draw_vs_run with masks): each shaded
 * vertex's clip mask against the enabled planes and its window
 * coordinates are computed once, right after shading, so that polygons
 * wholly outside a plane or culled are dropped without copies.  Not
 * where a polygon's copies could differ from the shaded vertices in what
 * the mask reads (flat clip distances): then masks stays NULL. */
bool draw_pipeline_can_prepare(const struct draw_context *draw);
/* masks[0..n-1] and win of records verts[0..n-1]. */
void draw_pipeline_prepare(const struct draw_context *draw, float *verts, unsigned n,
                           unsigned *masks);
/* With shaded->masks: false for a triangle that draw_pipeline_prim would
 * drop before clipping (wholly outside a plane, culled, non-finite). */
bool draw_pipeline_keeps_triangle(const struct draw_context *draw,
                                  const struct draw_shaded *shaded, const unsigned idx[3]);
void draw_pipeline_prim(struct draw_context *draw, enum pipe_prim_type base,
                        const struct draw_assembled_prim *prim,
                        const struct draw_shaded *shaded);

/* draw_flatshade.c */
void draw_flatshade_copy(const struct draw_context *draw, struct draw_vertex *dst,
                         const struct draw_vertex *provoking);

/* draw_clip.c */
/* Distance of v to every enabled plane; bit p of the returned mask set
 * when distance p < 0. */
unsigned draw_clip_mask(const struct draw_context *draw, const struct draw_vertex *v,
                        unsigned planes);
unsigned draw_clip_enabled_planes(const struct draw_context *draw);
/* draw_clip_mask of n positions in SoA rows (x at pos[l], y at pos[width
 * + l], z, w) into masks[0..n-1]; false (nothing written) when user
 * planes are enabled. */
bool draw_clip_masks_soa(const struct draw_context *draw, const float *pos, unsigned width,
                         unsigned n, unsigned planes, unsigned *masks);
/* draw_clip_mask of n vertex records into masks[0..n-1]. */
void draw_clip_masks(const struct draw_context *draw, const float *verts, unsigned n,
                     unsigned planes, unsigned *masks);
/* Clips polygon in[0..n-1] (clip coordinates; in_edge[i]: edge i -> i+1
 * is a boundary edge) against every plane in `planes`.  The result is
 * returned in *out / *out_edge, which live in one allocation returned in
 * *alloc (free() it, also on failure).  New edges along a view-volume
 * plane are not boundary edges, new edges along a user plane are.
 * Returns the vertex count (< 3: nothing left). */
unsigned draw_clip_polygon(const struct draw_context *draw, unsigned planes,
                           struct draw_vertex *const *in, const uint8_t *in_edge, unsigned n,
                           struct draw_vertex ***out, uint8_t **out_edge, void **alloc);
/* Clips a segment; false when nothing is left.  *a_out, *b_out are either
 * the inputs or new vertices written to store0/store1. */
bool draw_clip_line(const struct draw_context *draw, unsigned planes,
                    const struct draw_vertex *a, const struct draw_vertex *b,
                    struct draw_vertex *store0, struct draw_vertex *store1,
                    const struct draw_vertex **a_out, const struct draw_vertex **b_out);
/* The vertex t of the way from a to b, every slot interpolated by its kind. */
void draw_clip_interpolate(const struct draw_context *draw, struct draw_vertex *dst, float t,
                           const struct draw_vertex *a, const struct draw_vertex *b);

/* draw_viewport.c */
void draw_viewport_transform(const struct draw_context *draw, struct draw_vertex *v);
/* The same for n vertex records. */
void draw_viewport_transform_n(const struct draw_context *draw, float *verts, unsigned n);
/* The same for the positions of a SoA block of width 4, 8 or 16 (rows as in
 * draw_clip_masks_soa; every lane, n or not), win[c][l] receiving
 * component c of vertex l. */
#define DRAW_SOA_MAX_WIDTH 16
void draw_viewport_transform_soa(const struct draw_context *draw, const float *pos,
                                 unsigned width, unsigned n,
                                 float (*win)[DRAW_SOA_MAX_WIDTH]);

/* draw_cull.c */
float draw_det(const struct draw_vertex *v0, const struct draw_vertex *v1,
               const struct draw_vertex *v2);
/* Twice the signed area of a window-space polygon. */
float draw_polygon_area(struct draw_vertex *const *v, unsigned n);
/* Facing of a polygon of signed area `area`; false: culled.  NaN is
 * dropped; zero area counts as front-facing and is kept only without
 * culling.  Without early returns: draw_vbo.c's block test of triangles
 * calls it in a loop of selects. */
static inline bool
draw_cull_face(const struct draw_context *draw, float area, bool *front_facing)
{
   unsigned cull = draw->rast.cull_face;
   bool front = area == 0.0f || (area > 0.0f) == (bool)draw->rast.front_ccw;
   bool faces = area == 0.0f ? cull == PIPE_FACE_NONE
                             : !(cull & (front ? PIPE_FACE_FRONT : PIPE_FACE_BACK));
   *front_facing = front;
   return area == area && faces;
}

/* draw_cull_face's rule on 16 areas: lane l of *kept is -1 where that
 * area is kept, else 0 (test_draw_prims compares the two over special
 * and random areas, test_draw_vs_paths the triangle lists using it).
 * Vectors by pointer: no vector crosses a call. */
static inline __attribute__((always_inline)) void
draw_cull_face_v16(const struct draw_context *draw, const draw_v16f *areas, draw_v16i *kept)
{
   draw_v16f area = *areas;
   unsigned cull = draw->rast.cull_face;
   draw_v16i zero = area == 0.0f;
   draw_v16i pos = area > 0.0f;
   draw_v16i front = zero | (draw->rast.front_ccw ? pos : ~pos);
   /* a non-zero area: culled when its side is; zero: only without culling */
   draw_v16i culled_front = (draw_v16i){ 0 } - (int32_t)!!(cull & PIPE_FACE_FRONT);
   draw_v16i culled_back = (draw_v16i){ 0 } - (int32_t)!!(cull & PIPE_FACE_BACK);
   draw_v16i faces = (zero & ((draw_v16i){ 0 } - (int32_t)(cull == PIPE_FACE_NONE))) |
                     (~zero & ~((front & culled_front) | (~front & culled_back)));
   *kept = (area == area) & faces;
}

/* draw_twoside.c */
void draw_twoside_select(const struct draw_context *draw, struct draw_vertex *v);

/* draw_offset.c */
/* The depth offset of a polygon (window coordinates) by the rasterizer
 * state and the resolution. */
float draw_offset_value(const struct draw_context *draw, struct draw_vertex *const *v,
                        unsigned n);

/* draw_unfilled.c */
void draw_unfilled_polygon(struct draw_context *draw, struct draw_vertex *const *v,
                           const uint8_t *edge, unsigned n, unsigned mode, bool front_facing);

/* draw_wide_point.c */
void draw_point_emit(struct draw_context *draw, const struct draw_vertex *v,
                     bool front_facing, enum draw_prim_origin origin);

/* draw_wide_line.c */
void draw_line_emit(struct draw_context *draw, const struct draw_vertex *a,
                    const struct draw_vertex *b, bool front_facing, bool reset_stipple,
                    enum draw_prim_origin origin);

#endif
