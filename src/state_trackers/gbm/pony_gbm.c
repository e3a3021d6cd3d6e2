/*
 * Pony's GBM backend (pony_gbm.h, gbm_abi.h).
 *
 * A device owns a pipe screen on the kms winsys over its fd (the winsys
 * keeps a dup of the fd) and one pipe context for maps and writes, used
 * under the device's lock.  Buffer objects are fe_image resources.  A
 * surface has up to PONY_GBM_SURFACE_BUFFERS buffer objects: the one drawn
 * into (back), the last one finished (front, until the application locks
 * it) and those the application holds locked.
 *
 * The registries of devices and surfaces are process-wide: a native
 * display or window is only a pointer, and EGL must tell Pony's from
 * another backend's without dereferencing it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "frontend/sw_winsys.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "state_trackers/common/fe_config.h"
#include "state_trackers/common/fe_image.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"

#include "kms_sw_winsys.h"

#include "gbm_abi.h"
#include "pony_gbm.h"

#define PONY_GBM_SURFACE_BUFFERS 3

struct pony_gbm_device {
   struct gbm_device base;         /* first: libgbm's view */
   struct pony_gbm_device *next;   /* the registry */
   struct pipe_screen *screen;
   bool kernel_buffers;            /* the winsys makes dumb buffers */
   unsigned max_size;
   bool debug;                     /* PONY_DEBUG=bufmgr */
   pthread_mutex_t lock;           /* the pipe context */
   struct pipe_context *pipe;
};

struct pony_gbm_bo {
   struct gbm_bo base;
   struct pipe_resource *res;
   struct pony_gbm_surface *surface;   /* the surface it belongs to, if any */
};

struct pony_gbm_surface {
   struct gbm_surface base;
   struct pony_gbm_surface *next;
   struct pony_gbm_bo *bos[PONY_GBM_SURFACE_BUFFERS];
   bool locked[PONY_GBM_SURFACE_BUFFERS];
   int back;                       /* being drawn into, or -1 */
   int front;                      /* finished, not yet locked, or -1 */
};

static struct {
   pthread_mutex_t lock;
   struct pony_gbm_device *devices;
   struct pony_gbm_surface *surfaces;
} pony_gbm_registry = { PTHREAD_MUTEX_INITIALIZER, NULL, NULL };

static struct pony_gbm_device *
pdev(struct gbm_device *d)
{
   return (struct pony_gbm_device *)d;
}

static struct pony_gbm_bo *
pbo(struct gbm_bo *b)
{
   return (struct pony_gbm_bo *)b;
}

static struct pony_gbm_surface *
psurf(struct gbm_surface *s)
{
   return (struct pony_gbm_surface *)s;
}

/* GBM_BO_FORMAT_XRGB8888 / ARGB8888 (the old names) to fourccs */
static uint32_t
canonical(struct pony_gbm_device *dev, uint32_t format)
{
   (void)dev;
   return format == GBM_BO_FORMAT_XRGB8888   ? GBM_FORMAT_XRGB8888
          : format == GBM_BO_FORMAT_ARGB8888 ? GBM_FORMAT_ARGB8888
                                             : format;
}

/* --- buffer objects ---------------------------------------------------------------- */

static struct gbm_bo *
bo_wrap(struct pony_gbm_device *dev, struct pipe_resource *res, uint32_t fourcc)
{
   struct pony_gbm_bo *bo = calloc(1, sizeof(*bo));
   if (!bo) {
      pipe_resource_reference(&res, NULL);
      errno = ENOMEM;
      return NULL;
   }
   bo->res = res;
   bo->base.gbm = &dev->base;
   bo->base.v0.width = res->width0;
   bo->base.v0.height = res->height0;
   bo->base.v0.stride = fe_image_stride(dev->screen, res);
   bo->base.v0.format = fourcc;
   int handle = 0;
   /* process memory (no dumb buffers here) has no GEM handle: 0 */
   if (fe_image_get_handle(dev->screen, res, WINSYS_HANDLE_TYPE_KMS, &handle))
      bo->base.v0.handle.u32 = (uint32_t)handle;
   return &bo->base;
}

static bool
modifiers_allow_linear(const uint64_t *modifiers, unsigned count)
{
   if (!modifiers || !count)
      return true;
   for (unsigned i = 0; i < count; i++) {
      if (modifiers[i] == FE_MOD_LINEAR)
         return true;
   }
   return false;
}

