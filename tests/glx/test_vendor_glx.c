/*
 * Pony's GLX vendor library (libGLX_pony.so.0) through libglvnd's libGLX,
 * run by xvfb-run-test.sh with __GLX_VENDOR_LIBRARY_NAME=pony and the
 * library's folder on LD_LIBRARY_PATH.  Expectations come from the GLX 1.4
 * specification and the extensions' (GLX_ARB_create_context, _profile,
 * GLX_EXT_swap_control), not from what the library happens to do:
 *
 *  - the extension and vendor strings;
 *  - the FBConfigs: unique ids, real TrueColor visuals, the attributes
 *    every config has; glXChooseFBConfig's matching (defaults, minimums,
 *    GLX_FBCONFIG_ID overriding the rest) and its sort order (table 3.4):
 *    double-buffered RGBA 8888 with depth 24 gives first the config with
 *    the smallest stencil and no multisampling; glXChooseVisual and
 *    glXGetConfig with GLX 1.2's rules;
 *  - a window: cleared, swapped, read back with XGetImage; resized, drawn
 *    again at the new size; a GLXWindow; swap intervals; a context and
 *    window destroyed while current, then another binding;
 *  - a pbuffer read back with glReadPixels; GLX pixmaps (1.3 and 1.2)
 *    read back with XGetImage, X's own pixels kept where GL did not draw;
 *  - glXCreateContextAttribsARB: 2.1 works, 9.9 is BadMatch, a bad
 *    profile mask GLXBadProfileARB, unknown attributes BadValue;
 *  - errors: invented contexts and drawables are GLX errors with the GLX
 *    opcode and the request's minor opcode, seen by XSetErrorHandler;
 *  - glXUseXFont's lists draw a glyph and advance the raster position;
 *  - a separate read drawable (glXMakeCurrentReadSGI); a context current
 *    to another thread (BadAccess); a connection closed while its context
 *    is current, then new connections;
 *  - /proc/self/maps: libGLX_pony is loaded, no Mesa library is.
 *
 * Exit 0 pass, 1 fail, 77 skip.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <GL/gl.h>
#include <GL/glx.h>
#include <GL/glxext.h>

/* GLX protocol numbers (GL/glxproto.h) the errors name */
#define GLXBadContext 0
#define GLXBadDrawable 2
#define GLXBadPixmap 3
#define GLXBadPbuffer 10
#define GLXBadProfileARB 13
#define X_GLXMakeCurrent 5
#define X_GLXCreatePixmap 22
#define X_GLXCreateNewContext 24
#define X_GLXMakeContextCurrent 26
#define X_GLXCreatePbuffer 27
#define X_GLXDestroyPbuffer 28
#define X_GLXCreateContextAttribsARB 34

static int failures;

#define FAIL(...)                                                                               \
   do {                                                                                         \
      printf("FAIL: " __VA_ARGS__);                                                             \
      printf("\n");                                                                             \
      fflush(stdout);                                                                           \
      failures++;                                                                               \
   } while (0)
#define CHECK(cond, ...)                                                                        \
   do {                                                                                         \
      if (!(cond))                                                                              \
         FAIL(__VA_ARGS__);                                                                     \
   } while (0)

/* --- X errors: recorded, never fatal ----------------------------------------------- */

static struct {
   int count;
   int code, request, minor;
} xerr;
static int glx_opcode, glx_error_base;

static int
on_x_error(Display *dpy, XErrorEvent *e)
{
   (void)dpy;
   if (!xerr.count) {
      xerr.code = e->error_code;
      xerr.request = e->request_code;
      xerr.minor = e->minor_code;
   }
   xerr.count++;
   return 0;
}

static void
errors_reset(Display *dpy)
{
   XSync(dpy, False);
   memset(&xerr, 0, sizeof(xerr));
}

static void
expect_no_error(Display *dpy, const char *what)
{
   XSync(dpy, False);
   CHECK(xerr.count == 0, "%s: unexpected X error %d (request %d.%d)", what, xerr.code,
         xerr.request, xerr.minor);
   errors_reset(dpy);
}

/* Exactly one error: code (GLX codes are given as glx_error_base + n), from
 * the GLX extension's request minor. */
static void
expect_error(Display *dpy, int code, int minor, const char *what)
{
   XSync(dpy, False);
   if (xerr.count == 0)
      FAIL("%s: no X error, expected %d", what, code);
   else if (xerr.count != 1 || xerr.code != code || xerr.request != glx_opcode ||
            xerr.minor != minor)
      FAIL("%s: %d X error(s), first %d (request %d.%d), expected one %d (request %d.%d)", what,
           xerr.count, xerr.code, xerr.request, xerr.minor, code, glx_opcode, minor);
   errors_reset(dpy);
}

/* --- helpers ---------------------------------------------------------------------- */

static int
fb_attrib(Display *dpy, GLXFBConfig c, int attrib)
{
   int v = -12345;
   if (glXGetFBConfigAttrib(dpy, c, attrib, &v) != Success)
      FAIL("glXGetFBConfigAttrib(0x%x) failed", attrib);
   return v;
}

