/* The fake DRM device of the winsys tests: fake_drm.h. */
#define _GNU_SOURCE
#include "fake_drm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int
take_failure(int *f)
{
   int ret = *f;
   *f = 0;
   return ret;
}

static uint32_t
fake_free_handle(struct fake *f)
{
   for (uint32_t h = 1;; h++) {
      bool used = false;
      for (int i = 0; i < FAKE_BUFS; i++)
         used |= f->bufs[i].used && f->bufs[i].handle == h;
      if (!used)
         return h;
   }
}

struct fake_buf *
fake_by_handle(struct fake *f, uint32_t handle)
{
   for (int i = 0; i < FAKE_BUFS; i++)
      if (f->bufs[i].used && handle && f->bufs[i].handle == handle)
         return &f->bufs[i];
   return NULL;
}

static struct fake_buf *
fake_by_fd(struct fake *f, int fd)
{
   struct stat st;
   if (fstat(fd, &st))
      return NULL;
   for (int i = 0; i < FAKE_BUFS; i++)
      if (f->bufs[i].used && f->bufs[i].memfd >= 0 && f->bufs[i].ino == st.st_ino)
         return &f->bufs[i];
   return NULL;
}

/* Our buffers die with their handle (the fake holds their memfd itself,
 * enough for these tests); foreign ones live on until fake_free(). */
static void
fake_buf_drop(struct fake_buf *b)
{
   if (b->memfd >= 0) {
      munmap(b->mem, b->size);
      close(b->memfd);
   } else {
      free(b->mem);
   }
   memset(b, 0, sizeof *b);
   b->memfd = -1;
}

static struct fake_buf *
fake_new_buf(struct fake *f, uint64_t size, bool with_memfd)
{
   for (int i = 0; i < FAKE_BUFS; i++) {
      struct fake_buf *b = &f->bufs[i];
      if (b->used)
         continue;
      b->used = true;
      b->size = size;
      b->memfd = -1;
      if (with_memfd) {
         struct stat st;
         b->memfd = memfd_create("fake-dmabuf", MFD_CLOEXEC);
         if (b->memfd < 0 || ftruncate(b->memfd, (off_t)size) || fstat(b->memfd, &st))
            abort();
         b->ino = st.st_ino;
         b->mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, b->memfd, 0);
         if (b->mem == MAP_FAILED)
            abort();
      } else {
         b->mem = calloc(1, size);
      }
      return b;
   }
   abort();
}

static int
fake_create(void *priv, int fd, const struct pony_bo_alloc_info *info, struct pony_bo_layout *out)
{
   struct fake *f = priv;
   int ret;
   pthread_mutex_lock(&f->lock);
   ret = take_failure(&f->fail_create);
   if (!ret) {
      /* Rows of 64-byte aligned pitch, the size in whole pages. */
      uint32_t pitch = info->width ? ((info->width * info->bpp / 8) + 63) & ~63u : 0;
      uint64_t size = info->width ? (uint64_t)pitch * info->height : info->size;
      size = (size + 4095) & ~4095ull;
      if (f->force_handle) {
         out->handle = f->force_handle;
         f->force_handle = 0;
      } else {
         /* memfd-backed from the start: an export must not move the memory
          * under a mapping the manager keeps (the kernel's does not) */
         struct fake_buf *b = fake_new_buf(f, size, true);
         b->handle = fake_free_handle(f);
         out->handle = b->handle;
      }
      out->pitch = pitch;
      out->size = f->short_size ? f->short_size : size;
      f->short_size = 0;
      f->creates++;
   }
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_map_offset(void *priv, int fd, uint32_t handle, uint64_t *offset)
{
   struct fake *f = priv;
   int ret;
   pthread_mutex_lock(&f->lock);
   ret = take_failure(&f->fail_map_offset);
   if (!ret && !fake_by_handle(f, handle))
      ret = -ENOENT;
   if (!ret)
      *offset = (uint64_t)handle << FAKE_MAP_SHIFT;
   pthread_mutex_unlock(&f->lock);
   return ret;
}

/* Closing the last handle of a buffer nobody else holds frees it. */
static int
fake_close_handle(struct fake *f, uint32_t handle, int *fail)
{
   int ret = take_failure(fail);
   struct fake_buf *b = fake_by_handle(f, handle);
   if (!ret && !b)
      ret = -ENOENT;
   if (!ret && b->foreign)
      b->handle = 0;
   else if (!ret)
      fake_buf_drop(b);
   return ret;
}

static int
fake_destroy(void *priv, int fd, uint32_t handle)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = fake_close_handle(f, handle, &f->fail_destroy);
   if (!ret)
      f->destroys++;
   pthread_mutex_unlock(&f->lock);
   return ret;
}

const struct pony_bufmgr_backend fake_backend = {
   .name = "fake",
   .create = fake_create,
   .map_offset = fake_map_offset,
   .destroy = fake_destroy,
};

