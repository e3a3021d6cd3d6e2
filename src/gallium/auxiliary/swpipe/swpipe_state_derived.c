/*
 * swpipe_update_derived(): the one validation step before drawing.  It
 * turns the SWPIPE_NEW_* dirty bits into what drawing uses: the draw
 * module's copy of the vertex state, the rasterizer's state (clip
 * rectangle, fill rule, stipple), the fragment shader's input/output
 * wiring, the texture units and the depth clamp range; then clears the
 * bits.  Nothing here is computed in a setter.
 */
#include <string.h>

#include "format/u_format.h"
#include "swpipe_draw.h"
#include "swpipe_fragops.h"
#include "swpipe_resource.h"
#include "swpipe_screen.h"
#include "swpipe_state.h"

static void
update_raster_state(struct swpipe_context *ctx)
{
   struct swpipe_raster_state *rs = &ctx->ds->rast.state;
   const struct pipe_rasterizer_state *r = ctx->rasterizer;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;

   rs->clip_minx = 0;
   rs->clip_miny = 0;
   rs->clip_maxx = fb->width;
   rs->clip_maxy = fb->height;
   if (r && r->scissor) {
      const struct pipe_scissor_state *sc = &ctx->scissors[0];
      if (sc->minx > rs->clip_minx)
         rs->clip_minx = sc->minx;
      if (sc->miny > rs->clip_miny)
         rs->clip_miny = sc->miny;
      if (sc->maxx < rs->clip_maxx)
         rs->clip_maxx = sc->maxx;
      if (sc->maxy < rs->clip_maxy)
         rs->clip_maxy = sc->maxy;
   }
   rs->half_pixel_center = r ? r->half_pixel_center : true;
   rs->bottom_edge_rule = r && r->bottom_edge_rule;
   rs->flatshade_first = r && r->flatshade_first;
   rs->line_last_pixel = r && r->line_last_pixel;
   rs->line_stipple_enable = r && r->line_stipple_enable;
   rs->line_stipple_factor = r ? r->line_stipple_factor + 1u : 1u;
   rs->line_stipple_pattern = r ? r->line_stipple_pattern : 0xffff;
   rs->poly_stipple_enable = r && r->poly_stipple_enable;
   rs->fb_height = fb->height;
   memcpy(rs->poly_stipple, ctx->stipple.stipple, sizeof rs->poly_stipple);
   rs->sprite_coord_lower_left = r && r->sprite_coord_mode;
   rs->fb_samples = 1;
   for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      if (fb->cbufs[i] && fb->cbufs[i]->texture && fb->cbufs[i]->texture->nr_samples > 1) {
         rs->fb_samples = fb->cbufs[i]->texture->nr_samples;
         break;
      }
   }
   if (rs->fb_samples == 1 && fb->zsbuf && fb->zsbuf->texture &&
       fb->zsbuf->texture->nr_samples > 1)
      rs->fb_samples = fb->zsbuf->texture->nr_samples;
   rs->multisample = r && r->multisample;
   rs->sample_pos_enable = false;
}

/* The layers every bound surface has (GL 3.2 4.4.7: a fragment's layer
 * beyond the smallest count of any attachment is undefined). */
static void
update_layers(struct swpipe_context *ctx)
{
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   unsigned n = ~0u;

   for (unsigned i = 0; i <= fb->nr_cbufs && i <= PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_surface *s = i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS ? fb->cbufs[i]
                                                                                 : fb->zsbuf;
      if (s && s->texture && s->last_layer >= s->first_layer &&
          s->last_layer - s->first_layer + 1 < n)
         n = s->last_layer - s->first_layer + 1;
   }
   ctx->ds->fb_layers = n == ~0u ? 1 : n;
}

/* The viewport's depth range [min(n, f), max(n, f)] for depth clamp. */
static void
update_depth_range(struct swpipe_context *ctx)
{
   const struct pipe_viewport_state *vp = &ctx->viewports[0];
   bool halfz = ctx->rasterizer && ctx->rasterizer->clip_halfz;
   float n = halfz ? vp->translate[2] : vp->translate[2] - vp->scale[2];
   float f = vp->translate[2] + vp->scale[2];
   ctx->ds->depth_min = n < f ? n : f;
   ctx->ds->depth_max = n < f ? f : n;
}

