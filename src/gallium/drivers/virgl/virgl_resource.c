/*
 * Resources and transfers of the virgl driver (virgl_driver.h).  A
 * resource is a host resource created from its template with a guest
 * backing from the buffer manager.  A map reads the box's rows from the
 * host into the backing (after sending the context's batch, so that what
 * the host rendered is there) and returns a pointer into the backing; an
 * unmap after writing sends those rows back.  Transfers always move whole
 * rows of one layer: rows are tightly packed in the backing, as the host
 * packs a box.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "frontend/winsys_handle.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"
#include "virgl_driver.h"
#include "virgl_proto.h"

/* pipe bindings the host knows, in the protocol's bits */
static uint32_t
host_bind(unsigned bind)
{
   uint32_t b = bind & (PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_RENDER_TARGET |
                        PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_VERTEX_BUFFER |
                        PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER |
                        PIPE_BIND_DISPLAY_TARGET);
   /* (the pipe and protocol bits agree up to DISPLAY_TARGET) */
   _Static_assert(PIPE_BIND_DISPLAY_TARGET == VP_BIND_DISPLAY_TARGET, "bind bits");
   _Static_assert(PIPE_BIND_SAMPLER_VIEW == VP_BIND_SAMPLER_VIEW, "bind bits");
   if (!b)
      b = VP_BIND_CUSTOM;   /* a buffer for transfers only */
   return b;
}

static unsigned
level_layers(const struct pipe_resource *t, unsigned level)
{
   return t->target == PIPE_TEXTURE_3D ? u_minify(t->depth0, level)
                                       : (t->array_size ? t->array_size : 1);
}

static bool
template_ok(const struct virgl_screen *s, const struct pipe_resource *t)
{
   const struct pipe_caps *c = &s->base.caps;
   if (!t || (unsigned)t->target >= PIPE_MAX_TEXTURE_TYPES || t->nr_samples > 1 ||
       t->last_level >= PIPE_MAX_TEXTURE_LEVELS || !t->width0 || !t->height0 || !t->depth0 ||
       !virgl_host_format(t->format))
      return false;
   if (t->target == PIPE_BUFFER)
      return t->height0 == 1 && t->depth0 == 1 && t->last_level == 0;
   if (t->width0 > c->max_texture_2d_size || t->height0 > c->max_texture_2d_size)
      return false;
   /* a format the host cannot bind as asked: its RESOURCE_CREATE would
    * fail on the host after the kernel said yes, and the first command
    * naming the resource would end the host context */
   if (!virgl_caps_format_supported(&s->host, t->format,
                                    t->bind & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET |
                                               PIPE_BIND_DEPTH_STENCIL)))
      return false;
   unsigned max_dim = t->width0 > t->height0 ? t->width0 : t->height0;
   if (t->target == PIPE_TEXTURE_3D && t->depth0 > max_dim)
      max_dim = t->depth0;
   return (1u << t->last_level) <= max_dim;
}

/* A resource of templ, its backing's layout filled in; NULL when the
 * template is not one the driver makes. */
static struct virgl_resource *
resource_new(struct virgl_screen *s, const struct pipe_resource *templ)
{
   if (!template_ok(s, templ))
      return NULL;
   struct virgl_resource *r = calloc(1, sizeof *r);
   if (!r)
      return NULL;
   r->base = *templ;
   pipe_reference_init(&r->base.reference, 1);
   r->base.screen = &s->base;

   uint64_t offset = 0;
   for (unsigned l = 0; l <= templ->last_level; l++) {
      uint32_t stride = templ->target == PIPE_BUFFER
                           ? templ->width0
                           : util_format_get_stride(templ->format, u_minify(templ->width0, l));
      uint64_t layer = (uint64_t)stride *
                       (templ->target == PIPE_BUFFER
                           ? 1
                           : util_format_get_nblocksy(templ->format, u_minify(templ->height0, l)));
      r->level_offset[l] = offset;
      r->stride[l] = stride;
      r->layer_stride[l] = layer;
      offset += layer * level_layers(templ, l);
   }
   r->size = offset;
   return r;
}

