/*
 * The GLSL preprocessor: exact output text and exact log lines for each
 * rule, per version where the rule differs; the output's "#line N S" lines
 * as the lexer reads them; hostile input (macro bombs, deep nesting, NUL
 * bytes, huge lines and numbers, unterminated constructs).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "glsl_lexer.h"
#include "glsl_pp.h"

#include "glsl_test.h"

/* Every version this implementation knows, so that #version N works in
 * the tests; DESKTOP is the default (NULL lists: 110, 120 and 100). */
static const uint16_t all_desktop[] = { 110, 120, 130, 140, 150, 330, 400, 410,
                                        420, 430, 440, 450, 460, 0 };
static const uint16_t all_es[] = { 100, 300, 310, 320, 0 };
static const char *const exts[] = { "GL_ARB_texture_rectangle", "GL_OES_standard_derivatives",
                                    NULL };

static const struct glsl_pp_options DESKTOP = { .stage = GLSL_STAGE_FRAGMENT };
static const struct glsl_pp_options ALL = { .stage = GLSL_STAGE_FRAGMENT,
                                            .desktop_versions = all_desktop,
                                            .es_versions = all_es,
                                            .extensions = exts };
static const struct glsl_pp_options ALL_VERTEX = { .stage = GLSL_STAGE_VERTEX,
                                                   .desktop_versions = all_desktop,
                                                   .es_versions = all_es,
                                                   .extensions = exts };
static const struct glsl_pp_options ES = { .stage = GLSL_STAGE_FRAGMENT, .es_context = true,
                                           .es_versions = all_es, .extensions = exts };

struct run {
   struct glsl_arena arena;
   struct glsl_log log;
   struct glsl_pp_result res;
   bool ok;
   double seconds;
};

static void
run_n(struct run *r, const struct glsl_pp_options *o, const char *const *strings,
      const int *lengths, unsigned count)
{
   glsl_arena_init(&r->arena, 0);
   glsl_log_init(&r->log);
   clock_t t0 = clock();
   r->ok = glsl_pp_run(&r->arena, &r->log, strings, lengths, count, o, &r->res);
   r->seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
}

static void
run_1(struct run *r, const struct glsl_pp_options *o, const char *src)
{
   run_n(r, o, &src, NULL, 1);
}

static void
run_done(struct run *r)
{
   glsl_log_finish(&r->log);
   glsl_arena_finish(&r->arena);
}

/* Preprocesses src and compares the output text and the log exactly. */
static void
expect_at(int line, const struct glsl_pp_options *o, const char *src, const char *text,
          const char *log)
{
   struct run r;
   run_1(&r, o, src);
   const char *got_log = glsl_log_text(&r.log);
   if (strcmp(r.res.text, text) || strcmp(got_log, log) ||
       r.ok != (r.log.errors == 0) || strlen(r.res.text) != r.res.len) {
      fprintf(stderr, "%s:%d: for input:\n%s\n--- got text:\n%s\n--- want text:\n%s\n"
              "--- got log:\n%s--- want log:\n%s---\n",
              __FILE__, line, src, r.res.text, text, got_log, log);
      failures++;
   }
   run_done(&r);
}

#define EXPECT(o, src, text, log) expect_at(__LINE__, o, src, text, log)

/* ---- step 1: tokens, comments, lines, strings --------------------------- */

static void
test_text(void)
{
   EXPECT(&DESKTOP, "", "", "");
   EXPECT(&DESKTOP, "float x;\n", "float x;\n", "");
   EXPECT(&DESKTOP, "  float\tx ;\n\n  y", "  float\tx ;\n\n  y", "");
   /* comments are white space; a block comment's new-lines stay; a token
    * keeps its column */
   EXPECT(&DESKTOP, "a /* c */ b // d\nc", "a         b\nc", "");
   EXPECT(&DESKTOP, "a/*\n\n*/b\n", "a\n\n  b\n", "");
   EXPECT(&DESKTOP, "a /* x\n y */  b", "a\n       b", "");
   EXPECT(&DESKTOP, "// only\n", "\n", "");
   EXPECT(&DESKTOP, "a/**/b", "a    b", "");
   EXPECT(&DESKTOP, "a/b/*/ */c", "a/b      c", "");
   /* CR, LF, CR LF: each one new-line, written as LF */
   EXPECT(&DESKTOP, "a\r\nb\rc\n\rd", "a\nb\nc\n\nd", "");
   /* operators are kept whole; other bytes pass through to the lexer */
   EXPECT(&DESKTOP, "a<<=b>>=c^^d", "a<<=b>>=c^^d", "");
   EXPECT(&DESKTOP, "$ @ \\ \x80", "$ @ \\ \x80", "");
   EXPECT(&DESKTOP, "1.5e+3 .5 0x1F", "1.5e+3 .5 0x1F", "");
   /* unterminated comment: an error at its start */
   EXPECT(&DESKTOP, "a\n  /* open\n\n", "a\n\n\n", "0:2(3): error: unterminated comment\n");
   /* line continuation in 1.10 too (glsl_pp.c): one token, the new-line after */
   EXPECT(&DESKTOP, "a\\\nb", "ab\n", "");
   /* '#' that does not start a line */
   EXPECT(&DESKTOP, "a # b\n", "a   b\n", "0:1(3): error: unexpected '#'\n");
}

static void
test_strings(void)
{
   struct run r;
   /* each string numbers its lines from 1; a new string gets "#line" */
   const char *two[] = { "a\nb\n", "c\nd" };
   run_n(&r, &DESKTOP, two, NULL, 2);
   CHECK(!strcmp(r.res.text, "a\nb\n#line 1 1\nc\nd"), "got %s", r.res.text);
   run_done(&r);
   /* a line formed of two strings: the second string's tokens get their
    * own numbering */
   const char *split[] = { "float x", " = 1.0;\ny" };
   run_n(&r, &DESKTOP, split, NULL, 2);
   CHECK(!strcmp(r.res.text, "float x\n#line 1 1\n = 1.0;\ny"), "got %s", r.res.text);
   run_done(&r);
   /* a token formed of two strings is one token */
   const char *tok[] = { "flo", "at x;" };
   run_n(&r, &DESKTOP, tok, NULL, 2);
   CHECK(!strcmp(r.res.text, "float\n#line 1 1\n   x;"), "got %s", r.res.text);
   run_done(&r);
   /* lengths: < 0 means NUL-terminated; a NUL inside a counted string ends it */
   const char *nul[] = { "a b\0c d", " e" };
   const int lens[] = { 7, -1 };
   run_n(&r, &DESKTOP, nul, lens, 2);
   CHECK(!strcmp(r.res.text, "a b\n#line 1 1\n e") && r.ok, "got %s", r.res.text);
   run_done(&r);
   const char *cut[] = { "abcdef" };
   const int len3[] = { 3 };
   run_n(&r, &DESKTOP, cut, len3, 1);
   CHECK(!strcmp(r.res.text, "abc"), "got %s", r.res.text);
   run_done(&r);
   /* empty strings and no strings */
   const char *empty[] = { "", "", "x" };
   run_n(&r, &DESKTOP, empty, NULL, 3);
   CHECK(!strcmp(r.res.text, "#line 1 2\nx"), "got %s", r.res.text);
   run_done(&r);
   run_n(&r, &DESKTOP, NULL, NULL, 0);
   CHECK(!strcmp(r.res.text, "") && r.ok, "got %s", r.res.text);
   run_done(&r);
}

/* A 1 MB line, a million comments, a million new-lines: linear time. */
static void
test_big(void)
{
   size_t n = (size_t)1 << 20;
   char *src = malloc(n + 1);
   for (size_t i = 0; i < n; i += 2) {
      src[i] = 'a';
      src[i + 1] = ' ';
   }
   src[n] = '\0';
   struct run r;
   run_1(&r, &DESKTOP, src);
   CHECK(r.ok && r.res.len == n - 1 && !memcmp(r.res.text, src, n - 1), "1 MB line");
   CHECK(r.seconds < 2.0, "1 MB line took %.2f s", r.seconds);
   run_done(&r);
   for (size_t i = 0; i + 4 <= n; i += 4)
      memcpy(src + i, "/**/", 4);
   run_1(&r, &DESKTOP, src);
   CHECK(r.ok && r.res.len == 0, "comments: %zu", r.res.len);
   CHECK(r.seconds < 2.0, "comments took %.2f s", r.seconds);
   run_done(&r);
   memset(src, '\n', n);
   run_1(&r, &DESKTOP, src);
   CHECK(r.ok && r.res.len == n, "new-lines: %zu", r.res.len);
   run_done(&r);
   free(src);
}


/* ---- step 2: directives ------------------------------------------------- */

