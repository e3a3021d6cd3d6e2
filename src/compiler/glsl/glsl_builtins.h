/*
 * GLSL built-in functions, variables, constants and uniform structs
 * (docs/glsl.md, section "Built-ins").
 *
 * Everything here is data: glsl_builtins.txt lists the built-ins with the
 * versions, extensions and stages that have them, glsl_builtins_gen.py
 * expands the generic rows (genType, gvec4, gsampler2D ...) to concrete
 * overloads at build time (glsl_builtins_table.c), and glsl_builtins.c
 * answers the questions semantic analysis asks:
 *
 *   - which overloads of a name a shader of this version and stage sees
 *     (glsl_builtin_functions), and why a name is not visible
 *     (glsl_builtin_function_why: other stage, later version, removed);
 *   - what a user function with a built-in's name does in this version
 *     (glsl_builtin_user_function_rule: hides, overloads, or is an error);
 *   - whether a built-in call with constant arguments is a constant
 *     expression (GLSL_BUILTIN_F_CONST and glsl_builtin_const_calls);
 *   - the built-in variables and uniforms of a stage with their type,
 *     storage, precision and GL state name; the built-in struct types;
 *   - the built-in constants with values from a limits struct.
 *
 * Each function overload carries an enum glsl_builtin_op: one per distinct
 * operation, shared by the overloads of a function (sin(float) and
 * sin(vec4) are both GLSL_BUILTIN_SIN; texture2DLod and texture2DLodEXT
 * are both GLSL_BUILTIN_TEXTURE_2D_LOD).  The lowering to IR switches on it
 * and reads the rest (sampler type, vector sizes, bias present) from the
 * overload's parameter types.
 *
 * All tables are const: nothing here allocates except where a type must be
 * made (arrays sized by a limit: glsl_builtin_variable_type, in the arena).
 */
#ifndef COMPILER_GLSL_GLSL_BUILTINS_H
#define COMPILER_GLSL_GLSL_BUILTINS_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/glsl/glsl_front.h"
#include "compiler/glsl/glsl_types.h"

/* ---- what decides visibility ------------------------------------------- */

/*
 * A gate with removal: the feature exists from gate (core version or an
 * enabled extension) until the first version that removed it.  A desktop
 * removal (the core profile of 1.40 dropped the fixed-function built-ins)
 * does not apply to the compatibility profile; ES has no profiles.
 */
struct glsl_builtin_gate {
   struct glsl_gate gate;
   uint16_t desktop_removed, es_removed;   /* 0: never removed */
   /* the desktop extensions enable it from this version on only (0: any):
    * GL_ARB_texture_rectangle's rows of the 1.30 names */
   uint16_t desktop_ext_min;
};

/* What a shader is: its version and extensions, its stage, and whether it
 * is compiled for the compatibility profile (desktop 1.50+ "#version NNN
 * compatibility", or 1.40 with GL_ARB_compatibility: the caller decides). */
struct glsl_builtin_env {
   struct glsl_features features;
   enum glsl_stage stage;
   bool compatibility;
};

#define GLSL_BUILTIN_STAGE(s) (1u << (s))
#define GLSL_BUILTIN_STAGES_ALL ((1u << GLSL_NUM_STAGES) - 1u)

/* Why something is or is not visible. */
enum glsl_builtin_avail {
   GLSL_BUILTIN_VISIBLE,
   GLSL_BUILTIN_NOT_BUILTIN,     /* no row of that name in any version */
   GLSL_BUILTIN_WRONG_STAGE,     /* in this version, but not in this stage */
   GLSL_BUILTIN_NEEDS_VERSION,   /* later version or an extension (gate text) */
   GLSL_BUILTIN_REMOVED,         /* removed before this version (core profile / ES 3.00) */
};

/* The gate alone (version, extensions, removal), stages not considered. */
enum glsl_builtin_avail glsl_builtin_gate_check(const struct glsl_builtin_gate *g,
                                                const struct glsl_builtin_env *env);

/* ---- functions ---------------------------------------------------------- */

/* X(OP): every operation, GLSL_BUILTIN_<OP>.  A new function adds its op
 * here and its rows in glsl_builtins.txt. */
