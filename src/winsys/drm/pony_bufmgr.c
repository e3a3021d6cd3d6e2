/*
 * The GEM buffer manager (pony_bufmgr.h, docs/winsys.md): buffer objects
 * with reference counts over one fd's GEM handles, the handle table that
 * keeps one object per kernel buffer, PRIME import/export, flink names,
 * kept CPU mappings with dma-buf sync, and the reuse cache.
 *
 * Locking: mgr->lock guards the handle table, the cache, the statistics
 * and every bo field but the reference count.  A reference count only
 * reaches zero under the lock, and lookups in the table take their
 * reference under it, so an import never revives a buffer being freed.
 * Handles are created and closed under the lock too: a handle number the
 * kernel hands out is never one the table still holds.
 */
#include "pony_bufmgr.h"
#include "pony_bufmgr_backend.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/dma-buf.h>
#include <xf86drm.h>

#include "util/u_debug.h"
#include "util/u_hash.h"
#include "util/u_hash_table.h"

/* Size buckets: 4 KiB, then four per power of two (5/4, 6/4, 7/4, 8/4 of
 * it) up to 256 MiB; a request is filed under the smallest bucket that
 * holds its minimum size, so a bucket wastes at most a quarter.  Larger
 * buffers are never cached. */
#define BUCKET_MIN_SHIFT 12
#define BUCKET_COUNT 65

/* In bo->access: a START sync was made for the open maps, so the last
 * unmap ends it (a buffer exported while mapped gets no END unpaired). */
#define BO_ACCESS_SYNCED (1u << 31)

#define DEFAULT_MAX_AGE_NS 1000000000ull
#define DEFAULT_MAX_BYTES (64ull << 20)

struct bo_link {
   struct bo_link *prev, *next;
};

struct pony_bo {
   struct pony_bufmgr *mgr;
   atomic_uint refcount;
   uint32_t handle;               /* the table's key: stays put while listed */
   uint32_t pitch;
   uint64_t size;
   uint32_t backend_id;           /* pony_bo_layout.backend_id */
   struct pony_bo_alloc_info info;   /* what it was made for (cache matching; no backend_desc) */
   int bucket;                    /* -1: never cached */
   bool imported;                 /* made by import: mapped through dmabuf_fd, closed with GEM_CLOSE */
   bool shared;                   /* imported, exported or flinked: never cached */
   uint32_t flink_name;           /* 0: none yet */
   int dmabuf_fd;                 /* ours, for mapping imports and for syncs; -1 */
   void *map;
   unsigned map_count;
   unsigned access;               /* PONY_BO_MAP_* synced since the first open map */
   uint64_t free_time;            /* when it entered the cache */
   struct bo_link bucket_link, age_link;
};

struct pony_bufmgr {
   int fd;
   atomic_uint refcount;          /* the creator's + one per bo object */
   pthread_mutex_t lock;
   const struct pony_bufmgr_backend *backend;
   void *backend_priv;
   const struct pony_bufmgr_kernel *kernel;
   void *kernel_priv;
   uint64_t (*now_ns)(void *);
   void *clock_priv;
   uint64_t max_age_ns, max_bytes;
   bool cache_enabled;
   bool destroyed;                /* the creator let go: cache nothing more */
   bool dead;                     /* refcount reached 0: free at unlock */
   bool debug;
   struct u_hash_table *handles;  /* GEM handle -> bo */
   struct bo_link buckets[BUCKET_COUNT];   /* cached bos, oldest first */
   struct bo_link age;            /* all cached bos, oldest first */
   struct pony_bufmgr_stats stats;
};

#define BO_FROM(link, member) ((struct pony_bo *)((char *)(link) - offsetof(struct pony_bo, member)))

static void
link_init(struct bo_link *head)
{
   head->prev = head->next = head;
}

static void
link_append(struct bo_link *head, struct bo_link *l)
{
   l->prev = head->prev;
   l->next = head;
   head->prev->next = l;
   head->prev = l;
}

