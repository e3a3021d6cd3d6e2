/*
 * Fixed-function GL state as the ff module reads it: plain values, no GL
 * context.  The state tracker keeps (or fills) one struct ff_state and
 * hands it to ff_vs_key_from_state() / ff_fs_key_from_state() (what code
 * to generate) and ff_constants_fill() (the values the generated code
 * reads from its constant buffer).
 *
 * Conventions:
 *  - Matrices are column-major float[16], as glLoadMatrixf takes them.
 *  - Light positions, spot directions, eye-linear texgen planes and clip
 *    planes are stored in eye coordinates, i.e. already transformed by
 *    the modelview matrix (or its inverse for planes) that was current
 *    when the application specified them, as GL requires.
 *  - Angles are in degrees (spot cutoff: 180 means "not a spotlight").
 *
 * Vertex-shader inputs and vertex-to-fragment outputs of the generated
 * shaders use the generic locations below (IR_SEM_GENERIC); the state
 * tracker binds vertex element i to FF_ATTRIB location i, and a GLSL
 * front end that wants to pair with a generated shader must use the
 * same FF_VARYING locations for gl_FrontColor, gl_TexCoord[] etc.
 */
#ifndef FF_STATE_H
#define FF_STATE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FF_MAX_LIGHTS          8
#define FF_MAX_TEXTURE_UNITS   8
#define FF_MAX_CLIP_PLANES     8

/* Vertex shader input locations (vertex element indices). */
enum ff_attrib {
   FF_ATTRIB_POS       = 0,
   FF_ATTRIB_NORMAL    = 2,
   FF_ATTRIB_COLOR0    = 3,
   FF_ATTRIB_COLOR1    = 4,
   FF_ATTRIB_FOG       = 5,
   FF_ATTRIB_POINTSIZE = 6,
   FF_ATTRIB_TEX0      = 8,        /* TEX0 + unit */
   FF_NUM_ATTRIBS      = 16,
};

/* Vertex-to-fragment locations.  Texture coordinates are consecutive so
 * that point sprites (draw_set_sprite_coord_base(FF_VARYING_TEX0)) work. */
enum ff_varying {
   FF_VARYING_COLOR0   = 0,        /* front primary colour */
   FF_VARYING_COLOR1   = 1,        /* front secondary colour */
   FF_VARYING_BCOLOR0  = 2,        /* back primary colour (two-sided lighting) */
   FF_VARYING_BCOLOR1  = 3,        /* back secondary colour */
   FF_VARYING_FOG      = 4,        /* fog coordinate (x) */
   FF_VARYING_TEX0     = 5,        /* TEX0 + unit, vec4 (s, t, r, q) */
   FF_NUM_VARYINGS     = 13,
};

/* The fragment colour output: generic location -1 goes to every colour
 * buffer (gl_FragColor semantics). */
#define FF_FRAG_COLOR_LOCATION (-1)

enum ff_texgen_mode {
   FF_TEXGEN_OFF,
   FF_TEXGEN_OBJECT_LINEAR,
   FF_TEXGEN_EYE_LINEAR,
   FF_TEXGEN_SPHERE_MAP,
   FF_TEXGEN_REFLECTION_MAP,
   FF_TEXGEN_NORMAL_MAP,
};

enum ff_color_material {
   FF_CM_EMISSION,
   FF_CM_AMBIENT,
   FF_CM_DIFFUSE,
   FF_CM_SPECULAR,
   FF_CM_AMBIENT_AND_DIFFUSE,
};

/* Face bits (glColorMaterial face, material indices). */
enum ff_face_bits {
   FF_FACE_FRONT = 1,
   FF_FACE_BACK  = 2,
   FF_FACE_FRONT_AND_BACK = 3,
};

enum ff_fog_mode {
   FF_FOG_LINEAR,
   FF_FOG_EXP,
   FF_FOG_EXP2,
};

