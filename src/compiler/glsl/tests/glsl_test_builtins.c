/*
 * The built-in tables: overload counts per function per version and stage
 * against the specifications' lists (typed here independently of
 * glsl_builtins.txt), stage restrictions and extension gates, every
 * built-in variable of 1.10 / 1.20 / ES 1.00 with its type, storage and
 * precision, the uniform structs and their state names, constants and
 * their defaults, the per-version rules, and the table's own consistency.
 */
#include <stdio.h>
#include <string.h>

#include "compiler/glsl/glsl_builtins.h"

#include "glsl_test.h"

#define ARRAY_SIZE(x) (sizeof(x) / sizeof((x)[0]))

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

static bool
all_exts(void *data, const char *ext)
{
   return true;
}

static struct glsl_builtin_env
env(unsigned number, bool es, enum glsl_stage stage)
{
   struct glsl_builtin_env e = { { { (uint16_t)number, es }, NULL, NULL }, stage, false };
   return e;
}

static struct glsl_builtin_env
env_ext(unsigned number, bool es, enum glsl_stage stage, const char *const *exts)
{
   struct glsl_builtin_env e = env(number, es, stage);
   e.features.ext_enabled = listed_exts;
   e.features.data = (void *)exts;
   return e;
}

static unsigned
count(const char *name, const struct glsl_builtin_env *e)
{
   return glsl_builtin_functions(name, e, NULL, 0);
}

/* ---- the spec's function lists ------------------------------------------ */

/*
 * Every built-in function of GLSL 1.20 (chapter 8, 1.20.8) with its number
 * of overloads in a vertex and in a fragment shader, counted from the
 * specification's prototypes: genType is 4 overloads, vec/ivec/bvec 3, mat
 * (1.20) 9; "[, float bias]" is fragment-only, "Lod" vertex-only;
 * mod(genType, float) and mod(genType, genType) share mod(float, float).
 * 1.10 (v110, f110) lacks outerProduct and transpose and has only the
 * three square matrixCompMult.  ES 1.00 (chapter 8, 1.00.17): es_v, es_f.
 */
static const struct {
   const char *name;
   unsigned v110, f110, v120, f120, es_v, es_f;
} spec_functions[] = {
   { "radians", 4, 4, 4, 4, 4, 4 },       { "degrees", 4, 4, 4, 4, 4, 4 },
   { "sin", 4, 4, 4, 4, 4, 4 },           { "cos", 4, 4, 4, 4, 4, 4 },
   { "tan", 4, 4, 4, 4, 4, 4 },           { "asin", 4, 4, 4, 4, 4, 4 },
   { "acos", 4, 4, 4, 4, 4, 4 },          { "atan", 8, 8, 8, 8, 8, 8 },
   { "pow", 4, 4, 4, 4, 4, 4 },           { "exp", 4, 4, 4, 4, 4, 4 },
   { "log", 4, 4, 4, 4, 4, 4 },           { "exp2", 4, 4, 4, 4, 4, 4 },
   { "log2", 4, 4, 4, 4, 4, 4 },          { "sqrt", 4, 4, 4, 4, 4, 4 },
   { "inversesqrt", 4, 4, 4, 4, 4, 4 },   { "abs", 4, 4, 4, 4, 4, 4 },
   { "sign", 4, 4, 4, 4, 4, 4 },          { "floor", 4, 4, 4, 4, 4, 4 },
   { "ceil", 4, 4, 4, 4, 4, 4 },          { "fract", 4, 4, 4, 4, 4, 4 },
   { "mod", 7, 7, 7, 7, 7, 7 },           { "min", 7, 7, 7, 7, 7, 7 },
   { "max", 7, 7, 7, 7, 7, 7 },           { "clamp", 7, 7, 7, 7, 7, 7 },
   { "mix", 7, 7, 7, 7, 7, 7 },           { "step", 7, 7, 7, 7, 7, 7 },
   { "smoothstep", 7, 7, 7, 7, 7, 7 },    { "length", 4, 4, 4, 4, 4, 4 },
   { "distance", 4, 4, 4, 4, 4, 4 },      { "dot", 4, 4, 4, 4, 4, 4 },
   { "cross", 1, 1, 1, 1, 1, 1 },         { "normalize", 4, 4, 4, 4, 4, 4 },
   { "ftransform", 1, 0, 1, 0, 0, 0 },    { "faceforward", 4, 4, 4, 4, 4, 4 },
   { "reflect", 4, 4, 4, 4, 4, 4 },       { "refract", 4, 4, 4, 4, 4, 4 },
   { "matrixCompMult", 3, 3, 9, 9, 3, 3 }, { "outerProduct", 0, 0, 9, 9, 0, 0 },
   { "transpose", 0, 0, 9, 9, 0, 0 },     { "lessThan", 6, 6, 6, 6, 6, 6 },
   { "lessThanEqual", 6, 6, 6, 6, 6, 6 }, { "greaterThan", 6, 6, 6, 6, 6, 6 },
   { "greaterThanEqual", 6, 6, 6, 6, 6, 6 }, { "equal", 9, 9, 9, 9, 9, 9 },
   { "notEqual", 9, 9, 9, 9, 9, 9 },      { "any", 3, 3, 3, 3, 3, 3 },
   { "all", 3, 3, 3, 3, 3, 3 },           { "not", 3, 3, 3, 3, 3, 3 },
   { "texture1D", 1, 2, 1, 2, 0, 0 },     { "texture1DProj", 2, 4, 2, 4, 0, 0 },
   { "texture1DLod", 1, 0, 1, 0, 0, 0 },  { "texture1DProjLod", 2, 0, 2, 0, 0, 0 },
   { "texture2D", 1, 2, 1, 2, 1, 2 },     { "texture2DProj", 2, 4, 2, 4, 2, 4 },
   { "texture2DLod", 1, 0, 1, 0, 1, 0 },  { "texture2DProjLod", 2, 0, 2, 0, 2, 0 },
   { "texture3D", 1, 2, 1, 2, 0, 0 },     { "texture3DProj", 1, 2, 1, 2, 0, 0 },
   { "texture3DLod", 1, 0, 1, 0, 0, 0 },  { "texture3DProjLod", 1, 0, 1, 0, 0, 0 },
   { "textureCube", 1, 2, 1, 2, 1, 2 },   { "textureCubeLod", 1, 0, 1, 0, 1, 0 },
   { "shadow1D", 1, 2, 1, 2, 0, 0 },      { "shadow2D", 1, 2, 1, 2, 0, 0 },
   { "shadow1DProj", 1, 2, 1, 2, 0, 0 },  { "shadow2DProj", 1, 2, 1, 2, 0, 0 },
   { "shadow1DLod", 1, 0, 1, 0, 0, 0 },   { "shadow2DLod", 1, 0, 1, 0, 0, 0 },
   { "shadow1DProjLod", 1, 0, 1, 0, 0, 0 }, { "shadow2DProjLod", 1, 0, 1, 0, 0, 0 },
   { "dFdx", 0, 4, 0, 4, 0, 0 },          { "dFdy", 0, 4, 0, 4, 0, 0 },
   { "fwidth", 0, 4, 0, 4, 0, 0 },        { "noise1", 4, 4, 4, 4, 0, 0 },
   { "noise2", 4, 4, 4, 4, 0, 0 },        { "noise3", 4, 4, 4, 4, 0, 0 },
   { "noise4", 4, 4, 4, 4, 0, 0 },
};

static unsigned
spec_count(unsigned i, unsigned which)
{
   switch (which) {
   case 0: return spec_functions[i].v110;
   case 1: return spec_functions[i].f110;
   case 2: return spec_functions[i].v120;
   case 3: return spec_functions[i].f120;
   case 4: return spec_functions[i].es_v;
   default: return spec_functions[i].es_f;
   }
}

