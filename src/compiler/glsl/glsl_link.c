/*
 * The GLSL linker (glsl_compiler.h: glsl_link and the program queries):
 * checks the rules that need every shader of a program (main() once per
 * stage, functions defined, globals of one name agreeing, varyings
 * matching between the stages, uniforms agreeing, resource limits),
 * assigns attribute and varying locations, builds the uniform, sampler and
 * attribute tables, lowers each stage to Pony IR (glsl_lower.c) and runs
 * the IR passes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_lower.h"

/* GL's type enums (OpenGL 2.1 and ES 2.0 tables of GetActiveUniform and
 * GetActiveAttrib; GL 3.0 for the unsigned ones). */
enum {
   GLT_FLOAT = 0x1406, GLT_FLOAT_VEC2 = 0x8B50, GLT_FLOAT_VEC3 = 0x8B51, GLT_FLOAT_VEC4 = 0x8B52,
   GLT_INT = 0x1404, GLT_INT_VEC2 = 0x8B53, GLT_INT_VEC3 = 0x8B54, GLT_INT_VEC4 = 0x8B55,
   GLT_UNSIGNED_INT = 0x1405, GLT_UNSIGNED_INT_VEC2 = 0x8DC6, GLT_UNSIGNED_INT_VEC3 = 0x8DC7,
   GLT_UNSIGNED_INT_VEC4 = 0x8DC8,
   GLT_BOOL = 0x8B56, GLT_BOOL_VEC2 = 0x8B57, GLT_BOOL_VEC3 = 0x8B58, GLT_BOOL_VEC4 = 0x8B59,
   GLT_FLOAT_MAT2 = 0x8B5A, GLT_FLOAT_MAT3 = 0x8B5B, GLT_FLOAT_MAT4 = 0x8B5C,
   GLT_FLOAT_MAT2x3 = 0x8B65, GLT_FLOAT_MAT2x4 = 0x8B66, GLT_FLOAT_MAT3x2 = 0x8B67,
   GLT_FLOAT_MAT3x4 = 0x8B68, GLT_FLOAT_MAT4x2 = 0x8B69, GLT_FLOAT_MAT4x3 = 0x8B6A,
   GLT_SAMPLER_1D = 0x8B5D, GLT_SAMPLER_2D = 0x8B5E, GLT_SAMPLER_3D = 0x8B5F,
   GLT_SAMPLER_CUBE = 0x8B60, GLT_SAMPLER_1D_SHADOW = 0x8B61, GLT_SAMPLER_2D_SHADOW = 0x8B62,
   GLT_SAMPLER_2D_RECT = 0x8B63, GLT_SAMPLER_2D_RECT_SHADOW = 0x8B64,
   GLT_SAMPLER_EXTERNAL_OES = 0x8D66,
};

/* The GL enum of a basic or sampler type (0: none). */
static uint32_t
gl_type_of(const struct glsl_type *t)
{
   static const uint32_t fvec[4] = { GLT_FLOAT, GLT_FLOAT_VEC2, GLT_FLOAT_VEC3, GLT_FLOAT_VEC4 };
   static const uint32_t ivec[4] = { GLT_INT, GLT_INT_VEC2, GLT_INT_VEC3, GLT_INT_VEC4 };
   static const uint32_t uvec[4] = { GLT_UNSIGNED_INT, GLT_UNSIGNED_INT_VEC2,
                                     GLT_UNSIGNED_INT_VEC3, GLT_UNSIGNED_INT_VEC4 };
   static const uint32_t bvec[4] = { GLT_BOOL, GLT_BOOL_VEC2, GLT_BOOL_VEC3, GLT_BOOL_VEC4 };
   /* [columns - 2][rows - 2] */
   static const uint32_t mats[3][3] = {
      { GLT_FLOAT_MAT2, GLT_FLOAT_MAT2x3, GLT_FLOAT_MAT2x4 },
      { GLT_FLOAT_MAT3x2, GLT_FLOAT_MAT3, GLT_FLOAT_MAT3x4 },
      { GLT_FLOAT_MAT4x2, GLT_FLOAT_MAT4x3, GLT_FLOAT_MAT4 },
   };
   if (glsl_type_is_sampler(t)) {
      if (t->sampler_array || t->sampled_base != GLSL_TYPE_FLOAT)
         return 0;
      switch (t->sampler_dim) {
      case GLSL_SAMPLER_DIM_1D: return t->sampler_shadow ? GLT_SAMPLER_1D_SHADOW : GLT_SAMPLER_1D;
      case GLSL_SAMPLER_DIM_2D: return t->sampler_shadow ? GLT_SAMPLER_2D_SHADOW : GLT_SAMPLER_2D;
      case GLSL_SAMPLER_DIM_3D: return GLT_SAMPLER_3D;
      case GLSL_SAMPLER_DIM_CUBE: return t->sampler_shadow ? 0 : GLT_SAMPLER_CUBE;
      case GLSL_SAMPLER_DIM_RECT:
         return t->sampler_shadow ? GLT_SAMPLER_2D_RECT_SHADOW : GLT_SAMPLER_2D_RECT;
      case GLSL_SAMPLER_DIM_EXTERNAL: return GLT_SAMPLER_EXTERNAL_OES;
      default: return 0;
      }
   }
   if (!glsl_type_is_basic(t) || t->vector_elements < 1 || t->vector_elements > 4)
      return 0;
   unsigned r = t->vector_elements;
   if (glsl_type_is_matrix(t))
      return t->base == GLSL_TYPE_FLOAT && r >= 2 ? mats[t->matrix_columns - 2][r - 2] : 0;
   switch (t->base) {
   case GLSL_TYPE_FLOAT: return fvec[r - 1];
   case GLSL_TYPE_INT: return ivec[r - 1];
   case GLSL_TYPE_UINT: return uvec[r - 1];
   case GLSL_TYPE_BOOL: return bvec[r - 1];
   default: return 0;
   }
}

struct glsl_program {
   struct glsl_arena arena;
   struct glsl_log log;
   bool linked;
   struct glsl_program_interface iface;
   /* user attributes with their locations (glsl_program_attrib_location) */
   unsigned num_user_attributes;
};

/* A program-level variable being collected. */
struct pvar {
   const char *name;
   const struct glsl_type *type;
   const struct glsl_variable *var;   /* one declaration (initializer, flags) */
   uint8_t stages;                    /* stages that use it */
   uint8_t declared;                  /* stages that declare it */
   bool invariant[GLSL_NUM_STAGES];
   uint8_t interp[GLSL_NUM_STAGES];   /* varyings: enum glsl_interp per stage */
   bool assigned;                     /* varyings: written by the producer;
                                       * fragment outputs: written */
   uint8_t producer;                  /* varyings: the stage writing them */
   /* uniform arrays only ever indexed by constants: GL's size is the
    * largest index used + 1 (max_used: -1 while unknown) */
   bool const_indexed_only;
   int max_used;
   struct glsl_link_global g;
};

struct link {
   struct glsl_program *p;
   struct glsl_arena *a;
   struct glsl_log *log;
   const struct glsl_compiler_options *opts;
   const struct glsl_attrib_binding *bindings;
   unsigned num_bindings;
   /* the compiled shaders per stage */
   const struct glsl_shader_info **stage_shaders[GLSL_NUM_STAGES];
   unsigned num_stage_shaders[GLSL_NUM_STAGES];
   const struct glsl_shader_info *main_shader[GLSL_NUM_STAGES];
   struct pvar *uniforms, *attribs, *varyings, *outputs;
   unsigned num_uniforms, num_attribs, num_varyings, num_outputs;
   bool writes_frag_builtin;          /* gl_FragColor or gl_FragData written */
   /* the program has a geometry shader: it reads the vertex shader's
    * outputs and writes what the fragment shader reads */
   bool has_gs;
   uint8_t gs_input_prim, gs_output_prim;   /* enum glsl_gs_prim */
   unsigned gs_max_vertices;
   bool es;                           /* the shaders are GLSL ES */
   bool error;
   const struct glsl_xfb_request *xfb;   /* NULL: no transform feedback */
};

static void
link_error(struct link *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
link_error(struct link *k, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   char buf[512];
   vsnprintf(buf, sizeof buf, fmt, ap);
   va_end(ap);
   glsl_log_append(k->log, "error: %s\n", buf);
   k->error = true;
}

static const char *
stage_name(enum glsl_stage s)
{
   switch (s) {
   case GLSL_STAGE_VERTEX: return "vertex";
   case GLSL_STAGE_FRAGMENT: return "fragment";
   case GLSL_STAGE_GEOMETRY: return "geometry";
   case GLSL_STAGE_TESS_CTRL: return "tessellation control";
   case GLSL_STAGE_TESS_EVAL: return "tessellation evaluation";
   default: return "compute";
   }
}

static const char *
tname(struct link *k, const struct glsl_type *t)
{
   return glsl_type_name(k->a, t);
}

static const char *
fn_signature(struct link *k, const struct glsl_function *fn)
{
   char *s = glsl_printf(k->a, "%s(", fn->name);
   for (unsigned i = 0; i < fn->num_params; i++)
      s = glsl_printf(k->a, "%s%s%s", s, i ? ", " : "", tname(k, fn->param_types[i]));
   return glsl_printf(k->a, "%s)", s);
}

static struct pvar *
pvar_find(struct pvar *list, unsigned n, const char *name)
{
   for (unsigned i = 0; i < n; i++)
      if (!strcmp(list[i].name, name))
         return &list[i];
   return NULL;
}

static struct pvar *
pvar_add(struct link *k, struct pvar **list, unsigned *n, const struct glsl_variable *v)
{
   /* capacity: the next power of two (grown when n is one) */
   if ((*n & (*n - 1)) == 0)
      *list = glsl_realloc_array(k->a, *list, *n, *n ? 2 * *n : 1, sizeof **list);
   struct pvar *pv = &(*list)[(*n)++];
   pv->name = glsl_strdup(k->a, v->name);   /* the shaders may go after linking */
   pv->type = v->type;
   pv->var = v;
   return pv;
}

/* The stage whose outputs stage st reads (st: geometry or fragment), and
 * the one that reads producer's outputs; GLSL_NUM_STAGES: none. */
static enum glsl_stage
prev_stage(const struct link *k, enum glsl_stage st)
{
   if (st == GLSL_STAGE_GEOMETRY)
      return GLSL_STAGE_VERTEX;
   if (st == GLSL_STAGE_FRAGMENT)
      return k->has_gs ? GLSL_STAGE_GEOMETRY : GLSL_STAGE_VERTEX;
   return GLSL_NUM_STAGES;
}

static enum glsl_stage
next_stage(const struct link *k, enum glsl_stage producer)
{
   if (producer == GLSL_STAGE_VERTEX)
      return k->has_gs ? GLSL_STAGE_GEOMETRY : GLSL_STAGE_FRAGMENT;
   return GLSL_STAGE_FRAGMENT;
}

/* The stage whose outputs are the program's vertices (rasterized,
 * captured by transform feedback). */
static enum glsl_stage
last_vertex_stage(const struct link *k)
{
   return k->has_gs ? GLSL_STAGE_GEOMETRY : GLSL_STAGE_VERTEX;
}

/* The varying of that name a producer writes. */
static struct pvar *
varying_find(struct link *k, const char *name, enum glsl_stage producer)
{
   for (unsigned i = 0; i < k->num_varyings; i++)
      if (k->varyings[i].producer == producer && !strcmp(k->varyings[i].name, name))
         return &k->varyings[i];
   return NULL;
}

/* One varying of a shader: a user input or output, or a member of an
 * in/out block (named "Block.member": blocks match across stages by
 * their name, GLSL 1.50 4.3.7), with its type as one vertex has it (a
 * geometry shader input's per-vertex array stripped). */
struct varying_item {
   const char *name;
   const struct glsl_type *type;
   uint8_t interp;                    /* enum glsl_interp */
   bool invariant;
};

static unsigned
varying_items(struct link *k, enum glsl_stage st, const struct glsl_variable *gv,
              struct varying_item **out)
{
   bool per_vertex = st == GLSL_STAGE_GEOMETRY && gv->mode == GLSL_VAR_IN;
   const struct glsl_type *t = gv->type;
   if (per_vertex && glsl_type_is_array(t))
      t = t->element;
   if (!gv->block) {
      struct varying_item *it = glsl_alloc(k->a, sizeof *it);
      it->name = gv->name;
      it->type = t;
      it->interp = (uint8_t)gv->interp;
      it->invariant = gv->invariant;
      *out = it;
      return 1;
   }
   const struct glsl_type *bt = gv->block;
   unsigned first = gv->block_member >= 0 ? (unsigned)gv->block_member : 0;
   unsigned n = gv->block_member >= 0 ? 1 : bt->num_fields;
   struct varying_item *it = glsl_alloc_array(k->a, n ? n : 1, sizeof *it);
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_struct_field *f = &bt->fields[first + i];
      it[i].name = glsl_printf(k->a, "%s.%s", bt->name, f->name);
      /* an array of blocks (not per vertex): each member is an array */
      it[i].type = gv->block_member < 0 && glsl_type_is_array(t)
                      ? glsl_type_array(k->a, f->type, t->length) : f->type;
      it[i].interp = (uint8_t)(f->qualifiers & GLSL_FIELD_INTERP_MASK);
      it[i].invariant = (f->qualifiers & GLSL_FIELD_INVARIANT) != 0;
   }
   *out = it;
   return n;
}

/* ---- rules over the shaders of a stage -------------------------------- */

