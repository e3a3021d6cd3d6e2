/*
 * gl-fuzz: the GL-API fuzzer's runner (docs/testing.md, "GL-API fuzzer").
 *
 *   gl-fuzz [--api gl|gles1] [--seed S] [--seeds N] [--seed-stride K]
 *           [--calls N] [--minutes M] [--limit-ms MS] [--wall-clock] [--snapshot-every N]
 *           [--findings FILE.tsv] [--reached FILE] [--expect-renderer STR]
 *   gl-fuzz --replay SEED [--steps a,b,c] [--skip s:c,...]   in the foreground, calls as C
 *   gl-fuzz --minimize SEED --out case_NAME.c [--max-runs N]
 *
 * Each seed runs in a forked child (fz_child.c) that writes trace records
 * to a file; the parent classifies how the child ended (signal, sanitizer
 * report, time limit, oracle findings) and names the call from the trace.
 * Exit status: 0 no finding, 1 findings, 2 usage or setup error.
 */
#define _GNU_SOURCE
#include "fz.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct finding {
   char kind[96];
   char cmd[96];
   char detail[512];
   unsigned step;
   unsigned call;
};

struct run {
   struct finding f[32];
   unsigned nf;
   unsigned calls;
   unsigned last_step;
   char renderer[256];
   bool setup_failed;
   char last_cmd[96];    /* the call in progress when the child ended */
   char *trace;          /* the whole trace text */
   size_t trace_len;
   char *err;            /* the child's stderr */
};

struct fuzzer {
   struct fz_opts o;
   uint64_t seed;
   uint64_t nseeds;
   uint64_t stride;
   double minutes;
   const char *findings_path;
   const char *reached_path;
   const char *out_path;
   unsigned max_runs;
   bool *reached;
   const unsigned *skip;      /* calls the children leave out (minimiser) */
   unsigned nskip;
};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static char *
slurp_fd(int fd, size_t *len)
{
   struct stat st;
   if (fstat(fd, &st) < 0)
      return strdup("");
   char *s = malloc((size_t)st.st_size + 1);
   size_t n = 0;
   lseek(fd, 0, SEEK_SET);
   while (n < (size_t)st.st_size) {
      ssize_t r = read(fd, s + n, (size_t)st.st_size - n);
      if (r <= 0)
         break;
      n += (size_t)r;
   }
   s[n] = 0;
   if (len)
      *len = n;
   return s;
}

static int
tmpfile_fd(void)
{
   char path[] = "/tmp/gl-fuzz-XXXXXX";
   int fd = mkstemp(path);
   if (fd >= 0)
      unlink(path);
   return fd;
}

static void
add_finding(struct run *r, const char *kind, const char *cmd, const char *detail)
{
   if (r->nf >= 32)
      return;
   struct finding *f = &r->f[r->nf++];
   snprintf(f->kind, sizeof f->kind, "%s", kind);
   snprintf(f->cmd, sizeof f->cmd, "%s", cmd);
   snprintf(f->detail, sizeof f->detail, "%s", detail);
   f->step = r->last_step;
   f->call = r->calls;
}

/* The first stack frame of a sanitizer report outside the runtime. */
static void
sanitizer_frame(const char *err, char *out, size_t n)
{
   out[0] = 0;
   const char *p = err;
   while ((p = strstr(p, "    #"))) {
      const char *eol = strchr(p, '\n');
      size_t l = eol ? (size_t)(eol - p) : strlen(p);
      char line[512];
      snprintf(line, sizeof line, "%.*s", (int)(l < 511 ? l : 511), p);
      p += l;
      if (strstr(line, "libasan") || strstr(line, "libubsan") || strstr(line, "sanitizer_common") ||
          strstr(line, "__interceptor") || strstr(line, "__asan") || strstr(line, "in memcpy") ||
          strstr(line, "in memset") || strstr(line, "in memmove"))
         continue;
      const char *in = strstr(line, " in ");
      if (!in) {
         /* no symbols (a system driver): "(/path/module.so+0xoffset)" */
         const char *mod = strrchr(line, '/');
         const char *open_paren = strchr(line, '(');
         if (mod && open_paren) {
            snprintf(out, n, "%.*s", (int)strcspn(mod + 1, ")"), mod + 1);
            return;
         }
         continue;
      }
      in += 4;
      const char *sp = strchr(in, ' ');
      const char *file = sp ? strrchr(sp, '/') : NULL;
      if (sp)
         snprintf(out, n, "%.*s %s", (int)(sp - in), in, file ? file + 1 : sp + 1);
      else
         snprintf(out, n, "%s", in);
      return;
   }
}

