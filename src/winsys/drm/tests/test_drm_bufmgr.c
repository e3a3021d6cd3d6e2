/*
 * The GEM buffer manager over a fake backend and a fake kernel layer, so
 * it runs without a DRM device: reference counts, the reuse cache (same
 * bucket reuse, age and size eviction with an injected clock, counters),
 * kept mappings, one object per kernel buffer on PRIME import, dma-buf
 * syncs, flink, every failure path returning its error, threads, and no
 * leaked buffers, handles or fds at the end (the fake device: fake_drm.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/dma-buf.h>

#include "fake_drm.h"
#include "pony_bufmgr.h"
#include "pony_bufmgr_backend.h"

static int failures;

#define CHECK(cond, ...)                                                  \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

static void
fake_done(struct fake *f)
{
   unsigned left = fake_free(f);
   CHECK(left == 0, "%u fake kernel buffers left", left);
}

static int dev_fd;   /* stands for the DRM fd: the manager only dups it */

static struct pony_bufmgr *
mgr_new(struct fake *f, uint64_t max_age, uint64_t max_bytes, bool no_cache)
{
   struct pony_bufmgr_options o = {
      .backend = &fake_backend, .backend_priv = f,
      .kernel = &fake_kernel, .kernel_priv = f,
      .now_ns = fake_now, .clock_priv = f,
      .cache_max_age_ns = max_age, .cache_max_bytes = max_bytes,
      .disable_cache = no_cache,
   };
   struct pony_bufmgr *mgr = NULL;
   int ret = pony_bufmgr_create(dev_fd, &o, &mgr);
   if (ret || !mgr) {
      fprintf(stderr, "pony_bufmgr_create: %d\n", ret);
      exit(1);
   }
   return mgr;
}

static struct pony_bufmgr_stats
stats_of(struct pony_bufmgr *mgr)
{
   struct pony_bufmgr_stats s;
   pony_bufmgr_get_stats(mgr, &s);
   return s;
}

static struct pony_bo *
alloc_2d(struct pony_bufmgr *mgr, uint32_t w, uint32_t h, uint32_t bpp)
{
   struct pony_bo_alloc_info info = { .width = w, .height = h, .bpp = bpp };
   struct pony_bo *bo = NULL;
   int ret = pony_bo_alloc(mgr, &info, &bo);
   CHECK(ret == 0 && bo, "alloc %ux%u: %d", w, h, ret);
   return bo;
}

static struct pony_bo *
alloc_linear(struct pony_bufmgr *mgr, uint64_t size)
{
   struct pony_bo_alloc_info info = { .size = size };
   struct pony_bo *bo = NULL;
   int ret = pony_bo_alloc(mgr, &info, &bo);
   CHECK(ret == 0 && bo, "alloc %llu: %d", (unsigned long long)size, ret);
   return bo;
}

static void
test_refcount(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, true);
   struct pony_bo *bo = alloc_2d(mgr, 100, 20, 32);

   CHECK(pony_bo_refcount(bo) == 1, "%u", pony_bo_refcount(bo));
   CHECK(pony_bo_pitch(bo) == 448, "pitch %u", pony_bo_pitch(bo));
   CHECK(pony_bo_size(bo) == 12288, "size %llu", (unsigned long long)pony_bo_size(bo));
   CHECK(pony_bo_handle(bo) == 1, "handle %u", pony_bo_handle(bo));
   pony_bo_ref(bo);
   pony_bo_ref(bo);
   CHECK(pony_bo_refcount(bo) == 3, "%u", pony_bo_refcount(bo));
   pony_bo_unref(bo);
   pony_bo_unref(bo);
   CHECK(fake_live(f) == 1 && f->destroys == 0, "freed while referenced");
   CHECK(stats_of(mgr).live_bos == 1, "live");
   pony_bo_unref(bo);
   CHECK(fake_live(f) == 0 && f->destroys == 1, "not freed by the last unref (cache off)");
   CHECK(stats_of(mgr).live_bos == 0 && stats_of(mgr).cached_bos == 0, "stats");
   pony_bo_unref(NULL);

   /* The manager outlives its creator's reference while a buffer lives. */
   bo = alloc_linear(mgr, 4096);
   pony_bufmgr_destroy(mgr);
   CHECK(fake_live(f) == 1, "buffer freed by manager destroy");
   void *p = NULL;
   CHECK(pony_bo_map(bo, PONY_BO_MAP_WRITE, &p) == 0 && p, "map after destroy");
   CHECK(pony_bo_unmap(bo) == 0, "unmap");
   pony_bo_unref(bo);   /* frees the manager too (valgrind checks) */
   CHECK(fake_live(f) == 0, "buffer kept");
   fake_done(f);
}

