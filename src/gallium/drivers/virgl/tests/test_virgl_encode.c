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

int
main(void)
{
   test_packets();
   test_buffers();
   if (failures) {
      fprintf(stderr, "test_virgl_encode: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_virgl_encode: all checks passed\n");
   return 0;
}