static struct pipe_resource *
resource_create(struct pipe_screen *ps, const struct pipe_resource *templ)
{
   struct virgl_screen *s = virgl_screen(ps);
   struct virgl_resource *r = resource_new(s, templ);
   if (!r)
      return NULL;
   const struct pony_virtgpu_resource_desc d = {
      .target = (uint32_t)templ->target,   /* the pipe and protocol targets agree */
      .format = virgl_host_format(templ->format),
      .bind = host_bind(templ->bind),
      .width = templ->width0,
      .height = templ->height0,
      .depth = templ->target == PIPE_TEXTURE_3D ? templ->depth0 : 1,
      .array_size = templ->target == PIPE_TEXTURE_3D ? 1 : (templ->array_size ? templ->array_size : 1),
      .last_level = templ->last_level,
      .nr_samples = templ->nr_samples > 1 ? templ->nr_samples : 0,
   };
   int ret = virgl_winsys_resource_create(s->ws, &d, r->size, 0, &r->bo);
   if (ret) {
      if (pony_debug_get() & PONY_DEBUG_DRIVER)
         pony_log("virgl", "resource_create of %s %ux%ux%u failed: %s",
                  util_format_name(templ->format), templ->width0, templ->height0, templ->depth0,
                  strerror(-ret));
      free(r);
      return NULL;
   }
   r->res_handle = pony_bo_backend_id(r->bo);
   return &r->base;
}

/*
 * Another process's (or API's) host resource as a dma-buf: the buffer
 * manager's import names its host resource.  Only single-level 2D images
 * whose rows are packed as this driver packs them (the stride of
 * resource_new's layout, offset 0): the driver's maps address the backing
 * by that layout.
 */
static struct pipe_resource *
resource_from_handle(struct pipe_screen *ps, const struct pipe_resource *templ,
                     const struct winsys_handle *wh)
{
   struct virgl_screen *s = virgl_screen(ps);
   bool debug = pony_debug_get() & PONY_DEBUG_DRIVER;
   if (!templ || !wh || wh->type != WINSYS_HANDLE_TYPE_FD || wh->offset || wh->modifier ||
       templ->target != PIPE_TEXTURE_2D || templ->last_level) {
      if (debug)
         pony_log("virgl", "resource_from_handle: only dma-bufs of one-level 2D images at "
                  "offset 0, linear");
      return NULL;
   }
   struct virgl_resource *r = resource_new(s, templ);
   if (!r)
      return NULL;
   if (wh->stride != r->stride[0]) {
      if (debug)
         pony_log("virgl", "resource_from_handle: stride %u, the driver packs rows at %u",
                  wh->stride, r->stride[0]);
      free(r);
      return NULL;
   }
   int ret = pony_bufmgr_import_dmabuf(virgl_winsys_bufmgr(s->ws), wh->handle, &r->bo);
   if (!ret && pony_bo_size(r->bo) < r->size) {
      pony_bo_unref(r->bo);
      ret = -EINVAL;
   }
   if (ret || !pony_bo_backend_id(r->bo)) {
      if (debug)
         pony_log("virgl", "resource_from_handle: import of fd %d failed: %s", wh->handle,
                  strerror(ret ? -ret : ENOENT));
      if (!ret)
         pony_bo_unref(r->bo);
      free(r);
      return NULL;
   }
   r->res_handle = pony_bo_backend_id(r->bo);
   return &r->base;
}

