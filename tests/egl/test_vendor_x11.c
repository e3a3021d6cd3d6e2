/*
 * Pony's EGL vendor library on the X11 platform (suite egl-vendor, under
 * Xvfb): configs carry the screen's visuals, a window surface shows what GL
 * cleared after eglSwapBuffers (read back with XGetImage), a resized window
 * gets buffers of its new size at the next frame, a pixmap surface shows
 * what GL drew at glFlush, eglCopyBuffers fills another pixmap, and the
 * errors EGL lists for native surfaces: an invented window
 * (EGL_BAD_NATIVE_WINDOW, without an X error reaching the application), a
 * window of another visual (EGL_BAD_MATCH), a second surface on one window
 * (EGL_BAD_ALLOC).  Colours are 8-bit values given as GL floats v/255, so
 * each must come back exactly (tolerance 1 for rounding).
 */
#include "egl_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>

static int x_errors;

static int
count_x_error(Display *dpy, XErrorEvent *e)
{
   (void)dpy;
   (void)e;
   x_errors++;
   return 0;
}

static void
expect_error(EGLint want, const char *what)
{
   EGLint got = eglGetError();
   if (got != want)
      test_fail("%s: %s, expected %s", what, egl_error_name(got), egl_error_name(want));
}

/* The pixel (x, y) of a drawable as 0xRRGGBB. */
static unsigned long
x_pixel(Display *dpy, Drawable d, int x, int y)
{
   XImage *img = XGetImage(dpy, d, x, y, 1, 1, AllPlanes, ZPixmap);
   if (!img)
      return 0xdeadbeef;
   unsigned long p = XGetPixel(img, 0, 0) & 0xffffff;
   XDestroyImage(img);
   return p;
}

static bool
near_rgb(unsigned long got, unsigned r, unsigned g, unsigned b)
{
   int dr = (int)((got >> 16) & 0xff) - (int)r, dg = (int)((got >> 8) & 0xff) - (int)g,
       db = (int)(got & 0xff) - (int)b;
   return abs(dr) <= 1 && abs(dg) <= 1 && abs(db) <= 1;
}

