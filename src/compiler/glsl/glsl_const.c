/*
 * GLSL constant values and constant-expression arithmetic (glsl_const.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "glsl_const.h"

/* ---- values ------------------------------------------------------------------ */

struct glsl_const *
glsl_const_new(struct glsl_arena *a, const struct glsl_type *type)
{
   struct glsl_const *c = glsl_alloc(a, sizeof *c);
   c->type = type;
   c->n = glsl_type_scalar_count(type);
   c->v = glsl_alloc_array(a, c->n ? c->n : 1, sizeof *c->v);
   return c;
}

struct glsl_const *
glsl_const_float(struct glsl_arena *a, float f)
{
   struct glsl_const *c = glsl_const_new(a, &glsl_type_float);
   c->v[0].f = f;
   return c;
}

struct glsl_const *
glsl_const_int(struct glsl_arena *a, int32_t i)
{
   struct glsl_const *c = glsl_const_new(a, &glsl_type_int);
   c->v[0].i = i;
   return c;
}

struct glsl_const *
glsl_const_uint(struct glsl_arena *a, uint32_t u)
{
   struct glsl_const *c = glsl_const_new(a, &glsl_type_uint);
   c->v[0].u = u;
   return c;
}

struct glsl_const *
glsl_const_bool(struct glsl_arena *a, bool b)
{
   struct glsl_const *c = glsl_const_new(a, &glsl_type_bool);
   c->v[0].b = b;
   return c;
}

struct glsl_const *
glsl_const_double(struct glsl_arena *a, double d)
{
   struct glsl_const *c = glsl_const_new(a, &glsl_type_double);
   c->v[0].d = d;
   return c;
}

/* The base of a basic type's scalars. */
static enum glsl_base_type
base_of(const struct glsl_type *t)
{
   return (enum glsl_base_type)glsl_type_without_array(t)->base;
}

/* float -> int32 with saturation (C leaves out-of-range conversion
 * undefined; GLSL leaves the value undefined: NaN gives 0). */
static int32_t
double_to_i32(double d)
{
   if (d != d)
      return 0;
   if (d >= 2147483647.0)
      return INT32_MAX;
   if (d <= -2147483648.0)
      return INT32_MIN;
   return (int32_t)d;
}

static uint32_t
double_to_u32(double d)
{
   if (d != d || d <= 0.0)
      return d <= -1.0 ? (uint32_t)double_to_i32(d) : 0;   /* negative: the int's bits */
   if (d >= 4294967295.0)
      return UINT32_MAX;
   return (uint32_t)d;
}

static union glsl_scalar
convert_scalar(union glsl_scalar v, enum glsl_base_type from, enum glsl_base_type to)
{
   union glsl_scalar r;
   memset(&r, 0, sizeof r);
   double d;
   switch (from) {
   case GLSL_TYPE_BOOL: d = v.b ? 1.0 : 0.0; break;
   case GLSL_TYPE_INT: d = v.i; break;
   case GLSL_TYPE_UINT: d = v.u; break;
   case GLSL_TYPE_FLOAT: d = v.f; break;
   case GLSL_TYPE_DOUBLE: d = v.d; break;
   default: return r;
   }
   switch (to) {
   case GLSL_TYPE_BOOL:
      r.b = from == GLSL_TYPE_INT ? v.i != 0 : from == GLSL_TYPE_UINT ? v.u != 0 : d != 0.0;
      break;
   case GLSL_TYPE_INT:
      r.i = from == GLSL_TYPE_UINT ? (int32_t)v.u : from == GLSL_TYPE_INT ? v.i : double_to_i32(d);
      break;
   case GLSL_TYPE_UINT:
      r.u = from == GLSL_TYPE_INT ? (uint32_t)v.i : from == GLSL_TYPE_UINT ? v.u : double_to_u32(d);
      break;
   case GLSL_TYPE_FLOAT:
      r.f = from == GLSL_TYPE_DOUBLE ? (float)v.d : from == GLSL_TYPE_FLOAT ? v.f : (float)d;
      break;
   case GLSL_TYPE_DOUBLE:
      r.d = d;
      break;
   default:
      break;
   }
   return r;
}

struct glsl_const *
glsl_const_convert(struct glsl_arena *a, const struct glsl_const *c, const struct glsl_type *to)
{
   struct glsl_const *r = glsl_const_new(a, to);
   enum glsl_base_type from_b = base_of(c->type), to_b = base_of(to);
   for (unsigned i = 0; i < r->n && i < c->n; i++)
      r->v[i] = convert_scalar(c->v[i], from_b, to_b);
   return r;
}

