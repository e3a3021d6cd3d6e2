/*
 * refpipe clears, checked pixel by pixel against bytes computed by hand:
 * every listed render-target format, scissors, colour masks, several
 * render targets, layers and levels, depth/stencil with masks on combined
 * formats, and clear_render_target / clear_depth_stencil of sub-rectangles.
 */
#include <string.h>

#include "pipe_test.h"
#include "util/u_inlines.h"

#define W 13
#define H 7

/* Expected texel bytes; 'care' masks out padding (X) bytes. */
struct colour_case {
   enum pipe_format format;
   bool integer, is_signed;
   union pipe_color_union value;
   unsigned bytes;
   uint8_t expect[16];
   uint8_t care[16];
};

#define ALL16 { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, \
                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff }
#define FCOL { .f = { 1.0f, 0.5f, 0.25f, 0.75f } }

static const struct colour_case colour_cases[] = {
   /* r = 1 -> 255, g = 0.5 -> 128, b = 0.25 -> 64, a = 0.75 -> 191 */
   { PIPE_FORMAT_R8G8B8A8_UNORM, false, false, FCOL, 4, { 0xff, 0x80, 0x40, 0xbf }, ALL16 },
   { PIPE_FORMAT_B8G8R8A8_UNORM, false, false, FCOL, 4, { 0x40, 0x80, 0xff, 0xbf }, ALL16 },
   { PIPE_FORMAT_B8G8R8X8_UNORM, false, false, FCOL, 4, { 0x40, 0x80, 0xff, 0 },
     { 0xff, 0xff, 0xff, 0 } },
   { PIPE_FORMAT_R8G8B8X8_UNORM, false, false, FCOL, 4, { 0xff, 0x80, 0x40, 0 },
     { 0xff, 0xff, 0xff, 0 } },
   { PIPE_FORMAT_A8R8G8B8_UNORM, false, false, FCOL, 4, { 0xbf, 0xff, 0x80, 0x40 }, ALL16 },
   /* 565: r 31, g round(31.5 + 0.5) = 32, b round(7.75 + 0.5) = 8: 0xfc08 */
   { PIPE_FORMAT_B5G6R5_UNORM, false, false, FCOL, 2, { 0x08, 0xfc }, ALL16 },
   /* half: 1.0 0x3c00, 0.5 0x3800, 0.25 0x3400, 0.75 0x3a00 */
   { PIPE_FORMAT_R16G16B16A16_FLOAT, false, false, FCOL, 8,
     { 0x00, 0x3c, 0x00, 0x38, 0x00, 0x34, 0x00, 0x3a }, ALL16 },
   { PIPE_FORMAT_R32G32B32A32_FLOAT, false, false, FCOL, 16,
     { 0, 0, 0x80, 0x3f, 0, 0, 0x00, 0x3f, 0, 0, 0x80, 0x3e, 0, 0, 0x40, 0x3f }, ALL16 },
   { PIPE_FORMAT_R32_FLOAT, false, false, FCOL, 4, { 0, 0, 0x80, 0x3f }, ALL16 },
   { PIPE_FORMAT_R8_UNORM, false, false, FCOL, 1, { 0xff }, ALL16 },
   { PIPE_FORMAT_R8G8_UNORM, false, false, FCOL, 2, { 0xff, 0x80 }, ALL16 },
   { PIPE_FORMAT_A8_UNORM, false, false, FCOL, 1, { 0xbf }, ALL16 },
   /* 16-bit unorm: 0.25 -> 16384, 0.75 -> 49151 */
   { PIPE_FORMAT_R16G16B16A16_UNORM, false, false, FCOL, 8,
     { 0xff, 0xff, 0x00, 0x80, 0x00, 0x40, 0xff, 0xbf }, ALL16 },
   /* 10/10/10/2: 1023 | 512 << 10 | 256 << 20 | 2 << 30 */
   { PIPE_FORMAT_R10G10B10A2_UNORM, false, false, FCOL, 4, { 0xff, 0x03, 0x08, 0x90 }, ALL16 },
   /* sRGB: 0.5 -> 188, 0.25 -> 137, alpha linear */
   { PIPE_FORMAT_R8G8B8A8_SRGB, false, false, FCOL, 4, { 0xff, 0xbc, 0x89, 0xbf }, ALL16 },
   { PIPE_FORMAT_B8G8R8A8_SRGB, false, false, FCOL, 4, { 0x89, 0xbc, 0xff, 0xbf }, ALL16 },
   /* 11/11/10 float: 1.0 0x3c0, 0.5 0x380, 0.25 (10-bit) 0x1a0 */
   { PIPE_FORMAT_R11G11B10_FLOAT, false, false, FCOL, 4, { 0xc0, 0x03, 0x1c, 0x68 }, ALL16 },
   /* integers, clamped to the channel's range */
   { PIPE_FORMAT_R8G8B8A8_UINT, true, false, { .ui = { 1, 2, 300, 4 } }, 4,
     { 0x01, 0x02, 0xff, 0x04 }, ALL16 },
   { PIPE_FORMAT_R8G8B8A8_SINT, true, true, { .i = { -1, 2, -300, 127 } }, 4,
     { 0xff, 0x02, 0x80, 0x7f }, ALL16 },
   { PIPE_FORMAT_R16G16B16A16_UINT, true, false, { .ui = { 1, 2, 70000, 4 } }, 8,
     { 0x01, 0x00, 0x02, 0x00, 0xff, 0xff, 0x04, 0x00 }, ALL16 },
   { PIPE_FORMAT_R32G32B32A32_SINT, true, true, { .i = { -1, 2, -3, INT32_MIN } }, 16,
     { 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0xfd, 0xff, 0xff, 0xff, 0, 0, 0, 0x80 }, ALL16 },
   { PIPE_FORMAT_R10G10B10A2_UINT, true, false, { .ui = { 1023, 1, 2000, 3 } }, 4,
     { 0xff, 0x07, 0xf0, 0xff }, ALL16 },
};

