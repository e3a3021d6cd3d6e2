/*
 * libFuzzer target fuzz-arbprog (docs/testing.md, "libFuzzer targets"):
 * the ARB assembly program parser, checker and lowering through
 * arbprog_compile(), for both targets, and ir_validate() on the IR it
 * makes.
 *
 * Input layout (tests/fuzz/corpus/README.md; make_corpus.py writes it):
 *   byte 0  bit 0  target: 0 ARBPROG_VERTEX, 1 ARBPROG_FRAGMENT
 *           bit 1  small limits (fuzz_small_limits) instead of the defaults
 *   the rest       the program text (len bytes, not NUL-terminated)
 * Empty inputs are ignored.
 *
 * Oracles: the sanitizers (ASan, UBSan, LeakSanitizer: arbprog_result_fini
 * frees everything), libFuzzer's -timeout and -rss_limit_mb, and what
 * arbprog.h promises: success gives valid IR (ir_validate), no error and
 * counts within the limits; failure gives no shader, an error string and
 * an error position inside the text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/arbprog/arbprog.h"
#include "compiler/ir/ir.h"

#include "fuzz_target.h"

#define FUZZ_ARBPROG_HEADER 1

/* Limits low enough that every "too many" check can be reached with a
 * short program. */
static void
fuzz_small_limits(enum arbprog_target target, struct arbprog_limits *l)
{
   arbprog_default_limits(target, l);
   l->max_instructions = 12;
   if (target == ARBPROG_FRAGMENT) {
      l->max_alu_instructions = 8;
      l->max_tex_instructions = 4;
      l->max_tex_indirections = 2;
   }
   l->max_temporaries = 3;
   l->max_parameters = 6;
   l->max_attribs = 3;
   l->max_env_parameters = 4;
   l->max_local_parameters = 4;
   l->max_texture_coords = 2;
   l->max_texture_image_units = 2;
   l->max_lights = 2;
   l->max_clip_planes = 2;
   l->max_program_matrices = 2;
   l->max_vertex_attribs = 4;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < FUZZ_ARBPROG_HEADER || size - FUZZ_ARBPROG_HEADER > FUZZ_MAX_INPUT)
      return 0;
   const enum arbprog_target target = (data[0] & 1) ? ARBPROG_FRAGMENT : ARBPROG_VERTEX;
   struct arbprog_limits limits;
   if (data[0] & 2)
      fuzz_small_limits(target, &limits);
   else
      arbprog_default_limits(target, &limits);

   /* a copy of exactly len bytes: ASan sees a read past the end */
   const size_t len = size - FUZZ_ARBPROG_HEADER;
   char *text = malloc(len ? len : 1);
   if (!text)
      return 0;
   memcpy(text, data + FUZZ_ARBPROG_HEADER, len);

   struct arbprog_result r;
   bool ok = arbprog_compile(text, len, target, &limits, &r);
   if (!memchr(r.error, '\0', sizeof r.error))
      fuzz_fail("arbprog_result.error is not NUL-terminated", "");
   if (ok) {
      if (!r.shader)
         fuzz_fail("arbprog_compile succeeded without a shader", "");
      if (r.error_pos != -1)
         fuzz_fail("arbprog_compile succeeded with an error position", r.error);
      char *errors = NULL;
      if (!ir_validate(r.shader, &errors))
         fuzz_fail("arbprog_compile produced invalid IR", errors ? errors : "");
      free(errors);
      if (r.counts.instructions > limits.max_instructions ||
          r.counts.temporaries > limits.max_temporaries ||
          r.counts.parameters > limits.max_parameters ||
          r.counts.attribs > limits.max_attribs ||
          r.counts.address_registers > limits.max_address_registers)
         fuzz_fail("arbprog_compile accepted a program over a limit", "");
      if (target == ARBPROG_FRAGMENT &&
          (r.counts.alu_instructions > limits.max_alu_instructions ||
           r.counts.tex_instructions > limits.max_tex_instructions ||
           r.counts.tex_indirections > limits.max_tex_indirections))
         fuzz_fail("arbprog_compile accepted a fragment program over a limit", "");
      for (unsigned i = 0; i < ARBPROG_MAX_TEXTURE_UNITS; i++) {
         if (r.tex_target[i] > ARBPROG_TEX_SHADOWRECT)
            fuzz_fail("arbprog_compile returned a bad texture target", "");
      }
   } else {
      if (r.shader)
         fuzz_fail("arbprog_compile failed but returned a shader", r.error);
      if (!r.error[0])
         fuzz_fail("arbprog_compile failed without an error string", "");
      if (r.error_pos < 0 || (size_t)r.error_pos > len)
         fuzz_fail("arbprog_compile's error position is outside the text", r.error);
   }
   arbprog_result_fini(&r);
   free(text);
   return 0;
}
