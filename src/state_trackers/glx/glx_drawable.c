/*
 * GLX drawables: X windows used directly, GLXWindows, GLX pixmaps and
 * pbuffers.  Each is an st_framebuffer_iface over fe_buffers; Pony renders
 * into its own buffers and puts the pixels into the X window or pixmap
 * (fe_x11.h): the back buffer at glXSwapBuffers, the front buffer when GL
 * flushes front-buffer rendering (single-buffered windows, pixmaps).
 *
 * A window's size is asked of the server at the first validation and at
 * the first one after every swap or front-buffer flush: the stamp is
 * bumped then, so the state tracker validates again before it next draws
 * and a resized window gets buffers of its new size.
 *
 * A plain X window made current gets a record (type GLX_DRAWABLE_X_WINDOW,
 * the context's config) that goes when it is current to no thread any
 * more, as X gives no notice of a window's destruction.  GLX drawables'
 * XIDs come from the client's XID range (XAllocID): libGLX maps them to
 * the vendor, and they cannot clash with the application's resources.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "format/u_format.h"

#include "glx_private.h"

struct glx_drawable *
glx_drawable_lookup(const struct glx_display *d, GLXDrawable xid)
{
   for (struct glx_drawable *dr = d->drawables; dr && xid != None; dr = dr->next) {
      if (dr->xid == xid && !dr->destroyed)
         return dr;
   }
   return NULL;
}

static bool
is_window(const struct glx_drawable *dr)
{
   return dr->type == GLX_DRAWABLE_X_WINDOW || dr->type == GLX_DRAWABLE_WINDOW;
}

void
glx_drawable_free(struct glx_drawable *dr)
{
   st_framebuffer_iface_destroyed(&dr->base);
   fe_buffers_release(&dr->buf);
   if (dr->presenter && !dr->disp->closed)
      fe_x11_presenter_destroy(dr->presenter);
   pthread_mutex_destroy(&dr->lock);
   free(dr);
}

void
glx_drawable_release(struct glx_display *d, struct glx_drawable *dr)
{
   if (dr->binds > 0 || (!dr->destroyed && dr->type != GLX_DRAWABLE_X_WINDOW))
      return;
   for (struct glx_drawable **p = &d->drawables; *p; p = &(*p)->next) {
      if (*p == dr) {
         *p = dr->next;
         break;
      }
   }
   glx_drawable_free(dr);
}

void
glx_drawable_display_closing(struct glx_drawable *dr)
{
   pthread_mutex_lock(&dr->lock);
   fe_x11_presenter_destroy(dr->presenter);
   dr->presenter = NULL;
   pthread_mutex_unlock(&dr->lock);
}

/* --- showing pixels --------------------------------------------------------------- */

/* Put attachment att into the X window or pixmap; false when that is gone
 * (a window destroyed while current: nothing shows it, and no error of
 * Pony's own requests reaches the application).  Under dr->lock. */
static bool
present(struct glx_drawable *dr, struct pipe_context *pipe, enum st_attachment att)
{
   struct pipe_resource *res = dr->buf.textures[att];
   struct glx_geometry g;
   if (!res || !pipe || dr->x == None || dr->disp->closed)
      return true;
   if (!glx_x_geometry(dr->disp, dr->x, &g))
      return false;
   if (!dr->presenter)
      dr->presenter = fe_x11_presenter_create(dr->disp->dpy, dr->x, dr->depth);
   if (!fe_x11_present(dr->presenter, pipe, res, dr->buf.width, dr->buf.height))
      glx_log(dr->disp, "drawable 0x%lx: presenting %dx%d failed", dr->xid, dr->buf.width,
              dr->buf.height);
   return true;
}

/* After a frame was shown: the window may have been resized since. */
static void
window_frame_done(struct glx_drawable *dr)
{
   if (!is_window(dr))
      return;
   dr->size_stale = true;
   __atomic_add_fetch(&dr->base.stamp, 1, __ATOMIC_SEQ_CST);
}

/* A pixmap's pixels become GL's front buffer (GLX: rendering into a
 * pixmap draws over what X drew).  Multisample configs render elsewhere
 * and start cleared. */
