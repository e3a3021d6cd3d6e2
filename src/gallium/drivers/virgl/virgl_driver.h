/*
 * The virgl pipe driver's objects (docs/virgl.md): the screen over a
 * virgl winsys, resources that are host resources with a guest backing,
 * the context that encodes pipe calls into a command buffer.
 */
#ifndef VIRGL_DRIVER_H
#define VIRGL_DRIVER_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "virgl_caps.h"
#include "virgl_encode.h"
#include "virgl_winsys.h"

struct virgl_screen {
   struct pipe_screen base;
   struct virgl_winsys *ws;
   struct virgl_host_caps host;
   char name[96];              /* "virgl (host renderer)" */
};

/* A host resource; its guest backing holds every level and layer with
 * tightly packed rows (so that a transfer of whole rows needs no stride:
 * the host packs a box's rows tightly too). */
struct virgl_resource {
   struct pipe_resource base;
   struct pony_bo *bo;
   uint32_t res_handle;
   uint64_t level_offset[PIPE_MAX_TEXTURE_LEVELS];
   uint32_t stride[PIPE_MAX_TEXTURE_LEVELS];        /* bytes per row (of blocks) */
   uint64_t layer_stride[PIPE_MAX_TEXTURE_LEVELS];  /* bytes per layer or slice */
   uint64_t size;
};

struct virgl_context {
   struct pipe_context base;
   struct virgl_screen *screen;
   struct virgl_cmdbuf cb;
   uint32_t next_handle;       /* object handles are the context's own */
   struct pipe_framebuffer_state fb;   /* its surfaces referenced */
   struct virgl_vertex_buffer vb[PIPE_MAX_ATTRIBS];   /* as last sent */
   unsigned num_vb;
   int fence_fd;               /* the last batch's sync_file; -1: none pending */
};

struct virgl_surface {
   struct pipe_surface base;
   uint32_t handle;
};

static inline struct virgl_screen *
virgl_screen(struct pipe_screen *s)
{
   return (struct virgl_screen *)s;
}

static inline struct virgl_resource *
virgl_resource(struct pipe_resource *r)
{
   return (struct virgl_resource *)r;
}

static inline struct virgl_context *
virgl_context(struct pipe_context *c)
{
   return (struct virgl_context *)c;
}

/* The screen on a virtio_gpu DRM fd (the winsys keeps a dup); NULL when
 * it is none or has no 3D (PONY_DEBUG=driver says why). */
struct pipe_screen *virgl_screen_create(int fd);
/* The screen on a winsys (taken: destroyed with the screen, or at once on
 * failure). */
struct pipe_screen *virgl_screen_create_winsys(struct virgl_winsys *ws);

void virgl_resource_init_screen(struct virgl_screen *s);
void virgl_fence_init_screen(struct virgl_screen *s);
/* A fence of everything the context has sent (virgl_fence.c); NULL when
 * out of memory or file descriptors. */
struct pipe_fence_handle *virgl_fence_create(struct virgl_context *ctx);
void virgl_resource_init_context(struct virgl_context *ctx);
void virgl_state_init_context(struct virgl_context *ctx);
/* a blend template's words (virgl_proto.h "blend") */
void virgl_blend_words(const struct pipe_blend_state *b, uint32_t *s0, uint32_t *s1,
                       uint32_t rt[8]);
struct pipe_context *virgl_context_create(struct pipe_screen *screen, void *priv, unsigned flags);

/* Sends the context's batch (nothing when it is empty). */
void virgl_flush_batch(struct virgl_context *ctx);

#endif
