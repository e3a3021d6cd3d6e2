/*
 * jitpipe's screen: swpipe (src/gallium/auxiliary/swpipe) with the LLVM
 * JIT (src/gallium/auxiliary/jit) behind swpipe's driver hooks.
 */
#ifndef JITPIPE_SCREEN_H
#define JITPIPE_SCREEN_H

#include <pthread.h>
#include <stdatomic.h>

#include "jit_fs.h"

#include "swpipe_screen.h"

struct pony_jit;

/* A compile waiting for the background thread (jitpipe_compile.c): the
 * shader itself (variant NULL) or one of its fused variants.  The job holds
 * a reference to fs and, for a variant, one of its users. */
struct jitpipe_vs;

struct jitpipe_job {
   struct jitpipe_fs *fs;           /* a fragment shader alone, or ... */
   struct jitpipe_variant *variant; /* ... one of its variants; or */
   struct jitpipe_vs *vs;           /* a vertex shader (fs NULL) */
   struct jitpipe_job *next;
};

/* The default of PONY_JIT_THRESHOLD, in fragment quads or vertices: about
 * one compile's CPU time in interpreted work for the cheapest shaders
 * (docs/jitpipe.md, "The tiered start", has the measurement), so that
 * what is drawn once costs no compile and what keeps being drawn costs
 * at most about twice what compiling at once would have. */
#define JITPIPE_THRESHOLD 65536

struct jitpipe_screen {
   struct pony_jit *jit;            /* fragment shaders alone, on swpipe's quads: 4 lanes */
   /* the CPU's width (PONY_SIMD_WIDTH): vertex shaders and the fused
    * fragment functions; NULL: irexec and swpipe's fragment path */
   struct pony_jit *wide_jit;
   char name[96];                   /* "jitpipe (LLVM x.y.z, N bits)" */
   uint64_t debug;                  /* PONY_DEBUG flags */
   /* the tiered start: compiles run on one background thread while swpipe's
    * path (irexec) draws; PONY_JIT=sync compiles before drawing instead */
   bool sync;
   /* the work (fragment quads, vertices) a shader or variant does on the
    * interpreted path before its compile is queued (PONY_JIT_THRESHOLD;
    * 0: at first use, as with PONY_JIT=sync) */
   uint64_t threshold;
   unsigned threads;                /* PONY_THREADS: 0 no tiles, else threads per flush */
   pthread_mutex_t queue_lock;
   pthread_cond_t queue_cond;
   struct jitpipe_job *queue_head, *queue_tail;
   bool queue_quit, thread_started, thread_joined;
   pthread_t thread;
   struct jitpipe_screen *exit_next;   /* jitpipe_compile.c's list of running threads */
   /* PONY_DEBUG=jit counters, printed when the screen is destroyed */
   atomic_uint fs_compiled, fs_unsupported, fs_failed;
   atomic_uint vs_compiled, vs_unsupported, vs_failed;
   atomic_uint variants_compiled, variants_failed, variants_evicted;
};

/* A fused fragment function of a shader for one state (jitpipe_draw.c). */
struct jitpipe_variant {
   struct pony_jit_fs_key key;
   struct pony_jit_shader *code;    /* set by the compile; NULL if it failed */
   _Atomic(pony_jit_fs_func) func;  /* NULL until compiled (or failed): swpipe's path draws */
   uint64_t last_use;               /* the shader's use clock, for LRU eviction */
   _Atomic uint64_t heat;           /* quads drawn on swpipe's path before it is queued */
   unsigned users;                  /* contexts holding it for their current state,
                                     * and its compile job until done */
   struct jitpipe_variant *next;
};

/* Most variants a shader keeps; the least recently used one not in use
 * is evicted to make room. */
#define JITPIPE_MAX_VARIANTS 32

/* A fragment shader CSO's native versions (jitpipe_fs.c). */
struct jitpipe_fs {
   atomic_uint refs;                /* the CSO's, each context holding variants, each job */
   struct jitpipe_screen *screen;
   const struct irexec_program *prog;   /* the CSO's interpreter (used while it is bound) */
   struct pony_jit_shader *shader;  /* the shader alone, for fs_run_quad (set by the compile) */
   _Atomic(pony_jit_shader_func) func;  /* NULL until compiled: fs_run_quad runs irexec */
   atomic_bool unsupported;         /* the JIT refused the shader: no variants either */
   atomic_bool alone_queued;        /* the shader alone was queued for compiling */
   _Atomic uint64_t alone_heat;     /* quads swpipe's path interpreted before that */
   unsigned num_inputs, num_outputs;    /* irexec's slot counts */
   struct ir_shader *ir;            /* the compiles' copy of the IR (jitpipe_fs_keep_ir) */
   pthread_mutex_t lock;            /* variants, users, clock: contexts share CSOs */
   struct jitpipe_variant *variants;
   unsigned num_variants;
   uint64_t clock;
};

