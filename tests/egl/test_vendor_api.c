/*
 * Pony's EGL vendor library through libglvnd (suite egl-vendor): every EGL
 * entry point with good and bad input.  Expectations come from the EGL 1.5
 * specification (and EGL_KHR_create_context, EGL_MESA_platform_surfaceless),
 * worked out by hand here:
 *  - displays: the default display and the surfaceless one are the same,
 *    nothing works before eglInitialize, eglQueryString's names;
 *  - configs: counts, eglChooseConfig's defaults (EGL_SURFACE_TYPE is
 *    EGL_WINDOW_BIT: no pbuffer-only config matches an empty list), its
 *    matching and its sort rules (only requested colour channels count,
 *    then the smaller buffer), EGL_CONFIG_ID overriding everything, bad
 *    attributes and values, a list with no terminator;
 *  - pbuffers, contexts and eglMakeCurrent with every error the spec lists
 *    for them, another thread (EGL_BAD_ACCESS), objects destroyed or the
 *    display terminated while current (alive until released);
 *  - a clear read back through GL entry points from eglGetProcAddress;
 *  - fence syncs (signaled once waited for) and reusable ones (a wait
 *    times out, another thread's signal ends a wait), with their errors;
 *  - EGL_KHR_debug: an error reaches the callback with its command, type
 *    and the display's label, and a disabled type does not;
 *  - devices: the software device last, its strings, the device platform
 *    on it (a display that renders, EGL_DEVICE_EXT, the driver's name).
 */
#include "egl_common.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#ifndef EGL_NO_CONFIG_KHR
#define EGL_NO_CONFIG_KHR ((EGLConfig)0)
#endif

static void
expect_error(EGLint want, const char *what)
{
   EGLint got = eglGetError();
   if (got != want)
      test_fail("%s: %s, expected %s", what, egl_error_name(got), egl_error_name(want));
}

static EGLint
cfg_attr(EGLDisplay dpy, EGLConfig c, EGLint a)
{
   EGLint v = -12345;
   if (!eglGetConfigAttrib(dpy, c, a, &v))
      test_fail("eglGetConfigAttrib(0x%x) failed: %s", a, egl_error_name(eglGetError()));
   return v;
}

static EGLint
choose(EGLDisplay dpy, const EGLint *attribs, EGLConfig *out, EGLint size)
{
   EGLint n = -1;
   if (!eglChooseConfig(dpy, attribs, out, size, &n)) {
      test_fail("eglChooseConfig failed: %s", egl_error_name(eglGetError()));
      return 0;
   }
   return n;
}

static void
check_displays(EGLDisplay dpy)
{
   EGLDisplay dflt = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (dflt != dpy)
      test_fail("eglGetDisplay(EGL_DEFAULT_DISPLAY) with EGL_PLATFORM=surfaceless is %p, "
                "the surfaceless display %p", dflt, dpy);
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (gpd) {
      /* EGL_MESA_platform_surfaceless: only the default native display */
      static int native;
      if (gpd(EGL_PLATFORM_SURFACELESS_MESA, &native, NULL) != EGL_NO_DISPLAY)
         test_fail("a surfaceless display of a native display");
      eglGetError();
   }
}

static void
check_uninitialized(EGLDisplay dpy)
{
   EGLint n;
   if (eglGetConfigs(dpy, NULL, 0, &n))
      test_fail("eglGetConfigs before eglInitialize succeeded");
   expect_error(EGL_NOT_INITIALIZED, "eglGetConfigs before eglInitialize");
   if (eglQueryString(dpy, EGL_VENDOR))
      test_fail("eglQueryString before eglInitialize gave a string");
   expect_error(EGL_NOT_INITIALIZED, "eglQueryString before eglInitialize");
}

static void
check_strings(EGLDisplay dpy)
{
   const char *vendor = eglQueryString(dpy, EGL_VENDOR);
   const char *version = eglQueryString(dpy, EGL_VERSION);
   const char *apis = eglQueryString(dpy, EGL_CLIENT_APIS);
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   if (!vendor || strcmp(vendor, "Pony") != 0)
      test_fail("EGL_VENDOR is %s", vendor ? vendor : "NULL");
   if (!version || strncmp(version, "1.5", 3) != 0)
      test_fail("EGL_VERSION is %s", version ? version : "NULL");
   if (!apis || !strstr(apis, "OpenGL_ES") || !strstr(apis, "OpenGL"))
      test_fail("EGL_CLIENT_APIS is %s", apis ? apis : "NULL");
   static const char *const need[] = { "EGL_KHR_create_context", "EGL_KHR_surfaceless_context",
                                       "EGL_KHR_no_config_context",
                                       "EGL_KHR_create_context_no_error" };
   for (unsigned i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
      if (!exts || !strstr(exts, need[i]))
         test_fail("EGL_EXTENSIONS lacks %s", need[i]);
   }
   if (eglQueryString(dpy, 0x1234))
      test_fail("eglQueryString(0x1234) gave a string");
   expect_error(EGL_BAD_PARAMETER, "eglQueryString(0x1234)");
}

