/*
 * The compiler's entry points (glsl_compiler.h): one compilation runs the
 * preprocessor, the parser and semantic analysis in one arena that the
 * returned shader owns.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_compiler.h"
#include "glsl_parser.h"
#include "glsl_pp.h"
#include "glsl_lower.h"
#include "glsl_sema.h"

struct glsl_shader {
   struct glsl_arena arena;
   struct glsl_log log;
   enum glsl_stage stage;
   bool compiled;
   struct glsl_pp_result pp;
   struct glsl_shader_info info;
};

struct compile_job {
   struct glsl_shader *sh;
   const struct glsl_compiler_options *opts;
   const char *const *strings;
   const int *lengths;
   unsigned count;
};

/* The enabled extensions of the shader (#extension enable/require/warn),
 * for the lexer's keywords and the built-in tables. */
struct ext_set {
   const char **names;
   unsigned n;
};

static bool
ext_enabled(void *data, const char *name)
{
   const struct ext_set *set = data;
   for (unsigned i = 0; i < set->n; i++) {
      if (!strcmp(set->names[i], name))
         return true;
   }
   return false;
}

/* Extensions whose GLSL part is on without an #extension directive when
 * the context supports them: GL_ARB_texture_rectangle ("enabled by
 * default", its GLSL section). */
static const char *const default_on[] = { "GL_ARB_texture_rectangle" };

/* gl_Max* from the context's limits (0 in the options: the spec's minimum);
 * a constant the version does not have stays 0. */
static void
context_limits(const struct glsl_compiler_options *o, struct glsl_version v,
               struct glsl_builtin_limits *l)
{
   glsl_builtin_limits_default(l, v);
   const struct {
      unsigned id;
      unsigned value;
   } set[] = {
      { GLSL_BUILTIN_CONST_MAX_LIGHTS, o->max_lights },
      { GLSL_BUILTIN_CONST_MAX_CLIP_PLANES, o->max_clip_planes },
      { GLSL_BUILTIN_CONST_MAX_TEXTURE_UNITS, o->max_texture_coords },
      { GLSL_BUILTIN_CONST_MAX_TEXTURE_COORDS, o->max_texture_coords },
      { GLSL_BUILTIN_CONST_MAX_VERTEX_ATTRIBS, o->max_vertex_attribs },
      { GLSL_BUILTIN_CONST_MAX_VERTEX_UNIFORM_COMPONENTS, o->max_vertex_uniform_components },
      { GLSL_BUILTIN_CONST_MAX_VARYING_FLOATS, o->max_varying_floats },
      { GLSL_BUILTIN_CONST_MAX_VERTEX_TEXTURE_IMAGE_UNITS, o->max_vertex_texture_image_units },
      { GLSL_BUILTIN_CONST_MAX_COMBINED_TEXTURE_IMAGE_UNITS,
        o->max_combined_texture_image_units },
      { GLSL_BUILTIN_CONST_MAX_TEXTURE_IMAGE_UNITS, o->max_texture_image_units },
      { GLSL_BUILTIN_CONST_MAX_FRAGMENT_UNIFORM_COMPONENTS,
        o->max_fragment_uniform_components },
      { GLSL_BUILTIN_CONST_MAX_DRAW_BUFFERS, o->max_draw_buffers },
      { GLSL_BUILTIN_CONST_MAX_VERTEX_UNIFORM_VECTORS, o->max_vertex_uniform_components / 4 },
      { GLSL_BUILTIN_CONST_MAX_FRAGMENT_UNIFORM_VECTORS,
        o->max_fragment_uniform_components / 4 },
      { GLSL_BUILTIN_CONST_MAX_VARYING_VECTORS, o->max_varying_floats / 4 },
      { GLSL_BUILTIN_CONST_MAX_GEOMETRY_UNIFORM_COMPONENTS, o->max_geometry_uniform_components },
      { GLSL_BUILTIN_CONST_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS,
        o->max_geometry_texture_image_units },
      { GLSL_BUILTIN_CONST_MAX_GEOMETRY_OUTPUT_VERTICES, o->max_geometry_output_vertices },
      { GLSL_BUILTIN_CONST_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS,
        o->max_geometry_total_output_components },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(set); i++) {
      /* a limit only raises the minimum (vertex texture units: minimum 0,
       * so any value the context has) */
      if (set[i].value > INT32_MAX)
         continue;
      if (set[i].id == GLSL_BUILTIN_CONST_MAX_VERTEX_TEXTURE_IMAGE_UNITS ||
          (l->value[set[i].id] && set[i].value > (unsigned)l->value[set[i].id]))
         l->value[set[i].id] = (int)set[i].value;
   }
}

