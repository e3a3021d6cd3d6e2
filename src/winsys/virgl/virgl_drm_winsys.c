/*
 * The virgl winsys on the virtio_gpu kernel driver (virgl_winsys.h): its
 * ioctls through libdrm's virtgpu_drm.h, its buffers through the GEM
 * buffer manager with the virtio-gpu backend (one manager per fd, as for
 * every other user of the manager).
 */
#include "virgl_winsys.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <virtgpu_drm.h>
#include <xf86drm.h>

struct virgl_winsys {
   struct pony_bufmgr *mgr;
   const struct virgl_winsys_backend *backend;
   void *priv;
   struct virgl_winsys_caps caps;
};

/* the DRM backend's state: the manager's fd */
struct drm_priv {
   int fd;
};

static int
neg_errno(void)
{
   return errno ? -errno : -EIO;
}

static int
get_param(int fd, uint64_t param, uint64_t *value)
{
   struct drm_virtgpu_getparam gp;
   int v = 0;
   memset(&gp, 0, sizeof gp);
   gp.param = param;
   gp.value = (uint64_t)(uintptr_t)&v;   /* the kernel writes an int there */
   errno = 0;
   if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_GETPARAM, &gp))
      return neg_errno();
   *value = (uint64_t)v;
   return 0;
}

static int
get_caps(int fd, uint32_t set_id, uint32_t version, struct virgl_winsys_caps *caps)
{
   struct drm_virtgpu_get_caps gc;
   memset(&gc, 0, sizeof gc);
   memset(caps->dwords, 0, sizeof caps->dwords);
   gc.cap_set_id = set_id;
   gc.cap_set_ver = version;
   gc.addr = (uint64_t)(uintptr_t)caps->dwords;
   gc.size = sizeof caps->dwords;
   errno = 0;
   if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_GET_CAPS, &gc))
      return neg_errno();
   caps->set_id = set_id;
   caps->set_version = version;
   caps->num_dwords = VIRGL_WINSYS_MAX_CAPS_DWORDS;
   return 0;
}

static void
box_to_kernel(const struct virgl_winsys_box *b, struct drm_virtgpu_3d_box *k)
{
   k->x = b->x;
   k->y = b->y;
   k->z = b->z;
   k->w = b->w;
   k->h = b->h;
   k->d = b->d;
}

static int
drm_transfer(void *priv, struct pony_bo *bo, const struct virgl_winsys_box *box, uint32_t level,
             uint32_t offset, bool to_host)
{
   int fd = ((struct drm_priv *)priv)->fd;
   errno = 0;
   if (to_host) {
      struct drm_virtgpu_3d_transfer_to_host t;
      memset(&t, 0, sizeof t);
      t.bo_handle = pony_bo_handle(bo);
      box_to_kernel(box, &t.box);
      t.level = level;
      t.offset = offset;
      return drmIoctl(fd, DRM_IOCTL_VIRTGPU_TRANSFER_TO_HOST, &t) ? neg_errno() : 0;
   }
   struct drm_virtgpu_3d_transfer_from_host t;
   memset(&t, 0, sizeof t);
   t.bo_handle = pony_bo_handle(bo);
   box_to_kernel(box, &t.box);
   t.level = level;
   t.offset = offset;
   return drmIoctl(fd, DRM_IOCTL_VIRTGPU_TRANSFER_FROM_HOST, &t) ? neg_errno() : 0;
}

static int
drm_submit(void *priv, const uint32_t *cmds, uint32_t ndw, struct pony_bo *const *bos,
           uint32_t nbos, int *fence_fd)
{
   int fd = ((struct drm_priv *)priv)->fd;
   uint32_t stack[64], *handles = stack;
   if (ndw > UINT32_MAX / 4)
      return -EINVAL;
   if (nbos > sizeof stack / sizeof stack[0]) {
      handles = malloc(sizeof *handles * nbos);
      if (!handles)
         return -ENOMEM;
   }
   for (uint32_t i = 0; i < nbos; i++)
      handles[i] = pony_bo_handle(bos[i]);
   struct drm_virtgpu_execbuffer eb;
   memset(&eb, 0, sizeof eb);
   eb.command = (uint64_t)(uintptr_t)cmds;
   eb.size = ndw * 4;
   eb.bo_handles = (uint64_t)(uintptr_t)handles;
   eb.num_bo_handles = nbos;
   eb.fence_fd = -1;
   if (fence_fd)
      eb.flags |= VIRTGPU_EXECBUF_FENCE_FD_OUT;
   errno = 0;
   int ret = drmIoctl(fd, DRM_IOCTL_VIRTGPU_EXECBUFFER, &eb) ? neg_errno() : 0;
   if (handles != stack)
      free(handles);
   if (fence_fd)
      *fence_fd = ret ? -1 : eb.fence_fd;
   return ret;
}

static int
drm_wait(void *priv, struct pony_bo *bo, bool nowait)
{
   struct drm_virtgpu_3d_wait w;
   memset(&w, 0, sizeof w);
   w.handle = pony_bo_handle(bo);
   w.flags = nowait ? VIRTGPU_WAIT_NOWAIT : 0;
   errno = 0;
   return drmIoctl(((struct drm_priv *)priv)->fd, DRM_IOCTL_VIRTGPU_WAIT, &w) ? neg_errno() : 0;
}

static void
drm_destroy(void *priv)
{
   free(priv);
}

static const struct virgl_winsys_backend drm_backend = {
   .transfer = drm_transfer,
   .submit = drm_submit,
   .wait = drm_wait,
   .destroy = drm_destroy,
};

