/*
 * The sw/kms winsys over the buffer manager on the fake DRM device
 * (src/winsys/drm/tests/fake_drm.h): display targets in kernel buffers
 * (the pitch the kernel gives), map/unmap reaching the buffer's memory,
 * GEM handles and dma-bufs out, dma-bufs in (the same kernel buffer gives
 * the same buffer object; an offset moves the first row), every bad import
 * refused, a device without dumb buffers (process memory, no export,
 * imports still working), and no buffer, handle or fd left at the end.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_drm.h"
#include "kms_sw_winsys.h"
#include "pipe/p_defines.h"
#include "pony_bufmgr.h"

static int failures;

#define CHECK(cond, ...)                                                  \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

static unsigned
open_fds(void)
{
   unsigned n = 0;
   DIR *d = opendir("/proc/self/fd");
   if (!d)
      return 0;
   while (readdir(d))
      n++;
   closedir(d);
   return n;
}

static int dev_fd;   /* stands for the DRM fd (/dev/null): the manager only dups it */

static struct sw_winsys *
ws_new(struct fake *f)
{
   struct pony_bufmgr_options o = {
      .backend = &fake_backend, .backend_priv = f,
      .kernel = &fake_kernel, .kernel_priv = f,
      .now_ns = fake_now, .clock_priv = f,
      .disable_cache = true,
   };
   struct sw_winsys *ws = NULL;
   int ret = kms_sw_winsys_create(dev_fd, &o, &ws);
   CHECK(ret == 0 && ws, "kms_sw_winsys_create: %d", ret);
   return ws;
}

static struct pipe_resource
templ_of(enum pipe_format format, unsigned w, unsigned h)
{
   struct pipe_resource t;
   memset(&t, 0, sizeof t);
   t.target = PIPE_TEXTURE_2D;
   t.format = format;
   t.width0 = w;
   t.height0 = (uint16_t)h;
   t.depth0 = 1;
   t.array_size = 1;
   t.bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET;
   return t;
}

