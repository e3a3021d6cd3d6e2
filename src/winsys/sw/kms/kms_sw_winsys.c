/*
 * The sw/kms winsys: display targets in dumb buffers of a DRM device
 * through the GEM buffer manager (kms_sw_winsys.h, docs/winsys.md).
 */
#include "kms_sw_winsys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>

#include "format/u_format.h"
#include "pony_bufmgr.h"
#include "util/u_debug.h"

#define KMS_MOD_LINEAR  0ull                     /* DRM_FORMAT_MOD_LINEAR */
#define KMS_MOD_INVALID 0x00ffffffffffffffull    /* DRM_FORMAT_MOD_INVALID: implicit (linear here) */
#define KMS_MAX_SIZE    (1u << 16)               /* texels per side */

struct kms_sw_winsys {
   struct sw_winsys base;
   struct pony_bufmgr *mgr;
   /* A render node makes no dumb buffers: they are made on the device's
    * primary node (when it can be opened) and imported into mgr through a
    * dma-buf.  NULL: made on mgr's fd. */
   struct pony_bufmgr *alloc_mgr;
   bool kernel_buffers;     /* dumb buffers can be made (on the fd or its primary node) */
   bool debug;              /* PONY_DEBUG=bufmgr */
};

struct kms_sw_displaytarget {
   enum pipe_format format;
   unsigned width, height;
   unsigned stride, offset;
   struct pony_bo *bo;      /* NULL: process memory (mem) */
   void *mem;
   void *map;               /* bo's mapping while map_count > 0 */
   unsigned map_count;
};

static inline struct kms_sw_winsys *
kms_sw_winsys(struct sw_winsys *ws)
{
   return (struct kms_sw_winsys *)ws;
}

static inline struct kms_sw_displaytarget *
kms_sw_displaytarget(struct sw_displaytarget *dt)
{
   return (struct kms_sw_displaytarget *)dt;
}

#define kms_log(kws, ...)                                                  \
   do {                                                                    \
      if ((kws)->debug)                                                    \
         pony_log("kms-winsys", __VA_ARGS__);                              \
   } while (0)

static bool
kms_format_ok(enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);
   return desc && desc->block_bytes > 0 && desc->block_width == 1 && desc->block_height == 1 &&
          desc->layout == UTIL_FORMAT_LAYOUT_PLAIN;
}

static bool
kms_is_displaytarget_format_supported(struct sw_winsys *ws, unsigned bind,
                                      enum pipe_format format)
{
   return kms_format_ok(format);
}

/* A new kernel buffer on the winsys's fd: *pitch the kernel's pitch. */
static int
kms_alloc(struct kms_sw_winsys *kws, const struct pony_bo_alloc_info *info, struct pony_bo **out,
          uint64_t *pitch)
{
   *out = NULL;
   if (!kws->alloc_mgr) {
      int ret = pony_bo_alloc(kws->mgr, info, out);
      if (!ret)
         *pitch = pony_bo_pitch(*out);
      return ret;
   }
   /* made on the primary node, imported into the render node's fd */
   struct pony_bo *made = NULL;
   int dmabuf = -1;
   int ret = pony_bo_alloc(kws->alloc_mgr, info, &made);
   if (!ret)
      ret = pony_bo_export_dmabuf(made, &dmabuf);
   if (!ret)
      ret = pony_bufmgr_import_dmabuf(kws->mgr, dmabuf, out);
   if (!ret)
      *pitch = pony_bo_pitch(made);
   if (dmabuf >= 0)
      close(dmabuf);
   pony_bo_unref(made);   /* the kernel buffer lives on in the import */
   return ret;
}

