/*
 * libFuzzer target fuzz-glsl (docs/testing.md, "libFuzzer targets"): the
 * GLSL preprocessor, parser and semantic analysis through glsl_compile(),
 * then glsl_link() on the result when the tree has a linker.
 *
 * Input layout (tests/fuzz/corpus/README.md; make_corpus.py writes it):
 *   byte 0  bit 0  stage: 0 vertex, 1 fragment
 *           bit 1  context: 0 desktop (#version 110, 120), 1 ES (100)
 *           bit 2  es_fragment_precision_high
 *           bit 3  the extensions of fuzz_extensions[] are supported
 *           bit 4  link with a fixed shader of the other stage too
 *           bit 5  mediump_fp16 (half precision for ES mediump and lowp)
 *           bit 6  a GL 3.3 / ES 3.0 context: #version 110 to 330, or ES
 *                  100 and 300, with GL 3.3's limits (otherwise GL 2.1 /
 *                  ES 2.0's)
 *   byte 1  bits 0-1  number of source strings - 1 (3 means 1)
 *           bit 2      lengths NULL (NUL-terminated copies) instead of
 *                      explicit lengths (a NUL byte then ends a string)
 *           bit 3      with byte 0 bit 6, desktop: a geometry shader (bit 0
 *                      of byte 0 is then ignored)
 *           bit 4      with byte 0 bit 6, desktop: a compatibility profile
 *   byte 2, byte 3     where the source splits: at byte * len / 256
 *   the rest           the source text
 * Shorter inputs are ignored.
 *
 * Oracles: the sanitizers (ASan, UBSan, LeakSanitizer: every allocation of
 * a compilation must be freed by glsl_shader_destroy), libFuzzer's
 * -timeout and -rss_limit_mb, a compiled shader's log holding no error
 * line and a failed one's holding one, and ir_validate() on every stage of
 * a linked program.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "compiler/ir/ir.h"

#include "fuzz_target.h"

#define FUZZ_GLSL_HEADER 4

static const uint16_t desktop_versions[] = { 110, 120, 0 };
static const uint16_t es_versions[] = { 100, 0 };
static const uint16_t desktop_versions_33[] = { 110, 120, 130, 140, 150, 330, 0 };
static const uint16_t es_versions_30[] = { 100, 300, 0 };

/* Extensions whose rules the front end has as data (glsl_types.c,
 * glsl_pp.c, glsl_builtins.txt): supported when bit 3 is set. */
static const char *const fuzz_extensions[] = {
   "GL_ARB_texture_rectangle",
   "GL_ARB_shading_language_420pack",
   "GL_ARB_shader_texture_lod",
   "GL_ARB_explicit_attrib_location",
   "GL_ARB_gpu_shader5",
   "GL_ARB_gpu_shader_fp64",
   "GL_ARB_arrays_of_arrays",
   "GL_ARB_texture_multisample",
   "GL_ARB_texture_cube_map_array",
   "GL_ARB_uniform_buffer_object",
   "GL_ARB_ES2_compatibility",
   "GL_EXT_texture_array",
   "GL_EXT_shader_texture_lod",
   "GL_EXT_shadow_samplers",
   "GL_EXT_shader_implicit_conversions",
   "GL_OES_standard_derivatives",
   "GL_OES_texture_3D",
   "GL_OES_EGL_image_external",
   NULL,
};
static const char *const no_extensions[] = { NULL };

/* The other stage of a two-stage link: the least a stage can be (a
 * geometry shader's is a vertex shader).  In a GL 3.3 context GLSL 1.50's
 * (core and compatibility take them), in ES 3.0 GLSL ES 3.00's: ES links
 * only shaders of one version. */
static const char companion_vs[] = "void main() { gl_Position = vec4(0.0); }\n";
static const char companion_fs[] = "void main() { gl_FragColor = vec4(1.0); }\n";
static const char companion_vs_150[] = "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n";
static const char companion_fs_150[] =
   "#version 150\nout vec4 color;\nvoid main() { color = vec4(1.0); }\n";
static const char companion_vs_300es[] =
   "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n";
