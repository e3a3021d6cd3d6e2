/*
 * fe_x11 against a real X server (run under tests/glx/xvfb-run-test.sh):
 * the formats of visuals (TrueColor 24/32 with R G B masks high to low,
 * 16-bit 565; anything else none), the size of a window and of a window
 * that no longer exists, and a 16x8 resource of distinct pixels presented
 * into a mapped window and into a pixmap read back with XGetImage, pixel
 * for pixel, through MIT-SHM and again through XPutImage
 * (PONY_X11_NO_SHM).  Exit 77 when there is no display.
 */
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "state_trackers/common/fe_x11.h"
#include "state_trackers/gl/tests/st_test_util.h"
#include "util/u_inlines.h"

#define W 16
#define H 8

static uint32_t
pattern(int x, int y)
{
   /* X's 0x00RRGGBB for a depth-24 TrueColor visual: distinct per pixel */
   return (uint32_t)(x * 16 + 3) << 16 | (uint32_t)(y * 30 + 7) << 8 | (uint32_t)(x * 5 + y * 9);
}

/* Present the pattern into d and compare what the server holds. */
static void
present_and_read(Display *dpy, Drawable d, int depth, struct pipe_context *pipe,
                 struct pipe_resource *res, bool want_shm, const char *what)
{
   struct fe_x11_presenter *p = fe_x11_presenter_create(dpy, d, depth);
   CHECK(p && fe_x11_present(p, pipe, res, W, H), "%s: present", what);
   CHECK(fe_x11_presenter_uses_shm(p) == want_shm, "%s: MIT-SHM used %d, expected %d", what,
         fe_x11_presenter_uses_shm(p), want_shm);
   XImage *img = XGetImage(dpy, d, 0, 0, W, H, AllPlanes, ZPixmap);
   CHECK(img != NULL, "%s: XGetImage", what);
   int bad = 0;
   for (int y = 0; img && y < H; y++) {
      for (int x = 0; x < W; x++) {
         uint32_t got = (uint32_t)XGetPixel(img, x, y) & 0xffffff;
         if (got != pattern(x, y) && bad++ < 4)
            CHECK(0, "%s: pixel (%d,%d) is 0x%06x, expected 0x%06x", what, x, y, got,
                  pattern(x, y));
      }
   }
   CHECK(bad == 0, "%s: %d pixels differ", what, bad);
   if (img)
      XDestroyImage(img);
   fe_x11_presenter_destroy(p);
}

int
main(void)
{
   /* visual formats, without a server */
   Visual v;
   memset(&v, 0, sizeof(v));
   v.class = TrueColor;
   v.red_mask = 0xff0000;
   v.green_mask = 0xff00;
   v.blue_mask = 0xff;
   CHECK_EQ_INT(fe_x11_visual_format(&v, 24), PIPE_FORMAT_B8G8R8X8_UNORM);
   CHECK_EQ_INT(fe_x11_visual_format(&v, 32), PIPE_FORMAT_B8G8R8A8_UNORM);
   v.red_mask = 0xff;
   v.blue_mask = 0xff0000;
   CHECK_EQ_INT(fe_x11_visual_format(&v, 24), PIPE_FORMAT_NONE);
   v.red_mask = 0xf800;
   v.green_mask = 0x7e0;
   v.blue_mask = 0x1f;
   CHECK_EQ_INT(fe_x11_visual_format(&v, 16), PIPE_FORMAT_B5G6R5_UNORM);
   v.class = PseudoColor;
   CHECK_EQ_INT(fe_x11_visual_format(&v, 16), PIPE_FORMAT_NONE);

   Display *dpy = XOpenDisplay(NULL);
   if (!dpy) {
      printf("no X display: skip\n");
      return 77;
   }
   int scr = DefaultScreen(dpy);
   XVisualInfo tmpl = { .screen = scr, .depth = 24, .class = TrueColor };
   int n = 0;
   XVisualInfo *vi = XGetVisualInfo(dpy, VisualScreenMask | VisualDepthMask | VisualClassMask,
                                    &tmpl, &n);
   if (!vi || fe_x11_visual_format(vi[0].visual, 24) != PIPE_FORMAT_B8G8R8X8_UNORM) {
      printf("no 24-bit TrueColor visual with R G B masks: skip\n");
      return 77;
   }
   XSetWindowAttributes swa = { 0 };
   swa.colormap = XCreateColormap(dpy, RootWindow(dpy, scr), vi[0].visual, AllocNone);
   Window win = XCreateWindow(dpy, RootWindow(dpy, scr), 0, 0, W + 3, H + 5, 0, 24, InputOutput,
                              vi[0].visual, CWColormap, &swa);
   XMapWindow(dpy, win);
   XSync(dpy, False);
   int w = 0, h = 0;
   CHECK(fe_x11_drawable_size(dpy, win, &w, &h) && w == W + 3 && h == H + 5,
         "window size %dx%d, expected %dx%d", w, h, W + 3, H + 5);

   struct sw_winsys *ws = null_sw_winsys_create();
   struct pipe_screen *screen = ws ? pipe_loader_create_sw_screen(ws, "refpipe") : NULL;
   struct pipe_context *pipe = screen ? screen->context_create(screen, NULL, 0) : NULL;
   if (!pipe) {
      fprintf(stderr, "no refpipe\n");
      return 1;
   }
   struct pipe_resource templ;
   memset(&templ, 0, sizeof(templ));
   templ.target = PIPE_TEXTURE_2D;
   templ.format = PIPE_FORMAT_B8G8R8X8_UNORM;
   templ.width0 = W;
   templ.height0 = H;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.bind = PIPE_BIND_RENDER_TARGET;
   struct pipe_resource *res = screen->resource_create(screen, &templ);
   uint32_t pixels[W * H];
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++)
         pixels[y * W + x] = pattern(x, y);   /* B8G8R8X8 in memory = 0x00RRGGBB words */
   }
   struct pipe_box box = { 0, 0, 0, W, H, 1 };
   pipe->texture_subdata(pipe, res, 0, PIPE_MAP_WRITE, &box, pixels, W * 4, 0);

   present_and_read(dpy, win, 24, pipe, res, true, "window, MIT-SHM");
   Pixmap pm = XCreatePixmap(dpy, win, W, H, 24);
   present_and_read(dpy, pm, 24, pipe, res, true, "pixmap, MIT-SHM");
   setenv("PONY_X11_NO_SHM", "1", 1);
   XFillRectangle(dpy, win, DefaultGC(dpy, scr), 0, 0, W, H);   /* old pixels gone */
   present_and_read(dpy, win, 24, pipe, res, false, "window, XPutImage");
   unsetenv("PONY_X11_NO_SHM");

   XFreePixmap(dpy, pm);
   XDestroyWindow(dpy, win);
   XSync(dpy, False);
   CHECK(!fe_x11_drawable_size(dpy, win, &w, &h), "a destroyed window has a size");

   pipe_resource_reference(&res, NULL);
   pipe->destroy(pipe);
   screen->destroy(screen);
   XFree(vi);
   XCloseDisplay(dpy);
   return st_test_finish("fe_test_x11");
}
