/*
 * pony-bench: the project's benchmark.  Fixed scenes (tools/bench/) drawn
 * through Mesa's libEGL (surfaceless platform, a pbuffer and a GL
 * compatibility context) on whatever driver the loader picks.
 *
 * Each scene is set up untimed and draws one untimed warm-up frame (which
 * takes the drivers' first-use compiles), then timed frames: each from a
 * glFinish() before it to a glFinish() after it, in wall time
 * (CLOCK_MONOTONIC) and in CPU time of the process, all threads
 * (CLOCK_PROCESS_CPUTIME_ID).  It draws at least --min-frames frames and
 * goes on until --min-time seconds have passed (or exactly --frames), and
 * reports the median frame.  Then the scene checks its picture against
 * pixels it computes itself; a wrong picture is FAILED and makes the exit
 * status 1.  CPU time is the figure to trust on a busy machine.
 *
 * --compare runs every scene on llvmpipe, on Pony (the build's driver
 * folder, as pony-run does) and, with --softpipe, on softpipe, each scene
 * in its own child process, interleaved scene by scene: round after
 * round, every scene on every driver in turn, so that a change in the
 * machine's load hits the drivers alike.  It keeps each driver's best
 * round and prints ms per frame, the speed relative to llvmpipe
 * (llvmpipe's time / the driver's time: above 1.0x the driver is faster)
 * and the geometric mean of the speeds over the scenes.
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

#include "bench/bench.h"

#ifndef PONY_DRI_DIR
#define PONY_DRI_DIR ""
#endif

#define DEFAULT_SIZE 1024
#define LEGACY_SIZE 256
#define MAX_FRAMES_LIMIT 10000

struct bench_opts {
   int w, h;             /* -s; 0: each scene's default */
   double scale;         /* -n */
   int rounds;           /* -r */
   int frames;           /* --frames: exactly this many timed frames (0: adaptive) */
   int min_frames;       /* adaptive: at least this many */
   double min_time;      /* adaptive: and until this many seconds passed */
   int max_frames;       /* adaptive: at most this many */
   const char *only;     /* -w: comma-separated scene names */
   bool all;             /* --all: the legacy workloads too */
   bool raw;             /* --raw: lines for --compare to parse */
   bool compare;
   bool softpipe;        /* --softpipe: a third driver in --compare */
   const char *pony_driver;  /* --pony-driver: PONY_DRIVER of the Pony runs */
   const char *csv;      /* --csv FILE */
};

enum result_status { RES_NONE, RES_OK, RES_NA, RES_FAILED };

struct scene_result {
   enum result_status status;
   int frames;
   double wall, cpu;     /* ms per frame: the median frame */
};

static const char *
status_name(enum result_status s)
{
   switch (s) {
   case RES_OK: return "ok";
   case RES_NA: return "n/a";
   case RES_FAILED: return "FAILED";
   default: return "-";
   }
}

/* ---- scene selection ---------------------------------------------------- */