static void
test_cache_reuse(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, false);
   struct pony_bo *a = alloc_2d(mgr, 64, 64, 32);
   uint32_t ha = pony_bo_handle(a);

   pony_bo_unref(a);
   struct pony_bufmgr_stats s = stats_of(mgr);
   CHECK(s.cached_bos == 1 && s.cached_bytes == 16384 && s.cache_puts == 1,
         "cached %llu %llu", (unsigned long long)s.cached_bos, (unsigned long long)s.cached_bytes);
   CHECK(f->destroys == 0 && fake_live(f) == 1, "a cached buffer stays allocated");

   /* Same bucket (64x60 needs 15360 bytes, filed at 16384 like 64x64),
    * same width and bpp: the cached buffer comes back. */
   struct pony_bo *b = alloc_2d(mgr, 64, 60, 32);
   CHECK(pony_bo_handle(b) == ha, "not reused: %u vs %u", pony_bo_handle(b), ha);
   CHECK(pony_bo_refcount(b) == 1, "refcount of a reused buffer %u", pony_bo_refcount(b));
   s = stats_of(mgr);
   CHECK(s.cache_hits == 1 && s.cache_misses == 1 && s.allocs == 2 && s.cached_bos == 0 &&
         s.cached_bytes == 0 && f->creates == 1, "hits %llu misses %llu creates %u",
         (unsigned long long)s.cache_hits, (unsigned long long)s.cache_misses, f->creates);
   pony_bo_unref(b);

   /* Another width in the same bucket (different pitch) or another bucket:
    * a new buffer. */
   struct pony_bo *c = alloc_2d(mgr, 32, 128, 32);
   struct pony_bo *d = alloc_2d(mgr, 128, 128, 32);
   CHECK(pony_bo_handle(c) != ha && pony_bo_handle(d) != ha, "wrong reuse");
   CHECK(f->creates == 3 && stats_of(mgr).cached_bos == 1, "creates %u", f->creates);
   /* ... while the same request still finds it. */
   struct pony_bo *e = alloc_2d(mgr, 64, 64, 32);
   CHECK(pony_bo_handle(e) == ha, "not reused");

   /* NO_CACHE neither takes from nor gives to the cache. */
   pony_bo_unref(e);
   struct pony_bo_alloc_info nc = { .width = 64, .height = 64, .bpp = 32,
                                    .flags = PONY_BO_ALLOC_NO_CACHE };
   struct pony_bo *g = NULL;
   CHECK(pony_bo_alloc(mgr, &nc, &g) == 0 && pony_bo_handle(g) != ha, "NO_CACHE reused");
   unsigned destroys = f->destroys;
   pony_bo_unref(g);
   CHECK(f->destroys == destroys + 1, "NO_CACHE buffer cached");

   /* Linear buffers: 5000 and 5120 bytes share the 5120 bucket; 6000 not. */
   struct pony_bo *l = alloc_linear(mgr, 5000);
   uint32_t hl = pony_bo_handle(l);
   pony_bo_unref(l);
   l = alloc_linear(mgr, 5120);
   CHECK(pony_bo_handle(l) == hl, "linear not reused");
   pony_bo_unref(l);
   struct pony_bo *m = alloc_linear(mgr, 6000);
   CHECK(pony_bo_handle(m) != hl, "linear reused across buckets");

   pony_bo_unref(c);
   pony_bo_unref(d);
   pony_bo_unref(m);
   /* In the cache: e (64x64), the 5120-byte linear one, c, d and m. */
   s = stats_of(mgr);
   CHECK(s.live_bos == 0 && s.cached_bos == 5, "live %llu cached %llu",
         (unsigned long long)s.live_bos, (unsigned long long)s.cached_bos);
   pony_bufmgr_cache_purge(mgr);
   s = stats_of(mgr);
   CHECK(s.cached_bos == 0 && s.cache_purged == 5 && fake_live(f) == 0, "purge");
   pony_bufmgr_destroy(mgr);
   fake_done(f);
}

