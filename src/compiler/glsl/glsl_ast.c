/*
 * The GLSL AST's operator names and its printer: a compact, fully
 * parenthesised text form that parser tests compare against and that
 * `pony-glslc --ast` shows.
 *
 *   expressions   (+ a (* b c)), (call f a b), (ctor vec4 x), (index a i),
 *                 (field v xyz), (length a), (?: c a b), (, a b), (= a b),
 *                 (post++ i), idents and numbers as written
 *   declarations  (var QUAL TYPE name[dims] = init, ...), (fn TYPE name (params) BODY)
 *   statements    { ... }, (if c S S), (for INIT c iter S), (while c S), ...
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "glsl_ast.h"

const char *
glsl_op_name(enum glsl_op op)
{
   static const char *const names[GLSL_NUM_OPS] = {
      [GLSL_OP_NONE] = "?",
      [GLSL_OP_PLUS] = "+", [GLSL_OP_NEG] = "-", [GLSL_OP_NOT] = "!", [GLSL_OP_BIT_NOT] = "~",
      [GLSL_OP_PRE_INC] = "++", [GLSL_OP_PRE_DEC] = "--",
      [GLSL_OP_POST_INC] = "post++", [GLSL_OP_POST_DEC] = "post--",
      [GLSL_OP_MUL] = "*", [GLSL_OP_DIV] = "/", [GLSL_OP_MOD] = "%", [GLSL_OP_ADD] = "+",
      [GLSL_OP_SUB] = "-", [GLSL_OP_SHL] = "<<", [GLSL_OP_SHR] = ">>",
      [GLSL_OP_LT] = "<", [GLSL_OP_GT] = ">", [GLSL_OP_LE] = "<=", [GLSL_OP_GE] = ">=",
      [GLSL_OP_EQ] = "==", [GLSL_OP_NE] = "!=",
      [GLSL_OP_BIT_AND] = "&", [GLSL_OP_BIT_XOR] = "^", [GLSL_OP_BIT_OR] = "|",
      [GLSL_OP_AND] = "&&", [GLSL_OP_XOR] = "^^", [GLSL_OP_OR] = "||",
      [GLSL_OP_ASSIGN] = "=", [GLSL_OP_MUL_ASSIGN] = "*=", [GLSL_OP_DIV_ASSIGN] = "/=",
      [GLSL_OP_MOD_ASSIGN] = "%=", [GLSL_OP_ADD_ASSIGN] = "+=", [GLSL_OP_SUB_ASSIGN] = "-=",
      [GLSL_OP_SHL_ASSIGN] = "<<=", [GLSL_OP_SHR_ASSIGN] = ">>=", [GLSL_OP_AND_ASSIGN] = "&=",
      [GLSL_OP_XOR_ASSIGN] = "^=", [GLSL_OP_OR_ASSIGN] = "|=",
   };
   return (unsigned)op < GLSL_NUM_OPS && names[op] ? names[op] : "?";
}

/* ---- the printer ------------------------------------------------------------- */

struct out {
   struct glsl_arena *a;
   char *buf;
   size_t len, cap;
};

static void
put(struct out *o, const char *s)
{
   size_t n = strlen(s);
   if (o->len + n + 1 > o->cap) {
      size_t cap = o->cap ? o->cap : 256;
      while (cap < o->len + n + 1)
         cap *= 2;
      o->buf = glsl_realloc_array(o->a, o->buf, o->len, cap, 1);
      o->cap = cap;
   }
   memcpy(o->buf + o->len, s, n + 1);
   o->len += n;
}

