/*
 * gbm_check [DEVICE]: GBM buffer checks in the test VM (tests/vm), on DEVICE
 * (default: the vkms card).  Run with Debian's Mesa (kms_swrast) as the
 * control, and with MESA_LOADER_DRIVER_OVERRIDE=pony LIBGL_DRIVERS_PATH=...
 * against Pony.
 *
 * For XRGB8888 and ARGB8888: gbm_bo_create (RENDERING | SCANOUT | LINEAR),
 * the size and stride, gbm_bo_map for writing then again for reading, and
 * the buffer is a real kernel buffer: gbm_bo_get_fd gives a dma-buf whose
 * mapping shows the pixels, and gbm_bo_get_handle is a GEM handle of the
 * device's fd that the kernel exports to the same pixels.  No file
 * descriptor is left open at the end.
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

/* Pixels of a dma-buf that differ from the pattern; -1 if it cannot be read. */
static long
compare_dmabuf(int fd, uint32_t stride, unsigned seed)
{
   size_t size = (size_t)stride * H;
   const char *p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
   if (p == MAP_FAILED)
      return -1;
   struct dma_buf_sync s = { .flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ };
   drmIoctl(fd, DMA_BUF_IOCTL_SYNC, &s);
   long bad = 0;
   for (unsigned y = 0; y < H; y++) {
      const uint32_t *row = (const uint32_t *)(p + (size_t)y * stride);
      for (unsigned x = 0; x < W; x++)
         bad += row[x] != vm_pattern(x, y, seed);
   }
   s.flags = DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ;
   drmIoctl(fd, DMA_BUF_IOCTL_SYNC, &s);
   munmap((void *)p, size);
   return bad;
}

static void
check_format(struct gbm_device *gbm, int devfd, uint32_t format, const char *fname,
             unsigned seed)
{
   uint32_t usage = GBM_BO_USE_RENDERING | GBM_BO_USE_SCANOUT | GBM_BO_USE_LINEAR;
   vm_check(gbm_device_is_format_supported(gbm, format, GBM_BO_USE_RENDERING),
            "%s: format supported for rendering", fname);

   struct gbm_bo *bo = gbm_bo_create(gbm, W, H, format, usage);
   if (!vm_check(bo != NULL, "%s: gbm_bo_create %dx%d", fname, W, H))
      return;
   uint32_t stride = gbm_bo_get_stride(bo);
   vm_check(gbm_bo_get_width(bo) == W && gbm_bo_get_height(bo) == H &&
            gbm_bo_get_format(bo) == format && stride >= W * 4,
            "%s: bo %ux%u stride %u", fname, gbm_bo_get_width(bo), gbm_bo_get_height(bo),
            stride);

   uint32_t mstride = 0;
   void *data = NULL;
   char *p = gbm_bo_map(bo, 0, 0, W, H, GBM_BO_TRANSFER_WRITE, &mstride, &data);
   if (vm_check(p != NULL && mstride >= W * 4, "%s: gbm_bo_map for writing (stride %u)", fname,
                mstride)) {
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            ((uint32_t *)(p + (size_t)y * mstride))[x] = vm_pattern(x, y, seed);
      gbm_bo_unmap(bo, data);
   }
   data = NULL;
   p = gbm_bo_map(bo, 0, 0, W, H, GBM_BO_TRANSFER_READ, &mstride, &data);
   if (vm_check(p != NULL, "%s: gbm_bo_map for reading", fname)) {
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            bad += ((uint32_t *)(p + (size_t)y * mstride))[x] != vm_pattern(x, y, seed);
      vm_check(bad == 0, "%s: the second map shows the pixels (%u differ)", fname, bad);
      gbm_bo_unmap(bo, data);
   }

   int fd = gbm_bo_get_fd(bo);
   if (vm_check(fd >= 0, "%s: gbm_bo_get_fd gives a dma-buf (%d)", fname, fd)) {
      long bad = compare_dmabuf(fd, stride, seed);
      vm_check(bad == 0, "%s: the dma-buf mapping shows the pixels (%ld differ)", fname, bad);
      close(fd);
   }

   uint32_t handle = gbm_bo_get_handle(bo).u32;
   int hfd = -1;
   vm_check(handle != 0 && drmPrimeHandleToFD(devfd, handle, DRM_CLOEXEC, &hfd) == 0,
            "%s: gbm_bo_get_handle (%u) is a GEM handle of the device", fname, handle);
   if (hfd >= 0) {
      long bad = compare_dmabuf(hfd, stride, seed);
      vm_check(bad == 0, "%s: the kernel's buffer of that handle has the pixels (%ld differ)",
               fname, bad);
      close(hfd);
   }
   gbm_bo_destroy(bo);
}

int
main(int argc, char **argv)
{
   char path[64];
   if (argc > 1)
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
      check_format(gbm, fd, GBM_FORMAT_XRGB8888, "XRGB8888", 4);
      check_format(gbm, fd, GBM_FORMAT_ARGB8888, "ARGB8888", 5);
      gbm_device_destroy(gbm);
   }
   close(fd);
   int fds_after = vm_count_fds();
   vm_check(fds_before == fds_after, "no file descriptor left open (%d before, %d after)",
            fds_before, fds_after);
   return vm_finish("gbm_check");
}
