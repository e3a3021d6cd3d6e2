/* Shader CSOs for the vertex, fragment and geometry stages. */
#include <stdlib.h>

#include "refpipe_context.h"
#include "refpipe_state.h"

static void *
create_shader(enum pipe_shader_type stage, const struct pipe_shader_state *templ)
{
   struct refpipe_shader *shader;

   if (!templ || templ->type != PIPE_SHADER_IR_PONY)
      return NULL;
   shader = calloc(1, sizeof *shader);
   if (!shader)
      return NULL;
   shader->stage = stage;
   shader->stream_output = templ->stream_output;
   return shader;
}

static void *
refpipe_create_vs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(PIPE_SHADER_VERTEX, templ);
}

static void *
refpipe_create_fs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(PIPE_SHADER_FRAGMENT, templ);
}

static void *
refpipe_create_gs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(PIPE_SHADER_GEOMETRY, templ);
}

static void
refpipe_bind_vs_state(struct pipe_context *pipe, void *shader)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->vs = shader;
   ctx->dirty |= REFPIPE_NEW_VS;
}

static void
refpipe_bind_fs_state(struct pipe_context *pipe, void *shader)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->fs = shader;
   ctx->dirty |= REFPIPE_NEW_FS;
}

static void
refpipe_bind_gs_state(struct pipe_context *pipe, void *shader)
{
   struct refpipe_context *ctx = refpipe_context(pipe);
   ctx->gs = shader;
   ctx->dirty |= REFPIPE_NEW_GS;
}

static void
refpipe_delete_shader_state(struct pipe_context *pipe, void *shader)
{
   free(shader);
}

void
refpipe_init_shader_funcs(struct pipe_context *pipe)
{
   pipe->create_vs_state = refpipe_create_vs_state;
   pipe->bind_vs_state = refpipe_bind_vs_state;
   pipe->delete_vs_state = refpipe_delete_shader_state;
   pipe->create_fs_state = refpipe_create_fs_state;
   pipe->bind_fs_state = refpipe_bind_fs_state;
   pipe->delete_fs_state = refpipe_delete_shader_state;
   pipe->create_gs_state = refpipe_create_gs_state;
   pipe->bind_gs_state = refpipe_bind_gs_state;
   pipe->delete_gs_state = refpipe_delete_shader_state;
}