static bool
same_params(const struct glsl_function *a, const struct glsl_function *b)
{
   if (a->num_params != b->num_params)
      return false;
   for (unsigned i = 0; i < a->num_params; i++)
      if (!glsl_link_types_match(a->param_types[i], b->param_types[i]))
         return false;
   return true;
}

/* The built-in variable NAME of one shader (declared on use or
 * redeclared), NULL when the shader has none. */
static const struct glsl_variable *
shader_builtin(const struct glsl_shader_info *sh, const char *name)
{
   for (unsigned v = 0; v < sh->num_globals; v++)
      if (sh->globals[v]->builtin && !strcmp(sh->globals[v]->name, name))
         return sh->globals[v];
   return NULL;
}

/* Whether some shader of stage ST writes the built-in NAME. */
static bool
stage_writes_builtin(const struct link *k, enum glsl_stage st, const char *name)
{
   for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
      const struct glsl_variable *v = shader_builtin(k->stage_shaders[st][i], name);
      if (v && v->assigned)
         return true;
   }
   return false;
}

/* Rules on built-ins across the shaders of one stage. */
static void
check_stage_builtins(struct link *k, enum glsl_stage st)
{
   /* GLSL 1.30 7.1 (1.50 7.1 for geometry shaders too): a stage writes
    * gl_ClipVertex or gl_ClipDistance, not both */
   if ((st == GLSL_STAGE_VERTEX || st == GLSL_STAGE_GEOMETRY) &&
       stage_writes_builtin(k, st, "gl_ClipVertex") &&
       stage_writes_builtin(k, st, "gl_ClipDistance"))
      link_error(k, "the %s shader writes both gl_ClipVertex and gl_ClipDistance",
                 stage_name(st));
   /* GLSL 1.50 4.3.8.1: once one fragment shader redeclares gl_FragCoord,
    * each that uses it redeclares it too, and every redeclaration has the
    * same layout qualifiers */
   if (st == GLSL_STAGE_FRAGMENT) {
      const struct glsl_variable *first = NULL;
      bool unredeclared_use = false;
      for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
         const struct glsl_variable *v = shader_builtin(k->stage_shaders[st][i],
                                                        "gl_FragCoord");
         if (!v)
            continue;
         if (!v->redeclared) {
            unredeclared_use |= v->used;
            continue;
         }
         if (!first)
            first = v;
         else if (first->frag_coord_layout != v->frag_coord_layout) {
            link_error(k, "gl_FragCoord is redeclared with different layout qualifiers in "
                          "two fragment shaders");
            return;
         }
      }
      if (first && unredeclared_use)
         link_error(k, "gl_FragCoord is redeclared in one fragment shader but used without "
                       "a redeclaration in another");
   }
}

static void
check_stage(struct link *k, enum glsl_stage st)
{
   unsigned n = k->num_stage_shaders[st];
   const struct glsl_shader_info **sh = k->stage_shaders[st];
   unsigned mains = 0;
   for (unsigned i = 0; i < n; i++) {
      if (sh[i]->main) {
         if (!mains)
            k->main_shader[st] = sh[i];
         mains++;
      }
   }
   if (!mains)
      link_error(k, "the %s shader has no main() function", stage_name(st));
   else if (mains > 1)
      link_error(k, "main() is defined in more than one %s shader", stage_name(st));
   /* a function defined in two shaders of the stage */
   for (unsigned i = 0; i < n; i++)
      for (unsigned f = 0; f < sh[i]->num_functions; f++) {
         const struct glsl_function *fa = sh[i]->functions[f];
         if (!fa->definition || !strcmp(fa->name, "main"))
            continue;
         for (unsigned j = i + 1; j < n; j++)
            for (unsigned g = 0; g < sh[j]->num_functions; g++) {
               const struct glsl_function *fb = sh[j]->functions[g];
               if (fb->definition && !strcmp(fa->name, fb->name) && same_params(fa, fb))
                  link_error(k, "function '%s' is defined in more than one %s shader",
                             fn_signature(k, fa), stage_name(st));
            }
      }
   /* every function called is defined in some shader of the stage */
   for (unsigned i = 0; i < n; i++)
      for (unsigned f = 0; f < sh[i]->num_functions; f++) {
         const struct glsl_function *fa = sh[i]->functions[f];
         if (fa->definition || !fa->used)
            continue;
         bool found = false;
         for (unsigned j = 0; j < n && !found; j++)
            for (unsigned g = 0; g < sh[j]->num_functions && !found; g++) {
               const struct glsl_function *fb = sh[j]->functions[g];
               found = fb->definition && !strcmp(fa->name, fb->name) && same_params(fa, fb);
            }
         if (!found)
            link_error(k, "function '%s' is called but not defined in any %s shader",
                       fn_signature(k, fa), stage_name(st));
      }
   /* globals of one name are one variable: the same type */
   for (unsigned i = 0; i < n; i++)
      for (unsigned v = 0; v < sh[i]->num_globals; v++) {
         const struct glsl_variable *a = sh[i]->globals[v];
         if (a->builtin)
            continue;
         for (unsigned j = i + 1; j < n; j++)
            for (unsigned w = 0; w < sh[j]->num_globals; w++) {
               const struct glsl_variable *b = sh[j]->globals[w];
               if (strcmp(a->name, b->name))
                  continue;
               /* a geometry shader input may be unsized in one shader (the
                * input layout of the stage sizes it: link_gs_layouts) */
               bool per_vertex = st == GLSL_STAGE_GEOMETRY && a->mode == GLSL_VAR_IN &&
                                 glsl_type_is_array(a->type) && glsl_type_is_array(b->type) &&
                                 (glsl_type_is_unsized_array(a->type) ||
                                  glsl_type_is_unsized_array(b->type));
               if (per_vertex ? !glsl_link_types_match(a->type->element, b->type->element)
                              : !glsl_link_types_match(a->type, b->type))
                  link_error(k, "'%s' is declared as %s in one %s shader and as %s in another",
                             a->name, tname(k, a->type), stage_name(st), tname(k, b->type));
               else if (a->mode != b->mode || a->invariant != b->invariant ||
                        a->centroid != b->centroid)
                  link_error(k, "'%s' is declared with different qualifiers in two %s shaders",
                             a->name, stage_name(st));
               /* GLSL 1.10 section 4.3: one initializer, or the same constant */
               else if (a->init && b->init &&
                        !(a->init->constant && b->init->constant &&
                          glsl_const_equal(a->init->constant, b->init->constant)))
                  link_error(k, "'%s' has different initializers in two %s shaders", a->name,
                             stage_name(st));
            }
      }
   check_stage_builtins(k, st);
   /* static recursion (ES: a compile error already) */
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_function *where = NULL;
      if (glsl_shader_has_recursion(k->a, sh[i], &where))
         link_error(k, "function '%s' is recursive (recursion is not allowed in GLSL)",
                    fn_signature(k, where));
   }
}

/* ---- collecting the program's variables -------------------------------- */

static void
collect(struct link *k)
{
   /* in the order of the pipeline (messages name the earlier stage first) */
   static const enum glsl_stage order[] = { GLSL_STAGE_VERTEX, GLSL_STAGE_GEOMETRY,
                                            GLSL_STAGE_FRAGMENT };
   for (unsigned o = 0; o < ARRAY_SIZE(order); o++) {
      enum glsl_stage st = order[o];
      for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
         const struct glsl_shader_info *sh = k->stage_shaders[st][i];
         for (unsigned v = 0; v < sh->num_globals; v++) {
            const struct glsl_variable *gv = sh->globals[v];
            if (gv->builtin && st == GLSL_STAGE_FRAGMENT && gv->assigned &&
                (!strcmp(gv->name, "gl_FragColor") || !strcmp(gv->name, "gl_FragData")))
               k->writes_frag_builtin = true;
            if (gv->builtin || (gv->block && gv->mode == GLSL_VAR_UNIFORM))
               continue;   /* built-ins and uniform blocks (link_blocks) */
            struct pvar *pv;
            if (gv->mode == GLSL_VAR_UNIFORM) {
               pv = pvar_find(k->uniforms, k->num_uniforms, gv->name);
               if (pv && !glsl_link_types_match(pv->type, gv->type)) {
                  if (!(pv->declared & (1u << st)))
                     link_error(k, "uniform '%s' is declared as %s in the %s shader and as %s "
                                "in the %s shader", gv->name, tname(k, pv->type),
                                stage_name((enum glsl_stage)__builtin_ctz(pv->declared)),
                                tname(k, gv->type), stage_name((enum glsl_stage)st));
                  continue;
               }
               /* ES 1.00 4.5.3: a uniform used in both stages has one precision */
               if (pv && k->es && pv->var->precision != gv->precision && gv->used &&
                   (pv->stages & ~(1u << st)) && !(pv->declared & (1u << st)))
                  link_error(k, "uniform '%s' has different precisions in the vertex and "
                             "fragment shaders", gv->name);
               if (!pv) {
                  pv = pvar_add(k, &k->uniforms, &k->num_uniforms, gv);
                  pv->const_indexed_only = true;
                  pv->max_used = -1;
               }
               if (gv->used) {
                  pv->const_indexed_only &= gv->refs && gv->refs == gv->const_index_refs;
                  if (gv->max_index > pv->max_used)
                     pv->max_used = gv->max_index;
               }
               /* a uniform with an initializer is active (its value is set) */
               if (gv->constant)
                  pv->stages |= (uint8_t)(1u << st);
               if (!pv->var->constant && gv->constant)
                  pv->var = gv;
               else if (pv->var->constant && gv->constant &&
                        !glsl_const_equal(pv->var->constant, gv->constant))
                  link_error(k, "uniform '%s' has different initializers", gv->name);
            } else if (gv->mode == GLSL_VAR_IN && st == GLSL_STAGE_VERTEX) {
               pv = pvar_find(k->attribs, k->num_attribs, gv->name);
               if (!pv)
                  pv = pvar_add(k, &k->attribs, &k->num_attribs, gv);
            } else if ((gv->mode == GLSL_VAR_OUT && (st == GLSL_STAGE_VERTEX ||
                                                     st == GLSL_STAGE_GEOMETRY)) ||
                       (gv->mode == GLSL_VAR_IN && (st == GLSL_STAGE_FRAGMENT ||
                                                    st == GLSL_STAGE_GEOMETRY))) {
               /* a varying between producer and the next stage */
               enum glsl_stage producer = gv->mode == GLSL_VAR_OUT ? st : prev_stage(k, st);
               struct varying_item *items;
               unsigned ni = varying_items(k, st, gv, &items);
               for (unsigned j = 0; j < ni; j++) {
                  pv = varying_find(k, items[j].name, producer);
                  if (pv && !(pv->declared & (1u << st)) &&
                      !glsl_link_types_match(pv->type, items[j].type)) {
                     link_error(k, "varying '%s' is declared as %s in the %s shader and as %s "
                                "in the %s shader", items[j].name, tname(k, pv->type),
                                stage_name((enum glsl_stage)__builtin_ctz(pv->declared)),
                                tname(k, items[j].type), stage_name(st));
                     continue;
                  }
                  if (!pv) {
                     pv = pvar_add(k, &k->varyings, &k->num_varyings, gv);
                     pv->name = glsl_strdup(k->a, items[j].name);
                     pv->type = items[j].type;
                     pv->producer = (uint8_t)producer;
                  }
                  if (gv->assigned && gv->mode == GLSL_VAR_OUT)
                     pv->assigned = true;
                  if (items[j].invariant)
                     pv->invariant[st] = true;
                  pv->interp[st] = items[j].interp;
                  pv->declared |= (uint8_t)(1u << st);
                  if (gv->used)
                     pv->stages |= (uint8_t)(1u << st);
               }
               continue;
            } else if (gv->mode == GLSL_VAR_OUT && st == GLSL_STAGE_FRAGMENT) {
               /* GLSL 1.30 user outputs (fragment shaders of one program
                * declaring one agree on its type: check_stage) */
               pv = pvar_find(k->outputs, k->num_outputs, gv->name);
               if (!pv)
                  pv = pvar_add(k, &k->outputs, &k->num_outputs, gv);
               if (gv->explicit_location)
                  pv->var = gv;
               if (gv->assigned)
                  pv->assigned = true;
            } else {
               continue;
            }
            pv->declared |= (uint8_t)(1u << st);
            if (gv->used)
               pv->stages |= (uint8_t)(1u << st);
         }
      }
   }
}

/* GLSL ES 1.00 4.6.4: gl_FragCoord may be invariant only when gl_Position
 * is, gl_PointCoord only when gl_PointSize is. */
static bool
builtin_invariant(const struct link *k, enum glsl_stage st, const char *name)
{
   for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
      const struct glsl_shader_info *sh = k->stage_shaders[st][i];
      for (unsigned v = 0; v < sh->num_globals; v++)
         if (sh->globals[v]->builtin && !strcmp(sh->globals[v]->name, name) &&
             sh->globals[v]->invariant)
            return true;
      if (sh->invariant_all && st == GLSL_STAGE_VERTEX)
         return true;
   }
   return false;
}

static void
check_es_invariance(struct link *k)
{
   static const char *const pairs[][2] = {
      { "gl_FragCoord", "gl_Position" },
      { "gl_PointCoord", "gl_PointSize" },
   };
   if (!k->num_stage_shaders[GLSL_STAGE_VERTEX])
      return;
   for (unsigned i = 0; i < 2; i++)
      if (builtin_invariant(k, GLSL_STAGE_FRAGMENT, pairs[i][0]) &&
          !builtin_invariant(k, GLSL_STAGE_VERTEX, pairs[i][1]))
         link_error(k, "%s is invariant but %s is not", pairs[i][0], pairs[i][1]);
}