static void
test_conditionals(void)
{
   EXPECT(&DESKTOP, "#ifdef GL_ES\na\n#else\nb\n#endif\n", "\n\n\nb\n\n", "");
   EXPECT(&ES, "#ifdef GL_ES\na\n#else\nb\n#endif\n", "\na\n\n\n\n", "");
   EXPECT(&DESKTOP, "#ifndef GL_ES\na\n#endif", "\na\n", "");
   EXPECT(&DESKTOP, "#if 1\na\n#elif 1\nb\n#else\nc\n#endif", "\na\n\n\n\n\n", "");
   EXPECT(&DESKTOP, "#if 0\na\n#elif 1\nb\n#else\nc\n#endif", "\n\n\nb\n\n\n", "");
   EXPECT(&DESKTOP, "#if 0\n#if 1\nx\n#else\ny\n#endif\n#else\nz\n#endif", "\n\n\n\n\n\n\nz\n",
          "");
   /* a skipped group: other directives, bad ones too, are not looked at */
   EXPECT(&DESKTOP, "#if 0\n#foo\n#error no\n#if\n#else junk\n#endif\n#endif\n", "\n\n\n\n\n\n\n",
          "");
   /* the #elif of a taken group is not evaluated */
   EXPECT(&DESKTOP, "#if 1\n#elif junk\n#endif\n", "\n\n\n", "");
   /* errors */
   EXPECT(&DESKTOP, "#if 1\na\n", "\na\n", "0:1(1): error: unterminated #if\n");
   EXPECT(&DESKTOP, "#ifdef A\n#ifndef B\n", "\n\n",
          "0:1(1): error: unterminated #ifdef\n0:2(1): error: unterminated #ifndef\n");
   EXPECT(&DESKTOP, "#else\n", "\n", "0:1(1): error: #else without #if\n");
   EXPECT(&DESKTOP, "#elif 1\n", "\n", "0:1(1): error: #elif without #if\n");
   EXPECT(&DESKTOP, " #endif\n", "\n", "0:1(2): error: #endif without #if\n");
   EXPECT(&DESKTOP, "#if 1\n#else\n#else\n#endif", "\n\n\n",
          "0:3(1): error: #else after #else\n");
   EXPECT(&DESKTOP, "#if 1\n#else\n#elif 1\n#endif", "\n\n\n",
          "0:3(1): error: #elif after #else\n");
   /* extra tokens after #else / #endif: C++'s grammar has a new-line there */
   EXPECT(&DESKTOP, "#if 0\n#else x\n#endif // ok\n", "\n\n\n",
          "0:2(7): error: extra tokens at the end of #else\n");
   EXPECT(&DESKTOP, "#if 1\n#endif x y\n", "\n\n",
          "0:2(8): error: extra tokens at the end of #endif\n");
   EXPECT(&DESKTOP, "#ifdef\n#endif", "\n", "0:1(1): error: #ifdef needs a macro name\n");
   EXPECT(&DESKTOP, "#ifdef 1\n#endif", "\n", "0:1(8): error: #ifdef needs a macro name\n");
   EXPECT(&DESKTOP, "#ifndef A B\nx\n#endif", "\n\n",
          "0:1(11): error: extra tokens at the end of #ifndef\n");
   EXPECT(&DESKTOP, "#if\n#endif", "\n", "0:1(1): error: #if with no expression\n");
}

static void
test_directive_forms(void)
{
   /* the null directive; '#' after blanks and comments; unknown ones */
   EXPECT(&DESKTOP, "#\n  #  \n\t# // c\na", "\n\n\na", "");
   EXPECT(&DESKTOP, "/* c */ # define X\n#ifdef X\nok\n#endif", "\n\nok\n", "");
   EXPECT(&DESKTOP, "#foo bar\nx", "\nx", "0:1(2): error: unknown preprocessor directive '#foo'\n");
   EXPECT(&DESKTOP, "# 5\n", "\n", "0:1(3): error: unknown preprocessor directive '#5'\n");
   EXPECT(&DESKTOP, "#include <x>\n", "\n",
          "0:1(2): error: unknown preprocessor directive '#include'\n");
   /* only spaces and tabs may precede '#' (3.3) */
   EXPECT(&DESKTOP, "\f#define X\n", "  define X\n", "0:1(2): error: unexpected '#'\n");
   /* a directive ends at its new-line; a block comment inside continues it */
   EXPECT(&DESKTOP, "#ifdef X /*\n*/ junk\n#endif\nx", "\n\n\nx",
          "0:2(4): error: extra tokens at the end of #ifdef\n");
}

static void
test_define(void)
{
   EXPECT(&DESKTOP, "#define X 1\n#ifdef X\nyes\n#endif\n#undef X\n#ifdef X\nno\n#endif\n",
          "\n\nyes\n\n\n\n\n\n", "");
   /* the same definition again is allowed; white space counts only as
    * present or not */
   EXPECT(&DESKTOP, "#define X 1 + 2\n#define X  1  +   2 /**/\n", "\n\n", "");
   EXPECT(&DESKTOP, "#define F(a, b) a+b\n#define F( a ,b ) a+b\n", "\n\n", "");
   EXPECT(&DESKTOP, "#define X 1 + 2\n#define X 1+2\n", "\n\n",
          "0:2(9): error: macro 'X' redefined differently\n");
   EXPECT(&DESKTOP, "#define X 1\n#define X 2\n", "\n\n",
          "0:2(9): error: macro 'X' redefined differently\n");
   EXPECT(&DESKTOP, "#define F(a) a\n#define F(b) b\n", "\n\n",
          "0:2(9): error: macro 'F' redefined differently\n");
   EXPECT(&DESKTOP, "#define F(a) a\n#define F (a) a\n", "\n\n",
          "0:2(9): error: macro 'F' redefined differently\n");
   /* reserved names */
   EXPECT(&DESKTOP, "#define GL_FOO 1\n", "\n",
          "0:1(9): error: macro names beginning with 'GL_' are reserved\n");
   EXPECT(&ALL, "#version 460\n#define GL_FOO 1\n", "\n\n",
          "0:2(9): error: macro names beginning with 'GL_' are reserved\n");
   EXPECT(&DESKTOP, "#define a__b 1\n#ifdef a__b\nx\n#endif", "\n\nx\n",
          "0:1(9): warning: macro names containing '__' are reserved\n");
   EXPECT(&DESKTOP, "#define __LINE__ 2\n", "\n",
          "0:1(9): error: redefining predefined macro '__LINE__'\n");
   EXPECT(&ES, "#define GL_ES 1\n", "\n", "0:1(9): error: redefining predefined macro 'GL_ES'\n");
   EXPECT(&DESKTOP, "#define defined\n", "\n", "0:1(9): error: 'defined' cannot be a macro name\n");
   EXPECT(&DESKTOP, "#define\n", "\n", "0:1(1): error: #define needs a macro name\n");
   EXPECT(&DESKTOP, "#define 3 x\n", "\n", "0:1(9): error: #define needs a macro name\n");
   /* parameters */
   EXPECT(&DESKTOP, "#define F() x\n#define G(a,b,c) x\n", "\n\n", "");
   EXPECT(&DESKTOP, "#define F(a,a) x\n", "\n",
          "0:1(13): error: duplicate macro parameter 'a'\n");
   EXPECT(&DESKTOP, "#define F(a\n", "\n",
          "0:1(1): error: missing ')' in the parameter list of macro 'F'\n");
   EXPECT(&DESKTOP, "#define F(a b) x\n", "\n",
          "0:1(13): error: unexpected 'b' in the parameter list of macro 'F'\n");
   EXPECT(&DESKTOP, "#define F(,) x\n", "\n",
          "0:1(11): error: unexpected ',' in the parameter list of macro 'F'\n");
   EXPECT(&DESKTOP, "#define F(a,) x\n", "\n",
          "0:1(13): error: unexpected ')' in the parameter list of macro 'F'\n");
   /* no # operator; ## from GLSL 1.30, never in ES */
   EXPECT(&DESKTOP, "#define S(a) #a\n", "\n",
          "0:1(14): error: '#' is not allowed in a macro body (there is no # operator)\n");
   EXPECT(&DESKTOP, "#define P(a, b) a ## b\n", "\n",
          "0:1(19): error: token pasting ('##') needs GLSL 1.30 and is not in GLSL ES\n");
   EXPECT(&ALL, "#version 300 es\n#define P(a, b) a ## b\n", "\n\n",
          "0:2(19): error: token pasting ('##') needs GLSL 1.30 and is not in GLSL ES\n");
   EXPECT(&ALL, "#version 130\n#define P(a, b) a ## b\n", "\n\n", "");
   EXPECT(&ALL, "#version 130\n#define P(a) ## a\n#define Q(a) a ##\n", "\n\n\n",
          "0:2(14): error: '##' cannot be at either end of a macro body\n"
          "0:3(16): error: '##' cannot be at either end of a macro body\n");
}

static void
test_undef(void)
{
   EXPECT(&DESKTOP, "#undef X\n#undef Y Z\n", "\n\n",
          "0:2(10): error: extra tokens at the end of #undef\n");
   EXPECT(&DESKTOP, "#undef __VERSION__\n#ifdef __VERSION__\nx\n#endif", "\n\n\n",
          "0:1(8): warning: macro names containing '__' are reserved\n");
   EXPECT(&ES, "#undef GL_ES\n#ifdef GL_ES\nx\n#endif", "\n\n\n",
          "0:1(8): warning: macro names beginning with 'GL_' are reserved\n");
   EXPECT(&ES, "#version 300 es\n#undef GL_ES\n#ifdef GL_ES\nx\n#endif", "\n\n\nx\n",
          "0:2(8): error: undefining predefined macro 'GL_ES'\n");
   EXPECT(&ES, "#version 300 es\n#undef __LINE__\n", "\n\n",
          "0:2(8): error: undefining predefined macro '__LINE__'\n");
   EXPECT(&ALL, "#version 450\n#undef GL_core_profile\n#ifdef GL_core_profile\nx\n#endif",
          "\n\n\n\n", "0:2(8): warning: macro names beginning with 'GL_' are reserved\n");
   EXPECT(&ALL, "#version 460\n#undef GL_core_profile\n#ifdef GL_core_profile\nx\n#endif",
          "\n\n\nx\n", "0:2(8): error: macro names beginning with 'GL_' are reserved\n");
}