int
virgl_winsys_create_backend(const struct virgl_winsys_backend *backend, void *priv,
                            struct pony_bufmgr *mgr, const struct virgl_winsys_caps *caps,
                            struct virgl_winsys **out)
{
   *out = NULL;
   struct virgl_winsys *ws = calloc(1, sizeof *ws);
   if (!ws)
      return -ENOMEM;
   ws->mgr = mgr;
   ws->backend = backend;
   ws->priv = priv;
   ws->caps = *caps;
   *out = ws;
   return 0;
}

int
virgl_drm_winsys_create(int fd, struct virgl_winsys **out)
{
   *out = NULL;
   drmVersionPtr v = drmGetVersion(fd);
   if (!v)
      return -ENOTTY;
   bool virtio = v->name && !strcmp(v->name, "virtio_gpu");
   drmFreeVersion(v);
   if (!virtio)
      return -ENOTTY;
   uint64_t has_3d = 0;
   int ret = get_param(fd, VIRTGPU_PARAM_3D_FEATURES, &has_3d);
   if (ret)
      return ret;
   if (!has_3d)
      return -ENODEV;

   struct virgl_winsys_caps *caps = malloc(sizeof *caps);
   struct drm_priv *dp = calloc(1, sizeof *dp);
   if (!caps || !dp) {
      free(caps);
      free(dp);
      return -ENOMEM;
   }
   /* capset 2 (virgl2) when the host has it, else 1 */
   ret = get_caps(fd, 2, 2, caps);
   if (ret)
      ret = get_caps(fd, 1, 1, caps);
   struct pony_bufmgr *mgr = NULL;
   if (!ret) {
      struct pony_bufmgr_options o;
      memset(&o, 0, sizeof o);
      o.backend = &pony_bufmgr_virtgpu_backend;
      ret = pony_bufmgr_create(fd, &o, &mgr);
   }
   if (!ret) {
      dp->fd = pony_bufmgr_fd(mgr);
      ret = virgl_winsys_create_backend(&drm_backend, dp, mgr, caps, out);
      if (ret)
         pony_bufmgr_destroy(mgr);
   }
   free(caps);
   if (ret)
      free(dp);
   return ret;
}

void
virgl_winsys_destroy(struct virgl_winsys *ws)
{
   if (!ws)
      return;
   pony_bufmgr_destroy(ws->mgr);
   if (ws->backend->destroy)
      ws->backend->destroy(ws->priv);
   free(ws);
}

const struct virgl_winsys_caps *
virgl_winsys_caps(const struct virgl_winsys *ws)
{
   return &ws->caps;
}

struct pony_bufmgr *
virgl_winsys_bufmgr(struct virgl_winsys *ws)
{
   return ws->mgr;
}

int
virgl_winsys_resource_create(struct virgl_winsys *ws,
                             const struct pony_virtgpu_resource_desc *desc, uint64_t size,
                             uint32_t stride, struct pony_bo **out)
{
   struct pony_bo_alloc_info info;
   memset(&info, 0, sizeof info);
   info.size = size;
   info.backend_desc = desc;
   if (stride && desc && desc->height) {
      /* the backend's 2D pitch: stride bytes of 8-bit "pixels" */
      info.width = stride;
      info.height = desc->height;
      info.bpp = 8;
   }
   return pony_bo_alloc(ws->mgr, &info, out);
}

int
virgl_winsys_transfer_put(struct virgl_winsys *ws, struct pony_bo *bo,
                          const struct virgl_winsys_box *box, uint32_t level, uint32_t offset)
{
   return ws->backend->transfer(ws->priv, bo, box, level, offset, true);
}

int
virgl_winsys_transfer_get(struct virgl_winsys *ws, struct pony_bo *bo,
                          const struct virgl_winsys_box *box, uint32_t level, uint32_t offset)
{
   return ws->backend->transfer(ws->priv, bo, box, level, offset, false);
}

int
virgl_winsys_submit(struct virgl_winsys *ws, const uint32_t *cmds, uint32_t ndw,
                    struct pony_bo *const *bos, uint32_t nbos, int *fence_fd)
{
   if (fence_fd)
      *fence_fd = -1;
   return ws->backend->submit(ws->priv, cmds, ndw, bos, nbos, fence_fd);
}

int
virgl_winsys_fence_wait(int fence_fd, uint64_t timeout_ns)
{
   if (fence_fd < 0)
      return 0;
   /* a sync_file is readable once signalled; poll counts milliseconds,
    * so a wait is rounded up to whole ones (never shorter than asked) */
   uint64_t ms = timeout_ns == UINT64_MAX ? 0 : (timeout_ns + 999999) / 1000000;
   struct timespec start;
   clock_gettime(CLOCK_MONOTONIC, &start);
   for (;;) {
      struct pollfd p = { .fd = fence_fd, .events = POLLIN };
      int left = -1;
      if (timeout_ns != UINT64_MAX) {
         struct timespec now;
         clock_gettime(CLOCK_MONOTONIC, &now);
         uint64_t spent = (uint64_t)(now.tv_sec - start.tv_sec) * 1000 +
                          (uint64_t)((now.tv_nsec - start.tv_nsec) / 1000000);
         left = spent >= ms ? 0 : (int)(ms - spent > INT32_MAX ? INT32_MAX : ms - spent);
      }
      int n = poll(&p, 1, left);
      if (n > 0)
         return (p.revents & (POLLERR | POLLNVAL)) ? -EINVAL : 0;
      if (n == 0)
         return -ETIME;
      if (errno != EINTR && errno != EAGAIN)
         return -errno;
   }
}

int
virgl_winsys_wait(struct virgl_winsys *ws, struct pony_bo *bo, bool nowait)
{
   return ws->backend->wait(ws->priv, bo, nowait);
}
