/*
 * Constant folding of built-in function calls (GLSL 1.20 4.3.3, ES 1.00
 * 5.10: a call of a built-in function whose arguments are all constant
 * expressions is a constant expression, except the texture lookups and
 * noise).  The arithmetic is the IR's own (ir_eval_alu): a folded call
 * computes exactly what the same call computes when a driver runs it, so
 * `float[int(sqrt(4.0))]` and `sqrt(4.0)` at run time agree by
 * construction.  Operations with no IR opcode (matrix transpose, outer
 * product, determinant, inverse) are done here in single precision.
 */
#include <string.h>

#include "glsl_builtins.h"
#include "glsl_const.h"
#include "compiler/ir/ir_eval_alu.h"

/* How a built-in folds. */
enum fold_kind {
   FOLD_NONE,          /* not foldable (textures, noise, out parameters, ...) */
   FOLD_COMPONENTS,    /* per component, scalar arguments broadcast */
   FOLD_WHOLE,         /* one whole-vector IR operation on the arguments as they are */
   FOLD_ZERO,          /* dFdx & co. on a constant: 0 */
   FOLD_MIX_BOOL,      /* mix(x, y, bvec a) = a ? y : x */
   FOLD_TRANSPOSE,
   FOLD_OUTER,
   FOLD_DETERMINANT,
   FOLD_INVERSE,
};

/* The IR opcode per component base type of the (first) argument: float,
 * int, uint, bool; 0 = not defined for that type (IR_OP_mov is never a
 * fold, so 0 works as "none"). */
struct fold_row {
   uint8_t kind;
   uint16_t op[4];
};

#define F(o) { FOLD_COMPONENTS, { IR_OP_##o, 0, 0, 0 } }
#define FIU(f, i, u) { FOLD_COMPONENTS, { IR_OP_##f, IR_OP_##i, IR_OP_##u, 0 } }
#define CMP(f, i, u, b) { FOLD_COMPONENTS, { IR_OP_##f, IR_OP_##i, IR_OP_##u, IR_OP_##b } }
#define W(o) { FOLD_WHOLE, { IR_OP_##o, IR_OP_##o, IR_OP_##o, IR_OP_##o } }

