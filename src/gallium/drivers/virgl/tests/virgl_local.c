/*
 * The in-process virglrenderer winsys of the host-side tests
 * (virgl_local.h).  The buffer manager runs over the winsys tests' fake
 * device (src/winsys/drm/tests/fake_drm.c: handles and memfd-backed
 * buffers); its backend here wraps the fake's create and destroy with
 * virglrenderer's resource creation, the memfd mapping as the backing.
 * Transfers, submissions and waits call virglrenderer, which runs each
 * command as it comes (no fences needed).
 */
#include "virgl_local.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include <virgl/virglrenderer.h>

#include "fake_drm.h"

#define LOCAL_CTX 1

struct local {
   struct fake *fake;
   uint32_t next_res;
   uint32_t res_of_handle[FAKE_BUFS + 1];   /* GEM handle -> host resource */
   /* each resource's backing: the library keeps a pointer to its iovec */
   struct iovec iov_of_handle[FAKE_BUFS + 1];
};

static void
local_write_fence(void *cookie, uint32_t fence)
{
   (void)cookie;
   (void)fence;
}

static struct virgl_renderer_callbacks local_cbs = {
   .version = 1,
   .write_fence = local_write_fence,
};

static int
local_create(void *priv, int fd, const struct pony_bo_alloc_info *info, struct pony_bo_layout *out)
{
   struct local *l = priv;
   const struct pony_virtgpu_resource_desc *d = info->backend_desc;
   int ret = fake_backend.create(l->fake, fd, info, out);
   if (ret)
      return ret;
   struct fake_buf *b = fake_by_handle(l->fake, out->handle);
   struct virgl_renderer_resource_create_args a;
   memset(&a, 0, sizeof a);
   a.handle = ++l->next_res;
   if (d) {
      a.target = d->target;
      a.format = d->format;
      a.bind = d->bind;
      a.width = d->width;
      a.height = d->height;
      a.depth = d->depth;
      a.array_size = d->array_size;
      a.last_level = d->last_level;
      a.nr_samples = d->nr_samples;
      a.flags = d->flags;
   } else {
      a.target = 0;            /* a buffer of the bytes asked */
      a.format = 64;           /* R8_UNORM */
      a.bind = 1u << 17;       /* custom */
      a.width = (uint32_t)info->size;
      a.height = a.depth = a.array_size = 1;
   }
   /* created bare, then attached to the context, then given its backing:
    * the order qemu and vtest use (a resource created with its iov is not
    * found by the context's transfers in virglrenderer 0.10.4) */
   if (out->handle > FAKE_BUFS || virgl_renderer_resource_create(&a, NULL, 0)) {
      fake_backend.destroy(l->fake, fd, out->handle);
      return -EINVAL;
   }
   virgl_renderer_ctx_attach_resource(LOCAL_CTX, (int)a.handle);
   struct iovec *iov = &l->iov_of_handle[out->handle];
   iov->iov_base = b->mem;
   iov->iov_len = b->size;
   if (virgl_renderer_resource_attach_iov((int)a.handle, iov, 1)) {
      virgl_renderer_ctx_detach_resource(LOCAL_CTX, (int)a.handle);
      virgl_renderer_resource_unref(a.handle);
      fake_backend.destroy(l->fake, fd, out->handle);
      return -EINVAL;
   }
   l->res_of_handle[out->handle] = a.handle;
   out->backend_id = a.handle;
   return 0;
}

static int
local_destroy(void *priv, int fd, uint32_t handle)
{
   struct local *l = priv;
   if (handle <= FAKE_BUFS && l->res_of_handle[handle]) {
      virgl_renderer_ctx_detach_resource(LOCAL_CTX, (int)l->res_of_handle[handle]);
      virgl_renderer_resource_unref(l->res_of_handle[handle]);
      l->res_of_handle[handle] = 0;
   }
   return fake_backend.destroy(l->fake, fd, handle);
}

static int
local_map_offset(void *priv, int fd, uint32_t handle, uint64_t *offset)
{
   return fake_backend.map_offset(((struct local *)priv)->fake, fd, handle, offset);
}

static const struct pony_bufmgr_backend local_bufmgr_backend = {
   .name = "virglrenderer (in process)",
   .create = local_create,
   .map_offset = local_map_offset,
   .destroy = local_destroy,
};

