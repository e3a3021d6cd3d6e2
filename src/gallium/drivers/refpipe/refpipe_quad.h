/*
 * The per-fragment pipeline, one 2x2 quad at a time, in GL's order:
 *
 *   refpipe_quad_fs.c             interpolation and fragment shading (discard)
 *   refpipe_quad_alpha.c          alpha test
 *   refpipe_quad_depth_stencil.c  depth clamp, stencil and depth tests and
 *                                 writes, occlusion counting
 *   refpipe_quad_blend.c          blending or logic op, colour masks, sRGB
 *                                 encoding and the write to every target
 *
 * refpipe_quad_pipe.c runs them for every quad the rasterizer emits.  The
 * scissor and the framebuffer bounds are applied by the rasterizer (its
 * clip rectangle), polygon and line stipple too.
 */
#ifndef REFPIPE_QUAD_H
#define REFPIPE_QUAD_H

#include "refpipe_context.h"
#include "refpipe_raster.h"

/* What flows between the stages. */
struct refpipe_frag {
   int x, y;                      /* the quad's upper-left pixel */
   unsigned mask;                 /* lanes still alive */
   unsigned sample;               /* the sample of each pixel this pass writes */
   bool front_facing;
   float z[4];                    /* window depth per lane */
   /* colour per target per lane (integer targets: the bits of the
    * integers), and the dual-source second colour */
   float color[PIPE_MAX_COLOR_BUFS][4][4];
   float color1[4][4];
};

/* The rasterizer's emit callback (priv: the refpipe_context). */
void refpipe_quad_run(void *priv, const struct refpipe_quad *quad);

bool refpipe_quad_shade(struct refpipe_context *, const struct refpipe_quad *,
                        struct refpipe_frag *);
void refpipe_quad_sample_coverage(struct refpipe_context *, struct refpipe_frag *);
void refpipe_quad_alpha_test(struct refpipe_context *, struct refpipe_frag *);
void refpipe_quad_depth_stencil(struct refpipe_context *, struct refpipe_frag *);
void refpipe_quad_blend(struct refpipe_context *, struct refpipe_frag *);

/* Address of sample s of pixel (x, y) of a surface's first layer, or NULL
 * outside it (s is 0 for single-sampled surfaces). */
uint8_t *refpipe_surface_pixel(struct pipe_surface *, int x, int y, unsigned s);

#endif
