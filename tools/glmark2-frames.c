/*
 * glmark2-frames: an LD_PRELOAD shim that makes glmark2's pictures
 * deterministic and writes chosen frames of every scene as PNG files, so
 * that two GL drivers can be compared picture by picture
 * (tools/glmark2-compare.py, docs/testing.md "Comparing glmark2 pictures").
 *
 *   LD_PRELOAD=.../libglmark2-frames.so GLMARK2_FRAMES_DIR=out \
 *      glmark2 --off-screen -s 256x256 -b :duration=0.058
 *
 * What glmark2 does, and what the shim does about it:
 *
 * - Time.  glmark2 reads the time with clock_gettime (CLOCK_MONOTONIC) and
 *   time(); a scene's animation and its end depend on it, so two drivers of
 *   different speeds would draw different pictures.  The shim answers
 *   glmark2's own calls (those whose return address is inside the main
 *   executable) with a fake clock that stands still during a frame and
 *   advances by a fixed step at every frame end: frame k of every scene is
 *   drawn at time start + (k - 1) * step, whatever the driver's speed.
 *   Calls from libraries (Mesa, the X client, the driver's threads) see the
 *   real clock: a frozen clock would stall their timeouts.
 *
 * - Frame ends.  glmark2 loads libGL (or libEGL + libGLESv2) with dlopen
 *   and looks up glXGetProcAddress / eglGetProcAddress with dlsym; every
 *   other GL command comes through those.  The shim interposes dlsym for
 *   the main executable's calls and hands out wrappers for the frame end
 *   (glFinish with --off-screen or --validate, glXSwapBuffers /
 *   eglSwapBuffers on screen) and for context creation.
 *
 * - Scenes.  glmark2 creates a new GL context for every scene (unless
 *   --reuse-context), and one before the first scene; the shim numbers
 *   contexts as "segments" (0 = the one glmark2 makes at start-up, k = the
 *   k-th scene line glmark2 prints, including unsupported scenes, which
 *   draw no frame) and frames from 1 within each segment.
 *
 * Environment:
 *   GLMARK2_FRAMES_DIR      where to write sSSS-fFFFF.png and frames.tsv;
 *                           unset: nothing is written (the clock is still
 *                           fake)
 *   GLMARK2_FRAMES_CAPTURE  frame numbers to capture in every segment,
 *                           comma-separated (default "1,5")
 *   GLMARK2_FRAMES_SIZE     WxH of the picture to read back (default: the
 *                           GL viewport at the frame end)
 *   GLMARK2_FRAMES_STEP_US  the fake clock's step per frame in microseconds
 *                           (default 16667, 1/60 s)
 *   GLMARK2_FRAMES_CLOCK    "real" leaves glmark2's clock alone
 *
 * frames.tsv has one line per frame end, written as it happens (so that a
 * crash keeps what came before):
 *   segment  frame  real_ns_since_segment_start  gl_errors  png_file
 * gl_errors is "-" or the glGetError codes raised since the previous frame
 * end (hex, comma-separated); png_file is "-" when the frame is not
 * captured.
 *
 * The shim's state is process-wide by nature (one glmark2 process, one
 * rendering thread); the GL state it touches (the error flag, the pixel
 * read) is only read, never changed, apart from draining glGetError.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <link.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <png.h>

#define SHIM_EXPORT __attribute__((visibility("default")))

/* GL / EGL values used here (no GL headers: the shim links no GL library). */
#define SHIM_GL_NO_ERROR 0
#define SHIM_GL_VIEWPORT 0x0BA2
#define SHIM_GL_RGBA 0x1908
#define SHIM_GL_UNSIGNED_BYTE 0x1401
#define SHIM_GL_PACK_ALIGNMENT 0x0D05

/* At most this many errors are drained and reported per frame end. */
#define SHIM_MAX_ERRORS 8
#define SHIM_MAX_CAPTURES 64
#define SHIM_MAX_RANGES 16

