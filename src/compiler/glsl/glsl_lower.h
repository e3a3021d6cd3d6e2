/*
 * Lowering of one stage of a GLSL program to Pony IR (docs/glsl.md,
 * "Lowering to Pony IR"): internal to the compiler, shared by
 * glsl_lower*.c and the linker (glsl_link.c).
 *
 * Leaves: a GLSL variable is split into leaves, one per scalar, vector or
 * matrix reachable in it through struct members (arrays do not make
 * leaves: they multiply the leaf's element count).  Each leaf is one IR
 * variable, an IR array when an array or a matrix encloses it: with
 * struct S { float f; vec2 v[3]; }, `S a[4]` has the leaves a.f (float[4])
 * and a.v (vec2[12]); a[i].v[j] is element i * 3 + j of a.v; `mat3 m[2]`
 * is vec3[6], column c of element i at i * 3 + c.  Leaves are numbered in
 * member order (glsl_leaves).
 */
#ifndef COMPILER_GLSL_GLSL_LOWER_H
#define COMPILER_GLSL_GLSL_LOWER_H

#include "compiler/ir/ir.h"
#include "compiler/pony_state.h"
#include "glsl_compiler.h"
#include "glsl_sema.h"

/* The fixed-function locations (src/state_trackers/gl/ff/ff_state.h): the
 * compiler does not include state-tracker headers, so the numbers are
 * copied here; glsl_test_link checks them against ff_state.h. */
enum glsl_ff_location {
   GLSL_FF_ATTRIB_POS = 0,
   GLSL_FF_ATTRIB_NORMAL = 2,
   GLSL_FF_ATTRIB_COLOR0 = 3,
   GLSL_FF_ATTRIB_COLOR1 = 4,
   GLSL_FF_ATTRIB_FOG = 5,
   GLSL_FF_ATTRIB_TEX0 = 8,
   GLSL_FF_VARYING_COLOR0 = 0,
   GLSL_FF_VARYING_COLOR1 = 1,
   GLSL_FF_VARYING_BCOLOR0 = 2,
   GLSL_FF_VARYING_BCOLOR1 = 3,
   GLSL_FF_VARYING_FOG = 4,
   GLSL_FF_VARYING_TEX0 = 5,
};

/* The shader's analysis (glsl_compiler.c). */
const struct glsl_shader_info *glsl_shader_get_info(const struct glsl_shader *s);

/* ---- leaves --------------------------------------------------------- */

struct glsl_leaf {
   const struct glsl_type *piece;   /* scalar, vector, matrix column or sampler type */
   unsigned elems;                  /* elements of the IR variable (arrays x columns) */
   bool is_array;                   /* an array or a matrix encloses it */
   unsigned columns;                /* 1, or the matrix's columns */
   const char *suffix;              /* ".f.v" ("" for a basic variable) */
   const char *member;              /* the innermost member name (NULL at the top) */
   int member_index;                /* its index in its struct, -1 at the top */
   const struct glsl_type *parent;  /* the struct holding it (NULL at the top) */
};

/* Number of leaves of a type (basic and opaque types 1). */
unsigned glsl_leaf_count(const struct glsl_type *t);
/* All the leaves of t, in order (count: glsl_leaf_count). */
struct glsl_leaf *glsl_leaves(struct glsl_arena *a, const struct glsl_type *t);

/* ---- what the linker decided ---------------------------------------- */

enum glsl_link_kind {
   GLSL_LINK_UNIFORM,
   GLSL_LINK_ATTRIBUTE,
   GLSL_LINK_VARYING,
   GLSL_LINK_FRAG_OUTPUT,   /* a user fragment output: location = its colour number */
};

/* One program-level variable (by name): a uniform, a user attribute or a
 * user varying. */
struct glsl_link_global {
   const char *name;
   enum glsl_link_kind kind;
   const struct glsl_type *type;
   /* uniforms: per leaf, the byte offset in GLSL_CBUF_UNIFORMS, or for a
    * sampler leaf the sampler-table entry of its element 0 */
   unsigned *leaf_offset;
   /* attributes: the generic attribute number (columns follow);
    * varyings: the IR location of the first slot */
   int location;
   /* user fragment outputs: 1 for dual-source blending's second colour
    * (layout(index = 1) or glBindFragDataLocationIndexed) */
   int frag_index;
   bool flat;
   /* varyings: the stage that writes them (vertex, or geometry for what
    * a geometry shader passes on); the next stage reads them.  The name
    * of a member of an in/out block is "Block.member" */
   uint8_t producer;                /* enum glsl_stage */
};

/* A uniform block as one stage sees it: element 0's constant buffer (the
 * elements of an array of blocks follow). */
struct glsl_link_block {
   const char *name;                /* the block name */
   int cbuf;
};

struct glsl_lower_input {
   enum glsl_stage stage;
   const struct glsl_compiler_options *opts;
   const struct glsl_shader_info *const *shaders;   /* the stage's shaders */
   unsigned num_shaders;
   const struct glsl_shader_info *main_shader;      /* the one defining main() */
   const struct glsl_link_global *globals;
   unsigned num_globals;
   /* the shader to fill (ir_shader_create(stage)); the caller owns it, so
    * that an arena failure during lowering cannot leak it */
   struct ir_shader *ir;
   const struct glsl_link_block *blocks;            /* this stage's uniform blocks */
   unsigned num_blocks;
   /* the stage whose outputs this one's inputs are (varyings' producer) */
   enum glsl_stage prev_stage;
   /* geometry shaders: the layouts of the stage (enum glsl_gs_prim) */
   uint8_t gs_input_prim, gs_output_prim;
   unsigned gs_max_vertices;
};

struct glsl_lower_output {
   struct ir_shader *ir;
   struct pony_state_ref *state_rows;               /* in the arena */
   unsigned num_state_rows;
   bool uses_discard;
};

/* Lowers a stage into in->ir (out->ir = in->ir; false with a link error in
 * the log on failure).  The IR is as lowered: the linker runs the
 * passes (glsl_optimize). */
bool glsl_lower_stage(struct glsl_arena *a, struct glsl_log *log,
                      const struct glsl_lower_input *in, struct glsl_lower_output *out);

/* The passes every linked stage gets (validation after each in debug
 * builds: IR_PASS). */
void glsl_optimize(struct ir_shader *s);

/* Structural type equality across shaders (structs by name and members). */
bool glsl_link_types_match(const struct glsl_type *a, const struct glsl_type *b);

#endif
