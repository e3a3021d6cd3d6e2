/*
 * Pony's EGL vendor library (libEGL_pony.so.0, loaded by libglvnd's
 * libEGL): displays, configs, contexts and surfaces over the GL state
 * tracker on Pony's own dispatch (docs/egl-vendor.md).
 *
 * Handles given to the application are pointers to the objects below, and
 * every handle that comes back is looked up in the lists before it is
 * used, so a stale or invented handle is an EGL error, never a crash.
 */
#ifndef EGL_PRIVATE_H
#define EGL_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "state_trackers/common/fe_buffers.h"
#include "state_trackers/common/fe_config.h"
#include "state_trackers/gl/st_api.h"

#include "egl_abi.h"

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

struct egl_config {
   struct fe_config fe;            /* double-buffered when it renders to windows */
   EGLint id;                      /* EGL_CONFIG_ID, 1-based */
   EGLint surface_type;            /* EGL_PBUFFER_BIT ... */
   EGLint renderable;              /* EGL_OPENGL_BIT | EGL_OPENGL_ES*_BIT */
   EGLint native_visual_id;        /* X11: the visual windows of it use; else 0 */
   EGLint native_visual_type;      /* TrueColor, or EGL_NONE */
   int native_depth;               /* the visual's depth (X11) */
};

struct fe_x11_presenter;
struct gbm_surface;

/* an EGLDeviceEXT (egl_device.c) */
struct egl_device {
   bool software;                  /* EGL_MESA_device_software */
   char primary[64], render[64];   /* DRM node paths ("" when absent) */
};

struct egl_display {
   struct egl_display *next;
   EGLenum platform;               /* EGL_PLATFORM_SURFACELESS_MESA, EGL_PLATFORM_DEVICE_EXT */
   void *native;                   /* what getPlatformDisplay was given */
   const struct egl_device *device;   /* what it renders on */
   struct _XDisplay *xdpy;         /* EGL_PLATFORM_X11_KHR: the connection */
   bool own_xdpy;                  /* opened by Pony (the default display) */
   int xscreen;
   bool debug;                     /* PONY_DEBUG=egl */

   pthread_mutex_t lock;           /* everything below */
   bool initialized;
   struct pipe_screen *screen;
   struct egl_config *configs;
   unsigned num_configs;
   EGLint apis;                    /* renderable bits of the APIs the screen offers */
   bool drm;                       /* the winsys is over a DRM device: dma-bufs */
   struct st_egl_image_lookup image_lookup;   /* GL_OES_EGL_image (drm displays) */
   struct egl_context *contexts;
   struct egl_surface *surfaces;
   struct egl_sync *syncs;
   struct egl_image *images;
   char extensions[1024];
   EGLLabelKHR label;
};

struct egl_context {
   struct egl_context *next;
   struct egl_display *dpy;
   const struct egl_config *config;   /* NULL: EGL_NO_CONFIG_KHR */
   EGLenum api;                    /* EGL_OPENGL_API, EGL_OPENGL_ES_API */
   EGLint client_version;          /* the major version asked for (ES: 1, 2, 3) */
   EGLint reset_strategy;
   struct st_context *st;
   struct egl_thread *owner;       /* the thread it is current to, or NULL */
   bool destroyed;                 /* destroyed while current: freed on release */
   EGLLabelKHR label;
};

struct egl_surface {
   struct st_framebuffer_iface base;   /* first: st hands this back */
   struct egl_surface *next;
   struct egl_display *dpy;
   const struct egl_config *config;
   EGLint type;                    /* EGL_PBUFFER_BIT, EGL_WINDOW_BIT, EGL_PIXMAP_BIT */
   EGLint render_buffer;           /* EGL_BACK_BUFFER or EGL_SINGLE_BUFFER */
   unsigned long xdrawable;        /* X11: the Window or Pixmap */
   struct gbm_surface *gbm_surface;   /* GBM: the window */
   struct fe_x11_presenter *presenter;
   bool dirty;                     /* ask the server for the size before use */
   struct fe_buffers buf;
   EGLint largest_pbuffer, texture_format, texture_target, mipmap_texture, mipmap_level;
   EGLint swap_behavior, multisample_resolve, gl_colorspace, swap_interval;
   struct egl_thread *owner;       /* the thread it is current to, or NULL */
   bool destroyed;                 /* destroyed while current: freed on release */
   EGLLabelKHR label;
};

/* an EGLSync (egl_sync.c) */
struct egl_sync {
   struct egl_sync *next;
   EGLenum type;                   /* EGL_SYNC_FENCE, EGL_SYNC_REUSABLE_KHR */
   struct pipe_fence_handle *fence;
   bool signaled;
   pthread_cond_t cond;            /* with the display's lock */
   unsigned waiters;
   bool destroyed;
   EGLLabelKHR label;
};

