/*
 * The vendor library's handshake with libglvnd's libEGL (egl_abi.h):
 * __egl_Main checks the ABI version, keeps libEGL's exports and fills in
 * the imports; getProcAddress resolves the core EGL functions to Pony's
 * and every GL or GLES name to its entry point in Pony's own dispatch.
 */
#include <string.h>

#include "state_trackers/gl/st_dispatch.h"

#include "egl_private.h"

/* set once, before libEGL calls anything else: what the ABI hands over */
static const struct pony_egl_exports *egl_exports_table;

const struct pony_egl_exports *
egl_exports(void)
{
   return egl_exports_table;
}

#define EGL_FN(name) { #name, (pony_egl_proc)api_##name }

/* sorted by name (bsearch) */
static const struct egl_fn {
   const char *name;
   pony_egl_proc fn;
} egl_functions[] = {
   EGL_FN(eglBindTexImage),
   EGL_FN(eglChooseConfig),
   EGL_FN(eglClientWaitSync),
   EGL_FN(eglCopyBuffers),
   EGL_FN(eglCreateContext),
   EGL_FN(eglCreateImage),
   EGL_FN(eglCreatePbufferFromClientBuffer),
   EGL_FN(eglCreatePbufferSurface),
   EGL_FN(eglCreatePixmapSurface),
   EGL_FN(eglCreatePlatformPixmapSurface),
   EGL_FN(eglCreatePlatformWindowSurface),
   EGL_FN(eglCreateSync),
   EGL_FN(eglCreateWindowSurface),
   EGL_FN(eglDebugMessageControlKHR),
   EGL_FN(eglDestroyContext),
   EGL_FN(eglDestroyImage),
   EGL_FN(eglDestroySurface),
   EGL_FN(eglDestroySync),
   EGL_FN(eglGetConfigAttrib),
   EGL_FN(eglGetConfigs),
   EGL_FN(eglGetError),
   EGL_FN(eglGetSyncAttrib),
   EGL_FN(eglInitialize),
   EGL_FN(eglLabelObjectKHR),
   EGL_FN(eglMakeCurrent),
   EGL_FN(eglQueryContext),
   EGL_FN(eglQueryDebugKHR),
   EGL_FN(eglQueryDevicesEXT),
   EGL_FN(eglQueryString),
   EGL_FN(eglQuerySurface),
   EGL_FN(eglReleaseTexImage),
   EGL_FN(eglReleaseThread),
   EGL_FN(eglSurfaceAttrib),
   EGL_FN(eglSwapBuffers),
   EGL_FN(eglSwapInterval),
   EGL_FN(eglTerminate),
   EGL_FN(eglWaitClient),
   EGL_FN(eglWaitGL),
   EGL_FN(eglWaitNative),
   EGL_FN(eglWaitSync),
};
#define NUM_EGL_FUNCTIONS (sizeof(egl_functions) / sizeof(egl_functions[0]))

static pony_egl_proc
egl_function(const char *name)
{
   size_t lo = 0, hi = NUM_EGL_FUNCTIONS;
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      int c = strcmp(name, egl_functions[mid].name);
      if (!c)
         return egl_functions[mid].fn;
      if (c < 0)
         hi = mid;
      else
         lo = mid + 1;
   }
   return NULL;
}

static void *
egl_get_proc_address(const char *name)
{
   if (!name)
      return NULL;
   if (!strncmp(name, "egl", 3)) {
      pony_egl_proc fn = egl_function(name);
      return fn ? (void *)fn : egl_dispatch_proc(name);
   }
   /* GL and GLES: the entry point into the thread's own table */
   return (void *)st_own_dispatch_proc(name);
}

/* display and device extension functions: egl_dispatch.c */
static void *
egl_get_dispatch_address(const char *name)
{
   return name ? egl_dispatch_stub(name) : NULL;
}

static void
egl_set_dispatch_index(const char *name, int index)
{
   if (name)
      egl_dispatch_set_index(name, index);
}

static EGLBoolean
egl_get_supports_api(EGLenum api)
{
   return api == EGL_OPENGL_API || api == EGL_OPENGL_ES_API;
}

static const char *
egl_get_vendor_string(int name)
{
   if (name == PONY_EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
      return "EGL_EXT_platform_device EGL_MESA_platform_surfaceless"
#ifdef PONY_HAVE_X11
             " EGL_KHR_platform_x11 EGL_EXT_platform_x11"
#endif
#ifdef PONY_HAVE_GBM
             " EGL_KHR_platform_gbm EGL_MESA_platform_gbm"
#endif
         ;
   return NULL;
}

__attribute__((visibility("default"))) EGLBoolean
__egl_Main(uint32_t version, const struct pony_egl_exports *exports,
           struct pony_egl_vendor_info *vendor, struct pony_egl_imports *imports)
{
   (void)vendor;
   if ((version >> 16) != PONY_EGL_ABI_MAJOR || (version & 0xffff) < PONY_EGL_ABI_MINOR ||
       !exports || !imports) {
      egl_log(NULL, "libEGL's vendor ABI %u.%u is not %u.%u or later of the same major",
              version >> 16, version & 0xffff, PONY_EGL_ABI_MAJOR, PONY_EGL_ABI_MINOR);
      return EGL_FALSE;
   }
   egl_exports_table = exports;
   /* libEGL hands the imports zeroed; the optional members stay so */
   imports->get_platform_display = egl_get_platform_display;
   imports->get_supports_api = egl_get_supports_api;
   imports->get_vendor_string = egl_get_vendor_string;
   imports->get_proc_address = egl_get_proc_address;
   imports->get_dispatch_address = egl_get_dispatch_address;
   imports->set_dispatch_index = egl_set_dispatch_index;
   return EGL_TRUE;
}
