/*
 * Transfers: map/unmap and subdata of 1D/2D/3D/array/cube boxes and
 * levels, buffers, compressed alignment, bad boxes, user memory and
 * display targets.
 */
#include <string.h>

#include "pipe_test.h"
#include "util/u_inlines.h"

/* Write a box through texture_subdata, then read the whole level through
 * one map and compare with a model of the level kept here. */
static void
check_box_roundtrip(struct pt *t, enum pipe_texture_target target, unsigned w, unsigned h,
                    unsigned d, unsigned layers, unsigned last_level, unsigned level,
                    struct pipe_box box, const char *what)
{
   /* R8G8: 2 bytes per texel */
   struct pipe_resource *r = pt_texture(t, target, PIPE_FORMAT_R8G8_UNORM, w, h, d, layers,
                                        last_level, PIPE_BIND_SAMPLER_VIEW);
   unsigned lw = u_minify(w, level), lh = u_minify(h, level);
   unsigned ld = target == PIPE_TEXTURE_3D ? u_minify(d, level) : layers;
   if (target == PIPE_TEXTURE_1D || target == PIPE_TEXTURE_1D_ARRAY)
      lh = 1;
   static uint8_t model[2 * 64 * 64 * 12];
   static uint8_t src[2 * 64 * 64 * 12];
   memset(model, 0, sizeof model);

   unsigned sstride = (unsigned)box.width * 2 + 6;   /* padded rows in the source */
   unsigned slayer = sstride * (unsigned)box.height + 10;
   for (int z = 0; z < box.depth; z++)
      for (int y = 0; y < box.height; y++)
         for (int x = 0; x < box.width; x++)
            for (unsigned c = 0; c < 2; c++) {
               uint8_t v = (uint8_t)(1 + x * 3 + y * 17 + z * 41 + c * 100);
               src[z * slayer + y * sstride + x * 2 + c] = v;
               unsigned mx = (unsigned)(box.x + x), my = (unsigned)(box.y + y),
                        mz = (unsigned)(box.z + z);
               model[((mz * lh + my) * lw + mx) * 2 + c] = v;
            }
   t->ctx->texture_subdata(t->ctx, r, level, PIPE_MAP_WRITE, &box, src, sstride, slayer);

   struct pipe_transfer *tr;
   struct pipe_box all = u_box_3d(0, 0, 0, (int)lw, (int)lh, (int)ld);
   const uint8_t *p = t->ctx->texture_map(t->ctx, r, level, PIPE_MAP_READ, &all, &tr);
   CHECK(p != NULL, "%s: map of the whole level", what);
   if (p) {
      CHECK(tr->stride >= lw * 2, "%s: stride %u < row %u", what, tr->stride, lw * 2);
      CHECK(tr->layer_stride >= (uintptr_t)tr->stride * lh, "%s: layer stride", what);
      CHECK(tr->level == level && tr->resource == r, "%s: transfer fields", what);
      unsigned bad = 0;
      for (unsigned z = 0; z < ld; z++)
         for (unsigned y = 0; y < lh; y++)
            for (unsigned x = 0; x < lw * 2; x++) {
               uint8_t got = p[z * tr->layer_stride + y * tr->stride + x];
               uint8_t expect = model[(z * lh + y) * lw * 2 + x];
               if (got != expect && !bad++)
                  CHECK(false, "%s: byte %u of row %u, layer %u is %u, expected %u", what, x,
                        y, z, got, expect);
            }
      t->ctx->texture_unmap(t->ctx, tr);
   }

   /* mapping the box itself points at its first texel */
   p = t->ctx->texture_map(t->ctx, r, level, PIPE_MAP_READ, &box, &tr);
   CHECK(p != NULL, "%s: map of the box", what);
   if (p) {
      CHECK(p[0] == src[0] && p[1] == src[1], "%s: box map starts at (%d, %d, %d)", what, box.x,
            box.y, box.z);
      unsigned lz = (unsigned)box.depth - 1, ly = (unsigned)box.height - 1,
               lx = (unsigned)box.width - 1;
      CHECK(p[lz * tr->layer_stride + ly * tr->stride + lx * 2] ==
               src[lz * slayer + ly * sstride + lx * 2], "%s: box map last texel", what);
      t->ctx->texture_unmap(t->ctx, tr);
   }
   pipe_resource_reference(&r, NULL);
}

