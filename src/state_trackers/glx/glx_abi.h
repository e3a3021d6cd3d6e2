/*
 * The GLX vendor ABI of libglvnd (version 1.x): what libGLX.so.0 hands a
 * vendor library's __glx_Main and what the vendor fills in.  Written from
 * libglvnd's documentation of the ABI (the member order is the ABI); only
 * the members Pony uses are typed precisely.
 *
 * libGLX loads the vendor named by __GLX_VENDOR_LIBRARY_NAME (or by the
 * server's GLX_EXT_libglvnd), calls __glx_Main(version, exports, vendor,
 * imports), and from then on:
 *  - fetches every GLX 1.4 function through getProcAddress at load time
 *    (its "static dispatch"; a missing one makes the vendor unusable) and
 *    calls them with the Display and screen, context, config or drawable
 *    it found the vendor by;
 *  - records which vendor owns each GLXContext, GLXFBConfig and GLX
 *    drawable that the core functions return, and raises GLXBadContext /
 *    GLXBadFBConfig itself for a handle no vendor returned;
 *  - builds the GL dispatch of the vendor from getProcAddress of each GL
 *    name and installs it in libGLdispatch after a successful make-current;
 *  - for a GLX *extension* function, asks getDispatchAddress for a stub that
 *    finds the vendor itself (the exports below) and tells every vendor the
 *    index of the function in its dynamic table (setDispatchIndex).
 */
#ifndef GLX_ABI_H
#define GLX_ABI_H

#include <stdint.h>

#include <GL/glx.h>

#define PONY_GLX_ABI_MAJOR 1u
#define PONY_GLX_ABI_MINOR 0u   /* the oldest minor with every member used here */

/* the vendor's own record in libGLX, opaque */
struct pony_glx_vendor_info;

typedef void (*pony_glx_proc)(void);

/* libGLX -> vendor.  The exports must only be called from dispatch stubs,
 * never from an implementation: libGLX may hold a lock around the call. */
struct pony_glx_exports {
   struct pony_glx_vendor_info *(*get_dyn_dispatch)(Display *dpy, int screen);
   struct pony_glx_vendor_info *(*get_current_dyn_dispatch)(void);
   pony_glx_proc (*fetch_dispatch_entry)(struct pony_glx_vendor_info *vendor, int index);
   GLXContext (*get_current_context)(void);

   /* 0 on success */
   int (*add_vendor_context_mapping)(Display *dpy, GLXContext ctx,
                                     struct pony_glx_vendor_info *vendor);
   void (*remove_vendor_context_mapping)(Display *dpy, GLXContext ctx);
   struct pony_glx_vendor_info *(*vendor_from_context)(GLXContext ctx);

   int (*add_vendor_fbconfig_mapping)(Display *dpy, GLXFBConfig config,
                                      struct pony_glx_vendor_info *vendor);
   void (*remove_vendor_fbconfig_mapping)(Display *dpy, GLXFBConfig config);
   struct pony_glx_vendor_info *(*vendor_from_fbconfig)(Display *dpy, GLXFBConfig config);

   int (*add_vendor_drawable_mapping)(Display *dpy, GLXDrawable drawable,
                                      struct pony_glx_vendor_info *vendor);
   void (*remove_vendor_drawable_mapping)(Display *dpy, GLXDrawable drawable);
   /* for a plain X window too (the vendor of its screen) */
   struct pony_glx_vendor_info *(*vendor_from_drawable)(Display *dpy, GLXDrawable drawable);
};

/* vendor -> libGLX; the first four are required, the rest optional (libGLX
 * hands the struct zeroed, and Pony leaves them so) */
struct pony_glx_imports {
   Bool (*is_screen_supported)(Display *dpy, int screen);
   void *(*get_proc_address)(const GLubyte *name);
   void *(*get_dispatch_address)(const GLubyte *name);
   void (*set_dispatch_index)(const GLubyte *name, int index);
   /* told of an X error libGLX raised; True: report it */
   Bool (*notify_error)(Display *dpy, unsigned char error, XID resid, unsigned char opcode,
                        Bool core_error);
   /* entry point patching */
   GLboolean (*is_patch_supported)(int type, int stub_size);
   GLboolean (*initiate_patch)(int type, int stub_size, void *lookup_stub_offset);
   void (*release_patch)(void);
   void (*patch_thread_attach)(void);
};

#endif
