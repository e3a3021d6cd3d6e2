/*
 * EGLSurfaces: pbuffers (the surfaces of Pony's surfaceless and device
 * displays), their queries and attributes, and the surface calls that
 * need a window system (which report the errors EGL gives for a config or
 * platform without one).
 */
#include <stdlib.h>

#include "pipe/p_defines.h"
#include "util/u_inlines.h"

#include "egl_private.h"

struct egl_surface *
egl_surface_lookup(const struct egl_display *d, EGLSurface handle)
{
   for (struct egl_surface *s = d->surfaces; s; s = s->next) {
      if ((EGLSurface)s == handle && !s->destroyed)
         return s;
   }
   return NULL;
}

void
egl_surface_free(struct egl_surface *s)
{
   st_framebuffer_iface_destroyed(&s->base);
#ifdef PONY_HAVE_X11
   egl_x11_surface_free(s);
#endif
   fe_buffers_release(&s->buf);
   free(s);
}

void
egl_surface_release(struct egl_display *d, struct egl_surface *s)
{
   if (!s->destroyed || s->owner)
      return;
   for (struct egl_surface **p = &d->surfaces; *p; p = &(*p)->next) {
      if (*p == s) {
         *p = s->next;
         break;
      }
   }
   egl_surface_free(s);
}

static bool
pbuffer_flush_front(struct st_framebuffer_iface *iface, struct st_context *st,
                    enum st_attachment att)
{
   /* nothing shows a pbuffer */
   (void)iface;
   (void)st;
   (void)att;
   return true;
}

static bool
pbuffer_validate(struct st_framebuffer_iface *iface, struct st_context *st,
                 const enum st_attachment *atts, unsigned count, struct pipe_resource **out)
{
   struct egl_surface *s = iface->front_end_private;
   (void)st;
   return fe_buffers_validate(&s->buf, atts, count, out);
}

struct egl_surface *
egl_surface_new(struct egl_display *d, const struct egl_config *cfg, EGLint type, bool double_buffered)
{
   struct egl_surface *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   s->dpy = d;
   s->config = cfg;
   s->type = type;
   struct fe_config fe = cfg->fe;
   fe.double_buffered = double_buffered;
   fe_buffers_init(&s->buf, d->screen, &fe, 0);
   s->render_buffer = double_buffered ? EGL_BACK_BUFFER : EGL_SINGLE_BUFFER;
   s->swap_behavior = EGL_BUFFER_DESTROYED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->gl_colorspace = EGL_GL_COLORSPACE_LINEAR;
   s->swap_interval = 1;
   fe_config_to_visual(&fe, &s->base.visual);
   s->base.stamp = 1;
   s->base.front_end_private = s;
   s->base.validate = pbuffer_validate;
   s->base.flush_front = pbuffer_flush_front;
   return s;
}

void
egl_surface_link(struct egl_display *d, struct egl_surface *s)
{
   s->next = d->surfaces;
   d->surfaces = s;
}

