/*
 * Lowering of a checked ARB program (arbprog_internal.h) to Pony IR.
 *
 * ARB programs have no control flow, so every register (temporaries,
 * results, the address register) is tracked as the SSA value it holds at
 * each point of the program: a masked write builds the new vec4 from the
 * old value and the result, and the results are stored once at the end.
 * Registers read before any write read (0, 0, 0, 0) (the specs leave
 * them undefined).  The interface matches the fixed-function shaders
 * (arbprog.h), the parameters are one uniform array `@prog` in constant
 * buffer ARBPROG_CBUF_INDEX, slot i = result->params[i].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbprog_internal.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"

#define NUM_INPUT_IDS 0x200

struct lower {
   const struct arbprog_program *p;
   struct arbprog_result *res;
   struct ir_shader *s;
   struct ir_builder b;
   struct ir_var *params;
   struct ir_instr **temps;
   struct ir_instr *outs[OUT_VERT_COUNT];
   struct ir_instr *addr;
   struct ir_instr *inputs[NUM_INPUT_IDS];
   struct ir_var *samplers[ARBPROG_MAX_TEXTURE_UNITS];
};






static struct ir_instr *
swz(struct lower *l, struct ir_instr *v, const char *sw)
{
   uint8_t c[4];
   unsigned n = (unsigned)strlen(sw);
   for (unsigned i = 0; i < n; i++)
      c[i] = (uint8_t)(strchr("xyzw", sw[i]) - "xyzw");
   return ir_build_swizzle(&l->b, v, c, n);
}

/* An extra parameter slot the lowering itself needs (position invariance,
 * fog, shadow texels): appended to the result's list. */
static unsigned
extra_state(struct lower *l, struct pony_state_ref ref)
{
   struct arbprog_result *r = l->res;
   for (unsigned i = 0; i < r->num_params; i++)
      if (r->params[i].kind == ARBPROG_PARAM_STATE &&
          pony_state_ref_equal(&r->params[i].state, &ref))
         return i;
   struct arbprog_param *np = realloc(r->params, (r->num_params + 1) * sizeof *np);
   if (!np) {
      fprintf(stderr, "arbprog: out of memory\n");
      abort();
   }
   r->params = np;
   memset(&np[r->num_params], 0, sizeof *np);
   np[r->num_params].kind = ARBPROG_PARAM_STATE;
   np[r->num_params].state = ref;
   return r->num_params++;
}

static struct ir_instr *
load_param(struct lower *l, unsigned slot)
{
   return ir_build_load_var(&l->b, l->params, NULL, slot);
}

static struct ir_var *
make_input(struct lower *l, const char *name, unsigned comps, enum ir_semantic sem, int loc)
{
   struct ir_var *v = ir_var_create(l->s, IR_VAR_INPUT, ir_type_make(IR_FLOAT, comps), 0, name);
   v->semantic = sem;
   v->location = loc;
   return v;
}

/* (f, 0, 0, 1) from a scalar input */
static struct ir_instr *
scalar_attr(struct lower *l, struct ir_var *v)
{
   struct ir_instr *f = ir_build_load_var(&l->b, v, NULL, 0);
   return ir_build_vec4(&l->b, f, ir_build_imm_float(&l->b, 0.0f), ir_build_imm_float(&l->b, 0.0f), ir_build_imm_float(&l->b, 1.0f));
}

