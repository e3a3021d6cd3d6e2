/*
 * The GL-API fuzzer's child: creates the context, makes the calls of one
 * seed and checks the oracles after each (docs/testing.md, "GL-API
 * fuzzer").  It runs in a forked process (or in the foreground for
 * --replay) and reports through records written with write(2) to
 * o->trace_fd, so that a crash loses nothing already written:
 *
 *   R renderer             GL_RENDERER
 *   S step                 a step (one call or a sequence) starts
 *   B statement            a client buffer the next call uses, as C
 *   P cmd                  a getter's output count is being probed
 *   C cmd<TAB>expression   the call about to be made, as C
 *   E error                glGetError after it (absent inside glBegin/glEnd)
 *   K comment              a call skipped (client memory too large)
 *   F kind<TAB>cmd<TAB>detail   an oracle failed
 *   T                      the call in progress ran over the time limit
 *   N calls                the seed ended normally after 'calls' calls
 *
 * Every step s of seed S draws its random numbers from its own generator
 * seeded from (S, s), so any subset of steps replays (the minimiser).
 */
#define _GNU_SOURCE
#include "fz.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_common.h"

#define MAX_ARGS 16
#define MAX_FINDINGS 20

struct owned {
   char *p;
   size_t n;
};

struct strbuf {
   char *s;
   size_t len, cap;
};

/* The bookkeeping entry points, resolved once. */
struct gl_book {
   GLenum (GLAPIENTRY *GetError)(void);
   void (GLAPIENTRY *GetIntegerv)(GLenum, GLint *);
   void (GLAPIENTRY *GetFloatv)(GLenum, GLfloat *);
   GLboolean (GLAPIENTRY *IsEnabled)(GLenum);
   void (GLAPIENTRY *GetPointerv)(GLenum, void **);
   void (GLAPIENTRY *ClientActiveTexture)(GLenum);
   void (GLAPIENTRY *GetTexLevelParameteriv)(GLenum, GLint, GLenum, GLint *);
   GLenum (GLAPIENTRY *CheckFramebufferStatus)(GLenum);   /* NULL on ES 1.1 */
   /* generic vertex attribute arrays (GL 2.0); NULL on ES 1.1 */
   void (GLAPIENTRY *GetVertexAttribiv)(GLuint, GLenum, GLint *);
   void (GLAPIENTRY *GetVertexAttribPointerv)(GLuint, GLenum, void **);
};

struct fz_child {
   struct gl_book gl;   /* entry points of the fuzzer's own queries */
   const struct fz_opts *o;
   uint64_t seed;
   uint64_t rng;
   unsigned api;

   /* commands of this API: all, the single-call pool, the glBegin/glEnd pool */
   unsigned *pool, npool;
   unsigned *bepool, nbepool;
   fz_proc *fn;
   bool *fn_tried;

   /* object names, display lists and syncs the calls created */
   uint32_t names[512];
   unsigned nnames;
   uint32_t lists[128];
   unsigned nlists;
   void *syncs[32];
   unsigned nsyncs;

   /* deferred client memory (arrays, feedback, select): never freed */
   struct owned *owned;
   unsigned nowned, capowned;

   /* state snapshot: pnames answering glGetFloatv and their value counts */
   uint32_t *snap_pname;
   unsigned *snap_count;
   unsigned nsnap, snap_total;
   float *snap_before, *snap_after;
   uint32_t probe_pname;
   int tex_units;
   bool has_pbo;

   /* sequence state */
   bool in_begin;       /* inside an executed glBegin: no queries, no checks */
   bool compiling;      /* a GL_COMPILE list is open */
   /* sizing state queried before a block, for the calls inside it (a list
    * compiled and executed copies client memory even there) */
   GLenum cache_pname[24];
   int64_t cache_value[24];
   unsigned ncache;
   unsigned block_flags;
   int64_t block_vmax;
   unsigned ncalls;
   unsigned bufid;
   unsigned step;
   unsigned call_in_step;
   unsigned nfindings;
   unsigned sync_slot;
};

static int alarm_fd = -1;   /* the trace fd, for the SIGALRM/SIGPROF handler */

/* ---------------------------------------------------------------- util */

static uint64_t
splitmix(uint64_t *s)
{
   uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static unsigned
rnd(struct fz_child *ch, unsigned n)
{
   return n ? (unsigned)(splitmix(&ch->rng) % n) : 0;
}

static bool
chance(struct fz_child *ch, unsigned percent)
{
   return rnd(ch, 100) < percent;
}

static void
sb_printf(struct strbuf *b, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0)
      return;
   if (b->len + (size_t)n + 1 > b->cap) {
      size_t cap = (b->cap ? b->cap * 2 : 256) + (size_t)n;
      char *s = realloc(b->s, cap);
      if (!s)
         abort();
      b->s = s;
      b->cap = cap;
   }
   va_start(ap, fmt);
   vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
   va_end(ap);
   b->len += (size_t)n;
}

static void
write_all(int fd, const char *s, size_t n)
{
   while (n) {
      ssize_t w = write(fd, s, n);
      if (w < 0) {
         if (errno == EINTR)
            continue;
         return;
      }
      s += w;
      n -= (size_t)w;
   }
}

/* One trace record: a letter and a line of text. */
static void
rec(struct fz_child *ch, char kind, const char *fmt, ...)
{
   struct strbuf b = { 0 };
   sb_printf(&b, "%c ", kind);
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   char *text = malloc((size_t)n + 1);
   if (!text)
      abort();
   va_start(ap, fmt);
   vsnprintf(text, (size_t)n + 1, fmt, ap);
   va_end(ap);
   sb_printf(&b, "%s\n", text);
   if (ch->o->trace_fd >= 0)
      write_all(ch->o->trace_fd, b.s, b.len);
   if (ch->o->verbose) {
      switch (kind) {
      case 'S': printf("/* step %s */\n", text); break;
      case 'B': printf("   %s\n", text); break;
      case 'C': printf("   %s;\n", strchr(text, '\t') + 1); break;
      case 'E': printf("      /* -> %s */\n", text); break;
      case 'K': printf("   /* skipped: %s */\n", text); break;
      case 'F': printf("!! FINDING %s\n", text); break;
      case 'P': break;
      default: printf("%s", b.s); break;
      }
      fflush(stdout);
   }
   free(text);
   free(b.s);
}

/* Also written into minimised cases (gl_fuzz.c): keep the two in step. */
static void
fz_fill_int(GLint *p, size_t n, unsigned key, unsigned mod)
{
   for (size_t i = 0; i < n; i++)
      p[i] = mod ? (GLint)(((i * 2654435761u + key) >> 13) % mod) : 0;
}

/* ASan's interface: non-zero once it is writing a report (weak: absent
 * without ASan). */
extern int __asan_report_present(void) __attribute__((weak));

static void
on_alarm(int sig)
{
   (void)sig;
   if (__asan_report_present && __asan_report_present())
      return;     /* the time went into the report: let it finish */
   if (alarm_fd >= 0)
      write_all(alarm_fd, "T\n", 2);
   _exit(FZ_EXIT_SLOW);
}

/* The per-call time limit: CPU time of the process (ITIMER_PROF), so that
 * a loaded machine does not turn calls slow; wall time 10 times as long
 * still ends a call that waits instead of working.  --wall-clock: the
 * limit in wall time alone. */
static void
arm(struct fz_child *ch, bool on)
{
   struct itimerval cpu = { { 0, 0 }, { 0, 0 } }, wall = cpu;
   if (on) {
      unsigned ms = ch->o->limit_ms, wall_ms = ch->o->wall_clock ? ms : 10 * ms;
      cpu.it_value.tv_sec = ms / 1000;
      cpu.it_value.tv_usec = (ms % 1000) * 1000;
      wall.it_value.tv_sec = wall_ms / 1000;
      wall.it_value.tv_usec = (wall_ms % 1000) * 1000;
   }
   if (!ch->o->wall_clock)
      setitimer(ITIMER_PROF, &cpu, NULL);
   setitimer(ITIMER_REAL, &wall, NULL);
}

int
fz_find_cmd(const char *name)
{
   for (unsigned i = 0; i < fz_num_cmds; i++) {
      if (!strcmp(fz_cmds[i].name, name))
         return (int)i;
   }
   return -1;
}