static bool
texel_matches(const uint8_t *got, const uint8_t *expect, const uint8_t *care, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if ((got[i] & care[i]) != (expect[i] & care[i]))
         return false;
   }
   return true;
}

static void
hex(char *out, const uint8_t *b, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      sprintf(out + 3 * i, "%02x ", b[i]);
}

static void
test_colour_formats(struct pt *t)
{
   for (unsigned c = 0; c < sizeof colour_cases / sizeof colour_cases[0]; c++) {
      const struct colour_case *cc = &colour_cases[c];
      CHECK(t->screen->is_format_supported(t->screen, cc->format, PIPE_TEXTURE_2D, 0,
                                           PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW),
            "%s not supported as a render target", cc->format == 0 ? "?" : "format");
      struct pipe_resource *tex = pt_texture(t, PIPE_TEXTURE_2D, cc->format, W, H, 1, 1, 0,
                                             PIPE_BIND_RENDER_TARGET);
      pt_fill(t, tex, 0, 0x5a);
      struct pipe_surface *surf = pt_surface(t, tex, 0, 0, 0);
      pt_framebuffer(t, &surf, 1, NULL, W, H);
      t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR0, NULL, &cc->value, 0.0, 0, NULL, 0);

      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            uint8_t got[16];
            pt_read_texel(t, tex, 0, x, y, 0, got);
            if (!texel_matches(got, cc->expect, cc->care, cc->bytes)) {
               if (!bad++) {
                  char g[64], e[64];
                  hex(g, got, cc->bytes);
                  hex(e, cc->expect, cc->bytes);
                  CHECK(false, "clear of case %u (format %d) at (%u, %u): got %s expected %s",
                        c, cc->format, x, y, g, e);
               }
            }
         }
      }
      pt_framebuffer(t, NULL, 0, NULL, 0, 0);
      pipe_surface_reference(&surf, NULL);
      pipe_resource_reference(&tex, NULL);
   }
}

static void
check_rgba8_rect(struct pt *t, struct pipe_resource *tex, unsigned level, unsigned z,
                 unsigned w, unsigned h, unsigned x0, unsigned y0, unsigned x1, unsigned y1,
                 const uint8_t in[4], const uint8_t out[4], const char *what)
{
   unsigned bad = 0;
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         uint8_t got[4];
         bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
         const uint8_t *e = inside ? in : out;
         pt_read_texel(t, tex, level, x, y, z, got);
         if (memcmp(got, e, 4) && !bad++)
            CHECK(false, "%s: (%u, %u) is %02x%02x%02x%02x, expected %02x%02x%02x%02x", what,
                  x, y, got[0], got[1], got[2], got[3], e[0], e[1], e[2], e[3]);
      }
   }
}

