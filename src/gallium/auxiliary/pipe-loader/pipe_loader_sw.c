/*
 * The pipe-loader: the table of software pipe drivers built into this
 * library, and the choice between them (PONY_DRIVER, else the best).
 */
#include "pipe-loader/pipe_loader.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/sw_winsys.h"
#include "pipe/p_screen.h"
#include "refpipe_public.h"
#ifdef PONY_HAVE_JITPIPE
#include "jitpipe_public.h"
#endif
#include "util/u_debug.h"

struct pipe_loader_sw_driver {
   const char *name;
   struct pipe_screen *(*create_screen)(struct sw_winsys *ws);
};

/* Best first: jitpipe when it is built (LLVM), then refpipe. */
static const struct pipe_loader_sw_driver sw_drivers[] = {
#ifdef PONY_HAVE_JITPIPE
   { "jitpipe", jitpipe_screen_create },
#endif
   { "refpipe", refpipe_screen_create },
};

static const char *const sw_driver_names[] = {
#ifdef PONY_HAVE_JITPIPE
   "jitpipe",
#endif
   "refpipe",
   NULL,
};

#define NUM_SW_DRIVERS (sizeof sw_drivers / sizeof sw_drivers[0])

const char *const *
pipe_loader_sw_drivers(void)
{
   return sw_driver_names;
}

static const struct pipe_loader_sw_driver *
find_driver(const char *name)
{
   for (size_t i = 0; i < NUM_SW_DRIVERS; i++) {
      if (!strcmp(sw_drivers[i].name, name))
         return &sw_drivers[i];
   }
   return NULL;
}

struct pipe_screen *
pipe_loader_create_sw_screen(struct sw_winsys *ws, const char *name)
{
   bool debug = (pony_debug_get() & PONY_DEBUG_LOADER) != 0;
   const struct pipe_loader_sw_driver *drv = &sw_drivers[0];
   const char *why = "by default (best built)";
   struct pipe_screen *screen;

   if (!ws)
      return NULL;
   if (name) {
      why = "by the caller";
   } else {
      const char *env = getenv("PONY_DRIVER");
      if (env && *env) {
         name = env;
         why = "by PONY_DRIVER";
      }
   }

   if (name) {
      drv = find_driver(name);
      if (!drv) {
         if (debug) {
            pony_log("loader", "unknown pipe driver '%s' (asked %s); built drivers:", name,
                     why);
            for (size_t i = 0; i < NUM_SW_DRIVERS; i++)
               pony_log("loader", "  %s", sw_drivers[i].name);
         }
         ws->destroy(ws);
         return NULL;
      }
      screen = drv->create_screen(ws);
   } else {
      /* the best built driver that can run here (jitpipe needs LLVM to set
       * up a JIT for this CPU) */
      screen = NULL;
      for (size_t i = 0; i < NUM_SW_DRIVERS && !screen; i++) {
         drv = &sw_drivers[i];
         screen = drv->create_screen(ws);
         if (!screen && debug && i + 1 < NUM_SW_DRIVERS)
            pony_log("loader", "pipe driver '%s' failed to create a screen; trying '%s'",
                     drv->name, sw_drivers[i + 1].name);
      }
   }
   if (!screen) {
      if (debug)
         pony_log("loader", "pipe driver '%s' failed to create a screen on the '%s' winsys",
                  drv->name, ws->name ? ws->name : "?");
      ws->destroy(ws);
      return NULL;
   }
   if (debug)
      pony_log("loader", "pipe driver '%s' chosen %s, on the '%s' winsys", drv->name, why,
               ws->name ? ws->name : "?");
   return screen;
}
