/*
 * jitpipe: the LLVM JIT software driver (docs/jitpipe.md).  It is swpipe
 * (resources, transfers, state, rasterizer, per-fragment pipeline shared
 * with refpipe) whose fragment and vertex shaders run as native code
 * compiled by src/gallium/auxiliary/jit; a shader the JIT cannot translate
 * keeps irexec, so the picture is refpipe's either way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "jitpipe_public.h"
#include "jitpipe_screen.h"
#include "jitpipe_tiles.h"
#include "pony_jit.h"
#include "util/u_debug.h"

#ifndef JITPIPE_LLVM_VERSION
#define JITPIPE_LLVM_VERSION "?"
#endif

/* Fragment quads are 2x2: the JIT runs them 4 lanes wide. */
#define JITPIPE_QUAD_LANES 4

/* PONY_THREADS: 0 draws triangles at once (no bins); N >= 1 rasterizes the
 * bins' tiles on N threads, the calling one included.  Default: the online
 * CPUs; at most JITPIPE_MAX_THREADS. */
static unsigned
parse_threads(void)
{
   long n = sysconf(_SC_NPROCESSORS_ONLN);
   if (n < 1)
      n = 1;
   n = pony_env_int("PONY_THREADS", n);
   if (n < 0)
      n = 0;
   return n > JITPIPE_MAX_THREADS ? JITPIPE_MAX_THREADS : (unsigned)n;
}

static bool
jitpipe_screen_init(struct swpipe_screen *screen)
{
   struct jitpipe_screen *js = calloc(1, sizeof *js);
   char err[256] = "";

   if (!js)
      return false;
   js->jit = pony_jit_create(JITPIPE_QUAD_LANES, err, sizeof err);
   if (!js->jit) {
      if (screen->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "no JIT: %s", err);
      free(js);
      return false;
   }
   js->debug = screen->debug;
   js->threads = parse_threads();
   jitpipe_compile_init(js);
   /* vertex shaders and fused fragment functions run W lanes at a time, W
    * the CPU's natural width (PONY_SIMD_WIDTH overrides it); without this
    * object they keep irexec and swpipe's fragment path */
   js->wide_jit = pony_jit_create(0, err, sizeof err);
   if (!js->wide_jit && (screen->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER)))
      pony_log("jitpipe", "no wide JIT: %s", err);
   snprintf(js->name, sizeof js->name, "jitpipe (LLVM %s, %u bits)", JITPIPE_LLVM_VERSION,
            32 * pony_jit_simd_width(js->wide_jit ? js->wide_jit : js->jit));
   screen->driver_priv = js;
   if (screen->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "%s on %s, vertex shaders and fragment variants %u lanes, tiles on "
               "%u threads", js->name, pony_jit_cpu_name(js->jit),
               js->wide_jit ? pony_jit_simd_width(js->wide_jit) : 0, js->threads);
   return true;
}

static void
jitpipe_screen_fini(struct swpipe_screen *screen)
{
   struct jitpipe_screen *js = jitpipe_screen(screen);

   if (!js)
      return;
   /* queued compiles finish or are dropped before the counters are read */
   jitpipe_compile_fini(js);
   if (screen->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "fragment shaders: %u compiled, %u left to irexec (unsupported), "
               "%u failed", atomic_load(&js->fs_compiled), atomic_load(&js->fs_unsupported),
               atomic_load(&js->fs_failed));
   if (screen->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "vertex shaders: %u compiled, %u left to irexec (unsupported), "
               "%u failed", atomic_load(&js->vs_compiled), atomic_load(&js->vs_unsupported),
               atomic_load(&js->vs_failed));
   if (screen->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "fragment variants: %u compiled, %u failed, %u evicted",
               atomic_load(&js->variants_compiled), atomic_load(&js->variants_failed),
               atomic_load(&js->variants_evicted));
   if (screen->debug & PONY_DEBUG_JIT) {
      /* both JIT objects share the directory: their counters summed */
      struct pony_jit_cache_stats cs, ws;
      pony_jit_get_cache_stats(js->jit, &cs);
      if (js->wide_jit) {
         pony_jit_get_cache_stats(js->wide_jit, &ws);
         cs.hits += ws.hits;
         cs.misses += ws.misses;
         cs.shared += ws.shared;
         cs.uncacheable += ws.uncacheable;
         cs.writes += ws.writes;
         cs.corrupt += ws.corrupt;
         cs.evictions += ws.evictions;
         cs.errors += ws.errors;
      }
      if (cs.enabled && cs.has_dir)
         pony_log("jitpipe", "disk cache %s: %llu hits, %llu misses, %llu shared, %llu written, "
                  "%llu corrupt entries replaced, %llu evicted, %llu errors",
                  pony_jit_cache_dir(js->jit), (unsigned long long)cs.hits,
                  (unsigned long long)cs.misses, (unsigned long long)cs.shared,
                  (unsigned long long)cs.writes, (unsigned long long)cs.corrupt,
                  (unsigned long long)cs.evictions, (unsigned long long)cs.errors);
      else
         pony_log("jitpipe", "disk cache off%s", cs.enabled ? " (no usable directory)" : "");
   }
   pony_jit_destroy(js->wide_jit);
   pony_jit_destroy(js->jit);
   free(js);
   screen->driver_priv = NULL;
}

static const char *
jitpipe_get_name(struct swpipe_screen *screen)
{
   return jitpipe_screen(screen)->name;
}

static const struct swpipe_driver jitpipe_driver = {
   .name = "jitpipe",
   .screen_init = jitpipe_screen_init,
   .screen_fini = jitpipe_screen_fini,
   .get_name = jitpipe_get_name,
   .fs_create = jitpipe_fs_create,
   .fs_destroy = jitpipe_fs_destroy,
   .fs_run_quad = jitpipe_fs_run_quad,
   .vs_create = jitpipe_vs_create,
   .context_init = jitpipe_context_init,
   .context_fini = jitpipe_context_fini,
   .draw_validate = jitpipe_draw_validate,
};

struct pipe_screen *
jitpipe_screen_create(struct sw_winsys *ws)
{
   return swpipe_screen_create(ws, &jitpipe_driver);
}