static void
check_configs(EGLDisplay dpy)
{
   EGLint total = -1;
   if (!eglGetConfigs(dpy, NULL, 0, &total) || total <= 0) {
      test_fail("eglGetConfigs: %d configs", total);
      return;
   }
   EGLConfig *all = calloc((size_t)total, sizeof(*all));
   EGLint n = -1;
   if (!eglGetConfigs(dpy, all, 3, &n) || n != (total < 3 ? total : 3))
      test_fail("eglGetConfigs with room for 3 gave %d", n);
   if (!eglGetConfigs(dpy, all, total, &n) || n != total)
      test_fail("eglGetConfigs with room for all gave %d of %d", n, total);
   if (eglGetConfigs(dpy, all, total, NULL))
      test_fail("eglGetConfigs without num_config succeeded");
   expect_error(EGL_BAD_PARAMETER, "eglGetConfigs(num_config NULL)");

   /* ids 1..n, each once; the buffer is the sum of its channels */
   for (EGLint i = 0; i < total; i++) {
      EGLint id = cfg_attr(dpy, all[i], EGL_CONFIG_ID);
      if (id < 1 || id > total)
         test_fail("config %d has id %d", i, id);
      for (EGLint j = 0; j < i; j++) {
         if (cfg_attr(dpy, all[j], EGL_CONFIG_ID) == id)
            test_fail("configs %d and %d share id %d", j, i, id);
      }
      EGLint sum = cfg_attr(dpy, all[i], EGL_RED_SIZE) + cfg_attr(dpy, all[i], EGL_GREEN_SIZE) +
                   cfg_attr(dpy, all[i], EGL_BLUE_SIZE) + cfg_attr(dpy, all[i], EGL_ALPHA_SIZE);
      if (cfg_attr(dpy, all[i], EGL_BUFFER_SIZE) != sum)
         test_fail("config %d: EGL_BUFFER_SIZE %d, channels %d", id,
                   cfg_attr(dpy, all[i], EGL_BUFFER_SIZE), sum);
      if (!(cfg_attr(dpy, all[i], EGL_SURFACE_TYPE) & EGL_PBUFFER_BIT))
         test_fail("config %d cannot make pbuffers", id);
   }

   /* an empty list asks for EGL_WINDOW_BIT (the default): no surfaceless
    * config has it */
   EGLint none[] = { EGL_NONE };
   if (choose(dpy, none, NULL, 0) != 0)
      test_fail("an empty attribute list matched configs without EGL_WINDOW_BIT");

   /* only red counts for sorting: 8-bit red before 5-bit, then the smaller
    * buffer: XRGB8888 (24 bits) first, no depth, no samples */
   EGLint red5[] = { EGL_RED_SIZE, 5, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE };
   EGLConfig *got = calloc((size_t)total, sizeof(*got));
   n = choose(dpy, red5, got, total);
   if (n != total) {
      test_fail("RED_SIZE 5 matched %d of %d configs", n, total);
   } else {
      if (cfg_attr(dpy, got[0], EGL_RED_SIZE) != 8 || cfg_attr(dpy, got[0], EGL_ALPHA_SIZE) != 0 ||
          cfg_attr(dpy, got[0], EGL_DEPTH_SIZE) != 0 || cfg_attr(dpy, got[0], EGL_SAMPLES) != 0)
         test_fail("RED_SIZE 5: first config is %d-bit red, %d alpha, %d depth, %d samples",
                   cfg_attr(dpy, got[0], EGL_RED_SIZE), cfg_attr(dpy, got[0], EGL_ALPHA_SIZE),
                   cfg_attr(dpy, got[0], EGL_DEPTH_SIZE), cfg_attr(dpy, got[0], EGL_SAMPLES));
      bool seen5 = false;
      for (EGLint i = 0; i < n; i++) {
         EGLint r = cfg_attr(dpy, got[i], EGL_RED_SIZE);
         if (r == 5)
            seen5 = true;
         else if (seen5)
            test_fail("RED_SIZE 5: an 8-bit red config after a 5-bit one (position %d)", i);
      }
   }

   /* RGBA8888: matches have at least 8 red and 8 alpha; then by buffer,
    * sample buffers, samples, depth, stencil, id (non-decreasing) */
   EGLint rgba8[] = { EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                      EGL_NONE };
   n = choose(dpy, rgba8, got, total);
   if (n <= 0)
      test_fail("no RGBA8888 config");
   for (EGLint i = 0; i < n; i++) {
      if (cfg_attr(dpy, got[i], EGL_RED_SIZE) < 8 || cfg_attr(dpy, got[i], EGL_ALPHA_SIZE) < 8)
         test_fail("RGBA8888 matched a config with less");
      if (i) {
         static const EGLint keys[] = { EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES,
                                        EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_CONFIG_ID };
         for (unsigned k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
            EGLint a = cfg_attr(dpy, got[i - 1], keys[k]), b = cfg_attr(dpy, got[i], keys[k]);
            if (a < b)
               break;
            if (a > b) {
               test_fail("RGBA8888: position %d sorts after %d by attribute 0x%x (%d > %d)", i - 1,
                         i, keys[k], a, b);
               break;
            }
         }
      }
   }

   /* samples: at least 4, the fewest first */
   EGLint ms4[] = { EGL_SAMPLES, 4, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE };
   n = choose(dpy, ms4, got, total);
   if (n <= 0 || cfg_attr(dpy, got[0], EGL_SAMPLES) != 4)
      test_fail("SAMPLES 4: %d configs, first with %d samples", n,
                n > 0 ? cfg_attr(dpy, got[0], EGL_SAMPLES) : -1);

   /* EGL_CONFIG_ID wins over everything else */
   EGLint by_id[] = { EGL_RED_SIZE, 99, EGL_CONFIG_ID, 5, EGL_NONE };
   n = choose(dpy, by_id, got, total);
   if (n != 1 || cfg_attr(dpy, got[0], EGL_CONFIG_ID) != 5)
      test_fail("EGL_CONFIG_ID 5 with RED_SIZE 99: %d configs", n);

   /* bad attributes and values */
   static const EGLint bad[][3] = {
      { 0x1234, 1, EGL_BAD_ATTRIBUTE },
      { EGL_LEVEL, EGL_DONT_CARE, EGL_BAD_ATTRIBUTE },
      { EGL_COLOR_BUFFER_TYPE, 0x1234, EGL_BAD_ATTRIBUTE },
      { EGL_RED_SIZE, -2, EGL_BAD_ATTRIBUTE },
      { EGL_CONFIG_CAVEAT, 0x1234, EGL_BAD_ATTRIBUTE },
      { EGL_NATIVE_RENDERABLE, 7, EGL_BAD_ATTRIBUTE },
      { EGL_MATCH_NATIVE_PIXMAP, 0x77, EGL_BAD_NATIVE_PIXMAP },
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      EGLint list[] = { bad[i][0], bad[i][1], EGL_NONE };
      EGLint m;
      if (eglChooseConfig(dpy, list, got, total, &m))
         test_fail("eglChooseConfig(0x%x = %d) succeeded", bad[i][0], bad[i][1]);
      char what[64];
      snprintf(what, sizeof(what), "eglChooseConfig(0x%x = %d)", bad[i][0], bad[i][1]);
      expect_error(bad[i][2], what);
   }
   if (eglChooseConfig(dpy, rgba8, got, total, NULL))
      test_fail("eglChooseConfig without num_config succeeded");
   expect_error(EGL_BAD_PARAMETER, "eglChooseConfig(num_config NULL)");

   /* no terminator in 600 pairs: an error, not a read past the list */
   EGLint *endless = malloc(1200 * sizeof(*endless));
   for (unsigned i = 0; i < 600; i++) {
      endless[2 * i] = EGL_RED_SIZE;
      endless[2 * i + 1] = 1;
   }
   if (eglChooseConfig(dpy, endless, got, total, &n))
      test_fail("eglChooseConfig with no EGL_NONE in 600 pairs succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglChooseConfig with no terminator");
   free(endless);

   /* eglGetConfigAttrib's errors */
   EGLint v, fake_cfg = 0;
   if (eglGetConfigAttrib(dpy, (EGLConfig)&fake_cfg, EGL_RED_SIZE, &v))
      test_fail("eglGetConfigAttrib on an invented config succeeded");
   expect_error(EGL_BAD_CONFIG, "eglGetConfigAttrib(invented config)");
   if (eglGetConfigAttrib(dpy, all[0], 0x1234, &v))
      test_fail("eglGetConfigAttrib(0x1234) succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglGetConfigAttrib(0x1234)");
   if (eglGetConfigAttrib(dpy, all[0], EGL_MATCH_NATIVE_PIXMAP, &v))
      test_fail("eglGetConfigAttrib(EGL_MATCH_NATIVE_PIXMAP) succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglGetConfigAttrib(EGL_MATCH_NATIVE_PIXMAP)");
   free(got);
   free(all);
}

