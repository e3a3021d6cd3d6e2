/*
 * Resources: creation (plain memory, caller memory, or a winsys display
 * target), layout and destruction.
 */
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"
#include "frontend/sw_winsys.h"
#include "swpipe_limits.h"
#include "swpipe_resource.h"
#include "swpipe_screen.h"
#include "util/u_debug.h"
#include "util/u_inlines.h"

unsigned
swpipe_resource_level_width(const struct pipe_resource *r, unsigned level)
{
   return r->target == PIPE_BUFFER ? r->width0 : u_minify(r->width0, level);
}

unsigned
swpipe_resource_level_height(const struct pipe_resource *r, unsigned level)
{
   if (r->target == PIPE_BUFFER || r->target == PIPE_TEXTURE_1D ||
       r->target == PIPE_TEXTURE_1D_ARRAY)
      return 1;
   return u_minify(r->height0, level);
}

unsigned
swpipe_resource_level_layers(const struct pipe_resource *r, unsigned level)
{
   if (r->target == PIPE_TEXTURE_3D)
      return u_minify(r->depth0, level);
   if (r->target == PIPE_BUFFER)
      return 1;
   return r->array_size;
}

unsigned
swpipe_resource_samples(const struct pipe_resource *r)
{
   return r->nr_samples > 1 ? r->nr_samples : 1;
}

uint8_t *
swpipe_resource_sample_texel(struct swpipe_resource *res, unsigned level, unsigned x,
                              unsigned y, unsigned z, unsigned s)
{
   unsigned n = swpipe_resource_samples(&res->base);
   return swpipe_resource_texel(res, level, x, y, z * n + (s < n ? s : 0));
}

bool
swpipe_resource_box_is_valid(const struct pipe_resource *r, unsigned level,
                              const struct pipe_box *box)
{
   if (!box || level > r->last_level)
      return false;
   if (box->x < 0 || box->y < 0 || box->z < 0 ||
       box->width <= 0 || box->height <= 0 || box->depth <= 0)
      return false;
   return (uint64_t)box->x + (uint64_t)box->width <= swpipe_resource_level_width(r, level) &&
          (uint64_t)box->y + (uint64_t)box->height <= swpipe_resource_level_height(r, level) &&
          (uint64_t)box->z + (uint64_t)box->depth <= swpipe_resource_level_layers(r, level);
}

uint8_t *
swpipe_resource_texel(struct swpipe_resource *res, unsigned level, unsigned x, unsigned y,
                       unsigned z)
{
   const struct util_format_description *d = util_format_description(res->base.format);
   size_t bx = res->base.target == PIPE_BUFFER ? x : (x / d->block_width) * d->block_bytes;

   return res->data + res->level_offset[level] + (size_t)z * res->layer_stride[level] +
          (size_t)(y / d->block_height) * res->stride[level] + bx;
}

static unsigned
log2_floor(unsigned v)
{
   unsigned l = 0;
   while (v >>= 1)
      l++;
   return l;
}

/* Check a template against swpipe's limits and the target's rules. */
static bool
template_is_valid(struct pipe_screen *screen, const struct pipe_resource *t)
{
   unsigned max_size, max_dim;

   if (!t || (unsigned)t->target >= PIPE_MAX_TEXTURE_TYPES)
      return false;
   if (!t->width0)
      return false;
   if (t->nr_samples > 1) {
      /* multisample: 2D (array) render targets / depth buffers, one level */
      if ((t->nr_samples & (t->nr_samples - 1)) || t->nr_samples > SWPIPE_MAX_SAMPLES ||
          (t->target != PIPE_TEXTURE_2D && t->target != PIPE_TEXTURE_2D_ARRAY) ||
          t->last_level != 0)
         return false;
   }
   if (t->target == PIPE_BUFFER) {
      return t->width0 <= SWPIPE_MAX_BUFFER_SIZE && t->last_level == 0 &&
             t->height0 <= 1 && t->depth0 <= 1 && t->array_size <= 1;
   }
   if (t->format == PIPE_FORMAT_NONE || (unsigned)t->format >= PIPE_FORMAT_COUNT)
      return false;
   if (!t->height0 || !t->depth0 || !t->array_size)
      return false;
   if (!swpipe_is_format_supported(screen, t->format, t->target, t->nr_samples,
                                    t->bind & ~PIPE_BIND_SHARED))
      return false;

   max_size = t->target == PIPE_TEXTURE_3D ? SWPIPE_MAX_TEXTURE_3D_SIZE
                                           : SWPIPE_MAX_TEXTURE_2D_SIZE;
   if (t->width0 > max_size || t->height0 > max_size || t->depth0 > max_size)
      return false;
   if (t->array_size > SWPIPE_MAX_TEXTURE_ARRAY_LAYERS)
      return false;

   switch (t->target) {
   case PIPE_TEXTURE_1D:
      if (t->height0 != 1 || t->depth0 != 1 || t->array_size != 1)
         return false;
      break;
   case PIPE_TEXTURE_1D_ARRAY:
      if (t->height0 != 1 || t->depth0 != 1)
         return false;
      break;
   case PIPE_TEXTURE_2D:
   case PIPE_TEXTURE_RECT:
      if (t->depth0 != 1 || t->array_size != 1)
         return false;
      if (t->target == PIPE_TEXTURE_RECT && t->last_level)
         return false;
      break;
   case PIPE_TEXTURE_2D_ARRAY:
      if (t->depth0 != 1)
         return false;
      break;
   case PIPE_TEXTURE_3D:
      if (t->array_size != 1)
         return false;
      break;
   case PIPE_TEXTURE_CUBE:
   case PIPE_TEXTURE_CUBE_ARRAY:
      if (t->depth0 != 1 || t->width0 != t->height0)
         return false;
      if (t->target == PIPE_TEXTURE_CUBE ? t->array_size != 6 : t->array_size % 6 != 0)
         return false;
      break;
   default:
      return false;
   }

   max_dim = t->width0;
   if (t->height0 > max_dim)
      max_dim = t->height0;
   if (t->target == PIPE_TEXTURE_3D && t->depth0 > max_dim)
      max_dim = t->depth0;
   if (t->last_level >= PIPE_MAX_TEXTURE_LEVELS || t->last_level > log2_floor(max_dim))
      return false;
   return true;
}

