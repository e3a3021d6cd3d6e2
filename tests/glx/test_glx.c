/*
 * GLX on an X server (run by xvfb-run-test.sh under Xvfb): Mesa's
 * libGLX_mesa loads the driver from LIBGL_DRIVERS_PATH (software path).
 *
 *  - a double-buffered RGBA visual, a window, glXCreateContext, current;
 *    GL_RENDERER names PONY_EXPECT_RENDERER when that is set; the context
 *    must be direct (indirect rendering would be the X server's driver);
 *  - clears (full, scissored) then glXSwapBuffers; the window read back
 *    with XGetImage must show them, top row first; a second frame too;
 *  - a resized window gets buffers of the new size;
 *  - a single-buffered visual, if the server has one: clear, glFlush,
 *    XGetImage.
 *
 * Exit 0 pass, 1 fail, 77 skip.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <GL/gl.h>
#include <GL/glx.h>

static int failures;
static int x_errors;

#define FAIL(...) do { printf("FAIL: " __VA_ARGS__); printf("\n"); \
                       failures++; } while (0)

static int
on_x_error(Display *dpy, XErrorEvent *e)
{
   char text[128];
   XGetErrorText(dpy, e->error_code, text, sizeof(text));
   printf("X error: %s (request %d.%d)\n", text, e->request_code,
          e->minor_code);
   x_errors++;
   return 0;
}

struct rgb {
   unsigned r, g, b;
};

/* Channel value of an X pixel, scaled to 8 bits, from the visual's mask. */
static unsigned
channel(unsigned long pixel, unsigned long mask)
{
   if (!mask)
      return 0;
   int shift = 0;
   while (!((mask >> shift) & 1))
      shift++;
   unsigned long max = mask >> shift;
   unsigned long v = (pixel & mask) >> shift;
   return (unsigned)((v * 255 + max / 2) / max);
}

/* What the window should show at X coordinates (x, y). */
typedef struct rgb (*expect_fn)(int x, int y, int w, int h);

static int
check_window(Display *dpy, Window win, const XVisualInfo *vi, int w, int h,
             expect_fn expect, const char *what)
{
   XImage *img = XGetImage(dpy, win, 0, 0, (unsigned)w, (unsigned)h,
                           AllPlanes, ZPixmap);
   if (!img) {
      FAIL("%s: XGetImage failed", what);
      return 1;
   }
   int bad = 0;
   for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
         unsigned long p = XGetPixel(img, x, y);
         struct rgb got = { channel(p, vi->red_mask),
                            channel(p, vi->green_mask),
                            channel(p, vi->blue_mask) };
         struct rgb want = expect(x, y, w, h);
         if (abs((int)got.r - (int)want.r) <= 1 &&
             abs((int)got.g - (int)want.g) <= 1 &&
             abs((int)got.b - (int)want.b) <= 1)
            continue;
         if (bad < 8)
            FAIL("%s: window pixel (%d,%d) (X coordinates, top left origin) "
                 "is %u,%u,%u, expected %u,%u,%u", what, x, y, got.r, got.g,
                 got.b, want.r, want.g, want.b);
         bad++;
      }
   }
   if (bad > 8)
      FAIL("%s: %d wrong pixels in all", what, bad);
   XDestroyImage(img);
   return bad;
}

/* Frame 1: red everywhere, a blue band over the bottom third (GL y up, so
 * the bottom rows of the X image) and a green square at GL (4,4)-(12,12). */
static void
draw_frame1(int w, int h)
{
   glDisable(GL_SCISSOR_TEST);
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, w, h / 3);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glScissor(4, 4, 8, 8);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
}

static struct rgb
expect_frame1(int x, int y, int w, int h)
{
   int gy = h - 1 - y;   /* GL row of X row y */
   if (x >= 4 && x < 12 && gy >= 4 && gy < 12)
      return (struct rgb){ 0, 255, 0 };
   if (gy < h / 3)
      return (struct rgb){ 0, 0, 255 };
   return (struct rgb){ 255, 0, 0 };
}

