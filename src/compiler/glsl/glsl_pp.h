/*
 * The GLSL preprocessor (docs/glsl.md, "Preprocessor"): the source strings
 * of a shader -> one expanded text for the lexer, plus what the directives
 * told (#version, #extension, #pragma).
 *
 * The output keeps the line structure of the input so that the lexer can
 * give correct line numbers without knowing about macros:
 *
 *  - every input line gives one output line; directive lines and lines of
 *    skipped #if groups become empty lines;
 *  - comments become white space; the new-lines of a multi-line comment
 *    stay; a token from the source is written at its source column where
 *    the output line is not already past it (so the lexer's columns are
 *    the source's, except after a macro expansion on the same line);
 *  - a macro call whose arguments span several lines is output where it
 *    starts, and the new-lines it swallowed follow its expansion (so the
 *    tokens after the call are on their own line again); new-lines removed
 *    by line continuation follow the token they were in;
 *  - where the numbering of the next line is not one more than that of the
 *    previous output line (after #line, or at the start of the next source
 *    string), the output has a line of exactly the form
 *        #line N S
 *    (one space each side of N, N and S decimal, nothing else): the line
 *    after it is line N of source string S.  No other '#' ever reaches the
 *    output ('#' anywhere else is a preprocessor error), so the lexer can
 *    honour that form without checking anything more.
 *
 * Characters outside the GLSL character set ('$', '@', '\', control bytes,
 * bytes >= 0x80) are passed through untouched outside comments: rejecting
 * them is the lexer's job, since text in skipped groups and in unused macro
 * bodies may hold them legally.
 *
 * Nothing is global: every allocation is in the caller's arena, so a
 * fuzzer may call glsl_pp_run in a loop.
 */
#ifndef COMPILER_GLSL_GLSL_PP_H
#define COMPILER_GLSL_GLSL_PP_H

#include "glsl_front.h"

/* ---- limits (docs/glsl.md, "Preprocessor limits") ------------------------
 * Exceeding one is an error that stops preprocessing. */

/* nested #if groups (C++ Annex B's recommendation) */
#define GLSL_PP_MAX_IF_DEPTH 256
/* macro expansions in progress at once: a replacement being rescanned or
 * an argument being expanded counts one level */
#define GLSL_PP_MAX_EXPANSION_DEPTH 256
/* parameters of one function-like macro (C++ Annex B) */
#define GLSL_PP_MAX_PARAMS 256
/* nested parentheses and unary operators in one #if / #line expression */
#define GLSL_PP_MAX_EXPR_DEPTH 256
/* length of a macro name (GLSL ES 3.00: longer names are an error) */
#define GLSL_PP_MAX_NAME 1024
/* tokens made by macro expansion in one run (tokens read from macro
 * replacements plus tokens copied into arguments and substitutions):
 * the larger of this and twice the input length in bytes */
#define GLSL_PP_MAX_EXPANSION_TOKENS ((size_t)2 << 20)
/* bytes of output: the larger of this and twice the input length */
#define GLSL_PP_MAX_OUTPUT ((size_t)16 << 20)

enum glsl_ext_behavior {
   GLSL_EXT_DISABLE,
   GLSL_EXT_WARN,
   GLSL_EXT_ENABLE,
   GLSL_EXT_REQUIRE,
};

struct glsl_pp_extension_directive {
   const char *name;                 /* arena copy; "all" for #extension all */
   enum glsl_ext_behavior behavior;
   struct glsl_loc loc;              /* of the '#' */
   bool supported;                   /* name is in glsl_pp_options.extensions
                                      * (false for "all") */
};

enum glsl_pp_profile {
   GLSL_PROFILE_NONE,                /* desktop before 1.50 */
   GLSL_PROFILE_CORE,                /* 1.50+: "core" or no profile given */
   GLSL_PROFILE_COMPATIBILITY,
   GLSL_PROFILE_ES,                  /* every GLSL ES version */
};

struct glsl_pp_options {
   enum glsl_stage stage;
   /* an OpenGL ES context: no #version means 100, desktop versions are
    * refused.  A desktop context accepts desktop_versions and es_versions. */
   bool es_context;
   /* accepted #version numbers, 0-terminated (e.g. {110,120,0} and
    * {100,0}); NULL means {110,120,0} and {100,0} */
   const uint16_t *desktop_versions, *es_versions;
   /* names the driver supports, NULL-terminated (each predefines NAME 1) */
   const char *const *extensions;
   /* the implementation provides the compatibility profile: #version N
    * compatibility is accepted and 1.50+ shaders get
    * GL_compatibility_profile 1 */
   bool compatibility_profile;
   /* GLSL ES 1.00: highp is supported in fragment shaders, so
    * GL_FRAGMENT_PRECISION_HIGH is 1 (always defined from GLSL 1.30 and
    * GLSL ES 3.00) */
   bool es_fragment_precision_high;
};

struct glsl_pp_result {
   char *text;                       /* expanded source (arena), NUL-terminated */
   size_t len;
   struct glsl_version version;      /* from #version, or 110 (desktop) / 100 (ES) */
   enum glsl_pp_profile profile;
   bool version_given;
   struct glsl_loc version_loc;      /* of the '#' of #version */
   struct glsl_pp_extension_directive *extensions;   /* in order, "all" included */
   unsigned num_extensions;
   bool pragma_invariant_all, pragma_optimize_off, pragma_debug_on;
};

/*
 * Preprocesses count strings (lengths NULL, or an entry < 0: that string is
 * NUL-terminated, like glShaderSource; a NUL byte inside a counted string
 * ends that string).  Errors and warnings go to log.  Returns false when an
 * error was logged; the result is still filled as far as it got (text is
 * never NULL).  Runs its own glsl_arena_run: running out of the arena's
 * budget is the error "out of memory", not a jump out of this function.
 */
bool glsl_pp_run(struct glsl_arena *a, struct glsl_log *log, const char *const *strings,
                 const int *lengths, unsigned count, const struct glsl_pp_options *opts,
                 struct glsl_pp_result *out);

#endif