static void
parse_trace(struct run *r)
{
   char *s = r->trace;
   unsigned last_cmd = UINT32_MAX;
   bool done = false, slow = false;
   while (s && *s) {
      char *eol = strchr(s, '\n');
      if (eol)
         *eol = 0;
      switch (s[0]) {
      case 'S':
         r->last_step = (unsigned)strtoul(s + 2, NULL, 10);
         break;
      case 'C':
         last_cmd = (unsigned)strtoul(s + 2, NULL, 10);
         r->calls++;
         break;
      case 'P':
         last_cmd = (unsigned)strtoul(s + 2, NULL, 10);
         break;
      case 'R':
         snprintf(r->renderer, sizeof r->renderer, "%s", s + 2);
         break;
      case 'N':
         done = true;
         break;
      case 'T':
         slow = true;
         break;
      case 'F': {
         char *k = s + 2, *c = strchr(k, '\t'), *d = c ? strchr(c + 1, '\t') : NULL;
         if (c && d) {
            *c = *d = 0;
            add_finding(r, k, c + 1, d + 1);
            *c = *d = '\t';
         }
         break;
      }
      default:
         break;
      }
      if (eol)
         *eol = '\n';
      s = eol ? eol + 1 : NULL;
   }
   (void)done;
   if (slow)
      add_finding(r, "slow", last_cmd < fz_num_cmds ? fz_cmds[last_cmd].name : "(setup)",
                  "ran over the time limit");
   snprintf(r->last_cmd, sizeof r->last_cmd, "%s",
            last_cmd < fz_num_cmds ? fz_cmds[last_cmd].name : "(setup)");
}

/* Runs one seed (or the given steps of it) in a forked child. */
static void
run_seed(struct fuzzer *fz, uint64_t seed, const unsigned *steps, unsigned nsteps, struct run *r)
{
   memset(r, 0, sizeof *r);
   int tfd = tmpfile_fd(), efd = tmpfile_fd();
   fflush(stdout);
   fflush(stderr);
   pid_t pid = fork();
   if (pid == 0) {
      int null = open("/dev/null", O_WRONLY);
      dup2(efd, 2);
      dup2(efd, 1);
      (void)null;
      struct fz_opts o = fz->o;
      o.trace_fd = tfd;
      o.verbose = false;
      o.steps = steps;
      o.nsteps = nsteps;
      o.skip = fz->skip;
      o.nskip = fz->nskip;
      _exit(fz_child_run(&o, seed));
   }
   int status = 0;
   unsigned n = steps ? nsteps : fz->o.calls;
   /* a seed normally takes seconds; calls are timed by the child itself */
   double deadline = now() + 120.0 + n * 0.3;
   bool killed = false;
   for (;;) {
      pid_t w = waitpid(pid, &status, WNOHANG);
      if (w == pid)
         break;
      if (w < 0 && errno != EINTR)
         break;
      if (now() > deadline && !killed) {
         kill(pid, SIGKILL);
         killed = true;
      }
      struct timespec ts = { 0, 2 * 1000 * 1000 };
      nanosleep(&ts, NULL);
   }
   r->trace = slurp_fd(tfd, &r->trace_len);
   r->err = slurp_fd(efd, NULL);
   close(tfd);
   close(efd);
   parse_trace(r);
   const char *cmd = r->last_cmd;

   const char *asan = strstr(r->err, "ERROR: AddressSanitizer: ");
   const char *ubsan = strstr(r->err, "runtime error: ");
   char frame[256];
   sanitizer_frame(r->err, frame, sizeof frame);
   if (asan || ubsan) {
      /* the time limit may expire while the sanitizer writes its report */
      unsigned m = 0;
      for (unsigned k = 0; k < r->nf; k++) {
         if (strcmp(r->f[k].kind, "slow"))
            r->f[m++] = r->f[k];
      }
      r->nf = m;
   }
   if (killed) {
      add_finding(r, "hang", cmd, "the child did not finish (killed by the watchdog)");
   } else if (asan) {
      char kind[96];
      const char *k = asan + strlen("ERROR: AddressSanitizer: ");
      size_t l = strcspn(k, " \n");
      snprintf(kind, sizeof kind, "asan:%.*s", (int)l, k);
      add_finding(r, kind, cmd, frame);
   } else if (ubsan) {
      /* "file:line:col: runtime error: message" */
      const char *ls = ubsan;
      while (ls > r->err && ls[-1] != '\n')
         ls--;
      const char *file = ls;
      for (const char *q = ls; q < ubsan; q++) {
         if (*q == '/')
            file = q + 1;
      }
      char where[128], msg[256];
      snprintf(where, sizeof where, "%.*s", (int)(ubsan - file > 100 ? 100 : ubsan - file), file);
      size_t ml = strcspn(ubsan + 15, "\n");
      snprintf(msg, sizeof msg, "%.*s", (int)(ml > 200 ? 200 : ml), ubsan + 15);
      char kind[160], detail[512];
      /* the location identifies the bug; drop the column */
      char *colon = strchr(where, ':');
      if (colon && (colon = strchr(colon + 1, ':')))
         *colon = 0;
      snprintf(kind, sizeof kind, "ubsan:%s", where);
      snprintf(detail, sizeof detail, "%s", msg);
      add_finding(r, kind, cmd, detail);
   } else if (WIFSIGNALED(status)) {
      char kind[64];
      snprintf(kind, sizeof kind, "crash:%s", sigabbrev_np(WTERMSIG(status)) ?
               sigabbrev_np(WTERMSIG(status)) : "?");
      add_finding(r, kind, cmd, frame[0] ? frame : "killed by a signal");
   } else if (WIFEXITED(status)) {
      int code = WEXITSTATUS(status);
      if (code == FZ_EXIT_SETUP) {
         r->setup_failed = true;
      } else if (code != FZ_EXIT_OK && code != FZ_EXIT_FINDING && code != FZ_EXIT_SLOW) {
         char kind[64];
         snprintf(kind, sizeof kind, "exit:%d", code);
         add_finding(r, kind, cmd, "the child exited unexpectedly");
      }
   }
}