static void
load_pixmap(struct glx_drawable *dr, struct st_context *st)
{
   struct pipe_resource *res = dr->buf.textures[ST_ATTACHMENT_FRONT_LEFT];
   struct pipe_context *pipe = st ? st_context_pipe(st) : NULL;
   int w = dr->buf.width, h = dr->buf.height;
   if (!res || !pipe || !pipe->texture_subdata || dr->buf.msaa[ST_ATTACHMENT_FRONT_LEFT] ||
       w <= 0 || h <= 0 || dr->disp->closed)
      return;
   XImage *img = XGetImage(dr->disp->dpy, dr->x, 0, 0, (unsigned)w, (unsigned)h, AllPlanes,
                           ZPixmap);
   if (!img)
      return;
   if ((unsigned)img->bits_per_pixel == util_format_get_blocksize(res->format) * 8) {
      struct pipe_box box = { 0, 0, 0, w, h, 1 };
      pipe->texture_subdata(pipe, res, 0, PIPE_MAP_WRITE, &box, img->data,
                            (unsigned)img->bytes_per_line, 0);
   }
   XDestroyImage(img);
}

static bool
drawable_validate(struct st_framebuffer_iface *iface, struct st_context *st,
                  const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct glx_drawable *dr = iface->front_end_private;
   pthread_mutex_lock(&dr->lock);
   if (dr->size_stale) {
      struct glx_geometry g;
      /* a window gone keeps its last size: GL draws on, nothing shows */
      if (glx_x_geometry(dr->disp, dr->x, &g))
         fe_buffers_resize(&dr->buf, g.width, g.height);
      dr->size_stale = false;
   }
   bool ok = fe_buffers_validate(&dr->buf, atts, count, out);
   if (ok && dr->type == GLX_DRAWABLE_PIXMAP && !dr->contents_loaded) {
      dr->contents_loaded = true;
      load_pixmap(dr, st);
   }
   pthread_mutex_unlock(&dr->lock);
   return ok;
}

/* glFlush / glFinish / glXWaitGL with front-buffer rendering. */
static bool
drawable_flush_front(struct st_framebuffer_iface *iface, struct st_context *st,
                     enum st_attachment att)
{
   struct glx_drawable *dr = iface->front_end_private;
   if (dr->type == GLX_DRAWABLE_PBUFFER)
      return true;   /* nothing shows a pbuffer */
   pthread_mutex_lock(&dr->lock);
   struct pipe_context *pipe = st ? st_context_pipe(st) : NULL;
   fe_buffers_resolve(&dr->buf, pipe);
   present(dr, pipe, att);
   window_frame_done(dr);
   pthread_mutex_unlock(&dr->lock);
   return true;
}

/* --- records ---------------------------------------------------------------------- */

/* A new drawable of the display (linked).  Under the lock. */
static struct glx_drawable *
drawable_create(struct glx_display *d, struct glx_screen *s, const struct glx_config *cfg,
                enum glx_drawable_type type, GLXDrawable xid, Drawable x, int depth)
{
   struct glx_drawable *dr = xid != None ? calloc(1, sizeof(*dr)) : NULL;
   if (!dr)
      return NULL;
   pthread_mutex_init(&dr->lock, NULL);
   dr->disp = d;
   dr->screen = s;
   dr->config = cfg;
   dr->type = type;
   dr->xid = xid;
   dr->x = x;
   dr->depth = depth;
   dr->swap_interval = 1;   /* GLX_EXT_swap_control's default */
   dr->preserved = true;
   struct fe_config fc = cfg->fe;
   /* a pixmap has no back buffer anything would show: GL renders to its front */
   if (type == GLX_DRAWABLE_PIXMAP)
      fc.double_buffered = false;
   fe_buffers_init(&dr->buf, s->pscreen, &fc, 0);
   fe_config_to_visual(&fc, &dr->base.visual);
   dr->base.stamp = 1;
   dr->base.front_end_private = dr;
   dr->base.validate = drawable_validate;
   dr->base.flush_front = drawable_flush_front;
   dr->size_stale = is_window(dr);
   dr->next = d->drawables;
   d->drawables = dr;
   glx_log(d, "drawable 0x%lx: type %d, config %d", xid, (int)type, cfg->id);
   return dr;
}

