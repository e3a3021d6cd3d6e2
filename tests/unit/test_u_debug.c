/* src/util/u_debug.c: PONY_DEBUG-style flag parsing and env helpers. */
#include <stdio.h>
#include <stdlib.h>

#include "util/u_debug.h"

static int failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         failures++;                                                   \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
         fprintf(stderr, __VA_ARGS__);                                 \
         fprintf(stderr, "\n");                                        \
      }                                                                \
   } while (0)

static const struct pony_debug_flag table[] = {
   { "one", 1, "first" },
   { "two", 2, "second" },
   { "four", 4, "third" },
   { NULL, 0, NULL },
};

static uint64_t
parse(const char *value)
{
   if (value)
      setenv("PONY_TEST_DEBUG", value, 1);
   else
      unsetenv("PONY_TEST_DEBUG");
   return pony_debug_parse("PONY_TEST_DEBUG", table);
}

int
main(void)
{
   CHECK(parse(NULL) == 0, "unset: 0x%llx", (unsigned long long)parse(NULL));
   CHECK(parse("") == 0, "empty");
   CHECK(parse("one") == 1, "one");
   CHECK(parse("one,four") == 5, "one,four");
   CHECK(parse(" two : four\tone ") == 7, "mixed separators");
   CHECK(parse("TWO") == 2, "case-insensitive");
   CHECK(parse("all") == 7, "all");
   CHECK(parse("bogus,two") == 2, "unknown names are skipped");
   CHECK(parse("on") == 0, "prefix of a name does not match");
   CHECK(parse("onetwo") == 0, "concatenation does not match");

   setenv("PONY_DEBUG", "loader,errors", 1);
   CHECK(pony_debug_get() == (PONY_DEBUG_LOADER | PONY_DEBUG_ERRORS), "pony_debug_get");
   unsetenv("PONY_DEBUG");
   CHECK(pony_debug_get() == 0, "pony_debug_get unset");

   unsetenv("PONY_TEST_BOOL");
   CHECK(pony_env_bool("PONY_TEST_BOOL", true) == true, "bool default true");
   CHECK(pony_env_bool("PONY_TEST_BOOL", false) == false, "bool default false");
   setenv("PONY_TEST_BOOL", "Yes", 1);
   CHECK(pony_env_bool("PONY_TEST_BOOL", false) == true, "bool yes");
   setenv("PONY_TEST_BOOL", "off", 1);
   CHECK(pony_env_bool("PONY_TEST_BOOL", true) == false, "bool off");
   setenv("PONY_TEST_BOOL", "maybe", 1);
   CHECK(pony_env_bool("PONY_TEST_BOOL", true) == true, "bool garbage keeps default");

   unsetenv("PONY_TEST_INT");
   CHECK(pony_env_int("PONY_TEST_INT", 42) == 42, "int default");
   setenv("PONY_TEST_INT", "17", 1);
   CHECK(pony_env_int("PONY_TEST_INT", 42) == 17, "int 17");
   setenv("PONY_TEST_INT", "0x10", 1);
   CHECK(pony_env_int("PONY_TEST_INT", 42) == 16, "int hex");
   setenv("PONY_TEST_INT", "-3 ", 1);
   CHECK(pony_env_int("PONY_TEST_INT", 42) == -3, "int trailing space");
   setenv("PONY_TEST_INT", "12abc", 1);
   CHECK(pony_env_int("PONY_TEST_INT", 42) == 42, "int garbage keeps default");

   if (failures) {
      fprintf(stderr, "%d check(s) failed\n", failures);
      return 1;
   }
   printf("u_debug: all checks passed\n");
   return 0;
}
