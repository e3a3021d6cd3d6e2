/*
 * The command encoder (virgl_encode.c): each packet against dwords
 * written out by hand from the protocol's layout (docs/virgl.md
 * "Protocol"), batches that grow past their first allocation, and the
 * buffer list (each buffer once, referenced until reset; buffers of the
 * winsys tests' fake device).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fake_drm.h"
#include "pony_bufmgr.h"
#include "virgl_encode.h"
#include "virgl_proto.h"

static int failures;
#define CHECK(cond, ...)                                                   \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

static void
expect(const struct virgl_cmdbuf *cb, const uint32_t *want, unsigned n, const char *what)
{
   CHECK(cb->ndw == n && !cb->failed, "%s: %u dwords, expected %u", what, cb->ndw, n);
   for (unsigned i = 0; i < n && i < cb->ndw; i++)
      CHECK(cb->dw[i] == want[i], "%s: dword %u is 0x%08x, expected 0x%08x", what, i, cb->dw[i],
            want[i]);
}

static void
test_packets(void)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);

   /* CREATE_OBJECT (1), SURFACE (8), 5 words: 0x00050801 */
   virgl_encode_surface(&cb, 7, 42, VP_FORMAT_B8G8R8A8_UNORM, 3, 2, 5);
   static const uint32_t surface[] = { 0x00050801, 7, 42, 1, 3, 2 | (5 << 16) };
   expect(&cb, surface, 6, "surface");

   /* SET_FRAMEBUFFER_STATE (5), 2 colour buffers: 4 words */
   virgl_cmdbuf_reset(&cb);
   const uint32_t cbufs[2] = { 7, 9 };
   virgl_encode_framebuffer(&cb, 2, cbufs, 11);
   static const uint32_t fb[] = { 0x00040005, 2, 11, 7, 9 };
   expect(&cb, fb, 5, "framebuffer");

   /* CLEAR (7), 8 words: colour 1.0, 0.5, 0, 2.0 as floats; depth 1.0 as
    * a double (0x3ff0000000000000, low word first); stencil 0x55 */
   virgl_cmdbuf_reset(&cb);
   const float c[4] = { 1.0f, 0.5f, 0.0f, 2.0f };
   uint32_t color[4];
   memcpy(color, c, sizeof color);
   virgl_encode_clear(&cb, VP_CLEAR_COLOR0 | VP_CLEAR_DEPTH, color, 1.0, 0x55);
   static const uint32_t clear[] = { 0x00080007, 5, 0x3f800000, 0x3f000000, 0, 0x40000000,
                                     0, 0x3ff00000, 0x55 };
   expect(&cb, clear, 9, "clear");

   /* DESTROY_OBJECT (3), SURFACE (8), 1 word */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_destroy_object(&cb, VP_OBJ_SURFACE, 7);
   static const uint32_t destroy[] = { 0x00010803, 7 };
   expect(&cb, destroy, 2, "destroy");

   /* a batch past its first allocation keeps every packet */
   virgl_cmdbuf_reset(&cb);
   for (unsigned i = 0; i < 1000; i++)
      virgl_encode_destroy_object(&cb, VP_OBJ_SURFACE, i);
   CHECK(cb.ndw == 2000 && !cb.failed, "%u dwords", cb.ndw);
   unsigned bad = 0;
   for (unsigned i = 0; i < 1000 && cb.ndw == 2000; i++)
      bad += cb.dw[2 * i] != 0x00010803 || cb.dw[2 * i + 1] != i;
   CHECK(bad == 0, "%u packets changed while the batch grew", bad);
   virgl_cmdbuf_fini(&cb);
}

static void
test_buffers(void)
{
   /* buffer objects of the winsys tests' fake device */
   struct fake *f = fake_new();
   struct pony_bufmgr_options o = {
      .backend = &fake_backend, .backend_priv = f, .kernel = &fake_kernel, .kernel_priv = f,
      .now_ns = fake_now, .clock_priv = f, .disable_cache = true,
   };
   int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
   struct pony_bufmgr *mgr = NULL;
   CHECK(pony_bufmgr_create(devnull, &o, &mgr) == 0 && mgr, "manager");
   close(devnull);
   if (!mgr) {
      fake_free(f);
      return;
   }
   struct pony_bo_alloc_info info = { .size = 4096 };
   struct pony_bo *a = NULL, *b = NULL;
   CHECK(pony_bo_alloc(mgr, &info, &a) == 0 && pony_bo_alloc(mgr, &info, &b) == 0, "alloc");

   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);
   for (unsigned i = 0; i < 40; i++) {   /* past the list's first allocation */
      virgl_cmdbuf_use(&cb, a);
      virgl_cmdbuf_use(&cb, b);
   }
   CHECK(cb.nbos == 2 && cb.bos[0] == a && cb.bos[1] == b, "%u buffers listed", cb.nbos);
   CHECK(pony_bo_refcount(a) == 2 && pony_bo_refcount(b) == 2,
         "one reference per batch: %u, %u", pony_bo_refcount(a), pony_bo_refcount(b));
   pony_bo_unref(b);   /* the batch keeps it alive */
   CHECK(fake_live(f) == 2, "a listed buffer was freed");
   virgl_cmdbuf_reset(&cb);
   CHECK(cb.nbos == 0 && pony_bo_refcount(a) == 1 && fake_live(f) == 1,
         "reset dropped the references: %u listed, a %u, %u live", cb.nbos, pony_bo_refcount(a),
         fake_live(f));
   virgl_cmdbuf_use(&cb, a);
   virgl_cmdbuf_fini(&cb);
   CHECK(pony_bo_refcount(a) == 1, "fini dropped the reference: %u", pony_bo_refcount(a));
   pony_bo_unref(a);
   pony_bufmgr_destroy(mgr);
   CHECK(fake_free(f) == 0, "buffers left");
}

