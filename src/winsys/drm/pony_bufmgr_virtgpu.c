/*
 * The virtio-gpu allocation backend (pony_bufmgr_virtgpu.h): host
 * resources through the virtio_gpu kernel driver's ioctls (libdrm's
 * virtgpu_drm.h).  The kernel creates the host resource, gives it a
 * shmem backing and attaches it to the file's 3D context; closing the GEM
 * handle releases both.
 */
#include "pony_bufmgr_virtgpu.h"

#include <errno.h>
#include <string.h>

#include <virtgpu_drm.h>
#include <xf86drm.h>

/* The protocol's values for a buffer resource without a description:
 * PIPE_BUFFER, R8_UNORM, bound as a custom buffer (virgl_hw.h). */
#define VIRTGPU_TARGET_BUFFER 0
#define VIRTGPU_FORMAT_R8_UNORM 64
#define VIRTGPU_BIND_CUSTOM (1u << 17)

static int
neg_errno(void)
{
   return errno ? -errno : -EIO;
}

static int
virtgpu_create(void *priv, int fd, const struct pony_bo_alloc_info *info,
               struct pony_bo_layout *out)
{
   const struct pony_virtgpu_resource_desc *d = info->backend_desc;
   struct drm_virtgpu_resource_create rc;
   uint64_t size = info->size;
   uint32_t stride = 0;

   (void)priv;
   if (info->width) {
      stride = (uint32_t)(((uint64_t)info->width * info->bpp + 7) / 8);
      if ((uint64_t)stride * info->height > size)
         size = (uint64_t)stride * info->height;
   }
   if (!size || size > UINT32_MAX)
      return -EINVAL;   /* the ioctl's size is 32 bits */
   memset(&rc, 0, sizeof rc);
   if (d) {
      rc.target = d->target;
      rc.format = d->format;
      rc.bind = d->bind;
      rc.width = d->width;
      rc.height = d->height;
      rc.depth = d->depth;
      rc.array_size = d->array_size;
      rc.last_level = d->last_level;
      rc.nr_samples = d->nr_samples;
      rc.flags = d->flags;
   } else if (!info->width) {
      rc.target = VIRTGPU_TARGET_BUFFER;
      rc.format = VIRTGPU_FORMAT_R8_UNORM;
      rc.bind = VIRTGPU_BIND_CUSTOM;
      rc.width = (uint32_t)size;
      rc.height = rc.depth = rc.array_size = 1;
   } else {
      return -EINVAL;   /* an image needs its format */
   }
   rc.size = (uint32_t)size;
   rc.stride = stride;
   errno = 0;
   if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_RESOURCE_CREATE, &rc))
      return neg_errno();
   out->handle = rc.bo_handle;
   out->pitch = stride;
   out->size = size;
   out->backend_id = rc.res_handle;
   return 0;
}

static int
virtgpu_map_offset(void *priv, int fd, uint32_t handle, uint64_t *offset)
{
   struct drm_virtgpu_map m;
   (void)priv;
   memset(&m, 0, sizeof m);
   m.handle = handle;
   errno = 0;
   if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_MAP, &m))
      return neg_errno();
   *offset = m.offset;
   return 0;
}

static int
virtgpu_destroy(void *priv, int fd, uint32_t handle)
{
   struct drm_gem_close c;
   (void)priv;
   memset(&c, 0, sizeof c);
   c.handle = handle;
   errno = 0;
   return drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &c) ? neg_errno() : 0;
}

static int
virtgpu_describe_import(void *priv, int fd, uint32_t handle, struct pony_bo_layout *out)
{
   struct drm_virtgpu_resource_info ri;
   (void)priv;
   memset(&ri, 0, sizeof ri);
   ri.bo_handle = handle;
   errno = 0;
   if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_RESOURCE_INFO, &ri))
      return neg_errno();
   out->backend_id = ri.res_handle;
   return 0;
}

const struct pony_bufmgr_backend pony_bufmgr_virtgpu_backend = {
   .name = "virtio-gpu",
   .create = virtgpu_create,
   .map_offset = virtgpu_map_offset,
   .destroy = virtgpu_destroy,
   .describe_import = virtgpu_describe_import,
};