static bool
has_token(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

struct rgb {
   int r, g, b;
};

static int
channel(unsigned long pixel, unsigned long mask)
{
   if (!mask)
      return 0;
   int shift = 0;
   while (!((mask >> shift) & 1))
      shift++;
   unsigned long max = mask >> shift;
   return (int)((((pixel & mask) >> shift) * 255 + max / 2) / max);
}

static struct rgb
pixel_rgb(XImage *img, const XVisualInfo *vi, int x, int y)
{
   unsigned long p = XGetPixel(img, x, y);
   struct rgb c = { channel(p, vi->red_mask), channel(p, vi->green_mask),
                    channel(p, vi->blue_mask) };
   return c;
}

/* 8-bit channels of a colour: within 2 of the float's nearest value */
static bool
close_to(struct rgb c, float r, float g, float b)
{
   return abs(c.r - (int)(r * 255.0f + 0.5f)) <= 2 && abs(c.g - (int)(g * 255.0f + 0.5f)) <= 2 &&
          abs(c.b - (int)(b * 255.0f + 0.5f)) <= 2;
}

/* Every pixel of an X drawable's w x h region is (r, g, b); false at the first wrong one. */
static bool
check_x_region(Display *dpy, Drawable d, const XVisualInfo *vi, int x0, int y0, int w, int h,
               float r, float g, float b, const char *what)
{
   XImage *img = XGetImage(dpy, d, x0, y0, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
   if (!img) {
      FAIL("%s: XGetImage failed", what);
      return false;
   }
   bool ok = true;
   for (int y = 0; y < h && ok; y++) {
      for (int x = 0; x < w && ok; x++) {
         struct rgb c = pixel_rgb(img, vi, x, y);
         if (!close_to(c, r, g, b)) {
            FAIL("%s: X pixel (%d,%d) is %d,%d,%d, expected %.2f,%.2f,%.2f (+-2 of 255)", what,
                 x0 + x, y0 + y, c.r, c.g, c.b, r, g, b);
            ok = false;
         }
      }
   }
   XDestroyImage(img);
   return ok;
}

static Window
make_window(Display *dpy, const XVisualInfo *vi, int w, int h)
{
   Window root = RootWindow(dpy, vi->screen);
   XSetWindowAttributes attr;
   memset(&attr, 0, sizeof(attr));
   attr.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
   attr.border_pixel = 0;
   attr.background_pixmap = None;
   attr.event_mask = StructureNotifyMask;
   Window win = XCreateWindow(dpy, root, 0, 0, (unsigned)w, (unsigned)h, 0, vi->depth,
                              InputOutput, vi->visual,
                              CWColormap | CWBorderPixel | CWEventMask | CWBackPixmap, &attr);
   XMapWindow(dpy, win);
   XEvent ev;
   do {
      XNextEvent(dpy, &ev);
   } while (ev.type != MapNotify || ev.xmap.window != win);
   return win;
}

static void
clear_to(float r, float g, float b)
{
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* A config with these properties (the first of glXGetFBConfigs'). */
static GLXFBConfig
find_config(Display *dpy, int screen, bool dbl, int alpha, int samples)
{
   int n = 0;
   GLXFBConfig *all = glXGetFBConfigs(dpy, screen, &n), found = NULL;
   for (int i = 0; i < n && !found; i++) {
      if (fb_attrib(dpy, all[i], GLX_DOUBLEBUFFER) == dbl &&
          fb_attrib(dpy, all[i], GLX_RED_SIZE) == 8 &&
          fb_attrib(dpy, all[i], GLX_ALPHA_SIZE) == alpha &&
          fb_attrib(dpy, all[i], GLX_SAMPLES) == samples)
         found = all[i];
   }
   if (all)
      XFree(all);
   return found;
}

/* --- strings ---------------------------------------------------------------------- */

static void
test_strings(Display *dpy, int screen)
{
   static const char *const required[] = {
      "GLX_ARB_create_context", "GLX_ARB_create_context_profile", "GLX_EXT_swap_control",
      "GLX_ARB_get_proc_address", "GLX_ARB_multisample", "GLX_EXT_visual_info",
   };
   const char *ext = glXQueryExtensionsString(dpy, screen);
   if (!ext) {
      FAIL("glXQueryExtensionsString is NULL");
      return;
   }
   printf("GLX extensions: %s\n", ext);
   for (unsigned i = 0; i < sizeof(required) / sizeof(required[0]); i++)
      CHECK(has_token(ext, required[i]), "%s is not in the extension string", required[i]);
   /* no float configs, no texture-from-pixmap */
   CHECK(!has_token(ext, "GLX_ARB_fbconfig_float"), "GLX_ARB_fbconfig_float is offered");
   CHECK(!has_token(ext, "GLX_EXT_texture_from_pixmap"), "GLX_EXT_texture_from_pixmap is offered");
   const char *v = glXGetClientString(dpy, GLX_VENDOR);
   CHECK(v && !strcmp(v, "Pony"), "client GLX_VENDOR is \"%s\"", v ? v : "(null)");
   v = glXGetClientString(dpy, GLX_VERSION);
   CHECK(v && !strncmp(v, "1.4", 3), "client GLX_VERSION is \"%s\"", v ? v : "(null)");
   v = glXQueryServerString(dpy, screen, GLX_VENDOR);
   CHECK(v && !strcmp(v, "Pony"), "server GLX_VENDOR is \"%s\"", v ? v : "(null)");
   v = glXQueryServerString(dpy, screen, GLX_EXTENSIONS);
   CHECK(v && has_token(v, "GLX_ARB_create_context"), "server GLX_EXTENSIONS: \"%s\"",
         v ? v : "(null)");
}

/* --- configs ---------------------------------------------------------------------- */

static void
check_one_config(Display *dpy, GLXFBConfig c)
{
   int id = fb_attrib(dpy, c, GLX_FBCONFIG_ID);
   int vid = fb_attrib(dpy, c, GLX_VISUAL_ID);
   XVisualInfo templ;
   memset(&templ, 0, sizeof(templ));
   templ.visualid = (VisualID)vid;
   int nv = 0;
   XVisualInfo *vi = XGetVisualInfo(dpy, VisualIDMask, &templ, &nv);
   int rgb = fb_attrib(dpy, c, GLX_RED_SIZE) + fb_attrib(dpy, c, GLX_GREEN_SIZE) +
             fb_attrib(dpy, c, GLX_BLUE_SIZE);
   int a = fb_attrib(dpy, c, GLX_ALPHA_SIZE);
   if (!vi || nv != 1)
      FAIL("config %d: visual 0x%x is not a visual of the server", id, vid);
   else if (vi->class != TrueColor || vi->depth < rgb)
      FAIL("config %d: visual 0x%x is class %d depth %d", id, vid, vi->class, vi->depth);
   if (vi)
      XFree(vi);
   CHECK(fb_attrib(dpy, c, GLX_BUFFER_SIZE) == rgb + a, "config %d: GLX_BUFFER_SIZE", id);
   CHECK(fb_attrib(dpy, c, GLX_X_RENDERABLE) == True, "config %d: not X renderable", id);
   int dt = fb_attrib(dpy, c, GLX_DRAWABLE_TYPE);
   CHECK((dt & (GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT)) ==
            (GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT),
         "config %d: GLX_DRAWABLE_TYPE 0x%x", id, dt);
   CHECK(fb_attrib(dpy, c, GLX_RENDER_TYPE) & GLX_RGBA_BIT, "config %d: no RGBA", id);
   CHECK(fb_attrib(dpy, c, GLX_X_VISUAL_TYPE) == GLX_TRUE_COLOR, "config %d: not TrueColor", id);
   CHECK(fb_attrib(dpy, c, GLX_CONFIG_CAVEAT) == GLX_NONE, "config %d: a caveat", id);
   int sb = fb_attrib(dpy, c, GLX_SAMPLE_BUFFERS), s = fb_attrib(dpy, c, GLX_SAMPLES);
   CHECK((sb == 0 && s == 0) || (sb == 1 && s >= 2), "config %d: sample buffers %d samples %d",
         id, sb, s);
   CHECK(fb_attrib(dpy, c, GLX_MAX_PBUFFER_WIDTH) >= 256, "config %d: max pbuffer width", id);
   int bogus = 0;
   CHECK(glXGetFBConfigAttrib(dpy, c, 0x7777, &bogus) == GLX_BAD_ATTRIBUTE,
         "config %d: attribute 0x7777 is not GLX_BAD_ATTRIBUTE", id);
   XVisualInfo *v2 = glXGetVisualFromFBConfig(dpy, c);
   CHECK(v2 && v2->visualid == (VisualID)vid, "config %d: glXGetVisualFromFBConfig", id);
   if (v2)
      XFree(v2);
}

/* The sort keys of GLX 1.4 table 3.4 that differ among double-buffered
 * RGBA 8888 configs with depth >= 24, in priority order: smaller
 * GLX_BUFFER_SIZE, smaller GLX_SAMPLE_BUFFERS, smaller GLX_SAMPLES, larger
 * GLX_DEPTH_SIZE, smaller GLX_STENCIL_SIZE (caveat, colour bits, double
 * buffering, aux and accum buffers are the same for all of them). */
static int
sort_key_cmp(Display *dpy, GLXFBConfig a, GLXFBConfig b)
{
   static const struct {
      int attrib, larger;
   } keys[] = {
      { GLX_BUFFER_SIZE, 0 }, { GLX_SAMPLE_BUFFERS, 0 }, { GLX_SAMPLES, 0 },
      { GLX_DEPTH_SIZE, 1 },  { GLX_STENCIL_SIZE, 0 },
   };
   for (unsigned i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
      int va = fb_attrib(dpy, a, keys[i].attrib), vb = fb_attrib(dpy, b, keys[i].attrib);
      if (va != vb)
         return (keys[i].larger ? va > vb : va < vb) ? -1 : 1;
   }
   return 0;
}

static void
test_choose_fbconfig(Display *dpy, int screen, GLXFBConfig *all, int n)
{
   const int attribs[] = { GLX_DOUBLEBUFFER, True, GLX_RENDER_TYPE, GLX_RGBA_BIT,
                           GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8,
                           GLX_ALPHA_SIZE, 8, GLX_DEPTH_SIZE, 24, None };
   int matching = 0;
   bool have_z24x8 = false;
   for (int i = 0; i < n; i++) {
      /* by hand: the minimums, the exact double buffering, the default
       * GLX_DRAWABLE_TYPE (window) */
      if (fb_attrib(dpy, all[i], GLX_DOUBLEBUFFER) && fb_attrib(dpy, all[i], GLX_RED_SIZE) >= 8 &&
          fb_attrib(dpy, all[i], GLX_GREEN_SIZE) >= 8 &&
          fb_attrib(dpy, all[i], GLX_BLUE_SIZE) >= 8 &&
          fb_attrib(dpy, all[i], GLX_ALPHA_SIZE) >= 8 &&
          fb_attrib(dpy, all[i], GLX_DEPTH_SIZE) >= 24) {
         matching++;
         have_z24x8 |= fb_attrib(dpy, all[i], GLX_STENCIL_SIZE) == 0 &&
                       fb_attrib(dpy, all[i], GLX_SAMPLES) == 0;
      }
   }
   int nc = 0;
   GLXFBConfig *c = glXChooseFBConfig(dpy, screen, attribs, &nc);
   if (!c || nc != matching) {
      FAIL("glXChooseFBConfig(double, RGBA 8888, depth 24): %d configs, %d match by hand", nc,
           matching);
      if (c)
         XFree(c);
      return;
   }
   /* by hand, GLX 1.4's order: RGBA 8888 (32 bits, the only ones with
    * alpha), double-buffered by request; sample buffers 0 before 1; depth
    * 24 for all; then the smaller stencil: depth 24 / stencil 0 first, then
    * depth 24 / stencil 8 */
   GLXFBConfig first = c[0];
   CHECK(fb_attrib(dpy, first, GLX_ALPHA_SIZE) == 8 && fb_attrib(dpy, first, GLX_BUFFER_SIZE) == 32,
         "first config is not RGBA 8888");
   CHECK(fb_attrib(dpy, first, GLX_DOUBLEBUFFER) == True, "first config is single-buffered");
   CHECK(fb_attrib(dpy, first, GLX_SAMPLE_BUFFERS) == 0 && fb_attrib(dpy, first, GLX_SAMPLES) == 0,
         "first config is multisampled");
   CHECK(fb_attrib(dpy, first, GLX_DEPTH_SIZE) == 24, "first config: depth %d",
         fb_attrib(dpy, first, GLX_DEPTH_SIZE));
   if (have_z24x8) {
      CHECK(fb_attrib(dpy, first, GLX_STENCIL_SIZE) == 0,
            "first config: stencil %d, expected 0 (smaller stencil first)",
            fb_attrib(dpy, first, GLX_STENCIL_SIZE));
      CHECK(nc > 1 && fb_attrib(dpy, c[1], GLX_STENCIL_SIZE) == 8 &&
               fb_attrib(dpy, c[1], GLX_SAMPLES) == 0,
            "second config is not depth 24 / stencil 8, single-sampled");
   }
   for (int i = 0; i + 1 < nc; i++) {
      if (sort_key_cmp(dpy, c[i], c[i + 1]) > 0) {
         FAIL("glXChooseFBConfig: config %d sorts before config %d against GLX 1.4's order",
              fb_attrib(dpy, c[i], GLX_FBCONFIG_ID), fb_attrib(dpy, c[i + 1], GLX_FBCONFIG_ID));
         break;
      }
   }
   XFree(c);

   /* GLX_FBCONFIG_ID overrides every other attribute */
   int id = fb_attrib(dpy, all[n / 2], GLX_FBCONFIG_ID);
   const int by_id[] = { GLX_FBCONFIG_ID, id, GLX_RED_SIZE, 99, GLX_DRAWABLE_TYPE, 0x7fff, None };
   c = glXChooseFBConfig(dpy, screen, by_id, &nc);
   CHECK(c && nc == 1 && fb_attrib(dpy, c[0], GLX_FBCONFIG_ID) == id,
         "glXChooseFBConfig(GLX_FBCONFIG_ID %d) gave %d configs", id, nc);
   if (c)
      XFree(c);

   /* single-buffered, only red named: the 8-bit red layouts first (more of
    * the requested bits), of those the smaller buffer (no alpha) */
   const int red[] = { GLX_DOUBLEBUFFER, False, GLX_RED_SIZE, 1, None };
   c = glXChooseFBConfig(dpy, screen, red, &nc);
   CHECK(c && nc > 0 && fb_attrib(dpy, c[0], GLX_RED_SIZE) == 8 &&
            fb_attrib(dpy, c[0], GLX_ALPHA_SIZE) == 0 &&
            fb_attrib(dpy, c[0], GLX_DOUBLEBUFFER) == False,
         "glXChooseFBConfig(single, red 1): first is not single-buffered RGB 888");
   if (c)
      XFree(c);
}

static void
test_visuals(Display *dpy, int screen)
{
   /* GLX 1.2: booleans exact, a requested depth the largest, the stencil
    * the smallest */
   int dbl_depth[] = { GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 1, None };
   XVisualInfo *vi = glXChooseVisual(dpy, screen, dbl_depth);
   if (!vi) {
      FAIL("glXChooseVisual(RGBA, double, depth 1) found nothing");
   } else {
      int v[5] = { -1, -1, -1, -1, -1 };
      glXGetConfig(dpy, vi, GLX_USE_GL, &v[0]);
      glXGetConfig(dpy, vi, GLX_RGBA, &v[1]);
      glXGetConfig(dpy, vi, GLX_DOUBLEBUFFER, &v[2]);
      glXGetConfig(dpy, vi, GLX_DEPTH_SIZE, &v[3]);
      glXGetConfig(dpy, vi, GLX_STENCIL_SIZE, &v[4]);
      CHECK(v[0] == 1 && v[1] == 1 && v[2] == 1, "chosen visual 0x%lx: use_gl %d rgba %d db %d",
            vi->visualid, v[0], v[1], v[2]);
      CHECK(v[3] == 24 && v[4] == 0, "chosen visual: depth %d stencil %d, expected 24 and 0",
            v[3], v[4]);
      XFree(vi);   /* Xlib's allocation */
   }
   int ci[] = { GLX_DOUBLEBUFFER, None };   /* colour index: no such visual */
   vi = glXChooseVisual(dpy, screen, ci);
   CHECK(!vi, "glXChooseVisual without GLX_RGBA found a visual");
   if (vi)
      XFree(vi);

   /* a visual GL does not render to (DirectColor) */
   XVisualInfo templ;
   memset(&templ, 0, sizeof(templ));
   templ.screen = screen;
   templ.class = DirectColor;
   int n = 0;
   XVisualInfo *dc = XGetVisualInfo(dpy, VisualScreenMask | VisualClassMask, &templ, &n);
   if (dc && n > 0) {
      int use = -1, red = 0;
      CHECK(glXGetConfig(dpy, &dc[0], GLX_USE_GL, &use) == Success && use == False,
            "DirectColor visual: GLX_USE_GL is %d", use);
      CHECK(glXGetConfig(dpy, &dc[0], GLX_RED_SIZE, &red) == GLX_BAD_VISUAL,
            "DirectColor visual: GLX_RED_SIZE is not GLX_BAD_VISUAL");
      errors_reset(dpy);
      GLXContext ctx = glXCreateContext(dpy, &dc[0], NULL, True);
      CHECK(!ctx, "glXCreateContext on a DirectColor visual succeeded");
      expect_error(dpy, BadValue, 3 /* X_GLXCreateContext */, "glXCreateContext(DirectColor)");
   }
   if (dc)
      XFree(dc);
}

static void
test_configs(Display *dpy, int screen)
{
   int n = 0;
   GLXFBConfig *all = glXGetFBConfigs(dpy, screen, &n);
   if (!all || n <= 0) {
      FAIL("glXGetFBConfigs: no configs");
      return;
   }
   printf("%d FBConfigs\n", n);
   for (int i = 0; i < n; i++) {
      check_one_config(dpy, all[i]);
      int id = fb_attrib(dpy, all[i], GLX_FBCONFIG_ID);
      for (int j = 0; j < i; j++)
         CHECK(fb_attrib(dpy, all[j], GLX_FBCONFIG_ID) != id, "GLX_FBCONFIG_ID %d twice", id);
   }
   test_choose_fbconfig(dpy, screen, all, n);
   XFree(all);
   test_visuals(dpy, screen);

   /* an invented handle: a GLX error, not a crash */
   errors_reset(dpy);
   int v = 0, dummy = 0;
   CHECK(glXGetFBConfigAttrib(dpy, (GLXFBConfig)&dummy, GLX_RED_SIZE, &v) != Success,
         "glXGetFBConfigAttrib of an invented config succeeded");
   XSync(dpy, False);
   CHECK(xerr.count == 1 && xerr.code == glx_error_base + 9 /* GLXBadFBConfig */,
         "invented config: error %d, expected GLXBadFBConfig", xerr.code);
   errors_reset(dpy);
}

/* --- windows ---------------------------------------------------------------------- */

typedef void (*pfn_swap_interval)(Display *, GLXDrawable, int);

static void
test_swap_interval(Display *dpy, GLXDrawable d)
{
   pfn_swap_interval swap_interval =
      (pfn_swap_interval)glXGetProcAddress((const GLubyte *)"glXSwapIntervalEXT");
   if (!swap_interval) {
      FAIL("glXGetProcAddress(glXSwapIntervalEXT) is NULL");
      return;
   }
   unsigned v = 99;
   glXQueryDrawable(dpy, d, GLX_SWAP_INTERVAL_EXT, &v);
   CHECK(v == 1, "initial GLX_SWAP_INTERVAL_EXT %u, expected 1", v);
   swap_interval(dpy, d, 0);
   expect_no_error(dpy, "glXSwapIntervalEXT(0)");
   glXQueryDrawable(dpy, d, GLX_SWAP_INTERVAL_EXT, &v);
   CHECK(v == 0, "GLX_SWAP_INTERVAL_EXT %u after setting 0", v);
   swap_interval(dpy, d, -1);
   XSync(dpy, False);
   CHECK(xerr.count == 1 && xerr.code == BadValue, "glXSwapIntervalEXT(-1): error %d, expected BadValue",
         xerr.code);
   errors_reset(dpy);
}

static void
test_resize(Display *dpy, Window win, const XVisualInfo *vi)
{
   int w = 100, h = 70;
   XResizeWindow(dpy, win, (unsigned)w, (unsigned)h);
   XSync(dpy, False);
   glViewport(0, 0, w, h);
   clear_to(1.0f, 0.5f, 0.0f);
   glXSwapBuffers(dpy, win);
   XSync(dpy, False);
   /* the new size's far corner: drawn only if the buffers grew */
   check_x_region(dpy, win, vi, w - 1, h - 1, 1, 1, 1.0f, 0.5f, 0.0f, "resized: far corner");
   check_x_region(dpy, win, vi, 0, 0, w, h, 1.0f, 0.5f, 0.0f, "resized: whole window");
   unsigned qw = 0, qh = 0;
   glXQueryDrawable(dpy, win, GLX_WIDTH, &qw);
   glXQueryDrawable(dpy, win, GLX_HEIGHT, &qh);
   CHECK(qw == (unsigned)w && qh == (unsigned)h, "GLX_WIDTH x GLX_HEIGHT %ux%u, expected %dx%d",
         qw, qh, w, h);
}

static void
check_renderer(void)
{
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const char *expect = getenv("PONY_EXPECT_RENDERER");
   printf("GL_RENDERER: %s\n", renderer ? renderer : "(null)");
   if (expect && *expect)
      CHECK(renderer && strstr(renderer, expect), "GL_RENDERER does not contain \"%s\"", expect);
}

/* The glxinfo pattern: a context destroyed and its window too while both
 * are current, then another binding: no error may reach the application. */
static void
test_destroyed_while_current(Display *dpy, int screen, GLXContext ctx, Window win)
{
   GLXFBConfig single = find_config(dpy, screen, false, 0, 0);
   XVisualInfo *vi = single ? glXGetVisualFromFBConfig(dpy, single) : NULL;
   if (!vi) {
      FAIL("no single-buffered RGB 888 config with a visual");
      return;
   }
   Window w2 = make_window(dpy, vi, 20, 20);
   GLXContext c2 = glXCreateNewContext(dpy, single, GLX_RGBA_TYPE, NULL, True);
   CHECK(c2 && glXMakeCurrent(dpy, w2, c2), "single-buffered window current");
   glXDestroyContext(dpy, c2);
   XDestroyWindow(dpy, w2);
   XSync(dpy, False);
   CHECK(glXMakeCurrent(dpy, win, ctx), "current again after a destroyed context and window");
   expect_no_error(dpy, "binding after a context and window were destroyed while current");
   XFree(vi);
}

static void
test_window(Display *dpy, int screen, GLXFBConfig fbc)
{
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, fbc);
   if (!vi) {
      FAIL("window config has no visual");
      return;
   }
   int w = 64, h = 48;
   Window win = make_window(dpy, vi, w, h);
   GLXContext ctx = glXCreateNewContext(dpy, fbc, GLX_RGBA_TYPE, NULL, True);
   if (!ctx || !glXMakeContextCurrent(dpy, win, win, ctx)) {
      FAIL("window: context %p not made current", (void *)ctx);
      goto out;
   }
   expect_no_error(dpy, "window: make current");
   check_renderer();
   CHECK(glXGetCurrentContext() == ctx && glXGetCurrentDrawable() == win,
         "glXGetCurrentContext/Drawable");
   CHECK(glXIsDirect(dpy, ctx), "the context is not direct");

   clear_to(0.25f, 0.5f, 0.75f);
   glXSwapBuffers(dpy, win);
   XSync(dpy, False);
   check_x_region(dpy, win, vi, 0, 0, w, h, 0.25f, 0.5f, 0.75f, "window after swap");
   expect_no_error(dpy, "window: clear and swap");

   test_swap_interval(dpy, win);
   test_resize(dpy, win, vi);
   expect_no_error(dpy, "window: resize");

   /* a GLXWindow over the same window */
   GLXWindow gw = glXCreateWindow(dpy, fbc, win, NULL);
   CHECK(gw != None && glXMakeContextCurrent(dpy, gw, gw, ctx), "GLXWindow current");
   clear_to(0.0f, 1.0f, 0.0f);
   glXSwapBuffers(dpy, gw);
   XSync(dpy, False);
   check_x_region(dpy, win, vi, 0, 0, 100, 70, 0.0f, 1.0f, 0.0f, "GLXWindow after swap");
   expect_no_error(dpy, "GLXWindow");
   CHECK(glXMakeCurrent(dpy, win, ctx), "the window current again");
   /* a drawable current to no context of this thread swaps too (Pony's
    * back buffer keeps its pixels after a swap: X's black goes again) */
   GC gc = XCreateGC(dpy, win, 0, NULL);
   XSetForeground(dpy, gc, BlackPixel(dpy, screen));
   XFillRectangle(dpy, win, gc, 0, 0, 100, 70);
   XFreeGC(dpy, gc);
   XSync(dpy, False);
   glXSwapBuffers(dpy, gw);
   XSync(dpy, False);
   check_x_region(dpy, win, vi, 0, 0, 100, 70, 0.0f, 1.0f, 0.0f, "GLXWindow swapped, not current");
   expect_no_error(dpy, "glXSwapBuffers of a GLXWindow not current");
   glXDestroyWindow(dpy, gw);
   expect_no_error(dpy, "glXDestroyWindow");

   test_destroyed_while_current(dpy, screen, ctx, win);

   /* invented handles */
   int dummy = 0;
   CHECK(!glXMakeCurrent(dpy, win, (GLXContext)&dummy), "an invented context was made current");
   expect_error(dpy, glx_error_base + GLXBadContext, X_GLXMakeCurrent, "invented context");
   CHECK(!glXMakeCurrent(dpy, (GLXDrawable)0x1fffff0, ctx), "an invented drawable was made current");
   expect_error(dpy, glx_error_base + GLXBadDrawable, X_GLXMakeCurrent, "invented drawable");
   Pixmap pm = XCreatePixmap(dpy, RootWindow(dpy, screen), 8, 8, (unsigned)vi->depth);
   CHECK(!glXMakeContextCurrent(dpy, pm, pm, ctx), "a plain X pixmap was made current");
   expect_error(dpy, glx_error_base + GLXBadDrawable, X_GLXMakeContextCurrent, "plain pixmap");
   XFreePixmap(dpy, pm);
   /* the binding before the failures is kept */
   CHECK(glXGetCurrentContext() == ctx, "the current context changed on failure");

   glXMakeCurrent(dpy, None, NULL);
   expect_no_error(dpy, "window: release");
out:
   if (ctx)
      glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, win);
   XFree(vi);
}

/* --- pbuffers --------------------------------------------------------------------- */

static bool
read_pixel(int x, int y, float r, float g, float b, const char *what)
{
   GLubyte px[4] = { 0, 0, 0, 0 };
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   struct rgb c = { px[0], px[1], px[2] };
   if (!close_to(c, r, g, b)) {
      FAIL("%s: pixel (%d,%d) reads %d,%d,%d, expected %.2f,%.2f,%.2f", what, x, y, c.r, c.g,
           c.b, r, g, b);
      return false;
   }
   return true;
}

typedef Bool (*pfn_make_current_read)(Display *, GLXDrawable, GLXDrawable, GLXContext);

/* Draw and read drawables apart (GLX_SGI_make_current_read's name for
 * glXMakeContextCurrent): glReadPixels reads the read drawable. */
static void
test_read_drawable(Display *dpy, GLXFBConfig fbc, GLXContext ctx, GLXPbuffer draw)
{
   pfn_make_current_read make_current_read =
      (pfn_make_current_read)glXGetProcAddress((const GLubyte *)"glXMakeCurrentReadSGI");
   const int attribs[] = { GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None };
   GLXPbuffer read = glXCreatePbuffer(dpy, fbc, attribs);
   if (!make_current_read || !read || !glXMakeContextCurrent(dpy, read, read, ctx)) {
      FAIL("glXMakeCurrentReadSGI %p, a second pbuffer: not current", (void *)make_current_read);
   } else {
      clear_to(0.0f, 1.0f, 1.0f);
      CHECK(make_current_read(dpy, draw, read, ctx), "glXMakeCurrentReadSGI failed");
      CHECK(glXGetCurrentDrawable() == draw && glXGetCurrentReadDrawable() == read,
            "glXGetCurrentDrawable / glXGetCurrentReadDrawable after glXMakeCurrentReadSGI");
      read_pixel(1, 1, 0.0f, 1.0f, 1.0f, "the read drawable");
      glXMakeCurrent(dpy, None, NULL);
   }
   if (read)
      glXDestroyPbuffer(dpy, read);
   expect_no_error(dpy, "separate read drawable");
}

static void
test_pbuffer(Display *dpy, GLXFBConfig fbc, GLXContext ctx)
{
   const int attribs[] = { GLX_PBUFFER_WIDTH, 32, GLX_PBUFFER_HEIGHT, 16, None };
   GLXPbuffer pb = glXCreatePbuffer(dpy, fbc, attribs);
   if (!pb) {
      FAIL("glXCreatePbuffer failed");
      return;
   }
   unsigned w = 0, h = 0, id = 0;
   glXQueryDrawable(dpy, pb, GLX_WIDTH, &w);
   glXQueryDrawable(dpy, pb, GLX_HEIGHT, &h);
   glXQueryDrawable(dpy, pb, GLX_FBCONFIG_ID, &id);
   CHECK(w == 32 && h == 16, "pbuffer is %ux%u, expected 32x16", w, h);
   CHECK(id == (unsigned)fb_attrib(dpy, fbc, GLX_FBCONFIG_ID), "pbuffer GLX_FBCONFIG_ID %u", id);
   if (!glXMakeContextCurrent(dpy, pb, pb, ctx)) {
      FAIL("pbuffer not made current");
   } else {
      clear_to(0.2f, 0.4f, 0.6f);
      glEnable(GL_SCISSOR_TEST);
      glScissor(16, 8, 16, 8);
      clear_to(1.0f, 1.0f, 0.0f);
      glDisable(GL_SCISSOR_TEST);
      read_pixel(0, 0, 0.2f, 0.4f, 0.6f, "pbuffer");
      read_pixel(15, 15, 0.2f, 0.4f, 0.6f, "pbuffer");
      read_pixel(31, 15, 1.0f, 1.0f, 0.0f, "pbuffer, scissored clear");
      CHECK(glGetError() == GL_NO_ERROR, "GL error on the pbuffer");
      glXMakeCurrent(dpy, None, NULL);
   }
   test_read_drawable(dpy, fbc, ctx, pb);
   glXDestroyPbuffer(dpy, pb);
   expect_no_error(dpy, "pbuffer");

   const int bad[] = { GLX_PBUFFER_WIDTH, -4, None };
   CHECK(!glXCreatePbuffer(dpy, fbc, bad), "a pbuffer of width -4");
   expect_error(dpy, BadValue, X_GLXCreatePbuffer, "pbuffer of width -4");
   glXDestroyPbuffer(dpy, (GLXPbuffer)0x1fffff4);
   expect_error(dpy, glx_error_base + GLXBadPbuffer, X_GLXDestroyPbuffer, "invented pbuffer");
}

/* --- pixmaps ---------------------------------------------------------------------- */

static unsigned long
pixel_of(const XVisualInfo *vi, int r, int g, int b)
{
   unsigned long p = 0;
   const unsigned long masks[3] = { vi->red_mask, vi->green_mask, vi->blue_mask };
   const int v[3] = { r, g, b };
   for (int i = 0; i < 3; i++) {
      int shift = 0;
      while (!((masks[i] >> shift) & 1))
         shift++;
      unsigned long max = masks[i] >> shift;
      p |= ((unsigned long)v[i] * max / 255) << shift;
   }
   return p;
}

/* X fills the pixmap yellow, GL clears its left half blue: the pixmap
 * shows both (GL renders over what X drew). */
static void
test_pixmap(Display *dpy, int screen, GLXFBConfig fbc, GLXContext ctx)
{
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, fbc);
   if (!vi) {
      FAIL("pixmap config has no visual");
      return;
   }
   int w = 40, h = 30;
   Pixmap pm = XCreatePixmap(dpy, RootWindow(dpy, screen), (unsigned)w, (unsigned)h,
                             (unsigned)vi->depth);
   GC gc = XCreateGC(dpy, pm, 0, NULL);
   XSetForeground(dpy, gc, pixel_of(vi, 255, 255, 0));
   XFillRectangle(dpy, pm, gc, 0, 0, (unsigned)w, (unsigned)h);
   XFreeGC(dpy, gc);
   XSync(dpy, False);

   GLXPixmap gp = glXCreatePixmap(dpy, fbc, pm, NULL);
   if (!gp || !glXMakeContextCurrent(dpy, gp, gp, ctx)) {
      FAIL("GLX pixmap 0x%lx not made current", gp);
   } else {
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, w / 2, h);
      clear_to(0.0f, 0.0f, 1.0f);
      glDisable(GL_SCISSOR_TEST);
      glFlush();
      XSync(dpy, False);
      check_x_region(dpy, pm, vi, 0, 0, w / 2, h, 0.0f, 0.0f, 1.0f, "pixmap: GL's half");
      check_x_region(dpy, pm, vi, w / 2, 0, w - w / 2, h, 1.0f, 1.0f, 0.0f, "pixmap: X's half");
      /* glXWaitGL shows GL's rendering too */
      clear_to(1.0f, 0.0f, 1.0f);
      glXWaitGL();
      check_x_region(dpy, pm, vi, 0, 0, w, h, 1.0f, 0.0f, 1.0f, "pixmap after glXWaitGL");
      glXMakeCurrent(dpy, None, NULL);
   }
   if (gp)
      glXDestroyPixmap(dpy, gp);
   expect_no_error(dpy, "GLX pixmap");

   /* GLX 1.2: glXCreateGLXPixmap from the visual, glXCreateContext */
   GLXContext c12 = glXCreateContext(dpy, vi, NULL, True);
   GLXPixmap gp12 = glXCreateGLXPixmap(dpy, vi, pm);
   if (!c12 || !gp12 || !glXMakeCurrent(dpy, gp12, c12)) {
      FAIL("glXCreateGLXPixmap / glXCreateContext: not made current");
   } else {
      clear_to(1.0f, 0.0f, 0.0f);
      glFinish();
      XSync(dpy, False);
      check_x_region(dpy, pm, vi, 0, 0, w, h, 1.0f, 0.0f, 0.0f, "GLX 1.2 pixmap");
      glXMakeCurrent(dpy, None, NULL);
   }
   if (gp12)
      glXDestroyGLXPixmap(dpy, gp12);
   if (c12)
      glXDestroyContext(dpy, c12);
   expect_no_error(dpy, "GLX 1.2 pixmap");

   /* a pixmap of another depth */
   Pixmap deep1 = XCreatePixmap(dpy, RootWindow(dpy, screen), 4, 4, 1);
   CHECK(!glXCreatePixmap(dpy, fbc, deep1, NULL), "a GLX pixmap over a depth-1 pixmap");
   expect_error(dpy, BadMatch, X_GLXCreatePixmap, "GLX pixmap of depth 1");
   XFreePixmap(dpy, deep1);
   XFreePixmap(dpy, pm);
   XFree(vi);
}

