/*
 * Key of a generated fixed-function vertex shader: only what changes the
 * generated code.  A POD of bytes: zero-fill it (ff_vs_key_from_state
 * does), compare with memcmp, hash over its bytes.  Values (matrices,
 * colours, planes) are not here: they live in the constant buffer
 * (ff_constants.h).
 */
#ifndef FF_VS_KEY_H
#define FF_VS_KEY_H

#include <stdint.h>

#include "ff_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ff_vs_light_key {
   uint8_t enabled;
   uint8_t positional;            /* position w != 0 (else directional) */
   uint8_t spot;                  /* spot cutoff != 180 */
   uint8_t attenuation;           /* positional and (k0, k1, k2) != (1, 0, 0) */
};

struct ff_vs_unit_key {
   uint8_t output;                /* write FF_VARYING_TEX0 + unit */
   uint8_t texmat;                /* texture matrix is not the identity */
   uint8_t texgen[4];             /* enum ff_texgen_mode per s, t, r, q */
};

struct ff_vs_key {
   uint8_t lighting;
   uint8_t two_side;              /* also write back colours */
   uint8_t local_viewer;
   uint8_t separate_specular;
   uint8_t color_material;        /* colour material enabled (with lighting) */
   uint8_t color_material_mode;   /* enum ff_color_material */
   uint8_t color_material_face;   /* enum ff_face_bits */
   uint8_t normalize;
   uint8_t rescale;               /* rescale normals (only without normalize) */
   uint8_t out_color1;            /* the fragment stage reads the secondary colour */
   uint8_t out_fog;               /* write the fog coordinate */
   uint8_t fog_source;            /* enum ff_fog_source */
   uint8_t fog_distance;          /* enum ff_fog_distance (source FRAGMENT_DEPTH) */
   uint8_t point_attenuation;     /* write a point size: distance attenuation */
   uint8_t point_size_input;      /* write a point size: from FF_ATTRIB_POINTSIZE */
   uint8_t clip_plane_mask;       /* bit i: user clip plane i */
   uint8_t unclamped_color;       /* ARB_color_buffer_float: colours not clamped */
   struct ff_vs_light_key light[FF_MAX_LIGHTS];
   struct ff_vs_unit_key unit[FF_MAX_TEXTURE_UNITS];
};

/* Fills *key (zeroing it first) from the state.  Equal generated code
 * comes from byte-identical keys: fields that do not matter in a given
 * state (light details when lighting is off, ...) stay zero. */
void
ff_vs_key_from_state(const struct ff_state *st, struct ff_vs_key *key);

#ifdef __cplusplus
}
#endif

#endif
