/*
 * The GLSL type system: built-in names per version and extension, names
 * for messages, derived types and their comparison, slot counts and
 * std140/std430 layout, implicit conversions and overload resolution per
 * version, the operator and constructor rules with their exact messages,
 * and hostile inputs (deep nesting, huge arrays, a small arena).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "compiler/glsl/glsl_types.h"

#include "glsl_test.h"

/* ---- versions and extensions ------------------------------------------ */

static bool
all_exts(void *data, const char *ext)
{
   return true;
}

/* data: a NULL-terminated list of enabled extension names */
static bool
listed_exts(void *data, const char *ext)
{
   for (const char *const *e = data; *e; e++) {
      if (!strcmp(*e, ext))
         return true;
   }
   return false;
}

static struct glsl_features
ver(unsigned number, bool es)
{
   return (struct glsl_features){ { (uint16_t)number, es }, NULL, NULL };
}

static struct glsl_features
ver_ext(unsigned number, bool es, const char *const *exts)
{
   return (struct glsl_features){ { (uint16_t)number, es }, listed_exts, (void *)exts };
}

static const struct glsl_features v110 = { { 110, false }, NULL, NULL };
static const struct glsl_features v120 = { { 120, false }, NULL, NULL };
static const struct glsl_features v130 = { { 130, false }, NULL, NULL };
static const struct glsl_features v400 = { { 400, false }, NULL, NULL };
static const struct glsl_features v460 = { { 460, false }, NULL, NULL };
static const struct glsl_features es100 = { { 100, true }, NULL, NULL };
static const struct glsl_features es300 = { { 300, true }, NULL, NULL };
static const struct glsl_features es320 = { { 320, true }, NULL, NULL };

/* ---- built-in names ------------------------------------------------------ */

/*
 * Every built-in type name in versions 1.10 1.20 1.30 1.40 3.30 4.00 4.60
 * ES 1.00 ES 3.00 ES 3.20: Y core, N absent (even with every extension),
 * x absent but enabled by an extension.  Written from the specifications'
 * type tables, independently of the table in glsl_types.c.
 */
static const struct {
   const char *name, *when;
} name_cases[] = {
   { "void", "YYYYYYYYYY" },       { "bool", "YYYYYYYYYY" },
   { "int", "YYYYYYYYYY" },        { "float", "YYYYYYYYYY" },
   { "vec2", "YYYYYYYYYY" },       { "vec3", "YYYYYYYYYY" },       { "vec4", "YYYYYYYYYY" },
   { "bvec2", "YYYYYYYYYY" },      { "bvec3", "YYYYYYYYYY" },      { "bvec4", "YYYYYYYYYY" },
   { "ivec2", "YYYYYYYYYY" },      { "ivec3", "YYYYYYYYYY" },      { "ivec4", "YYYYYYYYYY" },
   { "mat2", "YYYYYYYYYY" },       { "mat3", "YYYYYYYYYY" },       { "mat4", "YYYYYYYYYY" },
   { "mat2x2", "NYYYYYYNYY" },     { "mat2x3", "NYYYYYYNYY" },     { "mat2x4", "NYYYYYYNYY" },
   { "mat3x2", "NYYYYYYNYY" },     { "mat3x3", "NYYYYYYNYY" },     { "mat3x4", "NYYYYYYNYY" },
   { "mat4x2", "NYYYYYYNYY" },     { "mat4x3", "NYYYYYYNYY" },     { "mat4x4", "NYYYYYYNYY" },
   { "uint", "NNYYYYYNYY" },       { "uvec2", "NNYYYYYNYY" },
   { "uvec3", "NNYYYYYNYY" },      { "uvec4", "NNYYYYYNYY" },
   { "double", "xxxxxYYNNN" },     { "dvec2", "xxxxxYYNNN" },
   { "dvec3", "xxxxxYYNNN" },      { "dvec4", "xxxxxYYNNN" },
   { "dmat2", "xxxxxYYNNN" },      { "dmat3", "xxxxxYYNNN" },      { "dmat4", "xxxxxYYNNN" },
   { "dmat2x2", "xxxxxYYNNN" },    { "dmat2x3", "xxxxxYYNNN" },    { "dmat2x4", "xxxxxYYNNN" },
   { "dmat3x2", "xxxxxYYNNN" },    { "dmat3x3", "xxxxxYYNNN" },    { "dmat3x4", "xxxxxYYNNN" },
   { "dmat4x2", "xxxxxYYNNN" },    { "dmat4x3", "xxxxxYYNNN" },    { "dmat4x4", "xxxxxYYNNN" },
   { "sampler1D", "YYYYYYYNNN" },  { "sampler1DShadow", "YYYYYYYNNN" },
   { "sampler2D", "YYYYYYYYYY" },  { "samplerCube", "YYYYYYYYYY" },
   { "sampler3D", "YYYYYYYxYY" },  { "sampler2DShadow", "YYYYYYYxYY" },
   { "sampler2DRect", "xxxYYYYNNN" }, { "sampler2DRectShadow", "xxxYYYYNNN" },
   { "sampler1DArray", "xxYYYYYNNN" }, { "sampler1DArrayShadow", "xxYYYYYNNN" },
   { "sampler2DArray", "xxYYYYYNYY" }, { "sampler2DArrayShadow", "xxYYYYYNYY" },
   { "samplerCubeShadow", "NNYYYYYNYY" },
   { "samplerBuffer", "NNNYYYYxxY" },
   { "sampler2DMS", "xxxxYYYNNY" },   { "sampler2DMSArray", "xxxxYYYxxY" },
   { "samplerCubeArray", "xxxxxYYxxY" }, { "samplerCubeArrayShadow", "xxxxxYYxxY" },
   { "samplerExternalOES", "NNNNNNNxxx" },
   { "isampler1D", "NNYYYYYNNN" },    { "isampler1DArray", "NNYYYYYNNN" },
   { "isampler2D", "NNYYYYYNYY" },    { "isampler3D", "NNYYYYYNYY" },
   { "isamplerCube", "NNYYYYYNYY" },  { "isampler2DArray", "NNYYYYYNYY" },
   { "isampler2DRect", "NNNYYYYNNN" }, { "isamplerBuffer", "NNNYYYYxxY" },
   { "isampler2DMS", "xxxxYYYNNY" },  { "isampler2DMSArray", "xxxxYYYxxY" },
   { "isamplerCubeArray", "xxxxxYYxxY" },
   { "usampler1D", "NNYYYYYNNN" },    { "usampler1DArray", "NNYYYYYNNN" },
   { "usampler2D", "NNYYYYYNYY" },    { "usampler3D", "NNYYYYYNYY" },
   { "usamplerCube", "NNYYYYYNYY" },  { "usampler2DArray", "NNYYYYYNYY" },
   { "usampler2DRect", "NNNYYYYNNN" }, { "usamplerBuffer", "NNNYYYYxxY" },
   { "usampler2DMS", "xxxxYYYNNY" },  { "usampler2DMSArray", "xxxxYYYxxY" },
   { "usamplerCubeArray", "xxxxxYYxxY" },
   { "image1D", "xxxxxxYNNN" },       { "image1DArray", "xxxxxxYNNN" },
   { "image2DRect", "xxxxxxYNNN" },   { "image2DMS", "xxxxxxYNNN" },
   { "image2DMSArray", "xxxxxxYNNN" }, { "image2D", "xxxxxxYNNY" },
   { "image3D", "xxxxxxYNNY" },       { "imageCube", "xxxxxxYNNY" },
   { "image2DArray", "xxxxxxYNNY" },  { "imageBuffer", "xxxxxxYxxY" },
   { "imageCubeArray", "xxxxxxYxxY" },
   { "iimage1D", "xxxxxxYNNN" },      { "iimage1DArray", "xxxxxxYNNN" },
   { "iimage2DRect", "xxxxxxYNNN" },  { "iimage2DMS", "xxxxxxYNNN" },
   { "iimage2DMSArray", "xxxxxxYNNN" }, { "iimage2D", "xxxxxxYNNY" },
   { "iimage3D", "xxxxxxYNNY" },      { "iimageCube", "xxxxxxYNNY" },
   { "iimage2DArray", "xxxxxxYNNY" }, { "iimageBuffer", "xxxxxxYxxY" },
   { "iimageCubeArray", "xxxxxxYxxY" },
   { "uimage1D", "xxxxxxYNNN" },      { "uimage1DArray", "xxxxxxYNNN" },
   { "uimage2DRect", "xxxxxxYNNN" },  { "uimage2DMS", "xxxxxxYNNN" },
   { "uimage2DMSArray", "xxxxxxYNNN" }, { "uimage2D", "xxxxxxYNNY" },
   { "uimage3D", "xxxxxxYNNY" },      { "uimageCube", "xxxxxxYNNY" },
   { "uimage2DArray", "xxxxxxYNNY" }, { "uimageBuffer", "xxxxxxYxxY" },
   { "uimageCubeArray", "xxxxxxYxxY" },
   { "atomic_uint", "xxxxxxYNNY" },
};

static const struct glsl_version name_versions[10] = {
   { 110, false }, { 120, false }, { 130, false }, { 140, false }, { 330, false },
   { 400, false }, { 460, false }, { 100, true },  { 300, true },  { 320, true },
};

