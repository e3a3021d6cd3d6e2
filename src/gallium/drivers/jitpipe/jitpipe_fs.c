/*
 * Fragment shaders as native code: swpipe's fs_create / fs_run_quad hooks.
 *
 * Draws on swpipe's path queue the compile of the shader alone with the
 * JIT at 4 lanes (one 2x2 quad; jitpipe_compile.c) once they have drawn
 * enough with it (jitpipe_fs_want_alone); until it is done, and for ever
 * when the JIT does not translate the shader (PONY_JIT_UNSUPPORTED) or
 * cannot compile it, fs_run_quad runs the shader with irexec.  fs_run_quad
 * keeps irexec_run_fragment_quad()'s contract: the
 * same lane order, inputs and outputs lane-major (slot s of lane l at
 * [l * n + s]), the discard mask limited to live lanes, false for a runaway
 * shader; the JIT's results are irexec's bit for bit (docs/jit.md), so the
 * picture is refpipe's.
 *
 * The object also keeps the shader's fused fragment variants
 * (jitpipe_draw.c) and, from the first compile queued, a copy of the IR
 * that the compiles read (jitpipe_fs_keep_ir): a job may outlive the CSO
 * and its irexec program, whose copy a shader that is never compiled
 * shares instead.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "irexec/irexec.h"
#include "jitpipe_screen.h"
#include "pony_jit.h"
#include "util/u_debug.h"

#define LANES 4

_Static_assert(IREXEC_MAX_CBUFS <= PONY_JIT_MAX_CBUFS, "every irexec cbuf has a JIT slot");

void *
jitpipe_fs_create(struct swpipe_screen *screen, const struct ir_shader *ir,
                  const struct irexec_program *prog)
{
   struct jitpipe_screen *js = jitpipe_screen(screen);
   const struct irexec_slot *slots;

   unsigned nin = irexec_get_inputs(prog, &slots);
   unsigned nout = irexec_get_outputs(prog, &slots);
   if (nin > IREXEC_MAX_SLOTS || nout > IREXEC_MAX_SLOTS)
      return NULL;
   struct jitpipe_fs *fs = calloc(1, sizeof *fs);
   if (!fs)
      return NULL;
   (void)ir;   /* the caller's; irexec's copy is read until a compile is queued */
   if (pthread_mutex_init(&fs->lock, NULL)) {
      free(fs);
      return NULL;
   }
   atomic_init(&fs->refs, 1);   /* the CSO's */
   atomic_init(&fs->func, NULL);
   atomic_init(&fs->unsupported, false);
   atomic_init(&fs->alone_queued, false);
   atomic_init(&fs->alone_heat, 0);
   fs->screen = js;
   fs->prog = prog;
   fs->num_inputs = nin;
   fs->num_outputs = nout;
   return fs;
}

/* The shader alone (fs_run_quad's code) is compiled only once draws take
 * swpipe's path with it for long enough (JITPIPE_THRESHOLD quads): in the
 * fused states it is never run.  Until then, and until the code is ready,
 * irexec runs it. */
void
jitpipe_fs_want_alone(struct jitpipe_fs *fs)
{
   if (atomic_exchange(&fs->alone_queued, true) || !jitpipe_fs_keep_ir(fs))
      return;
   jitpipe_fs_ref(fs);   /* the job's */
   jitpipe_compile_push(fs->screen, fs, NULL);
}

/* The copy of the IR that compile jobs read, made before the first job is
 * queued: the caller draws with the CSO bound, so its irexec program (the
 * copy's source) is alive, while a job may outlive both.  false: no memory
 * (then nothing is queued and irexec keeps running the shader). */
bool
jitpipe_fs_keep_ir(struct jitpipe_fs *fs)
{
   pthread_mutex_lock(&fs->lock);
   if (!fs->ir)
      fs->ir = ir_shader_clone(irexec_shader(fs->prog));
   bool ok = fs->ir != NULL;
   pthread_mutex_unlock(&fs->lock);
   return ok;
}

void
jitpipe_fs_ref(struct jitpipe_fs *fs)
{
   atomic_fetch_add(&fs->refs, 1);
}

void
jitpipe_fs_unref(struct jitpipe_fs *fs)
{
   if (!fs || atomic_fetch_sub(&fs->refs, 1) != 1)
      return;
   jitpipe_fs_free_variants(fs);
   pthread_mutex_destroy(&fs->lock);
   ir_shader_destroy(fs->ir);
   pony_jit_shader_destroy(fs->shader);
   free(fs);
}

void
jitpipe_fs_destroy(struct swpipe_screen *screen, void *data)
{
   (void)screen;
   jitpipe_fs_unref(data);
}

bool
jitpipe_fs_run_quad(void *data, const struct irexec_env *env, const float (*inputs)[4],
                    unsigned live_mask, bool front_facing, const float frag_coord[4][4],
                    float (*outputs)[4], unsigned *discard_mask)
{
   const struct jitpipe_fs *fs = data;
   unsigned nin = fs->num_inputs, nout = fs->num_outputs;
   pony_jit_shader_func func = atomic_load_explicit(&((struct jitpipe_fs *)fs)->func,
                                                    memory_order_acquire);

   /* not compiled (yet, or ever): the interpreter, with the same results */
   if (!func)
      return irexec_run_fragment_quad(fs->prog, env, inputs, live_mask, front_facing,
                                      frag_coord, outputs, discard_mask);
   uint32_t in[IREXEC_MAX_SLOTS * 4 * LANES];
   uint32_t out[IREXEC_MAX_SLOTS * 4 * LANES];
   struct pony_jit_cbuf cbufs[PONY_JIT_MAX_CBUFS];

   /* lane-major -> SoA: word (s * 4 + c) * LANES + l */
   if (inputs) {
      for (unsigned l = 0; l < LANES; l++) {
         for (unsigned s = 0; s < nin; s++)
            for (unsigned c = 0; c < 4; c++)
               memcpy(&in[(s * 4 + c) * LANES + l], &inputs[l * nin + s][c], 4);
      }
   } else {
      memset(in, 0, sizeof(uint32_t) * 4 * LANES * nin);
   }
   memset(cbufs, 0, sizeof cbufs);
   for (unsigned i = 0; i < IREXEC_MAX_CBUFS; i++) {
      cbufs[i].data = env->cbufs[i].data;
      cbufs[i].size = env->cbufs[i].data ? env->cbufs[i].size : 0;
   }
   /* gl_FragCoord SoA, gl_FrontFacing for the four lanes, the textures */
   float fc[4 * LANES];
   for (unsigned l = 0; l < LANES; l++)
      for (unsigned c = 0; c < 4; c++)
         fc[c * LANES + l] = frag_coord[l][c];
   struct pony_jit_sysvals sv = {
      .max_steps = env->max_steps,
      .frag_coord = fc,
      .front_facing = front_facing ? 0xfu : 0u,
      .sampler = env->sampler,
   };

   uint32_t r = func(in, out, cbufs, &sv);

   for (unsigned l = 0; l < LANES; l++) {
      for (unsigned s = 0; s < nout; s++)
         for (unsigned c = 0; c < 4; c++)
            memcpy(&outputs[l * nout + s][c], &out[(s * 4 + c) * LANES + l], 4);
   }
   if (discard_mask)
      *discard_mask = r & live_mask & 0xfu;
   return !(r & PONY_JIT_RUNAWAY);
}