/* Kernel buffers: create, map, export, import back, bad imports. */
static void
test_kernel_buffers(void)
{
   struct fake *f = fake_new();
   struct sw_winsys *ws = ws_new(f);
   if (!ws) {
      fake_free(f);
      return;
   }
   CHECK(kms_sw_winsys_has_kernel_buffers(ws), "the fake device makes dumb buffers");
   CHECK(!strcmp(ws->name, "kms"), "%s", ws->name);
   CHECK(ws->is_displaytarget_format_supported(ws, PIPE_BIND_RENDER_TARGET,
                                               PIPE_FORMAT_B8G8R8A8_UNORM), "BGRA8");
   CHECK(!ws->is_displaytarget_format_supported(ws, PIPE_BIND_RENDER_TARGET,
                                                PIPE_FORMAT_DXT1_RGB), "DXT1 is not");

   unsigned creates = f->creates;
   unsigned stride = 0;
   struct sw_displaytarget *dt = ws->displaytarget_create(ws, PIPE_BIND_SCANOUT,
                                                          PIPE_FORMAT_B8G8R8A8_UNORM, 100, 50,
                                                          64, NULL, &stride);
   CHECK(dt, "create 100x50");
   if (!dt)
      goto out;
   /* the fake kernel's pitch: 400 bytes rounded up to 64 */
   CHECK(stride == 448, "stride %u", stride);
   CHECK(f->creates == creates + 1, "one dumb buffer made (%u)", f->creates - creates);

   uint32_t *p = ws->displaytarget_map(ws, dt, PIPE_MAP_WRITE);
   CHECK(p, "map");
   if (p) {
      p[0] = 0x11223344;
      p[stride / 4 * 49 + 99] = 0x55667788;   /* the last pixel */
   }
   ws->displaytarget_unmap(ws, dt);

   /* a GEM handle: the fake kernel's, holding what was written */
   struct winsys_handle wh = { .type = WINSYS_HANDLE_TYPE_KMS };
   CHECK(ws->displaytarget_get_handle(ws, dt, &wh), "KMS handle");
   struct fake_buf *fb = fake_by_handle(f, (uint32_t)wh.handle);
   CHECK(fb && ((uint32_t *)fb->mem)[0] == 0x11223344 &&
         ((uint32_t *)fb->mem)[stride / 4 * 49 + 99] == 0x55667788,
         "the kernel buffer of handle %d holds the pixels", wh.handle);
   CHECK(wh.stride == stride && wh.offset == 0 && wh.modifier == 0, "layout %u %u %llx",
         wh.stride, wh.offset, (unsigned long long)wh.modifier);

   /* a dma-buf, imported back: the same buffer object */
   struct winsys_handle fd_h = { .type = WINSYS_HANDLE_TYPE_FD, .handle = -1 };
   CHECK(ws->displaytarget_get_handle(ws, dt, &fd_h) && fd_h.handle >= 0, "dma-buf");
   struct pipe_resource t = templ_of(PIPE_FORMAT_B8G8R8A8_UNORM, 100, 50);
   struct winsys_handle in = { .type = WINSYS_HANDLE_TYPE_FD, .handle = fd_h.handle,
                                  .stride = stride };
   unsigned in_stride = 0;
   struct sw_displaytarget *dt2 = ws->displaytarget_from_handle(ws, &t, &in, &in_stride);
   CHECK(dt2 && in_stride == stride, "import of our own dma-buf");
   struct pony_bufmgr_stats st;
   pony_bufmgr_get_stats(kms_sw_winsys_bufmgr(ws), &st);
   CHECK(st.import_reuses == 1, "the import found the buffer (%llu reuses)",
         (unsigned long long)st.import_reuses);
   if (dt2) {
      uint32_t *q = ws->displaytarget_map(ws, dt2, PIPE_MAP_READ);
      CHECK(q && q[0] == 0x11223344, "the import reads the pixels");
      ws->displaytarget_unmap(ws, dt2);
      ws->displaytarget_destroy(ws, dt2);
   }

   /* an offset moves the first row: 10 rows in, 40 rows high */
   struct pipe_resource t40 = templ_of(PIPE_FORMAT_B8G8R8A8_UNORM, 100, 40);
   in.offset = 10 * stride;
   dt2 = ws->displaytarget_from_handle(ws, &t40, &in, &in_stride);
   CHECK(dt2, "import at an offset");
   if (dt2) {
      uint32_t *q = ws->displaytarget_map(ws, dt2, PIPE_MAP_READ);
      CHECK(q && q[stride / 4 * 39 + 99] == 0x55667788, "offset rows");
      ws->displaytarget_unmap(ws, dt2);
      ws->displaytarget_destroy(ws, dt2);
   }
   in.offset = 0;

   /* bad imports: refused, nothing left open */
   struct winsys_handle bad = in;
   bad.stride = 399;   /* below 100 * 4 */
   CHECK(!ws->displaytarget_from_handle(ws, &t, &bad, &in_stride), "stride too small");
   struct pipe_resource tall = templ_of(PIPE_FORMAT_B8G8R8A8_UNORM, 100, 60);
   CHECK(!ws->displaytarget_from_handle(ws, &tall, &in, &in_stride), "buffer too small");
   bad = in;
   bad.offset = 5 * stride;   /* the last row runs past the buffer's 24576 bytes */
   CHECK(!ws->displaytarget_from_handle(ws, &t, &bad, &in_stride), "offset past the end");
   bad = in;
   bad.modifier = 0x0100000000000001ull;   /* I915_FORMAT_MOD_X_TILED */
   CHECK(!ws->displaytarget_from_handle(ws, &t, &bad, &in_stride), "tiled modifier");
   bad = in;
   bad.type = WINSYS_HANDLE_TYPE_KMS;
   CHECK(!ws->displaytarget_from_handle(ws, &t, &bad, &in_stride), "KMS handles are not imported");
   struct pipe_resource dxt = templ_of(PIPE_FORMAT_DXT1_RGB, 100, 50);
   CHECK(!ws->displaytarget_from_handle(ws, &dxt, &in, &in_stride), "compressed format");
   close(fd_h.handle);
   bad = in;   /* the fd is closed now */
   CHECK(!ws->displaytarget_from_handle(ws, &t, &bad, &in_stride), "closed fd");
   bad.handle = -1;
   CHECK(!ws->displaytarget_from_handle(ws, &t, &bad, &in_stride), "fd -1");

   /* a failing export is a false, not a crash */
   f->fail_export = -ENOMEM;
   fd_h.handle = -1;
   CHECK(!ws->displaytarget_get_handle(ws, dt, &fd_h), "export failure");

   /* sizes the winsys refuses */
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 0, 10, 64, NULL, &stride),
         "width 0");
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 70000, 10, 64, NULL,
                                   &stride), "width 70000");
   f->fail_create = -ENOSPC;
   CHECK(!ws->displaytarget_create(ws, 0, PIPE_FORMAT_B8G8R8A8_UNORM, 10, 10, 64, NULL, &stride),
         "the kernel's failure");

   ws->displaytarget_destroy(ws, dt);
