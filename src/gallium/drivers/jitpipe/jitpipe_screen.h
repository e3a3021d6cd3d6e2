/*
 * jitpipe's screen: swpipe (src/gallium/auxiliary/swpipe) with the LLVM
 * JIT (src/gallium/auxiliary/jit) behind swpipe's driver hooks.
 */
#ifndef JITPIPE_SCREEN_H
#define JITPIPE_SCREEN_H

#include <stdatomic.h>

#include "swpipe_screen.h"

struct pony_jit;

struct jitpipe_screen {
   struct pony_jit *jit;            /* fragment quads: 4 lanes */
   char name[96];                   /* "jitpipe (LLVM x.y.z, N bits)" */
   /* PONY_DEBUG=jit counters, printed when the screen is destroyed */
   atomic_uint fs_compiled, fs_unsupported, fs_failed;
};

static inline struct jitpipe_screen *
jitpipe_screen(struct swpipe_screen *s)
{
   return (struct jitpipe_screen *)s->driver_priv;
}

/* jitpipe_fs.c: the fragment shader hooks */
void *jitpipe_fs_create(struct swpipe_screen *, const struct ir_shader *ir,
                        const struct irexec_program *prog);
void jitpipe_fs_destroy(struct swpipe_screen *, void *fs);
bool jitpipe_fs_run_quad(void *fs, const struct irexec_env *env, const float (*inputs)[4],
                         unsigned live_mask, bool front_facing, const float frag_coord[4][4],
                         float (*outputs)[4], unsigned *discard_mask);

#endif
