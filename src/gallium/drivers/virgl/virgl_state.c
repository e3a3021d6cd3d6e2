/*
 * State objects, fixed-function state and draws of the virgl context
 * (virgl_driver.h): each pipe template becomes the protocol's object
 * (virgl_proto.h), named by a handle of the context's own; Pony's enums
 * go through the tables below where the protocol numbers them otherwise
 * (blend factors and logic ops in Gallium's historical order).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_debug.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_proto.h"

struct virgl_cso {
   uint32_t handle;
};

/* a rasterizer: what the polygon stipple's rows depend on as well */
struct virgl_rs {
   struct virgl_cso base;
   bool bottom_edge_rule;
};

void *
virgl_cso_new(struct virgl_context *ctx)
{
   struct virgl_cso *c = calloc(1, sizeof *c);
   if (c)
      c->handle = ++ctx->next_handle;
   return c;
}

uint32_t
virgl_cso_handle(const void *cso)
{
   return cso ? ((const struct virgl_cso *)cso)->handle : 0;
}

void
virgl_cso_delete(struct virgl_context *ctx, uint32_t obj, void *cso)
{
   if (!cso)
      return;
   virgl_encode_destroy_object(&ctx->cb, obj, virgl_cso_handle(cso));
   free(cso);
}

/* --- blend --------------------------------------------------------------- */

/* the protocol's blend factors, by Pony's enum pipe_blendfactor */
static const uint8_t host_blendfactor[] = {
   [PIPE_BLENDFACTOR_ONE] = 0x01,
   [PIPE_BLENDFACTOR_ZERO] = 0x11,
   [PIPE_BLENDFACTOR_SRC_COLOR] = 0x02,
   [PIPE_BLENDFACTOR_INV_SRC_COLOR] = 0x12,
   [PIPE_BLENDFACTOR_SRC_ALPHA] = 0x03,
   [PIPE_BLENDFACTOR_INV_SRC_ALPHA] = 0x13,
   [PIPE_BLENDFACTOR_DST_COLOR] = 0x05,
   [PIPE_BLENDFACTOR_INV_DST_COLOR] = 0x15,
   [PIPE_BLENDFACTOR_DST_ALPHA] = 0x04,
   [PIPE_BLENDFACTOR_INV_DST_ALPHA] = 0x14,
   [PIPE_BLENDFACTOR_CONST_COLOR] = 0x07,
   [PIPE_BLENDFACTOR_INV_CONST_COLOR] = 0x17,
   [PIPE_BLENDFACTOR_CONST_ALPHA] = 0x08,
   [PIPE_BLENDFACTOR_INV_CONST_ALPHA] = 0x18,
   [PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE] = 0x06,
   [PIPE_BLENDFACTOR_SRC1_COLOR] = 0x09,
   [PIPE_BLENDFACTOR_INV_SRC1_COLOR] = 0x19,
   [PIPE_BLENDFACTOR_SRC1_ALPHA] = 0x0a,
   [PIPE_BLENDFACTOR_INV_SRC1_ALPHA] = 0x1a,
};

/* the protocol's logic ops (the 4-bit function of source 0b1100 and
 * destination 0b1010), by Pony's GL-ordered enum pipe_logicop */
static const uint8_t host_logicop[16] = {
   [PIPE_LOGICOP_CLEAR] = 0x0, [PIPE_LOGICOP_AND] = 0x8, [PIPE_LOGICOP_AND_REVERSE] = 0x4,
   [PIPE_LOGICOP_COPY] = 0xc, [PIPE_LOGICOP_AND_INVERTED] = 0x2, [PIPE_LOGICOP_NOOP] = 0xa,
   [PIPE_LOGICOP_XOR] = 0x6, [PIPE_LOGICOP_OR] = 0xe, [PIPE_LOGICOP_NOR] = 0x1,
   [PIPE_LOGICOP_EQUIV] = 0x9, [PIPE_LOGICOP_INVERT] = 0x5, [PIPE_LOGICOP_OR_REVERSE] = 0xd,
   [PIPE_LOGICOP_COPY_INVERTED] = 0x3, [PIPE_LOGICOP_OR_INVERTED] = 0xb,
   [PIPE_LOGICOP_NAND] = 0x7, [PIPE_LOGICOP_SET] = 0xf,
};

