/*
 * Fixed-function state: GL's initial values, the shader keys built from
 * the state, and the constant buffer the generated shaders read.
 */
#include "ff_constants.h"
#include "ff_fs_key.h"
#include "ff_state.h"
#include "ff_vs_key.h"

#include <math.h>
#include <string.h>

static void
set4(float *d, float a, float b, float c, float e)
{
   d[0] = a;
   d[1] = b;
   d[2] = c;
   d[3] = e;
}

static void
identity(float m[16])
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

static bool
is_identity(const float m[16])
{
   for (unsigned i = 0; i < 16; i++) {
      if (m[i] != ((i % 5) == 0 ? 1.0f : 0.0f))
         return false;
   }
   return true;
}

void
ff_state_init_defaults(struct ff_state *st)
{
   memset(st, 0, sizeof *st);
   identity(st->modelview);
   identity(st->projection);

   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      struct ff_light *l = &st->light[i];
      set4(l->ambient, 0, 0, 0, 1);
      if (i == 0) {
         set4(l->diffuse, 1, 1, 1, 1);
         set4(l->specular, 1, 1, 1, 1);
      } else {
         set4(l->diffuse, 0, 0, 0, 1);
         set4(l->specular, 0, 0, 0, 1);
      }
      set4(l->position, 0, 0, 1, 0);
      l->spot_direction[2] = -1.0f;
      l->spot_cutoff = 180.0f;
      l->constant_attenuation = 1.0f;
   }
   for (unsigned f = 0; f < 2; f++) {
      struct ff_material *m = &st->material[f];
      set4(m->ambient, 0.2f, 0.2f, 0.2f, 1);
      set4(m->diffuse, 0.8f, 0.8f, 0.8f, 1);
      set4(m->specular, 0, 0, 0, 1);
      set4(m->emission, 0, 0, 0, 1);
   }
   set4(st->light_model_ambient, 0.2f, 0.2f, 0.2f, 1);
   st->color_material_mode = FF_CM_AMBIENT_AND_DIFFUSE;
   st->color_material_face = FF_FACE_FRONT_AND_BACK;

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      struct ff_texunit *t = &st->unit[u];
      t->target = FF_TEX_2D;
      t->base_format = FF_BASE_RGBA;
      t->object_plane[0][0] = t->eye_plane[0][0] = 1.0f;
      t->object_plane[1][1] = t->eye_plane[1][1] = 1.0f;
      identity(t->matrix);
      t->env_mode = FF_ENV_MODULATE;
      t->combine_rgb = t->combine_alpha = FF_COMBINE_MODULATE;
      t->src_rgb[0] = t->src_alpha[0] = FF_SRC_TEXTURE;
      t->src_rgb[1] = t->src_alpha[1] = FF_SRC_PREVIOUS;
      t->src_rgb[2] = t->src_alpha[2] = FF_SRC_CONSTANT;
      t->operand_rgb[0] = t->operand_rgb[1] = FF_OP_SRC_COLOR;
      t->operand_rgb[2] = FF_OP_SRC_ALPHA;
      for (unsigned i = 0; i < 3; i++)
         t->operand_alpha[i] = FF_OP_SRC_ALPHA;
      t->src_rgb[3] = t->src_alpha[3] = FF_SRC_ZERO;
      t->operand_rgb[3] = FF_OP_ONE_MINUS_SRC_COLOR;
      t->operand_alpha[3] = FF_OP_ONE_MINUS_SRC_ALPHA;
      t->rgb_scale = t->alpha_scale = 1.0f;
   }

   st->fog_mode = FF_FOG_EXP;
   st->fog_source = FF_FOG_SRC_FRAGMENT_DEPTH;
   st->fog_density = 1.0f;
   st->fog_end = 1.0f;

   st->point_size = 1.0f;
   st->point_size_max = 8192.0f;
   st->point_fade_threshold = 1.0f;
   st->point_distance_attenuation[0] = 1.0f;
}

/* ------------------------------------------------------------------ */
/* Keys                                                                */
/* ------------------------------------------------------------------ */