static void
check_pbuffers(EGLDisplay dpy, EGLConfig cfg)
{
   EGLint max = cfg_attr(dpy, cfg, EGL_MAX_PBUFFER_WIDTH);
   struct {
      EGLint list[7];
      EGLint error;
      const char *what;
   } bad[] = {
      { { EGL_WIDTH, -1, EGL_NONE }, EGL_BAD_PARAMETER, "width -1" },
      { { 0x1234, 1, EGL_NONE }, EGL_BAD_ATTRIBUTE, "attribute 0x1234" },
      { { EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_NONE }, EGL_BAD_MATCH,
        "a texture format without a target" },
      { { EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE },
        EGL_BAD_ATTRIBUTE, "texture binding on a config without it" },
      { { EGL_WIDTH, max + 1, EGL_HEIGHT, 1, EGL_NONE }, EGL_BAD_ALLOC, "wider than the maximum" },
      { { EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE }, EGL_BAD_MATCH,
        "sRGB on a linear config" },
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      if (eglCreatePbufferSurface(dpy, cfg, bad[i].list) != EGL_NO_SURFACE)
         test_fail("eglCreatePbufferSurface with %s succeeded", bad[i].what);
      expect_error(bad[i].error, bad[i].what);
   }
   EGLint fake = 0;
   if (eglCreatePbufferSurface(dpy, (EGLConfig)&fake, NULL) != EGL_NO_SURFACE)
      test_fail("a pbuffer of an invented config");
   expect_error(EGL_BAD_CONFIG, "eglCreatePbufferSurface(invented config)");

   /* the largest pbuffer: clamped to the maximum */
   EGLint largest[] = { EGL_WIDTH, max + 100, EGL_HEIGHT, 2, EGL_LARGEST_PBUFFER, EGL_TRUE,
                        EGL_NONE };
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, largest);
   EGLint w = 0, h = 0;
   if (!s || !eglQuerySurface(dpy, s, EGL_WIDTH, &w) || !eglQuerySurface(dpy, s, EGL_HEIGHT, &h) ||
       w != max || h != 2)
      test_fail("EGL_LARGEST_PBUFFER: %dx%d, expected %dx2", w, h, max);
   if (s)
      eglDestroySurface(dpy, s);

   EGLint size[] = { EGL_WIDTH, 17, EGL_HEIGHT, 9, EGL_NONE };
   s = eglCreatePbufferSurface(dpy, cfg, size);
   if (!s) {
      test_fail("a 17x9 pbuffer: %s", egl_error_name(eglGetError()));
      return;
   }
   EGLint v = 0;
   eglQuerySurface(dpy, s, EGL_WIDTH, &w);
   eglQuerySurface(dpy, s, EGL_HEIGHT, &h);
   if (w != 17 || h != 9)
      test_fail("pbuffer size %dx%d, expected 17x9", w, h);
   if (!eglQuerySurface(dpy, s, EGL_CONFIG_ID, &v) || v != cfg_attr(dpy, cfg, EGL_CONFIG_ID))
      test_fail("pbuffer EGL_CONFIG_ID %d", v);
   if (!eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &v) || v != EGL_BACK_BUFFER)
      test_fail("pbuffer EGL_RENDER_BUFFER 0x%x, expected EGL_BACK_BUFFER", v);
   if (eglQuerySurface(dpy, s, 0x1234, &v))
      test_fail("eglQuerySurface(0x1234) succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglQuerySurface(0x1234)");
   if (eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED))
      test_fail("EGL_BUFFER_PRESERVED on a config without the bit");
   expect_error(EGL_BAD_MATCH, "eglSurfaceAttrib(EGL_BUFFER_PRESERVED)");
   if (eglSurfaceAttrib(dpy, s, EGL_MULTISAMPLE_RESOLVE, EGL_MULTISAMPLE_RESOLVE_BOX))
      test_fail("EGL_MULTISAMPLE_RESOLVE_BOX on a config without the bit");
   expect_error(EGL_BAD_MATCH, "eglSurfaceAttrib(EGL_MULTISAMPLE_RESOLVE_BOX)");
   if (eglSurfaceAttrib(dpy, s, EGL_MIPMAP_LEVEL, -1))
      test_fail("EGL_MIPMAP_LEVEL -1 accepted");
   expect_error(EGL_BAD_PARAMETER, "eglSurfaceAttrib(EGL_MIPMAP_LEVEL, -1)");
   if (!eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_DESTROYED))
      test_fail("EGL_BUFFER_DESTROYED refused");
   if (eglBindTexImage(dpy, s, EGL_BACK_BUFFER))
      test_fail("eglBindTexImage on a pbuffer without a texture format");
   expect_error(EGL_BAD_MATCH, "eglBindTexImage(EGL_NO_TEXTURE pbuffer)");
   if (eglSwapBuffers(dpy, s))
      test_fail("eglSwapBuffers on a surface not current");
   expect_error(EGL_BAD_SURFACE, "eglSwapBuffers(not current)");
   if (eglCopyBuffers(dpy, s, 0))
      test_fail("eglCopyBuffers to no pixmap");
   expect_error(EGL_BAD_NATIVE_PIXMAP, "eglCopyBuffers");
   eglDestroySurface(dpy, s);
   if (eglQuerySurface(dpy, s, EGL_WIDTH, &v))
      test_fail("eglQuerySurface on a destroyed pbuffer");
   expect_error(EGL_BAD_SURFACE, "eglQuerySurface(destroyed)");
   if (eglDestroySurface(dpy, s))
      test_fail("a pbuffer destroyed twice");
   expect_error(EGL_BAD_SURFACE, "eglDestroySurface(destroyed)");

   /* windows and pixmaps: no config has the bits */
   if (eglCreateWindowSurface(dpy, cfg, 0, NULL) != EGL_NO_SURFACE)
      test_fail("a window surface on the surfaceless platform");
   expect_error(EGL_BAD_MATCH, "eglCreateWindowSurface");
   if (eglCreatePixmapSurface(dpy, cfg, 0, NULL) != EGL_NO_SURFACE)
      test_fail("a pixmap surface on the surfaceless platform");
   expect_error(EGL_BAD_MATCH, "eglCreatePixmapSurface");
   if (eglCreatePbufferFromClientBuffer(dpy, EGL_OPENVG_IMAGE, (EGLClientBuffer)&fake, cfg,
                                        NULL) != EGL_NO_SURFACE)
      test_fail("a pbuffer from an OpenVG image");
   expect_error(EGL_BAD_ACCESS, "eglCreatePbufferFromClientBuffer(EGL_OPENVG_IMAGE)");
}

