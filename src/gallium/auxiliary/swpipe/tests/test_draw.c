/*
 * swpipe-specific drawing conventions through the pipe interface (the
 * general scenes live in tests/pipe):
 *  - a fragment output at generic location -1 (gl_FragColor) is written to
 *    every colour buffer without an output of its own;
 *  - dual-source blending: the output at location 1 is target 0's second
 *    source colour;
 *  - gl_PointCoord of a 1-pixel point is (0.5, 0.5), and a wide sprite's
 *    corners span [0, 1];
 *  - clamp_fragment_color clamps float targets' colours.
 * Expected bytes are computed here from GL's conversion rule
 * round(255 * c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "frontend/sw_winsys.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "swpipe_screen.h"
#include "util/u_inlines.h"

#define W 8
#define H 8

static int failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         failures++;                                                   \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
         fprintf(stderr, __VA_ARGS__);                                 \
         fprintf(stderr, "\n");                                        \
      }                                                                \
   } while (0)

static void
ws_destroy(struct sw_winsys *ws)
{
}

struct t {
   struct sw_winsys ws;
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   struct pipe_resource *cbuf[4];
   struct pipe_surface *surf[4];
   void *vs, *fs, *velems, *rast, *blend;
};

static void *
shader(struct t *t, bool fragment, const char *text)
{
   char err[256];
   struct ir_shader *ir = ir_parse(text, err, sizeof err);
   struct pipe_shader_state st;
   void *cso;

   if (!ir) {
      fprintf(stderr, "IR parse error: %s\n%s", err, text);
      exit(1);
   }
   memset(&st, 0, sizeof st);
   st.type = PIPE_SHADER_IR_PONY;
   st.ir = ir;
   cso = fragment ? t->ctx->create_fs_state(t->ctx, &st) : t->ctx->create_vs_state(t->ctx, &st);
   ir_shader_destroy(ir);
   if (!cso) {
      fprintf(stderr, "shader refused\n%s", text);
      exit(1);
   }
   return cso;
}

static void
fb(struct t *t, unsigned nr, enum pipe_format format)
{
   struct pipe_framebuffer_state f;
   memset(&f, 0, sizeof f);
   for (unsigned i = 0; i < 4; i++) {
      pipe_surface_reference(&t->surf[i], NULL);
      pipe_resource_reference(&t->cbuf[i], NULL);
   }
   for (unsigned i = 0; i < nr; i++) {
      struct pipe_resource templ;
      memset(&templ, 0, sizeof templ);
      templ.target = PIPE_TEXTURE_2D;
      templ.format = format;
      templ.width0 = W;
      templ.height0 = H;
      templ.depth0 = 1;
      templ.array_size = 1;
      templ.bind = PIPE_BIND_RENDER_TARGET;
      t->cbuf[i] = t->screen->resource_create(t->screen, &templ);
      struct pipe_surface stempl;
      memset(&stempl, 0, sizeof stempl);
      stempl.format = format;
      t->surf[i] = t->ctx->create_surface(t->ctx, t->cbuf[i], &stempl);
      f.cbufs[i] = t->surf[i];
      union pipe_color_union zero = { { 0, 0, 0, 0 } };
      t->ctx->clear_render_target(t->ctx, t->surf[i], &zero, 0, 0, W, H);
   }
   f.nr_cbufs = nr;
   f.width = W;
   f.height = H;
   f.layers = 1;
   t->ctx->set_framebuffer_state(t->ctx, &f);
}

static void
read_texel(struct t *t, unsigned i, unsigned x, unsigned y, void *out, unsigned size)
{
   struct pipe_transfer *tr;
   struct pipe_box box = { (int)x, (int)y, 0, 1, 1, 1 };
   void *p = t->ctx->texture_map(t->ctx, t->cbuf[i], 0, PIPE_MAP_READ, &box, &tr);
   CHECK(p != NULL, "map");
   if (p) {
      memcpy(out, p, size);
      t->ctx->texture_unmap(t->ctx, tr);
   }
}

static void
set_rast_flip(struct t *t, bool clamp, float point_size, bool sprite, bool flip)
{
   struct pipe_rasterizer_state r;
   memset(&r, 0, sizeof r);
   r.half_pixel_center = 1;
   r.depth_clip_near = r.depth_clip_far = 1;
   r.line_width = 1;
   r.point_size = point_size;
   r.clamp_fragment_color = clamp;
   r.point_quad_rasterization = sprite;
   r.bottom_edge_rule = flip;
   if (t->rast)
      t->ctx->delete_rasterizer_state(t->ctx, t->rast);
   t->rast = t->ctx->create_rasterizer_state(t->ctx, &r);
   t->ctx->bind_rasterizer_state(t->ctx, t->rast);
}

static void
set_rast(struct t *t, bool clamp, float point_size, bool sprite)
{
   set_rast_flip(t, clamp, point_size, sprite, false);
}

static void
set_blend(struct t *t, const struct pipe_blend_state *b)
{
   struct pipe_blend_state def;
   if (!b) {
      memset(&def, 0, sizeof def);
      def.rt[0].colormask = PIPE_MASK_RGBA;
      def.independent_blend_enable = 0;
      b = &def;
   }
   if (t->blend)
      t->ctx->delete_blend_state(t->ctx, t->blend);
   t->blend = t->ctx->create_blend_state(t->ctx, b);
   t->ctx->bind_blend_state(t->ctx, t->blend);
}

static void
use_shaders(struct t *t, const char *fs_text)
{
   static const char vs_text[] =
      "shader vertex\n"
      "input vec4 @pos location 0\n"
      "output vec4 @opos semantic position\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @pos\n"
      "   store_output @opos, %0\n"
      "}\n";
   if (!t->vs) {
      t->vs = shader(t, false, vs_text);
      t->ctx->bind_vs_state(t->ctx, t->vs);
   }
   if (t->fs) {
      t->ctx->bind_fs_state(t->ctx, NULL);
      t->ctx->delete_fs_state(t->ctx, t->fs);
   }
   t->fs = shader(t, true, fs_text);
   t->ctx->bind_fs_state(t->ctx, t->fs);
}

/* Draw with positions from user memory (clip coordinates). */
static void
draw(struct t *t, enum pipe_prim_type prim, const float (*pos)[4], unsigned n)
{
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = 16;
   vb.is_user_buffer = true;
   vb.buffer.user = pos;
   t->ctx->set_vertex_buffers(t->ctx, 0, 1, &vb);
   struct pipe_draw_info info;
   memset(&info, 0, sizeof info);
   info.mode = prim;
   info.instance_count = 1;
   info.max_index = ~0u;
   struct pipe_draw_start_count_bias d = { 0, n, 0 };
   t->ctx->draw_vbo(t->ctx, &info, &d, 1);
}

