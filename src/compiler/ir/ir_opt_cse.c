/*
 * Common-subexpression elimination.  A pure instruction equal to one that
 * dominates it (same opcode, type, sources and immediates) is replaced by
 * the earlier one.  The walk keeps a scoped hash table: entries added in a
 * block are dropped when the block ends, so only dominating values match.
 * Commutative operations match with their first two sources swapped.
 * Loads of locals and outputs are not merged (stores may come between);
 * copy propagation forwards those within a block.
 */
#include "compiler/ir/ir.h"

#include <stdlib.h>
#include <string.h>

struct cse_entry {
   struct ir_instr *in;
   uint32_t hash;
   struct cse_entry *next;
};

struct cse_state {
   struct cse_entry **buckets;
   unsigned num_buckets;           /* power of two, kept >= 2 * live entries */
   struct cse_entry **stack;       /* live entries in insertion order */
   unsigned depth, cap;
   bool progress;
};

static void
grow_buckets(struct cse_state *st)
{
   unsigned n = st->num_buckets * 2;
   struct cse_entry **b = calloc(n, sizeof(*b));
   if (!b)
      abort();
   /* re-insert oldest first so each chain stays newest-first */
   for (unsigned i = 0; i < st->depth; i++) {
      struct cse_entry *e = st->stack[i];
      e->next = b[e->hash & (n - 1)];
      b[e->hash & (n - 1)] = e;
   }
   free(st->buckets);
   st->buckets = b;
   st->num_buckets = n;
}

static bool
cse_candidate(const struct ir_instr *in)
{
   if (!ir_instr_has_dest(in) || !ir_instr_is_pure(in))
      return false;
   switch (in->op) {
   case IR_OP_load_local:
   case IR_OP_load_output:
   case IR_OP_undef:
   case IR_OP_param:
      return false;
   default:
      return true;
   }
}

static uint32_t
mix(uint32_t h, uint64_t v)
{
   h ^= (uint32_t)v + 0x9e3779b9u + (h << 6) + (h >> 2);
   h ^= (uint32_t)(v >> 32) + 0x9e3779b9u + (h << 6) + (h >> 2);
   return h;
}

static uint32_t
hash_instr(const struct ir_instr *in)
{
   uint32_t h = mix(in->op, ((uint64_t)in->type.base << 16) | (in->type.bits << 8) |
                            in->type.comps);
   bool comm = ir_op_info((enum ir_op)in->op)->flags & IR_OPF_COMMUTATIVE;
   for (unsigned i = 0; i < in->num_srcs; i++) {
      if (comm && i < 2) {
         /* order-independent for the first two */
         uintptr_t a = (uintptr_t)in->src[0], b = (uintptr_t)in->src[1];
         if (i == 0)
            h = mix(h, (uint64_t)(a ^ b) + (uint64_t)(a + b));
         continue;
      }
      h = mix(h, (uintptr_t)in->src[i]);
   }
   switch (ir_op_info((enum ir_op)in->op)->kind) {
   case IR_KIND_CONST:
      for (unsigned c = 0; c < in->type.comps; c++)
         h = mix(h, in->u.value[c].u64);
      break;
   case IR_KIND_SWIZZLE:
      for (unsigned c = 0; c < in->type.comps; c++)
         h = mix(h, in->u.swizzle[c]);
      break;
   case IR_KIND_VAR:
      h = mix(h, (uintptr_t)in->u.var.var);
      h = mix(h, in->u.var.offset | ((uint64_t)in->u.var.indirect << 32));
      break;
   case IR_KIND_CBUF:
      h = mix(h, in->u.cbuf);
      break;
   case IR_KIND_TEX:
      h = mix(h, (uintptr_t)in->u.tex.sampler);
      for (unsigned i = 0; i < in->num_srcs; i++)
         h = mix(h, in->u.tex.kind[i]);
      h = mix(h, in->u.tex.component);
      break;
   default:
      break;
   }
   /* final avalanche: bucket indexes use the low bits */
   h ^= h >> 16;
   h *= 0x7feb352du;
   h ^= h >> 15;
   h *= 0x846ca68bu;
   h ^= h >> 16;
   return h;
}

static bool
srcs_equal(const struct ir_instr *a, const struct ir_instr *b)
{
   bool same = true;
   for (unsigned i = 0; i < a->num_srcs; i++)
      if (a->src[i] != b->src[i])
         same = false;
   if (same)
      return true;
   if (!(ir_op_info((enum ir_op)a->op)->flags & IR_OPF_COMMUTATIVE) || a->num_srcs < 2)
      return false;
   if (a->src[0] != b->src[1] || a->src[1] != b->src[0])
      return false;
   for (unsigned i = 2; i < a->num_srcs; i++)
      if (a->src[i] != b->src[i])
         return false;
   return true;
}

