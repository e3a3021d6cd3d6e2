/*
 * The disk cache (docs/jit.md, "Disk cache"), in a fresh directory
 * (mkdtemp): a cold JIT object misses and writes every shader; the next
 * one hits every entry and compiles nothing; a corrupted, a truncated, a
 * garbage and a misplaced entry are ignored, recompiled and rewritten;
 * PONY_SHADER_CACHE=0 touches no file; a small PONY_SHADER_CACHE_MAX_SIZE
 * keeps the directory under it; an unusable directory only counts an
 * error.  Every compiled function is run against irexec (vertex shaders)
 * or against the same variant compiled without the cache (fused fragment
 * functions, jit_fs.c).  Identical shaders in one object share their
 * code and can be destroyed in either order.  Prints cold and cached
 * compile times.
 */
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "compiler/ir/ir.h"
#include "irexec.h"
#include "jit_fs.h"
#include "pony_jit.h"

static unsigned failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);              \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
         failures++;                                                       \
      }                                                                    \
   } while (0)

/* Vertex shaders; exp_shader and log_shader differ only in the libm
 * function they call (the cache must tell them apart). */
static const char *vs_texts[] = {
   "shader vertex\n"
   "input vec4 @a location 0\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %a = load_input vec4 @a\n"
   "   %e = fexp vec4 %a\n"
   "   %h = const vec4 0.5, 1.5, -2.0, 3.0\n"
   "   %m = fmul vec4 %e, %h\n"
   "   store_output @o, %m\n"
   "}\n",

   "shader vertex\n"
   "input vec4 @a location 0\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %a = load_input vec4 @a\n"
   "   %e = flog vec4 %a\n"
   "   %h = const vec4 0.5, 1.5, -2.0, 3.0\n"
   "   %m = fmul vec4 %e, %h\n"
   "   store_output @o, %m\n"
   "}\n",

   "shader vertex\n"
   "input vec4 @a location 0\n"
   "uniform vec4 @u cbuf 0 offset 16\n"
   "output vec4 @o location 0\n"
   "output vec4 @p location 1\n"
   "func void @main() {\n"
   "   %a = load_input vec4 @a\n"
   "   %u = load_uniform vec4 @u\n"
   "   %s = fsin vec4 %a\n"
   "   %q = fpow vec4 %u, %s\n"
   "   %d = fdot float %a, %u\n"
   "   %n = fnormalize vec4 %q\n"
   "   store_output @o, %n\n"
   "   %dv = vec4 vec4 %d, %d, %d, %d\n"
   "   %r = fatan2 vec4 %dv, %a\n"
   "   store_output @p, %r\n"
   "}\n",

   "shader vertex\n"
   "input ivec4 @i location 0\n"
   "output ivec4 @o location 0\n"
   "local int @n\n"
   "local ivec4 @acc\n"
   "func void @main() {\n"
   "   %i = load_input ivec4 @i\n"
   "   %x = swizzle int %i.x\n"
   "   %c = const int 127\n"
   "   %m = iand int %x, %c\n"
   "   store_local @n, %m\n"
   "   %z = const ivec4 0, 0, 0, 0\n"
   "   store_local @acc, %z\n"
   "   loop {\n"
   "      %k = load_local int @n\n"
   "      %one = const int 1\n"
   "      %le = ile bool %k, %one\n"
   "      if %le {\n"
   "         break\n"
   "      }\n"
   "      %a = load_local ivec4 @acc\n"
   "      %a2 = iadd ivec4 %a, %i\n"
   "      store_local @acc, %a2\n"
   "      %k2 = ishr int %k, %one\n"
   "      store_local @n, %k2\n"
   "   }\n"
   "   %r = load_local ivec4 @acc\n"
   "   store_output @o, %r\n"
   "}\n",

   "shader vertex\n"
   "input vec4 @a location 0\n"
   "input int @vid semantic vertex_id\n"
   "output vec4 @o location 0\n"
   "func void @main() {\n"
   "   %a = load_input vec4 @a\n"
   "   %b = fmul vec4 %a, %a\n"
   "   %c = ffloor vec4 %b\n"
   "   %d = fsub vec4 %b, %c\n"
   "   %id = load_input int @vid\n"
   "   %f = i2f float %id\n"
   "   %v = vec4 vec4 %f, %f, %f, %f\n"
   "   %e = fadd vec4 %d, %v\n"
   "   store_output @o, %e\n"
   "}\n",
};
#define NUM_VS (sizeof(vs_texts) / sizeof(vs_texts[0]))

