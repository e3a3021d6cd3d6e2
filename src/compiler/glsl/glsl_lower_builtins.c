/*
 * Lowering of GLSL built-in function calls to Pony IR: each
 * GLSL_BUILTIN_* operation (glsl_builtins.h) to its opcode(s).  The
 * overload's types say the rest (a float argument of a genType function
 * applies to every component; texture lookups take the sampler's target,
 * projection, bias, lod or gradients from the function's name and
 * parameters).
 */
#include <string.h>

#include "glsl_lower_internal.h"

#define MAX_ARGS 8

static struct ir_instr *
alu(struct lower *l, enum ir_op op, struct ir_instr *a, struct ir_instr *b, struct ir_instr *c)
{
   struct ir_instr *s[3] = { a, b, c };
   unsigned n = c ? 3 : b ? 2 : 1;
   return ir_build_alu(&l->b, op, s, n);
}

/* each piece (matrix columns) with the same op; a scalar argument is
 * repeated to the width of the widest (step(float, vec4), mix(v, v, float)) */
static struct val
per_piece(struct lower *l, const struct glsl_type *rt, enum ir_op op, struct val *a, unsigned na)
{
   unsigned n = 0;
   for (unsigned k = 0; k < na; k++)
      n = a[k].n > n ? a[k].n : n;
   struct val r = val_new(l, rt, n);
   for (unsigned i = 0; i < n; i++) {
      unsigned w = 1;
      for (unsigned k = 0; k < na; k++) {
         unsigned c = a[k].c[a[k].n == 1 ? 0 : i]->type.comps;
         w = c > w ? c : w;
      }
      struct ir_instr *s[3];
      for (unsigned k = 0; k < na; k++)
         s[k] = splat(l, a[k].c[a[k].n == 1 ? 0 : i], w);
      /* typed by the result: floatBitsToInt's bitcast is not its source's type */
      r.c[i] = ir_build_alu_typed(&l->b, op, ir_type_make(lower_ir_base(rt->base), w), s, na);
   }
   return r;
}

/* an int constant's value (textureGather's component), or def */
static int
const_int(const struct ir_instr *v, int def)
{
   return v && v->op == IR_OP_const ? v->u.value[0].i32 : def;
}

/*
 * One lookup of sampler smp (lower_texture).  The function's name says the
 * operation and which arguments follow (sampler, P) in this order: lod
 * (LOD), gradients (GRAD), offset (OFFSET), for samplerCubeArrayShadow the
 * reference, and last an optional bias (fragment shaders) or, for
 * textureGather, the component or the reference.  texelFetch takes a lod or
 * (multisample) a sample number, textureSize an optional lod.
 */