static void
test_cache_eviction(void)
{
   struct fake *f = fake_new();
   const uint64_t sec = 1000000000ull;
   struct pony_bufmgr *mgr = mgr_new(f, sec, 40000, false);

   f->now = 10 * sec;
   struct pony_bo *a = alloc_linear(mgr, 16384);
   pony_bo_unref(a);                               /* cached at 10 s */
   f->now = 10 * sec + sec / 2;
   struct pony_bo *b = alloc_linear(mgr, 16384);   /* 0.5 s old: reused */
   CHECK(stats_of(mgr).cache_hits == 1, "young buffer not reused");
   pony_bo_unref(b);                               /* cached at 10.5 s */

   f->now = 11 * sec;
   pony_bufmgr_cache_trim(mgr);
   CHECK(stats_of(mgr).cached_bos == 1 && stats_of(mgr).cache_evict_age == 0, "evicted young");
   f->now = 11 * sec + sec / 2 + 1;                /* 1 s + 1 ns old */
   pony_bufmgr_cache_trim(mgr);
   struct pony_bufmgr_stats s = stats_of(mgr);
   CHECK(s.cached_bos == 0 && s.cache_evict_age == 1 && f->destroys == 1 && fake_live(f) == 0,
         "age: cached %llu evicted %llu", (unsigned long long)s.cached_bos,
         (unsigned long long)s.cache_evict_age);

   /* An old buffer is evicted by the next alloc rather than reused. */
   a = alloc_linear(mgr, 8192);
   pony_bo_unref(a);
   f->now += 2 * sec;
   a = alloc_linear(mgr, 8192);
   s = stats_of(mgr);
   CHECK(s.cache_hits == 1 && s.cache_evict_age == 2 && f->creates == 3, "stale reuse");
   pony_bo_unref(a);

   /* The byte limit (40000) keeps the two most recent 16 KiB buffers. */
   pony_bufmgr_cache_purge(mgr);
   struct pony_bo *x[3];
   for (int i = 0; i < 3; i++)
      x[i] = alloc_linear(mgr, 16384);
   uint32_t h0 = pony_bo_handle(x[0]);
   for (int i = 0; i < 3; i++)
      pony_bo_unref(x[i]);
   s = stats_of(mgr);
   CHECK(s.cached_bos == 2 && s.cached_bytes == 32768 && s.cache_evict_size == 1,
         "size: cached %llu bytes %llu evicted %llu", (unsigned long long)s.cached_bos,
         (unsigned long long)s.cached_bytes, (unsigned long long)s.cache_evict_size);
   a = alloc_linear(mgr, 16384);   /* the most recent one, not the evicted oldest */
   CHECK(pony_bo_handle(a) != h0 || f->creates == 6, "oldest kept");
   pony_bo_unref(a);

   pony_bufmgr_destroy(mgr);
   CHECK(fake_live(f) == 0, "destroy left cached buffers");
   fake_done(f);
}

static void
test_map(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, false);
   struct pony_bo *bo = alloc_2d(mgr, 16, 16, 32);
   void *p = NULL, *q = NULL;

   CHECK(pony_bo_map(bo, PONY_BO_MAP_WRITE, &p) == 0 && p, "map");
   memset(p, 0xab, 64);
   CHECK(pony_bo_map(bo, PONY_BO_MAP_READ, &q) == 0 && q == p, "second map %p %p", p, q);
   CHECK(f->mmaps == 1 && stats_of(mgr).mmaps == 1 && stats_of(mgr).map_reuses == 1,
         "mmaps %u", f->mmaps);
   CHECK(((unsigned char *)fake_by_handle(f, pony_bo_handle(bo))->mem)[63] == 0xab,
         "writes not in the buffer");
   CHECK(f->syncs == 0, "sync on a private buffer");
   CHECK(pony_bo_unmap(bo) == 0 && pony_bo_unmap(bo) == 0, "unmap");
   CHECK(pony_bo_unmap(bo) == -EINVAL, "unbalanced unmap accepted");

   /* The mapping stays across unmap and through the cache. */
   CHECK(pony_bo_map(bo, 0, &q) == 0 && q == p && f->mmaps == 1, "map again");
   pony_bo_unmap(bo);
   pony_bo_unref(bo);
   CHECK(f->munmaps == 0, "cached buffer unmapped");
   bo = alloc_2d(mgr, 16, 16, 32);
   CHECK(pony_bo_map(bo, 0, &q) == 0 && q == p && f->mmaps == 1, "mapping not kept in cache");
   pony_bo_unmap(bo);
   pony_bo_unref(bo);
   pony_bufmgr_destroy(mgr);
   CHECK(f->munmaps == 1, "munmaps %u", f->munmaps);
   fake_done(f);
}