static struct gbm_bo *
bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height, uint32_t format,
          uint32_t usage, const uint64_t *modifiers, const unsigned int count)
{
   struct pony_gbm_device *dev = pdev(gbm);
   uint32_t fourcc = canonical(dev, format);
   if (!fe_image_format_by_fourcc(fourcc) || (usage & GBM_BO_USE_PROTECTED) ||
       !modifiers_allow_linear(modifiers, count)) {
      errno = EINVAL;
      return NULL;
   }
   struct pipe_resource *res =
      fe_image_create(dev->screen, fourcc, (int)width, (int)height, dev->max_size,
                      dev->kernel_buffers, (usage & GBM_BO_USE_SCANOUT) != 0);
   if (!res) {
      if (dev->debug)
         pony_log("gbm", "bo_create(%ux%u, 0x%08x): refused or out of memory", width, height,
                  fourcc);
      errno = width && height && width <= dev->max_size && height <= dev->max_size ? ENOMEM
                                                                                    : EINVAL;
      return NULL;
   }
   return bo_wrap(dev, res, fourcc);
}

static struct gbm_bo *
bo_import(struct gbm_device *gbm, uint32_t type, void *buffer, uint32_t usage)
{
   struct pony_gbm_device *dev = pdev(gbm);
   int fd, stride, offset = 0;
   uint32_t width, height, fourcc;
   (void)usage;

   if (!buffer) {
      errno = EINVAL;
      return NULL;
   }
   if (type == GBM_BO_IMPORT_FD) {
      const struct gbm_import_fd_data *d = buffer;
      fd = d->fd;
      width = d->width;
      height = d->height;
      stride = (int)d->stride;
      fourcc = canonical(dev, d->format);
   } else if (type == GBM_BO_IMPORT_FD_MODIFIER) {
      const struct gbm_import_fd_modifier_data *d = buffer;
      /* one plane, linear */
      if (d->num_fds != 1 || d->modifier != FE_MOD_LINEAR) {
         errno = EINVAL;
         return NULL;
      }
      fd = d->fds[0];
      width = d->width;
      height = d->height;
      stride = d->strides[0];
      offset = d->offsets[0];
      fourcc = canonical(dev, d->format);
   } else {
      /* wl_buffers and EGLImages: not Pony's */
      errno = ENOSYS;
      return NULL;
   }
   enum fe_image_error why;
   struct pipe_resource *res =
      width > 0xffff || height > 0xffff
         ? NULL
         : fe_image_import(dev->screen, true, fourcc, (int)width, (int)height, dev->max_size, fd,
                           stride, offset, &why);
   if (!res) {
      errno = EINVAL;
      return NULL;
   }
   return bo_wrap(dev, res, fourcc);
}

static void *
bo_map(struct gbm_bo *b, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
       uint32_t flags, uint32_t *stride, void **map_data)
{
   struct pony_gbm_bo *bo = pbo(b);
   struct pony_gbm_device *dev = pdev(b->gbm);
   if (!stride || !map_data || !width || !height || (uint64_t)x + width > bo->res->width0 ||
       (uint64_t)y + height > bo->res->height0) {
      errno = EINVAL;
      return NULL;
   }
   unsigned usage = 0;
   if (flags & GBM_BO_TRANSFER_READ)
      usage |= PIPE_MAP_READ;
   if (flags & GBM_BO_TRANSFER_WRITE)
      usage |= PIPE_MAP_WRITE;
   if (!usage)
      usage = PIPE_MAP_READ;
   struct pipe_box box = { (int)x, (int)y, 0, (int)width, (int)height, 1 };
   struct pipe_transfer *t = NULL;
   pthread_mutex_lock(&dev->lock);
   void *map = dev->pipe->texture_map(dev->pipe, bo->res, 0, usage, &box, &t);
   pthread_mutex_unlock(&dev->lock);
   if (!map) {
      errno = ENOMEM;
      return NULL;
   }
   *stride = t->stride;
   *map_data = t;
   return map;
}

static void
bo_unmap(struct gbm_bo *b, void *map_data)
{
   struct pony_gbm_device *dev = pdev(b->gbm);
   if (!map_data)
      return;
   pthread_mutex_lock(&dev->lock);
   dev->pipe->texture_unmap(dev->pipe, map_data);
   pthread_mutex_unlock(&dev->lock);
}

