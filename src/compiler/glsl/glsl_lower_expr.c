/*
 * Lowering of GLSL expressions to Pony IR (glsl_lower_internal.h: values
 * are lists of pieces, places are refs into leaves).
 */
#include <string.h>

#include "glsl_lower_internal.h"

/* ---- values ----------------------------------------------------------- */

unsigned
type_pieces(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return (t->length > 0 ? (unsigned)t->length : 0) * type_pieces(t->element);
   if (glsl_type_is_struct(t) || glsl_type_is_interface(t)) {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += type_pieces(t->fields[i].type);
      return n;
   }
   if (glsl_type_is_matrix(t))
      return t->matrix_columns;
   if (glsl_type_is_void(t) || glsl_type_is_error(t))
      return 0;
   return 1;
}

struct val
val_new(struct lower *l, const struct glsl_type *t, unsigned n)
{
   struct val v = { t, n, glsl_alloc_array(l->a, n + 1, sizeof(struct ir_instr *)) };
   return v;
}

struct val
val_one(struct lower *l, const struct glsl_type *t, struct ir_instr *x)
{
   struct val v = val_new(l, t, 1);
   v.c[0] = x;
   return v;
}

enum ir_base_type
lower_ir_base(enum glsl_base_type b)
{
   switch (b) {
   case GLSL_TYPE_BOOL: return IR_BOOL;
   case GLSL_TYPE_INT: return IR_INT;
   case GLSL_TYPE_UINT: return IR_UINT;
   default: return IR_FLOAT;
   }
}

struct ir_instr *
imm_float(struct lower *l, float f)
{
   return ir_build_imm_float(&l->b, f);
}

struct ir_instr *
comp(struct lower *l, struct ir_instr *v, unsigned c)
{
   if (v->type.comps == 1)
      return v;
   return ir_build_channel(&l->b, v, c);
}

struct ir_instr *
splat(struct lower *l, struct ir_instr *s, unsigned n)
{
   if (n <= 1 || s->type.comps == n)
      return s;
   struct ir_instr *c[4] = { s, s, s, s };
   return ir_build_vec(&l->b, c, n);
}

/* the constant's scalars in order, piece by piece */
struct const_walk {
   const struct glsl_const *c;
   unsigned at;
   struct val v;
   unsigned n;
};

static void
const_rec(struct lower *l, struct const_walk *w, const struct glsl_type *t)
{
   if (glsl_type_is_array(t)) {
      for (int i = 0; i < t->length; i++)
         const_rec(l, w, t->element);
      return;
   }
   if (glsl_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++)
         const_rec(l, w, t->fields[i].type);
      return;
   }
   unsigned cols = glsl_type_is_matrix(t) ? t->matrix_columns : 1;
   unsigned rows = t->vector_elements ? t->vector_elements : 1;
   enum ir_base_type base = lower_ir_base((enum glsl_base_type)t->base);
   for (unsigned c = 0; c < cols; c++) {
      union ir_const_value vals[4];
      memset(vals, 0, sizeof vals);
      for (unsigned r = 0; r < rows; r++) {
         union glsl_scalar s = w->at < w->c->n ? w->c->v[w->at] : (union glsl_scalar){ 0 };
         w->at++;
         switch (base) {
         case IR_BOOL: vals[r].b = s.b; break;
         case IR_INT: vals[r].i32 = s.i; break;
         case IR_UINT: vals[r].u32 = s.u; break;
         default: vals[r].f32 = t->base == GLSL_TYPE_DOUBLE ? (float)s.d : s.f; break;
         }
      }
      w->v.c[w->n++] = ir_build_const(&l->b, ir_type_make(base, rows), vals);
   }
}

struct val
lower_const(struct lower *l, const struct glsl_const *c)
{
   struct const_walk w = { c, 0, val_new(l, c->type, type_pieces(c->type)), 0 };
   const_rec(l, &w, c->type);
   return w.v;
}

struct ir_instr *
lower_convert_piece(struct lower *l, struct ir_instr *v, enum ir_base_type to)
{
   enum ir_base_type from = (enum ir_base_type)v->type.base;
   if (from == to)
      return v;
   struct ir_builder *b = &l->b;
   switch (to) {
   case IR_FLOAT:
      return from == IR_INT ? ir_build_i2f(b, v) : from == IR_UINT ? ir_build_u2f(b, v)
                                                                     : ir_build_b2f(b, v);
   case IR_INT:
      if (from == IR_FLOAT)
         return ir_build_f2i(b, v);
      if (from == IR_UINT)
         return ir_build_u2i(b, v);
      return ir_build_alu_typed(b, IR_OP_b2i, ir_type_make(IR_INT, v->type.comps), &v, 1);
   case IR_UINT:
      if (from == IR_FLOAT)
         return ir_build_f2u(b, v);
      if (from == IR_INT)
         return ir_build_i2u(b, v);
      return ir_build_alu_typed(b, IR_OP_b2i, ir_type_make(IR_UINT, v->type.comps), &v, 1);
   default:
      return from == IR_FLOAT ? ir_build_f2b(b, v) : ir_build_i2b(b, v);
   }
}

/* v converted to a type of the same shape (only the base changes) */
struct val
lower_convert(struct lower *l, struct val v, const struct glsl_type *to)
{
   if (!to || glsl_type_is_error(to) || glsl_type_is_void(to))
      return v;
   const struct glsl_type *leaf = glsl_type_without_array(to);
   if (glsl_type_is_basic(leaf) && !glsl_type_is_struct(to)) {
      enum ir_base_type b = lower_ir_base((enum glsl_base_type)leaf->base);
      struct val r = val_new(l, to, v.n);
      for (unsigned i = 0; i < v.n; i++)
         r.c[i] = v.c[i] ? lower_convert_piece(l, v.c[i], b) : NULL;
      return r;
   }
   v.type = to;
   return v;
}

/* The first piece's first component, for conditions. */
struct ir_instr *
lower_bool(struct lower *l, const struct glsl_ast_expr *e)
{
   struct val v = lower_expr(l, e);
   if (!v.n || !v.c[0])
      return ir_build_imm_bool(&l->b, false);
   return lower_convert_piece(l, comp(l, v.c[0], 0), IR_BOOL);
}