const char *
fz_enum_name(uint32_t value)
{
   unsigned lo = 0, hi = fz_num_enums;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (fz_enums[mid].value == value)
         return fz_enums[mid].name;
      if (fz_enums[mid].value < value)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

static const struct fz_group *
find_group(const char *name)
{
   for (unsigned i = 0; i < fz_num_groups; i++) {
      if (!strcmp(fz_groups[i].name, name))
         return &fz_groups[i];
   }
   return NULL;
}

static fz_proc
get_fn(struct fz_child *ch, unsigned idx)
{
   if (!ch->fn_tried[idx]) {
      ch->fn_tried[idx] = true;
      ch->fn[idx] = (fz_proc)eglGetProcAddress(fz_cmds[idx].name);
   }
   return ch->fn[idx];
}

static void
drain(struct fz_child *ch)
{
   for (int i = 0; i < 16 && ch->gl.GetError() != GL_NO_ERROR; i++)
      ;
}

/* GL state query for sizing; 'dflt' when the pname is not valid here. */
static int64_t
query_int(struct fz_child *ch, GLenum pname, int64_t dflt)
{
   GLint v[16] = { 0 };
   if (ch->in_begin) {
      /* no query inside glBegin/glEnd: the values cached before it */
      for (unsigned i = 0; i < ch->ncache; i++) {
         if (ch->cache_pname[i] == pname)
            return ch->cache_value[i];
      }
      return dflt;
   }
   ch->gl.GetIntegerv(pname, v);
   if (ch->gl.GetError() != GL_NO_ERROR) {
      drain(ch);
      return dflt;
   }
   return v[0];
}

static void
finding(struct fz_child *ch, const char *kind, const char *cmd, const char *fmt, ...)
{
   char detail[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(detail, sizeof detail, fmt, ap);
   va_end(ap);
   rec(ch, 'F', "%s\t%s\t%s", kind, cmd, detail);
   ch->nfindings++;
   drain(ch);
}

/* ---------------------------------------------------------- allocation */

/* Client memory of exactly n bytes: malloc (ASan redzones) up to 1 MiB,
 * beyond that pages with an inaccessible page right after the last byte. */
static void *
client_alloc(size_t n)
{
   if (n <= (1u << 20))
      return malloc(n);
   size_t page = (size_t)sysconf(_SC_PAGESIZE);
   size_t len = (n + page - 1) / page * page + page;
   char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                  -1, 0);
   if (m == MAP_FAILED)
      return NULL;
   mprotect(m + len - page, page, PROT_NONE);
   return m + len - page - n;
}

static void
client_free(void *p, size_t n)
{
   if (!p)
      return;
   if (n <= (1u << 20)) {
      free(p);
      return;
   }
   size_t page = (size_t)sysconf(_SC_PAGESIZE);
   size_t len = (n + page - 1) / page * page + page;
   char *end = (char *)p + n + page;
   munmap(end - len, len);
}

static void
own(struct fz_child *ch, void *p, size_t n)
{
   if (ch->nowned == ch->capowned) {
      ch->capowned = ch->capowned ? ch->capowned * 2 : 64;
      ch->owned = realloc(ch->owned, ch->capowned * sizeof *ch->owned);
      if (!ch->owned)
         abort();
   }
   ch->owned[ch->nowned++] = (struct owned){ p, n };
}

/* Vertices an array at ptr can supply, given its element size and stride. */
static int64_t
owned_fit(struct fz_child *ch, const char *ptr, int64_t el, int64_t stride)
{
   for (unsigned i = ch->nowned; i-- > 0;) {
      const struct owned *o = &ch->owned[i];
      if (ptr >= o->p && ptr <= o->p + o->n) {
         int64_t avail = o->p + o->n - ptr;
         if (el <= 0 || avail < el)
            return 0;
         int64_t eff = stride ? stride : el;
         return (avail - el) / eff + 1;
      }
   }
   return 0;
}

/* ------------------------------------------------------------ values */

static const int64_t int_boundary[] = {
   0, 1, -1, 2, 3, 4, INT32_MIN, INT32_MAX, INT32_MAX - 1, 65535, 65536, 1 << 20,
   1 << 24, 1 << 30, -65536, 4096, 8192, 16384, 32767, 32768, -32768, 255, 256,
};

static int64_t
norm_int(enum fz_type t, int64_t v)
{
   switch (t) {
   case FZ_T_BYTE: return (int8_t)v;
   case FZ_T_UBYTE: case FZ_T_BOOLEAN: return (uint8_t)v;
   case FZ_T_SHORT: return (int16_t)v;
   case FZ_T_USHORT: return (uint16_t)v;
   case FZ_T_INT: case FZ_T_SIZEI: case FZ_T_FIXED: return (int32_t)v;
   case FZ_T_UINT: case FZ_T_ENUM: case FZ_T_BITFIELD: return (uint32_t)v;
   default: return v;
   }
}

static bool
is_name_param(const char *n)
{
   static const char *const names[] = {
      "texture", "buffer", "framebuffer", "renderbuffer", "id", "query", "sampler",
      "name", "list", "unit", NULL,
   };
   for (unsigned i = 0; names[i]; i++) {
      if (!strcmp(n, names[i]))
         return true;
   }
   return false;
}

static int64_t
gen_int_generic(struct fz_child *ch)
{
   unsigned r = rnd(ch, 100);
   if (r < 35)
      return rnd(ch, 9);
   if (r < 50)
      return (int64_t)rnd(ch, 69) - 4;
   if (r < 65)
      return rnd(ch, 71);
   return int_boundary[rnd(ch, sizeof int_boundary / sizeof int_boundary[0])];
}

static int64_t
gen_int(struct fz_child *ch, const struct fz_cmd *c, const struct fz_param *p)
{
   const char *n = p->name ? p->name : "";
   if (is_name_param(n) && chance(ch, 60)) {
      if (!strcmp(n, "list") && ch->nlists)
         return ch->lists[rnd(ch, ch->nlists)];
      if (ch->nnames)
         return ch->names[rnd(ch, ch->nnames)];
   }
   if (!strcmp(n, "level") && chance(ch, 70))
      return rnd(ch, 5);
   if (!strcmp(n, "border") && chance(ch, 75))
      return 0;
   if ((!strcmp(n, "width") || !strcmp(n, "height") || !strcmp(n, "depth")) && chance(ch, 65))
      return chance(ch, 70) ? 1 + rnd(ch, 16) : 1 + rnd(ch, 70);
   if ((!strcmp(n, "x") || !strcmp(n, "y") || !strcmp(n, "xoffset") || !strcmp(n, "yoffset") ||
        !strcmp(n, "zoffset") || !strcmp(n, "first")) && chance(ch, 60))
      return rnd(ch, 49);
   if (!strcmp(n, "size") && strstr(c->name, "Pointer") && chance(ch, 70))
      return 1 + rnd(ch, 4);
   if (!strcmp(n, "stride") && chance(ch, 70))
      return chance(ch, 60) ? 0 : 4 * (int64_t)rnd(ch, 17);
   if (!strcmp(n, "mapsize") && chance(ch, 60))
      return (int64_t)1 << rnd(ch, 9);
   if ((!strcmp(n, "count") || !strcmp(n, "n") || !strcmp(n, "range")) && chance(ch, 50))
      return rnd(ch, 9);
   return gen_int_generic(ch);
}

static int64_t
gen_wide(struct fz_child *ch)
{
   static const int64_t wide[] = {
      INT64_MAX, INT64_MIN, (int64_t)1 << 32, (int64_t)1 << 40, -1, (int64_t)1 << 31,
      ((int64_t)1 << 32) + 4,
   };
   if (chance(ch, 80))
      return gen_int_generic(ch);
   return wide[rnd(ch, sizeof wide / sizeof wide[0])];
}

static double
gen_float(struct fz_child *ch, const struct fz_param *p, bool dbl)
{
   static const double special[] = {
      0.0, -0.0, 1.0, -1.0, 0.5, NAN, INFINITY, -INFINITY, 1e30, -1e30, FLT_MAX,
      -FLT_MAX, 1e-40, 65536.0, 2147483648.0, 1e10, 4096.0, 1e-30,
   };
   static const double dspecial[] = { 1e300, -1e300, DBL_MAX, -DBL_MAX, 1e-310 };
   const char *n = p->name ? p->name : "";
   if ((!strcmp(n, "red") || !strcmp(n, "green") || !strcmp(n, "blue") || !strcmp(n, "alpha")) &&
       chance(ch, 60))
      return rnd(ch, 257) / 256.0;
   unsigned r = rnd(ch, 100);
   if (r < 45)
      return ((double)rnd(ch, 257) - 128.0) / 64.0;
   if (r < 65)
      return (double)rnd(ch, 73) - 8.0;
   if (dbl && r < 70)
      return dspecial[rnd(ch, sizeof dspecial / sizeof dspecial[0])];
   double v = special[rnd(ch, sizeof special / sizeof special[0])];
   return dbl ? v : (double)(float)v;
}

static uint32_t
gen_enum(struct fz_child *ch, int group)
{
   static const uint32_t boundary[] = { 0, 1, 0xffffffffu, 0x7fffffffu, 0x8000, 0xffff, 0x10000 };
   unsigned r = rnd(ch, 100);
   if (group >= 0 && fz_groups[group].n && r < 60)
      return fz_groups[group].values[rnd(ch, fz_groups[group].n)];
   if (r < 85)
      return fz_enums[rnd(ch, fz_num_enums)].value;
   return boundary[rnd(ch, sizeof boundary / sizeof boundary[0])];
}

static uint32_t
gen_bitfield(struct fz_child *ch, int group)
{
   unsigned r = rnd(ch, 100);
   const struct fz_group *g = group >= 0 ? &fz_groups[group] : NULL;
   if (g && g->n && r < 50) {
      uint32_t v = 0;
      for (unsigned k = 1 + rnd(ch, 3); k; k--)
         v |= g->values[rnd(ch, g->n)];
      return v;
   }
   if (g && g->n && r < 70) {
      uint32_t v = 0;
      for (unsigned k = 0; k < g->n; k++)
         v |= g->values[k];
      return v;
   }
   if (r < 85)
      return 0;
   return (uint32_t)splitmix(&ch->rng);
}

static void
gen_scalar(struct fz_child *ch, const struct fz_cmd *c, const struct fz_param *p,
           enum fz_type t, int group, union fz_arg *a)
{
   switch (t) {
   case FZ_T_ENUM:
      a->i = gen_enum(ch, group);
      break;
   case FZ_T_BITFIELD:
      a->i = gen_bitfield(ch, group);
      break;
   case FZ_T_BOOLEAN:
      a->i = chance(ch, 85) ? rnd(ch, 2) : (chance(ch, 50) ? 2 : 255);
      break;
   case FZ_T_FLOAT: case FZ_T_CLAMPF:
      a->d = gen_float(ch, p, false);
      break;
   case FZ_T_DOUBLE: case FZ_T_CLAMPD:
      a->d = gen_float(ch, p, true);
      break;
   case FZ_T_FIXED:
      if (chance(ch, 70)) {
         double f = gen_float(ch, p, false) * 65536.0;
         a->i = isfinite(f) && fabs(f) < 2147483647.0 ? (int64_t)f : INT32_MAX;
      } else {
         a->i = gen_int_generic(ch);
      }
      break;
   case FZ_T_INTPTR: case FZ_T_SIZEIPTR: case FZ_T_INT64:
      a->i = gen_wide(ch);
      break;
   case FZ_T_UINT64:
      /* timeouts: bounded so that an unsignalled sync cannot hang a
       * correct driver past the time limit (see docs/testing.md) */
      a->i = chance(ch, 50) ? 0 : (int64_t)rnd(ch, 100000000);
      break;
   case FZ_T_PROC:
      a->i = rnd(ch, 2);   /* NULL or fz_debug_proc */
      break;
   case FZ_T_SYNC:
      if (ch->nsyncs && chance(ch, 70))
         a->p = ch->syncs[rnd(ch, ch->nsyncs)];
      else
         a->p = (void *)(uintptr_t)(chance(ch, 50) ? 0 : (chance(ch, 50) ? 1 : 0xdeadbeef));
      break;
   default:
      a->i = gen_int(ch, c, p);
      break;
   }
   if (t != FZ_T_FLOAT && t != FZ_T_CLAMPF && t != FZ_T_DOUBLE && t != FZ_T_CLAMPD &&
       t != FZ_T_SYNC)
      a->i = norm_int(t, a->i);
}

/* A scalar as a C expression of the parameter's type. */
static void
print_scalar(struct strbuf *b, enum fz_type t, const char *decl, const union fz_arg *a)
{
   switch (t) {
   case FZ_T_FLOAT: case FZ_T_CLAMPF: case FZ_T_DOUBLE: case FZ_T_CLAMPD: {
      double d = a->d;
      if (isnan(d))
         sb_printf(b, "NAN");
      else if (isinf(d))
         sb_printf(b, d < 0 ? "-INFINITY" : "INFINITY");
      else if (t == FZ_T_FLOAT || t == FZ_T_CLAMPF)
         sb_printf(b, "%af", d);
      else
         sb_printf(b, "%a", d);
      break;
   }
   case FZ_T_ENUM: {
      const char *n = fz_enum_name((uint32_t)a->i);
      sb_printf(b, "0x%x", (unsigned)a->i);
      if (n)
         sb_printf(b, " /* %s */", n);
      break;
   }
   case FZ_T_BITFIELD:
      sb_printf(b, "0x%xu", (unsigned)a->i);
      break;
   case FZ_T_SYNC:
      sb_printf(b, "(GLsync)(uintptr_t)0x%llx", (unsigned long long)(uintptr_t)a->p);
      break;
   case FZ_T_PROC:   /* the reproducer logs the messages instead */
      sb_printf(b, a->i ? "NULL /* fz_debug_proc */" : "NULL");
      break;
   default:
      if (a->i >= -1000000 && a->i <= 1000000)
         sb_printf(b, "%lld", (long long)a->i);
      else if (a->i == INT64_MIN)
         sb_printf(b, "(%s)INT64_MIN", decl);
      else
         sb_printf(b, "(%s)%lldLL", decl, (long long)a->i);
      break;
   }
}

/* --------------------------------------------------------- state/limits */

struct array_kind {
   GLenum cap, binding, pointer, size, type, stride;
   int fixed_size;       /* components when there is no size pname */
   int fixed_tsize;      /* type bytes when there is no type pname */
   unsigned api;
};

static const struct array_kind array_kinds[] = {
   { GL_VERTEX_ARRAY, GL_VERTEX_ARRAY_BUFFER_BINDING, GL_VERTEX_ARRAY_POINTER,
     GL_VERTEX_ARRAY_SIZE, GL_VERTEX_ARRAY_TYPE, GL_VERTEX_ARRAY_STRIDE, 0, 0,
     FZ_API_GL | FZ_API_GLES1 },
   { GL_NORMAL_ARRAY, GL_NORMAL_ARRAY_BUFFER_BINDING, GL_NORMAL_ARRAY_POINTER,
     0, GL_NORMAL_ARRAY_TYPE, GL_NORMAL_ARRAY_STRIDE, 3, 0, FZ_API_GL | FZ_API_GLES1 },
   { GL_COLOR_ARRAY, GL_COLOR_ARRAY_BUFFER_BINDING, GL_COLOR_ARRAY_POINTER,
     GL_COLOR_ARRAY_SIZE, GL_COLOR_ARRAY_TYPE, GL_COLOR_ARRAY_STRIDE, 0, 0,
     FZ_API_GL | FZ_API_GLES1 },
   { GL_INDEX_ARRAY, GL_INDEX_ARRAY_BUFFER_BINDING, GL_INDEX_ARRAY_POINTER,
     0, GL_INDEX_ARRAY_TYPE, GL_INDEX_ARRAY_STRIDE, 1, 0, FZ_API_GL },
   { GL_EDGE_FLAG_ARRAY, GL_EDGE_FLAG_ARRAY_BUFFER_BINDING, GL_EDGE_FLAG_ARRAY_POINTER,
     0, 0, GL_EDGE_FLAG_ARRAY_STRIDE, 1, 1, FZ_API_GL },
   { GL_FOG_COORD_ARRAY, GL_FOG_COORD_ARRAY_BUFFER_BINDING, GL_FOG_COORD_ARRAY_POINTER,
     0, GL_FOG_COORD_ARRAY_TYPE, GL_FOG_COORD_ARRAY_STRIDE, 1, 0, FZ_API_GL },
   { GL_SECONDARY_COLOR_ARRAY, GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING,
     GL_SECONDARY_COLOR_ARRAY_POINTER, GL_SECONDARY_COLOR_ARRAY_SIZE,
     GL_SECONDARY_COLOR_ARRAY_TYPE, GL_SECONDARY_COLOR_ARRAY_STRIDE, 0, 0, FZ_API_GL },
   { 0x8B9C /* POINT_SIZE_ARRAY_OES */, 0x8B9F, 0x898C, 0, 0x898A, 0x898B, 1, 0,
     FZ_API_GLES1 },
   { GL_TEXTURE_COORD_ARRAY, GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING,
     GL_TEXTURE_COORD_ARRAY_POINTER, GL_TEXTURE_COORD_ARRAY_SIZE,
     GL_TEXTURE_COORD_ARRAY_TYPE, GL_TEXTURE_COORD_ARRAY_STRIDE, 0, 0,
     FZ_API_GL | FZ_API_GLES1 },
};

static int64_t
array_fit(struct fz_child *ch, const struct array_kind *k)
{
   if (!ch->gl.IsEnabled(k->cap) || ch->gl.GetError() != GL_NO_ERROR) {
      drain(ch);
      return -1;
   }
   if (query_int(ch, k->binding, 0) != 0)
      return -1;                       /* a buffer object: the driver must bound it */
   void *ptr = NULL;
   ch->gl.GetPointerv(k->pointer, &ptr);
   drain(ch);
   int64_t comps = k->fixed_size ? k->fixed_size : query_int(ch, k->size, 4);
   if (comps == GL_BGRA)
      comps = 4;
   int64_t tsize = k->fixed_tsize ? (int64_t)k->fixed_tsize :
                   fz_array_type_size((uint32_t)query_int(ch, k->type, GL_FLOAT));
   int64_t stride = query_int(ch, k->stride, 0);
   return owned_fit(ch, ptr, comps * tsize, stride);
}

/* The same for generic attribute array i (glVertexAttribPointer): a
 * client-memory generic array is read by draws like the others (generic
 * attribute 0 even replaces the vertex array). */
static int64_t
generic_fit(struct fz_child *ch, GLuint i)
{
   GLint enabled = 0, binding = 0, size = 4, type = GL_FLOAT, stride = 0;
   ch->gl.GetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
   ch->gl.GetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &binding);
   ch->gl.GetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_SIZE, &size);
   ch->gl.GetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
   ch->gl.GetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &stride);
   if (ch->gl.GetError() != GL_NO_ERROR || !enabled || binding) {
      drain(ch);
      return -1;
   }
   void *ptr = NULL;
   ch->gl.GetVertexAttribPointerv(i, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
   drain(ch);
   int64_t comps = size == GL_BGRA ? 4 : size;
   return owned_fit(ch, ptr, comps * (int64_t)fz_array_type_size((uint32_t)type), stride);
}

