/*
 * The GLSL parser (glsl_parser.h).  One function per grammar rule, named
 * after the rule; the grammar is in GLSL 4.60 section 9 ("Shading Language
 * Grammar") and the older specs' section 9.
 */
#include <setjmp.h>
#include <string.h>

#include "glsl_builtins.h"
#include "glsl_lexer.h"
#include "glsl_parser.h"
#include "glsl_types.h"

struct type_name {
   const char *name;
   unsigned level;
   bool hidden;        /* a variable of this name hides the struct from here on */
};

struct parser {
   struct glsl_arena *a;
   struct glsl_log *log;
   struct glsl_version version;
   enum glsl_stage stage;
   struct glsl_token *toks;
   size_t ntoks, pos;
   unsigned depth;
   jmp_buf fail;
   /* struct names visible at this point, innermost last */
   struct type_name *types;
   size_t ntypes, types_cap;
   unsigned level;
   const char *const *extensions;   /* enabled extensions (NULL-terminated), or NULL */
};

/* ---- tokens --------------------------------------------------------------- */

static const struct glsl_token *
peek_at(const struct parser *p, size_t ahead)
{
   size_t i = p->pos + ahead;
   return &p->toks[i < p->ntoks ? i : p->ntoks - 1];   /* the last one is EOF */
}

static const struct glsl_token *
peek(const struct parser *p)
{
   return peek_at(p, 0);
}

static enum glsl_token_kind
kind_at(const struct parser *p, size_t ahead)
{
   return peek_at(p, ahead)->kind;
}

static const struct glsl_token *
advance(struct parser *p)
{
   const struct glsl_token *t = peek(p);
   if (p->pos < p->ntoks - 1)
      p->pos++;
   return t;
}

static bool
accept(struct parser *p, enum glsl_token_kind k)
{
   if (kind_at(p, 0) != k)
      return false;
   advance(p);
   return true;
}

static _Noreturn void
fail(struct parser *p)
{
   longjmp(p->fail, 1);
}

/* "syntax error, unexpected X[, expecting Y]" at the current token (a
 * token the lexer rejected has its message logged already). */
static _Noreturn void
syntax_error(struct parser *p, const char *expecting)
{
   const struct glsl_token *t = peek(p);
   if (t->kind != GLSL_TOK_ERROR) {
      if (t->kind == GLSL_TOK_IDENTIFIER)
         glsl_log_error(p->log, t->loc, "syntax error, unexpected identifier '%s'%s%s",
                        t->text, expecting ? ", expecting " : "", expecting ? expecting : "");
      else if (t->kind == GLSL_TOK_INTCONST || t->kind == GLSL_TOK_UINTCONST ||
               t->kind == GLSL_TOK_FLOATCONST || t->kind == GLSL_TOK_DOUBLECONST)
         glsl_log_error(p->log, t->loc, "syntax error, unexpected %s '%s'%s%s",
                        glsl_token_name(t->kind), t->text, expecting ? ", expecting " : "",
                        expecting ? expecting : "");
      else
         glsl_log_error(p->log, t->loc, "syntax error, unexpected %s%s%s",
                        glsl_token_name(t->kind), expecting ? ", expecting " : "",
                        expecting ? expecting : "");
   }
   fail(p);
}

static _Noreturn void
error_at(struct parser *p, struct glsl_loc loc, const char *msg)
{
   glsl_log_error(p->log, loc, "%s", msg);
   fail(p);
}

static const struct glsl_token *
expect(struct parser *p, enum glsl_token_kind k)
{
   if (kind_at(p, 0) != k)
      syntax_error(p, glsl_token_name(k));
   return advance(p);
}

static void
enter(struct parser *p)
{
   if (++p->depth > GLSL_PARSER_MAX_DEPTH)
      error_at(p, peek(p)->loc, "nesting too deep");
}

static void
leave(struct parser *p)
{
   p->depth--;
}

/* ---- struct names in scope ------------------------------------------------ */

static void
push_scope(struct parser *p)
{
   p->level++;
}

static void
pop_scope(struct parser *p)
{
   while (p->ntypes && p->types[p->ntypes - 1].level == p->level)
      p->ntypes--;
   p->level--;
}

static void
add_type_name(struct parser *p, const char *name)
{
   if (p->ntypes == p->types_cap) {
      size_t cap = p->types_cap ? 2 * p->types_cap : 16;
      p->types = glsl_realloc_array(p->a, p->types, p->ntypes, cap, sizeof *p->types);
      p->types_cap = cap;
   }
   p->types[p->ntypes].name = name;
   p->types[p->ntypes].level = p->level;
   p->types[p->ntypes].hidden = false;
   p->ntypes++;
}

/* A variable called name was declared: a struct of that name in an outer
 * scope is hidden until the end of this one (GLSL 4.60 4.2.2: "no way to
 * access the hidden name"). */
static void
hide_type_name(struct parser *p, const char *name)
{
   for (size_t i = p->ntypes; i-- > 0;) {
      if (!strcmp(p->types[i].name, name)) {
         if (!p->types[i].hidden) {
            add_type_name(p, name);
            p->types[p->ntypes - 1].hidden = true;
         }
         return;
      }
   }
}

/* An identifier naming a struct in scope, not hidden by a variable of an
 * inner scope?  (A clash in one scope is for semantics to report.) */
static bool
is_type_name(const struct parser *p, const struct glsl_token *t)
{
   if (t->kind != GLSL_TOK_IDENTIFIER)
      return false;
   for (size_t i = p->ntypes; i-- > 0;) {
      if (!strcmp(p->types[i].name, t->text))
         return !p->types[i].hidden;
   }
   /* the built-in state's struct types (gl_LightSourceParameters ...,
    * 1.10 / ES 1.00 7.5): type names a shader may use; which version has
    * them is semantics' to say (glsl_builtin_struct_find) */
   if (!strncmp(t->text, "gl_", 3)) {
      for (unsigned i = 0; i < glsl_builtin_num_structs; i++) {
         if (!strcmp(glsl_builtin_struct_table[i].type->name, t->text))
            return true;
      }
   }
   return false;
}

/* ---- token classes -------------------------------------------------------- */

/* Keywords that name a type.  The lexer's table lists every type keyword
 * after STRUCT (vec2 ... uimageBuffer); the scalars and atomic_uint come
 * before it. */