static void
test_spec_lists(void)
{
   static const struct {
      unsigned version;
      bool es;
      enum glsl_stage stage;
   } cases[6] = {
      { 110, false, GLSL_STAGE_VERTEX }, { 110, false, GLSL_STAGE_FRAGMENT },
      { 120, false, GLSL_STAGE_VERTEX }, { 120, false, GLSL_STAGE_FRAGMENT },
      { 100, true, GLSL_STAGE_VERTEX },  { 100, true, GLSL_STAGE_FRAGMENT },
   };
   for (unsigned c = 0; c < 6; c++) {
      struct glsl_builtin_env e = env(cases[c].version, cases[c].es, cases[c].stage);
      /* every listed name has the spec's number of overloads */
      for (unsigned i = 0; i < ARRAY_SIZE(spec_functions); i++) {
         unsigned n = count(spec_functions[i].name, &e);
         CHECK(n == spec_count(i, c), "%s in case %u: %u overloads, spec %u",
               spec_functions[i].name, c, n, spec_count(i, c));
      }
      /* and no other name is visible: the table's list is the spec's list */
      for (unsigned i = 0; i < glsl_builtin_num_function_names; i++) {
         const char *name = glsl_builtin_function_names[i].name;
         unsigned j;
         for (j = 0; j < ARRAY_SIZE(spec_functions); j++) {
            if (!strcmp(spec_functions[j].name, name))
               break;
         }
         if (j == ARRAY_SIZE(spec_functions))
            CHECK(count(name, &e) == 0, "%s visible in case %u but not in the spec's list",
                  name, c);
      }
   }
}

/* ---- overloads, types, ops, flags --------------------------------------- */

static const struct glsl_builtin_function *
find_overload(const char *name, const struct glsl_builtin_env *e,
              const struct glsl_type *const *args, unsigned n)
{
   const struct glsl_builtin_function *fns[64];
   struct glsl_overload cands[64];
   unsigned nf = glsl_builtin_functions(name, e, fns, 64);
   enum glsl_overload_result res;
   if (nf > 64)
      return NULL;
   for (unsigned i = 0; i < nf; i++)
      cands[i] = glsl_builtin_overload(fns[i]);
   int k = glsl_type_pick_overload(cands, nf, args, n, &e->features, &res);
   return k < 0 ? NULL : fns[k];
}

static void
test_overloads(void)
{
   struct glsl_builtin_env v120 = env(120, false, GLSL_STAGE_VERTEX);
   struct glsl_builtin_env f120 = env(120, false, GLSL_STAGE_FRAGMENT);
   struct glsl_builtin_env fes = env(100, true, GLSL_STAGE_FRAGMENT);
   const struct glsl_builtin_function *fns[8];

   /* sin: float, vec2, vec3, vec4 in that order, one op */
   CHECK(glsl_builtin_functions("sin", &v120, fns, 8) == 4, "sin");
   CHECK(fns[0]->return_type == &glsl_type_float && fns[3]->params[0] == &glsl_type_vec4,
         "sin order");
   for (unsigned i = 0; i < 4; i++)
      CHECK(fns[i]->op == GLSL_BUILTIN_SIN && fns[i]->num_params == 1 && !fns[i]->dirs &&
               (fns[i]->flags & GLSL_BUILTIN_F_CONST), "sin row %u", i);
   CHECK(!strcmp(glsl_builtin_op_name(GLSL_BUILTIN_SIN), "SIN"), "op name");
   CHECK(!strcmp(glsl_builtin_op_name(GLSL_BUILTIN_TEXTURE_2D_PROJ_LOD), "TEXTURE_2D_PROJ_LOD"),
         "op name");

   /* max limits the out array, count is still all */
   CHECK(glsl_builtin_functions("mod", &v120, fns, 2) == 7, "mod count with small max");

   /* resolution through glsl_type_pick_overload */
   const struct glsl_type *a_v3f[] = { &glsl_type_vec3, &glsl_type_float };
   const struct glsl_builtin_function *fn = find_overload("mod", &v120, a_v3f, 2);
   CHECK(fn && fn->params[1] == &glsl_type_float && fn->return_type == &glsl_type_vec3 &&
            fn->op == GLSL_BUILTIN_MOD, "mod(vec3, float)");
   const struct glsl_type *a_y_x[] = { &glsl_type_vec2, &glsl_type_vec2 };
   fn = find_overload("atan", &v120, a_y_x, 2);
   CHECK(fn && fn->op == GLSL_BUILTIN_ATAN2, "atan(y, x)");
   fn = find_overload("atan", &v120, a_y_x, 1);
   CHECK(fn && fn->op == GLSL_BUILTIN_ATAN, "atan(y_over_x)");
   /* 1.20 converts int to float: step(int, vec3) finds step(float, genType) */
   const struct glsl_type *a_i_v3[] = { &glsl_type_int, &glsl_type_vec3 };
   fn = find_overload("step", &v120, a_i_v3, 2);
   CHECK(fn && fn->params[0] == &glsl_type_float && fn->return_type == &glsl_type_vec3,
         "step(int, vec3) in 1.20");
   CHECK(!find_overload("step", &fes, a_i_v3, 2), "ES 1.00 has no conversions");

   /* matrices */
   const struct glsl_type *a_m32[] = { &glsl_type_mat3x2 };
   fn = find_overload("transpose", &v120, a_m32, 1);
   CHECK(fn && fn->return_type == &glsl_type_mat2x3, "transpose(mat3x2) is mat2x3");
   const struct glsl_type *a_c3_r2[] = { &glsl_type_vec3, &glsl_type_vec2 };
   fn = find_overload("outerProduct", &v120, a_c3_r2, 2);
   CHECK(fn && fn->return_type == &glsl_type_mat2x3, "outerProduct(vec3, vec2) is mat2x3");

   /* texture lookups */
   const struct glsl_type *a_s2_v2[] = { &glsl_type_sampler2D, &glsl_type_vec2 };
   const struct glsl_type *a_s2_v2_f[] = { &glsl_type_sampler2D, &glsl_type_vec2,
                                           &glsl_type_float };
   fn = find_overload("texture2D", &fes, a_s2_v2_f, 3);
   CHECK(fn && fn->op == GLSL_BUILTIN_TEXTURE_2D && fn->return_type == &glsl_type_vec4 &&
            !(fn->flags & (GLSL_BUILTIN_F_CONST | GLSL_BUILTIN_F_CONST_ZERO)),
         "texture2D with bias in an ES fragment shader");
   struct glsl_builtin_env ves = env(100, true, GLSL_STAGE_VERTEX);
   CHECK(!find_overload("texture2D", &ves, a_s2_v2_f, 3), "no bias in an ES vertex shader");
   CHECK(find_overload("texture2D", &ves, a_s2_v2, 2), "texture2D in an ES vertex shader");
   CHECK(!find_overload("texture2D", &f120, (const struct glsl_type *const[]){
                           &glsl_type_sampler3D, &glsl_type_vec2 }, 2), "wrong sampler");

   /* flags */
   CHECK(glsl_builtin_functions("dFdx", &f120, fns, 8) == 4 &&
            fns[0]->flags == GLSL_BUILTIN_F_CONST_ZERO, "dFdx flags");
   CHECK(glsl_builtin_functions("ftransform", &v120, fns, 8) == 1 && fns[0]->flags == 0 &&
            fns[0]->num_params == 0 && fns[0]->params == NULL, "ftransform");
   CHECK(glsl_builtin_functions("noise1", &v120, fns, 8) == 4 && fns[0]->flags == 0, "noise");

   /* out parameters */
   struct glsl_builtin_env v130 = env(130, false, GLSL_STAGE_VERTEX);
   CHECK(glsl_builtin_functions("modf", &v130, fns, 8) == 4 && fns[1]->dirs &&
            fns[1]->dirs[0] == GLSL_PARAM_IN && fns[1]->dirs[1] == GLSL_PARAM_OUT &&
            fns[1]->flags == 0, "modf(vec2, out vec2)");
   struct glsl_builtin_env c430 = env(430, false, GLSL_STAGE_COMPUTE);
   CHECK(glsl_builtin_functions("atomicCompSwap", &c430, fns, 8) == 2 &&
            fns[0]->dirs[0] == GLSL_PARAM_INOUT, "atomicCompSwap(inout uint ...)");
}

