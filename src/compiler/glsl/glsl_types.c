/*
 * The GLSL type system (glsl_types.h, docs/glsl.md "Types").
 *
 * Facts come from the GLSL 1.10 ... 4.60 and GLSL ES 1.00 ... 3.20
 * specifications (chapters 4 "Variables and Types", 5 "Operators and
 * Expressions", 6.1 "Function Definitions") and the OpenGL 4.6 API
 * specification section 7.6.2.2 (std140/std430).  Everything that differs
 * between versions is a table row with a struct glsl_gate.
 */
#include "compiler/glsl/glsl_types.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- version gates ----------------------------------------------------- */

enum glsl_avail
glsl_gate_check(const struct glsl_gate *g, const struct glsl_features *f)
{
   if (glsl_version_at_least(f->version, g->desktop, g->es))
      return GLSL_AVAIL_CORE;
   const char *const *ext = f->version.es ? g->es_ext : g->desktop_ext;
   if (f->ext_enabled) {
      for (unsigned i = 0; i < 2; i++) {
         if (ext[i] && f->ext_enabled(f->data, ext[i]))
            return GLSL_AVAIL_EXT;
      }
   }
   return GLSL_AVAIL_NO;
}

const char *
glsl_version_text(struct glsl_arena *a, struct glsl_version v)
{
   return glsl_printf(a, "GLSL %s%u.%02u", v.es ? "ES " : "", v.number / 100u,
                      v.number % 100u);
}

const char *
glsl_gate_text(struct glsl_arena *a, const struct glsl_gate *g, const struct glsl_features *f)
{
   bool es = f->version.es;
   unsigned core = es ? g->es : g->desktop;
   const char *const *ext = es ? g->es_ext : g->desktop_ext;
   const char *parts[3];
   unsigned n = 0;
   if (core)
      parts[n++] = glsl_version_text(a, (struct glsl_version){ (uint16_t)core, es });
   for (unsigned i = 0; i < 2; i++) {
      if (ext[i])
         parts[n++] = ext[i];
   }
   switch (n) {
   case 0:
      return es ? "no version of GLSL ES" : "no version of GLSL";
   case 1:
      return parts[0];
   case 2:
      return glsl_printf(a, "%s or %s", parts[0], parts[1]);
   default:
      return glsl_printf(a, "%s, %s or %s", parts[0], parts[1], parts[2]);
   }
}

/* ---- the built-in instances ------------------------------------------- */

#define BASIC_INSTANCE(ident, b, rows, cols)                                  \
   const struct glsl_type glsl_type_##ident = {                               \
      .base = GLSL_TYPE_##b, .vector_elements = rows, .matrix_columns = cols, \
      .name = #ident,                                                         \
   };
#define OPAQUE_INSTANCE(ident, b, dim, arr, shadow, sampled)                   \
   const struct glsl_type glsl_type_##ident = {                                \
      .base = GLSL_TYPE_##b, .sampler_dim = GLSL_SAMPLER_DIM_##dim,            \
      .sampler_array = arr, .sampler_shadow = shadow,                          \
      .sampled_base = GLSL_TYPE_##sampled, .name = #ident,                     \
   };
GLSL_BASIC_TYPES(BASIC_INSTANCE)
GLSL_OPAQUE_TYPES(OPAQUE_INSTANCE)
#undef BASIC_INSTANCE
#undef OPAQUE_INSTANCE

const struct glsl_type glsl_type_error = { .base = GLSL_TYPE_ERROR, .name = "<error>" };

#define INSTANCE_PTR(ident, ...) &glsl_type_##ident,
static const struct glsl_type *const basic_instances[] = { GLSL_BASIC_TYPES(INSTANCE_PTR) };
static const struct glsl_type *const opaque_instances[] = { GLSL_OPAQUE_TYPES(INSTANCE_PTR) };
#undef INSTANCE_PTR


/* ---- the name table ----------------------------------------------------- */

/* Extensions that add type names. */
#define FP64 "GL_ARB_gpu_shader_fp64"
#define RECT "GL_ARB_texture_rectangle"
#define TEXARRAY "GL_EXT_texture_array"
#define MS "GL_ARB_texture_multisample"
#define MS_ARRAY_ES "GL_OES_texture_storage_multisample_2d_array"
#define CUBEARRAY "GL_ARB_texture_cube_map_array"
#define CUBEARRAY_EXT "GL_EXT_texture_cube_map_array"
#define CUBEARRAY_OES "GL_OES_texture_cube_map_array"
#define TEXBUF_EXT "GL_EXT_texture_buffer"
#define TEXBUF_OES "GL_OES_texture_buffer"
#define IMAGES "GL_ARB_shader_image_load_store"
#define ATOMICS "GL_ARB_shader_atomic_counters"
#define TEX3D "GL_OES_texture_3D"
#define SHADOW_ES "GL_EXT_shadow_samplers"
#define EXTERNAL "GL_OES_EGL_image_external"
#define EXTERNAL3 "GL_OES_EGL_image_external_essl3"
#define _ NULL

/* R(name, instance, first desktop, first ES, desktop extensions, ES
 * extensions): sorted by name in strcmp order (a unit test checks it:
 * glsl_builtin_type_find searches it by halves). */