static void
link_remove(struct bo_link *l)
{
   l->prev->next = l->next;
   l->next->prev = l->prev;
   l->prev = l->next = l;
}

/* The bucket whose size is the smallest at least size, or -1. */
static int
bucket_index(uint64_t size)
{
   if (size <= (1ull << BUCKET_MIN_SHIFT))
      return 0;
   unsigned k = 63 - (unsigned)__builtin_clzll(size - 1);   /* size in (2^k, 2^(k+1)] */
   uint64_t quarter = (1ull << k) / 4;
   unsigned j = (unsigned)((size - 1 - (1ull << k)) / quarter);
   unsigned index = (k - BUCKET_MIN_SHIFT) * 4 + j + 1;
   return index < BUCKET_COUNT ? (int)index : -1;
}

static uint32_t
handle_hash(const uint32_t *handle)
{
   return u_hash_fnv1a(handle, sizeof *handle);
}

static uint64_t
clock_now(void *priv)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void
mgr_free(struct pony_bufmgr *mgr)
{
   u_hash_table_destroy(mgr->handles);
   pthread_mutex_destroy(&mgr->lock);
   close(mgr->fd);
   free(mgr);
}

/* Unlock, and free the manager if its last reference went meanwhile. */
static void
mgr_unlock(struct pony_bufmgr *mgr)
{
   bool dead = mgr->dead;
   pthread_mutex_unlock(&mgr->lock);
   if (dead)
      mgr_free(mgr);
}

static struct pony_bo *
bo_new_locked(struct pony_bufmgr *mgr, uint32_t handle)
{
   struct pony_bo *bo = calloc(1, sizeof *bo);
   if (!bo)
      return NULL;
   bo->mgr = mgr;
   bo->handle = handle;
   bo->bucket = -1;
   bo->dmabuf_fd = -1;
   atomic_init(&bo->refcount, 1);
   link_init(&bo->bucket_link);
   link_init(&bo->age_link);
   if (!u_hash_table_insert(mgr->handles, handle_hash(&bo->handle), &bo->handle,
                            sizeof bo->handle, bo)) {
      free(bo);
      return NULL;
   }
   atomic_fetch_add(&mgr->refcount, 1);
   mgr->stats.live_bos++;
   return bo;
}

/* Unmap, close and free: the kernel buffer goes (or loses our handle). */
static void
bo_destroy_locked(struct pony_bo *bo)
{
   struct pony_bufmgr *mgr = bo->mgr;
   int ret;

   u_hash_table_remove(mgr->handles, handle_hash(&bo->handle), &bo->handle, sizeof bo->handle);
   if (bo->map && mgr->kernel->munmap(mgr->kernel_priv, bo->map, (size_t)bo->size))
      mgr->stats.release_errors++;
   if (bo->dmabuf_fd >= 0)
      close(bo->dmabuf_fd);
   if (bo->imported) {
      ret = mgr->kernel->gem_close(mgr->kernel_priv, mgr->fd, bo->handle);
   } else {
      ret = mgr->backend->destroy(mgr->backend_priv, mgr->fd, bo->handle);
      mgr->stats.backend_destroys++;
   }
   if (ret) {
      mgr->stats.release_errors++;
      if (mgr->debug)
         pony_log("bufmgr", "closing handle %u failed: %s", bo->handle, strerror(-ret));
   }
   free(bo);
   if (atomic_fetch_sub(&mgr->refcount, 1) == 1)
      mgr->dead = true;
}

static void
cache_remove_locked(struct pony_bo *bo)
{
   struct pony_bufmgr *mgr = bo->mgr;
   link_remove(&bo->bucket_link);
   link_remove(&bo->age_link);
   mgr->stats.cached_bos--;
   mgr->stats.cached_bytes -= bo->size;
}

/* Destroy cached buffers past the age limit, then the oldest ones while
 * the cache holds more than its byte limit. */
