/*
 * The virgl pipe driver on a real virtio-gpu (docs/virgl.md): in the guest
 * of run-vm.sh -g, through the pipe interface alone (no GL); built with
 * VIRGL_PIPE_CHECK_LOCAL, the same on the host with virglrenderer in the
 * process (suite virgl).  The screen's
 * name and formats; textures cleared through surfaces and read back with
 * maps; sub-box writes that leave the rest of their rows alone (with and
 * without DISCARD_RANGE); mip levels and array layers kept apart;
 * buffers written and read; bad boxes refused; scissored clears (a masked
 * one refused); draws with TGSI text shaders: state objects, textures sampled through
 * views and samplers, constants in every form; copies, blits and clears
 * of a surface; no fd left.  Expected texels are computed here from the
 * values written.
 */
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "format/u_format.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_proto.h"
#include "vm_check.h"
#ifdef VIRGL_PIPE_CHECK_LOCAL
#include <errno.h>

#include "virgl_local.h"
#endif

static struct pipe_screen *screen;
static struct pipe_context *ctx;

static unsigned
unorm8(float x)
{
   return (unsigned)lrintf(x * 255.0f);
}

/* within one step of 8-bit UNORM */
static bool
near1(unsigned got, unsigned want)
{
   return got + 1 >= want && got <= want + 1;
}

static struct pipe_resource *
make_tex_format(enum pipe_texture_target target, enum pipe_format format, unsigned w, unsigned h,
                unsigned layers, unsigned last_level)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = target;
   t.format = format;
   t.width0 = w;
   t.height0 = (uint16_t)h;
   t.depth0 = 1;
   t.array_size = (uint16_t)layers;
   t.last_level = (uint8_t)last_level;
   t.bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
   return screen->resource_create(screen, &t);
}

static struct pipe_resource *
make_tex(enum pipe_texture_target target, unsigned w, unsigned h, unsigned layers,
         unsigned last_level)
{
   return make_tex_format(target, PIPE_FORMAT_R8G8B8A8_UNORM, w, h, layers, last_level);
}

/* A buffer of size bytes for bind. */
static struct pipe_resource *
make_buffer(unsigned size, unsigned bind)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_BUFFER;
   t.format = PIPE_FORMAT_R8_UNORM;
   t.width0 = size;
   t.height0 = t.depth0 = t.array_size = 1;
   t.bind = bind;
   return screen->resource_create(screen, &t);
}

/* Binds level/layer of tex as the only colour buffer; its surface. */
static struct pipe_surface *
bind_target(struct pipe_resource *tex, unsigned level, unsigned layer)
{
   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = tex->format;
   templ.level = level;
   templ.first_layer = templ.last_layer = layer;
   struct pipe_surface *s = ctx->create_surface(ctx, tex, &templ);
   struct pipe_framebuffer_state fb;
   memset(&fb, 0, sizeof fb);
   fb.width = s ? s->width : 0;
   fb.height = s ? s->height : 0;
   fb.layers = 1;
   fb.nr_cbufs = 1;
   fb.cbufs[0] = s;
   ctx->set_framebuffer_state(ctx, &fb);
   return s;
}

/* Unbinds the framebuffer and drops the surface. */
static void
unbind_target(struct pipe_surface **s)
{
   struct pipe_framebuffer_state fb;
   memset(&fb, 0, sizeof fb);
   ctx->set_framebuffer_state(ctx, &fb);
   pipe_surface_reference(s, NULL);
}

static const uint8_t full_mask[PIPE_MAX_COLOR_BUFS] = { 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf };

/* Clears level/layer of tex through a surface to c. */
static void
clear_to(struct pipe_resource *tex, unsigned level, unsigned layer, const float c[4])
{
   struct pipe_surface *s = bind_target(tex, level, layer);
   union pipe_color_union color;
   memcpy(color.f, c, sizeof color.f);
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &color, 1.0, 0, full_mask, 0xff);
   unbind_target(&s);
}

static uint32_t
rgba(const float c[4])
{
   return unorm8(c[0]) | unorm8(c[1]) << 8 | unorm8(c[2]) << 16 | unorm8(c[3]) << 24;
}

/* The texels of a box whose expected value expect(x, y) gives; how many differ. */
static unsigned
count_bad(struct pipe_resource *tex, unsigned level, unsigned layer, unsigned w, unsigned h,
          uint32_t (*expect)(unsigned x, unsigned y, const void *arg), const void *arg,
          uint32_t *first_got)
{
   struct pipe_box box = u_box_3d(0, 0, (int)layer, (int)w, (int)h, 1);
   struct pipe_transfer *t = NULL;
   const uint8_t *p = ctx->texture_map(ctx, tex, level, PIPE_MAP_READ, &box, &t);
   if (!p)
      return w * h + 1;
   unsigned bad = 0;
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         uint32_t v;
         memcpy(&v, p + y * t->stride + 4 * x, 4);
         if (v != expect(x, y, arg) && !bad++)
            *first_got = v;
      }
   }
   ctx->texture_unmap(ctx, t);
   return bad;
}

static uint32_t
constant(unsigned x, unsigned y, const void *arg)
{
   (void)x;
   (void)y;
   return *(const uint32_t *)arg;
}

struct patch {
   uint32_t outside;
   struct pipe_box box;
};

static uint32_t
patched(unsigned x, unsigned y, const void *arg)
{
   const struct patch *p = arg;
   if ((int)x >= p->box.x && (int)x < p->box.x + p->box.width && (int)y >= p->box.y &&
       (int)y < p->box.y + p->box.height)
      return vm_pattern(x, y, 3);
   return p->outside;
}

static void
write_pattern(struct pipe_resource *tex, unsigned level, const struct pipe_box *box,
              unsigned usage)
{
   struct pipe_transfer *t = NULL;
   uint8_t *p = ctx->texture_map(ctx, tex, level, PIPE_MAP_WRITE | usage, box, &t);
   if (!vm_check(p != NULL, "map a %dx%d box at %d,%d for writing", box->width, box->height,
                 box->x, box->y))
      return;
   for (int y = 0; y < box->height; y++)
      for (int x = 0; x < box->width; x++) {
         uint32_t v = vm_pattern((unsigned)(box->x + x), (unsigned)(box->y + y), 3);
         memcpy(p + (size_t)y * t->stride + 4 * (size_t)x, &v, 4);
      }
   ctx->texture_unmap(ctx, t);
}

