/*
 * draw_vbo: swpipe hands its bound state to the draw module (one
 * draw_context per swpipe context), points draw at the memory of the
 * vertex, index, constant and stream-output buffers (swpipe resources are
 * plain memory, so "mapping" is taking their address), and receives
 * window-space primitives through the raster interface below, which feeds
 * the rasterizer; the rasterizer feeds the quad pipeline.
 */
#include <stdlib.h>
#include <string.h>

#include "swpipe_draw.h"
#include "swpipe_quad.h"
#include "swpipe_resource.h"
#include "swpipe_state.h"

static void
to_raster_vertex(const struct draw_vertex *dv, struct swpipe_raster_vertex *rv)
{
   memcpy(rv->win, dv->win, sizeof rv->win);
   rv->attr = (const float (*)[4])dv->attr;
}

/*
 * Multisampling: a primitive is rasterized once per sample of the
 * framebuffer's pixels (skipping samples the sample mask clears): triangles
 * test coverage at that sample's standard position (at the centre without
 * the rasterizer's multisample), lines and points cover whole pixels; the
 * quads carry the sample index, so depth, stencil and colour are read and
 * written in that sample.  Shading interpolates at the pixel centre, so
 * every pass computes the same fragment values: the result is GL's
 * once-per-pixel shading with per-sample coverage, depth and stencil.
 */
static bool
sample_pass_begin(struct swpipe_context *ctx, unsigned s)
{
   struct swpipe_rasterizer *r = &ctx->ds->rast;
   unsigned n = r->state.fb_samples;

   if (n > 1 && !(ctx->sample_mask >> s & 1))
      return false;
   r->sample = s;
   r->state.sample_pos_enable = n > 1 && r->state.multisample;
   swpipe_sample_position(n, s, &r->state.sample_x, &r->state.sample_y);
   return true;
}

/*
 * Layered rendering (GL 3.2 4.4.7): the layer a primitive's fragments go to
 * is its geometry shader's gl_Layer (an integer slot: draw makes it the
 * provoking vertex's in every vertex), 0 without a layered framebuffer or a
 * gl_Layer output.  A layer outside the layers every surface has is
 * undefined in GL; here it is layer 0, so nothing is written outside a
 * surface.  Cube maps need nothing more: their faces are layers 0..5 (a
 * cube array's layer-faces 6 c + f), as gl_Layer numbers them.
 */
static void
set_layer(struct swpipe_context *ctx, const struct draw_vertex *v)
{
   struct swpipe_draw_state *ds = ctx->ds;
   int32_t layer = 0;

   if (ds->layer_attr >= 0 && ds->fb_layers > 1)
      memcpy(&layer, v->attr[ds->layer_attr], sizeof layer);
   ds->rast.layer = layer >= 0 && (uint32_t)layer < ds->fb_layers ? (unsigned)layer : 0;
}

/* What every primitive carries to the fragment stages: its layer and its
 * number (gl_PrimitiveID when no geometry shader writes one). */
static void
set_prim(struct swpipe_context *ctx, const struct draw_prim *p)
{
   set_layer(ctx, p->v[0]);
   ctx->ds->rast.primitive_id = p->primitive_id;
}

static void
raster_point(void *priv, const struct draw_prim *p)
{
   struct swpipe_context *ctx = priv;
   struct swpipe_raster_vertex v;

   if (!p || !p->v[0])
      return;
   set_prim(ctx, p);
   to_raster_vertex(p->v[0], &v);
   for (unsigned s = 0; s < ctx->ds->rast.state.fb_samples; s++)
      if (sample_pass_begin(ctx, s))
         swpipe_raster_point(&ctx->ds->rast, &v);
}

