/*
 * Fixed-function vertex processing as a generated IR vertex shader:
 * transformation, normals, lighting (GL 2.1 section 2.14.1), texture
 * coordinate generation (2.11.4) and texture matrices, fog coordinate,
 * point size attenuation, user clip distances.
 */
#include "ff_gen.h"

#include <stdio.h>

struct ff_vs {
   struct ff_gen g;
   const struct ff_vs_key *key;
   struct ir_var *in_pos, *in_normal, *in_color0, *in_color1, *in_fog, *in_psize;
   struct ir_var *in_tex[FF_MAX_TEXTURE_UNITS];
   struct ir_instr *pos;          /* object-space position, vec4 */
   struct ir_instr *eye;          /* eye-space position, vec4 (when needed) */
   struct ir_instr *eye3;         /* eye.xyz / eye.w (lighting) */
   struct ir_instr *normal;       /* eye-space normal, vec3 (when needed) */
   struct ir_instr *color0;       /* vertex colour, vec4 (loaded on first use) */
};

/* GL 2.1 section 2.14.6: colours clamped to [0, 1] after lighting, unless
 * ARB_color_buffer_float's vertex colour clamping is off */
static struct ir_instr *
color_sat(struct ff_vs *vs, struct ir_instr *v)
{
   return vs->key->unclamped_color ? v : ff_sat(&vs->g, v);
}

/* m (column slots base .. base+3) * v */
static struct ir_instr *
mat4_mul_vec(struct ff_gen *g, unsigned base, struct ir_instr *v)
{
   struct ir_instr *r = ir_build_fmul(&g->b, ff_cb(g, base), ff_splat(g, ff_chan(g, v, 0), 4));
   for (unsigned c = 1; c < 4; c++) {
      struct ir_instr *t = ir_build_fmul(&g->b, ff_cb(g, base + c),
                                         ff_splat(g, ff_chan(g, v, c), 4));
      r = ir_build_fadd(&g->b, r, t);
   }
   return r;
}

static struct ir_instr *
color0(struct ff_vs *vs)
{
   if (!vs->color0) {
      vs->in_color0 = ff_gen_input(&vs->g, "color0", 4, IR_SEM_GENERIC, FF_ATTRIB_COLOR0);
      vs->color0 = ir_build_load_var(&vs->g.b, vs->in_color0, NULL, 0);
   }
   return vs->color0;
}

static void
emit_normal(struct ff_vs *vs)
{
   struct ff_gen *g = &vs->g;
   vs->in_normal = ff_gen_input(g, "normal", 3, IR_SEM_GENERIC, FF_ATTRIB_NORMAL);
   struct ir_instr *n = ir_build_load_var(&g->b, vs->in_normal, NULL, 0);
   struct ir_instr *r = NULL;
   for (unsigned c = 0; c < 3; c++) {
      struct ir_instr *col = ff_swz(g, ff_cb(g, FF_CB_NORMAL_MATRIX + c), "xyz");
      struct ir_instr *t = ir_build_fmul(&g->b, col, ff_splat(g, ff_chan(g, n, c), 3));
      r = r ? ir_build_fadd(&g->b, r, t) : t;
   }
   if (vs->key->rescale) {
      struct ir_instr *f = ff_swz(g, ff_cb(g, FF_CB_NORMAL_SCALE), "xxx");
      r = ir_build_fmul(&g->b, r, f);
   }
   if (vs->key->normalize)
      r = ir_build_fnormalize(&g->b, r);
   vs->normal = r;
}

/* Material property `which` (FF_CB_MAT_*) of a face, or the vertex colour
 * when colour material tracks it. */
static struct ir_instr *
material(struct ff_vs *vs, unsigned face, unsigned which)
{
   const struct ff_vs_key *k = vs->key;
   if (k->color_material && (k->color_material_face & (1u << face))) {
      bool tracked = false;
      switch (k->color_material_mode) {
      case FF_CM_EMISSION: tracked = which == FF_CB_MAT_EMISSION; break;
      case FF_CM_AMBIENT: tracked = which == FF_CB_MAT_AMBIENT; break;
      case FF_CM_DIFFUSE: tracked = which == FF_CB_MAT_DIFFUSE; break;
      case FF_CM_SPECULAR: tracked = which == FF_CB_MAT_SPECULAR; break;
      case FF_CM_AMBIENT_AND_DIFFUSE:
         tracked = which == FF_CB_MAT_AMBIENT || which == FF_CB_MAT_DIFFUSE;
         break;
      default: break;
      }
      if (tracked)
         return color0(vs);
   }
   return ff_cb(&vs->g, FF_CB_MATERIAL0 + FF_CB_MATERIAL_SIZE * face + which);
}