EGLSurface
api_eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attribs)
{
   egl_entry("eglCreatePbufferSurface");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SURFACE;
   const struct egl_config *cfg = egl_config_lookup(d, config);
   EGLint err = cfg ? EGL_SUCCESS : EGL_BAD_CONFIG;
   EGLint width = 0, height = 0, largest = EGL_FALSE, tex_format = EGL_NO_TEXTURE;
   EGLint tex_target = EGL_NO_TEXTURE, mipmap = EGL_FALSE;
   EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;

   for (unsigned n = 0; err == EGL_SUCCESS && attribs && attribs[2 * n] != EGL_NONE; n++) {
      EGLint a = attribs[2 * n], v = attribs[2 * n + 1];
      if (n >= EGL_MAX_ATTRIBS) {
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
      switch (a) {
      case EGL_WIDTH:
      case EGL_HEIGHT:
         if (v < 0)
            err = EGL_BAD_PARAMETER;
         else if (a == EGL_WIDTH)
            width = v;
         else
            height = v;
         break;
      case EGL_LARGEST_PBUFFER:
         largest = v ? EGL_TRUE : EGL_FALSE;
         break;
      case EGL_TEXTURE_FORMAT:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_RGB && v != EGL_TEXTURE_RGBA)
            err = EGL_BAD_ATTRIBUTE;
         tex_format = v;
         break;
      case EGL_TEXTURE_TARGET:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_2D)
            err = EGL_BAD_ATTRIBUTE;
         tex_target = v;
         break;
      case EGL_MIPMAP_TEXTURE:
         mipmap = v ? EGL_TRUE : EGL_FALSE;
         break;
      case EGL_GL_COLORSPACE:
         if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB)
            err = EGL_BAD_ATTRIBUTE;
         else if (v == EGL_GL_COLORSPACE_SRGB)
            err = EGL_BAD_MATCH;   /* no config is sRGB-capable */
         colorspace = v;
         break;
      case EGL_VG_COLORSPACE:
         if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR)
            err = EGL_BAD_ATTRIBUTE;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE)
            err = EGL_BAD_ATTRIBUTE;
         else if (v == EGL_VG_ALPHA_FORMAT_PRE)
            err = EGL_BAD_MATCH;   /* no config has EGL_VG_ALPHA_FORMAT_PRE_BIT */
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
   }
   if (err == EGL_SUCCESS && !(cfg->surface_type & EGL_PBUFFER_BIT))
      err = EGL_BAD_MATCH;
   /* texture binding: both or neither, and the config must offer it (none does) */
   if (err == EGL_SUCCESS && (tex_format == EGL_NO_TEXTURE) != (tex_target == EGL_NO_TEXTURE))
      err = EGL_BAD_MATCH;
   if (err == EGL_SUCCESS && tex_format != EGL_NO_TEXTURE)
      err = EGL_BAD_ATTRIBUTE;
   if (err == EGL_SUCCESS) {
      EGLint max = (EGLint)cfg->fe.max_pbuffer_size;
      if (width > max || height > max) {
         if (largest) {
            width = width > max ? max : width;
            height = height > max ? max : height;
         } else {
            err = EGL_BAD_ALLOC;
         }
      }
   }
   struct egl_surface *s = NULL;
   /* a pbuffer is single-buffered in GL's terms (docs/egl-vendor.md) */
   if (err == EGL_SUCCESS && !(s = egl_surface_new(d, cfg, EGL_PBUFFER_BIT, false)))
      err = EGL_BAD_ALLOC;
   if (err != EGL_SUCCESS) {
      egl_log(d, "eglCreatePbufferSurface: error 0x%x", err);
      egl_display_unlock(d);
      egl_error(err);
      return EGL_NO_SURFACE;
   }
   fe_buffers_resize(&s->buf, width, height);
   s->render_buffer = EGL_BACK_BUFFER;   /* what EGL says of every pbuffer */
   s->largest_pbuffer = largest;
   s->texture_format = tex_format;
   s->texture_target = tex_target;
   s->mipmap_texture = mipmap;
   s->gl_colorspace = colorspace;
   egl_surface_link(d, s);
   egl_display_unlock(d);
   egl_success();
   return (EGLSurface)s;
}

/*
 * Window and pixmap surfaces: the display's window system makes them
 * (egl_x11.c); the surfaceless and device platforms have none, so no config
 * of theirs carries EGL_WINDOW_BIT or EGL_PIXMAP_BIT (EGL_BAD_MATCH).
 * native: the Window or Pixmap itself (not a pointer to it).
 */
static EGLSurface
native_surface(EGLDisplay dpy, EGLConfig config, EGLint bit, uintptr_t native,
               const EGLint *attribs)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SURFACE;
   const struct egl_config *cfg = egl_config_lookup(d, config);
   EGLint err = !cfg ? EGL_BAD_CONFIG : !(cfg->surface_type & bit) ? EGL_BAD_MATCH : EGL_SUCCESS;
   struct egl_surface *s = NULL;