static void
test_names_per_version(void)
{
   unsigned n = sizeof name_cases / sizeof name_cases[0];
   CHECK(n == glsl_num_builtin_types, "%u cases for %u table rows", n, glsl_num_builtin_types);
   for (unsigned i = 0; i < n; i++) {
      const char *name = name_cases[i].name;
      const struct glsl_builtin_type *row = glsl_builtin_type_find(name);
      CHECK(row != NULL, "%s not in the table", name);
      for (unsigned v = 0; v < 10; v++) {
         char want = name_cases[i].when[v];
         const struct glsl_type *plain = glsl_type_by_name(name, name_versions[v], NULL, NULL);
         const struct glsl_type *ext = glsl_type_by_name(name, name_versions[v], all_exts, NULL);
         CHECK((plain != NULL) == (want == 'Y'), "%s in %s%u: %s without extensions", name,
               name_versions[v].es ? "ES " : "", name_versions[v].number,
               plain ? "present" : "absent");
         CHECK((ext != NULL) == (want != 'N'), "%s in %s%u: %s with every extension", name,
               name_versions[v].es ? "ES " : "", name_versions[v].number,
               ext ? "present" : "absent");
         CHECK(!plain || !ext || plain == ext, "%s: two types", name);
      }
   }
   /* the table is sorted (it is searched by halves) and spells its types */
   for (unsigned i = 0; i < glsl_num_builtin_types; i++) {
      const struct glsl_builtin_type *row = &glsl_builtin_types[i];
      CHECK(i == 0 || strcmp(glsl_builtin_types[i - 1].name, row->name) < 0,
            "table not sorted at %s", row->name);
      bool alias = !strcmp(row->name, "mat2x2") || !strcmp(row->name, "mat3x3") ||
                   !strcmp(row->name, "mat4x4") || !strcmp(row->name, "dmat2x2") ||
                   !strcmp(row->name, "dmat3x3") || !strcmp(row->name, "dmat4x4");
      CHECK(alias || !strcmp(row->type->name, row->name), "row %s has type %s", row->name,
            row->type->name);
   }
   /* every instance has a name in the table */
#define HAS_ROW(ident, ...)                                                           \
   CHECK(glsl_builtin_type_find(#ident) && glsl_builtin_type_find(#ident)->type ==     \
         &glsl_type_##ident, "instance %s has no row", #ident);
   GLSL_BASIC_TYPES(HAS_ROW)
   GLSL_OPAQUE_TYPES(HAS_ROW)
#undef HAS_ROW
   CHECK(glsl_type_by_name("mat2x2", name_versions[1], NULL, NULL) == &glsl_type_mat2, "alias");
   CHECK(glsl_type_by_name("dmat4x4", name_versions[6], NULL, NULL) == &glsl_type_dmat4, "alias");

   /* the particular extensions */
   static const char *const rect[] = { "GL_ARB_texture_rectangle", NULL };
   static const char *const tex3d[] = { "GL_OES_texture_3D", NULL };
   static const char *const ext_oes[] = { "GL_OES_EGL_image_external", NULL };
   static const char *const ext_oes3[] = { "GL_OES_EGL_image_external_essl3", NULL };
   static const char *const shadow[] = { "GL_EXT_shadow_samplers", NULL };
   static const char *const fp64[] = { "GL_ARB_gpu_shader_fp64", NULL };
   static const char *const texarray[] = { "GL_EXT_texture_array", NULL };
   struct glsl_features f;
   f = ver_ext(110, false, rect);
   CHECK(glsl_type_by_name_f("sampler2DRect", &f) == &glsl_type_sampler2DRect, "rect ext");
   CHECK(glsl_type_by_name_f("sampler2DRectShadow", &f) == &glsl_type_sampler2DRectShadow,
         "as stated");
   CHECK(!glsl_type_by_name_f("isampler2DRect", &f), "isampler2DRect by the rect ext");
   CHECK(!glsl_type_by_name_f("sampler3D", &(struct glsl_features){ { 100, true }, listed_exts,
                                                                    (void *)rect }),
         "sampler3D in ES 1.00 by the rect extension");
   f = ver_ext(100, true, tex3d);
   CHECK(glsl_type_by_name_f("sampler3D", &f) == &glsl_type_sampler3D, "OES_texture_3D");
   CHECK(!glsl_type_by_name_f("sampler2DRect", &f), "rect by OES_texture_3D");
   f = ver_ext(100, true, ext_oes);
   CHECK(glsl_type_by_name_f("samplerExternalOES", &f) == &glsl_type_samplerExternalOES, "ext");
   f = ver_ext(300, true, ext_oes3);
   CHECK(glsl_type_by_name_f("samplerExternalOES", &f) == &glsl_type_samplerExternalOES, "ext3");
   f = ver_ext(100, true, shadow);
   CHECK(glsl_type_by_name_f("sampler2DShadow", &f) == &glsl_type_sampler2DShadow, "shadow");
   CHECK(!glsl_type_by_name_f("samplerCubeShadow", &f), "samplerCubeShadow in ES 1.00");
   f = ver_ext(150, false, fp64);
   CHECK(glsl_type_by_name_f("dmat2x3", &f) == &glsl_type_dmat2x3, "fp64");
   f = ver_ext(120, false, texarray);
   CHECK(glsl_type_by_name_f("sampler2DArrayShadow", &f) == &glsl_type_sampler2DArrayShadow,
         "EXT_texture_array");
   CHECK(!glsl_type_by_name_f("isampler2DArray", &f), "isampler2DArray in 1.20");
   /* a desktop extension does not open an ES type and the reverse */
   static const char *const ms[] = { "GL_ARB_texture_multisample", NULL };
   f = ver_ext(300, true, ms);
   CHECK(!glsl_type_by_name_f("sampler2DMSArray", &f), "ARB ext in ES");
   static const char *const cube_es[] = { "GL_EXT_texture_cube_map_array", NULL };
   f = ver_ext(330, false, cube_es);
   CHECK(!glsl_type_by_name_f("samplerCubeArray", &f), "ES ext on desktop");

   /* what the messages say a type needs */
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   f = ver(110, false);
   const char *t = glsl_gate_text(&a, &glsl_builtin_type_find("sampler2DRect")->gate, &f);
   CHECK(!strcmp(t, "GLSL 1.40 or GL_ARB_texture_rectangle"), "%s", t);
   f = ver(100, true);
   t = glsl_gate_text(&a, &glsl_builtin_type_find("sampler3D")->gate, &f);
   CHECK(!strcmp(t, "GLSL ES 3.00 or GL_OES_texture_3D"), "%s", t);
   t = glsl_gate_text(&a, &glsl_builtin_type_find("samplerExternalOES")->gate, &f);
   CHECK(!strcmp(t, "GL_OES_EGL_image_external or GL_OES_EGL_image_external_essl3"), "%s", t);
   t = glsl_gate_text(&a, &glsl_builtin_type_find("samplerCubeArray")->gate, &f);
   CHECK(!strcmp(t, "GLSL ES 3.20, GL_EXT_texture_cube_map_array or "
                 "GL_OES_texture_cube_map_array"), "%s", t);
   t = glsl_gate_text(&a, &glsl_builtin_type_find("sampler1D")->gate, &f);
   CHECK(!strcmp(t, "no version of GLSL ES"), "%s", t);
   CHECK(!strcmp(glsl_version_text(&a, (struct glsl_version){ 100, true }), "GLSL ES 1.00"),
         "as stated");
   CHECK(!strcmp(glsl_version_text(&a, (struct glsl_version){ 460, false }), "GLSL 4.60"),
         "as stated");
   glsl_arena_finish(&a);

   /* not type names */
   CHECK(!glsl_builtin_type_find(""), "empty name");
   CHECK(!glsl_builtin_type_find("Float"), "case");
   CHECK(!glsl_builtin_type_find("vec5"), "vec5");
   CHECK(!glsl_builtin_type_find("texture2D"), "Vulkan-only texture2D");
   CHECK(!glsl_builtin_type_find("sampler2Drect"), "case");
   char big[10000];
   memset(big, 'a', sizeof big - 1);
   big[sizeof big - 1] = '\0';
   CHECK(!glsl_builtin_type_find(big), "a long name");
   CHECK(glsl_builtin_type_find("vec4\0junk") == glsl_builtin_type_find("vec4"), "NUL ends");
}

/* ---- instances and queries ---------------------------------------------- */

static void
test_instances(void)
{
   CHECK(glsl_type_get_instance(GLSL_TYPE_FLOAT, 3, 1) == &glsl_type_vec3, "vec3");
   CHECK(glsl_type_get_instance(GLSL_TYPE_FLOAT, 3, 4) == &glsl_type_mat4x3, "mat4x3");
   CHECK(glsl_type_get_instance(GLSL_TYPE_FLOAT, 2, 2) == &glsl_type_mat2, "mat2");
   CHECK(glsl_type_get_instance(GLSL_TYPE_DOUBLE, 4, 2) == &glsl_type_dmat2x4, "dmat2x4");
   CHECK(glsl_type_get_instance(GLSL_TYPE_INT, 1, 1) == &glsl_type_int, "int");
   CHECK(glsl_type_get_instance(GLSL_TYPE_UINT, 4, 1) == &glsl_type_uvec4, "uvec4");
   CHECK(glsl_type_get_instance(GLSL_TYPE_BOOL, 2, 1) == &glsl_type_bvec2, "bvec2");
   CHECK(glsl_type_get_instance(GLSL_TYPE_VOID, 1, 1) == &glsl_type_void, "void");
   CHECK(!glsl_type_get_instance(GLSL_TYPE_BOOL, 2, 2), "bool matrix");
   CHECK(!glsl_type_get_instance(GLSL_TYPE_INT, 3, 3), "int matrix");
   CHECK(!glsl_type_get_instance(GLSL_TYPE_FLOAT, 5, 1), "vec5");
   CHECK(!glsl_type_get_instance(GLSL_TYPE_FLOAT, 0, 1), "vec0");
   CHECK(!glsl_type_get_instance(GLSL_TYPE_FLOAT, 1, 2), "a one-row matrix");
   CHECK(!glsl_type_get_instance(GLSL_TYPE_SAMPLER, 1, 1), "sampler");

   CHECK(glsl_type_get_sampler(GLSL_SAMPLER_DIM_2D, true, true, GLSL_TYPE_FLOAT) ==
         &glsl_type_sampler2DArrayShadow, "sampler2DArrayShadow");
   CHECK(glsl_type_get_sampler(GLSL_SAMPLER_DIM_CUBE, false, false, GLSL_TYPE_UINT) ==
         &glsl_type_usamplerCube, "usamplerCube");
   CHECK(glsl_type_get_sampler(GLSL_SAMPLER_DIM_2D, true, false, GLSL_TYPE_INT) ==
         &glsl_type_isampler2DArray, "isampler2DArray");
   CHECK(glsl_type_get_sampler(GLSL_SAMPLER_DIM_EXTERNAL, false, false, GLSL_TYPE_FLOAT) ==
         &glsl_type_samplerExternalOES, "external");
   CHECK(!glsl_type_get_sampler(GLSL_SAMPLER_DIM_3D, false, true, GLSL_TYPE_FLOAT), "3D shadow");
   CHECK(!glsl_type_get_sampler(GLSL_SAMPLER_DIM_2D, false, true, GLSL_TYPE_INT), "int shadow");
   CHECK(!glsl_type_get_sampler(GLSL_SAMPLER_DIM_3D, true, false, GLSL_TYPE_FLOAT), "3D array");
   CHECK(glsl_type_get_image(GLSL_SAMPLER_DIM_MS, true, GLSL_TYPE_UINT) ==
         &glsl_type_uimage2DMSArray, "uimage2DMSArray");
   CHECK(!glsl_type_get_image(GLSL_SAMPLER_DIM_EXTERNAL, false, GLSL_TYPE_FLOAT), "ext image");

   /* shape */
   CHECK(glsl_type_is_scalar(&glsl_type_float) && !glsl_type_is_vector(&glsl_type_float),
         "as stated");
   CHECK(glsl_type_is_vector(&glsl_type_bvec3) && glsl_type_is_boolean(&glsl_type_bvec3),
         "as stated");
   CHECK(!glsl_type_is_numeric(&glsl_type_bvec3), "bvec3 numeric");
   CHECK(glsl_type_is_matrix(&glsl_type_mat2x4) && !glsl_type_is_vector(&glsl_type_mat2x4),
         "as stated");
   CHECK(glsl_type_is_numeric(&glsl_type_dmat3) && glsl_type_is_floating(&glsl_type_dmat3),
         "as stated");
   CHECK(glsl_type_is_integer(&glsl_type_uvec2) && !glsl_type_is_integer(&glsl_type_vec2),
         "as stated");
   CHECK(!glsl_type_is_scalar(&glsl_type_void) && !glsl_type_is_numeric(&glsl_type_void),
         "as stated");
   CHECK(glsl_type_is_opaque(&glsl_type_atomic_uint) && glsl_type_is_opaque(&glsl_type_image2D) &&
         glsl_type_is_sampler(&glsl_type_samplerCubeShadow), "opaque");
   CHECK(!glsl_type_is_scalar(&glsl_type_sampler2D) && !glsl_type_is_numeric(&glsl_type_sampler2D),
         "sampler shape");
   CHECK(glsl_type_rows(&glsl_type_mat2x3) == 3 && glsl_type_columns(&glsl_type_mat2x3) == 2,
         "mat2x3 is 2 columns of 3 rows");
   CHECK(glsl_type_components(&glsl_type_mat4x3) == 12 && glsl_type_components(&glsl_type_vec2) == 2
         && glsl_type_components(&glsl_type_sampler2D) == 0, "components");
   CHECK(glsl_type_column_type(&glsl_type_mat2x3) == &glsl_type_vec3, "column");
   CHECK(glsl_type_row_type(&glsl_type_mat2x3) == &glsl_type_vec2, "row");
   CHECK(glsl_type_column_type(&glsl_type_dmat4) == &glsl_type_dvec4, "dmat4 column");
   CHECK(!glsl_type_row_type(&glsl_type_vec3), "row of a vector");
   CHECK(glsl_type_scalar_type(&glsl_type_dmat2) == &glsl_type_double, "scalar");
   CHECK(glsl_type_scalar_type(&glsl_type_bvec4) == &glsl_type_bool, "scalar");
   CHECK(!glsl_type_scalar_type(&glsl_type_sampler2D), "scalar of a sampler");
   CHECK(glsl_type_with_base(&glsl_type_vec3, GLSL_TYPE_INT) == &glsl_type_ivec3, "with base");
   CHECK(!glsl_type_with_base(&glsl_type_mat2, GLSL_TYPE_INT), "imat2");
   CHECK(glsl_type_index_result(&glsl_type_mat3x2) == &glsl_type_vec2, "m[i]");
   CHECK(glsl_type_index_result(&glsl_type_ivec4) == &glsl_type_int, "v[i]");
   CHECK(!glsl_type_index_result(&glsl_type_float), "f[i]");
   CHECK(!strcmp(glsl_base_type_name(GLSL_TYPE_UINT), "uint"), "base name");

   /* IR types */
   struct ir_type it;
   CHECK(glsl_type_to_ir(&glsl_type_vec3, &it) && it.base == IR_FLOAT && it.comps == 3 &&
         it.bits == 32, "vec3");
   CHECK(glsl_type_to_ir(&glsl_type_dvec2, &it) && it.base == IR_FLOAT && it.comps == 2 &&
         it.bits == 64, "dvec2");
   CHECK(glsl_type_to_ir(&glsl_type_mat4x3, &it) && it.base == IR_FLOAT && it.comps == 3,
         "mat4x3 column");
   CHECK(glsl_type_to_ir(&glsl_type_bvec2, &it) && it.base == IR_BOOL && it.comps == 2, "bvec2");
   CHECK(glsl_type_to_ir(&glsl_type_uint, &it) && it.base == IR_UINT && it.comps == 1, "uint");
   CHECK(!glsl_type_to_ir(&glsl_type_void, &it) && !glsl_type_to_ir(&glsl_type_sampler2D, &it),
         "void/sampler");
   enum ir_tex_target tt;
   CHECK(glsl_type_ir_tex_target(&glsl_type_sampler2DArrayShadow, &tt) && tt == IR_TEX_2D_ARRAY,
         "2d array");
   CHECK(glsl_type_ir_tex_target(&glsl_type_samplerExternalOES, &tt) && tt == IR_TEX_2D, "ext");
   CHECK(glsl_type_ir_tex_target(&glsl_type_usampler2DMSArray, &tt) && tt == IR_TEX_2D_MS_ARRAY,
         "ms array");
   CHECK(glsl_type_ir_tex_target(&glsl_type_isamplerCubeArray, &tt) && tt == IR_TEX_CUBE_ARRAY,
         "cube array");
   CHECK(glsl_type_ir_tex_target(&glsl_type_sampler2DRect, &tt) && tt == IR_TEX_RECT, "rect");
   CHECK(glsl_type_ir_tex_target(&glsl_type_imageBuffer, &tt) && tt == IR_TEX_BUFFER, "buffer");
   CHECK(!glsl_type_ir_tex_target(&glsl_type_atomic_uint, &tt), "atomic");
}

/* ---- derived types, names, equality -------------------------------------- */

static struct glsl_struct_field
field(const char *name, const struct glsl_type *type)
{
   return (struct glsl_struct_field){ .name = name, .type = type, .location = -1,
                                      .offset = -1, .align = -1 };
}

static void
test_derived(void)
{
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   const struct glsl_loc loc = { 0, 3, 8 };

   const struct glsl_type *f4 = glsl_type_array(&a, &glsl_type_float, 4);
   const struct glsl_type *f4b = glsl_type_array(&a, &glsl_type_float, 4);
   const struct glsl_type *f5 = glsl_type_array(&a, &glsl_type_float, 5);
   const struct glsl_type *i4 = glsl_type_array(&a, &glsl_type_int, 4);
   const struct glsl_type *fu = glsl_type_array(&a, &glsl_type_float, GLSL_ARRAY_UNSIZED);
   const struct glsl_type *f23 = glsl_type_array(&a, glsl_type_array(&a, &glsl_type_float, 3), 2);
   const struct glsl_type *fu3 = glsl_type_array(&a, glsl_type_array(&a, &glsl_type_float, 3),
                                                 GLSL_ARRAY_UNSIZED);
   CHECK(!strcmp(glsl_type_name(&a, f4), "float[4]"), "%s", glsl_type_name(&a, f4));
   CHECK(!strcmp(glsl_type_name(&a, fu), "float[]"), "%s", glsl_type_name(&a, fu));
   CHECK(!strcmp(glsl_type_name(&a, f23), "float[2][3]"), "%s", glsl_type_name(&a, f23));
   CHECK(!strcmp(glsl_type_name(&a, fu3), "float[][3]"), "%s", glsl_type_name(&a, fu3));
   CHECK(!strcmp(glsl_type_name(&a, &glsl_type_mat4x3), "mat4x3"), "mat4x3");
   CHECK(!strcmp(glsl_type_name(&a, &glsl_type_sampler2DShadow), "sampler2DShadow"), "as stated");
   CHECK(!strcmp(glsl_type_name(&a, &glsl_type_error), "<error>"), "error");
   CHECK(glsl_type_index_result(f23)->length == 3, "f23[i] is float[3]");
   CHECK(glsl_type_without_array(f23) == &glsl_type_float, "innermost");

   CHECK(glsl_type_equal(f4, f4b) && f4 != f4b, "arrays are structural");
   CHECK(!glsl_type_equal(f4, f5) && !glsl_type_equal(f4, i4) && !glsl_type_equal(f4, fu),
         "different arrays");
   CHECK(!glsl_type_equal(f4, &glsl_type_float) && !glsl_type_equal(&glsl_type_vec4, f4),
         "as stated");
   CHECK(glsl_type_equal(&glsl_type_vec3, &glsl_type_vec3), "as stated");
   CHECK(!glsl_type_equal(&glsl_type_vec3, &glsl_type_ivec3), "as stated");
   CHECK(glsl_type_equal(NULL, NULL) && !glsl_type_equal(NULL, &glsl_type_int), "NULL");

   /* invalid arrays */
   CHECK(glsl_type_is_error(glsl_type_array(&a, &glsl_type_float, 0)), "length 0");
   CHECK(glsl_type_is_error(glsl_type_array(&a, &glsl_type_float, -2)), "length -2");
   CHECK(glsl_type_is_error(glsl_type_array(&a, &glsl_type_void, 2)), "void[2]");
   CHECK(glsl_type_is_error(glsl_type_array(&a, &glsl_type_error, 2)), "error[2]");

   /* structs: the declaration is the type */
   struct glsl_struct_field fs[] = { field("a", &glsl_type_float), field("b", &glsl_type_vec3) };
   const struct glsl_type *s1 = glsl_type_struct(&a, "S", loc, fs, 2);
   const struct glsl_type *s2 = glsl_type_struct(&a, "S", loc, fs, 2);
   const struct glsl_type *anon = glsl_type_struct(&a, NULL, loc, fs, 2);
   CHECK(!strcmp(glsl_type_name(&a, s1), "struct S"), "%s", glsl_type_name(&a, s1));
   CHECK(!strcmp(glsl_type_name(&a, anon), "struct <anonymous>"), "anonymous");
   const struct glsl_type *s1arr = glsl_type_array(&a, s1, 4);
   CHECK(!strcmp(glsl_type_name(&a, s1arr), "struct S[4]"), "%s", glsl_type_name(&a, s1arr));
   CHECK(glsl_type_equal(s1, s1) && !glsl_type_equal(s1, s2), "struct identity");
   CHECK(glsl_type_equal(s1arr, glsl_type_array(&a, s1, 4)), "array of the same struct");
   CHECK(!glsl_type_equal(s1arr, glsl_type_array(&a, s2, 4)), "array of another struct");
   CHECK(glsl_type_struct_match(s1, s2, true), "same definition in two shaders");
   CHECK(s1->loc.line == 3 && s1->loc.column == 8, "loc");
   CHECK(glsl_type_field_index(s1, "b") == 1 && glsl_type_field_index(s1, "c") == -1, "fields");
   /* the struct keeps its own copy of names and fields */
   char name[] = "T";
   struct glsl_struct_field fcopy[] = { field("x", &glsl_type_int) };
   const struct glsl_type *t = glsl_type_struct(&a, name, loc, fcopy, 1);
   name[0] = 'U';
   fcopy[0].type = &glsl_type_float;
   CHECK(!strcmp(t->name, "T") && t->fields[0].type == &glsl_type_int, "copied");
   struct glsl_struct_field other_name[] = { field("a", &glsl_type_float),
                                             field("c", &glsl_type_vec3) };
   CHECK(!glsl_type_struct_match(s1, glsl_type_struct(&a, "S", loc, other_name, 2), false),
         "member name differs");
   CHECK(!glsl_type_struct_match(s1, glsl_type_struct(&a, "R", loc, fs, 2), false),
         "struct name differs");
   struct glsl_struct_field prec[] = { field("a", &glsl_type_float), field("b", &glsl_type_vec3) };
   prec[0].precision = GLSL_PRECISION_HIGH;
   const struct glsl_type *sp = glsl_type_struct(&a, "S", loc, prec, 2);
   CHECK(glsl_type_struct_match(s1, sp, false) && !glsl_type_struct_match(s1, sp, true),
         "precision");
   struct glsl_struct_field nest1[] = { field("s", s1arr) };
   struct glsl_struct_field nest2[] = { field("s", glsl_type_array(&a, s2, 4)) };
   CHECK(glsl_type_struct_match(glsl_type_struct(&a, "N", loc, nest1, 1),
                                glsl_type_struct(&a, "N", loc, nest2, 1), true), "nested match");
   struct glsl_struct_field len3[] = { field("v", glsl_type_array(&a, &glsl_type_float, 3)) };
   struct glsl_struct_field len4[] = { field("v", glsl_type_array(&a, &glsl_type_float, 4)) };
   CHECK(!glsl_type_struct_match(glsl_type_struct(&a, "L", loc, len3, 1),
                                 glsl_type_struct(&a, "L", loc, len4, 1), false),
         "member array lengths differ");
   CHECK(glsl_type_struct_match(glsl_type_struct(&a, "L", loc, len3, 1),
                                glsl_type_struct(&a, "L", loc, len3, 1), false),
         "member arrays alike");
   struct glsl_struct_field bad[] = { field("v", &glsl_type_void) };
   CHECK(glsl_type_is_error(glsl_type_struct(&a, "V", loc, bad, 1)), "void member");

   /* interface blocks */
   struct glsl_struct_field bf[] = { field("m", &glsl_type_mat4) };
   const struct glsl_type *blk = glsl_type_interface(&a, "Block", loc, GLSL_INTERFACE_UNIFORM,
                                                     GLSL_PACKING_STD140,
                                                     GLSL_MATRIX_LAYOUT_INHERIT, bf, 1);
   CHECK(!strcmp(glsl_type_name(&a, blk), "uniform block Block"), "%s", glsl_type_name(&a, blk));
   const struct glsl_type *ob = glsl_type_interface(&a, "V", loc, GLSL_INTERFACE_OUT,
                                                    GLSL_PACKING_SHARED,
                                                    GLSL_MATRIX_LAYOUT_INHERIT, bf, 1);
   CHECK(!strcmp(glsl_type_name(&a, glsl_type_array(&a, ob, 3)), "out block V[3]"), "%s",
         glsl_type_name(&a, glsl_type_array(&a, ob, 3)));

   /* contains */
   struct glsl_struct_field with_sampler[] = { field("t", &glsl_type_sampler2D) };
   const struct glsl_type *ss = glsl_type_struct(&a, "Tex", loc, with_sampler, 1);
   CHECK(glsl_type_contains_opaque(ss) && glsl_type_contains_opaque(glsl_type_array(&a, ss, 2)),
         "opaque inside");
   CHECK(!glsl_type_contains_opaque(s1) && !glsl_type_contains_array(s1), "as stated");
   CHECK(glsl_type_contains_array(glsl_type_struct(&a, "N", loc, nest1, 1)), "array inside");
   CHECK(glsl_type_contains_unsized_array(fu3) && !glsl_type_contains_unsized_array(f23),
         "as stated");
   CHECK(glsl_type_contains_double(glsl_type_array(&a, &glsl_type_dvec2, 2)), "double");

   /* scalar counts */
   CHECK(glsl_type_scalar_count(&glsl_type_mat3) == 9, "mat3");
   CHECK(glsl_type_scalar_count(f4) == 4, "float[4]");
   CHECK(glsl_type_scalar_count(s1arr) == 16, "S[4]: %u", glsl_type_scalar_count(s1arr));
   CHECK(glsl_type_scalar_count(fu) == 0 && glsl_type_scalar_count(&glsl_type_sampler2D) == 0,
         "as stated");
   glsl_arena_finish(&a);
}

/* ---- slots and layout ----------------------------------------------------- */

static void
test_slots(void)
{
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   const struct glsl_loc loc = { 0, 1, 1 };
   CHECK(glsl_type_location_slots(&glsl_type_mat3, false) == 3, "mat3");
   CHECK(glsl_type_location_slots(&glsl_type_mat2x4, false) == 2, "mat2x4");
   CHECK(glsl_type_location_slots(&glsl_type_vec4, false) == 1, "vec4");
   CHECK(glsl_type_location_slots(&glsl_type_float, false) == 1, "float");
   CHECK(glsl_type_location_slots(glsl_type_array(&a, &glsl_type_float, 4), false) == 4, "f[4]");
   CHECK(glsl_type_location_slots(glsl_type_array(&a, &glsl_type_mat4, 2), false) == 8, "m4[2]");
   CHECK(glsl_type_location_slots(&glsl_type_dvec2, false) == 1, "dvec2");
   CHECK(glsl_type_location_slots(&glsl_type_dvec3, false) == 2, "dvec3");
   CHECK(glsl_type_location_slots(&glsl_type_dvec4, true) == 1, "dvec4 vertex input");
   CHECK(glsl_type_location_slots(&glsl_type_dmat4, false) == 8, "dmat4");
   CHECK(glsl_type_location_slots(&glsl_type_dmat4, true) == 4, "dmat4 vertex input");
   CHECK(glsl_type_location_slots(&glsl_type_dmat3x2, false) == 3, "dmat3x2");
   struct glsl_struct_field fs[] = {
      field("a", &glsl_type_vec4), field("b", &glsl_type_mat2),
      field("c", glsl_type_array(&a, &glsl_type_float, 3)),
   };
   const struct glsl_type *s = glsl_type_struct(&a, "S", loc, fs, 3);
   CHECK(glsl_type_location_slots(s, false) == 6, "struct: %u", glsl_type_location_slots(s, false));
   CHECK(glsl_type_location_slots(glsl_type_array(&a, s, 2), false) == 12, "struct[2]");
   CHECK(glsl_type_location_slots(&glsl_type_sampler2D, false) == 0, "sampler");
   CHECK(glsl_type_location_slots(glsl_type_array(&a, &glsl_type_vec4, GLSL_ARRAY_UNSIZED),
                                  false) == 0, "unsized");
   CHECK(glsl_type_uniform_locations(&glsl_type_mat4) == 1, "mat4 is one uniform location");
   CHECK(glsl_type_uniform_locations(glsl_type_array(&a, &glsl_type_sampler2D, 3)) == 3,
         "as stated");
   CHECK(glsl_type_uniform_locations(s) == 5, "struct locations");

   /* std140 / std430 */
   CHECK(glsl_type_std_align(&glsl_type_vec3, GLSL_PACKING_STD140, false) == 16 &&
         glsl_type_std_size(&glsl_type_vec3, GLSL_PACKING_STD140, false) == 12, "vec3");
   CHECK(glsl_type_std_align(&glsl_type_vec2, GLSL_PACKING_STD430, false) == 8, "vec2");
   CHECK(glsl_type_std_align(&glsl_type_dvec3, GLSL_PACKING_STD430, false) == 32 &&
         glsl_type_std_size(&glsl_type_dvec3, GLSL_PACKING_STD430, false) == 24, "dvec3");
   CHECK(glsl_type_std_size(&glsl_type_bool, GLSL_PACKING_STD140, false) == 4, "bool");
   const struct glsl_type *f3 = glsl_type_array(&a, &glsl_type_float, 3);
   CHECK(glsl_type_std_array_stride(f3, GLSL_PACKING_STD140, false) == 16 &&
         glsl_type_std_size(f3, GLSL_PACKING_STD140, false) == 48 &&
         glsl_type_std_align(f3, GLSL_PACKING_STD140, false) == 16, "std140 float[3]");
   CHECK(glsl_type_std_array_stride(f3, GLSL_PACKING_STD430, false) == 4 &&
         glsl_type_std_size(f3, GLSL_PACKING_STD430, false) == 12 &&
         glsl_type_std_align(f3, GLSL_PACKING_STD430, false) == 4, "std430 float[3]");
   const struct glsl_type *v3a = glsl_type_array(&a, &glsl_type_vec3, 2);
   CHECK(glsl_type_std_array_stride(v3a, GLSL_PACKING_STD430, false) == 16, "vec3[2] stride");
   CHECK(glsl_type_std_size(&glsl_type_mat3, GLSL_PACKING_STD140, false) == 48 &&
         glsl_type_std_matrix_stride(&glsl_type_mat3, GLSL_PACKING_STD140, false) == 16, "mat3");
   CHECK(glsl_type_std_size(&glsl_type_mat2, GLSL_PACKING_STD140, false) == 32 &&
         glsl_type_std_size(&glsl_type_mat2, GLSL_PACKING_STD430, false) == 16, "mat2");
   CHECK(glsl_type_std_size(&glsl_type_mat2x3, GLSL_PACKING_STD430, false) == 32 &&
         glsl_type_std_size(&glsl_type_mat2x3, GLSL_PACKING_STD430, true) == 24 &&
         glsl_type_std_size(&glsl_type_mat2x3, GLSL_PACKING_STD140, true) == 48 &&
         glsl_type_std_matrix_stride(&glsl_type_mat2x3, GLSL_PACKING_STD430, true) == 8,
         "mat2x3 row-major");
   CHECK(glsl_type_std_size(&glsl_type_dmat2, GLSL_PACKING_STD140, false) == 32, "dmat2");
   CHECK(glsl_type_std_size(glsl_type_array(&a, &glsl_type_mat3, 2), GLSL_PACKING_STD140,
                            false) == 96, "mat3[2]");

   struct glsl_struct_field ls[] = {
      field("a", &glsl_type_float), field("b", &glsl_type_vec3), field("c", &glsl_type_mat3),
      field("d", glsl_type_array(&a, &glsl_type_float, 2)),
   };
   const struct glsl_type *l = glsl_type_struct(&a, "L", loc, ls, 4);
   static const unsigned off140[] = { 0, 16, 32, 80 }, off430[] = { 0, 16, 32, 80 };
   for (unsigned i = 0; i < 4; i++) {
      CHECK(glsl_type_std_offset(l, i, GLSL_PACKING_STD140, false) == off140[i], "140 member %u",
            i);
      CHECK(glsl_type_std_offset(l, i, GLSL_PACKING_STD430, false) == off430[i], "430 member %u",
            i);
   }
   CHECK(glsl_type_std_size(l, GLSL_PACKING_STD140, false) == 112, "140 struct size %llu",
         (unsigned long long)glsl_type_std_size(l, GLSL_PACKING_STD140, false));
   CHECK(glsl_type_std_size(l, GLSL_PACKING_STD430, false) == 96, "430 struct size %llu",
         (unsigned long long)glsl_type_std_size(l, GLSL_PACKING_STD430, false));

   struct glsl_struct_field in[] = { field("x", &glsl_type_float) };
   const struct glsl_type *inner = glsl_type_struct(&a, "Inner", loc, in, 1);
   struct glsl_struct_field out[] = {
      field("a", &glsl_type_float), field("i", inner), field("b", &glsl_type_float),
   };
   const struct glsl_type *outer = glsl_type_struct(&a, "Outer", loc, out, 3);
   CHECK(glsl_type_std_offset(outer, 1, GLSL_PACKING_STD140, false) == 16 &&
         glsl_type_std_offset(outer, 2, GLSL_PACKING_STD140, false) == 32 &&
         glsl_type_std_size(outer, GLSL_PACKING_STD140, false) == 48, "std140 nested struct");
   CHECK(glsl_type_std_offset(outer, 1, GLSL_PACKING_STD430, false) == 4 &&
         glsl_type_std_offset(outer, 2, GLSL_PACKING_STD430, false) == 8 &&
         glsl_type_std_size(outer, GLSL_PACKING_STD430, false) == 12, "std430 nested struct");

   /* layout(offset=32), layout(align=64) */
   struct glsl_struct_field q[] = {
      field("a", &glsl_type_float), field("b", &glsl_type_float), field("c", &glsl_type_float),
      field("d", &glsl_type_float),
   };
   q[1].offset = 32;
   q[3].align = 64;
   const struct glsl_type *qs = glsl_type_struct(&a, "Q", loc, q, 4);
   CHECK(glsl_type_std_offset(qs, 1, GLSL_PACKING_STD430, false) == 32 &&
         glsl_type_std_offset(qs, 2, GLSL_PACKING_STD430, false) == 36 &&
         glsl_type_std_offset(qs, 3, GLSL_PACKING_STD430, false) == 64 &&
         glsl_type_std_size(qs, GLSL_PACKING_STD430, false) == 128, "offset/align qualifiers");

   /* the block's and a member's matrix layout */
   struct glsl_struct_field bm[] = { field("m", &glsl_type_mat2x3), field("n", &glsl_type_mat2x3) };
   bm[1].matrix_layout = GLSL_MATRIX_LAYOUT_COLUMN_MAJOR;
   const struct glsl_type *blk = glsl_type_interface(&a, "B", loc, GLSL_INTERFACE_BUFFER,
                                                     GLSL_PACKING_STD430,
                                                     GLSL_MATRIX_LAYOUT_ROW_MAJOR, bm, 2);
   CHECK(glsl_type_std_offset(blk, 1, GLSL_PACKING_STD430, false) == 32 &&
         glsl_type_std_size(blk, GLSL_PACKING_STD430, false) == 64,
         "row-major block, column-major member: %llu %llu",
         (unsigned long long)glsl_type_std_offset(blk, 1, GLSL_PACKING_STD430, false),
         (unsigned long long)glsl_type_std_size(blk, GLSL_PACKING_STD430, false));
   /* an unsized last member: size 0, its stride still known */
   const struct glsl_type *runtime = glsl_type_array(&a, &glsl_type_vec3, GLSL_ARRAY_UNSIZED);
   CHECK(glsl_type_std_size(runtime, GLSL_PACKING_STD430, false) == 0 &&
         glsl_type_std_array_stride(runtime, GLSL_PACKING_STD430, false) == 16, "runtime array");
   CHECK(glsl_type_std_size(&glsl_type_sampler2D, GLSL_PACKING_STD140, false) == 0, "sampler");
   glsl_arena_finish(&a);
}

/* ---- implicit conversions and overloads ---------------------------------- */

static void
check_conversions(const char *label, const struct glsl_features *f, const char *const rows[5])
{
   /* rows: from bool int uint float double, columns: to the same;
    * '=' exact, 'Y' converts, '.' does not */
   static const struct glsl_type *const ts[5] = {
      &glsl_type_bool, &glsl_type_int, &glsl_type_uint, &glsl_type_float, &glsl_type_double,
   };
   static const struct glsl_type *const vs[5] = {
      &glsl_type_bvec3, &glsl_type_ivec3, &glsl_type_uvec3, &glsl_type_vec3, &glsl_type_dvec3,
   };
   for (unsigned i = 0; i < 5; i++) {
      for (unsigned j = 0; j < 5; j++) {
         char want = rows[i][j];
         enum glsl_conversion k = glsl_type_conversion(ts[i], ts[j], f);
         CHECK((want == '=') == (k == GLSL_CONV_EXACT) && (want == '.') == (k == GLSL_CONV_NONE),
               "%s: %s -> %s gives %d", label, ts[i]->name, ts[j]->name, k);
         CHECK(glsl_type_can_implicitly_convert(vs[i], vs[j], f) == (want != '.'),
               "%s: %s -> %s", label, vs[i]->name, vs[j]->name);
      }
   }
}

static void
test_conversions(void)
{
   static const char *const none[5] = { "=....", ".=...", "..=..", "...=.", "....=" };
   static const char *const c120[5] = { "=....", ".=.Y.", "..=..", "...=.", "....=" };
   static const char *const c130[5] = { "=....", ".=.Y.", "..=Y.", "...=.", "....=" };
   static const char *const c400[5] = { "=....", ".=YYY", "..=YY", "...=Y", "....=" };
   static const char *const sic[5] = { "=....", ".=YY.", "..=Y.", "...=.", "....=" };
   static const char *const gs5[5] = { "=....", ".=YY.", "..=Y.", "...=.", "....=" };
   static const char *const fp64[5] = { "=....", ".=.YY", "..=YY", "...=Y", "....=" };
   check_conversions("1.10", &v110, none);
   check_conversions("1.20", &v120, c120);
   check_conversions("1.30", &v130, c130);
   check_conversions("3.30", &(struct glsl_features){ { 330, false }, NULL, NULL }, c130);
   check_conversions("4.00", &v400, c400);
   check_conversions("4.60", &v460, c400);
   check_conversions("ES 1.00", &es100, none);
   check_conversions("ES 3.00", &es300, none);
   check_conversions("ES 3.20", &es320, none);
   static const char *const sic_ext[] = { "GL_EXT_shader_implicit_conversions", NULL };
   static const char *const gs5_ext[] = { "GL_ARB_gpu_shader5", NULL };
   static const char *const fp64_ext[] = { "GL_ARB_gpu_shader_fp64", NULL };
   struct glsl_features f = ver_ext(320, true, sic_ext);
   check_conversions("ES 3.20 + EXT_shader_implicit_conversions", &f, sic);
   f = ver_ext(150, false, gs5_ext);
   check_conversions("1.50 + ARB_gpu_shader5", &f, gs5);
   f = ver_ext(150, false, fp64_ext);
   check_conversions("1.50 + ARB_gpu_shader_fp64", &f, fp64);
   f = ver_ext(150, false, sic_ext);
   check_conversions("1.50 + an ES extension", &f, c130);

   /* shapes must agree; aggregates never convert */
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   CHECK(!glsl_type_can_implicitly_convert(&glsl_type_float, &glsl_type_vec2, &v460), "f->v2");
   CHECK(!glsl_type_can_implicitly_convert(&glsl_type_ivec2, &glsl_type_vec3, &v460), "iv2->v3");
   CHECK(glsl_type_conversion(&glsl_type_mat2x3, &glsl_type_dmat2x3, &v400) ==
         GLSL_CONV_FLOAT_TO_DOUBLE, "mat2x3 -> dmat2x3");
   CHECK(!glsl_type_can_implicitly_convert(&glsl_type_mat2, &glsl_type_dmat3, &v400), "m2->dm3");
   CHECK(!glsl_type_can_implicitly_convert(&glsl_type_dmat2, &glsl_type_mat2, &v400), "dm2->m2");
   CHECK(!glsl_type_can_implicitly_convert(&glsl_type_mat2, &glsl_type_dmat2, &v130), "1.30");
   CHECK(!glsl_type_can_implicitly_convert(glsl_type_array(&a, &glsl_type_int, 2),
                                           glsl_type_array(&a, &glsl_type_float, 2), &v460),
         "int[2] -> float[2]");
   CHECK(glsl_type_can_implicitly_convert(glsl_type_array(&a, &glsl_type_int, 2),
                                          glsl_type_array(&a, &glsl_type_int, 2), &v110),
         "same array type");
   CHECK(glsl_type_conversion(&glsl_type_ivec4, &glsl_type_dvec4, &v400) ==
         GLSL_CONV_INT_TO_DOUBLE, "ivec4 -> dvec4");
   CHECK(glsl_type_conversion(&glsl_type_uvec2, &glsl_type_vec2, &v130) == GLSL_CONV_INT_TO_FLOAT,
         "uvec2 -> vec2");
   CHECK(glsl_type_conversion(&glsl_type_int, &glsl_type_uint, &v400) == GLSL_CONV_INT_TO_UINT,
         "int -> uint");
   CHECK(glsl_type_conversion(&glsl_type_error, &glsl_type_vec2, &v110) == GLSL_CONV_EXACT,
         "the error type matches");
   CHECK(!glsl_type_can_implicitly_convert(&glsl_type_sampler2D, &glsl_type_sampler2DShadow,
                                           &v460), "samplers");
   /* the rule row says the same as the table */
   CHECK(!glsl_rule_allowed(GLSL_RULE_IMPLICIT_CONVERSIONS, &v110) &&
         glsl_rule_allowed(GLSL_RULE_IMPLICIT_CONVERSIONS, &v120) &&
         !glsl_rule_allowed(GLSL_RULE_IMPLICIT_CONVERSIONS, &es320), "rule");
   glsl_arena_finish(&a);

   /* ranking (4.00 section 6.1) */
   CHECK(glsl_conversion_compare(GLSL_CONV_EXACT, GLSL_CONV_FLOAT_TO_DOUBLE, &v400) > 0, "r1");
   CHECK(glsl_conversion_compare(GLSL_CONV_FLOAT_TO_DOUBLE, GLSL_CONV_INT_TO_FLOAT, &v400) > 0,
         "rule 2");
   CHECK(glsl_conversion_compare(GLSL_CONV_INT_TO_UINT, GLSL_CONV_FLOAT_TO_DOUBLE, &v400) < 0,
         "rule 2");
   CHECK(glsl_conversion_compare(GLSL_CONV_INT_TO_FLOAT, GLSL_CONV_INT_TO_DOUBLE, &v400) > 0,
         "rule 3");
   CHECK(glsl_conversion_compare(GLSL_CONV_INT_TO_DOUBLE, GLSL_CONV_INT_TO_FLOAT, &v400) < 0,
         "rule 3");
   CHECK(glsl_conversion_compare(GLSL_CONV_INT_TO_UINT, GLSL_CONV_INT_TO_FLOAT, &v400) == 0,
         "no rule");
   CHECK(glsl_conversion_compare(GLSL_CONV_INT_TO_UINT, GLSL_CONV_INT_TO_DOUBLE, &v400) == 0,
         "no rule");
   CHECK(glsl_conversion_compare(GLSL_CONV_EXACT, GLSL_CONV_INT_TO_FLOAT, &v130) == 0,
         "1.30 ranks nothing");
}

static int
pick(const struct glsl_features *f, enum glsl_overload_result *res, unsigned nc,
     const struct glsl_overload *c, unsigned na, const struct glsl_type *const *args)
{
   return glsl_type_pick_overload(c, nc, args, na, f, res);
}

static void
test_overloads(void)
{
   enum glsl_overload_result res;
   /* f(float) f(double) */
   const struct glsl_type *p_float[] = { &glsl_type_float };
   const struct glsl_type *p_double[] = { &glsl_type_double };
   const struct glsl_type *p_uint[] = { &glsl_type_uint };
   const struct glsl_overload fd[] = { { 1, p_float, NULL }, { 1, p_double, NULL } };
   const struct glsl_type *a_int[] = { &glsl_type_int };
   const struct glsl_type *a_float[] = { &glsl_type_float };
   const struct glsl_type *a_bool[] = { &glsl_type_bool };
   CHECK(pick(&v400, &res, 2, fd, 1, a_float) == 0 && res == GLSL_OVERLOAD_EXACT, "exact");
   CHECK(pick(&v400, &res, 2, fd, 1, a_int) == 0 && res == GLSL_OVERLOAD_CONVERTED,
         "int: float beats double (rule 3)");
   CHECK(pick(&v130, &res, 2, fd, 1, a_int) == 0 && res == GLSL_OVERLOAD_CONVERTED,
         "1.30: only f(float) converts");
   CHECK(pick(&v400, &res, 2, fd, 1, a_bool) == -1 && res == GLSL_OVERLOAD_NO_MATCH, "bool");
   /* f(double) f(uint) with an int: int->double vs int->uint, neither better */
   const struct glsl_overload du[] = { { 1, p_double, NULL }, { 1, p_uint, NULL } };
   CHECK(pick(&v400, &res, 2, du, 1, a_int) == -1 && res == GLSL_OVERLOAD_AMBIGUOUS, "du");
   /* f(double) f(uint) with a float: float->double only */
   CHECK(pick(&v400, &res, 2, du, 1, a_float) == 0 && res == GLSL_OVERLOAD_CONVERTED, "float");

   /* g(float, float) g(int, float) called with (int, int) */
   const struct glsl_type *p_ff[] = { &glsl_type_float, &glsl_type_float };
   const struct glsl_type *p_if[] = { &glsl_type_int, &glsl_type_float };
   const struct glsl_type *p_fi[] = { &glsl_type_float, &glsl_type_int };
   const struct glsl_type *a_ii[] = { &glsl_type_int, &glsl_type_int };
   const struct glsl_overload g[] = { { 2, p_ff, NULL }, { 2, p_if, NULL } };
   CHECK(pick(&v120, &res, 2, g, 2, a_ii) == -1 && res == GLSL_OVERLOAD_AMBIGUOUS,
         "1.20: two conversions are ambiguous");
   CHECK(pick(&v400, &res, 2, g, 2, a_ii) == 1 && res == GLSL_OVERLOAD_CONVERTED,
         "4.00: g(int, float) is better on argument 1");
   static const char *const gs5_ext[] = { "GL_ARB_gpu_shader5", NULL };
   struct glsl_features f = ver_ext(150, false, gs5_ext);
   CHECK(pick(&f, &res, 2, g, 2, a_ii) == 1 && res == GLSL_OVERLOAD_CONVERTED, "gpu_shader5");
   /* h(float, int) h(int, float) with (int, int): each better once */
   const struct glsl_overload h[] = { { 2, p_fi, NULL }, { 2, p_if, NULL } };
   CHECK(pick(&v460, &res, 2, h, 2, a_ii) == -1 && res == GLSL_OVERLOAD_AMBIGUOUS, "h");
   /* ES: exact only */
   CHECK(pick(&es300, &res, 2, fd, 1, a_int) == -1 && res == GLSL_OVERLOAD_NO_MATCH, "ES");
   CHECK(pick(&es300, &res, 2, fd, 1, a_float) == 0 && res == GLSL_OVERLOAD_EXACT, "ES exact");
   /* the number of arguments */
   CHECK(pick(&v400, &res, 2, g, 1, a_int) == -1 && res == GLSL_OVERLOAD_NO_MATCH, "count");
   CHECK(pick(&v400, &res, 0, NULL, 1, a_int) == -1 && res == GLSL_OVERLOAD_NO_MATCH, "none");

   /* out parameters convert the parameter to the argument; inout only exact */
   const uint8_t out[] = { GLSL_PARAM_IN, GLSL_PARAM_OUT };
   const uint8_t inout[] = { GLSL_PARAM_IN, GLSL_PARAM_INOUT };
   const struct glsl_type *p_vv[] = { &glsl_type_vec4, &glsl_type_vec4 };
   const struct glsl_type *p_vi[] = { &glsl_type_vec4, &glsl_type_ivec4 };
   const struct glsl_type *a_vv[] = { &glsl_type_vec4, &glsl_type_vec4 };
   const struct glsl_type *a_vi[] = { &glsl_type_vec4, &glsl_type_ivec4 };
   const struct glsl_overload k_out[] = { { 2, p_vi, out } };
   CHECK(pick(&v130, &res, 1, k_out, 2, a_vv) == 0 && res == GLSL_OVERLOAD_CONVERTED,
         "out ivec4 parameter into a vec4 argument");
   const struct glsl_overload k_out2[] = { { 2, p_vv, out } };
   CHECK(pick(&v130, &res, 1, k_out2, 2, a_vi) == -1 && res == GLSL_OVERLOAD_NO_MATCH,
         "out vec4 parameter into an ivec4 argument");
   const struct glsl_overload k_inout[] = { { 2, p_vi, inout } };
   CHECK(pick(&v460, &res, 1, k_inout, 2, a_vv) == -1 && res == GLSL_OVERLOAD_NO_MATCH,
         "inout converts neither way");
   /* an error argument matches anything (reported once already) */
   const struct glsl_type *a_err[] = { &glsl_type_error };
   CHECK(pick(&v110, &res, 1, fd, 1, a_err) == 0 && res == GLSL_OVERLOAD_EXACT, "error arg");
}

/* ---- operators ------------------------------------------------------------- */

struct op_case {
   int line;
   const struct glsl_features *f;
   enum glsl_binop op;
   const struct glsl_type *l, *r;
   const char *want;     /* the result's name, or NULL for an error */
   const char *why;      /* the message when an error */
};

#define T(x) (&glsl_type_##x)

static void
test_binary_table(void)
{
   static const struct op_case cases[] = {
      /* arithmetic shapes */
      { __LINE__, &v110, GLSL_BINOP_ADD, T(float), T(float), "float", NULL },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(vec3), T(float), "vec3", NULL },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(float), T(vec3), "vec3", NULL },
      { __LINE__, &v110, GLSL_BINOP_SUB, T(ivec2), T(ivec2), "ivec2", NULL },
      { __LINE__, &v110, GLSL_BINOP_DIV, T(vec4), T(vec4), "vec4", NULL },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(vec2), T(vec3), NULL,
        "'+' on vec2 and vec3: vectors of different sizes" },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(mat3), T(vec3), "vec3", NULL },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(mat3), T(vec4), NULL,
        "'*' on mat3 and vec4: the matrix has 3 columns but the vector has 4 components" },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(vec3), T(mat3), "vec3", NULL },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(vec4), T(mat3), NULL,
        "'*' on vec4 and mat3: the vector has 4 components but the matrix has 3 rows" },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(mat4), T(mat4), "mat4", NULL },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(mat2), T(mat3), NULL,
        "'*' on mat2 and mat3: the left matrix has 2 columns but the right matrix has 3 rows" },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(mat2x3), T(mat3x2), "mat3", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(mat3x2), T(mat2x3), "mat2", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(mat2x3), T(mat4x2), "mat4x3", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(mat2x3), T(mat2x3), NULL,
        "'*' on mat2x3 and mat2x3: the left matrix has 2 columns but the right matrix has 3 "
        "rows" },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(mat4x3), T(vec4), "vec3", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(vec3), T(mat4x3), "vec4", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(vec4), T(mat4x3), NULL,
        "'*' on vec4 and mat4x3: the vector has 4 components but the matrix has 3 rows" },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(mat2), T(mat2), "mat2", NULL },
      { __LINE__, &v110, GLSL_BINOP_DIV, T(mat3), T(mat3), "mat3", NULL },
      { __LINE__, &v110, GLSL_BINOP_SUB, T(mat2), T(mat3), NULL,
        "'-' on mat2 and mat3: matrices of different sizes" },
      { __LINE__, &v120, GLSL_BINOP_ADD, T(mat2x3), T(mat3x2), NULL,
        "'+' on mat2x3 and mat3x2: matrices of different sizes" },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(mat2), T(vec2), NULL,
        "'+' on mat2 and vec2: a vector and a matrix can only be multiplied" },
      { __LINE__, &v110, GLSL_BINOP_DIV, T(vec2), T(mat2), NULL,
        "'/' on vec2 and mat2: a vector and a matrix can only be multiplied" },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(mat2), T(float), "mat2", NULL },
      { __LINE__, &v110, GLSL_BINOP_SUB, T(float), T(mat3), "mat3", NULL },
      { __LINE__, &v400, GLSL_BINOP_MUL, T(dmat3), T(dvec3), "dvec3", NULL },
      /* implicit conversion per version */
      { __LINE__, &v110, GLSL_BINOP_ADD, T(int), T(float), NULL,
        "'+' on int and float: no implicit conversion between int and float in GLSL 1.10" },
      { __LINE__, &v120, GLSL_BINOP_ADD, T(int), T(float), "float", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(ivec3), T(float), "vec3", NULL },
      { __LINE__, &v120, GLSL_BINOP_MUL, T(mat2), T(int), "mat2", NULL },
      { __LINE__, &v120, GLSL_BINOP_ADD, T(ivec2), T(vec3), NULL,
        "'+' on ivec2 and vec3: vectors of different sizes" },
      { __LINE__, &v130, GLSL_BINOP_ADD, T(int), T(uint), NULL,
        "'+' on int and uint: no implicit conversion between int and uint in GLSL 1.30" },
      { __LINE__, &v400, GLSL_BINOP_ADD, T(int), T(uint), "uint", NULL },
      { __LINE__, &v130, GLSL_BINOP_SUB, T(uvec2), T(float), "vec2", NULL },
      { __LINE__, &v400, GLSL_BINOP_ADD, T(int), T(double), "double", NULL },
      { __LINE__, &v400, GLSL_BINOP_MUL, T(float), T(dmat2), "dmat2", NULL },
      { __LINE__, &v400, GLSL_BINOP_MUL, T(mat2), T(dvec2), "dvec2", NULL },
      { __LINE__, &es100, GLSL_BINOP_ADD, T(int), T(float), NULL,
        "'+' on int and float: no implicit conversion between int and float in GLSL ES 1.00" },
      { __LINE__, &es320, GLSL_BINOP_ADD, T(uint), T(int), NULL,
        "'+' on uint and int: no implicit conversion between uint and int in GLSL ES 3.20" },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(bool), T(bool), NULL,
        "'+' on bool and bool: bool is not a numeric scalar, vector or matrix" },
      { __LINE__, &v110, GLSL_BINOP_MUL, T(vec2), T(bvec2), NULL,
        "'*' on vec2 and bvec2: bvec2 is not a numeric scalar, vector or matrix" },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(sampler2D), T(float), NULL,
        "'+' on sampler2D and float: sampler2D is not a numeric scalar, vector or matrix" },
      { __LINE__, &v110, GLSL_BINOP_ADD, T(void), T(float), NULL,
        "'+' on void and float: void is not a numeric scalar, vector or matrix" },
      /* integer operators */
      { __LINE__, &v110, GLSL_BINOP_MOD, T(int), T(int), NULL,
        "'%' on int and int: the operator needs GLSL 1.30" },
      { __LINE__, &es100, GLSL_BINOP_MOD, T(int), T(int), NULL,
        "'%' on int and int: the operator needs GLSL ES 3.00" },
      { __LINE__, &v120, GLSL_BINOP_BIT_AND, T(int), T(int), NULL,
        "'&' on int and int: the operator needs GLSL 1.30" },
      { __LINE__, &v130, GLSL_BINOP_MOD, T(int), T(int), "int", NULL },
      { __LINE__, &v130, GLSL_BINOP_MOD, T(ivec3), T(int), "ivec3", NULL },
      { __LINE__, &v130, GLSL_BINOP_MOD, T(uint), T(uvec2), "uvec2", NULL },
      { __LINE__, &v130, GLSL_BINOP_MOD, T(float), T(float), NULL,
        "'%' on float and float: float is not an integer scalar or vector" },
      { __LINE__, &v130, GLSL_BINOP_MOD, T(ivec2), T(ivec3), NULL,
        "'%' on ivec2 and ivec3: vectors of different sizes" },
      { __LINE__, &v130, GLSL_BINOP_MOD, T(uint), T(int), NULL,
        "'%' on uint and int: no implicit conversion between uint and int in GLSL 1.30" },
      { __LINE__, &v400, GLSL_BINOP_MOD, T(uint), T(int), "uint", NULL },
      { __LINE__, &es300, GLSL_BINOP_BIT_XOR, T(uvec4), T(uint), "uvec4", NULL },
      { __LINE__, &v130, GLSL_BINOP_BIT_OR, T(int), T(uint), NULL,
        "'|' on int and uint: no implicit conversion between int and uint in GLSL 1.30" },
      { __LINE__, &v400, GLSL_BINOP_BIT_OR, T(ivec2), T(uint), "uvec2", NULL },
      { __LINE__, &v130, GLSL_BINOP_LSHIFT, T(int), T(uint), "int", NULL },
      { __LINE__, &v130, GLSL_BINOP_RSHIFT, T(uvec3), T(int), "uvec3", NULL },
      { __LINE__, &v130, GLSL_BINOP_RSHIFT, T(uvec3), T(ivec3), "uvec3", NULL },
      { __LINE__, &v130, GLSL_BINOP_LSHIFT, T(int), T(ivec2), NULL,
        "'<<' on int and ivec2: a scalar can only be shifted by a scalar" },
      { __LINE__, &v130, GLSL_BINOP_LSHIFT, T(ivec3), T(ivec2), NULL,
        "'<<' on ivec3 and ivec2: vectors of different sizes" },
      { __LINE__, &v130, GLSL_BINOP_RSHIFT, T(float), T(int), NULL,
        "'>>' on float and int: float is not an integer scalar or vector" },
      { __LINE__, &es100, GLSL_BINOP_LSHIFT, T(int), T(int), NULL,
        "'<<' on int and int: the operator needs GLSL ES 3.00" },
      /* relational */
      { __LINE__, &v110, GLSL_BINOP_LESS, T(float), T(float), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_GEQUAL, T(int), T(int), "bool", NULL },
      { __LINE__, &v120, GLSL_BINOP_GREATER, T(int), T(float), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_LEQUAL, T(int), T(float), NULL,
        "'<=' on int and float: no implicit conversion between int and float in GLSL 1.10" },
      { __LINE__, &v110, GLSL_BINOP_LESS, T(vec2), T(vec2), NULL,
        "'<' on vec2 and vec2: vec2 is not a numeric scalar (lessThan() and the like compare "
        "vectors)" },
      { __LINE__, &v110, GLSL_BINOP_LESS, T(bool), T(bool), NULL,
        "'<' on bool and bool: bool is not a numeric scalar" },
      { __LINE__, &v110, GLSL_BINOP_GREATER, T(mat2), T(float), NULL,
        "'>' on mat2 and float: mat2 is not a numeric scalar" },
      /* equality */
      { __LINE__, &v110, GLSL_BINOP_EQUAL, T(vec3), T(vec3), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_NEQUAL, T(mat2), T(mat2), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_EQUAL, T(bvec2), T(bvec2), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_EQUAL, T(int), T(float), NULL,
        "'==' on int and float: no implicit conversion between int and float in GLSL 1.10" },
      { __LINE__, &v120, GLSL_BINOP_EQUAL, T(int), T(float), "bool", NULL },
      { __LINE__, &v120, GLSL_BINOP_EQUAL, T(vec3), T(vec2), NULL,
        "'==' on vec3 and vec2: the types differ" },
      { __LINE__, &v110, GLSL_BINOP_EQUAL, T(sampler2D), T(sampler2D), NULL,
        "'==' on sampler2D and sampler2D: sampler2D is an opaque type" },
      { __LINE__, &v110, GLSL_BINOP_NEQUAL, T(void), T(void), NULL,
        "'!=' on void and void: void is not a value" },
      /* logical */
      { __LINE__, &v110, GLSL_BINOP_LOGIC_AND, T(bool), T(bool), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_LOGIC_XOR, T(bool), T(bool), "bool", NULL },
      { __LINE__, &v110, GLSL_BINOP_LOGIC_OR, T(bool), T(int), NULL,
        "'||' on bool and int: int is not a bool" },
      { __LINE__, &v110, GLSL_BINOP_LOGIC_AND, T(bvec2), T(bvec2), NULL,
        "'&&' on bvec2 and bvec2: bvec2 is not a bool" },
   };
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const struct op_case *c = &cases[i];
      const char *why = "unset";
      const struct glsl_type *r = glsl_type_binary_result(&a, c->op, c->l, c->r, c->f, NULL, &why);
      if (c->want) {
         CHECK(!glsl_type_is_error(r) && !strcmp(r->name, c->want) && why == NULL,
               "line %d: got %s (%s)", c->line, glsl_type_name(&a, r), why ? why : "");
      } else {
         CHECK(glsl_type_is_error(r) && why && !strcmp(why, c->why), "line %d: got %s: %s",
               c->line, glsl_type_name(&a, r), why ? why : "(no message)");
      }
      /* without a message the answer is the same */
      CHECK(glsl_type_binary_result(&a, c->op, c->l, c->r, c->f, NULL, NULL) == r,
            "line %d: no-message call differs", c->line);
   }

   /* the operands after conversion */
   const struct glsl_type *conv[2];
   glsl_type_binary_result(&a, GLSL_BINOP_MUL, T(ivec3), T(float), &v120, conv, NULL);
   CHECK(conv[0] == T(vec3) && conv[1] == T(float), "ivec3 * float converts the ivec3");
   glsl_type_binary_result(&a, GLSL_BINOP_ADD, T(int), T(uint), &v400, conv, NULL);
   CHECK(conv[0] == T(uint) && conv[1] == T(uint), "int + uint: the int becomes uint");
   glsl_type_binary_result(&a, GLSL_BINOP_LESS, T(float), T(int), &v120, conv, NULL);
   CHECK(conv[0] == T(float) && conv[1] == T(float), "float < int");
   glsl_type_binary_result(&a, GLSL_BINOP_LSHIFT, T(ivec2), T(uint), &v130, conv, NULL);
   CHECK(conv[0] == T(ivec2) && conv[1] == T(uint), "shifts do not convert");
   glsl_type_binary_result(&a, GLSL_BINOP_EQUAL, T(uvec2), T(dvec2), &v400, conv, NULL);
   CHECK(conv[0] == T(dvec2) && conv[1] == T(dvec2), "uvec2 == dvec2");

   /* an error operand gives the error type without a message */
   const char *why = "unset";
   CHECK(glsl_type_is_error(glsl_type_binary_result(&a, GLSL_BINOP_ADD, &glsl_type_error,
                                                    T(float), &v110, NULL, &why)) && !why,
         "error operand");
   why = "unset";
   CHECK(glsl_type_is_error(glsl_type_binary_result(&a, GLSL_BINOP_MOD, T(float),
                                                    &glsl_type_error, &v110, NULL, &why)) &&
         !why, "error operand");
   glsl_arena_finish(&a);
}

