/*
 * Copy propagation:
 *  - uses of `mov %x` become uses of %x;
 *  - a swizzle of a vecN picks the vecN's scalars (one: the scalar itself;
 *    several: a new, smaller vecM);
 *  - identity swizzles disappear, swizzles of swizzles are composed;
 *  - vecN(x.x, x.y, ...) of a whole N-component x is x;
 *  - select on a constant condition (the same for every component) is the
 *    chosen source;
 *  - a variable access indexed by a constant in range becomes a direct
 *    access (`@a[%c]` with %c = const int 2 -> `@a[2]`);
 *  - within a block, a load_local of an element stored or loaded earlier
 *    in the same block (nothing in between may write it) is replaced by
 *    that value.  Nested blocks start with nothing known.
 * The copies left without uses are removed by ir_opt_dce().
 */
#include "compiler/ir/ir.h"

#include <stdlib.h>
#include <string.h>

struct cp_state {
   struct ir_shader *s;
   bool progress;
};

static struct ir_instr *
resolved(struct ir_instr *v)
{
   while (v && v->replacement)
      v = v->replacement;
   return v;
}

static void
replace(struct cp_state *st, struct ir_instr *in, struct ir_instr *with)
{
   in->replacement = with;
   st->progress = true;
}

static bool
is_identity_swizzle(const struct ir_instr *in)
{
   if (in->type.comps != in->src[0]->type.comps)
      return false;
   for (unsigned c = 0; c < in->type.comps; c++)
      if (in->u.swizzle[c] != c)
         return false;
   return true;
}

/* @a[%const] -> @a[N] */
static void
direct_index(struct cp_state *st, struct ir_instr *in)
{
   struct ir_instr *index = ir_var_access_index(in);
   if (!index || index->op != IR_OP_const || index->type.bits != 32)
      return;
   uint32_t k = index->u.value[0].u32;
   if (index->type.base == IR_INT && index->u.value[0].i32 < 0)
      return;
   if (k >= in->u.var.var->array_len)
      return;
   in->u.var.indirect = false;
   in->u.var.offset = k;
   in->num_srcs--;
   st->progress = true;
}

static void
value_rules(struct cp_state *st, struct ir_instr *in)
{
   if (ir_op_info((enum ir_op)in->op)->kind == IR_KIND_VAR)
      direct_index(st, in);
   switch (in->op) {
   case IR_OP_mov:
      replace(st, in, in->src[0]);
      return;
   case IR_OP_swizzle: {
      struct ir_instr *src = in->src[0];
      if (src->op == IR_OP_swizzle) {
         for (unsigned c = 0; c < in->type.comps; c++)
            in->u.swizzle[c] = src->u.swizzle[in->u.swizzle[c]];
         in->src[0] = src->src[0];
         st->progress = true;
         src = in->src[0];
      }
      if (is_identity_swizzle(in)) {
         replace(st, in, src);
         return;
      }
      if (src->op == IR_OP_vec2 || src->op == IR_OP_vec3 || src->op == IR_OP_vec4) {
         if (in->type.comps == 1) {
            replace(st, in, src->src[in->u.swizzle[0]]);
            return;
         }
         /* a vecM of the picked scalars */
         static const enum ir_op vec_ops[] = { 0, 0, IR_OP_vec2, IR_OP_vec3, IR_OP_vec4 };
         struct ir_instr *v = ir_instr_create(st->s, vec_ops[in->type.comps], in->type,
                                              in->type.comps);
         for (unsigned c = 0; c < in->type.comps; c++)
            v->src[c] = src->src[in->u.swizzle[c]];
         ir_instr_insert_before(in, v);
         replace(st, in, v);
         return;
      }
      return;
   }
   case IR_OP_select: {
      struct ir_instr *c = in->src[0];
      if (c->op != IR_OP_const)
         return;
      bool first = c->u.value[0].b;
      for (unsigned k = 1; k < c->type.comps; k++)
         if (c->u.value[k].b != first)
            return;
      replace(st, in, first ? in->src[1] : in->src[2]);
      return;
   }
   case IR_OP_vec2:
   case IR_OP_vec3:
   case IR_OP_vec4: {
      struct ir_instr *x = NULL;
      for (unsigned c = 0; c < in->num_srcs; c++) {
         struct ir_instr *s = in->src[c];
         if (s->op != IR_OP_swizzle || s->type.comps != 1 || s->u.swizzle[0] != c)
            return;
         if (x && s->src[0] != x)
            return;
         x = s->src[0];
      }
      if (x && ir_type_equal(x->type, in->type))
         replace(st, in, x);
      return;
   }
   default:
      return;
   }
}

