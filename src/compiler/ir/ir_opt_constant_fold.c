/*
 * Constant folding: ALU instructions and swizzles whose sources are all
 * constants become constants.  What each opcode computes lives in
 * ir_eval_alu.c (shared with the interpreter, src/gallium/auxiliary/irexec);
 * GLSL semantics and the choices made for undefined cases are described
 * there.  Only 32-bit values are folded.
 */
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_eval_alu.h"

#include <stdint.h>
#include <string.h>

/* ---- folding one instruction ---- */

bool
ir_fold_alu(const struct ir_instr *in, union ir_const_value out[4])
{
   struct ir_type types[IR_MAX_ALU_SRCS];
   const union ir_const_value *vals[IR_MAX_ALU_SRCS];
   memset(out, 0, sizeof(*out) * 4);
   if (in->type.bits != 32 || in->num_srcs > IR_MAX_ALU_SRCS)
      return false;
   for (unsigned i = 0; i < in->num_srcs; i++) {
      if (!in->src[i] || in->src[i]->op != IR_OP_const || in->src[i]->type.bits != 32)
         return false;
      types[i] = in->src[i]->type;
      vals[i] = in->src[i]->u.value;
   }
   return ir_eval_alu((enum ir_op)in->op, in->type, in->num_srcs, types, vals, out);
}

/* ---- the pass ---- */

struct fold_state {
   struct ir_shader *s;
   bool progress;
};

static struct ir_instr *
resolved(struct ir_instr *v)
{
   return v && v->replacement ? v->replacement : v;
}

static void
fold_cb(struct ir_instr *in, void *data)
{
   struct fold_state *st = data;
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   union ir_const_value out[4];

   for (unsigned i = 0; i < in->num_srcs; i++)
      in->src[i] = resolved(in->src[i]);

   if (info->kind == IR_KIND_SWIZZLE) {
      struct ir_instr *src = in->src[0];
      if (src->op != IR_OP_const)
         return;
      memset(out, 0, sizeof(out));
      for (unsigned k = 0; k < in->type.comps; k++)
         out[k] = src->u.value[in->u.swizzle[k]];
   } else if (info->kind == IR_KIND_ALU) {
      if (!ir_fold_alu(in, out))
         return;
   } else {
      return;
   }
   struct ir_instr *c = ir_instr_create(st->s, IR_OP_const, in->type, 0);
   memcpy(c->u.value, out, sizeof(out));
   ir_instr_insert_before(in, c);
   in->replacement = c;
   ir_instr_remove(in);
   st->progress = true;
}

bool
ir_opt_constant_fold(struct ir_shader *s)
{
   struct fold_state st = { s, false };
   ir_clear_replacements(s);
   ir_shader_foreach_instr(s, fold_cb, &st);
   if (st.progress)
      ir_clear_replacements(s);
   return st.progress;
}