/* --- glXCreateContextAttribsARB ---------------------------------------------------- */

typedef GLXContext (*pfn_create_context_attribs)(Display *, GLXFBConfig, GLXContext, Bool,
                                                 const int *);

typedef Bool (*pfn_query_renderer_integer)(Display *, int, int, int, unsigned int *);

/*
 * Versions GL defines that the renderer does not reach (its highest ones
 * from GLX_MESA_query_renderer): BadMatch; the core profile where it has
 * none: GLXBadProfileARB.  With GLX_ARB_create_context_robustness and
 * _no_error offered, their contexts are made.
 */
static void
refused_versions(Display *dpy, int screen, GLXFBConfig fbc, pfn_create_context_attribs create)
{
   const char *ext = glXQueryExtensionsString(dpy, screen);
   pfn_query_renderer_integer query = (pfn_query_renderer_integer)glXGetProcAddress(
      (const GLubyte *)"glXQueryRendererIntegerMESA");
   unsigned compat[2] = { 0, 0 }, core[2] = { 0, 0 };
   if (!has_token(ext, "GLX_MESA_query_renderer") || !query ||
       !query(dpy, screen, 0, GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA, compat) ||
       !query(dpy, screen, 0, GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA, core)) {
      FAIL("GLX_MESA_query_renderer: no compatibility and core versions");
      return;
   }
   printf("renderer: compatibility %u.%u, core %u.%u\n", compat[0], compat[1], core[0], core[1]);
   CHECK(compat[0] * 10 + compat[1] >= 21, "compatibility version below 2.1");
   if (compat[0] * 10 + compat[1] < 46) {
      const int v46[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6,
                          GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB,
                          None };
      CHECK(!create(dpy, fbc, NULL, True, v46), "a GL 4.6 compatibility context");
      expect_error(dpy, BadMatch, X_GLXCreateContextAttribsARB, "GL 4.6 beyond the renderer");
   }
   if (core[0] == 0) {
      const int v32[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2,
                          GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None };
      CHECK(!create(dpy, fbc, NULL, True, v32), "a core context without a core profile");
      expect_error(dpy, glx_error_base + GLXBadProfileARB, X_GLXCreateContextAttribsARB,
                   "core 3.2 without a core profile");
   }
   if (has_token(ext, "GLX_ARB_create_context_robustness")) {
      const int robust[] = { GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB,
                             GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB,
                             GLX_LOSE_CONTEXT_ON_RESET_ARB, None };
      GLXContext c = create(dpy, fbc, NULL, True, robust);
      CHECK(c, "no robust-access context with GLX_ARB_create_context_robustness offered");
      if (c)
         glXDestroyContext(dpy, c);
      expect_no_error(dpy, "robust-access context");
   }
   if (has_token(ext, "GLX_ARB_create_context_no_error")) {
      const int no_error[] = { GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, None };
      GLXContext c = create(dpy, fbc, NULL, True, no_error);
      CHECK(c, "no no-error context with GLX_ARB_create_context_no_error offered");
      if (c)
         glXDestroyContext(dpy, c);
      expect_no_error(dpy, "no-error context");
      const int both[] = { GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, GLX_CONTEXT_FLAGS_ARB,
                           GLX_CONTEXT_DEBUG_BIT_ARB, None };
      CHECK(!create(dpy, fbc, NULL, True, both), "a no-error debug context");
      expect_error(dpy, BadMatch, X_GLXCreateContextAttribsARB, "no-error with debug");
   }
}