static void
test_prime(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, false);
   struct pony_bo *bo = alloc_2d(mgr, 32, 32, 32);
   struct pony_bo *im = NULL, *im2 = NULL;
   int fd = -1, fd2 = -1;

   /* Export, then import our own dma-buf: the same object. */
   CHECK(pony_bo_export_dmabuf(bo, &fd) == 0 && fd >= 0, "export");
   CHECK(pony_bo_is_shared(bo), "exported not shared");
   CHECK(pony_bufmgr_import_dmabuf(mgr, fd, &im) == 0 && im == bo, "self import %p %p",
         (void *)im, (void *)bo);
   CHECK(pony_bo_refcount(bo) == 2, "refcount %u", pony_bo_refcount(bo));
   CHECK(pony_bo_export_dmabuf(bo, &fd2) == 0 && fd2 >= 0 && fd2 != fd, "second export");
   close(fd);
   close(fd2);

   /* CPU access to a shared buffer is bracketed by syncs. */
   void *p;
   CHECK(pony_bo_map(bo, PONY_BO_MAP_WRITE, &p) == 0, "map exported");
   CHECK(f->syncs == 1 && f->last_sync_flags == (DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE),
         "start sync %u 0x%llx", f->syncs, (unsigned long long)f->last_sync_flags);
   CHECK(pony_bo_map(bo, PONY_BO_MAP_READ, &p) == 0 && f->syncs == 2, "nested map");
   CHECK(pony_bo_unmap(bo) == 0 && f->syncs == 2, "inner unmap synced");
   CHECK(pony_bo_unmap(bo) == 0 && f->syncs == 3 &&
         f->last_sync_flags == (DMA_BUF_SYNC_END | DMA_BUF_SYNC_RW),
         "end sync %u 0x%llx", f->syncs, (unsigned long long)f->last_sync_flags);
   CHECK(stats_of(mgr).syncs == 3, "sync counter");

   /* Mapped before the export: no START was made, so no END either; the
    * next map after it syncs. */
   struct pony_bo *late = alloc_linear(mgr, 4096);
   int lfd = -1;
   CHECK(pony_bo_map(late, PONY_BO_MAP_WRITE, &p) == 0 && f->syncs == 3, "private map synced");
   CHECK(pony_bo_export_dmabuf(late, &lfd) == 0, "export while mapped");
   CHECK(pony_bo_unmap(late) == 0 && f->syncs == 3, "END without START");
   CHECK(pony_bo_map(late, PONY_BO_MAP_WRITE, &p) == 0 && f->syncs == 4, "no START after export");
   CHECK(pony_bo_unmap(late) == 0 && f->syncs == 5 &&
         f->last_sync_flags == (DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE), "END after export");
   close(lfd);
   pony_bo_unref(late);

   /* A shared buffer is never cached. */
   pony_bo_unref(im);
   unsigned destroys = f->destroys;
   pony_bo_unref(bo);
   CHECK(f->destroys == destroys + 1 && stats_of(mgr).cached_bos == 0, "shared buffer cached");

   /* A foreign dma-buf imported twice (through two fds): one object. */
   int dfd = fake_foreign_dmabuf(f, 65536);
   int dfd2 = dup(dfd);
   CHECK(pony_bufmgr_import_dmabuf(mgr, dfd, &im) == 0 && im, "import");
   CHECK(pony_bufmgr_import_dmabuf(mgr, dfd2, &im2) == 0 && im2 == im, "second import %p %p",
         (void *)im, (void *)im2);
   CHECK(pony_bo_refcount(im) == 2 && pony_bo_size(im) == 65536 && pony_bo_pitch(im) == 0,
         "refcount %u size %llu", pony_bo_refcount(im), (unsigned long long)pony_bo_size(im));
   struct pony_bufmgr_stats s = stats_of(mgr);
   CHECK(s.imports == 3 && s.import_reuses == 2 && s.exports == 3, "imports %llu reuses %llu",
         (unsigned long long)s.imports, (unsigned long long)s.import_reuses);
   close(dfd);
   close(dfd2);

   /* Mapped through the dma-buf: the foreign buffer's memory. */
   CHECK(pony_bo_map(im, PONY_BO_MAP_READ, &p) == 0, "map import");
   struct fake_buf *fb = fake_by_handle(f, pony_bo_handle(im));
   CHECK(fb && p == fb->mem, "import mapped elsewhere");
   CHECK(f->last_sync_flags == (DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ), "import sync");
   pony_bo_unmap(im);
   CHECK(f->last_sync_flags == (DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ), "import end sync");

   /* The handle is closed (GEM_CLOSE, not the backend) with the last ref;
    * a new import after that is a new object on a new handle. */
   pony_bo_unref(im2);
   CHECK(f->closes == 0, "closed while referenced");
   pony_bo_unref(im);
   CHECK(f->closes == 1 && f->destroys == destroys + 1, "closes %u", f->closes);

   pony_bufmgr_destroy(mgr);
   fake_done(f);
}