/* ---- varyings --------------------------------------------------------- */

static const char *
interp_name(unsigned interp)
{
   switch (interp) {
   case GLSL_INTERP_SMOOTH: return "smooth";
   case GLSL_INTERP_FLAT: return "flat";
   case GLSL_INTERP_NOPERSPECTIVE: return "noperspective";
   default: return "none";
   }
}

/* A built-in variable a stage's shaders declare (named, redeclared or used:
 * sema declares used built-ins as globals), NULL when none does. */
static const struct glsl_variable *
stage_builtin(const struct link *k, enum glsl_stage st, const char *name)
{
   for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
      const struct glsl_shader_info *sh = k->stage_shaders[st][i];
      for (unsigned v = 0; v < sh->num_globals; v++)
         if (sh->globals[v]->builtin && !strcmp(sh->globals[v]->name, name))
            return sh->globals[v];
   }
   return NULL;
}

/* GLSL 1.30 4.3.7: the colours the vertex shader writes and the one the
 * fragment shader reads from them have the same interpolation qualifier
 * (or none): gl_FrontColor and gl_BackColor against gl_Color, the
 * secondary ones against gl_SecondaryColor. */
static void
check_color_interp(struct link *k)
{
   static const char *const rows[2][3] = {
      { "gl_Color", "gl_FrontColor", "gl_BackColor" },
      { "gl_SecondaryColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor" },
   };
   for (unsigned r = 0; r < 2; r++) {
      const struct glsl_variable *in = stage_builtin(k, GLSL_STAGE_FRAGMENT, rows[r][0]);
      if (!in || !in->used)
         continue;
      for (unsigned o = 1; o < 3; o++) {
         const struct glsl_variable *out = stage_builtin(k, last_vertex_stage(k), rows[r][o]);
         if (out && out->assigned && out->interp != in->interp) {
            link_error(k, "%s has the interpolation qualifier '%s' in the %s shader, %s '%s' "
                       "in the fragment shader", rows[r][o], interp_name(out->interp),
                       stage_name(last_vertex_stage(k)), rows[r][0], interp_name(in->interp));
            return;
         }
      }
   }
}

/* The varyings one stage (producer) writes for the next: each read one
 * is declared and written by the producer, their qualifiers match, and
 * they get locations from GLSL_VARYING_USER0 on, in the producer's
 * declaration order (the next stage's own come after). */
static void
link_interface(struct link *k, enum glsl_stage producer)
{
   enum glsl_stage consumer = next_stage(k, producer);
   const char *pn = stage_name(producer), *cn = stage_name(consumer);
   bool prod = k->num_stage_shaders[producer] > 0;
   bool cons = k->num_stage_shaders[consumer] > 0;
   int next = GLSL_VARYING_USER0;
   unsigned floats = 0;
   for (unsigned i = 0; i < k->num_varyings; i++) {
      struct pvar *pv = &k->varyings[i];
      if (pv->producer != producer)
         continue;
      bool in_prod = pv->declared & (1u << producer);
      bool in_cons = pv->declared & (1u << consumer);
      bool reads = pv->stages & (1u << consumer);
      /* GLSL 1.10 / 1.20 section 4.3.6: a varying the next stage reads
       * must be declared and written by the one before */
      if (prod && reads && !in_prod) {
         link_error(k, "the %s shader reads varying '%s', which the %s shader does not "
                    "declare", cn, pv->name, pn);
         continue;
      }
      /* (GLSL ES 1.00: a varying declared but not written reads undefined
       * values, and the link succeeds) */
      if (prod && reads && !pv->assigned && !k->es) {
         link_error(k, "the %s shader reads varying '%s', which the %s shader does not "
                    "write", cn, pv->name, pn);
         continue;
      }
      /* GLSL 1.30-4.20 4.3.9 (and ES 3.00): the interpolation qualifiers,
       * or their absence, match between the stages */
      if (in_prod && in_cons && pv->interp[producer] != pv->interp[consumer]) {
         link_error(k, "varying '%s' has the interpolation qualifier '%s' in the %s shader "
                    "and '%s' in the %s shader", pv->name, interp_name(pv->interp[producer]),
                    pn, interp_name(pv->interp[consumer]), cn);
         continue;
      }
      if (in_prod && in_cons && pv->invariant[producer] != pv->invariant[consumer]) {
         link_error(k, "varying '%s' is invariant in the %s shader only", pv->name,
                    pv->invariant[producer] ? pn : cn);
         continue;
      }
      unsigned slots = glsl_type_location_slots(pv->type, false);
      pv->g.name = pv->name;
      pv->g.kind = GLSL_LINK_VARYING;
      pv->g.type = pv->type;
      pv->g.location = next;
      pv->g.producer = (uint8_t)producer;
      next += (int)slots;
      /* what passes between the stages counts against the limit, in
       * components (GL_MAX_VARYING_FLOATS): varyings are not packed, each
       * takes whole slots, and the pipeline has room for a slot per
       * component of the limit */
      if ((cons && reads) || (!cons && in_prod))
         floats += glsl_type_scalar_count(pv->type);
   }
   /* a geometry shader passes GL_MAX_GEOMETRY_OUTPUT_COMPONENTS (GL 3.2:
    * 128) to the fragment shader, within the vec4 slots the pipeline has
    * for user varyings (unpacked: a float takes a slot) */
   if (producer == GLSL_STAGE_GEOMETRY) {
      if (floats > GLSL_MAX_GS_OUTPUT_COMPONENTS)
         link_error(k, "too many geometry shader outputs: %u components (the limit, "
                    "GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, is %u)", floats,
                    GLSL_MAX_GS_OUTPUT_COMPONENTS);
      else if (next - GLSL_VARYING_USER0 > GLSL_MAX_VARYING_SLOTS)
         link_error(k, "too many geometry shader outputs: %d vec4 slots, unpacked (the "
                    "pipeline has %u)", next - GLSL_VARYING_USER0, GLSL_MAX_VARYING_SLOTS);
      return;
   }
   if (floats > k->opts->max_varying_floats)
      link_error(k, "too many varyings: %u floats (the limit, GL_MAX_VARYING_FLOATS, is %u)",
                 floats, k->opts->max_varying_floats);
}

/* GLSL 1.50 4.3.7: an out block and the next stage's in block of the same
 * name have the same members (names, types, interpolation) in the same
 * order. */
static void
check_io_blocks(struct link *k, enum glsl_stage producer)
{
   enum glsl_stage consumer = next_stage(k, producer);
   for (unsigned i = 0; i < k->num_stage_shaders[producer]; i++) {
      const struct glsl_shader_info *ps = k->stage_shaders[producer][i];
      for (unsigned b = 0; b < ps->num_blocks; b++) {
         const struct glsl_type *out = ps->blocks[b]->type;
         if (out->interface_mode != GLSL_INTERFACE_OUT)
            continue;
         for (unsigned j = 0; j < k->num_stage_shaders[consumer]; j++) {
            const struct glsl_shader_info *cs = k->stage_shaders[consumer][j];
            for (unsigned c = 0; c < cs->num_blocks; c++) {
               const struct glsl_type *in = cs->blocks[c]->type;
               if (in->interface_mode != GLSL_INTERFACE_IN || strcmp(in->name, out->name))
                  continue;
               bool same = in->num_fields == out->num_fields;
               for (unsigned f = 0; same && f < in->num_fields; f++)
                  same = !strcmp(in->fields[f].name, out->fields[f].name) &&
                         glsl_link_types_match(in->fields[f].type, out->fields[f].type) &&
                         (in->fields[f].qualifiers & GLSL_FIELD_INTERP_MASK) ==
                            (out->fields[f].qualifiers & GLSL_FIELD_INTERP_MASK);
               if (!same) {
                  link_error(k, "block '%s' has other members (or another order, types or "
                             "interpolation) in the %s shader than in the %s shader", in->name,
                             stage_name(producer), stage_name(consumer));
                  return;
               }
            }
         }
      }
   }
}

static void
link_varyings(struct link *k)
{
   check_io_blocks(k, GLSL_STAGE_VERTEX);
   if (k->has_gs)
      check_io_blocks(k, GLSL_STAGE_GEOMETRY);
   if (k->error)
      return;
   link_interface(k, GLSL_STAGE_VERTEX);
   if (k->has_gs)
      link_interface(k, GLSL_STAGE_GEOMETRY);
}

/* ---- fragment outputs ------------------------------------------------- */

/* Binding the colour numbers from at on to output pv (slots of them):
 * false (and a link error) when they do not exist or another output has one. */
static bool
claim_colors(struct link *k, const struct pvar **owner, struct pvar *pv, int at, unsigned slots,
             const char *how)
{
   unsigned max = k->opts->max_draw_buffers;
   if (at < 0 || (unsigned)at >= max || slots > max - (unsigned)at) {
      link_error(k, "fragment output '%s' %s location %d, but there are %u draw buffers",
                 pv->name, how, at, max);
      return false;
   }
   for (unsigned s = 0; s < slots; s++) {
      if (owner[at + (int)s]) {
         link_error(k, "fragment outputs '%s' and '%s' both write colour number %u",
                    owner[at + (int)s]->name, pv->name, (unsigned)at + s);
         return false;
      }
   }
   for (unsigned s = 0; s < slots; s++)
      owner[at + (int)s] = pv;
   pv->g.location = at;
   return true;
}

/* Output pv as dual-source blending's second colour (index 1) at colour
 * number at: there is one such draw buffer (GL_MAX_DUAL_SOURCE_DRAW_BUFFERS),
 * so one output, not an array, at 0. */
static void
claim_second(struct link *k, const struct pvar **second, struct pvar *pv, int at,
             unsigned slots, const char *how)
{
   if (at != 0 || slots != 1)
      link_error(k, "fragment output '%s' %s location %d, but dual-source blending has 1 "
                 "draw buffer", pv->name, how, at);
   else if (*second)
      link_error(k, "fragment outputs '%s' and '%s' both have location 0, index 1",
                 (*second)->name, pv->name);
   else
      *second = pv, pv->g.location = 0, pv->g.frag_index = 1;
}

/*
 * GL 3.0 section 3.12.2, GLSL 1.30 4.3.6: a user fragment output writes the
 * colour numbers from its location on (an array one per element):
 * layout(location) first, then glBindFragDataLocation's binding, then the
 * lowest free numbers.  The fragment shaders may not write both user
 * outputs and gl_FragColor / gl_FragData (GLSL 1.30 7.2: user outputs "in
 * use (statically assigned to)"; 1.50 7.2: the shaders linked together
 * write just one of them): an output that is only declared does not count.
 */
static void
link_frag_outputs(struct link *k)
{
   const struct pvar *owner[32] = { NULL };
   /* layout(index = 1): the second colours of dual-source blending, one
    * draw buffer's (GL_MAX_DUAL_SOURCE_DRAW_BUFFERS is 1), their own
    * numbering beside the first colours' */
   const struct pvar *second = NULL;
   for (unsigned i = 0; i < k->num_outputs && k->writes_frag_builtin; i++) {
      if (k->outputs[i].assigned) {
         link_error(k, "the fragment shader writes both gl_FragColor or gl_FragData and "
                    "user-defined outputs");
         return;
      }
   }
   if (k->opts->max_draw_buffers > 32)
      return;
   for (unsigned i = 0; i < k->num_outputs; i++) {
      struct pvar *pv = &k->outputs[i];
      pv->g.name = pv->name;
      pv->g.kind = GLSL_LINK_FRAG_OUTPUT;
      pv->g.type = pv->type;
      pv->g.location = -1;
      pv->g.frag_index = 0;
   }
   for (unsigned pass = 0; pass < 3 && !k->error; pass++) {
      for (unsigned i = 0; i < k->num_outputs && !k->error; i++) {
         struct pvar *pv = &k->outputs[i];
         unsigned slots = glsl_type_is_array(pv->type) ? (unsigned)pv->type->length : 1;
         if (pv->g.location >= 0)
            continue;
         if (pass == 0 && pv->var->explicit_index == 2) {
            int at = pv->var->explicit_location ? (int)pv->var->explicit_location - 1 : 0;
            claim_second(k, &second, pv, at, slots, "has layout(index = 1) at");
            continue;
         }
         if (pass == 0 && pv->var->explicit_location) {
            claim_colors(k, owner, pv, (int)pv->var->explicit_location - 1, slots,
                         "has the layout");
         } else if (pass == 1) {
            const struct glsl_attrib_binding *bind = NULL;
            for (unsigned b = 0; b < k->num_bindings; b++)   /* the last binding counts */
               if (k->bindings[b].name && k->bindings[b].fragment_output &&
                   !strcmp(k->bindings[b].name, pv->name))
                  bind = &k->bindings[b];
            if (bind && bind->frag_index == 1)
               claim_second(k, &second, pv, (int)bind->index, slots, "is bound to index 1 at");
            else if (bind)
               claim_colors(k, owner, pv, (int)bind->index, slots, "is bound to");
         } else if (pass == 2) {
            unsigned at = 0, max = k->opts->max_draw_buffers;
            for (; at + slots <= max; at++) {
               unsigned s = 0;
               while (s < slots && !owner[at + s])
                  s++;
               if (s == slots)
                  break;
            }
            if (at + slots > max)
               link_error(k, "no room for fragment output '%s' among the %u draw buffers",
                          pv->name, max);
            else
               claim_colors(k, owner, pv, (int)at, slots, "at");
         }
      }
   }
}

/* ---- attributes ------------------------------------------------------- */

