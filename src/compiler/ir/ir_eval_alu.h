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

/* sin and cos as the IR defines them (fsin / fcos), the same bits in the
 * interpreter, constant folding and the JIT, which vectorises exactly these
 * steps.  Rounding follows each step; no step is fused.
 * For |a| <= IR_TRIG_FAST_MAX, in float: k = roundeven(a * F_2_OVER_PI),
 * r = ((a - k * F_PIO2_1) - k * F_PIO2_2) - k * F_PIO2_3 (Cody-Waite: the
 * first two parts hold 11 bits of pi/2 each, so with |k| < 2^13 their
 * products are exact), r2 = r * r,
 *   s = r + r * (r2 * (S1 + r2 * (S2 + r2 * (S3 + r2 * S4))))
 *   c = 1 + r2 * (C1 + r2 * (C2 + r2 * (C3 + r2 * (C4 + r2 * C5))))
 * with the Taylor coefficients rounded to float; with q = (k + 1 for cos)
 * mod 4 the result is s, c, -s, -c for q = 0..3.  Within 2 ulp of the
 * correctly rounded value or 2^-28 of the exact one (near the zeros the
 * reduction's absolute error shows; ir_test_constant_fold measures it).
 * For IR_TRIG_FAST_MAX < |a| <= IR_TRIG_MAX the same steps in double
 * precision, k = roundeven(a * 2/pi), r = (a - k * PIO2_1) - k * PIO2_1T
 * (PIO2_1 holds the first 33 bits of pi/2, so k * PIO2_1 is exact), the
 * coefficients to S5 and C6 in double, rounded to float at the end: within
 * 1 ulp.  Other arguments (larger, infinite, NaN) go to the C library's
 * sinf and cosf. */
#define IR_TRIG_FAST_MAX 8192.0f
#define IR_TRIG_F_2_OVER_PI 0x1.45f306p-1f
#define IR_TRIG_F_PIO2_1 0x1.92p+0f
#define IR_TRIG_F_PIO2_2 0x1.fb4p-12f
#define IR_TRIG_F_PIO2_3 0x1.4442d2p-24f
#define IR_TRIG_MAX 524288.0f
#define IR_TRIG_2_OVER_PI 6.36619772367581382433e-01
#define IR_TRIG_PIO2_1 1.57079632673412561417e+00
#define IR_TRIG_PIO2_1T 6.07710050650619224932e-11
#define IR_TRIG_S1 (-1.0 / 6.0)
#define IR_TRIG_S2 (1.0 / 120.0)
#define IR_TRIG_S3 (-1.0 / 5040.0)
#define IR_TRIG_S4 (1.0 / 362880.0)
#define IR_TRIG_S5 (-1.0 / 39916800.0)
#define IR_TRIG_C1 (-1.0 / 2.0)
#define IR_TRIG_C2 (1.0 / 24.0)
#define IR_TRIG_C3 (-1.0 / 720.0)
#define IR_TRIG_C4 (1.0 / 40320.0)
#define IR_TRIG_C5 (-1.0 / 3628800.0)
#define IR_TRIG_C6 (1.0 / 479001600.0)
float ir_fold_sin(float a);
float ir_fold_cos(float a);

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