static void
cache_evict_locked(struct pony_bufmgr *mgr, uint64_t now)
{
   while (mgr->age.next != &mgr->age) {
      struct pony_bo *bo = BO_FROM(mgr->age.next, age_link);
      if (now - bo->free_time <= mgr->max_age_ns)
         break;
      cache_remove_locked(bo);
      bo_destroy_locked(bo);
      mgr->stats.cache_evict_age++;
   }
   while (mgr->stats.cached_bytes > mgr->max_bytes) {
      struct pony_bo *bo = BO_FROM(mgr->age.next, age_link);
      cache_remove_locked(bo);
      bo_destroy_locked(bo);
      mgr->stats.cache_evict_size++;
   }
}

static void
cache_purge_locked(struct pony_bufmgr *mgr)
{
   while (mgr->age.next != &mgr->age) {
      struct pony_bo *bo = BO_FROM(mgr->age.next, age_link);
      cache_remove_locked(bo);
      bo_destroy_locked(bo);
      mgr->stats.cache_purged++;
   }
}

static bool
cache_fits(const struct pony_bo *bo, const struct pony_bo_alloc_info *info)
{
   if (bo->info.flags != info->flags)
      return false;
   if (!info->width)
      return !bo->info.width && bo->size >= info->size;
   /* Same width and bpp give the same pitch from the same backend. */
   return bo->info.width == info->width && bo->info.bpp == info->bpp &&
          (uint64_t)bo->pitch * info->height <= bo->size;
}

/* The most recently freed cached buffer of the bucket that fits, or NULL. */
static struct pony_bo *
cache_get_locked(struct pony_bufmgr *mgr, int bucket, const struct pony_bo_alloc_info *info)
{
   struct bo_link *head = &mgr->buckets[bucket];
   for (struct bo_link *l = head->prev; l != head; l = l->prev) {
      struct pony_bo *bo = BO_FROM(l, bucket_link);
      if (cache_fits(bo, info)) {
         cache_remove_locked(bo);
         return bo;
      }
   }
   return NULL;
}

/* The last reference went: keep the buffer for reuse, or destroy it. */
static void
bo_release_locked(struct pony_bo *bo)
{
   struct pony_bufmgr *mgr = bo->mgr;
   mgr->stats.live_bos--;
   if (bo->shared || bo->bucket < 0 || !mgr->cache_enabled || mgr->destroyed ||
       bo->map_count) {
      bo_destroy_locked(bo);
      return;
   }
   uint64_t now = mgr->now_ns(mgr->clock_priv);
   bo->free_time = now;
   link_append(&mgr->buckets[bo->bucket], &bo->bucket_link);
   link_append(&mgr->age, &bo->age_link);
   mgr->stats.cache_puts++;
   mgr->stats.cached_bos++;
   mgr->stats.cached_bytes += bo->size;
   cache_evict_locked(mgr, now);
}

int
pony_bufmgr_create(int fd, const struct pony_bufmgr_options *opts, struct pony_bufmgr **out)
{
   static const struct pony_bufmgr_options defaults;
   struct pony_bufmgr *mgr;

   *out = NULL;
   if (!opts)
      opts = &defaults;
   mgr = calloc(1, sizeof *mgr);
   if (!mgr)
      return -ENOMEM;
   mgr->handles = u_hash_table_create();
   if (!mgr->handles) {
      free(mgr);
      return -ENOMEM;
   }
   /* Our own fd on the same file description: same GEM handles. */
   mgr->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
   if (mgr->fd < 0) {
      int ret = errno ? -errno : -EBADF;
      u_hash_table_destroy(mgr->handles);
      free(mgr);
      return ret;
   }
   pthread_mutex_init(&mgr->lock, NULL);
   atomic_init(&mgr->refcount, 1);
   mgr->backend = opts->backend ? opts->backend : &pony_bufmgr_dumb_backend;
   mgr->backend_priv = opts->backend_priv;
   mgr->kernel = opts->kernel ? opts->kernel : &pony_bufmgr_kernel_drm;
   mgr->kernel_priv = opts->kernel_priv;
   mgr->now_ns = opts->now_ns ? opts->now_ns : clock_now;
   mgr->clock_priv = opts->clock_priv;
   mgr->max_age_ns = opts->cache_max_age_ns ? opts->cache_max_age_ns : DEFAULT_MAX_AGE_NS;
   mgr->max_bytes = opts->cache_max_bytes ? opts->cache_max_bytes : DEFAULT_MAX_BYTES;
   mgr->cache_enabled = !opts->disable_cache;
   mgr->debug = (pony_debug_get() & PONY_DEBUG_BUFMGR) != 0;
   for (unsigned i = 0; i < BUCKET_COUNT; i++)
      link_init(&mgr->buckets[i]);
   link_init(&mgr->age);
   *out = mgr;
   return 0;
}

