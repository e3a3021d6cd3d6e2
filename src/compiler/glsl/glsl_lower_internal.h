/*
 * What glsl_lower.c (storage, statements, functions), glsl_lower_expr.c
 * (expressions) and glsl_lower_builtins.c (built-in functions) share.
 *
 * Values: an rvalue of a GLSL type is the list of its pieces in order
 * (array elements, struct members, matrix columns, recursively), each an
 * IR value of a scalar or vector type; bool pieces are IR bool.
 *
 * Places: a reference into a variable's storage is (storage, type, first
 * leaf, linear index): indexing an array of length n maps index L to
 * L * n + i, a matrix column L * C + c, a struct member adds the leaf
 * count of the members before it.  A dynamic index is an IR int value plus
 * a constant.
 */
#ifndef COMPILER_GLSL_GLSL_LOWER_INTERNAL_H
#define COMPILER_GLSL_GLSL_LOWER_INTERNAL_H

#include "compiler/ir/ir_builder.h"
#include "glsl_lower.h"

/* A leaf's IR storage: one variable (an array when is_array), or one per
 * element (samplers; attribute matrices, whose columns have locations
 * that need not be consecutive in IR). */
struct lower_leaf {
   const struct glsl_type *piece;
   unsigned elems;
   struct ir_var *var;
   struct ir_var **elem_vars;
   bool bool_as_int;             /* uniform bools: int storage, i2b after loading */
   uint8_t state_comp;           /* built-in state: first component in the vec4 row */
};

struct ref;

enum storage_kind {
   STORAGE_LOCAL,
   STORAGE_INPUT,
   STORAGE_OUTPUT,
   STORAGE_UNIFORM,
   STORAGE_STATE,
   STORAGE_SAMPLER_PARAM,        /* a sampler parameter: bound per specialization */
   STORAGE_UBO,                  /* a uniform block or a member of one: load_cbuf, no leaves */
   STORAGE_ALIAS,                /* a struct/array parameter holding samplers: the caller's
                                  * place (alias), bound per specialization */
};

struct storage {
   const char *name;
   const struct glsl_type *type;
   enum storage_kind kind;
   unsigned num_leaves;
   struct lower_leaf *leaves;
   const struct glsl_variable *var;   /* locals, params: the variable; globals: one of them */
   struct storage *next;
   /* STORAGE_UBO: the constant buffer (of element 0 of an array of
    * blocks), the byte offset in it and the matrix layout of the member */
   int cbuf;
   unsigned ubo_offset;
   bool ubo_row_major;
   /* STORAGE_ALIAS: the argument's place in the caller (constant indices
    * only, so that it means the same in the callee) */
   struct ref *alias;
};

struct idx {
   struct ir_instr *dyn;         /* int scalar, or NULL */
   int k;
};

struct ref {
   struct storage *st;
   const struct glsl_type *type;
   unsigned leaf;
   struct idx index;
   /* STORAGE_UBO refs: constant buffer, byte offset, matrix layout, and
    * for a column of a row-major matrix the bytes between its components
    * (0: contiguous) */
   int cbuf;
   struct idx off;
   bool row_major;
   unsigned comp_stride;
};

/* An assignable place: a ref, narrowed to vector components by a swizzle
 * or a dynamic component index. */
struct lval {
   struct ref r;
   uint8_t swz[4];
   unsigned swz_len;             /* 0: the whole ref */
   struct ir_instr *dyncomp;     /* v[i] on a vector */
};

struct val {
   const struct glsl_type *type;
   unsigned n;
   struct ir_instr **c;
};

struct loop_ctx {
   const struct glsl_ast_expr *iter;      /* for: run before continue */
   const struct glsl_ast_expr *do_cond;   /* do-while: tested before continue */
   /* a switch (a loop run once, which break leaves): continue sets this
    * local and breaks, and the switch's end continues the loop around */
   struct ir_var *cont;
   struct loop_ctx *outer;
};

struct func_lowering;

struct lower {
   struct glsl_arena *a;
   struct glsl_log *log;
   const struct glsl_lower_input *in;
   struct ir_shader *s;
   struct ir_builder b;
   bool dead;                    /* after a jump: the rest of the block is not emitted */
   bool failed;
   struct loop_ctx *loop;
   struct func_lowering *fn;     /* the function being lowered */
   struct func_lowering *funcs;  /* every lowered function (specializations too) */
   struct storage *globals;      /* by name */
   struct storage *locals;       /* by variable */
   unsigned tmp_count;
   /* built-in state rows */
   struct pony_state_ref *rows;
   unsigned num_rows, rows_cap;
   bool uses_discard;
   /* lowered IR functions in the order they were finished (callees first) */
   struct ir_function **done;
   unsigned num_done, done_cap;
   unsigned depth;               /* functions being lowered (nested by calls) */
   /* mediump_fp16: the next lower_expr's value feeds a half-precision
    * operation (lower_operand sets it); node_feeds_half: that, for the
    * node lower_expr is dispatching */
   bool feeds_half, node_feeds_half;
};

