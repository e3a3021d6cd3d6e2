/*
 * gbm_check [DEVICE | @KERNELDRIVER]: GBM buffer checks in the test VM
 * (tests/vm), on DEVICE or the render node of KERNELDRIVER (default: the
 * vkms card).  Run with Debian's Mesa (kms_swrast) as the
 * control, and with MESA_LOADER_DRIVER_OVERRIDE=pony LIBGL_DRIVERS_PATH=...
 * against Pony.
 *
 * For XRGB8888, ARGB8888, RGB565, XBGR8888 and ABGR8888: gbm_bo_create
 * (RENDERING | SCANOUT | LINEAR), the size and stride, gbm_bo_map for
 * writing then again for reading, and the buffer is a real kernel buffer:
 * gbm_bo_get_fd gives a dma-buf whose mapping shows the pixels and which
 * gbm_bo_import takes back (refusing a stride below a row and a height
 * beyond the buffer), and gbm_bo_get_handle is a GEM handle of the
 * device's fd that the kernel exports to the same pixels.  No file
 * descriptor is left open at the end.
 *
 * With VM_CHECK_BAD_INPUT, bad input to every entry point (check_bad_input).
 *
 * With VM_EXPECT_DRIVER=FILE (e.g. pony_dri.so) it also checks that the
 * process has that file mapped: Mesa's loader falls back to another driver
 * silently when the one asked for does not load.
 *
 * Prints "ok"/"not ok" lines; exit status 0 when every check passed.
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <gbm.h>
#include <linux/dma-buf.h>

#include "vm_check.h"

#define W 64
#define H 32

/* Pixel x of a row of cpp-byte pixels, and the pattern in cpp bytes. */
static uint32_t
px_get(const char *row, unsigned x, unsigned cpp)
{
   uint32_t v = 0;
   memcpy(&v, row + (size_t)x * cpp, cpp);
   return v;
}

static uint32_t
px_want(unsigned x, unsigned y, unsigned seed, unsigned cpp)
{
   uint32_t v = vm_pattern(x, y, seed);
   return cpp == 4 ? v : v & 0xffff;
}

/* Pixels of W x H rows (stride apart) that differ from the pattern. */
static long
compare_rows(const char *p, uint32_t stride, unsigned cpp, unsigned seed)
{
   long bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         bad += px_get(p + (size_t)y * stride, x, cpp) != px_want(x, y, seed, cpp);
   return bad;
}

/* Pixels of a dma-buf that differ from the pattern; -1 if it cannot be read. */
static long
compare_dmabuf(int fd, uint32_t stride, unsigned cpp, unsigned seed)
{
   size_t size = (size_t)stride * H;
   const char *p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
   if (p == MAP_FAILED)
      return -1;
   struct dma_buf_sync s = { .flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ };
   drmIoctl(fd, DMA_BUF_IOCTL_SYNC, &s);
   long bad = compare_rows(p, stride, cpp, seed);
   s.flags = DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ;
   drmIoctl(fd, DMA_BUF_IOCTL_SYNC, &s);
   munmap((void *)p, size);
   return bad;
}

