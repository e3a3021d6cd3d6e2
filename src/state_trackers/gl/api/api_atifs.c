/*
 * GL_ATI_fragment_shader entry points (st_atifs.h): shader objects, the
 * definition between glBeginFragmentShaderATI and glEndFragmentShaderATI
 * with every error of the spec's Errors section (paragraph numbers below),
 * constants.  A failed command records nothing; glEndFragmentShaderATI
 * makes the definition the bound shader's, or leaves the shader undefined
 * (no shader runs) when it is invalid.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "st_atifs.h"

/* Ops by number of arguments (the op's arity is part of its command). */
static int
opcode_of(GLenum op, unsigned nargs)
{
   static const struct { GLenum op; unsigned nargs; enum atifs_opcode code; } ops[] = {
      { GL_MOV_ATI, 1, ATIFS_OP_MOV },
      { GL_ADD_ATI, 2, ATIFS_OP_ADD },
      { GL_MUL_ATI, 2, ATIFS_OP_MUL },
      { GL_SUB_ATI, 2, ATIFS_OP_SUB },
      { GL_DOT3_ATI, 2, ATIFS_OP_DOT3 },
      { GL_DOT4_ATI, 2, ATIFS_OP_DOT4 },
      { GL_MAD_ATI, 3, ATIFS_OP_MAD },
      { GL_LERP_ATI, 3, ATIFS_OP_LERP },
      { GL_CND_ATI, 3, ATIFS_OP_CND },
      { GL_CND0_ATI, 3, ATIFS_OP_CND0 },
      { GL_DOT2_ADD_ATI, 3, ATIFS_OP_DOT2_ADD },
   };
   for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
      if (ops[i].op == op && ops[i].nargs == nargs)
         return (int)ops[i].code;
   return -1;
}

static bool
is_reg(GLuint v)
{
   return v >= GL_REG_0_ATI && v < GL_REG_0_ATI + ATIFS_NUM_REGS;
}

static bool
is_con(GLuint v)
{
   return v >= GL_CON_0_ATI && v < GL_CON_0_ATI + ATIFS_NUM_CONSTS;
}

/* An argument source; -1 if not a register, constant, ZERO, ONE or
 * interpolator (paragraph 13). */
static int
src_of(GLuint arg)
{
   if (is_reg(arg))
      return ATIFS_SRC_REG0 + (int)(arg - GL_REG_0_ATI);
   if (is_con(arg))
      return ATIFS_SRC_CON0 + (int)(arg - GL_CON_0_ATI);
   switch (arg) {
   case GL_ZERO: return ATIFS_SRC_ZERO;
   case GL_ONE: return ATIFS_SRC_ONE;
   case GL_PRIMARY_COLOR_ARB: return ATIFS_SRC_PRIMARY;
   case GL_SECONDARY_INTERPOLATOR_ATI: return ATIFS_SRC_SECONDARY;
   default: return -1;
   }
}

static int
rep_of(GLuint rep)
{
   switch (rep) {
   case GL_NONE: return ATIFS_REP_NONE;
   case GL_RED: return ATIFS_REP_RED;
   case GL_GREEN: return ATIFS_REP_GREEN;
   case GL_BLUE: return ATIFS_REP_BLUE;
   case GL_ALPHA: return ATIFS_REP_ALPHA;
   default: return -1;
   }
}

static int
swizzle_of(GLenum sw)
{
   switch (sw) {
   case GL_SWIZZLE_STR_ATI: return ATIFS_SWIZZLE_STR;
   case GL_SWIZZLE_STQ_ATI: return ATIFS_SWIZZLE_STQ;
   case GL_SWIZZLE_STR_DR_ATI: return ATIFS_SWIZZLE_STR_DR;
   case GL_SWIZZLE_STQ_DQ_ATI: return ATIFS_SWIZZLE_STQ_DQ;
   default: return -1;
   }
}

