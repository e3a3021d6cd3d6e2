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

/* sampler view and sampler state slots per stage the host has (its
 * Gallium-era PIPE_MAX_SHADER_SAMPLER_VIEWS, 32, and PIPE_MAX_SAMPLERS,
 * 16, 18 or 32 by version: the least of them); a command reaching past
 * them fails the host context */
#define VIRGL_MAX_VIEWS 32
#define VIRGL_MAX_SAMPLERS 16

struct virgl_context {
   struct pipe_context base;
   struct virgl_screen *screen;
   struct virgl_cmdbuf cb;
   uint32_t next_handle;       /* object handles are the context's own */
   struct pipe_framebuffer_state fb;   /* its surfaces referenced */
   struct virgl_vertex_buffer vb[PIPE_MAX_ATTRIBS];   /* as last sent */
   unsigned num_vb;
   /* virgl_shader.c: gl_FragCoord's rows depend on the bound rasterizer's
    * bottom_edge_rule, so fragment shaders reading it come in two variants
    * and the rasterizer calls of virgl_state.c are wrapped to choose */
   struct {
      void *(*create)(struct pipe_context *, const struct pipe_rasterizer_state *);
      void (*bind)(struct pipe_context *, void *);
      void (*destroy)(struct pipe_context *, void *);
   } state_rs;
   bool bottom_edge_rule;      /* of the bound rasterizer */
   void *fs;                   /* the bound fragment shader */
   /* sampler views bound per stage (referenced, so that their handles
    * stay valid while the host may use them) */
   struct pipe_sampler_view *views[PIPE_SHADER_TYPES][VIRGL_MAX_VIEWS];
   /* host buffers holding user constants of index >= 1 (the protocol's
    * inline constants reach constant buffer 0 only), per stage and index */
   struct pipe_resource *const_upload[PIPE_SHADER_TYPES][PIPE_MAX_CONSTANT_BUFFERS];
   /* the polygon stipple as set, and the bound rasterizer's bottom_edge_rule
    * (virgl_send_stipple) */
   uint32_t stipple[32];
   bool stipple_set, stipple_bottom;
   int fence_fd;               /* the last batch's sync_file; -1: none pending */
   /* the active query of each host GL target and stream (virgl_query.c):
    * the host's GL refuses a second one, and the error ends the context */
   struct pipe_query *query_active[16];
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
void virgl_query_init_context(struct virgl_context *ctx);
/* a pipe query type as the host's number; ~0u: none */
uint32_t virgl_host_query_type(enum pipe_query_type type);
/* shaders: Pony IR as TGSI text (virgl_shader.c, virgl_tgsi.c); after
 * virgl_state_init_context, whose rasterizer calls it wraps */
void virgl_shader_init_context(struct virgl_context *ctx);
void virgl_sampler_init_context(struct virgl_context *ctx);
/* Drops the sampler views and constant uploads the context holds. */
void virgl_sampler_fini_context(struct virgl_context *ctx);

/* Sends the polygon stipple for the bound framebuffer and rasterizer. */
void virgl_send_stipple(struct virgl_context *ctx);

/* A state object of the context: a handle of its own (virgl_state.c). */
void *virgl_cso_new(struct virgl_context *ctx);
uint32_t virgl_cso_handle(const void *cso);
/* Destroys the host object (of protocol type obj) and frees cso. */
void virgl_cso_delete(struct virgl_context *ctx, uint32_t obj, void *cso);

/* Pony's enums to the protocol's numbers (virgl_sampler.c); ~0u where the
 * protocol has none */
uint32_t virgl_host_stage(enum pipe_shader_type stage);
uint32_t virgl_host_target(enum pipe_texture_target target);
uint32_t virgl_host_filter(enum pipe_tex_filter filter);
/* a sampler template's S0 word (virgl_proto.h "sampler state") */
uint32_t virgl_sampler_s0(const struct pipe_sampler_state *s);
/* a view template's swizzle word */
uint32_t virgl_view_swizzle(const struct pipe_sampler_view *v);
/* a view template's range words of a view of pr (a texture's layers and
 * levels, a buffer's elements); false when the range is not pr's */
bool virgl_view_range(const struct pipe_sampler_view *v, const struct pipe_resource *pr,
                      uint32_t *val0, uint32_t *val1);
/* a blend template's words (virgl_proto.h "blend") */
void virgl_blend_words(const struct pipe_blend_state *b, uint32_t *s0, uint32_t *s1,
                       uint32_t rt[8]);
struct pipe_context *virgl_context_create(struct pipe_screen *screen, void *priv, unsigned flags);

/* Sends the context's batch (nothing when it is empty). */
void virgl_flush_batch(struct virgl_context *ctx);

#endif