static bool
is_type_keyword(enum glsl_token_kind k)
{
   switch (k) {
   case GLSL_TOK_VOID: case GLSL_TOK_BOOL: case GLSL_TOK_INT: case GLSL_TOK_UINT:
   case GLSL_TOK_FLOAT: case GLSL_TOK_DOUBLE: case GLSL_TOK_ATOMIC_UINT:
      return true;
   default:
      return k >= GLSL_TOK_VEC2 && k <= GLSL_TOK_UIMAGEBUFFER && k != GLSL_TOK_LOWP &&
             k != GLSL_TOK_MEDIUMP && k != GLSL_TOK_HIGHP && k != GLSL_TOK_PRECISION;
   }
}

static bool
is_qualifier_keyword(enum glsl_token_kind k)
{
   switch (k) {
   case GLSL_TOK_CONST: case GLSL_TOK_ATTRIBUTE: case GLSL_TOK_VARYING:
   case GLSL_TOK_UNIFORM: case GLSL_TOK_BUFFER: case GLSL_TOK_SHARED:
   case GLSL_TOK_IN: case GLSL_TOK_OUT: case GLSL_TOK_INOUT:
   case GLSL_TOK_CENTROID: case GLSL_TOK_SAMPLE: case GLSL_TOK_PATCH:
   case GLSL_TOK_FLAT: case GLSL_TOK_SMOOTH: case GLSL_TOK_NOPERSPECTIVE:
   case GLSL_TOK_INVARIANT: case GLSL_TOK_PRECISE:
   case GLSL_TOK_LOWP: case GLSL_TOK_MEDIUMP: case GLSL_TOK_HIGHP:
   case GLSL_TOK_COHERENT: case GLSL_TOK_VOLATILE: case GLSL_TOK_RESTRICT:
   case GLSL_TOK_READONLY: case GLSL_TOK_WRITEONLY: case GLSL_TOK_LAYOUT:
   case GLSL_TOK_SUBROUTINE:
      return true;
   default:
      return false;
   }
}

/* Index of the token after a run of balanced [ ... ] groups starting
 * `ahead` tokens from here. */
static size_t
skip_brackets(const struct parser *p, size_t ahead)
{
   while (kind_at(p, ahead) == GLSL_TOK_LEFT_BRACKET) {
      unsigned nest = 0;
      do {
         enum glsl_token_kind k = kind_at(p, ahead);
         if (k == GLSL_TOK_EOF)
            return ahead;
         if (k == GLSL_TOK_LEFT_BRACKET)
            nest++;
         else if (k == GLSL_TOK_RIGHT_BRACKET)
            nest--;
         ahead++;
      } while (nest);
   }
   return ahead;
}

/* Does a declaration start here (rather than an expression)?  A type
 * followed by '(' (after array brackets) is a constructor call. */
static bool
starts_declaration(const struct parser *p)
{
   const struct glsl_token *t = peek(p);
   if (is_qualifier_keyword(t->kind) || t->kind == GLSL_TOK_STRUCT ||
       t->kind == GLSL_TOK_PRECISION)
      return true;
   if (is_type_keyword(t->kind) || is_type_name(p, t))
      return kind_at(p, skip_brackets(p, 1)) != GLSL_TOK_LEFT_PAREN;
   return false;
}

/* ---- nodes ------------------------------------------------------------------ */

static struct glsl_ast_expr *
new_expr(struct parser *p, enum glsl_expr_kind kind, struct glsl_loc loc)
{
   struct glsl_ast_expr *e = glsl_alloc(p->a, sizeof *e);
   e->kind = kind;
   e->loc = loc;
   return e;
}

static struct glsl_ast_stmt *
new_stmt(struct parser *p, enum glsl_stmt_kind kind, struct glsl_loc loc)
{
   struct glsl_ast_stmt *s = glsl_alloc(p->a, sizeof *s);
   s->kind = kind;
   s->loc = loc;
   return s;
}

static bool
version_has(const struct parser *p, unsigned desktop, unsigned es)
{
   return glsl_version_at_least(p->version, desktop, es);
}

/* glsl_features.ext_enabled over the parser's list of enabled extensions */
static bool
extension_on(void *data, const char *ext)
{
   for (const char *const *e = data; e && *e; e++)
      if (!strcmp(*e, ext))
         return true;
   return false;
}

/* ---- expressions ------------------------------------------------------------- */

static struct glsl_ast_expr *expression(struct parser *p);
static struct glsl_ast_expr *assignment_expression(struct parser *p);
static struct glsl_ast_expr *conditional_expression(struct parser *p);
static struct glsl_type_spec *type_specifier(struct parser *p);
static struct glsl_ast_struct *struct_specifier(struct parser *p);

/* ( args ) after a callee; "(void)" and "()" are no arguments. */
static void
call_arguments(struct parser *p, struct glsl_ast_expr *call)
{
   expect(p, GLSL_TOK_LEFT_PAREN);
   if (kind_at(p, 0) == GLSL_TOK_VOID && kind_at(p, 1) == GLSL_TOK_RIGHT_PAREN) {
      advance(p);
      call->void_args = true;
   }
   struct glsl_ast_arg **tail = &call->args;
   if (kind_at(p, 0) != GLSL_TOK_RIGHT_PAREN) {
      do {
         struct glsl_ast_arg *arg = glsl_alloc(p->a, sizeof *arg);
         arg->expr = assignment_expression(p);
         *tail = arg;
         tail = &arg->next;
         call->num_args++;
      } while (accept(p, GLSL_TOK_COMMA));
   }
   expect(p, GLSL_TOK_RIGHT_PAREN);
}