static const float full[6][4] = { { -1, -1, 0, 1 }, { 1, -1, 0, 1 }, { 1, 1, 0, 1 },
                                   { -1, -1, 0, 1 }, { 1, 1, 0, 1 }, { -1, 1, 0, 1 } };

static uint8_t
unorm8(double c)
{
   c = c < 0 ? 0 : c > 1 ? 1 : c;
   return (uint8_t)floor(c * 255.0 + 0.5);
}

static void
test_broadcast(struct t *t)
{
   fb(t, 3, PIPE_FORMAT_R8G8B8A8_UNORM);
   set_blend(t, NULL);
   set_rast(t, false, 1, false);
   use_shaders(t, "shader fragment\n"
                  "output vec4 @all location -1\n"
                  "output vec4 @one location 1\n"
                  "func void @main() {\n"
                  "   %0 = const vec4 1.0, 0.5, 0.25, 1.0\n"
                  "   store_output @all, %0\n"
                  "   %1 = const vec4 0.0, 0.0, 1.0, 0.5\n"
                  "   store_output @one, %1\n"
                  "}\n");
   draw(t, PIPE_PRIM_TRIANGLES, full, 6);
   uint8_t want[3][4] = { { 255, unorm8(0.5), unorm8(0.25), 255 }, { 0, 0, 255, unorm8(0.5) },
                          { 255, unorm8(0.5), unorm8(0.25), 255 } };
   for (unsigned i = 0; i < 3; i++) {
      uint8_t got[4];
      read_texel(t, i, 3, 5, got, 4);
      CHECK(!memcmp(got, want[i], 4), "broadcast target %u: %u %u %u %u", i, got[0], got[1],
            got[2], got[3]);
   }
}