/* ---- stages and gates --------------------------------------------------- */

static void
test_gates(void)
{
   struct glsl_arena arena;
   glsl_arena_init(&arena, 0);
   const struct glsl_builtin_function *ex;
   struct glsl_builtin_env f120 = env(120, false, GLSL_STAGE_FRAGMENT);

   /* texture2DLod in a 1.20 fragment shader: vertex only */
   CHECK(count("texture2DLod", &f120) == 0, "texture2DLod fragment 1.20");
   CHECK(glsl_builtin_function_why("texture2DLod", &f120, &ex) == GLSL_BUILTIN_WRONG_STAGE &&
            ex && !strcmp(glsl_builtin_stages_text(&arena, ex->stages), "vertex shaders"),
         "texture2DLod why");
   /* with GL_ARB_shader_texture_lod it is there, and the GradARB forms */
   static const char *const arb_lod[] = { "GL_ARB_shader_texture_lod", NULL };
   struct glsl_builtin_env f120l = env_ext(120, false, GLSL_STAGE_FRAGMENT, arb_lod);
   CHECK(count("texture2DLod", &f120l) == 1 && count("texture2DProjLod", &f120l) == 2 &&
            count("shadow2DProjLod", &f120l) == 1, "ARB_shader_texture_lod");
   CHECK(count("texture2DGradARB", &f120l) == 1 && count("texture2DGradARB", &f120) == 0,
         "texture2DGradARB");
   struct glsl_builtin_env v120l = env_ext(120, false, GLSL_STAGE_VERTEX, arb_lod);
   CHECK(count("texture2DLod", &v120l) == 1, "one texture2DLod in the vertex stage with the ext");
   /* GLSL 1.50 (core profile): the GradARB forms are the extension's own,
    * in a geometry shader too; the Lod forms went with texture2D */
   struct glsl_builtin_env g150l = env_ext(150, false, GLSL_STAGE_GEOMETRY, arb_lod);
   struct glsl_builtin_env f150l = env_ext(150, false, GLSL_STAGE_FRAGMENT, arb_lod);
   CHECK(count("texture2DGradARB", &g150l) == 1 && count("texture2DProjGradARB", &g150l) == 2 &&
            count("shadow2DProjGradARB", &g150l) == 1 && count("textureCubeGradARB", &f150l) == 1,
         "GradARB forms in GLSL 1.50 core");
   struct glsl_builtin_env g150 = env(150, false, GLSL_STAGE_GEOMETRY);
   CHECK(count("texture2DGradARB", &g150) == 0, "GradARB forms need the extension in 1.50 too");
   CHECK(count("texture2DLod", &f150l) == 0, "texture2DLod is not in 1.50 core");

   /* ES 1.00 fragment with GL_EXT_shader_texture_lod: texture2DLodEXT */
   static const char *const ext_lod[] = { "GL_EXT_shader_texture_lod", NULL };
   struct glsl_builtin_env fes = env(100, true, GLSL_STAGE_FRAGMENT);
   struct glsl_builtin_env fesl = env_ext(100, true, GLSL_STAGE_FRAGMENT, ext_lod);
   CHECK(count("texture2DLodEXT", &fes) == 0, "texture2DLodEXT needs the extension");
   CHECK(glsl_builtin_function_why("texture2DLodEXT", &fes, &ex) == GLSL_BUILTIN_NEEDS_VERSION &&
            !strcmp(glsl_gate_text(&arena, &ex->gate.gate, &fes.features),
                    "GL_EXT_shader_texture_lod"), "texture2DLodEXT why");
   const struct glsl_builtin_function *fns[4];
   CHECK(glsl_builtin_functions("texture2DLodEXT", &fesl, fns, 4) == 1 &&
            fns[0]->op == GLSL_BUILTIN_TEXTURE_2D_LOD, "texture2DLodEXT");
   CHECK(count("texture2DLod", &fesl) == 0, "texture2DLod still vertex-only");
   CHECK(count("texture2DProjLodEXT", &fesl) == 2 && count("textureCubeLodEXT", &fesl) == 1 &&
            count("texture2DGradEXT", &fesl) == 1 && count("texture2DProjGradEXT", &fesl) == 2 &&
            count("textureCubeGradEXT", &fesl) == 1, "EXT_shader_texture_lod set");
   CHECK(count("texture2DLodEXT", &(struct glsl_builtin_env){ fesl.features,
                                                            GLSL_STAGE_VERTEX, false }) == 0,
         "texture2DLodEXT is fragment-only");

   /* derivatives: ES 1.00 needs GL_OES_standard_derivatives */
   CHECK(glsl_builtin_function_why("dFdx", &fes, &ex) == GLSL_BUILTIN_NEEDS_VERSION &&
            !strcmp(glsl_gate_text(&arena, &ex->gate.gate, &fes.features),
                    "GLSL ES 3.00 or GL_OES_standard_derivatives"), "dFdx ES why");
   static const char *const deriv[] = { "GL_OES_standard_derivatives", NULL };
   struct glsl_builtin_env fesd = env_ext(100, true, GLSL_STAGE_FRAGMENT, deriv);
   CHECK(count("dFdx", &fesd) == 4 && count("fwidth", &fesd) == 4, "dFdx with the extension");
   struct glsl_builtin_env vesd = env_ext(100, true, GLSL_STAGE_VERTEX, deriv);
   CHECK(count("dFdy", &vesd) == 0 &&
            glsl_builtin_function_why("dFdy", &vesd, NULL) == GLSL_BUILTIN_WRONG_STAGE,
         "dFdy vertex");
   CHECK(count("dFdx", &(struct glsl_builtin_env){ { { 300, true }, NULL, NULL },
                                                 GLSL_STAGE_FRAGMENT, false }) == 4,
         "dFdx ES 3.00");

   /* ftransform: vertex only, compatibility only from 1.40 */
   CHECK(glsl_builtin_function_why("ftransform", &f120, NULL) == GLSL_BUILTIN_WRONG_STAGE,
         "ftransform fragment");
   struct glsl_builtin_env v140 = env(140, false, GLSL_STAGE_VERTEX);
   CHECK(glsl_builtin_function_why("ftransform", &v140, NULL) == GLSL_BUILTIN_REMOVED,
         "ftransform 1.40 core");
   v140.compatibility = true;
   CHECK(count("ftransform", &v140) == 1, "ftransform 1.40 compatibility");
   CHECK(count("texture2D", &v140) == 1 && count("texture", &v140) > 0,
         "texture2D and texture in 1.40 compatibility");

   /* texture2D gone from ES 3.00 and the 1.40 core profile */
   struct glsl_builtin_env fes3 = env(300, true, GLSL_STAGE_FRAGMENT);
   CHECK(glsl_builtin_function_why("texture2D", &fes3, NULL) == GLSL_BUILTIN_REMOVED,
         "texture2D ES 3.00");
   CHECK(count("texture2D", &(struct glsl_builtin_env){ { { 140, false }, NULL, NULL },
                                                      GLSL_STAGE_FRAGMENT, false }) == 0,
         "texture2D 1.40 core");
   /* texture() needs 1.30 */
   CHECK(glsl_builtin_function_why("texture", &f120, &ex) == GLSL_BUILTIN_NEEDS_VERSION &&
            !strcmp(glsl_gate_text(&arena, &ex->gate.gate, &f120.features), "GLSL 1.30"),
         "texture needs 1.30");
   CHECK(glsl_builtin_function_why("mySin", &f120, &ex) == GLSL_BUILTIN_NOT_BUILTIN && !ex,
         "not a built-in");
   CHECK(!glsl_builtin_function_exists("mySin") && glsl_builtin_function_exists("shadow2DEXT") &&
            glsl_builtin_function_exists("imageAtomicAdd"), "exists");

   /* extension functions of ES 1.00 */
   static const char *const shadow[] = { "GL_EXT_shadow_samplers", NULL };
   struct glsl_builtin_env fess = env_ext(100, true, GLSL_STAGE_FRAGMENT, shadow);
   CHECK(glsl_builtin_functions("shadow2DEXT", &fess, fns, 4) == 1 &&
            fns[0]->return_type == &glsl_type_float && fns[0]->op == GLSL_BUILTIN_SHADOW_2D,
         "shadow2DEXT returns float");
   CHECK(count("shadow2DProjEXT", &fess) == 1 && count("shadow2D", &fess) == 0, "shadow EXT");
   static const char *const tex3d[] = { "GL_OES_texture_3D", NULL };
   struct glsl_builtin_env fes3d = env_ext(100, true, GLSL_STAGE_FRAGMENT, tex3d);
   CHECK(count("texture3D", &fes3d) == 2 && count("texture3DLod", &fes3d) == 0 &&
            count("texture3D", &fes) == 0, "OES_texture_3D");
   static const char *const ext_img[] = { "GL_OES_EGL_image_external", NULL };
   struct glsl_builtin_env fesx = env_ext(100, true, GLSL_STAGE_FRAGMENT, ext_img);
   CHECK(count("texture2D", &fesx) == 3 && count("texture2DProj", &fesx) == 6,
         "samplerExternalOES adds texture2D(samplerExternalOES, vec2) and two Proj");

   /* GL_ARB_texture_rectangle in 1.10; textureSize(sampler2DRect) core in 1.40 */
   static const char *const rect[] = { "GL_ARB_texture_rectangle", NULL };
   struct glsl_builtin_env v110r = env_ext(110, false, GLSL_STAGE_VERTEX, rect);
   CHECK(count("texture2DRect", &v110r) == 1 && count("texture2DRectProj", &v110r) == 2 &&
            count("shadow2DRect", &v110r) == 1 && count("shadow2DRectProj", &v110r) == 1,
         "texture_rectangle");
   CHECK(count("texture2DRect", &(struct glsl_builtin_env){ { { 110, false }, NULL, NULL },
                                                          GLSL_STAGE_VERTEX, false }) == 0,
         "texture2DRect needs the extension");

   /* later versions, spot checks (counted from the 4.60 / ES 3.20 lists) */
   struct glsl_builtin_env f130 = env(130, false, GLSL_STAGE_FRAGMENT);
   struct glsl_builtin_env v130 = env(130, false, GLSL_STAGE_VERTEX);
   CHECK(count("min", &v130) == 21 && count("clamp", &v130) == 21, "min/clamp 1.30");
   CHECK(count("mix", &v130) == 11, "mix 1.30: 7 + mix(genType, genType, genBType)");
   CHECK(count("lessThan", &v130) == 9 && count("equal", &v130) == 12, "relational 1.30");
   struct glsl_builtin_env ves3 = env(300, true, GLSL_STAGE_VERTEX);
   CHECK(count("textureSize", &ves3) == 15, "textureSize ES 3.00: %u", count("textureSize", &ves3));
   /* texture() in ES 3.00: 2D, 3D, Cube, 2DArray (x3 each) + 3 shadow, with and without bias
    * (2DArrayShadow has no bias form) */
   CHECK(count("texture", &ves3) == 15 && count("texture", &fes3) == 29,
         "texture ES 3.00: %u %u", count("texture", &ves3), count("texture", &fes3));
   /* 1.30 adds 1D, 1DShadow, 1DArray, 1DArrayShadow: 3 + 1 + 3 + 1 = 8 more, 16 in a
    * fragment shader (each has a bias form) */
   CHECK(count("texture", &v130) == 23 && count("texture", &f130) == 45,
         "texture 1.30: %u %u", count("texture", &v130), count("texture", &f130));
   CHECK(count("inverse", &v130) == 0 && count("inverse", &(struct glsl_builtin_env){
                                                 { { 140, false }, NULL, NULL },
                                                 GLSL_STAGE_VERTEX, false }) == 3, "inverse");
   CHECK(count("determinant", &ves3) == 3 && count("transpose", &ves3) == 9 &&
            count("outerProduct", &ves3) == 9 && count("matrixCompMult", &ves3) == 9,
         "ES 3.00 matrix functions");
   CHECK(count("packUnorm4x8", &ves3) == 0 &&
            count("packUnorm4x8", &(struct glsl_builtin_env){ { { 310, true }, NULL, NULL },
                                                            GLSL_STAGE_VERTEX, false }) == 1,
         "packUnorm4x8 ES 3.10");
   CHECK(count("EmitVertex", &(struct glsl_builtin_env){ { { 150, false }, NULL, NULL },
                                                       GLSL_STAGE_GEOMETRY, false }) == 1 &&
            count("EmitVertex", &(struct glsl_builtin_env){ { { 150, false }, NULL, NULL },
                                                          GLSL_STAGE_VERTEX, false }) == 0,
         "EmitVertex geometry only");
   CHECK(count("barrier", &(struct glsl_builtin_env){ { { 400, false }, NULL, NULL },
                                                    GLSL_STAGE_TESS_CTRL, false }) == 1 &&
            count("barrier", &(struct glsl_builtin_env){ { { 400, false }, NULL, NULL },
                                                       GLSL_STAGE_COMPUTE, false }) == 0 &&
            count("barrier", &(struct glsl_builtin_env){ { { 430, false }, NULL, NULL },
                                                       GLSL_STAGE_COMPUTE, false }) == 1,
         "barrier per stage and version");
   CHECK(!strcmp(glsl_builtin_stages_text(&arena, GLSL_BUILTIN_STAGE(GLSL_STAGE_VERTEX) |
                                                     GLSL_BUILTIN_STAGE(GLSL_STAGE_FRAGMENT) |
                                                     GLSL_BUILTIN_STAGE(GLSL_STAGE_COMPUTE)),
                 "vertex, fragment or compute shaders"), "stages text");
   glsl_arena_finish(&arena);
}

