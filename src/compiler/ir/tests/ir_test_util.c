#include "ir_test_util.h"

#include "ir_eval.h"

#include <stdlib.h>
#include <string.h>

unsigned irt_failures;

#define IRT_EVAL_SEEDS 8

struct ir_shader *
irt_parse(const char *name, const char *text)
{
   char err[256];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   if (!s) {
      irt_failures++;
      fprintf(stderr, "FAIL %s: parse error: %s\n--- text ---\n%s\n", name, err, text);
   }
   return s;
}

char *
irt_canonical(const char *name, const char *text)
{
   struct ir_shader *s = irt_parse(name, text);
   if (!s)
      return NULL;
   char *out = ir_print_shader_to_string(s);
   ir_shader_destroy(s);
   return out;
}

static bool
validate_or_report(const char *name, const char *when, struct ir_shader *s)
{
   char *errors = NULL;
   if (ir_validate(s, &errors))
      return true;
   irt_failures++;
   fprintf(stderr, "FAIL %s: invalid IR %s:\n%s--- shader ---\n", name, when,
           errors ? errors : "");
   ir_print_shader(s, stderr);
   free(errors);
   return false;
}

bool
irt_check_pass(const char *name, const char *in, irt_pass_fn pass, const void *arg,
               bool progress, const char *expected)
{
   bool ok = true;
   struct ir_shader *s = irt_parse(name, in);
   char *want = irt_canonical(name, expected);
   if (!s || !want) {
      ir_shader_destroy(s);
      free(want);
      return false;
   }
   if (!validate_or_report(name, "before the pass", s)) {
      ok = false;
      goto out;
   }
   struct ir_eval_result before[IRT_EVAL_SEEDS], after;
   for (unsigned i = 0; i < IRT_EVAL_SEEDS; i++)
      ir_eval(s, i + 1, &before[i]);
   bool p = pass(s, arg);
   if (!validate_or_report(name, "after the pass", s)) {
      ok = false;
      goto out;
   }
   for (unsigned i = 0; i < IRT_EVAL_SEEDS; i++) {
      ir_eval(s, i + 1, &after);
      if (!ir_eval_same(&before[i], &after)) {
         irt_failures++;
         ok = false;
         fprintf(stderr, "FAIL %s: the pass changed the shader's results (input seed %u)\n"
                 "--- input ---\n%s--- output ---\n", name, i + 1, in);
         ir_print_shader(s, stderr);
         break;
      }
   }
   char *got = ir_print_shader_to_string(s);
   if (strcmp(got, want)) {
      irt_failures++;
      ok = false;
      fprintf(stderr, "FAIL %s: output differs\n--- expected ---\n%s--- actual ---\n%s", name,
              want, got);
   } else if (p != progress) {
      irt_failures++;
      ok = false;
      fprintf(stderr, "FAIL %s: pass reported progress=%d, expected %d\n--- actual ---\n%s",
              name, p, progress, got);
   }
   free(got);
out:
   free(want);
   ir_shader_destroy(s);
   return ok;
}

int
irt_finish(const char *test)
{
   if (irt_failures) {
      fprintf(stderr, "%s: %u failure(s)\n", test, irt_failures);
      return 1;
   }
   printf("%s: all passed\n", test);
   return 0;
}
