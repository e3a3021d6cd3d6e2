/*
 * Checks that the fuzzer's command table (gen_fuzz_table.py) holds every
 * command the state tracker implements and exposes in a compatibility and
 * an ES 1.1 context, and nothing else, by asking the dispatch itself
 * (st_dispatch_entries[] and st_dispatch_in_api()).  Prints the counts.
 */
#include <stdio.h>
#include <string.h>

#include "fz_table.h"
#include "st_dispatch.h"

static int
find(const char *name)
{
   for (unsigned i = 0; i < fz_num_cmds; i++) {
      if (!strcmp(fz_cmds[i].name, name))
         return (int)i;
   }
   return -1;
}

int
main(void)
{
   static const struct { enum st_profile profile; unsigned bit; const char *name; } apis[] = {
      { ST_PROFILE_COMPAT, FZ_API_GL, "GL compatibility" },
      { ST_PROFILE_GLES1, FZ_API_GLES1, "OpenGL ES 1.1" },
   };
   int bad = 0;
   for (unsigned a = 0; a < 2; a++) {
      unsigned exposed = 0, in_table = 0;
      for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
         const struct st_dispatch_entry *e = &st_dispatch_entries[i];
         bool want = (e->flags & ST_CMD_IMPLEMENTED) && st_dispatch_in_api(apis[a].profile, e->flags);
         int k = find(e->name);
         bool have = k >= 0 && (fz_cmds[k].flags & apis[a].bit);
         exposed += want;
         in_table += have;
         if (want != have) {
            printf("FAIL: %s: %s %s the fuzzer's table\n", apis[a].name, e->name,
                   want ? "is exposed but missing from" : "is not exposed but in");
            bad++;
         }
      }
      printf("%s: %u implemented commands exposed, %u in the fuzzer's table\n", apis[a].name,
             exposed, in_table);
      if (!exposed)
         bad++;
   }
   return bad ? 1 : 0;
}