/* How many vertices the enabled client arrays can supply: -1 when no
 * enabled array is in client memory (no limit the fuzzer must respect). */
static int64_t
draw_limit(struct fz_child *ch)
{
   int64_t lim = -1;
   if (ch->gl.GetVertexAttribiv && ch->gl.GetVertexAttribPointerv) {
      int64_t n = query_int(ch, GL_MAX_VERTEX_ATTRIBS, 0);
      for (int64_t i = 0; i < n && i < 64; i++) {
         int64_t f = generic_fit(ch, (GLuint)i);
         if (f >= 0 && (lim < 0 || f < lim))
            lim = f;
      }
   }
   for (unsigned i = 0; i < sizeof array_kinds / sizeof array_kinds[0]; i++) {
      const struct array_kind *k = &array_kinds[i];
      if (!(k->api & ch->api))
         continue;
      if (k->cap == GL_TEXTURE_COORD_ARRAY) {
         GLint saved = (GLint)query_int(ch, GL_CLIENT_ACTIVE_TEXTURE, GL_TEXTURE0);
         for (int u = 0; u < ch->tex_units; u++) {
            ch->gl.ClientActiveTexture(GL_TEXTURE0 + (GLenum)u);
            int64_t f = array_fit(ch, k);
            if (f >= 0 && (lim < 0 || f < lim))
               lim = f;
         }
         ch->gl.ClientActiveTexture((GLenum)saved);
         drain(ch);
         continue;
      }
      int64_t f = array_fit(ch, k);
      if (f >= 0 && (lim < 0 || f < lim))
         lim = f;
   }
   return lim;
}

static void
pixelstore(struct fz_child *ch, bool pack, struct fz_pixelstore *ps)
{
   if (pack) {
      ps->row_length = query_int(ch, GL_PACK_ROW_LENGTH, 0);
      ps->skip_rows = query_int(ch, GL_PACK_SKIP_ROWS, 0);
      ps->skip_pixels = query_int(ch, GL_PACK_SKIP_PIXELS, 0);
      ps->alignment = query_int(ch, GL_PACK_ALIGNMENT, 4);
      ps->image_height = query_int(ch, GL_PACK_IMAGE_HEIGHT, 0);
      ps->skip_images = query_int(ch, GL_PACK_SKIP_IMAGES, 0);
   } else {
      ps->row_length = query_int(ch, GL_UNPACK_ROW_LENGTH, 0);
      ps->skip_rows = query_int(ch, GL_UNPACK_SKIP_ROWS, 0);
      ps->skip_pixels = query_int(ch, GL_UNPACK_SKIP_PIXELS, 0);
      ps->alignment = query_int(ch, GL_UNPACK_ALIGNMENT, 4);
      ps->image_height = query_int(ch, GL_UNPACK_IMAGE_HEIGHT, 0);
      ps->skip_images = query_int(ch, GL_UNPACK_SKIP_IMAGES, 0);
   }
}

/* ----------------------------------------------------------- snapshot */

static void
snapshot(struct fz_child *ch, float *dst)
{
   unsigned off = 0;
   for (unsigned i = 0; i < ch->nsnap; i++) {
      /* a query refused in the current state (the texture matrix of an
       * image unit without fixed-function state: GL_INVALID_OPERATION)
       * writes nothing: the same filler before and after the call */
      for (unsigned k = 0; k < ch->snap_count[i]; k++)
         dst[off + k] = -12345.0f;
      ch->gl.GetFloatv(ch->snap_pname[i], dst + off);
      off += ch->snap_count[i];
   }
   drain(ch);
}

/* Elements a getter wrote into buf (filled with 'pat' bytes) of n elements. */
static size_t
written_elems(const unsigned char *buf, size_t n, size_t es, unsigned char pat)
{
   for (size_t i = n * es; i-- > 0;) {
      if (buf[i] != pat)
         return i / es + 1;
   }
   return 0;
}

static void
discover(struct fz_child *ch)
{
   /* --snapshot-every 0: no state oracle, no discovery (Mesa 22.3's
    * llvmpipe crashes in glGetFloatv(GL_DEVICE_LUID_EXT) on ES 1.1) */
   const struct fz_group *g = ch->o->snapshot_every ? find_group("GetPName") : NULL;
   size_t cap = 1024;
   float *buf = malloc(cap * sizeof(float));
   ch->snap_pname = calloc(g ? g->n : 1, sizeof(uint32_t));
   ch->snap_count = calloc(g ? g->n : 1, sizeof(unsigned));
   drain(ch);
   for (unsigned i = 0; g && i < g->n; i++) {
      uint32_t pname = g->values[i];
      if (pname == GL_TIMESTAMP)
         continue;                       /* changes by itself */
      size_t n = 0;
      bool ok = true;
      for (unsigned pass = 0; pass < 2; pass++) {
         unsigned char pat = pass ? 0x5a : 0xa5;
         memset(buf, pat, cap * sizeof(float));
         ch->gl.GetFloatv(pname, buf);
         if (ch->gl.GetError() != GL_NO_ERROR) {
            ok = false;
            drain(ch);
            break;
         }
         size_t w = written_elems((unsigned char *)buf, cap, sizeof(float), pat);
         if (w > n)
            n = w;
      }
      if (!ok || !n || n >= cap)
         continue;
      ch->snap_pname[ch->nsnap] = pname;
      ch->snap_count[ch->nsnap] = (unsigned)n;
      ch->nsnap++;
      ch->snap_total += (unsigned)n;
      if (!ch->probe_pname && (pname == GL_VIEWPORT || pname == GL_MAX_TEXTURE_SIZE))
         ch->probe_pname = pname;
   }
   free(buf);
   if (!g)
      ch->probe_pname = GL_VIEWPORT;
   ch->snap_before = calloc(ch->snap_total + 1, sizeof(float));
   ch->snap_after = calloc(ch->snap_total + 1, sizeof(float));
   /* texture-coordinate arrays: GL_MAX_TEXTURE_COORDS exists from GL 2.0
    * (and ARB_fragment_program) only; a GL 1.x context has one per unit */
   int64_t coords = ch->api == FZ_API_GL ? query_int(ch, GL_MAX_TEXTURE_COORDS, 1) : 1;
   int64_t units = query_int(ch, GL_MAX_TEXTURE_UNITS, 1);
   ch->tex_units = (int)(coords > units ? coords : units);
   if (ch->tex_units < 1 || ch->tex_units > 32)
      ch->tex_units = 1;
   ch->has_pbo = query_int(ch, GL_PIXEL_UNPACK_BUFFER_BINDING, -1) >= 0;
}

/* ------------------------------------------------------------- calls */

struct ptrarg {
   void *mem;          /* what we allocated (freed after the call unless deferred) */
   size_t bytes;
   bool deferred;      /* the GL keeps the pointer */
   bool is_out;
   unsigned char pat;  /* output pre-fill */
   void **ptrs;        /* glMultiDrawElements: the per-draw index arrays */
   size_t *ptr_bytes;
   unsigned nptrs;
};

static bool
is_deferred(const char *name)
{
   if (!strncmp(name, "glGet", 5))
      return false;
   return strstr(name, "Pointer") != NULL || !strcmp(name, "glFeedbackBuffer") ||
          !strcmp(name, "glSelectBuffer") || !strcmp(name, "glInterleavedArrays");
}

static int
param_index(const struct fz_cmd *c, const char *name)
{
   for (unsigned k = 0; k < c->nparams; k++) {
      if (c->params[k].name && !strcmp(c->params[k].name, name))
         return (int)k;
   }
   return -1;
}

static int64_t
argi(const struct fz_cmd *c, const union fz_arg *a, const char *name, int64_t dflt)
{
   int k = param_index(c, name);
   return k < 0 ? dflt : a[k].i;
}

/* Evaluates a ch->gl.xml len= that is a number, a parameter, or "x op y" with
 * op * or /; -2 when it is not of that form. */
static int64_t
eval_len(const struct fz_cmd *c, const union fz_arg *a, const char *len)
{
   char buf[64];
   snprintf(buf, sizeof buf, "%s", len);
   char *op = strpbrk(buf, "*/");
   char opc = op ? *op : 0;
   if (op)
      *op = 0;
   int64_t v[2] = { 0, 1 };
   char *parts[2] = { buf, op ? op + 1 : NULL };
   for (int i = 0; i < 2 && parts[i]; i++) {
      char *s = parts[i];
      while (*s == ' ')
         s++;
      char *e = s + strlen(s);
      while (e > s && e[-1] == ' ')
         *--e = 0;
      if (*s >= '0' && *s <= '9') {
         v[i] = strtoll(s, NULL, 10);
      } else {
         int k = param_index(c, s);
         if (k < 0)
            return -2;
         v[i] = a[k].i;
      }
   }
   if (v[0] < 0 || v[1] < 0)
      return 0;
   if (opc == '/')
      return v[1] ? v[0] / v[1] : 0;
   int64_t r;
   if (__builtin_mul_overflow(v[0], v[1], &r))
      return -1;
   return r;
}

#define SZ_PROBE (-3)   /* a getter: count probed */
#define SZ_OFFSET (-4)  /* a buffer object is bound: the pointer is an offset */
#define SZ_NULL (-5)    /* pass NULL */

static int64_t
offset_value(struct fz_child *ch)
{
   static const int64_t offs[] = { 0, 1, 2, 3, 4, 16, 64, 1000, 4096, 1 << 20, INT32_MAX };
   return offs[rnd(ch, sizeof offs / sizeof offs[0])];
}

static bool
bound(struct fz_child *ch, GLenum binding)
{
   return query_int(ch, binding, 0) != 0;
}