static struct glsl_ast_expr *
primary_expression(struct parser *p)
{
   const struct glsl_token *t = peek(p);
   struct glsl_ast_expr *e;
   switch (t->kind) {
   case GLSL_TOK_IDENTIFIER:
      if (is_type_name(p, t))
         break;   /* a struct constructor: below */
      advance(p);
      if (kind_at(p, 0) == GLSL_TOK_LEFT_PAREN) {
         e = new_expr(p, GLSL_EXPR_CALL, t->loc);
         e->name = t->text;
         call_arguments(p, e);
         return e;
      }
      e = new_expr(p, GLSL_EXPR_IDENT, t->loc);
      e->name = t->text;
      return e;
   case GLSL_TOK_INTCONST:
   case GLSL_TOK_UINTCONST:
      advance(p);
      e = new_expr(p, t->kind == GLSL_TOK_INTCONST ? GLSL_EXPR_INT : GLSL_EXPR_UINT, t->loc);
      e->value.u = t->value.u;
      e->name = t->text;
      return e;
   case GLSL_TOK_FLOATCONST:
   case GLSL_TOK_DOUBLECONST:
      advance(p);
      e = new_expr(p, t->kind == GLSL_TOK_FLOATCONST ? GLSL_EXPR_FLOAT : GLSL_EXPR_DOUBLE,
                   t->loc);
      e->value.d = t->value.d;
      e->name = t->text;
      return e;
   case GLSL_TOK_BOOLCONST:
      advance(p);
      e = new_expr(p, GLSL_EXPR_BOOL, t->loc);
      e->value.b = t->value.b;
      return e;
   case GLSL_TOK_LEFT_PAREN:
      advance(p);
      enter(p);
      e = expression(p);
      leave(p);
      expect(p, GLSL_TOK_RIGHT_PAREN);
      return e;
   default:
      break;
   }
   if (is_type_keyword(t->kind) || is_type_name(p, t) || t->kind == GLSL_TOK_STRUCT) {
      /* a constructor: type ( args ), type[n] ( args ) */
      e = new_expr(p, GLSL_EXPR_CALL, t->loc);
      e->ctor_type = type_specifier(p);
      if (kind_at(p, 0) != GLSL_TOK_LEFT_PAREN)
         syntax_error(p, "'('");
      call_arguments(p, e);
      return e;
   }
   syntax_error(p, NULL);
}

static struct glsl_ast_expr *
postfix_expression(struct parser *p)
{
   struct glsl_ast_expr *e = primary_expression(p);
   for (;;) {
      const struct glsl_token *t = peek(p);
      struct glsl_ast_expr *n;
      switch (t->kind) {
      case GLSL_TOK_LEFT_BRACKET:
         advance(p);
         n = new_expr(p, GLSL_EXPR_INDEX, t->loc);
         n->sub[0] = e;
         enter(p);
         n->sub[1] = expression(p);
         leave(p);
         expect(p, GLSL_TOK_RIGHT_BRACKET);
         break;
      case GLSL_TOK_DOT: {
         advance(p);
         const struct glsl_token *f = expect(p, GLSL_TOK_IDENTIFIER);
         if (kind_at(p, 0) == GLSL_TOK_LEFT_PAREN) {
            /* a method: only length() exists */
            if (strcmp(f->text, "length") != 0)
               error_at(p, f->loc, "unknown method (only length() exists)");
            n = new_expr(p, GLSL_EXPR_LENGTH, f->loc);
            n->sub[0] = e;
            struct glsl_ast_expr args = { 0 };
            call_arguments(p, &args);
            if (args.num_args || args.void_args)
                error_at(p, f->loc, "length() takes no arguments");
         } else {
            n = new_expr(p, GLSL_EXPR_FIELD, f->loc);
            n->sub[0] = e;
            n->name = f->text;
         }
         break;
      }
      case GLSL_TOK_INC_OP:
      case GLSL_TOK_DEC_OP:
         advance(p);
         n = new_expr(p, GLSL_EXPR_UNARY, t->loc);
         n->op = t->kind == GLSL_TOK_INC_OP ? GLSL_OP_POST_INC : GLSL_OP_POST_DEC;
         n->sub[0] = e;
         break;
      default:
         return e;
      }
      e = n;
   }
}

static struct glsl_ast_expr *
unary_expression(struct parser *p)
{
   const struct glsl_token *t = peek(p);
   enum glsl_op op;
   switch (t->kind) {
   case GLSL_TOK_INC_OP: op = GLSL_OP_PRE_INC; break;
   case GLSL_TOK_DEC_OP: op = GLSL_OP_PRE_DEC; break;
   case GLSL_TOK_PLUS: op = GLSL_OP_PLUS; break;
   case GLSL_TOK_DASH: op = GLSL_OP_NEG; break;
   case GLSL_TOK_BANG: op = GLSL_OP_NOT; break;
   case GLSL_TOK_TILDE: op = GLSL_OP_BIT_NOT; break;
   default:
      return postfix_expression(p);
   }
   advance(p);
   struct glsl_ast_expr *e = new_expr(p, GLSL_EXPR_UNARY, t->loc);
   e->op = op;
   enter(p);
   e->sub[0] = unary_expression(p);
   leave(p);
   return e;
}

/* Binary operators by precedence level, loosest first (GLSL 4.60 5.1). */
struct binop {
   enum glsl_token_kind tok;
   enum glsl_op op;
};

static const struct binop level_or[] = { { GLSL_TOK_OR_OP, GLSL_OP_OR } };
static const struct binop level_xor[] = { { GLSL_TOK_XOR_OP, GLSL_OP_XOR } };
static const struct binop level_and[] = { { GLSL_TOK_AND_OP, GLSL_OP_AND } };
static const struct binop level_bitor[] = { { GLSL_TOK_VERTICAL_BAR, GLSL_OP_BIT_OR } };
static const struct binop level_bitxor[] = { { GLSL_TOK_CARET, GLSL_OP_BIT_XOR } };
static const struct binop level_bitand[] = { { GLSL_TOK_AMPERSAND, GLSL_OP_BIT_AND } };
static const struct binop level_eq[] = { { GLSL_TOK_EQ_OP, GLSL_OP_EQ },
                                         { GLSL_TOK_NE_OP, GLSL_OP_NE } };
static const struct binop level_rel[] = { { GLSL_TOK_LEFT_ANGLE, GLSL_OP_LT },
                                          { GLSL_TOK_RIGHT_ANGLE, GLSL_OP_GT },
                                          { GLSL_TOK_LE_OP, GLSL_OP_LE },
                                          { GLSL_TOK_GE_OP, GLSL_OP_GE } };
static const struct binop level_shift[] = { { GLSL_TOK_LEFT_OP, GLSL_OP_SHL },
                                            { GLSL_TOK_RIGHT_OP, GLSL_OP_SHR } };
static const struct binop level_add[] = { { GLSL_TOK_PLUS, GLSL_OP_ADD },
                                          { GLSL_TOK_DASH, GLSL_OP_SUB } };
static const struct binop level_mul[] = { { GLSL_TOK_STAR, GLSL_OP_MUL },
                                          { GLSL_TOK_SLASH, GLSL_OP_DIV },
                                          { GLSL_TOK_PERCENT, GLSL_OP_MOD } };

