/*
 * EGL configs and contexts through Mesa's libEGL on the surfaceless
 * platform:
 *  - the config list: consistent sizes, the RGBA8888 and XRGB8888 configs
 *    with and without D24S8 that every DRI driver here is expected to offer;
 *  - every listed config yields a pbuffer (EGL pbuffers need the
 *    single-buffered twin of each config) that a configless GL context can
 *    bind and clear;
 *  - a GL compatibility context: strings, initial viewport/scissor, bits;
 *  - APIs and versions a driver may not offer are either refused with
 *    EGL_BAD_MATCH or work and report a matching version; impossible
 *    requests are refused;
 *  - two contexts on two surfaces keep their own pixels.
 */
#include "egl_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
check_config_list(EGLDisplay dpy)
{
   EGLint n = 0;
   if (!eglGetConfigs(dpy, NULL, 0, &n) || n <= 0) {
      test_fail("eglGetConfigs: %d configs (%s)", n,
                egl_error_name(eglGetError()));
      return;
   }
   EGLConfig *configs = calloc((size_t)n, sizeof(*configs));
   EGLint got = 0;
   eglGetConfigs(dpy, configs, n, &got);
   if (got != n)
      test_fail("eglGetConfigs returned %d configs, counted %d", got, n);
   test_note("%d configs", n);

   for (EGLint i = 0; i < got; i++) {
      EGLint id, r, g, b, a, d, s, bs, st, rt, ct, samples;
      eglGetConfigAttrib(dpy, configs[i], EGL_CONFIG_ID, &id);
      eglGetConfigAttrib(dpy, configs[i], EGL_RED_SIZE, &r);
      eglGetConfigAttrib(dpy, configs[i], EGL_GREEN_SIZE, &g);
      eglGetConfigAttrib(dpy, configs[i], EGL_BLUE_SIZE, &b);
      eglGetConfigAttrib(dpy, configs[i], EGL_ALPHA_SIZE, &a);
      eglGetConfigAttrib(dpy, configs[i], EGL_DEPTH_SIZE, &d);
      eglGetConfigAttrib(dpy, configs[i], EGL_STENCIL_SIZE, &s);
      eglGetConfigAttrib(dpy, configs[i], EGL_BUFFER_SIZE, &bs);
      eglGetConfigAttrib(dpy, configs[i], EGL_SURFACE_TYPE, &st);
      eglGetConfigAttrib(dpy, configs[i], EGL_RENDERABLE_TYPE, &rt);
      eglGetConfigAttrib(dpy, configs[i], EGL_COLOR_BUFFER_TYPE, &ct);
      eglGetConfigAttrib(dpy, configs[i], EGL_SAMPLES, &samples);
      /* EGL 1.5, 3.4: BUFFER_SIZE is the sum of the colour component
       * sizes for RGB buffers. */
      if (ct == EGL_RGB_BUFFER && bs != r + g + b + a)
         test_fail("config 0x%x: EGL_BUFFER_SIZE %d != %d+%d+%d+%d", id, bs,
                   r, g, b, a);
      /* The surfaceless platform has nothing but pbuffers. */
      if (!(st & EGL_PBUFFER_BIT))
         test_fail("config 0x%x: no EGL_PBUFFER_BIT (surface type 0x%x)",
                   id, st);
      if (!(rt & EGL_OPENGL_BIT))
         test_fail("config 0x%x: renderable type 0x%x lacks EGL_OPENGL_BIT",
                   id, rt);
      if (r <= 0 || g <= 0 || b <= 0)
         test_fail("config 0x%x: colour sizes %d/%d/%d", id, r, g, b);
   }
   free(configs);

   static const struct { int r, g, b, a, d, s; } required[] = {
      { 8, 8, 8, 8, 0, 0 },
      { 8, 8, 8, 8, 24, 8 },
      { 8, 8, 8, 0, 0, 0 },
      { 8, 8, 8, 0, 24, 8 },
   };
   for (unsigned i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
      if (!egl_test_find_config(dpy, required[i].r, required[i].g,
                                required[i].b, required[i].a, required[i].d,
                                required[i].s))
         test_fail("no pbuffer config R%dG%dB%dA%d D%d S%d",
                   required[i].r, required[i].g, required[i].b,
                   required[i].a, required[i].d, required[i].s);
   }

   /* eglChooseConfig finds them too, smallest sufficient first among
    * equals: asking for 8888 + depth 24 must give depth >= 24. */
   const EGLint want[] = {
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8,
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
      EGL_NONE,
   };
   EGLConfig chosen[64];
   EGLint nchosen = 0;
   if (!eglChooseConfig(dpy, want, chosen, 64, &nchosen) || nchosen < 1) {
      test_fail("eglChooseConfig(RGBA8888 D24 S8 pbuffer) found %d configs",
                nchosen);
   } else {
      for (EGLint i = 0; i < nchosen; i++) {
         EGLint d = 0, s = 0, r = 0;
         eglGetConfigAttrib(dpy, chosen[i], EGL_DEPTH_SIZE, &d);
         eglGetConfigAttrib(dpy, chosen[i], EGL_STENCIL_SIZE, &s);
         eglGetConfigAttrib(dpy, chosen[i], EGL_RED_SIZE, &r);
         if (d < 24 || s < 8 || r < 8)
            test_fail("eglChooseConfig returned a config with R%d D%d S%d",
                      r, d, s);
      }
   }
}

