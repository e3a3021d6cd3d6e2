/*
 * Helpers for the IR unit tests: parse-or-fail, text in -> pass -> text
 * out comparisons that print the actual IR on failure.
 */
#ifndef IR_TEST_UTIL_H
#define IR_TEST_UTIL_H

#include "compiler/ir/ir.h"

extern unsigned irt_failures;

#define IRT_CHECK(cond, ...)                                                 \
   do {                                                                     \
      if (!(cond)) {                                                        \
         irt_failures++;                                                    \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);               \
         fprintf(stderr, __VA_ARGS__);                                      \
         fprintf(stderr, "\n");                                             \
      }                                                                     \
   } while (0)

/* Parse, reporting errors with the test name; NULL on failure. */
struct ir_shader *irt_parse(const char *name, const char *text);

/* Parse `in`, validate, run `pass` (expecting `progress`), validate,
 * compare the print with the print of `expected` parsed.  Prints both on
 * failure.  Returns true on success. */
typedef bool (*irt_pass_fn)(struct ir_shader *s, const void *arg);
bool irt_check_pass(const char *name, const char *in, irt_pass_fn pass, const void *arg,
                    bool progress, const char *expected);

/* Text of a shader's print, normalised through parse/print. */
char *irt_canonical(const char *name, const char *text);

int irt_finish(const char *test);

#endif
