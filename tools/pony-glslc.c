/*
 * pony-glslc: compiles GLSL shader files the way the driver does and
 * reports errors as a compiler does:
 *
 *   pony-glslc [--stage vert|frag|geom] [--es] [--max-version N] [--ext NAME]... [--ir]
 *              [--link] FILE...
 *
 * Each FILE is one shader; its stage comes from --stage or from the file
 * name (.vert/.vs/.vsh: vertex, .frag/.fs/.fsh: fragment, .geom/.gs:
 * geometry).  Messages are
 * printed as FILE:LINE:COLUMN: error: text (source string 0 is the file;
 * other source numbers set by #line are printed as FILE(N)).  Exit status:
 * 0 when every file compiled, 1 when one did not, 2 on a usage error.
 *
 * The accepted versions are the driver's: GLSL 1.10 and 1.20, and
 * GLSL ES 1.00 (--es makes an ES context, where only ES versions exist).
 * --max-version N (130, 140, 150, 330; 300 for ES) accepts the versions up
 * to N, for trying the front end on versions the driver does not offer yet.
 *
 * --ir links each compiled file alone as a program of its one stage (the
 * other stage being fixed function) and prints the Pony IR before and
 * after the optimization passes, or the link errors.  --link links all
 * the files into one program (a vertex, geometry and fragment shader ...)
 * and prints each stage's IR after the passes, or the link errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "compiler/ir/ir.h"

static const uint16_t all_desktop_versions[] = { 110, 120, 130, 140, 150, 330, 0 };
static const uint16_t all_es_versions[] = { 100, 300, 0 };

static void
usage(FILE *f)
{
   fprintf(f, "usage: pony-glslc [--stage vert|frag|geom] [--es] [--max-version N] [--ext NAME]... "
           "[--ir] [--link] FILE...\n");
}

static bool
stage_of(const char *s, enum glsl_stage *out)
{
   if (!strcmp(s, "vert") || !strcmp(s, "vertex") || !strcmp(s, "vs") || !strcmp(s, "vsh")) {
      *out = GLSL_STAGE_VERTEX;
      return true;
   }
   if (!strcmp(s, "frag") || !strcmp(s, "fragment") || !strcmp(s, "fs") || !strcmp(s, "fsh")) {
      *out = GLSL_STAGE_FRAGMENT;
      return true;
   }
   if (!strcmp(s, "geom") || !strcmp(s, "geometry") || !strcmp(s, "gs")) {
      *out = GLSL_STAGE_GEOMETRY;
      return true;
   }
   return false;
}

static char *
read_file(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 4096, n = 0;
   char *buf = malloc(cap);
   while (buf) {
      size_t r = fread(buf + n, 1, cap - n, f);
      n += r;
      if (n < cap)
         break;
      char *bigger = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
      if (!bigger) {
         free(buf);
         buf = NULL;
         break;
      }
      buf = bigger;
      cap *= 2;
   }
   fclose(f);
   *len = n;
   return buf;
}

/* "S:L(C): kind: text" lines -> "FILE:L:C: kind: text"; other lines as
 * they are. */
static void
print_log(const char *path, const char *log)
{
   while (*log) {
      const char *end = strchr(log, '\n');
      size_t n = end ? (size_t)(end - log) : strlen(log);
      unsigned src, line, col;
      int used = 0;
      if (sscanf(log, "%u:%u(%u): %n", &src, &line, &col, &used) == 3 && used > 0 &&
          (size_t)used <= n) {
         if (src)
            fprintf(stderr, "%s(%u):%u:%u: %.*s\n", path, src, line, col, (int)(n - (size_t)used),
                    log + used);
         else
            fprintf(stderr, "%s:%u:%u: %.*s\n", path, line, col, (int)(n - (size_t)used),
                    log + used);
      } else {
         fprintf(stderr, "%s: %.*s\n", path, (int)n, log);
      }
      log += n + (end ? 1 : 0);
   }
}

/* Links sh alone, without and with the passes, and prints both IRs. */
static bool
print_ir(const struct glsl_compiler_options *opts, struct glsl_shader *sh)
{
   struct glsl_compiler_options o = *opts;
   for (int pass = 0; pass < 2; pass++) {
      o.skip_ir_passes = pass == 0;
      struct glsl_program *p = glsl_link(&o, &sh, 1, NULL, 0);
      if (!p) {
         fprintf(stderr, "out of memory\n");
         return false;
      }
      if (!glsl_program_linked(p)) {
         fprintf(stderr, "%s", glsl_program_info_log(p));
         glsl_program_destroy(p);
         return false;
      }
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      printf("# IR %s the passes\n", pass ? "after" : "before");
      ir_print_shader(pi->ir[glsl_shader_stage(sh)], stdout);
      glsl_program_destroy(p);
   }
   return true;
}

/* Links the shaders into one program and prints each stage's IR. */
static bool
print_program(const struct glsl_compiler_options *opts, struct glsl_shader **sh, unsigned n)
{
   static const char *const names[GLSL_NUM_STAGES] = { "vertex", "fragment", "geometry" };
   struct glsl_program *p = glsl_link(opts, sh, n, NULL, 0);
   if (!p) {
      fprintf(stderr, "out of memory\n");
      return false;
   }
   bool ok = glsl_program_linked(p);
   if (!ok) {
      fprintf(stderr, "%s", glsl_program_info_log(p));
   } else {
      const struct glsl_program_interface *pi = glsl_program_get_interface(p);
      for (unsigned st = 0; st < GLSL_NUM_STAGES; st++) {
         if (!pi->ir[st])
            continue;
         printf("# %s shader\n", names[st] ? names[st] : "other");
         ir_print_shader(pi->ir[st], stdout);
      }
   }
   glsl_program_destroy(p);
   return ok;
}