/* ---- block-local forwarding of local variables ---- */

struct known {
   struct ir_var *var;
   unsigned offset;
   struct ir_instr *value;
};

struct known_set {
   struct known *items;
   unsigned count, cap;
};

static void
forget_var(struct known_set *ks, struct ir_var *var)
{
   for (unsigned i = 0; i < ks->count;) {
      if (!var || ks->items[i].var == var)
         ks->items[i] = ks->items[--ks->count];
      else
         i++;
   }
}

static struct ir_instr *
lookup(struct known_set *ks, struct ir_var *var, unsigned offset)
{
   for (unsigned i = 0; i < ks->count; i++)
      if (ks->items[i].var == var && ks->items[i].offset == offset)
         return ks->items[i].value;
   return NULL;
}

static void
remember(struct known_set *ks, struct ir_var *var, unsigned offset, struct ir_instr *value)
{
   for (unsigned i = 0; i < ks->count; i++)
      if (ks->items[i].var == var && ks->items[i].offset == offset) {
         ks->items[i].value = value;
         return;
      }
   if (ks->count == ks->cap) {
      unsigned ncap = ks->cap ? ks->cap * 2 : 16;
      struct known *n = realloc(ks->items, ncap * sizeof(*n));
      if (!n)
         return;
      ks->items = n;
      ks->cap = ncap;
   }
   ks->items[ks->count++] = (struct known){ var, offset, value };
}

/* Local variables some instruction inside `b` (recursively) writes. */
static void
forget_written(struct known_set *ks, struct ir_block *b)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      if (in->op == IR_OP_store_local)
         forget_var(ks, in->u.var.var);
      else if (in->op == IR_OP_call)
         forget_var(ks, NULL);
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++)
         forget_written(ks, kids[i]);
   }
}

static void
cp_block(struct cp_state *st, struct ir_block *b)
{
   struct known_set ks = { NULL, 0, 0 };
   struct ir_instr *next;
   for (struct ir_instr *in = b->first; in; in = next) {
      next = in->next;
      for (unsigned i = 0; i < in->num_srcs; i++) {
         struct ir_instr *r = resolved(in->src[i]);
         if (r != in->src[i]) {
            in->src[i] = r;
         }
      }
      value_rules(st, in);

      switch (in->op) {
      case IR_OP_load_local:
         if (!in->u.var.indirect) {
            struct ir_instr *v = lookup(&ks, in->u.var.var, in->u.var.offset);
            if (v && ir_type_equal(v->type, in->type))
               replace(st, in, v);
            else
               remember(&ks, in->u.var.var, in->u.var.offset, in);
         }
         break;
      case IR_OP_store_local:
         if (in->u.var.indirect)
            forget_var(&ks, in->u.var.var);
         else
            remember(&ks, in->u.var.var, in->u.var.offset, in->src[0]);
         break;
      case IR_OP_call:
         forget_var(&ks, NULL);
         break;
      default:
         break;
      }
      if (in->replacement) {
         /* every use comes later in this walk and gets resolved there */
         ir_instr_remove(in);
         continue;
      }

      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++) {
         cp_block(st, kids[i]);
         forget_written(&ks, kids[i]);
      }
   }
   free(ks.items);
}

static void
clear_cb(struct ir_instr *in, void *data)
{
   (void)data;
   in->replacement = NULL;
}

bool
ir_opt_copy_prop(struct ir_shader *s)
{
   struct cp_state st = { s, false };
   ir_shader_foreach_instr(s, clear_cb, NULL);
   for (struct ir_function *f = s->functions; f; f = f->next)
      cp_block(&st, f->body);
   if (st.progress) {
      ir_replace_uses_batch(s);
      ir_clear_replacements(s);
   }
   return st.progress;
}