static void
test_context_attribs(Display *dpy, int screen, GLXFBConfig fbc)
{
   pfn_create_context_attribs create = (pfn_create_context_attribs)glXGetProcAddress(
      (const GLubyte *)"glXCreateContextAttribsARB");
   if (!create) {
      FAIL("glXGetProcAddress(glXCreateContextAttribsARB) is NULL");
      return;
   }
   const int pb_attribs[] = { GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None };
   GLXPbuffer pb = glXCreatePbuffer(dpy, fbc, pb_attribs);

   const int v21[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1, None };
   GLXContext ctx = create(dpy, fbc, NULL, True, v21);
   expect_no_error(dpy, "glXCreateContextAttribsARB(2.1)");
   if (!ctx || !glXMakeContextCurrent(dpy, pb, pb, ctx)) {
      FAIL("a GL 2.1 context from glXCreateContextAttribsARB: %p, not current", (void *)ctx);
   } else {
      const char *version = (const char *)glGetString(GL_VERSION);
      int major = 0, minor = 0;
      if (!version || sscanf(version, "%d.%d", &major, &minor) != 2 ||
          major * 10 + minor < 21)
         FAIL("GL 2.1 context: GL_VERSION \"%s\"", version ? version : "(null)");
      clear_to(0.0f, 1.0f, 0.0f);
      read_pixel(4, 4, 0.0f, 1.0f, 0.0f, "GL 2.1 context");
      glXMakeCurrent(dpy, None, NULL);
   }
   if (ctx)
      glXDestroyContext(dpy, ctx);

   const int v99[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 9, GLX_CONTEXT_MINOR_VERSION_ARB, 9, None };
   CHECK(!create(dpy, fbc, NULL, True, v99), "a GL 9.9 context");
   expect_error(dpy, BadMatch, X_GLXCreateContextAttribsARB, "GL 9.9");
   const int no_profile[] = { GLX_CONTEXT_PROFILE_MASK_ARB, 0, None };
   CHECK(!create(dpy, fbc, NULL, True, no_profile), "a context of no profile");
   expect_error(dpy, glx_error_base + GLXBadProfileARB, X_GLXCreateContextAttribsARB,
                "profile mask 0");
   const int unknown[] = { 0x7777, 1, None };
   CHECK(!create(dpy, fbc, NULL, True, unknown), "a context with attribute 0x7777");
   expect_error(dpy, BadValue, X_GLXCreateContextAttribsARB, "attribute 0x7777");
   const int bad_flags[] = { GLX_CONTEXT_FLAGS_ARB, 0x80, None };
   CHECK(!create(dpy, fbc, NULL, True, bad_flags), "a context with flag 0x80");
   expect_error(dpy, BadValue, X_GLXCreateContextAttribsARB, "flag 0x80");
   refused_versions(dpy, screen, fbc, create);
   int dummy = 0;
   CHECK(!create(dpy, fbc, (GLXContext)&dummy, True, v21), "a context sharing an invented one");
   expect_error(dpy, glx_error_base + GLXBadContext, X_GLXCreateContextAttribsARB,
                "invented share context");

   /* GLX_EXT_create_context_es2_profile, when offered */
   const char *ext = glXQueryExtensionsString(dpy, screen);
   if (has_token(ext, "GLX_EXT_create_context_es2_profile")) {
      const int es2[] = { GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                          GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None };
      GLXContext es = create(dpy, fbc, NULL, True, es2);
      if (!es || !glXMakeContextCurrent(dpy, pb, pb, es)) {
         FAIL("an ES 2.0 context: %p, not current", (void *)es);
      } else {
         const char *version = (const char *)glGetString(GL_VERSION);
         CHECK(version && !strncmp(version, "OpenGL ES 2.", 12), "ES 2.0 context: GL_VERSION \"%s\"",
               version ? version : "(null)");
         glXMakeCurrent(dpy, None, NULL);
      }
      if (es)
         glXDestroyContext(dpy, es);
      expect_no_error(dpy, "ES 2.0 context");
   }

   /* glXCreateNewContext's render types */
   CHECK(!glXCreateNewContext(dpy, fbc, GLX_COLOR_INDEX_TYPE, NULL, True),
         "a colour-index context");
   expect_error(dpy, BadMatch, X_GLXCreateNewContext, "GLX_COLOR_INDEX_TYPE");
   CHECK(!glXCreateNewContext(dpy, fbc, 0x1234, NULL, True), "a context of render type 0x1234");
   expect_error(dpy, BadValue, X_GLXCreateNewContext, "render type 0x1234");
   if (pb)
      glXDestroyPbuffer(dpy, pb);
   expect_no_error(dpy, "glXCreateContextAttribsARB");
}