static bool
name_listed(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; *p;) {
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

static bool
selected(const struct bench_opts *o, const struct scene *sc)
{
   if (o->only)
      return name_listed(o->only, sc->name);
   return o->all || !(sc->flags & (SCENE_LEGACY | SCENE_EXTRA));
}

static void
scene_size(const struct bench_opts *o, const struct scene *sc, int *w, int *h)
{
   if (o->w) {
      *w = o->w;
      *h = o->h;
   } else {
      *w = *h = (sc->flags & SCENE_LEGACY) ? LEGACY_SIZE : DEFAULT_SIZE;
   }
}

/* ---- running scenes on the current driver ------------------------------- */

struct egl {
   EGLDisplay dpy;
   EGLConfig cfg;
   EGLContext ctx;
   EGLSurface surf;
   int w, h;             /* of surf */
};

static double
clock_ms(clockid_t clk)
{
   struct timespec ts;
   clock_gettime(clk, &ts);
   return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
   double x = *(const double *)a, y = *(const double *)b;
   return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
   qsort(v, (size_t)n, sizeof(double), cmp_double);
   return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
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

static bool
egl_open(struct egl *e)
{
   memset(e, 0, sizeof(*e));
   e->dpy = open_display();
   if (e->dpy == EGL_NO_DISPLAY || !eglInitialize(e->dpy, NULL, NULL)) {
      fprintf(stderr, "pony-bench: no surfaceless EGL display (0x%04x)\n",
              (unsigned)eglGetError());
      return false;
   }
   const EGLint cfg_attribs[] = {
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, 24,
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
      EGL_NONE,
   };
   EGLint n = 0;
   if (!eglChooseConfig(e->dpy, cfg_attribs, &e->cfg, 1, &n) || n < 1) {
      fprintf(stderr, "pony-bench: no RGBA8888 + 24-bit depth pbuffer config\n");
      return false;
   }
   eglBindAPI(EGL_OPENGL_API);
   e->ctx = eglCreateContext(e->dpy, e->cfg, EGL_NO_CONTEXT, NULL);
   if (e->ctx == EGL_NO_CONTEXT) {
      fprintf(stderr, "pony-bench: no GL context: EGL error 0x%04x\n", (unsigned)eglGetError());
      return false;
   }
   return true;
}

/* Makes a w x h pbuffer current (a new one if the size changed). */
static bool
egl_surface(struct egl *e, int w, int h)
{
   if (e->surf != EGL_NO_SURFACE && e->w == w && e->h == h)
      return true;
   eglMakeCurrent(e->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (e->surf != EGL_NO_SURFACE)
      eglDestroySurface(e->dpy, e->surf);
   const EGLint pb_attribs[] = { EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE };
   e->surf = eglCreatePbufferSurface(e->dpy, e->cfg, pb_attribs);
   e->w = w;
   e->h = h;
   if (e->surf == EGL_NO_SURFACE || !eglMakeCurrent(e->dpy, e->surf, e->surf, e->ctx)) {
      fprintf(stderr, "pony-bench: pbuffer %dx%d: EGL error 0x%04x\n", w, h,
              (unsigned)eglGetError());
      return false;
   }
   return true;
}

static void
egl_close(struct egl *e)
{
   if (e->dpy == EGL_NO_DISPLAY)
      return;
   eglMakeCurrent(e->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (e->surf != EGL_NO_SURFACE)
      eglDestroySurface(e->dpy, e->surf);
   if (e->ctx != EGL_NO_CONTEXT)
      eglDestroyContext(e->dpy, e->ctx);
   eglTerminate(e->dpy);
   eglReleaseThread();
}

static void
load_gl(struct bench_gl *gl)
{
   memset(gl, 0, sizeof(*gl));
#define GETPROC(name) *(void **)&gl->name = (void *)eglGetProcAddress("gl" #name)
   if (bench_gl_version_at_least(1, 5)) {
      GETPROC(GenBuffers); GETPROC(BindBuffer); GETPROC(BufferData); GETPROC(DeleteBuffers);
      gl->has_15 = gl->GenBuffers && gl->BindBuffer && gl->BufferData && gl->DeleteBuffers;
   }
   if (bench_gl_version_at_least(2, 0)) {
      GETPROC(CreateShader); GETPROC(ShaderSource); GETPROC(CompileShader);
      GETPROC(GetShaderiv); GETPROC(GetShaderInfoLog); GETPROC(CreateProgram);
      GETPROC(AttachShader); GETPROC(LinkProgram); GETPROC(UseProgram);
      GETPROC(GetProgramiv); GETPROC(GetProgramInfoLog); GETPROC(DeleteShader);
      GETPROC(DeleteProgram); GETPROC(GetUniformLocation); GETPROC(Uniform1f);
      GETPROC(Uniform2f); GETPROC(Uniform4f);
      gl->has_20 = gl->CreateShader && gl->ShaderSource && gl->CompileShader &&
                   gl->GetShaderiv && gl->GetShaderInfoLog && gl->CreateProgram &&
                   gl->AttachShader && gl->LinkProgram && gl->UseProgram &&
                   gl->GetProgramiv && gl->GetProgramInfoLog && gl->DeleteShader &&
                   gl->DeleteProgram && gl->GetUniformLocation && gl->Uniform1f &&
                   gl->Uniform2f && gl->Uniform4f;
   }
#undef GETPROC
}

/* Sets up, warms up, times and checks one scene. */
static struct scene_result
run_scene(const struct bench_opts *o, const struct scene *sc, struct bench_ctx *c,
          double *wall, double *cpu)
{
   struct scene_result res = { .status = RES_FAILED };
   void *state = calloc(1, sc->state_size ? sc->state_size : 1);
   if (!state)
      abort();
   c->why[0] = 0;
   c->frame = 0;
   bench_reset_state(c);
   enum scene_setup su = sc->setup(c, state);
   if (su == SETUP_NA) {
      res.status = RES_NA;
      free(state);
      return res;
   }
   if (su == SETUP_OK) {
      sc->frame(c, state);   /* warm-up */
      c->frame++;
      glFinish();
      double start = clock_ms(CLOCK_MONOTONIC);
      int limit = o->frames ? o->frames : o->max_frames;
      int n = 0;
      while (n < limit) {
         glFinish();
         double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
         sc->frame(c, state);
         glFinish();
         wall[n] = clock_ms(CLOCK_MONOTONIC) - t0;
         cpu[n] = clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
         n++;
         c->frame++;
         if (!o->frames && n >= o->min_frames &&
             clock_ms(CLOCK_MONOTONIC) - start >= o->min_time * 1e3)
            break;
      }
      res.frames = n;
      res.wall = median(wall, n);
      res.cpu = median(cpu, n);
      GLenum err = glGetError();
      if (err != GL_NO_ERROR)
         snprintf(c->why, sizeof(c->why), "GL error 0x%04x", (unsigned)err);
      else if (sc->check(c, state))
         res.status = RES_OK;
   }
   if (sc->teardown)
      sc->teardown(c, state);
   while (glGetError() != GL_NO_ERROR)
      ;
   free(state);
   return res;
}

static void
csv_header(FILE *f)
{
   fprintf(f, "scene,driver,renderer,width,height,status,frames,cpu_ms_per_frame,"
              "wall_ms_per_frame,speed_cpu_vs_llvmpipe,speed_wall_vs_llvmpipe\n");
}

/* Runs the selected scenes on the current driver.  raw: "renderer NAME"
 * and "scene NAME STATUS FRAMES WALL CPU" lines for --compare. */
static int
run_benchmarks(const struct bench_opts *o)
{
   const struct scene *scenes[BENCH_MAX_SCENES];
   int nscenes = bench_collect_scenes(scenes);
   struct egl e;
   struct bench_gl gl;
   int rc = 1;
   FILE *csv = NULL;
   double *wall = malloc(sizeof(double) * (size_t)(o->frames ? o->frames : o->max_frames));
   double *cpu = malloc(sizeof(double) * (size_t)(o->frames ? o->frames : o->max_frames));
   if (!wall || !cpu)
      abort();
   if (!egl_open(&e))
      goto out;
   int w0 = 0, h0 = 0;
   for (int i = nscenes - 1; i >= 0; i--)
      if (selected(o, scenes[i]))
         scene_size(o, scenes[i], &w0, &h0);
   if (!egl_surface(&e, w0, h0))
      goto out;
   load_gl(&gl);
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!renderer)
      renderer = "(null)";
   if (o->csv && !o->raw) {
      csv = fopen(o->csv, "w");
      if (!csv) {
         fprintf(stderr, "pony-bench: %s: %s\n", o->csv, strerror(errno));
         goto out;
      }
      csv_header(csv);
   }
   if (o->raw)
      printf("renderer %s\n", renderer);
   else
      printf("pony-bench: GL_RENDERER %s, GL_VERSION %s, scale %g, %s, best of %d\n"
             "%-14s %-9s %6s %12s %12s  %s\n", renderer,
             (const char *)glGetString(GL_VERSION), o->scale,
             o->frames ? "fixed frame count" : "adaptive frame count", o->rounds,
             "scene", "size", "frames", "CPU ms/frame", "wall ms/frame", "check");
   fflush(stdout);

   rc = 0;
   for (int i = 0; i < nscenes; i++) {
      const struct scene *sc = scenes[i];
      if (!selected(o, sc))
         continue;
      struct bench_ctx c = { .scale = o->scale, .gl = &gl };
      scene_size(o, sc, &c.w, &c.h);
      if (!egl_surface(&e, c.w, c.h)) {
         rc = 1;
         break;
      }
      struct scene_result best = { .status = RES_NONE };
      for (int r = 0; r < o->rounds; r++) {
         struct scene_result res = run_scene(o, sc, &c, wall, cpu);
         if (res.status != RES_OK) {
            best = res;
            break;
         }
         if (best.status == RES_NONE || res.cpu < best.cpu)
            best.cpu = res.cpu;
         if (best.status == RES_NONE || res.wall < best.wall)
            best.wall = res.wall;
         best.frames = res.frames;
         best.status = RES_OK;
      }
      if (best.status == RES_FAILED) {
         fprintf(stderr, "pony-bench: %s: FAILED: %s\n", sc->name, c.why[0] ? c.why : "?");
         rc = 1;
      }
      if (o->raw) {
         printf("scene %s %s %d %.4f %.4f\n", sc->name, status_name(best.status),
                best.frames, best.wall, best.cpu);
      } else if (best.status == RES_NA) {
         char size[24];
         snprintf(size, sizeof size, "%dx%d", c.w, c.h);
         printf("%-14s %-9s %6s %12s %12s  n/a (%s)\n", sc->name, size, "", "", "",
                c.why[0] ? c.why : "the driver lacks what it needs");
      } else {
         char size[24];
         snprintf(size, sizeof size, "%dx%d", c.w, c.h);
         printf("%-14s %-9s %6d %12.3f %12.3f  %s\n", sc->name, size, best.frames, best.cpu,
                best.wall, status_name(best.status));
      }
      if (csv)
         fprintf(csv, "%s,current,\"%s\",%d,%d,%s,%d,%.4f,%.4f,,\n", sc->name, renderer, c.w,
                 c.h, status_name(best.status), best.frames, best.cpu, best.wall);
      fflush(stdout);
   }

out:
   if (csv)
      fclose(csv);
   egl_close(&e);
   free(wall);
   free(cpu);
   return rc;
}

/* ---- --compare ---------------------------------------------------------- */

enum { DRV_LLVMPIPE, DRV_PONY, DRV_SOFTPIPE, NUM_DRIVERS };

static const char *const driver_names[NUM_DRIVERS] = { "llvmpipe", "Pony", "softpipe" };

struct compare {
   const struct bench_opts *o;
   const char *pony_dir;
   char **child_argv;        /* NULL-terminated; the scene name goes last */
   int scene_arg;            /* index of the scene name in child_argv */
   bool use[NUM_DRIVERS];
   char renderer[NUM_DRIVERS][128];
   bool child_failed[NUM_DRIVERS];
   struct scene_result res[NUM_DRIVERS][BENCH_MAX_SCENES];
};

static void
driver_environment(const struct compare *cmp, int drv)
{
   setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
   if (drv == DRV_PONY) {
      setenv("LIBGL_DRIVERS_PATH", cmp->pony_dir, 1);
      setenv("GBM_DRIVERS_PATH", cmp->pony_dir, 1);
      unsetenv("GALLIUM_DRIVER");
      if (cmp->o->pony_driver)
         setenv("PONY_DRIVER", cmp->o->pony_driver, 1);
   } else {
      unsetenv("LIBGL_DRIVERS_PATH");
      unsetenv("GBM_DRIVERS_PATH");
      setenv("GALLIUM_DRIVER", drv == DRV_SOFTPIPE ? "softpipe" : "llvmpipe", 1);
   }
}

/* Runs one scene on one driver in a child (this program with --raw) and
 * keeps the better of its result and the rounds before. */
static void
run_child(struct compare *cmp, int drv, int scene_index, const char *scene_name)
{
   struct scene_result *best = &cmp->res[drv][scene_index];
   struct scene_result got = { .status = RES_NONE };
   int fds[2];
   if (pipe(fds) != 0) {
      cmp->child_failed[drv] = true;
      return;
   }
   cmp->child_argv[cmp->scene_arg] = (char *)scene_name;
   fflush(stdout);
   fflush(stderr);
   pid_t pid = fork();
   if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      cmp->child_failed[drv] = true;
      return;
   }
   if (pid == 0) {
      close(fds[0]);
      dup2(fds[1], STDOUT_FILENO);
      close(fds[1]);
      driver_environment(cmp, drv);
      execv("/proc/self/exe", cmp->child_argv);
      _exit(127);
   }
   close(fds[1]);
   FILE *f = fdopen(fds[0], "r");
   char line[512];
   while (f && fgets(line, sizeof(line), f)) {
      line[strcspn(line, "\n")] = 0;
      if (!strncmp(line, "renderer ", 9)) {
         snprintf(cmp->renderer[drv], sizeof(cmp->renderer[drv]), "%.*s",
                  (int)sizeof(cmp->renderer[drv]) - 1, line + 9);
         continue;
      }
      char name[64], status[16];
      int frames;
      double wall, cpu;
      if (sscanf(line, "scene %63s %15s %d %lf %lf", name, status, &frames, &wall, &cpu) != 5 ||
          strcmp(name, scene_name))
         continue;
      got.status = !strcmp(status, "ok") ? RES_OK : !strcmp(status, "n/a") ? RES_NA : RES_FAILED;
      got.frames = frames;
      got.wall = wall;
      got.cpu = cpu;
   }
   if (f)
      fclose(f);
   else
      close(fds[0]);
   int wstatus = 0;
   bool exited_ok = waitpid(pid, &wstatus, 0) == pid && WIFEXITED(wstatus) &&
                    WEXITSTATUS(wstatus) == 0;
   if (got.status == RES_NONE) {
      got.status = RES_FAILED;   /* crashed or no line */
      fprintf(stderr, "pony-bench: %s on %s: the child %s\n", scene_name, driver_names[drv],
              WIFSIGNALED(wstatus) ? "was killed by a signal" : "printed no result");
   }
   if (!exited_ok && got.status == RES_OK)
      got.status = RES_FAILED;
   if (got.status == RES_FAILED) {
      cmp->child_failed[drv] = true;
      fprintf(stderr, "pony-bench: %s FAILED on %s\n", scene_name, driver_names[drv]);
   }

   /* the best round; a failure or n/a in any round sticks */
   if (best->status == RES_FAILED || best->status == RES_NA)
      return;
   if (got.status != RES_OK || best->status == RES_NONE) {
      *best = got;
      return;
   }
   if (got.cpu < best->cpu)
      best->cpu = got.cpu;
   if (got.wall < best->wall)
      best->wall = got.wall;
   if (got.frames < best->frames)
      best->frames = got.frames;
}

static double
speed(const struct scene_result *ref, const struct scene_result *r, bool cpu)
{
   if (ref->status != RES_OK || r->status != RES_OK)
      return 0.0;
   double a = cpu ? ref->cpu : ref->wall, b = cpu ? r->cpu : r->wall;
   return a > 0 && b > 0 ? a / b : 0.0;
}

static void
print_cell(const struct scene_result *r, double sp_cpu, double sp_wall, bool with_speed)
{
   if (r->status == RES_OK) {
      printf(" %9.2f %9.2f", r->cpu, r->wall);
      if (with_speed)
         printf(" %7.3fx %7.3fx", sp_cpu, sp_wall);
   } else {
      printf(" %9s %9s", status_name(r->status), "");
      if (with_speed)
         printf(" %8s %8s", "", "");
   }
}

static int
compare_drivers(const struct bench_opts *o, int argc, char **argv)
{
   struct compare *cmp = calloc(1, sizeof(*cmp));
   if (!cmp)
      abort();
   cmp->o = o;
   cmp->pony_dir = getenv("PONY_DRI_DIR");
   if (!cmp->pony_dir || !*cmp->pony_dir)
      cmp->pony_dir = PONY_DRI_DIR;
   char path[4096];
   snprintf(path, sizeof(path), "%s/swrast_dri.so", cmp->pony_dir);
   if (access(path, R_OK) != 0) {
      fprintf(stderr, "pony-bench: no Pony driver at %s (set PONY_DRI_DIR)\n", path);
      free(cmp);
      return 2;
   }
   cmp->use[DRV_LLVMPIPE] = cmp->use[DRV_PONY] = true;
   cmp->use[DRV_SOFTPIPE] = o->softpipe;

   /* the child's arguments: the options that shape a run, plus
    * "--raw -r 1 -w SCENE" */
   cmp->child_argv = calloc((size_t)argc + 8, sizeof(char *));
   if (!cmp->child_argv)
      abort();
   int k = 0;
   cmp->child_argv[k++] = argv[0];
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--compare") || !strcmp(argv[i], "--softpipe") ||
          !strcmp(argv[i], "--all"))
         continue;
      if ((!strcmp(argv[i], "-r") || !strcmp(argv[i], "-w") || !strcmp(argv[i], "--csv") ||
           !strcmp(argv[i], "--pony-driver")) && i + 1 < argc) {
         i++;
         continue;
      }
      cmp->child_argv[k++] = argv[i];
   }
   cmp->child_argv[k++] = (char *)"--raw";
   cmp->child_argv[k++] = (char *)"-r";
   cmp->child_argv[k++] = (char *)"1";
   cmp->child_argv[k++] = (char *)"-w";
   cmp->scene_arg = k++;
   cmp->child_argv[k] = NULL;

   const struct scene *all[BENCH_MAX_SCENES];
   int nall = bench_collect_scenes(all);
   const struct scene *scenes[BENCH_MAX_SCENES];
   int n = 0;
   for (int i = 0; i < nall; i++)
      if (selected(o, all[i]))
         scenes[n++] = all[i];

   int ndrv = 0, drvs[NUM_DRIVERS];
   for (int d = 0; d < NUM_DRIVERS; d++)
      if (cmp->use[d])
         drvs[ndrv++] = d;
   for (int r = 0; r < o->rounds; r++)
      for (int s = 0; s < n; s++) {
         for (int j = 0; j < ndrv; j++) {
            /* each scene starts with another driver, round after round */
            int d = drvs[(j + r + s) % ndrv];
            run_child(cmp, d, s, scenes[s]->name);
         }
         fprintf(stderr, "pony-bench: round %d/%d, %-14s", r + 1, o->rounds, scenes[s]->name);
         for (int d = 0; d < NUM_DRIVERS; d++)
            if (cmp->use[d]) {
               const struct scene_result *x = &cmp->res[d][s];
               if (x->status == RES_OK)
                  fprintf(stderr, " %s %.2f", driver_names[d], x->cpu);
               else
                  fprintf(stderr, " %s %s", driver_names[d], status_name(x->status));
            }
         fprintf(stderr, " (CPU ms/frame, best so far)\n");
      }

   int rc = 0;
   const char *want[NUM_DRIVERS] = { "llvmpipe", "Pony", "softpipe" };
   for (int d = 0; d < NUM_DRIVERS; d++) {
      if (!cmp->use[d])
         continue;
      if (!strstr(cmp->renderer[d], want[d])) {
         fprintf(stderr, "pony-bench: the %s runs did not run on %s (GL_RENDERER '%s')\n",
                 driver_names[d], want[d], cmp->renderer[d]);
         rc = 1;
      }
      if (cmp->child_failed[d]) {
         fprintf(stderr, "pony-bench: a %s run failed (see above)\n", driver_names[d]);
         rc = 1;
      }
   }
   if (o->pony_driver && !strstr(cmp->renderer[DRV_PONY], o->pony_driver)) {
      fprintf(stderr, "pony-bench: Pony's GL_RENDERER '%s' does not name --pony-driver %s\n",
              cmp->renderer[DRV_PONY], o->pony_driver);
      rc = 1;
   }

   const char *threads = getenv("PONY_THREADS"), *simd = getenv("PONY_SIMD_WIDTH");
   const char *lp_threads = getenv("LP_NUM_THREADS");
   printf("pony-bench --compare: %s, scale %g, best of %d interleaved rounds, %s\n",
          o->w ? "every scene at the -s size" : "1024x1024 (legacy workloads 256x256)",
          o->scale, o->rounds,
          o->frames ? "fixed frame count" : "adaptive frame count");
   printf("  llvmpipe = %s (LP_NUM_THREADS %s)\n", cmp->renderer[DRV_LLVMPIPE],
          lp_threads ? lp_threads : "unset");
   printf("  Pony     = %s (%s; PONY_DRIVER %s, PONY_THREADS %s, PONY_SIMD_WIDTH %s)\n",
          cmp->renderer[DRV_PONY], cmp->pony_dir,
          o->pony_driver ? o->pony_driver : getenv("PONY_DRIVER") ? getenv("PONY_DRIVER") : "unset",
          threads ? threads : "unset", simd ? simd : "unset");
   if (cmp->use[DRV_SOFTPIPE])
      printf("  softpipe = %s\n", cmp->renderer[DRV_SOFTPIPE]);
   printf("ms per frame (the median frame of a round, the best round); CPU = the process's\n"
          "CPU time, all threads.  speed = llvmpipe's time / the driver's time: above 1.0x\n"
          "the driver is faster than llvmpipe, below it slower.\n");
   printf("%-14s %19s | %19s %17s", "", "---- llvmpipe ----", "------ Pony -------",
          "- speed vs llvmp -");
   if (cmp->use[DRV_SOFTPIPE])
      printf(" | %19s %17s", "---- softpipe -----", "- speed vs llvmp -");
   printf("\n%-14s %9s %9s | %9s %9s %8s %8s", "scene", "CPU ms", "wall ms", "CPU ms",
          "wall ms", "CPU", "wall");
   if (cmp->use[DRV_SOFTPIPE])
      printf(" | %9s %9s %8s %8s", "CPU ms", "wall ms", "CPU", "wall");
   printf("\n");

   double logs[NUM_DRIVERS][2] = { { 0 } };
   int counts[NUM_DRIVERS] = { 0 };
   for (int s = 0; s < n; s++) {
      printf("%-14s", scenes[s]->name);
      const struct scene_result *ref = &cmp->res[DRV_LLVMPIPE][s];
      print_cell(ref, 0, 0, false);
      for (int d = DRV_PONY; d < NUM_DRIVERS; d++) {
         if (!cmp->use[d])
            continue;
         const struct scene_result *x = &cmp->res[d][s];
         double sc = speed(ref, x, true), sw = speed(ref, x, false);
         printf(" |");
         print_cell(x, sc, sw, true);
         if (sc > 0 && sw > 0) {
            logs[d][0] += log(sc);
            logs[d][1] += log(sw);
            counts[d]++;
         }
      }
      printf("\n");
      for (int d = 0; d < NUM_DRIVERS; d++)
         if (cmp->use[d] && cmp->res[d][s].status == RES_FAILED)
            rc = 1;
   }
   printf("%-14s %19s", "geomean", "");
   for (int d = DRV_PONY; d < NUM_DRIVERS; d++) {
      if (!cmp->use[d])
         continue;
      printf(" | %19s", "");
      if (counts[d])
         printf(" %7.3fx %7.3fx", exp(logs[d][0] / counts[d]), exp(logs[d][1] / counts[d]));
      else
         printf(" %8s %8s", "-", "-");
   }
   printf("\n");
   for (int d = DRV_PONY; d < NUM_DRIVERS; d++)
      if (cmp->use[d])
         printf("%s: geomean over %d of %d scenes (n/a and FAILED ones left out)\n",
                driver_names[d], counts[d], n);

   if (o->csv) {
      FILE *f = fopen(o->csv, "w");
      if (!f) {
         fprintf(stderr, "pony-bench: %s: %s\n", o->csv, strerror(errno));
         rc = 1;
      } else {
         csv_header(f);
         for (int s = 0; s < n; s++)
            for (int d = 0; d < NUM_DRIVERS; d++) {
               if (!cmp->use[d])
                  continue;
               const struct scene_result *x = &cmp->res[d][s];
               int w, h;
               scene_size(o, scenes[s], &w, &h);
               fprintf(f, "%s,%s,\"%s\",%d,%d,%s,%d,%.4f,%.4f,", scenes[s]->name,
                       driver_names[d], cmp->renderer[d], w, h, status_name(x->status),
                       x->frames, x->cpu, x->wall);
               double sc = speed(&cmp->res[DRV_LLVMPIPE][s], x, true);
               double sw = speed(&cmp->res[DRV_LLVMPIPE][s], x, false);
               if (sc > 0 && sw > 0)
                  fprintf(f, "%.4f,%.4f\n", sc, sw);
               else
                  fprintf(f, ",\n");
            }
         for (int d = DRV_PONY; d < NUM_DRIVERS; d++)
            if (cmp->use[d] && counts[d])
               fprintf(f, "geomean,%s,\"%s\",,,,%d,,,%.4f,%.4f\n", driver_names[d],
                       cmp->renderer[d], counts[d], exp(logs[d][0] / counts[d]),
                       exp(logs[d][1] / counts[d]));
         fclose(f);
      }
   }
   free(cmp->child_argv);
   free(cmp);
   return rc;
}

