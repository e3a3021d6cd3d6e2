/*
 * Displays, the thread's EGL state and errors, and the display-wide EGL
 * calls (eglInitialize, eglTerminate, eglQueryString, eglGetError,
 * eglReleaseThread, eglWait*).
 *
 * Displays live as long as the process: eglGetPlatformDisplay must give
 * the same handle for the same arguments, so the list of displays is the
 * one process-wide object EGL's ABI forces (with libEGL's exports, kept
 * beside it).  Everything else hangs off a display.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <errno.h>
#include <unistd.h>

#include "frontend/drisw_api.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe/p_screen.h"
#include "util/u_debug.h"

#include "egl_private.h"

#ifdef PONY_HAVE_KMS_WINSYS
#include "kms_sw_winsys.h"
#endif

static struct {
   pthread_mutex_t lock;                 /* the list */
   struct egl_display *displays;
} egl_displays = { PTHREAD_MUTEX_INITIALIZER, NULL };

static _Thread_local struct egl_thread egl_thread_state = { .error = EGL_SUCCESS };

struct egl_thread *
egl_thread(void)
{
   return &egl_thread_state;
}

EGLBoolean
egl_error(EGLint error)
{
   egl_thread_state.error = error;
   if (error == EGL_SUCCESS)
      return EGL_TRUE;
   egl_debug_report(error);
   return EGL_FALSE;
}

