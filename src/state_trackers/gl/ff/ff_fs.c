/*
 * Fixed-function fragment processing as a generated IR fragment shader:
 * texture environments of the enabled units in order (GL 2.1 section
 * 3.8.13, tables 3.22-3.25, with ARB_texture_env_crossbar sources), colour
 * sum (3.9) and fog (3.10).  Alpha test is the pipe DSA state's job.
 */
#include "ff_gen.h"

#include <stdio.h>

struct ff_fs {
   struct ff_gen g;
   const struct ff_fs_key *key;
   struct ir_instr *primary;                         /* vec4 */
   struct ir_instr *texel[FF_MAX_TEXTURE_UNITS];     /* vec4, sampled units */
};

/* GL 2.1 clamps texture environment results and the colour sum to [0, 1];
 * ARB_color_buffer_float only while fragment colour clamping is on */
static struct ir_instr *
color_sat(struct ff_fs *fs, struct ir_instr *v)
{
   return fs->key->unclamped ? v : ff_sat(&fs->g, v);
}

static enum ir_tex_target
ir_target(unsigned t)
{
   switch (t) {
   case FF_TEX_1D: return IR_TEX_1D;
   case FF_TEX_3D: return IR_TEX_3D;
   case FF_TEX_CUBE: return IR_TEX_CUBE;
   case FF_TEX_RECT: return IR_TEX_RECT;
   default: return IR_TEX_2D;
   }
}

static void
emit_sample(struct ff_fs *fs, unsigned u)
{
   struct ff_gen *g = &fs->g;
   struct ir_builder *b = &g->b;
   const struct ff_fs_unit_key *uk = &fs->key->unit[u];
   char name[16];

   snprintf(name, sizeof name, "tex%u", u);
   struct ir_var *in = ff_gen_input(g, name, 4, IR_SEM_GENERIC, FF_VARYING_TEX0 + (int)u);
   snprintf(name, sizeof name, "sampler%u", u);
   struct ir_var *smp = ir_var_create(g->s, IR_VAR_SAMPLER, ir_type_make(IR_FLOAT, 4), 0, name);
   smp->target = ir_target(uk->target);
   smp->binding = u;
   smp->shadow = uk->shadow;

   struct ir_instr *tc = ir_build_load_var(b, in, NULL, 0);
   static const char *const coords[] = { "x", "xy", "xyz" };
   unsigned n = ir_tex_target_coords(smp->target);
   enum ir_tex_src kinds[3] = { IR_TEX_SRC_COORD, IR_TEX_SRC_PROJ, IR_TEX_SRC_COMPARE };
   struct ir_instr *srcs[3] = { ff_swz(g, tc, coords[n - 1]), NULL, NULL };
   unsigned nsrc = 1;
   if (smp->target != IR_TEX_CUBE) {
      /* (s/q, t/q, r/q) */
      srcs[1] = ff_chan(g, tc, 3);
      nsrc = 2;
   }
   if (!uk->shadow) {
      fs->texel[u] = ir_build_tex(b, IR_OP_tex, ir_type_make(IR_FLOAT, 4), smp, kinds, srcs, nsrc);
      return;
   }
   /* depth comparison against r/q; the result expands by the depth
    * texture mode */
   srcs[2] = ff_chan(g, tc, 2);
   nsrc = 3;
   struct ir_instr *r = ir_build_tex(b, IR_OP_tex, ir_type_make(IR_FLOAT, 1), smp, kinds, srcs, nsrc);
   switch (uk->base_format) {
   case FF_BASE_INTENSITY:
      fs->texel[u] = ff_splat(g, r, 4);
      break;
   case FF_BASE_ALPHA:
      fs->texel[u] = ff_vec4(g, ff_vimm(g, 3, 0.0f), r);
      break;
   case FF_BASE_RGB: {   /* DEPTH_TEXTURE_MODE GL_RED: (r, 0, 0, 1) */
      struct ir_instr *c[4] = { r, ff_fimm(g, 0.0f), ff_fimm(g, 0.0f), ff_fimm(g, 1.0f) };
      fs->texel[u] = ir_build_vec(b, c, 4);
      break;
   }
   default:
      fs->texel[u] = ff_vec4(g, ff_splat(g, r, 3), ff_fimm(g, 1.0f));
      break;
   }
}

