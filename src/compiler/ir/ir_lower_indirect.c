/*
 * Lowering of dynamic array indexing, for back ends without indirect
 * addressing of a variable mode.  For each access `@a[%i]` to a variable
 * whose mode is in `modes` (bits 1 << IR_VAR_*):
 *
 *  - a load becomes a load of every element and a chain of selects,
 *      %r = select(i == 0, a[0], select(i == 1, a[1], ... a[n-1]))
 *    (an out-of-range index reads the last element);
 *  - a store becomes one `if %i == k { store @a[k], %v }` per element
 *    (an out-of-range index writes nothing).
 */
#include "compiler/ir/ir_builder.h"

struct indirect_state {
   struct ir_shader *s;
   unsigned modes;
   bool progress;
};

static struct ir_instr *
index_equals(struct ir_builder *b, struct ir_instr *index, unsigned k)
{
   struct ir_instr *kc = index->type.base == IR_UINT ? ir_build_imm_uint(b, k)
                                                     : ir_build_imm_int(b, (int32_t)k);
   return ir_build_ieq(b, index, kc);
}

static void
lower_cb(struct ir_instr *in, void *data)
{
   struct indirect_state *st = data;
   for (unsigned i = 0; i < in->num_srcs; i++)
      if (in->src[i]->replacement)
         in->src[i] = in->src[i]->replacement;
   if (ir_op_info((enum ir_op)in->op)->kind != IR_KIND_VAR || !in->u.var.indirect)
      return;
   struct ir_var *var = in->u.var.var;
   if (!(st->modes & (1u << var->mode)))
      return;

   struct ir_builder b = { st->s, NULL, NULL };
   ir_builder_before(&b, in);
   struct ir_instr *index = ir_var_access_index(in);
   unsigned n = var->array_len;

   if (ir_op_is_store((enum ir_op)in->op)) {
      for (unsigned k = 0; k < n; k++) {
         struct ir_instr *c = index_equals(&b, index, k);
         struct ir_instr *iff = ir_build_if(&b, c);
         struct ir_builder inner = { st->s, NULL, NULL };
         ir_builder_at_end(&inner, iff->u.cif.then_body);
         ir_build_store_var(&inner, var, NULL, k, in->src[0]);
      }
   } else {
      struct ir_instr **elems = ir_alloc(st->s, sizeof(*elems) * n);
      for (unsigned k = 0; k < n; k++) {
         struct ir_instr *l = ir_instr_create(st->s, (enum ir_op)in->op, in->type, 0);
         l->u.var.var = var;
         l->u.var.offset = k;
         elems[k] = ir_build_insert(&b, l);
      }
      struct ir_instr *r = elems[n - 1];
      for (unsigned k = n - 1; k-- > 0;) {
         struct ir_instr *c = index_equals(&b, index, k);
         if (in->type.comps > 1) {
            struct ir_instr *cs[4] = { c, c, c, c };
            c = ir_build_vec(&b, cs, in->type.comps);
         }
         r = ir_build_select(&b, c, elems[k], r);
      }
      in->replacement = r;   /* later uses are resolved as the walk reaches them */
   }
   ir_instr_remove(in);
   st->progress = true;
}

bool
ir_lower_indirect(struct ir_shader *s, unsigned modes)
{
   struct indirect_state st = { s, modes, false };
   ir_clear_replacements(s);
   ir_shader_foreach_instr(s, lower_cb, &st);
   if (st.progress)
      ir_clear_replacements(s);
   return st.progress;
}
