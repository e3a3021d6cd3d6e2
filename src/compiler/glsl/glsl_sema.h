/*
 * GLSL semantic analysis: checks a parsed translation unit against the
 * rules of its version and stage, resolves every name, types every
 * expression, folds constant expressions, and records what the shader
 * declares for the linker and the lowering to Pony IR.
 *
 * Results are written into the AST (glsl_ast_expr.type / .constant /
 * .var / .fn ...) and into a glsl_shader_info.  Every error goes to the
 * log; analysis goes on after an error where it can (an expression with an
 * error gets glsl_type_error, which silences the errors it would cause).
 */
#ifndef COMPILER_GLSL_GLSL_SEMA_H
#define COMPILER_GLSL_GLSL_SEMA_H

#include "glsl_ast.h"
#include "glsl_builtins.h"
#include "glsl_const.h"
#include "glsl_types.h"

enum glsl_var_mode {
   GLSL_VAR_GLOBAL,        /* a plain global variable */
   GLSL_VAR_CONST,         /* const: value in ->constant when it is a constant expression */
   GLSL_VAR_UNIFORM,
   GLSL_VAR_IN,            /* attribute, varying in a fragment shader, in */
   GLSL_VAR_OUT,           /* varying in a vertex shader, out */
   GLSL_VAR_LOCAL,
   GLSL_VAR_PARAM,
};

/* The primitives of geometry shader layouts (GLSL 1.50 4.3.8.1, 4.3.8.2:
 * layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;), in
 * the order of the IR's enum ir_prim (glsl_lower.c checks it). */
enum glsl_gs_prim {
   GLSL_GS_PRIM_NONE,
   GLSL_GS_POINTS,
   GLSL_GS_LINES,
   GLSL_GS_LINES_ADJACENCY,
   GLSL_GS_TRIANGLES,
   GLSL_GS_TRIANGLES_ADJACENCY,
   GLSL_GS_LINE_STRIP,
   GLSL_GS_TRIANGLE_STRIP,
};

/* Vertices of an input primitive (1 2 4 3 6; 0 for the rest), and a
 * primitive's layout name ("triangles_adjacency"). */
unsigned glsl_gs_prim_vertices(enum glsl_gs_prim p);
const char *glsl_gs_prim_name(enum glsl_gs_prim p);

/* glsl_struct_field.qualifiers of in/out block members */
#define GLSL_FIELD_INTERP_MASK  0x3     /* enum glsl_interp */
#define GLSL_FIELD_CENTROID     0x4
#define GLSL_FIELD_INVARIANT    0x8
/* a member of gl_in[] predeclared without a size (gl_ClipDistance[],
 * gl_TexCoord[]; GLSL 1.50 7.1) nor given one by a redeclaration: its type
 * has the limit's length, for the lowering, but the shader sees an array
 * without a size (no length(), constant indices only) */
#define GLSL_FIELD_IMPLICIT_SIZE 0x10

/* glsl_variable.frag_coord_layout */
#define GLSL_FRAG_COORD_UPPER_LEFT 1   /* layout(origin_upper_left) */
#define GLSL_FRAG_COORD_INTEGER    2   /* layout(pixel_center_integer) */

struct glsl_variable {
   const char *name;
   const struct glsl_type *type;
   struct glsl_loc loc;
   enum glsl_var_mode mode;
   enum glsl_storage storage;       /* as written (attribute, varying, in ...) */
   enum glsl_interp interp;
   enum glsl_precision precision;
   enum glsl_param_dir dir;         /* PARAM */
   bool builtin;                    /* gl_* */
   const struct glsl_builtin_variable *builtin_row;   /* its table row */
   bool read_only;                  /* const, uniform, inputs, in parameters declared const */
   bool invariant, centroid;
   bool used, assigned;
   struct glsl_loc assign_loc;      /* the first assignment (when assigned) */
   const struct glsl_const *constant;
   const struct glsl_ast_expr *init;   /* globals and locals: the initializer, if any */
   unsigned index;                  /* declaration order in the shader (globals) */
   /* arrays declared without a size (float a[]; gl_TexCoord): the largest
    * constant index used, -1 if none.  At the end of the shader such an
    * array takes the size max_index + 1 (GLSL 1.10 section 4.1.9) */
   int max_index;
   /* arrays: how often the name is used, and how often indexed by a
    * constant; equal means only elements 0 .. max_index are ever read or
    * written (GL lists such a uniform array with max_index + 1 elements) */
   unsigned refs, const_index_refs;
   /* layout(location = N) of a vertex input (GL_ARB_explicit_attrib_location):
    * N + 1, 0 when none */
   unsigned explicit_location;
   /* layout(index = N) of a fragment output (dual-source blending:
    * GL_ARB/EXT_blend_func_extended): N + 1, 0 when none */
   unsigned explicit_index;
   /* gl_FragCoord redeclared with layout(origin_upper_left,
    * pixel_center_integer) (GL_ARB_fragment_coord_conventions):
    * GLSL_FRAG_COORD_* bits */
   uint8_t frag_coord_layout;
   /* a built-in the shader redeclares (gl_FragCoord, gl_TexCoord ...),
    * not one declared on first use */
   bool redeclared;
   /* interface blocks (uniform, in, out): the block (interface type) of a
    * member of a block without instance name (block_member its index), or
    * of an instance (block_member -1; type is the block or an array of
    * it).  gl_in is the instance of the built-in gl_PerVertex input block */
   const struct glsl_type *block;
   int block_member;
};

