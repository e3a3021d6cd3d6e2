/*
 * A fake DRM device for the winsys tests (test_drm_bufmgr, test_kms_sw_winsys):
 * an allocation backend and a kernel layer for pony_bufmgr_options, so the
 * buffer manager and what is built on it run without a DRM device.
 *
 * The fake kernel keeps buffers in an array; GEM handles are the lowest
 * free numbers (as the kernel's idr gives them); a dma-buf is a memfd, and
 * the buffer behind a dma-buf fd is found by the memfd's inode, so a dup
 * of it or a second export reaches the same buffer, as with the kernel.
 * Each kind of call can be made to fail once (fail_*), and calls are
 * counted.
 */
#ifndef FAKE_DRM_H
#define FAKE_DRM_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "pony_bufmgr.h"
#include "pony_bufmgr_backend.h"

#define FAKE_BUFS 256
#define FAKE_MAP_SHIFT 20   /* fake mmap offset: handle << 20 */

struct fake_buf {
   bool used;
   uint32_t handle;       /* on the device fd; 0: none open */
   uint64_t size;
   void *mem;
   int memfd;             /* the dma-buf; -1 until exported */
   ino_t ino;
   bool foreign;          /* another device's: outlives our handle */
};

struct fake {
   pthread_mutex_t lock;
   struct fake_buf bufs[FAKE_BUFS];
   /* Injected failures: the next call of that kind returns this -errno. */
   uint32_t force_handle;   /* the next create returns this handle (a broken backend) */
   uint64_t short_size;     /* the next create returns this size (a broken backend) */
   int fail_create, fail_map_offset, fail_destroy, fail_close, fail_export, fail_import,
      fail_flink, fail_size, fail_sync, fail_mmap;
   /* Calls made. */
   unsigned creates, destroys, closes, exports, imports, flinks, mmaps, munmaps, syncs;
   uint64_t last_sync_flags;
   uint32_t next_flink;
   uint64_t now;          /* the injected clock */
};

extern const struct pony_bufmgr_backend fake_backend;
extern const struct pony_bufmgr_kernel fake_kernel;

struct fake *fake_new(void);
/* Frees the fake; returns how many buffers were still live (a leak). */
unsigned fake_free(struct fake *f);
/* The injected clock (pony_bufmgr_options.now_ns). */
uint64_t fake_now(void *priv);
/* The buffer of a handle on our fd, or NULL. */
struct fake_buf *fake_by_handle(struct fake *f, uint32_t handle);
/* Buffers with a handle open on our fd, or of ours. */
unsigned fake_live(struct fake *f);
/* A dma-buf from "another device": a buffer with no handle on our fd. */
int fake_foreign_dmabuf(struct fake *f, uint64_t size);

#endif
