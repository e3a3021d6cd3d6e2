/*
 * The GLSL preprocessor (glsl_pp.h, docs/glsl.md "Preprocessor").
 *
 * The source strings are concatenated into one buffer and read once by a
 * scanner that makes preprocessing tokens (C++'s: identifiers, pp-numbers,
 * GLSL's operators, other single bytes) and new-lines, removing comments and
 * (where the version has it) line continuations.  Directives are handled line
 * by line; other lines go through macro expansion to the output writer, which
 * keeps the output's line numbering equal to the input's (glsl_pp.h).
 *
 * Cost: every input byte is scanned once; the work of macro expansion is
 * bounded by GLSL_PP_MAX_EXPANSION_TOKENS (each token read from a
 * replacement or copied counts) and its depth by
 * GLSL_PP_MAX_EXPANSION_DEPTH; #if nesting and expression depth are
 * bounded, so the C stack is bounded for any input.  Limit errors are
 * fatal: they longjmp to the top of the run (all memory is the arena's).
 *
 * Version-dependent rules are rows of the rules[] table below, gated with
 * glsl_version_at_least.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_pp.h"

/* ---- version rules ------------------------------------------------------ */

enum pp_rule {
   /* backslash-new-line joins lines: in the specs from GLSL 4.20 and ES
    * 3.00 (1.10 - 4.10 say "There is no line continuation character"; ES
    * 1.00 leaves it optional), here in every version: programs written for
    * 1.10 use it in macros, every GL implementation accepts it, and piglit's
    * GLSL 1.10 preprocessor tests (multi-line-define,
    * if-statement-in-macro-in-false-ifdef) expect it */
   RULE_LINE_CONTINUATION,
   /* the token-pasting operator ##: GLSL 1.30 (1.10, 1.20: "There are no
    * number sign based operators (no #, #@, ##, etc.)"); never in ES
    * (ES 3.00: "no ## operator") */
   RULE_TOKEN_PASTE,
   /* after "#line N" the next line is N: GLSL 3.30 and ES 1.00; GLSL 1.10 -
    * 1.50 say "line number line+1" */
   RULE_LINE_NEXT_IS_N,
   /* undefining a predefined macro is an error: ES 3.00 ("It is an error to
    * undefine or to redefine a built-in (pre-defined) macro name");
    * elsewhere undefining is allowed (a warning for reserved names) */
   RULE_UNDEF_PREDEFINED_ERROR,
   /* undefining a GL_ name is an error: GLSL 4.60 ("defining or undefining
    * such a name results in a compile-time error"); before, such names are
    * "reserved" (a warning) */
   RULE_UNDEF_GL_ERROR,
   /* #pragma STDGL invariant(all): GLSL 1.20 and ES 1.00, with invariant */
   RULE_INVARIANT_ALL,
   /* ... and "It is an error to use this pragma in a fragment shader":
    * GLSL 1.20, 1.30 and ES 3.00 (ES 1.00 allows it) */
   RULE_INVARIANT_ALL_NOT_FRAGMENT,
   /* GL_FRAGMENT_PRECISION_HIGH is always 1: GLSL 1.30, ES 3.00 (ES 1.00:
    * where highp is supported in fragment shaders, an option) */
   RULE_FRAGMENT_PRECISION_HIGH,
   /* #version N profile and GL_core_profile: GLSL 1.50 */
   RULE_PROFILES,
   /* #version must be on the first line: ES 3.00 3.4 says so, but no
    * version applies it (gate 0/0): ES 3.00 shaders with comments and blank
    * lines before their #version compile in every implementation, and
    * piglit's glsl-es-3.00 compiler tests expect that (their [config]
    * comment precedes it).  Like the desktop rule: only comments and white
    * space may precede it. */
   RULE_VERSION_FIRST_LINE,
   /* an undefined identifier in an operand of && or || that is not
    * evaluated is no error: ES 1.00 and 3.00 say so; GLSL 1.30+ says "It
    * is an error to use #if or #elif on expressions containing undefined
    * macro names" (1.10 and 1.20 restrict #if to literals and defined) */
   RULE_UNDEFINED_UNEVALUATED_OK,
   /* an undefined identifier in #if/#elif is 0, as in C: GLSL 4.30 says so
    * and drops 1.30's "it is an error"; programs (and piglit's 1.30 tests
    * if-arg-must-be-defined-*) expect it from 1.30 on.  1.10/1.20 keep
    * their literal-only #if, ES its error (ES 3.00 3.4) */
   RULE_UNDEFINED_IS_ZERO,
   NUM_RULES
};

struct pp_rule_row {
   uint16_t desktop, es;   /* first versions (0: never) */
};

static const struct pp_rule_row rules[NUM_RULES] = {
   [RULE_LINE_CONTINUATION] = { 110, 100 },
   [RULE_TOKEN_PASTE] = { 130, 0 },
   [RULE_LINE_NEXT_IS_N] = { 330, 100 },
   [RULE_UNDEF_PREDEFINED_ERROR] = { 0, 300 },
   [RULE_UNDEF_GL_ERROR] = { 460, 0 },
   [RULE_INVARIANT_ALL] = { 120, 100 },
   [RULE_INVARIANT_ALL_NOT_FRAGMENT] = { 120, 300 },
   [RULE_FRAGMENT_PRECISION_HIGH] = { 130, 300 },
   [RULE_PROFILES] = { 150, 0 },
   [RULE_VERSION_FIRST_LINE] = { 0, 0 },
   [RULE_UNDEFINED_UNEVALUATED_OK] = { 0, 100 },
   [RULE_UNDEFINED_IS_ZERO] = { 130, 0 },
};

/* ---- tokens ------------------------------------------------------------- */

enum pp_kind {
   PP_EOF,
   PP_NEWLINE,
   PP_IDENT,
   PP_NUMBER,        /* a pp-number: digits, letters, '.', e+ e- */
   PP_PUNCT,         /* an operator or punctuator; aux is its code */
   PP_OTHER,         /* one byte outside the GLSL character set */
   PP_PLACEMARKER,   /* an empty argument next to ## (never written) */
};

enum pp_flag {
   PPF_SPACE = 1,    /* white space or a comment before it on its line */
   PPF_BOL = 2,      /* the first token of its line */
   PPF_SOURCE = 4,   /* read from the source text (ws is valid) */
   PPF_WS_COMMENT = 8, /* a comment that began on an earlier line ends in
                         * its white space, before ws */
   PPF_NOEXPAND = 16, /* names a macro that was being expanded when it was
                       * read: never expands (C++ 16.3.4) */
   PPF_PASTE = 32,    /* a ## of a macro body (not one from an argument) */
};

/* Operator codes (pp_token.aux): a one-character operator is its character,
 * a two-character one OP2(first, second). */
#define OP2(a, b) ((unsigned)(a) << 8 | (unsigned)(b))
enum {
   OP_SHL_ASSIGN = 1,   /* <<= */
   OP_SHR_ASSIGN = 2,   /* >>= */
};

struct pp_token {
   const char *text;    /* the spelling (not NUL-terminated) */
   const char *ws;      /* source tokens: the white space before it on its
                         * line, in the source buffer */
   uint32_t len, ws_len;
   uint8_t kind, flags;
   uint16_t aux;
   struct glsl_loc loc;
};

/* ---- the run's state ---------------------------------------------------- */

struct pp_scanner {
   const char *buf;
   size_t len, pos;
   const size_t *str_end;   /* offset of the end of each source string */
   unsigned nstr, cur;      /* strings; the one pos is in */
   uint32_t src, line;      /* numbering of the current physical line */
   size_t line_start;       /* offset of the current physical line */
   size_t newlines;         /* physical new-lines consumed so far */
   size_t splices;          /* line continuations removed so far */
   size_t tok_end;          /* end of the last byte taken by sc_take */
   size_t take_splices;     /* splices when sc_take last took a byte */
   bool continuation;       /* backslash-new-line is removed */
   bool bol;                /* no token yet on the current line */
   bool saw_comment;        /* a comment has been read */
};

struct pp_out {
   char *buf;
   size_t len, cap, limit;
   uint32_t src, line;      /* numbering the lexer gives the current line */
   size_t newlines;         /* input new-lines accounted for */
   size_t line_start;       /* offset of the current line in buf */
   bool line_empty;         /* nothing written on the current line */
   uint8_t last_kind;       /* of the last token written */
};

/* A token array in the arena. */
struct pp_toks {
   struct pp_token *t;
   uint32_t n, cap;
};

enum macro_kind {
   MACRO_OBJECT,
   MACRO_FUNCTION,
   MACRO_LINE,        /* __LINE__ */
   MACRO_FILE,        /* __FILE__ */
   MACRO_VERSION,     /* __VERSION__ */
};

struct pp_macro {
   struct pp_macro *next;          /* in its hash bucket */
   const char *name;
   uint32_t name_len;
   uint8_t kind;
   bool predefined;
   bool has_paste;                 /* its body has ## */
   bool disabled;                  /* being expanded: its name does not expand */
   uint16_t nparams;
   const struct pp_token *params;  /* identifiers */
   const struct pp_token *body;    /* a parameter in it: IDENT with aux = index + 1 */
   uint32_t nbody;
   uint64_t hash;
   struct glsl_loc loc;
};

enum cond_kind { COND_IF, COND_IFDEF, COND_IFNDEF };

/* An open #if group. */
struct pp_cond {
   struct glsl_loc loc;            /* of the '#' that opened it */
   uint8_t kind;
   bool taken;                     /* a group of this #if has been taken */
   bool in_else;                   /* after #else */
   bool skipping;                  /* the current group is skipped */
   bool outer_skipping;            /* the enclosing group is skipped */
};

struct pp {
   struct glsl_arena *a;
   struct glsl_log *log;
   const struct glsl_pp_options *opts;
   struct glsl_pp_result *res;
   jmp_buf fatal;
   struct pp_scanner sc;
   struct pp_out out;
   struct glsl_version version;
   size_t input_len;

   /* macros: a hash table with chains; the seed comes from an address
    * (ASLR) so that chosen names cannot make long chains */
   struct pp_macro **buckets;
   uint32_t nbuckets, nmacros;
   uint64_t seed;

   struct pp_cond conds[GLSL_PP_MAX_IF_DEPTH];
   unsigned nconds;

   struct pp_toks line;            /* the tokens of the directive being run */
   size_t cap_extensions;

   bool seen_anything;             /* a token or directive (not #version) */
   bool seen_code;                 /* a token written to the output */
   bool version_seen;

   /* macro expansion: levels in progress, tokens made so far */
   unsigned depth;
   size_t expanded, max_expanded;
};

/* Extensions that bring a rule to earlier versions while enabled. */
static const struct {
   const char *name;
   enum pp_rule rule;
} extension_rules[] = {
   /* "This is a language feature only extension formed from changes made
    * to version 4.20 of GLSL. It includes: Add line-continuation" */
   { "GL_ARB_shading_language_420pack", RULE_LINE_CONTINUATION },
};

static bool
rule(const struct pp *pp, enum pp_rule r)
{
   return glsl_version_at_least(pp->version, rules[r].desktop, rules[r].es);
}

/* ---- messages ----------------------------------------------------------- */

