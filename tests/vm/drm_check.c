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
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <drm_fourcc.h>
#include <linux/dma-buf.h>
#include <xf86drmMode.h>

#include "vm_check.h"

#define W 64
#define H 32

static int
count_fds(void)
{
   DIR *d = opendir("/proc/self/fd");
   int n = 0;
   if (!d)
      return -1;
   while (readdir(d))
      n++;
   closedir(d);
   return n;
}

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

struct dumb {
   uint32_t handle, pitch;
   uint64_t size;
};

static bool
dumb_create(int fd, unsigned w, unsigned h, struct dumb *b)
{
   struct drm_mode_create_dumb c = { .width = w, .height = h, .bpp = 32 };
   if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
      return false;
   b->handle = c.handle;
   b->pitch = c.pitch;
   b->size = c.size;
   return true;
}

static void *
dumb_map(int fd, const struct dumb *b)
{
   struct drm_mode_map_dumb m = { .handle = b->handle };
   if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m))
      return NULL;
   void *p = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
   return p == MAP_FAILED ? NULL : p;
}

static int
dumb_destroy(int fd, uint32_t handle)
{
   struct drm_mode_destroy_dumb d = { .handle = handle };
   return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d) ? -errno : 0;
}

static int
gem_close(int fd, uint32_t handle)
{
   struct drm_gem_close c = { .handle = handle };
   return drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &c) ? -errno : 0;
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

static int
dmabuf_sync(int fd, uint64_t flags)
{
   struct dma_buf_sync s = { .flags = flags };
   return drmIoctl(fd, DMA_BUF_IOCTL_SYNC, &s);
}

/* A dumb buffer on vkms: the lifetime of one buffer and its mappings. */
static void
check_dumb(int vkms, int vgem_render)
{
   struct dumb b;
   if (!vm_check(dumb_create(vkms, W, H, &b), "vkms: CREATE_DUMB %dx%d", W, H))
      return;
   vm_check(b.handle != 0 && b.pitch >= W * 4 && b.size >= (uint64_t)b.pitch * H,
            "vkms: dumb handle %u pitch %u size %llu", b.handle, b.pitch,
            (unsigned long long)b.size);
   void *p = dumb_map(vkms, &b);
   if (vm_check(p != NULL, "vkms: MAP_DUMB + mmap")) {
      fill(p, b.pitch, W, H, 1);
      munmap(p, b.size);
   }
   p = dumb_map(vkms, &b);
   if (vm_check(p != NULL, "vkms: second MAP_DUMB + mmap")) {
      unsigned bad = compare(p, b.pitch, W, H, 1);
      vm_check(bad == 0, "vkms: the second mapping shows the pixels (%u differ)", bad);
      munmap(p, b.size);
   }
   vm_check(dumb_destroy(vkms, b.handle) == 0, "vkms: DESTROY_DUMB");
   int err = dumb_destroy(vkms, b.handle);
   vm_check(err == -ENOENT || err == -EINVAL, "vkms: a destroyed handle is gone (%d)", err);

   struct dumb r;
   bool made = dumb_create(vgem_render, W, H, &r);
   vm_check(!made, "vgem: the render node refuses CREATE_DUMB");
   if (made)
      dumb_destroy(vgem_render, r.handle);
}

/* vgem -> vkms: written through the dma-buf, scanned out, exported again. */
static void
check_prime_vgem_to_vkms(int vgem, int vkms)
{
   struct dumb b;
   if (!vm_check(dumb_create(vgem, W, H, &b), "vgem: CREATE_DUMB on the card node"))
      return;
   int fd = -1;
   vm_check(drmPrimeHandleToFD(vgem, b.handle, DRM_CLOEXEC | DRM_RDWR, &fd) == 0 && fd >= 0,
            "vgem: export as dma-buf");
   if (fd < 0)
      goto out;
   void *p = mmap(NULL, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (vm_check(p != MAP_FAILED, "vgem: mmap of the dma-buf")) {
      vm_check(dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE) == 0,
               "dma-buf: SYNC_START write");
      fill(p, b.pitch, W, H, 2);
      vm_check(dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE) == 0,
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
            dmabuf_sync(fd2, DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ);
            unsigned bad = compare(q, b.pitch, W, H, 2);
            dmabuf_sync(fd2, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ);
            vm_check(bad == 0, "vkms: its dma-buf shows vgem's pixels (%u differ)", bad);
            munmap(q, b.size);
         }
         close(fd2);
      }
      vm_check(gem_close(vkms, h1) == 0, "vkms: GEM_CLOSE the import");
   }
   close(fd);
out:
   vm_check(dumb_destroy(vgem, b.handle) == 0, "vgem: DESTROY_DUMB");
}