static void
test_dual_source(struct t *t)
{
   fb(t, 1, PIPE_FORMAT_R8G8B8A8_UNORM);
   struct pipe_blend_state b;
   memset(&b, 0, sizeof b);
   b.rt[0].blend_enable = 1;
   b.rt[0].colormask = PIPE_MASK_RGBA;
   b.rt[0].rgb_func = PIPE_BLEND_ADD;
   b.rt[0].rgb_src_factor = PIPE_BLENDFACTOR_SRC1_COLOR;
   b.rt[0].rgb_dst_factor = PIPE_BLENDFACTOR_ZERO;
   b.rt[0].alpha_func = PIPE_BLEND_ADD;
   b.rt[0].alpha_src_factor = PIPE_BLENDFACTOR_SRC1_ALPHA;
   b.rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_ZERO;
   set_blend(t, &b);
   use_shaders(t, "shader fragment\n"
                  "output vec4 @c0 location 0\n"
                  "output vec4 @c1 location 1\n"
                  "func void @main() {\n"
                  "   %0 = const vec4 1.0, 0.5, 0.25, 1.0\n"
                  "   store_output @c0, %0\n"
                  "   %1 = const vec4 0.5, 0.5, 1.0, 0.25\n"
                  "   store_output @c1, %1\n"
                  "}\n");
   draw(t, PIPE_PRIM_TRIANGLES, full, 6);
   uint8_t got[4], want[4] = { unorm8(0.5), unorm8(0.25), unorm8(0.25), unorm8(0.25) };
   read_texel(t, 0, 4, 4, got, 4);
   CHECK(!memcmp(got, want, 4), "dual source: %u %u %u %u, want %u %u %u %u", got[0], got[1],
         got[2], got[3], want[0], want[1], want[2], want[3]);
   set_blend(t, NULL);
}

static const char fs_point_coord[] =
   "shader fragment\n"
   "input vec2 @pc semantic point_coord\n"
   "output vec4 @c location 0\n"
   "func void @main() {\n"
   "   %0 = load_input vec2 @pc\n"
   "   %1 = const float 0.0\n"
   "   %2 = const float 1.0\n"
   "   %3 = swizzle float %0.x\n"
   "   %4 = swizzle float %0.y\n"
   "   %5 = vec4 vec4 %3, %4, %1, %2\n"
   "   store_output @c, %5\n"
   "}\n";

static void
test_point_coord(struct t *t)
{
   fb(t, 1, PIPE_FORMAT_R32G32B32A32_FLOAT);
   set_rast(t, false, 1, false);
   use_shaders(t, fs_point_coord);
   /* a 1-pixel point at the centre of pixel (2, 5): NDC of (2.5, 5.5) */
   const float pt[1][4] = { { 2.5f / W * 2 - 1, 5.5f / H * 2 - 1, 0, 1 } };
   draw(t, PIPE_PRIM_POINTS, pt, 1);
   float got[4];
   read_texel(t, 0, 2, 5, got, 16);
   CHECK(fabsf(got[0] - 0.5f) < 1e-6f && fabsf(got[1] - 0.5f) < 1e-6f,
         "1-pixel point coord %g %g", got[0], got[1]);

   /* a 4-pixel sprite centred on (4, 4): pixel (2, 2)'s centre is at
    * (1/8, 1/8) of the square, pixel (5, 5)'s at (7/8, 7/8) */
   set_rast(t, false, 4, true);
   const float sp[1][4] = { { 0, 0, 0, 1 } };
   draw(t, PIPE_PRIM_POINTS, sp, 1);
   read_texel(t, 0, 2, 2, got, 16);
   CHECK(fabsf(got[0] - 0.125f) < 1e-5f && fabsf(got[1] - 0.125f) < 1e-5f,
         "sprite coord at (2, 2): %g %g", got[0], got[1]);
   read_texel(t, 0, 5, 5, got, 16);
   CHECK(fabsf(got[0] - 0.875f) < 1e-5f && fabsf(got[1] - 0.875f) < 1e-5f,
         "sprite coord at (5, 5): %g %g", got[0], got[1]);
}

static void
test_clamp(struct t *t)
{
   static const char fs[] =
      "shader fragment\n"
      "output vec4 @c location 0\n"
      "func void @main() {\n"
      "   %0 = const vec4 2.0, -1.0, 0.5, 7.0\n"
      "   store_output @c, %0\n"
      "}\n";
   fb(t, 1, PIPE_FORMAT_R32G32B32A32_FLOAT);
   use_shaders(t, fs);
   for (int clamp = 0; clamp < 2; clamp++) {
      set_rast(t, clamp, 1, false);
      draw(t, PIPE_PRIM_TRIANGLES, full, 6);
      float got[4], want[2][4] = { { 2, -1, 0.5f, 7 }, { 1, 0, 0.5f, 1 } };
      read_texel(t, 0, 1, 1, got, 16);
      CHECK(!memcmp(got, want[clamp], 16), "clamp %d: %g %g %g %g", clamp, got[0], got[1],
            got[2], got[3]);
   }
}

