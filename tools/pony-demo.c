/*
 * pony-demo: renders a picture through Mesa's libEGL (surfaceless
 * platform, a pbuffer and a GL compatibility context) on whatever driver
 * the loader picks -- run it through pony-run for Pony -- reads it back with
 * glReadPixels and writes a PNG.
 *
 * The picture is drawn by draw_scene() alone (fixed-function GL 1.1:
 * textures, lighting, depth test); --verify checks it (see draw_scene).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>

#include "demo_scene.h"

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: pony-demo [-o out.png] [-s WxH] [--verify]\n"
           "Draws a picture through Mesa's libEGL (surfaceless pbuffer) on the\n"
           "driver the loader picks (use pony-run for Pony) and writes a PNG.\n"
           "  -o FILE     output file (default pony-demo.png)\n"
           "  -s WxH      size (default 320x240)\n"
           "  --verify    check the picture: same with the other draw order,\n"
           "              sky and lit-floor probes match computed colours\n");
}

static EGLDisplay
open_display(void)
{
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (!client || !strstr(client, "EGL_MESA_platform_surfaceless"))
      return EGL_NO_DISPLAY;
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   if (!get_platform_display)
      return EGL_NO_DISPLAY;
   return get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                               EGL_DEFAULT_DISPLAY, NULL);
}

int
main(int argc, char **argv)
{
   const char *out = "pony-demo.png";
   int w = 320, h = 240;
   bool verify = false;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out = argv[++i];
      } else if (!strcmp(argv[i], "-s") && i + 1 < argc) {
         char x;
         if (sscanf(argv[++i], "%d%c%d", &w, &x, &h) != 3 || x != 'x' ||
             w < 1 || h < 1 || w > 8192 || h > 8192) {
            fprintf(stderr, "pony-demo: bad size '%s' (want WxH, 1..8192)\n",
                    argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "--verify")) {
         verify = true;
      } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else {
         usage(stderr);
         return 2;
      }
   }

   EGLDisplay dpy = open_display();
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      fprintf(stderr, "pony-demo: no surfaceless EGL display (%s)\n",
              demo_egl_error_name(eglGetError()));
      return 1;
   }
   const EGLint cfg_attribs[] = {
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, 24,
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
      EGL_NONE,
   };
   EGLConfig cfg;
   EGLint n = 0;
   int rc = 1;
   EGLContext ctx = EGL_NO_CONTEXT;
   EGLSurface surf = EGL_NO_SURFACE;
   uint8_t *pixels = NULL, *expected = NULL;

   if (!eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "pony-demo: no RGBA8888 + 24-bit depth pbuffer config for OpenGL\n");
      goto out;
   }
   eglBindAPI(EGL_OPENGL_API);
   ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (ctx == EGL_NO_CONTEXT) {
      fprintf(stderr, "pony-demo: eglCreateContext: %s\n",
              demo_egl_error_name(eglGetError()));
      goto out;
   }
   const EGLint pb_attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
   surf = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
   if (surf == EGL_NO_SURFACE) {
      fprintf(stderr, "pony-demo: eglCreatePbufferSurface(%dx%d): %s\n", w, h,
              demo_egl_error_name(eglGetError()));
      goto out;
   }
   if (!eglMakeCurrent(dpy, surf, surf, ctx)) {
      fprintf(stderr, "pony-demo: eglMakeCurrent: %s\n",
              demo_egl_error_name(eglGetError()));
      goto out;
   }
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const char *version = (const char *)glGetString(GL_VERSION);
   printf("pony-demo: GL_RENDERER %s\n", renderer ? renderer : "(null)");
   printf("pony-demo: GL_VERSION %s\n", version ? version : "(null)");

   pixels = malloc((size_t)w * h * 4);
   expected = verify ? malloc((size_t)w * h * 4) : NULL;
   if (!pixels || (verify && !expected)) {
      fprintf(stderr, "pony-demo: out of memory\n");
      goto out;
   }

   struct demo_textures tex;
   glViewport(0, 0, w, h);
   demo_make_textures(&tex);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   demo_draw_scene(w, h, &tex, false);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   if (verify) {
      demo_draw_scene(w, h, &tex, true);
      glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, expected);
   }
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "pony-demo: GL error 0x%04x while drawing/reading\n",
              err);
      goto out;
   }
   printf("pony-demo: drew a lit, textured, depth-tested scene at %dx%d, read it back "
          "with glReadPixels\n", w, h);

   if (verify) {
      int bad = demo_compare(pixels, expected, w, h);
      if (bad) {
         fprintf(stderr, "pony-demo: %d pixels differ when the objects are drawn in "
                 "the other order\n", bad);
         goto out;
      }
      bad = demo_verify_probes(pixels, w, h);
      if (bad) {
         fprintf(stderr, "pony-demo: %d probes differ from the computed colours\n", bad);
         goto out;
      }
      printf("pony-demo: draw order does not matter (depth test) and the sky and lit "
             "floor probes match the computed colours\n");
   }
   if (!demo_write_png(out, pixels, w, h))
      goto out;
   printf("pony-demo: wrote %s\n", out);
   rc = 0;

out:
   free(pixels);
   free(expected);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (surf != EGL_NO_SURFACE)
      eglDestroySurface(dpy, surf);
   if (ctx != EGL_NO_CONTEXT)
      eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   eglReleaseThread();
   return rc;
}
