#ifndef REFPIPE_SCREEN_H
#define REFPIPE_SCREEN_H

#include <stdint.h>

#include "pipe/p_screen.h"

struct refpipe_screen {
   struct pipe_screen base;
   uint64_t debug;   /* PONY_DEBUG flags, parsed at creation */
};

static inline struct refpipe_screen *
refpipe_screen(struct pipe_screen *s)
{
   return (struct refpipe_screen *)s;
}

/* refpipe_format_support.c */
bool refpipe_is_format_supported(struct pipe_screen *, enum pipe_format,
                                 enum pipe_texture_target, unsigned sample_count,
                                 unsigned bindings);

/* refpipe_fence.c */
struct pipe_fence_handle *refpipe_fence_create(void);
void refpipe_init_screen_fence_funcs(struct pipe_screen *);

/* refpipe_resource.c */
void refpipe_init_screen_resource_funcs(struct pipe_screen *);

#endif