static void
free_run(struct run *r)
{
   free(r->trace);
   free(r->err);
   r->trace = r->err = NULL;
}

static bool
same_sig(const struct finding *a, const struct finding *b)
{
   return !strcmp(a->kind, b->kind) && !strcmp(a->cmd, b->cmd);
}

static void
note_reached(struct fuzzer *fz, const struct run *r)
{
   const char *s = r->trace;
   while (s && *s) {
      if (s[0] == 'C') {
         unsigned i = (unsigned)strtoul(s + 2, NULL, 10);
         if (i < fz_num_cmds)
            fz->reached[i] = true;
      }
      s = strchr(s, '\n');
      if (s)
         s++;
   }
}

/* ------------------------------------------------------------ campaign */

static int
campaign(struct fuzzer *fz)
{
   FILE *tsv = fz->findings_path ? fopen(fz->findings_path, "a") : NULL;
   double t0 = now();
   uint64_t seeds = 0, calls = 0, with_findings = 0;
   char renderer[256] = "";
   for (uint64_t i = 0; i < fz->nseeds; i++) {
      if (fz->minutes > 0 && now() - t0 > fz->minutes * 60.0)
         break;
      uint64_t seed = fz->seed + i * fz->stride;
      struct run r;
      run_seed(fz, seed, NULL, 0, &r);
      if (r.setup_failed) {
         fprintf(stderr, "gl-fuzz: seed %llu: context setup failed:\n%s\n",
                 (unsigned long long)seed, r.err);
         free_run(&r);
         if (tsv)
            fclose(tsv);
         return 2;
      }
      if (!renderer[0]) {
         snprintf(renderer, sizeof renderer, "%s", r.renderer);
         printf("GL_RENDERER: %s\n", renderer);
      }
      seeds++;
      calls += r.calls;
      note_reached(fz, &r);
      /* a time-out is re-checked once: on a loaded machine a call may run
       * over the limit by chance; one that does not repeat is reported as
       * "slow-flaky" and does not fail the run */
      bool real = false;
      for (unsigned k = 0; k < r.nf; k++) {
         if (!strcmp(r.f[k].kind, "slow")) {
            struct run again;
            run_seed(fz, seed, NULL, 0, &again);
            bool repeats = false;
            for (unsigned q = 0; q < again.nf; q++)
               repeats |= same_sig(&again.f[q], &r.f[k]);
            free_run(&again);
            if (!repeats)
               snprintf(r.f[k].kind, sizeof r.f[k].kind, "slow-flaky");
         }
         real |= strcmp(r.f[k].kind, "slow-flaky") != 0;
      }
      if (real)
         with_findings++;
      for (unsigned k = 0; k < r.nf; k++) {
         struct finding *f = &r.f[k];
         printf("FINDING\t%s\t%s\tseed %llu\tstep %u\tcall %u\t%s\n", f->kind, f->cmd,
                (unsigned long long)seed, f->step, f->call, f->detail);
         if (tsv) {
            fprintf(tsv, "%s\t%s\t%llu\t%u\t%s\n", f->kind, f->cmd, (unsigned long long)seed,
                    f->step, f->detail);
            fflush(tsv);
         }
      }
      free_run(&r);
   }
   unsigned reached = 0, total = 0;
   for (unsigned i = 0; i < fz_num_cmds; i++) {
      if (fz_cmds[i].flags & fz->o.api)
         total++;
      reached += fz->reached[i];
   }
   if (fz->reached_path) {
      FILE *f = fopen(fz->reached_path, "w");
      for (unsigned i = 0; f && i < fz_num_cmds; i++) {
         if (fz->reached[i])
            fprintf(f, "%s\n", fz_cmds[i].name);
      }
      if (f)
         fclose(f);
   }
   printf("SUMMARY\tapi %s\tseeds %llu\tcalls %llu\tentry points %u/%u\tseeds with findings %llu\t"
          "renderer %s\t%.0f s\n", fz->o.api == FZ_API_GL ? "gl" : "gles1",
          (unsigned long long)seeds, (unsigned long long)calls, reached, total,
          (unsigned long long)with_findings, renderer, now() - t0);
   if (tsv)
      fclose(tsv);
   return with_findings ? 1 : 0;
}