void
pony_bufmgr_destroy(struct pony_bufmgr *mgr)
{
   if (!mgr)
      return;
   pthread_mutex_lock(&mgr->lock);
   mgr->destroyed = true;
   cache_purge_locked(mgr);
   if (mgr->debug) {
      const struct pony_bufmgr_stats *s = &mgr->stats;
      pony_log("bufmgr",
               "%s backend: %llu allocs (%llu from the cache, %llu new), %llu put in the cache, "
               "%llu evicted for age, %llu for size, %llu purged; %llu imports (%llu known), "
               "%llu exports, %llu flinks, %llu mmaps (%llu reused), %llu syncs, "
               "%llu release errors; %llu buffers still referenced",
               mgr->backend->name ? mgr->backend->name : "?",
               (unsigned long long)s->allocs, (unsigned long long)s->cache_hits,
               (unsigned long long)s->cache_misses, (unsigned long long)s->cache_puts,
               (unsigned long long)s->cache_evict_age, (unsigned long long)s->cache_evict_size,
               (unsigned long long)s->cache_purged, (unsigned long long)s->imports,
               (unsigned long long)s->import_reuses, (unsigned long long)s->exports,
               (unsigned long long)s->flinks, (unsigned long long)s->mmaps,
               (unsigned long long)s->map_reuses, (unsigned long long)s->syncs,
               (unsigned long long)s->release_errors, (unsigned long long)s->live_bos);
   }
   if (atomic_fetch_sub(&mgr->refcount, 1) == 1)
      mgr->dead = true;
   mgr_unlock(mgr);
}

int
pony_bufmgr_fd(const struct pony_bufmgr *mgr)
{
   return mgr->fd;
}

void
pony_bufmgr_get_stats(struct pony_bufmgr *mgr, struct pony_bufmgr_stats *stats)
{
   pthread_mutex_lock(&mgr->lock);
   *stats = mgr->stats;
   pthread_mutex_unlock(&mgr->lock);
}

void
pony_bufmgr_cache_trim(struct pony_bufmgr *mgr)
{
   pthread_mutex_lock(&mgr->lock);
   cache_evict_locked(mgr, mgr->now_ns(mgr->clock_priv));
   mgr_unlock(mgr);
}

void
pony_bufmgr_cache_purge(struct pony_bufmgr *mgr)
{
   pthread_mutex_lock(&mgr->lock);
   cache_purge_locked(mgr);
   mgr_unlock(mgr);
}

int
pony_bo_alloc(struct pony_bufmgr *mgr, const struct pony_bo_alloc_info *info,
              struct pony_bo **out)
{
   struct pony_bo_layout layout;
   struct pony_bo *bo;
   uint64_t min_size;
   int bucket, ret;

   *out = NULL;
   if (info->width) {
      if (!info->height || !info->bpp || info->bpp > 128)
         return -EINVAL;
      uint64_t row = ((uint64_t)info->width * info->bpp + 7) / 8;
      if (row > UINT64_MAX / info->height)
         return -EINVAL;
      min_size = row * info->height;
   } else {
      if (!info->size)
         return -EINVAL;
      min_size = info->size;
   }
   bucket = (info->flags & PONY_BO_ALLOC_NO_CACHE) || info->backend_desc
               ? -1
               : bucket_index(min_size);