#define GLSL_BUILTIN_OPS(X) \
   X(RADIANS) X(DEGREES) X(SIN) X(COS) X(TAN) X(ASIN) X(ACOS) X(ATAN2) X(ATAN) X(POW) X(EXP) \
   X(LOG) X(EXP2) X(LOG2) X(SQRT) X(INVERSESQRT) X(ABS) X(SIGN) X(FLOOR) X(CEIL) X(FRACT) \
   X(MOD) X(MIN) X(MAX) X(CLAMP) X(MIX) X(STEP) X(SMOOTHSTEP) X(LENGTH) X(DISTANCE) X(DOT) \
   X(CROSS) X(NORMALIZE) X(FACEFORWARD) X(REFLECT) X(REFRACT) X(MATRIX_COMP_MULT) \
   X(LESS_THAN) X(LESS_THAN_EQUAL) X(GREATER_THAN) X(GREATER_THAN_EQUAL) X(EQUAL) \
   X(NOT_EQUAL) X(ANY) X(ALL) X(NOT) X(OUTER_PRODUCT) X(TRANSPOSE) X(FTRANSFORM) X(DFDX) \
   X(DFDY) X(FWIDTH) X(NOISE1) X(NOISE2) X(NOISE3) X(NOISE4) X(TEXTURE_2D) \
   X(TEXTURE_2D_PROJ) X(TEXTURE_CUBE) X(TEXTURE_2D_LOD) X(TEXTURE_2D_PROJ_LOD) \
   X(TEXTURE_CUBE_LOD) X(TEXTURE_1D) X(TEXTURE_1D_PROJ) X(SHADOW_1D) X(SHADOW_2D) \
   X(SHADOW_1D_PROJ) X(SHADOW_2D_PROJ) X(TEXTURE_1D_LOD) X(TEXTURE_1D_PROJ_LOD) \
   X(SHADOW_1D_LOD) X(SHADOW_2D_LOD) X(SHADOW_1D_PROJ_LOD) X(SHADOW_2D_PROJ_LOD) \
   X(TEXTURE_3D) X(TEXTURE_3D_PROJ) X(TEXTURE_3D_LOD) X(TEXTURE_3D_PROJ_LOD) \
   X(TEXTURE_1D_GRAD) X(TEXTURE_1D_PROJ_GRAD) X(TEXTURE_2D_GRAD) X(TEXTURE_2D_PROJ_GRAD) \
   X(TEXTURE_3D_GRAD) X(TEXTURE_3D_PROJ_GRAD) X(TEXTURE_CUBE_GRAD) X(SHADOW_1D_GRAD) \
   X(SHADOW_1D_PROJ_GRAD) X(SHADOW_2D_GRAD) X(SHADOW_2D_PROJ_GRAD) X(TEXTURE_2D_RECT_GRAD) \
   X(TEXTURE_2D_RECT_PROJ_GRAD) X(SHADOW_2D_RECT_GRAD) X(SHADOW_2D_RECT_PROJ_GRAD) \
   X(TEXTURE_2D_RECT) X(TEXTURE_2D_RECT_PROJ) X(SHADOW_2D_RECT) X(SHADOW_2D_RECT_PROJ) \
   X(SINH) X(COSH) X(TANH) X(ASINH) X(ACOSH) X(ATANH) X(TRUNC) X(ROUND) X(ROUND_EVEN) \
   X(MIX_BOOL) X(ISNAN) X(ISINF) X(MODF) X(INVERSE) X(DETERMINANT) X(FLOAT_BITS_TO_INT) \
   X(FLOAT_BITS_TO_UINT) X(INT_BITS_TO_FLOAT) X(UINT_BITS_TO_FLOAT) X(PACK_UNORM_2X16) \
   X(UNPACK_UNORM_2X16) X(PACK_SNORM_2X16) X(UNPACK_SNORM_2X16) X(PACK_HALF_2X16) \
   X(UNPACK_HALF_2X16) X(PACK_UNORM_4X8) X(PACK_SNORM_4X8) X(UNPACK_UNORM_4X8) \
   X(UNPACK_SNORM_4X8) X(BITFIELD_EXTRACT) X(BITFIELD_INSERT) X(BITFIELD_REVERSE) \
   X(BIT_COUNT) X(FIND_LSB) X(FIND_MSB) X(UADD_CARRY) X(USUB_BORROW) X(UMUL_EXTENDED) \
   X(IMUL_EXTENDED) X(FREXP) X(LDEXP) X(FMA) X(TEXTURE_SIZE) X(TEXTURE) X(TEXTURE_PROJ) \
   X(TEXTURE_LOD) X(TEXTURE_OFFSET) X(TEXEL_FETCH) X(TEXEL_FETCH_OFFSET) \
   X(TEXTURE_PROJ_OFFSET) X(TEXTURE_LOD_OFFSET) X(TEXTURE_PROJ_LOD) \
   X(TEXTURE_PROJ_LOD_OFFSET) X(TEXTURE_GRAD) X(TEXTURE_GRAD_OFFSET) X(TEXTURE_PROJ_GRAD) \
   X(TEXTURE_PROJ_GRAD_OFFSET) X(TEXTURE_GATHER) X(TEXTURE_GATHER_OFFSET) \
   X(TEXTURE_GATHER_OFFSETS) X(TEXTURE_QUERY_LEVELS) X(TEXTURE_QUERY_LOD) \
   X(TEXTURE_SAMPLES) X(INTERPOLATE_AT_CENTROID) X(INTERPOLATE_AT_SAMPLE) \
   X(INTERPOLATE_AT_OFFSET) X(DFDX_FINE) X(DFDY_FINE) X(FWIDTH_FINE) X(DFDX_COARSE) \
   X(DFDY_COARSE) X(FWIDTH_COARSE) X(EMIT_VERTEX) X(END_PRIMITIVE) X(EMIT_STREAM_VERTEX) \
   X(END_STREAM_PRIMITIVE) X(BARRIER) X(MEMORY_BARRIER_SHARED) X(GROUP_MEMORY_BARRIER) \
   X(MEMORY_BARRIER) X(MEMORY_BARRIER_ATOMIC_COUNTER) X(MEMORY_BARRIER_BUFFER) \
   X(MEMORY_BARRIER_IMAGE) X(ATOMIC_COUNTER_INCREMENT) X(ATOMIC_COUNTER_DECREMENT) \
   X(ATOMIC_COUNTER) X(ATOMIC_ADD) X(ATOMIC_MIN) X(ATOMIC_MAX) X(ATOMIC_AND) X(ATOMIC_OR) \
   X(ATOMIC_XOR) X(ATOMIC_EXCHANGE) X(ATOMIC_COMP_SWAP) X(IMAGE_SIZE) X(IMAGE_LOAD) \
   X(IMAGE_STORE) X(IMAGE_ATOMIC_ADD) X(IMAGE_ATOMIC_MIN) X(IMAGE_ATOMIC_MAX) \
   X(IMAGE_ATOMIC_AND) X(IMAGE_ATOMIC_OR) X(IMAGE_ATOMIC_XOR) X(IMAGE_ATOMIC_EXCHANGE) \
   X(IMAGE_ATOMIC_COMP_SWAP)

