/*
 * egl_device_check: the device platform of Pony's EGL vendor on a real DRM
 * device in the test VM (tests/vm), through libglvnd with Pony's vendor
 * alone: eglQueryDevicesEXT lists vgem with EGL_EXT_device_drm and its
 * card and render nodes, then the software device; a display of the vgem
 * device renders (a clear read back, the renderer Pony's) and offers
 * dma-buf import (the kms winsys under it); an invented device gets no
 * display.
 *
 * Prints "ok"/"not ok" lines; exit status 0 when every check passed.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "vm_check.h"

int
main(void)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices =
      (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC device_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!vm_check(query_devices && device_string && gpd, "the device functions"))
      return vm_finish("egl_device_check");

   (void)vm_find_node;   /* vm_check.h's; the nodes come from EGL here */
   EGLDeviceEXT devs[8];
   EGLint n = 0;
   bool listed = query_devices(8, devs, &n);
   vm_check(listed && n >= 2, "eglQueryDevicesEXT: %d devices", n);
   EGLDeviceEXT vgem = NULL;
   for (EGLint i = 0; i < n; i++) {
      const char *ext = device_string(devs[i], EGL_EXTENSIONS);
      const char *render = device_string(devs[i], EGL_DRM_RENDER_NODE_FILE_EXT);
      const char *card = device_string(devs[i], EGL_DRM_DEVICE_FILE_EXT);
      printf("# device %d: %s; render %s, card %s\n", i, ext ? ext : "?", render ? render : "-",
             card ? card : "-");
      if (ext && strstr(ext, "EGL_EXT_device_drm") && render &&
          !strcmp(render, "/dev/dri/renderD128")) {
         vgem = devs[i];
         vm_check(card && !strcmp(card, "/dev/dri/card0"), "vgem's card node is %s",
                  card ? card : "(none)");
      }
   }
   const char *last = n > 0 ? device_string(devs[n - 1], EGL_EXTENSIONS) : NULL;
   vm_check(last && strstr(last, "EGL_MESA_device_software"), "the last device is the software one");
   if (!vm_check(vgem != NULL, "vgem (renderD128) is a device with EGL_EXT_device_drm"))
      return vm_finish("egl_device_check");

   EGLDisplay dpy = gpd(EGL_PLATFORM_DEVICE_EXT, vgem, NULL);
   EGLint major = 0, minor = 0;
   bool initialized = dpy != EGL_NO_DISPLAY && eglInitialize(dpy, &major, &minor);
   if (!vm_check(initialized, "a display of vgem: EGL %d.%d", major, minor))
      return vm_finish("egl_device_check");
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   vm_check(exts && strstr(exts, "EGL_EXT_image_dma_buf_import"),
            "dma-buf import on the DRM device's display");
   EGLint want[] = { EGL_RED_SIZE, 8, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                     EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE };
   EGLConfig cfg;
   EGLint nc = 0;
   eglChooseConfig(dpy, want, &cfg, 1, &nc);
   EGLint size[] = { EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE };
   EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   eglBindAPI(EGL_OPENGL_ES_API);
   EGLSurface s = nc ? eglCreatePbufferSurface(dpy, cfg, size) : EGL_NO_SURFACE;
   EGLContext c = nc ? eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es2) : EGL_NO_CONTEXT;
   if (vm_check(s && c && eglMakeCurrent(dpy, s, s, c), "an ES 2 context on a pbuffer")) {
      const char *r = (const char *)glGetString(GL_RENDERER);
      vm_check(r && strstr(r, "Pony"), "the renderer is %s", r ? r : "(none)");
      glClearColor(0.2f, 0.4f, 0.6f, 1.0f);   /* 51, 102, 153 */
      glClear(GL_COLOR_BUFFER_BIT);
      unsigned char px[4] = { 0 };
      glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      vm_check(px[0] == 51 && px[1] == 102 && px[2] == 153, "a clear read back as %u %u %u",
               px[0], px[1], px[2]);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   }
   eglTerminate(dpy);

   static int fake;
   vm_check(gpd(EGL_PLATFORM_DEVICE_EXT, &fake, NULL) == EGL_NO_DISPLAY,
            "an invented device has no display");
   return vm_finish("egl_device_check");
}
