/*
 * pony-demo: renders a picture through Mesa's libEGL (surfaceless
 * platform, a pbuffer and a GL compatibility context) on whatever driver
 * the loader picks -- run it through pony-run for Pony -- reads it back with
 * glReadPixels and writes a PNG.
 *
 * The picture is drawn by draw_scene() alone.  Today it uses only what Pony
 * can do (scissored clears); every clear is also painted into a CPU copy,
 * so --verify can compare the read-back image with it pixel by pixel.
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
#include <png.h>

/* What the scene draws into: the GL context, and optionally a CPU copy
 * (RGBA8, bottom row first like GL) of what the GL calls should produce. */
struct canvas {
   int width, height;
   uint8_t *expected;   /* NULL: no CPU copy */
   int ops;
};

static uint8_t
to_unorm8(float f)
{
   if (f <= 0.0f)
      return 0;
   if (f >= 1.0f)
      return 255;
   return (uint8_t)(f * 255.0f + 0.5f);
}

/* One scissored clear of [x, x+w) x [y, y+h) (GL coordinates, y up). */
static void
fill_rect(struct canvas *c, int x, int y, int w, int h,
          float r, float g, float b)
{
   if (w <= 0 || h <= 0)
      return;
   glScissor(x, y, w, h);
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   c->ops++;
   if (!c->expected)
      return;
   const uint8_t rgba[4] = { to_unorm8(r), to_unorm8(g), to_unorm8(b), 255 };
   for (int j = y < 0 ? 0 : y; j < y + h && j < c->height; j++)
      for (int i = x < 0 ? 0 : x; i < x + w && i < c->width; i++)
         memcpy(c->expected + ((size_t)j * c->width + i) * 4, rgba, 4);
}

/* The scene: a sky fading from deep blue to pale yellow in bands, a sun,
 * green hills in steps, a house with a stepped red roof, a door and lit
 * windows, and a checkered border.  Sizes scale with the surface. */
static void
draw_scene(struct canvas *c)
{
   const int w = c->width, h = c->height;
   const int u = (w < h ? w : h) / 32 > 0 ? (w < h ? w : h) / 32 : 1;

   glEnable(GL_SCISSOR_TEST);

   /* sky: 16 bands, bottom (pale) to top (deep blue) */
   const int bands = 16;
   for (int i = 0; i < bands; i++) {
      float t = (float)i / (bands - 1);
      int y0 = h * i / bands, y1 = h * (i + 1) / bands;
      fill_rect(c, 0, y0, w, y1 - y0, 0.95f - 0.85f * t, 0.90f - 0.65f * t,
                0.60f + 0.35f * t);
   }

   /* sun with a halo */
   int sx = w * 3 / 4, sy = h * 3 / 4, sr = 3 * u;
   fill_rect(c, sx - sr - u, sy - sr + u, 2 * (sr + u), 2 * (sr - u),
             1.0f, 0.85f, 0.4f);
   fill_rect(c, sx - sr + u, sy - sr - u, 2 * (sr - u), 2 * (sr + u),
             1.0f, 0.85f, 0.4f);
   fill_rect(c, sx - sr, sy - sr, 2 * sr, 2 * sr, 1.0f, 0.95f, 0.2f);

   /* hills: stepped columns */
   const int steps = 12;
   for (int i = 0; i < steps; i++) {
      int x0 = w * i / steps, x1 = w * (i + 1) / steps;
      int d = i - steps / 3;
      int hh = h / 3 - (d * d * h) / (steps * steps * 3);
      if (hh < h / 6)
         hh = h / 6;
      fill_rect(c, x0, 0, x1 - x0, hh, 0.25f, 0.55f + 0.02f * (i % 3), 0.2f);
   }
   fill_rect(c, 0, 0, w, h / 8, 0.2f, 0.45f, 0.15f);

   /* house */
   int hx = w / 5, hw = w / 3, hy = h / 8, hh = h / 4;
   fill_rect(c, hx, hy, hw, hh, 0.85f, 0.75f, 0.55f);
   /* roof: rows getting narrower */
   int rows = hh / (2 * u) > 1 ? hh / (2 * u) : 1;
   for (int i = 0; i < rows; i++) {
      int inset = i * (hw / 2) / rows;
      fill_rect(c, hx - u + inset, hy + hh + i * u, hw + 2 * u - 2 * inset, u,
                0.7f - 0.02f * (i % 2), 0.1f, 0.1f);
   }
   /* door and windows */
   fill_rect(c, hx + hw / 2 - 2 * u, hy, 4 * u, hh / 2, 0.4f, 0.2f, 0.1f);
   fill_rect(c, hx + 2 * u, hy + hh / 2, 5 * u, 4 * u, 0.3f, 0.3f, 0.35f);
   fill_rect(c, hx + 2 * u + u / 2 + 0, hy + hh / 2 + u / 2, 4 * u, 3 * u,
             1.0f, 0.9f, 0.5f);
   fill_rect(c, hx + hw - 7 * u, hy + hh / 2, 5 * u, 4 * u, 0.3f, 0.3f, 0.35f);
   fill_rect(c, hx + hw - 7 * u + u / 2, hy + hh / 2 + u / 2, 4 * u, 3 * u,
             1.0f, 0.9f, 0.5f);

   /* checkered border */
   for (int x = 0, k = 0; x < w; x += 2 * u, k++) {
      float v = (k & 1) ? 1.0f : 0.1f;
      fill_rect(c, x, 0, 2 * u, u, v, v, v);
      fill_rect(c, x, h - u, 2 * u, u, 1.1f - v, 1.1f - v, 1.1f - v);
   }
   for (int y = 0, k = 0; y < h; y += 2 * u, k++) {
      float v = (k & 1) ? 1.0f : 0.1f;
      fill_rect(c, 0, y, u, 2 * u, v, v, v);
      fill_rect(c, w - u, y, u, 2 * u, 1.1f - v, 1.1f - v, 1.1f - v);
   }

   glDisable(GL_SCISSOR_TEST);
}

