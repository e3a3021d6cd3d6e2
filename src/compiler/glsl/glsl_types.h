/*
 * The GLSL type system (docs/glsl.md, section "Types").
 *
 * What it holds:
 *   - struct glsl_type: basic types (void, bool, int, uint, float, double,
 *     their vectors and the float/double matrices), opaque types (samplers,
 *     images, atomic_uint), structs, arrays (unsized and arrays of arrays),
 *     interface blocks, and the error type used to recover after a
 *     semantic error;
 *   - one static const instance of every basic and opaque type, and the
 *     table of their names with the versions and extensions that have
 *     them (glsl_type_by_name);
 *   - arrays, structs and blocks made in the compilation's arena;
 *   - the queries later stages need: shape, names for messages, location
 *     slots, std140/std430 layout, conversion to IR types;
 *   - the language rules that are about types, as version-gated data:
 *     implicit conversions and their ranking for overload resolution,
 *     the result type of every operator, assignment, ?:, constructors.
 *
 * Comparing types: the basic and opaque types exist once (the static
 * instances), structs and blocks are the same type only when they are the
 * same declaration (pointer identity, which is what GLSL means by "same
 * type" inside a shader; glsl_type_struct_match is the linker's structural
 * rule across shaders), and arrays are compared structurally (element
 * type and length).  glsl_type_equal does all three; arrays are not
 * interned, so never compare types with == unless both are known to be
 * basic or opaque.
 *
 * Errors: functions that derive a type return &glsl_type_error (never
 * NULL) when the rule is broken, with a message ("why") allocated in the
 * arena; an operand that already is the error type gives the error type
 * with a NULL message, so that one mistake is reported once.  Look-ups
 * that ask whether a type exists (glsl_type_by_name,
 * glsl_type_get_instance, glsl_type_get_sampler) return NULL instead.
 */
#ifndef COMPILER_GLSL_GLSL_TYPES_H
#define COMPILER_GLSL_GLSL_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/glsl/glsl_front.h"
#include "compiler/ir/ir.h"

/* ---- what a rule depends on ------------------------------------------- */

/*
 * The language version and the extensions the shader enabled (#extension).
 * ext_enabled (may be NULL: none) answers for the exact name, e.g.
 * "GL_ARB_texture_rectangle"; it should say true only for an extension the
 * shader may use in its language and version (the preprocessor decides).
 */
struct glsl_features {
   struct glsl_version version;
   bool (*ext_enabled)(void *data, const char *ext);
   void *data;
};

/*
 * A version gate: the first desktop and the first ES version that have a
 * feature in core (0: never), or one of up to two extensions per language.
 * Every version-dependent rule here is a row with one of these.
 */
struct glsl_gate {
   uint16_t desktop, es;
   const char *desktop_ext[2];
   const char *es_ext[2];
};

enum glsl_avail {
   GLSL_AVAIL_NO,          /* not in this version, no extension enables it */
   GLSL_AVAIL_CORE,        /* core in this version */
   GLSL_AVAIL_EXT,         /* through an enabled extension */
};

enum glsl_avail glsl_gate_check(const struct glsl_gate *g, const struct glsl_features *f);
/* "GLSL 1.40 or GL_ARB_texture_rectangle", "GLSL ES 3.00" ... for the
 * language of f (what the message "X needs ..." ends with); "no version of
 * GLSL ES" when the feature never exists there. */
const char *glsl_gate_text(struct glsl_arena *a, const struct glsl_gate *g,
                           const struct glsl_features *f);
/* "GLSL 1.20", "GLSL ES 3.00" */
const char *glsl_version_text(struct glsl_arena *a, struct glsl_version v);

/* ---- the type --------------------------------------------------------- */

enum glsl_base_type {
   GLSL_TYPE_VOID,
   GLSL_TYPE_BOOL,
   GLSL_TYPE_INT,
   GLSL_TYPE_UINT,
   GLSL_TYPE_FLOAT,
   GLSL_TYPE_DOUBLE,
   /* (later: GLSL_TYPE_INT64, GLSL_TYPE_UINT64, GLSL_TYPE_FLOAT16 go here) */
   GLSL_TYPE_SAMPLER,
   GLSL_TYPE_IMAGE,
   GLSL_TYPE_ATOMIC_UINT,
   GLSL_TYPE_STRUCT,
   GLSL_TYPE_INTERFACE,
   GLSL_TYPE_ARRAY,
   GLSL_TYPE_ERROR,
};

