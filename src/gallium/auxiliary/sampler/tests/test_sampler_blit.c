/*
 * Mipmap generation and blit tests: box-filter averages worked out by hand
 * (sRGB through the sRGB curve computed here), blit scaling, flips,
 * filtering, conversion, masks and scissor.
 */
#include <limits.h>

#include "test_sampler_util.h"

#include "sampler/u_blit.h"
#include "sampler/u_mipmap.h"

static float
get1(const struct test_tex *t, unsigned level, unsigned x, unsigned y, unsigned z)
{
   float rgba[4];
   const unsigned char *p = (const unsigned char *)t->levels[level] +
                            z * t->tex.level[level].layer_stride +
                            y * t->tex.level[level].row_stride +
                            x * util_format_get_blocksize(t->tex.format);
   util_format_unpack_rgba_float(t->tex.format, rgba, p, 1);
   return rgba[0];
}

static void
test_mipmap(void)
{
   struct test_tex t;
   /* 4x4 R32_FLOAT, texel = x + 4 y: level 1 (i, j) averages x 2i..2i+1,
    * y 2j..2j+1: 2i + 0.5 + 4 (2j + 0.5) = 2i + 8j + 2.5; level 2 = 7.5. */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D, 4, 4, 1, 1, 3);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         test_tex_set1(&t, 0, x, y, 0, (float)(x + 4 * y));
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 2, 0, 0,
                           PIPE_TEX_FILTER_LINEAR), "generate 2d");
   for (unsigned j = 0; j < 2; j++)
      for (unsigned i = 0; i < 2; i++)
         CHECK_NEAR(get1(&t, 1, i, j, 0), 2 * i + 8 * j + 2.5, 1e-6, "level 1");
   CHECK_NEAR(get1(&t, 2, 0, 0, 0), 7.5, 1e-6, "level 2");
   /* NEAREST: the first texel of each box */
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 0, 0,
                           PIPE_TEX_FILTER_NEAREST), "generate nearest");
   CHECK_NEAR(get1(&t, 1, 1, 1, 0), 10, 1e-6, "nearest level 1");
   /* bad ranges */
   CHECK(!u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 5, 0, 0,
                            PIPE_TEX_FILTER_LINEAR), "last level too large");
   CHECK(!u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 2, 2,
                            PIPE_TEX_FILTER_LINEAR), "layer out of range");
   test_tex_fini(&t);

   /* sRGB: 0 and 255 average in linear space to 0.5, encoded again:
    * 255 * (1.055 * 0.5^(1/2.4) - 0.055) = 187.5... -> 188 */
   test_tex_init(&t, PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_TEXTURE_2D, 2, 2, 1, 1, 2);
   unsigned char px[16] = { 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255 };
   memcpy(t.levels[0], px, 16);
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 0, 0,
                           PIPE_TEX_FILTER_LINEAR), "generate srgb");
   double enc = 255.0 * (1.055 * pow(0.5, 1.0 / 2.4) - 0.055);
   const unsigned char *l1 = t.levels[1];
   CHECK(abs((int)l1[0] - (int)(enc + 0.5)) <= 1, "srgb average %u, want %d", l1[0],
         (int)(enc + 0.5));
   CHECK(l1[3] == 128, "alpha averaged linearly: %u", l1[3]);
   /* the same texels through a UNORM format average to 128 */
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 1, 0, 0,
                           PIPE_TEX_FILTER_LINEAR), "generate unorm view");
   CHECK(l1[0] == 128, "unorm average %u", l1[0]);
   test_tex_fini(&t);

   /* 2D array / cube: each layer on its own: layer l = constant 10 l + (x) */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_CUBE, 2, 2, 1, 6, 2);
   for (unsigned l = 0; l < 6; l++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++)
            test_tex_set1(&t, 0, x, y, l, (float)(10 * l + x));
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 0, 5,
                           PIPE_TEX_FILTER_LINEAR), "generate cube");
   for (unsigned l = 0; l < 6; l++)
      CHECK_NEAR(get1(&t, 1, 0, 0, l), 10 * l + 0.5, 1e-6, "cube face");
   test_tex_fini(&t);

   /* 3D 2x2x2: the average of all eight, x + 2y + 4z -> 3.5 */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_3D, 2, 2, 2, 1, 2);
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++)
            test_tex_set1(&t, 0, x, y, z, (float)(x + 2 * y + 4 * z));
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 0, 0,
                           PIPE_TEX_FILTER_LINEAR), "generate 3d");
   CHECK_NEAR(get1(&t, 1, 0, 0, 0), 3.5, 1e-6, "3d");
   test_tex_fini(&t);

   /* odd width: 3x1 -> 1x1 = (t0 + t1) / 2 */
   test_tex_init(&t, PIPE_FORMAT_R32_FLOAT, PIPE_TEXTURE_2D, 3, 1, 1, 1, 2);
   for (unsigned x = 0; x < 3; x++)
      test_tex_set1(&t, 0, x, 0, 0, (float)(1 << x));
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 0, 0,
                           PIPE_TEX_FILTER_LINEAR), "generate odd");
   CHECK_NEAR(get1(&t, 1, 0, 0, 0), 1.5, 1e-6, "odd width");
   test_tex_fini(&t);

   /* integer: (1 + 2 + 3 + 10) / 4 = 4 */
   test_tex_init(&t, PIPE_FORMAT_R32_UINT, PIPE_TEXTURE_2D, 2, 2, 1, 1, 2);
   uint32_t iv[4] = { 1, 2, 3, 10 };
   memcpy(t.levels[0], iv, sizeof(iv));
   CHECK(u_mipmap_generate(&t.tex, t.levels, PIPE_FORMAT_NONE, 0, 1, 0, 0,
                           PIPE_TEX_FILTER_LINEAR), "generate uint");
   CHECK(*(uint32_t *)t.levels[1] == 4, "uint average %u", *(uint32_t *)t.levels[1]);
   test_tex_fini(&t);
}