/* a == b (equal) or a != b over every piece */
struct val
val_equal(struct lower *l, struct val a, struct val b, bool equal)
{
   struct ir_instr *all = NULL;
   for (unsigned i = 0; i < a.n && i < b.n; i++) {
      struct ir_instr *x = a.c[i], *y = b.c[i];
      struct ir_instr *eq;
      if (x->type.base == IR_FLOAT)
         eq = ir_build_feq(&l->b, x, y);
      else if (x->type.base == IR_BOOL)
         eq = ir_build_beq(&l->b, x, y);
      else
         eq = ir_build_ieq(&l->b, x, y);
      if (eq->type.comps > 1)
         eq = ir_build_ball(&l->b, eq);
      all = all ? ir_build_band(&l->b, all, eq) : eq;
   }
   if (!all)
      all = ir_build_imm_bool(&l->b, true);
   if (!equal)
      all = ir_build_bnot(&l->b, all);
   return val_one(l, &glsl_type_bool, all);
}

/* ---- expressions without side effects ---------------------------------- */

/* No assignment, ++/-- or user call inside: evaluating it when not needed
 * is harmless (?:, && and || may then use selects). */
static bool
pure_expr(const struct glsl_ast_expr *e)
{
   if (!e)
      return true;
   if (e->constant)
      return true;
   switch (e->kind) {
   case GLSL_EXPR_ASSIGN:
      return false;
   case GLSL_EXPR_UNARY:
      if (e->op == GLSL_OP_PRE_INC || e->op == GLSL_OP_PRE_DEC || e->op == GLSL_OP_POST_INC ||
          e->op == GLSL_OP_POST_DEC)
         return false;
      break;
   case GLSL_EXPR_CALL:
      if (e->fn && !e->fn->builtin)
         return false;
      for (const struct glsl_ast_arg *a = e->args; a; a = a->next)
         if (!pure_expr(a->expr))
            return false;
      return true;
   default:
      break;
   }
   for (unsigned i = 0; i < 3; i++)
      if (!pure_expr(e->sub[i]))
         return false;
   return true;
}

/* ---- half precision (mediump_fp16) ------------------------------------- */

static bool
half_precision(const struct lower *l, enum glsl_precision p)
{
   return l->in->opts && l->in->opts->mediump_fp16 &&
          (p == GLSL_PRECISION_MEDIUM || p == GLSL_PRECISION_LOW);
}

bool
lower_is_half(const struct lower *l, const struct glsl_ast_expr *e)
{
   return half_precision(l, e->precision);
}

/* One operation of a half-precision evaluation: arithmetic, a comparison,
 * a negation or a built-in call other than a texture lookup. */
static bool
is_operation(const struct glsl_ast_expr *e)
{
   switch (e->kind) {
   case GLSL_EXPR_UNARY:
      return e->op == GLSL_OP_NEG;
   case GLSL_EXPR_BINARY:
      return e->op != GLSL_OP_AND && e->op != GLSL_OP_OR && e->op != GLSL_OP_XOR;
   case GLSL_EXPR_CALL:
      return e->fn && e->fn->builtin && !e->ctor_type &&
             !(e->args && glsl_type_is_sampler(e->args->expr->type));
   default:
      return false;
   }
}

/* Built-ins that are one operation of a GPU's (or Mesa's NIR's) */
static bool
single_operation_builtin(enum glsl_builtin_op op)
{
   switch (op) {
   case GLSL_BUILTIN_SQRT: case GLSL_BUILTIN_INVERSESQRT: case GLSL_BUILTIN_EXP2:
   case GLSL_BUILTIN_LOG2: case GLSL_BUILTIN_SIN: case GLSL_BUILTIN_COS:
   case GLSL_BUILTIN_POW: case GLSL_BUILTIN_ABS: case GLSL_BUILTIN_SIGN:
   case GLSL_BUILTIN_FLOOR: case GLSL_BUILTIN_CEIL: case GLSL_BUILTIN_FRACT:
   case GLSL_BUILTIN_MIN: case GLSL_BUILTIN_MAX: case GLSL_BUILTIN_STEP:
      return true;
   default:
      return false;
   }
}

/* o's value is (or, on half-precision hardware, would be) a half: a
 * literal, a half operation's result, or a mediump/lowp local, parameter
 * or plain global (which hold results of operations; inputs and uniforms
 * hold 32-bit values), or made of them (constructors, swizzles, ?:) */
static bool
half_valued(const struct lower *l, const struct glsl_ast_expr *o)
{
   if (o->constant)
      return true;
   if (!lower_is_half(l, o))
      return false;
   if (is_operation(o))
      return true;
   switch (o->kind) {
   case GLSL_EXPR_IDENT:
      return lower_var_holds_half(l, o->var);
   case GLSL_EXPR_INDEX:
   case GLSL_EXPR_FIELD:
      return half_valued(l, o->sub[0]);
   case GLSL_EXPR_TERNARY:
      return half_valued(l, o->sub[1]) || half_valued(l, o->sub[2]);
   case GLSL_EXPR_CALL:
      if (o->ctor_type) {
         for (const struct glsl_ast_arg *a = o->args; a; a = a->next)
            if (half_valued(l, a->expr))
               return true;
         return false;
      }
      /* a user function's result: its return expression's */
      return o->fn && !o->fn->builtin;
   default:
      return false;
   }
}

bool
lower_var_holds_half(const struct lower *l, const struct glsl_variable *v)
{
   return v && (v->mode == GLSL_VAR_LOCAL || v->mode == GLSL_VAR_PARAM ||
                v->mode == GLSL_VAR_GLOBAL) && half_precision(l, v->precision);
}

bool
lower_stores_half(const struct lower *l, const struct glsl_ast_expr *place)
{
   const struct glsl_ast_expr *root = place;
   while (root->kind == GLSL_EXPR_INDEX || root->kind == GLSL_EXPR_FIELD)
      root = root->sub[0];
   return root->kind == GLSL_EXPR_IDENT && lower_var_holds_half(l, root->var) &&
          lower_is_half(l, place);
}

