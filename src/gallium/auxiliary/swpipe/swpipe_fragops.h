/*
 * The per-fragment operations as plain functions of their inputs, shared by
 * the quad stages and tested table-driven against GL's formulas
 * (tests/test_fragops.c).
 */
#ifndef SWPIPE_FRAGOPS_H
#define SWPIPE_FRAGOPS_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_state.h"

/* "a func b" (enum pipe_compare_func): the incoming value (fragment depth,
 * masked stencil reference, alpha) on the left, the stored or reference one
 * on the right. */
bool swpipe_compare(unsigned func, double a, double b);

/* A stencil operation (enum pipe_stencil_op) on an 8-bit value, before the
 * write mask. */
uint8_t swpipe_stencil_op(unsigned op, uint8_t value, uint8_t ref);

/* Blend one target's colour (GL 2.1 4.1.8 + EXT_blend_minmax + dual
 * source): src/src1/dst/constant are already clamped as the target's
 * format requires. */
void swpipe_blend(const struct pipe_rt_blend_state *rt, const float src[4],
                   const float src1[4], const float dst[4], const float constant[4],
                   float out[4]);

/* A logic operation (enum pipe_logicop) on bits. */
uint32_t swpipe_logicop(unsigned op, uint32_t src, uint32_t dst);

/* Do blend factors read the second colour output (dual source)? */
bool swpipe_blend_uses_src1(const struct pipe_rt_blend_state *rt);

#endif
