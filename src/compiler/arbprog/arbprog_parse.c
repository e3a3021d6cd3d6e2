/*
 * Parser and checker of ARB assembly programs (ARB_vertex_program,
 * ARB_fragment_program, ARB_fragment_program_shadow): text -> struct
 * arbprog_program (arbprog_internal.h), with the spec's errors: the byte
 * offset of the first error and a message.  Errors that need the whole
 * program (resource counts) are reported at the end of the text, as the
 * specs say for errors found after the program was scanned.
 *
 * The parser is recursive descent over an on-demand lexer with one token
 * of lookahead (saved and restored where the grammar needs two).  An
 * error longjmps back to arbprog_compile, which frees what the parse
 * allocated; every growing array is bounded by a limit checked before it
 * grows, so hostile text costs time and memory linear in its length.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"   /* IR_FRAG_COORD_* */

#include "arbprog_internal.h"
#include "compiler/ir/ir.h"

/* --- lexer -------------------------------------------------------------------- */

enum tok_kind { T_EOF, T_IDENT, T_INT, T_FLOAT, T_PUNCT, T_DOTDOT };

struct tok {
   enum tok_kind kind;
   size_t start, len;
   char ch;             /* T_PUNCT */
   double num;          /* T_INT, T_FLOAT */
};

enum sym_kind { SYM_ATTRIB, SYM_PARAM, SYM_TEMP, SYM_ADDRESS, SYM_OUTPUT };

struct sym {
   const char *name;
   size_t len;
   enum sym_kind kind;
   int index;           /* input id, param slot, temp, address, output id */
   unsigned array_len;  /* PARAM arrays (0: single) */
   bool relative_checked;   /* PARAM arrays: the relative-addressing rule was checked */
};

struct parser {
   const char *text;
   size_t len, pos;
   struct tok tok;
   enum arbprog_target target;
   const struct arbprog_limits *lim;
   struct arbprog_result *res;
   jmp_buf fail;

   struct sym *syms;
   size_t num_syms, cap_syms;
   size_t *hash;        /* open addressing: sym index + 1, 0 empty */
   size_t hash_cap;

   struct arbprog_inst *insts;
   unsigned num_insts, cap_insts;
   unsigned cap_params;
   unsigned num_temps, num_address;

   bool opt_shadow;
   uint32_t generic_used, conv_used;     /* vertex aliasing check, by generic number */
   uint32_t inputs_seen;                 /* attribs count */
   uint32_t outputs_bound;
   uint32_t temps_written_phase[8];      /* fragment indirections: temps (< 256) written by
                                            ALU instructions since the last phase */
   bool phase_has_alu_write;
};

static void __attribute__((noreturn, format(printf, 3, 4)))
fail(struct parser *p, size_t pos, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(p->res->error, sizeof p->res->error, fmt, ap);
   va_end(ap);
   p->res->error_pos = (int)(pos > (size_t)0x7fffffff ? 0x7fffffff : pos);
   longjmp(p->fail, 1);
}