/* Every resource is a kernel buffer holding a host resource. */
static bool
resource_get_handle(struct pipe_screen *ps, struct pipe_resource *pr, struct winsys_handle *wh)
{
   (void)ps;
   struct virgl_resource *r = virgl_resource(pr);
   wh->stride = r->stride[0];
   wh->offset = 0;
   wh->modifier = 0;
   if (wh->type == WINSYS_HANDLE_TYPE_KMS) {
      wh->handle = (int)pony_bo_handle(r->bo);
      return true;
   }
   if (wh->type == WINSYS_HANDLE_TYPE_FD) {
      int fd = -1;
      if (pony_bo_export_dmabuf(r->bo, &fd))
         return false;
      wh->handle = fd;
      return true;
   }
   return false;
}

static bool
resource_get_layout(struct pipe_screen *ps, struct pipe_resource *pr, unsigned *stride,
                    unsigned *offset)
{
   (void)ps;
   *stride = virgl_resource(pr)->stride[0];
   *offset = 0;
   return true;
}

static void
resource_destroy(struct pipe_screen *ps, struct pipe_resource *pr)
{
   (void)ps;
   struct virgl_resource *r = virgl_resource(pr);
   pony_bo_unref(r->bo);
   free(r);
}

void
virgl_resource_init_screen(struct virgl_screen *s)
{
   s->base.resource_create = resource_create;
   s->base.resource_destroy = resource_destroy;
   s->base.resource_from_handle = resource_from_handle;
   s->base.resource_get_handle = resource_get_handle;
   s->base.resource_get_layout = resource_get_layout;
}

/* --- transfers ------------------------------------------------------------ */

struct virgl_transfer {
   struct pipe_transfer base;
};

/*
 * Moves the whole rows under box (level l) between the backing and the
 * host, one layer at a time: the host packs a box's rows and layers
 * tightly (stride: the box's width, layer stride: its height), and whole
 * rows of one layer are exactly the backing's own layout.
 */
static int
move_rows(struct virgl_winsys *ws, const struct virgl_resource *r, unsigned l,
          const struct pipe_box *box, bool put)
{
   const struct pipe_resource *t = &r->base;
   const struct util_format_description *fd = util_format_description(t->format);
   struct virgl_winsys_box hb;
   uint64_t row0;
   if (t->target == PIPE_BUFFER) {
      hb = (struct virgl_winsys_box){ (uint32_t)box->x, 0, 0, (uint32_t)box->width, 1, 1 };
      row0 = (uint64_t)box->x;
   } else {
      unsigned y = (unsigned)box->y / fd->block_height * fd->block_height;
      unsigned end = (unsigned)(box->y + box->height);
      hb = (struct virgl_winsys_box){ 0, y, 0, u_minify(t->width0, l), end - y, 1 };
      row0 = r->level_offset[l] + (uint64_t)(y / fd->block_height) * r->stride[l];
   }
   for (int z = box->z; z < box->z + box->depth; z++) {
      hb.z = (uint32_t)z;
      uint64_t offset = row0 + (uint64_t)z * r->layer_stride[l];
      int ret = put ? virgl_winsys_transfer_put(ws, r->bo, &hb, l, (uint32_t)offset)
                    : virgl_winsys_transfer_get(ws, r->bo, &hb, l, (uint32_t)offset);
      if (ret)
         return ret;
   }
   return 0;
}

static bool
box_ok(const struct virgl_resource *r, unsigned l, const struct pipe_box *b)
{
   const struct pipe_resource *t = &r->base;
   if (l > t->last_level || b->x < 0 || b->y < 0 || b->z < 0 || b->width <= 0 ||
       b->height <= 0 || b->depth <= 0)
      return false;
   unsigned w = t->target == PIPE_BUFFER ? t->width0 : u_minify(t->width0, l);
   unsigned h = t->target == PIPE_BUFFER ? 1 : u_minify(t->height0, l);
   return (unsigned)b->x + (unsigned)b->width <= w && (unsigned)b->y + (unsigned)b->height <= h &&
          (unsigned)b->z + (unsigned)b->depth <= level_layers(t, l);
}

