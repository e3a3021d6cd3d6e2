/*
 * Inlining: every call is replaced by a copy of the callee's body with the
 * parameters replaced by the arguments; the value of the final `return`
 * replaces the call's result.  Functions other than @main that are no
 * longer called are removed.
 *
 * A callee that returns early (a `return` inside an if or loop) is inlined
 * inside a one-trip wrapper loop: each `return %v` becomes
 * `store_local @__ret_<f>_<n>, %v; break`.  A return inside a loop of the
 * callee also sets a flag local, and every such loop is followed by
 * `if <flag> { break }`, so the break reaches the wrapper.  The result is
 * loaded from the return local after the wrapper.  ir_opt_dce removes the
 * wrapper again when nothing but its final break leaves it.
 *
 * GLSL has no recursion, and the parser and validator forbid it.
 */
#include "compiler/ir/ir_builder.h"

#include <string.h>

#include <stdlib.h>

static bool
has_nested_return(struct ir_block *b, bool top)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      if (in->op == IR_OP_return && (!top || in != b->last))
         return true;
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++)
         if (has_nested_return(kids[i], false))
            return true;
   }
   return false;
}

struct call_list {
   struct ir_instr **calls;
   unsigned count, cap;
};

static void
collect_cb(struct ir_instr *in, void *data)
{
   struct call_list *cl = data;
   if (in->op != IR_OP_call)
      return;
   if (cl->count == cl->cap) {
      unsigned ncap = cl->cap ? cl->cap * 2 : 16;
      struct ir_instr **n = realloc(cl->calls, ncap * sizeof(*n));
      if (!n)
         return;
      cl->calls = n;
      cl->cap = ncap;
   }
   cl->calls[cl->count++] = in;
}

struct ret_lowering {
   struct ir_shader *s;
   struct ir_var *ret;         /* NULL for void */
   struct ir_var *flag;        /* created on the first return inside a loop */
   struct ir_instr *wrapper;
   unsigned serial;
};

static struct ir_var *
new_local(struct ir_shader *s, struct ir_type t, const char *what, const char *fname,
          unsigned serial)
{
   char name[128];
   for (unsigned k = 0;; k++) {
      snprintf(name, sizeof(name), "__%s_%s_%u", what, fname, serial + k);
      if (!ir_shader_find_var(s, name, strlen(name)))
         break;
   }
   return ir_var_create(s, IR_VAR_LOCAL, t, 0, name);
}

/* Returns whether b (recursively) held a return. */
static bool
lower_returns(struct ret_lowering *rl, struct ir_block *b, unsigned loop_depth,
              const char *fname)
{
   bool any = false;
   struct ir_instr *next;
   for (struct ir_instr *in = b->first; in; in = next) {
      next = in->next;
      struct ir_builder bld = { rl->s, NULL, NULL };
      if (in->op == IR_OP_return) {
         ir_builder_before(&bld, in);
         if (rl->ret && in->num_srcs)
            ir_build_store_var(&bld, rl->ret, NULL, 0, in->src[0]);
         if (loop_depth) {
            if (!rl->flag) {
               rl->flag = new_local(rl->s, ir_type_make(IR_BOOL, 1), "returned", fname,
                                    rl->serial);
               struct ir_builder pre = { rl->s, NULL, NULL };
               ir_builder_before(&pre, rl->wrapper);
               ir_build_store_var(&pre, rl->flag, NULL, 0, ir_build_imm_bool(&pre, false));
            }
            ir_build_store_var(&bld, rl->flag, NULL, 0, ir_build_imm_bool(&bld, true));
         }
         ir_build_break(&bld);
         ir_instr_remove(in);
         any = true;
      } else if (in->op == IR_OP_if) {
         bool t = lower_returns(rl, in->u.cif.then_body, loop_depth, fname);
         bool e = lower_returns(rl, in->u.cif.else_body, loop_depth, fname);
         any |= t || e;
      } else if (in->op == IR_OP_loop) {
         if (lower_returns(rl, in->u.loop.body, loop_depth + 1, fname)) {
            any = true;
            if (rl->flag) {
               ir_builder_after(&bld, in);
               struct ir_instr *f = ir_build_load_var(&bld, rl->flag, NULL, 0);
               struct ir_instr *iff = ir_build_if(&bld, f);
               struct ir_builder inner = { rl->s, NULL, NULL };
               ir_builder_at_end(&inner, iff->u.cif.then_body);
               ir_build_break(&inner);
            }
         }
      }
   }
   return any;
}