static void
check_contexts(EGLDisplay dpy, EGLConfig cfg)
{
   eglBindAPI(EGL_OPENGL_API);
   struct {
      EGLint list[9];
      EGLint error;
      const char *what;
   } bad[] = {
      { { 0x1234, 1, EGL_NONE }, EGL_BAD_ATTRIBUTE, "attribute 0x1234" },
      { { EGL_CONTEXT_MAJOR_VERSION, 9, EGL_NONE }, EGL_BAD_MATCH, "GL 9.0" },
      { { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
          EGL_CONTEXT_OPENGL_PROFILE_MASK, 0x8, EGL_NONE },
        EGL_BAD_MATCH, "3.2 with profile mask 0x8" },
      { { EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE },
        EGL_BAD_MATCH, "no-error with debug" },
      { { EGL_CONTEXT_OPENGL_DEBUG, 7, EGL_NONE }, EGL_BAD_ATTRIBUTE, "debug = 7" },
      { { EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, 0x1234, EGL_NONE }, EGL_BAD_ATTRIBUTE,
        "reset strategy 0x1234" },
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      if (eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, bad[i].list) != EGL_NO_CONTEXT)
         test_fail("eglCreateContext with %s succeeded", bad[i].what);
      expect_error(bad[i].error, bad[i].what);
   }
   EGLint fake = 0;
   if (eglCreateContext(dpy, (EGLConfig)&fake, EGL_NO_CONTEXT, NULL) != EGL_NO_CONTEXT)
      test_fail("a context of an invented config");
   expect_error(EGL_BAD_CONFIG, "eglCreateContext(invented config)");
   if (eglCreateContext(dpy, cfg, (EGLContext)&fake, NULL) != EGL_NO_CONTEXT)
      test_fail("a context sharing with an invented context");
   expect_error(EGL_BAD_CONTEXT, "eglCreateContext(invented share context)");

   EGLint *endless = malloc(1200 * sizeof(*endless));
   for (unsigned i = 0; i < 600; i++) {
      endless[2 * i] = EGL_CONTEXT_MINOR_VERSION;
      endless[2 * i + 1] = 0;
   }
   if (eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, endless) != EGL_NO_CONTEXT)
      test_fail("eglCreateContext with no EGL_NONE in 600 pairs succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglCreateContext with no terminator");
   free(endless);

   /* ES: forward compatibility is desktop GL's alone; the version is the client version */
   eglBindAPI(EGL_OPENGL_ES_API);
   EGLint es_fwd[] = { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE,
                       EGL_NONE };
   if (eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es_fwd) != EGL_NO_CONTEXT)
      test_fail("a forward-compatible ES context");
   expect_error(EGL_BAD_ATTRIBUTE, "ES + EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE");
   EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es2);
   EGLint v = 0;
   if (!c) {
      test_fail("an ES 2 context: %s", egl_error_name(eglGetError()));
   } else {
      if (!eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_TYPE, &v) || v != EGL_OPENGL_ES_API)
         test_fail("EGL_CONTEXT_CLIENT_TYPE 0x%x", v);
      if (!eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_VERSION, &v) || v != 2)
         test_fail("EGL_CONTEXT_CLIENT_VERSION %d", v);
      if (!eglQueryContext(dpy, c, EGL_CONFIG_ID, &v) || v != cfg_attr(dpy, cfg, EGL_CONFIG_ID))
         test_fail("context EGL_CONFIG_ID %d", v);
      if (eglQueryContext(dpy, c, 0x1234, &v))
         test_fail("eglQueryContext(0x1234) succeeded");
      expect_error(EGL_BAD_ATTRIBUTE, "eglQueryContext(0x1234)");
      /* a share context of another API */
      eglBindAPI(EGL_OPENGL_API);
      if (eglCreateContext(dpy, cfg, c, NULL) != EGL_NO_CONTEXT)
         test_fail("a GL context sharing with an ES one");
      expect_error(EGL_BAD_MATCH, "eglCreateContext(share of another API)");
      eglDestroyContext(dpy, c);
   }
   if (eglDestroyContext(dpy, c))
      test_fail("a context destroyed twice");
   expect_error(EGL_BAD_CONTEXT, "eglDestroyContext(destroyed)");
   eglBindAPI(EGL_OPENGL_API);
}