static struct ir_instr *
one_minus(struct ff_gen *g, struct ir_instr *v)
{
   return ir_build_fsub(&g->b, ff_vimm(g, v->type.comps, 1.0f), v);
}

/* The conventional environments (REPLACE ... ADD), by base format. */
static struct ir_instr *
emit_env_simple(struct ff_fs *fs, unsigned u, struct ir_instr *prev)
{
   struct ff_gen *g = &fs->g;
   struct ir_builder *b = &g->b;
   const struct ff_fs_unit_key *uk = &fs->key->unit[u];
   struct ir_instr *cp = ff_swz(g, prev, "xyz"), *ap = ff_chan(g, prev, 3);
   struct ir_instr *cs = ff_swz(g, fs->texel[u], "xyz"), *as = ff_chan(g, fs->texel[u], 3);
   struct ir_instr *cv = cp, *av = ap;
   enum ff_base_format fmt = (enum ff_base_format)uk->base_format;
   bool has_color = fmt != FF_BASE_ALPHA;
   bool has_alpha = fmt == FF_BASE_ALPHA || fmt == FF_BASE_LUMINANCE_ALPHA ||
                    fmt == FF_BASE_INTENSITY || fmt == FF_BASE_RGBA;

   switch (uk->mode) {
   case FF_ENV_REPLACE:
      if (has_color)
         cv = cs;
      if (has_alpha)
         av = as;
      break;
   case FF_ENV_MODULATE:
      if (has_color)
         cv = ir_build_fmul(b, cp, cs);
      if (has_alpha)
         av = ir_build_fmul(b, ap, as);
      break;
   case FF_ENV_DECAL:
      /* defined for RGB and RGBA only (other formats: undefined, we pass
       * the previous colour through) */
      if (fmt == FF_BASE_RGB)
         cv = cs;
      else if (fmt == FF_BASE_RGBA)
         cv = ir_build_fmix(b, cp, cs, ff_splat(g, as, 3));
      break;
   case FF_ENV_BLEND: {
      struct ir_instr *cc = ff_cb(g, FF_CB_TEXENV_COLOR0 + u);
      if (has_color)
         cv = ir_build_fmix(b, cp, ff_swz(g, cc, "xyz"), cs);
      if (fmt == FF_BASE_INTENSITY)
         av = ir_build_fmix(b, ap, ff_chan(g, cc, 3), as);
      else if (has_alpha)
         av = ir_build_fmul(b, ap, as);
      break;
   }
   case FF_ENV_ADD:
      if (has_color)
         cv = color_sat(fs, ir_build_fadd(b, cp, cs));
      if (fmt == FF_BASE_INTENSITY)
         av = color_sat(fs, ir_build_fadd(b, ap, as));
      else if (has_alpha)
         av = ir_build_fmul(b, ap, as);
      break;
   default:
      break;
   }
   return ff_vec4(g, cv, av);
}

static struct ir_instr *
combine_source(struct ff_fs *fs, unsigned u, unsigned src, struct ir_instr *prev)
{
   struct ff_gen *g = &fs->g;
   switch (src) {
   case FF_SRC_TEXTURE:
      return fs->texel[u];
   case FF_SRC_CONSTANT:
      return ff_cb(g, FF_CB_TEXENV_COLOR0 + u);
   case FF_SRC_PRIMARY_COLOR:
      return fs->primary;
   case FF_SRC_PREVIOUS:
      return prev;
   case FF_SRC_ZERO:
      return ff_vimm(g, 4, 0.0f);
   default: {
      unsigned n = src - FF_SRC_TEXTURE0;
      if (n < FF_MAX_TEXTURE_UNITS && fs->texel[n])
         return fs->texel[n];
      /* a crossbar reference to a disabled unit is undefined in GL */
      return ff_vimm(g, 4, 1.0f);
   }
   }
}