/*
 * ESSL 3.00 vertex shaders may not alias attributes: two names at one
 * location fail the link (OpenGL ES 3.0.5 2.12.5, "Vertex Attributes");
 * the declarations decide, used or not (as ESSL 3.10 states it).  So every
 * declared input counts here, at its layout location or else its
 * glBindAttribLocation binding (the others get free locations and cannot
 * alias).  OpenGL and ES 2.0 allow aliasing.
 */
static void
check_es3_attribute_aliasing(struct link *k, unsigned max)
{
   const char *owner[GLSL_MAX_VERTEX_ATTRIBS] = { NULL };
   for (unsigned j = 0; j < k->num_stage_shaders[GLSL_STAGE_VERTEX]; j++) {
      const struct glsl_shader_info *sh = k->stage_shaders[GLSL_STAGE_VERTEX][j];
      if (!sh->version.es || sh->version.number < 300)
         continue;
      for (unsigned v = 0; v < sh->num_globals; v++) {
         const struct glsl_variable *gv = sh->globals[v];
         if (gv->mode != GLSL_VAR_IN || gv->builtin)
            continue;
         unsigned at = 0;
         bool placed = false;
         if (gv->explicit_location) {
            at = gv->explicit_location - 1;
            placed = true;
         } else {
            for (unsigned b = 0; b < k->num_bindings; b++)   /* the last binding counts */
               if (k->bindings[b].name && !k->bindings[b].fragment_output &&
                   !strcmp(k->bindings[b].name, gv->name)) {
                  at = k->bindings[b].index;
                  placed = true;
               }
         }
         if (!placed)
            continue;
         unsigned slots = glsl_type_location_slots(gv->type, true);
         for (unsigned s = 0; s < slots && at + s < max; s++) {
            if (owner[at + s] && strcmp(owner[at + s], gv->name)) {
               link_error(k, "attributes '%s' and '%s' are both at location %u (aliasing is "
                          "not allowed in GLSL ES 3.00)", owner[at + s], gv->name, at + s);
               return;
            }
            owner[at + s] = gv->name;
         }
      }
   }
}

static void
link_attributes(struct link *k)
{
   unsigned max = k->opts->max_vertex_attribs;
   if (max > GLSL_MAX_VERTEX_ATTRIBS)
      max = GLSL_MAX_VERTEX_ATTRIBS;
   uint32_t used = 0;
   const struct pvar *owner[GLSL_MAX_VERTEX_ATTRIBS] = { NULL };
   /* gl_Vertex is generic attribute 0 */
   bool vertex_used = false;
   for (unsigned i = 0; i < k->num_stage_shaders[GLSL_STAGE_VERTEX]; i++) {
      const struct glsl_shader_info *sh = k->stage_shaders[GLSL_STAGE_VERTEX][i];
      for (unsigned v = 0; v < sh->num_globals; v++)
         if (sh->globals[v]->builtin && sh->globals[v]->used &&
             !strcmp(sh->globals[v]->name, "gl_Vertex"))
            vertex_used = true;
   }
   if (vertex_used)
      used |= 1;
   if (k->es)
      check_es3_attribute_aliasing(k, max);
   /* layout(location = N) first (GL_ARB_explicit_attrib_location: it wins
    * over glBindAttribLocation); several inputs at one location are
    * aliasing, which GL allows for vertex inputs */
   for (unsigned i = 0; i < k->num_attribs; i++) {
      struct pvar *pv = &k->attribs[i];
      pv->g.location = -1;
      if (!(pv->stages & (1u << GLSL_STAGE_VERTEX)))
         continue;
      unsigned loc = 0;
      bool differ = false;
      for (unsigned j = 0; j < k->num_stage_shaders[GLSL_STAGE_VERTEX]; j++) {
         const struct glsl_shader_info *sh = k->stage_shaders[GLSL_STAGE_VERTEX][j];
         for (unsigned v = 0; v < sh->num_globals; v++) {
            const struct glsl_variable *gv = sh->globals[v];
            if (gv->mode != GLSL_VAR_IN || strcmp(gv->name, pv->name))
               continue;
            if (loc && gv->explicit_location != loc)
               differ = true;
            if (!loc)
               loc = gv->explicit_location;
         }
      }
      if (differ) {
         link_error(k, "vertex shaders give attribute '%s' different locations", pv->name);
         continue;
      }
      if (!loc)
         continue;
      unsigned at = loc - 1;
      unsigned slots = glsl_type_location_slots(pv->type, true);
      if (at >= max || slots > max - at) {
         link_error(k, "attribute '%s' has location %u, beyond GL_MAX_VERTEX_ATTRIBS (%u)",
                    pv->name, at, max);
         continue;
      }
      for (unsigned s = 0; s < slots; s++) {
         if (!owner[at + s])
            owner[at + s] = pv;
         used |= 1u << (at + s);
      }
      pv->g.location = (int)at;
   }
   /* then glBindAttribLocation's bindings */
   for (unsigned i = 0; i < k->num_attribs; i++) {
      struct pvar *pv = &k->attribs[i];
      pv->g.name = pv->name;
      pv->g.kind = GLSL_LINK_ATTRIBUTE;
      pv->g.type = pv->type;
      if (!(pv->stages & (1u << GLSL_STAGE_VERTEX)) || pv->g.location >= 0)
         continue;
      const struct glsl_attrib_binding *bind = NULL;
      for (unsigned b = 0; b < k->num_bindings; b++)   /* the last binding counts */
         if (k->bindings[b].name && !k->bindings[b].fragment_output &&
             !strcmp(k->bindings[b].name, pv->name))
            bind = &k->bindings[b];
      if (!bind)
         continue;
      unsigned slots = glsl_type_location_slots(pv->type, true);
      if (bind->index >= max || slots > max - bind->index) {
         link_error(k, "attribute '%s' is bound to location %u, beyond GL_MAX_VERTEX_ATTRIBS (%u)",
                    pv->name, bind->index, max);
         continue;
      }
      for (unsigned s = 0; s < slots; s++) {
         unsigned at = bind->index + s;
         if (owner[at]) {
            link_error(k, "attributes '%s' and '%s' are bound to the same location %u",
                       owner[at]->name, pv->name, at);
            break;
         }
         owner[at] = pv;
         used |= 1u << at;
      }
      pv->g.location = (int)bind->index;
   }
   /* the others at the lowest free locations */
   for (unsigned i = 0; i < k->num_attribs; i++) {
      struct pvar *pv = &k->attribs[i];
      if (!(pv->stages & (1u << GLSL_STAGE_VERTEX)) || pv->g.location >= 0)
         continue;
      unsigned slots = glsl_type_location_slots(pv->type, true);
      unsigned at = 0;
      while (at + slots <= max && (used & (((1u << slots) - 1) << at)))
         at++;
      if (at + slots > max) {
         link_error(k, "too many vertex attributes (the limit, GL_MAX_VERTEX_ATTRIBS, is %u)", max);
         return;
      }
      used |= ((1u << slots) - 1) << at;
      pv->g.location = (int)at;
   }
}

/* ---- uniforms --------------------------------------------------------- */

struct table {
   struct glsl_uniform *u;
   unsigned n;
   int next_location;
};

static struct glsl_uniform *
table_add(struct link *k, struct table *t)
{
   if ((t->n & (t->n - 1)) == 0)
      t->u = glsl_realloc_array(k->a, t->u, t->n, t->n ? 2 * t->n : 1, sizeof *t->u);
   struct glsl_uniform *u = &t->u[t->n++];
   memset(u, 0, sizeof *u);
   u->block_index = -1;
   return u;
}

/* GL's entries of a uniform (glGetActiveUniform): one per basic or sampler
 * type reached, arrays of them as one entry "x[0]"; leaf and linear index
 * L as the lowering counts them. */
static void
gl_entries(struct link *k, struct table *tb, const struct pvar *pv, const char *name,
           const struct glsl_type *t, unsigned leaf, unsigned L)
{
   if (glsl_type_is_struct(t)) {
      for (unsigned f = 0; f < t->num_fields; f++) {
         gl_entries(k, tb, pv, glsl_printf(k->a, "%s.%s", name, t->fields[f].name),
                    t->fields[f].type, leaf, L);
         leaf += glsl_leaf_count(t->fields[f].type);
      }
      return;
   }
   if (glsl_type_is_array(t) && (glsl_type_is_struct(t->element) ||
                                 glsl_type_is_array(t->element))) {
      for (int i = 0; i < t->length; i++)
         gl_entries(k, tb, pv, glsl_printf(k->a, "%s[%d]", name, i), t->element, leaf,
                    L * (unsigned)t->length + (unsigned)i);
      return;
   }
   bool arr = glsl_type_is_array(t);
   const struct glsl_type *e = arr ? t->element : t;
   unsigned n = arr ? (unsigned)t->length : 1;
   /* a top-level array indexed by constants only: the elements used */
   if (arr && t == pv->type && pv->const_indexed_only && pv->max_used >= 0 &&
       (unsigned)pv->max_used + 1 < n && !pv->var->constant)
      n = (unsigned)pv->max_used + 1;
   unsigned cols = glsl_type_is_matrix(e) ? e->matrix_columns : 1;
   struct glsl_uniform *u = table_add(k, tb);
   u->name = arr ? glsl_printf(k->a, "%s[0]", name) : name;
   u->gl_type = gl_type_of(e);
   u->array_size = n;
   u->is_array = arr;
   u->base = e->base;
   u->columns = glsl_type_is_sampler(e) ? 1 : (uint8_t)cols;
   u->rows = glsl_type_is_sampler(e) ? 1 : e->vector_elements;
   unsigned first = L * n;     /* element 0's linear index */
   if (glsl_type_is_sampler(e)) {
      u->sampler = pv->g.leaf_offset[leaf] + first;
   } else {
      u->offset = pv->g.leaf_offset[leaf] + 16 * first * cols;
      u->elem_stride = 16 * cols;
   }
   u->location = tb->next_location;
   tb->next_location += (int)n;
   u->stages = pv->stages;
}

/* The built-in uniforms a program uses are active uniforms too (GL 2.1
 * section 2.15.3: "built-in uniform variables ... that are active"), with
 * no location: glGetActiveUniform lists them, glGetUniformLocation
 * answers -1.  name: "gl_ModelViewMatrix", "gl_LightSource[0].diffuse" ... */
static void
builtin_entries(struct link *k, struct table *tb, const char *name, const struct glsl_type *t,
                uint8_t stages)
{
   if (glsl_type_is_struct(t)) {
      for (unsigned f = 0; f < t->num_fields; f++)
         builtin_entries(k, tb, glsl_printf(k->a, "%s.%s", name, t->fields[f].name),
                         t->fields[f].type, stages);
      return;
   }
   if (glsl_type_is_array(t) && !glsl_type_is_basic(t->element)) {
      for (int i = 0; i < t->length; i++)
         builtin_entries(k, tb, glsl_printf(k->a, "%s[%d]", name, i), t->element, stages);
      return;
   }
   bool arr = glsl_type_is_array(t);
   const struct glsl_type *e = arr ? t->element : t;
   struct glsl_uniform *u = table_add(k, tb);
   u->name = arr ? glsl_printf(k->a, "%s[0]", name) : name;
   u->gl_type = gl_type_of(e);
   u->array_size = arr ? (unsigned)t->length : 1;
   u->is_array = arr;
   u->base = e->base;
   u->columns = glsl_type_is_matrix(e) ? e->matrix_columns : 1;
   u->rows = e->vector_elements;
   u->location = -1;
   u->stages = stages;
}

static void
list_builtin_uniforms(struct link *k, struct table *tb)
{
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++)
      for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
         const struct glsl_shader_info *sh = k->stage_shaders[st][i];
         for (unsigned v = 0; v < sh->num_globals; v++) {
            const struct glsl_variable *gv = sh->globals[v];
            if (!gv->builtin || gv->mode != GLSL_VAR_UNIFORM || !gv->used)
               continue;
            /* once per program: entries of an earlier stage carry its bit */
            bool seen = false;
            size_t len = strlen(gv->name);
            for (unsigned u = 0; u < tb->n; u++) {
               const char *n = tb->u[u].name;
               if (tb->u[u].location < 0 && !strncmp(n, gv->name, len) &&
                   (n[len] == 0 || n[len] == '[' || n[len] == '.')) {
                  tb->u[u].stages |= (uint8_t)(1u << st);
                  seen = true;
               }
            }
            if (!seen)
               builtin_entries(k, tb, gv->name, gv->type, (uint8_t)(1u << st));
         }
      }
}

/* ---- uniform blocks (GL_ARB_uniform_buffer_object) ---------------------- */

/* A program-level uniform block being collected. */
struct pblock {
   const struct glsl_type *type;
   int array_size;                    /* 0: not an array */
   uint8_t stages;                    /* stages that declare it */
};

static bool
member_row_major(const struct glsl_type *block, const struct glsl_struct_field *f)
{
   if (f->matrix_layout != GLSL_MATRIX_LAYOUT_INHERIT)
      return f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
   return block->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
}

/* ARB_uniform_buffer_object: blocks of one name in several shaders must
 * have the same members (names, types, order) and layouts */
static bool
blocks_match(const struct glsl_type *a, const struct glsl_type *b)
{
   if (a->num_fields != b->num_fields || a->packing != b->packing)
      return false;
   for (unsigned i = 0; i < a->num_fields; i++) {
      const struct glsl_struct_field *fa = &a->fields[i], *fb = &b->fields[i];
      if (strcmp(fa->name, fb->name) || !glsl_link_types_match(fa->type, fb->type) ||
          member_row_major(a, fa) != member_row_major(b, fb))
         return false;
   }
   return true;
}

