/*
 * pony-gbm-demo: the demo scene (demo_scene.h) rendered offscreen through
 * GBM and EGL on a DRM device -- a render node by default -- into a kernel
 * buffer: an EGL window surface on a gbm_surface, the front buffer locked
 * after eglSwapBuffers, exported as a dma-buf, read back through a second
 * mapping of that dma-buf and written as a PNG.  On a device with KMS
 * (--scanout) the picture is also shown on the first connected connector
 * (drmModeSetCrtc with a framebuffer of the buffer's GEM handle), then the
 * CRTC is restored.
 *
 * Run it on Pony through tools/pony-run (LIBGL_DRIVERS_PATH and
 * GBM_DRIVERS_PATH at Pony's driver folder: the loader finds no driver of the
 * device's name there and takes Pony's kms_swrast), or with
 * MESA_LOADER_DRIVER_OVERRIDE=pony as the VM tests do.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <drm_fourcc.h>
#include <gbm.h>
#include <linux/dma-buf.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "demo_scene.h"

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: pony-gbm-demo [--device PATH] [-o out.png] [-s WxH] [--scanout [--hold S]]\n"
           "                     [--verify]\n"
           "Draws the demo scene through GBM + EGL on a DRM device into a kernel buffer,\n"
           "exports it as a dma-buf, reads it back through a fresh mapping and writes a PNG.\n"
           "  --device PATH  the DRM node (default: the first render node, else the first card)\n"
           "  -o FILE        output file (default pony-gbm-demo.png)\n"
           "  -s WxH         size (default 320x240; with --scanout the mode's size)\n"
           "  --scanout      also show it on the first connected connector (a card node)\n"
           "  --hold S       seconds to keep it shown (default 0)\n"
           "  --verify       the dma-buf holds what GL drew (glReadPixels before the swap)\n"
           "                 and the sky and floor probes match computed colours\n");
}

/* The first DRM node of the kind (DRM_NODE_RENDER / PRIMARY), or false. */
static bool
first_node(int kind, char *path, size_t size)
{
   drmDevicePtr devs[16];
   int n = drmGetDevices2(0, devs, 16);
   bool found = false;
   for (int i = 0; i < n && !found; i++) {
      if (devs[i]->available_nodes & (1 << kind)) {
         snprintf(path, size, "%s", devs[i]->nodes[kind]);
         found = true;
      }
   }
   if (n > 0)
      drmFreeDevices(devs, n);
   return found;
}

/* The first connected connector with a mode, its CRTC and the preferred
 * (else the first) mode. */
struct kms_out {
   uint32_t connector, crtc;
   drmModeModeInfo mode;
   drmModeCrtcPtr saved;
};

static bool
find_output(int fd, struct kms_out *o)
{
   drmModeResPtr res = drmModeGetResources(fd);
   bool found = false;
   for (int i = 0; res && i < res->count_connectors && !found; i++) {
      drmModeConnectorPtr c = drmModeGetConnector(fd, res->connectors[i]);
      if (c && c->connection == DRM_MODE_CONNECTED && c->count_modes > 0 &&
          c->connector_type != DRM_MODE_CONNECTOR_WRITEBACK) {
         o->connector = c->connector_id;
         o->mode = c->modes[0];
         for (int m = 0; m < c->count_modes; m++)
            if (c->modes[m].type & DRM_MODE_TYPE_PREFERRED)
               o->mode = c->modes[m];
         /* a CRTC the connector's encoders can drive */
         for (int e = 0; e < c->count_encoders && !found; e++) {
            drmModeEncoderPtr enc = drmModeGetEncoder(fd, c->encoders[e]);
            for (int k = 0; enc && k < res->count_crtcs && !found; k++) {
               if (enc->possible_crtcs & (1u << k)) {
                  o->crtc = res->crtcs[k];
                  found = true;
               }
            }
            drmModeFreeEncoder(enc);
         }
      }
      drmModeFreeConnector(c);
   }
   drmModeFreeResources(res);
   return found;
}

static int
dmabuf_sync(int fd, uint64_t flags)
{
   struct dma_buf_sync s = { .flags = flags };
   return ioctl(fd, DMA_BUF_IOCTL_SYNC, &s);
}