/* Bytes the call may access through pointer parameter k (or an SZ_*). */
static int64_t
ptr_bytes(struct fz_child *ch, const struct fz_cmd *c, const union fz_arg *a, unsigned k)
{
   const struct fz_param *p = &c->params[k];
   const char *len = p->len;
   const char *n = c->name;
   int64_t es = p->depth >= 2 ? (int64_t)sizeof(void *) : fz_type_size(p->elem);
   struct fz_pixelstore ps;

   if (!len)
      return p->out ? SZ_PROBE : 16 * es;   /* unknown: 16 elements in */

   if (strncmp(len, "COMPSIZE(", 9)) {
      int64_t v = eval_len(c, a, len);
      if (v == -2)
         return p->out ? SZ_PROBE : 16 * es;
      if (v < 0)
         return -1;
      if ((!strcmp(n, "glBufferData") || !strcmp(n, "glBufferDataARB")) && v > (1 << 24))
         return SZ_NULL;
      if (!strncmp(n, "glCompressedTex", 15) && ch->has_pbo && bound(ch, GL_PIXEL_UNPACK_BUFFER_BINDING))
         return SZ_OFFSET;
      int64_t r;
      /* arrays the caller sizes (names, values): the work is what the
       * caller asked for, so sizes beyond FZ_MAX_ARRAY are skipped */
      if (__builtin_mul_overflow(v, es, &r) || r > FZ_MAX_ARRAY)
         return -1;
      return r;
   }

   const char *args = len + 9;
   /* images */
   if (strstr(args, "format,type,width") || !strcmp(n, "glBitmap") ||
       !strcmp(n, "glPolygonStipple") || !strcmp(n, "glGetPolygonStipple") ||
       !strcmp(n, "glGetTexImage")) {
      bool pack = p->out;
      if (ch->has_pbo && bound(ch, pack ? GL_PIXEL_PACK_BUFFER_BINDING : GL_PIXEL_UNPACK_BUFFER_BINDING))
         return SZ_OFFSET;
      pixelstore(ch, pack, &ps);
      if (!strcmp(n, "glBitmap"))
         return fz_image_bytes(&ps, GL_COLOR_INDEX, GL_BITMAP, argi(c, a, "width", 0),
                               argi(c, a, "height", 0), 1, false);
      if (strstr(n, "PolygonStipple"))
         return fz_image_bytes(&ps, GL_COLOR_INDEX, GL_BITMAP, 32, 32, 1, false);
      int64_t w = argi(c, a, "width", 1), h = argi(c, a, "height", 1);
      int64_t d = argi(c, a, "depth", 1);
      bool three = param_index(c, "depth") >= 0;
      if (!strcmp(n, "glGetTexImage")) {
         GLint tw = 0, th = 0, td = 0;
         GLenum t = (GLenum)a[0].i;
         GLint lvl = (GLint)a[1].i;
         ch->gl.GetTexLevelParameteriv(t, lvl, GL_TEXTURE_WIDTH, &tw);
         ch->gl.GetTexLevelParameteriv(t, lvl, GL_TEXTURE_HEIGHT, &th);
         ch->gl.GetTexLevelParameteriv(t, lvl, GL_TEXTURE_DEPTH, &td);
         if (ch->gl.GetError() != GL_NO_ERROR) {
            drain(ch);
            return 0;
         }
         w = tw, h = th, d = td;
         three = true;
      } else if (!strncmp(n, "glTexImage", 10) && chance(ch, 10)) {
         return SZ_NULL;
      }
      return fz_image_bytes(&ps, (uint32_t)argi(c, a, "format", 0), (uint32_t)argi(c, a, "type", 0),
                            w, h, d, three);
   }
   if (!strcmp(n, "glClearTexImage") || !strcmp(n, "glClearTexSubImage")) {
      struct fz_pixelstore one = { 0, 0, 0, 1, 0, 0 };
      return fz_image_bytes(&one, (uint32_t)argi(c, a, "format", 0), (uint32_t)argi(c, a, "type", 0),
                            1, 1, 1, false);
   }
   if (!strcmp(n, "glGetCompressedTexImage")) {
      if (ch->has_pbo && bound(ch, GL_PIXEL_PACK_BUFFER_BINDING))
         return SZ_OFFSET;
      GLint s = 0;
      ch->gl.GetTexLevelParameteriv((GLenum)a[0].i, (GLint)a[1].i, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &s);
      if (ch->gl.GetError() != GL_NO_ERROR) {
         drain(ch);
         return 0;
      }
      return s > 0 ? s : 0;
   }
   if (!strncmp(n, "glGetPixelMap", 13)) {
      uint32_t map = (uint32_t)a[0].i;
      if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A)
         return 0;
      if (ch->has_pbo && bound(ch, GL_PIXEL_PACK_BUFFER_BINDING))
         return SZ_OFFSET;
      int64_t s = query_int(ch, map + 0x40, 0);
      return s > 0 ? s * es : 0;
   }
   /* names and indices are arrays the caller sizes too: the FZ_MAX_ARRAY
    * rule above (a valid draw of 16M indices legitimately takes time
    * proportional to them) */
   if (!strcmp(n, "glCallLists")) {
      int64_t cnt = argi(c, a, "n", 0);
      if (cnt > FZ_MAX_ARRAY)
         return -1;
      return cnt > 0 ? cnt * fz_list_type_size((uint32_t)argi(c, a, "type", 0)) : 0;
   }
   if (strstr(n, "DrawElements") || strstr(n, "DrawRangeElements")) {
      if (bound(ch, GL_ELEMENT_ARRAY_BUFFER_BINDING))
         return SZ_OFFSET;
      int64_t cnt = argi(c, a, "count", 0);
      if (cnt > FZ_MAX_ARRAY)
         return -1;
      return cnt > 0 ? cnt * fz_index_type_size((uint32_t)argi(c, a, "type", 0)) : 0;
   }
   if (!strncmp(n, "glMap1", 6) || !strncmp(n, "glMap2", 6)) {
      int64_t comps = fz_map_components((uint32_t)a[0].i);
      int64_t r;
      if (!comps)
         return 0;
      if (n[5] == '1') {
         int64_t stride = argi(c, a, "stride", 0), order = argi(c, a, "order", 0);
         if (order < 1 || stride < comps)
            return 0;     /* nominal size even past GL_MAX_EVAL_ORDER: lists copy it */
         r = (order - 1) * stride + comps;
      } else {
         int64_t us = argi(c, a, "ustride", 0), uo = argi(c, a, "uorder", 0);
         int64_t vs = argi(c, a, "vstride", 0), vo = argi(c, a, "vorder", 0);
         if (uo < 1 || vo < 1 || us < comps || vs < comps)
            return 0;
         if (__builtin_mul_overflow(uo - 1, us, &r))
            return -1;
         int64_t t;
         if (__builtin_mul_overflow(vo - 1, vs, &t) || __builtin_add_overflow(r, t + comps, &r))
            return -1;
      }
      return __builtin_mul_overflow(r, es, &r) ? -1 : r;
   }
   if (is_deferred(n) && strstr(n, "Pointer")) {
      if (bound(ch, GL_ARRAY_BUFFER_BINDING))
         return SZ_OFFSET;
      int64_t comps, tsize;
      if (strstr(n, "Normal"))
         comps = 3;
      else if (strstr(n, "Index") || strstr(n, "FogCoord") || strstr(n, "PointSize") ||
               strstr(n, "EdgeFlag"))
         comps = 1;
      else
         comps = argi(c, a, "size", 4);
      if (comps == GL_BGRA)
         comps = 4;
      tsize = strstr(n, "EdgeFlag") ? 1 : fz_array_type_size((uint32_t)argi(c, a, "type", 0));
      int64_t stride = argi(c, a, "stride", 0);
      if (comps < 1 || comps > 4 || !tsize || stride < 0)
         return 0;
      int64_t el = comps * tsize, eff = stride ? stride : el;
      int64_t verts = FZ_ARRAY_VERTS;
      if (eff > (1 << 20))
         verts = (int64_t)(256 << 20) / eff + 1;
      return (verts - 1) * eff + el;
   }
   if (!strcmp(n, "glInterleavedArrays")) {
      if (bound(ch, GL_ARRAY_BUFFER_BINDING))
         return SZ_OFFSET;
      int64_t vs = fz_interleaved_size((uint32_t)a[0].i), stride = a[1].i;
      if (!vs || stride < 0)
         return 0;
      int64_t eff = stride ? stride : vs;
      int64_t verts = eff > (1 << 20) ? (int64_t)(256 << 20) / eff + 1 : FZ_ARRAY_VERTS;
      return (verts - 1) * eff + vs;
   }
   /* a string and its length (labels, debug messages): the caller gives
    * `length` chars, or a NUL-terminated string when it is negative
    * (fill_input ends every input GLchar array with a NUL) */
   if (!p->out && !strcmp(p->decl, "const GLchar *") && strstr(args, ",length)")) {
      int64_t l = argi(c, a, "length", -1);
      if (l < 0)
         return 16;
      return l >= FZ_MAX_ARRAY ? -1 : l + 1;
   }
   if (!p->out && strstr(args, "pname")) {
      int64_t pn = argi(c, a, "pname", 0);
      return (int64_t)fz_pname_count((uint32_t)pn) * es;
   }
   if (p->out)
      return SZ_PROBE;
   return 16 * es;
}

/* Fills an input buffer; returns the B statement declaring it. */
static void
fill_input(struct fz_child *ch, const struct fz_cmd *c, const struct fz_param *p,
           void *mem, size_t bytes, struct strbuf *decl, unsigned id,
           int64_t idx_limit, uint32_t idx_type)
{
   enum fz_type t = p->depth >= 2 ? FZ_T_VOID : p->elem;
   size_t es = fz_type_size(t);
   /* strings end with a NUL, as a caller's do (ptr_bytes sizes them) */
   bool string = !strcmp(p->decl, "const GLchar *");
   if (bytes > (1u << 20)) {
      /* large inputs stay zero (fresh pages): filling them would cost more
       * than the call */
      sb_printf(decl, "static unsigned char *b%u; b%u = calloc(1, %zu);", id, id, bytes);
      return;
   }
   if (idx_type && bytes / fz_index_type_size(idx_type) > 512)
      idx_type = 0;   /* only with no client array to bound: any index will do */
   if (idx_type) {
      /* index data bounded by the vertices the client arrays supply */
      unsigned is = fz_index_type_size(idx_type);
      size_t cnt = bytes / is;
      const char *ct = is == 1 ? "GLubyte" : is == 2 ? "GLushort" : "GLuint";
      sb_printf(decl, "static const %s b%u[%zu] = {", ct, id, cnt ? cnt : 1);
      for (size_t i = 0; i < cnt; i++) {
         uint32_t v = idx_limit > 0 ? rnd(ch, (unsigned)idx_limit) : 0;
         if (is == 1)
            ((uint8_t *)mem)[i] = (uint8_t)v;
         else if (is == 2)
            ((uint16_t *)mem)[i] = (uint16_t)v;
         else
            ((uint32_t *)mem)[i] = v;
         sb_printf(decl, "%s%u", i ? ", " : " ", v);
      }
      sb_printf(decl, " };");
      return;
   }
   if (t == FZ_T_VOID || bytes / es > 64 || bytes % es) {
      unsigned key = (unsigned)splitmix(&ch->rng);
      unsigned char *m = mem;
      for (size_t i = 0; i < bytes; i++)
         m[i] = (unsigned char)((i * 2654435761u + key) >> 13);
      sb_printf(decl, "static unsigned char *b%u; b%u = malloc(%zu); fz_fill(b%u, %zu, %uu);",
                id, id, bytes, id, bytes, key);
      if (string && bytes) {
         m[bytes - 1] = 0;
         sb_printf(decl, " b%u[%zu] = 0;", id, bytes - 1);
      }
      return;
   }
   size_t cnt = bytes / es;
   const char *base = p->decl;
   if (!strncmp(base, "const ", 6))
      base += 6;
   char ctype[64];
   snprintf(ctype, sizeof ctype, "%s", base);
   char *star = strchr(ctype, '*');
   if (star)
      *star = 0;
   for (char *e = ctype + strlen(ctype); e > ctype && e[-1] == ' ';)
      *--e = 0;
   if (!cnt) {
      sb_printf(decl, "static %s *b%u; b%u = malloc(0);", ctype, id, id);
      return;
   }
   sb_printf(decl, "static const %s b%u[%zu] = {", ctype, id, cnt);
   struct fz_param ep = *p;
   ep.name = "";
   for (size_t i = 0; i < cnt; i++) {
      union fz_arg v;
      gen_scalar(ch, c, &ep, t, p->group, &v);
      if (string && i == cnt - 1)
         v.i = 0;
      char *dst = (char *)mem + i * es;
      switch (t) {
      case FZ_T_FLOAT: case FZ_T_CLAMPF: { float f = (float)v.d; memcpy(dst, &f, 4); break; }
      case FZ_T_DOUBLE: case FZ_T_CLAMPD: memcpy(dst, &v.d, 8); break;
      default: {
         int64_t x = v.i;
         if (es == 1) { uint8_t y = (uint8_t)x; memcpy(dst, &y, 1); }
         else if (es == 2) { uint16_t y = (uint16_t)x; memcpy(dst, &y, 2); }
         else if (es == 4) { uint32_t y = (uint32_t)x; memcpy(dst, &y, 4); }
         else memcpy(dst, &x, 8);
      }
      }
      sb_printf(decl, i ? ", " : " ");
      print_scalar(decl, t, ctype, &v);
   }
   sb_printf(decl, " };");
}

