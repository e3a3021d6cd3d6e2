/*
 * The state tracker's side object for one pipe_screen: what every context
 * on the screen shares and computes once (caps, dispatch slot numbers,
 * debug flags) and the list of its contexts, so that
 * st_framebuffer_iface_destroyed can reach them.  Found through a small
 * mutex-protected registry keyed by the pipe_screen (st_screen.c); the
 * object lives while a context uses it.
 */
#ifndef ST_SCREEN_H
#define ST_SCREEN_H

#include <pthread.h>
#include <stdint.h>

#include "st_caps.h"
#include "st_dispatch_gen.h"

struct pipe_screen;
struct st_context;

struct st_screen {
   struct pipe_screen *screen;
   int refcount;                         /* under the registry lock */
   uint64_t debug;                       /* PONY_DEBUG */
   struct st_caps_result caps;

   /* the route's slot (st_route.h) of each command (-1: none); computed once. */
   int slots[ST_NUM_COMMANDS];
   unsigned table_size;

   pthread_mutex_t lock;                 /* the context list */
   struct st_context *contexts;

   struct st_screen *next;               /* registry */
};

/* A reference to the side object of 'screen' (created on first use).  NULL: out of memory. */
struct st_screen *st_screen_get(struct pipe_screen *screen);
void st_screen_put(struct st_screen *sts);

void st_screen_add_context(struct st_screen *sts, struct st_context *ctx);
void st_screen_remove_context(struct st_screen *sts, struct st_context *ctx);

/* Call fn(ctx, data) for every context of every screen (registry and list locks held). */
void st_screen_foreach_context(void (*fn)(struct st_context *, void *), void *data);

#endif