static void
test_flink(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, false);
   struct pony_bo *bo = alloc_linear(mgr, 4096);
   uint32_t n1 = 0, n2 = 0;

   CHECK(pony_bo_flink(bo, &n1) == 0 && n1 != 0, "flink");
   CHECK(pony_bo_flink(bo, &n2) == 0 && n2 == n1 && f->flinks == 1, "flink again %u %u", n1, n2);
   CHECK(pony_bo_is_shared(bo) && stats_of(mgr).flinks == 1, "flinked");
   pony_bo_unref(bo);
   CHECK(stats_of(mgr).cached_bos == 0 && fake_live(f) == 0, "flinked buffer cached");
   pony_bufmgr_destroy(mgr);
   fake_done(f);
}

static void
test_errors(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, false);
   struct pony_bo_alloc_info info = { .width = 8, .height = 8, .bpp = 32 };
   struct pony_bo *bo = (struct pony_bo *)&info;
   void *p = &info;
   int fd = 7;

   /* Bad requests. */
   struct pony_bo_alloc_info bad[] = { { .width = 8, .bpp = 32 }, { .width = 8, .height = 8 },
                                       { .size = 0 }, { .width = 1, .height = 1, .bpp = 256 },
                                       { .width = UINT32_MAX, .height = UINT32_MAX, .bpp = 128 } };
   for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
      CHECK(pony_bo_alloc(mgr, &bad[i], &bo) == -EINVAL && !bo, "bad info %u accepted", i);
   CHECK(f->creates == 0, "backend called for a bad request");

   /* The backend's error comes back as is. */
   f->fail_create = -ENOSPC;
   CHECK(pony_bo_alloc(mgr, &info, &bo) == -ENOSPC && !bo, "create failure");
   CHECK(stats_of(mgr).allocs == 0 && stats_of(mgr).live_bos == 0, "counted a failed alloc");

   CHECK(pony_bo_alloc(mgr, &info, &bo) == 0, "alloc");

   /* A backend handing out a handle we hold, or too little memory. */
   struct pony_bo *dup_bo = bo;
   f->force_handle = pony_bo_handle(bo);
   CHECK(pony_bo_alloc(mgr, &info, &dup_bo) == -EEXIST && !dup_bo, "duplicate handle");
   CHECK(fake_by_handle(f, pony_bo_handle(bo)) != NULL, "the holder's buffer was freed");
   unsigned destroys = f->destroys;
   f->short_size = 64;
   struct pony_bo_alloc_info big = { .size = 8192, .flags = PONY_BO_ALLOC_NO_CACHE };
   CHECK(pony_bo_alloc(mgr, &big, &dup_bo) == -EPROTO && !dup_bo, "short buffer accepted");
   CHECK(f->destroys == destroys + 1, "short buffer not freed");

   f->fail_map_offset = -EACCES;
   CHECK(pony_bo_map(bo, 0, &p) == -EACCES && !p, "map_offset failure");
   f->fail_mmap = -ENOMEM;
   CHECK(pony_bo_map(bo, 0, &p) == -ENOMEM && !p, "mmap failure");
   CHECK(pony_bo_unmap(bo) == -EINVAL, "failed maps counted");
   CHECK(pony_bo_map(bo, 0, &p) == 0 && p && pony_bo_unmap(bo) == 0, "map after failures");

   f->fail_export = -EPERM;
   CHECK(pony_bo_export_dmabuf(bo, &fd) == -EPERM && fd == -1, "export failure");
   CHECK(!pony_bo_is_shared(bo), "shared after a failed export");
   f->fail_flink = -ENODEV;
   uint32_t name = 5;
   CHECK(pony_bo_flink(bo, &name) == -ENODEV && name == 0, "flink failure");

   /* A sync failure fails the map and leaves no map open. */
   CHECK(pony_bo_export_dmabuf(bo, &fd) == 0, "export");
   f->fail_sync = -EINTR;
   CHECK(pony_bo_map(bo, PONY_BO_MAP_READ, &p) == -EINTR && !p, "sync failure");
   CHECK(pony_bo_unmap(bo) == -EINVAL, "map open after a failed sync");
   CHECK(pony_bo_map(bo, PONY_BO_MAP_READ, &p) == 0, "map");
   f->fail_sync = -EIO;
   CHECK(pony_bo_unmap(bo) == -EIO, "end sync failure");
   close(fd);

   /* Import failures: the kernel's, and a failure after the handle was
    * made (it is closed again). */
   f->fail_import = -EBADF;
   struct pony_bo *im = bo;
   int dfd = fake_foreign_dmabuf(f, 8192);
   CHECK(pony_bufmgr_import_dmabuf(mgr, dfd, &im) == -EBADF && !im, "import failure");
   f->fail_size = -EINVAL;
   unsigned closes = f->closes;
   CHECK(pony_bufmgr_import_dmabuf(mgr, dfd, &im) == -EINVAL && !im, "size failure");
   CHECK(f->closes == closes + 1, "handle of a failed import left open");
   CHECK(pony_bufmgr_import_dmabuf(mgr, dfd, &im) == 0 && im, "import after failures");
   CHECK(stats_of(mgr).imports == 1, "failed imports counted");

   /* Release failures are counted, not fatal. */
   f->fail_close = -EIO;
   pony_bo_unref(im);
   CHECK(stats_of(mgr).release_errors == 1, "release error not counted");
   /* (the fake kept the handle open: the manager leaked it; forget it) */
   pthread_mutex_lock(&f->lock);
   for (int i = 0; i < FAKE_BUFS; i++)
      if (f->bufs[i].used && f->bufs[i].foreign)
         f->bufs[i].handle = 0;
   pthread_mutex_unlock(&f->lock);
   close(dfd);

   pony_bo_unref(bo);
   pony_bufmgr_destroy(mgr);

   /* A bad fd. */
   struct pony_bufmgr *m2 = (struct pony_bufmgr *)f;
   CHECK(pony_bufmgr_create(-1, NULL, &m2) == -EBADF && !m2, "bad fd accepted");
   fake_done(f);
}

