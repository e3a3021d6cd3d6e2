/*
 * drm_check: libdrm checks of the kernel side that Pony's GEM buffer manager
 * and KMS winsys use, run in the test VM (tests/vm) on vgem and vkms:
 *
 *  - the nodes appear: vgem's card and render node, vkms's card;
 *  - a dumb buffer on vkms: create, map, write, map again, read, destroy;
 *    and the kernel refuses dumb buffers on vgem's render node;
 *  - PRIME: a vgem buffer written through its dma-buf mapping is imported by
 *    vkms (the same handle twice), becomes a framebuffer, and vkms exports
 *    the very pixels again; a vkms dumb buffer is imported by vgem's render
 *    node and read back through a dma-buf of vgem's;
 *  - scan-out: a mode-sized vgem buffer imported by vkms is shown on the
 *    primary plane in an atomic commit, and vkms's writeback connector
 *    gives back the same picture;
 *  - no file descriptor is left open at the end.
 *
 * Prints "ok"/"not ok" lines; exit status 0 when every check passed.
 */
#include "vm_kms.h"

#define W 64
#define H 32

static int
open_node(const char *driver, int kind, const char *what)
{
   char path[64];
   if (!vm_check(vm_find_node(driver, kind, path, sizeof path), "%s: %s found", driver, what))
      return -1;
   int fd = open(path, O_RDWR | O_CLOEXEC);
   vm_check(fd >= 0, "%s: open %s", driver, path);
   return fd;
}

static void
fill(void *map, uint32_t pitch, unsigned w, unsigned h, unsigned seed)
{
   for (unsigned y = 0; y < h; y++) {
      uint32_t *row = (uint32_t *)((char *)map + (size_t)y * pitch);
      for (unsigned x = 0; x < w; x++)
         row[x] = vm_pattern(x, y, seed);
   }
}

/* The number of pixels that differ from the pattern. */
static unsigned
compare(const void *map, uint32_t pitch, unsigned w, unsigned h, unsigned seed)
{
   unsigned bad = 0;
   for (unsigned y = 0; y < h; y++) {
      const uint32_t *row = (const uint32_t *)((const char *)map + (size_t)y * pitch);
      for (unsigned x = 0; x < w; x++)
         bad += row[x] != vm_pattern(x, y, seed);
   }
   return bad;
}

/* A dumb buffer on vkms: the lifetime of one buffer and its mappings. */
static void
check_dumb(int vkms, int vgem_render)
{
   struct vm_dumb b;
   if (!vm_check(vm_dumb_create(vkms, W, H, &b), "vkms: CREATE_DUMB %dx%d", W, H))
      return;
   vm_check(b.handle != 0 && b.pitch >= W * 4 && b.size >= (uint64_t)b.pitch * H,
            "vkms: dumb handle %u pitch %u size %llu", b.handle, b.pitch,
            (unsigned long long)b.size);
   void *p = vm_dumb_map(vkms, &b);
   if (vm_check(p != NULL, "vkms: MAP_DUMB + mmap")) {
      fill(p, b.pitch, W, H, 1);
      munmap(p, b.size);
   }
   p = vm_dumb_map(vkms, &b);
   if (vm_check(p != NULL, "vkms: second MAP_DUMB + mmap")) {
      unsigned bad = compare(p, b.pitch, W, H, 1);
      vm_check(bad == 0, "vkms: the second mapping shows the pixels (%u differ)", bad);
      munmap(p, b.size);
   }
   vm_check(vm_dumb_destroy(vkms, b.handle) == 0, "vkms: DESTROY_DUMB");
   int err = vm_dumb_destroy(vkms, b.handle);
   vm_check(err == -ENOENT || err == -EINVAL, "vkms: a destroyed handle is gone (%d)", err);

   struct vm_dumb r;
   bool made = vm_dumb_create(vgem_render, W, H, &r);
   vm_check(!made, "vgem: the render node refuses CREATE_DUMB");
   if (made)
      vm_dumb_destroy(vgem_render, r.handle);
}