static const struct {
   const struct binop *ops;
   unsigned n;
} levels[] = {
#define LEVEL(l) { l, sizeof(l) / sizeof(l[0]) }
   LEVEL(level_or), LEVEL(level_xor), LEVEL(level_and), LEVEL(level_bitor),
   LEVEL(level_bitxor), LEVEL(level_bitand), LEVEL(level_eq), LEVEL(level_rel),
   LEVEL(level_shift), LEVEL(level_add), LEVEL(level_mul),
#undef LEVEL
};
#define NUM_LEVELS (sizeof(levels) / sizeof(levels[0]))

/* Left-associative binary expression at precedence level `level`. */
static struct glsl_ast_expr *
binary_expression(struct parser *p, unsigned level)
{
   if (level == NUM_LEVELS)
      return unary_expression(p);
   struct glsl_ast_expr *e = binary_expression(p, level + 1);
   for (;;) {
      const struct glsl_token *t = peek(p);
      enum glsl_op op = GLSL_OP_NONE;
      for (unsigned i = 0; i < levels[level].n; i++) {
         if (levels[level].ops[i].tok == t->kind)
            op = levels[level].ops[i].op;
      }
      if (op == GLSL_OP_NONE)
         return e;
      advance(p);
      struct glsl_ast_expr *n = new_expr(p, GLSL_EXPR_BINARY, t->loc);
      n->op = op;
      n->sub[0] = e;
      n->sub[1] = binary_expression(p, level + 1);
      e = n;
   }
}

static struct glsl_ast_expr *
conditional_expression(struct parser *p)
{
   struct glsl_ast_expr *c = binary_expression(p, 0);
   const struct glsl_token *t = peek(p);
   if (t->kind != GLSL_TOK_QUESTION)
      return c;
   advance(p);
   struct glsl_ast_expr *e = new_expr(p, GLSL_EXPR_TERNARY, t->loc);
   e->sub[0] = c;
   enter(p);
   e->sub[1] = expression(p);
   expect(p, GLSL_TOK_COLON);
   e->sub[2] = assignment_expression(p);
   leave(p);
   return e;
}

static enum glsl_op
assign_op(enum glsl_token_kind k)
{
   switch (k) {
   case GLSL_TOK_EQUAL: return GLSL_OP_ASSIGN;
   case GLSL_TOK_MUL_ASSIGN: return GLSL_OP_MUL_ASSIGN;
   case GLSL_TOK_DIV_ASSIGN: return GLSL_OP_DIV_ASSIGN;
   case GLSL_TOK_MOD_ASSIGN: return GLSL_OP_MOD_ASSIGN;
   case GLSL_TOK_ADD_ASSIGN: return GLSL_OP_ADD_ASSIGN;
   case GLSL_TOK_SUB_ASSIGN: return GLSL_OP_SUB_ASSIGN;
   case GLSL_TOK_LEFT_ASSIGN: return GLSL_OP_SHL_ASSIGN;
   case GLSL_TOK_RIGHT_ASSIGN: return GLSL_OP_SHR_ASSIGN;
   case GLSL_TOK_AND_ASSIGN: return GLSL_OP_AND_ASSIGN;
   case GLSL_TOK_XOR_ASSIGN: return GLSL_OP_XOR_ASSIGN;
   case GLSL_TOK_OR_ASSIGN: return GLSL_OP_OR_ASSIGN;
   default: return GLSL_OP_NONE;
   }
}

/* assignment: unary_expression op assignment | conditional.  The left side
 * is parsed as a conditional expression; semantics checks that it is an
 * l-value (the grammar's unary_expression). */
static struct glsl_ast_expr *
assignment_expression(struct parser *p)
{
   enter(p);
   struct glsl_ast_expr *lhs = conditional_expression(p);
   const struct glsl_token *t = peek(p);
   enum glsl_op op = assign_op(t->kind);
   if (op != GLSL_OP_NONE) {
      advance(p);
      struct glsl_ast_expr *e = new_expr(p, GLSL_EXPR_ASSIGN, t->loc);
      e->op = op;
      e->sub[0] = lhs;
      e->sub[1] = assignment_expression(p);
      lhs = e;
   }
   leave(p);
   return lhs;
}

static struct glsl_ast_expr *
expression(struct parser *p)
{
   struct glsl_ast_expr *e = assignment_expression(p);
   while (kind_at(p, 0) == GLSL_TOK_COMMA) {
      const struct glsl_token *t = advance(p);
      struct glsl_ast_expr *n = new_expr(p, GLSL_EXPR_SEQUENCE, t->loc);
      n->sub[0] = e;
      n->sub[1] = assignment_expression(p);
      e = n;
   }
   return e;
}

/* initializer: assignment_expression | { initializer, ... [,] } (4.20) */
static struct glsl_ast_expr *
initializer(struct parser *p)
{
   const struct glsl_token *t = peek(p);
   if (t->kind != GLSL_TOK_LEFT_BRACE)
      return assignment_expression(p);
   if (!version_has(p, 420, 0))
      syntax_error(p, NULL);
   advance(p);
   enter(p);
   struct glsl_ast_expr *e = new_expr(p, GLSL_EXPR_INIT_LIST, t->loc);
   struct glsl_ast_arg **tail = &e->args;
   do {
      if (kind_at(p, 0) == GLSL_TOK_RIGHT_BRACE && e->num_args)
         break;   /* a trailing comma */
      struct glsl_ast_arg *arg = glsl_alloc(p->a, sizeof *arg);
      arg->expr = initializer(p);
      *tail = arg;
      tail = &arg->next;
      e->num_args++;
   } while (accept(p, GLSL_TOK_COMMA));
   expect(p, GLSL_TOK_RIGHT_BRACE);
   leave(p);
   return e;
}

/* ---- types and qualifiers ------------------------------------------------------ */

/* [ size ] ... ; an empty [] is an unsized dimension. */
static struct glsl_array_dim *
array_dims(struct parser *p)
{
   struct glsl_array_dim *first = NULL, **tail = &first;
   while (kind_at(p, 0) == GLSL_TOK_LEFT_BRACKET) {
      struct glsl_array_dim *d = glsl_alloc(p->a, sizeof *d);
      d->loc = advance(p)->loc;
      if (kind_at(p, 0) != GLSL_TOK_RIGHT_BRACKET)
         d->size = conditional_expression(p);
      expect(p, GLSL_TOK_RIGHT_BRACKET);
      *tail = d;
      tail = &d->next;
   }
   return first;
}

