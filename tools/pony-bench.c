/*
 * pony-bench: fixed rendering workloads timed through Mesa's libEGL
 * (surfaceless platform, a pbuffer and a GL compatibility context) on
 * whatever driver the loader picks.
 *
 * Each workload is set up untimed, then run --repeat times; a run is timed
 * from a glFinish() before it to a glFinish() after it, in wall time
 * (CLOCK_MONOTONIC) and in CPU time of the process, all threads
 * (CLOCK_PROCESS_CPUTIME_ID), and the fastest run of each is reported in
 * milliseconds.  CPU time is the figure to trust on a busy machine.
 *
 * --compare runs this program on Pony (the build's driver folder, as
 * pony-run does) and on the system's llvmpipe, interleaved: REPEAT rounds,
 * each one child process per driver running every workload once, so that
 * a change in the machine's load hits both drivers alike.  It prints both
 * drivers' times, their ratios (Pony / llvmpipe) per workload and the
 * geometric mean of the ratios: the figures the project tracks; absolute
 * milliseconds depend on the machine.
 *
 * Only GL 1.1 is used, so any driver that loads can run every workload,
 * except "shader" (GL 2.0: reported n/a on drivers below it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#ifndef PONY_DRI_DIR
#define PONY_DRI_DIR ""
#endif

#define BENCH_MAX_WORKLOADS 8

struct bench_opts {
   int w, h;          /* surface size */
   double scale;      /* multiplies every workload's amount of work */
   int repeat;        /* timed runs per workload (the fastest counts) */
   const char *only;  /* comma-separated workload names, or NULL */
};

/* One workload: setup() is untimed, run() is timed, check() (untimed)
 * returns false if the picture shows the workload drew nothing. */
struct workload {
   const char *name;
   const char *what;
   void (*setup)(const struct bench_opts *o, void *state);
   void (*run)(const struct bench_opts *o, void *state);
   void (*teardown)(void *state);
};

static int
scaled(const struct bench_opts *o, int n)
{
   double v = n * o->scale;
   return v < 1.0 ? 1 : (int)v;
}

static void
reset_state(const struct bench_opts *o)
{
   glViewport(0, 0, o->w, o->h);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_LIGHTING);
   glDisable(GL_LIGHT0);
   glDisable(GL_TEXTURE_2D);
   glDisable(GL_BLEND);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_NORMAL_ARRAY);
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glColor4f(1, 1, 1, 1);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

/* A small deterministic generator (no libc rand state). */
static float
lcg_next(uint32_t *s)
{
   *s = *s * 1664525u + 1013904223u;
   return (float)(*s >> 8) / 16777216.0f;
}

/* ---- (a) small lit triangles through glDrawArrays ---------------------- */

struct tris_state {
   float *pos, *nrm;
   int count;  /* triangles */
};

static void
tris_setup(const struct bench_opts *o, void *p)
{
   struct tris_state *s = p;
   s->count = scaled(o, 10000);
   s->pos = malloc(sizeof(float) * 9 * (size_t)s->count);
   s->nrm = malloc(sizeof(float) * 9 * (size_t)s->count);
   if (!s->pos || !s->nrm)
      abort();
   uint32_t seed = 12345;
   /* triangles of about 6 pixels on a side scattered over the surface */
   float dx = 12.0f / o->w, dy = 12.0f / o->h;
   for (int t = 0; t < s->count; t++) {
      float cx = lcg_next(&seed) * 2 - 1, cy = lcg_next(&seed) * 2 - 1;
      float cz = lcg_next(&seed) * 2 - 1;
      float *v = &s->pos[t * 9], *n = &s->nrm[t * 9];
      v[0] = cx;      v[1] = cy;      v[2] = cz;
      v[3] = cx + dx; v[4] = cy;      v[5] = cz;
      v[6] = cx;      v[7] = cy + dy; v[8] = cz;
      float nx = lcg_next(&seed) - 0.5f, ny = lcg_next(&seed) - 0.5f;
      float len = sqrtf(nx * nx + ny * ny + 1.0f);
      for (int k = 0; k < 3; k++) {
         n[k * 3 + 0] = nx / len;
         n[k * 3 + 1] = ny / len;
         n[k * 3 + 2] = 1.0f / len;
      }
   }
   static const float light_pos[4] = { 0.3f, 0.5f, 1.0f, 0.0f };
   static const float diffuse[4] = { 0.9f, 0.7f, 0.5f, 1.0f };
   static const float specular[4] = { 1, 1, 1, 1 };
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glLightfv(GL_LIGHT0, GL_POSITION, light_pos);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE, diffuse);
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, specular);
   glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 16.0f);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_NORMAL_ARRAY);
   glVertexPointer(3, GL_FLOAT, 0, s->pos);
   glNormalPointer(GL_FLOAT, 0, s->nrm);
}