void
egl_log(const struct egl_display *d, const char *fmt, ...)
{
   if (d ? !d->debug : !(pony_debug_get() & PONY_DEBUG_EGL))
      return;
   char buf[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   pony_log("egl", "%s", buf);
}

EGLint
api_eglGetError(void)
{
   egl_entry("eglGetError");
   EGLint e = egl_thread_state.error;
   egl_thread_state.error = EGL_SUCCESS;
   return e;
}

/* --- finding displays ---------------------------------------------------------- */

struct egl_display *
egl_display_lock(EGLDisplay handle, bool need_init)
{
   struct egl_display *d;

   pthread_mutex_lock(&egl_displays.lock);
   for (d = egl_displays.displays; d; d = d->next) {
      if ((EGLDisplay)d == handle)
         break;
   }
   pthread_mutex_unlock(&egl_displays.lock);
   if (!d) {
      egl_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   pthread_mutex_lock(&d->lock);
   egl_thread_state.object_label = d->label;
   if (need_init && !d->initialized) {
      pthread_mutex_unlock(&d->lock);
      egl_error(EGL_NOT_INITIALIZED);
      return NULL;
   }
   egl_thread_state.locks++;
   return d;
}

void
egl_display_relock(struct egl_display *d)
{
   pthread_mutex_lock(&d->lock);
   egl_thread_state.locks++;
}

void
egl_display_unlock(struct egl_display *d)
{
   pthread_mutex_unlock(&d->lock);
   egl_thread_state.locks--;
   egl_debug_flush();
}

EGLDisplay
egl_display_get(EGLenum platform, void *native)
{
   struct egl_display *d;

   pthread_mutex_lock(&egl_displays.lock);
   for (d = egl_displays.displays; d; d = d->next) {
      if (d->platform == platform && d->native == native)
         break;
   }
   if (!d) {
      d = calloc(1, sizeof(*d));
      if (d) {
         d->platform = platform;
         d->native = native;
         d->device = platform == EGL_PLATFORM_DEVICE_EXT ? native : egl_device_software();
         d->debug = (pony_debug_get() & PONY_DEBUG_EGL) != 0;
         pthread_mutex_init(&d->lock, NULL);
         d->next = egl_displays.displays;
         egl_displays.displays = d;
         egl_log(d, "display %p: platform 0x%x", (void *)d, platform);
      }
   }
   pthread_mutex_unlock(&egl_displays.lock);
   if (!d) {
      egl_error(EGL_BAD_ALLOC);
      return EGL_NO_DISPLAY;
   }
   egl_success();
   return (EGLDisplay)d;
}

static bool
env_set(const char *name)
{
   const char *v = getenv(name);
   return v && *v;
}

/*
 * libEGL asks every vendor in turn until one answers.  Pony answers the
 * surfaceless, device and X11 platforms, and the default display (platform
 * EGL_NONE): the platform EGL_PLATFORM names (libglvnd does not read
 * "surfaceless"), else X11 when DISPLAY is set, else surfaceless when no
 * window system is named; a Wayland default display is left to a vendor
 * that has one.
 */
EGLDisplay
egl_get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs)
{
   egl_entry("eglGetPlatformDisplay");
   if (platform == EGL_NONE) {
      const char *env = getenv("EGL_PLATFORM");
      EGLenum chosen = EGL_NONE;
      if (env && *env)
         chosen = !strcmp(env, "surfaceless") ? EGL_PLATFORM_SURFACELESS_MESA
                  : !strcmp(env, "x11")       ? EGL_PLATFORM_X11_KHR
                                              : EGL_NONE;
      else if (env_set("DISPLAY"))
         chosen = EGL_PLATFORM_X11_KHR;
      else if (!env_set("WAYLAND_DISPLAY"))
         chosen = EGL_PLATFORM_SURFACELESS_MESA;
#ifndef PONY_HAVE_X11
      if (chosen == EGL_PLATFORM_X11_KHR)
         chosen = EGL_NONE;
#endif
      if (chosen == EGL_NONE || native != EGL_DEFAULT_DISPLAY) {
         egl_log(NULL, "the default display is left to another vendor (EGL_PLATFORM=%s)",
                 env ? env : "");
         egl_error(EGL_BAD_PARAMETER);
         return EGL_NO_DISPLAY;
      }
      return egl_display_get(chosen, NULL);
   }

#ifdef PONY_HAVE_X11
   if (platform == EGL_PLATFORM_X11_KHR)
      return egl_x11_get_display(native, attribs);
#endif
#ifdef PONY_HAVE_GBM
   if (platform == EGL_PLATFORM_GBM_KHR)
      return egl_gbm_get_display(native, attribs);
#endif

   if (platform == EGL_PLATFORM_SURFACELESS_MESA) {
      /* EGL_MESA_platform_surfaceless: the default display and no attributes */
      if (native != EGL_DEFAULT_DISPLAY) {
         egl_error(EGL_BAD_PARAMETER);
         return EGL_NO_DISPLAY;
      }
      if (attribs && attribs[0] != EGL_NONE) {
         egl_error(EGL_BAD_ATTRIBUTE);
         return EGL_NO_DISPLAY;
      }
      return egl_display_get(platform, NULL);
   }

   if (platform == EGL_PLATFORM_DEVICE_EXT) {
      /* EGL_EXT_platform_device: one of Pony's devices; another vendor's
       * device is left to it */
      const struct egl_device *dev = egl_device_lookup(native);
      if (!dev) {
         egl_error(EGL_BAD_PARAMETER);
         return EGL_NO_DISPLAY;
      }
      for (unsigned n = 0; attribs && attribs[2 * n] != EGL_NONE; n++) {
         /* a DRM master fd is accepted and not needed (Pony renders on the
          * render node) */
         if (n >= EGL_MAX_ATTRIBS || attribs[2 * n] != EGL_DRM_MASTER_FD_EXT) {
            egl_error(EGL_BAD_ATTRIBUTE);
            return EGL_NO_DISPLAY;
         }
      }
      return egl_display_get(platform, (void *)dev);
   }

   egl_error(EGL_BAD_PARAMETER);
   return EGL_NO_DISPLAY;
}

/* --- eglInitialize / eglTerminate ----------------------------------------------- */

static void
egl_display_append_ext(struct egl_display *d, const char *name)
{
   size_t len = strlen(d->extensions);
   snprintf(d->extensions + len, sizeof(d->extensions) - len, "%s%s", len ? " " : "", name);
}

static bool
egl_display_open(struct egl_display *d)
{
   struct sw_winsys *ws = NULL;
#ifdef PONY_HAVE_X11
   if (d->platform == EGL_PLATFORM_X11_KHR && !egl_x11_open(d))
      return false;
#endif
#ifdef PONY_HAVE_KMS_WINSYS
   int fd = egl_device_open(d->device);
   if (fd >= 0) {
      int ret = kms_sw_winsys_create(fd, NULL, &ws);   /* keeps a dup of fd */
      close(fd);
      d->drm = ws != NULL;
      egl_log(d, "device %s: kms winsys %s", d->device->render, ret ? strerror(-ret) : "made");
   } else if (!d->device->software) {
      egl_log(d, "device %s cannot be opened: %s", d->device->render, strerror(errno));
   }
#endif
#ifdef PONY_HAVE_GBM
   if (d->platform == EGL_PLATFORM_GBM_KHR) {
      d->screen = egl_gbm_screen(d);   /* the device's: buffer objects render directly */
      d->drm = true;
   } else
#endif
   {
      if (!ws)
         ws = null_sw_winsys_create();
      d->screen = ws ? pipe_loader_create_sw_screen(ws, NULL) : NULL;   /* takes ws */
   }
   if (!d->screen) {
      egl_log(d, "no pipe driver (see PONY_DEBUG=loader)");
#ifdef PONY_HAVE_X11
      egl_x11_close(d);
#endif
      return false;
   }

   int major, minor;
   d->apis = 0;
   if (st_profile_max_version(d->screen, ST_PROFILE_COMPAT, &major, &minor))
      d->apis |= EGL_OPENGL_BIT;
   if (st_profile_max_version(d->screen, ST_PROFILE_GLES1, &major, &minor))
      d->apis |= EGL_OPENGL_ES_BIT;
   if (st_profile_max_version(d->screen, ST_PROFILE_GLES2, &major, &minor)) {
      d->apis |= EGL_OPENGL_ES2_BIT;
      if (major >= 3)
         d->apis |= EGL_OPENGL_ES3_BIT_KHR;
   }

   if (!egl_config_build(d)) {
      egl_log(d, "no config: the driver renders none of the colour formats");
      if (d->platform != EGL_PLATFORM_GBM_KHR)
         d->screen->destroy(d->screen);
      d->screen = NULL;
#ifdef PONY_HAVE_X11
      egl_x11_close(d);
#endif
      return false;
   }
#ifdef PONY_HAVE_X11
   if (d->xdpy)
      egl_x11_configs(d);
#endif
#ifdef PONY_HAVE_GBM
   if (d->platform == EGL_PLATFORM_GBM_KHR)
      egl_gbm_configs(d);
#endif

   d->extensions[0] = '\0';
   egl_display_append_ext(d, "EGL_KHR_config_attribs");
   egl_display_append_ext(d, "EGL_KHR_create_context");
   egl_display_append_ext(d, "EGL_KHR_create_context_no_error");
   egl_display_append_ext(d, "EGL_KHR_fence_sync");
   egl_display_append_ext(d, "EGL_KHR_get_all_proc_addresses");
   egl_display_append_ext(d, "EGL_KHR_no_config_context");
   egl_display_append_ext(d, "EGL_KHR_reusable_sync");
   egl_display_append_ext(d, "EGL_KHR_surfaceless_context");
   egl_display_append_ext(d, "EGL_KHR_wait_sync");
   egl_display_append_ext(d, "EGL_EXT_create_context_robustness");
   egl_display_append_ext(d, "EGL_MESA_configless_context");
   egl_display_append_ext(d, "EGL_MESA_query_driver");
   /* images of GL objects on every display (egl_image.c) */
   egl_display_append_ext(d, "EGL_KHR_image_base");
   egl_display_append_ext(d, "EGL_KHR_gl_texture_2D_image");
   egl_display_append_ext(d, "EGL_KHR_gl_texture_cubemap_image");
   egl_display_append_ext(d, "EGL_KHR_gl_renderbuffer_image");
   if (d->drm) {
      /* dma-bufs need the DRM device's kernel buffers */
      egl_display_append_ext(d, "EGL_EXT_image_dma_buf_import");
      egl_display_append_ext(d, "EGL_EXT_image_dma_buf_import_modifiers");
      egl_display_append_ext(d, "EGL_MESA_image_dma_buf_export");
   }
   d->image_lookup.lookup = egl_image_lookup;
   d->image_lookup.priv = d;
   egl_log(d, "display %p initialized: %s %s, %u configs", (void *)d,
           d->screen->get_vendor ? d->screen->get_vendor(d->screen) : "",
           d->screen->get_name ? d->screen->get_name(d->screen) : "", d->num_configs);
   return true;
}

EGLBoolean
api_eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   egl_entry("eglInitialize");
   struct egl_display *d = egl_display_lock(dpy, false);
   if (!d)
      return EGL_FALSE;
   if (!d->initialized) {
      /* a terminated display whose objects are still current keeps its
       * screen until they are released: reuse it */
      if (!d->screen && !egl_display_open(d)) {
         egl_display_unlock(d);
         return egl_error(EGL_NOT_INITIALIZED);
      }
      d->initialized = true;
   }
   egl_display_unlock(d);
   if (major)
      *major = 1;
   if (minor)
      *minor = 5;
   return egl_success();
}