   pthread_mutex_lock(&mgr->lock);
   if (bucket >= 0 && mgr->cache_enabled) {
      cache_evict_locked(mgr, mgr->now_ns(mgr->clock_priv));
      bo = cache_get_locked(mgr, bucket, info);
      if (bo) {
         atomic_store(&bo->refcount, 1);
         mgr->stats.cache_hits++;
         mgr->stats.allocs++;
         mgr->stats.live_bos++;
         *out = bo;
         mgr_unlock(mgr);
         return 0;
      }
   }
   memset(&layout, 0, sizeof layout);
   ret = mgr->backend->create(mgr->backend_priv, mgr->fd, info, &layout);
   if (ret) {
      if (mgr->debug)
         pony_log("bufmgr", "%s create of %llu bytes failed: %s", mgr->backend->name,
                  (unsigned long long)min_size, strerror(-ret));
      mgr_unlock(mgr);
      return ret;
   }
   mgr->stats.backend_creates++;
   /* A broken backend: a handle we already hold (closing it would free
    * another object's buffer), or less memory than asked for. */
   if (u_hash_table_search(mgr->handles, handle_hash(&layout.handle), &layout.handle,
                           sizeof layout.handle)) {
      if (mgr->debug)
         pony_log("bufmgr", "%s create returned handle %u, already in use", mgr->backend->name,
                  layout.handle);
      mgr_unlock(mgr);
      return -EEXIST;
   }
   ret = layout.size < min_size ? -EPROTO : 0;
   bo = ret ? NULL : bo_new_locked(mgr, layout.handle);
   if (!bo) {
      mgr->backend->destroy(mgr->backend_priv, mgr->fd, layout.handle);
      mgr->stats.backend_destroys++;
      mgr_unlock(mgr);
      return ret ? ret : -ENOMEM;
   }
   bo->pitch = layout.pitch;
   bo->size = layout.size;
   bo->backend_id = layout.backend_id;
   bo->info = *info;
   bo->info.backend_desc = NULL;   /* the caller's: not kept */
   bo->bucket = bucket;
   mgr->stats.cache_misses++;
   mgr->stats.allocs++;
   *out = bo;
   mgr_unlock(mgr);
   return 0;
}

int
pony_bufmgr_import_dmabuf(struct pony_bufmgr *mgr, int dmabuf_fd, struct pony_bo **out)
{
   const struct pony_bufmgr_kernel *k = mgr->kernel;
   struct pony_bo *bo;
   uint32_t handle;
   uint64_t size;
   int ret, own_fd = -1;

   *out = NULL;
   pthread_mutex_lock(&mgr->lock);
   ret = k->prime_fd_to_handle(mgr->kernel_priv, mgr->fd, dmabuf_fd, &handle);
   if (ret)
      goto out;

   /* The kernel gives one handle per buffer on this fd: a known handle is
    * a known buffer. */
   bo = u_hash_table_search(mgr->handles, handle_hash(&handle), &handle, sizeof handle);
   if (bo) {
      if (atomic_load(&bo->refcount) == 0) {
         /* Cached (shared with someone behind our back): take it back. */
         cache_remove_locked(bo);
         mgr->stats.live_bos++;
      }
      atomic_fetch_add(&bo->refcount, 1);
      bo->shared = true;
      if (bo->dmabuf_fd < 0)
         bo->dmabuf_fd = fcntl(dmabuf_fd, F_DUPFD_CLOEXEC, 3);
      mgr->stats.imports++;
      mgr->stats.import_reuses++;
      *out = bo;
      goto out;
   }

   ret = k->dmabuf_size(mgr->kernel_priv, dmabuf_fd, &size);
   if (!ret && !size)
      ret = -EINVAL;
   if (!ret) {
      own_fd = fcntl(dmabuf_fd, F_DUPFD_CLOEXEC, 3);
      if (own_fd < 0)
         ret = errno ? -errno : -EBADF;
   }
   struct pony_bo_layout layout;
   memset(&layout, 0, sizeof layout);
   if (!ret && mgr->backend->describe_import) {
      ret = mgr->backend->describe_import(mgr->backend_priv, mgr->fd, handle, &layout);
      if (ret && own_fd >= 0)
         close(own_fd);
   }
   if (!ret) {
      bo = bo_new_locked(mgr, handle);
      if (!bo) {
         close(own_fd);
         ret = -ENOMEM;
      }
   }
   if (ret) {
      k->gem_close(mgr->kernel_priv, mgr->fd, handle);
      goto out;
   }
   bo->backend_id = layout.backend_id;
   bo->imported = true;
   bo->shared = true;
   bo->size = size;
   bo->dmabuf_fd = own_fd;
   mgr->stats.imports++;
   *out = bo;
out:
   if (ret && mgr->debug)
      pony_log("bufmgr", "import of dma-buf fd %d failed: %s", dmabuf_fd, strerror(-ret));
   mgr_unlock(mgr);
   return ret;
}