static void
update_fs_wiring(struct swpipe_context *ctx)
{
   struct swpipe_draw_state *ds = ctx->ds;
   const struct irexec_slot *ins, *outs;
   int broadcast = -1;

   ds->fs = ctx->fs ? ctx->fs->fs_prog : NULL;
   ds->fs_driver = ctx->fs ? ctx->fs->fs_driver : NULL;
   ds->fs_num_inputs = ds->fs_num_outputs = 0;
   ds->color1_out = ds->depth_out = -1;
   for (unsigned t = 0; t < PIPE_MAX_COLOR_BUFS; t++)
      ds->color_out[t] = -1;
   ds->point_coord_attr = draw_find_output(ds->draw, IR_SEM_POINT_COORD, 0);
   /* gl_Layer: a geometry shader output (GL 3.2 has no other writer) */
   ds->layer_attr = ctx->gs && ctx->gs->gs_prog ? draw_find_output(ds->draw, IR_SEM_LAYER, 0)
                                                : -1;
   if (!ds->fs)
      return;

   ds->fs_num_inputs = irexec_get_inputs(ds->fs, &ins);
   ds->frag_coord_conventions = 0;
   for (unsigned s = 0; s < ds->fs_num_inputs; s++) {
      struct swpipe_fs_input *in = &ds->fs_inputs[s];
      memset(in, 0, sizeof *in);
      /* gl_FragCoord's conventions ride on its location (docs/ir.md) */
      if (ins[s].semantic == IR_SEM_FRAG_COORD)
         ds->frag_coord_conventions = (unsigned)ins[s].location &
                                      (IR_FRAG_COORD_UPPER_LEFT | IR_FRAG_COORD_INTEGER);
      in->flat = ins[s].interp == IR_INTERP_FLAT || ins[s].base != IR_FLOAT;
      in->noperspective = ins[s].interp == IR_INTERP_NOPERSPECTIVE;
      if (ins[s].source != IREXEC_SRC_INPUTS) {
         in->kind = SWPIPE_FS_IN_SYSTEM;
      } else if (ins[s].semantic == IR_SEM_POINT_COORD) {
         in->kind = SWPIPE_FS_IN_POINT_COORD;
      } else if (ins[s].semantic == IR_SEM_LAST_FRAG_DATA) {
         in->kind = SWPIPE_FS_IN_LAST_FRAG;
         in->attr = (int)ins[s].array_index;   /* draw buffer n: colour buffer n */
      } else {
         in->attr = draw_find_output(ds->draw, ins[s].semantic, ins[s].location);
         in->kind = in->attr >= 0 ? SWPIPE_FS_IN_ATTR : SWPIPE_FS_IN_NONE;
         /* gl_PrimitiveID without a geometry shader writing it (GLSL
          * 1.50 7.2): the number draw gives each primitive */
         if (in->attr < 0 && ins[s].semantic == IR_SEM_PRIMITIVE_ID)
            in->kind = SWPIPE_FS_IN_PRIMITIVE_ID;
      }
   }

   /* colour outputs: generic location t feeds target t; a generic output at
    * location -1 (gl_FragColor) feeds every target without its own */
   ds->fs_num_outputs = irexec_get_outputs(ds->fs, &outs);
   for (unsigned s = 0; s < ds->fs_num_outputs; s++) {
      if (outs[s].semantic == IR_SEM_GENERIC && outs[s].location == -1 && outs[s].written)
         broadcast = (int)s;
   }
   /* the dual-source colour: the written output variable declared at
    * location 1 (its element 0: gl_SecondaryFragColorEXT,
    * gl_SecondaryFragDataEXT[0]), not element 1 of an array at location 0
    * (gl_FragData[1]) */
   int second = -1;
   for (unsigned s = 0; s < ds->fs_num_outputs; s++) {
      if (outs[s].semantic == IR_SEM_GENERIC && outs[s].location == 1 &&
          outs[s].array_index == 0 && outs[s].written)
         second = (int)s;
   }
   for (unsigned t = 0; t < PIPE_MAX_COLOR_BUFS; t++) {
      int slot = irexec_find_output(ds->fs, IR_SEM_GENERIC, (int)t);
      ds->color_out[t] = slot >= 0 && outs[slot].written ? slot : broadcast;
   }
   /* dual-source blending: the second colour of target 0 */
   if (ctx->blend && swpipe_blend_uses_src1(&ctx->blend->rt[0]))
      ds->color1_out = second;
   {
      int slot = irexec_find_output(ds->fs, IR_SEM_FRAG_DEPTH, 0);
      ds->depth_out = slot >= 0 && outs[slot].written ? slot : -1;
   }
}

