/*
 * The null software winsys: display targets are plain malloc'd memory and
 * displaying them does nothing.  For pbuffers, surfaceless contexts and
 * tests.
 */
#include <stdint.h>
#include <stdlib.h>

#include "format/u_format.h"
#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"
#include "pipe/p_defines.h"

struct sw_displaytarget {
   enum pipe_format format;
   unsigned width, height;
   unsigned stride;
   void *data;
   unsigned map_count;
};

static bool
null_sw_is_displaytarget_format_supported(struct sw_winsys *ws, unsigned bind,
                                          enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);

   /* any uncompressed colour format can live in plain memory */
   return format != PIPE_FORMAT_NONE && d->block_bytes && d->block_width == 1 &&
          d->block_height == 1 && !d->is_depth && !d->is_stencil;
}

static struct sw_displaytarget *
null_sw_displaytarget_create(struct sw_winsys *ws, unsigned bind, enum pipe_format format,
                             unsigned width, unsigned height, unsigned alignment,
                             const void *front_private, unsigned *stride)
{
   struct sw_displaytarget *dt;
   uint64_t row, size;

   if (!width || !height || !null_sw_is_displaytarget_format_supported(ws, bind, format))
      return NULL;
   if (!alignment)
      alignment = 1;
   if (alignment & (alignment - 1))
      return NULL;   /* not a power of two */

   row = (uint64_t)util_format_get_stride(format, width);
   row = (row + alignment - 1) & ~(uint64_t)(alignment - 1);
   size = row * height;
   if (row > UINT32_MAX || size > SIZE_MAX / 2)
      return NULL;

   dt = calloc(1, sizeof *dt);
   if (!dt)
      return NULL;
   dt->data = calloc(1, (size_t)size);
   if (!dt->data) {
      free(dt);
      return NULL;
   }
   dt->format = format;
   dt->width = width;
   dt->height = height;
   dt->stride = (unsigned)row;
   if (stride)
      *stride = dt->stride;
   return dt;
}

static void *
null_sw_displaytarget_map(struct sw_winsys *ws, struct sw_displaytarget *dt, unsigned flags)
{
   if (!dt)
      return NULL;
   dt->map_count++;
   return dt->data;
}

static void
null_sw_displaytarget_unmap(struct sw_winsys *ws, struct sw_displaytarget *dt)
{
   if (dt && dt->map_count)
      dt->map_count--;
}

static void
null_sw_displaytarget_display(struct sw_winsys *ws, struct sw_displaytarget *dt,
                              void *context_private, const struct pipe_box *box)
{
   /* nowhere to show it */
}

static void
null_sw_displaytarget_destroy(struct sw_winsys *ws, struct sw_displaytarget *dt)
{
   if (!dt)
      return;
   free(dt->data);
   free(dt);
}

static void
null_sw_destroy(struct sw_winsys *ws)
{
   free(ws);
}

struct sw_winsys *
null_sw_winsys_create(void)
{
   struct sw_winsys *ws = calloc(1, sizeof *ws);

   if (!ws)
      return NULL;
   ws->name = "null";
   ws->destroy = null_sw_destroy;
   ws->is_displaytarget_format_supported = null_sw_is_displaytarget_format_supported;
   ws->displaytarget_create = null_sw_displaytarget_create;
   ws->displaytarget_map = null_sw_displaytarget_map;
   ws->displaytarget_unmap = null_sw_displaytarget_unmap;
   ws->displaytarget_display = null_sw_displaytarget_display;
   ws->displaytarget_destroy = null_sw_displaytarget_destroy;
   return ws;
}