/* GBM_BO_USE_WRITE's gbm_bo_write: the rows of the whole buffer, packed */
static int
bo_write(struct gbm_bo *b, const void *buf, size_t size)
{
   struct pony_gbm_bo *bo = pbo(b);
   struct pony_gbm_device *dev = pdev(b->gbm);
   unsigned row = util_format_get_stride(bo->res->format, bo->res->width0);
   if (!buf || size < (size_t)row * bo->res->height0) {
      errno = EINVAL;
      return -1;
   }
   struct pipe_box box = { 0, 0, 0, (int)bo->res->width0, (int)bo->res->height0, 1 };
   pthread_mutex_lock(&dev->lock);
   dev->pipe->texture_subdata(dev->pipe, bo->res, 0, PIPE_MAP_WRITE, &box, buf, row, 0);
   pthread_mutex_unlock(&dev->lock);
   return 0;
}

static int
bo_get_fd(struct gbm_bo *b)
{
   int fd = -1;
   if (!fe_image_get_handle(pdev(b->gbm)->screen, pbo(b)->res, WINSYS_HANDLE_TYPE_FD, &fd)) {
      errno = EINVAL;   /* process memory: nothing to share */
      return -1;
   }
   return fd;
}

static int
bo_get_planes(struct gbm_bo *b)
{
   (void)b;
   return 1;
}

static union gbm_bo_handle
bo_get_handle(struct gbm_bo *b, int plane)
{
   union gbm_bo_handle h;
   h.u64 = 0;
   if (plane == 0)
      h = b->v0.handle;
   return h;
}

static int
bo_get_plane_fd(struct gbm_bo *b, int plane)
{
   return plane == 0 ? bo_get_fd(b) : -1;
}

static uint32_t
bo_get_stride(struct gbm_bo *b, int plane)
{
   return plane == 0 ? b->v0.stride : 0;
}

static uint32_t
bo_get_offset(struct gbm_bo *b, int plane)
{
   (void)b;
   (void)plane;
   return 0;
}

static uint64_t
bo_get_modifier(struct gbm_bo *b)
{
   (void)b;
   return FE_MOD_LINEAR;
}

static void
bo_destroy(struct gbm_bo *b)
{
   struct pony_gbm_bo *bo = pbo(b);
   if (bo->surface) {
      /* a surface's buffer goes with its surface; here it only leaves it */
      struct pony_gbm_surface *s = bo->surface;
      for (int i = 0; i < PONY_GBM_SURFACE_BUFFERS; i++) {
         if (s->bos[i] == bo) {
            s->bos[i] = NULL;
            s->locked[i] = false;
         }
      }
   }
   pipe_resource_reference(&bo->res, NULL);
   free(bo);
}

/* --- surfaces ---------------------------------------------------------------------- */

static struct gbm_surface *
surface_create(struct gbm_device *gbm, uint32_t width, uint32_t height, uint32_t format,
               uint32_t flags, const uint64_t *modifiers, const unsigned count)
{
   struct pony_gbm_device *dev = pdev(gbm);
   uint32_t fourcc = canonical(dev, format);
   if (!fe_image_format_by_fourcc(fourcc) || !width || !height || width > dev->max_size ||
       height > dev->max_size || !modifiers_allow_linear(modifiers, count)) {
      errno = EINVAL;
      return NULL;
   }
   struct pony_gbm_surface *s = calloc(1, sizeof(*s));
   if (!s) {
      errno = ENOMEM;
      return NULL;
   }
   s->base.gbm = gbm;
   s->base.v0.width = width;
   s->base.v0.height = height;
   s->base.v0.format = fourcc;
   s->base.v0.flags = flags;
   s->back = s->front = -1;
   pthread_mutex_lock(&pony_gbm_registry.lock);
   s->next = pony_gbm_registry.surfaces;
   pony_gbm_registry.surfaces = s;
   pthread_mutex_unlock(&pony_gbm_registry.lock);
   return &s->base;
}

static struct gbm_bo *
surface_lock_front_buffer(struct gbm_surface *surface)
{
   struct pony_gbm_surface *s = psurf(surface);
   if (s->front < 0)
      return NULL;   /* no frame finished since the last lock */
   int i = s->front;
   s->locked[i] = true;
   s->front = -1;
   return &s->bos[i]->base;
}

static void
surface_release_buffer(struct gbm_surface *surface, struct gbm_bo *bo)
{
   struct pony_gbm_surface *s = psurf(surface);
   for (int i = 0; i < PONY_GBM_SURFACE_BUFFERS; i++) {
      if (s->bos[i] && &s->bos[i]->base == bo)
         s->locked[i] = false;
   }
}

