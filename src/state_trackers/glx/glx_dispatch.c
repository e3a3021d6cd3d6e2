/*
 * libGLX's dispatch of the GLX extension functions Pony offers (glx_abi.h).
 * libGLX knows the GLX 1.4 functions, but an extension function is reached
 * through a stub the vendor supplies (getDispatchAddress): one stub serves
 * every vendor, so it finds the vendor of its screen, config, drawable or
 * current context through libGLX and calls that vendor's function from
 * libGLX's table, at the index libGLX assigned (setDispatchIndex).
 * getProcAddress gives Pony's own functions for that table.  A stub that
 * creates a context records its vendor, as libGLX does for the core ones.
 *
 * The indices are process-wide state the ABI forces: libGLX assigns them
 * once per process.
 *
 * GLX_SGI_make_current_read is glXMakeContextCurrent under another name,
 * and libGLX must see the binding change (it keeps the current context and
 * installs the GL dispatch), so those two functions call libGLX's own
 * glXMakeContextCurrent and glXGetCurrentReadDrawable.
 */
#include <dlfcn.h>
#include <string.h>

#include "glx_private.h"

typedef GLXContext (*pfn_create_context_attribs)(Display *, GLXFBConfig, GLXContext, Bool,
                                                 const int *);
typedef void (*pfn_swap_interval_ext)(Display *, GLXDrawable, int);
typedef int (*pfn_swap_interval_mesa)(unsigned int);
typedef int (*pfn_get_swap_interval_mesa)(void);
typedef int (*pfn_swap_interval_sgi)(int);
typedef Bool (*pfn_query_renderer_integer)(Display *, int, int, int, unsigned int *);
typedef const char *(*pfn_query_renderer_string)(Display *, int, int, int);
typedef Bool (*pfn_query_current_renderer_integer)(int, unsigned int *);
typedef const char *(*pfn_query_current_renderer_string)(int);
typedef Bool (*pfn_make_context_current)(Display *, GLXDrawable, GLXDrawable, GLXContext);
typedef GLXDrawable (*pfn_get_current_read_drawable)(void);

enum {
   IDX_CREATE_CONTEXT_ATTRIBS,
   IDX_SWAP_INTERVAL_EXT,
   IDX_SWAP_INTERVAL_MESA,
   IDX_GET_SWAP_INTERVAL_MESA,
   IDX_SWAP_INTERVAL_SGI,
   IDX_QUERY_RENDERER_INTEGER,
   IDX_QUERY_RENDERER_STRING,
   IDX_QUERY_CURRENT_RENDERER_INTEGER,
   IDX_QUERY_CURRENT_RENDERER_STRING,
   IDX_MAKE_CURRENT_READ_SGI,
   IDX_GET_CURRENT_READ_DRAWABLE_SGI,
   NUM_DISPATCH,
};

/* libGLX's index of each function, -1 until assigned */
static int glx_dispatch_index[NUM_DISPATCH] = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };

/* The vendor's function at slot i; NULL when there is no vendor or it
 * does not have the function. */
static pony_glx_proc
fetch(struct pony_glx_vendor_info *vendor, unsigned i)
{
   const struct pony_glx_exports *ex = glx_exports();
   if (!ex || !vendor || glx_dispatch_index[i] < 0)
      return NULL;
   return ex->fetch_dispatch_entry(vendor, glx_dispatch_index[i]);
}

static struct pony_glx_vendor_info *
current_vendor(void)
{
   const struct pony_glx_exports *ex = glx_exports();
   return ex ? ex->get_current_dyn_dispatch() : NULL;
}

/* the value of GLX_SCREEN in a context attribute list, or -1 */
static int
attribs_screen(const int *attribs)
{
   for (unsigned n = 0; attribs && attribs[2 * n] != None && n < GLX_MAX_ATTRIBS; n++) {
      if (attribs[2 * n] == GLX_SCREEN)
         return attribs[2 * n + 1];
   }
   return -1;
}