static uint32_t
factor(unsigned f)
{
   return f < sizeof host_blendfactor ? host_blendfactor[f] : 0x01;
}

void
virgl_blend_words(const struct pipe_blend_state *b, uint32_t *s0, uint32_t *s1, uint32_t rt[8])
{
   *s0 = (b->independent_blend_enable ? 1u : 0) | (b->logicop_enable ? 1u << 1 : 0) |
         (b->dither ? 1u << 2 : 0) | (b->alpha_to_coverage ? 1u << 3 : 0) |
         (b->alpha_to_one ? 1u << 4 : 0);
   *s1 = host_logicop[b->logicop_func & 0xf];
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_rt_blend_state *r = &b->rt[b->independent_blend_enable ? i : 0];
      rt[i] = (r->blend_enable ? 1u : 0) | (uint32_t)r->rgb_func << 1 |
              factor(r->rgb_src_factor) << 4 | factor(r->rgb_dst_factor) << 9 |
              (uint32_t)r->alpha_func << 14 | factor(r->alpha_src_factor) << 17 |
              factor(r->alpha_dst_factor) << 22 | VP_BLEND_COLORMASK(r->colormask);
   }
}

static void *
create_blend_state(struct pipe_context *pc, const struct pipe_blend_state *b)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_cso *c = virgl_cso_new(ctx);
   if (!c)
      return NULL;
   uint32_t s0, s1, rt[8];
   virgl_blend_words(b, &s0, &s1, rt);
   virgl_encode_blend(&ctx->cb, c->handle, s0, s1, rt);
   return c;
}

static void
bind_blend_state(struct pipe_context *pc, void *cso)
{
   virgl_encode_bind_object(&virgl_context(pc)->cb, VP_OBJ_BLEND, virgl_cso_handle(cso));
}

static void
delete_blend_state(struct pipe_context *pc, void *cso)
{
   virgl_cso_delete(virgl_context(pc), VP_OBJ_BLEND, cso);
}

/* --- depth, stencil, alpha ------------------------------------------------ */

static uint32_t
stencil_word(const struct pipe_stencil_state *s)
{
   return (s->enabled ? 1u : 0) | (uint32_t)s->func << 1 | (uint32_t)s->fail_op << 4 |
          (uint32_t)s->zpass_op << 7 | (uint32_t)s->zfail_op << 10 |
          (uint32_t)s->valuemask << 13 | (uint32_t)s->writemask << 21;
}

static void *
create_dsa_state(struct pipe_context *pc, const struct pipe_depth_stencil_alpha_state *d)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_cso *c = virgl_cso_new(ctx);
   if (!c)
      return NULL;
   uint32_t s0 = (d->depth_enabled ? 1u : 0) | (d->depth_writemask ? 1u << 1 : 0) |
                 (uint32_t)d->depth_func << 2 | (d->alpha_enabled ? 1u << 8 : 0) |
                 (uint32_t)d->alpha_func << 9;
   virgl_encode_dsa(&ctx->cb, c->handle, s0, stencil_word(&d->stencil[0]),
                    stencil_word(&d->stencil[1]), d->alpha_ref_value);
   return c;
}

static void
bind_dsa_state(struct pipe_context *pc, void *cso)
{
   virgl_encode_bind_object(&virgl_context(pc)->cb, VP_OBJ_DSA, virgl_cso_handle(cso));
}

static void
delete_dsa_state(struct pipe_context *pc, void *cso)
{
   virgl_cso_delete(virgl_context(pc), VP_OBJ_DSA, cso);
}

/* --- rasterizer ------------------------------------------------------------ */