static struct ir_instr *
texture_lookup(struct lower *l, const struct glsl_ast_expr *e, enum glsl_builtin_op op,
               const struct glsl_builtin_function *row, struct val *a, unsigned na,
               struct ir_var *smp)
{
   const char *name = glsl_builtin_op_name(op);
   bool proj = strstr(name, "PROJ") != NULL;
   bool lod = strstr(name, "LOD") != NULL;
   bool grad = strstr(name, "GRAD") != NULL;
   bool offset = strstr(name, "OFFSET") != NULL;
   bool fetch = strstr(name, "FETCH") != NULL;
   bool size = strstr(name, "SIZE") != NULL;
   bool gather = strstr(name, "GATHER") != NULL;
   const struct glsl_type *st = row->params[0];
   bool shadow = st->sampler_shadow;
   enum ir_tex_target target = smp->target;
   bool ms = target == IR_TEX_2D_MS || target == IR_TEX_2D_MS_ARRAY;
   bool no_lod = ms || target == IR_TEX_RECT || target == IR_TEX_BUFFER;
   enum ir_tex_src kinds[IR_NUM_TEX_SRCS];
   struct ir_instr *srcs[IR_NUM_TEX_SRCS];
   unsigned n = 0, k = 2;
#define SRC(kind, v) (kinds[n] = (kind), srcs[n++] = (v))
   if (op == GLSL_BUILTIN_TEXTURE_QUERY_LEVELS || op == GLSL_BUILTIN_TEXTURE_SAMPLES)
      return ir_build_tex(&l->b, op == GLSL_BUILTIN_TEXTURE_SAMPLES ? IR_OP_query_samples
                                                                    : IR_OP_query_levels,
                          ir_type_make(IR_INT, 1), smp, kinds, srcs, 0);
   if (op == GLSL_BUILTIN_TEXTURE_QUERY_LOD) {
      /* P has the target's dimensions; the IR's coord also holds the layer
       * of array targets (0: the layer plays no part in the LOD) */
      struct ir_instr *p = a[1].c[0];
      unsigned nc = ir_tex_target_coords(target);
      struct ir_instr *cc[4];
      for (unsigned i = 0; i < nc; i++)
         cc[i] = i < p->type.comps ? comp(l, p, i) : ir_build_imm_float(&l->b, 0.0f);
      SRC(IR_TEX_SRC_COORD, nc == p->type.comps ? p : nc == 1 ? cc[0] : ir_build_vec(&l->b, cc, nc));
      return ir_build_tex(&l->b, IR_OP_lod, ir_type_make(IR_FLOAT, 2), smp, kinds, srcs, n);
   }
   if (size) {
      if (na > 1 && !no_lod)
         SRC(IR_TEX_SRC_LOD, a[1].c[0]);
      return ir_build_tex(&l->b, IR_OP_txs, ir_type_make(IR_INT, ir_tex_target_size_comps(target)),
                          smp, kinds, srcs, n);
   }
   if (strstr(name, "OFFSETS")) {
      lower_error(l, "the built-in function '%s' is not supported yet", e->fn->name);
      return NULL;
   }
   struct ir_instr *coord = a[1].c[0];
   unsigned nc = ir_tex_target_coords(target);
   unsigned have = coord->type.comps;
   uint8_t swz[4] = { 0, 1, 2, 3 };
   SRC(IR_TEX_SRC_COORD, nc == have ? coord : nc == 1 ? comp(l, coord, 0)
                                                     : ir_build_swizzle(&l->b, coord, swz, nc));
   if (fetch) {
      enum ir_op top = ms ? IR_OP_txf_ms : IR_OP_txf;
      if (ms && na > 2)
         SRC(IR_TEX_SRC_SAMPLE, a[k++].c[0]);
      else if (!no_lod && na > 2)
         SRC(IR_TEX_SRC_LOD, a[k++].c[0]);
      if (offset && k < na)
         SRC(IR_TEX_SRC_OFFSET, a[k++].c[0]);
      return ir_build_tex(&l->b, top, smp->type, smp, kinds, srcs, n);
   }
   if (shadow && target != IR_TEX_CUBE_ARRAY && !gather) {
      /* the reference follows the texel coordinates and the layer, and is
       * never before .z (shadow1D takes it from P.z, P.y unused) */
      SRC(IR_TEX_SRC_COMPARE, comp(l, coord, nc < 2 ? 2 : nc));
   }
   if (proj)
      SRC(IR_TEX_SRC_PROJ, comp(l, coord, have - 1));
   enum ir_op top = gather ? IR_OP_tg4 : IR_OP_tex;
   if (lod && k < na) {
      top = IR_OP_txl;
      SRC(IR_TEX_SRC_LOD, a[k++].c[0]);
   } else if (grad && k + 1 < na) {
      top = IR_OP_txd;
      SRC(IR_TEX_SRC_DDX, a[k++].c[0]);
      SRC(IR_TEX_SRC_DDY, a[k++].c[0]);
   }
   unsigned component = 0;
   if (gather && shadow && k < na)   /* textureGather(gsampler2DShadow, P, refZ [, offset]) */
      SRC(IR_TEX_SRC_COMPARE, a[k++].c[0]);
   if (offset && k < na)
      SRC(IR_TEX_SRC_OFFSET, a[k++].c[0]);
   if (!gather && shadow && target == IR_TEX_CUBE_ARRAY && k < na)
      SRC(IR_TEX_SRC_COMPARE, a[k++].c[0]);
   if (k < na) {
      if (gather) {
         component = (unsigned)const_int(a[k++].c[0], 0) & 3;
      } else if (top == IR_OP_tex && l->in->stage == GLSL_STAGE_FRAGMENT) {
         /* a bias: fragment shaders only (semantics refuses it elsewhere) */
         top = IR_OP_txb;
         SRC(IR_TEX_SRC_BIAS, a[k++].c[0]);
      }
   }
#undef SRC
   struct ir_type rt = gather ? ir_type_make(smp->type.base, 4)
                      : shadow ? ir_type_make(IR_FLOAT, 1) : smp->type;
   if (gather && shadow)
      rt = ir_type_make(IR_FLOAT, 4);
   struct ir_instr *r = ir_build_tex(&l->b, top, rt, smp, kinds, srcs, n);
   if (gather)
      r->u.tex.component = (uint8_t)component;
   if (shadow && !gather && e->type->vector_elements == 4) {
      /* the comparison r expanded as the unit's DEPTH_TEXTURE_MODE says
       * (GLSL 1.20 section 8.7): r * scale + bias, the rows the state
       * tracker fills for the unit this sampler uniform names (LUMINANCE
       * (r, r, r, 1), INTENSITY (r, r, r, r), ALPHA (0, 0, 0, r)) */
      uint8_t b = (uint8_t)(smp->binding < PONY_STATE_MAX_SAMPLERS ? smp->binding
                                                                   : PONY_STATE_MAX_SAMPLERS - 1);
      struct pony_state_ref sref = { PONY_STATE_SAMPLER_TEXEL_SCALE, b, 0, 0, 0 };
      struct pony_state_ref bref = { PONY_STATE_SAMPLER_TEXEL_BIAS, b, 0, 0, 0 };
      r = ir_build_fadd(&l->b, ir_build_fmul(&l->b, splat(l, r, 4), lower_state_row(l, sref)),
                        lower_state_row(l, bref));
   }
   return r;
}