static GLXContext
stub_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share, Bool direct,
                                const int *attribs)
{
   const struct pony_glx_exports *ex = glx_exports();
   int screen = attribs_screen(attribs);
   /* GLX_EXT_no_config_context names the screen instead of a config */
   struct pony_glx_vendor_info *vendor = screen >= 0 ? ex->get_dyn_dispatch(dpy, screen)
                                         : config   ? ex->vendor_from_fbconfig(dpy, config)
                                                    : NULL;
   pony_glx_proc fn = fetch(vendor, IDX_CREATE_CONTEXT_ATTRIBS);
   if (!fn) {
      glx_error(glx_display_get(dpy), screen >= 0 ? BadValue : GLX_ERR(GLXBadFBConfig),
                X_GLXCreateContextAttribsARB, 0);
      return NULL;
   }
   GLXContext ctx = ((pfn_create_context_attribs)fn)(dpy, config, share, direct, attribs);
   if (ctx && ex->add_vendor_context_mapping(dpy, ctx, vendor) != 0) {
      glx_log(NULL, "glXCreateContextAttribsARB: libGLX could not record the context");
      return NULL;
   }
   return ctx;
}

static void
stub_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
   const struct pony_glx_exports *ex = glx_exports();
   pony_glx_proc fn = fetch(ex->vendor_from_drawable(dpy, drawable), IDX_SWAP_INTERVAL_EXT);
   if (!fn) {
      glx_error(glx_display_get(dpy), GLX_ERR(GLXBadDrawable), X_GLXVendorPrivate, drawable);
      return;
   }
   ((pfn_swap_interval_ext)fn)(dpy, drawable, interval);
}

static int
stub_glXSwapIntervalMESA(unsigned int interval)
{
   pony_glx_proc fn = fetch(current_vendor(), IDX_SWAP_INTERVAL_MESA);
   return fn ? ((pfn_swap_interval_mesa)fn)(interval) : GLX_BAD_CONTEXT;
}

static int
stub_glXGetSwapIntervalMESA(void)
{
   pony_glx_proc fn = fetch(current_vendor(), IDX_GET_SWAP_INTERVAL_MESA);
   return fn ? ((pfn_get_swap_interval_mesa)fn)() : 0;
}

static int
stub_glXSwapIntervalSGI(int interval)
{
   pony_glx_proc fn = fetch(current_vendor(), IDX_SWAP_INTERVAL_SGI);
   return fn ? ((pfn_swap_interval_sgi)fn)(interval) : GLX_BAD_CONTEXT;
}

static Bool
stub_glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer, int attribute,
                                 unsigned int *value)
{
   const struct pony_glx_exports *ex = glx_exports();
   pony_glx_proc fn = fetch(ex->get_dyn_dispatch(dpy, screen), IDX_QUERY_RENDERER_INTEGER);
   return fn && ((pfn_query_renderer_integer)fn)(dpy, screen, renderer, attribute, value);
}

static const char *
stub_glXQueryRendererStringMESA(Display *dpy, int screen, int renderer, int attribute)
{
   const struct pony_glx_exports *ex = glx_exports();
   pony_glx_proc fn = fetch(ex->get_dyn_dispatch(dpy, screen), IDX_QUERY_RENDERER_STRING);
   return fn ? ((pfn_query_renderer_string)fn)(dpy, screen, renderer, attribute) : NULL;
}

static Bool
stub_glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value)
{
   pony_glx_proc fn = fetch(current_vendor(), IDX_QUERY_CURRENT_RENDERER_INTEGER);
   return fn && ((pfn_query_current_renderer_integer)fn)(attribute, value);
}

static const char *
stub_glXQueryCurrentRendererStringMESA(int attribute)
{
   pony_glx_proc fn = fetch(current_vendor(), IDX_QUERY_CURRENT_RENDERER_STRING);
   return fn ? ((pfn_query_current_renderer_string)fn)(attribute) : NULL;
}

