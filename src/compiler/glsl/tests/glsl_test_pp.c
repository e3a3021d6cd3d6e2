/*
 * The GLSL preprocessor: exact output text and exact log lines for each
 * rule, per version where the rule differs; the output's "#line N S" lines
 * as the lexer reads them; hostile input (macro bombs, deep nesting, NUL
 * bytes, huge lines and numbers, unterminated constructs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "glsl_lexer.h"
#include "glsl_pp.h"

static int failures;

#define CHECK(cond, ...)                                                 \
   do {                                                                  \
      if (!(cond)) {                                                     \
         fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                   \
         fprintf(stderr, "\n");                                          \
         failures++;                                                     \
      }                                                                  \
   } while (0)

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
   /* comments are one space; a block comment's new-lines stay */
   EXPECT(&DESKTOP, "a /* c */ b // d\nc", "a   b\nc", "");
   EXPECT(&DESKTOP, "a/*\n\n*/b\n", "a\n\n b\n", "");
   EXPECT(&DESKTOP, "a /* x\n y */  b", "a\n   b", "");
   EXPECT(&DESKTOP, "// only\n", "\n", "");
   EXPECT(&DESKTOP, "a/**/b", "a b", "");
   EXPECT(&DESKTOP, "a/b/*/ */c", "a/b c", "");
   /* CR, LF, CR LF: each one new-line, written as LF */
   EXPECT(&DESKTOP, "a\r\nb\rc\n\rd", "a\nb\nc\n\nd", "");
   /* operators are kept whole; other bytes pass through to the lexer */
   EXPECT(&DESKTOP, "a<<=b>>=c^^d", "a<<=b>>=c^^d", "");
   EXPECT(&DESKTOP, "$ @ \\ \x80", "$ @ \\ \x80", "");
   EXPECT(&DESKTOP, "1.5e+3 .5 0x1F", "1.5e+3 .5 0x1F", "");
   /* unterminated comment: an error at its start */
   EXPECT(&DESKTOP, "a\n  /* open\n\n", "a\n\n\n", "0:2(3): error: unterminated comment\n");
   /* no line continuation before GLSL 4.20 / ES 3.00: the backslash stays */
   EXPECT(&DESKTOP, "a\\\nb", "a\\\nb", "");
   /* '#' that does not start a line */
   EXPECT(&DESKTOP, "a # b\n", "a b\n", "0:1(3): error: unexpected '#'\n");
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
   CHECK(!strcmp(r.res.text, "float\n#line 1 1\n x;"), "got %s", r.res.text);
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

int
main(void)
{
   (void)ALL;
   (void)ALL_VERTEX;
   (void)ES;
   test_text();
   test_big();
   test_strings();
   if (failures)
      fprintf(stderr, "%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
