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

/* The operations (glsl_builtin_ir(), glsl_builtins.c) are the lowering's
 * too: what the table says a call computes is what both do. */

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
   const struct glsl_builtin_ir *row = glsl_builtin_ir(op);
   struct glsl_const *r = glsl_const_new(a, ret);
   unsigned rows = glsl_type_rows(ret), cols = glsl_type_columns(ret);
   switch ((enum glsl_builtin_ir_kind)row->kind) {
   case GLSL_BUILTIN_IR_NONE:
      return NULL;
   case GLSL_BUILTIN_IR_ZERO:
      return r;
   case GLSL_BUILTIN_IR_COMPONENTS: {
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
   case GLSL_BUILTIN_IR_WHOLE: {
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
   case GLSL_BUILTIN_IR_MIX_BOOL: {
      /* mix(x, y, a): a ? y : x per component */
      if (n != 3)
         return NULL;
      bool bc = glsl_type_scalar_count(args[2]->type) == 1;
      for (unsigned i = 0; i < r->n; i++)
         r->v[i] = args[2]->v[bc ? 0 : i].b ? args[1]->v[i] : args[0]->v[i];
      return r;
   }
   case GLSL_BUILTIN_IR_TRANSPOSE:
      if (n != 1 || ret->base != GLSL_TYPE_FLOAT)
         return NULL;
      for (unsigned c = 0; c < cols; c++)
         for (unsigned j = 0; j < rows; j++)
            r->v[c * rows + j].f = mat_at(args[0], j, c);
      return r;
   case GLSL_BUILTIN_IR_OUTER:
      /* outerProduct(c, r): column j is c * r[j] */
      if (n != 2 || ret->base != GLSL_TYPE_FLOAT)
         return NULL;
      for (unsigned c = 0; c < cols; c++)
         for (unsigned j = 0; j < rows; j++)
            r->v[c * rows + j].f = args[0]->v[j].f * args[1]->v[c].f;
      return r;
   case GLSL_BUILTIN_IR_DETERMINANT: {
      if (n != 1 || args[0]->type->base != GLSL_TYPE_FLOAT)
         return NULL;
      unsigned dim = glsl_type_rows(args[0]->type);
      float m[16];
      for (unsigned i = 0; i < dim * dim; i++)
         m[i] = args[0]->v[i].f;
      r->v[0].f = det(m, dim);
      return r;
   }
   case GLSL_BUILTIN_IR_INVERSE: {
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