/* Lights one face: writes the primary colour and the specular sum (for
 * the secondary colour). */
static void
emit_lighting_face(struct ff_vs *vs, unsigned face, struct ir_instr **out_primary,
                   struct ir_instr **out_secondary)
{
   struct ff_gen *g = &vs->g;
   struct ir_builder *b = &g->b;
   const struct ff_vs_key *k = vs->key;
   struct ir_instr *n = face ? ir_build_fneg(b, vs->normal) : vs->normal;

   struct ir_instr *m_emission = ff_swz(g, material(vs, face, FF_CB_MAT_EMISSION), "xyz");
   struct ir_instr *m_ambient = ff_swz(g, material(vs, face, FF_CB_MAT_AMBIENT), "xyz");
   struct ir_instr *m_diffuse4 = material(vs, face, FF_CB_MAT_DIFFUSE);
   struct ir_instr *m_diffuse = ff_swz(g, m_diffuse4, "xyz");
   struct ir_instr *m_specular = ff_swz(g, material(vs, face, FF_CB_MAT_SPECULAR), "xyz");
   struct ir_instr *shininess =
      ff_chan(g, ff_cb(g, FF_CB_MATERIAL0 + FF_CB_MATERIAL_SIZE * face + FF_CB_MAT_SHININESS), 0);

   /* e_cm + a_cm * a_cs */
   struct ir_instr *color =
      ir_build_fadd(b, m_emission,
                    ir_build_fmul(b, m_ambient,
                                  ff_swz(g, ff_cb(g, FF_CB_LIGHT_MODEL_AMBIENT), "xyz")));
   struct ir_instr *spec_sum = NULL;
   struct ir_instr *to_eye = NULL;   /* local viewer: normalize(-V) */

   for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
      const struct ff_vs_light_key *lk = &k->light[i];
      unsigned base = FF_CB_LIGHT0 + FF_CB_LIGHT_SIZE * i;
      struct ir_instr *vp, *att = NULL;
      if (!lk->enabled)
         continue;

      if (lk->positional) {
         struct ir_instr *d = ir_build_fsub(b, ff_swz(g, ff_cb(g, base + FF_CB_LIGHT_POSITION), "xyz"),
                                            vs->eye3);
         vp = ir_build_fnormalize(b, d);
         if (lk->attenuation) {
            struct ir_instr *kk = ff_cb(g, base + FF_CB_LIGHT_ATTEN);
            struct ir_instr *dist = ir_build_flength(b, d);
            /* k0 + k1 d + k2 d^2 */
            struct ir_instr *den =
               ir_build_fadd(b, ff_chan(g, kk, 0),
                             ir_build_fmul(b, dist,
                                           ir_build_fadd(b, ff_chan(g, kk, 1),
                                                         ir_build_fmul(b, ff_chan(g, kk, 2), dist))));
            att = ir_build_frcp(b, den);
         }
      } else {
         vp = ff_swz(g, ff_cb(g, base + FF_CB_LIGHT_DIR), "xyz");
      }

      if (lk->spot) {
         struct ir_instr *spot = ff_cb(g, base + FF_CB_LIGHT_SPOT);
         /* P_pli V . s_dli, the direction from the light to the vertex */
         struct ir_instr *cosang = ir_build_fdot(b, ir_build_fneg(b, vp), ff_swz(g, spot, "xyz"));
         struct ir_instr *exponent = ff_chan(g, ff_cb(g, base + FF_CB_LIGHT_ATTEN), 3);
         struct ir_instr *sf = ir_build_fpow(b, ir_build_fmax(b, cosang, ff_fimm(g, 0.0f)), exponent);
         struct ir_instr *inside = ir_build_fge(b, cosang, ff_chan(g, spot, 3));
         sf = ir_build_select(b, inside, sf, ff_fimm(g, 0.0f));
         att = att ? ir_build_fmul(b, att, sf) : sf;
      }

      struct ir_instr *ndotl = ir_build_fmax(b, ir_build_fdot(b, n, vp), ff_fimm(g, 0.0f));
      struct ir_instr *term =
         ir_build_fmul(b, m_ambient, ff_swz(g, ff_cb(g, base + FF_CB_LIGHT_AMBIENT), "xyz"));
      struct ir_instr *diff =
         ir_build_fmul(b, ir_build_fmul(b, m_diffuse, ff_swz(g, ff_cb(g, base + FF_CB_LIGHT_DIFFUSE), "xyz")),
                       ff_splat(g, ndotl, 3));
      term = ir_build_fadd(b, term, diff);