int
main(int argc, char **argv)
{
   const char *out = "pony-gbm-demo.png", *device = NULL;
   int w = 320, h = 240, hold = 0;
   bool verify = false, scanout = false;
   char path[64];

   demo_prog = "pony-gbm-demo";
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--device") && i + 1 < argc) {
         device = argv[++i];
      } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out = argv[++i];
      } else if (!strcmp(argv[i], "-s") && i + 1 < argc) {
         char x;
         if (sscanf(argv[++i], "%d%c%d", &w, &x, &h) != 3 || x != 'x' || w < 1 || h < 1 ||
             w > 8192 || h > 8192) {
            fprintf(stderr, "pony-gbm-demo: bad size '%s' (want WxH, 1..8192)\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "--scanout")) {
         scanout = true;
      } else if (!strcmp(argv[i], "--hold") && i + 1 < argc) {
         hold = atoi(argv[++i]);
      } else if (!strcmp(argv[i], "--verify")) {
         verify = true;
      } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else {
         usage(stderr);
         return 2;
      }
   }
   if (!device) {
      if (!first_node(DRM_NODE_RENDER, path, sizeof path) &&
          !first_node(DRM_NODE_PRIMARY, path, sizeof path)) {
         fprintf(stderr, "pony-gbm-demo: no DRM device (/dev/dri is empty)\n");
         return 1;
      }
      device = path;
   }
   int fd = open(device, O_RDWR | O_CLOEXEC);
   if (fd < 0) {
      fprintf(stderr, "pony-gbm-demo: cannot open %s: %s\n", device, strerror(errno));
      return 1;
   }
   int rc = 1;
   struct kms_out ko = { 0 };
   if (scanout) {
      if (!find_output(fd, &ko)) {
         fprintf(stderr, "pony-gbm-demo: %s has no connected output to scan out on (a render "
                 "node has none)\n", device);
         close(fd);
         return 1;
      }
      w = ko.mode.hdisplay;
      h = ko.mode.vdisplay;
   }

   struct gbm_device *gbm = gbm_create_device(fd);
   EGLDisplay dpy = gbm ? eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, gbm, NULL)
                        : EGL_NO_DISPLAY;
   struct gbm_surface *gs = NULL;
   struct gbm_bo *bo = NULL;
   EGLContext ctx = EGL_NO_CONTEXT;
   EGLSurface surf = EGL_NO_SURFACE;
   uint8_t *pixels = NULL, *exported = NULL;
   int dmabuf = -1;
   uint32_t fb = 0;

   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      fprintf(stderr, "pony-gbm-demo: EGL on GBM on %s: %s\n", device,
              demo_egl_error_name(eglGetError()));
      goto out;
   }
   eglBindAPI(EGL_OPENGL_API);
   const EGLint cattrs[] = {
      EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_NONE,
   };
   EGLConfig cfgs[64], cfg = NULL;
   EGLint n = 0;
   eglChooseConfig(dpy, cattrs, cfgs, 64, &n);
   for (EGLint i = 0; i < n && !cfg; i++) {
      EGLint id = 0;
      if (eglGetConfigAttrib(dpy, cfgs[i], EGL_NATIVE_VISUAL_ID, &id) &&
          id == GBM_FORMAT_XRGB8888)
         cfg = cfgs[i];
   }
   if (!cfg) {
      fprintf(stderr, "pony-gbm-demo: no XRGB8888 window config with a 24-bit depth buffer\n");
      goto out;
   }
   gs = gbm_surface_create(gbm, (uint32_t)w, (uint32_t)h, GBM_FORMAT_XRGB8888,
                           GBM_BO_USE_RENDERING | (scanout ? GBM_BO_USE_SCANOUT : 0));
   ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   surf = gs ? eglCreatePlatformWindowSurface(dpy, cfg, gs, NULL) : EGL_NO_SURFACE;
   if (!gs || ctx == EGL_NO_CONTEXT || surf == EGL_NO_SURFACE ||
       !eglMakeCurrent(dpy, surf, surf, ctx)) {
      fprintf(stderr, "pony-gbm-demo: a %dx%d GBM window surface and a GL context: %s\n", w, h,
              demo_egl_error_name(eglGetError()));
      goto out;
   }
   printf("pony-gbm-demo: %s, GL_RENDERER %s\n", device, (const char *)glGetString(GL_RENDERER));

   struct demo_textures tex;
   glViewport(0, 0, w, h);
   demo_make_textures(&tex);
   demo_draw_scene(w, h, &tex, false);
   pixels = malloc((size_t)w * h * 4);
   exported = malloc((size_t)w * h * 4);
   if (!pixels || !exported)
      goto out;
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);   /* what GL drew */
   if (glGetError() != GL_NO_ERROR || !eglSwapBuffers(dpy, surf)) {
      fprintf(stderr, "pony-gbm-demo: drawing or eglSwapBuffers failed\n");
      goto out;
   }
   bo = gbm_surface_lock_front_buffer(gs);
   dmabuf = bo ? gbm_bo_get_fd(bo) : -1;
   if (dmabuf < 0) {
      fprintf(stderr, "pony-gbm-demo: the front buffer has no dma-buf (gbm_bo_get_fd)\n");
      goto out;
   }
   uint32_t stride = gbm_bo_get_stride(bo);
   size_t size = (size_t)stride * (size_t)h;
   const uint8_t *map = mmap(NULL, size, PROT_READ, MAP_SHARED, dmabuf, 0);
   if (map == MAP_FAILED) {
      fprintf(stderr, "pony-gbm-demo: mmap of the dma-buf: %s\n", strerror(errno));
      goto out;
   }
   /* XRGB8888 rows, top row first -> RGBA8 rows, bottom row first (as GL) */
   dmabuf_sync(dmabuf, DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ);
   for (int y = 0; y < h; y++) {
      const uint32_t *row = (const uint32_t *)(map + (size_t)(h - 1 - y) * stride);
      uint8_t *dst = exported + (size_t)y * w * 4;
      for (int x = 0; x < w; x++) {
         dst[x * 4 + 0] = (uint8_t)(row[x] >> 16);
         dst[x * 4 + 1] = (uint8_t)(row[x] >> 8);
         dst[x * 4 + 2] = (uint8_t)row[x];
         dst[x * 4 + 3] = 255;
      }
   }
   dmabuf_sync(dmabuf, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ);
   munmap((void *)map, size);
   printf("pony-gbm-demo: drew the scene at %dx%d into a kernel buffer (GEM handle %u, stride "
          "%u), read it back through its dma-buf\n", w, h, gbm_bo_get_handle(bo).u32, stride);

   if (verify) {
      for (size_t i = 0; i < (size_t)w * h; i++)
         pixels[i * 4 + 3] = 255;   /* XRGB: no alpha in the buffer */
      int bad = demo_compare(exported, pixels, w, h);
      if (bad) {
         fprintf(stderr, "pony-gbm-demo: %d pixels of the dma-buf differ from what GL drew\n",
                 bad);
         goto out;
      }
      bad = demo_verify_probes(exported, w, h);
      if (bad) {
         fprintf(stderr, "pony-gbm-demo: %d probes differ from the computed colours\n", bad);
         goto out;
      }
      printf("pony-gbm-demo: the dma-buf holds what GL drew; the probes match\n");
   }

   if (scanout) {
      uint32_t handles[4] = { gbm_bo_get_handle(bo).u32 }, pitches[4] = { stride };
      uint32_t offsets[4] = { 0 };
      ko.saved = drmModeGetCrtc(fd, ko.crtc);
      if (drmModeAddFB2(fd, (uint32_t)w, (uint32_t)h, DRM_FORMAT_XRGB8888, handles, pitches,
                        offsets, &fb, 0) ||
          drmModeSetCrtc(fd, ko.crtc, fb, 0, 0, &ko.connector, 1, &ko.mode)) {
         fprintf(stderr, "pony-gbm-demo: scan-out on CRTC %u: %s\n", ko.crtc, strerror(errno));
         goto out;
      }
      printf("pony-gbm-demo: scanned out on connector %u (CRTC %u, %s)\n", ko.connector,
             ko.crtc, ko.mode.name);
      if (hold > 0)
         sleep((unsigned)hold);
   }
   if (!demo_write_png(out, exported, w, h))
      goto out;
   printf("pony-gbm-demo: wrote %s\n", out);
   rc = 0;

out:
   if (ko.saved) {
      drmModeSetCrtc(fd, ko.saved->crtc_id, ko.saved->buffer_id, ko.saved->x, ko.saved->y,
                     &ko.connector, ko.saved->mode_valid ? 1 : 0, &ko.saved->mode);
      drmModeFreeCrtc(ko.saved);
   }
   if (fb)
      drmModeRmFB(fd, fb);
   if (dmabuf >= 0)
      close(dmabuf);
   free(pixels);
   free(exported);
   if (bo)
      gbm_surface_release_buffer(gs, bo);
   if (dpy != EGL_NO_DISPLAY) {
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      if (surf != EGL_NO_SURFACE)
         eglDestroySurface(dpy, surf);
      if (ctx != EGL_NO_CONTEXT)
         eglDestroyContext(dpy, ctx);
      eglTerminate(dpy);
   }
   if (gs)
      gbm_surface_destroy(gs);
   if (gbm)
      gbm_device_destroy(gbm);
   close(fd);
   return rc;
}