static void
collect_blocks(struct link *k, struct pblock **out, unsigned *count)
{
   unsigned cap = 0;
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++)
      for (unsigned i = 0; i < k->num_stage_shaders[st]; i++)
         cap += k->stage_shaders[st][i]->num_blocks;
   struct pblock *pb = glsl_alloc_array(k->a, cap + 1, sizeof *pb);
   unsigned n = 0;
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++) {
      for (unsigned i = 0; i < k->num_stage_shaders[st]; i++) {
         const struct glsl_shader_info *sh = k->stage_shaders[st][i];
         for (unsigned b = 0; b < sh->num_blocks; b++) {
            const struct glsl_block_decl *d = sh->blocks[b];
            if (d->type->interface_mode != GLSL_INTERFACE_UNIFORM)
               continue;   /* in/out blocks are varyings */
            unsigned j = 0;
            while (j < n && strcmp(pb[j].type->name, d->type->name))
               j++;
            if (j == n) {
               pb[n].type = d->type;
               pb[n].array_size = d->array_size;
               n++;
            } else if (!blocks_match(pb[j].type, d->type) ||
                       pb[j].array_size != d->array_size) {
               link_error(k, "uniform block '%s' is declared with different members, layouts "
                          "or array sizes in the %s shader", d->type->name,
                          stage_name((enum glsl_stage)st));
               continue;
            }
            pb[j].stages |= (uint8_t)(1u << st);
            /* GLSL 1.40 4.3.5.1: the names of a block's members (without
             * an instance name) are scoped at the program level, so a
             * default-block uniform of another shader cannot share one */
            for (unsigned f = 0; !d->instance_name && f < d->type->num_fields; f++)
               if (pvar_find(k->uniforms, k->num_uniforms, d->type->fields[f].name))
                  link_error(k, "uniform '%s' is declared both in uniform block '%s' and "
                             "outside it", d->type->fields[f].name, d->type->name);
         }
      }
   }
   *out = pb;
   *count = n;
}

/* GL's entries of a block member: like gl_entries, with std140 offsets */
static void
block_entries(struct link *k, struct table *tb, const char *name, const struct glsl_type *t,
              unsigned offset, bool row_major, int block_index, uint8_t stages)
{
   if (glsl_type_is_struct(t)) {
      for (unsigned f = 0; f < t->num_fields; f++) {
         const struct glsl_struct_field *fd = &t->fields[f];
         bool rm = fd->matrix_layout == GLSL_MATRIX_LAYOUT_INHERIT
                      ? row_major : fd->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
         block_entries(k, tb, glsl_printf(k->a, "%s.%s", name, fd->name), fd->type,
                       offset + (unsigned)glsl_type_std_offset(t, f, GLSL_PACKING_STD140,
                                                               row_major),
                       rm, block_index, stages);
      }
      return;
   }
   unsigned astride = glsl_type_is_array(t)
                         ? (unsigned)glsl_type_std_array_stride(t, GLSL_PACKING_STD140, row_major)
                         : 0;
   if (glsl_type_is_array(t) && !glsl_type_is_basic(t->element)) {
      for (int i = 0; i < t->length; i++)
         block_entries(k, tb, glsl_printf(k->a, "%s[%d]", name, i), t->element,
                       offset + (unsigned)i * astride, row_major, block_index, stages);
      return;
   }
   bool arr = glsl_type_is_array(t);
   const struct glsl_type *e = arr ? t->element : t;
   struct glsl_uniform *u = table_add(k, tb);
   u->name = arr ? glsl_printf(k->a, "%s[0]", name) : name;
   u->gl_type = gl_type_of(e);
   u->array_size = arr ? (unsigned)t->length : 1;
   u->is_array = arr;
   u->base = e->base;
   u->columns = glsl_type_is_matrix(e) ? e->matrix_columns : 1;
   u->rows = e->vector_elements;
   u->offset = offset;
   u->location = -1;
   u->stages = stages;
   u->block_index = block_index;
   u->array_stride = astride;
   u->matrix_stride = glsl_type_std_matrix_stride(e, GLSL_PACKING_STD140, row_major);
   u->row_major = glsl_type_is_matrix(e) && row_major;
}

/* The block table, the members' uniform entries (appended to tb), each
 * stage's constant buffers and the limits. */
static void
link_blocks(struct link *k, struct table *tb)
{
   struct glsl_program_interface *pi = &k->p->iface;
   struct pblock *pb;
   unsigned n;
   collect_blocks(k, &pb, &n);
   if (k->error)
      return;
   unsigned total = 0;
   for (unsigned i = 0; i < n; i++)
      total += pb[i].array_size ? (unsigned)pb[i].array_size : 1;
   pi->blocks = glsl_alloc_array(k->a, total + 1, sizeof *pi->blocks);
   unsigned used[GLSL_NUM_STAGES] = { 0 }, combined = 0;
   const unsigned stage_max[GLSL_NUM_STAGES] = {
      [GLSL_STAGE_VERTEX] = k->opts->max_vertex_uniform_blocks,
      [GLSL_STAGE_FRAGMENT] = k->opts->max_fragment_uniform_blocks,
      [GLSL_STAGE_GEOMETRY] = k->opts->max_geometry_uniform_blocks
                                 ? k->opts->max_geometry_uniform_blocks : 12,
   };
   static const char *const stage_enum[GLSL_NUM_STAGES] = {
      [GLSL_STAGE_VERTEX] = "VERTEX", [GLSL_STAGE_FRAGMENT] = "FRAGMENT",
      [GLSL_STAGE_GEOMETRY] = "GEOMETRY",
   };
   unsigned nb = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_type *bt = pb[i].type;
      unsigned elems = pb[i].array_size ? (unsigned)pb[i].array_size : 1;
      uint64_t size = glsl_type_std_size(bt, GLSL_PACKING_STD140, false);
      if (size > k->opts->max_uniform_block_size) {
         link_error(k, "uniform block '%s' is %llu bytes (the limit, GL_MAX_UNIFORM_BLOCK_SIZE, "
                    "is %u)", bt->name, (unsigned long long)size, k->opts->max_uniform_block_size);
         return;
      }
      unsigned first_uniform = tb->n;
      for (unsigned f = 0; f < bt->num_fields; f++) {
         const struct glsl_struct_field *fd = &bt->fields[f];
         /* GL names a block member by the block name, not the instance name */
         const char *name = glsl_printf(k->a, "%s.%s", bt->name, fd->name);
         bool instance = false;
         for (unsigned st = 0; st < GLSL_NUM_STAGES && !instance; st++)
            for (unsigned s = 0; s < k->num_stage_shaders[st]; s++)
               for (unsigned b = 0; b < k->stage_shaders[st][s]->num_blocks; b++) {
                  const struct glsl_block_decl *d = k->stage_shaders[st][s]->blocks[b];
                  if (d->type->interface_mode == GLSL_INTERFACE_UNIFORM &&
                      !strcmp(d->type->name, bt->name) && d->instance_name)
                     instance = true;
               }
         if (!instance)
            name = glsl_strdup(k->a, fd->name);   /* the shaders may go before the program */
         block_entries(k, tb, name, fd->type,
                       (unsigned)glsl_type_std_offset(bt, f, GLSL_PACKING_STD140, false),
                       member_row_major(bt, fd), (int)nb, pb[i].stages);
      }
      unsigned num_uniforms = tb->n - first_uniform;
      for (unsigned e = 0; e < elems; e++) {
         struct glsl_uniform_block *b = &pi->blocks[nb + e];
         b->name = pb[i].array_size ? glsl_printf(k->a, "%s[%u]", bt->name, e)
                                    : glsl_strdup(k->a, bt->name);
         b->data_size = (unsigned)size;
         b->stages = pb[i].stages;
         b->num_uniforms = num_uniforms;
         b->uniforms = glsl_alloc_array(k->a, num_uniforms + 1, sizeof *b->uniforms);
         for (unsigned u = 0; u < num_uniforms; u++)
            b->uniforms[u] = first_uniform + u;
         for (unsigned st = 0; st < GLSL_NUM_STAGES; st++) {
            b->cbuf[st] = -1;
            if (pb[i].stages & (1u << st))
               b->cbuf[st] = GLSL_CBUF_UBO0 + (int)used[st] + (int)e;
         }
         unsigned len = (unsigned)strlen(b->name) + 1;
         if (len > pi->max_block_name)
            pi->max_block_name = len;
      }
      for (unsigned st = 0; st < GLSL_NUM_STAGES; st++)
         if (pb[i].stages & (1u << st)) {
            used[st] += elems;
            combined += elems;
         }
      nb += elems;
   }
   pi->num_blocks = nb;
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++) {
      unsigned max = stage_max[st] < GLSL_MAX_STAGE_UNIFORM_BLOCKS ? stage_max[st]
                                                                  : GLSL_MAX_STAGE_UNIFORM_BLOCKS;
      if (used[st] > max)
         link_error(k, "too many uniform blocks in the %s shader: %u (the limit, "
                    "GL_MAX_%s_UNIFORM_BLOCKS, is %u)", stage_name((enum glsl_stage)st),
                    used[st], stage_enum[st] ? stage_enum[st] : "?", max);
   }
   if (combined > k->opts->max_combined_uniform_blocks)
      link_error(k, "too many uniform blocks: %u (the limit, GL_MAX_COMBINED_UNIFORM_BLOCKS, "
                 "is %u)", combined, k->opts->max_combined_uniform_blocks);
}

/* What one stage's lowering needs: each block's constant buffer there. */
static struct glsl_link_block *
stage_blocks(struct link *k, enum glsl_stage st, unsigned *count)
{
   const struct glsl_program_interface *pi = &k->p->iface;
   struct glsl_link_block *lb = glsl_alloc_array(k->a, pi->num_blocks + 1, sizeof *lb);
   unsigned n = 0;
   for (unsigned i = 0; i < pi->num_blocks; i++) {
      const char *name = pi->blocks[i].name;
      const char *br = strchr(name, '[');
      if (br && strcmp(br, "[0]"))
         continue;   /* element 0 stands for the array */
      lb[n].name = br ? glsl_strndup(k->a, name, (size_t)(br - name)) : name;
      lb[n].cbuf = pi->blocks[i].cbuf[st];
      n++;
   }
   *count = n;
   return lb;
}

/* a uniform's 1.20 initializer into the storage, piece by piece */
struct init_walk {
   const struct glsl_const *c;
   unsigned at;
   uint8_t *storage;
   const unsigned *leaf_offset;
};

static void
init_rec(struct init_walk *w, const struct glsl_type *t, unsigned leaf, unsigned L)
{
   if (glsl_type_is_array(t)) {
      for (int i = 0; i < t->length; i++)
         init_rec(w, t->element, leaf, L * (unsigned)t->length + (unsigned)i);
      return;
   }
   if (glsl_type_is_struct(t)) {
      for (unsigned f = 0; f < t->num_fields; f++) {
         init_rec(w, t->fields[f].type, leaf, L);
         leaf += glsl_leaf_count(t->fields[f].type);
      }
      return;
   }
   if (glsl_type_is_sampler(t)) {
      w->at++;
      return;
   }
   unsigned cols = glsl_type_is_matrix(t) ? t->matrix_columns : 1;
   for (unsigned c = 0; c < cols; c++) {
      uint8_t *slot = w->storage + w->leaf_offset[leaf] + 16 * (L * cols + c);
      for (unsigned r = 0; r < t->vector_elements && w->at < w->c->n; r++, w->at++) {
         union glsl_scalar s = w->c->v[w->at];
         uint32_t bits;
         if (t->base == GLSL_TYPE_BOOL)
            bits = s.b ? 1u : 0u;
         else
            memcpy(&bits, &s.u, 4);
         memcpy(slot + 4 * r, &bits, 4);
      }
   }
}