static const char *fs_text =
   "shader fragment\n"
   "input vec4 @c location 0\n"
   "output vec4 @col location 0\n"
   "func void @main() {\n"
   "   %c = load_input vec4 @c\n"
   "   %s = fsqrt vec4 %c\n"
   "   store_output @col, %s\n"
   "}\n";
#define NUM_FS 2   /* two variants: blending off and on */
#define NUM_ALL (NUM_VS + NUM_FS)

static struct ir_shader *vs[NUM_VS], *fs;
static struct irexec_program *vs_ref[NUM_VS];
static uint8_t fs_want[NUM_FS][16];   /* colour buffer written by the uncached variant */
static unsigned width;

static double
now_ms(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* runs vertex shader i (one batch) and compares it with irexec */
static void
check_vs(unsigned i, struct pony_jit_shader *js, const char *phase)
{
   struct irexec_program *p = vs_ref[i];
   unsigned w = width, ni = irexec_get_inputs(p, NULL), no = irexec_get_outputs(p, NULL);
   CHECK(ni == pony_jit_shader_num_inputs(js) && no == pony_jit_shader_num_outputs(js),
         "%s shader %u: slot counts", phase, i);
   float cb0[8] = { 0, 0, 0, 0, 1.5f, 0.25f, 2.0f, 0.75f };
   struct irexec_env env = { 0 };
   env.cbufs[0] = (struct irexec_cbuf){ cb0, sizeof(cb0) };
   env.vertex_id_base = 40;
   struct pony_jit_cbuf jcb[PONY_JIT_MAX_CBUFS] = { { cb0, sizeof(cb0), 0 } };
   struct pony_jit_sysvals sv = { NULL, 40, 0, 0, NULL, 0, NULL };
   float (*in)[4] = calloc((size_t)w * ni, sizeof(*in));
   float (*out)[4] = calloc((size_t)w * no, sizeof(*out));
   uint32_t *jin = calloc((size_t)ni * 4 * w, 4), *jout = calloc((size_t)no * 4 * w, 4);
   for (unsigned l = 0; l < w; l++)
      for (unsigned sl = 0; sl < ni; sl++)
         for (unsigned c = 0; c < 4; c++) {
            float f = 0.37f * (float)(l + 1) + 0.11f * (float)c + 0.05f;
            uint32_t v;
            memcpy(&v, &f, 4);
            if (i == 3)
               v = l * 37u + c * 5u + 3u;   /* the integer shader */
            memcpy(&in[l * ni + sl][c], &v, 4);
            jin[(sl * 4 + c) * w + l] = v;
         }
   CHECK(irexec_run_vertices(p, &env, w, (const float (*)[4])in, out), "irexec run");
   memset(jout, 0x5a, (size_t)no * 4 * w * 4);
   pony_jit_shader_func_get(js)(jin, jout, jcb, &sv);
   unsigned bad = 0;
   for (unsigned l = 0; l < w; l++)
      for (unsigned sl = 0; sl < no; sl++)
         for (unsigned c = 0; c < 4; c++) {
            uint32_t want, got = jout[(sl * 4 + c) * w + l];
            memcpy(&want, &out[l * no + sl][c], 4);
            bool nan = isnan(out[l * no + sl][c]) && (got & 0x7f800000u) == 0x7f800000u &&
                       (got & 0x7fffffu);
            if (got != want && !nan && bad++ < 3)
               fprintf(stderr, "%s shader %u lane %u slot %u comp %u: 0x%08x, irexec 0x%08x\n",
                       phase, i, l, sl, c, got, want);
         }
   CHECK(!bad, "%s shader %u: %u words differ from irexec", phase, i, bad);
   free(in);
   free(out);
   free(jin);
   free(jout);
}

static void
fs_key(unsigned v, struct pony_jit_fs_key *k)
{
   memset(k, 0, sizeof(*k));
   k->num_verts = 3;
   k->half_pixel_center = 1;
   k->num_inputs = 1;
   k->color_out = 0;
   k->depth_out = -1;
   k->cbytes = 4;
   k->colormask = 0xf;
   for (unsigned c = 0; c < 4; c++)
      k->cbyte[c] = (int8_t)c;
   k->inputs[0].kind = PONY_JIT_FS_IN_SMOOTH;
   if (v == 1) {   /* additive blending */
      k->blend = 1;
      k->rgb_func = k->alpha_bfunc = 0;   /* PIPE_BLEND_ADD */
      k->rgb_src = k->alpha_src = 1;      /* PIPE_BLENDFACTOR_ONE */
      k->rgb_dst = k->alpha_dst = 1;
   }
}

/* runs fused variant v on one quad, the colour buffer into buf */
static void
run_fs(unsigned v, struct pony_jit_shader *js, uint8_t buf[16])
{
   static const float attr[3][4] = {
      { 0.1f, 0.2f, 0.3f, 0.4f }, { 0.9f, 0.5f, 0.25f, 1.0f }, { 0.0f, 0.7f, 0.6f, 0.2f } };
   struct pony_jit_fs_quads q = { 0 };
   for (unsigned i = 0; i < 3; i++) {
      q.bary[i][0] = i == 0 ? 1.0 : 0.0;
      q.bary[i][1] = i == 1 ? 0.2 : i == 0 ? -0.2 : 0.0;
      q.bary[i][2] = i == 2 ? 0.15 : i == 0 ? -0.15 : 0.0;
      q.win_w[i] = 1.0f + 0.25f * (float)i;
      q.attr[i] = attr[i];
   }
   q.zplane[0] = 0.5;   /* z 0.5 at every vertex */
   q.count = 1;
   q.mask[0] = 0xf;
   q.front_facing = 1;
   struct pony_jit_cbuf cb[PONY_JIT_MAX_CBUFS] = { { NULL, 0, 0 } };
   struct pony_jit_fs_state st = { 0 };
   st.cbufs = cb;
   memset(buf, 0x20, 16);
   st.color = buf;
   st.color_stride = 8;
   st.fb_height = 2.0;
   (void)v;
   pony_jit_fs_func_get(js)(&q, &st);
}

/* compiles every shader through one new JIT object and checks the
 * results; the shaders stay alive until the object is destroyed */
static struct pony_jit_cache_stats
compile_all(const char *phase, double *ms, const char *dir_to_bound, uint64_t bound)
{
   char err[256];
   struct pony_jit *jit = pony_jit_create(width, err, sizeof(err));
   CHECK(jit, "%s: create: %s", phase, err);
   struct pony_jit_cache_stats st = { 0 };
   if (!jit)
      return st;
   for (unsigned i = 0; i < NUM_ALL; i++) {
      struct pony_jit_shader *js = NULL;
      double t0 = now_ms();
      enum pony_jit_status r;
      if (i < NUM_VS) {
         r = pony_jit_compile(jit, vs[i], &js, err, sizeof(err));
      } else {
         struct pony_jit_fs_key k;
         fs_key(i - NUM_VS, &k);
         r = pony_jit_compile_fs(jit, fs, &k, &js, err, sizeof(err));
      }
      if (ms)
         ms[i] = now_ms() - t0;
      CHECK(r == PONY_JIT_OK, "%s: compile %u: %s", phase, i, err);
      if (r != PONY_JIT_OK)
         continue;
      if (i < NUM_VS) {
         check_vs(i, js, phase);
      } else {
         uint8_t buf[16];
         run_fs(i - NUM_VS, js, buf);
         CHECK(!memcmp(buf, fs_want[i - NUM_VS], 16), "%s: fragment variant %u differs", phase,
               (unsigned)(i - NUM_VS));
      }
      if (dir_to_bound) {
         uint64_t total = 0;
         DIR *d = opendir(dir_to_bound);
         struct dirent *de;
         while (d && (de = readdir(d))) {
            struct stat sb;
            char p[4096];
            snprintf(p, sizeof(p), "%s/%s", dir_to_bound, de->d_name);
            if (de->d_name[0] != '.' && !stat(p, &sb))
               total += (uint64_t)sb.st_size;
         }
         if (d)
            closedir(d);
         CHECK(total <= bound, "%s: directory holds %llu bytes, bound %llu", phase,
               (unsigned long long)total, (unsigned long long)bound);
      }
   }
   pony_jit_get_cache_stats(jit, &st);
   pony_jit_destroy(jit);   /* frees the shaders */
   return st;
}

/* the entry files of dir, sorted, with sizes and mtimes */
struct listing {
   unsigned n;
   char name[32][256];
   long long size[32], mtime_ns[32];
};

static int
cmp_names(const void *a, const void *b)
{
   return strcmp(a, b);
}

static void
list_dir(const char *dir, struct listing *ls)
{
   memset(ls, 0, sizeof(*ls));
   DIR *d = opendir(dir);
   CHECK(d, "opendir %s", dir);
   if (!d)
      return;
   struct dirent *de;
   while ((de = readdir(d)))
      if (de->d_name[0] != '.' && ls->n < 32)
         snprintf(ls->name[ls->n++], sizeof(ls->name[0]), "%s", de->d_name);
   closedir(d);
   qsort(ls->name, ls->n, sizeof(ls->name[0]), cmp_names);
   for (unsigned i = 0; i < ls->n; i++) {
      char p[4096];
      struct stat sb;
      snprintf(p, sizeof(p), "%s/%s", dir, ls->name[i]);
      if (!stat(p, &sb)) {
         ls->size[i] = sb.st_size;
         ls->mtime_ns[i] = sb.st_mtim.tv_sec * 1000000000ll + sb.st_mtim.tv_nsec;
      }
   }
}

static void
print_stats(const char *phase, const struct pony_jit_cache_stats *s)
{
   printf("%-12s enabled %d dir %d: hits %llu misses %llu shared %llu uncacheable %llu writes %llu "
          "corrupt %llu evictions %llu errors %llu\n",
          phase, s->enabled, s->has_dir, (unsigned long long)s->hits,
          (unsigned long long)s->misses, (unsigned long long)s->shared,
          (unsigned long long)s->uncacheable, (unsigned long long)s->writes,
          (unsigned long long)s->corrupt, (unsigned long long)s->evictions,
          (unsigned long long)s->errors);
}

static void
rm_dir(const char *dir)
{
   struct listing ls;
   list_dir(dir, &ls);
   for (unsigned i = 0; i < ls.n; i++) {
      char p[4096];
      snprintf(p, sizeof(p), "%s/%s", dir, ls.name[i]);
      unlink(p);
   }
   rmdir(dir);
}

/* Two identical shaders in one object share code; either may go first. */
static void
test_identical(bool cache_on)
{
   char err[256];
   if (!cache_on)
      setenv("PONY_SHADER_CACHE", "0", 1);
   struct pony_jit *jit = pony_jit_create(width, err, sizeof(err));
   unsetenv("PONY_SHADER_CACHE");
   CHECK(jit, "create: %s", err);
   if (!jit)
      return;
   for (unsigned order = 0; order < 2; order++) {
      struct pony_jit_shader *a = NULL, *b = NULL, *c = NULL;
      CHECK(pony_jit_compile(jit, vs[0], &a, err, sizeof(err)) == PONY_JIT_OK, "%s", err);
      CHECK(pony_jit_compile(jit, vs[0], &b, err, sizeof(err)) == PONY_JIT_OK, "%s", err);
      if (!a || !b)
         break;
      check_vs(0, a, "identical a");
      check_vs(0, b, "identical b");
      pony_jit_shader_destroy(order ? b : a);
      struct pony_jit_shader *left = order ? a : b;
      check_vs(0, left, "identical, after freeing the other");
      CHECK(pony_jit_compile(jit, vs[0], &c, err, sizeof(err)) == PONY_JIT_OK, "%s", err);
      if (c)
         check_vs(0, c, "identical c");
      pony_jit_shader_destroy(left);
      if (c)
         check_vs(0, c, "identical c alone");
      pony_jit_shader_destroy(c);
   }
   /* one left to pony_jit_destroy while its twin was freed */
   struct pony_jit_shader *a = NULL, *b = NULL;
   pony_jit_compile(jit, vs[1], &a, err, sizeof(err));
   pony_jit_compile(jit, vs[1], &b, err, sizeof(err));
   pony_jit_shader_destroy(a);
   struct pony_jit_cache_stats st;
   pony_jit_get_cache_stats(jit, &st);
   print_stats(cache_on ? "identical" : "identical-off", &st);
   if (cache_on)
      CHECK(st.shared == 5, "identical shaders: %llu shared, want 5",
            (unsigned long long)st.shared);
   else
      CHECK(!st.enabled && !st.shared && !st.hits && !st.misses, "cache off: counters moved");
   pony_jit_destroy(jit);
}

static void
damage(const char *dir, const char *name, unsigned how, const char *other)
{
   char p[4096];
   snprintf(p, sizeof(p), "%s/%s", dir, name);
   struct stat sb;
   CHECK(!stat(p, &sb), "stat %s", p);
   FILE *f;
   switch (how) {
   case 0: {   /* flip a byte of the payload (the header is 88 bytes) */
      f = fopen(p, "r+b");
      long off = 88 + (sb.st_size - 88) / 2;
      fseek(f, off, SEEK_SET);
      int ch = fgetc(f);
      fseek(f, off, SEEK_SET);
      fputc(ch ^ 0x40, f);
      fclose(f);
      break;
   }
   case 1:   /* truncated */
      CHECK(!truncate(p, sb.st_size / 2), "truncate");
      break;
   case 2:   /* garbage */
      f = fopen(p, "wb");
      for (unsigned i = 0; i < 300; i++)
         fputc((int)((i * 2654435761u) >> 13) & 0xff, f);
      fclose(f);
      break;
   case 3: {   /* a valid entry under another key's name */
      char q[4096], buf[65536];
      snprintf(q, sizeof(q), "%s/%s", dir, other);
      FILE *src = fopen(q, "rb");
      size_t n = fread(buf, 1, sizeof(buf), src);
      fclose(src);
      f = fopen(p, "wb");
      fwrite(buf, 1, n, f);
      fclose(f);
      break;
   }
   }
}

int
main(int argc, char **argv)
{
   char err[256];
   width = 4;   /* fused fragment functions need 4 lanes */
   for (unsigned i = 0; i < NUM_VS; i++) {
      vs[i] = ir_parse(vs_texts[i], err, sizeof(err));
      CHECK(vs[i], "parse %u: %s", i, err);
      if (!vs[i])
         return 1;
      vs_ref[i] = irexec_create(vs[i], err, sizeof(err));
      CHECK(vs_ref[i], "irexec %u: %s", i, err);
      if (!vs_ref[i])
         return 1;
   }
   fs = ir_parse(fs_text, err, sizeof(err));
   CHECK(fs, "parse fs: %s", err);
   if (!fs)
      return 1;

   unsetenv("PONY_SHADER_CACHE_MAX_SIZE");
   bool child = argc > 1 && !strcmp(argv[1], "--child");
   char dir[] = "/tmp/pony-jit-cache-XXXXXX";
   if (!child) {
      unsetenv("PONY_SHADER_CACHE");
      CHECK(mkdtemp(dir), "mkdtemp");
      setenv("PONY_SHADER_CACHE_DIR", dir, 1);
   }

   /* the reference colours of the fused variants: compiled without the cache */
   setenv("PONY_SHADER_CACHE", "0", 1);
   struct pony_jit *ref = pony_jit_create(width, err, sizeof(err));
   for (unsigned v = 0; v < NUM_FS && ref; v++) {
      struct pony_jit_fs_key k;
      fs_key(v, &k);
      struct pony_jit_shader *js = NULL;
      CHECK(pony_jit_compile_fs(ref, fs, &k, &js, err, sizeof(err)) == PONY_JIT_OK, "fs: %s", err);
      if (js)
         run_fs(v, js, fs_want[v]);
   }
   char ref_cpu[64] = "";
   if (ref)
      snprintf(ref_cpu, sizeof(ref_cpu), "%s", pony_jit_cpu_name(ref));
   pony_jit_destroy(ref);
   unsetenv("PONY_SHADER_CACHE");
   CHECK(memcmp(fs_want[0], fs_want[1], 16), "the two variants should differ");

   double cold[NUM_ALL], hot[NUM_ALL];
   struct pony_jit_cache_stats st;
   if (child) {   /* another process (other addresses): everything from the cache */
      st = compile_all("child", hot, NULL, 0);
      print_stats("child", &st);
      /* valgrind runs the child natively: another CPU, other keys */
      bool same_cpu = argc > 2 && ref_cpu[0] && !strcmp(argv[2], ref_cpu);
      if (!same_cpu)
         printf("child: CPU %s, parent %s: entries not expected\n", ref_cpu, argc > 2 ? argv[2] : "?");
      CHECK(!same_cpu || (st.hits == NUM_ALL && !st.misses && !st.writes && !st.corrupt),
            "child process");
      return failures ? 1 : 0;
   }

   /* cold: every shader missed and written */
   st = compile_all("cold", cold, NULL, 0);
   print_stats("cold", &st);
   CHECK(st.enabled && st.has_dir && st.misses == NUM_ALL && st.writes == NUM_ALL && !st.hits &&
            !st.corrupt && !st.uncacheable && !st.errors,
         "cold run");
   struct listing l1;
   list_dir(dir, &l1);
   CHECK(l1.n == NUM_ALL, "%u entries, want %u", l1.n, (unsigned)NUM_ALL);

   /* warm: nothing compiled */
   st = compile_all("warm", hot, NULL, 0);
   print_stats("warm", &st);
   CHECK(st.hits == NUM_ALL && !st.misses && !st.writes && !st.corrupt, "warm run");
   double sc = 0, sh = 0;
   for (unsigned i = 0; i < NUM_ALL; i++) {
      printf("shader %u: cold %.2f ms, from the cache %.2f ms\n", i, cold[i], hot[i]);
      sc += cold[i];
      sh += hot[i];
   }
   printf("total: cold %.2f ms, from the cache %.2f ms (%.1fx)\n", sc, sh, sc / sh);

   /* a second run of the program: libraries elsewhere (ASLR), same keys */
   fflush(stdout);
   pid_t pid = fork();
   if (pid == 0) {
      /* argv[0], not /proc/self/exe: under valgrind that is valgrind */
      const char *self = strchr(argv[0], '/') ? argv[0] : "/proc/self/exe";
      execl(self, argv[0], "--child", ref_cpu, (char *)NULL);
      _exit(127);
   }
   int status = 0;
   CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
            WEXITSTATUS(status) == 0,
         "the child process failed (status 0x%x)", status);

   /* damaged entries: ignored, recompiled, rewritten */
   /* our entries: the listing of the cold run (a child on another CPU,
    * under valgrind, adds entries of its own) */
   for (unsigned how = 0; how < 4 && how < l1.n; how++)
      damage(dir, l1.name[how], how, l1.name[l1.n - 1]);
   st = compile_all("damaged", NULL, NULL, 0);
   print_stats("damaged", &st);
   CHECK(st.corrupt == 4 && st.misses == 4 && st.writes == 4 && st.hits == NUM_ALL - 4,
         "damaged entries");
   st = compile_all("rewritten", NULL, NULL, 0);
   print_stats("rewritten", &st);
   CHECK(st.hits == NUM_ALL && !st.misses && !st.corrupt, "rewritten entries");

   /* off: nothing read or written */
   struct listing before, after;
   list_dir(dir, &before);
   setenv("PONY_SHADER_CACHE", "0", 1);
   st = compile_all("off", NULL, NULL, 0);
   unsetenv("PONY_SHADER_CACHE");
   print_stats("off", &st);
   list_dir(dir, &after);
   CHECK(!st.enabled && !st.hits && !st.misses && !st.writes, "cache off: counters");
   CHECK(!memcmp(&before, &after, sizeof(before)), "cache off: the directory changed");

   /* a bound below the total: evictions keep the directory under it */
   long long total = 0;
   for (unsigned i = 0; i < l1.n; i++)
      total += l1.size[i];
   char dir2[] = "/tmp/pony-jit-cache-XXXXXX", cap[32];
   CHECK(mkdtemp(dir2), "mkdtemp");
   setenv("PONY_SHADER_CACHE_DIR", dir2, 1);
   unsigned kb = (unsigned)(total / 2 / 1024);
   snprintf(cap, sizeof(cap), "%uK", kb ? kb : 1);
   setenv("PONY_SHADER_CACHE_MAX_SIZE", cap, 1);
   st = compile_all("bounded", NULL, dir2, (uint64_t)(kb ? kb : 1) * 1024);
   print_stats("bounded", &st);
   printf("entries total %lld bytes, bound %s\n", total, cap);
   CHECK(st.evictions > 0 && st.writes == NUM_ALL, "bounded: evictions");
   unsetenv("PONY_SHADER_CACHE_MAX_SIZE");
   rm_dir(dir2);

   /* an unusable directory: counted, compiles work */
   setenv("PONY_SHADER_CACHE_DIR", "/proc/pony-no-such-dir/x", 1);
   st = compile_all("no-dir", NULL, NULL, 0);
   print_stats("no-dir", &st);
   CHECK(st.enabled && !st.has_dir && st.errors == 1 && st.misses == NUM_ALL && !st.writes,
         "unusable directory");
   setenv("PONY_SHADER_CACHE_DIR", dir, 1);

   test_identical(true);
   test_identical(false);

   rm_dir(dir);
   for (unsigned i = 0; i < NUM_VS; i++) {
      irexec_destroy(vs_ref[i]);
      ir_shader_destroy(vs[i]);
   }
   ir_shader_destroy(fs);
   if (failures)
      fprintf(stderr, "%u failures\n", failures);
   return failures ? 1 : 0;
}