void
pony_bo_ref(struct pony_bo *bo)
{
   atomic_fetch_add(&bo->refcount, 1);
}

void
pony_bo_unref(struct pony_bo *bo)
{
   if (!bo)
      return;
   /* Not the last reference: no lock. */
   unsigned old = atomic_load(&bo->refcount);
   while (old > 1) {
      if (atomic_compare_exchange_weak(&bo->refcount, &old, old - 1))
         return;
   }
   struct pony_bufmgr *mgr = bo->mgr;
   pthread_mutex_lock(&mgr->lock);
   if (atomic_fetch_sub(&bo->refcount, 1) == 1)
      bo_release_locked(bo);
   mgr_unlock(mgr);
}

uint32_t
pony_bo_handle(const struct pony_bo *bo)
{
   return bo->handle;
}

uint64_t
pony_bo_size(const struct pony_bo *bo)
{
   return bo->size;
}

uint32_t
pony_bo_backend_id(const struct pony_bo *bo)
{
   return bo->backend_id;
}

uint32_t
pony_bo_pitch(const struct pony_bo *bo)
{
   return bo->pitch;
}

bool
pony_bo_is_shared(const struct pony_bo *bo)
{
   return bo->shared;
}

unsigned
pony_bo_refcount(const struct pony_bo *bo)
{
   return atomic_load(&((struct pony_bo *)bo)->refcount);
}

static uint64_t
sync_flags(unsigned access)
{
   uint64_t f = 0;
   if (access & PONY_BO_MAP_READ)
      f |= DMA_BUF_SYNC_READ;
   if (access & PONY_BO_MAP_WRITE)
      f |= DMA_BUF_SYNC_WRITE;
   return f ? f : DMA_BUF_SYNC_RW;
}