/* ----------------------------------------------------------- minimiser */

static bool
reproduces(struct fuzzer *fz, uint64_t seed, const unsigned *steps, unsigned n,
           const struct finding *target, unsigned *runs)
{
   struct run r;
   (*runs)++;
   run_seed(fz, seed, steps, n, &r);
   bool hit = false;
   for (unsigned k = 0; k < r.nf && !hit; k++)
      hit = same_sig(&r.f[k], target);
   free_run(&r);
   return hit;
}

static void
write_case(struct fuzzer *fz, uint64_t seed, const unsigned *steps, unsigned n,
           const struct finding *target)
{
   struct run r;
   run_seed(fz, seed, steps, n, &r);
   FILE *f = fopen(fz->out_path, "w");
   if (!f) {
      perror(fz->out_path);
      free_run(&r);
      return;
   }
   const char *base = strrchr(fz->out_path, '/');
   base = base ? base + 1 : fz->out_path;
   char name[128];
   snprintf(name, sizeof name, "%s", strncmp(base, "case_", 5) ? base : base + 5);
   char *dot = strrchr(name, '.');
   if (dot)
      *dot = 0;
   for (char *p = name; *p; p++) {
      if (*p == '_')
         *p = '-';
   }
   bool uses_fill = strstr(r.trace, "fz_fill(") != NULL;
   bool uses_sync = strstr(r.trace, "fz_sync[") != NULL;
   bool uses_fill_int = strstr(r.trace, "fz_fill_int(") != NULL;
   fprintf(f, "/*\n * Found by gl-fuzz (tests/fuzz) and minimised to %u step(s):\n"
              " *   gl-fuzz --api %s --calls %u --replay %llu --steps ",
           n, fz->o.api == FZ_API_GL ? "gl" : "gles1", fz->o.calls, (unsigned long long)seed);
   for (unsigned i = 0; i < n; i++)
      fprintf(f, "%s%u", i ? "," : "", steps[i]);
   if (fz->nskip) {
      fprintf(f, " --skip ");
      for (unsigned i = 0; i < fz->nskip; i++)
         fprintf(f, "%s%u:%u", i ? "," : "", fz->skip[i] >> 16, fz->skip[i] & 0xffff);
   }
   fprintf(f, "\n * Finding: %s in %s: %s\n * GL_RENDERER at writing time: %s\n"
              " * The expected errors are what the driver raised at writing time; check\n"
              " * them against the spec before registering this case.\n */\n",
           target->kind, target->cmd, target->detail, r.renderer);
   fprintf(f, "#include <math.h>\n#include <stdint.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
              "#include \"regress.h\"\n\n");
   if (uses_sync)
      fprintf(f, "static GLsync fz_sync[32];\n\n");
   if (uses_fill)
      fprintf(f, "/* The fuzzer's fill pattern of client buffers. */\nstatic void\n"
                 "fz_fill(unsigned char *p, size_t n, unsigned key)\n{\n"
                 "   for (size_t i = 0; i < n; i++)\n"
                 "      p[i] = (unsigned char)((i * 2654435761u + key) >> 13);\n}\n\n");
   if (uses_fill_int)
      fprintf(f, "/* The fuzzer's fill of glMultiDraw* first[] and count[]. */\nstatic void\n"
                 "fz_fill_int(GLint *p, size_t n, unsigned key, unsigned mod)\n{\n"
                 "   for (size_t i = 0; i < n; i++)\n"
                 "      p[i] = mod ? (GLint)(((i * 2654435761u + key) >> 13) %% mod) : 0;\n}\n\n");
   fprintf(f, "int\nmain(void)\n{\n   int rc = regress_setup(%s);\n   if (rc != TEST_PASS)\n"
              "      return rc;\n\n", fz->o.api == FZ_API_GL ? "REGRESS_GL_COMPAT" : "REGRESS_GLES1");
   char *s = r.trace;
   const char *pending = NULL;
   char pending_name[96] = "";
   unsigned step = 0;
   while (s && *s) {
      char *eol = strchr(s, '\n');
      if (eol)
         *eol = 0;
      switch (s[0]) {
      case 'S':
         step = (unsigned)strtoul(s + 2, NULL, 10);
         fprintf(f, "   /* step %u */\n", step);
         break;
      case 'B':
         fprintf(f, "   %s\n", s + 2);
         break;
      case 'C': {
         char *expr = strchr(s, '\t');
         unsigned idx = (unsigned)strtoul(s + 2, NULL, 10);
         snprintf(pending_name, sizeof pending_name, "%s",
                  idx < fz_num_cmds ? fz_cmds[idx].name : "?");
         pending = pending_name;
         fprintf(f, "   %s;\n", expr ? expr + 1 : "");
         break;
      }
      case 'E': {
         unsigned e = (unsigned)strtoul(s + 2, NULL, 16);
         const char *en = fz_enum_name(e);
         fprintf(f, "   regress_expect_error(0x%04x /* %s */, \"%s (step %u)\");\n", e,
                 e ? (en ? en : "?") : "GL_NO_ERROR", pending ? pending : "?", step);
         pending = NULL;
         break;
      }
      case 'F':
         fprintf(f, "   /* FIXME: gl-fuzz finding: %s */\n", s + 2);
         break;
      case 'K':
         fprintf(f, "   /* skipped by the fuzzer: %s */\n", s + 2);
         break;
      case 'T':
         fprintf(f, "   /* FIXME: the call above ran over the time limit */\n");
         break;
      default:
         break;
      }
      if (eol)
         *eol = '\n';
      s = eol ? eol + 1 : NULL;
   }
   if (pending)
      fprintf(f, "   /* FIXME: %s in the call above (%s) */\n", target->kind, target->detail);
   fprintf(f, "\n   regress_context_alive(\"after the calls\");\n"
              "   return regress_finish(\"fuzz-%s\");\n}\n", name);
   fclose(f);
   printf("wrote %s (%u steps)\n", fz->out_path, n);
   free_run(&r);
}