static void
test_scissor_and_masks(struct pt *t)
{
   struct pipe_resource *tex = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          16, 16, 1, 1, 0, PIPE_BIND_RENDER_TARGET);
   struct pipe_surface *surf = pt_surface(t, tex, 0, 0, 0);
   const union pipe_color_union black = { .f = { 0, 0, 0, 0 } };
   const union pipe_color_union red = { .f = { 1, 0, 0, 1 } };
   const union pipe_color_union white = { .f = { 1, 1, 1, 1 } };
   const uint8_t k[4] = { 0, 0, 0, 0 }, r[4] = { 0xff, 0, 0, 0xff };

   pt_framebuffer(t, &surf, 1, NULL, 16, 16);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &black, 0.0, 0, NULL, 0);
   struct pipe_scissor_state sc = { 3, 4, 10, 12 };
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, &sc, &red, 0.0, 0, NULL, 0);
   check_rgba8_rect(t, tex, 0, 0, 16, 16, 3, 4, 10, 12, r, k, "scissored clear");

   /* a scissor larger than the surface is clipped */
   struct pipe_scissor_state big = { 12, 14, 60000, 60000 };
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, &big, &white, 0.0, 0, NULL, 0);
   const uint8_t wh[4] = { 0xff, 0xff, 0xff, 0xff };
   uint8_t got[4];
   pt_read_texel(t, tex, 0, 15, 15, 0, got);
   CHECK(!memcmp(got, wh, 4), "clipped scissor: corner not cleared");
   pt_read_texel(t, tex, 0, 11, 15, 0, got);
   CHECK(!memcmp(got, k, 4), "clipped scissor: cleared outside");

   /* colour mask: write G and A only over black */
   uint8_t masks[PIPE_MAX_COLOR_BUFS] = { PIPE_MASK_G | PIPE_MASK_A };
   const union pipe_color_union grey = { .f = { 0.5f, 0.5f, 0.5f, 0.5f } };
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &black, 0.0, 0, NULL, 0);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &grey, 0.0, 0, masks, 0);
   const uint8_t ga[4] = { 0, 0x80, 0, 0x80 };
   check_rgba8_rect(t, tex, 0, 0, 16, 16, 0, 0, 16, 16, ga, ga, "colormask G|A");

   /* mask 0 writes nothing */
   uint8_t none[PIPE_MAX_COLOR_BUFS] = { 0 };
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &white, 0.0, 0, none, 0);
   check_rgba8_rect(t, tex, 0, 0, 16, 16, 0, 0, 16, 16, ga, ga, "colormask 0");

   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&tex, NULL);

   /* packed format with a mask: B5G6R5 from white, clear to 0 with G only: 0xf81f */
   tex = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B5G6R5_UNORM, 4, 4, 1, 1, 0,
                    PIPE_BIND_RENDER_TARGET);
   surf = pt_surface(t, tex, 0, 0, 0);
   pt_framebuffer(t, &surf, 1, NULL, 4, 4);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &white, 0.0, 0, NULL, 0);
   uint8_t gmask[PIPE_MAX_COLOR_BUFS] = { PIPE_MASK_G };
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &black, 0.0, 0, gmask, 0);
   pt_read_texel(t, tex, 0, 3, 2, 0, got);
   CHECK(got[0] == 0x1f && got[1] == 0xf8, "565 mask G: %02x%02x, expected f81f", got[1],
         got[0]);
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&tex, NULL);

   /* BGRA with mask R|A: bytes B G R A */
   tex = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 4, 4, 1, 1, 0,
                    PIPE_BIND_RENDER_TARGET);
   surf = pt_surface(t, tex, 0, 0, 0);
   pt_framebuffer(t, &surf, 1, NULL, 4, 4);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &white, 0.0, 0, NULL, 0);
   uint8_t ramask[PIPE_MAX_COLOR_BUFS] = { PIPE_MASK_R | PIPE_MASK_A };
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &black, 0.0, 0, ramask, 0);
   pt_read_texel(t, tex, 0, 1, 1, 0, got);
   CHECK(got[0] == 0xff && got[1] == 0xff && got[2] == 0 && got[3] == 0,
         "BGRA mask R|A: %02x %02x %02x %02x", got[0], got[1], got[2], got[3]);
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&tex, NULL);
}

