/*
 * The GLSL lexer (glsl_lexer.h, docs/glsl.md "Lexer").
 *
 * One pass over the text, no backtracking beyond a token: every byte is
 * looked at a bounded number of times, so time is linear in the input and
 * memory is the tokens' spellings.  Version rules are the tables of
 * glsl_lexer.h; this file has no version numbers of its own.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_lexer.h"

/* ---- the tables as arrays ----------------------------------------------- */

enum word_status {
   WORD_IDENTIFIER,
   WORD_KEYWORD,
   WORD_RESERVED,
};

struct word {
   const char *name;
   uint16_t kind;                 /* GLSL_TOK_ERROR: never a keyword */
   uint16_t keyword[2], reserved[2], free[2];   /* [0] desktop, [1] ES */
};

#define WORD_K(kind, name, kd, ke, rd, re, fd, fe) \
   { name, GLSL_TOK_##kind, { kd, ke }, { rd, re }, { fd, fe } },
#define WORD_R(name, rd, re, fd, fe) { name, GLSL_TOK_ERROR, { 0, 0 }, { rd, re }, { fd, fe } },

/* Keyword rows first, in enum order: a keyword's row is its kind minus
 * FIRST_KEYWORD. */
static const struct word words[] = {
   GLSL_KEYWORDS(WORD_K)
   GLSL_RESERVED_WORDS(WORD_R)
};
#define NUM_WORDS (sizeof words / sizeof words[0])

#define FIRST_KEYWORD GLSL_TOK_ATTRIBUTE

struct op {
   const char *text;
   uint16_t kind;
   uint16_t desktop, es;          /* first versions; before: reserved */
};

#define OP_ROW(kind, text, d, e) { text, GLSL_TOK_##kind, d, e },
static const struct op ops[] = { GLSL_OPERATORS(OP_ROW) };
#define NUM_OPS (sizeof ops / sizeof ops[0])

struct ext_keyword {
   const char *extension;
   uint16_t kind;
};

#define EXT_ROW(name, kind) { name, GLSL_TOK_##kind },
static const struct ext_keyword ext_keywords[] = { GLSL_EXTENSION_KEYWORDS(EXT_ROW) };
#define NUM_EXT_KEYWORDS (sizeof ext_keywords / sizeof ext_keywords[0])
_Static_assert(NUM_EXT_KEYWORDS <= 32, "glsl_lexer.extensions is a 32-bit mask");

struct ext_freed {
   const char *extension, *word;
};

#define FREED_ROW(ext, word) { ext, word },
static const struct ext_freed ext_freed_words[] = { GLSL_EXTENSION_FREED_WORDS(FREED_ROW) };
#define NUM_EXT_FREED (sizeof ext_freed_words / sizeof ext_freed_words[0])
_Static_assert(NUM_EXT_FREED <= 32, "glsl_lexer.freed is a 32-bit mask");

/* Literal suffixes: on an integer or a floating-point constant, with the
 * first versions that have them (GLSL 1.20 added "f", 1.30 and ES 3.00
 * "u", 4.00 "lf"; the specs before say "There are no letter suffixes"). */
struct suffix {
   const char *text;
   bool on_float;
   uint16_t desktop, es;
   uint16_t kind;
};

static const struct suffix suffixes[] = {
   { "u", false, 130, 300, GLSL_TOK_UINTCONST },
   { "U", false, 130, 300, GLSL_TOK_UINTCONST },
   { "f", true, 120, 300, GLSL_TOK_FLOATCONST },
   { "F", true, 120, 300, GLSL_TOK_FLOATCONST },
   { "lf", true, 400, 0, GLSL_TOK_DOUBLECONST },
   { "LF", true, 400, 0, GLSL_TOK_DOUBLECONST },
};

/* An integer constant that needs more than 32 bits is an error from GLSL
 * 1.30 and ES 3.00 on (4.1.3); the specs before say nothing of it: a
 * warning there, and the low 32 bits are used. */
#define INT_RANGE_ERROR_DESKTOP 130
#define INT_RANGE_ERROR_ES 300

/* ES 3.00 on: an identifier longer than GLSL_LEXER_MAX_IDENTIFIER is an
 * error by the spec; elsewhere it is this implementation's limit. */

/* Floating-point constants too large for their type: ES 3.00 on say they
 * become infinity; elsewhere the specs are silent (infinity and a
 * warning). */
#define FLOAT_INF_DEFINED_ES 300

/* Significant digits kept when converting a floating-point constant; the
 * digits beyond only matter as "nonzero or not" (a sticky digit), which
 * keeps the rounding exact (a double needs at most 767 significant digits
 * to round correctly) and the time bounded. */
#define FLOAT_DIGITS 800

/* ---- names --------------------------------------------------------------- */

#define NAME_O(kind, text, ...) "'" text "'",
#define NAME_K(kind, text, ...) "'" text "'",
static const char *const token_names[GLSL_NUM_TOKEN_KINDS] = {
   "end of file",
   "invalid token",
   "identifier",
   "integer constant",
   "unsigned integer constant",
   "floating-point constant",
   "double constant",
   "boolean constant",
   GLSL_OPERATORS(NAME_O)
   GLSL_KEYWORDS(NAME_K)
};

const char *
glsl_token_name(enum glsl_token_kind k)
{
   if ((unsigned)k >= GLSL_NUM_TOKEN_KINDS)
      return "unknown token";
   return token_names[k];
}

/* ---- setup ------------------------------------------------------------- */

static uint32_t
hash_bytes(const char *s, size_t n)
{
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < n; i++)
      h = (h ^ (unsigned char)s[i]) * 16777619u;
   return h;
}