enum glsl_sampler_dim {
   GLSL_SAMPLER_DIM_1D,
   GLSL_SAMPLER_DIM_2D,
   GLSL_SAMPLER_DIM_3D,
   GLSL_SAMPLER_DIM_CUBE,
   GLSL_SAMPLER_DIM_RECT,
   GLSL_SAMPLER_DIM_BUFFER,
   GLSL_SAMPLER_DIM_MS,          /* 2D multisample */
   GLSL_SAMPLER_DIM_EXTERNAL,    /* samplerExternalOES */
};

/* enum glsl_precision: glsl_front.h */

/* Interface blocks (GLSL 1.50 / ES 3.00 and later). */
enum glsl_interface_mode {
   GLSL_INTERFACE_UNIFORM,
   GLSL_INTERFACE_BUFFER,
   GLSL_INTERFACE_IN,
   GLSL_INTERFACE_OUT,
};

enum glsl_packing {
   GLSL_PACKING_SHARED,
   GLSL_PACKING_PACKED,
   GLSL_PACKING_STD140,
   GLSL_PACKING_STD430,
};

enum glsl_matrix_layout {
   GLSL_MATRIX_LAYOUT_INHERIT,   /* from the block or the default */
   GLSL_MATRIX_LAYOUT_COLUMN_MAJOR,
   GLSL_MATRIX_LAYOUT_ROW_MAJOR,
};

/* A member of a struct or interface block. */
struct glsl_struct_field {
   const char *name;
   const struct glsl_type *type;
   uint8_t precision;            /* enum glsl_precision */
   uint8_t matrix_layout;        /* enum glsl_matrix_layout (blocks) */
   struct glsl_loc loc;          /* where the member was declared */
   /* Layout qualifiers of block members; -1 when not given.  offset and
    * align are honoured by the std140/std430 layout below; location is
    * for the linker. */
   int location, offset, align;
   /* Reserved for sema (block members: interpolation, auxiliary and
    * memory qualifier bits); the type system ignores it. */
   uint32_t qualifiers;
};

#define GLSL_ARRAY_UNSIZED (-1)
/* Arrays and structs nest at most this deep (hostile shaders: every walk
 * of a type is recursive).  Deeper types come back as the error type. */
#define GLSL_TYPE_MAX_DEPTH 64

struct glsl_type {
   uint8_t base;                 /* enum glsl_base_type */
   /* Basic types: rows (1 for scalars, 2-4 for vectors and for the
    * column size of matrices) and columns (1, or 2-4 for matrices).
    * 0 and 0 for everything else. */
   uint8_t vector_elements;
   uint8_t matrix_columns;
   /* Samplers and images. */
   uint8_t sampler_dim;          /* enum glsl_sampler_dim */
   bool sampler_array;
   bool sampler_shadow;
   uint8_t sampled_base;         /* GLSL_TYPE_FLOAT, _INT or _UINT */
   /* Nesting of arrays and structs: 0 for basic and opaque types. */
   uint8_t depth;
   /* Interface blocks. */
   uint8_t interface_mode;       /* enum glsl_interface_mode */
   uint8_t packing;              /* enum glsl_packing */
   uint8_t matrix_layout;        /* enum glsl_matrix_layout of the block */
   /* Basic and opaque types, structs (NULL: anonymous), blocks (the block
    * name); NULL for arrays (glsl_type_name spells them). */
   const char *name;
   /* Arrays: element type and length (> 0, or GLSL_ARRAY_UNSIZED). */
   const struct glsl_type *element;
   int length;
   /* Structs and blocks. */
   const struct glsl_struct_field *fields;
   unsigned num_fields;
   struct glsl_loc loc;          /* where the struct or block was declared */
};

/* ---- the built-in instances ------------------------------------------- */

/* X(ident, base, rows, columns): every basic type.  The name is the
 * identifier; mat2x2, mat3x3, mat4x4 (and dmat) are other names of mat2,
 * mat3, mat4 and have no instance of their own. */