bool
lower_half_operation(const struct lower *l, const struct glsl_ast_expr *e)
{
   if (!lower_is_half(l, e))
      return false;
   if (l->node_feeds_half)
      return true;
   /* one operation on values that are all converted to half precision and
    * back: computed in single precision (what Mesa's NIR makes of it) */
   bool single;
   if (e->kind == GLSL_EXPR_CALL)
      single = single_operation_builtin((enum glsl_builtin_op)((const struct glsl_builtin_function *)
                                                              e->fn->builtin)->op);
   else if (e->kind == GLSL_EXPR_BINARY)
      single = !glsl_type_is_matrix(e->sub[0]->type) && !glsl_type_is_matrix(e->sub[1]->type) &&
               e->op != GLSL_OP_MOD;
   else
      single = true;
   if (!single)
      return true;
   unsigned n = e->kind == GLSL_EXPR_BINARY ? 2 : e->kind == GLSL_EXPR_UNARY ? 1 : 0;
   for (unsigned i = 0; i < n; i++) {
      if (half_valued(l, e->sub[i]))
         return true;
   }
   for (const struct glsl_ast_arg *a = e->kind == GLSL_EXPR_CALL ? e->args : NULL; a; a = a->next) {
      if (half_valued(l, a->expr))
         return true;
   }
   return false;
}

/* e's value is known when the shader is compiled: a constant expression,
 * a local never assigned after an initializer of such values, or
 * operations on them (what a compiler's constant propagation finds) */
static bool
const_valued(const struct glsl_ast_expr *e)
{
   if (e->constant)
      return true;
   switch (e->kind) {
   case GLSL_EXPR_IDENT:
      return e->var && e->var->mode == GLSL_VAR_LOCAL && !e->var->assigned && e->var->init &&
             const_valued(e->var->init);
   case GLSL_EXPR_FIELD:
      return const_valued(e->sub[0]);
   case GLSL_EXPR_UNARY:
      return e->op == GLSL_OP_NEG && const_valued(e->sub[0]);
   case GLSL_EXPR_BINARY:
      return (e->op == GLSL_OP_ADD || e->op == GLSL_OP_SUB || e->op == GLSL_OP_MUL ||
              e->op == GLSL_OP_DIV) && const_valued(e->sub[0]) && const_valued(e->sub[1]);
   case GLSL_EXPR_CALL:
      if (!e->ctor_type && !(e->fn && e->fn->builtin))
         return false;
      for (const struct glsl_ast_arg *a = e->args; a; a = a->next) {
         if (glsl_type_is_sampler(a->expr->type) || !const_valued(a->expr))
            return false;
      }
      return true;
   default:
      return false;
   }
}

static bool
float_vector(const struct glsl_ast_expr *e)
{
   return e->type->base == GLSL_TYPE_FLOAT && glsl_type_is_basic(e->type) &&
          !glsl_type_is_matrix(e->type);
}

/* e is (x * a) * b or (x + a) + b (also x - a, - b, and the known operand
 * on the left of a product or sum) with a and b known values and x not:
 * fills *x, *a, *b and whether a and b are subtracted */
static bool
const_chain(const struct glsl_ast_expr *e, const struct glsl_ast_expr **x,
            const struct glsl_ast_expr **a, const struct glsl_ast_expr **b, bool *neg_a, bool *neg_b)
{
   bool mul = e->op == GLSL_OP_MUL;
   if (!mul && e->op != GLSL_OP_ADD && e->op != GLSL_OP_SUB)
      return false;
   int bi = const_valued(e->sub[1]) ? 1 : e->op != GLSL_OP_SUB && const_valued(e->sub[0]) ? 0 : -1;
   if (bi < 0 || const_valued(e->sub[1 - bi]))
      return false;
   const struct glsl_ast_expr *in = e->sub[1 - bi];
   if (in->kind != GLSL_EXPR_BINARY ||
       (mul ? in->op != GLSL_OP_MUL : in->op != GLSL_OP_ADD && in->op != GLSL_OP_SUB))
      return false;
   int ai = const_valued(in->sub[1]) ? 1 : in->op != GLSL_OP_SUB && const_valued(in->sub[0]) ? 0 : -1;
   if (ai < 0 || const_valued(in->sub[1 - ai]))
      return false;
   if (!float_vector(e) || !float_vector(in->sub[0]) || !float_vector(in->sub[1]) ||
       !float_vector(e->sub[bi]))
      return false;
   *x = in->sub[1 - ai];
   *a = in->sub[ai];
   *b = e->sub[bi];
   *neg_a = in->op == GLSL_OP_SUB;
   *neg_b = e->op == GLSL_OP_SUB;
   return true;
}

struct val
lower_operand(struct lower *l, const struct glsl_ast_expr *e, bool half)
{
   l->feeds_half = half;
   struct val v = lower_expr(l, e);
   return half ? lower_round_half(l, v) : v;
}

/* unpackHalf2x16(packHalf2x16(v)) two components at a time */
struct ir_instr *
lower_round_half_piece(struct lower *l, struct ir_instr *x)
{
   struct ir_builder *b = &l->b;
   unsigned n = x->type.comps;
   struct ir_instr *out[4];
   for (unsigned k = 0; k < n; k += 2) {
      struct ir_instr *pair[2] = { comp(l, x, k), comp(l, x, k + 1 < n ? k + 1 : k) };
      struct ir_instr *h = ir_build_unpack_half_2x16(b, ir_build_pack_half_2x16(b,
                                                           ir_build_vec(b, pair, 2)));
      out[k] = comp(l, h, 0);
      if (k + 1 < n)
         out[k + 1] = comp(l, h, 1);
   }
   return n == 1 ? out[0] : ir_build_vec(b, out, n);
}

struct val
lower_round_half(struct lower *l, struct val v)
{
   for (unsigned i = 0; i < v.n; i++) {
      if (v.c[i] && v.c[i]->type.base == IR_FLOAT)
         v.c[i] = lower_round_half_piece(l, v.c[i]);
   }
   return v;
}

/* dot(x, y) as half-precision hardware does it: each product rounded,
 * then summed from the last: x0 y0 + (x1 y1 + (x2 y2 + x3 y3)), each sum
 * rounded (measured on llvmpipe) */
struct ir_instr *
lower_half_dot(struct lower *l, struct ir_instr *x, struct ir_instr *y)
{
   struct ir_builder *b = &l->b;
   unsigned n = x->type.comps;
   struct ir_instr *sum = NULL;
   for (unsigned i = n; i-- > 0;) {
      struct ir_instr *p = lower_round_half_piece(l, ir_build_fmul(b, comp(l, x, i), comp(l, y, i)));
      sum = sum ? lower_round_half_piece(l, ir_build_fadd(b, p, sum)) : p;
   }
   return sum;
}

/* ---- operators -------------------------------------------------------- */