      /* specular: f_i (n . h)^s_rm s_cm s_cli */
      struct ir_instr *h;
      if (k->local_viewer) {
         if (!to_eye)
            to_eye = ir_build_fnormalize(b, ir_build_fneg(b, vs->eye3));
         h = ir_build_fnormalize(b, ir_build_fadd(b, vp, to_eye));
      } else if (lk->positional) {
         float zaxis[3] = { 0.0f, 0.0f, 1.0f };
         h = ir_build_fnormalize(b, ir_build_fadd(b, vp, ir_build_imm_vec(b, 3, zaxis)));
      } else {
         h = ff_swz(g, ff_cb(g, base + FF_CB_LIGHT_HALF), "xyz");
      }
      struct ir_instr *ndoth = ir_build_fmax(b, ir_build_fdot(b, n, h), ff_fimm(g, 0.0f));
      struct ir_instr *sp = ir_build_fpow(b, ndoth, shininess);
      sp = ir_build_select(b, ir_build_fgt(b, ndotl, ff_fimm(g, 0.0f)), sp, ff_fimm(g, 0.0f));
      struct ir_instr *spec =
         ir_build_fmul(b, ir_build_fmul(b, m_specular, ff_swz(g, ff_cb(g, base + FF_CB_LIGHT_SPECULAR), "xyz")),
                       ff_splat(g, sp, 3));
      if (k->separate_specular) {
         if (att)
            spec = ir_build_fmul(b, spec, ff_splat(g, att, 3));
         spec_sum = spec_sum ? ir_build_fadd(b, spec_sum, spec) : spec;
      } else {
         term = ir_build_fadd(b, term, spec);
      }
      if (att)
         term = ir_build_fmul(b, term, ff_splat(g, att, 3));
      color = ir_build_fadd(b, color, term);
   }

   *out_primary = ff_vec4(g, color_sat(vs, color), color_sat(vs, ff_chan(g, m_diffuse4, 3)));
   if (spec_sum)
      *out_secondary = ff_vec4(g, color_sat(vs, spec_sum), ff_fimm(g, 0.0f));
   else
      *out_secondary = ff_vimm(g, 4, 0.0f);
}

static void
emit_colors(struct ff_vs *vs)
{
   struct ff_gen *g = &vs->g;
   const struct ff_vs_key *k = vs->key;
   struct ir_var *o0 = ff_gen_output(g, "color0", 4, 0, IR_SEM_GENERIC, FF_VARYING_COLOR0);
   struct ir_var *o1 = k->out_color1
      ? ff_gen_output(g, "color1", 4, 0, IR_SEM_GENERIC, FF_VARYING_COLOR1) : NULL;

   if (!k->lighting) {
      /* GL 2.1 section 2.14.6: colours are clamped with or without lighting */
      ir_build_store_var(&g->b, o0, NULL, 0, color_sat(vs, color0(vs)));
      if (o1) {
         vs->in_color1 = ff_gen_input(g, "color1", 4, IR_SEM_GENERIC, FF_ATTRIB_COLOR1);
         ir_build_store_var(&g->b, o1, NULL, 0,
                            color_sat(vs, ir_build_load_var(&g->b, vs->in_color1, NULL, 0)));
      }
      return;
   }

   for (unsigned face = 0; face < (k->two_side ? 2u : 1u); face++) {
      struct ir_instr *primary, *secondary;
      emit_lighting_face(vs, face, &primary, &secondary);
      if (face == 0) {
         ir_build_store_var(&g->b, o0, NULL, 0, primary);
         if (o1)
            ir_build_store_var(&g->b, o1, NULL, 0, secondary);
      } else {
         struct ir_var *b0 = ff_gen_output(g, "bcolor0", 4, 0, IR_SEM_GENERIC, FF_VARYING_BCOLOR0);
         ir_build_store_var(&g->b, b0, NULL, 0, primary);
         if (o1) {
            struct ir_var *b1 = ff_gen_output(g, "bcolor1", 4, 0, IR_SEM_GENERIC,
                                              FF_VARYING_BCOLOR1);
            ir_build_store_var(&g->b, b1, NULL, 0, secondary);
         }
      }
   }
}

