/*
 * Pony IR text parser: reads what ir_print_shader() writes (and the same
 * thing with any value names).  Errors carry "line:col: message".
 *
 * The parser is a recursive descent over a character cursor; it reads
 * words, %values, @globals and punctuation on demand, skipping blanks and
 * '#' comments.  Errors unwind with longjmp to ir_parse().
 */
#include "compiler/ir/ir.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct name_entry {
   const char *name;
   size_t len;
   struct ir_instr *value;
};

struct parser {
   const char *text, *p, *tok;
   struct ir_shader *s;
   struct ir_function *func;
   struct name_entry *names;
   unsigned names_cap, names_count;
   unsigned loop_depth;
   jmp_buf jmp;
   char *err;
   size_t err_size;
};

static void __attribute__((noreturn, format(printf, 2, 3)))
fail(struct parser *ps, const char *fmt, ...)
{
   unsigned line = 1, col = 1;
   const char *at = ps->tok ? ps->tok : ps->p;
   for (const char *q = ps->text; q < at && *q; q++) {
      if (*q == '\n') {
         line++;
         col = 1;
      } else {
         col++;
      }
   }
   if (ps->err && ps->err_size) {
      int n = snprintf(ps->err, ps->err_size, "%u:%u: ", line, col);
      if (n >= 0 && (size_t)n < ps->err_size) {
         va_list ap;
         va_start(ap, fmt);
         vsnprintf(ps->err + n, ps->err_size - (size_t)n, fmt, ap);
         va_end(ap);
      }
   }
   longjmp(ps->jmp, 1);
}

/* ------------------------------------------------------------------ */
/* Lexing                                                              */
/* ------------------------------------------------------------------ */

static void
skip_blank(struct parser *ps)
{
   for (;;) {
      char c = *ps->p;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
         ps->p++;
      } else if (c == '#' || c == ';') {
         while (*ps->p && *ps->p != '\n')
            ps->p++;
      } else {
         return;
      }
   }
}

static bool
is_word_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_';
}

static char
peek(struct parser *ps)
{
   skip_blank(ps);
   ps->tok = ps->p;
   return *ps->p;
}

static bool
accept(struct parser *ps, char c)
{
   if (peek(ps) == c) {
      ps->p++;
      return true;
   }
   return false;
}

static void
expect(struct parser *ps, char c)
{
   if (!accept(ps, c)) {
      if (*ps->p)
         fail(ps, "expected '%c' but found '%c'", c, *ps->p);
      fail(ps, "expected '%c' but found the end of the text", c);
   }
}

/* A word: [A-Za-z0-9_]+.  Returns its length (0 when there is none). */
static size_t
word(struct parser *ps, const char **out)
{
   peek(ps);
   const char *start = ps->p;
   while (is_word_char(*ps->p))
      ps->p++;
   *out = start;
   return (size_t)(ps->p - start);
}

static size_t
expect_word(struct parser *ps, const char **out, const char *what)
{
   size_t n = word(ps, out);
   if (!n)
      fail(ps, "expected %s", what);
   return n;
}

static bool
word_is(const char *w, size_t n, const char *kw)
{
   return strlen(kw) == n && !memcmp(w, kw, n);
}

/* Peek whether the next word is kw, consuming it if so. */
static bool
accept_word(struct parser *ps, const char *kw)
{
   const char *save = ps->p;
   const char *w;
   size_t n = word(ps, &w);
   if (n && word_is(w, n, kw))
      return true;
   ps->p = save;
   return false;
}

static void
expect_keyword(struct parser *ps, const char *kw)
{
   if (!accept_word(ps, kw))
      fail(ps, "expected '%s'", kw);
}

/* A number-ish word for constants: [-+.A-Za-z0-9_]+ */
static size_t
number_word(struct parser *ps, const char **out)
{
   peek(ps);
   const char *start = ps->p;
   while (is_word_char(*ps->p) || *ps->p == '.' || *ps->p == '-' || *ps->p == '+')
      ps->p++;
   *out = start;
   if (ps->p == start)
      fail(ps, "expected a number");
   return (size_t)(ps->p - start);
}