static struct ir_instr *
alu2(struct lower *l, enum glsl_op op, struct ir_instr *x, struct ir_instr *y)
{
   struct ir_builder *b = &l->b;
   enum ir_base_type t = (enum ir_base_type)x->type.base;
   unsigned n = x->type.comps > y->type.comps ? x->type.comps : y->type.comps;
   if (op != GLSL_OP_SHL && op != GLSL_OP_SHR) {
      x = splat(l, x, n);
      y = splat(l, y, n);
   } else {
      y = splat(l, y, x->type.comps);
   }
   switch (op) {
   case GLSL_OP_ADD: return t == IR_FLOAT ? ir_build_fadd(b, x, y) : ir_build_iadd(b, x, y);
   case GLSL_OP_SUB: return t == IR_FLOAT ? ir_build_fsub(b, x, y) : ir_build_isub(b, x, y);
   case GLSL_OP_MUL: return t == IR_FLOAT ? ir_build_fmul(b, x, y) : ir_build_imul(b, x, y);
   case GLSL_OP_DIV:
      return t == IR_FLOAT ? ir_build_fdiv(b, x, y) : t == IR_UINT ? ir_build_udiv(b, x, y)
                                                                   : ir_build_idiv(b, x, y);
   case GLSL_OP_MOD:
      return t == IR_FLOAT ? ir_build_fmod(b, x, y) : t == IR_UINT ? ir_build_umod(b, x, y)
                                                                   : ir_build_imod(b, x, y);
   case GLSL_OP_SHL: return ir_build_ishl(b, x, y);
   case GLSL_OP_SHR: return t == IR_UINT ? ir_build_ushr(b, x, y) : ir_build_ishr(b, x, y);
   case GLSL_OP_BIT_AND: return ir_build_iand(b, x, y);
   case GLSL_OP_BIT_OR: return ir_build_ior(b, x, y);
   case GLSL_OP_BIT_XOR: return ir_build_ixor(b, x, y);
   case GLSL_OP_LT:
      return t == IR_FLOAT ? ir_build_flt(b, x, y) : t == IR_UINT ? ir_build_ult(b, x, y)
                                                                  : ir_build_ilt(b, x, y);
   case GLSL_OP_GT:
      return t == IR_FLOAT ? ir_build_fgt(b, x, y) : t == IR_UINT ? ir_build_ugt(b, x, y)
                                                                  : ir_build_igt(b, x, y);
   case GLSL_OP_LE:
      return t == IR_FLOAT ? ir_build_fle(b, x, y) : t == IR_UINT ? ir_build_ule(b, x, y)
                                                                  : ir_build_ile(b, x, y);
   case GLSL_OP_GE:
      return t == IR_FLOAT ? ir_build_fge(b, x, y) : t == IR_UINT ? ir_build_uge(b, x, y)
                                                                  : ir_build_ige(b, x, y);
   default:
      return x;
   }
}

static bool
is_compound(enum glsl_op op)
{
   return op >= GLSL_OP_MUL_ASSIGN && op <= GLSL_OP_OR_ASSIGN;
}

/* the binary operator of a compound assignment */
static enum glsl_op
compound_op(enum glsl_op op)
{
   switch (op) {
   case GLSL_OP_MUL_ASSIGN: return GLSL_OP_MUL;
   case GLSL_OP_DIV_ASSIGN: return GLSL_OP_DIV;
   case GLSL_OP_MOD_ASSIGN: return GLSL_OP_MOD;
   case GLSL_OP_ADD_ASSIGN: return GLSL_OP_ADD;
   case GLSL_OP_SUB_ASSIGN: return GLSL_OP_SUB;
   case GLSL_OP_SHL_ASSIGN: return GLSL_OP_SHL;
   case GLSL_OP_SHR_ASSIGN: return GLSL_OP_SHR;
   case GLSL_OP_AND_ASSIGN: return GLSL_OP_BIT_AND;
   case GLSL_OP_XOR_ASSIGN: return GLSL_OP_BIT_XOR;
   default: return GLSL_OP_BIT_OR;
   }
}

/* The base both operands convert to (float over uint over int). */
static const struct glsl_type *
with_base(const struct glsl_type *t, enum glsl_base_type b)
{
   if (!glsl_type_is_basic(t) || t->base == b)
      return t;
   return glsl_type_get_instance(b, t->vector_elements, t->matrix_columns);
}

static enum glsl_base_type
common_base(const struct glsl_type *a, const struct glsl_type *b)
{
   if (a->base == GLSL_TYPE_FLOAT || b->base == GLSL_TYPE_FLOAT)
      return GLSL_TYPE_FLOAT;
   if (a->base == GLSL_TYPE_UINT || b->base == GLSL_TYPE_UINT)
      return GLSL_TYPE_UINT;
   return (enum glsl_base_type)a->base;
}

/* x, rounded to half precision when half */
static struct ir_instr *
half_op(struct lower *l, struct ir_instr *x, bool half)
{
   return half ? lower_round_half_piece(l, x) : x;
}

/* a op b for the arithmetic, bitwise, shift and relational operators;
 * result: the expression's type; half: a half-precision operation (the
 * operands are rounded already; matrix products round each step) */
static struct val
binop(struct lower *l, enum glsl_op op, struct val a, struct val b,
      const struct glsl_type *result, bool half)
{
   const struct glsl_type *ta = a.type, *tb = b.type;
   if (op != GLSL_OP_SHL && op != GLSL_OP_SHR) {
      enum glsl_base_type cb = common_base(ta, tb);
      a = lower_convert(l, a, ta = with_base(ta, cb));
      b = lower_convert(l, b, tb = with_base(tb, cb));
   }
   struct ir_builder *bld = &l->b;
   if (op == GLSL_OP_MUL && glsl_type_is_matrix(ta) && glsl_type_is_matrix(tb)) {
      /* column j of A * B = sum over k of A[k] * B[j][k] */
      struct val r = val_new(l, result, tb->matrix_columns);
      for (unsigned j = 0; j < tb->matrix_columns; j++) {
         struct ir_instr *sum = NULL;
         for (unsigned k = 0; k < ta->matrix_columns; k++) {
            struct ir_instr *t = ir_build_fmul(bld, a.c[k],
                                               splat(l, comp(l, b.c[j], k), ta->vector_elements));
            sum = sum ? half_op(l, ir_build_fadd(bld, sum, half_op(l, t, half)), half)
                      : half_op(l, t, half);
         }
         r.c[j] = sum;
      }
      return r;
   }
   if (op == GLSL_OP_MUL && glsl_type_is_matrix(ta) && glsl_type_is_vector(tb)) {
      struct ir_instr *sum = NULL;
      for (unsigned k = 0; k < ta->matrix_columns; k++) {
         struct ir_instr *t = ir_build_fmul(bld, a.c[k],
                                            splat(l, comp(l, b.c[0], k), ta->vector_elements));
         sum = sum ? half_op(l, ir_build_fadd(bld, sum, half_op(l, t, half)), half)
                   : half_op(l, t, half);
      }
      return val_one(l, result, sum);
   }
   if (op == GLSL_OP_MUL && glsl_type_is_vector(ta) && glsl_type_is_matrix(tb)) {
      struct ir_instr *c[4];
      for (unsigned j = 0; j < tb->matrix_columns; j++)
         c[j] = half ? lower_half_dot(l, a.c[0], b.c[j]) : ir_build_fdot(bld, a.c[0], b.c[j]);
      return val_one(l, result, ir_build_vec(bld, c, tb->matrix_columns));
   }
   /* component-wise, a scalar operand applying to every component */
   unsigned n = a.n > b.n ? a.n : b.n;
   struct val r = val_new(l, result, n);
   for (unsigned i = 0; i < n; i++)
      r.c[i] = alu2(l, op, a.c[a.n == 1 ? 0 : i], b.c[b.n == 1 ? 0 : i]);
   return r;
}