static void
inline_early_returns(struct ir_shader *s, struct ir_instr *call)
{
   struct ir_function *callee = call->u.callee;
   struct ret_lowering rl = { s, NULL, NULL, NULL, s->num_vars };
   struct ir_builder b = { s, NULL, NULL };
   ir_builder_before(&b, call);
   if (callee->ret.comps)
      rl.ret = new_local(s, callee->ret, "ret", callee->name, rl.serial);
   rl.wrapper = ir_build_loop(&b);

   ir_clear_replacements(s);
   for (unsigned i = 0; i < callee->num_params; i++)
      callee->params[i]->replacement = call->src[i];
   ir_clone_block_into(s, callee->body, rl.wrapper->u.loop.body, NULL);
   ir_clear_replacements(s);

   struct ir_block *body = rl.wrapper->u.loop.body;
   lower_returns(&rl, body, 0, callee->name);
   if (!body->last || body->last->op != IR_OP_break) {
      struct ir_builder end = { s, NULL, NULL };
      ir_builder_at_end(&end, body);
      ir_build_break(&end);
   }
   if (ir_instr_has_dest(call)) {
      ir_builder_before(&b, call);
      struct ir_instr *r = ir_build_load_var(&b, rl.ret, NULL, 0);
      ir_replace_uses(s, call, r);
   }
   ir_instr_remove(call);
}

static bool
inline_call(struct ir_shader *s, struct ir_instr *call)
{
   struct ir_function *callee = call->u.callee;
   if (has_nested_return(callee->body, true)) {
      inline_early_returns(s, call);
      return true;
   }

   ir_clear_replacements(s);
   for (unsigned i = 0; i < callee->num_params; i++)
      callee->params[i]->replacement = call->src[i];
   struct ir_instr *before_call = call->prev;
   ir_clone_block_into(s, callee->body, call->block, call);

   struct ir_instr *last = call->prev;
   struct ir_instr *result = NULL;
   if (last && last != before_call && last->op == IR_OP_return) {
      result = last->num_srcs ? last->src[0] : NULL;
      ir_instr_remove(last);
   }
   ir_clear_replacements(s);
   if (ir_instr_has_dest(call) && result)
      ir_replace_uses(s, call, result);
   ir_instr_remove(call);
   return true;
}

static bool
is_called(struct ir_shader *s, struct ir_function *f)
{
   struct call_list cl = { NULL, 0, 0 };
   ir_shader_foreach_instr(s, collect_cb, &cl);
   bool called = false;
   for (unsigned i = 0; i < cl.count; i++)
      called |= cl.calls[i]->u.callee == f;
   free(cl.calls);
   return called;
}

bool
ir_opt_inline(struct ir_shader *s)
{
   bool progress = false;
   /* callees are defined before their callers, so walking in order sees
    * already-flattened callees */
   for (struct ir_function *f = s->functions; f; f = f->next) {
      struct call_list cl = { NULL, 0, 0 };
      ir_function_foreach_instr(f, collect_cb, &cl);
      for (unsigned i = 0; i < cl.count; i++)
         progress |= inline_call(s, cl.calls[i]);
      free(cl.calls);
   }
   struct ir_function *next;
   for (struct ir_function *f = s->functions; f; f = next) {
      next = f->next;
      if (f != ir_shader_main(s) && !is_called(s, f)) {
         ir_function_remove(f);
         progress = true;
      }
   }
   return progress;
}
