/*
 * Helpers shared by pony-bench's scenes: state reset, full-surface quads,
 * CPU pictures to compare read-back pixels with, shader programs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

int
bench_collect_scenes(const struct scene *out[BENCH_MAX_SCENES])
{
   const struct {
      const struct scene *table;
      int count;
   } tables[] = {
      { bench_scenes_fill, bench_num_scenes_fill },
      { bench_scenes_geom, bench_num_scenes_geom },
      { bench_scenes_shader, bench_num_scenes_shader },
      { bench_scenes_legacy, bench_num_scenes_legacy },
   };
   int n = 0;
   for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
      for (int i = 0; i < tables[t].count && n < BENCH_MAX_SCENES; i++)
         out[n++] = &tables[t].table[i];
   return n;
}

int
bench_scaled(const struct bench_ctx *c, int n)
{
   double v = n * c->scale;
   return v < 1.0 ? 1 : (int)v;
}

void
bench_reset_state(const struct bench_ctx *c)
{
   glViewport(0, 0, c->w, c->h);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glDepthMask(GL_TRUE);
   glDisable(GL_CULL_FACE);
   glDisable(GL_LIGHTING);
   glDisable(GL_LIGHT0);
   glDisable(GL_TEXTURE_2D);
   glDisable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ZERO);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_NORMAL_ARRAY);
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glShadeModel(GL_SMOOTH);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glColor4f(1, 1, 1, 1);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

void
bench_pixel_projection(const struct bench_ctx *c)
{
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, c->w, 0, c->h, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
}

void
bench_fullscreen_quad(float z, bool tex, float s, float t)
{
   glBegin(GL_QUADS);
   if (tex)
      glTexCoord2f(0, 0);
   glVertex3f(-1, -1, z);
   if (tex)
      glTexCoord2f(s, 0);
   glVertex3f(1, -1, z);
   if (tex)
      glTexCoord2f(s, t);
   glVertex3f(1, 1, z);
   if (tex)
      glTexCoord2f(0, t);
   glVertex3f(-1, 1, z);
   glEnd();
}

float
bench_lcg(uint32_t *s)
{
   *s = *s * 1664525u + 1013904223u;
   return (float)(*s >> 8) / 16777216.0f;
}

bool
bench_image_init(struct bench_image *im, int w, int h, const uint8_t bg[4])
{
   size_t n = (size_t)w * (size_t)h;
   im->w = w;
   im->h = h;
   im->rgba = malloc(n * 4);
   im->care = malloc(n);
   if (!im->rgba || !im->care) {
      bench_image_free(im);
      return false;
   }
   for (size_t i = 0; i < n; i++)
      memcpy(&im->rgba[i * 4], bg, 4);
   memset(im->care, 1, n);
   return true;
}

void
bench_image_free(struct bench_image *im)
{
   free(im->rgba);
   free(im->care);
   im->rgba = NULL;
   im->care = NULL;
}

void
bench_image_set(struct bench_image *im, int x, int y, const uint8_t c[4])
{
   if (x >= 0 && y >= 0 && x < im->w && y < im->h)
      memcpy(&im->rgba[((size_t)y * im->w + x) * 4], c, 4);
}

uint8_t
bench_unorm8(double v)
{
   if (!(v > 0.0))
      return 0;
   if (v >= 1.0)
      return 255;
   return (uint8_t)lround(v * 255.0);
}

void
bench_image_rect(struct bench_image *im, int x0, int y0, int w, int h,
                 const uint8_t src[4], enum bench_blend mode)
{
   for (int y = y0 < 0 ? 0 : y0; y < y0 + h && y < im->h; y++)
      for (int x = x0 < 0 ? 0 : x0; x < x0 + w && x < im->w; x++) {
         uint8_t *d = &im->rgba[((size_t)y * im->w + x) * 4];
         double a = src[3] / 255.0;
         for (int k = 0; k < 4; k++) {
            double s = src[k] / 255.0, dv = d[k] / 255.0;
            switch (mode) {
            case BLEND_NONE:
               d[k] = src[k];
               break;
            case BLEND_ALPHA:
               d[k] = bench_unorm8(s * a + dv * (1.0 - a));
               break;
            case BLEND_ADD:
               d[k] = bench_unorm8(s + dv);
               break;
            }
         }
      }
}

uint8_t *
bench_read_rgba(const struct bench_ctx *c)
{
   uint8_t *px = malloc((size_t)c->w * (size_t)c->h * 4);
   if (!px)
      abort();
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, c->w, c->h, GL_RGBA, GL_UNSIGNED_BYTE, px);
   return px;
}

bool
bench_compare(struct bench_ctx *c, const uint8_t *got,
              const struct bench_image *im, int tol, long max_bad)
{
   long bad = 0, looked = 0;
   int bx = -1, by = -1;
   for (int y = 0; y < im->h; y++)
      for (int x = 0; x < im->w; x++) {
         size_t i = (size_t)y * im->w + x;
         if (!im->care[i])
            continue;
         looked++;
         const uint8_t *g = &got[i * 4], *e = &im->rgba[i * 4];
         for (int k = 0; k < 4; k++)
            if (abs(g[k] - e[k]) > tol) {
               if (getenv("PONY_BENCH_DEBUG") && bad < 20)
                  fprintf(stderr, "pony-bench: bad pixel (%d,%d): got %d,%d,%d,%d expected %d,%d,%d,%d\n", x, y, g[0], g[1], g[2], g[3], e[0], e[1], e[2], e[3]);
               if (bad++ == 0) {
                  bx = x;
                  by = y;
               }
               break;
            }
      }
   if (looked == 0) {
      snprintf(c->why, sizeof(c->why), "no pixel to check (surface too small?)");
      return false;
   }
   if (bad > max_bad) {
      size_t i = (size_t)by * im->w + bx;
      const uint8_t *g = &got[i * 4], *e = &im->rgba[i * 4];
      snprintf(c->why, sizeof(c->why),
               "%ld of %ld pixels off by more than %d (at most %ld allowed); "
               "first at (%d,%d): got %d,%d,%d,%d expected %d,%d,%d,%d",
               bad, looked, tol, max_bad, bx, by, g[0], g[1], g[2], g[3],
               e[0], e[1], e[2], e[3]);
      return false;
   }
   return true;
}

bool
bench_check_picture(struct bench_ctx *c, const struct bench_image *im,
                    int tol, long max_bad)
{
   uint8_t *got = bench_read_rgba(c);
   bool ok = bench_compare(c, got, im, tol, max_bad);
   free(got);
   return ok;
}

bool
bench_gl_version_at_least(int major, int minor)
{
   const char *v = (const char *)glGetString(GL_VERSION);
   int ma = 0, mi = 0;
   return v && sscanf(v, "%d.%d", &ma, &mi) == 2 &&
          (ma > major || (ma == major && mi >= minor));
}

static bool
shader_ok(struct bench_ctx *c, GLuint sh, const char *what)
{
   GLint ok = 0;
   c->gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (ok)
      return true;
   char log[400] = "";
   c->gl->GetShaderInfoLog(sh, sizeof(log), NULL, log);
   snprintf(c->why, sizeof(c->why), "%s shader does not compile: %s", what, log);
   return false;
}

GLuint
bench_program(struct bench_ctx *c, const char *vs, const char *fs)
{
   const struct bench_gl *gl = c->gl;
   GLuint v = gl->CreateShader(GL_VERTEX_SHADER), f = gl->CreateShader(GL_FRAGMENT_SHADER);
   gl->ShaderSource(v, 1, &vs, NULL);
   gl->ShaderSource(f, 1, &fs, NULL);
   gl->CompileShader(v);
   gl->CompileShader(f);
   GLuint prog = 0;
   if (shader_ok(c, v, "vertex") && shader_ok(c, f, "fragment")) {
      prog = gl->CreateProgram();
      gl->AttachShader(prog, v);
      gl->AttachShader(prog, f);
      gl->LinkProgram(prog);
      GLint linked = 0;
      gl->GetProgramiv(prog, GL_LINK_STATUS, &linked);
      if (!linked) {
         char log[400] = "";
         gl->GetProgramInfoLog(prog, sizeof(log), NULL, log);
         snprintf(c->why, sizeof(c->why), "program does not link: %s", log);
         gl->DeleteProgram(prog);
         prog = 0;
      }
   }
   gl->DeleteShader(v);
   gl->DeleteShader(f);
   return prog;
}
