/*
 * GL_ARB_uniform_buffer_object: binding points and draw-time constant
 * buffers (st_ubo.h).  The entry points are api/api_ubo.c.
 */
#include "st_ubo.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "pipe/p_context.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_glsl.h"

_Static_assert(GLSL_CBUF_UBO0 > ST_GLSL_CBUF_CLIP && GLSL_CBUF_UBO0 > GLSL_CBUF_STATE,
               "uniform blocks after the other constant buffers");
_Static_assert(GLSL_CBUF_UBO0 + ST_UBO_MAX_STAGE_BLOCKS <= PIPE_MAX_CONSTANT_BUFFERS &&
               ST_UBO_MAX_STAGE_BLOCKS <= GLSL_MAX_STAGE_UNIFORM_BLOCKS,
               "a stage's blocks fit the pipe's constant buffers");

bool
st_ubo_init(struct st_context *ctx)
{
   ctx->ubo = calloc(1, sizeof *ctx->ubo);
   return ctx->ubo != NULL;
}

void
st_ubo_fini(struct st_context *ctx)
{
   struct st_ubo_state *u = ctx->ubo;
   if (!u)
      return;
   st_buffer_reference(&u->generic, NULL);
   for (unsigned i = 0; i < ST_UBO_MAX_BINDINGS; i++)
      st_buffer_reference(&u->bindings[i].buffer, NULL);
   free(u);
   ctx->ubo = NULL;
}

bool
st_ubo_enabled(const struct st_context *ctx)
{
   /* GL 3.1 / ARB_uniform_buffer_object, ES 3.0 */
   return ctx->ubo && ctx->profile != ST_PROFILE_GLES1 &&
          (ctx->profile != ST_PROFILE_GLES2 || ctx->version >= 30) && st_glsl_api(ctx);
}

struct st_buffer **
st_ubo_generic_binding(struct st_context *ctx)
{
   return st_ubo_enabled(ctx) ? &ctx->ubo->generic : NULL;
}

void
st_ubo_unbind_buffer(struct st_context *ctx, struct st_buffer *b)
{
   struct st_ubo_state *u = ctx->ubo;
   if (!u)
      return;
   if (u->generic == b)
      st_buffer_reference(&u->generic, NULL);
   for (unsigned i = 0; i < ST_UBO_MAX_BINDINGS; i++) {
      struct st_ubo_binding *bd = &u->bindings[i];
      if (bd->buffer == b) {
         st_buffer_reference(&bd->buffer, NULL);
         bd->offset = bd->size = 0;
         bd->range = false;
      }
   }
}

void
st_ubo_bind_buffer(struct st_context *ctx, GLuint index, GLuint buffer, GLintptr offset,
                   GLsizeiptr size, bool range, const char *where)
{
   struct st_ubo_state *u = ctx->ubo;
   if (index >= ST_UBO_MAX_BINDINGS) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   /* ARB_uniform_buffer_object: INVALID_VALUE for size <= 0 and for an
    * offset that is not a multiple of UNIFORM_BUFFER_OFFSET_ALIGNMENT
    * (a negative one is none either) */
   if (range && buffer && (size <= 0 || offset < 0 || offset % ST_UBO_OFFSET_ALIGNMENT)) {
      st_error(ctx, GL_INVALID_VALUE, where);
      return;
   }
   struct st_buffer *b;
   if (!st_buffer_for_bind(ctx, buffer, &b, where))
      return;
   struct st_ubo_binding *bd = &u->bindings[index];
   st_buffer_reference(&bd->buffer, b);
   bd->range = range && b;
   bd->offset = bd->range ? offset : 0;
   bd->size = bd->range ? size : 0;
   /* both commands bind the generic binding point too */
   st_buffer_reference(&u->generic, b);
}

GLenum
st_ubo_get_indexed(struct st_context *ctx, GLenum target, GLuint index, int64_t *out)
{
   if ((target != GL_UNIFORM_BUFFER_BINDING && target != GL_UNIFORM_BUFFER_START &&
        target != GL_UNIFORM_BUFFER_SIZE) || !st_ubo_enabled(ctx))
      return GL_INVALID_ENUM;
   if (index >= ST_UBO_MAX_BINDINGS)
      return GL_INVALID_VALUE;
   const struct st_ubo_binding *bd = &ctx->ubo->bindings[index];
   switch (target) {
   case GL_UNIFORM_BUFFER_BINDING: *out = bd->buffer ? bd->buffer->name : 0; break;
   case GL_UNIFORM_BUFFER_START: *out = bd->offset; break;
   default: *out = bd->size; break;
   }
   return GL_NO_ERROR;
}