static void
link_uniforms(struct link *k)
{
   struct glsl_program_interface *pi = &k->p->iface;
   unsigned bytes = 0, nsamplers = 0;
   unsigned comps[GLSL_NUM_STAGES] = { 0 }, units[GLSL_NUM_STAGES] = { 0 };
   /* storage: leaf-major, each leaf array_len * 16 bytes; samplers: table entries */
   for (unsigned i = 0; i < k->num_uniforms; i++) {
      struct pvar *pv = &k->uniforms[i];
      pv->g.name = pv->name;
      pv->g.kind = GLSL_LINK_UNIFORM;
      pv->g.type = pv->type;
      unsigned nl = glsl_leaf_count(pv->type);
      struct glsl_leaf *lv = glsl_leaves(k->a, pv->type);
      pv->g.leaf_offset = glsl_alloc_array(k->a, nl, sizeof(unsigned));
      if (!pv->stages)
         continue;   /* not active: no storage */
      for (unsigned l = 0; l < nl; l++) {
         if (glsl_type_is_sampler(lv[l].piece)) {
            pv->g.leaf_offset[l] = nsamplers;
            nsamplers += lv[l].elems;
            for (unsigned s = 0; s < GLSL_NUM_STAGES; s++)
               if (pv->stages & (1u << s))
                  units[s] += lv[l].elems;
         } else {
            pv->g.leaf_offset[l] = bytes;
            if (lv[l].elems > (UINT32_MAX / 2 - bytes) / 16) {
               link_error(k, "uniform '%s' is too large", pv->name);
               return;
            }
            bytes += 16 * lv[l].elems;
            for (unsigned s = 0; s < GLSL_NUM_STAGES; s++)
               if (pv->stages & (1u << s))
                  /* components (GL_MAX_*_UNIFORM_COMPONENTS); the storage
                   * keeps a 16-byte slot per element all the same */
                  comps[s] += glsl_type_components(lv[l].piece) * lv[l].elems;
         }
      }
   }
   if (comps[GLSL_STAGE_VERTEX] > k->opts->max_vertex_uniform_components)
      link_error(k, "too many uniform components in the vertex shader: %u (the limit, "
                 "GL_MAX_VERTEX_UNIFORM_COMPONENTS, is %u)", comps[GLSL_STAGE_VERTEX],
                 k->opts->max_vertex_uniform_components);
   if (comps[GLSL_STAGE_FRAGMENT] > k->opts->max_fragment_uniform_components)
      link_error(k, "too many uniform components in the fragment shader: %u (the limit, "
                 "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, is %u)", comps[GLSL_STAGE_FRAGMENT],
                 k->opts->max_fragment_uniform_components);
   if (units[GLSL_STAGE_VERTEX] > k->opts->max_vertex_texture_image_units)
      link_error(k, "too many samplers in the vertex shader: %u (the limit, "
                 "GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, is %u)", units[GLSL_STAGE_VERTEX],
                 k->opts->max_vertex_texture_image_units);
   unsigned gs_comps = k->opts->max_geometry_uniform_components
                          ? k->opts->max_geometry_uniform_components : 1024;
   unsigned gs_units = k->opts->max_geometry_texture_image_units
                          ? k->opts->max_geometry_texture_image_units : 16;
   if (comps[GLSL_STAGE_GEOMETRY] > gs_comps)
      link_error(k, "too many uniform components in the geometry shader: %u (the limit, "
                 "GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, is %u)", comps[GLSL_STAGE_GEOMETRY],
                 gs_comps);
   if (units[GLSL_STAGE_GEOMETRY] > gs_units)
      link_error(k, "too many samplers in the geometry shader: %u (the limit, "
                 "GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, is %u)", units[GLSL_STAGE_GEOMETRY],
                 gs_units);
   if (units[GLSL_STAGE_FRAGMENT] > k->opts->max_texture_image_units)
      link_error(k, "too many samplers in the fragment shader: %u (the limit, "
                 "GL_MAX_TEXTURE_IMAGE_UNITS, is %u)", units[GLSL_STAGE_FRAGMENT],
                 k->opts->max_texture_image_units);
   if (nsamplers > k->opts->max_combined_texture_image_units)
      link_error(k, "too many samplers: %u (the limit, GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, "
                 "is %u)", nsamplers, k->opts->max_combined_texture_image_units);
   if (k->error)
      return;
   pi->uniform_storage_size = bytes;
   uint8_t *init = glsl_alloc(k->a, bytes + 16);
   pi->uniform_storage_init = init;
   pi->samplers = glsl_alloc_array(k->a, nsamplers + 1, sizeof *pi->samplers);
   pi->num_samplers = nsamplers;
   struct table tb = { NULL, 0, 0 };
   for (unsigned i = 0; i < k->num_uniforms; i++) {
      struct pvar *pv = &k->uniforms[i];
      if (!pv->stages)
         continue;
      unsigned nl = glsl_leaf_count(pv->type);
      struct glsl_leaf *lv = glsl_leaves(k->a, pv->type);
      for (unsigned l = 0; l < nl; l++) {
         if (!glsl_type_is_sampler(lv[l].piece))
            continue;
         for (unsigned e = 0; e < lv[l].elems; e++) {
            struct glsl_sampler *s = &pi->samplers[pv->g.leaf_offset[l] + e];
            enum ir_tex_target target = IR_TEX_2D;
            glsl_type_ir_tex_target(lv[l].piece, &target);
            s->target = (uint8_t)target;
            s->shadow = lv[l].piece->sampler_shadow;
            s->sampled_base = lv[l].piece->sampled_base;
            s->stages = pv->stages;
         }
      }
      gl_entries(k, &tb, pv, pv->name, pv->type, 0, 0);
      if (pv->var->constant) {
         struct init_walk w = { pv->var->constant, 0, init, pv->g.leaf_offset };
         init_rec(&w, pv->type, 0, 0);
      }
   }
   list_builtin_uniforms(k, &tb);
   link_blocks(k, &tb);
   pi->uniforms = tb.u;
   pi->num_uniforms = tb.n;
   pi->num_locations = (unsigned)tb.next_location;
   for (unsigned i = 0; i < tb.n; i++) {
      unsigned len = (unsigned)strlen(tb.u[i].name) + 1;
      if (len > pi->max_uniform_name)
         pi->max_uniform_name = len;
   }
}

/* ---- the built-in attributes glGetActiveAttrib lists ------------------- */

static void
list_attributes(struct link *k)
{
   struct glsl_program_interface *pi = &k->p->iface;
   unsigned n = 0, cap = k->num_attribs + 16;
   pi->attributes = glsl_alloc_array(k->a, cap, sizeof *pi->attributes);
   for (unsigned i = 0; i < k->num_attribs; i++) {
      const struct pvar *pv = &k->attribs[i];
      if (!(pv->stages & (1u << GLSL_STAGE_VERTEX)))
         continue;
      struct glsl_attribute *at = &pi->attributes[n++];
      at->name = pv->name;
      /* an input array (GLSL 1.50): its element type, its length as size */
      bool array = glsl_type_is_array(pv->type) && pv->type->length > 0;
      at->gl_type = gl_type_of(array ? pv->type->element : pv->type);
      at->array_size = array ? (unsigned)pv->type->length : 1;
      at->element_slots = glsl_type_location_slots(array ? pv->type->element : pv->type, true);
      at->location = pv->g.location;
   }
   k->p->num_user_attributes = n;
   for (unsigned i = 0; i < k->num_stage_shaders[GLSL_STAGE_VERTEX]; i++) {
      const struct glsl_shader_info *sh = k->stage_shaders[GLSL_STAGE_VERTEX][i];
      for (unsigned v = 0; v < sh->num_globals && n < cap; v++) {
         const struct glsl_variable *gv = sh->globals[v];
         if (!gv->builtin || !gv->used || gv->mode != GLSL_VAR_IN)
            continue;
         bool dup = false;
         for (unsigned j = 0; j < n; j++)
            dup |= !strcmp(pi->attributes[j].name, gv->name);
         if (dup)
            continue;
         struct glsl_attribute *at = &pi->attributes[n++];
         at->name = glsl_strdup(k->a, gv->name);
         at->gl_type = gl_type_of(gv->type);
         at->array_size = 1;
         at->location = -1;
      }
   }
   pi->num_attributes = n;
   for (unsigned i = 0; i < n; i++) {
      unsigned len = (unsigned)strlen(pi->attributes[i].name) + 1;
      if (len > pi->max_attribute_name)
         pi->max_attribute_name = len;
   }
}

/* ---- transform feedback ----------------------------------------------- */

/* A vertex output transform feedback can name: user varyings (their
 * linked location) and the GLSL 1.20 built-in outputs. */
struct xfb_source {
   const struct glsl_type *type;      /* the whole variable */
   uint8_t semantic;
   int location;
};

static bool
xfb_builtin(struct link *k, const char *name, struct xfb_source *src)
{
   static const struct {
      const char *name;
      uint8_t semantic;
      int location;
      uint8_t comps;
   } table[] = {
      { "gl_Position", IR_SEM_POSITION, 0, 4 },
      { "gl_PointSize", IR_SEM_POINT_SIZE, 0, 1 },
      { "gl_ClipVertex", IR_SEM_GENERIC, GLSL_VARYING_CLIP_VERTEX, 4 },
      { "gl_FrontColor", IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR0, 4 },
      { "gl_BackColor", IR_SEM_GENERIC, GLSL_FF_VARYING_BCOLOR0, 4 },
      { "gl_FrontSecondaryColor", IR_SEM_GENERIC, GLSL_FF_VARYING_COLOR1, 4 },
      { "gl_BackSecondaryColor", IR_SEM_GENERIC, GLSL_FF_VARYING_BCOLOR1, 4 },
      { "gl_FogFragCoord", IR_SEM_GENERIC, GLSL_FF_VARYING_FOG, 1 },
      { "gl_TexCoord", IR_SEM_GENERIC, GLSL_FF_VARYING_TEX0, 4 },
      /* GLSL 1.30: element i is location i of its semantic */
      { "gl_ClipDistance", IR_SEM_CLIP_DISTANCE, 0, 1 },
   };
   for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
      if (strcmp(name, table[i].name))
         continue;
      src->semantic = table[i].semantic;
      src->location = table[i].location;
      src->type = glsl_type_get_instance(GLSL_TYPE_FLOAT, table[i].comps, 1);
      bool clip = table[i].semantic == IR_SEM_CLIP_DISTANCE;
      if (clip || (table[i].location == GLSL_FF_VARYING_TEX0 &&
                   table[i].semantic == IR_SEM_GENERIC)) {
         /* gl_TexCoord[] / gl_ClipDistance[]: the size the shader
          * redeclared, else GL_MAX_TEXTURE_COORDS / GL_MAX_CLIP_DISTANCES (= planes)
          * (docs/glsl.md) */
         int len = (int)(clip ? k->opts->max_clip_planes : k->opts->max_texture_coords);
         enum glsl_stage src_stage = last_vertex_stage(k);
         for (unsigned sh = 0; sh < k->num_stage_shaders[src_stage]; sh++) {
            const struct glsl_shader_info *si = k->stage_shaders[src_stage][sh];
            for (unsigned v = 0; v < si->num_globals; v++) {
               const struct glsl_variable *gv = si->globals[v];
               if (gv->builtin && !strcmp(gv->name, name) && glsl_type_is_array(gv->type) &&
                   gv->type->length > 0 && gv->type->length < len)
                  len = gv->type->length;
            }
         }
         if (len < 1)
            len = 1;
         src->type = glsl_type_array(k->a, src->type, len);
      }
      return src->type != NULL;
   }
   return false;
}

/* Adds the slots of `t` (one element of the variable, at location loc) to
 * the layout. */
static void
xfb_add_slots(struct link *k, const struct glsl_type *t, const struct xfb_source *src, int loc,
              unsigned buffer, unsigned *offset)
{
   struct glsl_program_interface *pi = &k->p->iface;
   unsigned cols = glsl_type_is_matrix(t) ? t->matrix_columns : 1;
   unsigned rows = t->vector_elements;
   for (unsigned c = 0; c < cols; c++) {
      if (pi->num_xfb_outputs >= GLSL_XFB_MAX_OUTPUTS) {
         k->error = true;   /* reported by the component count */
         return;
      }
      struct glsl_xfb_output *o = &pi->xfb_outputs[pi->num_xfb_outputs++];
      o->semantic = src->semantic;
      o->location = (int16_t)(src->semantic == IR_SEM_GENERIC ||
                                      src->semantic == IR_SEM_CLIP_DISTANCE
                                 ? loc + (int)c
                                 : 0);
      o->start = 0;
      o->num = (uint8_t)rows;
      o->buffer = (uint8_t)buffer;
      o->dst_offset = (uint16_t)*offset;
      *offset += rows;
   }
}

/* A user varying's part a transform feedback name names (GL 3.0 2.15,
 * ARB_transform_feedback3, ES 3.0 2.14: "v", "v[2]", "v.a", "v[1].b[0].c";
 * GLSL 1.50 4.3.7 for out blocks: "Block.member", "Block[i].member" for an
 * array of blocks, the bare member name for a block without an instance
 * name): the varying, then its members and elements down to a basic type
 * or an array of them.  A struct (or an array of structs) as a whole is
 * not captured.  Sets the captured type (the element type for a whole
 * array) and count, and the first location: the varying's leaves follow
 * each other from its location on, each a location per element
 * (glsl_lower.c, io_leaves; a block array's member is an array of the
 * member, one element per block).  0: captured; 1: no such output; 2: an
 * array subscript out of range or on a non-array; 3: not capturable (a
 * struct). */
