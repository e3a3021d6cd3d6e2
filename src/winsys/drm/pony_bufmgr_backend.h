/*
 * The contracts below the GEM buffer manager (docs/winsys.md):
 *
 * - struct pony_bufmgr_backend: how buffers are allocated, mapped and
 *   freed.  A GPU-family driver supplies its own (its allocation ioctl);
 *   pony_bufmgr_dumb_backend is the generic one (CREATE_DUMB, MAP_DUMB,
 *   DESTROY_DUMB).
 * - struct pony_bufmgr_kernel: the generic calls every backend shares
 *   (GEM_CLOSE, PRIME, FLINK, mmap, DMA_BUF_IOCTL_SYNC, a dma-buf's size).
 *   pony_bufmgr_kernel_drm is the kernel's; tests supply a fake.
 *
 * Every function returns 0 or a negative errno and has no other effect on
 * failure.  The manager calls them with its mutex held, except the
 * dma-buf syncs (which may wait for fences).
 */
#ifndef PONY_BUFMGR_BACKEND_H
#define PONY_BUFMGR_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "pony_bufmgr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a backend made: the handle is the kernel's GEM handle on fd. */
struct pony_bo_layout {
   uint32_t handle;
   uint32_t pitch;    /* bytes per row; 0 for linear buffers */
   uint64_t size;     /* at least what was asked */
   uint32_t backend_id;   /* the backend's own name for it (pony_bo_backend_id), or 0 */
};

struct pony_bufmgr_backend {
   const char *name;
   /* Allocate what info asks for (info was checked: width, height and bpp
    * are non-zero, or width is 0 and size is). */
   int (*create)(void *priv, int fd, const struct pony_bo_alloc_info *info,
                 struct pony_bo_layout *out);
   /* The fake offset to mmap the buffer's handle at on fd. */
   int (*map_offset)(void *priv, int fd, uint32_t handle, uint64_t *offset);
   /* Free a buffer create() made (imported buffers are closed with the
    * kernel's gem_close instead). */
   int (*destroy)(void *priv, int fd, uint32_t handle);
   /* Optional: what the backend knows of an imported buffer's handle
    * (out->backend_id; virtio-gpu asks the kernel for the host resource).
    * A failure fails the import. */
   int (*describe_import)(void *priv, int fd, uint32_t handle, struct pony_bo_layout *out);
};

struct pony_bufmgr_kernel {
   int (*gem_close)(void *priv, int fd, uint32_t handle);
   /* flags: DRM_CLOEXEC | DRM_RDWR */
   int (*prime_handle_to_fd)(void *priv, int fd, uint32_t handle, uint32_t flags,
                             int *dmabuf_fd);
   /* The same kernel buffer always gives the same handle on one fd. */
   int (*prime_fd_to_handle)(void *priv, int fd, int dmabuf_fd, uint32_t *handle);
   int (*gem_flink)(void *priv, int fd, uint32_t handle, uint32_t *name);
   int (*dmabuf_size)(void *priv, int dmabuf_fd, uint64_t *size);
   /* flags: DMA_BUF_SYNC_START or _END | DMA_BUF_SYNC_READ / _WRITE */
   int (*dmabuf_sync)(void *priv, int dmabuf_fd, uint64_t flags);
   /* A shared read/write mapping of fd at offset. */
   int (*mmap)(void *priv, int fd, uint64_t offset, size_t size, void **ptr);
   int (*munmap)(void *priv, void *ptr, size_t size);
};

extern const struct pony_bufmgr_backend pony_bufmgr_dumb_backend;
extern const struct pony_bufmgr_kernel pony_bufmgr_kernel_drm;

#ifdef __cplusplus
}
#endif

#endif