static struct val
lower_texture(struct lower *l, const struct glsl_ast_expr *e, enum glsl_builtin_op op,
              const struct glsl_builtin_function *row, struct val *a, unsigned na)
{
   struct lval lv;
   struct ir_var *smp = NULL;
   if (lower_place(l, e->args->expr, &lv)) {
      /* s[i] with i not constant: every element's lookup, the one i names
       * selected (an index out of range reads element 0, as a constant
       * one does) */
      unsigned n;
      struct ir_instr *index;
      struct ir_var *const *elems = ref_sampler_elements(l, lv.r, &n, &index);
      if (elems) {
         struct ir_instr *r = texture_lookup(l, e, op, row, a, na, elems[0]);
         for (unsigned i = 1; r && i < n; i++) {
            struct ir_instr *ri = texture_lookup(l, e, op, row, a, na, elems[i]);
            if (!ri)
               return val_new(l, e->type, 0);
            struct ir_instr *eq[2] = { index, ir_build_imm_int(&l->b, (int32_t)i) };
            struct ir_instr *c = splat(l, ir_build_alu(&l->b, IR_OP_ieq, eq, 2),
                                       r->type.comps);
            struct ir_instr *sel[3] = { c, ri, r };
            r = ir_build_alu(&l->b, IR_OP_select, sel, 3);
         }
         return r ? val_one(l, e->type, r) : val_new(l, e->type, 0);
      }
      smp = ref_sampler(l, lv.r);
   }
   if (!smp) {
      if (!l->failed)
         lower_error(l, "a texture lookup needs a sampler uniform");
      return val_new(l, e->type, 0);
   }
   struct ir_instr *r = texture_lookup(l, e, op, row, a, na, smp);
   return r ? val_one(l, e->type, r) : val_new(l, e->type, 0);
}

/* a storage of a built-in variable the shader did not name (ftransform) */
static struct val
builtin_var(struct lower *l, const char *name, const struct glsl_type *t, enum glsl_var_mode m)
{
   struct glsl_variable *v = glsl_alloc(l->a, sizeof *v);
   v->name = name;
   v->type = t;
   v->mode = m;
   v->builtin = true;
   return ref_load(l, ref_of_storage(lower_var_storage(l, v)));
}

static struct val lower_builtin_ops(struct lower *l, const struct glsl_ast_expr *e,
                                    enum glsl_builtin_op op, struct val *a, unsigned na);

/* ---- half precision (mediump_fp16) ------------------------------------ */

