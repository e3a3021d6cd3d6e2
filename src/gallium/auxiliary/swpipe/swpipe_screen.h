#ifndef SWPIPE_SCREEN_H
#define SWPIPE_SCREEN_H

#include <stdint.h>

#include <stdbool.h>

#include "pipe/p_screen.h"

struct sw_winsys;

struct swpipe_screen;
struct swpipe_context;
struct ir_shader;
struct irexec_env;
struct irexec_program;
struct draw_context;
struct draw_vertex_shader;

/*
 * What a driver built on swpipe adds to it (docs/swpipe.md): its name and
 * optional hooks.  refpipe sets only the name; jitpipe compiles fragment
 * and vertex shaders to native code and runs them where swpipe would run
 * irexec.
 * Every hook may be NULL.
 */
struct swpipe_driver {
   const char *name;   /* get_name(), the tag of PONY_DEBUG=driver messages */
   /* Screen creation/destruction: set up / free screen->driver_priv.
    * screen_init returning false fails screen creation. */
   bool (*screen_init)(struct swpipe_screen *);
   void (*screen_fini)(struct swpipe_screen *);
   /* The screen's renderer-visible name when it depends on what screen_init
    * found (e.g. the SIMD width); NULL: `name`. */
   const char *(*get_name)(struct swpipe_screen *);
   /* Fragment shaders: fs_create makes the driver's version of a fragment
    * shader CSO from its IR (prog: swpipe's irexec program of the same IR,
    * for its slot numbering); NULL keeps irexec.  fs_run_quad then runs a
    * quad in its place with irexec_run_fragment_quad()'s contract (irexec.h),
    * bit for bit; returning false means a runaway shader, as irexec's. */
   void *(*fs_create)(struct swpipe_screen *, const struct ir_shader *ir,
                      const struct irexec_program *prog);
   void (*fs_destroy)(struct swpipe_screen *, void *fs);
   bool (*fs_run_quad)(void *fs, const struct irexec_env *env, const float (*inputs)[4],
                       unsigned live_mask, bool front_facing, const float frag_coord[4][4],
                       float (*outputs)[4], unsigned *discard_mask);
   /* Vertex shaders: vs_create may make the driver's version of a vertex
    * shader CSO from its IR (irexec_vs: the draw vertex shader swpipe made
    * of the same IR with draw_create_vs_irexec(), for its slot lists; draw:
    * the creating context's).  A non-NULL result replaces irexec_vs for
    * drawing and owns it: its inputs/outputs may point into irexec_vs's,
    * and its destroy (draw_delete_vertex_shader) frees irexec_vs too.  Its
    * run() keeps the draw_vertex_shader contract with irexec's results bit
    * for bit, returning false where irexec's would (a runaway shader).
    * NULL leaves irexec_vs as it was, owned by swpipe. */
   struct draw_vertex_shader *(*vs_create)(struct swpipe_screen *, struct draw_context *draw,
                                           const struct ir_shader *ir,
                                           struct draw_vertex_shader *irexec_vs);
   /* Contexts: context_init sets up context->driver_priv (false fails
    * context creation), context_fini frees it. */
   bool (*context_init)(struct swpipe_context *);
   void (*context_fini)(struct swpipe_context *);
   /* Drawing: called by swpipe_update_derived() once the derived state of a
    * draw is ready (dirty: the SWPIPE_NEW_* bits it validated).  The driver
    * may point the rasterizer's emit callback (ctx->ds->rast.emit /
    * emit_priv) at its own quad function, which must leave the same bytes
    * as swpipe_quad_run (it may call it for quads it does not handle), or
    * back at swpipe_quad_run. */
   void (*draw_validate)(struct swpipe_context *, unsigned dirty);
};

struct swpipe_screen {
   struct pipe_screen base;
   uint64_t debug;                        /* PONY_DEBUG flags, parsed at creation */
   const struct swpipe_driver *driver;
   void *driver_priv;                     /* the driver's (screen_init/screen_fini) */
};

static inline struct swpipe_screen *
swpipe_screen(struct pipe_screen *s)
{
   return (struct swpipe_screen *)s;
}

/* The driver's name, for log messages. */
static inline const char *
swpipe_log_tag(struct pipe_screen *s)
{
   return swpipe_screen(s)->driver->name;
}

/* Creates a screen on a software winsys for `driver` (static storage).
 * The screen owns ws and destroys it in screen->destroy.  NULL on failure;
 * ws then stays the caller's. */
struct pipe_screen *swpipe_screen_create(struct sw_winsys *ws, const struct swpipe_driver *driver);

/* swpipe_format_support.c */
bool swpipe_is_format_supported(struct pipe_screen *, enum pipe_format,
                                 enum pipe_texture_target, unsigned sample_count,
                                 unsigned bindings);

/* swpipe_fence.c */
struct pipe_fence_handle *swpipe_fence_create(void);
void swpipe_init_screen_fence_funcs(struct pipe_screen *);

/* swpipe_resource.c */
void swpipe_init_screen_resource_funcs(struct pipe_screen *);

#endif
