/*
 * Runs piglit's ARB-program `.shader_test` files (spec/arb_vertex_program,
 * spec/arb_fragment_program, spec/arb_fragment_program_shadow of Debian's
 * piglit package) on Pony through Mesa's libEGL.  piglit's own
 * shader_runner skips them on Pony because it asks for GLSL before it
 * looks at a program; this is a small interpreter of the subset of its
 * [test] commands those files use (clear, clear color/depth, ortho, color,
 * texcoord, parameter env/local vp/fp, draw rect [tex], enable, texture
 * rgbw/miptree/shadow1D/2D/Rect, texparameter compare_func/depth_mode,
 * probe [all] rgb/rgba, relative probe, probe depth), with piglit's
 * tolerance for an 8-bit colour buffer (3/256).  The data files are
 * read, never copied.  Usage: egl-arb-shader-tests [file or directory]...
 * (default: the three piglit directories); exits 77 when none exists.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egl_common.h"

#define W 250
#define H 250
#define TOL (3.0 / 256.0)

static const char *const default_dirs[] = {
   "/usr/lib/x86_64-linux-gnu/piglit/tests/spec/arb_vertex_program",
   "/usr/lib/x86_64-linux-gnu/piglit/tests/spec/arb_fragment_program",
   "/usr/lib/x86_64-linux-gnu/piglit/tests/spec/arb_fragment_program_shadow",
};

/* Files Pony fails on purpose (an unexpected pass fails the run too, so
 * the list stays current). */
static const struct {
   const char *file;
   const char *why;
} expected_fail[] = {
   { "vp-arl-constant-array-huge-relative-offset.shader_test",
     "relative offset +109: ARB_vertex_program's grammar allows 0..63 (Mesa accepts more)" },
};

static PFNGLPROGRAMSTRINGARBPROC ProgramStringARB;
static PFNGLBINDPROGRAMARBPROC BindProgramARB;
static PFNGLGENPROGRAMSARBPROC GenProgramsARB;
static PFNGLPROGRAMENVPARAMETER4FARBPROC ProgramEnvParameter4fARB;
static PFNGLPROGRAMLOCALPARAMETER4FARBPROC ProgramLocalParameter4fARB;
static PFNGLACTIVETEXTUREARBPROC ActiveTexture;
static PFNGLMULTITEXCOORD4FARBPROC MultiTexCoord4f;

struct run {
   const char *file;
   int line;
   bool failed, skipped;
};

static void
bad(struct run *r, const char *fmt, const char *detail)
{
   printf("  %s:%d: ", r->file, r->line);
   printf(fmt, detail);
   printf("\n");
   r->failed = true;
}

/* Numbers of "(a, b, c)" or plain "a b c" (inf, -inf, nan as strtod reads them). */
static int
numbers(const char *s, double *v, int max)
{
   int n = 0;
   while (*s && n < max) {
      while (*s == ' ' || *s == '\t' || *s == '(' || *s == ',' || *s == ')' || *s == ';')
         s++;
      if (!*s)
         break;
      char *end;
      v[n] = strtod(s, &end);
      if (end == s)
         break;
      n++;
      s = end;
   }
   return n;
}