/* ---- operators ---------------------------------------------------------------- */

/* Scalar i of a value that may be a scalar broadcast over n. */
static union glsl_scalar
at(const struct glsl_const *c, unsigned i)
{
   return c->n == 1 ? c->v[0] : c->v[i];
}

static union glsl_scalar
arith(enum glsl_binop op, enum glsl_base_type b, union glsl_scalar x, union glsl_scalar y,
      const char **warning)
{
   union glsl_scalar r;
   memset(&r, 0, sizeof r);
   switch (b) {
   case GLSL_TYPE_FLOAT:
      switch (op) {
      case GLSL_BINOP_ADD: r.f = x.f + y.f; break;
      case GLSL_BINOP_SUB: r.f = x.f - y.f; break;
      case GLSL_BINOP_MUL: r.f = x.f * y.f; break;
      case GLSL_BINOP_DIV: r.f = x.f / y.f; break;
      default: break;
      }
      return r;
   case GLSL_TYPE_DOUBLE:
      switch (op) {
      case GLSL_BINOP_ADD: r.d = x.d + y.d; break;
      case GLSL_BINOP_SUB: r.d = x.d - y.d; break;
      case GLSL_BINOP_MUL: r.d = x.d * y.d; break;
      case GLSL_BINOP_DIV: r.d = x.d / y.d; break;
      default: break;
      }
      return r;
   case GLSL_TYPE_INT:
   case GLSL_TYPE_UINT: {
      /* in unsigned arithmetic: wraps like GLSL's 32-bit integers */
      uint32_t u = x.u, v = y.u;
      bool sign = b == GLSL_TYPE_INT;
      switch (op) {
      case GLSL_BINOP_ADD: r.u = u + v; break;
      case GLSL_BINOP_SUB: r.u = u - v; break;
      case GLSL_BINOP_MUL: r.u = u * v; break;
      case GLSL_BINOP_DIV:
      case GLSL_BINOP_MOD:
         if (v == 0) {
            if (warning)
               *warning = op == GLSL_BINOP_DIV ? "integer division by zero"
                                               : "integer modulus by zero";
            r.u = 0;
         } else if (sign && x.i == INT32_MIN && y.i == -1) {
            r.i = op == GLSL_BINOP_DIV ? INT32_MIN : 0;
         } else if (sign) {
            r.i = op == GLSL_BINOP_DIV ? x.i / y.i : x.i % y.i;
         } else {
            r.u = op == GLSL_BINOP_DIV ? u / v : u % v;
         }
         break;
      case GLSL_BINOP_BIT_AND: r.u = u & v; break;
      case GLSL_BINOP_BIT_OR: r.u = u | v; break;
      case GLSL_BINOP_BIT_XOR: r.u = u ^ v; break;
      default: break;
      }
      return r;
   }
   default:
      return r;
   }
}

/* x compared to y by op (scalars of base b). */
static bool
compare(enum glsl_binop op, enum glsl_base_type b, union glsl_scalar x, union glsl_scalar y)
{
   double dx, dy;
   switch (b) {
   case GLSL_TYPE_INT: dx = x.i; dy = y.i; break;
   case GLSL_TYPE_UINT: dx = x.u; dy = y.u; break;
   case GLSL_TYPE_FLOAT: dx = x.f; dy = y.f; break;
   case GLSL_TYPE_DOUBLE: dx = x.d; dy = y.d; break;
   default: dx = x.b; dy = y.b; break;
   }
   switch (op) {
   case GLSL_BINOP_LESS: return dx < dy;
   case GLSL_BINOP_GREATER: return dx > dy;
   case GLSL_BINOP_LEQUAL: return dx <= dy;
   case GLSL_BINOP_GEQUAL: return dx >= dy;
   default: return false;
   }
}

/* The scalars of one base-typed value are equal (== on floats: IEEE). */
static bool
scalar_equal(enum glsl_base_type b, union glsl_scalar x, union glsl_scalar y)
{
   switch (b) {
   case GLSL_TYPE_BOOL: return x.b == y.b;
   case GLSL_TYPE_FLOAT: return x.f == y.f;
   case GLSL_TYPE_DOUBLE: return x.d == y.d;
   default: return x.u == y.u;
   }
}