/* The outputs of the stage that is rasterized (n slots, the wrapper's
 * copy): a fragment input read flat, or one qualified in the source (a
 * colour the shade model leaves alone), decides its output's
 * interpolation.  fs NULL: nothing changes. */
static void
widen_to_fs_inputs(struct draw_vs_slot *outputs, unsigned n, const struct irexec_program *fs)
{
   const struct irexec_slot *ins;
   unsigned nin = fs ? irexec_get_inputs(fs, &ins) : 0;
   for (unsigned s = 0; s < nin; s++) {
      bool flat = ins[s].interp == IR_INTERP_FLAT || ins[s].base != IR_FLOAT;
      if (ins[s].source != IREXEC_SRC_INPUTS || (!flat && !ins[s].interp_explicit))
         continue;
      for (unsigned o = 0; o < n; o++) {
         if (outputs[o].semantic == ins[s].semantic &&
             (ins[s].semantic != IR_SEM_GENERIC || outputs[o].location == ins[s].location)) {
            outputs[o].interp = flat ? IR_INTERP_FLAT : ins[s].interp;
            outputs[o].interp_explicit |= ins[s].interp_explicit;
         }
      }
   }
}

static bool
vs_run(const struct draw_vertex_shader *vs, const struct draw_vs_env *env, unsigned n,
       const float (*inputs)[4], float (*outputs)[4], unsigned out_stride)
{
   const struct swpipe_vs_wrapper *w = (const struct swpipe_vs_wrapper *)vs;
   return w->inner && w->inner->run(w->inner, env, n, inputs, outputs, out_stride);
}

static void
vs_destroy(struct draw_vertex_shader *vs)
{
   /* embedded in swpipe_draw_state; the inner shader belongs to its CSO */
}

/* Bind the VS, its flat outputs widened to what the FS reads flat. */
static void
update_vs(struct swpipe_context *ctx)
{
   struct swpipe_draw_state *ds = ctx->ds;
   struct swpipe_vs_wrapper *w = &ds->vs;
   struct draw_vertex_shader *inner = ctx->vs ? ctx->vs->vs_prog : NULL;
   const struct irexec_program *fs = ctx->fs ? ctx->fs->fs_prog : NULL;

   if (!inner) {
      w->inner = NULL;
      draw_set_vertex_shader(ds->draw, NULL);
      return;
   }
   w->inner = inner;
   w->base.num_inputs = inner->num_inputs;
   w->base.soa_width = inner->soa_width;
   w->base.inputs = inner->inputs;
   w->base.num_outputs = inner->num_outputs < DRAW_MAX_VS_SLOTS ? inner->num_outputs
                                                                 : DRAW_MAX_VS_SLOTS;
   memcpy(w->outputs, inner->outputs, w->base.num_outputs * sizeof w->outputs[0]);
   w->base.outputs = w->outputs;
   w->base.run = vs_run;
   w->base.destroy = vs_destroy;
   widen_to_fs_inputs(w->outputs, w->base.num_outputs, fs);
   /* rebinding makes draw read the new output description */
   draw_set_vertex_shader(ds->draw, NULL);
   draw_set_vertex_shader(ds->draw, &w->base);
}

void
swpipe_derived_vs_deleted(struct swpipe_context *ctx, struct draw_vertex_shader *vs)
{
   if (ctx->ds && ctx->ds->vs.inner == vs) {
      draw_set_vertex_shader(ctx->ds->draw, NULL);
      ctx->ds->vs.inner = NULL;
      ctx->dirty |= SWPIPE_NEW_VS;
   }
}

