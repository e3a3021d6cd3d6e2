/*
 * The GL state reference table (pony_state.h): item descriptions, names
 * and the matrix modifiers.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pony_state.h"
#include "util/u_matrix.h"

const struct pony_state_item_info pony_state_items[PONY_STATE_NUM_ITEMS] = {
   [PONY_STATE_NONE] = { "none", PONY_STATE_IDX_NONE, false, false, false },
   [PONY_STATE_MATRIX_MODELVIEW] = { "matrix.modelview", PONY_STATE_IDX_NONE, false, true, true },
   [PONY_STATE_MATRIX_PROJECTION] = { "matrix.projection", PONY_STATE_IDX_NONE, false, true, true },
   [PONY_STATE_MATRIX_MVP] = { "matrix.mvp", PONY_STATE_IDX_NONE, false, true, true },
   [PONY_STATE_MATRIX_TEXTURE] = { "matrix.texture", PONY_STATE_IDX_UNIT, false, true, true },
   [PONY_STATE_MATRIX_PROGRAM] = { "matrix.program", PONY_STATE_IDX_PROGRAM_MATRIX, false, true,
                                   true },
   [PONY_STATE_LIGHT_AMBIENT] = { "light.ambient", PONY_STATE_IDX_LIGHT, false, false, false },
   [PONY_STATE_LIGHT_DIFFUSE] = { "light.diffuse", PONY_STATE_IDX_LIGHT, false, false, false },
   [PONY_STATE_LIGHT_SPECULAR] = { "light.specular", PONY_STATE_IDX_LIGHT, false, false, false },
   [PONY_STATE_LIGHT_POSITION] = { "light.position", PONY_STATE_IDX_LIGHT, false, false, false },
   [PONY_STATE_LIGHT_ATTENUATION] = { "light.attenuation", PONY_STATE_IDX_LIGHT, false, false,
                                      false },
   [PONY_STATE_LIGHT_SPOT_DIRECTION] = { "light.spot.direction", PONY_STATE_IDX_LIGHT, false,
                                         false, false },
   [PONY_STATE_LIGHT_HALF] = { "light.half", PONY_STATE_IDX_LIGHT, false, false, false },
   [PONY_STATE_LIGHT_SPOT_PARAMS] = { "light.pony_spot_params", PONY_STATE_IDX_LIGHT, false,
                                      false, false },
   [PONY_STATE_LIGHTPROD_AMBIENT] = { "lightprod.ambient", PONY_STATE_IDX_LIGHT, true, false,
                                      false },
   [PONY_STATE_LIGHTPROD_DIFFUSE] = { "lightprod.diffuse", PONY_STATE_IDX_LIGHT, true, false,
                                      false },
   [PONY_STATE_LIGHTPROD_SPECULAR] = { "lightprod.specular", PONY_STATE_IDX_LIGHT, true, false,
                                       false },
   [PONY_STATE_MATERIAL_AMBIENT] = { "material.ambient", PONY_STATE_IDX_NONE, true, false, false },
   [PONY_STATE_MATERIAL_DIFFUSE] = { "material.diffuse", PONY_STATE_IDX_NONE, true, false, false },
   [PONY_STATE_MATERIAL_SPECULAR] = { "material.specular", PONY_STATE_IDX_NONE, true, false,
                                      false },
   [PONY_STATE_MATERIAL_EMISSION] = { "material.emission", PONY_STATE_IDX_NONE, true, false,
                                      false },
   [PONY_STATE_MATERIAL_SHININESS] = { "material.shininess", PONY_STATE_IDX_NONE, true, false,
                                       false },
   [PONY_STATE_LIGHTMODEL_AMBIENT] = { "lightmodel.ambient", PONY_STATE_IDX_NONE, false, false,
                                       false },
   [PONY_STATE_LIGHTMODEL_SCENECOLOR] = { "lightmodel.scenecolor", PONY_STATE_IDX_NONE, true,
                                          false, false },
   [PONY_STATE_FOG_COLOR] = { "fog.color", PONY_STATE_IDX_NONE, false, false, false },
   [PONY_STATE_FOG_PARAMS] = { "fog.params", PONY_STATE_IDX_NONE, false, false, false },
   [PONY_STATE_CLIP_PLANE] = { "clip.plane", PONY_STATE_IDX_CLIP, false, false, false },
   [PONY_STATE_POINT_SIZE] = { "point.size", PONY_STATE_IDX_NONE, false, false, false },
   [PONY_STATE_POINT_ATTENUATION] = { "point.attenuation", PONY_STATE_IDX_NONE, false, false,
                                      false },
   [PONY_STATE_TEXGEN_EYE] = { "texgen.eye", PONY_STATE_IDX_UNIT, false, false, true },
   [PONY_STATE_TEXGEN_OBJECT] = { "texgen.object", PONY_STATE_IDX_UNIT, false, false, true },
   [PONY_STATE_TEXENV_COLOR] = { "texenv.color", PONY_STATE_IDX_UNIT, false, false, false },
   [PONY_STATE_DEPTH_RANGE] = { "depth.range", PONY_STATE_IDX_NONE, false, false, false },
   [PONY_STATE_TEXEL_SCALE] = { "pony.texel_scale", PONY_STATE_IDX_UNIT, false, false,
                                     false },
   [PONY_STATE_TEXEL_BIAS] = { "pony.texel_bias", PONY_STATE_IDX_UNIT, false, false,
                                    false },
   [PONY_STATE_NORMAL_SCALE] = { "pony.normal_scale", PONY_STATE_IDX_NONE, false, false,
                                 false },
   [PONY_STATE_SAMPLER_TEXEL_SCALE] = { "pony.sampler_texel_scale", PONY_STATE_IDX_SAMPLER,
                                        false, false, false },
   [PONY_STATE_SAMPLER_TEXEL_BIAS] = { "pony.sampler_texel_bias", PONY_STATE_IDX_SAMPLER,
                                       false, false, false },
};

static unsigned
index_limit(enum pony_state_index_kind k)
{
   switch (k) {
   case PONY_STATE_IDX_LIGHT: return PONY_STATE_MAX_LIGHTS;
   case PONY_STATE_IDX_UNIT: return PONY_STATE_MAX_UNITS;
   case PONY_STATE_IDX_CLIP: return PONY_STATE_MAX_CLIP_PLANES;
   case PONY_STATE_IDX_PROGRAM_MATRIX: return PONY_STATE_MAX_PROGRAM_MATRICES;
   case PONY_STATE_IDX_SAMPLER: return PONY_STATE_MAX_SAMPLERS;
   default: return 1;
   }
}

bool
pony_state_ref_valid(const struct pony_state_ref *ref)
{
   if (ref->item == PONY_STATE_NONE || ref->item >= PONY_STATE_NUM_ITEMS)
      return false;
   const struct pony_state_item_info *i = &pony_state_items[ref->item];
   if (ref->index >= index_limit(i->index_kind))
      return false;
   if (ref->face > (i->has_face ? 1 : 0))
      return false;
   if (ref->modifier > (i->is_matrix ? PONY_STATE_MOD_INVTRANS : PONY_STATE_MOD_NONE))
      return false;
   return ref->row <= (i->has_row ? 3 : 0);
}

bool
pony_state_ref_equal(const struct pony_state_ref *a, const struct pony_state_ref *b)
{
   return a->item == b->item && a->index == b->index && a->face == b->face &&
          a->modifier == b->modifier && a->row == b->row;
}

int
pony_state_ref_name(const struct pony_state_ref *ref, char *buf, size_t size)
{
   static const char *const mods[] = { "", ".inverse", ".transpose", ".invtrans" };
   static const char *const coords = "strq";
   if (ref->item >= PONY_STATE_NUM_ITEMS)
      return snprintf(buf, size, "state.?");
   const struct pony_state_item_info *i = &pony_state_items[ref->item];
   const char *dot = strchr(i->name, '.');
   int head = dot ? (int)(dot - i->name) : (int)strlen(i->name);
   const char *rest = dot ? dot : "";
   const char *face = i->has_face ? (ref->face ? ".back" : ".front") : "";
   const char *mod = ref->modifier <= 3 ? mods[ref->modifier] : ".?";
   if (i->is_matrix) {
      if (i->index_kind != PONY_STATE_IDX_NONE)
         return snprintf(buf, size, "state.%s[%u]%s.row[%u]", i->name, ref->index, mod,
                         ref->row);
      return snprintf(buf, size, "state.%s%s.row[%u]", i->name, mod, ref->row);
   }
   if (ref->item == PONY_STATE_TEXGEN_EYE || ref->item == PONY_STATE_TEXGEN_OBJECT)
      return snprintf(buf, size, "state.texgen[%u]%s.%c", ref->index, rest,
                      coords[ref->row & 3]);
   if (!strncmp(i->name, "pony.", 5))   /* Pony's own rows: not ARB names */
      return snprintf(buf, size, "%s[%u]", i->name, ref->index);
   if (i->index_kind != PONY_STATE_IDX_NONE)
      return snprintf(buf, size, "state.%.*s[%u]%s%s", head, i->name, ref->index, face, rest);
   return snprintf(buf, size, "state.%.*s%s%s", head, i->name, face, rest);
}

bool
pony_state_mat4_inverse(const float m[16], float inv[16])
{
   /* singular: an exactly zero (or NaN) pivot; inv is then all zeros */
   double d[16];
   if (!u_mat4_inverse(m, d, DBL_TRUE_MIN, true)) {
      memset(inv, 0, 16 * sizeof(float));
      return false;
   }
   for (unsigned i = 0; i < 16; i++)
      inv[i] = (float)d[i];
   return true;
}

void
pony_state_matrix_row(const float m[16], enum pony_state_modifier mod, unsigned row,
                      float out[4])
{
   float inv[16];
   const float *src = m;
   row &= 3;
   if (mod == PONY_STATE_MOD_INVERSE || mod == PONY_STATE_MOD_INVTRANS) {
      pony_state_mat4_inverse(m, inv);
      src = inv;
   }
   bool transpose = mod == PONY_STATE_MOD_TRANSPOSE || mod == PONY_STATE_MOD_INVTRANS;
   for (unsigned c = 0; c < 4; c++)
      out[c] = transpose ? src[row * 4 + c] : src[c * 4 + row];
}