static const char companion_fs_300es[] =
   "#version 300 es\nout highp vec4 color;\nvoid main() { color = vec4(1.0); }\n";

/* A log holds an error line when a line is "S:L(C): error: ..." or
 * "error: ...". */
static bool
log_has_error(const char *log)
{
   for (const char *l = log; *l; ) {
      unsigned src, line, col;
      int used = 0;
      if (!strncmp(l, "error: ", 7))
         return true;
      if (sscanf(l, "%u:%u(%u): %n", &src, &line, &col, &used) == 3 && used > 0 &&
          !strncmp(l + used, "error: ", 7))
         return true;
      const char *nl = strchr(l, '\n');
      if (!nl)
         break;
      l = nl + 1;
   }
   return false;
}

static void
check_shader(const struct glsl_shader *sh)
{
   const char *log = glsl_shader_info_log(sh);
   if (!log)
      fuzz_fail("glsl_shader_info_log returned NULL", "");
   bool err = log_has_error(log);
   /* a full log keeps its first 64 KiB: the error may be past them */
   bool truncated = strstr(log, "(more messages were left out)") != NULL;
   if (glsl_shader_compiled(sh) && err)
      fuzz_fail("a compiled shader's log has an error line", log);
   if (!glsl_shader_compiled(sh) && !err && !truncated)
      fuzz_fail("a shader failed to compile without an error line", log);
}

