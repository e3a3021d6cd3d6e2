/*
 * Constant-expression arithmetic: values computed here by hand (not by the
 * code under test) for each operator, constructor and part access.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "glsl_const.h"

#include "glsl_test.h"

static struct glsl_arena arena;
static const struct glsl_features f120 = { { 120, false }, NULL, NULL };
static const struct glsl_features f130 = { { 130, false }, NULL, NULL };

static struct glsl_const *
vec(const struct glsl_type *t, const float *v)
{
   struct glsl_const *c = glsl_const_new(&arena, t);
   for (unsigned i = 0; i < c->n; i++)
      c->v[i].f = v[i];
   return c;
}

static void
expect_text(int line, const struct glsl_const *c, const char *want)
{
   const char *got = glsl_const_text(&arena, c);
   CHECK(!strcmp(got, want), "line %d: got %s, want %s", line, got, want);
}
#define TEXT(c, want) expect_text(__LINE__, c, want)

/* l op r through the type rules, as sema will call them */
static struct glsl_const *
binop(enum glsl_binop op, const struct glsl_const *l, const struct glsl_const *r,
      const struct glsl_features *f, const char **warning)
{
   const struct glsl_type *conv[2];
   const char *why = NULL;
   const struct glsl_type *t = glsl_type_binary_result(&arena, op, l->type, r->type, f, conv, &why);
   if (glsl_type_is_error(t))
      return NULL;
   const struct glsl_const *lc = glsl_type_equal(conv[0], l->type) ? l : glsl_const_convert(&arena, l, conv[0]);
   const struct glsl_const *rc = glsl_type_equal(conv[1], r->type) ? r : glsl_const_convert(&arena, r, conv[1]);
   return glsl_const_binary(&arena, op, lc, rc, t, warning);
}