/* vgem -> vkms: written through the dma-buf, scanned out, exported again. */
static void
check_prime_vgem_to_vkms(int vgem, int vkms)
{
   struct vm_dumb b;
   if (!vm_check(vm_dumb_create(vgem, W, H, &b), "vgem: CREATE_DUMB on the card node"))
      return;
   int fd = -1;
   vm_check(drmPrimeHandleToFD(vgem, b.handle, DRM_CLOEXEC | DRM_RDWR, &fd) == 0 && fd >= 0,
            "vgem: export as dma-buf");
   if (fd < 0)
      goto out;
   void *p = mmap(NULL, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (vm_check(p != MAP_FAILED, "vgem: mmap of the dma-buf")) {
      vm_check(vm_dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE) == 0,
               "dma-buf: SYNC_START write");
      fill(p, b.pitch, W, H, 2);
      vm_check(vm_dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE) == 0,
               "dma-buf: SYNC_END write");
      munmap(p, b.size);
   }

   uint32_t h1 = 0, h2 = 0;
   int r1 = drmPrimeFDToHandle(vkms, fd, &h1);
   vm_check(r1 == 0 && h1 != 0, "vkms: import the vgem dma-buf (handle %u)", h1);
   int r2 = drmPrimeFDToHandle(vkms, fd, &h2);
   vm_check(r2 == 0 && h2 == h1, "vkms: importing it again gives the same handle (%u)", h2);
   if (h1) {
      uint32_t handles[4] = { h1 }, pitches[4] = { b.pitch }, offsets[4] = { 0 }, fb = 0;
      vm_check(drmModeAddFB2(vkms, W, H, DRM_FORMAT_XRGB8888, handles, pitches, offsets,
                             &fb, 0) == 0 && fb != 0,
               "vkms: AddFB2 XRGB8888 on the imported buffer");
      if (fb)
         vm_check(drmModeRmFB(vkms, fb) == 0, "vkms: RmFB");

      int fd2 = -1;
      vm_check(drmPrimeHandleToFD(vkms, h1, DRM_CLOEXEC, &fd2) == 0 && fd2 >= 0,
               "vkms: export the imported buffer");
      if (fd2 >= 0) {
         void *q = mmap(NULL, b.size, PROT_READ, MAP_SHARED, fd2, 0);
         if (vm_check(q != MAP_FAILED, "vkms: mmap of its dma-buf")) {
            vm_dmabuf_sync(fd2, DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ);
            unsigned bad = compare(q, b.pitch, W, H, 2);
            vm_dmabuf_sync(fd2, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ);
            vm_check(bad == 0, "vkms: its dma-buf shows vgem's pixels (%u differ)", bad);
            munmap(q, b.size);
         }
         close(fd2);
      }
      vm_check(vm_gem_close(vkms, h1) == 0, "vkms: GEM_CLOSE the import");
   }
   close(fd);
out:
   vm_check(vm_dumb_destroy(vgem, b.handle) == 0, "vgem: DESTROY_DUMB");
}

/* vkms -> vgem: a dumb buffer written through MAP_DUMB, read by vgem. */
static void
check_prime_vkms_to_vgem(int vkms, int vgem_render)
{
   struct vm_dumb b;
   if (!vm_check(vm_dumb_create(vkms, W, H, &b), "vkms: CREATE_DUMB for export"))
      return;
   void *p = vm_dumb_map(vkms, &b);
   if (vm_check(p != NULL, "vkms: map for export")) {
      fill(p, b.pitch, W, H, 3);
      munmap(p, b.size);
   }
   int fd = -1;
   vm_check(drmPrimeHandleToFD(vkms, b.handle, DRM_CLOEXEC | DRM_RDWR, &fd) == 0 && fd >= 0,
            "vkms: export as dma-buf");
   if (fd >= 0) {
      uint32_t h = 0;
      vm_check(drmPrimeFDToHandle(vgem_render, fd, &h) == 0 && h != 0,
               "vgem: the render node imports the vkms dma-buf");
      close(fd);
      if (h) {
         int fd2 = -1;
         vm_check(drmPrimeHandleToFD(vgem_render, h, DRM_CLOEXEC, &fd2) == 0 && fd2 >= 0,
                  "vgem: export the import again");
         if (fd2 >= 0) {
            void *q = mmap(NULL, b.size, PROT_READ, MAP_SHARED, fd2, 0);
            if (vm_check(q != MAP_FAILED, "vgem: mmap of that dma-buf")) {
               unsigned bad = compare(q, b.pitch, W, H, 3);
               vm_check(bad == 0, "vgem: it shows the vkms pixels (%u differ)", bad);
               munmap(q, b.size);
            }
            close(fd2);
         }
         vm_check(vm_gem_close(vgem_render, h) == 0, "vgem: GEM_CLOSE the import");
      }
   }
   vm_check(vm_dumb_destroy(vkms, b.handle) == 0, "vkms: DESTROY_DUMB after export");
}

