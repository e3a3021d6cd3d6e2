/*
 * Building the per-context dispatch table that st_make_current installs
 * through the dispatch route (st_route.h: libglapi, or Pony's own).  Slots
 * are the route's process-wide numbers: looked up once per screen
 * (st_dispatch_resolve_slots), then every context fills a table of
 * st_route_table_size() entries from them.
 */
#include "st_dispatch.h"
#include "st_glsl.h"

#include <stdlib.h>
#include <string.h>

#include "st_context.h"
#include "st_route.h"
#include "st_screen.h"
#include "util/u_debug.h"

/* Fills slots no gl.xml command maps to (libglapi and glvnd may call any). */
static void GLAPIENTRY
st_dispatch_noop(void)
{
}

void
st_dispatch_resolve_slots(struct st_screen *sts)
{
   sts->table_size = st_route_table_size();
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      /* Core commands and our implementations get a dynamic slot when
       * libglapi's static table lacks them; other extensions do not (its
       * dynamic area is small). */
      int slot = st_route_slot(i, st_dispatch_entries[i].flags & (ST_CMD_CORE | ST_CMD_IMPLEMENTED));
      if (slot >= (int)sts->table_size)
         slot = -1;
      sts->slots[i] = slot;
   }
}

/*
 * Does a command exist in the context's API?  GLES 1 contexts get the
 * commands of the GLES 1.x feature, GLES 2 contexts those of the GLES
 * 2.0/3.x features, and both, when implemented, those of the ES extensions
 * Pony offers there (st_gen_dispatch.py ES_EXTENSIONS; each checks that the
 * context offers it); desktop contexts every command
 * except those only GLES features list (extensions count as desktop), core
 * profile contexts not those GL 3.2 removed (and their aliases).
 * Commands outside the API keep the stub (GL_INVALID_OPERATION).
 */
bool
st_dispatch_in_api(enum st_profile profile, unsigned flags)
{
   switch (profile) {
   case ST_PROFILE_GLES1:
      return (flags & ST_CMD_GLES1) ||
             ((flags & ST_CMD_GLES1_EXT) && (flags & ST_CMD_IMPLEMENTED));
   case ST_PROFILE_GLES2:
      return (flags & ST_CMD_GLES2) ||
             ((flags & ST_CMD_GLES2_EXT) && (flags & ST_CMD_IMPLEMENTED));
   case ST_PROFILE_CORE:
      if (flags & ST_CMD_NOT_CORE)
         return false;
      return (flags & ST_CMD_GL) || !(flags & (ST_CMD_GLES1 | ST_CMD_GLES2));
   default:
      return (flags & ST_CMD_GL) || !(flags & (ST_CMD_GLES1 | ST_CMD_GLES2));
   }
}

bool
st_dispatch_in_context(const struct st_context *ctx, unsigned cmd)
{
   if (cmd >= ST_NUM_COMMANDS || !st_dispatch_in_api(ctx->profile, st_dispatch_entries[cmd].flags))
      return false;
   /* ES 3.x commands in ES contexts of a lower version: stubs
    * (GL_INVALID_OPERATION), unless an ES 2.0 extension Pony offers shares
    * the command (st_gen_dispatch.py) */
   unsigned flags = st_dispatch_entries[cmd].flags;
   if (ctx->profile == ST_PROFILE_GLES2 && !(flags & ST_CMD_GLES2_EXT) &&
       (((flags & ST_CMD_GLES30) && ctx->version < 30) ||
        ((flags & ST_CMD_GLES31) && ctx->version < 31)))
      return false;
   /* GL 1.x contexts have no shader objects: the GLSL commands keep their
    * stubs (st_glsl.c) */
   return st_glsl_api(ctx) || !st_glsl_is_command(st_dispatch_entries[cmd].name);
}

bool
st_dispatch_create(struct st_context *ctx)
{
   const struct st_screen *sts = ctx->st_screen;
   unsigned size = sts->table_size;
   st_proc *table = malloc(size * sizeof *table);
   if (!table)
      return false;
   for (unsigned i = 0; i < size; i++)
      table[i] = st_dispatch_noop;
   /* Stubs first, then implementations, so that an implemented command
    * wins over an unimplemented alias sharing its slot. */
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      if (sts->slots[i] >= 0)
         table[sts->slots[i]] = st_dispatch_entries[i].stub;
   }
   for (unsigned i = 0; i < ST_NUM_COMMANDS; i++) {
      if (sts->slots[i] >= 0 && (st_dispatch_entries[i].flags & ST_CMD_IMPLEMENTED) &&
          st_dispatch_in_context(ctx, i))
         table[sts->slots[i]] = st_dispatch_entries[i].impl;
   }
   ctx->dispatch = table;
   ctx->dispatch_size = size;
   return true;
}

void
st_dispatch_destroy(struct st_context *ctx)
{
   free(ctx->dispatch);
   ctx->dispatch = NULL;
   ctx->dispatch_size = 0;
}

void
st_unimplemented(unsigned cmd)
{
   struct st_context *ctx = st_current();
   if (!ctx || cmd >= ST_NUM_COMMANDS)
      return;
   if (ctx->debug & PONY_DEBUG_API) {
      uint64_t bit = 1ull << (cmd % 64);
      if (!(ctx->api_said[cmd / 64] & bit)) {
         ctx->api_said[cmd / 64] |= bit;
         pony_log("gl", "%s is not implemented", st_dispatch_entries[cmd].name);
      }
   }
   st_error(ctx, GL_INVALID_OPERATION, st_dispatch_entries[cmd].name);
}

static int
cmp_entry(const void *key, const void *elem)
{
   return strcmp(key, ((const struct st_dispatch_entry *)elem)->name);
}

int
st_dispatch_find(const char *name)
{
   const struct st_dispatch_entry *e =
      bsearch(name, st_dispatch_entries, ST_NUM_COMMANDS, sizeof *e, cmp_entry);
   return e ? (int)(e - st_dispatch_entries) : -1;
}