static void
test_multiple_targets(struct pt *t)
{
   struct pipe_resource *a = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8,
                                        1, 1, 0, PIPE_BIND_RENDER_TARGET);
   struct pipe_resource *b = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, 8, 8, 1, 1,
                                        0, PIPE_BIND_RENDER_TARGET);
   struct pipe_surface *s[3] = { pt_surface(t, a, 0, 0, 0), NULL, pt_surface(t, b, 0, 0, 0) };
   const union pipe_color_union v = { .f = { 0.25f, 0, 0, 1 } };
   uint8_t got[4];

   pt_fill(t, a, 0, 0x11);
   pt_fill(t, b, 0, 0x22);
   pt_framebuffer(t, s, 3, NULL, 8, 8);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLORN(2), NULL, &v, 0.0, 0, NULL, 0);
   pt_read_texel(t, a, 0, 7, 7, 0, got);
   CHECK(got[0] == 0x11 && got[3] == 0x11, "COLOR2 clear touched cbuf 0");
   pt_read_texel(t, b, 0, 7, 7, 0, got);
   CHECK(got[0] == 0 && got[1] == 0 && got[2] == 0x80 && got[3] == 0x3e,
         "COLOR2 clear of R32F: %02x %02x %02x %02x", got[0], got[1], got[2], got[3]);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &v, 0.0, 0, NULL, 0);
   pt_read_texel(t, a, 0, 0, 0, 0, got);
   CHECK(got[0] == 0x40 && got[1] == 0 && got[2] == 0 && got[3] == 0xff,
         "COLOR clear of cbuf 0: %02x %02x %02x %02x", got[0], got[1], got[2], got[3]);

   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s[0], NULL);
   pipe_surface_reference(&s[2], NULL);
   pipe_resource_reference(&a, NULL);
   pipe_resource_reference(&b, NULL);
}

static void
test_layers_and_levels(struct pt *t)
{
   const union pipe_color_union red = { .f = { 1, 0, 0, 1 } };
   const uint8_t r[4] = { 0xff, 0, 0, 0xff }, z[4] = { 0, 0, 0, 0 };

   /* a surface of layers 1-2 of a 3-layer array */
   struct pipe_resource *arr = pt_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM,
                                          5, 3, 1, 3, 0, PIPE_BIND_RENDER_TARGET);
   struct pipe_surface *s = pt_surface(t, arr, 0, 1, 2);
   pt_framebuffer(t, &s, 1, NULL, 5, 3);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &red, 0.0, 0, NULL, 0);
   check_rgba8_rect(t, arr, 0, 0, 5, 3, 0, 0, 0, 0, r, z, "array layer 0 untouched");
   check_rgba8_rect(t, arr, 0, 1, 5, 3, 0, 0, 5, 3, r, z, "array layer 1");
   check_rgba8_rect(t, arr, 0, 2, 5, 3, 0, 0, 5, 3, r, z, "array layer 2");
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&arr, NULL);

   /* level 1 of a mipmapped texture; level 0 and 2 untouched */
   struct pipe_resource *mip = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 9, 6,
                                          1, 1, 2, PIPE_BIND_RENDER_TARGET);
   s = pt_surface(t, mip, 1, 0, 0);
   CHECK(s->width == 4 && s->height == 3, "level 1 surface is %ux%u", s->width, s->height);
   pt_framebuffer(t, &s, 1, NULL, s->width, s->height);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &red, 0.0, 0, NULL, 0);
   check_rgba8_rect(t, mip, 0, 0, 9, 6, 0, 0, 0, 0, r, z, "level 0 untouched");
   check_rgba8_rect(t, mip, 1, 0, 4, 3, 0, 0, 4, 3, r, z, "level 1 cleared");
   check_rgba8_rect(t, mip, 2, 0, 2, 1, 0, 0, 0, 0, r, z, "level 2 untouched");
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&mip, NULL);

   /* face 3 of a cube */
   struct pipe_resource *cube = pt_texture(t, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8G8B8A8_UNORM, 4,
                                           4, 1, 6, 0, PIPE_BIND_RENDER_TARGET);
   s = pt_surface(t, cube, 0, 3, 3);
   pt_framebuffer(t, &s, 1, NULL, 4, 4);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR, NULL, &red, 0.0, 0, NULL, 0);
   for (unsigned f = 0; f < 6; f++)
      check_rgba8_rect(t, cube, 0, f, 4, 4, 0, 0, f == 3 ? 4 : 0, f == 3 ? 4 : 0, r, z,
                       "cube face");
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&cube, NULL);
}

static uint32_t
read_u32(struct pt *t, struct pipe_resource *r, unsigned x, unsigned y)
{
   uint8_t b[8];
   uint32_t w;
   pt_read_texel(t, r, 0, x, y, 0, b);
   memcpy(&w, b, 4);
   return w;
}

