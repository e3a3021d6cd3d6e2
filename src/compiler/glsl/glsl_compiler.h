/*
 * The GLSL compiler's entry points for the GL state tracker: compile a
 * shader from its source strings (and, next, link shaders into a program).  Everything
 * a compilation makes lives in the object it returns; destroying it frees
 * all of it.  These calls never crash, hang or leak on any input: failure
 * is a status and an info log.
 *
 * Stage by stage, the work is the front end's (docs/glsl.md): glsl_pp.c,
 * glsl_lexer.c, glsl_parser.c, then semantic analysis, linking and
 * lowering to Pony IR.
 */
#ifndef COMPILER_GLSL_GLSL_COMPILER_H
#define COMPILER_GLSL_GLSL_COMPILER_H

#include <stdbool.h>
#include <stdint.h>

#include "glsl_front.h"

/* What the context supports: which #version numbers, which extensions,
 * and the limits the linker enforces (GL's names). */
struct glsl_compiler_options {
   bool es_context;                    /* an OpenGL ES context: GLSL ES only */
   bool es_fragment_precision_high;    /* highp in ES 1.00 fragment shaders
                                        * (GL_FRAGMENT_PRECISION_HIGH) */
   const uint16_t *desktop_versions;   /* 0-terminated, e.g. { 110, 120, 0 } */
   const uint16_t *es_versions;        /* 0-terminated, e.g. { 100, 0 } */
   const char *const *extensions;      /* NULL-terminated names */
   unsigned max_vertex_attribs;
   unsigned max_varying_floats;
   unsigned max_vertex_uniform_components, max_fragment_uniform_components;
   unsigned max_texture_image_units, max_vertex_texture_image_units,
            max_combined_texture_image_units;
   unsigned max_texture_coords, max_draw_buffers, max_clip_planes, max_lights;
};

struct glsl_shader;

/* Compiles count source strings (lengths NULL or entries < 0: NUL-
 * terminated, as glShaderSource) for a stage.  Never NULL unless out of
 * memory. */
struct glsl_shader *glsl_compile(const struct glsl_compiler_options *opts, enum glsl_stage stage,
                                 const char *const *strings, const int *lengths, unsigned count);
bool glsl_shader_compiled(const struct glsl_shader *s);
enum glsl_stage glsl_shader_stage(const struct glsl_shader *s);
/* "" when empty, never NULL; lives as long as the shader */
const char *glsl_shader_info_log(const struct glsl_shader *s);
void glsl_shader_destroy(struct glsl_shader *s);

/* Linking (glsl_link, the program interface and the IR of each stage)
 * comes with the lowering to Pony IR (docs/glsl.md). */

#endif
