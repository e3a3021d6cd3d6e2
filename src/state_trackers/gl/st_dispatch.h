/*
 * The GL dispatch table installed for each context (st_route.h)
 * (st_dispatch.c); the generated stubs and entries are in
 * st_dispatch_gen.[ch] (st_gen_dispatch.py from gl.xml).
 */
#ifndef ST_DISPATCH_H
#define ST_DISPATCH_H

#include <stdbool.h>

#include "st_api.h"
#include "st_dispatch_gen.h"

struct st_context;
struct st_screen;

/* Look up (or register) the route's slot of every command.  Once per screen. */
void st_dispatch_resolve_slots(struct st_screen *sts);

/* Is a command (its ST_CMD_* flags) part of a profile's API? */
bool st_dispatch_in_api(enum st_profile profile, unsigned flags);
/* ... and in this context (its API, and its version: the GLSL commands
 * need GL 2.0 or ES 2); what st_dispatch_create installs. */
struct st_context;
bool st_dispatch_in_context(const struct st_context *ctx, unsigned cmd);

/* Build ctx->dispatch from the screen's slots.  false: out of memory. */
bool st_dispatch_create(struct st_context *ctx);
void st_dispatch_destroy(struct st_context *ctx);

/* Command number 'cmd' of st_dispatch_entries is not implemented: raise
 * GL_INVALID_OPERATION and with PONY_DEBUG=api name it once per context. */
void st_unimplemented(unsigned cmd);

/* Index of a command name in st_dispatch_entries, or -1. */
int st_dispatch_find(const char *name);

/*
 * Pony's own dispatch (st_own_dispatch.c), for the vendor libraries that
 * run without Mesa's libglapi (issue G): the calling thread's table,
 * indexed by command number, and its current context.  Each command's
 * entry point (st_dispatch_entries[].entry) calls through this table, and
 * does nothing (returns 0) while the thread has none.  The per-thread
 * current context is what the GL ABI itself makes global.
 */
extern _Thread_local const st_proc *st_own_dispatch_table;
void st_own_dispatch_make_current(const st_proc *table, void *context);
void *st_own_dispatch_context(void);
/* The entry point of a GL command by name (glvnd's getProcAddress and
 * getDispatchAddress), NULL for a name gl.xml does not have. */
st_proc st_own_dispatch_proc(const char *name);

#endif