/* Boxes at the ends of the int range (issue F): the destination's far edge
 * x + box_width was computed in int and overflowed; it must clip to the
 * surface (nothing written for a box starting at INT_MAX - 1, texel (1, 1)
 * for one from (1, 1) INT_MAX wide and high, all for one from INT_MAX
 * back by INT_MIN). */
static void
test_blit_extreme_boxes(void)
{
   unsigned char src[4] = { 7, 7, 7, 7 }, dst[4];
   struct u_blit_rect_info b;
   memset(&b, 0, sizeof(b));
   b.mask = PIPE_MASK_RGBA;
   b.filter = PIPE_TEX_FILTER_NEAREST;
   b.src = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, src, 2, 2, 2, 0, 0, 2, 2 };

   memset(dst, 0, sizeof(dst));
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, dst, 2, 2, 2, INT_MAX - 1, INT_MAX - 1,
                                    100, 100 };
   CHECK(u_blit_rect(&b), "blit box at INT_MAX - 1");
   CHECK(dst[0] == 0 && dst[1] == 0 && dst[2] == 0 && dst[3] == 0, "box at INT_MAX - 1 wrote");

   memset(dst, 0, sizeof(dst));
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, dst, 2, 2, 2, 1, 1, INT_MAX, INT_MAX };
   b.src.box_width = INT_MAX;
   b.src.box_height = INT_MAX;
   b.src.x = INT_MIN;
   b.src.y = INT_MIN;
   CHECK(u_blit_rect(&b), "blit box (1, 1) INT_MAX x INT_MAX");
   CHECK(dst[0] == 0 && dst[1] == 0 && dst[2] == 0 && dst[3] == 7,
         "box (1, 1) INT_MAX x INT_MAX: %u %u %u %u", dst[0], dst[1], dst[2], dst[3]);

   memset(dst, 0, sizeof(dst));
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, dst, 2, 2, 2, INT_MAX, INT_MAX,
                                    INT_MIN, INT_MIN };
   CHECK(u_blit_rect(&b), "blit box from INT_MAX, negative size");
   CHECK(dst[0] == 7 && dst[3] == 7, "box from INT_MAX, negative size");
}