static void *
resource_map(struct pipe_context *pc, struct pipe_resource *pr, unsigned level, unsigned usage,
             const struct pipe_box *box, struct pipe_transfer **out)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_resource *r = virgl_resource(pr);
   struct virgl_winsys *ws = ctx->screen->ws;
   *out = NULL;
   if (!box_ok(r, level, box))
      return NULL;
   struct virgl_transfer *t = calloc(1, sizeof *t);
   if (!t)
      return NULL;
   /* what the host has must be in the backing first, unless the whole box
    * is to be overwritten */
   bool whole_rows = pr->target == PIPE_BUFFER ||
                     (box->x == 0 && (unsigned)box->width == u_minify(pr->width0, level));
   bool fetch = !(usage & (PIPE_MAP_DISCARD_RANGE | PIPE_MAP_DISCARD_WHOLE_RESOURCE)) ||
                (usage & PIPE_MAP_READ) || !whole_rows;   /* the unmap sends whole rows back */
   virgl_flush_batch(ctx);
   int ret = fetch ? move_rows(ws, r, level, box, false) : 0;
   if (!ret && !(usage & PIPE_MAP_UNSYNCHRONIZED))
      ret = virgl_winsys_wait(ws, r->bo, (usage & PIPE_MAP_DONTBLOCK) != 0);
   void *p = NULL;
   if (!ret)
      ret = pony_bo_map(r->bo, (usage & PIPE_MAP_WRITE ? PONY_BO_MAP_WRITE : 0) |
                                  (usage & PIPE_MAP_READ ? PONY_BO_MAP_READ : 0), &p);
   if (ret) {
      free(t);
      return NULL;
   }
   pipe_resource_reference(&t->base.resource, pr);
   t->base.level = level;
   t->base.usage = usage;
   t->base.box = *box;
   t->base.stride = r->stride[level];
   t->base.layer_stride = (uintptr_t)r->layer_stride[level];
   *out = &t->base;
   const struct util_format_description *fd = util_format_description(pr->format);
   uint64_t at = pr->target == PIPE_BUFFER
                    ? r->level_offset[0] + (uint64_t)box->x
                    : r->level_offset[level] + (uint64_t)box->z * r->layer_stride[level] +
                         (uint64_t)(box->y / fd->block_height) * r->stride[level] +
                         (uint64_t)(box->x / fd->block_width) * fd->block_bytes;
   return (uint8_t *)p + at;
}

static void
resource_unmap(struct pipe_context *pc, struct pipe_transfer *pt)
{
   struct virgl_context *ctx = virgl_context(pc);
   struct virgl_transfer *t = (struct virgl_transfer *)pt;
   struct virgl_resource *r = virgl_resource(pt->resource);
   if (pt->usage & PIPE_MAP_WRITE) {
      int ret = move_rows(ctx->screen->ws, r, pt->level, &pt->box, true);
      if (ret && (pony_debug_get() & PONY_DEBUG_DRIVER))
         pony_log("virgl", "transfer to the host failed: %s", strerror(-ret));
   }
   pony_bo_unmap(r->bo);
   pipe_resource_reference(&pt->resource, NULL);
   free(t);
}

static void
buffer_subdata(struct pipe_context *pc, struct pipe_resource *pr, unsigned usage,
               unsigned offset, unsigned size, const void *data)
{
   struct pipe_transfer *t = NULL;
   struct pipe_box box = u_box_2d((int)offset, 0, (int)size, 1);
   void *p = resource_map(pc, pr, 0, PIPE_MAP_WRITE | (usage & ~PIPE_MAP_READ), &box, &t);
   if (!p)
      return;
   memcpy(p, data, size);
   resource_unmap(pc, t);
}

void
virgl_resource_init_context(struct virgl_context *ctx)
{
   ctx->base.buffer_map = resource_map;
   ctx->base.buffer_unmap = resource_unmap;
   ctx->base.texture_map = resource_map;
   ctx->base.texture_unmap = resource_unmap;
   ctx->base.buffer_subdata = buffer_subdata;
}