static void
check_format(struct gbm_device *gbm, int devfd, uint32_t format, const char *fname,
             unsigned cpp, unsigned seed)
{
   uint32_t usage = GBM_BO_USE_RENDERING | GBM_BO_USE_SCANOUT | GBM_BO_USE_LINEAR;
   vm_check(gbm_device_is_format_supported(gbm, format, GBM_BO_USE_RENDERING),
            "%s: format supported for rendering", fname);

   struct gbm_bo *bo = gbm_bo_create(gbm, W, H, format, usage);
   if (!vm_check(bo != NULL, "%s: gbm_bo_create %dx%d", fname, W, H))
      return;
   uint32_t stride = gbm_bo_get_stride(bo);
   vm_check(gbm_bo_get_width(bo) == W && gbm_bo_get_height(bo) == H &&
            gbm_bo_get_format(bo) == format && stride >= W * cpp,
            "%s: bo %ux%u stride %u", fname, gbm_bo_get_width(bo), gbm_bo_get_height(bo),
            stride);

   uint32_t mstride = 0;
   void *data = NULL;
   char *p = gbm_bo_map(bo, 0, 0, W, H, GBM_BO_TRANSFER_WRITE, &mstride, &data);
   if (vm_check(p != NULL && mstride >= W * cpp, "%s: gbm_bo_map for writing (stride %u)", fname,
                mstride)) {
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint32_t v = px_want(x, y, seed, cpp);
            memcpy(p + (size_t)y * mstride + (size_t)x * cpp, &v, cpp);
         }
      gbm_bo_unmap(bo, data);
   }
   data = NULL;
   p = gbm_bo_map(bo, 0, 0, W, H, GBM_BO_TRANSFER_READ, &mstride, &data);
   if (vm_check(p != NULL, "%s: gbm_bo_map for reading", fname)) {
      long bad = compare_rows(p, mstride, cpp, seed);
      vm_check(bad == 0, "%s: the second map shows the pixels (%ld differ)", fname, bad);
      gbm_bo_unmap(bo, data);
   }

   int fd = gbm_bo_get_fd(bo);
   if (vm_check(fd >= 0, "%s: gbm_bo_get_fd gives a dma-buf (%d)", fname, fd)) {
      long bad = compare_dmabuf(fd, stride, cpp, seed);
      vm_check(bad == 0, "%s: the dma-buf mapping shows the pixels (%ld differ)", fname, bad);

      /* imported back (GBM_BO_IMPORT_FD): another bo of the same pixels */
      struct gbm_import_fd_data imp = { .fd = fd, .width = W, .height = H, .stride = stride,
                                        .format = format };
      struct gbm_bo *ib = gbm_bo_import(gbm, GBM_BO_IMPORT_FD, &imp, GBM_BO_USE_RENDERING);
      if (vm_check(ib != NULL, "%s: gbm_bo_import of the dma-buf", fname)) {
         data = NULL;
         p = gbm_bo_map(ib, 0, 0, W, H, GBM_BO_TRANSFER_READ, &mstride, &data);
         long ibad = p ? compare_rows(p, mstride, cpp, seed) : -1;
         vm_check(ibad == 0, "%s: the import maps to the pixels (%ld differ)", fname, ibad);
         if (p)
            gbm_bo_unmap(ib, data);
         gbm_bo_destroy(ib);
      }
      /* a stride below a row, and a height beyond the buffer: refused
       * (the first only with VM_CHECK_BAD_STRIDE: Mesa 22.3's kms_swrast,
       * the control, accepts it; the second not with VM_NO_SIZE_CHECK:
       * Mesa 22.3's virgl, the virtio_gpu control, accepts any height) */
      if (getenv("VM_CHECK_BAD_STRIDE")) {
         imp.stride = W * cpp - 1;
         ib = gbm_bo_import(gbm, GBM_BO_IMPORT_FD, &imp, GBM_BO_USE_RENDERING);
         vm_check(ib == NULL, "%s: gbm_bo_import with a stride below a row fails", fname);
         if (ib)
            gbm_bo_destroy(ib);
      }
      if (!getenv("VM_NO_SIZE_CHECK")) {
         imp.stride = stride;
         imp.height = H * 1000;
         ib = gbm_bo_import(gbm, GBM_BO_IMPORT_FD, &imp, GBM_BO_USE_RENDERING);
         vm_check(ib == NULL, "%s: gbm_bo_import beyond the buffer fails", fname);
         if (ib)
            gbm_bo_destroy(ib);
      }
      close(fd);
   }

   uint32_t handle = gbm_bo_get_handle(bo).u32;
   int hfd = -1;
   vm_check(handle != 0 && drmPrimeHandleToFD(devfd, handle, DRM_CLOEXEC, &hfd) == 0,
            "%s: gbm_bo_get_handle (%u) is a GEM handle of the device", fname, handle);
   if (hfd >= 0) {
      long bad = compare_dmabuf(hfd, stride, cpp, seed);
      vm_check(bad == 0, "%s: the kernel's buffer of that handle has the pixels (%ld differ)",
               fname, bad);
      close(hfd);
   }
   gbm_bo_destroy(bo);
}

/*
 * VM_CHECK_BAD_INPUT (Pony's backend): every entry point with bad input
 * fails cleanly -- no buffer of no size, of an unknown format or beyond the
 * limits, no modifier but a tiled one, an unknown import type, a closed fd,
 * a map outside the buffer, a surface of no size or unknown format.
 */