static void
clear_to(unsigned r, unsigned g, unsigned b)
{
   glClearColor(r / 255.0f, g / 255.0f, b / 255.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

int
main(void)
{
   Display *xdpy = XOpenDisplay(NULL);
   if (!xdpy) {
      printf("no X display: skip\n");
      return TEST_SKIP;
   }
   XSetErrorHandler(count_x_error);
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = gpd ? gpd(EGL_PLATFORM_X11_KHR, xdpy, NULL) : EGL_NO_DISPLAY;
   EGLint major, minor;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
      printf("no X11 display: %s\n", egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   if (eglGetDisplay((EGLNativeDisplayType)xdpy) != dpy)
      test_fail("eglGetDisplay(the Display) is not the X11 platform display");

   EGLint want[] = { EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                     EGL_SURFACE_TYPE, EGL_WINDOW_BIT | EGL_PIXMAP_BIT,
                     EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE };
   EGLConfig cfg;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, want, &cfg, 1, &n) || n != 1) {
      test_fail("no window and pixmap config");
      return test_finish("egl-vendor-x11");
   }
   EGLint vid = 0, vtype = 0, native = 0, depth_bits = 0;
   eglGetConfigAttrib(dpy, cfg, EGL_NATIVE_VISUAL_ID, &vid);
   eglGetConfigAttrib(dpy, cfg, EGL_NATIVE_VISUAL_TYPE, &vtype);
   eglGetConfigAttrib(dpy, cfg, EGL_NATIVE_RENDERABLE, &native);
   eglGetConfigAttrib(dpy, cfg, EGL_BUFFER_SIZE, &depth_bits);
   XVisualInfo tmpl = { .visualid = (VisualID)vid };
   int nv = 0;
   XVisualInfo *vi = XGetVisualInfo(xdpy, VisualIDMask, &tmpl, &nv);
   if (!vi || nv != 1 || vtype != TrueColor || native != EGL_TRUE) {
      test_fail("config visual 0x%x (type %d, native renderable %d) is not a TrueColor visual "
                "of the server", vid, vtype, native);
      return test_finish("egl-vendor-x11");
   }

   int scr = DefaultScreen(xdpy);
   XSetWindowAttributes swa = { 0 };
   swa.colormap = XCreateColormap(xdpy, RootWindow(xdpy, scr), vi->visual, AllocNone);
   Window win = XCreateWindow(xdpy, RootWindow(xdpy, scr), 0, 0, 40, 30, 0, vi->depth,
                              InputOutput, vi->visual, CWColormap, &swa);
   XMapWindow(xdpy, win);
   XSync(xdpy, False);

   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   EGLSurface ws = eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)win, NULL);
   if (!ctx || !ws || !eglMakeCurrent(dpy, ws, ws, ctx)) {
      test_fail("a window surface made current: %s", egl_error_name(eglGetError()));
      return test_finish("egl-vendor-x11");
   }
   EGLint v = 0;
   if (!eglQuerySurface(dpy, ws, EGL_RENDER_BUFFER, &v) || v != EGL_BACK_BUFFER)
      test_fail("window EGL_RENDER_BUFFER 0x%x, expected EGL_BACK_BUFFER", v);
   GLint draw_buffer = 0;
   glGetIntegerv(GL_DRAW_BUFFER, &draw_buffer);
   if (draw_buffer != GL_BACK)
      test_fail("GL_DRAW_BUFFER of a window surface is 0x%x, expected GL_BACK", draw_buffer);

   /* a frame: nothing in the window before the swap, the colour after */
   XSetWindowBackground(xdpy, win, 0);
   XClearWindow(xdpy, win);
   clear_to(200, 40, 90);
   glFinish();
   XSync(xdpy, False);
   if (near_rgb(x_pixel(xdpy, win, 5, 5), 200, 40, 90))
      test_fail("the back buffer reached the window before eglSwapBuffers");
   if (!eglSwapBuffers(dpy, ws))
      test_fail("eglSwapBuffers: %s", egl_error_name(eglGetError()));
   unsigned long p = x_pixel(xdpy, win, 39, 29);
   if (!near_rgb(p, 200, 40, 90))
      test_fail("window pixel (39,29) after the swap is 0x%06lx, expected 200 40 90", p);

   /* resized: the next frame has the new size */
   XResizeWindow(xdpy, win, 64, 48);
   XSync(xdpy, False);
   clear_to(10, 250, 60);
   eglSwapBuffers(dpy, ws);   /* the frame of the old size; the size is asked after it */
   clear_to(10, 250, 60);
   eglSwapBuffers(dpy, ws);
   EGLint w = 0, h = 0;
   eglQuerySurface(dpy, ws, EGL_WIDTH, &w);
   eglQuerySurface(dpy, ws, EGL_HEIGHT, &h);
   GLint vp[4] = { 0 };
   glGetIntegerv(GL_VIEWPORT, vp);
   if (w != 64 || h != 48)
      test_fail("after a resize the surface is %dx%d, expected 64x48", w, h);
   p = x_pixel(xdpy, win, 63, 47);
   if (!near_rgb(p, 10, 250, 60))
      test_fail("resized window pixel (63,47) is 0x%06lx, expected 10 250 60", p);

   /* a pixmap surface: single-buffered, shown at glFlush */
   Pixmap pm = XCreatePixmap(xdpy, win, 16, 8, (unsigned)vi->depth);
   EGLSurface ps = eglCreatePixmapSurface(dpy, cfg, (EGLNativePixmapType)pm, NULL);
   if (!ps || !eglMakeCurrent(dpy, ps, ps, ctx)) {
      test_fail("a pixmap surface made current: %s", egl_error_name(eglGetError()));
   } else {
      if (!eglQuerySurface(dpy, ps, EGL_RENDER_BUFFER, &v) || v != EGL_SINGLE_BUFFER)
         test_fail("pixmap EGL_RENDER_BUFFER 0x%x, expected EGL_SINGLE_BUFFER", v);
      clear_to(30, 60, 120);
      glFlush();
      p = x_pixel(xdpy, pm, 15, 7);
      if (!near_rgb(p, 30, 60, 120))
         test_fail("pixmap pixel (15,7) after glFlush is 0x%06lx, expected 30 60 120", p);
      /* eglCopyBuffers into another pixmap */
      Pixmap pm2 = XCreatePixmap(xdpy, win, 16, 8, (unsigned)vi->depth);
      clear_to(240, 120, 0);
      if (!eglCopyBuffers(dpy, ps, (EGLNativePixmapType)pm2))
         test_fail("eglCopyBuffers: %s", egl_error_name(eglGetError()));
      p = x_pixel(xdpy, pm2, 0, 0);
      if (!near_rgb(p, 240, 120, 0))
         test_fail("eglCopyBuffers' pixmap pixel is 0x%06lx, expected 240 120 0", p);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroySurface(dpy, ps);
      XFreePixmap(xdpy, pm2);
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);

   /* errors */
   int errors_before = x_errors;
   XSync(xdpy, False);
   if (eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)0x7ffff1, NULL) != EGL_NO_SURFACE)
      test_fail("a window surface of an invented window");
   expect_error(EGL_BAD_NATIVE_WINDOW, "eglCreateWindowSurface(invented window)");
   XSync(xdpy, False);
   if (x_errors != errors_before)
      test_fail("an invented window raised %d X errors in the application", x_errors - errors_before);
   if (eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)win, NULL) != EGL_NO_SURFACE)
      test_fail("a second surface on one window");
   expect_error(EGL_BAD_ALLOC, "eglCreateWindowSurface(second surface)");
   EGLint bad_rb[] = { EGL_RENDER_BUFFER, 0x1234, EGL_NONE };
   Window win2 = XCreateWindow(xdpy, RootWindow(xdpy, scr), 0, 0, 8, 8, 0, vi->depth, InputOutput,
                               vi->visual, CWColormap, &swa);
   if (eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)win2, bad_rb) != EGL_NO_SURFACE)
      test_fail("EGL_RENDER_BUFFER 0x1234 accepted");
   expect_error(EGL_BAD_ATTRIBUTE, "eglCreateWindowSurface(EGL_RENDER_BUFFER 0x1234)");
   /* a config whose visual is not the window's */
   EGLConfig all[64];
   EGLint nall = 0;
   eglGetConfigs(dpy, all, 64, &nall);
   for (EGLint i = 0; i < nall; i++) {
      EGLint ovid = 0, st = 0;
      eglGetConfigAttrib(dpy, all[i], EGL_NATIVE_VISUAL_ID, &ovid);
      eglGetConfigAttrib(dpy, all[i], EGL_SURFACE_TYPE, &st);
      if (ovid && ovid != vid && (st & EGL_WINDOW_BIT)) {
         if (eglCreateWindowSurface(dpy, all[i], (EGLNativeWindowType)win2, NULL) != EGL_NO_SURFACE)
            test_fail("a window surface of a config of another visual");
         expect_error(EGL_BAD_MATCH, "eglCreateWindowSurface(another visual)");
         break;
      }
   }

   eglDestroySurface(dpy, ws);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   XDestroyWindow(xdpy, win2);
   XDestroyWindow(xdpy, win);
   XFree(vi);
   XCloseDisplay(xdpy);
   return test_finish("egl-vendor-x11");
}
