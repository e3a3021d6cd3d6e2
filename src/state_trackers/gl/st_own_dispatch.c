/*
 * Pony's own dispatch (st_dispatch.h): the per-thread table and current
 * context that libglapi keeps for the DRI driver, for the vendor libraries
 * that load without libglapi (issue G, docs/gl-state-tracker.md
 * "Dispatch").  The entry points are generated with the stubs
 * (st_gen_dispatch.py), so one list of commands serves both routes.
 */
#include <stddef.h>

#include "st_dispatch.h"

_Thread_local const st_proc *st_own_dispatch_table;
static _Thread_local void *own_context;

void
st_own_dispatch_make_current(const st_proc *table, void *context)
{
   st_own_dispatch_table = table;
   own_context = context;
}

void *
st_own_dispatch_context(void)
{
   return own_context;
}

st_proc
st_own_dispatch_proc(const char *name)
{
   int cmd = name ? st_dispatch_find(name) : -1;
   return cmd < 0 ? NULL : st_dispatch_entries[cmd].entry;
}
