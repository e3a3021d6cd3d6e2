/*
 * Lowering of an ATI fragment shader description (atifs.h) to Pony IR.
 *
 * The shader has no control flow: each of the six registers is tracked as
 * the SSA value it holds (all start as (0, 0, 0, 0)), every setup
 * instruction and arithmetic operation is lowered in the order the
 * application gave it, and GL_REG_0_ATI is stored as the colour at the
 * end (then fog, which ATI_fragment_shader leaves after the shader).
 * Semantics (ATI_fragment_shader, section 3.11):
 *  - setup: PassTexCoord copies the coordinate set (or, in the second
 *    pass, a register) through the swizzle; SampleMap samples texture
 *    unit `dst` at those coordinates with the unit's enabled target.
 *    STR (s,t,r), STQ (s,t,q), STR_DR (s/r,t/r,1/r), STQ_DQ (s/q,t/q,1/q);
 *    the fourth component is undefined (1 here).
 *  - arguments: replicate a channel (argRep; an alpha op reads alpha
 *    when NONE), then the modifiers in the spec's order: COMP (1-x),
 *    BIAS (x-0.5), 2X (2x), NEGATE (-x).
 *  - ops: MOV ADD MUL SUB MAD, LERP a*(b-c)+c, CND (c > 0.5 ? a : b),
 *    CND0 (c >= 0 ? a : b), DOT3/DOT4 and DOT2_ADD (a.r*b.r + a.g*b.g +
 *    c.b) replicated to every written channel; a colour DOT4 also writes
 *    alpha, and an alpha DOT3/DOT4/DOT2_ADD (which must follow the
 *    matching colour op) takes that op's dot product.
 *  - result: scaled by dstMod (2X 4X 8X HALF QUARTER EIGHTH), then
 *    clamped to [0, 1] with SATURATE, written through the mask.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atifs.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"

struct lower {
   const struct atifs_shader *sh;
   const struct atifs_key *key;
   struct ir_shader *s;
   struct ir_builder b;
   struct ir_var *consts;
   struct ir_instr *regs[ATIFS_NUM_REGS];
   struct ir_instr *texcoord[ATIFS_MAX_TEX_COORDS];
   struct ir_instr *color[2];
   struct ir_var *samplers[ATIFS_NUM_REGS];
   struct ir_instr *last_dot;     /* the last colour DOT op's dot product */
};






static struct ir_instr *
input(struct lower *l, const char *name, unsigned comps, int loc)
{
   struct ir_var *v = ir_var_create(l->s, IR_VAR_INPUT, ir_type_make(IR_FLOAT, comps), 0, name);
   v->semantic = IR_SEM_GENERIC;
   v->location = loc;
   return ir_build_load_var(&l->b, v, NULL, 0);
}

static struct ir_instr *
texcoord(struct lower *l, unsigned unit)
{
   unit %= ATIFS_MAX_TEX_COORDS;
   if (!l->texcoord[unit]) {
      char name[16];
      snprintf(name, sizeof name, "texcoord%u", unit);
      l->texcoord[unit] = input(l, name, 4, ATIFS_VARYING_TEX0 + (int)unit);
   }
   return l->texcoord[unit];
}

static struct ir_instr *
color(struct lower *l, unsigned i)
{
   if (!l->color[i])
      l->color[i] = input(l, i ? "color1" : "color0", 4,
                          i ? ATIFS_VARYING_COLOR1 : ATIFS_VARYING_COLOR0);
   return l->color[i];
}

static struct ir_var *
sampler(struct lower *l, unsigned unit, enum atifs_tex_target target)
{
   if (l->samplers[unit])
      return l->samplers[unit];
   char name[16];
   snprintf(name, sizeof name, "texture%u", unit);
   struct ir_var *v = ir_var_create(l->s, IR_VAR_SAMPLER, ir_type_make(IR_FLOAT, 4), 0, name);
   switch (target) {
   case ATIFS_TEX_1D: v->target = IR_TEX_1D; break;
   case ATIFS_TEX_3D: v->target = IR_TEX_3D; break;
   case ATIFS_TEX_CUBE: v->target = IR_TEX_CUBE; break;
   case ATIFS_TEX_RECT: v->target = IR_TEX_RECT; break;
   default: v->target = IR_TEX_2D; break;
   }
   v->binding = unit;
   l->samplers[unit] = v;
   return v;
}

