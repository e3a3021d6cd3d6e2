/*
 * The attribute stacks: glPushAttrib, glPopAttrib, glPushClientAttrib,
 * glPopClientAttrib.  Groups whose state does not exist yet (texturing,
 * ...) push nothing but their enables.  Drawing state
 * (st_draw_ctx): matrix mode, current colour/normal/texcoord, shade model,
 * polygon state, depth function, blend function/equation, client arrays.
 */
#include <string.h>

#include "api.h"

void GLAPIENTRY
api_glPushAttrib(GLbitfield mask)
{
   ST_ENTRY(ctx);
   if (ctx->attrib_depth >= ST_MAX_ATTRIB_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushAttrib");
      return;
   }
   struct st_attrib_frame *f = &ctx->attrib_stack[ctx->attrib_depth++];
   f->mask = mask;
   f->color = ctx->color;
   f->clamp = ctx->clamp;
   f->accum = ctx->accum;
   f->depth = ctx->depth;
   f->stencil = ctx->stencil;
   f->viewport = ctx->viewport;
   f->scissor = ctx->scissor;
   f->pixel = ctx->pixel;
   f->hint = ctx->hint;
   f->enable = ctx->enable;

   const struct st_draw_ctx *d = ctx->draw;
   f->matrix_mode = d->matrix_mode;
   memcpy(f->current, d->current, sizeof f->current);
   f->current_ints = d->current_ints;
   f->raster = ctx->pix.raster;
   f->pixel_transfer = ctx->pix.transfer;
   f->shade_model = d->shade_model;
   f->provoking_vertex = d->provoking_vertex;
   f->cull_face = d->cull_face;
   f->front_face = d->front_face;
   f->polygon_mode[0] = d->polygon_mode[0];
   f->polygon_mode[1] = d->polygon_mode[1];
   f->depth_func = d->depth_func;
   memcpy(f->blend, d->blend, sizeof f->blend);
   f->lighting = d->lighting;
   f->fog = d->fog;
   f->frag = d->frag;
   memcpy(f->clip_plane, d->clip_plane, sizeof f->clip_plane);
   f->list_base = ctx->dlist.base;
   f->eval_grid = ctx->eval_grid;   /* GL_EVAL_BIT: grids (enables below) */
   st_texture_push(ctx, mask, &f->texture);   /* GL_TEXTURE_BIT, texture enables */
}

