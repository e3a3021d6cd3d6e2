/*
 * irexec: the Pony IR interpreter (refpipe's shader executor).
 *
 * Runs the @main function of a validated Pony IR shader (src/compiler/ir)
 * on a batch of at most 4 invocations ("lanes") in lockstep, with per-lane
 * execution masks for structured control flow.  Fragment shaders run one
 * 2x2 quad per call so that derivatives (fddx/fddy/fwidth and the implicit
 * LOD of tex/txb/lod) can be computed across the quad.  Vertex shaders run
 * any number of vertices, four at a time; geometry shaders any number of
 * input primitives, four at a time, each collecting the vertices it emits.
 *
 * Correctness over speed: every value is kept as 32-bit components
 * (float, int, uint or bool), computed exactly as the IR's constant folder
 * does (shared code: compiler/ir/ir_eval_alu.h), so interpreted and folded
 * results are bit-identical.  See docs/irexec.md.
 *
 * Data layout at the interface: every input or output variable element
 * occupies one "slot" of 4 x 32 bits, passed as float[4].  Components of
 * int/uint variables hold the integer's bit pattern (memcpy, not a
 * conversion); bool components are 0 (false) or 1 (true) as uint32 bits and
 * any non-zero bit pattern reads as true.  Components beyond the variable's
 * width read as 0 and are written as 0.
 *
 * Thread safety: a program is immutable after irexec_create(); any number
 * of threads may run it at once (all scratch state lives on the stack or
 * in per-call allocations).  No global mutable state.
 */
#ifndef IREXEC_H
#define IREXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IREXEC_MAX_CBUFS    16     /* = PIPE_MAX_CONSTANT_BUFFERS */
#define IREXEC_MAX_SLOTS    96     /* input or output slots per shader (GLSL: 64 unpacked
                                    * float varyings beside the fixed-function ones) */
#define IREXEC_NUM_LANES    4

struct irexec_program;

/* ------------------------------------------------------------------ */
/* Creating programs                                                   */
/* ------------------------------------------------------------------ */

/* Prepares a program from a shader.  The shader is cloned: the caller may
 * modify or free it afterwards.  Returns NULL when the shader is invalid
 * (ir_validate fails), has no @main, uses 16/64-bit types, or has more than
 * IREXEC_MAX_SLOTS input or output slots; if err is non-NULL, a message is
 * written there. */
struct irexec_program *
irexec_create(const struct ir_shader *shader, char *err, unsigned err_size);

void
irexec_destroy(struct irexec_program *prog);

enum ir_stage
irexec_stage(const struct irexec_program *prog);

/* The program's own copy of the shader: numbered, never changed after
 * irexec_create() and alive until irexec_destroy(), so any thread may read
 * it (jitpipe compiles from it). */
const struct ir_shader *
irexec_shader(const struct irexec_program *prog);

/* ------------------------------------------------------------------ */
/* Slots                                                               */
/* ------------------------------------------------------------------ */

/* Where the value of an input slot comes from. */
enum irexec_slot_source {
   IREXEC_SRC_INPUTS,       /* the caller's inputs array (attributes, varyings,
                               point coord) */
   IREXEC_SRC_FRAG_COORD,   /* irexec_run_fragment_quad's frag_coord argument */
   IREXEC_SRC_FRONT_FACE,   /* its front_facing argument (bool) */
   IREXEC_SRC_VERTEX_ID,    /* env->vertex_ids[i], or env->vertex_id_base + i */
   IREXEC_SRC_INSTANCE_ID,  /* env->instance_id */
   IREXEC_SRC_SAMPLE_ID,    /* always 0 (single-sample execution) */
   IREXEC_SRC_PRIMITIVE_ID, /* geometry shaders: env->primitive_ids[p], or
                               env->primitive_id_base + p */
};

struct irexec_slot {
   const char *name;               /* variable name (owned by the program) */
   enum ir_semantic semantic;      /* IR_SEM_GENERIC: use location */
   int location;                   /* variable location + array element */
   unsigned array_index;           /* element of an array variable, else 0 */
   unsigned comps;                 /* 1..4 */
   enum ir_base_type base;         /* IR_FLOAT, IR_INT, IR_UINT, IR_BOOL */
   enum ir_interp interp;          /* smooth/flat/noperspective/centroid/sample */
   bool interp_explicit;           /* qualified in the source (ir_var) */
   enum irexec_slot_source source; /* inputs only; IREXEC_SRC_INPUTS for outputs */
   bool written;                   /* outputs: some store_output targets the slot
                                      (dynamic stores count for every element) */
};

