/*
 * The virgl winsys on a real virtio-gpu (docs/virgl.md, docs/vm-tests.md):
 * in the guest of run-vm.sh -g (qemu's virtio-vga-gl, virglrenderer on the
 * host's GL).  Through Pony's winsys and encoder, without any GL: the
 * capability set; host resources made by the buffer manager's virtio-gpu
 * backend; a surface, a framebuffer and a clear sent as virgl commands;
 * the result read back with a transfer from the host and checked texel by
 * texel; a transfer to the host and back; PRIME export and import keeping
 * the host resource (in this file and through a second open of the node).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "virgl_encode.h"
#include "virgl_proto.h"
#include "virgl_winsys.h"
#include "vm_check.h"

#define W 64
#define H 32

/* 8-bit UNORM of x as GL converts it (round to nearest) */
static unsigned
unorm8(float x)
{
   return (unsigned)lrintf(x * 255.0f);
}

static bool
near(unsigned a, unsigned b)
{
   return a + 1 >= b && b + 1 >= a;
}

static struct pony_bo *
make_target(struct virgl_winsys *ws)
{
   const struct pony_virtgpu_resource_desc d = {
      .target = VP_TARGET_2D, .format = VP_FORMAT_B8G8R8A8_UNORM,
      .bind = VP_BIND_RENDER_TARGET | VP_BIND_SAMPLER_VIEW,
      .width = W, .height = H, .depth = 1, .array_size = 1,
   };
   struct pony_bo *bo = NULL;
   int ret = virgl_winsys_resource_create(ws, &d, W * H * 4, W * 4, &bo);
   vm_check(ret == 0 && bo && pony_bo_backend_id(bo) != 0,
            "a %ux%u B8G8R8A8 host resource (%d, resource %u)", W, H, ret,
            bo ? pony_bo_backend_id(bo) : 0);
   return bo;
}

/* Reads the resource back from the host into its backing; the texels. */
static const uint8_t *
read_back(struct virgl_winsys *ws, struct pony_bo *bo)
{
   const struct virgl_winsys_box box = { 0, 0, 0, W, H, 1 };
   int ret = virgl_winsys_transfer_get(ws, bo, &box, 0, 0);
   int wret = ret ? ret : virgl_winsys_wait(ws, bo, false);
   void *p = NULL;
   int mret = wret ? wret : pony_bo_map(bo, PONY_BO_MAP_READ, &p);
   if (!vm_check(!ret && !wret && !mret && p, "transfer from the host, wait, map (%d, %d, %d)",
                 ret, wret, mret))
      return NULL;
   pony_bo_unmap(bo);   /* the mapping is kept: p stays valid */
   return p;
}

static void
check_clear(struct virgl_winsys *ws, struct pony_bo *bo)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);
   const uint32_t surf = 1;
   float rgba[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
   uint32_t color[4];
   memcpy(color, rgba, sizeof color);
   virgl_encode_surface(&cb, surf, pony_bo_backend_id(bo), VP_FORMAT_B8G8R8A8_UNORM, 0, 0, 0);
   virgl_encode_framebuffer(&cb, 1, &surf, 0);
   virgl_encode_clear(&cb, VP_CLEAR_COLOR0, color, 1.0, 0);
   virgl_cmdbuf_use(&cb, bo);
   int fence = -2;
   int ret = virgl_winsys_submit(ws, cb.dw, cb.ndw, cb.bos, cb.nbos, &fence);
   vm_check(ret == 0 && !cb.failed, "submit surface + framebuffer + clear (%u dwords): %d",
            cb.ndw, ret);
   virgl_cmdbuf_reset(&cb);
   /* the kernel's fence of the batch: a sync_file that signals */
   vm_check(fence >= 0 && fcntl(fence, F_GETFD) >= 0, "the batch's fence is a file (%d)", fence);
   ret = virgl_winsys_fence_wait(fence, UINT64_MAX);
   vm_check(ret == 0, "the fence signals: %d", ret);
   vm_check(virgl_winsys_fence_wait(fence, 0) == 0, "and stays signalled");
   if (fence >= 0)
      close(fence);

   const uint8_t *t = read_back(ws, bo);
   if (t) {
      /* B8G8R8A8: bytes B, G, R, A */
      unsigned bad = 0, first = 0;
      for (unsigned i = 0; i < W * H; i++) {
         const uint8_t *px = t + 4 * i;
         if (!near(px[0], unorm8(rgba[2])) || !near(px[1], unorm8(rgba[1])) ||
             !near(px[2], unorm8(rgba[0])) || px[3] != 255) {
            if (!bad++)
               first = i;
         }
      }
      vm_check(!bad, "the host cleared every texel to (%u,%u,%u,255) +-1: %u differ (first %u: "
               "%u,%u,%u,%u)", unorm8(rgba[0]), unorm8(rgba[1]), unorm8(rgba[2]), bad, first,
               t[4 * first + 2], t[4 * first + 1], t[4 * first], t[4 * first + 3]);
   }
   virgl_encode_destroy_object(&cb, VP_OBJ_SURFACE, surf);
   ret = virgl_winsys_submit(ws, cb.dw, cb.ndw, cb.bos, cb.nbos, NULL);
   vm_check(ret == 0, "destroy the surface: %d", ret);
   virgl_cmdbuf_fini(&cb);
}