bool
st_ubo_get(struct st_context *ctx, GLenum pname, unsigned *count, double *d)
{
   if (!st_ubo_enabled(ctx))
      return false;
   *count = 1;
   switch (pname) {
   case GL_UNIFORM_BUFFER_BINDING:
      d[0] = ctx->ubo->generic ? ctx->ubo->generic->name : 0;
      return true;
   case GL_MAX_VERTEX_UNIFORM_BLOCKS:
   case GL_MAX_FRAGMENT_UNIFORM_BLOCKS:
      d[0] = ST_UBO_MAX_STAGE_BLOCKS;
      return true;
   case GL_MAX_COMBINED_UNIFORM_BLOCKS:
      d[0] = st_desktop(ctx) && ctx->version >= 32 ? ST_UBO_MAX_COMBINED_BLOCKS_GS
                                                   : ST_UBO_MAX_COMBINED_BLOCKS;
      return true;
   case GL_MAX_UNIFORM_BUFFER_BINDINGS: d[0] = ST_UBO_MAX_BINDINGS; return true;
   case GL_MAX_UNIFORM_BLOCK_SIZE: d[0] = ST_UBO_MAX_BLOCK_SIZE; return true;
   case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: d[0] = ST_UBO_OFFSET_ALIGNMENT; return true;
   /* the default block's components plus every block's (in floats) */
   case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
      d[0] = ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS +
             (double)ST_UBO_MAX_STAGE_BLOCKS * ST_UBO_MAX_BLOCK_SIZE / 4;
      return true;
   case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
      d[0] = ST_GLSL_MAX_FRAGMENT_UNIFORM_COMPONENTS +
             (double)ST_UBO_MAX_STAGE_BLOCKS * ST_UBO_MAX_BLOCK_SIZE / 4;
      return true;
   /* geometry shaders (GL 3.2) */
   case GL_MAX_GEOMETRY_UNIFORM_BLOCKS:
   case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS:
      if (!st_desktop(ctx) || ctx->version < 32)
         return false;
      d[0] = pname == GL_MAX_GEOMETRY_UNIFORM_BLOCKS
                ? ST_UBO_MAX_STAGE_BLOCKS
                : ST_GLSL_MAX_GEOMETRY_UNIFORM_COMPONENTS +
                     (double)ST_UBO_MAX_STAGE_BLOCKS * ST_UBO_MAX_BLOCK_SIZE / 4;
      return true;
   default:
      return false;
   }
}

void
st_ubo_bind_stage(struct st_context *ctx, unsigned stage, const struct st_glsl_linked *l)
{
   const struct glsl_program_interface *it = l->iface;
   enum pipe_shader_type ps = stage == GLSL_STAGE_VERTEX ? PIPE_SHADER_VERTEX
                              : stage == GLSL_STAGE_GEOMETRY ? PIPE_SHADER_GEOMETRY
                                                             : PIPE_SHADER_FRAGMENT;
   for (unsigned i = 0; i < it->num_blocks; i++) {
      int cbuf = it->blocks[i].cbuf[stage];
      if (cbuf < GLSL_CBUF_UBO0 || cbuf >= PIPE_MAX_CONSTANT_BUFFERS)
         continue;
      GLuint point = l->block_bindings ? l->block_bindings[i] : 0;
      const struct st_ubo_binding *bd = point < ST_UBO_MAX_BINDINGS ? &ctx->ubo->bindings[point]
                                                                   : NULL;
      const struct st_buffer *b = bd ? bd->buffer : NULL;
      struct pipe_constant_buffer cb;
      memset(&cb, 0, sizeof cb);
      /* the range as bound, cut to the buffer's current size (GL leaves
       * reads past the end undefined: here they read 0, as unbound ones) */
      if (b && (uint64_t)bd->offset < b->size) {
         uint64_t avail = b->size - (uint64_t)bd->offset;
         uint64_t n = bd->range && (uint64_t)bd->size < avail ? (uint64_t)bd->size : avail;
         cb.user_buffer = b->data + bd->offset;
         cb.buffer_size = (unsigned)n;
      }
      st_set_constant_buffer(ctx, ps, (unsigned)cbuf, cb.user_buffer ? &cb : NULL);
   }
}