/* one rounded operation */
static struct ir_instr *
half2(struct lower *l, enum ir_op op, struct ir_instr *x, struct ir_instr *y)
{
   unsigned n = y && y->type.comps > x->type.comps ? y->type.comps : x->type.comps;
   return lower_round_half_piece(l, alu(l, op, splat(l, x, n), y ? splat(l, y, n) : NULL, NULL));
}

static struct ir_instr *
half_length(struct lower *l, struct ir_instr *x)
{
   if (x->type.comps == 1)
      return ir_build_fabs(&l->b, x);
   return lower_round_half_piece(l, ir_build_fsqrt(&l->b, lower_half_dot(l, x, x)));
}

/* e is a constant vector whose components are all the same float */
static bool
splat_constant(const struct glsl_ast_expr *e)
{
   const struct glsl_const *c = e->constant;
   if (!c || c->n < 2 || c->type->base != GLSL_TYPE_FLOAT)
      return false;
   for (unsigned i = 1; i < c->n; i++) {
      if (c->v[i].f != c->v[0].f)
         return false;
   }
   return true;
}

/* The built-ins that half-precision hardware evaluates as several rounded
 * operations, step by step in the order measured on llvmpipe (docs/glsl.md,
 * "Half precision for mediump and lowp"); n == 0 for the others (their
 * arguments and result are rounded). */
static struct val
lower_builtin_half(struct lower *l, const struct glsl_ast_expr *e, enum glsl_builtin_op op,
                   struct val *a, unsigned na)
{
   const struct glsl_type *rt = e->type;
   if (!na || a[0].n != 1 || a[0].c[0]->type.base != IR_FLOAT)
      return val_new(l, rt, 0);
   struct ir_instr *x = a[0].c[0];
   struct ir_instr *y = na > 1 && a[1].n == 1 ? a[1].c[0] : NULL;
   if (!y && op != GLSL_BUILTIN_LENGTH && op != GLSL_BUILTIN_NORMALIZE)
      return val_new(l, rt, 0);
   switch (op) {
   case GLSL_BUILTIN_DOT: {
      /* x0 c + (x1 c + ...) with one operand a constant c in every
       * component is (x0 + (x1 + ...)) c: Mesa's NIR factors a b + a c
       * into a (b + c) (measured on llvmpipe: glmark2's terrain noise,
       * dot(v, C.yyy)) */
      const struct glsl_ast_expr *ax = e->args->expr, *ay = e->args->next->expr;
      if (x->type.comps > 1 && (splat_constant(ay) || splat_constant(ax))) {
         struct ir_instr *v = splat_constant(ay) ? x : y;
         struct ir_instr *c = comp(l, splat_constant(ay) ? y : x, 0);
         struct ir_instr *sum = comp(l, v, v->type.comps - 1);
         for (unsigned i = v->type.comps - 1; i-- > 0;)
            sum = lower_round_half_piece(l, ir_build_fadd(&l->b, comp(l, v, i), sum));
         return val_one(l, rt, lower_round_half_piece(l, ir_build_fmul(&l->b, sum, c)));
      }
      return val_one(l, rt, lower_half_dot(l, x, y));
   }
   case GLSL_BUILTIN_LENGTH:
      return val_one(l, rt, half_length(l, x));
   case GLSL_BUILTIN_DISTANCE:
      return val_one(l, rt, half_length(l, half2(l, IR_OP_fsub, x, y)));
   case GLSL_BUILTIN_NORMALIZE: {
      if (x->type.comps == 1)
         return val_new(l, rt, 0);
      /* x * (1 / sqrt(dot(x, x))) */
      struct ir_instr *len = lower_round_half_piece(l, ir_build_fsqrt(&l->b,
                                                                       lower_half_dot(l, x, x)));
      return val_one(l, rt, half2(l, IR_OP_fmul, x, half2(l, IR_OP_fdiv, imm_float(l, 1.0f),
                                                          len)));
   }
   case GLSL_BUILTIN_REFLECT:
      /* i - (2 dot(n, i)) n */
      return val_one(l, rt, half2(l, IR_OP_fsub, x,
                                  half2(l, IR_OP_fmul, half2(l, IR_OP_fmul, imm_float(l, 2.0f),
                                                             lower_half_dot(l, y, x)), y)));
   case GLSL_BUILTIN_MOD:
      /* x - y floor(x / y) */
      return val_one(l, rt, half2(l, IR_OP_fsub, x,
                                  half2(l, IR_OP_fmul, y,
                                        ir_build_ffloor(&l->b, half2(l, IR_OP_fdiv, x, y)))));
   case GLSL_BUILTIN_MIX:
      /* x + t (y - x) */
      if (na != 3 || a[2].n != 1 || a[2].c[0]->type.base != IR_FLOAT)
         return val_new(l, rt, 0);
      return val_one(l, rt, half2(l, IR_OP_fadd, x,
                                  half2(l, IR_OP_fmul, a[2].c[0], half2(l, IR_OP_fsub, y, x))));
   default:
      return val_new(l, rt, 0);
   }
}