static struct ir_instr *
input(struct lower *l, int id)
{
   if (l->inputs[id])
      return l->inputs[id];
   struct ir_instr *v;
   char name[32];
   if (l->p->target == ARBPROG_VERTEX) {
      if (id == IN_VERT_NORMAL) {
         struct ir_var *in = make_input(l, "normal", 3, IR_SEM_GENERIC, ARBPROG_ATTRIB_NORMAL);
         struct ir_instr *n = ir_build_load_var(&l->b, in, NULL, 0);
         v = ir_build_vec4(&l->b, ir_build_channel(&l->b, n, 0), ir_build_channel(&l->b, n, 1), ir_build_channel(&l->b, n, 2), ir_build_imm_float(&l->b, 1.0f));
      } else if (id == IN_VERT_FOG) {
         v = scalar_attr(l, make_input(l, "fogcoord", 1, IR_SEM_GENERIC, ARBPROG_ATTRIB_FOG));
      } else {
         snprintf(name, sizeof name, "attrib%d", id);
         v = ir_build_load_var(&l->b, make_input(l, name, 4, IR_SEM_GENERIC, id), NULL, 0);
      }
   } else {
      switch (id) {
      case IN_FRAG_COLOR0:
      case IN_FRAG_COLOR1:
         v = ir_build_load_var(&l->b, make_input(l, id ? "color1" : "color0", 4, IR_SEM_GENERIC,
                                                 id ? ARBPROG_VARYING_COLOR1
                                                    : ARBPROG_VARYING_COLOR0), NULL, 0);
         break;
      case IN_FRAG_FOG:
         v = scalar_attr(l, make_input(l, "fogcoord", 1, IR_SEM_GENERIC, ARBPROG_VARYING_FOG));
         break;
      case IN_FRAG_POSITION:
         /* the location carries the OPTIONs' conventions (IR_FRAG_COORD_*) */
         v = ir_build_load_var(&l->b,
                               make_input(l, "position", 4, IR_SEM_FRAG_COORD,
                                          (int)l->res->frag_coord),
                               NULL, 0);
         break;
      default:
         snprintf(name, sizeof name, "texcoord%d", id - IN_FRAG_TEX0);
         v = ir_build_load_var(&l->b, make_input(l, name, 4, IR_SEM_GENERIC,
                                                 ARBPROG_VARYING_TEX0 + (id - IN_FRAG_TEX0)),
                               NULL, 0);
         break;
      }
   }
   l->inputs[id] = v;
   return v;
}

static struct ir_instr *
reg_value(struct lower *l, const struct arbprog_src *s)
{
   switch (s->file) {
   case FILE_TEMP:
      return l->temps[s->index] ? l->temps[s->index] : ir_build_imm_vec4(&l->b, 0, 0, 0, 0);
   case FILE_INPUT:
      return input(l, s->index);
   case FILE_PARAM:
      if (s->relative) {
         struct ir_instr *a = l->addr ? l->addr : ir_build_imm_int(&l->b, 0);
         struct ir_instr *i = ir_build_iadd(&l->b, a, ir_build_imm_int(&l->b, s->index));
         return ir_build_load_var(&l->b, l->params, i, 0);
      }
      return load_param(l, (unsigned)s->index);
   default:
      return ir_build_imm_vec4(&l->b, 0, 0, 0, 0);
   }
}

/* The operand as a vec4 after swizzle (incl. SWZ's 0 and 1) and negation. */
static struct ir_instr *
src_vec(struct lower *l, const struct arbprog_src *s)
{
   struct ir_instr *v = reg_value(l, s);
   bool ext = false;
   for (unsigned c = 0; c < 4; c++)
      ext |= s->swz[c] > 3;
   if (ext || (s->negate && s->negate != 0xf)) {
      struct ir_instr *c4[4];
      for (unsigned c = 0; c < 4; c++) {
         c4[c] = s->swz[c] == SEL_ZERO ? ir_build_imm_float(&l->b, 0.0f)
               : s->swz[c] == SEL_ONE ? ir_build_imm_float(&l->b, 1.0f) : ir_build_channel(&l->b, v, s->swz[c]);
         if (s->negate & (1u << c))
            c4[c] = ir_build_fneg(&l->b, c4[c]);
      }
      return ir_build_vec(&l->b, c4, 4);
   }
   if (s->swz[0] != 0 || s->swz[1] != 1 || s->swz[2] != 2 || s->swz[3] != 3)
      v = ir_build_swizzle(&l->b, v, s->swz, 4);
   if (s->negate)
      v = ir_build_fneg(&l->b, v);
   return v;
}

static struct ir_instr *
src_scalar(struct lower *l, const struct arbprog_src *s)
{
   return ir_build_channel(&l->b, src_vec(l, s), 0);
}

