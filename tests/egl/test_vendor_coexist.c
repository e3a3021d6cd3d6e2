/*
 * Two EGL vendors in one process (suite egl-vendor): with Pony's vendor
 * file listed beside Mesa's, libglvnd merges both vendors' devices; each
 * device's display is served by its own vendor -- Pony's software device
 * renders with Pony, Mesa's with Mesa's driver -- and a clear reads back
 * the colour on both, in one process, one after the other and while both
 * contexts exist.  The surfaceless display goes to the first vendor listed
 * (Pony).  Skips (77) when Mesa's vendor has no device here.
 */
#include "egl_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct side {
   EGLDisplay dpy;
   EGLContext ctx;
   EGLSurface surf;
   char renderer[128];
};

/* A display of the device with a 4x4 pbuffer and a GL context current;
 * false when the device's display cannot be made. */
static bool
open_side(PFNEGLGETPLATFORMDISPLAYEXTPROC gpd, EGLDeviceEXT dev, struct side *s)
{
   memset(s, 0, sizeof(*s));
   s->dpy = gpd(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
   EGLint major, minor;
   if (s->dpy == EGL_NO_DISPLAY || !eglInitialize(s->dpy, &major, &minor))
      return false;
   EGLConfig cfg = egl_test_find_config(s->dpy, 8, 8, 8, 8, 0, 0);
   EGLint size[] = { EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE };
   eglBindAPI(EGL_OPENGL_API);
   s->ctx = cfg ? eglCreateContext(s->dpy, cfg, EGL_NO_CONTEXT, NULL) : EGL_NO_CONTEXT;
   s->surf = cfg ? eglCreatePbufferSurface(s->dpy, cfg, size) : EGL_NO_SURFACE;
   if (!s->ctx || !s->surf || !eglMakeCurrent(s->dpy, s->surf, s->surf, s->ctx))
      return false;
   const char *r = (const char *)glGetString(GL_RENDERER);
   snprintf(s->renderer, sizeof(s->renderer), "%s", r ? r : "(none)");
   return true;
}

static void
clear_and_check(struct side *s, float r, float g, float b)
{
   eglMakeCurrent(s->dpy, s->surf, s->surf, s->ctx);
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = { 0 };
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned want[3] = { unorm_from_float(r, 8), unorm_from_float(g, 8), unorm_from_float(b, 8) };
   for (int c = 0; c < 3; c++) {
      if (abs((int)px[c] - (int)want[c]) > 1) {
         test_fail("%s: read %u %u %u, expected %u %u %u", s->renderer, px[0], px[1], px[2],
                   want[0], want[1], want[2]);
         break;
      }
   }
}

int
main(void)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices =
      (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC device_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!query_devices || !device_string || !gpd) {
      printf("no device enumeration\n");
      return TEST_FAIL;
   }
   EGLDeviceEXT devs[16];
   EGLint n = 0;
   if (!query_devices(16, devs, &n)) {
      printf("eglQueryDevicesEXT failed\n");
      return TEST_FAIL;
   }
   struct side pony = { 0 }, mesa = { 0 };
   bool have_pony = false, have_mesa = false;
   int software = 0;
   for (EGLint i = 0; i < n; i++) {
      const char *ext = device_string(devs[i], EGL_EXTENSIONS);
      if (!ext || !strstr(ext, "EGL_MESA_device_software"))
         continue;   /* the software devices of both vendors */
      software++;
      struct side s;
      if (!open_side(gpd, devs[i], &s))
         continue;
      test_note("device %d: %s", i, s.renderer);
      if (strstr(s.renderer, "Pony") && !have_pony) {
         pony = s;
         have_pony = true;
      } else if (!strstr(s.renderer, "Pony") && !have_mesa) {
         mesa = s;
         have_mesa = true;
      }
   }
   if (!have_pony)
      test_fail("no device of the %d listed renders with Pony", n);
   if (software < 2) {
      printf("Mesa's vendor offers no software device here: skip\n");
      return test_failures() ? TEST_FAIL : TEST_SKIP;
   }
   if (!have_mesa) {
      /* two vendors' devices, one renderer: Pony took a device not its own */
      test_fail("%d software devices, none rendering with Mesa", software);
      return test_finish("egl-vendor-coexist");
   }
   /* both alive, each rendering with its own vendor, in turns */
   clear_and_check(&pony, 0.2f, 0.6f, 1.0f);
   clear_and_check(&mesa, 1.0f, 0.4f, 0.0f);
   clear_and_check(&pony, 0.0f, 1.0f, 0.8f);
   const char *r = (const char *)glGetString(GL_RENDERER);
   eglMakeCurrent(mesa.dpy, mesa.surf, mesa.surf, mesa.ctx);
   r = (const char *)glGetString(GL_RENDERER);
   if (!r || strstr(r, "Pony"))
      test_fail("Mesa's display made current renders with %s", r ? r : "(nothing)");

   /* the surfaceless display: the first vendor listed answers */
   EGLDisplay sl = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLint major, minor;
   const char *vendor = sl != EGL_NO_DISPLAY && eglInitialize(sl, &major, &minor)
                           ? eglQueryString(sl, EGL_VENDOR)
                           : NULL;
   if (!vendor || strcmp(vendor, "Pony") != 0)
      test_fail("the surfaceless display's vendor is %s, expected Pony (listed first)",
                vendor ? vendor : "(none)");

   eglMakeCurrent(mesa.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(pony.dpy);
   eglTerminate(mesa.dpy);
   if (sl != EGL_NO_DISPLAY)
      eglTerminate(sl);
   return test_finish("egl-vendor-coexist");
}