/* ---- places ----------------------------------------------------------- */

static struct idx
index_of(struct lower *l, const struct glsl_ast_expr *e)
{
   struct idx i = { NULL, 0 };
   int64_t k;
   if (e->constant && glsl_const_get_int(e->constant, &k)) {
      i.k = (int)k;
      return i;
   }
   struct val v = lower_expr(l, e);
   i.dyn = v.n ? lower_convert_piece(l, v.c[0], IR_INT) : ir_build_imm_int(&l->b, 0);
   return i;
}

bool
lower_place(struct lower *l, const struct glsl_ast_expr *e, struct lval *out)
{
   memset(out, 0, sizeof *out);
   switch (e->kind) {
   case GLSL_EXPR_IDENT:
      if (!e->var || (e->var->mode == GLSL_VAR_CONST && e->constant))
         return false;
      out->r = ref_of_storage(lower_var_storage(l, e->var));
      return true;
   case GLSL_EXPR_INDEX: {
      const struct glsl_type *bt = e->sub[0]->type;
      if (!glsl_type_is_array(bt) && !glsl_type_is_matrix(bt) && !glsl_type_is_vector(bt))
         return false;
      struct lval base;
      if (!lower_place(l, e->sub[0], &base))
         return false;
      struct idx i = index_of(l, e->sub[1]);
      if (glsl_type_is_vector(bt)) {
         *out = base;
         if (!i.dyn && base.swz_len) {
            out->swz[0] = base.swz[i.k >= 0 && (unsigned)i.k < base.swz_len ? i.k : 0];
            out->swz_len = 1;
         } else if (!i.dyn) {
            out->swz[0] = (uint8_t)(i.k >= 0 && i.k < 4 ? i.k : 0);
            out->swz_len = 1;
         } else {
            out->dyncomp = lower_idx_value(l, i);
         }
         return true;
      }
      if (base.swz_len || base.dyncomp)
         return false;
      out->r = ref_index(l, base.r, i);
      return true;
   }
   case GLSL_EXPR_FIELD: {
      const struct glsl_type *bt = e->sub[0]->type;
      if (e->swizzle_len && glsl_type_is_scalar(bt) && e->sub[0]->kind == GLSL_EXPR_INDEX &&
          e->swizzle_len > 1)
         return false;   /* v[i].xx: a value, not a place */
      bool aggregate = glsl_type_is_struct(bt) || glsl_type_is_interface(bt);
      if (!aggregate && !e->swizzle_len)
         return false;
      struct lval base;
      if (!lower_place(l, e->sub[0], &base))
         return false;
      if (aggregate) {
         if (base.swz_len || base.dyncomp)
            return false;
         out->r = ref_field(l, base.r, (unsigned)e->field);
         return true;
      }
      *out = base;
      if (base.dyncomp)
         return true;   /* v[i].x */
      for (unsigned c = 0; c < e->swizzle_len; c++)
         out->swz[c] = base.swz_len ? base.swz[e->swizzle[c]] : e->swizzle[c];
      out->swz_len = e->swizzle_len;
      return true;
   }
   default:
      return false;
   }
}

struct val
lval_load(struct lower *l, const struct lval *lv)
{
   struct val v = ref_load(l, lv->r);
   if (!lv->swz_len && !lv->dyncomp)
      return v;
   struct ir_instr *x = v.c[0];
   if (lv->swz_len)
      x = x->type.comps == 1 && lv->swz_len == 1 ? x : ir_build_swizzle(&l->b, x, lv->swz,
                                                                         lv->swz_len);
   if (lv->dyncomp && x->type.comps > 1) {
      struct ir_instr *c[4];
      for (unsigned i = 0; i < x->type.comps; i++)
         c[i] = comp(l, x, i);
      struct ir_instr *r = c[x->type.comps - 1];
      for (unsigned i = x->type.comps - 1; i-- > 0;)
         r = ir_build_select(&l->b, ir_build_ieq(&l->b, lv->dyncomp,
                                                 ir_build_imm_int(&l->b, (int32_t)i)),
                             c[i], r);
      x = r;
   }
   const struct glsl_type *t = lv->r.type;
   return val_one(l, glsl_type_get_instance((enum glsl_base_type)t->base, x->type.comps, 1), x);
}

void
lval_store(struct lower *l, const struct lval *lv, struct val v)
{
   if (!v.n)
      return;
   if (!lv->swz_len && !lv->dyncomp) {
      ref_store(l, lv->r, v);
      return;
   }
   struct val curv = ref_load(l, lv->r);
   struct ir_instr *cur = curv.c[0];
   unsigned n = cur->type.comps;
   struct ir_instr *c[4];
   for (unsigned i = 0; i < n; i++)
      c[i] = comp(l, cur, i);
   struct ir_instr *x = v.c[0];
   unsigned m = lv->swz_len ? lv->swz_len : n;
   for (unsigned i = 0; i < m; i++) {
      unsigned target = lv->swz_len ? lv->swz[i] : i;
      if (target >= n)
         continue;
      if (lv->dyncomp) {
         struct ir_instr *eq = ir_build_ieq(&l->b, lv->dyncomp,
                                            ir_build_imm_int(&l->b, (int32_t)i));
         c[target] = ir_build_select(&l->b, eq, comp(l, x, 0), c[target]);
      } else {
         c[target] = comp(l, x, i);
      }
   }
   ref_store(l, lv->r, val_one(l, lv->r.type, ir_build_vec(&l->b, c, n)));
}

