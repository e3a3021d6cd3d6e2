/*
 * Pony IR: typed SSA with structured control flow.
 *
 * A shader (struct ir_shader) owns everything in one arena: variables,
 * functions, blocks, instructions, strings.  ir_shader_destroy() frees it
 * all at once.  There is no global mutable state.
 *
 * Values are instructions: an instruction with a destination type defines
 * one SSA value, and sources point straight at the defining instruction.
 *
 * Control flow is structured.  `if` and `loop` are instructions that own
 * child blocks (then/else, body).  A block is a list of instructions.
 * There are no phis: values that cross control flow (loop-carried values,
 * results of an if) go through local variables (load_local/store_local),
 * which lowering passes can turn into selects.  A definition dominates
 * every later instruction of its own block and everything nested inside
 * those; that is the whole SSA rule, checked by ir_validate().
 *
 * See docs/ir.md for the text format and every instruction.
 */
#ifndef COMPILER_IR_IR_H
#define COMPILER_IR_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

enum ir_base_type {
   IR_FLOAT,
   IR_INT,
   IR_UINT,
   IR_BOOL,
   IR_NUM_BASE_TYPES,
};

/* comps == 0 means "no value" (void). */
struct ir_type {
   uint8_t base;    /* enum ir_base_type */
   uint8_t bits;    /* 32 now; 16 and 64 are representable; bool is 32 */
   uint8_t comps;   /* 1..4 */
};

static inline struct ir_type
ir_type_make(enum ir_base_type base, unsigned comps)
{
   struct ir_type t = { (uint8_t)base, 32, (uint8_t)comps };
   return t;
}

static inline struct ir_type
ir_type_void(void)
{
   struct ir_type t = { 0, 0, 0 };
   return t;
}

static inline bool
ir_type_equal(struct ir_type a, struct ir_type b)
{
   if (!a.comps || !b.comps)
      return a.comps == b.comps;
   return a.base == b.base && a.bits == b.bits && a.comps == b.comps;
}

static inline struct ir_type
ir_type_with_comps(struct ir_type t, unsigned comps)
{
   t.comps = (uint8_t)comps;
   return t;
}

/* "vec4", "ivec2", "uint", "bool", "f16vec3", "dvec2", "void" ... */
const char *ir_type_name(struct ir_type t, char buf[16]);
bool ir_type_from_name(const char *name, size_t len, struct ir_type *out);

/* ------------------------------------------------------------------ */
/* Opcodes (generated from ir_opcodes.h)                               */
/* ------------------------------------------------------------------ */

enum ir_op {
#define IR_ALU1(name, ...) IR_OP_##name,
#define IR_ALU2(name, ...) IR_OP_##name,
#define IR_ALU3(name, ...) IR_OP_##name,
#define IR_ALU4(name, ...) IR_OP_##name,
#define IR_OP(name, ...) IR_OP_##name,
#include "ir_opcodes.h"
   IR_NUM_OPS
};

enum ir_op_kind {
   IR_KIND_ALU,
   IR_KIND_SWIZZLE,
   IR_KIND_CONST,
   IR_KIND_UNDEF,
   IR_KIND_VAR,
   IR_KIND_CBUF,
   IR_KIND_TEX,
   IR_KIND_DISCARD,
   IR_KIND_JUMP,
   IR_KIND_IF,
   IR_KIND_LOOP,
   IR_KIND_CALL,
   IR_KIND_PARAM,
   IR_KIND_EMIT,       /* geometry shaders: emit_vertex, end_primitive */
};

enum ir_op_flags {
   IR_OPF_COMMUTATIVE  = 1 << 0,   /* first two sources may be swapped */
   IR_OPF_SIDE_EFFECTS = 1 << 1,   /* never removed or merged by DCE/CSE */
   IR_OPF_TERMINATOR   = 1 << 2,   /* must be the last instruction of its block */
   IR_OPF_DERIVATIVE   = 1 << 3,   /* needs helper invocations / uniform control flow */
   IR_OPF_VECTOR       = 1 << 4,   /* ALU op on whole vectors, not per component */
};

