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
   /* backslash-new-line joins lines: GLSL 4.20 (1.10 - 4.10 say "There is
    * no line continuation character"), ES 3.00 (optional in ES 1.00 with
    * OpenGL ES 2.0: not done there) */
   RULE_LINE_CONTINUATION,
   NUM_RULES
};

struct pp_rule_row {
   uint16_t desktop, es;   /* first versions (0: never) */
};

static const struct pp_rule_row rules[NUM_RULES] = {
   [RULE_LINE_CONTINUATION] = { 420, 300 },
};

/* ---- tokens ------------------------------------------------------------- */

enum pp_kind {
   PP_EOF,
   PP_NEWLINE,
   PP_IDENT,
   PP_NUMBER,        /* a pp-number: digits, letters, '.', e+ e- */
   PP_PUNCT,         /* an operator or punctuator; aux is its code */
   PP_OTHER,         /* one byte outside the GLSL character set */
};

enum pp_flag {
   PPF_SPACE = 1,    /* white space or a comment before it on its line */
   PPF_BOL = 2,      /* the first token of its line */
   PPF_SOURCE = 4,   /* read from the source text (ws is valid) */
   PPF_WS_COMMENT = 8, /* a comment that began on an earlier line ends in
                         * its white space, before ws */
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
   bool line_empty;         /* nothing written on the current line */
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
   __attribute__((format(printf, 3, 4), unused));
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
   bool ws_comment = false;
   for (;;) {
      c = sc_peek(s);
      if (is_blank(c)) {
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
   t->flags = (uint8_t)((space ? PPF_SPACE : 0) | (s->bol ? PPF_BOL : 0) | PPF_SOURCE |
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
   while (o->newlines < pp->sc.newlines && loc.source == o->src && o->line < loc.line) {
      out_char(pp, '\n');
      o->newlines++;
      o->line++;
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
   if (is_ident_char(a) && (is_ident_char(b) || b == '.'))
      return true;   /* identifiers and numbers; "1" "." is a number */
   if (a == '.' && is_digit(b))
      return true;
   if ((a == 'e' || a == 'E') && (b == '+' || b == '-'))
      return true;   /* "1e" "+" would be one pp-number */
   static const char pairs[][3] = {
      "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "^^", "+=", "-=",
      "*=", "/=", "%=", "&=", "|=", "^=", "##", "//", "/*",
   };
   for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
      if (pairs[i][0] == a && pairs[i][1] == b)
         return true;
   return false;
}

/* Writes a source token's white space: blanks as they are, a comment as
 * one space (ws starts after the last new-line). */
static void
out_source_ws(struct pp *pp, const struct pp_token *t)
{
   const char *p = t->ws, *end = t->ws + t->ws_len;
   if (t->flags & PPF_WS_COMMENT)
      out_char(pp, ' ');
   size_t run = 0;
   while (p + run < end && is_blank(p[run]))
      run++;
   out_bytes(pp, p, run);
   p += run;
   while (p < end) {
      if (*p == '/' && p + 1 < end && p[1] == '*') {
         /* a comment within the line: its end is before the token */
         const char *q = p + 2;
         while (q + 1 < end && !(q[0] == '*' && q[1] == '/'))
            q++;
         p = q + 2;
         out_char(pp, ' ');
      } else {
         out_char(pp, *p++);
      }
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
}

/* ---- the run ------------------------------------------------------------ */

static void
pp_process(struct pp *pp)
{
   struct pp_token t;
   for (;;) {
      sc_next(pp, &t);
      if (t.kind == PP_EOF)
         break;
      if (t.kind == PP_NEWLINE)
         continue;
      if (t.kind == PP_PUNCT && t.aux == '#') {
         pp_error(pp, t.loc, "unexpected '#'");
         continue;
      }
      out_token(pp, &t, t.loc);
   }
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

   if (setjmp(pp->fatal) == 0)
      pp_process(pp);
   else
      return;
   out_flush_newlines(pp);
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
   return log->errors == errors;
}