static unsigned long long
parse_uint(struct parser *ps, const char *what)
{
   const char *w;
   size_t n = number_word(ps, &w);
   char buf[64];
   if (n >= sizeof(buf))
      fail(ps, "%s too long", what);
   memcpy(buf, w, n);
   buf[n] = 0;
   char *end;
   errno = 0;
   if (buf[0] == '-' || buf[0] == '+')
      fail(ps, "expected %s (an unsigned number)", what);
   unsigned long long v = strtoull(buf, &end, 0);
   if (*end || errno)
      fail(ps, "bad %s '%s'", what, buf);
   return v;
}

static struct ir_type
parse_type(struct parser *ps, bool allow_void)
{
   const char *w;
   size_t n = expect_word(ps, &w, "a type");
   struct ir_type t;
   if (allow_void && word_is(w, n, "void"))
      return ir_type_void();
   if (!ir_type_from_name(w, n, &t)) {
      ps->tok = w;
      fail(ps, "unknown type '%.*s'", (int)n, w);
   }
   return t;
}

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

static uint32_t
hash_name(const char *s, size_t n)
{
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < n; i++)
      h = (h ^ (uint8_t)s[i]) * 16777619u;
   return h;
}

static struct name_entry *
lookup_slot(struct parser *ps, const char *name, size_t len)
{
   uint32_t mask = ps->names_cap - 1;
   for (uint32_t i = hash_name(name, len) & mask;; i = (i + 1) & mask) {
      struct name_entry *e = &ps->names[i];
      if (!e->name || (e->len == len && !memcmp(e->name, name, len)))
         return e;
   }
}

static void
define_name(struct parser *ps, const char *name, size_t len, struct ir_instr *v)
{
   if ((ps->names_count + 1) * 2 > ps->names_cap) {
      struct name_entry *old = ps->names;
      unsigned old_cap = ps->names_cap;
      ps->names_cap = old_cap ? old_cap * 2 : 64;
      ps->names = calloc(ps->names_cap, sizeof(*ps->names));
      if (!ps->names)
         fail(ps, "out of memory");
      for (unsigned i = 0; i < old_cap; i++)
         if (old[i].name)
            *lookup_slot(ps, old[i].name, old[i].len) = old[i];
      free(old);
   }
   struct name_entry *e = lookup_slot(ps, name, len);
   if (e->name)
      fail(ps, "%%%.*s is defined twice", (int)len, name);
   e->name = name;
   e->len = len;
   e->value = v;
   ps->names_count++;
}

static void
reset_names(struct parser *ps)
{
   if (ps->names)
      memset(ps->names, 0, sizeof(*ps->names) * ps->names_cap);
   ps->names_count = 0;
}

/* "%name" (definition): returns the name */
static size_t
value_name(struct parser *ps, const char **out)
{
   expect(ps, '%');
   const char *start = ps->p;
   while (is_word_char(*ps->p))
      ps->p++;
   if (ps->p == start)
      fail(ps, "expected a value name after '%%'");
   *out = start;
   return (size_t)(ps->p - start);
}

/* "%name" (use) */
static struct ir_instr *
value_use(struct parser *ps)
{
   const char *n;
   peek(ps);
   const char *at = ps->tok;
   size_t len = value_name(ps, &n);
   struct name_entry *e = ps->names_cap ? lookup_slot(ps, n, len) : NULL;
   if (!e || !e->name) {
      ps->tok = at;
      fail(ps, "undefined value %%%.*s", (int)len, n);
   }
   return e->value;
}

static size_t
global_name(struct parser *ps, const char **out)
{
   expect(ps, '@');
   const char *start = ps->p;
   while (is_word_char(*ps->p))
      ps->p++;
   if (ps->p == start)
      fail(ps, "expected a name after '@'");
   *out = start;
   return (size_t)(ps->p - start);
}

static struct ir_var *
var_use(struct parser *ps)
{
   const char *n;
   peek(ps);
   const char *at = ps->tok;
   size_t len = global_name(ps, &n);
   struct ir_var *v = ir_shader_find_var(ps->s, n, len);
   if (!v) {
      ps->tok = at;
      fail(ps, "undeclared variable @%.*s", (int)len, n);
   }
   return v;
}

/* ------------------------------------------------------------------ */
/* Constants                                                           */
/* ------------------------------------------------------------------ */