/* The calls of steps[] as step << 16 | call within the step, in order. */
static unsigned
list_calls(struct fuzzer *fz, uint64_t seed, const unsigned *steps, unsigned n, unsigned **out)
{
   struct run r;
   run_seed(fz, seed, steps, n, &r);
   unsigned cap = 64, k = 0, step = 0, in_step = 0;
   unsigned *v = malloc(cap * sizeof *v);
   for (const char *s = r.trace; s && *s;) {
      if (s[0] == 'S') {
         step = (unsigned)strtoul(s + 2, NULL, 10);
         in_step = 0;
      } else if (s[0] == 'C') {
         if (k == cap)
            v = realloc(v, (cap *= 2) * sizeof *v);
         v[k++] = step << 16 | in_step++;
      }
      s = strchr(s, '\n');
      if (s)
         s++;
   }
   free_run(&r);
   *out = v;
   return k;
}

/* Does the target reproduce with only 'keep' of the calls 'all'? */
static bool
reproduces_calls(struct fuzzer *fz, uint64_t seed, const unsigned *steps, unsigned nsteps,
                 const unsigned *all, unsigned nall, const unsigned *keep, unsigned nkeep,
                 const struct finding *target, unsigned *runs)
{
   unsigned *skip = malloc((nall + 1) * sizeof *skip), ns = 0;
   for (unsigned i = 0, j = 0; i < nall; i++) {
      if (j < nkeep && keep[j] == all[i])
         j++;
      else
         skip[ns++] = all[i];
   }
   fz->skip = skip;
   fz->nskip = ns;
   bool hit = reproduces(fz, seed, steps, nsteps, target, runs);
   fz->skip = NULL;
   fz->nskip = 0;
   free(skip);
   return hit;
}

