/*
 * Shader CSOs for the vertex, fragment and geometry stages.  With the draw
 * module built in, vertex shaders become draw vertex shaders (irexec
 * underneath, or the driver's vs_create version owning the irexec one),
 * geometry shaders draw geometry shaders (irexec) and fragment shaders
 * irexec programs (plus the driver's fs_create version); an IR the
 * interpreter refuses makes create return NULL.
 */
#include <stdlib.h>

#include "swpipe_context.h"
#include "swpipe_screen.h"
#include "swpipe_state.h"
#include "util/u_debug.h"
#ifdef SWPIPE_HAVE_DRAW
#include "swpipe_draw.h"
#endif

static void *
create_shader(struct pipe_context *pipe, enum pipe_shader_type stage,
              const struct pipe_shader_state *templ)
{
   struct swpipe_shader *shader;

   if (!templ || templ->type != PIPE_SHADER_IR_PONY)
      return NULL;
   shader = calloc(1, sizeof *shader);
   if (!shader)
      return NULL;
   shader->stage = stage;
   shader->stream_output = templ->stream_output;
#ifdef SWPIPE_HAVE_DRAW
   struct swpipe_context *ctx = swpipe_context(pipe);
   char err[256] = "";
   struct swpipe_screen *screen = swpipe_screen(pipe->screen);
   if (templ->ir && ctx->ds) {
      if (stage == PIPE_SHADER_VERTEX) {
         shader->vs_prog = draw_create_vs_irexec(ctx->ds->draw, templ->ir, err, sizeof err);
         if (!shader->vs_prog)
            goto fail;
         /* the driver's own version, owning the irexec one, if it has one */
         if (screen->driver->vs_create) {
            struct draw_vertex_shader *vs =
               screen->driver->vs_create(screen, ctx->ds->draw, templ->ir, shader->vs_prog);
            if (vs)
               shader->vs_prog = vs;
         }
      } else if (stage == PIPE_SHADER_GEOMETRY) {
         shader->gs_prog = draw_create_gs_irexec(ctx->ds->draw, templ->ir, err, sizeof err);
         if (!shader->gs_prog)
            goto fail;
      } else if (stage == PIPE_SHADER_FRAGMENT) {
         shader->fs_prog = irexec_create(templ->ir, err, sizeof err);
         if (!shader->fs_prog)
            goto fail;
         /* the driver's own version (jitpipe: native code), if it has one */
         if (screen->driver->fs_create && screen->driver->fs_run_quad)
            shader->fs_driver = screen->driver->fs_create(screen, templ->ir, shader->fs_prog);
      }
   }
   return shader;

fail:
   if (ctx->debug & PONY_DEBUG_DRIVER)
      pony_log(swpipe_log_tag(pipe->screen), "shader refused: %s", err);
   free(shader);
   return NULL;
#else
   return shader;
#endif
}

static void *
swpipe_create_vs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(pipe, PIPE_SHADER_VERTEX, templ);
}

static void *
swpipe_create_fs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(pipe, PIPE_SHADER_FRAGMENT, templ);
}

static void *
swpipe_create_gs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return create_shader(pipe, PIPE_SHADER_GEOMETRY, templ);
}

static void
swpipe_bind_vs_state(struct pipe_context *pipe, void *shader)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->vs = shader;
   ctx->dirty |= SWPIPE_NEW_VS;
}

static void
swpipe_bind_fs_state(struct pipe_context *pipe, void *shader)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->fs = shader;
   ctx->dirty |= SWPIPE_NEW_FS;
}

static void
swpipe_bind_gs_state(struct pipe_context *pipe, void *shader)
{
   struct swpipe_context *ctx = swpipe_context(pipe);
   ctx->gs = shader;
   ctx->dirty |= SWPIPE_NEW_GS;
}

static void
swpipe_delete_shader_state(struct pipe_context *pipe, void *cso)
{
   struct swpipe_shader *shader = cso;

   if (!shader)
      return;
#ifdef SWPIPE_HAVE_DRAW
   struct swpipe_context *ctx = swpipe_context(pipe);
   if (shader->vs_prog && ctx->ds) {
      swpipe_derived_vs_deleted(ctx, shader->vs_prog);
      draw_delete_vertex_shader(ctx->ds->draw, shader->vs_prog);
   }
   if (shader->gs_prog && ctx->ds) {
      swpipe_derived_gs_deleted(ctx, shader->gs_prog);
      draw_delete_geometry_shader(ctx->ds->draw, shader->gs_prog);
   }
   struct swpipe_screen *screen = swpipe_screen(pipe->screen);
   if (shader->fs_driver && screen->driver->fs_destroy)
      screen->driver->fs_destroy(screen, shader->fs_driver);
   irexec_destroy(shader->fs_prog);
#endif
   free(shader);
}

void
swpipe_init_shader_funcs(struct pipe_context *pipe)
{
   pipe->create_vs_state = swpipe_create_vs_state;
   pipe->bind_vs_state = swpipe_bind_vs_state;
   pipe->delete_vs_state = swpipe_delete_shader_state;
   pipe->create_fs_state = swpipe_create_fs_state;
   pipe->bind_fs_state = swpipe_bind_fs_state;
   pipe->delete_fs_state = swpipe_delete_shader_state;
   pipe->create_gs_state = swpipe_create_gs_state;
   pipe->bind_gs_state = swpipe_bind_gs_state;
   pipe->delete_gs_state = swpipe_delete_shader_state;
}