static const struct fold_row fold_rows[GLSL_BUILTIN_NUM_OPS] = {
   [GLSL_BUILTIN_RADIANS] = F(fradians),
   [GLSL_BUILTIN_DEGREES] = F(fdegrees),
   [GLSL_BUILTIN_SIN] = F(fsin),
   [GLSL_BUILTIN_COS] = F(fcos),
   [GLSL_BUILTIN_TAN] = F(ftan),
   [GLSL_BUILTIN_ASIN] = F(fasin),
   [GLSL_BUILTIN_ACOS] = F(facos),
   [GLSL_BUILTIN_ATAN2] = F(fatan2),
   [GLSL_BUILTIN_ATAN] = F(fatan),
   [GLSL_BUILTIN_POW] = F(fpow),
   [GLSL_BUILTIN_EXP] = F(fexp),
   [GLSL_BUILTIN_LOG] = F(flog),
   [GLSL_BUILTIN_EXP2] = F(fexp2),
   [GLSL_BUILTIN_LOG2] = F(flog2),
   [GLSL_BUILTIN_SQRT] = F(fsqrt),
   [GLSL_BUILTIN_INVERSESQRT] = F(frsq),
   [GLSL_BUILTIN_ABS] = FIU(fabs, iabs, mov),
   [GLSL_BUILTIN_SIGN] = FIU(fsign, isign, mov),
   [GLSL_BUILTIN_FLOOR] = F(ffloor),
   [GLSL_BUILTIN_CEIL] = F(fceil),
   [GLSL_BUILTIN_FRACT] = F(ffract),
   [GLSL_BUILTIN_MOD] = F(fmod),
   [GLSL_BUILTIN_MIN] = FIU(fmin, imin, umin),
   [GLSL_BUILTIN_MAX] = FIU(fmax, imax, umax),
   [GLSL_BUILTIN_CLAMP] = FIU(fclamp, iclamp, uclamp),
   [GLSL_BUILTIN_MIX] = F(fmix),
   [GLSL_BUILTIN_STEP] = F(fstep),
   [GLSL_BUILTIN_SMOOTHSTEP] = F(fsmoothstep),
   [GLSL_BUILTIN_LENGTH] = W(flength),
   [GLSL_BUILTIN_DISTANCE] = W(fdistance),
   [GLSL_BUILTIN_DOT] = W(fdot),
   [GLSL_BUILTIN_CROSS] = W(fcross),
   [GLSL_BUILTIN_NORMALIZE] = W(fnormalize),
   [GLSL_BUILTIN_FACEFORWARD] = W(ffaceforward),
   [GLSL_BUILTIN_REFLECT] = W(freflect),
   [GLSL_BUILTIN_REFRACT] = W(frefract),
   [GLSL_BUILTIN_MATRIX_COMP_MULT] = F(fmul),
   [GLSL_BUILTIN_LESS_THAN] = CMP(flt, ilt, ult, mov),
   [GLSL_BUILTIN_LESS_THAN_EQUAL] = CMP(fle, ile, ule, mov),
   [GLSL_BUILTIN_GREATER_THAN] = CMP(fgt, igt, ugt, mov),
   [GLSL_BUILTIN_GREATER_THAN_EQUAL] = CMP(fge, ige, uge, mov),
   [GLSL_BUILTIN_EQUAL] = CMP(feq, ieq, ieq, beq),
   [GLSL_BUILTIN_NOT_EQUAL] = CMP(fne, ine, ine, bne),
   [GLSL_BUILTIN_ANY] = W(bany),
   [GLSL_BUILTIN_ALL] = W(ball),
   [GLSL_BUILTIN_NOT] = CMP(mov, mov, mov, bnot),
   [GLSL_BUILTIN_OUTER_PRODUCT] = { FOLD_OUTER, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_TRANSPOSE] = { FOLD_TRANSPOSE, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_DFDX] = { FOLD_ZERO, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_DFDY] = { FOLD_ZERO, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_FWIDTH] = { FOLD_ZERO, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_SINH] = F(fsinh),
   [GLSL_BUILTIN_COSH] = F(fcosh),
   [GLSL_BUILTIN_TANH] = F(ftanh),
   [GLSL_BUILTIN_ASINH] = F(fasinh),
   [GLSL_BUILTIN_ACOSH] = F(facosh),
   [GLSL_BUILTIN_ATANH] = F(fatanh),
   [GLSL_BUILTIN_TRUNC] = F(ftrunc),
   [GLSL_BUILTIN_ROUND] = F(fround_even),
   [GLSL_BUILTIN_ROUND_EVEN] = F(fround_even),
   [GLSL_BUILTIN_MIX_BOOL] = { FOLD_MIX_BOOL, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_ISNAN] = F(fisnan),
   [GLSL_BUILTIN_ISINF] = F(fisinf),
   [GLSL_BUILTIN_INVERSE] = { FOLD_INVERSE, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_DETERMINANT] = { FOLD_DETERMINANT, { 0, 0, 0, 0 } },
   [GLSL_BUILTIN_FLOAT_BITS_TO_INT] = F(bitcast),
   [GLSL_BUILTIN_FLOAT_BITS_TO_UINT] = F(bitcast),
   [GLSL_BUILTIN_INT_BITS_TO_FLOAT] = { FOLD_COMPONENTS, { 0, IR_OP_bitcast, 0, 0 } },
   [GLSL_BUILTIN_UINT_BITS_TO_FLOAT] = { FOLD_COMPONENTS, { 0, 0, IR_OP_bitcast, 0 } },
   [GLSL_BUILTIN_PACK_UNORM_2X16] = W(pack_unorm_2x16),
   [GLSL_BUILTIN_UNPACK_UNORM_2X16] = W(unpack_unorm_2x16),
   [GLSL_BUILTIN_PACK_SNORM_2X16] = W(pack_snorm_2x16),
   [GLSL_BUILTIN_UNPACK_SNORM_2X16] = W(unpack_snorm_2x16),
   [GLSL_BUILTIN_PACK_HALF_2X16] = W(pack_half_2x16),
   [GLSL_BUILTIN_UNPACK_HALF_2X16] = W(unpack_half_2x16),
   [GLSL_BUILTIN_PACK_UNORM_4X8] = W(pack_unorm_4x8),
   [GLSL_BUILTIN_PACK_SNORM_4X8] = W(pack_snorm_4x8),
   [GLSL_BUILTIN_UNPACK_UNORM_4X8] = W(unpack_unorm_4x8),
   [GLSL_BUILTIN_UNPACK_SNORM_4X8] = W(unpack_snorm_4x8),
   [GLSL_BUILTIN_BITFIELD_REVERSE] = FIU(mov, bitfield_reverse, bitfield_reverse),
   [GLSL_BUILTIN_BIT_COUNT] = FIU(mov, bitcount, bitcount),
   [GLSL_BUILTIN_FIND_LSB] = FIU(mov, findlsb, findlsb),
   [GLSL_BUILTIN_FIND_MSB] = FIU(mov, ifindmsb, ufindmsb),
   [GLSL_BUILTIN_LDEXP] = F(fldexp),
   [GLSL_BUILTIN_FMA] = F(ffma),
};

