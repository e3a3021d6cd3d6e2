/*
 * draw: a draw_geometry_shader that interprets Pony IR with irexec.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw_irexec.h"
#include "draw_private.h"

struct draw_gs_irexec {
   struct draw_geometry_shader base;
   struct irexec_program *prog;
   struct draw_vs_slot inputs[DRAW_MAX_VS_SLOTS];
   struct draw_vs_slot outputs[DRAW_MAX_VS_SLOTS];
};

static bool
gs_irexec_run(const struct draw_geometry_shader *gs, const struct draw_gs_env *env, unsigned n,
              const float (*inputs)[4], float (*outputs)[4], uint8_t *strip_start,
              unsigned *num_emitted)
{
   const struct draw_gs_irexec *x = (const struct draw_gs_irexec *)gs;
   struct irexec_env ienv;

   draw_irexec_env_init(&ienv, env->cbufs, env->sampler);
   ienv.primitive_ids = env->primitive_ids;
   return irexec_run_geometry(x->prog, &ienv, n, inputs, outputs, strip_start, num_emitted);
}

static void
gs_irexec_destroy(struct draw_geometry_shader *gs)
{
   struct draw_gs_irexec *x = (struct draw_gs_irexec *)gs;
   if (!x)
      return;
   irexec_destroy(x->prog);
   free(x);
}

static enum pipe_prim_type
pipe_prim(enum ir_prim p)
{
   switch (p) {
   case IR_PRIM_POINTS: return PIPE_PRIM_POINTS;
   case IR_PRIM_LINES: return PIPE_PRIM_LINES;
   case IR_PRIM_LINES_ADJACENCY: return PIPE_PRIM_LINES_ADJACENCY;
   case IR_PRIM_TRIANGLES: return PIPE_PRIM_TRIANGLES;
   case IR_PRIM_TRIANGLES_ADJACENCY: return PIPE_PRIM_TRIANGLES_ADJACENCY;
   case IR_PRIM_LINE_STRIP: return PIPE_PRIM_LINE_STRIP;
   case IR_PRIM_TRIANGLE_STRIP: return PIPE_PRIM_TRIANGLE_STRIP;
   default: return PIPE_PRIM_MAX;
   }
}

struct draw_geometry_shader *
draw_create_gs_irexec(struct draw_context *draw, const struct ir_shader *shader,
                      char *err, unsigned err_size)
{
   (void)draw;
   struct draw_gs_irexec *x = calloc(1, sizeof(*x));
   if (!x) {
      if (err && err_size)
         snprintf(err, err_size, "out of memory");
      return NULL;
   }
   struct irexec_gs_info info;
   x->prog = draw_irexec_create(shader, IR_STAGE_GEOMETRY, x->inputs, &x->base.num_inputs,
                                x->outputs, &x->base.num_outputs, err, err_size);
   if (!x->prog || !irexec_get_gs_info(x->prog, &info)) {
      if (x->prog && err && err_size)
         snprintf(err, err_size, "no geometry-shader layout");
      gs_irexec_destroy(&x->base);
      return NULL;
   }
   x->base.inputs = x->inputs;
   x->base.outputs = x->outputs;
   x->base.input_prim = pipe_prim(info.input_prim);
   x->base.vertices_in = info.vertices_in;
   x->base.output_prim = pipe_prim(info.output_prim);
   x->base.max_vertices = info.max_vertices;
   x->base.run = gs_irexec_run;
   x->base.destroy = gs_irexec_destroy;
   return &x->base;
}
