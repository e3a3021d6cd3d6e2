/*
 * The X11 platform (EGL_KHR_platform_x11, EGL_EXT_platform_x11): displays on
 * an Xlib connection (the application's, or one Pony opens for the default
 * display), configs tied to the screen's TrueColor visuals, and window and
 * pixmap surfaces whose buffers are Pony's and are shown with fe_x11 (MIT-SHM,
 * or XPutImage where shared memory cannot be attached).
 *
 * Windows are double-buffered: GL draws to the back buffer and
 * eglSwapBuffers puts it into the window, then asks the server for the size
 * again (a resized window gets new buffers before the next frame).  Pixmaps
 * are single-buffered: what GL draws reaches the pixmap at each flush.
 */
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include "state_trackers/common/fe_x11.h"

#include "egl_private.h"

EGLDisplay
egl_x11_get_display(void *native, const EGLAttrib *attribs)
{
   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      /* EGL_PLATFORM_X11_SCREEN_KHR picks the screen; nothing else is known */
      if (n >= EGL_MAX_ATTRIBS || attribs[2 * n] != EGL_PLATFORM_X11_SCREEN_KHR) {
         egl_error(EGL_BAD_ATTRIBUTE);
         return EGL_NO_DISPLAY;
      }
   }
   return egl_display_get(EGL_PLATFORM_X11_KHR, native);
}

bool
egl_x11_open(struct egl_display *d)
{
   if (d->xdpy)
      return true;
   if (d->native) {
      d->xdpy = d->native;
      d->own_xdpy = false;
   } else {
      d->xdpy = XOpenDisplay(NULL);
      d->own_xdpy = true;
      if (!d->xdpy) {
         egl_log(d, "the default X display cannot be opened");
         return false;
      }
   }
   d->xscreen = DefaultScreen(d->xdpy);
   return true;
}

void
egl_x11_close(struct egl_display *d)
{
   if (d->xdpy && d->own_xdpy)
      XCloseDisplay(d->xdpy);
   d->xdpy = NULL;
}

/* A visual of the screen for configs of this colour format (the first the
 * server lists), or none. */
static const XVisualInfo *
visual_for(const XVisualInfo *vis, int n, enum pipe_format format)
{
   for (int i = 0; i < n; i++) {
      if (fe_x11_visual_format(vis[i].visual, vis[i].depth) == format)
         return &vis[i];
   }
   return NULL;
}

void
egl_x11_configs(struct egl_display *d)
{
   XVisualInfo templ;
   memset(&templ, 0, sizeof(templ));
   templ.screen = d->xscreen;
   templ.class = TrueColor;
   int n = 0;
   XVisualInfo *vis = XGetVisualInfo(d->xdpy, VisualScreenMask | VisualClassMask, &templ, &n);
   for (unsigned i = 0; i < d->num_configs; i++) {
      struct egl_config *c = &d->configs[i];
      const XVisualInfo *v = vis ? visual_for(vis, n, c->fe.color_format) : NULL;
      if (!v)
         continue;
      /* windows render to a back buffer: the context of such a config is
       * double-buffered (pbuffers of it stay single-buffered) */
      c->fe.double_buffered = true;
      c->surface_type |= EGL_WINDOW_BIT | EGL_PIXMAP_BIT;
      c->native_visual_id = (EGLint)v->visualid;
      c->native_visual_type = TrueColor;
      c->native_depth = v->depth;
   }
   if (vis)
      XFree(vis);
}

/* --- surfaces ------------------------------------------------------------------ */

static bool
x11_validate(struct st_framebuffer_iface *iface, struct st_context *st,
             const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct egl_surface *s = iface->front_end_private;
   (void)st;
   if (s->dirty) {
      int w, h;
      s->dirty = false;
      if (fe_x11_drawable_size(s->dpy->xdpy, s->xdrawable, &w, &h))
         fe_buffers_resize(&s->buf, w, h);
   }
   return fe_buffers_validate(&s->buf, atts, count, out);
}

/* Show a buffer of the surface in its drawable (or another). */
static bool
present(struct egl_surface *s, struct st_context *st, enum st_attachment att, Drawable target)
{
   struct pipe_context *pipe = st ? st_context_pipe(st) : NULL;
   struct pipe_resource *res = s->buf.textures[att];
   if (!pipe || !res)
      return true;   /* nothing drawn yet */
   fe_buffers_resolve(&s->buf, pipe);
   if (target != s->xdrawable) {
      struct fe_x11_presenter *p = fe_x11_presenter_create(s->dpy->xdpy, target,
                                                            s->config->native_depth);
      bool ok = p && fe_x11_present(p, pipe, res, s->buf.width, s->buf.height);
      fe_x11_presenter_destroy(p);
      return ok;
   }
   if (!s->presenter)
      s->presenter = fe_x11_presenter_create(s->dpy->xdpy, s->xdrawable, s->config->native_depth);
   return s->presenter && fe_x11_present(s->presenter, pipe, res, s->buf.width, s->buf.height);
}