/* Every config must give a pbuffer (the single-buffered twin) that a
 * configless GL context binds and clears. */
static void
check_every_config_renders(EGLDisplay dpy)
{
   EGLint n = 0;
   eglGetConfigs(dpy, NULL, 0, &n);
   EGLConfig *configs = calloc((size_t)n, sizeof(*configs));
   eglGetConfigs(dpy, configs, n, &n);

   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                     NULL);
   if (ctx == EGL_NO_CONTEXT) {
      test_fail("configless GL context: %s", egl_error_name(eglGetError()));
      free(configs);
      return;
   }
   for (EGLint i = 0; i < n; i++) {
      EGLint id = 0, r = 0, samples = 0;
      eglGetConfigAttrib(dpy, configs[i], EGL_CONFIG_ID, &id);
      eglGetConfigAttrib(dpy, configs[i], EGL_RED_SIZE, &r);
      eglGetConfigAttrib(dpy, configs[i], EGL_SAMPLES, &samples);
      const EGLint attribs[] = { EGL_WIDTH, 5, EGL_HEIGHT, 3, EGL_NONE };
      EGLSurface surf = eglCreatePbufferSurface(dpy, configs[i], attribs);
      if (surf == EGL_NO_SURFACE) {
         test_fail("config 0x%x: eglCreatePbufferSurface failed: %s", id,
                   egl_error_name(eglGetError()));
         continue;
      }
      EGLint w = 0, h = 0, sid = 0;
      eglQuerySurface(dpy, surf, EGL_WIDTH, &w);
      eglQuerySurface(dpy, surf, EGL_HEIGHT, &h);
      eglQuerySurface(dpy, surf, EGL_CONFIG_ID, &sid);
      if (w != 5 || h != 3 || sid != id)
         test_fail("config 0x%x: pbuffer reports %dx%d config 0x%x", id, w,
                   h, sid);
      if (!eglMakeCurrent(dpy, surf, surf, ctx)) {
         test_fail("config 0x%x: eglMakeCurrent failed: %s", id,
                   egl_error_name(eglGetError()));
         eglDestroySurface(dpy, surf);
         continue;
      }
      GLint vp[4] = { 0, 0, 0, 0 };
      glGetIntegerv(GL_VIEWPORT, vp);
      glViewport(0, 0, 5, 3);
      glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      uint8_t px[5 * 3 * 4];
      fill_sentinel(px, sizeof(px));
      reset_pack_state();
      glReadPixels(0, 0, 5, 3, GL_RGBA, GL_UNSIGNED_BYTE, px);
      char what[64];
      snprintf(what, sizeof(what), "config 0x%x: clear and read", id);
      gl_expect_error(GL_NO_ERROR, what);
      for (int p = 0; p < 15; p++) {
         /* magenta is exact at every colour depth */
         if (px[p * 4] != 255 || px[p * 4 + 1] != 0 ||
             px[p * 4 + 2] != 255 || px[p * 4 + 3] != 255) {
            test_fail("config 0x%x (R%d, %d samples): pixel (%d,%d) is "
                      "%u,%u,%u,%u after clearing to magenta", id, r,
                      samples, p % 5, p / 5, px[p * 4], px[p * 4 + 1],
                      px[p * 4 + 2], px[p * 4 + 3]);
            break;
         }
      }

      /* An inexact colour: each channel is stored with the config's bits
       * and read back as 8 bits; a config without alpha reads 1. */
      EGLint sizes[4] = { 0, 0, 0, 0 };
      eglGetConfigAttrib(dpy, configs[i], EGL_RED_SIZE, &sizes[0]);
      eglGetConfigAttrib(dpy, configs[i], EGL_GREEN_SIZE, &sizes[1]);
      eglGetConfigAttrib(dpy, configs[i], EGL_BLUE_SIZE, &sizes[2]);
      eglGetConfigAttrib(dpy, configs[i], EGL_ALPHA_SIZE, &sizes[3]);
      static const float colour[4] = { 0.3f, 0.6f, 0.9f, 0.5f };
      unsigned want[4];
      for (int c = 0; c < 4; c++) {
         if (sizes[c] <= 0) {
            want[c] = 255;
         } else {
            unsigned q = unorm_from_float(colour[c], sizes[c]);
            want[c] = unorm_from_float(q / (double)((1u << sizes[c]) - 1), 8);
         }
      }
      glClearColor(colour[0], colour[1], colour[2], colour[3]);
      glClear(GL_COLOR_BUFFER_BIT);
      fill_sentinel(px, sizeof(px));
      glReadPixels(0, 0, 5, 3, GL_RGBA, GL_UNSIGNED_BYTE, px);
      for (int p = 0; p < 15; p++) {
         bool ok = true;
         for (int c = 0; c < 4; c++)
            if (abs((int)px[p * 4 + c] - (int)want[c]) > 1)
               ok = false;
         if (!ok) {
            test_fail("config 0x%x (R%dG%dB%dA%d, %d samples): pixel (%d,%d) "
                      "is %u,%u,%u,%u after clearing to 0.3,0.6,0.9,0.5, "
                      "expected %u,%u,%u,%u (+-1)", id, sizes[0], sizes[1],
                      sizes[2], sizes[3], samples, p % 5, p / 5, px[p * 4],
                      px[p * 4 + 1], px[p * 4 + 2], px[p * 4 + 3], want[0],
                      want[1], want[2], want[3]);
            break;
         }
      }
      gl_expect_error(GL_NO_ERROR, what);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroySurface(dpy, surf);
   }
   eglDestroyContext(dpy, ctx);
   free(configs);
}