static int
minimize(struct fuzzer *fz, uint64_t seed)
{
   struct run r;
   run_seed(fz, seed, NULL, 0, &r);
   if (r.setup_failed || !r.nf) {
      printf("seed %llu: no finding to minimise\n", (unsigned long long)seed);
      free_run(&r);
      return r.setup_failed ? 2 : 0;
   }
   struct finding target = r.f[0];
   free_run(&r);
   printf("target: %s in %s (step %u): %s\n", target.kind, target.cmd, target.step, target.detail);

   unsigned n = target.step + 1;
   unsigned *list = malloc(n * sizeof *list), *tmp = malloc(n * sizeof *tmp);
   for (unsigned i = 0; i < n; i++)
      list[i] = i;
   unsigned runs = 0;
   if (!reproduces(fz, seed, list, n, &target, &runs)) {
      printf("the finding does not reproduce with steps 0..%u alone\n", target.step);
      free(list);
      free(tmp);
      return 1;
   }
   /* delta debugging on the complements */
   unsigned parts = 2;
   while (n >= 2 && runs < fz->max_runs) {
      unsigned chunk = (n + parts - 1) / parts;
      bool reduced = false;
      for (unsigned p = 0; p < parts && runs < fz->max_runs; p++) {
         unsigned lo = p * chunk, hi = lo + chunk < n ? lo + chunk : n;
         if (lo >= n)
            break;
         unsigned m = 0;
         for (unsigned i = 0; i < n; i++) {
            if (i < lo || i >= hi)
               tmp[m++] = list[i];
         }
         if (m && reproduces(fz, seed, tmp, m, &target, &runs)) {
            memcpy(list, tmp, m * sizeof *list);
            n = m;
            parts = parts > 2 ? parts - 1 : 2;
            reduced = true;
            break;
         }
      }
      if (!reduced) {
         if (parts >= n)
            break;
         parts = parts * 2 < n ? parts * 2 : n;
      }
      printf("  %u steps left after %u runs\n", n, runs);
      fflush(stdout);
   }
   printf("minimised to %u step(s) in %u runs:", n, runs);
   for (unsigned i = 0; i < n; i++)
      printf("%s%u", i ? "," : " ", list[i]);
   printf("\n");

   /* second phase: the calls within those steps */
   unsigned *all, nall = list_calls(fz, seed, list, n, &all);
   unsigned *keep = malloc((nall + 1) * sizeof *keep), *ktmp = malloc((nall + 1) * sizeof *ktmp);
   memcpy(keep, all, nall * sizeof *keep);
   unsigned nk = nall;
   parts = 2;
   while (nk >= 2 && runs < fz->max_runs) {
      unsigned chunk = (nk + parts - 1) / parts;
      bool reduced = false;
      for (unsigned p = 0; p < parts && runs < fz->max_runs; p++) {
         unsigned lo = p * chunk, hi = lo + chunk < nk ? lo + chunk : nk;
         if (lo >= nk)
            break;
         unsigned m = 0;
         for (unsigned i = 0; i < nk; i++) {
            if (i < lo || i >= hi)
               ktmp[m++] = keep[i];
         }
         if (m && reproduces_calls(fz, seed, list, n, all, nall, ktmp, m, &target, &runs)) {
            memcpy(keep, ktmp, m * sizeof *keep);
            nk = m;
            parts = parts > 2 ? parts - 1 : 2;
            reduced = true;
            break;
         }
      }
      if (!reduced) {
         if (parts >= nk)
            break;
         parts = parts * 2 < nk ? parts * 2 : nk;
      }
   }
   /* the calls left out, for --skip and the case */
   unsigned *skip = malloc((nall + 1) * sizeof *skip), ns = 0;
   for (unsigned i = 0, j = 0; i < nall; i++) {
      if (j < nk && keep[j] == all[i])
         j++;
      else
         skip[ns++] = all[i];
   }
   printf("and to %u of their %u calls (%u runs in all); leave out:", nk, nall, runs);
   for (unsigned i = 0; i < ns; i++)
      printf("%s%u:%u", i ? "," : " ", skip[i] >> 16, skip[i] & 0xffff);
   printf("\n");
   fz->skip = skip;
   fz->nskip = ns;
   if (fz->out_path)
      write_case(fz, seed, list, n, &target);
   fz->skip = NULL;
   fz->nskip = 0;
   free(skip);
   free(keep);
   free(ktmp);
   free(all);
   free(list);
   free(tmp);
   return 1;
}

