/*
 * GLSL constant values and the arithmetic of constant expressions
 * (GLSL 4.60 section 4.3.3): what semantic analysis folds when an
 * expression must be constant (array sizes, const initializers, case
 * labels, layout values) and wherever it can.
 *
 * A value of any type is its scalars in order: a vector's components, a
 * matrix's columns (column-major), an array's elements, a struct's
 * members, recursively.  Integer arithmetic wraps (two's complement, as
 * GLSL's 32-bit integers do); float arithmetic is IEEE single precision,
 * double double.  All memory is the arena's.
 */
#ifndef COMPILER_GLSL_GLSL_CONST_H
#define COMPILER_GLSL_GLSL_CONST_H

#include "glsl_types.h"

union glsl_scalar {
   float f;
   int32_t i;
   uint32_t u;
   bool b;
   double d;
};

struct glsl_const {
   const struct glsl_type *type;
   unsigned n;                   /* glsl_type_scalar_count(type) */
   union glsl_scalar *v;
};

/* A zero value of a type (no opaque types; arrays sized). */
struct glsl_const *glsl_const_new(struct glsl_arena *a, const struct glsl_type *type);
struct glsl_const *glsl_const_float(struct glsl_arena *a, float f);
struct glsl_const *glsl_const_int(struct glsl_arena *a, int32_t i);
struct glsl_const *glsl_const_uint(struct glsl_arena *a, uint32_t u);
struct glsl_const *glsl_const_bool(struct glsl_arena *a, bool b);
struct glsl_const *glsl_const_double(struct glsl_arena *a, double d);

/* The value converted to another basic type of the same shape (int ->
 * float ...), as the implicit conversions and scalar constructors do. */
struct glsl_const *glsl_const_convert(struct glsl_arena *a, const struct glsl_const *c,
                                      const struct glsl_type *to);

/* op on constants whose types glsl_type_binary_result accepted:
 * l and r already converted to converted[] there, result its result type.
 * *warning (may be NULL) is set for integer division by zero (the value
 * is then 0: GLSL leaves it undefined). */
struct glsl_const *glsl_const_binary(struct glsl_arena *a, enum glsl_binop op,
                                     const struct glsl_const *l, const struct glsl_const *r,
                                     const struct glsl_type *result, const char **warning);
struct glsl_const *glsl_const_unary(struct glsl_arena *a, enum glsl_unop op,
                                    const struct glsl_const *c);

/* A constructor glsl_type_constructor accepted (kind and result type from
 * there) applied to constant arguments. */
struct glsl_const *glsl_const_construct(struct glsl_arena *a, enum glsl_ctor_kind kind,
                                        const struct glsl_type *type,
                                        const struct glsl_const *const *args, unsigned n);

/* c[i] (arrays, matrix columns, vector components; i checked by the
 * caller), c.member (by index), c.swizzle (comps[0..n) of a vector or
 * scalar). */
struct glsl_const *glsl_const_index(struct glsl_arena *a, const struct glsl_const *c, unsigned i);
struct glsl_const *glsl_const_field(struct glsl_arena *a, const struct glsl_const *c,
                                    unsigned field);
struct glsl_const *glsl_const_swizzle(struct glsl_arena *a, const struct glsl_const *c,
                                      const uint8_t *comps, unsigned n);

/* The same value (== on constants). */
bool glsl_const_equal(const struct glsl_const *a, const struct glsl_const *b);

/* A scalar int or uint constant's value as int64 (array sizes, case
 * labels, layout values); false for other types. */
bool glsl_const_get_int(const struct glsl_const *c, int64_t *out);

/* A call of a built-in function (op: enum glsl_builtin_op, glsl_builtins.h)
 * on constant arguments already converted to its parameter types, ret its
 * return type (glsl_const_builtins.c).  NULL when the call does not fold
 * (texture lookups, noise, out parameters, doubles). */
struct glsl_const *glsl_const_builtin(struct glsl_arena *a, unsigned op,
                                      const struct glsl_type *ret,
                                      const struct glsl_const *const *args, unsigned n);

/* "1.5", "vec2(1, 2)", "int[2](3, 4)": for messages and tests. */
const char *glsl_const_text(struct glsl_arena *a, const struct glsl_const *c);

#endif
