/*
 * Shaders of the virgl context (docs/virgl.md "Shaders"): the pipe's Pony
 * IR translated to TGSI text (virgl_tgsi.c) and sent as the protocol's
 * shader object; binding and deleting name it by its handle.
 * PONY_DEBUG=tgsi prints each shader's text, PONY_DEBUG=driver each
 * refusal with its reason.  Fragment shaders reading gl_FragCoord are
 * sent in two variants, its rows counted from the top or the bottom,
 * and the one the bound rasterizer's bottom_edge_rule asks for is bound
 * (the host counts from row 0 whatever the rasterizer says).
 */
#include <stdio.h>
#include <stdlib.h>

#include "compiler/ir/ir.h"
#include "util/u_debug.h"
#include "virgl_driver.h"
#include "virgl_proto.h"
#include "virgl_tgsi.h"

struct virgl_shader {
   /* [0]: gl_FragCoord.y from row 0 (FBOs), [1]: from the last row (the
    * rasterizer's bottom_edge_rule: y-flipped window-system surfaces);
    * one handle only for shaders that do not read it */
   uint32_t handle[2];
   bool variants;
   uint32_t stage;   /* VP_STAGE_* */
};

/* The rasterizer objects of virgl_state.c, with the bit shaders need. */
struct rs_wrap {
   void *inner;
   bool bottom_edge_rule;
};

static bool
reads_frag_coord(const struct ir_shader *s)
{
   for (const struct ir_var *v = s->vars; v; v = v->next)
      if (v->mode == IR_VAR_INPUT && v->semantic == IR_SEM_FRAG_COORD)
         return true;
   return false;
}

/* The text of one variant, or NULL (logged). */
static char *
translate(const struct ir_shader *ir, bool from_bottom)
{
   uint64_t dbg = pony_debug_get();
   char err[256];
   const struct virgl_tgsi_options opts = { .frag_coord_from_bottom = from_bottom };
   char *text = virgl_tgsi_from_ir(ir, &opts, err, sizeof err);
   if (!text && (dbg & PONY_DEBUG_DRIVER))
      pony_log("virgl", "shader refused: %s", err);
   if (text && (dbg & PONY_DEBUG_TGSI))
      pony_log("virgl", "%s shader as TGSI:\n%s", ir_stage_name(ir->stage), text);
   return text;
}

static void *
create_shader(struct pipe_context *pc, const struct pipe_shader_state *state, uint32_t stage)
{
   struct virgl_context *ctx = virgl_context(pc);
   uint64_t dbg = pony_debug_get();
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
   bool variants = stage == VP_STAGE_FRAGMENT && reads_frag_coord(state->ir);
   char *text[2] = { translate(state->ir, false), NULL };
   if (text[0] && variants)
      text[1] = translate(state->ir, true);
   struct virgl_shader *sh = text[0] && (text[1] || !variants) ? calloc(1, sizeof *sh) : NULL;
   if (sh) {
      sh->stage = stage;
      sh->variants = variants;
      for (unsigned i = 0; i < 2; i++) {
         if (!text[i])
            continue;
         sh->handle[i] = ++ctx->next_handle;
         virgl_encode_shader(&ctx->cb, sh->handle[i], stage, text[i]);
      }
   }
   free(text[0]);
   free(text[1]);
   return sh;
}

/* The handle for the bound rasterizer. */
static uint32_t
shader_handle(const struct virgl_context *ctx, const struct virgl_shader *sh)
{
   return sh ? sh->handle[sh->variants && ctx->bottom_edge_rule] : 0;
}

static void
bind_shader(struct pipe_context *pc, void *so, uint32_t stage)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (stage == VP_STAGE_FRAGMENT)
      ctx->fs = so;
   virgl_encode_bind_shader(&ctx->cb, shader_handle(ctx, so), stage);
}

static void
delete_shader(struct pipe_context *pc, void *so)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_shader *sh = so;
   if (!sh)
      return;
   if (ctx->fs == so)
      ctx->fs = NULL;
   for (unsigned i = 0; i < 2; i++)
      if (sh->handle[i])
         virgl_encode_destroy_object(&ctx->cb, VP_OBJ_SHADER, sh->handle[i]);
   free(sh);
}

static void *
create_rs(struct pipe_context *pc, const struct pipe_rasterizer_state *r)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct rs_wrap *w = calloc(1, sizeof *w);
   if (!w)
      return NULL;
   w->inner = ctx->state_rs.create(pc, r);
   if (!w->inner) {
      free(w);
      return NULL;
   }
   w->bottom_edge_rule = r->bottom_edge_rule;
   return w;
}

static void
bind_rs(struct pipe_context *pc, void *so)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct rs_wrap *w = so;
   ctx->state_rs.bind(pc, w ? w->inner : NULL);
   bool ber = w && w->bottom_edge_rule;
   if (ber != ctx->bottom_edge_rule) {
      ctx->bottom_edge_rule = ber;
      struct virgl_shader *fs = ctx->fs;
      if (fs && fs->variants)
         virgl_encode_bind_shader(&ctx->cb, shader_handle(ctx, fs), VP_STAGE_FRAGMENT);
   }
}

static void
delete_rs(struct pipe_context *pc, void *so)
{
   struct rs_wrap *w = so;
   if (!w)
      return;
   virgl_context(pc)->state_rs.destroy(pc, w->inner);
   free(w);
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

/* After virgl_state_init_context: wraps its rasterizer calls. */
void
virgl_shader_init_context(struct virgl_context *ctx)
{
   ctx->state_rs.create = ctx->base.create_rasterizer_state;
   ctx->state_rs.bind = ctx->base.bind_rasterizer_state;
   ctx->state_rs.destroy = ctx->base.delete_rasterizer_state;
   ctx->base.create_rasterizer_state = create_rs;
   ctx->base.bind_rasterizer_state = bind_rs;
   ctx->base.delete_rasterizer_state = delete_rs;
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