/* dstMod: one scale bit at most, plus SATURATE (paragraph 14). */
static bool
dst_mod_of(GLuint mod, struct atifs_op *o)
{
   static const struct { GLuint bit; enum atifs_scale scale; } scales[] = {
      { GL_2X_BIT_ATI, ATIFS_SCALE_2X }, { GL_4X_BIT_ATI, ATIFS_SCALE_4X },
      { GL_8X_BIT_ATI, ATIFS_SCALE_8X }, { GL_HALF_BIT_ATI, ATIFS_SCALE_HALF },
      { GL_QUARTER_BIT_ATI, ATIFS_SCALE_QUARTER }, { GL_EIGHTH_BIT_ATI, ATIFS_SCALE_EIGHTH },
   };
   if (mod & ~(GLuint)(GL_2X_BIT_ATI | GL_4X_BIT_ATI | GL_8X_BIT_ATI | GL_HALF_BIT_ATI |
                       GL_QUARTER_BIT_ATI | GL_EIGHTH_BIT_ATI | GL_SATURATE_BIT_ATI))
      return false;
   unsigned n = 0;
   o->scale = ATIFS_SCALE_1;
   for (unsigned i = 0; i < sizeof scales / sizeof scales[0]; i++)
      if (mod & scales[i].bit) {
         o->scale = (uint8_t)scales[i].scale;
         n++;
      }
   o->saturate = (mod & GL_SATURATE_BIT_ATI) != 0;
   return n <= 1;
}

/* Paragraph 2: not between Begin and End. */
static bool
outside_or_error(struct st_context *ctx, const char *where)
{
   if (ctx->atifs->inside) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

/* Paragraph 3: only between Begin and End. */
static bool
inside_or_error(struct st_context *ctx, const char *where)
{
   if (!ctx->atifs->inside) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return false;
   }
   return true;
}

GLuint GLAPIENTRY
api_glGenFragmentShadersATI(GLuint range)
{
   ST_ENTRY_RET(ctx, 0);
   if (!outside_or_error(ctx, "glGenFragmentShadersATI"))
      return 0;
   if (range == 0) {   /* paragraph 1 */
      st_error(ctx, GL_INVALID_VALUE, "glGenFragmentShadersATI");
      return 0;
   }
   /* range consecutive unused names; a bounded search (Pony's limit) */
   struct st_names *t = &ctx->share->ati_shaders;
   if (range > (1u << 16)) {
      st_error(ctx, GL_OUT_OF_MEMORY, "glGenFragmentShadersATI");
      return 0;
   }
   GLuint base = 1;
   for (GLuint i = 0; i < range;) {
      if (base + i < base || base + i == 0) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glGenFragmentShadersATI");
         return 0;
      }
      if (st_names_is_used(t, base + i)) {
         base = base + i + 1;
         i = 0;
      } else {
         i++;
      }
   }
   for (GLuint i = 0; i < range; i++)
      if (!st_names_set(t, base + i, NULL)) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glGenFragmentShadersATI");
         return 0;
      }
   return base;
}

void GLAPIENTRY
api_glBindFragmentShaderATI(GLuint id)
{
   ST_ENTRY(ctx);
   if (!outside_or_error(ctx, "glBindFragmentShaderATI"))
      return;
   struct st_atifs_ctx *a = ctx->atifs;
   if (!id) {
      st_atifs_bind(ctx, a->default_shader);
      return;
   }
   struct st_names *t = &ctx->share->ati_shaders;
   struct st_ati_shader *s = st_names_lookup(t, id);
   if (!s) {
      /* binding a name makes the object (generated or not) */
      s = calloc(1, sizeof *s);
      if (!s) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindFragmentShaderATI");
         return;
      }
      s->refcount = 1;   /* the names table */
      s->name = id;
      if (!st_names_set(t, id, s)) {
         free(s);
         st_error(ctx, GL_OUT_OF_MEMORY, "glBindFragmentShaderATI");
         return;
      }
   }
   st_atifs_bind(ctx, s);
}

void GLAPIENTRY
api_glDeleteFragmentShaderATI(GLuint id)
{
   ST_ENTRY(ctx);
   if (!outside_or_error(ctx, "glDeleteFragmentShaderATI") || !id)
      return;
   struct st_ati_shader *s = st_names_remove(&ctx->share->ati_shaders, id);
   if (!s)
      return;
   if (ctx->atifs->bound == s)   /* deleting the bound shader binds 0 */
      st_atifs_bind(ctx, ctx->atifs->default_shader);
   st_ati_shader_unref(s);
}