/* libGLX's own function of that name (it is loaded: it loaded us). */
static void *
libglx_function(const char *name)
{
   void *lib = dlopen("libGLX.so.0", RTLD_LAZY | RTLD_NOLOAD);
   if (!lib)
      return NULL;
   void *fn = dlsym(lib, name);
   dlclose(lib);   /* only the reference NOLOAD took */
   return fn;
}

static Bool
forward_glXMakeCurrentReadSGI(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx)
{
   void *fn = libglx_function("glXMakeContextCurrent");
   return fn ? ((pfn_make_context_current)fn)(dpy, draw, read, ctx) : False;
}

static GLXDrawable
forward_glXGetCurrentReadDrawableSGI(void)
{
   void *fn = libglx_function("glXGetCurrentReadDrawable");
   return fn ? ((pfn_get_current_read_drawable)fn)() : None;
}

#define ENTRY(idx, name, impl, stub) [idx] = { #name, (pony_glx_proc)impl, (pony_glx_proc)stub }

static const struct {
   const char *name;
   pony_glx_proc impl, stub;
} glx_dispatch_functions[NUM_DISPATCH] = {
   ENTRY(IDX_CREATE_CONTEXT_ATTRIBS, glXCreateContextAttribsARB, api_glXCreateContextAttribsARB,
         stub_glXCreateContextAttribsARB),
   ENTRY(IDX_SWAP_INTERVAL_EXT, glXSwapIntervalEXT, api_glXSwapIntervalEXT,
         stub_glXSwapIntervalEXT),
   ENTRY(IDX_SWAP_INTERVAL_MESA, glXSwapIntervalMESA, api_glXSwapIntervalMESA,
         stub_glXSwapIntervalMESA),
   ENTRY(IDX_GET_SWAP_INTERVAL_MESA, glXGetSwapIntervalMESA, api_glXGetSwapIntervalMESA,
         stub_glXGetSwapIntervalMESA),
   ENTRY(IDX_SWAP_INTERVAL_SGI, glXSwapIntervalSGI, api_glXSwapIntervalSGI,
         stub_glXSwapIntervalSGI),
   ENTRY(IDX_QUERY_RENDERER_INTEGER, glXQueryRendererIntegerMESA,
         api_glXQueryRendererIntegerMESA, stub_glXQueryRendererIntegerMESA),
   ENTRY(IDX_QUERY_RENDERER_STRING, glXQueryRendererStringMESA, api_glXQueryRendererStringMESA,
         stub_glXQueryRendererStringMESA),
   ENTRY(IDX_QUERY_CURRENT_RENDERER_INTEGER, glXQueryCurrentRendererIntegerMESA,
         api_glXQueryCurrentRendererIntegerMESA, stub_glXQueryCurrentRendererIntegerMESA),
   ENTRY(IDX_QUERY_CURRENT_RENDERER_STRING, glXQueryCurrentRendererStringMESA,
         api_glXQueryCurrentRendererStringMESA, stub_glXQueryCurrentRendererStringMESA),
   ENTRY(IDX_MAKE_CURRENT_READ_SGI, glXMakeCurrentReadSGI, forward_glXMakeCurrentReadSGI,
         forward_glXMakeCurrentReadSGI),
   ENTRY(IDX_GET_CURRENT_READ_DRAWABLE_SGI, glXGetCurrentReadDrawableSGI,
         forward_glXGetCurrentReadDrawableSGI, forward_glXGetCurrentReadDrawableSGI),
};

static int
find(const char *name)
{
   for (int i = 0; i < NUM_DISPATCH; i++) {
      if (!strcmp(glx_dispatch_functions[i].name, name))
         return i;
   }
   return -1;
}

void *
glx_dispatch_proc(const char *name)
{
   int i = find(name);
   return i < 0 ? NULL : (void *)glx_dispatch_functions[i].impl;
}

void *
glx_dispatch_stub(const char *name)
{
   int i = find(name);
   return i < 0 ? NULL : (void *)glx_dispatch_functions[i].stub;
}

void
glx_dispatch_set_index(const char *name, int index)
{
   int i = find(name);
   if (i >= 0)
      glx_dispatch_index[i] = index;
}
