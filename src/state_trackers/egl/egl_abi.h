/*
 * The EGL vendor ABI of libglvnd (version 0.x): what libEGL.so.1 hands a
 * vendor library's __egl_Main and what the vendor fills in.  Written from
 * libglvnd's documentation of the ABI (the member order is the ABI); only
 * the members Pony uses are typed precisely.
 *
 * libEGL loads every vendor named by the JSON files it finds (or by
 * __EGL_VENDOR_LIBRARY_FILENAMES), calls __egl_Main(version, exports,
 * vendor, imports), and from then on:
 *  - finds a display's vendor by asking each one's getPlatformDisplay
 *    (platform EGL_NONE for eglGetDisplay(EGL_DEFAULT_DISPLAY));
 *  - calls the core EGL functions through the pointers getProcAddress
 *    returns for their names, and eglGetError of the vendor that served
 *    the last call;
 *  - builds the GL dispatch of a vendor's contexts from getProcAddress of
 *    the GL names, and installs it in libGLdispatch after a successful
 *    eglMakeCurrent;
 *  - forwards eglBindAPI to every vendor (exports.getCurrentApi reads it).
 */
#ifndef EGL_ABI_H
#define EGL_ABI_H

#include <stdint.h>

#include <EGL/egl.h>

#define PONY_EGL_ABI_MAJOR 0u
#define PONY_EGL_ABI_MINOR 1u   /* the oldest minor with every member used here */

/* the vendor's own record in libEGL, opaque */
struct pony_egl_vendor_info;

typedef void (*pony_egl_proc)(void);

/* libEGL -> vendor */
struct pony_egl_exports {
   void (*thread_init)(void);
   EGLenum (*get_current_api)(void);
   struct pony_egl_vendor_info *(*get_current_vendor)(void);
   EGLContext (*get_current_context)(void);
   EGLDisplay (*get_current_display)(void);
   EGLSurface (*get_current_surface)(EGLint readdraw);
   pony_egl_proc (*fetch_dispatch_entry)(struct pony_egl_vendor_info *vendor, int index);
   void (*set_egl_error)(EGLint error);
   EGLBoolean (*set_last_vendor)(struct pony_egl_vendor_info *vendor);
   struct pony_egl_vendor_info *(*get_vendor_from_display)(EGLDisplay dpy);
   struct pony_egl_vendor_info *(*get_vendor_from_device)(void *device);
   /* minor 2 and later */
   EGLBoolean (*set_vendor_for_device)(void *device, struct pony_egl_vendor_info *vendor);
};

/* getVendorString's one name: the platform extensions the vendor adds to
 * the client extension string */
#define PONY_EGL_VENDOR_STRING_PLATFORM_EXTENSIONS 0

/* vendor -> libEGL; every member after get_proc_address is optional */
struct pony_egl_imports {
   EGLDisplay (*get_platform_display)(EGLenum platform, void *native, const EGLAttrib *attribs);
   EGLBoolean (*get_supports_api)(EGLenum api);
   const char *(*get_vendor_string)(int name);
   void *(*get_proc_address)(const char *name);
   void *(*get_dispatch_address)(const char *name);
   void (*set_dispatch_index)(const char *name, int index);
   /* entry point patching: Pony leaves these NULL */
   unsigned char (*is_patch_supported)(int type, int stub_size);
   unsigned char (*initiate_patch)(int type, int stub_size, void *lookup_stub_offset);
   void (*release_patch)(void);
   void (*patch_thread_attach)(void);
   EGLenum (*find_native_display_platform)(void *native);
};

#endif
