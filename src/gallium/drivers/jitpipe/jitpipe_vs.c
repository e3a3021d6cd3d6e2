/*
 * Vertex shaders as native code: swpipe's vs_create hook.
 *
 * vs_create wraps swpipe's irexec version in a draw_vertex_shader that
 * owns it and reuses its slot lists, so draw sees the same inputs and
 * outputs either way, and queues the compile of irexec's copy of the IR
 * (read-only, no copy of its own) with the screen's wide JIT (the CPU's
 * natural width W: 8 lanes with AVX2, 16 with AVX-512; jitpipe_compile.c,
 * at once with PONY_JIT=sync, else once irexec has run JITPIPE_THRESHOLD
 * of its vertices).
 * Until the code is ready run() is irexec's; a shader the JIT does not
 * translate (PONY_JIT_UNSUPPORTED), cannot compile or numbers differently
 * keeps irexec.  The wrapper is shared by its owner and a queued job
 * (refs).
 *
 * run() keeps irexec_run_vertices()'s results bit for bit:
 *  - draw fetches the inputs straight into the JIT's SoA words and takes
 *    the outputs in them (the shader's soa_width is W), W vertices per
 *    call; irexec, until the code is ready, gets the inputs transposed
 *    back to vertex-major slots and its outputs transposed into SoA;
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
   const struct ir_shader *ir;             /* irexec's copy (irexec_vs owns it): compiled from */
   struct pony_jit_shader *shader;         /* set by the compile */
   _Atomic(pony_jit_shader_func) func;     /* NULL: irexec runs it */
   unsigned width;                         /* W, lanes per call */
   struct jitpipe_screen *screen;
   _Atomic uint64_t heat;                  /* vertices irexec ran before the queueing */
};

/* irexec's run on draw's SoA blocks (before the JIT's code is ready): the
 * inputs back to vertex-major slots, the outputs into blocks. */
static bool
run_irexec(const struct jitpipe_vs *vs, const struct draw_vs_env *env, unsigned n,
           const float (*inputs)[4], float (*outputs)[4])
{
   const unsigned W = vs->width, nin = vs->base.num_inputs, nout = vs->base.num_outputs;
   const size_t nv = n ? n : 1;
   uint32_t *aos_in = NULL, *aos_out = malloc(sizeof(uint32_t) * 4 * (nout ? nout : 1) * nv);

   if (!aos_out)
      return false;
   if (inputs && nin) {
      aos_in = malloc(sizeof(uint32_t) * 4 * nin * nv);
      if (!aos_in) {
         free(aos_out);
         return false;
      }
      for (unsigned i = 0; i < n; i++) {
         const uint32_t *block = (const uint32_t *)inputs + (size_t)(i / W) * nin * 4 * W + i % W;
         for (unsigned w = 0; w < 4 * nin; w++)
            aos_in[(size_t)i * 4 * nin + w] = block[(size_t)w * W];
      }
   }
   bool ok = vs->irexec_vs->run(vs->irexec_vs, env, n, (const float (*)[4])aos_in,
                                (float (*)[4])aos_out, nout);
   for (unsigned i = 0; ok && i < n; i++) {
      uint32_t *block = (uint32_t *)outputs + (size_t)(i / W) * nout * 4 * W + i % W;
      for (unsigned w = 0; w < 4 * nout; w++)
         block[(size_t)w * W] = aos_out[(size_t)i * 4 * nout + w];
   }
   free(aos_in);
   free(aos_out);
   return ok;
}

static void
queue_compile(struct jitpipe_vs *vs)
{
   atomic_fetch_add(&vs->refs, 1);   /* the job's */
   jitpipe_compile_push_vs(vs->screen, vs);
}