static int
local_transfer(void *priv, struct pony_bo *bo, const struct virgl_winsys_box *box, uint32_t level,
               uint32_t offset, bool to_host)
{
   (void)priv;
   /* the library's box (only declared in its header) is six words x, y, z,
    * w, h, d: the layout of virgl_winsys_box */
   _Static_assert(sizeof(struct virgl_winsys_box) == 6 * sizeof(uint32_t), "box layout");
   struct virgl_winsys_box copy = *box;
   struct virgl_box *b = (struct virgl_box *)(void *)&copy;
   uint32_t res = pony_bo_backend_id(bo);
   int ret = to_host ? virgl_renderer_transfer_write_iov(res, LOCAL_CTX, (int)level, 0, 0, b,
                                                         offset, NULL, 0)
                     : virgl_renderer_transfer_read_iov(res, LOCAL_CTX, level, 0, 0, b, offset,
                                                        NULL, 0);
   return ret ? -EINVAL : 0;
}

static int
local_submit(void *priv, const uint32_t *cmds, uint32_t ndw, struct pony_bo *const *bos,
             uint32_t nbos, int *fence_fd)
{
   (void)priv;
   (void)bos;
   (void)nbos;
   if (fence_fd)
      *fence_fd = -1;   /* it runs now: nothing to wait for */
   if (!ndw)
      return 0;
   uint32_t *copy = malloc(ndw * sizeof *copy);   /* the library takes a non-const buffer */
   if (!copy)
      return -ENOMEM;
   memcpy(copy, cmds, ndw * sizeof *copy);
   int ret = virgl_renderer_submit_cmd(copy, LOCAL_CTX, (int)ndw);
   free(copy);
   /* a fence after each batch, as qemu makes one per submission: the host
    * flushes its GL there, which is what lets query results become
    * available (without it llvmpipe may never run the queried draws) */
   if (!ret)
      ret = virgl_renderer_create_fence(1, LOCAL_CTX);
   return ret ? -EINVAL : 0;
}

static int
local_wait(void *priv, struct pony_bo *bo, bool nowait)
{
   (void)priv;
   (void)bo;
   (void)nowait;
   /* each command ran when it was submitted; queries whose results were
    * not ready then are written at the renderer's next check, as qemu's
    * timer makes one */
   virgl_renderer_poll();
   return 0;
}

static void
local_destroy_backend(void *priv)
{
   struct local *l = priv;
   fake_free(l->fake);
   virgl_renderer_context_destroy(LOCAL_CTX);
   virgl_renderer_cleanup(l);
   free(l);
}

static const struct virgl_winsys_backend local_backend = {
   .transfer = local_transfer,
   .submit = local_submit,
   .wait = local_wait,
   .destroy = local_destroy_backend,
};

int
virgl_local_winsys_create(struct virgl_winsys **out)
{
   *out = NULL;
   struct local *l = calloc(1, sizeof *l);
   if (!l)
      return -ENOMEM;
   /* (the library refuses a NULL cookie) */
   if (virgl_renderer_init(l, VIRGL_RENDERER_USE_EGL | VIRGL_RENDERER_USE_SURFACELESS,
                           &local_cbs)) {
      free(l);
      return -ENODEV;
   }
   static const char name[] = "pony-virgl-test";
   if (virgl_renderer_context_create(LOCAL_CTX, sizeof name - 1, name)) {
      virgl_renderer_cleanup(l);
      free(l);
      return -ENODEV;
   }
   struct virgl_winsys_caps *caps = calloc(1, sizeof *caps);
   int ret = caps ? 0 : -ENOMEM;
   if (!ret) {
      l->fake = fake_new();
      uint32_t max_ver = 0, max_size = 0;
      virgl_renderer_get_cap_set(2, &max_ver, &max_size);
      if (!max_ver || max_size > sizeof caps->dwords) {
         ret = -ENODEV;
      } else {
         virgl_renderer_fill_caps(2, max_ver, caps->dwords);
         caps->set_id = 2;
         caps->set_version = max_ver;
         caps->num_dwords = max_size / 4;
      }
   }
   struct pony_bufmgr *mgr = NULL;
   if (!ret) {
      struct pony_bufmgr_options o = {
         .backend = &local_bufmgr_backend, .backend_priv = l,
         .kernel = &fake_kernel, .kernel_priv = l->fake,
         .now_ns = fake_now, .clock_priv = l->fake,
      };
      int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);   /* stands for the device fd */
      ret = devnull >= 0 ? pony_bufmgr_create(devnull, &o, &mgr) : -errno;
      if (devnull >= 0)
         close(devnull);
   }
   if (!ret) {
      ret = virgl_winsys_create_backend(&local_backend, l, mgr, caps, out);
      if (ret)
         pony_bufmgr_destroy(mgr);
   }
   free(caps);
   if (ret) {
      if (l->fake)
         fake_free(l->fake);
      virgl_renderer_context_destroy(LOCAL_CTX);
      virgl_renderer_cleanup(l);
      free(l);
   }
   return ret;
}
