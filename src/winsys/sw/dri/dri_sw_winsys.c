/*
 * The sw/dri winsys: display targets live in plain malloc'd memory and are
 * shown through the DRI front end's put_image callback, which forwards
 * them to the loader's DRI_SWRastLoader::putImage(2).
 */
#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/u_format.h"

struct dri_sw_displaytarget {
   enum pipe_format format;
   unsigned width, height;
   unsigned stride;
   unsigned map_count;
   void *data;
};

struct dri_sw_winsys {
   struct sw_winsys base;
   const struct drisw_loader_funcs *lf;
};

static inline struct dri_sw_winsys *
dri_sw_winsys(struct sw_winsys *ws)
{
   return (struct dri_sw_winsys *)ws;
}

static inline struct dri_sw_displaytarget *
dri_sw_displaytarget(struct sw_displaytarget *dt)
{
   return (struct dri_sw_displaytarget *)dt;
}

static bool
dri_sw_is_displaytarget_format_supported(struct sw_winsys *ws, unsigned bind,
                                         enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);

   /* Anything plain with whole bytes per pixel can live in memory; what the
    * loader can show is the front end's business (it picks the configs). */
   return desc && desc->block_bytes > 0 && desc->block_width == 1 &&
          desc->block_height == 1 && desc->layout == UTIL_FORMAT_LAYOUT_PLAIN;
}

static struct sw_displaytarget *
dri_sw_displaytarget_create(struct sw_winsys *ws, unsigned bind, enum pipe_format format,
                            unsigned width, unsigned height, unsigned alignment,
                            const void *front_private, unsigned *stride)
{
   unsigned bpp = util_format_get_blocksize(format);
   struct dri_sw_displaytarget *dt;
   uint64_t row, size;

   if (!bpp || !width || !height || width > (1u << 16) || height > (1u << 16))
      return NULL;
   if (alignment < 4)
      alignment = 4;
   if (alignment & (alignment - 1))
      return NULL;

   row = ((uint64_t)width * bpp + alignment - 1) & ~(uint64_t)(alignment - 1);
   size = row * height;
   if (row > UINT32_MAX)
      return NULL;

   dt = calloc(1, sizeof(*dt));
   if (!dt)
      return NULL;
   /* 64-byte aligned rows start: good for vector code in drivers. */
   if (posix_memalign(&dt->data, 64, (size_t)size)) {
      free(dt);
      return NULL;
   }
   memset(dt->data, 0, (size_t)size);
   dt->format = format;
   dt->width = width;
   dt->height = height;
   dt->stride = (unsigned)row;
   *stride = dt->stride;
   return (struct sw_displaytarget *)dt;
}

static void *
dri_sw_displaytarget_map(struct sw_winsys *ws, struct sw_displaytarget *sdt, unsigned flags)
{
   struct dri_sw_displaytarget *dt = dri_sw_displaytarget(sdt);
   dt->map_count++;
   return dt->data;
}

static void
dri_sw_displaytarget_unmap(struct sw_winsys *ws, struct sw_displaytarget *sdt)
{
   struct dri_sw_displaytarget *dt = dri_sw_displaytarget(sdt);
   if (dt->map_count)
      dt->map_count--;
}

static void
dri_sw_displaytarget_display(struct sw_winsys *ws, struct sw_displaytarget *sdt,
                             void *context_private, const struct pipe_box *box)
{
   struct dri_sw_winsys *dws = dri_sw_winsys(ws);
   struct dri_sw_displaytarget *dt = dri_sw_displaytarget(sdt);
   unsigned bpp = util_format_get_blocksize(dt->format);
   int x0 = 0, y0 = 0, x1 = (int)dt->width, y1 = (int)dt->height;

   if (!dws->lf || !dws->lf->put_image || !context_private)
      return;

   if (box) {
      /* Clip the box to the target; an empty result shows nothing. */
      if (box->x > x0)
         x0 = box->x;
      if (box->y > y0)
         y0 = box->y;
      if ((int64_t)box->x + box->width < x1)
         x1 = box->x + box->width;
      if ((int64_t)box->y + box->height < y1)
         y1 = box->y + box->height;
      if (x1 <= x0 || y1 <= y0)
         return;
   }

   const uint8_t *src = (const uint8_t *)dt->data + (size_t)y0 * dt->stride + (size_t)x0 * bpp;
   dws->lf->put_image(context_private, src, x0, y0, (unsigned)(x1 - x0), (unsigned)(y1 - y0),
                      dt->stride);
}

static void
dri_sw_displaytarget_destroy(struct sw_winsys *ws, struct sw_displaytarget *sdt)
{
   struct dri_sw_displaytarget *dt = dri_sw_displaytarget(sdt);
   if (!dt)
      return;
   free(dt->data);
   free(dt);
}

static void
dri_sw_destroy(struct sw_winsys *ws)
{
   free(ws);
}

struct sw_winsys *
dri_sw_winsys_create(const struct drisw_loader_funcs *lf)
{
   struct dri_sw_winsys *ws;

   if (!lf)
      return NULL;
   ws = calloc(1, sizeof(*ws));
   if (!ws)
      return NULL;
   ws->lf = lf;
   ws->base.name = "dri";
   ws->base.destroy = dri_sw_destroy;
   ws->base.is_displaytarget_format_supported = dri_sw_is_displaytarget_format_supported;
   ws->base.displaytarget_create = dri_sw_displaytarget_create;
   ws->base.displaytarget_map = dri_sw_displaytarget_map;
   ws->base.displaytarget_unmap = dri_sw_displaytarget_unmap;
   ws->base.displaytarget_display = dri_sw_displaytarget_display;
   ws->base.displaytarget_destroy = dri_sw_displaytarget_destroy;
   return &ws->base;
}
