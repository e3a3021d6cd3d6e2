/*
 * GL_ARB_uniform_buffer_object's state (st_ubo.c, api/api_ubo.c): the
 * GL_UNIFORM_BUFFER binding, the indexed binding points glBindBufferBase /
 * glBindBufferRange set, the limits, and at draw time the constant
 * buffers of the program's uniform blocks (GLSL_CBUF_UBO0 ..., the
 * linker's per-stage numbering) filled from the buffers of the blocks'
 * binding points.  docs/gl2-api.md, "Uniform buffer objects".
 */
#ifndef ST_UBO_H
#define ST_UBO_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;
struct st_buffer;
struct st_glsl_linked;

/* GL_MAX_UNIFORM_BUFFER_BINDINGS and the other limits (ARB_uniform_buffer_object's
 * minimums without geometry shaders: 12 blocks per stage, 24 in all) */
#define ST_UBO_MAX_BINDINGS            36
#define ST_UBO_MAX_STAGE_BLOCKS        12
#define ST_UBO_MAX_COMBINED_BLOCKS     24
/* with geometry shaders (GL 3.2): three stages' blocks, GL 3.2's minimum */
#define ST_UBO_MAX_COMBINED_BLOCKS_GS  36
#define ST_UBO_MAX_BLOCK_SIZE          16384
#define ST_UBO_OFFSET_ALIGNMENT        16

struct st_ubo_binding {
   struct st_buffer *buffer;          /* referenced; NULL: none */
   int64_t offset, size;              /* glBindBufferRange's; 0, 0 for glBindBufferBase */
   bool range;
};

struct st_ubo_state {
   struct st_buffer *generic;         /* GL_UNIFORM_BUFFER (referenced) */
   struct st_ubo_binding bindings[ST_UBO_MAX_BINDINGS];
};

bool st_ubo_init(struct st_context *ctx);
void st_ubo_fini(struct st_context *ctx);

/* Does this context offer GL_ARB_uniform_buffer_object (desktop GL with GLSL)? */
bool st_ubo_enabled(const struct st_context *ctx);

/* The GL_UNIFORM_BUFFER binding for st_buffer_binding (NULL when the
 * context lacks the extension: the target is an unknown enum). */
struct st_buffer **st_ubo_generic_binding(struct st_context *ctx);

/* glDeleteBuffers: unbind b from the generic and indexed bindings. */
void st_ubo_unbind_buffer(struct st_context *ctx, struct st_buffer *b);

/* glBindBufferBase / glBindBufferRange on GL_UNIFORM_BUFFER, every check
 * done here (range: false for Base, offset and size ignored). */
void st_ubo_bind_buffer(struct st_context *ctx, GLuint index, GLuint buffer, GLintptr offset,
                        GLsizeiptr size, bool range, const char *where);

/* glGetIntegeri_v / glGetBooleani_v of GL_UNIFORM_BUFFER_BINDING / START /
 * SIZE: GL_NO_ERROR with *out set, GL_INVALID_VALUE (index), or
 * GL_INVALID_ENUM when target is none of them (or the extension is off). */
GLenum st_ubo_get_indexed(struct st_context *ctx, GLenum target, GLuint index, int64_t *out);

/* glGet of the limits and GL_UNIFORM_BUFFER_BINDING (false: not ours). */
bool st_ubo_get(struct st_context *ctx, GLenum pname, unsigned *count, double *d);

/* Draw time: each uniform block of stage s (0 vertex, 1 fragment) of l gets
 * its binding point's buffer range as its constant buffer. */
void st_ubo_bind_stage(struct st_context *ctx, unsigned stage, const struct st_glsl_linked *l);

#endif