/* ---- the per-version rules ----------------------------------------------- */

static void
test_rules(void)
{
   static const struct {
      unsigned number;
      bool es;
      enum glsl_builtin_user_rule rule;
      bool const_calls;
   } cases[] = {
      { 110, false, GLSL_BUILTIN_USER_HIDES, false },
      { 120, false, GLSL_BUILTIN_USER_HIDES, true },
      { 130, false, GLSL_BUILTIN_USER_HIDES, true },
      { 460, false, GLSL_BUILTIN_USER_HIDES, true },
      { 100, true, GLSL_BUILTIN_USER_OVERLOADS, true },
      { 300, true, GLSL_BUILTIN_USER_FORBIDDEN, true },
      { 320, true, GLSL_BUILTIN_USER_FORBIDDEN, true },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      struct glsl_version v = { (uint16_t)cases[i].number, cases[i].es };
      CHECK(glsl_builtin_user_function_rule(v) == cases[i].rule, "user rule %u", cases[i].number);
      CHECK(glsl_builtin_const_calls(v) == cases[i].const_calls, "const calls %u",
            cases[i].number);
   }
}

/* ---- variables ------------------------------------------------------------ */

struct var_case {
   const char *name, *type;
   enum glsl_builtin_storage storage;
   bool read_only;
   enum glsl_precision precision;
   const char *state;
};

#define IN GLSL_BUILTIN_STORAGE_IN
#define OUT GLSL_BUILTIN_STORAGE_OUT
#define UNI GLSL_BUILTIN_STORAGE_UNIFORM
#define NP GLSL_PRECISION_NONE
#define HP GLSL_PRECISION_HIGH
#define MP GLSL_PRECISION_MEDIUM

/* GLSL 1.10/1.20 section 7.5 (types with the default limits of 1.20: 8
 * lights, 6 clip planes, 2 texture units, 2 texture coordinates) */