static void
tris_run(const struct bench_opts *o, void *p)
{
   (void)o;
   struct tris_state *s = p;
   glDrawArrays(GL_TRIANGLES, 0, s->count * 3);
}

static void
tris_teardown(void *p)
{
   struct tris_state *s = p;
   free(s->pos);
   free(s->nrm);
}

/* ---- (b) full-screen textured quads with depth test -------------------- */

struct quads_state {
   GLuint tex;
   float *pos, *tc;
   int count;  /* quads */
};

static void
quads_setup(const struct bench_opts *o, void *p)
{
   struct quads_state *s = p;
   s->count = scaled(o, 200);
   uint8_t texels[64 * 64 * 4];
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         uint8_t *t = &texels[(y * 64 + x) * 4];
         t[0] = (uint8_t)(x * 4);
         t[1] = (uint8_t)(y * 4);
         t[2] = (uint8_t)(((x >> 3) ^ (y >> 3)) & 1 ? 255 : 40);
         t[3] = 255;
      }
   glGenTextures(1, &s->tex);
   glBindTexture(GL_TEXTURE_2D, s->tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glEnable(GL_TEXTURE_2D);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   /* Each quad is nearer than the one before, so every fragment passes
    * the depth test and is written: the worst case. */
   s->pos = malloc(sizeof(float) * 12 * (size_t)s->count);
   s->tc = malloc(sizeof(float) * 8 * (size_t)s->count);
   if (!s->pos || !s->tc)
      abort();
   for (int q = 0; q < s->count; q++) {
      float z = 0.99f - 1.98f * (float)q / (float)s->count;
      float off = (float)q / 16.0f;
      static const float corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
      for (int c = 0; c < 4; c++) {
         s->pos[q * 12 + c * 3 + 0] = corner[c][0];
         s->pos[q * 12 + c * 3 + 1] = corner[c][1];
         s->pos[q * 12 + c * 3 + 2] = z;
         s->tc[q * 8 + c * 2 + 0] = (corner[c][0] + 1) * 2 + off;
         s->tc[q * 8 + c * 2 + 1] = (corner[c][1] + 1) * 2;
      }
   }
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glVertexPointer(3, GL_FLOAT, 0, s->pos);
   glTexCoordPointer(2, GL_FLOAT, 0, s->tc);
}

static void
quads_run(const struct bench_opts *o, void *p)
{
   (void)o;
   struct quads_state *s = p;
   glClear(GL_DEPTH_BUFFER_BIT);
   for (int q = 0; q < s->count; q++) {
      glColor4f(1.0f, 0.5f + 0.5f * (float)(q & 1), 1.0f, 1.0f);
      glDrawArrays(GL_QUADS, q * 4, 4);
   }
}

static void
quads_teardown(void *p)
{
   struct quads_state *s = p;
   glDeleteTextures(1, &s->tex);
   free(s->pos);
   free(s->tc);
}

/* ---- (c) glDrawPixels of a 256x256 RGBA image --------------------------- */

struct drawpix_state {
   uint8_t *image;
   int reps;
};

static void
drawpix_setup(const struct bench_opts *o, void *p)
{
   struct drawpix_state *s = p;
   s->reps = scaled(o, 20);
   s->image = malloc(256 * 256 * 4);
   if (!s->image)
      abort();
   for (int y = 0; y < 256; y++)
      for (int x = 0; x < 256; x++) {
         uint8_t *px = &s->image[(y * 256 + x) * 4];
         px[0] = (uint8_t)x;
         px[1] = (uint8_t)y;
         px[2] = (uint8_t)(x ^ y);
         px[3] = 255;
      }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glRasterPos2f(-1.0f, -1.0f);
}

