/*
 * Pony IR builder: creates instructions at a cursor (the end of a block, or
 * before an instruction) and infers ALU result types from the opcode table.
 *
 *    struct ir_builder b;
 *    ir_builder_at_end(&b, ir_shader_main(s)->body);
 *    struct ir_instr *x = ir_build_fadd(&b, a, c);
 *    struct ir_instr *iff = ir_build_if(&b, cond);
 *    ir_builder_at_end(&b, iff->u.cif.then_body);
 *    ...
 *    ir_builder_after(&b, iff);
 */
#ifndef COMPILER_IR_IR_BUILDER_H
#define COMPILER_IR_IR_BUILDER_H

#include "compiler/ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ir_builder {
   struct ir_shader *shader;
   struct ir_block *block;
   struct ir_instr *before;     /* insert before this; NULL: append to block */
};

void ir_builder_at_end(struct ir_builder *b, struct ir_block *block);
void ir_builder_before(struct ir_builder *b, struct ir_instr *in);
void ir_builder_after(struct ir_builder *b, struct ir_instr *in);

/* Insert an instruction created elsewhere at the cursor. */
struct ir_instr *ir_build_insert(struct ir_builder *b, struct ir_instr *in);

/* ALU with the result type inferred from the sources and the table. */
struct ir_instr *ir_build_alu(struct ir_builder *b, enum ir_op op, struct ir_instr *const *srcs,
                              unsigned num_srcs);
/* ALU with an explicit result type (bitcast, b2i to uint, ...). */
struct ir_instr *ir_build_alu_typed(struct ir_builder *b, enum ir_op op, struct ir_type type,
                                    struct ir_instr *const *srcs, unsigned num_srcs);
/* The type ir_build_alu would give; comps == 0 when it cannot tell. */
struct ir_type ir_alu_infer_type(enum ir_op op, struct ir_instr *const *srcs, unsigned num_srcs);

/* One helper per ALU opcode: ir_build_fadd(b, x, y), ir_build_fsqrt(b, x)... */
#define IR_ALU1(name, ...)                                                   \
   static inline struct ir_instr *                                          \
   ir_build_##name(struct ir_builder *b, struct ir_instr *s0)               \
   {                                                                        \
      struct ir_instr *s[1] = { s0 };                                       \
      return ir_build_alu(b, IR_OP_##name, s, 1);                           \
   }
#define IR_ALU2(name, ...)                                                   \
   static inline struct ir_instr *                                          \
   ir_build_##name(struct ir_builder *b, struct ir_instr *s0,               \
                   struct ir_instr *s1)                                     \
   {                                                                        \
      struct ir_instr *s[2] = { s0, s1 };                                   \
      return ir_build_alu(b, IR_OP_##name, s, 2);                           \
   }
#define IR_ALU3(name, ...)                                                   \
   static inline struct ir_instr *                                          \
   ir_build_##name(struct ir_builder *b, struct ir_instr *s0,               \
                   struct ir_instr *s1, struct ir_instr *s2)                \
   {                                                                        \
      struct ir_instr *s[3] = { s0, s1, s2 };                               \
      return ir_build_alu(b, IR_OP_##name, s, 3);                           \
   }
#define IR_ALU4(name, ...)                                                   \
   static inline struct ir_instr *                                          \
   ir_build_##name(struct ir_builder *b, struct ir_instr *s0,               \
                   struct ir_instr *s1, struct ir_instr *s2,                \
                   struct ir_instr *s3)                                     \
   {                                                                        \
      struct ir_instr *s[4] = { s0, s1, s2, s3 };                           \
      return ir_build_alu(b, IR_OP_##name, s, 4);                           \
   }
#include "compiler/ir/ir_opcodes.h"

/* Constants */
struct ir_instr *ir_build_const(struct ir_builder *b, struct ir_type type,
                                const union ir_const_value *values);
struct ir_instr *ir_build_imm_float(struct ir_builder *b, float f);
struct ir_instr *ir_build_imm_vec(struct ir_builder *b, unsigned comps, const float *f);
struct ir_instr *ir_build_imm_int(struct ir_builder *b, int32_t i);
struct ir_instr *ir_build_imm_uint(struct ir_builder *b, uint32_t u);
struct ir_instr *ir_build_imm_bool(struct ir_builder *b, bool v);
struct ir_instr *ir_build_undef(struct ir_builder *b, struct ir_type type);

/* Swizzles; swz holds `comps` component numbers. */
struct ir_instr *ir_build_swizzle(struct ir_builder *b, struct ir_instr *src,
                                  const uint8_t *swz, unsigned comps);
struct ir_instr *ir_build_channel(struct ir_builder *b, struct ir_instr *src, unsigned c);
/* vecN from N scalars (N = 1 returns the scalar) */
struct ir_instr *ir_build_vec(struct ir_builder *b, struct ir_instr *const *comps, unsigned n);
/* a float vec4 constant; a scalar repeated in comps components (vec4 of
 * four scalars: the opcode's ir_build_vec4) */
struct ir_instr *ir_build_imm_vec4(struct ir_builder *b, float x, float y, float z, float w);
struct ir_instr *ir_build_splat(struct ir_builder *b, struct ir_instr *scalar, unsigned comps);

/* Variables: index NULL means the constant element `offset`. */
struct ir_instr *ir_build_load_var(struct ir_builder *b, struct ir_var *var,
                                   struct ir_instr *index, unsigned offset);
struct ir_instr *ir_build_store_var(struct ir_builder *b, struct ir_var *var,
                                    struct ir_instr *index, unsigned offset,
                                    struct ir_instr *value);
struct ir_instr *ir_build_load_cbuf(struct ir_builder *b, struct ir_type type, unsigned cbuf,
                                    struct ir_instr *byte_offset);

/* Textures: kinds[i] says what srcs[i] is. */
struct ir_instr *ir_build_tex(struct ir_builder *b, enum ir_op op, struct ir_type type,
                              struct ir_var *sampler, const enum ir_tex_src *kinds,
                              struct ir_instr *const *srcs, unsigned n);

/* Control flow.  The builder stays after the new if/loop; move it into the
 * bodies with ir_builder_at_end(). */
struct ir_instr *ir_build_if(struct ir_builder *b, struct ir_instr *cond);
struct ir_instr *ir_build_loop(struct ir_builder *b);
struct ir_instr *ir_build_break(struct ir_builder *b);
struct ir_instr *ir_build_continue(struct ir_builder *b);
struct ir_instr *ir_build_return(struct ir_builder *b, struct ir_instr *value);
struct ir_instr *ir_build_discard(struct ir_builder *b, struct ir_instr *cond_or_null);
/* Geometry shaders: emit the outputs as a vertex, end the strip. */
struct ir_instr *ir_build_emit_vertex(struct ir_builder *b);
struct ir_instr *ir_build_end_primitive(struct ir_builder *b);
struct ir_instr *ir_build_call(struct ir_builder *b, struct ir_function *f,
                               struct ir_instr *const *args, unsigned n);

#ifdef __cplusplus
}
#endif

#endif
