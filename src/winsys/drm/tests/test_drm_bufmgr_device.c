/*
 * The GEM buffer manager on a real DRM node with the dumb backend: every
 * /dev/dri/renderD* and card* node is tried; on each one that gives dumb
 * buffers (render nodes usually refuse them: that refusal must be an
 * error, and is reported), the test writes through a mapping, exports a
 * dma-buf and reads it back through a fresh mmap of the dma-buf, imports
 * it again (same object), imports it through a second open of the node
 * (another handle space) and reads the pixels there, takes a flink name
 * on card nodes, checks the cache hands the same handle back, and that
 * purging really closes the handle.
 *
 * Exit 77 (meson's skip) when no node exists or none gives dumb buffers:
 * the test never passes without having tested something.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include "pony_bufmgr.h"

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

#define W 64
#define H 32

/* 1: tested, 0: the node gives no dumb buffers, -1: could not open. */
static int
test_node(const char *path)
{
   struct pony_bufmgr *mgr = NULL, *mgr2 = NULL;
   struct pony_bo *bo = NULL, *im = NULL, *other = NULL;
   struct pony_bo_alloc_info info = { .width = W, .height = H, .bpp = 32 };
   int fd = open(path, O_RDWR | O_CLOEXEC), fd2 = -1, dmabuf = -1, ret;
   bool render = strstr(path, "renderD") != NULL;
   void *p = NULL;

   if (fd < 0) {
      printf("%s: cannot open: %s\n", path, strerror(errno));
      return -1;
   }
   ret = pony_bufmgr_create(fd, NULL, &mgr);
   close(fd);   /* the manager keeps its own */
   CHECK(ret == 0, "%s: create %d", path, ret);
   if (ret)
      return -1;
   ret = pony_bo_alloc(mgr, &info, &bo);
   if (ret) {
      printf("%s: no dumb buffers: %s (an error, as it should be)\n", path, strerror(-ret));
      CHECK(ret < 0 && !bo, "%s", path);
      pony_bufmgr_destroy(mgr);
      return 0;
   }
   printf("%s: dumb %ux%u: handle %u pitch %u size %llu\n", path, W, H, pony_bo_handle(bo),
          pony_bo_pitch(bo), (unsigned long long)pony_bo_size(bo));
   CHECK(pony_bo_handle(bo) != 0 && pony_bo_pitch(bo) >= W * 4 &&
         pony_bo_size(bo) >= (uint64_t)pony_bo_pitch(bo) * H, "%s: layout", path);
   uint32_t pitch = pony_bo_pitch(bo);

   /* Write a pattern through the kept mapping. */
   ret = pony_bo_map(bo, PONY_BO_MAP_WRITE, &p);
   CHECK(ret == 0 && p, "%s: map %d", path, ret);
   if (!ret) {
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            ((uint32_t *)((char *)p + y * pitch))[x] = 0xff000000u | (y << 8) | x;
      CHECK(pony_bo_unmap(bo) == 0, "%s: unmap", path);
   }

   /* Export, and read the pattern back through the dma-buf's own mmap. */
   ret = pony_bo_export_dmabuf(bo, &dmabuf);
   CHECK(ret == 0 && dmabuf >= 0, "%s: export %d", path, ret);
   if (!ret) {
      size_t size = (size_t)pony_bo_size(bo);
      void *q = mmap(NULL, size, PROT_READ, MAP_SHARED, dmabuf, 0);
      CHECK(q != MAP_FAILED, "%s: mmap of the dma-buf: %s", path, strerror(errno));
      if (q != MAP_FAILED) {
         uint32_t v = ((uint32_t *)((char *)q + 17 * pitch))[5];
         CHECK(v == (0xff000000u | (17 << 8) | 5), "%s: dma-buf reads 0x%08x", path, v);
         munmap(q, size);
      }

      /* Importing our own export: the same object. */
      ret = pony_bufmgr_import_dmabuf(mgr, dmabuf, &im);
      CHECK(ret == 0 && im == bo && pony_bo_refcount(bo) == 2, "%s: self import %d", path,
            ret);
      if (!ret)
         pony_bo_unref(im);

      /* Through a second open of the node: another handle space. */
      fd2 = open(path, O_RDWR | O_CLOEXEC);
      if (fd2 >= 0 && pony_bufmgr_create(fd2, NULL, &mgr2) == 0) {
         ret = pony_bufmgr_import_dmabuf(mgr2, dmabuf, &other);
         CHECK(ret == 0, "%s: import on a second fd %d", path, ret);
         if (!ret) {
            struct pony_bo *again = NULL;
            CHECK(pony_bufmgr_import_dmabuf(mgr2, dmabuf, &again) == 0 && again == other,
                  "%s: second import, another object", path);
            pony_bo_unref(again);
            CHECK(pony_bo_size(other) >= pony_bo_size(bo), "%s: imported size", path);
            ret = pony_bo_map(other, PONY_BO_MAP_READ, &p);
            CHECK(ret == 0, "%s: map import %d", path, ret);
            if (!ret) {
               uint32_t v = ((uint32_t *)((char *)p + 31 * pitch))[63];
               CHECK(v == (0xff000000u | (31 << 8) | 63), "%s: import reads 0x%08x", path, v);
               CHECK(pony_bo_unmap(other) == 0, "%s: unmap import", path);
            }
            pony_bo_unref(other);
         }
         pony_bufmgr_destroy(mgr2);
      }
      if (fd2 >= 0)
         close(fd2);
      close(dmabuf);
   }

   /* Flink: allowed on card nodes (when authenticated or master), never
    * on render nodes; either way an answer, not a crash. */
   uint32_t name = 0;
   ret = pony_bo_flink(bo, &name);
   printf("%s: flink: %s (name %u)\n", path, ret ? strerror(-ret) : "ok", name);
   CHECK(ret == 0 ? name != 0 : ret < 0, "%s: flink", path);
   CHECK(!render || ret != 0, "%s: flink on a render node", path);
   pony_bo_unref(bo);

   /* The cache: a private buffer comes back with its handle. */
   struct pony_bo *a = NULL, *b = NULL;
   CHECK(pony_bo_alloc(mgr, &info, &a) == 0, "%s: alloc", path);
   uint32_t ha = a ? pony_bo_handle(a) : 0;
   pony_bo_unref(a);
   CHECK(pony_bo_alloc(mgr, &info, &b) == 0 && b && pony_bo_handle(b) == ha,
         "%s: not reused", path);
   pony_bo_unref(b);
   struct pony_bufmgr_stats s;
   pony_bufmgr_get_stats(mgr, &s);
   CHECK(s.cache_hits == 1 && s.cached_bos == 1, "%s: hits %llu cached %llu", path,
         (unsigned long long)s.cache_hits, (unsigned long long)s.cached_bos);

   /* Purging closes the handle: the kernel no longer knows it. */
   pony_bufmgr_cache_purge(mgr);
   struct drm_gem_close gc = { .handle = ha };
   ret = drmIoctl(pony_bufmgr_fd(mgr), DRM_IOCTL_GEM_CLOSE, &gc);
   CHECK(ret == -1 && errno == EINVAL, "%s: handle %u still open after purge", path, ha);
   pony_bufmgr_destroy(mgr);
   return 1;
}

int
main(void)
{
   const char *dir = "/dev/dri";
   int tested = 0;
   DIR *d = opendir(dir);
   if (!d) {
      printf("no %s: nothing to test\n", dir);
      return 77;
   }
   struct dirent *e;
   while ((e = readdir(d))) {
      if (strncmp(e->d_name, "renderD", 7) && strncmp(e->d_name, "card", 4))
         continue;
      char path[300];
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      if (test_node(path) > 0)
         tested++;
   }
   closedir(d);
   if (failures) {
      fprintf(stderr, "test_drm_bufmgr_device: %d check(s) failed\n", failures);
      return 1;
   }
   if (!tested) {
      printf("no DRM node gave dumb buffers: nothing tested\n");
      return 77;
   }
   printf("test_drm_bufmgr_device: %d node(s) tested, all checks passed\n", tested);
   return 0;
}