#ifdef PONY_HAVE_X11
   if (err == EGL_SUCCESS && d->xdpy)
      err = egl_x11_create_surface(d, cfg, bit, native, attribs, &s);
#endif
#ifdef PONY_HAVE_GBM
   if (err == EGL_SUCCESS && d->platform == EGL_PLATFORM_GBM_KHR)
      err = egl_gbm_create_surface(d, cfg, native, attribs, &s);
#endif
   (void)native;
   (void)attribs;
   if (err == EGL_SUCCESS && !s)
      err = bit == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   if (err == EGL_SUCCESS)
      egl_surface_link(d, s);
   else
      egl_log(d, "a %s surface: error 0x%x", bit == EGL_WINDOW_BIT ? "window" : "pixmap", err);
   egl_display_unlock(d);
   egl_error(err);
   return err == EGL_SUCCESS ? (EGLSurface)s : EGL_NO_SURFACE;
}

/* The EGLAttrib list of the platform functions as EGLint pairs (their values
 * all fit); NULL with *err set when it is too long or has no terminator. */
static EGLint *
int_attribs(const EGLAttrib *attribs, EGLint *err)
{
   unsigned n = 0;
   while (attribs && attribs[2 * n] != EGL_NONE) {
      if (++n > EGL_MAX_ATTRIBS) {
         *err = EGL_BAD_ATTRIBUTE;
         return NULL;
      }
   }
   EGLint *list = malloc((2 * n + 1) * sizeof(*list));
   if (!list) {
      *err = EGL_BAD_ALLOC;
      return NULL;
   }
   for (unsigned i = 0; i < 2 * n; i++)
      list[i] = (EGLint)attribs[i];
   list[2 * n] = EGL_NONE;
   return list;
}

static EGLSurface
platform_surface(EGLDisplay dpy, EGLConfig config, EGLint bit, void *native,
                 const EGLAttrib *attribs)
{
   EGLint err = EGL_SUCCESS;
   EGLint *list = int_attribs(attribs, &err);
   if (!list) {
      egl_error(err);
      return EGL_NO_SURFACE;
   }
   /* EGL_KHR_platform_x11: a pointer to the Window or Pixmap; GBM: the
    * gbm_surface itself */
   uintptr_t id = 0;
   if (native) {
      struct egl_display *d = egl_display_lock(dpy, false);
      bool x11 = d && d->platform == EGL_PLATFORM_X11_KHR;
      if (d)
         egl_display_unlock(d);
      id = x11 ? (uintptr_t)*(unsigned long *)native : (uintptr_t)native;
   }
   EGLSurface s = native_surface(dpy, config, bit, id, list);
   free(list);
   return s;
}

EGLSurface
api_eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win,
                           const EGLint *attribs)
{
   egl_entry("eglCreateWindowSurface");
   return native_surface(dpy, config, EGL_WINDOW_BIT, (uintptr_t)win, attribs);
}

EGLSurface
api_eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *win,
                                   const EGLAttrib *attribs)
{
   egl_entry("eglCreatePlatformWindowSurface");
   return platform_surface(dpy, config, EGL_WINDOW_BIT, win, attribs);
}

EGLSurface
api_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap,
                           const EGLint *attribs)
{
   egl_entry("eglCreatePixmapSurface");
   return native_surface(dpy, config, EGL_PIXMAP_BIT, (uintptr_t)pixmap, attribs);
}

EGLSurface
api_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                   const EGLAttrib *attribs)
{
   egl_entry("eglCreatePlatformPixmapSurface");
   return platform_surface(dpy, config, EGL_PIXMAP_BIT, pixmap, attribs);
}

