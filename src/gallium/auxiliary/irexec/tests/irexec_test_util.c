#include "irexec_test_util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

struct irexec_program *
irexec_test_program(const char *text)
{
   return irexec_test_program_opt(text, false);
}

/* The usual optimisation and lowering passes, so a test can check that
 * they do not change what the interpreter computes. */
static void
optimize_shader(struct ir_shader *s)
{
   bool progress = false;
   IR_PASS(progress, s, ir_opt_inline);
   IR_PASS(progress, s, ir_lower_indirect,
           (1u << IR_VAR_LOCAL) | (1u << IR_VAR_INPUT) | (1u << IR_VAR_OUTPUT) |
              (1u << IR_VAR_UNIFORM));
   IR_PASS(progress, s, ir_opt_loop_unroll);
   IR_PASS(progress, s, ir_lower_scalar);
   ir_opt_cleanup(s);
}

struct irexec_program *
irexec_test_program_opt(const char *text, bool optimize)
{
   char err[512];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   if (!s) {
      fprintf(stderr, "parse error: %s\n%s\n", err, text);
      return NULL;
   }
   if (optimize)
      optimize_shader(s);
   struct irexec_program *p = irexec_create(s, err, sizeof(err));
   ir_shader_destroy(s);   /* the program must not depend on it */
   if (!p)
      fprintf(stderr, "irexec_create failed: %s\n%s\n", err, text);
   return p;
}

bool
irexec_test_float_eq(float got, float want, float tol)
{
   if (isnan(want))
      return isnan(got);
   if (isinf(want) || tol == 0.0f)
      return fbits(got) == fbits(want) || (tol != 0.0f && got == want);
   float scale = fabsf(want) > 1.0f ? fabsf(want) : 1.0f;
   return fabsf(got - want) <= tol * scale;
}

void
irexec_test_fail(struct irexec_test_state *ts, const char *fmt, ...)
{
   va_list ap;
   ts->failures++;
   fprintf(stderr, "FAIL: ");
   va_start(ap, fmt);
   vfprintf(stderr, fmt, ap);
   va_end(ap);
   fprintf(stderr, "\n");
}
