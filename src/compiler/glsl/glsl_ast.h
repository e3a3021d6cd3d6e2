/*
 * The GLSL abstract syntax tree: what glsl_parser.c builds and
 * glsl_sema.c checks and annotates.  Shaped for GLSL 4.60 / ES 3.20 (the
 * parser accepts a construct only in the versions that have it).
 *
 * Every node lives in the compilation's arena (glsl_front.h) and has the
 * location of its first token.  Lists are singly linked through `next`,
 * in source order.
 */
#ifndef COMPILER_GLSL_GLSL_AST_H
#define COMPILER_GLSL_GLSL_AST_H

#include "glsl_front.h"

struct glsl_type;      /* glsl_types.h: filled by semantic analysis */
struct glsl_const;     /* glsl_const.h */
struct glsl_variable;  /* glsl_sema.h */
struct glsl_function;

/* ---- qualifiers --------------------------------------------------------- */

enum glsl_storage {
   GLSL_STORAGE_NONE,
   GLSL_STORAGE_ATTRIBUTE,       /* 1.10-1.40 vertex, ES 1.00 */
   GLSL_STORAGE_VARYING,         /* 1.10-1.40, ES 1.00 */
   GLSL_STORAGE_UNIFORM,
   GLSL_STORAGE_IN,              /* 1.30+ globals; parameters in all versions */
   GLSL_STORAGE_OUT,
   GLSL_STORAGE_INOUT,           /* parameters only */
   GLSL_STORAGE_BUFFER,          /* 4.30, ES 3.10 */
   GLSL_STORAGE_SHARED,          /* compute */
};

enum glsl_interp {
   GLSL_INTERP_NONE,
   GLSL_INTERP_SMOOTH,
   GLSL_INTERP_FLAT,
   GLSL_INTERP_NOPERSPECTIVE,
};

/* layout(name = value, name, ...): kept as written; semantics decides
 * which names a declaration may carry. */
struct glsl_layout_id {
   struct glsl_loc loc;
   const char *name;
   struct glsl_ast_expr *value;     /* NULL: no "= value" */
   struct glsl_layout_id *next;
};

struct glsl_qualifier {
   struct glsl_loc loc;
   enum glsl_storage storage;
   enum glsl_interp interp;
   enum glsl_precision precision;
   bool constant;                   /* const (also "const in" parameters) */
   bool invariant, precise, centroid, sample, patch;
   /* memory qualifiers (images, buffers) */
   bool coherent, volatile_, restrict_, readonly, writeonly;
   struct glsl_layout_id *layout;
   bool layout_after;               /* a layout(...) after another qualifier */
   bool centroid_after;             /* centroid after the storage qualifier */
   /* a qualifier before one that comes earlier in GLSL 1.30-4.10's order
    * (invariant, interpolation, storage, precision; 4.7) */
   bool order_wrong;
   /* subroutine(...) type lists are not represented yet */
   bool any;                        /* some qualifier was written */
};

/* ---- types as written ---------------------------------------------------- */

struct glsl_ast_struct;

/* One array dimension: [expr] or [] (size NULL). */
struct glsl_array_dim {
   struct glsl_loc loc;
   struct glsl_ast_expr *size;
   struct glsl_array_dim *next;     /* outermost first, as written left to right */
};

struct glsl_type_spec {
   struct glsl_loc loc;
   const char *name;                /* built-in or struct name; NULL for an inline struct */
   struct glsl_ast_struct *structure;   /* struct S { ... } written here */
   struct glsl_array_dim *array;    /* float[3] x: dimensions on the type */
   enum glsl_precision precision;   /* written with the type (ES, 1.30+) */
   const struct glsl_type *type;    /* semantics: the resolved type */
};

struct glsl_fully_spec_type {
   struct glsl_qualifier qual;
   struct glsl_type_spec spec;
};

/* ---- expressions ---------------------------------------------------------- */

enum glsl_expr_kind {
   GLSL_EXPR_IDENT,
   GLSL_EXPR_INT,                   /* int constant */
   GLSL_EXPR_UINT,
   GLSL_EXPR_FLOAT,
   GLSL_EXPR_DOUBLE,
   GLSL_EXPR_BOOL,
   GLSL_EXPR_UNARY,                 /* op: GLSL_OP_NEG, PLUS, NOT, BIT_NOT, PRE/POST_INC/DEC */
   GLSL_EXPR_BINARY,                /* op: arithmetic, shifts, relations, logic, bitwise */
   GLSL_EXPR_ASSIGN,                /* op: GLSL_OP_ASSIGN or a compound one */
   GLSL_EXPR_TERNARY,
   GLSL_EXPR_SEQUENCE,              /* a, b: sub[0], sub[1] */
   GLSL_EXPR_CALL,                  /* function call or constructor (callee / ctor_type) */
   GLSL_EXPR_INDEX,                 /* sub[0][sub[1]] */
   GLSL_EXPR_FIELD,                 /* sub[0].field: member or swizzle */
   GLSL_EXPR_LENGTH,                /* sub[0].length() */
   GLSL_EXPR_INIT_LIST,             /* { a, b, ... } initializer (4.20): args */
};