struct val
lower_call_builtin(struct lower *l, const struct glsl_ast_expr *e)
{
   const struct glsl_builtin_function *row = e->fn->builtin;
   enum glsl_builtin_op op = (enum glsl_builtin_op)row->op;
   struct val a[MAX_ARGS];
   unsigned na = 0;
   const char *opname = glsl_builtin_op_name(op);
   bool is_tex = strstr(opname, "TEXTURE") || strstr(opname, "SHADOW") || strstr(opname, "TEXEL");
   /* evaluated in half precision: arguments and result rounded */
   bool half = !is_tex && lower_half_operation(l, e);
   for (const struct glsl_ast_arg *arg = e->args; arg && na < MAX_ARGS; arg = arg->next, na++) {
      if (is_tex && na == 0) {
         a[0] = val_new(l, arg->expr->type, 0);
         continue;
      }
      a[na] = lower_convert(l, lower_operand(l, arg->expr, half), row->params[na]);
      if (!a[na].n)
         return val_new(l, e->type, 0);
   }
   if (is_tex)
      return lower_texture(l, e, op, row, a, na);
   struct val r = half ? lower_builtin_half(l, e, op, a, na) : val_new(l, e->type, 0);
   if (!r.n)
      r = lower_builtin_ops(l, e, op, a, na);
   return half && r.n ? lower_round_half(l, r) : r;
}

/*
 * determinant() and inverse() at run time, on the n x n matrix m of scalars
 * (column-major: m[c * n + r]).  The same expansions and operation order as
 * the constant folder's (glsl_const_builtins.c), so a folded call and a run
 * one give the same bits: 2x2 ad - cb, 3x3 along the first row, 4x4 along
 * the first column over 3x3 minors.
 */
static struct ir_instr *
det3_ir(struct ir_builder *b, struct ir_instr *a, struct ir_instr *bb, struct ir_instr *c,
        struct ir_instr *d, struct ir_instr *e, struct ir_instr *f, struct ir_instr *g,
        struct ir_instr *h, struct ir_instr *i)
{
   /* a (ei - fh) - b (di - fg) + c (dh - eg) */
   struct ir_instr *t0 = ir_build_fmul(b, a, ir_build_fsub(b, ir_build_fmul(b, e, i),
                                                           ir_build_fmul(b, f, h)));
   struct ir_instr *t1 = ir_build_fmul(b, bb, ir_build_fsub(b, ir_build_fmul(b, d, i),
                                                            ir_build_fmul(b, f, g)));
   struct ir_instr *t2 = ir_build_fmul(b, c, ir_build_fsub(b, ir_build_fmul(b, d, h),
                                                           ir_build_fmul(b, e, g)));
   return ir_build_fadd(b, ir_build_fsub(b, t0, t1), t2);
}

static struct ir_instr *
det_ir(struct lower *l, struct ir_instr *const *m, unsigned n)
{
   struct ir_builder *b = &l->b;
   if (n == 1)
      return m[0];
   if (n == 2)
      return ir_build_fsub(b, ir_build_fmul(b, m[0], m[3]), ir_build_fmul(b, m[2], m[1]));
   if (n == 3)
      return det3_ir(b, m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]);
   struct ir_instr *sum = NULL, *minor[9];
   for (unsigned r = 0; r < 4; r++) {
      unsigned k = 0;
      for (unsigned c = 1; c < 4; c++)
         for (unsigned rr = 0; rr < 4; rr++)
            if (rr != r)
               minor[k++] = m[c * 4 + rr];
      struct ir_instr *t = ir_build_fmul(b, r & 1 ? ir_build_fneg(b, m[r]) : m[r],
                                         det_ir(l, minor, 3));
      sum = sum ? ir_build_fadd(b, sum, t) : t;
   }
   return sum;
}

