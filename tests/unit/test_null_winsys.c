/* src/winsys/sw/null: plain-memory display targets. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"

static int failures;

#define CHECK(cond, ...)                                               \
   do {                                                                \
      if (!(cond)) {                                                   \
         failures++;                                                   \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
         fprintf(stderr, __VA_ARGS__);                                 \
         fprintf(stderr, "\n");                                        \
      }                                                                \
   } while (0)

int
main(void)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   unsigned stride = 0;

   CHECK(ws && !strcmp(ws->name, "null"), "null_sw_winsys_create");
   if (!ws)
      return 1;
   CHECK(ws->is_displaytarget_format_supported(ws, PIPE_BIND_DISPLAY_TARGET,
                                               PIPE_FORMAT_B8G8R8A8_UNORM), "BGRA8");
   CHECK(ws->is_displaytarget_format_supported(ws, PIPE_BIND_DISPLAY_TARGET,
                                               PIPE_FORMAT_B5G6R5_UNORM), "565");
   CHECK(!ws->is_displaytarget_format_supported(ws, PIPE_BIND_DISPLAY_TARGET,
                                                PIPE_FORMAT_Z24_UNORM_S8_UINT), "depth");
   CHECK(!ws->is_displaytarget_format_supported(ws, PIPE_BIND_DISPLAY_TARGET,
                                                PIPE_FORMAT_DXT1_RGB), "compressed");
   CHECK(!ws->is_displaytarget_format_supported(ws, PIPE_BIND_DISPLAY_TARGET,
                                                PIPE_FORMAT_NONE), "NONE");

   /* 5 BGRA texels = 20 bytes, rounded up to the 64-byte alignment asked */
   struct sw_displaytarget *dt = ws->displaytarget_create(ws, PIPE_BIND_DISPLAY_TARGET,
                                                          PIPE_FORMAT_B8G8R8A8_UNORM, 5, 3, 64,
                                                          NULL, &stride);
   CHECK(dt && stride == 64, "display target stride %u, expected 64", stride);
   if (dt) {
      uint8_t *p = ws->displaytarget_map(ws, dt, PIPE_MAP_WRITE);
      CHECK(p != NULL, "map");
      if (p) {
         CHECK(p[0] == 0 && p[2 * 64 + 19] == 0, "new display targets are zeroed");
         memset(p, 0x7f, 3 * 64);   /* the whole allocation is writable (valgrind) */
         ws->displaytarget_unmap(ws, dt);
      }
      uint8_t *q = ws->displaytarget_map(ws, dt, PIPE_MAP_READ);
      CHECK(q == p && q[3 * 64 - 1] == 0x7f, "second map sees the same memory");
      ws->displaytarget_unmap(ws, dt);
      struct pipe_box box = { 0, 0, 0, 2, 2, 1 };
      ws->displaytarget_display(ws, dt, NULL, &box);   /* a no-op */
      ws->displaytarget_display(ws, dt, NULL, NULL);
      ws->displaytarget_destroy(ws, dt);
   }

   /* alignment 0 means none; a 3-byte format keeps its exact row */
   dt = ws->displaytarget_create(ws, 0, PIPE_FORMAT_R8G8B8_UNORM, 7, 2, 0, NULL, &stride);
   CHECK(dt && stride == 21, "unaligned stride %u, expected 21", stride);
   if (dt)
      ws->displaytarget_destroy(ws, dt);

   /* bad requests fail cleanly */
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 0, 3, 64, NULL, &stride),
         "zero width");
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 4, 4, 48, NULL, &stride),
         "alignment not a power of two");
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_Z16_UNORM, 4, 4, 64, NULL, &stride),
         "depth display target");
   CHECK(!ws->displaytarget_map(ws, NULL, PIPE_MAP_READ), "map of NULL");
   ws->displaytarget_destroy(ws, NULL);

   ws->destroy(ws);
   if (failures) {
      fprintf(stderr, "%d check(s) failed\n", failures);
      return 1;
   }
   printf("null winsys: all checks passed\n");
   return 0;
}