/* An interface block declaration: uniform blocks (GLSL 1.40 4.3.5.1,
 * ARB_uniform_buffer_object) and in/out blocks (GLSL 1.50 4.3.7). */
struct glsl_block_decl {
   const struct glsl_type *type;    /* GLSL_TYPE_INTERFACE: name, members, layout */
   const char *instance_name;       /* NULL: the members are globals */
   int array_size;                  /* 0: not an array of blocks */
   struct glsl_variable *var;       /* the instance, or NULL */
   struct glsl_variable **members;  /* without instance name: the member variables */
   struct glsl_loc loc;
};

struct glsl_function {
   const char *name;
   const struct glsl_type *ret;
   enum glsl_precision ret_precision;   /* as written (ES) */
   enum glsl_precision ret_effective;   /* with the default in scope (ES) */
   unsigned num_params;
   struct glsl_variable **params;
   const struct glsl_type **param_types;
   uint8_t *dirs;                   /* enum glsl_param_dir */
   struct glsl_loc loc;             /* the first declaration */
   struct glsl_ast_function *definition;   /* NULL: only prototypes so far */
   const void *builtin;             /* the built-in's table row, NULL for user functions */
   bool used;
   struct glsl_function *next;      /* the next overload of the same name */
   /* functions this one calls (recursion is an error) */
   struct glsl_function **calls;
   unsigned num_calls, calls_cap;
};

struct glsl_shader_info {
   struct glsl_ast_unit *unit;
   enum glsl_stage stage;
   struct glsl_version version;
   /* every global variable, in declaration order (built-ins used included) */
   struct glsl_variable **globals;
   unsigned num_globals;
   /* every user function, in declaration order */
   struct glsl_function **functions;
   unsigned num_functions;
   struct glsl_function *main;      /* NULL: not defined in this shader */
   bool invariant_all;              /* #pragma STDGL invariant(all) */
   /* interface blocks in declaration order (uniform, in and out) */
   struct glsl_block_decl **blocks;
   unsigned num_blocks;
   /* geometry shaders: the layouts this shader declares (GLSL_GS_PRIM_NONE,
    * max_vertices -1: not declared here; the linker needs them once in the
    * stage) */
   uint8_t gs_input_prim, gs_output_prim;   /* enum glsl_gs_prim */
   int gs_max_vertices;
};

struct glsl_sema_options {
   bool invariant_all;              /* from the preprocessor */
   bool es_fragment_precision_high; /* highp in ES 1.00 fragment shaders */
   bool compatibility;              /* the compatibility profile's built-ins (1.50+) */
   /* the extensions the context offers, NULL-terminated (NULL: none),
    * whether or not the shader enables them */
   const char *const *extensions;
   /* the values of gl_Max* (NULL: the specification's minimums) */
   const struct glsl_builtin_limits *limits;
};

/* Static recursion among the shader's functions (not allowed in GLSL):
 * true, and *where (may be NULL) a function on the cycle. */
bool glsl_shader_has_recursion(struct glsl_arena *a, const struct glsl_shader_info *info,
                               const struct glsl_function **where);

/* Analyses the unit; false when an error was logged.  Allocates from the
 * arena (inside glsl_arena_run). */
bool glsl_sema(struct glsl_arena *a, struct glsl_log *log, struct glsl_ast_unit *unit,
               const struct glsl_features *f, const struct glsl_sema_options *opts,
               struct glsl_shader_info *out);

#endif