enum glsl_builtin_op {
#define GLSL_BUILTIN_OP_ENUM_(name) GLSL_BUILTIN_##name,
   GLSL_BUILTIN_OPS(GLSL_BUILTIN_OP_ENUM_)
#undef GLSL_BUILTIN_OP_ENUM_
   GLSL_BUILTIN_NUM_OPS,
};

/* "SIN", "TEXTURE_2D_PROJ" ... (for dumps and tests) */
const char *glsl_builtin_op_name(enum glsl_builtin_op op);

/* What an operation computes in Pony IR, for the lowering
 * (glsl_lower_builtins.c) and constant folding (glsl_const_builtins.c)
 * alike.  COMPONENTS: one ALU opcode per component, scalar arguments
 * broadcast; WHOLE: one whole-vector opcode on the arguments as they are;
 * the other kinds are done by hand (ZERO: dFdx & co. of a constant). */
enum glsl_builtin_ir_kind {
   GLSL_BUILTIN_IR_NONE,
   GLSL_BUILTIN_IR_COMPONENTS,
   GLSL_BUILTIN_IR_WHOLE,
   GLSL_BUILTIN_IR_ZERO,
   GLSL_BUILTIN_IR_MIX_BOOL,       /* mix(x, y, bvec a) = a ? y : x */
   GLSL_BUILTIN_IR_TRANSPOSE,
   GLSL_BUILTIN_IR_OUTER,
   GLSL_BUILTIN_IR_DETERMINANT,
   GLSL_BUILTIN_IR_INVERSE,
};

struct glsl_builtin_ir {
   uint8_t kind;                   /* enum glsl_builtin_ir_kind */
   /* the enum ir_op by the component type of the first argument: float,
    * int, uint, bool; 0 (IR_OP_mov, never the answer) where undefined */
   uint16_t op[4];
};

