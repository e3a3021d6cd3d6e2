/*
 * Vertex shaders as native code: swpipe's vs_create hook.
 *
 * vs_create compiles the shader's IR with the screen's vertex JIT (the
 * CPU's natural width W: 8 lanes with AVX2, 16 with AVX-512) and wraps it
 * in a draw_vertex_shader that owns swpipe's irexec version and reuses its
 * slot lists, so draw sees the same inputs and outputs either way.  A
 * shader the JIT does not translate (PONY_JIT_UNSUPPORTED), cannot compile
 * or numbers differently keeps irexec.
 *
 * run() keeps irexec_run_vertices()'s results bit for bit:
 *  - draw's vertex-major slots (slot s of vertex i at [i * n + s]) are
 *    transposed into the JIT's SoA words and back, W vertices per call;
 *  - irexec runs n vertices in batches of 4 from vertex 0 and the JIT
 *    counts its step budget per quad of 4 lanes, so W-lane calls (W a
 *    multiple of 4, starting at multiples of W) cover exactly irexec's
 *    batches; a quad's runaway bit is irexec's false for that batch;
 *  - vertex i reads gl_VertexID from env->vertex_ids[i] (i without it:
 *    irexec's vertex_id_base of 0), every vertex env->instance_id;
 *  - irexec's last batch may have fewer than 4 lanes.  The JIT's lanes
 *    past n are copies of vertex n - 1 (its inputs and its vertex id),
 *    which lies in the same quad: a copy takes the branches and loop
 *    iterations that vertex takes, so the quad's active lanes, hence its
 *    step count and runaway, are those of irexec's shorter batch, and the
 *    copies' texture lookups (explicit levels in vertex shaders) do not
 *    change the real lanes' texels.  Their outputs are dropped.  Only
 *    derivatives would see the neighbours (irexec gives 0 in a batch of
 *    fewer than 4 lanes), but the IR validator, run by irexec_create()
 *    before this hook, refuses them outside fragment shaders.
 */
#include <stdlib.h>
#include <string.h>

#include "draw/draw_context.h"
#include "jitpipe_screen.h"
#include "pony_jit.h"
#include "util/u_debug.h"

_Static_assert(PIPE_MAX_CONSTANT_BUFFERS <= PONY_JIT_MAX_CBUFS, "every draw cbuf has a JIT slot");

/* The widest call (pony_jit_create: 4, 8 or 16 lanes). */
#define MAX_LANES 16

struct jitpipe_vs {
   struct draw_vertex_shader base;
   struct draw_vertex_shader *irexec_vs;   /* owned: its slot lists are ours */
   struct pony_jit_shader *shader;
   pony_jit_shader_func func;
   unsigned width;                         /* W, lanes per call */
};

static bool
jitpipe_vs_run(const struct draw_vertex_shader *base, const struct draw_vs_env *env,
               unsigned n, const float (*inputs)[4], float (*outputs)[4])
{
   const struct jitpipe_vs *vs = (const struct jitpipe_vs *)base;
   const unsigned W = vs->width, nin = base->num_inputs, nout = base->num_outputs;
   struct pony_jit_cbuf cbufs[PONY_JIT_MAX_CBUFS];
   int32_t ids[MAX_LANES];

   if (!n)
      return true;
   /* one block for both SoA arrays: (nin + nout) slots of 4 W-lane words */
   uint32_t *in = malloc(sizeof(uint32_t) * 4 * W * (nin + nout ? nin + nout : 1));
   if (!in)
      return false;
   uint32_t *out = in + (size_t)4 * W * nin;

   memset(cbufs, 0, sizeof cbufs);
   for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
      cbufs[i].data = env->cbufs[i].data;
      cbufs[i].size = env->cbufs[i].data ? env->cbufs[i].size : 0;
   }
   struct pony_jit_sysvals sv = {
      .vertex_ids = ids,
      .instance_id = env->instance_id,
      .max_steps = 0,         /* draw's irexec runs with irexec's default budget */
      .sampler = env->sampler,
   };

   bool ok = true;
   for (unsigned first = 0; first < n; first += W) {
      unsigned count = n - first < W ? n - first : W;

      /* vertex-major -> SoA: word (s * 4 + c) * W + l; lanes past the
       * last vertex repeat it (see the top of the file) */
      for (unsigned l = 0; l < W; l++) {
         unsigned v = first + (l < count ? l : count - 1);
         ids[l] = env->vertex_ids ? env->vertex_ids[v] : (int32_t)v;
         for (unsigned s = 0; s < nin; s++) {
            for (unsigned c = 0; c < 4; c++) {
               if (inputs)
                  memcpy(&in[(s * 4 + c) * W + l], &inputs[(size_t)v * nin + s][c], 4);
               else
                  in[(s * 4 + c) * W + l] = 0;
            }
         }
      }

      uint32_t r = vs->func(in, out, cbufs, &sv);

      /* the quads holding real vertices: irexec's batches */
      unsigned quads = (count + 3) / 4;
      if ((r >> PONY_JIT_RUNAWAY_SHIFT) & ((1u << quads) - 1)) {
         /* irexec's run returns false and draw drops the draw */
         ok = false;
         break;
      }
      for (unsigned l = 0; l < count; l++) {
         for (unsigned s = 0; s < nout; s++)
            for (unsigned c = 0; c < 4; c++)
               memcpy(&outputs[(size_t)(first + l) * nout + s][c], &out[(s * 4 + c) * W + l], 4);
      }
   }
   free(in);
   return ok;
}