static void
test_textures(struct pt *t)
{
   check_box_roundtrip(t, PIPE_TEXTURE_2D, 7, 5, 1, 1, 0, 0, u_box_2d(2, 1, 4, 3), "2D");
   check_box_roundtrip(t, PIPE_TEXTURE_2D, 16, 12, 1, 1, 4, 2, u_box_2d(1, 1, 3, 2),
                       "2D level 2");
   check_box_roundtrip(t, PIPE_TEXTURE_1D, 33, 1, 1, 1, 5, 1, u_box_2d(3, 0, 10, 1),
                       "1D level 1");
   check_box_roundtrip(t, PIPE_TEXTURE_1D_ARRAY, 9, 1, 1, 4, 0, 0,
                       u_box_3d(1, 0, 1, 5, 1, 3), "1D array");
   check_box_roundtrip(t, PIPE_TEXTURE_3D, 5, 4, 3, 1, 2, 0, u_box_3d(1, 1, 1, 3, 2, 2), "3D");
   check_box_roundtrip(t, PIPE_TEXTURE_3D, 8, 8, 8, 1, 3, 1, u_box_3d(0, 1, 2, 4, 3, 2),
                       "3D level 1");
   check_box_roundtrip(t, PIPE_TEXTURE_2D_ARRAY, 6, 6, 1, 5, 1, 1, u_box_3d(0, 0, 2, 3, 3, 3),
                       "2D array level 1");
   check_box_roundtrip(t, PIPE_TEXTURE_CUBE, 8, 8, 1, 6, 0, 0, u_box_3d(2, 2, 3, 4, 4, 3),
                       "cube faces 3-5");
   check_box_roundtrip(t, PIPE_TEXTURE_CUBE_ARRAY, 4, 4, 1, 12, 1, 0,
                       u_box_3d(0, 0, 5, 4, 4, 4), "cube array");
   check_box_roundtrip(t, PIPE_TEXTURE_RECT, 11, 3, 1, 1, 0, 0, u_box_2d(0, 0, 11, 3), "rect");
}

static void
test_bad_maps(struct pt *t)
{
   struct pipe_resource *r = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1,
                                        1, 1, PIPE_BIND_SAMPLER_VIEW);
   struct pipe_transfer *tr = (struct pipe_transfer *)&tr;
   struct pipe_box box = u_box_2d(4, 4, 5, 1);
   CHECK(!t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr) && !tr,
         "map past the right edge succeeded");
   box = u_box_2d(0, 0, 5, 5);
   CHECK(!t->ctx->texture_map(t->ctx, r, 1, PIPE_MAP_READ, &box, &tr), "map past level 1");
   CHECK(!t->ctx->texture_map(t->ctx, r, 2, PIPE_MAP_READ, &box, &tr), "map of level 2");
   box = u_box_3d(0, 0, 1, 1, 1, 1);
   CHECK(!t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr), "map of layer 1");
   box = u_box_2d(-1, 0, 1, 1);
   CHECK(!t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr), "negative x");
   box = u_box_2d(0, 0, 0, 1);
   CHECK(!t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr), "empty box");
   CHECK(!t->ctx->buffer_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr), "buffer_map of a texture");
   CHECK(!t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, NULL, &tr), "NULL box");
   /* subdata out of range: ignored */
   uint8_t junk[256];
   memset(junk, 0xee, sizeof junk);
   box = u_box_2d(6, 6, 4, 4);
   t->ctx->texture_subdata(t->ctx, r, 0, PIPE_MAP_WRITE, &box, junk, 16, 64);
   uint8_t px[4];
   pt_read_texel(t, r, 0, 7, 7, 0, px);
   CHECK(px[0] == 0, "out-of-range subdata wrote");
   pipe_resource_reference(&r, NULL);

   /* compressed: boxes must be whole blocks, except at the level's edge */
   r = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT5_RGBA, 10, 6, 1, 1, 0,
                  PIPE_BIND_SAMPLER_VIEW);
   box = u_box_2d(2, 0, 4, 4);
   CHECK(!t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr), "unaligned DXT5 map");
   box = u_box_2d(4, 4, 6, 2);
   void *p = t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr);
   CHECK(p != NULL, "DXT5 map of the edge blocks");
   if (p) {
      CHECK(tr->stride == 3 * 16, "DXT5 10 wide: stride %u, expected >= 48", tr->stride);
      t->ctx->texture_unmap(t->ctx, tr);
   }
   pipe_resource_reference(&r, NULL);
}

static void
test_buffers(struct pt *t)
{
   struct pipe_resource *b = pt_buffer(t, 100, PIPE_BIND_CONSTANT_BUFFER);
   struct pipe_transfer *tr;
   struct pipe_box box = u_box_2d(0, 0, 100, 1);
   uint8_t *p = t->ctx->buffer_map(t->ctx, b, 0, PIPE_MAP_READ, &box, &tr);
   CHECK(p != NULL, "buffer map");
   if (p) {
      bool zero = true;
      for (unsigned i = 0; i < 100; i++)
         zero &= p[i] == 0;
      CHECK(zero, "new buffers read as zero");
      t->ctx->buffer_unmap(t->ctx, tr);
   }
   box = u_box_2d(40, 0, 8, 1);
   p = t->ctx->buffer_map(t->ctx, b, 0, PIPE_MAP_WRITE, &box, &tr);
   if (p) {
      memcpy(p, "ABCDEFGH", 8);
      t->ctx->buffer_unmap(t->ctx, tr);
   }
   t->ctx->buffer_subdata(t->ctx, b, PIPE_MAP_WRITE, 96, 4, "wxyz");
   t->ctx->buffer_subdata(t->ctx, b, PIPE_MAP_WRITE, 98, 4, "!!!!");   /* past the end */
   box = u_box_2d(0, 0, 100, 1);
   p = t->ctx->buffer_map(t->ctx, b, 0, PIPE_MAP_READ, &box, &tr);
   if (p) {
      CHECK(!memcmp(p + 40, "ABCDEFGH", 8), "buffer map write");
      CHECK(!memcmp(p + 96, "wxyz", 4), "buffer_subdata");
      CHECK(p[39] == 0 && p[48] == 0, "buffer map wrote outside its box");
      t->ctx->buffer_unmap(t->ctx, tr);
   }
   box = u_box_2d(90, 0, 11, 1);
   CHECK(!t->ctx->buffer_map(t->ctx, b, 0, PIPE_MAP_READ, &box, &tr), "buffer map past end");
   CHECK(!t->ctx->texture_map(t->ctx, b, 0, PIPE_MAP_READ, &box, &tr), "texture_map of buffer");
   pipe_resource_reference(&b, NULL);
}