static void
compile_job_run(void *data)
{
   struct compile_job *job = data;
   struct glsl_shader *sh = job->sh;
   const struct glsl_compiler_options *o = job->opts;
   struct glsl_pp_options ppo;
   memset(&ppo, 0, sizeof ppo);
   ppo.stage = sh->stage;
   ppo.es_context = o->es_context;
   ppo.desktop_versions = o->desktop_versions;
   ppo.es_versions = o->es_versions;
   ppo.extensions = o->extensions;
   ppo.es_fragment_precision_high = o->es_fragment_precision_high;
   ppo.compatibility_profile = o->compatibility_profile;
   if (!glsl_pp_run(&sh->arena, &sh->log, job->strings, job->lengths, job->count, &ppo, &sh->pp))
      return;

   /* extensions the shader turned on, in directive order ("all" aside),
    * after those a supported extension's spec enables by default */
   struct ext_set set;
   set.names = glsl_alloc_array(&sh->arena, sh->pp.num_extensions + 1 + ARRAY_SIZE(default_on),
                                sizeof *set.names);
   set.n = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(default_on); i++) {
      for (const char *const *e = o->extensions; e && *e; e++) {
         if (!strcmp(*e, default_on[i]))
            set.names[set.n++] = default_on[i];
      }
   }
   for (unsigned i = 0; i < sh->pp.num_extensions; i++) {
      const struct glsl_pp_extension_directive *d = &sh->pp.extensions[i];
      if (!d->supported)
         continue;
      unsigned k = 0;
      while (k < set.n && strcmp(set.names[k], d->name))
         k++;
      if (d->behavior == GLSL_EXT_DISABLE) {
         if (k < set.n)
            set.names[k] = set.names[--set.n];
      } else if (k == set.n) {
         set.names[set.n++] = d->name;
      }
   }
   set.names[set.n] = NULL;

   struct glsl_ast_unit *unit = glsl_parse(&sh->arena, &sh->log, sh->pp.text, sh->pp.len,
                                           sh->pp.version, sh->stage, set.names);
   if (!unit)
      return;
   struct glsl_features f = { sh->pp.version, ext_enabled, &set };
   struct glsl_sema_options so;
   memset(&so, 0, sizeof so);
   so.invariant_all = sh->pp.pragma_invariant_all;
   so.es_fragment_precision_high = o->es_fragment_precision_high;
   so.compatibility = sh->pp.profile == GLSL_PROFILE_COMPATIBILITY;
   so.extensions = o->extensions;
   struct glsl_builtin_limits *limits = glsl_alloc(&sh->arena, sizeof *limits);
   context_limits(o, sh->pp.version, limits);
   so.limits = limits;
   sh->compiled = glsl_sema(&sh->arena, &sh->log, unit, &f, &so, &sh->info);
}

struct glsl_shader *
glsl_compile(const struct glsl_compiler_options *opts, enum glsl_stage stage,
             const char *const *strings, const int *lengths, unsigned count)
{
   struct glsl_shader *sh = calloc(1, sizeof *sh);
   if (!sh)
      return NULL;
   glsl_arena_init(&sh->arena, 0);
   glsl_log_init(&sh->log);
   sh->stage = stage;
   struct compile_job job = { sh, opts, strings, lengths, count };
   if (!glsl_arena_run(&sh->arena, compile_job_run, &job)) {
      sh->compiled = false;
      glsl_log_append(&sh->log, "error: out of memory\n");
   }
   if (sh->log.errors)
      sh->compiled = false;
   return sh;
}

bool
glsl_shader_compiled(const struct glsl_shader *s)
{
   return s && s->compiled;
}

enum glsl_stage
glsl_shader_stage(const struct glsl_shader *s)
{
   return s->stage;
}

const char *
glsl_shader_info_log(const struct glsl_shader *s)
{
   return s ? glsl_log_text(&s->log) : "";
}

void
glsl_shader_destroy(struct glsl_shader *s)
{
   if (!s)
      return;
   glsl_log_finish(&s->log);
   glsl_arena_finish(&s->arena);
   free(s);
}

/* For the linker (glsl_lower.h): the shader's analysis. */
const struct glsl_shader_info *
glsl_shader_get_info(const struct glsl_shader *s)
{
   return &s->info;
}