static void
test_predefined_set(void)
{
   /* which predefined macros exist per version and options */
   static const char src[] =
      "#ifdef GL_ES\nes\n#endif\n#ifdef GL_core_profile\ncore\n#endif\n"
      "#ifdef GL_compatibility_profile\ncompat\n#endif\n"
      "#ifdef GL_FRAGMENT_PRECISION_HIGH\nhigh\n#endif\n"
      "#ifdef GL_ARB_texture_rectangle\nrect\n#endif\n"
      "#ifdef __LINE__\nline\n#endif\n#ifdef __FILE__\nfile\n#endif\n"
      "#ifdef __VERSION__\nversion\n#endif\n";
   static const struct {
      const struct glsl_pp_options *o;
      const char *version;
      const char *words;
   } cases[] = {
      { &ALL, "", "rect line file version" },
      { &ALL, "#version 120\n", "rect line file version" },
      { &ALL, "#version 130\n", "high rect line file version" },
      { &ALL, "#version 150\n", "core high rect line file version" },
      { &ALL, "#version 150 core\n", "core high rect line file version" },
      { &ALL, "#version 100\n", "es rect line file version" },
      { &ALL, "#version 300 es\n", "es high rect line file version" },
      { &ES, "", "es rect line file version" },
   };
   for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      char buf[1024];
      snprintf(buf, sizeof buf, "%s%s", cases[i].version, src);
      struct run r;
      run_1(&r, cases[i].o, buf);
      char words[256];
      size_t n = 0;
      for (const char *p = r.res.text; *p; p++)
         if (*p != '\n' && n < sizeof words - 1)
            words[n++] = *p;
         else if (*p == '\n' && n && words[n - 1] != ' ' && n < sizeof words - 1)
            words[n++] = ' ';
      while (n && words[n - 1] == ' ')
         n--;
      words[n] = '\0';
      CHECK(!strcmp(words, cases[i].words) && r.ok, "case %zu: %s", i, words);
      run_done(&r);
   }
   /* options: compatibility profile, ES 1.00 highp in fragment shaders */
   struct glsl_pp_options o = ALL;
   o.compatibility_profile = true;
   struct run r;
   run_1(&r, &o, "#version 150 compatibility\n#ifdef GL_compatibility_profile\nc\n#endif");
   CHECK(!strcmp(r.res.text, "\n\nc\n") && r.ok && r.res.profile == GLSL_PROFILE_COMPATIBILITY,
         "compat: %s", r.res.text);
   run_done(&r);
   run_1(&r, &o, "#version 150\n#ifdef GL_compatibility_profile\nc\n#endif");
   CHECK(!strcmp(r.res.text, "\n\nc\n") && r.ok && r.res.profile == GLSL_PROFILE_CORE,
         "compat macro in core: %s", r.res.text);
   run_done(&r);
   o = ES;
   o.es_fragment_precision_high = true;
   run_1(&r, &o, "#ifdef GL_FRAGMENT_PRECISION_HIGH\nh\n#endif");
   CHECK(!strcmp(r.res.text, "\nh\n"), "highp: %s", r.res.text);
   run_done(&r);
}

static void
test_error_pragma(void)
{
   EXPECT(&DESKTOP, "#error bad  thing /* c */ here\nx", "\nx",
          "0:1(1): error: #error bad thing here\n");
   EXPECT(&DESKTOP, "  #error\n", "\n", "0:1(3): error: #error\n");
   /* not macro-expanded */
   EXPECT(&DESKTOP, "#define X y\n#error X\n", "\n\n", "0:2(1): error: #error X\n");
   /* pragmas: recognized ones set the result, others are ignored */
   struct run r;
   run_1(&r, &DESKTOP, "#pragma optimize(off)\n#pragma debug (on)\n#pragma foo bar\n"
         "#pragma STDGL invariant(all)\n");
   CHECK(r.ok && r.res.pragma_optimize_off && r.res.pragma_debug_on &&
         !r.res.pragma_invariant_all && !strcmp(r.res.text, "\n\n\n\n"),
         "pragmas (no invariant(all) in 1.10)");
   run_done(&r);
   run_1(&r, &DESKTOP, "#pragma optimize(off)\n#pragma optimize(on)\n#pragma debug(on)\n"
         "#pragma debug(off)\n#pragma optimize(maybe)\n#pragma STDGL\n");
   CHECK(r.ok && !r.res.pragma_optimize_off && !r.res.pragma_debug_on, "pragmas off again");
   run_done(&r);
   run_1(&r, &ALL_VERTEX, "#version 120\n#pragma STDGL invariant(all)\n");
   CHECK(r.ok && r.res.pragma_invariant_all, "invariant(all) 1.20 vertex");
   run_done(&r);
   run_1(&r, &ES, "#pragma STDGL invariant(all)\n");
   CHECK(r.ok && r.res.pragma_invariant_all, "invariant(all) ES 1.00 fragment");
   run_done(&r);
   EXPECT(&ALL, "#version 120\n#pragma STDGL invariant(all)\n", "\n\n",
          "0:2(1): error: #pragma STDGL invariant(all) cannot be used in a fragment shader\n");
   EXPECT(&ES, "#version 300 es\n#pragma STDGL invariant(all)\n", "\n\n",
          "0:2(1): error: #pragma STDGL invariant(all) cannot be used in a fragment shader\n");
   EXPECT(&ALL_VERTEX, "#version 120\nfloat x;\n#pragma STDGL invariant(all)\n",
          "\nfloat x;\n\n",
          "0:3(1): warning: #pragma STDGL invariant(all) after declarations: which outputs "
          "are invariant is undefined\n");
   /* not macro-expanded */
   run_1(&r, &DESKTOP, "#define off on\n#pragma optimize(off)\n");
   CHECK(r.ok && r.res.pragma_optimize_off, "pragma expanded");
   run_done(&r);
}

static void
test_extension(void)
{
   struct run r;
   run_1(&r, &ALL, "#extension GL_ARB_texture_rectangle : enable\n"
         "#extension all : warn\n#extension GL_foo : disable\n");
   CHECK(r.res.num_extensions == 3 && !strcmp(r.res.extensions[0].name,
                                               "GL_ARB_texture_rectangle") &&
         r.res.extensions[0].behavior == GLSL_EXT_ENABLE && r.res.extensions[0].supported &&
         r.res.extensions[0].loc.line == 1 && !strcmp(r.res.extensions[1].name, "all") &&
         r.res.extensions[1].behavior == GLSL_EXT_WARN && !r.res.extensions[1].supported &&
         !strcmp(r.res.extensions[2].name, "GL_foo") && !r.res.extensions[2].supported &&
         r.res.extensions[2].behavior == GLSL_EXT_DISABLE,
         "extensions: %u", r.res.num_extensions);
   CHECK(!strcmp(glsl_log_text(&r.log), "0:3(12): warning: extension 'GL_foo' is not supported\n"),
         "log %s", glsl_log_text(&r.log));
   run_done(&r);
   EXPECT(&ALL, "#extension GL_foo : enable\n", "\n",
          "0:1(12): warning: extension 'GL_foo' is not supported\n");
   EXPECT(&ALL, "#extension GL_foo : warn\n", "\n",
          "0:1(12): warning: extension 'GL_foo' is not supported\n");
   EXPECT(&ALL, "#extension GL_foo : require\n", "\n",
          "0:1(12): error: extension 'GL_foo' is not supported\n");
   EXPECT(&ALL, "#extension all : require\n", "\n",
          "0:1(18): error: #extension all : require is not allowed (only warn and disable "
          "apply to all)\n");
   EXPECT(&ALL, "#extension all : enable\n", "\n",
          "0:1(18): error: #extension all : enable is not allowed (only warn and disable "
          "apply to all)\n");
   EXPECT(&ALL, "#extension GL_foo : maybe\n", "\n",
          "0:1(21): error: unknown #extension behavior 'maybe' (expected require, enable, "
          "warn or disable)\n");
   EXPECT(&ALL, "#extension GL_foo\n", "\n",
          "0:1(1): error: malformed #extension (expected '#extension name : behavior')\n");
   EXPECT(&ALL, "#extension GL_foo : warn x\n", "\n",
          "0:1(26): error: extra tokens at the end of #extension\n");
   /* before any code (a directive or a skipped group is not code) */
   EXPECT(&ALL, "#if 0\nx\n#endif\n#extension GL_ARB_texture_rectangle : require\n",
          "\n\n\n\n", "");
   EXPECT(&ALL, "float x;\n#extension GL_ARB_texture_rectangle : enable\n", "float x;\n\n",
          "0:2(1): error: #extension must come before any code\n");
   /* not macro-expanded */
   EXPECT(&ALL, "#define B enable\n#extension GL_ARB_texture_rectangle : B\n", "\n\n",
          "0:2(39): error: unknown #extension behavior 'B' (expected require, enable, "
          "warn or disable)\n");
}

