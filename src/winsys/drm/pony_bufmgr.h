/*
 * The GEM buffer manager: buffer objects over the GEM handles of one DRM
 * file description (docs/winsys.md).
 *
 * Rules the interface keeps:
 * - No global state.  A manager is created per DRM fd (it keeps its own
 *   dup of the fd, so the caller may close theirs) and everything lives in
 *   it.  Make one manager per open file description: GEM handles belong to
 *   the description, and the manager's handle table is what makes "one
 *   object per kernel buffer" hold.
 * - Every failure is returned: functions return 0 or a negative errno
 *   (the kernel's, for a failed ioctl); nothing aborts.
 * - Thread safety: buffers may be referenced, mapped, exported and
 *   released from any thread; one mutex in the manager guards the handle
 *   table, the cache and the mappings.
 * - Buffers hold a reference on their manager: pony_bufmgr_destroy() drops
 *   the creator's reference and empties the cache, the manager itself goes
 *   when its last buffer does.
 */
#ifndef PONY_BUFMGR_H
#define PONY_BUFMGR_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pony_bufmgr;
struct pony_bo;
struct pony_bufmgr_backend;
struct pony_bufmgr_kernel;

/* Allocation flags.  The cache only hands back a buffer made with the same
 * flags; the backend decides what they mean (the dumb backend ignores them:
 * dumb buffers are linear and scan-out capable). */
#define PONY_BO_ALLOC_SCANOUT   (1u << 0)
#define PONY_BO_ALLOC_NO_CACHE  (1u << 1)   /* never reuse a cached buffer for this one */

/*
 * What to allocate: an image of width x height pixels of bpp bits (the
 * backend picks the pitch), or, with width == 0, a linear buffer of size
 * bytes.  A reused buffer's contents are undefined; a new one is zeroed
 * when the backend's buffers are (dumb buffers are).
 */
struct pony_bo_alloc_info {
   uint32_t width, height, bpp;
   uint64_t size;
   uint32_t flags;
   /* The backend's own description of the buffer, or NULL: a virtio-gpu
    * host resource's target, format and binding (pony_bufmgr_virtgpu.h).
    * Read during pony_bo_alloc only.  Buffers made with one are never
    * cached (the cache matches sizes, not descriptions). */
   const void *backend_desc;
};

/* Map flags: the access the CPU makes (DMA_BUF_SYNC_READ/WRITE on shared
 * buffers). */
#define PONY_BO_MAP_READ   (1u << 0)
#define PONY_BO_MAP_WRITE  (1u << 1)

/* Counters, read with pony_bufmgr_get_stats() (printed at destruction
 * with PONY_DEBUG=bufmgr). */
struct pony_bufmgr_stats {
   uint64_t allocs;            /* pony_bo_alloc() successes */
   uint64_t cache_hits;        /* ... served from the cache */
   uint64_t cache_misses;      /* ... that went to the backend */
   uint64_t cache_puts;        /* released buffers kept in the cache */
   uint64_t cache_evict_age;   /* cached buffers destroyed for their age */
   uint64_t cache_evict_size;  /* ... to keep the cache under its byte limit */
   uint64_t cache_purged;      /* ... by pony_bufmgr_cache_purge()/destroy */
   uint64_t cached_bos;        /* now in the cache */
   uint64_t cached_bytes;
   uint64_t live_bos;          /* buffer objects with references */
   uint64_t backend_creates, backend_destroys;
   uint64_t imports;           /* pony_bufmgr_import_dmabuf() successes */
   uint64_t import_reuses;     /* ... that found the buffer already known */
   uint64_t exports;           /* dma-buf fds handed out */
   uint64_t flinks;            /* flink names made */
   uint64_t mmaps;             /* CPU mappings made */
   uint64_t map_reuses;        /* pony_bo_map() calls served by a kept mapping */
   uint64_t syncs;             /* DMA_BUF_IOCTL_SYNC calls */
   uint64_t release_errors;    /* failed ioctls or munmaps while releasing */
};