static void
emit_texcoords(struct ff_vs *vs)
{
   struct ff_gen *g = &vs->g;
   struct ir_builder *b = &g->b;
   const struct ff_vs_key *k = vs->key;

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      const struct ff_vs_unit_key *uk = &k->unit[u];
      struct ir_instr *in = NULL, *c[4];
      struct ir_instr *refl = NULL, *sphere_m = NULL;
      char name[16];
      if (!uk->output)
         continue;

      for (unsigned i = 0; i < 4; i++) {
         unsigned planes = FF_CB_TEXGEN0 + 8 * u;
         switch (uk->texgen[i]) {
         case FF_TEXGEN_OBJECT_LINEAR:
            c[i] = ir_build_fdot(b, ff_cb(g, planes + i), vs->pos);
            break;
         case FF_TEXGEN_EYE_LINEAR:
            c[i] = ir_build_fdot(b, ff_cb(g, planes + 4 + i), vs->eye);
            break;
         case FF_TEXGEN_SPHERE_MAP:
         case FF_TEXGEN_REFLECTION_MAP:
            if (!refl) {
               /* r = u - 2 n (n . u), u the unit vector to the vertex */
               struct ir_instr *uu = ir_build_fnormalize(b, ff_swz(g, vs->eye, "xyz"));
               struct ir_instr *two_ndotu =
                  ir_build_fmul(b, ff_fimm(g, 2.0f), ir_build_fdot(b, vs->normal, uu));
               refl = ir_build_fsub(b, uu, ir_build_fmul(b, vs->normal, ff_splat(g, two_ndotu, 3)));
            }
            if (uk->texgen[i] == FF_TEXGEN_REFLECTION_MAP) {
               c[i] = ff_chan(g, refl, i);
               break;
            }
            if (!sphere_m) {
               /* m = 2 sqrt(rx^2 + ry^2 + (rz + 1)^2) */
               float one_z[3] = { 0.0f, 0.0f, 1.0f };
               struct ir_instr *rz1 = ir_build_fadd(b, refl, ir_build_imm_vec(b, 3, one_z));
               sphere_m = ir_build_fmul(b, ff_fimm(g, 2.0f), ir_build_flength(b, rz1));
            }
            c[i] = ir_build_fadd(b, ir_build_fdiv(b, ff_chan(g, refl, i), sphere_m),
                                 ff_fimm(g, 0.5f));
            break;
         case FF_TEXGEN_NORMAL_MAP:
            c[i] = ff_chan(g, vs->normal, i);
            break;
         default:
            if (!in) {
               snprintf(name, sizeof name, "texcoord%u", u);
               vs->in_tex[u] = ff_gen_input(g, name, 4, IR_SEM_GENERIC, FF_ATTRIB_TEX0 + (int)u);
               in = ir_build_load_var(b, vs->in_tex[u], NULL, 0);
            }
            c[i] = ff_chan(g, in, i);
            break;
         }
      }
      struct ir_instr *tc = ir_build_vec(b, c, 4);
      if (uk->texmat)
         tc = mat4_mul_vec(g, FF_CB_TEXMAT0 + 4 * u, tc);
      snprintf(name, sizeof name, "tex%u", u);
      struct ir_var *out = ff_gen_output(g, name, 4, 0, IR_SEM_GENERIC, FF_VARYING_TEX0 + (int)u);
      ir_build_store_var(b, out, NULL, 0, tc);
   }
}

static void
emit_point_size(struct ff_vs *vs)
{
   struct ff_gen *g = &vs->g;
   struct ir_builder *b = &g->b;
   const struct ff_vs_key *k = vs->key;
   struct ir_instr *pt = ff_cb(g, FF_CB_POINT);
   struct ir_instr *size;

   if (k->point_size_input) {
      vs->in_psize = ff_gen_input(g, "psize", 1, IR_SEM_GENERIC, FF_ATTRIB_POINTSIZE);
      size = ir_build_load_var(b, vs->in_psize, NULL, 0);
   } else {
      size = ff_chan(g, pt, 0);
   }
   if (k->point_attenuation) {
      /* size * sqrt(1 / (a + b d + c d^2)), d the eye distance */
      struct ir_instr *a = ff_cb(g, FF_CB_POINT_ATTEN);
      struct ir_instr *d = ir_build_flength(b, ff_swz(g, vs->eye, "xyz"));
      struct ir_instr *den =
         ir_build_fadd(b, ff_chan(g, a, 0),
                       ir_build_fmul(b, d, ir_build_fadd(b, ff_chan(g, a, 1),
                                                         ir_build_fmul(b, ff_chan(g, a, 2), d))));
      size = ir_build_fmul(b, size, ir_build_frsq(b, den));
   }
   size = ir_build_fclamp(b, size, ff_chan(g, pt, 1), ff_chan(g, pt, 2));
   struct ir_var *out = ff_gen_output(g, "psize", 1, 0, IR_SEM_POINT_SIZE, 0);
   ir_build_store_var(b, out, NULL, 0, size);
}