static int
fake_gem_close(void *priv, int fd, uint32_t handle)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = fake_close_handle(f, handle, &f->fail_close);
   if (!ret)
      f->closes++;
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_prime_handle_to_fd(void *priv, int fd, uint32_t handle, uint32_t flags, int *dmabuf_fd)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = take_failure(&f->fail_export);
   struct fake_buf *b = ret ? NULL : fake_by_handle(f, handle);
   if (!ret && !b)
      ret = -ENOENT;
   if (!ret) {
      *dmabuf_fd = fcntl(b->memfd, F_DUPFD_CLOEXEC, 3);
      f->exports++;
   }
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_prime_fd_to_handle(void *priv, int fd, int dmabuf_fd, uint32_t *handle)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = take_failure(&f->fail_import);
   struct fake_buf *b = ret ? NULL : fake_by_fd(f, dmabuf_fd);
   if (!ret && !b)
      ret = -EBADF;
   if (!ret) {
      /* One handle per buffer on the fd: reuse the open one. */
      if (!b->handle)
         b->handle = fake_free_handle(f);
      *handle = b->handle;
      f->imports++;
   }
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_gem_flink(void *priv, int fd, uint32_t handle, uint32_t *name)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = take_failure(&f->fail_flink);
   if (!ret && !fake_by_handle(f, handle))
      ret = -ENOENT;
   if (!ret) {
      *name = ++f->next_flink;
      f->flinks++;
   }
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_dmabuf_size(void *priv, int dmabuf_fd, uint64_t *size)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = take_failure(&f->fail_size);
   struct fake_buf *b = ret ? NULL : fake_by_fd(f, dmabuf_fd);
   if (!ret && !b)
      ret = -EBADF;
   if (!ret)
      *size = b->size;
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_dmabuf_sync(void *priv, int dmabuf_fd, uint64_t flags)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = take_failure(&f->fail_sync);
   if (!ret && !fake_by_fd(f, dmabuf_fd))
      ret = -EBADF;
   if (!ret) {
      f->syncs++;
      f->last_sync_flags = flags;
   }
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_mmap(void *priv, int fd, uint64_t offset, size_t size, void **ptr)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   int ret = take_failure(&f->fail_mmap);
   struct fake_buf *b = NULL;
   if (!ret) {
      /* The device fd at a handle's offset, or a dma-buf at 0. */
      b = fake_by_fd(f, fd);
      if (!b && offset)
         b = fake_by_handle(f, (uint32_t)(offset >> FAKE_MAP_SHIFT));
      if (!b || size > b->size)
         ret = -EINVAL;
   }
   if (!ret) {
      *ptr = b->mem;
      f->mmaps++;
   }
   pthread_mutex_unlock(&f->lock);
   return ret;
}

static int
fake_munmap(void *priv, void *ptr, size_t size)
{
   struct fake *f = priv;
   pthread_mutex_lock(&f->lock);
   f->munmaps++;
   pthread_mutex_unlock(&f->lock);
   return 0;
}

const struct pony_bufmgr_kernel fake_kernel = {
   .gem_close = fake_gem_close,
   .prime_handle_to_fd = fake_prime_handle_to_fd,
   .prime_fd_to_handle = fake_prime_fd_to_handle,
   .gem_flink = fake_gem_flink,
   .dmabuf_size = fake_dmabuf_size,
   .dmabuf_sync = fake_dmabuf_sync,
   .mmap = fake_mmap,
   .munmap = fake_munmap,
};

uint64_t
fake_now(void *priv)
{
   return ((struct fake *)priv)->now;
}

/* Buffers with a handle open on our fd, or of ours. */
unsigned
fake_live(struct fake *f)
{
   unsigned n = 0;
   for (int i = 0; i < FAKE_BUFS; i++)
      n += f->bufs[i].used && (f->bufs[i].handle || !f->bufs[i].foreign);
   return n;
}

/* A dma-buf from "another device": a buffer with no handle on our fd. */
int
fake_foreign_dmabuf(struct fake *f, uint64_t size)
{
   pthread_mutex_lock(&f->lock);
   struct fake_buf *b = fake_new_buf(f, size, true);
   b->foreign = true;
   int fd = fcntl(b->memfd, F_DUPFD_CLOEXEC, 3);
   pthread_mutex_unlock(&f->lock);
   return fd;
}

struct fake *
fake_new(void)
{
   struct fake *f = calloc(1, sizeof *f);
   pthread_mutex_init(&f->lock, NULL);
   for (int i = 0; i < FAKE_BUFS; i++)
      f->bufs[i].memfd = -1;
   return f;
}

unsigned
fake_free(struct fake *f)
{
   unsigned left = fake_live(f);
   for (int i = 0; i < FAKE_BUFS; i++)
      if (f->bufs[i].used)
         fake_buf_drop(&f->bufs[i]);
   pthread_mutex_destroy(&f->lock);
   free(f);
   return left;
}