enum glsl_op {
   GLSL_OP_NONE,
   /* unary */
   GLSL_OP_PLUS, GLSL_OP_NEG, GLSL_OP_NOT, GLSL_OP_BIT_NOT,
   GLSL_OP_PRE_INC, GLSL_OP_PRE_DEC, GLSL_OP_POST_INC, GLSL_OP_POST_DEC,
   /* binary */
   GLSL_OP_MUL, GLSL_OP_DIV, GLSL_OP_MOD, GLSL_OP_ADD, GLSL_OP_SUB,
   GLSL_OP_SHL, GLSL_OP_SHR,
   GLSL_OP_LT, GLSL_OP_GT, GLSL_OP_LE, GLSL_OP_GE, GLSL_OP_EQ, GLSL_OP_NE,
   GLSL_OP_BIT_AND, GLSL_OP_BIT_XOR, GLSL_OP_BIT_OR,
   GLSL_OP_AND, GLSL_OP_XOR, GLSL_OP_OR,
   /* assignment */
   GLSL_OP_ASSIGN, GLSL_OP_MUL_ASSIGN, GLSL_OP_DIV_ASSIGN, GLSL_OP_MOD_ASSIGN,
   GLSL_OP_ADD_ASSIGN, GLSL_OP_SUB_ASSIGN, GLSL_OP_SHL_ASSIGN, GLSL_OP_SHR_ASSIGN,
   GLSL_OP_AND_ASSIGN, GLSL_OP_XOR_ASSIGN, GLSL_OP_OR_ASSIGN,
   GLSL_NUM_OPS,
};

/* An argument list entry of a call. */
struct glsl_ast_arg {
   struct glsl_ast_expr *expr;
   struct glsl_ast_arg *next;
};

struct glsl_ast_expr {
   enum glsl_expr_kind kind;
   enum glsl_op op;
   struct glsl_loc loc;
   struct glsl_ast_expr *sub[3];
   const char *name;                /* IDENT, FIELD (the field), CALL (the callee) */
   struct glsl_type_spec *ctor_type;    /* CALL: a constructor (vec4(...), S(...), float[2](...)) */
   struct glsl_ast_arg *args;       /* CALL */
   unsigned num_args;
   bool void_args;                  /* f(void) */
   union {
      uint64_t u;                   /* INT, UINT: the value as written (32 bits kept) */
      double d;                     /* FLOAT, DOUBLE */
      bool b;                       /* BOOL */
   } value;
   /* semantics */
   const struct glsl_type *type;
   const struct glsl_const *constant;   /* the value, when the expression is constant */
   bool const_expr;                 /* a constant expression by the rules, even when its
                                     * value is not folded (a built-in call) */
   struct glsl_variable *var;       /* IDENT */
   struct glsl_function *fn;        /* CALL of a function (not a constructor) */
   int ctor_kind;                   /* CALL of a constructor: enum glsl_ctor_kind */
   int field;                       /* FIELD of a struct: the member's index, else -1 */
   uint8_t swizzle[4];              /* FIELD of a vector or scalar: components */
   uint8_t swizzle_len;             /* 0: not a swizzle */
   bool lvalue;                     /* can be assigned (before checking read-only-ness) */
   /* ES: the precision of the value (ES 1.00 4.5.2: a variable's, a
    * field's, the sampler's for a texture lookup, else the highest of the
    * operands'; NONE for literals and desktop GLSL) */
   enum glsl_precision precision;
};

/* ---- declarations and statements ------------------------------------------ */

struct glsl_ast_decl;

struct glsl_ast_field {             /* a member declarator in a struct or block */
   struct glsl_loc loc;
   struct glsl_fully_spec_type *type;   /* shared by the declarators of one line */
   const char *name;
   struct glsl_array_dim *array;
   struct glsl_ast_field *next;
};

struct glsl_ast_struct {
   struct glsl_loc loc;
   const char *name;                /* NULL: anonymous (only as a variable's type) */
   struct glsl_ast_field *fields;
   const struct glsl_type *type;    /* semantics */
};