static void
test_user_memory_and_display(struct pt *t)
{
   /* user memory: tightly packed rows, reported by resource_get_layout */
   uint32_t mem[6 * 4];
   for (unsigned i = 0; i < 24; i++)
      mem[i] = 0x01020300u + i;
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = PIPE_TEXTURE_2D;
   templ.format = PIPE_FORMAT_B8G8R8A8_UNORM;
   templ.width0 = 6;
   templ.height0 = 4;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.bind = PIPE_BIND_RENDER_TARGET;
   struct pipe_resource *r = t->screen->resource_from_user_memory(t->screen, &templ, mem);
   CHECK(r != NULL, "resource_from_user_memory");
   if (r) {
      unsigned stride = 0, offset = 1;
      CHECK(t->screen->resource_get_layout(t->screen, r, &stride, &offset) && stride == 24 &&
            offset == 0, "user memory layout: stride %u offset %u", stride, offset);
      uint8_t px[4];
      pt_read_texel(t, r, 0, 5, 3, 0, px);
      uint32_t v;
      memcpy(&v, px, 4);
      CHECK(v == 0x01020300u + 23, "user memory texel (5, 3): 0x%08x", v);
      /* a clear writes the caller's memory */
      struct pipe_surface *s = pt_surface(t, r, 0, 0, 0);
      const union pipe_color_union blue = { .f = { 0, 0, 1, 1 } };
      t->ctx->clear_render_target(t->ctx, s, &blue, 0, 0, 1, 1);
      CHECK(mem[0] == 0xff0000ffu, "clear of user memory: 0x%08x", mem[0]);
      CHECK(mem[1] == 0x01020301u, "clear of user memory went too far");
      pipe_surface_reference(&s, NULL);
      pipe_resource_reference(&r, NULL);
   }

   /* display target: memory from the winsys, rows aligned by refpipe's request */
   templ.width0 = 5;
   templ.height0 = 3;
   templ.bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET;
   CHECK(t->screen->is_format_supported(t->screen, templ.format, PIPE_TEXTURE_2D, 0, templ.bind),
         "BGRA8 display target unsupported");
   r = t->screen->resource_create(t->screen, &templ);
   CHECK(r != NULL, "display target resource_create");
   if (r) {
      unsigned stride = 0, offset = 0;
      CHECK(t->screen->resource_get_layout(t->screen, r, &stride, &offset) &&
            stride >= 20 && stride % 64 == 0, "display target stride %u", stride);
      struct pipe_surface *s = pt_surface(t, r, 0, 0, 0);
      const union pipe_color_union red = { .f = { 1, 0, 0, 1 } };
      t->ctx->clear_render_target(t->ctx, s, &red, 0, 0, 5, 3);
      uint8_t px[4];
      pt_read_texel(t, r, 0, 4, 2, 0, px);
      CHECK(px[0] == 0 && px[1] == 0 && px[2] == 0xff && px[3] == 0xff,
            "display target clear: %02x %02x %02x %02x", px[0], px[1], px[2], px[3]);
      t->screen->flush_frontbuffer(t->screen, t->ctx, r, 0, 0, NULL, NULL);
      struct pipe_box part = u_box_2d(1, 1, 2, 2);
      t->screen->flush_frontbuffer(t->screen, t->ctx, r, 0, 0, NULL, &part);
      pipe_surface_reference(&s, NULL);
      pipe_resource_reference(&r, NULL);
   }
   /* display targets must be single-level 2D */
   templ.last_level = 1;
   CHECK(!t->screen->resource_create(t->screen, &templ), "mipmapped display target created");
   templ.last_level = 0;
   templ.format = PIPE_FORMAT_Z24_UNORM_S8_UINT;
   templ.bind = PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_DISPLAY_TARGET;
   CHECK(!t->screen->resource_create(t->screen, &templ), "depth display target created");
}

int
main(void)
{
   struct pt t;
   pt_init(&t);
   test_textures(&t);
   test_bad_maps(&t);
   test_buffers(&t);
   test_user_memory_and_display(&t);
   pt_fini(&t);
   return pt_result("transfer");
}