static bool
error_known(GLenum e)
{
   switch (e) {
   case GL_NO_ERROR: case GL_INVALID_ENUM: case GL_INVALID_VALUE: case GL_INVALID_OPERATION:
   case GL_STACK_OVERFLOW: case GL_STACK_UNDERFLOW: case GL_OUT_OF_MEMORY:
   case GL_INVALID_FRAMEBUFFER_OPERATION:
      return true;
   default:
      return false;
   }
}

static bool
error_allowed(unsigned flags, GLenum e)
{
   if (flags & FZ_F_ERR_ANY)
      return true;
   switch (e) {
   case GL_INVALID_ENUM:
      return (flags & FZ_F_ERR_ENUM) != 0;
   case GL_STACK_OVERFLOW: case GL_STACK_UNDERFLOW:
      return (flags & FZ_F_ERR_STACK) != 0;
   case GL_INVALID_FRAMEBUFFER_OPERATION:
      return (flags & FZ_F_ERR_FBO) != 0;
   default:
      return true;
   }
}

static const char *
err_name(GLenum e)
{
   return gl_error_name(e);
}

static bool excluded_from_pool(const char *n);

/* Makes draw arguments respect the vertices the client arrays hold, and
 * keeps glMultiDraw* to at most 64 draws (of at most 64 vertices each,
 * see the count[] fill): their work is what the caller asked for. */
static bool
legalise_draw(struct fz_child *ch, const struct fz_cmd *c, union fz_arg *a, int64_t vmax,
              bool elements_bound)
{
   const char *n = c->name;
   /* the indirect draws (GL_ARB_draw_indirect, GL_ARB_multi_draw_indirect)
    * read their counts from a buffer object or client memory, which the
    * fuzzer does not fill with bounded commands (random buffer bytes are
    * billions of vertices or instances, and these commands have no count
    * parameter to keep small): not made; st_test_indirect checks them */
   if (strstr(n, "Indirect"))
      return false;
   if (!strncmp(n, "glMultiDraw", 11)) {
      int dk = param_index(c, "drawcount");
      if (dk < 0)
         dk = param_index(c, "primcount");
      if (dk >= 0 && a[dk].i > 64)
         a[dk].i = 64;
   }
   /* an instanced draw's instance count is work the caller asked for, like
    * a multi-draw's draw count (each instance draws every vertex): at most
    * 64 (glDrawArraysInstancedARB's primcount, the core instancecount) */
   if (strstr(n, "Instanced")) {
      int ik = param_index(c, "instancecount");
      if (ik < 0)
         ik = param_index(c, "primcount");
      if (ik >= 0 && a[ik].i > 64)
         a[ik].i = 64;
      /* arrays with a divisor read element instance / divisor: no more
       * instances than the client arrays hold elements */
      if (ik >= 0 && vmax >= 0 && a[ik].i > vmax)
         a[ik].i = vmax;
   }
   /* a draw's vertex count is a size the caller chose, like an array's:
    * at most FZ_MAX_ARRAY (a valid draw of 16M vertices out of a 64 MB
    * buffer takes time proportional to them on any driver) */
   int cnt_k = param_index(c, "count");
   if (cnt_k >= 0 && (c->flags & FZ_F_DRAW) && !c->params[cnt_k].depth &&
       a[cnt_k].i > FZ_MAX_ARRAY)
      a[cnt_k].i = FZ_MAX_ARRAY;
   /* ... and every instance draws them all again: count x instances is the
    * size of the work, kept to FZ_MAX_ARRAY vertices as well (64 instances
    * of 256 Ki indices made 16 M vertices, about a second of the sanitizer
    * build's time on any driver) */
   if (strstr(n, "Instanced") && cnt_k >= 0 && !c->params[cnt_k].depth && a[cnt_k].i > 0) {
      int ik = param_index(c, "instancecount");
      if (ik < 0)
         ik = param_index(c, "primcount");
      if (ik >= 0 && a[ik].i > 1 && a[cnt_k].i * a[ik].i > FZ_MAX_ARRAY) {
         int64_t most = FZ_MAX_ARRAY / a[cnt_k].i;
         a[ik].i = most > 1 ? most : 1;
      }
   }
   if (vmax < 0)
      return true;
   if (!strncmp(n, "glDrawArrays", 12)) {
      int64_t *first = &a[1].i, *count = &a[2].i;
      if (*first < 0 || *count <= 0)
         return true;
      if (*first >= vmax)
         *first = 0;
      if (*count > vmax - *first)
         *count = vmax - *first;
      return true;
   }
   if (!strncmp(n, "glArrayElement", 14)) {
      if (vmax == 0)
         return false;
      a[0].i = (a[0].i < 0 ? -a[0].i : a[0].i) % vmax;
      return true;
   }
   if (strstr(n, "BaseVertex")) {
      /* index + basevertex must stay inside the client arrays, like the
       * indices: a positive base vertex goes, a negative one stays (the
       * elements below 0 are the driver's to refuse); the multi-draw form's
       * base vertices are an array drawn later: not made */
      if (!strncmp(n, "glMulti", 7))
         return false;
      int bk = param_index(c, "basevertex");
      if (bk >= 0 && a[bk].i > 0)
         a[bk].i = 0;
   }
   if (strstr(n, "DrawElements") || strstr(n, "DrawRangeElements")) {
      int ci = param_index(c, "count");
      if (ci < 0)
         return false;   /* an element draw without a count: none made today */
      if (elements_bound || vmax == 0) {
         /* indices the fuzzer cannot bound, or no vertex to index */
         if (!strncmp(n, "glMulti", 7))
            return false;
         a[ci].i = 0;
      } else if (a[ci].i > 512) {
         a[ci].i = 512;
      }
      if (strstr(n, "Range")) {
         if (vmax == 0)
            return false;
         a[1].i = rnd(ch, (unsigned)vmax);              /* start */
         a[2].i = a[1].i + rnd(ch, (unsigned)(vmax - a[1].i));   /* end */
      }
      return true;
   }
   return true;
}

/*
 * Makes one call: arguments not fixed by 'mask' are drawn, client memory
 * sized and allocated, the call traced, timed and checked.  Returns the GL
 * error after it (GL_NO_ERROR inside glBegin/glEnd), or -1 if not made.
 */