/* ---- pieces of values ------------------------------------------------- */

/* v[i] of an array, matrix or vector value with a constant index */
static struct val
val_index(struct lower *l, struct val v, const struct glsl_type *rt, int i)
{
   const struct glsl_type *t = v.type;
   if (glsl_type_is_array(t)) {
      unsigned per = type_pieces(t->element);
      unsigned at = (i >= 0 && i < t->length ? (unsigned)i : 0) * per;
      struct val r = val_new(l, rt, per);
      for (unsigned k = 0; k < per && at + k < v.n; k++)
         r.c[k] = v.c[at + k];
      return r;
   }
   if (glsl_type_is_matrix(t))
      return val_one(l, rt, v.c[i >= 0 && (unsigned)i < v.n ? (unsigned)i : 0]);
   return val_one(l, rt, comp(l, v.c[0], i >= 0 && (unsigned)i < t->vector_elements ? i : 0));
}

static struct val
val_field(struct lower *l, struct val v, const struct glsl_type *rt, unsigned f)
{
   unsigned at = 0;
   for (unsigned i = 0; i < f; i++)
      at += type_pieces(v.type->fields[i].type);
   unsigned per = type_pieces(rt);
   struct val r = val_new(l, rt, per);
   for (unsigned k = 0; k < per && at + k < v.n; k++)
      r.c[k] = v.c[at + k];
   return r;
}

static struct val
lower_index_or_field(struct lower *l, const struct glsl_ast_expr *e)
{
   struct lval lv;
   bool feeds_half = l->node_feeds_half;
   if (lower_place(l, e, &lv))
      return lval_load(l, &lv);
   l->feeds_half = feeds_half;   /* (a * b).x: so does a * b */
   struct val base = lower_expr(l, e->sub[0]);
   if (!base.n)
      return val_new(l, e->type, 0);
   if (e->kind == GLSL_EXPR_FIELD) {
      if (e->swizzle_len) {
         struct ir_instr *x = base.c[0];
         if (x->type.comps == 1 && e->swizzle_len == 1)
            return val_one(l, e->type, x);
         if (x->type.comps == 1)
            return val_one(l, e->type, splat(l, x, e->swizzle_len));
         return val_one(l, e->type, ir_build_swizzle(&l->b, x, e->swizzle, e->swizzle_len));
      }
      return val_field(l, base, e->type, (unsigned)e->field);
   }
   struct idx i = index_of(l, e->sub[1]);
   if (!i.dyn)
      return val_index(l, base, e->type, i.k);
   if (glsl_type_is_vector(base.type)) {
      struct lval tmp = { ref_of_storage(lower_temp(l, base.type, "tmp")), { 0 }, 0, NULL };
      ref_store(l, tmp.r, base);
      tmp.dyncomp = i.dyn;
      return lval_load(l, &tmp);
   }
   /* a dynamic index into a temporary array or matrix: through a local */
   struct ref r = ref_of_storage(lower_temp(l, base.type, "tmp"));
   ref_store(l, r, base);
   return ref_load(l, ref_index(l, r, i));
}

/* ---- constructors ----------------------------------------------------- */

/* every component of every argument, converted to base */
struct comps {
   struct ir_instr **c;
   unsigned n;
};

static void
gather(struct lower *l, struct comps *cs, struct val v, enum ir_base_type base, unsigned max)
{
   for (unsigned p = 0; p < v.n && cs->n < max; p++)
      for (unsigned k = 0; k < v.c[p]->type.comps && cs->n < max; k++)
         cs->c[cs->n++] = lower_convert_piece(l, comp(l, v.c[p], k), base);
}

static struct val
lower_constructor(struct lower *l, const struct glsl_ast_expr *e)
{
   const struct glsl_type *t = e->type;
   unsigned na = e->num_args;
   struct val *args = glsl_alloc_array(l->a, na + 1, sizeof *args);
   unsigned i = 0;
   bool feeds_half = l->node_feeds_half;   /* so do the arguments */
   for (const struct glsl_ast_arg *a = e->args; a && i < na; a = a->next) {
      l->feeds_half = feeds_half;
      args[i++] = lower_expr(l, a->expr);
   }
   na = i;
   if (!na || !args[0].n)
      return val_new(l, t, 0);
   struct ir_builder *b = &l->b;
   switch ((enum glsl_ctor_kind)e->ctor_kind) {
   case GLSL_CTOR_STRUCT:
   case GLSL_CTOR_ARRAY: {
      struct val r = val_new(l, t, type_pieces(t));
      unsigned at = 0;
      for (i = 0; i < na; i++) {
         const struct glsl_type *mt = glsl_type_is_struct(t) ? t->fields[i].type : t->element;
         struct val v = lower_convert(l, args[i], mt);
         for (unsigned k = 0; k < v.n && at < r.n; k++)
            r.c[at++] = v.c[k];
      }
      return r;
   }
   default:
      break;
   }
   enum ir_base_type base = lower_ir_base((enum glsl_base_type)t->base);
   unsigned rows = t->vector_elements, cols = t->matrix_columns;
   struct val r = val_new(l, t, cols);
   switch ((enum glsl_ctor_kind)e->ctor_kind) {
   case GLSL_CTOR_SCALAR:
   case GLSL_CTOR_FILL: {
      struct ir_instr *s = lower_convert_piece(l, comp(l, args[0].c[0], 0), base);
      r.c[0] = splat(l, s, rows);
      return r;
   }
   case GLSL_CTOR_DIAGONAL: {
      struct ir_instr *s = lower_convert_piece(l, comp(l, args[0].c[0], 0), base);
      struct ir_instr *zero = imm_float(l, 0.0f);
      for (unsigned c = 0; c < cols; c++) {
         struct ir_instr *v[4];
         for (unsigned k = 0; k < rows; k++)
            v[k] = k == c ? s : zero;
         r.c[c] = ir_build_vec(b, v, rows);
      }
      return r;
   }
   case GLSL_CTOR_MATRIX: {
      struct val m = args[0];
      unsigned mc = m.type->matrix_columns, mr = m.type->vector_elements;
      for (unsigned c = 0; c < cols; c++) {
         struct ir_instr *v[4];
         for (unsigned k = 0; k < rows; k++)
            v[k] = c < mc && k < mr ? comp(l, m.c[c], k) : imm_float(l, k == c ? 1.0f : 0.0f);
         r.c[c] = ir_build_vec(b, v, rows);
      }
      return r;
   }
   default: {
      struct comps cs = { glsl_alloc_array(l->a, rows * cols, sizeof(struct ir_instr *)), 0 };
      for (i = 0; i < na; i++)
         gather(l, &cs, args[i], base, rows * cols);
      while (cs.n < rows * cols)   /* only after an error */
         cs.c[cs.n++] = lower_convert_piece(l, imm_float(l, 0.0f), base);
      for (unsigned c = 0; c < cols; c++)
         r.c[c] = ir_build_vec(b, cs.c + c * rows, rows);
      return r;
   }
   }
}

