/*
 * draw: the software vertex pipeline shared by software pipe drivers.
 *
 * A driver (refpipe) keeps one struct draw_context per pipe context, hands
 * it the bound state (templates are copied, memory is mapped by the driver:
 * draw never maps a resource), and calls draw_vbo().  draw then, for each
 * draw range and instance:
 *
 *   fetch      vertex attributes from the mapped buffers, any plain vertex
 *              format of the format module (draw_fetch.c)
 *   shade      runs the vertex shader on every vertex (draw_vs.c; an IR
 *              program through irexec in draw_vs_irexec.c, or any object
 *              implementing struct draw_vertex_shader)
 *   assemble   cuts the vertex stream into points, lines and triangles by
 *              the primitive type, primitive restart and provoking-vertex
 *              rules (draw_prim_assemble.c)
 *   geometry   with a geometry shader bound: assembly into its input
 *              primitives (adjacency included), the shader per primitive,
 *              its strips cut into points, lines and triangles (draw_gs.c;
 *              its outputs then replace the vertex shader's everywhere
 *              below)
 *   capture    stream output / transform feedback (draw_so.c)
 *   flatshade  copies the provoking vertex's flat outputs (draw_flatshade.c)
 *   clip       view volume and user planes, all outputs interpolated
 *              (draw_clip.c)
 *   viewport   perspective divide and viewport transform (draw_viewport.c)
 *   cull/face  facing from the window-space determinant (draw_cull.c)
 *   twoside    back-facing polygons take the back colours (draw_twoside.c)
 *   offset     polygon offset (draw_offset.c)
 *   unfilled   polygon mode point/line with edge flags (draw_unfilled.c)
 *   wide       wide points become quads (draw_wide_point.c), wide lines
 *              become several 1-pixel lines (draw_wide_line.c)
 *
 * and calls the driver's struct draw_raster_iface with what is left:
 * triangles, 1-pixel lines and 1-pixel points, in window coordinates, with
 * every vertex-shader output attached.  See docs/draw.md for the rules of
 * each stage and what is not done.
 *
 * Coordinate conventions: clip coordinates are the VS position output;
 * window coordinates are x_w = x/w * scale[0] + translate[0] (same for y
 * and z), i.e. the depth range is folded into the viewport's z scale and
 * translate.  draw does not care which way window y points; the driver (or
 * the state tracker, through the viewport and front_ccw) does.
 *
 * Threading: a draw_context is used by one thread at a time.  There is no
 * global mutable state.  Bad input (unbound buffers, indices past the end
 * of a buffer, unknown formats, NULL pointers) never crashes: missing data
 * reads as 0 and impossible primitives are dropped.
 */
#ifndef DRAW_CONTEXT_H
#define DRAW_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "compiler/ir/ir.h"   /* enum ir_semantic, enum ir_interp, enum ir_base_type */

