/*
 * Pony's own route (st_route.h), for the vendor libraries: a context's
 * table is indexed by slot (a command's number; commands gl.xml aliases to
 * each other share one, as in libglapi), and the entry points glvnd's
 * getProcAddress hands out (st_dispatch_entries[].entry) call the thread's
 * table (st_own_dispatch.c).  No libglapi is loaded.
 */
#include "st_dispatch.h"
#include "st_route.h"

unsigned
st_route_table_size(void)
{
   return ST_NUM_COMMANDS;
}

int
st_route_slot(unsigned cmd, bool add)
{
   (void)add;
   return cmd < ST_NUM_COMMANDS ? (int)st_dispatch_entries[cmd].slot : -1;
}

void
st_route_set_table(const st_proc *table)
{
   st_own_dispatch_make_current(table, st_own_dispatch_context());
}

void
st_route_make_current(const st_proc *table, void *ctx)
{
   st_own_dispatch_make_current(table, ctx);
}

void *
st_route_context(void)
{
   return st_own_dispatch_context();
}