/* The status of a word in a version: of the thresholds reached (keyword,
 * reserved, free again), the latest decides. */
static enum word_status
word_status_in(const struct word *w, struct glsl_version v)
{
   enum word_status st = WORD_IDENTIFIER;
   unsigned latest = 0;
   int l = v.es ? 1 : 0;
   if (glsl_version_at_least(v, w->keyword[0], w->keyword[1]) && w->keyword[l] > latest) {
      latest = w->keyword[l];
      st = WORD_KEYWORD;
   }
   if (glsl_version_at_least(v, w->reserved[0], w->reserved[1]) && w->reserved[l] > latest) {
      latest = w->reserved[l];
      st = WORD_RESERVED;
   }
   if (glsl_version_at_least(v, w->free[0], w->free[1]) && w->free[l] > latest)
      st = WORD_IDENTIFIER;
   return st;
}

static void
compute_word_status(struct glsl_lexer *lx)
{
   for (unsigned i = 0; i < NUM_WORDS; i++)
      lx->word_status[i] = (uint8_t)word_status_in(&words[i], lx->version);
   for (unsigned i = 0; i < NUM_EXT_KEYWORDS; i++)
      if (lx->extensions & (1u << i))
         lx->word_status[ext_keywords[i].kind - FIRST_KEYWORD] = WORD_KEYWORD;
   for (unsigned i = 0; i < NUM_EXT_FREED; i++)
      for (unsigned w = 0; (lx->freed & (1u << i)) && w < NUM_WORDS; w++)
         if (!strcmp(words[w].name, ext_freed_words[i].word) &&
             lx->word_status[w] == WORD_RESERVED)
            lx->word_status[w] = WORD_IDENTIFIER;
}

void
glsl_lexer_init(struct glsl_lexer *lx, struct glsl_arena *a, struct glsl_log *log,
                const char *text, size_t len, struct glsl_version version,
                enum glsl_stage stage)
{
   memset(lx, 0, sizeof *lx);
   lx->arena = a;
   lx->log = log;
   lx->text = text;
   lx->len = text ? len : 0;
   lx->line = 1;
   lx->version = version;
   lx->stage = stage;

   lx->word_status = glsl_alloc(a, NUM_WORDS);
   compute_word_status(lx);