static void
check_zs_all(struct pt *t, struct pipe_resource *r, unsigned w, unsigned h, uint32_t expect,
             const char *what)
{
   unsigned bad = 0;
   for (unsigned y = 0; y < h; y++)
      for (unsigned x = 0; x < w; x++) {
         uint32_t v = read_u32(t, r, x, y);
         if (v != expect && !bad++)
            CHECK(false, "%s: (%u, %u) is 0x%08x, expected 0x%08x", what, x, y, v, expect);
      }
}

static void
test_depth_stencil(struct pt *t)
{
   struct pipe_resource *zs;
   struct pipe_surface *s;

   /* Z24S8: Z in bits 0-23, S in 24-31 */
   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 9, 5, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 9, 5);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 1.0, 0x55, NULL, 0xff);
   check_zs_all(t, zs, 9, 5, 0x55ffffffu, "Z24S8 depth+stencil");
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, NULL, NULL, 0.5, 0x99, NULL, 0xff);
   check_zs_all(t, zs, 9, 5, 0x55800000u, "Z24S8 depth only keeps stencil");
   t->ctx->clear(t->ctx, PIPE_CLEAR_STENCIL, NULL, NULL, 0.0, 0xf0, NULL, 0x0f);
   check_zs_all(t, zs, 9, 5, 0x50800000u, "Z24S8 stencil with mask 0x0f keeps depth");
   t->ctx->clear(t->ctx, PIPE_CLEAR_STENCIL, NULL, NULL, 0.0, 0xff, NULL, 0);
   check_zs_all(t, zs, 9, 5, 0x50800000u, "Z24S8 stencil mask 0 writes nothing");
   /* scissored depth clear */
   struct pipe_scissor_state sc = { 2, 1, 4, 3 };
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, &sc, NULL, 0.0, 0, NULL, 0xff);
   CHECK(read_u32(t, zs, 2, 1) == 0x50000000u, "scissored depth inside: 0x%08x",
         read_u32(t, zs, 2, 1));
   CHECK(read_u32(t, zs, 3, 2) == 0x50000000u, "scissored depth inside (3,2)");
   CHECK(read_u32(t, zs, 4, 2) == 0x50800000u, "scissored depth outside (4,2)");
   CHECK(read_u32(t, zs, 2, 3) == 0x50800000u, "scissored depth outside (2,3)");
   /* a depth out of [0, 1] is clamped */
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, NULL, NULL, 7.0, 0, NULL, 0xff);
   check_zs_all(t, zs, 9, 5, 0x50ffffffu, "Z24S8 depth clamped to 1");
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);

   /* clear_depth_stencil of a sub-rectangle, stencil only */
   s = pt_surface(t, zs, 0, 0, 0);
   t->ctx->clear_depth_stencil(t->ctx, s, PIPE_CLEAR_STENCIL, 0.0, 0x09, 1, 1, 2, 2);
   CHECK(read_u32(t, zs, 1, 1) == 0x09ffffffu, "clear_depth_stencil inside: 0x%08x",
         read_u32(t, zs, 1, 1));
   CHECK(read_u32(t, zs, 2, 2) == 0x09ffffffu, "clear_depth_stencil inside (2,2)");
   CHECK(read_u32(t, zs, 3, 2) == 0x50ffffffu, "clear_depth_stencil outside (3,2)");
   CHECK(read_u32(t, zs, 0, 0) == 0x50ffffffu, "clear_depth_stencil outside (0,0)");
   /* a rectangle hanging off the surface is clipped, not a crash */
   t->ctx->clear_depth_stencil(t->ctx, s, PIPE_CLEAR_DEPTHSTENCIL, 0.0, 0, 7, 3, 100, 100);
   CHECK(read_u32(t, zs, 8, 4) == 0x00000000u, "clipped clear_depth_stencil corner");
   CHECK(read_u32(t, zs, 6, 4) == 0x50ffffffu, "clipped clear_depth_stencil outside");
   t->ctx->clear_depth_stencil(t->ctx, s, PIPE_CLEAR_DEPTHSTENCIL, 0.0, 0, 50, 50, 1, 1);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);

   /* S8Z24: S in bits 0-7, Z in 8-31 */
   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_S8_UINT_Z24_UNORM, 4, 4, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 4, 4);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 0.5, 0x42, NULL, 0xff);
   check_zs_all(t, zs, 4, 4, 0x80000042u, "S8Z24 depth+stencil");
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, NULL, NULL, 1.0, 0, NULL, 0xff);
   check_zs_all(t, zs, 4, 4, 0xffffff42u, "S8Z24 depth only");
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);

   /* Z24X8, Z16, Z32F */
   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24X8_UNORM, 4, 4, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 4, 4);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 0.25, 0xff, NULL, 0xff);
   CHECK((read_u32(t, zs, 3, 3) & 0xffffff) == 0x400000u, "Z24X8 0.25: 0x%08x",
         read_u32(t, zs, 3, 3));
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);

   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z16_UNORM, 3, 3, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 3, 3);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, NULL, NULL, 0.5, 0, NULL, 0xff);
   uint8_t b[8];
   pt_read_texel(t, zs, 0, 2, 2, 0, b);
   CHECK(b[0] == 0x00 && b[1] == 0x80, "Z16 0.5: %02x%02x", b[1], b[0]);
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);

   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT, 3, 3, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 3, 3);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, NULL, NULL, 0.75, 0, NULL, 0xff);
   check_zs_all(t, zs, 3, 3, 0x3f400000u, "Z32F 0.75");
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);

   /* Z32F_S8X24: float Z, then S in the low byte of the next word */
   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 3, 2, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 3, 2);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 0.25, 7, NULL, 0xff);
   pt_read_texel(t, zs, 0, 2, 1, 0, b);
   CHECK(b[0] == 0 && b[1] == 0 && b[2] == 0x80 && b[3] == 0x3e && b[4] == 7,
         "Z32F_S8X24 clear: %02x %02x %02x %02x %02x", b[0], b[1], b[2], b[3], b[4]);
   t->ctx->clear(t->ctx, PIPE_CLEAR_STENCIL, NULL, NULL, 0.0, 0x30, NULL, 0xf0);
   pt_read_texel(t, zs, 0, 0, 0, 0, b);
   CHECK(b[3] == 0x3e && b[4] == 0x37, "Z32F_S8X24 masked stencil: z %02x s %02x", b[3], b[4]);
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);

   /* S8 */
   zs = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_S8_UINT, 3, 2, 1, 1, 0,
                   PIPE_BIND_DEPTH_STENCIL);
   s = pt_surface(t, zs, 0, 0, 0);
   pt_framebuffer(t, NULL, 0, s, 3, 2);
   t->ctx->clear(t->ctx, PIPE_CLEAR_STENCIL, NULL, NULL, 0.0, 0x3c, NULL, 0xff);
   t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 1.0, 0x0f, NULL, 0xf0);
   pt_read_texel(t, zs, 0, 1, 1, 0, b);
   CHECK(b[0] == 0x0c, "S8 masked: 0x%02x, expected 0x0c", b[0]);
   pt_framebuffer(t, NULL, 0, NULL, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&zs, NULL);
}