EGLSurface
api_eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer,
                                     EGLConfig config, const EGLint *attribs)
{
   egl_entry("eglCreatePbufferFromClientBuffer");
   (void)buffer;
   (void)config;
   (void)attribs;
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_NO_SURFACE;
   egl_display_unlock(d);
   /* the one buffer type EGL defines is OpenVG's; Pony has no OpenVG */
   egl_error(buftype == EGL_OPENVG_IMAGE ? EGL_BAD_ACCESS : EGL_BAD_PARAMETER);
   return EGL_NO_SURFACE;
}

EGLBoolean
api_eglDestroySurface(EGLDisplay dpy, EGLSurface surface)
{
   egl_entry("eglDestroySurface");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_surface *s = egl_surface_lookup(d, surface);
   if (!s) {
      egl_display_unlock(d);
      return egl_error(EGL_BAD_SURFACE);
   }
   /* a current surface lives until it is released */
   s->destroyed = true;
   egl_surface_release(d, s);
   egl_display_unlock(d);
   return egl_success();
}

EGLBoolean
api_eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attrib, EGLint *value)
{
   egl_entry("eglQuerySurface");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_surface *s = egl_surface_lookup(d, surface);
   EGLint err = s ? EGL_SUCCESS : EGL_BAD_SURFACE, v = 0;
   if (s) {
      switch (attrib) {
      case EGL_CONFIG_ID:
         v = s->config->id;
         break;
      case EGL_WIDTH:
         v = s->buf.width;
         break;
      case EGL_HEIGHT:
         v = s->buf.height;
         break;
      case EGL_LARGEST_PBUFFER:
         v = s->largest_pbuffer;
         break;
      case EGL_TEXTURE_FORMAT:
         v = s->texture_format;
         break;
      case EGL_TEXTURE_TARGET:
         v = s->texture_target;
         break;
      case EGL_MIPMAP_TEXTURE:
         v = s->mipmap_texture;
         break;
      case EGL_MIPMAP_LEVEL:
         v = s->mipmap_level;
         break;
      case EGL_RENDER_BUFFER:
         v = s->render_buffer;
         break;
      case EGL_SWAP_BEHAVIOR:
         v = s->swap_behavior;
         break;
      case EGL_MULTISAMPLE_RESOLVE:
         v = s->multisample_resolve;
         break;
      case EGL_HORIZONTAL_RESOLUTION:
      case EGL_VERTICAL_RESOLUTION:
      case EGL_PIXEL_ASPECT_RATIO:
         v = EGL_UNKNOWN;
         break;
      case EGL_GL_COLORSPACE:
         v = s->gl_colorspace;
         break;
      case EGL_VG_COLORSPACE:
         v = EGL_VG_COLORSPACE_sRGB;
         break;
      case EGL_VG_ALPHA_FORMAT:
         v = EGL_VG_ALPHA_FORMAT_NONPRE;
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
      if (err == EGL_SUCCESS && !value)
         err = EGL_BAD_PARAMETER;
   }
   egl_display_unlock(d);
   if (err != EGL_SUCCESS)
      return egl_error(err);
   *value = v;
   return egl_success();
}

EGLBoolean
api_eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attrib, EGLint value)
{
   egl_entry("eglSurfaceAttrib");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_surface *s = egl_surface_lookup(d, surface);
   EGLint err = s ? EGL_SUCCESS : EGL_BAD_SURFACE;
   if (s) {
      switch (attrib) {
      case EGL_MIPMAP_LEVEL:
         if (value < 0)
            err = EGL_BAD_PARAMETER;
         else
            s->mipmap_level = value;
         break;
      case EGL_SWAP_BEHAVIOR:
         if (value != EGL_BUFFER_DESTROYED && value != EGL_BUFFER_PRESERVED)
            err = EGL_BAD_PARAMETER;
         else if (value == EGL_BUFFER_PRESERVED &&
                  !(s->config->surface_type & EGL_SWAP_BEHAVIOR_PRESERVED_BIT))
            err = EGL_BAD_MATCH;
         else
            s->swap_behavior = value;
         break;
      case EGL_MULTISAMPLE_RESOLVE:
         if (value != EGL_MULTISAMPLE_RESOLVE_DEFAULT && value != EGL_MULTISAMPLE_RESOLVE_BOX)
            err = EGL_BAD_PARAMETER;
         else if (value == EGL_MULTISAMPLE_RESOLVE_BOX &&
                  !(s->config->surface_type & EGL_MULTISAMPLE_RESOLVE_BOX_BIT))
            err = EGL_BAD_MATCH;
         else
            s->multisample_resolve = value;
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
   }
   egl_display_unlock(d);
   return egl_error(err);
}

EGLBoolean
api_eglSwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
   egl_entry("eglSwapBuffers");
   struct egl_thread *t = egl_thread();
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_surface *s = egl_surface_lookup(d, surface);
   EGLint err = !s ? EGL_BAD_SURFACE : (!t->ctx || t->draw != s) ? EGL_BAD_SURFACE : EGL_SUCCESS;
   egl_display_unlock(d);
   if (err != EGL_SUCCESS)
      return egl_error(err);
   /* a pbuffer shows nothing: a swap is a flush */
   st_context_flush(t->ctx->st, ST_FLUSH_END_OF_FRAME, NULL);
#ifdef PONY_HAVE_GBM
   if (s->gbm_surface && !egl_gbm_swap(s, t->ctx->st))
      return egl_error(EGL_BAD_NATIVE_WINDOW);
#endif
#ifdef PONY_HAVE_X11
   if (s->xdrawable && !egl_x11_swap(s, t->ctx->st))
      return egl_error(EGL_BAD_NATIVE_WINDOW);
#endif
   return egl_success();
}