#define GLSL_BASIC_TYPES(X)                                                       \
   X(void, VOID, 1, 1)                                                            \
   X(bool, BOOL, 1, 1) X(bvec2, BOOL, 2, 1) X(bvec3, BOOL, 3, 1) X(bvec4, BOOL, 4, 1) \
   X(int, INT, 1, 1) X(ivec2, INT, 2, 1) X(ivec3, INT, 3, 1) X(ivec4, INT, 4, 1)  \
   X(uint, UINT, 1, 1) X(uvec2, UINT, 2, 1) X(uvec3, UINT, 3, 1) X(uvec4, UINT, 4, 1) \
   X(float, FLOAT, 1, 1) X(vec2, FLOAT, 2, 1) X(vec3, FLOAT, 3, 1) X(vec4, FLOAT, 4, 1) \
   X(double, DOUBLE, 1, 1) X(dvec2, DOUBLE, 2, 1) X(dvec3, DOUBLE, 3, 1)          \
   X(dvec4, DOUBLE, 4, 1)                                                         \
   X(mat2, FLOAT, 2, 2) X(mat2x3, FLOAT, 3, 2) X(mat2x4, FLOAT, 4, 2)             \
   X(mat3x2, FLOAT, 2, 3) X(mat3, FLOAT, 3, 3) X(mat3x4, FLOAT, 4, 3)             \
   X(mat4x2, FLOAT, 2, 4) X(mat4x3, FLOAT, 3, 4) X(mat4, FLOAT, 4, 4)             \
   X(dmat2, DOUBLE, 2, 2) X(dmat2x3, DOUBLE, 3, 2) X(dmat2x4, DOUBLE, 4, 2)       \
   X(dmat3x2, DOUBLE, 2, 3) X(dmat3, DOUBLE, 3, 3) X(dmat3x4, DOUBLE, 4, 3)       \
   X(dmat4x2, DOUBLE, 2, 4) X(dmat4x3, DOUBLE, 3, 4) X(dmat4, DOUBLE, 4, 4)

