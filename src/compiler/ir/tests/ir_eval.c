#include "ir_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum flow { FLOW_NEXT, FLOW_BREAK, FLOW_CONTINUE, FLOW_RETURN, FLOW_DISCARD, FLOW_FAIL };

struct frame {
   union ir_const_value (*vals)[4];
   unsigned count;
   union ir_const_value ret[4];
};

struct evaluator {
   struct ir_shader *s;
   uint32_t seed;
   union ir_const_value *var_store[256];   /* by var index: 4 per element */
   unsigned steps;
   unsigned depth;
   struct ir_eval_result *res;
};

static uint32_t
hash32(uint32_t x)
{
   x ^= x >> 16;
   x *= 0x7feb352du;
   x ^= x >> 15;
   x *= 0x846ca68bu;
   x ^= x >> 16;
   return x;
}

static union ir_const_value
input_value(struct evaluator *ev, struct ir_var *v, unsigned elem, unsigned c)
{
   union ir_const_value r;
   memset(&r, 0, sizeof(r));
   uint32_t h = hash32(ev->seed * 977u + v->index * 131u + elem * 7u + c);
   switch (v->type.base) {
   case IR_FLOAT: r.f32 = (float)((int)(h % 2001) - 1000) / 64.0f; break;
   case IR_INT: r.i32 = (int32_t)(h % 5) - 1; break;   /* small: good array indices */
   case IR_UINT: r.u32 = h % 4; break;
   case IR_BOOL: r.b = h & 1; break;
   }
   return r;
}

static unsigned
max_index(struct ir_function *f)
{
   unsigned m = f->num_params;
   struct ir_block *stack[256];
   unsigned sp = 0;
   stack[sp++] = f->body;
   while (sp) {
      struct ir_block *b = stack[--sp];
      for (struct ir_instr *in = b->first; in; in = in->next) {
         if (ir_instr_has_dest(in) && in->index + 1 > m)
            m = in->index + 1;
         struct ir_block *kids[2];
         unsigned n = ir_instr_child_blocks(in, kids);
         for (unsigned i = 0; i < n && sp < 256; i++)
            stack[sp++] = kids[i];
      }
   }
   return m;
}

static enum flow run_block(struct evaluator *ev, struct frame *fr, struct ir_block *b);

static enum flow
call_function(struct evaluator *ev, struct ir_function *f, union ir_const_value (*args)[4],
              union ir_const_value ret[4])
{
   if (++ev->depth > 16)
      return FLOW_FAIL;
   struct frame fr;
   fr.count = max_index(f);
   fr.vals = calloc(fr.count + 1, sizeof(*fr.vals));
   memset(fr.ret, 0, sizeof(fr.ret));
   for (unsigned i = 0; i < f->num_params; i++)
      memcpy(fr.vals[f->params[i]->index], args[i], sizeof(args[i]));
   enum flow fl = run_block(ev, &fr, f->body);
   if (ret)
      memcpy(ret, fr.ret, sizeof(fr.ret));
   free(fr.vals);
   ev->depth--;
   if (fl == FLOW_RETURN || fl == FLOW_NEXT)
      return FLOW_NEXT;
   return fl;
}

static union ir_const_value *
element(struct evaluator *ev, struct frame *fr, struct ir_instr *in, bool *oob)
{
   struct ir_var *v = in->u.var.var;
   unsigned len = v->array_len ? v->array_len : 1;
   unsigned e = in->u.var.offset;
   *oob = false;
   if (in->u.var.indirect) {
      uint32_t i = fr->vals[ir_var_access_index(in)->index][0].u32;
      if (i >= len) {
         *oob = true;
         e = len - 1;
      } else {
         e = i;
      }
   }
   if (v->index >= 256)
      return NULL;
   return ev->var_store[v->index] + 4 * e;
}

/* Every output component, appended to the result (the final outputs and
 * each emit_vertex's snapshot). */
static void
record_outputs(struct evaluator *ev)
{
   struct ir_eval_result *res = ev->res;
   for (struct ir_var *v = ev->s->vars; v; v = v->next) {
      if (v->mode != IR_VAR_OUTPUT || v->index >= 256)
         continue;
      unsigned len = v->array_len ? v->array_len : 1;
      for (unsigned e = 0; e < len; e++)
         for (unsigned c = 0; c < v->type.comps && res->num < IR_EVAL_MAX_OUT; c++) {
            res->base[res->num] = v->type.base;
            res->out[res->num++] = ev->var_store[v->index][4 * e + c];
         }
   }
}

