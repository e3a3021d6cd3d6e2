/*
 * TEMPORARY (deleted when branch glsl-link lands): weak stand-ins for the
 * link API of glsl_compiler.h, so that the state tracker links before the
 * linker exists.  Every link fails with one info-log line.
 */
#include <stdlib.h>

#include "compiler/glsl/glsl_compiler.h"

struct glsl_program {
   int unused;
};

__attribute__((weak)) struct glsl_program *
glsl_link(const struct glsl_compiler_options *opts, struct glsl_shader *const *shaders,
          unsigned count, const struct glsl_attrib_binding *bindings, unsigned num_bindings)
{
   (void)opts;
   (void)shaders;
   (void)count;
   (void)bindings;
   (void)num_bindings;
   return calloc(1, sizeof(struct glsl_program));
}

__attribute__((weak)) bool
glsl_program_linked(const struct glsl_program *p)
{
   (void)p;
   return false;
}

__attribute__((weak)) const char *
glsl_program_info_log(const struct glsl_program *p)
{
   (void)p;
   return "error: linking is not implemented yet\n";
}

__attribute__((weak)) const struct glsl_program_interface *
glsl_program_get_interface(const struct glsl_program *p)
{
   (void)p;
   return NULL;
}

__attribute__((weak)) bool
glsl_program_uniform_at(const struct glsl_program *p, int location,
                        const struct glsl_uniform **u, unsigned *element)
{
   (void)p;
   (void)location;
   (void)u;
   (void)element;
   return false;
}

__attribute__((weak)) int
glsl_program_uniform_location(const struct glsl_program *p, const char *name)
{
   (void)p;
   (void)name;
   return -1;
}

__attribute__((weak)) int
glsl_program_attrib_location(const struct glsl_program *p, const char *name)
{
   (void)p;
   (void)name;
   return -1;
}

__attribute__((weak)) void
glsl_program_destroy(struct glsl_program *p)
{
   free(p);
}