static int
parse_version(const char *s, bool *es, int *major, int *minor)
{
   *es = false;
   if (!strncmp(s, "OpenGL ES-CM ", 13) || !strncmp(s, "OpenGL ES-CL ", 13)) {
      *es = true;
      s += 13;
   } else if (!strncmp(s, "OpenGL ES ", 10)) {
      *es = true;
      s += 10;
   }
   return sscanf(s, "%d.%d", major, minor) == 2;
}

/* Binds ctx to surf and checks its version string against the request. */
static void
check_context_version(EGLDisplay dpy, EGLSurface surf, EGLContext ctx,
                      const char *label, bool want_es, int major, int minor)
{
   if (!eglMakeCurrent(dpy, surf, surf, ctx)) {
      test_fail("%s: created but eglMakeCurrent failed: %s", label,
                egl_error_name(eglGetError()));
      return;
   }
   const char *v = (const char *)glGetString(GL_VERSION);
   bool es;
   int ma, mi;
   if (!v || !parse_version(v, &es, &ma, &mi)) {
      test_fail("%s: GL_VERSION \"%s\" unparsable", label, v ? v : "(null)");
   } else {
      test_note("%s: works, GL_VERSION %s", label, v);
      if (es != want_es)
         test_fail("%s: GL_VERSION \"%s\" is %s", label, v,
                   es ? "OpenGL ES" : "desktop GL");
      if (ma < major || (ma == major && mi < minor))
         test_fail("%s: GL_VERSION \"%s\" is below the requested %d.%d",
                   label, v, major, minor);
      if (want_es && major == 1 && ma != 1)
         test_fail("%s: an ES 1 request got \"%s\"", label, v);
      if (want_es && major >= 2 && ma < 2)
         test_fail("%s: an ES %d request got \"%s\"", label, major, v);
   }
   /* Whatever the API, a clear and a read must work on it. */
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4] = { 1, 2, 3, 4 };
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (px[0] != 0 || px[1] != 255 || px[2] != 0 || px[3] != 255)
      test_fail("%s: cleared pixel reads %u,%u,%u,%u, expected 0,255,0,255",
                label, px[0], px[1], px[2], px[3]);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

