/*
 * Pony's GLX vendor library (libGLX_pony.so.0, loaded by libglvnd's
 * libGLX): per-Display screens, FBConfigs and visuals, contexts and
 * drawables over the GL state tracker on Pony's own dispatch
 * (docs/glx-vendor.md).
 *
 * Pony renders directly, in the client: the X server is asked only for
 * what X knows (visuals, window and pixmap geometry, the GLX extension's
 * opcode and error base) and shown the pixels (fe_x11.h).
 *
 * Every handle the application passes (GLXContext, GLXFBConfig, a
 * GLXDrawable) is looked up in the lists below before it is used: an
 * invented or stale handle is a GLX error, never a dereference.
 */
#ifndef GLX_PRIVATE_H
#define GLX_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <GL/glx.h>
#include <GL/glxext.h>

#include "state_trackers/common/fe_buffers.h"
#include "state_trackers/common/fe_config.h"
#include "state_trackers/common/fe_x11.h"
#include "state_trackers/gl/st_api.h"

#include "glx_abi.h"

/* GLX protocol numbers (GL/glxproto.h): the minor opcodes errors name, and
 * the GLX error codes, offsets from the extension's first error */
#include <X11/Xmd.h>
#include <GL/glxproto.h>

/* Attribute lists are read to their None; a list of more than this many
 * pairs is taken as one without a terminator. */
#define GLX_MAX_ATTRIBS 256

/* An X visual Pony can show pixels in: TrueColor, a colour format it renders. */
struct glx_visual {
   VisualID id;
   int depth;
   enum pipe_format format;
   int config;                     /* the config whose GLX 1.2 attributes it has
                                    * (index in glx_screen::configs), -1: none */
};

struct glx_config {
   struct fe_config fe;
   int id;                         /* GLX_FBCONFIG_ID, 1-based within the screen */
   int screen;                     /* the X screen number */
   VisualID visual_id;             /* GLX_VISUAL_ID */
   int visual_depth;
};

/* One X screen of one connection: the pipe screen Pony renders with there,
 * the visuals it can show and the configs. */
struct glx_screen {
   struct glx_display *disp;
   int number;
   bool initialized, usable;
   struct pipe_screen *pscreen;
   struct pipe_context *pipe;      /* private: shows drawables current to no
                                    * context of the calling thread (made on first use) */
   struct glx_visual *visuals;
   unsigned num_visuals;
   struct glx_config *configs;
   unsigned num_configs;
   int max_pbuffer;                /* width and height limit */
   int compat[2], core[2], es1[2], es2[2];   /* highest versions, 0.0: none */
   bool multisample;               /* some config has samples */
   char device_name[128];
   char extensions[1024];
};

/* One Display connection.  The records live in a process-wide list (the
 * one list the ABI forces: libGLX hands us a bare Display*); a record goes
 * when the application closes the display (and its last object current to
 * some thread is released). */
struct glx_display {
   struct glx_display *next;
   Display *dpy;
   bool debug;                     /* PONY_DEBUG=glx */
   bool has_glx;                   /* the server's GLX extension: its numbers below */
   int glx_opcode, glx_error_base;
   int ext_number;                 /* our private Xlib extension (close hook, error trap) */

   /* Under Xlib's display lock: the one request whose error is ours
    * (glx_display.c). */
   bool trapping;
   unsigned long trap_seq;
   int trap_error;

   pthread_mutex_t lock;           /* everything below */
   bool closed;                    /* XCloseDisplay ran: no X call any more */
   int num_screens;
   struct glx_screen *screens;     /* num_screens, each set up on first use */
   struct glx_context *contexts;
   struct glx_drawable *drawables;
};

struct glx_context {
   struct glx_context *next;
   struct glx_display *disp;
   struct glx_screen *screen;
   const struct glx_config *config;   /* NULL: GLX_EXT_no_config_context */
   bool es;                        /* an OpenGL ES context */
   bool surfaceless;               /* may be current with no drawable (GL 3.0+, ES) */
   int reset_strategy;
   struct st_context *st;
   struct glx_thread *owner;       /* the thread it is current to, or NULL */
   bool destroyed;                 /* destroyed while current: freed on release */
};

enum glx_drawable_type {
   GLX_DRAWABLE_X_WINDOW,          /* a plain X window made current */
   GLX_DRAWABLE_WINDOW,            /* glXCreateWindow */
   GLX_DRAWABLE_PIXMAP,            /* glXCreatePixmap, glXCreateGLXPixmap */
   GLX_DRAWABLE_PBUFFER,
};

