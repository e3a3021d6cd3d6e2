/*
 * The libglapi route (st_route.h): the DRI driver shares Mesa's libglapi
 * with the loader and libGL, whose entry points call the table installed
 * here.  Slots are libglapi's process-wide numbers.
 */
#include <stddef.h>

#include "st_route.h"
#include "st_glapi.h"

unsigned
st_route_table_size(void)
{
   return _glapi_get_dispatch_table_size();
}

int
st_route_slot(unsigned cmd, bool add)
{
   const char *name = st_dispatch_entries[cmd].name;
   int slot = _glapi_get_proc_offset(name);
   if (slot < 0 && add) {
      const char *names[2] = { name, NULL };
      slot = _glapi_add_dispatch(names, "");
   }
   return slot;
}

void
st_route_set_table(const st_proc *table)
{
   _glapi_set_dispatch((struct _glapi_table *)table);
}

void
st_route_make_current(const st_proc *table, void *ctx)
{
   _glapi_set_dispatch((struct _glapi_table *)table);
   _glapi_set_context(ctx);
}

void *
st_route_context(void)
{
   return _glapi_get_context();
}