static struct ir_instr *
combine_arg(struct ff_fs *fs, unsigned u, unsigned src, unsigned operand, bool alpha,
            struct ir_instr *prev)
{
   struct ff_gen *g = &fs->g;
   struct ir_instr *s = combine_source(fs, u, src, prev);
   struct ir_instr *v;
   if (alpha)
      v = ff_chan(g, s, 3);
   else if (operand == FF_OP_SRC_COLOR || operand == FF_OP_ONE_MINUS_SRC_COLOR)
      v = ff_swz(g, s, "xyz");
   else
      v = ff_swz(g, s, "www");
   if (operand == FF_OP_ONE_MINUS_SRC_COLOR || operand == FF_OP_ONE_MINUS_SRC_ALPHA)
      v = one_minus(g, v);
   return v;
}

static struct ir_instr *
combine_func(struct ff_fs *fs, unsigned func, struct ir_instr *const *a)
{
   struct ff_gen *g = &fs->g;
   struct ir_builder *b = &g->b;
   unsigned n = a[0]->type.comps;
   switch (func) {
   case FF_COMBINE_REPLACE:
      return a[0];
   case FF_COMBINE_MODULATE:
      return ir_build_fmul(b, a[0], a[1]);
   case FF_COMBINE_ADD:
      return ir_build_fadd(b, a[0], a[1]);
   case FF_COMBINE_ADD_SIGNED:
      return ir_build_fsub(b, ir_build_fadd(b, a[0], a[1]), ff_vimm(g, n, 0.5f));
   case FF_COMBINE_INTERPOLATE:
      /* a0 * a2 + a1 * (1 - a2) */
      return ir_build_fadd(b, ir_build_fmul(b, a[0], a[2]), ir_build_fmul(b, a[1], one_minus(g, a[2])));
   case FF_COMBINE_SUBTRACT:
      return ir_build_fsub(b, a[0], a[1]);
   case FF_COMBINE_ADD4:
   case FF_COMBINE_ADD_SIGNED4: {
      struct ir_instr *r = ir_build_fadd(b, ir_build_fmul(b, a[0], a[1]),
                                         ir_build_fmul(b, a[2], a[3]));
      if (func == FF_COMBINE_ADD_SIGNED4)
         r = ir_build_fsub(b, r, ff_vimm(g, n, 0.5f));
      return r;
   }
   default: {
      /* DOT3: 4 ((r0 - .5)(r1 - .5) + (g0 - .5)(g1 - .5) + (b0 - .5)(b1 - .5)) */
      struct ir_instr *half = ff_vimm(g, 3, 0.5f);
      struct ir_instr *d = ir_build_fdot(b, ir_build_fsub(b, a[0], half),
                                         ir_build_fsub(b, a[1], half));
      return ir_build_fmul(b, d, ff_fimm(g, 4.0f));
   }
   }
}

static unsigned
num_args(unsigned func)
{
   if (func == FF_COMBINE_ADD4 || func == FF_COMBINE_ADD_SIGNED4)
      return 4;
   return func == FF_COMBINE_REPLACE ? 1 : func == FF_COMBINE_INTERPOLATE ? 3 : 2;
}

