/*
 * libEGL's dispatch of the EGL extension functions that take a display or
 * a device (egl_abi.h).  libEGL knows the core functions, but an extension
 * function is reached through a stub the vendor supplies
 * (getDispatchAddress): one stub serves every vendor, so it finds the
 * vendor of its display or device through libEGL and calls that vendor's
 * function from libEGL's table, at the index libEGL assigned
 * (setDispatchIndex).  getProcAddress gives Pony's own functions for that
 * table.
 *
 * The indices are the one other piece of process-wide state: libEGL
 * assigns them once per process.
 */
#include <string.h>

#include "egl_private.h"

enum egl_dispatch_kind { BY_DISPLAY, BY_DEVICE };

/*
 * Every display or device extension function Pony offers:
 * X(kind, return type, name, parameters, arguments, value on failure).
 * The first parameter (h) is the display or device.
 */
#define EGL_DISPATCH_FUNCTIONS(X)                                                                  \
   X(BY_DEVICE, EGLBoolean, eglQueryDeviceAttribEXT,                                              \
     (EGLDeviceEXT h, EGLint attrib, EGLAttrib *value), (h, attrib, value), EGL_FALSE)             \
   X(BY_DEVICE, const char *, eglQueryDeviceStringEXT, (EGLDeviceEXT h, EGLint name), (h, name), \
     NULL)                                                                                         \
   X(BY_DISPLAY, EGLBoolean, eglQueryDisplayAttribEXT,                                            \
     (EGLDisplay h, EGLint attrib, EGLAttrib *value), (h, attrib, value), EGL_FALSE)               \
   X(BY_DISPLAY, char *, eglGetDisplayDriverConfig, (EGLDisplay h), (h), NULL)                    \
   X(BY_DISPLAY, const char *, eglGetDisplayDriverName, (EGLDisplay h), (h), NULL)               \
   X(BY_DISPLAY, EGLSyncKHR, eglCreateSyncKHR, (EGLDisplay h, EGLenum type, const EGLint *attribs), \
     (h, type, attribs), EGL_NO_SYNC_KHR)                                                          \
   X(BY_DISPLAY, EGLBoolean, eglDestroySyncKHR, (EGLDisplay h, EGLSyncKHR sync), (h, sync),      \
     EGL_FALSE)                                                                                    \
   X(BY_DISPLAY, EGLint, eglClientWaitSyncKHR,                                                    \
     (EGLDisplay h, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout), (h, sync, flags, timeout), \
     EGL_FALSE)                                                                                    \
   X(BY_DISPLAY, EGLBoolean, eglGetSyncAttribKHR,                                                 \
     (EGLDisplay h, EGLSyncKHR sync, EGLint attrib, EGLint *value), (h, sync, attrib, value),      \
     EGL_FALSE)                                                                                    \
   X(BY_DISPLAY, EGLBoolean, eglSignalSyncKHR, (EGLDisplay h, EGLSyncKHR sync, EGLenum mode),    \
     (h, sync, mode), EGL_FALSE)                                                                   \
   X(BY_DISPLAY, EGLint, eglWaitSyncKHR, (EGLDisplay h, EGLSyncKHR sync, EGLint flags),          \
     (h, sync, flags), EGL_FALSE)                                                                  \
   X(BY_DISPLAY, EGLImageKHR, eglCreateImageKHR,                                                  \
     (EGLDisplay h, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLint *attribs), \
     (h, ctx, target, buffer, attribs), EGL_NO_IMAGE_KHR)                                          \
   X(BY_DISPLAY, EGLBoolean, eglDestroyImageKHR, (EGLDisplay h, EGLImageKHR image), (h, image),  \
     EGL_FALSE)                                                                                    \
   X(BY_DISPLAY, EGLBoolean, eglExportDMABUFImageQueryMESA,                                       \
     (EGLDisplay h, EGLImageKHR image, int *fourcc, int *planes, EGLuint64KHR *modifiers),         \
     (h, image, fourcc, planes, modifiers), EGL_FALSE)                                             \
   X(BY_DISPLAY, EGLBoolean, eglExportDMABUFImageMESA,                                            \
     (EGLDisplay h, EGLImageKHR image, int *fds, EGLint *strides, EGLint *offsets),                \
     (h, image, fds, strides, offsets), EGL_FALSE)                                                 \
   X(BY_DISPLAY, EGLBoolean, eglQueryDmaBufFormatsEXT,                                            \
     (EGLDisplay h, EGLint max, EGLint *formats, EGLint *num), (h, max, formats, num), EGL_FALSE)  \
   X(BY_DISPLAY, EGLBoolean, eglQueryDmaBufModifiersEXT,                                          \
     (EGLDisplay h, EGLint format, EGLint max, EGLuint64KHR *modifiers, EGLBoolean *external_only, \
      EGLint *num),                                                                                \
     (h, format, max, modifiers, external_only, num), EGL_FALSE)

