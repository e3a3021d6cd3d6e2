/*
 * Unrolling of small loops with a constant trip count, in the shape the
 * GLSL front end gives a counted `for`:
 *
 *    store_local @i, %init               (constant; last write before the loop)
 *    loop {
 *       ...pure header...
 *       %c = <compare> %x, %limit         (%x = load_local @i, %limit constant;
 *       if %c { break }                    either operand order; or
 *       ...body...                         `if %c { } else { break }`)
 *       store_local @i, %step_expr        (%x' + const / %x' - const, top level,
 *    }                                     the only write of @i in the loop)
 *
 * The trip count is found by running the induction variable through the
 * comparison; loops of at most IR_UNROLL_MAX_TRIPS iterations and
 * IR_UNROLL_MAX_INSTRS copied instructions are replaced by copies of the
 * body without the exit test.  The loop must not `continue` or `break`
 * other than through the exit test.  Constant folding, copy propagation
 * and DCE afterwards turn the copies' loads of @i into constants.
 */
#include "compiler/ir/ir.h"

#define IR_UNROLL_MAX_TRIPS 32
#define IR_UNROLL_MAX_INSTRS 1024

static unsigned
count_instrs(struct ir_block *b)
{
   unsigned n = 0;
   for (struct ir_instr *in = b->first; in; in = in->next) {
      n++;
      struct ir_block *kids[2];
      unsigned k = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < k; i++)
         n += count_instrs(kids[i]);
   }
   return n;
}

/* break/continue targeting this loop anywhere in b (not inside nested loops) */
static bool
has_own_jumps(struct ir_block *b, struct ir_instr *skip)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      if (in == skip)
         continue;
      if (in->op == IR_OP_break || in->op == IR_OP_continue)
         return true;
      if (in->op == IR_OP_if && (has_own_jumps(in->u.cif.then_body, skip) ||
                                 has_own_jumps(in->u.cif.else_body, skip)))
         return true;
   }
   return false;
}

static bool
writes_var(struct ir_block *b, struct ir_var *var, struct ir_instr *skip)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      if (in != skip && in->op == IR_OP_store_local && in->u.var.var == var)
         return true;
      if (in->op == IR_OP_call)
         return true;
      struct ir_block *kids[2];
      unsigned k = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < k; i++)
         if (writes_var(kids[i], var, skip))
            return true;
   }
   return false;
}

/* Is `in` somewhere inside `loop`'s body? */
static bool
inside(struct ir_instr *in, struct ir_instr *loop)
{
   for (struct ir_block *b = in->block; b; b = b->parent ? b->parent->block : NULL)
      if (b->parent == loop)
         return true;
   return false;
}

/* a load of the counter made during the iteration (not before the loop) */
static bool
is_load_of(struct ir_instr *v, struct ir_var *var, struct ir_instr *loop)
{
   return v->op == IR_OP_load_local && v->u.var.var == var && !v->u.var.indirect &&
          inside(v, loop);
}

static bool
is_int_const(struct ir_instr *v)
{
   return v->op == IR_OP_const && v->type.comps == 1 && v->type.bits == 32 &&
          (v->type.base == IR_INT || v->type.base == IR_UINT);
}

/* cmp(x, lim) or cmp(lim, x) evaluated for x = i */
static bool
eval_cond(struct ir_instr *cmp, bool x_first, uint32_t i, uint32_t lim)
{
   uint32_t a = x_first ? i : lim, b = x_first ? lim : i;
   int32_t sa = (int32_t)a, sb = (int32_t)b;
   switch (cmp->op) {
   case IR_OP_ilt: return sa < sb;
   case IR_OP_ile: return sa <= sb;
   case IR_OP_igt: return sa > sb;
   case IR_OP_ige: return sa >= sb;
   case IR_OP_ult: return a < b;
   case IR_OP_ule: return a <= b;
   case IR_OP_ugt: return a > b;
   case IR_OP_uge: return a >= b;
   case IR_OP_ieq: return a == b;
   case IR_OP_ine: return a != b;
   default: return false;
   }
}