static bool
load_program(struct run *r, GLenum target, const char *text)
{
   GLuint prog;
   GenProgramsARB(1, &prog);
   BindProgramARB(target, prog);
   ProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
   if (glGetError() != GL_NO_ERROR) {
      GLint pos = -1;
      glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
      char msg[512];
      snprintf(msg, sizeof msg, "program does not load at %d: %s", pos,
               (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
      bad(r, "%s", msg);
      return false;
   }
   glEnable(target);
   return true;
}

static void
rect(double x, double y, double w, double h, const double *tc)
{
   glBegin(GL_QUADS);
   if (tc) glTexCoord2d(tc[0], tc[1]);
   glVertex2d(x, y);
   if (tc) glTexCoord2d(tc[0] + tc[2], tc[1]);
   glVertex2d(x + w, y);
   if (tc) glTexCoord2d(tc[0] + tc[2], tc[1] + tc[3]);
   glVertex2d(x + w, y + h);
   if (tc) glTexCoord2d(tc[0], tc[1] + tc[3]);
   glVertex2d(x, y + h);
   glEnd();
}

static bool
probe(struct run *r, int x, int y, const double *want, int n)
{
   GLfloat p[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, p);
   for (int c = 0; c < n; c++) {
      if (fabs(p[c] - want[c]) > TOL) {
         char msg[256];
         snprintf(msg, sizeof msg, "probe at (%d,%d): got %.3f %.3f %.3f %.3f, expected "
                  "%.3f %.3f %.3f %.3f", x, y, p[0], p[1], p[2], p[3], want[0], want[1],
                  want[2], n > 3 ? want[3] : p[3]);
         bad(r, "%s", msg);
         return false;
      }
   }
   return true;
}

static GLenum
tex_target(const char *s)
{
   if (!strncmp(s, "1D", 2)) return GL_TEXTURE_1D;
   if (!strncmp(s, "Rect", 4)) return GL_TEXTURE_RECTANGLE_ARB;
   return GL_TEXTURE_2D;
}

/* piglit's depth texture: a gradient from 0 (left) to 1 (right), NEAREST */
static void
shadow_texture(GLenum target, int w, int h)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(target, tex);
   glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   float *d = malloc(sizeof(float) * (size_t)w * (size_t)h);
   for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
         d[y * w + x] = w > 1 ? (float)x / (float)(w - 1) : 0.0f;
   if (target == GL_TEXTURE_1D)
      glTexImage1D(target, 0, GL_DEPTH_COMPONENT, w, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
   else
      glTexImage2D(target, 0, GL_DEPTH_COMPONENT, w, h, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
   free(d);
   glTexParameteri(target, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
}

/* Quadrants red (lower left), green (lower right), blue (upper left),
 * white (upper right); levels of a miptree: red, green, blue, white. */
static void
rgbw_level(int level, int w, int h, const float *solid)
{
   static const float q[4][4] = { { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 } };
   float *d = malloc(sizeof(float) * 4 * (size_t)w * (size_t)h);
   for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
         const float *c = solid ? solid : q[(y >= h / 2 ? 2 : 0) + (x >= w / 2 ? 1 : 0)];
         memcpy(d + 4 * (y * w + x), c, 4 * sizeof(float));
      }
   glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA, w, h, 0, GL_RGBA, GL_FLOAT, d);
   free(d);
}

static void
command(struct run *r, char *cmd)
{
   double v[16];
   int n;
   if (!strncmp(cmd, "clear color", 11)) {
      n = numbers(cmd + 11, v, 4);
      glClearColor((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
   } else if (!strncmp(cmd, "clear depth", 11)) {
      numbers(cmd + 11, v, 1);
      glClearDepth(v[0]);
   } else if (!strcmp(cmd, "clear")) {
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   } else if (!strncmp(cmd, "ortho", 5)) {
      n = numbers(cmd + 5, v, 4);
      glMatrixMode(GL_PROJECTION);
      glLoadIdentity();
      if (n == 4)
         glOrtho(v[0], v[1], v[2], v[3], -1, 1);
      else
         glOrtho(0, W, 0, H, -1, 1);
      glMatrixMode(GL_MODELVIEW);
      glLoadIdentity();
   } else if (!strncmp(cmd, "color", 5)) {
      numbers(cmd + 5, v, 4);
      glColor4d(v[0], v[1], v[2], v[3]);
   } else if (!strncmp(cmd, "texcoord", 8)) {
      numbers(cmd + 8, v, 5);
      MultiTexCoord4f(GL_TEXTURE0 + (GLenum)v[0], (float)v[1], (float)v[2], (float)v[3],
                      (float)v[4]);
   } else if (!strncmp(cmd, "parameter", 9)) {
      char kind[16] = "";
      sscanf(cmd + 9, "%15s", kind);
      const char *rest = strstr(cmd, kind) + strlen(kind);
      numbers(rest, v, 5);
      GLenum t = strstr(kind, "_vp") ? GL_VERTEX_PROGRAM_ARB : GL_FRAGMENT_PROGRAM_ARB;
      if (!strncmp(kind, "env", 3))
         ProgramEnvParameter4fARB(t, (GLuint)v[0], (float)v[1], (float)v[2], (float)v[3],
                                  (float)v[4]);
      else
         ProgramLocalParameter4fARB(t, (GLuint)v[0], (float)v[1], (float)v[2], (float)v[3],
                                    (float)v[4]);
   } else if (!strncmp(cmd, "draw rect tex", 13)) {
      numbers(cmd + 13, v, 8);
      rect(v[0], v[1], v[2], v[3], v + 4);
   } else if (!strncmp(cmd, "draw rect", 9)) {
      numbers(cmd + 9, v, 4);
      rect(v[0], v[1], v[2], v[3], NULL);
   } else if (!strcmp(cmd, "enable GL_DEPTH_TEST")) {
      glEnable(GL_DEPTH_TEST);
   } else if (!strncmp(cmd, "texture rgbw", 12)) {
      numbers(cmd + 12, v, 3);
      ActiveTexture(GL_TEXTURE0 + (GLenum)v[0]);
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      rgbw_level(0, (int)v[1], (int)v[2], NULL);
      ActiveTexture(GL_TEXTURE0);
   } else if (!strncmp(cmd, "texture miptree", 15)) {
      static const float lv[4][4] = { { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 },
                                      { 1, 1, 1, 1 } };
      numbers(cmd + 15, v, 1);
      ActiveTexture(GL_TEXTURE0 + (GLenum)v[0]);
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      for (int l = 0; l < 4; l++)
         rgbw_level(l, 8 >> l, 8 >> l, lv[l]);
      ActiveTexture(GL_TEXTURE0);
   } else if (!strncmp(cmd, "texture shadow", 14)) {
      GLenum t = tex_target(cmd + 14);
      n = numbers(strchr(cmd + 14, ' '), v, 3);
      ActiveTexture(GL_TEXTURE0 + (GLenum)v[0]);
      shadow_texture(t, (int)v[1], n > 2 ? (int)v[2] : 1);
      ActiveTexture(GL_TEXTURE0);
   } else if (!strncmp(cmd, "texparameter", 12)) {
      char tgt[16], what[32], val[32];
      if (sscanf(cmd + 12, "%15s %31s %31s", tgt, what, val) != 3) {
         bad(r, "bad texparameter: %s", cmd);
         return;
      }
      GLenum t = tex_target(tgt);
      if (!strcmp(what, "compare_func")) {
         static const char *const f[] = { "never", "less", "equal", "lequal", "greater",
                                          "notequal", "gequal", "always" };
         for (int i = 0; i < 8; i++)
            if (!strcmp(val, f[i]))
               glTexParameteri(t, GL_TEXTURE_COMPARE_FUNC, GL_NEVER + i);
      } else if (!strcmp(what, "depth_mode")) {
         glTexParameteri(t, GL_DEPTH_TEXTURE_MODE,
                         !strcmp(val, "intensity") ? GL_INTENSITY
                         : !strcmp(val, "alpha") ? GL_ALPHA : GL_LUMINANCE);
      } else {
         bad(r, "unknown texparameter: %s", cmd);
      }
   } else if (!strncmp(cmd, "probe all rgba", 14)) {
      numbers(cmd + 14, v, 4);
      for (int y = 0; y < H; y += 7)
         for (int x = 0; x < W; x += 7)
            if (!probe(r, x, y, v, 4))
               return;
   } else if (!strncmp(cmd, "probe depth", 11)) {
      numbers(cmd + 11, v, 3);
      GLfloat d = -1;
      glReadPixels((int)v[0], (int)v[1], 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
      if (fabs(d - v[2]) > 0.01) {
         char msg[96];
         snprintf(msg, sizeof msg, "depth %.4f, expected %.4f", d, v[2]);
         bad(r, "%s", msg);
      }
   } else if (!strncmp(cmd, "relative probe rgb", 18) || !strncmp(cmd, "probe rgb", 9)) {
      bool rel = cmd[0] == 'r';
      bool rgba = !strncmp(cmd + (rel ? 15 : 6), "rgba", 4);
      numbers(cmd + (rel ? 15 : 6) + (rgba ? 4 : 3), v, 6);
      int x = rel ? (int)(v[0] * W) : (int)v[0], y = rel ? (int)(v[1] * H) : (int)v[1];
      x = x >= W ? W - 1 : x;
      y = y >= H ? H - 1 : y;
      probe(r, x, y, v + 2, rgba ? 4 : 3);
   } else {
      bad(r, "unknown command: %s", cmd);
   }
}

static bool
required(struct run *r, char *line)
{
   if (!strncmp(line, "GL >=", 5) || !strcmp(line, "depthbuffer"))
      return true;   /* GL 1.5, a depth buffer */
   char name[160];
   snprintf(name, sizeof name, "%s%s ", strncmp(line, "GL_", 3) ? "GL_" : "", line);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   char all[8192];
   snprintf(all, sizeof all, "%s ", ext ? ext : "");
   if (!strstr(all, name)) {
      printf("  %s: needs %s\n", r->file, name);
      r->skipped = true;
      return false;
   }
   return true;
}

static char *
read_all(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *s = malloc((size_t)n + 1);
   if (n < 0 || fread(s, 1, (size_t)n, f) != (size_t)n) {
      fclose(f);
      free(s);
      return NULL;
   }
   s[n] = 0;
   fclose(f);
   return s;
}

/* One file in a context of its own; 0 pass, 1 fail, 2 skip. */
static int
run_file(EGLDisplay dpy, EGLConfig cfg, const char *path)
{
   struct run r = { path, 0, false, false };
   char *text = read_all(path);
   if (!text) {
      printf("  %s: unreadable\n", path);
      return 1;
   }
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   const EGLint attribs[] = { EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, attribs);
   if (ctx == EGL_NO_CONTEXT || surf == EGL_NO_SURFACE || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("  %s: no context\n", path);
      free(text);
      return 1;
   }
   glViewport(0, 0, W, H);
   /* sections */
   char *vp = NULL, *fp = NULL, *section = NULL;
   char *p = text;
   char *test_start = NULL;
   int test_line = 0, line = 1;
   while (*p) {
      char *eol = strchr(p, '\n');
      if (!strncmp(p, "[require]", 9) || !strncmp(p, "[vertex program]", 16) ||
          !strncmp(p, "[fragment program]", 18) || !strncmp(p, "[test]", 6)) {
         *p = 0;   /* ends the previous section's text */
         section = p + 1;
         if (!strncmp(section, "vertex", 6))
            vp = eol ? eol + 1 : NULL;
         else if (!strncmp(section, "fragment", 8))
            fp = eol ? eol + 1 : NULL;
         else if (!strncmp(section, "test", 4)) {
            test_start = eol ? eol + 1 : NULL;
            test_line = line + 1;
         } else if (!strncmp(section, "require", 7)) {
            /* checked below, line by line */
            for (char *q = eol ? eol + 1 : NULL; q && *q && *q != '['; ) {
               char *e = strchr(q, '\n');
               char buf[128];
               size_t l = e ? (size_t)(e - q) : strlen(q);
               if (l >= sizeof buf)
                  l = sizeof buf - 1;
               memcpy(buf, q, l);
               buf[l] = 0;
               while (l && (buf[l - 1] == ' ' || buf[l - 1] == '\r'))
                  buf[--l] = 0;
               if (l && buf[0] != '#' && !required(&r, buf))
                  break;
               q = e ? e + 1 : NULL;
            }
         }
      }
      if (!eol)
         break;
      p = eol + 1;
      line++;
   }
   if (!r.skipped) {
      if (vp)
         load_program(&r, GL_VERTEX_PROGRAM_ARB, vp);
      if (fp && !r.failed)
         load_program(&r, GL_FRAGMENT_PROGRAM_ARB, fp);
      r.line = test_line;
      for (char *q = test_start; q && *q && !r.failed; r.line++) {
         char *e = strchr(q, '\n');
         if (e)
            *e = 0;
         char *c = q;
         while (*c == ' ' || *c == '\t')
            c++;
         size_t l = strlen(c);
         while (l && (c[l - 1] == ' ' || c[l - 1] == '\r' || c[l - 1] == '\t'))
            c[--l] = 0;
         if (l && c[0] != '#')
            command(&r, c);
         GLenum err = glGetError();
         if (err != GL_NO_ERROR)
            bad(&r, "GL error %s", gl_error_name(err));
         q = e ? e + 1 : NULL;
      }
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   free(text);
   return r.skipped ? 2 : r.failed ? 1 : 0;
}

static int counts[4];   /* pass, fail, skip, expected fail */

static const char *
expected_failure(const char *path)
{
   const char *base = strrchr(path, '/');
   base = base ? base + 1 : path;
   for (unsigned i = 0; i < sizeof expected_fail / sizeof expected_fail[0]; i++)
      if (!strcmp(base, expected_fail[i].file))
         return expected_fail[i].why;
   return NULL;
}

static void
run_path(EGLDisplay dpy, EGLConfig cfg, const char *path)
{
   DIR *d = opendir(path);
   if (!d) {
      size_t l = strlen(path);
      if (l > 12 && !strcmp(path + l - 12, ".shader_test")) {
         int res = run_file(dpy, cfg, path);
         const char *why = expected_failure(path);
         if (why && res == 1) {
            res = 3;
            printf("expected failure: %s (%s)\n", path, why);
         } else if (why && res == 0) {
            res = 1;
            printf("UNEXPECTED PASS: %s\n", path);
         } else {
            printf("%s: %s\n", res == 0 ? "pass" : res == 1 ? "FAIL" : "skip", path);
         }
         counts[res]++;
      }
      return;
   }
   /* sorted, for a stable order */
   struct dirent **names;
   closedir(d);
   int n = scandir(path, &names, NULL, alphasort);
   for (int i = 0; i < n; i++) {
      if (names[i]->d_name[0] != '.') {
         char sub[1024];
         snprintf(sub, sizeof sub, "%s/%s", path, names[i]->d_name);
         run_path(dpy, cfg, sub);
      }
      free(names[i]);
   }
   free(names);
}

int
main(int argc, char **argv)
{
   const char *const *paths = (const char *const *)argv + 1;
   int npaths = argc - 1;
   if (!npaths) {
      paths = default_dirs;
      npaths = 3;
      DIR *d = opendir(default_dirs[0]);
      if (!d) {
         printf("piglit's ARB program tests are not installed\n");
         return TEST_SKIP;
      }
      closedir(d);
   }
   EGLDisplay dpy = egl_test_display();
   if (dpy == EGL_NO_DISPLAY)
      return TEST_FAIL;
   EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 24, 8);
   if (!cfg)
      cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 24, 0);
   if (!cfg || !eglBindAPI(EGL_OPENGL_API)) {
      printf("no RGBA8 + depth pbuffer config\n");
      eglTerminate(dpy);
      return TEST_SKIP;
   }
#define GET(name) name = (void *)eglGetProcAddress("gl" #name)
   GET(ProgramStringARB);
   GET(BindProgramARB);
   GET(GenProgramsARB);
   GET(ProgramEnvParameter4fARB);
   GET(ProgramLocalParameter4fARB);
   GET(ActiveTexture);
   GET(MultiTexCoord4f);
#undef GET
   for (int i = 0; i < npaths; i++)
      run_path(dpy, cfg, paths[i]);
   eglTerminate(dpy);
   printf("expected failures: %d\n", counts[3]);
   printf("%d passed, %d failed, %d skipped\n", counts[0], counts[1], counts[2]);
   return counts[1] ? TEST_FAIL : counts[0] ? TEST_PASS : TEST_SKIP;
}