static int
surface_free_slot(const struct pony_gbm_surface *s)
{
   for (int i = 0; i < PONY_GBM_SURFACE_BUFFERS; i++) {
      if (!s->locked[i] && i != s->front && i != s->back)
         return i;
   }
   return -1;
}

static int
surface_has_free_buffers(struct gbm_surface *surface)
{
   return surface_free_slot(psurf(surface)) >= 0;
}

static void
surface_destroy(struct gbm_surface *surface)
{
   struct pony_gbm_surface *s = psurf(surface);
   pthread_mutex_lock(&pony_gbm_registry.lock);
   for (struct pony_gbm_surface **p = &pony_gbm_registry.surfaces; *p; p = &(*p)->next) {
      if (*p == s) {
         *p = s->next;
         break;
      }
   }
   pthread_mutex_unlock(&pony_gbm_registry.lock);
   for (int i = 0; i < PONY_GBM_SURFACE_BUFFERS; i++) {
      if (s->bos[i]) {
         struct gbm_bo *b = &s->bos[i]->base;
         if (b->v0.destroy_user_data)
            b->v0.destroy_user_data(b, b->v0.user_data);
         s->bos[i]->surface = NULL;
         bo_destroy(b);
      }
   }
   free(s);
}

struct gbm_surface *
pony_gbm_surface_lookup(struct gbm_device *dev, void *native)
{
   struct pony_gbm_surface *found = NULL;
   pthread_mutex_lock(&pony_gbm_registry.lock);
   for (struct pony_gbm_surface *s = pony_gbm_registry.surfaces; s; s = s->next) {
      if ((void *)s == native && s->base.gbm == dev)
         found = s;
   }
   pthread_mutex_unlock(&pony_gbm_registry.lock);
   return found ? &found->base : NULL;
}

bool
pony_gbm_surface_back(struct gbm_surface *surface, struct pipe_resource **res)
{
   struct pony_gbm_surface *s = psurf(surface);
   struct pony_gbm_device *dev = pdev(surface->gbm);
   *res = NULL;
   if (s->back < 0) {
      int i = surface_free_slot(s);
      if (i < 0)
         return false;   /* every buffer is locked or waiting to be */
      if (!s->bos[i]) {
         struct gbm_bo *b = bo_create(surface->gbm, surface->v0.width, surface->v0.height,
                                      surface->v0.format, surface->v0.flags, NULL, 0);
         if (!b)
            return false;
         s->bos[i] = pbo(b);
         s->bos[i]->surface = s;
      }
      s->back = i;
   }
   (void)dev;
   pipe_resource_reference(res, s->bos[s->back]->res);
   return true;
}

uint32_t
pony_gbm_surface_width(struct gbm_surface *surf)
{
   return surf->v0.width;
}

uint32_t
pony_gbm_surface_height(struct gbm_surface *surf)
{
   return surf->v0.height;
}

uint32_t
pony_gbm_surface_format(struct gbm_surface *surf)
{
   return surf->v0.format;
}

void
pony_gbm_surface_swap(struct gbm_surface *surface)
{
   struct pony_gbm_surface *s = psurf(surface);
   if (s->back < 0)
      return;
   /* a finished frame nobody locked is dropped for the newer one */
   s->front = s->back;
   s->back = -1;
}

/* --- devices ------------------------------------------------------------------------ */

static int
is_format_supported(struct gbm_device *gbm, uint32_t format, uint32_t usage)
{
   (void)usage;
   return fe_image_format_by_fourcc(canonical(pdev(gbm), format)) != NULL;
}

static int
get_format_modifier_plane_count(struct gbm_device *gbm, uint32_t format, uint64_t modifier)
{
   if (!fe_image_format_by_fourcc(canonical(pdev(gbm), format)) || modifier != FE_MOD_LINEAR)
      return -1;
   return 1;
}

static void
device_destroy(struct gbm_device *gbm)
{
   struct pony_gbm_device *dev = pdev(gbm);
   pthread_mutex_lock(&pony_gbm_registry.lock);
   for (struct pony_gbm_device **p = &pony_gbm_registry.devices; *p; p = &(*p)->next) {
      if (*p == dev) {
         *p = dev->next;
         break;
      }
   }
   pthread_mutex_unlock(&pony_gbm_registry.lock);
   if (dev->pipe)
      dev->pipe->destroy(dev->pipe);
   if (dev->screen)
      dev->screen->destroy(dev->screen);
   pthread_mutex_destroy(&dev->lock);
   free(dev);
}

