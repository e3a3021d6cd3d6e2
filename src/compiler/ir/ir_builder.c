/*
 * Pony IR builder.
 */
#include "compiler/ir/ir_builder.h"

#include <assert.h>
#include <string.h>

void
ir_builder_at_end(struct ir_builder *b, struct ir_block *block)
{
   b->shader = block->func ? block->func->shader : b->shader;
   b->block = block;
   b->before = NULL;
}

void
ir_builder_before(struct ir_builder *b, struct ir_instr *in)
{
   b->block = in->block;
   b->shader = ir_instr_shader(in);
   b->before = in;
}

void
ir_builder_after(struct ir_builder *b, struct ir_instr *in)
{
   b->block = in->block;
   b->shader = ir_instr_shader(in);
   b->before = in->next;
}

struct ir_instr *
ir_build_insert(struct ir_builder *b, struct ir_instr *in)
{
   if (b->before)
      ir_instr_insert_before(b->before, in);
   else
      ir_block_append(b->block, in);
   return in;
}

struct ir_type
ir_alu_infer_type(enum ir_op op, struct ir_instr *const *srcs, unsigned num_srcs)
{
   const struct ir_op_info *info = ir_op_info(op);
   struct ir_type t = ir_type_void();
   if (info->kind != IR_KIND_ALU || num_srcs != info->num_srcs || !num_srcs)
      return t;
   unsigned mask = IR_TY_BASE(info->dst);
   int base = -1;
   if (mask && !(mask & (mask - 1))) {
      base = __builtin_ctz(mask);
   } else {
      for (unsigned i = 0; i < num_srcs; i++)
         if (IR_TY_BASE(info->src[i]) == IR_TBASE_D) {
            base = srcs[i]->type.base;
            break;
         }
      if (base < 0) {
         if (mask == IR_TBASE_IU)
            base = IR_INT;
         else if (op == IR_OP_bitcast)
            return t;   /* needs an explicit type */
         else
            base = srcs[0]->type.base;
      }
   }
   unsigned size = IR_TY_SIZE(info->dst), comps = size;
   if (size == IR_TSIZE_N) {
      comps = 0;
      for (unsigned i = 0; i < num_srcs; i++)
         if (IR_TY_SIZE(info->src[i]) == IR_TSIZE_N) {
            comps = srcs[i]->type.comps;
            break;
         }
   }
   unsigned bits = srcs[0]->type.base == IR_BOOL ? 32 : srcs[0]->type.bits;
   if (base == IR_BOOL)
      bits = 32;
   t.base = (uint8_t)base;
   t.bits = (uint8_t)bits;
   t.comps = (uint8_t)comps;
   return t;
}

