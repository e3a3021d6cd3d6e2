/*
 * The GLSL lexer: token sequences with kinds, spellings, values and
 * locations; the keyword and reserved-word lists of GLSL 1.10, 1.20 and
 * ES 1.00 (typed here from the specs, independently of the lexer's
 * tables); operators, suffixes and number rules per version; #line; the
 * character set; extension keywords; hostile input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "glsl_lexer.h"

#include "glsl_test.h"

static const struct glsl_version V110 = { 110, false }, V120 = { 120, false },
                                 V130 = { 130, false }, V330 = { 330, false },
                                 V400 = { 400, false }, V460 = { 460, false },
                                 ES100 = { 100, true }, ES300 = { 300, true },
                                 ES310 = { 310, true }, ES320 = { 320, true };

#define MAX_TOKENS 64

struct run {
   struct glsl_version version;
   const char *text;
   size_t len;
   const char *extension;        /* enabled before lexing, or NULL */
   struct glsl_arena arena;
   struct glsl_log log;
   struct glsl_token toks[MAX_TOKENS];
   unsigned n;                   /* tokens before EOF (not counting it) */
   size_t total;                 /* all tokens before EOF */
   bool ext_known;
   bool ok;                      /* the arena did not fail */
};

static void
run_lexer(void *data)
{
   struct run *r = data;
   struct glsl_lexer lx;
   glsl_lexer_init(&lx, &r->arena, &r->log, r->text, r->len, r->version, GLSL_STAGE_FRAGMENT);
   if (r->extension)
      r->ext_known = glsl_lexer_enable_extension(&lx, r->extension);
   struct glsl_token t;
   while (glsl_lexer_next(&lx, &t)) {
      if (t.kind == GLSL_TOK_EOF)
         break;
      if (r->n < MAX_TOKENS)
         r->toks[r->n++] = t;
      r->total++;
   }
   /* EOF is returned once, then false */
   CHECK(t.kind == GLSL_TOK_EOF, "no EOF");
   CHECK(!glsl_lexer_next(&lx, &t) && t.kind == GLSL_TOK_EOF, "EOF repeated as true");
}

/* Lexes text (length len, or strlen when len is 0) in version v; the
 * caller frees with done(). */
static struct run *
lex_n(struct glsl_version v, const char *text, size_t len, const char *ext)
{
   struct run *r = calloc(1, sizeof *r);
   r->version = v;
   r->text = text;
   r->len = len ? len : strlen(text);
   r->extension = ext;
   glsl_arena_init(&r->arena, 0);
   glsl_log_init(&r->log);
   r->ok = glsl_arena_run(&r->arena, run_lexer, r);
   return r;
}

static struct run *
lex(struct glsl_version v, const char *text)
{
   return lex_n(v, text, 0, NULL);
}

static void
done(struct run *r)
{
   glsl_log_finish(&r->log);
   glsl_arena_finish(&r->arena);
   free(r);
}

static const char *
vname(struct glsl_version v)
{
   static char buf[4][32];
   static unsigned i;
   char *b = buf[i++ % 4];
   snprintf(b, 32, "%s%u", v.es ? "ES " : "", v.number);
   return b;
}

/* One token of the kind, spelling, line and column. */
#define TOK(r, i, k, txt, ln, col)                                                       \
   do {                                                                                  \
      const struct glsl_token *t_ = &(r)->toks[i];                                       \
      CHECK((i) < (r)->n && t_->kind == (k) && !strcmp(t_->text, (txt)) &&               \
               t_->loc.line == (ln) && t_->loc.column == (col),                          \
            "token %d: got %s '%s' at %u(%u), want %s '%s' at %d(%d)", (int)(i),         \
            glsl_token_name(t_->kind), t_->text, t_->loc.line, t_->loc.column,           \
            glsl_token_name(k), (txt), (ln), (col));                                     \
   } while (0)

#define LOG_IS(r, want)                                                                  \
   CHECK(!strcmp(glsl_log_text(&(r)->log), (want)), "log:\n%s\nwant:\n%s",               \
         glsl_log_text(&(r)->log), (want))

/* ---- token sequences ----------------------------------------------------- */