void GLAPIENTRY
api_glBeginFragmentShaderATI(void)
{
   ST_ENTRY(ctx);
   if (!outside_or_error(ctx, "glBeginFragmentShaderATI"))
      return;
   struct st_atifs_ctx *a = ctx->atifs;
   a->inside = true;
   memset(&a->build, 0, sizeof a->build);
   a->build.sh.num_passes = 1;
}

void GLAPIENTRY
api_glEndFragmentShaderATI(void)
{
   ST_ENTRY(ctx);
   if (!inside_or_error(ctx, "glEndFragmentShaderATI"))
      return;
   struct st_atifs_ctx *a = ctx->atifs;
   struct st_atifs_build *b = &a->build;
   a->inside = false;
   /* paragraph 4: the interpolators only in the last pass; and a pass
    * needs an arithmetic op (an empty shader cannot be compiled) */
   bool valid = b->pass_has_ops && !(b->pass == 1 && b->first_pass_color);
   struct st_atifs_def *d = NULL;
   if (valid) {
      d = calloc(1, sizeof *d);
      if (!d) {
         st_error(ctx, GL_OUT_OF_MEMORY, "glEndFragmentShaderATI");
         return;
      }
      d->refcount = 1;   /* the shader object */
      d->sh = b->sh;
      memcpy(d->local, b->local, sizeof d->local);
      d->local_set = b->local_set;
   }
   struct st_ati_shader *s = a->bound;
   pthread_mutex_lock(&ctx->share->lock);
   struct st_atifs_def *old = s->def;
   s->def = d;
   pthread_mutex_unlock(&ctx->share->lock);
   st_atifs_def_unref(old);
   st_atifs_bind(ctx, s);   /* this context runs the new definition */
   if (!valid)
      st_error(ctx, GL_INVALID_OPERATION, "glEndFragmentShaderATI");
}

static void
setup(const char *where, bool sample, GLuint dst, GLuint coord, GLenum swizzle)
{
   ST_ENTRY(ctx);
   if (!inside_or_error(ctx, where))
      return;
   struct st_atifs_build *b = &ctx->atifs->build;
   int sw = swizzle_of(swizzle);
   bool coord_reg = is_reg(coord);
   /* paragraphs 11 and 12: registers, texture coordinate sets */
   if (!is_reg(dst) || sw < 0 ||
       (!coord_reg && !(coord >= GL_TEXTURE0_ARB &&
                        coord < GL_TEXTURE0_ARB + ATIFS_MAX_TEX_COORDS))) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   /* a setup instruction after an arithmetic op starts the second pass;
    * paragraph 5: there is no third */
   unsigned pass = b->pass_has_ops ? b->pass + 1 : b->pass;
   unsigned reg = dst - GL_REG_0_ATI;
   bool q = sw == ATIFS_SWIZZLE_STQ || sw == ATIFS_SWIZZLE_STQ_DQ;
   if (pass >= ATIFS_MAX_PASSES ||
       /* paragraph 6: registers only in the second pass, never with q */
       (coord_reg && (pass == 0 || q)) ||
       /* paragraph 5: one write per register and pass */
       (pass == b->pass && (b->setup_written >> reg) & 1)) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   /* paragraph 6: a coordinate set is read with r or with q in the
    * whole shader (STR and STR_DR both use r) */
   if (!coord_reg) {
      unsigned unit = coord - GL_TEXTURE0_ARB;
      uint8_t cls = q ? 2 : 1;
      if (b->tex_swizzle[unit] && b->tex_swizzle[unit] != cls) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
      b->tex_swizzle[unit] = cls;
   }
   if (pass != b->pass) {
      b->pass = pass;
      b->sh.num_passes = pass + 1;
      b->pass_has_ops = false;
      b->color_ops = b->alpha_ops = 0;
      b->setup_written = 0;
      b->prev_color = false;
   }
   struct atifs_pass *p = &b->sh.pass[pass];
   if (p->num_setup >= ATIFS_NUM_REGS)
      return;   /* unreachable: one per register */
   struct atifs_setup *su = &p->setup[p->num_setup++];
   su->dst = (uint8_t)reg;
   su->sample = sample;
   su->coord = (uint8_t)(coord_reg ? ATIFS_COORD_REG0 + (coord - GL_REG_0_ATI)
                                   : ATIFS_COORD_TEX0 + (coord - GL_TEXTURE0_ARB));
   su->swizzle = (uint8_t)sw;
   b->setup_written |= (uint8_t)(1u << reg);
}