/* A config for a plain window of visual v: its own, else one of its format. */
static const struct glx_config *
config_for_visual(const struct glx_screen *s, const struct glx_visual *v)
{
   if (v->config >= 0)
      return &s->configs[v->config];
   for (unsigned i = 0; i < s->num_configs; i++) {
      if (s->configs[i].fe.color_format == v->format)
         return &s->configs[i];
   }
   return NULL;
}

int
glx_drawable_for_context(struct glx_display *d, GLXDrawable xid, const struct glx_context *c,
                         struct glx_drawable **out)
{
   struct glx_drawable *dr = glx_drawable_lookup(d, xid);
   if (dr) {
      /* GLX: the same screen, and a config the context can render to */
      if (dr->screen != c->screen ||
          (c->config && dr->config->fe.color_format != c->config->fe.color_format))
         return BadMatch;
      *out = dr;
      return Success;
   }
   VisualID id;
   if (!glx_x_window_visual(d, xid, &id))
      return GLX_ERR(GLXBadDrawable);   /* no window (a pixmap, or nothing) */
   const struct glx_visual *v = glx_screen_visual(c->screen, id);
   if (!v)
      return BadMatch;   /* another screen, or a visual Pony cannot show */
   const struct glx_config *cfg = c->config ? c->config : config_for_visual(c->screen, v);
   if (!cfg || cfg->fe.color_format != v->format)
      return BadMatch;
   dr = drawable_create(d, c->screen, cfg, GLX_DRAWABLE_X_WINDOW, xid, xid, v->depth);
   if (!dr)
      return BadAlloc;
   *out = dr;
   return Success;
}

/* Is there a live drawable of this type over X drawable x? */
static bool
x_drawable_taken(const struct glx_display *d, Drawable x, enum glx_drawable_type type)
{
   for (struct glx_drawable *dr = d->drawables; dr; dr = dr->next) {
      if (dr->x == x && dr->type == type && !dr->destroyed)
         return true;
   }
   return false;
}

static void
destroy_drawable(Display *dpy, GLXDrawable xid, enum glx_drawable_type type, int bad,
                 unsigned char minor)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   struct glx_drawable *dr = glx_drawable_lookup(d, xid);
   int err = dr && dr->type == type ? Success : bad;
   if (!err) {
      /* a current drawable lives until it is released; its XID is gone now */
      dr->destroyed = true;
      glx_drawable_release(d, dr);
   }
   glx_display_unlock(d);
   glx_error(d, err, minor, xid);
}

/* --- windows ---------------------------------------------------------------------- */

GLXWindow
api_glXCreateWindow(Display *dpy, GLXFBConfig config, Window win, const int *attribs)
{
   (void)attribs;   /* GLX 1.4 defines none */
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return None;
   glx_display_lock(d);
   const struct glx_config *cfg = glx_config_lookup(d, config);
   struct glx_screen *s = cfg ? glx_config_screen(d, cfg) : NULL;
   const struct glx_visual *v = NULL;
   struct glx_drawable *dr = NULL;
   VisualID id = 0;
   int err = Success;
   if (!cfg)
      err = GLX_ERR(GLXBadFBConfig);
   else if (!glx_x_window_visual(d, win, &id))
      err = BadWindow;
   else if (!(v = glx_screen_visual(s, id)) || v->format != cfg->fe.color_format)
      err = BadMatch;   /* the window's visual does not show the config's pixels */
   else if (x_drawable_taken(d, win, GLX_DRAWABLE_WINDOW))
      err = BadAlloc;   /* a window has one GLXWindow */
   else if (!(dr = drawable_create(d, s, cfg, GLX_DRAWABLE_WINDOW, glx_x_alloc_id(d), win,
                                   v->depth)))
      err = BadAlloc;
   GLXWindow xid = dr ? dr->xid : None;
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreateWindow, err == BadWindow ? win : 0);
   return xid;
}