static bool
try_unroll(struct ir_shader *s, struct ir_instr *loop)
{
   struct ir_block *body = loop->u.loop.body;

   /* header: pure instructions, then the exit test */
   struct ir_instr *exit_if = NULL;
   for (struct ir_instr *in = body->first; in; in = in->next) {
      if (in->op == IR_OP_if) {
         exit_if = in;
         break;
      }
      if (!ir_instr_is_pure(in))
         return false;
   }
   if (!exit_if)
      return false;
   struct ir_block *tb = exit_if->u.cif.then_body, *eb = exit_if->u.cif.else_body;
   bool break_on_true;
   if (tb->first && tb->first == tb->last && tb->first->op == IR_OP_break && !eb->first)
      break_on_true = true;
   else if (eb->first && eb->first == eb->last && eb->first->op == IR_OP_break && !tb->first)
      break_on_true = false;
   else
      return false;
   struct ir_instr *brk = break_on_true ? tb->first : eb->first;
   if (has_own_jumps(body, brk))
      return false;

   /* the condition */
   struct ir_instr *cmp = exit_if->src[0];
   if (ir_op_info((enum ir_op)cmp->op)->kind != IR_KIND_ALU || cmp->num_srcs != 2 ||
       cmp->type.comps != 1)
      return false;
   bool x_first;
   struct ir_instr *x, *lim;
   if (cmp->src[1] && is_int_const(cmp->src[1])) {
      x = cmp->src[0];
      lim = cmp->src[1];
      x_first = true;
   } else if (cmp->src[0] && is_int_const(cmp->src[0])) {
      x = cmp->src[1];
      lim = cmp->src[0];
      x_first = false;
   } else {
      return false;
   }
   if (x->op != IR_OP_load_local || x->u.var.indirect || x->u.var.var->array_len ||
       x->block != body)
      return false;
   struct ir_var *var = x->u.var.var;
   switch (cmp->op) {
   case IR_OP_ilt: case IR_OP_ile: case IR_OP_igt: case IR_OP_ige:
   case IR_OP_ult: case IR_OP_ule: case IR_OP_ugt: case IR_OP_uge:
   case IR_OP_ieq: case IR_OP_ine:
      break;
   default:
      return false;
   }

   /* the step: the last instruction, the only write of @i in the loop */
   struct ir_instr *store = body->last;
   if (!store || store->op != IR_OP_store_local || store->u.var.var != var ||
       store->u.var.indirect)
      return false;
   if (writes_var(body, var, store))
      return false;
   struct ir_instr *upd = store->src[0];
   uint32_t step;
   if (upd->op == IR_OP_iadd && is_load_of(upd->src[0], var, loop) && is_int_const(upd->src[1]))
      step = upd->src[1]->u.value[0].u32;
   else if (upd->op == IR_OP_iadd && is_load_of(upd->src[1], var, loop) && is_int_const(upd->src[0]))
      step = upd->src[0]->u.value[0].u32;
   else if (upd->op == IR_OP_isub && is_load_of(upd->src[0], var, loop) && is_int_const(upd->src[1]))
      step = 0u - upd->src[1]->u.value[0].u32;
   else
      return false;

   /* the initial value: the last write of @i before the loop, same block */
   struct ir_instr *init = NULL;
   for (struct ir_instr *in = loop->prev; in; in = in->prev) {
      if (in->op == IR_OP_store_local && in->u.var.var == var) {
         if (in->u.var.indirect || !is_int_const(in->src[0]))
            return false;
         init = in->src[0];
         break;
      }
      if (in->op == IR_OP_if || in->op == IR_OP_loop || in->op == IR_OP_call)
         return false;
   }
   if (!init)
      return false;

   /* run it */
   uint32_t i = init->u.value[0].u32, l = lim->u.value[0].u32;
   unsigned trips = 0;
   for (;;) {
      bool c = eval_cond(cmp, x_first, i, l);
      if (c == break_on_true)
         break;
      if (++trips > IR_UNROLL_MAX_TRIPS)
         return false;
      i += step;
   }
   if (trips * count_instrs(body) > IR_UNROLL_MAX_INSTRS)
      return false;

   /* copy the body without the exit test, `trips` times */
   ir_instr_remove(exit_if);
   for (unsigned t = 0; t < trips; t++) {
      ir_clear_replacements(s);
      ir_clone_block_into(s, body, NULL, loop);
   }
   ir_clear_replacements(s);
   ir_instr_remove(loop);
   return true;
}

static bool
unroll_block(struct ir_shader *s, struct ir_block *b)
{
   bool progress = false;
   struct ir_instr *next;
   for (struct ir_instr *in = b->first; in; in = next) {
      next = in->next;
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++)
         progress |= unroll_block(s, kids[i]);   /* inner loops first */
      if (in->op == IR_OP_loop && try_unroll(s, in))
         progress = true;
   }
   return progress;
}

bool
ir_opt_loop_unroll(struct ir_shader *s)
{
   bool progress = false;
   for (struct ir_function *f = s->functions; f; f = f->next)
      progress |= unroll_block(s, f->body);
   return progress;
}
