/*
 * Key of a generated fixed-function fragment shader (texture environments,
 * colour sum, fog).  A POD of bytes: zero-filled, compared with memcmp,
 * hashed over its bytes.  Alpha test is not here: it is the pipe
 * depth-stencil-alpha state's job.
 */
#ifndef FF_FS_KEY_H
#define FF_FS_KEY_H

#include <stdint.h>

#include "ff_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ff_fs_unit_key {
   uint8_t enabled;               /* texturing enabled: sampled, environment runs */
   uint8_t target;                /* enum ff_tex_target */
   uint8_t base_format;           /* enum ff_base_format (not COMBINE: zero) */
   uint8_t mode;                  /* enum ff_texenv_mode (never COMBINE4: that is
                                   * COMBINE with the ADD4 functions) */
   /* COMBINE only (zero otherwise) */
   uint8_t combine_rgb, combine_alpha;   /* enum ff_combine_func */
   uint8_t rgb_shift, alpha_shift;       /* scale = 1 << shift */
   uint8_t src_rgb[4], operand_rgb[4];   /* [3]: the ADD4 functions only */
   uint8_t src_alpha[4], operand_alpha[4];
   uint8_t shadow;                /* depth comparison (1D, 2D, rect targets) */
   uint8_t pad0;
};

struct ff_fs_key {
   uint8_t color_sum;             /* add the secondary colour */
   uint8_t fog;                   /* 0: off, else enum ff_fog_mode + 1 */
   uint8_t unclamped;             /* ARB_color_buffer_float: results not clamped */
   uint8_t pad1;
   struct ff_fs_unit_key unit[FF_MAX_TEXTURE_UNITS];
};

void
ff_fs_key_from_state(const struct ff_state *st, struct ff_fs_key *key);

#ifdef __cplusplus
}
#endif

#endif