void
api_glXDestroyWindow(Display *dpy, GLXWindow win)
{
   destroy_drawable(dpy, win, GLX_DRAWABLE_WINDOW, GLX_ERR(GLXBadWindow), X_GLXDestroyWindow);
}

/* --- pixmaps ---------------------------------------------------------------------- */

/* A GLX pixmap over an X pixmap of the config's depth on its screen. */
static GLXPixmap
create_pixmap(struct glx_display *d, struct glx_screen *s, const struct glx_config *cfg,
              Pixmap pixmap, int *err)
{
   struct glx_geometry g;
   VisualID id;
   if (!glx_x_geometry(d, pixmap, &g) || glx_x_window_visual(d, pixmap, &id)) {
      *err = BadPixmap;   /* nothing, or a window */
      return None;
   }
   if (g.root != RootWindow(d->dpy, s->number) || g.depth != cfg->visual_depth) {
      *err = BadMatch;
      return None;
   }
   if (x_drawable_taken(d, pixmap, GLX_DRAWABLE_PIXMAP)) {
      *err = BadAlloc;
      return None;
   }
   struct glx_drawable *dr =
      drawable_create(d, s, cfg, GLX_DRAWABLE_PIXMAP, glx_x_alloc_id(d), pixmap, g.depth);
   if (!dr) {
      *err = BadAlloc;
      return None;
   }
   fe_buffers_resize(&dr->buf, g.width, g.height);
   *err = Success;
   return dr->xid;
}

GLXPixmap
api_glXCreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap, const int *attribs)
{
   (void)attribs;   /* GLX 1.4 defines none */
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return None;
   glx_display_lock(d);
   const struct glx_config *cfg = glx_config_lookup(d, config);
   int err = GLX_ERR(GLXBadFBConfig);
   GLXPixmap xid = cfg ? create_pixmap(d, glx_config_screen(d, cfg), cfg, pixmap, &err) : None;
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreatePixmap, err == BadPixmap ? pixmap : 0);
   return xid;
}

GLXPixmap
api_glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return None;
   glx_display_lock(d);
   struct glx_screen *s = vis ? glx_display_screen(d, vis->screen) : NULL;
   const struct glx_config *cfg = s ? glx_screen_visual_config(s, vis->visualid) : NULL;
   int err = BadValue;   /* not a visual GLX renders to */
   GLXPixmap xid = cfg ? create_pixmap(d, s, cfg, pixmap, &err) : None;
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreateGLXPixmap, err == BadPixmap ? pixmap : 0);
   return xid;
}

void
api_glXDestroyPixmap(Display *dpy, GLXPixmap pixmap)
{
   destroy_drawable(dpy, pixmap, GLX_DRAWABLE_PIXMAP, GLX_ERR(GLXBadPixmap), X_GLXDestroyPixmap);
}

void
api_glXDestroyGLXPixmap(Display *dpy, GLXPixmap pixmap)
{
   destroy_drawable(dpy, pixmap, GLX_DRAWABLE_PIXMAP, GLX_ERR(GLXBadPixmap),
                    X_GLXDestroyGLXPixmap);
}

/* --- pbuffers --------------------------------------------------------------------- */

struct pbuffer_request {
   int width, height;
   bool preserved, largest;
};

static int
parse_pbuffer_attribs(struct glx_display *d, const int *attribs, struct pbuffer_request *r)
{
   r->width = r->height = 0;
   r->preserved = true;
   r->largest = false;
   for (unsigned n = 0; attribs && attribs[2 * n] != None; n++) {
      int a = attribs[2 * n], v = attribs[2 * n + 1];
      if (n >= GLX_MAX_ATTRIBS)
         return BadValue;
      switch (a) {
      case GLX_PBUFFER_WIDTH:
      case GLX_PBUFFER_HEIGHT:
         if (v < 0)
            return BadValue;
         *(a == GLX_PBUFFER_WIDTH ? &r->width : &r->height) = v;
         break;
      case GLX_PRESERVED_CONTENTS:
         r->preserved = v != False;
         break;
      case GLX_LARGEST_PBUFFER:
         r->largest = v != False;
         break;
      default:
         glx_log(d, "glXCreatePbuffer: attribute 0x%x ignored", a);
         break;
      }
   }
   return Success;
}

