/*
 * draw: a draw_vertex_shader that interprets Pony IR with irexec.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw_irexec.h"
#include "draw_private.h"

struct draw_vs_irexec {
   struct draw_vertex_shader base;
   struct irexec_program *prog;
   struct draw_vs_slot inputs[DRAW_MAX_VS_SLOTS];
   struct draw_vs_slot outputs[DRAW_MAX_VS_SLOTS];
};

static bool
vs_irexec_run(const struct draw_vertex_shader *vs, const struct draw_vs_env *env,
              unsigned n, const float (*inputs)[4], float (*outputs)[4], unsigned out_stride)
{
   const struct draw_vs_irexec *x = (const struct draw_vs_irexec *)vs;
   struct irexec_env ienv;

   draw_irexec_env_init(&ienv, env->cbufs, env->sampler);
   ienv.vertex_ids = env->vertex_ids;
   ienv.instance_id = env->instance_id;
   return irexec_run_vertices_strided(x->prog, &ienv, n, inputs, outputs, out_stride);
}

static void
vs_irexec_destroy(struct draw_vertex_shader *vs)
{
   struct draw_vs_irexec *x = (struct draw_vs_irexec *)vs;
   if (!x)
      return;
   irexec_destroy(x->prog);
   free(x);
}

static void
copy_slots(struct draw_vs_slot *dst, const struct irexec_slot *src, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      dst[i].semantic = src[i].semantic;
      dst[i].location = src[i].location;
      dst[i].comps = src[i].comps;
      dst[i].base = src[i].base;
      dst[i].interp = src[i].interp;
      dst[i].interp_explicit = src[i].interp_explicit;
   }
}

void
draw_irexec_env_init(struct irexec_env *ienv, const struct draw_cbuf *cbufs,
                     const struct irexec_sampler_iface *sampler)
{
   memset(ienv, 0, sizeof(*ienv));
   for (unsigned i = 0; i < IREXEC_MAX_CBUFS && i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
      ienv->cbufs[i].data = cbufs[i].data;
      ienv->cbufs[i].size = cbufs[i].size;
   }
   ienv->sampler = sampler;
}

struct irexec_program *
draw_irexec_create(const struct ir_shader *shader, enum ir_stage stage,
                   struct draw_vs_slot *inputs, unsigned *num_inputs,
                   struct draw_vs_slot *outputs, unsigned *num_outputs, char *err,
                   unsigned err_size)
{
   if (err && err_size)
      err[0] = '\0';
   if (!shader) {
      if (err && err_size)
         snprintf(err, err_size, "no shader");
      return NULL;
   }
   struct irexec_program *prog = irexec_create(shader, err, err_size);
   if (!prog)
      return NULL;
   const struct irexec_slot *in, *out;
   unsigned ni = irexec_get_inputs(prog, &in);
   unsigned no = irexec_get_outputs(prog, &out);
   if (irexec_stage(prog) != stage) {
      if (err && err_size)
         snprintf(err, err_size, "not a %s shader",
                  stage == IR_STAGE_GEOMETRY ? "geometry" : "vertex");
   } else if (ni > DRAW_MAX_VS_SLOTS || no > DRAW_MAX_VS_SLOTS) {
      if (err && err_size)
         snprintf(err, err_size, "too many input or output slots");
   } else {
      copy_slots(inputs, in, ni);
      copy_slots(outputs, out, no);
      *num_inputs = ni;
      *num_outputs = no;
      return prog;
   }
   irexec_destroy(prog);
   return NULL;
}

struct draw_vertex_shader *
draw_create_vs_irexec(struct draw_context *draw, const struct ir_shader *shader,
                      char *err, unsigned err_size)
{
   (void)draw;
   struct draw_vs_irexec *x = calloc(1, sizeof(*x));
   if (!x) {
      if (err && err_size)
         snprintf(err, err_size, "out of memory");
      return NULL;
   }
   x->prog = draw_irexec_create(shader, IR_STAGE_VERTEX, x->inputs, &x->base.num_inputs,
                                x->outputs, &x->base.num_outputs, err, err_size);
   if (!x->prog) {
      free(x);
      return NULL;
   }
   x->base.inputs = x->inputs;
   x->base.outputs = x->outputs;
   x->base.run = vs_irexec_run;
   x->base.destroy = vs_irexec_destroy;
   return &x->base;
}

const struct ir_shader *
draw_vs_irexec_shader(const struct draw_vertex_shader *vs)
{
   if (!vs || vs->run != vs_irexec_run)
      return NULL;
   return irexec_shader(((const struct draw_vs_irexec *)vs)->prog);
}