static bool
gs_run(const struct draw_geometry_shader *gs, const struct draw_gs_env *env, unsigned n,
       const float (*inputs)[4], float (*outputs)[4], uint8_t *strip_start,
       unsigned *num_emitted)
{
   const struct swpipe_gs_wrapper *w = (const struct swpipe_gs_wrapper *)gs;
   return w->inner && w->inner->run(w->inner, env, n, inputs, outputs, strip_start, num_emitted);
}

static void
gs_destroy(struct draw_geometry_shader *gs)
{
   /* embedded in swpipe_draw_state; the inner shader belongs to its CSO */
}

/* Bind the GS, its outputs widened like update_vs's (a bound geometry
 * shader's outputs are the ones rasterized). */
static void
update_gs(struct swpipe_context *ctx)
{
   struct swpipe_draw_state *ds = ctx->ds;
   struct swpipe_gs_wrapper *w = &ds->gs;
   struct draw_geometry_shader *inner = ctx->gs ? ctx->gs->gs_prog : NULL;
   const struct irexec_program *fs = ctx->fs ? ctx->fs->fs_prog : NULL;

   draw_set_geometry_shader(ds->draw, NULL);
   w->inner = inner;
   if (!inner)
      return;
   w->base = *inner;
   w->base.num_outputs = inner->num_outputs < DRAW_MAX_VS_SLOTS ? inner->num_outputs
                                                                 : DRAW_MAX_VS_SLOTS;
   memcpy(w->outputs, inner->outputs, w->base.num_outputs * sizeof w->outputs[0]);
   w->base.outputs = w->outputs;
   w->base.run = gs_run;
   w->base.destroy = gs_destroy;
   widen_to_fs_inputs(w->outputs, w->base.num_outputs, fs);
   draw_set_geometry_shader(ds->draw, &w->base);
}

void
swpipe_derived_gs_deleted(struct swpipe_context *ctx, struct draw_geometry_shader *gs)
{
   if (ctx->ds && ctx->ds->gs.inner == gs) {
      draw_set_geometry_shader(ctx->ds->draw, NULL);
      ctx->ds->gs.inner = NULL;
      ctx->dirty |= SWPIPE_NEW_GS;
   }
}

static void
update_constants(struct swpipe_context *ctx)
{
   struct swpipe_draw_state *ds = ctx->ds;

   for (unsigned i = 0; i < ctx->constant_slots && i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
      const void *data[PIPE_SHADER_TYPES];
      unsigned size[PIPE_SHADER_TYPES];
      for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
         const struct swpipe_constant_buffer *cb = &ctx->constants[s][i];
         data[s] = NULL;
         size[s] = 0;
         if (cb->user) {
            data[s] = cb->copy;
            size[s] = cb->size;
         } else if (cb->buffer) {
            struct swpipe_resource *res = swpipe_resource(cb->buffer);
            unsigned w = cb->buffer->width0;
            if (cb->offset < w) {
               data[s] = res->data + cb->offset;
               size[s] = cb->size && cb->size < w - cb->offset ? cb->size : w - cb->offset;
            }
         }
      }
      draw_set_mapped_constant_buffer(ds->draw, PIPE_SHADER_VERTEX, i, data[PIPE_SHADER_VERTEX],
                                      size[PIPE_SHADER_VERTEX]);
      draw_set_mapped_constant_buffer(ds->draw, PIPE_SHADER_GEOMETRY, i,
                                      data[PIPE_SHADER_GEOMETRY], size[PIPE_SHADER_GEOMETRY]);
      if (i < IREXEC_MAX_CBUFS) {
         ds->fs_env.cbufs[i].data = data[PIPE_SHADER_FRAGMENT];
         ds->fs_env.cbufs[i].size = size[PIPE_SHADER_FRAGMENT];
      }
   }
}

/* The minimum resolvable difference r of polygon offset (GL 2.1 3.5.5: the
 * smallest window-z difference guaranteed to stay distinct through
 * rasterization and in the depth buffer).  Interpolated z is rounded to
 * the nearest of 2^n - 1 steps, so two values one step apart can store
 * the same number; two steps cannot.  r is therefore 2 / (2^n - 1) for an
 * n-bit fixed-point buffer (piglit's gl-1.4-polygon-offset measures it). */