/* the calling thread's EGL state (thread-local: what EGL makes per thread) */
struct egl_thread {
   EGLint error;
   const char *command;            /* the EGL call being served (EGL_KHR_debug) */
   EGLLabelKHR label;              /* eglLabelObjectKHR(EGL_OBJECT_THREAD_KHR) */
   EGLLabelKHR object_label;       /* of the display the call is about */
   unsigned locks;                 /* display locks held (egl_display_lock) */
   EGLint pending;                 /* a debug report waiting for the locks to go */
   struct egl_context *ctx;
   struct egl_surface *draw, *read;
};
struct egl_thread *egl_thread(void);

/* Set the thread's error; returns EGL_FALSE for "return egl_error(...)".
 * An error also goes to the EGL_KHR_debug callback (egl_debug.c). */
EGLBoolean egl_error(EGLint error);
/* Each EGL function names itself first (the command of debug reports). */
void egl_entry(const char *command);
void egl_debug_report(EGLint error);
void egl_debug_flush(void);   /* deliver a report held while a lock was */
#define egl_success() egl_error(EGL_SUCCESS)

/* libEGL's exports (set once by __egl_Main). */
const struct pony_egl_exports *egl_exports(void);
/* PONY_DEBUG=egl */
void egl_log(const struct egl_display *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * The display of a handle, locked, or NULL with EGL_BAD_DISPLAY (not one of
 * ours) or EGL_NOT_INITIALIZED (need_init and not initialized).  Unlock with
 * egl_display_unlock.
 */
struct egl_display *egl_display_lock(EGLDisplay handle, bool need_init);
/* The display of (platform, native), made on first use (EGL_BAD_ALLOC). */
EGLDisplay egl_display_get(EGLenum platform, void *native);
void egl_display_unlock(struct egl_display *d);
/* Lock a display already known (a thread's current context's, whose
 * display lives as long as the process). */
void egl_display_relock(struct egl_display *d);

/* egl_device.c */
const struct egl_device *egl_device_lookup(EGLDeviceEXT handle);
const struct egl_device *egl_device_software(void);
int egl_device_open(const struct egl_device *dev);

/* egl_dispatch.c: libEGL's dispatch of the extension functions Pony offers
 * (display and device functions need stubs of the vendor's own) */
void *egl_dispatch_proc(const char *name);
void *egl_dispatch_stub(const char *name);
void egl_dispatch_set_index(const char *name, int index);

/* egl_surface.c: a surface of a config, not yet in the display's list */
struct egl_surface *egl_surface_new(struct egl_display *d, const struct egl_config *cfg,
                                    EGLint type, bool double_buffered);
void egl_surface_link(struct egl_display *d, struct egl_surface *s);

#ifdef PONY_HAVE_X11
/* egl_x11.c: the X11 platform (EGL_KHR_platform_x11) */
EGLDisplay egl_x11_get_display(void *native, const EGLAttrib *attribs);
bool egl_x11_open(struct egl_display *d);          /* at eglInitialize */
void egl_x11_close(struct egl_display *d);         /* with the screen */
void egl_x11_configs(struct egl_display *d);       /* visuals and window/pixmap bits */
EGLint egl_x11_create_surface(struct egl_display *d, const struct egl_config *cfg, EGLint type,
                              uintptr_t native, const EGLint *attribs, struct egl_surface **out);
void egl_x11_surface_free(struct egl_surface *s);
bool egl_x11_swap(struct egl_surface *s, struct st_context *st);
EGLint egl_x11_copy_buffers(struct egl_surface *s, struct st_context *st, uintptr_t pixmap);
#endif

#ifdef PONY_HAVE_GBM
/* egl_gbm.c: the GBM platform on Pony's own GBM devices */
EGLDisplay egl_gbm_get_display(void *native, const EGLAttrib *attribs);
struct pipe_screen *egl_gbm_screen(struct egl_display *d);   /* the device's, borrowed */
void egl_gbm_configs(struct egl_display *d);
EGLint egl_gbm_create_surface(struct egl_display *d, const struct egl_config *cfg,
                              uintptr_t native, const EGLint *attribs, struct egl_surface **out);
bool egl_gbm_swap(struct egl_surface *s, struct st_context *st);
#endif

/* egl_image.c */
bool egl_image_lookup(void *display, void *egl_image, struct st_egl_image *out);
void egl_image_destroy_all(struct egl_display *d);   /* eglTerminate */

/* egl_sync.c */
struct egl_sync *egl_sync_lookup(const struct egl_display *d, EGLSync handle);
void egl_sync_destroy_all(struct egl_display *d);   /* eglTerminate */

/* egl_config.c */
bool egl_config_build(struct egl_display *d);   /* d->configs from d->screen */
const struct egl_config *egl_config_lookup(const struct egl_display *d, EGLConfig handle);
bool egl_config_attrib(const struct egl_config *c, EGLint attrib, EGLint *value);

/* egl_context.c, egl_surface.c: the lookups, under the display's lock */
struct egl_context *egl_context_lookup(const struct egl_display *d, EGLContext handle);
struct egl_surface *egl_surface_lookup(const struct egl_display *d, EGLSurface handle);
/* free what eglTerminate or eglDestroy* left while current: not current any more */
void egl_context_free(struct egl_context *c);
void egl_surface_free(struct egl_surface *s);
/* unlink and free a destroyed object once it is no longer current */
void egl_context_release(struct egl_display *d, struct egl_context *c);
void egl_surface_release(struct egl_display *d, struct egl_surface *s);

/* a terminated display whose last current object was released may close */
void egl_display_released(struct egl_display *d);

/* Attribute lists are read to their EGL_NONE, and a list of more than this
 * many pairs is taken as one without a terminator (EGL_BAD_ATTRIBUTE). */
#define EGL_MAX_ATTRIBS 256

/* The EGL functions, by file; egl_main.c hands them to libEGL by name. */
EGLDisplay egl_get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs);
EGLBoolean api_eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor);
EGLBoolean api_eglTerminate(EGLDisplay dpy);
const char *api_eglQueryString(EGLDisplay dpy, EGLint name);
EGLint api_eglGetError(void);
EGLBoolean api_eglReleaseThread(void);
EGLBoolean api_eglWaitClient(void);
EGLBoolean api_eglWaitGL(void);
EGLBoolean api_eglWaitNative(EGLint engine);
EGLBoolean api_eglSwapInterval(EGLDisplay dpy, EGLint interval);