static void
write_dst(struct lower *l, const struct arbprog_inst *in, struct ir_instr *v)
{
   const struct arbprog_dst *d = &in->dst;
   if (in->sat)
      v = ir_build_fclamp(&l->b, v, ir_build_imm_vec4(&l->b, 0, 0, 0, 0), ir_build_imm_vec4(&l->b, 1, 1, 1, 1));
   struct ir_instr **slot = d->file == FILE_TEMP ? &l->temps[d->index] : &l->outs[d->index];
   if (d->mask != 0xf) {
      struct ir_instr *old = *slot ? *slot : ir_build_imm_vec4(&l->b, 0, 0, 0, 0);
      struct ir_instr *c4[4];
      for (unsigned c = 0; c < 4; c++)
         c4[c] = ir_build_channel(&l->b, (d->mask & (1u << c)) ? v : old, c);
      v = ir_build_vec(&l->b, c4, 4);
   }
   *slot = v;
}

static struct ir_var *
sampler(struct lower *l, unsigned unit, unsigned target)
{
   if (l->samplers[unit])
      return l->samplers[unit];
   char name[16];
   snprintf(name, sizeof name, "texture%u", unit);
   struct ir_var *v = ir_var_create(l->s, IR_VAR_SAMPLER, ir_type_make(IR_FLOAT, 4), 0, name);
   switch (target) {
   case ARBPROG_TEX_1D: case ARBPROG_TEX_SHADOW1D: v->target = IR_TEX_1D; break;
   case ARBPROG_TEX_3D: v->target = IR_TEX_3D; break;
   case ARBPROG_TEX_CUBE: v->target = IR_TEX_CUBE; break;
   case ARBPROG_TEX_RECT: case ARBPROG_TEX_SHADOWRECT: v->target = IR_TEX_RECT; break;
   default: v->target = IR_TEX_2D; break;
   }
   v->shadow = target >= ARBPROG_TEX_SHADOW1D;
   v->binding = unit;
   l->samplers[unit] = v;
   return v;
}

static struct ir_instr *
lower_tex(struct lower *l, const struct arbprog_inst *in, struct ir_instr *c)
{
   struct ir_var *smp = sampler(l, in->tex_unit, in->tex_target);
   static const char *const coords[] = { "x", "xy", "xyz" };
   unsigned n = ir_tex_target_coords(smp->target);
   enum ir_tex_src kinds[3] = { IR_TEX_SRC_COORD };
   struct ir_instr *srcs[3] = { swz(l, c, coords[n - 1]) };
   unsigned ns = 1;
   enum ir_op op = IR_OP_tex;
   if (in->op == OP_TXB) {
      op = IR_OP_txb;
      kinds[ns] = IR_TEX_SRC_BIAS;
      srcs[ns++] = ir_build_channel(&l->b, c, 3);
   } else if (in->op == OP_TXP && smp->target != IR_TEX_CUBE) {
      /* a cube map direction does not change with its scale: no divide */
      kinds[ns] = IR_TEX_SRC_PROJ;
      srcs[ns++] = ir_build_channel(&l->b, c, 3);
   }
   /* the texel is the lookup * scale + bias (pony_state.h): incomplete
    * textures read (0, 0, 0, 1) (ARB_fragment_program 3.11.6), and a
    * shadow lookup's result r (reference: z) expands by the unit's depth
    * texture mode (ARB_fragment_program_shadow) */
   struct ir_instr *texel;
   if (smp->shadow) {
      kinds[ns] = IR_TEX_SRC_COMPARE;
      srcs[ns++] = ir_build_channel(&l->b, c, 2);
      texel = ir_build_splat(&l->b, ir_build_tex(&l->b, op, ir_type_make(IR_FLOAT, 1), smp, kinds, srcs, ns), 4);
   } else {
      texel = ir_build_tex(&l->b, op, ir_type_make(IR_FLOAT, 4), smp, kinds, srcs, ns);
   }
   struct pony_state_ref sref = { PONY_STATE_TEXEL_SCALE, in->tex_unit, 0, 0, 0 };
   struct pony_state_ref bref = { PONY_STATE_TEXEL_BIAS, in->tex_unit, 0, 0, 0 };
   struct ir_instr *scale = load_param(l, extra_state(l, sref));
   struct ir_instr *bias = load_param(l, extra_state(l, bref));
   return ir_build_fadd(&l->b, ir_build_fmul(&l->b, texel, scale), bias);
}

