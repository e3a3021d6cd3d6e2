/*
 * The usual clean-up after a front end or a lowering pass: copy
 * propagation, constant folding, algebraic simplification, CSE and DCE,
 * repeated until none of them changes anything.  Every generator (fixed
 * function, ARB programs, ATI fragment shaders, GLSL) loads constants where
 * it uses them and repeats small expressions; this merges them.  Each pass
 * goes through IR_PASS, so the validator still runs after every one in
 * debug builds.
 */
#include "compiler/ir/ir.h"

bool
ir_opt_cleanup(struct ir_shader *s)
{
   bool any = false, progress;
   do {
      progress = false;
      IR_PASS(progress, s, ir_opt_copy_prop);
      IR_PASS(progress, s, ir_opt_constant_fold);
      IR_PASS(progress, s, ir_opt_algebraic);
      IR_PASS(progress, s, ir_opt_cse);
      IR_PASS(progress, s, ir_opt_dce);
      any |= progress;
   } while (progress);
   return any;
}