/* Base type of scalar i of a value of type t (structs mix bases). */
static enum glsl_base_type
scalar_base(const struct glsl_type *t, unsigned i)
{
   while (glsl_type_is_array(t) || glsl_type_is_struct(t)) {
      if (glsl_type_is_array(t)) {
         uint32_t per = glsl_type_scalar_count(t->element);
         i = per ? i % per : 0;
         t = t->element;
         continue;
      }
      for (unsigned f = 0; f < t->num_fields; f++) {
         uint32_t n = glsl_type_scalar_count(t->fields[f].type);
         if (i < n) {
            t = t->fields[f].type;
            break;
         }
         i -= n;
      }
      if (glsl_type_is_struct(t))
         return GLSL_TYPE_VOID;   /* past the end */
   }
   return (enum glsl_base_type)t->base;
}

bool
glsl_const_equal(const struct glsl_const *a, const struct glsl_const *b)
{
   if (a->n != b->n)
      return false;
   for (unsigned i = 0; i < a->n; i++) {
      if (!scalar_equal(scalar_base(a->type, i), a->v[i], b->v[i]))
         return false;
   }
   return true;
}

struct glsl_const *
glsl_const_binary(struct glsl_arena *a, enum glsl_binop op, const struct glsl_const *l,
                  const struct glsl_const *r, const struct glsl_type *result,
                  const char **warning)
{
   struct glsl_const *c = glsl_const_new(a, result);
   enum glsl_base_type b = base_of(l->type);

   switch (op) {
   case GLSL_BINOP_EQUAL:
   case GLSL_BINOP_NEQUAL:
      c->v[0].b = glsl_const_equal(l, r) == (op == GLSL_BINOP_EQUAL);
      return c;
   case GLSL_BINOP_LESS: case GLSL_BINOP_GREATER:
   case GLSL_BINOP_LEQUAL: case GLSL_BINOP_GEQUAL:
      c->v[0].b = compare(op, b, l->v[0], r->v[0]);
      return c;
   case GLSL_BINOP_LOGIC_AND: c->v[0].b = l->v[0].b && r->v[0].b; return c;
   case GLSL_BINOP_LOGIC_OR: c->v[0].b = l->v[0].b || r->v[0].b; return c;
   case GLSL_BINOP_LOGIC_XOR: c->v[0].b = l->v[0].b != r->v[0].b; return c;
   case GLSL_BINOP_LSHIFT:
   case GLSL_BINOP_RSHIFT:
      for (unsigned i = 0; i < c->n; i++) {
         union glsl_scalar x = at(l, i), s = at(r, i);
         /* a shift by 32 or more (or negative) is undefined in GLSL: the
          * amount is taken modulo 32 here */
         unsigned amount = (unsigned)s.u & 31u;
         if (op == GLSL_BINOP_LSHIFT)
            c->v[i].u = x.u << amount;
         else if (b == GLSL_TYPE_INT)
            c->v[i].i = x.i < 0 ? (int32_t)~(~x.u >> amount) : (int32_t)(x.u >> amount);
         else
            c->v[i].u = x.u >> amount;
      }
      return c;
   default:
      break;
   }

   bool lm = glsl_type_is_matrix(l->type), rm = glsl_type_is_matrix(r->type);
   if (op == GLSL_BINOP_MUL && ((lm && (rm || glsl_type_is_vector(r->type))) ||
                                (rm && glsl_type_is_vector(l->type)))) {
      /* linear algebra: columns are contiguous (column-major) */
      unsigned lrows = glsl_type_rows(l->type), lcols = glsl_type_columns(l->type);
      unsigned rrows = glsl_type_rows(r->type), rcols = glsl_type_columns(r->type);
      unsigned rows = glsl_type_rows(result), cols = glsl_type_columns(result);
      unsigned inner = lm ? lcols : lrows;   /* vector * matrix: the vector's size */
      (void)rrows;
      for (unsigned j = 0; j < (rm ? rcols : 1); j++) {
         for (unsigned i = 0; i < (lm ? lrows : 1); i++) {
            double acc = 0.0;
            for (unsigned k = 0; k < inner; k++) {
               double x = b == GLSL_TYPE_DOUBLE ? l->v[lm ? k * lrows + i : k].d
                                                : l->v[lm ? k * lrows + i : k].f;
               double y = b == GLSL_TYPE_DOUBLE ? r->v[rm ? j * rrows + k : k].d
                                                : r->v[rm ? j * rrows + k : k].f;
               acc += x * y;
            }
            unsigned idx = lm && rm ? j * rows + i : lm ? i : j;
            if (idx < c->n) {
               if (b == GLSL_TYPE_DOUBLE)
                  c->v[idx].d = acc;
               else
                  c->v[idx].f = (float)acc;
            }
         }
      }
      (void)cols;
      return c;
   }
   for (unsigned i = 0; i < c->n; i++)
      c->v[i] = arith(op, b, at(l, i), at(r, i), warning);
   return c;
}

