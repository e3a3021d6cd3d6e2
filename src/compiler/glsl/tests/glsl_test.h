/*
 * What every GLSL front-end test program shares: a failure counter and
 * CHECK(cond, printf-style message), which reports and counts a failed
 * condition and goes on.  main() returns failures != 0.
 */
#ifndef GLSL_TEST_H
#define GLSL_TEST_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                 \
   do {                                                                  \
      if (!(cond)) {                                                     \
         fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                   \
         fprintf(stderr, "\n");                                          \
         failures++;                                                     \
      }                                                                  \
   } while (0)

#endif