static enum glsl_precision
precision_of(enum glsl_token_kind k)
{
   return k == GLSL_TOK_LOWP ? GLSL_PRECISION_LOW
        : k == GLSL_TOK_MEDIUMP ? GLSL_PRECISION_MEDIUM
        : k == GLSL_TOK_HIGHP ? GLSL_PRECISION_HIGH : GLSL_PRECISION_NONE;
}

/* type_specifier: [precision] (type keyword | struct name | struct_specifier) [dims] */
static struct glsl_type_spec *
type_specifier(struct parser *p)
{
   struct glsl_type_spec *s = glsl_alloc(p->a, sizeof *s);
   const struct glsl_token *t = peek(p);
   s->loc = t->loc;
   if (t->kind == GLSL_TOK_STRUCT) {
      s->structure = struct_specifier(p);
   } else if (is_type_keyword(t->kind) || is_type_name(p, t)) {
      s->name = advance(p)->text;
   } else {
      syntax_error(p, "a type");
   }
   s->array = array_dims(p);
   return s;
}

static void
layout_qualifier(struct parser *p, struct glsl_qualifier *q)
{
   expect(p, GLSL_TOK_LAYOUT);
   expect(p, GLSL_TOK_LEFT_PAREN);
   struct glsl_layout_id **tail = &q->layout;
   while (*tail)
      tail = &(*tail)->next;
   do {
      const struct glsl_token *t = peek(p);
      /* "shared" is a layout name too (std140's sibling) */
      if (t->kind != GLSL_TOK_IDENTIFIER && t->kind != GLSL_TOK_SHARED)
         syntax_error(p, "identifier");
      advance(p);
      struct glsl_layout_id *id = glsl_alloc(p->a, sizeof *id);
      id->loc = t->loc;
      id->name = t->text;
      if (accept(p, GLSL_TOK_EQUAL))
         id->value = conditional_expression(p);
      *tail = id;
      tail = &id->next;
   } while (accept(p, GLSL_TOK_COMMA));
   expect(p, GLSL_TOK_RIGHT_PAREN);
}

/* A run of qualifiers in any order (semantics checks order and
 * combinations per version); two storage qualifiers are an error here,
 * "const in" (parameters) aside. */
static void
type_qualifier(struct parser *p, struct glsl_qualifier *q)
{
   memset(q, 0, sizeof *q);
   q->loc = peek(p)->loc;
   int rank = 0;   /* the order-of-qualification rank reached (order_wrong) */
   for (;;) {
      const struct glsl_token *t = peek(p);
      enum glsl_storage st = GLSL_STORAGE_NONE;
      int r = -1;
      switch (t->kind) {
      case GLSL_TOK_INVARIANT: r = 1; break;
      case GLSL_TOK_FLAT: case GLSL_TOK_SMOOTH: case GLSL_TOK_NOPERSPECTIVE: r = 2; break;
      case GLSL_TOK_CONST: case GLSL_TOK_ATTRIBUTE: case GLSL_TOK_VARYING: case GLSL_TOK_UNIFORM:
      case GLSL_TOK_IN: case GLSL_TOK_OUT: case GLSL_TOK_INOUT: case GLSL_TOK_CENTROID:
         r = 3;
         break;
      case GLSL_TOK_LOWP: case GLSL_TOK_MEDIUMP: case GLSL_TOK_HIGHP: r = 4; break;
      default: break;
      }
      if (r >= 0) {
         if (r < rank)
            q->order_wrong = true;
         else
            rank = r;
      }
      switch (t->kind) {
      case GLSL_TOK_CONST:
         if (q->constant)
            error_at(p, t->loc, "duplicate const qualifier");
         q->constant = true;
         break;
      case GLSL_TOK_ATTRIBUTE: st = GLSL_STORAGE_ATTRIBUTE; break;
      case GLSL_TOK_VARYING: st = GLSL_STORAGE_VARYING; break;
      case GLSL_TOK_UNIFORM: st = GLSL_STORAGE_UNIFORM; break;
      case GLSL_TOK_BUFFER: st = GLSL_STORAGE_BUFFER; break;
      case GLSL_TOK_SHARED: st = GLSL_STORAGE_SHARED; break;
      case GLSL_TOK_IN: st = GLSL_STORAGE_IN; break;
      case GLSL_TOK_OUT: st = GLSL_STORAGE_OUT; break;
      case GLSL_TOK_INOUT: st = GLSL_STORAGE_INOUT; break;
      case GLSL_TOK_CENTROID:
         q->centroid = true;
         q->centroid_after = q->storage != GLSL_STORAGE_NONE;
         break;
      case GLSL_TOK_SAMPLE: q->sample = true; break;
      case GLSL_TOK_PATCH: q->patch = true; break;
      case GLSL_TOK_FLAT:
      case GLSL_TOK_SMOOTH:
      case GLSL_TOK_NOPERSPECTIVE:
         if (q->interp != GLSL_INTERP_NONE)
            error_at(p, t->loc, "more than one interpolation qualifier");
         q->interp = t->kind == GLSL_TOK_FLAT ? GLSL_INTERP_FLAT
                   : t->kind == GLSL_TOK_SMOOTH ? GLSL_INTERP_SMOOTH : GLSL_INTERP_NOPERSPECTIVE;
         break;
      case GLSL_TOK_INVARIANT: q->invariant = true; break;
      case GLSL_TOK_PRECISE: q->precise = true; break;
      case GLSL_TOK_LOWP:
      case GLSL_TOK_MEDIUMP:
      case GLSL_TOK_HIGHP:
         if (q->precision != GLSL_PRECISION_NONE)
            error_at(p, t->loc, "more than one precision qualifier");
         q->precision = precision_of(t->kind);
         break;
      case GLSL_TOK_COHERENT: q->coherent = true; break;
      case GLSL_TOK_VOLATILE: q->volatile_ = true; break;
      case GLSL_TOK_RESTRICT: q->restrict_ = true; break;
      case GLSL_TOK_READONLY: q->readonly = true; break;
      case GLSL_TOK_WRITEONLY: q->writeonly = true; break;
      case GLSL_TOK_LAYOUT:
         if (q->any)
            q->layout_after = true;
         layout_qualifier(p, q);
         q->any = true;
         continue;
      case GLSL_TOK_SUBROUTINE:
         error_at(p, t->loc, "subroutines are not supported");
      default:
         return;
      }
      if (st != GLSL_STORAGE_NONE) {
         if (q->storage != GLSL_STORAGE_NONE)
            error_at(p, t->loc, "more than one storage qualifier");
         q->storage = st;
      }
      q->any = true;
      advance(p);
   }
}