/* One declarator: name[dims] = init. */
struct glsl_ast_declarator {
   struct glsl_loc loc;
   const char *name;
   struct glsl_array_dim *array;
   struct glsl_ast_expr *init;      /* initializer expression, or NULL */
   struct glsl_variable *var;       /* semantics: the variable declared */
   struct glsl_ast_declarator *next;
};

struct glsl_ast_param {
   struct glsl_loc loc;
   struct glsl_fully_spec_type type;
   const char *name;                /* NULL: unnamed */
   struct glsl_array_dim *array;
   struct glsl_ast_param *next;
};

struct glsl_ast_function {
   struct glsl_loc loc;
   struct glsl_fully_spec_type ret;
   const char *name;
   struct glsl_ast_param *params;
   unsigned num_params;
   struct glsl_ast_stmt *body;      /* NULL: a prototype */
   struct glsl_function *fn;        /* semantics */
};

enum glsl_decl_kind {
   GLSL_DECL_VARIABLES,             /* qualifier type declarator, declarator, ... ; */
   GLSL_DECL_TYPE,                  /* struct S { ... }; (no declarators), or qualifiers alone */
   GLSL_DECL_FUNCTION,              /* prototype or definition */
   GLSL_DECL_PRECISION,             /* precision highp float; */
   GLSL_DECL_INVARIANT,             /* invariant name, name; (redeclaration) */
   GLSL_DECL_BLOCK,                 /* interface block: qual Name { fields } inst[dims]; */
   GLSL_DECL_QUALIFIER,             /* layout(...) in; and similar default qualifiers */
};

struct glsl_ast_decl {
   enum glsl_decl_kind kind;
   struct glsl_loc loc;
   struct glsl_fully_spec_type type;    /* VARIABLES, TYPE, PRECISION (spec), QUALIFIER */
   struct glsl_ast_declarator *declarators;  /* VARIABLES; INVARIANT (names only) */
   struct glsl_ast_function *function;  /* FUNCTION */
   /* BLOCK */
   const char *block_name;
   struct glsl_ast_field *block_fields;
   const char *instance_name;
   struct glsl_array_dim *instance_array;
   struct glsl_ast_decl *next;      /* translation unit order */
};

enum glsl_stmt_kind {
   GLSL_STMT_COMPOUND,              /* { ... }: body */
   GLSL_STMT_DECL,                  /* decl */
   GLSL_STMT_EXPR,                  /* expr (NULL: the empty statement ";") */
   GLSL_STMT_IF,                    /* cond, then_, else_ */
   GLSL_STMT_SWITCH,                /* expr, body (case/default labels inside) */
   GLSL_STMT_CASE,                  /* expr */
   GLSL_STMT_DEFAULT,
   GLSL_STMT_WHILE,                 /* cond (or cond_decl), body */
   GLSL_STMT_DO,                    /* body, cond */
   GLSL_STMT_FOR,                   /* init, cond (or cond_decl), iter, body */
   GLSL_STMT_CONTINUE,
   GLSL_STMT_BREAK,
   GLSL_STMT_RETURN,                /* expr or NULL */
   GLSL_STMT_DISCARD,
};

struct glsl_ast_stmt {
   enum glsl_stmt_kind kind;
   struct glsl_loc loc;
   struct glsl_ast_expr *expr;      /* EXPR, SWITCH, CASE, RETURN; IF/WHILE/DO/FOR: cond */
   struct glsl_ast_decl *decl;      /* DECL; WHILE/FOR: a condition that declares (bool b = e) */
   struct glsl_ast_stmt *init;      /* FOR: an EXPR or DECL statement */
   struct glsl_ast_expr *iter;      /* FOR */
   struct glsl_ast_stmt *body;      /* COMPOUND: first statement; loops/SWITCH: the body */
   struct glsl_ast_stmt *then_, *else_;
   bool new_scope;                  /* COMPOUND: false for a function body's own braces */
   struct glsl_ast_stmt *next;
};

/* A translation unit: one shader's external declarations. */
struct glsl_ast_unit {
   struct glsl_version version;
   enum glsl_stage stage;
   struct glsl_ast_decl *decls;
};

/* The spelling of an operator for messages ("+", "<<=", "++"). */
const char *glsl_op_name(enum glsl_op op);

/* The AST as compact parenthesised text (glsl_ast.c: the form), for tests
 * and pony-glslc --ast.  Allocated in the arena. */
char *glsl_ast_print_unit(struct glsl_arena *a, const struct glsl_ast_unit *u);
char *glsl_ast_print_expr(struct glsl_arena *a, const struct glsl_ast_expr *e);

#endif
