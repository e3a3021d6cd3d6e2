/*
 * The virgl winsys (docs/virgl.md): what the virgl pipe driver asks of
 * the kernel, and nothing else calls.  Host resources are buffer objects
 * of the GEM buffer manager (its virtio-gpu backend); command streams of
 * the virgl protocol go to the host with the file's 3D context; transfers
 * move a box between a resource's guest backing and the host's copy.
 *
 * Every call returns 0 or a negative errno, as the buffer manager does.
 */
#ifndef VIRGL_WINSYS_H
#define VIRGL_WINSYS_H

#include <stdbool.h>
#include <stdint.h>

#include "pony_bufmgr.h"
#include "pony_bufmgr_virtgpu.h"

#ifdef __cplusplus
extern "C" {
#endif

struct virgl_winsys;

/* A box of texels of one level (z: first layer or slice). */
struct virgl_winsys_box {
   uint32_t x, y, z, w, h, d;
};

/* The capability set the host offers: id 2 ("virgl2") when it has it,
 * else 1; dwords[0] is the set's max_version. */
#define VIRGL_WINSYS_MAX_CAPS_DWORDS 1024
struct virgl_winsys_caps {
   uint32_t set_id, set_version;
   uint32_t num_dwords;
   uint32_t dwords[VIRGL_WINSYS_MAX_CAPS_DWORDS];
};

/* A winsys on a virtio_gpu DRM fd (its own dup).  -ENODEV when the device
 * has no 3D (virgl) support, -ENOTTY when the fd is no virtio_gpu node. */
int virgl_drm_winsys_create(int fd, struct virgl_winsys **out);

/*
 * What a winsys does besides the buffer manager's work: the kernel's
 * virtio_gpu ioctls (virgl_drm_winsys.c), or, in the driver's host-side
 * tests, virglrenderer called in the process.  Returns as the calls below.
 */
struct virgl_winsys_backend {
   /* a box of a level between the backing (at offset) and the host's copy */
   int (*transfer)(void *priv, struct pony_bo *bo, const struct virgl_winsys_box *box,
                   uint32_t level, uint32_t offset, bool to_host);
   /* fence_fd: NULL, or where a sync_file fd of the batch goes (-1: the
    * backend ran it already) */
   int (*submit)(void *priv, const uint32_t *cmds, uint32_t ndw, struct pony_bo *const *bos,
                 uint32_t nbos, int *fence_fd);
   int (*wait)(void *priv, struct pony_bo *bo, bool nowait);
   void (*destroy)(void *priv);   /* after the winsys dropped mgr */
};

/* A winsys over a backend: mgr (the winsys takes the creator's reference)
 * allocates host resources, caps is copied. */
int virgl_winsys_create_backend(const struct virgl_winsys_backend *backend, void *priv,
                                struct pony_bufmgr *mgr, const struct virgl_winsys_caps *caps,
                                struct virgl_winsys **out);
void virgl_winsys_destroy(struct virgl_winsys *ws);

const struct virgl_winsys_caps *virgl_winsys_caps(const struct virgl_winsys *ws);
struct pony_bufmgr *virgl_winsys_bufmgr(struct virgl_winsys *ws);

/* A host resource described by desc with a guest backing of size bytes
 * (stride: bytes per row of level 0 for 2D data, 0 otherwise). */
int virgl_winsys_resource_create(struct virgl_winsys *ws,
                                 const struct pony_virtgpu_resource_desc *desc,
                                 uint64_t size, uint32_t stride, struct pony_bo **out);

/* Guest backing -> host copy (put) and host copy -> guest backing (get)
 * of a box of a level; offset: where the box starts in the backing.  A
 * get completes when virgl_winsys_wait() returns for the buffer. */
int virgl_winsys_transfer_put(struct virgl_winsys *ws, struct pony_bo *bo,
                              const struct virgl_winsys_box *box, uint32_t level, uint32_t offset);
int virgl_winsys_transfer_get(struct virgl_winsys *ws, struct pony_bo *bo,
                              const struct virgl_winsys_box *box, uint32_t level, uint32_t offset);

/* Sends ndw dwords of commands; bos: the buffers they use (kept alive
 * and fenced by the kernel until the host is done with them).  fence_fd
 * non-NULL: it receives the batch's fence, a sync_file fd the caller
 * closes (the kernel signals it when the host has run the batch), or -1
 * when the batch has run already; on failure it is -1. */
int virgl_winsys_submit(struct virgl_winsys *ws, const uint32_t *cmds, uint32_t ndw,
                        struct pony_bo *const *bos, uint32_t nbos, int *fence_fd);

/* Waits for a fence of virgl_winsys_submit (-1: signalled) for at most
 * timeout_ns (0: only looks; UINT64_MAX: no limit).  0 when signalled,
 * -ETIME when the time ran out, else a negative errno. */
int virgl_winsys_fence_wait(int fence_fd, uint64_t timeout_ns);

/* Waits until the host is done with the buffer (nowait: -EBUSY if not). */
int virgl_winsys_wait(struct virgl_winsys *ws, struct pony_bo *bo, bool nowait);

#ifdef __cplusplus
}
#endif

#endif
