/*
 * draw: what the irexec-backed vertex and geometry shaders share
 * (draw_vs_irexec.c defines them; built only with irexec).
 */
#ifndef DRAW_IREXEC_H
#define DRAW_IREXEC_H

#include "irexec.h"
#include "draw_context.h"

/* irexec's program of a shader of `stage`, its input and output slots
 * copied to draw's tables (DRAW_MAX_VS_SLOTS entries each) with their
 * counts; NULL with err filled when the shader is missing, of another
 * stage, or has more slots. */
struct irexec_program *
draw_irexec_create(const struct ir_shader *shader, enum ir_stage stage,
                   struct draw_vs_slot *inputs, unsigned *num_inputs,
                   struct draw_vs_slot *outputs, unsigned *num_outputs, char *err,
                   unsigned err_size);

/* an irexec environment with draw's constant buffers and sampler, the
 * rest zero */
void
draw_irexec_env_init(struct irexec_env *ienv, const struct draw_cbuf *cbufs,
                     const struct irexec_sampler_iface *sampler);

#endif
