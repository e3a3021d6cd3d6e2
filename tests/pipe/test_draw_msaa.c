/*
 * Multisampling through the pipe interface: multisample render targets and
 * depth buffers, per-sample coverage at the standard sample positions,
 * per-sample depth, the sample mask, the rasterizer's multisample switch,
 * clears of every sample, resolves through blit (the average of the
 * samples), and the refusal of transfers.
 *
 * Expected values come from the standard 4x pattern (D3D / GL: sample
 * offsets from the pixel centre, in 1/16 pixel, y down): a pixel's resolved
 * value is (samples covered) / 4 exactly, computed here sample by sample.
 */
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "scene.h"
#include "util/u_inlines.h"

#define W 8
#define H 8

static const int pattern4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };

static struct pipe_resource *ms_color, *ms_zs;
static struct pipe_surface *ms_csurf, *ms_zsurf;

static void
bind_ms(struct scene *s, bool with_zs)
{
   pt_framebuffer(&s->pt, &ms_csurf, 1, with_zs ? ms_zsurf : NULL, W, H);
   scene_viewport(s, 0, 0, W, H, 0.0f, 1.0f);
}

/* Two triangles covering window x in [x0, x1), y in [y0, y1) at depth z. */
static void
draw_rect(struct scene *s, float x0, float y0, float x1, float y1, float z)
{
   float v[6][4];
   const float c[6][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y0 }, { x1, y1 }, { x0, y1 } };
   for (unsigned i = 0; i < 6; i++)
      scene_clip(s, c[i][0], c[i][1], z, 1.0f, v[i]);
   scene_verts(s, &v[0][0], 6, 1);
   scene_draw(s, PIPE_PRIM_TRIANGLES, 0, 6);
}

static void
set_color(struct scene *s, float r, float g, float b, float a)
{
   const float c[4] = { r, g, b, a };
   scene_constants(s, PIPE_SHADER_FRAGMENT, 0, c, sizeof c);
}

/* Resolve the multisample target into the scene's single-sampled target 0
 * and read it back. */
static float *
resolve(struct scene *s)
{
   struct pipe_blit_info b;
   memset(&b, 0, sizeof b);
   b.src.resource = ms_color;
   b.src.format = ms_color->format;
   b.src.box.width = W;
   b.src.box.height = H;
   b.src.box.depth = 1;
   b.dst.resource = s->cbuf[0];
   b.dst.format = s->cbuf[0]->format;
   b.dst.box = b.src.box;
   b.mask = PIPE_MASK_RGBA;
   b.filter = PIPE_TEX_FILTER_NEAREST;
   s->ctx->blit(s->ctx, &b);
   return scene_read_rgba(s, 0);
}

/* Samples of pixel (px, py) inside [x0, x1) x [y0, y1) (sample positions
 * never fall on these edges in the cases below). */
static unsigned
covered(int px, int py, float x0, float y0, float x1, float y1, bool centre_only)
{
   unsigned n = 0;
   for (unsigned i = 0; i < 4; i++) {
      double sx = px + 0.5 + (centre_only ? 0 : pattern4[i][0] / 16.0);
      double sy = py + 0.5 + (centre_only ? 0 : pattern4[i][1] / 16.0);
      if (sx > x0 && sx < x1 && sy > y0 && sy < y1)
         n++;
   }
   return n;
}

static void
check_rect_coverage(struct scene *s, const float *got, float x0, float y0, float x1, float y1,
                    bool centre_only, const char *what)
{
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         float want = (float)covered(x, y, x0, y0, x1, y1, centre_only) / 4.0f;
         const float *p = &got[(y * W + x) * 4];
         SCHECK(s, p[0] == want && p[3] == want, "%s: pixel (%d, %d) = %g, expected %g", what, x,
                y, p[0], want);
      }
   }
}