EGLBoolean
api_eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
   egl_entry("eglSwapInterval");
   struct egl_thread *t = egl_thread();
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   EGLint err = !t->ctx || t->ctx->dpy != d ? EGL_BAD_CONTEXT
                : !t->draw                  ? EGL_BAD_SURFACE
                                            : EGL_SUCCESS;
   if (err == EGL_SUCCESS) {
      EGLint min = 0, max = 1;
      egl_config_attrib(t->draw->config, EGL_MIN_SWAP_INTERVAL, &min);
      egl_config_attrib(t->draw->config, EGL_MAX_SWAP_INTERVAL, &max);
      t->draw->swap_interval = interval < min ? min : interval > max ? max : interval;
   }
   egl_display_unlock(d);
   return egl_error(err);
}

EGLBoolean
api_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target)
{
   egl_entry("eglCopyBuffers");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_surface *s = egl_surface_lookup(d, surface);
   EGLint err = !s ? EGL_BAD_SURFACE : EGL_BAD_NATIVE_PIXMAP;
#ifdef PONY_HAVE_X11
   struct egl_thread *t = egl_thread();
   if (s && d->xdpy && t->ctx && t->ctx->dpy == d)
      err = egl_x11_copy_buffers(s, t->ctx->st, (uintptr_t)target);
#else
   (void)target;
#endif
   egl_display_unlock(d);
   return egl_error(err);
}

static EGLBoolean
tex_image(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return EGL_FALSE;
   struct egl_surface *s = egl_surface_lookup(d, surface);
   EGLint err = !s                                    ? EGL_BAD_SURFACE
                : buffer != EGL_BACK_BUFFER            ? EGL_BAD_PARAMETER
                : s->type != EGL_PBUFFER_BIT           ? EGL_BAD_SURFACE
                : s->texture_format == EGL_NO_TEXTURE ? EGL_BAD_MATCH
                                                       : EGL_BAD_ACCESS;
   egl_display_unlock(d);
   return egl_error(err);
}

EGLBoolean
api_eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   egl_entry("eglBindTexImage");
   return tex_image(dpy, surface, buffer);
}

EGLBoolean
api_eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   egl_entry("eglReleaseTexImage");
   return tex_image(dpy, surface, buffer);
}