static const struct var_case uniforms_110[] = {
   { "gl_DepthRange", "struct gl_DepthRangeParameters", UNI, true, NP, "depth_range" },
   { "gl_ModelViewMatrix", "mat4", UNI, true, NP, "modelview" },
   { "gl_ProjectionMatrix", "mat4", UNI, true, NP, "projection" },
   { "gl_ModelViewProjectionMatrix", "mat4", UNI, true, NP, "mvp" },
   { "gl_TextureMatrix", "mat4[2]", UNI, true, NP, "texture[i]" },
   { "gl_NormalMatrix", "mat3", UNI, true, NP, "normal_matrix" },
   { "gl_ModelViewMatrixInverse", "mat4", UNI, true, NP, "modelview.inverse" },
   { "gl_ProjectionMatrixInverse", "mat4", UNI, true, NP, "projection.inverse" },
   { "gl_ModelViewProjectionMatrixInverse", "mat4", UNI, true, NP, "mvp.inverse" },
   { "gl_TextureMatrixInverse", "mat4[2]", UNI, true, NP, "texture[i].inverse" },
   { "gl_ModelViewMatrixTranspose", "mat4", UNI, true, NP, "modelview.transpose" },
   { "gl_ProjectionMatrixTranspose", "mat4", UNI, true, NP, "projection.transpose" },
   { "gl_ModelViewProjectionMatrixTranspose", "mat4", UNI, true, NP, "mvp.transpose" },
   { "gl_TextureMatrixTranspose", "mat4[2]", UNI, true, NP, "texture[i].transpose" },
   { "gl_ModelViewMatrixInverseTranspose", "mat4", UNI, true, NP, "modelview.inverse_transpose" },
   { "gl_ProjectionMatrixInverseTranspose", "mat4", UNI, true, NP,
     "projection.inverse_transpose" },
   { "gl_ModelViewProjectionMatrixInverseTranspose", "mat4", UNI, true, NP,
     "mvp.inverse_transpose" },
   { "gl_TextureMatrixInverseTranspose", "mat4[2]", UNI, true, NP,
     "texture[i].inverse_transpose" },
   { "gl_NormalScale", "float", UNI, true, NP, "normal_scale" },
   { "gl_ClipPlane", "vec4[6]", UNI, true, NP, "clip_plane[i]" },
   { "gl_Point", "struct gl_PointParameters", UNI, true, NP, "point" },
   { "gl_FrontMaterial", "struct gl_MaterialParameters", UNI, true, NP, "material.front" },
   { "gl_BackMaterial", "struct gl_MaterialParameters", UNI, true, NP, "material.back" },
   { "gl_LightSource", "struct gl_LightSourceParameters[8]", UNI, true, NP, "light[i]" },
   { "gl_LightModel", "struct gl_LightModelParameters", UNI, true, NP, "light_model" },
   { "gl_FrontLightModelProduct", "struct gl_LightModelProducts", UNI, true, NP,
     "light_model_product.front" },
   { "gl_BackLightModelProduct", "struct gl_LightModelProducts", UNI, true, NP,
     "light_model_product.back" },
   { "gl_FrontLightProduct", "struct gl_LightProducts[8]", UNI, true, NP,
     "light_product[i].front" },
   { "gl_BackLightProduct", "struct gl_LightProducts[8]", UNI, true, NP,
     "light_product[i].back" },
   { "gl_TextureEnvColor", "vec4[2]", UNI, true, NP, "texenv_color[i]" },
   { "gl_EyePlaneS", "vec4[2]", UNI, true, NP, "texgen[i].eye_s" },
   { "gl_EyePlaneT", "vec4[2]", UNI, true, NP, "texgen[i].eye_t" },
   { "gl_EyePlaneR", "vec4[2]", UNI, true, NP, "texgen[i].eye_r" },
   { "gl_EyePlaneQ", "vec4[2]", UNI, true, NP, "texgen[i].eye_q" },
   { "gl_ObjectPlaneS", "vec4[2]", UNI, true, NP, "texgen[i].object_s" },
   { "gl_ObjectPlaneT", "vec4[2]", UNI, true, NP, "texgen[i].object_t" },
   { "gl_ObjectPlaneR", "vec4[2]", UNI, true, NP, "texgen[i].object_r" },
   { "gl_ObjectPlaneQ", "vec4[2]", UNI, true, NP, "texgen[i].object_q" },
   { "gl_Fog", "struct gl_FogParameters", UNI, true, NP, "fog" },
};

/* 1.10/1.20 vertex: 7.1, 7.3, 7.6 */
static const struct var_case vertex_110[] = {
   { "gl_Position", "vec4", OUT, false, NP, NULL },
   { "gl_PointSize", "float", OUT, false, NP, NULL },
   { "gl_ClipVertex", "vec4", OUT, false, NP, NULL },
   { "gl_Color", "vec4", IN, true, NP, "attrib.color" },
   { "gl_SecondaryColor", "vec4", IN, true, NP, "attrib.secondary_color" },
   { "gl_Normal", "vec3", IN, true, NP, "attrib.normal" },
   { "gl_Vertex", "vec4", IN, true, NP, "attrib.position" },
   { "gl_MultiTexCoord0", "vec4", IN, true, NP, "attrib.texcoord[0]" },
   { "gl_MultiTexCoord1", "vec4", IN, true, NP, "attrib.texcoord[1]" },
   { "gl_MultiTexCoord2", "vec4", IN, true, NP, "attrib.texcoord[2]" },
   { "gl_MultiTexCoord3", "vec4", IN, true, NP, "attrib.texcoord[3]" },
   { "gl_MultiTexCoord4", "vec4", IN, true, NP, "attrib.texcoord[4]" },
   { "gl_MultiTexCoord5", "vec4", IN, true, NP, "attrib.texcoord[5]" },
   { "gl_MultiTexCoord6", "vec4", IN, true, NP, "attrib.texcoord[6]" },
   { "gl_MultiTexCoord7", "vec4", IN, true, NP, "attrib.texcoord[7]" },
   { "gl_FogCoord", "float", IN, true, NP, "attrib.fog_coord" },
   { "gl_FrontColor", "vec4", OUT, false, NP, NULL },
   { "gl_BackColor", "vec4", OUT, false, NP, NULL },
   { "gl_FrontSecondaryColor", "vec4", OUT, false, NP, NULL },
   { "gl_BackSecondaryColor", "vec4", OUT, false, NP, NULL },
   { "gl_TexCoord", "vec4[]", OUT, false, NP, NULL },
   { "gl_FogFragCoord", "float", OUT, false, NP, NULL },
};

/* 1.10 fragment: 7.2, 7.6 (1.20 adds gl_PointCoord) */
static const struct var_case fragment_110[] = {
   { "gl_FragCoord", "vec4", IN, true, NP, NULL },
   { "gl_FrontFacing", "bool", IN, true, NP, NULL },
   { "gl_FragColor", "vec4", OUT, false, NP, NULL },
   { "gl_FragData", "vec4[1]", OUT, false, NP, NULL },
   { "gl_FragDepth", "float", OUT, false, NP, NULL },
   { "gl_Color", "vec4", IN, true, NP, NULL },
   { "gl_SecondaryColor", "vec4", IN, true, NP, NULL },
   { "gl_TexCoord", "vec4[]", IN, true, NP, NULL },
   { "gl_FogFragCoord", "float", IN, true, NP, NULL },
};

/* ES 1.00 7.1, 7.2, 7.5 */
static const struct var_case vertex_es100[] = {
   { "gl_Position", "vec4", OUT, false, HP, NULL },
   { "gl_PointSize", "float", OUT, false, MP, NULL },
   { "gl_DepthRange", "struct gl_DepthRangeParameters", UNI, true, NP, "depth_range" },
};
static const struct var_case fragment_es100[] = {
   { "gl_FragCoord", "vec4", IN, true, MP, NULL },
   { "gl_FrontFacing", "bool", IN, true, NP, NULL },
   { "gl_FragColor", "vec4", OUT, false, MP, NULL },
   { "gl_FragData", "vec4[1]", OUT, false, MP, NULL },
   { "gl_PointCoord", "vec2", IN, true, MP, NULL },
   { "gl_DepthRange", "struct gl_DepthRangeParameters", UNI, true, NP, "depth_range" },
};

static const struct var_case point_coord_120 = { "gl_PointCoord", "vec2", IN, true, NP, NULL };