static void
fully_specified_type(struct parser *p, struct glsl_fully_spec_type *f)
{
   type_qualifier(p, &f->qual);
   f->spec = *type_specifier(p);
   f->spec.precision = f->qual.precision;
}

/* Member declarations of a struct or block: type name[dims], ...; ... } */
static struct glsl_ast_field *
member_list(struct parser *p)
{
   struct glsl_ast_field *first = NULL, **tail = &first;
   expect(p, GLSL_TOK_LEFT_BRACE);
   enter(p);
   do {
      struct glsl_fully_spec_type *ft = glsl_alloc(p->a, sizeof *ft);
      fully_specified_type(p, ft);
      do {
         const struct glsl_token *n = expect(p, GLSL_TOK_IDENTIFIER);
         struct glsl_ast_field *f = glsl_alloc(p->a, sizeof *f);
         f->loc = n->loc;
         f->type = ft;
         f->name = n->text;
         f->array = array_dims(p);
         *tail = f;
         tail = &f->next;
      } while (accept(p, GLSL_TOK_COMMA));
      expect(p, GLSL_TOK_SEMICOLON);
   } while (kind_at(p, 0) != GLSL_TOK_RIGHT_BRACE);
   advance(p);
   leave(p);
   return first;
}

static struct glsl_ast_struct *
struct_specifier(struct parser *p)
{
   struct glsl_ast_struct *s = glsl_alloc(p->a, sizeof *s);
   s->loc = expect(p, GLSL_TOK_STRUCT)->loc;
   if (kind_at(p, 0) == GLSL_TOK_IDENTIFIER)
      s->name = advance(p)->text;
   s->fields = member_list(p);
   if (s->name)
      add_type_name(p, s->name);   /* visible from here on, in this scope */
   return s;
}

/* ---- declarations ------------------------------------------------------------ */

static struct glsl_ast_stmt *compound_statement(struct parser *p, bool new_scope);

static struct glsl_ast_function *
function_prototype_rest(struct parser *p, const struct glsl_fully_spec_type *ret,
                        const struct glsl_token *name)
{
   struct glsl_ast_function *fn = glsl_alloc(p->a, sizeof *fn);
   fn->loc = name->loc;
   fn->ret = *ret;
   fn->name = name->text;
   expect(p, GLSL_TOK_LEFT_PAREN);
   if (kind_at(p, 0) == GLSL_TOK_VOID && kind_at(p, 1) == GLSL_TOK_RIGHT_PAREN) {
      advance(p);
   } else if (kind_at(p, 0) != GLSL_TOK_RIGHT_PAREN) {
      struct glsl_ast_param **tail = &fn->params;
      do {
         struct glsl_ast_param *prm = glsl_alloc(p->a, sizeof *prm);
         prm->loc = peek(p)->loc;
         fully_specified_type(p, &prm->type);
         if (kind_at(p, 0) == GLSL_TOK_IDENTIFIER) {
            prm->name = advance(p)->text;
            prm->array = array_dims(p);
         }
         *tail = prm;
         tail = &prm->next;
         fn->num_params++;
      } while (accept(p, GLSL_TOK_COMMA));
   }
   expect(p, GLSL_TOK_RIGHT_PAREN);
   return fn;
}

/* name[dims] [= initializer] {, name[dims] [= initializer]} */
static struct glsl_ast_declarator *
init_declarator_list(struct parser *p, const struct glsl_token *first_name)
{
   struct glsl_ast_declarator *first = NULL, **tail = &first;
   const struct glsl_token *name = first_name;
   for (;;) {
      struct glsl_ast_declarator *d = glsl_alloc(p->a, sizeof *d);
      d->loc = name->loc;
      d->name = name->text;
      d->array = array_dims(p);
      if (accept(p, GLSL_TOK_EQUAL))
         d->init = initializer(p);
      /* the variable's scope starts after its initializer */
      if (p->level > 0)
         hide_type_name(p, d->name);
      *tail = d;
      tail = &d->next;
      if (!accept(p, GLSL_TOK_COMMA))
         return first;
      name = expect(p, GLSL_TOK_IDENTIFIER);
   }
}

/*
 * declaration (GLSL 4.60 9):
 *   precision precision_qualifier type_specifier ;
 *   type_qualifier ;                                   (default qualifiers)
 *   type_qualifier IDENT { members } [IDENT [dims]] ;   (interface block)
 *   type_qualifier IDENT , IDENT ... ;                 (invariant x, y;)
 *   fully_specified_type ;                             (struct S { } ;)
 *   fully_specified_type IDENT [dims] [= init] , ... ;
 *   function_prototype ;  /  function_prototype compound_statement
 * at_global: function definitions allowed.
 */