/* The coordinates of a setup instruction after its swizzle. */
static struct ir_instr *
setup_coords(struct lower *l, const struct atifs_setup *su, struct ir_instr *const *regs)
{
   struct ir_builder *b = &l->b;
   struct ir_instr *c = su->coord >= ATIFS_COORD_REG0
                           ? regs[(su->coord - ATIFS_COORD_REG0) % ATIFS_NUM_REGS]
                           : texcoord(l, su->coord);
   struct ir_instr *s = ir_build_channel(&l->b, c, 0), *t = ir_build_channel(&l->b, c, 1);
   struct ir_instr *third = ir_build_channel(&l->b, c, su->swizzle == ATIFS_SWIZZLE_STR ||
                                       su->swizzle == ATIFS_SWIZZLE_STR_DR ? 2 : 3);
   if (su->swizzle == ATIFS_SWIZZLE_STR_DR || su->swizzle == ATIFS_SWIZZLE_STQ_DQ) {
      struct ir_instr *rcp = ir_build_frcp(b, third);
      return ir_build_vec4(&l->b, ir_build_fmul(b, s, rcp), ir_build_fmul(b, t, rcp), rcp, ir_build_imm_float(&l->b, 1.0f));
   }
   return ir_build_vec4(&l->b, s, t, third, ir_build_imm_float(&l->b, 1.0f));
}

static struct ir_instr *
sample(struct lower *l, unsigned unit, struct ir_instr *coords)
{
   enum atifs_tex_target target = (enum atifs_tex_target)l->key->tex_target[unit];
   if (target == ATIFS_TEX_NONE)
      return ir_build_imm_vec4(&l->b, 0, 0, 0, 1);   /* no complete texture on the unit */
   struct ir_var *smp = sampler(l, unit, target);
   static const uint8_t sw[3] = { 0, 1, 2 };
   unsigned n = ir_tex_target_coords(smp->target);
   enum ir_tex_src kinds[1] = { IR_TEX_SRC_COORD };
   struct ir_instr *srcs[1] = { n == 1 ? ir_build_channel(&l->b, coords, 0)
                                       : ir_build_swizzle(&l->b, coords, sw, n) };
   return ir_build_tex(&l->b, IR_OP_tex, ir_type_make(IR_FLOAT, 4), smp, kinds, srcs, 1);
}

static struct ir_instr *
arg_value(struct lower *l, const struct atifs_arg *a, bool alpha)
{
   struct ir_builder *b = &l->b;
   struct ir_instr *v;
   if (a->src < ATIFS_SRC_REG0 + ATIFS_NUM_REGS)
      v = l->regs[a->src - ATIFS_SRC_REG0];
   else if (a->src >= ATIFS_SRC_CON0 && a->src < ATIFS_SRC_CON0 + ATIFS_NUM_CONSTS)
      v = ir_build_load_var(b, l->consts, NULL, ATIFS_SLOT_CON0 + (a->src - ATIFS_SRC_CON0));
   else if (a->src == ATIFS_SRC_ONE)
      v = ir_build_imm_vec4(&l->b, 1, 1, 1, 1);
   else if (a->src == ATIFS_SRC_PRIMARY)
      v = color(l, 0);
   else if (a->src == ATIFS_SRC_SECONDARY)
      v = color(l, 1);
   else
      v = ir_build_imm_vec4(&l->b, 0, 0, 0, 0);
   unsigned rep = a->rep;
   if (rep == ATIFS_REP_NONE && alpha)
      rep = ATIFS_REP_ALPHA;
   if (rep != ATIFS_REP_NONE)
      v = ir_build_splat(&l->b, ir_build_channel(&l->b, v, (rep - ATIFS_REP_RED) & 3), 4);
   if (a->mod & ATIFS_ARG_COMP)
      v = ir_build_fsub(b, ir_build_imm_vec4(&l->b, 1, 1, 1, 1), v);
   if (a->mod & ATIFS_ARG_BIAS)
      v = ir_build_fsub(b, v, ir_build_imm_vec4(&l->b, 0.5f, 0.5f, 0.5f, 0.5f));
   if (a->mod & ATIFS_ARG_2X)
      v = ir_build_fmul(b, v, ir_build_imm_vec4(&l->b, 2, 2, 2, 2));
   if (a->mod & ATIFS_ARG_NEGATE)
      v = ir_build_fneg(b, v);
   return v;
}