static void
test_version(void)
{
   struct run r;
   run_1(&r, &DESKTOP, "");
   CHECK(r.res.version.number == 110 && !r.res.version.es && !r.res.version_given &&
         r.res.profile == GLSL_PROFILE_NONE && r.ok, "default desktop");
   run_done(&r);
   run_1(&r, &ES, "");
   CHECK(r.res.version.number == 100 && r.res.version.es && !r.res.version_given &&
         r.res.profile == GLSL_PROFILE_ES && r.ok, "default ES");
   run_done(&r);
   run_1(&r, &DESKTOP, "// c\n/* c\n */  #version 120 // c\nx");
   CHECK(r.res.version.number == 120 && !r.res.version.es && r.res.version_given &&
         r.res.version_loc.line == 3 && r.res.version_loc.column == 6 && r.ok &&
         !strcmp(r.res.text, "\n\n\nx"), "120: %s", glsl_log_text(&r.log));
   run_done(&r);
   run_1(&r, &ES, "#version 300 es\n");
   CHECK(r.res.version.number == 300 && r.res.version.es && r.ok &&
         r.res.profile == GLSL_PROFILE_ES, "300 es");
   run_done(&r);
   run_1(&r, &ALL, "#version 100\n");
   CHECK(r.res.version.number == 100 && r.res.version.es && r.ok, "100 in a desktop context");
   run_done(&r);
   run_1(&r, &ALL, "#version 150\n");
   CHECK(r.res.version.number == 150 && r.res.profile == GLSL_PROFILE_CORE && r.ok, "150");
   run_done(&r);
   run_1(&r, &ALL, "#version 140\n");
   CHECK(r.res.version.number == 140 && r.res.profile == GLSL_PROFILE_NONE && r.ok, "140");
   run_done(&r);

   EXPECT(&DESKTOP, "#version 330\n", "\n",
          "0:1(10): error: #version 330 is not supported (supported: 110, 120, 100)\n");
   EXPECT(&ES, "#version 120\n", "\n",
          "0:1(10): error: #version 120 is not supported (supported: 100, 300 es, 310 es, "
          "320 es)\n");
   EXPECT(&ALL, "#version 330 es\n", "\n",
          "0:1(10): error: #version 330 es is not supported (supported: 110, 120, 130, 140, "
          "150, 330, 400, 410, 420, 430, 440, 450, 460, 100, 300 es, 310 es, 320 es)\n");
   EXPECT(&ALL, "#version 300\n", "\n", "0:1(10): error: #version 300 needs the profile 'es'\n");
   EXPECT(&ALL, "#version 310 core\n", "\n",
          "0:1(14): error: #version 310 needs the profile 'es'\n");
   EXPECT(&ALL, "#version 100 es\n", "\n", "0:1(14): error: #version 100 does not take a profile\n");
   EXPECT(&ALL, "#version 140 core\n", "\n",
          "0:1(14): error: #version 140 does not take a profile\n");
   EXPECT(&ALL, "#version 150 compatibility\n", "\n",
          "0:1(14): error: the compatibility profile is not supported\n");
   EXPECT(&ALL, "#version 150 foo\n", "\n",
          "0:1(14): error: unknown profile 'foo' (expected core, compatibility or es)\n");
   EXPECT(&ALL, "#version 300 es x\n", "\n", "0:1(17): error: extra tokens at the end of #version\n");
   EXPECT(&ALL, "#version\n", "\n", "0:1(1): error: #version needs a version number\n");
   EXPECT(&ALL, "#version 0x6e\n", "\n", "0:1(10): error: #version needs a version number\n");
   EXPECT(&ALL, "#version 0120\n", "\n", "0:1(10): error: #version needs a version number\n");
   EXPECT(&ALL, "#version 99999999999999999999\n", "\n",
          "0:1(10): error: #version 99999999999999999999 is not supported (supported: 110, 120, 130, 140, "
          "150, 330, 400, 410, 420, 430, 440, 450, 460, 100, 300 es, 310 es, 320 es)\n");
   /* placement */
   EXPECT(&DESKTOP, "x\n#version 120\n", "x\n\n",
          "0:2(1): error: #version must come before anything else (only comments and white "
          "space may precede it)\n");
   EXPECT(&DESKTOP, "#define X\n#version 120\n", "\n\n",
          "0:2(1): error: #version must come before anything else (only comments and white "
          "space may precede it)\n");
   EXPECT(&DESKTOP, "#version 120\n#version 120\n", "\n\n",
          "0:2(1): error: #version must appear only once\n");
   EXPECT(&ES, "  #version 300 es\n", "\n", "");
   /* comments and blank lines before "#version 300 es" (RULE_VERSION_FIRST_LINE) */
   EXPECT(&ES, "\n#version 300 es\n", "\n\n", "");
   EXPECT(&ES, "/* */ #version 300 es\n", "\n", "");
   EXPECT(&ES, "// c\n#version 300 es\n", "\n\n", "");
   EXPECT(&ES, "x\n#version 300 es\n", "x\n\n",
          "0:2(1): error: #version must come before anything else (only comments and white "
          "space may precede it)\n");
   EXPECT(&ES, "/* */\n#version 100\n", "\n\n", "");
   /* not macro-expanded */
   EXPECT(&ALL, "#version __VERSION__\n", "\n", "0:1(10): error: #version needs a version number\n");
   /* no #version where 1.10 is not supported */
   static const uint16_t core_only[] = { 330, 0 };
   struct glsl_pp_options o = DESKTOP;
   o.desktop_versions = core_only;
   EXPECT(&o, "x", "x",
          "0:1(1): error: a shader without #version is version 110, which is not supported "
          "(supported: 330, 100)\n");
}

static void
test_line_directive(void)
{
   /* GLSL 1.10 - 1.50: the next line is N + 1; 3.30 and ES: N */
   EXPECT(&DESKTOP, "a\n#line 10\nb\n", "a\n\n#line 11 0\nb\n", "");
   EXPECT(&ALL, "#version 330\na\n#line 10\nb\n", "\na\n\n#line 10 0\nb\n", "");
   EXPECT(&ES, "a\n#line 10 3\nb\n", "a\n\n#line 10 3\nb\n", "");
   /* the source number goes on with the next string */
   const char *two[] = { "#line 5 7\na\n", "b" };
   struct run r;
   run_n(&r, &ES, two, NULL, 2);
   CHECK(!strcmp(r.res.text, "\n#line 5 7\na\n#line 1 8\nb") && r.ok, "got %s", r.res.text);
   run_done(&r);
   EXPECT(&DESKTOP, "#line\n", "\n", "0:1(1): error: #line with no expression\n");
   EXPECT(&ALL, "#version 330\n#line 4294967295\nx", "\n\n#line 4294967295 0\nx", "");
   EXPECT(&DESKTOP, "#line 4294967295\nx", "\nx", "0:1(1): error: line number in #line out of range (0 to 4294967294)\n");
}

static void
test_continuation(void)
{
   /* backslash-new-line is removed, in every version (GLSL 4.20 and ES
    * 3.00 by the spec, earlier as every implementation does: glsl_pp.c);
    * its new-line follows the token it was in */
   EXPECT(&ALL, "#version 420\nfl\\\noat x;\n", "\nfloat\n    x;\n", "");
   EXPECT(&ALL, "#version 300 es\nfl\\\r\noat x;\n", "\nfloat\n    x;\n", "");
   EXPECT(&ALL, "#version 420\na \\\n  b\n", "\na\n  b\n", "");
   EXPECT(&ALL, "#version 410\nfl\\\noat x;\n", "\nfloat\n    x;\n", "");
   EXPECT(&ALL, "#version 110\n#define F(x) \\\n ((x) + (x))\nF(1)\n", "\n\n\n((1) + (1))\n", "");
   EXPECT(&ALL, "#version 100\nfl\\\noat x;\n", "\nfloat\n    x;\n", "");
   /* GL_ARB_shading_language_420pack brings it to earlier versions */
   struct glsl_pp_options o = ALL;
   static const char *const pack[] = { "GL_ARB_shading_language_420pack", NULL };
   o.extensions = pack;
   EXPECT(&o, "#version 130\n#extension GL_ARB_shading_language_420pack : enable\nfl\\\noat\n",
          "\n\nfloat\n\n", "");
   EXPECT(&o, "#version 130\n#extension GL_ARB_shading_language_420pack : enable\n"
          "#extension all : disable\nfl\\\noat\n", "\n\n\nfloat\n\n", "");
   /* a // comment ending in a backslash goes on */
   EXPECT(&ALL, "#version 420\n// c \\\nx\ny", "\n\n\ny", "");
   /* a directive goes on */
   EXPECT(&ALL, "#version 420\n#ifdef \\\n X\nx\n#endif\n", "\n\n\n\n\n", "");
}


/* ---- step 3: macro expansion -------------------------------------------- */

static void
test_object_macros(void)
{
   EXPECT(&DESKTOP, "#define X 1\nX", "\n1", "");
   EXPECT(&DESKTOP, "#define X a  b\n  X;", "\n  a b;", "");
   /* no accidental pasting with what is around */
   EXPECT(&DESKTOP, "#define X -1\n-X", "\n- -1", "");
   EXPECT(&DESKTOP, "#define X x\nX.y X+1 1X", "\nx.y x+1 1X", "");
   EXPECT(&DESKTOP, "#define E\na E b", "\na   b", "");
   /* a name being expanded does not expand again */
   EXPECT(&DESKTOP, "#define A B\n#define B A\nA B", "\n\nA B", "");
   EXPECT(&DESKTOP, "#define foo foo + 1\nfoo", "\nfoo + 1", "");
   EXPECT(&DESKTOP, "#define X Y\n#define Y Z\n#define Z done\nX", "\n\n\ndone", "");
   /* a macro defined after a use does not affect it; #undef stops it */
   EXPECT(&DESKTOP, "X\n#define X 1\nX\n#undef X\nX", "X\n\n1\n\nX", "");
   /* the expansion of an object-like macro is a function-like call */
   EXPECT(&DESKTOP, "#define F(a) [a]\n#define G F\nG(1)", "\n\n[1]", "");
   /* '#' from an argument is never written */
   EXPECT(&DESKTOP, "#define I(a) a\nI(#) I(##)", "\n",
          "0:2(1): error: unexpected '#'\n0:2(6): error: unexpected '##'\n");
}