static void
check_texture(void)
{
   struct pipe_resource *tex = make_tex(PIPE_TEXTURE_2D, 64, 32, 1, 0);
   if (!vm_check(tex != NULL, "a 64x32 RGBA8 texture"))
      return;
   const float c[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
   uint32_t want = rgba(c), got = 0;
   clear_to(tex, 0, 0, c);
   unsigned bad = count_bad(tex, 0, 0, 64, 32, constant, &want, &got);
   vm_check(bad == 0, "cleared through a surface to %08x: %u texels differ (first %08x)", want,
            bad, got);

   /* a sub-box written: the rest of its rows keep the clear colour */
   struct patch pt = { want, u_box_2d(10, 5, 7, 3) };
   write_pattern(tex, 0, &pt.box, 0);
   bad = count_bad(tex, 0, 0, 64, 32, patched, &pt, &got);
   vm_check(bad == 0, "a 7x3 box written at 10,5: %u texels differ (first %08x)", bad, got);
   /* the same with DISCARD_RANGE after the host changed the texture (a
    * clear the CPU never read): the rest of the box's rows must be the
    * host's new colour, not the stale copy of the last map (the driver
    * fetches rows it sends back whole) */
   const float c2[4] = { 0.8f, 0.6f, 0.4f, 0.2f };
   clear_to(tex, 0, 0, c2);
   pt.outside = rgba(c2);
   pt.box = u_box_2d(40, 20, 9, 4);
   write_pattern(tex, 0, &pt.box, PIPE_MAP_DISCARD_RANGE);
   bad = count_bad(tex, 0, 0, 64, 32, patched, &pt, &got);
   vm_check(bad == 0, "a box written with DISCARD_RANGE after a clear: %u texels differ "
            "(first %08x)", bad, got);

   /* refused: boxes outside the level, levels past the last */
   struct pipe_transfer *t = NULL;
   struct pipe_box out = u_box_2d(60, 0, 5, 1);
   vm_check(!ctx->texture_map(ctx, tex, 0, PIPE_MAP_READ, &out, &t) && !t,
            "a box past the right edge is refused");
   struct pipe_box ok = u_box_2d(0, 0, 1, 1);
   vm_check(!ctx->texture_map(ctx, tex, 1, PIPE_MAP_READ, &ok, &t) && !t,
            "a level past last_level is refused");
   pipe_resource_reference(&tex, NULL);
}

static void
check_levels_and_layers(void)
{
   struct pipe_resource *tex = make_tex(PIPE_TEXTURE_2D_ARRAY, 16, 8, 3, 2);
   if (!vm_check(tex != NULL, "a 16x8 RGBA8 array of 3 layers and 3 levels"))
      return;
   static const float colors[3][3][4] = {
      { { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 } },
      { { 1, 1, 0, 1 }, { 0, 1, 1, 1 }, { 1, 0, 1, 1 } },
      { { 0.5f, 0, 0, 1 }, { 0, 0.5f, 0, 1 }, { 0, 0, 0.5f, 1 } },
   };
   for (unsigned l = 0; l < 3; l++)
      for (unsigned z = 0; z < 3; z++)
         clear_to(tex, l, z, colors[l][z]);
   unsigned bad_total = 0;
   for (unsigned l = 0; l < 3; l++)
      for (unsigned z = 0; z < 3; z++) {
         uint32_t want = rgba(colors[l][z]), got = 0;
         bad_total += count_bad(tex, l, z, 16 >> l, 8 >> l, constant, &want, &got);
      }
   vm_check(bad_total == 0, "9 level/layer surfaces cleared apart: %u texels differ", bad_total);

   /* a box on layer 1 of level 1 (8x4) */
   struct pipe_box box = u_box_3d(2, 1, 1, 3, 2, 1);
   write_pattern(tex, 1, &box, 0);
   struct patch pt = { rgba(colors[1][1]), u_box_2d(2, 1, 3, 2) };
   uint32_t got = 0;
   unsigned bad = count_bad(tex, 1, 1, 8, 4, patched, &pt, &got);
   uint32_t w0 = rgba(colors[1][0]), w2 = rgba(colors[1][2]), w00 = rgba(colors[0][1]);
   bad += count_bad(tex, 1, 0, 8, 4, constant, &w0, &got);
   bad += count_bad(tex, 1, 2, 8, 4, constant, &w2, &got);
   bad += count_bad(tex, 0, 1, 16, 8, constant, &w00, &got);
   vm_check(bad == 0, "a box written on level 1 layer 1 only: %u texels differ", bad);
   pipe_resource_reference(&tex, NULL);
}

static void
check_buffer(void)
{
   struct pipe_resource *buf = make_buffer(1000, PIPE_BIND_VERTEX_BUFFER);
   if (!vm_check(buf != NULL, "a 1000-byte vertex buffer"))
      return;
   uint8_t data[1000];
   for (unsigned i = 0; i < 1000; i++)
      data[i] = (uint8_t)(i * 7 + 1);
   ctx->buffer_subdata(ctx, buf, PIPE_MAP_WRITE, 0, 1000, data);
   uint8_t patch[50];
   memset(patch, 0xa5, sizeof patch);
   ctx->buffer_subdata(ctx, buf, PIPE_MAP_WRITE, 100, 50, patch);
   struct pipe_box box = u_box_2d(90, 0, 70, 1);
   struct pipe_transfer *tr = NULL;
   const uint8_t *p = ctx->buffer_map(ctx, buf, 0, PIPE_MAP_READ, &box, &tr);
   unsigned bad = 0;
   for (unsigned i = 0; p && i < 70; i++) {
      unsigned at = 90 + i;
      bad += p[i] != (at >= 100 && at < 150 ? 0xa5 : (uint8_t)(at * 7 + 1));
   }
   if (p)
      ctx->buffer_unmap(ctx, tr);
   vm_check(p && bad == 0, "bytes 90..159 after two writes: %u differ", bad);
   pipe_resource_reference(&buf, NULL);
}

/*
 * A draw through the protocol's state objects, with shaders written as
 * TGSI text (the driver's own shader translation comes later): a triangle
 * over the lower left half of a 64x64 target, green over black.  A texel
 * is expected green when its centre's NDC x + y is below 0, black above;
 * those within 1/32 of the diagonal are not checked.
 */
static void
check_draw_tgsi(void)
{
   struct virgl_context *vc = virgl_context(ctx);
   struct virgl_cmdbuf *cb = &vc->cb;
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 64, 64, 1, 0);
   struct pipe_resource *vbuf = make_buffer(48, PIPE_BIND_VERTEX_BUFFER);
   if (!vm_check(rt && vbuf, "a 64x64 target and a vertex buffer"))
      return;
   static const float tri[3][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { -1, 1, 0, 1 } };
   ctx->buffer_subdata(ctx, vbuf, PIPE_MAP_WRITE, 0, sizeof tri, tri);

   struct pipe_surface *surf = bind_target(rt, 0, 0);
   union pipe_color_union black = { { 0, 0, 0, 1 } };
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0, full_mask, 0xff);

   uint32_t blend = ++vc->next_handle, dsa = ++vc->next_handle, rs = ++vc->next_handle;
   uint32_t vs = ++vc->next_handle, fs = ++vc->next_handle, ve = ++vc->next_handle;
   uint32_t masks[8];
   for (unsigned i = 0; i < 8; i++)
      masks[i] = VP_BLEND_COLORMASK(0xf);
   virgl_encode_blend(cb, blend, 0, 0, masks);
   virgl_encode_bind_object(cb, VP_OBJ_BLEND, blend);
   virgl_encode_dsa(cb, dsa, 0, 0, 0, 0.0f);
   virgl_encode_bind_object(cb, VP_OBJ_DSA, dsa);
   virgl_encode_rasterizer(cb, rs, VP_RS_DEPTH_CLIP | VP_RS_HALF_PIXEL_CENTER |
                                      VP_RS_BOTTOM_EDGE_RULE | VP_RS_FRONT_CCW,
                           1.0f, 0, 0, 1.0f, 0, 0, 0);
   virgl_encode_bind_object(cb, VP_OBJ_RASTERIZER, rs);
   virgl_encode_shader(cb, vs, VP_STAGE_VERTEX,
                       "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n");
   virgl_encode_shader(cb, fs, VP_STAGE_FRAGMENT,
                       "FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {    0.0000,     1.0000,     "
                       "0.0000,     1.0000}\n  0: MOV OUT[0], IMM[0]\n  1: END\n");
   virgl_encode_bind_shader(cb, vs, VP_STAGE_VERTEX);
   virgl_encode_bind_shader(cb, fs, VP_STAGE_FRAGMENT);
   const struct virgl_vertex_element el = { 0, 0, 0, virgl_host_format(PIPE_FORMAT_R32G32B32A32_FLOAT) };
   virgl_encode_vertex_elements(cb, ve, 1, &el);
   virgl_encode_bind_object(cb, VP_OBJ_VERTEX_ELEMENTS, ve);
   const struct virgl_vertex_buffer vb = { 16, 0, virgl_resource(vbuf)->res_handle };
   virgl_encode_vertex_buffers(cb, 1, &vb);
   virgl_cmdbuf_use(cb, virgl_resource(vbuf)->bo);
   const float scale[3] = { 32, 32, 0.5f }, translate[3] = { 32, 32, 0.5f };
   virgl_encode_viewport(cb, 0, scale, translate);
   const struct virgl_draw d = { .count = 3, .mode = 4 /* triangles */, .instance_count = 1,
                                 .max_index = 2 };
   virgl_encode_draw(cb, &d);
   ctx->flush(ctx, NULL, 0);

   struct pipe_box box = u_box_2d(0, 0, 64, 64);
   struct pipe_transfer *tr = NULL;
   const uint8_t *p = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &tr);
   unsigned bad = 0, green = 0, checked = 0;
   for (unsigned y = 0; p && y < 64; y++)
      for (unsigned x = 0; x < 64; x++) {
         float sum = ((float)x + 0.5f) / 32 - 1 + ((float)y + 0.5f) / 32 - 1;
         if (fabsf(sum) < 1.0f / 32)
            continue;
         uint32_t v;
         memcpy(&v, p + y * tr->stride + 4 * x, 4);
         uint32_t want = sum < 0 ? 0xff00ff00u : 0xff000000u;
         bad += v != want;
         green += v == 0xff00ff00u;
         checked++;
      }
   if (p)
      ctx->texture_unmap(ctx, tr);
   vm_check(p && bad == 0 && green > 0, "a triangle drawn with TGSI shaders: %u of %u texels "
            "differ, %u green", bad, checked, green);

   virgl_encode_destroy_object(cb, VP_OBJ_VERTEX_ELEMENTS, ve);
   virgl_encode_destroy_object(cb, VP_OBJ_SHADER, vs);
   virgl_encode_destroy_object(cb, VP_OBJ_SHADER, fs);
   virgl_encode_destroy_object(cb, VP_OBJ_RASTERIZER, rs);
   virgl_encode_destroy_object(cb, VP_OBJ_DSA, dsa);
   virgl_encode_destroy_object(cb, VP_OBJ_BLEND, blend);
   unbind_target(&surf);
   ctx->flush(ctx, NULL, 0);
   pipe_resource_reference(&vbuf, NULL);
   pipe_resource_reference(&rt, NULL);
}

/*
 * The pipe context's own state objects and draw: an indexed draw of two
 * triangles over a 32x32 target cleared blue, blended SRC_ALPHA /
 * INV_SRC_ALPHA with a red fragment of alpha 0.25, scissored to
 * (8,8)-(24,24): inside, 0.25 red + 0.75 blue (alpha 0.25^2 + 0.75 =
 * 0.8125); outside, blue.  Shaders are TGSI text as above.
 */
static void
check_draw_pipe(void)
{
   struct virgl_context *vc = virgl_context(ctx);
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 32, 32, 1, 0);
   struct pipe_resource *vbuf = make_buffer(64, PIPE_BIND_VERTEX_BUFFER);
   struct pipe_resource *ibuf = make_buffer(12, PIPE_BIND_INDEX_BUFFER);
   if (!vm_check(rt && vbuf && ibuf, "a target, a vertex and an index buffer"))
      return;
   static const float quad[4][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 1, 1, 0, 1 },
                                     { -1, 1, 0, 1 } };
   static const uint16_t idx[6] = { 0, 1, 2, 0, 2, 3 };
   ctx->buffer_subdata(ctx, vbuf, PIPE_MAP_WRITE, 0, sizeof quad, quad);
   ctx->buffer_subdata(ctx, ibuf, PIPE_MAP_WRITE, 0, sizeof idx, idx);
   const float blue[4] = { 0, 0, 1, 1 };
   clear_to(rt, 0, 0, blue);

   struct pipe_surface *surf = bind_target(rt, 0, 0);

   struct pipe_blend_state b;
   memset(&b, 0, sizeof b);
   b.rt[0].blend_enable = 1;
   b.rt[0].rgb_func = b.rt[0].alpha_func = PIPE_BLEND_ADD;
   b.rt[0].rgb_src_factor = b.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA;
   b.rt[0].rgb_dst_factor = b.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   b.rt[0].colormask = 0xf;
   void *blend = ctx->create_blend_state(ctx, &b);
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   void *zs = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof r);
   r.scissor = 1;
   r.front_ccw = 1;
   r.half_pixel_center = 1;
   r.bottom_edge_rule = 1;
   r.depth_clip_near = r.depth_clip_far = 1;
   r.line_width = r.point_size = 1.0f;
   void *rs = ctx->create_rasterizer_state(ctx, &r);
   struct pipe_vertex_element el;
   memset(&el, 0, sizeof el);
   el.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   void *ve = ctx->create_vertex_elements_state(ctx, 1, &el);
   ctx->bind_blend_state(ctx, blend);
   ctx->bind_depth_stencil_alpha_state(ctx, zs);
   ctx->bind_rasterizer_state(ctx, rs);
   ctx->bind_vertex_elements_state(ctx, ve);
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = 16;
   vb.buffer.resource = vbuf;
   ctx->set_vertex_buffers(ctx, 0, 1, &vb);
   const struct pipe_viewport_state vp = { { 16, 16, 0.5f }, { 16, 16, 0.5f } };
   ctx->set_viewport_states(ctx, 0, 1, &vp);
   const struct pipe_scissor_state sc = { 8, 8, 24, 24 };
   ctx->set_scissor_states(ctx, 0, 1, &sc);

   uint32_t vs = ++vc->next_handle, fs = ++vc->next_handle;
   virgl_encode_shader(&vc->cb, vs, VP_STAGE_VERTEX,
                       "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n");
   virgl_encode_shader(&vc->cb, fs, VP_STAGE_FRAGMENT,
                       "FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {    1.0000,     0.0000,     "
                       "0.0000,     0.2500}\n  0: MOV OUT[0], IMM[0]\n  1: END\n");
   virgl_encode_bind_shader(&vc->cb, vs, VP_STAGE_VERTEX);
   virgl_encode_bind_shader(&vc->cb, fs, VP_STAGE_FRAGMENT);

   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = PIPE_PRIM_TRIANGLES;
   info.index_size = 2;
   info.index.resource = ibuf;
   info.instance_count = 1;
   info.max_index = 3;
   const struct pipe_draw_start_count_bias draw = { 0, 6, 0 };
   ctx->draw_vbo(ctx, &info, &draw, 1);
   ctx->flush(ctx, NULL, 0);

   const unsigned in[4] = { unorm8(0.25f), 0, unorm8(0.75f), unorm8(0.8125f) };
   struct pipe_box box = u_box_2d(0, 0, 32, 32);
   struct pipe_transfer *tr = NULL;
   const uint8_t *p = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &tr);
   unsigned bad = 0;
   uint32_t first = 0;
   for (unsigned y = 0; p && y < 32; y++)
      for (unsigned x = 0; x < 32; x++) {
         const uint8_t *px = p + y * tr->stride + 4 * x;
         bool inside = x >= 8 && x < 24 && y >= 8 && y < 24;
         bool ok = inside ? near1(px[0], in[0]) && px[1] == 0 && near1(px[2], in[2]) &&
                               near1(px[3], in[3])
                          : px[0] == 0 && px[1] == 0 && px[2] == 255 && px[3] == 255;
         if (!ok && !bad++)
            memcpy(&first, px, 4);
      }
   if (p)
      ctx->texture_unmap(ctx, tr);
   vm_check(p && bad == 0, "blended, scissored, indexed: %u texels differ (first %08x; inside "
            "expected %u,%u,%u,%u +-1)", bad, first, in[0], in[1], in[2], in[3]);

   virgl_encode_destroy_object(&vc->cb, VP_OBJ_SHADER, vs);
   virgl_encode_destroy_object(&vc->cb, VP_OBJ_SHADER, fs);
   ctx->delete_blend_state(ctx, blend);
   ctx->delete_depth_stencil_alpha_state(ctx, zs);
   ctx->delete_rasterizer_state(ctx, rs);
   ctx->delete_vertex_elements_state(ctx, ve);
   ctx->set_vertex_buffers(ctx, 0, 1, NULL);
   unbind_target(&surf);
   ctx->flush(ctx, NULL, 0);
   pipe_resource_reference(&ibuf, NULL);
   pipe_resource_reference(&vbuf, NULL);
   pipe_resource_reference(&rt, NULL);
}