static void
pp_error(struct pp *pp, struct glsl_loc loc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
static void
pp_warning(struct pp *pp, struct glsl_loc loc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
static _Noreturn void
pp_fatal(struct pp *pp, struct glsl_loc loc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static void
pp_error(struct pp *pp, struct glsl_loc loc, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   glsl_log_verror(pp->log, loc, fmt, ap);
   va_end(ap);
}

static void
pp_warning(struct pp *pp, struct glsl_loc loc, const char *fmt, ...)
{
   char msg[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof msg, fmt, ap);
   va_end(ap);
   glsl_log_warning(pp->log, loc, "%s", msg);
}

/* An error that stops preprocessing (a limit was exceeded). */
static _Noreturn void
pp_fatal(struct pp *pp, struct glsl_loc loc, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   glsl_log_verror(pp->log, loc, fmt, ap);
   va_end(ap);
   longjmp(pp->fatal, 1);
}

/* A spelling quoted in a message: at most QUOTE_MAX bytes, then "...", so
 * that a huge token cannot make a huge log line.  Use as "%.*s%s". */
#define QUOTE_MAX 32
#define QUOTE(t) (int)((t)->len > QUOTE_MAX ? QUOTE_MAX : (t)->len), (t)->text, \
                 ((t)->len > QUOTE_MAX ? "..." : "")

/* ---- characters --------------------------------------------------------- */

static bool
is_newline(int c)
{
   return c == '\n' || c == '\r';
}

/* White space other than new-lines (3.1: space, tabs, form feed). */
static bool
is_blank(int c)
{
   return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static bool
is_ident_start(int c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_digit(int c)
{
   return c >= '0' && c <= '9';
}

static bool
is_ident_char(int c)
{
   return is_ident_start(c) || is_digit(c);
}

static uint32_t
sat_inc(uint32_t v)
{
   return v == UINT32_MAX ? v : v + 1;
}

/* ---- the scanner -------------------------------------------------------- */

/* Crosses into the next source strings when pos has reached their start:
 * each string's lines count from 1, and strings are numbered on from the
 * current number (after "#line N S", the next string is S + 1). */
static inline void
sc_enter(struct pp_scanner *s)
{
   while (s->cur + 1 < s->nstr && s->pos >= s->str_end[s->cur]) {
      s->cur++;
      s->src = sat_inc(s->src);
      s->line = 1;
      s->line_start = s->pos;
   }
}

/* Consumes the new-line at pos (CR LF is one, within one string). */
static void
sc_newline(struct pp_scanner *s)
{
   char c = s->buf[s->pos++];
   if (c == '\r' && s->pos < s->str_end[s->cur] && s->buf[s->pos] == '\n')
      s->pos++;
   s->newlines++;
   s->line = sat_inc(s->line);
   s->line_start = s->pos;
}

/* Length of a line continuation (backslash, new-line) at p, or 0. */
static size_t
splice_at(const struct pp_scanner *s, size_t p)
{
   if (!s->continuation || s->buf[p] != '\\' || p + 1 >= s->len || !is_newline(s->buf[p + 1]))
      return 0;
   return s->buf[p + 1] == '\r' && p + 2 < s->len && s->buf[p + 2] == '\n' ? 3 : 2;
}

/* The next character (-1 at the end), after removing line continuations. */
static int
sc_peek(struct pp_scanner *s)
{
   for (;;) {
      sc_enter(s);
      if (s->pos >= s->len)
         return -1;
      if (splice_at(s, s->pos)) {
         s->pos++;
         sc_newline(s);
         s->splices++;
         continue;
      }
      return (unsigned char)s->buf[s->pos];
   }
}

/* The character after the one at pos, continuations removed, without
 * consuming anything. */
static int
sc_peek2(const struct pp_scanner *s)
{
   size_t p = s->pos + 1, n;
   while (p < s->len && (n = splice_at(s, p)) != 0)
      p += n;
   return p < s->len ? (unsigned char)s->buf[p] : -1;
}

/* Takes the character sc_peek returned. */
static void
sc_take(struct pp_scanner *s)
{
   s->pos++;
   s->tok_end = s->pos;
   s->take_splices = s->splices;
}

static struct glsl_loc
sc_loc(const struct pp_scanner *s)
{
   size_t col = s->pos - s->line_start + 1;
   return (struct glsl_loc){ s->src, s->line, col > UINT32_MAX ? UINT32_MAX : (uint32_t)col };
}

/* Skips a comment that starts at pos ("/ *" or "//"); true if there was
 * one.  A block comment's new-lines are counted (they stay in the output). */
static bool
sc_comment(struct pp *pp, struct pp_scanner *s)
{
   int c2 = sc_peek2(s);
   if (c2 == '/') {
      sc_take(s);
      sc_peek(s);
      sc_take(s);
      for (int c; (c = sc_peek(s)) >= 0 && !is_newline(c);)
         s->pos++;
      s->saw_comment = true;
      return true;
   }
   if (c2 != '*')
      return false;
   struct glsl_loc loc = sc_loc(s);
   sc_take(s);
   sc_peek(s);
   sc_take(s);
   s->saw_comment = true;
   for (;;) {
      int c = sc_peek(s);
      if (c < 0) {
         pp_error(pp, loc, "unterminated comment");
         return true;
      }
      if (is_newline(c)) {
         sc_newline(s);
      } else if (c == '*' && sc_peek2(s) == '/') {
         sc_take(s);
         sc_peek(s);
         sc_take(s);
         return true;
      } else {
         s->pos++;
      }
   }
}

/* The two-character operators; "<<=" and ">>=" extend "<<" and ">>". */
static const struct {
   char text[3];
   uint16_t code;
} puncts[] = {
   { "++", OP2('+', '+') }, { "--", OP2('-', '-') }, { "<<", OP2('<', '<') },
   { ">>", OP2('>', '>') }, { "<=", OP2('<', '=') }, { ">=", OP2('>', '=') },
   { "==", OP2('=', '=') }, { "!=", OP2('!', '=') }, { "&&", OP2('&', '&') },
   { "||", OP2('|', '|') }, { "^^", OP2('^', '^') }, { "+=", OP2('+', '=') },
   { "-=", OP2('-', '=') }, { "*=", OP2('*', '=') }, { "/=", OP2('/', '=') },
   { "%=", OP2('%', '=') }, { "&=", OP2('&', '=') }, { "|=", OP2('|', '=') },
   { "^=", OP2('^', '=') }, { "##", OP2('#', '#') },
};

static bool
is_punct_char(int c)
{
   return c > 0 && strchr("+-*/%<>=!&|^~()[]{}.,;:?#", c) != NULL;
}

/* Reads the longest operator at pos (is_punct_char(c)). */
static uint16_t
sc_punct(struct pp_scanner *s, int c)
{
   sc_take(s);
   int c2 = sc_peek(s);
   for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++) {
      if (puncts[i].text[0] != c || puncts[i].text[1] != c2)
         continue;
      sc_take(s);
      if ((c == '<' || c == '>') && c2 == c && sc_peek(s) == '=') {
         sc_take(s);
         return c == '<' ? OP_SHL_ASSIGN : OP_SHR_ASSIGN;
      }
      return puncts[i].code;
   }
   return (uint16_t)c;
}

/*
 * The next token.  White space and comments before it on its line set
 * PPF_SPACE; new-lines are tokens (a block comment's are not: they are
 * counted in s->newlines only).
 */
static void
sc_next(struct pp *pp, struct pp_token *t)
{
   struct pp_scanner *s = &pp->sc;
   bool space = false;
   int c;
   sc_peek(s);
   size_t ws = s->pos;
   bool ws_comment = false, odd_blank = false;
   for (;;) {
      c = sc_peek(s);
      if (is_blank(c)) {
         /* "Each number sign (#) can be preceded in its line only by spaces
          * or horizontal tabs" */
         odd_blank |= c == '\v' || c == '\f';
         if (s->line_start > ws)
            ws = s->line_start;   /* white space counts from the last new-line */
         s->pos++;
         space = true;
      } else if (c == '/' && sc_comment(pp, s)) {
         space = true;
         if (s->line_start > ws) {
            /* a comment with new-lines: one space, then what follows it */
            ws = s->pos;
            ws_comment = true;
         }
      } else {
         break;
      }
   }
   if (s->line_start > ws) {
      ws = s->line_start;   /* a continuation right before the token */
      ws_comment = false;
   }
   t->loc = sc_loc(s);
   t->flags = (uint8_t)((space ? PPF_SPACE : 0) | (s->bol && !odd_blank ? PPF_BOL : 0) |
                        PPF_SOURCE |
                        (ws_comment ? PPF_WS_COMMENT : 0));
   t->ws = s->buf + ws;
   t->ws_len = (uint32_t)(s->pos - ws > UINT32_MAX ? 0 : s->pos - ws);
   t->aux = 0;
   size_t start = s->pos, splices = s->splices;
   t->text = s->buf + start;
   if (c < 0) {
      t->kind = PP_EOF;
      t->len = 0;
      return;
   }
   if (is_newline(c)) {
      sc_newline(s);
      s->bol = true;
      t->kind = PP_NEWLINE;
      t->len = 0;
      return;
   }
   s->bol = false;
   if (is_ident_start(c)) {
      t->kind = PP_IDENT;
      do
         sc_take(s);
      while (is_ident_char(sc_peek(s)));
   } else if (is_digit(c) || (c == '.' && is_digit(sc_peek2(s)))) {
      /* pp-number: digit or .digit, then digits, letters, '_', '.', and
       * a sign after e or E (C++'s preprocessing number) */
      t->kind = PP_NUMBER;
      int prev;
      do {
         prev = c;
         sc_take(s);
         c = sc_peek(s);
      } while (is_ident_char(c) || c == '.' ||
               ((c == '+' || c == '-') && (prev == 'e' || prev == 'E')));
   } else if (is_punct_char(c)) {
      t->kind = PP_PUNCT;
      t->aux = sc_punct(s, c);
   } else {
      t->kind = PP_OTHER;
      sc_take(s);
   }
   size_t len = s->tok_end - start;
   if (s->take_splices != splices) {
      /* continuations inside the token: its spelling without them */
      char *p = glsl_alloc(pp->a, len + 1);
      size_t n = 0;
      for (size_t i = start; i < s->tok_end;) {
         size_t k = splice_at(s, i);
         if (k) {
            i += k;
         } else {
            p[n++] = s->buf[i++];
         }
      }
      t->text = p;
      len = n;
   }
   t->len = (uint32_t)len;
}

/* ---- output ------------------------------------------------------------- */

static void
out_reserve(struct pp *pp, size_t n)
{
   struct pp_out *o = &pp->out;
   if (o->cap - o->len > n)
      return;   /* room for n bytes and the final NUL */
   if (o->len + n >= o->limit) {
      struct glsl_loc loc = { pp->sc.src, pp->sc.line, 1 };
      pp_fatal(pp, loc, "preprocessed text too large (more than %zu bytes)", o->limit);
   }
   size_t cap = o->cap * 2;
   if (cap < o->len + n + 1)
      cap = o->len + n + 1;
   if (cap > o->limit + 1)
      cap = o->limit + 1;
   char *b = glsl_alloc(pp->a, cap);
   memcpy(b, o->buf, o->len);
   o->buf = b;
   o->cap = cap;
}

static void
out_bytes(struct pp *pp, const char *p, size_t n)
{
   out_reserve(pp, n);
   memcpy(pp->out.buf + pp->out.len, p, n);
   pp->out.len += n;
   if (n)
      pp->out.line_empty = false;
}

static void
out_char(struct pp *pp, char c)
{
   out_reserve(pp, 1);
   pp->out.buf[pp->out.len++] = c;
   pp->out.line_empty = c == '\n';
   if (c == '\n')
      pp->out.line_start = pp->out.len;
}

/* Writes the input new-lines not written yet (the end of the run). */
static void
out_flush_newlines(struct pp *pp)
{
   while (pp->out.newlines < pp->sc.newlines) {
      out_char(pp, '\n');
      pp->out.newlines++;
      pp->out.line = sat_inc(pp->out.line);
   }
}

/*
 * Makes the current output line the one numbered loc (source, line): the
 * input's new-lines not written yet are written while they bring the line
 * closer; if the numbering still differs, a "#line N S" line follows.
 */
static void
out_sync(struct pp *pp, struct glsl_loc loc)
{
   struct pp_out *o = &pp->out;
   if (loc.source == o->src && loc.line == o->line &&
       !(loc.line == UINT32_MAX && o->newlines < pp->sc.newlines))
      return;   /* (at the largest line number, lines stay apart) */
   /* towards a later line of the same string: the new-lines up to it; a
    * jump (another string, or back): all pending ones, then "#line" */
   bool ahead = loc.source == o->src && o->line < loc.line;
   while (o->newlines < pp->sc.newlines && (!ahead || o->line < loc.line)) {
      out_char(pp, '\n');
      o->newlines++;
      o->line = sat_inc(o->line);
   }
   if (loc.source == o->src && loc.line == o->line)
      return;
   if (!o->line_empty) {
      out_char(pp, '\n');
      if (o->newlines < pp->sc.newlines)
         o->newlines++;
   }
   char buf[32];
   int n = snprintf(buf, sizeof buf, "#line %u %u\n", loc.line, loc.source);
   out_bytes(pp, buf, (size_t)n);
   o->line_empty = true;
   o->line_start = o->len;
   o->src = loc.source;
   o->line = loc.line;
}

/* Would the last byte written and c form one token if adjacent? */
static bool
would_paste(const struct pp *pp, const struct pp_token *t)
{
   const struct pp_out *o = &pp->out;
   if (o->line_empty || o->len == 0)
      return false;
   char a = o->buf[o->len - 1];
   char b = t->text[0];
   if (is_ident_char(a) && is_ident_char(b))
      return true;   /* identifiers and numbers */
   if (o->last_kind == PP_NUMBER &&
       (b == '.' || ((a == 'e' || a == 'E') && (b == '+' || b == '-'))))
      return true;   /* "1" "." and "1e" "+" would be one pp-number */
   if (a == '.' && is_digit(b))
      return true;
   static const char pairs[][3] = {
      "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "^^", "+=", "-=",
      "*=", "/=", "%=", "&=", "|=", "^=", "##", "//", "/*",
   };
   for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
      if (pairs[i][0] == a && pairs[i][1] == b)
         return true;
   return false;
}

/* Writes the white space before a source token.  The output column is
 * made the token's source column where it is not past it already (the
 * indentation is copied as it is; a comment counts as the bytes it took),
 * so that the lexer's columns are the source's. */
static void
out_source_ws(struct pp *pp, const struct pp_token *t)
{
   struct pp_out *o = &pp->out;
   size_t col = o->len - o->line_start + 1;
   if (col < t->loc.column) {
      size_t gap = t->loc.column - col, run = 0;
      while (run < t->ws_len && is_blank(t->ws[run]))
         run++;
      if (run == t->ws_len && run == gap && !(t->flags & PPF_WS_COMMENT)) {
         out_bytes(pp, t->ws, run);
      } else {
         out_reserve(pp, gap);
         memset(o->buf + o->len, ' ', gap);
         o->len += gap;
         o->line_empty = false;
      }
   } else if ((t->flags & PPF_SPACE) && !o->line_empty) {
      out_char(pp, ' ');
   }
}

/* Writes a token at loc (its own location, or that of the macro call it
 * came from). */
static void
out_token(struct pp *pp, const struct pp_token *t, struct glsl_loc loc)
{
   out_sync(pp, loc);
   size_t before = pp->out.len;
   if (t->flags & PPF_SOURCE)
      out_source_ws(pp, t);
   else if ((t->flags & PPF_SPACE) && !pp->out.line_empty)
      out_char(pp, ' ');
   if (pp->out.len == before && would_paste(pp, t))
      out_char(pp, ' ');
   out_bytes(pp, t->text, t->len);
   pp->out.last_kind = t->kind;
}

/* ---- token arrays ------------------------------------------------------- */

static void
toks_push(struct pp *pp, struct pp_toks *v, const struct pp_token *t)
{
   if (v->n == v->cap) {
      if (v->cap >= UINT32_MAX / 2)
         pp_fatal(pp, t->loc, "too many tokens");
      uint32_t cap = v->cap ? v->cap * 2 : 16;
      v->t = glsl_realloc_array(pp->a, v->t, v->n, cap, sizeof *v->t);
      v->cap = cap;
   }
   v->t[v->n++] = *t;
}

static bool
tok_is(const struct pp_token *t, const char *s)
{
   size_t n = strlen(s);
   return t->len == n && !memcmp(t->text, s, n);
}

static bool
tok_punct(const struct pp_token *t, unsigned code)
{
   return t->kind == PP_PUNCT && t->aux == code;
}

/* ---- the macro table ---------------------------------------------------- */

static uint64_t
name_hash(const struct pp *pp, const char *s, size_t n)
{
   uint64_t h = pp->seed;
   for (size_t i = 0; i < n; i++) {
      h = (h ^ (unsigned char)s[i]) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 32;
   }
   return h;
}

static struct pp_macro *
macro_find(const struct pp *pp, const char *name, size_t len)
{
   uint64_t h = name_hash(pp, name, len);
   for (struct pp_macro *m = pp->buckets[h & (pp->nbuckets - 1)]; m; m = m->next)
      if (m->hash == h && m->name_len == len && !memcmp(m->name, name, len))
         return m;
   return NULL;
}

static void
macro_add(struct pp *pp, struct pp_macro *m)
{
   if (pp->nmacros >= pp->nbuckets) {
      uint32_t nb = pp->nbuckets * 2;
      struct pp_macro **b = glsl_alloc_array(pp->a, nb, sizeof *b);
      for (uint32_t i = 0; i < pp->nbuckets; i++) {
         for (struct pp_macro *o = pp->buckets[i], *next; o; o = next) {
            next = o->next;
            o->next = b[o->hash & (nb - 1)];
            b[o->hash & (nb - 1)] = o;
         }
      }
      pp->buckets = b;
      pp->nbuckets = nb;
   }
   m->hash = name_hash(pp, m->name, m->name_len);
   struct pp_macro **head = &pp->buckets[m->hash & (pp->nbuckets - 1)];
   m->next = *head;
   *head = m;
   pp->nmacros++;
}

static void
macro_remove(struct pp *pp, struct pp_macro *m)
{
   for (struct pp_macro **p = &pp->buckets[m->hash & (pp->nbuckets - 1)]; *p; p = &(*p)->next) {
      if (*p == m) {
         *p = m->next;
         pp->nmacros--;
         return;
      }
   }
}

static const struct pp_token one_body = { .text = "1", .len = 1, .kind = PP_NUMBER };

static void
predefine(struct pp *pp, const char *name, enum macro_kind kind)
{
   struct pp_macro *m = glsl_alloc(pp->a, sizeof *m);
   m->name = name;
   m->name_len = (uint32_t)strlen(name);
   m->kind = (uint8_t)kind;
   m->predefined = true;
   if (kind == MACRO_OBJECT) {
      m->body = &one_body;   /* every predefined object-like macro is 1 */
      m->nbody = 1;
   }
   if (!macro_find(pp, m->name, m->name_len))
      macro_add(pp, m);
}

static bool
is_identifier(const char *s)
{
   if (!is_ident_start((unsigned char)*s))
      return false;
   while (*++s)
      if (!is_ident_char((unsigned char)*s))
         return false;
   return true;
}

/* The predefined macros of the version (3.3 / ES 3.4): a fresh table. */
static void
define_predefined(struct pp *pp)
{
   pp->nbuckets = 64;
   pp->nmacros = 0;
   pp->buckets = glsl_alloc_array(pp->a, pp->nbuckets, sizeof *pp->buckets);
   predefine(pp, "__LINE__", MACRO_LINE);
   predefine(pp, "__FILE__", MACRO_FILE);
   predefine(pp, "__VERSION__", MACRO_VERSION);
   if (pp->version.es)
      predefine(pp, "GL_ES", MACRO_OBJECT);
   if (rule(pp, RULE_PROFILES)) {
      predefine(pp, "GL_core_profile", MACRO_OBJECT);
      if (pp->opts->compatibility_profile)
         predefine(pp, "GL_compatibility_profile", MACRO_OBJECT);
   }
   if (rule(pp, RULE_FRAGMENT_PRECISION_HIGH) ||
       (pp->version.es && pp->opts->es_fragment_precision_high))
      predefine(pp, "GL_FRAGMENT_PRECISION_HIGH", MACRO_OBJECT);
   /* "For each extension there is an associated macro" (ES 3.4) */
   for (const char *const *e = pp->opts->extensions; e && *e; e++)
      if (is_identifier(*e) && strlen(*e) <= GLSL_PP_MAX_NAME)
         predefine(pp, *e, MACRO_OBJECT);
}

/* ---- macro expansion ---------------------------------------------------- */

/*
 * The classic C++ algorithm: a macro's replacement (with its arguments
 * fully expanded and substituted, and ## done) is pushed as a context;
 * tokens are read from the innermost context first, then from the base
 * (the scanner, or a token array for #if, #line and arguments).  While a
 * macro's context is active, its name does not expand; such a name is
 * painted (PPF_NOEXPAND) and never expands later either.
 */
struct pp_context {
   const struct pp_token *toks;
   uint32_t n, pos;
   struct pp_macro *macro;   /* enabled again when the context ends */
   bool body;                /* a macro body: its tokens get loc */
   uint8_t first_space;      /* PPF_SPACE of the call, for the first token */
   struct glsl_loc loc;
};

struct pp_expander {
   struct pp *pp;
   bool scanner;                  /* the base is the scanner, or: */
   const struct pp_token *base;   /* a token array */
   uint32_t nbase, base_pos;
   struct pp_context *ctx;
   unsigned nctx, cap;
   struct pp_token pushback;
   bool has_pushback, pushback_base;
   bool in_if;                    /* "defined" is an operator */
   bool failed;                   /* an error was logged (#if, #line) */
   struct glsl_loc call_loc;      /* of the call being written (output) */
   bool call_started;             /* its first token is not written yet */
};

static void
count_tokens(struct pp *pp, size_t n, struct glsl_loc loc)
{
   pp->expanded += n;
   if (pp->expanded > pp->max_expanded)
      pp_fatal(pp, loc, "macro expansion too large (more than %zu tokens)", pp->max_expanded);
}

static void
depth_push(struct pp *pp, struct glsl_loc loc)
{
   if (pp->depth == GLSL_PP_MAX_EXPANSION_DEPTH)
      pp_fatal(pp, loc, "macro expansion nested too deeply (more than %u levels)",
               GLSL_PP_MAX_EXPANSION_DEPTH);
   pp->depth++;
}

static void
push_context(struct pp_expander *e, const struct pp_token *toks, uint32_t n,
             struct pp_macro *m, bool body, const struct pp_token *call)
{
   struct pp *pp = e->pp;
   depth_push(pp, call->loc);
   if (e->nctx == e->cap) {
      unsigned cap = e->cap ? e->cap * 2 : 8;
      e->ctx = glsl_realloc_array(pp->a, e->ctx, e->nctx, cap, sizeof *e->ctx);
      e->cap = cap;
   }
   struct pp_context *c = &e->ctx[e->nctx++];
   c->toks = toks;
   c->n = n;
   c->pos = 0;
   c->macro = m;
   c->body = body;
   c->first_space = call->flags & PPF_SPACE;
   c->loc = call->loc;
   if (m)
      m->disabled = true;
}

static void
pop_context(struct pp_expander *e)
{
   struct pp_context *c = &e->ctx[--e->nctx];
   if (c->macro)
      c->macro->disabled = false;
   e->pp->depth--;
}

/* The next token, not expanded.  *from_base: it came from the base. */
static void
exp_raw(struct pp_expander *e, struct pp_token *t, bool *from_base)
{
   struct pp *pp = e->pp;
   if (e->has_pushback) {
      *t = e->pushback;
      *from_base = e->pushback_base;
      e->has_pushback = false;
      return;
   }
   while (e->nctx) {
      struct pp_context *c = &e->ctx[e->nctx - 1];
      if (c->pos < c->n) {
         *t = c->toks[c->pos++];
         count_tokens(pp, 1, c->loc);
         if (c->body)
            t->loc = c->loc;
         t->flags &= (uint8_t)~(PPF_SOURCE | PPF_BOL | PPF_WS_COMMENT);
         if (c->pos == 1)
            t->flags = (uint8_t)((t->flags & ~PPF_SPACE) | c->first_space);
         *from_base = false;
         return;
      }
      pop_context(e);
   }
   *from_base = true;
   if (e->scanner) {
      sc_next(pp, t);
   } else if (e->base_pos < e->nbase) {
      *t = e->base[e->base_pos++];
   } else {
      memset(t, 0, sizeof *t);
      t->kind = PP_EOF;
      t->text = "";
      t->loc = e->nbase ? e->base[e->nbase - 1].loc : e->call_loc;
   }
}

static void
exp_unget(struct pp_expander *e, const struct pp_token *t, bool from_base)
{
   e->pushback = *t;
   e->pushback_base = from_base;
   e->has_pushback = true;
}

/* A token in the arena (a number for __LINE__, a pasted token). */
static struct pp_token *
new_token(struct pp *pp, const struct pp_token *like, const char *text, size_t len)
{
   struct pp_token *t = glsl_alloc(pp->a, sizeof *t);
   *t = *like;
   char *p = glsl_alloc(pp->a, len + 1);
   memcpy(p, text, len);
   t->text = p;
   t->len = (uint32_t)len;
   t->flags &= (uint8_t)~(PPF_SOURCE | PPF_BOL | PPF_WS_COMMENT | PPF_NOEXPAND | PPF_PASTE);
   return t;
}

static void exp_next(struct pp_expander *e, struct pp_token *t, bool *from_base);

/* An argument, fully macro-expanded on its own (C++ 16.3.1). */
static struct pp_toks
expand_arg(struct pp_expander *outer, const struct pp_toks *arg, struct glsl_loc loc)
{
   struct pp *pp = outer->pp;
   struct pp_toks out = { 0 };
   if (!arg->n)
      return out;
   struct pp_expander e = { .pp = pp, .base = arg->t, .nbase = arg->n, .in_if = outer->in_if,
                            .call_loc = loc };
   depth_push(pp, loc);
   for (;;) {
      struct pp_token t;
      bool fb;
      exp_next(&e, &t, &fb);
      if (t.kind == PP_EOF)
         break;
      count_tokens(pp, 1, loc);
      toks_push(pp, &out, &t);
   }
   outer->failed |= e.failed;
   pp->depth--;
   return out;
}

/* Is text[0..n) exactly one pp-token?  Its kind and code if so. */
static bool
is_one_token(const char *text, size_t n, uint8_t *kind, uint16_t *aux)
{
   int c = (unsigned char)text[0];
   size_t len = 1;
   *aux = 0;
   if (is_ident_start(c)) {
      *kind = PP_IDENT;
      while (len < n && is_ident_char(text[len]))
         len++;
   } else if (is_digit(c) || (c == '.' && n > 1 && is_digit(text[1]))) {
      *kind = PP_NUMBER;
      while (len < n && (is_ident_char(text[len]) || text[len] == '.' ||
                         ((text[len] == '+' || text[len] == '-') &&
                          (text[len - 1] == 'e' || text[len - 1] == 'E'))))
         len++;
   } else if (is_punct_char(c)) {
      *kind = PP_PUNCT;
      *aux = (uint16_t)c;
      if (n >= 2 && (c == '/' && (text[1] == '/' || text[1] == '*')))
         return false;   /* a comment is not a token */
      for (size_t i = 0; n >= 2 && i < sizeof puncts / sizeof puncts[0]; i++) {
         if (puncts[i].text[0] == c && puncts[i].text[1] == text[1]) {
            len = 2;
            *aux = puncts[i].code;
            if (n >= 3 && (c == '<' || c == '>') && text[1] == c && text[2] == '=') {
               len = 3;
               *aux = c == '<' ? OP_SHL_ASSIGN : OP_SHR_ASSIGN;
            }
            break;
         }
      }
   } else {
      *kind = PP_OTHER;
   }
   return len == n;
}

/* left ## right (C++ 16.3.3): one token, or an error and both kept. */
static bool
paste(struct pp *pp, struct pp_toks *out, const struct pp_token *right, struct glsl_loc loc)
{
   struct pp_token *left = &out->t[out->n - 1];
   if (right->kind == PP_PLACEMARKER)
      return true;
   if (left->kind == PP_PLACEMARKER) {
      uint8_t space = left->flags & PPF_SPACE;
      *left = *right;
      left->flags = (uint8_t)((left->flags & ~PPF_SPACE) | space);
      return true;
   }
   size_t n = (size_t)left->len + right->len;
   char *text = glsl_alloc(pp->a, n + 1);
   memcpy(text, left->text, left->len);
   memcpy(text + left->len, right->text, right->len);
   uint8_t kind;
   uint16_t aux;
   if (!is_one_token(text, n, &kind, &aux)) {
      pp_error(pp, loc, "pasting '%.*s%s' and '%.*s%s' does not give a valid token",
               QUOTE(left), QUOTE(right));
      return false;
   }
   left->text = text;
   left->len = (uint32_t)n;
   left->kind = kind;
   left->aux = aux;
   left->flags &= (uint8_t)~(PPF_NOEXPAND | PPF_PASTE);
   return true;
}

/* The ## of a replacement (marked PPF_PASTE), left to right; placemarkers
 * go. */
static struct pp_toks
do_pastes(struct pp_expander *e, const struct pp_toks *in, struct glsl_loc loc)
{
   struct pp *pp = e->pp;
   struct pp_toks out = { 0 };
   for (uint32_t i = 0; i < in->n; i++) {
      const struct pp_token *c = &in->t[i];
      if ((c->flags & PPF_PASTE) && out.n && i + 1 < in->n) {
         if (!paste(pp, &out, &in->t[i + 1], loc)) {
            e->failed = true;
            toks_push(pp, &out, &in->t[i + 1]);
         }
         i++;
         continue;
      }
      toks_push(pp, &out, c);
   }
   uint32_t n = 0;
   for (uint32_t i = 0; i < out.n; i++)
      if (out.t[i].kind != PP_PLACEMARKER)
         out.t[n++] = out.t[i];
   out.n = n;
   return out;
}

/* After a function-like macro's name: its arguments, substituted into its
 * body and pushed; false when there is no '(' (the name stays a name). */
static bool
expand_call(struct pp_expander *e, struct pp_macro *m, const struct pp_token *name)
{
   struct pp *pp = e->pp;
   struct pp_token t;
   bool fb;
   /* the '(' may come on a later line, or after the end of a context */
   do
      exp_raw(e, &t, &fb);
   while (t.kind == PP_NEWLINE);
   if (!tok_punct(&t, '(')) {
      exp_unget(e, &t, fb);
      return false;
   }

   unsigned nargs = 1, depth = 0;
   uint8_t space = 0;
   unsigned keep = m->nparams ? m->nparams : 1;
   struct pp_toks *args = glsl_alloc_array(pp->a, keep, sizeof *args);
   for (;;) {
      exp_raw(e, &t, &fb);
      if (t.kind == PP_EOF) {
         pp_error(pp, name->loc, "unterminated call of macro '%.*s%s'", QUOTE(name));
         e->failed = true;
         return true;
      }
      if (t.kind == PP_NEWLINE) {
         space = PPF_SPACE;
         continue;
      }
      if (fb && tok_punct(&t, '#') && (t.flags & PPF_BOL)) {
         /* undefined in ES 3.4 and C++: an error here */
         pp_error(pp, t.loc, "directive inside the arguments of macro '%.*s%s'", QUOTE(name));
         exp_unget(e, &t, fb);
         e->failed = true;
         return true;
      }
      t.flags |= space;
      space = 0;
      if (tok_punct(&t, '(')) {
         depth++;
      } else if (tok_punct(&t, ')')) {
         if (depth == 0)
            break;
         depth--;
      } else if (tok_punct(&t, ',') && depth == 0) {
         nargs++;
         continue;
      }
      if (nargs <= keep) {
         t.flags &= (uint8_t)~(PPF_SOURCE | PPF_BOL | PPF_WS_COMMENT);
         count_tokens(pp, 1, name->loc);
         toks_push(pp, &args[nargs - 1], &t);
      }
   }
   if (m->nparams == 0 && nargs == 1 && args[0].n == 0)
      nargs = 0;   /* F() */
   if (nargs != m->nparams) {
      pp_error(pp, name->loc, "macro '%.*s%s' takes %u argument%s, %u given", QUOTE(name),
               m->nparams, m->nparams == 1 ? "" : "s", nargs);
      e->failed = true;
      return true;
   }

   /* substitution: a parameter next to ## gets its argument as written,
    * others the argument fully expanded (once, on first use) */
   struct pp_toks *expanded = m->nparams ? glsl_alloc_array(pp->a, m->nparams, sizeof *expanded)
                                         : NULL;
   bool *done = m->nparams ? glsl_alloc_array(pp->a, m->nparams, sizeof *done) : NULL;
   struct pp_toks out = { 0 };
   bool has_paste = false;
   for (uint32_t i = 0; i < m->nbody; i++) {
      const struct pp_token *b = &m->body[i];
      if (b->kind == PP_IDENT && b->aux) {
         unsigned k = b->aux - 1u;
         bool raw = (i > 0 && tok_punct(&m->body[i - 1], OP2('#', '#'))) ||
                    (i + 1 < m->nbody && tok_punct(&m->body[i + 1], OP2('#', '#')));
         const struct pp_toks *a = &args[k];
         if (!raw) {
            if (!done[k]) {
               expanded[k] = expand_arg(e, &args[k], name->loc);
               done[k] = true;
            }
            a = &expanded[k];
         }
         uint32_t first = out.n;
         if (!a->n && raw) {
            struct pp_token pm = { .text = "", .kind = PP_PLACEMARKER, .loc = name->loc };
            toks_push(pp, &out, &pm);
         }
         count_tokens(pp, a->n, name->loc);
         for (uint32_t j = 0; j < a->n; j++)
            toks_push(pp, &out, &a->t[j]);
         if (out.n > first)
            out.t[first].flags = (uint8_t)((out.t[first].flags & ~PPF_SPACE) |
                                           (b->flags & PPF_SPACE));
      } else {
         struct pp_token c = *b;
         c.loc = name->loc;
         if (tok_punct(&c, OP2('#', '#'))) {
            c.flags |= PPF_PASTE;
            has_paste = true;
         }
         count_tokens(pp, 1, name->loc);
         toks_push(pp, &out, &c);
      }
   }
   if (has_paste)
      out = do_pastes(e, &out, name->loc);
   push_context(e, out.t, out.n, m, false, name);
   return true;
}

/* "defined X" or "defined ( X )" in #if: the token 1 or 0. */
static void
exp_defined(struct pp_expander *e, struct pp_token *t)
{
   struct pp *pp = e->pp;
   struct pp_token n;
   bool fb, paren = false;
   exp_raw(e, &n, &fb);
   if (tok_punct(&n, '(')) {
      paren = true;
      exp_raw(e, &n, &fb);
   }
   bool value = false;
   if (n.kind != PP_IDENT) {
      pp_error(pp, n.kind == PP_EOF ? t->loc : n.loc, "'defined' needs a macro name");
      e->failed = true;
      if (n.kind == PP_EOF)
         exp_unget(e, &n, fb);
   } else {
      value = macro_find(pp, n.text, n.len) != NULL;
      if (paren) {
         struct pp_token c;
         exp_raw(e, &c, &fb);
         if (!tok_punct(&c, ')')) {
            pp_error(pp, c.kind == PP_EOF ? n.loc : c.loc, "missing ')' after 'defined'");
            e->failed = true;
            exp_unget(e, &c, fb);
         }
      }
   }
   t->kind = PP_NUMBER;
   t->text = value ? "1" : "0";
   t->len = 1;
   t->aux = 0;
}

/* The next token with macros expanded. */
static void
exp_next(struct pp_expander *e, struct pp_token *t, bool *from_base)
{
   struct pp *pp = e->pp;
   for (;;) {
      exp_raw(e, t, from_base);
      if (t->kind != PP_IDENT || (t->flags & PPF_NOEXPAND))
         return;
      if (e->in_if && tok_is(t, "defined")) {
         exp_defined(e, t);
         return;
      }
      struct pp_macro *m = macro_find(pp, t->text, t->len);
      if (!m)
         return;
      if (m->disabled) {
         t->flags |= PPF_NOEXPAND;
         return;
      }
      if (*from_base && !e->nctx) {
         e->call_loc = t->loc;
         e->call_started = true;
      }
      struct pp_token name = *t;
      char num[16];
      switch ((enum macro_kind)m->kind) {
      case MACRO_OBJECT:
         if (m->has_paste) {
            struct pp_toks body = { 0 };
            count_tokens(pp, m->nbody, name.loc);
            for (uint32_t i = 0; i < m->nbody; i++) {
               toks_push(pp, &body, &m->body[i]);
               body.t[i].loc = name.loc;
               if (tok_punct(&body.t[i], OP2('#', '#')))
                  body.t[i].flags |= PPF_PASTE;
            }
            body = do_pastes(e, &body, name.loc);
            push_context(e, body.t, body.n, m, false, &name);
         } else {
            push_context(e, m->body, m->nbody, m, true, &name);
         }
         break;
      case MACRO_FUNCTION:
         if (!expand_call(e, m, &name))
            return;   /* no '(': a plain name */
         break;
      case MACRO_LINE:
      case MACRO_FILE:
      case MACRO_VERSION: {
         unsigned v = m->kind == MACRO_LINE ? name.loc.line
                    : m->kind == MACRO_FILE ? name.loc.source : pp->version.number;
         int n = snprintf(num, sizeof num, "%u", v);
         struct pp_token like = name;
         like.kind = PP_NUMBER;
         struct pp_token *nt = new_token(pp, &like, num, (size_t)n);
         push_context(e, nt, 1, NULL, false, &name);
         break;
      }
      }
   }
}

/* ---- directives: common parts ------------------------------------------- */

/* Reads the rest of the directive's line into pp->line (the new-line is
 * consumed, not stored). */
static void
read_line(struct pp *pp)
{
   pp->line.n = 0;
   for (;;) {
      struct pp_token t;
      sc_next(pp, &t);
      if (t.kind == PP_EOF || t.kind == PP_NEWLINE)
         return;
      toks_push(pp, &pp->line, &t);
   }
}

/* Skips the rest of the line. */
static void
skip_line(struct pp *pp)
{
   struct pp_token t;
   do
      sc_next(pp, &t);
   while (t.kind != PP_EOF && t.kind != PP_NEWLINE);
}

/* An error for tokens after what a directive takes. */
static bool
check_end(struct pp *pp, const char *directive, uint32_t used)
{
   if (pp->line.n <= used)
      return true;
   const struct pp_token *t = &pp->line.t[used];
   pp_error(pp, t->loc, "extra tokens at the end of #%s", directive);
   return false;
}

/* A macro name in a directive: one identifier, not "defined". */
static const struct pp_token *
macro_name(struct pp *pp, const char *directive, struct glsl_loc hash_loc)
{
   if (!pp->line.n || pp->line.t[0].kind != PP_IDENT) {
      pp_error(pp, pp->line.n ? pp->line.t[0].loc : hash_loc, "#%s needs a macro name",
               directive);
      return NULL;
   }
   const struct pp_token *t = &pp->line.t[0];
   if (tok_is(t, "defined")) {
      pp_error(pp, t->loc, "'defined' cannot be a macro name");
      return NULL;
   }
   return t;
}

static bool
has_gl_prefix(const struct pp_token *t)
{
   return t->len >= 3 && !memcmp(t->text, "GL_", 3);
}

static bool
has_double_underscore(const struct pp_token *t)
{
   for (uint32_t i = 0; i + 1 < t->len; i++)
      if (t->text[i] == '_' && t->text[i + 1] == '_')
         return true;
   return false;
}

/* ---- #define and #undef ------------------------------------------------- */

/* Same definition (C++ 16.3: same parameters, same replacement list with
 * the same white-space separation)? */
static bool
macro_same(const struct pp_macro *a, const struct pp_macro *b)
{
   if (a->kind != b->kind || a->nparams != b->nparams || a->nbody != b->nbody)
      return false;
   for (uint32_t i = 0; i < a->nparams; i++)
      if (a->params[i].len != b->params[i].len ||
          memcmp(a->params[i].text, b->params[i].text, a->params[i].len))
         return false;
   for (uint32_t i = 0; i < a->nbody; i++) {
      const struct pp_token *x = &a->body[i], *y = &b->body[i];
      if (x->len != y->len || memcmp(x->text, y->text, x->len) || x->aux != y->aux ||
          (i > 0 && (x->flags & PPF_SPACE) != (y->flags & PPF_SPACE)))
         return false;
   }
   return true;
}

static void
do_define(struct pp *pp, struct glsl_loc hash_loc)
{
   const struct pp_token *name = macro_name(pp, "define", hash_loc);
   if (!name)
      return;
   if (name->len > GLSL_PP_MAX_NAME) {
      pp_error(pp, name->loc, "macro name is longer than %u characters", GLSL_PP_MAX_NAME);
      return;
   }
   struct pp_macro *m = glsl_alloc(pp->a, sizeof *m);
   m->name = name->text;
   m->name_len = name->len;
   m->loc = name->loc;
   m->kind = MACRO_OBJECT;
   uint32_t i = 1;
   struct pp_toks params = { 0 };
   /* function-like: '(' right after the name, no white space between */
   if (i < pp->line.n && tok_punct(&pp->line.t[i], '(') &&
       !(pp->line.t[i].flags & PPF_SPACE)) {
      m->kind = MACRO_FUNCTION;
      i++;
      bool want_name = true;
      for (;; i++) {
         if (i >= pp->line.n) {
            pp_error(pp, hash_loc, "missing ')' in the parameter list of macro '%.*s%s'",
                     QUOTE(name));
            return;
         }
         const struct pp_token *t = &pp->line.t[i];
         if (want_name && t->kind == PP_IDENT) {
            for (uint32_t j = 0; j < params.n; j++) {
               if (params.t[j].len == t->len && !memcmp(params.t[j].text, t->text, t->len)) {
                  pp_error(pp, t->loc, "duplicate macro parameter '%.*s%s'", QUOTE(t));
                  return;
               }
            }
            if (params.n == GLSL_PP_MAX_PARAMS) {
               pp_error(pp, t->loc, "more than %u macro parameters", GLSL_PP_MAX_PARAMS);
               return;
            }
            toks_push(pp, &params, t);
            want_name = false;
         } else if (!want_name && tok_punct(t, ',')) {
            want_name = true;
         } else if (tok_punct(t, ')') && (!want_name || params.n == 0)) {
            i++;
            break;
         } else {
            pp_error(pp, t->loc, "unexpected '%.*s%s' in the parameter list of macro '%.*s%s'",
                     QUOTE(t), QUOTE(name));
            return;
         }
      }
      m->nparams = (uint16_t)params.n;
      m->params = params.t;
   }

   /* the replacement list */
   uint32_t n = pp->line.n - i;
   struct pp_token *body = n ? glsl_alloc_array(pp->a, n, sizeof *body) : NULL;
   for (uint32_t j = 0; j < n; j++) {
      struct pp_token t = pp->line.t[i + j];
      t.flags &= (uint8_t)~(PPF_BOL | PPF_SOURCE | PPF_WS_COMMENT);
      if (j == 0)
         t.flags &= (uint8_t)~PPF_SPACE;
      t.aux = t.kind == PP_PUNCT ? t.aux : 0;
      if (t.kind == PP_IDENT) {
         for (uint32_t k = 0; k < m->nparams; k++)
            if (m->params[k].len == t.len && !memcmp(m->params[k].text, t.text, t.len))
               t.aux = (uint16_t)(k + 1);
      }
      if (tok_punct(&t, '#')) {
         pp_error(pp, t.loc, "'#' is not allowed in a macro body (there is no # operator)");
         return;
      }
      if (tok_punct(&t, OP2('#', '#'))) {
         if (!rule(pp, RULE_TOKEN_PASTE)) {
            pp_error(pp, t.loc, "token pasting ('##') needs GLSL 1.30 and is not in GLSL ES");
            return;
         }
         if (j == 0 || j == n - 1) {
            pp_error(pp, t.loc, "'##' cannot be at either end of a macro body");
            return;
         }
         m->has_paste = true;
      }
      body[j] = t;
   }
   m->body = body;
   m->nbody = n;

   struct pp_macro *old = macro_find(pp, m->name, m->name_len);
   if (old && old->predefined) {
      pp_error(pp, name->loc, "redefining predefined macro '%.*s%s'", QUOTE(name));
      return;
   }
   /* GL_: "reserved" (1.10 - 4.50), "results in a compile-time error"
    * (4.60, ES 3.20); __: reserved, "does not itself result in an error" */
   if (has_gl_prefix(name)) {
      pp_error(pp, name->loc, "macro names beginning with 'GL_' are reserved");
      return;
   }
   if (old) {
      if (!macro_same(old, m))
         pp_error(pp, name->loc, "macro '%.*s%s' redefined differently", QUOTE(name));
      return;   /* the same definition again is allowed */
   }
   if (has_double_underscore(name))
      pp_warning(pp, name->loc, "macro names containing '__' are reserved");
   macro_add(pp, m);
}

static void
do_undef(struct pp *pp, struct glsl_loc hash_loc)
{
   const struct pp_token *name = macro_name(pp, "undef", hash_loc);
   if (!name || !check_end(pp, "undef", 1))
      return;
   struct pp_macro *m = macro_find(pp, name->text, name->len);
   if (m && m->predefined && rule(pp, RULE_UNDEF_PREDEFINED_ERROR)) {
      pp_error(pp, name->loc, "undefining predefined macro '%.*s%s'", QUOTE(name));
      return;
   }
   if (has_gl_prefix(name)) {
      if (rule(pp, RULE_UNDEF_GL_ERROR)) {
         pp_error(pp, name->loc, "macro names beginning with 'GL_' are reserved");
         return;
      }
      pp_warning(pp, name->loc, "macro names beginning with 'GL_' are reserved");
   } else if (has_double_underscore(name)) {
      pp_warning(pp, name->loc, "macro names containing '__' are reserved");
   }
   if (m)
      macro_remove(pp, m);
}

/* ---- #if and #line expressions ------------------------------------------ */

/*
 * The operators and precedences of 3.3's table (C++'s, without ?: and ,),
 * evaluated in 64 bits as C++ does (intmax_t, or uintmax_t when either
 * operand is unsigned: a 'u' suffix, or a hexadecimal or octal constant
 * above INT64_MAX).  Overflow wraps around; division or modulo by zero and
 * shifts by a negative count or by 64 or more are errors where evaluated.
 */
struct pp_value {
   uint64_t v;
   bool uns;
};

struct pp_eval {
   struct pp *pp;
   const struct pp_token *t;
   uint32_t n, pos;
   unsigned depth;
   const char *directive;
   struct glsl_loc loc;      /* of the '#' */
};

static bool eval_binary(struct pp_eval *ev, int min_prec, bool evaluate, struct pp_value *out);

static bool
eval_syntax(struct pp_eval *ev)
{
   if (ev->pos < ev->n) {
      const struct pp_token *t = &ev->t[ev->pos];
      pp_error(ev->pp, t->loc, "syntax error in #%s: unexpected '%.*s%s'", ev->directive,
               QUOTE(t));
   } else {
      pp_error(ev->pp, ev->loc, "syntax error in #%s: unexpected end of line", ev->directive);
   }
   return false;
}

/* An integer constant: decimal, octal or hexadecimal, optional 'u'. */
static bool
eval_number(struct pp_eval *ev, const struct pp_token *t, struct pp_value *out)
{
   const char *p = t->text, *end = t->text + t->len;
   unsigned base = 10;
   if (end - p > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
      base = 16;
      p += 2;
   } else if (p[0] == '0') {
      base = 8;
   }
   bool uns = false;
   if (end > p && (end[-1] == 'u' || end[-1] == 'U')) {
      uns = true;
      end--;
   }
   uint64_t v = 0;
   bool big = false;
   const char *digits = p;
   for (; p < end; p++) {
      unsigned d;
      if (is_digit(*p))
         d = (unsigned)(*p - '0');
      else if (*p >= 'a' && *p <= 'f')
         d = (unsigned)(*p - 'a' + 10);
      else if (*p >= 'A' && *p <= 'F')
         d = (unsigned)(*p - 'A' + 10);
      else
         d = 99;
      if (d >= base)
         break;
      if (v > (UINT64_MAX - d) / base)
         big = true;
      v = v * base + d;
   }
   if (p != end || p == digits) {
      pp_error(ev->pp, t->loc, "invalid integer constant '%.*s%s' in #%s", QUOTE(t),
               ev->directive);
      return false;
   }
   /* C++: a decimal constant without suffix must fit a signed type */
   if (big || (base == 10 && !uns && v > INT64_MAX)) {
      pp_error(ev->pp, t->loc, "integer constant '%.*s%s' is too large", QUOTE(t));
      return false;
   }
   out->v = v;
   out->uns = uns || v > INT64_MAX;
   return true;
}

static bool
eval_unary(struct pp_eval *ev, bool evaluate, struct pp_value *out)
{
   struct pp *pp = ev->pp;
   if (ev->pos >= ev->n)
      return eval_syntax(ev);
   const struct pp_token *t = &ev->t[ev->pos];
   if (t->kind == PP_NUMBER) {
      ev->pos++;
      return eval_number(ev, t, out);
   }
   if (t->kind == PP_IDENT) {
      /* after expansion and "defined": an undefined name (ES 3.4: "Use of
       * such identifiers causes an error", except where not evaluated) */
      ev->pos++;
      out->v = 0;
      out->uns = false;
      if (!evaluate && rule(pp, RULE_UNDEFINED_UNEVALUATED_OK))
         return true;
      if (rule(pp, RULE_UNDEFINED_IS_ZERO) && strcmp(ev->directive, "line") &&
          !macro_find(pp, t->text, t->len))
         return true;   /* #if/#elif only: #line takes numbers */
      if (macro_find(pp, t->text, t->len))
         pp_error(pp, t->loc, "'%.*s%s' in #%s is not an integer (its expansion refers to "
                  "itself)", QUOTE(t), ev->directive);
      else
         pp_error(pp, t->loc, "undefined identifier '%.*s%s' in #%s", QUOTE(t), ev->directive);
      return false;
   }
   if (t->kind != PP_PUNCT)
      return eval_syntax(ev);
   if (++ev->depth > GLSL_PP_MAX_EXPR_DEPTH)
      pp_fatal(pp, t->loc, "#%s expression nested too deeply (more than %u levels)",
               ev->directive, GLSL_PP_MAX_EXPR_DEPTH);
   bool ok;
   switch (t->aux) {
   case '(':
      ev->pos++;
      ok = eval_binary(ev, 1, evaluate, out);
      if (ok && (ev->pos >= ev->n || !tok_punct(&ev->t[ev->pos], ')'))) {
         pp_error(pp, t->loc, "missing ')' in #%s", ev->directive);
         ok = false;
      }
      ev->pos++;
      break;
   case '+':
   case '-':
   case '~':
   case '!':
      ev->pos++;
      ok = eval_unary(ev, evaluate, out);
      if (t->aux == '-')
         out->v = 0 - out->v;
      else if (t->aux == '~')
         out->v = ~out->v;
      else if (t->aux == '!') {
         out->v = out->v == 0;
         out->uns = false;
      }
      break;
   default:
      ok = eval_syntax(ev);
      break;
   }
   ev->depth--;
   return ok;
}

/* Precedence of a binary operator (3.3: 12 lowest is ||), 0 if none. */
static int
binary_prec(const struct pp_token *t)
{
   if (t->kind != PP_PUNCT)
      return 0;
   switch (t->aux) {
   case OP2('|', '|'): return 1;
   case OP2('&', '&'): return 2;
   case '|': return 3;
   case '^': return 4;
   case '&': return 5;
   case OP2('=', '='): case OP2('!', '='): return 6;
   case '<': case '>': case OP2('<', '='): case OP2('>', '='): return 7;
   case OP2('<', '<'): case OP2('>', '>'): return 8;
   case '+': case '-': return 9;
   case '*': case '/': case '%': return 10;
   default: return 0;
   }
}

static bool
eval_apply(struct pp_eval *ev, const struct pp_token *op, bool evaluate, struct pp_value *l,
           struct pp_value r)
{
   struct pp *pp = ev->pp;
   bool uns = l->uns || r.uns;   /* the usual arithmetic conversions */
   uint64_t a = l->v, b = r.v;
   int64_t sa = (int64_t)a, sb = (int64_t)b;
   switch (op->aux) {
   case OP2('|', '|'): l->v = a || b; l->uns = false; return true;
   case OP2('&', '&'): l->v = a && b; l->uns = false; return true;
   case '|': l->v = a | b; break;
   case '^': l->v = a ^ b; break;
   case '&': l->v = a & b; break;
   case OP2('=', '='): l->v = a == b; l->uns = false; return true;
   case OP2('!', '='): l->v = a != b; l->uns = false; return true;
   case '<': l->v = uns ? a < b : sa < sb; l->uns = false; return true;
   case '>': l->v = uns ? a > b : sa > sb; l->uns = false; return true;
   case OP2('<', '='): l->v = uns ? a <= b : sa <= sb; l->uns = false; return true;
   case OP2('>', '='): l->v = uns ? a >= b : sa >= sb; l->uns = false; return true;
   case OP2('<', '<'):
   case OP2('>', '>'):
      /* the type of the left operand; the count must be 0 - 63 */
      if ((!r.uns && sb < 0) || b >= 64) {
         if (evaluate) {
            pp_error(pp, op->loc, "shift count out of range in #%s", ev->directive);
            return false;
         }
         l->v = 0;
         return true;
      }
      if (op->aux == OP2('<', '<'))
         l->v = a << b;
      else
         l->v = l->uns ? a >> b : (uint64_t)(sa < 0 ? ~(~sa >> b) : sa >> b);
      return true;
   case '+': l->v = a + b; break;
   case '-': l->v = a - b; break;
   case '*': l->v = a * b; break;
   case '/':
   case '%':
      if (b == 0) {
         if (evaluate) {
            pp_error(pp, op->loc, "%s by zero in #%s", op->aux == '/' ? "division" : "modulo",
                     ev->directive);
            return false;
         }
         l->v = 0;
      } else if (uns) {
         l->v = op->aux == '/' ? a / b : a % b;
      } else if (sb == -1) {
         l->v = op->aux == '/' ? 0 - a : 0;   /* INT64_MIN / -1 wraps */
      } else {
         l->v = (uint64_t)(op->aux == '/' ? sa / sb : sa % sb);
      }
      break;
   }
   l->uns = uns;
   return true;
}

static bool
eval_binary(struct pp_eval *ev, int min_prec, bool evaluate, struct pp_value *out)
{
   if (!eval_unary(ev, evaluate, out))
      return false;
   while (ev->pos < ev->n) {
      const struct pp_token *op = &ev->t[ev->pos];
      int prec = binary_prec(op);
      if (prec < min_prec || prec == 0)
         break;
      ev->pos++;
      /* && and || evaluate their right operand only when it decides */
      bool right_eval = evaluate;
      if (op->aux == OP2('|', '|'))
         right_eval = evaluate && out->v == 0;
      else if (op->aux == OP2('&', '&'))
         right_eval = evaluate && out->v != 0;
      struct pp_value r;
      if (!eval_binary(ev, prec + 1, right_eval, &r) || !eval_apply(ev, op, evaluate, out, r))
         return false;
   }
   return true;
}

/*
 * Evaluates the directive's line: macro-expanded (with "defined"), then
 * one expression (#if, #elif) or up to max (#line: "#line 10 2"; each
 * operand is the longest expression, so "#line 2 +2" is 4).
 */
static bool
eval_line(struct pp *pp, struct glsl_loc loc, const char *directive, struct pp_value *values,
          unsigned max, unsigned *count)
{
   struct pp_expander e = { .pp = pp, .base = pp->line.t, .nbase = pp->line.n, .in_if = true,
                            .call_loc = loc };
   struct pp_toks ex = { 0 };
   for (;;) {
      struct pp_token t;
      bool fb;
      exp_next(&e, &t, &fb);
      if (t.kind == PP_EOF)
         break;
      toks_push(pp, &ex, &t);
   }
   if (e.failed)
      return false;
   if (!ex.n) {
      pp_error(pp, loc, "#%s with no expression", directive);
      return false;
   }
   struct pp_eval ev = { pp, ex.t, ex.n, 0, 0, directive, loc };
   unsigned k = 0;
   while (k < max && ev.pos < ev.n) {
      if (!eval_binary(&ev, 1, true, &values[k]))
         return false;
      k++;
   }
   if (ev.pos < ev.n)
      return eval_syntax(&ev);
   *count = k;
   return true;
}

/* ---- conditionals ------------------------------------------------------- */

static bool
skipping(const struct pp *pp)
{
   return pp->nconds && pp->conds[pp->nconds - 1].skipping;
}

static const char *const cond_names[] = { "if", "ifdef", "ifndef" };

static struct pp_cond *
cond_push(struct pp *pp, enum cond_kind kind, struct glsl_loc loc)
{
   if (pp->nconds == GLSL_PP_MAX_IF_DEPTH)
      pp_fatal(pp, loc, "#if nested too deeply (more than %u levels)", GLSL_PP_MAX_IF_DEPTH);
   struct pp_cond *c = &pp->conds[pp->nconds];
   c->outer_skipping = skipping(pp);
   pp->nconds++;
   c->loc = loc;
   c->kind = (uint8_t)kind;
   c->in_else = false;
   c->taken = false;
   c->skipping = true;
   return c;
}

static void
cond_set(struct pp_cond *c, bool value)
{
   c->skipping = c->outer_skipping || c->taken || !value;
   if (value)
      c->taken = true;
}

static void
do_ifdef(struct pp *pp, struct glsl_loc hash_loc, bool skipped, enum cond_kind kind)
{
   struct pp_cond *c = cond_push(pp, kind, hash_loc);
   if (skipped)
      return;
   const char *dname = cond_names[kind];
   const struct pp_token *name = macro_name(pp, dname, hash_loc);
   bool value = false;
   if (name && check_end(pp, dname, 1))
      value = (macro_find(pp, name->text, name->len) != NULL) == (kind == COND_IFDEF);
   cond_set(c, value);
}

static void
do_if(struct pp *pp, struct glsl_loc hash_loc, bool skipped)
{
   struct pp_cond *c = cond_push(pp, COND_IF, hash_loc);
   if (skipped)
      return;
   struct pp_value v;
   unsigned n;
   bool ok = eval_line(pp, hash_loc, "if", &v, 1, &n);
   cond_set(c, ok && v.v != 0);
}

static struct pp_cond *
cond_top(struct pp *pp, const char *directive, struct glsl_loc hash_loc)
{
   if (!pp->nconds) {
      pp_error(pp, hash_loc, "#%s without #if", directive);
      return NULL;
   }
   struct pp_cond *c = &pp->conds[pp->nconds - 1];
   if (c->in_else) {
      pp_error(pp, hash_loc, "#%s after #else", directive);
      return NULL;
   }
   return c;
}

static void
do_elif(struct pp *pp, struct glsl_loc hash_loc)
{
   struct pp_cond *c = cond_top(pp, "elif", hash_loc);
   if (!c)
      return;
   if (c->outer_skipping || c->taken) {
      c->skipping = true;   /* not evaluated (C++ 16.1) */
      return;
   }
   struct pp_value v;
   unsigned n;
   bool ok = eval_line(pp, hash_loc, "elif", &v, 1, &n);
   cond_set(c, ok && v.v != 0);
}

static void
do_else(struct pp *pp, struct glsl_loc hash_loc)
{
   struct pp_cond *c = cond_top(pp, "else", hash_loc);
   if (!c)
      return;
   if (!c->outer_skipping)
      check_end(pp, "else", 0);
   c->in_else = true;
   cond_set(c, true);
}

static void
do_endif(struct pp *pp, struct glsl_loc hash_loc)
{
   if (!pp->nconds) {
      pp_error(pp, hash_loc, "#endif without #if");
      return;
   }
   if (!pp->conds[pp->nconds - 1].outer_skipping)
      check_end(pp, "endif", 0);
   pp->nconds--;
}

/* ---- #error, #pragma, #extension ---------------------------------------- */

static void
do_error(struct pp *pp, struct glsl_loc hash_loc)
{
   /* the message: the tokens up to the new-line, not macro-expanded, one
    * space where the source had white space; at most 256 bytes */
   char msg[260];
   size_t n = 0;
   bool cut = false;
   for (uint32_t i = 0; i < pp->line.n && !cut; i++) {
      const struct pp_token *t = &pp->line.t[i];
      if (i > 0 && (t->flags & PPF_SPACE) && n < 256)
         msg[n++] = ' ';
      for (uint32_t j = 0; j < t->len; j++) {
         if (n == 256) {
            cut = true;
            break;
         }
         msg[n++] = t->text[j];
      }
   }
   msg[n] = '\0';
   pp_error(pp, hash_loc, "#error%s%s%s", n ? " " : "", msg, cut ? "..." : "");
}

/* Is the line exactly these spellings ("word" "(" "word" ")")? */
static bool
line_is(const struct pp *pp, const char *const *words, uint32_t n)
{
   if (pp->line.n != n)
      return false;
   for (uint32_t i = 0; i < n; i++)
      if (!tok_is(&pp->line.t[i], words[i]))
         return false;
   return true;
}

static void
do_pragma(struct pp *pp, struct glsl_loc hash_loc)
{
   /* not macro-expanded; pragmas not recognized are ignored */
   static const char *const inv[] = { "STDGL", "invariant", "(", "all", ")" };
   static const char *const opt_on[] = { "optimize", "(", "on", ")" };
   static const char *const opt_off[] = { "optimize", "(", "off", ")" };
   static const char *const dbg_on[] = { "debug", "(", "on", ")" };
   static const char *const dbg_off[] = { "debug", "(", "off", ")" };
   if (line_is(pp, inv, 5) && rule(pp, RULE_INVARIANT_ALL)) {
      if (pp->opts->stage == GLSL_STAGE_FRAGMENT && rule(pp, RULE_INVARIANT_ALL_NOT_FRAGMENT)) {
         pp_error(pp, hash_loc, "#pragma STDGL invariant(all) cannot be used in a fragment shader");
         return;
      }
      if (pp->seen_code)
         pp_warning(pp, hash_loc, "#pragma STDGL invariant(all) after declarations: which "
                    "outputs are invariant is undefined");
      pp->res->pragma_invariant_all = true;
   } else if (line_is(pp, opt_on, 4)) {
      pp->res->pragma_optimize_off = false;
   } else if (line_is(pp, opt_off, 4)) {
      pp->res->pragma_optimize_off = true;
   } else if (line_is(pp, dbg_on, 4)) {
      pp->res->pragma_debug_on = true;
   } else if (line_is(pp, dbg_off, 4)) {
      pp->res->pragma_debug_on = false;
   }
}

static const char *const behaviors[] = {
   [GLSL_EXT_DISABLE] = "disable",
   [GLSL_EXT_WARN] = "warn",
   [GLSL_EXT_ENABLE] = "enable",
   [GLSL_EXT_REQUIRE] = "require",
};

static void
do_extension(struct pp *pp, struct glsl_loc hash_loc)
{
   /* #extension name : behavior -- not macro-expanded */
   const struct pp_token *t = pp->line.t;
   if (pp->line.n < 3 || t[0].kind != PP_IDENT || !tok_punct(&t[1], ':') ||
       t[2].kind != PP_IDENT) {
      pp_error(pp, hash_loc, "malformed #extension (expected '#extension name : behavior')");
      return;
   }
   if (!check_end(pp, "extension", 3))
      return;
   int behavior = -1;
   for (int i = 0; i < 4; i++)
      if (tok_is(&t[2], behaviors[i]))
         behavior = i;
   if (behavior < 0) {
      pp_error(pp, t[2].loc, "unknown #extension behavior '%.*s%s' (expected require, enable, "
               "warn or disable)", QUOTE(&t[2]));
      return;
   }
   /* "the extension directives must occur before any non-preprocessor
    * tokens" (unless the extension says otherwise: none known here) */
   if (pp->seen_code) {
      pp_error(pp, hash_loc, "#extension must come before any code");
      return;
   }
   bool all = tok_is(&t[0], "all");
   bool supported = false;
   if (all) {
      if (behavior == GLSL_EXT_REQUIRE || behavior == GLSL_EXT_ENABLE) {
         pp_error(pp, t[2].loc, "#extension all : %s is not allowed (only warn and disable "
                  "apply to all)", behaviors[behavior]);
         return;
      }
   } else {
      for (const char *const *e = pp->opts->extensions; e && *e; e++)
         if (tok_is(&t[0], *e))
            supported = true;
      if (!supported) {
         if (behavior == GLSL_EXT_REQUIRE) {
            pp_error(pp, t[0].loc, "extension '%.*s%s' is not supported", QUOTE(&t[0]));
            return;
         }
         pp_warning(pp, t[0].loc, "extension '%.*s%s' is not supported", QUOTE(&t[0]));
      }
   }
   if (supported && behavior != GLSL_EXT_DISABLE) {
      for (size_t i = 0; i < sizeof extension_rules / sizeof extension_rules[0]; i++)
         if (tok_is(&t[0], extension_rules[i].name) &&
             extension_rules[i].rule == RULE_LINE_CONTINUATION)
            pp->sc.continuation = true;
   } else if (supported || (all && behavior == GLSL_EXT_DISABLE)) {
      /* disabled again: the version's own rule */
      pp->sc.continuation = rule(pp, RULE_LINE_CONTINUATION);
   }
   struct glsl_pp_result *res = pp->res;
   if (res->num_extensions == pp->cap_extensions) {
      size_t cap = pp->cap_extensions ? pp->cap_extensions * 2 : 8;
      res->extensions = glsl_realloc_array(pp->a, res->extensions, res->num_extensions, cap,
                                           sizeof *res->extensions);
      pp->cap_extensions = cap;
   }
   struct glsl_pp_extension_directive *d = &res->extensions[res->num_extensions++];
   d->name = glsl_strndup(pp->a, t[0].text, t[0].len);
   d->behavior = (enum glsl_ext_behavior)behavior;
   d->loc = hash_loc;
   d->supported = supported;
}

/* ---- #version ----------------------------------------------------------- */

static bool
version_listed(const uint16_t *list, unsigned n)
{
   for (; list && *list; list++)
      if (*list == n)
         return true;
   return false;
}

static const uint16_t default_desktop[] = { 110, 120, 0 };
static const uint16_t default_es[] = { 100, 0 };

static const uint16_t *
desktop_list(const struct pp *pp)
{
   if (pp->opts->es_context)
      return NULL;   /* an ES context refuses desktop versions */
   return pp->opts->desktop_versions ? pp->opts->desktop_versions : default_desktop;
}

static const uint16_t *
es_list(const struct pp *pp)
{
   return pp->opts->es_versions ? pp->opts->es_versions : default_es;
}

/* "#version 330 is not supported (supported: 110, 120, 100, 300 es)";
 * spelling NULL: the shader has no #version and its version is number. */
static void
version_unsupported(struct pp *pp, struct glsl_loc loc, const struct pp_token *spelling,
                    unsigned number, bool es)
{
   char list[256];
   size_t n = 0;
   list[0] = '\0';
   for (int k = 0; k < 2; k++) {
      for (const uint16_t *v = k ? es_list(pp) : desktop_list(pp); v && *v; v++) {
         if (n < sizeof list - 16)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%u%s", n ? ", " : "", *v,
                                  k && *v >= 300 ? " es" : "");
      }
   }
   if (!spelling)
      pp_error(pp, loc, "a shader without #version is version %u, which is not supported "
               "(supported: %s)", number, n ? list : "none");
   else
      pp_error(pp, loc, "#version %.*s%s%s is not supported (supported: %s)", QUOTE(spelling),
               es ? " es" : "", n ? list : "none");
}

static void
do_version(struct pp *pp, struct glsl_loc hash_loc, bool first_line)
{
   /* not macro-expanded */
   if (pp->version_seen) {
      pp_error(pp, hash_loc, "#version must appear only once");
      return;
   }
   if (pp->seen_anything) {
      pp_error(pp, hash_loc, "#version must come before anything else (only comments and "
               "white space may precede it)");
      return;
   }
   const struct pp_token *t = pp->line.t;
   unsigned number = 0;
   bool digits = pp->line.n > 0 && t[0].kind == PP_NUMBER;
   for (uint32_t i = 0; digits && i < t[0].len; i++) {
      if (!is_digit(t[0].text[i]) || (i == 0 && t[0].text[i] == '0' && t[0].len > 1))
         digits = false;
      else if (number < 100000)
         number = number * 10 + (unsigned)(t[0].text[i] - '0');
   }
   if (!digits) {
      pp_error(pp, pp->line.n ? t[0].loc : hash_loc, "#version needs a version number");
      return;
   }
   const struct pp_token *profile = pp->line.n > 1 ? &t[1] : NULL;
   if (profile && profile->kind != PP_IDENT) {
      pp_error(pp, profile->loc, "unexpected '%.*s%s' after the #version number", QUOTE(profile));
      return;
   }
   if (!check_end(pp, "version", 2))
      return;

   struct glsl_version v = { (uint16_t)number, false };
   enum glsl_pp_profile prof = GLSL_PROFILE_NONE;
   bool es_number = version_listed(es_list(pp), number);
   bool desktop_number = version_listed(desktop_list(pp), number);
   if (profile && tok_is(profile, "es")) {
      if (number < 300) {
         pp_error(pp, profile->loc, "#version %u does not take a profile", number);
         return;
      }
      if (!es_number) {
         version_unsupported(pp, t[0].loc, &t[0], number, true);
         return;
      }
      v.es = true;
   } else if (profile && (tok_is(profile, "core") || tok_is(profile, "compatibility"))) {
      if (!desktop_number) {
         if (es_number && number >= 300)
            pp_error(pp, profile->loc, "#version %u needs the profile 'es'", number);
         else
            version_unsupported(pp, t[0].loc, &t[0], number, false);
         return;
      }
      v.es = false;
      if (!glsl_version_at_least(v, rules[RULE_PROFILES].desktop, 0)) {
         pp_error(pp, profile->loc, "#version %u does not take a profile", number);
         return;
      }
      if (tok_is(profile, "compatibility")) {
         if (!pp->opts->compatibility_profile) {
            pp_error(pp, profile->loc, "the compatibility profile is not supported");
            return;
         }
         prof = GLSL_PROFILE_COMPATIBILITY;
      }
   } else if (profile) {
      pp_error(pp, profile->loc, "unknown profile '%.*s%s' (expected core, compatibility or "
               "es)", QUOTE(profile));
      return;
   } else if (desktop_number) {
      v.es = false;
   } else if (es_number && number < 300) {
      v.es = true;   /* "#version 100" */
   } else if (es_number) {
      pp_error(pp, t[0].loc, "#version %u needs the profile 'es'", number);
      return;
   } else {
      version_unsupported(pp, t[0].loc, &t[0], number, false);
      return;
   }
   if (v.es)
      prof = GLSL_PROFILE_ES;
   else if (glsl_version_at_least(v, rules[RULE_PROFILES].desktop, 0) &&
            prof == GLSL_PROFILE_NONE)
      prof = GLSL_PROFILE_CORE;

   pp->version = v;
   pp->version_seen = true;
   pp->res->version_given = true;
   pp->res->version_loc = hash_loc;
   pp->res->profile = prof;
   /* "The #version directive must be present in the first line of a
    * shader" (ES 3.00): only blanks before it, no comment */
   if (rule(pp, RULE_VERSION_FIRST_LINE) && !first_line)
      pp_error(pp, hash_loc, "#version %u es must be on the first line, with nothing before it",
               number);
   pp->sc.continuation = rule(pp, RULE_LINE_CONTINUATION);
   define_predefined(pp);
}

/* ---- #line -------------------------------------------------------------- */

static void
do_line(struct pp *pp, struct glsl_loc hash_loc)
{
   /* macro-expanded: "#line must have, after macro substitution, one of the
    * following two forms" */
   struct pp_value v[2];
   unsigned n;
   if (!eval_line(pp, hash_loc, "line", v, 2, &n))
      return;
   /* "#line N": the next line is N (3.30, ES), or N + 1 (1.10 - 1.50) */
   uint64_t add = rule(pp, RULE_LINE_NEXT_IS_N) ? 0 : 1;
   for (unsigned i = 0; i < n; i++) {
      if ((!v[i].uns && (int64_t)v[i].v < 0) || v[i].v + (i ? 0 : add) > UINT32_MAX) {
         pp_error(pp, hash_loc, "%s in #line out of range (0 to %u)",
                  i ? "source string number" : "line number",
                  UINT32_MAX - (i ? 0 : (unsigned)add));
         return;
      }
   }
   pp->sc.line = (uint32_t)(v[0].v + add);
   if (n > 1)
      pp->sc.src = (uint32_t)v[1].v;
}

/* ---- the directive dispatch --------------------------------------------- */

/* After '#' at the start of a line: the directive (3.3).  skipped: inside a
 * skipped group, where only the conditionals count. */
static void
directive(struct pp *pp, const struct pp_token *hash)
{
   struct glsl_loc loc = hash->loc;
   bool first_line = pp->sc.newlines == 0 && !pp->sc.saw_comment;
   bool skipped = skipping(pp);
   struct pp_token name;
   sc_next(pp, &name);
   if (name.kind == PP_NEWLINE || name.kind == PP_EOF) {
      pp->seen_anything = true;
      return;   /* the null directive */
   }
   if (skipped && name.kind != PP_IDENT) {
      skip_line(pp);
      return;
   }
   enum { D_DEFINE, D_UNDEF, D_IF, D_IFDEF, D_IFNDEF, D_ELIF, D_ELSE, D_ENDIF, D_ERROR,
          D_PRAGMA, D_EXTENSION, D_VERSION, D_LINE, D_UNKNOWN } d = D_UNKNOWN;
   static const char *const names[] = { "define", "undef", "if", "ifdef", "ifndef", "elif",
                                        "else", "endif", "error", "pragma", "extension",
                                        "version", "line" };
   if (name.kind == PP_IDENT)
      for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
         if (tok_is(&name, names[i]))
            d = i;
   if (skipped && d != D_IF && d != D_IFDEF && d != D_IFNDEF && d != D_ELIF && d != D_ELSE &&
       d != D_ENDIF) {
      skip_line(pp);
      return;
   }
   if (d == D_UNKNOWN) {
      pp_error(pp, name.loc, "unknown preprocessor directive '#%.*s%s'", QUOTE(&name));
      skip_line(pp);
      pp->seen_anything = true;
      return;
   }
   read_line(pp);
   if (d != D_VERSION)
      pp->seen_anything = true;
   switch (d) {
   case D_DEFINE: do_define(pp, loc); break;
   case D_UNDEF: do_undef(pp, loc); break;
   case D_IF: do_if(pp, loc, skipped); break;
   case D_IFDEF: do_ifdef(pp, loc, skipped, COND_IFDEF); break;
   case D_IFNDEF: do_ifdef(pp, loc, skipped, COND_IFNDEF); break;
   case D_ELIF: do_elif(pp, loc); break;
   case D_ELSE: do_else(pp, loc); break;
   case D_ENDIF: do_endif(pp, loc); break;
   case D_ERROR: do_error(pp, loc); break;
   case D_PRAGMA: do_pragma(pp, loc); break;
   case D_EXTENSION: do_extension(pp, loc); break;
   case D_VERSION: do_version(pp, loc, first_line); break;
   case D_LINE: do_line(pp, loc); break;
   case D_UNKNOWN: break;
   }
}

/* ---- the run ------------------------------------------------------------ */

static void
pp_process(struct pp *pp)
{
   struct pp_expander e = { .pp = pp, .scanner = true };
   struct pp_token t;
   bool fb;
   for (;;) {
      if (skipping(pp)) {
         sc_next(pp, &t);
         fb = true;
      } else {
         exp_next(&e, &t, &fb);
      }
      if (t.kind == PP_EOF)
         break;
      if (t.kind == PP_NEWLINE)
         continue;
      if (fb && tok_punct(&t, '#') && (t.flags & PPF_BOL)) {
         directive(pp, &t);
         continue;
      }
      if (skipping(pp)) {
         skip_line(pp);
         continue;
      }
      pp->seen_anything = true;
      if (tok_punct(&t, '#') || tok_punct(&t, OP2('#', '#'))) {
         /* never written: the lexer takes '#' only as "#line" */
         pp_error(pp, fb ? t.loc : e.call_loc, "unexpected '%.*s%s'", QUOTE(&t));
         continue;
      }
      pp->seen_code = true;
      if (fb) {
         e.call_started = false;
         out_token(pp, &t, t.loc);
      } else {
         /* a macro's expansion is written where its call is: the first
          * token at the call's column */
         if (e.call_started) {
            out_sync(pp, e.call_loc);
            size_t col = pp->out.len - pp->out.line_start + 1;
            if (col < e.call_loc.column) {
               size_t gap = e.call_loc.column - col;
               out_reserve(pp, gap);
               memset(pp->out.buf + pp->out.len, ' ', gap);
               pp->out.len += gap;
               pp->out.line_empty = false;
               t.flags &= (uint8_t)~PPF_SPACE;
            }
            e.call_started = false;
         }
         out_token(pp, &t, e.call_loc);
      }
   }
   for (unsigned i = 0; i < pp->nconds; i++)
      pp_error(pp, pp->conds[i].loc, "unterminated #%s", cond_names[pp->conds[i].kind]);
}

struct pp_run {
   struct pp *pp;
   const char *const *strings;
   const int *lengths;
   unsigned count;
};

static void
pp_run(void *data)
{
   struct pp_run *r = data;
   struct pp *pp = r->pp;

   /* the strings, each up to its length or first NUL, as one buffer */
   unsigned nstr = r->count ? r->count : 1;
   size_t *str_end = glsl_alloc_array(pp->a, nstr, sizeof *str_end);
   size_t total = 0;
   for (unsigned i = 0; i < r->count; i++) {
      const char *s = r->strings ? r->strings[i] : NULL;
      size_t n = 0;
      if (s)
         n = r->lengths && r->lengths[i] >= 0 ? strnlen(s, (size_t)r->lengths[i]) : strlen(s);
      if (total + n < total)
         glsl_alloc(pp->a, SIZE_MAX);   /* cannot be: the out-of-memory path */
      total += n;
      str_end[i] = total;
   }
   char *buf = glsl_alloc(pp->a, total + 1);
   size_t at = 0;
   for (unsigned i = 0; i < r->count; i++) {
      size_t n = str_end[i] - at;
      if (n)
         memcpy(buf + at, r->strings[i], n);
      at = str_end[i];
   }
   if (!r->count)
      str_end[0] = 0;
   pp->input_len = total;
   pp->max_expanded = total > GLSL_PP_MAX_EXPANSION_TOKENS / 2 ? total * 2
                                                                : GLSL_PP_MAX_EXPANSION_TOKENS;

   struct pp_scanner *s = &pp->sc;
   s->buf = buf;
   s->len = total;
   s->str_end = str_end;
   s->nstr = nstr;
   s->line = 1;
   s->bol = true;
   s->continuation = rule(pp, RULE_LINE_CONTINUATION);

   struct pp_out *o = &pp->out;
   o->limit = total > GLSL_PP_MAX_OUTPUT / 2 ? total * 2 : GLSL_PP_MAX_OUTPUT;
   if (o->limit < total)
      o->limit = SIZE_MAX / 2;
   o->cap = total + total / 8 + 64 < o->limit ? total + total / 8 + 64 : o->limit + 1;
   o->buf = glsl_alloc(pp->a, o->cap);
   o->line = 1;
   o->line_empty = true;

   pp->seed = (uint64_t)(uintptr_t)pp->a * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uintptr_t)&nstr;
   define_predefined(pp);

   if (setjmp(pp->fatal) == 0)
      pp_process(pp);
   else
      return;
   out_flush_newlines(pp);
   /* "shaders that do not include a #version directive will be treated as
    * targeting version 1.10" (1.00 in ES): is it supported? */
   if (!pp->version_seen &&
       !version_listed(pp->version.es ? es_list(pp) : desktop_list(pp), pp->version.number))
      version_unsupported(pp, (struct glsl_loc){ 0, 1, 1 }, NULL, pp->version.number, false);
}

bool
glsl_pp_run(struct glsl_arena *a, struct glsl_log *log, const char *const *strings,
            const int *lengths, unsigned count, const struct glsl_pp_options *opts,
            struct glsl_pp_result *out)
{
   static const struct glsl_pp_options default_opts;
   memset(out, 0, sizeof *out);
   out->text = (char *)"";
   if (!opts)
      opts = &default_opts;

   struct pp *pp = NULL;
   unsigned errors = log->errors;
   struct pp_run r = { NULL, strings, lengths, count };
   struct pp pp_store;
   memset(&pp_store, 0, sizeof pp_store);
   pp = &pp_store;
   pp->a = a;
   pp->log = log;
   pp->opts = opts;
   pp->res = out;
   pp->version = (struct glsl_version){ opts->es_context ? 100 : 110, opts->es_context };
   r.pp = pp;
   if (!glsl_arena_run(a, pp_run, &r))
      glsl_log_error(log, (struct glsl_loc){ pp->sc.src, pp->sc.line, 1 }, "out of memory");

   if (pp->out.buf) {
      pp->out.buf[pp->out.len] = '\0';
      out->text = pp->out.buf;
      out->len = pp->out.len;
   }
   out->version = pp->version;
   if (!out->version_given)
      out->profile = pp->version.es ? GLSL_PROFILE_ES : GLSL_PROFILE_NONE;
   return log->errors == errors;
}