/* Once a terminated display has nothing current left: its screen goes. */
static void
egl_display_close_if_idle(struct egl_display *d)
{
   if (d->initialized || d->contexts || d->surfaces || d->syncs || !d->screen)
      return;
   free(d->configs);
   d->configs = NULL;
   d->num_configs = 0;
   if (d->platform != EGL_PLATFORM_GBM_KHR)   /* the GBM device's stays */
      d->screen->destroy(d->screen);
   d->screen = NULL;
   d->drm = false;
#ifdef PONY_HAVE_X11
   egl_x11_close(d);
#endif
   egl_log(d, "display %p closed", (void *)d);
}

EGLBoolean
api_eglTerminate(EGLDisplay dpy)
{
   egl_entry("eglTerminate");
   struct egl_display *d = egl_display_lock(dpy, false);
   if (!d)
      return EGL_FALSE;
   if (d->initialized) {
      d->initialized = false;
      /* every handle is invalid from now on; what is current stays alive
       * until the thread releases it */
      for (struct egl_context *c = d->contexts, *next; c; c = next) {
         next = c->next;
         c->destroyed = true;
         egl_context_release(d, c);
      }
      for (struct egl_surface *s = d->surfaces, *next; s; s = next) {
         next = s->next;
         s->destroyed = true;
         egl_surface_release(d, s);
      }
      egl_sync_destroy_all(d);
      egl_image_destroy_all(d);
      egl_display_close_if_idle(d);
   }
   egl_display_unlock(d);
   return egl_success();
}