/*
 * A quad over the whole of rt (its texel (x, y) at NDC x, y growing with
 * x, y), drawn with the pipe context's state objects and TGSI text
 * shaders: the vertex shader passes IN[1], the texture coordinate (0, 0)
 * at texel row 0 column 0 to (1, 1) at the far corner, on as GENERIC[0];
 * fs is the fragment shader.  Samplers, views and constants are the
 * caller's; o, when not NULL, asks for more: polygon stippling, rows from
 * the bottom, user clip planes (written by the vertex shader as
 * CLIPVERTEX, the position).
 */
struct quad_opts {
   const uint32_t *stipple;   /* NULL: none */
   bool top_edge_rule;        /* bottom_edge_rule off */
   unsigned clip_planes;      /* clip_plane_enable */
   struct pipe_surface *zsbuf;   /* bound with rt */
   const struct pipe_depth_stencil_alpha_state *dsa;   /* NULL: no tests */
   uint8_t stencil_ref;
   float depth;                  /* the quad's window depth (0: 0.5) */
};

static void
draw_quad_opts(struct pipe_resource *rt, const char *fs_text, const struct quad_opts *o)
{
   const struct quad_opts none = { NULL, false, 0, NULL, NULL, 0, 0.0f };
   if (!o)
      o = &none;
   struct virgl_context *vc = virgl_context(ctx);
   struct pipe_resource *vbuf = make_buffer(128, PIPE_BIND_VERTEX_BUFFER);
   if (!vm_check(vbuf != NULL, "a vertex buffer"))
      return;
   /* a strip: position, texture coordinate */
   static const float quad[4][8] = {
      { -1, -1, 0, 1, 0, 0, 0, 1 }, { 1, -1, 0, 1, 1, 0, 0, 1 },
      { -1, 1, 0, 1, 0, 1, 0, 1 },  { 1, 1, 0, 1, 1, 1, 0, 1 },
   };
   ctx->buffer_subdata(ctx, vbuf, PIPE_MAP_WRITE, 0, sizeof quad, quad);
   struct pipe_surface *surf = bind_target(rt, 0, 0);
   if (o->zsbuf) {
      struct pipe_framebuffer_state fb;
      memset(&fb, 0, sizeof fb);
      fb.width = (uint16_t)rt->width0;
      fb.height = rt->height0;
      fb.layers = 1;
      fb.nr_cbufs = 1;
      fb.cbufs[0] = surf;
      fb.zsbuf = o->zsbuf;
      ctx->set_framebuffer_state(ctx, &fb);
      const struct pipe_stencil_ref ref = { { o->stencil_ref, o->stencil_ref } };
      ctx->set_stencil_ref(ctx, ref);
   }

   struct pipe_blend_state b;
   memset(&b, 0, sizeof b);
   b.rt[0].colormask = 0xf;
   void *blend = ctx->create_blend_state(ctx, &b);
   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   void *zs = ctx->create_depth_stencil_alpha_state(ctx, o->dsa ? o->dsa : &dsa);
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof r);
   r.front_ccw = 1;
   r.half_pixel_center = 1;
   r.bottom_edge_rule = !o->top_edge_rule;
   r.depth_clip_near = r.depth_clip_far = 1;
   r.line_width = r.point_size = 1.0f;
   r.poly_stipple_enable = o->stipple != NULL;
   r.clip_plane_enable = o->clip_planes & 0xff;
   void *rs = ctx->create_rasterizer_state(ctx, &r);
   if (o->stipple) {
      struct pipe_poly_stipple ps;
      memcpy(ps.stipple, o->stipple, sizeof ps.stipple);
      ctx->set_polygon_stipple(ctx, &ps);
   }
   struct pipe_vertex_element el[2];
   memset(el, 0, sizeof el);
   el[0].src_format = el[1].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   el[1].src_offset = 16;
   void *ve = ctx->create_vertex_elements_state(ctx, 2, el);
   ctx->bind_blend_state(ctx, blend);
   ctx->bind_depth_stencil_alpha_state(ctx, zs);
   ctx->bind_rasterizer_state(ctx, rs);
   ctx->bind_vertex_elements_state(ctx, ve);
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = 32;
   vb.buffer.resource = vbuf;
   ctx->set_vertex_buffers(ctx, 0, 1, &vb);
   float w = (float)rt->width0 / 2, h = (float)rt->height0 / 2;
   /* a depth of its own: every z maps to it (the host's depth range is
    * translate -+ scale, clamped to [0, 1]) */
   const struct pipe_viewport_state vp = { { w, h, o->depth != 0.0f ? 0.0f : 0.5f },
                                           { w, h, o->depth != 0.0f ? o->depth : 0.5f } };
   ctx->set_viewport_states(ctx, 0, 1, &vp);

   uint32_t vs = ++vc->next_handle, fs = ++vc->next_handle;
   virgl_encode_shader(&vc->cb, vs, VP_STAGE_VERTEX,
                       o->clip_planes ? "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\n"
                                        "DCL OUT[1], GENERIC[0]\nDCL OUT[2], CLIPVERTEX\n"
                                        "  0: MOV OUT[0], IN[0]\n  1: MOV OUT[1], IN[1]\n"
                                        "  2: MOV OUT[2], IN[0]\n  3: END\n"
                                      : "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\n"
                                        "DCL OUT[1], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n"
                                        "  1: MOV OUT[1], IN[1]\n  2: END\n");
   virgl_encode_shader(&vc->cb, fs, VP_STAGE_FRAGMENT, fs_text);
   virgl_encode_bind_shader(&vc->cb, vs, VP_STAGE_VERTEX);
   virgl_encode_bind_shader(&vc->cb, fs, VP_STAGE_FRAGMENT);

   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = PIPE_PRIM_TRIANGLE_STRIP;
   info.instance_count = 1;
   info.max_index = 3;
   const struct pipe_draw_start_count_bias draw = { 0, 4, 0 };
   ctx->draw_vbo(ctx, &info, &draw, 1);

   virgl_encode_destroy_object(&vc->cb, VP_OBJ_SHADER, vs);
   virgl_encode_destroy_object(&vc->cb, VP_OBJ_SHADER, fs);
   ctx->delete_blend_state(ctx, blend);
   ctx->delete_depth_stencil_alpha_state(ctx, zs);
   ctx->delete_rasterizer_state(ctx, rs);
   ctx->delete_vertex_elements_state(ctx, ve);
   ctx->set_vertex_buffers(ctx, 0, 1, NULL);
   unbind_target(&surf);
   ctx->flush(ctx, NULL, 0);
   pipe_resource_reference(&vbuf, NULL);
}

static void
draw_quad(struct pipe_resource *rt, const char *fs_text)
{
   draw_quad_opts(rt, fs_text, NULL);
}

/* Writes w x h texels of level / layer of tex from texel(x, y). */
static void
upload_at(struct pipe_resource *tex, unsigned level, unsigned layer, unsigned w, unsigned h,
          uint32_t (*texel)(unsigned x, unsigned y, const void *arg), const void *arg)
{
   struct pipe_box box = u_box_3d(0, 0, (int)layer, (int)w, (int)h, 1);
   struct pipe_transfer *t = NULL;
   uint8_t *p = ctx->texture_map(ctx, tex, level, PIPE_MAP_WRITE, &box, &t);
   if (!vm_check(p != NULL, "map a %ux%u box of level %u layer %u for writing", w, h, level,
                 layer))
      return;
   for (unsigned y = 0; y < h; y++)
      for (unsigned x = 0; x < w; x++) {
         uint32_t v = texel(x, y, arg);
         memcpy(p + y * t->stride + 4 * x, &v, 4);
      }
   ctx->texture_unmap(ctx, t);
}

/* Writes w x h texels of level 0 of tex from texel(x, y). */
static void
upload(struct pipe_resource *tex, unsigned w, unsigned h,
       uint32_t (*texel)(unsigned x, unsigned y, const void *arg), const void *arg)
{
   upload_at(tex, 0, 0, w, h, texel, arg);
}

static uint32_t
pattern(unsigned x, unsigned y, const void *arg)
{
   (void)arg;
   return vm_pattern(x, y, 3);
}

static uint32_t
in_row(unsigned x, unsigned y, const void *arg)
{
   (void)y;
   return ((const uint32_t *)arg)[x];
}

/* Texels within one step per channel of want[x] (a row); how many differ. */
static unsigned
count_near(struct pipe_resource *tex, unsigned w, const uint32_t *want, uint32_t *first_got)
{
   struct pipe_box box = u_box_2d(0, 0, (int)w, 1);
   struct pipe_transfer *t = NULL;
   const uint8_t *p = ctx->texture_map(ctx, tex, 0, PIPE_MAP_READ, &box, &t);
   if (!p)
      return w + 1;
   unsigned bad = 0;
   for (unsigned x = 0; x < w; x++) {
      bool ok = true;
      for (unsigned c = 0; c < 4; c++)
         ok = ok && near1(p[4 * x + c], (want[x] >> (8 * c)) & 0xff);
      if (!ok && !bad++)
         memcpy(first_got, p + 4 * x, 4);
   }
   ctx->texture_unmap(ctx, t);
   return bad;
}

static const char sample_fs[] =
   "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0]\n"
   "DCL SVIEW[0], 2D, FLOAT\n  0: TEX OUT[0], IN[0], SAMP[0], 2D\n  1: END\n";

/* A view of level 0 (or the whole of a buffer) of tex in its format, its
 * channels as they are. */
static struct pipe_sampler_view
view_templ(struct pipe_resource *tex)
{
   struct pipe_sampler_view v;
   memset(&v, 0, sizeof v);
   v.format = tex->format;
   v.target = tex->target;
   v.buf_size = tex->target == PIPE_BUFFER ? tex->width0 : 0;
   v.swizzle_r = PIPE_SWIZZLE_X;
   v.swizzle_g = PIPE_SWIZZLE_Y;
   v.swizzle_b = PIPE_SWIZZLE_Z;
   v.swizzle_a = PIPE_SWIZZLE_W;
   return v;
}

/* Draws rt with fs sampling tex through a view made from vt (NULL: as
 * view_templ) and a sampler made from ss, bound to fragment slot 0. */
static void
draw_sampled_with(struct pipe_resource *rt, struct pipe_resource *tex,
                  const struct pipe_sampler_state *ss, const struct pipe_sampler_view *vt,
                  const char *fs)
{
   struct pipe_sampler_view templ = vt ? *vt : view_templ(tex);
   struct pipe_sampler_view *view = ctx->create_sampler_view(ctx, tex, &templ);
   void *sampler = ctx->create_sampler_state(ctx, ss);
   if (!vm_check(view && sampler, "a sampler view and a sampler state"))
      return;
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &view);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &sampler);
   draw_quad(rt, fs);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   ctx->delete_sampler_state(ctx, sampler);
   pipe_sampler_view_reference(&view, NULL);
}

