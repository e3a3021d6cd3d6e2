/*
 * Unit test of the sw/dri winsys: allocation, stride, map, and that
 * displaytarget_display forwards the right rectangle to put_image.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"

static int failures;

#define CHECK(cond)                                                        \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         failures++;                                                       \
      }                                                                    \
   } while (0)

struct put_record {
   int calls;
   void *drawable;
   const void *data;
   int x, y;
   unsigned w, h, stride;
   uint32_t first_pixel;
};

static struct put_record *current_record;

static void
test_put_image(void *drawable, const void *data, int x, int y, unsigned w, unsigned h,
               unsigned stride)
{
   struct put_record *r = current_record;
   r->calls++;
   r->drawable = drawable;
   r->data = data;
   r->x = x;
   r->y = y;
   r->w = w;
   r->h = h;
   r->stride = stride;
   memcpy(&r->first_pixel, data, 4);
}

static void
test_get_image(void *drawable, int x, int y, unsigned w, unsigned h, unsigned stride, void *data)
{
}

static const struct drisw_loader_funcs test_lf = {
   .put_image = test_put_image,
   .get_image = test_get_image,
};

int
main(void)
{
   struct put_record rec;
   int drawable_cookie;
   unsigned stride = 0;

   CHECK(dri_sw_winsys_create(NULL) == NULL);

   struct sw_winsys *ws = dri_sw_winsys_create(&test_lf);
   CHECK(ws != NULL);
   if (!ws)
      return 1;
   CHECK(strcmp(ws->name, "dri") == 0);
   CHECK(ws->is_displaytarget_format_supported(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM));
   CHECK(!ws->is_displaytarget_format_supported(ws, 0, PIPE_FORMAT_NONE));

   /* zero size and silly alignments are refused */
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 0, 4, 4, NULL, &stride));
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 4, 4, 6, NULL, &stride));
   CHECK(ws->displaytarget_create(ws, 0, PIPE_FORMAT_NONE, 4, 4, 4, NULL, &stride) == NULL);

   /* 565: 10 pixels = 20 bytes, aligned to 64 */
   struct sw_displaytarget *dt16 =
      ws->displaytarget_create(ws, 0, PIPE_FORMAT_B5G6R5_UNORM, 10, 3, 64, NULL, &stride);
   CHECK(dt16 != NULL);
   CHECK(stride == 64);
   ws->displaytarget_destroy(ws, dt16);

   struct sw_displaytarget *dt =
      ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8X8_UNORM, 7, 5, 16, NULL, &stride);
   CHECK(dt != NULL);
   CHECK(stride == 32);   /* 28 bytes rounded up to 16 */
   if (!dt)
      return 1;

   uint8_t *map = ws->displaytarget_map(ws, dt, 0);
   CHECK(map != NULL);
   /* fresh targets are zeroed */
   CHECK(map[0] == 0 && map[stride * 5 - 1] == 0);
   for (unsigned y = 0; y < 5; y++)
      for (unsigned x = 0; x < 7; x++) {
         uint32_t v = (y << 8) | x;
         memcpy(map + y * stride + x * 4, &v, 4);
      }
   ws->displaytarget_unmap(ws, dt);

   /* whole target */
   memset(&rec, 0, sizeof(rec));
   current_record = &rec;
   ws->displaytarget_display(ws, dt, &drawable_cookie, NULL);
   CHECK(rec.calls == 1);
   CHECK(rec.drawable == &drawable_cookie);
   CHECK(rec.x == 0 && rec.y == 0 && rec.w == 7 && rec.h == 5 && rec.stride == 32);
   CHECK(rec.first_pixel == 0);

   /* a box: data points at its first texel */
   struct pipe_box box = { 2, 3, 0, 4, 2, 1 };
   memset(&rec, 0, sizeof(rec));
   ws->displaytarget_display(ws, dt, &drawable_cookie, &box);
   CHECK(rec.calls == 1);
   CHECK(rec.x == 2 && rec.y == 3 && rec.w == 4 && rec.h == 2 && rec.stride == 32);
   CHECK(rec.first_pixel == ((3u << 8) | 2u));

   /* a box hanging off the edge is clipped */
   struct pipe_box big = { 5, -2, 0, 100, 4, 1 };
   memset(&rec, 0, sizeof(rec));
   ws->displaytarget_display(ws, dt, &drawable_cookie, &big);
   CHECK(rec.calls == 1);
   CHECK(rec.x == 5 && rec.y == 0 && rec.w == 2 && rec.h == 2);
   CHECK(rec.first_pixel == 5u);

   /* an empty box or a NULL drawable shows nothing */
   struct pipe_box outside = { 10, 10, 0, 3, 3, 1 };
   memset(&rec, 0, sizeof(rec));
   ws->displaytarget_display(ws, dt, &drawable_cookie, &outside);
   ws->displaytarget_display(ws, dt, NULL, NULL);
   CHECK(rec.calls == 0);

   ws->displaytarget_destroy(ws, dt);
   ws->destroy(ws);

   if (failures)
      fprintf(stderr, "%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
