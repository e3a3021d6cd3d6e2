/*
 * GL_ARB_color_buffer_float's colour clamping (api/api_clamp.c): the
 * glClampColor state resolved against the bound framebuffers.
 *
 * Each control is GL_TRUE, GL_FALSE or GL_FIXED_ONLY.  FIXED_ONLY clamps
 * the vertex and fragment colours when every colour buffer drawn to has
 * fixed-point (unorm/snorm) components -- no buffer at all counts as fixed
 * point (issue 34) -- and read colours when the buffer glReadBuffer selects
 * does.  Float formats include the packed and shared-exponent floats.
 */
#ifndef ST_CLAMP_H
#define ST_CLAMP_H

#include <stdbool.h>

#include "pipe/p_format.h"

struct st_context;

/* Is a colour buffer of this format floating point (not fixed point)? */
bool st_clamp_format_is_float(enum pipe_format format);

/* The effective controls: clamp vertex colours after lighting / the vertex
 * shader; clamp fragment colours (texture environments, colour sum, fog,
 * shader outputs, glDrawPixels, state queries); clamp glReadPixels data of
 * type GL_FLOAT / GL_HALF_FLOAT (other types always clamp). */
bool st_clamp_vertex_color(struct st_context *ctx);
bool st_clamp_fragment_color(struct st_context *ctx);
bool st_clamp_read_color(struct st_context *ctx);

/* Clamp n floats to [0, 1] when clamp is true (NaN to 0). */
void st_clamp_floats01(float *v, unsigned n, bool clamp);

#endif