static void
lower_inst(struct lower *l, const struct arbprog_inst *in)
{
   struct ir_builder *b = &l->b;
   struct ir_instr *a = NULL, *bb = NULL, *c = NULL, *r = NULL;
   switch (in->op) {
   case OP_COS: case OP_EX2: case OP_EXP: case OP_LG2: case OP_LOG: case OP_RCP:
   case OP_RSQ: case OP_SCS: case OP_SIN: case OP_ARL:
      a = src_scalar(l, &in->src[0]);
      break;
   case OP_POW:
      a = src_scalar(l, &in->src[0]);
      bb = src_scalar(l, &in->src[1]);
      break;
   default:
      a = src_vec(l, &in->src[0]);
      if (in->op == OP_ADD || in->op == OP_DP3 || in->op == OP_DP4 || in->op == OP_DPH ||
          in->op == OP_DST || in->op == OP_MAX || in->op == OP_MIN || in->op == OP_MUL ||
          in->op == OP_SGE || in->op == OP_SLT || in->op == OP_SUB || in->op == OP_XPD ||
          in->op == OP_CMP || in->op == OP_LRP || in->op == OP_MAD)
         bb = src_vec(l, &in->src[1]);
      if (in->op == OP_CMP || in->op == OP_LRP || in->op == OP_MAD)
         c = src_vec(l, &in->src[2]);
      break;
   }
   switch (in->op) {
   case OP_ABS: r = ir_build_fabs(b, a); break;
   case OP_ADD: r = ir_build_fadd(b, a, bb); break;
   case OP_ARL:
      l->addr = ir_build_f2i(b, ir_build_ffloor(b, a));
      return;
   case OP_CMP: r = ir_build_select(b, ir_build_flt(b, a, ir_build_imm_vec4(&l->b, 0, 0, 0, 0)), bb, c); break;
   case OP_COS: r = ir_build_splat(&l->b, ir_build_fcos(b, a), 4); break;
   case OP_DP3: r = ir_build_splat(&l->b, ir_build_fdot(b, swz(l, a, "xyz"), swz(l, bb, "xyz")), 4); break;
   case OP_DP4: r = ir_build_splat(&l->b, ir_build_fdot(b, a, bb), 4); break;
   case OP_DPH:
      r = ir_build_splat(&l->b, ir_build_fadd(b, ir_build_fdot(b, swz(l, a, "xyz"), swz(l, bb, "xyz")),
                                 ir_build_channel(&l->b, bb, 3)), 4);
      break;
   case OP_DST:
      r = ir_build_vec4(&l->b, ir_build_imm_float(&l->b, 1.0f), ir_build_fmul(b, ir_build_channel(&l->b, a, 1), ir_build_channel(&l->b, bb, 1)), ir_build_channel(&l->b, a, 2),
               ir_build_channel(&l->b, bb, 3));
      break;
   case OP_EX2: r = ir_build_splat(&l->b, ir_build_fexp2(b, a), 4); break;
   case OP_EXP: {
      struct ir_instr *fl = ir_build_ffloor(b, a);
      r = ir_build_vec4(&l->b, ir_build_fexp2(b, fl), ir_build_fsub(b, a, fl), ir_build_fexp2(b, a),
               ir_build_imm_float(&l->b, 1.0f));
      break;
   }
   case OP_FLR: r = ir_build_ffloor(b, a); break;
   case OP_FRC: r = ir_build_ffract(b, a); break;
   case OP_KIL:
      ir_build_discard(b, ir_build_bany(b, ir_build_flt(b, a, ir_build_imm_vec4(&l->b, 0, 0, 0, 0))));
      return;
   case OP_LG2: r = ir_build_splat(&l->b, ir_build_flog2(b, a), 4); break;
   case OP_LIT: {
      /* ARB_vertex_program 2.14.5.10: x, y clamped at 0, the exponent to
       * (-128, 128); z = y^w only when x > 0 */
      struct ir_instr *x = ir_build_fmax(b, ir_build_channel(&l->b, a, 0), ir_build_imm_float(&l->b, 0.0f));
      struct ir_instr *y = ir_build_fmax(b, ir_build_channel(&l->b, a, 1), ir_build_imm_float(&l->b, 0.0f));
      struct ir_instr *w = ir_build_fclamp(b, ir_build_channel(&l->b, a, 3), ir_build_imm_float(&l->b, -127.99998f),
                                           ir_build_imm_float(&l->b, 127.99998f));
      struct ir_instr *z = ir_build_select(b, ir_build_fgt(b, x, ir_build_imm_float(&l->b, 0.0f)),
                                           ir_build_fpow(b, y, w), ir_build_imm_float(&l->b, 0.0f));
      r = ir_build_vec4(&l->b, ir_build_imm_float(&l->b, 1.0f), x, z, ir_build_imm_float(&l->b, 1.0f));
      break;
   }
   case OP_LOG: {
      struct ir_instr *t = ir_build_fabs(b, a);
      struct ir_instr *lg = ir_build_flog2(b, t);
      struct ir_instr *fl = ir_build_ffloor(b, lg);
      r = ir_build_vec4(&l->b, fl, ir_build_fdiv(b, t, ir_build_fexp2(b, fl)), lg, ir_build_imm_float(&l->b, 1.0f));
      break;
   }
   case OP_LRP:
      r = ir_build_fadd(b, ir_build_fmul(b, a, bb),
                        ir_build_fmul(b, ir_build_fsub(b, ir_build_imm_vec4(&l->b, 1, 1, 1, 1), a), c));
      break;
   case OP_MAD: r = ir_build_fadd(b, ir_build_fmul(b, a, bb), c); break;
   case OP_MAX: r = ir_build_fmax(b, a, bb); break;
   case OP_MIN: r = ir_build_fmin(b, a, bb); break;
   case OP_MOV: case OP_SWZ: r = a; break;
   case OP_MUL: r = ir_build_fmul(b, a, bb); break;
   case OP_POW: r = ir_build_splat(&l->b, ir_build_fpow(b, a, bb), 4); break;
   case OP_RCP: r = ir_build_splat(&l->b, ir_build_frcp(b, a), 4); break;
   case OP_RSQ: r = ir_build_splat(&l->b, ir_build_frsq(b, ir_build_fabs(b, a)), 4); break;
   case OP_SCS:
      r = ir_build_vec4(&l->b, ir_build_fcos(b, a), ir_build_fsin(b, a), ir_build_imm_float(&l->b, 0.0f), ir_build_imm_float(&l->b, 0.0f));
      break;
   case OP_SGE: r = ir_build_b2f(b, ir_build_fge(b, a, bb)); break;
   case OP_SIN: r = ir_build_splat(&l->b, ir_build_fsin(b, a), 4); break;
   case OP_SLT: r = ir_build_b2f(b, ir_build_flt(b, a, bb)); break;
   case OP_SUB: r = ir_build_fsub(b, a, bb); break;
   case OP_TEX: case OP_TXB: case OP_TXP: r = lower_tex(l, in, a); break;
   case OP_XPD: {
      struct ir_instr *x = ir_build_fcross(b, swz(l, a, "xyz"), swz(l, bb, "xyz"));
      r = ir_build_vec4(&l->b, ir_build_channel(&l->b, x, 0), ir_build_channel(&l->b, x, 1), ir_build_channel(&l->b, x, 2), ir_build_imm_float(&l->b, 1.0f));
      break;
   }
   default:
      return;
   }
   write_dst(l, in, r);
}