static int
ir_base_of(const struct glsl_type *t)
{
   switch (t->base) {
   case GLSL_TYPE_FLOAT: return IR_FLOAT;
   case GLSL_TYPE_INT: return IR_INT;
   case GLSL_TYPE_UINT: return IR_UINT;
   case GLSL_TYPE_BOOL: return IR_BOOL;
   default: return -1;
   }
}

static union ir_const_value
to_ir(const struct glsl_const *c, unsigned i)
{
   union ir_const_value v;
   memset(&v, 0, sizeof v);
   switch (c->type->base) {
   case GLSL_TYPE_FLOAT: v.f32 = c->v[i].f; break;
   case GLSL_TYPE_INT: v.i32 = c->v[i].i; break;
   case GLSL_TYPE_UINT: v.u32 = c->v[i].u; break;
   default: v.b = c->v[i].b; break;
   }
   return v;
}

static void
from_ir(struct glsl_const *c, unsigned i, union ir_const_value v)
{
   switch (c->type->base) {
   case GLSL_TYPE_FLOAT: c->v[i].f = v.f32; break;
   case GLSL_TYPE_INT: c->v[i].i = v.i32; break;
   case GLSL_TYPE_UINT: c->v[i].u = v.u32; break;
   default: c->v[i].b = v.b; break;
   }
}

/* One IR operation on up to 4 argument vectors; arg_index[k][j] is the
 * scalar of args[k] that component j reads. */
static bool
eval(enum ir_op op, const struct glsl_type *ret_base_type, unsigned dst_comps,
     const struct glsl_const *const *args, unsigned n, const unsigned *arg_comps,
     unsigned first[4], bool broadcast[4], union ir_const_value out[4])
{
   union ir_const_value vals[4][4];
   const union ir_const_value *srcs[4];
   struct ir_type types[4];
   for (unsigned k = 0; k < n; k++) {
      int b = ir_base_of(args[k]->type);
      if (b < 0)
         return false;
      types[k] = ir_type_make((enum ir_base_type)b, arg_comps[k]);
      for (unsigned j = 0; j < 4; j++)
         vals[k][j] = j < arg_comps[k] ? to_ir(args[k], broadcast[k] ? first[k]
                                                                     : first[k] + j)
                                       : (union ir_const_value){ .u64 = 0 };
      srcs[k] = vals[k];
   }
   int rb = ir_base_of(ret_base_type);
   if (rb < 0)
      return false;
   return ir_eval_alu(op, ir_type_make((enum ir_base_type)rb, dst_comps), n, types, srcs, out);
}

/* m[c][r] of a float matrix constant (column-major scalars). */
static float
mat_at(const struct glsl_const *m, unsigned c, unsigned r)
{
   return m->v[c * glsl_type_rows(m->type) + r].f;
}

static float
det3(float a, float b, float c, float d, float e, float f, float g, float h, float i)
{
   return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

/* The determinant of the n x n matrix m (n <= 4) by cofactor expansion
 * along the first column. */
static float
det(const float *m, unsigned n)
{
   if (n == 1)
      return m[0];
   if (n == 2)
      return m[0] * m[3] - m[2] * m[1];
   if (n == 3)
      return det3(m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]);
   float sum = 0, minor[9];
   for (unsigned r = 0; r < 4; r++) {
      unsigned k = 0;
      for (unsigned c = 1; c < 4; c++)
         for (unsigned rr = 0; rr < 4; rr++)
            if (rr != r)
               minor[k++] = m[c * 4 + rr];
      float d = det(minor, 3);
      sum += (r & 1 ? -m[r] : m[r]) * d;
   }
   return sum;
}