/* After a release: what was waiting for it may go now. */
void
egl_display_released(struct egl_display *d)
{
   egl_display_close_if_idle(d);
}

const char *
api_eglQueryString(EGLDisplay dpy, EGLint name)
{
   egl_entry("eglQueryString");
   if (dpy == EGL_NO_DISPLAY) {
      /* client queries */
      switch (name) {
      case EGL_EXTENSIONS:
         egl_success();
         return "EGL_EXT_platform_base EGL_EXT_platform_device EGL_MESA_platform_surfaceless "
#ifdef PONY_HAVE_X11
                "EGL_KHR_platform_x11 EGL_EXT_platform_x11 "
#endif
#ifdef PONY_HAVE_GBM
                "EGL_KHR_platform_gbm EGL_MESA_platform_gbm "
#endif
                "EGL_EXT_device_base EGL_EXT_device_enumeration EGL_EXT_device_query "
                "EGL_KHR_client_get_all_proc_addresses EGL_KHR_debug";
      case EGL_VERSION:
         egl_success();
         return "1.5 Pony";
      default:
         egl_error(EGL_BAD_DISPLAY);
         return NULL;
      }
   }
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return NULL;
   const char *s = NULL;
   switch (name) {
   case EGL_VENDOR:
      s = "Pony";
      break;
   case EGL_VERSION:
      s = "1.5 Pony";
      break;
   case EGL_EXTENSIONS:
      s = d->extensions;
      break;
   case EGL_CLIENT_APIS:
      s = (d->apis & EGL_OPENGL_BIT)
             ? ((d->apis & (EGL_OPENGL_ES_BIT | EGL_OPENGL_ES2_BIT)) ? "OpenGL OpenGL_ES" : "OpenGL")
             : "OpenGL_ES";
      break;
   default:
      break;
   }
   egl_display_unlock(d);
   if (!s) {
      egl_error(EGL_BAD_PARAMETER);
      return NULL;
   }
   egl_success();
   return s;
}

/* EGL_MESA_query_driver: Pony's name, and its (empty) driconf options */
char *
api_eglGetDisplayDriverConfig(EGLDisplay dpy)
{
   egl_entry("eglGetDisplayDriverConfig");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return NULL;
   egl_display_unlock(d);
   char *xml = strdup("<?xml version=\"1.0\" standalone=\"yes\"?>\n<driinfo>\n</driinfo>\n");
   egl_error(xml ? EGL_SUCCESS : EGL_BAD_ALLOC);
   return xml;
}

const char *
api_eglGetDisplayDriverName(EGLDisplay dpy)
{
   egl_entry("eglGetDisplayDriverName");
   struct egl_display *d = egl_display_lock(dpy, true);
   if (!d)
      return NULL;
   egl_display_unlock(d);
   egl_success();
   return "pony";
}

/* --- per-thread calls ----------------------------------------------------------- */

EGLBoolean
api_eglReleaseThread(void)
{
   egl_entry("eglReleaseThread");
   struct egl_thread *t = egl_thread();
   if (t->ctx) {
      struct egl_display *d = t->ctx->dpy;
      /* the display may be terminated: release through it anyway */
      api_eglMakeCurrent((EGLDisplay)d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   }
   t->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
api_eglWaitClient(void)
{
   egl_entry("eglWaitClient");
   struct egl_thread *t = egl_thread();
   if (t->ctx && t->ctx->st)
      st_context_flush(t->ctx->st, ST_FLUSH_WAIT, NULL);
   return egl_success();
}

EGLBoolean
api_eglWaitGL(void)
{
   egl_entry("eglWaitGL");
   return api_eglWaitClient();
}

EGLBoolean
api_eglWaitNative(EGLint engine)
{
   egl_entry("eglWaitNative");
   if (engine != EGL_CORE_NATIVE_ENGINE)
      return egl_error(EGL_BAD_PARAMETER);
   return egl_success();
}
