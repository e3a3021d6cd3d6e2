/*
 * The dispatch route: where the state tracker installs a context's GL
 * table and keeps the thread's current context.  Two implementations, and
 * each target links exactly one (docs/gl-state-tracker.md, "Dispatch"):
 *
 *  - st_route_glapi.c: Mesa's libglapi, which Mesa 22.3's loaders and
 *    libGL share with the driver (the DRI driver; the unit tests);
 *  - st_route_own.c: Pony's own per-thread table (st_own_dispatch.c), for
 *    the vendor libraries that load where no libglapi exists.
 *
 * The state tracker calls nothing else of either.
 */
#ifndef ST_ROUTE_H
#define ST_ROUTE_H

#include <stdbool.h>

#include "st_dispatch_gen.h"

/* How many slots a context's table has. */
unsigned st_route_table_size(void);
/* The slot of command number cmd (st_dispatch_entries), -1 if it has none;
 * add: the route may give it a new slot if it has none yet. */
int st_route_slot(unsigned cmd, bool add);
/* Install a table (NULL: none) and the current context on this thread. */
void st_route_set_table(const st_proc *table);
void st_route_make_current(const st_proc *table, void *ctx);
void *st_route_context(void);

#endif