const struct glsl_builtin_ir *glsl_builtin_ir(enum glsl_builtin_op op);

/* flags of a function row */
enum {
   /* With every argument a constant expression, the call is a constant
    * expression (GLSL 1.20 4.3.3, ES 1.00 5.10; not before 1.20:
    * glsl_builtin_const_calls). */
   GLSL_BUILTIN_F_CONST = 1 << 0,
   /* dFdx, dFdy, fwidth: "must return 0 when evaluated inside an
    * initializer with an argument that is a constant expression". */
   GLSL_BUILTIN_F_CONST_ZERO = 1 << 1,
};

/* One concrete overload. */
struct glsl_builtin_function {
   const char *name;
   uint16_t op;                          /* enum glsl_builtin_op */
   const struct glsl_type *return_type;
   uint8_t num_params;
   const struct glsl_type *const *params;
   const uint8_t *dirs;                  /* enum glsl_param_dir each; NULL: all in */
   struct glsl_builtin_gate gate;
   uint8_t stages;                       /* GLSL_BUILTIN_STAGE bits */
   uint8_t flags;                        /* GLSL_BUILTIN_F_* */
};

/* The candidate form glsl_type_pick_overload takes. */
static inline struct glsl_overload
glsl_builtin_overload(const struct glsl_builtin_function *fn)
{
   struct glsl_overload o = { fn->num_params, fn->params, fn->dirs };
   return o;
}

/*
 * The overloads of name visible to a shader of env (version, enabled
 * extensions, stage, profile): their number; the first max of them are
 * stored in out (out may be NULL with max 0, to count).  Rows are in table
 * order (the order of glsl_builtins.txt).  0 when there are none.
 */
unsigned glsl_builtin_functions(const char *name, const struct glsl_builtin_env *env,
                                const struct glsl_builtin_function **out, unsigned max);
/*
 * Why name has no visible overload (or VISIBLE when it has): the nearest
 * reason over all its rows: WRONG_STAGE when some row of this version is in
 * another stage (*example: that row, for "texture2DLod is only available in
 * vertex shaders"), else NEEDS_VERSION when a later version or an extension
 * of this language has it (*example: a row to pass to glsl_gate_text), else
 * REMOVED (a row this version no longer has), else NEEDS_VERSION (only the
 * other language has it: glsl_gate_text says "no version of GLSL ES").
 * example may be NULL.
 */
enum glsl_builtin_avail glsl_builtin_function_why(const char *name,
                                                  const struct glsl_builtin_env *env,
                                                  const struct glsl_builtin_function **example);
/* Is name a built-in function in some version, language or extension? */
bool glsl_builtin_function_exists(const char *name);
/* "vertex shaders", "vertex or fragment shaders" ... of a stage mask, for
 * messages ("'texture2DLod' is only available in vertex shaders"); in the
 * arena. */
const char *glsl_builtin_stages_text(struct glsl_arena *a, unsigned stages);

/* The table itself (sorted by name; for tests and dumps). */
struct glsl_builtin_name {
   const char *name;
   uint16_t first, count;                /* rows of glsl_builtin_function_table */
};
extern const struct glsl_builtin_function glsl_builtin_function_table[];
extern const unsigned glsl_builtin_num_functions;
extern const struct glsl_builtin_name glsl_builtin_function_names[];
extern const unsigned glsl_builtin_num_function_names;

/*
 * What a user-declared function whose name is a built-in function's does
 * (the rule of the shader's version, a table in glsl_builtins.c):
 *   HIDES (desktop 1.10-4.60, section 8): "User code can replace built-in
 *     functions with their own ... by simply re-declaring and defining the
 *     same name and argument list.  Because built-in functions are in a
 *     more outer scope ... doing this will hide all built-in functions with
 *     the same name as the re-declared function."  Any user declaration of
 *     the name, whatever its parameters, hides every built-in overload.
 *   OVERLOADS (ES 1.00, section 8 and 4.2.6): "User code can overload the
 *     built-in functions but cannot redefine them": a declaration with a
 *     built-in overload's parameter types is an error; others add overloads
 *     beside the built-ins.
 *   FORBIDDEN (ES 3.00+, section 6.1): "A shader cannot redefine or
 *     overload built-in functions": any declaration of the name is an error.
 */