/* gl_FragCoord.y and dFdy follow GL's window y: from the bottom row on
 * y-flipped surfaces (bottom-edge rule), from the top otherwise; dFdy of
 * gl_FragCoord.y is +1 either way.  Polygon stipple rows too. */
static void
test_flipped(struct t *t)
{
   static const char fs[] =
      "shader fragment\n"
      "input vec4 @fc semantic frag_coord\n"
      "output vec4 @c location 0\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @fc\n"
      "   %1 = swizzle float %0.x\n"
      "   %2 = swizzle float %0.y\n"
      "   %3 = fddy float %2\n"
      "   %4 = fddx float %1\n"
      "   %5 = vec4 vec4 %1, %2, %3, %4\n"
      "   store_output @c, %5\n"
      "}\n";
   fb(t, 1, PIPE_FORMAT_R32G32B32A32_FLOAT);
   use_shaders(t, fs);
   for (int flip = 0; flip < 2; flip++) {
      set_rast_flip(t, false, 1, false, flip);
      draw(t, PIPE_PRIM_TRIANGLES, full, 6);
      for (unsigned y = 0; y < H; y += 3) {
         float got[4];
         read_texel(t, 0, 5, y, got, 16);
         float want_y = flip ? H - (y + 0.5f) : y + 0.5f;
         CHECK(got[0] == 5.5f && got[1] == want_y && got[2] == 1.0f && got[3] == 1.0f,
               "flip %d row %u: frag coord (%g, %g), ddy %g ddx %g", flip, y, got[0], got[1],
               got[2], got[3]);
      }
   }

   /* polygon stipple: only GL row 0 (pattern row 0) enabled */
   struct pipe_poly_stipple st;
   memset(&st, 0, sizeof st);
   st.stipple[0] = 0xffffffffu;
   t->ctx->set_polygon_stipple(t->ctx, &st);
   static const char fs_one[] =
      "shader fragment\n"
      "output vec4 @c location 0\n"
      "func void @main() {\n"
      "   %0 = const vec4 1.0, 1.0, 1.0, 1.0\n"
      "   store_output @c, %0\n"
      "}\n";
   use_shaders(t, fs_one);
   for (int flip = 0; flip < 2; flip++) {
      fb(t, 1, PIPE_FORMAT_R32G32B32A32_FLOAT);
      struct pipe_rasterizer_state r;
      memset(&r, 0, sizeof r);
      r.half_pixel_center = 1;
      r.depth_clip_near = r.depth_clip_far = 1;
      r.line_width = 1;
      r.point_size = 1;
      r.poly_stipple_enable = 1;
      r.bottom_edge_rule = flip;
      t->ctx->delete_rasterizer_state(t->ctx, t->rast);
      t->rast = t->ctx->create_rasterizer_state(t->ctx, &r);
      t->ctx->bind_rasterizer_state(t->ctx, t->rast);
      draw(t, PIPE_PRIM_TRIANGLES, full, 6);
      for (unsigned y = 0; y < H; y++) {
         float got[4];
         read_texel(t, 0, 2, y, got, 16);
         bool want = flip ? y == H - 1 : y == 0;
         CHECK((got[0] == 1.0f) == want, "stipple flip %d row %u: %g", flip, y, got[0]);
      }
   }
}

static struct pipe_resource *
texture(struct t *t, enum pipe_format format, unsigned w, unsigned h, unsigned last_level)
{
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = PIPE_TEXTURE_2D;
   templ.format = format;
   templ.width0 = w;
   templ.height0 = h;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.last_level = (uint8_t)last_level;
   templ.bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET;
   return t->screen->resource_create(t->screen, &templ);
}

static void
read_level(struct t *t, struct pipe_resource *res, unsigned level, unsigned x, unsigned y,
           void *out, unsigned size)
{
   struct pipe_transfer *tr;
   struct pipe_box box = { (int)x, (int)y, 0, 1, 1, 1 };
   void *p = t->ctx->texture_map(t->ctx, res, level, PIPE_MAP_READ, &box, &tr);
   CHECK(p != NULL, "map level %u", level);
   if (p) {
      memcpy(out, p, size);
      t->ctx->texture_unmap(t->ctx, tr);
   }
}