static void
store_output(struct lower *l, struct ir_instr *v, const char *name, unsigned comps,
             enum ir_semantic sem, int loc)
{
   struct ir_var *o = ir_var_create(l->s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, comps), 0, name);
   o->semantic = sem;
   o->location = loc;
   if (comps == 1)
      v = ir_build_channel(&l->b, v, 0);
   ir_build_store_var(&l->b, o, NULL, 0, v);
}

/* matrix * vertex.position computed as the fixed-function vertex shader
 * does (column by column: the columns are the transpose's rows), so that
 * the two agree exactly. */
static struct ir_instr *
matrix_times_position(struct lower *l, unsigned item)
{
   struct arbprog_src pos = { FILE_INPUT, ARBPROG_ATTRIB_POS, false, { 0, 1, 2, 3 }, 0 };
   struct ir_instr *v = reg_value(l, &pos), *r = NULL;
   for (unsigned c = 0; c < 4; c++) {
      struct pony_state_ref col = { (uint8_t)item, 0, 0, PONY_STATE_MOD_TRANSPOSE, (uint8_t)c };
      struct ir_instr *t = ir_build_fmul(&l->b, load_param(l, extra_state(l, col)),
                                         ir_build_splat(&l->b, ir_build_channel(&l->b, v, c), 4));
      r = r ? ir_build_fadd(&l->b, r, t) : t;
   }
   return r;
}

