/*
 * The GL state rows of pony_state.h (src/compiler/pony_state.h) read from
 * the current context.  Everything fixed function already derives for a
 * draw is reused: the ff_state update_shaders filled (eye-space lights,
 * planes, materials, texture units) and its ff_constants_fill output
 * (MVP, fog parameters, point parameters, light half vectors and spot
 * cosines), so a value is computed one way for both.  Only the matrix
 * modifiers (pony_state_matrix_row), products of two stored colours and
 * the program matrices are computed here.  GLSL's built-in uniforms are
 * meant to come through this same function.
 */
#include <string.h>

#include "ff.h"
#include "st_arbprog.h"
#include "st_context.h"
#include "st_draw.h"

static void
copy4(float out[4], const float *v)
{
   memcpy(out, v, 4 * sizeof(float));
}

static void
set4(float out[4], float x, float y, float z, float w)
{
   out[0] = x;
   out[1] = y;
   out[2] = z;
   out[3] = w;
}

static const float *
material_color(const struct ff_material *m, unsigned item)
{
   switch (item) {
   case PONY_STATE_MATERIAL_AMBIENT: case PONY_STATE_LIGHTPROD_AMBIENT: return m->ambient;
   case PONY_STATE_MATERIAL_DIFFUSE: case PONY_STATE_LIGHTPROD_DIFFUSE: return m->diffuse;
   case PONY_STATE_MATERIAL_SPECULAR: case PONY_STATE_LIGHTPROD_SPECULAR: return m->specular;
   default: return m->emission;
   }
}

void
st_program_texel_row(bool complete, int shadow_base, bool scale, float out[4])
{
   if (!complete) {
      /* no complete texture: (0, 0, 0, 1) */
      set4(out, 0.0f, 0.0f, 0.0f, !scale);
      return;
   }
   if (shadow_base < 0) {
      set4(out, scale, scale, scale, scale);
      return;
   }
   /* st_texture_validate gives a depth texture's unit its depth texture
    * mode as the base format */
   switch (shadow_base) {
   case FF_BASE_INTENSITY:
      set4(out, scale, scale, scale, scale);
      break;
   case FF_BASE_ALPHA:
      set4(out, 0.0f, 0.0f, 0.0f, scale);
      break;
   case FF_BASE_RGB:   /* DEPTH_TEXTURE_MODE GL_RED (ARB_texture_rg): (r, 0, 0, 1) */
      set4(out, scale, 0.0f, 0.0f, !scale);
      break;
   default:
      set4(out, scale, scale, scale, !scale);
      break;
   }
}