static bool
is_dot(unsigned opcode)
{
   return opcode == ATIFS_OP_DOT3 || opcode == ATIFS_OP_DOT4 || opcode == ATIFS_OP_DOT2_ADD;
}

static void
lower_op(struct lower *l, const struct atifs_op *op)
{
   struct ir_builder *b = &l->b;
   struct ir_instr *a[3] = { NULL, NULL, NULL };
   unsigned n = op->num_args > 3 ? 3 : op->num_args;
   for (unsigned i = 0; i < n; i++)
      a[i] = arg_value(l, &op->arg[i], op->alpha);
   for (unsigned i = n; i < 3; i++)
      a[i] = ir_build_imm_vec4(&l->b, 0, 0, 0, 0);
   static const uint8_t xyz[3] = { 0, 1, 2 };
   struct ir_instr *r;
   if (op->alpha && is_dot(op->opcode)) {
      /* the matching colour op's dot product (the API requires one) */
      r = ir_build_splat(&l->b, l->last_dot ? l->last_dot : ir_build_imm_float(&l->b, 0.0f), 4);
   } else {
      switch (op->opcode) {
      case ATIFS_OP_MOV: r = a[0]; break;
      case ATIFS_OP_ADD: r = ir_build_fadd(b, a[0], a[1]); break;
      case ATIFS_OP_MUL: r = ir_build_fmul(b, a[0], a[1]); break;
      case ATIFS_OP_SUB: r = ir_build_fsub(b, a[0], a[1]); break;
      case ATIFS_OP_MAD: r = ir_build_fadd(b, ir_build_fmul(b, a[0], a[1]), a[2]); break;
      case ATIFS_OP_LERP:
         r = ir_build_fadd(b, ir_build_fmul(b, a[0], ir_build_fsub(b, a[1], a[2])), a[2]);
         break;
      case ATIFS_OP_CND:
         r = ir_build_select(b, ir_build_fgt(b, a[2], ir_build_imm_vec4(&l->b, 0.5f, 0.5f, 0.5f, 0.5f)), a[0],
                             a[1]);
         break;
      case ATIFS_OP_CND0:
         r = ir_build_select(b, ir_build_fge(b, a[2], ir_build_imm_vec4(&l->b, 0, 0, 0, 0)), a[0], a[1]);
         break;
      case ATIFS_OP_DOT3:
         l->last_dot = ir_build_fdot(b, ir_build_swizzle(b, a[0], xyz, 3),
                                     ir_build_swizzle(b, a[1], xyz, 3));
         r = ir_build_splat(&l->b, l->last_dot, 4);
         break;
      case ATIFS_OP_DOT4:
         l->last_dot = ir_build_fdot(b, a[0], a[1]);
         r = ir_build_splat(&l->b, l->last_dot, 4);
         break;
      case ATIFS_OP_DOT2_ADD:
         l->last_dot = ir_build_fadd(b, ir_build_fadd(b, ir_build_fmul(b, ir_build_channel(&l->b, a[0], 0),
                                                                       ir_build_channel(&l->b, a[1], 0)),
                                                      ir_build_fmul(b, ir_build_channel(&l->b, a[0], 1),
                                                                    ir_build_channel(&l->b, a[1], 1))),
                                     ir_build_channel(&l->b, a[2], 2));
         r = ir_build_splat(&l->b, l->last_dot, 4);
         break;
      default:
         r = a[0];
         break;
      }
   }
   static const float scales[] = { 1.0f, 2.0f, 4.0f, 8.0f, 0.5f, 0.25f, 0.125f };
   if (op->scale != ATIFS_SCALE_1 && op->scale < sizeof scales / sizeof scales[0]) {
      float f = scales[op->scale];
      r = ir_build_fmul(b, r, ir_build_imm_vec4(&l->b, f, f, f, f));
   }
   if (op->saturate)
      r = ir_build_fclamp(b, r, ir_build_imm_vec4(&l->b, 0, 0, 0, 0), ir_build_imm_vec4(&l->b, 1, 1, 1, 1));
   unsigned mask;
   if (op->alpha) {
      mask = 0x8;
   } else {
      mask = op->mask & 0x7 ? op->mask & 0x7 : 0x7;
      if (op->opcode == ATIFS_OP_DOT4)
         mask |= 0x8;   /* a colour DOT4 writes alpha as well */
   }
   unsigned d = op->dst % ATIFS_NUM_REGS;
   struct ir_instr *c4[4];
   for (unsigned c = 0; c < 4; c++)
      c4[c] = ir_build_channel(&l->b, (mask & (1u << c)) ? r : l->regs[d], c);
   l->regs[d] = ir_build_vec(b, c4, 4);
}