static void
test_sequence(void)
{
   struct run *r = lex(V110, "void main()\n"
                             "{\n"
                             "\tgl_FragColor = vec4(1.0, .5, 2., 3e2) * x[0x1F];\n"
                             "   b = !(a <= 07) && c != 42 || d ^^ true;\n"
                             "}");
   CHECK(r->ok && r->n == 41, "n %u", r->n);
   TOK(r, 0, GLSL_TOK_VOID, "void", 1, 1);
   TOK(r, 1, GLSL_TOK_IDENTIFIER, "main", 1, 6);
   TOK(r, 2, GLSL_TOK_LEFT_PAREN, "(", 1, 10);
   TOK(r, 3, GLSL_TOK_RIGHT_PAREN, ")", 1, 11);
   TOK(r, 4, GLSL_TOK_LEFT_BRACE, "{", 2, 1);
   TOK(r, 5, GLSL_TOK_IDENTIFIER, "gl_FragColor", 3, 2);   /* a tab is one column */
   TOK(r, 6, GLSL_TOK_EQUAL, "=", 3, 15);
   TOK(r, 7, GLSL_TOK_VEC4, "vec4", 3, 17);
   TOK(r, 8, GLSL_TOK_LEFT_PAREN, "(", 3, 21);
   TOK(r, 9, GLSL_TOK_FLOATCONST, "1.0", 3, 22);
   CHECK(r->toks[9].value.d == 1.0, "1.0 -> %g", r->toks[9].value.d);
   TOK(r, 10, GLSL_TOK_COMMA, ",", 3, 25);
   TOK(r, 11, GLSL_TOK_FLOATCONST, ".5", 3, 27);
   CHECK(r->toks[11].value.d == 0.5, ".5 -> %g", r->toks[11].value.d);
   TOK(r, 13, GLSL_TOK_FLOATCONST, "2.", 3, 31);
   CHECK(r->toks[13].value.d == 2.0, "2. -> %g", r->toks[13].value.d);
   TOK(r, 15, GLSL_TOK_FLOATCONST, "3e2", 3, 35);
   CHECK(r->toks[15].value.d == 300.0, "3e2 -> %g", r->toks[15].value.d);
   TOK(r, 16, GLSL_TOK_RIGHT_PAREN, ")", 3, 38);
   TOK(r, 17, GLSL_TOK_STAR, "*", 3, 40);
   TOK(r, 18, GLSL_TOK_IDENTIFIER, "x", 3, 42);
   TOK(r, 19, GLSL_TOK_LEFT_BRACKET, "[", 3, 43);
   TOK(r, 20, GLSL_TOK_INTCONST, "0x1F", 3, 44);
   CHECK(r->toks[20].value.u == 31, "0x1F -> %llu", (unsigned long long)r->toks[20].value.u);
   TOK(r, 21, GLSL_TOK_RIGHT_BRACKET, "]", 3, 48);
   TOK(r, 22, GLSL_TOK_SEMICOLON, ";", 3, 49);
   TOK(r, 23, GLSL_TOK_IDENTIFIER, "b", 4, 4);
   TOK(r, 25, GLSL_TOK_BANG, "!", 4, 8);
   TOK(r, 28, GLSL_TOK_LE_OP, "<=", 4, 12);
   TOK(r, 29, GLSL_TOK_INTCONST, "07", 4, 15);
   CHECK(r->toks[29].value.u == 7, "07");
   TOK(r, 31, GLSL_TOK_AND_OP, "&&", 4, 19);
   TOK(r, 33, GLSL_TOK_NE_OP, "!=", 4, 24);
   TOK(r, 34, GLSL_TOK_INTCONST, "42", 4, 27);
   CHECK(r->toks[34].value.u == 42, "42");
   TOK(r, 35, GLSL_TOK_OR_OP, "||", 4, 30);
   TOK(r, 37, GLSL_TOK_XOR_OP, "^^", 4, 35);
   TOK(r, 38, GLSL_TOK_BOOLCONST, "true", 4, 38);
   CHECK(r->toks[38].value.b, "true");
   LOG_IS(r, "");
   done(r);

   /* longest match; '.' after a number; CR LF and lone CR count one line */
   r = lex(V130, "a<<=b>>c++--d...e\r\nf\rg");
   CHECK(r->n == 14, "n %u", r->n);
   TOK(r, 1, GLSL_TOK_LEFT_ASSIGN, "<<=", 1, 2);
   TOK(r, 3, GLSL_TOK_RIGHT_OP, ">>", 1, 6);
   TOK(r, 5, GLSL_TOK_INC_OP, "++", 1, 9);
   TOK(r, 6, GLSL_TOK_DEC_OP, "--", 1, 11);
   TOK(r, 8, GLSL_TOK_DOT, ".", 1, 14);
   TOK(r, 9, GLSL_TOK_DOT, ".", 1, 15);
   TOK(r, 10, GLSL_TOK_DOT, ".", 1, 16);
   TOK(r, 12, GLSL_TOK_IDENTIFIER, "f", 2, 1);
   TOK(r, 13, GLSL_TOK_IDENTIFIER, "g", 3, 1);
   done(r);

   r = lex(V120, "1.5.x 2..3");
   TOK(r, 0, GLSL_TOK_FLOATCONST, "1.5", 1, 1);
   TOK(r, 1, GLSL_TOK_DOT, ".", 1, 4);
   TOK(r, 2, GLSL_TOK_IDENTIFIER, "x", 1, 5);
   TOK(r, 3, GLSL_TOK_FLOATCONST, "2.", 1, 7);
   TOK(r, 4, GLSL_TOK_FLOATCONST, ".3", 1, 9);
   done(r);

   /* the empty input and blanks only */
   r = lex(V110, "");
   CHECK(r->ok && r->n == 0, "empty");
   done(r);
   r = lex(V110, " \t\v\f\n\n");
   CHECK(r->n == 0 && !r->log.errors, "blanks");
   done(r);
}

/* ---- keyword and reserved-word lists ------------------------------------ */

/* GLSL 1.20.8, 3.6 */
static const char keywords_120[] =
   "attribute const uniform varying centroid break continue do for while if else "
   "in out inout float int void bool true false invariant discard return "
   "mat2 mat3 mat4 mat2x2 mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 mat4x2 mat4x3 mat4x4 "
   "vec2 vec3 vec4 ivec2 ivec3 ivec4 bvec2 bvec3 bvec4 "
   "sampler1D sampler2D sampler3D samplerCube sampler1DShadow sampler2DShadow struct";
static const char reserved_120[] =
   "asm class union enum typedef template this packed goto switch default "
   "inline noinline volatile public static extern external interface "
   "long short double half fixed unsigned lowp mediump highp precision input output "
   "hvec2 hvec3 hvec4 dvec2 dvec3 dvec4 fvec2 fvec3 fvec4 "
   "sampler2DRect sampler3DRect sampler2DRectShadow sizeof cast namespace using";
/* GLSL 1.10: 1.20 less what the 1.20 change list added */
static const char keywords_110[] =
   "attribute const uniform varying break continue do for while if else "
   "in out inout float int void bool true false discard return mat2 mat3 mat4 "
   "vec2 vec3 vec4 ivec2 ivec3 ivec4 bvec2 bvec3 bvec4 "
   "sampler1D sampler2D sampler3D samplerCube sampler1DShadow sampler2DShadow struct";
static const char reserved_110[] =
   "asm class union enum typedef template this packed goto switch default "
   "inline noinline volatile public static extern external interface "
   "long short double half fixed unsigned input output "
   "hvec2 hvec3 hvec4 dvec2 dvec3 dvec4 fvec2 fvec3 fvec4 "
   "sampler2DRect sampler3DRect sampler2DRectShadow sizeof cast namespace using";
