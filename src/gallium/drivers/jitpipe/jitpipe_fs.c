/*
 * Fragment shaders as native code: swpipe's fs_create / fs_run_quad hooks.
 *
 * fs_create compiles the shader's IR with the JIT at 4 lanes (one 2x2
 * quad); a shader the JIT does not translate (PONY_JIT_UNSUPPORTED) or
 * cannot compile gets no native version and swpipe keeps running it with
 * irexec.  fs_run_quad keeps irexec_run_fragment_quad()'s contract: the
 * same lane order, inputs and outputs lane-major (slot s of lane l at
 * [l * n + s]), the discard mask limited to live lanes, false for a runaway
 * shader; the JIT's results are irexec's bit for bit (docs/jit.md), so the
 * picture is refpipe's.
 *
 * The object also keeps a copy of the IR and the shader's fused fragment
 * variants (jitpipe_draw.c), compiled from that copy.
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
   struct pony_jit_shader *shader = NULL;
   char err[256] = "";
   const struct irexec_slot *slots;

   switch (pony_jit_compile(js->jit, ir, &shader, err, sizeof err)) {
   case PONY_JIT_OK:
      break;
   case PONY_JIT_UNSUPPORTED:
      atomic_fetch_add(&js->fs_unsupported, 1);
      if (screen->debug & PONY_DEBUG_JIT)
         pony_log("jitpipe", "fragment shader left to irexec: %s", err);
      return NULL;
   default:
      atomic_fetch_add(&js->fs_failed, 1);
      if (screen->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "fragment shader failed to compile: %s", err);
      return NULL;
   }

   unsigned nin = irexec_get_inputs(prog, &slots);
   unsigned nout = irexec_get_outputs(prog, &slots);
   struct jitpipe_fs *fs = calloc(1, sizeof *fs);
   if (!fs || nin != pony_jit_shader_num_inputs(shader) ||
       nout != pony_jit_shader_num_outputs(shader) || nin > IREXEC_MAX_SLOTS ||
       nout > IREXEC_MAX_SLOTS) {
      /* the two numberings come from the same IR and must agree */
      if (fs && (screen->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER)))
         pony_log("jitpipe", "slot counts differ (irexec %u/%u, JIT %u/%u): using irexec",
                  nin, nout, pony_jit_shader_num_inputs(shader),
                  pony_jit_shader_num_outputs(shader));
      atomic_fetch_add(&js->fs_failed, 1);
      pony_jit_shader_destroy(shader);
      free(fs);
      return NULL;
   }
   fs->ir = ir_shader_clone(ir);
   if (!fs->ir || pthread_mutex_init(&fs->lock, NULL)) {
      atomic_fetch_add(&js->fs_failed, 1);
      ir_shader_destroy(fs->ir);
      pony_jit_shader_destroy(shader);
      free(fs);
      return NULL;
   }
   atomic_init(&fs->refs, 1);
   fs->shader = shader;
   fs->func = pony_jit_shader_func_get(shader);
   fs->num_inputs = nin;
   fs->num_outputs = nout;
   atomic_fetch_add(&js->fs_compiled, 1);
   if (screen->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "fragment shader compiled (%u inputs, %u outputs)", nin, nout);
   return fs;
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

   uint32_t r = fs->func(in, out, cbufs, &sv);

   for (unsigned l = 0; l < LANES; l++) {
      for (unsigned s = 0; s < nout; s++)
         for (unsigned c = 0; c < 4; c++)
            memcpy(&outputs[l * nout + s][c], &out[(s * 4 + c) * LANES + l], 4);
   }
   if (discard_mask)
      *discard_mask = r & live_mask & 0xfu;
   return !(r & PONY_JIT_RUNAWAY);
}