typedef void *(*dlsym_fn)(void *, const char *);
typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);
typedef time_t (*time_fn)(time_t *);
typedef void *(*glx_gpa_fn)(const unsigned char *);
typedef void *(*egl_gpa_fn)(const char *);
typedef void (*gl_finish_fn)(void);
typedef unsigned (*gl_get_error_fn)(void);
typedef void (*gl_get_integerv_fn)(unsigned, int *);
typedef void (*gl_pixel_storei_fn)(unsigned, int);
typedef void (*gl_read_pixels_fn)(int, int, int, int, unsigned, unsigned, void *);
typedef void (*glx_swap_fn)(void *, unsigned long);
typedef void *(*glx_create_new_context_fn)(void *, void *, int, void *, int);
typedef void *(*glx_create_context_fn)(void *, void *, void *, int);
typedef void *(*glx_create_context_attribs_fn)(void *, void *, void *, int, const int *);
typedef unsigned (*egl_swap_fn)(void *, void *);
typedef void *(*egl_create_context_fn)(void *, void *, void *, const int *);

struct shim_range {
   uintptr_t lo, hi;
};

struct shim {
   /* The main executable's loaded segments: who is "glmark2". */
   struct shim_range main_ranges[SHIM_MAX_RANGES];
   int n_main_ranges;

   dlsym_fn real_dlsym;
   clock_gettime_fn real_clock_gettime;
   time_fn real_time;

   /* GL entry points as the real libraries gave them to glmark2. */
   glx_gpa_fn real_glx_gpa;
   egl_gpa_fn real_egl_gpa;
   gl_finish_fn real_gl_finish;
   glx_swap_fn real_glx_swap;
   egl_swap_fn real_egl_swap;
   glx_create_new_context_fn real_glx_create_new_context;
   glx_create_context_fn real_glx_create_context;
   glx_create_context_attribs_fn real_glx_create_context_attribs;
   egl_create_context_fn real_egl_create_context;

   /* Configuration. */
   const char *dir;
   int captures[SHIM_MAX_CAPTURES];
   int n_captures;
   int size_w, size_h;
   bool fake_clock;
   uint64_t step_ns;

   /* Progress. */
   uint64_t total_frames;          /* frame ends in the process: the fake clock */
   int segment;                    /* contexts created so far - 1 */
   int segment_frame;              /* frame ends in the current segment */
   uint64_t segment_start_ns;      /* real time */
   FILE *tsv;
   bool tsv_failed;
   bool active;                    /* this process is glmark2 */
};

static struct shim shim = { .segment = -1, .fake_clock = true, .step_ns = 16666667 };
static pthread_once_t shim_once = PTHREAD_ONCE_INIT;

/* Fixed starting points of the fake clocks (arbitrary, constant). */
#define SHIM_FAKE_MONOTONIC_NS (1000ull * 1000000000ull)
#define SHIM_FAKE_REALTIME_S 1600000000ll

static void *
real_symbol(const char *name, const char *version)
{
   /* dlvsym is not interposed, so it reaches libc's own definitions. */
   void *p = dlvsym(RTLD_NEXT, name, version);
   return p;
}

static int
shim_phdr_cb(struct dl_phdr_info *info, size_t size, void *data)
{
   (void)size;
   (void)data;
   /* The first object dl_iterate_phdr reports is the main executable. */
   for (int i = 0; i < info->dlpi_phnum && shim.n_main_ranges < SHIM_MAX_RANGES; i++) {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_LOAD)
         continue;
      shim.main_ranges[shim.n_main_ranges].lo = info->dlpi_addr + ph->p_vaddr;
      shim.main_ranges[shim.n_main_ranges].hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
      shim.n_main_ranges++;
   }
   return 1;
}