/* A sampler of filter filt and mip filter mip, CLAMP_TO_EDGE. */
static struct pipe_sampler_state
sampler_templ(enum pipe_tex_filter filt, enum pipe_tex_mipfilter mip)
{
   struct pipe_sampler_state ss;
   memset(&ss, 0, sizeof ss);
   ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   ss.min_img_filter = ss.mag_img_filter = filt;
   ss.min_mip_filter = mip;
   ss.normalized_coords = 1;
   ss.max_lod = 16;
   return ss;
}

static void
draw_sampled_mip(struct pipe_resource *rt, struct pipe_resource *tex, enum pipe_tex_filter filt,
                 enum pipe_tex_mipfilter mip, const struct pipe_sampler_view *vt, const char *fs)
{
   const struct pipe_sampler_state ss = sampler_templ(filt, mip);
   draw_sampled_with(rt, tex, &ss, vt, fs);
}

/* ... without mipmaps */
static void
draw_sampled(struct pipe_resource *rt, struct pipe_resource *tex, enum pipe_tex_filter filt,
             const struct pipe_sampler_view *vt, const char *fs)
{
   draw_sampled_mip(rt, tex, filt, PIPE_TEX_MIPFILTER_NONE, vt, fs);
}

/*
 * Sampling (TEX through a sampler view and a sampler state): a 4x4
 * texture of known texels drawn over a 4x4 target with NEAREST filtering
 * (each texel centre lands on a texel centre: an exact copy); a 2x1
 * texture A, B drawn over a 3x1 target with LINEAR: the pixel centres
 * are at u = 1/6, 1/2, 5/6, i.e. texel coordinate -1/6 (clamped to A),
 * 1/2 (the boundary between the two: (A + B) / 2) and 7/6 (clamped to B).
 */
static void
check_sampling(void)
{
   struct pipe_resource *tex = make_tex(PIPE_TEXTURE_2D, 4, 4, 1, 0);
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 4, 4, 1, 0);
   if (!vm_check(tex && rt, "a 4x4 texture and target"))
      return;
   upload(tex, 4, 4, pattern, NULL);
   draw_sampled(rt, tex, PIPE_TEX_FILTER_NEAREST, NULL, sample_fs);
   uint32_t got = 0;
   unsigned bad = count_bad(rt, 0, 0, 4, 4, pattern, NULL, &got);
   vm_check(bad == 0, "a 4x4 texture sampled NEAREST: %u texels differ (first %08x)", bad, got);
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&rt, NULL);

   static const uint32_t ab[2] = { 0xff0028c8u, 0xff3cf064u };   /* (200,40,0), (100,240,60) */
   tex = make_tex(PIPE_TEXTURE_2D, 2, 1, 1, 0);
   rt = make_tex(PIPE_TEXTURE_2D, 3, 1, 1, 0);
   if (!vm_check(tex && rt, "a 2x1 texture and a 3x1 target"))
      return;
   upload(tex, 2, 1, in_row, ab);
   draw_sampled(rt, tex, PIPE_TEX_FILTER_LINEAR, NULL, sample_fs);
   const uint32_t want[3] = { ab[0], 0xff1e8c96u /* (150,140,30) */, ab[1] };
   bad = count_near(rt, 3, want, &got);
   vm_check(bad == 0, "LINEAR across a texel boundary: %u of 3 texels differ (first %08x; "
            "expected %08x %08x %08x +-1)", bad, got, want[0], want[1], want[2]);
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&rt, NULL);
}

/*
 * Constants read by a fragment shader: constant buffer 0 from user
 * memory (the protocol's inline constants) and from a resource (read back
 * and sent inline); constant buffer 1 from a resource (a uniform block),
 * from user memory (through the context's host buffer), as the GL state
 * tracker binds them, and from a resource at an offset the host does not
 * align to (read back, then as user memory).  Each fills a 2x2 target with its colour.
 */
static void
check_constants(void)
{
   static const float c0[4] = { 0.25f, 0.5f, 0.75f, 1.0f }, c0r[4] = { 0.5f, 0.5f, 0.25f, 1.0f };
   static const float c1[4] = { 1.0f, 0.25f, 0.0f, 0.5f }, c1u[4] = { 0.0f, 0.75f, 0.5f, 0.25f };
   static const float c1o[4] = { 0.75f, 1.0f, 0.25f, 1.0f };
   struct pipe_resource *cbuf = make_buffer(80, PIPE_BIND_CONSTANT_BUFFER);
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 2, 2, 1, 0);
   if (!vm_check(cbuf && rt, "a constant buffer and a 2x2 target"))
      return;
   /* c1 at byte 16, c0r at byte 32, c1o at byte 52 (not a multiple of the
    * host's alignment of uniform buffer offsets, 16) */
   ctx->buffer_subdata(ctx, cbuf, PIPE_MAP_WRITE, 16, 16, c1);
   ctx->buffer_subdata(ctx, cbuf, PIPE_MAP_WRITE, 32, 16, c0r);
   ctx->buffer_subdata(ctx, cbuf, PIPE_MAP_WRITE, 52, 16, c1o);

   static const char fs0[] = "FRAG\nDCL OUT[0], COLOR\nDCL CONST[0]\n"
                             "  0: MOV OUT[0], CONST[0]\n  1: END\n";
   static const char fs1[] = "FRAG\nDCL OUT[0], COLOR\nDCL CONST[1][0]\n"
                             "  0: MOV OUT[0], CONST[1][0]\n  1: END\n";
   const struct {
      const char *what, *fs;
      unsigned index;
      const float *color;
      bool user;
      unsigned offset;
   } cases[] = {
      { "constant buffer 0 from user memory", fs0, 0, c0, true, 0 },
      { "constant buffer 0 from a resource", fs0, 0, c0r, false, 32 },
      { "constant buffer 1 from a resource", fs1, 1, c1, false, 16 },
      { "constant buffer 1 from user memory", fs1, 1, c1u, true, 0 },
      { "constant buffer 1 from a resource at byte 52", fs1, 1, c1o, false, 52 },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      struct pipe_constant_buffer cb;
      memset(&cb, 0, sizeof cb);
      cb.buffer_size = 16;
      if (cases[i].user) {
         cb.user_buffer = cases[i].color;
      } else {
         cb.buffer = cbuf;
         cb.buffer_offset = cases[i].offset;
      }
      const float black[4] = { 0, 0, 0, 0 };
      clear_to(rt, 0, 0, black);
      ctx->set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, cases[i].index, &cb);
      draw_quad(rt, cases[i].fs);
      ctx->set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, cases[i].index, NULL);
      const uint32_t want[2] = { rgba(cases[i].color), rgba(cases[i].color) };
      uint32_t got = 0;
      unsigned bad = count_near(rt, 2, want, &got);
      vm_check(bad == 0, "%s: %u texels of a row differ (first %08x, expected %08x +-1)",
               cases[i].what, bad, got, want[0]);
   }
   pipe_resource_reference(&cbuf, NULL);
   pipe_resource_reference(&rt, NULL);
}

struct copied {
   uint32_t outside;
   int dx, dy, w, h, sx, sy;   /* the box at (dx, dy) holds the source's from (sx, sy) */
};

static uint32_t
copied(unsigned x, unsigned y, const void *arg)
{
   const struct copied *c = arg;
   int ix = (int)x - c->dx, iy = (int)y - c->dy;
   if (ix >= 0 && ix < c->w && iy >= 0 && iy < c->h)
      return vm_pattern((unsigned)(c->sx + ix), (unsigned)(c->sy + iy), 3);
   return c->outside;
}

static uint32_t
doubled(unsigned x, unsigned y, const void *arg)
{
   (void)arg;
   return vm_pattern(x / 2, y / 2, 3);
}

static uint32_t
to_bgra(uint32_t v)
{
   return (v & 0xff00ff00u) | (v & 0xff) << 16 | (v >> 16 & 0xff);
}

/* copied(), stored as BGRA8 */
static uint32_t
copied_as_bgra(unsigned x, unsigned y, const void *arg)
{
   return to_bgra(copied(x, y, arg));
}

/* the 4x4 pattern upside down as BGRA8 in rows 1..2, grey elsewhere */
static uint32_t
flipped_bgra(unsigned x, unsigned y, const void *arg)
{
   (void)arg;
   if (y < 1 || y > 2)
      return 0xff808080u;
   return to_bgra(vm_pattern(x, 3 - y, 3));
}

/*
 * resource_copy_region: a 3x2 box at (1, 2) of an 8x8 pattern to (4, 5)
 * of a cleared 8x8 texture, and into a BGRA8 one (channel by channel, as
 * p_context.h asks of formats holding the same channels); blit: a 4x4
 * pattern scaled to 8x8 with
 * NEAREST (texel (x, y) of the destination is (x / 2, y / 2) of the
 * source); the 4x4 pattern upside down (a source box of height -4) into a
 * BGRA8 texture, scissored to rows 1..2; clear_render_target of a texture
 * that is not bound, between clears of the bound one.  Texel by texel.
 */