/* Operand type rules: base bits in the low byte, size rule in the next. */
enum ir_ty_base {
   IR_TBASE_NONE = 0,
   IR_TBASE_F    = 1 << IR_FLOAT,
   IR_TBASE_I    = 1 << IR_INT,
   IR_TBASE_U    = 1 << IR_UINT,
   IR_TBASE_B    = 1 << IR_BOOL,
   IR_TBASE_IU   = IR_TBASE_I | IR_TBASE_U,
   IR_TBASE_A    = IR_TBASE_F | IR_TBASE_I | IR_TBASE_U | IR_TBASE_B,
   IR_TBASE_D    = 1 << 5,       /* same base type as the destination */
   IR_TBASE_S    = 1 << 6,       /* same base type as source 0 */
};

enum ir_ty_size {
   IR_TSIZE_N    = 0,            /* the operation's width, shared */
   IR_TSIZE_1    = 1,
   IR_TSIZE_2    = 2,
   IR_TSIZE_3    = 3,
   IR_TSIZE_4    = 4,
   IR_TSIZE_NONE = 7,
};

#define IR_TY(b, s) ((uint16_t)(IR_TBASE_##b | (IR_TSIZE_##s << 8)))
#define IR_TY_BASE(t) ((t) & 0xff)
#define IR_TY_SIZE(t) ((t) >> 8)

#define IR_MAX_ALU_SRCS 4

struct ir_op_info {
   const char *name;
   uint8_t kind;               /* enum ir_op_kind */
   uint8_t num_srcs;           /* ALU only */
   uint8_t flags;              /* enum ir_op_flags */
   uint16_t dst;               /* ALU only: IR_TY() rule */
   uint16_t src[IR_MAX_ALU_SRCS];
   const char *desc;
};

extern const struct ir_op_info ir_op_infos[IR_NUM_OPS];   /* const table, not state */

static inline const struct ir_op_info *
ir_op_info(enum ir_op op)
{
   return &ir_op_infos[op];
}

/* Opcode by name; false if unknown. */
bool ir_op_from_name(const char *name, size_t len, enum ir_op *out);

/* ------------------------------------------------------------------ */
/* Shader objects                                                      */
/* ------------------------------------------------------------------ */

enum ir_stage {
   IR_STAGE_VERTEX,
   IR_STAGE_FRAGMENT,
   IR_STAGE_GEOMETRY,
   IR_STAGE_COMPUTE,
   IR_NUM_STAGES,
};

enum ir_var_mode {
   IR_VAR_INPUT,
   IR_VAR_OUTPUT,
   IR_VAR_UNIFORM,
   IR_VAR_LOCAL,
   IR_VAR_SAMPLER,
   IR_NUM_VAR_MODES,
};

/* Built-in meaning of an input or output; IR_SEM_GENERIC uses location. */
enum ir_semantic {
   IR_SEM_GENERIC,
   IR_SEM_POSITION,      /* gl_Position (VS out) */
   IR_SEM_POINT_SIZE,
   IR_SEM_CLIP_DISTANCE,
   IR_SEM_FRAG_COORD,
   IR_SEM_FRONT_FACE,
   IR_SEM_POINT_COORD,
   IR_SEM_FRAG_DEPTH,
   IR_SEM_SAMPLE_ID,
   IR_SEM_VERTEX_ID,
   IR_SEM_INSTANCE_ID,
   /* FS input: the colour buffer's current value at the fragment, element
    * (array index) n = draw buffer n (gl_LastFragData,
    * EXT_shader_framebuffer_fetch) */
   IR_SEM_LAST_FRAG_DATA,
   /* GS input: gl_PrimitiveIDIn (int, not an array: one per primitive);
    * GS output and FS input: gl_PrimitiveID */
   IR_SEM_PRIMITIVE_ID,
   /* GS output: gl_Layer (int; carried to the rasterizer's vertices, not
    * used for layered rendering yet) */
   IR_SEM_LAYER,
   IR_NUM_SEMANTICS,
};