static struct ir_instr *
emit_env_combine(struct ff_fs *fs, unsigned u, struct ir_instr *prev)
{
   struct ff_gen *g = &fs->g;
   struct ir_builder *b = &g->b;
   const struct ff_fs_unit_key *uk = &fs->key->unit[u];
   struct ir_instr *a[4], *rgb, *alpha;
   bool dot3 = uk->combine_rgb == FF_COMBINE_DOT3_RGB || uk->combine_rgb == FF_COMBINE_DOT3_RGBA;

   for (unsigned i = 0; i < num_args(uk->combine_rgb); i++)
      a[i] = combine_arg(fs, u, uk->src_rgb[i], uk->operand_rgb[i], false, prev);
   rgb = combine_func(fs, uk->combine_rgb, a);
   if (uk->combine_rgb == FF_COMBINE_DOT3_RGBA) {
      alpha = rgb;                      /* a scalar: the dot product */
   } else {
      for (unsigned i = 0; i < num_args(uk->combine_alpha); i++)
         a[i] = combine_arg(fs, u, uk->src_alpha[i], uk->operand_alpha[i], true, prev);
      alpha = combine_func(fs, uk->combine_alpha, a);
   }
   if (dot3)
      rgb = ff_splat(g, rgb, 3);
   if (uk->rgb_shift)
      rgb = ir_build_fmul(b, rgb, ff_vimm(g, 3, (float)(1u << uk->rgb_shift)));
   if (uk->alpha_shift)
      alpha = ir_build_fmul(b, alpha, ff_fimm(g, (float)(1u << uk->alpha_shift)));
   return ff_vec4(g, color_sat(fs, rgb), color_sat(fs, alpha));
}

struct ir_shader *
ff_fs_generate(const struct ff_fs_key *key)
{
   struct ff_fs fs = { .key = key };
   struct ff_gen *g = &fs.g;
   struct ir_builder *b;

   ff_gen_begin(g, IR_STAGE_FRAGMENT);
   b = &g->b;

   struct ir_var *in0 = ff_gen_input(g, "color0", 4, IR_SEM_GENERIC, FF_VARYING_COLOR0);
   fs.primary = ir_build_load_var(b, in0, NULL, 0);

   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      if (key->unit[u].enabled)
         emit_sample(&fs, u);
   }

   struct ir_instr *c = fs.primary;
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++) {
      if (!key->unit[u].enabled)
         continue;
      if (key->unit[u].mode == FF_ENV_COMBINE)
         c = emit_env_combine(&fs, u, c);
      else
         c = emit_env_simple(&fs, u, c);
   }

   if (key->color_sum) {
      struct ir_var *in1 = ff_gen_input(g, "color1", 4, IR_SEM_GENERIC, FF_VARYING_COLOR1);
      struct ir_instr *c1 = ir_build_load_var(b, in1, NULL, 0);
      struct ir_instr *rgb = color_sat(&fs, ir_build_fadd(b, ff_swz(g, c, "xyz"),
                                                          ff_swz(g, c1, "xyz")));
      c = ff_vec4(g, rgb, ff_chan(g, c, 3));
   }

   if (key->fog) {
      struct ir_var *inf = ff_gen_input(g, "fog", 1, IR_SEM_GENERIC, FF_VARYING_FOG);
      struct ir_instr *z = ir_build_load_var(b, inf, NULL, 0);
      struct ir_instr *p = ff_cb(g, FF_CB_FOG_PARAMS);
      struct ir_instr *f;
      switch (key->fog - 1) {
      case FF_FOG_LINEAR:
         /* (end - c) / (end - start) */
         f = ir_build_fmul(b, ir_build_fsub(b, ff_chan(g, p, 2), z), ff_chan(g, p, 3));
         break;
      case FF_FOG_EXP:
         f = ir_build_fexp(b, ir_build_fneg(b, ir_build_fmul(b, ff_chan(g, p, 0), z)));
         break;
      default: {
         struct ir_instr *dz = ir_build_fmul(b, ff_chan(g, p, 0), z);
         f = ir_build_fexp(b, ir_build_fneg(b, ir_build_fmul(b, dz, dz)));
         break;
      }
      }
      f = ff_sat(g, f);
      /* f C + (1 - f) C_fog */
      struct ir_instr *rgb = ir_build_fmix(b, ff_swz(g, ff_cb(g, FF_CB_FOG_COLOR), "xyz"),
                                           ff_swz(g, c, "xyz"), ff_splat(g, f, 3));
      c = ff_vec4(g, rgb, ff_chan(g, c, 3));
   }

   struct ir_var *out = ff_gen_output(g, "frag_color", 4, 0, IR_SEM_GENERIC,
                                      FF_FRAG_COLOR_LOCATION);
   ir_build_store_var(b, out, NULL, 0, c);

   ff_gen_finish(g);
   return g->s;
}