/* The real kernel layer and dumb backend on a file that is no DRM device
 * (/dev/null): every ioctl fails, and each failure must come back as the
 * kernel's errno, not a crash; the calls on a memfd that need no DRM work. */
static void
test_real_layer_errors(void)
{
   struct pony_bufmgr *mgr = NULL;
   struct pony_bo *bo = (struct pony_bo *)&mgr;
   struct pony_bo_alloc_info info = { .width = 16, .height = 16, .bpp = 32 };
   const struct pony_bufmgr_kernel *k = &pony_bufmgr_kernel_drm;
   int ret;

   CHECK(pony_bufmgr_create(dev_fd, NULL, &mgr) == 0 && mgr, "create on /dev/null");
   ret = pony_bo_alloc(mgr, &info, &bo);
   CHECK(ret == -ENOTTY && !bo, "CREATE_DUMB on /dev/null: %d", ret);
   info = (struct pony_bo_alloc_info){ .size = 4096 };
   ret = pony_bo_alloc(mgr, &info, &bo);
   CHECK(ret == -ENOTTY && !bo, "linear CREATE_DUMB on /dev/null: %d", ret);

   int mfd = memfd_create("not-a-dmabuf", MFD_CLOEXEC);
   CHECK(mfd >= 0 && ftruncate(mfd, 8192) == 0, "memfd");
   ret = pony_bufmgr_import_dmabuf(mgr, mfd, &bo);
   CHECK(ret == -ENOTTY && !bo, "PRIME_FD_TO_HANDLE on /dev/null: %d", ret);
   CHECK(pony_bufmgr_import_dmabuf(mgr, -1, &bo) < 0 && !bo, "import of fd -1");

   uint32_t name = 1, handle = 1;
   int fd = 0;
   void *p = NULL;
   uint64_t size = 0, offset = 0;
   CHECK(k->gem_close(NULL, dev_fd, 1) == -ENOTTY, "GEM_CLOSE");
   CHECK(k->gem_flink(NULL, dev_fd, 1, &name) == -ENOTTY, "GEM_FLINK");
   CHECK(k->prime_handle_to_fd(NULL, dev_fd, 1, 0, &fd) == -ENOTTY, "PRIME_HANDLE_TO_FD");
   CHECK(k->prime_fd_to_handle(NULL, dev_fd, mfd, &handle) == -ENOTTY, "PRIME_FD_TO_HANDLE");
   CHECK(k->dmabuf_sync(NULL, mfd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW) == -ENOTTY,
         "DMA_BUF_IOCTL_SYNC on a memfd");
   CHECK(k->dmabuf_size(NULL, mfd, &size) == 0 && size == 8192, "size %llu",
         (unsigned long long)size);
   CHECK(k->dmabuf_size(NULL, -1, &size) == -EBADF, "size of fd -1");
   CHECK(k->mmap(NULL, mfd, 0, 8192, &p) == 0 && p, "mmap of a memfd");
   if (p)
      CHECK(k->munmap(NULL, p, 8192) == 0, "munmap");
   CHECK(k->mmap(NULL, -1, 0, 8192, &p) == -EBADF, "mmap of fd -1");
   const struct pony_bufmgr_backend *b = &pony_bufmgr_dumb_backend;
   CHECK(b->map_offset(NULL, dev_fd, 1, &offset) == -ENOTTY, "MAP_DUMB");
   CHECK(b->destroy(NULL, dev_fd, 1) == -ENOTTY, "DESTROY_DUMB");
   close(mfd);
   struct pony_bufmgr_stats s = stats_of(mgr);
   CHECK(s.allocs == 0 && s.imports == 0 && s.live_bos == 0, "failures counted");
   pony_bufmgr_destroy(mgr);
}

