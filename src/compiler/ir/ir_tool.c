/*
 * pony-ir: read Pony IR text (a file or stdin), validate it, run passes
 * named on the command line in order, print the result.
 *
 *    pony-ir [--opcodes] [-p pass]... [file]
 *
 * Passes: fold, dce, copy-prop, cse, algebraic, scalar, indirect, inline,
 * unroll, opt (copy-prop, fold, algebraic, cse, dce until nothing changes).
 */
#include "compiler/ir/ir.h"

#include <stdlib.h>
#include <string.h>

static bool
lower_indirect_all(struct ir_shader *s)
{
   return ir_lower_indirect(s, (1u << IR_VAR_LOCAL) | (1u << IR_VAR_INPUT) |
                               (1u << IR_VAR_OUTPUT) | (1u << IR_VAR_UNIFORM));
}

static bool
opt_loop(struct ir_shader *s)
{
   return ir_opt_cleanup(s);
}

static const struct {
   const char *name;
   bool (*fn)(struct ir_shader *);
} passes[] = {
   { "fold", ir_opt_constant_fold },
   { "dce", ir_opt_dce },
   { "copy-prop", ir_opt_copy_prop },
   { "cse", ir_opt_cse },
   { "algebraic", ir_opt_algebraic },
   { "scalar", ir_lower_scalar },
   { "indirect", lower_indirect_all },
   { "inline", ir_opt_inline },
   { "unroll", ir_opt_loop_unroll },
   { "opt", opt_loop },
};

static char *
read_all(FILE *fp)
{
   size_t cap = 4096, len = 0;
   char *buf = malloc(cap);
   while (buf) {
      size_t n = fread(buf + len, 1, cap - len - 1, fp);
      len += n;
      if (len + 1 < cap)
         break;
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) {
         free(buf);
         return NULL;
      }
      buf = nb;
   }
   if (buf)
      buf[len] = 0;
   return buf;
}

static int
usage(void)
{
   fprintf(stderr, "usage: pony-ir [--opcodes] [-p pass]... [file]\npasses:");
   for (unsigned i = 0; i < sizeof(passes) / sizeof(passes[0]); i++)
      fprintf(stderr, " %s", passes[i].name);
   fprintf(stderr, "\n");
   return 2;
}

int
main(int argc, char **argv)
{
   const char *file = NULL;
   const char *order[64];
   unsigned npasses = 0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--opcodes")) {
         char *ref = ir_opcode_reference();
         fputs(ref, stdout);
         free(ref);
         return 0;
      } else if (!strcmp(argv[i], "-p") && i + 1 < argc && npasses < 64) {
         order[npasses++] = argv[++i];
      } else if (argv[i][0] == '-' && argv[i][1]) {
         return usage();
      } else {
         file = argv[i];
      }
   }
   FILE *fp = file && strcmp(file, "-") ? fopen(file, "r") : stdin;
   if (!fp) {
      perror(file);
      return 1;
   }
   char *text = read_all(fp);
   if (fp != stdin)
      fclose(fp);
   if (!text)
      return 1;
   char err[512];
   struct ir_shader *s = ir_parse(text, err, sizeof(err));
   free(text);
   if (!s) {
      fprintf(stderr, "%s:%s\n", file ? file : "<stdin>", err);
      return 1;
   }
   char *errors = NULL;
   if (!ir_validate(s, &errors)) {
      fprintf(stderr, "%s", errors);
      free(errors);
      ir_shader_destroy(s);
      return 1;
   }
   for (unsigned p = 0; p < npasses; p++) {
      unsigned i;
      for (i = 0; i < sizeof(passes) / sizeof(passes[0]); i++)
         if (!strcmp(order[p], passes[i].name))
            break;
      if (i == sizeof(passes) / sizeof(passes[0])) {
         ir_shader_destroy(s);
         return usage();
      }
      bool progress = false;
      IR_PASS(progress, s, passes[i].fn);
      (void)progress;
   }
   ir_print_shader(s, stdout);
   ir_shader_destroy(s);
   return 0;
}
