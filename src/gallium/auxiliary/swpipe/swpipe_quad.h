/*
 * The per-fragment pipeline, one 2x2 quad at a time, in GL's order:
 *
 *   swpipe_quad_fs.c             interpolation and fragment shading (discard)
 *   swpipe_quad_alpha.c          alpha test
 *   swpipe_quad_depth_stencil.c  depth clamp, stencil and depth tests and
 *                                 writes, occlusion counting
 *   swpipe_quad_blend.c          blending or logic op, colour masks, sRGB
 *                                 encoding and the write to every target
 *
 * swpipe_quad_pipe.c runs them for every quad the rasterizer emits.  The
 * scissor and the framebuffer bounds are applied by the rasterizer (its
 * clip rectangle), polygon and line stipple too.
 */
#ifndef SWPIPE_QUAD_H
#define SWPIPE_QUAD_H

#include "swpipe_context.h"
#include "swpipe_raster.h"

/* What flows between the stages. */
struct swpipe_frag {
   int x, y;                      /* the quad's upper-left pixel */
   unsigned mask;                 /* lanes still alive */
   unsigned sample;               /* the sample of each pixel this pass writes */
   unsigned layer;                /* the layer of each surface it writes (from its first) */
   bool front_facing;
   float z[4];                    /* window depth per lane */
   /* colour per target per lane (integer targets: the bits of the
    * integers), and the dual-source second colour */
   float color[PIPE_MAX_COLOR_BUFS][4][4];
   float color1[4][4];
};

/* The rasterizer's emit callback (priv: the swpipe_context). */
void swpipe_quad_run(void *priv, const struct swpipe_quad *quad);

bool swpipe_quad_shade(struct swpipe_context *, const struct swpipe_quad *,
                        struct swpipe_frag *);
void swpipe_quad_sample_coverage(struct swpipe_context *, struct swpipe_frag *);
void swpipe_quad_alpha_test(struct swpipe_context *, struct swpipe_frag *);
void swpipe_quad_depth_stencil(struct swpipe_context *, struct swpipe_frag *);
void swpipe_quad_blend(struct swpipe_context *, struct swpipe_frag *);

/* Address of sample s of pixel (x, y) in layer `layer` of a surface (0:
 * its first layer), or NULL outside it (s is 0 for single-sampled
 * surfaces; a layer past the surface's last is outside too). */
uint8_t *swpipe_surface_pixel(struct pipe_surface *, int x, int y, unsigned layer, unsigned s);

#endif