static union ir_const_value
parse_const_comp(struct parser *ps, struct ir_type t)
{
   union ir_const_value v;
   memset(&v, 0, sizeof(v));
   const char *w;
   size_t n = number_word(ps, &w);
   char buf[80];
   if (n >= sizeof(buf))
      fail(ps, "constant too long");
   memcpy(buf, w, n);
   buf[n] = 0;
   char *end = buf;
   bool hex = n > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X');
   errno = 0;

   switch (t.base) {
   case IR_FLOAT:
      if (hex) {
         unsigned long long bits = strtoull(buf, &end, 16);
         if (t.bits == 64)
            v.u64 = bits;
         else if (t.bits == 16)
            v.u16 = (uint16_t)bits;
         else
            v.u32 = (uint32_t)bits;
      } else if (t.bits == 64) {
         v.f64 = strtod(buf, &end);
      } else if (t.bits == 32) {
         v.f32 = strtof(buf, &end);
      } else {
         fail(ps, "16-bit float constants are written as raw bits (0x3c00)");
      }
      errno = 0;   /* under/overflow to 0/inf is accepted */
      break;
   case IR_INT: {
      long long x = strtoll(buf, &end, 0);
      if (t.bits == 64)
         v.i64 = x;
      else if (t.bits == 16)
         v.u16 = (uint16_t)x;
      else if (x < INT32_MIN || x > (long long)UINT32_MAX)
         fail(ps, "int constant '%s' out of range", buf);
      else
         v.i32 = (int32_t)(uint32_t)x;
      break;
   }
   case IR_UINT: {
      if (buf[0] == '-')
         fail(ps, "negative uint constant '%s'", buf);
      unsigned long long x = strtoull(buf, &end, 0);
      if (t.bits == 64)
         v.u64 = x;
      else if (t.bits == 16)
         v.u16 = (uint16_t)x;
      else if (x > UINT32_MAX)
         fail(ps, "uint constant '%s' out of range", buf);
      else
         v.u32 = (uint32_t)x;
      break;
   }
   case IR_BOOL:
      if (!strcmp(buf, "true"))
         v.b = true;
      else if (!strcmp(buf, "false"))
         v.b = false;
      else
         fail(ps, "expected true or false, found '%s'", buf);
      end = buf + n;
      break;
   }
   if (*end || errno) {
      ps->tok = w;
      fail(ps, "bad constant '%s'", buf);
   }
   return v;
}

/* ------------------------------------------------------------------ */
/* Instructions                                                        */
/* ------------------------------------------------------------------ */

static void parse_block(struct parser *ps, struct ir_block *b);

static void
parse_var_ref(struct parser *ps, struct ir_instr *in, struct ir_instr **index)
{
   struct ir_var *var = var_use(ps);
   in->u.var.var = var;
   *index = NULL;
   if (accept(ps, '[')) {
      if (peek(ps) == '%') {
         *index = value_use(ps);
         in->u.var.indirect = true;
      } else {
         in->u.var.offset = (unsigned)parse_uint(ps, "array index");
      }
      expect(ps, ']');
   }
}

static void
parse_tex(struct parser *ps, struct ir_instr *in)
{
   struct ir_instr *srcs[IR_NUM_TEX_SRCS];
   uint8_t kinds[IR_NUM_TEX_SRCS];
   unsigned n = 0;
   const char *name;
   peek(ps);
   const char *at = ps->tok;
   size_t len = global_name(ps, &name);
   struct ir_var *v = ir_shader_find_var(ps->s, name, len);
   if (!v || v->mode != IR_VAR_SAMPLER) {
      ps->tok = at;
      fail(ps, "@%.*s is not a declared sampler", (int)len, name);
   }
   in->u.tex.sampler = v;
   while (accept(ps, ',')) {
      const char *w;
      size_t wl = expect_word(ps, &w, "a texture operand name");
      if (word_is(w, wl, "comp")) {
         unsigned long long c = parse_uint(ps, "gather component");
         if (c > 3)
            fail(ps, "gather component must be 0..3");
         in->u.tex.component = (uint8_t)c;
         continue;
      }
      unsigned k;
      for (k = 0; k < IR_NUM_TEX_SRCS; k++)
         if (word_is(w, wl, ir_tex_src_name((enum ir_tex_src)k)))
            break;
      if (k == IR_NUM_TEX_SRCS) {
         ps->tok = w;
         fail(ps, "unknown texture operand '%.*s'", (int)wl, w);
      }
      for (unsigned i = 0; i < n; i++)
         if (kinds[i] == k)
            fail(ps, "texture operand '%s' given twice", ir_tex_src_name((enum ir_tex_src)k));
      kinds[n] = (uint8_t)k;
      srcs[n++] = value_use(ps);
   }
   in->num_srcs = (uint16_t)n;
   in->src = ir_alloc(ps->s, sizeof(*in->src) * (n ? n : 1));
   for (unsigned i = 0; i < n; i++) {
      in->src[i] = srcs[i];
      in->u.tex.kind[i] = kinds[i];
   }
}