static struct sw_displaytarget *
kms_displaytarget_create(struct sw_winsys *ws, unsigned bind, enum pipe_format format,
                         unsigned width, unsigned height, unsigned alignment,
                         const void *front_private, unsigned *stride)
{
   struct kms_sw_winsys *kws = kms_sw_winsys(ws);
   unsigned cpp = kms_format_ok(format) ? util_format_get_blocksize(format) : 0;
   struct kms_sw_displaytarget *dt;

   if (!cpp || !width || !height || width > KMS_MAX_SIZE || height > KMS_MAX_SIZE)
      return NULL;
   if (alignment < 4)
      alignment = 4;
   if (alignment & (alignment - 1))
      return NULL;
   /* rows of a multiple of alignment where the width allows it (the
    * kernel picks the pitch of a dumb buffer, at least width * cpp) */
   uint64_t row = ((uint64_t)width * cpp + alignment - 1) & ~(uint64_t)(alignment - 1);

   dt = calloc(1, sizeof(*dt));
   if (!dt)
      return NULL;
   dt->format = format;
   dt->width = width;
   dt->height = height;

   if (kws->kernel_buffers) {
      struct pony_bo_alloc_info info = {
         .width = row % cpp ? width : (uint32_t)(row / cpp),
         .height = height,
         .bpp = cpp * 8,
         .flags = (bind & PIPE_BIND_SCANOUT) ? PONY_BO_ALLOC_SCANOUT : 0,
      };
      uint64_t pitch = 0;
      int ret = kms_alloc(kws, &info, &dt->bo, &pitch);
      if (ret) {
         kms_log(kws, "displaytarget_create(%ux%u %s): %s", width, height,
                 util_format_name(format), strerror(-ret));
         free(dt);
         return NULL;
      }
      if (!pitch)
         pitch = row;
      if (pitch < (uint64_t)width * cpp || pitch > UINT32_MAX ||
          pitch * height > pony_bo_size(dt->bo)) {
         kms_log(kws, "displaytarget_create(%ux%u): the kernel's buffer (pitch %llu, %llu "
                 "bytes) cannot hold it", width, height, (unsigned long long)pitch,
                 (unsigned long long)pony_bo_size(dt->bo));
         pony_bo_unref(dt->bo);
         free(dt);
         return NULL;
      }
      dt->stride = (unsigned)pitch;
   } else {
      if (row > UINT32_MAX || posix_memalign(&dt->mem, 64, (size_t)(row * height))) {
         free(dt);
         return NULL;
      }
      memset(dt->mem, 0, (size_t)(row * height));
      dt->stride = (unsigned)row;
   }
   *stride = dt->stride;
   return (struct sw_displaytarget *)dt;
}

static void *
kms_displaytarget_map(struct sw_winsys *ws, struct sw_displaytarget *sdt, unsigned flags)
{
   struct kms_sw_winsys *kws = kms_sw_winsys(ws);
   struct kms_sw_displaytarget *dt = kms_sw_displaytarget(sdt);

   if (!dt->bo) {
      dt->map_count++;
      return dt->mem;
   }
   unsigned access = 0;
   if (flags & PIPE_MAP_READ)
      access |= PONY_BO_MAP_READ;
   if (flags & PIPE_MAP_WRITE)
      access |= PONY_BO_MAP_WRITE;
   void *p = NULL;
   int ret = pony_bo_map(dt->bo, access ? access : PONY_BO_MAP_READ | PONY_BO_MAP_WRITE, &p);
   if (ret) {
      kms_log(kws, "map of GEM handle %u: %s", pony_bo_handle(dt->bo), strerror(-ret));
      return NULL;
   }
   dt->map = p;
   dt->map_count++;
   return (uint8_t *)p + dt->offset;
}

static void
kms_displaytarget_unmap(struct sw_winsys *ws, struct sw_displaytarget *sdt)
{
   struct kms_sw_displaytarget *dt = kms_sw_displaytarget(sdt);

   if (!dt->map_count)
      return;
   dt->map_count--;
   if (dt->bo)
      pony_bo_unmap(dt->bo);
}

/* Scan-out is the loader's (GBM, KMS): nothing to show here. */
static void
kms_displaytarget_display(struct sw_winsys *ws, struct sw_displaytarget *sdt,
                          void *context_private, const struct pipe_box *box)
{
}

static void
kms_displaytarget_destroy(struct sw_winsys *ws, struct sw_displaytarget *sdt)
{
   struct kms_sw_displaytarget *dt = kms_sw_displaytarget(sdt);

   if (!dt)
      return;
   while (dt->map_count)
      kms_displaytarget_unmap(ws, sdt);
   if (dt->bo)
      pony_bo_unref(dt->bo);
   free(dt->mem);
   free(dt);
}

