/*
 * The GL state a shader can read, as one table shared by every front end:
 * ARB_vertex_program / ARB_fragment_program `state.*` bindings today,
 * GLSL's built-in uniforms (GLSL 1.20 section 7.5: gl_ModelViewMatrix,
 * gl_LightSource[], gl_FrontMaterial, gl_Fog, ...) later.  A front end
 * maps its names to rows of this table (struct pony_state_ref); the state
 * tracker fills one vec4 per row from the current GL state
 * (src/state_trackers/gl/st_program_state.c).  Each row is a vec4 of
 * floats; a matrix is four rows.
 *
 * Matrices: `row` is a row of the matrix after the modifier.  GLSL's
 * matrices are column vectors: column c of M is row c of M's transpose,
 * so gl_ModelViewMatrix[c] is { MODELVIEW, TRANSPOSE, row c },
 * gl_NormalMatrix[c] is xyz of { MODELVIEW, INVERSE, row c } (the
 * inverse transpose's column c is the inverse's row c).
 *
 * Pure data and pure functions: no GL context here (see docs/arb-programs.md).
 */
#ifndef PONY_STATE_H
#define PONY_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which index a state item takes. */
enum pony_state_index_kind {
   PONY_STATE_IDX_NONE,
   PONY_STATE_IDX_LIGHT,          /* light number, < PONY_STATE_MAX_LIGHTS */
   PONY_STATE_IDX_UNIT,           /* texture unit / coordinate set, < PONY_STATE_MAX_UNITS */
   PONY_STATE_IDX_CLIP,           /* clip plane, < PONY_STATE_MAX_CLIP_PLANES */
   PONY_STATE_IDX_PROGRAM_MATRIX, /* GL_MATRIXi_ARB, < PONY_STATE_MAX_PROGRAM_MATRICES */
   PONY_STATE_IDX_SAMPLER,        /* a GLSL program's sampler table entry (its IR
                                     binding), < PONY_STATE_MAX_SAMPLERS; the state
                                     tracker maps it to the unit the sampler uniform
                                     names */
};

#define PONY_STATE_MAX_LIGHTS           8
#define PONY_STATE_MAX_UNITS            8
#define PONY_STATE_MAX_CLIP_PLANES      8
#define PONY_STATE_MAX_PROGRAM_MATRICES 8
#define PONY_STATE_MAX_SAMPLERS         48

/* Every item; the comment gives the vec4 (ARB spec names, GLSL fields). */
enum pony_state_item {
   PONY_STATE_NONE,
   /* matrices (row 0..3, modifier) */
   PONY_STATE_MATRIX_MODELVIEW,     /* gl_ModelViewMatrix* */
   PONY_STATE_MATRIX_PROJECTION,    /* gl_ProjectionMatrix* */
   PONY_STATE_MATRIX_MVP,           /* gl_ModelViewProjectionMatrix* */
   PONY_STATE_MATRIX_TEXTURE,       /* [unit] gl_TextureMatrix*[] */
   PONY_STATE_MATRIX_PROGRAM,       /* [i] ARB program matrix GL_MATRIXi_ARB */
   /* lights [light] (eye space, as stored by glLight) */
   PONY_STATE_LIGHT_AMBIENT,
   PONY_STATE_LIGHT_DIFFUSE,
   PONY_STATE_LIGHT_SPECULAR,
   PONY_STATE_LIGHT_POSITION,
   PONY_STATE_LIGHT_ATTENUATION,    /* k0, k1, k2, spot exponent */
   PONY_STATE_LIGHT_SPOT_DIRECTION, /* xyz, cos(cutoff) */
   PONY_STATE_LIGHT_HALF,           /* infinite half-angle vector xyz, 1 */
   PONY_STATE_LIGHT_SPOT_PARAMS,    /* spot exponent, cutoff (degrees), cos(cutoff), 0
                                       (GLSL spotExponent, spotCutoff, spotCosCutoff) */
   /* light products [light] (face) */
   PONY_STATE_LIGHTPROD_AMBIENT,
   PONY_STATE_LIGHTPROD_DIFFUSE,
   PONY_STATE_LIGHTPROD_SPECULAR,
   /* material (face) */
   PONY_STATE_MATERIAL_AMBIENT,
   PONY_STATE_MATERIAL_DIFFUSE,
   PONY_STATE_MATERIAL_SPECULAR,
   PONY_STATE_MATERIAL_EMISSION,
   PONY_STATE_MATERIAL_SHININESS,   /* s, 0, 0, 1 */
   /* light model */
   PONY_STATE_LIGHTMODEL_AMBIENT,
   PONY_STATE_LIGHTMODEL_SCENECOLOR, /* (face) emission + ambient * model ambient, diffuse alpha */
   /* fog */
   PONY_STATE_FOG_COLOR,
   PONY_STATE_FOG_PARAMS,           /* density, start, end, 1 / (end - start) */
   /* clip planes [plane], eye space */
   PONY_STATE_CLIP_PLANE,
   /* points */
   PONY_STATE_POINT_SIZE,           /* size, min, max, fade threshold */
   PONY_STATE_POINT_ATTENUATION,    /* a, b, c, 1 */
   /* texture coordinate generation [unit] (row: coordinate s, t, r, q) */
   PONY_STATE_TEXGEN_EYE,
   PONY_STATE_TEXGEN_OBJECT,
   /* texture environment [unit] */
   PONY_STATE_TEXENV_COLOR,
   /* depth range: near, far, far - near, 1 */
   PONY_STATE_DEPTH_RANGE,
   /* Pony's own rows for lowering texture lookups of ARB fragment
    * programs [unit]: the texel is lookup * SCALE + BIAS.  A shadow
    * lookup's comparison result r expands by DEPTH_TEXTURE_MODE
    * (LUMINANCE (1,1,1,0)+(0,0,0,1), INTENSITY (1,1,1,1)+0, ALPHA
    * (0,0,0,1)+0); an incomplete texture reads (0,0,0,1) (scale 0); a
    * complete one is the lookup (1,1,1,1)+0 */
   PONY_STATE_TEXEL_SCALE,
   PONY_STATE_TEXEL_BIAS,
   /* GLSL gl_NormalScale: the normal rescale factor (GL_RESCALE_NORMAL's),
    * 0, 0, 1 */
   PONY_STATE_NORMAL_SCALE,
   /* GLSL shadow lookups [sampler table entry]: TEXEL_SCALE and
    * TEXEL_BIAS of the unit the sampler uniform names, so that
    * shadow2D() & co. expand r by that unit's DEPTH_TEXTURE_MODE (GLSL
    * 1.20 section 8.7) */
   PONY_STATE_SAMPLER_TEXEL_SCALE,
   PONY_STATE_SAMPLER_TEXEL_BIAS,
   PONY_STATE_NUM_ITEMS
};