static void
check_var(struct glsl_arena *a, const struct glsl_builtin_env *e,
          const struct glsl_builtin_limits *l, const struct var_case *c)
{
   const struct glsl_builtin_variable *v = glsl_builtin_variable_find(c->name, e);
   CHECK(v, "%s missing in %u stage %d", c->name, e->features.version.number, e->stage);
   if (!v)
      return;
   const char *type = glsl_type_name(a, glsl_builtin_variable_type(a, v, l));
   CHECK(!strcmp(type, c->type), "%s: type %s, expected %s", c->name, type, c->type);
   CHECK(v->storage == c->storage && v->read_only == c->read_only, "%s storage", c->name);
   CHECK(v->precision == c->precision, "%s precision %u", c->name, v->precision);
   CHECK((!v->state && !c->state) || (v->state && c->state && !strcmp(v->state, c->state)),
         "%s state %s", c->name, v->state ? v->state : "(null)");
}

static void
check_stage_vars(struct glsl_arena *a, unsigned number, bool es, enum glsl_stage stage,
                 const struct var_case *const *lists, const unsigned *sizes, unsigned nlists)
{
   struct glsl_builtin_env e = env(number, es, stage);
   struct glsl_builtin_limits l;
   glsl_builtin_limits_default(&l, e.features.version);
   unsigned expected = 0;
   for (unsigned i = 0; i < nlists; i++) {
      for (unsigned j = 0; j < sizes[i]; j++)
         check_var(a, &e, &l, &lists[i][j]);
      expected += sizes[i];
   }
   unsigned n = glsl_builtin_variables(&e, NULL, 0);
   CHECK(n == expected, "%u%s stage %d: %u variables, expected %u", number, es ? " es" : "",
         stage, n, expected);
}

static void
test_variables(void)
{
   struct glsl_arena arena;
   glsl_arena_init(&arena, 0);
   const struct var_case *v110[] = { vertex_110, uniforms_110 };
   const unsigned v110n[] = { ARRAY_SIZE(vertex_110), ARRAY_SIZE(uniforms_110) };
   const struct var_case *f110[] = { fragment_110, uniforms_110 };
   const unsigned f110n[] = { ARRAY_SIZE(fragment_110), ARRAY_SIZE(uniforms_110) };
   const struct var_case *f120[] = { fragment_110, uniforms_110, &point_coord_120 };
   const unsigned f120n[] = { ARRAY_SIZE(fragment_110), ARRAY_SIZE(uniforms_110), 1 };
   const struct var_case *ves[] = { vertex_es100 };
   const unsigned vesn[] = { ARRAY_SIZE(vertex_es100) };
   const struct var_case *fes[] = { fragment_es100 };
   const unsigned fesn[] = { ARRAY_SIZE(fragment_es100) };
   check_stage_vars(&arena, 110, false, GLSL_STAGE_VERTEX, v110, v110n, 2);
   check_stage_vars(&arena, 120, false, GLSL_STAGE_VERTEX, v110, v110n, 2);
   check_stage_vars(&arena, 110, false, GLSL_STAGE_FRAGMENT, f110, f110n, 2);
   check_stage_vars(&arena, 120, false, GLSL_STAGE_FRAGMENT, f120, f120n, 3);
   check_stage_vars(&arena, 100, true, GLSL_STAGE_VERTEX, ves, vesn, 1);
   check_stage_vars(&arena, 100, true, GLSL_STAGE_FRAGMENT, fes, fesn, 1);

   /* not in the other stage, not in 1.10, not in ES */
   struct glsl_builtin_env f110e = env(110, false, GLSL_STAGE_FRAGMENT);
   CHECK(glsl_builtin_variable_why("gl_PointCoord", &f110e) == GLSL_BUILTIN_NEEDS_VERSION,
         "gl_PointCoord 1.10");
   CHECK(glsl_builtin_variable_why("gl_Position", &f110e) == GLSL_BUILTIN_WRONG_STAGE,
         "gl_Position fragment");
   CHECK(glsl_builtin_variable_why("gl_Vertex", &f110e) == GLSL_BUILTIN_WRONG_STAGE,
         "gl_Vertex fragment");
   CHECK(glsl_builtin_variable_why("gl_Foo", &f110e) == GLSL_BUILTIN_NOT_BUILTIN, "gl_Foo");
   CHECK(glsl_builtin_variable_why("gl_MaxLights", &f110e) == GLSL_BUILTIN_VISIBLE,
         "constants count as visible names");
   struct glsl_builtin_env ves100 = env(100, true, GLSL_STAGE_VERTEX);
   CHECK(glsl_builtin_variable_why("gl_ModelViewMatrix", &ves100) == GLSL_BUILTIN_NEEDS_VERSION,
         "no fixed-function uniforms in ES");
   /* the core profile of 1.40 drops the fixed-function state, compatibility keeps it */
   struct glsl_builtin_env v140 = env(140, false, GLSL_STAGE_VERTEX);
   CHECK(glsl_builtin_variable_why("gl_ModelViewMatrix", &v140) == GLSL_BUILTIN_REMOVED &&
            glsl_builtin_variable_why("gl_Vertex", &v140) == GLSL_BUILTIN_REMOVED &&
            glsl_builtin_variable_find("gl_Position", &v140) &&
            glsl_builtin_variable_find("gl_InstanceID", &v140) &&
            glsl_builtin_variable_find("gl_VertexID", &v140), "1.40 core vertex");
   v140.compatibility = true;
   CHECK(glsl_builtin_variable_find("gl_ModelViewMatrix", &v140), "1.40 compatibility");
   /* ES 3.00: gl_FragColor gone, gl_FragDepth highp, gl_PointSize highp */
   struct glsl_builtin_env fes300 = env(300, true, GLSL_STAGE_FRAGMENT);
   const struct glsl_builtin_variable *v = glsl_builtin_variable_find("gl_FragDepth", &fes300);
   CHECK(v && v->precision == GLSL_PRECISION_HIGH && !v->read_only, "gl_FragDepth ES 3.00");
   CHECK(glsl_builtin_variable_why("gl_FragColor", &fes300) == GLSL_BUILTIN_REMOVED &&
            glsl_builtin_variable_why("gl_FragData", &fes300) == GLSL_BUILTIN_REMOVED,
         "gl_FragColor ES 3.00");
   v = glsl_builtin_variable_find("gl_PointSize", &(struct glsl_builtin_env){
                                    { { 300, true }, NULL, NULL }, GLSL_STAGE_VERTEX, false });
   CHECK(v && v->precision == GLSL_PRECISION_HIGH, "gl_PointSize ES 3.00");
   CHECK(glsl_builtin_variable_why("gl_FragDepth",
                                   &(struct glsl_builtin_env){ { { 100, true }, NULL, NULL },
                                                               GLSL_STAGE_FRAGMENT, false })
            == GLSL_BUILTIN_NEEDS_VERSION, "gl_FragDepth ES 1.00");
   /* gl_ClipDistance: unsized, bounded by gl_MaxClipDistances */
   v = glsl_builtin_variable_find("gl_ClipDistance",
                                  &(struct glsl_builtin_env){ { { 130, false }, NULL, NULL },
                                                              GLSL_STAGE_VERTEX, false });
   CHECK(v && v->array == GLSL_BUILTIN_ARRAY_UNSIZED &&
            v->array_const == GLSL_BUILTIN_CONST_MAX_CLIP_DISTANCES, "gl_ClipDistance");
   v = glsl_builtin_variable_find("gl_TexCoord", &f110e);
   CHECK(v && v->array_const == GLSL_BUILTIN_CONST_MAX_TEXTURE_COORDS, "gl_TexCoord bound");

   /* array sizes follow the limits the caller passes */
   struct glsl_builtin_limits l;
   glsl_builtin_limits_default(&l, f110e.features.version);
   l.value[GLSL_BUILTIN_CONST_MAX_DRAW_BUFFERS] = 4;
   l.value[GLSL_BUILTIN_CONST_MAX_LIGHTS] = 0;
   v = glsl_builtin_variable_find("gl_FragData", &f110e);
   CHECK(!strcmp(glsl_type_name(&arena, glsl_builtin_variable_type(&arena, v, &l)), "vec4[4]"),
         "gl_FragData[4]");
   v = glsl_builtin_variable_find("gl_LightSource", &f110e);
   CHECK(!strcmp(glsl_type_name(&arena, glsl_builtin_variable_type(&arena, v, &l)),
                 "struct gl_LightSourceParameters[1]"), "a limit below 1 gives one element");

   /* every visible variable lists a variable of its own name once per stage */
   for (unsigned s = 0; s < GLSL_NUM_STAGES; s++) {
      static const struct glsl_version vs[] = { { 110, false }, { 120, false }, { 130, false },
                                                { 140, false }, { 460, false }, { 100, true },
                                                { 300, true }, { 320, true } };
      for (unsigned i = 0; i < ARRAY_SIZE(vs); i++) {
         for (unsigned compat = 0; compat < 2; compat++) {
            struct glsl_builtin_env e = { { vs[i], all_exts, NULL }, (enum glsl_stage)s,
                                          compat != 0 };
            const struct glsl_builtin_variable *list[200];
            unsigned n = glsl_builtin_variables(&e, list, 200);
            CHECK(n <= 200, "too many");
            for (unsigned j = 0; j < n && j < 200; j++) {
               for (unsigned k = j + 1; k < n && k < 200; k++)
                  CHECK(strcmp(list[j]->name, list[k]->name), "%s twice in %u stage %u",
                        list[j]->name, vs[i].number, s);
            }
         }
      }
   }
   glsl_arena_finish(&arena);
}

