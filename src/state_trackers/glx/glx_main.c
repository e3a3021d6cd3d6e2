/*
 * The vendor library's handshake with libglvnd's libGLX (glx_abi.h):
 * __glx_Main checks the ABI version, keeps libGLX's exports and fills in
 * the imports; getProcAddress resolves the GLX 1.4 functions (libGLX's
 * static dispatch, fetched when it loads the vendor), the extension
 * functions' implementations (for libGLX's dynamic table) and every other
 * name to its entry point in Pony's own GL dispatch.
 */
#include <string.h>

#include "state_trackers/gl/st_dispatch.h"

#include "glx_private.h"

/* set once, before libGLX calls anything else: what the ABI hands over */
static const struct pony_glx_exports *glx_exports_table;

const struct pony_glx_exports *
glx_exports(void)
{
   return glx_exports_table;
}

#define GLX_FN(name) { #name, (pony_glx_proc)api_##name }

/* every one of GLX 1.4's, which libGLX requires, and the optional
 * glXCreateContextAttribsARB it calls directly when it has its own */
static const struct glx_fn {
   const char *name;
   pony_glx_proc fn;
} glx_functions[] = {
   GLX_FN(glXChooseFBConfig),
   GLX_FN(glXChooseVisual),
   GLX_FN(glXCopyContext),
   GLX_FN(glXCreateContext),
   GLX_FN(glXCreateContextAttribsARB),
   GLX_FN(glXCreateGLXPixmap),
   GLX_FN(glXCreateNewContext),
   GLX_FN(glXCreatePbuffer),
   GLX_FN(glXCreatePixmap),
   GLX_FN(glXCreateWindow),
   GLX_FN(glXDestroyContext),
   GLX_FN(glXDestroyGLXPixmap),
   GLX_FN(glXDestroyPbuffer),
   GLX_FN(glXDestroyPixmap),
   GLX_FN(glXDestroyWindow),
   GLX_FN(glXGetClientString),
   GLX_FN(glXGetConfig),
   GLX_FN(glXGetFBConfigAttrib),
   GLX_FN(glXGetFBConfigs),
   GLX_FN(glXGetSelectedEvent),
   GLX_FN(glXGetVisualFromFBConfig),
   GLX_FN(glXIsDirect),
   GLX_FN(glXMakeContextCurrent),
   GLX_FN(glXMakeCurrent),
   GLX_FN(glXQueryContext),
   GLX_FN(glXQueryDrawable),
   GLX_FN(glXQueryExtensionsString),
   GLX_FN(glXQueryServerString),
   GLX_FN(glXSelectEvent),
   GLX_FN(glXSwapBuffers),
   GLX_FN(glXUseXFont),
   GLX_FN(glXWaitGL),
   GLX_FN(glXWaitX),
};
#define NUM_GLX_FUNCTIONS (sizeof(glx_functions) / sizeof(glx_functions[0]))

static void *
glx_get_proc_address(const GLubyte *procname)
{
   const char *name = (const char *)procname;
   if (!name)
      return NULL;
   if (!strncmp(name, "glX", 3)) {
      for (size_t i = 0; i < NUM_GLX_FUNCTIONS; i++) {
         if (!strcmp(name, glx_functions[i].name))
            return (void *)glx_functions[i].fn;
      }
      void *fn = glx_dispatch_proc(name);
      if (fn)
         return fn;
   }
   /* GL: the entry point into the thread's own table (NULL for a name
    * gl.xml does not have) */
   return (void *)st_own_dispatch_proc(name);
}

/* extension functions: glx_dispatch.c */
static void *
glx_get_dispatch_address(const GLubyte *name)
{
   return name ? glx_dispatch_stub((const char *)name) : NULL;
}

static void
glx_set_dispatch_index(const GLubyte *name, int index)
{
   if (name)
      glx_dispatch_set_index((const char *)name, index);
}

/* libGLX asks when the server names no vendor for the screen (or names
 * several): a screen Pony can render on, of a server with GLX. */
static Bool
glx_is_screen_supported(Display *dpy, int screen)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d || !d->has_glx)
      return False;
   glx_display_lock(d);
   bool ok = glx_display_screen(d, screen) != NULL;
   glx_display_unlock(d);
   return ok ? True : False;
}

__attribute__((visibility("default"))) Bool
__glx_Main(uint32_t version, const struct pony_glx_exports *exports,
           struct pony_glx_vendor_info *vendor, struct pony_glx_imports *imports)
{
   (void)vendor;
   /* every minor of major 1 has what Pony uses (PONY_GLX_ABI_MINOR is 0) */
   if ((version >> 16) != PONY_GLX_ABI_MAJOR || !exports || !imports) {
      glx_log(NULL, "libGLX's vendor ABI %u.%u is not %u.x", version >> 16, version & 0xffff,
              PONY_GLX_ABI_MAJOR);
      return False;
   }
   glx_exports_table = exports;
   /* libGLX hands the imports zeroed; the optional members stay so */
   imports->is_screen_supported = glx_is_screen_supported;
   imports->get_proc_address = glx_get_proc_address;
   imports->get_dispatch_address = glx_get_dispatch_address;
   imports->set_dispatch_index = glx_set_dispatch_index;
   return True;
}