/* The scalars of square matrix value v (n columns of n). */
static void
matrix_scalars(struct lower *l, const struct val *v, unsigned n, struct ir_instr **m)
{
   for (unsigned c = 0; c < n; c++)
      for (unsigned r = 0; r < n; r++)
         m[c * n + r] = comp(l, v->c[c], r);
}

static struct val
lower_inverse(struct lower *l, const struct glsl_type *rt, const struct val *a)
{
   struct ir_builder *b = &l->b;
   unsigned n = rt->matrix_columns;
   struct ir_instr *m[16], *minor[9];
   matrix_scalars(l, a, n, m);
   struct ir_instr *d = det_ir(l, m, n);
   /* inverse = adjugate / det: element (c, j) is the cofactor of (j, c) */
   struct val r = val_new(l, rt, n);
   for (unsigned c = 0; c < n; c++) {
      struct ir_instr *col[4];
      for (unsigned j = 0; j < n; j++) {
         unsigned k = 0;
         for (unsigned cc = 0; cc < n; cc++)
            for (unsigned rr = 0; rr < n; rr++)
               if (cc != j && rr != c)
                  minor[k++] = m[cc * n + rr];
         struct ir_instr *cof = det_ir(l, minor, n - 1);
         if ((c + j) & 1)
            cof = ir_build_fneg(b, cof);
         col[j] = ir_build_fdiv(b, cof, d);
      }
      r.c[c] = ir_build_vec(b, col, n);
   }
   return r;
}