static struct sw_displaytarget *
kms_displaytarget_from_handle(struct sw_winsys *ws, const struct pipe_resource *templ,
                              const struct winsys_handle *whandle, unsigned *stride)
{
   struct kms_sw_winsys *kws = kms_sw_winsys(ws);

   if (!templ || !whandle || whandle->type != WINSYS_HANDLE_TYPE_FD || whandle->handle < 0)
      return NULL;
   unsigned cpp = kms_format_ok(templ->format) ? util_format_get_blocksize(templ->format) : 0;
   uint64_t w = templ->width0, h = templ->height0;
   if (!cpp || !w || !h || w > KMS_MAX_SIZE || h > KMS_MAX_SIZE) {
      kms_log(kws, "import: %llux%llu %s cannot be a display target", (unsigned long long)w,
              (unsigned long long)h, util_format_name(templ->format));
      return NULL;
   }
   if (whandle->modifier != KMS_MOD_LINEAR && whandle->modifier != KMS_MOD_INVALID) {
      kms_log(kws, "import: modifier 0x%llx is not linear",
              (unsigned long long)whandle->modifier);
      return NULL;
   }
   if (whandle->stride < w * cpp) {
      kms_log(kws, "import: stride %u is below a row of %llu bytes", whandle->stride,
              (unsigned long long)(w * cpp));
      return NULL;
   }

   struct pony_bo *bo = NULL;
   int ret = pony_bufmgr_import_dmabuf(kws->mgr, whandle->handle, &bo);
   if (ret) {
      kms_log(kws, "import of fd %d: %s", whandle->handle, strerror(-ret));
      return NULL;
   }
   /* the last row ends inside the buffer (64-bit: no overflow) */
   uint64_t end = (uint64_t)whandle->offset + (uint64_t)whandle->stride * (h - 1) + w * cpp;
   if (end > pony_bo_size(bo)) {
      kms_log(kws, "import: %llux%llu at offset %u, stride %u needs %llu bytes; the buffer "
              "has %llu", (unsigned long long)w, (unsigned long long)h, whandle->offset,
              whandle->stride, (unsigned long long)end, (unsigned long long)pony_bo_size(bo));
      pony_bo_unref(bo);
      return NULL;
   }

   struct kms_sw_displaytarget *dt = calloc(1, sizeof(*dt));
   if (!dt) {
      pony_bo_unref(bo);
      return NULL;
   }
   dt->format = templ->format;
   dt->width = (unsigned)w;
   dt->height = (unsigned)h;
   dt->stride = whandle->stride;
   dt->offset = whandle->offset;
   dt->bo = bo;
   *stride = dt->stride;
   return (struct sw_displaytarget *)dt;
}

static bool
kms_displaytarget_get_handle(struct sw_winsys *ws, struct sw_displaytarget *sdt,
                             struct winsys_handle *whandle)
{
   struct kms_sw_winsys *kws = kms_sw_winsys(ws);
   struct kms_sw_displaytarget *dt = kms_sw_displaytarget(sdt);

   if (!dt || !whandle)
      return false;
   if (!dt->bo) {
      kms_log(kws, "get_handle: the display target is process memory (the device makes no "
              "dumb buffers)");
      return false;
   }
   switch (whandle->type) {
   case WINSYS_HANDLE_TYPE_KMS:
      whandle->handle = (int)pony_bo_handle(dt->bo);
      break;
   case WINSYS_HANDLE_TYPE_FD: {
      int fd = -1;
      int ret = pony_bo_export_dmabuf(dt->bo, &fd);
      if (ret) {
         kms_log(kws, "export of GEM handle %u: %s", pony_bo_handle(dt->bo), strerror(-ret));
         return false;
      }
      whandle->handle = fd;
      break;
   }
   default:
      return false;
   }
   whandle->stride = dt->stride;
   whandle->offset = dt->offset;
   whandle->modifier = KMS_MOD_LINEAR;
   return true;
}

static void
kms_destroy(struct sw_winsys *ws)
{
   struct kms_sw_winsys *kws = kms_sw_winsys(ws);

   if (!kws)
      return;
   if (kws->alloc_mgr)
      pony_bufmgr_destroy(kws->alloc_mgr);
   pony_bufmgr_destroy(kws->mgr);
   free(kws);
}

/* Whether kws can make a kernel buffer (and, through a primary node, get
 * it into its fd): one 1x1 buffer made and released. */