static bool
instr_equal(const struct ir_instr *a, const struct ir_instr *b)
{
   if (a->op != b->op || !ir_type_equal(a->type, b->type) || a->num_srcs != b->num_srcs)
      return false;
   if (!srcs_equal(a, b))
      return false;
   switch (ir_op_info((enum ir_op)a->op)->kind) {
   case IR_KIND_CONST:
      for (unsigned c = 0; c < a->type.comps; c++) {
         if (a->type.base == IR_BOOL) {
            if (a->u.value[c].b != b->u.value[c].b)
               return false;
         } else if (a->type.bits == 64) {
            if (a->u.value[c].u64 != b->u.value[c].u64)
               return false;
         } else if (a->type.bits == 16) {
            if (a->u.value[c].u16 != b->u.value[c].u16)
               return false;
         } else if (a->u.value[c].u32 != b->u.value[c].u32) {
            return false;
         }
      }
      return true;
   case IR_KIND_SWIZZLE:
      return !memcmp(a->u.swizzle, b->u.swizzle, a->type.comps);
   case IR_KIND_VAR:
      return a->u.var.var == b->u.var.var && a->u.var.offset == b->u.var.offset &&
             a->u.var.indirect == b->u.var.indirect;
   case IR_KIND_CBUF:
      return a->u.cbuf == b->u.cbuf;
   case IR_KIND_TEX:
      return a->u.tex.sampler == b->u.tex.sampler && a->u.tex.component == b->u.tex.component &&
             !memcmp(a->u.tex.kind, b->u.tex.kind, a->num_srcs);
   default:
      return true;
   }
}

static void
push(struct cse_state *st, struct cse_entry *e)
{
   if (st->depth == st->cap) {
      unsigned ncap = st->cap ? st->cap * 2 : 256;
      struct cse_entry **n = realloc(st->stack, ncap * sizeof(*n));
      if (!n)
         abort();
      st->stack = n;
      st->cap = ncap;
   }
   st->stack[st->depth++] = e;
}

static void
cse_block(struct cse_state *st, struct ir_block *b)
{
   unsigned mark = st->depth;
   struct ir_instr *next;
   for (struct ir_instr *in = b->first; in; in = next) {
      next = in->next;
      for (unsigned i = 0; i < in->num_srcs; i++)
         if (in->src[i]->replacement)
            in->src[i] = in->src[i]->replacement;

      if (cse_candidate(in)) {
         uint32_t h = hash_instr(in);
         struct cse_entry *e;
         for (e = st->buckets[h & (st->num_buckets - 1)]; e; e = e->next)
            if (e->hash == h && instr_equal(e->in, in))
               break;
         if (e) {
            in->replacement = e->in;
            ir_instr_remove(in);
            st->progress = true;
            continue;
         }
         e = malloc(sizeof(*e));
         if (!e)
            abort();
         e->in = in;
         e->hash = h;
         if (2 * (st->depth + 1) > st->num_buckets)
            grow_buckets(st);
         e->next = st->buckets[h & (st->num_buckets - 1)];
         st->buckets[h & (st->num_buckets - 1)] = e;
         push(st, e);
      }
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++)
         cse_block(st, kids[i]);
   }
   /* leave the scope: entries were pushed at bucket heads, pop in reverse */
   while (st->depth > mark) {
      struct cse_entry *e = st->stack[--st->depth];
      struct cse_entry **pp = &st->buckets[e->hash & (st->num_buckets - 1)];
      while (*pp != e)
         pp = &(*pp)->next;
      *pp = e->next;
      free(e);
   }
}

bool
ir_opt_cse(struct ir_shader *s)
{
   struct cse_state *st = calloc(1, sizeof(*st));
   if (!st)
      return false;
   st->num_buckets = 256;
   st->buckets = calloc(st->num_buckets, sizeof(*st->buckets));
   if (!st->buckets) {
      free(st);
      return false;
   }
   ir_clear_replacements(s);
   for (struct ir_function *f = s->functions; f; f = f->next)
      cse_block(st, f->body);
   bool progress = st->progress;
   free(st->buckets);
   free(st->stack);
   free(st);
   if (progress) {
      ir_replace_uses_batch(s);
      ir_clear_replacements(s);
   }
   return progress;
}