/* A 4x4 R8_UNORM source of value 10 (x + 4 y), an 8x8 destination. */
static void
test_blit(void)
{
   unsigned char src[16], dst[64];
   for (unsigned i = 0; i < 16; i++)
      src[i] = (unsigned char)(10 * i);
   struct u_blit_rect_info b;

   /* 2x nearest upscale: dst (x, y) = src (x / 2, y / 2) */
   memset(&b, 0, sizeof(b));
   memset(dst, 0, sizeof(dst));
   b.src = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, src, 4, 4, 4, 0, 0, 4, 4 };
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, dst, 8, 8, 8, 0, 0, 8, 8 };
   b.mask = PIPE_MASK_RGBA;
   b.filter = PIPE_TEX_FILTER_NEAREST;
   CHECK(u_blit_rect(&b), "blit upscale");
   unsigned bad = 0;
   for (unsigned y = 0; y < 8; y++)
      for (unsigned x = 0; x < 8; x++)
         bad += dst[y * 8 + x] != src[(y / 2) * 4 + x / 2];
   CHECK(bad == 0, "nearest upscale: %u wrong", bad);

   /* flip in x (negative source width): dst (x, y) = src (3 - x, y) */
   memset(dst, 0, sizeof(dst));
   b.src.x = 4;
   b.src.box_width = -4;
   b.dst.box_width = 4;
   b.dst.box_height = 4;
   CHECK(u_blit_rect(&b), "blit flip");
   bad = 0;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         bad += dst[y * 8 + x] != src[y * 4 + 3 - x];
   CHECK(bad == 0 && dst[4] == 0, "flip x: %u wrong", bad);
   /* flip in y through the destination box */
   memset(dst, 0, sizeof(dst));
   b.src.x = 0;
   b.src.box_width = 4;
   b.dst.y = 4;
   b.dst.box_height = -4;
   CHECK(u_blit_rect(&b), "blit flip y");
   bad = 0;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         bad += dst[y * 8 + x] != src[(3 - y) * 4 + x];
   CHECK(bad == 0, "flip y: %u wrong", bad);

   /* 2x linear downscale: each dst texel averages a 2x2 box:
    * dst (i, j) = 10 * ((2i + 0.5) + 4 (2j + 0.5)) */
   memset(dst, 0, sizeof(dst));
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, dst, 8, 8, 8, 0, 0, 2, 2 };
   b.filter = PIPE_TEX_FILTER_LINEAR;
   CHECK(u_blit_rect(&b), "blit downscale");
   for (unsigned j = 0; j < 2; j++)
      for (unsigned i = 0; i < 2; i++) {
         double want = 10.0 * ((2 * i + 0.5) + 4 * (2 * j + 0.5));
         CHECK(abs((int)dst[j * 8 + i] - (int)(want + 0.5)) <= 1, "linear downscale %u,%u: %u want %g",
               i, j, dst[j * 8 + i], want);
      }

   /* scissor: only x in [1, 2), y in [0, 1) */
   memset(dst, 0, sizeof(dst));
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8_UNORM, dst, 8, 8, 8, 0, 0, 4, 4 };
   b.filter = PIPE_TEX_FILTER_NEAREST;
   b.scissor_enable = true;
   b.scissor = (struct pipe_scissor_state){ 1, 0, 2, 1 };
   CHECK(u_blit_rect(&b), "blit scissor");
   CHECK(dst[1] == src[1] && dst[0] == 0 && dst[2] == 0 && dst[8 + 1] == 0, "scissor");
   b.scissor_enable = false;

   /* conversion and mask: RGBA float -> RGBA8 writing only R and A */
   float fsrc[4] = { 0.5f, 1.0f, 0.25f, 0.0f };
   unsigned char d4[4] = { 1, 2, 3, 4 };
   memset(&b, 0, sizeof(b));
   b.src = (struct u_blit_surface){ PIPE_FORMAT_R32G32B32A32_FLOAT, fsrc, 16, 1, 1, 0, 0, 1, 1 };
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_R8G8B8A8_UNORM, d4, 4, 1, 1, 0, 0, 1, 1 };
   b.mask = PIPE_MASK_R | PIPE_MASK_A;
   CHECK(u_blit_rect(&b), "blit convert");
   CHECK(d4[0] == 128 && d4[1] == 2 && d4[2] == 3 && d4[3] == 0, "convert+mask %u %u %u %u",
         d4[0], d4[1], d4[2], d4[3]);

   /* depth: Z32_FLOAT 0.5 -> Z24_UNORM_S8_UINT keeping stencil (mask Z) */
   float z = 0.5f;
   uint32_t zs = 0xAB000000u;
   memset(&b, 0, sizeof(b));
   b.src = (struct u_blit_surface){ PIPE_FORMAT_Z32_FLOAT, &z, 4, 1, 1, 0, 0, 1, 1 };
   b.dst = (struct u_blit_surface){ PIPE_FORMAT_Z24_UNORM_S8_UINT, &zs, 4, 1, 1, 0, 0, 1, 1 };
   b.mask = PIPE_MASK_Z;
   CHECK(u_blit_rect(&b), "blit depth");
   /* 0.5 * (2^24 - 1) = 8388607.5 -> 8388608 */
   CHECK(zs == (0xAB000000u | 8388608u), "depth blit %08x", zs);
   /* stencil only between combined formats */
   uint32_t zs2 = 0x12345678u;
   b.src = (struct u_blit_surface){ PIPE_FORMAT_Z24_UNORM_S8_UINT, &zs2, 4, 1, 1, 0, 0, 1, 1 };
   b.mask = PIPE_MASK_S;
   zs = 0xAB000001u;
   CHECK(u_blit_rect(&b), "blit stencil");
   CHECK(zs == 0x12000001u, "stencil blit %08x", zs);
   /* colour <-> depth refused */
   b.dst.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   CHECK(!u_blit_rect(&b), "colour/depth mix refused");
   CHECK(!u_blit_rect(NULL), "NULL refused");
}

int
main(void)
{
   test_mipmap();
   test_blit();
   test_blit_extreme_boxes();
   if (test_failures) {
      fprintf(stderr, "%d failure(s)\n", test_failures);
      return 1;
   }
   printf("sampler blit/mipmap: all passed\n");
   return 0;
}
