/*
 * Rectangle blits between mapped surfaces: what a software driver's
 * pipe_context::blit needs once it has mapped one 2D slice of the source
 * and one of the destination (loop over layers/slices for 3D and arrays).
 *
 * Rules (pipe_blit_info's):
 *  - the destination box [x, x + width) x [y, y + height) (negative sizes
 *    mean x + width .. x, i.e. a flip) is mapped linearly onto the source box;
 *    destination pixel centres (i + 0.5) pick source positions
 *    src.x + (i + 0.5 - dst.x) * src.width / dst.width (same for y), so equal
 *    boxes copy 1:1 and a negative size on either side flips;
 *  - NEAREST takes the texel containing that position, LINEAR a bilinear
 *    blend of the four nearest texel centres; texels outside the source
 *    surface clamp to its edge.  Integer, depth and stencil data are always
 *    copied NEAREST;
 *  - format conversion through u_format (float for normalized/float formats,
 *    sRGB decoded then encoded as the formats say, unsigned/signed integer
 *    for pure integer formats); identical formats copy texels bit-exactly
 *    when the filter does not blend;
 *  - mask: PIPE_MASK_R/G/B/A limit the colour channels written (others keep
 *    the destination's value), PIPE_MASK_Z / PIPE_MASK_S the depth / stencil
 *    components of depth/stencil formats;
 *  - scissor (window coordinates of the destination, max exclusive) and the
 *    destination surface bounds clip what is written.
 * Nothing is written (false) when a format is unknown, compressed on the
 * destination side, or the two formats differ in kind (colour vs.
 * depth/stencil, pure integer vs. not).
 */
#ifndef U_BLIT_H
#define U_BLIT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"
#include "pipe/p_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct u_blit_surface {
   enum pipe_format format;
   void *data;                 /* the surface's texel (0, 0) (read only for the source) */
   unsigned stride;            /* bytes between rows of blocks */
   unsigned width, height;     /* of the surface (the level), in texels */
   int x, y, box_width, box_height;   /* the rectangle; negative sizes flip */
};

struct u_blit_rect_info {
   struct u_blit_surface dst, src;
   unsigned mask;                      /* PIPE_MASK_RGBA | PIPE_MASK_Z | PIPE_MASK_S */
   enum pipe_tex_filter filter;
   bool scissor_enable;
   struct pipe_scissor_state scissor;
};

/* Returns false (writing nothing) for NULL/unsupported input; an empty box
 * is not an error (true, nothing written). */
bool
u_blit_rect(const struct u_blit_rect_info *info);

#ifdef __cplusplus
}
#endif

#endif