   /* a quarter full at most: short probe runs */
   unsigned size = 64;
   while (size < NUM_WORDS * 4)
      size *= 2;
   lx->hash = glsl_alloc_array(a, size, sizeof *lx->hash);
   lx->hash_mask = size - 1;
   for (unsigned i = 0; i < NUM_WORDS; i++) {
      uint32_t h = hash_bytes(words[i].name, strlen(words[i].name)) & lx->hash_mask;
      while (lx->hash[h])
         h = (h + 1) & lx->hash_mask;
      lx->hash[h] = (uint16_t)(i + 1);
   }

   for (unsigned i = 0; i < NUM_OPS; i++) {
      uint8_t *slot = lx->op_first[(unsigned char)ops[i].text[0]];
      unsigned j = 0;
      while (slot[j])
         j++;   /* at most 4 operators share a first character */
      slot[j] = (uint8_t)(i + 1);
   }
}

bool
glsl_lexer_enable_extension(struct glsl_lexer *lx, const char *name)
{
   bool known = false;
   for (unsigned i = 0; i < NUM_EXT_KEYWORDS; i++)
      if (!strcmp(ext_keywords[i].extension, name)) {
         lx->extensions |= 1u << i;
         known = true;
      }
   for (unsigned i = 0; i < NUM_EXT_FREED; i++)
      if (!strcmp(ext_freed_words[i].extension, name)) {
         lx->freed |= 1u << i;
         known = true;
      }
   if (known)
      compute_word_status(lx);
   return known;
}

/* ---- helpers ------------------------------------------------------------- */

