/*
 * Display connections: the per-Display records, their screens, and what
 * Pony asks of the X server itself (errors raised to the application,
 * requests whose errors are Pony's own, XIDs for GLX drawables).
 *
 * Process-wide state, all forced by the ABI: the list of records (libGLX
 * hands the vendor a bare Display*, so its state must be found from the
 * pointer) and the calling thread's binding (GLX's current context is per
 * thread), with the key whose destructor releases it when a thread exits
 * with a context current (libGLX forgets it then without telling the
 * vendor).  A record is made on the first GLX call for a connection and
 * goes when the application closes the connection: an Xlib close hook
 * (XESetCloseDisplay on a private extension) unlinks it, so a new
 * connection at the same address gets a new record.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlibint.h>
#include <X11/Xproto.h>

#include "util/u_debug.h"

#include "glx_private.h"

static struct {
   pthread_mutex_t lock;           /* the list */
   struct glx_display *displays;
} glx_displays = { PTHREAD_MUTEX_INITIALIZER, NULL };

static _Thread_local struct glx_thread glx_thread_state;
static pthread_key_t glx_thread_key;
static pthread_once_t glx_thread_key_once = PTHREAD_ONCE_INIT;

struct glx_thread *
glx_thread(void)
{
   return &glx_thread_state;
}

static void
thread_exit(void *data)
{
   glx_context_thread_exit(data);
}

static void
make_thread_key(void)
{
   pthread_key_create(&glx_thread_key, thread_exit);
}

void
glx_thread_bound(struct glx_thread *t)
{
   pthread_once(&glx_thread_key_once, make_thread_key);
   pthread_setspecific(glx_thread_key, t);
}