struct glsl_const *
glsl_const_unary(struct glsl_arena *a, enum glsl_unop op, const struct glsl_const *c)
{
   struct glsl_const *r = glsl_const_new(a, c->type);
   enum glsl_base_type b = base_of(c->type);
   for (unsigned i = 0; i < c->n; i++) {
      union glsl_scalar x = c->v[i];
      switch (op) {
      case GLSL_UNOP_NEG:
         if (b == GLSL_TYPE_FLOAT)
            x.f = -x.f;
         else if (b == GLSL_TYPE_DOUBLE)
            x.d = -x.d;
         else
            x.u = 0u - x.u;   /* wraps: -INT_MIN is INT_MIN */
         break;
      case GLSL_UNOP_LOGIC_NOT:
         x.b = !x.b;
         break;
      case GLSL_UNOP_BIT_NOT:
         x.u = ~x.u;
         break;
      default:
         break;
      }
      r->v[i] = x;
   }
   return r;
}

/* ---- constructors --------------------------------------------------------------- */

struct glsl_const *
glsl_const_construct(struct glsl_arena *a, enum glsl_ctor_kind kind, const struct glsl_type *type,
                     const struct glsl_const *const *args, unsigned n)
{
   struct glsl_const *c = glsl_const_new(a, type);
   enum glsl_base_type to = base_of(type);
   switch (kind) {
   case GLSL_CTOR_SCALAR:
   case GLSL_CTOR_FILL:
      for (unsigned i = 0; i < c->n; i++)
         c->v[i] = convert_scalar(args[0]->v[0], base_of(args[0]->type), to);
      return c;
   case GLSL_CTOR_DIAGONAL: {
      unsigned rows = glsl_type_rows(type), cols = glsl_type_columns(type);
      union glsl_scalar d = convert_scalar(args[0]->v[0], base_of(args[0]->type), to);
      for (unsigned j = 0; j < cols; j++)
         for (unsigned i = 0; i < rows; i++)
            if (i == j)
               c->v[j * rows + i] = d;
      return c;
   }
   case GLSL_CTOR_COMPONENTS: {
      unsigned k = 0;
      for (unsigned i = 0; i < n && k < c->n; i++) {
         enum glsl_base_type from = base_of(args[i]->type);
         for (unsigned s = 0; s < args[i]->n && k < c->n; s++)
            c->v[k++] = convert_scalar(args[i]->v[s], from, to);
      }
      return c;
   }
   case GLSL_CTOR_MATRIX: {
      unsigned rows = glsl_type_rows(type), cols = glsl_type_columns(type);
      unsigned srows = glsl_type_rows(args[0]->type), scols = glsl_type_columns(args[0]->type);
      enum glsl_base_type from = base_of(args[0]->type);
      for (unsigned j = 0; j < cols; j++) {
         for (unsigned i = 0; i < rows; i++) {
            union glsl_scalar v;
            if (j < scols && i < srows) {
               v = convert_scalar(args[0]->v[j * srows + i], from, to);
            } else {
               union glsl_scalar one;
               one.d = i == j ? 1.0 : 0.0;
               v = convert_scalar(one, GLSL_TYPE_DOUBLE, to);
            }
            c->v[j * rows + i] = v;
         }
      }
      return c;
   }
   case GLSL_CTOR_STRUCT:
   case GLSL_CTOR_ARRAY: {
      unsigned k = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct glsl_type *member = kind == GLSL_CTOR_STRUCT
                                             ? (i < type->num_fields ? type->fields[i].type : NULL)
                                             : type->element;
         if (!member)
            break;
         const struct glsl_const *v = args[i];
         if (glsl_type_is_basic(member) && !glsl_type_equal(member, v->type))
            v = glsl_const_convert(a, v, member);
         for (unsigned s = 0; s < v->n && k < c->n; s++)
            c->v[k++] = v->v[s];
      }
      return c;
   }
   default:
      return c;
   }
}

/* ---- parts ------------------------------------------------------------------------ */