static bool
fs_color_sum(const struct ff_state *st)
{
   return st->color_sum || (st->lighting && st->separate_specular);
}

static bool
texgen_needs_normal(enum ff_texgen_mode m)
{
   return m == FF_TEXGEN_SPHERE_MAP || m == FF_TEXGEN_REFLECTION_MAP ||
          m == FF_TEXGEN_NORMAL_MAP;
}

/* A mode GL allows for coordinate c (0..3 = s, t, r, q); others read as off
 * (GL refuses them at the API). */
static enum ff_texgen_mode
texgen_mode(enum ff_texgen_mode m, unsigned c)
{
   if (m > FF_TEXGEN_NORMAL_MAP)
      return FF_TEXGEN_OFF;
   if (m == FF_TEXGEN_SPHERE_MAP && c >= 2)
      return FF_TEXGEN_OFF;
   if ((m == FF_TEXGEN_REFLECTION_MAP || m == FF_TEXGEN_NORMAL_MAP) && c == 3)
      return FF_TEXGEN_OFF;
   return m;
}

void
ff_vs_key_from_state(const struct ff_state *st, struct ff_vs_key *key)
{
   bool need_normal = false;

   memset(key, 0, sizeof *key);
   key->unclamped_color = st->unclamped_vertex_color;

   if (st->lighting) {
      key->lighting = 1;
      need_normal = true;
      key->two_side = st->light_model_two_side;
      key->local_viewer = st->light_model_local_viewer;
      key->separate_specular = st->separate_specular;
      if (st->color_material && (st->color_material_face & FF_FACE_FRONT_AND_BACK)) {
         key->color_material = 1;
         key->color_material_mode = (uint8_t)st->color_material_mode;
         key->color_material_face = (uint8_t)(st->color_material_face & FF_FACE_FRONT_AND_BACK);
      }
      for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
         const struct ff_light *l = &st->light[i];
         struct ff_vs_light_key *lk = &key->light[i];
         if (!l->enabled)
            continue;
         lk->enabled = 1;
         lk->positional = l->position[3] != 0.0f;
         lk->spot = l->spot_cutoff != 180.0f;
         lk->attenuation = lk->positional &&
                           (l->constant_attenuation != 1.0f || l->linear_attenuation != 0.0f ||
                            l->quadratic_attenuation != 0.0f);
      }
   }

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct ff_texunit *t = &st->unit[u];
      struct ff_vs_unit_key *uk = &key->unit[u];
      if (!t->enabled)
         continue;
      uk->output = 1;
      uk->texmat = !is_identity(t->matrix);
      for (unsigned c = 0; c < 4; c++) {
         uk->texgen[c] = (uint8_t)texgen_mode(t->texgen[c], c);
         if (texgen_needs_normal((enum ff_texgen_mode)uk->texgen[c]))
            need_normal = true;
      }
   }

   if (need_normal) {
      key->normalize = st->normalize;
      key->rescale = st->rescale_normal && !st->normalize;
   }

   key->out_color1 = fs_color_sum(st);
   if (st->fog) {
      key->out_fog = 1;
      key->fog_source = (uint8_t)st->fog_source;
      if (st->fog_source == FF_FOG_SRC_FRAGMENT_DEPTH)
         key->fog_distance = (uint8_t)st->fog_distance;
   }
   key->point_attenuation = st->point_distance_attenuation[0] != 1.0f ||
                            st->point_distance_attenuation[1] != 0.0f ||
                            st->point_distance_attenuation[2] != 0.0f;
   key->point_size_input = st->point_size_array;
   key->clip_plane_mask = (uint8_t)(st->clip_plane_enable & ((1u << FF_MAX_CLIP_PLANES) - 1));
}

static unsigned
combine_num_args(enum ff_combine_func f)
{
   switch (f) {
   case FF_COMBINE_REPLACE:
      return 1;
   case FF_COMBINE_INTERPOLATE:
      return 3;
   case FF_COMBINE_ADD4:
   case FF_COMBINE_ADD_SIGNED4:
      return 4;
   default:
      return 2;
   }
}

