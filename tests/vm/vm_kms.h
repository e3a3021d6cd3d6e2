/*
 * Kernel-side helpers of the VM test programs (tests/vm): dumb buffers,
 * dma-buf syncs, KMS properties, and scan-out checked through vkms's
 * writeback connector (vm_writeback), which drm_check uses for a vgem
 * buffer and egl_gbm_check for a buffer Pony rendered.
 */
#ifndef VM_KMS_H
#define VM_KMS_H

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <drm_fourcc.h>
#include <linux/dma-buf.h>
#include <xf86drmMode.h>

#include "vm_check.h"

struct vm_dumb {
   uint32_t handle, pitch;
   uint64_t size;
};

static inline bool
vm_dumb_create(int fd, unsigned w, unsigned h, struct vm_dumb *b)
{
   struct drm_mode_create_dumb c = { .width = w, .height = h, .bpp = 32 };
   if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c))
      return false;
   b->handle = c.handle;
   b->pitch = c.pitch;
   b->size = c.size;
   return true;
}

static inline void *
vm_dumb_map(int fd, const struct vm_dumb *b)
{
   struct drm_mode_map_dumb m = { .handle = b->handle };
   if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m))
      return NULL;
   void *p = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
   return p == MAP_FAILED ? NULL : p;
}

static inline int
vm_dumb_destroy(int fd, uint32_t handle)
{
   struct drm_mode_destroy_dumb d = { .handle = handle };
   return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d) ? -errno : 0;
}

static inline int
vm_gem_close(int fd, uint32_t handle)
{
   struct drm_gem_close c = { .handle = handle };
   return drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &c) ? -errno : 0;
}

static inline int
vm_dmabuf_sync(int fd, uint64_t flags)
{
   struct dma_buf_sync s = { .flags = flags };
   return drmIoctl(fd, DMA_BUF_IOCTL_SYNC, &s);
}

/* The id of the property called name of a KMS object; 0 if none. */
static inline uint32_t
vm_prop_id(int fd, uint32_t obj, uint32_t type, const char *name)
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

static inline bool
vm_add_prop(drmModeAtomicReqPtr req, int fd, uint32_t obj, uint32_t type, const char *name,
            uint64_t value)
{
   uint32_t id = vm_prop_id(fd, obj, type, name);
   return id && drmModeAtomicAddProperty(req, obj, id, value) >= 0;
}

/* vkms's objects for a writeback scan-out */
struct vm_kms {
   uint32_t crtc, wb, virt, primary;
   drmModeModeInfo mode;          /* the virtual connector's preferred mode */
};

/* Finds them (with checks); false when something is missing. */
static inline bool
vm_kms_find(int vkms, struct vm_kms *k)
{
   memset(k, 0, sizeof *k);
   vm_check(drmSetClientCap(vkms, DRM_CLIENT_CAP_ATOMIC, 1) == 0 &&
            drmSetClientCap(vkms, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1) == 0,
            "vkms: atomic and writeback client caps");
   drmModeResPtr res = drmModeGetResources(vkms);
   bool have_mode = false;
   if (!vm_check(res && res->count_crtcs >= 1, "vkms: KMS resources")) {
      drmModeFreeResources(res);
      return false;
   }
   k->crtc = res->crtcs[0];
   for (int i = 0; i < res->count_connectors; i++) {
      drmModeConnectorPtr c = drmModeGetConnector(vkms, res->connectors[i]);
      if (!c)
         continue;
      if (c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK) {
         k->wb = c->connector_id;
      } else {
         k->virt = c->connector_id;
         for (int m = 0; m < c->count_modes && !have_mode; m++) {
            if (c->modes[m].type & DRM_MODE_TYPE_PREFERRED) {
               k->mode = c->modes[m];
               have_mode = true;
            }
         }
      }
      drmModeFreeConnector(c);
   }
   drmModeFreeResources(res);
   if (!vm_check(k->wb && k->virt && have_mode,
                 "vkms: writeback and virtual connectors, a preferred mode"))
      return false;

   drmModePlaneResPtr planes = drmModeGetPlaneResources(vkms);
   for (uint32_t i = 0; planes && i < planes->count_planes && !k->primary; i++) {
      uint32_t type_id = vm_prop_id(vkms, planes->planes[i], DRM_MODE_OBJECT_PLANE, "type");
      drmModeObjectPropertiesPtr props =
         drmModeObjectGetProperties(vkms, planes->planes[i], DRM_MODE_OBJECT_PLANE);
      for (uint32_t j = 0; props && j < props->count_props; j++) {
         if (props->props[j] == type_id && props->prop_values[j] == DRM_PLANE_TYPE_PRIMARY)
            k->primary = planes->planes[i];
      }
      drmModeFreeObjectProperties(props);
   }
   drmModeFreePlaneResources(planes);
   return vm_check(k->primary != 0, "vkms: primary plane %u, mode %ux%u", k->primary,
                   k->mode.hdisplay, k->mode.vdisplay);
}