/* GLSL ES 1.00.17, 3.7 */
static const char keywords_es100[] =
   "attribute const uniform varying break continue do for while if else "
   "in out inout float int void bool true false lowp mediump highp precision invariant "
   "discard return mat2 mat3 mat4 vec2 vec3 vec4 ivec2 ivec3 ivec4 bvec2 bvec3 bvec4 "
   "sampler2D samplerCube struct";
static const char reserved_es100[] =
   "asm class union enum typedef template this packed goto switch default "
   "inline noinline volatile public static extern external interface flat "
   "long short double half fixed unsigned superp input output "
   "hvec2 hvec3 hvec4 dvec2 dvec3 dvec4 fvec2 fvec3 fvec4 sampler1D sampler3D "
   "sampler1DShadow sampler2DShadow sampler2DRect sampler3DRect sampler2DRectShadow "
   "sizeof cast namespace using";
/* GLSL ES 3.00.4, 3.7 (reserved) */
static const char reserved_es300[] =
   "attribute varying coherent volatile restrict readonly writeonly resource atomic_uint "
   "noperspective patch sample subroutine common partition active asm class union enum "
   "typedef template this goto inline noinline public static extern external interface "
   "long short double half fixed unsigned superp input output hvec2 hvec3 hvec4 dvec2 "
   "dvec3 dvec4 fvec2 fvec3 fvec4 sampler3DRect filter image1D image2D image3D imageCube "
   "iimage1D iimage2D iimage3D iimageCube uimage1D uimage2D uimage3D uimageCube "
   "image1DArray image2DArray iimage1DArray iimage2DArray uimage1DArray uimage2DArray "
   "image1DShadow image2DShadow image1DArrayShadow image2DArrayShadow imageBuffer "
   "iimageBuffer uimageBuffer sampler1D sampler1DShadow sampler1DArray "
   "sampler1DArrayShadow isampler1D isampler1DArray usampler1D usampler1DArray "
   "sampler2DRect sampler2DRectShadow isampler2DRect usampler2DRect samplerBuffer "
   "isamplerBuffer usamplerBuffer sampler2DMS isampler2DMS usampler2DMS sampler2DMSArray "
   "isampler2DMSArray usampler2DMSArray sizeof cast namespace using";
/* GLSL 1.30.10, 3.6 (keywords) */
static const char keywords_130[] =
   "attribute const uniform varying centroid flat smooth noperspective break continue do "
   "for while switch case default if else in out inout float int void bool true false "
   "invariant discard return mat2 mat3 mat4 mat2x2 mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 "
   "mat4x2 mat4x3 mat4x4 vec2 vec3 vec4 ivec2 ivec3 ivec4 bvec2 bvec3 bvec4 uint uvec2 "
   "uvec3 uvec4 lowp mediump highp precision sampler1D sampler2D sampler3D samplerCube "
   "sampler1DShadow sampler2DShadow samplerCubeShadow sampler1DArray sampler2DArray "
   "sampler1DArrayShadow sampler2DArrayShadow isampler1D isampler2D isampler3D "
   "isamplerCube isampler1DArray isampler2DArray usampler1D usampler2D usampler3D "
   "usamplerCube usampler1DArray usampler2DArray struct";

/* Calls fn(word) for each space-separated word of list. */
static void
each_word(const char *list, void (*fn)(struct glsl_version, const char *), struct glsl_version v)
{
   char w[64];
   const char *p = list;
   while (*p) {
      while (*p == ' ')
         p++;
      size_t n = strcspn(p, " ");
      if (!n)
         break;
      snprintf(w, sizeof w, "%.*s", (int)n, p);
      fn(v, w);
      p += n;
   }
}

static void
expect_keyword(struct glsl_version v, const char *w)
{
   struct run *r = lex(v, w);
   bool boolean = !strcmp(w, "true") || !strcmp(w, "false");
   char name[64];
   snprintf(name, sizeof name, "'%s'", w);
   CHECK(r->n == 1 && !strcmp(r->toks[0].text, w) && !r->log.errors && !r->log.warnings &&
            (boolean ? r->toks[0].kind == GLSL_TOK_BOOLCONST
                     : !strcmp(glsl_token_name(r->toks[0].kind), name)),
         "%s: '%s' is not a keyword (got %s, log %s)", vname(v), w,
         glsl_token_name(r->toks[0].kind), glsl_log_text(&r->log));
   done(r);
}

static void
expect_reserved(struct glsl_version v, const char *w)
{
   char text[80], want[128];
   snprintf(text, sizeof text, "  %s", w);   /* column 3 */
   snprintf(want, sizeof want, "0:1(3): error: syntax error: '%s' is reserved\n", w);
   struct run *r = lex(v, text);
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_ERROR && !strcmp(glsl_log_text(&r->log), want),
         "%s: '%s' got %s, log %s", vname(v), w, glsl_token_name(r->toks[0].kind),
         glsl_log_text(&r->log));
   done(r);
}

static void
expect_identifier(struct glsl_version v, const char *w)
{
   struct run *r = lex(v, w);
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_IDENTIFIER && !strcmp(r->toks[0].text, w) &&
            !r->log.errors,
         "%s: '%s' is not an identifier (got %s, log %s)", vname(v), w,
         glsl_token_name(r->toks[0].kind), glsl_log_text(&r->log));
   done(r);
}