/* --- glXUseXFont ---------------------------------------------------------------- */

static void
test_xfont(Display *dpy, GLXFBConfig fbc, GLXContext ctx)
{
   XFontStruct *fs = XLoadQueryFont(dpy, "fixed");
   if (!fs) {
      printf("no \"fixed\" font: glXUseXFont not tested\n");
      return;
   }
   const int attribs[] = { GLX_PBUFFER_WIDTH, 64, GLX_PBUFFER_HEIGHT, 32, None };
   GLXPbuffer pb = glXCreatePbuffer(dpy, fbc, attribs);
   if (!pb || !glXMakeContextCurrent(dpy, pb, pb, ctx)) {
      FAIL("glXUseXFont: pbuffer not current");
      goto out;
   }
   GLuint base = glGenLists(128);
   glXUseXFont(fs->fid, 0, 128, (int)base);
   CHECK(glIsList(base + 'A'), "glXUseXFont made no list for 'A'");
   int advance = fs->per_char && 'A' >= (int)fs->min_char_or_byte2
                    ? fs->per_char['A' - fs->min_char_or_byte2].width
                    : fs->max_bounds.width;
   glViewport(0, 0, 64, 32);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, 64, 0, 32, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   clear_to(0.0f, 0.0f, 0.0f);
   glColor3f(1.0f, 1.0f, 1.0f);
   glRasterPos2i(8, 8);
   glListBase(base);
   glCallLists(1, GL_UNSIGNED_BYTE, "A");
   GLfloat pos[4] = { 0, 0, 0, 0 };
   glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   CHECK((int)(pos[0] + 0.5f) == 8 + advance, "raster x %.1f after 'A', expected %d", pos[0],
         8 + advance);
   GLubyte px[64 * 32 * 4];
   glReadPixels(0, 0, 64, 32, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int lit = 0;
   for (int i = 0; i < 64 * 32; i++)
      lit += px[4 * i] > 128;
   CHECK(lit > 4 && lit < 8 * 16, "'A' lit %d pixels", lit);
   CHECK(glGetError() == GL_NO_ERROR, "GL error after glXUseXFont");
   glDeleteLists(base, 128);
   glXMakeCurrent(dpy, None, NULL);
out:
   if (pb)
      glXDestroyPbuffer(dpy, pb);
   XFreeFont(dpy, fs);
   expect_no_error(dpy, "glXUseXFont");
}

/* --- threads and connections -------------------------------------------------------- */

struct other_thread {
   Display *dpy;
   GLXDrawable d;
   GLXContext ctx;
   Bool made_current;
};

static void *
other_thread_main(void *data)
{
   struct other_thread *o = data;
   o->made_current = glXMakeContextCurrent(o->dpy, o->d, o->d, o->ctx);
   return NULL;
}

/* A context current to one thread cannot be made current to another
 * (BadAccess); the first thread keeps it.  A thread that exits with a
 * context current releases it. */
static void
test_other_thread(Display *dpy, GLXFBConfig fbc, GLXContext ctx)
{
   const int attribs[] = { GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None };
   GLXPbuffer pb = glXCreatePbuffer(dpy, fbc, attribs);
   if (!pb || !glXMakeContextCurrent(dpy, pb, pb, ctx)) {
      FAIL("other thread: pbuffer not current");
      return;
   }
   struct other_thread o = { dpy, pb, ctx, True };
   pthread_t thread;
   if (pthread_create(&thread, NULL, other_thread_main, &o) == 0) {
      pthread_join(thread, NULL);
      CHECK(!o.made_current, "a context current here was made current to another thread");
      expect_error(dpy, BadAccess, X_GLXMakeContextCurrent, "context current to another thread");
      CHECK(glXGetCurrentContext() == ctx, "the context is no longer current here");
   }
   glXMakeCurrent(dpy, None, NULL);
   expect_no_error(dpy, "other thread");

   /* a thread that exits with the context current lets it go: this one
    * makes it current and draws */
   o.made_current = False;
   if (pthread_create(&thread, NULL, other_thread_main, &o) == 0) {
      pthread_join(thread, NULL);
      CHECK(o.made_current, "another thread could not make the context current");
      CHECK(glXMakeContextCurrent(dpy, pb, pb, ctx),
            "the context of a thread that exited cannot be made current");
      expect_no_error(dpy, "the context of a thread that exited");
      clear_to(1.0f, 1.0f, 1.0f);
      read_pixel(2, 2, 1.0f, 1.0f, 1.0f, "after the other thread exited");
      glXMakeCurrent(dpy, None, NULL);
   }
   glXDestroyPbuffer(dpy, pb);
   expect_no_error(dpy, "other thread");
}

/* A connection closed with a context current on it: the binding goes with
 * it, and a new connection (maybe at the same address) starts afresh. */
static void
test_close_while_current(void)
{
   for (int round = 0; round < 2; round++) {
      Display *d2 = XOpenDisplay(NULL);
      if (!d2) {
         FAIL("a second connection cannot be opened");
         return;
      }
      int screen = DefaultScreen(d2);
      GLXFBConfig fbc = find_config(d2, screen, true, 0, 0);
      XVisualInfo *vi = fbc ? glXGetVisualFromFBConfig(d2, fbc) : NULL;
      GLXContext ctx = fbc ? glXCreateNewContext(d2, fbc, GLX_RGBA_TYPE, NULL, True) : NULL;
      if (!vi || !ctx) {
         FAIL("second connection: no config, visual or context");
      } else {
         Window win = make_window(d2, vi, 16, 16);
         CHECK(glXMakeCurrent(d2, win, ctx), "second connection: not current");
         clear_to(1.0f, 0.0f, 0.0f);
         glXSwapBuffers(d2, win);
         CHECK(glXGetCurrentContext() == ctx, "second connection: context not current");
      }
      if (vi)
         XFree(vi);
      XCloseDisplay(d2);   /* with the context current */
      CHECK(glXGetCurrentContext() == NULL, "a context is current after its display closed");
   }
}

/* After the other connections closed, this one renders on. */
static void
test_renders_on(Display *dpy, GLXFBConfig fbc)
{
   GLXContext ctx = glXCreateNewContext(dpy, fbc, GLX_RGBA_TYPE, NULL, True);
   const int attribs[] = { GLX_PBUFFER_WIDTH, 4, GLX_PBUFFER_HEIGHT, 4, None };
   GLXPbuffer pb = glXCreatePbuffer(dpy, fbc, attribs);
   if (!ctx || !pb || !glXMakeContextCurrent(dpy, pb, pb, ctx)) {
      FAIL("after another connection closed: not current");
   } else {
      clear_to(0.0f, 0.0f, 1.0f);
      read_pixel(0, 0, 0.0f, 0.0f, 1.0f, "after another connection closed");
      glXMakeCurrent(dpy, None, NULL);
   }
   if (pb)
      glXDestroyPbuffer(dpy, pb);
   if (ctx)
      glXDestroyContext(dpy, ctx);
   expect_no_error(dpy, "after another connection closed");
}

/* --- the process ------------------------------------------------------------------ */

static void
check_maps(void)
{
   static const char *const mesa[] = { "libGLX_mesa", "libGLX_indirect", "libglapi", "_dri.so",
                                       "libgallium" };
   FILE *f = fopen("/proc/self/maps", "r");
   if (!f) {
      FAIL("/proc/self/maps cannot be read");
      return;
   }
   char line[1024];
   bool pony = false;
   while (fgets(line, sizeof(line), f)) {
      pony |= strstr(line, "libGLX_pony.so.0") != NULL;
      for (unsigned i = 0; i < sizeof(mesa) / sizeof(mesa[0]); i++) {
         if (strstr(line, mesa[i])) {
            line[strcspn(line, "\n")] = '\0';
            FAIL("a Mesa library is loaded: %s", line);
            break;
         }
      }
   }
   fclose(f);
   CHECK(pony, "libGLX_pony.so.0 is not loaded");
}

int
main(void)
{
   XInitThreads();   /* test_other_thread */
   Display *dpy = XOpenDisplay(NULL);
   if (!dpy) {
      printf("cannot open X display '%s': skipping\n", getenv("DISPLAY") ? getenv("DISPLAY") : "");
      return 77;
   }
   int ev;
   if (!XQueryExtension(dpy, "GLX", &glx_opcode, &ev, &glx_error_base)) {
      printf("the X server has no GLX: skipping\n");
      XCloseDisplay(dpy);
      return 77;
   }
   XSetErrorHandler(on_x_error);
   int screen = DefaultScreen(dpy);

   test_strings(dpy, screen);
   test_configs(dpy, screen);
   GLXFBConfig dbl = find_config(dpy, screen, true, 0, 0);
   GLXFBConfig single = find_config(dpy, screen, false, 0, 0);
   if (!dbl || !single) {
      FAIL("no single-sampled RGB 888 configs (double %p, single %p)", (void *)dbl,
           (void *)single);
   } else {
      test_window(dpy, screen, dbl);
      GLXContext ctx = glXCreateNewContext(dpy, single, GLX_RGBA_TYPE, NULL, True);
      CHECK(ctx, "glXCreateNewContext (single-buffered) failed");
      if (ctx) {
         test_pbuffer(dpy, single, ctx);
         test_pixmap(dpy, screen, single, ctx);
         test_xfont(dpy, single, ctx);
         test_other_thread(dpy, single, ctx);
         glXDestroyContext(dpy, ctx);
      }
      test_context_attribs(dpy, screen, single);
      test_close_while_current();
      test_renders_on(dpy, single);
   }
   expect_no_error(dpy, "the end");
   check_maps();
   XCloseDisplay(dpy);
   if (failures) {
      printf("glx-vendor: %d failure(s)\n", failures);
      return 1;
   }
   printf("glx-vendor: pass\n");
   return 0;
}