EGLSync api_eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs);
EGLBoolean api_eglDestroySync(EGLDisplay dpy, EGLSync sync);
EGLint api_eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout);
EGLBoolean api_eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags);
EGLBoolean api_eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attrib, EGLAttrib *value);
EGLSyncKHR api_eglCreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs);
EGLBoolean api_eglDestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync);
EGLint api_eglClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout);
EGLint api_eglWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags);
EGLBoolean api_eglGetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attrib, EGLint *value);
EGLBoolean api_eglSignalSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode);

EGLImage api_eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                            const EGLAttrib *attribs);
EGLBoolean api_eglDestroyImage(EGLDisplay dpy, EGLImage image);
EGLImageKHR api_eglCreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                                  EGLClientBuffer buffer, const EGLint *attribs);
EGLBoolean api_eglDestroyImageKHR(EGLDisplay dpy, EGLImageKHR image);
EGLBoolean api_eglExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image, int *fourcc,
                                             int *planes, EGLuint64KHR *modifiers);
EGLBoolean api_eglExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds,
                                        EGLint *strides, EGLint *offsets);
EGLBoolean api_eglQueryDmaBufFormatsEXT(EGLDisplay dpy, EGLint max, EGLint *formats, EGLint *num);
EGLBoolean api_eglQueryDmaBufModifiersEXT(EGLDisplay dpy, EGLint format, EGLint max,
                                          EGLuint64KHR *modifiers, EGLBoolean *external_only,
                                          EGLint *num);

EGLint api_eglDebugMessageControlKHR(EGLDEBUGPROCKHR callback, const EGLAttrib *attribs);
EGLBoolean api_eglQueryDebugKHR(EGLint attribute, EGLAttrib *value);
EGLint api_eglLabelObjectKHR(EGLDisplay dpy, EGLenum type, EGLObjectKHR object, EGLLabelKHR label);

char *api_eglGetDisplayDriverConfig(EGLDisplay dpy);
const char *api_eglGetDisplayDriverName(EGLDisplay dpy);
EGLBoolean api_eglQueryDevicesEXT(EGLint max, EGLDeviceEXT *devices, EGLint *num);
const char *api_eglQueryDeviceStringEXT(EGLDeviceEXT device, EGLint name);
EGLBoolean api_eglQueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attrib, EGLAttrib *value);
EGLBoolean api_eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attrib, EGLAttrib *value);

EGLBoolean api_eglGetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size, EGLint *num);
EGLBoolean api_eglChooseConfig(EGLDisplay dpy, const EGLint *attribs, EGLConfig *configs,
                               EGLint size, EGLint *num);
EGLBoolean api_eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attrib, EGLint *value);

EGLContext api_eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
                                const EGLint *attribs);
EGLBoolean api_eglDestroyContext(EGLDisplay dpy, EGLContext ctx);
EGLBoolean api_eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attrib, EGLint *value);
EGLBoolean api_eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx);

EGLSurface api_eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attribs);
EGLSurface api_eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win,
                                      const EGLint *attribs);
EGLSurface api_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                                      EGLNativePixmapType pixmap, const EGLint *attribs);
EGLSurface api_eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *win,
                                              const EGLAttrib *attribs);
EGLSurface api_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                              const EGLAttrib *attribs);
EGLSurface api_eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
                                                EGLClientBuffer buffer, EGLConfig config,
                                                const EGLint *attribs);
EGLBoolean api_eglDestroySurface(EGLDisplay dpy, EGLSurface surface);
EGLBoolean api_eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attrib, EGLint *value);
EGLBoolean api_eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attrib, EGLint value);
EGLBoolean api_eglSwapBuffers(EGLDisplay dpy, EGLSurface surface);
EGLBoolean api_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target);
EGLBoolean api_eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean api_eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);

#endif
