/*
 * Shaders of the virgl context (docs/virgl.md "Shaders"): the pipe's Pony
 * IR translated to TGSI text (virgl_tgsi.c) and sent as the protocol's
 * shader object; binding and deleting name it by its handle.
 * PONY_DEBUG=tgsi prints each shader's text, PONY_DEBUG=driver each
 * refusal with its reason.
 */
#include <stdio.h>
#include <stdlib.h>

#include "compiler/ir/ir.h"
#include "util/u_debug.h"
#include "virgl_driver.h"
#include "virgl_proto.h"
#include "virgl_tgsi.h"

struct virgl_shader {
   uint32_t handle;
   uint32_t stage;   /* VP_STAGE_* */
};

static void *
create_shader(struct pipe_context *pc, const struct pipe_shader_state *state, uint32_t stage)
{
   struct virgl_context *ctx = virgl_context(pc);
   uint64_t dbg = pony_debug_get();
   char err[256];
   if (state->type != PIPE_SHADER_IR_PONY || !state->ir) {
      if (dbg & PONY_DEBUG_DRIVER)
         pony_log("virgl", "shader refused: not Pony IR");
      return NULL;
   }
   if (state->stream_output.num_outputs) {
      /* the protocol carries them, but nothing here encodes them yet */
      if (dbg & PONY_DEBUG_DRIVER)
         pony_log("virgl", "shader refused: stream outputs are not encoded yet");
      return NULL;
   }
   /* FBO convention: y from row 0 (docs/virgl.md: window-system surfaces
    * need a variant, not made yet) */
   const struct virgl_tgsi_options opts = { .frag_coord_from_bottom = false };
   char *text = virgl_tgsi_from_ir(state->ir, &opts, err, sizeof err);
   if (!text) {
      if (dbg & PONY_DEBUG_DRIVER)
         pony_log("virgl", "shader refused: %s", err);
      return NULL;
   }
   if (dbg & PONY_DEBUG_TGSI)
      pony_log("virgl", "%s shader as TGSI:\n%s", ir_stage_name(state->ir->stage), text);
   struct virgl_shader *sh = calloc(1, sizeof *sh);
   if (!sh) {
      free(text);
      return NULL;
   }
   sh->handle = ++ctx->next_handle;
   sh->stage = stage;
   virgl_encode_shader(&ctx->cb, sh->handle, stage, text);
   free(text);
   return sh;
}

static void
bind_shader(struct pipe_context *pc, void *so, uint32_t stage)
{
   struct virgl_shader *sh = so;
   virgl_encode_bind_shader(&virgl_context(pc)->cb, sh ? sh->handle : 0, stage);
}

static void
delete_shader(struct pipe_context *pc, void *so)
{
   struct virgl_shader *sh = so;
   if (!sh)
      return;
   virgl_encode_destroy_object(&virgl_context(pc)->cb, VP_OBJ_SHADER, sh->handle);
   free(sh);
}

static void *
create_vs(struct pipe_context *pc, const struct pipe_shader_state *s)
{
   return create_shader(pc, s, VP_STAGE_VERTEX);
}

static void *
create_fs(struct pipe_context *pc, const struct pipe_shader_state *s)
{
   return create_shader(pc, s, VP_STAGE_FRAGMENT);
}

static void *
create_gs(struct pipe_context *pc, const struct pipe_shader_state *s)
{
   return create_shader(pc, s, VP_STAGE_GEOMETRY);
}

static void
bind_vs(struct pipe_context *pc, void *so)
{
   bind_shader(pc, so, VP_STAGE_VERTEX);
}

static void
bind_fs(struct pipe_context *pc, void *so)
{
   bind_shader(pc, so, VP_STAGE_FRAGMENT);
}

static void
bind_gs(struct pipe_context *pc, void *so)
{
   bind_shader(pc, so, VP_STAGE_GEOMETRY);
}

void
virgl_shader_init_context(struct virgl_context *ctx)
{
   ctx->base.create_vs_state = create_vs;
   ctx->base.bind_vs_state = bind_vs;
   ctx->base.delete_vs_state = delete_shader;
   ctx->base.create_fs_state = create_fs;
   ctx->base.bind_fs_state = bind_fs;
   ctx->base.delete_fs_state = delete_shader;
   ctx->base.create_gs_state = create_gs;
   ctx->base.bind_gs_state = bind_gs;
   ctx->base.delete_gs_state = delete_shader;
}