/* Fill the per-level layout; rows aligned to row_align.  Returns the total
 * size, or 0 if it is too large. */
static uint64_t
compute_layout(struct swpipe_resource *res, unsigned row_align)
{
   const struct pipe_resource *t = &res->base;
   uint64_t offset = 0;

   if (t->target == PIPE_BUFFER) {
      res->level_offset[0] = 0;
      res->stride[0] = t->width0;
      res->layer_stride[0] = t->width0;
      return t->width0;
   }
   for (unsigned l = 0; l <= t->last_level; l++) {
      uint64_t stride = util_format_get_stride(t->format, swpipe_resource_level_width(t, l));
      stride = (stride + row_align - 1) / row_align * row_align;
      uint64_t layer = stride * util_format_get_nblocksy(t->format,
                                                         swpipe_resource_level_height(t, l));
      offset = (offset + SWPIPE_LEVEL_ALIGNMENT - 1) / SWPIPE_LEVEL_ALIGNMENT *
               SWPIPE_LEVEL_ALIGNMENT;
      res->level_offset[l] = (size_t)offset;
      res->stride[l] = (unsigned)stride;
      res->layer_stride[l] = (size_t)layer;
      offset += layer * swpipe_resource_level_layers(t, l) * swpipe_resource_samples(t);
      if (offset > SWPIPE_MAX_RESOURCE_SIZE || offset > SIZE_MAX / 2)
         return 0;
   }
   return offset;
}

static struct swpipe_resource *
resource_alloc(struct pipe_screen *screen, const struct pipe_resource *templ)
{
   struct swpipe_resource *res;

   if (!template_is_valid(screen, templ)) {
      if (swpipe_screen(screen)->debug & PONY_DEBUG_DRIVER)
         pony_log(swpipe_log_tag(screen), "resource_create: template rejected (target %d, format %s, "
                  "%ux%ux%u, %u layers, last_level %u, bind 0x%x)", templ ? (int)templ->target : -1,
                  templ ? util_format_name(templ->format) : "-", templ ? templ->width0 : 0,
                  templ ? templ->height0 : 0, templ ? templ->depth0 : 0,
                  templ ? templ->array_size : 0, templ ? templ->last_level : 0,
                  templ ? templ->bind : 0);
      return NULL;
   }
   res = calloc(1, sizeof *res);
   if (!res)
      return NULL;
   res->base = *templ;
   pipe_reference_init(&res->base.reference, 1);
   res->base.screen = screen;
   return res;
}

/* Display targets and shared buffers: one 2D level, one layer. */
static bool
display_target_shape(const struct pipe_resource *t)
{
   return !t->last_level && t->array_size == 1 && t->depth0 == 1 &&
          (t->target == PIPE_TEXTURE_2D || t->target == PIPE_TEXTURE_RECT);
}

/* res takes the winsys's display target res->dt (made or imported, rows
 * stride bytes apart), mapped for as long as the resource lives. */
static struct pipe_resource *
swpipe_resource_adopt_display_target(struct pipe_screen *screen, struct swpipe_resource *res,
                                      unsigned stride)
{
   struct sw_winsys *ws = screen->winsys;

   res->data = ws->displaytarget_map(ws, res->dt, PIPE_MAP_READ_WRITE);
   if (!res->data) {
      ws->displaytarget_destroy(ws, res->dt);
      goto fail;
   }
   res->level_offset[0] = 0;
   res->stride[0] = stride;
   res->layer_stride[0] = (size_t)stride *
                          util_format_get_nblocksy(res->base.format, res->base.height0);
   res->size = res->layer_stride[0];
   return &res->base;

fail:
   free(res);
   return NULL;
}

static struct pipe_resource *
swpipe_resource_create_display_target(struct pipe_screen *screen,
                                       struct swpipe_resource *res)
{
   struct sw_winsys *ws = screen->winsys;
   unsigned stride = 0;