static void
test_function_macros(void)
{
   EXPECT(&DESKTOP, "#define F(a, b) a + b\nF(1, 2)", "\n1 + 2", "");
   EXPECT(&DESKTOP, "#define F(x) (x)\nF(F(1))", "\n((1))", "");
   EXPECT(&DESKTOP, "#define F(a) [a]\nF((1,2)) F(()) F( x  y )", "\n[(1,2)]  [()]  [x y]", "");
   /* a function-like name without '(' is a plain name */
   EXPECT(&DESKTOP, "#define F(x) x\nF + 1; F", "\nF + 1; F", "");
   /* arguments on later lines: the expansion is where the call starts,
    * the new-lines it took follow it */
   EXPECT(&DESKTOP, "#define F(x) [x]\nF\n(1)\nz", "\n[1]\n\nz", "");
   EXPECT(&DESKTOP, "#define F(a,b) a b\nF(1,\n2) x\ny", "\n1 2\n   x\ny", "");
   /* arguments are expanded first, alone */
   EXPECT(&DESKTOP, "#define X 1\n#define F(a) a\nF(X)", "\n\n1", "");
   EXPECT(&DESKTOP, "#define F(a) a\n#define G F(\nG 1)", "\n\n1", "");
   /* C++ 16.3.5's example of nested replacement */
   EXPECT(&DESKTOP, "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "\n\n2*9*g", "");
   /* arguments */
   EXPECT(&DESKTOP, "#define F(a) [a]\nF()", "\n[]", "");
   EXPECT(&DESKTOP, "#define G() g\nG() G ()", "\ng   g", "");
   EXPECT(&DESKTOP, "#define F(a,b) a\nF(1)", "\n",
          "0:2(1): error: macro 'F' takes 2 arguments, 1 given\n");
   EXPECT(&DESKTOP, "#define F(a) a\nF(1,2)", "\n",
          "0:2(1): error: macro 'F' takes 1 argument, 2 given\n");
   EXPECT(&DESKTOP, "#define G() g\nG(1)", "\n", "0:2(1): error: macro 'G' takes 0 arguments, 1 given\n");
   EXPECT(&DESKTOP, "#define F(a) a\nx F(1", "\nx",
          "0:2(3): error: unterminated call of macro 'F'\n");
   /* a directive inside the arguments (undefined in ES 3.4): an error */
   EXPECT(&DESKTOP, "#define F(a) a\nF(1,\n#define X\n) X", "\n\n\n)",
          "0:3(1): error: directive inside the arguments of macro 'F'\n");
   /* but a directive may follow a name that turns out not to be a call */
   EXPECT(&DESKTOP, "#define F(a) a\nF\n#define X 2\nX", "\nF\n\n2", "");
}

static void
test_predefined_values(void)
{
   EXPECT(&DESKTOP, "a __LINE__\n__LINE__ __FILE__ __VERSION__", "a 1\n2        0        110", "");
   EXPECT(&ALL, "#version 300 es\n__VERSION__ GL_ES", "\n300         1", "");
   EXPECT(&ALL, "#version 150\nGL_core_profile", "\n1", "");
   EXPECT(&ALL, "#version 330\n#line 10 5\n__LINE__ __FILE__", "\n\n#line 10 5\n10       5", "");
   EXPECT(&DESKTOP, "#line 10 5\n__LINE__ __FILE__", "\n#line 11 5\n11       5", "");
   EXPECT(&DESKTOP, "#define L __LINE__\n\nL", "\n\n3", "");
   /* in a body: the call's line; in an argument: its own */
   EXPECT(&DESKTOP, "#define F(x) __LINE__ x\nF(\n__LINE__)", "\n2 3\n", "");
   const char *two[] = { "__FILE__\n", "__FILE__ __LINE__" };
   struct run r;
   run_n(&r, &DESKTOP, two, NULL, 2);
   CHECK(!strcmp(r.res.text, "0\n#line 1 1\n1        1"), "got %s", r.res.text);
   run_done(&r);
   /* extension macros are 1 */
   EXPECT(&ALL, "GL_ARB_texture_rectangle GL_foo", "1                        GL_foo", "");
}

static void
test_paste(void)
{
   EXPECT(&ALL, "#version 130\n#define P(a,b) a##b\nP(x,y) P(1,2) P(,y) P(x,) P(,)",
          "\n\nxy     12     y     x", "");
   EXPECT(&ALL, "#version 130\n#define P(a,b) a ## b\nP(+,=) P(<<,=) P(.,5) P(1,e) P(1e,+)",
          "\n\n+=     <<=     .5     1e     1e+", "");
   /* the result is one token, then expanded */
   EXPECT(&ALL, "#version 130\n#define P(a,b) a##b\n#define xy 42\nP(x,y)", "\n\n\n42", "");
   /* an argument next to ## is not expanded first */
   EXPECT(&ALL, "#version 130\n#define A 1\n#define Q(a) a##2 a\nQ(A)", "\n\n\nA2 1", "");
   EXPECT(&ALL, "#version 130\n#define C(a,b,c) a##b##c\nC(1,2,3) C(,,x)", "\n\n123      x", "");
   EXPECT(&ALL, "#version 130\n#define O a##b\nO", "\n\nab", "");
   /* not one token */
   EXPECT(&ALL, "#version 130\n#define P(a,b) a##b\nP(+,-)", "\n\n+-",
          "0:3(1): error: pasting '+' and '-' does not give a valid token\n");
   EXPECT(&ALL, "#version 130\n#define P(a,b) a##b\nP(/,/)", "\n\n/ /",
          "0:3(1): error: pasting '/' and '/' does not give a valid token\n");
   EXPECT(&ALL, "#version 130\n#define P(a,b) a##b\nP(x y,z w)", "\n\nx yz w", "");
}

/* A buffer that grows (for generated inputs). */
struct sbuf {
   char *p;
   size_t n, cap;
};

static void
sb_add(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
sb_add(struct sbuf *b, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (b->n + (size_t)n + 1 > b->cap) {
      b->cap = (b->n + (size_t)n + 1) * 2;
      b->p = realloc(b->p, b->cap);
   }
   va_start(ap, fmt);
   vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
   va_end(ap);
   b->n += (size_t)n;
}

/* Runs src; the log must be exactly want, and it must be quick. */
static void
expect_log_at(int line, const struct glsl_pp_options *o, const char *src, const char *want)
{
   struct run r;
   run_1(&r, o, src);
   const char *got = glsl_log_text(&r.log);
   if (strcmp(got, want) || r.ok != !r.log.errors || r.seconds > 1.0 || !r.res.text ||
       strlen(r.res.text) != r.res.len) {
      fprintf(stderr, "%s:%d: log:\n%s--- want:\n%s--- %.2f s\n", __FILE__, line, got, want,
              r.seconds);
      failures++;
   }
   run_done(&r);
}

#define EXPECT_LOG(o, src, want) expect_log_at(__LINE__, o, src, want)

static void
test_hostile_macros(void)
{
   struct sbuf b = { 0 };
   /* an object-like bomb: 2^41 tokens */
   sb_add(&b, "#define a0 x x\n");
   for (int i = 1; i <= 40; i++)
      sb_add(&b, "#define a%d a%d a%d\n", i, i - 1, i - 1);
   sb_add(&b, "a40\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:42(1): error: macro expansion too large (more than 2097152 tokens)\n");
   /* a function-like one: each level doubles its argument */
   b.n = 0;
   sb_add(&b, "#define d(x) x x\n");
   for (int i = 0; i < 40; i++)
      sb_add(&b, "d(");
   sb_add(&b, "1");
   for (int i = 0; i < 40; i++)
      sb_add(&b, ")");
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(!r.ok && r.log.errors == 1 && strstr(glsl_log_text(&r.log), "0:2(") &&
            strstr(glsl_log_text(&r.log), "error: macro expansion too large (more than 2097152 "
                   "tokens)\n") && r.seconds < 1.0,
            "function bomb: %s %.2f s", glsl_log_text(&r.log), r.seconds);
      run_done(&r);
   }
   /* both kinds */
   b.n = 0;
   sb_add(&b, "#define f(x) x x x x\n#define g(x) f(f(f(f(x))))\ng(g(g(g(g(1)))))\n");
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(!r.ok && r.log.errors == 1 && strstr(glsl_log_text(&r.log), "too large") &&
            r.seconds < 1.0, "mixed bomb: %s %.2f s", glsl_log_text(&r.log), r.seconds);
      run_done(&r);
   }
   /* a 300-deep chain */
   b.n = 0;
   sb_add(&b, "#define A0 1\n");
   for (int i = 1; i <= 300; i++)
      sb_add(&b, "#define A%d A%d\n", i, i - 1);
   sb_add(&b, "A300 A200\n");
   EXPECT_LOG(&DESKTOP, b.p,
              "0:302(1): error: macro expansion nested too deeply (more than 256 levels)\n");
   /* 250 deep is fine */
   b.n = 0;
   sb_add(&b, "#define A0 ok\n");
   for (int i = 1; i <= 250; i++)
      sb_add(&b, "#define A%d A%d\n", i, i - 1);
   sb_add(&b, "A250\n");
   EXPECT_LOG(&DESKTOP, b.p, "");
   /* calls nested 1000 deep in the source */
   b.n = 0;
   sb_add(&b, "#define f(x) x\n");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, "f(");
   sb_add(&b, "1");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, ")");
   EXPECT_LOG(&DESKTOP, b.p,
              "0:2(513): error: macro expansion nested too deeply (more than 256 levels)\n");
   /* a huge number of arguments, an unterminated call */
   b.n = 0;
   sb_add(&b, "#define f(x) x\nf(");
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "a,");
   sb_add(&b, "a)");
   EXPECT_LOG(&DESKTOP, b.p, "0:2(1): error: macro 'f' takes 1 argument, 100001 given\n");
   b.n = 0;
   sb_add(&b, "#define f(x) x\nf(");
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "(");
   EXPECT_LOG(&DESKTOP, b.p, "0:2(1): error: unterminated call of macro 'f'\n");
   /* 256 parameters are fine, 257 are not */
   b.n = 0;
   sb_add(&b, "#define F(p0");
   for (int i = 1; i < 256; i++)
      sb_add(&b, ",p%d", i);
   sb_add(&b, ") p255\nF(");
   for (int i = 0; i < 255; i++)
      sb_add(&b, "%d,", i);
   sb_add(&b, "last)");
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(r.ok && !strcmp(r.res.text, "\nlast"), "256 parameters: %s", glsl_log_text(&r.log));
      run_done(&r);
   }
   b.n = 0;
   sb_add(&b, "#define F(p0");
   for (int i = 1; i < 257; i++)
      sb_add(&b, ",p%d", i);
   sb_add(&b, ") x\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:1(1181): error: more than 256 macro parameters\n");
   /* a pasted name that is being expanded does not expand again */
   EXPECT(&ALL, "#version 130\n#define P(a,b) a##b\n#define xy P(x,y)\nxy", "\n\n\nxy", "");
   /* a macro name longer than 1024 */
   b.n = 0;
   sb_add(&b, "#define ");
   for (int i = 0; i < 1025; i++)
      sb_add(&b, "n");
   sb_add(&b, " 1\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:1(9): error: macro name is longer than 1024 characters\n");
   free(b.p);
}

