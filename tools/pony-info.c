/*
 * pony-info: what Mesa's libEGL finds on the surfaceless platform: EGL
 * strings, the driver's name, every EGL config, and for each client API
 * (desktop GL compatibility and core, GLES 1/2/3) either why the context
 * was refused or the GL strings and extensions.  Run it through pony-run to
 * see Pony, or directly to see the system's Mesa driver.
 *
 * Exit status: 0 if at least one context was created, 1 otherwise.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

static bool brief;

static const char *
egl_error_name(EGLint err)
{
   switch (err) {
   case EGL_SUCCESS:             return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED:     return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ACCESS:          return "EGL_BAD_ACCESS";
   case EGL_BAD_ALLOC:           return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE:       return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG:          return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT:         return "EGL_BAD_CONTEXT";
   case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
   case EGL_BAD_DISPLAY:         return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH:           return "EGL_BAD_MATCH";
   case EGL_BAD_PARAMETER:       return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE:         return "EGL_BAD_SURFACE";
   default:                      return "unknown EGL error";
   }
}

/* Prints a space-separated list wrapped at 78 columns, indented. */
static void
print_wrapped(const char *indent, const char *list)
{
   size_t col = 0;
   const char *s = list;
   while (*s) {
      while (*s == ' ')
         s++;
      if (!*s)
         break;
      size_t len = strcspn(s, " ");
      if (col == 0) {
         col = (size_t)printf("%s", indent);
      } else if (col + 1 + len > 78) {
         col = (size_t)printf("\n%s", indent);
      } else {
         col += (size_t)printf(" ");
      }
      col += (size_t)printf("%.*s", (int)len, s);
      s += len;
   }
   if (col)
      printf("\n");
}

struct bit_name {
   EGLint bit;
   const char *name;
};

/* Writes the names of the bits set in v, comma-separated, into buf. */
static const char *
bits_to_names(EGLint v, const struct bit_name *names, unsigned count,
              char *buf, size_t size)
{
   buf[0] = '\0';
   for (unsigned i = 0; i < count; i++) {
      if (v & names[i].bit) {
         if (buf[0])
            strncat(buf, ",", size - strlen(buf) - 1);
         strncat(buf, names[i].name, size - strlen(buf) - 1);
      }
   }
   if (!buf[0])
      snprintf(buf, size, "none");
   return buf;
}

static const struct bit_name surface_bits[] = {
   { EGL_WINDOW_BIT, "window" }, { EGL_PBUFFER_BIT, "pbuffer" },
   { EGL_PIXMAP_BIT, "pixmap" },
};

static const struct bit_name renderable_bits[] = {
   { EGL_OPENGL_BIT, "gl" }, { EGL_OPENGL_ES_BIT, "es1" },
   { EGL_OPENGL_ES2_BIT, "es2" }, { EGL_OPENGL_ES3_BIT_KHR, "es3" },
   { EGL_OPENVG_BIT, "vg" },
};

static void
print_configs(EGLDisplay dpy)
{
   EGLint n = 0;
   if (!eglGetConfigs(dpy, NULL, 0, &n) || n <= 0) {
      printf("EGL configs: none (%s)\n", egl_error_name(eglGetError()));
      return;
   }
   EGLConfig *configs = calloc((size_t)n, sizeof(*configs));
   if (!configs)
      return;
   eglGetConfigs(dpy, configs, n, &n);
   printf("EGL configs: %d\n", n);
   printf("    id  R  G  B  A  D  S  ms  %-22s %s\n", "surfaces", "renderable");
   for (EGLint i = 0; i < n; i++) {
      static const EGLint names[] = {
         EGL_CONFIG_ID, EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE,
         EGL_ALPHA_SIZE, EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_SAMPLES,
         EGL_SURFACE_TYPE, EGL_RENDERABLE_TYPE,
      };
      EGLint v[10];
      for (int k = 0; k < 10; k++) {
         v[k] = 0;
         eglGetConfigAttrib(dpy, configs[i], names[k], &v[k]);
      }
      char st[64], rt[64];
      printf("  0x%02x %2d %2d %2d %2d %2d %2d %3d  %-22s %s\n", v[0], v[1],
             v[2], v[3], v[4], v[5], v[6], v[7],
             bits_to_names(v[8], surface_bits, 3, st, sizeof(st)),
             bits_to_names(v[9], renderable_bits, 5, rt, sizeof(rt)));
   }
   free(configs);
}

struct api_request {
   const char *label;
   EGLenum api;
   EGLint attribs[8];
};

static const struct api_request requests[] = {
   { "OpenGL compatibility profile", EGL_OPENGL_API, { EGL_NONE } },
   { "OpenGL core profile (3.2)", EGL_OPENGL_API,
     { EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 2,
       EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR,
       EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR, EGL_NONE } },
   { "OpenGL ES 1", EGL_OPENGL_ES_API,
     { EGL_CONTEXT_CLIENT_VERSION, 1, EGL_NONE } },
   { "OpenGL ES 2", EGL_OPENGL_ES_API,
     { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE } },
   { "OpenGL ES 3", EGL_OPENGL_ES_API,
     { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE } },
};