#ifdef __cplusplus
extern "C" {
#endif

struct draw_context;
struct irexec_sampler_iface;   /* irexec.h: texture access for the VS and the GS */

/* Limits. */
#define DRAW_MAX_VS_SLOTS     96                       /* VS input or output slots */
#define DRAW_MAX_ATTRIBS      (DRAW_MAX_VS_SLOTS + 1)  /* emitted vertex: outputs + point coord */
#define DRAW_MAX_VERTEX_ELEMENTS PIPE_MAX_ATTRIBS
#define DRAW_MAX_VERTEX_BUFFERS  PIPE_MAX_ATTRIBS

/* ------------------------------------------------------------------ */
/* Vertex shaders                                                      */
/* ------------------------------------------------------------------ */

/*
 * One input or output "slot" of a vertex shader: 4 x 32 bits passed as
 * float[4].  Components of int/uint/bool slots carry the integer's bit
 * pattern (memcpy, not a conversion), as in irexec.
 *
 * Inputs: a slot with IR_SEM_GENERIC and location L reads vertex element L
 * (elements past the bound count read (0, 0, 0, 1)).  Slots with
 * IR_SEM_VERTEX_ID / IR_SEM_INSTANCE_ID get gl_VertexID / gl_InstanceID as
 * an int in component x.  Any other input semantic reads 0.
 *
 * Outputs: IR_SEM_POSITION is the clip-space position (required; a shader
 * without one draws nothing), IR_SEM_POINT_SIZE the point size (x),
 * IR_SEM_CLIP_DISTANCE the clip distances: every clip-distance slot in
 * slot order contributes its `comps` components, so a float[8] array (8
 * slots of 1) and a vec4[2] array (2 slots of 4) both give distances 0-7.
 */
struct draw_vs_slot {
   enum ir_semantic semantic;    /* IR_SEM_GENERIC: use location */
   int location;                 /* generic location (array element included) */
   unsigned comps;               /* 1..4 */
   enum ir_base_type base;       /* IR_FLOAT, IR_INT, IR_UINT, IR_BOOL */
   enum ir_interp interp;        /* outputs: how the rasterizer interpolates */
   bool interp_explicit;         /* outputs: a qualified colour, which flatshade leaves alone */
};

/* A mapped constant buffer. */
struct draw_cbuf {
   const void *data;             /* NULL: unbound, reads 0 */
   unsigned size;                /* bytes */
};

/* What a shader run sees besides its inputs. */
struct draw_vs_env {
   struct draw_cbuf cbufs[PIPE_MAX_CONSTANT_BUFFERS];
   const struct irexec_sampler_iface *sampler;   /* may be NULL: texture reads give 0 */
   const int32_t *vertex_ids;    /* n entries: gl_VertexID of each vertex */
   int32_t instance_id;          /* gl_InstanceID (0-based, base instance not added) */
};

/*
 * The abstract vertex shader.  draw_create_vs_irexec() builds one from Pony
 * IR; a JIT driver can provide its own by filling this struct (usually
 * embedded at the start of a larger one).
 */
struct draw_vertex_shader {
   unsigned num_inputs;
   const struct draw_vs_slot *inputs;     /* num_inputs entries, owned by the shader */
   unsigned num_outputs;                  /* <= DRAW_MAX_VS_SLOTS */
   const struct draw_vs_slot *outputs;

   /* 0: run() takes vertex-major inputs and outputs (below).  4, 8 or
    * 16: run() takes SoA blocks of soa_width vertices, word ((i /
    * soa_width) * num_inputs * 4 + s * 4 + c) * soa_width + i % soa_width
    * holding component c of input slot s of vertex i, the lanes of the
    * last block past n copies of vertex n - 1 (inputs, as float (*)[4],
    * points at the first word), and writes its outputs in the same
    * layout with num_outputs (out_stride unused; lanes past n may be
    * written). */
   unsigned soa_width;

   /* Run n vertices: inputs[i * num_inputs + s] is slot s of vertex i,
    * outputs[i * out_stride + s] likewise (out_stride >= num_outputs: draw
    * has the shader write straight into its vertex records) and must be
    * fully written for s < num_outputs; the slots between vertices are
    * not the shader's.  Returns false on failure (e.g. a runaway shader):
    * the draw is then dropped. */
   bool (*run)(const struct draw_vertex_shader *vs, const struct draw_vs_env *env,
               unsigned n, const float (*inputs)[4], float (*outputs)[4], unsigned out_stride);

   /* Frees the shader (called by draw_delete_vertex_shader). */
   void (*destroy)(struct draw_vertex_shader *vs);
};

/* A vertex shader interpreted by irexec.  The IR is cloned (the caller
 * keeps ownership of `shader`).  NULL if the shader is not a valid vertex
 * shader irexec accepts, or when draw was built without irexec; then `err`
 * (if not NULL) holds a message. */
struct draw_vertex_shader *
draw_create_vs_irexec(struct draw_context *draw, const struct ir_shader *shader,
                      char *err, unsigned err_size);

/* The interpreter's copy of the IR of a draw_create_vs_irexec() shader
 * (irexec_shader(): read-only, alive until the shader is destroyed); NULL
 * for any other kind of draw_vertex_shader. */
const struct ir_shader *
draw_vs_irexec_shader(const struct draw_vertex_shader *vs);

/* Destroys any draw_vertex_shader (NULL is fine).  If it is bound, it is
 * unbound first. */
void
draw_delete_vertex_shader(struct draw_context *draw, struct draw_vertex_shader *vs);

/* ------------------------------------------------------------------ */
/* Geometry shaders                                                    */
/* ------------------------------------------------------------------ */

/* What a geometry shader run sees besides its inputs. */
struct draw_gs_env {
   struct draw_cbuf cbufs[PIPE_MAX_CONSTANT_BUFFERS];
   const struct irexec_sampler_iface *sampler;   /* may be NULL: texture reads give 0 */
   const int32_t *primitive_ids; /* n entries: gl_PrimitiveIDIn of each primitive */
};

/*
 * The abstract geometry shader.  draw_create_gs_irexec() builds one from
 * Pony IR (docs/ir.md, "Geometry shaders").
 *
 * Inputs are one vertex's slots: draw fills each from the vertex shader's
 * output of the same semantic and location (a generic location, or the
 * element number of a built-in array such as the clip distances); slots
 * nothing matches read 0, and IR_SEM_PRIMITIVE_ID slots are the shader's
 * to fill from env->primitive_ids.  Outputs are laid out like a vertex
 * shader's and replace its outputs for everything after the geometry
 * stage: the vertex layout (draw_get_vs_outputs), stream output, flat
 * shading, colours, clip distances, point size.
 */
struct draw_geometry_shader {
   unsigned num_inputs;                   /* one vertex's input slots */
   const struct draw_vs_slot *inputs;     /* owned by the shader */
   unsigned num_outputs;                  /* <= DRAW_MAX_VS_SLOTS */
   const struct draw_vs_slot *outputs;
   /* PIPE_PRIM_POINTS, LINES, LINES_ADJACENCY, TRIANGLES or
    * TRIANGLES_ADJACENCY: which draws it takes (points; lines, strips and
    * loops; lines or strips with adjacency; triangles, strips and fans;
    * triangles or strips with adjacency; others draw nothing) */
   enum pipe_prim_type input_prim;
   unsigned vertices_in;                  /* 1, 2, 4, 3, 6 by input_prim */
   /* PIPE_PRIM_POINTS, LINE_STRIP or TRIANGLE_STRIP */
   enum pipe_prim_type output_prim;
   unsigned max_vertices;                 /* vertices one primitive may emit */

   /* Run n primitives: inputs[(p * vertices_in + v) * num_inputs + s] is
    * slot s of vertex v of primitive p (in the order of docs/draw.md's
    * "Geometry shaders"); primitive p's k-th emitted vertex is
    * outputs[(p * max_vertices + k) * num_outputs + s], strip_start[p *
    * max_vertices + k] non-zero when it begins a strip, num_emitted[p]
    * how many it emitted (at most max_vertices).  Returns false on
    * failure (a runaway shader): the draw's remaining primitives are
    * dropped. */
   bool (*run)(const struct draw_geometry_shader *gs, const struct draw_gs_env *env,
               unsigned n, const float (*inputs)[4], float (*outputs)[4],
               uint8_t *strip_start, unsigned *num_emitted);

   /* Frees the shader (called by draw_delete_geometry_shader). */
   void (*destroy)(struct draw_geometry_shader *gs);
};

/* A geometry shader interpreted by irexec (the IR is cloned).  NULL if the
 * shader is not a valid geometry shader irexec accepts, or when draw was
 * built without irexec; then `err` (if not NULL) holds a message. */
struct draw_geometry_shader *
draw_create_gs_irexec(struct draw_context *draw, const struct ir_shader *shader,
                      char *err, unsigned err_size);

/* Binds a geometry shader (NULL: none, vertices go straight to assembly).
 * Not owned by draw. */
void
draw_set_geometry_shader(struct draw_context *draw, struct draw_geometry_shader *gs);

/* Destroys any draw_geometry_shader (NULL is fine), unbinding it first. */
void
draw_delete_geometry_shader(struct draw_context *draw, struct draw_geometry_shader *gs);

/* ------------------------------------------------------------------ */
/* What the driver receives                                            */
/* ------------------------------------------------------------------ */

/*
 * A post-transform vertex.  attr[] holds one slot per VS output (GS
 * output when a geometry shader is bound) in the order of
 * draw_get_vs_outputs(), followed by one point-coordinate slot
 * (semantic IR_SEM_POINT_COORD, (s, t, 0, 1), noperspective; (0, 0, 0, 1)
 * except on the corners of point sprites).  sizeof(struct draw_vertex) +
 * 16 * draw_get_num_attribs() bytes each; draw_get_vertex_stride() gives
 * it in floats.
 *
 * Outputs have been post-processed: flat slots already hold the provoking
 * vertex's value in every vertex of the primitive, back-facing polygons
 * carry the back colours in the front-colour slots, vertices made by
 * clipping carry interpolated values (perspective-correct for smooth
 * slots, window-linear for noperspective ones, copied for flat and
 * integer ones).
 */
struct draw_vertex {
   float clip[4];     /* clip-space position (of the source vertex for point corners and line copies) */
   float win[4];      /* window x, y, z (after depth range and polygon offset), 1/clip_w */
   float attr[][4];   /* VS outputs, then the point coordinate */
};

/* The GL primitive class a rasterized primitive comes from. */
enum draw_prim_origin {
   DRAW_ORIGIN_POINT = 0,     /* GL points */
   DRAW_ORIGIN_LINE,          /* GL lines, strips, loops */
   DRAW_ORIGIN_POLYGON,       /* GL triangles, quads, polygons (any polygon mode) */
};

/*
 * One primitive for the rasterizer.  Pointers are valid during the call
 * only.
 *
 * tri():   v[0..2], counter-clockwise or not as the application gave them
 *          (winding is preserved).  det = (x0 - x2)(y1 - y2) - (x1 - x2)(y0 - y2)
 *          over win x/y: twice the signed area (> 0: counter-clockwise in
 *          a y-up frame).  origin POLYGON: a (piece of a) filled polygon;
 *          apply polygon stipple and polygon smoothing rules.  origin POINT:
 *          half of a wide point's or point sprite's square (no polygon
 *          stipple; the attributes are the point's, the point coordinate
 *          slot varies over the square).
 * line():  v[0..1], a 1-pixel-wide GL line segment (diamond-exit rules,
 *          line_last_pixel from the rasterizer state).  Wide lines arrive
 *          as several copies displaced by whole pixels (see line_replica).
 *          det = 0.
 * point(): v[0], a 1-pixel non-sprite point: the pixel containing
 *          (win x, win y).  det = 0.
 *
 * front_facing: for polygons (and the lines and points of unfilled
 *          polygons) the facing draw computed; true for GL points and lines.
 * edge_flags: tri(): bit i set when edge v[i] -> v[(i + 1) % 3] is a
 *          boundary edge of the original polygon (informational only;
 *          draw has already applied polygon mode).
 * reset_line_stipple: line(): the stipple counter restarts at 0 before
 *          this segment (start of a strip or loop, every independent line,
 *          start of each unfilled polygon).
 * line_replica: line(): 0 for the first copy of a segment; k > 0 for the
 *          k-th extra copy of a wide line, displaced by k pixels in the
 *          minor direction.  The driver must rasterize copy k with the
 *          stipple counter it had at the start of copy 0 (save it when
 *          line_replica == 0, restore it when > 0).
 * primitive_id: the number of the GL primitive this piece comes from, 0
 *          for the first of each draw range and instance (GLSL 1.50's
 *          gl_PrimitiveID of a fragment shader without a geometry shader):
 *          each point, line and triangle counts one, strips, fans and
 *          loops one per segment or triangle, a quad or polygon one
 *          (whatever clipping, culling or polygon mode make of it);
 *          primitive restart does not start again at 0.  With a geometry
 *          shader: the number of the input primitive that emitted it.
 */
struct draw_prim {
   const struct draw_vertex *v[3];
   float det;
   bool front_facing;
   unsigned edge_flags;
   bool reset_line_stipple;
   unsigned line_replica;
   enum draw_prim_origin origin;
   int32_t primitive_id;
};

struct draw_raster_iface {
   void (*point)(void *priv, const struct draw_prim *prim);
   void (*line)(void *priv, const struct draw_prim *prim);
   void (*tri)(void *priv, const struct draw_prim *prim);
   /* End of a draw_vbo call (and draw_flush()).  May be NULL. */
   void (*flush)(void *priv);
};

/* ------------------------------------------------------------------ */
/* Creation                                                            */
/* ------------------------------------------------------------------ */

/* NULL when out of memory.  Defaults: no state bound, rasterizer state
 * all zero except point_size = line_width = 1 and depth_clip_near/far = 1,
 * identity viewport (scale 1, translate 0), polygon offset resolution
 * 1 / (2^24 - 1) fixed point, point sizes clamped to [1, 255], line
 * widths to [1, 255], no colour locations, sprite coordinate base 0. */
struct draw_context *
draw_create(void);

void
draw_destroy(struct draw_context *draw);

/* Where primitives go.  iface is not copied: it must outlive its use. */
void
draw_set_rasterize_stage(struct draw_context *draw, const struct draw_raster_iface *iface,
                         void *priv);

/* ------------------------------------------------------------------ */
/* State (every template is copied; NULL resets to the default)        */
/* ------------------------------------------------------------------ */

/* Note: depth_clip_near/far decide near/far clipping (a zero-filled
 * template turns it off); depth_clamp is left to the driver. */
void
draw_set_rasterizer_state(struct draw_context *draw, const struct pipe_rasterizer_state *rast);

/* Only viewport 0 is used. */
void
draw_set_viewport_states(struct draw_context *draw, unsigned start, unsigned num,
                         const struct pipe_viewport_state *vps);

/* User clip planes in clip space: plane i keeps dot(ucp[i], clip position)
 * >= 0.  Used for the planes enabled by clip_plane_enable when the vertex
 * shader writes no clip distances. */
void
draw_set_clip_state(struct draw_context *draw, const struct pipe_clip_state *clip);

/* Vertex buffer templates (NULL `buffers` unbinds the range).  Resource
 * buffers read nothing until the driver maps them with
 * draw_set_mapped_vertex_buffer; user buffers (is_user_buffer) are read
 * from buffer.user without bounds unless the driver also calls
 * draw_set_mapped_vertex_buffer for them.  buffer_offset applies in both
 * cases (the mapped pointer is the start of the resource). */
void
draw_set_vertex_buffers(struct draw_context *draw, unsigned start, unsigned count,
                        const struct pipe_vertex_buffer *buffers);

/* The CPU address and size in bytes of the resource behind vertex buffer
 * `index` (NULL: unmapped, reads 0).  Reset by draw_set_vertex_buffers. */
void
draw_set_mapped_vertex_buffer(struct draw_context *draw, unsigned index,
                              const void *data, size_t size);

/*
 * Vertex elements: element i feeds VS input location i.  Any format the
 * format module describes as plain (array or packed, 1-4 channels of
 * unorm/snorm/uint/sint/float, 8-64 bits each) is fetched; missing
 * components read (0, 0, 0, 1).  Conversion by the VS input's base type:
 *   float inputs: unorm c / (2^b - 1), snorm GL 2.1-4.1's vertex rule
 *     (2c + 1) / (2^b - 1), uint/sint converted
 *     to float by value (the "scaled" case of a non-normalized
 *     glVertexAttribPointer), half/float/double to float;
 *   int/uint inputs: integer channels as they are (sign- or zero-extended),
 *     float channels truncated toward zero.
 * Other formats read as (0, 0, 0, 1).
 */
void
draw_set_vertex_elements(struct draw_context *draw, unsigned count,
                         const struct pipe_vertex_element *elements);

/* Element whose x component is the GL edge flag of each vertex (non-zero:
 * boundary), used for GL_TRIANGLES, GL_QUADS and GL_POLYGON; -1 (default):
 * every edge is a boundary edge. */
void
draw_set_edgeflag_element(struct draw_context *draw, int element);

/* Binds a vertex shader (NULL: none; draw_vbo then draws nothing).  Not
 * owned by draw. */
void
draw_set_vertex_shader(struct draw_context *draw, struct draw_vertex_shader *vs);

/* Constant buffer `index` of `stage` (PIPE_SHADER_VERTEX or
 * PIPE_SHADER_GEOMETRY), mapped by the driver; valid until replaced. */
void
draw_set_mapped_constant_buffer(struct draw_context *draw, enum pipe_shader_type stage,
                                unsigned index, const void *data, unsigned size);

/* Texture access of the VS or the GS (stage PIPE_SHADER_VERTEX or
 * PIPE_SHADER_GEOMETRY), passed to the shader (irexec). */
void
draw_set_sampler_iface(struct draw_context *draw, enum pipe_shader_type stage,
                       const struct irexec_sampler_iface *sampler);

/* Index buffer memory for draws with has_user_indices false.  For user
 * indices draw reads info->index.user without bounds. */
void
draw_set_mapped_index_buffer(struct draw_context *draw, const void *data, size_t size);

/* A stream-output target as the driver mapped it.  `offset` is where the
 * next vertex is written (bytes from data; the target's buffer_offset is
 * the driver's business: pass data already advanced by it, or offset
 * including it).  size is the end in bytes from data. */
struct draw_so_target {
   void *data;                   /* NULL: not bound */
   unsigned size;
   unsigned offset;
};

/* Stream output (transform feedback): `info` is the last vertex stage's
 * layout (register index = output slot of the VS, or of the GS when one is
 * bound), targets[0..num_targets-1] the mapped buffers.
 * info NULL or num_outputs 0: off.  Copied; draw advances its copy of each
 * offset, read back with draw_get_stream_output_offset. */
void
draw_set_stream_output(struct draw_context *draw, const struct pipe_stream_output_info *info,
                       unsigned num_targets, const struct draw_so_target *targets);

unsigned
draw_get_stream_output_offset(const struct draw_context *draw, unsigned buffer);

/* Cumulative counters since draw_create (queries take differences). */
struct draw_statistics {
   uint64_t vs_invocations;      /* vertices shaded */
   uint64_t prims_generated;     /* GL_PRIMITIVES_GENERATED: points, lines and triangles
                                    assembled (quads/polygons count their triangles; with
                                    a geometry shader, those of its strips) */
   uint64_t gs_invocations;      /* geometry shader runs (input primitives) */
   uint64_t so_prims_written;    /* GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN */
};

void
draw_get_statistics(const struct draw_context *draw, struct draw_statistics *stats);

/* The minimum resolvable difference r of the depth buffer for polygon
 * offset units: fixed-point depth: r = mrd (default 1 / (2^24 - 1));
 * float_depth: r = 2^(e - 23) where e is the exponent of the largest |z|
 * of the primitive (mrd ignored). */
void
draw_set_polygon_offset_resolution(struct draw_context *draw, float mrd, bool float_depth);

/* Implementation limits: point sizes (per-vertex and state) are clamped to
 * [min_point, max_point], line widths to [min_line, max_line]. */
void
draw_set_size_limits(struct draw_context *draw, float min_point, float max_point,
                     float min_line, float max_line);

/* Which generic VS output locations hold the primary/secondary front
 * colours and back colours (-1: none).  Two-sided colour
 * (light_twoside) copies back[i] into front[i] on back-facing polygons;
 * flat shading (flatshade) applies to these four and to every output
 * declared flat or of integer type. */
void
draw_set_color_locations(struct draw_context *draw, const int front[2], const int back[2]);

/* Point sprites (point_quad_rasterization): sprite_coord_enable bit i
 * replaces the generic output at location base + i with the point
 * coordinate (s, t, 0, 1) on the square's corners.  s goes 0 -> 1 with
 * window x; t goes 0 -> 1 with window y when sprite_coord_mode is 0
 * (upper left: t = 0 on the edge with the smaller window y) and 1 -> 0
 * when it is 1 (lower left).  The point-coordinate slot (IR_SEM_POINT_COORD)
 * gets the same value whatever sprite_coord_enable says. */
void
draw_set_sprite_coord_base(struct draw_context *draw, int base);

/* ------------------------------------------------------------------ */
/* Drawing                                                             */
/* ------------------------------------------------------------------ */

/* Draws every range for every instance (instance_count 0 draws nothing)
 * and then calls iface->flush.  Indices are 1, 2 or 4 bytes
 * (info->index_size), restart compares the raw index with restart_index
 * before index_bias is added.  gl_VertexID is the (biased) index, or
 * start + i for non-indexed draws, plus info->vertex_id_bias. */
void
draw_vbo(struct draw_context *draw, const struct pipe_draw_info *info,
         const struct pipe_draw_start_count_bias *draws, unsigned num_draws);

/* Calls iface->flush. */
void
draw_flush(struct draw_context *draw);

/* ------------------------------------------------------------------ */
/* Vertex layout queries (valid while the VS stays bound)              */
/* ------------------------------------------------------------------ */

/* The slots of draw_vertex::attr (VS outputs, or GS outputs when one is
 * bound, then the point coordinate).  Returns the count; *slots points
 * into draw (valid until the VS or GS changes). */
unsigned
draw_get_vs_outputs(const struct draw_context *draw, const struct draw_vs_slot **slots);

/* Number of attr[] slots in each draw_vertex. */
unsigned
draw_get_num_attribs(const struct draw_context *draw);

/* Floats from one draw_vertex to the next: 8 + 4 * draw_get_num_attribs(). */
unsigned
draw_get_vertex_stride(const struct draw_context *draw);

/* attr[] index of an output (IR_SEM_GENERIC: by location; other semantics:
 * the first slot with it, IR_SEM_POINT_COORD the point coordinate) or -1.
 * A generic location that point sprites replace (sprite_coord_enable, with
 * point_quad_rasterization) and no output holds is the point coordinate's
 * slot: a fragment shader reading a texture coordinate the vertex stage
 * does not write still gets the sprite's (s, t, 0, 1).  The answer thus
 * depends on the rasterizer state. */
int
draw_find_output(const struct draw_context *draw, enum ir_semantic semantic, int location);

/* True when attr slot `slot` is constant over every primitive draw emits
 * (declared flat, integer, or a colour slot while the rasterizer's
 * flatshade is set): the driver should take v[0]'s value rather than
 * interpolate (interpolating equal values may round differently). */
bool
draw_output_is_flat(const struct draw_context *draw, unsigned slot);

#ifdef __cplusplus
}
#endif

#endif
