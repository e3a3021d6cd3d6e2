/*
 * The one constant buffer of the generated fixed-function shaders.  The
 * vertex and the fragment shader read the same layout (bind the same
 * buffer, constant buffer FF_CBUF_INDEX, to both stages).  Every entry is
 * a vec4 slot of 16 bytes; FF_CB_* are slot numbers (byte offset = 16 *
 * slot).  Matrices are four column slots (column-major, like GL).
 */
#ifndef FF_CONSTANTS_H
#define FF_CONSTANTS_H

#include "ff_state.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FF_CBUF_INDEX 0

enum ff_cb_slot {
   FF_CB_MVP            = 0,    /* projection * modelview, 4 columns */
   FF_CB_MODELVIEW      = 4,    /* 4 columns */
   FF_CB_NORMAL_MATRIX  = 8,    /* inverse transpose of the modelview's upper 3x3:
                                   3 columns (xyz; w = 0) */
   FF_CB_NORMAL_SCALE   = 11,   /* x: GL_RESCALE_NORMAL factor */
   FF_CB_TEXMAT0        = 12,   /* + 4 * unit: texture matrix, 4 columns */
   FF_CB_TEXGEN0        = 44,   /* + 8 * unit: object planes s,t,r,q then eye planes s,t,r,q */
   FF_CB_LIGHT0         = 108,  /* + FF_CB_LIGHT_SIZE * light, + FF_CB_LIGHT_* */
   FF_CB_MATERIAL0      = 172,  /* + FF_CB_MATERIAL_SIZE * face (0 front, 1 back) */
   FF_CB_LIGHT_MODEL_AMBIENT = 182,
   FF_CB_FOG_PARAMS     = 183,  /* density, start, end, 1 / (end - start) (0 if end == start) */
   FF_CB_FOG_COLOR      = 184,
   FF_CB_CLIP_PLANE0    = 185,  /* + plane, eye space */
   FF_CB_POINT          = 193,  /* size, min, max, fade threshold */
   FF_CB_POINT_ATTEN    = 194,  /* constant, linear, quadratic, 0 */
   FF_CB_TEXENV_COLOR0  = 195,  /* + unit */
   FF_CB_NUM_SLOTS      = 203,
};

/* Per light (FF_CB_LIGHT0 + FF_CB_LIGHT_SIZE * i + ...). */
enum ff_cb_light_slot {
   FF_CB_LIGHT_AMBIENT   = 0,
   FF_CB_LIGHT_DIFFUSE   = 1,
   FF_CB_LIGHT_SPECULAR  = 2,
   FF_CB_LIGHT_POSITION  = 3,   /* eye space; positional lights divided by w */
   FF_CB_LIGHT_SPOT      = 4,   /* normalized spot direction xyz, w = cos(cutoff) */
   FF_CB_LIGHT_ATTEN     = 5,   /* k0, k1, k2, spot exponent */
   FF_CB_LIGHT_DIR       = 6,   /* directional lights: normalized position xyz */
   FF_CB_LIGHT_HALF      = 7,   /* directional lights: normalize(dir + (0,0,1)) */
   FF_CB_LIGHT_SIZE      = 8,
};

/* Per material face. */
enum ff_cb_material_slot {
   FF_CB_MAT_EMISSION   = 0,
   FF_CB_MAT_AMBIENT    = 1,
   FF_CB_MAT_DIFFUSE    = 2,
   FF_CB_MAT_SPECULAR   = 3,
   FF_CB_MAT_SHININESS  = 4,    /* x */
   FF_CB_MATERIAL_SIZE  = 5,
};

#define FF_CONSTANTS_SIZE (FF_CB_NUM_SLOTS * 16)

/* Writes the FF_CONSTANTS_SIZE bytes of the constant buffer (floats, host
 * byte order) for the state. */
void
ff_constants_fill(const struct ff_state *st, void *buffer);

#ifdef __cplusplus
}
#endif

#endif