void GLAPIENTRY
api_glPopAttrib(void)
{
   ST_ENTRY(ctx);
   if (ctx->attrib_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopAttrib");
      return;
   }
   const struct st_attrib_frame *f = &ctx->attrib_stack[--ctx->attrib_depth];
   GLbitfield m = f->mask;

   struct st_draw_ctx *d = ctx->draw;
   if (m & GL_COLOR_BUFFER_BIT) {
      if (ctx->color.draw_buffer != f->color.draw_buffer)
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
      ctx->color = f->color;
      memcpy(d->blend, f->blend, sizeof d->blend);
   }
   /* ARB_color_buffer_float's clamp controls */
   if (m & (GL_LIGHTING_BIT | GL_ENABLE_BIT))
      ctx->clamp.vertex = f->clamp.vertex;
   if (m & (GL_COLOR_BUFFER_BIT | GL_ENABLE_BIT)) {
      ctx->clamp.fragment = f->clamp.fragment;
      ctx->clamp.read = f->clamp.read;
   }
   if (m & GL_ACCUM_BUFFER_BIT)
      ctx->accum = f->accum;
   if (m & GL_DEPTH_BUFFER_BIT) {
      ctx->depth = f->depth;
      d->depth_func = f->depth_func;
   }
   if (m & GL_TRANSFORM_BIT) {
      d->matrix_mode = f->matrix_mode;
      memcpy(d->clip_plane, f->clip_plane, sizeof d->clip_plane);
   }
   if (m & GL_FOG_BIT)
      d->fog = f->fog;
   st_frag_pop(ctx, m, &f->frag);
   if (m & GL_CURRENT_BIT) {
      memcpy(d->current, f->current, sizeof d->current);
      d->current_ints = f->current_ints;
      ctx->pix.raster = f->raster;
   }
   if (m & GL_LIGHTING_BIT) {
      d->shade_model = f->shade_model;
      d->provoking_vertex = f->provoking_vertex;
      d->lighting = f->lighting;
   }
   if (m & GL_POLYGON_BIT) {
      d->cull_face = f->cull_face;
      d->front_face = f->front_face;
      d->polygon_mode[0] = f->polygon_mode[0];
      d->polygon_mode[1] = f->polygon_mode[1];
   }
   if (m & GL_STENCIL_BUFFER_BIT)
      ctx->stencil = f->stencil;
   if (m & GL_VIEWPORT_BIT) {
      ctx->viewport = f->viewport;
      ctx->dirty |= ST_NEW_VIEWPORT;
   }
   if (m & GL_SCISSOR_BIT) {
      ctx->scissor = f->scissor;
      ctx->dirty |= ST_NEW_SCISSOR;
   }
   if (m & GL_PIXEL_MODE_BIT) {
      if (ctx->pixel.read_buffer != f->pixel.read_buffer)
         ctx->dirty |= ST_NEW_FRAMEBUFFER;
      ctx->pixel = f->pixel;
      ctx->pix.transfer = f->pixel_transfer;
   }
   if (m & GL_HINT_BIT)
      ctx->hint = f->hint;
   if (m & GL_LIST_BIT)
      ctx->dlist.base = f->list_base;
   if (m & GL_EVAL_BIT)
      ctx->eval_grid = f->eval_grid;   /* api_eval.c */

   for (unsigned c = 0; c < ST_CAP_COUNT; c++) {
      if (!(m & (GL_ENABLE_BIT | st_cap_attrib_bits((enum st_cap)c))))
         continue;
      uint64_t bit = 1ull << (c % 64);
      ctx->enable.bits[c / 64] = (ctx->enable.bits[c / 64] & ~bit) |
                                 (f->enable.bits[c / 64] & bit);
   }
   /* the per-draw-buffer GL_BLEND enables (EXT_draw_buffers2) go with
    * GL_BLEND's groups */
   if (m & (GL_ENABLE_BIT | GL_COLOR_BUFFER_BIT))
      ctx->enable.blend_bufs = f->enable.blend_bufs;
   st_texture_pop(ctx, m, &ctx->attrib_stack[ctx->attrib_depth].texture);
   ctx->dirty |= ST_NEW_SCISSOR;
   if (m & (GL_ENABLE_BIT | GL_COLOR_BUFFER_BIT))
      ctx->dirty |= ST_NEW_FRAMEBUFFER;   /* GL_FRAMEBUFFER_SRGB */
}

void GLAPIENTRY
api_glPushClientAttrib(GLbitfield mask)
{
   ST_ENTRY(ctx);
   if (ctx->client_attrib_depth >= ST_MAX_ATTRIB_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "glPushClientAttrib");
      return;
   }
   struct st_client_attrib_frame *f = &ctx->client_attrib_stack[ctx->client_attrib_depth++];
   f->mask = mask;
   f->pixelstore = ctx->pixelstore;
   /* only the vertex-array group holds buffer references */
   if (mask & GL_CLIENT_VERTEX_ARRAY_BIT)
      st_client_arrays_push(ctx, f);
}

void GLAPIENTRY
api_glPopClientAttrib(void)
{
   ST_ENTRY(ctx);
   if (ctx->client_attrib_depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "glPopClientAttrib");
      return;
   }
   struct st_client_attrib_frame *f = &ctx->client_attrib_stack[--ctx->client_attrib_depth];
   if (f->mask & GL_CLIENT_PIXEL_STORE_BIT)
      ctx->pixelstore = f->pixelstore;
   if (f->mask & GL_CLIENT_VERTEX_ARRAY_BIT)
      st_client_arrays_pop(ctx, f);   /* st_array.c: moves the references back */
}