/* The operations of built-in op on the lowered arguments a[0 .. na). */
static struct val
lower_builtin_ops(struct lower *l, const struct glsl_ast_expr *e, enum glsl_builtin_op op,
                  struct val *a, unsigned na)
{
   const struct glsl_type *rt = e->type;
   struct ir_builder *b = &l->b;
   struct ir_instr *x = na ? a[0].c[0] : NULL;
   /* one opcode per component: the table constant folding uses too */
   const struct glsl_builtin_ir *map = glsl_builtin_ir(op);
   if (map->kind == GLSL_BUILTIN_IR_COMPONENTS && x && na <= 3 &&
       map->op[x->type.base] != IR_OP_mov)
      return per_piece(l, rt, (enum ir_op)map->op[x->type.base], a, na);
   /* one opcode on the whole value: the packing functions (ES 3.00, GLSL
    * 4.00/4.20), typed by the result (packHalf2x16: vec2 -> uint) */
   if (map->kind == GLSL_BUILTIN_IR_WHOLE && x && na == 1 && rt->vector_elements &&
       map->op[x->type.base] != IR_OP_mov && op != GLSL_BUILTIN_ANY && op != GLSL_BUILTIN_ALL)
      return val_one(l, rt, ir_build_alu_typed(b, (enum ir_op)map->op[x->type.base],
                                               ir_type_make(lower_ir_base(rt->base),
                                                            rt->vector_elements),
                                               &x, 1));
   switch (op) {
   case GLSL_BUILTIN_LENGTH:
      return val_one(l, rt, x->type.comps == 1 ? ir_build_fabs(b, x) : ir_build_flength(b, x));
   case GLSL_BUILTIN_DISTANCE:
      if (x->type.comps == 1)
         return val_one(l, rt, ir_build_fabs(b, ir_build_fsub(b, x, a[1].c[0])));
      return val_one(l, rt, ir_build_fdistance(b, x, a[1].c[0]));
   case GLSL_BUILTIN_DOT:
      if (x->type.comps == 1)
         return val_one(l, rt, ir_build_fmul(b, x, a[1].c[0]));
      return val_one(l, rt, ir_build_fdot(b, x, a[1].c[0]));
   case GLSL_BUILTIN_CROSS: return val_one(l, rt, ir_build_fcross(b, x, a[1].c[0]));
   case GLSL_BUILTIN_NORMALIZE:
      if (x->type.comps == 1)
         return val_one(l, rt, ir_build_fsign(b, x));
      return val_one(l, rt, ir_build_fnormalize(b, x));
   case GLSL_BUILTIN_FACEFORWARD:
      return val_one(l, rt, alu(l, IR_OP_ffaceforward, x, a[1].c[0], a[2].c[0]));
   case GLSL_BUILTIN_REFLECT: return val_one(l, rt, ir_build_freflect(b, x, a[1].c[0]));
   case GLSL_BUILTIN_REFRACT:
      return val_one(l, rt, ir_build_frefract(b, x, a[1].c[0], a[2].c[0]));
   case GLSL_BUILTIN_ANY: return val_one(l, rt, ir_build_bany(b, x));
   case GLSL_BUILTIN_ALL: return val_one(l, rt, ir_build_ball(b, x));
   case GLSL_BUILTIN_OUTER_PRODUCT: {
      /* column j = c * r[j] */
      struct val r = val_new(l, rt, rt->matrix_columns);
      for (unsigned j = 0; j < rt->matrix_columns; j++)
         r.c[j] = ir_build_fmul(b, x, splat(l, comp(l, a[1].c[0], j), x->type.comps));
      return r;
   }
   case GLSL_BUILTIN_TRANSPOSE: {
      struct val r = val_new(l, rt, rt->matrix_columns);
      for (unsigned j = 0; j < rt->matrix_columns; j++) {
         struct ir_instr *c[4];
         for (unsigned k = 0; k < rt->vector_elements; k++)
            c[k] = comp(l, a[0].c[k], j);
         r.c[j] = ir_build_vec(b, c, rt->vector_elements);
      }
      return r;
   }
   case GLSL_BUILTIN_DETERMINANT: {
      unsigned n = a[0].n;
      struct ir_instr *m[16];
      matrix_scalars(l, &a[0], n, m);
      return val_one(l, rt, det_ir(l, m, n));
   }
   case GLSL_BUILTIN_INVERSE:
      return lower_inverse(l, rt, &a[0]);
   case GLSL_BUILTIN_FTRANSFORM: {
      /* gl_ModelViewProjectionMatrix * gl_Vertex, as fixed function does */
      struct val m = builtin_var(l, "gl_ModelViewProjectionMatrix", &glsl_type_mat4,
                                 GLSL_VAR_UNIFORM);
      struct val v = builtin_var(l, "gl_Vertex", &glsl_type_vec4, GLSL_VAR_IN);
      struct ir_instr *sum = NULL;
      for (unsigned k = 0; k < 4; k++) {
         struct ir_instr *t = ir_build_fmul(b, m.c[k], splat(l, comp(l, v.c[0], k), 4));
         sum = sum ? ir_build_fadd(b, sum, t) : t;
      }
      return val_one(l, rt, sum);
   }
   case GLSL_BUILTIN_EMIT_VERTEX:
      /* max_vertices = 0: no vertex is ever emitted (the IR's
       * max_vertices is at least 1) */
      if (l->in->gs_max_vertices)
         ir_build_emit_vertex(b);
      return val_new(l, rt, 0);
   case GLSL_BUILTIN_END_PRIMITIVE:
      ir_build_end_primitive(b);
      return val_new(l, rt, 0);
   case GLSL_BUILTIN_DFDX: return per_piece(l, rt, IR_OP_fddx, a, 1);
   case GLSL_BUILTIN_DFDY: return per_piece(l, rt, IR_OP_fddy, a, 1);
   case GLSL_BUILTIN_FWIDTH: return per_piece(l, rt, IR_OP_fwidth, a, 1);
   case GLSL_BUILTIN_NOISE1:
   case GLSL_BUILTIN_NOISE2:
   case GLSL_BUILTIN_NOISE3:
   case GLSL_BUILTIN_NOISE4: {
      /* noise may be 0 everywhere (its range and continuity hold) */
      struct ir_instr *z = imm_float(l, 0.0f);
      return val_one(l, rt, splat(l, z, rt->vector_elements));
   }
   default:
      lower_error(l, "the built-in function '%s' is not supported yet", e->fn->name);
      return val_new(l, rt, 0);
   }
}