static int
kms_probe(struct kms_sw_winsys *kws)
{
   struct pony_bo_alloc_info probe = { .width = 1, .height = 1, .bpp = 32,
                                       .flags = PONY_BO_ALLOC_NO_CACHE };
   struct pony_bo *bo = NULL;
   uint64_t pitch;
   int ret = kms_alloc(kws, &probe, &bo, &pitch);
   pony_bo_unref(bo);
   return ret;
}

/* fd is a render node: a buffer manager on the same device's primary node
 * (opened here), or NULL when there is none or it cannot be opened. */
static struct pony_bufmgr *
kms_open_primary(struct kms_sw_winsys *kws, int fd)
{
   drmDevicePtr dev = NULL;
   struct pony_bufmgr *m = NULL;

   if (drmGetNodeTypeFromFd(fd) != DRM_NODE_RENDER || drmGetDevice2(fd, 0, &dev) || !dev)
      return NULL;
   if (!(dev->available_nodes & (1 << DRM_NODE_PRIMARY))) {
      kms_log(kws, "render node fd %d: the device has no primary node", fd);
      drmFreeDevice(&dev);
      return NULL;
   }
   int pfd = open(dev->nodes[DRM_NODE_PRIMARY], O_RDWR | O_CLOEXEC);
   if (pfd < 0) {
      kms_log(kws, "render node fd %d: cannot open %s: %s", fd, dev->nodes[DRM_NODE_PRIMARY],
              strerror(errno));
      drmFreeDevice(&dev);
      return NULL;
   }
   struct pony_bufmgr_options o = { .disable_cache = true };
   int ret = pony_bufmgr_create(pfd, &o, &m);
   close(pfd);   /* the manager keeps its own */
   if (ret) {
      m = NULL;
      kms_log(kws, "%s: %s", dev->nodes[DRM_NODE_PRIMARY], strerror(-ret));
   } else {
      kms_log(kws, "render node fd %d: dumb buffers made on %s and imported", fd,
              dev->nodes[DRM_NODE_PRIMARY]);
   }
   drmFreeDevice(&dev);
   return m;
}

int
kms_sw_winsys_create(int drm_fd, const struct pony_bufmgr_options *opts, struct sw_winsys **out)
{
   struct kms_sw_winsys *kws;
   int ret;

   *out = NULL;
   kws = calloc(1, sizeof(*kws));
   if (!kws)
      return -ENOMEM;
   ret = pony_bufmgr_create(drm_fd, opts, &kws->mgr);
   if (ret) {
      free(kws);
      return ret;
   }
   kws->debug = (pony_debug_get() & PONY_DEBUG_BUFMGR) != 0;

   /* Can this fd make dumb buffers?  A render node cannot: then its
    * device's primary node makes them, when it can be opened. */
   ret = kms_probe(kws);
   if (ret && (kws->alloc_mgr = kms_open_primary(kws, drm_fd))) {
      ret = kms_probe(kws);
      if (ret) {
         pony_bufmgr_destroy(kws->alloc_mgr);
         kws->alloc_mgr = NULL;
      }
   }
   kws->kernel_buffers = ret == 0;
   if (ret)
      kms_log(kws, "fd %d makes no dumb buffers (%s): display targets are process memory and "
              "cannot be exported; imports work", drm_fd, strerror(-ret));

   kws->base.name = "kms";
   kws->base.destroy = kms_destroy;
   kws->base.is_displaytarget_format_supported = kms_is_displaytarget_format_supported;
   kws->base.displaytarget_create = kms_displaytarget_create;
   kws->base.displaytarget_map = kms_displaytarget_map;
   kws->base.displaytarget_unmap = kms_displaytarget_unmap;
   kws->base.displaytarget_display = kms_displaytarget_display;
   kws->base.displaytarget_destroy = kms_displaytarget_destroy;
   kws->base.displaytarget_from_handle = kms_displaytarget_from_handle;
   kws->base.displaytarget_get_handle = kms_displaytarget_get_handle;
   *out = &kws->base;
   return 0;
}

bool
kms_sw_winsys_has_kernel_buffers(struct sw_winsys *ws)
{
   return ws && kms_sw_winsys(ws)->kernel_buffers;
}

struct pony_bufmgr *
kms_sw_winsys_bufmgr(struct sw_winsys *ws)
{
   return ws ? kms_sw_winsys(ws)->mgr : NULL;
}