/* The key function of a combine function under env mode m. */
static enum ff_combine_func
combine4_func(enum ff_combine_func f, enum ff_texenv_mode m)
{
   if (m == FF_ENV_COMBINE4 && f == FF_COMBINE_ADD)
      return FF_COMBINE_ADD4;
   if (m == FF_ENV_COMBINE4 && f == FF_COMBINE_ADD_SIGNED)
      return FF_COMBINE_ADD_SIGNED4;
   return f;
}

static uint8_t
scale_shift(float s)
{
   return s >= 4.0f ? 2 : s >= 2.0f ? 1 : 0;
}

static uint8_t
combine_src(enum ff_combine_src s, unsigned unit)
{
   if (s == FF_SRC_TEXTURE0 + unit)
      return FF_SRC_TEXTURE;
   if (s >= FF_NUM_COMBINE_SRCS)
      return FF_SRC_PREVIOUS;
   return (uint8_t)s;
}

void
ff_fs_key_from_state(const struct ff_state *st, struct ff_fs_key *key)
{
   memset(key, 0, sizeof *key);

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct ff_texunit *t = &st->unit[u];
      struct ff_fs_unit_key *uk = &key->unit[u];
      if (!t->enabled)
         continue;
      uk->enabled = 1;
      uk->target = (uint8_t)t->target;
      uk->mode = (uint8_t)t->env_mode;
      if (t->shadow && (t->target == FF_TEX_1D || t->target == FF_TEX_2D ||
                        t->target == FF_TEX_RECT)) {
         uk->shadow = 1;
         /* the depth texture mode always matters: it builds the texel */
         uk->base_format = (uint8_t)(t->base_format == FF_BASE_INTENSITY ? FF_BASE_INTENSITY
                                     : t->base_format == FF_BASE_ALPHA ? FF_BASE_ALPHA
                                     : t->base_format == FF_BASE_RGB ? FF_BASE_RGB   /* GL_RED */
                                     : FF_BASE_LUMINANCE);
      }
      if (t->env_mode != FF_ENV_COMBINE && t->env_mode != FF_ENV_COMBINE4) {
         if (!uk->shadow)
            uk->base_format = (uint8_t)t->base_format;
         continue;
      }
      /* COMBINE reads the expanded texel: the base format does not matter.
       * COMBINE4_NV is COMBINE whose ADD and ADD_SIGNED take four arguments
       * (a0 a1 + a2 a3); its other functions behave as under COMBINE. */
      enum ff_combine_func frgb = combine4_func(t->combine_rgb, t->env_mode);
      enum ff_combine_func falpha = combine4_func(t->combine_alpha, t->env_mode);
      uk->mode = FF_ENV_COMBINE;
      uk->combine_rgb = (uint8_t)frgb;
      uk->rgb_shift = scale_shift(t->rgb_scale);
      uk->alpha_shift = scale_shift(t->alpha_scale);
      for (unsigned i = 0; i < combine_num_args(frgb); i++) {
         uk->src_rgb[i] = combine_src(t->src_rgb[i], u);
         uk->operand_rgb[i] = (uint8_t)(t->operand_rgb[i] & 3);
      }
      if (frgb == FF_COMBINE_DOT3_RGBA)
         continue;            /* the alpha function is ignored */
      uk->combine_alpha = (uint8_t)falpha;
      if (falpha == FF_COMBINE_DOT3_RGB || falpha == FF_COMBINE_DOT3_RGBA)
         uk->combine_alpha = FF_COMBINE_REPLACE;   /* not an alpha function */
      for (unsigned i = 0; i < combine_num_args((enum ff_combine_func)uk->combine_alpha); i++) {
         uk->src_alpha[i] = combine_src(t->src_alpha[i], u);
         /* alpha operands are SRC_ALPHA or ONE_MINUS_SRC_ALPHA */
         uk->operand_alpha[i] = (t->operand_alpha[i] == FF_OP_ONE_MINUS_SRC_ALPHA ||
                                 t->operand_alpha[i] == FF_OP_ONE_MINUS_SRC_COLOR)
                                   ? FF_OP_ONE_MINUS_SRC_ALPHA : FF_OP_SRC_ALPHA;
      }
   }

   key->color_sum = fs_color_sum(st);
   if (st->fog)
      key->fog = (uint8_t)(st->fog_mode + 1);
   key->unclamped = st->unclamped_fragment_color;
}

