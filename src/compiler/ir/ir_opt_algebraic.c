/*
 * Algebraic simplification with exact identities only (no fast-math):
 *
 *    fmul x, 1.0 -> x        fmul x, -1.0 -> fneg x     fdiv x, 1.0 -> x
 *    fadd x, -0.0 -> x       fsub x, 0.0 -> x           (x + 0.0 is NOT x for x = -0.0)
 *    fneg(fneg x) -> x       fabs(fneg x) -> fabs x     fabs(fabs x) -> fabs x
 *    iadd/isub/ior/ixor/ishl/ishr/ushr x, 0 -> x        imul x, 1 -> x
 *    imul/iand x, 0 -> 0     iand x, ~0 -> x            ior x, ~0 -> ~0
 *    isub/ixor x, x -> 0     iand/ior x, x -> x         ineg(ineg x), inot(inot x) -> x
 *    band x, true -> x       band x, false -> false     bor x, false -> x
 *    bor x, true -> true     band/bor x, x -> x         bnot(bnot x) -> x
 *    select c, x, x -> x     select (bnot c), a, b -> select c, b, a
 *
 * Constants must hold the same value in every component; commutative
 * operations match the constant on either side.  Float comparisons are
 * left alone (x == x is false for NaN).
 */
#include "compiler/ir/ir.h"

#include <string.h>

struct alg_state {
   struct ir_shader *s;
   bool progress;
};

/* Is v a constant whose every component has these 32 bits? */
static bool
is_splat(const struct ir_instr *v, uint32_t bits)
{
   if (v->op != IR_OP_const || v->type.bits != 32)
      return false;
   for (unsigned c = 0; c < v->type.comps; c++) {
      uint32_t x = v->type.base == IR_BOOL ? (uint32_t)v->u.value[c].b : v->u.value[c].u32;
      if (x != bits)
         return false;
   }
   return true;
}

#define F_ONE      0x3f800000u
#define F_MINUS1   0xbf800000u
#define F_ZERO     0x00000000u
#define F_MINUS0   0x80000000u

static struct ir_instr *
make_const(struct alg_state *st, struct ir_instr *before, struct ir_type t, uint32_t bits)
{
   struct ir_instr *c = ir_instr_create(st->s, IR_OP_const, t, 0);
   for (unsigned k = 0; k < t.comps; k++) {
      if (t.base == IR_BOOL)
         c->u.value[k].b = bits != 0;
      else
         c->u.value[k].u32 = bits;
   }
   ir_instr_insert_before(before, c);
   return c;
}

static struct ir_instr *
make_unop(struct alg_state *st, struct ir_instr *before, enum ir_op op, struct ir_instr *x)
{
   struct ir_instr *n = ir_instr_create(st->s, op, x->type, 1);
   n->src[0] = x;
   ir_instr_insert_before(before, n);
   return n;
}

/* x op K (or K op x for commutative ops): returns x, or NULL. */
static struct ir_instr *
other_if_const(struct ir_instr *in, uint32_t bits)
{
   if (is_splat(in->src[1], bits))
      return in->src[0];
   if ((ir_op_info((enum ir_op)in->op)->flags & IR_OPF_COMMUTATIVE) &&
       is_splat(in->src[0], bits))
      return in->src[1];
   return NULL;
}

static struct ir_instr *
simplify(struct alg_state *st, struct ir_instr *in)
{
   struct ir_instr *x, *a = in->num_srcs > 0 ? in->src[0] : NULL;
   struct ir_instr *b = in->num_srcs > 1 ? in->src[1] : NULL;
   if (in->type.bits != 32)
      return NULL;

   switch (in->op) {
   case IR_OP_fmul:
      if ((x = other_if_const(in, F_ONE)))
         return x;
      if ((x = other_if_const(in, F_MINUS1)))
         return make_unop(st, in, IR_OP_fneg, x);
      return NULL;
   case IR_OP_fdiv:
      return is_splat(b, F_ONE) ? a : NULL;
   case IR_OP_fadd:
      return other_if_const(in, F_MINUS0);
   case IR_OP_fsub:
      return is_splat(b, F_ZERO) ? a : NULL;
   case IR_OP_fneg:
      return a->op == IR_OP_fneg ? a->src[0] : NULL;
   case IR_OP_fabs:
      if (a->op == IR_OP_fneg || a->op == IR_OP_fabs) {
         in->src[0] = a->src[0];
         st->progress = true;
      }
      return NULL;
   case IR_OP_iadd:
   case IR_OP_ior:
   case IR_OP_ixor:
      if ((x = other_if_const(in, 0)))
         return x;
      if (in->op == IR_OP_ior && (x = other_if_const(in, ~0u)))
         return make_const(st, in, in->type, ~0u);
      if (a == b)
         return in->op == IR_OP_ixor ? make_const(st, in, in->type, 0) : in->op == IR_OP_ior ? a
                                                                                            : NULL;
      return NULL;
   case IR_OP_isub:
      if (is_splat(b, 0))
         return a;
      return a == b ? make_const(st, in, in->type, 0) : NULL;
   case IR_OP_ishl:
   case IR_OP_ishr:
   case IR_OP_ushr:
      return is_splat(b, 0) ? a : NULL;
   case IR_OP_imul:
      if ((x = other_if_const(in, 1)))
         return x;
      if (other_if_const(in, 0))
         return make_const(st, in, in->type, 0);
      return NULL;
   case IR_OP_iand:
      if (other_if_const(in, 0))
         return make_const(st, in, in->type, 0);
      if ((x = other_if_const(in, ~0u)))
         return x;
      return a == b ? a : NULL;
   case IR_OP_ineg:
   case IR_OP_inot:
   case IR_OP_bnot:
      return a->op == in->op ? a->src[0] : NULL;
   case IR_OP_band:
      if ((x = other_if_const(in, 1)))
         return x;
      if (other_if_const(in, 0))
         return make_const(st, in, in->type, 0);
      return a == b ? a : NULL;
   case IR_OP_bor:
      if ((x = other_if_const(in, 0)))
         return x;
      if (other_if_const(in, 1))
         return make_const(st, in, in->type, 1);
      return a == b ? a : NULL;
   case IR_OP_select:
      if (in->src[1] == in->src[2])
         return in->src[1];
      if (a->op == IR_OP_bnot) {
         struct ir_instr *t = in->src[1];
         in->src[0] = a->src[0];
         in->src[1] = in->src[2];
         in->src[2] = t;
         st->progress = true;
      }
      return NULL;
   default:
      return NULL;
   }
}

static void
alg_cb(struct ir_instr *in, void *data)
{
   struct alg_state *st = data;
   for (unsigned i = 0; i < in->num_srcs; i++)
      while (in->src[i]->replacement)
         in->src[i] = in->src[i]->replacement;
   if (ir_op_info((enum ir_op)in->op)->kind != IR_KIND_ALU)
      return;
   struct ir_instr *r = simplify(st, in);
   if (r && r != in && ir_type_equal(r->type, in->type)) {
      in->replacement = r;
      ir_instr_remove(in);
      st->progress = true;
   }
}

bool
ir_opt_algebraic(struct ir_shader *s)
{
   struct alg_state st = { s, false };
   ir_clear_replacements(s);
   ir_shader_foreach_instr(s, alg_cb, &st);
   if (st.progress)
      ir_clear_replacements(s);
   return st.progress;
}