/* ---- options ------------------------------------------------------------ */

static void
usage(FILE *f)
{
   fprintf(f,
      "Usage: pony-bench [--compare [--softpipe] [--pony-driver NAME]] [-s WxH] [-n SCALE]\n"
      "                  [-r ROUNDS] [--frames N | --min-frames N --min-time S]\n"
      "                  [-w NAME,... | --all] [--csv FILE] [-l]\n"
      "Times fixed GL scenes on the driver the loader picks (use pony-run for Pony):\n"
      "each is set up untimed, draws a warm-up frame, then timed frames between\n"
      "glFinish() calls; the median frame is printed in CPU and wall ms, and the\n"
      "picture is checked (a wrong one is FAILED, exit status 1).\n"
      "  --compare        run every scene on llvmpipe and on Pony (PONY_DRI_DIR,\n"
      "                   default the build's driver folder), each in its own child,\n"
      "                   interleaved scene by scene for ROUNDS rounds; print ms per\n"
      "                   frame, the speed vs llvmpipe (llvmpipe time / driver time,\n"
      "                   >1 = faster than llvmpipe) and its geomean over the scenes\n"
      "  --softpipe       --compare runs softpipe too\n"
      "  --pony-driver N  PONY_DRIVER=N for the Pony runs (refpipe, jitpipe);\n"
      "                   PONY_THREADS and PONY_SIMD_WIDTH pass through unchanged\n"
      "  -s WxH           surface of every scene (default 1024x1024; legacy 256x256)\n"
      "  -n SCALE         multiply each scene's work per frame (default 1)\n"
      "  -r ROUNDS        rounds (default 3 with --compare, else 1); the best counts\n"
      "  --frames N       exactly N timed frames per scene\n"
      "  --min-frames N   else at least N timed frames (default 2) ...\n"
      "  --min-time S     ... and until S seconds of frames (default 0.3)\n"
      "  --max-frames N   ... but at most N (default 200)\n"
      "  -w NAMES         only these scenes (comma-separated; legacy ones too)\n"
      "  --all            the legacy workloads too\n"
      "  --csv FILE       also write the results as CSV\n"
      "  -l               list the scenes\n");
}

