/*
 * The virgl pipe driver on a real virtio-gpu (docs/virgl.md): in the guest
 * of run-vm.sh -g, through the pipe interface alone (no GL); built with
 * VIRGL_PIPE_CHECK_LOCAL, the same on the host with virglrenderer in the
 * process (suite virgl).  The screen's
 * name and formats; textures cleared through surfaces and read back with
 * maps; sub-box writes that leave the rest of their rows alone (with and
 * without DISCARD_RANGE); mip levels and array layers kept apart;
 * buffers written and read; bad boxes refused; a scissored clear refused;
 * no fd left.  Expected texels are computed here from the values written.
 */
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

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
make_tex(enum pipe_texture_target target, unsigned w, unsigned h, unsigned layers,
         unsigned last_level)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = target;
   t.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   t.width0 = w;
   t.height0 = (uint16_t)h;
   t.depth0 = 1;
   t.array_size = (uint16_t)layers;
   t.last_level = (uint8_t)last_level;
   t.bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
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

   /* refused: boxes outside the level, levels past the last, a scissored clear */
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
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_BUFFER;
   t.format = PIPE_FORMAT_R8_UNORM;
   t.width0 = 1000;
   t.height0 = t.depth0 = t.array_size = 1;
   t.bind = PIPE_BIND_VERTEX_BUFFER;
   struct pipe_resource *buf = screen->resource_create(screen, &t);
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
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_BUFFER;
   t.format = PIPE_FORMAT_R8_UNORM;
   t.width0 = 48;
   t.height0 = t.depth0 = t.array_size = 1;
   t.bind = PIPE_BIND_VERTEX_BUFFER;
   struct pipe_resource *vbuf = screen->resource_create(screen, &t);
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
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_BUFFER;
   t.format = PIPE_FORMAT_R8_UNORM;
   t.height0 = t.depth0 = t.array_size = 1;
   t.width0 = 64;
   t.bind = PIPE_BIND_VERTEX_BUFFER;
   struct pipe_resource *vbuf = screen->resource_create(screen, &t);
   t.width0 = 12;
   t.bind = PIPE_BIND_INDEX_BUFFER;
   struct pipe_resource *ibuf = screen->resource_create(screen, &t);
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