static struct glsl_ast_decl *
declaration(struct parser *p, bool at_global)
{
   struct glsl_ast_decl *d = glsl_alloc(p->a, sizeof *d);
   const struct glsl_token *t = peek(p);
   d->loc = t->loc;

   if (t->kind == GLSL_TOK_PRECISION) {
      advance(p);
      d->kind = GLSL_DECL_PRECISION;
      const struct glsl_token *q = peek(p);
      if (precision_of(q->kind) == GLSL_PRECISION_NONE)
         syntax_error(p, "a precision qualifier");
      advance(p);
      d->type.qual.loc = q->loc;
      d->type.qual.precision = precision_of(q->kind);
      d->type.spec = *type_specifier(p);
      d->type.spec.precision = d->type.qual.precision;
      expect(p, GLSL_TOK_SEMICOLON);
      return d;
   }

   type_qualifier(p, &d->type.qual);
   t = peek(p);
   if (d->type.qual.any) {
      if (t->kind == GLSL_TOK_SEMICOLON) {
         advance(p);
         d->kind = GLSL_DECL_QUALIFIER;
         return d;
      }
      if (t->kind == GLSL_TOK_IDENTIFIER && !is_type_name(p, t)) {
         if (kind_at(p, 1) == GLSL_TOK_LEFT_BRACE) {
            /* an interface block (1.40, ES 3.00; uniform blocks also by
             * GL_ARB_uniform_buffer_object: GLSL_RULE_UNIFORM_BLOCKS) */
            if (d->type.qual.storage == GLSL_STORAGE_UNIFORM) {
               struct glsl_features f = { p->version, extension_on, (void *)p->extensions };
               if (!glsl_rule_allowed(GLSL_RULE_UNIFORM_BLOCKS, &f))
                  error_at(p, t->loc,
                           glsl_printf(p->a, "%s need %s", glsl_rule_name(GLSL_RULE_UNIFORM_BLOCKS),
                                       glsl_gate_text(p->a, glsl_rule_gate(GLSL_RULE_UNIFORM_BLOCKS),
                                                      &f)));
            } else if (!version_has(p, 140, 300)) {
               error_at(p, t->loc, "interface blocks need GLSL 1.40 or GLSL ES 3.00");
            }
            d->kind = GLSL_DECL_BLOCK;
            d->block_name = advance(p)->text;
            d->block_fields = member_list(p);
            if (kind_at(p, 0) == GLSL_TOK_IDENTIFIER) {
               d->instance_name = advance(p)->text;
               d->instance_array = array_dims(p);
            }
            expect(p, GLSL_TOK_SEMICOLON);
            return d;
         }
         /* qualifiers on declared names: invariant gl_Position, x; */
         d->kind = GLSL_DECL_INVARIANT;
         struct glsl_ast_declarator **tail = &d->declarators;
         do {
            const struct glsl_token *n = expect(p, GLSL_TOK_IDENTIFIER);
            struct glsl_ast_declarator *dc = glsl_alloc(p->a, sizeof *dc);
            dc->loc = n->loc;
            dc->name = n->text;
            *tail = dc;
            tail = &dc->next;
         } while (accept(p, GLSL_TOK_COMMA));
         expect(p, GLSL_TOK_SEMICOLON);
         return d;
      }
   }
   d->type.spec = *type_specifier(p);
   d->type.spec.precision = d->type.qual.precision;

   if (accept(p, GLSL_TOK_SEMICOLON)) {
      d->kind = GLSL_DECL_TYPE;   /* struct S { ... }; or "float;" (semantics warns) */
      return d;
   }
   const struct glsl_token *name = expect(p, GLSL_TOK_IDENTIFIER);
   if (kind_at(p, 0) == GLSL_TOK_LEFT_PAREN) {
      d->kind = GLSL_DECL_FUNCTION;
      d->function = function_prototype_rest(p, &d->type, name);
      if (kind_at(p, 0) == GLSL_TOK_LEFT_BRACE) {
         if (!at_global)
            error_at(p, peek(p)->loc, "function definitions are only allowed at global scope");
         push_scope(p);   /* the parameters' scope, shared with the body */
         d->function->body = compound_statement(p, false);
         pop_scope(p);
         return d;
      }
      expect(p, GLSL_TOK_SEMICOLON);
      return d;
   }
   d->kind = GLSL_DECL_VARIABLES;
   d->declarators = init_declarator_list(p, name);
   expect(p, GLSL_TOK_SEMICOLON);
   return d;
}

/* ---- statements ---------------------------------------------------------------- */

static struct glsl_ast_stmt *statement(struct parser *p);

static struct glsl_ast_stmt *
compound_statement(struct parser *p, bool new_scope)
{
   struct glsl_ast_stmt *s = new_stmt(p, GLSL_STMT_COMPOUND, expect(p, GLSL_TOK_LEFT_BRACE)->loc);
   s->new_scope = new_scope;
   enter(p);
   if (new_scope)
      push_scope(p);
   struct glsl_ast_stmt **tail = &s->body;
   while (kind_at(p, 0) != GLSL_TOK_RIGHT_BRACE) {
      if (kind_at(p, 0) == GLSL_TOK_EOF)
         syntax_error(p, "'}'");
      struct glsl_ast_stmt *c = statement(p);
      *tail = c;
      tail = &c->next;
   }
   advance(p);
   if (new_scope)
      pop_scope(p);
   leave(p);
   return s;
}

/* A statement in its own scope (the bodies of if/else and loops). */
static struct glsl_ast_stmt *
scoped_statement(struct parser *p)
{
   push_scope(p);
   struct glsl_ast_stmt *s = statement(p);
   pop_scope(p);
   return s;
}

/* A loop condition: an expression, or "type name = initializer". */
static void
condition(struct parser *p, struct glsl_ast_stmt *s)
{
   if (starts_declaration(p)) {
      struct glsl_ast_decl *d = glsl_alloc(p->a, sizeof *d);
      d->loc = peek(p)->loc;
      d->kind = GLSL_DECL_VARIABLES;
      fully_specified_type(p, &d->type);
      const struct glsl_token *n = expect(p, GLSL_TOK_IDENTIFIER);
      struct glsl_ast_declarator *dc = glsl_alloc(p->a, sizeof *dc);
      dc->loc = n->loc;
      dc->name = n->text;
      expect(p, GLSL_TOK_EQUAL);
      dc->init = initializer(p);
      d->declarators = dc;
      s->decl = d;
   } else {
      s->expr = expression(p);
   }
}