/* ---- the expression kinds --------------------------------------------- */

static struct val
lower_incdec(struct lower *l, const struct glsl_ast_expr *e)
{
   struct lval lv;
   if (!lower_place(l, e->sub[0], &lv)) {
      lower_error(l, "'%s' needs an assignable operand", glsl_op_name(e->op));
      return val_new(l, e->type, 0);
   }
   struct val old = lval_load(l, &lv);
   struct val nv = val_new(l, old.type, old.n);
   bool inc = e->op == GLSL_OP_PRE_INC || e->op == GLSL_OP_POST_INC;
   for (unsigned i = 0; i < old.n; i++) {
      struct ir_instr *x = old.c[i];
      struct ir_instr *one = lower_convert_piece(l, imm_float(l, 1.0f),
                                                 (enum ir_base_type)x->type.base);
      nv.c[i] = alu2(l, inc ? GLSL_OP_ADD : GLSL_OP_SUB, x, one);
   }
   lval_store(l, &lv, nv);
   return e->op == GLSL_OP_PRE_INC || e->op == GLSL_OP_PRE_DEC ? nv : old;
}

static struct val
lower_unary(struct lower *l, const struct glsl_ast_expr *e)
{
   if (e->op != GLSL_OP_PLUS && e->op != GLSL_OP_NEG && e->op != GLSL_OP_NOT &&
       e->op != GLSL_OP_BIT_NOT)
      return lower_incdec(l, e);
   bool half = lower_half_operation(l, e);
   struct val v = lower_operand(l, e->sub[0], half);
   struct val r = val_new(l, e->type, v.n);
   for (unsigned i = 0; i < v.n; i++) {
      struct ir_instr *x = v.c[i];
      switch (e->op) {
      case GLSL_OP_NEG:
         r.c[i] = x->type.base == IR_FLOAT ? ir_build_fneg(&l->b, x) : ir_build_ineg(&l->b, x);
         break;
      case GLSL_OP_NOT: r.c[i] = ir_build_bnot(&l->b, x); break;
      case GLSL_OP_BIT_NOT: r.c[i] = ir_build_inot(&l->b, x); break;
      default: r.c[i] = x; break;
      }
   }
   return r;
}

/* a && b, a || b: b only when needed (a local carries the result) */
static struct val
lower_logic(struct lower *l, const struct glsl_ast_expr *e)
{
   struct ir_instr *a = lower_bool(l, e->sub[0]);
   if (e->op == GLSL_OP_XOR)
      return val_one(l, &glsl_type_bool, ir_build_bne(&l->b, a, lower_bool(l, e->sub[1])));
   if (pure_expr(e->sub[1])) {
      struct ir_instr *b = lower_bool(l, e->sub[1]);
      return val_one(l, &glsl_type_bool, e->op == GLSL_OP_AND ? ir_build_band(&l->b, a, b)
                                                              : ir_build_bor(&l->b, a, b));
   }
   struct ref tmp = ref_of_storage(lower_temp(l, &glsl_type_bool, "logic"));
   ref_store(l, tmp, val_one(l, &glsl_type_bool, a));
   struct ir_instr *iff = ir_build_if(&l->b, a);
   ir_builder_at_end(&l->b, e->op == GLSL_OP_AND ? iff->u.cif.then_body : iff->u.cif.else_body);
   bool dead = l->dead;
   ref_store(l, tmp, val_one(l, &glsl_type_bool, lower_bool(l, e->sub[1])));
   l->dead = dead;
   ir_builder_after(&l->b, iff);
   return ref_load(l, tmp);
}

/* A half-precision (x * a) * b with a and b known values is x * (a * b),
 * and (x + a) + b is x + (a + b): the known values are combined and
 * rounded once, and x meets them in one rounded operation.  Mesa's GLSL IR
 * reassociates constants so (after propagating them through locals)
 * before it converts mediump to half; measured on llvmpipe with glmark2's
 * terrain noise (p * ns.z * ns.z, x0 - 1. + 3.0 * C.xxx; docs/glsl.md) */
static struct val
lower_const_chain(struct lower *l, const struct glsl_ast_expr *e, const struct glsl_ast_expr *x,
                  const struct glsl_ast_expr *ka, const struct glsl_ast_expr *kb, bool neg_a,
                  bool neg_b)
{
   struct val vx = lower_operand(l, x, true);
   struct val va = lower_operand(l, ka, true);
   struct val vb = lower_operand(l, kb, true);
   if (!vx.n || !va.n || !vb.n)
      return val_new(l, e->type, 0);
   const struct glsl_type *kt = glsl_type_is_scalar(ka->type) ? kb->type : ka->type;
   enum glsl_op op = GLSL_OP_MUL, kop = GLSL_OP_MUL;
   if (e->op != GLSL_OP_MUL) {
      /* x + a +- b: x + (a +- b); x - a - b: x - (a + b); x - a + b: x + (b - a) */
      op = neg_a && neg_b ? GLSL_OP_SUB : GLSL_OP_ADD;
      kop = neg_a != neg_b ? GLSL_OP_SUB : GLSL_OP_ADD;
      if (neg_a && !neg_b) {
         struct val t = va;
         va = vb;
         vb = t;
      }
   }
   struct val k = lower_round_half(l, binop(l, kop, va, vb, kt, true));
   return lower_round_half(l, binop(l, op, vx, k, e->type, true));
}