struct glx_drawable {
   struct st_framebuffer_iface base;   /* first: st hands this back */
   struct glx_drawable *next;
   struct glx_display *disp;
   struct glx_screen *screen;
   const struct glx_config *config;
   enum glx_drawable_type type;
   GLXDrawable xid;                /* the application's name for it */
   Drawable x;                     /* the X window or pixmap; None: pbuffer */
   int depth;                      /* of the X window or pixmap */
   int binds;                      /* threads it is current to (draw or read) */
   bool destroyed;                 /* destroyed while current: freed on release */
   int swap_interval;
   unsigned long event_mask;
   bool preserved, largest;        /* pbuffer attributes */

   pthread_mutex_t lock;           /* the buffers, their size, the presenter */
   struct fe_buffers buf;
   bool size_stale;                /* ask the server before the next frame */
   bool contents_loaded;           /* a pixmap's pixels read into GL's buffer */
   struct fe_x11_presenter *presenter;
};

/* the calling thread's binding (thread-local: what GLX makes per thread) */
struct glx_thread {
   struct glx_context *ctx;
   struct glx_drawable *draw, *read;
};
struct glx_thread *glx_thread(void);
/* The thread has a binding: released when the thread exits with it. */
void glx_thread_bound(struct glx_thread *t);

/* --- glx_main.c -------------------------------------------------------------------- */

/* libGLX's exports (set once by __glx_Main). */
const struct pony_glx_exports *glx_exports(void);

/* --- glx_display.c ----------------------------------------------------------------- */

/* PONY_DEBUG=glx; d may be NULL */
void glx_log(const struct glx_display *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The record of a connection, made on first use; NULL for a NULL display or
 * out of memory. */
struct glx_display *glx_display_get(Display *dpy);
void glx_display_lock(struct glx_display *d);
/* Unlock; a closed display whose last object went is freed here. */
void glx_display_unlock(struct glx_display *d);
/* Under the lock: screen n, set up on first use; NULL for a screen the
 * display does not have or Pony cannot render on. */
struct glx_screen *glx_display_screen(struct glx_display *d, int n);

/*
 * Raise an X error the way an Xlib client library does for a request that
 * failed in the client: the application's error handler sees it, with
 * the GLX extension's major opcode and the given minor one.  err: 0 (none),
 * a core X error code (BadMatch, ...) or GLX_ERR(a GLX error code:
 * GLXBadContext, ...), which is offset by the extension's error base.
 * Never under the display's lock (the handler may call GLX).  Nothing when
 * the server has no GLX.
 */
#define GLX_ERR(code) (0x100 | (code))
void glx_error(struct glx_display *d, int err, unsigned char minor, XID resid);

/* X requests whose errors are ours, not the application's (false: the
 * server answered with an error or the display is closed).  Any lock. */
struct glx_geometry {
   Window root;
   int width, height, depth;
};
bool glx_x_geometry(struct glx_display *d, Drawable x, struct glx_geometry *g);
bool glx_x_window_visual(struct glx_display *d, Window w, VisualID *visual);
/* A new XID from the client's range, for GLX drawables. */
XID glx_x_alloc_id(struct glx_display *d);

/* --- glx_screen.c ------------------------------------------------------------------ */

bool glx_screen_init(struct glx_screen *s);
void glx_screen_fini(struct glx_screen *s);
const struct glx_visual *glx_screen_visual(const struct glx_screen *s, VisualID id);
/* the config whose GLX 1.2 attributes a visual has (NULL: not a GL visual) */
const struct glx_config *glx_screen_visual_config(const struct glx_screen *s, VisualID id);
/* the private pipe context (NULL: none could be made) */
struct pipe_context *glx_screen_pipe(struct glx_screen *s);

/* --- glx_config.c ------------------------------------------------------------------ */

/* Under the lock: the config of a handle (this display's, or the same
 * config of another connection's screen of that number). */
const struct glx_config *glx_config_lookup(struct glx_display *d, GLXFBConfig handle);
struct glx_screen *glx_config_screen(struct glx_display *d, const struct glx_config *c);
/* Success, or GLX_BAD_ATTRIBUTE */
int glx_config_attrib(const struct glx_screen *s, const struct glx_config *c, int attrib,
                      int *value);

/* --- glx_context.c ----------------------------------------------------------------- */

struct glx_context *glx_context_lookup(const struct glx_display *d, GLXContext handle);
void glx_context_free(struct glx_context *c);
/* unlink and free a destroyed context once it is no longer current */
void glx_context_release(struct glx_display *d, struct glx_context *c);
/* XCloseDisplay: drop the calling thread's binding on d (under d's lock) */
void glx_context_display_closing(struct glx_display *d);
/* a thread exits: its binding goes (no flush: nothing is shown any more) */
void glx_context_thread_exit(struct glx_thread *t);

/* --- glx_drawable.c ---------------------------------------------------------------- */

/* A live drawable by its XID (any type). */
struct glx_drawable *glx_drawable_lookup(const struct glx_display *d, GLXDrawable xid);
/* The drawable a context renders to for an XID: a GLX drawable, or a plain
 * X window (its record made here).  0 or the error (glx_error's encoding). */
int glx_drawable_for_context(struct glx_display *d, GLXDrawable xid,
                             const struct glx_context *c, struct glx_drawable **out);
void glx_drawable_free(struct glx_drawable *dr);
/* unlink and free a drawable once nothing binds it (destroyed, or a plain
 * window no longer current) */
void glx_drawable_release(struct glx_display *d, struct glx_drawable *dr);
/* XCloseDisplay: the presenters go while the connection is still there */
void glx_drawable_display_closing(struct glx_drawable *dr);

/* --- glx_dispatch.c: libGLX's dispatch of the extension functions ------------------- */

void *glx_dispatch_proc(const char *name);
void *glx_dispatch_stub(const char *name);
void glx_dispatch_set_index(const char *name, int index);

/* --- the GLX functions, by file; glx_main.c hands them to libGLX by name ----------- */

/* glx_screen.c */
const char *api_glXQueryExtensionsString(Display *dpy, int screen);
const char *api_glXQueryServerString(Display *dpy, int screen, int name);
const char *api_glXGetClientString(Display *dpy, int name);
Bool api_glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer, int attribute,
                                     unsigned int *value);