static void
drawpix_run(const struct bench_opts *o, void *p)
{
   (void)o;
   struct drawpix_state *s = p;
   for (int i = 0; i < s->reps; i++)
      glDrawPixels(256, 256, GL_RGBA, GL_UNSIGNED_BYTE, s->image);
}

static void
drawpix_teardown(void *p)
{
   struct drawpix_state *s = p;
   free(s->image);
}

/* ---- (d) a 100k-vertex line loop in immediate mode (like longprim) ----- */

struct lineloop_state {
   int verts;
};

static void
lineloop_setup(const struct bench_opts *o, void *p)
{
   struct lineloop_state *s = p;
   s->verts = scaled(o, 100000);
   if (s->verts < 2)
      s->verts = 2;
}

static void
lineloop_run(const struct bench_opts *o, void *p)
{
   (void)o;
   struct lineloop_state *s = p;
   glBegin(GL_LINE_LOOP);
   for (int i = 0; i < s->verts; i++) {
      /* a spiral crossing the surface many times */
      float a = (float)i * 0.37f, r = 0.1f + 0.85f * (float)i / (float)s->verts;
      glColor3f(0.5f + 0.5f * cosf(a), 0.5f + 0.5f * sinf(a), 1.0f);
      glVertex2f(r * cosf(a), r * sinf(a));
   }
   glEnd();
}

/* ---- (e) compile + link + first draw of a distinct shader pair ---------- */

/* GL 2.0 entry points, from eglGetProcAddress (the workload is skipped on
 * a context below 2.0). */
struct shader_gl {
   GLuint (*CreateShader)(GLenum);
   void (*ShaderSource)(GLuint, GLsizei, const char *const *, const GLint *);
   void (*CompileShader)(GLuint);
   GLuint (*CreateProgram)(void);
   void (*AttachShader)(GLuint, GLuint);
   void (*LinkProgram)(GLuint);
   void (*UseProgram)(GLuint);
   void (*GetProgramiv)(GLuint, GLenum, GLint *);
   void (*DeleteShader)(GLuint);
   void (*DeleteProgram)(GLuint);
   GLint (*GetUniformLocation)(GLuint, const char *);
   void (*Uniform4f)(GLint, GLfloat, GLfloat, GLfloat, GLfloat);
};

struct shader_state {
   struct shader_gl gl;
   bool supported;
   int reps;        /* pairs per run */
   unsigned serial; /* makes every pair's source distinct */
   bool failed;
};

static bool
gl_version_at_least(int major, int minor)
{
   const char *v = (const char *)glGetString(GL_VERSION);
   int ma = 0, mi = 0;
   return v && sscanf(v, "%d.%d", &ma, &mi) == 2 && (ma > major || (ma == major && mi >= minor));
}

static void
shader_setup(const struct bench_opts *o, void *p)
{
   struct shader_state *s = p;
   s->reps = scaled(o, 1);
   s->supported = gl_version_at_least(2, 0);
   if (!s->supported)
      return;
#define GETPROC(name) *(void **)&s->gl.name = (void *)eglGetProcAddress("gl" #name)
   GETPROC(CreateShader); GETPROC(ShaderSource); GETPROC(CompileShader);
   GETPROC(CreateProgram); GETPROC(AttachShader); GETPROC(LinkProgram);
   GETPROC(UseProgram); GETPROC(GetProgramiv); GETPROC(DeleteShader);
   GETPROC(DeleteProgram); GETPROC(GetUniformLocation); GETPROC(Uniform4f);
#undef GETPROC
   s->supported = s->gl.CreateShader && s->gl.Uniform4f;
}

/* A ~20-line vertex + fragment shader pair, lit and textured-looking,
 * with serial in a constant so that no two pairs are the same text. */