#define R(name, ident, d, e, dx1, dx2, ex1, ex2) \
   { name, &glsl_type_##ident, { d, e, { dx1, dx2 }, { ex1, ex2 } } },

const struct glsl_builtin_type glsl_builtin_types[] = {
   R("atomic_uint", atomic_uint, 420, 310, ATOMICS, _, _, _)
   R("bool", bool, 110, 100, _, _, _, _)
   R("bvec2", bvec2, 110, 100, _, _, _, _)
   R("bvec3", bvec3, 110, 100, _, _, _, _)
   R("bvec4", bvec4, 110, 100, _, _, _, _)
   R("dmat2", dmat2, 400, 0, FP64, _, _, _)
   R("dmat2x2", dmat2, 400, 0, FP64, _, _, _)
   R("dmat2x3", dmat2x3, 400, 0, FP64, _, _, _)
   R("dmat2x4", dmat2x4, 400, 0, FP64, _, _, _)
   R("dmat3", dmat3, 400, 0, FP64, _, _, _)
   R("dmat3x2", dmat3x2, 400, 0, FP64, _, _, _)
   R("dmat3x3", dmat3, 400, 0, FP64, _, _, _)
   R("dmat3x4", dmat3x4, 400, 0, FP64, _, _, _)
   R("dmat4", dmat4, 400, 0, FP64, _, _, _)
   R("dmat4x2", dmat4x2, 400, 0, FP64, _, _, _)
   R("dmat4x3", dmat4x3, 400, 0, FP64, _, _, _)
   R("dmat4x4", dmat4, 400, 0, FP64, _, _, _)
   R("double", double, 400, 0, FP64, _, _, _)
   R("dvec2", dvec2, 400, 0, FP64, _, _, _)
   R("dvec3", dvec3, 400, 0, FP64, _, _, _)
   R("dvec4", dvec4, 400, 0, FP64, _, _, _)
   R("float", float, 110, 100, _, _, _, _)
   R("iimage1D", iimage1D, 420, 0, IMAGES, _, _, _)
   R("iimage1DArray", iimage1DArray, 420, 0, IMAGES, _, _, _)
   R("iimage2D", iimage2D, 420, 310, IMAGES, _, _, _)
   R("iimage2DArray", iimage2DArray, 420, 310, IMAGES, _, _, _)
   R("iimage2DMS", iimage2DMS, 420, 0, IMAGES, _, _, _)
   R("iimage2DMSArray", iimage2DMSArray, 420, 0, IMAGES, _, _, _)
   R("iimage2DRect", iimage2DRect, 420, 0, IMAGES, _, _, _)
   R("iimage3D", iimage3D, 420, 310, IMAGES, _, _, _)
   R("iimageBuffer", iimageBuffer, 420, 320, IMAGES, _, TEXBUF_EXT, TEXBUF_OES)
   R("iimageCube", iimageCube, 420, 310, IMAGES, _, _, _)
   R("iimageCubeArray", iimageCubeArray, 420, 320, IMAGES, _, CUBEARRAY_EXT, CUBEARRAY_OES)
   R("image1D", image1D, 420, 0, IMAGES, _, _, _)
   R("image1DArray", image1DArray, 420, 0, IMAGES, _, _, _)
   R("image2D", image2D, 420, 310, IMAGES, _, _, _)
   R("image2DArray", image2DArray, 420, 310, IMAGES, _, _, _)
   R("image2DMS", image2DMS, 420, 0, IMAGES, _, _, _)
   R("image2DMSArray", image2DMSArray, 420, 0, IMAGES, _, _, _)
   R("image2DRect", image2DRect, 420, 0, IMAGES, _, _, _)
   R("image3D", image3D, 420, 310, IMAGES, _, _, _)
   R("imageBuffer", imageBuffer, 420, 320, IMAGES, _, TEXBUF_EXT, TEXBUF_OES)
   R("imageCube", imageCube, 420, 310, IMAGES, _, _, _)
   R("imageCubeArray", imageCubeArray, 420, 320, IMAGES, _, CUBEARRAY_EXT, CUBEARRAY_OES)
   R("int", int, 110, 100, _, _, _, _)
   R("isampler1D", isampler1D, 130, 0, _, _, _, _)
   R("isampler1DArray", isampler1DArray, 130, 0, _, _, _, _)
   R("isampler2D", isampler2D, 130, 300, _, _, _, _)
   R("isampler2DArray", isampler2DArray, 130, 300, _, _, _, _)
   R("isampler2DMS", isampler2DMS, 150, 310, MS, _, _, _)
   R("isampler2DMSArray", isampler2DMSArray, 150, 320, MS, _, MS_ARRAY_ES, _)
   R("isampler2DRect", isampler2DRect, 140, 0, _, _, _, _)
   R("isampler3D", isampler3D, 130, 300, _, _, _, _)
   R("isamplerBuffer", isamplerBuffer, 140, 320, _, _, TEXBUF_EXT, TEXBUF_OES)
   R("isamplerCube", isamplerCube, 130, 300, _, _, _, _)
   R("isamplerCubeArray", isamplerCubeArray, 400, 320, CUBEARRAY, _, CUBEARRAY_EXT, CUBEARRAY_OES)
   R("ivec2", ivec2, 110, 100, _, _, _, _)
   R("ivec3", ivec3, 110, 100, _, _, _, _)
   R("ivec4", ivec4, 110, 100, _, _, _, _)
   R("mat2", mat2, 110, 100, _, _, _, _)
   R("mat2x2", mat2, 120, 300, _, _, _, _)
   R("mat2x3", mat2x3, 120, 300, _, _, _, _)
   R("mat2x4", mat2x4, 120, 300, _, _, _, _)
   R("mat3", mat3, 110, 100, _, _, _, _)
   R("mat3x2", mat3x2, 120, 300, _, _, _, _)
   R("mat3x3", mat3, 120, 300, _, _, _, _)
   R("mat3x4", mat3x4, 120, 300, _, _, _, _)
   R("mat4", mat4, 110, 100, _, _, _, _)
   R("mat4x2", mat4x2, 120, 300, _, _, _, _)
   R("mat4x3", mat4x3, 120, 300, _, _, _, _)
   R("mat4x4", mat4, 120, 300, _, _, _, _)
   R("sampler1D", sampler1D, 110, 0, _, _, _, _)
   R("sampler1DArray", sampler1DArray, 130, 0, TEXARRAY, _, _, _)
   R("sampler1DArrayShadow", sampler1DArrayShadow, 130, 0, TEXARRAY, _, _, _)
   R("sampler1DShadow", sampler1DShadow, 110, 0, _, _, _, _)
   R("sampler2D", sampler2D, 110, 100, _, _, _, _)
   R("sampler2DArray", sampler2DArray, 130, 300, TEXARRAY, _, _, _)
   R("sampler2DArrayShadow", sampler2DArrayShadow, 130, 300, TEXARRAY, _, _, _)
   R("sampler2DMS", sampler2DMS, 150, 310, MS, _, _, _)
   R("sampler2DMSArray", sampler2DMSArray, 150, 320, MS, _, MS_ARRAY_ES, _)
   R("sampler2DRect", sampler2DRect, 140, 0, RECT, _, _, _)
   R("sampler2DRectShadow", sampler2DRectShadow, 140, 0, RECT, _, _, _)
   R("sampler2DShadow", sampler2DShadow, 110, 300, _, _, SHADOW_ES, _)
   R("sampler3D", sampler3D, 110, 300, _, _, TEX3D, _)
   R("samplerBuffer", samplerBuffer, 140, 320, _, _, TEXBUF_EXT, TEXBUF_OES)
   R("samplerCube", samplerCube, 110, 100, _, _, _, _)
   R("samplerCubeArray", samplerCubeArray, 400, 320, CUBEARRAY, _, CUBEARRAY_EXT, CUBEARRAY_OES)
   R("samplerCubeArrayShadow", samplerCubeArrayShadow, 400, 320, CUBEARRAY, _, CUBEARRAY_EXT,
     CUBEARRAY_OES)
   R("samplerCubeShadow", samplerCubeShadow, 130, 300, _, _, _, _)
   R("samplerExternalOES", samplerExternalOES, 0, 0, _, _, EXTERNAL, EXTERNAL3)
   R("uimage1D", uimage1D, 420, 0, IMAGES, _, _, _)
   R("uimage1DArray", uimage1DArray, 420, 0, IMAGES, _, _, _)
   R("uimage2D", uimage2D, 420, 310, IMAGES, _, _, _)
   R("uimage2DArray", uimage2DArray, 420, 310, IMAGES, _, _, _)
   R("uimage2DMS", uimage2DMS, 420, 0, IMAGES, _, _, _)
   R("uimage2DMSArray", uimage2DMSArray, 420, 0, IMAGES, _, _, _)
   R("uimage2DRect", uimage2DRect, 420, 0, IMAGES, _, _, _)
   R("uimage3D", uimage3D, 420, 310, IMAGES, _, _, _)
   R("uimageBuffer", uimageBuffer, 420, 320, IMAGES, _, TEXBUF_EXT, TEXBUF_OES)
   R("uimageCube", uimageCube, 420, 310, IMAGES, _, _, _)
   R("uimageCubeArray", uimageCubeArray, 420, 320, IMAGES, _, CUBEARRAY_EXT, CUBEARRAY_OES)
   R("uint", uint, 130, 300, _, _, _, _)
   R("usampler1D", usampler1D, 130, 0, _, _, _, _)
   R("usampler1DArray", usampler1DArray, 130, 0, _, _, _, _)
   R("usampler2D", usampler2D, 130, 300, _, _, _, _)
   R("usampler2DArray", usampler2DArray, 130, 300, _, _, _, _)
   R("usampler2DMS", usampler2DMS, 150, 310, MS, _, _, _)
   R("usampler2DMSArray", usampler2DMSArray, 150, 320, MS, _, MS_ARRAY_ES, _)
   R("usampler2DRect", usampler2DRect, 140, 0, _, _, _, _)
   R("usampler3D", usampler3D, 130, 300, _, _, _, _)
   R("usamplerBuffer", usamplerBuffer, 140, 320, _, _, TEXBUF_EXT, TEXBUF_OES)
   R("usamplerCube", usamplerCube, 130, 300, _, _, _, _)
   R("usamplerCubeArray", usamplerCubeArray, 400, 320, CUBEARRAY, _, CUBEARRAY_EXT, CUBEARRAY_OES)
   R("uvec2", uvec2, 130, 300, _, _, _, _)
   R("uvec3", uvec3, 130, 300, _, _, _, _)
   R("uvec4", uvec4, 130, 300, _, _, _, _)
   R("vec2", vec2, 110, 100, _, _, _, _)
   R("vec3", vec3, 110, 100, _, _, _, _)
   R("vec4", vec4, 110, 100, _, _, _, _)
   R("void", void, 110, 100, _, _, _, _)
};
#undef R

const unsigned glsl_num_builtin_types = ARRAY_SIZE(glsl_builtin_types);

const struct glsl_builtin_type *
glsl_builtin_type_find(const char *name)
{
   unsigned lo = 0, hi = ARRAY_SIZE(glsl_builtin_types);
   while (lo < hi) {
      unsigned mid = lo + (hi - lo) / 2;
      int c = strcmp(name, glsl_builtin_types[mid].name);
      if (c == 0)
         return &glsl_builtin_types[mid];
      if (c < 0)
         hi = mid;
      else
         lo = mid + 1;
   }
   return NULL;
}

const struct glsl_type *
glsl_type_by_name_f(const char *name, const struct glsl_features *f)
{
   const struct glsl_builtin_type *row = glsl_builtin_type_find(name);
   if (!row || glsl_gate_check(&row->gate, f) == GLSL_AVAIL_NO)
      return NULL;
   return row->type;
}

const struct glsl_type *
glsl_type_by_name(const char *name, struct glsl_version v,
                  bool (*ext_enabled)(void *data, const char *ext), void *data)
{
   struct glsl_features f = { v, ext_enabled, data };
   return glsl_type_by_name_f(name, &f);
}

const struct glsl_type *
glsl_type_get_instance(enum glsl_base_type base, unsigned rows, unsigned columns)
{
   if (base == GLSL_TYPE_VOID)
      return rows <= 1 && columns <= 1 ? &glsl_type_void : NULL;
   for (unsigned i = 0; i < ARRAY_SIZE(basic_instances); i++) {
      const struct glsl_type *t = basic_instances[i];
      if (t->base == base && t->vector_elements == rows && t->matrix_columns == columns)
         return t;
   }
   return NULL;
}

static const struct glsl_type *
get_opaque(enum glsl_base_type base, enum glsl_sampler_dim dim, bool array, bool shadow,
           enum glsl_base_type sampled)
{
   for (unsigned i = 0; i < ARRAY_SIZE(opaque_instances); i++) {
      const struct glsl_type *t = opaque_instances[i];
      if (t->base == base && t->sampler_dim == dim && t->sampler_array == array &&
          t->sampler_shadow == shadow && t->sampled_base == sampled)
         return t;
   }
   return NULL;
}

const struct glsl_type *
glsl_type_get_sampler(enum glsl_sampler_dim dim, bool array, bool shadow,
                      enum glsl_base_type sampled)
{
   return get_opaque(GLSL_TYPE_SAMPLER, dim, array, shadow, sampled);
}

const struct glsl_type *
glsl_type_get_image(enum glsl_sampler_dim dim, bool array, enum glsl_base_type sampled)
{
   return get_opaque(GLSL_TYPE_IMAGE, dim, array, false, sampled);
}

/* ---- derived types ------------------------------------------------------ */

const struct glsl_type *
glsl_type_array(struct glsl_arena *a, const struct glsl_type *elem, int length)
{
   if (glsl_type_is_error(elem) || glsl_type_is_void(elem) ||
       (length <= 0 && length != GLSL_ARRAY_UNSIZED) || elem->depth + 1 > GLSL_TYPE_MAX_DEPTH)
      return &glsl_type_error;
   struct glsl_type *t = glsl_alloc(a, sizeof *t);
   t->base = GLSL_TYPE_ARRAY;
   t->element = elem;
   t->length = length;
   t->depth = (uint8_t)(elem->depth + 1);
   return t;
}

/* Copies fields into t, or returns false when a member cannot be one. */
static bool
copy_fields(struct glsl_arena *a, struct glsl_type *t, const struct glsl_struct_field *fields,
            unsigned n)
{
   struct glsl_struct_field *copy = glsl_alloc_array(a, n, sizeof *copy);
   unsigned depth = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_type *ft = fields[i].type;
      if (!ft || glsl_type_is_error(ft) || glsl_type_is_void(ft))
         return false;
      copy[i] = fields[i];
      copy[i].name = fields[i].name ? glsl_strdup(a, fields[i].name) : NULL;
      if (ft->depth > depth)
         depth = ft->depth;
   }
   if (depth + 1 > GLSL_TYPE_MAX_DEPTH)
      return false;
   t->fields = copy;
   t->num_fields = n;
   t->depth = (uint8_t)(depth + 1);
   return true;
}