static void
jitpipe_vs_destroy(struct draw_vertex_shader *base)
{
   struct jitpipe_vs *vs = (struct jitpipe_vs *)base;

   if (!vs)
      return;
   pony_jit_shader_destroy(vs->shader);
   /* never bound to draw itself: its own destroy frees it */
   if (vs->irexec_vs && vs->irexec_vs->destroy)
      vs->irexec_vs->destroy(vs->irexec_vs);
   free(vs);
}

struct draw_vertex_shader *
jitpipe_vs_create(struct swpipe_screen *screen, struct draw_context *draw,
                  const struct ir_shader *ir, struct draw_vertex_shader *irexec_vs)
{
   struct jitpipe_screen *js = jitpipe_screen(screen);
   struct pony_jit_shader *shader = NULL;
   char err[256] = "";

   (void)draw;
   if (!js->wide_jit || !ir || !irexec_vs || pony_jit_simd_width(js->wide_jit) > MAX_LANES)
      return NULL;
   switch (pony_jit_compile(js->wide_jit, ir, &shader, err, sizeof err)) {
   case PONY_JIT_OK:
      break;
   case PONY_JIT_UNSUPPORTED:
      atomic_fetch_add(&js->vs_unsupported, 1);
      if (screen->debug & PONY_DEBUG_JIT)
         pony_log("jitpipe", "vertex shader left to irexec: %s", err);
      return NULL;
   default:
      atomic_fetch_add(&js->vs_failed, 1);
      if (screen->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "vertex shader failed to compile: %s", err);
      return NULL;
   }

   unsigned nin = pony_jit_shader_num_inputs(shader);
   unsigned nout = pony_jit_shader_num_outputs(shader);
   struct jitpipe_vs *vs = NULL;
   if (nin != irexec_vs->num_inputs || nout != irexec_vs->num_outputs ||
       !(vs = calloc(1, sizeof *vs))) {
      /* the two numberings come from the same IR and must agree */
      if (screen->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "vertex shader: slot counts differ (irexec %u/%u, JIT %u/%u) "
                  "or no memory: using irexec", irexec_vs->num_inputs,
                  irexec_vs->num_outputs, nin, nout);
      atomic_fetch_add(&js->vs_failed, 1);
      pony_jit_shader_destroy(shader);
      return NULL;
   }
   vs->base.num_inputs = irexec_vs->num_inputs;
   vs->base.inputs = irexec_vs->inputs;
   vs->base.num_outputs = irexec_vs->num_outputs;
   vs->base.outputs = irexec_vs->outputs;
   vs->base.run = jitpipe_vs_run;
   vs->base.destroy = jitpipe_vs_destroy;
   vs->irexec_vs = irexec_vs;
   vs->shader = shader;
   vs->func = pony_jit_shader_func_get(shader);
   vs->width = pony_jit_simd_width(js->wide_jit);
   atomic_fetch_add(&js->vs_compiled, 1);
   if (screen->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "vertex shader compiled (%u inputs, %u outputs, %u lanes)", nin,
               nout, vs->width);
   return &vs->base;
}