static void *
create_rasterizer_state(struct pipe_context *pc, const struct pipe_rasterizer_state *r)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_rs *c = calloc(1, sizeof *c);
   if (!c)
      return NULL;
   c->base.handle = ++ctx->next_handle;
   c->bottom_edge_rule = r->bottom_edge_rule;
   /* a core-profile host has no colour clamping controls: it reports the
    * bits as a profile violation and ends the context (seen with the GL
    * state tracker's GL 2.1 defaults); fixed-point colour buffers clamp
    * anyway, float ones then get unclamped colours (docs/virgl.md) */
   bool host_clamps = (ctx->screen->host.bool_set & VP_CAPS_B_COLOR_CLAMPING) != 0;
   uint32_t s0 = (r->flatshade ? 1u : 0) |
                 (r->depth_clip_near || r->depth_clip_far ? VP_RS_DEPTH_CLIP : 0) |
                 (r->clip_halfz ? 1u << 2 : 0) | (r->rasterizer_discard ? 1u << 3 : 0) |
                 (r->flatshade_first ? VP_RS_FLATSHADE_FIRST : 0) |
                 (r->light_twoside ? 1u << 5 : 0) | (r->sprite_coord_mode ? 1u << 6 : 0) |
                 (r->point_quad_rasterization ? 1u << 7 : 0) | VP_RS_CULL_FACE(r->cull_face) |
                 VP_RS_FILL_FRONT(r->fill_front) | VP_RS_FILL_BACK(r->fill_back) |
                 (r->scissor ? VP_RS_SCISSOR : 0) | (r->front_ccw ? VP_RS_FRONT_CCW : 0) |
                 (r->clamp_vertex_color && host_clamps ? 1u << 16 : 0) |
                 (r->clamp_fragment_color && host_clamps ? 1u << 17 : 0) |
                 (r->offset_line ? 1u << 18 : 0) |
                 (r->offset_point ? 1u << 19 : 0) | (r->offset_tri ? 1u << 20 : 0) |
                 (r->poly_smooth ? 1u << 21 : 0) | (r->poly_stipple_enable ? 1u << 22 : 0) |
                 (r->point_smooth ? 1u << 23 : 0) | (r->point_size_per_vertex ? 1u << 24 : 0) |
                 (r->multisample ? 1u << 25 : 0) | (r->line_smooth ? 1u << 26 : 0) |
                 (r->line_stipple_enable ? 1u << 27 : 0) |
                 (r->line_last_pixel ? 1u << 28 : 0) |
                 (r->half_pixel_center ? VP_RS_HALF_PIXEL_CENTER : 0) |
                 (r->bottom_edge_rule ? VP_RS_BOTTOM_EDGE_RULE : 0);
   uint32_t s3 = (uint32_t)r->line_stipple_pattern | (uint32_t)r->line_stipple_factor << 16 |
                 (uint32_t)r->clip_plane_enable << 24;
   virgl_encode_rasterizer(&ctx->cb, c->base.handle, s0, r->point_size, r->sprite_coord_enable,
                           s3, r->line_width, r->offset_units, r->offset_scale, r->offset_clamp);
   return c;
}

static void
bind_rasterizer_state(struct pipe_context *pc, void *cso)
{
   struct virgl_context *ctx = virgl_context(pc);
   virgl_encode_bind_object(&ctx->cb, VP_OBJ_RASTERIZER, virgl_cso_handle(cso));
   bool bottom = cso && ((struct virgl_rs *)cso)->bottom_edge_rule;
   if (bottom != ctx->stipple_bottom) {
      ctx->stipple_bottom = bottom;
      virgl_send_stipple(ctx);
   }
}

static void
delete_rasterizer_state(struct pipe_context *pc, void *cso)
{
   virgl_cso_delete(virgl_context(pc), VP_OBJ_RASTERIZER, cso);
}

/* --- vertex elements and buffers ------------------------------------------ */