/* Input (resp. output) slots in declaration order: an array variable of N
 * elements takes N consecutive slots.  Slot i of invocation j is
 * inputs[j * num_inputs + i].  *slots points into the program.
 *
 * Geometry shaders: the input slots are those of one vertex.  A per-vertex
 * input variable of V * E elements (ir.h, struct ir_geometry_info) takes E
 * slots (location + i, array_index i); a primitive_id input one slot
 * filled by irexec. */
unsigned
irexec_get_inputs(const struct irexec_program *prog, const struct irexec_slot **slots);

unsigned
irexec_get_outputs(const struct irexec_program *prog, const struct irexec_slot **slots);

/* First slot index of (semantic, location) or -1.  For IR_SEM_GENERIC the
 * location is matched per element; for built-ins the location is ignored
 * and the first element is returned. */
int
irexec_find_input(const struct irexec_program *prog, enum ir_semantic sem, int location);

int
irexec_find_output(const struct irexec_program *prog, enum ir_semantic sem, int location);

/* Samplers the shader uses: bit `binding` set for each (bindings >= 32
 * are not representable and make irexec_create fail). */
uint32_t
irexec_samplers_used(const struct irexec_program *prog);

/* Does the shader contain discard/discard_if?  (Whether it writes
 * gl_FragDepth: irexec_find_output(prog, IR_SEM_FRAG_DEPTH, 0) >= 0 and
 * that slot's `written`.) */
bool
irexec_uses_discard(const struct irexec_program *prog);

/* ------------------------------------------------------------------ */
/* Texture requests                                                    */
/* ------------------------------------------------------------------ */

/* How the sampler should find the level of detail. */
enum irexec_lod_mode {
   IREXEC_LOD_NONE,         /* txf_ms, or txf on buffer/rect targets: no level */
   IREXEC_LOD_DERIVATIVES,  /* lambda_base from ddx/ddy, then + bias:
                               tex/txb/lod in fragment shaders (irexec computed
                               ddx/ddy across the quad) and txd (given) */
   IREXEC_LOD_EXPLICIT,     /* lambda_base = lod[lane] (float), then + bias:
                               txl; lod 0 (the base level) for tg4 and for
                               tex/txb/lod outside fragment shaders */
   IREXEC_LOD_INTEGER,      /* txf: level = ilod[lane], no filtering */
};

/* One texture instruction for up to 4 lanes (one call per instruction).
 * Every per-lane array has 4 entries; only lanes in `lane_mask` need
 * results.  The other lanes hold that lane's operand values (defined but
 * possibly meaningless: inactive lanes, lanes past a vertex batch's end). */
struct irexec_tex_request {
   enum ir_op op;                  /* IR_OP_tex, txb, txl, txd, txf, txf_ms, tg4, lod */
   enum ir_tex_target target;
   bool shadow;                    /* the sampler variable is a shadow sampler */
   enum ir_base_type result_base;  /* IR_FLOAT/IR_INT/IR_UINT: the sampler's type */
   unsigned unit;                  /* the sampler variable's binding */
   unsigned lane_mask;             /* bit i: lane i wants a result (helper
                                      lanes of a quad included: their results
                                      feed derivatives) */

   /* Coordinates: ir_tex_target_coords(target) components (array layer
    * last; unused components 0).  Float (coord.f) for every op except
    * txf/txf_ms, whose coordinates are integers (coord.i).  For projective
    * lookups (IR `proj` operand) irexec already divided the coordinates
    * (not the layer) and the compare value by proj; `projected` says so. */
   union {
      float f[4];
      int32_t i[4];
   } coord[4];
   bool projected;

   enum irexec_lod_mode lod_mode;
   float lod[4];                   /* IREXEC_LOD_EXPLICIT */
   int32_t ilod[4];                /* IREXEC_LOD_INTEGER */
   float bias[4];                  /* txb (shader bias; 0 otherwise) */
   /* Gradients of the coordinates without the array layer,
    * ir_tex_target_dims(target) components: per lane, d(coord)/dx and
    * d(coord)/dy.  Set for IREXEC_LOD_DERIVATIVES. */
   float ddx[4][3], ddy[4][3];

   bool has_offset;                /* texel offsets (textureOffset etc.) */
   int32_t offset[4][3];           /* ir_tex_target_dims(target) components */

   bool has_compare;               /* shadow lookups: depth reference */
   float compare[4];

   int32_t sample[4];              /* txf_ms: sample index */
   unsigned gather_comp;           /* tg4: component 0..3 to gather */
};