int
main(void)
{
   struct scene sc, *s = &sc;
   scene_init(s, "pipe-draw-msaa");

   scene_case(s, "caps and format support: 2x, 4x, 8x render targets and depth buffers");
   if (s->screen->caps.max_samples < 4) {
      scene_skip_case(s, "max_samples < 4");
      return scene_finish(s);
   }
   SCHECK(s, s->screen->is_format_supported(s->screen, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                            PIPE_TEXTURE_2D, 4, PIPE_BIND_RENDER_TARGET),
          "RGBA32F 4x render target unsupported");
   SCHECK(s, s->screen->is_format_supported(s->screen, PIPE_FORMAT_Z24_UNORM_S8_UINT,
                                            PIPE_TEXTURE_2D, 2, PIPE_BIND_DEPTH_STENCIL),
          "Z24S8 2x depth buffer unsupported");
   SCHECK(s, !s->screen->is_format_supported(s->screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                             PIPE_TEXTURE_2D, 3, PIPE_BIND_RENDER_TARGET),
          "3 samples accepted");
   SCHECK(s, !s->screen->is_format_supported(s->screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                             PIPE_TEXTURE_3D, 4, PIPE_BIND_RENDER_TARGET),
          "multisample 3D accepted");

   scene_case(s, "get_sample_position: the 4x pattern, 2x, the centre for 1 sample");
   SCHECK(s, s->ctx->get_sample_position != NULL, "no get_sample_position");
   if (s->ctx->get_sample_position) {
      float pos[2];
      for (unsigned i = 0; i < 4; i++) {
         s->ctx->get_sample_position(s->ctx, 4, i, pos);
         SCHECK(s, pos[0] == 0.5f + pattern4[i][0] / 16.0f &&
                   pos[1] == 0.5f + pattern4[i][1] / 16.0f,
                "4x sample %u at %g,%g", i, pos[0], pos[1]);
      }
      s->ctx->get_sample_position(s->ctx, 2, 0, pos);
      SCHECK(s, pos[0] == 0.75f && pos[1] == 0.75f, "2x sample 0 at %g,%g", pos[0], pos[1]);
      s->ctx->get_sample_position(s->ctx, 1, 0, pos);
      SCHECK(s, pos[0] == 0.5f && pos[1] == 0.5f, "1x sample at %g,%g", pos[0], pos[1]);
   }

   scene_fb1(s, W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE);
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = PIPE_TEXTURE_2D;
   templ.format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   templ.width0 = W;
   templ.height0 = H;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.nr_samples = 4;
   templ.bind = PIPE_BIND_RENDER_TARGET;
   ms_color = s->screen->resource_create(s->screen, &templ);
   templ.format = PIPE_FORMAT_Z32_FLOAT;
   templ.bind = PIPE_BIND_DEPTH_STENCIL;
   ms_zs = s->screen->resource_create(s->screen, &templ);
   SCHECK(s, ms_color && ms_zs, "4x resources not created");
   if (!ms_color || !ms_zs)
      return scene_finish(s);
   templ.last_level = 1;
   struct pipe_resource *bad = s->screen->resource_create(s->screen, &templ);
   SCHECK(s, !bad, "multisample resource with mip levels accepted");
   pipe_resource_reference(&bad, NULL);
   ms_csurf = pt_surface(&s->pt, ms_color, 0, 0, 0);
   ms_zsurf = pt_surface(&s->pt, ms_zs, 0, 0, 0);

   scene_case(s, "transfers: writes go to every sample, reads see the resolve");
   {
      /* write 0.5 into pixel (1, 1) through a map, then draw sample 0 of
       * every pixel to 1: pixel (1, 1) reads back (1 + 3 * 0.5) / 4 */
      struct pipe_transfer *tr = NULL;
      struct pipe_box box = { 1, 1, 0, 1, 1, 1 };
      float *p = s->ctx->texture_map(s->ctx, ms_color, 0, PIPE_MAP_WRITE, &box, &tr);
      SCHECK(s, p && tr, "texture_map failed");
      if (p) {
         for (unsigned c = 0; c < 4; c++)
            p[c] = 0.5f;
         s->ctx->texture_unmap(s->ctx, tr);
      }
      bind_ms(s, false);
      scene_shaders(s, scene_vs_pos, scene_fs_cbuf);
      struct pipe_rasterizer_state rs;
      scene_rast_defaults(&rs);
      rs.multisample = 1;
      scene_rast(s, &rs);
      const float one[4] = { 1, 1, 1, 1 };
      scene_constants(s, PIPE_SHADER_FRAGMENT, 0, one, sizeof one);
      s->ctx->set_sample_mask(s->ctx, 0x1);
      draw_rect(s, 0.0f, 0.0f, (float)W, (float)H, 0.5f);
      s->ctx->set_sample_mask(s->ctx, ~0u);
      p = s->ctx->texture_map(s->ctx, ms_color, 0, PIPE_MAP_READ, &box, &tr);
      SCHECK(s, p && tr && tr->stride >= 16, "texture_map for reading failed");
      if (p) {
         SCHECK(s, p[0] == 0.625f, "mapped resolve %g, expected 0.625", p[0]);
         s->ctx->texture_unmap(s->ctx, tr);
      }
   }

   scene_case(s, "clear writes every sample: the resolve is the clear colour");
   {
      bind_ms(s, false);
      scene_clear_color(s, 0.25f, 0.5f, 0.75f, 1.0f);
      float *got = resolve(s);
      for (unsigned p = 0; p < W * H; p++)
         SCHECK(s, got[p * 4] == 0.25f && got[p * 4 + 1] == 0.5f && got[p * 4 + 2] == 0.75f &&
                   got[p * 4 + 3] == 1.0f, "pixel %u = (%g %g %g %g)", p, got[p * 4],
                got[p * 4 + 1], got[p * 4 + 2], got[p * 4 + 3]);
      free(got);
   }

   scene_shaders(s, scene_vs_pos, scene_fs_cbuf);
   {
      struct pipe_rasterizer_state rs;
      scene_rast_defaults(&rs);
      rs.multisample = 1;
      scene_rast(s, &rs);
   }
   static const float rects[][4] = {
      { 0.0f, 0.0f, 4.7f, 2.3f },      /* right edge column: 3 of 4 samples, bottom row 1 */
      { 1.2f, 2.6f, 6.5f, 7.9f },      /* edges through four pixel rows / columns */
      { 2.05f, 1.45f, 2.9f, 5.4f },    /* a thin column inside one pixel column */
   };
   for (unsigned i = 0; i < sizeof rects / sizeof rects[0]; i++) {
      const float *r = rects[i];
      scene_case(s, "4x coverage of rectangle %u: each pixel resolves to covered / 4", i);
      bind_ms(s, false);
      scene_clear_color(s, 0, 0, 0, 0);
      set_color(s, 1, 1, 1, 1);
      draw_rect(s, r[0], r[1], r[2], r[3], 0.5f);
      float *got = resolve(s);
      check_rect_coverage(s, got, r[0], r[1], r[2], r[3], false, "coverage");
      free(got);
   }

   scene_case(s, "multisample off: every sample takes the pixel-centre coverage");
   {
      struct pipe_rasterizer_state rs;
      scene_rast_defaults(&rs);
      rs.multisample = 0;
      scene_rast(s, &rs);
      bind_ms(s, false);
      scene_clear_color(s, 0, 0, 0, 0);
      set_color(s, 1, 1, 1, 1);
      draw_rect(s, 0.0f, 0.0f, 4.7f, 2.3f, 0.5f);
      float *got = resolve(s);
      check_rect_coverage(s, got, 0.0f, 0.0f, 4.7f, 2.3f, true, "centre");
      free(got);
   }

   scene_case(s, "per-sample depth: a later rectangle fills only the samples the first left");
   {
      struct pipe_rasterizer_state rs;
      scene_rast_defaults(&rs);
      rs.multisample = 1;
      scene_rast(s, &rs);
      struct pipe_depth_stencil_alpha_state dsa;
      memset(&dsa, 0, sizeof dsa);
      dsa.depth_enabled = 1;
      dsa.depth_writemask = 1;
      dsa.depth_func = PIPE_FUNC_LESS;
      scene_dsa(s, &dsa);
      bind_ms(s, true);
      scene_clear_color(s, 0, 0, 0, 0);
      scene_clear_zs(s, PIPE_CLEAR_DEPTH, 1.0, 0);
      set_color(s, 1, 0, 0, 1);
      draw_rect(s, 0.0f, 0.0f, 4.7f, 2.3f, 0.25f);
      set_color(s, 0, 1, 0, 1);
      draw_rect(s, 0.0f, 0.0f, (float)W, (float)H, 0.5f);
      float *got = resolve(s);
      for (int y = 0; y < H; y++) {
         for (int x = 0; x < W; x++) {
            float red = (float)covered(x, y, 0.0f, 0.0f, 4.7f, 2.3f, false) / 4.0f;
            const float *p = &got[(y * W + x) * 4];
            SCHECK(s, p[0] == red && p[1] == 1.0f - red && p[3] == 1.0f,
                   "pixel (%d, %d) = (%g %g), expected (%g %g)", x, y, p[0], p[1], red,
                   1.0f - red);
         }
      }
      free(got);
      scene_dsa(s, NULL);
   }

   scene_case(s, "sample mask: only the enabled samples are written");
   {
      bind_ms(s, false);
      scene_clear_color(s, 0, 0, 0, 0);
      set_color(s, 1, 1, 1, 1);
      s->ctx->set_sample_mask(s->ctx, 0x5);   /* samples 0 and 2 */
      draw_rect(s, 0.0f, 0.0f, (float)W, (float)H, 0.5f);
      s->ctx->set_sample_mask(s->ctx, ~0u);
      float *got = resolve(s);
      for (unsigned p = 0; p < W * H; p++)
         SCHECK(s, got[p * 4] == 0.5f, "pixel %u = %g, expected 0.5", p, got[p * 4]);
      free(got);
   }

   scene_case(s, "alpha to coverage: alpha 0.5 covers 2 of 4 samples; alpha to one");
   for (unsigned one = 0; one < 2; one++) {
      struct pipe_blend_state bl;
      scene_blend_defaults(&bl);
      bl.alpha_to_coverage = 1;
      bl.alpha_to_one = one;
      scene_blend(s, &bl);
      bind_ms(s, false);
      scene_clear_color(s, 0, 0, 0, 0);
      set_color(s, 1, 1, 1, 0.5f);
      draw_rect(s, 0.0f, 0.0f, (float)W, (float)H, 0.5f);
      float *got = resolve(s);
      float want_a = one ? 0.5f : 0.25f;
      for (unsigned p = 0; p < W * H; p++)
         SCHECK(s, got[p * 4] == 0.5f && got[p * 4 + 3] == want_a,
                "alpha_to_one %u: pixel %u = (%g, a %g), expected (0.5, a %g)", one, p,
                got[p * 4], got[p * 4 + 3], want_a);
      free(got);
      scene_blend(s, NULL);
   }

   scene_case(s, "blit into a multisample target writes every sample");
   {
      /* the single-sampled target holds 0.5 everywhere from the case above */
      bind_ms(s, false);
      scene_clear_color(s, 0, 0, 0, 0);
      struct pipe_blit_info b;
      memset(&b, 0, sizeof b);
      b.src.resource = s->cbuf[0];
      b.src.format = s->cbuf[0]->format;
      b.src.box.width = W;
      b.src.box.height = H;
      b.src.box.depth = 1;
      b.dst.resource = ms_color;
      b.dst.format = ms_color->format;
      b.dst.box = b.src.box;
      b.mask = PIPE_MASK_RGBA;
      b.filter = PIPE_TEX_FILTER_NEAREST;
      s->ctx->blit(s->ctx, &b);
      /* now draw one sample's worth over it: samples 1 and 3 of the mask */
      set_color(s, 1, 1, 1, 1);
      s->ctx->set_sample_mask(s->ctx, 0x2);
      draw_rect(s, 0.0f, 0.0f, (float)W, (float)H, 0.5f);
      s->ctx->set_sample_mask(s->ctx, ~0u);
      float *got = resolve(s);
      for (unsigned p = 0; p < W * H; p++)
         SCHECK(s, got[p * 4] == 0.625f, "pixel %u = %g, expected 0.625", p, got[p * 4]);
      free(got);
   }

   pt_framebuffer(&s->pt, NULL, 0, NULL, W, H);
   pipe_surface_reference(&ms_csurf, NULL);
   pipe_surface_reference(&ms_zsurf, NULL);
   pipe_resource_reference(&ms_color, NULL);
   pipe_resource_reference(&ms_zs, NULL);
   return scene_finish(s);
}