static void
lower_pass(struct lower *l, const struct atifs_pass *p)
{
   /* every setup instruction of a pass reads the registers as the
    * previous pass left them */
   struct ir_instr *before[ATIFS_NUM_REGS];
   memcpy(before, l->regs, sizeof before);
   unsigned ns = p->num_setup > ATIFS_NUM_REGS ? ATIFS_NUM_REGS : p->num_setup;
   for (unsigned i = 0; i < ns; i++) {
      const struct atifs_setup *su = &p->setup[i];
      unsigned d = su->dst % ATIFS_NUM_REGS;
      struct ir_instr *c = setup_coords(l, su, before);
      l->regs[d] = su->sample ? sample(l, d, c) : c;
   }
   unsigned no = p->num_ops > 2 * ATIFS_MAX_OPS ? 2 * ATIFS_MAX_OPS : p->num_ops;
   for (unsigned i = 0; i < no; i++)
      lower_op(l, &p->ops[i]);
}

/* fog after the shader (GL 1.4 section 3.10 with the fog coordinate the
 * fixed-function vertex stage computes) */
static struct ir_instr *
apply_fog(struct lower *l, struct ir_instr *colour)
{
   struct ir_builder *b = &l->b;
   struct ir_instr *params = ir_build_load_var(b, l->consts, NULL, ATIFS_SLOT_FOG_PARAMS);
   struct ir_instr *fogc = ir_build_load_var(b, l->consts, NULL, ATIFS_SLOT_FOG_COLOR);
   struct ir_instr *z = input(l, "fogcoord", 1, ATIFS_VARYING_FOG), *f;
   if (l->key->fog == ATIFS_FOG_LINEAR) {
      f = ir_build_fmul(b, ir_build_fsub(b, ir_build_channel(&l->b, params, 2), z), ir_build_channel(&l->b, params, 3));
   } else if (l->key->fog == ATIFS_FOG_EXP) {
      f = ir_build_fexp(b, ir_build_fneg(b, ir_build_fmul(b, ir_build_channel(&l->b, params, 0), z)));
   } else {
      struct ir_instr *dz = ir_build_fmul(b, ir_build_channel(&l->b, params, 0), z);
      f = ir_build_fexp(b, ir_build_fneg(b, ir_build_fmul(b, dz, dz)));
   }
   f = ir_build_fclamp(b, f, ir_build_imm_float(&l->b, 0.0f), ir_build_imm_float(&l->b, 1.0f));
   struct ir_instr *mixed = ir_build_fmix(b, fogc, colour, ir_build_splat(&l->b, f, 4));
   return ir_build_vec4(&l->b, ir_build_channel(&l->b, mixed, 0), ir_build_channel(&l->b, mixed, 1), ir_build_channel(&l->b, mixed, 2), ir_build_channel(&l->b, colour, 3));
}