/* Result per lane.  tex/txb/txl/txd/txf/txf_ms: the texel as f, i or u by
 * result_base; shadow lookups: the comparison result in f[0] (f[1..3]
 * ignored); tg4: the gathered component of the 4 texels in the GL order
 * (i0,j1), (i1,j1), (i1,j0), (i0,j0); lod (textureQueryLod): f[0] = the
 * mipmap level the lookup would access, f[1] = the computed lambda relative
 * to the base level (GL's definition; u_sampler's U_SAMPLE_QUERY_LOD).
 *
 * Mapping to u_sampler's u_sample_request: tex -> U_SAMPLE_IMPLICIT, txb ->
 * U_SAMPLE_BIAS, lod -> U_SAMPLE_QUERY_LOD (all three with has_derivs when
 * lod_mode is IREXEC_LOD_DERIVATIVES; with IREXEC_LOD_EXPLICIT use
 * U_SAMPLE_LOD and lod[]), txl -> U_SAMPLE_LOD, txd -> U_SAMPLE_GRAD, txf /
 * txf_ms -> U_SAMPLE_FETCH, tg4 -> U_SAMPLE_GATHER; coord/icoord, compare,
 * offset, lod, ilod, bias, ddx, ddy, gather_comp copy across; has_proj stays
 * false (irexec already divided). */
union irexec_texel {
   float f[4];
   int32_t i[4];
   uint32_t u[4];
};

/* The LOD mode of a texture request whose per-lane operands are filled:
 * implicit-LOD opcodes (tex, txb, lod) in a fragment quad take the fine
 * derivatives of the coordinates across the quad (lane order of
 * irexec_run_fragment_quad), elsewhere the base level; txl and tg4 explicit,
 * txd the given derivatives, txf integer with a LOD operand (has_lod).
 * Shared with the JIT's texture callout so both build the same requests. */
void irexec_tex_request_lod(struct irexec_tex_request *req, enum ir_op op, bool fragment_quad,
                            unsigned dims, bool has_lod);

struct irexec_sampler_iface {
   /* Sample for every lane of req->lane_mask.  out[lane] must be written
    * for those lanes (irexec zero-fills out before the call). */
   void (*sample)(void *priv, const struct irexec_tex_request *req, union irexec_texel out[4]);
   /* textureSize: dimensions of level `lod` (mip base relative), written
    * like a txs result (width, height, depth or layers; unused 0).  A level
    * outside the texture: implementation's choice (refpipe: 0s). */
   void (*size)(void *priv, unsigned unit, enum ir_tex_target target, int32_t lod,
                int32_t out[4]);
   /* textureQueryLevels */
   int32_t (*query_levels)(void *priv, unsigned unit, enum ir_tex_target target);
   /* textureSamples: the samples per texel of the unit's multisample
    * texture (query_samples); NULL: 0 */
   int32_t (*query_samples)(void *priv, unsigned unit, enum ir_tex_target target);
   void *priv;
};

/* ------------------------------------------------------------------ */
/* Running                                                             */
/* ------------------------------------------------------------------ */

struct irexec_cbuf {
   const void *data;               /* NULL: unbound, every read gives 0 */
   unsigned size;                  /* bytes */
};

struct irexec_env {
   /* Uniforms: load_uniform reads cbufs[var->cbuf] at var->offset + 16 *
    * element; load_cbuf reads cbufs[n] at its byte offset.  Each 32-bit
    * component read outside [0, size) gives 0.  Bool uniforms: any
    * non-zero 32-bit value is true. */
   struct irexec_cbuf cbufs[IREXEC_MAX_CBUFS];

   /* Texture instructions; NULL members (or a NULL sample callback) make
    * texture results 0. */
   const struct irexec_sampler_iface *sampler;

   /* Vertex shader system values: vertex i of an irexec_run_vertices call
    * gets vertex_ids[i] when vertex_ids is non-NULL, else vertex_id_base + i. */
   const int32_t *vertex_ids;
   int32_t vertex_id_base;
   int32_t instance_id;

   /* Geometry shaders: primitive p of an irexec_run_geometry call reads
    * gl_PrimitiveIDIn = primitive_ids[p] when primitive_ids is non-NULL,
    * else primitive_id_base + p. */
   const int32_t *primitive_ids;
   int32_t primitive_id_base;

   /* Safety net for non-terminating shaders: the maximum number of
    * instructions one batch (4 lanes) may execute; 0 = 1 << 24.  When the
    * budget runs out, the batch stops and the run function returns false
    * (outputs are then whatever was written so far). */
   unsigned max_steps;
};