/* ARB_fragment_program's fog options: blend a colour towards the fog
 * colour by the factor of the fog coordinate (GL 1.4 3.10); alpha kept */
static struct ir_instr *
apply_fog(struct lower *l, const struct arbprog_program *p, struct ir_instr *color)
{
   struct ir_builder *b = &l->b;
   struct pony_state_ref pref = { PONY_STATE_FOG_PARAMS, 0, 0, 0, 0 };
   struct pony_state_ref cref = { PONY_STATE_FOG_COLOR, 0, 0, 0, 0 };
   struct ir_instr *params = load_param(l, extra_state(l, pref));
   struct ir_instr *fogc = load_param(l, extra_state(l, cref));
   struct ir_instr *z = ir_build_channel(&l->b, input(l, IN_FRAG_FOG), 0), *fv;
   if (p->res->fog == ARBPROG_FOG_LINEAR)
      fv = ir_build_fmul(b, ir_build_fsub(b, ir_build_channel(&l->b, params, 2), z),
                         ir_build_channel(&l->b, params, 3));
   else if (p->res->fog == ARBPROG_FOG_EXP)
      fv = ir_build_fexp(b, ir_build_fneg(b, ir_build_fmul(b, ir_build_channel(&l->b, params, 0),
                                                          z)));
   else {
      struct ir_instr *dz = ir_build_fmul(b, ir_build_channel(&l->b, params, 0), z);
      fv = ir_build_fexp(b, ir_build_fneg(b, ir_build_fmul(b, dz, dz)));
   }
   fv = ir_build_fclamp(b, fv, ir_build_imm_float(&l->b, 0.0f), ir_build_imm_float(&l->b, 1.0f));
   struct ir_instr *mixed = ir_build_fmix(b, fogc, color, ir_build_splat(&l->b, fv, 4));
   return ir_build_vec4(&l->b, ir_build_channel(&l->b, mixed, 0), ir_build_channel(&l->b, mixed, 1),
                        ir_build_channel(&l->b, mixed, 2), ir_build_channel(&l->b, color, 3));
}

/* ARB_position_invariant keeps user clipping (ARB_vertex_program issue 3):
 * the distance to every plane, in eye space as fixed function computes it;
 * the rasterizer uses the enabled ones. */
static void
invariant_clip_distances(struct lower *l)
{
   if (!l->p->clip_planes)
      return;
   struct ir_instr *eye = matrix_times_position(l, PONY_STATE_MATRIX_MODELVIEW);
   struct ir_var *o = ir_var_create(l->s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 1),
                                    l->p->clip_planes, "clipdist");
   o->semantic = IR_SEM_CLIP_DISTANCE;
   for (unsigned i = 0; i < l->p->clip_planes; i++) {
      struct pony_state_ref plane = { PONY_STATE_CLIP_PLANE, (uint8_t)i, 0, 0, 0 };
      ir_build_store_var(&l->b, o, NULL, i,
                         ir_build_fdot(&l->b, load_param(l, extra_state(l, plane)), eye));
   }
}

