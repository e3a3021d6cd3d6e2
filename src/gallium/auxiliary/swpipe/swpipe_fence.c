/*
 * Fences.  swpipe executes every command when it is issued, so a fence is
 * just a refcounted object that is signalled from birth.
 */
#include <stdlib.h>

#include "swpipe_screen.h"
#include "util/u_inlines.h"

struct pipe_fence_handle {
   struct pipe_reference reference;
};

struct pipe_fence_handle *
swpipe_fence_create(void)
{
   struct pipe_fence_handle *fence = calloc(1, sizeof *fence);
   if (fence)
      pipe_reference_init(&fence->reference, 1);
   return fence;
}

static void
swpipe_fence_reference(struct pipe_screen *screen, struct pipe_fence_handle **dst,
                        struct pipe_fence_handle *src)
{
   struct pipe_fence_handle *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL))
      free(old);
   *dst = src;
}

static bool
swpipe_fence_finish(struct pipe_screen *screen, struct pipe_context *ctx,
                     struct pipe_fence_handle *fence, uint64_t timeout_ns)
{
   return true;
}

void
swpipe_init_screen_fence_funcs(struct pipe_screen *screen)
{
   screen->fence_reference = swpipe_fence_reference;
   screen->fence_finish = swpipe_fence_finish;
}