/* ------------------------------------------------------------------ */
/* Constants                                                           */
/* ------------------------------------------------------------------ */

/* column-major: element (row r, column c) is m[c * 4 + r] */
static void
mat4_mul(float out[16], const float a[16], const float b[16])
{
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++) {
         float s = 0.0f;
         for (unsigned k = 0; k < 4; k++)
            s += a[k * 4 + r] * b[c * 4 + k];
         out[c * 4 + r] = s;
      }
   }
}

/* Inverse of the upper-left 3x3 of a column-major 4x4, as inv[row][col];
 * a singular matrix gives zeros. */
static void
mat3_inverse(const float m[16], float inv[3][3])
{
#define M(r, c) m[(c) * 4 + (r)]
   float c00 = M(1, 1) * M(2, 2) - M(1, 2) * M(2, 1);
   float c01 = M(1, 2) * M(2, 0) - M(1, 0) * M(2, 2);
   float c02 = M(1, 0) * M(2, 1) - M(1, 1) * M(2, 0);
   float det = M(0, 0) * c00 + M(0, 1) * c01 + M(0, 2) * c02;
   if (det == 0.0f) {
      memset(inv, 0, 9 * sizeof(float));
      return;
   }
   float id = 1.0f / det;
   inv[0][0] = c00 * id;
   inv[1][0] = c01 * id;
   inv[2][0] = c02 * id;
   inv[0][1] = (M(0, 2) * M(2, 1) - M(0, 1) * M(2, 2)) * id;
   inv[1][1] = (M(0, 0) * M(2, 2) - M(0, 2) * M(2, 0)) * id;
   inv[2][1] = (M(0, 1) * M(2, 0) - M(0, 0) * M(2, 1)) * id;
   inv[0][2] = (M(0, 1) * M(1, 2) - M(0, 2) * M(1, 1)) * id;
   inv[1][2] = (M(0, 2) * M(1, 0) - M(0, 0) * M(1, 2)) * id;
   inv[2][2] = (M(0, 0) * M(1, 1) - M(0, 1) * M(1, 0)) * id;
#undef M
}

static void
normalize3(float *out, const float *v)
{
   float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
   float s = len > 0.0f ? 1.0f / len : 0.0f;
   out[0] = v[0] * s;
   out[1] = v[1] * s;
   out[2] = v[2] * s;
}