static long
fz_do(struct fz_child *ch, unsigned idx, const union fz_arg *fixed, unsigned mask)
{
   const struct fz_cmd *c = &fz_cmds[idx];
   fz_proc fn = get_fn(ch, idx);
   if (!fn) {
      rec(ch, 'K', "%s: eglGetProcAddress returned NULL", c->name);
      return -1;
   }
   union fz_arg a[MAX_ARGS], r = { 0 };
   struct ptrarg pa[MAX_ARGS];
   struct strbuf decls = { 0 }, code = { 0 };
   GLenum e = GL_NO_ERROR;
   memset(pa, 0, sizeof pa);
   memset(a, 0, sizeof a);
   for (unsigned k = 0; k < c->nparams && k < MAX_ARGS; k++) {
      const struct fz_param *p = &c->params[k];
      if (mask & (1u << k))
         a[k] = fixed[k];
      else if (p->type != FZ_T_PTR)
         gen_scalar(ch, c, p, p->type, p->group, &a[k]);
   }

   /* a buffer's size is the caller's request: a correct driver answers a
    * huge one with GL_OUT_OF_MEMORY after malloc fails, which ASan's
    * default allocator_may_return_null=0 turns into a report; sizes are
    * kept to 64 MiB (negative ones still go through) */
   if (!strncmp(c->name, "glBufferData", 12)) {
      int sk = param_index(c, "size");
      if (sk >= 0 && !(mask & (1u << sk)) && a[sk].i > ((int64_t)64 << 20))
         a[sk].i = (int64_t)64 << 20;
   }

   int64_t vmax = -1;
   bool elements_bound = false;
   if (c->flags & FZ_F_DRAW) {
      vmax = ch->in_begin ? ch->block_vmax : draw_limit(ch);
      if (!ch->in_begin && strstr(c->name, "Elements"))
         elements_bound = bound(ch, GL_ELEMENT_ARRAY_BUFFER_BINDING);
      if (!legalise_draw(ch, c, a, vmax, elements_bound)) {
         rec(ch, 'K', "%s: the enabled client arrays hold no vertex to draw, or the "
             "command's counts are in memory the fuzzer does not bound", c->name);
         return -1;
      }
   }

   /* client memory */
   unsigned probe_k = MAX_ARGS;
   unsigned source_k = MAX_ARGS;   /* glShaderSource's string array */
   bool skip = false;
   for (unsigned k = 0; k < c->nparams && k < MAX_ARGS && !skip; k++) {
      const struct fz_param *p = &c->params[k];
      if (p->type != FZ_T_PTR || (mask & (1u << k)))
         continue;
      int64_t bytes;
      if (ch->in_begin)
         bytes = p->out ? SZ_PROBE : ptr_bytes(ch, c, a, k);
      else
         bytes = ptr_bytes(ch, c, a, k);
      if (bytes == SZ_NULL) {
         a[k].p = NULL;
         continue;
      }
      if (bytes == SZ_OFFSET) {
         a[k].p = (void *)(uintptr_t)offset_value(ch);
         pa[k].bytes = (size_t)-1;
         continue;
      }
      if (bytes == SZ_PROBE) {
         probe_k = k;
         continue;
      }
      if (bytes < 0 || bytes > FZ_MAX_CLIENT) {
         rec(ch, 'K', "%s: %s would need %lld bytes", c->name, p->name, (long long)bytes);
         skip = true;
         break;
      }
      /* glShaderSource, glTransformFeedbackVaryings(EXT),
       * glGetUniformIndices: count pointers to NUL-terminated strings of
       * random characters (no driver can check the pointers inside the
       * array); count is kept to 16 so the array exists, and
       * glShaderSource's length[] (filled next) stays within the strings
       * (source_k) */
      bool source = strstr(c->name, "ShaderSource") != NULL;
      if (p->depth >= 2 && !p->out &&
          (source || strstr(c->name, "TransformFeedbackVaryings") ||
           strstr(c->name, "GetUniformIndices"))) {
         int ck = param_index(c, source || strstr(c->name, "TransformFeedbackVaryings")
                                    ? "count" : "uniformCount");
         int64_t n = ck >= 0 ? a[ck].i : 0;
         if (n > 16 && ck >= 0)
            a[ck].i = n = (int64_t)rnd(ch, 17);
         if (n < 0)
            n = 0;
         static const char alphabet[] = "void main(){}gl_Position=vec4(0.0);#version 120\n"
                                        "abcxyz+-*/;,.[]<>&|!~^?:% \t";
         pa[k].mem = client_alloc((size_t)n * sizeof(void *));
         pa[k].bytes = (size_t)n * sizeof(void *);
         pa[k].ptrs = calloc((size_t)n + 1, sizeof(void *));
         pa[k].ptr_bytes = calloc((size_t)n + 1, sizeof(size_t));
         pa[k].nptrs = (unsigned)n;
         unsigned arr_id = ch->bufid++;
         struct strbuf inner = { 0 };
         for (int64_t i = 0; i < n; i++) {
            size_t len = rnd(ch, 48);
            char *str = client_alloc(len + 1);
            unsigned id = ch->bufid++;
            sb_printf(&decls, "static const char b%u[] = \"", id);
            for (size_t j = 0; j < len; j++) {
               str[j] = alphabet[rnd(ch, (unsigned)(sizeof alphabet - 1))];
               if (str[j] == '\n')
                  sb_printf(&decls, "\\n");
               else if (str[j] == '\t')
                  sb_printf(&decls, "\\t");
               else if (str[j] == '%')
                  sb_printf(&decls, "%%");
               else
                  sb_printf(&decls, "%c", str[j]);
            }
            str[len] = '\0';
            sb_printf(&decls, "\"; ");
            pa[k].ptrs[i] = str;
            pa[k].ptr_bytes[i] = len + 1;
            sb_printf(&inner, "%sb%u", i ? ", " : "", id);
            ((char **)pa[k].mem)[i] = str;
         }
         if (n)
            sb_printf(&decls, "static const char *b%u[%lld]; { const char *t_[] = { %s }; memcpy(b%u, t_, sizeof t_); }",
                      arr_id, (long long)n, inner.s, arr_id);
         else
            sb_printf(&decls, "static void **b%u; b%u = malloc(0);", arr_id, arr_id);
         free(inner.s);
         a[k].p = pa[k].mem;
         pa[k].nptrs |= arr_id << 8;
         if (source)
            source_k = k;
         continue;
      }
      /* glMultiDrawElements: an array of pointers to index arrays */
      if (p->depth >= 2 && !p->out && strstr(c->name, "MultiDrawElements")) {
         int64_t dc = argi(c, a, "drawcount", argi(c, a, "primcount", 0));
         int ck = param_index(c, "count");
         uint32_t itype = (uint32_t)argi(c, a, "type", 0);
         if (dc < 0 || dc > 1024) {
            pa[k].mem = client_alloc(0);
            a[k].p = pa[k].mem;
            sb_printf(&decls, "static void **b%u; b%u = malloc(0);", ch->bufid, ch->bufid);
            pa[k].bytes = 0;
            ch->bufid++;
            continue;
         }
         /* count[] was filled already (it comes first) */
         const GLsizei *counts = ck >= 0 ? a[ck].p : NULL;
         /* the index arrays together are one caller-sized array: over
          * FZ_MAX_ARRAY elements the call is skipped like any other */
         int64_t total = 0;
         for (int64_t i = 0; counts && i < dc; i++)
            total += counts[i] > 0 ? counts[i] : 0;
         if (total > FZ_MAX_ARRAY) {
            rec(ch, 'K', "%s: index arrays of %lld elements", c->name, (long long)total);
            skip = true;
            break;
         }
         pa[k].mem = client_alloc((size_t)dc * sizeof(void *));
         pa[k].bytes = (size_t)dc * sizeof(void *);
         pa[k].ptrs = calloc((size_t)dc + 1, sizeof(void *));
         pa[k].ptr_bytes = calloc((size_t)dc + 1, sizeof(size_t));
         pa[k].nptrs = (unsigned)dc;
         unsigned is = fz_index_type_size(itype);
         unsigned arr_id = ch->bufid++;
         struct strbuf inner = { 0 };
         for (int64_t i = 0; i < dc; i++) {
            int64_t cnt = counts ? counts[i] : 0;
            size_t nb = cnt > 0 && is ? (size_t)cnt * is : 0;
            pa[k].ptrs[i] = client_alloc(nb);
            pa[k].ptr_bytes[i] = nb;
            unsigned id = ch->bufid++;
            struct fz_param ip = *p;
            ip.depth = 1;
            if (is) {
               fill_input(ch, c, &ip, pa[k].ptrs[i], nb, &decls, id, vmax < 0 ? 65536 : vmax, itype);
            } else {
               sb_printf(&decls, "static unsigned char *b%u; b%u = malloc(0);", id, id);
            }
            sb_printf(&decls, " ");
            sb_printf(&inner, "%s(const void *)b%u", i ? ", " : "", id);
            ((void **)pa[k].mem)[i] = pa[k].ptrs[i];
         }
         if (dc)
            sb_printf(&decls, "static const void *b%u[%lld]; { const void *t_[] = { %s }; memcpy(b%u, t_, sizeof t_); }",
                      arr_id, (long long)dc, inner.s, arr_id);
         else
            sb_printf(&decls, "static void **b%u; b%u = malloc(0);", arr_id, arr_id);
         free(inner.s);
         a[k].p = pa[k].mem;
         /* remember the buffer id for printing */
         pa[k].nptrs |= arr_id << 8;
         continue;
      }
      pa[k].bytes = (size_t)bytes;
      pa[k].mem = client_alloc((size_t)bytes);
      if (!pa[k].mem) {
         rec(ch, 'K', "%s: cannot allocate %lld bytes", c->name, (long long)bytes);
         skip = true;
         break;
      }
      pa[k].deferred = is_deferred(c->name);
      pa[k].is_out = p->out;
      a[k].p = pa[k].mem;
      unsigned id = ch->bufid++;
      pa[k].nptrs = id << 8;
      if (p->out) {
         pa[k].pat = 0xa5;
         memset(pa[k].mem, pa[k].pat, (size_t)bytes);
         sb_printf(&decls, "static unsigned char *b%u; b%u = malloc(%zu);", id, id, (size_t)bytes);
      } else {
         uint32_t itype = 0;
         int64_t lim = 0;
         if ((c->flags & FZ_F_DRAW) && strstr(c->name, "Elements")) {
            itype = (uint32_t)argi(c, a, "type", 0);
            if (!fz_index_type_size(itype))
               itype = 0;
            lim = vmax < 0 ? (itype == GL_UNSIGNED_BYTE ? 256 : 65536) : vmax;
            if (strstr(c->name, "Range") && vmax >= 0)
               lim = vmax;   /* start..end chosen inside it; indices kept below */
         }
         if (source_k < MAX_ARGS && !strcmp(p->name, "length")) {
            /* glShaderSource's lengths: -1 (NUL-terminated) or within the string */
            GLint *v = pa[k].mem;
            size_t cnt = (size_t)bytes / 4;
            sb_printf(&decls, "static GLint b%u[%zu] = {", id, cnt ? cnt : 1);
            for (size_t i = 0; i < cnt; i++) {
               size_t have = i < (pa[source_k].nptrs & 0xff) ? pa[source_k].ptr_bytes[i] : 1;
               v[i] = chance(ch, 50) ? -1 : (GLint)rnd(ch, (unsigned)have);
               sb_printf(&decls, "%s%d", i ? ", " : " ", v[i]);
            }
            sb_printf(&decls, " };");
         } else if ((c->flags & FZ_F_DRAW) && !strncmp(c->name, "glMultiDraw", 11) &&
             (!strcmp(p->name, "first") || !strcmp(p->name, "count")) &&
             (vmax >= 0 || chance(ch, 90))) {
            /* first[] and count[]: the vertices they name must exist */
            GLint *v = pa[k].mem;
            size_t cnt = (size_t)bytes / 4;
            bool is_first = !strcmp(p->name, "first");
            unsigned vlim = vmax >= 0 && vmax < 64 ? (unsigned)vmax : 64;
            unsigned mod = is_first ? (vmax >= 0 ? 1 : 64) : vlim + 1;
            unsigned key = (unsigned)splitmix(&ch->rng);
            fz_fill_int(v, cnt, key, mod);
            sb_printf(&decls, "static GLint *b%u; b%u = malloc(%zu); fz_fill_int(b%u, %zu, %uu, %u);",
                      id, id, cnt * 4, id, cnt, key, mod);
         } else {
            fill_input(ch, c, p, pa[k].mem, (size_t)bytes, &decls, id, lim, itype);
         }
      }
   }
   if (skip) {
      for (unsigned k = 0; k < MAX_ARGS; k++) {
         if (pa[k].mem && pa[k].bytes != (size_t)-1)
            client_free(pa[k].mem, pa[k].bytes);
      }
      free(decls.s);
      return -1;
   }

   /* the minimiser's second phase leaves out single calls of a step (their
    * arguments are still drawn, so the others stay the same) */
   unsigned call_id = ch->step << 16 | (ch->call_in_step++ & 0xffff);
   /* never the calls the fuzzer's own model of the context follows */
   bool structural = excluded_from_pool(c->name);
   for (unsigned i = 0; i < ch->o->nskip && !structural; i++) {
      if (ch->o->skip[i] == call_id) {
         e = (GLenum)-1;
         goto done;
      }
   }

   /* a getter's output count: what it writes into a large buffer */
   if (probe_k < MAX_ARGS) {
      const struct fz_param *p = &c->params[probe_k];
      size_t es = p->depth >= 2 ? sizeof(void *) : fz_type_size(p->elem);
      size_t cap = FZ_PROBE_ELEMS;
      unsigned char *big = malloc(cap * es);
      size_t got = 0;
      if (!ch->in_begin) {
         rec(ch, 'P', "%u", idx);
         for (unsigned pass = 0; pass < 2; pass++) {
            unsigned char pat = pass ? 0x5a : 0xa5;
            memset(big, pat, cap * es);
            a[probe_k].p = big;
            union fz_arg rr;
            arm(ch, true);
            c->call(fn, a, &rr);
            arm(ch, false);
            size_t w = written_elems(big, cap, es, pat);
            if (w > got)
               got = w;
         }
         drain(ch);
         if (got >= cap)
            finding(ch, "huge-output", c->name, "wrote %zu or more values", cap);
      }
      free(big);
      size_t bytes = got * es;
      pa[probe_k].bytes = bytes;
      pa[probe_k].mem = client_alloc(bytes);
      pa[probe_k].is_out = true;
      pa[probe_k].pat = 0xa5;
      memset(pa[probe_k].mem, 0xa5, bytes);
      a[probe_k].p = pa[probe_k].mem;
      unsigned id = ch->bufid++;
      pa[probe_k].nptrs = id << 8;
      sb_printf(&decls, "static unsigned char *b%u; b%u = malloc(%zu);", id, id, bytes);
   }

   /* the call as C */
   if (c->ret == FZ_T_SYNC)
      sb_printf(&code, "fz_sync[%u] = ", ch->sync_slot % 32);
   sb_printf(&code, "((%s)regress_proc(\"%s\"))(", c->sig, c->name);
   for (unsigned k = 0; k < c->nparams; k++) {
      const struct fz_param *p = &c->params[k];
      if (k)
         sb_printf(&code, ", ");
      if (p->type == FZ_T_PTR) {
         if (pa[k].bytes == (size_t)-1)
            sb_printf(&code, "(void *)(uintptr_t)%llu", (unsigned long long)(uintptr_t)a[k].p);
         else if (!a[k].p)
            sb_printf(&code, "NULL");
         else if (mask & (1u << k))
            sb_printf(&code, "NULL /* fixed */");
         else
            sb_printf(&code, "(void *)b%u", pa[k].nptrs >> 8);
      } else if (p->type == FZ_T_SYNC) {
         unsigned s;
         for (s = 0; s < ch->nsyncs && ch->syncs[s] != a[k].p; s++)
            ;
         if (a[k].p && s < ch->nsyncs)
            sb_printf(&code, "fz_sync[%u]", s);
         else
            print_scalar(&code, p->type, p->decl, &a[k]);
      } else {
         print_scalar(&code, p->type, p->decl, &a[k]);
      }
   }
   sb_printf(&code, ")");

   bool check = !ch->in_begin;
   /* the state oracle needs one call: not at the end of a glBegin/glEnd
    * block (its other calls change state) nor for glCallList(s); nor for a
    * lone glEnd, which may close a block a called list began (the snapshot
    * before it would have been queried inside that block) */
   bool snap = check && !ch->block_flags && !(c->flags & FZ_F_ERR_ANY) &&
               strcmp(c->name, "glEnd") != 0 &&
               ch->o->snapshot_every && ch->nsnap && (ch->ncalls % ch->o->snapshot_every) == 0;
   if (snap)
      snapshot(ch, ch->snap_before);

   if (decls.len)
      rec(ch, 'B', "%s", decls.s);
   rec(ch, 'C', "%u\t%s", idx, code.s);
   ch->ncalls++;
   arm(ch, true);
   c->call(fn, a, &r);
   arm(ch, false);

   e = GL_NO_ERROR;
   if (check) {
      e = ch->gl.GetError();
      GLenum e2 = ch->gl.GetError();
      rec(ch, 'E', "0x%04x", e);
      unsigned flags = c->flags | ch->block_flags;
      /* a lone glEnd may close a block a called list began: the errors of
       * that block's calls are reported here */
      if (!ch->block_flags && !strcmp(c->name, "glEnd"))
         flags |= FZ_F_ERR_ANY;
      if (!error_known(e)) {
         finding(ch, "bad-error", c->name, "glGetError returned 0x%x", e);
      } else if (!error_allowed(flags, e)) {
         char kind[64];
         snprintf(kind, sizeof kind, "error:%s", err_name(e));
         finding(ch, kind, c->name, "%s is not an error this call may raise", err_name(e));
      }
      if (e2 != GL_NO_ERROR && !ch->block_flags)
         finding(ch, "error-twice", c->name, "a second glGetError returned %s after %s",
                 err_name(e2), err_name(e));
      drain(ch);
      if (e != GL_NO_ERROR && e != GL_OUT_OF_MEMORY && snap) {
         snapshot(ch, ch->snap_after);
         unsigned off = 0;
         for (unsigned i = 0; i < ch->nsnap; i++) {
            if (memcmp(ch->snap_before + off, ch->snap_after + off,
                       ch->snap_count[i] * sizeof(float))) {
               const char *pn = fz_enum_name(ch->snap_pname[i]);
               finding(ch, "state", c->name, "%s changed although the call raised %s",
                       pn ? pn : "?", err_name(e));
               break;
            }
            off += ch->snap_count[i];
         }
      }
      if (e != GL_NO_ERROR) {
         for (unsigned k = 0; k < c->nparams; k++) {
            if (pa[k].is_out && pa[k].mem && pa[k].bytes != (size_t)-1 && !pa[k].deferred &&
                written_elems(pa[k].mem, pa[k].bytes, 1, pa[k].pat)) {
               finding(ch, "wrote-on-error", c->name, "%s written although the call raised %s",
                       c->params[k].name, err_name(e));
               break;
            }
         }
      }
      if (ch->probe_pname) {
         GLint v[4];
         ch->gl.GetIntegerv(ch->probe_pname, v);
         GLenum pe = ch->gl.GetError();
         if (pe != GL_NO_ERROR)
            finding(ch, "probe", c->name, "glGetIntegerv(%s) raised %s after the call",
                    fz_enum_name(ch->probe_pname), err_name(pe));
      }
   }

   /* bookkeeping of what the call created */
   if (e == GL_NO_ERROR && !ch->in_begin) {
      if (c->flags & FZ_F_GEN) {
         int64_t cnt = a[0].i;
         const GLuint *names = a[1].p;
         for (int64_t i = 0; i < cnt && names && i < 64; i++) {
            if (ch->nnames < 512)
               ch->names[ch->nnames++] = names[i];
            else
               ch->names[rnd(ch, 512)] = names[i];
         }
      } else if (!strcmp(c->name, "glGenLists") && r.i) {
         for (int64_t i = 0; i < a[0].i && i < 16; i++) {
            if (ch->nlists < 128)
               ch->lists[ch->nlists++] = (uint32_t)(r.i + i);
         }
      } else if (c->ret == FZ_T_SYNC && r.p) {
         ch->syncs[ch->sync_slot % 32] = r.p;
         if (ch->nsyncs < 32)
            ch->nsyncs++;
         ch->sync_slot++;
      } else if (c->ret == FZ_T_PTR && r.p && strstr(c->name, "GetString")) {
         (void)strlen(r.p);     /* must be a string */
      }
   }

done:
   for (unsigned k = 0; k < MAX_ARGS; k++) {
      if (pa[k].bytes == (size_t)-1)
         continue;
      if (pa[k].ptrs) {
         for (unsigned i = 0; i < (pa[k].nptrs & 0xff); i++)
            client_free(pa[k].ptrs[i], pa[k].ptr_bytes[i]);
         free(pa[k].ptrs);
         free(pa[k].ptr_bytes);
      }
      if (!pa[k].mem)
         continue;
      if (pa[k].deferred)
         own(ch, pa[k].mem, pa[k].bytes);
      else
         client_free(pa[k].mem, pa[k].bytes);
   }
   free(decls.s);
   free(code.s);
   return e == (GLenum)-1 ? -1 : (long)e;
}