/* X(ident, base, dim, array, shadow, sampled): every opaque type. */
#define GLSL_OPAQUE_TYPES_OF(X, p, B, S)                                          \
   X(p##1D, S, 1D, false, false, B) X(p##2D, S, 2D, false, false, B)              \
   X(p##3D, S, 3D, false, false, B) X(p##Cube, S, CUBE, false, false, B)          \
   X(p##2DRect, S, RECT, false, false, B) X(p##1DArray, S, 1D, true, false, B)    \
   X(p##2DArray, S, 2D, true, false, B) X(p##CubeArray, S, CUBE, true, false, B)  \
   X(p##Buffer, S, BUFFER, false, false, B) X(p##2DMS, S, MS, false, false, B)    \
   X(p##2DMSArray, S, MS, true, false, B)
#define GLSL_OPAQUE_TYPES(X)                                                      \
   GLSL_OPAQUE_TYPES_OF(X, sampler, FLOAT, SAMPLER)                               \
   GLSL_OPAQUE_TYPES_OF(X, isampler, INT, SAMPLER)                                \
   GLSL_OPAQUE_TYPES_OF(X, usampler, UINT, SAMPLER)                               \
   X(sampler1DShadow, SAMPLER, 1D, false, true, FLOAT)                            \
   X(sampler2DShadow, SAMPLER, 2D, false, true, FLOAT)                            \
   X(samplerCubeShadow, SAMPLER, CUBE, false, true, FLOAT)                        \
   X(sampler2DRectShadow, SAMPLER, RECT, false, true, FLOAT)                      \
   X(sampler1DArrayShadow, SAMPLER, 1D, true, true, FLOAT)                        \
   X(sampler2DArrayShadow, SAMPLER, 2D, true, true, FLOAT)                        \
   X(samplerCubeArrayShadow, SAMPLER, CUBE, true, true, FLOAT)                    \
   X(samplerExternalOES, SAMPLER, EXTERNAL, false, false, FLOAT)                  \
   GLSL_OPAQUE_TYPES_OF(X, image, FLOAT, IMAGE)                                   \
   GLSL_OPAQUE_TYPES_OF(X, iimage, INT, IMAGE)                                    \
   GLSL_OPAQUE_TYPES_OF(X, uimage, UINT, IMAGE)                                   \
   X(atomic_uint, ATOMIC_UINT, 1D, false, false, UINT)

/* glsl_type_float, glsl_type_vec3, glsl_type_mat4x3, glsl_type_sampler2DShadow,
 * glsl_type_uimageBuffer, glsl_type_atomic_uint ... and glsl_type_error. */
#define GLSL_TYPE_DECLARE_(ident, ...) extern const struct glsl_type glsl_type_##ident;
GLSL_BASIC_TYPES(GLSL_TYPE_DECLARE_)
GLSL_OPAQUE_TYPES(GLSL_TYPE_DECLARE_)
#undef GLSL_TYPE_DECLARE_
extern const struct glsl_type glsl_type_error;

/* A row of the name table: a type name and when it exists. */
struct glsl_builtin_type {
   const char *name;
   const struct glsl_type *type;
   struct glsl_gate gate;
};

/* The whole table (sorted by name, strcmp order) and its size: every basic
 * and opaque type name of GLSL 4.60 and GLSL ES 3.20 but the Vulkan-only
 * ones (texture*, sampler, subpassInput*), which are not in it. */
extern const struct glsl_builtin_type glsl_builtin_types[];
extern const unsigned glsl_num_builtin_types;

/* The row of a type name, whatever the version; NULL if no such name. */
const struct glsl_builtin_type *glsl_builtin_type_find(const char *name);

/* The built-in type called name in version v with the extensions that
 * ext_enabled (may be NULL) says are enabled; NULL when there is none (not
 * a type name, or not in that version: glsl_builtin_type_find and
 * glsl_gate_text tell what it needs). */
const struct glsl_type *glsl_type_by_name(const char *name, struct glsl_version v,
                                          bool (*ext_enabled)(void *data, const char *ext),
                                          void *data);
/* The same with a glsl_features. */
const struct glsl_type *glsl_type_by_name_f(const char *name, const struct glsl_features *f);

/* The basic type of a base (void, bool, int, uint, float, double) with rows
 * and columns: (FLOAT, 3, 1) vec3, (FLOAT, 3, 4) mat4x3, (INT, 1, 1) int.
 * NULL if there is none (bool/int/uint matrices, sizes out of range). */
const struct glsl_type *glsl_type_get_instance(enum glsl_base_type base, unsigned rows,
                                               unsigned columns);
/* The sampler of that shape; NULL if GLSL has none (e.g. a shadow 3D or an
 * integer shadow sampler).  external needs dim EXTERNAL, array false,
 * shadow false, sampled FLOAT. */
const struct glsl_type *glsl_type_get_sampler(enum glsl_sampler_dim dim, bool array,
                                              bool shadow, enum glsl_base_type sampled);
const struct glsl_type *glsl_type_get_image(enum glsl_sampler_dim dim, bool array,
                                            enum glsl_base_type sampled);

/* ---- derived types (in the arena) ------------------------------------- */

/*
 * An array of length elements (> 0, or GLSL_ARRAY_UNSIZED).  elem may be
 * an array (arrays of arrays: whether the version allows them is
 * GLSL_RULE_ARRAYS_OF_ARRAYS).  The error type if elem is the error type,
 * void, the length is 0 or below -1, or the nesting would pass
 * GLSL_TYPE_MAX_DEPTH.
 */
const struct glsl_type *glsl_type_array(struct glsl_arena *a, const struct glsl_type *elem,
                                        int length);
/*
 * A struct (name NULL: anonymous) with a copy of the n fields (names and
 * the struct name are copied too).  Each call is a new type: two
 * declarations are two types.  The error type if a field's type is the
 * error type or void, or the nesting would pass GLSL_TYPE_MAX_DEPTH.
 * Duplicate member names are sema's to report (glsl_type_field_index
 * finds the first).
 */
const struct glsl_type *glsl_type_struct(struct glsl_arena *a, const char *name,
                                         struct glsl_loc loc,
                                         const struct glsl_struct_field *fields, unsigned n);
/* An interface block named block_name (the name before the braces). */
const struct glsl_type *glsl_type_interface(struct glsl_arena *a, const char *block_name,
                                            struct glsl_loc loc, enum glsl_interface_mode mode,
                                            enum glsl_packing packing,
                                            enum glsl_matrix_layout matrix_layout,
                                            const struct glsl_struct_field *fields, unsigned n);

/* Same type: identity for basic/opaque types, structs and blocks,
 * structure for arrays (same length, equal elements).  NULL equals only
 * NULL. */
bool glsl_type_equal(const struct glsl_type *a, const struct glsl_type *b);
/* The linker's rule for the same struct in two shaders: same name, same
 * member names and types in order (recursively; arrays structurally), and
 * the same member precisions when check_precision (ES). */
bool glsl_type_struct_match(const struct glsl_type *a, const struct glsl_type *b,
                            bool check_precision);

/* ---- queries ---------------------------------------------------------- */

static inline bool
glsl_type_is_error(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_ERROR;
}
static inline bool
glsl_type_is_void(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_VOID;
}
/* bool, int, uint, float, double scalars, vectors and matrices */
static inline bool
glsl_type_is_basic(const struct glsl_type *t)
{
   return t->base >= GLSL_TYPE_BOOL && t->base <= GLSL_TYPE_DOUBLE;
}
static inline bool
glsl_type_is_scalar(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && t->vector_elements == 1 && t->matrix_columns == 1;
}
static inline bool
glsl_type_is_vector(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && t->vector_elements > 1 && t->matrix_columns == 1;
}
static inline bool
glsl_type_is_matrix(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && t->matrix_columns > 1;
}
/* int, uint, float, double scalars, vectors, matrices */
static inline bool
glsl_type_is_numeric(const struct glsl_type *t)
{
   return t->base >= GLSL_TYPE_INT && t->base <= GLSL_TYPE_DOUBLE;
}
/* bool scalars and vectors */
static inline bool
glsl_type_is_boolean(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_BOOL;
}
/* int, uint scalars and vectors ("integral types") */
static inline bool
glsl_type_is_integer(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_INT || t->base == GLSL_TYPE_UINT;
}
/* float, double scalars, vectors, matrices */
static inline bool
glsl_type_is_floating(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_FLOAT || t->base == GLSL_TYPE_DOUBLE;
}
static inline bool
glsl_type_is_sampler(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_SAMPLER;
}
static inline bool
glsl_type_is_image(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_IMAGE;
}
/* samplers, images, atomic_uint */
static inline bool
glsl_type_is_opaque(const struct glsl_type *t)
{
   return t->base >= GLSL_TYPE_SAMPLER && t->base <= GLSL_TYPE_ATOMIC_UINT;
}
static inline bool
glsl_type_is_array(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_ARRAY;
}
static inline bool
glsl_type_is_unsized_array(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_ARRAY && t->length == GLSL_ARRAY_UNSIZED;
}
static inline bool
glsl_type_is_struct(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_STRUCT;
}
static inline bool
glsl_type_is_interface(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_INTERFACE;
}

/* An opaque type anywhere inside (the type itself, elements, members). */
bool glsl_type_contains_opaque(const struct glsl_type *t);
/* An array anywhere inside (the type itself, elements, members). */
bool glsl_type_contains_array(const struct glsl_type *t);
/* An unsized array anywhere inside (whole-array operations need sizes). */
bool glsl_type_contains_unsized_array(const struct glsl_type *t);
/* A double anywhere inside. */
bool glsl_type_contains_double(const struct glsl_type *t);
bool glsl_type_contains_integer(const struct glsl_type *t);   /* int/uint anywhere */
bool glsl_type_contains_bool(const struct glsl_type *t);

/* Basic types: rows (vector size, column size) and columns; 0 otherwise. */
static inline unsigned
glsl_type_rows(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) ? t->vector_elements : 0;
}
static inline unsigned
glsl_type_columns(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) ? t->matrix_columns : 0;
}
/* Components of a basic type (mat3: 9); 0 for the others. */
static inline unsigned
glsl_type_components(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) ? (unsigned)t->vector_elements * t->matrix_columns : 0;
}
/* Scalar components of any type, arrays and members counted (mat3: 9,
 * float[4]: 4, struct: the sum; opaque types and unsized arrays: 0).
 * Saturates at UINT32_MAX. */
uint32_t glsl_type_scalar_count(const struct glsl_type *t);

/* The scalar of a basic type's base (vec3 -> float, dmat2 -> double);
 * NULL for other types. */
const struct glsl_type *glsl_type_scalar_type(const struct glsl_type *t);
/* The column of a matrix (mat2x3 -> vec3); a vector or scalar itself;
 * NULL for other types. */
const struct glsl_type *glsl_type_column_type(const struct glsl_type *t);
/* A row of a matrix (mat2x3 -> vec2); NULL if t is not a matrix. */
const struct glsl_type *glsl_type_row_type(const struct glsl_type *t);
/* The same shape with another base: (vec3, INT) -> ivec3; NULL if none
 * (mat2 with INT). */
const struct glsl_type *glsl_type_with_base(const struct glsl_type *t, enum glsl_base_type base);
/* What t[i] is: an array's element, a matrix's column, a vector's
 * component; NULL for the rest (scalars included). */
const struct glsl_type *glsl_type_index_result(const struct glsl_type *t);
/* The innermost element of (arrays of) arrays; t itself otherwise. */
const struct glsl_type *glsl_type_without_array(const struct glsl_type *t);
/* The member called name of a struct or block: its index, or -1. */
int glsl_type_field_index(const struct glsl_type *t, const char *name);

/* "float", "vec3", "mat4x3", "sampler2DShadow", "float[4]", "vec4[2][3]",
 * "float[]", "struct S", "struct <anonymous>", "uniform block B",
 * "<error>".  Built-in names are static strings; the others are made in
 * the arena. */
const char *glsl_type_name(struct glsl_arena *a, const struct glsl_type *t);
/* "bool", "int", "uint", "float", "double", "sampler", ... */
const char *glsl_base_type_name(enum glsl_base_type base);

/*
 * Locations a type takes as a vertex input, a varying (input or output of
 * other stages) or a uniform's vec4 slots (GLSL 4.60 section 4.4.1 and
 * ES 3.00 section 4.3.6): scalars and vectors 1, dvec3/dvec4 2 except as
 * vertex inputs (1); matrices one per column (a dmat4 column is a dvec4:
 * 2); arrays length times their element; structs and blocks the sum of
 * their members; opaque types and unsized arrays 0.  mat3 = 3, float[4] =
 * 4.  Saturates at UINT32_MAX.
 */
uint32_t glsl_type_location_slots(const struct glsl_type *t, bool vertex_input);
/* Uniform locations the API gives (glGetUniformLocation): 1 for every
 * basic or opaque type (a matrix is one location), arrays length times
 * their element, structs the sum.  Saturates at UINT32_MAX. */
uint32_t glsl_type_uniform_locations(const struct glsl_type *t);

/*
 * std140 / std430 layout (OpenGL 4.6 section 7.6.2.2), in bytes: base
 * alignment, size, the stride of an array's elements, the offset of a
 * member.  row_major applies to matrices not inside a struct member that
 * says otherwise (glsl_struct_field.matrix_layout); members' offset and
 * align layout qualifiers (>= 0) are honoured as given (sema checks them).
 * SHARED and PACKED use the std140 rules (a valid implementation choice).
 * Opaque types and unsized arrays have size 0 (the runtime array at the
 * end of a buffer block: stride only).  Sizes saturate at UINT64_MAX.
 */
uint32_t glsl_type_std_align(const struct glsl_type *t, enum glsl_packing p, bool row_major);
uint64_t glsl_type_std_size(const struct glsl_type *t, enum glsl_packing p, bool row_major);
uint64_t glsl_type_std_array_stride(const struct glsl_type *array, enum glsl_packing p,
                                    bool row_major);
/* The matrix stride: bytes between columns (rows when row_major). */
uint32_t glsl_type_std_matrix_stride(const struct glsl_type *matrix, enum glsl_packing p,
                                     bool row_major);
uint64_t glsl_type_std_offset(const struct glsl_type *s, unsigned field, enum glsl_packing p,
                              bool row_major);

/* The Pony IR type of a scalar or vector, or of a matrix's column
 * (docs/ir.md: matrices are column vectors); false for other types. */
bool glsl_type_to_ir(const struct glsl_type *t, struct ir_type *out);
/* The IR texture target of a sampler or image (samplerExternalOES: 2D). */
bool glsl_type_ir_tex_target(const struct glsl_type *t, enum ir_tex_target *out);

/* ---- rules that are not about one operator ----------------------------- */

enum glsl_rule {
   GLSL_RULE_IMPLICIT_CONVERSIONS,   /* any implicit conversion at all */
   GLSL_RULE_MATRIX_FROM_MATRIX,     /* mat3(mat4) */
   GLSL_RULE_NONSQUARE_MATRICES,     /* mat2x3 ... */
   GLSL_RULE_ARRAY_CONSTRUCTORS,     /* float[3](...) */
   GLSL_RULE_ARRAY_WHOLE_OPS,        /* =, ==, != and ?: on whole arrays */
   GLSL_RULE_STRUCT_WITH_ARRAY_OPS,  /* =, ==, != on structs that contain arrays */
   GLSL_RULE_INTEGER_OPERATORS,      /* % << >> & | ^ ~ and their assignments */
   GLSL_RULE_OVERLOAD_RANKING,       /* best match among conversions (4.00) */
   GLSL_RULE_ARRAYS_OF_ARRAYS,       /* float a[2][3] */
   GLSL_RULE_RETURN_CONVERSIONS,     /* return 1; in a float function */
   GLSL_RULE_ARRAY_OUT_PARAMS,       /* void f(out float a[2]) */
   GLSL_RULE_NO_EMBEDDED_STRUCTS,    /* (a prohibition) struct S { struct T { ... } t; } */
   GLSL_RULE_UNIFORM_BLOCKS,         /* uniform B { ... }; and layout(std140 ...) */
   GLSL_RULE_UNIFORM_BLOCK_DYNAMIC_INDEX,  /* b[i].x on an array of uniform blocks */
   GLSL_RULE_COUNT,
};

/* The gate of a rule and a few words naming it for messages. */
const struct glsl_gate *glsl_rule_gate(enum glsl_rule r);
const char *glsl_rule_name(enum glsl_rule r);
static inline bool
glsl_rule_allowed(enum glsl_rule r, const struct glsl_features *f)
{
   return glsl_gate_check(glsl_rule_gate(r), f) != GLSL_AVAIL_NO;
}

/* ---- implicit conversions --------------------------------------------- */

/*
 * The kinds of conversion (GLSL 4.60 section 4.1.10; the table rows in
 * glsl_types.c say which version has which):
 *   1.10, ES (all): none
 *   1.20: int -> float
 *   1.30: int, uint -> float
 *   4.00 (ARB_gpu_shader5): int -> uint
 *   4.00 (ARB_gpu_shader_fp64): int, uint, float -> double
 *   ES 3.10 with EXT_shader_implicit_conversions: int -> uint, int/uint -> float
 * A conversion keeps the shape: scalar to scalar, vecN to vecN, matCxR to
 * dmatCxR.  Arrays, structs and opaque types never convert.
 */
enum glsl_conversion {
   GLSL_CONV_NONE,            /* not possible */
   GLSL_CONV_EXACT,           /* the same type */
   GLSL_CONV_FLOAT_TO_DOUBLE,
   GLSL_CONV_INT_TO_FLOAT,    /* int or uint to float */
   GLSL_CONV_INT_TO_DOUBLE,   /* int or uint to double */
   GLSL_CONV_INT_TO_UINT,
};

enum glsl_conversion glsl_type_conversion(const struct glsl_type *from,
                                          const struct glsl_type *to,
                                          const struct glsl_features *f);
/* from is to, or converts to it implicitly. */
bool glsl_type_can_implicitly_convert(const struct glsl_type *from, const struct glsl_type *to,
                                      const struct glsl_features *f);
/*
 * Which of two conversions of one argument is better for overload
 * resolution: > 0 a, < 0 b, 0 neither.  GLSL 4.00 section 6.1 with
 * GLSL_RULE_OVERLOAD_RANKING: an exact match beats any conversion; float
 * to double beats any other conversion; int/uint to float beats int/uint
 * to double.  Before it (1.20-3.30) no conversion is better than another
 * (the caller sees an ambiguity), and an exact match only wins as a whole
 * call (glsl_type_pick_overload).
 */
int glsl_conversion_compare(enum glsl_conversion a, enum glsl_conversion b,
                            const struct glsl_features *f);

enum glsl_param_dir {
   GLSL_PARAM_IN,
   GLSL_PARAM_OUT,
   GLSL_PARAM_INOUT,
};

/* A candidate function for a call. */
struct glsl_overload {
   unsigned num_params;
   const struct glsl_type *const *params;
   const uint8_t *dirs;             /* enum glsl_param_dir per parameter; NULL: all in */
};

enum glsl_overload_result {
   GLSL_OVERLOAD_EXACT,         /* one candidate matches exactly */
   GLSL_OVERLOAD_CONVERTED,     /* one candidate, best among those that convert */
   GLSL_OVERLOAD_NO_MATCH,
   GLSL_OVERLOAD_AMBIGUOUS,     /* several match and none is best */
};

/*
 * Overload resolution (GLSL 1.20-4.60 section 6.1; ES: exact matches
 * only, or EXT_shader_implicit_conversions): the index of the candidate a
 * call with these argument types uses, or -1 (*result says why).  in
 * parameters convert the argument to the parameter, out parameters the
 * parameter to the argument, inout both ways (so only exact).  Candidates
 * with another number of parameters do not match.  An argument of the
 * error type matches anything exactly (no cascade of errors).
 */
int glsl_type_pick_overload(const struct glsl_overload *cands, unsigned num_cands,
                            const struct glsl_type *const *args, unsigned num_args,
                            const struct glsl_features *f, enum glsl_overload_result *result);

/* ---- operators -------------------------------------------------------- */

enum glsl_binop {
   GLSL_BINOP_ADD, GLSL_BINOP_SUB, GLSL_BINOP_MUL, GLSL_BINOP_DIV,
   GLSL_BINOP_MOD,
   GLSL_BINOP_LSHIFT, GLSL_BINOP_RSHIFT,
   GLSL_BINOP_LESS, GLSL_BINOP_GREATER, GLSL_BINOP_LEQUAL, GLSL_BINOP_GEQUAL,
   GLSL_BINOP_EQUAL, GLSL_BINOP_NEQUAL,
   GLSL_BINOP_BIT_AND, GLSL_BINOP_BIT_XOR, GLSL_BINOP_BIT_OR,
   GLSL_BINOP_LOGIC_AND, GLSL_BINOP_LOGIC_XOR, GLSL_BINOP_LOGIC_OR,
   GLSL_BINOP_COUNT,
};

enum glsl_unop {
   GLSL_UNOP_PLUS, GLSL_UNOP_NEG,
   GLSL_UNOP_LOGIC_NOT,       /* ! */
   GLSL_UNOP_BIT_NOT,         /* ~ */
   GLSL_UNOP_INC, GLSL_UNOP_DEC,  /* pre or post ++ -- (sema checks the l-value) */
   GLSL_UNOP_COUNT,
};

/* "+", "<<=", "^^" ... */
const char *glsl_binop_text(enum glsl_binop op);
const char *glsl_unop_text(enum glsl_unop op);

/*
 * The type of a op b (GLSL 4.60 / ES 3.20 section 5.9 with the version
 * gates of glsl_rule).  Implicit conversion comes first: when the bases
 * differ one operand converts to the other's base (int + float: float;
 * int + uint in 4.00: uint); then the shape rules: scalar op scalar,
 * scalar op vector/matrix (the scalar applies to each component), vector
 * op vector of the same size, matrix +-/ matrix of the same size,
 * matrix * matrix / matrix * vector / vector * matrix with the left
 * columns equal to the right rows (linear algebra); % and & | ^ on
 * integers; << >> on integers of any signedness, the result the left
 * operand's type; < > <= >= on numeric scalars; == != on anything but
 * opaque types (arrays sized); && || ^^ on bool.
 * converted (may be NULL) receives what each operand converts to first
 * (the operand's own type when it does not convert; for << >> always).
 * On an error: &glsl_type_error and *why (may be NULL) says
 * "'*' on mat3 and vec4: the matrix has 3 columns but the vector has 4
 * components"; NULL when an operand already was the error type.
 */
const struct glsl_type *glsl_type_binary_result(struct glsl_arena *a, enum glsl_binop op,
                                                const struct glsl_type *l,
                                                const struct glsl_type *r,
                                                const struct glsl_features *f,
                                                const struct glsl_type *converted[2],
                                                const char **why);
/* + - on numeric types, ++ -- on numeric types, ! on bool scalars, ~ on
 * integers (GLSL_RULE_INTEGER_OPERATORS); the result is the operand's type. */
const struct glsl_type *glsl_type_unary_result(struct glsl_arena *a, enum glsl_unop op,
                                               const struct glsl_type *t,
                                               const struct glsl_features *f, const char **why);
/* cond ? l : r: the type of the whole (the condition is sema's: a bool
 * scalar).  The same type, or one converts to the other; no opaque types;
 * whole arrays by GLSL_RULE_ARRAY_WHOLE_OPS. */
const struct glsl_type *glsl_type_select_result(struct glsl_arena *a,
                                                const struct glsl_type *l,
                                                const struct glsl_type *r,
                                                const struct glsl_features *f,
                                                const struct glsl_type *converted[2],
                                                const char **why);
/* lhs = rhs: true when allowed (rhs the same type, or converting to it; no
 * opaque types; arrays and structs with arrays by their rules; arrays
 * sized).  The l-value itself is sema's.  A compound assignment lhs op= rhs
 * must satisfy both rules (section 5.8): glsl_type_binary_result(op, lhs,
 * rhs) and then this check of lhs against that result (float *= vec2 is
 * refused here, vec3 *= mat3 passes). */
bool glsl_type_assign_check(struct glsl_arena *a, const struct glsl_type *lhs,
                            const struct glsl_type *rhs, const struct glsl_features *f,
                            const char **why);

/* ---- constructors ----------------------------------------------------- */

enum glsl_ctor_kind {
   GLSL_CTOR_ERROR,
   GLSL_CTOR_SCALAR,       /* scalar from the first component of one argument */
   GLSL_CTOR_FILL,         /* vector: one scalar into every component */
   GLSL_CTOR_DIAGONAL,     /* matrix: one scalar on the diagonal, 0 elsewhere */
   GLSL_CTOR_COMPONENTS,   /* vector or matrix: the arguments' components in
                            * order (matrices column-major), the last
                            * argument possibly partly used */
   GLSL_CTOR_MATRIX,       /* matrix from one matrix: the overlap copied,
                            * the rest from the identity */
   GLSL_CTOR_STRUCT,       /* one argument per member, converted */
   GLSL_CTOR_ARRAY,        /* one argument per element, converted */
};

/*
 * A constructor call type(args...) (section 5.4): what kind it is and the
 * type it makes (an unsized array type gets the number of arguments as
 * its length; arrays of unsized arrays take the inner sizes from the
 * arguments).  Rules: scalars, vectors and matrices of bool/int/uint/
 * float/double take basic-type arguments of any base (converted as by the
 * scalar constructors); a scalar needs one argument; a vector or matrix
 * needs enough components and no argument that is not used at all; a
 * matrix argument to a matrix needs GLSL_RULE_MATRIX_FROM_MATRIX and must
 * be alone; structs and arrays take exactly one argument per member or
 * element, each the same type or implicitly converting to it; arrays need
 * GLSL_RULE_ARRAY_CONSTRUCTORS.  void, opaque types and blocks cannot be
 * constructed.  On an error: GLSL_CTOR_ERROR, &glsl_type_error and *why
 * (NULL when an argument already was the error type).
 */
enum glsl_ctor_kind glsl_type_constructor(struct glsl_arena *a, const struct glsl_type *type,
                                          const struct glsl_type *const *args, unsigned num_args,
                                          const struct glsl_features *f,
                                          const struct glsl_type **result, const char **why);

#endif