void
ff_constants_fill(const struct ff_state *st, void *buffer)
{
   float (*cb)[4] = buffer;
   float tmp[16], inv[3][3];

   memset(buffer, 0, FF_CONSTANTS_SIZE);

   mat4_mul(tmp, st->projection, st->modelview);
   memcpy(cb[FF_CB_MVP], tmp, sizeof tmp);
   memcpy(cb[FF_CB_MODELVIEW], st->modelview, sizeof tmp);

   /* normals transform by the inverse transpose: column c of the normal
    * matrix is row c of the inverse */
   mat3_inverse(st->modelview, inv);
   for (unsigned c = 0; c < 3; c++) {
      for (unsigned r = 0; r < 3; r++)
         cb[FF_CB_NORMAL_MATRIX + c][r] = inv[c][r];
   }
   {
      float l2 = inv[2][0] * inv[2][0] + inv[2][1] * inv[2][1] + inv[2][2] * inv[2][2];
      cb[FF_CB_NORMAL_SCALE][0] = l2 > 0.0f ? 1.0f / sqrtf(l2) : 1.0f;
   }

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct ff_texunit *t = &st->unit[u];
      memcpy(cb[FF_CB_TEXMAT0 + 4 * u], t->matrix, 16 * sizeof(float));
      for (unsigned c = 0; c < 4; c++) {
         memcpy(cb[FF_CB_TEXGEN0 + 8 * u + c], t->object_plane[c], 4 * sizeof(float));
         memcpy(cb[FF_CB_TEXGEN0 + 8 * u + 4 + c], t->eye_plane[c], 4 * sizeof(float));
      }
      memcpy(cb[FF_CB_TEXENV_COLOR0 + u], t->env_color, 4 * sizeof(float));
   }

   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      const struct ff_light *l = &st->light[i];
      float (*lc)[4] = &cb[FF_CB_LIGHT0 + FF_CB_LIGHT_SIZE * i];
      float half[3];
      memcpy(lc[FF_CB_LIGHT_AMBIENT], l->ambient, 4 * sizeof(float));
      memcpy(lc[FF_CB_LIGHT_DIFFUSE], l->diffuse, 4 * sizeof(float));
      memcpy(lc[FF_CB_LIGHT_SPECULAR], l->specular, 4 * sizeof(float));
      memcpy(lc[FF_CB_LIGHT_POSITION], l->position, 4 * sizeof(float));
      if (l->position[3] != 0.0f && l->position[3] != 1.0f) {
         for (unsigned c = 0; c < 4; c++)
            lc[FF_CB_LIGHT_POSITION][c] = l->position[c] / l->position[3];
      }
      normalize3(lc[FF_CB_LIGHT_SPOT], l->spot_direction);
      lc[FF_CB_LIGHT_SPOT][3] = cosf(l->spot_cutoff * (float)(M_PI / 180.0));
      set4(lc[FF_CB_LIGHT_ATTEN], l->constant_attenuation, l->linear_attenuation,
           l->quadratic_attenuation, l->spot_exponent);
      normalize3(lc[FF_CB_LIGHT_DIR], l->position);
      half[0] = lc[FF_CB_LIGHT_DIR][0];
      half[1] = lc[FF_CB_LIGHT_DIR][1];
      half[2] = lc[FF_CB_LIGHT_DIR][2] + 1.0f;
      normalize3(lc[FF_CB_LIGHT_HALF], half);
   }

   for (unsigned f = 0; f < 2; f++) {
      const struct ff_material *m = &st->material[f];
      float (*mc)[4] = &cb[FF_CB_MATERIAL0 + FF_CB_MATERIAL_SIZE * f];
      memcpy(mc[FF_CB_MAT_EMISSION], m->emission, 4 * sizeof(float));
      memcpy(mc[FF_CB_MAT_AMBIENT], m->ambient, 4 * sizeof(float));
      memcpy(mc[FF_CB_MAT_DIFFUSE], m->diffuse, 4 * sizeof(float));
      memcpy(mc[FF_CB_MAT_SPECULAR], m->specular, 4 * sizeof(float));
      mc[FF_CB_MAT_SHININESS][0] = m->shininess;
   }
   memcpy(cb[FF_CB_LIGHT_MODEL_AMBIENT], st->light_model_ambient, 4 * sizeof(float));

   set4(cb[FF_CB_FOG_PARAMS], st->fog_density, st->fog_start, st->fog_end,
        st->fog_end != st->fog_start ? 1.0f / (st->fog_end - st->fog_start) : 0.0f);
   memcpy(cb[FF_CB_FOG_COLOR], st->fog_color, 4 * sizeof(float));

   for (unsigned p = 0; p < FF_MAX_CLIP_PLANES; p++)
      memcpy(cb[FF_CB_CLIP_PLANE0 + p], st->clip_plane[p], 4 * sizeof(float));

   set4(cb[FF_CB_POINT], st->point_size, st->point_size_min, st->point_size_max,
        st->point_fade_threshold);
   set4(cb[FF_CB_POINT_ATTEN], st->point_distance_attenuation[0],
        st->point_distance_attenuation[1], st->point_distance_attenuation[2], 0.0f);
}
