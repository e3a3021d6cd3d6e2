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
   if (!glsl_pp_run(&sh->arena, &sh->log, job->strings, job->lengths, job->count, &ppo, &sh->pp))
      return;

   /* extensions the shader turned on, in directive order ("all" aside) */
   struct ext_set set;
   set.names = glsl_alloc_array(&sh->arena, sh->pp.num_extensions + 1, sizeof *set.names);
   set.n = 0;
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