/* The location of an IR_SEM_FRAG_COORD input: its conventions
 * (GL_ARB_fragment_coord_conventions); 0 is GL's, lower-left origin and
 * pixel centres at half-integers */
#define IR_FRAG_COORD_UPPER_LEFT    1   /* y counts down from the top */
#define IR_FRAG_COORD_INTEGER       2   /* pixel centres at integers */

enum ir_interp {
   IR_INTERP_SMOOTH,
   IR_INTERP_FLAT,
   IR_INTERP_NOPERSPECTIVE,
   IR_INTERP_CENTROID,
   IR_INTERP_SAMPLE,
   IR_NUM_INTERPS,
};

/* Primitive types of geometry shaders: the input primitive (points, lines,
 * lines_adjacency, triangles, triangles_adjacency) and the output primitive
 * (points, line_strip, triangle_strip).  IR_PRIM_NONE: not declared. */
enum ir_prim {
   IR_PRIM_NONE,
   IR_PRIM_POINTS,
   IR_PRIM_LINES,
   IR_PRIM_LINES_ADJACENCY,
   IR_PRIM_TRIANGLES,
   IR_PRIM_TRIANGLES_ADJACENCY,
   IR_PRIM_LINE_STRIP,
   IR_PRIM_TRIANGLE_STRIP,
   IR_NUM_PRIMS,
};

#define IR_MAX_GS_VERTICES 1024   /* max_vertices of a geometry shader: 1..1024 */

/*
 * A geometry shader's declarations (struct ir_shader::gs; zero for the
 * other stages).  Inputs other than system values (primitive_id) are
 * arrays of per-vertex values: a variable of V * E elements, V =
 * ir_prim_vertices(input_prim), holds E elements per vertex, element
 * v * E + i being element i of vertex v (E = 1 for gl_in[v].gl_Position,
 * E = 8 for gl_in[v].gl_ClipDistance[8]).
 */
struct ir_geometry_info {
   enum ir_prim input_prim;
   enum ir_prim output_prim;
   unsigned max_vertices;        /* 1..IR_MAX_GS_VERTICES */
   unsigned invocations;         /* 1 (instanced geometry shaders are not done) */
};

enum ir_tex_target {
   IR_TEX_1D,
   IR_TEX_2D,
   IR_TEX_3D,
   IR_TEX_CUBE,
   IR_TEX_1D_ARRAY,
   IR_TEX_2D_ARRAY,
   IR_TEX_CUBE_ARRAY,
   IR_TEX_RECT,
   IR_TEX_BUFFER,
   IR_TEX_2D_MS,
   IR_TEX_2D_MS_ARRAY,
   IR_NUM_TEX_TARGETS,
};

struct ir_var {
   const char *name;            /* without the '@' */
   enum ir_var_mode mode;
   struct ir_type type;         /* element type (samplers: result type vec4) */
   unsigned array_len;          /* 0: not an array */
   /* inputs/outputs */
   enum ir_semantic semantic;
   int location;
   enum ir_interp interp;
   /* the interpolation was qualified in the source: a colour keeps it
    * whatever the shade model says (GLSL 1.30 section 4.3.7); printed
    * "explicit" */
   bool interp_explicit;
   /* uniforms */
   unsigned cbuf, offset;       /* byte offset of element 0; elements 16 bytes apart */
   /* samplers */
   enum ir_tex_target target;
   bool shadow;
   unsigned binding;

   unsigned index;              /* position in the shader's list */
   struct ir_var *next;
};

union ir_const_value {
   float f32;
   int32_t i32;
   uint32_t u32;
   bool b;
   double f64;
   int64_t i64;
   uint64_t u64;
   uint16_t u16;
};

enum ir_tex_src {
   IR_TEX_SRC_COORD,
   IR_TEX_SRC_BIAS,
   IR_TEX_SRC_LOD,
   IR_TEX_SRC_DDX,
   IR_TEX_SRC_DDY,
   IR_TEX_SRC_OFFSET,
   IR_TEX_SRC_COMPARE,
   IR_TEX_SRC_PROJ,
   IR_TEX_SRC_SAMPLE,
   IR_NUM_TEX_SRCS,
};