void
glx_log(const struct glx_display *d, const char *fmt, ...)
{
   if (d ? !d->debug : !(pony_debug_get() & PONY_DEBUG_GLX))
      return;
   char buf[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   pony_log("glx", "%s", buf);
}

/* --- X errors --------------------------------------------------------------------- */

void
glx_error(struct glx_display *d, int err, unsigned char minor, XID resid)
{
   if (!d || !err)
      return;
   bool glx_code = (err & GLX_ERR(0)) != 0;
   unsigned code = (unsigned)err & 0xff;
   glx_log(d, "X error %s%u (GLX request %u)", glx_code ? "GLX " : "", code, minor);
   /* as libGLX does: without the extension there is no opcode to name */
   if (!d->has_glx || d->closed)
      return;
   Display *dpy = d->dpy;
   xError e;
   memset(&e, 0, sizeof(e));
   LockDisplay(dpy);
   e.type = X_Error;
   e.errorCode = (CARD8)(glx_code ? d->glx_error_base + code : code);
   e.sequenceNumber = (CARD16)dpy->request;
   e.resourceID = (CARD32)resid;
   e.minorCode = minor;
   e.majorCode = (CARD8)d->glx_opcode;
   /* _XError unlocks the display around the application's handler */
   _XError(dpy, &e);
   UnlockDisplay(dpy);
}

/*
 * Requests whose errors are Pony's: a drawable the application names may
 * be gone or of the wrong kind, and the answer is a GLX error, not the
 * core error of the request Pony used to find out.  _XReply lets an
 * extension's error hook claim the error of the request it waits for; the
 * hook claims it when its sequence number is the one being trapped.  The
 * trap fields are used only under Xlib's display lock.
 */
static struct glx_display *
display_of_hook(Display *dpy, int number)
{
   XEDataObject obj;
   obj.display = dpy;
   XExtData *data = XFindOnExtensionList(XEHeadOfExtensionList(obj), number);
   return data ? (struct glx_display *)data->private_data : NULL;
}

static int
error_hook(Display *dpy, xError *err, XExtCodes *codes, int *ret_code)
{
   struct glx_display *d = display_of_hook(dpy, codes->extension);
   if (!d || !d->trapping || err->sequenceNumber != (CARD16)d->trap_seq)
      return 0;   /* the application's handler gets it */
   d->trap_error = err->errorCode ? err->errorCode : BadImplementation;
   *ret_code = 0;   /* _XReply fails */
   return 1;
}

/* _XReply for the request just queued, its error trapped.  Display locked. */
static bool
trapped_reply(struct glx_display *d, xReply *rep, int extra_words)
{
   Display *dpy = d->dpy;
   d->trap_seq = dpy->request;
   d->trap_error = 0;
   d->trapping = true;
   Status ok = _XReply(dpy, rep, extra_words, xTrue);
   d->trapping = false;
   return ok && !d->trap_error;
}

bool
glx_x_geometry(struct glx_display *d, Drawable x, struct glx_geometry *g)
{
   if (d->closed || x == None)
      return false;
   Display *dpy = d->dpy;
   xGetGeometryReply rep;
   xResourceReq *req;
   LockDisplay(dpy);
   GetResReq(GetGeometry, x, req);
   bool ok = req && trapped_reply(d, (xReply *)&rep, 0);
   UnlockDisplay(dpy);
   SyncHandle();
   if (!ok)
      return false;
   g->root = rep.root;
   g->width = rep.width;
   g->height = rep.height;
   g->depth = rep.depth;
   return true;
}

bool
glx_x_window_visual(struct glx_display *d, Window w, VisualID *visual)
{
   if (d->closed || w == None)
      return false;
   Display *dpy = d->dpy;
   xGetWindowAttributesReply rep;
   xResourceReq *req;
   LockDisplay(dpy);
   GetResReq(GetWindowAttributes, w, req);
   bool ok = req && trapped_reply(d, (xReply *)&rep,
                                  (SIZEOF(xGetWindowAttributesReply) - SIZEOF(xReply)) >> 2);
   UnlockDisplay(dpy);
   SyncHandle();
   if (!ok)
      return false;
   if (rep.class != InputOutput)
      return false;   /* an InputOnly window shows nothing */
   *visual = rep.visualID;
   return true;
}

XID
glx_x_alloc_id(struct glx_display *d)
{
   if (d->closed)
      return None;
   Display *dpy = d->dpy;
   LockDisplay(dpy);
   XID id = XAllocID(dpy);
   UnlockDisplay(dpy);
   return id;
}

/* --- records ------------------------------------------------------------------------- */

static void
display_free(struct glx_display *d)
{
   for (int i = 0; i < d->num_screens; i++)
      glx_screen_fini(&d->screens[i]);
   free(d->screens);
   pthread_mutex_destroy(&d->lock);
   free(d);
}

/* Xlib frees the extension data when the display goes; the record is ours */
static int
keep_private(XExtData *data)
{
   (void)data;
   return 0;
}

static int display_closing(Display *dpy, XExtCodes *codes);

/* A new record (not linked).  Under the list's lock. */
static struct glx_display *
display_create(Display *dpy)
{
   struct glx_display *d = calloc(1, sizeof(*d));
   int n = ScreenCount(dpy);
   if (!d || n <= 0 || !(d->screens = calloc((size_t)n, sizeof(*d->screens)))) {
      free(d);
      return NULL;
   }
   XExtData *data = Xcalloc(1, sizeof(*data));
   XExtCodes *codes = data ? XAddExtension(dpy) : NULL;
   if (!codes) {
      Xfree(data);
      free(d->screens);
      free(d);
      return NULL;
   }
   d->dpy = dpy;
   d->debug = (pony_debug_get() & PONY_DEBUG_GLX) != 0;
   d->num_screens = n;
   for (int i = 0; i < n; i++) {
      d->screens[i].disp = d;
      d->screens[i].number = i;
   }
   int event_base;
   d->has_glx = XQueryExtension(dpy, "GLX", &d->glx_opcode, &event_base, &d->glx_error_base);
   pthread_mutex_init(&d->lock, NULL);

   d->ext_number = codes->extension;
   data->number = codes->extension;
   data->free_private = keep_private;
   data->private_data = (XPointer)d;
   XEDataObject obj;
   obj.display = dpy;
   LockDisplay(dpy);
   XAddToExtensionList(XEHeadOfExtensionList(obj), data);
   UnlockDisplay(dpy);
   XESetCloseDisplay(dpy, codes->extension, display_closing);
   XESetError(dpy, codes->extension, error_hook);
   glx_log(d, "display %p: %d screen(s), server GLX %s", (void *)dpy, n,
           d->has_glx ? "present" : "absent");
   return d;
}

struct glx_display *
glx_display_get(Display *dpy)
{
   if (!dpy)
      return NULL;
   struct glx_display *d;
   pthread_mutex_lock(&glx_displays.lock);
   for (d = glx_displays.displays; d; d = d->next) {
      if (d->dpy == dpy)
         break;
   }
   if (!d && (d = display_create(dpy))) {
      d->next = glx_displays.displays;
      glx_displays.displays = d;
   }
   pthread_mutex_unlock(&glx_displays.lock);
   return d;
}

void
glx_display_lock(struct glx_display *d)
{
   pthread_mutex_lock(&d->lock);
}

void
glx_display_unlock(struct glx_display *d)
{
   /* a closed display is no longer in the list: once its last object is
    * gone, nothing can reach it any more */
   bool dead = d->closed && !d->contexts && !d->drawables;
   pthread_mutex_unlock(&d->lock);
   if (dead)
      display_free(d);
}

struct glx_screen *
glx_display_screen(struct glx_display *d, int n)
{
   if (n < 0 || n >= d->num_screens || d->closed)
      return NULL;
   struct glx_screen *s = &d->screens[n];
   if (!s->initialized) {
      s->initialized = true;
      s->usable = glx_screen_init(s);
   }
   return s->usable ? s : NULL;
}

/*
 * XCloseDisplay (before the connection goes): the record leaves the list;
 * the calling thread's binding on it is dropped (libGLX forgets it without
 * calling the vendor), the presenters go while X can still be talked to,
 * and what is current to other threads stays until they release it.
 */
static int
display_closing(Display *dpy, XExtCodes *codes)
{
   (void)codes;
   struct glx_display *d, **p;
   pthread_mutex_lock(&glx_displays.lock);
   for (p = &glx_displays.displays; (d = *p); p = &d->next) {
      if (d->dpy == dpy) {
         *p = d->next;
         break;
      }
   }
   pthread_mutex_unlock(&glx_displays.lock);
   if (!d)
      return 0;

   glx_log(d, "display %p closing", (void *)dpy);
   glx_display_lock(d);
   glx_context_display_closing(d);
   for (struct glx_context *c = d->contexts, *next; c; c = next) {
      next = c->next;
      c->destroyed = true;
      glx_context_release(d, c);
   }
   for (struct glx_drawable *dr = d->drawables, *next; dr; dr = next) {
      next = dr->next;
      glx_drawable_display_closing(dr);
      dr->destroyed = true;
      glx_drawable_release(d, dr);
   }
   d->closed = true;
   glx_display_unlock(d);
   return 0;
}