/* generate_mipmap: 2x2 box averages (values chosen so they are exact);
 * blit: a vertical flip with conversion RGBA8 -> RGBA32F. */
static void
test_mipmap_blit(struct t *t)
{
   if (!t->screen->caps.blit || !t->ctx->generate_mipmap || !t->ctx->blit) {
      fprintf(stderr, "no blit / generate_mipmap: skipped\n");
      return;
   }
   struct pipe_resource *tex = texture(t, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 2);
   uint8_t texels[4][4][4];
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         for (unsigned c = 0; c < 4; c++)
            texels[y][x][c] = (uint8_t)(((x & 1) ? 100 : 0) + ((y & 1) ? 20 : 0) +
                                        40 * (x >> 1) + 8 * (y >> 1) + 4 * c);
   struct pipe_box box = { 0, 0, 0, 4, 4, 1 };
   t->ctx->texture_subdata(t->ctx, tex, 0, PIPE_MAP_WRITE, &box, texels, 16, 64);
   CHECK(t->ctx->generate_mipmap(t->ctx, tex, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 2, 0, 0),
         "generate_mipmap failed");
   for (unsigned by = 0; by < 2; by++) {
      for (unsigned bx = 0; bx < 2; bx++) {
         uint8_t got[4];
         read_level(t, tex, 1, bx, by, got, 4);
         for (unsigned c = 0; c < 4; c++) {
            /* average of 0, 100, 20, 120 plus the block's offset: 60 + ... */
            unsigned want = 60 + 40 * bx + 8 * by + 4 * c;
            CHECK(got[c] == want, "mip level 1 (%u, %u) channel %u: %u, want %u", bx, by, c,
                  got[c], want);
         }
      }
   }
   uint8_t top[4];
   read_level(t, tex, 2, 0, 0, top, 4);
   for (unsigned c = 0; c < 4; c++)
      CHECK(top[c] == 60 + 20 + 4 + 4 * c, "mip level 2 channel %u: %u", c, top[c]);

   struct pipe_resource *dst = texture(t, PIPE_FORMAT_R32G32B32A32_FLOAT, 4, 4, 0);
   struct pipe_blit_info bi;
   memset(&bi, 0, sizeof bi);
   bi.dst.resource = dst;
   bi.dst.format = dst->format;
   bi.dst.box = (struct pipe_box){ 0, 0, 0, 4, 4, 1 };
   bi.src.resource = tex;
   bi.src.format = tex->format;
   bi.src.box = (struct pipe_box){ 0, 4, 0, 4, -4, 1 };
   bi.mask = PIPE_MASK_RGBA;
   bi.filter = PIPE_TEX_FILTER_NEAREST;
   t->ctx->blit(t->ctx, &bi);
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         float got[4];
         read_level(t, dst, 0, x, y, got, 16);
         for (unsigned c = 0; c < 4; c++) {
            float want = texels[3 - y][x][c] / 255.0f;
            CHECK(fabsf(got[c] - want) < 1e-6f, "blit (%u, %u) channel %u: %g, want %g", x, y,
                  c, got[c], want);
         }
      }
   }
   pipe_resource_reference(&dst, NULL);
   pipe_resource_reference(&tex, NULL);
}

/* Two-sided colour with the colour locations (front 0, back 2): the two
 * windings of one quad show the front and the back colour; without
 * light_twoside both show the front colour. */