struct ir_block;
struct ir_function;

struct ir_instr {
   struct ir_instr *prev, *next;
   struct ir_block *block;       /* NULL when not inserted (params: NULL) */
   uint16_t op;                  /* enum ir_op */
   struct ir_type type;          /* destination; comps == 0: none */
   uint16_t num_srcs;
   struct ir_instr **src;        /* defining instructions */

   uint32_t index;               /* SSA number, set by ir_shader_number() */
   uint32_t pass_flags;          /* scratch for passes; never trusted across passes */
   uint32_t vmark;               /* scratch for the validator */
   struct ir_instr *replacement; /* scratch for ir_replace_uses_batch() */

   union {
      union ir_const_value value[4];                 /* const */
      uint8_t swizzle[4];                            /* swizzle */
      struct {
         struct ir_var *var;
         unsigned offset;          /* element when not indirect */
         bool indirect;            /* index is the last source */
      } var;                                         /* load_x/store_x */
      unsigned cbuf;                                 /* load_cbuf: src[0] = offset */
      struct {
         struct ir_var *sampler;
         uint8_t kind[IR_NUM_TEX_SRCS];              /* kind of each source */
         uint8_t component;                          /* tg4 */
      } tex;
      struct {
         struct ir_block *then_body, *else_body;     /* src[0] = condition */
      } cif;
      struct {
         struct ir_block *body;
      } loop;
      struct ir_function *callee;                    /* call */
      struct ir_function *param_of;                  /* param */
   } u;
};

struct ir_block {
   struct ir_instr *first, *last;
   struct ir_instr *parent;       /* if/loop owning it; NULL for a function body */
   struct ir_function *func;
};

struct ir_function {
   const char *name;
   struct ir_type ret;            /* void: comps == 0 */
   unsigned num_params;
   struct ir_instr **params;
   struct ir_block *body;
   struct ir_shader *shader;
   unsigned num_values;           /* set by ir_shader_number(): values are 0..num_values-1 */
   struct ir_function *next;
};

struct ir_arena_chunk;

enum ir_debug_flags {
   IR_DEBUG_PRINT      = 1 << 0,   /* print the shader after each pass that made progress */
   IR_DEBUG_VALIDATE   = 1 << 1,   /* validate even in release builds */
   IR_DEBUG_NOVALIDATE = 1 << 2,   /* do not validate even in debug builds */
   IR_DEBUG_ROUNDTRIP  = 1 << 3,   /* print/parse/print after each pass and compare */
};

struct ir_shader {
   enum ir_stage stage;
   struct ir_geometry_info gs;    /* geometry shaders only */
   struct ir_var *vars, *vars_tail;
   unsigned num_vars;
   struct ir_function *functions, *functions_tail;
   uint64_t debug_flags;          /* PONY_IR_DEBUG, read at creation */
   uint32_t validate_epoch;
   struct ir_arena_chunk *arena;
};

/* ---- shader, arena ---- */
struct ir_shader *ir_shader_create(enum ir_stage stage);
void ir_shader_destroy(struct ir_shader *s);
void *ir_alloc(struct ir_shader *s, size_t size);     /* zeroed; aborts when out of memory */
char *ir_strdup(struct ir_shader *s, const char *str, size_t len);

/* ---- variables ---- */
struct ir_var *ir_var_create(struct ir_shader *s, enum ir_var_mode mode, struct ir_type type,
                             unsigned array_len, const char *name);
struct ir_var *ir_shader_find_var(struct ir_shader *s, const char *name, size_t len);
const char *ir_var_mode_name(enum ir_var_mode m);
const char *ir_semantic_name(enum ir_semantic s);
const char *ir_interp_name(enum ir_interp i);
const char *ir_tex_target_name(enum ir_tex_target t);
const char *ir_tex_src_name(enum ir_tex_src k);
const char *ir_stage_name(enum ir_stage st);
const char *ir_prim_name(enum ir_prim p);
/* vertices of one input primitive (points 1, lines 2, lines_adjacency 4,
 * triangles 3, triangles_adjacency 6); 0 for the output-only types */