static void
body(void *data)
{
   (void)data;
   /* scalar arithmetic, int wrap, int -> float in 1.20 */
   TEXT(binop(GLSL_BINOP_ADD, glsl_const_int(&arena, 2), glsl_const_float(&arena, 0.5f), &f120, NULL), "2.5");
   TEXT(binop(GLSL_BINOP_MUL, glsl_const_int(&arena, 65536), glsl_const_int(&arena, 65536), &f120, NULL), "0");
   TEXT(binop(GLSL_BINOP_SUB, glsl_const_int(&arena, INT32_MIN), glsl_const_int(&arena, 1), &f120, NULL), "2147483647");
   TEXT(binop(GLSL_BINOP_DIV, glsl_const_int(&arena, -7), glsl_const_int(&arena, 2), &f120, NULL), "-3");
   const char *w = NULL;
   TEXT(binop(GLSL_BINOP_DIV, glsl_const_int(&arena, 7), glsl_const_int(&arena, 0), &f120, &w), "0");
   CHECK(w && !strcmp(w, "integer division by zero"), "no warning");
   TEXT(binop(GLSL_BINOP_DIV, glsl_const_int(&arena, INT32_MIN), glsl_const_int(&arena, -1), &f120, NULL), "-2147483648");
   TEXT(glsl_const_unary(&arena, GLSL_UNOP_NEG, glsl_const_int(&arena, INT32_MIN)), "-2147483648");
   TEXT(binop(GLSL_BINOP_MOD, glsl_const_uint(&arena, 17u), glsl_const_uint(&arena, 5u), &f130, NULL), "2u");
   TEXT(binop(GLSL_BINOP_RSHIFT, glsl_const_int(&arena, -16), glsl_const_int(&arena, 2), &f130, NULL), "-4");
   TEXT(binop(GLSL_BINOP_LSHIFT, glsl_const_uint(&arena, 1u), glsl_const_int(&arena, 31), &f130, NULL), "2147483648u");
   TEXT(binop(GLSL_BINOP_BIT_XOR, glsl_const_int(&arena, 12), glsl_const_int(&arena, 10), &f130, NULL), "6");

   /* vectors: scalar broadcast, comparison, equality */
   static const float a2[2] = { 1, 2 }, b2[2] = { 3, 5 };
   TEXT(binop(GLSL_BINOP_MUL, vec(&glsl_type_vec2, a2), glsl_const_float(&arena, 2), &f120, NULL), "vec2(2, 4)");
   TEXT(binop(GLSL_BINOP_SUB, glsl_const_float(&arena, 10), vec(&glsl_type_vec2, b2), &f120, NULL), "vec2(7, 5)");
   TEXT(binop(GLSL_BINOP_EQUAL, vec(&glsl_type_vec2, a2), vec(&glsl_type_vec2, a2), &f120, NULL), "true");
   TEXT(binop(GLSL_BINOP_NEQUAL, vec(&glsl_type_vec2, a2), vec(&glsl_type_vec2, b2), &f120, NULL), "true");
   TEXT(binop(GLSL_BINOP_LESS, glsl_const_float(&arena, 1), glsl_const_float(&arena, 1), &f120, NULL), "false");

   /* linear algebra: column-major; m = [[1,2],[3,4]] columns (1,2) and (3,4) */
   static const float m2[4] = { 1, 2, 3, 4 }, v2[2] = { 5, 6 };
   /* m * v = (1*5 + 3*6, 2*5 + 4*6) = (23, 34) */
   TEXT(binop(GLSL_BINOP_MUL, vec(&glsl_type_mat2, m2), vec(&glsl_type_vec2, v2), &f120, NULL), "vec2(23, 34)");
   /* v * m = (5*1 + 6*2, 5*3 + 6*4) = (17, 39) */
   TEXT(binop(GLSL_BINOP_MUL, vec(&glsl_type_vec2, v2), vec(&glsl_type_mat2, m2), &f120, NULL), "vec2(17, 39)");
   /* m * m: column 0 = m*(1,2) = (7, 10), column 1 = m*(3,4) = (15, 22) */
   TEXT(binop(GLSL_BINOP_MUL, vec(&glsl_type_mat2, m2), vec(&glsl_type_mat2, m2), &f120, NULL), "mat2(7, 10, 15, 22)");
   /* mat2x3 (3 rows, 2 columns) * vec2: columns (1,2,3), (4,5,6); * (1, 1) = (5, 7, 9) */
   static const float m23[6] = { 1, 2, 3, 4, 5, 6 }, one2[2] = { 1, 1 };
   TEXT(binop(GLSL_BINOP_MUL, vec(&glsl_type_mat2x3, m23), vec(&glsl_type_vec2, one2), &f120, NULL), "vec3(5, 7, 9)");
   /* componentwise: m + m */
   TEXT(binop(GLSL_BINOP_ADD, vec(&glsl_type_mat2, m2), vec(&glsl_type_mat2, m2), &f120, NULL), "mat2(2, 4, 6, 8)");

   /* constructors */
   const struct glsl_const *args[3];
   args[0] = glsl_const_float(&arena, 2);
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_DIAGONAL, &glsl_type_mat2, args, 1), "mat2(2, 0, 0, 2)");
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_FILL, &glsl_type_ivec3, args, 1), "ivec3(2, 2, 2)");
   args[0] = glsl_const_float(&arena, -1.75f);
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_SCALAR, &glsl_type_int, args, 1), "-1");
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_SCALAR, &glsl_type_bool, args, 1), "true");
   args[0] = vec(&glsl_type_vec2, a2);
   args[1] = glsl_const_int(&arena, 7);
   args[2] = vec(&glsl_type_vec2, b2);
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_COMPONENTS, &glsl_type_vec4, args, 3), "vec4(1, 2, 7, 3)");
   args[0] = vec(&glsl_type_mat2, m2);
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_MATRIX, &glsl_type_mat3, args, 1), "mat3(1, 2, 0, 3, 4, 0, 0, 0, 1)");
   const struct glsl_type *arr = glsl_type_array(&arena, &glsl_type_float, 2);
   args[0] = glsl_const_int(&arena, 3);
   args[1] = glsl_const_float(&arena, 4.5f);
   TEXT(glsl_const_construct(&arena, GLSL_CTOR_ARRAY, arr, args, 2), "float[2](3, 4.5)");

   /* parts */
   const struct glsl_const *m = vec(&glsl_type_mat2x3, m23);
   TEXT(glsl_const_index(&arena, m, 1), "vec3(4, 5, 6)");
   TEXT(glsl_const_index(&arena, glsl_const_index(&arena, m, 1), 2), "6");
   static const uint8_t zyx[3] = { 2, 1, 0 };
   TEXT(glsl_const_swizzle(&arena, glsl_const_index(&arena, m, 0), zyx, 3), "vec3(3, 2, 1)");
   int64_t v;
   CHECK(glsl_const_get_int(glsl_const_uint(&arena, 4000000000u), &v) && v == 4000000000LL, "get_int uint");
   CHECK(!glsl_const_get_int(glsl_const_float(&arena, 1), &v), "get_int of a float");
   /* float -> int saturates (C leaves it undefined) */
   TEXT(glsl_const_convert(&arena, glsl_const_float(&arena, 1e20f), &glsl_type_int), "2147483647");
   TEXT(glsl_const_convert(&arena, glsl_const_float(&arena, NAN), &glsl_type_int), "0");
}

int
main(void)
{
   glsl_arena_init(&arena, 0);
   CHECK(glsl_arena_run(&arena, body, NULL), "out of memory");
   glsl_arena_finish(&arena);
   if (failures)
      fprintf(stderr, "glsl_test_const: %d failures\n", failures);
   else
      printf("glsl_test_const: ok\n");
   return failures != 0;
}