struct pony_bufmgr_options {
   /* Allocation backend; NULL: the dumb-buffer backend. */
   const struct pony_bufmgr_backend *backend;
   void *backend_priv;
   /* Generic GEM/PRIME/mmap calls; NULL: the kernel's, through libdrm.
    * Tests supply a fake. */
   const struct pony_bufmgr_kernel *kernel;
   void *kernel_priv;
   /* Clock for the cache's age limit, in ns; NULL: CLOCK_MONOTONIC. */
   uint64_t (*now_ns)(void *clock_priv);
   void *clock_priv;
   /* Cache policy: 0 picks the default (1 s, 64 MiB); a limit of
    * UINT64_MAX disables that limit.  disable_cache keeps nothing. */
   uint64_t cache_max_age_ns;
   uint64_t cache_max_bytes;
   bool disable_cache;
};

/* opts may be NULL (all defaults).  -EBADF for a bad fd, -ENOMEM. */
int pony_bufmgr_create(int fd, const struct pony_bufmgr_options *opts,
                       struct pony_bufmgr **out);

/* Drop the creator's reference; the cache is emptied now. */
void pony_bufmgr_destroy(struct pony_bufmgr *mgr);

/* The manager's own fd (valid while the manager lives). */
int pony_bufmgr_fd(const struct pony_bufmgr *mgr);

void pony_bufmgr_get_stats(struct pony_bufmgr *mgr, struct pony_bufmgr_stats *stats);

/* Destroy cached buffers older than the age limit / all cached buffers. */
void pony_bufmgr_cache_trim(struct pony_bufmgr *mgr);
void pony_bufmgr_cache_purge(struct pony_bufmgr *mgr);

/* A new buffer (reference count 1), from the cache when one fits.
 * -EINVAL for a bad info, else the backend's error. */
int pony_bo_alloc(struct pony_bufmgr *mgr, const struct pony_bo_alloc_info *info,
                  struct pony_bo **out);

/*
 * The buffer object of a dma-buf (the fd stays the caller's).  Importing
 * a dma-buf whose kernel buffer this manager already has an object for
 * (imported before, or one of its own exported) returns that object with
 * one more reference.
 */
int pony_bufmgr_import_dmabuf(struct pony_bufmgr *mgr, int dmabuf_fd, struct pony_bo **out);

void pony_bo_ref(struct pony_bo *bo);
/* NULL is allowed.  The last reference puts the buffer in the cache or
 * destroys it (unmapping it and closing its handle). */
void pony_bo_unref(struct pony_bo *bo);

uint32_t pony_bo_handle(const struct pony_bo *bo);  /* the kernel's GEM handle */
uint64_t pony_bo_size(const struct pony_bo *bo);
uint32_t pony_bo_pitch(const struct pony_bo *bo);   /* 0 for linear and imported buffers */
/* The backend's name for the buffer (virtio-gpu: the host resource
 * handle), for own and imported buffers; 0 when the backend has none. */
uint32_t pony_bo_backend_id(const struct pony_bo *bo);
bool pony_bo_is_shared(const struct pony_bo *bo);   /* imported, exported or flinked */
unsigned pony_bo_refcount(const struct pony_bo *bo);

/*
 * A CPU pointer to the whole buffer.  The mapping is made once and kept
 * until the buffer is destroyed; on a shared buffer each map starts CPU
 * access (DMA_BUF_IOCTL_SYNC) with the given flags and the last unmap
 * ends it.  Every successful map is paired with one unmap.
 */
int pony_bo_map(struct pony_bo *bo, unsigned flags, void **ptr);
int pony_bo_unmap(struct pony_bo *bo);

/* A new dma-buf fd for the buffer (close it when done); the buffer is
 * shared from now on (never cached). */
int pony_bo_export_dmabuf(struct pony_bo *bo, int *dmabuf_fd);

/* The buffer's global flink name (made on the first call). */
int pony_bo_flink(struct pony_bo *bo, uint32_t *name);

#ifdef __cplusplus
}
#endif

#endif