static void
check_copy_blit(void)
{
   struct pipe_resource *src = make_tex(PIPE_TEXTURE_2D, 8, 8, 1, 0);
   struct pipe_resource *dst = make_tex(PIPE_TEXTURE_2D, 8, 8, 1, 0);
   struct pipe_resource *small = make_tex(PIPE_TEXTURE_2D, 4, 4, 1, 0);
   if (!vm_check(src && dst && small, "textures to copy"))
      return;
   upload(src, 8, 8, pattern, NULL);
   upload(small, 4, 4, pattern, NULL);
   const float grey[4] = { 0.5f, 0.5f, 0.5f, 1.0f };
   clear_to(dst, 0, 0, grey);
   struct pipe_box box = u_box_2d(1, 2, 3, 2);
   ctx->resource_copy_region(ctx, dst, 0, 4, 5, 0, src, 0, &box);
   struct copied c = { rgba(grey), 4, 5, 3, 2, 1, 2 };
   uint32_t got = 0;
   unsigned bad = count_bad(dst, 0, 0, 8, 8, copied, &c, &got);
   vm_check(bad == 0, "a 3x2 box copied from (1,2) to (4,5): %u texels differ (first %08x)",
            bad, got);

   /* between RGBA8 and BGRA8: channel by channel (p_context.h) */
   struct pipe_resource *bgra8 = make_tex_format(PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 8,
                                                 8, 1, 0);
   if (vm_check(bgra8 != NULL, "an 8x8 BGRA8 texture")) {
      clear_to(bgra8, 0, 0, grey);
      ctx->resource_copy_region(ctx, bgra8, 0, 4, 5, 0, src, 0, &box);
      bad = count_bad(bgra8, 0, 0, 8, 8, copied_as_bgra, &c, &got);
      vm_check(bad == 0, "the box copied into BGRA8 channel by channel: %u texels differ "
               "(first %08x)", bad, got);
      pipe_resource_reference(&bgra8, NULL);
   }

   struct pipe_blit_info bi;
   memset(&bi, 0, sizeof bi);
   bi.dst.resource = dst;
   bi.dst.box = u_box_2d(0, 0, 8, 8);
   bi.dst.format = dst->format;
   bi.src.resource = small;
   bi.src.box = u_box_2d(0, 0, 4, 4);
   bi.src.format = small->format;
   bi.mask = PIPE_MASK_RGBA;
   bi.filter = PIPE_TEX_FILTER_NEAREST;
   ctx->blit(ctx, &bi);
   bad = count_bad(dst, 0, 0, 8, 8, doubled, NULL, &got);
   vm_check(bad == 0, "a 4x4 texture blitted to 8x8 NEAREST: %u texels differ (first %08x)",
            bad, got);

   /* flipped (a source box of negative height) into a BGRA8 texture
    * (converted), scissored to rows 1..2 */
   struct pipe_resource *bgra = make_tex_format(PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 4,
                                                4, 1, 0);
   if (vm_check(bgra != NULL, "a 4x4 BGRA8 texture")) {
      clear_to(bgra, 0, 0, grey);
      bi.dst.resource = bgra;
      bi.dst.box = u_box_2d(0, 0, 4, 4);
      bi.dst.format = bgra->format;
      bi.src.box = u_box_2d(0, 4, 4, -4);
      bi.scissor_enable = true;
      bi.scissor = (struct pipe_scissor_state){ 0, 1, 4, 3 };
      ctx->blit(ctx, &bi);
      bad = count_bad(bgra, 0, 0, 4, 4, flipped_bgra, NULL, &got);
      vm_check(bad == 0, "a flipped, converting, scissored blit: %u of 16 texels differ "
               "(first %08x)", bad, got);
      pipe_resource_reference(&bgra, NULL);
   }

   /* clear_render_target of src while dst is bound; then a clear of the
    * bound framebuffer reaches dst, not src */
   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = src->format;
   struct pipe_surface *s = ctx->create_surface(ctx, src, &templ);
   struct pipe_surface *bound = bind_target(dst, 0, 0);
   const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
   union pipe_color_union cr, cg;
   memcpy(cr.f, red, sizeof cr.f);
   memcpy(cg.f, green, sizeof cg.f);
   if (s)
      ctx->clear_render_target(ctx, s, &cr, 0, 0, 8, 8);
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &cg, 1.0, 0, full_mask, 0xff);
   unbind_target(&bound);
   pipe_surface_reference(&s, NULL);
   uint32_t wr = rgba(red), wg = rgba(green);
   bad = count_bad(src, 0, 0, 8, 8, constant, &wr, &got);
   bad += count_bad(dst, 0, 0, 8, 8, constant, &wg, &got);
   vm_check(bad == 0, "clear_render_target of an unbound texture, then a clear of the bound "
            "one: %u texels differ", bad);
   pipe_resource_reference(&src, NULL);
   pipe_resource_reference(&dst, NULL);
   pipe_resource_reference(&small, NULL);
}

struct boxed {
   uint32_t inside, outside;
   struct pipe_box box;
};

static uint32_t
boxed(unsigned x, unsigned y, const void *arg)
{
   const struct boxed *b = arg;
   bool in = (int)x >= b->box.x && (int)x < b->box.x + b->box.width && (int)y >= b->box.y &&
             (int)y < b->box.y + b->box.height;
   return in ? b->inside : b->outside;
}

/*
 * Clears of part of a surface (CLEAR_TEXTURE with a texel packed in the
 * surface's format): a scissored clear of the bound RGBA8 and of a BGRA8
 * target, clear_render_target of a box (cut to the surface) of an unbound
 * one; a colour-masked clear is refused and leaves the target as it was.
 */
static void
check_box_clears(void)
{
   const float grey[4] = { 0.5f, 0.5f, 0.5f, 1.0f }, c[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
   union pipe_color_union cu;
   memcpy(cu.f, c, sizeof cu.f);
   const enum pipe_format formats[2] = { PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM };
   uint32_t got = 0;
   for (unsigned f = 0; f < 2; f++) {
      struct pipe_resource *tex = make_tex_format(PIPE_TEXTURE_2D, formats[f], 8, 8, 1, 0);
      if (!vm_check(tex != NULL, "an 8x8 %s target", util_format_name(formats[f])))
         return;
      clear_to(tex, 0, 0, grey);
      struct pipe_surface *s = bind_target(tex, 0, 0);
      const struct pipe_scissor_state sc = { 2, 3, 6, 5 };
      ctx->clear(ctx, PIPE_CLEAR_COLOR0, &sc, &cu, 1.0, 0, full_mask, 0xff);
      unbind_target(&s);
      /* the texel as the format stores it (BGRA8: R and B bytes swapped) */
      struct boxed want = { rgba(c), rgba(grey), u_box_2d(2, 3, 4, 2) };
      if (formats[f] == PIPE_FORMAT_B8G8R8A8_UNORM)
         want.inside = to_bgra(want.inside);
      unsigned bad = count_bad(tex, 0, 0, 8, 8, boxed, &want, &got);
      vm_check(bad == 0, "%s: a clear scissored to (2,3)-(6,5): %u texels differ (first "
               "%08x, inside %08x)", util_format_name(formats[f]), bad, got, want.inside);
      pipe_resource_reference(&tex, NULL);
   }

   struct pipe_resource *tex = make_tex(PIPE_TEXTURE_2D, 8, 8, 1, 0);
   if (!vm_check(tex != NULL, "an 8x8 texture"))
      return;
   clear_to(tex, 0, 0, grey);
   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = tex->format;
   struct pipe_surface *s = ctx->create_surface(ctx, tex, &templ);
   if (s)
      ctx->clear_render_target(ctx, s, &cu, 1, 4, 3, 10);   /* cut to rows 4..7 */
   pipe_surface_reference(&s, NULL);
   struct boxed want = { rgba(c), rgba(grey), u_box_2d(1, 4, 3, 4) };
   unsigned bad = count_bad(tex, 0, 0, 8, 8, boxed, &want, &got);
   vm_check(bad == 0, "clear_render_target of a box cut to the surface: %u texels differ "
            "(first %08x)", bad, got);

   /* masked: refused, the target keeps its colour */
   clear_to(tex, 0, 0, grey);
   s = bind_target(tex, 0, 0);
   const uint8_t red_only[PIPE_MAX_COLOR_BUFS] = { 0x1 };
   union pipe_color_union white = { { 1, 1, 1, 1 } };
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &white, 1.0, 0, red_only, 0xff);
   unbind_target(&s);
   uint32_t g = rgba(grey);
   bad = count_bad(tex, 0, 0, 8, 8, constant, &g, &got);
   vm_check(bad == 0, "a colour-masked clear refused: %u texels changed", bad);
   pipe_resource_reference(&tex, NULL);
}

static uint32_t
swizzled(unsigned x, unsigned y, const void *arg)
{
   (void)arg;
   /* B, G, R, 1 of the pattern */
   uint32_t v = vm_pattern(x, y, 3);
   return (v & 0x0000ff00u) | (v & 0xff) << 16 | (v >> 16 & 0xff) | 0xff000000u;
}

/* the 2x2 pattern in the centre of a 4x4 frame of the border colour */
static uint32_t
in_frame(unsigned x, unsigned y, const void *arg)
{
   if (x == 0 || x == 3 || y == 0 || y == 3)
      return *(const uint32_t *)arg;
   return vm_pattern(x - 1, y - 1, 3);
}

/*
 * Views of part of a texture and of a buffer: levels 1..2 of an 8x8
 * texture (level 0 grey, 1 the pattern, 2 one colour) drawn NEAREST with
 * NEAREST mipmaps onto 4x4 (level of detail 0: level 1) and 2x2 (1: level 2);
 * layer 1 of a 2D array of three layers through a 2D view (an array view
 * of layers 1..2 would read layers 0..1 on virglrenderer 0.10.4: it makes a
 * GL texture view only when the target or format differ); the pattern
 * through a swizzle (B, G, R, 1); element 1 of a view of elements 4..5
 * of a buffer of eight RGBA8 texels (buffer element 5), fetched with TXF
 * (a view at an offset the host does not align to is refused).
 */
static void
check_views(void)
{
   const float grey[4] = { 0.5f, 0.5f, 0.5f, 1.0f };
   uint32_t g = rgba(grey), got = 0;
   struct pipe_resource *tex = make_tex(PIPE_TEXTURE_2D, 8, 8, 1, 2);
   struct pipe_resource *arr = make_tex(PIPE_TEXTURE_2D_ARRAY, 2, 2, 3, 0);
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 2, 2, 1, 0);
   struct pipe_resource *rt4 = make_tex(PIPE_TEXTURE_2D, 4, 4, 1, 0);
   if (!vm_check(tex && arr && rt && rt4, "textures of three levels and two layers, targets"))
      return;
   const uint32_t k = 0xff102030u;
   upload_at(tex, 0, 0, 8, 8, constant, &g);
   upload_at(tex, 1, 0, 4, 4, pattern, NULL);
   upload_at(tex, 2, 0, 2, 2, constant, &k);
   struct pipe_sampler_view vt = view_templ(tex);
   vt.first_level = 1;
   vt.last_level = 2;
   draw_sampled_mip(rt4, tex, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST, &vt,
                    sample_fs);
   unsigned bad = count_bad(rt4, 0, 0, 4, 4, pattern, NULL, &got);
   vm_check(bad == 0, "a view of levels 1..2 drawn 4x4 (its level 0): %u of 16 texels differ "
            "(first %08x)", bad, got);
   draw_sampled_mip(rt, tex, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST, &vt,
                    sample_fs);
   bad = count_bad(rt, 0, 0, 2, 2, constant, &k, &got);
   vm_check(bad == 0, "the same drawn 2x2 (its level 1, the texture's 2): %u of 4 texels "
            "differ (first %08x)", bad, got);

   upload_at(arr, 0, 0, 2, 2, constant, &g);
   upload_at(arr, 0, 1, 2, 2, pattern, NULL);
   upload_at(arr, 0, 2, 2, 2, constant, &k);
   vt = view_templ(arr);
   vt.target = PIPE_TEXTURE_2D;
   vt.first_layer = vt.last_layer = 1;
   draw_sampled(rt, arr, PIPE_TEX_FILTER_NEAREST, &vt, sample_fs);
   bad = count_bad(rt, 0, 0, 2, 2, pattern, NULL, &got);
   vm_check(bad == 0, "a 2D view of layer 1 of an array: %u of 4 texels differ (first %08x)",
            bad, got);

   upload(rt4, 4, 4, pattern, NULL);   /* now the texture sampled */
   vt = view_templ(rt4);
   vt.swizzle_r = PIPE_SWIZZLE_Z;
   vt.swizzle_b = PIPE_SWIZZLE_X;
   vt.swizzle_a = PIPE_SWIZZLE_1;
   struct pipe_resource *rt4b = make_tex(PIPE_TEXTURE_2D, 4, 4, 1, 0);
   if (rt4b) {
      draw_sampled(rt4b, rt4, PIPE_TEX_FILTER_NEAREST, &vt, sample_fs);
      bad = count_bad(rt4b, 0, 0, 4, 4, swizzled, NULL, &got);
      vm_check(bad == 0, "a view swizzled B, G, R, 1: %u of 16 texels differ (first %08x)",
               bad, got);
   }

   /* unbinding more slots than the host has (48 views > 32, 48 samplers >
    * 16): the host's slots are emptied (the draw below shows its context
    * alive), and the view is no longer held */
   vt = view_templ(tex);
   struct pipe_sampler_view *view = ctx->create_sampler_view(ctx, tex, &vt);
   struct virgl_context *vc = virgl_context(ctx);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &view);
   bool held = vc->views[PIPE_SHADER_FRAGMENT][0] == view;
   void *nulls[48] = { NULL };
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 48, (struct pipe_sampler_view **)nulls);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 48, nulls);
   vm_check(view && held && !vc->views[PIPE_SHADER_FRAGMENT][0] && !vc->cb.failed,
            "48 slots unbound: the view held while bound is dropped");
   pipe_sampler_view_reference(&view, NULL);

   struct pipe_resource *buf = make_buffer(32, PIPE_BIND_SAMPLER_VIEW);
   if (vm_check(buf != NULL, "a buffer to sample")) {
      uint32_t texels[8];
      for (unsigned i = 0; i < 8; i++)
         texels[i] = 0xff000000u | i * 0x00102030u;
      ctx->buffer_subdata(ctx, buf, PIPE_MAP_WRITE, 0, sizeof texels, texels);
      /* the host aligns texture buffer offsets to 16 bytes: 4 is refused */
      vt = view_templ(buf);
      vt.format = PIPE_FORMAT_R8G8B8A8_UNORM;
      vt.buf_offset = 4;
      vt.buf_size = 8;
      struct pipe_sampler_view *refused = ctx->create_sampler_view(ctx, buf, &vt);
      vm_check(!refused, "a buffer view at byte 4 refused");
      if (refused)
         pipe_sampler_view_reference(&refused, NULL);
      vt.buf_offset = 16;
      draw_sampled(rt, buf, PIPE_TEX_FILTER_NEAREST, &vt,
                   "FRAG\nDCL OUT[0], COLOR\nDCL SAMP[0]\nDCL SVIEW[0], BUFFER, FLOAT\n"
                   "IMM[0] INT32 {1, 0, 0, 0}\n  0: TXF OUT[0], IMM[0], SAMP[0], BUFFER\n"
                   "  1: END\n");
      bad = count_bad(rt, 0, 0, 2, 2, constant, &texels[5], &got);
      vm_check(bad == 0, "element 1 of a view of buffer elements 4..5: %u of 4 texels differ "
               "(first %08x, expected %08x)", bad, got, texels[5]);
   }
   pipe_resource_reference(&buf, NULL);
   pipe_resource_reference(&rt4b, NULL);
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&arr, NULL);
   pipe_resource_reference(&rt, NULL);
   pipe_resource_reference(&rt4, NULL);
}