struct thread_arg {
   struct pony_bufmgr *mgr;
   int dmabuf_fd;
   int errors;
};

static void *
thread_main(void *data)
{
   struct thread_arg *a = data;
   for (int i = 0; i < 2000; i++) {
      struct pony_bo *bo = NULL, *im = NULL;
      struct pony_bo_alloc_info info = { .size = 4096u << (i % 3) };
      void *p;
      if (pony_bo_alloc(a->mgr, &info, &bo) || pony_bo_map(bo, 0, &p)) {
         a->errors++;
         pony_bo_unref(bo);
         continue;
      }
      ((volatile char *)p)[0] = (char)i;
      pony_bo_unmap(bo);
      pony_bo_unref(bo);
      if (pony_bufmgr_import_dmabuf(a->mgr, a->dmabuf_fd, &im))
         a->errors++;
      pony_bo_unref(im);
   }
   return NULL;
}

static void
test_threads(void)
{
   struct fake *f = fake_new();
   struct pony_bufmgr *mgr = mgr_new(f, 0, 0, false);
   int dfd = fake_foreign_dmabuf(f, 4096);
   struct thread_arg args[2] = { { mgr, dfd, 0 }, { mgr, dfd, 0 } };
   pthread_t t[2];

   for (int i = 0; i < 2; i++)
      pthread_create(&t[i], NULL, thread_main, &args[i]);
   for (int i = 0; i < 2; i++)
      pthread_join(t[i], NULL);
   struct pony_bufmgr_stats s = stats_of(mgr);
   CHECK(args[0].errors == 0 && args[1].errors == 0, "errors %d %d", args[0].errors,
         args[1].errors);
   CHECK(s.live_bos == 0 && s.allocs == 4000 && s.imports == 4000, "live %llu allocs %llu",
         (unsigned long long)s.live_bos, (unsigned long long)s.allocs);
   CHECK(s.cache_hits + s.cache_misses == 4000 && s.cache_misses <= 6,
         "hits %llu misses %llu", (unsigned long long)s.cache_hits,
         (unsigned long long)s.cache_misses);
   pony_bufmgr_destroy(mgr);
   close(dfd);
   fake_done(f);
}

static int
count_fds(void)
{
   int n = 0;
   DIR *d = opendir("/proc/self/fd");
   if (!d)
      return -1;
   while (readdir(d))
      n++;
   closedir(d);
   return n;
}

/* A backend with names of its own (as virtio-gpu's host resources): the
 * fake's buffers, backend id 0x1000 + handle for own buffers (which must
 * see the caller's backend_desc), 0x2000 + handle for imports, or the
 * injected failure of describe_import. */
static const uint32_t desc_magic = 0x5eed;
static const void *seen_desc;
static int fail_describe;

static int
named_create(void *priv, int fd, const struct pony_bo_alloc_info *info,
             struct pony_bo_layout *out)
{
   seen_desc = info->backend_desc;
   int ret = fake_backend.create(priv, fd, info, out);
   if (!ret)
      out->backend_id = 0x1000 + out->handle;
   return ret;
}