static void
parse_instr(struct parser *ps, struct ir_block *b)
{
   const char *dname = NULL;
   size_t dlen = 0;
   const char *start = (peek(ps), ps->tok);

   if (peek(ps) == '%') {
      dlen = value_name(ps, &dname);
      expect(ps, '=');
   }
   const char *w;
   size_t wl = expect_word(ps, &w, "an opcode");
   enum ir_op op;
   if (!ir_op_from_name(w, wl, &op) || op == IR_OP_param) {
      ps->tok = w;
      fail(ps, "unknown opcode '%.*s'", (int)wl, w);
   }
   const struct ir_op_info *info = ir_op_info(op);
   bool may_have_dest = info->kind == IR_KIND_ALU || info->kind == IR_KIND_SWIZZLE ||
                        info->kind == IR_KIND_CONST || info->kind == IR_KIND_UNDEF ||
                        info->kind == IR_KIND_CBUF || info->kind == IR_KIND_TEX ||
                        info->kind == IR_KIND_CALL ||
                        (info->kind == IR_KIND_VAR && !ir_op_is_store(op));
   bool must_have_dest = may_have_dest && info->kind != IR_KIND_CALL;
   if (dname && !may_have_dest) {
      ps->tok = start;
      fail(ps, "'%s' does not produce a value", info->name);
   }
   if (!dname && must_have_dest) {
      ps->tok = w;
      fail(ps, "'%s' needs a destination (%%x = %s ...)", info->name, info->name);
   }

   struct ir_type type = ir_type_void();
   if (dname)
      type = parse_type(ps, false);

   struct ir_instr *in;
   switch ((enum ir_op_kind)info->kind) {
   case IR_KIND_ALU:
      in = ir_instr_create(ps->s, op, type, info->num_srcs);
      for (unsigned i = 0; i < info->num_srcs; i++) {
         if (i)
            expect(ps, ',');
         in->src[i] = value_use(ps);
      }
      break;
   case IR_KIND_SWIZZLE: {
      in = ir_instr_create(ps->s, op, type, 1);
      in->src[0] = value_use(ps);
      expect(ps, '.');
      const char *sw;
      size_t sl = expect_word(ps, &sw, "a swizzle (xyzw)");
      if (sl != type.comps)
         fail(ps, "swizzle '%.*s' has %zu components but the type has %u", (int)sl, sw, sl,
              type.comps);
      for (size_t i = 0; i < sl; i++) {
         const char *pos = strchr("xyzw", sw[i]);
         if (!pos || !sw[i]) {
            ps->tok = sw;
            fail(ps, "bad swizzle character '%c'", sw[i]);
         }
         in->u.swizzle[i] = (uint8_t)(pos - "xyzw");
      }
      break;
   }
   case IR_KIND_CONST:
      in = ir_instr_create(ps->s, op, type, 0);
      for (unsigned c = 0; c < type.comps; c++) {
         if (c)
            expect(ps, ',');
         in->u.value[c] = parse_const_comp(ps, type);
      }
      break;
   case IR_KIND_UNDEF:
      in = ir_instr_create(ps->s, op, type, 0);
      break;
   case IR_KIND_VAR: {
      bool store = ir_op_is_store(op);
      struct ir_instr *tmp = ir_instr_create(ps->s, op, type, 0);
      struct ir_instr *index, *value = NULL;
      parse_var_ref(ps, tmp, &index);
      if (store) {
         expect(ps, ',');
         value = value_use(ps);
      }
      unsigned n = (store ? 1 : 0) + (index ? 1 : 0);
      in = ir_instr_create(ps->s, op, type, n);
      in->u = tmp->u;
      unsigned k = 0;
      if (store)
         in->src[k++] = value;
      if (index)
         in->src[k++] = index;
      break;
   }
   case IR_KIND_CBUF:
      in = ir_instr_create(ps->s, op, type, 1);
      in->u.cbuf = (unsigned)parse_uint(ps, "constant buffer index");
      expect(ps, ',');
      in->src[0] = value_use(ps);
      break;
   case IR_KIND_TEX:
      in = ir_instr_create(ps->s, op, type, 0);
      parse_tex(ps, in);
      break;
   case IR_KIND_EMIT:
      in = ir_instr_create(ps->s, op, type, 0);
      break;
   case IR_KIND_DISCARD:
      in = ir_instr_create(ps->s, op, type, op == IR_OP_discard_if ? 1 : 0);
      if (op == IR_OP_discard_if)
         in->src[0] = value_use(ps);
      break;
   case IR_KIND_JUMP:
      if (op == IR_OP_return && peek(ps) == '%') {
         /* "return %v" -- but not "%v = ..." on the next line */
         const char *save = ps->p;
         const char *n;
         value_name(ps, &n);
         bool is_def = accept(ps, '=');
         ps->p = save;
         if (!is_def) {
            in = ir_instr_create(ps->s, op, type, 1);
            in->src[0] = value_use(ps);
            break;
         }
      }
      in = ir_instr_create(ps->s, op, type, 0);
      break;
   case IR_KIND_IF:
      in = ir_instr_create(ps->s, op, type, 1);
      in->src[0] = value_use(ps);
      ir_block_append(b, in);
      expect(ps, '{');
      parse_block(ps, in->u.cif.then_body);
      if (accept_word(ps, "else")) {
         expect(ps, '{');
         parse_block(ps, in->u.cif.else_body);
      }
      return;
   case IR_KIND_LOOP:
      in = ir_instr_create(ps->s, op, type, 0);
      ir_block_append(b, in);
      expect(ps, '{');
      ps->loop_depth++;
      parse_block(ps, in->u.loop.body);
      ps->loop_depth--;
      return;
   case IR_KIND_CALL: {
      const char *fn;
      peek(ps);
      const char *at = ps->tok;
      size_t fl = global_name(ps, &fn);
      struct ir_function *f = ir_shader_find_function(ps->s, fn, fl);
      if (!f) {
         ps->tok = at;
         fail(ps, "undefined function @%.*s (functions must be defined before calls)",
              (int)fl, fn);
      }
      struct ir_instr *args[64];
      unsigned n = 0;
      expect(ps, '(');
      if (!accept(ps, ')')) {
         do {
            if (n == 64)
               fail(ps, "too many call arguments");
            args[n++] = value_use(ps);
         } while (accept(ps, ','));
         expect(ps, ')');
      }
      in = ir_instr_create(ps->s, op, type, n);
      in->u.callee = f;
      for (unsigned i = 0; i < n; i++)
         in->src[i] = args[i];
      break;
   }
   default:
      fail(ps, "unexpected opcode '%s'", info->name);
   }
   ir_block_append(b, in);
   if (dname) {
      ps->tok = dname - 1;
      define_name(ps, dname, dlen, in);
   }
}