static const char red_fs[] =
   "FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {    1.0000,     0.0000,     0.0000,     1.0000}\n"
   "  0: MOV OUT[0], IMM[0]\n  1: END\n";

struct stippled {
   const uint32_t *rows;
   unsigned height;
   bool bottom;
};

/* red where Pony's pipe semantics (swpipe_poly_stipple_passes) draw: bit
 * 31 - x mod 32 of row y mod 32, counted from the bottom under
 * bottom_edge_rule */
static uint32_t
stippled(unsigned x, unsigned y, const void *arg)
{
   const struct stippled *st = arg;
   unsigned r = (st->bottom ? st->height - 1 - y : y) % 32;
   return (st->rows[r] >> (31 - x % 32)) & 1 ? 0xff0000ffu : 0xff000000u;
}

/*
 * Polygon stipple: a quad drawn red over black with stippling, every
 * texel against the pattern's bit as Pony's pipe defines it: columns 0..3
 * of every row; rows 0 (all) and 1 (column 0) of the pattern on a 32x32
 * target counted from the top; the same on a 40x20 target under
 * bottom_edge_rule, counted from the bottom (the host counts from the top:
 * the driver sends the pattern rotated by the height).
 */
static void
check_stipple(void)
{
   const float black[4] = { 0, 0, 0, 1 };
   uint32_t cols[32], rows[32], got = 0;
   for (unsigned i = 0; i < 32; i++)
      cols[i] = 0xf0000000u;
   memset(rows, 0, sizeof rows);
   rows[0] = ~0u;
   rows[1] = 0x80000000u;
   const struct {
      const char *what;
      const uint32_t *pattern;
      unsigned w, h;
      bool bottom;
   } cases[] = {
      { "columns 0..3", cols, 32, 32, false },
      { "rows 0 and 1 from the top", rows, 32, 32, false },
      { "rows 0 and 1 from the bottom (bottom_edge_rule) of 20", rows, 40, 20, true },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, cases[i].w, cases[i].h, 1, 0);
      if (!vm_check(rt != NULL, "a %ux%u target", cases[i].w, cases[i].h))
         return;
      clear_to(rt, 0, 0, black);
      const struct quad_opts o = { cases[i].pattern, !cases[i].bottom, 0, NULL, NULL, 0, 0.0f };
      draw_quad_opts(rt, red_fs, &o);
      const struct stippled want = { cases[i].pattern, cases[i].h, cases[i].bottom };
      unsigned bad = count_bad(rt, 0, 0, cases[i].w, cases[i].h, stippled, &want, &got);
      vm_check(bad == 0, "stipple %s: %u texels differ (first %08x)", cases[i].what, bad, got);
      pipe_resource_reference(&rt, NULL);
   }
   /* stippling off again for what follows */
   memset(rows, 0xff, sizeof rows);
   struct pipe_poly_stipple ps;
   memcpy(ps.stipple, rows, sizeof ps.stipple);
   ctx->set_polygon_stipple(ctx, &ps);
}

/*
 * User clip planes (set_clip_state, the vertex shader writing CLIPVERTEX):
 * plane 0 (1, 0, 0, 0) keeps x >= 0, the right half of a 32x32 target;
 * planes 0 and 1 with plane 1 (0, -1, 0, 0.5) keep y <= 0.5 too, rows
 * 0..23 of the right half (NDC y 0.5 is row 24).
 */
static void
check_clip_planes(void)
{
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 32, 32, 1, 0);
   if (!vm_check(rt != NULL, "a 32x32 target"))
      return;
   const float black[4] = { 0, 0, 0, 1 };
   struct pipe_clip_state clip;
   memset(&clip, 0, sizeof clip);
   clip.ucp[0][0] = 1;
   clip.ucp[1][1] = -1;
   clip.ucp[1][3] = 0.5f;
   ctx->set_clip_state(ctx, &clip);
   uint32_t got = 0;
   for (unsigned planes = 1; planes <= 3; planes += 2) {
      clear_to(rt, 0, 0, black);
      const struct quad_opts o = { NULL, false, planes, NULL, NULL, 0, 0.0f };
      draw_quad_opts(rt, red_fs, &o);
      struct boxed want = { 0xff0000ffu, 0xff000000u,
                            u_box_2d(16, 0, 16, planes == 1 ? 32 : 24) };
      unsigned bad = count_bad(rt, 0, 0, 32, 32, boxed, &want, &got);
      vm_check(bad == 0, "clip plane%s: %u texels differ (first %08x)",
               planes == 1 ? " 0 (x >= 0)" : "s 0 and 1 (y <= 0.5 too)", bad, got);
   }
   pipe_resource_reference(&rt, NULL);
}

static const char green_fs[] =
   "FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {    0.0000,     1.0000,     0.0000,     1.0000}\n"
   "  0: MOV OUT[0], IMM[0]\n  1: END\n";

/*
 * Boxes of depth/stencil surfaces (CLEAR_TEXTURE with depth and stencil
 * packed as the host's GL takes them), checked by drawing: on a 32x32
 * target with a depth/stencil buffer cleared whole to depth 1, stencil 0,
 * the box (8,8)-(24,24) is cleared to depth 0.25 (and stencil 0x55) by a
 * scissored clear, or by clear_depth_stencil; a red quad at depth 0.5
 * with the depth test LESS then covers all but the box, a green one at
 * 0.2 covers everything (the box holds 0.2 to 0.5); where the format
 * has stencil, a green quad with the stencil test EQUAL 0x55 covers the
 * box only, and a box of depth alone is refused.  Z16, Z32F and the 24/8
 * formats the host makes.
 */
static void
check_zs_box_clears(void)
{
   const enum pipe_format formats[4] = { PIPE_FORMAT_Z16_UNORM, PIPE_FORMAT_Z32_FLOAT,
                                         PIPE_FORMAT_Z24_UNORM_S8_UINT,
                                         PIPE_FORMAT_S8_UINT_Z24_UNORM };
   const float black[4] = { 0, 0, 0, 1 };
   union pipe_color_union cb = { { 0, 0, 0, 1 } };
   uint32_t got = 0;
   for (unsigned f = 0; f < 8; f++) {
      enum pipe_format format = formats[f % 4];
      bool by_clear_ds = f >= 4;   /* the second round: clear_depth_stencil */
      const struct util_format_description *d = util_format_description(format);
      struct pipe_resource t;
      memset(&t, 0, sizeof t);
      t.target = PIPE_TEXTURE_2D;
      t.format = format;
      t.width0 = 32;
      t.height0 = 32;
      t.depth0 = t.array_size = 1;
      t.bind = PIPE_BIND_DEPTH_STENCIL;
      struct pipe_resource *ztex = screen->resource_create(screen, &t);
      if (!ztex && format == PIPE_FORMAT_Z24_UNORM_S8_UINT)
         continue;   /* none made here: the host takes 24/8 depth as S8_UINT_Z24 */
      struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 32, 32, 1, 0);
      if (!vm_check(ztex && rt, "a 32x32 %s buffer and a target", util_format_name(format)))
         return;
      struct pipe_surface templ;
      memset(&templ, 0, sizeof templ);
      templ.format = format;
      struct pipe_surface *zs = ctx->create_surface(ctx, ztex, &templ);
      struct pipe_surface *s = bind_target(rt, 0, 0);
      struct pipe_framebuffer_state fb;
      memset(&fb, 0, sizeof fb);
      fb.width = fb.height = 32;
      fb.layers = 1;
      fb.nr_cbufs = 1;
      fb.cbufs[0] = s;
      fb.zsbuf = zs;
      ctx->set_framebuffer_state(ctx, &fb);
      unsigned zs_bits = PIPE_CLEAR_DEPTH | (d->is_stencil ? PIPE_CLEAR_STENCIL : 0);
      ctx->clear(ctx, PIPE_CLEAR_COLOR0 | zs_bits, NULL, &cb, 1.0, 0, full_mask, 0xff);
      if (by_clear_ds) {
         ctx->clear_depth_stencil(ctx, zs, zs_bits, 0.25, 0x55, 8, 8, 16, 16);
      } else {
         const struct pipe_scissor_state sc = { 8, 8, 24, 24 };
         ctx->clear(ctx, zs_bits, &sc, &cb, 0.25, 0x55, full_mask, 0xff);
      }
      unbind_target(&s);

      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.depth_enabled = 1;
      dsa.depth_func = PIPE_FUNC_LESS;
      struct quad_opts o = { NULL, false, 0, zs, &dsa, 0, 0.5f };
      draw_quad_opts(rt, red_fs, &o);
      struct boxed want = { 0xff000000u, 0xff0000ffu, u_box_2d(8, 8, 16, 16) };
      unsigned bad = count_bad(rt, 0, 0, 32, 32, boxed, &want, &got);
      /* a green quad at depth 0.2 passes everywhere: the box is 0.2..0.5 */
      o.depth = 0.2f;
      draw_quad_opts(rt, green_fs, &o);
      uint32_t g = 0xff00ff00u;
      bad += count_bad(rt, 0, 0, 32, 32, constant, &g, &got);
      vm_check(bad == 0, "%s, a box of depth 0.25 by %s: %u texels differ (first %08x)",
               util_format_name(format), by_clear_ds ? "clear_depth_stencil" : "a scissored clear",
               bad, got);
      if (d->is_stencil) {
         clear_to(rt, 0, 0, black);
         memset(&dsa, 0, sizeof dsa);
         dsa.stencil[0].enabled = 1;
         dsa.stencil[0].func = PIPE_FUNC_EQUAL;
         dsa.stencil[0].valuemask = 0xff;
         o.stencil_ref = 0x55;
         draw_quad_opts(rt, green_fs, &o);
         want = (struct boxed){ 0xff00ff00u, 0xff000000u, u_box_2d(8, 8, 16, 16) };
         bad = count_bad(rt, 0, 0, 32, 32, boxed, &want, &got);
         vm_check(bad == 0, "%s, a box of stencil 0x55: %u texels differ (first %08x)",
                  util_format_name(format), bad, got);
         /* depth alone in a box of depth and stencil: refused (a box clear
          * writes both), depth stays 1 and a red quad at 0.5 covers all */
         s = bind_target(rt, 0, 0);
         fb.cbufs[0] = s;
         ctx->set_framebuffer_state(ctx, &fb);
         ctx->clear(ctx, PIPE_CLEAR_COLOR0 | zs_bits, NULL, &cb, 1.0, 0, full_mask, 0xff);
         const struct pipe_scissor_state sc = { 8, 8, 24, 24 };
         ctx->clear(ctx, PIPE_CLEAR_DEPTH, &sc, &cb, 0.25, 0, full_mask, 0xff);
         unbind_target(&s);
         memset(&dsa, 0, sizeof dsa);
         dsa.depth_enabled = 1;
         dsa.depth_func = PIPE_FUNC_LESS;
         o.depth = 0.5f;
         draw_quad_opts(rt, red_fs, &o);
         uint32_t red = 0xff0000ffu;
         bad = count_bad(rt, 0, 0, 32, 32, constant, &red, &got);
         vm_check(bad == 0, "%s, depth alone in a box refused: %u texels differ (first %08x)",
                  util_format_name(format), bad, got);
      }
      pipe_surface_reference(&zs, NULL);
      pipe_resource_reference(&ztex, NULL);
      pipe_resource_reference(&rt, NULL);
   }
}