/* GL_NV_fog_distance: the distance fog uses when it comes from the
 * position (FF_FOG_SRC_FRAGMENT_DEPTH). */
enum ff_fog_distance {
   FF_FOG_DIST_PLANE_ABSOLUTE,    /* |z_eye| (GL_EYE_PLANE_ABSOLUTE_NV, the default) */
   FF_FOG_DIST_PLANE,             /* z_eye, signed (GL_EYE_PLANE; piglit's
                                   * nv_fog_distance test and Mesa agree on
                                   * the sign) */
   FF_FOG_DIST_RADIAL,            /* length(eye.xyz) (GL_EYE_RADIAL_NV) */
};

enum ff_fog_source {
   FF_FOG_SRC_FRAGMENT_DEPTH,     /* |z| of the eye-space position */
   FF_FOG_SRC_COORD,              /* the fog coordinate attribute */
};

enum ff_tex_target {
   FF_TEX_1D,
   FF_TEX_2D,
   FF_TEX_3D,
   FF_TEX_CUBE,
   FF_TEX_RECT,
};

/* Base internal format of the texture bound on a unit (GL 2.1 tables
 * 3.22-3.23).  The sampler is expected to return the texel expanded as in
 * table 3.20: ALPHA (0,0,0,A), LUMINANCE (L,L,L,1), LUMINANCE_ALPHA
 * (L,L,L,A), INTENSITY (I,I,I,I), RGB (R,G,B,1), RGBA (R,G,B,A). */
enum ff_base_format {
   FF_BASE_ALPHA,
   FF_BASE_LUMINANCE,
   FF_BASE_LUMINANCE_ALPHA,
   FF_BASE_INTENSITY,
   FF_BASE_RGB,
   FF_BASE_RGBA,
};

enum ff_texenv_mode {
   FF_ENV_MODULATE,               /* GL's initial value */
   FF_ENV_REPLACE,
   FF_ENV_DECAL,
   FF_ENV_BLEND,
   FF_ENV_ADD,
   FF_ENV_COMBINE,
   FF_ENV_COMBINE4,               /* NV_texture_env_combine4: ADD/ADD_SIGNED take 4 args */
};

enum ff_combine_func {
   FF_COMBINE_REPLACE,
   FF_COMBINE_MODULATE,
   FF_COMBINE_ADD,
   FF_COMBINE_ADD_SIGNED,
   FF_COMBINE_INTERPOLATE,
   FF_COMBINE_SUBTRACT,
   FF_COMBINE_DOT3_RGB,           /* RGB function only */
   FF_COMBINE_DOT3_RGBA,          /* RGB function only; the alpha function is ignored */
   /* NV_texture_env_combine4 (ADD / ADD_SIGNED under COMBINE4_NV; key only) */
   FF_COMBINE_ADD4,               /* a0 a1 + a2 a3 */
   FF_COMBINE_ADD_SIGNED4,        /* a0 a1 + a2 a3 - 0.5 */
};

/* Combiner sources.  FF_SRC_TEXTURE0 + n is GL_TEXTUREn (crossbar). */
enum ff_combine_src {
   FF_SRC_TEXTURE,
   FF_SRC_CONSTANT,
   FF_SRC_PRIMARY_COLOR,
   FF_SRC_PREVIOUS,
   FF_SRC_ZERO,                   /* NV_texture_env_combine4: the value 0 */
   FF_SRC_TEXTURE0,
   FF_NUM_COMBINE_SRCS = FF_SRC_TEXTURE0 + FF_MAX_TEXTURE_UNITS,
};

enum ff_combine_operand {
   FF_OP_SRC_COLOR,
   FF_OP_ONE_MINUS_SRC_COLOR,
   FF_OP_SRC_ALPHA,
   FF_OP_ONE_MINUS_SRC_ALPHA,
};