static void
test_words(void)
{
   each_word(keywords_110, expect_keyword, V110);
   each_word(reserved_110, expect_reserved, V110);
   each_word(keywords_120, expect_keyword, V120);
   each_word(reserved_120, expect_reserved, V120);
   each_word(keywords_es100, expect_keyword, ES100);
   each_word(reserved_es100, expect_reserved, ES100);
   each_word(keywords_130, expect_keyword, V130);
   each_word(reserved_es300, expect_reserved, ES300);

   /* words of later versions are plain identifiers before (1.20 added
    * centroid, invariant, matNxM and reserved the precision words) */
   each_word("centroid invariant mat2x2 mat4x3 lowp mediump highp precision uint uvec2 "
             "case layout flat smooth noperspective superp common filter row_major "
             "samplerCubeShadow isampler2D image2D buffer shared patch sample subroutine "
             "dmat2 atomic_uint resource precise samplerExternalOES",
             expect_identifier, V110);
   each_word("uint uvec4 case layout flat smooth superp common isampler2D samplerBuffer "
             "image2D row_major dmat3", expect_identifier, V120);
   each_word("centroid mat2x2 mat3x4 uint uvec3 case layout smooth noperspective "
             "samplerCubeShadow sampler2DArray isampler2D common filter resource "
             "image2D samplerBuffer sampler2DMS dmat2 samplerExternalOES",
             expect_identifier, ES100);
   each_word("layout isampler2DRect samplerCubeArray image2DRect imageCubeArray dmat4",
             expect_identifier, V130);

   /* later versions (rows cross-checked with 4.60 / ES 3.20) */
   each_word("layout sampler2DRect isampler2DRect samplerBuffer", expect_keyword,
             (struct glsl_version){ 140, false });
   each_word("sampler2DMS usampler2DMSArray", expect_keyword, (struct glsl_version){ 150, false });
   each_word("double dvec2 dmat3x4 patch sample subroutine precise samplerCubeArray",
             expect_keyword, V400);
   each_word("packed row_major image1DShadow", expect_identifier, V460);
   each_word("common partition active asm resource superp filter sampler3DRect",
             expect_reserved, V460);
   each_word("buffer shared coherent volatile restrict readonly writeonly atomic_uint "
             "image2DMS uimageCubeArray attribute varying noperspective",
             expect_keyword, V460);
   each_word("layout uint centroid flat smooth switch case default sampler3D "
             "sampler2DShadow samplerCubeShadow sampler2DArrayShadow usampler2DArray "
             "mat4x2 lowp invariant", expect_keyword, ES300);
   each_word("packed dmat2 imageCubeArray samplerCubeArray", expect_identifier, ES300);
   each_word("buffer shared image2D iimageCube sampler2DMS atomic_uint readonly",
             expect_keyword, ES310);
   each_word("patch sample precise samplerCubeArray sampler2DMSArray imageBuffer "
             "samplerBuffer", expect_reserved, ES310);
   each_word("patch sample precise samplerCubeArray sampler2DMSArray imageBuffer "
             "samplerBuffer imageCubeArray", expect_keyword, ES320);
   each_word("attribute varying noperspective subroutine double dvec2 dmat2x3 sampler1D "
             "sampler2DRect image1D image2DRect image2DMS superp resource",
             expect_reserved, ES320);

   /* spellings are case-sensitive; a keyword inside a longer word is not one */
   each_word("Float VOID int2 floats _int", expect_identifier, V110);
}

/* ---- operators --------------------------------------------------------- */

static void
test_operators(void)
{
   /* reserved in 1.10, 1.20 and ES 1.00 (5.1) */
   const char *reserved_ops[] = { "%", "~", "<<", ">>", "&", "|", "^",
                                  "%=", "<<=", ">>=", "&=", "|=", "^=" };
   const struct glsl_version old[] = { V110, V120, ES100 };
   const struct glsl_version now[] = { V130, ES300 };
   for (unsigned i = 0; i < sizeof reserved_ops / sizeof reserved_ops[0]; i++) {
      char text[16], want[80], name[16];
      snprintf(text, sizeof text, "a %s b", reserved_ops[i]);
      snprintf(want, sizeof want, "0:1(3): error: syntax error: '%s' is reserved\n",
               reserved_ops[i]);
      snprintf(name, sizeof name, "'%s'", reserved_ops[i]);
      for (unsigned v = 0; v < 3; v++) {
         struct run *r = lex(old[v], text);
         CHECK(r->n == 3 && r->toks[1].kind == GLSL_TOK_ERROR && r->toks[2].loc.column ==
                  4 + strlen(reserved_ops[i]), "%s %s", vname(old[v]), text);
         LOG_IS(r, want);
         done(r);
      }
      for (unsigned v = 0; v < 2; v++) {
         struct run *r = lex(now[v], text);
         CHECK(r->n == 3 && !strcmp(glsl_token_name(r->toks[1].kind), name) &&
                  !strcmp(r->toks[1].text, reserved_ops[i]) && !r->log.errors,
               "%s %s: got %s", vname(now[v]), text, glsl_token_name(r->toks[1].kind));
         done(r);
      }
   }
   /* the others exist from the start */
   struct run *r = lex(V110, "( ) [ ] { } . , : ; ? + - * / < > <= >= == != && || ^^ ! "
                             "++ -- = += -= *= /=");
   CHECK(r->n == 32 && !r->log.errors, "n %u: %s", r->n, glsl_log_text(&r->log));
   done(r);
}

/* ---- numbers ------------------------------------------------------------- */

static void
expect_error(struct glsl_version v, const char *text, const char *want)
{
   struct run *r = lex(v, text);
   CHECK(r->n >= 1 && r->toks[0].kind == GLSL_TOK_ERROR && !strcmp(glsl_log_text(&r->log), want),
         "%s '%s': got %s, log:\n%s\nwant:\n%s", vname(v), text, glsl_token_name(r->toks[0].kind),
         glsl_log_text(&r->log), want);
   done(r);
}

static void
expect_const(struct glsl_version v, const char *text, enum glsl_token_kind k, uint64_t u,
             double d, const char *log)
{
   struct run *r = lex(v, text);
   bool value = k == GLSL_TOK_INTCONST || k == GLSL_TOK_UINTCONST
                   ? r->toks[0].value.u == u
                   : (isinf(d) ? r->toks[0].value.d == d
                               : fabs(r->toks[0].value.d - d) <= fabs(d) * 1e-15);
   CHECK(r->n == 1 && r->toks[0].kind == k && !strcmp(r->toks[0].text, text) && value &&
            !strcmp(glsl_log_text(&r->log), log),
         "%s '%s': got %s u=%llu d=%.17g, log:\n%s", vname(v), text,
         glsl_token_name(r->toks[0].kind), (unsigned long long)r->toks[0].value.u,
         r->toks[0].value.d, glsl_log_text(&r->log));
   done(r);
}