/*
 * Sampler state fields by drawing.  Border colour: a 2x2 pattern sampled
 * NEAREST with CLAMP_TO_BORDER at coordinates 2 * texcoord - 0.5 onto 4x4
 * (pixel centres at -0.25, 0.25, 0.75, 1.25): the centre 2x2 is the
 * pattern, the frame the border colour.  LOD: an 8x8 texture of three
 * levels of one colour each, sampled NEAREST / NEAREST: onto 8x8 (level
 * of detail 0) with min_lod 1, and with lod_bias 1, level 1; onto 2x2
 * (level of detail 2) with max_lod 1, level 1.
 */
static void
check_sampler_fields(void)
{
   struct pipe_resource *tex = make_tex(PIPE_TEXTURE_2D, 2, 2, 1, 0);
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 4, 4, 1, 0);
   struct pipe_resource *mip = make_tex(PIPE_TEXTURE_2D, 8, 8, 1, 2);
   struct pipe_resource *rt8 = make_tex(PIPE_TEXTURE_2D, 8, 8, 1, 0);
   struct pipe_resource *rt2 = make_tex(PIPE_TEXTURE_2D, 2, 2, 1, 0);
   if (!vm_check(tex && rt && mip && rt8 && rt2, "textures and targets"))
      return;
   upload(tex, 2, 2, pattern, NULL);
   struct pipe_sampler_state ss = sampler_templ(PIPE_TEX_FILTER_NEAREST,
                                                PIPE_TEX_MIPFILTER_NONE);
   ss.wrap_s = ss.wrap_t = ss.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   const float border[4] = { 0.0f, 0.2f, 1.0f, 0.6f };
   memcpy(ss.border_color.f, border, sizeof border);
   draw_sampled_with(rt, tex, &ss, NULL,
                     "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                     "DCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\nDCL TEMP[0]\n"
                     "IMM[0] FLT32 {    2.0000,    -0.5000,     0.0000,     0.0000}\n"
                     "  0: MAD TEMP[0], IN[0], IMM[0].xxxx, IMM[0].yyyy\n"
                     "  1: TEX OUT[0], TEMP[0], SAMP[0], 2D\n  2: END\n");
   uint32_t want_border = rgba(border), got = 0;
   unsigned bad = count_bad(rt, 0, 0, 4, 4, in_frame, &want_border, &got);
   vm_check(bad == 0, "CLAMP_TO_BORDER: %u of 16 texels differ (first %08x, border %08x)", bad,
            got, want_border);

   static const uint32_t level_color[3] = { 0xff0000ffu, 0xff00ff00u, 0xffff0000u };
   for (unsigned l = 0; l < 3; l++)
      upload_at(mip, l, 0, 8 >> l, 8 >> l, constant, &level_color[l]);
   const struct {
      const char *what;
      struct pipe_resource *rt;
      float min_lod, max_lod, bias;
   } cases[] = {
      { "min_lod 1 at level of detail 0", rt8, 1, 16, 0 },
      { "lod_bias 1 at level of detail 0", rt8, 0, 16, 1 },
      { "max_lod 1 at level of detail 2", rt2, 0, 1, 0 },
   };
   struct pipe_sampler_view vt = view_templ(mip);
   vt.last_level = 2;
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      ss = sampler_templ(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
      ss.min_lod = cases[i].min_lod;
      ss.max_lod = cases[i].max_lod;
      ss.lod_bias = cases[i].bias;
      draw_sampled_with(cases[i].rt, mip, &ss, &vt, sample_fs);
      unsigned n = cases[i].rt->width0;
      bad = count_bad(cases[i].rt, 0, 0, n, n, constant, &level_color[1], &got);
      vm_check(bad == 0, "%s samples level 1: %u texels differ (first %08x)", cases[i].what,
               bad, got);
   }
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&rt, NULL);
   pipe_resource_reference(&mip, NULL);
   pipe_resource_reference(&rt8, NULL);
   pipe_resource_reference(&rt2, NULL);
}

/*
 * Depth comparison (compare mode and function): a 2x1 Z32F texture of
 * depths 0.3 and 0.7 sampled NEAREST through SHADOW2D with the reference
 * 0.5 onto 2x1: LEQUAL passes (1) where 0.5 <= depth, the second texel
 * only; GREATER the first only.  The red channel is checked.
 */
static void
check_shadow(void)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_TEXTURE_2D;
   t.format = PIPE_FORMAT_Z32_FLOAT;
   t.width0 = 2;
   t.height0 = 1;
   t.depth0 = t.array_size = 1;
   t.bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DEPTH_STENCIL;
   struct pipe_resource *tex = screen->resource_create(screen, &t);
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 2, 1, 1, 0);
   if (!vm_check(tex && rt, "a 2x1 Z32F texture and a target"))
      return;
   static const float depths[2] = { 0.3f, 0.7f };
   struct pipe_box box = u_box_2d(0, 0, 2, 1);
   struct pipe_transfer *tr = NULL;
   uint8_t *p = ctx->texture_map(ctx, tex, 0, PIPE_MAP_WRITE, &box, &tr);
   if (p) {
      memcpy(p, depths, sizeof depths);
      ctx->texture_unmap(ctx, tr);
   }
   const struct {
      enum pipe_compare_func func;
      const char *name;
      unsigned pass[2];
   } cases[] = {
      { PIPE_FUNC_LEQUAL, "LEQUAL", { 0, 255 } },
      { PIPE_FUNC_GREATER, "GREATER", { 255, 0 } },
   };
   for (unsigned i = 0; i < 2; i++) {
      struct pipe_sampler_state ss = sampler_templ(PIPE_TEX_FILTER_NEAREST,
                                                   PIPE_TEX_MIPFILTER_NONE);
      ss.compare_mode = 1;
      ss.compare_func = cases[i].func;
      draw_sampled_with(rt, tex, &ss, NULL,
                        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                        "DCL SAMP[0]\nDCL SVIEW[0], SHADOW2D, FLOAT\nDCL TEMP[0]\n"
                        "IMM[0] FLT32 {    0.5000,     1.0000,     0.0000,     0.0000}\n"
                        "  0: MOV TEMP[0], IN[0]\n  1: MOV TEMP[0].z, IMM[0].xxxx\n"
                        "  2: TEX TEMP[0].x, TEMP[0], SAMP[0], SHADOW2D\n"
                        "  3: MOV OUT[0], TEMP[0].xxxy\n  4: END\n");
      const uint8_t *q = ctx->texture_map(ctx, rt, 0, PIPE_MAP_READ, &box, &tr);
      unsigned r0 = q ? q[0] : 1000, r1 = q ? q[4] : 1000;
      if (q)
         ctx->texture_unmap(ctx, tr);
      vm_check(r0 == cases[i].pass[0] && r1 == cases[i].pass[1],
               "%s against 0.5 of depths 0.3, 0.7: red %u, %u (expected %u, %u)",
               cases[i].name, r0, r1, cases[i].pass[0], cases[i].pass[1]);
   }
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&rt, NULL);
}

/* fs sampling SAMP[0] of target at TEMP[0], computed from IN[0] by the
 * instructions pre (which may use IMM[0] = {a, b, c, d}) */
static void
target_fs(char *out, size_t n, const char *target, const char *imm, const char *pre)
{
   snprintf(out, n,
            "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0]\n"
            "DCL SVIEW[0], %s, FLOAT\nDCL TEMP[0]\nIMM[0] FLT32 {%s}\n"
            "  0: MOV TEMP[0], IN[0]\n%s  9: TEX OUT[0], TEMP[0], SAMP[0], %s\n 10: END\n",
            target, imm, pre, target);
}

/*
 * Texture targets other than 2D, each through a view of its own target:
 * a 4x1 1D texture onto 4x1; a 4x4 RECT texture at texel coordinates
 * (texcoord * 4, a sampler without normalized coordinates) onto 4x4; slice
 * 1 of a 2x2x2 3D texture (r = 0.75) onto 2x2; face +X of a 2x2 cube at
 * the direction (1, 1 - 2t, 1 - 2s) onto 2x2 (face texel (s, t)).  The
 * pattern where sampled, grey elsewhere; texel by texel.
 */