/* Frame 2: grey with a yellow top-right quadrant. */
static void
draw_frame2(int w, int h)
{
   glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(w / 2, h / 2, w - w / 2, h - h / 2);
   glClearColor(1.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
}

static struct rgb
expect_frame2(int x, int y, int w, int h)
{
   int gy = h - 1 - y;
   if (x >= w / 2 && gy >= h / 2)
      return (struct rgb){ 255, 255, 0 };
   return (struct rgb){ 128, 128, 128 };
}

static struct rgb
expect_cyan(int x, int y, int w, int h)
{
   return (struct rgb){ 0, 255, 255 };
}

static Window
make_window(Display *dpy, XVisualInfo *vi, int w, int h)
{
   Window root = RootWindow(dpy, vi->screen);
   XSetWindowAttributes attr;
   memset(&attr, 0, sizeof(attr));
   attr.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
   attr.border_pixel = 0;
   attr.background_pixmap = None;
   attr.event_mask = StructureNotifyMask | ExposureMask;
   Window win = XCreateWindow(dpy, root, 0, 0, (unsigned)w, (unsigned)h, 0,
                              vi->depth, InputOutput, vi->visual,
                              CWColormap | CWBorderPixel | CWEventMask |
                              CWBackPixmap, &attr);
   XMapWindow(dpy, win);
   XEvent ev;
   do {
      XNextEvent(dpy, &ev);
   } while (ev.type != MapNotify || ev.xmap.window != win);
   return win;
}

static GLXFBConfig
choose_fbconfig(Display *dpy, bool double_buffered)
{
   const int attribs[] = {
      GLX_X_RENDERABLE, True,
      GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
      GLX_RENDER_TYPE, GLX_RGBA_BIT,
      GLX_X_VISUAL_TYPE, GLX_TRUE_COLOR,
      GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8,
      GLX_DOUBLEBUFFER, double_buffered ? True : False,
      None,
   };
   int n = 0;
   GLXFBConfig *configs = glXChooseFBConfig(dpy, DefaultScreen(dpy), attribs,
                                            &n);
   GLXFBConfig found = NULL;
   for (int i = 0; configs && i < n && !found; i++) {
      int db = -1, samples = 0;
      glXGetFBConfigAttrib(dpy, configs[i], GLX_DOUBLEBUFFER, &db);
      glXGetFBConfigAttrib(dpy, configs[i], GLX_SAMPLES, &samples);
      if (db == (double_buffered ? True : False) && samples == 0)
         found = configs[i];
   }
   if (configs)
      XFree(configs);
   return found;
}

static bool
check_renderer(Display *dpy, GLXContext ctx)
{
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const char *version = (const char *)glGetString(GL_VERSION);
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", renderer ? renderer : "(null)",
          version ? version : "(null)");
   if (!glXIsDirect(dpy, ctx))
      FAIL("the context is indirect: the client-side driver was not used");
   const char *expect = getenv("PONY_EXPECT_RENDERER");
   if (expect && *expect && (!renderer || !strstr(renderer, expect))) {
      FAIL("GL_RENDERER \"%s\" does not contain \"%s\" "
           "(PONY_EXPECT_RENDERER)", renderer ? renderer : "(null)", expect);
      return false;
   }
   return renderer != NULL;
}

static void
test_double_buffered(Display *dpy)
{
   GLXFBConfig fbc = choose_fbconfig(dpy, true);
   if (!fbc) {
      FAIL("no double-buffered RGB888 TrueColor window fbconfig");
      return;
   }
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, fbc);
   if (!vi) {
      FAIL("double-buffered fbconfig has no visual");
      return;
   }
   printf("double-buffered visual 0x%lx, depth %d\n", vi->visualid,
          vi->depth);
   int w = 61, h = 45;
   Window win = make_window(dpy, vi, w, h);
   GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
   if (!ctx) {
      FAIL("glXCreateContext failed");
      goto out_win;
   }
   if (!glXMakeCurrent(dpy, win, ctx)) {
      FAIL("glXMakeCurrent failed");
      goto out_ctx;
   }
   check_renderer(dpy, ctx);

   GLint vp[4] = { 0, 0, 0, 0 };
   glGetIntegerv(GL_VIEWPORT, vp);
   if (vp[0] != 0 || vp[1] != 0 || vp[2] != w || vp[3] != h)
      FAIL("initial viewport %d,%d,%d,%d, expected 0,0,%d,%d", vp[0], vp[1],
           vp[2], vp[3], w, h);
   GLboolean dbl = GL_FALSE;
   glGetBooleanv(GL_DOUBLEBUFFER, &dbl);
   if (!dbl)
      FAIL("GL_DOUBLEBUFFER is false on a double-buffered visual");
   GLint drawbuf = 0;
   glGetIntegerv(GL_DRAW_BUFFER, &drawbuf);
   if (drawbuf != GL_BACK)
      FAIL("GL_DRAW_BUFFER is 0x%x, expected GL_BACK", drawbuf);

   draw_frame1(w, h);
   /* Before the swap, the back buffer holds the frame: read it with GL. */
   GLubyte px[4] = { 0, 0, 0, 0 };
   glReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (px[0] != 0 || px[1] != 255 || px[2] != 0)
      FAIL("back buffer pixel (5,5) reads %u,%u,%u, expected 0,255,0",
           px[0], px[1], px[2]);
   glXSwapBuffers(dpy, win);
   glFinish();
   XSync(dpy, False);
   check_window(dpy, win, vi, w, h, expect_frame1, "frame 1 after swap");

   draw_frame2(w, h);
   glXSwapBuffers(dpy, win);
   XSync(dpy, False);
   check_window(dpy, win, vi, w, h, expect_frame2, "frame 2 after swap");

   GLenum err = glGetError();
   if (err != GL_NO_ERROR)
      FAIL("GL error 0x%x after the frames", err);

   /* Resize: the next frame covers the new size. */
   int w2 = 90, h2 = 70;
   XResizeWindow(dpy, win, (unsigned)w2, (unsigned)h2);
   XSync(dpy, False);
   glViewport(0, 0, w2, h2);
   glClearColor(0.0f, 1.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glXSwapBuffers(dpy, win);
   XSync(dpy, False);
   check_window(dpy, win, vi, w2, h2, expect_cyan, "after resizing to 90x70");

   glXMakeCurrent(dpy, None, NULL);
out_ctx:
   glXDestroyContext(dpy, ctx);
out_win:
   XDestroyWindow(dpy, win);
   XFree(vi);
}