/* Either refused with EGL_BAD_MATCH or a working context of that API. */
static void
try_context(EGLDisplay dpy, EGLConfig cfg, EGLSurface surf, EGLenum api,
            const EGLint *attribs, const char *label, bool es, int major,
            int minor)
{
   eglBindAPI(api);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT) {
      EGLint err = eglGetError();
      if (err != EGL_BAD_MATCH)
         test_fail("%s: refused with %s, expected EGL_BAD_MATCH or success",
                   label, egl_error_name(err));
      else
         test_note("%s: refused (EGL_BAD_MATCH)", label);
      return;
   }
   check_context_version(dpy, surf, ctx, label, es, major, minor);
   eglDestroyContext(dpy, ctx);
}

/* Must be refused with exactly 'want'. */
static void
must_refuse(EGLDisplay dpy, EGLConfig cfg, EGLenum api, const EGLint *attribs,
            EGLint want, const char *label)
{
   eglBindAPI(api);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
   if (ctx != EGL_NO_CONTEXT) {
      test_fail("%s: created, expected %s", label, egl_error_name(want));
      eglDestroyContext(dpy, ctx);
      return;
   }
   EGLint err = eglGetError();
   if (err != want)
      test_fail("%s: refused with %s, expected %s", label,
                egl_error_name(err), egl_error_name(want));
}

