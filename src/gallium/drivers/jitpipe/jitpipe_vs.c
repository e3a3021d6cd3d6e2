/*
 * Vertex shaders as native code: swpipe's vs_create hook.
 *
 * vs_create wraps swpipe's irexec version in a draw_vertex_shader that
 * owns it and reuses its slot lists, so draw sees the same inputs and
 * outputs either way, and queues the compile of a copy of the shader's IR
 * with the screen's wide JIT (the CPU's natural width W: 8 lanes with
 * AVX2, 16 with AVX-512; jitpipe_compile.c, at once with PONY_JIT=sync).
 * Until the code is ready run() is irexec's; a shader the JIT does not
 * translate (PONY_JIT_UNSUPPORTED), cannot compile or numbers differently
 * keeps irexec.  The wrapper is shared by its owner and a queued job
 * (refs).
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

#include "compiler/ir/ir.h"
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
   atomic_uint refs;                       /* the owner's, a queued job's */
   struct ir_shader *ir;                   /* copy for the compile job */
   struct pony_jit_shader *shader;         /* set by the compile */
   _Atomic(pony_jit_shader_func) func;     /* NULL: irexec runs it */
   unsigned width;                         /* W, lanes per call */
};

static bool
jitpipe_vs_run(const struct draw_vertex_shader *base, const struct draw_vs_env *env,
               unsigned n, const float (*inputs)[4], float (*outputs)[4])
{
   struct jitpipe_vs *vs = (struct jitpipe_vs *)base;
   const unsigned W = vs->width, nin = base->num_inputs, nout = base->num_outputs;
   pony_jit_shader_func func = atomic_load_explicit(&vs->func, memory_order_acquire);

   if (!func)
      return vs->irexec_vs->run(vs->irexec_vs, env, n, inputs, outputs);
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
      const uint32_t *src[MAX_LANES];
      for (unsigned l = 0; l < W; l++) {
         unsigned v = first + (l < count ? l : count - 1);
         ids[l] = env->vertex_ids ? env->vertex_ids[v] : (int32_t)v;
         src[l] = inputs ? (const uint32_t *)inputs[(size_t)v * nin] : NULL;
      }
      if (inputs) {
         for (unsigned w = 0; w < 4 * nin; w++) {
            uint32_t *dst = &in[w * W];
            for (unsigned l = 0; l < W; l++)
               dst[l] = src[l][w];
         }
      } else {
         memset(in, 0, sizeof(uint32_t) * 4 * W * nin);
      }

      uint32_t r = func(in, out, cbufs, &sv);

      /* the quads holding real vertices: irexec's batches */
      unsigned quads = (count + 3) / 4;
      if ((r >> PONY_JIT_RUNAWAY_SHIFT) & ((1u << quads) - 1)) {
         /* irexec's run returns false and draw drops the draw */
         ok = false;
         break;
      }
      for (unsigned l = 0; l < count; l++) {
         uint32_t *dst = (uint32_t *)outputs[(size_t)(first + l) * nout];
         for (unsigned w = 0; w < 4 * nout; w++)
            dst[w] = out[w * W + l];
      }
   }
   free(in);
   return ok;
}

void
jitpipe_vs_unref(struct jitpipe_vs *vs)
{
   if (!vs || atomic_fetch_sub(&vs->refs, 1) != 1)
      return;
   pony_jit_shader_destroy(vs->shader);
   ir_shader_destroy(vs->ir);
   /* never bound to draw itself: its own destroy frees it */
   if (vs->irexec_vs && vs->irexec_vs->destroy)
      vs->irexec_vs->destroy(vs->irexec_vs);
   free(vs);
}

static void
jitpipe_vs_destroy(struct draw_vertex_shader *base)
{
   jitpipe_vs_unref((struct jitpipe_vs *)base);
}

/* The compile job (jitpipe_compile.c): publishes the code when it is
 * usable. */
void
jitpipe_vs_compile(struct jitpipe_screen *js, struct jitpipe_vs *vs)
{
   struct pony_jit_shader *shader = NULL;
   char err[256] = "";

   switch (pony_jit_compile(js->wide_jit, vs->ir, &shader, err, sizeof err)) {
   case PONY_JIT_OK:
      break;
   case PONY_JIT_UNSUPPORTED:
      atomic_fetch_add(&js->vs_unsupported, 1);
      if (js->debug & PONY_DEBUG_JIT)
         pony_log("jitpipe", "vertex shader left to irexec: %s", err);
      return;
   default:
      atomic_fetch_add(&js->vs_failed, 1);
      if (js->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "vertex shader failed to compile: %s", err);
      return;
   }
   unsigned nin = pony_jit_shader_num_inputs(shader);
   unsigned nout = pony_jit_shader_num_outputs(shader);
   if (nin != vs->base.num_inputs || nout != vs->base.num_outputs) {
      /* the two numberings come from the same IR and must agree */
      if (js->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "vertex shader: slot counts differ (irexec %u/%u, JIT %u/%u): "
                  "using irexec", vs->base.num_inputs, vs->base.num_outputs, nin, nout);
      atomic_fetch_add(&js->vs_failed, 1);
      pony_jit_shader_destroy(shader);
      return;
   }
   vs->shader = shader;
   atomic_store_explicit(&vs->func, pony_jit_shader_func_get(shader), memory_order_release);
   atomic_fetch_add(&js->vs_compiled, 1);
   if (js->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "vertex shader compiled (%u inputs, %u outputs, %u lanes)", nin,
               nout, vs->width);
}

struct draw_vertex_shader *
jitpipe_vs_create(struct swpipe_screen *screen, struct draw_context *draw,
                  const struct ir_shader *ir, struct draw_vertex_shader *irexec_vs)
{
   struct jitpipe_screen *js = jitpipe_screen(screen);

   (void)draw;
   if (!js->wide_jit || !ir || !irexec_vs || pony_jit_simd_width(js->wide_jit) > MAX_LANES)
      return NULL;
   struct jitpipe_vs *vs = calloc(1, sizeof *vs);
   if (!vs)
      return NULL;
   vs->ir = ir_shader_clone(ir);
   if (!vs->ir) {
      free(vs);
      return NULL;
   }
   vs->base.num_inputs = irexec_vs->num_inputs;
   vs->base.inputs = irexec_vs->inputs;
   vs->base.num_outputs = irexec_vs->num_outputs;
   vs->base.outputs = irexec_vs->outputs;
   vs->base.run = jitpipe_vs_run;
   vs->base.destroy = jitpipe_vs_destroy;
   vs->irexec_vs = irexec_vs;
   atomic_init(&vs->func, NULL);
   atomic_init(&vs->refs, 2);   /* the owner's and the compile job's */
   vs->width = pony_jit_simd_width(js->wide_jit);
   jitpipe_compile_push_vs(js, vs);
   return &vs->base;
}