/*
 * Scan-out of the buffer `handle` (a GEM handle on vkms, XRGB8888 rows
 * `pitch` bytes apart, of the mode's size), checked through vkms's
 * writeback connector: the buffer is put on the primary plane in one
 * atomic commit that also writes back into a vkms dumb buffer (vkms 6.1
 * cannot clone, so the virtual connector is detached); when the out-fence
 * signals, the written-back picture is copied to pixels (mode width *
 * height, rows top first) and the CRTC is switched off again.  false (with
 * a failed check) when any step fails.
 */
static inline bool
vm_writeback(int vkms, const struct vm_kms *k, uint32_t handle, uint32_t pitch, uint32_t *pixels)
{
   unsigned w = k->mode.hdisplay, h = k->mode.vdisplay;
   uint32_t fb_src = 0, fb_dst = 0, blob = 0;
   struct vm_dumb dst = { 0 };
   bool read = false;
   uint32_t handles[4] = { handle }, pitches[4] = { pitch }, offsets[4] = { 0 };

   if (!vm_check(drmModeAddFB2(vkms, w, h, DRM_FORMAT_XRGB8888, handles, pitches, offsets,
                               &fb_src, 0) == 0, "vkms: framebuffer of handle %u", handle))
      return false;
   if (!vm_check(vm_dumb_create(vkms, w, h, &dst), "vkms: a writeback buffer"))
      goto out;
   handles[0] = dst.handle;
   pitches[0] = dst.pitch;
   vm_check(drmModeAddFB2(vkms, w, h, DRM_FORMAT_XRGB8888, handles, pitches, offsets,
                          &fb_dst, 0) == 0, "vkms: framebuffer of the writeback buffer");
   vm_check(drmModeCreatePropertyBlob(vkms, &k->mode, sizeof k->mode, &blob) == 0,
            "vkms: mode blob");

   int32_t fence = -1;
   drmModeAtomicReqPtr req = drmModeAtomicAlloc();
   uint32_t c = k->crtc, p = k->primary;
   bool ok = vm_add_prop(req, vkms, c, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob) &&
             vm_add_prop(req, vkms, c, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "FB_ID", fb_src) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "CRTC_ID", c) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "SRC_X", 0) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "CRTC_X", 0) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "CRTC_Y", 0) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "CRTC_W", w) &&
             vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "CRTC_H", h) &&
             vm_add_prop(req, vkms, k->virt, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0) &&
             vm_add_prop(req, vkms, k->wb, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", c) &&
             vm_add_prop(req, vkms, k->wb, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_FB_ID", fb_dst) &&
             vm_add_prop(req, vkms, k->wb, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_OUT_FENCE_PTR",
                         (uint64_t)(uintptr_t)&fence);
   vm_check(ok, "vkms: atomic request built");
   int err = ok ? drmModeAtomicCommit(vkms, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL) : -1;
   drmModeAtomicFree(req);
   if (vm_check(err == 0 && fence >= 0, "vkms: atomic commit with writeback (%d, fence %d)",
                err, fence)) {
      struct pollfd pfd = { .fd = fence, .events = POLLIN };
      vm_check(poll(&pfd, 1, 10000) == 1, "vkms: the writeback fence signals");
      close(fence);
      void *q = vm_dumb_map(vkms, &dst);
      if (vm_check(q != NULL, "vkms: writeback buffer mapped")) {
         for (unsigned y = 0; y < h; y++)
            memcpy(pixels + (size_t)y * w, (const char *)q + (size_t)y * dst.pitch,
                   (size_t)w * 4);
         read = true;
         munmap(q, dst.size);
      }
   }
   /* switch the CRTC off again */
   req = drmModeAtomicAlloc();
   ok = vm_add_prop(req, vkms, c, DRM_MODE_OBJECT_CRTC, "MODE_ID", 0) &&
        vm_add_prop(req, vkms, c, DRM_MODE_OBJECT_CRTC, "ACTIVE", 0) &&
        vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "FB_ID", 0) &&
        vm_add_prop(req, vkms, p, DRM_MODE_OBJECT_PLANE, "CRTC_ID", 0) &&
        vm_add_prop(req, vkms, k->wb, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
   vm_check(ok && drmModeAtomicCommit(vkms, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL) == 0,
            "vkms: CRTC off");
   drmModeAtomicFree(req);

   if (blob)
      drmModeDestroyPropertyBlob(vkms, blob);
   if (fb_dst)
      drmModeRmFB(vkms, fb_dst);
   vm_dumb_destroy(vkms, dst.handle);
out:
   drmModeRmFB(vkms, fb_src);
   return read;
}

#endif