static void
raster_line(void *priv, const struct draw_prim *p)
{
   struct swpipe_context *ctx = priv;
   struct swpipe_draw_state *ds = ctx->ds;
   struct swpipe_raster_vertex v[2];

   if (!p || !p->v[0] || !p->v[1])
      return;
   /* copies of a wide line restart from the counter of the first copy */
   if (p->line_replica == 0) {
      if (p->reset_line_stipple)
         ds->rast.line_stipple_counter = 0;
      ds->saved_stipple_counter = ds->rast.line_stipple_counter;
   } else {
      ds->rast.line_stipple_counter = ds->saved_stipple_counter;
   }
   set_prim(ctx, p);
   to_raster_vertex(p->v[0], &v[0]);
   to_raster_vertex(p->v[1], &v[1]);
   unsigned counter = ds->rast.line_stipple_counter, end = counter;
   for (unsigned s = 0; s < ds->rast.state.fb_samples; s++) {
      if (!sample_pass_begin(ctx, s))
         continue;
      ds->rast.line_stipple_counter = counter;   /* every sample sees the same stipple */
      swpipe_raster_line(&ds->rast, &v[0], &v[1], false);
      end = ds->rast.line_stipple_counter;
   }
   ds->rast.line_stipple_counter = end;
}

static void
raster_tri(void *priv, const struct draw_prim *p)
{
   struct swpipe_context *ctx = priv;
   struct swpipe_draw_state *ds = ctx->ds;
   struct swpipe_raster_vertex v[3];
   bool stipple = ds->rast.state.poly_stipple_enable;

   if (!p || !p->v[0] || !p->v[1] || !p->v[2])
      return;
   set_prim(ctx, p);
   for (unsigned i = 0; i < 3; i++)
      to_raster_vertex(p->v[i], &v[i]);
   /* polygon stipple applies to polygons only, not to point squares */
   if (p->origin != DRAW_ORIGIN_POLYGON)
      ds->rast.state.poly_stipple_enable = false;
   for (unsigned s = 0; s < ds->rast.state.fb_samples; s++)
      if (sample_pass_begin(ctx, s))
         swpipe_raster_tri(&ds->rast, &v[0], &v[1], &v[2], p->front_facing);
   ds->rast.state.poly_stipple_enable = stipple;
}

static void
map_buffers(struct swpipe_context *ctx, const struct pipe_draw_info *info)
{
   struct draw_context *draw = ctx->ds->draw;
   /* the bound buffers, and those draw still has from an earlier draw
    * (the slots past num_vertex_buffers are empty: they clear draw's) */
   unsigned n = ctx->num_vertex_buffers;
   unsigned set = n > ctx->ds->draw_vertex_buffers ? n : ctx->ds->draw_vertex_buffers;

   draw_set_vertex_buffers(draw, 0, set, ctx->vertex_buffers);
   ctx->ds->draw_vertex_buffers = n;
   for (unsigned i = 0; i < n; i++) {
      const struct pipe_vertex_buffer *vb = &ctx->vertex_buffers[i];
      if (!vb->is_user_buffer && vb->buffer.resource)
         draw_set_mapped_vertex_buffer(draw, i, swpipe_resource(vb->buffer.resource)->data,
                                       vb->buffer.resource->width0);
   }
   if (info->index_size && !info->has_user_indices && info->index.resource)
      draw_set_mapped_index_buffer(draw, swpipe_resource(info->index.resource)->data,
                                   info->index.resource->width0);
   else
      draw_set_mapped_index_buffer(draw, NULL, 0);
}

/* Stream output goes to the bound targets, appending where each stopped. */
static void
set_stream_output(struct swpipe_context *ctx)
{
   struct draw_so_target targets[PIPE_MAX_SO_BUFFERS];
   /* the last vertex stage's layout: the geometry shader's when one is bound */
   const struct swpipe_shader *last = ctx->gs && ctx->gs->gs_prog ? ctx->gs : ctx->vs;
   const struct pipe_stream_output_info *info = last ? &last->stream_output : NULL;

   if (!ctx->num_so_targets && !ctx->ds->draw_so_targets)
      return;   /* none now, none given to draw at the last draw */
   ctx->ds->draw_so_targets = ctx->num_so_targets != 0;
   memset(targets, 0, sizeof targets);
   for (unsigned i = 0; i < ctx->num_so_targets; i++) {
      struct swpipe_so_target *t = (struct swpipe_so_target *)ctx->so_targets[i];
      if (!t || !t->base.buffer)
         continue;
      targets[i].data = swpipe_resource(t->base.buffer)->data + t->base.buffer_offset;
      targets[i].size = t->base.buffer_size;
      targets[i].offset = t->filled;
   }
   if (!ctx->num_so_targets)
      info = NULL;
   draw_set_stream_output(ctx->ds->draw, info, ctx->num_so_targets, targets);
}