enum {
#define X(kind, ret, name, params, args, fail) IDX_##name,
   EGL_DISPATCH_FUNCTIONS(X)
#undef X
   NUM_DISPATCH,
};

/* libEGL's index of each function, -1 until assigned (egl_dispatch_init) */
static int egl_dispatch_index[NUM_DISPATCH];
static pthread_once_t egl_dispatch_once = PTHREAD_ONCE_INIT;

static void
egl_dispatch_init(void)
{
   for (int i = 0; i < NUM_DISPATCH; i++)
      egl_dispatch_index[i] = -1;
}

/* The vendor's function at slot i for a display or device; NULL (and the
 * error set through libEGL) when the handle belongs to no vendor. */
static pony_egl_proc
fetch(enum egl_dispatch_kind kind, void *handle, unsigned i)
{
   const struct pony_egl_exports *ex = egl_exports();
   pthread_once(&egl_dispatch_once, egl_dispatch_init);
   struct pony_egl_vendor_info *vendor =
      kind == BY_DISPLAY ? ex->get_vendor_from_display(handle) : ex->get_vendor_from_device(handle);
   pony_egl_proc fn = vendor && egl_dispatch_index[i] >= 0
                         ? ex->fetch_dispatch_entry(vendor, egl_dispatch_index[i])
                         : NULL;
   if (!fn) {
      ex->set_egl_error(kind == BY_DISPLAY ? EGL_BAD_DISPLAY : EGL_BAD_DEVICE_EXT);
      return NULL;
   }
   ex->set_last_vendor(vendor);
   return fn;
}

#define X(kind, ret, name, params, args, fail)                                                     \
   static ret stub_##name params                                                                   \
   {                                                                                               \
      pony_egl_proc fn = fetch(kind, h, IDX_##name);                                               \
      return fn ? ((ret(*) params)fn)args : fail;                                                  \
   }
EGL_DISPATCH_FUNCTIONS(X)
#undef X

static const struct {
   const char *name;
   pony_egl_proc impl, stub;
} egl_dispatch_functions[NUM_DISPATCH] = {
#define X(kind, ret, name, params, args, fail)                                                     \
   [IDX_##name] = { #name, (pony_egl_proc)api_##name, (pony_egl_proc)stub_##name },
   EGL_DISPATCH_FUNCTIONS(X)
#undef X
};

static int
find(const char *name)
{
   for (int i = 0; i < NUM_DISPATCH; i++) {
      if (!strcmp(egl_dispatch_functions[i].name, name))
         return i;
   }
   return -1;
}

void *
egl_dispatch_proc(const char *name)
{
   int i = find(name);
   return i < 0 ? NULL : (void *)egl_dispatch_functions[i].impl;
}

void *
egl_dispatch_stub(const char *name)
{
   int i = find(name);
   return i < 0 ? NULL : (void *)egl_dispatch_functions[i].stub;
}

void
egl_dispatch_set_index(const char *name, int index)
{
   pthread_once(&egl_dispatch_once, egl_dispatch_init);
   int i = find(name);
   if (i >= 0)
      egl_dispatch_index[i] = index;
}
