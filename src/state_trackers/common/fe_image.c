/*
 * Images shared by kernel buffer or dma-buf (fe_image.h).
 */
#include "fe_image.h"

#include <string.h>

#include "format/u_format.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

static const struct fe_image_format fe_image_format_table[] = {
   { FE_FOURCC('X', 'R', '2', '4'), PIPE_FORMAT_B8G8R8X8_UNORM, false },
   { FE_FOURCC('A', 'R', '2', '4'), PIPE_FORMAT_B8G8R8A8_UNORM, true },
   { FE_FOURCC('R', 'G', '1', '6'), PIPE_FORMAT_B5G6R5_UNORM, false },
   { FE_FOURCC('X', 'B', '2', '4'), PIPE_FORMAT_R8G8B8X8_UNORM, false },
   { FE_FOURCC('A', 'B', '2', '4'), PIPE_FORMAT_R8G8B8A8_UNORM, true },
};
#define NUM_FORMATS (sizeof(fe_image_format_table) / sizeof(fe_image_format_table[0]))

const struct fe_image_format *
fe_image_formats(unsigned *count)
{
   *count = NUM_FORMATS;
   return fe_image_format_table;
}

const struct fe_image_format *
fe_image_format_by_fourcc(uint32_t fourcc)
{
   for (unsigned i = 0; i < NUM_FORMATS; i++) {
      if (fe_image_format_table[i].fourcc == fourcc)
         return &fe_image_format_table[i];
   }
   return NULL;
}

const struct fe_image_format *
fe_image_format_by_pipe(enum pipe_format format)
{
   for (unsigned i = 0; i < NUM_FORMATS; i++) {
      if (fe_image_format_table[i].format == format)
         return &fe_image_format_table[i];
   }
   return NULL;
}

static bool
size_ok(int width, int height, unsigned max_size)
{
   return width > 0 && height > 0 && width <= 0xffff && height <= 0xffff &&
          (unsigned)width <= max_size && (unsigned)height <= max_size;
}

static void
image_template(struct pipe_resource *templ, enum pipe_format format, int width, int height)
{
   memset(templ, 0, sizeof(*templ));
   templ->target = PIPE_TEXTURE_2D;
   templ->format = format;
   templ->width0 = (uint32_t)width;
   templ->height0 = (uint16_t)height;
   templ->depth0 = 1;
   templ->array_size = 1;
   templ->usage = PIPE_USAGE_DEFAULT;
   templ->bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
}

struct pipe_resource *
fe_image_create(struct pipe_screen *screen, uint32_t fourcc, int width, int height,
                unsigned max_size, bool kernel, bool scanout)
{
   const struct fe_image_format *f = fe_image_format_by_fourcc(fourcc);
   if (!screen || !f || !size_ok(width, height, max_size))
      return NULL;
   struct pipe_resource templ;
   image_template(&templ, f->format, width, height);
   if (kernel) {
      /* a kernel buffer: a GEM handle, exportable, scanned out by KMS */
      templ.bind |= PIPE_BIND_SHARED;
      if (scanout)
         templ.bind |= PIPE_BIND_SCANOUT;
   }
   struct pipe_resource *res = screen->resource_create(screen, &templ);
   if (!res) {
      /* a format the driver renders but cannot sample */
      templ.bind &= ~PIPE_BIND_SAMPLER_VIEW;
      res = screen->resource_create(screen, &templ);
   }
   return res;
}

struct pipe_resource *
fe_image_import(struct pipe_screen *screen, bool drm, uint32_t fourcc, int width, int height,
                unsigned max_size, int fd, int stride, int offset, enum fe_image_error *error)
{
   const struct fe_image_format *f = fe_image_format_by_fourcc(fourcc);
   *error = FE_IMAGE_BAD_MATCH;
   if (!screen || !f || !drm || !screen->resource_from_handle)
      return NULL;
   *error = FE_IMAGE_BAD_PARAMETER;
   if (fd < 0 || !size_ok(width, height, max_size) || stride <= 0 || offset < 0)
      return NULL;
   struct pipe_resource templ;
   image_template(&templ, f->format, width, height);
   templ.bind |= PIPE_BIND_SHARED;
   struct winsys_handle wh = {
      .type = WINSYS_HANDLE_TYPE_FD,
      .handle = fd,
      .stride = (unsigned)stride,
      .offset = (unsigned)offset,
      .modifier = FE_MOD_LINEAR,
   };
   struct pipe_resource *res = screen->resource_from_handle(screen, &templ, &wh);
   /* the fd, the stride or the buffer's size does not fit (PONY_DEBUG=bufmgr says which) */
   *error = res ? FE_IMAGE_OK : FE_IMAGE_BAD_ACCESS;
   return res;
}

bool
fe_image_get_handle(struct pipe_screen *screen, struct pipe_resource *res,
                    enum winsys_handle_type type, int *value)
{
   struct winsys_handle wh;
   memset(&wh, 0, sizeof(wh));
   wh.type = type;
   wh.handle = -1;
   if (!screen->resource_get_handle || !screen->resource_get_handle(screen, res, &wh))
      return false;
   *value = wh.handle;
   return true;
}

unsigned
fe_image_stride(struct pipe_screen *screen, struct pipe_resource *res)
{
   unsigned stride = 0, offset = 0;
   if (screen->resource_get_layout && screen->resource_get_layout(screen, res, &stride, &offset))
      return stride;
   return util_format_get_stride(res->format, res->width0);
}