static void
read_back_stream_output(struct swpipe_context *ctx)
{
   for (unsigned i = 0; i < ctx->num_so_targets; i++) {
      struct swpipe_so_target *t = (struct swpipe_so_target *)ctx->so_targets[i];
      if (t)
         t->filled = draw_get_stream_output_offset(ctx->ds->draw, i);
   }
}

static void
swpipe_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info,
                 const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   struct swpipe_context *ctx = swpipe_context(pipe);

   if (!info || !draws || !num_draws || !ctx->ds)
      return;
   if (!swpipe_render_condition_passes(ctx))
      return;
   swpipe_update_derived(ctx);
   map_buffers(ctx, info);
   set_stream_output(ctx);
   draw_vbo(ctx->ds->draw, info, draws, num_draws);
   read_back_stream_output(ctx);
}

bool
swpipe_draw_init(struct swpipe_context *ctx)
{
   struct swpipe_draw_state *ds = calloc(1, sizeof *ds);

   if (!ds)
      return false;
   ds->draw = draw_create();
   if (!ds->draw) {
      free(ds);
      return false;
   }
   ds->raster_iface.point = raster_point;
   ds->raster_iface.line = raster_line;
   ds->raster_iface.tri = raster_tri;
   ds->raster_iface.flush = NULL;
   draw_set_rasterize_stage(ds->draw, &ds->raster_iface, ctx);
   draw_set_size_limits(ds->draw, SWPIPE_MIN_POINT_SIZE, SWPIPE_MAX_POINT_SIZE,
                        SWPIPE_MIN_LINE_WIDTH, SWPIPE_MAX_LINE_WIDTH);
   {
      /* the colour convention of docs/fixed-function.md: generic outputs 0
       * and 1 are the front primary and secondary colours, 2 and 3 the back
       * ones (two-sided colour; rasterizer flatshade) */
      static const int front[2] = { SWPIPE_COLOR_LOCATION_FRONT0, SWPIPE_COLOR_LOCATION_FRONT1 };
      static const int back[2] = { SWPIPE_COLOR_LOCATION_BACK0, SWPIPE_COLOR_LOCATION_BACK1 };
      draw_set_color_locations(ds->draw, front, back);
   }
   ds->rast.emit = swpipe_quad_run;
   ds->rast.emit_priv = ctx;
   ds->rast.state.line_stipple_factor = 1;
   ds->rast.state.fb_samples = 1;
   ds->rast.state.half_pixel_center = true;
   swpipe_tex_init(&ds->tex[PIPE_SHADER_VERTEX], false);
   swpipe_tex_init(&ds->tex[PIPE_SHADER_GEOMETRY], false);
   swpipe_tex_init(&ds->tex[PIPE_SHADER_FRAGMENT], true);
   draw_set_sampler_iface(ds->draw, PIPE_SHADER_VERTEX, &ds->tex[PIPE_SHADER_VERTEX].iface);
   draw_set_sampler_iface(ds->draw, PIPE_SHADER_GEOMETRY, &ds->tex[PIPE_SHADER_GEOMETRY].iface);
   ds->fs_env.sampler = &ds->tex[PIPE_SHADER_FRAGMENT].iface;
   ds->color1_out = ds->depth_out = ds->point_coord_attr = ds->layer_attr = -1;
   ds->fb_layers = 1;
   for (unsigned t = 0; t < PIPE_MAX_COLOR_BUFS; t++)
      ds->color_out[t] = -1;
   ctx->ds = ds;
   return true;
}

void
swpipe_draw_fini(struct swpipe_context *ctx)
{
   if (!ctx->ds)
      return;
   draw_destroy(ctx->ds->draw);
   free(ctx->ds);
   ctx->ds = NULL;
}

void
swpipe_draw_get_statistics(struct swpipe_context *ctx, uint64_t *generated, uint64_t *emitted)
{
   struct draw_statistics st;

   memset(&st, 0, sizeof st);
   if (ctx->ds)
      draw_get_statistics(ctx->ds->draw, &st);
   *generated = st.prims_generated;
   *emitted = st.so_prims_written;
}

void
swpipe_init_draw_funcs(struct pipe_context *pipe)
{
   pipe->draw_vbo = swpipe_draw_vbo;
}
