/*
 * Fences of the virgl driver (virgl_driver.h): a fence is the sync_file
 * the kernel gave for the context's last batch when the fence was made
 * (batches of one context run in order on the host, so the last one's
 * fence covers every earlier one), or none when nothing was pending.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/u_debug.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"

struct pipe_fence_handle {
   struct pipe_reference reference;
   int fd;   /* a dup of the batch's sync_file; -1: signalled from birth */
};

struct pipe_fence_handle *
virgl_fence_create(struct virgl_context *ctx)
{
   struct pipe_fence_handle *f = calloc(1, sizeof *f);
   if (!f)
      return NULL;
   pipe_reference_init(&f->reference, 1);
   f->fd = ctx->fence_fd >= 0 ? dup(ctx->fence_fd) : -1;
   if (ctx->fence_fd >= 0 && f->fd < 0) {
      free(f);   /* out of file descriptors: no fence rather than a false one */
      return NULL;
   }
   return f;
}

static void
fence_reference(struct pipe_screen *ps, struct pipe_fence_handle **dst,
                struct pipe_fence_handle *src)
{
   (void)ps;
   struct pipe_fence_handle *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL)) {
      if (old->fd >= 0)
         close(old->fd);
      free(old);
   }
   *dst = src;
}

static bool
fence_finish(struct pipe_screen *ps, struct pipe_context *pc, struct pipe_fence_handle *fence,
             uint64_t timeout_ns)
{
   (void)ps;
   (void)pc;   /* the fence was made at a flush: nothing of it is unsent */
   if (!fence)
      return true;
   int ret = virgl_winsys_fence_wait(fence->fd, timeout_ns);
   if (ret && ret != -ETIME && (pony_debug_get() & PONY_DEBUG_DRIVER))
      pony_log("virgl", "waiting for a fence failed: %d", ret);
   return ret == 0;
}

void
virgl_fence_init_screen(struct virgl_screen *s)
{
   s->base.fence_reference = fence_reference;
   s->base.fence_finish = fence_finish;
}
