/*
 * The front end's arena and info log: allocation, the budget and its
 * failure jump, log format and truncation.
 */
#include <stdio.h>
#include <string.h>

#include "glsl_front.h"

#include "glsl_test.h"

struct arena_case {
   struct glsl_arena *a;
   char *s;
   int *v;
   bool inner;
};

static void
small_allocs(void *data)
{
   struct arena_case *c = data;
   c->s = glsl_printf(c->a, "%s-%d", "x", 42);
   c->v = glsl_alloc_array(c->a, 1000, sizeof *c->v);
   for (int i = 0; i < 1000; i++)
      c->v[i] = i;
   c->v = glsl_realloc_array(c->a, c->v, 1000, 2000, sizeof *c->v);
}

static void
too_big(void *data)
{
   struct arena_case *c = data;
   glsl_alloc(c->a, (size_t)2 << 20);
}

static void
overflowing(void *data)
{
   struct arena_case *c = data;
   glsl_alloc_array(c->a, SIZE_MAX / 2, 4);
}

static void
huge(void *data)
{
   struct arena_case *c = data;
   glsl_alloc(c->a, SIZE_MAX - 8);
}

static void
nested(void *data)
{
   struct arena_case *c = data;
   c->inner = glsl_arena_run(c->a, huge, c);
   c->s = glsl_strdup(c->a, "after");
}

static void
test_arena(void)
{
   struct glsl_arena a;
   glsl_arena_init(&a, (size_t)1 << 20);
   struct arena_case c = { &a, NULL, NULL, true };
   bool ok = glsl_arena_run(&a, small_allocs, &c);
   CHECK(ok, "small allocations failed");
   CHECK(c.s && !strcmp(c.s, "x-42"), "printf gave %s", c.s ? c.s : "(null)");
   CHECK(c.v && c.v[999] == 999 && c.v[1000] == 0 && c.v[1999] == 0,
         "realloc kept/zeroed wrongly");
   CHECK(((uintptr_t)c.v & 15) == 0, "alignment");

   /* over the budget: the jump, and the arena still usable afterwards */
   CHECK(!glsl_arena_run(&a, too_big, &c), "2 MiB from a 1 MiB arena succeeded");
   CHECK(!glsl_arena_run(&a, overflowing, &c), "an overflowing array size succeeded");
   /* nesting: the inner failure does not unwind the outer function */
   ok = glsl_arena_run(&a, nested, &c);
   CHECK(ok && !c.inner && !strcmp(c.s, "after"), "nested run");
   CHECK(a.on_fail == NULL, "handler not restored");
   glsl_arena_finish(&a);
}

static void
test_log(void)
{
   struct glsl_log log;
   glsl_log_init(&log);
   CHECK(!strcmp(glsl_log_text(&log), ""), "empty log");
   glsl_log_error(&log, (struct glsl_loc){ 0, 12, 5 }, "'%s' undeclared", "foo");
   glsl_log_warning(&log, (struct glsl_loc){ 2, 1, 1 }, "unused");
   glsl_log_append(&log, "link: %d\n", 7);
   CHECK(!strcmp(glsl_log_text(&log),
                 "0:12(5): error: 'foo' undeclared\n2:1(1): warning: unused\nlink: 7\n"),
         "log text: %s", glsl_log_text(&log));
   CHECK(log.errors == 1 && log.warnings == 1, "counts %u %u", log.errors, log.warnings);
   glsl_log_finish(&log);

   /* a flood of errors is kept to the limit, counted in full */
   glsl_log_init(&log);
   log.limit = 1000;
   for (int i = 0; i < 500; i++)
      glsl_log_error(&log, (struct glsl_loc){ 0, (uint32_t)i, 1 }, "error number %d", i);
   CHECK(log.errors == 500, "errors counted %u", log.errors);
   CHECK(log.len <= 1000 + 64, "log kept %zu bytes", log.len);
   CHECK(strstr(glsl_log_text(&log), "(more messages were left out)") != NULL, "no notice");
   glsl_log_finish(&log);
}

int
main(void)
{
   CHECK(glsl_version_at_least((struct glsl_version){ 120, false }, 110, 0), "120 >= 110");
   CHECK(!glsl_version_at_least((struct glsl_version){ 100, true }, 110, 0), "es: desktop row");
   CHECK(glsl_version_at_least((struct glsl_version){ 300, true }, 130, 300), "es 300");
   test_arena();
   test_log();
   if (failures)
      fprintf(stderr, "glsl_test_front: %d failures\n", failures);
   else
      printf("glsl_test_front: ok\n");
   return failures != 0;
}