int
main(int argc, char **argv)
{
   bool es = false, have_stage = false, ir = false, link = false;
   unsigned max_version = 120, max_es_version = 100;
   uint16_t desktop_versions[8], es_versions[4];
   enum glsl_stage stage = GLSL_STAGE_VERTEX;
   const char **exts = calloc((size_t)argc + 1, sizeof *exts);
   struct glsl_shader **linked = calloc((size_t)argc + 1, sizeof *linked);
   unsigned nlinked = 0;
   unsigned nexts = 0, nfiles = 0;
   int status = 0;
   if (!exts || !linked) {
      free(exts);
      free(linked);
      return 2;
   }
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         free(exts);
         free(linked);
         return 0;
      }
      if (!strcmp(argv[i], "--es")) {
         es = true;
      } else if (!strcmp(argv[i], "--ir")) {
         ir = true;
      } else if (!strcmp(argv[i], "--link")) {
         link = true;
      } else if (!strcmp(argv[i], "--stage") && i + 1 < argc) {
         if (!stage_of(argv[++i], &stage)) {
            fprintf(stderr, "pony-glslc: unknown stage '%s'\n", argv[i]);
            free(exts);
            free(linked);
            return 2;
         }
         have_stage = true;
      } else if (!strcmp(argv[i], "--ext") && i + 1 < argc) {
         exts[nexts++] = argv[++i];
      } else if (!strcmp(argv[i], "--max-version") && i + 1 < argc) {
         unsigned v = (unsigned)strtoul(argv[++i], NULL, 10);
         if (v < 300 && v != 100) {
            max_version = v;
         } else if (v == 100 || v == 300) {
            max_es_version = v;
         } else {
            max_version = v;
            max_es_version = 300;
         }
      } else if (argv[i][0] == '-') {
         usage(stderr);
         free(exts);
         free(linked);
         return 2;
      }
   }
   unsigned nd = 0, ne = 0;
   for (const uint16_t *v = all_desktop_versions; *v; v++)
      if (*v <= max_version)
         desktop_versions[nd++] = *v;
   for (const uint16_t *v = all_es_versions; *v; v++)
      if (*v <= max_es_version)
         es_versions[ne++] = *v;
   desktop_versions[nd] = 0;
   es_versions[ne] = 0;
   struct glsl_compiler_options opts;
   memset(&opts, 0, sizeof opts);
   opts.es_context = es;
   opts.compatibility_profile = !es;   /* as a compatibility context */
   opts.es_fragment_precision_high = true;   /* the driver computes in 32-bit floats */
   opts.desktop_versions = desktop_versions;
   opts.es_versions = es_versions;
   opts.extensions = exts;
   /* GL 2.1's usual limits */
   opts.max_vertex_attribs = 16;
   opts.max_varying_floats = 60;
   opts.max_vertex_uniform_components = 4096;
   opts.max_fragment_uniform_components = 4096;
   opts.max_texture_image_units = 16;
   opts.max_vertex_texture_image_units = 16;
   opts.max_combined_texture_image_units = 32;
   opts.max_texture_coords = 8;
   opts.max_draw_buffers = 8;
   opts.max_clip_planes = 8;
   opts.max_lights = 8;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--stage") || !strcmp(argv[i], "--ext") ||
          !strcmp(argv[i], "--max-version")) {
         i++;
         continue;
      }
      if (argv[i][0] == '-')
         continue;
      const char *path = argv[i];
      nfiles++;
      enum glsl_stage st = stage;
      if (!have_stage) {
         const char *dot = strrchr(path, '.');
         if (!dot || !stage_of(dot + 1, &st)) {
            fprintf(stderr, "%s: cannot tell the stage from the name (use --stage)\n", path);
            status = 2;
            continue;
         }
      }
      size_t len = 0;
      char *src = read_file(path, &len);
      if (!src) {
         fprintf(stderr, "%s: cannot read the file\n", path);
         status = 2;
         continue;
      }
      int ilen = len > (size_t)0x7fffffff ? 0x7fffffff : (int)len;
      const char *strings[1] = { src };
      struct glsl_shader *sh = glsl_compile(&opts, st, strings, &ilen, 1);
      if (!sh) {
         fprintf(stderr, "%s: out of memory\n", path);
         status = 1;
      } else {
         print_log(path, glsl_shader_info_log(sh));
         if (!glsl_shader_compiled(sh) && status == 0)
            status = 1;
         if (ir && glsl_shader_compiled(sh) && !print_ir(&opts, sh) && status == 0)
            status = 1;
         if (link)
            linked[nlinked++] = sh;
         else
            glsl_shader_destroy(sh);
      }
      free(src);
   }
   if (link && nlinked && status == 0 && !print_program(&opts, linked, nlinked))
      status = 1;
   for (unsigned i = 0; i < nlinked; i++)
      glsl_shader_destroy(linked[i]);
   free(linked);
   free(exts);
   if (!nfiles) {
      usage(stderr);
      return 2;
   }
   return status;
}