unsigned ir_prim_vertices(enum ir_prim p);
/* number of coordinate components (array layer included) */
unsigned ir_tex_target_coords(enum ir_tex_target t);
/* number of components of offsets and gradients, and of txs results */
unsigned ir_tex_target_dims(enum ir_tex_target t);
unsigned ir_tex_target_size_comps(enum ir_tex_target t);
bool ir_tex_target_is_array(enum ir_tex_target t);

/* ---- functions, blocks ---- */
struct ir_function *ir_function_create(struct ir_shader *s, const char *name, struct ir_type ret);
struct ir_instr *ir_function_add_param(struct ir_function *f, struct ir_type type);
struct ir_function *ir_shader_find_function(struct ir_shader *s, const char *name, size_t len);
struct ir_function *ir_shader_main(struct ir_shader *s);
void ir_function_remove(struct ir_function *f);
struct ir_block *ir_block_create(struct ir_shader *s, struct ir_function *f,
                                 struct ir_instr *parent);

/* ---- instructions ---- */
struct ir_instr *ir_instr_create(struct ir_shader *s, enum ir_op op, struct ir_type type,
                                 unsigned num_srcs);
void ir_instr_insert_before(struct ir_instr *pos, struct ir_instr *in);
void ir_instr_insert_after(struct ir_instr *pos, struct ir_instr *in);
void ir_block_append(struct ir_block *b, struct ir_instr *in);
void ir_block_prepend(struct ir_block *b, struct ir_instr *in);
void ir_instr_remove(struct ir_instr *in);
/* shader the instruction lives in (through its block's function) */
struct ir_shader *ir_instr_shader(const struct ir_instr *in);

static inline bool
ir_instr_has_dest(const struct ir_instr *in)
{
   return in->type.comps != 0;
}

static inline bool
ir_instr_is_pure(const struct ir_instr *in)
{
   return !(ir_op_infos[in->op].flags & IR_OPF_SIDE_EFFECTS);
}

/* The index source of an indirect variable access, or NULL. */
static inline struct ir_instr *
ir_var_access_index(const struct ir_instr *in)
{
   return in->u.var.indirect && in->num_srcs ? in->src[in->num_srcs - 1] : NULL;
}

static inline bool
ir_op_is_store(enum ir_op op)
{
   return op == IR_OP_store_output || op == IR_OP_store_local;
}

/* The variable mode a load/store opcode works on. */
enum ir_var_mode ir_var_op_mode(enum ir_op op);

/* Tex source of a kind, or NULL. */
struct ir_instr *ir_tex_get_src(const struct ir_instr *in, enum ir_tex_src kind);

/* Child blocks of a control-flow instruction: up to 2, returns count. */
unsigned ir_instr_child_blocks(struct ir_instr *in, struct ir_block *out[2]);

/* ---- walking ---- */
/* Calls cb for every instruction of f in program order (children of an
 * if/loop after the if/loop itself).  Safe against removing the current
 * instruction. */
typedef void (*ir_instr_cb)(struct ir_instr *in, void *data);
void ir_function_foreach_instr(struct ir_function *f, ir_instr_cb cb, void *data);
void ir_shader_foreach_instr(struct ir_shader *s, ir_instr_cb cb, void *data);

/* Replace every use of `old` with `rep` in the whole shader. */
void ir_replace_uses(struct ir_shader *s, struct ir_instr *old, struct ir_instr *rep);
/* Batch form: set in->replacement on any instructions first (others NULL),
 * then call this once; it also clears the replacement fields. */
void ir_replace_uses_batch(struct ir_shader *s);
/* Count uses of every value into pass_flags. */
void ir_count_uses(struct ir_shader *s);

/* Give SSA values consecutive numbers in program order, per function
 * (params first), and set each function's num_values.  Interpreters can
 * use in->index as a register number after calling this. */
void ir_shader_number(struct ir_shader *s);

/* Deep copy (functions, variables, instructions) into a new shader; NULL
 * on failure.  Only the scratch numbering of `s` is written (so do not
 * clone or print one shader from two threads at once). */