/* ---- step 4: #if and #line expressions ---------------------------------- */

/* prefix, then "#if expr": "yes", "no", and the log, as "yes|log". */
static void
expect_if_at(int line, const struct glsl_pp_options *o, const char *prefix, const char *expr,
             const char *want)
{
   char src[4096];
   snprintf(src, sizeof src, "%s#if %s\nyes\n#else\nno\n#endif\n", prefix, expr);
   struct run r;
   run_1(&r, o, src);
   char got[4096];
   snprintf(got, sizeof got, "%s|%s",
            strstr(r.res.text, "yes") ? "yes" : strstr(r.res.text, "no") ? "no" : "none",
            glsl_log_text(&r.log));
   if (strcmp(got, want)) {
      fprintf(stderr, "%s:%d: #if %s\ngot  %s\nwant %s\n", __FILE__, line, expr, got, want);
      failures++;
   }
   run_done(&r);
}

#define EXPECT_IF(o, prefix, expr, want) expect_if_at(__LINE__, o, prefix, expr, want)

static void
test_if_operators(void)
{
   const struct glsl_pp_options *D = &DESKTOP;
   EXPECT_IF(D, "", "1", "yes|");
   EXPECT_IF(D, "", "0", "no|");
   EXPECT_IF(D, "", "2 + 3 * 4 == 14", "yes|");
   EXPECT_IF(D, "", "(2 + 3) * 4 == 20", "yes|");
   EXPECT_IF(D, "", "10 / 3 == 3 && -7 / 2 == -3 && -7 % 3 == -1 && 7 % -3 == 1", "yes|");
   EXPECT_IF(D, "", "10 - 2 - 3 == 5 && 64 / 4 / 2 == 8", "yes|");
   EXPECT_IF(D, "", "1 << 4 == 16 && -16 >> 2 == -4 && 256 >> 4 == 16", "yes|");
   EXPECT_IF(D, "", "~0 == -1 && !0 == 1 && !5 == 0 && -(-3) == 3 && +3 == 3 && - - 3 == 3",
             "yes|");
   /* precedence of 3.3's table: == before &, & before ^, ^ before | */
   EXPECT_IF(D, "", "3 & 5 == 1", "no|");
   EXPECT_IF(D, "", "(3 & 5) == 1", "yes|");
   EXPECT_IF(D, "", "(1 | 2 ^ 3) == 1 && (6 & 3 | 8) == 10 && (1 ^ 3 & 1) == 0", "yes|");
   EXPECT_IF(D, "", "1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3 && 1 != 2 && !(2 < 1)", "yes|");
   EXPECT_IF(D, "", "1 < 2 == 1 && 1 + 2 << 1 == 6 && 1 || 0 && 0", "yes|");
   EXPECT_IF(D, "", "0 || 0", "no|");
   /* C++'s integers: 64 bits, unsigned with 'u' or when too big for signed */
   EXPECT_IF(D, "", "-1 > 0u", "yes|");
   EXPECT_IF(D, "", "-1 < 0 && 0xFFFFFFFFFFFFFFFF == -1 && 0xFFFFFFFFFFFFFFFF > 0", "yes|");
   EXPECT_IF(D, "", "010 == 8 && 0x1f == 31 && 0X1F == 31 && 18446744073709551615u == -1",
             "yes|");
   EXPECT_IF(D, "", "0x7FFFFFFFFFFFFFFF + 1 < 0", "yes|");
   EXPECT_IF(D, "", "(-0x7FFFFFFFFFFFFFFF - 1) / -1 < 0 && (-0x7FFFFFFFFFFFFFFF - 1) % -1 == 0",
             "yes|");
   EXPECT_IF(D, "", "1 << 63 < 0 && 1u << 63 > 0 && -1 >> 63 == -1 && -1u >> 63 == 1", "yes|");
   /* errors */
   EXPECT_IF(D, "", "1 / 0", "no|0:1(7): error: division by zero in #if\n");
   EXPECT_IF(D, "", "1 % (2 - 2)", "no|0:1(7): error: modulo by zero in #if\n");
   EXPECT_IF(D, "", "1 << 64", "no|0:1(7): error: shift count out of range in #if\n");
   EXPECT_IF(D, "", "1 >> -1", "no|0:1(7): error: shift count out of range in #if\n");
   /* not evaluated: no error */
   EXPECT_IF(D, "", "0 && 1 / 0", "no|");
   EXPECT_IF(D, "", "1 || 1 / 0 || 1 << 99", "yes|");
   EXPECT_IF(D, "", "1.5", "no|0:1(5): error: invalid integer constant '1.5' in #if\n");
   EXPECT_IF(D, "", "08", "no|0:1(5): error: invalid integer constant '08' in #if\n");
   EXPECT_IF(D, "", "0x", "no|0:1(5): error: invalid integer constant '0x' in #if\n");
   EXPECT_IF(D, "", "1e3", "no|0:1(5): error: invalid integer constant '1e3' in #if\n");
   EXPECT_IF(D, "", "99999999999999999999",
             "no|0:1(5): error: integer constant '99999999999999999999' is too large\n");
   EXPECT_IF(D, "", "18446744073709551615",
             "no|0:1(5): error: integer constant '18446744073709551615' is too large\n");
   EXPECT_IF(D, "", "0x10000000000000000",
             "no|0:1(5): error: integer constant '0x10000000000000000' is too large\n");
   /* syntax */
   EXPECT_IF(D, "", "1 +", "no|0:1(1): error: syntax error in #if: unexpected end of line\n");
   EXPECT_IF(D, "", "(1", "no|0:1(5): error: missing ')' in #if\n");
   EXPECT_IF(D, "", "1 2", "no|0:1(7): error: syntax error in #if: unexpected '2'\n");
   EXPECT_IF(D, "", "1 ? 2 : 3", "no|0:1(7): error: syntax error in #if: unexpected '?'\n");
   EXPECT_IF(D, "", "1 ^^ 1", "no|0:1(7): error: syntax error in #if: unexpected '^^'\n");
   EXPECT_IF(D, "", "1 = 1", "no|0:1(7): error: syntax error in #if: unexpected '='\n");
   EXPECT_IF(D, "", "1, 2", "no|0:1(6): error: syntax error in #if: unexpected ','\n");
   EXPECT_IF(D, "", ")", "no|0:1(5): error: syntax error in #if: unexpected ')'\n");
   EXPECT_IF(D, "", "$", "no|0:1(5): error: syntax error in #if: unexpected '$'\n");
}