const char *api_glXQueryRendererStringMESA(Display *dpy, int screen, int renderer,
                                           int attribute);
Bool api_glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value);
const char *api_glXQueryCurrentRendererStringMESA(int attribute);

/* glx_config.c */
GLXFBConfig *api_glXGetFBConfigs(Display *dpy, int screen, int *nelements);
GLXFBConfig *api_glXChooseFBConfig(Display *dpy, int screen, const int *attribs,
                                   int *nelements);
int api_glXGetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute, int *value);
XVisualInfo *api_glXGetVisualFromFBConfig(Display *dpy, GLXFBConfig config);
XVisualInfo *api_glXChooseVisual(Display *dpy, int screen, int *attribs);
int api_glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value);

/* glx_context.c */
GLXContext api_glXCreateContext(Display *dpy, XVisualInfo *vis, GLXContext share, Bool direct);
GLXContext api_glXCreateNewContext(Display *dpy, GLXFBConfig config, int render_type,
                                   GLXContext share, Bool direct);
GLXContext api_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share,
                                          Bool direct, const int *attribs);
void api_glXDestroyContext(Display *dpy, GLXContext ctx);
Bool api_glXIsDirect(Display *dpy, GLXContext ctx);
int api_glXQueryContext(Display *dpy, GLXContext ctx, int attribute, int *value);
void api_glXCopyContext(Display *dpy, GLXContext src, GLXContext dst, unsigned long mask);
Bool api_glXMakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx);
Bool api_glXMakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx);
void api_glXWaitGL(void);
void api_glXWaitX(void);
int api_glXSwapIntervalMESA(unsigned int interval);
int api_glXGetSwapIntervalMESA(void);
int api_glXSwapIntervalSGI(int interval);

/* glx_drawable.c */
GLXWindow api_glXCreateWindow(Display *dpy, GLXFBConfig config, Window win, const int *attribs);
void api_glXDestroyWindow(Display *dpy, GLXWindow win);
GLXPixmap api_glXCreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap,
                              const int *attribs);
void api_glXDestroyPixmap(Display *dpy, GLXPixmap pixmap);
GLXPixmap api_glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap);
void api_glXDestroyGLXPixmap(Display *dpy, GLXPixmap pixmap);
GLXPbuffer api_glXCreatePbuffer(Display *dpy, GLXFBConfig config, const int *attribs);
void api_glXDestroyPbuffer(Display *dpy, GLXPbuffer pbuffer);
void api_glXQueryDrawable(Display *dpy, GLXDrawable draw, int attribute, unsigned int *value);
void api_glXSelectEvent(Display *dpy, GLXDrawable draw, unsigned long mask);
void api_glXGetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *mask);
void api_glXSwapBuffers(Display *dpy, GLXDrawable drawable);
void api_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval);

/* glx_xfont.c */
void api_glXUseXFont(Font font, int first, int count, int list_base);

#endif