static void
parse_captures(const char *s)
{
   shim.n_captures = 0;
   while (s && *s && shim.n_captures < SHIM_MAX_CAPTURES) {
      char *end;
      long v = strtol(s, &end, 10);
      if (end == s)
         break;
      if (v > 0 && v < 1000000)
         shim.captures[shim.n_captures++] = (int)v;
      s = *end == ',' ? end + 1 : end;
      if (*end != ',')
         break;
   }
}

static void
shim_init_once(void)
{
   shim.real_dlsym = (dlsym_fn)real_symbol("dlsym", "GLIBC_2.34");
   if (!shim.real_dlsym)
      shim.real_dlsym = (dlsym_fn)real_symbol("dlsym", "GLIBC_2.2.5");
   shim.real_clock_gettime = (clock_gettime_fn)real_symbol("clock_gettime", "GLIBC_2.17");
   if (!shim.real_clock_gettime)
      shim.real_clock_gettime = (clock_gettime_fn)real_symbol("clock_gettime", "GLIBC_2.2.5");
   shim.real_time = (time_fn)real_symbol("time", "GLIBC_2.2.5");
   dl_iterate_phdr(shim_phdr_cb, NULL);

   const char *clock = getenv("GLMARK2_FRAMES_CLOCK");
   shim.fake_clock = !(clock && strcmp(clock, "real") == 0);
   const char *step = getenv("GLMARK2_FRAMES_STEP_US");
   if (step && atol(step) > 0)
      shim.step_ns = (uint64_t)atol(step) * 1000u;
   const char *cap = getenv("GLMARK2_FRAMES_CAPTURE");
   parse_captures(cap ? cap : "1,5");
   const char *size = getenv("GLMARK2_FRAMES_SIZE");
   if (!size || sscanf(size, "%dx%d", &shim.size_w, &shim.size_h) != 2 ||
       shim.size_w <= 0 || shim.size_h <= 0 || shim.size_w > 16384 || shim.size_h > 16384)
      shim.size_w = shim.size_h = 0;

   const char *dir = getenv("GLMARK2_FRAMES_DIR");
   if (dir && *dir)
      shim.dir = dir;

   /* LD_PRELOAD reaches every program of the command line (xvfb-run, its
    * shell, Xvfb): only glmark2 and glmark2-es2 get the fake clock and the
    * wrappers, unless GLMARK2_FRAMES_ANY=1 (a renamed copy). */
   const char *any = getenv("GLMARK2_FRAMES_ANY");
   shim.active = strncmp(program_invocation_short_name, "glmark2", 7) == 0 ||
                 (any && strcmp(any, "1") == 0);
   if (!shim.active)
      shim.n_main_ranges = 0;
}

static void
shim_init(void)
{
   pthread_once(&shim_once, shim_init_once);
}

__attribute__((constructor)) static void
shim_constructor(void)
{
   shim_init();
}

__attribute__((destructor)) static void
shim_destructor(void)
{
   if (shim.tsv) {
      fclose(shim.tsv);
      shim.tsv = NULL;
   }
}

static bool
from_main(const void *ret)
{
   uintptr_t a = (uintptr_t)ret;
   for (int i = 0; i < shim.n_main_ranges; i++)
      if (a >= shim.main_ranges[i].lo && a < shim.main_ranges[i].hi)
         return true;
   return false;
}