/* ---- structs --------------------------------------------------------------- */

static void
test_structs(void)
{
   struct glsl_builtin_env v120 = env(120, false, GLSL_STAGE_VERTEX);
   struct glsl_builtin_env ves = env(100, true, GLSL_STAGE_VERTEX);
   const struct glsl_builtin_struct *s = glsl_builtin_struct_find("gl_LightSourceParameters",
                                                                 &v120);
   CHECK(s && s->type->num_fields == 12 && glsl_type_is_struct(s->type), "light source struct");
   if (s) {
      CHECK(!strcmp(s->type->fields[5].name, "spotDirection") &&
               s->type->fields[5].type == &glsl_type_vec3 &&
               !strcmp(s->field_state[5], "spot_direction"), "spotDirection");
      CHECK(glsl_type_field_index(s->type, "quadraticAttenuation") == 11, "field index");
   }
   CHECK(!glsl_builtin_struct_find("gl_LightSourceParameters", &ves), "no light struct in ES");
   s = glsl_builtin_struct_find("gl_DepthRangeParameters", &ves);
   CHECK(s && s->type->num_fields == 3 && s->type->fields[1].precision == GLSL_PRECISION_HIGH &&
            !strcmp(s->type->fields[1].name, "far") && !strcmp(s->field_state[2], "diff"),
         "depth range struct");
   /* one type: gl_FrontMaterial and gl_BackMaterial share it */
   const struct glsl_builtin_variable *f = glsl_builtin_variable_find("gl_FrontMaterial", &v120);
   const struct glsl_builtin_variable *b = glsl_builtin_variable_find("gl_BackMaterial", &v120);
   s = glsl_builtin_struct_find("gl_MaterialParameters", &v120);
   CHECK(f && b && s && f->type == b->type && f->type == s->type &&
            glsl_type_equal(f->type, b->type), "material type identity");
   CHECK(!glsl_builtin_struct_find("gl_Nothing", &v120), "no such struct");
   static const struct {
      const char *name;
      unsigned fields;
   } sizes[] = { { "gl_DepthRangeParameters", 3 }, { "gl_PointParameters", 7 },
                 { "gl_MaterialParameters", 5 },   { "gl_LightSourceParameters", 12 },
                 { "gl_LightModelParameters", 1 }, { "gl_LightModelProducts", 1 },
                 { "gl_LightProducts", 3 },        { "gl_FogParameters", 5 } };
   CHECK(glsl_builtin_num_structs == ARRAY_SIZE(sizes), "struct count");
   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++) {
      s = glsl_builtin_struct_find(sizes[i].name, &v120);
      CHECK(s && s->type->num_fields == sizes[i].fields && s->type->depth == 1,
            "%s", sizes[i].name);
   }
}

/* ---- constants ------------------------------------------------------------- */

static void
test_constants(void)
{
   /* 1.20 section 7.4 */
   static const struct {
      const char *name;
      int value;
   } c120[] = {
      { "gl_MaxLights", 8 }, { "gl_MaxClipPlanes", 6 }, { "gl_MaxTextureUnits", 2 },
      { "gl_MaxTextureCoords", 2 }, { "gl_MaxVertexAttribs", 16 },
      { "gl_MaxVertexUniformComponents", 512 }, { "gl_MaxVaryingFloats", 32 },
      { "gl_MaxVertexTextureImageUnits", 0 }, { "gl_MaxCombinedTextureImageUnits", 2 },
      { "gl_MaxTextureImageUnits", 2 }, { "gl_MaxFragmentUniformComponents", 64 },
      { "gl_MaxDrawBuffers", 1 },
   }, ces[] = {
      /* ES 1.00 section 7.4 */
      { "gl_MaxVertexAttribs", 8 }, { "gl_MaxVertexUniformVectors", 128 },
      { "gl_MaxVaryingVectors", 8 }, { "gl_MaxVertexTextureImageUnits", 0 },
      { "gl_MaxCombinedTextureImageUnits", 8 }, { "gl_MaxTextureImageUnits", 8 },
      { "gl_MaxFragmentUniformVectors", 16 }, { "gl_MaxDrawBuffers", 1 },
   };
   for (unsigned pass = 0; pass < 2; pass++) {
      bool es = pass == 1;
      struct glsl_builtin_env e = env(es ? 100 : 120, es, GLSL_STAGE_FRAGMENT);
      struct glsl_builtin_limits l;
      glsl_builtin_limits_default(&l, e.features.version);
      unsigned n = es ? ARRAY_SIZE(ces) : ARRAY_SIZE(c120), visible = 0;
      for (unsigned i = 0; i < n; i++) {
         const char *name = es ? ces[i].name : c120[i].name;
         int value = es ? ces[i].value : c120[i].value;
         const struct glsl_builtin_constant *c = glsl_builtin_constant_find(name, &e);
         CHECK(c && l.value[c->id] == value, "%s = %d", name, c ? l.value[c->id] : -1);
         if (c)
            CHECK(!strcmp(glsl_builtin_constant_name(c->id), name), "name of %s", name);
      }
      for (unsigned i = 0; i < glsl_builtin_num_constants; i++)
         visible += glsl_builtin_constant_find(glsl_builtin_constant_table[i].name, &e) != NULL;
      CHECK(visible == n, "%u constants visible, spec lists %u", visible, n);
   }
   struct glsl_builtin_limits l;
   glsl_builtin_limits_default(&l, (struct glsl_version){ 130, false });
   CHECK(l.value[GLSL_BUILTIN_CONST_MAX_DRAW_BUFFERS] == 8 &&
            l.value[GLSL_BUILTIN_CONST_MAX_CLIP_DISTANCES] == 8 &&
            l.value[GLSL_BUILTIN_CONST_MIN_PROGRAM_TEXEL_OFFSET] == -8 &&
            l.value[GLSL_BUILTIN_CONST_MAX_CLIP_PLANES] == 8, "1.30 minimums");
   glsl_builtin_limits_default(&l, (struct glsl_version){ 300, true });
   CHECK(l.value[GLSL_BUILTIN_CONST_MAX_DRAW_BUFFERS] == 4 &&
            l.value[GLSL_BUILTIN_CONST_MAX_FRAGMENT_UNIFORM_VECTORS] == 224 &&
            l.value[GLSL_BUILTIN_CONST_MAX_VARYING_VECTORS] == 0, "ES 3.00 minimums");
   struct glsl_builtin_env fes3 = env(300, true, GLSL_STAGE_FRAGMENT);
   CHECK(!glsl_builtin_constant_find("gl_MaxVaryingVectors", &fes3) &&
            glsl_builtin_constant_find("gl_MaxFragmentInputVectors", &fes3), "ES 3.00 names");
   struct glsl_builtin_env v120 = env(120, false, GLSL_STAGE_VERTEX);
   CHECK(!glsl_builtin_constant_find("gl_MaxVertexUniformVectors", &v120) &&
            !glsl_builtin_constant_find("gl_MaxClipDistances", &v120), "not in 1.20");
   static const char *const es2c[] = { "GL_ARB_ES2_compatibility", NULL };
   struct glsl_builtin_env v120c = env_ext(120, false, GLSL_STAGE_VERTEX, es2c);
   CHECK(glsl_builtin_constant_find("gl_MaxVertexUniformVectors", &v120c), "ES2_compatibility");
   /* brought in early by the extension: the earliest row's minimum */
   glsl_builtin_limits_default(&l, (struct glsl_version){ 120, false });
   CHECK(l.value[GLSL_BUILTIN_CONST_MAX_VERTEX_UNIFORM_VECTORS] == 256 &&
            l.value[GLSL_BUILTIN_CONST_MAX_VARYING_VECTORS] == 15, "early minimums");
   glsl_builtin_limits_default(&l, (struct glsl_version){ 150, false });
   CHECK(l.value[GLSL_BUILTIN_CONST_MAX_VARYING_COMPONENTS] == 60, "1.50 varying components");
}