static void
test_single_buffered(Display *dpy)
{
   GLXFBConfig fbc = choose_fbconfig(dpy, false);
   if (!fbc) {
      printf("no single-buffered RGB888 visual: single-buffered path not "
             "tested\n");
      return;
   }
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, fbc);
   if (!vi) {
      FAIL("single-buffered fbconfig has no visual");
      return;
   }
   printf("single-buffered visual 0x%lx, depth %d\n", vi->visualid,
          vi->depth);
   int w = 40, h = 30;
   Window win = make_window(dpy, vi, w, h);
   GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
   if (!ctx) {
      FAIL("glXCreateContext (single-buffered) failed");
      goto out_win;
   }
   if (!glXMakeCurrent(dpy, win, ctx)) {
      FAIL("glXMakeCurrent (single-buffered) failed");
      goto out_ctx;
   }
   check_renderer(dpy, ctx);
   GLint drawbuf = 0;
   glGetIntegerv(GL_DRAW_BUFFER, &drawbuf);
   if (drawbuf != GL_FRONT)
      FAIL("single-buffered GL_DRAW_BUFFER is 0x%x, expected GL_FRONT",
           drawbuf);
   draw_frame1(w, h);
   glFlush();
   XSync(dpy, False);
   check_window(dpy, win, vi, w, h, expect_frame1,
                "single-buffered frame after glFlush");
   draw_frame2(w, h);
   glFinish();
   XSync(dpy, False);
   check_window(dpy, win, vi, w, h, expect_frame2,
                "single-buffered frame after glFinish");
   glXMakeCurrent(dpy, None, NULL);
out_ctx:
   glXDestroyContext(dpy, ctx);
out_win:
   XDestroyWindow(dpy, win);
   XFree(vi);
}

int
main(void)
{
   Display *dpy = XOpenDisplay(NULL);
   if (!dpy) {
      printf("cannot open X display '%s': skipping\n",
             getenv("DISPLAY") ? getenv("DISPLAY") : "");
      return 77;
   }
   XSetErrorHandler(on_x_error);
   int ev_base, err_base, major = 0, minor = 0;
   if (!glXQueryExtension(dpy, &err_base, &ev_base) ||
       !glXQueryVersion(dpy, &major, &minor)) {
      printf("the X server has no GLX: skipping\n");
      XCloseDisplay(dpy);
      return 77;
   }
   printf("GLX %d.%d, client vendor %s\n", major, minor,
          glXGetClientString(dpy, GLX_VENDOR));

   test_double_buffered(dpy);
   test_single_buffered(dpy);

   XSync(dpy, False);
   if (x_errors)
      FAIL("%d X errors", x_errors);
   XCloseDisplay(dpy);
   if (failures) {
      printf("glx: %d failure(s)\n", failures);
      return 1;
   }
   printf("glx: pass\n");
   return 0;
}