struct glsl_const *
glsl_const_index(struct glsl_arena *a, const struct glsl_const *c, unsigned i)
{
   const struct glsl_type *t = glsl_type_index_result(c->type);
   struct glsl_const *r = glsl_const_new(a, t);
   unsigned start = i * r->n;
   for (unsigned k = 0; k < r->n && start + k < c->n; k++)
      r->v[k] = c->v[start + k];
   return r;
}

struct glsl_const *
glsl_const_field(struct glsl_arena *a, const struct glsl_const *c, unsigned field)
{
   unsigned start = 0;
   for (unsigned f = 0; f < field; f++)
      start += glsl_type_scalar_count(c->type->fields[f].type);
   struct glsl_const *r = glsl_const_new(a, c->type->fields[field].type);
   for (unsigned k = 0; k < r->n && start + k < c->n; k++)
      r->v[k] = c->v[start + k];
   return r;
}

struct glsl_const *
glsl_const_swizzle(struct glsl_arena *a, const struct glsl_const *c, const uint8_t *comps,
                   unsigned n)
{
   const struct glsl_type *t = glsl_type_get_instance(base_of(c->type), n, 1);
   struct glsl_const *r = glsl_const_new(a, t);
   for (unsigned k = 0; k < n; k++)
      r->v[k] = c->v[comps[k] < c->n ? comps[k] : 0];
   return r;
}

bool
glsl_const_get_int(const struct glsl_const *c, int64_t *out)
{
   if (c->type == &glsl_type_int) {
      *out = c->v[0].i;
      return true;
   }
   if (c->type == &glsl_type_uint) {
      *out = c->v[0].u;
      return true;
   }
   return false;
}

/* ---- text ----------------------------------------------------------------------------- */

struct text {
   struct glsl_arena *a;
   char *buf;
   size_t len, cap;
};

static void
text_put(struct text *t, const char *s)
{
   size_t n = strlen(s);
   if (t->len + n + 1 > t->cap) {
      size_t cap = t->cap ? t->cap : 64;
      while (cap < t->len + n + 1)
         cap *= 2;
      t->buf = glsl_realloc_array(t->a, t->buf, t->len, cap, 1);
      t->cap = cap;
   }
   memcpy(t->buf + t->len, s, n + 1);
   t->len += n;
}

static void
text_scalar(struct text *t, enum glsl_base_type b, union glsl_scalar v)
{
   char tmp[40];
   switch (b) {
   case GLSL_TYPE_BOOL: snprintf(tmp, sizeof tmp, "%s", v.b ? "true" : "false"); break;
   case GLSL_TYPE_INT: snprintf(tmp, sizeof tmp, "%d", (int)v.i); break;
   case GLSL_TYPE_UINT: snprintf(tmp, sizeof tmp, "%uu", (unsigned)v.u); break;
   case GLSL_TYPE_FLOAT: snprintf(tmp, sizeof tmp, "%.9g", (double)v.f); break;
   case GLSL_TYPE_DOUBLE: snprintf(tmp, sizeof tmp, "%.17glf", v.d); break;
   default: snprintf(tmp, sizeof tmp, "?"); break;
   }
   text_put(t, tmp);
}

static void
text_value(struct text *t, const struct glsl_type *type, const union glsl_scalar *v,
           unsigned *k)
{
   if (glsl_type_is_scalar(type)) {
      text_scalar(t, (enum glsl_base_type)type->base, v[(*k)++]);
      return;
   }
   text_put(t, glsl_type_name(t->a, type));
   text_put(t, "(");
   if (glsl_type_is_basic(type)) {
      unsigned n = glsl_type_components(type);
      for (unsigned i = 0; i < n; i++) {
         if (i)
            text_put(t, ", ");
         text_scalar(t, (enum glsl_base_type)type->base, v[(*k)++]);
      }
   } else if (glsl_type_is_array(type)) {
      for (int i = 0; i < type->length; i++) {
         if (i)
            text_put(t, ", ");
         text_value(t, type->element, v, k);
      }
   } else if (glsl_type_is_struct(type)) {
      for (unsigned f = 0; f < type->num_fields; f++) {
         if (f)
            text_put(t, ", ");
         text_value(t, type->fields[f].type, v, k);
      }
   }
   text_put(t, ")");
}

const char *
glsl_const_text(struct glsl_arena *a, const struct glsl_const *c)
{
   struct text t = { a, NULL, 0, 0 };
   unsigned k = 0;
   text_put(&t, "");
   text_value(&t, c->type, c->v, &k);
   return t.buf;
}