const struct glsl_type *
glsl_type_struct(struct glsl_arena *a, const char *name, struct glsl_loc loc,
                 const struct glsl_struct_field *fields, unsigned n)
{
   struct glsl_type *t = glsl_alloc(a, sizeof *t);
   t->base = GLSL_TYPE_STRUCT;
   t->name = name ? glsl_strdup(a, name) : NULL;
   t->loc = loc;
   if (!copy_fields(a, t, fields, n))
      return &glsl_type_error;
   return t;
}

const struct glsl_type *
glsl_type_interface(struct glsl_arena *a, const char *block_name, struct glsl_loc loc,
                    enum glsl_interface_mode mode, enum glsl_packing packing,
                    enum glsl_matrix_layout matrix_layout,
                    const struct glsl_struct_field *fields, unsigned n)
{
   struct glsl_type *t = glsl_alloc(a, sizeof *t);
   t->base = GLSL_TYPE_INTERFACE;
   t->name = block_name ? glsl_strdup(a, block_name) : NULL;
   t->loc = loc;
   t->interface_mode = (uint8_t)mode;
   t->packing = (uint8_t)packing;
   t->matrix_layout = (uint8_t)matrix_layout;
   if (!copy_fields(a, t, fields, n))
      return &glsl_type_error;
   return t;
}

bool
glsl_type_equal(const struct glsl_type *a, const struct glsl_type *b)
{
   /* arrays structurally, everything else by identity */
   while (a && b && a != b) {
      if (a->base != GLSL_TYPE_ARRAY || b->base != GLSL_TYPE_ARRAY || a->length != b->length)
         return false;
      a = a->element;
      b = b->element;
   }
   return a == b;
}

static bool
same_name(const char *a, const char *b)
{
   return a == b || (a && b && !strcmp(a, b));
}

static bool
types_match(const struct glsl_type *a, const struct glsl_type *b, bool check_precision)
{
   while (a->base == GLSL_TYPE_ARRAY && b->base == GLSL_TYPE_ARRAY) {
      if (a->length != b->length)
         return false;
      a = a->element;
      b = b->element;
   }
   if (a == b)
      return true;
   if (a->base != b->base || (a->base != GLSL_TYPE_STRUCT && a->base != GLSL_TYPE_INTERFACE))
      return false;
   if (!same_name(a->name, b->name) || a->num_fields != b->num_fields)
      return false;
   for (unsigned i = 0; i < a->num_fields; i++) {
      const struct glsl_struct_field *fa = &a->fields[i], *fb = &b->fields[i];
      if (!same_name(fa->name, fb->name) ||
          (check_precision && fa->precision != fb->precision) ||
          !types_match(fa->type, fb->type, check_precision))
         return false;
   }
   return true;
}

bool
glsl_type_struct_match(const struct glsl_type *a, const struct glsl_type *b,
                       bool check_precision)
{
   return types_match(a, b, check_precision);
}

/* ---- queries ------------------------------------------------------------ */

/* Whether pred holds for t or anything inside it (depth is bounded by
 * GLSL_TYPE_MAX_DEPTH). */
static bool
contains(const struct glsl_type *t, bool (*pred)(const struct glsl_type *t))
{
   if (pred(t))
      return true;
   if (t->base == GLSL_TYPE_ARRAY)
      return contains(t->element, pred);
   for (unsigned i = 0; i < t->num_fields; i++) {
      if (contains(t->fields[i].type, pred))
         return true;
   }
   return false;
}

static bool
is_opaque_pred(const struct glsl_type *t)
{
   return glsl_type_is_opaque(t);
}

static bool
is_array_pred(const struct glsl_type *t)
{
   return glsl_type_is_array(t);
}

static bool
is_unsized_pred(const struct glsl_type *t)
{
   return glsl_type_is_unsized_array(t);
}

static bool
is_double_pred(const struct glsl_type *t)
{
   return t->base == GLSL_TYPE_DOUBLE;
}

bool
glsl_type_contains_opaque(const struct glsl_type *t)
{
   return contains(t, is_opaque_pred);
}

bool
glsl_type_contains_array(const struct glsl_type *t)
{
   return contains(t, is_array_pred);
}

bool
glsl_type_contains_unsized_array(const struct glsl_type *t)
{
   return contains(t, is_unsized_pred);
}

bool
glsl_type_contains_double(const struct glsl_type *t)
{
   return contains(t, is_double_pred);
}

static bool
is_integer_pred(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && (t->base == GLSL_TYPE_INT || t->base == GLSL_TYPE_UINT);
}

static bool
is_bool_pred(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && t->base == GLSL_TYPE_BOOL;
}

bool
glsl_type_contains_integer(const struct glsl_type *t)
{
   return contains(t, is_integer_pred);
}

bool
glsl_type_contains_bool(const struct glsl_type *t)
{
   return contains(t, is_bool_pred);
}

/* Saturating arithmetic for counts and sizes (a hostile array of arrays
 * must not wrap around). */