void GLAPIENTRY
api_glPassTexCoordATI(GLuint dst, GLuint coord, GLenum swizzle)
{
   setup("glPassTexCoordATI", false, dst, coord, swizzle);
}

void GLAPIENTRY
api_glSampleMapATI(GLuint dst, GLuint interp, GLenum swizzle)
{
   setup("glSampleMapATI", true, dst, interp, swizzle);
}

static bool
is_dot(int code)
{
   return code == ATIFS_OP_DOT3 || code == ATIFS_OP_DOT4 || code == ATIFS_OP_DOT2_ADD;
}

/* One colour or alpha op; args: nargs x (arg, rep, mod). */
static void
frag_op(const char *where, bool alpha, GLenum op, GLuint dst, GLuint dst_mask, GLuint dst_mod,
        unsigned nargs, const GLuint (*args)[3])
{
   ST_ENTRY(ctx);
   if (!inside_or_error(ctx, where))
      return;
   struct st_atifs_build *b = &ctx->atifs->build;
   struct atifs_op o;
   memset(&o, 0, sizeof o);
   int code = opcode_of(op, nargs);
   /* paragraphs 11, 13, 14 and the enums of every parameter */
   if (code < 0 || !is_reg(dst) || (!alpha && (dst_mask & ~7u)) || !dst_mod_of(dst_mod, &o)) {
      st_error(ctx, GL_INVALID_ENUM, where);
      return;
   }
   unsigned ncon = 0;
   for (unsigned i = 0; i < nargs; i++) {
      int src = src_of(args[i][0]), rep = rep_of(args[i][1]);
      if (src < 0 || rep < 0 || (args[i][2] & ~(GLuint)(GL_2X_BIT_ATI | GL_COMP_BIT_ATI |
                                                         GL_NEGATE_BIT_ATI | GL_BIAS_BIT_ATI))) {
         st_error(ctx, GL_INVALID_ENUM, where);
         return;
      }
      o.arg[i].src = (uint8_t)src;
      o.arg[i].rep = (uint8_t)rep;
      o.arg[i].mod = (uint8_t)args[i][2];
      ncon += is_con(args[i][0]);
   }
   /* paragraph 7: 8 colour and 8 alpha ops per pass */
   if ((alpha ? b->alpha_ops : b->color_ops) >= ATIFS_MAX_OPS) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   /* paragraph 8: the secondary interpolator has no alpha */
   for (unsigned i = 0; i < nargs; i++) {
      if (o.arg[i].src != ATIFS_SRC_SECONDARY)
         continue;
      unsigned rep = o.arg[i].rep;
      if (rep == ATIFS_REP_ALPHA ||
          ((alpha || code == ATIFS_OP_DOT4) && rep == ATIFS_REP_NONE)) {
         st_error(ctx, GL_INVALID_OPERATION, where);
         return;
      }
   }
   /* paragraph 9: at most two different constants in one op */
   if (nargs == 3 && ncon == 3 && args[0][0] != args[1][0] && args[0][0] != args[2][0] &&
       args[1][0] != args[2][0]) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   /* paragraph 10: an alpha dot product pairs with the colour op just
    * before it; a colour DOT4's alpha op is DOT4 */
   if (alpha && ((is_dot(code) && !(b->prev_color && b->prev_color_opcode == code)) ||
                 (code != ATIFS_OP_DOT4 && b->prev_color &&
                  b->prev_color_opcode == ATIFS_OP_DOT4))) {
      st_error(ctx, GL_INVALID_OPERATION, where);
      return;
   }
   struct atifs_pass *p = &b->sh.pass[b->pass];
   if (p->num_ops >= 2 * ATIFS_MAX_OPS)
      return;   /* unreachable: counted above */
   o.opcode = (uint8_t)code;
   o.alpha = alpha;
   o.dst = (uint8_t)(dst - GL_REG_0_ATI);
   o.mask = alpha ? 0 : (uint8_t)dst_mask;
   o.num_args = (uint8_t)nargs;
   p->ops[p->num_ops++] = o;
   if (alpha)
      b->alpha_ops++;
   else
      b->color_ops++;
   b->pass_has_ops = true;
   b->prev_color = !alpha;
   b->prev_color_opcode = (uint8_t)code;
   if (b->pass == 0)
      for (unsigned i = 0; i < nargs; i++)
         if (o.arg[i].src == ATIFS_SRC_PRIMARY || o.arg[i].src == ATIFS_SRC_SECONDARY)
            b->first_pass_color = true;
}