static void
test_numbers(void)
{
   const struct glsl_version all[] = { V110, V120, V130, V460, ES100, ES300, ES320 };
   for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) {
      struct glsl_version v = all[i];
      expect_const(v, "0", GLSL_TOK_INTCONST, 0, 0, "");
      expect_const(v, "0x0", GLSL_TOK_INTCONST, 0, 0, "");
      expect_const(v, "0777", GLSL_TOK_INTCONST, 511, 0, "");
      expect_const(v, "0XdeadBEEF", GLSL_TOK_INTCONST, 0xdeadbeef, 0, "");
      /* the 32-bit pattern: 0xFFFFFFFF is an int of value -1 */
      expect_const(v, "0xFFFFFFFF", GLSL_TOK_INTCONST, 0xFFFFFFFF, 0, "");
      expect_const(v, "4294967295", GLSL_TOK_INTCONST, 0xFFFFFFFF, 0, "");
      expect_const(v, "2147483648", GLSL_TOK_INTCONST, 0x80000000, 0, "");
      expect_const(v, "037777777777", GLSL_TOK_INTCONST, 0xFFFFFFFF, 0, "");
      expect_const(v, "1e10", GLSL_TOK_FLOATCONST, 0, 1e10, "");
      expect_const(v, "1.5E-3", GLSL_TOK_FLOATCONST, 0, (double)1.5e-3f, "");
      expect_const(v, "0.1", GLSL_TOK_FLOATCONST, 0, (double)0.1f, "");
      expect_const(v, "09.5", GLSL_TOK_FLOATCONST, 0, 9.5, "");
      expect_const(v, "3.4028235e38", GLSL_TOK_FLOATCONST, 0, 3.4028234663852886e38, "");
      expect_const(v, "1e-50", GLSL_TOK_FLOATCONST, 0, 0.0, "");
      expect_error(v, "0x", "0:1(1): error: syntax error: hexadecimal constant '0x' has no digits\n");
      expect_error(v, "0Xg", "0:1(1): error: syntax error: hexadecimal constant '0X' has no digits\n");
      expect_error(v, "08", "0:1(1): error: syntax error: invalid digit '8' in octal constant '08'\n");
      expect_error(v, "12abc", "0:1(1): error: syntax error: invalid suffix 'abc' on integer constant\n");
      expect_error(v, "1.0x", "0:1(1): error: syntax error: invalid suffix 'x' on floating-point constant\n");
      expect_error(v, "5f", "0:1(1): error: syntax error: invalid suffix 'f' on integer constant\n");
      expect_error(v, "1.0u", "0:1(1): error: syntax error: invalid suffix 'u' on floating-point constant\n");
      expect_error(v, "1e", "0:1(1): error: syntax error: invalid suffix 'e' on integer constant\n");
      expect_error(v, "1.5e", "0:1(1): error: syntax error: exponent has no digits in floating-point constant '1.5e'\n");
      expect_error(v, "1e+", "0:1(1): error: syntax error: exponent has no digits in floating-point constant '1e+'\n");
      expect_error(v, "0x1p3", "0:1(1): error: syntax error: invalid suffix 'p3' on integer constant\n");
   }

   /* more than 32 bits: an error from 1.30 / ES 3.00 on, a warning before */
   expect_const(V120, "4294967296", GLSL_TOK_INTCONST, 0, 0,
                "0:1(1): warning: integer constant '4294967296' does not fit in 32 bits; its "
                "low 32 bits are used\n");
   expect_const(ES100, "0x1FFFFFFFF", GLSL_TOK_INTCONST, 0xFFFFFFFF, 0,
                "0:1(1): warning: integer constant '0x1FFFFFFFF' does not fit in 32 bits; its "
                "low 32 bits are used\n");
   expect_const(V130, "4294967296", GLSL_TOK_INTCONST, 0, 0,
                "0:1(1): error: integer constant '4294967296' does not fit in 32 bits\n");
   expect_const(ES300, "5000000000u", GLSL_TOK_UINTCONST, 5000000000u & 0xFFFFFFFF, 0,
                "0:1(1): error: integer constant '5000000000u' does not fit in 32 bits\n");
   expect_const(V130, "040000000000", GLSL_TOK_INTCONST, 0, 0,
                "0:1(1): error: integer constant '040000000000' does not fit in 32 bits\n");
   /* the low 32 bits stay exact past 64 bits: 2^64 + 5 */
   expect_const(V120, "18446744073709551621", GLSL_TOK_INTCONST, 5, 0,
                "0:1(1): warning: integer constant '18446744073709551621' does not fit in 32 "
                "bits; its low 32 bits are used\n");

   /* suffixes per version */
   expect_error(V120, "3u", "0:1(1): error: syntax error: suffix 'u' needs GLSL 1.30 or GLSL ES 3.00\n");
   expect_error(ES100, "3U", "0:1(1): error: syntax error: suffix 'U' needs GLSL 1.30 or GLSL ES 3.00\n");
   expect_const(V130, "3u", GLSL_TOK_UINTCONST, 3, 0, "");
   expect_const(ES300, "0xFFFFFFFFU", GLSL_TOK_UINTCONST, 0xFFFFFFFF, 0, "");
   expect_error(V110, "1.0f", "0:1(1): error: syntax error: suffix 'f' needs GLSL 1.20 or GLSL ES 3.00\n");
   expect_error(ES100, "1.0F", "0:1(1): error: syntax error: suffix 'F' needs GLSL 1.20 or GLSL ES 3.00\n");
   expect_const(V120, "1.0f", GLSL_TOK_FLOATCONST, 0, 1.0, "");
   expect_const(V120, "2e3F", GLSL_TOK_FLOATCONST, 0, 2000.0, "");
   expect_const(ES300, ".25f", GLSL_TOK_FLOATCONST, 0, 0.25, "");
   expect_error(V330, "1.0lf", "0:1(1): error: syntax error: suffix 'lf' needs GLSL 4.00\n");
   expect_error(ES320, "1.0LF", "0:1(1): error: syntax error: suffix 'LF' needs GLSL 4.00\n");
   expect_const(V400, "0.1lf", GLSL_TOK_DOUBLECONST, 0, 0.1, "");
   expect_const(V460, "1e300LF", GLSL_TOK_DOUBLECONST, 0, 1e300, "");
   expect_error(V460, "1.0Lf", "0:1(1): error: syntax error: invalid suffix 'Lf' on floating-point constant\n");
   expect_error(V460, "1uu", "0:1(1): error: syntax error: invalid suffix 'uu' on integer constant\n");

   /* out of range floats: infinity; ES 3.00+ says so, elsewhere a warning */
   expect_const(V120, "1e39", GLSL_TOK_FLOATCONST, 0, INFINITY,
                "0:1(1): warning: floating-point constant '1e39' is too large for a float; it "
                "becomes infinity\n");
   expect_const(ES100, "1e39", GLSL_TOK_FLOATCONST, 0, INFINITY,
                "0:1(1): warning: floating-point constant '1e39' is too large for a float; it "
                "becomes infinity\n");
   expect_const(ES300, "1e39", GLSL_TOK_FLOATCONST, 0, INFINITY, "");
   expect_const(V400, "1e400lf", GLSL_TOK_DOUBLECONST, 0, INFINITY,
                "0:1(1): warning: floating-point constant '1e400lf' is too large for a double; "
                "it becomes infinity\n");
   /* 3.4028236e38 rounds to FLT_MAX, 3.4028236e38 * 1.0000001 does not */
   expect_const(V120, "340282356779733661637539395458142568447.9", GLSL_TOK_FLOATCONST, 0,
                3.4028234663852886e38, "");

   /* the float value does not depend on the digits being long: exact
    * rounding of a 1001-digit mantissa (0.1000...0001 rounds like 0.1) */
   {
      char buf[1100] = "0.1";
      memset(buf + 3, '0', 1000);
      buf[1003] = '1';
      buf[1004] = '\0';
      struct run *r = lex(V120, buf);
      CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_FLOATCONST &&
               r->toks[0].value.d == (double)0.1f, "long 0.1: %.17g", r->toks[0].value.d);
      done(r);
      /* and a halfway case decided by a digit past the kept ones: 2^-1 + 2^-25
       * is halfway between two floats; anything above rounds up */
      strcpy(buf, "0.50000002980232238769531250");
      size_t n = strlen(buf);
      memset(buf + n, '0', 900);
      strcpy(buf + n + 900, "1");
      r = lex(V120, buf);
      CHECK(r->n == 1 && r->toks[0].value.d == (double)nextafterf(0.5f, 1.0f),
            "halfway+: %.17g", r->toks[0].value.d);
      done(r);
      buf[n] = '\0';
      r = lex(V120, buf);   /* exactly halfway: to even, 0.5 */
      CHECK(r->n == 1 && r->toks[0].value.d == 0.5, "halfway: %.17g", r->toks[0].value.d);
      done(r);
   }
}