/* ---------------------------------------------------------------- main */

static void
ensure_sanitizer_options(char **argv)
{
   if (getenv("GL_FUZZ_REEXEC"))
      return;
   char buf[1024];
   const char *a = getenv("ASAN_OPTIONS");
   /* allocator_may_return_null: a huge allocation fails as malloc does
    * outside ASan, so the driver's GL_OUT_OF_MEMORY path is what runs (as in
    * the sanitizer build's test setup) */
   snprintf(buf, sizeof buf, "%s%s%s%s%s", a ? a : "", a && *a ? ":" : "",
            a && strstr(a, "exitcode") ? "" : "exitcode=86:",
            a && strstr(a, "allocator_may_return_null") ? "" : "allocator_may_return_null=1:",
            a && strstr(a, "detect_leaks") ? "" : "detect_leaks=0");
   setenv("ASAN_OPTIONS", buf, 1);
   const char *u = getenv("UBSAN_OPTIONS");
   snprintf(buf, sizeof buf, "%s%s%s%s", u ? u : "", u && *u ? ":" : "",
            u && strstr(u, "exitcode") ? "" : "exitcode=87:",
            u && strstr(u, "print_stacktrace") ? "" : "print_stacktrace=1");
   setenv("UBSAN_OPTIONS", buf, 1);
   setenv("GL_FUZZ_REEXEC", "1", 1);
   execv("/proc/self/exe", argv);
   /* not fatal: the stderr scan still classifies sanitizer reports */
}

static void
usage(void)
{
   fprintf(stderr,
      "usage: gl-fuzz [--api gl|gles1] [--seed S] [--seeds N] [--seed-stride K] [--calls N]\n"
      "               [--minutes M] [--limit-ms MS] [--wall-clock] [--snapshot-every N]\n"
      "               [--findings FILE] [--reached FILE] [--expect-renderer STR]\n"
      "       gl-fuzz --replay SEED [--steps a,b,...] [--skip step:call,...]\n"
      "       gl-fuzz --minimize SEED --out case_NAME.c [--max-runs N]\n"
      "       gl-fuzz --list [--api gl|gles1]\n");
}

static unsigned *
parse_steps(const char *s, unsigned *n)
{
   unsigned cap = 16, k = 0;
   unsigned *v = malloc(cap * sizeof *v);
   while (*s) {
      if (k == cap)
         v = realloc(v, (cap *= 2) * sizeof *v);
      v[k++] = (unsigned)strtoul(s, (char **)&s, 10);
      if (*s == ',')
         s++;
      else if (*s)
         break;
   }
   *n = k;
   return v;
}

/* "step:call,step:call" */
static unsigned *
parse_skips(const char *s, unsigned *n)
{
   unsigned cap = 16, k = 0;
   unsigned *v = malloc(cap * sizeof *v);
   while (*s) {
      char *e;
      unsigned step = (unsigned)strtoul(s, &e, 10);
      if (*e != ':')
         break;
      unsigned call = (unsigned)strtoul(e + 1, &e, 10);
      if (k == cap)
         v = realloc(v, (cap *= 2) * sizeof *v);
      v[k++] = step << 16 | call;
      s = e;
      if (*s == ',')
         s++;
      else
         break;
   }
   *n = k;
   return v;
}