struct thread_try {
   EGLDisplay dpy;
   EGLContext ctx;
   EGLBoolean ok;
   EGLint error;
};

static void *
other_thread(void *arg)
{
   struct thread_try *t = arg;
   t->ok = eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t->ctx);
   t->error = eglGetError();
   eglReleaseThread();
   return NULL;
}

typedef void (*PFN_clear_color)(GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (*PFN_clear)(GLbitfield);
typedef void (*PFN_read_pixels)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *);
typedef void (*PFN_finish)(void);

/* Clear to (r, g, b) and read pixel (1, 1) back; false if the pixel differs
 * by more than 1 from the 8-bit values. */
static bool
clear_reads(unsigned r8, unsigned g8, unsigned b8)
{
   PFN_clear_color clear_color = (PFN_clear_color)eglGetProcAddress("glClearColor");
   PFN_clear clear = (PFN_clear)eglGetProcAddress("glClear");
   PFN_read_pixels read_pixels = (PFN_read_pixels)eglGetProcAddress("glReadPixels");
   if (!clear_color || !clear || !read_pixels)
      return false;
   clear_color(r8 / 255.0f, g8 / 255.0f, b8 / 255.0f, 1.0f);
   clear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = { 0 };
   read_pixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bool ok = abs(px[0] - (int)r8) <= 1 && abs(px[1] - (int)g8) <= 1 && abs(px[2] - (int)b8) <= 1;
   if (!ok)
      test_note("read %u %u %u, expected %u %u %u", px[0], px[1], px[2], r8, g8, b8);
   return ok;
}

static void
check_make_current(EGLDisplay dpy, EGLConfig cfg, EGLConfig other_cfg)
{
   EGLint size[] = { EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE };
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, size);
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (!s || !c) {
      test_fail("a pbuffer and context: %s", egl_error_name(eglGetError()));
      return;
   }
   EGLint fake = 0;
   if (eglMakeCurrent(dpy, s, EGL_NO_SURFACE, c))
      test_fail("eglMakeCurrent with a draw surface and no read surface");
   expect_error(EGL_BAD_MATCH, "eglMakeCurrent(draw, NO_SURFACE)");
   if (eglMakeCurrent(dpy, s, s, EGL_NO_CONTEXT))
      test_fail("eglMakeCurrent with surfaces and no context");
   expect_error(EGL_BAD_MATCH, "eglMakeCurrent(surfaces, NO_CONTEXT)");
   if (eglMakeCurrent(dpy, s, s, (EGLContext)&fake))
      test_fail("eglMakeCurrent with an invented context");
   expect_error(EGL_BAD_CONTEXT, "eglMakeCurrent(invented context)");
   if (eglMakeCurrent(dpy, (EGLSurface)&fake, (EGLSurface)&fake, c))
      test_fail("eglMakeCurrent with an invented surface");
   expect_error(EGL_BAD_SURFACE, "eglMakeCurrent(invented surface)");
   if (other_cfg) {
      EGLSurface o = eglCreatePbufferSurface(dpy, other_cfg, size);
      if (eglMakeCurrent(dpy, o, o, c))
         test_fail("eglMakeCurrent with a surface of another format");
      expect_error(EGL_BAD_MATCH, "eglMakeCurrent(surface of another config)");
      eglDestroySurface(dpy, o);
   }

   /* surfaceless, then with the pbuffer */
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c))
      test_fail("a surfaceless binding: %s", egl_error_name(eglGetError()));
   if (!eglMakeCurrent(dpy, s, s, c))
      test_fail("eglMakeCurrent: %s", egl_error_name(eglGetError()));
   if (eglGetCurrentContext() != c || eglGetCurrentSurface(EGL_DRAW) != s)
      test_fail("eglGetCurrentContext/Surface do not name the binding");
   if (!clear_reads(51, 204, 102))
      test_fail("the clear through libglvnd's GL entry points");
   if (!eglSwapBuffers(dpy, s))
      test_fail("eglSwapBuffers on the current pbuffer: %s", egl_error_name(eglGetError()));
   if (!eglSwapInterval(dpy, 0))
      test_fail("eglSwapInterval: %s", egl_error_name(eglGetError()));
   /* (libEGL answers eglWaitNative itself while no context is current) */
   if (eglWaitNative(0x1234))
      test_fail("eglWaitNative(0x1234) succeeded");
   expect_error(EGL_BAD_PARAMETER, "eglWaitNative(0x1234)");

   /* another thread may not take the context */
   struct thread_try tt = { dpy, c, EGL_TRUE, EGL_SUCCESS };
   pthread_t th;
   if (pthread_create(&th, NULL, other_thread, &tt) == 0 && pthread_join(th, NULL) == 0) {
      if (tt.ok || tt.error != EGL_BAD_ACCESS)
         test_fail("another thread binding a current context: %s",
                   tt.ok ? "succeeded" : egl_error_name(tt.error));
   }

   /* destroyed while current: still drawn to until released */
   if (!eglDestroySurface(dpy, s) || !eglDestroyContext(dpy, c))
      test_fail("destroying the current surface and context");
   if (!clear_reads(10, 20, 30))
      test_fail("rendering after the current pbuffer and context were destroyed");
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT))
      test_fail("releasing: %s", egl_error_name(eglGetError()));
   EGLint v;
   if (eglQueryContext(dpy, c, EGL_CONFIG_ID, &v))
      test_fail("the released, destroyed context is still valid");
   expect_error(EGL_BAD_CONTEXT, "eglQueryContext(destroyed, released)");
   if (eglSwapInterval(dpy, 1))
      test_fail("eglSwapInterval without a current context");
   expect_error(EGL_BAD_CONTEXT, "eglSwapInterval(no context)");
}