/* Deeper chains of calls are a link error (each level is a C stack frame
 * chain of the lowering). */
#define GLSL_LOWER_MAX_CALL_DEPTH 256
/* Above this many IR instructions (counted with every call inlined), calls
 * stay calls. */
#define GLSL_LOWER_MAX_INLINED 200000

struct func_lowering {
   const struct glsl_function *fn;        /* the definition's function */
   const struct glsl_ast_function *def;
   struct storage **params;
   struct storage *ret;                   /* aggregate results */
   struct ir_var **samplers;              /* bound sampler params (by param), or NULL */
   struct ref **aliases;                  /* bound struct/array params holding samplers
                                           * (by param; NULL entries), or NULL */
   struct ir_function *ir;
   bool done;
   struct func_lowering *next;
};

/* glsl_lower.c */
void lower_error(struct lower *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct storage *lower_var_storage(struct lower *l, const struct glsl_variable *v);
struct storage *lower_temp(struct lower *l, const struct glsl_type *t, const char *what);
struct ir_instr *lower_idx_value(struct lower *l, struct idx i);
struct ref ref_of_storage(struct storage *st);
struct ref ref_index(struct lower *l, struct ref r, struct idx i);
struct ref ref_field(struct lower *l, struct ref r, unsigned field);
struct val ref_load(struct lower *l, struct ref r);
void ref_store(struct lower *l, struct ref r, struct val v);
struct ir_var *ref_sampler(struct lower *l, struct ref r);
struct ir_var *const *ref_sampler_elements(struct lower *l, struct ref r, unsigned *n,
                                           struct ir_instr **index);
struct val lower_call_user(struct lower *l, const struct glsl_ast_expr *e);
void lower_stmt(struct lower *l, const struct glsl_ast_stmt *st);

/* glsl_lower_expr.c */
struct val val_new(struct lower *l, const struct glsl_type *t, unsigned n);
struct val val_one(struct lower *l, const struct glsl_type *t, struct ir_instr *v);
unsigned type_pieces(const struct glsl_type *t);
struct val lower_expr(struct lower *l, const struct glsl_ast_expr *e);
struct val lower_const(struct lower *l, const struct glsl_const *c);
struct val lower_convert(struct lower *l, struct val v, const struct glsl_type *to);
struct ir_instr *lower_convert_piece(struct lower *l, struct ir_instr *v, enum ir_base_type to);
bool lower_place(struct lower *l, const struct glsl_ast_expr *e, struct lval *out);
struct val lval_load(struct lower *l, const struct lval *lv);
void lval_store(struct lower *l, const struct lval *lv, struct val v);
struct ir_instr *lower_bool(struct lower *l, const struct glsl_ast_expr *e);
struct ir_instr *splat(struct lower *l, struct ir_instr *s, unsigned n);
/* a vec4 row of built-in state (pony_state.h) no GLSL name stands for */
struct ir_instr *lower_state_row(struct lower *l, struct pony_state_ref ref);
/* the IR component type of a GLSL base type (float for the rest) */
enum ir_base_type lower_ir_base(enum glsl_base_type b);
struct ir_instr *imm_float(struct lower *l, float f);
struct ir_instr *comp(struct lower *l, struct ir_instr *v, unsigned c);
struct val val_equal(struct lower *l, struct val a, struct val b, bool equal);

/* glsl_lower_builtins.c */
struct val lower_call_builtin(struct lower *l, const struct glsl_ast_expr *e);
/* GLSL ES with glsl_compiler_options.mediump_fp16 (docs/glsl.md, "Half
 * precision for mediump and lowp"): e's precision is mediump or lowp */
bool lower_is_half(const struct lower *l, const struct glsl_ast_expr *e);
/* v is a mediump/lowp local, parameter or plain global: half-precision
 * hardware keeps it in a half register (inputs, outputs and uniforms are
 * 32-bit) */
bool lower_var_holds_half(const struct lower *l, const struct glsl_variable *v);
/* a store into place is one into such a variable (its value feeds a half) */
bool lower_stores_half(const struct lower *l, const struct glsl_ast_expr *place);
/* operation e (being lowered: lower_expr set node_feeds_half) is
 * evaluated in half precision */
bool lower_half_operation(const struct lower *l, const struct glsl_ast_expr *e);
/* an operand of an operation: rounded to half precision when half (and
 * the operations inside it know that they feed one) */
struct val lower_operand(struct lower *l, const struct glsl_ast_expr *e, bool half);
struct val lower_round_half(struct lower *l, struct val v);
struct ir_instr *lower_round_half_piece(struct lower *l, struct ir_instr *x);
/* dot(x, y) in half precision, rounded at each step */
struct ir_instr *lower_half_dot(struct lower *l, struct ir_instr *x, struct ir_instr *y);

#endif