static uint32_t
args_inputs(const struct atifs_op *op)
{
   uint32_t m = 0;
   for (unsigned i = 0; i < op->num_args && i < 3; i++) {
      if (op->arg[i].src == ATIFS_SRC_PRIMARY)
         m |= ATIFS_IN_COLOR0;
      else if (op->arg[i].src == ATIFS_SRC_SECONDARY)
         m |= ATIFS_IN_COLOR1;
   }
   return m;
}

uint32_t
atifs_inputs_read(const struct atifs_shader *sh)
{
   uint32_t m = 0;
   for (unsigned p = 0; p < sh->num_passes && p < ATIFS_MAX_PASSES; p++) {
      const struct atifs_pass *pa = &sh->pass[p];
      for (unsigned i = 0; i < pa->num_setup && i < ATIFS_NUM_REGS; i++)
         if (pa->setup[i].coord < ATIFS_COORD_REG0)
            m |= ATIFS_IN_TEX0 << pa->setup[i].coord;
      for (unsigned i = 0; i < pa->num_ops && i < 2 * ATIFS_MAX_OPS; i++)
         m |= args_inputs(&pa->ops[i]);
   }
   return m;
}

uint32_t
atifs_units_sampled(const struct atifs_shader *sh)
{
   uint32_t m = 0;
   for (unsigned p = 0; p < sh->num_passes && p < ATIFS_MAX_PASSES; p++)
      for (unsigned i = 0; i < sh->pass[p].num_setup && i < ATIFS_NUM_REGS; i++)
         if (sh->pass[p].setup[i].sample)
            m |= 1u << (sh->pass[p].setup[i].dst % ATIFS_NUM_REGS);
   return m;
}

struct ir_shader *
atifs_lower(const struct atifs_shader *sh, const struct atifs_key *key)
{
   struct lower l;
   memset(&l, 0, sizeof l);
   l.sh = sh;
   l.key = key;
   l.s = ir_shader_create(IR_STAGE_FRAGMENT);
   if (!l.s) {
      fprintf(stderr, "atifs: out of memory\n");
      abort();
   }
   struct ir_function *f = ir_function_create(l.s, "main", ir_type_void());
   l.b.shader = l.s;
   ir_builder_at_end(&l.b, f->body);
   l.consts = ir_var_create(l.s, IR_VAR_UNIFORM, ir_type_make(IR_FLOAT, 4), ATIFS_NUM_SLOTS,
                            "atifs");
   l.consts->cbuf = ATIFS_CBUF_INDEX;
   l.consts->offset = 0;
   for (unsigned i = 0; i < ATIFS_NUM_REGS; i++)
      l.regs[i] = ir_build_imm_vec4(&l.b, 0, 0, 0, 0);

   for (unsigned p = 0; p < sh->num_passes && p < ATIFS_MAX_PASSES; p++)
      lower_pass(&l, &sh->pass[p]);

   struct ir_instr *colour = l.regs[0];
   if (key->fog != ATIFS_FOG_NONE)
      colour = apply_fog(&l, colour);
   struct ir_var *o = ir_var_create(l.s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, 4), 0, "color");
   o->semantic = IR_SEM_GENERIC;
   o->location = ATIFS_FRAG_COLOR_LOCATION;
   ir_build_store_var(&l.b, o, NULL, 0, colour);

   ir_opt_cleanup(l.s);
   return l.s;
}