static void
parse_block(struct parser *ps, struct ir_block *b)
{
   for (;;) {
      char c = peek(ps);
      if (c == '}') {
         ps->p++;
         return;
      }
      if (!c)
         fail(ps, "unexpected end of text: missing '}'");
      parse_instr(ps, b);
   }
}

/* ------------------------------------------------------------------ */
/* Declarations                                                        */
/* ------------------------------------------------------------------ */

static void
parse_function(struct parser *ps)
{
   struct ir_type ret = parse_type(ps, true);
   const char *n;
   peek(ps);
   const char *at = ps->tok;
   size_t len = global_name(ps, &n);
   if (ir_shader_find_function(ps->s, n, len)) {
      ps->tok = at;
      fail(ps, "function @%.*s defined twice", (int)len, n);
   }
   char *name = ir_strdup(ps->s, n, len);
   struct ir_function *f = ir_function_create(ps->s, name, ret);
   ps->func = f;
   reset_names(ps);
   expect(ps, '(');
   if (!accept(ps, ')')) {
      do {
         struct ir_type t = parse_type(ps, false);
         const char *pn;
         size_t pl = value_name(ps, &pn);
         struct ir_instr *p = ir_function_add_param(f, t);
         ps->tok = pn - 1;
         define_name(ps, pn, pl, p);
      } while (accept(ps, ','));
      expect(ps, ')');
   }
   expect(ps, '{');
   parse_block(ps, f->body);
   ps->func = NULL;
}

