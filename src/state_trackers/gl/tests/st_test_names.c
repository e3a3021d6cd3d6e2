/*
 * st_names: generation, lookup, binding unused names, deletion and reuse,
 * growth past many names.
 */
#include "st_names.h"
#include "st_test_util.h"

static void
count_fn(GLuint name, void *obj, void *data)
{
   (void)name;
   (void)obj;
   (*(int *)data)++;
}

static void
destroy_fn(void *obj, void *data)
{
   (void)obj;
   (*(int *)data)++;
}

int
main(void)
{
   struct st_names t;
   st_names_init(&t);
   GLuint n[3];
   CHECK(st_names_gen(&t, 3, n), "gen");
   CHECK(n[0] != 0 && n[1] != 0 && n[2] != 0, "names are non-zero");
   CHECK(n[0] != n[1] && n[1] != n[2] && n[0] != n[2], "distinct");
   CHECK(st_names_is_used(&t, n[1]), "generated name is used");
   CHECK(st_names_lookup(&t, n[1]) == NULL, "no object yet");
   CHECK(!st_names_is_used(&t, 0), "0 never used");
   CHECK(!st_names_set(&t, 0, &t), "0 cannot hold an object");

   int a = 1, b = 2;
   CHECK(st_names_set(&t, n[0], &a), "set");
   CHECK(st_names_lookup(&t, n[0]) == &a, "lookup");
   /* binding an unused name creates it (compatibility profile) */
   CHECK(st_names_set(&t, 1000, &b), "set unused");
   CHECK(st_names_is_used(&t, 1000), "now used");
   GLuint m;
   st_names_gen(&t, 1, &m);
   CHECK(m != 1000 && m != n[0] && m != n[1] && m != n[2], "gen skips used names (%u)", m);

   CHECK(st_names_remove(&t, n[0]) == &a, "remove returns the object");
   CHECK(!st_names_is_used(&t, n[0]), "removed");
   CHECK(st_names_remove(&t, n[0]) == NULL, "second remove");
   CHECK(st_names_lookup(&t, 1000) == &b, "others stay");

   /* many names: growth keeps every entry */
   static int objs[5000];
   for (GLuint i = 2000; i < 7000; i++)
      CHECK(st_names_set(&t, i, &objs[i - 2000]), "set %u", i);
   for (GLuint i = 2000; i < 7000; i += 7)
      CHECK(st_names_lookup(&t, i) == &objs[i - 2000], "lookup %u", i);
   for (GLuint i = 2000; i < 7000; i += 2)
      st_names_remove(&t, i);
   int count = 0;
   st_names_foreach(&t, count_fn, &count);
   CHECK_EQ_INT(count, 2500 + 1);   /* odd ones + name 1000 */
   CHECK(st_names_lookup(&t, 2001) == &objs[1], "odd kept");
   CHECK(st_names_lookup(&t, 2002) == NULL, "even gone");

   int destroyed = 0;
   st_names_fini(&t, destroy_fn, &destroyed);
   CHECK_EQ_INT(destroyed, 2501);
   return st_test_finish("st_test_names");
}