static void *
create_vertex_elements_state(struct pipe_context *pc, unsigned count,
                             const struct pipe_vertex_element *ve)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_vertex_element el[32];
   unsigned n = 0;
   for (unsigned i = 0; i < count && n < 32; i++) {
      if (ve[i].edgeflag)
         continue;   /* unfilled polygons' edge flags: not yet */
      el[n].offset = ve[i].src_offset;
      el[n].divisor = ve[i].instance_divisor;
      el[n].buffer = ve[i].vertex_buffer_index;
      el[n].format = virgl_host_format(ve[i].src_format);
      n++;
   }
   if (count > 32)
      return NULL;
   struct virgl_cso *c = virgl_cso_new(ctx);
   if (c)
      virgl_encode_vertex_elements(&ctx->cb, c->handle, n, el);
   return c;
}

static void
bind_vertex_elements_state(struct pipe_context *pc, void *cso)
{
   virgl_encode_bind_object(&virgl_context(pc)->cb, VP_OBJ_VERTEX_ELEMENTS,
                            virgl_cso_handle(cso));
}

static void
delete_vertex_elements_state(struct pipe_context *pc, void *cso)
{
   virgl_cso_delete(virgl_context(pc), VP_OBJ_VERTEX_ELEMENTS, cso);
}

static void
set_vertex_buffers(struct pipe_context *pc, unsigned start, unsigned count,
                   const struct pipe_vertex_buffer *vbs)
{
   struct virgl_context *ctx = virgl_context(pc);
   if (start + count > PIPE_MAX_ATTRIBS)
      return;
   for (unsigned i = 0; i < count; i++) {
      struct virgl_vertex_buffer *v = &ctx->vb[start + i];
      const struct pipe_vertex_buffer *in = vbs ? &vbs[i] : NULL;
      memset(v, 0, sizeof *v);
      /* user memory: not offered (caps.user_vertex_buffers is false) */
      if (in && !in->is_user_buffer && in->buffer.resource) {
         struct virgl_resource *r = virgl_resource(in->buffer.resource);
         v->stride = in->stride;
         v->offset = in->buffer_offset;
         v->res_handle = r->res_handle;
         virgl_cmdbuf_use(&ctx->cb, r->bo);
      }
   }
   if (start + count > ctx->num_vb)
      ctx->num_vb = start + count;
   while (ctx->num_vb && !ctx->vb[ctx->num_vb - 1].res_handle)
      ctx->num_vb--;
   virgl_encode_vertex_buffers(&ctx->cb, ctx->num_vb, ctx->vb);
}

/* --- fixed-function state ---------------------------------------------------- */

static void
set_viewport_states(struct pipe_context *pc, unsigned start, unsigned count,
                    const struct pipe_viewport_state *vp)
{
   for (unsigned i = 0; i < count; i++)
      virgl_encode_viewport(&virgl_context(pc)->cb, start + i, vp[i].scale, vp[i].translate);
}

static void
set_scissor_states(struct pipe_context *pc, unsigned start, unsigned count,
                   const struct pipe_scissor_state *s)
{
   for (unsigned i = 0; i < count; i++)
      virgl_encode_scissor(&virgl_context(pc)->cb, start + i, s[i].minx, s[i].miny, s[i].maxx,
                           s[i].maxy);
}

static void
set_blend_color(struct pipe_context *pc, const struct pipe_blend_color *c)
{
   virgl_encode_blend_color(&virgl_context(pc)->cb, c->color);
}

static void
set_stencil_ref(struct pipe_context *pc, const struct pipe_stencil_ref ref)
{
   virgl_encode_stencil_ref(&virgl_context(pc)->cb, ref.ref_value[0], ref.ref_value[1]);
}

static void
set_sample_mask(struct pipe_context *pc, unsigned mask)
{
   virgl_encode_sample_mask(&virgl_context(pc)->cb, mask);
}

static void
set_clip_state(struct pipe_context *pc, const struct pipe_clip_state *clip)
{
   _Static_assert(PIPE_MAX_CLIP_PLANES == 8, "the protocol sends 8 planes");
   virgl_encode_clip_state(&virgl_context(pc)->cb, (const float(*)[4])clip->ucp);
}

static void
set_polygon_stipple(struct pipe_context *pc, const struct pipe_poly_stipple *stipple)
{
   struct virgl_context *ctx = virgl_context(pc);
   memcpy(ctx->stipple, stipple->stipple, sizeof ctx->stipple);
   ctx->stipple_set = true;
   virgl_send_stipple(ctx);
}