enum pony_state_modifier {
   PONY_STATE_MOD_NONE,
   PONY_STATE_MOD_INVERSE,
   PONY_STATE_MOD_TRANSPOSE,
   PONY_STATE_MOD_INVTRANS,
};

enum pony_state_face {
   PONY_STATE_FRONT,
   PONY_STATE_BACK,
};

/* One vec4 of GL state. */
struct pony_state_ref {
   uint8_t item;        /* enum pony_state_item */
   uint8_t index;       /* light / unit / plane / program matrix, by the item's index kind */
   uint8_t face;        /* enum pony_state_face (material, light products, scene colour) */
   uint8_t modifier;    /* enum pony_state_modifier (matrices) */
   uint8_t row;         /* matrix row 0..3; texgen coordinate 0..3 (s, t, r, q) */
};

/* A row placed in a constant buffer. */
struct pony_state_binding {
   struct pony_state_ref ref;
   unsigned slot;       /* vec4 slot: byte offset 16 * slot */
};

struct pony_state_item_info {
   const char *name;                     /* ARB-style name, e.g. "light.ambient" */
   enum pony_state_index_kind index_kind;
   bool has_face;
   bool is_matrix;                       /* row and modifier apply */
   bool has_row;                         /* row applies (matrices, texgen) */
};

/* Indexed by enum pony_state_item. */
extern const struct pony_state_item_info pony_state_items[PONY_STATE_NUM_ITEMS];

/* Is the reference well formed (item known, index/row/face/modifier in range)? */
bool pony_state_ref_valid(const struct pony_state_ref *ref);

bool pony_state_ref_equal(const struct pony_state_ref *a, const struct pony_state_ref *b);

/* ARB-program spelling of a reference, e.g. "state.matrix.mvp.inverse.row[2]",
 * "state.light[1].spot.direction", "state.lightprod[0].back.diffuse";
 * returns snprintf's count. */
int pony_state_ref_name(const struct pony_state_ref *ref, char *buf, size_t size);

/* Row `row` of column-major matrix m after a modifier.  An inverse of a
 * singular matrix is all zeros (GL leaves it undefined). */
void pony_state_matrix_row(const float m[16], enum pony_state_modifier mod, unsigned row,
                           float out[4]);

/* Inverse of a column-major 4x4 matrix (double precision elimination with
 * partial pivoting); false and zeros if singular. */
bool pony_state_mat4_inverse(const float m[16], float inv[16]);

#ifdef __cplusplus
}
#endif

#endif