static void
check_bad_input(struct gbm_device *gbm)
{
   vm_check(gbm_bo_create(gbm, 0, 0, GBM_FORMAT_XRGB8888, GBM_BO_USE_RENDERING) == NULL,
            "bad input: a 0x0 buffer is refused");
   vm_check(gbm_bo_create(gbm, 64, 64, 0x12345678, GBM_BO_USE_RENDERING) == NULL,
            "bad input: an unknown format is refused");
   vm_check(gbm_bo_create(gbm, 1u << 20, 64, GBM_FORMAT_XRGB8888, GBM_BO_USE_RENDERING) == NULL,
            "bad input: a 1048576-wide buffer is refused");
   vm_check(!gbm_device_is_format_supported(gbm, 0x12345678, GBM_BO_USE_RENDERING),
            "bad input: an unknown format is not supported");
   const uint64_t tiled = 0x0100000000000001ull;   /* I915_FORMAT_MOD_X_TILED */
   vm_check(gbm_bo_create_with_modifiers(gbm, 64, 64, GBM_FORMAT_XRGB8888, &tiled, 1) == NULL,
            "bad input: only a tiled modifier offered is refused");
   struct gbm_import_fd_data d = { -1, 64, 64, 256, GBM_FORMAT_XRGB8888 };
   vm_check(gbm_bo_import(gbm, GBM_BO_IMPORT_FD, &d, 0) == NULL,
            "bad input: importing fd -1 is refused");
   vm_check(gbm_bo_import(gbm, 0x1234, &d, 0) == NULL, "bad input: import type 0x1234 is refused");
   vm_check(gbm_bo_import(gbm, GBM_BO_IMPORT_FD, NULL, 0) == NULL,
            "bad input: importing nothing is refused");
   struct gbm_bo *bo = gbm_bo_create(gbm, 16, 16, GBM_FORMAT_XRGB8888, GBM_BO_USE_RENDERING);
   if (vm_check(bo != NULL, "bad input: a 16x16 buffer for the map checks")) {
      uint32_t stride = 0;
      void *data = NULL;
      vm_check(gbm_bo_map(bo, 10, 10, 8, 8, GBM_BO_TRANSFER_READ, &stride, &data) == NULL,
               "bad input: a map reaching outside the buffer is refused");
      vm_check(gbm_bo_map(bo, 0, 0, 0, 0, GBM_BO_TRANSFER_READ, &stride, &data) == NULL,
               "bad input: an empty map is refused");
      gbm_bo_destroy(bo);
   }
   vm_check(gbm_surface_create(gbm, 0, 0, GBM_FORMAT_XRGB8888, GBM_BO_USE_RENDERING) == NULL,
            "bad input: a 0x0 surface is refused");
   vm_check(gbm_surface_create(gbm, 64, 64, 0x12345678, GBM_BO_USE_RENDERING) == NULL,
            "bad input: a surface of an unknown format is refused");
   struct gbm_surface *s = gbm_surface_create(gbm, 32, 32, GBM_FORMAT_XRGB8888,
                                              GBM_BO_USE_RENDERING);
   if (vm_check(s != NULL, "bad input: a surface for the lock checks")) {
      vm_check(gbm_surface_lock_front_buffer(s) == NULL,
               "bad input: locking a surface nothing was drawn to gives nothing");
      vm_check(gbm_surface_has_free_buffers(s), "bad input: a new surface has free buffers");
      gbm_surface_destroy(s);
   }
}

int
main(int argc, char **argv)
{
   char path[64];
   if (argc > 1 && argv[1][0] == '@') {
      /* @KERNELDRIVER: that driver's render node (virtio_gpu's number
       * depends on the order the devices probe) */
      if (!vm_check(vm_find_node(argv[1] + 1, DRM_NODE_RENDER, path, sizeof path),
                    "a render node of %s found", argv[1] + 1))
         return vm_finish("gbm_check");
   } else if (argc > 1)
      snprintf(path, sizeof path, "%s", argv[1]);
   else if (!vm_check(vm_find_node("vkms", DRM_NODE_PRIMARY, path, sizeof path),
                      "the vkms card found"))
      return vm_finish("gbm_check");

   int fds_before = vm_count_fds();
   int fd = open(path, O_RDWR | O_CLOEXEC);
   if (!vm_check(fd >= 0, "open %s", path))
      return vm_finish("gbm_check");
   struct gbm_device *gbm = gbm_create_device(fd);
   if (vm_check(gbm != NULL, "gbm_create_device on %s", path)) {
      const char *backend = gbm_device_get_backend_name(gbm);
      vm_check(backend != NULL, "backend %s", backend ? backend : "(none)");
      const char *expect = getenv("VM_EXPECT_DRIVER");
      if (expect)
         vm_check(vm_has_mapped(expect), "the driver in use is %s", expect);
      check_format(gbm, fd, GBM_FORMAT_XRGB8888, "XRGB8888", 4, 4);
      check_format(gbm, fd, GBM_FORMAT_ARGB8888, "ARGB8888", 4, 5);
      check_format(gbm, fd, GBM_FORMAT_RGB565, "RGB565", 2, 6);
      /* the R-first formats GBM allows for rendering */
      check_format(gbm, fd, GBM_FORMAT_XBGR8888, "XBGR8888", 4, 7);
      check_format(gbm, fd, GBM_FORMAT_ABGR8888, "ABGR8888", 4, 8);
      if (getenv("VM_CHECK_BAD_INPUT"))
         check_bad_input(gbm);
      gbm_device_destroy(gbm);
   }
   close(fd);
   int fds_after = vm_count_fds();
   vm_check(fds_before == fds_after, "no file descriptor left open (%d before, %d after)",
            fds_before, fds_after);
   return vm_finish("gbm_check");
}