/* vkms -> vgem: a dumb buffer written through MAP_DUMB, read by vgem. */
static void
check_prime_vkms_to_vgem(int vkms, int vgem_render)
{
   struct dumb b;
   if (!vm_check(dumb_create(vkms, W, H, &b), "vkms: CREATE_DUMB for export"))
      return;
   void *p = dumb_map(vkms, &b);
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
         vm_check(gem_close(vgem_render, h) == 0, "vgem: GEM_CLOSE the import");
      }
   }
   vm_check(dumb_destroy(vkms, b.handle) == 0, "vkms: DESTROY_DUMB after export");
}

/* The id of the property called name of a KMS object; 0 if none. */
static uint32_t
prop_id(int fd, uint32_t obj, uint32_t type, const char *name)
{
   drmModeObjectPropertiesPtr props = drmModeObjectGetProperties(fd, obj, type);
   uint32_t id = 0;
   for (uint32_t i = 0; props && i < props->count_props && !id; i++) {
      drmModePropertyPtr p = drmModeGetProperty(fd, props->props[i]);
      if (p && strcmp(p->name, name) == 0)
         id = p->prop_id;
      drmModeFreeProperty(p);
   }
   drmModeFreeObjectProperties(props);
   return id;
}

static bool
add_prop(drmModeAtomicReqPtr req, int fd, uint32_t obj, uint32_t type, const char *name,
         uint64_t value)
{
   uint32_t id = prop_id(fd, obj, type, name);
   return id && drmModeAtomicAddProperty(req, obj, id, value) >= 0;
}

/*
 * Scan-out of an imported buffer, checked through vkms's writeback
 * connector: a vgem buffer of the mode's size, written through its dma-buf,
 * imported by vkms and shown on the primary plane; the writeback buffer of
 * the same commit must hold the same pixels.  vkms (6.1) cannot clone, so
 * the virtual connector is detached in that commit.
 */