static void
print_gl_string(const char *name, GLenum e)
{
   const char *s = (const char *)glGetString(e);
   if (s)
      printf("    %s: %s\n", name, s);
}

static void
print_extensions(void)
{
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (ext) {
      int count = 0;
      for (const char *s = ext; *s; ) {
         while (*s == ' ')
            s++;
         if (*s)
            count++;
         s += strcspn(s, " ");
      }
      printf("    extensions (%d):\n", count);
      print_wrapped("      ", ext);
      return;
   }
   /* Core profiles have no GL_EXTENSIONS string: use glGetStringi. */
   while (glGetError() != GL_NO_ERROR)
      ;
   PFNGLGETSTRINGIPROC get_stringi =
      (PFNGLGETSTRINGIPROC)eglGetProcAddress("glGetStringi");
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   if (!get_stringi || n <= 0 || glGetError() != GL_NO_ERROR) {
      printf("    extensions: none\n");
      return;
   }
   size_t len = 1;
   for (GLint i = 0; i < n; i++) {
      const char *s = (const char *)get_stringi(GL_EXTENSIONS, (GLuint)i);
      len += s ? strlen(s) + 1 : 0;
   }
   char *all = calloc(len, 1);
   if (!all)
      return;
   for (GLint i = 0; i < n; i++) {
      const char *s = (const char *)get_stringi(GL_EXTENSIONS, (GLuint)i);
      if (s) {
         strcat(all, s);
         strcat(all, " ");
      }
   }
   printf("    extensions (%d):\n", n);
   print_wrapped("      ", all);
   free(all);
}

/* Returns true if a context was created (and made current). */
static bool
probe_api(EGLDisplay dpy, const struct api_request *req)
{
   printf("%s: ", req->label);
   if (!eglBindAPI(req->api)) {
      printf("refused by eglBindAPI (%s)\n", egl_error_name(eglGetError()));
      return false;
   }
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                     req->attribs);
   if (ctx == EGL_NO_CONTEXT) {
      printf("refused (%s)\n", egl_error_name(eglGetError()));
      return false;
   }
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      printf("created, but eglMakeCurrent without a surface failed (%s)\n",
             egl_error_name(eglGetError()));
      eglDestroyContext(dpy, ctx);
      return true;
   }
   printf("\n");
   print_gl_string("GL_VENDOR", GL_VENDOR);
   print_gl_string("GL_RENDERER", GL_RENDERER);
   print_gl_string("GL_VERSION", GL_VERSION);
   print_gl_string("GL_SHADING_LANGUAGE_VERSION", GL_SHADING_LANGUAGE_VERSION);
   while (glGetError() != GL_NO_ERROR)
      ;
   if (!brief)
      print_extensions();
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   return true;
}

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: pony-info [-b]\n"
           "Shows the EGL driver, configs and GL contexts that Mesa's libEGL\n"
           "offers on the surfaceless platform.  Run it through pony-run to\n"
           "see Pony.\n"
           "  -b, --brief   no config table, no extension lists\n"
           "  -h, --help    this text\n");
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-b") || !strcmp(argv[i], "--brief")) {
         brief = true;
      } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else {
         usage(stderr);
         return 2;
      }
   }

   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (!client || !strstr(client, "EGL_MESA_platform_surfaceless")) {
      fprintf(stderr, "pony-info: libEGL lacks EGL_MESA_platform_surfaceless\n");
      return 1;
   }
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!get_platform_display) {
      fprintf(stderr, "pony-info: eglGetPlatformDisplayEXT missing\n");
      return 1;
   }
   EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                                         EGL_DEFAULT_DISPLAY, NULL);
   EGLint major = 0, minor = 0;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
      fprintf(stderr, "pony-info: no surfaceless EGL display (%s); is the "
              "driver folder right? Try EGL_LOG_LEVEL=debug\n",
              egl_error_name(eglGetError()));
      return 1;
   }

   printf("EGL platform: surfaceless\n");
   printf("EGL vendor: %s\n", eglQueryString(dpy, EGL_VENDOR));
   printf("EGL version: %s (initialised as %d.%d)\n",
          eglQueryString(dpy, EGL_VERSION), major, minor);
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   const char *driver = NULL;
   if (exts && strstr(exts, "EGL_MESA_query_driver")) {
      typedef const char *(*get_driver_name_fn)(EGLDisplay);
      get_driver_name_fn get_driver_name =
         (get_driver_name_fn)eglGetProcAddress("eglGetDisplayDriverName");
      if (get_driver_name)
         driver = get_driver_name(dpy);
   }
   printf("EGL driver name: %s\n",
          driver ? driver : "(EGL_MESA_query_driver not offered)");
   printf("EGL client APIs: %s\n", eglQueryString(dpy, EGL_CLIENT_APIS));
   if (!brief) {
      printf("EGL extensions:\n");
      print_wrapped("    ", exts ? exts : "");
      print_configs(dpy);
   }

   int made = 0;
   for (unsigned i = 0; i < sizeof(requests) / sizeof(requests[0]); i++)
      made += probe_api(dpy, &requests[i]);

   eglTerminate(dpy);
   eglReleaseThread();
   return made > 0 ? 0 : 1;
}