static void
test_twoside(struct t *t)
{
   static const char vs[] =
      "shader vertex\n"
      "input vec4 @pos location 0\n"
      "output vec4 @opos semantic position\n"
      "output vec4 @front location 0\n"
      "output vec4 @back location 2\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @pos\n"
      "   store_output @opos, %0\n"
      "   %1 = const vec4 1.0, 0.0, 0.0, 1.0\n"
      "   store_output @front, %1\n"
      "   %2 = const vec4 0.0, 0.0, 1.0, 1.0\n"
      "   store_output @back, %2\n"
      "}\n";
   static const char fs[] =
      "shader fragment\n"
      "input vec4 @col location 0\n"
      "output vec4 @c location 0\n"
      "func void @main() {\n"
      "   %0 = load_input vec4 @col\n"
      "   store_output @c, %0\n"
      "}\n";
   static const float rev[6][4] = { { -1, -1, 0, 1 }, { 1, 1, 0, 1 }, { 1, -1, 0, 1 },
                                    { -1, -1, 0, 1 }, { -1, 1, 0, 1 }, { 1, 1, 0, 1 } };
   void *old_vs = t->vs;
   t->vs = shader(t, false, vs);
   t->ctx->bind_vs_state(t->ctx, t->vs);
   use_shaders(t, fs);
   fb(t, 1, PIPE_FORMAT_R32G32B32A32_FLOAT);
   for (int twoside = 0; twoside < 2; twoside++) {
      struct pipe_rasterizer_state r;
      memset(&r, 0, sizeof r);
      r.half_pixel_center = 1;
      r.depth_clip_near = r.depth_clip_far = 1;
      r.line_width = 1;
      r.point_size = 1;
      r.front_ccw = 1;
      r.light_twoside = twoside;
      t->ctx->delete_rasterizer_state(t->ctx, t->rast);
      t->rast = t->ctx->create_rasterizer_state(t->ctx, &r);
      t->ctx->bind_rasterizer_state(t->ctx, t->rast);
      float a[4], b[4];
      draw(t, PIPE_PRIM_TRIANGLES, full, 6);
      read_texel(t, 0, 3, 3, a, 16);
      draw(t, PIPE_PRIM_TRIANGLES, rev, 6);
      read_texel(t, 0, 3, 3, b, 16);
      bool a_red = a[0] == 1 && a[2] == 0, a_blue = a[0] == 0 && a[2] == 1;
      bool b_red = b[0] == 1 && b[2] == 0, b_blue = b[0] == 0 && b[2] == 1;
      if (twoside)
         CHECK((a_red && b_blue) || (a_blue && b_red), "two-sided: %g %g %g / %g %g %g", a[0],
               a[1], a[2], b[0], b[1], b[2]);
      else
         CHECK(a_red && b_red, "one-sided: %g %g %g / %g %g %g", a[0], a[1], a[2], b[0], b[1],
               b[2]);
   }
   t->ctx->bind_vs_state(t->ctx, old_vs);
   t->ctx->delete_vs_state(t->ctx, t->vs);
   t->vs = old_vs;
}

int
main(void)
{
   struct t t;
   memset(&t, 0, sizeof t);
   t.ws.name = "test";
   t.ws.destroy = ws_destroy;
   static const struct swpipe_driver test_driver = { .name = "swpipe-test" };
   t.screen = swpipe_screen_create(&t.ws, &test_driver);
   if (!t.screen)
      return 1;
   if (!t.screen->caps.draw) {
      t.screen->destroy(t.screen);
      return 77;
   }
   t.ctx = t.screen->context_create(t.screen, NULL, 0);

   struct pipe_vertex_element ve;
   memset(&ve, 0, sizeof ve);
   ve.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   t.velems = t.ctx->create_vertex_elements_state(t.ctx, 1, &ve);
   t.ctx->bind_vertex_elements_state(t.ctx, t.velems);
   struct pipe_viewport_state vp = { { W / 2.0f, H / 2.0f, 0.5f }, { W / 2.0f, H / 2.0f, 0.5f } };
   t.ctx->set_viewport_states(t.ctx, 0, 1, &vp);

   test_broadcast(&t);
   test_dual_source(&t);
   test_point_coord(&t);
   test_clamp(&t);
   test_flipped(&t);
   test_mipmap_blit(&t);
   test_twoside(&t);

   t.ctx->bind_vs_state(t.ctx, NULL);
   t.ctx->bind_fs_state(t.ctx, NULL);
   t.ctx->delete_vs_state(t.ctx, t.vs);
   t.ctx->delete_fs_state(t.ctx, t.fs);
   t.ctx->bind_vertex_elements_state(t.ctx, NULL);
   t.ctx->delete_vertex_elements_state(t.ctx, t.velems);
   t.ctx->bind_rasterizer_state(t.ctx, NULL);
   t.ctx->delete_rasterizer_state(t.ctx, t.rast);
   t.ctx->bind_blend_state(t.ctx, NULL);
   t.ctx->delete_blend_state(t.ctx, t.blend);
   t.ctx->set_vertex_buffers(t.ctx, 0, 1, NULL);
   fb(&t, 0, PIPE_FORMAT_NONE);
   t.ctx->set_framebuffer_state(t.ctx, NULL);
   t.ctx->destroy(t.ctx);
   t.screen->destroy(t.screen);
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("draw conventions: all passed\n");
   return 0;
}
