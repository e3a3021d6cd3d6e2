/*
 * resource_copy_region: between levels, layers, slices and faces, between
 * formats of the same block size (compressed included), channel by channel
 * between plain formats holding the same channels in other places or
 * blocks (R8G8B8X8 / B8G8R8X8_SRGB / R8G8B8_SNORM, R16G16B16 /
 * R16G16B16A16), between buffers, and rejection of bad boxes without
 * touching anything.
 */
#include <string.h>

#include "format/u_format.h"
#include "pipe_test.h"
#include "util/u_inlines.h"

/* A texel's pattern value: unique per (x, y, z, tag) for 4-byte texels. */
static uint32_t
pattern(unsigned x, unsigned y, unsigned z, unsigned tag)
{
   return (tag << 24) | (z << 16) | (y << 8) | x;
}

/* Write pattern() into every texel of a 4-byte-per-texel level. */
static void
fill_pattern(struct pt *t, struct pipe_resource *r, unsigned level, unsigned w, unsigned h,
             unsigned d, unsigned tag)
{
   struct pipe_box box = u_box_3d(0, 0, 0, (int)w, (int)h, (int)d);
   uint32_t data[64 * 64];
   for (unsigned z = 0; z < d; z++)
      for (unsigned y = 0; y < h; y++)
         for (unsigned x = 0; x < w; x++)
            data[(z * h + y) * w + x] = pattern(x, y, z, tag);
   t->ctx->texture_subdata(t->ctx, r, level, PIPE_MAP_WRITE, &box, data, w * 4, w * h * 4);
}

static uint32_t
texel32(struct pt *t, struct pipe_resource *r, unsigned level, unsigned x, unsigned y, unsigned z)
{
   uint8_t b[16];
   uint32_t v;
   pt_read_texel(t, r, level, x, y, z, b);
   memcpy(&v, b, 4);
   return v;
}

static void
test_levels(struct pt *t)
{
   struct pipe_resource *src = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8,
                                          1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *dst = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 16,
                                          16, 1, 1, 2, PIPE_BIND_SAMPLER_VIEW);
   fill_pattern(t, src, 0, 8, 8, 1, 1);
   struct pipe_box box = u_box_2d(2, 1, 3, 4);
   t->ctx->resource_copy_region(t->ctx, dst, 1, 4, 3, 0, src, 0, &box);

   unsigned bad = 0;
   for (unsigned y = 0; y < 8; y++)
      for (unsigned x = 0; x < 8; x++) {
         bool in = x >= 4 && x < 7 && y >= 3 && y < 7;
         uint32_t expect = in ? pattern(x - 4 + 2, y - 3 + 1, 0, 1) : 0;
         uint32_t got = texel32(t, dst, 1, x, y, 0);
         if (got != expect && !bad++)
            CHECK(false, "level copy: dst (%u, %u) is 0x%08x, expected 0x%08x", x, y, got,
                  expect);
      }
   CHECK(texel32(t, dst, 0, 5, 4, 0) == 0, "level copy wrote level 0");

   /* a box outside the source is refused and changes nothing */
   struct pipe_box bad_box = u_box_2d(6, 6, 4, 4);
   t->ctx->resource_copy_region(t->ctx, dst, 0, 0, 0, 0, src, 0, &bad_box);
   CHECK(texel32(t, dst, 0, 0, 0, 0) == 0, "out-of-range source box was copied");
   /* a destination outside the level is refused */
   struct pipe_box ok_box = u_box_2d(0, 0, 4, 4);
   t->ctx->resource_copy_region(t->ctx, dst, 2, 2, 2, 0, src, 0, &ok_box);
   CHECK(texel32(t, dst, 2, 0, 0, 0) == 0 && texel32(t, dst, 2, 3, 3, 0) == 0,
         "out-of-range destination was written");
   /* a bad level is refused */
   t->ctx->resource_copy_region(t->ctx, dst, 9, 0, 0, 0, src, 0, &ok_box);
   t->ctx->resource_copy_region(t->ctx, dst, 0, 0, 0, 0, src, 3, &ok_box);
   CHECK(texel32(t, dst, 0, 0, 0, 0) == 0, "bad level copied");

   /* same block size, different format: raw bytes */
   struct pipe_resource *f32 = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, 4, 4, 1,
                                          1, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_box box3 = u_box_2d(2, 1, 3, 3);
   t->ctx->resource_copy_region(t->ctx, f32, 0, 1, 1, 0, src, 0, &box3);
   CHECK(texel32(t, f32, 0, 1, 1, 0) == pattern(2, 1, 0, 1), "RGBA8 -> R32F raw copy");
   CHECK(texel32(t, f32, 0, 3, 3, 0) == pattern(4, 3, 0, 1), "RGBA8 -> R32F raw copy corner");
   /* different block size: refused */
   struct pipe_resource *r16 = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16_UNORM, 4, 4, 1,
                                          1, 0, PIPE_BIND_SAMPLER_VIEW);
   t->ctx->resource_copy_region(t->ctx, r16, 0, 0, 0, 0, src, 0, &ok_box);
   uint8_t b[2];
   pt_read_texel(t, r16, 0, 0, 0, 0, b);
   CHECK(b[0] == 0 && b[1] == 0, "copy between block sizes 4 and 2 happened");

   pipe_resource_reference(&src, NULL);
   pipe_resource_reference(&dst, NULL);
   pipe_resource_reference(&f32, NULL);
   pipe_resource_reference(&r16, NULL);
}