struct ir_shader *ir_shader_clone(const struct ir_shader *s);

/* Clone the instructions of `src` (a block of the same shader) before `pos`
 * (or append to `dst` when pos is NULL).  `map` is a value remapping hook:
 * before cloning, set orig->replacement for values to substitute (e.g.
 * params -> args); clones record themselves there too.  Callers must
 * clear the replacement fields afterwards (ir_clear_replacements). */
void ir_clone_block_into(struct ir_shader *s, struct ir_block *src, struct ir_block *dst,
                         struct ir_instr *pos);
void ir_clear_replacements(struct ir_shader *s);

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

/* Growable string (malloc'd). */
struct ir_strbuf {
   char *data;
   size_t len, cap;
};
void ir_strbuf_printf(struct ir_strbuf *sb, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
void ir_strbuf_free(struct ir_strbuf *sb);

/* Printing renumbers values (scratch fields only; see ir_shader_number). */
void ir_print_shader(const struct ir_shader *s, FILE *fp);
/* malloc'd text of the whole shader */
char *ir_print_shader_to_string(const struct ir_shader *s);
/* one instruction, no indentation; control flow prints its header only */
void ir_print_instr(struct ir_instr *in, struct ir_strbuf *sb);

/* Markdown table of every opcode (docs/ir.md), malloc'd. */
char *ir_opcode_reference(void);

/* Parse text into a new shader.  On failure returns NULL and writes a
 * "line:col: message" string into err (if non-NULL). */
struct ir_shader *ir_parse(const char *text, char *err, size_t err_size);

/* ------------------------------------------------------------------ */
/* Validation and passes                                               */
/* ------------------------------------------------------------------ */

/* Returns true when valid.  On failure, *errors (if non-NULL) receives a
 * malloc'd report naming each bad instruction as printed. */
bool ir_validate(struct ir_shader *s, char **errors);

/* Called by IR_PASS after every pass: validates (debug builds, or
 * PONY_IR_DEBUG=validate; not with PONY_IR_DEBUG=novalidate) and aborts
 * with a report when the shader is invalid; when the pass made progress,
 * prints the shader (PONY_IR_DEBUG=print) and checks the text round trip
 * (PONY_IR_DEBUG=roundtrip). */
void ir_pass_done(struct ir_shader *s, const char *pass, bool progress, const char *file,
                  int line);

#ifdef NDEBUG
#define IR_DEBUG_BUILD false
#else
#define IR_DEBUG_BUILD true
#endif

/* Run `pass(shader, ...)`, OR its result into `progress`, then
 * ir_pass_done(). */
#define IR_PASS(progress, shader, pass, ...)                          \
   do {                                                               \
      bool ir_pass_progress_ = pass((shader), ##__VA_ARGS__);         \
      (progress) |= ir_pass_progress_;                                \
      ir_pass_done((shader), #pass, ir_pass_progress_, __FILE__,      \
                   __LINE__);                                         \
   } while (0)

bool ir_opt_constant_fold(struct ir_shader *s);
bool ir_opt_dce(struct ir_shader *s);
bool ir_opt_copy_prop(struct ir_shader *s);
bool ir_opt_cse(struct ir_shader *s);
bool ir_opt_algebraic(struct ir_shader *s);
bool ir_lower_scalar(struct ir_shader *s);
/* modes: bit mask of (1 << IR_VAR_*) whose indirect accesses become selects/ifs */
bool ir_lower_indirect(struct ir_shader *s, unsigned modes);
bool ir_opt_inline(struct ir_shader *s);
bool ir_opt_loop_unroll(struct ir_shader *s);
/* copy-prop, constant fold, algebraic, CSE, DCE until nothing changes */
bool ir_opt_cleanup(struct ir_shader *s);

/* Fold one ALU instruction whose sources are all constants into `out`
 * (type of `in`).  Returns false when the opcode is not foldable. */
bool ir_fold_alu(const struct ir_instr *in, union ir_const_value out[4]);

#ifdef __cplusplus
}
#endif

#endif