static uint64_t
sat_add(uint64_t a, uint64_t b)
{
   uint64_t r;
   return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t
sat_mul(uint64_t a, uint64_t b)
{
   uint64_t r;
   return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t
sat_align(uint64_t v, uint64_t align)
{
   if (align <= 1)
      return v;
   uint64_t r = sat_add(v, align - 1);
   return r == UINT64_MAX ? UINT64_MAX : r - r % align;
}

static uint32_t
clamp32(uint64_t v)
{
   return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static uint64_t
array_count(const struct glsl_type *t)
{
   return t->length > 0 ? (uint64_t)t->length : 0;
}

static uint64_t
scalar_count(const struct glsl_type *t)
{
   if (glsl_type_is_basic(t))
      return glsl_type_components(t);
   if (t->base == GLSL_TYPE_ARRAY)
      return sat_mul(array_count(t), scalar_count(t->element));
   uint64_t n = 0;
   for (unsigned i = 0; i < t->num_fields; i++)
      n = sat_add(n, scalar_count(t->fields[i].type));
   return n;
}

uint32_t
glsl_type_scalar_count(const struct glsl_type *t)
{
   return clamp32(scalar_count(t));
}

const struct glsl_type *
glsl_type_scalar_type(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) ? glsl_type_get_instance(t->base, 1, 1) : NULL;
}

const struct glsl_type *
glsl_type_column_type(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) ? glsl_type_get_instance(t->base, t->vector_elements, 1) : NULL;
}

const struct glsl_type *
glsl_type_row_type(const struct glsl_type *t)
{
   return glsl_type_is_matrix(t) ? glsl_type_get_instance(t->base, t->matrix_columns, 1) : NULL;
}

const struct glsl_type *
glsl_type_with_base(const struct glsl_type *t, enum glsl_base_type base)
{
   if (!glsl_type_is_basic(t))
      return NULL;
   return glsl_type_get_instance(base, t->vector_elements, t->matrix_columns);
}

const struct glsl_type *
glsl_type_index_result(const struct glsl_type *t)
{
   if (t->base == GLSL_TYPE_ARRAY)
      return t->element;
   if (glsl_type_is_matrix(t))
      return glsl_type_column_type(t);
   if (glsl_type_is_vector(t))
      return glsl_type_scalar_type(t);
   return NULL;
}

const struct glsl_type *
glsl_type_without_array(const struct glsl_type *t)
{
   while (t->base == GLSL_TYPE_ARRAY)
      t = t->element;
   return t;
}

int
glsl_type_field_index(const struct glsl_type *t, const char *name)
{
   for (unsigned i = 0; i < t->num_fields; i++) {
      if (t->fields[i].name && !strcmp(t->fields[i].name, name))
         return (int)i;
   }
   return -1;
}

const char *
glsl_base_type_name(enum glsl_base_type base)
{
   static const char *const names[] = {
      [GLSL_TYPE_VOID] = "void",       [GLSL_TYPE_BOOL] = "bool",
      [GLSL_TYPE_INT] = "int",         [GLSL_TYPE_UINT] = "uint",
      [GLSL_TYPE_FLOAT] = "float",     [GLSL_TYPE_DOUBLE] = "double",
      [GLSL_TYPE_SAMPLER] = "sampler", [GLSL_TYPE_IMAGE] = "image",
      [GLSL_TYPE_ATOMIC_UINT] = "atomic_uint",
      [GLSL_TYPE_STRUCT] = "struct",   [GLSL_TYPE_INTERFACE] = "interface block",
      [GLSL_TYPE_ARRAY] = "array",     [GLSL_TYPE_ERROR] = "<error>",
   };
   return (unsigned)base < ARRAY_SIZE(names) && names[base] ? names[base] : "<bad base type>";
}

static const char *
non_array_name(struct glsl_arena *a, const struct glsl_type *t)
{
   static const char *const modes[] = {
      [GLSL_INTERFACE_UNIFORM] = "uniform", [GLSL_INTERFACE_BUFFER] = "buffer",
      [GLSL_INTERFACE_IN] = "in",           [GLSL_INTERFACE_OUT] = "out",
   };
   switch (t->base) {
   case GLSL_TYPE_STRUCT:
      return t->name ? glsl_printf(a, "struct %s", t->name) : "struct <anonymous>";
   case GLSL_TYPE_INTERFACE:
      return glsl_printf(a, "%s block %s", t->interface_mode < ARRAY_SIZE(modes) ?
                         modes[t->interface_mode] : "?", t->name ? t->name : "<anonymous>");
   default:
      return t->name ? t->name : glsl_base_type_name(t->base);
   }
}

const char *
glsl_type_name(struct glsl_arena *a, const struct glsl_type *t)
{
   if (t->base != GLSL_TYPE_ARRAY)
      return non_array_name(a, t);
   /* float[2][3]: the outermost length first, as declared */
   const char *base = non_array_name(a, glsl_type_without_array(t));
   size_t len = strlen(base);
   for (const struct glsl_type *e = t; e->base == GLSL_TYPE_ARRAY; e = e->element)
      len += 2 + 11;
   char *s = glsl_alloc(a, len + 1);
   char *p = s + sprintf(s, "%s", base);
   for (const struct glsl_type *e = t; e->base == GLSL_TYPE_ARRAY; e = e->element) {
      if (e->length == GLSL_ARRAY_UNSIZED)
         p += sprintf(p, "[]");
      else
         p += sprintf(p, "[%d]", e->length);
   }
   return s;
}

/* ---- locations ---------------------------------------------------------- */

static uint64_t
location_slots(const struct glsl_type *t, bool vertex_input)
{
   if (glsl_type_is_basic(t)) {
      /* a dvec3/dvec4 (also a dmat column) takes two locations, except as
       * a vertex shader input */
      unsigned per_column = t->base == GLSL_TYPE_DOUBLE && t->vector_elements > 2 &&
                            !vertex_input ? 2 : 1;
      return (uint64_t)per_column * t->matrix_columns;
   }
   if (t->base == GLSL_TYPE_ARRAY)
      return sat_mul(array_count(t), location_slots(t->element, vertex_input));
   uint64_t n = 0;
   for (unsigned i = 0; i < t->num_fields; i++)
      n = sat_add(n, location_slots(t->fields[i].type, vertex_input));
   return n;
}

uint32_t
glsl_type_location_slots(const struct glsl_type *t, bool vertex_input)
{
   return clamp32(location_slots(t, vertex_input));
}

static uint64_t
uniform_locations(const struct glsl_type *t)
{
   if (glsl_type_is_basic(t) || glsl_type_is_opaque(t))
      return 1;
   if (t->base == GLSL_TYPE_ARRAY)
      return sat_mul(array_count(t), uniform_locations(t->element));
   uint64_t n = 0;
   for (unsigned i = 0; i < t->num_fields; i++)
      n = sat_add(n, uniform_locations(t->fields[i].type));
   return n;
}

uint32_t
glsl_type_uniform_locations(const struct glsl_type *t)
{
   return clamp32(uniform_locations(t));
}

/* ---- std140 / std430 ---------------------------------------------------- */

/* std140 rounds the alignment of arrays and structs up to a vec4's (16);
 * std430 does not.  That is the only difference (GL 4.6 7.6.2.2 rules 4
 * and 9). */
static uint64_t
round_to_vec4(uint64_t align, enum glsl_packing p)
{
   return p == GLSL_PACKING_STD430 ? align : align < 16 ? 16 : align;
}

static bool
field_row_major(const struct glsl_struct_field *f, bool row_major)
{
   if (f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR)
      return true;
   if (f->matrix_layout == GLSL_MATRIX_LAYOUT_COLUMN_MAJOR)
      return false;
   return row_major;
}

static bool
block_row_major(const struct glsl_type *t, bool row_major)
{
   if (t->base == GLSL_TYPE_INTERFACE && t->matrix_layout != GLSL_MATRIX_LAYOUT_INHERIT)
      return t->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
   return row_major;
}

/* A scalar (rule 1) or vector (rules 2, 3) of n components. */
static uint64_t
vector_align(unsigned base_size, unsigned n)
{
   return (uint64_t)base_size * (n == 3 ? 4 : n);
}

static uint64_t std_align(const struct glsl_type *t, enum glsl_packing p, bool row_major);
static uint64_t std_size(const struct glsl_type *t, enum glsl_packing p, bool row_major);

/* Rules 5 and 7: a matrix is an array of vectors (columns, or rows when
 * row-major). */
static void
matrix_as_array(const struct glsl_type *t, bool row_major, unsigned *count, unsigned *comps)
{
   *count = row_major ? t->vector_elements : t->matrix_columns;
   *comps = row_major ? t->matrix_columns : t->vector_elements;
}

static uint64_t
std_align(const struct glsl_type *t, enum glsl_packing p, bool row_major)
{
   if (glsl_type_is_basic(t)) {
      unsigned bs = t->base == GLSL_TYPE_DOUBLE ? 8 : 4;
      if (!glsl_type_is_matrix(t))
         return vector_align(bs, t->vector_elements);
      unsigned count, comps;
      matrix_as_array(t, row_major, &count, &comps);
      return round_to_vec4(vector_align(bs, comps), p);
   }
   if (t->base == GLSL_TYPE_ARRAY)
      return round_to_vec4(std_align(t->element, p, row_major), p);
   if (t->base == GLSL_TYPE_STRUCT || t->base == GLSL_TYPE_INTERFACE) {
      row_major = block_row_major(t, row_major);
      uint64_t align = 1;
      for (unsigned i = 0; i < t->num_fields; i++) {
         const struct glsl_struct_field *f = &t->fields[i];
         uint64_t fa = std_align(f->type, p, field_row_major(f, row_major));
         if (f->align > 0 && (uint64_t)f->align > fa)
            fa = (uint64_t)f->align;
         if (fa > align)
            align = fa;
      }
      return round_to_vec4(align, p);
   }
   return 1;
}

static uint64_t
array_stride(const struct glsl_type *elem, enum glsl_packing p, bool row_major)
{
   return sat_align(std_size(elem, p, row_major),
                    round_to_vec4(std_align(elem, p, row_major), p));
}

static uint64_t
matrix_stride(const struct glsl_type *t, enum glsl_packing p, bool row_major)
{
   unsigned bs = t->base == GLSL_TYPE_DOUBLE ? 8 : 4, count, comps;
   matrix_as_array(t, row_major, &count, &comps);
   return sat_align((uint64_t)bs * comps, round_to_vec4(vector_align(bs, comps), p));
}

/* The offset of member `upto` (num_fields: the end of the last member). */
static uint64_t
struct_offset(const struct glsl_type *t, unsigned upto, enum glsl_packing p, bool row_major)
{
   row_major = block_row_major(t, row_major);
   uint64_t offset = 0;
   for (unsigned i = 0; i < t->num_fields; i++) {
      const struct glsl_struct_field *f = &t->fields[i];
      bool rm = field_row_major(f, row_major);
      uint64_t align = std_align(f->type, p, rm);
      if (f->align > 0 && (uint64_t)f->align > align)
         align = (uint64_t)f->align;
      offset = f->offset >= 0 ? (uint64_t)f->offset : sat_align(offset, align);
      if (i == upto)
         return offset;
      offset = sat_add(offset, std_size(f->type, p, rm));
   }
   return offset;
}

static uint64_t
std_size(const struct glsl_type *t, enum glsl_packing p, bool row_major)
{
   if (glsl_type_is_basic(t)) {
      unsigned bs = t->base == GLSL_TYPE_DOUBLE ? 8 : 4;
      if (!glsl_type_is_matrix(t))
         return (uint64_t)bs * t->vector_elements;
      unsigned count, comps;
      matrix_as_array(t, row_major, &count, &comps);
      return sat_mul(count, matrix_stride(t, p, row_major));
   }
   if (t->base == GLSL_TYPE_ARRAY)
      return sat_mul(array_count(t), array_stride(t->element, p, row_major));
   if (t->base == GLSL_TYPE_STRUCT || t->base == GLSL_TYPE_INTERFACE)
      return sat_align(struct_offset(t, t->num_fields, p, row_major), std_align(t, p, row_major));
   return 0;
}

uint32_t
glsl_type_std_align(const struct glsl_type *t, enum glsl_packing p, bool row_major)
{
   return clamp32(std_align(t, p, row_major));
}

uint64_t
glsl_type_std_size(const struct glsl_type *t, enum glsl_packing p, bool row_major)
{
   return std_size(t, p, row_major);
}

uint64_t
glsl_type_std_array_stride(const struct glsl_type *array, enum glsl_packing p, bool row_major)
{
   return array->base == GLSL_TYPE_ARRAY ? array_stride(array->element, p, row_major) : 0;
}

uint32_t
glsl_type_std_matrix_stride(const struct glsl_type *matrix, enum glsl_packing p, bool row_major)
{
   return glsl_type_is_matrix(matrix) ? clamp32(matrix_stride(matrix, p, row_major)) : 0;
}

uint64_t
glsl_type_std_offset(const struct glsl_type *s, unsigned field, enum glsl_packing p,
                     bool row_major)
{
   if (field >= s->num_fields)
      return 0;
   return struct_offset(s, field, p, row_major);
}

/* ---- Pony IR ------------------------------------------------------------ */

bool
glsl_type_to_ir(const struct glsl_type *t, struct ir_type *out)
{
   static const enum ir_base_type bases[] = {
      [GLSL_TYPE_BOOL] = IR_BOOL, [GLSL_TYPE_INT] = IR_INT, [GLSL_TYPE_UINT] = IR_UINT,
      [GLSL_TYPE_FLOAT] = IR_FLOAT, [GLSL_TYPE_DOUBLE] = IR_FLOAT,
   };
   if (!glsl_type_is_basic(t))
      return false;
   *out = ir_type_make(bases[t->base], t->vector_elements);
   if (t->base == GLSL_TYPE_DOUBLE)
      out->bits = 64;
   return true;
}

bool
glsl_type_ir_tex_target(const struct glsl_type *t, enum ir_tex_target *out)
{
   if (t->base != GLSL_TYPE_SAMPLER && t->base != GLSL_TYPE_IMAGE)
      return false;
   static const enum ir_tex_target plain[] = {
      [GLSL_SAMPLER_DIM_1D] = IR_TEX_1D,         [GLSL_SAMPLER_DIM_2D] = IR_TEX_2D,
      [GLSL_SAMPLER_DIM_3D] = IR_TEX_3D,         [GLSL_SAMPLER_DIM_CUBE] = IR_TEX_CUBE,
      [GLSL_SAMPLER_DIM_RECT] = IR_TEX_RECT,     [GLSL_SAMPLER_DIM_BUFFER] = IR_TEX_BUFFER,
      [GLSL_SAMPLER_DIM_MS] = IR_TEX_2D_MS,      [GLSL_SAMPLER_DIM_EXTERNAL] = IR_TEX_2D,
   };
   static const enum ir_tex_target arrayed[] = {
      [GLSL_SAMPLER_DIM_1D] = IR_TEX_1D_ARRAY,   [GLSL_SAMPLER_DIM_2D] = IR_TEX_2D_ARRAY,
      [GLSL_SAMPLER_DIM_CUBE] = IR_TEX_CUBE_ARRAY, [GLSL_SAMPLER_DIM_MS] = IR_TEX_2D_MS_ARRAY,
   };
   if (t->sampler_dim >= ARRAY_SIZE(plain))
      return false;
   *out = t->sampler_array ? arrayed[t->sampler_dim] : plain[t->sampler_dim];
   return true;
}

/* ---- rules -------------------------------------------------------------- */

#define SIC "GL_EXT_shader_implicit_conversions"

static const struct {
   struct glsl_gate gate;
   const char *name;
} rules[GLSL_RULE_COUNT] = {
   /* GLSL 1.20 section 4.1.10; ES never, but for the extension (ES 3.10) */
   [GLSL_RULE_IMPLICIT_CONVERSIONS] = { { 120, 0, { _, _ }, { SIC, _ } },
                                        "implicit conversions" },
   /* 1.10 section 5.4.2: "reserved for future use"; 1.20 and ES 1.00 allow it */
   [GLSL_RULE_MATRIX_FROM_MATRIX] = { { 120, 100, { _, _ }, { _, _ } },
                                      "constructing a matrix from a matrix" },
   [GLSL_RULE_NONSQUARE_MATRICES] = { { 120, 300, { _, _ }, { _, _ } },
                                      "non-square matrices" },
   [GLSL_RULE_ARRAY_CONSTRUCTORS] = { { 120, 300, { _, _ }, { _, _ } },
                                      "array constructors" },
   /* 1.20 made arrays first-class; ES 1.00 section 5.7/5.8 forbids them */
   [GLSL_RULE_ARRAY_WHOLE_OPS] = { { 120, 300, { _, _ }, { _, _ } },
                                   "whole-array assignment and comparison" },
   /* ES 1.00 sections 5.8 and 5.9: not on structures containing arrays */
   [GLSL_RULE_STRUCT_WITH_ARRAY_OPS] = { { 110, 300, { _, _ }, { _, _ } },
                                         "assigning and comparing structs that contain arrays" },
   /* % << >> & | ^ ~ are reserved in 1.10, 1.20 and ES 1.00 */
   [GLSL_RULE_INTEGER_OPERATORS] = { { 130, 300, { _, _ }, { _, _ } },
                                     "integer operators" },
   /* GLSL 4.00 section 6.1; ES only with the extension (exact beats converted) */
   [GLSL_RULE_OVERLOAD_RANKING] = { { 400, 0, { "GL_ARB_gpu_shader5", _ }, { SIC, _ } },
                                    "ranking of implicit conversions" },
   [GLSL_RULE_ARRAYS_OF_ARRAYS] = { { 430, 310, { "GL_ARB_arrays_of_arrays", _ }, { _, _ } },
                                    "arrays of arrays" },
   /* before 4.20, a return value's type must be the function's exactly
    * (GL_ARB_shading_language_420pack lifts it) */
   [GLSL_RULE_RETURN_CONVERSIONS] = { { 420, 0, { "GL_ARB_shading_language_420pack", _ },
                                        { _, _ } },
                                      "implicit conversions of return values" },
   /* GLSL 1.10 5.8: a whole array is no l-value, so no out/inout array
    * parameters; 1.20 and ES 1.00 (piglit's qualifiers tests) have them */
   [GLSL_RULE_ARRAY_OUT_PARAMS] = { { 120, 100, { _, _ }, { _, _ } },
                                    "out and inout array parameters" },
   /* GLSL 1.10 section 4.1.8 allows embedded struct definitions; 1.20 and
    * ES 1.00 remove them: this "rule" is the prohibition */
   [GLSL_RULE_NO_EMBEDDED_STRUCTS] = { { 120, 100, { _, _ }, { _, _ } },
                                       "no embedded struct definitions" },
   /* GLSL 1.40 section 4.3.5.1, ES 3.00 section 4.3.7; GL 2.1 contexts
    * through GL_ARB_uniform_buffer_object (its #extension) */
   [GLSL_RULE_UNIFORM_BLOCKS] = { { 140, 300, { "GL_ARB_uniform_buffer_object", _ }, { _, _ } },
                                  "uniform blocks" },
   /* before 4.00, arrays of uniform blocks take integral constant indices
    * only (GLSL 1.40 section 4.3.5.1); 4.00 / gpu_shader5: dynamically
    * uniform ones */
   [GLSL_RULE_UNIFORM_BLOCK_DYNAMIC_INDEX] = { { 400, 320, { "GL_ARB_gpu_shader5", _ },
                                                 { _, _ } },
                                               "indexing arrays of uniform blocks with "
                                               "non-constant expressions" },
};

const struct glsl_gate *
glsl_rule_gate(enum glsl_rule r)
{
   return &rules[r].gate;
}

const char *
glsl_rule_name(enum glsl_rule r)
{
   return rules[r].name;
}

/* ---- implicit conversions ---------------------------------------------- */

/* GLSL 4.60 section 4.1.10, per version.  A row converts scalars, vectors
 * and matrices of one base to the same shape of another. */
static const struct {
   uint8_t from, to;               /* enum glsl_base_type */
   struct glsl_gate gate;
} conversion_rules[] = {
   { GLSL_TYPE_INT, GLSL_TYPE_FLOAT, { 120, 0, { _, _ }, { SIC, _ } } },
   { GLSL_TYPE_UINT, GLSL_TYPE_FLOAT, { 130, 0, { _, _ }, { SIC, _ } } },
   { GLSL_TYPE_INT, GLSL_TYPE_UINT, { 400, 0, { "GL_ARB_gpu_shader5", _ }, { SIC, _ } } },
   { GLSL_TYPE_INT, GLSL_TYPE_DOUBLE, { 400, 0, { FP64, _ }, { _, _ } } },
   { GLSL_TYPE_UINT, GLSL_TYPE_DOUBLE, { 400, 0, { FP64, _ }, { _, _ } } },
   { GLSL_TYPE_FLOAT, GLSL_TYPE_DOUBLE, { 400, 0, { FP64, _ }, { _, _ } } },
};
#undef _

static bool
base_converts(unsigned from, unsigned to, const struct glsl_features *f)
{
   for (unsigned i = 0; i < ARRAY_SIZE(conversion_rules); i++) {
      if (conversion_rules[i].from == from && conversion_rules[i].to == to)
         return glsl_gate_check(&conversion_rules[i].gate, f) != GLSL_AVAIL_NO;
   }
   return false;
}

enum glsl_conversion
glsl_type_conversion(const struct glsl_type *from, const struct glsl_type *to,
                     const struct glsl_features *f)
{
   if (!from || !to)
      return GLSL_CONV_NONE;
   /* the error type matches anything: an error is reported once */
   if (glsl_type_equal(from, to) || glsl_type_is_error(from) || glsl_type_is_error(to))
      return GLSL_CONV_EXACT;
   if (!glsl_type_is_basic(from) || !glsl_type_is_basic(to) ||
       from->vector_elements != to->vector_elements ||
       from->matrix_columns != to->matrix_columns || !base_converts(from->base, to->base, f))
      return GLSL_CONV_NONE;
   if (to->base == GLSL_TYPE_UINT)
      return GLSL_CONV_INT_TO_UINT;
   if (to->base == GLSL_TYPE_FLOAT)
      return GLSL_CONV_INT_TO_FLOAT;
   return from->base == GLSL_TYPE_FLOAT ? GLSL_CONV_FLOAT_TO_DOUBLE : GLSL_CONV_INT_TO_DOUBLE;
}

bool
glsl_type_can_implicitly_convert(const struct glsl_type *from, const struct glsl_type *to,
                                 const struct glsl_features *f)
{
   return glsl_type_conversion(from, to, f) != GLSL_CONV_NONE;
}

int
glsl_conversion_compare(enum glsl_conversion a, enum glsl_conversion b,
                        const struct glsl_features *f)
{
   if (a == b)
      return 0;
   if (a == GLSL_CONV_NONE || b == GLSL_CONV_NONE)
      return a == GLSL_CONV_NONE ? -1 : 1;
   if (!glsl_rule_allowed(GLSL_RULE_OVERLOAD_RANKING, f))
      return 0;
   /* GLSL 4.00 section 6.1, the three rules in order */
   if (a == GLSL_CONV_EXACT || b == GLSL_CONV_EXACT)
      return a == GLSL_CONV_EXACT ? 1 : -1;
   if (a == GLSL_CONV_FLOAT_TO_DOUBLE || b == GLSL_CONV_FLOAT_TO_DOUBLE)
      return a == GLSL_CONV_FLOAT_TO_DOUBLE ? 1 : -1;
   if (a == GLSL_CONV_INT_TO_FLOAT && b == GLSL_CONV_INT_TO_DOUBLE)
      return 1;
   if (a == GLSL_CONV_INT_TO_DOUBLE && b == GLSL_CONV_INT_TO_FLOAT)
      return -1;
   return 0;
}

/* How argument i reaches candidate c's parameter. */
static enum glsl_conversion
arg_conversion(const struct glsl_overload *c, unsigned i, const struct glsl_type *arg,
               const struct glsl_features *f)
{
   const struct glsl_type *param = c->params[i];
   unsigned dir = c->dirs ? c->dirs[i] : GLSL_PARAM_IN;
   if (glsl_type_is_error(arg))
      return GLSL_CONV_EXACT;
   switch (dir) {
   case GLSL_PARAM_OUT:
      /* copied out: the parameter converts to the argument */
      return glsl_type_conversion(param, arg, f);
   case GLSL_PARAM_INOUT:
      /* both ways: only the same type */
      return glsl_type_equal(param, arg) ? GLSL_CONV_EXACT : GLSL_CONV_NONE;
   default:
      return glsl_type_conversion(arg, param, f);
   }
}

/* > 0: candidate a is a better match than b (section 6.1: better for at
 * least one argument and worse for none). */
static bool
better_match(const struct glsl_overload *a, const struct glsl_overload *b,
             const struct glsl_type *const *args, unsigned n, const struct glsl_features *f)
{
   bool better = false;
   for (unsigned i = 0; i < n; i++) {
      int c = glsl_conversion_compare(arg_conversion(a, i, args[i], f),
                                      arg_conversion(b, i, args[i], f), f);
      if (c < 0)
         return false;
      if (c > 0)
         better = true;
   }
   return better;
}

int
glsl_type_pick_overload(const struct glsl_overload *cands, unsigned num_cands,
                        const struct glsl_type *const *args, unsigned num_args,
                        const struct glsl_features *f, enum glsl_overload_result *result)
{
   /* an exact match hides everything else */
   unsigned matches = 0;
   int first_match = -1;
   for (unsigned c = 0; c < num_cands; c++) {
      if (cands[c].num_params != num_args)
         continue;
      bool exact = true, match = true;
      for (unsigned i = 0; i < num_args && match; i++) {
         enum glsl_conversion k = arg_conversion(&cands[c], i, args[i], f);
         exact = exact && k == GLSL_CONV_EXACT;
         match = k != GLSL_CONV_NONE;
      }
      if (exact) {
         *result = GLSL_OVERLOAD_EXACT;
         return (int)c;
      }
      if (match) {
         matches++;
         if (first_match < 0)
            first_match = (int)c;
      }
   }
   if (matches == 0) {
      *result = GLSL_OVERLOAD_NO_MATCH;
      return -1;
   }
   if (matches == 1) {
      *result = GLSL_OVERLOAD_CONVERTED;
      return first_match;
   }
   /* the one better than every other match, if any */
   for (unsigned c = (unsigned)first_match; c < num_cands; c++) {
      if (cands[c].num_params != num_args)
         continue;
      bool match = true;
      for (unsigned i = 0; i < num_args && match; i++)
         match = arg_conversion(&cands[c], i, args[i], f) != GLSL_CONV_NONE;
      if (!match)
         continue;
      bool best = true;
      for (unsigned o = 0; o < num_cands && best; o++) {
         if (o == c || cands[o].num_params != num_args)
            continue;
         bool omatch = true;
         for (unsigned i = 0; i < num_args && omatch; i++)
            omatch = arg_conversion(&cands[o], i, args[i], f) != GLSL_CONV_NONE;
         if (omatch && !better_match(&cands[c], &cands[o], args, num_args, f))
            best = false;
      }
      if (best) {
         *result = GLSL_OVERLOAD_CONVERTED;
         return (int)c;
      }
   }
   *result = GLSL_OVERLOAD_AMBIGUOUS;
   return -1;
}

/* ---- operators ---------------------------------------------------------- */

const char *
glsl_binop_text(enum glsl_binop op)
{
   static const char *const text[GLSL_BINOP_COUNT] = {
      [GLSL_BINOP_ADD] = "+",        [GLSL_BINOP_SUB] = "-",
      [GLSL_BINOP_MUL] = "*",        [GLSL_BINOP_DIV] = "/",
      [GLSL_BINOP_MOD] = "%",        [GLSL_BINOP_LSHIFT] = "<<",
      [GLSL_BINOP_RSHIFT] = ">>",    [GLSL_BINOP_LESS] = "<",
      [GLSL_BINOP_GREATER] = ">",    [GLSL_BINOP_LEQUAL] = "<=",
      [GLSL_BINOP_GEQUAL] = ">=",    [GLSL_BINOP_EQUAL] = "==",
      [GLSL_BINOP_NEQUAL] = "!=",    [GLSL_BINOP_BIT_AND] = "&",
      [GLSL_BINOP_BIT_XOR] = "^",    [GLSL_BINOP_BIT_OR] = "|",
      [GLSL_BINOP_LOGIC_AND] = "&&", [GLSL_BINOP_LOGIC_XOR] = "^^",
      [GLSL_BINOP_LOGIC_OR] = "||",
   };
   return (unsigned)op < GLSL_BINOP_COUNT ? text[op] : "?";
}

const char *
glsl_unop_text(enum glsl_unop op)
{
   static const char *const text[GLSL_UNOP_COUNT] = {
      [GLSL_UNOP_PLUS] = "+",      [GLSL_UNOP_NEG] = "-",
      [GLSL_UNOP_LOGIC_NOT] = "!", [GLSL_UNOP_BIT_NOT] = "~",
      [GLSL_UNOP_INC] = "++",      [GLSL_UNOP_DEC] = "--",
   };
   return (unsigned)op < GLSL_UNOP_COUNT ? text[op] : "?";
}

/* Sets *why (when asked for) and gives the error type. */
__attribute__((format(printf, 3, 4))) static const struct glsl_type *
fail(struct glsl_arena *a, const char **why, const char *fmt, ...)
{
   if (why) {
      va_list ap, ap2;
      va_start(ap, fmt);
      va_copy(ap2, ap);
      int n = vsnprintf(NULL, 0, fmt, ap);
      va_end(ap);
      char *s = glsl_alloc(a, n > 0 ? (size_t)n + 1 : 1);
      if (n > 0)
         vsnprintf(s, (size_t)n + 1, fmt, ap2);
      va_end(ap2);
      *why = s;
   }
   return &glsl_type_error;
}

#define TN(t) glsl_type_name(a, t)

/* The base both operands have after implicit conversion (one converts to
 * the other's; with no cycles in the table the spec's preference for
 * floating-point, then unsigned, follows), or VOID when neither does. */
static enum glsl_base_type
common_base(const struct glsl_type *l, const struct glsl_type *r, const struct glsl_features *f)
{
   if (l->base == r->base)
      return l->base;
   if (base_converts(l->base, r->base, f))
      return r->base;
   if (base_converts(r->base, l->base, f))
      return l->base;
   return GLSL_TYPE_VOID;
}

static void
set_converted(const struct glsl_type *converted[2], const struct glsl_type *l,
              const struct glsl_type *r)
{
   if (converted) {
      converted[0] = l;
      converted[1] = r;
   }
}

/* Whether a whole value of type t may be compared, assigned or selected;
 * false with *why set ("what" is the operator text for the message). */
static bool
whole_value_ok(struct glsl_arena *a, const char *prefix, const struct glsl_type *t,
               const struct glsl_features *f, const char **why)
{
   if (glsl_type_is_void(t)) {
      fail(a, why, "%svoid is not a value", prefix);
      return false;
   }
   if (glsl_type_is_interface(t)) {
      fail(a, why, "%s%s is an interface block, not a value", prefix, TN(t));
      return false;
   }
   if (glsl_type_contains_opaque(t)) {
      fail(a, why, "%s%s %s an opaque type", prefix, TN(t),
           glsl_type_is_opaque(t) ? "is" : "contains");
      return false;
   }
   if (glsl_type_is_array(t)) {
      if (!glsl_rule_allowed(GLSL_RULE_ARRAY_WHOLE_OPS, f)) {
         fail(a, why, "%s%s needs %s", prefix, glsl_rule_name(GLSL_RULE_ARRAY_WHOLE_OPS),
              glsl_gate_text(a, glsl_rule_gate(GLSL_RULE_ARRAY_WHOLE_OPS), f));
         return false;
      }
   } else if (glsl_type_contains_array(t) &&
              !glsl_rule_allowed(GLSL_RULE_STRUCT_WITH_ARRAY_OPS, f)) {
      fail(a, why, "%s%s contains an array: %s needs %s", prefix, TN(t),
           glsl_rule_name(GLSL_RULE_STRUCT_WITH_ARRAY_OPS),
           glsl_gate_text(a, glsl_rule_gate(GLSL_RULE_STRUCT_WITH_ARRAY_OPS), f));
      return false;
   }
   if (glsl_type_contains_unsized_array(t)) {
      fail(a, why, "%s%s is not sized", prefix, TN(t));
      return false;
   }
   return true;
}

/* l and r as one type: the same, or one converting to the other (==, !=,
 * ?:, and the operands of assignment). */
static const struct glsl_type *
match_types(struct glsl_arena *a, const char *prefix, const struct glsl_type *l,
            const struct glsl_type *r, const struct glsl_features *f,
            const struct glsl_type *converted[2], const char **why)
{
   if (glsl_type_equal(l, r)) {
      set_converted(converted, l, r);
      return l;
   }
   if (glsl_type_can_implicitly_convert(r, l, f)) {
      set_converted(converted, l, l);
      return l;
   }
   if (glsl_type_can_implicitly_convert(l, r, f)) {
      set_converted(converted, r, r);
      return r;
   }
   if (glsl_type_is_basic(l) && glsl_type_is_basic(r) &&
       l->vector_elements == r->vector_elements && l->matrix_columns == r->matrix_columns)
      return fail(a, why, "%sno implicit conversion between %s and %s in %s", prefix,
                  glsl_base_type_name(l->base), glsl_base_type_name(r->base),
                  glsl_version_text(a, f->version));
   return fail(a, why, "%sthe types differ", prefix);
}

static const char *
op_prefix(struct glsl_arena *a, enum glsl_binop op, const struct glsl_type *l,
          const struct glsl_type *r, const char **why)
{
   if (!why)
      return "";
   return glsl_printf(a, "'%s' on %s and %s: ", glsl_binop_text(op), TN(l), TN(r));
}

const struct glsl_type *
glsl_type_binary_result(struct glsl_arena *a, enum glsl_binop op, const struct glsl_type *l,
                        const struct glsl_type *r, const struct glsl_features *f,
                        const struct glsl_type *converted[2], const char **why)
{
   set_converted(converted, l, r);
   if (why)
      *why = NULL;
   if (glsl_type_is_error(l) || glsl_type_is_error(r))
      return &glsl_type_error;
   const char *pre = op_prefix(a, op, l, r, why);

   switch (op) {
   case GLSL_BINOP_EQUAL:
   case GLSL_BINOP_NEQUAL:
      if (!whole_value_ok(a, pre, l, f, why) || !whole_value_ok(a, pre, r, f, why))
         return &glsl_type_error;
      if (glsl_type_is_error(match_types(a, pre, l, r, f, converted, why)))
         return &glsl_type_error;
      return &glsl_type_bool;

   case GLSL_BINOP_LOGIC_AND:
   case GLSL_BINOP_LOGIC_XOR:
   case GLSL_BINOP_LOGIC_OR: {
      const struct glsl_type *bad = l != &glsl_type_bool ? l : r != &glsl_type_bool ? r : NULL;
      if (bad)
         return fail(a, why, "%s%s is not a bool", pre, TN(bad));
      return &glsl_type_bool;
   }

   case GLSL_BINOP_LESS:
   case GLSL_BINOP_GREATER:
   case GLSL_BINOP_LEQUAL:
   case GLSL_BINOP_GEQUAL: {
      const struct glsl_type *bad = !(glsl_type_is_numeric(l) && glsl_type_is_scalar(l)) ? l :
                                    !(glsl_type_is_numeric(r) && glsl_type_is_scalar(r)) ? r :
                                    NULL;
      if (bad)
         return fail(a, why, "%s%s is not a numeric scalar%s", pre, TN(bad),
                     glsl_type_is_vector(bad) ?
                     " (lessThan() and the like compare vectors)" : "");
      enum glsl_base_type base = common_base(l, r, f);
      if (base == GLSL_TYPE_VOID)
         return fail(a, why, "%sno implicit conversion between %s and %s in %s", pre,
                     TN(l), TN(r), glsl_version_text(a, f->version));
      set_converted(converted, glsl_type_with_base(l, base), glsl_type_with_base(r, base));
      return &glsl_type_bool;
   }

   default:
      break;
   }

   /* the arithmetic, integer and shift operators */
   bool integer_op = op == GLSL_BINOP_MOD || op == GLSL_BINOP_LSHIFT ||
                     op == GLSL_BINOP_RSHIFT || op == GLSL_BINOP_BIT_AND ||
                     op == GLSL_BINOP_BIT_XOR || op == GLSL_BINOP_BIT_OR;
   if (integer_op) {
      if (!glsl_rule_allowed(GLSL_RULE_INTEGER_OPERATORS, f))
         return fail(a, why, "%sthe operator needs %s", pre,
                     glsl_gate_text(a, glsl_rule_gate(GLSL_RULE_INTEGER_OPERATORS), f));
      const struct glsl_type *bad = !glsl_type_is_integer(l) ? l :
                                    !glsl_type_is_integer(r) ? r : NULL;
      if (bad)
         return fail(a, why, "%s%s is not an integer scalar or vector", pre, TN(bad));
   } else {
      const struct glsl_type *bad = !glsl_type_is_numeric(l) ? l :
                                    !glsl_type_is_numeric(r) ? r : NULL;
      if (bad)
         return fail(a, why, "%s%s is not a numeric scalar, vector or matrix", pre, TN(bad));
   }

   if (op == GLSL_BINOP_LSHIFT || op == GLSL_BINOP_RSHIFT) {
      /* either signedness, no conversion; the result is the left type */
      if (glsl_type_is_scalar(l) && !glsl_type_is_scalar(r))
         return fail(a, why, "%sa scalar can only be shifted by a scalar", pre);
      if (glsl_type_is_vector(r) && r->vector_elements != l->vector_elements)
         return fail(a, why, "%svectors of different sizes", pre);
      return l;
   }

   enum glsl_base_type base = common_base(l, r, f);
   if (base == GLSL_TYPE_VOID)
      return fail(a, why, "%sno implicit conversion between %s and %s in %s", pre,
                  glsl_base_type_name(l->base), glsl_base_type_name(r->base),
                  glsl_version_text(a, f->version));
   const struct glsl_type *cl = glsl_type_with_base(l, base);
   const struct glsl_type *cr = glsl_type_with_base(r, base);
   set_converted(converted, cl, cr);

   if (glsl_type_is_scalar(cl))
      return cr;
   if (glsl_type_is_scalar(cr))
      return cl;
   if (glsl_type_is_vector(cl) && glsl_type_is_vector(cr)) {
      if (cl->vector_elements != cr->vector_elements)
         return fail(a, why, "%svectors of different sizes", pre);
      return cl;
   }
   /* at least one matrix */
   if (op != GLSL_BINOP_MUL) {
      if (glsl_type_is_vector(cl) || glsl_type_is_vector(cr))
         return fail(a, why, "%sa vector and a matrix can only be multiplied", pre);
      if (cl->vector_elements != cr->vector_elements ||
          cl->matrix_columns != cr->matrix_columns)
         return fail(a, why, "%smatrices of different sizes", pre);
      return cl;
   }
   /* linear algebra: left columns == right rows; the result has the left
    * rows and the right columns (a left vector is a row vector, a right
    * vector a column vector) */
   if (glsl_type_is_vector(cr)) {
      if (cl->matrix_columns != cr->vector_elements)
         return fail(a, why, "%sthe matrix has %u columns but the vector has %u components",
                     pre, cl->matrix_columns, cr->vector_elements);
      return glsl_type_get_instance(base, cl->vector_elements, 1);
   }
   if (glsl_type_is_vector(cl)) {
      if (cl->vector_elements != cr->vector_elements)
         return fail(a, why, "%sthe vector has %u components but the matrix has %u rows",
                     pre, cl->vector_elements, cr->vector_elements);
      return glsl_type_get_instance(base, cr->matrix_columns, 1);
   }
   if (cl->matrix_columns != cr->vector_elements)
      return fail(a, why, "%sthe left matrix has %u columns but the right matrix has %u rows",
                  pre, cl->matrix_columns, cr->vector_elements);
   return glsl_type_get_instance(base, cl->vector_elements, cr->matrix_columns);
}

const struct glsl_type *
glsl_type_unary_result(struct glsl_arena *a, enum glsl_unop op, const struct glsl_type *t,
                       const struct glsl_features *f, const char **why)
{
   if (why)
      *why = NULL;
   if (glsl_type_is_error(t))
      return &glsl_type_error;
   const char *pre = why ? glsl_printf(a, "'%s' on %s: ", glsl_unop_text(op), TN(t)) : "";
   switch (op) {
   case GLSL_UNOP_LOGIC_NOT:
      if (t != &glsl_type_bool)
         return fail(a, why, "%snot a bool%s", pre,
                     glsl_type_is_boolean(t) ? " (not() negates a bool vector)" : "");
      return t;
   case GLSL_UNOP_BIT_NOT:
      if (!glsl_rule_allowed(GLSL_RULE_INTEGER_OPERATORS, f))
         return fail(a, why, "%sthe operator needs %s", pre,
                     glsl_gate_text(a, glsl_rule_gate(GLSL_RULE_INTEGER_OPERATORS), f));
      if (!glsl_type_is_integer(t))
         return fail(a, why, "%snot an integer scalar or vector", pre);
      return t;
   default:
      if (!glsl_type_is_numeric(t))
         return fail(a, why, "%snot a numeric scalar, vector or matrix", pre);
      return t;
   }
}

const struct glsl_type *
glsl_type_select_result(struct glsl_arena *a, const struct glsl_type *l,
                        const struct glsl_type *r, const struct glsl_features *f,
                        const struct glsl_type *converted[2], const char **why)
{
   set_converted(converted, l, r);
   if (why)
      *why = NULL;
   if (glsl_type_is_error(l) || glsl_type_is_error(r))
      return &glsl_type_error;
   const char *pre = why ? glsl_printf(a, "'?:' on %s and %s: ", TN(l), TN(r)) : "";
   /* void is allowed: f() ? g() : h() with void functions */
   if (!(glsl_type_is_void(l) && glsl_type_is_void(r)) &&
       (!whole_value_ok(a, pre, l, f, why) || !whole_value_ok(a, pre, r, f, why)))
      return &glsl_type_error;
   return match_types(a, pre, l, r, f, converted, why);
}

bool
glsl_type_assign_check(struct glsl_arena *a, const struct glsl_type *lhs,
                       const struct glsl_type *rhs, const struct glsl_features *f,
                       const char **why)
{
   if (why)
      *why = NULL;
   if (glsl_type_is_error(lhs) || glsl_type_is_error(rhs))
      return false;
   const char *pre = why ? glsl_printf(a, "assigning %s to %s: ", TN(rhs), TN(lhs)) : "";
   if (!whole_value_ok(a, pre, lhs, f, why) || !whole_value_ok(a, pre, rhs, f, why))
      return false;
   if (glsl_type_can_implicitly_convert(rhs, lhs, f))
      return true;
   if (glsl_type_is_basic(lhs) && glsl_type_is_basic(rhs) &&
       lhs->vector_elements == rhs->vector_elements &&
       lhs->matrix_columns == rhs->matrix_columns)
      fail(a, why, "%sno implicit conversion from %s to %s in %s", pre,
           glsl_base_type_name(rhs->base), glsl_base_type_name(lhs->base),
           glsl_version_text(a, f->version));
   else
      fail(a, why, "%sthe types differ", pre);
   return false;
}

/* ---- constructors ------------------------------------------------------- */

/* Whether actual fits pattern, where pattern may have unsized array
 * dimensions (vec4[][2](...) element patterns). */
static bool
fits_pattern(const struct glsl_type *pattern, const struct glsl_type *actual)
{
   while (pattern->base == GLSL_TYPE_ARRAY && actual->base == GLSL_TYPE_ARRAY) {
      if (pattern->length != GLSL_ARRAY_UNSIZED && pattern->length != actual->length)
         return false;
      pattern = pattern->element;
      actual = actual->element;
   }
   return glsl_type_equal(pattern, actual);
}

static enum glsl_ctor_kind
ctor_fail(const struct glsl_type **result)
{
   *result = &glsl_type_error;
   return GLSL_CTOR_ERROR;
}

enum glsl_ctor_kind
glsl_type_constructor(struct glsl_arena *a, const struct glsl_type *type,
                      const struct glsl_type *const *args, unsigned num_args,
                      const struct glsl_features *f, const struct glsl_type **result,
                      const char **why)
{
   if (why)
      *why = NULL;
   if (glsl_type_is_error(type))
      return ctor_fail(result);
   for (unsigned i = 0; i < num_args; i++) {
      if (glsl_type_is_error(args[i]))
         return ctor_fail(result);
   }
   const char *pre = why ? glsl_printf(a, "%s constructor: ", TN(type)) : "";

   if (glsl_type_is_void(type) || glsl_type_is_opaque(type) || glsl_type_is_interface(type)) {
      fail(a, why, "%s%s cannot be constructed", pre, TN(type));
      return ctor_fail(result);
   }

   if (glsl_type_is_array(type)) {
      if (!glsl_rule_allowed(GLSL_RULE_ARRAY_CONSTRUCTORS, f)) {
         fail(a, why, "%s%s need %s", pre, glsl_rule_name(GLSL_RULE_ARRAY_CONSTRUCTORS),
              glsl_gate_text(a, glsl_rule_gate(GLSL_RULE_ARRAY_CONSTRUCTORS), f));
         return ctor_fail(result);
      }
      if (num_args == 0 ||
          (type->length != GLSL_ARRAY_UNSIZED && (unsigned)type->length != num_args)) {
         if (type->length == GLSL_ARRAY_UNSIZED)
            fail(a, why, "%sno arguments", pre);
         else
            fail(a, why, "%s%u argument%s for %d elements", pre, num_args,
                 num_args == 1 ? "" : "s", type->length);
         return ctor_fail(result);
      }
      const struct glsl_type *elem = type->element;
      bool inner_unsized = glsl_type_contains_unsized_array(elem);
      for (unsigned i = 0; i < num_args; i++) {
         bool ok = inner_unsized ? fits_pattern(elem, args[i]) && glsl_type_equal(args[i], args[0])
                                 : glsl_type_can_implicitly_convert(args[i], elem, f);
         if (!ok) {
            fail(a, why, "%sargument %u is %s, which does not convert to %s", pre, i + 1,
                 TN(args[i]), inner_unsized && i > 0 && fits_pattern(elem, args[i]) ?
                 TN(args[0]) : TN(elem));
            return ctor_fail(result);
         }
      }
      if (inner_unsized)
         elem = args[0];
      *result = type->length == GLSL_ARRAY_UNSIZED || inner_unsized ?
                glsl_type_array(a, elem, (int)num_args) : type;
      if (glsl_type_is_error(*result)) {
         fail(a, why, "%sthe array nests too deeply", pre);
         return GLSL_CTOR_ERROR;
      }
      return GLSL_CTOR_ARRAY;
   }

   if (glsl_type_is_struct(type)) {
      if (num_args != type->num_fields) {
         fail(a, why, "%s%u argument%s for %u members", pre, num_args, num_args == 1 ? "" : "s",
              type->num_fields);
         return ctor_fail(result);
      }
      for (unsigned i = 0; i < num_args; i++) {
         if (!glsl_type_can_implicitly_convert(args[i], type->fields[i].type, f)) {
            fail(a, why, "%sargument %u is %s, which does not convert to %s (member %s)", pre,
                 i + 1, TN(args[i]), TN(type->fields[i].type),
                 type->fields[i].name ? type->fields[i].name : "?");
            return ctor_fail(result);
         }
      }
      *result = type;
      return GLSL_CTOR_STRUCT;
   }

   /* scalars, vectors, matrices */
   if (num_args == 0) {
      fail(a, why, "%sno arguments", pre);
      return ctor_fail(result);
   }
   bool any_matrix = false;
   for (unsigned i = 0; i < num_args; i++) {
      if (!glsl_type_is_basic(args[i])) {
         fail(a, why, "%sargument %u is %s, not a scalar, vector or matrix", pre, i + 1,
              TN(args[i]));
         return ctor_fail(result);
      }
      any_matrix = any_matrix || glsl_type_is_matrix(args[i]);
   }
   *result = type;
   if (glsl_type_is_matrix(type)) {
      if (any_matrix) {
         if (num_args != 1) {
            fail(a, why, "%sa matrix argument must be the only argument", pre);
            return ctor_fail(result);
         }
         if (!glsl_rule_allowed(GLSL_RULE_MATRIX_FROM_MATRIX, f)) {
            fail(a, why, "%s%s needs %s", pre, glsl_rule_name(GLSL_RULE_MATRIX_FROM_MATRIX),
                 glsl_gate_text(a, glsl_rule_gate(GLSL_RULE_MATRIX_FROM_MATRIX), f));
            return ctor_fail(result);
         }
         return GLSL_CTOR_MATRIX;
      }
      if (num_args == 1 && glsl_type_is_scalar(args[0]))
         return GLSL_CTOR_DIAGONAL;
   } else if (num_args == 1) {
      if (glsl_type_is_scalar(type))
         return GLSL_CTOR_SCALAR;
      if (glsl_type_is_scalar(args[0]))
         return GLSL_CTOR_FILL;
   }
   /* components in order; every argument must contribute */
   unsigned need = glsl_type_components(type), have = 0;
   for (unsigned i = 0; i < num_args; i++) {
      if (have >= need) {
         fail(a, why, "%sargument %u is not used (%s has %u component%s)", pre, i + 1,
              TN(type), need, need == 1 ? "" : "s");
         return ctor_fail(result);
      }
      have += glsl_type_components(args[i]);
   }
   if (have < need) {
      fail(a, why, "%sthe arguments have %u component%s, %s needs %u", pre, have,
           have == 1 ? "" : "s", TN(type), need);
      return ctor_fail(result);
   }
   return GLSL_CTOR_COMPONENTS;
}