/* ---- the table itself -------------------------------------------------- */

static bool
in_list(const struct glsl_builtin_function *fn, const struct glsl_builtin_env *e)
{
   const struct glsl_builtin_function *fns[128];
   unsigned n = glsl_builtin_functions(fn->name, e, fns, 128);
   for (unsigned i = 0; i < n && i < 128; i++) {
      if (fns[i] == fn)
         return true;
   }
   return false;
}

static void
test_table(void)
{
   static const struct glsl_version versions[] = {
      { 110, false }, { 120, false }, { 130, false }, { 140, false }, { 150, false },
      { 330, false }, { 400, false }, { 410, false }, { 420, false }, { 430, false },
      { 440, false }, { 450, false }, { 460, false }, { 100, true },  { 300, true },
      { 310, true },  { 320, true },
   };
   for (unsigned i = 0; i + 1 < glsl_builtin_num_function_names; i++)
      CHECK(strcmp(glsl_builtin_function_names[i].name, glsl_builtin_function_names[i + 1].name) < 0,
            "names sorted at %u", i);
   unsigned rows = 0;
   for (unsigned i = 0; i < glsl_builtin_num_function_names; i++) {
      const struct glsl_builtin_name *n = &glsl_builtin_function_names[i];
      CHECK(n->first == rows && n->count > 0, "name index %s", n->name);
      rows += n->count;
      for (unsigned r = n->first; r < (unsigned)n->first + n->count; r++)
         CHECK(!strcmp(glsl_builtin_function_table[r].name, n->name), "row %u name", r);
   }
   CHECK(rows == glsl_builtin_num_functions, "rows %u / %u", rows, glsl_builtin_num_functions);
   for (unsigned r = 0; r < glsl_builtin_num_functions; r++) {
      const struct glsl_builtin_function *fn = &glsl_builtin_function_table[r];
      bool ok = fn->op < GLSL_BUILTIN_NUM_OPS && fn->return_type && fn->stages &&
                (fn->num_params == 0) == (fn->params == NULL);
      for (unsigned p = 0; p < fn->num_params; p++)
         ok = ok && fn->params[p] && !glsl_type_is_void(fn->params[p]);
      CHECK(ok, "row %u (%s) malformed", r, fn->name);
      /* no dead rows: each is visible somewhere (all extensions, either profile) */
      bool seen = false;
      for (unsigned v = 0; v < ARRAY_SIZE(versions) && !seen; v++) {
         for (unsigned s = 0; s < GLSL_NUM_STAGES && !seen; s++) {
            struct glsl_builtin_env e = { { versions[v], all_exts, NULL }, (enum glsl_stage)s,
                                          true };
            seen = in_list(fn, &e);
         }
      }
      CHECK(seen, "row %u (%s) is never visible", r, fn->name);
   }
   /* every op has a row */
   for (unsigned op = 0; op < GLSL_BUILTIN_NUM_OPS; op++) {
      bool used = false;
      for (unsigned r = 0; r < glsl_builtin_num_functions && !used; r++)
         used = glsl_builtin_function_table[r].op == op;
      CHECK(used, "op %s has no row", glsl_builtin_op_name((enum glsl_builtin_op)op));
   }
   /* no two visible overloads of a name with the same parameters, anywhere */
   for (unsigned v = 0; v < ARRAY_SIZE(versions); v++) {
      for (unsigned s = 0; s < GLSL_NUM_STAGES; s++) {
         struct glsl_builtin_env e = { { versions[v], all_exts, NULL }, (enum glsl_stage)s,
                                       false };
         for (unsigned i = 0; i < glsl_builtin_num_function_names; i++) {
            const struct glsl_builtin_function *fns[128];
            unsigned n = glsl_builtin_functions(glsl_builtin_function_names[i].name, &e, fns,
                                                128);
            CHECK(n <= 128, "%s: %u", glsl_builtin_function_names[i].name, n);
            for (unsigned a = 0; a < n && a < 128; a++) {
               for (unsigned b = a + 1; b < n && b < 128; b++) {
                  bool same = fns[a]->num_params == fns[b]->num_params;
                  for (unsigned p = 0; same && p < fns[a]->num_params; p++)
                     same = glsl_type_equal(fns[a]->params[p], fns[b]->params[p]);
                  CHECK(!same, "%s overloads %u and %u clash in %u stage %u", fns[a]->name, a,
                        b, versions[v].number, s);
               }
            }
         }
      }
   }
}

/* ---- hostile names ---------------------------------------------------------- */

static void
test_hostile(void)
{
   static char big[100000];
   struct glsl_builtin_env e = env(120, false, GLSL_STAGE_FRAGMENT);
   memset(big, 'a', sizeof big - 1);
   CHECK(count("", &e) == 0 && count(big, &e) == 0, "empty and huge names");
   CHECK(glsl_builtin_function_why(big, &e, NULL) == GLSL_BUILTIN_NOT_BUILTIN, "huge why");
   CHECK(!glsl_builtin_variable_find(big, &e) && !glsl_builtin_constant_find(big, &e) &&
            !glsl_builtin_struct_find(big, &e) &&
            glsl_builtin_variable_why(big, &e) == GLSL_BUILTIN_NOT_BUILTIN, "huge variable");
   /* prefixes and case do not match */
   CHECK(count("si", &e) == 0 && count("sinh", &e) == 0 && count("SIN", &e) == 0 &&
            count("sin ", &e) == 0, "near names");
   /* an unknown version sees what the rows' thresholds say: 999 desktop is
    * past every gate, 0 before every one */
   struct glsl_builtin_env e999 = env(999, false, GLSL_STAGE_FRAGMENT);
   struct glsl_builtin_env e0 = env(0, false, GLSL_STAGE_FRAGMENT);
   CHECK(count("sin", &e999) == 4 && count("sin", &e0) == 0 && count("texture2D", &e999) == 0,
         "odd versions");
   struct glsl_builtin_limits l;
   glsl_builtin_limits_default(&l, (struct glsl_version){ 0, false });
   for (unsigned i = 0; i < GLSL_BUILTIN_NUM_CONSTANT_IDS; i++)
      CHECK(l.value[i] == 0, "version 0 has no minimums");
   CHECK(!strcmp(glsl_builtin_op_name((enum glsl_builtin_op)GLSL_BUILTIN_NUM_OPS), "?"),
         "op out of range");
}

int
main(void)
{
   test_spec_lists();
   test_overloads();
   test_gates();
   test_rules();
   test_variables();
   test_structs();
   test_constants();
   test_table();
   test_hostile();
   if (failures) {
      fprintf(stderr, "%d check(s) failed\n", failures);
      return 1;
   }
   printf("glsl_test_builtins: all checks passed\n");
   return 0;
}
