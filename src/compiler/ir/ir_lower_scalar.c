/*
 * Scalarization: per-component ALU operations on vectors become one scalar
 * operation per component, reassembled with vecN:
 *
 *    %r = fadd vec2 %a, %b
 * becomes
 *    %a0 = swizzle float %a.x  ...  %r0 = fadd float %a0, %b0
 *    %r1 = ...                       %r = vec2 vec2 %r0, %r1
 *
 * fdot becomes multiplies and adds.  Whole-vector operations (cross,
 * length, normalize, ...), vector construction, moves, loads, stores and
 * texture operations are left alone.  Run copy propagation and DCE after
 * it to fold swizzles of vecN.
 */
#include "compiler/ir/ir_builder.h"

#include <stdbool.h>

struct scalar_state {
   struct ir_shader *s;
   bool progress;
};

static void
scalarize_cb(struct ir_instr *in, void *data)
{
   struct scalar_state *st = data;
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   if (info->kind != IR_KIND_ALU || in->op == IR_OP_mov)
      return;

   struct ir_builder b = { st->s, NULL, NULL };
   ir_builder_before(&b, in);

   if (in->op == IR_OP_fdot) {
      unsigned n = in->src[0]->type.comps;
      if (n == 1)
         return;   /* already a scalar multiply, leave it */
      struct ir_instr *sum = NULL;
      for (unsigned k = 0; k < n; k++) {
         struct ir_instr *x = ir_build_channel(&b, in->src[0], k);
         struct ir_instr *y = in->src[1] == in->src[0] ? x : ir_build_channel(&b, in->src[1], k);
         struct ir_instr *m = ir_build_fmul(&b, x, y);
         sum = sum ? ir_build_fadd(&b, sum, m) : m;
      }
      in->replacement = sum;
      ir_instr_remove(in);
      st->progress = true;
      return;
   }

   if ((info->flags & IR_OPF_VECTOR) || in->type.comps < 2 ||
       IR_TY_SIZE(info->dst) != IR_TSIZE_N)
      return;

   struct ir_instr *parts[4];
   struct ir_type st1 = ir_type_with_comps(in->type, 1);
   for (unsigned k = 0; k < in->type.comps; k++) {
      struct ir_instr *srcs[IR_MAX_ALU_SRCS];
      for (unsigned i = 0; i < in->num_srcs; i++) {
         srcs[i] = NULL;
         for (unsigned j = 0; j < i; j++)
            if (in->src[j] == in->src[i])
               srcs[i] = srcs[j];
         if (IR_TY_SIZE(info->src[i]) != IR_TSIZE_N)
            srcs[i] = in->src[i];   /* a scalar operand shared by every component */
         else if (!srcs[i])
            srcs[i] = ir_build_channel(&b, in->src[i], k);
      }
      parts[k] = ir_build_alu_typed(&b, (enum ir_op)in->op, st1, srcs, in->num_srcs);
   }
   in->replacement = ir_build_vec(&b, parts, in->type.comps);
   ir_instr_remove(in);
   st->progress = true;
}

static void
resolve_cb(struct ir_instr *in, void *data)
{
   (void)data;
   for (unsigned i = 0; i < in->num_srcs; i++)
      if (in->src[i] && in->src[i]->replacement)
         in->src[i] = in->src[i]->replacement;
}

static void
walk(struct ir_instr *in, void *data)
{
   resolve_cb(in, data);
   scalarize_cb(in, data);
}

bool
ir_lower_scalar(struct ir_shader *s)
{
   struct scalar_state st = { s, false };
   ir_clear_replacements(s);
   ir_shader_foreach_instr(s, walk, &st);
   if (st.progress)
      ir_clear_replacements(s);
   return st.progress;
}
