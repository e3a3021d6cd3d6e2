/*
 * Mipmap generation for software drivers (pipe_context::generate_mipmap,
 * glGenerateMipmap): each level base+1..last is computed from the level
 * above it with a box filter over 2x2 texels (2x2x2 for 3D textures; 2 for
 * 1D), per layer/face for arrays and cubes.
 *
 *  - Colours are decoded to float by 'format' (sRGB decoded, averaged in
 *    linear space, encoded again), pure integer formats are averaged in
 *    integers (rounded toward zero), depth formats average depth (stencil
 *    of combined formats is taken from the first texel of each box);
 *  - destination texel i of a dimension averages source texels 2i and
 *    min(2i + 1, size - 1): for odd sizes the last source texel is dropped
 *    (a 3-texel row gives one texel (t0 + t1) / 2); a dimension that is
 *    already 1 stays 1 and is not averaged;
 *  - filter NEAREST copies the first texel of each box instead of averaging;
 *  - compressed formats are not supported (returns false, writes nothing).
 */
#ifndef U_MIPMAP_H
#define U_MIPMAP_H

#include <stdbool.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"
#include "sampler/u_sampler.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * tex: the texture's description (its level[] pointers and strides are
 *   where levels are read from);
 * dst_levels[l]: writable pointer to the same memory as tex->level[l].data
 *   (only levels base_level+1..last_level are written);
 * format: the format to interpret texels in (PIPE_FORMAT_NONE: tex->format;
 *   may differ from it in colourspace only);
 * first_layer..last_layer: layers (faces of cubes, slices are all processed
 *   for 3D textures, which ignore these).
 * Returns false when nothing could be done (bad levels, layers or format).
 */
bool
u_mipmap_generate(const struct u_sampler_texture *tex, void *const dst_levels[],
                  enum pipe_format format, unsigned base_level, unsigned last_level,
                  unsigned first_layer, unsigned last_layer,
                  enum pipe_tex_filter filter);

#ifdef __cplusplus
}
#endif

#endif