static const char *
egl_error_name(EGLint err)
{
   switch (err) {
   case EGL_SUCCESS:         return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ALLOC:       return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE:   return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG:      return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT:     return "EGL_BAD_CONTEXT";
   case EGL_BAD_DISPLAY:     return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH:       return "EGL_BAD_MATCH";
   case EGL_BAD_PARAMETER:   return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE:     return "EGL_BAD_SURFACE";
   default:                  return "EGL error";
   }
}

/* Writes RGBA8 rows (bottom row first, as read from GL) to a PNG, top row
 * first. */
static bool
write_png(const char *path, const uint8_t *pixels, int w, int h)
{
   FILE *f = fopen(path, "wb");
   if (!f) {
      fprintf(stderr, "pony-demo: cannot open %s: %s\n", path,
              strerror(errno));
      return false;
   }
   png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
                                             NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   png_bytep *rows = calloc((size_t)h, sizeof(*rows));
   if (!png || !info || !rows) {
      png_destroy_write_struct(&png, &info);
      free(rows);
      fclose(f);
      return false;
   }
   if (setjmp(png_jmpbuf(png))) {
      fprintf(stderr, "pony-demo: libpng failed writing %s\n", path);
      png_destroy_write_struct(&png, &info);
      free(rows);
      fclose(f);
      return false;
   }
   for (int y = 0; y < h; y++)
      rows[y] = (png_bytep)(pixels + (size_t)(h - 1 - y) * w * 4);
   png_init_io(png, f);
   png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
                PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   png_write_image(png, rows);
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   free(rows);
   if (fclose(f) != 0) {
      fprintf(stderr, "pony-demo: writing %s: %s\n", path, strerror(errno));
      return false;
   }
   return true;
}

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: pony-demo [-o out.png] [-s WxH] [--verify]\n"
           "Draws a picture through Mesa's libEGL (surfaceless pbuffer) on the\n"
           "driver the loader picks (use pony-run for Pony) and writes a PNG.\n"
           "  -o FILE     output file (default pony-demo.png)\n"
           "  -s WxH      size (default 320x240)\n"
           "  --verify    compare the read-back image with the expected one\n"
           "              (+-1 per channel) and fail if they differ\n");
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

static int
compare(const uint8_t *got, const uint8_t *want, int w, int h)
{
   int bad = 0;
   for (int i = 0; i < w * h; i++) {
      for (int k = 0; k < 4; k++) {
         if (abs((int)got[i * 4 + k] - (int)want[i * 4 + k]) > 1) {
            if (bad < 8)
               fprintf(stderr, "pony-demo: pixel (%d,%d) (GL coordinates) "
                       "is %u,%u,%u,%u, expected %u,%u,%u,%u\n", i % w, i / w,
                       got[i * 4], got[i * 4 + 1], got[i * 4 + 2],
                       got[i * 4 + 3], want[i * 4], want[i * 4 + 1],
                       want[i * 4 + 2], want[i * 4 + 3]);
            bad++;
            break;
         }
      }
   }
   return bad;
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
              egl_error_name(eglGetError()));
      return 1;
   }
   const EGLint cfg_attribs[] = {
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
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
      fprintf(stderr, "pony-demo: no RGBA8888 pbuffer config for OpenGL\n");
      goto out;
   }
   eglBindAPI(EGL_OPENGL_API);
   ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (ctx == EGL_NO_CONTEXT) {
      fprintf(stderr, "pony-demo: eglCreateContext: %s\n",
              egl_error_name(eglGetError()));
      goto out;
   }
   const EGLint pb_attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
   surf = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
   if (surf == EGL_NO_SURFACE) {
      fprintf(stderr, "pony-demo: eglCreatePbufferSurface(%dx%d): %s\n", w, h,
              egl_error_name(eglGetError()));
      goto out;
   }
   if (!eglMakeCurrent(dpy, surf, surf, ctx)) {
      fprintf(stderr, "pony-demo: eglMakeCurrent: %s\n",
              egl_error_name(eglGetError()));
      goto out;
   }
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const char *version = (const char *)glGetString(GL_VERSION);
   printf("pony-demo: GL_RENDERER %s\n", renderer ? renderer : "(null)");
   printf("pony-demo: GL_VERSION %s\n", version ? version : "(null)");

   pixels = malloc((size_t)w * h * 4);
   expected = verify ? calloc((size_t)w * h * 4, 1) : NULL;
   if (!pixels || (verify && !expected)) {
      fprintf(stderr, "pony-demo: out of memory\n");
      goto out;
   }

   struct canvas canvas = { w, h, expected, 0 };
   glViewport(0, 0, w, h);
   draw_scene(&canvas);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "pony-demo: GL error 0x%04x while drawing/reading\n",
              err);
      goto out;
   }
   printf("pony-demo: drew %dx%d with %d scissored clears, read it back "
          "with glReadPixels\n", w, h, canvas.ops);

   if (verify) {
      int bad = compare(pixels, expected, w, h);
      if (bad) {
         fprintf(stderr, "pony-demo: %d pixels differ from the expected "
                 "picture\n", bad);
         goto out;
      }
      printf("pony-demo: every pixel matches the expected picture\n");
   }
   if (!write_png(out, pixels, w, h))
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