/* ---- #line ----------------------------------------------------------------- */

static void
test_line(void)
{
   struct run *r = lex(V110, "a\n#line 10 2\nb\n  c\n#line 0 0\nd\n\t#line 7 1\r\ne #line");
   CHECK(r->n == 7, "n %u", r->n);
   TOK(r, 0, GLSL_TOK_IDENTIFIER, "a", 1, 1);
   TOK(r, 1, GLSL_TOK_IDENTIFIER, "b", 10, 1);
   CHECK(r->toks[1].loc.source == 2, "source %u", r->toks[1].loc.source);
   TOK(r, 2, GLSL_TOK_IDENTIFIER, "c", 11, 3);
   TOK(r, 3, GLSL_TOK_IDENTIFIER, "d", 0, 1);
   CHECK(r->toks[3].loc.source == 0, "source 0");
   TOK(r, 4, GLSL_TOK_IDENTIFIER, "e", 7, 1);
   CHECK(r->toks[4].loc.source == 1, "source 1");
   TOK(r, 5, GLSL_TOK_ERROR, "", 7, 3);
   LOG_IS(r, "1:7(3): error: syntax error: unexpected '#'\n");
   done(r);

   /* only #line: any other directive is an error, as is a bad #line */
   expect_error(V110, "#version 110", "0:1(1): error: syntax error: unexpected '#'\n");
   expect_error(V110, "#pragma debug(on)", "0:1(1): error: syntax error: unexpected '#'\n");
   expect_error(V110, "#", "0:1(1): error: syntax error: unexpected '#'\n");
   expect_error(V110, "#line", "0:1(1): error: syntax error: malformed #line (expected '#line N S')\n");
   expect_error(V110, "#line x 1", "0:1(1): error: syntax error: malformed #line (expected '#line N S')\n");
   expect_error(V110, "#line 1 2 3", "0:1(1): error: syntax error: malformed #line (expected '#line N S')\n");
   expect_error(V110, "#line 4294967296 0", "0:1(1): error: #line number out of range (at most 4294967295)\n");
   expect_error(V110, "#line 1 99999999999999999999999",
                "0:1(1): error: #line number out of range (at most 4294967295)\n");
   /* a bad #line is skipped to its end; the next line keeps counting */
   r = lex(V110, "#line 5 x y z\nq");
   CHECK(r->n == 2, "n %u", r->n);
   TOK(r, 1, GLSL_TOK_IDENTIFIER, "q", 2, 1);
   done(r);
   /* the largest numbers, and #line at the very end */
   r = lex(V110, "#line 4294967295 4294967295\nz\n#line 3 3");
   TOK(r, 0, GLSL_TOK_IDENTIFIER, "z", 4294967295u, 1);
   CHECK(r->toks[0].loc.source == 4294967295u && r->n == 1 && !r->log.errors, "max #line");
   done(r);
}

