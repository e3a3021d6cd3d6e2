/*
 * The sw/kms winsys (docs/winsys.md): software drivers' display targets in
 * kernel buffers of a DRM device, allocated, mapped, imported and exported
 * through the GEM buffer manager (src/winsys/drm), so that what refpipe
 * renders can be scanned out by KMS or shared as a dma-buf, and a dma-buf
 * from another device can be rendered into or sampled.
 *
 * A render node makes no dumb buffers (the kernel refuses
 * DRM_IOCTL_MODE_CREATE_DUMB there): they are then made on the same
 * device's primary node, when it can be opened, and imported into the
 * render node's fd through a dma-buf (so handles are the render fd's).
 * Where neither works, new display targets are process memory and cannot
 * be exported (get_handle fails); importing dma-bufs still works.
 */
#ifndef KMS_SW_WINSYS_H
#define KMS_SW_WINSYS_H

#include <stdbool.h>

#include "frontend/sw_winsys.h"

struct pony_bufmgr_options;

/*
 * A winsys over drm_fd (the winsys keeps its own dup; the caller may close
 * theirs).  opts: the buffer manager's (NULL: the kernel through libdrm and
 * the dumb-buffer backend; tests pass a fake).  0 or a negative errno
 * (-EBADF for a bad fd, -ENOMEM); *out is NULL on failure.
 */
int kms_sw_winsys_create(int drm_fd, const struct pony_bufmgr_options *opts,
                         struct sw_winsys **out);

/* Whether new display targets are kernel buffers (false: process memory,
 * no dumb buffer could be made when the winsys was created). */
bool kms_sw_winsys_has_kernel_buffers(struct sw_winsys *ws);

/* The buffer manager (for its counters: pony_bufmgr_get_stats). */
struct pony_bufmgr *kms_sw_winsys_bufmgr(struct sw_winsys *ws);

#endif