static void
check_contexts(EGLDisplay dpy)
{
   EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 0, 0);
   if (!cfg)
      return;   /* already reported by check_config_list */
   const EGLint pb[] = { EGL_WIDTH, 16, EGL_HEIGHT, 8, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
   if (surf == EGL_NO_SURFACE) {
      test_fail("eglCreatePbufferSurface(16x8): %s",
                egl_error_name(eglGetError()));
      return;
   }

   /* The default GL context: compatibility profile, any version. */
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (ctx == EGL_NO_CONTEXT) {
      test_fail("GL compatibility context: %s", egl_error_name(eglGetError()));
   } else {
      if (eglGetCurrentContext() != EGL_NO_CONTEXT)
         test_fail("a context is current before eglMakeCurrent");
      if (!eglMakeCurrent(dpy, surf, surf, ctx)) {
         test_fail("eglMakeCurrent: %s", egl_error_name(eglGetError()));
      } else {
         if (eglGetCurrentContext() != ctx || eglGetCurrentSurface(EGL_DRAW) != surf)
            test_fail("eglGetCurrentContext/Surface do not match");
         EGLint api = 0;
         eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &api);
         if (api != EGL_OPENGL_API)
            test_fail("EGL_CONTEXT_CLIENT_TYPE is 0x%x", api);
         static const GLenum names[] = { GL_VENDOR, GL_RENDERER, GL_VERSION,
                                         GL_EXTENSIONS };
         static const char *const labels[] = { "GL_VENDOR", "GL_RENDERER",
                                               "GL_VERSION", "GL_EXTENSIONS" };
         for (int i = 0; i < 4; i++) {
            const char *s = (const char *)glGetString(names[i]);
            if (!s)
               test_fail("glGetString(%s) is NULL", labels[i]);
            else if (i < 3)
               test_note("%s: %s", labels[i], s);
         }
         const char *v = (const char *)glGetString(GL_VERSION);
         bool es;
         int ma, mi;
         if (!v || !parse_version(v, &es, &ma, &mi) || es || ma < 1)
            test_fail("GL_VERSION \"%s\" is not a desktop GL version",
                      v ? v : "(null)");
         const char *expect = getenv("PONY_EXPECT_RENDERER");
         const char *rend = (const char *)glGetString(GL_RENDERER);
         if (expect && *expect && (!rend || !strstr(rend, expect)))
            test_fail("GL_RENDERER \"%s\" does not contain \"%s\"",
                      rend ? rend : "(null)", expect);

         /* Initial viewport and scissor box: the surface (GL 2.1, 2.11.1
          * and 4.1.2: set to the window size on first binding). */
         GLint vp[4] = { -1, -1, -1, -1 }, sc[4] = { -1, -1, -1, -1 };
         glGetIntegerv(GL_VIEWPORT, vp);
         glGetIntegerv(GL_SCISSOR_BOX, sc);
         if (vp[0] != 0 || vp[1] != 0 || vp[2] != 16 || vp[3] != 8)
            test_fail("initial GL_VIEWPORT %d,%d,%d,%d, expected 0,0,16,8",
                      vp[0], vp[1], vp[2], vp[3]);
         if (sc[0] != 0 || sc[1] != 0 || sc[2] != 16 || sc[3] != 8)
            test_fail("initial GL_SCISSOR_BOX %d,%d,%d,%d, expected 0,0,16,8",
                      sc[0], sc[1], sc[2], sc[3]);
         GLint bits[6] = { -1, -1, -1, -1, -1, -1 };
         static const GLenum bit_names[6] = {
            GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS, GL_ALPHA_BITS,
            GL_DEPTH_BITS, GL_STENCIL_BITS,
         };
         static const GLint bit_want[6] = { 8, 8, 8, 8, 0, 0 };
         for (int i = 0; i < 6; i++) {
            glGetIntegerv(bit_names[i], &bits[i]);
            if (bits[i] != bit_want[i])
               test_fail("glGetIntegerv(0x%x) (bits of channel %d) is %d, "
                         "expected %d", bit_names[i], i, bits[i],
                         bit_want[i]);
         }
         gl_expect_error(GL_NO_ERROR, "GL compatibility context queries");
         eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
         if (eglGetCurrentContext() != EGL_NO_CONTEXT)
            test_fail("context still current after release");
      }
      eglDestroyContext(dpy, ctx);
   }

   /* Explicit compatibility versions. */
   const EGLint gl10[] = { EGL_CONTEXT_MAJOR_VERSION_KHR, 1,
                           EGL_CONTEXT_MINOR_VERSION_KHR, 0, EGL_NONE };
   try_context(dpy, cfg, surf, EGL_OPENGL_API, gl10, "GL 1.0", false, 1, 0);
   const EGLint gl21[] = { EGL_CONTEXT_MAJOR_VERSION_KHR, 2,
                           EGL_CONTEXT_MINOR_VERSION_KHR, 1, EGL_NONE };
   try_context(dpy, cfg, surf, EGL_OPENGL_API, gl21, "GL 2.1", false, 2, 1);
   const EGLint gl30[] = { EGL_CONTEXT_MAJOR_VERSION_KHR, 3,
                           EGL_CONTEXT_MINOR_VERSION_KHR, 0, EGL_NONE };
   try_context(dpy, cfg, surf, EGL_OPENGL_API, gl30, "GL 3.0", false, 3, 0);
   const EGLint core32[] = {
      EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 2,
      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR, EGL_NONE,
   };
   try_context(dpy, cfg, surf, EGL_OPENGL_API, core32, "GL 3.2 core", false,
               3, 2);
   const EGLint compat32[] = {
      EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 2,
      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR,
      EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT_KHR, EGL_NONE,
   };
   try_context(dpy, cfg, surf, EGL_OPENGL_API, compat32,
               "GL 3.2 compatibility", false, 3, 2);
   const EGLint es1[] = { EGL_CONTEXT_CLIENT_VERSION, 1, EGL_NONE };
   try_context(dpy, cfg, surf, EGL_OPENGL_ES_API, es1, "GLES 1", true, 1, 0);
   const EGLint es2[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   try_context(dpy, cfg, surf, EGL_OPENGL_ES_API, es2, "GLES 2", true, 2, 0);
   const EGLint es3[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
   try_context(dpy, cfg, surf, EGL_OPENGL_ES_API, es3, "GLES 3", true, 3, 0);

   /* Requests no driver here can satisfy. */
   const EGLint gl99[] = { EGL_CONTEXT_MAJOR_VERSION_KHR, 9,
                           EGL_CONTEXT_MINOR_VERSION_KHR, 9, EGL_NONE };
   must_refuse(dpy, cfg, EGL_OPENGL_API, gl99, EGL_BAD_MATCH,
               "GL 9.9 compatibility");
   const EGLint core99[] = {
      EGL_CONTEXT_MAJOR_VERSION_KHR, 9, EGL_CONTEXT_MINOR_VERSION_KHR, 0,
      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR, EGL_NONE,
   };
   must_refuse(dpy, cfg, EGL_OPENGL_API, core99, EGL_BAD_MATCH,
               "GL 9.0 core");
   const EGLint es9[] = { EGL_CONTEXT_CLIENT_VERSION, 9, EGL_NONE };
   must_refuse(dpy, cfg, EGL_OPENGL_ES_API, es9, EGL_BAD_MATCH, "GLES 9");
   const EGLint badflag[] = { EGL_CONTEXT_FLAGS_KHR, 0x80, EGL_NONE };
   must_refuse(dpy, cfg, EGL_OPENGL_API, badflag, EGL_BAD_ATTRIBUTE,
               "unknown context flag 0x80");
   const EGLint badattr[] = { 0x7fff, 1, EGL_NONE };
   must_refuse(dpy, cfg, EGL_OPENGL_API, badattr, EGL_BAD_ATTRIBUTE,
               "unknown context attribute 0x7fff");

   eglDestroySurface(dpy, surf);
}

/* Two contexts, two surfaces of different sizes: each keeps its pixels,
 * and a context bound to a new surface keeps its own (already set)
 * viewport. */
static void
check_two_contexts(EGLDisplay dpy)
{
   EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 0, 0);
   if (!cfg)
      return;
   const EGLint a_attr[] = { EGL_WIDTH, 7, EGL_HEIGHT, 5, EGL_NONE };
   const EGLint b_attr[] = { EGL_WIDTH, 11, EGL_HEIGHT, 9, EGL_NONE };
   EGLSurface a = eglCreatePbufferSurface(dpy, cfg, a_attr);
   EGLSurface b = eglCreatePbufferSurface(dpy, cfg, b_attr);
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ca = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   EGLContext cb = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (!a || !b || !ca || !cb) {
      test_fail("two contexts: creation failed: %s",
                egl_error_name(eglGetError()));
      goto out;
   }
   if (!eglMakeCurrent(dpy, a, a, ca))
      test_fail("two contexts: bind A: %s", egl_error_name(eglGetError()));
   glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   if (!eglMakeCurrent(dpy, b, b, cb))
      test_fail("two contexts: bind B: %s", egl_error_name(eglGetError()));
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   GLint vp[4];
   glGetIntegerv(GL_VIEWPORT, vp);
   if (vp[2] != 11 || vp[3] != 9)
      test_fail("context B's initial viewport is %dx%d, expected 11x9",
                vp[2], vp[3]);

   /* context A now on surface B: sees blue; its viewport stays 7x5 */
   if (!eglMakeCurrent(dpy, b, b, ca))
      test_fail("two contexts: bind A to B: %s", egl_error_name(eglGetError()));
   uint8_t *px = read_surface_rgba8(11, 9);
   for (int i = 0; px && i < 11 * 9; i++) {
      if (px[i * 4] != 0 || px[i * 4 + 2] != 255) {
         test_fail("surface B read through context A: pixel (%d,%d) is "
                   "%u,%u,%u", i % 11, i / 11, px[i * 4], px[i * 4 + 1],
                   px[i * 4 + 2]);
         break;
      }
   }
   free(px);
   glGetIntegerv(GL_VIEWPORT, vp);
   if (vp[2] != 7 || vp[3] != 5)
      test_fail("context A's viewport on surface B is %dx%d, expected 7x5 "
                "(set on first binding only)", vp[2], vp[3]);

   /* surface A still red, read through context B */
   if (!eglMakeCurrent(dpy, a, a, cb))
      test_fail("two contexts: bind B to A: %s", egl_error_name(eglGetError()));
   px = read_surface_rgba8(7, 5);
   for (int i = 0; px && i < 7 * 5; i++) {
      if (px[i * 4] != 255 || px[i * 4 + 2] != 0) {
         test_fail("surface A read through context B: pixel (%d,%d) is "
                   "%u,%u,%u", i % 7, i / 7, px[i * 4], px[i * 4 + 1],
                   px[i * 4 + 2]);
         break;
      }
   }
   free(px);
   gl_expect_error(GL_NO_ERROR, "two contexts");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
out:
   if (ca)
      eglDestroyContext(dpy, ca);
   if (cb)
      eglDestroyContext(dpy, cb);
   if (a)
      eglDestroySurface(dpy, a);
   if (b)
      eglDestroySurface(dpy, b);
}

int
main(void)
{
   EGLDisplay dpy = egl_test_display();
   if (dpy == EGL_NO_DISPLAY)
      return TEST_FAIL;
   const char *vendor = eglQueryString(dpy, EGL_VENDOR);
   const char *version = eglQueryString(dpy, EGL_VERSION);
   const char *apis = eglQueryString(dpy, EGL_CLIENT_APIS);
   test_note("EGL vendor %s, version %s, APIs %s", vendor ? vendor : "?",
             version ? version : "?", apis ? apis : "?");
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   if (!exts || !strstr(exts, "EGL_KHR_surfaceless_context") ||
       !strstr(exts, "EGL_KHR_no_config_context"))
      test_fail("EGL_KHR_surfaceless_context/no_config_context missing");

   check_config_list(dpy);
   check_every_config_renders(dpy);
   check_contexts(dpy);
   check_two_contexts(dpy);

   eglTerminate(dpy);
   eglReleaseThread();
   return test_finish("egl-configs");
}