/* ---- the character set --------------------------------------------------- */

static void
test_charset(void)
{
   const char *bad = "$@\\\"'`";
   for (const char *c = bad; *c; c++) {
      char text[8], want[80];
      snprintf(text, sizeof text, "a %c b", *c);
      snprintf(want, sizeof want, "0:1(3): error: syntax error: invalid character '%c'\n", *c);
      struct run *r = lex(V120, text);
      CHECK(r->n == 3 && r->toks[1].kind == GLSL_TOK_ERROR, "'%c'", *c);
      TOK(r, 2, GLSL_TOK_IDENTIFIER, "b", 1, 5);
      LOG_IS(r, want);
      done(r);
   }
   /* NUL bytes are errors, not the end of the text */
   struct run *r = lex_n(V120, "a\0b\0\0c", 6, NULL);
   CHECK(r->n == 5, "n %u", r->n);
   TOK(r, 2, GLSL_TOK_IDENTIFIER, "b", 1, 3);
   TOK(r, 4, GLSL_TOK_IDENTIFIER, "c", 1, 6);
   LOG_IS(r, "0:1(2): error: syntax error: invalid byte 0x00\n"
             "0:1(4): error: syntax error: invalid byte 0x00\n");
   done(r);
   /* UTF-8 (é) and invalid UTF-8: one error for a run of bytes */
   r = lex(V120, "x = caf\xc3\xa9;\n\xff\xfe\xfd y");
   CHECK(r->n == 7, "n %u", r->n);
   TOK(r, 2, GLSL_TOK_IDENTIFIER, "caf", 1, 5);
   TOK(r, 4, GLSL_TOK_SEMICOLON, ";", 1, 10);
   TOK(r, 6, GLSL_TOK_IDENTIFIER, "y", 2, 5);
   LOG_IS(r, "0:1(8): error: syntax error: invalid byte 0xc3\n"
             "0:2(1): error: syntax error: invalid byte 0xff\n");
   done(r);
   /* control characters other than the blanks */
   expect_error(V120, "\x01", "0:1(1): error: syntax error: invalid byte 0x01\n");
   expect_error(V120, "\x7f", "0:1(1): error: syntax error: invalid byte 0x7f\n");
}

/* ---- identifiers ----------------------------------------------------------- */

static void
test_identifiers(void)
{
   char *id = malloc(GLSL_LEXER_MAX_IDENTIFIER + 2);
   memset(id, 'a', GLSL_LEXER_MAX_IDENTIFIER + 1);
   id[GLSL_LEXER_MAX_IDENTIFIER] = '\0';
   struct run *r = lex(ES300, id);
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_IDENTIFIER &&
            strlen(r->toks[0].text) == GLSL_LEXER_MAX_IDENTIFIER && !r->log.errors, "1024 chars");
   done(r);
   id[GLSL_LEXER_MAX_IDENTIFIER] = 'b';
   id[GLSL_LEXER_MAX_IDENTIFIER + 1] = '\0';
   r = lex(V110, id);
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_ERROR, "1025 chars");
   LOG_IS(r, "0:1(1): error: identifier 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' is longer than "
             "1024 characters\n");
   done(r);
   free(id);

   /* '__' is reserved: a warning (no version makes using it an error) */
   r = lex(V130, "a__b _x __ x_y_");
   CHECK(r->n == 4 && r->log.errors == 0 && r->toks[0].kind == GLSL_TOK_IDENTIFIER, "__");
   LOG_IS(r, "0:1(1): warning: identifier 'a__b' contains '__', which is reserved\n"
             "0:1(9): warning: identifier '__' contains '__', which is reserved\n");
   done(r);

   /* gl_ names are the semantic pass's business */
   expect_identifier(V110, "gl_Position");
   expect_identifier(ES100, "gl_foo");
}

/* ---- extensions ---------------------------------------------------------- */

static void
test_extensions(void)
{
   struct run *r = lex_n(V110, "sampler2DRect sampler2DRectShadow", 0, "GL_ARB_texture_rectangle");
   CHECK(r->ext_known && r->n == 2 && r->toks[0].kind == GLSL_TOK_SAMPLER2DRECT &&
            r->toks[1].kind == GLSL_TOK_SAMPLER2DRECTSHADOW && !r->log.errors,
         "ARB_texture_rectangle: %s", glsl_log_text(&r->log));
   done(r);
   expect_reserved(V110, "sampler2DRect");

   r = lex_n(ES100, "sampler3D", 0, "GL_OES_texture_3D");
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_SAMPLER3D && !r->log.errors, "OES_texture_3D");
   done(r);
   expect_reserved(ES100, "sampler3D");

   r = lex_n(ES100, "samplerExternalOES", 0, "GL_OES_EGL_image_external");
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_SAMPLEREXTERNALOES, "EGL_image_external");
   done(r);
   r = lex_n(ES300, "samplerExternalOES", 0, "GL_OES_EGL_image_external_essl3");
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_SAMPLEREXTERNALOES, "essl3");
   done(r);

   r = lex_n(ES100, "sampler2DShadow", 0, "GL_EXT_shadow_samplers");
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_SAMPLER2DSHADOW && !r->log.errors, "shadow");
   done(r);

   r = lex_n(V120, "layout", 0, "GL_ARB_explicit_attrib_location");
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_LAYOUT, "explicit_attrib_location");
   done(r);

   /* GL_ARB_uniform_buffer_object frees the layout words GLSL 1.30
    * reserves (1.40 frees them too) */
   expect_reserved(V130, "row_major");
   r = lex_n(V130, "packed row_major", 0, "GL_ARB_uniform_buffer_object");
   CHECK(r->n == 2 && r->toks[0].kind == GLSL_TOK_IDENTIFIER &&
            r->toks[1].kind == GLSL_TOK_IDENTIFIER && !r->log.errors,
         "uniform_buffer_object: %s", glsl_log_text(&r->log));
   done(r);

   /* an extension without keywords is not known to the lexer */
   r = lex_n(V110, "sampler2DRect", 0, "GL_OES_standard_derivatives");
   CHECK(!r->ext_known && r->toks[0].kind == GLSL_TOK_ERROR, "unknown extension");
   done(r);
}