static bool
is_ident_start(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static bool
is_digit(char c)
{
   return c >= '0' && c <= '9';
}

static void
lex(struct parser *p)
{
   const char *t = p->text;
   size_t n = p->len;
   for (;;) {
      while (p->pos < n && (t[p->pos] == ' ' || t[p->pos] == '\t' || t[p->pos] == '\n' ||
                            t[p->pos] == '\r' || t[p->pos] == '\f' || t[p->pos] == '\v'))
         p->pos++;
      if (p->pos < n && t[p->pos] == '#') {
         while (p->pos < n && t[p->pos] != '\n' && t[p->pos] != '\r')
            p->pos++;
         continue;
      }
      break;
   }
   struct tok *k = &p->tok;
   k->start = p->pos;
   k->len = 0;
   if (p->pos >= n) {
      k->kind = T_EOF;
      return;
   }
   char c = t[p->pos];
   if (is_ident_start(c)) {
      size_t e = p->pos + 1;
      while (e < n && (is_ident_start(t[e]) || is_digit(t[e])))
         e++;
      k->kind = T_IDENT;
      k->len = e - p->pos;
      p->pos = e;
      return;
   }
   if (is_digit(c) || (c == '.' && p->pos + 1 < n && is_digit(t[p->pos + 1]))) {
      size_t e = p->pos;
      bool is_float = false;
      while (e < n && is_digit(t[e]))
         e++;
      /* "0..3" is an integer and a range: a '.' belongs to the number only
       * when another '.' does not follow */
      if (e < n && t[e] == '.' && !(e + 1 < n && t[e + 1] == '.')) {
         is_float = true;
         e++;
         while (e < n && is_digit(t[e]))
            e++;
      }
      if (e < n && (t[e] == 'e' || t[e] == 'E')) {
         size_t f = e + 1;
         if (f < n && (t[f] == '+' || t[f] == '-'))
            f++;
         if (f < n && is_digit(t[f])) {
            is_float = true;
            while (f < n && is_digit(t[f]))
               f++;
            e = f;
         }
      }
      char buf[64];
      size_t l = e - p->pos;
      if (l >= sizeof buf) {
         /* long digit strings: the value saturates, the text is still consumed */
         k->num = is_float ? HUGE_VAL : 1e300;
      } else {
         memcpy(buf, t + p->pos, l);
         buf[l] = 0;
         k->num = strtod(buf, NULL);
      }
      k->kind = is_float ? T_FLOAT : T_INT;
      k->len = l;
      p->pos = e;
      return;
   }
   if (c == '.' && p->pos + 1 < n && t[p->pos + 1] == '.') {
      k->kind = T_DOTDOT;
      k->len = 2;
      p->pos += 2;
      return;
   }
   if (strchr(";,.[]{}=+-", c) && c) {
      k->kind = T_PUNCT;
      k->ch = c;
      k->len = 1;
      p->pos++;
      return;
   }
   if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
      fail(p, p->pos, "invalid character '%c'", c);
   fail(p, p->pos, "invalid character 0x%02x", (unsigned)(unsigned char)c);
}

struct save {
   size_t pos;
   struct tok tok;
};

static struct save
save(struct parser *p)
{
   return (struct save){ p->pos, p->tok };
}

static void
restore(struct parser *p, struct save s)
{
   p->pos = s.pos;
   p->tok = s.tok;
}

static bool
tok_is(const struct parser *p, const char *word)
{
   size_t l = strlen(word);
   return p->tok.kind == T_IDENT && p->tok.len == l && !memcmp(p->text + p->tok.start, word, l);
}

static bool
tok_punct(const struct parser *p, char c)
{
   return p->tok.kind == T_PUNCT && p->tok.ch == c;
}

/* What the current token is, for messages. */
static const char *
tok_desc(struct parser *p, char *buf, size_t size)
{
   switch (p->tok.kind) {
   case T_EOF: return "end of program";
   case T_DOTDOT: return "'..'";
   default: {
      size_t l = p->tok.len > 40 ? 40 : p->tok.len;
      snprintf(buf, size, "'%.*s%s'", (int)l, p->text + p->tok.start, p->tok.len > l ? "..." : "");
      return buf;
   }
   }
}

static void __attribute__((noreturn))
unexpected(struct parser *p, const char *expected)
{
   char buf[64];
   fail(p, p->tok.start, "unexpected %s, expected %s", tok_desc(p, buf, sizeof buf), expected);
}

static void
expect_punct(struct parser *p, char c)
{
   if (!tok_punct(p, c)) {
      char what[4] = { '\'', c, '\'', 0 };
      unexpected(p, what);
   }
   lex(p);
}

static void
expect_word(struct parser *p, const char *word)
{
   if (!tok_is(p, word)) {
      char what[40];
      snprintf(what, sizeof what, "'%s'", word);
      unexpected(p, what);
   }
   lex(p);
}

/* '.' followed by one of words (NULL-terminated list): its index, or -1
 * with nothing consumed. */
static int
accept_dot_word(struct parser *p, const char *const *words)
{
   if (!tok_punct(p, '.'))
      return -1;
   struct save s = save(p);
   lex(p);
   for (int i = 0; words[i]; i++)
      if (tok_is(p, words[i])) {
         lex(p);
         return i;
      }
   restore(p, s);
   return -1;
}

/* '.' and one of words, required. */
static int
expect_dot_word(struct parser *p, const char *const *words, const char *expected)
{
   expect_punct(p, '.');
   for (int i = 0; words[i]; i++)
      if (tok_is(p, words[i])) {
         lex(p);
         return i;
      }
   unexpected(p, expected);
}

/* A non-negative integer token below limit; what names it in the message. */
static unsigned
expect_index(struct parser *p, unsigned limit, const char *what)
{
   if (p->tok.kind != T_INT)
      unexpected(p, "an integer");
   size_t at = p->tok.start;
   double v = p->tok.num;
   if (v >= (double)limit)
      fail(p, at, "%s index %.0f out of range (must be below %u)", what, v, limit);
   lex(p);
   return (unsigned)v;
}

/* '[' n ']' */
static unsigned
bracket_index(struct parser *p, unsigned limit, const char *what)
{
   expect_punct(p, '[');
   unsigned v = expect_index(p, limit, what);
   expect_punct(p, ']');
   return v;
}

/* optional '[' n ']' (0 when absent) */
static unsigned
opt_bracket_index(struct parser *p, unsigned limit, const char *what)
{
   if (!tok_punct(p, '['))
      return 0;
   return bracket_index(p, limit, what);
}

/* --- symbols ------------------------------------------------------------------- */

static size_t
name_hash(const char *s, size_t l)
{
   size_t h = 2166136261u;
   for (size_t i = 0; i < l; i++)
      h = (h ^ (unsigned char)s[i]) * 16777619u;
   return h;
}

static struct sym *
sym_find(struct parser *p, const char *name, size_t len)
{
   if (!p->hash_cap)
      return NULL;
   for (size_t h = name_hash(name, len) & (p->hash_cap - 1);; h = (h + 1) & (p->hash_cap - 1)) {
      if (!p->hash[h])
         return NULL;
      struct sym *s = &p->syms[p->hash[h] - 1];
      if (s->len == len && !memcmp(s->name, name, len))
         return s;
   }
}

static void *
grow(struct parser *p, void *ptr, size_t elem, size_t *cap, size_t need)
{
   if (need <= *cap)
      return ptr;
   size_t n = *cap ? *cap * 2 : 16;
   while (n < need)
      n *= 2;
   void *q = realloc(ptr, n * elem);
   if (!q)
      fail(p, p->tok.start, "out of memory");
   *cap = n;
   return q;
}

static const char *const vp_reserved[] = {
   "ABS", "ADD", "ADDRESS", "ALIAS", "ARL", "ATTRIB", "DP3", "DP4", "DPH", "DST", "END", "EX2",
   "EXP", "FLR", "FRC", "LG2", "LIT", "LOG", "MAD", "MAX", "MIN", "MOV", "MUL", "OPTION",
   "OUTPUT", "PARAM", "POW", "RCP", "RSQ", "SGE", "SLT", "SUB", "SWZ", "TEMP", "XPD",
   "program", "result", "state", "vertex", NULL,
};

static const char *const fp_reserved[] = {
   "ABS", "ADD", "ALIAS", "ATTRIB", "CMP", "COS", "DP3", "DP4", "DPH", "DST", "END", "EX2",
   "FLR", "FRC", "KIL", "LG2", "LIT", "LRP", "MAD", "MAX", "MIN", "MOV", "MUL", "OPTION",
   "OUTPUT", "PARAM", "POW", "RCP", "RSQ", "SCS", "SGE", "SIN", "SLT", "SUB", "SWZ", "TEMP",
   "TEX", "TXB", "TXP", "XPD", "fragment", "program", "result", "state", "texture", NULL,
};

/* Declare the current identifier token as a new name. */
static struct sym *
declare(struct parser *p, enum sym_kind kind)
{
   if (p->tok.kind != T_IDENT)
      unexpected(p, "a name");
   const char *name = p->text + p->tok.start;
   size_t len = p->tok.len;
   const char *const *res = p->target == ARBPROG_VERTEX ? vp_reserved : fp_reserved;
   for (unsigned i = 0; res[i]; i++)
      if (strlen(res[i]) == len && !memcmp(res[i], name, len))
         fail(p, p->tok.start, "'%.*s' is a reserved word", (int)len, name);
   /* ARB_fragment_program reserves the _SAT forms too */
   if (p->target == ARBPROG_FRAGMENT && len > 4 && !memcmp(name + len - 4, "_SAT", 4))
      for (unsigned i = 0; res[i]; i++)
         if (strlen(res[i]) == len - 4 && !memcmp(res[i], name, len - 4))
            fail(p, p->tok.start, "'%.*s' is a reserved word", (int)len, name);
   if (sym_find(p, name, len))
      fail(p, p->tok.start, "'%.*s' is already declared", (int)(len > 64 ? 64 : len), name);
   p->syms = grow(p, p->syms, sizeof *p->syms, &p->cap_syms, p->num_syms + 1);
   if ((p->num_syms + 1) * 2 > p->hash_cap) {
      size_t ncap = p->hash_cap ? p->hash_cap * 2 : 64;
      size_t *nh = calloc(ncap, sizeof *nh);
      if (!nh)
         fail(p, p->tok.start, "out of memory");
      for (size_t i = 0; i < p->num_syms; i++) {
         size_t h = name_hash(p->syms[i].name, p->syms[i].len) & (ncap - 1);
         while (nh[h])
            h = (h + 1) & (ncap - 1);
         nh[h] = i + 1;
      }
      free(p->hash);
      p->hash = nh;
      p->hash_cap = ncap;
   }
   struct sym *s = &p->syms[p->num_syms];
   memset(s, 0, sizeof *s);
   s->name = name;
   s->len = len;
   s->kind = kind;
   size_t h = name_hash(name, len) & (p->hash_cap - 1);
   while (p->hash[h])
      h = (h + 1) & (p->hash_cap - 1);
   p->hash[h] = ++p->num_syms;
   lex(p);
   return s;
}

/* --- parameters ----------------------------------------------------------------- */

static bool
param_equal(const struct arbprog_param *a, const struct arbprog_param *b)
{
   if (a->kind != b->kind)
      return false;
   switch (a->kind) {
   case ARBPROG_PARAM_ENV:
   case ARBPROG_PARAM_LOCAL: return a->index == b->index;
   case ARBPROG_PARAM_STATE: return pony_state_ref_equal(&a->state, &b->state);
   default: return !memcmp(a->value, b->value, sizeof a->value);
   }
}

/* Append slots; reuse an equal single slot when allowed (not inside arrays,
 * whose slots must be consecutive). */
static unsigned
add_params(struct parser *p, const struct arbprog_param *v, unsigned n, bool share, size_t at)
{
   struct arbprog_result *r = p->res;
   if (share && n == 1)
      for (unsigned i = 0; i < r->num_params; i++)
         if (param_equal(&r->params[i], v))
            return i;
   if (r->num_params + n > p->lim->max_parameters)
      fail(p, at, "too many program parameters (limit %u)", p->lim->max_parameters);
   size_t cap = p->cap_params;
   r->params = grow(p, r->params, sizeof *r->params, &cap, r->num_params + n);
   p->cap_params = (unsigned)cap;
   unsigned base = r->num_params;
   memcpy(&r->params[base], v, n * sizeof *v);
   r->num_params += n;
   for (unsigned i = 0; i < n; i++) {
      if (v[i].kind == ARBPROG_PARAM_ENV && v[i].index < 32)
         r->env_used |= 1u << v[i].index;
      if (v[i].kind == ARBPROG_PARAM_LOCAL && v[i].index < 32)
         r->local_used |= 1u << v[i].index;
   }
   return base;
}

static struct arbprog_param
state_param(struct pony_state_ref ref)
{
   struct arbprog_param v;
   memset(&v, 0, sizeof v);
   v.kind = ARBPROG_PARAM_STATE;
   v.state = ref;
   return v;
}

static struct arbprog_param
const_param(float x, float y, float z, float w)
{
   struct arbprog_param v;
   memset(&v, 0, sizeof v);
   v.kind = ARBPROG_PARAM_CONST;
   v.value[0] = x;
   v.value[1] = y;
   v.value[2] = z;
   v.value[3] = w;
   return v;
}

static float
expect_float(struct parser *p, bool signed_ok)
{
   float sign = 1.0f;
   if (signed_ok && (tok_punct(p, '-') || tok_punct(p, '+'))) {
      if (tok_punct(p, '-'))
         sign = -1.0f;
      lex(p);
   }
   if (p->tok.kind != T_INT && p->tok.kind != T_FLOAT)
      unexpected(p, "a number");
   float v = (float)p->tok.num * sign;
   lex(p);
   return v;
}

/* '{' c [, c [, c [, c]]] '}' -> (x, 0, 0, 1) defaults */
static struct arbprog_param
const_vector(struct parser *p)
{
   float v[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
   expect_punct(p, '{');
   unsigned n = 0;
   for (;;) {
      if (n == 4)
         unexpected(p, "'}'");
      v[n++] = expect_float(p, true);
      if (tok_punct(p, '}'))
         break;
      expect_punct(p, ',');
   }
   lex(p);
   return const_param(v[0], v[1], v[2], v[3]);
}

static const char *const faces[] = { "front", "back", NULL };

static struct pony_state_ref
mkref(unsigned item, unsigned index, unsigned face, unsigned mod, unsigned row)
{
   struct pony_state_ref r = { (uint8_t)item, (uint8_t)index, (uint8_t)face, (uint8_t)mod,
                               (uint8_t)row };
   return r;
}

/* After "state": one or (multiple) several rows.  Returns the count. */
static unsigned
parse_state(struct parser *p, bool multiple, struct pony_state_ref out[4])
{
   bool vp = p->target == ARBPROG_VERTEX;
   const struct arbprog_limits *L = p->lim;
   expect_punct(p, '.');
   size_t at = p->tok.start;
   if (tok_is(p, "material")) {
      static const char *const props[] = { "ambient", "diffuse", "specular", "emission",
                                           "shininess", NULL };
      lex(p);
      int face = accept_dot_word(p, faces);
      int prop = expect_dot_word(p, props, "a material property");
      out[0] = mkref(PONY_STATE_MATERIAL_AMBIENT + (unsigned)prop, 0, face < 0 ? 0 : (unsigned)face,
                     0, 0);
      return 1;
   }
   if (tok_is(p, "light")) {
      static const char *const props[] = { "ambient", "diffuse", "specular", "position",
                                           "attenuation", "spot", "half", NULL };
      static const unsigned items[] = { PONY_STATE_LIGHT_AMBIENT, PONY_STATE_LIGHT_DIFFUSE,
                                        PONY_STATE_LIGHT_SPECULAR, PONY_STATE_LIGHT_POSITION,
                                        PONY_STATE_LIGHT_ATTENUATION,
                                        PONY_STATE_LIGHT_SPOT_DIRECTION, PONY_STATE_LIGHT_HALF };
      lex(p);
      unsigned n = bracket_index(p, L->max_lights, "light");
      int prop = expect_dot_word(p, props, "a light property");
      if (items[prop] == PONY_STATE_LIGHT_SPOT_DIRECTION) {
         static const char *const dir[] = { "direction", NULL };
         expect_dot_word(p, dir, "'direction'");
      }
      out[0] = mkref(items[prop], n, 0, 0, 0);
      return 1;
   }
   if (tok_is(p, "lightmodel")) {
      static const char *const amb[] = { "ambient", NULL };
      static const char *const scene[] = { "scenecolor", NULL };
      lex(p);
      if (accept_dot_word(p, amb) == 0) {
         out[0] = mkref(PONY_STATE_LIGHTMODEL_AMBIENT, 0, 0, 0, 0);
         return 1;
      }
      int face = accept_dot_word(p, faces);
      expect_dot_word(p, scene, face < 0 ? "'ambient' or 'scenecolor'" : "'scenecolor'");
      out[0] = mkref(PONY_STATE_LIGHTMODEL_SCENECOLOR, 0, face < 0 ? 0 : (unsigned)face, 0, 0);
      return 1;
   }
   if (tok_is(p, "lightprod")) {
      static const char *const props[] = { "ambient", "diffuse", "specular", NULL };
      lex(p);
      unsigned n = bracket_index(p, L->max_lights, "light");
      int face = accept_dot_word(p, faces);
      int prop = expect_dot_word(p, props, "'ambient', 'diffuse' or 'specular'");
      out[0] = mkref(PONY_STATE_LIGHTPROD_AMBIENT + (unsigned)prop, n,
                     face < 0 ? 0 : (unsigned)face, 0, 0);
      return 1;
   }
   if (tok_is(p, "texgen")) {
      static const char *const types[] = { "eye", "object", NULL };
      static const char *const coords[] = { "s", "t", "r", "q", NULL };
      lex(p);
      unsigned n = opt_bracket_index(p, L->max_texture_coords, "texture coordinate");
      int type = expect_dot_word(p, types, "'eye' or 'object'");
      int c = expect_dot_word(p, coords, "'s', 't', 'r' or 'q'");
      out[0] = mkref(type ? PONY_STATE_TEXGEN_OBJECT : PONY_STATE_TEXGEN_EYE, n, 0, 0,
                     (unsigned)c);
      return 1;
   }
   if (tok_is(p, "fog")) {
      static const char *const props[] = { "color", "params", NULL };
      lex(p);
      int prop = expect_dot_word(p, props, "'color' or 'params'");
      out[0] = mkref(prop ? PONY_STATE_FOG_PARAMS : PONY_STATE_FOG_COLOR, 0, 0, 0, 0);
      return 1;
   }
   if (vp && tok_is(p, "clip")) {
      static const char *const plane[] = { "plane", NULL };
      lex(p);
      unsigned n = bracket_index(p, L->max_clip_planes, "clip plane");
      expect_dot_word(p, plane, "'plane'");
      out[0] = mkref(PONY_STATE_CLIP_PLANE, n, 0, 0, 0);
      return 1;
   }
   if (vp && tok_is(p, "point")) {
      static const char *const props[] = { "size", "attenuation", NULL };
      lex(p);
      int prop = expect_dot_word(p, props, "'size' or 'attenuation'");
      out[0] = mkref(prop ? PONY_STATE_POINT_ATTENUATION : PONY_STATE_POINT_SIZE, 0, 0, 0, 0);
      return 1;
   }
   if (!vp && tok_is(p, "texenv")) {
      static const char *const color[] = { "color", NULL };
      lex(p);
      unsigned n = opt_bracket_index(p, L->max_texture_image_units, "texture unit");
      expect_dot_word(p, color, "'color'");
      out[0] = mkref(PONY_STATE_TEXENV_COLOR, n, 0, 0, 0);
      return 1;
   }
   if (!vp && tok_is(p, "depth")) {
      static const char *const range[] = { "range", NULL };
      lex(p);
      expect_dot_word(p, range, "'range'");
      out[0] = mkref(PONY_STATE_DEPTH_RANGE, 0, 0, 0, 0);
      return 1;
   }
   if (tok_is(p, "matrix")) {
      static const char *const names[] = { "modelview", "projection", "mvp", "texture",
                                           "palette", "program", NULL };
      static const char *const mods[] = { "inverse", "transpose", "invtrans", NULL };
      static const char *const row[] = { "row", NULL };
      unsigned item, index = 0;
      lex(p);
      int name = expect_dot_word(p, names, "a matrix name");
      switch (name) {
      case 0:
         item = PONY_STATE_MATRIX_MODELVIEW;
         if (tok_punct(p, '['))
            index = bracket_index(p, 1, "modelview matrix");   /* no ARB_vertex_blend */
         break;
      case 1: item = PONY_STATE_MATRIX_PROJECTION; break;
      case 2: item = PONY_STATE_MATRIX_MVP; break;
      case 3:
         item = PONY_STATE_MATRIX_TEXTURE;
         index = opt_bracket_index(p, L->max_texture_coords, "texture matrix");
         break;
      case 4:
         fail(p, at, "matrix palettes are not supported (no ARB_matrix_palette)");
      default:
         item = PONY_STATE_MATRIX_PROGRAM;
         index = bracket_index(p, L->max_program_matrices, "program matrix");
         break;
      }
      int mod = accept_dot_word(p, mods);
      unsigned first = 0, last = 3;
      size_t row_at = p->tok.start;
      if (accept_dot_word(p, row) == 0) {
         expect_punct(p, '[');
         first = last = expect_index(p, 4, "matrix row");
         if (p->tok.kind == T_DOTDOT) {
            if (!multiple)
               unexpected(p, "']'");
            lex(p);
            size_t lat = p->tok.start;
            last = expect_index(p, 4, "matrix row");
            if (last < first)
               fail(p, lat, "invalid matrix row range %u..%u", first, last);
         }
         expect_punct(p, ']');
      } else if (!multiple) {
         fail(p, row_at, "a matrix binding here must name one row (.row[n])");
      }
      for (unsigned r = first; r <= last; r++)
         out[r - first] = mkref(item, index, 0, mod < 0 ? 0 : (unsigned)mod + 1, r);
      return last - first + 1;
   }
   unexpected(p, "a state name");
}

/* After "program": env/local, a single index or (multiple) a range.  Fills
 * up to *count params (the caller provides room for the whole range). */
static unsigned
parse_program_param(struct parser *p, bool multiple, struct arbprog_param **out, size_t at)
{
   static const char *const kinds[] = { "env", "local", NULL };
   int kind = expect_dot_word(p, kinds, "'env' or 'local'");
   unsigned limit = kind ? p->lim->max_local_parameters : p->lim->max_env_parameters;
   const char *what = kind ? "program.local" : "program.env";
   expect_punct(p, '[');
   unsigned first = expect_index(p, limit, what), last = first;
   if (p->tok.kind == T_DOTDOT) {
      if (!multiple)
         unexpected(p, "']'");
      lex(p);
      size_t lat = p->tok.start;
      last = expect_index(p, limit, what);
      if (last < first)
         fail(p, lat, "invalid %s range %u..%u", what, first, last);
   }
   expect_punct(p, ']');
   unsigned n = last - first + 1;
   if (n > p->lim->max_parameters)
      fail(p, at, "too many program parameters (limit %u)", p->lim->max_parameters);
   struct arbprog_param *v = calloc(n, sizeof *v);
   if (!v)
      fail(p, at, "out of memory");
   for (unsigned i = 0; i < n; i++) {
      v[i].kind = kind ? ARBPROG_PARAM_LOCAL : ARBPROG_PARAM_ENV;
      v[i].index = first + i;
   }
   *out = v;
   return n;
}

/* --- attributes and results ---------------------------------------------------- */

static void
use_input(struct parser *p, int id, size_t at)
{
   if (!(p->inputs_seen & (1u << (id & 31)))) {
      p->inputs_seen |= 1u << (id & 31);
      p->res->counts.attribs++;
      if (p->res->counts.attribs > p->lim->max_attribs)
         fail(p, at, "too many attributes (limit %u)", p->lim->max_attribs);
   }
}

/* After "vertex" / "fragment": the input id. */
static int
parse_attrib_binding(struct parser *p, size_t at)
{
   const struct arbprog_limits *L = p->lim;
   if (p->target == ARBPROG_VERTEX) {
      static const char *const names[] = { "position", "weight", "normal", "color", "fogcoord",
                                           "texcoord", "matrixindex", "attrib", NULL };
      static const char *const colors[] = { "primary", "secondary", NULL };
      int name = expect_dot_word(p, names, "a vertex attribute");
      int generic, id;
      bool conventional = true;
      switch (name) {
      case 0: generic = id = ARBPROG_ATTRIB_POS; break;
      case 1:
      case 6:
         fail(p, at, "vertex.%s needs ARB_vertex_blend / ARB_matrix_palette (not supported)",
              name == 1 ? "weight" : "matrixindex");
      case 2: generic = ARBPROG_ATTRIB_NORMAL; id = IN_VERT_NORMAL; break;
      case 3: {
         int c = accept_dot_word(p, colors);
         generic = id = c == 1 ? ARBPROG_ATTRIB_COLOR1 : ARBPROG_ATTRIB_COLOR0;
         break;
      }
      case 4: generic = ARBPROG_ATTRIB_FOG; id = IN_VERT_FOG; break;
      case 5:
         generic = id = ARBPROG_ATTRIB_TEX0 +
                        (int)opt_bracket_index(p, L->max_texture_coords, "texture coordinate");
         break;
      default:
         generic = (int)bracket_index(p, L->max_vertex_attribs, "vertex attribute");
         /* generic attributes have slots of their own (GL 2.0; ARB_vertex_program
          * allows aliasing but does not require it), except 0, the position */
         id = generic ? ARBPROG_ATTRIB_GENERIC0 + generic : ARBPROG_ATTRIB_POS;
         conventional = false;
         break;
      }
      /* ARB_vertex_program issue 5: a program using a generic attribute
       * and the conventional one that may alias it fails to load */
      uint32_t bit = 1u << generic;
      if (conventional ? (p->generic_used & bit) : (p->conv_used & bit))
         fail(p, at, "vertex.attrib[%d] and the conventional attribute it aliases are both used",
              generic);
      if (conventional)
         p->conv_used |= bit;
      else
         p->generic_used |= bit;
      use_input(p, generic, at);
      p->res->inputs_read |= 1u << (id & 31);
      return id;
   }
   static const char *const names[] = { "color", "texcoord", "fogcoord", "position", NULL };
   static const char *const colors[] = { "primary", "secondary", NULL };
   int name = expect_dot_word(p, names, "a fragment attribute");
   int id;
   switch (name) {
   case 0: {
      int c = accept_dot_word(p, colors);
      id = c == 1 ? IN_FRAG_COLOR1 : IN_FRAG_COLOR0;
      p->res->inputs_read |= c == 1 ? ARBPROG_FRAG_IN_COLOR1 : ARBPROG_FRAG_IN_COLOR0;
      break;
   }
   case 1: {
      unsigned n = opt_bracket_index(p, L->max_texture_coords, "texture coordinate");
      id = IN_FRAG_TEX0 + (int)n;
      p->res->inputs_read |= ARBPROG_FRAG_IN_TEX0 << n;
      break;
   }
   case 2:
      id = IN_FRAG_FOG;
      p->res->inputs_read |= ARBPROG_FRAG_IN_FOG;
      break;
   default:
      id = IN_FRAG_POSITION;
      p->res->inputs_read |= ARBPROG_FRAG_IN_POSITION;
      break;
   }
   use_input(p, id, at);
   return id;
}

/* After "result": the output id. */
static int
parse_result_binding(struct parser *p, size_t at)
{
   if (p->target == ARBPROG_VERTEX) {
      static const char *const names[] = { "position", "color", "fogcoord", "pointsize",
                                           "texcoord", NULL };
      static const char *const colors[] = { "primary", "secondary", NULL };
      int name = expect_dot_word(p, names, "a result name");
      int id;
      switch (name) {
      case 0:
         if (p->res->position_invariant)
            fail(p, at, "result.position cannot be written with ARB_position_invariant");
         id = OUT_VERT_POS;
         break;
      case 1: {
         int face = accept_dot_word(p, faces);
         int c = accept_dot_word(p, colors);
         id = face == 1 ? (c == 1 ? OUT_VERT_BCOLOR1 : OUT_VERT_BCOLOR0)
                        : (c == 1 ? OUT_VERT_COLOR1 : OUT_VERT_COLOR0);
         break;
      }
      case 2: id = OUT_VERT_FOG; break;
      case 3: id = OUT_VERT_PSIZE; break;
      default:
         id = OUT_VERT_TEX0 + (int)opt_bracket_index(p, p->lim->max_texture_coords,
                                                      "texture coordinate");
         break;
      }
      return id;
   }
   static const char *const names[] = { "color", "depth", NULL };
   int name = expect_dot_word(p, names, "'color' or 'depth'");
   if (name)
      return OUT_FRAG_DEPTH;
   /* ARB_draw_buffers: result.color[n], n below GL_MAX_DRAW_BUFFERS */
   if (!p->res->draw_buffers)
      return OUT_FRAG_COLOR;
   unsigned n = opt_bracket_index(p, p->lim->max_draw_buffers ? p->lim->max_draw_buffers : 1,
                                  "draw buffer");
   return n ? OUT_FRAG_COLOR1 + (int)n - 1 : OUT_FRAG_COLOR;
}

/* --- operands --------------------------------------------------------------------- */

static bool
comp_letter(struct parser *p, char c, unsigned *out, int *set)
{
   static const char xyzw[] = "xyzw", rgba[] = "rgba";
   const char *x = strchr(xyzw, c), *r = p->target == ARBPROG_FRAGMENT ? strchr(rgba, c) : NULL;
   if (c && x) {
      if (*set == 1)
         return false;
      *set = 0;
      *out = (unsigned)(x - xyzw);
      return true;
   }
   if (c && r) {
      if (*set == 0)
         return false;
      *set = 1;
      *out = (unsigned)(r - rgba);
      return true;
   }
   return false;
}

/* Optional swizzle suffix: ".c" (replicated) or ".cccc"; scalar: exactly ".c". */
static void
parse_swizzle(struct parser *p, struct arbprog_src *s, bool scalar)
{
   for (unsigned c = 0; c < 4; c++)
      s->swz[c] = (uint8_t)c;
   if (!tok_punct(p, '.')) {
      if (scalar)
         unexpected(p, "a scalar suffix ('.x', '.y', '.z' or '.w')");
      return;
   }
   lex(p);
   if (p->tok.kind != T_IDENT)
      unexpected(p, "a swizzle");
   const char *t = p->text + p->tok.start;
   size_t l = p->tok.len;
   int set = -1;
   unsigned v[4];
   if ((l != 1 && l != 4) || (scalar && l != 1))
      fail(p, p->tok.start, scalar ? "invalid scalar suffix '%.*s'" : "invalid swizzle '%.*s'",
           (int)(l > 16 ? 16 : l), t);
   for (size_t i = 0; i < l; i++)
      if (!comp_letter(p, t[i], &v[i], &set))
         fail(p, p->tok.start, "invalid swizzle '%.*s'", (int)l, t);
   for (unsigned c = 0; c < 4; c++)
      s->swz[c] = (uint8_t)v[l == 1 ? 0 : c];
   lex(p);
}

static uint8_t
parse_mask(struct parser *p)
{
   if (!tok_punct(p, '.'))
      return 0xf;
   lex(p);
   if (p->tok.kind != T_IDENT)
      unexpected(p, "a write mask");
   const char *t = p->text + p->tok.start;
   size_t l = p->tok.len;
   int set = -1;
   uint8_t mask = 0;
   int last = -1;
   for (size_t i = 0; i < l; i++) {
      unsigned c;
      if (l > 4 || !comp_letter(p, t[i], &c, &set) || (int)c <= last)
         fail(p, p->tok.start, "invalid write mask '%.*s'", (int)(l > 16 ? 16 : l), t);
      last = (int)c;
      mask |= (uint8_t)(1u << c);
   }
   lex(p);
   return mask;
}

/* ARB_vertex_program 2.14.3.4: an array read with relative addressing may
 * not bind one program parameter (env, local, state) to two elements. */
static void
check_relative_array(struct parser *p, struct sym *y, size_t at)
{
   if (y->relative_checked)
      return;
   y->relative_checked = true;
   const struct arbprog_param *a = &p->res->params[y->index];
   for (unsigned i = 0; i < y->array_len; i++) {
      if (a[i].kind == ARBPROG_PARAM_CONST)
         continue;
      for (unsigned j = i + 1; j < y->array_len; j++)
         if (param_equal(&a[i], &a[j]))
            fail(p, at, "'%.*s' binds one parameter twice and is read with relative addressing",
                 (int)(y->len > 64 ? 64 : y->len), y->name);
   }
}

static void
parse_src(struct parser *p, struct arbprog_src *s, bool scalar, bool allow_sign)
{
   memset(s, 0, sizeof *s);
   bool neg = false;
   if (allow_sign && (tok_punct(p, '-') || tok_punct(p, '+'))) {
      neg = tok_punct(p, '-');
      lex(p);
   }
   size_t at = p->tok.start;
   bool vp = p->target == ARBPROG_VERTEX;
   if (tok_is(p, vp ? "vertex" : "fragment")) {
      lex(p);
      s->file = FILE_INPUT;
      s->index = parse_attrib_binding(p, at);
   } else if (tok_is(p, "state")) {
      struct pony_state_ref r[4];
      lex(p);
      parse_state(p, false, r);
      struct arbprog_param v = state_param(r[0]);
      s->file = FILE_PARAM;
      s->index = (int)add_params(p, &v, 1, true, at);
   } else if (tok_is(p, "program")) {
      struct arbprog_param *v = NULL;
      lex(p);
      parse_program_param(p, false, &v, at);
      struct arbprog_param one = v[0];
      free(v);
      s->file = FILE_PARAM;
      s->index = (int)add_params(p, &one, 1, true, at);
   } else if (tok_punct(p, '{')) {
      struct arbprog_param v = const_vector(p);
      s->file = FILE_PARAM;
      s->index = (int)add_params(p, &v, 1, true, at);
   } else if (p->tok.kind == T_INT || p->tok.kind == T_FLOAT) {
      float f = (float)p->tok.num;
      lex(p);
      struct arbprog_param v = const_param(f, f, f, f);
      s->file = FILE_PARAM;
      s->index = (int)add_params(p, &v, 1, true, at);
   } else if (tok_is(p, "result")) {
      fail(p, at, "result registers cannot be read");
   } else if (p->tok.kind == T_IDENT) {
      struct sym *y = sym_find(p, p->text + at, p->tok.len);
      if (!y)
         fail(p, at, "undefined variable '%.*s'", (int)(p->tok.len > 64 ? 64 : p->tok.len),
              p->text + at);
      lex(p);
      switch (y->kind) {
      case SYM_ATTRIB: s->file = FILE_INPUT; s->index = y->index; break;
      case SYM_TEMP: s->file = FILE_TEMP; s->index = y->index; break;
      case SYM_OUTPUT: fail(p, at, "result registers cannot be read");
      case SYM_ADDRESS: fail(p, at, "address registers can only be used for relative addressing");
      case SYM_PARAM:
         s->file = FILE_PARAM;
         s->index = y->index;
         if (y->array_len) {
            expect_punct(p, '[');
            if (p->tok.kind == T_INT) {
               s->index += (int)expect_index(p, y->array_len, "array");
            } else if (vp && p->tok.kind == T_IDENT) {
               size_t aat = p->tok.start;
               struct sym *a = sym_find(p, p->text + aat, p->tok.len);
               if (!a || a->kind != SYM_ADDRESS)
                  fail(p, aat, "expected an address register or an integer");
               lex(p);
               static const char *const x[] = { "x", NULL };
               expect_dot_word(p, x, "'x'");
               int off = 0;
               if (tok_punct(p, '+') || tok_punct(p, '-')) {
                  bool minus = tok_punct(p, '-');
                  lex(p);
                  unsigned o = expect_index(p, minus ? 65 : 64, "relative offset");
                  off = minus ? -(int)o : (int)o;
               }
               s->index += off;
               s->relative = true;
               check_relative_array(p, y, at);
            } else {
               unexpected(p, vp ? "an integer or an address register" : "an integer");
            }
            expect_punct(p, ']');
         }
         break;
      }
   } else {
      unexpected(p, "a source register");
   }
   parse_swizzle(p, s, scalar);
   if (neg)
      s->negate = 0xf;
}

static void
parse_dst(struct parser *p, struct arbprog_dst *d)
{
   memset(d, 0, sizeof *d);
   size_t at = p->tok.start;
   if (tok_is(p, "result")) {
      lex(p);
      d->file = FILE_OUTPUT;
      d->index = parse_result_binding(p, at);
   } else if (tok_is(p, p->target == ARBPROG_VERTEX ? "vertex" : "fragment") ||
              tok_is(p, "state") || tok_is(p, "program")) {
      fail(p, at, "'%.*s' cannot be written", (int)p->tok.len, p->text + at);
   } else if (p->tok.kind == T_IDENT) {
      struct sym *y = sym_find(p, p->text + at, p->tok.len);
      if (!y)
         fail(p, at, "undefined variable '%.*s'", (int)(p->tok.len > 64 ? 64 : p->tok.len),
              p->text + at);
      if (y->kind == SYM_TEMP)
         d->file = FILE_TEMP;
      else if (y->kind == SYM_OUTPUT)
         d->file = FILE_OUTPUT;
      else
         fail(p, at, "'%.*s' cannot be written", (int)(p->tok.len > 64 ? 64 : p->tok.len),
              p->text + at);
      d->index = y->index;
      lex(p);
   } else {
      unexpected(p, "a destination register");
   }
   d->mask = parse_mask(p);
   if (d->file == FILE_OUTPUT) {
      if (p->target == ARBPROG_VERTEX) {
         static const uint32_t bits[OUT_VERT_COUNT] = {
            [OUT_VERT_POS] = ARBPROG_VERT_OUT_POSITION,
            [OUT_VERT_COLOR0] = ARBPROG_VERT_OUT_COLOR0,
            [OUT_VERT_COLOR1] = ARBPROG_VERT_OUT_COLOR1,
            [OUT_VERT_BCOLOR0] = ARBPROG_VERT_OUT_BCOLOR0,
            [OUT_VERT_BCOLOR1] = ARBPROG_VERT_OUT_BCOLOR1,
            [OUT_VERT_FOG] = ARBPROG_VERT_OUT_FOG,
            [OUT_VERT_PSIZE] = ARBPROG_VERT_OUT_PSIZE,
         };
         uint32_t tex0 = ARBPROG_VERT_OUT_TEX0;
         p->res->outputs_written |= d->index >= OUT_VERT_TEX0 ? tex0 << (d->index - OUT_VERT_TEX0)
                                                              : bits[d->index];
      } else {
         p->res->outputs_written |= 1u << d->index;
      }
   }
}

/* --- instructions ---------------------------------------------------------------- */

enum op_kind { K_VECTOR, K_SCALAR, K_BINSC, K_BIN, K_TRI, K_SWZ, K_ARL, K_TEX, K_KIL };

struct op_info {
   const char *name;
   uint8_t kind;
   uint8_t stages;      /* 1 vertex, 2 fragment */
};

static const struct op_info ops[OP_COUNT] = {
   [OP_ABS] = { "ABS", K_VECTOR, 3 }, [OP_ADD] = { "ADD", K_BIN, 3 },
   [OP_ARL] = { "ARL", K_ARL, 1 },    [OP_CMP] = { "CMP", K_TRI, 2 },
   [OP_COS] = { "COS", K_SCALAR, 2 }, [OP_DP3] = { "DP3", K_BIN, 3 },
   [OP_DP4] = { "DP4", K_BIN, 3 },    [OP_DPH] = { "DPH", K_BIN, 3 },
   [OP_DST] = { "DST", K_BIN, 3 },    [OP_EX2] = { "EX2", K_SCALAR, 3 },
   [OP_EXP] = { "EXP", K_SCALAR, 1 }, [OP_FLR] = { "FLR", K_VECTOR, 3 },
   [OP_FRC] = { "FRC", K_VECTOR, 3 }, [OP_KIL] = { "KIL", K_KIL, 2 },
   [OP_LG2] = { "LG2", K_SCALAR, 3 }, [OP_LIT] = { "LIT", K_VECTOR, 3 },
   [OP_LOG] = { "LOG", K_SCALAR, 1 }, [OP_LRP] = { "LRP", K_TRI, 2 },
   [OP_MAD] = { "MAD", K_TRI, 3 },    [OP_MAX] = { "MAX", K_BIN, 3 },
   [OP_MIN] = { "MIN", K_BIN, 3 },    [OP_MOV] = { "MOV", K_VECTOR, 3 },
   [OP_MUL] = { "MUL", K_BIN, 3 },    [OP_POW] = { "POW", K_BINSC, 3 },
   [OP_RCP] = { "RCP", K_SCALAR, 3 }, [OP_RSQ] = { "RSQ", K_SCALAR, 3 },
   [OP_SCS] = { "SCS", K_SCALAR, 2 }, [OP_SGE] = { "SGE", K_BIN, 3 },
   [OP_SIN] = { "SIN", K_SCALAR, 2 }, [OP_SLT] = { "SLT", K_BIN, 3 },
   [OP_SUB] = { "SUB", K_BIN, 3 },    [OP_SWZ] = { "SWZ", K_SWZ, 3 },
   [OP_TEX] = { "TEX", K_TEX, 2 },    [OP_TXB] = { "TXB", K_TEX, 2 },
   [OP_TXP] = { "TXP", K_TEX, 2 },    [OP_XPD] = { "XPD", K_BIN, 3 },
};

/* The opcode the current token names (-1 if none), and its _SAT. */
static int
lookup_op(struct parser *p, bool *sat)
{
   if (p->tok.kind != T_IDENT)
      return -1;
   const char *t = p->text + p->tok.start;
   size_t l = p->tok.len;
   unsigned stage = p->target == ARBPROG_VERTEX ? 1 : 2;
   *sat = false;
   if (stage == 2 && l == 7 && !memcmp(t + 3, "_SAT", 4)) {
      *sat = true;
      l = 3;
   }
   if (l != 3)
      return -1;
   for (int i = 0; i < OP_COUNT; i++)
      if (!memcmp(ops[i].name, t, 3) && (ops[i].stages & stage)) {
         if (*sat && i == OP_KIL)
            return -1;
         return i;
      }
   return -1;
}

static void
parse_ext_swizzle(struct parser *p, struct arbprog_src *s)
{
   int set = -1;
   for (unsigned c = 0; c < 4; c++) {
      if (c)
         expect_punct(p, ',');
      bool neg = false;
      if (tok_punct(p, '-') || tok_punct(p, '+')) {
         neg = tok_punct(p, '-');
         lex(p);
      }
      unsigned v;
      if (p->tok.kind == T_INT && p->tok.len == 1 && (p->tok.num == 0.0 || p->tok.num == 1.0)) {
         s->swz[c] = p->tok.num == 0.0 ? SEL_ZERO : SEL_ONE;
      } else if (p->tok.kind == T_IDENT && p->tok.len == 1 &&
                 comp_letter(p, p->text[p->tok.start], &v, &set)) {
         s->swz[c] = (uint8_t)v;
      } else {
         unexpected(p, "'0', '1' or a component");
      }
      if (neg)
         s->negate |= (uint8_t)(1u << c);
      lex(p);
   }
}

static unsigned
parse_tex_target(struct parser *p)
{
   size_t at = p->tok.start;
   const char *t = p->text + at;
   /* "1D": an integer token immediately followed by the identifier "D" */
   if (p->tok.kind == T_INT && p->tok.len == 1 && t[0] >= '1' && t[0] <= '3' &&
       at + 2 <= p->len && t[1] == 'D' &&
       !(at + 2 < p->len && (is_ident_start(t[2]) || is_digit(t[2])))) {
      unsigned v = (unsigned)(t[0] - '0');
      p->pos = at + 2;
      lex(p);
      return v == 1 ? ARBPROG_TEX_1D : v == 2 ? ARBPROG_TEX_2D : ARBPROG_TEX_3D;
   }
   static const char *const names[] = { "CUBE", "RECT", "SHADOW1D", "SHADOW2D", "SHADOWRECT",
                                        NULL };
   static const unsigned targets[] = { ARBPROG_TEX_CUBE, ARBPROG_TEX_RECT, ARBPROG_TEX_SHADOW1D,
                                       ARBPROG_TEX_SHADOW2D, ARBPROG_TEX_SHADOWRECT };
   for (unsigned i = 0; names[i]; i++)
      if (tok_is(p, names[i]) && (i < 2 || p->opt_shadow)) {
         lex(p);
         return targets[i];
      }
   unexpected(p, p->opt_shadow ? "a texture target (1D, 2D, 3D, CUBE, RECT, SHADOW1D, "
                                 "SHADOW2D, SHADOWRECT)"
                               : "a texture target (1D, 2D, 3D, CUBE, RECT)");
}

static bool
temp_in_phase(const struct parser *p, const struct arbprog_src *s)
{
   return s->file == FILE_TEMP && s->index < 256 &&
          (p->temps_written_phase[s->index / 32] & (1u << (s->index % 32)));
}

static void
parse_instruction(struct parser *p, int op, bool sat)
{
   size_t at = p->tok.start;
   struct arbprog_counts *cnt = &p->res->counts;
   if (cnt->instructions + 1 > p->lim->max_instructions)
      fail(p, at, "too many instructions (limit %u)", p->lim->max_instructions);
   lex(p);
   struct arbprog_inst in;
   memset(&in, 0, sizeof in);
   in.op = (uint8_t)op;
   in.sat = sat;
   switch (ops[op].kind) {
   case K_ARL: {
      size_t dat = p->tok.start;
      struct sym *a = p->tok.kind == T_IDENT ? sym_find(p, p->text + dat, p->tok.len) : NULL;
      if (!a || a->kind != SYM_ADDRESS)
         fail(p, dat, "ARL needs an address register destination");
      lex(p);
      in.dst.file = FILE_ADDRESS;
      in.dst.index = a->index;
      in.dst.mask = 1;
      if (tok_punct(p, '.')) {
         static const char *const x[] = { "x", NULL };
         expect_dot_word(p, x, "'x'");
      }
      expect_punct(p, ',');
      parse_src(p, &in.src[0], true, true);
      break;
   }
   case K_KIL:
      parse_src(p, &in.src[0], false, true);
      break;
   default:
      parse_dst(p, &in.dst);
      expect_punct(p, ',');
      switch (ops[op].kind) {
      case K_VECTOR: parse_src(p, &in.src[0], false, true); break;
      case K_SCALAR: parse_src(p, &in.src[0], true, true); break;
      case K_BINSC:
         parse_src(p, &in.src[0], true, true);
         expect_punct(p, ',');
         parse_src(p, &in.src[1], true, true);
         break;
      case K_BIN:
         parse_src(p, &in.src[0], false, true);
         expect_punct(p, ',');
         parse_src(p, &in.src[1], false, true);
         break;
      case K_TRI:
         for (unsigned i = 0; i < 3; i++) {
            if (i)
               expect_punct(p, ',');
            parse_src(p, &in.src[i], false, true);
         }
         break;
      case K_SWZ:
         /* SWZ's source has no sign or suffix of its own: the extended
          * swizzle carries them */
         parse_src(p, &in.src[0], false, false);
         if (in.src[0].swz[0] != 0 || in.src[0].swz[1] != 1 || in.src[0].swz[2] != 2 ||
             in.src[0].swz[3] != 3)
            fail(p, at, "SWZ takes its swizzle as a separate operand");
         expect_punct(p, ',');
         parse_ext_swizzle(p, &in.src[0]);
         break;
      case K_TEX: {
         parse_src(p, &in.src[0], false, true);
         expect_punct(p, ',');
         expect_word(p, "texture");
         unsigned unit = opt_bracket_index(p, p->lim->max_texture_image_units,
                                           "texture image unit");
         expect_punct(p, ',');
         size_t tat = p->tok.start;
         unsigned target = parse_tex_target(p);
         uint8_t *cur = &p->res->tex_target[unit];
         if (*cur && *cur != target)
            fail(p, tat, "texture image unit %u is used with two different targets", unit);
         *cur = (uint8_t)target;
         in.tex_unit = (uint8_t)unit;
         in.tex_target = (uint8_t)target;
         break;
      }
      default:
         break;
      }
      break;
   }
   /* counts */
   cnt->instructions++;
   if (p->target == ARBPROG_FRAGMENT) {
      if (ops[op].kind == K_TEX || op == OP_KIL) {
         cnt->tex_instructions++;
         /* a texture lookup whose coordinates depend on an ALU result of
          * the current phase starts a new indirection phase */
         if (temp_in_phase(p, &in.src[0])) {
            cnt->tex_indirections++;
            memset(p->temps_written_phase, 0, sizeof p->temps_written_phase);
         }
         if (cnt->tex_indirections == 0)
            cnt->tex_indirections = 1;
      } else {
         cnt->alu_instructions++;
         if (in.dst.file == FILE_TEMP && in.dst.index < 256)
            p->temps_written_phase[in.dst.index / 32] |= 1u << (in.dst.index % 32);
      }
   }

   size_t cap = p->cap_insts;
   p->insts = grow(p, p->insts, sizeof *p->insts, &cap, p->num_insts + 1);
   p->cap_insts = (unsigned)cap;
   p->insts[p->num_insts++] = in;
}

/* --- declarations ------------------------------------------------------------------ */

static void
parse_param_decl(struct parser *p)
{
   struct sym *y = declare(p, SYM_PARAM);
   unsigned size = 0;
   bool array = false;
   size_t size_at = 0;
   if (tok_punct(p, '[')) {
      array = true;
      lex(p);
      if (p->tok.kind == T_INT) {
         size_at = p->tok.start;
         if (p->tok.num < 1.0)
            fail(p, size_at, "invalid array size");
         size = expect_index(p, p->lim->max_parameters + 1, "array size");
      }
      expect_punct(p, ']');
   }
   expect_punct(p, '=');
   if (!array) {
      size_t at = p->tok.start;
      struct arbprog_param v;
      if (tok_is(p, "state")) {
         struct pony_state_ref r[4];
         lex(p);
         parse_state(p, false, r);
         v = state_param(r[0]);
      } else if (tok_is(p, "program")) {
         struct arbprog_param *pv = NULL;
         lex(p);
         parse_program_param(p, false, &pv, at);
         v = pv[0];
         free(pv);
      } else if (tok_punct(p, '{')) {
         v = const_vector(p);
      } else {
         float f = expect_float(p, true);
         v = const_param(f, f, f, f);
      }
      y->index = (int)add_params(p, &v, 1, true, at);
      return;
   }
   expect_punct(p, '{');
   unsigned count = 0;
   int base = -1;
   for (;;) {
      size_t at = p->tok.start;
      struct arbprog_param one, *v = &one;
      struct arbprog_param *heap = NULL;
      unsigned n = 1;
      if (tok_is(p, "state")) {
         struct pony_state_ref r[4];
         lex(p);
         n = parse_state(p, true, r);
         heap = calloc(n, sizeof *heap);
         if (!heap)
            fail(p, at, "out of memory");
         for (unsigned i = 0; i < n; i++)
            heap[i] = state_param(r[i]);
         v = heap;
      } else if (tok_is(p, "program")) {
         lex(p);
         n = parse_program_param(p, true, &heap, at);
         v = heap;
      } else if (tok_punct(p, '{')) {
         one = const_vector(p);
      } else {
         float f = expect_float(p, true);
         one = const_param(f, f, f, f);
      }
      if (size && count + n > size) {
         free(heap);
         fail(p, at, "more initializers than the array size %u", size);
      }
      /* arrays are consecutive slots, never shared */
      unsigned slot;
      {
         /* add_params fails by longjmp: free the temporary first if it would */
         struct arbprog_result *r = p->res;
         if (r->num_params + n > p->lim->max_parameters) {
            free(heap);
            fail(p, at, "too many program parameters (limit %u)", p->lim->max_parameters);
         }
         slot = add_params(p, v, n, false, at);
      }
      free(heap);
      if (base < 0)
         base = (int)slot;
      count += n;
      if (tok_punct(p, '}'))
         break;
      expect_punct(p, ',');
   }
   if (size && count != size)
      fail(p, p->tok.start, "the array has %u initializers for size %u", count, size);
   lex(p);
   y->index = base;
   y->array_len = count;
}

static void
parse_statement(struct parser *p)
{
   bool sat;
   int op = lookup_op(p, &sat);
   if (op >= 0) {
      parse_instruction(p, op, sat);
   } else if (tok_is(p, "ATTRIB")) {
      lex(p);
      struct sym *y = declare(p, SYM_ATTRIB);
      expect_punct(p, '=');
      size_t at = p->tok.start;
      expect_word(p, p->target == ARBPROG_VERTEX ? "vertex" : "fragment");
      y->index = parse_attrib_binding(p, at);
   } else if (tok_is(p, "PARAM")) {
      lex(p);
      parse_param_decl(p);
   } else if (tok_is(p, "TEMP") || (p->target == ARBPROG_VERTEX && tok_is(p, "ADDRESS"))) {
      bool temp = tok_is(p, "TEMP");
      lex(p);
      for (;;) {
         size_t at = p->tok.start;
         struct sym *y = declare(p, temp ? SYM_TEMP : SYM_ADDRESS);
         if (temp) {
            if (p->num_temps + 1 > p->lim->max_temporaries)
               fail(p, at, "too many temporaries (limit %u)", p->lim->max_temporaries);
            y->index = (int)p->num_temps++;
         } else {
            if (p->num_address + 1 > p->lim->max_address_registers)
               fail(p, at, "too many address registers (limit %u)",
                    p->lim->max_address_registers);
            y->index = (int)p->num_address++;
         }
         if (!tok_punct(p, ','))
            break;
         lex(p);
      }
   } else if (tok_is(p, "OUTPUT")) {
      lex(p);
      struct sym *y = declare(p, SYM_OUTPUT);
      expect_punct(p, '=');
      size_t at = p->tok.start;
      expect_word(p, "result");
      y->index = parse_result_binding(p, at);
   } else if (tok_is(p, "ALIAS")) {
      lex(p);
      struct sym *y = declare(p, SYM_TEMP);
      expect_punct(p, '=');
      size_t at = p->tok.start;
      if (p->tok.kind != T_IDENT)
         unexpected(p, "a name");
      struct sym *t = sym_find(p, p->text + at, p->tok.len);
      if (!t || t == &p->syms[p->num_syms - 1])
         fail(p, at, "undefined variable '%.*s'", (int)(p->tok.len > 64 ? 64 : p->tok.len),
              p->text + at);
      /* y may have moved when the table grew: find it again */
      y = &p->syms[p->num_syms - 1];
      y->kind = t->kind;
      y->index = t->index;
      y->array_len = t->array_len;
      lex(p);
   } else if (tok_is(p, "OPTION")) {
      fail(p, p->tok.start, "OPTION must come before the first statement");
   } else {
      unexpected(p, "an instruction or a declaration");
   }
   expect_punct(p, ';');
}

static void
parse_option(struct parser *p)
{
   size_t at = p->tok.start;
   if (p->tok.kind != T_IDENT)
      unexpected(p, "an option name");
   struct arbprog_result *r = p->res;
   if (p->target == ARBPROG_VERTEX) {
      if (tok_is(p, "ARB_position_invariant"))
         r->position_invariant = true;
      else
         fail(p, at, "unknown option '%.*s'", (int)(p->tok.len > 64 ? 64 : p->tok.len),
              p->text + at);
   } else if (tok_is(p, "ARB_precision_hint_fastest") || tok_is(p, "ARB_precision_hint_nicest")) {
      bool nicest = tok_is(p, "ARB_precision_hint_nicest");
      if (nicest ? r->precision_fastest : r->precision_nicest)
         fail(p, at, "ARB_precision_hint_fastest and ARB_precision_hint_nicest are exclusive");
      if (nicest)
         r->precision_nicest = true;
      else
         r->precision_fastest = true;
   } else if (tok_is(p, "ARB_fog_linear") || tok_is(p, "ARB_fog_exp") ||
              tok_is(p, "ARB_fog_exp2")) {
      enum arbprog_fog f = tok_is(p, "ARB_fog_linear") ? ARBPROG_FOG_LINEAR
                           : tok_is(p, "ARB_fog_exp") ? ARBPROG_FOG_EXP : ARBPROG_FOG_EXP2;
      if (r->fog != ARBPROG_FOG_NONE && r->fog != f)
         fail(p, at, "only one ARB_fog option may be given");
      r->fog = f;
   } else if (tok_is(p, "ARB_fragment_program_shadow")) {
      p->opt_shadow = true;
   } else if (tok_is(p, "ARB_draw_buffers")) {
      r->draw_buffers = true;
   } else if (tok_is(p, "ARB_fragment_coord_origin_upper_left")) {
      r->frag_coord |= IR_FRAG_COORD_UPPER_LEFT;   /* GL_ARB_fragment_coord_conventions */
   } else if (tok_is(p, "ARB_fragment_coord_pixel_center_integer")) {
      r->frag_coord |= IR_FRAG_COORD_INTEGER;
   } else {
      fail(p, at, "unknown option '%.*s'", (int)(p->tok.len > 64 ? 64 : p->tok.len),
           p->text + at);
   }
   lex(p);
   expect_punct(p, ';');
}

static void
parse_program(struct parser *p)
{
   const char *hdr = p->target == ARBPROG_VERTEX ? "!!ARBvp1.0" : "!!ARBfp1.0";
   size_t hl = strlen(hdr);
   if (p->len < hl || memcmp(p->text, hdr, hl))
      fail(p, 0, "the program must begin with %s", hdr);
   p->pos = hl;
   /* the header is a token of its own: something must separate it */
   if (p->pos < p->len && (is_ident_start(p->text[p->pos]) || is_digit(p->text[p->pos])))
      fail(p, 0, "the program must begin with %s", hdr);
   lex(p);
   while (tok_is(p, "OPTION")) {
      lex(p);
      parse_option(p);
   }
   for (;;) {
      if (p->tok.kind == T_EOF)
         fail(p, p->len, "missing END");
      if (tok_is(p, "END"))
         break;
      parse_statement(p);
   }
   /* text after END is ignored (ARB_vertex_program section 2.14.1) */
   struct arbprog_counts *c = &p->res->counts;
   c->temporaries = p->num_temps;
   c->address_registers = p->num_address;
   c->parameters = p->res->num_params;
   if (p->res->position_invariant)
      use_input(p, ARBPROG_ATTRIB_POS, p->len);
   if (p->target == ARBPROG_FRAGMENT) {
      if (c->tex_instructions && !c->tex_indirections)
         c->tex_indirections = 1;
      if (c->alu_instructions > p->lim->max_alu_instructions)
         fail(p, p->len, "too many ALU instructions (limit %u)", p->lim->max_alu_instructions);
      if (c->tex_instructions > p->lim->max_tex_instructions)
         fail(p, p->len, "too many texture instructions (limit %u)",
              p->lim->max_tex_instructions);
      if (c->tex_indirections > p->lim->max_tex_indirections)
         fail(p, p->len, "too many texture indirections (limit %u)",
              p->lim->max_tex_indirections);
   }
}

/* --- entry points -------------------------------------------------------------------- */

void
arbprog_default_limits(enum arbprog_target target, struct arbprog_limits *l)
{
   memset(l, 0, sizeof *l);
   l->max_instructions = 4096;
   l->max_alu_instructions = target == ARBPROG_FRAGMENT ? 4096 : 0;
   l->max_tex_instructions = target == ARBPROG_FRAGMENT ? 4096 : 0;
   l->max_tex_indirections = target == ARBPROG_FRAGMENT ? 4096 : 0;
   l->max_temporaries = 64;
   l->max_parameters = 1024;
   l->max_attribs = 16;
   l->max_address_registers = target == ARBPROG_VERTEX ? 1 : 0;
   l->max_env_parameters = 256;
   l->max_local_parameters = 1024;
   l->max_texture_coords = ARBPROG_MAX_TEXTURE_UNITS;
   l->max_texture_image_units = ARBPROG_MAX_TEXTURE_UNITS;
   l->max_lights = PONY_STATE_MAX_LIGHTS;
   l->max_clip_planes = 6;
   l->max_program_matrices = PONY_STATE_MAX_PROGRAM_MATRICES;
   l->max_vertex_attribs = ARBPROG_MAX_ATTRIBS;
   l->max_draw_buffers = target == ARBPROG_FRAGMENT ? 8 : 0;
}

bool
arbprog_compile(const char *text, size_t len, enum arbprog_target target,
                const struct arbprog_limits *limits, struct arbprog_result *result)
{
   memset(result, 0, sizeof *result);
   result->error_pos = -1;
   struct arbprog_limits defaults;
   if (!limits) {
      arbprog_default_limits(target, &defaults);
      limits = &defaults;
   }
   struct parser *p = calloc(1, sizeof *p);
   if (!p) {
      result->error_pos = 0;
      snprintf(result->error, sizeof result->error, "out of memory");
      return false;
   }
   p->text = text ? text : "";
   p->len = text ? len : 0;
   p->target = target;
   p->lim = limits;
   p->res = result;
   bool ok = false;
   if (!setjmp(p->fail)) {
      parse_program(p);
      struct arbprog_program prog = {
         .target = target,
         .insts = p->insts,
         .num_insts = p->num_insts,
         .num_temps = p->num_temps,
         .num_address = p->num_address,
         .clip_planes = p->lim->max_clip_planes < PONY_STATE_MAX_CLIP_PLANES
                           ? p->lim->max_clip_planes : PONY_STATE_MAX_CLIP_PLANES,
         .res = result,
      };
      result->shader = arbprog_lower(&prog);
      ok = true;
   }
   if (!ok) {
      free(result->params);
      result->params = NULL;
      result->num_params = 0;
   }
   free(p->insts);
   free(p->syms);
   free(p->hash);
   free(p);
   return ok;
}

void
arbprog_result_fini(struct arbprog_result *r)
{
   if (r->shader)
      ir_shader_destroy(r->shader);
   free(r->params);
   r->shader = NULL;
   r->params = NULL;
   r->num_params = 0;
}