static void
tex_result(struct frame *fr, struct ir_instr *in, union ir_const_value out[4])
{
   float sum = 0.0f;
   for (unsigned i = 0; i < in->num_srcs; i++) {
      struct ir_instr *s = in->src[i];
      for (unsigned c = 0; c < s->type.comps; c++) {
         union ir_const_value v = fr->vals[s->index][c];
         sum += s->type.base == IR_FLOAT ? v.f32 : (float)v.i32;
      }
   }
   for (unsigned c = 0; c < 4; c++) {
      memset(&out[c], 0, sizeof(out[c]));
      if (in->type.base == IR_FLOAT)
         out[c].f32 = sum * (float)(c + 1) + (float)in->u.tex.sampler->binding;
      else
         out[c].i32 = (int32_t)c + (int32_t)in->u.tex.sampler->binding;
   }
}

static enum flow
run_instr(struct evaluator *ev, struct frame *fr, struct ir_instr *in)
{
   if (++ev->steps > 200000)
      return FLOW_FAIL;
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   union ir_const_value *dst = ir_instr_has_dest(in) ? fr->vals[in->index] : NULL;
   switch ((enum ir_op_kind)info->kind) {
   case IR_KIND_ALU: {
      struct ir_instr fake_srcs[IR_MAX_ALU_SRCS];
      struct ir_instr *ptrs[IR_MAX_ALU_SRCS];
      struct ir_instr fake = *in;
      for (unsigned i = 0; i < in->num_srcs; i++) {
         fake_srcs[i] = *in->src[i];
         fake_srcs[i].op = IR_OP_const;
         memcpy(fake_srcs[i].u.value, fr->vals[in->src[i]->index], sizeof(fake_srcs[i].u.value));
         ptrs[i] = &fake_srcs[i];
      }
      fake.src = ptrs;
      if (!ir_fold_alu(&fake, dst))
         return FLOW_FAIL;
      return FLOW_NEXT;
   }
   case IR_KIND_SWIZZLE:
      for (unsigned c = 0; c < in->type.comps; c++)
         dst[c] = fr->vals[in->src[0]->index][in->u.swizzle[c]];
      return FLOW_NEXT;
   case IR_KIND_CONST:
      memcpy(dst, in->u.value, sizeof(in->u.value));
      return FLOW_NEXT;
   case IR_KIND_UNDEF:
      memset(dst, 0, 4 * sizeof(*dst));
      return FLOW_NEXT;
   case IR_KIND_VAR: {
      bool oob;
      union ir_const_value *e = element(ev, fr, in, &oob);
      if (!e)
         return FLOW_FAIL;
      if (ir_op_is_store((enum ir_op)in->op)) {
         if (!oob)
            memcpy(e, fr->vals[in->src[0]->index], 4 * sizeof(*e));
      } else {
         memcpy(dst, e, 4 * sizeof(*e));
      }
      return FLOW_NEXT;
   }
   case IR_KIND_CBUF:
      for (unsigned c = 0; c < 4; c++) {
         memset(&dst[c], 0, sizeof(dst[c]));
         dst[c].u32 = hash32(fr->vals[in->src[0]->index][0].u32 + c) % 8;
      }
      return FLOW_NEXT;
   case IR_KIND_TEX:
      tex_result(fr, in, dst);
      return FLOW_NEXT;
   case IR_KIND_DISCARD:
      if (in->op == IR_OP_discard || fr->vals[in->src[0]->index][0].b)
         return FLOW_DISCARD;
      return FLOW_NEXT;
   case IR_KIND_JUMP:
      if (in->op == IR_OP_break)
         return FLOW_BREAK;
      if (in->op == IR_OP_continue)
         return FLOW_CONTINUE;
      if (in->num_srcs)
         memcpy(fr->ret, fr->vals[in->src[0]->index], sizeof(fr->ret));
      return FLOW_RETURN;
   case IR_KIND_IF:
      return run_block(ev, fr, fr->vals[in->src[0]->index][0].b ? in->u.cif.then_body
                                                                 : in->u.cif.else_body);
   case IR_KIND_LOOP:
      for (unsigned iter = 0;; iter++) {
         if (iter > 1000)
            return FLOW_FAIL;
         enum flow fl = run_block(ev, fr, in->u.loop.body);
         if (fl == FLOW_BREAK)
            return FLOW_NEXT;
         if (fl == FLOW_NEXT || fl == FLOW_CONTINUE)
            continue;
         return fl;
      }
   case IR_KIND_CALL: {
      union ir_const_value (*args)[4] = calloc(in->num_srcs + 1, sizeof(*args));
      for (unsigned i = 0; i < in->num_srcs; i++)
         memcpy(args[i], fr->vals[in->src[i]->index], sizeof(args[i]));
      union ir_const_value ret[4];
      enum flow fl = call_function(ev, in->u.callee, args, ret);
      free(args);
      if (dst)
         memcpy(dst, ret, sizeof(ret));
      return fl;
   }
   case IR_KIND_PARAM:
      return FLOW_FAIL;
   case IR_KIND_EMIT:
      /* a vertex: the outputs as they are; a strip's end: a marker */
      if (in->op == IR_OP_emit_vertex) {
         record_outputs(ev);
      } else if (ev->res->num < IR_EVAL_MAX_OUT) {
         memset(&ev->res->out[ev->res->num], 0, sizeof(ev->res->out[0]));
         ev->res->base[ev->res->num] = IR_UINT;
         ev->res->out[ev->res->num++].u32 = 0xe0du;
      }
      return FLOW_NEXT;
   }
   return FLOW_FAIL;
}