int
main(int argc, char **argv)
{
   ensure_sanitizer_options(argv);
   setvbuf(stdout, NULL, _IOLBF, 0);
   struct fuzzer fz = { 0 };
   fz.o.api = FZ_API_GL;
   fz.o.calls = 300;
   fz.o.limit_ms = 1000;
   fz.o.snapshot_every = 1;
   fz.o.trace_fd = -1;
   fz.o.expect_renderer = getenv("PONY_EXPECT_RENDERER");
   fz.nseeds = 1;
   fz.stride = 1;
   fz.max_runs = 300;
   const char *replay = NULL, *mini = NULL, *steps = NULL, *skips = NULL;
   bool list = false;
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name) (!strcmp(a, name) && v && (i++, true))
      if (OPT("--api")) {
         if (!strcmp(v, "gl"))
            fz.o.api = FZ_API_GL;
         else if (!strcmp(v, "gles1"))
            fz.o.api = FZ_API_GLES1;
         else
            return usage(), 2;
      } else if (OPT("--seed")) {
         fz.seed = strtoull(v, NULL, 0);
      } else if (OPT("--seeds")) {
         fz.nseeds = strtoull(v, NULL, 0);
      } else if (OPT("--seed-stride")) {
         fz.stride = strtoull(v, NULL, 0);
      } else if (OPT("--calls")) {
         fz.o.calls = (unsigned)strtoul(v, NULL, 0);
      } else if (OPT("--minutes")) {
         fz.minutes = strtod(v, NULL);
         if (fz.nseeds == 1)
            fz.nseeds = UINT64_MAX / 2;
      } else if (OPT("--limit-ms")) {
         fz.o.limit_ms = (unsigned)strtoul(v, NULL, 0);
      } else if (!strcmp(a, "--wall-clock")) {
         fz.o.wall_clock = true;
      } else if (OPT("--snapshot-every")) {
         fz.o.snapshot_every = (unsigned)strtoul(v, NULL, 0);
      } else if (OPT("--findings")) {
         fz.findings_path = v;
      } else if (OPT("--reached")) {
         fz.reached_path = v;
      } else if (OPT("--expect-renderer")) {
         fz.o.expect_renderer = v;
      } else if (OPT("--replay")) {
         replay = v;
      } else if (OPT("--steps")) {
         steps = v;
      } else if (OPT("--skip")) {
         skips = v;
      } else if (OPT("--minimize")) {
         mini = v;
      } else if (OPT("--out")) {
         fz.out_path = v;
      } else if (OPT("--max-runs")) {
         fz.max_runs = (unsigned)strtoul(v, NULL, 0);
      } else if (!strcmp(a, "--list")) {
         list = true;
      } else {
         usage();
         return 2;
      }
#undef OPT
   }
   if (!fz.stride)
      fz.stride = 1;
   if (fz.o.limit_ms < 10)
      fz.o.limit_ms = 10;
   fz.reached = calloc(fz_num_cmds, sizeof *fz.reached);

   if (list) {
      unsigned n = 0;
      for (unsigned i = 0; i < fz_num_cmds; i++) {
         if (fz_cmds[i].flags & fz.o.api) {
            printf("%s\n", fz_cmds[i].name);
            n++;
         }
      }
      fprintf(stderr, "%u commands\n", n);
      return 0;
   }
   if (replay) {
      struct fz_opts o = fz.o;
      o.verbose = true;
      unsigned n = 0;
      unsigned *sv = steps ? parse_steps(steps, &n) : NULL;
      o.steps = sv;
      o.nsteps = n;
      unsigned nsk = 0, *sk = skips ? parse_skips(skips, &nsk) : NULL;
      o.skip = sk;
      o.nskip = nsk;
      int rc = fz_child_run(&o, strtoull(replay, NULL, 0));
      printf("/* seed %s ended with code %d */\n", replay, rc);
      free(sv);
      free(sk);
      return rc == FZ_EXIT_OK ? 0 : rc == FZ_EXIT_SETUP ? 2 : 1;
   }
   if (mini)
      return minimize(&fz, strtoull(mini, NULL, 0));
   return campaign(&fz);
}