/* The draw path's packets (virgl_proto.h layouts, written out by hand). */
static void
test_draw_packets(void)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);

   /* BLEND: CREATE_OBJECT (1) | BLEND (1) << 8 | 11 << 16 */
   const uint32_t rt[8] = { 0x78000000, 1, 2, 3, 4, 5, 6, 7 };
   virgl_encode_blend(&cb, 3, 0x8, 0x5, rt);
   static const uint32_t blend[] = { 0x000b0101, 3, 0x8, 0x5, 0x78000000, 1, 2, 3, 4, 5, 6, 7 };
   expect(&cb, blend, 12, "blend");

   /* DSA (3), 5 words; alpha reference 0.5 = 0x3f000000 */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_dsa(&cb, 4, 0x7, 0x11, 0x22, 0.5f);
   static const uint32_t dsa[] = { 0x00050301, 4, 0x7, 0x11, 0x22, 0x3f000000 };
   expect(&cb, dsa, 6, "dsa");

   /* RASTERIZER (2), 9 words: point size 2.0, line width 1.0, offsets
    * 1.0, -1.0, 0.0 */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_rasterizer(&cb, 5, VP_RS_DEPTH_CLIP | VP_RS_FRONT_CCW, 2.0f, 0xff, 0x1000000,
                           1.0f, 1.0f, -1.0f, 0.0f);
   static const uint32_t rs[] = { 0x00090201, 5, 0x8002, 0x40000000, 0xff, 0x1000000,
                                  0x3f800000, 0x3f800000, 0xbf800000, 0 };
   expect(&cb, rs, 10, "rasterizer");

   /* SHADER (4): "END\n" is 5 bytes with its NUL: 2 dwords of text,
    * NUL-padded; header 5 + 2 = 7 words */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_shader(&cb, 6, VP_STAGE_FRAGMENT, "END\n");
   static const uint32_t sh[] = { 0x00070401, 6, 1, 5, 5, 0, 0x0a444e45, 0 };
   expect(&cb, sh, 8, "shader");
   /* text of exactly 4 bytes with its NUL: one dword, no padding word */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_shader(&cb, 7, VP_STAGE_VERTEX, "END");
   static const uint32_t sh4[] = { 0x00060401, 7, 0, 4, 4, 0, 0x00444e45 };
   expect(&cb, sh4, 7, "shader of one dword");

   /* BIND_SHADER (31) */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_bind_shader(&cb, 6, VP_STAGE_FRAGMENT);
   static const uint32_t bs[] = { 0x0002001f, 6, 1 };
   expect(&cb, bs, 3, "bind shader");

   /* VERTEX_ELEMENTS (5), two elements: 9 words; BIND_OBJECT (2) */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_vertex_element ve[2] = { { 0, 0, 0, 31 }, { 16, 1, 1, 67 } };
   virgl_encode_vertex_elements(&cb, 8, 2, ve);
   virgl_encode_bind_object(&cb, VP_OBJ_VERTEX_ELEMENTS, 8);
   static const uint32_t ves[] = { 0x00090501, 8, 0, 0, 0, 31, 16, 1, 1, 67, 0x00010502, 8 };
   expect(&cb, ves, 12, "vertex elements");

   /* SET_VERTEX_BUFFERS (6), one buffer: 3 words */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_vertex_buffer vb = { 16, 32, 9 };
   virgl_encode_vertex_buffers(&cb, 1, &vb);
   static const uint32_t vbs[] = { 0x00030006, 16, 32, 9 };
   expect(&cb, vbs, 4, "vertex buffers");

   /* SET_VIEWPORT_STATE (4): first 0, scale 32, 16, 0.5, translate 32,
    * 16, 0.5 */
   virgl_cmdbuf_reset(&cb);
   const float sc[3] = { 32, 16, 0.5f }, tr[3] = { 32, 16, 0.5f };
   virgl_encode_viewport(&cb, 0, sc, tr);
   static const uint32_t vp[] = { 0x00070004, 0, 0x42000000, 0x41800000, 0x3f000000,
                                  0x42000000, 0x41800000, 0x3f000000 };
   expect(&cb, vp, 8, "viewport");

   /* DRAW_VBO (8), 12 words */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_draw d = { 3, 6, 4, 1, 2, -1, 5, 1, 0xffff, 0, 9 };
   virgl_encode_draw(&cb, &d);
   static const uint32_t dr[] = { 0x000c0008, 3, 6, 4, 1, 2, 0xffffffff, 5, 1, 0xffff, 0, 9, 0 };
   expect(&cb, dr, 13, "draw");

   /* refused: more than 32 vertex elements, text over one packet */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_vertex_elements(&cb, 1, 33, ve);
   CHECK(cb.failed, "33 vertex elements accepted");
   virgl_cmdbuf_reset(&cb);
   static char big[300000];
   memset(big, 'x', sizeof big - 1);
   virgl_encode_shader(&cb, 1, 0, big);
   CHECK(cb.failed && cb.ndw == 0, "a shader over one packet accepted (%u dwords)", cb.ndw);
   virgl_cmdbuf_fini(&cb);
}

int
main(void)
{
   test_packets();
   test_draw_packets();
   test_buffers();
   if (failures) {
      fprintf(stderr, "test_virgl_encode: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_virgl_encode: all checks passed\n");
   return 0;
}