static long
do_named(struct fz_child *ch, const char *name, const union fz_arg *fixed, unsigned mask)
{
   int idx = fz_find_cmd(name);
   if (idx < 0 || !(fz_cmds[idx].flags & ch->api))
      return -1;
   return fz_do(ch, (unsigned)idx, fixed, mask);
}

/* ------------------------------------------------------------- steps */

static void
step_single(struct fz_child *ch)
{
   fz_do(ch, ch->pool[rnd(ch, ch->npool)], NULL, 0);
}

/*
 * Starts a glBegin/glEnd block with a valid primitive.  Inside it the
 * fuzzer cannot call glGetError, so it must know that glBegin succeeded:
 * blocks are only made on a complete framebuffer (else glBegin may raise
 * GL_INVALID_FRAMEBUFFER_OPERATION).  While a GL_COMPILE list is being
 * compiled glBegin is only recorded: the calls are then checked one by one.
 * glBegin with an invalid mode is a single checked call (ended with glEnd
 * should the driver accept it).
 */
static bool
begin_block(struct fz_child *ch, int64_t mode)
{
   if (ch->gl.CheckFramebufferStatus && !ch->compiling &&
       ch->gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      drain(ch);
      return false;
   }
   union fz_arg a[1];
   a[0].i = mode;
   ch->block_vmax = draw_limit(ch);
   if (ch->compiling) {
      do_named(ch, "glBegin", a, 1);
      return true;
   }
   static const GLenum cached[] = {
      GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS, GL_PACK_SKIP_PIXELS, GL_PACK_ALIGNMENT,
      GL_PACK_IMAGE_HEIGHT, GL_PACK_SKIP_IMAGES, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS,
      GL_UNPACK_SKIP_PIXELS, GL_UNPACK_ALIGNMENT, GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_IMAGES,
      GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER_BINDING, GL_ARRAY_BUFFER_BINDING,
      GL_ELEMENT_ARRAY_BUFFER_BINDING,
   };
   ch->ncache = 0;
   for (unsigned i = 0; i < sizeof cached / sizeof cached[0]; i++) {
      int64_t v = query_int(ch, cached[i], INT64_MIN);
      if (v != INT64_MIN) {
         ch->cache_pname[ch->ncache] = cached[i];
         ch->cache_value[ch->ncache++] = v;
      }
   }
   ch->block_flags = FZ_F_ERR_ENUM | FZ_F_ERR_FBO;
   ch->in_begin = true;
   do_named(ch, "glBegin", a, 1);
   return true;
}

static void
end_block(struct fz_child *ch)
{
   ch->in_begin = false;
   do_named(ch, "glEnd", NULL, 0);
   ch->block_flags = 0;
}

static void
step_begin_end(struct fz_child *ch)
{
   if (chance(ch, 10)) {
      union fz_arg a[1];
      a[0].i = gen_enum(ch, -1);
      if (a[0].i < 10)
         a[0].i = 10;
      if (do_named(ch, "glBegin", a, 1) == GL_NO_ERROR)
         do_named(ch, "glEnd", NULL, 0);
      return;
   }
   if (!begin_block(ch, rnd(ch, 10))) {
      step_single(ch);
      return;
   }
   for (unsigned n = rnd(ch, 9); n; n--) {
      unsigned idx = chance(ch, 88) && ch->nbepool ? ch->bepool[rnd(ch, ch->nbepool)]
                                                   : ch->pool[rnd(ch, ch->npool)];
      /* a list executed inside the block may end it (its own glEnd): then
       * the fuzzer could no longer tell whether it is inside */
      if (ch->in_begin && (fz_cmds[idx].flags & FZ_F_ERR_ANY))
         continue;
      if (ch->in_begin)
         ch->block_flags |= fz_cmds[idx].flags & (FZ_F_ERR_ENUM | FZ_F_ERR_STACK |
                                                  FZ_F_ERR_FBO | FZ_F_ERR_ANY);
      fz_do(ch, idx, NULL, 0);
   }
   end_block(ch);
}

static void
step_list(struct fz_child *ch)
{
   union fz_arg a[MAX_ARGS] = { { 0 } };
   if (!ch->nlists || chance(ch, 20)) {
      a[0].i = 1 + rnd(ch, 4);
      do_named(ch, "glGenLists", a, 1);
   }
   a[0].i = ch->nlists && chance(ch, 85) ? ch->lists[rnd(ch, ch->nlists)] : gen_int_generic(ch);
   unsigned r = rnd(ch, 100);
   a[1].i = r < 45 ? GL_COMPILE : r < 90 ? GL_COMPILE_AND_EXECUTE : gen_enum(ch, -1);
   uint32_t list = (uint32_t)a[0].i;
   ch->compiling = do_named(ch, "glNewList", a, 3) == GL_NO_ERROR && a[1].i == GL_COMPILE;
   for (unsigned n = 1 + rnd(ch, 6); n; n--) {
      if (chance(ch, 30))
         step_begin_end(ch);
      else
         step_single(ch);
   }
   do_named(ch, "glEndList", NULL, 0);
   ch->compiling = false;
   if (chance(ch, 70)) {
      a[0].i = list;
      do_named(ch, "glCallList", a, 1);
   } else if (chance(ch, 50)) {
      do_named(ch, "glCallLists", NULL, 0);
   }
}

static void
step_arrays(struct fz_child *ch)
{
   static const char *const ptrs[] = {
      "glVertexPointer", "glColorPointer", "glNormalPointer", "glTexCoordPointer",
      "glSecondaryColorPointer", "glFogCoordPointer", "glEdgeFlagPointer", "glIndexPointer",
      "glPointSizePointerOES", "glInterleavedArrays",
   };
   static const GLenum caps[] = {
      GL_VERTEX_ARRAY, GL_COLOR_ARRAY, GL_NORMAL_ARRAY, GL_TEXTURE_COORD_ARRAY,
      GL_SECONDARY_COLOR_ARRAY, GL_FOG_COORD_ARRAY, GL_EDGE_FLAG_ARRAY, GL_INDEX_ARRAY,
      0x8B9C, 0,
   };
   union fz_arg a[MAX_ARGS] = { { 0 } };
   for (unsigned n = 1 + rnd(ch, 3); n; n--) {
      unsigned w = chance(ch, 40) ? 0 : rnd(ch, 10);
      int idx = fz_find_cmd(ptrs[w]);
      if (idx < 0 || !(fz_cmds[idx].flags & ch->api))
         continue;
      const struct fz_cmd *c = &fz_cmds[idx];
      unsigned mask = 0;
      if (chance(ch, 75)) {
         /* valid-looking size/type/stride */
         for (unsigned k = 0; k < c->nparams; k++) {
            const char *pn = c->params[k].name;
            if (!strcmp(pn, "size")) {
               a[k].i = w == 1 ? 3 + rnd(ch, 2) : 2 + rnd(ch, 3);
               mask |= 1u << k;
            } else if (!strcmp(pn, "type")) {
               static const GLenum t[] = { GL_FLOAT, GL_FLOAT, GL_SHORT, GL_UNSIGNED_BYTE,
                                           GL_FIXED, GL_BYTE, GL_INT, GL_DOUBLE };
               a[k].i = w == 1 && chance(ch, 50) ? GL_UNSIGNED_BYTE : t[rnd(ch, 8)];
               mask |= 1u << k;
            } else if (!strcmp(pn, "stride")) {
               a[k].i = chance(ch, 60) ? 0 : 4 * rnd(ch, 9);
               mask |= 1u << k;
            } else if (!strcmp(pn, "format")) {
               a[k].i = GL_V2F + rnd(ch, 14);
               mask |= 1u << k;
            }
         }
      }
      fz_do(ch, (unsigned)idx, a, mask);
      if (caps[w]) {
         union fz_arg e[1];
         e[0].i = caps[w];
         do_named(ch, "glEnableClientState", e, 1);
      }
   }
   static const char *const draws[] = { "glDrawArrays", "glDrawElements", "glDrawRangeElements",
                                        "glMultiDrawArrays", "glArrayElement" };
   unsigned d = rnd(ch, 5);
   int idx = fz_find_cmd(draws[d]);
   if (idx < 0 || !(fz_cmds[idx].flags & ch->api))
      idx = fz_find_cmd("glDrawArrays");
   memset(a, 0, sizeof a);
   unsigned mask = 0;
   const struct fz_cmd *c = &fz_cmds[idx];
   if (chance(ch, 80)) {
      for (unsigned k = 0; k < c->nparams; k++) {
         const char *pn = c->params[k].name;
         if (!strcmp(pn, "mode")) {
            a[k].i = rnd(ch, ch->api == FZ_API_GL ? 10 : 7);
            mask |= 1u << k;
         } else if (!strcmp(pn, "count") && c->params[k].type != FZ_T_PTR) {
            a[k].i = rnd(ch, 64);
            mask |= 1u << k;
         } else if (!strcmp(pn, "type")) {
            static const GLenum t[] = { GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT };
            a[k].i = t[rnd(ch, ch->api == FZ_API_GL ? 3 : 2)];
            mask |= 1u << k;
         }
      }
   }
   if (!strcmp(c->name, "glArrayElement")) {
      if (begin_block(ch, rnd(ch, 10))) {
         for (unsigned n = 1 + rnd(ch, 6); n; n--)
            fz_do(ch, (unsigned)idx, NULL, 0);
         end_block(ch);
      }
      return;
   }
   fz_do(ch, (unsigned)idx, a, mask);
}

