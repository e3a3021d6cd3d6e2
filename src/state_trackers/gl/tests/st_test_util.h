/*
 * Small helpers shared by the GL state tracker's tests.
 */
#ifndef ST_TEST_UTIL_H
#define ST_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>

static int st_test_failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                 \
         fprintf(stderr, "\n");                                        \
         st_test_failures++;                                           \
      }                                                                \
   } while (0)

#define CHECK_EQ_INT(a, b)                                             \
   do {                                                                \
      long long va_ = (long long)(a), vb_ = (long long)(b);            \
      CHECK(va_ == vb_, "%s = %lld (0x%llx), expected %lld (0x%llx)", #a, va_, \
            (unsigned long long)va_, vb_, (unsigned long long)vb_);     \
   } while (0)

static inline int
st_test_finish(const char *name)
{
   if (st_test_failures) {
      fprintf(stderr, "%s: %d check(s) failed\n", name, st_test_failures);
      return 1;
   }
   printf("%s: all checks passed\n", name);
   return 0;
}

#endif