static int
named_describe(void *priv, int fd, uint32_t handle, struct pony_bo_layout *out)
{
   (void)priv;
   (void)fd;
   if (fail_describe) {
      int ret = fail_describe;
      fail_describe = 0;
      return ret;
   }
   out->backend_id = 0x2000 + handle;
   return 0;
}

static void
test_backend_ids(void)
{
   struct fake *f = fake_new();
   const struct pony_bufmgr_backend named = {
      .name = "named", .create = named_create, .map_offset = fake_backend.map_offset,
      .destroy = fake_backend.destroy, .describe_import = named_describe,
   };
   struct pony_bufmgr_options o = {
      .backend = &named, .backend_priv = f, .kernel = &fake_kernel, .kernel_priv = f,
      .now_ns = fake_now, .clock_priv = f,
   };
   struct pony_bufmgr *mgr = NULL;
   CHECK(pony_bufmgr_create(dev_fd, &o, &mgr) == 0 && mgr, "create");
   if (!mgr) {
      fake_done(f);
      return;
   }

   /* own buffers: the backend sees the description and names the buffer;
    * one made with a description is never cached */
   struct pony_bo_alloc_info info = { .size = 8192, .backend_desc = &desc_magic };
   struct pony_bo *bo = NULL;
   CHECK(pony_bo_alloc(mgr, &info, &bo) == 0 && bo, "alloc with a description");
   CHECK(seen_desc == &desc_magic, "the backend did not see backend_desc");
   CHECK(bo && pony_bo_backend_id(bo) == 0x1000 + pony_bo_handle(bo), "backend id %u",
         bo ? pony_bo_backend_id(bo) : 0);
   pony_bo_unref(bo);
   CHECK(stats_of(mgr).cached_bos == 0 && fake_live(f) == 0,
         "a described buffer went to the cache");
   /* without one, as before: cached */
   bo = alloc_linear(mgr, 8192);
   CHECK(seen_desc == NULL, "backend_desc not NULL");
   pony_bo_unref(bo);
   CHECK(stats_of(mgr).cached_bos == 1, "an undescribed buffer was not cached");
   pony_bufmgr_cache_purge(mgr);

   /* imports: the backend describes the new handle; a known buffer keeps
    * its own id; a failed description fails the import and closes the handle */
   int foreign = fake_foreign_dmabuf(f, 4096);
   struct pony_bo *imp = NULL;
   CHECK(pony_bufmgr_import_dmabuf(mgr, foreign, &imp) == 0 && imp, "import");
   CHECK(imp && pony_bo_backend_id(imp) == 0x2000 + pony_bo_handle(imp), "import id %u",
         imp ? pony_bo_backend_id(imp) : 0);
   pony_bo_unref(imp);
   fail_describe = -EIO;
   imp = NULL;
   unsigned closes = f->closes;
   CHECK(pony_bufmgr_import_dmabuf(mgr, foreign, &imp) == -EIO && !imp,
         "a failed description did not fail the import");
   CHECK(f->closes == closes + 1, "the imported handle was not closed (%u closes)",
         f->closes - closes);
   close(foreign);

   bo = NULL;
   info.backend_desc = NULL;
   info.size = 4096;
   CHECK(pony_bo_alloc(mgr, &info, &bo) == 0 && bo, "alloc");
   int fd = -1;
   CHECK(bo && pony_bo_export_dmabuf(bo, &fd) == 0, "export");
   struct pony_bo *same = NULL;
   CHECK(pony_bufmgr_import_dmabuf(mgr, fd, &same) == 0 && same == bo, "self-import");
   CHECK(same && pony_bo_backend_id(same) == 0x1000 + pony_bo_handle(same),
         "a known buffer's id changed on import");
   close(fd);
   pony_bo_unref(same);
   pony_bo_unref(bo);
   pony_bufmgr_destroy(mgr);
   fake_done(f);
}

int
main(void)
{
   int fds = count_fds();
   dev_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
   if (dev_fd < 0)
      return 1;

   test_refcount();
   test_cache_reuse();
   test_cache_eviction();
   test_map();
   test_prime();
   test_flink();
   test_errors();
   test_threads();
   test_backend_ids();
   test_real_layer_errors();

   close(dev_fd);
   CHECK(count_fds() == fds, "fds: %d at start, %d at the end", fds, count_fds());
   if (failures) {
      fprintf(stderr, "test_drm_bufmgr: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_drm_bufmgr: all checks passed\n");
   return 0;
}