static bool
is_ident_start(unsigned char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_digit(unsigned char c)
{
   return c >= '0' && c <= '9';
}

static bool
is_ident_char(unsigned char c)
{
   return is_ident_start(c) || is_digit(c);
}

static bool
is_hex_digit(unsigned char c)
{
   return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool
is_blank(unsigned char c)
{
   return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static int
peek(const struct glsl_lexer *lx, size_t at)
{
   return at < lx->len ? (unsigned char)lx->text[at] : -1;
}

static struct glsl_loc
loc_at(const struct glsl_lexer *lx, size_t at)
{
   size_t col = at - lx->line_start + 1;
   return (struct glsl_loc){ lx->source, lx->line,
                             col > UINT32_MAX ? UINT32_MAX : (uint32_t)col };
}

/* Messages quote at most this much of a spelling (a 10 MB identifier must
 * not become a 10 MB log line). */
#define QUOTE_MAX 32

static int
quote_len(size_t n)
{
   return n > QUOTE_MAX ? QUOTE_MAX : (int)n;
}

static const char *
quote_more(size_t n)
{
   return n > QUOTE_MAX ? "..." : "";
}

/* "GLSL 1.30 or GLSL ES 3.00" for the first versions of a rule. */
static void
format_versions(char *buf, size_t size, unsigned desktop, unsigned es)
{
   char d[32] = "", e[32] = "";
   if (desktop)
      snprintf(d, sizeof d, "GLSL %u.%02u", desktop / 100, desktop % 100);
   if (es)
      snprintf(e, sizeof e, "GLSL ES %u.%02u", es / 100, es % 100);
   snprintf(buf, size, "%s%s%s", d, desktop && es ? " or " : "", e);
}

static void
set_token(struct glsl_token *t, enum glsl_token_kind kind, struct glsl_loc loc,
          const char *text)
{
   memset(t, 0, sizeof *t);
   t->kind = kind;
   t->loc = loc;
   t->text = text;
}

/* Consumes a newline at pos (CR LF counts once, as the specs say). */
static void
take_newline(struct glsl_lexer *lx)
{
   if (lx->text[lx->pos] == '\r' && peek(lx, lx->pos + 1) == '\n')
      lx->pos++;
   lx->pos++;
   if (lx->line < UINT32_MAX)
      lx->line++;
   lx->line_start = lx->pos;
   lx->line_has_token = false;
}

/* ---- #line -------------------------------------------------------------- */

/* Decimal digits at *p into *v; false when none or above UINT32_MAX (the
 * digits are consumed either way). */
static bool
take_u32(struct glsl_lexer *lx, size_t *p, uint32_t *v, bool *range)
{
   uint64_t n = 0;
   size_t start = *p;
   while (*p < lx->len && is_digit(lx->text[*p])) {
      if (n <= UINT32_MAX)
         n = n * 10 + (unsigned)(lx->text[*p] - '0');
      (*p)++;
   }
   if (*p == start)
      return false;
   if (n > UINT32_MAX) {
      *range = true;
      return false;
   }
   *v = (uint32_t)n;
   return true;
}

/* At a '#': "#line N S" at the start of a line sets the numbering of the
 * next line; anything else is an error (the preprocessor consumed every
 * other directive). */
static void
lex_hash(struct glsl_lexer *lx, struct glsl_token *out, struct glsl_loc loc)
{
   size_t p = lx->pos + 1;
   if (lx->line_has_token) {
      glsl_log_error(lx->log, loc, "syntax error: unexpected '#'");
      lx->pos++;
      set_token(out, GLSL_TOK_ERROR, loc, "");
      return;
   }
   while (p < lx->len && is_blank(lx->text[p]))
      p++;
   bool ok = false, range = false;
   uint32_t line = 0, source = lx->source;
   if (lx->len - p >= 4 && !memcmp(lx->text + p, "line", 4) &&
       (p + 4 == lx->len || is_blank(lx->text[p + 4]))) {
      p += 4;
      while (p < lx->len && is_blank(lx->text[p]))
         p++;
      ok = take_u32(lx, &p, &line, &range);
      if (ok && p < lx->len && is_blank(lx->text[p])) {
         while (p < lx->len && is_blank(lx->text[p]))
            p++;
         if (p < lx->len && is_digit(lx->text[p]))
            ok = take_u32(lx, &p, &source, &range);
         while (p < lx->len && is_blank(lx->text[p]))
            p++;
      }
      ok = ok && (p == lx->len || lx->text[p] == '\n' || lx->text[p] == '\r');
   } else {
      glsl_log_error(lx->log, loc, "syntax error: unexpected '#'");
      lx->pos++;
      lx->line_has_token = true;
      set_token(out, GLSL_TOK_ERROR, loc, "");
      return;
   }
   if (!ok) {
      if (range)
         glsl_log_error(lx->log, loc, "#line number out of range (at most %u)", UINT32_MAX);
      else
         glsl_log_error(lx->log, loc, "syntax error: malformed #line (expected '#line N S')");
      while (p < lx->len && lx->text[p] != '\n' && lx->text[p] != '\r')
         p++;
      lx->pos = p;
      lx->line_has_token = true;
      set_token(out, GLSL_TOK_ERROR, loc, "");
      return;
   }
   lx->pos = p;
   if (p < lx->len)
      take_newline(lx);
   lx->line = line;
   lx->source = source;
   out->kind = GLSL_TOK_EOF;   /* no token: the caller goes on */
}

/* ---- words --------------------------------------------------------------- */

static int
find_word(const struct glsl_lexer *lx, const char *s, size_t n)
{
   uint32_t h = hash_bytes(s, n) & lx->hash_mask;
   while (lx->hash[h]) {
      const struct word *w = &words[lx->hash[h] - 1];
      if (!strncmp(w->name, s, n) && w->name[n] == '\0')
         return lx->hash[h] - 1;
      h = (h + 1) & lx->hash_mask;
   }
   return -1;
}

static void
lex_word(struct glsl_lexer *lx, struct glsl_token *out, struct glsl_loc loc)
{
   const char *s = lx->text + lx->pos;
   size_t start = lx->pos;
   bool double_underscore = false;
   while (lx->pos < lx->len && is_ident_char(lx->text[lx->pos])) {
      double_underscore |= lx->text[lx->pos] == '_' && lx->pos > start &&
                           lx->text[lx->pos - 1] == '_';
      lx->pos++;
   }
   size_t n = lx->pos - start;

   if (n > GLSL_LEXER_MAX_IDENTIFIER) {
      glsl_log_error(lx->log, loc, "identifier '%.*s%s' is longer than %u characters",
                     quote_len(n), s, quote_more(n), GLSL_LEXER_MAX_IDENTIFIER);
      set_token(out, GLSL_TOK_ERROR, loc, "");
      return;
   }
   if ((n == 4 && !memcmp(s, "true", 4)) || (n == 5 && !memcmp(s, "false", 5))) {
      set_token(out, GLSL_TOK_BOOLCONST, loc, n == 4 ? "true" : "false");
      out->value.b = n == 4;
      return;
   }
   int w = find_word(lx, s, n);
   if (w >= 0) {
      switch ((enum word_status)lx->word_status[w]) {
      case WORD_KEYWORD:
         set_token(out, (enum glsl_token_kind)words[w].kind, loc, words[w].name);
         return;
      case WORD_RESERVED:
         glsl_log_error(lx->log, loc, "syntax error: '%s' is reserved", words[w].name);
         set_token(out, GLSL_TOK_ERROR, loc, "");
         return;
      case WORD_IDENTIFIER:
         break;
      }
   }
   set_token(out, GLSL_TOK_IDENTIFIER, loc, glsl_strndup(lx->arena, s, n));
   /* "reserved as possible future keywords" (1.20, ES 1.00, 3.00), "does
    * not itself result in an error" (4.60, ES 3.20): a warning */
   if (double_underscore)
      glsl_log_warning(lx->log, loc, "identifier '%s' contains '__', which is reserved",
                       out->text);
}

/* ---- numbers ------------------------------------------------------------- */

/* The value of a floating-point constant text[from, to) (digits, '.',
 * exponent; no suffix), locale-independent: the digits are rewritten as
 * an integer mantissa and a decimal exponent without a decimal point. */
static double
float_value(const struct glsl_lexer *lx, size_t from, size_t to, bool is_double)
{
   char buf[FLOAT_DIGITS + 32];
   size_t nd = 0;
   int64_t exp10 = 0;
   bool after_point = false, nonzero = false, sticky = false;
   size_t p = from;
   for (; p < to; p++) {
      char c = lx->text[p];
      if (c == '.') {
         after_point = true;
         continue;
      }
      if (!is_digit(c))
         break;
      if (!nonzero && c == '0') {
         if (after_point)
            exp10--;
         continue;
      }
      nonzero = true;
      if (nd < FLOAT_DIGITS) {
         buf[nd++] = c;
         if (after_point)
            exp10--;
      } else {
         sticky |= c != '0';
         if (!after_point)
            exp10++;
      }
   }
   if (!nd)
      return 0.0;
   if (sticky) {
      buf[nd++] = '1';
      exp10--;
   }
   if (p < to) {   /* exponent */
      p++;
      bool neg = false;
      if (lx->text[p] == '+' || lx->text[p] == '-')
         neg = lx->text[p++] == '-';
      int64_t e = 0;
      for (; p < to; p++)
         if (e < 1000000000)
            e = e * 10 + (lx->text[p] - '0');
      exp10 += neg ? -e : e;
   }
   /* far beyond any double: the result is infinity or zero either way */
   if (exp10 > 100000)
      exp10 = 100000;
   if (exp10 < -100000)
      exp10 = -100000;
   snprintf(buf + nd, sizeof buf - nd, "e%lld", (long long)exp10);
   return is_double ? strtod(buf, NULL) : (double)strtof(buf, NULL);
}

static const struct suffix *
find_suffix(const char *s, size_t n)
{
   for (unsigned i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
      if (strlen(suffixes[i].text) == n && !memcmp(suffixes[i].text, s, n))
         return &suffixes[i];
   return NULL;
}

static void
lex_number(struct glsl_lexer *lx, struct glsl_token *out, struct glsl_loc loc)
{
   const char *t = lx->text;
   size_t start = lx->pos, p = start;
   bool is_float = false, hex = false;
   const char *what = "integer constant";

   if (t[p] == '0' && (peek(lx, p + 1) == 'x' || peek(lx, p + 1) == 'X')) {
      hex = true;
      p += 2;
      size_t digits = p;
      while (p < lx->len && is_hex_digit(t[p]))
         p++;
      if (p == digits) {
         lx->pos = p;
         glsl_log_error(lx->log, loc, "syntax error: hexadecimal constant '%.*s' has no digits",
                        (int)(p - start), t + start);
         set_token(out, GLSL_TOK_ERROR, loc, "");
         return;
      }
   } else {
      while (p < lx->len && is_digit(t[p]))
         p++;
      if (peek(lx, p) == '.') {
         is_float = true;
         p++;
         while (p < lx->len && is_digit(t[p]))
            p++;
      }
      if (peek(lx, p) == 'e' || peek(lx, p) == 'E') {
         size_t e = p + 1;
         if (peek(lx, e) == '+' || peek(lx, e) == '-')
            e++;
         if (!is_digit(peek(lx, e)) && (is_float || e > p + 1)) {
            /* "1.5e", "1e+": the exponent is part of the constant */
            lx->pos = e;
            glsl_log_error(lx->log, loc,
                           "syntax error: exponent has no digits in floating-point constant "
                           "'%.*s%s'", quote_len(e - start), t + start, quote_more(e - start));
            set_token(out, GLSL_TOK_ERROR, loc, "");
            return;
         }
         if (is_digit(peek(lx, e))) {
            is_float = true;
            p = e;
            while (p < lx->len && is_digit(t[p]))
               p++;
         }
      }
   }
   size_t end = p;   /* the constant without its suffix */
   if (is_float)
      what = "floating-point constant";

   /* a suffix: the letters, digits and underscores that follow (as in a
    * preprocessing number: "12abc" is one bad constant, not two tokens) */
   while (p < lx->len && is_ident_char(t[p]))
      p++;
   lx->pos = p;
   size_t n = p - start;
   enum glsl_token_kind kind = is_float ? GLSL_TOK_FLOATCONST : GLSL_TOK_INTCONST;
   if (p > end) {
      const struct suffix *sfx = find_suffix(t + end, p - end);
      if (!sfx || sfx->on_float != is_float) {
         glsl_log_error(lx->log, loc, "syntax error: invalid suffix '%.*s%s' on %s",
                        quote_len(p - end), t + end, quote_more(p - end), what);
         set_token(out, GLSL_TOK_ERROR, loc, "");
         return;
      }
      if (!glsl_version_at_least(lx->version, sfx->desktop, sfx->es)) {
         char need[64];
         format_versions(need, sizeof need, sfx->desktop, sfx->es);
         glsl_log_error(lx->log, loc, "syntax error: suffix '%s' needs %s", sfx->text, need);
         set_token(out, GLSL_TOK_ERROR, loc, "");
         return;
      }
      kind = (enum glsl_token_kind)sfx->kind;
   }

   set_token(out, kind, loc, glsl_strndup(lx->arena, t + start, n));
   if (is_float) {
      bool dbl = kind == GLSL_TOK_DOUBLECONST;
      out->value.d = float_value(lx, start, end, dbl);
      if (isinf(out->value.d) && !glsl_version_at_least(lx->version, 0, FLOAT_INF_DEFINED_ES))
         glsl_log_warning(lx->log, loc, "%s '%.*s%s' is too large for a %s; it becomes infinity",
                          what, quote_len(n), out->text, quote_more(n),
                          dbl ? "double" : "float");
      return;
   }

   /* integer: wrapping arithmetic keeps the low 32 bits exact however
    * long the digits run; overflow is tracked aside */
   unsigned base = hex ? 16 : t[start] == '0' ? 8 : 10;
   uint64_t v = 0;
   bool big = false;
   for (size_t i = start + (hex ? 2 : 0); i < end; i++) {
      unsigned c = (unsigned char)t[i];
      unsigned d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
      if (d >= base) {
         glsl_log_error(lx->log, loc, "syntax error: invalid digit '%c' in octal constant '%.*s%s'",
                        (char)c, quote_len(n), out->text, quote_more(n));
         out->kind = GLSL_TOK_ERROR;
         out->text = "";
         return;
      }
      big |= v > (UINT32_MAX - d) / base;
      v = v * base + d;
   }
   out->value.u = v & UINT32_MAX;
   if (big) {
      if (glsl_version_at_least(lx->version, INT_RANGE_ERROR_DESKTOP, INT_RANGE_ERROR_ES))
         glsl_log_error(lx->log, loc, "integer constant '%.*s%s' does not fit in 32 bits",
                        quote_len(n), out->text, quote_more(n));
      else
         glsl_log_warning(lx->log, loc,
                          "integer constant '%.*s%s' does not fit in 32 bits; its low 32 bits "
                          "are used", quote_len(n), out->text, quote_more(n));
   }
}

/* ---- operators and stray characters ------------------------------------- */

static void
lex_operator(struct glsl_lexer *lx, struct glsl_token *out, struct glsl_loc loc)
{
   const uint8_t *cand = lx->op_first[(unsigned char)lx->text[lx->pos]];
   const struct op *best = NULL;
   size_t best_len = 0;
   for (unsigned j = 0; j < 4 && cand[j]; j++) {
      const struct op *o = &ops[cand[j] - 1];
      size_t n = strlen(o->text);
      if (n > best_len && lx->len - lx->pos >= n && !memcmp(lx->text + lx->pos, o->text, n)) {
         best = o;
         best_len = n;
      }
   }
   lx->pos += best_len;
   if (!glsl_version_at_least(lx->version, best->desktop, best->es)) {
      glsl_log_error(lx->log, loc, "syntax error: '%s' is reserved", best->text);
      set_token(out, GLSL_TOK_ERROR, loc, "");
      return;
   }
   set_token(out, (enum glsl_token_kind)best->kind, loc, best->text);
}

static bool
starts_token(const struct glsl_lexer *lx, unsigned char c)
{
   return is_ident_char(c) || c == '#' || (c < 128 && lx->op_first[c][0]);
}

/* Bytes outside the character set (3.1): one error for a run of them. */
static void
lex_invalid(struct glsl_lexer *lx, struct glsl_token *out, struct glsl_loc loc)
{
   unsigned char c = (unsigned char)lx->text[lx->pos];
   if (c > 0x20 && c < 0x7f)
      glsl_log_error(lx->log, loc, "syntax error: invalid character '%c'", c);
   else
      glsl_log_error(lx->log, loc, "syntax error: invalid byte 0x%02x", c);
   lx->pos++;
   while (lx->pos < lx->len) {
      unsigned char d = (unsigned char)lx->text[lx->pos];
      if (is_blank(d) || d == '\n' || d == '\r' || starts_token(lx, d))
         break;
      lx->pos++;
   }
   set_token(out, GLSL_TOK_ERROR, loc, "");
}

/* ---- the loop ------------------------------------------------------------ */

bool
glsl_lexer_next(struct glsl_lexer *lx, struct glsl_token *out)
{
   for (;;) {
      if (lx->pos >= lx->len) {
         set_token(out, GLSL_TOK_EOF, loc_at(lx, lx->pos), "");
         if (lx->done)
            return false;
         lx->done = true;
         return true;
      }
      unsigned char c = (unsigned char)lx->text[lx->pos];
      if (c == '\n' || c == '\r') {
         take_newline(lx);
         continue;
      }
      if (is_blank(c)) {
         lx->pos++;
         continue;
      }
      struct glsl_loc loc = loc_at(lx, lx->pos);
      if (c == '#') {
         lex_hash(lx, out, loc);
         if (out->kind == GLSL_TOK_EOF)
            continue;   /* a #line: no token */
         return true;
      }
      lx->line_has_token = true;
      if (is_ident_start(c))
         lex_word(lx, out, loc);
      else if (is_digit(c) || (c == '.' && is_digit(peek(lx, lx->pos + 1))))
         lex_number(lx, out, loc);
      else if (c < 128 && lx->op_first[c][0])
         lex_operator(lx, out, loc);
      else
         lex_invalid(lx, out, loc);
      return true;
   }
}
