/*
 * Shader CSOs for the vertex, fragment and geometry stages.  With the draw
 * module built in, vertex shaders become draw vertex shaders (irexec
 * underneath) and fragment shaders irexec programs; an IR the interpreter
 * refuses makes create return NULL.  Geometry shaders are kept but never
 * run (no geometry_shader cap).
 */
#include <stdlib.h>

#include "refpipe_context.h"
#include "refpipe_state.h"
#include "util/u_debug.h"
#ifdef REFPIPE_HAVE_DRAW
#include "refpipe_draw.h"
#endif

static void *
create_shader(struct pipe_context *pipe, enum pipe_shader_type stage,
              const struct pipe_shader_state *templ)
{
   struct refpipe_shader *shader;

   if (!templ || templ->type != PIPE_SHADER_IR_PONY)
      return NULL;
   shader = calloc(1, sizeof *shader);
   if (!shader)
      return NULL;
   shader->stage = stage;
   shader->stream_output = templ->stream_output;
#ifdef REFPIPE_HAVE_DRAW
   struct refpipe_context *ctx = refpipe_context(pipe);
   char err[256] = "";
   if (templ->ir && ctx->ds) {
      if (stage == PIPE_SHADER_VERTEX) {
         shader->vs_prog = draw_create_vs_irexec(ctx->ds->draw, templ->ir, err, sizeof err);
         if (!shader->vs_prog)
            goto fail;
      } else if (stage == PIPE_SHADER_FRAGMENT) {
         shader->fs_prog = irexec_create(templ->ir, err, sizeof err);
         if (!shader->fs_prog)
            goto fail;
      }
   }
   return shader;

fail:
   if (ctx->debug & PONY_DEBUG_DRIVER)
      pony_log("refpipe", "shader refused: %s", err);
   free(shader);
   return NULL;
#else
   return shader;
#endif
}

static void *
refpipe_create_vs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(pipe, PIPE_SHADER_VERTEX, templ);
}

static void *
refpipe_create_fs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(pipe, PIPE_SHADER_FRAGMENT, templ);
}

static void *
refpipe_create_gs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(pipe, PIPE_SHADER_GEOMETRY, templ);
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
refpipe_delete_shader_state(struct pipe_context *pipe, void *cso)
{
   struct refpipe_shader *shader = cso;

   if (!shader)
      return;
#ifdef REFPIPE_HAVE_DRAW
   struct refpipe_context *ctx = refpipe_context(pipe);
   if (shader->vs_prog && ctx->ds) {
      refpipe_derived_vs_deleted(ctx, shader->vs_prog);
      draw_delete_vertex_shader(ctx->ds->draw, shader->vs_prog);
   }
   irexec_destroy(shader->fs_prog);
#endif
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