int
pony_bo_map(struct pony_bo *bo, unsigned flags, void **ptr)
{
   struct pony_bufmgr *mgr = bo->mgr;
   const struct pony_bufmgr_kernel *k = mgr->kernel;
   int ret = 0, sync_fd;

   *ptr = NULL;
   pthread_mutex_lock(&mgr->lock);
   if (!bo->map) {
      void *p = NULL;
      if (bo->imported) {
         ret = k->mmap(mgr->kernel_priv, bo->dmabuf_fd, 0, (size_t)bo->size, &p);
      } else {
         uint64_t offset;
         ret = mgr->backend->map_offset(mgr->backend_priv, mgr->fd, bo->handle, &offset);
         if (!ret)
            ret = k->mmap(mgr->kernel_priv, mgr->fd, offset, (size_t)bo->size, &p);
      }
      if (ret) {
         if (mgr->debug)
            pony_log("bufmgr", "mapping handle %u failed: %s", bo->handle, strerror(-ret));
         pthread_mutex_unlock(&mgr->lock);
         return ret;
      }
      bo->map = p;
      mgr->stats.mmaps++;
   } else {
      mgr->stats.map_reuses++;
   }
   bo->map_count++;
   sync_fd = bo->dmabuf_fd;
   pthread_mutex_unlock(&mgr->lock);

   /* CPU access to a shared buffer starts with a sync (it may wait for the
    * GPU or flush caches), outside the lock. */
   if (sync_fd >= 0) {
      ret = k->dmabuf_sync(mgr->kernel_priv, sync_fd, DMA_BUF_SYNC_START | sync_flags(flags));
      pthread_mutex_lock(&mgr->lock);
      if (ret) {
         bo->map_count--;
      } else {
         bo->access |= (flags & (PONY_BO_MAP_READ | PONY_BO_MAP_WRITE)) | BO_ACCESS_SYNCED;
         mgr->stats.syncs++;
      }
      pthread_mutex_unlock(&mgr->lock);
      if (ret)
         return ret;
   }
   *ptr = bo->map;
   return 0;
}

int
pony_bo_unmap(struct pony_bo *bo)
{
   struct pony_bufmgr *mgr = bo->mgr;
   int sync_fd = -1, ret;
   unsigned access = 0;

   pthread_mutex_lock(&mgr->lock);
   if (!bo->map_count) {
      pthread_mutex_unlock(&mgr->lock);
      return -EINVAL;
   }
   if (--bo->map_count == 0) {
      if (bo->access & BO_ACCESS_SYNCED)
         sync_fd = bo->dmabuf_fd;
      access = bo->access;
      bo->access = 0;
   }
   pthread_mutex_unlock(&mgr->lock);
   if (sync_fd < 0)
      return 0;
   ret = mgr->kernel->dmabuf_sync(mgr->kernel_priv, sync_fd, DMA_BUF_SYNC_END | sync_flags(access));
   pthread_mutex_lock(&mgr->lock);
   if (!ret)
      mgr->stats.syncs++;
   pthread_mutex_unlock(&mgr->lock);
   return ret;
}

int
pony_bo_export_dmabuf(struct pony_bo *bo, int *dmabuf_fd)
{
   struct pony_bufmgr *mgr = bo->mgr;
   int fd, ret;

   *dmabuf_fd = -1;
   pthread_mutex_lock(&mgr->lock);
   ret = mgr->kernel->prime_handle_to_fd(mgr->kernel_priv, mgr->fd, bo->handle,
                                         DRM_CLOEXEC | DRM_RDWR, &fd);
   if (!ret && bo->dmabuf_fd < 0) {
      /* Our own fd on the dma-buf, for the syncs around CPU access. */
      bo->dmabuf_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
      if (bo->dmabuf_fd < 0) {
         ret = errno ? -errno : -EMFILE;
         close(fd);
      }
   }
   if (!ret) {
      bo->shared = true;
      mgr->stats.exports++;
      *dmabuf_fd = fd;
   } else if (mgr->debug) {
      pony_log("bufmgr", "export of handle %u failed: %s", bo->handle, strerror(-ret));
   }
   pthread_mutex_unlock(&mgr->lock);
   return ret;
}

int
pony_bo_flink(struct pony_bo *bo, uint32_t *name)
{
   struct pony_bufmgr *mgr = bo->mgr;
   int ret = 0;

   pthread_mutex_lock(&mgr->lock);
   if (!bo->flink_name) {
      ret = mgr->kernel->gem_flink(mgr->kernel_priv, mgr->fd, bo->handle, &bo->flink_name);
      if (!ret) {
         bo->shared = true;
         mgr->stats.flinks++;
      }
   }
   *name = ret ? 0 : bo->flink_name;
   pthread_mutex_unlock(&mgr->lock);
   return ret;
}