static void
check_targets(void)
{
   const float grey[4] = { 0.5f, 0.5f, 0.5f, 1.0f };
   uint32_t g = rgba(grey), got = 0;
   char fs[512];
   const struct {
      const char *what, *tgsi, *imm, *pre;
      enum pipe_texture_target target;
      unsigned w, h, layers, rt_w, rt_h, layer;
      bool texel_coords;
   } cases[] = {
      { "1D", "1D", "0, 0, 0, 0", "", PIPE_TEXTURE_1D, 4, 1, 1, 4, 1, 0, false },
      { "RECT", "RECT", "4, 0, 0, 0", "  1: MUL TEMP[0], IN[0], IMM[0].xxxx\n",
        PIPE_TEXTURE_RECT, 4, 4, 1, 4, 4, 0, true },
      { "3D slice 1", "3D", "0.75, 0, 0, 0", "  1: MOV TEMP[0].z, IMM[0].xxxx\n",
        PIPE_TEXTURE_3D, 2, 2, 2, 2, 2, 1, false },
      { "CUBE face +X", "CUBE", "-2, 1, 0, 0",
        "  1: MAD TEMP[0].y, IN[0].yyyy, IMM[0].xxxx, IMM[0].yyyy\n"
        "  2: MAD TEMP[0].z, IN[0].xxxx, IMM[0].xxxx, IMM[0].yyyy\n"
        "  3: MOV TEMP[0].x, IMM[0].yyyy\n",
        PIPE_TEXTURE_CUBE, 2, 2, 6, 2, 2, 0, false },
   };
   for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      struct pipe_resource t;
      memset(&t, 0, sizeof t);
      t.target = cases[i].target;
      t.format = PIPE_FORMAT_R8G8B8A8_UNORM;
      t.width0 = cases[i].w;
      t.height0 = (uint16_t)cases[i].h;
      t.depth0 = cases[i].target == PIPE_TEXTURE_3D ? (uint16_t)cases[i].layers : 1;
      t.array_size = cases[i].target == PIPE_TEXTURE_3D ? 1 : (uint16_t)cases[i].layers;
      t.bind = PIPE_BIND_SAMPLER_VIEW;
      struct pipe_resource *tex = screen->resource_create(screen, &t);
      struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, cases[i].rt_w, cases[i].rt_h, 1, 0);
      if (!vm_check(tex && rt, "a %s texture and a target", cases[i].what))
         return;
      for (unsigned z = 0; z < cases[i].layers; z++)
         upload_at(tex, 0, z, cases[i].w, cases[i].h, z == cases[i].layer ? pattern : constant,
                   &g);
      struct pipe_sampler_state ss = sampler_templ(PIPE_TEX_FILTER_NEAREST,
                                                   PIPE_TEX_MIPFILTER_NONE);
      ss.normalized_coords = !cases[i].texel_coords;
      struct pipe_sampler_view vt = view_templ(tex);
      vt.last_layer = cases[i].target == PIPE_TEXTURE_CUBE ? 5 : 0;
      target_fs(fs, sizeof fs, cases[i].tgsi, cases[i].imm, cases[i].pre);
      draw_sampled_with(rt, tex, &ss, &vt, fs);
      unsigned bad = count_bad(rt, 0, 0, cases[i].rt_w, cases[i].rt_h, pattern, NULL, &got);
      vm_check(bad == 0, "%s sampled through a %s view: %u texels differ (first %08x)",
               cases[i].what, cases[i].tgsi, bad, got);
      pipe_resource_reference(&tex, NULL);
      pipe_resource_reference(&rt, NULL);
   }
}

/*
 * Queries: samples passed, any sample passed, primitives generated, time
 * elapsed and a timestamp around a quad over a 32x32 target (1024 samples,
 * 2 triangles); the same counters around nothing; and the render condition
 * skipping a draw on a query that saw no sample.
 */
static void
check_queries(void)
{
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 32, 32, 1, 0);
   if (!vm_check(rt != NULL, "queries: a 32x32 target"))
      return;
   static const enum pipe_query_type types[5] = {
      PIPE_QUERY_OCCLUSION_COUNTER, PIPE_QUERY_OCCLUSION_PREDICATE,
      PIPE_QUERY_PRIMITIVES_GENERATED, PIPE_QUERY_TIME_ELAPSED, PIPE_QUERY_TIMESTAMP };
   struct pipe_query *q[5];
   for (unsigned i = 0; i < 5; i++)
      q[i] = ctx->create_query(ctx, types[i], 0);
   if (!vm_check(q[0] && q[1] && q[2] && q[3] && q[4], "five queries made"))
      return;
   vm_check(!ctx->create_query(ctx, PIPE_QUERY_TYPES, 0) && !ctx->begin_query(ctx, q[4]),
            "an unknown type and beginning a timestamp refused");
   /* GL runs one occlusion query at a time (the host's GL refuses a second,
    * and its error would end the context): the driver refuses it */
   vm_check(ctx->begin_query(ctx, q[0]) && !ctx->begin_query(ctx, q[1]) &&
               ctx->end_query(ctx, q[0]) && !ctx->end_query(ctx, q[1]),
            "a second active occlusion query refused");
   union pipe_query_result r[5];
   for (unsigned round = 0; round < 4; round++) {
      /* the counter (rounds 0, 1) or the predicate (2, 3), around a quad
       * (even rounds) or nothing */
      unsigned occlusion = round < 2 ? 0 : 1;
      bool quad = !(round & 1);
      ctx->begin_query(ctx, q[occlusion]);
      ctx->begin_query(ctx, q[2]);
      ctx->begin_query(ctx, q[3]);
      if (quad)
         draw_quad_opts(rt, red_fs, NULL);
      ctx->end_query(ctx, q[occlusion]);
      for (unsigned i = 2; i < 5; i++)
         ctx->end_query(ctx, q[i]);
      bool got = true;
      memset(r, 0, sizeof r);
      for (unsigned i = 0; i < 5; i++)
         if (i != 1 - occlusion)
            got &= ctx->get_query_result(ctx, q[i], true, &r[i]);
      if (!vm_check(got, "%s: every result", quad ? "around a quad" : "around nothing"))
         continue;
      uint64_t samples = quad ? 1024 : 0, prims = quad ? 2 : 0;
      if (!occlusion)
         vm_check(r[0].u64 == samples, "samples passed: %llu, expected %llu",
                  (unsigned long long)r[0].u64, (unsigned long long)samples);
      else
         vm_check(r[1].b == quad, "any sample passed: %d", r[1].b);
      vm_check(r[2].u64 == prims, "primitives generated: %llu, expected %llu",
               (unsigned long long)r[2].u64, (unsigned long long)prims);
      vm_check(r[4].u64 > 0, "a timestamp (%llu ns); time elapsed %llu ns",
               (unsigned long long)r[4].u64, (unsigned long long)r[3].u64);
   }
   /* q[1] saw nothing in the last round: a draw conditional on it is
    * skipped, and drawn again once the condition is off */
   ctx->render_condition(ctx, q[1], false, true);
   draw_quad_opts(rt, green_fs, NULL);
   uint32_t got = 0, red = 0xff0000ffu, green = 0xff00ff00u;
   unsigned bad = count_bad(rt, 0, 0, 32, 32, constant, &red, &got);
   vm_check(bad == 0, "a draw under a render condition that failed is skipped: %u differ (%08x)",
            bad, got);
   ctx->render_condition(ctx, NULL, false, false);
   draw_quad_opts(rt, green_fs, NULL);
   bad = count_bad(rt, 0, 0, 32, 32, constant, &green, &got);
   vm_check(bad == 0, "and drawn with the condition off: %u differ (%08x)", bad, got);
   for (unsigned i = 0; i < 5; i++)
      ctx->destroy_query(ctx, q[i]);
   pipe_resource_reference(&rt, NULL);
}

/*
 * Fences: a flush's fence finishes, and once it has, what the batch drew is
 * there; an empty flush still gives one (covering what was sent before);
 * fences are dropped without leaving a file descriptor.
 */
static void
check_fences(void)
{
   int fds = vm_count_fds();
   struct pipe_resource *rt = make_tex(PIPE_TEXTURE_2D, 256, 256, 1, 0);
   if (!vm_check(rt != NULL, "fences: a 256x256 target"))
      return;
   static const float c[4] = { 0.0f, 0.25f, 1.0f, 1.0f };
   clear_to(rt, 0, 0, c);
   struct pipe_fence_handle *f = NULL, *g = NULL, *h = NULL;
   ctx->flush(ctx, &f, 0);
   vm_check(f != NULL, "a flush gives a fence");
   vm_check(screen->fence_finish(screen, ctx, f, UINT64_MAX), "the fence finishes");
   vm_check(screen->fence_finish(screen, ctx, f, 0), "and stays finished");
   ctx->flush(ctx, &g, 0);   /* nothing new to send */
   vm_check(g != NULL && screen->fence_finish(screen, NULL, g, 0),
            "an empty flush's fence is finished");
   screen->fence_reference(screen, &h, f);
   screen->fence_reference(screen, &f, NULL);
   vm_check(h && screen->fence_finish(screen, ctx, h, 1000000), "a second reference outlives the first");
   screen->fence_reference(screen, &h, NULL);
   screen->fence_reference(screen, &g, NULL);
   uint32_t got = 0, want = rgba(c);
   unsigned bad = count_bad(rt, 0, 0, 256, 256, constant, &want, &got);
   vm_check(bad == 0, "after the fence the clear is there: %u differ (0x%08x)", bad, got);
   pipe_resource_reference(&rt, NULL);
   ctx->flush(ctx, NULL, 0);
   vm_check(vm_count_fds() == fds, "no fd left by fences (%d before, %d after)", fds,
            vm_count_fds());
}

int
main(void)
{
   int fds = vm_count_fds();
#ifdef VIRGL_PIPE_CHECK_LOCAL
   /* on the host: virglrenderer in the process (suite virgl) */
   const char *node = "virglrenderer in the process";
   struct virgl_winsys *ws = NULL;
   int ret = virgl_local_winsys_create(&ws);
   if (ret == -ENODEV) {
      printf("virglrenderer cannot start here (no EGL)\n");
      return 77;
   }
   screen = ret ? NULL : virgl_screen_create_winsys(ws);
   fds = vm_count_fds();   /* virglrenderer keeps its own open */
#else
   char node[64];
   if (!vm_find_node("virtio_gpu", DRM_NODE_RENDER, node, sizeof node)) {
      printf("no virtio_gpu render node\n");
      return 77;
   }
   int fd = open(node, O_RDWR | O_CLOEXEC);
   screen = fd >= 0 ? virgl_screen_create(fd) : NULL;
   if (fd >= 0)
      close(fd);
#endif
   if (!vm_check(screen != NULL, "a virgl screen on %s", node))
      return vm_finish("virgl_pipe_check");
   const char *name = screen->get_name(screen);
   vm_check(!strncmp(name, "virgl (", 7) && strstr(name, "LLVMPIPE"), "name \"%s\"", name);
   vm_check(screen->is_format_supported(screen, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_TEXTURE_2D, 0,
                                        PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW) &&
               !screen->is_format_supported(screen, PIPE_FORMAT_DXT1_RGBA, PIPE_TEXTURE_2D, 0,
                                            PIPE_BIND_RENDER_TARGET) &&
               !screen->is_format_supported(screen, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_TEXTURE_2D,
                                            4, PIPE_BIND_RENDER_TARGET),
            "formats: BGRA8 renders, DXT1 does not, no multisampling yet");
   vm_check(!screen->caps.draw, "no drawing offered yet");
   ctx = screen->context_create(screen, NULL, 0);
   if (vm_check(ctx != NULL, "a context")) {
      check_texture();
      check_levels_and_layers();
      check_buffer();
      check_draw_tgsi();
      check_draw_pipe();
      check_sampling();
      check_views();
      check_sampler_fields();
      check_shadow();
      check_targets();
      check_constants();
      check_copy_blit();
      check_box_clears();
      check_stipple();
      check_clip_planes();
      check_zs_box_clears();
      check_queries();
      check_fences();
      ctx->destroy(ctx);
   }
   screen->destroy(screen);
#ifdef VIRGL_PIPE_CHECK_LOCAL
   /* virglrenderer's cleanup closes some of its own: none of ours is left */
   vm_check(vm_count_fds() <= fds, "no fd left open (%d before, %d after)", fds, vm_count_fds());
#else
   vm_check(vm_count_fds() == fds, "no fd left open (%d before, %d after)", fds, vm_count_fds());
#endif
   return vm_finish("virgl_pipe_check");
}
