/*
 * The kernel side of the buffer manager: the generic GEM calls through
 * libdrm (pony_bufmgr_kernel_drm) and the dumb-buffer allocation backend
 * (pony_bufmgr_dumb_backend), which works on every KMS driver, vgem and
 * vkms.  libdrm's calls return -1 with errno set; these return -errno.
 */
#include "pony_bufmgr_backend.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/dma-buf.h>
#include <xf86drm.h>

static int
neg_errno(void)
{
   return errno ? -errno : -EIO;
}

static int
kernel_gem_close(void *priv, int fd, uint32_t handle)
{
   struct drm_gem_close arg;
   memset(&arg, 0, sizeof arg);
   arg.handle = handle;
   return drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &arg) ? neg_errno() : 0;
}

static int
kernel_prime_handle_to_fd(void *priv, int fd, uint32_t handle, uint32_t flags, int *dmabuf_fd)
{
   errno = 0;
   return drmPrimeHandleToFD(fd, handle, flags, dmabuf_fd) ? neg_errno() : 0;
}

static int
kernel_prime_fd_to_handle(void *priv, int fd, int dmabuf_fd, uint32_t *handle)
{
   errno = 0;
   return drmPrimeFDToHandle(fd, dmabuf_fd, handle) ? neg_errno() : 0;
}

static int
kernel_gem_flink(void *priv, int fd, uint32_t handle, uint32_t *name)
{
   struct drm_gem_flink arg;
   memset(&arg, 0, sizeof arg);
   arg.handle = handle;
   if (drmIoctl(fd, DRM_IOCTL_GEM_FLINK, &arg))
      return neg_errno();
   *name = arg.name;
   return 0;
}

static int
kernel_dmabuf_size(void *priv, int dmabuf_fd, uint64_t *size)
{
   /* A dma-buf's size is where its file ends. */
   off_t end = lseek(dmabuf_fd, 0, SEEK_END);
   if (end < 0)
      return neg_errno();
   lseek(dmabuf_fd, 0, SEEK_SET);
   *size = (uint64_t)end;
   return 0;
}

static int
kernel_dmabuf_sync(void *priv, int dmabuf_fd, uint64_t flags)
{
   struct dma_buf_sync arg = { .flags = flags };
   int ret;
   /* drmIoctl's retry on EINTR/EAGAIN, for a plain ioctl. */
   do {
      ret = ioctl(dmabuf_fd, DMA_BUF_IOCTL_SYNC, &arg);
   } while (ret == -1 && (errno == EINTR || errno == EAGAIN));
   return ret ? neg_errno() : 0;
}

static int
kernel_mmap(void *priv, int fd, uint64_t offset, size_t size, void **ptr)
{
   void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
   if (p == MAP_FAILED)
      return neg_errno();
   *ptr = p;
   return 0;
}

static int
kernel_munmap(void *priv, void *ptr, size_t size)
{
   return munmap(ptr, size) ? neg_errno() : 0;
}

const struct pony_bufmgr_kernel pony_bufmgr_kernel_drm = {
   .gem_close = kernel_gem_close,
   .prime_handle_to_fd = kernel_prime_handle_to_fd,
   .prime_fd_to_handle = kernel_prime_fd_to_handle,
   .gem_flink = kernel_gem_flink,
   .dmabuf_size = kernel_dmabuf_size,
   .dmabuf_sync = kernel_dmabuf_sync,
   .mmap = kernel_mmap,
   .munmap = kernel_munmap,
};

static int
dumb_create(void *priv, int fd, const struct pony_bo_alloc_info *info, struct pony_bo_layout *out)
{
   struct drm_mode_create_dumb arg;
   memset(&arg, 0, sizeof arg);
   if (info->width) {
      arg.width = info->width;
      arg.height = info->height;
      arg.bpp = info->bpp;
   } else {
      /* A linear buffer as rows of 4096 bytes of 8-bit pixels: every
       * driver accepts that width, and the size stays page-granular. */
      uint64_t rows = (info->size + 4095) / 4096;
      if (rows > UINT32_MAX)
         return -EINVAL;
      arg.width = 4096;
      arg.height = (uint32_t)rows;
      arg.bpp = 8;
   }
   if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &arg))
      return neg_errno();
   out->handle = arg.handle;
   out->pitch = info->width ? arg.pitch : 0;
   out->size = arg.size;
   return 0;
}

static int
dumb_map_offset(void *priv, int fd, uint32_t handle, uint64_t *offset)
{
   struct drm_mode_map_dumb arg;
   memset(&arg, 0, sizeof arg);
   arg.handle = handle;
   if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &arg))
      return neg_errno();
   *offset = arg.offset;
   return 0;
}

static int
dumb_destroy(void *priv, int fd, uint32_t handle)
{
   struct drm_mode_destroy_dumb arg;
   memset(&arg, 0, sizeof arg);
   arg.handle = handle;
   return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &arg) ? neg_errno() : 0;
}

const struct pony_bufmgr_backend pony_bufmgr_dumb_backend = {
   .name = "dumb",
   .create = dumb_create,
   .map_offset = dumb_map_offset,
   .destroy = dumb_destroy,
};