static void
putf(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
putf(struct out *o, const char *fmt, ...)
{
   char tmp[64];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(tmp, sizeof tmp, fmt, ap);
   va_end(ap);
   put(o, tmp);
}

static void print_expr(struct out *o, const struct glsl_ast_expr *e);
static void print_stmt(struct out *o, const struct glsl_ast_stmt *s);
static void print_struct(struct out *o, const struct glsl_ast_struct *s);

static void
print_dims(struct out *o, const struct glsl_array_dim *d)
{
   for (; d; d = d->next) {
      put(o, "[");
      if (d->size)
         print_expr(o, d->size);
      put(o, "]");
   }
}

static void
print_spec(struct out *o, const struct glsl_type_spec *s)
{
   if (s->structure)
      print_struct(o, s->structure);
   else
      put(o, s->name ? s->name : "?");
   print_dims(o, s->array);
}

static void
print_qual(struct out *o, const struct glsl_qualifier *q)
{
   static const char *const storage[] = {
      [GLSL_STORAGE_NONE] = NULL, [GLSL_STORAGE_ATTRIBUTE] = "attribute",
      [GLSL_STORAGE_VARYING] = "varying", [GLSL_STORAGE_UNIFORM] = "uniform",
      [GLSL_STORAGE_IN] = "in", [GLSL_STORAGE_OUT] = "out", [GLSL_STORAGE_INOUT] = "inout",
      [GLSL_STORAGE_BUFFER] = "buffer", [GLSL_STORAGE_SHARED] = "shared",
   };
   static const char *const interp[] = { NULL, "smooth", "flat", "noperspective" };
   static const char *const prec[] = { NULL, "lowp", "mediump", "highp" };
   if (q->layout) {
      put(o, "layout(");
      for (const struct glsl_layout_id *l = q->layout; l; l = l->next) {
         put(o, l->name);
         if (l->value) {
            put(o, "=");
            print_expr(o, l->value);
         }
         if (l->next)
            put(o, ",");
      }
      put(o, ") ");
   }
   if (q->invariant)
      put(o, "invariant ");
   if (q->precise)
      put(o, "precise ");
   if (interp[q->interp]) {
      put(o, interp[q->interp]);
      put(o, " ");
   }
   if (q->centroid)
      put(o, "centroid ");
   if (q->sample)
      put(o, "sample ");
   if (q->patch)
      put(o, "patch ");
   if (q->constant)
      put(o, "const ");
   if (storage[q->storage]) {
      put(o, storage[q->storage]);
      put(o, " ");
   }
   if (q->coherent)
      put(o, "coherent ");
   if (q->volatile_)
      put(o, "volatile ");
   if (q->restrict_)
      put(o, "restrict ");
   if (q->readonly)
      put(o, "readonly ");
   if (q->writeonly)
      put(o, "writeonly ");
   if (prec[q->precision]) {
      put(o, prec[q->precision]);
      put(o, " ");
   }
}

static void
print_fst(struct out *o, const struct glsl_fully_spec_type *t)
{
   print_qual(o, &t->qual);
   print_spec(o, &t->spec);
}

static void
print_fields(struct out *o, const struct glsl_ast_field *f)
{
   put(o, "{");
   for (; f; f = f->next) {
      put(o, " ");
      print_fst(o, f->type);
      put(o, " ");
      put(o, f->name);
      print_dims(o, f->array);
      put(o, ";");
   }
   put(o, " }");
}

static void
print_struct(struct out *o, const struct glsl_ast_struct *s)
{
   put(o, "struct ");
   if (s->name) {
      put(o, s->name);
      put(o, " ");
   }
   print_fields(o, s->fields);
}

static void
print_args(struct out *o, const struct glsl_ast_arg *a)
{
   for (; a; a = a->next) {
      put(o, " ");
      print_expr(o, a->expr);
   }
}

static void
print_expr(struct out *o, const struct glsl_ast_expr *e)
{
   if (!e) {
      put(o, "()");
      return;
   }
   switch (e->kind) {
   case GLSL_EXPR_IDENT:
      put(o, e->name);
      return;
   case GLSL_EXPR_INT:
      putf(o, "%" PRIu64, e->value.u);
      return;
   case GLSL_EXPR_UINT:
      putf(o, "%" PRIu64 "u", e->value.u);
      return;
   case GLSL_EXPR_FLOAT:
      putf(o, "%.9g", e->value.d);
      return;
   case GLSL_EXPR_DOUBLE:
      putf(o, "%.17glf", e->value.d);
      return;
   case GLSL_EXPR_BOOL:
      put(o, e->value.b ? "true" : "false");
      return;
   case GLSL_EXPR_UNARY:
   case GLSL_EXPR_BINARY:
   case GLSL_EXPR_ASSIGN:
      put(o, "(");
      put(o, e->kind == GLSL_EXPR_UNARY && e->op == GLSL_OP_NEG ? "neg"
             : e->kind == GLSL_EXPR_UNARY && e->op == GLSL_OP_PLUS ? "pos"
             : glsl_op_name(e->op));
      put(o, " ");
      print_expr(o, e->sub[0]);
      if (e->kind != GLSL_EXPR_UNARY) {
         put(o, " ");
         print_expr(o, e->sub[1]);
      }
      put(o, ")");
      return;
   case GLSL_EXPR_TERNARY:
      put(o, "(?: ");
      print_expr(o, e->sub[0]);
      put(o, " ");
      print_expr(o, e->sub[1]);
      put(o, " ");
      print_expr(o, e->sub[2]);
      put(o, ")");
      return;
   case GLSL_EXPR_SEQUENCE:
      put(o, "(, ");
      print_expr(o, e->sub[0]);
      put(o, " ");
      print_expr(o, e->sub[1]);
      put(o, ")");
      return;
   case GLSL_EXPR_CALL:
      if (e->ctor_type) {
         put(o, "(ctor ");
         print_spec(o, e->ctor_type);
      } else {
         put(o, "(call ");
         put(o, e->name);
      }
      print_args(o, e->args);
      put(o, ")");
      return;
   case GLSL_EXPR_INDEX:
      put(o, "(index ");
      print_expr(o, e->sub[0]);
      put(o, " ");
      print_expr(o, e->sub[1]);
      put(o, ")");
      return;
   case GLSL_EXPR_FIELD:
      put(o, "(field ");
      print_expr(o, e->sub[0]);
      put(o, " ");
      put(o, e->name);
      put(o, ")");
      return;
   case GLSL_EXPR_LENGTH:
      put(o, "(length ");
      print_expr(o, e->sub[0]);
      put(o, ")");
      return;
   case GLSL_EXPR_INIT_LIST:
      put(o, "(init");
      print_args(o, e->args);
      put(o, ")");
      return;
   }
   put(o, "?");
}

static void
print_declarators(struct out *o, const struct glsl_ast_declarator *d)
{
   for (; d; d = d->next) {
      put(o, " ");
      put(o, d->name);
      print_dims(o, d->array);
      if (d->init) {
         put(o, " = ");
         print_expr(o, d->init);
      }
      if (d->next)
         put(o, ",");
   }
}

static void
print_decl(struct out *o, const struct glsl_ast_decl *d)
{
   switch (d->kind) {
   case GLSL_DECL_VARIABLES:
      put(o, "(var ");
      print_fst(o, &d->type);
      print_declarators(o, d->declarators);
      put(o, ")");
      return;
   case GLSL_DECL_TYPE:
      put(o, "(type ");
      print_fst(o, &d->type);
      put(o, ")");
      return;
   case GLSL_DECL_PRECISION:
      put(o, "(precision ");
      print_fst(o, &d->type);
      put(o, ")");
      return;
   case GLSL_DECL_INVARIANT:
      put(o, "(redeclare ");
      print_qual(o, &d->type.qual);
      put(o, "-");
      print_declarators(o, d->declarators);
      put(o, ")");
      return;
   case GLSL_DECL_QUALIFIER:
      put(o, "(default ");
      print_qual(o, &d->type.qual);
      put(o, "-)");
      return;
   case GLSL_DECL_BLOCK:
      put(o, "(block ");
      print_qual(o, &d->type.qual);
      put(o, d->block_name);
      put(o, " ");
      print_fields(o, d->block_fields);
      if (d->instance_name) {
         put(o, " ");
         put(o, d->instance_name);
         print_dims(o, d->instance_array);
      }
      put(o, ")");
      return;
   case GLSL_DECL_FUNCTION: {
      const struct glsl_ast_function *f = d->function;
      put(o, "(fn ");
      print_fst(o, &f->ret);
      put(o, " ");
      put(o, f->name);
      put(o, " (");
      for (const struct glsl_ast_param *prm = f->params; prm; prm = prm->next) {
         print_fst(o, &prm->type);
         if (prm->name) {
            put(o, " ");
            put(o, prm->name);
         }
         print_dims(o, prm->array);
         if (prm->next)
            put(o, ", ");
      }
      put(o, ")");
      if (f->body) {
         put(o, " ");
         print_stmt(o, f->body);
      }
      put(o, ")");
      return;
   }
   }
}

static void
print_stmt(struct out *o, const struct glsl_ast_stmt *s)
{
   switch (s->kind) {
   case GLSL_STMT_COMPOUND:
      put(o, "{");
      for (const struct glsl_ast_stmt *c = s->body; c; c = c->next) {
         put(o, " ");
         print_stmt(o, c);
      }
      put(o, " }");
      return;
   case GLSL_STMT_DECL:
      print_decl(o, s->decl);
      return;
   case GLSL_STMT_EXPR:
      if (s->expr)
         print_expr(o, s->expr);
      else
         put(o, ";");
      return;
   case GLSL_STMT_IF:
      put(o, "(if ");
      print_expr(o, s->expr);
      put(o, " ");
      print_stmt(o, s->then_);
      if (s->else_) {
         put(o, " ");
         print_stmt(o, s->else_);
      }
      put(o, ")");
      return;
   case GLSL_STMT_SWITCH:
      put(o, "(switch ");
      print_expr(o, s->expr);
      put(o, " ");
      print_stmt(o, s->body);
      put(o, ")");
      return;
   case GLSL_STMT_CASE:
      put(o, "(case ");
      print_expr(o, s->expr);
      put(o, ")");
      return;
   case GLSL_STMT_DEFAULT:
      put(o, "(default)");
      return;
   case GLSL_STMT_WHILE:
      put(o, "(while ");
      if (s->decl)
         print_decl(o, s->decl);
      else
         print_expr(o, s->expr);
      put(o, " ");
      print_stmt(o, s->body);
      put(o, ")");
      return;
   case GLSL_STMT_DO:
      put(o, "(do ");
      print_stmt(o, s->body);
      put(o, " ");
      print_expr(o, s->expr);
      put(o, ")");
      return;
   case GLSL_STMT_FOR:
      put(o, "(for ");
      print_stmt(o, s->init);
      put(o, " ");
      if (s->decl)
         print_decl(o, s->decl);
      else
         print_expr(o, s->expr);
      put(o, " ");
      print_expr(o, s->iter);
      put(o, " ");
      print_stmt(o, s->body);
      put(o, ")");
      return;
   case GLSL_STMT_CONTINUE:
      put(o, "(continue)");
      return;
   case GLSL_STMT_BREAK:
      put(o, "(break)");
      return;
   case GLSL_STMT_RETURN:
      put(o, "(return");
      if (s->expr) {
         put(o, " ");
         print_expr(o, s->expr);
      }
      put(o, ")");
      return;
   case GLSL_STMT_DISCARD:
      put(o, "(discard)");
      return;
   }
}

char *
glsl_ast_print_unit(struct glsl_arena *a, const struct glsl_ast_unit *u)
{
   struct out o = { a, NULL, 0, 0 };
   put(&o, "");
   for (const struct glsl_ast_decl *d = u->decls; d; d = d->next) {
      print_decl(&o, d);
      put(&o, "\n");
   }
   return o.buf;
}

char *
glsl_ast_print_expr(struct glsl_arena *a, const struct glsl_ast_expr *e)
{
   struct out o = { a, NULL, 0, 0 };
   put(&o, "");
   print_expr(&o, e);
   return o.buf;
}