static void
expect_msg(int line, const struct glsl_type *r, const char *why, const char *want_type,
           const char *want_why)
{
   if (want_type)
      CHECK(!glsl_type_is_error(r) && r->name && !strcmp(r->name, want_type) && !why,
            "line %d: got %s (%s)", line, r->name ? r->name : "?", why ? why : "");
   else
      CHECK(glsl_type_is_error(r) && why && !strcmp(why, want_why), "line %d: %s", line,
            why ? why : "(no message)");
}

static void
test_aggregate_ops(void)
{
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   const struct glsl_loc loc = { 0, 1, 1 };
   const struct glsl_type *f3 = glsl_type_array(&a, T(float), 3);
   const struct glsl_type *f3b = glsl_type_array(&a, T(float), 3);
   const struct glsl_type *f4 = glsl_type_array(&a, T(float), 4);
   const struct glsl_type *fu = glsl_type_array(&a, T(float), GLSL_ARRAY_UNSIZED);
   struct glsl_struct_field fs[] = { field("a", T(float)), field("b", T(vec3)) };
   const struct glsl_type *s = glsl_type_struct(&a, "S", loc, fs, 2);
   const struct glsl_type *s_again = glsl_type_struct(&a, "S", loc, fs, 2);
   struct glsl_struct_field ta[] = { field("v", f3) };
   const struct glsl_type *t = glsl_type_struct(&a, "T", loc, ta, 1);
   struct glsl_struct_field tx[] = { field("tex", T(sampler2D)) };
   const struct glsl_type *tex = glsl_type_struct(&a, "Tex", loc, tx, 1);
   const char *why;
   const struct glsl_type *r;

#define BIN(f, op, l, rr) (r = glsl_type_binary_result(&a, op, l, rr, f, NULL, &why))
   BIN(&v110, GLSL_BINOP_EQUAL, f3, f3b);
   expect_msg(__LINE__, r, why, NULL, "'==' on float[3] and float[3]: whole-array assignment "
              "and comparison needs GLSL 1.20");
   BIN(&v120, GLSL_BINOP_EQUAL, f3, f3b);
   expect_msg(__LINE__, r, why, "bool", NULL);
   BIN(&es100, GLSL_BINOP_NEQUAL, f3, f3b);
   expect_msg(__LINE__, r, why, NULL, "'!=' on float[3] and float[3]: whole-array assignment "
              "and comparison needs GLSL ES 3.00");
   BIN(&es300, GLSL_BINOP_EQUAL, f3, f3b);
   expect_msg(__LINE__, r, why, "bool", NULL);
   BIN(&v460, GLSL_BINOP_EQUAL, f3, f4);
   expect_msg(__LINE__, r, why, NULL, "'==' on float[3] and float[4]: the types differ");
   BIN(&v460, GLSL_BINOP_EQUAL, fu, fu);
   expect_msg(__LINE__, r, why, NULL, "'==' on float[] and float[]: float[] is not sized");
   BIN(&v110, GLSL_BINOP_EQUAL, s, s);
   expect_msg(__LINE__, r, why, "bool", NULL);
   BIN(&v110, GLSL_BINOP_EQUAL, s, s_again);
   expect_msg(__LINE__, r, why, NULL, "'==' on struct S and struct S: the types differ");
   BIN(&v110, GLSL_BINOP_EQUAL, t, t);
   expect_msg(__LINE__, r, why, "bool", NULL);
   BIN(&es100, GLSL_BINOP_EQUAL, t, t);
   expect_msg(__LINE__, r, why, NULL, "'==' on struct T and struct T: struct T contains an "
              "array: assigning and comparing structs that contain arrays needs GLSL ES 3.00");
   BIN(&es300, GLSL_BINOP_EQUAL, t, t);
   expect_msg(__LINE__, r, why, "bool", NULL);
   BIN(&v460, GLSL_BINOP_EQUAL, tex, tex);
   expect_msg(__LINE__, r, why, NULL, "'==' on struct Tex and struct Tex: struct Tex contains "
              "an opaque type");
   BIN(&v460, GLSL_BINOP_ADD, s, s);
   expect_msg(__LINE__, r, why, NULL, "'+' on struct S and struct S: struct S is not a numeric "
              "scalar, vector or matrix");
   BIN(&v460, GLSL_BINOP_MUL, f3, T(float));
   expect_msg(__LINE__, r, why, NULL, "'*' on float[3] and float: float[3] is not a numeric "
              "scalar, vector or matrix");
#undef BIN

   /* unary */
#define UN(f, op, x) (r = glsl_type_unary_result(&a, op, x, f, &why))
   UN(&v110, GLSL_UNOP_NEG, T(vec3));
   expect_msg(__LINE__, r, why, "vec3", NULL);
   UN(&v110, GLSL_UNOP_INC, T(mat2));
   expect_msg(__LINE__, r, why, "mat2", NULL);
   UN(&v110, GLSL_UNOP_NEG, T(bool));
   expect_msg(__LINE__, r, why, NULL, "'-' on bool: not a numeric scalar, vector or matrix");
   UN(&v110, GLSL_UNOP_LOGIC_NOT, T(bool));
   expect_msg(__LINE__, r, why, "bool", NULL);
   UN(&v110, GLSL_UNOP_LOGIC_NOT, T(bvec2));
   expect_msg(__LINE__, r, why, NULL, "'!' on bvec2: not a bool (not() negates a bool vector)");
   UN(&v110, GLSL_UNOP_LOGIC_NOT, T(int));
   expect_msg(__LINE__, r, why, NULL, "'!' on int: not a bool");
   UN(&v110, GLSL_UNOP_BIT_NOT, T(int));
   expect_msg(__LINE__, r, why, NULL, "'~' on int: the operator needs GLSL 1.30");
   UN(&v130, GLSL_UNOP_BIT_NOT, T(uvec3));
   expect_msg(__LINE__, r, why, "uvec3", NULL);
   UN(&v130, GLSL_UNOP_BIT_NOT, T(float));
   expect_msg(__LINE__, r, why, NULL, "'~' on float: not an integer scalar or vector");
   UN(&v110, GLSL_UNOP_DEC, s);
   expect_msg(__LINE__, r, why, NULL, "'--' on struct S: not a numeric scalar, vector or matrix");
#undef UN

   /* ?: */
#define SEL(f, l, rr) (r = glsl_type_select_result(&a, l, rr, f, NULL, &why))
   SEL(&v120, T(float), T(int));
   expect_msg(__LINE__, r, why, "float", NULL);
   SEL(&v110, T(float), T(int));
   expect_msg(__LINE__, r, why, NULL, "'?:' on float and int: no implicit conversion between "
              "float and int in GLSL 1.10");
   SEL(&es300, T(vec2), T(ivec2));
   expect_msg(__LINE__, r, why, NULL, "'?:' on vec2 and ivec2: no implicit conversion between "
              "float and int in GLSL ES 3.00");
   SEL(&v110, T(void), T(void));
   expect_msg(__LINE__, r, why, "void", NULL);
   SEL(&v460, T(sampler2D), T(sampler2D));
   expect_msg(__LINE__, r, why, NULL, "'?:' on sampler2D and sampler2D: sampler2D is an opaque "
              "type");
   SEL(&v110, f3, f3b);
   expect_msg(__LINE__, r, why, NULL, "'?:' on float[3] and float[3]: whole-array assignment "
              "and comparison needs GLSL 1.20");
   SEL(&v120, f3, f3b);
   CHECK(glsl_type_equal(r, f3) && !why, "?: on arrays in 1.20");
   SEL(&v110, s, s);
   expect_msg(__LINE__, r, why, "S", NULL);
   SEL(&v110, T(void), T(float));
   expect_msg(__LINE__, r, why, NULL, "'?:' on void and float: void is not a value");
#undef SEL

   /* = */
   CHECK(glsl_type_assign_check(&a, T(float), T(int), &v120, &why) && !why, "float = int 1.20");
   CHECK(!glsl_type_assign_check(&a, T(float), T(int), &v110, &why) && why &&
         !strcmp(why, "assigning int to float: no implicit conversion from int to float in "
                 "GLSL 1.10"), "%s", why);
   CHECK(!glsl_type_assign_check(&a, T(int), T(float), &v460, &why) && why &&
         !strcmp(why, "assigning float to int: no implicit conversion from float to int in "
                 "GLSL 4.60"), "%s", why);
   CHECK(!glsl_type_assign_check(&a, T(vec3), T(vec4), &v460, &why) && why &&
         !strcmp(why, "assigning vec4 to vec3: the types differ"), "%s", why);
   CHECK(!glsl_type_assign_check(&a, f3, f3b, &v110, &why) && why &&
         !strcmp(why, "assigning float[3] to float[3]: whole-array assignment and comparison "
                 "needs GLSL 1.20"), "%s", why);
   CHECK(glsl_type_assign_check(&a, f3, f3b, &v120, &why) && !why, "arrays in 1.20");
   CHECK(!glsl_type_assign_check(&a, t, t, &es100, &why) && why &&
         !strcmp(why, "assigning struct T to struct T: struct T contains an array: assigning "
                 "and comparing structs that contain arrays needs GLSL ES 3.00"), "%s", why);
   CHECK(glsl_type_assign_check(&a, t, t, &v110, &why) && !why, "struct with array in 1.10");
   CHECK(!glsl_type_assign_check(&a, T(sampler2D), T(sampler2D), &v460, &why) && why &&
         !strcmp(why, "assigning sampler2D to sampler2D: sampler2D is an opaque type"), "%s",
         why);
   CHECK(!glsl_type_assign_check(&a, T(float), &glsl_type_error, &v460, &why) && !why,
         "error rhs");
   /* compound assignment: the operator's result, then = */
   r = glsl_type_binary_result(&a, GLSL_BINOP_MUL, T(float), T(vec2), &v110, NULL, &why);
   CHECK(r == T(vec2) && !glsl_type_assign_check(&a, T(float), r, &v110, &why) && why &&
         !strcmp(why, "assigning vec2 to float: the types differ"), "float *= vec2: %s", why);
   r = glsl_type_binary_result(&a, GLSL_BINOP_MUL, T(vec3), T(mat3), &v110, NULL, &why);
   CHECK(r == T(vec3) && glsl_type_assign_check(&a, T(vec3), r, &v110, &why), "vec3 *= mat3");
   glsl_arena_finish(&a);
}