static enum flow
run_block(struct evaluator *ev, struct frame *fr, struct ir_block *b)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      enum flow fl = run_instr(ev, fr, in);
      if (fl != FLOW_NEXT)
         return fl;
   }
   return FLOW_NEXT;
}

void
ir_eval(struct ir_shader *s, uint32_t seed, struct ir_eval_result *res)
{
   ir_eval_inputs(s, seed, NULL, NULL, res);
}

void
ir_eval_inputs(struct ir_shader *s, uint32_t seed, ir_eval_input_fn input, void *data,
               struct ir_eval_result *res)
{
   struct evaluator ev;
   memset(&ev, 0, sizeof(ev));
   memset(res, 0, sizeof(*res));
   ev.s = s;
   ev.seed = seed;
   ev.res = res;
   ir_shader_number(s);
   for (struct ir_var *v = s->vars; v; v = v->next) {
      if (v->index >= 256)
         return;
      unsigned len = v->array_len ? v->array_len : 1;
      ev.var_store[v->index] = calloc(4 * len, sizeof(union ir_const_value));
      if (v->mode == IR_VAR_INPUT || v->mode == IR_VAR_UNIFORM)
         for (unsigned e = 0; e < len; e++)
            for (unsigned c = 0; c < v->type.comps; c++)
               if (!input || v->mode != IR_VAR_INPUT ||
                   !input(data, v, e, c, &ev.var_store[v->index][4 * e + c]))
                  ev.var_store[v->index][4 * e + c] = input_value(&ev, v, e, c);
   }
   struct ir_function *main_fn = ir_shader_main(s);
   enum flow fl = main_fn ? call_function(&ev, main_fn, NULL, NULL) : FLOW_FAIL;
   res->ok = fl != FLOW_FAIL;
   res->discarded = fl == FLOW_DISCARD;
   if (res->ok && !res->discarded)
      record_outputs(&ev);
   for (unsigned i = 0; i < 256; i++)
      free(ev.var_store[i]);
}

bool
ir_eval_same(const struct ir_eval_result *a, const struct ir_eval_result *b)
{
   if (!a->ok || !b->ok)
      return true;   /* nothing to compare */
   if (a->discarded != b->discarded || a->num != b->num)
      return false;
   for (unsigned i = 0; i < a->num; i++) {
      if (a->base[i] == IR_FLOAT) {
         if (isnan(a->out[i].f32) && isnan(b->out[i].f32))
            continue;
         if (a->out[i].u32 != b->out[i].u32)
            return false;
      } else if (a->base[i] == IR_BOOL) {
         if (a->out[i].b != b->out[i].b)
            return false;
      } else if (a->out[i].u32 != b->out[i].u32) {
         return false;
      }
   }
   return true;
}