static void
update_offset_resolution(struct swpipe_context *ctx)
{
   struct pipe_surface *zs = ctx->framebuffer.zsbuf;
   float mrd = 2.0f / 16777215.0f;
   bool float_depth = false;

   if (zs) {
      const struct util_format_description *d = util_format_description(zs->format);
      if (d->is_depth && d->swizzle[0] < 4) {
         const struct util_format_channel *ch = &d->channel[d->swizzle[0]];
         if (ch->type == UTIL_FORMAT_TYPE_FLOAT)
            float_depth = true;
         else if (ch->size >= 1 && ch->size <= 32)
            mrd = (float)(2.0 / (double)((1ull << ch->size) - 1));
      }
   }
   draw_set_polygon_offset_resolution(ctx->ds->draw, mrd, float_depth);
}

void
swpipe_update_derived(struct swpipe_context *ctx)
{
   struct swpipe_draw_state *ds = ctx->ds;
   unsigned dirty = ctx->dirty;

   if (dirty & SWPIPE_NEW_RASTERIZER) {
      draw_set_rasterizer_state(ds->draw, ctx->rasterizer);
      /* point sprites: which generic outputs sprite_coord_enable names */
      draw_set_sprite_coord_base(ds->draw,
                                 ctx->rasterizer ? (int)ctx->rasterizer->sprite_coord_base : 0);
   }
   if (dirty & SWPIPE_NEW_VIEWPORT)
      draw_set_viewport_states(ds->draw, 0, 1, ctx->viewports);
   if (dirty & SWPIPE_NEW_CLIP)
      draw_set_clip_state(ds->draw, &ctx->clip);
   if (dirty & SWPIPE_NEW_VERTEX_ELEMENTS) {
      draw_set_vertex_elements(ds->draw, ctx->velems ? ctx->velems->count : 0,
                               ctx->velems ? ctx->velems->elements : NULL);
      draw_set_edgeflag_element(ds->draw, ctx->velems ? ctx->velems->edgeflag_element : -1);
   }
   if (dirty & (SWPIPE_NEW_VS | SWPIPE_NEW_FS))
      update_vs(ctx);
   if (dirty & (SWPIPE_NEW_GS | SWPIPE_NEW_FS))
      update_gs(ctx);
   if (dirty & (SWPIPE_NEW_RASTERIZER | SWPIPE_NEW_FRAMEBUFFER | SWPIPE_NEW_SCISSOR |
                SWPIPE_NEW_STIPPLE))
      update_raster_state(ctx);
   if (dirty & (SWPIPE_NEW_RASTERIZER | SWPIPE_NEW_VIEWPORT))
      update_depth_range(ctx);
   /* (the rasterizer's sprite coordinates may feed texture coordinates) */
   if (dirty & (SWPIPE_NEW_VS | SWPIPE_NEW_GS | SWPIPE_NEW_FS | SWPIPE_NEW_BLEND |
                SWPIPE_NEW_RASTERIZER))
      update_fs_wiring(ctx);
   if (dirty & SWPIPE_NEW_FRAMEBUFFER) {
      update_offset_resolution(ctx);
      update_layers(ctx);
   }
   /* a resource's memory stays where it was created (swpipe_resource.c),
    * so what a constant buffer or a texture unit points at changes only
    * with the bindings; their contents are read at each draw */
   if (dirty & SWPIPE_NEW_CONSTANTS)
      update_constants(ctx);
   if (dirty & (SWPIPE_NEW_SAMPLER | SWPIPE_NEW_SAMPLER_VIEW)) {
      swpipe_tex_update(ctx, PIPE_SHADER_VERTEX);
      swpipe_tex_update(ctx, PIPE_SHADER_GEOMETRY);
      swpipe_tex_update(ctx, PIPE_SHADER_FRAGMENT);
   }
   const struct swpipe_driver *driver = swpipe_screen(ctx->base.screen)->driver;
   if (driver->draw_validate)
      driver->draw_validate(ctx, dirty);
   ctx->dirty = 0;
}