static struct gbm_device *
create_device(int fd, uint32_t version)
{
   struct pony_gbm_device *dev = calloc(1, sizeof(*dev));
   if (!dev)
      return NULL;
   dev->debug = (pony_debug_get() & PONY_DEBUG_BUFMGR) != 0;
   struct sw_winsys *ws = NULL;
   int ret = kms_sw_winsys_create(fd, NULL, &ws);
   if (ret || !ws) {
      if (dev->debug)
         pony_log("gbm", "create_device(fd %d): no kms winsys (%s)", fd, strerror(-ret));
      free(dev);
      return NULL;
   }
   dev->kernel_buffers = kms_sw_winsys_has_kernel_buffers(ws);
   dev->screen = pipe_loader_create_sw_screen(ws, NULL);   /* takes ws */
   dev->pipe = dev->screen ? dev->screen->context_create(dev->screen, NULL, 0) : NULL;
   if (!dev->pipe) {
      if (dev->screen)
         dev->screen->destroy(dev->screen);
      free(dev);
      return NULL;
   }
   dev->max_size = fe_config_max_pbuffer_size(dev->screen);
   pthread_mutex_init(&dev->lock, NULL);

   struct gbm_device_v0_fns *v0 = &dev->base.v0;
   /* version 0 is all Pony has (and the least libgbm can ask for): libgbm
    * reads no more than that */
   (void)version;
   v0->backend_version = PONY_GBM_ABI_VERSION;
   v0->fd = fd;
   v0->name = "pony";
   v0->destroy = device_destroy;
   v0->is_format_supported = is_format_supported;
   v0->get_format_modifier_plane_count = get_format_modifier_plane_count;
   v0->bo_create = bo_create;
   v0->bo_import = bo_import;
   v0->bo_map = bo_map;
   v0->bo_unmap = bo_unmap;
   v0->bo_write = bo_write;
   v0->bo_get_fd = bo_get_fd;
   v0->bo_get_planes = bo_get_planes;
   v0->bo_get_handle = bo_get_handle;
   v0->bo_get_plane_fd = bo_get_plane_fd;
   v0->bo_get_stride = bo_get_stride;
   v0->bo_get_offset = bo_get_offset;
   v0->bo_get_modifier = bo_get_modifier;
   v0->bo_destroy = bo_destroy;
   v0->surface_create = surface_create;
   v0->surface_lock_front_buffer = surface_lock_front_buffer;
   v0->surface_release_buffer = surface_release_buffer;
   v0->surface_has_free_buffers = surface_has_free_buffers;
   v0->surface_destroy = surface_destroy;

   pthread_mutex_lock(&pony_gbm_registry.lock);
   dev->next = pony_gbm_registry.devices;
   pony_gbm_registry.devices = dev;
   pthread_mutex_unlock(&pony_gbm_registry.lock);
   if (dev->debug)
      pony_log("gbm", "device on fd %d: %s", fd,
               dev->kernel_buffers ? "buffers are dumb buffers" : "buffers are process memory");
   return &dev->base;
}

struct gbm_device *
pony_gbm_device_lookup(void *native)
{
   struct pony_gbm_device *found = NULL;
   pthread_mutex_lock(&pony_gbm_registry.lock);
   for (struct pony_gbm_device *d = pony_gbm_registry.devices; d; d = d->next) {
      if ((void *)d == native)
         found = d;
   }
   pthread_mutex_unlock(&pony_gbm_registry.lock);
   return found ? &found->base : NULL;
}

struct pipe_screen *
pony_gbm_device_screen(struct gbm_device *dev)
{
   return pdev(dev)->screen;
}

unsigned
pony_gbm_device_max_size(struct gbm_device *dev)
{
   return pdev(dev)->max_size;
}

/* --- the entry point ------------------------------------------------------------------ */

static const struct pony_gbm_backend pony_gbm_backend = {
   .v0 = {
      .backend_version = PONY_GBM_ABI_VERSION,
      .backend_name = "pony",
      .create_device = create_device,
   },
};

__attribute__((visibility("default"))) const struct pony_gbm_backend *
gbmint_get_backend(const struct pony_gbm_core *core);

const struct pony_gbm_backend *
gbmint_get_backend(const struct pony_gbm_core *core)
{
   (void)core;
   return &pony_gbm_backend;
}