static bool
x11_flush_front(struct st_framebuffer_iface *iface, struct st_context *st, enum st_attachment att)
{
   struct egl_surface *s = iface->front_end_private;
   if (att != ST_ATTACHMENT_FRONT_LEFT)
      return true;
   return present(s, st, att, s->xdrawable);
}

EGLint
egl_x11_create_surface(struct egl_display *d, const struct egl_config *cfg, EGLint type,
                       uintptr_t native, const EGLint *attribs, struct egl_surface **out)
{
   *out = NULL;
   EGLint render_buffer = type == EGL_WINDOW_BIT ? EGL_BACK_BUFFER : EGL_SINGLE_BUFFER;
   for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
      EGLint a = attribs[2 * n], v = attribs[2 * n + 1];
      if (n >= EGL_MAX_ATTRIBS)
         return EGL_BAD_ATTRIBUTE;
      switch (a) {
      case EGL_RENDER_BUFFER:
         if (v != EGL_BACK_BUFFER && v != EGL_SINGLE_BUFFER)
            return EGL_BAD_ATTRIBUTE;
         if (type == EGL_WINDOW_BIT)   /* pixmaps are single-buffered whatever is asked */
            render_buffer = v;
         break;
      case EGL_GL_COLORSPACE:
         if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_ATTRIBUTE;
         if (v == EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_MATCH;
         break;
      case EGL_VG_COLORSPACE:
         if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_ATTRIBUTE;
         if (v == EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_MATCH;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }

   /* the drawable must exist, and be of the config's depth (and, for a
    * window, of its visual) */
   Drawable drawable = (Drawable)native;
   int w, h, depth;
   if (!drawable || !fe_x11_drawable_geometry(d->xdpy, drawable, &w, &h, &depth))
      return type == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   if (depth != cfg->native_depth)
      return EGL_BAD_MATCH;
   if (type == EGL_WINDOW_BIT) {
      /* (the drawable exists: this query raises no X error; a pixmap
       * passed as a window fails it) */
      XWindowAttributes wa;
      if (!XGetWindowAttributes(d->xdpy, drawable, &wa))
         return EGL_BAD_NATIVE_WINDOW;
      if (!wa.visual || (EGLint)XVisualIDFromVisual(wa.visual) != cfg->native_visual_id)
         return EGL_BAD_MATCH;
   }
   /* one surface per drawable (EGL_BAD_ALLOC for a second one) */
   for (struct egl_surface *o = d->surfaces; o; o = o->next) {
      if (!o->destroyed && o->type != EGL_PBUFFER_BIT && o->xdrawable == drawable)
         return EGL_BAD_ALLOC;
   }

   struct egl_surface *s = egl_surface_new(d, cfg, type, render_buffer == EGL_BACK_BUFFER);
   if (!s)
      return EGL_BAD_ALLOC;
   s->render_buffer = render_buffer;
   s->xdrawable = drawable;
   s->dirty = true;
   fe_buffers_resize(&s->buf, w, h);
   s->base.validate = x11_validate;
   s->base.flush_front = x11_flush_front;
   *out = s;
   return EGL_SUCCESS;
}

void
egl_x11_surface_free(struct egl_surface *s)
{
   fe_x11_presenter_destroy(s->presenter);
   s->presenter = NULL;
}

bool
egl_x11_swap(struct egl_surface *s, struct st_context *st)
{
   bool ok = true;
   if (s->type == EGL_WINDOW_BIT && s->render_buffer == EGL_BACK_BUFFER)
      ok = present(s, st, ST_ATTACHMENT_BACK_LEFT, s->xdrawable);
   /* the window may have been resized: ask before the next frame */
   s->dirty = true;
   __atomic_add_fetch(&s->base.stamp, 1, __ATOMIC_SEQ_CST);
   return ok;
}

EGLint
egl_x11_copy_buffers(struct egl_surface *s, struct st_context *st, uintptr_t pixmap)
{
   int w, h, depth;
   if (!pixmap || !fe_x11_drawable_geometry(s->dpy->xdpy, (Drawable)pixmap, &w, &h, &depth))
      return EGL_BAD_NATIVE_PIXMAP;
   if (depth != s->config->native_depth)
      return EGL_BAD_MATCH;
   st_context_flush(st, 0, NULL);
   enum st_attachment att = s->render_buffer == EGL_BACK_BUFFER ? ST_ATTACHMENT_BACK_LEFT
                                                                : ST_ATTACHMENT_FRONT_LEFT;
   return present(s, st, att, (Drawable)pixmap) ? EGL_SUCCESS : EGL_BAD_NATIVE_PIXMAP;
}