static void
test_if_names(void)
{
   const struct glsl_pp_options *D = &DESKTOP;
   EXPECT_IF(D, "", "defined X", "no|");
   EXPECT_IF(D, "#define X\n", "defined X && defined(X) && defined ( X ) && !defined Y", "yes|");
   EXPECT_IF(&ES, "", "defined(GL_ES) && defined __LINE__", "yes|");
   EXPECT_IF(D, "", "defined", "no|0:1(5): error: 'defined' needs a macro name\n");
   EXPECT_IF(D, "", "defined 1", "no|0:1(13): error: 'defined' needs a macro name\n");
   EXPECT_IF(D, "", "defined(X", "no|0:1(13): error: missing ')' after 'defined'\n");
   EXPECT_IF(D, "", "defined(X Y)", "no|0:1(15): error: missing ')' after 'defined'\n");
   /* the name after defined is not expanded; "defined" made by a macro
    * works as the operator (WebGL's rule; undefined in C++) */
   EXPECT_IF(D, "#define X Y\n", "defined X && !defined Y", "yes|");
   EXPECT_IF(D, "#define D defined(X)\n#define X\n", "D", "yes|");
   /* macros are expanded; an empty one leaves nothing */
   EXPECT_IF(D, "#define A 2\n#define B (A+1)\n", "B*2 == 6", "yes|");
   EXPECT_IF(D, "#define F(x) x*2\n", "F(3) == 6 && F(1 + 1) == 3", "yes|");
   EXPECT_IF(D, "#define F(x) x\n", "F(3", "no|0:2(5): error: unterminated call of macro 'F'\n");
   EXPECT_IF(D, "#define E\n", "E", "no|0:2(1): error: #if with no expression\n");
   EXPECT_IF(D, "", "__LINE__ == 1 && __FILE__ == 0 && __VERSION__ == 110", "yes|");
   EXPECT_IF(D, "#define X X\n", "X",
             "no|0:2(5): error: 'X' in #if is not an integer (its expansion refers to itself)\n");
   /* undefined identifiers: an error in 1.10/1.20 and ES (which does not
    * look at operands that are not evaluated, ES 3.4); 0 from 1.30 on, as
    * GLSL 4.30 and C say (1.30's "error" dropped: piglit's
    * if-arg-must-be-defined-* expect 0 there, as Mesa gives) */
   EXPECT_IF(D, "", "X", "no|0:1(5): error: undefined identifier 'X' in #if\n");
   EXPECT_IF(D, "", "true", "no|0:1(5): error: undefined identifier 'true' in #if\n");
   EXPECT_IF(D, "", "0 && X", "no|0:1(10): error: undefined identifier 'X' in #if\n");
   EXPECT_IF(&ALL, "#version 130\n", "1 || X", "yes|");
   EXPECT_IF(&ALL, "#version 130\n", "X", "no|");
   EXPECT_IF(&ALL, "#version 460\n", "0 && X", "no|");
   EXPECT_IF(&ALL, "#version 460\n", "!X", "yes|");
   EXPECT_IF(&ES, "", "0 && X", "no|");
   EXPECT_IF(&ES, "", "1 || X / 0", "yes|");
   EXPECT_IF(&ES, "", "1 && X", "no|0:1(10): error: undefined identifier 'X' in #if\n");
   EXPECT_IF(&ES, "#version 300 es\n", "0 && (X || Y)", "no|");
   EXPECT_IF(&ES, "#version 300 es\n", "X", "no|0:2(5): error: undefined identifier 'X' in #if\n");
   /* #elif */
   EXPECT(&DESKTOP, "#if 0\n#elif 1/0\n#endif\n", "\n\n\n",
          "0:2(8): error: division by zero in #elif\n");
   EXPECT(&DESKTOP, "#if 0\n#elif 2 > 1\nok\n#endif\n", "\n\nok\n\n", "");
   EXPECT(&DESKTOP, "#if 0\n#elif\n#endif\n", "\n\n\n", "0:2(1): error: #elif with no expression\n");
}

static void
test_line_expressions(void)
{
   EXPECT(&ALL, "#version 330\n#line 10+5\nx", "\n\n#line 15 0\nx", "");
   EXPECT(&ALL, "#version 330\n#line 2 +2\nx", "\n\n#line 4 0\nx", "");
   EXPECT(&ALL, "#version 330\n#line 10 (1+1)\nx", "\n\n#line 10 2\nx", "");
   EXPECT(&ALL, "#version 330\n#define L 20\n#define S 3\n#line L S\nx", "\n\n\n\n#line 20 3\nx",
          "");
   EXPECT(&ALL, "#version 330\n#line 0x10\nx", "\n\n#line 16 0\nx", "");
   EXPECT(&ALL, "#version 330\n#line -1\nx", "\n\nx",
          "0:2(1): error: line number in #line out of range (0 to 4294967295)\n");
   /* each operand is the longest expression (4.60's note: ambiguous) */
   EXPECT(&ALL, "#version 330\n#line 5 -1\nx", "\n\n#line 4 0\nx", "");
   EXPECT(&ALL, "#version 330\n#line 5 (-1)\nx", "\n\nx",
          "0:2(1): error: source string number in #line out of range (0 to 4294967295)\n");
   EXPECT(&ALL, "#version 330\n#line 1 4294967296\nx", "\n\nx",
          "0:2(1): error: source string number in #line out of range (0 to 4294967295)\n");
   EXPECT(&ALL, "#version 330\n#line 99999999999999999999\nx", "\n\nx",
          "0:2(7): error: integer constant '99999999999999999999' is too large\n");
   EXPECT(&ALL, "#version 330\n#line x\ny", "\n\ny",
          "0:2(7): error: undefined identifier 'x' in #line\n");
   EXPECT(&ALL, "#version 330\n#line 1 2 3\ny", "\n\ny",
          "0:2(11): error: syntax error in #line: unexpected '3'\n");
}

static void
test_hostile_if(void)
{
   struct sbuf b = { 0 };
   /* 1000-deep #if nesting: the limit is 256 */
   for (int i = 0; i < 1000; i++)
      sb_add(&b, "#if 1\n");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, "#endif\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:257(1): error: #if nested too deeply (more than 256 levels)\n");
   /* ... also inside a skipped group */
   b.n = 0;
   sb_add(&b, "#if 0\n");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, "#ifdef X\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:257(1): error: #if nested too deeply (more than 256 levels)\n");
   /* 255 levels are fine */
   b.n = 0;
   for (int i = 0; i < 256; i++)
      sb_add(&b, "#if 1\n");
   sb_add(&b, "x\n");
   for (int i = 0; i < 256; i++)
      sb_add(&b, "#endif\n");
   EXPECT_LOG(&DESKTOP, b.p, "");
   /* deep parentheses and unary operators */
   b.n = 0;
   sb_add(&b, "#if ");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, "(");
   sb_add(&b, "1");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, ")");
   sb_add(&b, "\n#endif\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:1(261): error: #if expression nested too deeply (more than 256 "
              "levels)\n");
   b.n = 0;
   sb_add(&b, "#if ");
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "- ");
   sb_add(&b, "1\n#endif\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:1(517): error: #if expression nested too deeply (more than 256 "
              "levels)\n");
   /* a long flat expression is fine */
   b.n = 0;
   sb_add(&b, "#if 0");
   for (int i = 0; i < 100000; i++)
      sb_add(&b, " + 1");
   sb_add(&b, " == 100000\nyes\n#endif\n");
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(r.ok && strstr(r.res.text, "yes") && r.seconds < 1.0, "flat: %s %.2f",
            glsl_log_text(&r.log), r.seconds);
      run_done(&r);
   }
   /* a huge number of digits */
   b.n = 0;
   sb_add(&b, "#if 1");
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "0");
   sb_add(&b, "\n#endif\n#line 1");
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "0");
   sb_add(&b, "\n");
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(!r.ok && r.log.errors == 2 && strstr(glsl_log_text(&r.log), "0:1(5): error: "
                                                 "integer constant '10000000000000000000000000000000...' is too large\n") &&
            r.seconds < 1.0, "digits: %s", glsl_log_text(&r.log));
      run_done(&r);
   }
   free(b.p);
}

static void
test_hostile_text(void)
{
   struct sbuf b = { 0 };
   /* long tokens multiplied: the output limit (16 MB here) stops it */
   sb_add(&b, "#define A ");
   for (int i = 0; i < 1000; i++)
      sb_add(&b, "a");
   sb_add(&b, "\n#define B A A A A A A A A A A\n#define C B B B B B B B B B B\n"
          "#define D C C C C C C C C C C\n#define E D D D D D D D D D D\nE E E E\n");
   EXPECT_LOG(&DESKTOP, b.p, "0:6(1): error: preprocessed text too large (more than 16777216 "
              "bytes)\n");
   /* 100000 macros, each used */
   b.n = 0;
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "#define M%d %d\n", i, i);
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "M%d\n", i);
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(r.ok && r.seconds < 1.0 && strstr(r.res.text, "\n99999\n"), "100000 macros: %.2f s",
            r.seconds);
      run_done(&r);
   }
   /* define and undefine 100000 times */
   b.n = 0;
   for (int i = 0; i < 100000; i++)
      sb_add(&b, "#define X %d\n#undef X\n", i);
   EXPECT_LOG(&DESKTOP, b.p, "");
   /* an unterminated comment of 1 MB, an unterminated #if of 1 MB */
   b.n = 0;
   sb_add(&b, "x /*");
   for (int i = 0; i < 1 << 18; i++)
      sb_add(&b, "a*\n/");
   EXPECT_LOG(&DESKTOP, b.p, "0:1(3): error: unterminated comment\n");
   b.n = 0;
   sb_add(&b, "#if 0\n");
   for (int i = 0; i < 1 << 17; i++)
      sb_add(&b, "#else\n");
   {
      struct run r;
      run_1(&r, &DESKTOP, b.p);
      CHECK(!r.ok && r.seconds < 1.0 && r.log.errors == (1u << 17) - 1 + 1,
            "many #else: %u errors %.2f s", r.log.errors, r.seconds);
      run_done(&r);
   }
   /* out of the arena's budget: the error "out of memory", a text */
   {
      struct glsl_arena a;
      struct glsl_log log;
      struct glsl_pp_result res;
      glsl_arena_init(&a, (size_t)256 << 10);
      glsl_log_init(&log);
      b.n = 0;
      for (int i = 0; i < 100000; i++)
         sb_add(&b, "#define M%d %d\n", i, i);
      const char *src = b.p;
      bool ok = glsl_pp_run(&a, &log, &src, NULL, 1, &DESKTOP, &res);
      CHECK(!ok && res.text && strstr(glsl_log_text(&log), "error: out of memory\n") &&
            log.errors == 1, "small arena: %s", glsl_log_text(&log));
      glsl_log_finish(&log);
      glsl_arena_finish(&a);
   }
   /* NUL bytes: a counted string ends at its first NUL (ES 3.1: "a byte
    * with the value zero is always interpreted as the end of the string") */
   static const char nul[] = "#define X 1\0#error never\nX";
   const char *ns[] = { nul, "\n X" };
   const int nl[] = { (int)sizeof nul - 1, -1 };
   struct run r;
   run_n(&r, &DESKTOP, ns, nl, 2);
   CHECK(r.ok && !strcmp(r.res.text, "\n#line 2 1\n 1"), "NUL: %s %s", r.res.text,
         glsl_log_text(&r.log));
   run_done(&r);
   /* every byte value, outside and inside comments and skipped groups */
   char all[3 * 256 + 64];
   size_t n = 0;
   for (int pass = 0; pass < 3; pass++) {
      n = 0;
      const char *pre = pass == 0 ? "" : pass == 1 ? "/*" : "#if 0\n";
      const char *post = pass == 0 ? "" : pass == 1 ? "*/" : "\n#endif\n";
      memcpy(all, pre, strlen(pre));
      n = strlen(pre);
      for (int c = 1; c < 256; c++)
         if (c != '/' && c != '*' && c != '#')
            all[n++] = (char)c;
      memcpy(all + n, post, strlen(post) + 1);
      run_1(&r, &DESKTOP, all);
      CHECK(r.ok || pass == 0, "bytes pass %d: %s", pass, glsl_log_text(&r.log));
      run_done(&r);
   }
   free(b.p);
}

