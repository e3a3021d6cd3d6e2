/*
 * The fixed-function module of the GL state tracker: GL fixed-function
 * state (ff_state.h) -> shader keys (ff_vs_key.h, ff_fs_key.h) ->
 * generated Pony IR shaders (cached: ff_shader_cache.h) reading one
 * constant buffer (ff_constants.h).  No GL context involved; see
 * docs/fixed-function.md.
 */
#ifndef FF_H
#define FF_H

#include "compiler/ir/ir.h"
#include "ff_constants.h"
#include "ff_fs_key.h"
#include "ff_shader_cache.h"
#include "ff_state.h"
#include "ff_vs_key.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Generate the shader for a key: a new shader the caller owns (the cache
 * calls these on a miss).  Never NULL (allocation failure aborts, as in
 * the IR).  Validated in debug builds. */
struct ir_shader *
ff_vs_generate(const struct ff_vs_key *key);

struct ir_shader *
ff_fs_generate(const struct ff_fs_key *key);

/* Bit i set for each generic input location i a generated shader reads:
 * for a vertex shader, the FF_ATTRIB_* vertex elements the state tracker
 * must supply (arrays or current values); for a fragment shader, the
 * FF_VARYING_* it needs. */
uint32_t
ff_shader_input_mask(const struct ir_shader *shader);

#ifdef __cplusplus
}
#endif

#endif