void GLAPIENTRY
api_glColorFragmentOp1ATI(GLenum op, GLuint dst, GLuint dstMask, GLuint dstMod, GLuint arg1,
                          GLuint arg1Rep, GLuint arg1Mod)
{
   const GLuint args[1][3] = { { arg1, arg1Rep, arg1Mod } };
   frag_op("glColorFragmentOp1ATI", false, op, dst, dstMask, dstMod, 1, args);
}

void GLAPIENTRY
api_glColorFragmentOp2ATI(GLenum op, GLuint dst, GLuint dstMask, GLuint dstMod, GLuint arg1,
                          GLuint arg1Rep, GLuint arg1Mod, GLuint arg2, GLuint arg2Rep,
                          GLuint arg2Mod)
{
   const GLuint args[2][3] = { { arg1, arg1Rep, arg1Mod }, { arg2, arg2Rep, arg2Mod } };
   frag_op("glColorFragmentOp2ATI", false, op, dst, dstMask, dstMod, 2, args);
}

void GLAPIENTRY
api_glColorFragmentOp3ATI(GLenum op, GLuint dst, GLuint dstMask, GLuint dstMod, GLuint arg1,
                          GLuint arg1Rep, GLuint arg1Mod, GLuint arg2, GLuint arg2Rep,
                          GLuint arg2Mod, GLuint arg3, GLuint arg3Rep, GLuint arg3Mod)
{
   const GLuint args[3][3] = { { arg1, arg1Rep, arg1Mod }, { arg2, arg2Rep, arg2Mod },
                               { arg3, arg3Rep, arg3Mod } };
   frag_op("glColorFragmentOp3ATI", false, op, dst, dstMask, dstMod, 3, args);
}

void GLAPIENTRY
api_glAlphaFragmentOp1ATI(GLenum op, GLuint dst, GLuint dstMod, GLuint arg1, GLuint arg1Rep,
                          GLuint arg1Mod)
{
   const GLuint args[1][3] = { { arg1, arg1Rep, arg1Mod } };
   frag_op("glAlphaFragmentOp1ATI", true, op, dst, 0, dstMod, 1, args);
}

void GLAPIENTRY
api_glAlphaFragmentOp2ATI(GLenum op, GLuint dst, GLuint dstMod, GLuint arg1, GLuint arg1Rep,
                          GLuint arg1Mod, GLuint arg2, GLuint arg2Rep, GLuint arg2Mod)
{
   const GLuint args[2][3] = { { arg1, arg1Rep, arg1Mod }, { arg2, arg2Rep, arg2Mod } };
   frag_op("glAlphaFragmentOp2ATI", true, op, dst, 0, dstMod, 2, args);
}

void GLAPIENTRY
api_glAlphaFragmentOp3ATI(GLenum op, GLuint dst, GLuint dstMod, GLuint arg1, GLuint arg1Rep,
                          GLuint arg1Mod, GLuint arg2, GLuint arg2Rep, GLuint arg2Mod,
                          GLuint arg3, GLuint arg3Rep, GLuint arg3Mod)
{
   const GLuint args[3][3] = { { arg1, arg1Rep, arg1Mod }, { arg2, arg2Rep, arg2Mod },
                               { arg3, arg3Rep, arg3Mod } };
   frag_op("glAlphaFragmentOp3ATI", true, op, dst, 0, dstMod, 3, args);
}

void GLAPIENTRY
api_glSetFragmentShaderConstantATI(GLuint dst, const GLfloat *value)
{
   ST_ENTRY(ctx);
   if (!is_con(dst)) {
      st_error(ctx, GL_INVALID_ENUM, "glSetFragmentShaderConstantATI");
      return;
   }
   if (!value)
      return;
   struct st_atifs_ctx *a = ctx->atifs;
   unsigned i = dst - GL_CON_0_ATI;
   /* inside a definition the constant is the shader's own */
   if (a->inside) {
      memcpy(a->build.local[i], value, sizeof a->build.local[i]);
      a->build.local_set |= (uint8_t)(1u << i);
   } else {
      memcpy(a->global[i], value, sizeof a->global[i]);
   }
}