static int
xfb_user_varying(struct link *k, const char *name, enum glsl_stage producer,
                 const struct glsl_type **type, unsigned *count, int *loc)
{
   size_t n = strcspn(name, ".[");
   struct pvar *pv = NULL;
   const char *path = name + n;
   const char *member = NULL;   /* a block's: after "Block." or "Block[i]." */
   const char *index = NULL;    /* "[i]" of an array of blocks */
   if (name[n] == '.') {
      member = name + n + 1;
   } else if (name[n] == '[') {
      const char *close = strchr(name + n, ']');
      if (close && close[1] == '.') {
         index = name + n;
         member = close + 2;
      }
   }
   if (member) {
      size_t m = strcspn(member, ".[");
      char *bm = glsl_printf(k->a, "%.*s.%.*s", (int)n, name, (int)m, member);
      pv = varying_find(k, bm, producer);
      /* an instance-named block, indexed when it is an array */
      const struct glsl_variable *bv = pv ? pv->var : NULL;
      if (bv && bv->block && bv->block_member < 0 &&
          glsl_type_is_array(bv->type) == (index != NULL)) {
         path = member + m;
         if (index) {
            /* the block's index, then the member's path */
            path = glsl_printf(k->a, "%.*s%s", (int)(member - 1 - index), index, path);
         }
      } else {
         pv = NULL;
      }
   }
   if (!pv) {
      /* a varying, or a member of a block without an instance name */
      for (unsigned i = 0; i < k->num_varyings && !pv; i++) {
         struct pvar *c = &k->varyings[i];
         const struct glsl_variable *cv = c->var;
         const char *api_name = !cv->block ? cv->name
                                : cv->block_member >= 0 ? cv->block->fields[cv->block_member].name
                                : NULL;
         if (c->producer == producer && api_name && strlen(api_name) == n &&
             !strncmp(api_name, name, n))
            pv = c;
      }
      path = name + n;
   }
   if (!pv || !(pv->declared & (1u << producer)))
      return 1;
   const struct glsl_type *t = pv->type;
   unsigned leaf = 0;      /* the leaf of pv->type the path is in */
   unsigned flat = 0;      /* the element of the arrays around it so far */
   while (*path) {
      if (*path == '[') {
         char *end = NULL;
         if (path[1] < '0' || path[1] > '9')
            return 1;
         unsigned long i = strtoul(path + 1, &end, 10);
         if (!end || *end != ']')
            return 1;
         if (!glsl_type_is_array(t) || t->length <= 0 || i >= (unsigned long)t->length)
            return 2;
         flat = flat * (unsigned)t->length + (unsigned)i;
         t = t->element;
         path = end + 1;
      } else if (*path == '.') {
         size_t len = strcspn(path + 1, ".[");
         if (!glsl_type_is_struct(t) || !len)
            return 1;
         unsigned f = 0;
         while (f < t->num_fields &&
                (strlen(t->fields[f].name) != len || strncmp(t->fields[f].name, path + 1, len)))
            leaf += glsl_leaf_count(t->fields[f++].type);
         if (f == t->num_fields)
            return 1;
         t = t->fields[f].type;
         path += 1 + len;
      } else {
         return 1;
      }
   }
   *count = 1;
   if (glsl_type_is_array(t)) {
      *count = t->length > 0 ? (unsigned)t->length : 1;
      flat *= *count;
      t = t->element;
   }
   if (!glsl_type_is_basic(t))
      return 3;
   struct glsl_leaf *lv = glsl_leaves(k->a, pv->type);
   unsigned first = 0;
   for (unsigned i = 0; i < leaf; i++)
      first += lv[i].elems;
   *type = t;
   *loc = pv->g.location + (int)(first + flat * glsl_type_location_slots(t, false));
   return 0;
}

/* EXT_transform_feedback / GL 3.0 section 2.15: the varyings named are
 * vertex shader outputs (GL 3.2 2.16: the geometry shader's when the
 * program has one), whole or one array element ("a[2]"); the layout
 * packs them per buffer in the order named.  ARB_transform_feedback3 adds
 * gl_NextBuffer (next buffer, interleaved mode) and gl_SkipComponentsN (a
 * hole of N components). */
static void
link_xfb(struct link *k)
{
   const struct glsl_xfb_request *rq = k->xfb;
   struct glsl_program_interface *pi = &k->p->iface;
   if (!rq || !rq->count)
      return;
   enum glsl_stage src_stage = last_vertex_stage(k);
   const char *sn = stage_name(src_stage);
   if (!k->num_stage_shaders[GLSL_STAGE_VERTEX]) {
      link_error(k, "transform feedback needs a vertex shader");
      return;
   }
   pi->xfb_varyings = glsl_alloc_array(k->a, rq->count, sizeof *pi->xfb_varyings);
   pi->xfb_outputs = glsl_alloc_array(k->a, GLSL_XFB_MAX_OUTPUTS, sizeof *pi->xfb_outputs);
   unsigned buffer = 0, offset = 0, total = 0;
   for (unsigned i = 0; i < rq->count && !k->error; i++) {
      const char *name = rq->names[i] ? rq->names[i] : "";
      struct glsl_xfb_varying *xv = &pi->xfb_varyings[pi->num_xfb_varyings++];
      xv->name = glsl_strdup(k->a, name);
      size_t len = strlen(name);
      if (len + 1 > pi->max_xfb_varying_name)
         pi->max_xfb_varying_name = (unsigned)len + 1;

      /* ARB_transform_feedback3's special names */
      bool next = !strcmp(name, "gl_NextBuffer");
      unsigned skip = 0;
      if (!strncmp(name, "gl_SkipComponents", 17) && name[17] >= '1' && name[17] <= '4' &&
          !name[18])
         skip = (unsigned)(name[17] - '0');
      if (next || skip) {
         if (!rq->tf3) {
            link_error(k, "transform feedback varying '%s' is not an output of the %s "
                       "shader", name, sn);
            return;
         }
         if (!rq->interleaved) {
            link_error(k, "'%s' is only allowed with GL_INTERLEAVED_ATTRIBS", name);
            return;
         }
         xv->gl_type = 0;
         xv->size = skip;
         if (next) {
            if (offset)
               pi->xfb_stride[buffer] = (unsigned)offset;
            if (++buffer >= GLSL_XFB_MAX_BUFFERS) {
               link_error(k, "too many transform feedback buffers (the limit, "
                          "GL_MAX_TRANSFORM_FEEDBACK_BUFFERS, is %u)", GLSL_XFB_MAX_BUFFERS);
               return;
            }
            offset = 0;
         } else {
            offset += skip;
            total += skip;
            pi->xfb_buffers |= (uint8_t)(1u << buffer);
         }
         continue;
      }

      struct xfb_source src;
      memset(&src, 0, sizeof src);
      const struct glsl_type *t = NULL;
      unsigned count = 1;
      int loc = 0;
      if (strncmp(name, "gl_", 3)) {
         /* a user varying, its members and elements */
         src.semantic = IR_SEM_GENERIC;
         int r = xfb_user_varying(k, name, src_stage, &t, &count, &loc);
         if (r == 1) {
            link_error(k, "transform feedback varying '%s' is not an output of the %s shader",
                       name, sn);
            return;
         }
         if (r == 2) {
            link_error(k, "transform feedback varying '%s': a subscript is out of range or "
                       "is not on an array", name);
            return;
         }
         if (r == 3) {
            link_error(k, "transform feedback varying '%s' has a type that cannot be "
                       "captured (a struct is captured by its members)", name);
            return;
         }
      } else {
         /* a built-in: name or name[index] */
         char base[256];
         const char *br = strchr(name, '[');
         size_t blen = br ? (size_t)(br - name) : len;
         long index = -1;
         if (blen >= sizeof base) {
            link_error(k, "transform feedback varying '%s' is not an output of the %s shader",
                       name, sn);
            return;
         }
         memcpy(base, name, blen);
         base[blen] = '\0';
         if (br) {
            const char *p = br + 1;
            char *end = NULL;
            if (*p < '0' || *p > '9')
               p = "";   /* not a number: a bad name */
            index = *p ? strtol(p, &end, 10) : -1;
            if (index < 0 || !end || end[0] != ']' || end[1] != '\0') {
               link_error(k, "transform feedback varying '%s' is not an output of the %s "
                          "shader", name, sn);
               return;
            }
         }
         if (!xfb_builtin(k, base, &src)) {
            link_error(k, "transform feedback varying '%s' is not an output of the %s shader",
                       name, sn);
            return;
         }
         t = src.type;
         loc = src.location;
         if (br) {
            if (!glsl_type_is_array(t) || index >= t->length) {
               link_error(k, "transform feedback varying '%s': the subscript is out of range "
                          "or '%s' is not an array", name, base);
               return;
            }
            t = t->element;
            loc += (int)index * (int)glsl_type_location_slots(t, false);
         } else if (glsl_type_is_array(t)) {
            count = t->length > 0 ? (unsigned)t->length : 1;
            t = t->element;
         }
         if (!glsl_type_is_basic(t)) {
            link_error(k, "transform feedback varying '%s' has a type that cannot be captured",
                       name);
            return;
         }
      }
      xv->gl_type = gl_type_of(t);
      xv->size = count;
      unsigned comps = count * glsl_type_scalar_count(t);
      if (rq->interleaved) {
         total += comps;
      } else {
         if (i >= GLSL_XFB_MAX_SEPARATE_ATTRIBS) {
            link_error(k, "too many transform feedback varyings in GL_SEPARATE_ATTRIBS mode "
                       "(the limit, GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, is %u)",
                       GLSL_XFB_MAX_SEPARATE_ATTRIBS);
            return;
         }
         buffer = i;
         offset = 0;
         total = comps;
      }
      if (total > GLSL_XFB_MAX_COMPONENTS) {
         link_error(k, "too many transform feedback components: %u (the limit, "
                    "GL_MAX_TRANSFORM_FEEDBACK_%s_COMPONENTS, is %u)", total,
                    rq->interleaved ? "INTERLEAVED" : "SEPARATE", GLSL_XFB_MAX_COMPONENTS);
         return;
      }
      unsigned slots = glsl_type_location_slots(t, false);
      for (unsigned e = 0; e < count && !k->error; e++)
         xfb_add_slots(k, t, &src, loc + (int)(e * slots), buffer, &offset);
      pi->xfb_buffers |= (uint8_t)(1u << buffer);
      pi->xfb_stride[buffer] = (unsigned)offset;
   }
   if (rq->interleaved && offset)
      pi->xfb_stride[buffer] = (unsigned)offset;
}

/* ---- what the stages' IR does ------------------------------------------ */

struct scan {
   struct glsl_program_interface *pi;
   enum glsl_stage stage;
   bool last_vertex;                  /* the stage whose outputs are rasterized */
};

static void
scan_cb(struct ir_instr *in, void *data)
{
   struct scan *sc = data;
   struct glsl_program_interface *pi = sc->pi;
   if (in->op == IR_OP_discard || in->op == IR_OP_discard_if)
      pi->uses_discard = true;
   if (in->op != IR_OP_load_input && in->op != IR_OP_store_output)
      return;
   struct ir_var *v = in->u.var.var;
   if (in->op == IR_OP_load_input) {
      if (v->semantic != IR_SEM_GENERIC || v->location < 0)
         return;
      unsigned first = in->u.var.indirect ? 0 : in->u.var.offset;
      unsigned last = in->u.var.indirect ? (v->array_len ? v->array_len - 1 : 0) : first;
      for (unsigned e = first; e <= last; e++) {
         unsigned loc = (unsigned)v->location + e;
         if (sc->stage == GLSL_STAGE_VERTEX && loc < 32)
            pi->vertex_inputs |= 1u << loc;
         if (sc->stage == GLSL_STAGE_FRAGMENT && loc < GLSL_VARYING_USER0 &&
             loc != GLSL_VARYING_CLIP_VERTEX)
            pi->fragment_inputs_ff |= 1u << loc;
      }
      return;
   }
   /* point size and clipping: the outputs of the last vertex stage */
   if (sc->last_vertex && v->semantic == IR_SEM_POINT_SIZE)
      pi->writes_point_size = true;
   if (v->semantic == IR_SEM_FRAG_DEPTH)
      pi->writes_frag_depth = true;
   if (sc->last_vertex && v->semantic == IR_SEM_GENERIC &&
       v->location == GLSL_VARYING_CLIP_VERTEX)
      pi->writes_clip_vertex = true;
   if (sc->last_vertex && v->semantic == IR_SEM_CLIP_DISTANCE)
      pi->writes_clip_distance = true;
   if (sc->stage == GLSL_STAGE_FRAGMENT && v->semantic == IR_SEM_GENERIC && v->location >= 0)
      pi->writes_frag_data = true;
}

/* ---- geometry shaders -------------------------------------------------- */

/* GLSL 1.50 4.3.8: the input primitive, the output primitive and
 * max_vertices are declared in at least one geometry shader of the
 * program, the same in all that declare them; the inputs are as many as
 * the input primitive has vertices (an unsized one's constant indices
 * within them).  GL 3.2 2.12: a geometry shader needs a vertex shader;
 * its emitted components are bounded (GL_MAX_GEOMETRY_TOTAL_OUTPUT_
 * COMPONENTS: max_vertices times the components of its outputs). */
static void
link_gs_layouts(struct link *k)
{
   unsigned n = k->num_stage_shaders[GLSL_STAGE_GEOMETRY];
   const struct glsl_shader_info **sh = k->stage_shaders[GLSL_STAGE_GEOMETRY];
   if (!k->num_stage_shaders[GLSL_STAGE_VERTEX]) {
      link_error(k, "a geometry shader needs a vertex shader in the program");
      return;
   }
   uint8_t in = GLSL_GS_PRIM_NONE, out = GLSL_GS_PRIM_NONE;
   int max = -1;
   for (unsigned i = 0; i < n; i++) {
      if (sh[i]->gs_input_prim && in && sh[i]->gs_input_prim != in)
         link_error(k, "the geometry shaders declare different input primitives ('%s' and "
                    "'%s')", glsl_gs_prim_name((enum glsl_gs_prim)in),
                    glsl_gs_prim_name((enum glsl_gs_prim)sh[i]->gs_input_prim));
      if (sh[i]->gs_output_prim && out && sh[i]->gs_output_prim != out)
         link_error(k, "the geometry shaders declare different output primitives ('%s' and "
                    "'%s')", glsl_gs_prim_name((enum glsl_gs_prim)out),
                    glsl_gs_prim_name((enum glsl_gs_prim)sh[i]->gs_output_prim));
      if (sh[i]->gs_max_vertices >= 0 && max >= 0 && sh[i]->gs_max_vertices != max)
         link_error(k, "the geometry shaders declare different max_vertices (%d and %d)", max,
                    sh[i]->gs_max_vertices);
      if (sh[i]->gs_input_prim)
         in = sh[i]->gs_input_prim;
      if (sh[i]->gs_output_prim)
         out = sh[i]->gs_output_prim;
      if (sh[i]->gs_max_vertices >= 0)
         max = sh[i]->gs_max_vertices;
   }
   if (!in)
      link_error(k, "the geometry shader declares no input primitive (layout(...) in;)");
   if (!out)
      link_error(k, "the geometry shader declares no output primitive (layout(...) out;)");
   if (max < 0)
      link_error(k, "the geometry shader declares no max_vertices (layout(max_vertices = N) "
                 "out;)");
   if (k->error)
      return;
   k->gs_input_prim = in;
   k->gs_output_prim = out;
   k->gs_max_vertices = (unsigned)max;
   int verts = (int)glsl_gs_prim_vertices((enum glsl_gs_prim)in);
   unsigned comps = 0;
   for (unsigned i = 0; i < n; i++)
      for (unsigned v = 0; v < sh[i]->num_globals; v++) {
         const struct glsl_variable *gv = sh[i]->globals[v];
         if (gv->mode == GLSL_VAR_OUT && (gv->assigned || gv->used))
            comps += glsl_type_scalar_count(gv->type);
         if (gv->mode != GLSL_VAR_IN || gv->builtin_row || !glsl_type_is_array(gv->type))
            continue;
         if (glsl_type_is_unsized_array(gv->type) && gv->max_index >= verts)
            link_error(k, "geometry shader input '%s' is indexed with %d, but the input "
                       "primitive '%s' has %d vertices", gv->name, gv->max_index,
                       glsl_gs_prim_name((enum glsl_gs_prim)in), verts);
         else if (!glsl_type_is_unsized_array(gv->type) && gv->type->length != verts)
            link_error(k, "geometry shader input '%s' has %d elements, but the input "
                       "primitive '%s' has %d vertices", gv->name, gv->type->length,
                       glsl_gs_prim_name((enum glsl_gs_prim)in), verts);
      }
   unsigned total = k->opts->max_geometry_total_output_components
                       ? k->opts->max_geometry_total_output_components : 1024;
   if ((uint64_t)comps * (unsigned)max > total)
      link_error(k, "too many geometry shader output components: %u vertices of %u "
                 "components (the limit, GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, is %u)",
                 (unsigned)max, comps, total);
}