GLXPbuffer
api_glXCreatePbuffer(Display *dpy, GLXFBConfig config, const int *attribs)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return None;
   struct pbuffer_request r;
   int err = parse_pbuffer_attribs(d, attribs, &r);
   glx_display_lock(d);
   const struct glx_config *cfg = err ? NULL : glx_config_lookup(d, config);
   struct glx_screen *s = cfg ? glx_config_screen(d, cfg) : NULL;
   struct glx_drawable *dr = NULL;
   if (!err && !cfg)
      err = GLX_ERR(GLXBadFBConfig);
   if (!err && (r.width > s->max_pbuffer || r.height > s->max_pbuffer)) {
      if (!r.largest)
         err = BadAlloc;
      r.width = r.width > s->max_pbuffer ? s->max_pbuffer : r.width;
      r.height = r.height > s->max_pbuffer ? s->max_pbuffer : r.height;
   }
   if (!err && !(dr = drawable_create(d, s, cfg, GLX_DRAWABLE_PBUFFER, glx_x_alloc_id(d), None, 0)))
      err = BadAlloc;
   if (dr) {
      fe_buffers_resize(&dr->buf, r.width, r.height);
      dr->preserved = r.preserved;
      dr->largest = r.largest;
   }
   GLXPbuffer xid = dr ? dr->xid : None;
   glx_display_unlock(d);
   glx_error(d, err, X_GLXCreatePbuffer, 0);
   return xid;
}

void
api_glXDestroyPbuffer(Display *dpy, GLXPbuffer pbuffer)
{
   destroy_drawable(dpy, pbuffer, GLX_DRAWABLE_PBUFFER, GLX_ERR(GLXBadPbuffer),
                    X_GLXDestroyPbuffer);
}

/* --- queries and settings ---------------------------------------------------------- */

/* A window's size now (the server's answer), else the last one known. */
static void
drawable_size(struct glx_drawable *dr, int *w, int *h)
{
   struct glx_geometry g;
   if (is_window(dr) && glx_x_geometry(dr->disp, dr->x, &g)) {
      *w = g.width;
      *h = g.height;
      return;
   }
   pthread_mutex_lock(&dr->lock);
   *w = dr->buf.width;
   *h = dr->buf.height;
   pthread_mutex_unlock(&dr->lock);
}

/* false: not an attribute glXQueryDrawable answers */
static bool
query_drawable(struct glx_drawable *dr, int attribute, unsigned int *value)
{
   int w, h;
   switch (attribute) {
   case GLX_WIDTH:
   case GLX_HEIGHT:
      drawable_size(dr, &w, &h);
      *value = (unsigned)(attribute == GLX_WIDTH ? w : h);
      return true;
   case GLX_PRESERVED_CONTENTS:
      *value = dr->type == GLX_DRAWABLE_PBUFFER && dr->preserved;
      return true;
   case GLX_LARGEST_PBUFFER:
      *value = dr->type == GLX_DRAWABLE_PBUFFER && dr->largest;
      return true;
   case GLX_FBCONFIG_ID:
      *value = (unsigned)dr->config->id;
      return true;
   case GLX_SWAP_INTERVAL_EXT:
      *value = (unsigned)dr->swap_interval;
      return true;
   case GLX_MAX_SWAP_INTERVAL_EXT:
      *value = INT_MAX;   /* any interval is kept (and none waits: no vblank here) */
      return true;
   default:
      return false;
   }
}

void
api_glXQueryDrawable(Display *dpy, GLXDrawable draw, int attribute, unsigned int *value)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d || !value)
      return;
   glx_display_lock(d);
   struct glx_drawable *dr = glx_drawable_lookup(d, draw);
   bool known = dr && query_drawable(dr, attribute, value);
   glx_display_unlock(d);
   if (dr) {
      if (!known)
         glx_log(d, "glXQueryDrawable(0x%x): not an attribute of drawables", attribute);
      return;
   }
   /* a plain window current nowhere: the server knows its size */
   struct glx_geometry g;
   VisualID id;
   if (!glx_x_window_visual(d, draw, &id) || !glx_x_geometry(d, draw, &g)) {
      glx_error(d, GLX_ERR(GLXBadDrawable), X_GLXGetDrawableAttributes, draw);
      return;
   }
   if (attribute == GLX_WIDTH || attribute == GLX_HEIGHT)
      *value = (unsigned)(attribute == GLX_WIDTH ? g.width : g.height);
   else if (attribute == GLX_SWAP_INTERVAL_EXT)
      *value = 1;
}

