/*
 * The generated dispatch: command counts, sorted names, known commands
 * implemented, and slot resolution against the libglapi in this process.
 */
#include <string.h>

#include "st_dispatch.h"
#include "st_glapi.h"
#include "st_screen.h"
#include "st_test_util.h"

int
main(void)
{
   /* gl.xml (Debian 12's khronos-api) has ~3300 commands, ~1100 in features */
   CHECK(ST_NUM_COMMANDS > 3000, "%d commands", ST_NUM_COMMANDS);
   CHECK(ST_NUM_CORE_COMMANDS > 1000 && ST_NUM_CORE_COMMANDS < ST_NUM_COMMANDS,
         "%d core commands", ST_NUM_CORE_COMMANDS);
   CHECK(ST_NUM_IMPLEMENTED_COMMANDS >= 30, "%d implemented", ST_NUM_IMPLEMENTED_COMMANDS);

   unsigned core = 0, impl = 0;
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      const struct st_dispatch_entry *e = &st_dispatch_entries[i];
      CHECK(!strncmp(e->name, "gl", 2), "%s starts with gl", e->name);
      if (i)
         CHECK(strcmp(st_dispatch_entries[i - 1].name, e->name) < 0, "sorted at %s", e->name);
      CHECK(e->stub != NULL && e->impl != NULL, "%s has functions", e->name);
      core += !!(e->flags & ST_CMD_CORE);
      if (e->flags & ST_CMD_IMPLEMENTED) {
         impl++;
         CHECK(e->impl != e->stub, "%s implemented", e->name);
      } else {
         CHECK(e->impl == e->stub, "%s stub", e->name);
      }
   }
   CHECK_EQ_INT(core, ST_NUM_CORE_COMMANDS);
   CHECK_EQ_INT(impl, ST_NUM_IMPLEMENTED_COMMANDS);

   const char *implemented[] = { "glClear", "glClearColor", "glReadPixels", "glGetString",
                                 "glGetError", "glViewport", "glGetIntegerv", "glEnable",
                                 "glPixelStorei", "glHint", "glFlush", "glFinish" };
   for (unsigned i = 0; i < sizeof implemented / sizeof implemented[0]; i++) {
      int c = st_dispatch_find(implemented[i]);
      CHECK(c >= 0 && (st_dispatch_entries[c].flags & ST_CMD_IMPLEMENTED), "%s implemented",
            implemented[i]);
   }
   CHECK_EQ_INT(st_dispatch_find("glClear"), ST_CMD_glClear);
   int c = st_dispatch_find("glCreateShaderProgramv");   /* GL 4.1: not implemented */
   CHECK(c >= 0 && (st_dispatch_entries[c].flags & ST_CMD_CORE) &&
         !(st_dispatch_entries[c].flags & ST_CMD_IMPLEMENTED),
         "glCreateShaderProgramv is a core stub");
   c = st_dispatch_find("glClearColorx");   /* GLES 1 only */
   CHECK(c >= 0 && (st_dispatch_entries[c].flags & ST_CMD_CORE), "glClearColorx is core (ES1)");
   CHECK(st_dispatch_find("glNotACommand") < 0, "unknown name");

   /* slots */
   struct st_screen sts;
   memset(&sts, 0, sizeof sts);
   st_dispatch_resolve_slots(&sts);
   CHECK(sts.table_size > 1000, "table size %u", sts.table_size);
   CHECK_EQ_INT(sts.slots[ST_CMD_glClear], _glapi_get_proc_offset("glClear"));
   CHECK(sts.slots[ST_CMD_glClear] >= 0, "glClear slot");
   unsigned missing_core = 0;
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      if ((st_dispatch_entries[i].flags & (ST_CMD_CORE | ST_CMD_IMPLEMENTED)) &&
          sts.slots[i] < 0)
         missing_core++;
   }
   CHECK_EQ_INT(missing_core, 0);
   /* GL 4.5's glGetnTexImage is outside Mesa 22.3's static table: a dynamic slot */
   c = st_dispatch_find("glGetnTexImage");
   CHECK(c >= 0 && sts.slots[c] >= 0, "glGetnTexImage slot");
   CHECK_EQ_INT(_glapi_get_proc_offset("glGetnTexImage"), c >= 0 ? sts.slots[c] : -2);

   /* resolving again reuses the same dynamic slots (no exhaustion) */
   struct st_screen again;
   memset(&again, 0, sizeof again);
   st_dispatch_resolve_slots(&again);
   CHECK(!memcmp(sts.slots, again.slots, sizeof sts.slots), "stable slots");

   /* an unknown extension command outside libglapi gets no slot */
   c = st_dispatch_find("glDrawVkImageNV");
   if (c >= 0 && _glapi_get_proc_offset("glDrawVkImageNV") < 0)
      CHECK_EQ_INT(sts.slots[c], -1);
   return st_test_finish("st_test_dispatch");
}