/*
 * Scan-out of an imported buffer (vm_writeback): a vgem buffer of the
 * mode's size, written through its dma-buf, imported by vkms, shown on the
 * primary plane; the writeback connector must give back the same pixels.
 */
static void
check_writeback(int vgem, int vkms)
{
   struct vm_kms k;
   if (!vm_kms_find(vkms, &k))
      return;
   unsigned w = k.mode.hdisplay, h = k.mode.vdisplay;
   struct vm_dumb src;
   if (!vm_check(vm_dumb_create(vgem, w, h, &src), "vgem: a %ux%u buffer", w, h))
      return;
   int fd = -1;
   drmPrimeHandleToFD(vgem, src.handle, DRM_CLOEXEC | DRM_RDWR, &fd);
   void *p = fd >= 0 ? mmap(NULL, src.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                     : MAP_FAILED;
   uint32_t imp = 0;
   uint32_t *pixels = malloc((size_t)w * h * 4);
   if (!vm_check(p != MAP_FAILED && pixels, "vgem: its dma-buf mapped"))
      goto out;
   vm_dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE);
   fill(p, src.pitch, w, h, 6);
   vm_dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE);
   munmap(p, src.size);
   if (!vm_check(drmPrimeFDToHandle(vkms, fd, &imp) == 0, "vkms: imports it"))
      goto out;
   if (vm_writeback(vkms, &k, imp, src.pitch, pixels)) {
      unsigned bad = 0;
      for (unsigned y = 0; y < h; y++)
         for (unsigned x = 0; x < w; x++)
            bad += (pixels[y * w + x] & 0xffffff) != (vm_pattern(x, y, 6) & 0xffffff);
      vm_check(bad == 0, "vkms: the written-back picture is vgem's (%u of %u pixels differ)",
               bad, w * h);
   }
out:
   free(pixels);
   if (imp)
      vm_gem_close(vkms, imp);
   if (fd >= 0)
      close(fd);
   vm_dumb_destroy(vgem, src.handle);
}

int
main(void)
{
   int fds_before = vm_count_fds();

   int vgem_render = open_node("vgem", DRM_NODE_RENDER, "render node");
   int vgem = open_node("vgem", DRM_NODE_PRIMARY, "card node");
   int vkms = open_node("vkms", DRM_NODE_PRIMARY, "card node");
   char path[64];
   vm_check(!vm_find_node("vkms", DRM_NODE_RENDER, path, sizeof path),
            "vkms: no render node (a KMS-only driver)");

   if (vkms >= 0 && vgem_render >= 0)
      check_dumb(vkms, vgem_render);
   if (vgem >= 0 && vkms >= 0)
      check_prime_vgem_to_vkms(vgem, vkms);
   if (vkms >= 0 && vgem_render >= 0)
      check_prime_vkms_to_vgem(vkms, vgem_render);
   if (vgem >= 0 && vkms >= 0)
      check_writeback(vgem, vkms);

   if (vgem_render >= 0)
      close(vgem_render);
   if (vgem >= 0)
      close(vgem);
   if (vkms >= 0)
      close(vkms);
   int fds_after = vm_count_fds();
   vm_check(fds_before == fds_after, "no file descriptor left open (%d before, %d after)",
            fds_before, fds_after);
   return vm_finish("drm_check");
}