enum glsl_builtin_user_rule {
   GLSL_BUILTIN_USER_HIDES,
   GLSL_BUILTIN_USER_OVERLOADS,
   GLSL_BUILTIN_USER_FORBIDDEN,
};
enum glsl_builtin_user_rule glsl_builtin_user_function_rule(struct glsl_version v);

/* Built-in calls may form constant expressions: GLSL 1.20, ES 1.00 (1.10's
 * constant expressions have no function calls). */
bool glsl_builtin_const_calls(struct glsl_version v);

/* ---- constants ---------------------------------------------------------- */

/* X(ID): every built-in constant, GLSL_BUILTIN_CONST_<ID> (the GLSL name is
 * in glsl_builtins.txt: MAX_LIGHTS is gl_MaxLights). */
#define GLSL_BUILTIN_CONSTANTS(X)                                                  \
   X(MAX_LIGHTS) X(MAX_CLIP_PLANES) X(MAX_TEXTURE_UNITS) X(MAX_TEXTURE_COORDS)     \
   X(MAX_VERTEX_ATTRIBS) X(MAX_VERTEX_UNIFORM_COMPONENTS) X(MAX_VARYING_FLOATS)    \
   X(MAX_VERTEX_TEXTURE_IMAGE_UNITS) X(MAX_COMBINED_TEXTURE_IMAGE_UNITS)           \
   X(MAX_TEXTURE_IMAGE_UNITS) X(MAX_FRAGMENT_UNIFORM_COMPONENTS) X(MAX_DRAW_BUFFERS) \
   X(MAX_VERTEX_UNIFORM_VECTORS) X(MAX_FRAGMENT_UNIFORM_VECTORS) X(MAX_VARYING_VECTORS) \
   X(MAX_VARYING_COMPONENTS) X(MAX_CLIP_DISTANCES) X(MIN_PROGRAM_TEXEL_OFFSET)      \
   X(MAX_PROGRAM_TEXEL_OFFSET) X(MAX_VERTEX_OUTPUT_VECTORS) X(MAX_FRAGMENT_INPUT_VECTORS) \
   X(MAX_DUAL_SOURCE_DRAW_BUFFERS) X(MAX_VERTEX_OUTPUT_COMPONENTS)                  \
   X(MAX_GEOMETRY_INPUT_COMPONENTS) X(MAX_GEOMETRY_OUTPUT_COMPONENTS)               \
   X(MAX_FRAGMENT_INPUT_COMPONENTS) X(MAX_GEOMETRY_TEXTURE_IMAGE_UNITS)             \
   X(MAX_GEOMETRY_OUTPUT_VERTICES) X(MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS)          \
   X(MAX_GEOMETRY_UNIFORM_COMPONENTS) X(MAX_GEOMETRY_VARYING_COMPONENTS)

enum glsl_builtin_constant_id {
#define GLSL_BUILTIN_CONST_ENUM_(name) GLSL_BUILTIN_CONST_##name,
   GLSL_BUILTIN_CONSTANTS(GLSL_BUILTIN_CONST_ENUM_)
#undef GLSL_BUILTIN_CONST_ENUM_
   GLSL_BUILTIN_NUM_CONSTANT_IDS,
   GLSL_BUILTIN_CONST_NONE = 0xff,
};

/* The values of the constants (gl_MaxLights = value[GLSL_BUILTIN_CONST_MAX_LIGHTS]). */
struct glsl_builtin_limits {
   int value[GLSL_BUILTIN_NUM_CONSTANT_IDS];
};

/* The specification's minimums for version v (the table's rows: each
 * constant's value from its latest row at or below v; when every row of
 * the language is later, the earliest (an extension brings the constant
 * in, e.g. GL_ARB_ES2_compatibility); 0 when the language has no row or v
 * removed the constant). */
void glsl_builtin_limits_default(struct glsl_builtin_limits *l, struct glsl_version v);

/* A row: the constant's GLSL name (all are const int). */
struct glsl_builtin_constant {
   const char *name;
   uint8_t id;                           /* enum glsl_builtin_constant_id */
   uint8_t stages;
   struct glsl_builtin_gate gate;
};
/* A minimum: from version (of es) on, value. */
struct glsl_builtin_minimum {
   uint8_t id;
   bool es;
   uint16_t version;
   int value;
};
extern const struct glsl_builtin_constant glsl_builtin_constant_table[];
extern const unsigned glsl_builtin_num_constants;
extern const struct glsl_builtin_minimum glsl_builtin_minimum_table[];
extern const unsigned glsl_builtin_num_minimums;