static inline struct jitpipe_screen *
jitpipe_screen(struct swpipe_screen *s)
{
   return (struct jitpipe_screen *)s->driver_priv;
}

/* The quads of one primitive for a fused fragment function
 * (jitpipe_draw.c): the draw's batch on the calling thread, one per thread
 * in tiles (jitpipe_tiles.c).  jitpipe_batch_prim() when a primitive
 * starts, jitpipe_batch_add() per quad (runs a full batch), then
 * jitpipe_batch_run() when it ends; quads and samples passed add up. */
struct jitpipe_batch {
   struct pony_jit_fs_quads q;
   pony_jit_fs_func func;
   const struct pony_jit_fs_state *state;
   uint64_t quads, samples;
};
struct swpipe_prim;
void jitpipe_batch_prim(struct jitpipe_batch *, const struct swpipe_prim *prim);
void jitpipe_batch_add(struct jitpipe_batch *, int x, int y, unsigned mask);
/* n whole quads at (x + 2 i, y): a rasterizer run */
void jitpipe_batch_add_run(struct jitpipe_batch *, int x, int y, unsigned n);
void jitpipe_batch_run(struct jitpipe_batch *);

/* jitpipe_fs.c: the fragment shader hooks */
void *jitpipe_fs_create(struct swpipe_screen *, const struct ir_shader *ir,
                        const struct irexec_program *prog);
void jitpipe_fs_destroy(struct swpipe_screen *, void *fs);
bool jitpipe_fs_run_quad(void *fs, const struct irexec_env *env, const float (*inputs)[4],
                         unsigned live_mask, bool front_facing, const float frag_coord[4][4],
                         float (*outputs)[4], unsigned *discard_mask);

/* jitpipe_compile.c: the compile thread; jobs (fs referenced by the caller
 * for the job, variant counted in its users) run at once with PONY_JIT=sync */
void jitpipe_compile_init(struct jitpipe_screen *);
void jitpipe_compile_fini(struct jitpipe_screen *);
/* Queue (or, with PONY_JIT=sync, run) a vertex shader's compile; the job
 * holds a reference. */
void jitpipe_compile_push_vs(struct jitpipe_screen *, struct jitpipe_vs *vs);
void jitpipe_compile_push(struct jitpipe_screen *, struct jitpipe_fs *fs,
                          struct jitpipe_variant *variant);

/* jitpipe_vs.c: the vertex shader hook */
/* jitpipe_vs.c: the compile job's side */
void jitpipe_vs_compile(struct jitpipe_screen *, struct jitpipe_vs *vs);
void jitpipe_vs_unref(struct jitpipe_vs *vs);
struct draw_vertex_shader *jitpipe_vs_create(struct swpipe_screen *, struct draw_context *draw,
                                             const struct ir_shader *ir,
                                             struct draw_vertex_shader *irexec_vs);

/* jitpipe_draw.c: the draw_validate / context hooks and variant teardown */
bool jitpipe_context_init(struct swpipe_context *);
void jitpipe_context_fini(struct swpipe_context *);
void jitpipe_draw_validate(struct swpipe_context *, unsigned dirty);
void jitpipe_fs_free_variants(struct jitpipe_fs *);
/* jitpipe_fs.c: references to a shader's native versions */
void jitpipe_fs_ref(struct jitpipe_fs *);
void jitpipe_fs_want_alone(struct jitpipe_fs *);
bool jitpipe_fs_keep_ir(struct jitpipe_fs *);

/* The tiered start's heat: adds `work` done on the interpreted path to
 * *heat and says whether this call made it reach `threshold` (true exactly
 * once; with threshold 0, on the first call): the caller then queues the
 * compile.  Compiling pays off only for what keeps being drawn, so a
 * shader or state used for a few pixels or vertices is never compiled
 * (docs/jitpipe.md, "The tiered start"). */
static inline bool
jitpipe_heat_add(_Atomic uint64_t *heat, uint64_t work, uint64_t threshold)
{
   if (!work)
      return false;
   uint64_t old = atomic_fetch_add_explicit(heat, work, memory_order_relaxed);
   return old < (threshold ? threshold : 1) && old + work >= threshold;
}
void jitpipe_fs_unref(struct jitpipe_fs *);

#endif
