/*
 * The check harness of the format unit tests (test_bptc.c, test_fxt1.c):
 * CHECK() reports a failed condition with its place and a printf message
 * and counts it; unit_check_finish() is main()'s result.
 */
#ifndef UNIT_CHECK_H
#define UNIT_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                        \
   do {                                                                         \
      if (!(cond)) {                                                            \
         fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                        \
         fprintf(stderr, __VA_ARGS__);                                          \
         fprintf(stderr, "\n");                                                 \
         failures++;                                                            \
      }                                                                         \
   } while (0)

/* 1 (with the count on stderr) if a check failed, else 0. */
static inline int
unit_check_finish(const char *name)
{
   if (failures) {
      fprintf(stderr, "%s: %d check(s) failed\n", name, failures);
      return 1;
   }
   printf("%s: all checks passed\n", name);
   return 0;
}

#endif
