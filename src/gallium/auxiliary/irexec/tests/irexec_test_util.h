/* Helpers shared by the irexec tests. */
#ifndef IREXEC_TEST_UTIL_H
#define IREXEC_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "irexec.h"

/* Parses IR text and creates a program; prints the error and returns NULL
 * on failure. */
struct irexec_program *irexec_test_program(const char *text);
/* The same after inlining, dynamic-index lowering (every variable mode),
 * loop unrolling, scalarization and the clean-up passes when optimize. */
struct irexec_program *irexec_test_program_opt(const char *text, bool optimize);

static inline uint32_t
fbits(float f)
{
   union {
      float f;
      uint32_t u;
   } x = { .f = f };
   return x.u;
}

static inline float
bitsf(uint32_t u)
{
   union {
      uint32_t u;
      float f;
   } x = { .u = u };
   return x.f;
}

/* Float match: both NaN, or equal (same sign of zero) when tol == 0, or
 * |got - want| <= tol * max(1, |want|) (infinities must be equal). */
bool irexec_test_float_eq(float got, float want, float tol);

/* Counts failures; prints a message for each. */
struct irexec_test_state {
   unsigned failures, checks;
};

void irexec_test_fail(struct irexec_test_state *ts, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

#define CHECK(ts, cond, ...)                         \
   do {                                              \
      (ts)->checks++;                                \
      if (!(cond))                                   \
         irexec_test_fail((ts), __VA_ARGS__);        \
   } while (0)

#endif