/* ---- constructors ---------------------------------------------------------- */

struct ctor_case {
   int line;
   const struct glsl_features *f;
   const struct glsl_type *type;
   unsigned n;
   const struct glsl_type *args[5];
   enum glsl_ctor_kind kind;
   const char *why;
};

static void
test_constructors(void)
{
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   const struct glsl_loc loc = { 0, 1, 1 };
   struct glsl_struct_field fs[] = { field("a", T(float)), field("b", T(vec3)) };
   const struct glsl_type *s = glsl_type_struct(&a, "S", loc, fs, 2);
   const struct glsl_type *f3 = glsl_type_array(&a, T(float), 3);
   const struct glsl_type *f2 = glsl_type_array(&a, T(float), 2);
   const struct glsl_type *fu = glsl_type_array(&a, T(float), GLSL_ARRAY_UNSIZED);
   const struct ctor_case cases[] = {
      { __LINE__, &v110, T(vec4), 1, { T(float) }, GLSL_CTOR_FILL, NULL },
      { __LINE__, &v110, T(ivec2), 1, { T(bool) }, GLSL_CTOR_FILL, NULL },
      { __LINE__, &v110, T(vec4), 2, { T(vec3), T(float) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(vec4), 2, { T(vec2), T(vec2) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(vec4), 2, { T(vec3), T(vec2) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(vec3), 1, { T(vec4) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(vec4), 1, { T(mat2) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(bvec4), 4, { T(int), T(int), T(float), T(float) },
        GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(vec4), 1, { T(vec3) }, GLSL_CTOR_ERROR,
        "vec4 constructor: the arguments have 3 components, vec4 needs 4" },
      { __LINE__, &v110, T(vec2), 3, { T(float), T(float), T(float) }, GLSL_CTOR_ERROR,
        "vec2 constructor: argument 3 is not used (vec2 has 2 components)" },
      { __LINE__, &v110, T(vec3), 2, { T(vec4), T(float) }, GLSL_CTOR_ERROR,
        "vec3 constructor: argument 2 is not used (vec3 has 3 components)" },
      { __LINE__, &v110, T(vec4), 0, { NULL }, GLSL_CTOR_ERROR, "vec4 constructor: no arguments" },
      { __LINE__, &v110, T(float), 1, { T(vec3) }, GLSL_CTOR_SCALAR, NULL },
      { __LINE__, &v110, T(int), 1, { T(bool) }, GLSL_CTOR_SCALAR, NULL },
      { __LINE__, &v110, T(bool), 1, { T(mat2) }, GLSL_CTOR_SCALAR, NULL },
      { __LINE__, &v110, T(float), 2, { T(float), T(float) }, GLSL_CTOR_ERROR,
        "float constructor: argument 2 is not used (float has 1 component)" },
      { __LINE__, &v110, T(mat2), 1, { T(float) }, GLSL_CTOR_DIAGONAL, NULL },
      { __LINE__, &v110, T(mat2), 2, { T(vec2), T(vec2) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(mat2), 1, { T(vec4) }, GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v110, T(mat3), 2, { T(vec3), T(vec3) }, GLSL_CTOR_ERROR,
        "mat3 constructor: the arguments have 6 components, mat3 needs 9" },
      { __LINE__, &v110, T(mat3), 1, { T(mat4) }, GLSL_CTOR_ERROR,
        "mat3 constructor: constructing a matrix from a matrix needs GLSL 1.20" },
      { __LINE__, &v120, T(mat3), 1, { T(mat4) }, GLSL_CTOR_MATRIX, NULL },
      { __LINE__, &es100, T(mat4), 1, { T(mat2) }, GLSL_CTOR_MATRIX, NULL },
      { __LINE__, &v120, T(mat2x3), 1, { T(mat4x2) }, GLSL_CTOR_MATRIX, NULL },
      { __LINE__, &v120, T(mat2), 2, { T(mat2), T(float) }, GLSL_CTOR_ERROR,
        "mat2 constructor: a matrix argument must be the only argument" },
      { __LINE__, &v120, T(mat2x3), 4, { T(vec2), T(float), T(vec2), T(float) },
        GLSL_CTOR_COMPONENTS, NULL },
      { __LINE__, &v400, T(dmat2), 1, { T(mat2) }, GLSL_CTOR_MATRIX, NULL },
      { __LINE__, &v110, T(vec3), 1, { s }, GLSL_CTOR_ERROR,
        "vec3 constructor: argument 1 is struct S, not a scalar, vector or matrix" },
      { __LINE__, &v120, T(float), 1, { f3 }, GLSL_CTOR_ERROR,
        "float constructor: argument 1 is float[3], not a scalar, vector or matrix" },
      { __LINE__, &v110, T(sampler2D), 1, { T(int) }, GLSL_CTOR_ERROR,
        "sampler2D constructor: sampler2D cannot be constructed" },
      { __LINE__, &v110, T(void), 0, { NULL }, GLSL_CTOR_ERROR,
        "void constructor: void cannot be constructed" },
      /* structs */
      { __LINE__, &v110, s, 2, { T(float), T(vec3) }, GLSL_CTOR_STRUCT, NULL },
      { __LINE__, &v110, s, 2, { T(int), T(vec3) }, GLSL_CTOR_ERROR,
        "struct S constructor: argument 1 is int, which does not convert to float (member a)" },
      { __LINE__, &v120, s, 2, { T(int), T(ivec3) }, GLSL_CTOR_STRUCT, NULL },
      { __LINE__, &es300, s, 2, { T(float), T(ivec3) }, GLSL_CTOR_ERROR,
        "struct S constructor: argument 2 is ivec3, which does not convert to vec3 (member b)" },
      { __LINE__, &v110, s, 1, { T(float) }, GLSL_CTOR_ERROR,
        "struct S constructor: 1 argument for 2 members" },
      /* arrays */
      { __LINE__, &v110, f3, 3, { T(float), T(float), T(float) }, GLSL_CTOR_ERROR,
        "float[3] constructor: array constructors need GLSL 1.20" },
      { __LINE__, &es100, f3, 3, { T(float), T(float), T(float) }, GLSL_CTOR_ERROR,
        "float[3] constructor: array constructors need GLSL ES 3.00" },
      { __LINE__, &v120, f3, 3, { T(float), T(float), T(float) }, GLSL_CTOR_ARRAY, NULL },
      { __LINE__, &v120, f3, 2, { T(float), T(float) }, GLSL_CTOR_ERROR,
        "float[3] constructor: 2 arguments for 3 elements" },
      { __LINE__, &v120, f2, 2, { T(int), T(float) }, GLSL_CTOR_ARRAY, NULL },
      { __LINE__, &es300, f2, 2, { T(int), T(float) }, GLSL_CTOR_ERROR,
        "float[2] constructor: argument 1 is int, which does not convert to float" },
      { __LINE__, &v120, f2, 2, { T(float), T(bool) }, GLSL_CTOR_ERROR,
        "float[2] constructor: argument 2 is bool, which does not convert to float" },
      { __LINE__, &v120, fu, 0, { NULL }, GLSL_CTOR_ERROR, "float[] constructor: no arguments" },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      const struct ctor_case *c = &cases[i];
      const struct glsl_type *result = NULL;
      const char *why = "unset";
      enum glsl_ctor_kind k = glsl_type_constructor(&a, c->type, c->args, c->n, c->f, &result,
                                                    &why);
      CHECK(k == c->kind, "line %d: kind %d, want %d (%s)", c->line, k, c->kind,
            why ? why : "");
      if (c->kind == GLSL_CTOR_ERROR) {
         CHECK(result == &glsl_type_error && why && !strcmp(why, c->why), "line %d: %s",
               c->line, why ? why : "(no message)");
      } else {
         CHECK(result == c->type && why == NULL, "line %d: result %s", c->line,
               result ? glsl_type_name(&a, result) : "NULL");
      }
   }

   /* sizes from the arguments */
   const struct glsl_type *result;
   const char *why;
   const struct glsl_type *args3[] = { T(float), T(float), T(int) };
   CHECK(glsl_type_constructor(&a, fu, args3, 3, &v120, &result, &why) == GLSL_CTOR_ARRAY &&
         glsl_type_is_array(result) && result->length == 3 && result->element == T(float),
         "float[](...) has 3 elements");
   const struct glsl_type *v4x2 = glsl_type_array(&a, T(vec4), 2);
   const struct glsl_type *bbb[] = { v4x2, v4x2, v4x2 };
   const struct glsl_type *u_2 = glsl_type_array(&a, v4x2, GLSL_ARRAY_UNSIZED);
   const struct glsl_type *t3_u = glsl_type_array(&a, glsl_type_array(&a, T(vec4),
                                                                       GLSL_ARRAY_UNSIZED), 3);
   const struct glsl_type *u_u = glsl_type_array(&a, glsl_type_array(&a, T(vec4),
                                                                      GLSL_ARRAY_UNSIZED),
                                                 GLSL_ARRAY_UNSIZED);
   CHECK(glsl_type_constructor(&a, u_2, bbb, 3, &v460, &result, &why) == GLSL_CTOR_ARRAY &&
         !strcmp(glsl_type_name(&a, result), "vec4[3][2]"), "vec4[][2]: %s",
         glsl_type_name(&a, result));
   CHECK(glsl_type_constructor(&a, t3_u, bbb, 3, &v460, &result, &why) == GLSL_CTOR_ARRAY &&
         !strcmp(glsl_type_name(&a, result), "vec4[3][2]"), "vec4[3][]: %s",
         glsl_type_name(&a, result));
   CHECK(glsl_type_constructor(&a, u_u, bbb, 3, &v460, &result, &why) == GLSL_CTOR_ARRAY &&
         !strcmp(glsl_type_name(&a, result), "vec4[3][2]"), "vec4[][]: %s",
         glsl_type_name(&a, result));
   const struct glsl_type *mixed[] = { v4x2, glsl_type_array(&a, T(vec4), 3) };
   CHECK(glsl_type_constructor(&a, u_u, mixed, 2, &v460, &result, &why) == GLSL_CTOR_ERROR &&
         !strcmp(why, "vec4[][] constructor: argument 2 is vec4[3], which does not convert to "
                 "vec4[2]"), "%s", why);
   const struct glsl_type *wrong[] = { glsl_type_array(&a, T(vec3), 2) };
   CHECK(glsl_type_constructor(&a, u_2, wrong, 1, &v460, &result, &why) == GLSL_CTOR_ERROR &&
         !strcmp(why, "vec4[][2] constructor: argument 1 is vec3[2], which does not convert to "
                 "vec4[2]"), "%s", why);
   /* an error argument: no message */
   const struct glsl_type *err[] = { T(float), &glsl_type_error };
   why = "unset";
   CHECK(glsl_type_constructor(&a, T(vec2), err, 2, &v110, &result, &why) == GLSL_CTOR_ERROR &&
         result == &glsl_type_error && why == NULL, "error argument");
   glsl_arena_finish(&a);
}

/* ---- rules --------------------------------------------------------------- */

static void
test_rules(void)
{
   static const struct {
      enum glsl_rule rule;
      const char *when;   /* 1.10 1.20 1.30 4.00 4.60 ES 1.00 3.00 3.20 */
   } cases[] = {
      { GLSL_RULE_MATRIX_FROM_MATRIX, "NYYYYYYY" },
      { GLSL_RULE_NONSQUARE_MATRICES, "NYYYYNYY" },
      { GLSL_RULE_ARRAY_CONSTRUCTORS, "NYYYYNYY" },
      { GLSL_RULE_ARRAY_WHOLE_OPS, "NYYYYNYY" },
      { GLSL_RULE_STRUCT_WITH_ARRAY_OPS, "YYYYYNYY" },
      { GLSL_RULE_INTEGER_OPERATORS, "NNYYYNYY" },
      { GLSL_RULE_OVERLOAD_RANKING, "NNNYYNNN" },
      { GLSL_RULE_ARRAYS_OF_ARRAYS, "NNNNYNNY" },
   };
   const struct glsl_features *vs[8] = { &v110, &v120, &v130, &v400, &v460, &es100, &es300,
                                         &es320 };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      for (unsigned v = 0; v < 8; v++) {
         CHECK(glsl_rule_allowed(cases[i].rule, vs[v]) == (cases[i].when[v] == 'Y'),
               "rule %s in version %u", glsl_rule_name(cases[i].rule), v);
      }
   }
   static const char *const aoa[] = { "GL_ARB_arrays_of_arrays", NULL };
   struct glsl_features f = ver_ext(330, false, aoa);
   CHECK(glsl_rule_allowed(GLSL_RULE_ARRAYS_OF_ARRAYS, &f), "ARB_arrays_of_arrays");
   CHECK(glsl_gate_check(glsl_rule_gate(GLSL_RULE_ARRAYS_OF_ARRAYS), &f) == GLSL_AVAIL_EXT, "ext");
   CHECK(glsl_gate_check(glsl_rule_gate(GLSL_RULE_ARRAYS_OF_ARRAYS), &v460) == GLSL_AVAIL_CORE,
         "core");
}

/* ---- hostile inputs -------------------------------------------------------- */

struct oom_case {
   struct glsl_arena *a;
   const struct glsl_type *t;
};

static void
build_huge_struct(void *data)
{
   struct oom_case *c = data;
   struct glsl_struct_field *fs = glsl_alloc_array(c->a, 100000, sizeof *fs);
   for (unsigned i = 0; i < 100000; i++)
      fs[i] = field(glsl_printf(c->a, "m%u", i), &glsl_type_vec4);
   c->t = glsl_type_struct(c->a, "Huge", (struct glsl_loc){ 0, 1, 1 }, fs, 100000);
}

static void
test_hostile(void)
{
   struct glsl_arena a;
   glsl_arena_init(&a, 0);
   const struct glsl_loc loc = { 0, 1, 1 };

   /* nesting stops at GLSL_TYPE_MAX_DEPTH */
   const struct glsl_type *t = &glsl_type_float;
   unsigned levels = 0;
   for (unsigned i = 0; i < 1000; i++) {
      const struct glsl_type *n = glsl_type_array(&a, t, 1);
      if (glsl_type_is_error(n))
         break;
      t = n;
      levels++;
   }
   CHECK(levels == GLSL_TYPE_MAX_DEPTH, "%u array levels", levels);
   const char *name = glsl_type_name(&a, t);
   CHECK(strlen(name) == 5 + 3 * GLSL_TYPE_MAX_DEPTH, "deep name %zu", strlen(name));
   CHECK(glsl_type_equal(t, t) && glsl_type_location_slots(t, false) == 1, "deep queries");
   const struct glsl_type *s = &glsl_type_vec4;
   levels = 0;
   for (unsigned i = 0; i < 1000; i++) {
      struct glsl_struct_field f[] = { field("x", s) };
      const struct glsl_type *n = glsl_type_struct(&a, "N", loc, f, 1);
      if (glsl_type_is_error(n))
         break;
      s = n;
      levels++;
   }
   CHECK(levels == GLSL_TYPE_MAX_DEPTH, "%u struct levels", levels);
   CHECK(glsl_type_struct_match(s, s, true) && glsl_type_std_size(s, GLSL_PACKING_STD140, false)
         == 16, "deep struct queries");

   /* huge arrays saturate instead of wrapping */
   const struct glsl_type *big = glsl_type_array(&a, glsl_type_array(&a, &glsl_type_dmat4,
                                                                      INT_MAX), INT_MAX);
   CHECK(glsl_type_location_slots(big, false) == UINT32_MAX, "slots");
   CHECK(glsl_type_uniform_locations(big) == UINT32_MAX, "locations");
   CHECK(glsl_type_scalar_count(big) == UINT32_MAX, "components");
   CHECK(glsl_type_std_size(big, GLSL_PACKING_STD140, false) == UINT64_MAX, "size");
   CHECK(!strcmp(glsl_type_name(&a, big), "dmat4[2147483647][2147483647]"), "%s",
         glsl_type_name(&a, big));
   struct glsl_struct_field two[] = { field("a", big), field("b", &glsl_type_float) };
   const struct glsl_type *bs = glsl_type_struct(&a, "B", loc, two, 2);
   CHECK(glsl_type_std_offset(bs, 1, GLSL_PACKING_STD430, false) == UINT64_MAX, "offset");

   /* many arguments and members */
   static const struct glsl_type *many[100000];
   for (unsigned i = 0; i < 100000; i++)
      many[i] = &glsl_type_float;
   const struct glsl_type *result;
   const char *why;
   CHECK(glsl_type_constructor(&a, &glsl_type_vec4, many, 100000, &v110, &result, &why) ==
         GLSL_CTOR_ERROR && !strcmp(why, "vec4 constructor: argument 5 is not used (vec4 has 4 "
                                    "components)"), "%s", why);
   CHECK(glsl_type_constructor(&a, glsl_type_array(&a, &glsl_type_float, GLSL_ARRAY_UNSIZED),
                               many, 100000, &v120, &result, &why) == GLSL_CTOR_ARRAY &&
         result->length == 100000, "100000 elements");
   struct oom_case c = { &a, NULL };
   CHECK(glsl_arena_run(&a, build_huge_struct, &c) && c.t->num_fields == 100000 &&
         glsl_type_location_slots(c.t, false) == 100000 &&
         glsl_type_field_index(c.t, "m99999") == 99999, "a struct of 100000 members");
   glsl_arena_finish(&a);

   /* running out of the arena's budget jumps out cleanly */
   glsl_arena_init(&a, (size_t)256 << 10);
   c.a = &a;
   c.t = NULL;
   CHECK(!glsl_arena_run(&a, build_huge_struct, &c) && c.t == NULL, "small arena");
   glsl_arena_finish(&a);
}

int
main(void)
{
   test_names_per_version();
   test_instances();
   test_derived();
   test_slots();
   test_conversions();
   test_overloads();
   test_binary_table();
   test_aggregate_ops();
   test_constructors();
   test_rules();
   test_hostile();
   if (failures)
      fprintf(stderr, "glsl_test_types: %d failures\n", failures);
   else
      printf("glsl_test_types: ok\n");
   return failures != 0;
}
