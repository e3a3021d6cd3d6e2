/*
 * The virtio-gpu backend of the GEM buffer manager (docs/winsys.md,
 * docs/virgl.md): every buffer is a host resource of the virgl protocol
 * (DRM_IOCTL_VIRTGPU_RESOURCE_CREATE) whose guest backing is the GEM
 * object; pony_bo_backend_id() is the host resource handle the command
 * stream names it by.
 */
#ifndef PONY_BUFMGR_VIRTGPU_H
#define PONY_BUFMGR_VIRTGPU_H

#include <stdint.h>

#include "pony_bufmgr_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the host creates the resource from (pony_bo_alloc_info.backend_desc):
 * the protocol's target, format and bind values and the resource's size
 * in texels.  pony_bo_alloc_info.size is the guest backing's size in bytes
 * (every level and layer), width/height/bpp its 2D pitch when non-zero.
 * Without a description a linear request (width 0) is a buffer resource
 * of that many bytes. */
struct pony_virtgpu_resource_desc {
   uint32_t target, format, bind;
   uint32_t width, height, depth, array_size, last_level, nr_samples;
   uint32_t flags;
};

extern const struct pony_bufmgr_backend pony_bufmgr_virtgpu_backend;

#ifdef __cplusplus
}
#endif

#endif