static struct val
lower_binary(struct lower *l, const struct glsl_ast_expr *e)
{
   switch (e->op) {
   case GLSL_OP_AND:
   case GLSL_OP_OR:
   case GLSL_OP_XOR:
      return lower_logic(l, e);
   case GLSL_OP_EQ:
   case GLSL_OP_NE: {
      bool half = lower_half_operation(l, e);
      struct val a = lower_operand(l, e->sub[0], half);
      struct val b = lower_operand(l, e->sub[1], half);
      if (glsl_type_is_basic(a.type) && glsl_type_is_basic(b.type)) {
         enum glsl_base_type cb = common_base(a.type, b.type);
         a = lower_convert(l, a, with_base(a.type, cb));
         b = lower_convert(l, b, with_base(b.type, cb));
      }
      return val_equal(l, a, b, e->op == GLSL_OP_EQ);
   }
   default: {
      bool half = lower_half_operation(l, e);
      const struct glsl_ast_expr *x, *ka, *kb;
      bool neg_a, neg_b;
      if (half && const_chain(e, &x, &ka, &kb, &neg_a, &neg_b))
         return lower_const_chain(l, e, x, ka, kb, neg_a, neg_b);
      struct val a = lower_operand(l, e->sub[0], half);
      struct val b = lower_operand(l, e->sub[1], half);
      if (!a.n || !b.n)
         return val_new(l, e->type, 0);
      struct val r = binop(l, e->op, a, b, e->type, half);
      return half ? lower_round_half(l, r) : r;
   }
   }
}

static struct val
lower_assign(struct lower *l, const struct glsl_ast_expr *e)
{
   struct lval lv;
   if (!lower_place(l, e->sub[0], &lv)) {
      lower_error(l, "cannot assign to this expression");
      return val_new(l, e->type, 0);
   }
   const struct glsl_type *lt = e->sub[0]->type;
   struct val v;
   if (is_compound(e->op)) {
      struct val cur = lval_load(l, &lv);
      struct val rhs = lower_expr(l, e->sub[1]);
      if (!cur.n || !rhs.n)
         return val_new(l, lt, 0);
      cur.type = lt;
      /* a op= b: a = a op b */
      enum glsl_precision p = e->sub[0]->precision > e->sub[1]->precision ? e->sub[0]->precision
                                                                         : e->sub[1]->precision;
      if (half_precision(l, p) && (half_valued(l, e->sub[0]) || half_valued(l, e->sub[1]))) {
         v = lower_round_half(l, binop(l, compound_op(e->op), lower_round_half(l, cur),
                                       lower_round_half(l, rhs), lt, true));
      } else {
         v = binop(l, compound_op(e->op), cur, rhs, lt, false);
      }
   } else {
      l->feeds_half = lower_stores_half(l, e->sub[0]);
      v = lower_expr(l, e->sub[1]);
   }
   v = lower_convert(l, v, lt);
   lval_store(l, &lv, v);
   return v;
}

static struct val
lower_ternary(struct lower *l, const struct glsl_ast_expr *e)
{
   struct ir_instr *c = lower_bool(l, e->sub[0]);
   const struct glsl_type *t = e->type;
   if (pure_expr(e->sub[1]) && pure_expr(e->sub[2]) && !glsl_type_contains_opaque(t)) {
      struct val a = lower_convert(l, lower_expr(l, e->sub[1]), t);
      struct val b = lower_convert(l, lower_expr(l, e->sub[2]), t);
      struct val r = val_new(l, t, a.n < b.n ? a.n : b.n);
      for (unsigned i = 0; i < r.n; i++)
         r.c[i] = ir_build_select(&l->b, splat(l, c, a.c[i]->type.comps), a.c[i], b.c[i]);
      return r;
   }
   if (glsl_type_is_void(t)) {
      /* b ? f() : g() with void calls (GLSL 1.10 5.9: the operands may be
       * of any type, void too): the selected one runs, there is no value */
      struct ir_instr *vif = ir_build_if(&l->b, c);
      bool vdead = l->dead;
      ir_builder_at_end(&l->b, vif->u.cif.then_body);
      lower_expr(l, e->sub[1]);
      ir_builder_at_end(&l->b, vif->u.cif.else_body);
      lower_expr(l, e->sub[2]);
      l->dead = vdead;
      ir_builder_after(&l->b, vif);
      return val_new(l, t, 0);
   }
   struct ref tmp = ref_of_storage(lower_temp(l, t, "sel"));
   struct ir_instr *iff = ir_build_if(&l->b, c);
   bool dead = l->dead;
   ir_builder_at_end(&l->b, iff->u.cif.then_body);
   ref_store(l, tmp, lower_convert(l, lower_expr(l, e->sub[1]), t));
   ir_builder_at_end(&l->b, iff->u.cif.else_body);
   ref_store(l, tmp, lower_convert(l, lower_expr(l, e->sub[2]), t));
   l->dead = dead;
   ir_builder_after(&l->b, iff);
   return ref_load(l, tmp);
}

struct val
lower_expr(struct lower *l, const struct glsl_ast_expr *e)
{
   if (!e || l->failed)
      return val_new(l, e ? e->type : &glsl_type_error, 0);
   if (glsl_type_is_error(e->type)) {
      lower_error(l, "an expression has a type error");
      return val_new(l, e->type, 0);
   }
   /* whether this value feeds a half-precision operation (lower_operand) */
   l->node_feeds_half = l->feeds_half;
   l->feeds_half = false;
   if (e->constant && !glsl_type_contains_opaque(e->type))
      return lower_const(l, e->constant);
   switch (e->kind) {
   case GLSL_EXPR_IDENT: {
      struct lval lv;
      if (!lower_place(l, e, &lv))
         return val_new(l, e->type, 0);
      return ref_load(l, lv.r);
   }
   case GLSL_EXPR_UNARY:
      return lower_unary(l, e);
   case GLSL_EXPR_BINARY:
      return lower_binary(l, e);
   case GLSL_EXPR_ASSIGN:
      return lower_assign(l, e);
   case GLSL_EXPR_TERNARY:
      return lower_ternary(l, e);
   case GLSL_EXPR_SEQUENCE:
      lower_expr(l, e->sub[0]);
      return lower_expr(l, e->sub[1]);
   case GLSL_EXPR_CALL:
      if (e->ctor_type)
         return lower_constructor(l, e);
      if (e->fn && e->fn->builtin)
         return lower_call_builtin(l, e);
      if (e->fn)
         return lower_call_user(l, e);
      break;
   case GLSL_EXPR_INDEX:
   case GLSL_EXPR_FIELD:
      return lower_index_or_field(l, e);
   default:
      break;
   }
   lower_error(l, "this expression is not supported");
   return val_new(l, e->type, 0);
}