struct glsl_const *
glsl_const_builtin(struct glsl_arena *a, unsigned op, const struct glsl_type *ret,
                   const struct glsl_const *const *args, unsigned n)
{
   if ((unsigned)op >= GLSL_BUILTIN_NUM_OPS || n > 4 || !glsl_type_is_basic(ret))
      return NULL;
   for (unsigned k = 0; k < n; k++) {
      if (!args[k] || !glsl_type_is_basic(args[k]->type) || ir_base_of(args[k]->type) < 0)
         return NULL;
   }
   const struct fold_row *row = &fold_rows[op];
   struct glsl_const *r = glsl_const_new(a, ret);
   unsigned rows = glsl_type_rows(ret), cols = glsl_type_columns(ret);
   switch ((enum fold_kind)row->kind) {
   case FOLD_NONE:
      return NULL;
   case FOLD_ZERO:
      return r;
   case FOLD_COMPONENTS: {
      if (!n)
         return NULL;
      enum ir_op irop = (enum ir_op)row->op[ir_base_of(args[0]->type)];
      if (irop == IR_OP_mov)   /* not defined for this base type */
         return NULL;
      for (unsigned c = 0; c < cols; c++) {
         unsigned first[4], comps[4];
         bool bc[4];
         for (unsigned k = 0; k < n; k++) {
            bc[k] = glsl_type_scalar_count(args[k]->type) == 1 && rows * cols > 1;
            first[k] = bc[k] ? 0 : c * rows;
            comps[k] = rows;
         }
         union ir_const_value out[4];
         if (!eval(irop, ret, rows, args, n, comps, first, bc, out))
            return NULL;
         for (unsigned j = 0; j < rows; j++)
            from_ir(r, c * rows + j, out[j]);
      }
      return r;
   }
   case FOLD_WHOLE: {
      if (!n || cols != 1)
         return NULL;
      enum ir_op irop = (enum ir_op)row->op[ir_base_of(args[0]->type)];
      unsigned first[4] = { 0, 0, 0, 0 }, comps[4];
      bool bc[4] = { false, false, false, false };
      for (unsigned k = 0; k < n; k++) {
         if (glsl_type_columns(args[k]->type) != 1)
            return NULL;
         comps[k] = glsl_type_rows(args[k]->type);
      }
      union ir_const_value out[4];
      if (!eval(irop, ret, rows, args, n, comps, first, bc, out))
         return NULL;
      for (unsigned j = 0; j < rows; j++)
         from_ir(r, j, out[j]);
      return r;
   }
   case FOLD_MIX_BOOL: {
      /* mix(x, y, a): a ? y : x per component */
      if (n != 3)
         return NULL;
      bool bc = glsl_type_scalar_count(args[2]->type) == 1;
      for (unsigned i = 0; i < r->n; i++)
         r->v[i] = args[2]->v[bc ? 0 : i].b ? args[1]->v[i] : args[0]->v[i];
      return r;
   }
   case FOLD_TRANSPOSE:
      if (n != 1 || ret->base != GLSL_TYPE_FLOAT)
         return NULL;
      for (unsigned c = 0; c < cols; c++)
         for (unsigned j = 0; j < rows; j++)
            r->v[c * rows + j].f = mat_at(args[0], j, c);
      return r;
   case FOLD_OUTER:
      /* outerProduct(c, r): column j is c * r[j] */
      if (n != 2 || ret->base != GLSL_TYPE_FLOAT)
         return NULL;
      for (unsigned c = 0; c < cols; c++)
         for (unsigned j = 0; j < rows; j++)
            r->v[c * rows + j].f = args[0]->v[j].f * args[1]->v[c].f;
      return r;
   case FOLD_DETERMINANT: {
      if (n != 1 || args[0]->type->base != GLSL_TYPE_FLOAT)
         return NULL;
      unsigned dim = glsl_type_rows(args[0]->type);
      float m[16];
      for (unsigned i = 0; i < dim * dim; i++)
         m[i] = args[0]->v[i].f;
      r->v[0].f = det(m, dim);
      return r;
   }
   case FOLD_INVERSE: {
      if (n != 1 || ret->base != GLSL_TYPE_FLOAT || rows != cols)
         return NULL;
      float m[16], minor[9];
      for (unsigned i = 0; i < rows * rows; i++)
         m[i] = args[0]->v[i].f;
      float d = det(m, rows);
      /* inverse = adjugate / det: element (c, j) is the cofactor of (j, c) */
      for (unsigned c = 0; c < rows; c++) {
         for (unsigned j = 0; j < rows; j++) {
            unsigned k = 0;
            for (unsigned cc = 0; cc < rows; cc++)
               for (unsigned rr = 0; rr < rows; rr++)
                  if (cc != j && rr != c)
                     minor[k++] = m[cc * rows + rr];
            float cof = rows == 1 ? 1.0f : det(minor, rows - 1);
            if ((c + j) & 1)
               cof = -cof;
            r->v[c * rows + j].f = cof / d;
         }
      }
      return r;
   }
   }
   return NULL;
}