static void
test_clear_render_target(struct pt *t)
{
   struct pipe_resource *tex = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 10,
                                          10, 1, 1, 0, PIPE_BIND_RENDER_TARGET);
   struct pipe_surface *s = pt_surface(t, tex, 0, 0, 0);
   const union pipe_color_union green = { .f = { 0, 1, 0, 1 } };
   const uint8_t g[4] = { 0, 0xff, 0, 0xff }, k[4] = { 0, 0, 0, 0 };

   t->ctx->clear_render_target(t->ctx, s, &green, 2, 3, 4, 5);
   check_rgba8_rect(t, tex, 0, 0, 10, 10, 2, 3, 6, 8, g, k, "clear_render_target");
   /* hanging off the edge: clipped */
   t->ctx->clear_render_target(t->ctx, s, &green, 8, 0, 10, 1);
   uint8_t got[4];
   pt_read_texel(t, tex, 0, 9, 0, 0, got);
   CHECK(!memcmp(got, g, 4), "clipped clear_render_target");
   pt_read_texel(t, tex, 0, 7, 0, 0, got);
   CHECK(!memcmp(got, k, 4), "clipped clear_render_target: cleared left of x");
   /* entirely outside: nothing, no crash */
   t->ctx->clear_render_target(t->ctx, s, &green, 100, 100, 5, 5);
   t->ctx->clear_render_target(t->ctx, s, &green, 0, 0, 0, 0);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&tex, NULL);
}

int
main(void)
{
   struct pt t;
   pt_init(&t);
   test_colour_formats(&t);
   test_scissor_and_masks(&t);
   test_multiple_targets(&t);
   test_layers_and_levels(&t);
   test_depth_stencil(&t);
   test_clear_render_target(&t);
   pt_fini(&t);
   return pt_result("clear");
}