struct ff_light {
   bool enabled;
   float ambient[4], diffuse[4], specular[4];
   float position[4];             /* eye space; w == 0: directional */
   float spot_direction[3];       /* eye space */
   float spot_exponent;
   float spot_cutoff;             /* degrees, [0, 90] or 180 (off) */
   float constant_attenuation, linear_attenuation, quadratic_attenuation;
};

struct ff_material {
   float ambient[4], diffuse[4], specular[4], emission[4];
   float shininess;
};

struct ff_texunit {
   /* texturing enabled on this unit (the highest-priority enabled target
    * with a complete texture); target/base_format describe that texture */
   bool enabled;
   enum ff_tex_target target;
   enum ff_base_format base_format;
   /* depth texture with TEXTURE_COMPARE_MODE = COMPARE_R_TO_TEXTURE (1D, 2D
    * and rectangle targets): the comparison result r becomes the texel
    * as DEPTH_TEXTURE_MODE says, given in base_format: LUMINANCE (r,r,r,1),
    * INTENSITY (r,r,r,r) or ALPHA (0,0,0,r) */
   bool shadow;

   /* texture coordinate generation, per coordinate s, t, r, q */
   enum ff_texgen_mode texgen[4];
   float object_plane[4][4];
   float eye_plane[4][4];         /* eye space */

   float matrix[16];              /* texture matrix (top of stack) */

   /* texture environment */
   enum ff_texenv_mode env_mode;
   float env_color[4];
   enum ff_combine_func combine_rgb, combine_alpha;
   enum ff_combine_src src_rgb[4], src_alpha[4];          /* [3]: COMBINE4 only */
   enum ff_combine_operand operand_rgb[4], operand_alpha[4];
   float rgb_scale, alpha_scale;  /* 1, 2 or 4 */
};

struct ff_state {
   /* transformation */
   float modelview[16];
   float projection[16];
   bool normalize;                /* GL_NORMALIZE */
   bool rescale_normal;           /* GL_RESCALE_NORMAL */

   /* lighting */
   bool lighting;
   struct ff_light light[FF_MAX_LIGHTS];
   struct ff_material material[2];        /* 0 front, 1 back */
   float light_model_ambient[4];
   bool light_model_two_side;
   bool light_model_local_viewer;
   bool separate_specular;        /* LIGHT_MODEL_COLOR_CONTROL == SEPARATE_SPECULAR_COLOR */
   bool color_material;           /* GL_COLOR_MATERIAL enabled */
   enum ff_color_material color_material_mode;
   unsigned color_material_face;  /* enum ff_face_bits */

   /* colour sum (GL_COLOR_SUM; implied by lighting with separate specular) */
   bool color_sum;

   /* ARB_color_buffer_float: vertex colour clamping off (lit and unlit
    * colours pass unclamped) / fragment colour clamping off (texture
    * environments and colour sum unclamped; the state tracker clamps the
    * environment and fog colours it puts in the constants when it is on) */
   bool unclamped_vertex_color;
   bool unclamped_fragment_color;

   /* texturing */
   struct ff_texunit unit[FF_MAX_TEXTURE_UNITS];

   /* fog */
   bool fog;
   enum ff_fog_mode fog_mode;
   enum ff_fog_source fog_source;
   enum ff_fog_distance fog_distance;
   float fog_color[4];
   float fog_density, fog_start, fog_end;

   /* user clip planes, eye space */
   unsigned clip_plane_enable;    /* bit i: plane i */
   float clip_plane[FF_MAX_CLIP_PLANES][4];

   /* points */
   float point_size;
   float point_size_min, point_size_max;
   float point_fade_threshold;
   float point_distance_attenuation[3];
   bool point_size_array;         /* per-vertex size from FF_ATTRIB_POINTSIZE */
};

/* GL's initial fixed-function state (GL 2.1 tables 6.5-6.20). */
void
ff_state_init_defaults(struct ff_state *st);

#ifdef __cplusplus
}
#endif

#endif