static void
check_writeback(int vgem, int vkms)
{
   vm_check(drmSetClientCap(vkms, DRM_CLIENT_CAP_ATOMIC, 1) == 0 &&
            drmSetClientCap(vkms, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1) == 0,
            "vkms: atomic and writeback client caps");
   drmModeResPtr res = drmModeGetResources(vkms);
   if (!vm_check(res && res->count_crtcs >= 1, "vkms: KMS resources"))
      goto out_res;
   uint32_t crtc = res->crtcs[0], wb = 0, virt = 0;
   drmModeModeInfo mode;
   bool have_mode = false;
   for (int i = 0; i < res->count_connectors; i++) {
      drmModeConnectorPtr c = drmModeGetConnector(vkms, res->connectors[i]);
      if (!c)
         continue;
      if (c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK) {
         wb = c->connector_id;
      } else {
         virt = c->connector_id;
         for (int m = 0; m < c->count_modes && !have_mode; m++) {
            if (c->modes[m].type & DRM_MODE_TYPE_PREFERRED) {
               mode = c->modes[m];
               have_mode = true;
            }
         }
      }
      drmModeFreeConnector(c);
   }
   if (!vm_check(wb && virt && have_mode, "vkms: writeback and virtual connectors, a preferred mode"))
      goto out_res;
   vm_check(true, "vkms: mode %ux%u", mode.hdisplay, mode.vdisplay);

   drmModePlaneResPtr planes = drmModeGetPlaneResources(vkms);
   uint32_t primary = 0;
   for (uint32_t i = 0; planes && i < planes->count_planes && !primary; i++) {
      uint32_t type_id = prop_id(vkms, planes->planes[i], DRM_MODE_OBJECT_PLANE, "type");
      drmModeObjectPropertiesPtr props =
         drmModeObjectGetProperties(vkms, planes->planes[i], DRM_MODE_OBJECT_PLANE);
      for (uint32_t j = 0; props && j < props->count_props; j++) {
         if (props->props[j] == type_id && props->prop_values[j] == DRM_PLANE_TYPE_PRIMARY)
            primary = planes->planes[i];
      }
      drmModeFreeObjectProperties(props);
   }
   drmModeFreePlaneResources(planes);
   if (!vm_check(primary != 0, "vkms: primary plane %u", primary))
      goto out_res;

   unsigned w = mode.hdisplay, h = mode.vdisplay;
   struct dumb src, dst;
   if (!vm_check(dumb_create(vgem, w, h, &src), "vgem: a %ux%u buffer", w, h))
      goto out_res;
   int fd = -1;
   drmPrimeHandleToFD(vgem, src.handle, DRM_CLOEXEC | DRM_RDWR, &fd);
   void *p = fd >= 0 ? mmap(NULL, src.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                     : MAP_FAILED;
   uint32_t imp = 0, fb_src = 0, fb_dst = 0, blob = 0;
   if (!vm_check(p != MAP_FAILED, "vgem: its dma-buf mapped"))
      goto out_src;
   dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE);
   fill(p, src.pitch, w, h, 6);
   dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE);
   munmap(p, src.size);
   if (!vm_check(drmPrimeFDToHandle(vkms, fd, &imp) == 0, "vkms: imports it"))
      goto out_src;
   uint32_t handles[4] = { imp }, pitches[4] = { src.pitch }, offsets[4] = { 0 };
   vm_check(drmModeAddFB2(vkms, w, h, DRM_FORMAT_XRGB8888, handles, pitches, offsets,
                          &fb_src, 0) == 0, "vkms: framebuffer of the import");
   if (!vm_check(dumb_create(vkms, w, h, &dst), "vkms: a writeback buffer"))
      goto out_src;
   handles[0] = dst.handle;
   pitches[0] = dst.pitch;
   vm_check(drmModeAddFB2(vkms, w, h, DRM_FORMAT_XRGB8888, handles, pitches, offsets,
                          &fb_dst, 0) == 0, "vkms: framebuffer of the writeback buffer");
   vm_check(drmModeCreatePropertyBlob(vkms, &mode, sizeof mode, &blob) == 0, "vkms: mode blob");

   int32_t fence = -1;
   drmModeAtomicReqPtr req = drmModeAtomicAlloc();
   bool ok = add_prop(req, vkms, crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob) &&
             add_prop(req, vkms, crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "FB_ID", fb_src) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "CRTC_ID", crtc) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "SRC_X", 0) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "CRTC_X", 0) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "CRTC_Y", 0) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "CRTC_W", w) &&
             add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "CRTC_H", h) &&
             add_prop(req, vkms, virt, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0) &&
             add_prop(req, vkms, wb, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", crtc) &&
             add_prop(req, vkms, wb, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_FB_ID", fb_dst) &&
             add_prop(req, vkms, wb, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_OUT_FENCE_PTR",
                      (uint64_t)(uintptr_t)&fence);
   vm_check(ok, "vkms: atomic request built");
   int err = ok ? drmModeAtomicCommit(vkms, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL) : -1;
   drmModeAtomicFree(req);
   if (vm_check(err == 0 && fence >= 0, "vkms: atomic commit with writeback (%d, fence %d)",
                err, fence)) {
      struct pollfd pfd = { .fd = fence, .events = POLLIN };
      vm_check(poll(&pfd, 1, 10000) == 1, "vkms: the writeback fence signals");
      close(fence);
      void *q = dumb_map(vkms, &dst);
      if (vm_check(q != NULL, "vkms: writeback buffer mapped")) {
         unsigned bad = 0;
         for (unsigned y = 0; y < h; y++) {
            const uint32_t *row = (const uint32_t *)((const char *)q + (size_t)y * dst.pitch);
            for (unsigned x = 0; x < w; x++)
               bad += (row[x] & 0xffffff) != (vm_pattern(x, y, 6) & 0xffffff);
         }
         vm_check(bad == 0, "vkms: the written-back picture is vgem's (%u of %u pixels differ)",
                  bad, w * h);
         munmap(q, dst.size);
      }
   }
   /* switch the CRTC off again */
   req = drmModeAtomicAlloc();
   ok = add_prop(req, vkms, crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", 0) &&
        add_prop(req, vkms, crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 0) &&
        add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "FB_ID", 0) &&
        add_prop(req, vkms, primary, DRM_MODE_OBJECT_PLANE, "CRTC_ID", 0) &&
        add_prop(req, vkms, wb, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
   vm_check(ok && drmModeAtomicCommit(vkms, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL) == 0,
            "vkms: CRTC off");
   drmModeAtomicFree(req);

   if (blob)
      drmModeDestroyPropertyBlob(vkms, blob);
   if (fb_dst)
      drmModeRmFB(vkms, fb_dst);
   dumb_destroy(vkms, dst.handle);
out_src:
   if (fb_src)
      drmModeRmFB(vkms, fb_src);
   if (imp)
      gem_close(vkms, imp);
   if (fd >= 0)
      close(fd);
   dumb_destroy(vgem, src.handle);
out_res:
   drmModeFreeResources(res);
}

int
main(void)
{
   int fds_before = count_fds();

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
   int fds_after = count_fds();
   vm_check(fds_before == fds_after, "no file descriptor left open (%d before, %d after)",
            fds_before, fds_after);
   return vm_finish("drm_check");
}