/* A pattern written to the backing goes to the host and comes back. */
static void
check_round_trip(struct virgl_winsys *ws, struct pony_bo *bo)
{
   void *p = NULL;
   if (!vm_check(pony_bo_map(bo, PONY_BO_MAP_WRITE, &p) == 0 && p, "map for writing"))
      return;
   uint32_t *px = p;
   for (unsigned i = 0; i < W * H; i++)
      px[i] = vm_pattern(i % W, i / W, 7);
   pony_bo_unmap(bo);
   const struct virgl_winsys_box box = { 0, 0, 0, W, H, 1 };
   int ret = virgl_winsys_transfer_put(ws, bo, &box, 0, 0);
   int wret = ret ? ret : virgl_winsys_wait(ws, bo, false);
   vm_check(ret == 0 && wret == 0, "transfer to the host, wait: %d, %d", ret, wret);
   /* scribble over the backing: what comes back must be the host's copy */
   if (pony_bo_map(bo, PONY_BO_MAP_WRITE, &p) == 0) {
      memset(p, 0x5a, W * H * 4);
      pony_bo_unmap(bo);
   }
   const uint8_t *t = read_back(ws, bo);
   if (t) {
      unsigned bad = 0;
      for (unsigned i = 0; i < W * H; i++) {
         uint32_t v;
         memcpy(&v, t + 4 * i, 4);
         bad += v != vm_pattern(i % W, i / W, 7);
      }
      vm_check(!bad, "the pattern came back from the host: %u texels differ", bad);
   }
}

static void
check_prime(struct virgl_winsys *ws, struct pony_bo *bo, const char *node)
{
   int fd = -1;
   int ret = pony_bo_export_dmabuf(bo, &fd);
   if (!vm_check(ret == 0 && fd >= 0, "export as a dma-buf: %d", ret))
      return;
   struct pony_bo *same = NULL;
   ret = pony_bufmgr_import_dmabuf(virgl_winsys_bufmgr(ws), fd, &same);
   vm_check(ret == 0 && same == bo, "import in the same file: the same object (%d)", ret);
   pony_bo_unref(same);

   /* another open of the node: another handle space, the same host resource */
   int fd2 = open(node, O_RDWR | O_CLOEXEC);
   struct virgl_winsys *ws2 = NULL;
   ret = fd2 >= 0 ? virgl_drm_winsys_create(fd2, &ws2) : -errno;
   if (vm_check(ret == 0 && ws2, "a second winsys on %s: %d", node, ret)) {
      struct pony_bo *other = NULL;
      ret = pony_bufmgr_import_dmabuf(virgl_winsys_bufmgr(ws2), fd, &other);
      vm_check(ret == 0 && other && pony_bo_backend_id(other) == pony_bo_backend_id(bo),
               "import through the second file: host resource %u, expected %u (%d)",
               other ? pony_bo_backend_id(other) : 0, pony_bo_backend_id(bo), ret);
      pony_bo_unref(other);
      virgl_winsys_destroy(ws2);
   }
   if (fd2 >= 0)
      close(fd2);
   close(fd);
}

int
main(void)
{
   char node[64];
   if (!vm_find_node("virtio_gpu", DRM_NODE_RENDER, node, sizeof node)) {
      printf("no virtio_gpu render node\n");
      return 77;
   }
   int fds = vm_count_fds();
   int fd = open(node, O_RDWR | O_CLOEXEC);
   struct virgl_winsys *ws = NULL;
   int ret = fd >= 0 ? virgl_drm_winsys_create(fd, &ws) : -errno;
   if (!vm_check(ret == 0 && ws, "virgl winsys on %s: %d", node, ret))
      return vm_finish("virgl_check");
   close(fd);   /* the winsys keeps its own */
   const struct virgl_winsys_caps *caps = virgl_winsys_caps(ws);
   vm_check(caps->dwords[0] >= 1, "capability set %u version %u, max_version %u",
            caps->set_id, caps->set_version, caps->dwords[0]);

   if (getenv("VM_VIRGL_DUMP_CAPS")) {
      /* the host's capability set as hex words, for the driver's unit
       * tests (src/gallium/drivers/virgl/tests) */
      unsigned n = caps->num_dwords;
      while (n && !caps->dwords[n - 1])
         n--;
      printf("caps set %u version %u, %u dwords:\n", caps->set_id, caps->set_version, n);
      for (unsigned i = 0; i < n; i++)
         printf("%08x%s", caps->dwords[i], i % 8 == 7 || i + 1 == n ? "\n" : " ");
   }

   struct pony_bo *bo = make_target(ws);
   if (bo) {
      check_clear(ws, bo);
      check_round_trip(ws, bo);
      check_prime(ws, bo, node);
      vm_check(virgl_winsys_wait(ws, bo, true) == 0, "an idle resource is not busy");
      pony_bo_unref(bo);
   }
   virgl_winsys_destroy(ws);
   vm_check(vm_count_fds() == fds, "no fd left open (%d before, %d after)", fds, vm_count_fds());
   return vm_finish("virgl_check");
}