static void
shader_run(const struct bench_opts *o, void *p)
{
   (void)o;
   struct shader_state *s = p;
   if (!s->supported)
      return;
   for (int i = 0; i < s->reps; i++) {
      char vs[1024], fs[1024];
      unsigned k = s->serial++;
      snprintf(vs, sizeof vs,
               "#version 110\n"
               "uniform vec4 u_tint;\n"
               "varying vec3 v_normal;\n"
               "varying vec2 v_uv;\n"
               "varying vec4 v_color;\n"
               "void main()\n"
               "{\n"
               "   vec4 eye = gl_ModelViewMatrix * gl_Vertex;\n"
               "   v_normal = normalize(gl_NormalMatrix * vec3(0.0, 0.0, 1.0));\n"
               "   v_uv = gl_Vertex.xy * 0.5 + 0.5;\n"
               "   v_color = u_tint * (0.5 + 0.5 * float(%u) / 4096.0);\n"
               "   gl_Position = gl_ProjectionMatrix * eye;\n"
               "}\n", k % 4096);
      snprintf(fs, sizeof fs,
               "#version 110\n"
               "varying vec3 v_normal;\n"
               "varying vec2 v_uv;\n"
               "varying vec4 v_color;\n"
               "const vec3 light = vec3(0.3, 0.4, 0.866);\n"
               "float checker(vec2 uv)\n"
               "{\n"
               "   vec2 c = floor(uv * %u.0);\n"
               "   return mod(c.x + c.y, 2.0);\n"
               "}\n"
               "void main()\n"
               "{\n"
               "   float d = max(dot(normalize(v_normal), light), 0.0);\n"
               "   float c = 0.25 + 0.75 * checker(v_uv);\n"
               "   vec3 rgb = v_color.rgb * (0.2 + 0.8 * d) * c;\n"
               "   gl_FragColor = vec4(clamp(rgb, 0.0, 1.0), 1.0);\n"
               "}\n", 2 + k % 16);
      const char *vsrc = vs, *fsrc = fs;
      GLuint v = s->gl.CreateShader(GL_VERTEX_SHADER), f = s->gl.CreateShader(GL_FRAGMENT_SHADER);
      s->gl.ShaderSource(v, 1, &vsrc, NULL);
      s->gl.ShaderSource(f, 1, &fsrc, NULL);
      s->gl.CompileShader(v);
      s->gl.CompileShader(f);
      GLuint prog = s->gl.CreateProgram();
      s->gl.AttachShader(prog, v);
      s->gl.AttachShader(prog, f);
      s->gl.LinkProgram(prog);
      GLint linked = 0;
      s->gl.GetProgramiv(prog, GL_LINK_STATUS, &linked);
      if (!linked)
         s->failed = true;
      s->gl.UseProgram(prog);
      s->gl.Uniform4f(s->gl.GetUniformLocation(prog, "u_tint"), 1.0f, 0.8f, 0.6f, 1.0f);
      glBegin(GL_TRIANGLES);
      glVertex2f(-0.5f, -0.5f);
      glVertex2f(0.5f, -0.5f);
      glVertex2f(0.0f, 0.5f);
      glEnd();
      glFinish();
      s->gl.UseProgram(0);
      s->gl.DeleteProgram(prog);
      s->gl.DeleteShader(v);
      s->gl.DeleteShader(f);
   }
}

static const struct workload workloads[] = {
   { "tris", "10k small lit triangles (glDrawArrays, vertex+normal arrays)",
     tris_setup, tris_run, tris_teardown },
   { "quads", "200 full-surface textured quads, depth test, each passes",
     quads_setup, quads_run, quads_teardown },
   { "drawpix", "20 x glDrawPixels 256x256 RGBA/UNSIGNED_BYTE",
     drawpix_setup, drawpix_run, drawpix_teardown },
   { "lineloop", "GL_LINE_LOOP of 100k vertices, glBegin/glEnd",
     lineloop_setup, lineloop_run, NULL },
   { "shader", "compile + link + first draw of a distinct ~20-line GLSL pair (GL 2.0)",
     shader_setup, shader_run, NULL },
};
#define NUM_WORKLOADS ((int)(sizeof(workloads) / sizeof(workloads[0])))