struct signaller {
   EGLDisplay dpy;
   EGLSyncKHR sync;
   PFNEGLSIGNALSYNCKHRPROC signal;
};

static void *
signal_later(void *arg)
{
   struct signaller *s = arg;
   struct timespec ts = { 0, 50 * 1000 * 1000 };
   nanosleep(&ts, NULL);
   s->signal(s->dpy, s->sync, EGL_SIGNALED_KHR);
   return NULL;
}

/* Fence syncs (EGL 1.5 core) and reusable syncs (EGL_KHR_reusable_sync). */
static void
check_syncs(EGLDisplay dpy, EGLConfig cfg)
{
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   EGLAttrib v = 0;
   if (eglCreateSync(dpy, EGL_SYNC_FENCE, NULL) != EGL_NO_SYNC)
      test_fail("a fence without a current context");
   expect_error(EGL_BAD_MATCH, "eglCreateSync(fence, no context)");
   if (!c || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
      test_fail("a context for syncs: %s", egl_error_name(eglGetError()));
      return;
   }
   if (eglCreateSync(dpy, 0x1234, NULL) != EGL_NO_SYNC)
      test_fail("a sync of type 0x1234");
   expect_error(EGL_BAD_PARAMETER, "eglCreateSync(0x1234)");
   EGLAttrib one[] = { EGL_SYNC_STATUS, EGL_SIGNALED, EGL_NONE };
   if (eglCreateSync(dpy, EGL_SYNC_FENCE, one) != EGL_NO_SYNC)
      test_fail("a fence with an attribute");
   expect_error(EGL_BAD_ATTRIBUTE, "eglCreateSync(fence, EGL_SYNC_STATUS)");

   EGLSync f = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   if (!f) {
      test_fail("a fence: %s", egl_error_name(eglGetError()));
   } else {
      if (eglClientWaitSync(dpy, f, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER) !=
          EGL_CONDITION_SATISFIED)
         test_fail("waiting for a fence: %s", egl_error_name(eglGetError()));
      if (!eglGetSyncAttrib(dpy, f, EGL_SYNC_STATUS, &v) || v != EGL_SIGNALED)
         test_fail("a waited-for fence is not signaled (0x%lx)", (long)v);
      if (!eglGetSyncAttrib(dpy, f, EGL_SYNC_TYPE, &v) || v != EGL_SYNC_FENCE)
         test_fail("fence EGL_SYNC_TYPE 0x%lx", (long)v);
      if (!eglGetSyncAttrib(dpy, f, EGL_SYNC_CONDITION, &v) ||
          v != EGL_SYNC_PRIOR_COMMANDS_COMPLETE)
         test_fail("fence EGL_SYNC_CONDITION 0x%lx", (long)v);
      if (eglGetSyncAttrib(dpy, f, 0x1234, &v))
         test_fail("eglGetSyncAttrib(0x1234) succeeded");
      expect_error(EGL_BAD_ATTRIBUTE, "eglGetSyncAttrib(0x1234)");
      if (eglWaitSync(dpy, f, 1))
         test_fail("eglWaitSync with flags 1 succeeded");
      expect_error(EGL_BAD_PARAMETER, "eglWaitSync(flags 1)");
      if (!eglWaitSync(dpy, f, 0))
         test_fail("eglWaitSync: %s", egl_error_name(eglGetError()));
      if (!eglDestroySync(dpy, f))
         test_fail("eglDestroySync: %s", egl_error_name(eglGetError()));
      if (eglDestroySync(dpy, f))
         test_fail("a fence destroyed twice");
      expect_error(EGL_BAD_PARAMETER, "eglDestroySync(destroyed)");
   }

   PFNEGLCREATESYNCKHRPROC create_khr = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   PFNEGLCLIENTWAITSYNCKHRPROC wait_khr =
      (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   PFNEGLSIGNALSYNCKHRPROC signal_khr = (PFNEGLSIGNALSYNCKHRPROC)eglGetProcAddress("eglSignalSyncKHR");
   PFNEGLGETSYNCATTRIBKHRPROC attrib_khr =
      (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   PFNEGLDESTROYSYNCKHRPROC destroy_khr =
      (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   if (!create_khr || !wait_khr || !signal_khr || !attrib_khr || !destroy_khr) {
      test_fail("the EGL_KHR_reusable_sync functions are missing");
   } else {
      EGLSyncKHR r = create_khr(dpy, EGL_SYNC_REUSABLE_KHR, NULL);
      EGLint iv = 0;
      if (!r || !attrib_khr(dpy, r, EGL_SYNC_STATUS_KHR, &iv) || iv != EGL_UNSIGNALED_KHR)
         test_fail("a new reusable sync: status 0x%x", iv);
      if (wait_khr(dpy, r, 0, 1000000) != EGL_TIMEOUT_EXPIRED_KHR)
         test_fail("waiting 1 ms on an unsignaled sync did not time out");
      if (attrib_khr(dpy, r, EGL_SYNC_CONDITION_KHR, &iv))
         test_fail("a reusable sync has a condition");
      expect_error(EGL_BAD_ATTRIBUTE, "eglGetSyncAttribKHR(reusable, EGL_SYNC_CONDITION_KHR)");
      /* another thread signals it while this one waits */
      struct signaller sg = { dpy, r, signal_khr };
      pthread_t th;
      if (pthread_create(&th, NULL, signal_later, &sg) == 0) {
         if (wait_khr(dpy, r, 0, EGL_FOREVER_KHR) != EGL_CONDITION_SATISFIED_KHR)
            test_fail("waiting for another thread's signal");
         pthread_join(th, NULL);
      }
      if (!attrib_khr(dpy, r, EGL_SYNC_STATUS_KHR, &iv) || iv != EGL_SIGNALED_KHR)
         test_fail("a signaled reusable sync: status 0x%x", iv);
      if (!signal_khr(dpy, r, EGL_UNSIGNALED_KHR) || !attrib_khr(dpy, r, EGL_SYNC_STATUS_KHR, &iv) ||
          iv != EGL_UNSIGNALED_KHR)
         test_fail("unsignaling a reusable sync");
      if (signal_khr(dpy, r, 0x1234))
         test_fail("eglSignalSyncKHR(0x1234) succeeded");
      expect_error(EGL_BAD_PARAMETER, "eglSignalSyncKHR(0x1234)");
      EGLSync f2 = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
      if (signal_khr(dpy, f2, EGL_SIGNALED_KHR))
         test_fail("eglSignalSyncKHR on a fence succeeded");
      expect_error(EGL_BAD_MATCH, "eglSignalSyncKHR(fence)");
      eglDestroySync(dpy, f2);
      if (!destroy_khr(dpy, r))
         test_fail("eglDestroySyncKHR: %s", egl_error_name(eglGetError()));
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
}

/* EGLImages need a DRM device: the surfaceless display has none (the VM
 * tests import and export dma-bufs on GBM displays) */
static void
check_images(EGLDisplay dpy)
{
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   if (exts && strstr(exts, "EGL_EXT_image_dma_buf_import"))
      test_fail("dma-buf import offered on the surfaceless display");
   EGLAttrib attribs[] = { EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_LINUX_DRM_FOURCC_EXT, 0x34325258,
                           EGL_DMA_BUF_PLANE0_FD_EXT, 0, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
                           EGL_DMA_BUF_PLANE0_PITCH_EXT, 16, EGL_NONE };
   if (eglCreateImage(dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL, attribs) != EGL_NO_IMAGE)
      test_fail("a dma-buf image on the surfaceless display");
   expect_error(EGL_BAD_MATCH, "eglCreateImage(dma-buf, no DRM device)");
   if (eglCreateImage(dpy, EGL_NO_CONTEXT, 0x1234, NULL, NULL) != EGL_NO_IMAGE)
      test_fail("an image of target 0x1234");
   expect_error(EGL_BAD_PARAMETER, "eglCreateImage(target 0x1234)");
   EGLint fake = 0;
   if (eglDestroyImage(dpy, (EGLImage)&fake))
      test_fail("an invented image destroyed");
   expect_error(EGL_BAD_PARAMETER, "eglDestroyImage(invented)");
}

static struct {
   unsigned calls;
   EGLenum error;
   char command[64];
   EGLint type;
   EGLLabelKHR thread_label, object_label;
} debug_seen;

static void EGLAPIENTRY
debug_callback(EGLenum error, const char *command, EGLint type, EGLLabelKHR thread_label,
               EGLLabelKHR object_label, const char *message)
{
   (void)message;
   debug_seen.calls++;
   debug_seen.error = error;
   snprintf(debug_seen.command, sizeof(debug_seen.command), "%s", command ? command : "");
   debug_seen.type = type;
   debug_seen.thread_label = thread_label;
   debug_seen.object_label = object_label;
}

/* EGL_KHR_debug: Pony's errors reach the callback with the command, the
 * type and the display's label; disabled types stay silent */
static void
check_debug(EGLDisplay dpy, EGLConfig cfg)
{
   PFNEGLDEBUGMESSAGECONTROLKHRPROC control =
      (PFNEGLDEBUGMESSAGECONTROLKHRPROC)eglGetProcAddress("eglDebugMessageControlKHR");
   PFNEGLLABELOBJECTKHRPROC label_object =
      (PFNEGLLABELOBJECTKHRPROC)eglGetProcAddress("eglLabelObjectKHR");
   if (!control || !label_object) {
      test_fail("the EGL_KHR_debug functions are missing");
      return;
   }
   static int display_label;
   if (label_object(dpy, EGL_OBJECT_DISPLAY_KHR, (EGLObjectKHR)dpy, &display_label) != EGL_SUCCESS)
      test_fail("labelling the display");
   EGLint fake = 0;
   if (label_object(dpy, EGL_OBJECT_CONTEXT_KHR, (EGLObjectKHR)&fake, &fake) != EGL_BAD_PARAMETER)
      test_fail("labelling an invented context did not fail with EGL_BAD_PARAMETER");
   eglGetError();
   EGLAttrib on[] = { EGL_DEBUG_MSG_ERROR_KHR, EGL_TRUE, EGL_NONE };
   if (control(debug_callback, on) != EGL_SUCCESS)
      test_fail("eglDebugMessageControlKHR");
   memset(&debug_seen, 0, sizeof(debug_seen));
   EGLint bad[] = { 0x1234, 1, EGL_NONE };
   eglCreatePbufferSurface(dpy, cfg, bad);
   eglGetError();
   if (debug_seen.calls != 1 || debug_seen.error != EGL_BAD_ATTRIBUTE ||
       strcmp(debug_seen.command, "eglCreatePbufferSurface") != 0 ||
       debug_seen.type != EGL_DEBUG_MSG_ERROR_KHR || debug_seen.object_label != &display_label)
      test_fail("debug callback: %u calls, error 0x%x, command \"%s\", type 0x%x, object label %s",
                debug_seen.calls, debug_seen.error, debug_seen.command, debug_seen.type,
                debug_seen.object_label == &display_label ? "the display's" : "another");
   /* errors off: silence */
   EGLAttrib off[] = { EGL_DEBUG_MSG_ERROR_KHR, EGL_FALSE, EGL_NONE };
   control(debug_callback, off);
   memset(&debug_seen, 0, sizeof(debug_seen));
   eglCreatePbufferSurface(dpy, cfg, bad);
   eglGetError();
   if (debug_seen.calls)
      test_fail("a disabled message type reached the callback");
   control(NULL, NULL);
}

static void
check_terminate(EGLDisplay dpy, EGLConfig cfg)
{
   EGLint size[] = { EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE };
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, size);
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (!s || !c || !eglMakeCurrent(dpy, s, s, c)) {
      test_fail("binding before eglTerminate: %s", egl_error_name(eglGetError()));
      return;
   }
   if (!eglTerminate(dpy))
      test_fail("eglTerminate: %s", egl_error_name(eglGetError()));
   /* the handles are gone, the binding is not */
   EGLint v;
   if (eglQueryContext(dpy, c, EGL_CONFIG_ID, &v))
      test_fail("eglQueryContext after eglTerminate succeeded");
   expect_error(EGL_NOT_INITIALIZED, "eglQueryContext after eglTerminate");
   if (!clear_reads(200, 100, 50))
      test_fail("rendering to the current pbuffer after eglTerminate");
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT))
      test_fail("releasing on a terminated display: %s", egl_error_name(eglGetError()));
   EGLint major = 0, minor = 0, n = 0;
   if (!eglInitialize(dpy, &major, &minor) || major != 1 || minor != 5 ||
       !eglGetConfigs(dpy, NULL, 0, &n) || n <= 0)
      test_fail("initializing again: %d.%d, %d configs", major, minor, n);
   if (!eglWaitClient() || !eglReleaseThread())
      test_fail("eglWaitClient / eglReleaseThread failed");
}

static void
check_devices(void)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices =
      (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC device_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   PFNEGLQUERYDEVICEATTRIBEXTPROC device_attrib =
      (PFNEGLQUERYDEVICEATTRIBEXTPROC)eglGetProcAddress("eglQueryDeviceAttribEXT");
   PFNEGLQUERYDISPLAYATTRIBEXTPROC display_attrib =
      (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   const char *(*driver_name)(EGLDisplay) =
      (const char *(*)(EGLDisplay))eglGetProcAddress("eglGetDisplayDriverName");
   if (!query_devices || !device_string || !device_attrib || !display_attrib || !gpd ||
       !driver_name) {
      test_fail("the device and query-driver functions are missing");
      return;
   }
   EGLDeviceEXT devs[16];
   EGLint n = 0;
   if (!query_devices(16, devs, &n) || n < 1) {
      test_fail("eglQueryDevicesEXT: %d devices", n);
      return;
   }
   /* the software device is the last; DRM devices (none here unless
    * /dev/dri exists) before it */
   EGLDeviceEXT sw = devs[n - 1];
   const char *ext = device_string(sw, EGL_EXTENSIONS);
   if (!ext || !strstr(ext, "EGL_MESA_device_software"))
      test_fail("the last device's extensions: %s", ext ? ext : "NULL");
   if (device_string(sw, EGL_DRM_DEVICE_FILE_EXT))
      test_fail("the software device has a DRM device file");
   expect_error(EGL_BAD_PARAMETER, "eglQueryDeviceStringEXT(software, EGL_DRM_DEVICE_FILE_EXT)");
   EGLAttrib v = 0;
   if (device_attrib(sw, 0x1234, &v))
      test_fail("eglQueryDeviceAttribEXT(0x1234) succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglQueryDeviceAttribEXT(0x1234)");
   for (EGLint i = 0; i + 1 < n; i++) {
      const char *node = device_string(devs[i], EGL_DRM_RENDER_NODE_FILE_EXT);
      if (!node || strncmp(node, "/dev/dri/renderD", 16) != 0)
         test_fail("device %d: render node %s", i, node ? node : "NULL");
   }
   if (query_devices(0, devs, &n))
      test_fail("eglQueryDevicesEXT with room for 0 devices succeeded");
   eglGetError();

   /* the device platform on the software device: a display that renders */
   EGLDisplay dpy = gpd(EGL_PLATFORM_DEVICE_EXT, sw, NULL);
   EGLint major, minor;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
      test_fail("a display of the software device: %s", egl_error_name(eglGetError()));
      return;
   }
   if (!display_attrib(dpy, EGL_DEVICE_EXT, &v) || (EGLDeviceEXT)v != sw)
      test_fail("eglQueryDisplayAttribEXT(EGL_DEVICE_EXT) is not the device");
   if (display_attrib(dpy, 0x1234, &v))
      test_fail("eglQueryDisplayAttribEXT(0x1234) succeeded");
   expect_error(EGL_BAD_ATTRIBUTE, "eglQueryDisplayAttribEXT(0x1234)");
   const char *name = driver_name(dpy);
   if (!name || strcmp(name, "pony") != 0)
      test_fail("eglGetDisplayDriverName: %s", name ? name : "NULL");
   EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 0, 0);
   EGLint size[] = { EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE };
   EGLSurface s = cfg ? eglCreatePbufferSurface(dpy, cfg, size) : EGL_NO_SURFACE;
   eglBindAPI(EGL_OPENGL_API);
   EGLContext c = cfg ? eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL) : EGL_NO_CONTEXT;
   if (!s || !c || !eglMakeCurrent(dpy, s, s, c) || !clear_reads(90, 180, 30))
      test_fail("rendering on the device display: %s", egl_error_name(eglGetError()));
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);

   /* a device that is not one */
   EGLint fake = 0;
   if (gpd(EGL_PLATFORM_DEVICE_EXT, &fake, NULL) != EGL_NO_DISPLAY)
      test_fail("a display of an invented device");
   eglGetError();
}