/* Runs n vertices (or any non-fragment invocations).  inputs: n *
 * num_inputs slots (NULL: every IREXEC_SRC_INPUTS slot reads 0), outputs:
 * n * num_outputs slots, fully written (unwritten outputs are 0; may be
 * NULL only when num_outputs is 0).  Returns false on a runaway shader, a
 * fragment program or NULL arguments. */
bool
irexec_run_vertices(const struct irexec_program *prog, const struct irexec_env *env,
                    unsigned n, const float (*inputs)[4], float (*outputs)[4]);
/* The same with vertex i's outputs at outputs[i * out_stride] (out_stride
 * >= num_outputs slots; the slots between are left alone). */
bool
irexec_run_vertices_strided(const struct irexec_program *prog, const struct irexec_env *env,
                            unsigned n, const float (*inputs)[4], float (*outputs)[4],
                            size_t out_stride);

/* A geometry shader's declarations (ir.h, struct ir_geometry_info). */
struct irexec_gs_info {
   enum ir_prim input_prim;        /* points, lines, lines_adjacency, triangles,
                                      triangles_adjacency */
   enum ir_prim output_prim;       /* points, line_strip, triangle_strip */
   unsigned vertices_in;           /* vertices per input primitive: 1, 2, 4, 3, 6 */
   unsigned max_vertices;          /* vertices one invocation may emit */
};

/* false (and *info zeroed) when prog is not a geometry shader. */
bool
irexec_get_gs_info(const struct irexec_program *prog, struct irexec_gs_info *info);

/* strip_start[] flag: the vertex begins a strip (the first vertex emitted,
 * the first after an end_primitive). */
#define IREXEC_GS_STRIP_START 1

/* Runs a geometry shader once for each of n input primitives (four at a
 * time, as lanes).  inputs: n * vertices_in * num_inputs slots, slot s of
 * vertex v of primitive p at inputs[(p * vertices_in + v) * num_inputs + s]
 * (NULL: every IREXEC_SRC_INPUTS slot reads 0).  Primitive p's k-th emitted
 * vertex goes to vertices[(p * max_vertices + k) * num_outputs + s], slot s
 * being the output's value at that emit_vertex (converted as outputs are:
 * unwritten ones 0), strip_start[p * max_vertices + k] gets its flags and
 * num_emitted[p] the count; emits past max_vertices are ignored (GL: they
 * have no effect).  What follows num_emitted[p] is left alone.  Each batch
 * of 4 primitives has env->max_steps instructions; returns false on a
 * runaway shader (the primitives' vertices emitted so far are kept), a
 * program of another stage or NULL arguments. */
bool
irexec_run_geometry(const struct irexec_program *prog, const struct irexec_env *env,
                    unsigned n, const float (*inputs)[4], float (*vertices)[4],
                    uint8_t *strip_start, unsigned *num_emitted);

/* Runs one 2x2 quad of a fragment shader.  Lane order: 0 = (x, y),
 * 1 = (x+1, y), 2 = (x, y+1), 3 = (x+1, y+1), y growing downwards or
 * upwards as the caller's frag_coord says (ddy = lane 2 - lane 0, so
 * it follows the frag_coord y direction the caller supplies).
 *
 * inputs: 4 * num_inputs slots, lane-major (slot i of lane l is
 * inputs[l * num_inputs + i]); helper lanes need values too (e.g. the
 * interpolants extrapolated to their positions), since derivatives use
 * them.  Slots whose source is not IREXEC_SRC_INPUTS are filled by irexec
 * and may hold anything; NULL: every IREXEC_SRC_INPUTS slot reads 0.
 * live_mask: 4 bits; lanes outside it are helper invocations: they execute
 * (their values feed derivatives) but their discards and outputs do not
 * matter.  frag_coord[lane] = (x + 0.5, y + 0.5, z, 1/w) as gl_FragCoord.
 * outputs: 4 * num_outputs slots, written for every lane.
 * discard_mask (may be NULL): lanes of live_mask that discarded.
 * Returns false on a runaway shader or a non-fragment program. */
bool
irexec_run_fragment_quad(const struct irexec_program *prog, const struct irexec_env *env,
                         const float (*inputs)[4], unsigned live_mask, bool front_facing,
                         const float frag_coord[4][4], float (*outputs)[4],
                         unsigned *discard_mask);

#ifdef __cplusplus
}
#endif

#endif