static bool
jitpipe_vs_run(const struct draw_vertex_shader *base, const struct draw_vs_env *env,
               unsigned n, const float (*inputs)[4], float (*outputs)[4], unsigned out_stride)
{
   (void)out_stride;   /* SoA outputs */
   struct jitpipe_vs *vs = (struct jitpipe_vs *)base;
   const unsigned W = vs->width, nin = base->num_inputs, nout = base->num_outputs;
   pony_jit_shader_func func = atomic_load_explicit(&vs->func, memory_order_acquire);

   if (!func) {
      /* compiled once it has run enough vertices (JITPIPE_THRESHOLD) */
      if (jitpipe_heat_add(&vs->heat, n, vs->screen->threshold))
         queue_compile(vs);
      func = atomic_load_explicit(&vs->func, memory_order_acquire);   /* PONY_JIT=sync */
      if (!func)
         return run_irexec(vs, env, n, inputs, outputs);
   }
   struct pony_jit_cbuf cbufs[PONY_JIT_MAX_CBUFS];
   int32_t ids[MAX_LANES];

   if (!n)
      return true;
   /* no input array: every input reads 0 (as irexec's) */
   uint32_t *zero_in = NULL;
   if (!inputs) {
      zero_in = calloc((size_t)4 * W * (nin ? nin : 1), sizeof(uint32_t));
      if (!zero_in)
         return false;
   }

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

      /* draw's SoA blocks are the JIT's input words (s * 4 + c) * W + l,
       * their lanes past the last vertex copies of it (see the top of the
       * file); so are the vertex ids */
      if (count == W && env->vertex_ids) {
         memcpy(ids, env->vertex_ids + first, sizeof(int32_t) * W);
      } else {
         for (unsigned l = 0; l < W; l++) {
            unsigned v = first + (l < count ? l : count - 1);
            ids[l] = env->vertex_ids ? env->vertex_ids[v] : (int32_t)v;
         }
      }
      const uint32_t *in = inputs ? (const uint32_t *)inputs + (size_t)first * 4 * nin
                                  : zero_in;

      /* the outputs are draw's SoA block too */
      uint32_t *out = (uint32_t *)outputs + (size_t)first * 4 * nout;
      uint32_t r = func(in, out, cbufs, &sv);

      /* the quads holding real vertices: irexec's batches */
      unsigned quads = (count + 3) / 4;
      if ((r >> PONY_JIT_RUNAWAY_SHIFT) & ((1u << quads) - 1)) {
         /* irexec's run returns false and draw drops the draw */
         ok = false;
         break;
      }
   }
   free(zero_in);
   return ok;
}

void
jitpipe_vs_unref(struct jitpipe_vs *vs)
{
   if (!vs || atomic_fetch_sub(&vs->refs, 1) != 1)
      return;
   pony_jit_shader_destroy(vs->shader);
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
   (void)ir;   /* the caller's: compiled from irexec's copy instead, which lives as long */
   const struct ir_shader *own = draw_vs_irexec_shader(irexec_vs);
   if (!js->wide_jit || !own || pony_jit_simd_width(js->wide_jit) > MAX_LANES)
      return NULL;
   struct jitpipe_vs *vs = calloc(1, sizeof *vs);
   if (!vs)
      return NULL;
   vs->ir = own;
   vs->base.num_inputs = irexec_vs->num_inputs;
   vs->base.inputs = irexec_vs->inputs;
   vs->base.num_outputs = irexec_vs->num_outputs;
   vs->base.outputs = irexec_vs->outputs;
   vs->base.soa_width = pony_jit_simd_width(js->wide_jit);
   vs->base.run = jitpipe_vs_run;
   vs->base.destroy = jitpipe_vs_destroy;
   vs->irexec_vs = irexec_vs;
   atomic_init(&vs->func, NULL);
   atomic_init(&vs->refs, 1);   /* the owner's */
   atomic_init(&vs->heat, 0);
   vs->width = pony_jit_simd_width(js->wide_jit);
   vs->screen = js;
   if (!js->threshold)
      queue_compile(vs);   /* at once; else once it has run enough vertices */
   return &vs->base;
}