/* The constant called name visible to env, or NULL. */
const struct glsl_builtin_constant *glsl_builtin_constant_find(const char *name,
                                                               const struct glsl_builtin_env *env);
/* The GLSL name of a constant id ("gl_MaxLights"). */
const char *glsl_builtin_constant_name(enum glsl_builtin_constant_id id);

/* ---- uniform structs ---------------------------------------------------- */

/* A built-in struct type (gl_LightSourceParameters ...), its members' GL
 * state names ("ambient"; the uniform's state + "." + this names a
 * member), and when it exists.  The types are static: the same pointer in
 * every compilation (struct identity is what glsl_type_equal compares). */
struct glsl_builtin_struct {
   const struct glsl_type *type;
   const char *const *field_state;
   struct glsl_builtin_gate gate;
};
extern const struct glsl_builtin_struct glsl_builtin_struct_table[];
extern const unsigned glsl_builtin_num_structs;
/* The struct type name visible to env (usable in declarations), or NULL. */
const struct glsl_builtin_struct *glsl_builtin_struct_find(const char *name,
                                                           const struct glsl_builtin_env *env);

/* ---- variables ---------------------------------------------------------- */

enum glsl_builtin_storage {
   GLSL_BUILTIN_STORAGE_IN,        /* attributes, varyings in, gl_FragCoord ... */
   GLSL_BUILTIN_STORAGE_OUT,       /* gl_Position, varyings out, gl_FragColor ... */
   GLSL_BUILTIN_STORAGE_UNIFORM,
};

enum glsl_builtin_array {
   GLSL_BUILTIN_ARRAY_NONE,
   GLSL_BUILTIN_ARRAY_SIZED,       /* length: the constant array_const */
   GLSL_BUILTIN_ARRAY_UNSIZED,     /* gl_TexCoord[]: the shader may redeclare it
                                    * with a size of at most array_const */
};

struct glsl_builtin_variable {
   const char *name;
   const struct glsl_type *type;   /* arrays: the element type */
   uint8_t array;                  /* enum glsl_builtin_array */
   uint8_t array_const;            /* enum glsl_builtin_constant_id, or _NONE */
   uint8_t storage;                /* enum glsl_builtin_storage */
   bool read_only;
   uint8_t precision;              /* enum glsl_precision (ES; NONE on desktop) */
   uint8_t stages;
   struct glsl_builtin_gate gate;
   /* Uniforms: the GL state read, e.g. "modelview", "texture[i].inverse",
    * "light[i]" (an array's element i; struct members append
    * "." + glsl_builtin_struct.field_state[k]).  Attributes: "attrib.*".
    * NULL for the rest. */
   const char *state;
   /* a member of the built-in interface block instance of this name
    * ("gl_in": the geometry shader's in gl_PerVertex { ... } gl_in[]),
    * not a variable of its own; NULL for the rest */
   const char *block;
};
extern const struct glsl_builtin_variable glsl_builtin_variable_table[];
extern const unsigned glsl_builtin_num_variables;

/* The variable called name visible to env, or NULL. */
const struct glsl_builtin_variable *glsl_builtin_variable_find(const char *name,
                                                              const struct glsl_builtin_env *env);
/* The members of the built-in block instance `block` ("gl_in") visible to
 * env, in table order: the count; the first max are stored in out (0: the
 * block does not exist there). */
unsigned glsl_builtin_block_members(const char *block, const struct glsl_builtin_env *env,
                                    const struct glsl_builtin_variable **out, unsigned max);
/* Every variable visible to env, in table order: the count; the first max
 * are stored in out. */
unsigned glsl_builtin_variables(const struct glsl_builtin_env *env,
                                const struct glsl_builtin_variable **out, unsigned max);
/* The variable's full type: the element type, or an array of it sized by
 * the limit (made in the arena), or unsized.  A limit below 1 gives an
 * array of 1 (a zero-sized array does not exist). */
const struct glsl_type *glsl_builtin_variable_type(struct glsl_arena *a,
                                                   const struct glsl_builtin_variable *v,
                                                   const struct glsl_builtin_limits *l);
/* Why name is not a visible variable or constant (VISIBLE when it is one). */
enum glsl_builtin_avail glsl_builtin_variable_why(const char *name,
                                                  const struct glsl_builtin_env *env);

#endif