void
st_program_state_row(struct st_context *ctx, const struct ff_state *st,
                     const float (*ff)[4], const struct pony_state_ref *ref, float out[4])
{
   set4(out, 0.0f, 0.0f, 0.0f, 0.0f);
   if (!pony_state_ref_valid(ref))
      return;
   unsigned i = ref->index;
   const struct ff_material *mat = &st->material[ref->face ? 1 : 0];
   const struct ff_light *light = &st->light[i < FF_MAX_LIGHTS ? i : 0];
   const float (*lc)[4] = &ff[FF_CB_LIGHT0 + FF_CB_LIGHT_SIZE * (i < FF_MAX_LIGHTS ? i : 0)];
   const struct ff_texunit *unit = &st->unit[i < FF_MAX_TEXTURE_UNITS ? i : 0];
   float m[16];
   switch (ref->item) {
   case PONY_STATE_MATRIX_MODELVIEW:
   case PONY_STATE_MATRIX_PROJECTION:
   case PONY_STATE_MATRIX_MVP:
   case PONY_STATE_MATRIX_TEXTURE:
   case PONY_STATE_MATRIX_PROGRAM:
      if (ref->item == PONY_STATE_MATRIX_MODELVIEW)
         memcpy(m, st->modelview, sizeof m);
      else if (ref->item == PONY_STATE_MATRIX_PROJECTION)
         memcpy(m, st->projection, sizeof m);
      else if (ref->item == PONY_STATE_MATRIX_MVP)
         memcpy(m, ff[FF_CB_MVP], sizeof m);   /* four column slots */
      else if (ref->item == PONY_STATE_MATRIX_TEXTURE)
         memcpy(m, unit->matrix, sizeof m);
      else
         memcpy(m, st_arbprog_matrix(ctx, i), sizeof m);
      pony_state_matrix_row(m, (enum pony_state_modifier)ref->modifier, ref->row, out);
      return;
   case PONY_STATE_LIGHT_AMBIENT: copy4(out, light->ambient); return;
   case PONY_STATE_LIGHT_DIFFUSE: copy4(out, light->diffuse); return;
   case PONY_STATE_LIGHT_SPECULAR: copy4(out, light->specular); return;
   case PONY_STATE_LIGHT_POSITION: copy4(out, light->position); return;
   case PONY_STATE_LIGHT_ATTENUATION:
      set4(out, light->constant_attenuation, light->linear_attenuation,
           light->quadratic_attenuation, light->spot_exponent);
      return;
   case PONY_STATE_LIGHT_SPOT_DIRECTION:
      set4(out, light->spot_direction[0], light->spot_direction[1], light->spot_direction[2],
           lc[FF_CB_LIGHT_SPOT][3]);
      return;
   case PONY_STATE_LIGHT_HALF:
      set4(out, lc[FF_CB_LIGHT_HALF][0], lc[FF_CB_LIGHT_HALF][1], lc[FF_CB_LIGHT_HALF][2], 1.0f);
      return;
   case PONY_STATE_LIGHT_SPOT_PARAMS:
      set4(out, light->spot_exponent, light->spot_cutoff, lc[FF_CB_LIGHT_SPOT][3], 0.0f);
      return;
   case PONY_STATE_LIGHTPROD_AMBIENT:
   case PONY_STATE_LIGHTPROD_DIFFUSE:
   case PONY_STATE_LIGHTPROD_SPECULAR: {
      const float *lcol = ref->item == PONY_STATE_LIGHTPROD_AMBIENT ? light->ambient
                        : ref->item == PONY_STATE_LIGHTPROD_DIFFUSE ? light->diffuse
                        : light->specular;
      const float *mcol = material_color(mat, ref->item);
      for (unsigned c = 0; c < 3; c++)
         out[c] = lcol[c] * mcol[c];
      out[3] = mcol[3];   /* the material's alpha, as Mesa's and NVIDIA's drivers (piglit
                             arb_vertex_program-property-bindings) */
      return;
   }
   case PONY_STATE_MATERIAL_AMBIENT:
   case PONY_STATE_MATERIAL_DIFFUSE:
   case PONY_STATE_MATERIAL_SPECULAR:
   case PONY_STATE_MATERIAL_EMISSION:
      copy4(out, material_color(mat, ref->item));
      return;
   case PONY_STATE_MATERIAL_SHININESS: set4(out, mat->shininess, 0.0f, 0.0f, 1.0f); return;
   case PONY_STATE_LIGHTMODEL_AMBIENT: copy4(out, st->light_model_ambient); return;
   case PONY_STATE_LIGHTMODEL_SCENECOLOR:
      for (unsigned c = 0; c < 3; c++)
         out[c] = mat->emission[c] + mat->ambient[c] * st->light_model_ambient[c];
      out[3] = mat->diffuse[3];
      return;
   case PONY_STATE_FOG_COLOR: copy4(out, ff[FF_CB_FOG_COLOR]); return;
   case PONY_STATE_FOG_PARAMS:
      /* w = 1 / (end - start) as both specs define it: +-INF when start ==
       * end (GLSL's gl_Fog.scale; piglit glsl-fs-fogscale), where the
       * fixed-function constants keep 0 for their own formula */
      set4(out, st->fog_density, st->fog_start, st->fog_end,
           1.0f / (st->fog_end - st->fog_start));
      return;
   case PONY_STATE_CLIP_PLANE:
      if (i < FF_MAX_CLIP_PLANES)
         copy4(out, st->clip_plane[i]);
      return;
   case PONY_STATE_POINT_SIZE: copy4(out, ff[FF_CB_POINT]); return;
   case PONY_STATE_POINT_ATTENUATION:
      set4(out, ff[FF_CB_POINT_ATTEN][0], ff[FF_CB_POINT_ATTEN][1], ff[FF_CB_POINT_ATTEN][2],
           1.0f);
      return;
   case PONY_STATE_TEXGEN_EYE: copy4(out, unit->eye_plane[ref->row & 3]); return;
   case PONY_STATE_TEXGEN_OBJECT: copy4(out, unit->object_plane[ref->row & 3]); return;
   case PONY_STATE_TEXENV_COLOR: copy4(out, unit->env_color); return;
   case PONY_STATE_DEPTH_RANGE: {
      float n = (float)ctx->viewport.near_val, f = (float)ctx->viewport.far_val;
      set4(out, n, f, f - n, 1.0f);
      return;
   }
   case PONY_STATE_NORMAL_SCALE:
      /* fixed function's factor (ff_constants_fill), whether or not
       * GL_RESCALE_NORMAL is enabled */
      set4(out, ff[FF_CB_NORMAL_SCALE][0], 0.0f, 0.0f, 1.0f);
      return;
   case PONY_STATE_TEXEL_SCALE:
   case PONY_STATE_TEXEL_BIAS:
      st_program_texel_row(unit->enabled, unit->shadow ? (int)unit->base_format : -1,
                           ref->item == PONY_STATE_TEXEL_SCALE, out);
      return;
   default:
      return;
   }
}