static double
clock_ms(clockid_t clk)
{
   struct timespec ts;
   clock_gettime(clk, &ts);
   return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool
selected(const struct bench_opts *o, const char *name)
{
   if (!o->only)
      return true;
   size_t n = strlen(name);
   for (const char *p = o->only; *p;) {
      const char *end = strchr(p, ',');
      size_t len = end ? (size_t)(end - p) : strlen(p);
      if (len == n && !strncmp(p, name, n))
         return true;
      if (!end)
         break;
      p = end + 1;
   }
   return false;
}

/* True if any pixel differs from the clear colour (0,0,0,0). */
static bool
drew_something(const struct bench_opts *o)
{
   size_t n = (size_t)o->w * o->h * 4;
   uint8_t *px = malloc(n);
   if (!px)
      abort();
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, o->w, o->h, GL_RGBA, GL_UNSIGNED_BYTE, px);
   bool any = false;
   for (size_t i = 0; i < n && !any; i++)
      any = px[i] != 0;
   free(px);
   return any;
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

/* Runs the selected workloads on the current driver.  raw: print
 * "renderer NAME" and "NAME MS" lines for --compare to parse. */
static int
run_benchmarks(const struct bench_opts *o, bool raw)
{
   EGLDisplay dpy = open_display();
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      fprintf(stderr, "pony-bench: no surfaceless EGL display (0x%04x)\n",
              (unsigned)eglGetError());
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

   if (!eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "pony-bench: no RGBA8888 + 24-bit depth pbuffer config\n");
      goto out;
   }
   eglBindAPI(EGL_OPENGL_API);
   ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   const EGLint pb_attribs[] = { EGL_WIDTH, o->w, EGL_HEIGHT, o->h, EGL_NONE };
   if (ctx != EGL_NO_CONTEXT)
      surf = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
   if (ctx == EGL_NO_CONTEXT || surf == EGL_NO_SURFACE ||
       !eglMakeCurrent(dpy, surf, surf, ctx)) {
      fprintf(stderr, "pony-bench: context/pbuffer %dx%d: EGL error 0x%04x\n",
              o->w, o->h, (unsigned)eglGetError());
      goto out;
   }
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (raw)
      printf("renderer %s\n", renderer ? renderer : "(null)");
   else
      printf("pony-bench: GL_RENDERER %s, %dx%d, scale %g, best of %d\n",
             renderer ? renderer : "(null)", o->w, o->h, o->scale, o->repeat);
   fflush(stdout);

   rc = 0;
   for (int i = 0; i < NUM_WORKLOADS; i++) {
      const struct workload *wl = &workloads[i];
      if (!selected(o, wl->name))
         continue;
      union {
         struct tris_state tris;
         struct quads_state quads;
         struct drawpix_state drawpix;
         struct lineloop_state lineloop;
         struct shader_state shader;
      } state;
      memset(&state, 0, sizeof(state));
      reset_state(o);
      wl->setup(o, &state);
      if (wl->setup == shader_setup && !state.shader.supported) {
         /* no GL 2.0: nothing to time (and no line for --compare) */
         if (!raw)
            printf("%-10s %10s\n", wl->name, "n/a (needs OpenGL 2.0)");
         continue;
      }
      glFinish();
      double best = INFINITY, best_cpu = INFINITY;
      for (int r = 0; r < o->repeat; r++) {
         glFinish();
         double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
         wl->run(o, &state);
         glFinish();
         double t = clock_ms(CLOCK_MONOTONIC) - t0;
         double c = clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
         if (t < best)
            best = t;
         if (c < best_cpu)
            best_cpu = c;
      }
      GLenum err = glGetError();
      bool drew = drew_something(o);
      if (wl->setup == shader_setup && state.shader.failed)
         err = GL_INVALID_OPERATION;   /* reported as a GL error: the pair did not link */
      if (wl->teardown)
         wl->teardown(&state);
      if (err != GL_NO_ERROR || !drew) {
         fprintf(stderr, "pony-bench: %s: %s\n", wl->name,
                 err != GL_NO_ERROR ? "GL error" : "drew nothing");
         rc = 1;
      }
      if (raw)
         printf("%s %.3f %.3f\n", wl->name, best, best_cpu);
      else
         printf("%-10s %10.2f ms %10.2f CPU ms   %s\n", wl->name, best, best_cpu, wl->what);
      fflush(stdout);
   }

out:
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (surf != EGL_NO_SURFACE)
      eglDestroySurface(dpy, surf);
   if (ctx != EGL_NO_CONTEXT)
      eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   eglReleaseThread();
   return rc;
}

/* ---- --compare ---------------------------------------------------------- */

struct driver_result {
   char renderer[128];
   double ms[NUM_WORKLOADS], cpu[NUM_WORKLOADS];   /* the best of the rounds */
   bool have[NUM_WORKLOADS];
};

/* Runs this program (argv as given, plus --raw) in a child with the
 * environment changed for one driver and parses its output. */
