/*
 * Per-pipe_screen side objects and their registry.  The registry is the
 * state tracker's only process-wide mutable state: a list guarded by one
 * mutex, because the front end's st_framebuffer_iface_destroyed names no
 * screen and the dispatch slot numbers it caches are process-wide anyway.
 */
#include "st_screen.h"

#include <stdlib.h>

#include "pipe/p_screen.h"
#include "st_context.h"
#include "st_dispatch.h"
#include "util/u_debug.h"

static pthread_mutex_t st_screen_registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct st_screen *st_screen_registry;

struct st_screen *
st_screen_get(struct pipe_screen *screen)
{
   struct st_screen *sts;

   pthread_mutex_lock(&st_screen_registry_lock);
   for (sts = st_screen_registry; sts; sts = sts->next) {
      if (sts->screen == screen) {
         sts->refcount++;
         pthread_mutex_unlock(&st_screen_registry_lock);
         return sts;
      }
   }
   sts = calloc(1, sizeof *sts);
   if (sts) {
      sts->screen = screen;
      sts->refcount = 1;
      sts->debug = pony_debug_get();
      st_caps_compute_for_screen(&screen->caps, &sts->caps);
      st_dispatch_resolve_slots(sts);
      pthread_mutex_init(&sts->lock, NULL);
      sts->next = st_screen_registry;
      st_screen_registry = sts;
      if (sts->debug & PONY_DEBUG_STATE)
         pony_log("st", "screen %s: driver caps allow GL %d.%d, offering compat %d.%d",
                  screen->get_name ? screen->get_name(screen) : "?",
                  sts->caps.driver_version[ST_PROFILE_COMPAT] / 10,
                  sts->caps.driver_version[ST_PROFILE_COMPAT] % 10,
                  sts->caps.max_version[ST_PROFILE_COMPAT] / 10,
                  sts->caps.max_version[ST_PROFILE_COMPAT] % 10);
   }
   pthread_mutex_unlock(&st_screen_registry_lock);
   return sts;
}

void
st_screen_put(struct st_screen *sts)
{
   if (!sts)
      return;
   pthread_mutex_lock(&st_screen_registry_lock);
   if (--sts->refcount == 0) {
      for (struct st_screen **p = &st_screen_registry; *p; p = &(*p)->next) {
         if (*p == sts) {
            *p = sts->next;
            break;
         }
      }
      pthread_mutex_destroy(&sts->lock);
      free(sts);
   }
   pthread_mutex_unlock(&st_screen_registry_lock);
}

void
st_screen_add_context(struct st_screen *sts, struct st_context *ctx)
{
   pthread_mutex_lock(&sts->lock);
   ctx->next_in_screen = sts->contexts;
   sts->contexts = ctx;
   pthread_mutex_unlock(&sts->lock);
}

void
st_screen_remove_context(struct st_screen *sts, struct st_context *ctx)
{
   pthread_mutex_lock(&sts->lock);
   for (struct st_context **p = &sts->contexts; *p; p = &(*p)->next_in_screen) {
      if (*p == ctx) {
         *p = ctx->next_in_screen;
         break;
      }
   }
   pthread_mutex_unlock(&sts->lock);
}

void
st_screen_foreach_context(void (*fn)(struct st_context *, void *), void *data)
{
   pthread_mutex_lock(&st_screen_registry_lock);
   for (struct st_screen *sts = st_screen_registry; sts; sts = sts->next) {
      pthread_mutex_lock(&sts->lock);
      for (struct st_context *ctx = sts->contexts; ctx; ctx = ctx->next_in_screen)
         fn(ctx, data);
      pthread_mutex_unlock(&sts->lock);
   }
   pthread_mutex_unlock(&st_screen_registry_lock);
}
