/*
 * Dead-code elimination:
 *  - values without uses and without side effects are removed;
 *  - instructions after a terminator (break, continue, return, discard) in
 *    the same block are unreachable and removed;
 *  - `if` on a constant condition is replaced by the taken branch; an
 *    `if` with two empty branches is removed;
 *  - `discard_if` on a constant becomes nothing or `discard`;
 *  - a loop whose body ends in `break` and has no other break/continue of
 *    its own runs once and is replaced by its body;
 *  - stores to local variables that are never loaded are removed.
 */
#include "compiler/ir/ir.h"

#include <stdlib.h>
#include <string.h>

struct dce_state {
   struct ir_shader *s;
   bool progress;
   bool *var_loaded;   /* by var index */
};

/* Move every instruction of `b` before `pos`. */
static void
splice_before(struct ir_block *b, struct ir_instr *pos)
{
   while (b->first) {
      struct ir_instr *in = b->first;
      ir_instr_remove(in);
      ir_instr_insert_before(pos, in);
   }
}

/* Does the block (recursively, not entering nested loops) hold a break or
 * continue that targets the loop owning it? */
static bool
has_own_jump(struct ir_block *b, struct ir_instr *skip)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      if (in == skip)
         continue;
      if (in->op == IR_OP_break || in->op == IR_OP_continue)
         return true;
      if (in->op == IR_OP_if && (has_own_jump(in->u.cif.then_body, skip) ||
                                 has_own_jump(in->u.cif.else_body, skip)))
         return true;
   }
   return false;
}

static void
cf_cb(struct ir_instr *in, void *data)
{
   struct dce_state *st = data;

   if ((ir_op_info((enum ir_op)in->op)->flags & IR_OPF_TERMINATOR) && in->next) {
      while (in->next) {
         ir_instr_remove(in->next);
      }
      st->progress = true;
   }

   switch (in->op) {
   case IR_OP_if: {
      struct ir_instr *c = in->src[0];
      if (c->op == IR_OP_const) {
         splice_before(c->u.value[0].b ? in->u.cif.then_body : in->u.cif.else_body, in);
         ir_instr_remove(in);
         st->progress = true;
      } else if (!in->u.cif.then_body->first && !in->u.cif.else_body->first) {
         ir_instr_remove(in);
         st->progress = true;
      }
      break;
   }
   case IR_OP_discard_if: {
      struct ir_instr *c = in->src[0];
      if (c->op != IR_OP_const)
         break;
      if (c->u.value[0].b) {
         struct ir_instr *d = ir_instr_create(st->s, IR_OP_discard, ir_type_void(), 0);
         ir_instr_insert_before(in, d);
      }
      ir_instr_remove(in);
      st->progress = true;
      break;
   }
   case IR_OP_loop: {
      struct ir_block *body = in->u.loop.body;
      struct ir_instr *last = body->last;
      if (last && last->op == IR_OP_break && !has_own_jump(body, last)) {
         ir_instr_remove(last);
         splice_before(body, in);
         ir_instr_remove(in);
         st->progress = true;
      }
      break;
   }
   default:
      break;
   }
}

/* A walk of its own, after the control-flow rewrites: those splice blocks
 * before the instruction being visited, where a walk that also marked
 * loads would not see them (a do { ... } while (false) body's loads were
 * missed, and the stores they read were removed). */
static void
loads_cb(struct ir_instr *in, void *data)
{
   struct dce_state *st = data;
   if (in->op == IR_OP_load_local)
      st->var_loaded[in->u.var.var->index] = true;
}

static void
dead_store_cb(struct ir_instr *in, void *data)
{
   struct dce_state *st = data;
   if (in->op == IR_OP_store_local && !st->var_loaded[in->u.var.var->index]) {
      ir_instr_remove(in);
      st->progress = true;
   }
}

static void
dead_value_cb(struct ir_instr *in, void *data)
{
   bool *changed = data;
   (void)changed;
   if (ir_instr_has_dest(in) && ir_instr_is_pure(in) && in->pass_flags == 0) {
      for (unsigned i = 0; i < in->num_srcs; i++)
         in->src[i]->pass_flags--;
      ir_instr_remove(in);
      *changed = true;
   }
}

/* Remove unused pure values; walking backwards per block catches chains
 * within a block, the outer loop catches the rest. */
static void
dead_values_block(struct ir_block *b, bool *changed)
{
   struct ir_instr *prev;
   for (struct ir_instr *in = b->last; in; in = prev) {
      prev = in->prev;
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = n; i-- > 0;)
         dead_values_block(kids[i], changed);
      dead_value_cb(in, changed);
   }
}

bool
ir_opt_dce(struct ir_shader *s)
{
   struct dce_state st;
   memset(&st, 0, sizeof(st));
   st.s = s;
   st.var_loaded = calloc(s->num_vars + 1, sizeof(bool));
   if (!st.var_loaded)
      return false;
   bool any = false;

   bool round;
   do {
      round = false;
      st.progress = false;
      memset(st.var_loaded, 0, (s->num_vars + 1) * sizeof(bool));
      ir_shader_foreach_instr(s, cf_cb, &st);
      ir_shader_foreach_instr(s, loads_cb, &st);
      ir_shader_foreach_instr(s, dead_store_cb, &st);
      round |= st.progress;

      bool changed = false;
      ir_count_uses(s);
      for (struct ir_function *f = s->functions; f; f = f->next)
         dead_values_block(f->body, &changed);
      round |= changed;
      any |= round;
   } while (round);
   free(st.var_loaded);
   return any;
}
