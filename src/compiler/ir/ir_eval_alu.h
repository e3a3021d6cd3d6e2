/*
 * ALU opcode semantics on values, shared by constant folding and the IR
 * interpreter (irexec).  See ir_eval_alu.c for the rules chosen where GLSL
 * leaves a result undefined.
 */
#ifndef COMPILER_IR_IR_EVAL_ALU_H
#define COMPILER_IR_IR_EVAL_ALU_H

#include "compiler/ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* frexp as the IR defines it (ffrexp_sig / ffrexp_exp): NaN and infinities
 * keep their value as the significand and give exponent 0.  Shared with the
 * JIT, whose code calls them. */
float ir_fold_frexp_sig(float a);
int32_t ir_fold_frexp_exp(float a);

/* Computes ALU opcode `op` with result type `dst` from num_srcs source
 * vectors (srcs[i] has src_types[i].comps meaningful components; 4 entries
 * must be readable) into out[0..3] (zeroed first; components past
 * dst.comps stay 0).  Bool operands are read through `.b`, bool results
 * written through `.b`.  Returns false when the opcode is not an ALU
 * opcode, the operand count or widths are wrong, or a type is not 32-bit.
 * Never traps, for any bit patterns. */
bool ir_eval_alu(enum ir_op op, struct ir_type dst, unsigned num_srcs,
                 const struct ir_type *src_types, const union ir_const_value *const *srcs,
                 union ir_const_value out[4]);

#ifdef __cplusplus
}
#endif

#endif