/* ---- names ------------------------------------------------------------------ */

static void
test_names(void)
{
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_EOF), "end of file"), "EOF");
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_IDENTIFIER), "identifier"), "IDENTIFIER");
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_INTCONST), "integer constant"), "INTCONST");
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_FLOATCONST), "floating-point constant"), "FLOAT");
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_CONST), "'const'"), "CONST");
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_LEFT_ASSIGN), "'<<='"), "LEFT_ASSIGN");
   CHECK(!strcmp(glsl_token_name(GLSL_TOK_UIMAGEBUFFER), "'uimageBuffer'"), "UIMAGEBUFFER");
   CHECK(!strcmp(glsl_token_name(GLSL_NUM_TOKEN_KINDS), "unknown token"), "out of range");
   for (int k = 0; k < GLSL_NUM_TOKEN_KINDS; k++)
      CHECK(glsl_token_name((enum glsl_token_kind)k) != NULL, "kind %d has no name", k);
}

/* ---- hostile input ------------------------------------------------------- */

static double
seconds(clock_t c)
{
   return (double)c / CLOCKS_PER_SEC;
}

static void
test_hostile(void)
{
   size_t big = (size_t)10 << 20;
   char *s = malloc(big + 1);

   /* a 10 MB identifier: one error, no 10 MB copy or log line */
   memset(s, 'x', big);
   s[big] = '\0';
   clock_t t0 = clock();
   struct run *r = lex_n(V120, s, big, NULL);
   CHECK(r->ok && r->n == 1 && r->toks[0].kind == GLSL_TOK_ERROR && r->log.errors == 1 &&
            r->log.len < 200 && r->arena.used < ((size_t)1 << 20),
         "10 MB identifier: n %u errors %u log %zu arena %zu", r->n, r->log.errors, r->log.len,
         r->arena.used);
   done(r);

   /* 100k-digit numbers: integer, float, exponent */
   memset(s, '9', 100000);
   s[100000] = '\0';
   r = lex_n(V130, s, 100000, NULL);
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_INTCONST && r->log.errors == 1 &&
            r->log.len < 200, "100k-digit int");
   done(r);
   s[50000] = '.';
   r = lex_n(V130, s, 100000, NULL);
   CHECK(r->n == 1 && r->toks[0].kind == GLSL_TOK_FLOATCONST && isinf(r->toks[0].value.d) &&
            r->log.warnings == 1 && r->log.len < 200, "100k-digit float");
   done(r);
   memcpy(s, "1e-", 3);
   memset(s + 3, '9', 99997);
   r = lex_n(V130, s, 100000, NULL);
   CHECK(r->n == 1 && r->toks[0].value.d == 0.0 && !r->log.errors, "100k-digit exponent");
   done(r);
   memcpy(s, "0.", 2);
   memset(s + 2, '0', 99997);
   s[99999] = '5';
   r = lex_n(V130, s, 100000, NULL);   /* 5e-99998: zero */
   CHECK(r->n == 1 && r->toks[0].value.d == 0.0, "100k leading zeros");
   done(r);

   /* 10 MB of NUL bytes, of invalid UTF-8, of '#': bounded errors and log */
   memset(s, 0, big);
   r = lex_n(V120, s, big, NULL);
   CHECK(r->total == 1 && r->log.errors == 1, "NULs: %zu tokens", r->total);
   done(r);
   for (size_t i = 0; i < big; i++)
      s[i] = (char)(0x80 | (i & 0x7f));
   r = lex_n(ES100, s, big, NULL);
   CHECK(r->total == 1 && r->log.errors == 1, "invalid UTF-8: %zu tokens", r->total);
   done(r);
   memset(s, '#', big);
   r = lex_n(V120, s, big, NULL);
   CHECK(r->total == big && r->log.errors == big && r->log.len <= 70 * 1024, "'#': log %zu",
         r->log.len);
   done(r);

   /* 10 MB of one-letter tokens and operators */
   for (size_t i = 0; i < big; i += 2) {
      s[i] = i % 4 ? 'a' : '+';
      s[i + 1] = ' ';
   }
   r = lex_n(V120, s, big, NULL);
   CHECK(r->ok && r->total == big / 2 && !r->log.errors, "10 MB of tokens: %zu", r->total);
   done(r);

   /* 10 MB of newlines: line numbers keep counting */
   memset(s, '\n', big);
   s[big - 1] = 'z';
   r = lex_n(V120, s, big, NULL);
   CHECK(r->n == 1 && r->toks[0].loc.line == big, "line %u", r->toks[0].loc.line);
   done(r);

   /* an arena too small for the identifiers: the failure jumps back */
   memset(s, ' ', big);
   for (size_t i = 0; i + 1000 < big; i += 1001)
      memset(s + i, 'q', 1000);
   r = calloc(1, sizeof *r);
   r->version = V120;
   r->text = s;
   r->len = big;
   glsl_arena_init(&r->arena, (size_t)1 << 20);
   glsl_log_init(&r->log);
   r->ok = glsl_arena_run(&r->arena, run_lexer, r);
   CHECK(!r->ok && r->total > 100, "small arena: ok %d after %zu tokens", r->ok, r->total);
   done(r);

   double secs = seconds(clock() - t0);
   CHECK(secs < 20.0, "hostile inputs took %.1f s", secs);
   free(s);
}

int
main(void)
{
   test_sequence();
   test_words();
   test_operators();
   test_numbers();
   test_line();
   test_charset();
   test_identifiers();
   test_extensions();
   test_names();
   test_hostile();
   if (failures)
      fprintf(stderr, "glsl_test_lexer: %d failures\n", failures);
   else
      printf("glsl_test_lexer: ok\n");
   return failures != 0;
}