#ifdef FUZZ_HAVE_GLSL_LINK
static void
link_and_check(const struct glsl_compiler_options *opts, struct glsl_shader *sh, bool pair,
               bool gl33)
{
   struct glsl_shader *shaders[2] = { sh, NULL };
   unsigned count = 1;
   if (pair) {
      bool vs = glsl_shader_stage(sh) == GLSL_STAGE_VERTEX;
      const char *text = !gl33            ? (vs ? companion_fs : companion_vs)
                         : opts->es_context ? (vs ? companion_fs_300es : companion_vs_300es)
                                            : (vs ? companion_fs_150 : companion_vs_150);
      shaders[1] = glsl_compile(opts, vs ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX, &text, NULL, 1);
      if (!shaders[1])
         return;
      count = 2;
   }
   static const struct glsl_attrib_binding bindings[] = { { "attr", 3 }, { "gl_Vertex", 1 } };
   struct glsl_program *p = glsl_link(opts, shaders, count, bindings, 2);
   if (shaders[1])
      glsl_shader_destroy(shaders[1]);
   if (!p)
      return;
   if (!glsl_program_info_log(p))
      fuzz_fail("glsl_program_info_log returned NULL", "");
   const struct glsl_program_interface *pi = glsl_program_get_interface(p);
   if (glsl_program_linked(p) && pi) {
      for (unsigned s = 0; s < GLSL_NUM_STAGES; s++) {
         char *errors = NULL;
         if (pi->ir[s] && !ir_validate(pi->ir[s], &errors))
            fuzz_fail("glsl_link produced invalid IR", errors ? errors : "");
         free(errors);
      }
      for (unsigned i = 0; i < pi->num_uniforms; i++)
         (void)glsl_program_uniform_location(p, pi->uniforms[i].name);
      for (unsigned i = 0; i < pi->num_attributes; i++)
         (void)glsl_program_attrib_location(p, pi->attributes[i].name);
   }
   glsl_program_destroy(p);
}
#endif

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < FUZZ_GLSL_HEADER || size - FUZZ_GLSL_HEADER > FUZZ_MAX_INPUT)
      return 0;
   const uint8_t flags = data[0], split = data[1];
   const char *src = (const char *)data + FUZZ_GLSL_HEADER;
   const size_t len = size - FUZZ_GLSL_HEADER;

   struct glsl_compiler_options opts;
   memset(&opts, 0, sizeof opts);
   opts.es_context = flags & 2;
   opts.es_fragment_precision_high = flags & 4;
   opts.mediump_fp16 = flags & 32;
   const bool gl33 = flags & 64;
   opts.desktop_versions = gl33 ? desktop_versions_33 : desktop_versions;
   opts.es_versions = gl33 ? es_versions_30 : es_versions;
   opts.compatibility_profile = gl33 && !opts.es_context && (split & 16);
   opts.extensions = (flags & 8) ? fuzz_extensions : no_extensions;
   /* GL 2.1's minimums (what the driver exposes at 2.1) */
   opts.max_vertex_attribs = 16;
   opts.max_varying_floats = 32;
   opts.max_vertex_uniform_components = 512;
   opts.max_fragment_uniform_components = 64;
   opts.max_texture_image_units = 2;
   opts.max_vertex_texture_image_units = 0;
   opts.max_combined_texture_image_units = 2;
   opts.max_texture_coords = 2;
   opts.max_draw_buffers = 1;
   opts.max_clip_planes = 6;
   opts.max_lights = 8;
   if (gl33) {
      /* GL 3.3's minimums; uniform blocks and the geometry stage's limits
       * (0: GL 3.2's minimums) apply at 3.3 only */
      opts.max_varying_floats = 60;
      opts.max_vertex_uniform_components = 1024;
      opts.max_fragment_uniform_components = 1024;
      opts.max_texture_image_units = 16;
      opts.max_vertex_texture_image_units = 16;
      opts.max_combined_texture_image_units = 48;
      opts.max_draw_buffers = 8;
      opts.max_clip_planes = 8;
      opts.max_vertex_uniform_blocks = 12;
      opts.max_fragment_uniform_blocks = 12;
      opts.max_combined_uniform_blocks = 36;
      opts.max_uniform_block_size = 16384;
   }
   const enum glsl_stage stage = gl33 && !opts.es_context && (split & 8) ? GLSL_STAGE_GEOMETRY
                                 : (flags & 1)                         ? GLSL_STAGE_FRAGMENT
                                                                       : GLSL_STAGE_VERTEX;

   /* 1-3 strings cut at the chosen points (sorted, so pieces never
    * overlap; a piece may be empty) */
   unsigned count = (split & 3) == 3 ? 1 : (split & 3) + 1;
   size_t cut[2] = { (size_t)data[2] * len / 256, (size_t)data[3] * len / 256 };
   if (cut[0] > cut[1]) {
      size_t t = cut[0];
      cut[0] = cut[1];
      cut[1] = t;
   }
   size_t start[3], plen[3];
   if (count == 1) {
      start[0] = 0, plen[0] = len;
   } else if (count == 2) {
      start[0] = 0, plen[0] = cut[1];
      start[1] = cut[1], plen[1] = len - cut[1];
   } else {
      start[0] = 0, plen[0] = cut[0];
      start[1] = cut[0], plen[1] = cut[1] - cut[0];
      start[2] = cut[1], plen[2] = len - cut[1];
   }

   /* Each piece in its own allocation of exactly its size, so that ASan
    * sees a read past the length the caller gave. */
   const bool nul_terminated = split & 4;
   char *pieces[3] = { NULL, NULL, NULL };
   const char *strings[3];
   int lengths[3];
   for (unsigned i = 0; i < count; i++) {
      pieces[i] = malloc(plen[i] + (nul_terminated ? 1 : 0));
      if (!pieces[i] && plen[i] + (nul_terminated ? 1 : 0))
         goto out;
      memcpy(pieces[i], src + start[i], plen[i]);
      if (nul_terminated)
         pieces[i][plen[i]] = '\0';
      strings[i] = pieces[i];
      lengths[i] = (int)plen[i];
   }

   struct glsl_shader *sh = glsl_compile(&opts, stage, strings, nul_terminated ? NULL : lengths,
                                         count);
   if (sh) {
      if (glsl_shader_stage(sh) != stage)
         fuzz_fail("glsl_shader_stage differs from the stage compiled", "");
      check_shader(sh);
#ifdef FUZZ_HAVE_GLSL_LINK
      if (glsl_shader_compiled(sh))
         link_and_check(&opts, sh, flags & 16, gl33);
#else
      (void)companion_vs;
      (void)companion_fs;
#endif
      glsl_shader_destroy(sh);
   }
out:
   for (unsigned i = 0; i < count; i++)
      free(pieces[i]);
   return 0;
}