static void
test_layers_slices_faces(struct pt *t)
{
   struct pipe_resource *arr = pt_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_B8G8R8A8_UNORM,
                                          4, 4, 1, 3, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *vol = pt_texture(t, PIPE_TEXTURE_3D, PIPE_FORMAT_B8G8R8A8_UNORM, 4, 4,
                                          4, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *cube = pt_texture(t, PIPE_TEXTURE_CUBE_ARRAY,
                                           PIPE_FORMAT_B8G8R8A8_UNORM, 4, 4, 1, 12, 0,
                                           PIPE_BIND_SAMPLER_VIEW);
   fill_pattern(t, arr, 0, 4, 4, 3, 2);

   /* layers 1-2 of the array -> slices 2-3 of the volume */
   struct pipe_box box = u_box_3d(0, 0, 1, 4, 4, 2);
   t->ctx->resource_copy_region(t->ctx, vol, 0, 0, 0, 2, arr, 0, &box);
   CHECK(texel32(t, vol, 0, 3, 2, 2) == pattern(3, 2, 1, 2), "array layer 1 -> slice 2");
   CHECK(texel32(t, vol, 0, 1, 0, 3) == pattern(1, 0, 2, 2), "array layer 2 -> slice 3");
   CHECK(texel32(t, vol, 0, 1, 0, 1) == 0, "slice 1 written");

   /* slice 3 -> face 4 of cube 1 (layer 10) */
   struct pipe_box one = u_box_3d(1, 1, 3, 2, 2, 1);
   t->ctx->resource_copy_region(t->ctx, cube, 0, 2, 2, 10, vol, 0, &one);
   CHECK(texel32(t, cube, 0, 2, 2, 10) == pattern(1, 1, 2, 2), "slice -> cube face");
   CHECK(texel32(t, cube, 0, 3, 3, 10) == pattern(2, 2, 2, 2), "slice -> cube face corner");
   CHECK(texel32(t, cube, 0, 2, 2, 9) == 0 && texel32(t, cube, 0, 2, 2, 11) == 0,
         "neighbouring faces written");

   /* too many layers for the destination: refused */
   struct pipe_box deep = u_box_3d(0, 0, 0, 1, 1, 3);
   t->ctx->resource_copy_region(t->ctx, vol, 0, 0, 0, 2, arr, 0, &deep);
   CHECK(texel32(t, vol, 0, 0, 0, 2) == pattern(0, 0, 1, 2), "over-deep copy happened");

   /* same resource, non-overlapping: layer 0 -> layer 2 */
   struct pipe_box l0 = u_box_3d(0, 0, 0, 4, 4, 1);
   t->ctx->resource_copy_region(t->ctx, arr, 0, 0, 0, 2, arr, 0, &l0);
   CHECK(texel32(t, arr, 0, 3, 3, 2) == pattern(3, 3, 0, 2), "same-resource copy");

   pipe_resource_reference(&arr, NULL);
   pipe_resource_reference(&vol, NULL);
   pipe_resource_reference(&cube, NULL);
}

static void
test_compressed(struct pt *t)
{
   /* DXT1 blocks are 8 bytes, like an R16G16B16A16 texel */
   struct pipe_resource *dxt = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 8, 8, 1, 1,
                                          0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *u16 = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16G16B16A16_UINT, 2,
                                          2, 1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   const uint8_t blocks[4][8] = {
      { 1, 2, 3, 4, 5, 6, 7, 8 }, { 9, 10, 11, 12, 13, 14, 15, 16 },
      { 17, 18, 19, 20, 21, 22, 23, 24 }, { 25, 26, 27, 28, 29, 30, 31, 32 },
   };
   struct pipe_box all = u_box_2d(0, 0, 8, 8);
   t->ctx->texture_subdata(t->ctx, dxt, 0, PIPE_MAP_WRITE, &all, blocks, 16, 32);

   /* block (1, 1) of the DXT1 texture -> texel (0, 1) of the uint texture */
   struct pipe_box b11 = u_box_2d(4, 4, 4, 4);
   t->ctx->resource_copy_region(t->ctx, u16, 0, 0, 1, 0, dxt, 0, &b11);
   uint8_t got[8];
   pt_read_texel(t, u16, 0, 0, 1, 0, got);
   CHECK(!memcmp(got, blocks[3], 8), "DXT1 block -> RGBA16UI texel: %u %u ... %u", got[0],
         got[1], got[7]);
   /* and back to block (0, 0) */
   struct pipe_box t01 = u_box_2d(0, 1, 1, 1);
   t->ctx->resource_copy_region(t->ctx, dxt, 0, 0, 0, 0, u16, 0, &t01);
   struct pipe_transfer *tr;
   struct pipe_box b00 = u_box_2d(0, 0, 4, 4);
   const uint8_t *p = t->ctx->texture_map(t->ctx, dxt, 0, PIPE_MAP_READ, &b00, &tr);
   CHECK(p && !memcmp(p, blocks[3], 8), "RGBA16UI texel -> DXT1 block");
   if (p)
      t->ctx->texture_unmap(t->ctx, tr);
   /* unaligned compressed box: refused */
   struct pipe_box odd = u_box_2d(1, 0, 4, 4);
   t->ctx->resource_copy_region(t->ctx, u16, 0, 1, 0, 0, dxt, 0, &odd);
   pt_read_texel(t, u16, 0, 1, 0, 0, got);
   CHECK(got[0] == 0, "unaligned compressed copy happened");

   pipe_resource_reference(&dxt, NULL);
   pipe_resource_reference(&u16, NULL);
}

static void
test_buffers(struct pt *t)
{
   struct pipe_resource *a = pt_buffer(t, 64, PIPE_BIND_VERTEX_BUFFER);
   struct pipe_resource *b = pt_buffer(t, 32, PIPE_BIND_VERTEX_BUFFER);
   uint8_t data[64];
   for (unsigned i = 0; i < 64; i++)
      data[i] = (uint8_t)(i + 1);
   t->ctx->buffer_subdata(t->ctx, a, PIPE_MAP_WRITE, 0, 64, data);

   struct pipe_box box = u_box_2d(10, 0, 20, 1);
   t->ctx->resource_copy_region(t->ctx, b, 0, 5, 0, 0, a, 0, &box);

   struct pipe_transfer *tr;
   struct pipe_box whole = u_box_2d(0, 0, 32, 1);
   const uint8_t *p = t->ctx->buffer_map(t->ctx, b, 0, PIPE_MAP_READ, &whole, &tr);
   CHECK(p != NULL, "buffer_map");
   if (p) {
      for (unsigned i = 0; i < 32; i++) {
         uint8_t expect = i >= 5 && i < 25 ? (uint8_t)(i - 5 + 10 + 1) : 0;
         CHECK(p[i] == expect, "buffer copy byte %u is %u, expected %u", i, p[i], expect);
      }
      t->ctx->buffer_unmap(t->ctx, tr);
   }

   /* past the end of the destination: refused */
   t->ctx->resource_copy_region(t->ctx, b, 0, 20, 0, 0, a, 0, &box);
   p = t->ctx->buffer_map(t->ctx, b, 0, PIPE_MAP_READ, &whole, &tr);
   if (p) {
      CHECK(p[31] == 0 && p[24] == 24 - 5 + 10 + 1, "over-long buffer copy happened");
      t->ctx->buffer_unmap(t->ctx, tr);
   }
   /* within one buffer, non-overlapping */
   struct pipe_box head = u_box_2d(0, 0, 8, 1);
   t->ctx->resource_copy_region(t->ctx, a, 0, 56, 0, 0, a, 0, &head);
   struct pipe_box tail = u_box_2d(56, 0, 8, 1);
   p = t->ctx->buffer_map(t->ctx, a, 0, PIPE_MAP_READ, &tail, &tr);
   CHECK(p && p[0] == 1 && p[7] == 8, "same-buffer copy");
   if (p)
      t->ctx->buffer_unmap(t->ctx, tr);

   /* buffer <-> texture: refused, no crash */
   struct pipe_resource *tex = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, 4, 4, 1, 1,
                                          0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_box tb = u_box_2d(0, 0, 4, 1);
   t->ctx->resource_copy_region(t->ctx, tex, 0, 0, 0, 0, a, 0, &tb);
   uint8_t v;
   pt_read_texel(t, tex, 0, 0, 0, 0, &v);
   CHECK(v == 0, "buffer -> texture copy happened");

   pipe_resource_reference(&a, NULL);
   pipe_resource_reference(&b, NULL);
   pipe_resource_reference(&tex, NULL);
}

/* Write one texel's bytes (block_bytes of r's format). */
static void
write_texel(struct pt *t, struct pipe_resource *r, unsigned x, unsigned y, const void *bytes)
{
   struct pipe_box box = u_box_2d((int)x, (int)y, 1, 1);
   unsigned bs = util_format_get_blocksize(r->format);
   t->ctx->texture_subdata(t->ctx, r, 0, PIPE_MAP_WRITE, &box, bytes, bs, bs);
}

static void
test_channels(struct pt *t)
{
   CHECK(util_format_is_channel_copy(PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_B8G8R8X8_SRGB) &&
            util_format_is_channel_copy(PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_R8G8B8_SNORM) &&
            util_format_is_channel_copy(PIPE_FORMAT_R16G16B16_UNORM,
                                        PIPE_FORMAT_R16G16B16A16_UNORM),
         "channel copies");
   CHECK(!util_format_is_channel_copy(PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R32_FLOAT) &&
            !util_format_is_channel_copy(PIPE_FORMAT_R8G8B8A8_UNORM,
                                         PIPE_FORMAT_R8G8B8A8_SNORM) &&
            !util_format_is_channel_copy(PIPE_FORMAT_R16G16B16_UNORM,
                                         PIPE_FORMAT_R16G16_UNORM) &&
            !util_format_is_channel_copy(PIPE_FORMAT_R8G8B8X8_UNORM,
                                         PIPE_FORMAT_R8G8B8A8_UNORM) &&
            !util_format_is_channel_copy(PIPE_FORMAT_R16G16_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM) &&
            !util_format_is_channel_copy(PIPE_FORMAT_L8A8_UNORM, PIPE_FORMAT_R8G8_UNORM) &&
            !util_format_is_channel_copy(PIPE_FORMAT_R10G10B10A2_UNORM,
                                         PIPE_FORMAT_B10G10R10A2_UNORM),
         "whole-block copies (or none)");

   /* R8G8B8X8 -> B8G8R8X8_SRGB: R, G, B land in their places */
   struct pipe_resource *rgbx = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8X8_UNORM, 4,
                                           4, 1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *bgrx = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8X8_SRGB, 4, 4,
                                           1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *rgb = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8_SNORM, 4, 4, 1,
                                          1, 0, PIPE_BIND_SAMPLER_VIEW);
   const uint8_t px[4] = { 0x11, 0x22, 0x33, 0x44 };
   write_texel(t, rgbx, 1, 2, px);
   struct pipe_box one = u_box_2d(1, 2, 1, 1);
   t->ctx->resource_copy_region(t->ctx, bgrx, 0, 3, 0, 0, rgbx, 0, &one);
   uint8_t b[16];
   memset(b, 0, sizeof b);
   pt_read_texel(t, bgrx, 0, 3, 0, 0, b);
   CHECK(b[0] == 0x33 && b[1] == 0x22 && b[2] == 0x11, "RGBX -> BGRX: %02x %02x %02x", b[0],
         b[1], b[2]);
   /* and on into 3-byte texels, then back into 4-byte ones */
   struct pipe_box one_b = u_box_2d(3, 0, 1, 1);
   t->ctx->resource_copy_region(t->ctx, rgb, 0, 0, 1, 0, bgrx, 0, &one_b);
   memset(b, 0, sizeof b);
   pt_read_texel(t, rgb, 0, 0, 1, 0, b);
   CHECK(b[0] == 0x11 && b[1] == 0x22 && b[2] == 0x33, "BGRX -> RGB: %02x %02x %02x", b[0],
         b[1], b[2]);
   struct pipe_box one_c = u_box_2d(0, 1, 1, 1);
   t->ctx->resource_copy_region(t->ctx, rgbx, 0, 0, 3, 0, rgb, 0, &one_c);
   CHECK((texel32(t, rgbx, 0, 0, 3, 0) & 0xffffff) == 0x332211, "RGB -> RGBX: 0x%08x",
         texel32(t, rgbx, 0, 0, 3, 0));
   CHECK(texel32(t, rgbx, 0, 1, 3, 0) == 0 && texel32(t, rgbx, 0, 1, 2, 0) == 0x44332211,
         "RGB -> RGBX touched other texels");

   /* R16G16B16 -> R16G16B16A16: alpha filled with 1.0 (0xffff) */
   struct pipe_resource *s3 = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16G16B16_UNORM, 2, 2,
                                         1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *s4 = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16G16B16A16_UNORM, 2,
                                         2, 1, 1, 0, PIPE_BIND_SAMPLER_VIEW);
   const uint16_t v3[3] = { 0x1234, 0x5678, 0x9abc };
   write_texel(t, s3, 1, 1, v3);
   struct pipe_box s3b = u_box_2d(1, 1, 1, 1);
   t->ctx->resource_copy_region(t->ctx, s4, 0, 0, 0, 0, s3, 0, &s3b);
   uint16_t v4[8];
   memset(v4, 0, sizeof v4);
   pt_read_texel(t, s4, 0, 0, 0, 0, (uint8_t *)v4);
   CHECK(v4[0] == 0x1234 && v4[1] == 0x5678 && v4[2] == 0x9abc && v4[3] == 0xffff,
         "R16G16B16 -> R16G16B16A16: %04x %04x %04x %04x", v4[0], v4[1], v4[2], v4[3]);

   /* different channel sizes and different block sizes: refused */
   struct pipe_resource *r16 = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16G16_UNORM, 4, 4, 1,
                                          1, 0, PIPE_BIND_SAMPLER_VIEW);
   t->ctx->resource_copy_region(t->ctx, r16, 0, 0, 0, 0, s3, 0, &s3b);
   CHECK(texel32(t, r16, 0, 0, 0, 0) == 0, "R16G16B16 -> R16G16 copied");

   pipe_resource_reference(&rgbx, NULL);
   pipe_resource_reference(&bgrx, NULL);
   pipe_resource_reference(&rgb, NULL);
   pipe_resource_reference(&s3, NULL);
   pipe_resource_reference(&s4, NULL);
   pipe_resource_reference(&r16, NULL);
}

int
main(void)
{
   struct pt t;
   pt_init(&t);
   test_levels(&t);
   test_layers_slices_faces(&t);
   test_compressed(&t);
   test_buffers(&t);
   test_channels(&t);
   pt_fini(&t);
   return pt_result("copy");
}