/* Random inputs from directive and token pieces, split into strings: the
 * output must never hold a '#' the lexer rejects, whatever the errors. */
struct lex_check {
   struct run *r;
   struct glsl_log lexlog;
   unsigned tokens;
};

static void
lex_check(void *data)
{
   struct lex_check *c = data;
   struct glsl_lexer lx;
   glsl_lexer_init(&lx, &c->r->arena, &c->lexlog, c->r->res.text, c->r->res.len,
                   c->r->res.version, GLSL_STAGE_FRAGMENT);
   struct glsl_token t;
   while (glsl_lexer_next(&lx, &t) && t.kind != GLSL_TOK_EOF)
      c->tokens++;
}

static void
test_random(void)
{
   static const char *const pieces[] = {
      "#define X a\n", "#define F(p,q) [p q]\n", "#define G(p) F(p,p)\n", "X", "F", "G",
      "(", ")", ",", " ", "\n", "\r\n", "#line 5 2\n", "#line 9\n", "#if 1\n", "#if 0\n",
      "#else\n", "#endif\n", "#ifdef X\n", "#undef X\n", "/*", "*/", "//", "\\\n", "#", "##",
      "a", "1", "__LINE__", "__FILE__", "#version 420\n", "#version 300 es\n", "$", "\t",
      "#extension all : warn\n", "#pragma debug(on)\n", "#error e\n", "defined", "+", "-",
   };
   const size_t np = sizeof pieces / sizeof pieces[0];
   uint32_t seed = 12345;
   for (int iter = 0; iter < 3000; iter++) {
      char text[512];
      size_t n = 0;
      int count = 1 + (int)(seed % 40);
      for (int k = 0; k < count; k++) {
         seed = seed * 1103515245u + 12345u;
         const char *p = pieces[(seed >> 8) % np];
         size_t l = strlen(p);
         if (n + l >= sizeof text)
            break;
         memcpy(text + n, p, l);
         n += l;
      }
      text[n] = '\0';
      /* cut into up to three strings */
      seed = seed * 1103515245u + 12345u;
      size_t c1 = n ? (seed >> 4) % (n + 1) : 0;
      size_t c2 = c1 + (n - c1 ? (seed >> 12) % (n - c1 + 1) : 0);
      char s0[512], s1[512], s2[512];
      memcpy(s0, text, c1);
      s0[c1] = '\0';
      memcpy(s1, text + c1, c2 - c1);
      s1[c2 - c1] = '\0';
      memcpy(s2, text + c2, n - c2 + 1);
      const char *strs[] = { s0, s1, s2 };
      struct run r;
      run_n(&r, iter & 1 ? &ES : &ALL, strs, NULL, 3);
      struct lex_check c = { &r, { 0 }, 0 };
      glsl_log_init(&c.lexlog);
      bool ran = glsl_arena_run(&r.arena, lex_check, &c);
      const char *ll = glsl_log_text(&c.lexlog);
      CHECK(ran && !strstr(ll, "'#'") && !strstr(ll, "#line"),
            "iteration %d: lexer says\n%s\nfor output\n%s\nof input\n%s|%s|%s", iter, ll,
            r.res.text, s0, s1, s2);
      for (const char *q = r.res.text; (q = strchr(q, '#')); q++)
         CHECK((q == r.res.text || q[-1] == '\n') && !strncmp(q, "#line ", 6),
               "iteration %d: '#' in\n%s", iter, r.res.text);
      glsl_log_finish(&c.lexlog);
      run_done(&r);
   }
}

/* ---- the lexer reads the output ----------------------------------------- */

struct lexed {
   struct run *r;
   struct glsl_token toks[32];
   unsigned n;
};

static void
lex_output(void *data)
{
   struct lexed *l = data;
   struct glsl_lexer lx;
   glsl_lexer_init(&lx, &l->r->arena, &l->r->log, l->r->res.text, l->r->res.len,
                   l->r->res.version, GLSL_STAGE_FRAGMENT);
   struct glsl_token t;
   while (glsl_lexer_next(&lx, &t) && t.kind != GLSL_TOK_EOF && l->n < 32)
      l->toks[l->n++] = t;
}

/* Preprocesses, lexes the output, and compares "text@S:L(C)" per token. */
static void
expect_lexed_at(int line, const struct glsl_pp_options *o, const char *const *strings,
                unsigned count, const char *want)
{
   struct run r;
   run_n(&r, o, strings, NULL, count);
   struct lexed l = { &r, { { 0 } }, 0 };
   bool ran = glsl_arena_run(&r.arena, lex_output, &l);
   char got[1024];
   size_t n = 0;
   got[0] = '\0';
   for (unsigned i = 0; i < l.n && n < sizeof got - 64; i++)
      n += (size_t)snprintf(got + n, sizeof got - n, "%s%s@%u:%u(%u)", i ? " " : "",
                            l.toks[i].text, l.toks[i].loc.source, l.toks[i].loc.line,
                            l.toks[i].loc.column);
   if (!ran || r.log.errors || strcmp(got, want)) {
      fprintf(stderr, "%s:%d: lexed\n%s\nwant\n%s\nlog:\n%stext:\n%s\n", __FILE__, line, got,
              want, glsl_log_text(&r.log), r.res.text);
      failures++;
   }
   run_done(&r);
}

#define EXPECT_LEXED(o, strings, count, want) \
   expect_lexed_at(__LINE__, o, strings, count, want)

static void
test_lexer_reads_output(void)
{
   const char *a[] = { "#version 300 es\nint a;\n#line 20 4\nint b;\n\n  c\n", "int d;" };
   EXPECT_LEXED(&ES, a, 2,
                "int@0:2(1) a@0:2(5) ;@0:2(6) int@4:20(1) b@4:20(5) ;@4:20(6) c@4:22(3) "
                "int@5:1(1) d@5:1(5) ;@5:1(6)");
   /* 1.10: the line after "#line 10" is 11 */
   const char *b[] = { "x\n#line 10\ny\n/* \n */ z\n" };
   EXPECT_LEXED(&DESKTOP, b, 1, "x@0:1(1) y@0:11(1) z@0:13(5)");
   /* a string boundary inside a line; a token across strings */
   const char *c[] = { "flo", "at f", " = 1.0;\ng" };
   EXPECT_LEXED(&DESKTOP, c, 3, "float@0:1(1) f@1:1(4) =@2:1(2) 1.0@2:1(4) ;@2:1(7) g@2:2(1)");
   /* line continuation: the next token is on its own line again */
   const char *d[] = { "#version 420\nfl\\\noat x;\ny" };
   EXPECT_LEXED(&ALL, d, 1, "float@0:2(1) x@0:3(5) ;@0:3(6) y@0:4(1)");
   /* a backward #line, and a huge one */
   const char *e[] = { "#version 330\na\nb\n#line 1\nc\n#line 4294967295\nd\ne" };
   EXPECT_LEXED(&ALL, e, 1, "a@0:2(1) b@0:3(1) c@0:1(1) d@0:4294967295(1) e@0:4294967295(1)");
}

int
main(void)
{
   test_text();
   test_big();
   test_conditionals();
   test_directive_forms();
   test_define();
   test_undef();
   test_predefined_set();
   test_error_pragma();
   test_extension();
   test_version();
   test_line_directive();
   test_continuation();
   test_object_macros();
   test_function_macros();
   test_predefined_values();
   test_paste();
   test_hostile_macros();
   test_if_operators();
   test_if_names();
   test_line_expressions();
   test_hostile_if();
   test_hostile_text();
   test_random();
   test_lexer_reads_output();
   test_strings();
   if (failures)
      fprintf(stderr, "%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