out:
   ws->destroy(ws);
   unsigned left = fake_free(f);
   CHECK(left == 0, "%u fake kernel buffers left", left);
}

/* A device without dumb buffers (a render node): process memory, no
 * export, imports still work. */
static void
test_no_dumb_buffers(void)
{
   struct fake *f = fake_new();
   f->fail_create = -EACCES;   /* the winsys's probe */
   struct sw_winsys *ws = ws_new(f);
   if (!ws) {
      fake_free(f);
      return;
   }
   CHECK(!kms_sw_winsys_has_kernel_buffers(ws), "no dumb buffers");
   unsigned creates = f->creates, stride = 0;
   struct sw_displaytarget *dt = ws->displaytarget_create(ws, 0, PIPE_FORMAT_R8G8B8A8_UNORM,
                                                          33, 7, 64, NULL, &stride);
   CHECK(dt && stride == 192 && f->creates == creates, "process memory, stride %u", stride);
   struct winsys_handle wh = { .type = WINSYS_HANDLE_TYPE_FD, .handle = -1 };
   CHECK(dt && !ws->displaytarget_get_handle(ws, dt, &wh) && wh.handle == -1,
         "no export of process memory");
   if (dt) {
      uint8_t *p = ws->displaytarget_map(ws, dt, PIPE_MAP_WRITE);
      CHECK(p && p[191 + 6 * 192] == 0, "zeroed memory");
      ws->displaytarget_unmap(ws, dt);
      ws->displaytarget_destroy(ws, dt);
   }

   /* a dma-buf of another device */
   int fd = fake_foreign_dmabuf(f, 4096);
   struct pipe_resource t = templ_of(PIPE_FORMAT_R8G8B8A8_UNORM, 16, 16);
   struct winsys_handle in = { .type = WINSYS_HANDLE_TYPE_FD, .handle = fd, .stride = 256 };
   unsigned s = 0;
   dt = ws->displaytarget_from_handle(ws, &t, &in, &s);
   CHECK(dt && s == 256, "import on a device without dumb buffers");
   if (dt) {
      uint8_t *p = ws->displaytarget_map(ws, dt, PIPE_MAP_WRITE);
      if (p)
         p[255 + 15 * 256] = 0x5a;
      ws->displaytarget_unmap(ws, dt);
      struct winsys_handle kh = { .type = WINSYS_HANDLE_TYPE_KMS };
      CHECK(ws->displaytarget_get_handle(ws, dt, &kh) && kh.handle > 0,
            "an imported buffer has a GEM handle");
      struct fake_buf *fb = fake_by_handle(f, (uint32_t)kh.handle);
      CHECK(fb && ((uint8_t *)fb->mem)[255 + 15 * 256] == 0x5a, "written into the dma-buf");
      ws->displaytarget_destroy(ws, dt);
   }
   close(fd);
   ws->destroy(ws);
   unsigned left = fake_free(f);
   CHECK(left == 0, "%u fake kernel buffers left", left);
}

int
main(void)
{
   dev_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
   unsigned fds = open_fds();
   test_kernel_buffers();
   test_no_dumb_buffers();
   CHECK(open_fds() == fds, "%u fds open, %u at the start", open_fds(), fds);
   close(dev_fd);
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   return failures ? 1 : 0;
}