/* ---- linking ---------------------------------------------------------- */

struct link_job {
   struct link *k;
   struct glsl_shader *const *shaders;
   unsigned count;
};

static void
link_run(void *data)
{
   struct link_job *job = data;
   struct link *k = job->k;
   struct glsl_program_interface *pi = &k->p->iface;
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++)
      k->stage_shaders[st] = glsl_alloc_array(k->a, job->count + 1, sizeof(void *));
   for (unsigned i = 0; i < job->count; i++) {
      const struct glsl_shader *sh = job->shaders[i];
      if (!sh)
         continue;
      if (!glsl_shader_compiled(sh)) {
         link_error(k, "a %s shader of the program did not compile",
                    stage_name(glsl_shader_stage(sh)));
         continue;
      }
      enum glsl_stage st = glsl_shader_stage(sh);
      if (st != GLSL_STAGE_VERTEX && st != GLSL_STAGE_FRAGMENT && st != GLSL_STAGE_GEOMETRY) {
         link_error(k, "%s shaders are not supported", stage_name(st));
         continue;
      }
      k->stage_shaders[st][k->num_stage_shaders[st]++] = glsl_shader_get_info(sh);
      k->es = glsl_shader_get_info(sh)->version.es;
   }
   if (k->error)
      return;
   k->has_gs = k->num_stage_shaders[GLSL_STAGE_GEOMETRY] > 0;
   if (!k->num_stage_shaders[GLSL_STAGE_VERTEX] && !k->num_stage_shaders[GLSL_STAGE_FRAGMENT] &&
       !k->has_gs) {
      link_error(k, "the program has no shaders");
      return;
   }
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++)
      if (k->num_stage_shaders[st])
         check_stage(k, (enum glsl_stage)st);
   if (k->has_gs)
      link_gs_layouts(k);
   if (k->error)
      return;
   collect(k);
   if (k->es)
      check_es_invariance(k);
   if (k->error)
      return;
   link_varyings(k);
   check_color_interp(k);
   link_frag_outputs(k);
   link_xfb(k);
   link_attributes(k);
   link_uniforms(k);
   if (k->error)
      return;
   list_attributes(k);
   /* the user fragment outputs (glGetFragDataLocation / glGetFragDataIndex) */
   pi->frag_outputs = glsl_alloc_array(k->a, k->num_outputs + 1, sizeof *pi->frag_outputs);
   for (unsigned i = 0; i < k->num_outputs; i++) {
      const struct pvar *pv = &k->outputs[i];
      if (!(pv->stages & (1u << GLSL_STAGE_FRAGMENT)))
         continue;   /* declared, never used: not active */
      struct glsl_frag_output *o = &pi->frag_outputs[pi->num_frag_outputs++];
      o->name = pv->name;
      o->array_size = glsl_type_is_array(pv->type) ? (unsigned)pv->type->length : 0;
      o->location = pv->g.location;
      o->index = pv->g.frag_index;
   }

   /* the table the lowering reads */
   unsigned ng = k->num_uniforms + k->num_attribs + k->num_varyings + k->num_outputs;
   struct glsl_link_global *globals = glsl_alloc_array(k->a, ng + 1, sizeof *globals);
   unsigned n = 0;
   for (unsigned i = 0; i < k->num_uniforms; i++)
      globals[n++] = k->uniforms[i].g;
   for (unsigned i = 0; i < k->num_attribs; i++)
      globals[n++] = k->attribs[i].g;
   for (unsigned i = 0; i < k->num_varyings; i++)
      globals[n++] = k->varyings[i].g;
   for (unsigned i = 0; i < k->num_outputs; i++)
      globals[n++] = k->outputs[i].g;

   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++) {
      if (!k->num_stage_shaders[st])
         continue;
      pi->ir[st] = ir_shader_create(st == GLSL_STAGE_VERTEX ? IR_STAGE_VERTEX
                                    : st == GLSL_STAGE_GEOMETRY ? IR_STAGE_GEOMETRY
                                                                : IR_STAGE_FRAGMENT);
      if (!pi->ir[st]) {
         link_error(k, "out of memory");
         return;
      }
      struct glsl_lower_input in = {
         (enum glsl_stage)st, k->opts, k->stage_shaders[st], k->num_stage_shaders[st],
         k->main_shader[st], globals, n, pi->ir[st],
      };
      in.blocks = stage_blocks(k, (enum glsl_stage)st, &in.num_blocks);
      in.prev_stage = prev_stage(k, (enum glsl_stage)st);
      if (st == GLSL_STAGE_GEOMETRY) {
         /* the IR's max_vertices is 1 at least: with 0, EmitVertex()
          * lowers to nothing */
         in.gs_input_prim = k->gs_input_prim;
         in.gs_output_prim = k->gs_output_prim;
         in.gs_max_vertices = k->gs_max_vertices;
         pi->ir[st]->gs.input_prim = (enum ir_prim)k->gs_input_prim;
         pi->ir[st]->gs.output_prim = (enum ir_prim)k->gs_output_prim;
         pi->ir[st]->gs.max_vertices = k->gs_max_vertices ? k->gs_max_vertices : 1;
         pi->gs_input_prim = k->gs_input_prim;
         pi->gs_output_prim = k->gs_output_prim;
         pi->gs_max_vertices = k->gs_max_vertices;
      }
      struct glsl_lower_output out;
      if (!glsl_lower_stage(k->a, k->log, &in, &out)) {
         k->error = true;
         return;
      }
      pi->state_rows[st] = out.state_rows;
      pi->num_state_rows[st] = out.num_state_rows;
      if (!k->opts->skip_ir_passes)
         glsl_optimize(out.ir);
      struct scan sc = { pi, (enum glsl_stage)st, st == last_vertex_stage(k) };
      ir_shader_foreach_instr(out.ir, scan_cb, &sc);
   }
   /* GLSL 1.30 7.1: a vertex stage writing neither gl_ClipVertex nor
    * gl_ClipDistance clips by gl_Position against the user planes (before
    * 1.30 that was undefined) */
   enum glsl_stage lv = last_vertex_stage(k);
   const struct glsl_shader_info *lm = k->main_shader[lv];
   pi->clip_by_position = k->num_stage_shaders[lv] && lm && !lm->version.es &&
                          lm->version.number >= 130 && !pi->writes_clip_vertex &&
                          !pi->writes_clip_distance;
}

struct glsl_program *
glsl_link(const struct glsl_compiler_options *opts, struct glsl_shader *const *shaders,
          unsigned count, const struct glsl_attrib_binding *bindings, unsigned num_bindings)
{
   return glsl_link_xfb(opts, shaders, count, bindings, num_bindings, NULL);
}

struct glsl_program *
glsl_link_xfb(const struct glsl_compiler_options *opts, struct glsl_shader *const *shaders,
              unsigned count, const struct glsl_attrib_binding *bindings,
              unsigned num_bindings, const struct glsl_xfb_request *xfb)
{
   struct glsl_program *p = calloc(1, sizeof *p);
   if (!p)
      return NULL;
   glsl_arena_init(&p->arena, 0);
   glsl_log_init(&p->log);
   struct link k;
   memset(&k, 0, sizeof k);
   k.p = p;
   k.a = &p->arena;
   k.log = &p->log;
   k.opts = opts;
   k.bindings = bindings;
   k.num_bindings = num_bindings;
   k.xfb = xfb;
   struct link_job job = { &k, shaders, count };
   if (!glsl_arena_run(&p->arena, link_run, &job)) {
      glsl_log_append(&p->log, "error: out of memory\n");
      k.error = true;
   }
   p->linked = !k.error && !p->log.errors;
   if (!p->linked) {
      for (unsigned st = 0; st < GLSL_NUM_STAGES; st++) {
         if (p->iface.ir[st])
            ir_shader_destroy(p->iface.ir[st]);
         p->iface.ir[st] = NULL;
      }
   }
   return p;
}

bool
glsl_program_linked(const struct glsl_program *p)
{
   return p && p->linked;
}

const char *
glsl_program_info_log(const struct glsl_program *p)
{
   return p ? glsl_log_text(&p->log) : "";
}

const struct glsl_program_interface *
glsl_program_get_interface(const struct glsl_program *p)
{
   return p && p->linked ? &p->iface : NULL;
}

bool
glsl_program_uniform_at(const struct glsl_program *p, int location,
                        const struct glsl_uniform **u, unsigned *element)
{
   if (!p || !p->linked || location < 0)
      return false;
   for (unsigned i = 0; i < p->iface.num_uniforms; i++) {
      const struct glsl_uniform *x = &p->iface.uniforms[i];
      if (location >= x->location && location < x->location + (int)x->array_size) {
         *u = x;
         *element = (unsigned)(location - x->location);
         return true;
      }
   }
   return false;
}

int
glsl_program_uniform_location(const struct glsl_program *p, const char *name)
{
   if (!p || !p->linked || !name || !strncmp(name, "gl_", 3))
      return -1;
   size_t len = strlen(name);
   for (unsigned i = 0; i < p->iface.num_uniforms; i++) {
      const struct glsl_uniform *u = &p->iface.uniforms[i];
      if (!u->is_array) {
         if (!strcmp(u->name, name))
            return u->location;
         continue;
      }
      /* "a[0]": "a" and "a[k]" for k < size */
      size_t base = strlen(u->name) - 3;
      if (len < base || strncmp(u->name, name, base))
         continue;
      if (len == base)
         return u->location;
      if (name[base] != '[' || name[len - 1] != ']' || len - base < 3)
         continue;
      unsigned long k = 0;
      bool ok = true;
      for (size_t c = base + 1; c < len - 1 && ok; c++) {
         ok = name[c] >= '0' && name[c] <= '9' && k < 100000000ul;
         k = k * 10 + (unsigned long)(name[c] - '0');
      }
      if (ok && (len - base > 3 ? name[base + 1] != '0' : true) && k < u->array_size)
         return u->location + (int)k;
   }
   return -1;
}

int
glsl_program_attrib_location(const struct glsl_program *p, const char *name)
{
   if (!p || !p->linked || !name)
      return -1;
   /* "a", or "a[k]" of an input array: its element k's first location */
   size_t len;
   unsigned elem;
   bool subscript;
   if (!glsl_parse_element_name(name, &len, &elem, &subscript))
      return -1;
   for (unsigned i = 0; i < p->num_user_attributes; i++) {
      const struct glsl_attribute *at = &p->iface.attributes[i];
      if (strncmp(at->name, name, len) || at->name[len])
         continue;
      if (subscript && (at->array_size < 2 || elem >= at->array_size))
         return -1;
      return at->location + (int)(elem * at->element_slots);
   }
   return -1;
}

bool
glsl_parse_element_name(const char *name, size_t *base_len, unsigned *elem, bool *subscript)
{
   *base_len = strlen(name);
   *elem = 0;
   *subscript = false;
   const char *br = strchr(name, '[');
   if (!br)
      return true;
   const char *d = br + 1;
   if (*d < '0' || *d > '9' || (*d == '0' && d[1] != ']'))
      return false;
   unsigned long k = 0;
   for (; *d >= '0' && *d <= '9'; d++) {
      k = k * 10 + (unsigned long)(*d - '0');
      if (k > 65535)
         return false;
   }
   if (d[0] != ']' || d[1])
      return false;
   *base_len = (size_t)(br - name);
   *elem = (unsigned)k;
   *subscript = true;
   return true;
}

void
glsl_program_destroy(struct glsl_program *p)
{
   if (!p)
      return;
   for (unsigned st = 0; st < GLSL_NUM_STAGES; st++)
      if (p->iface.ir[st])
         ir_shader_destroy(p->iface.ir[st]);
   glsl_log_finish(&p->log);
   glsl_arena_finish(&p->arena);
   free(p);
}
