/*
 * A small reference evaluator for the IR tests: runs @main for one
 * invocation with pseudo-random inputs and records the outputs, so a test
 * can check that a pass kept the meaning of a shader.  ALU operations are
 * computed with ir_fold_alu(); texture results are a fixed function of
 * the operands; derivatives are 0.  Out-of-range dynamic indices read the
 * last element and drop stores (what ir_lower_indirect does).  Geometry
 * shaders record the outputs at each emit_vertex and a marker (uint
 * 0xe0d) at each end_primitive, before the final outputs.
 */
#ifndef IR_EVAL_H
#define IR_EVAL_H

#include "compiler/ir/ir.h"

#define IR_EVAL_MAX_OUT 64

struct ir_eval_result {
   bool ok;              /* false: unsupported or ran too long */
   bool discarded;
   unsigned num;         /* output components recorded */
   union ir_const_value out[IR_EVAL_MAX_OUT];
   uint8_t base[IR_EVAL_MAX_OUT];
};

/* Inputs and uniforms are derived from `seed`. */
void ir_eval(struct ir_shader *s, uint32_t seed, struct ir_eval_result *res);

/* As ir_eval, but input(data, var, element, component, &value) chooses
 * the value of each input component; where it returns false the value is
 * derived from `seed` as above. */
typedef bool (*ir_eval_input_fn)(void *data, const struct ir_var *v, unsigned elem,
                                 unsigned comp, union ir_const_value *value);
void ir_eval_inputs(struct ir_shader *s, uint32_t seed, ir_eval_input_fn input, void *data,
                    struct ir_eval_result *res);

/* Same meaning?  NaN equals NaN; otherwise bit-exact. */
bool ir_eval_same(const struct ir_eval_result *a, const struct ir_eval_result *b);

#endif
