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

typedef EGLBoolean (*pfn_query_device_attrib)(EGLDeviceEXT, EGLint, EGLAttrib *);
typedef const char *(*pfn_query_device_string)(EGLDeviceEXT, EGLint);
typedef EGLBoolean (*pfn_query_display_attrib)(EGLDisplay, EGLint, EGLAttrib *);
typedef char *(*pfn_get_driver_config)(EGLDisplay);
typedef const char *(*pfn_get_driver_name)(EGLDisplay);

enum {
   IDX_GET_DRIVER_CONFIG,
   IDX_GET_DRIVER_NAME,
   IDX_QUERY_DEVICE_ATTRIB,
   IDX_QUERY_DEVICE_STRING,
   IDX_QUERY_DISPLAY_ATTRIB,
   NUM_DISPATCH,
};

/* libEGL's index of each function, -1 until assigned */
static int egl_dispatch_index[NUM_DISPATCH] = { -1, -1, -1, -1, -1 };

/* The vendor's function at slot i for a display or device; NULL (and the
 * error set through libEGL) when the handle belongs to no vendor. */
static pony_egl_proc
fetch(enum egl_dispatch_kind kind, void *handle, unsigned i)
{
   const struct pony_egl_exports *ex = egl_exports();
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

static EGLBoolean
stub_eglQueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attrib, EGLAttrib *value)
{
   pony_egl_proc fn = fetch(BY_DEVICE, dev, IDX_QUERY_DEVICE_ATTRIB);
   return fn ? ((pfn_query_device_attrib)fn)(dev, attrib, value) : EGL_FALSE;
}

static const char *
stub_eglQueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
   pony_egl_proc fn = fetch(BY_DEVICE, dev, IDX_QUERY_DEVICE_STRING);
   return fn ? ((pfn_query_device_string)fn)(dev, name) : NULL;
}

static EGLBoolean
stub_eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attrib, EGLAttrib *value)
{
   pony_egl_proc fn = fetch(BY_DISPLAY, dpy, IDX_QUERY_DISPLAY_ATTRIB);
   return fn ? ((pfn_query_display_attrib)fn)(dpy, attrib, value) : EGL_FALSE;
}

static char *
stub_eglGetDisplayDriverConfig(EGLDisplay dpy)
{
   pony_egl_proc fn = fetch(BY_DISPLAY, dpy, IDX_GET_DRIVER_CONFIG);
   return fn ? ((pfn_get_driver_config)fn)(dpy) : NULL;
}

static const char *
stub_eglGetDisplayDriverName(EGLDisplay dpy)
{
   pony_egl_proc fn = fetch(BY_DISPLAY, dpy, IDX_GET_DRIVER_NAME);
   return fn ? ((pfn_get_driver_name)fn)(dpy) : NULL;
}

static const struct {
   const char *name;
   pony_egl_proc impl, stub;
} egl_dispatch_functions[NUM_DISPATCH] = {
   [IDX_GET_DRIVER_CONFIG] = { "eglGetDisplayDriverConfig",
                               (pony_egl_proc)api_eglGetDisplayDriverConfig,
                               (pony_egl_proc)stub_eglGetDisplayDriverConfig },
   [IDX_GET_DRIVER_NAME] = { "eglGetDisplayDriverName", (pony_egl_proc)api_eglGetDisplayDriverName,
                             (pony_egl_proc)stub_eglGetDisplayDriverName },
   [IDX_QUERY_DEVICE_ATTRIB] = { "eglQueryDeviceAttribEXT", (pony_egl_proc)api_eglQueryDeviceAttribEXT,
                                 (pony_egl_proc)stub_eglQueryDeviceAttribEXT },
   [IDX_QUERY_DEVICE_STRING] = { "eglQueryDeviceStringEXT", (pony_egl_proc)api_eglQueryDeviceStringEXT,
                                 (pony_egl_proc)stub_eglQueryDeviceStringEXT },
   [IDX_QUERY_DISPLAY_ATTRIB] = { "eglQueryDisplayAttribEXT",
                                  (pony_egl_proc)api_eglQueryDisplayAttribEXT,
                                  (pony_egl_proc)stub_eglQueryDisplayAttribEXT },
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
   int i = find(name);
   if (i >= 0)
      egl_dispatch_index[i] = index;
}