void
api_glXSelectEvent(Display *dpy, GLXDrawable draw, unsigned long mask)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   /* kept for glXGetSelectedEvent: Pony's pbuffers are never clobbered */
   struct glx_drawable *dr = glx_drawable_lookup(d, draw);
   if (dr)
      dr->event_mask = mask;
   glx_display_unlock(d);
   if (!dr)
      glx_error(d, GLX_ERR(GLXBadDrawable), X_GLXChangeDrawableAttributes, draw);
}

void
api_glXGetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *mask)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   struct glx_drawable *dr = glx_drawable_lookup(d, draw);
   if (dr && mask)
      *mask = dr->event_mask;
   glx_display_unlock(d);
   if (!dr)
      glx_error(d, GLX_ERR(GLXBadDrawable), X_GLXGetDrawableAttributes, draw);
}

void
api_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   struct glx_drawable *dr = glx_drawable_lookup(d, drawable);
   int err = interval < 0 ? BadValue : !dr ? GLX_ERR(GLXBadDrawable) : Success;
   if (!err)
      dr->swap_interval = interval;
   glx_display_unlock(d);
   glx_error(d, err, X_GLXVendorPrivate, err == BadValue ? 0 : drawable);
}

/* --- swapping --------------------------------------------------------------------- */

/* Back to front: a copy, so GL_FRONT reads what is shown. */
static void
copy_back_to_front(struct glx_drawable *dr, struct pipe_context *pipe)
{
   struct pipe_resource *back = dr->buf.textures[ST_ATTACHMENT_BACK_LEFT];
   struct pipe_resource *front = dr->buf.textures[ST_ATTACHMENT_FRONT_LEFT];
   if (!back || !front || !pipe || !pipe->resource_copy_region ||
       back->width0 != front->width0 || back->height0 != front->height0)
      return;
   struct pipe_box box = { 0, 0, 0, (int)back->width0, (int)back->height0, 1 };
   pipe->resource_copy_region(pipe, front, 0, 0, 0, 0, back, 0, &box);
}

void
api_glXSwapBuffers(Display *dpy, GLXDrawable drawable)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return;
   glx_display_lock(d);
   struct glx_drawable *dr = glx_drawable_lookup(d, drawable);
   if (!dr) {
      glx_display_unlock(d);
      /* a plain window current nowhere has no buffers: nothing to show */
      VisualID id;
      if (!glx_x_window_visual(d, drawable, &id))
         glx_error(d, GLX_ERR(GLXBadDrawable), X_GLXSwapBuffers, drawable);
      return;
   }
   /* the implicit glFlush, when it is the calling thread's drawable */
   struct glx_thread *t = glx_thread();
   struct st_context *st = t->ctx && t->draw == dr ? t->ctx->st : NULL;
   if (st)
      st_context_flush(st, ST_FLUSH_END_OF_FRAME | ST_FLUSH_FRONT, NULL);
   bool shown = true;
   /* a pixmap or single-buffered drawable has no back buffer to show */
   if (dr->base.visual.double_buffered) {
      struct pipe_context *pipe = st ? st_context_pipe(st) : glx_screen_pipe(dr->screen);
      pthread_mutex_lock(&dr->lock);
      fe_buffers_resolve(&dr->buf, pipe);
      shown = present(dr, pipe, ST_ATTACHMENT_BACK_LEFT);
      copy_back_to_front(dr, pipe);
      window_frame_done(dr);
      pthread_mutex_unlock(&dr->lock);
   }
   glx_display_unlock(d);
   /* GLX: the current drawable is a window that is no longer there */
   if (!shown && st)
      glx_error(d, GLX_ERR(GLXBadCurrentWindow), X_GLXSwapBuffers, drawable);
}