static bool
run_child(char **child_argv, bool pony, const char *pony_dir,
          struct driver_result *res)
{
   int fds[2];
   if (pipe(fds) != 0)
      return false;
   pid_t pid = fork();
   if (pid < 0)
      return false;
   if (pid == 0) {
      close(fds[0]);
      dup2(fds[1], STDOUT_FILENO);
      close(fds[1]);
      setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
      if (pony) {
         setenv("LIBGL_DRIVERS_PATH", pony_dir, 1);
         setenv("GBM_DRIVERS_PATH", pony_dir, 1);
         unsetenv("GALLIUM_DRIVER");
      } else {
         unsetenv("LIBGL_DRIVERS_PATH");
         unsetenv("GBM_DRIVERS_PATH");
         setenv("GALLIUM_DRIVER", "llvmpipe", 1);
      }
      execv("/proc/self/exe", child_argv);
      _exit(127);
   }
   close(fds[1]);
   FILE *f = fdopen(fds[0], "r");
   char line[256];
   while (f && fgets(line, sizeof(line), f)) {
      line[strcspn(line, "\n")] = 0;
      if (!strncmp(line, "renderer ", 9)) {
         snprintf(res->renderer, sizeof(res->renderer), "%.*s", (int)sizeof(res->renderer) - 1, line + 9);
         continue;
      }
      char name[64];
      double ms, cpu;
      if (sscanf(line, "%63s %lf %lf", name, &ms, &cpu) != 3)
         continue;
      for (int i = 0; i < NUM_WORKLOADS; i++)
         if (!strcmp(name, workloads[i].name)) {
            if (!res->have[i] || ms < res->ms[i])
               res->ms[i] = ms;
            if (!res->have[i] || cpu < res->cpu[i])
               res->cpu[i] = cpu;
            res->have[i] = true;
         }
   }
   if (f)
      fclose(f);
   int status;
   if (waitpid(pid, &status, 0) != pid)
      return false;
   return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int
compare_drivers(int argc, char **argv)
{
   const char *pony_dir = getenv("PONY_DRI_DIR");
   if (!pony_dir || !*pony_dir)
      pony_dir = PONY_DRI_DIR;
   char path[4096];
   snprintf(path, sizeof(path), "%s/swrast_dri.so", pony_dir);
   if (access(path, R_OK) != 0) {
      fprintf(stderr, "pony-bench: no Pony driver at %s (set PONY_DRI_DIR)\n", path);
      return 2;
   }
   /* the same arguments without --compare and -r, plus "--raw -r 1": one
    * run per child, the rounds interleaved here */
   char **child_argv = calloc((size_t)argc + 4, sizeof(char *));
   if (!child_argv)
      return 1;
   int k = 0, rounds = 3;
   for (int i = 0; i < argc; i++) {
      if (!strcmp(argv[i], "--compare"))
         continue;
      if (!strcmp(argv[i], "-r") && i + 1 < argc) {
         rounds = atoi(argv[++i]);
         continue;
      }
      child_argv[k++] = argv[i];
   }
   child_argv[k++] = (char *)"--raw";
   child_argv[k++] = (char *)"-r";
   child_argv[k++] = (char *)"1";
   child_argv[k] = NULL;
   if (rounds < 1)
      rounds = 1;

   struct driver_result pony, llvm;
   memset(&pony, 0, sizeof pony);
   memset(&llvm, 0, sizeof llvm);
   bool ok_pony = true, ok_llvm = true;
   for (int r = 0; r < rounds; r++) {
      ok_pony = run_child(child_argv, true, pony_dir, &pony) && ok_pony;
      ok_llvm = run_child(child_argv, false, pony_dir, &llvm) && ok_llvm;
   }
   free(child_argv);

   printf("pony-bench --compare: Pony = %s (%s)\n", pony.renderer, pony_dir);
   printf("                      reference = %s\n", llvm.renderer);
   int rc = 0;
   if (!strstr(pony.renderer, "Pony")) {
      fprintf(stderr, "pony-bench: the Pony run did not run on Pony\n");
      rc = 1;
   }
   if (!strstr(llvm.renderer, "llvmpipe")) {
      fprintf(stderr, "pony-bench: the reference run did not run on llvmpipe\n");
      rc = 1;
   }
   if (!ok_pony || !ok_llvm) {
      fprintf(stderr, "pony-bench: a run failed (%s)\n",
              !ok_pony ? "Pony" : "llvmpipe");
      rc = 1;
   }
   printf("best of %d interleaved rounds; CPU ms: the process's CPU time, all threads\n", rounds);
   printf("%-10s %10s %10s %8s %12s %12s %8s\n", "workload", "Pony CPU", "llvmp CPU",
          "ratio", "Pony wall", "llvmp wall", "ratio");
   double log_cpu = 0.0, log_wall = 0.0;
   int n = 0;
   for (int i = 0; i < NUM_WORKLOADS; i++) {
      if (!pony.have[i] || !llvm.have[i])
         continue;
      double rc_cpu = llvm.cpu[i] > 0 ? pony.cpu[i] / llvm.cpu[i] : 0.0;
      double rc_wall = llvm.ms[i] > 0 ? pony.ms[i] / llvm.ms[i] : 0.0;
      printf("%-10s %10.2f %10.2f %7.1fx %12.2f %12.2f %7.1fx\n", workloads[i].name,
             pony.cpu[i], llvm.cpu[i], rc_cpu, pony.ms[i], llvm.ms[i], rc_wall);
      if (rc_cpu > 0 && rc_wall > 0) {
         log_cpu += log(rc_cpu);
         log_wall += log(rc_wall);
         n++;
      }
   }
   if (n)
      printf("%-10s %10s %10s %7.1fx %12s %12s %7.1fx\n", "geomean", "", "",
             exp(log_cpu / n), "", "", exp(log_wall / n));
   return rc;
}

static void
usage(FILE *f)
{
   fprintf(f,
           "Usage: pony-bench [--compare] [-s WxH] [-n SCALE] [-r REPEAT] [-w NAME,...]\n"
           "Times fixed GL 1.1 workloads on the driver the loader picks (use\n"
           "pony-run for Pony): each is set up untimed, run REPEAT times between\n"
           "glFinish() calls, and the fastest run is printed in wall and CPU ms.\n"
           "  --compare   run on Pony (PONY_DRI_DIR, default the build's driver\n"
           "              folder) and on the system's llvmpipe in REPEAT interleaved\n"
           "              rounds, print CPU and wall times, ratios and their geomean\n"
           "  -s WxH      surface size (default 256x256)\n"
           "  -n SCALE    multiply the amount of work (default 1; 0.01 to smoke-test)\n"
           "  -r REPEAT   timed runs per workload (default 3)\n"
           "  -w NAMES    only these workloads (comma-separated)\n"
           "  -l          list the workloads\n");
}

int
main(int argc, char **argv)
{
   struct bench_opts o = { .w = 256, .h = 256, .scale = 1.0, .repeat = 3 };
   bool compare = false, raw = false;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-s") && i + 1 < argc) {
         char x;
         if (sscanf(argv[++i], "%d%c%d", &o.w, &x, &o.h) != 3 || x != 'x' ||
             o.w < 1 || o.h < 1 || o.w > 8192 || o.h > 8192) {
            fprintf(stderr, "pony-bench: bad size '%s'\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "-n") && i + 1 < argc) {
         o.scale = atof(argv[++i]);
         if (!(o.scale > 0.0 && o.scale <= 1000.0)) {
            fprintf(stderr, "pony-bench: bad scale '%s'\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "-r") && i + 1 < argc) {
         o.repeat = atoi(argv[++i]);
         if (o.repeat < 1 || o.repeat > 1000) {
            fprintf(stderr, "pony-bench: bad repeat count '%s'\n", argv[i]);
            return 2;
         }
      } else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
         o.only = argv[++i];
      } else if (!strcmp(argv[i], "-l")) {
         for (int k = 0; k < NUM_WORKLOADS; k++)
            printf("%-10s %s\n", workloads[k].name, workloads[k].what);
         return 0;
      } else if (!strcmp(argv[i], "--compare")) {
         compare = true;
      } else if (!strcmp(argv[i], "--raw")) {
         raw = true;
      } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else {
         usage(stderr);
         return 2;
      }
   }
   if (o.only) {
      bool any = false;
      for (int k = 0; k < NUM_WORKLOADS; k++)
         any = any || selected(&o, workloads[k].name);
      if (!any) {
         fprintf(stderr, "pony-bench: no workload named in '%s' (see -l)\n", o.only);
         return 2;
      }
   }
   if (compare)
      return compare_drivers(argc, argv);
   return run_benchmarks(&o, raw);
}
