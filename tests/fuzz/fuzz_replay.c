/*
 * The main of the libFuzzer targets in a build without libFuzzer (gcc, or
 * a clang without its runtime): runs each file given, and each file of
 * each directory given, through LLVMFuzzerTestOneInput once, as libFuzzer
 * does with `-runs=0`.  Options (arguments starting with '-') are ignored,
 * so a libFuzzer command line replays as it is.  Exit status 0 when every
 * input ran; a finding aborts (fuzz_fail or a sanitizer).
 *
 *   build/tests/fuzz/fuzz-glsl tests/fuzz/corpus/glsl crash-1234
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_target.h"

static int
run_file(const char *path, unsigned *ran)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "%s: cannot open\n", path);
      return 1;
   }
   size_t cap = 4096, n = 0;
   uint8_t *buf = malloc(cap);
   while (buf) {
      n += fread(buf + n, 1, cap - n, f);
      if (n < cap || cap > FUZZ_MAX_INPUT)
         break;
      uint8_t *bigger = realloc(buf, cap * 2);
      if (!bigger) {
         free(buf);
         buf = NULL;
         break;
      }
      buf = bigger;
      cap *= 2;
   }
   fclose(f);
   if (!buf) {
      fprintf(stderr, "%s: out of memory\n", path);
      return 1;
   }
   /* an exact-size copy, as libFuzzer passes it */
   uint8_t *input = malloc(n ? n : 1);
   if (!input) {
      free(buf);
      return 1;
   }
   memcpy(input, buf, n);
   free(buf);
   LLVMFuzzerTestOneInput(input, n);
   free(input);
   (*ran)++;
   return 0;
}

static int
compare_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's regular files in name order (reproducible runs). */
static int
run_dir(const char *path, unsigned *ran)
{
   DIR *d = opendir(path);
   if (!d) {
      fprintf(stderr, "%s: cannot open\n", path);
      return 1;
   }
   char **names = NULL;
   size_t count = 0, cap = 0;
   int status = 0;
   struct dirent *e;
   while ((e = readdir(d))) {
      if (e->d_name[0] == '.')
         continue;
      if (count == cap) {
         cap = cap ? cap * 2 : 256;
         char **bigger = realloc(names, cap * sizeof *names);
         if (!bigger) {
            status = 1;
            break;
         }
         names = bigger;
      }
      size_t len = strlen(path) + strlen(e->d_name) + 2;
      names[count] = malloc(len);
      if (!names[count]) {
         status = 1;
         break;
      }
      snprintf(names[count], len, "%s/%s", path, e->d_name);
      count++;
   }
   closedir(d);
   if (count)
      qsort(names, count, sizeof *names, compare_names);
   for (size_t i = 0; i < count; i++) {
      struct stat st;
      if (status == 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
         status |= run_file(names[i], ran);
      free(names[i]);
   }
   free(names);
   return status;
}

int
main(int argc, char **argv)
{
   int status = 0;
   unsigned ran = 0;
   for (int i = 1; i < argc; i++) {
      if (argv[i][0] == '-')
         continue;
      struct stat st;
      if (stat(argv[i], &st) != 0) {
         fprintf(stderr, "%s: no such file or directory\n", argv[i]);
         status = 1;
      } else if (S_ISDIR(st.st_mode)) {
         status |= run_dir(argv[i], &ran);
      } else {
         status |= run_file(argv[i], &ran);
      }
   }
   printf("%u inputs ran\n", ran);
   return status;
}