/*
 * The pattern's rows as the host reads them.  Pony's row r covers the
 * framebuffer rows y with r = y mod 32 counted from the top, or, under
 * bottom_edge_rule (a y-flipped surface: GL's window rows), from the
 * bottom: r = (height - 1 - y) mod 32 (swpipe_poly_stipple_passes).  The
 * host takes row y mod 32 from the top either way (bit 31 is x mod 32 = 0
 * on both), so a flipped pattern is sent rotated by the framebuffer's
 * height, and again when that height or the rule changes.
 */
void
virgl_send_stipple(struct virgl_context *ctx)
{
   if (!ctx->stipple_set)
      return;
   uint32_t rows[32];
   for (unsigned k = 0; k < 32; k++)
      rows[k] = ctx->stipple[ctx->stipple_bottom ? (ctx->fb.height + 31u - k) & 31 : k];
   virgl_encode_polygon_stipple(&ctx->cb, rows);
}

/* --- draws -------------------------------------------------------------------- */

static void
draw_vbo(struct pipe_context *pc, const struct pipe_draw_info *info,
         const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   struct virgl_context *ctx = virgl_context(pc);
   bool debug = pony_debug_get() & PONY_DEBUG_DRIVER;
   /* what the protocol cannot say (user indices are not offered; a
    * gl_VertexID bias has no field): refused, never drawn otherwise */
   if ((info->index_size && info->has_user_indices) || info->vertex_id_bias ||
       info->mode >= PIPE_PRIM_MAX) {
      if (debug)
         pony_log("virgl", "draw refused: user indices, a gl_VertexID bias or a bad mode");
      return;
   }
   if (info->index_size) {
      struct virgl_resource *ib = virgl_resource(info->index.resource);
      virgl_encode_index_buffer(&ctx->cb, ib->res_handle, info->index_size, 0);
      virgl_cmdbuf_use(&ctx->cb, ib->bo);
   }
   for (unsigned i = 0; i < num_draws; i++) {
      const struct virgl_draw d = {
         .start = draws[i].start,
         .count = draws[i].count,
         .mode = (uint32_t)info->mode,   /* the pipe and protocol modes agree */
         .indexed = info->index_size != 0,
         .instance_count = info->instance_count,
         .index_bias = info->index_size ? draws[i].index_bias : 0,
         .start_instance = info->start_instance,
         .primitive_restart = info->primitive_restart,
         .restart_index = info->restart_index,
         .min_index = info->min_index,
         .max_index = info->max_index,
      };
      virgl_encode_draw(&ctx->cb, &d);
   }
}

void
virgl_state_init_context(struct virgl_context *ctx)
{
   struct pipe_context *pc = &ctx->base;
   pc->create_blend_state = create_blend_state;
   pc->bind_blend_state = bind_blend_state;
   pc->delete_blend_state = delete_blend_state;
   pc->create_depth_stencil_alpha_state = create_dsa_state;
   pc->bind_depth_stencil_alpha_state = bind_dsa_state;
   pc->delete_depth_stencil_alpha_state = delete_dsa_state;
   pc->create_rasterizer_state = create_rasterizer_state;
   pc->bind_rasterizer_state = bind_rasterizer_state;
   pc->delete_rasterizer_state = delete_rasterizer_state;
   pc->create_vertex_elements_state = create_vertex_elements_state;
   pc->bind_vertex_elements_state = bind_vertex_elements_state;
   pc->delete_vertex_elements_state = delete_vertex_elements_state;
   pc->set_vertex_buffers = set_vertex_buffers;
   pc->set_viewport_states = set_viewport_states;
   pc->set_scissor_states = set_scissor_states;
   pc->set_blend_color = set_blend_color;
   pc->set_stencil_ref = set_stencil_ref;
   pc->set_sample_mask = set_sample_mask;
   pc->set_clip_state = set_clip_state;
   pc->set_polygon_stipple = set_polygon_stipple;
   pc->draw_vbo = draw_vbo;
}