static struct glsl_ast_stmt *
statement(struct parser *p)
{
   const struct glsl_token *t = peek(p);
   struct glsl_ast_stmt *s;
   enter(p);
   switch (t->kind) {
   case GLSL_TOK_LEFT_BRACE:
      s = compound_statement(p, true);
      break;
   case GLSL_TOK_SEMICOLON:
      advance(p);
      s = new_stmt(p, GLSL_STMT_EXPR, t->loc);
      break;
   case GLSL_TOK_IF:
      advance(p);
      s = new_stmt(p, GLSL_STMT_IF, t->loc);
      expect(p, GLSL_TOK_LEFT_PAREN);
      s->expr = expression(p);
      expect(p, GLSL_TOK_RIGHT_PAREN);
      s->then_ = scoped_statement(p);
      if (accept(p, GLSL_TOK_ELSE))
         s->else_ = scoped_statement(p);
      break;
   case GLSL_TOK_SWITCH:
      advance(p);
      s = new_stmt(p, GLSL_STMT_SWITCH, t->loc);
      expect(p, GLSL_TOK_LEFT_PAREN);
      s->expr = expression(p);
      expect(p, GLSL_TOK_RIGHT_PAREN);
      s->body = compound_statement(p, true);
      break;
   case GLSL_TOK_CASE:
      advance(p);
      s = new_stmt(p, GLSL_STMT_CASE, t->loc);
      s->expr = expression(p);
      expect(p, GLSL_TOK_COLON);
      break;
   case GLSL_TOK_DEFAULT:
      advance(p);
      s = new_stmt(p, GLSL_STMT_DEFAULT, t->loc);
      expect(p, GLSL_TOK_COLON);
      break;
   case GLSL_TOK_WHILE:
      advance(p);
      s = new_stmt(p, GLSL_STMT_WHILE, t->loc);
      push_scope(p);
      expect(p, GLSL_TOK_LEFT_PAREN);
      condition(p, s);
      expect(p, GLSL_TOK_RIGHT_PAREN);
      s->body = statement(p);   /* the condition's scope (GLSL 6.3) */
      pop_scope(p);
      break;
   case GLSL_TOK_DO:
      advance(p);
      s = new_stmt(p, GLSL_STMT_DO, t->loc);
      s->body = scoped_statement(p);
      expect(p, GLSL_TOK_WHILE);
      expect(p, GLSL_TOK_LEFT_PAREN);
      s->expr = expression(p);
      expect(p, GLSL_TOK_RIGHT_PAREN);
      expect(p, GLSL_TOK_SEMICOLON);
      break;
   case GLSL_TOK_FOR:
      advance(p);
      s = new_stmt(p, GLSL_STMT_FOR, t->loc);
      push_scope(p);
      expect(p, GLSL_TOK_LEFT_PAREN);
      /* for-init-statement: an expression or declaration statement */
      s->init = statement(p);
      if (s->init->kind != GLSL_STMT_EXPR && s->init->kind != GLSL_STMT_DECL)
         error_at(p, s->init->loc, "a for loop's initialization must be an expression or a declaration");
      if (kind_at(p, 0) != GLSL_TOK_SEMICOLON)
         condition(p, s);
      expect(p, GLSL_TOK_SEMICOLON);
      if (kind_at(p, 0) != GLSL_TOK_RIGHT_PAREN)
         s->iter = expression(p);
      expect(p, GLSL_TOK_RIGHT_PAREN);
      s->body = statement(p);   /* no new scope: the loop's (GLSL 6.3) */
      pop_scope(p);
      break;
   case GLSL_TOK_CONTINUE:
   case GLSL_TOK_BREAK:
   case GLSL_TOK_DISCARD:
      advance(p);
      s = new_stmt(p, t->kind == GLSL_TOK_CONTINUE ? GLSL_STMT_CONTINUE
                    : t->kind == GLSL_TOK_BREAK ? GLSL_STMT_BREAK : GLSL_STMT_DISCARD, t->loc);
      expect(p, GLSL_TOK_SEMICOLON);
      break;
   case GLSL_TOK_RETURN:
      advance(p);
      s = new_stmt(p, GLSL_STMT_RETURN, t->loc);
      if (kind_at(p, 0) != GLSL_TOK_SEMICOLON)
         s->expr = expression(p);
      expect(p, GLSL_TOK_SEMICOLON);
      break;
   default:
      if (starts_declaration(p)) {
         s = new_stmt(p, GLSL_STMT_DECL, t->loc);
         s->decl = declaration(p, false);
      } else {
         s = new_stmt(p, GLSL_STMT_EXPR, t->loc);
         s->expr = expression(p);
         expect(p, GLSL_TOK_SEMICOLON);
      }
      break;
   }
   leave(p);
   return s;
}

/* ---- translation unit -------------------------------------------------------- */

struct parse_job {
   struct parser *p;
   const char *text;
   size_t len;
   const char *const *extensions;
   struct glsl_ast_unit *unit;
};

static void
lex_all(struct parser *p, const char *text, size_t len, const char *const *extensions)
{
   struct glsl_lexer lx;
   glsl_lexer_init(&lx, p->a, p->log, text, len, p->version, p->stage);
   for (unsigned i = 0; extensions && extensions[i]; i++)
      glsl_lexer_enable_extension(&lx, extensions[i]);
   size_t cap = 256;
   p->toks = glsl_alloc_array(p->a, cap, sizeof *p->toks);
   for (;;) {
      if (p->ntoks == cap) {
         p->toks = glsl_realloc_array(p->a, p->toks, p->ntoks, 2 * cap, sizeof *p->toks);
         cap *= 2;
      }
      struct glsl_token *t = &p->toks[p->ntoks];
      glsl_lexer_next(&lx, t);
      p->ntoks++;
      if (t->kind == GLSL_TOK_EOF)
         return;
   }
}

static void
parse_job_run(void *data)
{
   struct parse_job *job = data;
   struct parser *p = job->p;
   lex_all(p, job->text, job->len, job->extensions);
   if (setjmp(p->fail))
      return;   /* job->unit stays NULL */
   struct glsl_ast_unit *u = glsl_alloc(p->a, sizeof *u);
   u->version = p->version;
   u->stage = p->stage;
   struct glsl_ast_decl **tail = &u->decls;
   while (kind_at(p, 0) != GLSL_TOK_EOF) {
      if (kind_at(p, 0) == GLSL_TOK_SEMICOLON && version_has(p, 460, 0)) {
         advance(p);   /* an empty external declaration (4.60 grammar) */
         continue;
      }
      if (!starts_declaration(p))
         syntax_error(p, NULL);
      struct glsl_ast_decl *d = declaration(p, true);
      *tail = d;
      tail = &d->next;
   }
   job->unit = u;
}

struct glsl_ast_unit *
glsl_parse(struct glsl_arena *a, struct glsl_log *log, const char *text, size_t len,
           struct glsl_version version, enum glsl_stage stage, const char *const *extensions)
{
   struct parser p;
   memset(&p, 0, sizeof p);
   p.a = a;
   p.log = log;
   p.version = version;
   p.stage = stage;
   p.extensions = extensions;
   struct parse_job job = { &p, text, len, extensions, NULL };
   /* allocation failure inside the parse unwinds to here; the caller's
    * own glsl_arena_run reports it */
   if (!glsl_arena_run(a, parse_job_run, &job)) {
      glsl_log_error(log, (struct glsl_loc){ 0, 0, 0 }, "out of memory");
      return NULL;
   }
   return job.unit;
}