struct ir_instr *
ir_build_alu_typed(struct ir_builder *b, enum ir_op op, struct ir_type type,
                   struct ir_instr *const *srcs, unsigned num_srcs)
{
   struct ir_instr *in = ir_instr_create(b->shader, op, type, num_srcs);
   for (unsigned i = 0; i < num_srcs; i++)
      in->src[i] = srcs[i];
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_alu(struct ir_builder *b, enum ir_op op, struct ir_instr *const *srcs,
             unsigned num_srcs)
{
   struct ir_type t = ir_alu_infer_type(op, srcs, num_srcs);
   assert(t.comps && "cannot infer the result type; use ir_build_alu_typed");
   return ir_build_alu_typed(b, op, t, srcs, num_srcs);
}

struct ir_instr *
ir_build_const(struct ir_builder *b, struct ir_type type, const union ir_const_value *values)
{
   struct ir_instr *in = ir_instr_create(b->shader, IR_OP_const, type, 0);
   for (unsigned c = 0; c < type.comps; c++)
      in->u.value[c] = values[c];
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_imm_float(struct ir_builder *b, float f)
{
   union ir_const_value v;
   memset(&v, 0, sizeof(v));
   v.f32 = f;
   return ir_build_const(b, ir_type_make(IR_FLOAT, 1), &v);
}

struct ir_instr *
ir_build_imm_vec(struct ir_builder *b, unsigned comps, const float *f)
{
   union ir_const_value v[4];
   memset(v, 0, sizeof(v));
   for (unsigned c = 0; c < comps; c++)
      v[c].f32 = f[c];
   return ir_build_const(b, ir_type_make(IR_FLOAT, comps), v);
}

struct ir_instr *
ir_build_imm_int(struct ir_builder *b, int32_t i)
{
   union ir_const_value v;
   memset(&v, 0, sizeof(v));
   v.i32 = i;
   return ir_build_const(b, ir_type_make(IR_INT, 1), &v);
}

struct ir_instr *
ir_build_imm_uint(struct ir_builder *b, uint32_t u)
{
   union ir_const_value v;
   memset(&v, 0, sizeof(v));
   v.u32 = u;
   return ir_build_const(b, ir_type_make(IR_UINT, 1), &v);
}

struct ir_instr *
ir_build_imm_bool(struct ir_builder *b, bool x)
{
   union ir_const_value v;
   memset(&v, 0, sizeof(v));
   v.b = x;
   return ir_build_const(b, ir_type_make(IR_BOOL, 1), &v);
}

struct ir_instr *
ir_build_undef(struct ir_builder *b, struct ir_type type)
{
   return ir_build_insert(b, ir_instr_create(b->shader, IR_OP_undef, type, 0));
}

struct ir_instr *
ir_build_swizzle(struct ir_builder *b, struct ir_instr *src, const uint8_t *swz, unsigned comps)
{
   struct ir_instr *in =
      ir_instr_create(b->shader, IR_OP_swizzle, ir_type_with_comps(src->type, comps), 1);
   in->src[0] = src;
   for (unsigned c = 0; c < comps; c++)
      in->u.swizzle[c] = swz[c];
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_channel(struct ir_builder *b, struct ir_instr *src, unsigned c)
{
   uint8_t swz = (uint8_t)c;
   return ir_build_swizzle(b, src, &swz, 1);
}

struct ir_instr *
ir_build_vec(struct ir_builder *b, struct ir_instr *const *comps, unsigned n)
{
   static const enum ir_op ops[] = { IR_OP_mov, IR_OP_mov, IR_OP_vec2, IR_OP_vec3, IR_OP_vec4 };
   assert(n >= 1 && n <= 4);
   if (n == 1)
      return comps[0];
   return ir_build_alu(b, ops[n], comps, n);
}

struct ir_instr *
ir_build_imm_vec4(struct ir_builder *b, float x, float y, float z, float w)
{
   const float f[4] = { x, y, z, w };
   return ir_build_imm_vec(b, 4, f);
}

struct ir_instr *
ir_build_splat(struct ir_builder *b, struct ir_instr *scalar, unsigned comps)
{
   struct ir_instr *c[4] = { scalar, scalar, scalar, scalar };
   return ir_build_vec(b, c, comps);
}

struct ir_instr *
ir_build_load_var(struct ir_builder *b, struct ir_var *var, struct ir_instr *index,
                  unsigned offset)
{
   static const enum ir_op ops[] = {
      [IR_VAR_INPUT] = IR_OP_load_input,
      [IR_VAR_OUTPUT] = IR_OP_load_output,
      [IR_VAR_UNIFORM] = IR_OP_load_uniform,
      [IR_VAR_LOCAL] = IR_OP_load_local,
   };
   assert(var->mode != IR_VAR_SAMPLER);
   struct ir_instr *in = ir_instr_create(b->shader, ops[var->mode], var->type, index ? 1 : 0);
   in->u.var.var = var;
   in->u.var.offset = offset;
   if (index) {
      in->u.var.indirect = true;
      in->src[0] = index;
   }
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_store_var(struct ir_builder *b, struct ir_var *var, struct ir_instr *index,
                   unsigned offset, struct ir_instr *value)
{
   assert(var->mode == IR_VAR_OUTPUT || var->mode == IR_VAR_LOCAL);
   enum ir_op op = var->mode == IR_VAR_OUTPUT ? IR_OP_store_output : IR_OP_store_local;
   struct ir_instr *in = ir_instr_create(b->shader, op, ir_type_void(), index ? 2 : 1);
   in->u.var.var = var;
   in->u.var.offset = offset;
   in->src[0] = value;
   if (index) {
      in->u.var.indirect = true;
      in->src[1] = index;
   }
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_load_cbuf(struct ir_builder *b, struct ir_type type, unsigned cbuf,
                   struct ir_instr *byte_offset)
{
   struct ir_instr *in = ir_instr_create(b->shader, IR_OP_load_cbuf, type, 1);
   in->u.cbuf = cbuf;
   in->src[0] = byte_offset;
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_tex(struct ir_builder *b, enum ir_op op, struct ir_type type, struct ir_var *sampler,
             const enum ir_tex_src *kinds, struct ir_instr *const *srcs, unsigned n)
{
   assert(n <= IR_NUM_TEX_SRCS);
   if (n > IR_NUM_TEX_SRCS)
      n = IR_NUM_TEX_SRCS;
   struct ir_instr *in = ir_instr_create(b->shader, op, type, n);
   in->u.tex.sampler = sampler;
   for (unsigned i = 0; i < n; i++) {
      in->src[i] = srcs[i];
      in->u.tex.kind[i] = (uint8_t)kinds[i];
   }
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_if(struct ir_builder *b, struct ir_instr *cond)
{
   struct ir_instr *in = ir_instr_create(b->shader, IR_OP_if, ir_type_void(), 1);
   in->src[0] = cond;
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_loop(struct ir_builder *b)
{
   return ir_build_insert(b, ir_instr_create(b->shader, IR_OP_loop, ir_type_void(), 0));
}

struct ir_instr *
ir_build_break(struct ir_builder *b)
{
   return ir_build_insert(b, ir_instr_create(b->shader, IR_OP_break, ir_type_void(), 0));
}

struct ir_instr *
ir_build_continue(struct ir_builder *b)
{
   return ir_build_insert(b, ir_instr_create(b->shader, IR_OP_continue, ir_type_void(), 0));
}

struct ir_instr *
ir_build_return(struct ir_builder *b, struct ir_instr *value)
{
   struct ir_instr *in =
      ir_instr_create(b->shader, IR_OP_return, ir_type_void(), value ? 1 : 0);
   if (value)
      in->src[0] = value;
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_discard(struct ir_builder *b, struct ir_instr *cond)
{
   struct ir_instr *in = ir_instr_create(b->shader, cond ? IR_OP_discard_if : IR_OP_discard,
                                         ir_type_void(), cond ? 1 : 0);
   if (cond)
      in->src[0] = cond;
   return ir_build_insert(b, in);
}

struct ir_instr *
ir_build_emit_vertex(struct ir_builder *b)
{
   return ir_build_insert(b, ir_instr_create(b->shader, IR_OP_emit_vertex, ir_type_void(), 0));
}

struct ir_instr *
ir_build_end_primitive(struct ir_builder *b)
{
   return ir_build_insert(b, ir_instr_create(b->shader, IR_OP_end_primitive, ir_type_void(), 0));
}

struct ir_instr *
ir_build_call(struct ir_builder *b, struct ir_function *f, struct ir_instr *const *args,
              unsigned n)
{
   struct ir_instr *in = ir_instr_create(b->shader, IR_OP_call, f->ret, n);
   in->u.callee = f;
   for (unsigned i = 0; i < n; i++)
      in->src[i] = args[i];
   return ir_build_insert(b, in);
}
