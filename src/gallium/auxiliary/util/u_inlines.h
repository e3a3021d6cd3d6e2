/*
 * Reference counting for pipe objects.  The only way refcounted pointers
 * change hands: *_reference(&dst, src) drops dst's old object (destroying
 * it at zero) and takes a reference on src.
 */
#ifndef U_INLINES_H
#define U_INLINES_H

#include <stdbool.h>
#include <stddef.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

static inline void
pipe_reference_init(struct pipe_reference *ref, int count)
{
   __atomic_store_n(&ref->count, count, __ATOMIC_RELAXED);
}

/* Returns true if the old object (dst) reached zero and must be destroyed. */
static inline bool
pipe_reference(struct pipe_reference *dst, struct pipe_reference *src)
{
   if (dst == src)
      return false;
   if (src)
      __atomic_add_fetch(&src->count, 1, __ATOMIC_RELAXED);
   return dst && __atomic_sub_fetch(&dst->count, 1, __ATOMIC_ACQ_REL) == 0;
}

static inline void
pipe_resource_reference(struct pipe_resource **dst, struct pipe_resource *src)
{
   struct pipe_resource *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL))
      old->screen->resource_destroy(old->screen, old);
   *dst = src;
}

static inline void
pipe_surface_reference(struct pipe_surface **dst, struct pipe_surface *src)
{
   struct pipe_surface *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL))
      old->context->surface_destroy(old->context, old);
   *dst = src;
}

static inline void
pipe_sampler_view_reference(struct pipe_sampler_view **dst, struct pipe_sampler_view *src)
{
   struct pipe_sampler_view *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL))
      old->context->sampler_view_destroy(old->context, old);
   *dst = src;
}

static inline void
pipe_so_target_reference(struct pipe_stream_output_target **dst,
                         struct pipe_stream_output_target *src)
{
   struct pipe_stream_output_target *old = *dst;
   if (pipe_reference(old ? &old->reference : NULL, src ? &src->reference : NULL))
      old->context->stream_output_target_destroy(old->context, old);
   *dst = src;
}

static inline struct pipe_box
u_box_2d(int x, int y, int w, int h)
{
   struct pipe_box b = { x, y, 0, w, h, 1 };
   return b;
}

static inline struct pipe_box
u_box_3d(int x, int y, int z, int w, int h, int d)
{
   struct pipe_box b = { x, y, z, w, h, d };
   return b;
}

static inline unsigned
u_minify(unsigned size, unsigned level)
{
   unsigned s = size >> level;
   return s ? s : 1;
}

#endif