int
main(void)
{
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!client || !strstr(client, "EGL_MESA_platform_surfaceless") || !gpd) {
      printf("no surfaceless platform\n");
      return TEST_FAIL;
   }
   EGLDisplay dpy = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY) {
      printf("no surfaceless display: %s\n", egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   check_displays(dpy);
   check_uninitialized(dpy);
   EGLint major = 0, minor = 0;
   if (!eglInitialize(dpy, &major, &minor) || major != 1 || minor != 5) {
      printf("eglInitialize: %d.%d, %s\n", major, minor, egl_error_name(eglGetError()));
      return TEST_FAIL;
   }
   check_strings(dpy);
   check_configs(dpy);
   EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 0, 0);
   EGLConfig other = egl_test_find_config(dpy, 5, 6, 5, 0, 0, 0);
   if (!cfg) {
      test_fail("no RGBA8888 config");
      return test_finish("egl-vendor-api");
   }
   check_pbuffers(dpy, cfg);
   check_contexts(dpy, cfg);
   check_make_current(dpy, cfg, other);
   check_syncs(dpy, cfg);
   check_images(dpy);
   check_debug(dpy, cfg);
   check_terminate(dpy, cfg);
   eglTerminate(dpy);
   check_devices();
   return test_finish("egl-vendor-api");
}