static bool
parse_int(const char *s, int lo, int hi, int *out)
{
   char *end;
   errno = 0;
   long v = strtol(s, &end, 10);
   if (errno || end == s || *end || v < lo || v > hi)
      return false;
   *out = (int)v;
   return true;
}

int
main(int argc, char **argv)
{
   struct bench_opts o = {
      .scale = 1.0, .rounds = 0, .min_frames = 2, .min_time = 0.3, .max_frames = 200,
   };
   const struct scene *scenes[BENCH_MAX_SCENES];
   int nscenes = bench_collect_scenes(scenes);

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      bool bad = false;
      if (!strcmp(a, "-s") && v) {
         char x;
         i++;
         bad = sscanf(v, "%d%c%d", &o.w, &x, &o.h) != 3 || x != 'x' || o.w < 1 || o.h < 1 ||
               o.w > 8192 || o.h > 8192;
      } else if (!strcmp(a, "-n") && v) {
         i++;
         o.scale = atof(v);
         bad = !(o.scale > 0.0 && o.scale <= 1000.0);
      } else if (!strcmp(a, "-r") && v) {
         i++;
         bad = !parse_int(v, 1, 1000, &o.rounds);
      } else if (!strcmp(a, "--frames") && v) {
         i++;
         bad = !parse_int(v, 1, MAX_FRAMES_LIMIT, &o.frames);
      } else if (!strcmp(a, "--min-frames") && v) {
         i++;
         bad = !parse_int(v, 1, MAX_FRAMES_LIMIT, &o.min_frames);
      } else if (!strcmp(a, "--max-frames") && v) {
         i++;
         bad = !parse_int(v, 1, MAX_FRAMES_LIMIT, &o.max_frames);
      } else if (!strcmp(a, "--min-time") && v) {
         i++;
         o.min_time = atof(v);
         bad = !(o.min_time >= 0.0 && o.min_time <= 3600.0);
      } else if (!strcmp(a, "-w") && v) {
         o.only = argv[++i];
      } else if (!strcmp(a, "--csv") && v) {
         o.csv = argv[++i];
      } else if (!strcmp(a, "--pony-driver") && v) {
         o.pony_driver = argv[++i];
         bad = !*o.pony_driver;
      } else if (!strcmp(a, "--all")) {
         o.all = true;
      } else if (!strcmp(a, "--softpipe")) {
         o.softpipe = true;
      } else if (!strcmp(a, "--compare")) {
         o.compare = true;
      } else if (!strcmp(a, "--raw")) {
         o.raw = true;
      } else if (!strcmp(a, "-l")) {
         for (int k = 0; k < nscenes; k++)
            printf("%-14s %s\n", scenes[k]->name, scenes[k]->what);
         return 0;
      } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
         usage(stdout);
         return 0;
      } else {
         usage(stderr);
         return 2;
      }
      if (bad) {
         fprintf(stderr, "pony-bench: bad value '%s' for %s\n", argv[i], a);
         return 2;
      }
   }
   if (o.min_frames > o.max_frames)
      o.max_frames = o.min_frames;
   if (o.rounds == 0)
      o.rounds = o.compare ? 3 : 1;
   if (o.only) {
      bool any = false;
      for (int k = 0; k < nscenes; k++)
         any = any || name_listed(o.only, scenes[k]->name);
      if (!any) {
         fprintf(stderr, "pony-bench: no scene named in '%s' (see -l)\n", o.only);
         return 2;
      }
   }
   /* "compile" times compiling: Mesa's on-disk shader cache would turn
    * every run after the first into a cache hit (children inherit this) */
   setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
   if (o.compare)
      return compare_drivers(&o, argc, argv);
   return run_benchmarks(&o);
}