static uint64_t
real_now_ns(void)
{
   struct timespec ts;
   shim.real_clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t
fake_elapsed_ns(void)
{
   return __atomic_load_n(&shim.total_frames, __ATOMIC_RELAXED) * shim.step_ns;
}

SHIM_EXPORT int
clock_gettime(clockid_t clk, struct timespec *ts)
{
   shim_init();
   if (shim.fake_clock && from_main(__builtin_return_address(0))) {
      uint64_t ns = fake_elapsed_ns();
      switch (clk) {
      case CLOCK_MONOTONIC:
      case CLOCK_MONOTONIC_RAW:
      case CLOCK_MONOTONIC_COARSE:
      case CLOCK_BOOTTIME:
         ns += SHIM_FAKE_MONOTONIC_NS;
         ts->tv_sec = (time_t)(ns / 1000000000u);
         ts->tv_nsec = (long)(ns % 1000000000u);
         return 0;
      case CLOCK_REALTIME:
      case CLOCK_REALTIME_COARSE:
         ts->tv_sec = (time_t)(SHIM_FAKE_REALTIME_S + (int64_t)(ns / 1000000000u));
         ts->tv_nsec = (long)(ns % 1000000000u);
         return 0;
      default:
         /* CPU-time clocks (glmark2's --results cpu) stay real. */
         break;
      }
   }
   return shim.real_clock_gettime(clk, ts);
}

SHIM_EXPORT time_t
time(time_t *out)
{
   shim_init();
   if (shim.fake_clock && from_main(__builtin_return_address(0))) {
      time_t t = (time_t)(SHIM_FAKE_REALTIME_S + (int64_t)(fake_elapsed_ns() / 1000000000u));
      if (out)
         *out = t;
      return t;
   }
   return shim.real_time(out);
}

/* ---- reading back and writing a frame ---------------------------------- */

/* The real GL entry point NAME, through the real GetProcAddress glmark2
 * used (every GL command glmark2 calls came through it as well). */
static void *
gl_proc(const char *name)
{
   if (shim.real_glx_gpa)
      return shim.real_glx_gpa((const unsigned char *)name);
   if (shim.real_egl_gpa)
      return shim.real_egl_gpa(name);
   return NULL;
}

static bool
write_png(const char *path, const uint8_t *pixels, int w, int h)
{
   FILE *f = fopen(path, "wb");
   if (!f)
      return false;
   png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   png_bytep *rows = calloc((size_t)h, sizeof(*rows));
   if (!png || !info || !rows) {
      png_destroy_write_struct(&png, &info);
      free(rows);
      fclose(f);
      return false;
   }
   if (setjmp(png_jmpbuf(png))) {
      png_destroy_write_struct(&png, &info);
      free(rows);
      fclose(f);
      return false;
   }
   /* GL rows go bottom-up, PNG rows top-down. */
   for (int y = 0; y < h; y++)
      rows[y] = (png_bytep)(pixels + (size_t)(h - 1 - y) * (size_t)w * 4);
   png_init_io(png, f);
   /* No filters and fast compression: the files are read back by a small
    * Python decoder in glmark2-compare.py and written on every capture. */
   png_set_filter(png, 0, PNG_FILTER_NONE);
   png_set_compression_level(png, 1);
   png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGBA,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   png_write_image(png, rows);
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   free(rows);
   return fclose(f) == 0;
}

/* Drains glGetError into ERRS (at most SHIM_MAX_ERRORS codes kept). */
static int
drain_errors(unsigned *errs)
{
   gl_get_error_fn get_error = (gl_get_error_fn)gl_proc("glGetError");
   int n = 0;
   if (!get_error)
      return 0;
   /* A lost context may report errors forever: bounded. */
   for (int i = 0; i < 64; i++) {
      unsigned e = get_error();
      if (e == SHIM_GL_NO_ERROR)
         break;
      if (n < SHIM_MAX_ERRORS)
         errs[n++] = e;
   }
   return n;
}

static bool
capture_wanted(int frame)
{
   for (int i = 0; i < shim.n_captures; i++)
      if (shim.captures[i] == frame)
         return true;
   return false;
}

/* Reads the current read buffer (glmark2's FBO with --off-screen, the back
 * buffer on screen) into a PNG.  Returns the file name or NULL. */
static const char *
capture(char *name, size_t name_size)
{
   gl_read_pixels_fn read_pixels = (gl_read_pixels_fn)gl_proc("glReadPixels");
   gl_get_integerv_fn get_integerv = (gl_get_integerv_fn)gl_proc("glGetIntegerv");
   gl_pixel_storei_fn pixel_storei = (gl_pixel_storei_fn)gl_proc("glPixelStorei");
   if (!read_pixels || !get_integerv || !pixel_storei)
      return NULL;

   int w = shim.size_w, h = shim.size_h;
   if (!w) {
      int vp[4] = { 0, 0, 0, 0 };
      get_integerv(SHIM_GL_VIEWPORT, vp);
      w = vp[2];
      h = vp[3];
   }
   if (w <= 0 || h <= 0 || w > 16384 || h > 16384)
      return NULL;

   uint8_t *pixels = malloc((size_t)w * (size_t)h * 4);
   if (!pixels)
      return NULL;
   int align = 4;
   get_integerv(SHIM_GL_PACK_ALIGNMENT, &align);
   pixel_storei(SHIM_GL_PACK_ALIGNMENT, 4);
   read_pixels(0, 0, w, h, SHIM_GL_RGBA, SHIM_GL_UNSIGNED_BYTE, pixels);
   pixel_storei(SHIM_GL_PACK_ALIGNMENT, align);

   snprintf(name, name_size, "s%03d-f%04d.png", shim.segment, shim.segment_frame);
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s", shim.dir, name);
   bool ok = write_png(path, pixels, w, h);
   free(pixels);
   if (!ok) {
      fprintf(stderr, "glmark2-frames: cannot write %s\n", path);
      return NULL;
   }
   return name;
}

/* A frame is complete (its commands are issued): record it, capture it if
 * asked, then advance the fake clock by one step. */
static void
frame_end(void)
{
   shim.segment_frame++;
   if (shim.dir && !shim.tsv && !shim.tsv_failed) {
      /* Opened at the first frame, by the one process that draws. */
      char path[4096];
      snprintf(path, sizeof(path), "%s/frames.tsv", shim.dir);
      shim.tsv = fopen(path, "w");
      if (!shim.tsv) {
         shim.tsv_failed = true;
         fprintf(stderr, "glmark2-frames: cannot write %s: %s\n", path, strerror(errno));
      }
   }
   if (shim.tsv) {
      unsigned errs[SHIM_MAX_ERRORS];
      int n_errs = drain_errors(errs);
      char name[64];
      const char *file = NULL;
      if (capture_wanted(shim.segment_frame))
         file = capture(name, sizeof(name));
      char err_text[SHIM_MAX_ERRORS * 8 + 2] = "-";
      for (int i = 0, at = 0; i < n_errs; i++)
         at += snprintf(err_text + at, sizeof(err_text) - (size_t)at, "%s0x%04x",
                        i ? "," : "", errs[i]);
      fprintf(shim.tsv, "%d\t%d\t%" PRIu64 "\t%s\t%s\n", shim.segment, shim.segment_frame,
              real_now_ns() - shim.segment_start_ns, err_text, file ? file : "-");
      fflush(shim.tsv);
   }
   __atomic_add_fetch(&shim.total_frames, 1, __ATOMIC_RELAXED);
}

static void
segment_start(void)
{
   shim.segment++;
   shim.segment_frame = 0;
   shim.segment_start_ns = real_now_ns();
}

/* ---- the wrappers glmark2 gets instead of the real entry points -------- */

static void
wrap_gl_finish(void)
{
   shim.real_gl_finish();
   frame_end();
}

static void
wrap_glx_swap(void *dpy, unsigned long drawable)
{
   /* Read the back buffer before it is presented (then undefined). */
   frame_end();
   shim.real_glx_swap(dpy, drawable);
}

static unsigned
wrap_egl_swap(void *dpy, void *surface)
{
   frame_end();
   return shim.real_egl_swap(dpy, surface);
}

static void *
wrap_glx_create_new_context(void *dpy, void *config, int type, void *share, int direct)
{
   void *ctx = shim.real_glx_create_new_context(dpy, config, type, share, direct);
   if (ctx)
      segment_start();
   return ctx;
}

static void *
wrap_glx_create_context(void *dpy, void *vis, void *share, int direct)
{
   void *ctx = shim.real_glx_create_context(dpy, vis, share, direct);
   if (ctx)
      segment_start();
   return ctx;
}

static void *
wrap_glx_create_context_attribs(void *dpy, void *config, void *share, int direct,
                                const int *attribs)
{
   void *ctx = shim.real_glx_create_context_attribs(dpy, config, share, direct, attribs);
   if (ctx)
      segment_start();
   return ctx;
}

static void *
wrap_egl_create_context(void *dpy, void *config, void *share, const int *attribs)
{
   void *ctx = shim.real_egl_create_context(dpy, config, share, attribs);
   if (ctx)
      segment_start();
   return ctx;
}

static void *wrap_lookup(const char *name, void *real);

static void *
wrap_glx_gpa(const unsigned char *name)
{
   return wrap_lookup((const char *)name, shim.real_glx_gpa(name));
}

static void *
wrap_egl_gpa(const char *name)
{
   return wrap_lookup(name, shim.real_egl_gpa(name));
}

/* Replaces the entry points the shim watches by its wrappers, keeping the
 * real ones (the same address whichever way glmark2 asks). */
static void *
wrap_lookup(const char *name, void *real)
{
   if (!real || !name)
      return real;
   if (strcmp(name, "glXGetProcAddress") == 0 || strcmp(name, "glXGetProcAddressARB") == 0) {
      shim.real_glx_gpa = (glx_gpa_fn)real;
      return (void *)wrap_glx_gpa;
   }
   if (strcmp(name, "eglGetProcAddress") == 0) {
      shim.real_egl_gpa = (egl_gpa_fn)real;
      return (void *)wrap_egl_gpa;
   }
   if (strcmp(name, "glFinish") == 0) {
      shim.real_gl_finish = (gl_finish_fn)real;
      return (void *)wrap_gl_finish;
   }
   if (strcmp(name, "glXSwapBuffers") == 0) {
      shim.real_glx_swap = (glx_swap_fn)real;
      return (void *)wrap_glx_swap;
   }
   if (strcmp(name, "eglSwapBuffers") == 0) {
      shim.real_egl_swap = (egl_swap_fn)real;
      return (void *)wrap_egl_swap;
   }
   if (strcmp(name, "glXCreateNewContext") == 0) {
      shim.real_glx_create_new_context = (glx_create_new_context_fn)real;
      return (void *)wrap_glx_create_new_context;
   }
   if (strcmp(name, "glXCreateContext") == 0) {
      shim.real_glx_create_context = (glx_create_context_fn)real;
      return (void *)wrap_glx_create_context;
   }
   if (strcmp(name, "glXCreateContextAttribsARB") == 0) {
      shim.real_glx_create_context_attribs = (glx_create_context_attribs_fn)real;
      return (void *)wrap_glx_create_context_attribs;
   }
   if (strcmp(name, "eglCreateContext") == 0) {
      shim.real_egl_create_context = (egl_create_context_fn)real;
      return (void *)wrap_egl_create_context;
   }
   return real;
}

/*
 * dlsym, interposed.  Only the main executable's lookups are rewritten;
 * everyone else gets libc's answer.  dlsym(RTLD_NEXT, ...) is resolved
 * relative to the caller, which the shim cannot forward: it is answered as
 * if asked from the shim (the next object after it), which is right for
 * the usual use (a library reaching libc) and is reported once otherwise.
 */
SHIM_EXPORT void *
dlsym(void *handle, const char *name)
{
   shim_init();
   const void *ret = __builtin_return_address(0);
   void *sym = shim.real_dlsym(handle, name);
   if (shim.active && handle == RTLD_NEXT && !from_main(ret)) {
      static bool warned;
      if (!warned) {
         warned = true;
         fprintf(stderr, "glmark2-frames: dlsym(RTLD_NEXT, \"%s\") from a library is "
                 "answered from the shim's place\n", name);
      }
   }
   if (from_main(ret))
      return wrap_lookup(name, sym);
   return sym;
}