static void
step_objects(struct fz_child *ch)
{
   union fz_arg a[MAX_ARGS] = { { 0 } };
   unsigned r = rnd(ch, ch->api == FZ_API_GL ? 5 : 3);
   switch (r) {
   case 0: {   /* a texture with an image */
      a[0].i = 1;
      do_named(ch, "glGenTextures", a, 1);
      a[0].i = GL_TEXTURE_2D;
      a[1].i = ch->nnames ? ch->names[ch->nnames - 1] : 1;
      do_named(ch, "glBindTexture", a, 3);
      a[0].i = GL_TEXTURE_2D;
      a[1].i = chance(ch, 80) ? 0 : rnd(ch, 4);
      a[2].i = GL_RGBA;
      a[3].i = 1 + rnd(ch, 16);
      a[4].i = 1 + rnd(ch, 16);
      a[5].i = 0;
      a[6].i = GL_RGBA;
      a[7].i = GL_UNSIGNED_BYTE;
      do_named(ch, "glTexImage2D", a, 0xff);
      break;
   }
   case 1: {   /* a buffer object with data */
      static const GLenum targets[] = { GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER,
                                        GL_PIXEL_UNPACK_BUFFER, GL_PIXEL_PACK_BUFFER };
      a[0].i = 1;
      do_named(ch, "glGenBuffers", a, 1);
      GLenum t = targets[rnd(ch, ch->api == FZ_API_GL ? 4 : 2)];
      a[0].i = t;
      a[1].i = ch->nnames ? ch->names[ch->nnames - 1] : 1;
      do_named(ch, "glBindBuffer", a, 3);
      a[0].i = t;
      a[1].i = 16 + rnd(ch, 4096);
      a[3].i = GL_STATIC_DRAW;
      do_named(ch, "glBufferData", a, 0xb);
      if (chance(ch, 40)) {
         a[0].i = t;
         a[1].i = 0;
         do_named(ch, "glBindBuffer", a, 3);
      }
      break;
   }
   case 2: {   /* pixel store */
      static const GLenum pn[] = { GL_UNPACK_ALIGNMENT, GL_PACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH,
                                   GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS, GL_PACK_ROW_LENGTH,
                                   GL_PACK_SKIP_ROWS, GL_PACK_SKIP_PIXELS, GL_UNPACK_IMAGE_HEIGHT,
                                   GL_UNPACK_SKIP_IMAGES, GL_UNPACK_LSB_FIRST, GL_PACK_SWAP_BYTES };
      a[0].i = pn[rnd(ch, ch->api == FZ_API_GL ? 12 : 2)];
      a[1].i = chance(ch, 50) ? (int64_t)1 << rnd(ch, 4) : rnd(ch, 9);
      do_named(ch, "glPixelStorei", a, 3);
      break;
   }
   case 3: {   /* a framebuffer object with a renderbuffer */
      a[0].i = 1;
      do_named(ch, "glGenFramebuffers", a, 1);
      a[0].i = GL_FRAMEBUFFER;
      a[1].i = ch->nnames ? ch->names[ch->nnames - 1] : 1;
      do_named(ch, "glBindFramebuffer", a, 3);
      a[0].i = 1;
      do_named(ch, "glGenRenderbuffers", a, 1);
      a[0].i = GL_RENDERBUFFER;
      a[1].i = ch->nnames ? ch->names[ch->nnames - 1] : 1;
      uint32_t rb = (uint32_t)a[1].i;
      do_named(ch, "glBindRenderbuffer", a, 3);
      bool depth = chance(ch, 30);
      a[0].i = GL_RENDERBUFFER;
      a[1].i = depth ? GL_DEPTH_COMPONENT24 : GL_RGBA8;
      a[2].i = 1 + rnd(ch, 64);
      a[3].i = 1 + rnd(ch, 48);
      do_named(ch, "glRenderbufferStorage", a, 0xf);
      a[0].i = GL_FRAMEBUFFER;
      a[1].i = depth ? GL_DEPTH_ATTACHMENT : GL_COLOR_ATTACHMENT0;
      a[2].i = GL_RENDERBUFFER;
      a[3].i = rb;
      do_named(ch, "glFramebufferRenderbuffer", a, 0xf);
      if (chance(ch, 50)) {
         a[0].i = GL_FRAMEBUFFER;
         a[1].i = 0;
         do_named(ch, "glBindFramebuffer", a, 3);
      }
      break;
   }
   default: {  /* an occlusion query around a rectangle */
      a[0].i = 1;
      do_named(ch, "glGenQueries", a, 1);
      a[0].i = GL_SAMPLES_PASSED;
      a[1].i = ch->nnames ? ch->names[ch->nnames - 1] : 1;
      uint32_t q = (uint32_t)a[1].i;
      do_named(ch, "glBeginQuery", a, 3);
      a[0].d = -0.5; a[1].d = -0.5; a[2].d = 0.5; a[3].d = 0.5;
      do_named(ch, "glRectf", a, 0xf);
      a[0].i = GL_SAMPLES_PASSED;
      do_named(ch, "glEndQuery", a, 1);
      a[0].i = q;
      a[1].i = GL_QUERY_RESULT;
      do_named(ch, "glGetQueryObjectuiv", a, 3);
      break;
   }
   }
}

static void
run_step(struct fz_child *ch)
{
   unsigned r = rnd(ch, 100);
   if (ch->api == FZ_API_GL) {
      if (r < 60)
         step_single(ch);
      else if (r < 72)
         step_begin_end(ch);
      else if (r < 80)
         step_list(ch);
      else if (r < 90)
         step_arrays(ch);
      else
         step_objects(ch);
   } else {
      if (r < 75)
         step_single(ch);
      else if (r < 88)
         step_arrays(ch);
      else
         step_objects(ch);
   }
}

/* ------------------------------------------------------------- setup */

static bool
excluded_from_pool(const char *n)
{
   /* sequences only: an unbalanced glBegin or glNewList would make every
    * later check meaningless */
   return !strcmp(n, "glBegin") || !strcmp(n, "glEnd") || !strcmp(n, "glNewList") ||
          !strcmp(n, "glEndList");
}

int
fz_child_run(const struct fz_opts *o, uint64_t seed)
{
   struct fz_child *ch = calloc(1, sizeof *ch);
   ch->o = o;
   ch->seed = seed;
   ch->api = o->api;
   alarm_fd = o->trace_fd;
   signal(SIGALRM, on_alarm);
   signal(SIGPROF, on_alarm);

   /* setup under the time limit too (x10) */
   struct itimerval it = { { 0, 0 }, { (long)o->limit_ms / 100, (long)(o->limit_ms % 100) * 10000 } };
   setitimer(ITIMER_REAL, &it, NULL);

   EGLDisplay dpy = egl_test_display();
   if (dpy == EGL_NO_DISPLAY)
      return FZ_EXIT_SETUP;
   EGLConfig cfg = egl_test_find_config(dpy, 8, 8, 8, 8, 24, 8);
   if (!cfg) {
      printf("no RGBA8888 D24S8 pbuffer config\n");
      return FZ_EXIT_SETUP;
   }
   bool es1 = o->api == FZ_API_GLES1;
   EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 1, EGL_NONE };
   if (!eglBindAPI(es1 ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
      return FZ_EXIT_SETUP;
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es1 ? ctx_attribs : NULL);
   const EGLint pb[] = { EGL_WIDTH, 64, EGL_HEIGHT, 48, EGL_NONE };
   EGLSurface surf = ctx == EGL_NO_CONTEXT ? EGL_NO_SURFACE : eglCreatePbufferSurface(dpy, cfg, pb);
   if (surf == EGL_NO_SURFACE || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("context or pbuffer failed: %s\n", egl_error_name(eglGetError()));
      return FZ_EXIT_SETUP;
   }

   ch->fn = calloc(fz_num_cmds, sizeof *ch->fn);
   ch->fn_tried = calloc(fz_num_cmds, sizeof *ch->fn_tried);
   ch->pool = calloc(fz_num_cmds, sizeof *ch->pool);
   ch->bepool = calloc(fz_num_cmds, sizeof *ch->bepool);
   for (unsigned i = 0; i < fz_num_cmds; i++) {
      if (!(fz_cmds[i].flags & ch->api) || excluded_from_pool(fz_cmds[i].name))
         continue;
      ch->pool[ch->npool++] = i;
      if (fz_cmds[i].flags & FZ_F_BEGINEND)
         ch->bepool[ch->nbepool++] = i;
   }
   ch->gl.GetError = (__typeof__(ch->gl.GetError))eglGetProcAddress("glGetError");
   ch->gl.GetIntegerv = (__typeof__(ch->gl.GetIntegerv))eglGetProcAddress("glGetIntegerv");
   ch->gl.GetFloatv = (__typeof__(ch->gl.GetFloatv))eglGetProcAddress("glGetFloatv");
   ch->gl.IsEnabled = (__typeof__(ch->gl.IsEnabled))eglGetProcAddress("glIsEnabled");
   ch->gl.GetPointerv = (__typeof__(ch->gl.GetPointerv))eglGetProcAddress("glGetPointerv");
   ch->gl.ClientActiveTexture = (__typeof__(ch->gl.ClientActiveTexture))eglGetProcAddress("glClientActiveTexture");
   ch->gl.GetTexLevelParameteriv = (__typeof__(ch->gl.GetTexLevelParameteriv))eglGetProcAddress("glGetTexLevelParameteriv");
   if (!ch->gl.GetError || !ch->gl.GetIntegerv || !ch->gl.GetFloatv || !ch->gl.IsEnabled ||
       !ch->gl.GetPointerv || !ch->gl.ClientActiveTexture || !ch->gl.GetTexLevelParameteriv) {
      printf("eglGetProcAddress returned NULL for a query entry point\n");
      return FZ_EXIT_SETUP;
   }
   if (ch->api == FZ_API_GL) {
      ch->gl.CheckFramebufferStatus = (__typeof__(ch->gl.CheckFramebufferStatus))
         eglGetProcAddress("glCheckFramebufferStatus");
      ch->gl.GetVertexAttribiv = (__typeof__(ch->gl.GetVertexAttribiv))
         eglGetProcAddress("glGetVertexAttribiv");
      ch->gl.GetVertexAttribPointerv = (__typeof__(ch->gl.GetVertexAttribPointerv))
         eglGetProcAddress("glGetVertexAttribPointerv");
   }
   const GLubyte *(GLAPIENTRY *get_string)(GLenum) =
      (const GLubyte *(GLAPIENTRY *)(GLenum))eglGetProcAddress("glGetString");

   const char *renderer = (const char *)get_string(GL_RENDERER);
   rec(ch, 'R', "%s", renderer ? renderer : "(null)");
   if (o->expect_renderer && *o->expect_renderer &&
       (!renderer || !strstr(renderer, o->expect_renderer))) {
      printf("GL_RENDERER \"%s\" does not contain \"%s\"\n", renderer ? renderer : "(null)",
             o->expect_renderer);
      return FZ_EXIT_SETUP;
   }
   discover(ch);
   setitimer(ITIMER_REAL, &(struct itimerval){ { 0, 0 }, { 0, 0 } }, NULL);

   unsigned n = o->steps ? o->nsteps : o->calls;
   for (unsigned k = 0; k < n && ch->nfindings < MAX_FINDINGS; k++) {
      unsigned step = o->steps ? o->steps[k] : k;
      ch->step = step;
      ch->rng = seed * 0x9e3779b97f4a7c15ull ^ ((uint64_t)step + 1) * 0xd1b54a32d192ed03ull;
      splitmix(&ch->rng);
      ch->call_in_step = 0;
      rec(ch, 'S', "%u", step);
      run_step(ch);
   }
   rec(ch, 'N', "%u", ch->ncalls);
   int rc = ch->nfindings ? FZ_EXIT_FINDING : FZ_EXIT_OK;
   /* no teardown: the process exits (a crash in teardown is not ours to find
    * here, and skipping it keeps seeds fast) */
   return rc;
}