struct ir_shader *
ff_vs_generate(const struct ff_vs_key *key)
{
   struct ff_vs vs = { .key = key };
   struct ff_gen *g = &vs.g;
   struct ir_builder *b;
   bool need_eye = false, need_normal = false;

   ff_gen_begin(g, IR_STAGE_VERTEX);
   b = &g->b;

   if (key->lighting) {
      need_normal = true;
      for (unsigned i = 0; i < FF_MAX_LIGHTS; i++) {
         if (key->light[i].enabled && (key->light[i].positional || key->local_viewer))
            need_eye = true;
      }
   }
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      if (!key->unit[u].output)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         switch (key->unit[u].texgen[c]) {
         case FF_TEXGEN_EYE_LINEAR:
            need_eye = true;
            break;
         case FF_TEXGEN_SPHERE_MAP:
         case FF_TEXGEN_REFLECTION_MAP:
            need_eye = need_normal = true;
            break;
         case FF_TEXGEN_NORMAL_MAP:
            need_normal = true;
            break;
         default:
            break;
         }
      }
   }
   if ((key->out_fog && key->fog_source == FF_FOG_SRC_FRAGMENT_DEPTH) || key->point_attenuation ||
       key->clip_plane_mask)
      need_eye = true;

   vs.in_pos = ff_gen_input(g, "pos", 4, IR_SEM_GENERIC, FF_ATTRIB_POS);
   vs.pos = ir_build_load_var(b, vs.in_pos, NULL, 0);
   struct ir_var *out_pos = ff_gen_output(g, "position", 4, 0, IR_SEM_POSITION, 0);
   ir_build_store_var(b, out_pos, NULL, 0, mat4_mul_vec(g, FF_CB_MVP, vs.pos));
   if (need_eye) {
      vs.eye = mat4_mul_vec(g, FF_CB_MODELVIEW, vs.pos);
      if (key->lighting) {
         /* the vertex as a point (GL's V), for light vectors */
         struct ir_instr *rw = ir_build_frcp(b, ff_chan(g, vs.eye, 3));
         vs.eye3 = ir_build_fmul(b, ff_swz(g, vs.eye, "xyz"), ff_splat(g, rw, 3));
      }
   }
   if (need_normal)
      emit_normal(&vs);

   emit_colors(&vs);
   emit_texcoords(&vs);

   if (key->out_fog) {
      struct ir_instr *f;
      if (key->fog_source == FF_FOG_SRC_COORD) {
         vs.in_fog = ff_gen_input(g, "fogcoord", 1, IR_SEM_GENERIC, FF_ATTRIB_FOG);
         f = ir_build_load_var(b, vs.in_fog, NULL, 0);
      } else if (key->fog_distance == FF_FOG_DIST_RADIAL) {
         f = ir_build_flength(b, ff_swz(g, vs.eye, "xyz"));
      } else if (key->fog_distance == FF_FOG_DIST_PLANE) {
         f = ff_chan(g, vs.eye, 2);
      } else {
         f = ir_build_fabs(b, ff_chan(g, vs.eye, 2));
      }
      struct ir_var *out = ff_gen_output(g, "fog", 1, 0, IR_SEM_GENERIC, FF_VARYING_FOG);
      ir_build_store_var(b, out, NULL, 0, f);
   }

   if (key->point_attenuation || key->point_size_input)
      emit_point_size(&vs);

   if (key->clip_plane_mask) {
      unsigned n = 0;
      for (unsigned i = 0; i < FF_MAX_CLIP_PLANES; i++) {
         if (key->clip_plane_mask & (1u << i))
            n = i + 1;
      }
      struct ir_var *out = ff_gen_output(g, "clipdist", 1, n, IR_SEM_CLIP_DISTANCE, 0);
      for (unsigned i = 0; i < n; i++) {
         struct ir_instr *d = (key->clip_plane_mask & (1u << i))
            ? ir_build_fdot(b, ff_cb(g, FF_CB_CLIP_PLANE0 + i), vs.eye)
            : ff_fimm(g, 1.0f);
         ir_build_store_var(b, out, NULL, i, d);
      }
   }

   ff_gen_finish(g);
   return g->s;
}