struct ir_shader *
arbprog_lower(const struct arbprog_program *p)
{
   struct lower *l = calloc(1, sizeof *l);
   if (!l) {
      fprintf(stderr, "arbprog: out of memory\n");
      abort();
   }
   l->p = p;
   l->res = p->res;
   l->s = ir_shader_create(p->target == ARBPROG_VERTEX ? IR_STAGE_VERTEX : IR_STAGE_FRAGMENT);
   l->temps = calloc(p->num_temps ? p->num_temps : 1, sizeof *l->temps);
   if (!l->s || !l->temps) {
      fprintf(stderr, "arbprog: out of memory\n");
      abort();
   }
   struct ir_function *f = ir_function_create(l->s, "main", ir_type_void());
   l->b.shader = l->s;
   ir_builder_at_end(&l->b, f->body);
   /* the parameter array: its length is known only at the end (the
    * lowering may append rows); declared now, resized below */
   l->params = ir_var_create(l->s, IR_VAR_UNIFORM, ir_type_make(IR_FLOAT, 4), 1, "prog");
   l->params->cbuf = ARBPROG_CBUF_INDEX;
   l->params->offset = 0;

   for (unsigned i = 0; i < p->num_insts; i++)
      lower_inst(l, &p->insts[i]);

   if (p->target == ARBPROG_VERTEX) {
      static const struct { int id; const char *name; unsigned comps; enum ir_semantic sem;
                            int loc; } outs[] = {
         { OUT_VERT_COLOR0, "color0", 4, IR_SEM_GENERIC, ARBPROG_VARYING_COLOR0 },
         { OUT_VERT_COLOR1, "color1", 4, IR_SEM_GENERIC, ARBPROG_VARYING_COLOR1 },
         { OUT_VERT_BCOLOR0, "bcolor0", 4, IR_SEM_GENERIC, ARBPROG_VARYING_BCOLOR0 },
         { OUT_VERT_BCOLOR1, "bcolor1", 4, IR_SEM_GENERIC, ARBPROG_VARYING_BCOLOR1 },
         { OUT_VERT_FOG, "fogcoord", 1, IR_SEM_GENERIC, ARBPROG_VARYING_FOG },
         { OUT_VERT_PSIZE, "pointsize", 1, IR_SEM_POINT_SIZE, 0 },
      };
      struct ir_instr *pos = p->res->position_invariant
                                ? matrix_times_position(l, PONY_STATE_MATRIX_MVP)
                                : l->outs[OUT_VERT_POS];
      store_output(l, pos ? pos : ir_build_imm_vec4(&l->b, 0, 0, 0, 1), "position", 4, IR_SEM_POSITION, 0);
      if (p->res->position_invariant)
         invariant_clip_distances(l);
      for (unsigned i = 0; i < sizeof outs / sizeof outs[0]; i++)
         if (l->outs[outs[i].id])
            store_output(l, l->outs[outs[i].id], outs[i].name, outs[i].comps, outs[i].sem,
                         outs[i].loc);
      for (unsigned u = 0; u < ARBPROG_MAX_TEXTURE_UNITS; u++)
         if (l->outs[OUT_VERT_TEX0 + u]) {
            char name[16];
            snprintf(name, sizeof name, "texcoord%u", u);
            store_output(l, l->outs[OUT_VERT_TEX0 + u], name, 4, IR_SEM_GENERIC,
                         ARBPROG_VARYING_TEX0 + (int)u);
         }
   } else {
      struct ir_instr *color = l->outs[OUT_FRAG_COLOR] ? l->outs[OUT_FRAG_COLOR]
                                                       : ir_build_imm_vec4(&l->b, 0, 0, 0, 0);
      if (p->res->fog != ARBPROG_FOG_NONE && l->outs[OUT_FRAG_COLOR])
         color = apply_fog(l, p, color);
      /* without OPTION ARB_draw_buffers result.color goes to every draw
       * buffer; with it result.color[n] goes to buffer n (fogged alike) */
      store_output(l, color, "color", 4, IR_SEM_GENERIC,
                   p->res->draw_buffers ? 0 : ARBPROG_FRAG_COLOR_LOCATION);
      for (unsigned i = 1; p->res->draw_buffers && i < 8; i++) {
         struct ir_instr *c = l->outs[OUT_FRAG_COLOR1 + i - 1];
         if (!c)
            continue;
         if (p->res->fog != ARBPROG_FOG_NONE)
            c = apply_fog(l, p, c);
         char name[16];
         snprintf(name, sizeof name, "color%u", i);
         store_output(l, c, name, 4, IR_SEM_GENERIC, (int)i);
      }
      if (l->outs[OUT_FRAG_DEPTH]) {
         struct ir_instr *d = ir_build_channel(&l->b, l->outs[OUT_FRAG_DEPTH], 2);
         struct ir_var *o = ir_var_create(l->s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 1), 0,
                                          "depth");
         o->semantic = IR_SEM_FRAG_DEPTH;
         ir_build_store_var(&l->b, o, NULL, 0, d);
      }
   }
   l->params->array_len = l->res->num_params ? l->res->num_params : 1;

   ir_opt_cleanup(l->s);

   struct ir_shader *s = l->s;
   free(l->temps);
   free(l);
   return s;
}