static unsigned
match_name(const char *w, size_t n, const char *(*namefn)(unsigned), unsigned count)
{
   for (unsigned i = 0; i < count; i++)
      if (word_is(w, n, namefn(i)))
         return i;
   return count;
}

static const char *
sem_name_u(unsigned i)
{
   return ir_semantic_name((enum ir_semantic)i);
}

static const char *
interp_name_u(unsigned i)
{
   return ir_interp_name((enum ir_interp)i);
}

static const char *
target_name_u(unsigned i)
{
   return ir_tex_target_name((enum ir_tex_target)i);
}

static const char *
stage_name_u(unsigned i)
{
   return ir_stage_name((enum ir_stage)i);
}

static const char *
prim_name_u(unsigned i)
{
   return ir_prim_name((enum ir_prim)i);
}

/* A geometry shader's declaration (the word w is its keyword); false when
 * w is none of them.  Any primitive name is read here: which ones fit the
 * input or the output is the validator's business. */
static bool
parse_geometry_decl(struct parser *ps, const char *w, size_t wl)
{
   bool input = word_is(w, wl, "input_primitive"), output = word_is(w, wl, "output_primitive");
   bool max = word_is(w, wl, "max_vertices"), inv = word_is(w, wl, "invocations");
   if (!input && !output && !max && !inv)
      return false;
   if (ps->s->stage != IR_STAGE_GEOMETRY) {
      ps->tok = w;
      fail(ps, "'%.*s' is only declared in geometry shaders", (int)wl, w);
   }
   if (max || inv) {
      unsigned long long n = parse_uint(ps, max ? "a vertex count" : "an invocation count");
      if (n > 0xffffffffu)
         fail(ps, "%s out of range", max ? "max_vertices" : "invocations");
      if (max)
         ps->s->gs.max_vertices = (unsigned)n;
      else
         ps->s->gs.invocations = (unsigned)n;
      return true;
   }
   const char *p;
   size_t pl = expect_word(ps, &p, "a primitive type");
   unsigned prim = match_name(p, pl, prim_name_u, IR_NUM_PRIMS);
   if (prim == IR_NUM_PRIMS || prim == IR_PRIM_NONE) {
      ps->tok = p;
      fail(ps, "unknown primitive type '%.*s'", (int)pl, p);
   }
   if (input)
      ps->s->gs.input_prim = (enum ir_prim)prim;
   else
      ps->s->gs.output_prim = (enum ir_prim)prim;
   return true;
}