   if (display_target_shape(&res->base))
      res->dt = ws->displaytarget_create(ws, res->base.bind, res->base.format, res->base.width0,
                                         res->base.height0, SWPIPE_DISPLAYTARGET_ALIGNMENT,
                                         NULL, &stride);
   if (!res->dt) {
      free(res);
      return NULL;
   }
   return swpipe_resource_adopt_display_target(screen, res, stride);
}

static struct pipe_resource *
swpipe_resource_from_handle(struct pipe_screen *screen, const struct pipe_resource *templ,
                             const struct winsys_handle *whandle)
{
   struct sw_winsys *ws = screen->winsys;
   struct swpipe_resource *res;
   unsigned stride = 0;

   if (!ws->displaytarget_from_handle || !whandle || !templ || !display_target_shape(templ))
      return NULL;
   res = resource_alloc(screen, templ);
   if (!res)
      return NULL;
   res->base.bind |= PIPE_BIND_SHARED;
   res->dt = ws->displaytarget_from_handle(ws, &res->base, whandle, &stride);
   if (!res->dt) {
      free(res);
      return NULL;
   }
   return swpipe_resource_adopt_display_target(screen, res, stride);
}

static bool
swpipe_resource_get_handle(struct pipe_screen *screen, struct pipe_resource *pres,
                            struct winsys_handle *whandle)
{
   struct swpipe_resource *res = swpipe_resource(pres);
   struct sw_winsys *ws = screen->winsys;

   if (!res || !res->dt || !whandle || !ws->displaytarget_get_handle)
      return false;
   return ws->displaytarget_get_handle(ws, res->dt, whandle);
}

static struct pipe_resource *
swpipe_resource_create(struct pipe_screen *screen, const struct pipe_resource *templ)
{
   struct swpipe_resource *res = resource_alloc(screen, templ);
   uint64_t size;

   if (!res)
      return NULL;
   if (res->base.bind & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED))
      return swpipe_resource_create_display_target(screen, res);

   size = compute_layout(res, res->base.target == PIPE_BUFFER ? 1 : SWPIPE_ROW_ALIGNMENT);
   if (!size) {
      free(res);
      return NULL;
   }
   res->size = (size_t)size;
   res->data = calloc(1, res->size);
   if (!res->data) {
      free(res);
      return NULL;
   }
   return &res->base;
}

/* The caller's memory, laid out with tightly packed rows (row alignment 1)
 * and levels at SWPIPE_LEVEL_ALIGNMENT; resource_get_layout reports it. */
static struct pipe_resource *
swpipe_resource_from_user_memory(struct pipe_screen *screen, const struct pipe_resource *templ,
                                  void *user_memory)
{
   struct swpipe_resource *res;
   uint64_t size;

   if (!user_memory || !templ ||
       (templ->bind & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED)))
      return NULL;
   res = resource_alloc(screen, templ);
   if (!res)
      return NULL;
   size = compute_layout(res, 1);
   if (!size) {
      free(res);
      return NULL;
   }
   res->size = (size_t)size;
   res->data = user_memory;
   res->user_memory = true;
   return &res->base;
}

static void
swpipe_resource_destroy(struct pipe_screen *screen, struct pipe_resource *pres)
{
   struct swpipe_resource *res = swpipe_resource(pres);

   if (!res)
      return;
   if (res->dt) {
      struct sw_winsys *ws = screen->winsys;
      ws->displaytarget_unmap(ws, res->dt);
      ws->displaytarget_destroy(ws, res->dt);
   } else if (!res->user_memory) {
      free(res->data);
   }
   free(res);
}

static bool
swpipe_resource_get_layout(struct pipe_screen *screen, struct pipe_resource *pres,
                            unsigned *stride, unsigned *offset)
{
   struct swpipe_resource *res = swpipe_resource(pres);

   if (!res)
      return false;
   if (stride)
      *stride = res->stride[0];
   if (offset)
      *offset = (unsigned)res->level_offset[0];
   return true;
}

static void
swpipe_flush_frontbuffer(struct pipe_screen *screen, struct pipe_context *ctx,
                          struct pipe_resource *pres, unsigned level, unsigned layer,
                          void *context_private, const struct pipe_box *box)
{
   struct swpipe_resource *res = swpipe_resource(pres);
   struct sw_winsys *ws = screen->winsys;

   /* what the context still holds back (a driver's deferred drawing)
    * first; then the display target's memory is the image */
   if (ctx && ctx->flush)
      ctx->flush(ctx, NULL, 0);
   if (!res || !res->dt || !ws->displaytarget_display)
      return;
   ws->displaytarget_display(ws, res->dt, context_private, box);
}

void
swpipe_init_screen_resource_funcs(struct pipe_screen *screen)
{
   screen->resource_create = swpipe_resource_create;
   screen->resource_from_user_memory = swpipe_resource_from_user_memory;
   screen->resource_destroy = swpipe_resource_destroy;
   screen->resource_get_layout = swpipe_resource_get_layout;
   screen->resource_from_handle = swpipe_resource_from_handle;
   screen->resource_get_handle = swpipe_resource_get_handle;
   screen->flush_frontbuffer = swpipe_flush_frontbuffer;
}