static void
parse_var_decl(struct parser *ps, enum ir_var_mode mode)
{
   const char *w, *n;
   size_t wl, len;
   struct ir_type type;
   enum ir_tex_target target = IR_TEX_2D;
   bool shadow = false;

   if (mode == IR_VAR_SAMPLER) {
      wl = expect_word(ps, &w, "a texture target");
      target = (enum ir_tex_target)match_name(w, wl, target_name_u, IR_NUM_TEX_TARGETS);
      if (target == IR_NUM_TEX_TARGETS) {
         ps->tok = w;
         fail(ps, "unknown texture target '%.*s'", (int)wl, w);
      }
      type = parse_type(ps, false);
      if (type.comps != 1 || type.base == IR_BOOL)
         fail(ps, "sampler result type must be float, int or uint");
      type.comps = 4;
      shadow = accept_word(ps, "shadow");
   } else {
      type = parse_type(ps, false);
   }
   peek(ps);
   const char *at = ps->tok;
   len = global_name(ps, &n);
   if (ir_shader_find_var(ps->s, n, len)) {
      ps->tok = at;
      fail(ps, "variable @%.*s declared twice", (int)len, n);
   }
   unsigned array_len = 0;
   if (accept(ps, '[')) {
      array_len = (unsigned)parse_uint(ps, "array length");
      if (!array_len)
         fail(ps, "array length must be at least 1");
      expect(ps, ']');
   }
   char *name = ir_strdup(ps->s, n, len);
   struct ir_var *v = ir_var_create(ps->s, mode, type, array_len, name);
   v->target = target;
   v->shadow = shadow;

   switch (mode) {
   case IR_VAR_INPUT:
   case IR_VAR_OUTPUT:
      if (accept_word(ps, "location")) {
         const char *nw;
         size_t nl = number_word(ps, &nw);
         char *end;
         char buf[32];
         snprintf(buf, sizeof(buf), "%.*s", (int)nl, nw);
         v->location = (int)strtol(buf, &end, 10);
         if (*end)
            fail(ps, "bad location '%s'", buf);
      } else if (accept_word(ps, "semantic")) {
         wl = expect_word(ps, &w, "a semantic");
         unsigned s = match_name(w, wl, sem_name_u, IR_NUM_SEMANTICS);
         if (s == IR_NUM_SEMANTICS || s == IR_SEM_GENERIC) {
            ps->tok = w;
            fail(ps, "unknown semantic '%.*s'", (int)wl, w);
         }
         v->semantic = (enum ir_semantic)s;
         if (accept_word(ps, "location")) {   /* the semantic's modifier */
            const char *nw;
            size_t nl = number_word(ps, &nw);
            char *end;
            char buf[32];
            snprintf(buf, sizeof(buf), "%.*s", (int)nl, nw);
            v->location = (int)strtol(buf, &end, 10);
            if (*end)
               fail(ps, "bad location '%s'", buf);
         }
      } else {
         fail(ps, "expected 'location N' or 'semantic NAME'");
      }
      for (;;) {
         const char *save = ps->p;
         wl = word(ps, &w);
         if (wl == 8 && !strncmp(w, "explicit", 8)) {
            v->interp_explicit = true;
            continue;
         }
         unsigned i = wl ? match_name(w, wl, interp_name_u, IR_NUM_INTERPS) : IR_NUM_INTERPS;
         if (i == IR_NUM_INTERPS) {
            ps->p = save;
            break;
         }
         v->interp = (enum ir_interp)i;
      }
      break;
   case IR_VAR_UNIFORM:
      expect_keyword(ps, "cbuf");
      v->cbuf = (unsigned)parse_uint(ps, "constant buffer index");
      expect_keyword(ps, "offset");
      v->offset = (unsigned)parse_uint(ps, "byte offset");
      break;
   case IR_VAR_SAMPLER:
      expect_keyword(ps, "binding");
      v->binding = (unsigned)parse_uint(ps, "binding");
      break;
   default:
      break;
   }
}

static void
parse_shader(struct parser *ps)
{
   expect_keyword(ps, "shader");
   const char *w;
   size_t wl = expect_word(ps, &w, "a shader stage");
   unsigned stage = match_name(w, wl, stage_name_u, IR_NUM_STAGES);
   if (stage == IR_NUM_STAGES) {
      ps->tok = w;
      fail(ps, "unknown shader stage '%.*s'", (int)wl, w);
   }
   ps->s = ir_shader_create((enum ir_stage)stage);
   if (!ps->s)
      fail(ps, "out of memory");

   for (;;) {
      if (!peek(ps))
         break;
      wl = expect_word(ps, &w, "a declaration (input, output, uniform, local, sampler, func)");
      if (word_is(w, wl, "func")) {
         parse_function(ps);
         continue;
      }
      if (parse_geometry_decl(ps, w, wl))
         continue;
      unsigned m;
      for (m = 0; m < IR_NUM_VAR_MODES; m++)
         if (word_is(w, wl, ir_var_mode_name((enum ir_var_mode)m)))
            break;
      if (m == IR_NUM_VAR_MODES) {
         ps->tok = w;
         fail(ps, "expected a declaration, found '%.*s'", (int)wl, w);
      }
      parse_var_decl(ps, (enum ir_var_mode)m);
   }
}

struct ir_shader *
ir_parse(const char *text, char *err, size_t err_size)
{
   /* on the heap: longjmp must not meet locals modified after setjmp */
   struct parser *ps = calloc(1, sizeof(*ps));
   if (!ps)
      return NULL;
   ps->text = ps->p = text;
   ps->err = err;
   ps->err_size = err_size;
   if (err && err_size)
      err[0] = 0;

   if (setjmp(ps->jmp)) {
      ir_shader_destroy(ps->s);
      free(ps->names);
      free(ps);
      return NULL;
   }
   parse_shader(ps);
   struct ir_shader *s = ps->s;
   free(ps->names);
   free(ps);
   return s;
}
