/*
 * GLSL semantic analysis (glsl_sema.h).  Sections: the symbol table, types
 * as written, expressions, declarations, statements, the unit.  Rules cite
 * the GLSL 1.20 specification's sections unless another is named; rules
 * that depend on the version say which versions have them.
 */
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "glsl_sema.h"

/* ---- the context ------------------------------------------------------------- */

enum sym_kind {
   SYM_VARIABLE,
   SYM_FUNCTION,     /* the first overload; ->next links the others */
   SYM_TYPE,         /* a struct */
};

struct symbol {
   const char *name;
   enum sym_kind kind;
   unsigned level;
   union {
      struct glsl_variable *var;
      struct glsl_function *fn;
      const struct glsl_type *type;
   } u;
   struct symbol *shadowed;      /* the same name in an outer scope */
   struct symbol *scope_next;    /* the previous symbol of the same scope */
   struct symbol *hash_next;     /* the next name in the bucket */
};

struct scope {
   struct symbol *symbols;       /* declared in this scope, newest first */
   /* the default precisions when the scope was entered: a precision
    * statement lasts to the end of its scope (ES 1.00 section 4.5.3) */
   uint8_t saved_float, saved_int;
   bool saved_float_set;
};

#define MAX_SCOPES 1024

struct sema {
   struct glsl_arena *a;
   struct glsl_log *log;
   const struct glsl_features *f;
   struct glsl_version v;
   enum glsl_stage stage;
   const struct glsl_sema_options *opts;
   struct glsl_shader_info *info;
   /* symbols: name -> innermost symbol */
   struct symbol **buckets;
   unsigned nbuckets;
   struct scope scopes[MAX_SCOPES];
   unsigned level;               /* 0: global */
   /* the function being analysed */
   struct glsl_function *fn;
   unsigned loop_depth, switch_depth;
   unsigned globals_cap, functions_cap;
   /* ES: default precisions (float, int) per scope level are not tracked
    * per scope yet: the innermost setting wins */
   enum glsl_precision default_float, default_int;
   bool default_float_set;
   /* uniform blocks: the defaults layout(...) uniform; sets (GLSL 1.40
    * 4.3.5.1: shared and column_major at first) */
   enum glsl_packing block_packing;
   enum glsl_matrix_layout block_matrix;
   /* 'out gl_PerVertex { ... };' was declared: the built-in outputs of the
    * block it left out are gone (GLSL 1.50 7.1) */
   bool out_pervertex_redeclared;
   /* built-ins */
   struct glsl_builtin_env env;
   struct glsl_builtin_limits limits;
   struct glsl_function **builtin_fns;     /* built-in overloads called so far */
   unsigned num_builtin_fns, builtin_fns_cap;
};

static void
error(struct sema *s, struct glsl_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
error(struct sema *s, struct glsl_loc loc, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   glsl_log_verror(s->log, loc, fmt, ap);
   va_end(ap);
}

static bool
has(const struct sema *s, unsigned desktop, unsigned es)
{
   return glsl_version_at_least(s->v, desktop, es);
}

static const char *
type_name(struct sema *s, const struct glsl_type *t)
{
   return glsl_type_name(s->a, t);
}

/* ---- the symbol table ---------------------------------------------------------- */

static unsigned
hash_name(const char *n)
{
   unsigned h = 2166136261u;
   for (; *n; n++)
      h = (h ^ (unsigned char)*n) * 16777619u;
   return h;
}

static struct symbol *
lookup(const struct sema *s, const char *name)
{
   for (struct symbol *sym = s->buckets[hash_name(name) & (s->nbuckets - 1)]; sym;
        sym = sym->hash_next) {
      if (!strcmp(sym->name, name))
         return sym;
   }
   return NULL;
}

/* The symbol of that name declared in the current scope, if any. */
static struct symbol *
lookup_here(const struct sema *s, const char *name)
{
   struct symbol *sym = lookup(s, name);
   return sym && sym->level == s->level ? sym : NULL;
}

static struct symbol *
declare(struct sema *s, const char *name, enum sym_kind kind)
{
   struct symbol *sym = glsl_alloc(s->a, sizeof *sym);
   unsigned b = hash_name(name) & (s->nbuckets - 1);
   struct symbol **pp = &s->buckets[b];
   sym->name = name;
   sym->kind = kind;
   sym->level = s->level;
   /* shadow an outer symbol of the same name: take its place in the
    * bucket, keep it to restore */
   for (; *pp; pp = &(*pp)->hash_next) {
      if (!strcmp((*pp)->name, name)) {
         sym->shadowed = *pp;
         sym->hash_next = (*pp)->hash_next;
         *pp = sym;
         goto linked;
      }
   }
   sym->hash_next = s->buckets[b];
   s->buckets[b] = sym;
linked:
   sym->scope_next = s->scopes[s->level].symbols;
   s->scopes[s->level].symbols = sym;
   return sym;
}

static bool
push_scope(struct sema *s, struct glsl_loc loc)
{
   if (s->level + 1 >= MAX_SCOPES) {
      error(s, loc, "scopes nested too deep");
      return false;
   }
   s->level++;
   s->scopes[s->level].symbols = NULL;
   s->scopes[s->level].saved_float = (uint8_t)s->default_float;
   s->scopes[s->level].saved_int = (uint8_t)s->default_int;
   s->scopes[s->level].saved_float_set = s->default_float_set;
   return true;
}

static void
pop_scope(struct sema *s)
{
   for (struct symbol *sym = s->scopes[s->level].symbols; sym; sym = sym->scope_next) {
      /* a local array still without a size: the largest constant index + 1 */
      if (sym->kind == SYM_VARIABLE && glsl_type_is_unsized_array(sym->u.var->type)) {
         struct glsl_variable *v = sym->u.var;
         v->type = glsl_type_array(s->a, v->type->element,
                                   v->max_index >= 0 ? v->max_index + 1 : 1);
      }
      unsigned b = hash_name(sym->name) & (s->nbuckets - 1);
      for (struct symbol **pp = &s->buckets[b]; *pp; pp = &(*pp)->hash_next) {
         if (*pp == sym) {
            if (sym->shadowed) {
               sym->shadowed->hash_next = sym->hash_next;
               *pp = sym->shadowed;
            } else {
               *pp = sym->hash_next;
            }
            break;
         }
      }
   }
   s->scopes[s->level].symbols = NULL;
   s->default_float = (enum glsl_precision)s->scopes[s->level].saved_float;
   s->default_int = (enum glsl_precision)s->scopes[s->level].saved_int;
   s->default_float_set = s->scopes[s->level].saved_float_set;
   s->level--;
}

static void
add_global(struct sema *s, struct glsl_variable *v)
{
   struct glsl_shader_info *info = s->info;
   if (info->num_globals == s->globals_cap) {
      unsigned cap = s->globals_cap ? 2 * s->globals_cap : 16;
      info->globals = glsl_realloc_array(s->a, info->globals, info->num_globals, cap,
                                         sizeof *info->globals);
      s->globals_cap = cap;
   }
   v->index = info->num_globals;
   info->globals[info->num_globals++] = v;
}

static void
add_function(struct sema *s, struct glsl_function *fn)
{
   struct glsl_shader_info *info = s->info;
   if (info->num_functions == s->functions_cap) {
      unsigned cap = s->functions_cap ? 2 * s->functions_cap : 16;
      info->functions = glsl_realloc_array(s->a, info->functions, info->num_functions, cap,
                                           sizeof *info->functions);
      s->functions_cap = cap;
   }
   info->functions[info->num_functions++] = fn;
}

/* ---- types as written ---------------------------------------------------------- */

static const struct glsl_type *expr(struct sema *s, struct glsl_ast_expr *e);

/* The value of an array size: a constant integral expression > 0. */
static int
array_size(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *t = expr(s, e);
   if (glsl_type_is_error(t))
      return -2;
   int64_t v;
   if (!e->constant || !glsl_const_get_int(e->constant, &v)) {
      error(s, e->loc, "array size must be a constant integral expression");
      return -2;
   }
   if (v <= 0 || v > INT32_MAX) {
      error(s, e->loc, "array size must be greater than zero (and at most %d)", INT32_MAX);
      return -2;
   }
   return (int)v;
}

/* base[d0][d1]...: dims are outermost first; unsized ([]) only where the
 * caller allows it, for the outermost dimension. */
static const struct glsl_type *
apply_dims(struct sema *s, const struct glsl_type *base, struct glsl_array_dim *dims,
           bool allow_unsized)
{
   unsigned n = 0;
   for (struct glsl_array_dim *d = dims; d; d = d->next)
      n++;
   if (!n)
      return base;
   if ((n > 1 || glsl_type_is_array(base)) &&
       !glsl_rule_allowed(GLSL_RULE_ARRAYS_OF_ARRAYS, s->f)) {
      error(s, n > 1 ? dims->next->loc : dims->loc, "arrays of arrays need %s",
            glsl_gate_text(s->a, glsl_rule_gate(GLSL_RULE_ARRAYS_OF_ARRAYS), s->f));
      return &glsl_type_error;
   }
   if (glsl_type_is_void(base)) {
      error(s, dims->loc, "arrays of void are not allowed");
      return &glsl_type_error;
   }
   /* innermost first: the last dimension written is the innermost */
   struct glsl_array_dim **list = glsl_alloc_array(s->a, n, sizeof *list);
   unsigned i = 0;
   for (struct glsl_array_dim *d = dims; d; d = d->next)
      list[i++] = d;
   const struct glsl_type *t = base;
   for (i = n; i-- > 0;) {
      int len = GLSL_ARRAY_UNSIZED;
      if (list[i]->size) {
         len = array_size(s, list[i]->size);
         if (len < 0)
            return &glsl_type_error;
      } else if (!allow_unsized || i != 0) {
         error(s, list[i]->loc, "array size missing");
         return &glsl_type_error;
      }
      t = glsl_type_array(s->a, t, len);
      if (glsl_type_is_error(t)) {
         error(s, list[i]->loc, "array type nested too deep");
         return t;
      }
   }
   return t;
}

static const struct glsl_type *struct_type(struct sema *s, struct glsl_ast_struct *st);
static bool block_name_taken(struct sema *s, const char *name, struct glsl_loc loc);

/* A type specifier without its array dimensions. */
static const struct glsl_type *
spec_base(struct sema *s, struct glsl_type_spec *spec)
{
   if (spec->structure)
      return struct_type(s, spec->structure);
   const struct glsl_type *t = glsl_type_by_name_f(spec->name, s->f);
   if (t)
      return t;
   struct symbol *sym = lookup(s, spec->name);
   if (sym && sym->kind == SYM_TYPE)
      return sym->u.type;
   const struct glsl_builtin_struct *bs = glsl_builtin_struct_find(spec->name, &s->env);
   if (bs)
      return bs->type;
   const struct glsl_builtin_type *row = glsl_builtin_type_find(spec->name);
   if (row)
      error(s, spec->loc, "type '%s' needs %s", spec->name, glsl_gate_text(s->a, &row->gate, s->f));
   else
      error(s, spec->loc, "'%s' is not a type", spec->name);
   return &glsl_type_error;
}

/* A type specifier with the dimensions written on the type (float[2]). */
static const struct glsl_type *
resolve_spec(struct sema *s, struct glsl_type_spec *spec, bool allow_unsized)
{
   const struct glsl_type *t = spec_base(s, spec);
   /* float[2] x: GLSL 1.20; the GLSL ES 1.00 grammar has it too
    * (type_specifier_no_prec), and piglit's ES 1.00 tests use it */
   if (spec->array && !has(s, 120, 100)) {
      error(s, spec->array->loc, "array dimensions on a type need GLSL 1.20 or GLSL ES 1.00");
      t = &glsl_type_error;
   }
   if (!glsl_type_is_error(t))
      t = apply_dims(s, t, spec->array, allow_unsized);
   spec->type = t;
   return t;
}

/* A struct declaration: its type, declared in the current scope when it
 * has a name. */
static const struct glsl_type *
struct_type(struct sema *s, struct glsl_ast_struct *st)
{
   if (st->type)
      return st->type;
   unsigned n = 0;
   for (struct glsl_ast_field *f = st->fields; f; f = f->next)
      n++;
   struct glsl_struct_field *fields = glsl_alloc_array(s->a, n ? n : 1, sizeof *fields);
   bool bad = false;
   unsigned i = 0;
   const struct glsl_fully_spec_type *last = NULL;
   const struct glsl_type *member_base = NULL;
   for (struct glsl_ast_field *f = st->fields; f; f = f->next, i++) {
      if (f->type != last) {
         last = f->type;
         if (f->type->qual.any && (f->type->qual.storage != GLSL_STORAGE_NONE ||
                                   f->type->qual.constant || f->type->qual.invariant ||
                                   f->type->qual.interp != GLSL_INTERP_NONE ||
                                   f->type->qual.centroid || f->type->qual.layout)) {
            error(s, f->type->qual.loc, "struct members cannot have qualifiers");
            bad = true;
         }
         /* GLSL 1.10 section 4.1.8 allows them; 1.20 and every ES version do not */
         if (f->type->spec.structure && glsl_rule_allowed(GLSL_RULE_NO_EMBEDDED_STRUCTS, s->f)) {
            error(s, f->type->spec.loc, "embedded struct definitions are not allowed in %s",
                  s->v.es ? "GLSL ES" : "GLSL 1.20 and later");
            bad = true;
         }
         member_base = resolve_spec(s, (struct glsl_type_spec *)&f->type->spec, false);
      }
      const struct glsl_type *t = member_base;
      if (!glsl_type_is_error(t))
         t = apply_dims(s, t, f->array, false);
      if (glsl_type_is_void(t)) {
         error(s, f->loc, "struct member '%s' cannot be void", f->name);
         t = &glsl_type_error;
      }
      if (glsl_type_is_error(t))
         bad = true;
      for (unsigned k = 0; k < i; k++) {
         if (!strcmp(fields[k].name, f->name)) {
            error(s, f->loc, "duplicate struct member '%s'", f->name);
            bad = true;
         }
      }
      fields[i].name = f->name;
      fields[i].type = t;
      fields[i].precision = (uint8_t)f->type->qual.precision;
      fields[i].loc = f->loc;
      fields[i].location = fields[i].offset = fields[i].align = -1;
   }
   if (!n) {
      error(s, st->loc, "a struct must have at least one member");
      bad = true;
   }
   const struct glsl_type *t = bad ? &glsl_type_error
                                   : glsl_type_struct(s->a, st->name, st->loc, fields, n);
   if (!bad && glsl_type_is_error(t))
      error(s, st->loc, "struct type nested too deep");
   st->type = t;
   if (st->name) {
      if (!strncmp(st->name, "gl_", 3)) {
         error(s, st->loc, "identifier '%s' is reserved (names starting with 'gl_')", st->name);
      } else if (block_name_taken(s, st->name, st->loc)) {
         /* reported */
      } else if (lookup_here(s, st->name)) {
         error(s, st->loc, "'%s' redeclared", st->name);
      } else {
         struct symbol *sym = declare(s, st->name, SYM_TYPE);
         sym->u.type = t;
      }
   }
   return t;
}

/* ---- expressions ----------------------------------------------------------------- */

static enum glsl_binop
binop_of(enum glsl_op op)
{
   switch (op) {
   case GLSL_OP_MUL: case GLSL_OP_MUL_ASSIGN: return GLSL_BINOP_MUL;
   case GLSL_OP_DIV: case GLSL_OP_DIV_ASSIGN: return GLSL_BINOP_DIV;
   case GLSL_OP_MOD: case GLSL_OP_MOD_ASSIGN: return GLSL_BINOP_MOD;
   case GLSL_OP_ADD: case GLSL_OP_ADD_ASSIGN: return GLSL_BINOP_ADD;
   case GLSL_OP_SUB: case GLSL_OP_SUB_ASSIGN: return GLSL_BINOP_SUB;
   case GLSL_OP_SHL: case GLSL_OP_SHL_ASSIGN: return GLSL_BINOP_LSHIFT;
   case GLSL_OP_SHR: case GLSL_OP_SHR_ASSIGN: return GLSL_BINOP_RSHIFT;
   case GLSL_OP_LT: return GLSL_BINOP_LESS;
   case GLSL_OP_GT: return GLSL_BINOP_GREATER;
   case GLSL_OP_LE: return GLSL_BINOP_LEQUAL;
   case GLSL_OP_GE: return GLSL_BINOP_GEQUAL;
   case GLSL_OP_EQ: return GLSL_BINOP_EQUAL;
   case GLSL_OP_NE: return GLSL_BINOP_NEQUAL;
   case GLSL_OP_BIT_AND: case GLSL_OP_AND_ASSIGN: return GLSL_BINOP_BIT_AND;
   case GLSL_OP_BIT_XOR: case GLSL_OP_XOR_ASSIGN: return GLSL_BINOP_BIT_XOR;
   case GLSL_OP_BIT_OR: case GLSL_OP_OR_ASSIGN: return GLSL_BINOP_BIT_OR;
   case GLSL_OP_AND: return GLSL_BINOP_LOGIC_AND;
   case GLSL_OP_XOR: return GLSL_BINOP_LOGIC_XOR;
   case GLSL_OP_OR: return GLSL_BINOP_LOGIC_OR;
   default: return GLSL_BINOP_COUNT;
   }
}

/* The value converted when its type differs (constants only). */
static const struct glsl_const *
converted(struct sema *s, const struct glsl_const *c, const struct glsl_type *to)
{
   if (!c || glsl_type_equal(c->type, to))
      return c;
   return glsl_const_convert(s->a, c, to);
}

/* An expression that is assigned to (=, op=, ++, --, out arguments):
 * reports what makes it not an l-value. */
static bool
check_lvalue(struct sema *s, struct glsl_ast_expr *e, const char *what)
{
   if (glsl_type_is_error(e->type))
      return false;
   /* the variable at the root of the expression */
   struct glsl_ast_expr *root = e;
   while (root->kind == GLSL_EXPR_INDEX || root->kind == GLSL_EXPR_FIELD)
      root = root->sub[0];
   if (!e->lvalue || root->kind != GLSL_EXPR_IDENT || !root->var) {
      error(s, e->loc, "%s: the operand is not an l-value", what);
      return false;
   }
   if (root->var->read_only) {
      error(s, e->loc, "%s: '%s' is read-only", what, root->var->name);
      return false;
   }
   if (!root->var->assigned)
      root->var->assign_loc = e->loc;
   root->var->assigned = true;
   return true;
}

static bool
ext_enabled(const struct sema *s, const char *ext)
{
   return s->f->ext_enabled && s->f->ext_enabled(s->f->data, ext);
}

static struct symbol *gl_in_symbol(struct sema *s, const struct glsl_type *block,
                                   const struct glsl_type *array, struct glsl_loc loc);
static bool pervertex_member(const char *name);

/* A built-in variable or constant, declared at global scope on first use;
 * NULL (and an error) when the name is not one visible here. */
static struct symbol *
builtin_symbol(struct sema *s, const char *name, struct glsl_loc loc)
{
   /* the geometry shader's built-in input block instance */
   if (!strcmp(name, "gl_in") && glsl_builtin_block_members("gl_in", &s->env, NULL, 0))
      return gl_in_symbol(s, NULL, NULL, loc);
   /* EXT_shader_framebuffer_fetch_non_coherent alone: gl_LastFragData
    * exists only as redeclared with layout(noncoherent) */
   if (!strcmp(name, "gl_LastFragData") && !ext_enabled(s, "GL_EXT_shader_framebuffer_fetch") &&
       ext_enabled(s, "GL_EXT_shader_framebuffer_fetch_non_coherent")) {
      error(s, loc, "gl_LastFragData must be redeclared with layout(noncoherent) before use");
      return NULL;
   }
   struct glsl_variable *v = NULL;
   const struct glsl_builtin_constant *k = glsl_builtin_constant_find(name, &s->env);
   const struct glsl_builtin_variable *row = k ? NULL : glsl_builtin_variable_find(name, &s->env);
   if (k) {
      v = glsl_alloc(s->a, sizeof *v);
      v->max_index = -1;
      v->type = &glsl_type_int;
      v->mode = GLSL_VAR_CONST;
      v->constant = glsl_const_int(s->a, s->limits.value[k->id]);
      v->read_only = true;
   } else if (row) {
      if (row->storage == GLSL_BUILTIN_STORAGE_OUT && s->out_pervertex_redeclared &&
          pervertex_member(name)) {
         error(s, loc, "'%s' is not a member of the redeclared output block gl_PerVertex", name);
         return NULL;
      }
      v = glsl_alloc(s->a, sizeof *v);
      v->max_index = -1;
      v->type = glsl_builtin_variable_type(s->a, row, &s->limits);
      v->builtin_row = row;
      v->precision = (enum glsl_precision)row->precision;
      v->read_only = row->read_only;
      switch (row->storage) {
      case GLSL_BUILTIN_STORAGE_IN: v->mode = GLSL_VAR_IN; break;
      case GLSL_BUILTIN_STORAGE_OUT: v->mode = GLSL_VAR_OUT; break;
      default: v->mode = GLSL_VAR_UNIFORM; break;
      }
      v->invariant = s->info->invariant_all && v->mode == GLSL_VAR_OUT;
   } else {
      switch (glsl_builtin_variable_why(name, &s->env)) {
      case GLSL_BUILTIN_WRONG_STAGE:
         error(s, loc, "'%s' is not available in this stage", name);
         return NULL;
      case GLSL_BUILTIN_NEEDS_VERSION:
         error(s, loc, "'%s' is not available in %s", name, glsl_version_text(s->a, s->v));
         return NULL;
      case GLSL_BUILTIN_REMOVED:
         error(s, loc, "'%s' was removed before %s", name, glsl_version_text(s->a, s->v));
         return NULL;
      default:
         error(s, loc, "'%s' undeclared", name);
         return NULL;
      }
   }
   v->name = name;
   v->builtin = true;
   v->loc = loc;
   unsigned level = s->level;
   s->level = 0;
   struct symbol *sym = declare(s, name, SYM_VARIABLE);
   s->level = level;
   sym->u.var = v;
   if (!k)
      add_global(s, v);
   return sym;
}

static const struct glsl_type *
ident_expr(struct sema *s, struct glsl_ast_expr *e)
{
   struct symbol *sym = lookup(s, e->name);
   if (!sym && !(sym = builtin_symbol(s, e->name, e->loc)))
      return &glsl_type_error;
   if (sym->kind != SYM_VARIABLE) {
      error(s, e->loc, "'%s' is a %s, not a variable", e->name,
            sym->kind == SYM_TYPE ? "type" : "function");
      return &glsl_type_error;
   }
   struct glsl_variable *v = sym->u.var;
   v->used = true;
   if (glsl_type_is_array(v->type))
      v->refs++;
   e->var = v;
   e->lvalue = true;
   e->constant = v->mode == GLSL_VAR_CONST ? v->constant : NULL;
   return v->type;
}

static const struct glsl_type *
unary_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *t = expr(s, e->sub[0]);
   enum glsl_unop op;
   switch (e->op) {
   case GLSL_OP_PLUS: op = GLSL_UNOP_PLUS; break;
   case GLSL_OP_NEG: op = GLSL_UNOP_NEG; break;
   case GLSL_OP_NOT: op = GLSL_UNOP_LOGIC_NOT; break;
   case GLSL_OP_BIT_NOT: op = GLSL_UNOP_BIT_NOT; break;
   case GLSL_OP_PRE_INC: case GLSL_OP_POST_INC: op = GLSL_UNOP_INC; break;
   default: op = GLSL_UNOP_DEC; break;
   }
   const char *why = NULL;
   const struct glsl_type *r = glsl_type_unary_result(s->a, op, t, s->f, &why);
   if (glsl_type_is_error(r)) {
      if (why)
         error(s, e->loc, "%s", why);
      return r;
   }
   if (op == GLSL_UNOP_INC || op == GLSL_UNOP_DEC) {
      if (!check_lvalue(s, e->sub[0], glsl_op_name(e->op)))
         return &glsl_type_error;
      return r;
   }
   if (e->sub[0]->constant)
      e->constant = op == GLSL_UNOP_PLUS ? e->sub[0]->constant
                                         : glsl_const_unary(s->a, op, e->sub[0]->constant);
   e->const_expr = e->sub[0]->const_expr;
   return r;
}

static const struct glsl_type *
binary_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *l = expr(s, e->sub[0]);
   const struct glsl_type *r = expr(s, e->sub[1]);
   enum glsl_binop op = binop_of(e->op);
   const struct glsl_type *conv[2];
   const char *why = NULL;
   const struct glsl_type *t = glsl_type_binary_result(s->a, op, l, r, s->f, conv, &why);
   if (glsl_type_is_error(t)) {
      if (why)
         error(s, e->loc, "%s", why);
      return t;
   }
   e->const_expr = e->sub[0]->const_expr && e->sub[1]->const_expr;
   if (e->sub[0]->constant && e->sub[1]->constant) {
      const char *warning = NULL;
      e->constant = glsl_const_binary(s->a, op, converted(s, e->sub[0]->constant, conv[0]),
                                      converted(s, e->sub[1]->constant, conv[1]), t, &warning);
      if (warning)
         glsl_log_warning(s->log, e->loc, "%s", warning);
   }
   return t;
}

static const struct glsl_type *
assign_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *l = expr(s, e->sub[0]);
   const struct glsl_type *r = expr(s, e->sub[1]);
   if (glsl_type_is_error(l) || glsl_type_is_error(r))
      return &glsl_type_error;
   const char *why = NULL;
   const struct glsl_type *value = r;
   if (e->op != GLSL_OP_ASSIGN) {
      const struct glsl_type *conv[2];
      value = glsl_type_binary_result(s->a, binop_of(e->op), l, r, s->f, conv, &why);
      if (glsl_type_is_error(value)) {
         if (why)
            error(s, e->loc, "%s", why);
         return value;
      }
   }
   if (!glsl_type_assign_check(s->a, l, value, s->f, &why)) {
      if (why)
         error(s, e->loc, "%s", why);
      else
         error(s, e->loc, "cannot assign %s to %s", type_name(s, value), type_name(s, l));
      return &glsl_type_error;
   }
   if (!check_lvalue(s, e->sub[0], glsl_op_name(e->op)))
      return &glsl_type_error;
   return l;
}

static bool
is_bool_scalar(const struct glsl_type *t)
{
   return t == &glsl_type_bool;
}

static const struct glsl_type *
ternary_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *c = expr(s, e->sub[0]);
   const struct glsl_type *l = expr(s, e->sub[1]);
   const struct glsl_type *r = expr(s, e->sub[2]);
   if (!glsl_type_is_error(c) && !is_bool_scalar(c)) {
      error(s, e->sub[0]->loc, "the condition of ?: must be a bool scalar, not %s",
            type_name(s, c));
      return &glsl_type_error;
   }
   const struct glsl_type *conv[2];
   const char *why = NULL;
   const struct glsl_type *t = glsl_type_select_result(s->a, l, r, s->f, conv, &why);
   if (glsl_type_is_error(t)) {
      if (why)
         error(s, e->loc, "%s", why);
      return t;
   }
   e->const_expr = e->sub[0]->const_expr && e->sub[1]->const_expr && e->sub[2]->const_expr;
   if (e->sub[0]->constant && e->sub[1]->constant && e->sub[2]->constant)
      e->constant = e->sub[0]->constant->v[0].b ? converted(s, e->sub[1]->constant, t)
                                                : converted(s, e->sub[2]->constant, t);
   return t;
}

/* A geometry shader input with one element per vertex of the input
 * primitive: every user input, input block instance and gl_in (GLSL 1.50
 * 4.3.4; gl_PrimitiveIDIn is not one). */
static bool
per_vertex_input(const struct sema *s, const struct glsl_variable *v)
{
   return s->stage == GLSL_STAGE_GEOMETRY && v->mode == GLSL_VAR_IN && !v->builtin_row &&
          glsl_type_is_array(v->type);
}

/* The length of a type that can be indexed, for constant index checks (0:
 * unknown). */
static int
index_limit(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return t->length > 0 ? t->length : 0;
   if (glsl_type_is_matrix(t))
      return glsl_type_columns(t);
   if (glsl_type_is_vector(t))
      return glsl_type_rows(t);
   return 0;
}

/* e selects a member of gl_in[] that has no size as the shader sees it
 * (GLSL_FIELD_IMPLICIT_SIZE). */
static bool
implicitly_sized_member(const struct glsl_ast_expr *e)
{
   if (e->kind != GLSL_EXPR_FIELD || e->field < 0)
      return false;
   const struct glsl_type *bt = e->sub[0]->type;
   return bt && glsl_type_is_interface(bt) &&
          (bt->fields[e->field].qualifiers & GLSL_FIELD_IMPLICIT_SIZE) != 0;
}

static const struct glsl_type *
index_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *b = expr(s, e->sub[0]);
   const struct glsl_type *i = expr(s, e->sub[1]);
   if (glsl_type_is_error(b) || glsl_type_is_error(i))
      return &glsl_type_error;
   const struct glsl_type *r = glsl_type_index_result(b);
   if (!r) {
      error(s, e->sub[0]->loc, "%s cannot be indexed", type_name(s, b));
      return &glsl_type_error;
   }
   if (i != &glsl_type_int && !(i == &glsl_type_uint && has(s, 130, 300))) {
      error(s, e->sub[1]->loc, "an index must be an integer scalar, not %s", type_name(s, i));
      return &glsl_type_error;
   }
   if (glsl_type_is_array(b) && glsl_type_is_interface(b->element) &&
       b->element->interface_mode == GLSL_INTERFACE_UNIFORM && !e->sub[1]->constant &&
       !glsl_rule_allowed(GLSL_RULE_UNIFORM_BLOCK_DYNAMIC_INDEX, s->f)) {
      error(s, e->sub[1]->loc, "%s need %s", glsl_rule_name(GLSL_RULE_UNIFORM_BLOCK_DYNAMIC_INDEX),
            glsl_gate_text(s->a, glsl_rule_gate(GLSL_RULE_UNIFORM_BLOCK_DYNAMIC_INDEX), s->f));
      return &glsl_type_error;
   }
   /* GLSL 1.30-3.30 4.1.7 (ES 3.00 too): "Samplers aggregated into arrays
    * within a shader ... can only be indexed with integral constant
    * expressions" (1.10/1.20 programs relied on more, which Pony keeps:
    * lower_texture selects among the elements); 4.00 allows dynamically
    * uniform ones */
   if (glsl_type_is_array(b) && glsl_type_is_opaque(b->element) && !e->sub[1]->constant &&
       has(s, 130, 300) && !has(s, 400, 320) && !ext_enabled(s, "GL_ARB_gpu_shader5")) {
      error(s, e->sub[1]->loc, "arrays of samplers can only be indexed with constant expressions "
                               "before GLSL 4.00");
      return &glsl_type_error;
   }
   if (e->sub[1]->constant) {
      int64_t v = 0;
      glsl_const_get_int(e->sub[1]->constant, &v);
      int lim = index_limit(b);
      if (v < 0 || (lim && v >= lim)) {
         error(s, e->sub[1]->loc, "index %lld out of range for %s", (long long)v, type_name(s, b));
         return &glsl_type_error;
      }
      if (e->sub[0]->constant)
         e->constant = glsl_const_index(s->a, e->sub[0]->constant, (unsigned)v);
      struct glsl_variable *var = e->sub[0]->kind == GLSL_EXPR_IDENT ? e->sub[0]->var : NULL;
      if (var && glsl_type_is_array(b)) {
         var->const_index_refs++;
         if (!glsl_type_is_unsized_array(b) && v > var->max_index)
            var->max_index = (int)v;
      }
      if (var && glsl_type_is_unsized_array(b)) {
         /* gl_TexCoord[]: at most gl_MaxTextureCoords elements */
         const struct glsl_builtin_variable *row = var->builtin_row;
         if (row && row->array == GLSL_BUILTIN_ARRAY_UNSIZED &&
             v >= s->limits.value[row->array_const]) {
            error(s, e->sub[1]->loc, "index %lld out of range for %s (the limit is %d)",
                  (long long)v, var->name, s->limits.value[row->array_const]);
            return &glsl_type_error;
         }
         if (v > var->max_index)
            var->max_index = (int)v;
      }
   } else if ((glsl_type_is_unsized_array(b) &&
               !(e->sub[0]->kind == GLSL_EXPR_IDENT && e->sub[0]->var &&
                 per_vertex_input(s, e->sub[0]->var))) ||
              implicitly_sized_member(e->sub[0])) {
      /* (a geometry shader input takes its size from the input layout,
       * which may come later or in another shader of the stage) */
      error(s, e->loc, "an array without a size can only be indexed with a constant");
      return &glsl_type_error;
   }
   e->lvalue = e->sub[0]->lvalue;
   e->const_expr = e->sub[0]->const_expr && e->sub[1]->const_expr;
   return r;
}

/* The component a swizzle letter names, or -1; *set the letter's set. */
static int
swizzle_component(char c, int *set)
{
   static const char *const sets[3] = { "xyzw", "rgba", "stpq" };
   for (int k = 0; k < 3; k++) {
      const char *p = strchr(sets[k], c);
      if (p && c) {
         *set = k;
         return (int)(p - sets[k]);
      }
   }
   return -1;
}

static const struct glsl_type *
field_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *b = expr(s, e->sub[0]);
   e->field = -1;
   if (glsl_type_is_error(b))
      return b;
   if (glsl_type_is_struct(b) || glsl_type_is_interface(b)) {
      int f = glsl_type_field_index(b, e->name);
      if (f < 0) {
         error(s, e->loc, "%s has no member '%s'", type_name(s, b), e->name);
         return &glsl_type_error;
      }
      e->field = f;
      e->lvalue = e->sub[0]->lvalue;
      e->const_expr = e->sub[0]->const_expr;
      if (e->sub[0]->constant)
         e->constant = glsl_const_field(s->a, e->sub[0]->constant, (unsigned)f);
      return b->fields[f].type;
   }
   bool scalar = glsl_type_is_scalar(b);
   if (!glsl_type_is_vector(b) && !(scalar && has(s, 420, 310))) {
      error(s, e->loc, "cannot select '%s' from %s", e->name, type_name(s, b));
      return &glsl_type_error;
   }
   size_t n = strlen(e->name);
   if (n > 4) {
      error(s, e->loc, "swizzle '%s' has more than 4 components", e->name);
      return &glsl_type_error;
   }
   int set0 = -1;
   bool repeated = false;
   for (size_t k = 0; k < n; k++) {
      int set;
      int c = swizzle_component(e->name[k], &set);
      if (c < 0 || (set0 >= 0 && set != set0)) {
         error(s, e->loc, "invalid swizzle '%s'", e->name);
         return &glsl_type_error;
      }
      set0 = set;
      if ((unsigned)c >= glsl_type_rows(b)) {
         error(s, e->loc, "swizzle '%s' selects a component past the end of %s", e->name,
               type_name(s, b));
         return &glsl_type_error;
      }
      for (size_t j = 0; j < k; j++)
         repeated |= e->swizzle[j] == c;
      e->swizzle[k] = (uint8_t)c;
   }
   e->swizzle_len = (uint8_t)n;
   e->lvalue = e->sub[0]->lvalue && !repeated;
   e->const_expr = e->sub[0]->const_expr;
   if (e->sub[0]->constant)
      e->constant = glsl_const_swizzle(s->a, e->sub[0]->constant, e->swizzle, (unsigned)n);
   return glsl_type_get_instance((enum glsl_base_type)b->base, (unsigned)n, 1);
}

static const struct glsl_type *
length_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *b = expr(s, e->sub[0]);
   if (glsl_type_is_error(b))
      return b;
   if (!has(s, 120, 300)) {
      error(s, e->loc, "length() needs GLSL 1.20 or GLSL ES 3.00");
      return &glsl_type_error;
   }
   if (!glsl_type_is_array(b) && !(has(s, 430, 310) && (glsl_type_is_vector(b) ||
                                                        glsl_type_is_matrix(b)))) {
      error(s, e->loc, "length() of %s: only arrays have a length", type_name(s, b));
      return &glsl_type_error;
   }
   int len = glsl_type_is_array(b) ? b->length : (int)index_limit(b);
   if (len <= 0 && e->sub[0]->kind == GLSL_EXPR_IDENT && e->sub[0]->var &&
       per_vertex_input(s, e->sub[0]->var)) {
      /* GLSL 1.50 4.3.8.1: "a layout must be declared before any use of
       * the method length()" of such an input */
      error(s, e->loc, "length() of '%s' before the input layout (layout(...) in;) gives its "
            "size", e->sub[0]->var->name);
      return &glsl_type_error;
   }
   if (len <= 0 || implicitly_sized_member(e->sub[0])) {
      error(s, e->loc, "length() of an array without a size");
      return &glsl_type_error;
   }
   e->constant = glsl_const_int(s->a, len);
   return &glsl_type_int;
}

/* Analyses a call's arguments; their types in *types (arena). */
static bool
call_args(struct sema *s, struct glsl_ast_expr *e, const struct glsl_type ***types)
{
   *types = glsl_alloc_array(s->a, e->num_args ? e->num_args : 1, sizeof **types);
   bool ok = true;
   unsigned i = 0;
   for (struct glsl_ast_arg *a = e->args; a; a = a->next, i++) {
      (*types)[i] = expr(s, a->expr);
      if (glsl_type_is_error((*types)[i]))
         ok = false;
      else if (glsl_type_is_void((*types)[i])) {
         error(s, a->expr->loc, "a void value cannot be an argument");
         ok = false;
      }
   }
   return ok;
}

static const struct glsl_type *
constructor_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type *t = resolve_spec(s, e->ctor_type, true);
   const struct glsl_type **types;
   bool ok = call_args(s, e, &types);
   if (glsl_type_is_error(t) || !ok)
      return &glsl_type_error;
   if (e->void_args || !e->num_args) {
      error(s, e->loc, "constructor %s needs arguments", type_name(s, t));
      return &glsl_type_error;
   }
   const struct glsl_type *result = NULL;
   const char *why = NULL;
   enum glsl_ctor_kind kind = glsl_type_constructor(s->a, t, types, e->num_args, s->f, &result,
                                                   &why);
   e->ctor_kind = (int)kind;
   if (kind == GLSL_CTOR_ERROR) {
      if (why)
         error(s, e->loc, "%s", why);
      return &glsl_type_error;
   }
   /* constant when every argument is */
   const struct glsl_const **vals = glsl_alloc_array(s->a, e->num_args, sizeof *vals);
   unsigned i = 0;
   bool all = true;
   bool all_const_expr = true;
   for (struct glsl_ast_arg *a = e->args; a; a = a->next, i++) {
      vals[i] = a->expr->constant;
      all &= vals[i] != NULL;
      all_const_expr &= a->expr->const_expr;
   }
   e->const_expr = all_const_expr;
   if (all)
      e->constant = glsl_const_construct(s->a, kind, result, vals, e->num_args);
   return result;
}

static void
record_call(struct sema *s, struct glsl_function *callee)
{
   struct glsl_function *caller = s->fn;
   callee->used = true;
   if (!caller)
      return;
   for (unsigned i = 0; i < caller->num_calls; i++) {
      if (caller->calls[i] == callee)
         return;
   }
   if (caller->num_calls == caller->calls_cap) {
      unsigned cap = caller->calls_cap ? 2 * caller->calls_cap : 4;
      caller->calls = glsl_realloc_array(s->a, caller->calls, caller->num_calls, cap,
                                         sizeof *caller->calls);
      caller->calls_cap = cap;
   }
   caller->calls[caller->num_calls++] = callee;
}

/* The glsl_function of a built-in overload (one per row, made on first use). */
static struct glsl_function *
builtin_function(struct sema *s, const struct glsl_builtin_function *row)
{
   for (unsigned i = 0; i < s->num_builtin_fns; i++) {
      if (s->builtin_fns[i]->builtin == row)
         return s->builtin_fns[i];
   }
   struct glsl_function *fn = glsl_alloc(s->a, sizeof *fn);
   fn->name = row->name;
   fn->ret = row->return_type;
   fn->num_params = row->num_params;
   fn->param_types = glsl_alloc_array(s->a, row->num_params ? row->num_params : 1,
                                      sizeof *fn->param_types);
   fn->dirs = glsl_alloc_array(s->a, row->num_params ? row->num_params : 1, 1);
   for (unsigned i = 0; i < row->num_params; i++) {
      fn->param_types[i] = row->params[i];
      fn->dirs[i] = row->dirs ? row->dirs[i] : (uint8_t)GLSL_PARAM_IN;
   }
   fn->builtin = row;
   if (s->num_builtin_fns == s->builtin_fns_cap) {
      unsigned cap = s->builtin_fns_cap ? 2 * s->builtin_fns_cap : 16;
      s->builtin_fns = glsl_realloc_array(s->a, s->builtin_fns, s->num_builtin_fns, cap,
                                          sizeof *s->builtin_fns);
      s->builtin_fns_cap = cap;
   }
   s->builtin_fns[s->num_builtin_fns++] = fn;
   return fn;
}

/* Why no built-in of that name can be called here. */
static void
no_builtin_error(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_builtin_function *ex = NULL;
   switch (glsl_builtin_function_why(e->name, &s->env, &ex)) {
   case GLSL_BUILTIN_WRONG_STAGE:
      error(s, e->loc, "'%s' is only available in %s", e->name,
            glsl_builtin_stages_text(s->a, ex ? ex->stages : 0));
      return;
   case GLSL_BUILTIN_NEEDS_VERSION:
      if (ex) {
         error(s, e->loc, "'%s' needs %s", e->name, glsl_gate_text(s->a, &ex->gate.gate, s->f));
         return;
      }
      break;
   case GLSL_BUILTIN_REMOVED:
      error(s, e->loc, "'%s' is not available in %s", e->name, glsl_version_text(s->a, s->v));
      return;
   default:
      break;
   }
   error(s, e->loc, "no function with name '%s'", e->name);
}

static const struct glsl_type *
call_expr(struct sema *s, struct glsl_ast_expr *e)
{
   const struct glsl_type **types;
   bool ok = call_args(s, e, &types);
   struct symbol *sym = lookup(s, e->name);
   if (sym && sym->kind == SYM_TYPE) {
      error(s, e->loc, "'%s' is a type", e->name);
      return &glsl_type_error;
   }
   if (sym && sym->kind == SYM_VARIABLE) {
      error(s, e->loc, "'%s' is a variable, not a function", e->name);
      return &glsl_type_error;
   }
   /* the candidates: the user's overloads, and the built-ins the version's
    * rule leaves visible beside them (desktop: a user declaration hides
    * every built-in of the name) */
   unsigned nb = 0;
   const struct glsl_builtin_function **rows = NULL;
   if (!sym || glsl_builtin_user_function_rule(s->v) == GLSL_BUILTIN_USER_OVERLOADS) {
      nb = glsl_builtin_functions(e->name, &s->env, NULL, 0);
      if (nb) {
         rows = glsl_alloc_array(s->a, nb, sizeof *rows);
         glsl_builtin_functions(e->name, &s->env, rows, nb);
      }
   }
   if (!sym && !nb) {
      no_builtin_error(s, e);
      return &glsl_type_error;
   }
   if (!ok)
      return &glsl_type_error;
   if (e->void_args && e->num_args) {
      error(s, e->loc, "void with other arguments");
      return &glsl_type_error;
   }
   unsigned nu = 0;
   for (struct glsl_function *fn = sym ? sym->u.fn : NULL; fn; fn = fn->next)
      nu++;
   unsigned n = nu + nb;
   struct glsl_overload *cands = glsl_alloc_array(s->a, n, sizeof *cands);
   struct glsl_function **fns = glsl_alloc_array(s->a, nu ? nu : 1, sizeof *fns);
   unsigned i = 0;
   for (struct glsl_function *fn = sym ? sym->u.fn : NULL; fn; fn = fn->next, i++) {
      fns[i] = fn;
      cands[i].num_params = fn->num_params;
      cands[i].params = fn->param_types;
      cands[i].dirs = fn->dirs;
   }
   for (unsigned k = 0; k < nb; k++)
      cands[nu + k] = glsl_builtin_overload(rows[k]);
   enum glsl_overload_result res;
   int pick = glsl_type_pick_overload(cands, n, types, e->num_args, s->f, &res);
   if (pick < 0) {
      /* "f(int, vec2)" for the message */
      size_t len = strlen(e->name) + 3;
      for (i = 0; i < e->num_args; i++)
         len += strlen(type_name(s, types[i])) + 2;
      char *sig = glsl_alloc(s->a, len);
      strcpy(sig, e->name);
      strcat(sig, "(");
      for (i = 0; i < e->num_args; i++) {
         if (i)
            strcat(sig, ", ");
         strcat(sig, type_name(s, types[i]));
      }
      strcat(sig, ")");
      if (res == GLSL_OVERLOAD_AMBIGUOUS)
         error(s, e->loc, "call to %s is ambiguous", sig);
      else
         error(s, e->loc, "no matching function for call to %s", sig);
      return &glsl_type_error;
   }
   struct glsl_function *fn = (unsigned)pick < nu ? fns[pick]
                                                  : builtin_function(s, rows[pick - (int)nu]);
   e->fn = fn;
   i = 0;
   bool all_const = true;
   for (struct glsl_ast_arg *a = e->args; a; a = a->next, i++) {
      if (fn->dirs[i] != GLSL_PARAM_IN &&
          !check_lvalue(s, a->expr, fn->dirs[i] == GLSL_PARAM_OUT ? "out argument"
                                                                   : "inout argument"))
         return &glsl_type_error;
      all_const &= a->expr->const_expr;
   }
   if (fn->builtin) {
      const struct glsl_builtin_function *row = fn->builtin;
      /* ftransform() reads gl_Vertex and gl_ModelViewProjectionMatrix: they
       * are active (the linker must not put a user attribute at gl_Vertex's
       * location) */
      if (row->op == GLSL_BUILTIN_FTRANSFORM) {
         static const char *const reads[] = { "gl_Vertex", "gl_ModelViewProjectionMatrix" };
         for (unsigned k = 0; k < 2; k++) {
            struct symbol *rs = lookup(s, reads[k]);
            if (!rs)
               rs = builtin_symbol(s, reads[k], e->loc);
            if (rs && rs->kind == SYM_VARIABLE)
               rs->u.var->used = true;
         }
      }
      /* a constant expression (1.20, ES 1.00), folded by the lowering */
      e->const_expr = all_const && (row->flags & (GLSL_BUILTIN_F_CONST | GLSL_BUILTIN_F_CONST_ZERO)) &&
                      glsl_builtin_const_calls(s->v);
      if (e->const_expr && (row->flags & GLSL_BUILTIN_F_CONST_ZERO)) {
         /* dFdx, dFdy, fwidth of a constant expression: 0 (1.20 8.8), and
          * a constant expression like every other built-in call (4.3.3) */
         e->constant = glsl_const_new(s->a, fn->ret);
         fn->used = true;
         return fn->ret;
      }
      if (e->const_expr && e->num_args <= 4) {
         const struct glsl_const *vals[4];
         bool have = true;
         i = 0;
         for (struct glsl_ast_arg *a = e->args; a; a = a->next, i++) {
            vals[i] = converted(s, a->expr->constant, fn->param_types[i]);
            have &= vals[i] != NULL;
         }
         if (have)
            e->constant = glsl_const_builtin(s->a, row->op, fn->ret, vals, e->num_args);
      }
      fn->used = true;
   } else {
      record_call(s, fn);
   }
   return fn->ret;
}

static const struct glsl_type *
expr_inner(struct sema *s, struct glsl_ast_expr *e)
{
   switch (e->kind) {
   case GLSL_EXPR_IDENT:
      return ident_expr(s, e);
   case GLSL_EXPR_INT:
      e->constant = glsl_const_int(s->a, (int32_t)(uint32_t)e->value.u);
      return &glsl_type_int;
   case GLSL_EXPR_UINT:
      e->constant = glsl_const_uint(s->a, (uint32_t)e->value.u);
      return &glsl_type_uint;
   case GLSL_EXPR_FLOAT:
      e->constant = glsl_const_float(s->a, (float)e->value.d);
      return &glsl_type_float;
   case GLSL_EXPR_DOUBLE:
      e->constant = glsl_const_double(s->a, e->value.d);
      return &glsl_type_double;
   case GLSL_EXPR_BOOL:
      e->constant = glsl_const_bool(s->a, e->value.b);
      return &glsl_type_bool;
   case GLSL_EXPR_UNARY:
      return unary_expr(s, e);
   case GLSL_EXPR_BINARY:
      return binary_expr(s, e);
   case GLSL_EXPR_ASSIGN:
      return assign_expr(s, e);
   case GLSL_EXPR_TERNARY:
      return ternary_expr(s, e);
   case GLSL_EXPR_SEQUENCE: {
      /* a, b: b's value.  GLSL ES 1.00 counts it as a constant expression
       * when both are (piglit's ES 1.00 tests size arrays with one); ES
       * 3.00 4.3.3 excludes the sequence operator, and the desktop
       * grammar's constant_expression has no comma (piglit's 1.20
       * array-size-sequence-in-parenthesis) */
      const struct glsl_type *l = expr(s, e->sub[0]);
      const struct glsl_type *r = expr(s, e->sub[1]);
      if (glsl_type_is_error(l) || glsl_type_is_error(r))
         return &glsl_type_error;
      if (s->v.es && s->v.number < 300) {
         e->const_expr = e->sub[0]->const_expr && e->sub[1]->const_expr;
         if (e->sub[0]->constant && e->sub[1]->constant)
            e->constant = e->sub[1]->constant;
      }
      return r;
   }
   case GLSL_EXPR_CALL:
      return e->ctor_type ? constructor_expr(s, e) : call_expr(s, e);
   case GLSL_EXPR_INDEX:
      return index_expr(s, e);
   case GLSL_EXPR_FIELD:
      return field_expr(s, e);
   case GLSL_EXPR_LENGTH:
      return length_expr(s, e);
   case GLSL_EXPR_INIT_LIST:
      error(s, e->loc, "initializer lists are not supported yet");
      return &glsl_type_error;
   }
   return &glsl_type_error;
}

static enum glsl_precision
higher_precision(enum glsl_precision a, enum glsl_precision b)
{
   return a > b ? a : b;
}

/* ES 1.00 4.5.2: the precision of an expression's value (after expr_inner
 * analysed it and its operands). */
static enum glsl_precision
expr_precision(const struct glsl_ast_expr *e)
{
   enum glsl_precision p = GLSL_PRECISION_NONE;
   switch (e->kind) {
   case GLSL_EXPR_IDENT:
      return e->var ? e->var->precision : GLSL_PRECISION_NONE;
   case GLSL_EXPR_UNARY:
   case GLSL_EXPR_INDEX:
      return e->sub[0]->precision;
   case GLSL_EXPR_ASSIGN:
      return e->sub[0]->precision;
   case GLSL_EXPR_BINARY:
      return higher_precision(e->sub[0]->precision, e->sub[1]->precision);
   case GLSL_EXPR_TERNARY:
      return higher_precision(e->sub[1]->precision, e->sub[2]->precision);
   case GLSL_EXPR_SEQUENCE:
      return e->sub[1]->precision;
   case GLSL_EXPR_FIELD:
      if (e->field >= 0 && glsl_type_is_struct(e->sub[0]->type))
         return (enum glsl_precision)e->sub[0]->type->fields[e->field].precision;
      return e->sub[0]->precision;
   case GLSL_EXPR_CALL:
      if (e->fn && !e->fn->builtin)
         return e->fn->ret_effective;
      /* a texture lookup: the sampler's; other built-ins and
       * constructors: the highest of the arguments' */
      if (e->fn && e->args && glsl_type_is_sampler(e->args->expr->type))
         return e->args->expr->precision;
      for (const struct glsl_ast_arg *a = e->args; a; a = a->next)
         p = higher_precision(p, a->expr->precision);
      return p;
   default:
      return GLSL_PRECISION_NONE;
   }
}

static const struct glsl_type *
expr(struct sema *s, struct glsl_ast_expr *e)
{
   e->field = -1;
   e->type = expr_inner(s, e);
   if (glsl_type_is_error(e->type)) {
      e->constant = NULL;
      e->const_expr = false;
   } else if (e->constant) {
      e->const_expr = true;
   }
   if (s->v.es && !glsl_type_is_error(e->type))
      e->precision = expr_precision(e);
   return e->type;
}

/* ---- declarations --------------------------------------------------------------- */

static const char *
storage_name(enum glsl_storage st)
{
   switch (st) {
   case GLSL_STORAGE_ATTRIBUTE: return "attribute";
   case GLSL_STORAGE_VARYING: return "varying";
   case GLSL_STORAGE_UNIFORM: return "uniform";
   case GLSL_STORAGE_IN: return "in";
   case GLSL_STORAGE_OUT: return "out";
   case GLSL_STORAGE_INOUT: return "inout";
   case GLSL_STORAGE_BUFFER: return "buffer";
   case GLSL_STORAGE_SHARED: return "shared";
   default: return "";
   }
}

/* float, vecN, matN and arrays of them (what attributes and varyings may
 * be in GLSL 1.10 / 1.20 / ES 1.00). */
static bool
is_float_based(const struct glsl_type *t)
{
   t = glsl_type_without_array(t);
   return t->base == GLSL_TYPE_FLOAT && glsl_type_is_basic(t);
}

/* int, uint and their vectors: what GLSL 1.30 adds to vertex inputs */
static bool
is_integer_io(const struct glsl_type *t)
{
   return glsl_type_is_basic(t) && t->matrix_columns <= 1 &&
          (t->base == GLSL_TYPE_INT || t->base == GLSL_TYPE_UINT);
}

/* The types and qualifiers GLSL 1.30+ / ES 3.00 allow on the inputs and
 * outputs between stages and at their ends (1.30 4.3.4-4.3.6, 4.3.9;
 * ES 3.00 4.3.4-4.3.6): no bools; integers flat where they are
 * interpolated; no interpolation or centroid on vertex inputs and
 * fragment outputs. */
static bool
io_type_ok(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
           struct glsl_loc loc)
{
   bool in = q->storage == GLSL_STORAGE_IN;
   bool vs_in = in && s->stage == GLSL_STAGE_VERTEX;
   bool fs_out = !in && s->stage == GLSL_STAGE_FRAGMENT;
   const char *what = vs_in ? "vertex shader inputs" : fs_out ? "fragment shader outputs"
                      : in ? "inputs" : "outputs";
   if (glsl_type_contains_bool(t)) {
      error(s, loc, "%s cannot be %s", what, type_name(s, t));
      return false;
   }
   if (s->stage != GLSL_STAGE_VERTEX && s->stage != GLSL_STAGE_FRAGMENT)
      return true;   /* geometry shaders interpolate nothing themselves */
   if ((vs_in || fs_out) && (q->interp != GLSL_INTERP_NONE || q->centroid)) {
      error(s, loc, "%s cannot have interpolation or centroid qualifiers", what);
      return false;
   }
   if (glsl_type_contains_opaque(t))
      return true;   /* refused below */
   bool interpolated = (in && s->stage == GLSL_STAGE_FRAGMENT) ||
                       (!in && s->stage == GLSL_STAGE_VERTEX && s->v.es);
   if (interpolated && glsl_type_contains_integer(t) && q->interp != GLSL_INTERP_FLAT) {
      error(s, loc, "%s of integer type must be qualified 'flat'", what);
      return false;
   }
   return true;
}

/* GLSL 1.50 4.3.7: "it is an error to use a block name at global scope
 * for anything other than as a block name"; uniform blocks too (GLSL 1.40
 * 4.3.5.1 and ARB_uniform_buffer_object: "Uniform block names and
 * variable names declared within uniform blocks are scoped at the program
 * level", so a block's name is no struct, variable or function name) */
static bool
block_name_taken(struct sema *s, const char *name, struct glsl_loc loc)
{
   if (s->level != 0)
      return false;
   for (unsigned i = 0; i < s->info->num_blocks; i++) {
      const struct glsl_type *bt = s->info->blocks[i]->type;
      if (!strcmp(bt->name, name)) {
         error(s, loc, "'%s' is the name of %s block: it cannot name anything else at "
               "global scope", name, bt->interface_mode == GLSL_INTERFACE_IN ? "an in"
                                    : bt->interface_mode == GLSL_INTERFACE_OUT ? "an out"
                                                                               : "a uniform");
         return true;
      }
   }
   return false;
}

static bool
check_name(struct sema *s, const char *name, struct glsl_loc loc)
{
   if (!strncmp(name, "gl_", 3)) {
      error(s, loc, "identifier '%s' is reserved (names starting with 'gl_')", name);
      return false;
   }
   if (block_name_taken(s, name, loc))
      return false;
   struct symbol *here = lookup_here(s, name);
   if (here) {
      error(s, loc, "'%s' redeclared", name);
      return false;
   }
   return true;
}

/* layout(location = N) on vertex inputs: GLSL 3.30 / ES 3.00, or
 * GL_ARB_explicit_attrib_location enabled. */
static bool
explicit_attrib_location(const struct sema *s)
{
   return has(s, 330, 300) ||
          (s->f->ext_enabled && s->f->ext_enabled(s->f->data, "GL_ARB_explicit_attrib_location"));
}

/* The layout qualifiers of a variable: only location = N (a constant
 * integral expression >= 0) on a vertex shader's 'in' variables.  Returns
 * N + 1 (0: no location), or -1 after an error. */
/* An extension the context offers (enabled or not). */
static bool
ext_offered(const struct sema *s, const char *ext)
{
   for (const char *const *e = s->opts->extensions; e && *e; e++)
      if (!strcmp(*e, ext))
         return true;
   return false;
}

/* layout(index) of dual-source blending: GLSL 3.30, before it
 * ARB_blend_func_extended enabled or, where the context offers it, with
 * layout(location) (ARB_explicit_attrib_location: the extension adds
 * 'index' to those qualifiers, as Mesa and piglit read it);
 * EXT_blend_func_extended in ES 3.00 */
static bool
blend_index_ok(const struct sema *s)
{
   return (!s->v.es && (has(s, 330, 0) || ext_enabled(s, "GL_ARB_blend_func_extended") ||
                        (explicit_attrib_location(s) &&
                         ext_offered(s, "GL_ARB_blend_func_extended")))) ||
          (s->v.es && has(s, 0, 300) && ext_enabled(s, "GL_EXT_blend_func_extended"));
}

/* layout(index = 0 or 1) on a fragment output: index + 1, 0 when there is
 * none, -1 after an error */
static int
layout_index(struct sema *s, const struct glsl_qualifier *q)
{
   int index = 0;
   for (struct glsl_layout_id *id = q->layout; id; id = id->next) {
      if (strcmp(id->name, "index"))
         continue;
      if (!blend_index_ok(s) || s->stage != GLSL_STAGE_FRAGMENT ||
          q->storage != GLSL_STORAGE_OUT) {
         error(s, id->loc, "layout(index) is only allowed on fragment outputs, with "
                           "dual-source blending");
         return -1;
      }
      const struct glsl_type *vt = id->value ? expr(s, id->value) : NULL;
      int64_t v;
      if (!vt || glsl_type_is_error(vt) || !id->value->constant ||
          (vt->base != GLSL_TYPE_INT && vt->base != GLSL_TYPE_UINT) ||
          !glsl_const_get_int(id->value->constant, &v) || v < 0 || v > 1) {
         error(s, id->loc, "layout(index) must be 0 or 1");
         return -1;
      }
      index = (int)v + 1;
   }
   return index;
}

static int64_t
layout_location(struct sema *s, const struct glsl_qualifier *q)
{
   int64_t location = 0;
   if (q->layout_after && !has(s, 420, 310)) {
      error(s, q->loc, "layout(...) must come before the other qualifiers");
      return -1;
   }
   for (struct glsl_layout_id *id = q->layout; id; id = id->next) {
      /* layout(noncoherent) inout: EXT_shader_framebuffer_fetch_non_coherent's
       * outputs (read as coherently as the others) */
      if (!strcmp(id->name, "noncoherent") && !id->value &&
          q->storage == GLSL_STORAGE_INOUT && s->stage == GLSL_STAGE_FRAGMENT &&
          ext_enabled(s, "GL_EXT_shader_framebuffer_fetch_non_coherent"))
         continue;
      if (!strcmp(id->name, "index") && blend_index_ok(s))
         continue;   /* layout_index */
      if (strcmp(id->name, "location")) {
         error(s, id->loc, "unknown or unsupported layout qualifier '%s'", id->name);
         return -1;
      }
      if (!explicit_attrib_location(s)) {
         error(s, id->loc, "layout(location) needs GLSL 3.30 or GL_ARB_explicit_attrib_location");
         return -1;
      }
      /* vertex inputs, and fragment outputs (the draw buffer they go to) */
      if (!((q->storage == GLSL_STORAGE_IN && s->stage == GLSL_STAGE_VERTEX) ||
            ((q->storage == GLSL_STORAGE_OUT || q->storage == GLSL_STORAGE_INOUT) &&
             s->stage == GLSL_STAGE_FRAGMENT))) {
         error(s, id->loc, "layout(location) is only allowed on vertex shader 'in' and "
               "fragment shader 'out' variables");
         return -1;
      }
      if (!id->value) {
         error(s, id->loc, "layout(location) needs a value");
         return -1;
      }
      const struct glsl_type *vt = expr(s, id->value);
      int64_t v;
      if (glsl_type_is_error(vt))
         return -1;
      /* an integer literal (a constant expression from GLSL 4.40) */
      if ((id->value->kind != GLSL_EXPR_INT && id->value->kind != GLSL_EXPR_UINT &&
           !has(s, 440, 310)) ||
          !id->value->constant || !glsl_type_is_scalar(vt) ||
          (vt->base != GLSL_TYPE_INT && vt->base != GLSL_TYPE_UINT) ||
          !glsl_const_get_int(id->value->constant, &v)) {
         error(s, id->value->loc, "a location must be a constant integral expression");
         return -1;
      }
      /* too large: a link error (the extension's issue 1) */
      if (v < 0 || v >= UINT32_MAX) {
         error(s, id->value->loc, "location %lld is out of range", (long long)v);
         return -1;
      }
      location = v + 1;
   }
   return location;
}

/* The rules of a global or local variable's qualifiers; false after an
 * error.  t: the variable's type. */
static bool
check_var_qualifiers(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
                     bool global, bool has_init, struct glsl_loc loc)
{
   enum glsl_storage st = q->storage;
   const char *sn = storage_name(st);
   if (!global && st != GLSL_STORAGE_NONE) {
      error(s, loc, "'%s' variables must be declared at global scope", sn);
      return false;
   }
   if (!global && (q->invariant || q->centroid || q->interp != GLSL_INTERP_NONE)) {
      error(s, loc, "interpolation and invariant qualifiers are only allowed at global scope");
      return false;
   }
   if (q->constant && st != GLSL_STORAGE_NONE) {
      error(s, loc, "const cannot be combined with '%s'", sn);
      return false;
   }
   /* layout(location = N) is layout_location's (vertex inputs),
    * layout(noncoherent) gl_LastFragData's redeclaration's; every other
    * layout qualifier belongs to uniform blocks */
   for (const struct glsl_layout_id *id = q->layout; id; id = id->next) {
      if (strcmp(id->name, "location") && strcmp(id->name, "noncoherent") &&
          strcmp(id->name, "index")) {
         error(s, id->loc, "layout qualifiers are only allowed on uniform blocks, their "
               "members and 'layout(...) uniform;' here");
         return false;
      }
   }
   switch (st) {
   case GLSL_STORAGE_ATTRIBUTE:
      if (s->stage != GLSL_STAGE_VERTEX) {
         error(s, loc, "'attribute' is only allowed in vertex shaders");
         return false;
      }
      /* GLSL 1.30 4.3.4: integer scalars and vectors too ('attribute' is
       * 'in' there) */
      if (glsl_type_is_array(t) || (!is_float_based(t) && !(has(s, 130, 0) &&
                                                            is_integer_io(t)))) {
         error(s, loc, "attributes must be float, vec2-4 or mat2-4%s, not %s",
               has(s, 130, 0) ? ", int or uint scalars or vectors" : "", type_name(s, t));
         return false;
      }
      break;
   case GLSL_STORAGE_VARYING:
      /* (a geometry shader's varyings are outputs, as ARB_geometry_shader4's
       * 'varying out' and GLSL 1.50 compatibility programs write them) */
      if (s->stage != GLSL_STAGE_VERTEX && s->stage != GLSL_STAGE_FRAGMENT &&
          s->stage != GLSL_STAGE_GEOMETRY) {
         error(s, loc, "'varying' is only allowed in vertex, geometry and fragment shaders");
         return false;
      }
      if (has(s, 130, 0)) {
         /* GLSL 1.30 4.3: 'varying' is the vertex shader's 'out' and the
          * fragment shader's 'in' (deprecated), with their types: integer
          * ones too (flat where they are interpolated) */
         struct glsl_qualifier io = *q;
         io.storage = s->stage == GLSL_STAGE_FRAGMENT ? GLSL_STORAGE_IN : GLSL_STORAGE_OUT;
         if (!io_type_ok(s, &io, t, loc))
            return false;
         break;
      }
      if (!is_float_based(t)) {
         error(s, loc, "varyings must be float, vectors or matrices of float, or arrays of them, not %s",
               type_name(s, t));
         return false;
      }
      break;
   case GLSL_STORAGE_IN:
   case GLSL_STORAGE_OUT:
      /* GL_ARB_explicit_attrib_location brings 'in' and 'out' (the storage
       * its layout(location) goes with) to GLSL 1.10 / 1.20 for what were
       * attributes and varyings (Mesa's reading: piglit's out-01.vert,
       * in-01.frag) */
      if (!has(s, 130, 300) && explicit_attrib_location(s) &&
          (s->stage == GLSL_STAGE_VERTEX || s->stage == GLSL_STAGE_FRAGMENT)) {
         /* what 'attribute' and 'varying' could be, and fragment outputs
          * (the extension's layout(location) on them; Mesa's reading,
          * piglit's glsl-fs-discard-mrt): vertex inputs are not arrays */
         if (!is_float_based(t) ||
             (st == GLSL_STORAGE_IN && s->stage == GLSL_STAGE_VERTEX && glsl_type_is_array(t))) {
            error(s, loc, "'%s' variables cannot be %s before GLSL 1.30", sn, type_name(s, t));
            return false;
         }
         break;
      }
      if (!has(s, 130, 300)) {
         error(s, loc, "'%s' at global scope needs GLSL 1.30 or GLSL ES 3.00", sn);
         return false;
      }
      if (!io_type_ok(s, q, t, loc))
         return false;
      break;
   case GLSL_STORAGE_INOUT:
      /* EXT_shader_framebuffer_fetch(_non_coherent) in GLSL 1.30+ / ES 3.00:
       * a fragment output that starts with the colour buffer's value */
      if (global && s->stage == GLSL_STAGE_FRAGMENT && has(s, 130, 300) &&
          (ext_enabled(s, "GL_EXT_shader_framebuffer_fetch") ||
           ext_enabled(s, "GL_EXT_shader_framebuffer_fetch_non_coherent"))) {
         bool noncoherent = false;
         for (const struct glsl_layout_id *id = q->layout; id; id = id->next)
            noncoherent |= !strcmp(id->name, "noncoherent");
         if (!noncoherent && !ext_enabled(s, "GL_EXT_shader_framebuffer_fetch")) {
            /* the non-coherent extension's outputs say so */
            error(s, loc, "an 'inout' output needs layout(noncoherent) or "
                          "GL_EXT_shader_framebuffer_fetch");
            return false;
         }
         if (!io_type_ok(s, q, t, loc))
            return false;
         break;
      }
      error(s, loc, "'inout' is only allowed on function parameters");
      return false;
   case GLSL_STORAGE_BUFFER:
   case GLSL_STORAGE_SHARED:
      error(s, loc, "'%s' variables are not supported", sn);
      return false;
   default:
      break;
   }
   if (q->order_wrong && has(s, 130, 300) && !has(s, 420, 310)) {
      /* GLSL 1.30 4.7 (1.10/1.20 list no order for their fewer qualifiers) */
      error(s, loc, "qualifiers must come in the order invariant, interpolation, storage, "
                    "precision");
      return false;
   }
   if (q->centroid_after && !has(s, 420, 310)) {
      /* "centroid varying", "centroid in": the order of the qualifiers is
       * fixed before GLSL 4.20 */
      error(s, loc, "'centroid' must come before '%s'", sn);
      return false;
   }
   if (q->centroid && st != GLSL_STORAGE_VARYING && st != GLSL_STORAGE_IN &&
       st != GLSL_STORAGE_OUT) {
      error(s, loc, "'centroid' needs 'varying', 'in' or 'out'");
      return false;
   }
   /* (inputs of the stages after the vertex shader: invariant as the
    * output they come from must be, GLSL 1.50 4.6.1) */
   if (q->invariant && st != GLSL_STORAGE_VARYING && st != GLSL_STORAGE_OUT &&
       !(st == GLSL_STORAGE_IN && (s->stage == GLSL_STAGE_FRAGMENT ||
                                   s->stage == GLSL_STAGE_GEOMETRY))) {
      error(s, loc, "'invariant' is only allowed on outputs (varyings)");
      return false;
   }
   if (has_init && (st == GLSL_STORAGE_ATTRIBUTE || st == GLSL_STORAGE_VARYING ||
                    st == GLSL_STORAGE_IN || st == GLSL_STORAGE_OUT)) {
      error(s, loc, "'%s' variables cannot be initialized", sn);
      return false;
   }
   if (has_init && st == GLSL_STORAGE_UNIFORM && !has(s, 120, 0)) {
      error(s, loc, "uniform initializers need GLSL 1.20");
      return false;
   }
   if (q->constant && !has_init) {
      error(s, loc, "a const variable must be initialized");
      return false;
   }
   if (glsl_type_contains_opaque(t) && st != GLSL_STORAGE_UNIFORM) {
      error(s, loc, "%s variables must be uniform (or function parameters)", type_name(s, t));
      return false;
   }
   if (glsl_type_is_void(t)) {
      error(s, loc, "a variable cannot be void");
      return false;
   }
   return true;
}

static enum glsl_var_mode
var_mode(const struct sema *s, const struct glsl_qualifier *q, bool global)
{
   if (q->constant)
      return GLSL_VAR_CONST;
   switch (q->storage) {
   case GLSL_STORAGE_UNIFORM: return GLSL_VAR_UNIFORM;
   case GLSL_STORAGE_ATTRIBUTE: case GLSL_STORAGE_IN: return GLSL_VAR_IN;
   case GLSL_STORAGE_OUT: return GLSL_VAR_OUT;
   case GLSL_STORAGE_INOUT:   /* a framebuffer-fetch fragment output (check_var_qualifiers) */
      return global ? GLSL_VAR_OUT : GLSL_VAR_LOCAL;
   case GLSL_STORAGE_VARYING:
      return s->stage == GLSL_STAGE_FRAGMENT ? GLSL_VAR_IN : GLSL_VAR_OUT;
   default:
      return global ? GLSL_VAR_GLOBAL : GLSL_VAR_LOCAL;
   }
}

/* ES: a float (or float-based) variable needs a precision, written or by
 * default (the fragment shader has no default for float). */
static void
check_precision(struct sema *s, const struct glsl_type *t, enum glsl_precision p,
                struct glsl_loc loc)
{
   if (p != GLSL_PRECISION_NONE) {
      /* GLSL ES 1.00 4.5.2: precision qualifiers apply to float and int
       * types (and samplers); Boolean variables have none */
      const struct glsl_type *b = glsl_type_without_array(t);
      if (!(glsl_type_is_basic(b) && (b->base == GLSL_TYPE_FLOAT || b->base == GLSL_TYPE_INT ||
                                      b->base == GLSL_TYPE_UINT)) &&
          !glsl_type_is_sampler(b)) {
         error(s, loc, "precision qualifiers do not apply to %s", type_name(s, t));
         return;
      }
      /* 4.5.4: highp in a fragment shader only where it is supported
       * (GL_FRAGMENT_PRECISION_HIGH) */
      if (s->v.es && s->v.number == 100 && p == GLSL_PRECISION_HIGH &&
          s->stage == GLSL_STAGE_FRAGMENT && !s->opts->es_fragment_precision_high)
         error(s, loc, "highp is not supported in fragment shaders here "
                       "(GL_FRAGMENT_PRECISION_HIGH is not defined)");
      return;
   }
   if (!s->v.es)
      return;
   const struct glsl_type *b = glsl_type_without_array(t);
   if (b->base == GLSL_TYPE_FLOAT && glsl_type_is_basic(b) && !s->default_float_set &&
       s->stage == GLSL_STAGE_FRAGMENT)
      error(s, loc, "no precision specified for %s (fragment shaders have no default precision for float)",
            type_name(s, t));
}

/* ES: the precision a declaration gets, written or from the default in
 * scope (ES 1.00 4.5.3; samplers default to lowp); what the linker
 * compares between stages */
static enum glsl_precision
effective_precision(const struct sema *s, const struct glsl_type *t, enum glsl_precision written)
{
   if (written != GLSL_PRECISION_NONE || !s->v.es)
      return written;
   while (glsl_type_is_array(t))
      t = t->element;
   if (glsl_type_is_sampler(t))
      return GLSL_PRECISION_LOW;
   if (t->base == GLSL_TYPE_FLOAT && glsl_type_is_basic(t))
      return s->default_float_set ? s->default_float : GLSL_PRECISION_NONE;
   if ((t->base == GLSL_TYPE_INT || t->base == GLSL_TYPE_UINT) && glsl_type_is_basic(t))
      return s->default_int;
   return GLSL_PRECISION_NONE;
}

static bool redeclare_unsized(struct sema *s, const struct glsl_qualifier *q,
                              const struct glsl_type *t, struct glsl_ast_declarator *dc);
static bool size_gs_input(struct sema *s, struct glsl_variable *v, struct glsl_loc loc);

/* The variable a redeclaration of the built-in 'row' makes (gl_TexCoord,
 * gl_LastFragData, gl_FragCoord): declared at global scope in place of the
 * built-in, with the given type and mode. */
static struct glsl_variable *
declare_redeclared_builtin(struct sema *s, struct glsl_ast_declarator *dc,
                           const struct glsl_builtin_variable *row, const struct glsl_type *t,
                           enum glsl_var_mode mode)
{
   struct glsl_variable *v = glsl_alloc(s->a, sizeof *v);
   v->max_index = -1;
   v->name = dc->name;
   v->type = t;
   v->loc = dc->loc;
   v->builtin = true;
   v->builtin_row = row;
   v->redeclared = true;
   v->mode = mode;
   v->read_only = mode == GLSL_VAR_IN;
   struct symbol *sym = declare(s, dc->name, SYM_VARIABLE);
   sym->u.var = v;
   dc->var = v;
   add_global(s, v);
   return v;
}

/* The storage a redeclaration of a built-in input or output must name:
 * 'varying' (before 1.40), or from 1.30 on 'in' or 'out' as the built-in
 * is. */
static bool
builtin_storage_ok(const struct sema *s, const struct glsl_builtin_variable *row,
                   enum glsl_storage storage)
{
   bool out = row->storage == GLSL_BUILTIN_STORAGE_OUT;
   return (storage == GLSL_STORAGE_VARYING && !has(s, 140, 300)) ||
          (has(s, 130, 300) && storage == (out ? GLSL_STORAGE_OUT : GLSL_STORAGE_IN));
}

/* How the storage of such a redeclaration is spelled in messages */
static const char *
builtin_storage_text(const struct sema *s, const struct glsl_builtin_variable *row)
{
   if (!has(s, 130, 300))
      return "varying";
   return row->storage == GLSL_BUILTIN_STORAGE_OUT ? "out" : "in";
}

/* vec4 gl_TexCoord[N]; (GLSL 1.10/1.20 7.6) and float gl_ClipDistance[N];
 * (GLSL 1.30 7.1): the size of such an unsized built-in array may be set by
 * redeclaring it, up to its bound (gl_MaxTextureCoords,
 * gl_MaxClipDistances), before it is used; or 'name[]' again. */
static void
redeclare_sized_builtin(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
                        struct glsl_ast_declarator *dc)
{
   const struct glsl_builtin_variable *row = glsl_builtin_variable_find(dc->name, &s->env);
   if (!row || row->array != GLSL_BUILTIN_ARRAY_UNSIZED) {
      error(s, dc->loc, "identifier '%s' is reserved (names starting with 'gl_')", dc->name);
      return;
   }
   if (!builtin_storage_ok(s, row, q->storage) || q->constant || !glsl_type_is_array(t) ||
       t->element != row->type || q->interp != GLSL_INTERP_NONE || q->invariant || dc->init) {
      error(s, dc->loc, "%s can only be redeclared as %s %s[]", dc->name,
            builtin_storage_text(s, row), type_name(s, row->type));
      return;
   }
   int max = s->limits.value[row->array_const];
   if (t->length > max) {
      error(s, dc->loc, "%s redeclared with %d elements (%s is %d)", dc->name, t->length,
            glsl_builtin_constant_name((enum glsl_builtin_constant_id)row->array_const), max);
      return;
   }
   struct symbol *old = lookup(s, dc->name);
   if (old && old->kind == SYM_VARIABLE && old->u.var->used) {
      /* used, then sized: only where the uses fit (GLSL 1.30 7.1 lets
       * gl_ClipDistance be sized after use, its accesses within) */
      if (glsl_type_is_unsized_array(t) || old->u.var->max_index >= t->length ||
          !glsl_type_is_unsized_array(old->u.var->type)) {
         error(s, dc->loc, "%s must be redeclared before it is used", dc->name);
         return;
      }
   }
   if (old && old->kind == SYM_VARIABLE) {
      if (!glsl_type_is_unsized_array(t))
         old->u.var->type = t;   /* a second redeclaration resizes it again */
      dc->var = old->u.var;
      return;
   }
   struct glsl_variable *v = declare_redeclared_builtin(
      s, dc, row, t, row->storage == GLSL_BUILTIN_STORAGE_OUT ? GLSL_VAR_OUT : GLSL_VAR_IN);
   v->storage = q->storage;
}

/* [flat|smooth|noperspective] [centroid] out vec4 gl_FrontColor; and the
 * other colours (GLSL 1.30 4.3.7: gl_FrontColor, gl_BackColor,
 * gl_FrontSecondaryColor, gl_BackSecondaryColor in vertex and geometry
 * shaders, gl_Color and gl_SecondaryColor in fragment shaders may be
 * redeclared with an interpolation qualifier), before any use. */
static bool
is_color_varying(const struct sema *s, const char *name)
{
   static const char *const out_names[] = { "gl_FrontColor", "gl_BackColor",
                                            "gl_FrontSecondaryColor",
                                            "gl_BackSecondaryColor" };
   if (s->stage == GLSL_STAGE_FRAGMENT)
      return !strcmp(name, "gl_Color") || !strcmp(name, "gl_SecondaryColor");
   if (s->stage != GLSL_STAGE_VERTEX && s->stage != GLSL_STAGE_GEOMETRY)
      return false;
   for (unsigned i = 0; i < sizeof out_names / sizeof out_names[0]; i++)
      if (!strcmp(name, out_names[i]))
         return true;
   return false;
}

static void
redeclare_color(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
                struct glsl_ast_declarator *dc)
{
   const struct glsl_builtin_variable *row = glsl_builtin_variable_find(dc->name, &s->env);
   if (!row || !has(s, 130, 0)) {
      error(s, dc->loc, "identifier '%s' is reserved (names starting with 'gl_')", dc->name);
      return;
   }
   if (!builtin_storage_ok(s, row, q->storage) || q->constant || q->invariant || dc->init ||
       !glsl_type_equal(t, &glsl_type_vec4)) {
      error(s, dc->loc, "%s can only be redeclared as '%s vec4' with an interpolation qualifier",
            dc->name, builtin_storage_text(s, row));
      return;
   }
   struct symbol *old = lookup(s, dc->name);
   if (old && old->kind == SYM_VARIABLE && old->u.var->used) {
      error(s, dc->loc, "%s must be redeclared before it is used", dc->name);
      return;
   }
   if (old && old->kind == SYM_VARIABLE) {
      if (old->u.var->interp != q->interp || old->u.var->centroid != q->centroid)
         error(s, dc->loc, "%s redeclared with other qualifiers", dc->name);
      dc->var = old->u.var;
      return;
   }
   struct glsl_variable *v = declare_redeclared_builtin(
      s, dc, row, &glsl_type_vec4,
      row->storage == GLSL_BUILTIN_STORAGE_OUT ? GLSL_VAR_OUT : GLSL_VAR_IN);
   v->storage = q->storage;
   v->interp = q->interp;
   v->centroid = q->centroid;
}

/* [layout(noncoherent)] [precision] vec4 gl_LastFragData[gl_MaxDrawBuffers];
 * (EXT_shader_framebuffer_fetch: a redeclaration may change the precision;
 * EXT_shader_framebuffer_fetch_non_coherent: it may add layout(noncoherent),
 * the only layout qualifier it takes), before any use. */
static void
redeclare_last_frag_data(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
                         struct glsl_ast_declarator *dc)
{
   const struct glsl_builtin_variable *row =
      glsl_builtin_variable_find("gl_LastFragData", &s->env);
   if (!row) {
      error(s, dc->loc, "identifier 'gl_LastFragData' is reserved (names starting with 'gl_')");
      return;
   }
   const struct glsl_type *bt = glsl_builtin_variable_type(s->a, row, &s->limits);
   if (q->storage != GLSL_STORAGE_NONE || q->constant || q->invariant || q->centroid ||
       q->interp != GLSL_INTERP_NONE || dc->init || !glsl_type_equal(t, bt)) {
      error(s, dc->loc, "gl_LastFragData can only be redeclared as %s, with a precision or "
                        "layout(noncoherent)", type_name(s, bt));
      return;
   }
   bool noncoherent = false;
   for (const struct glsl_layout_id *id = q->layout; id; id = id->next) {
      if (strcmp(id->name, "noncoherent") || id->value) {
         error(s, id->loc, "layout qualifier '%s' is not allowed on gl_LastFragData", id->name);
         return;
      }
      if (!ext_enabled(s, "GL_EXT_shader_framebuffer_fetch_non_coherent")) {
         error(s, id->loc, "layout(noncoherent) needs GL_EXT_shader_framebuffer_fetch_non_coherent");
         return;
      }
      noncoherent = true;
   }
   if (!noncoherent && !ext_enabled(s, "GL_EXT_shader_framebuffer_fetch")) {
      error(s, dc->loc, "gl_LastFragData must be redeclared with layout(noncoherent)");
      return;
   }
   struct symbol *old = lookup(s, "gl_LastFragData");
   if (old && old->kind == SYM_VARIABLE && old->u.var->used) {
      error(s, dc->loc, "gl_LastFragData must be redeclared before it is used");
      return;
   }
   if (old && old->kind == SYM_VARIABLE) {
      if (q->precision != GLSL_PRECISION_NONE)
         old->u.var->precision = q->precision;
      dc->var = old->u.var;
      return;
   }
   struct glsl_variable *v = declare_redeclared_builtin(s, dc, row, bt, GLSL_VAR_IN);
   v->precision = q->precision != GLSL_PRECISION_NONE ? q->precision
                                                       : (enum glsl_precision)row->precision;
}

/* [layout(origin_upper_left, pixel_center_integer)] in vec4 gl_FragCoord;
 * (GL_ARB_fragment_coord_conventions, GLSL 1.50 4.3.8.1): fragment shaders,
 * before any use; the layout says gl_FragCoord's conventions. */
static void
redeclare_frag_coord(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
                     struct glsl_ast_declarator *dc)
{
   if (!ext_enabled(s, "GL_ARB_fragment_coord_conventions") && !has(s, 150, 0)) {
      error(s, dc->loc, "identifier 'gl_FragCoord' is reserved (names starting with 'gl_'): "
                        "redeclaring it needs GL_ARB_fragment_coord_conventions");
      return;
   }
   if ((q->storage != GLSL_STORAGE_IN && q->storage != GLSL_STORAGE_NONE &&
        q->storage != GLSL_STORAGE_VARYING) ||
       q->constant || q->invariant || q->centroid || q->interp != GLSL_INTERP_NONE ||
       dc->init || !glsl_type_equal(t, &glsl_type_vec4)) {
      error(s, dc->loc, "gl_FragCoord can only be redeclared as 'in vec4', with the layout "
                        "qualifiers origin_upper_left and pixel_center_integer");
      return;
   }
   uint8_t flags = 0;
   for (const struct glsl_layout_id *id = q->layout; id; id = id->next) {
      if (id->value || (strcmp(id->name, "origin_upper_left") &&
                        strcmp(id->name, "pixel_center_integer"))) {
         error(s, id->loc, "layout qualifier '%s' is not allowed on gl_FragCoord", id->name);
         return;
      }
      flags |= !strcmp(id->name, "origin_upper_left") ? GLSL_FRAG_COORD_UPPER_LEFT
                                                       : GLSL_FRAG_COORD_INTEGER;
   }
   /* GLSL 1.50 4.3.8.1: the first redeclaration comes before any use;
    * later ones may follow uses, with the same qualifiers */
   struct symbol *old = lookup(s, "gl_FragCoord");
   if (old && old->kind == SYM_VARIABLE && old->u.var->used && !old->u.var->redeclared) {
      error(s, dc->loc, "gl_FragCoord must be redeclared before it is used");
      return;
   }
   if (old && old->kind == SYM_VARIABLE) {
      /* redeclared before: the layouts must agree (1.50 4.3.8.1) */
      if (old->u.var->frag_coord_layout != flags)
         error(s, dc->loc, "gl_FragCoord redeclared with other layout qualifiers");
      dc->var = old->u.var;
      return;
   }
   const struct glsl_builtin_variable *row = glsl_builtin_variable_find("gl_FragCoord", &s->env);
   if (!row) {
      error(s, dc->loc, "'gl_FragCoord' is not available in this stage");
      return;
   }
   struct glsl_variable *v = declare_redeclared_builtin(s, dc, row, &glsl_type_vec4, GLSL_VAR_IN);
   v->precision = (enum glsl_precision)row->precision;
   v->frag_coord_layout = flags;
}

static void
variables_decl(struct sema *s, struct glsl_ast_decl *d, bool global)
{
   const struct glsl_qualifier *q = &d->type.qual;
   const struct glsl_type *base = resolve_spec(s, &d->type.spec, true);
   for (struct glsl_ast_declarator *dc = d->declarators; dc; dc = dc->next) {
      const struct glsl_type *t = base;
      if (!glsl_type_is_error(t))
         t = apply_dims(s, t, dc->array, true);
      const struct glsl_type *it = NULL;
      if (dc->init)
         it = expr(s, dc->init);
      if (glsl_type_is_error(t) || (it && glsl_type_is_error(it)))
         continue;
      bool gs_input = global && s->stage == GLSL_STAGE_GEOMETRY &&
                      q->storage == GLSL_STORAGE_IN;
      if (gs_input && !glsl_type_is_array(t)) {
         /* GLSL 1.50 4.3.4: one element per vertex of the input primitive */
         error(s, dc->loc, "geometry shader input '%s' must be an array", dc->name);
         continue;
      }
      if (glsl_type_is_unsized_array(t) && !gs_input) {
         if (it && glsl_type_is_array(it) && glsl_type_equal(t->element, it->element)) {
            t = it;   /* sized by its initializer (1.20) */
         } else if ((q->storage != GLSL_STORAGE_NONE && q->storage != GLSL_STORAGE_VARYING) ||
                    q->constant || s->v.es) {
            error(s, dc->loc, "array '%s' needs a size", dc->name);
            continue;
         }
      }
      if (global && s->stage == GLSL_STAGE_FRAGMENT && !strcmp(dc->name, "gl_FragCoord")) {
         redeclare_frag_coord(s, q, t, dc);   /* its 'in' and layout are its own */
         continue;
      }
      if (!check_var_qualifiers(s, q, t, global, dc->init != NULL, dc->loc))
         continue;
      /* gl_LastFragData's layout(noncoherent): redeclare_last_frag_data */
      int64_t location =
         q->layout && strcmp(dc->name, "gl_LastFragData") ? layout_location(s, q) : 0;
      if (location < 0)
         continue;
      int blend_index = q->layout && global ? layout_index(s, q) : 0;
      if (blend_index < 0)
         continue;
      if (it) {
         const char *why = NULL;
         if (!glsl_type_assign_check(s->a, t, it, s->f, &why)) {
            if (why)
               error(s, dc->init->loc, "cannot initialize '%s': %s", dc->name, why);
            else
               error(s, dc->init->loc, "cannot initialize '%s' (%s) with %s", dc->name,
                     type_name(s, t), type_name(s, it));
            continue;
         }
         bool must_be_constant = (q->constant && !has(s, 420, 0)) ||
                                 q->storage == GLSL_STORAGE_UNIFORM ||
                                 (global && s->v.es);   /* ES 1.00 and 3.00 4.3 */
         if (must_be_constant && !dc->init->const_expr) {
            error(s, dc->init->loc, "the initializer of '%s' must be a constant expression",
                  dc->name);
            continue;
         }
      }
      check_precision(s, t, q->precision, dc->loc);
      if (global && (!strcmp(dc->name, "gl_TexCoord") || !strcmp(dc->name, "gl_ClipDistance"))) {
         redeclare_sized_builtin(s, q, t, dc);
         continue;
      }
      if (global && is_color_varying(s, dc->name)) {
         redeclare_color(s, q, t, dc);
         continue;
      }
      if (global && !strcmp(dc->name, "gl_LastFragData")) {
         redeclare_last_frag_data(s, q, t, dc);
         continue;
      }
      if (redeclare_unsized(s, q, t, dc))
         continue;
      if (!check_name(s, dc->name, dc->loc))
         continue;
      struct glsl_variable *v = glsl_alloc(s->a, sizeof *v);
   v->max_index = -1;
      v->max_index = -1;
      v->name = dc->name;
      v->type = t;
      v->loc = dc->loc;
      v->mode = var_mode(s, q, global);
      v->storage = q->storage;
      v->interp = q->interp;
      v->precision = effective_precision(s, t, q->precision);
      v->invariant = q->invariant || (s->info->invariant_all && v->mode == GLSL_VAR_OUT);
      v->centroid = q->centroid;
      v->read_only = v->mode == GLSL_VAR_CONST || v->mode == GLSL_VAR_UNIFORM ||
                     v->mode == GLSL_VAR_IN;
      v->init = dc->init;
      v->explicit_location = (unsigned)location;
      v->explicit_index = (unsigned)blend_index;
      if (dc->init && dc->init->constant && (v->mode == GLSL_VAR_CONST ||
                                             v->mode == GLSL_VAR_UNIFORM))
         v->constant = converted(s, dc->init->constant, t);
      dc->var = v;
      struct symbol *sym = declare(s, dc->name, SYM_VARIABLE);
      sym->u.var = v;
      if (global)
         add_global(s, v);
      if (gs_input && s->info->gs_input_prim != GLSL_GS_PRIM_NONE)
         size_gs_input(s, v, dc->loc);
   }
}

/* float a[]; ... float a[4]; (GLSL 1.10 section 4.1.9, 1.20 section 4.1.9:
 * an array declared without a size may be redeclared with one, of the same
 * element type and qualifiers, larger than any index used so far).  True
 * when dc was such a redeclaration (errors included). */
static bool
redeclare_unsized(struct sema *s, const struct glsl_qualifier *q, const struct glsl_type *t,
                  struct glsl_ast_declarator *dc)
{
   struct symbol *here = lookup_here(s, dc->name);
   if (!here || here->kind != SYM_VARIABLE)
      return false;
   struct glsl_variable *v = here->u.var;
   if (v->builtin || !glsl_type_is_unsized_array(v->type) || s->v.es)
      return false;
   if (!glsl_type_is_array(t) || glsl_type_is_unsized_array(t) ||
       !glsl_type_equal(t->element, v->type->element) || q->storage != v->storage) {
      error(s, dc->loc, "'%s' redeclared with a different type or qualifiers", dc->name);
      return true;
   }
   if (t->length <= v->max_index) {
      error(s, dc->loc, "'%s' redeclared with %d elements, but element %d is used", dc->name,
            t->length, v->max_index);
      return true;
   }
   v->type = t;
   dc->var = v;
   return true;
}

/* precision p type; (ES, and desktop 1.30+ where it has no effect) */
static void
precision_decl(struct sema *s, struct glsl_ast_decl *d)
{
   const struct glsl_type *t = spec_base(s, &d->type.spec);
   if (glsl_type_is_error(t))
      return;
   if (d->type.spec.array) {
      error(s, d->loc, "a precision statement applies to a type without array dimensions");
      return;
   }
   if (t == &glsl_type_float) {
      s->default_float = d->type.qual.precision;
      s->default_float_set = true;
   } else if (t == &glsl_type_int) {
      s->default_int = d->type.qual.precision;
   } else if (!glsl_type_is_sampler(t)) {
      error(s, d->loc, "precision statements apply to float, int and sampler types, not %s",
            type_name(s, t));
   }
}

/* invariant name, ...; (redeclaring outputs invariant) */
static void
invariant_decl(struct sema *s, struct glsl_ast_decl *d)
{
   const struct glsl_qualifier *q = &d->type.qual;
   if (!q->invariant || q->storage != GLSL_STORAGE_NONE || q->constant || q->centroid ||
       q->interp != GLSL_INTERP_NONE || q->precision != GLSL_PRECISION_NONE) {
      error(s, d->loc, "only 'invariant' can be applied to declared variables");
      return;
   }
   if (s->level != 0) {
      error(s, d->loc, "invariant redeclarations must be at global scope");
      return;
   }
   for (struct glsl_ast_declarator *dc = d->declarators; dc; dc = dc->next) {
      struct symbol *sym = lookup(s, dc->name);
      if (!sym && !strncmp(dc->name, "gl_", 3))
         sym = builtin_symbol(s, dc->name, dc->loc);   /* invariant gl_Position; */
      if (!sym || sym->kind != SYM_VARIABLE) {
         if (!sym)
            error(s, dc->loc, "'%s' undeclared", dc->name);
         else
            error(s, dc->loc, "'%s' is not a variable", dc->name);
         continue;
      }
      struct glsl_variable *v = sym->u.var;
      if (v->mode != GLSL_VAR_OUT && !(v->mode == GLSL_VAR_IN && (s->stage == GLSL_STAGE_FRAGMENT ||
                                                                 s->stage == GLSL_STAGE_GEOMETRY))) {
         error(s, dc->loc, "'%s' is not an output: it cannot be made invariant", dc->name);
         continue;
      }
      /* ES 1.00 4.6.4: "It is an error to declare gl_FrontFacing as
       * invariant" (it is as invariant as gl_Position); ES 3.00 makes no
       * input invariant, so it holds there too */
      if (s->v.es && v->builtin && !strcmp(v->name, "gl_FrontFacing")) {
         error(s, dc->loc, "gl_FrontFacing cannot be declared invariant");
         continue;
      }
      if (v->used && !v->builtin) {
         error(s, dc->loc, "'%s' must be made invariant before it is used", dc->name);
         continue;
      }
      v->invariant = true;
      dc->var = v;
   }
}

/* The parameter list's types and directions. */
static bool
function_params(struct sema *s, struct glsl_ast_function *af, struct glsl_function *fn)
{
   bool ok = true;
   fn->num_params = af->num_params;
   unsigned n = af->num_params ? af->num_params : 1;
   fn->params = glsl_alloc_array(s->a, n, sizeof *fn->params);
   fn->param_types = glsl_alloc_array(s->a, n, sizeof *fn->param_types);
   fn->dirs = glsl_alloc_array(s->a, n, sizeof *fn->dirs);
   unsigned i = 0;
   for (struct glsl_ast_param *p = af->params; p; p = p->next, i++) {
      const struct glsl_qualifier *q = &p->type.qual;
      const struct glsl_type *t = resolve_spec(s, &p->type.spec, false);
      if (!glsl_type_is_error(t))
         t = apply_dims(s, t, p->array, false);
      if (glsl_type_is_void(t)) {
         error(s, p->loc, "a parameter cannot be void");
         t = &glsl_type_error;
      }
      if (q->order_wrong && has(s, 130, 300) && !has(s, 420, 310)) {
         /* GLSL 1.30 4.7: const, then in/out/inout, then precision */
         error(s, p->loc, "parameter qualifiers must come in the order const, in/out/inout, "
                          "precision");
         ok = false;
      }
      enum glsl_param_dir dir = GLSL_PARAM_IN;
      switch (q->storage) {
      case GLSL_STORAGE_NONE: case GLSL_STORAGE_IN: break;
      case GLSL_STORAGE_OUT: dir = GLSL_PARAM_OUT; break;
      case GLSL_STORAGE_INOUT: dir = GLSL_PARAM_INOUT; break;
      default:
         error(s, p->loc, "'%s' is not a parameter qualifier", storage_name(q->storage));
         ok = false;
         break;
      }
      if (q->constant && dir != GLSL_PARAM_IN) {
         error(s, p->loc, "const parameters can only be 'in'");
         ok = false;
      }
      /* GLSL 1.10 5.8: a whole array is not an l-value, so it cannot be
       * copied out */
      if (dir != GLSL_PARAM_IN && glsl_type_is_array(t) &&
          !glsl_rule_allowed(GLSL_RULE_ARRAY_OUT_PARAMS, s->f)) {
         error(s, p->loc, "%s need %s", glsl_rule_name(GLSL_RULE_ARRAY_OUT_PARAMS),
               glsl_gate_text(s->a, glsl_rule_gate(GLSL_RULE_ARRAY_OUT_PARAMS), s->f));
         ok = false;
      }
      if (q->invariant || q->centroid || q->interp != GLSL_INTERP_NONE || q->layout) {
         error(s, p->loc, "this qualifier is not allowed on a parameter");
         ok = false;
      }
      if (glsl_type_contains_opaque(t) && dir != GLSL_PARAM_IN) {
         error(s, p->loc, "%s parameters can only be 'in'", type_name(s, t));
         ok = false;
      }
      if (!glsl_type_is_error(t)) {
         unsigned errors = s->log->errors;
         check_precision(s, t, q->precision, p->loc);
         if (s->log->errors != errors)
            ok = false;
      }
      if (glsl_type_is_error(t))
         ok = false;
      fn->param_types[i] = t;
      fn->dirs[i] = (uint8_t)dir;
      struct glsl_variable *v = glsl_alloc(s->a, sizeof *v);
   v->max_index = -1;
      v->name = p->name;
      v->type = t;
      v->loc = p->loc;
      v->mode = GLSL_VAR_PARAM;
      v->dir = dir;
      v->precision = effective_precision(s, t, q->precision);
      v->read_only = q->constant;
      fn->params[i] = v;
   }
   return ok;
}

static bool
same_params(const struct glsl_function *a, const struct glsl_function *b)
{
   if (a->num_params != b->num_params)
      return false;
   for (unsigned i = 0; i < a->num_params; i++) {
      if (!glsl_type_equal(a->param_types[i], b->param_types[i]))
         return false;
   }
   return true;
}

static void statement(struct sema *s, struct glsl_ast_stmt *st);

static void
function_decl(struct sema *s, struct glsl_ast_decl *d)
{
   struct glsl_ast_function *af = d->function;
   const struct glsl_qualifier *rq = &af->ret.qual;
   if (s->level != 0) {
      error(s, af->loc, "functions must be declared at global scope");
      return;
   }
   const struct glsl_type *ret = resolve_spec(s, &af->ret.spec, false);
   if (rq->storage != GLSL_STORAGE_NONE || rq->constant || rq->invariant || rq->centroid ||
       rq->interp != GLSL_INTERP_NONE || rq->layout) {
      error(s, rq->loc, "a function's return type can only have a precision qualifier");
      return;
   }
   if (glsl_type_is_array(ret) && !has(s, 120, 300)) {
      error(s, af->loc, "functions returning arrays need GLSL 1.20 or GLSL ES 3.00");
      return;
   }
   if (glsl_type_contains_opaque(ret)) {
      error(s, af->loc, "a function cannot return %s", type_name(s, ret));
      return;
   }
   struct glsl_function *fn = glsl_alloc(s->a, sizeof *fn);
   fn->name = af->name;
   fn->ret = ret;
   fn->ret_precision = rq->precision;
   fn->ret_effective = effective_precision(s, ret, rq->precision);
   fn->loc = af->loc;
   bool ok = function_params(s, af, fn) && !glsl_type_is_error(ret);
   if (!ok)
      return;
   if (!glsl_type_is_void(ret)) {
      unsigned errors = s->log->errors;
      check_precision(s, ret, rq->precision, af->loc);
      if (s->log->errors != errors)
         return;
   }
   if (!strncmp(af->name, "gl_", 3)) {
      error(s, af->loc, "identifier '%s' is reserved (names starting with 'gl_')", af->name);
      return;
   }
   if (block_name_taken(s, af->name, af->loc))
      return;
   if (!strcmp(af->name, "main") && (af->num_params || !glsl_type_is_void(ret))) {
      error(s, af->loc, "main() must return void and take no parameters");
      return;
   }
   /* the version's rule for a user function named like a built-in */
   unsigned nb = glsl_builtin_functions(af->name, &s->env, NULL, 0);
   if (nb) {
      enum glsl_builtin_user_rule rule = glsl_builtin_user_function_rule(s->v);
      if (rule == GLSL_BUILTIN_USER_FORBIDDEN) {
         error(s, af->loc, "built-in function '%s' cannot be redeclared or overloaded", af->name);
         return;
      }
      if (rule == GLSL_BUILTIN_USER_OVERLOADS) {
         const struct glsl_builtin_function **rows = glsl_alloc_array(s->a, nb, sizeof *rows);
         glsl_builtin_functions(af->name, &s->env, rows, nb);
         for (unsigned k = 0; k < nb; k++) {
            bool same = rows[k]->num_params == fn->num_params;
            for (unsigned i = 0; same && i < fn->num_params; i++)
               same = glsl_type_equal(rows[k]->params[i], fn->param_types[i]);
            if (same) {
               error(s, af->loc, "built-in function '%s' cannot be redefined", af->name);
               return;
            }
         }
      }
   }
   struct symbol *sym = lookup_here(s, af->name);
   if (sym && sym->kind != SYM_FUNCTION) {
      error(s, af->loc, "'%s' redeclared as a function", af->name);
      return;
   }
   struct glsl_function *prev = NULL;
   if (sym) {
      for (struct glsl_function *o = sym->u.fn; o; o = o->next) {
         if (same_params(o, fn)) {
            prev = o;
            break;
         }
      }
   }
   if (prev) {
      /* ES 1.00 section 4.2.7: a function is declared once in a scope (its
       * definition may follow its one prototype) */
      if (!af->body && s->v.es && s->v.number < 300) {
         error(s, af->loc, "function '%s' redeclared (GLSL ES 1.00 allows one declaration)",
               af->name);
         return;
      }
      if (!glsl_type_equal(prev->ret, fn->ret)) {
         error(s, af->loc, "function '%s' redeclared with a different return type", af->name);
         return;
      }
      if (s->v.es && prev->ret_precision != fn->ret_precision) {
         error(s, af->loc, "function '%s' redeclared with a different return precision",
               af->name);
         return;
      }
      for (unsigned i = 0; i < fn->num_params; i++) {
         if (prev->dirs[i] != fn->dirs[i] ||
             prev->params[i]->read_only != fn->params[i]->read_only) {
            error(s, af->loc, "function '%s' redeclared with different parameter qualifiers",
                  af->name);
            return;
         }
      }
      if (af->body && prev->definition) {
         error(s, af->loc, "function '%s' redefined", af->name);
         return;
      }
      if (af->body) {
         prev->params = fn->params;   /* the definition's parameter names */
         prev->definition = af;
      }
      fn = prev;
   } else {
      if (!sym) {
         sym = declare(s, af->name, SYM_FUNCTION);
         sym->u.fn = fn;
      } else {
         struct glsl_function *o = sym->u.fn;
         while (o->next)
            o = o->next;
         o->next = fn;
      }
      if (af->body)
         fn->definition = af;
      add_function(s, fn);
   }
   af->fn = fn;
   if (!strcmp(af->name, "main") && af->body)
      s->info->main = fn;
   if (!af->body)
      return;

   /* the body, in a scope with the parameters */
   s->fn = fn;
   if (push_scope(s, af->loc)) {
      for (unsigned i = 0; i < fn->num_params; i++) {
         struct glsl_variable *p = fn->params[i];
         if (!p->name) {
            /* a prototype may leave a parameter unnamed, a definition not */
            if (!glsl_type_is_void(p->type))
               error(s, p->loc, "parameter %u of function '%s' has no name", i + 1, fn->name);
            continue;
         }
         if (check_name(s, p->name, p->loc)) {
            struct symbol *ps = declare(s, p->name, SYM_VARIABLE);
            ps->u.var = p;
         }
      }
      statement(s, af->body);
      pop_scope(s);
   }
   s->fn = NULL;
}

/* ---- uniform blocks (GLSL 1.40 4.3.5.1, GL_ARB_uniform_buffer_object) ---- */

/* Layout qualifier names are identifiers, case-insensitive in desktop GLSL
 * (1.40 4.3.8 "not case sensitive"), case-sensitive in GLSL ES 3.00. */
static bool
layout_name_is(const struct sema *s, const char *name, const char *want)
{
   return s->v.es ? !strcmp(name, want) : !strcasecmp(name, want);
}

/* The uniform-block layout qualifiers of a list: packing (std140, shared,
 * packed) and matrix layout (row_major, column_major), the last one
 * written winning.  member: only the matrix layouts are allowed.  False
 * after an error. */
static bool
block_layout(struct sema *s, const struct glsl_layout_id *ids, bool member,
             enum glsl_packing *packing, enum glsl_matrix_layout *matrix)
{
   static const struct {
      const char *name;
      bool is_packing;
      uint8_t value;
   } names[] = {
      { "shared", true, GLSL_PACKING_SHARED },
      { "packed", true, GLSL_PACKING_PACKED },
      { "std140", true, GLSL_PACKING_STD140 },
      { "row_major", false, GLSL_MATRIX_LAYOUT_ROW_MAJOR },
      { "column_major", false, GLSL_MATRIX_LAYOUT_COLUMN_MAJOR },
   };
   bool ok = true;
   for (const struct glsl_layout_id *id = ids; id; id = id->next) {
      unsigned k = 0;
      while (k < ARRAY_SIZE(names) && !layout_name_is(s, id->name, names[k].name))
         k++;
      if (k == ARRAY_SIZE(names)) {
         error(s, id->loc, "'%s' is not a layout qualifier of uniform blocks", id->name);
         ok = false;
      } else if (id->value) {
         error(s, id->loc, "layout qualifier '%s' takes no value", names[k].name);
         ok = false;
      } else if (names[k].is_packing && member) {
         error(s, id->loc, "layout qualifier '%s' is not allowed on a block member (only "
               "row_major and column_major are)", names[k].name);
         ok = false;
      } else if (names[k].is_packing) {
         *packing = (enum glsl_packing)names[k].value;
      } else {
         *matrix = (enum glsl_matrix_layout)names[k].value;
      }
   }
   return ok;
}

static bool
only_layout(const struct glsl_qualifier *q)
{
   return !q->constant && !q->invariant && !q->precise && !q->centroid && !q->sample &&
          !q->patch && q->interp == GLSL_INTERP_NONE && q->precision == GLSL_PRECISION_NONE &&
          !q->coherent && !q->volatile_ && !q->restrict_ && !q->readonly && !q->writeonly;
}

static void gs_layout_decl(struct sema *s, struct glsl_ast_decl *d, bool global);

/* layout(std140, row_major) uniform;  sets the defaults of later blocks */
static void
default_layout_decl(struct sema *s, struct glsl_ast_decl *d, bool global)
{
   const struct glsl_qualifier *q = &d->type.qual;
   if (q->layout && (q->storage == GLSL_STORAGE_IN || q->storage == GLSL_STORAGE_OUT)) {
      gs_layout_decl(s, d, global);
      return;
   }
   if (!q->layout || q->storage != GLSL_STORAGE_UNIFORM || !only_layout(q)) {
      error(s, d->loc, "a declaration of only qualifiers must be 'layout(...) uniform;'");
      return;
   }
   if (!glsl_rule_allowed(GLSL_RULE_UNIFORM_BLOCKS, s->f)) {
      error(s, d->loc, "%s need %s", glsl_rule_name(GLSL_RULE_UNIFORM_BLOCKS),
            glsl_gate_text(s->a, glsl_rule_gate(GLSL_RULE_UNIFORM_BLOCKS), s->f));
      return;
   }
   if (!global) {
      error(s, d->loc, "default layout qualifiers must be declared at global scope");
      return;
   }
   enum glsl_packing packing = s->block_packing;
   enum glsl_matrix_layout matrix = s->block_matrix;
   if (block_layout(s, q->layout, false, &packing, &matrix)) {
      s->block_packing = packing;
      s->block_matrix = matrix;
   }
}

static void
add_block(struct sema *s, struct glsl_block_decl *b)
{
   struct glsl_shader_info *info = s->info;
   info->blocks = glsl_realloc_array(s->a, info->blocks, info->num_blocks, info->num_blocks + 1,
                                     sizeof *info->blocks);
   info->blocks[info->num_blocks++] = b;
}

static struct glsl_variable *
block_variable(struct sema *s, const char *name, const struct glsl_type *t,
               const struct glsl_type *block, int member, enum glsl_precision precision,
               struct glsl_loc loc)
{
   struct glsl_variable *v = glsl_alloc(s->a, sizeof *v);
   v->max_index = -1;
   v->name = name;
   v->type = t;
   v->loc = loc;
   v->mode = GLSL_VAR_UNIFORM;
   v->storage = GLSL_STORAGE_UNIFORM;
   v->precision = precision;
   v->read_only = true;
   v->block = block;
   v->block_member = member;
   struct symbol *sym = declare(s, name, SYM_VARIABLE);
   sym->u.var = v;
   add_global(s, v);
   return v;
}

/* uniform B { members } [instance [dims]];  (GLSL 1.40 4.3.5.1: members
 * take no initializers, no samplers and no struct definitions; only
 * uniform blocks exist before GLSL 1.50) */
static void io_block_decl(struct sema *s, struct glsl_ast_decl *d, bool global);

static void
block_decl(struct sema *s, struct glsl_ast_decl *d, bool global)
{
   const struct glsl_qualifier *q = &d->type.qual;
   if (q->storage == GLSL_STORAGE_IN || q->storage == GLSL_STORAGE_OUT) {
      io_block_decl(s, d, global);
      return;
   }
   if (q->storage != GLSL_STORAGE_UNIFORM) {
      error(s, d->loc, "'%s' blocks are not supported (only uniform blocks are)",
            storage_name(q->storage));
      return;
   }
   if (!global) {
      error(s, d->loc, "uniform blocks must be declared at global scope");
      return;
   }
   if (!only_layout(q)) {
      error(s, q->loc, "a uniform block can only have layout qualifiers");
      return;
   }
   if (!strncmp(d->block_name, "gl_", 3)) {
      error(s, d->loc, "identifier '%s' is reserved (names starting with 'gl_')", d->block_name);
      return;
   }
   struct symbol *taken = lookup(s, d->block_name);
   if (taken && taken->level == 0) {
      error(s, d->loc, "'%s' is declared at global scope already: it cannot name a block",
            d->block_name);
      return;
   }
   for (unsigned i = 0; i < s->info->num_blocks; i++) {
      if (s->info->blocks[i]->type->interface_mode == GLSL_INTERFACE_UNIFORM &&
          !strcmp(s->info->blocks[i]->type->name, d->block_name)) {
         error(s, d->loc, "uniform block '%s' redeclared", d->block_name);
         return;
      }
   }
   enum glsl_packing packing = s->block_packing;
   enum glsl_matrix_layout matrix = s->block_matrix;
   bool bad = !block_layout(s, q->layout, false, &packing, &matrix);

   unsigned n = 0;
   for (struct glsl_ast_field *f = d->block_fields; f; f = f->next)
      n++;
   struct glsl_struct_field *fields = glsl_alloc_array(s->a, n ? n : 1, sizeof *fields);
   unsigned i = 0;
   const struct glsl_fully_spec_type *last = NULL;
   const struct glsl_type *member_base = &glsl_type_error;
   enum glsl_matrix_layout member_matrix = GLSL_MATRIX_LAYOUT_INHERIT;
   for (struct glsl_ast_field *f = d->block_fields; f; f = f->next, i++) {
      if (f->type != last) {
         last = f->type;
         const struct glsl_qualifier *mq = &f->type->qual;
         member_matrix = GLSL_MATRIX_LAYOUT_INHERIT;
         enum glsl_packing unused = packing;
         struct glsl_qualifier allowed = *mq;
         allowed.precision = GLSL_PRECISION_NONE;   /* precisions are allowed (ES) */
         if ((mq->storage != GLSL_STORAGE_NONE && mq->storage != GLSL_STORAGE_UNIFORM) ||
             !only_layout(&allowed)) {
            error(s, mq->loc, "a uniform block member can only have 'uniform', a precision "
                  "and the layouts row_major and column_major");
            bad = true;
         }
         if (!block_layout(s, mq->layout, true, &unused, &member_matrix))
            bad = true;
         /* GLSL 1.40 4.3.5.1: "structure definitions cannot be nested
          * inside a block"; the rule of struct members (1.20 and ES on).
          * GLSL 1.10, which GL_ARB_uniform_buffer_object amends, allows
          * embedded definitions, and so does Pony there (piglit's
          * arb_uniform_buffer_object-rendering-array declares one) */
         if (f->type->spec.structure && glsl_rule_allowed(GLSL_RULE_NO_EMBEDDED_STRUCTS, s->f)) {
            error(s, f->type->spec.loc, "struct definitions are not allowed inside a uniform "
                  "block in %s", s->v.es ? "GLSL ES" : "GLSL 1.20 and later");
            bad = true;
         }
         member_base = resolve_spec(s, (struct glsl_type_spec *)&f->type->spec, false);
      }
      const struct glsl_type *t = member_base;
      if (!glsl_type_is_error(t))
         t = apply_dims(s, t, f->array, false);
      if (glsl_type_is_void(t)) {
         error(s, f->loc, "uniform block member '%s' cannot be void", f->name);
         t = &glsl_type_error;
      } else if (!glsl_type_is_error(t) && glsl_type_contains_opaque(t)) {
         error(s, f->loc, "uniform block member '%s' cannot be %s (no opaque types in "
               "uniform blocks)", f->name, type_name(s, t));
         t = &glsl_type_error;
      }
      if (glsl_type_is_error(t))
         bad = true;
      for (unsigned k = 0; k < i; k++) {
         if (!strcmp(fields[k].name, f->name)) {
            error(s, f->loc, "duplicate member '%s' in uniform block '%s'", f->name,
                  d->block_name);
            bad = true;
         }
      }
      fields[i].name = f->name;
      fields[i].type = t;
      fields[i].precision = (uint8_t)effective_precision(s, t, f->type->qual.precision);
      fields[i].matrix_layout = (uint8_t)member_matrix;
      fields[i].loc = f->loc;
      fields[i].location = fields[i].offset = fields[i].align = -1;
   }
   if (bad)
      return;
   const struct glsl_type *bt = glsl_type_interface(s->a, d->block_name, d->loc,
                                                    GLSL_INTERFACE_UNIFORM, packing, matrix,
                                                    fields, n);
   if (glsl_type_is_error(bt)) {
      error(s, d->loc, "uniform block '%s' nested too deep", d->block_name);
      return;
   }
   struct glsl_block_decl *b = glsl_alloc(s->a, sizeof *b);
   b->type = bt;
   b->loc = d->loc;
   if (d->instance_name) {
      const struct glsl_type *t = bt;
      if (d->instance_array) {
         t = apply_dims(s, bt, d->instance_array, true);
         if (glsl_type_is_error(t))
            return;
         if (glsl_type_is_unsized_array(t)) {
            error(s, d->loc, "the array of uniform blocks '%s' needs a size", d->instance_name);
            return;
         }
         b->array_size = t->length;
      }
      if (!check_name(s, d->instance_name, d->loc))
         return;
      b->instance_name = d->instance_name;
      b->var = block_variable(s, d->instance_name, t, bt, -1, GLSL_PRECISION_NONE, d->loc);
   } else {
      b->members = glsl_alloc_array(s->a, n, sizeof *b->members);
      for (unsigned k = 0; k < n; k++) {
         if (!check_name(s, fields[k].name, fields[k].loc))
            return;
      }
      for (unsigned k = 0; k < n; k++)
         b->members[k] = block_variable(s, fields[k].name, fields[k].type, bt, (int)k,
                                        (enum glsl_precision)fields[k].precision,
                                        fields[k].loc);
   }
   add_block(s, b);
}

/* ---- geometry shaders and in/out blocks (GLSL 1.50 4.3.7, 4.3.8, 7.1) ---- */

static const struct {
   const char *name;
   uint8_t vertices;             /* of an input primitive */
   bool input, output;           /* a layout of 'in' / of 'out' */
} gs_prims[] = {
   [GLSL_GS_PRIM_NONE] = { "", 0, false, false },
   [GLSL_GS_POINTS] = { "points", 1, true, true },
   [GLSL_GS_LINES] = { "lines", 2, true, false },
   [GLSL_GS_LINES_ADJACENCY] = { "lines_adjacency", 4, true, false },
   [GLSL_GS_TRIANGLES] = { "triangles", 3, true, false },
   [GLSL_GS_TRIANGLES_ADJACENCY] = { "triangles_adjacency", 6, true, false },
   [GLSL_GS_LINE_STRIP] = { "line_strip", 0, false, true },
   [GLSL_GS_TRIANGLE_STRIP] = { "triangle_strip", 0, false, true },
};

unsigned
glsl_gs_prim_vertices(enum glsl_gs_prim p)
{
   return (unsigned)p < ARRAY_SIZE(gs_prims) ? gs_prims[p].vertices : 0;
}

const char *
glsl_gs_prim_name(enum glsl_gs_prim p)
{
   return (unsigned)p < ARRAY_SIZE(gs_prims) ? gs_prims[p].name : "";
}

/* The input layout sizes the per-vertex inputs (GLSL 1.50 4.3.8.1): one
 * declared without a size takes the primitive's vertex count, one declared
 * with a size must have it.  False after an error. */
static bool
size_gs_input(struct sema *s, struct glsl_variable *v, struct glsl_loc loc)
{
   enum glsl_gs_prim p = (enum glsl_gs_prim)s->info->gs_input_prim;
   int n = (int)glsl_gs_prim_vertices(p);
   if (glsl_type_is_unsized_array(v->type)) {
      if (v->max_index >= n) {
         error(s, loc, "'%s' has %d elements by the input primitive '%s', but element %d is "
               "used", v->name, n, glsl_gs_prim_name(p), v->max_index);
         return false;
      }
      v->type = glsl_type_array(s->a, v->type->element, n);
      return true;
   }
   if (v->type->length != n) {
      error(s, loc, "'%s' is declared with %d elements, but the input primitive '%s' has %d "
            "vertices", v->name, v->type->length, glsl_gs_prim_name(p), n);
      return false;
   }
   return true;
}

/* layout(triangles) in;  layout(triangle_strip, max_vertices = 4) out;
 * (GLSL 1.50 4.3.8.1, 4.3.8.2): geometry shaders only; the declarations of
 * a shader agree with each other (those of the stage's other shaders: the
 * linker's), and the input primitive sizes the inputs. */
static void
gs_layout_decl(struct sema *s, struct glsl_ast_decl *d, bool global)
{
   const struct glsl_qualifier *q = &d->type.qual;
   struct glsl_shader_info *info = s->info;
   bool in = q->storage == GLSL_STORAGE_IN;
   const char *sn = in ? "in" : "out";
   if (!only_layout(q)) {
      error(s, d->loc, "a layout declaration 'layout(...) %s;' can have no other qualifiers", sn);
      return;
   }
   if (s->stage != GLSL_STAGE_GEOMETRY) {
      error(s, d->loc, "'layout(...) %s;' is only allowed in geometry shaders", sn);
      return;
   }
   if (!global) {
      error(s, d->loc, "'layout(...) %s;' must be declared at global scope", sn);
      return;
   }
   enum glsl_gs_prim prim = GLSL_GS_PRIM_NONE;
   int max_vertices = -1;
   for (const struct glsl_layout_id *id = q->layout; id; id = id->next) {
      if (!in && layout_name_is(s, id->name, "max_vertices")) {
         if (!id->value) {
            error(s, id->loc, "max_vertices needs a value");
            return;
         }
         const struct glsl_type *vt = expr(s, id->value);
         int64_t v;
         if (glsl_type_is_error(vt))
            return;
         if (!id->value->constant || !glsl_type_is_scalar(vt) ||
             (vt->base != GLSL_TYPE_INT && vt->base != GLSL_TYPE_UINT) ||
             !glsl_const_get_int(id->value->constant, &v)) {
            error(s, id->value->loc, "max_vertices must be a constant integral expression");
            return;
         }
         int limit = s->limits.value[GLSL_BUILTIN_CONST_MAX_GEOMETRY_OUTPUT_VERTICES];
         if (v < 0 || v > limit) {
            error(s, id->value->loc, "max_vertices = %lld: it must be 0 to "
                  "gl_MaxGeometryOutputVertices (%d)", (long long)v, limit);
            return;
         }
         max_vertices = (int)v;
         continue;
      }
      unsigned k = 1;
      while (k < ARRAY_SIZE(gs_prims) &&
             ((in ? !gs_prims[k].input : !gs_prims[k].output) ||
              !layout_name_is(s, id->name, gs_prims[k].name)))
         k++;
      if (k == ARRAY_SIZE(gs_prims)) {
         error(s, id->loc, "'%s' is not a layout qualifier of geometry shader %ss (%s)", id->name,
               in ? "input" : "output",
               in ? "points, lines, lines_adjacency, triangles, triangles_adjacency"
                  : "points, line_strip, triangle_strip, max_vertices");
         return;
      }
      if (id->value) {
         error(s, id->loc, "layout qualifier '%s' takes no value", gs_prims[k].name);
         return;
      }
      if (prim != GLSL_GS_PRIM_NONE && prim != (enum glsl_gs_prim)k) {
         error(s, id->loc, "two primitives in one layout declaration ('%s' and '%s')",
               glsl_gs_prim_name(prim), gs_prims[k].name);
         return;
      }
      prim = (enum glsl_gs_prim)k;
   }
   uint8_t *have = in ? &info->gs_input_prim : &info->gs_output_prim;
   if (prim != GLSL_GS_PRIM_NONE && *have != GLSL_GS_PRIM_NONE && *have != prim) {
      error(s, d->loc, "the %s primitive is declared as '%s' and as '%s'", in ? "input" : "output",
            glsl_gs_prim_name((enum glsl_gs_prim)*have), glsl_gs_prim_name(prim));
      return;
   }
   if (max_vertices >= 0 && info->gs_max_vertices >= 0 && info->gs_max_vertices != max_vertices) {
      error(s, d->loc, "max_vertices is declared as %d and as %d", info->gs_max_vertices,
            max_vertices);
      return;
   }
   if (max_vertices >= 0)
      info->gs_max_vertices = max_vertices;
   if (prim == GLSL_GS_PRIM_NONE || *have == prim)
      return;
   *have = (uint8_t)prim;
   if (in) {
      /* the inputs declared so far, gl_in included */
      for (unsigned i = 0; i < info->num_globals; i++)
         if (per_vertex_input(s, info->globals[i]))
            size_gs_input(s, info->globals[i], d->loc);
   }
}

/* The members of gl_PerVertex (GLSL 1.50 7.1; the compatibility profile's
 * after gl_ClipDistance): the built-in outputs 'out gl_PerVertex { ... };'
 * may redeclare. */
static const char *const pervertex_names[] = {
   "gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_ClipVertex", "gl_FrontColor",
   "gl_BackColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor", "gl_TexCoord",
   "gl_FogFragCoord",
};

static bool
pervertex_member(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(pervertex_names); i++)
      if (!strcmp(pervertex_names[i], name))
         return true;
   return false;
}

/* gl_in, the geometry shader's in gl_PerVertex { ... } gl_in[]: the block
 * of the visible block=gl_in rows (block NULL) or of a redeclaration;
 * unsized arrays among its members take their bound (gl_MaxClipDistances,
 * gl_MaxTextureCoords).  array: the instance's type as redeclared (gl_in[]
 * or gl_in[N]), NULL: unsized.  Declared at global scope; sized by the
 * input layout when there is one. */
static struct symbol *
gl_in_symbol(struct sema *s, const struct glsl_type *block, const struct glsl_type *array,
             struct glsl_loc loc)
{
   if (!block) {
      const struct glsl_builtin_variable *rows[16];
      unsigned n = glsl_builtin_block_members("gl_in", &s->env, rows, ARRAY_SIZE(rows));
      if (n > ARRAY_SIZE(rows))
         n = ARRAY_SIZE(rows);
      struct glsl_struct_field *fields = glsl_alloc_array(s->a, n ? n : 1, sizeof *fields);
      for (unsigned i = 0; i < n; i++) {
         const struct glsl_type *t = glsl_builtin_variable_type(s->a, rows[i], &s->limits);
         fields[i].location = fields[i].offset = fields[i].align = -1;
         if (glsl_type_is_unsized_array(t)) {
            int len = s->limits.value[rows[i]->array_const];
            t = glsl_type_array(s->a, t->element, len < 1 ? 1 : len);
            fields[i].qualifiers = GLSL_FIELD_IMPLICIT_SIZE;
         }
         fields[i].name = rows[i]->name;
         fields[i].type = t;
         fields[i].loc = loc;
      }
      block = glsl_type_interface(s->a, "gl_PerVertex", loc, GLSL_INTERFACE_IN,
                                  GLSL_PACKING_STD140, GLSL_MATRIX_LAYOUT_INHERIT, fields, n);
   }
   struct glsl_variable *v = glsl_alloc(s->a, sizeof *v);
   v->max_index = -1;
   v->name = "gl_in";
   v->type = array ? array : glsl_type_array(s->a, block, GLSL_ARRAY_UNSIZED);
   v->loc = loc;
   v->mode = GLSL_VAR_IN;
   v->storage = GLSL_STORAGE_IN;
   v->builtin = true;
   v->read_only = true;
   v->block = block;
   v->block_member = -1;
   unsigned level = s->level;
   s->level = 0;
   struct symbol *sym = declare(s, "gl_in", SYM_VARIABLE);
   s->level = level;
   sym->u.var = v;
   add_global(s, v);
   if (s->info->gs_input_prim != GLSL_GS_PRIM_NONE)
      size_gs_input(s, v, loc);
   return sym;
}

/* in gl_PerVertex { ... } gl_in[];  out gl_PerVertex { ... };  (GLSL 1.50
 * 7.1): a built-in block redeclared with the members a shader uses (any
 * subset, each with its built-in type; gl_ClipDistance and gl_TexCoord may
 * be sized), before any of them is used.  fields: the members as analysed
 * by io_block_decl. */
static void
pervertex_redecl(struct sema *s, struct glsl_ast_decl *d, bool in,
                 struct glsl_struct_field *fields, unsigned n)
{
   if (in && s->stage != GLSL_STAGE_GEOMETRY) {
      error(s, d->loc, "'in gl_PerVertex' can only be redeclared in geometry shaders");
      return;
   }
   if (in && (!d->instance_name || strcmp(d->instance_name, "gl_in") || !d->instance_array)) {
      error(s, d->loc, "the input block gl_PerVertex must be redeclared as 'gl_in[]'");
      return;
   }
   if (!in && d->instance_name) {
      error(s, d->loc, "the output block gl_PerVertex must be redeclared without an instance "
            "name");
      return;
   }
   const struct glsl_builtin_variable *in_rows[16];
   unsigned nin = in ? glsl_builtin_block_members("gl_in", &s->env, in_rows, ARRAY_SIZE(in_rows))
                     : 0;
   if (nin > ARRAY_SIZE(in_rows))
      nin = ARRAY_SIZE(in_rows);
   const struct glsl_builtin_variable **rows = glsl_alloc_array(s->a, n ? n : 1, sizeof *rows);
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_builtin_variable *row = NULL;
      for (unsigned k = 0; k < nin && !row; k++)
         if (!strcmp(in_rows[k]->name, fields[i].name))
            row = in_rows[k];
      if (!in && pervertex_member(fields[i].name)) {
         row = glsl_builtin_variable_find(fields[i].name, &s->env);
         if (row && row->storage != GLSL_BUILTIN_STORAGE_OUT)
            row = NULL;
      }
      if (!row) {
         error(s, fields[i].loc, "'%s' is not a member of the built-in %s block gl_PerVertex",
               fields[i].name, in ? "input" : "output");
         return;
      }
      const struct glsl_type *t = fields[i].type;
      bool ok = row->array == GLSL_BUILTIN_ARRAY_NONE ? t == row->type
                : glsl_type_is_array(t) && t->element == row->type;
      if (ok && row->array == GLSL_BUILTIN_ARRAY_UNSIZED) {
         int max = s->limits.value[row->array_const];
         if (glsl_type_is_unsized_array(t)) {
            fields[i].type = glsl_type_array(s->a, t->element, max < 1 ? 1 : max);
            if (in)
               fields[i].qualifiers |= GLSL_FIELD_IMPLICIT_SIZE;
         } else if (t->length > max) {
            error(s, fields[i].loc, "%s redeclared with %d elements (%s is %d)", fields[i].name,
                  t->length,
                  glsl_builtin_constant_name((enum glsl_builtin_constant_id)row->array_const),
                  max);
            return;
         }
      }
      if (!ok) {
         error(s, fields[i].loc, "gl_PerVertex member '%s' redeclared as %s", fields[i].name,
               type_name(s, t));
         return;
      }
      rows[i] = row;
   }
   if (in) {
      struct symbol *old = lookup(s, "gl_in");
      if (old) {
         error(s, d->loc, "gl_in must be redeclared before it is used, and once");
         return;
      }
      const struct glsl_type *bt =
         glsl_type_interface(s->a, "gl_PerVertex", d->loc, GLSL_INTERFACE_IN,
                             GLSL_PACKING_STD140, GLSL_MATRIX_LAYOUT_INHERIT, fields, n);
      const struct glsl_type *at = apply_dims(s, bt, d->instance_array, true);
      if (glsl_type_is_error(at))
         return;
      gl_in_symbol(s, bt, at, d->loc);
      return;
   }
   if (s->out_pervertex_redeclared) {
      error(s, d->loc, "'out gl_PerVertex' redeclared");
      return;
   }
   /* "before any use of any member included in the built-in declaration"
    * (GLSL 4.10 7.1, which says what 1.50 meant): the members the
    * redeclaration leaves out count too */
   for (unsigned i = 0; i < ARRAY_SIZE(pervertex_names); i++) {
      struct symbol *old = lookup(s, pervertex_names[i]);
      if (old && old->kind == SYM_VARIABLE && old->u.var->mode == GLSL_VAR_OUT &&
          old->u.var->used) {
         error(s, d->loc, "gl_PerVertex must be redeclared before '%s' is used",
               pervertex_names[i]);
         return;
      }
   }
   for (unsigned i = 0; i < n; i++) {
      struct symbol *old = lookup(s, fields[i].name);
      if (old && old->kind == SYM_VARIABLE) {
         old->u.var->type = fields[i].type;   /* redeclared alone before, unused */
         continue;
      }
      struct glsl_ast_declarator *dc = glsl_alloc(s->a, sizeof *dc);
      dc->loc = fields[i].loc;
      dc->name = fields[i].name;
      struct glsl_variable *v = declare_redeclared_builtin(s, dc, rows[i], fields[i].type,
                                                           GLSL_VAR_OUT);
      v->storage = GLSL_STORAGE_OUT;
      v->interp = (enum glsl_interp)(fields[i].qualifiers & GLSL_FIELD_INTERP_MASK);
      v->centroid = (fields[i].qualifiers & GLSL_FIELD_CENTROID) != 0;
      v->invariant = (fields[i].qualifiers & GLSL_FIELD_INVARIANT) != 0 ||
                     s->info->invariant_all;
   }
   s->out_pervertex_redeclared = true;
}

/* in/out Name { members } [instance [dims]];  (GLSL 1.50 4.3.7): the
 * inputs or outputs between stages as a block; matched across stages by
 * the block name.  No input blocks in vertex shaders nor output blocks in
 * fragment shaders; geometry shader input blocks are arrays (one element
 * per vertex).  gl_PerVertex is the built-in block's redeclaration. */
static void
io_block_decl(struct sema *s, struct glsl_ast_decl *d, bool global)
{
   const struct glsl_qualifier *q = &d->type.qual;
   bool in = q->storage == GLSL_STORAGE_IN;
   const char *sn = in ? "in" : "out";
   if (!has(s, 150, 0)) {
      error(s, d->loc, "'%s' blocks need GLSL 1.50", sn);
      return;
   }
   if (!global) {
      error(s, d->loc, "interface blocks must be declared at global scope");
      return;
   }
   if ((in && s->stage == GLSL_STAGE_VERTEX) || (!in && s->stage == GLSL_STAGE_FRAGMENT)) {
      error(s, d->loc, "%s shaders cannot have %s blocks",
            in ? "vertex" : "fragment", in ? "input" : "output");
      return;
   }
   if (q->layout || !only_layout(q)) {
      error(s, q->loc, "an %s block can have no qualifier but '%s'", sn, sn);
      return;
   }
   bool pervertex = !strcmp(d->block_name, "gl_PerVertex");
   if (!pervertex && !strncmp(d->block_name, "gl_", 3)) {
      error(s, d->loc, "identifier '%s' is reserved (names starting with 'gl_')", d->block_name);
      return;
   }
   enum glsl_interface_mode mode = in ? GLSL_INTERFACE_IN : GLSL_INTERFACE_OUT;
   struct symbol *taken = pervertex ? NULL : lookup(s, d->block_name);
   if (taken && taken->level == 0) {
      error(s, d->loc, "'%s' is declared at global scope already: it cannot name a block",
            d->block_name);
      return;
   }
   for (unsigned i = 0; i < s->info->num_blocks; i++) {
      if (s->info->blocks[i]->type->interface_mode == mode &&
          !strcmp(s->info->blocks[i]->type->name, d->block_name)) {
         error(s, d->loc, "%s block '%s' redeclared", sn, d->block_name);
         return;
      }
   }
   unsigned n = 0;
   for (struct glsl_ast_field *f = d->block_fields; f; f = f->next)
      n++;
   struct glsl_struct_field *fields = glsl_alloc_array(s->a, n ? n : 1, sizeof *fields);
   bool bad = false;
   unsigned i = 0;
   const struct glsl_fully_spec_type *last = NULL;
   const struct glsl_type *member_base = &glsl_type_error;
   struct glsl_qualifier mq;
   for (struct glsl_ast_field *f = d->block_fields; f; f = f->next, i++) {
      if (f->type != last) {
         last = f->type;
         mq = f->type->qual;
         struct glsl_qualifier rest = mq;
         rest.precision = GLSL_PRECISION_NONE;
         rest.interp = GLSL_INTERP_NONE;
         rest.centroid = rest.invariant = false;
         if ((mq.storage != GLSL_STORAGE_NONE && mq.storage != q->storage) || mq.layout ||
             !only_layout(&rest) || (mq.invariant && in)) {
            error(s, mq.loc, "an %s block member can only have '%s', interpolation, 'centroid'%s "
                  "and precision qualifiers", sn, sn, in ? "" : ", 'invariant'");
            bad = true;
         }
         if (f->type->spec.structure) {
            error(s, f->type->spec.loc, "struct definitions are not allowed inside an %s block",
                  sn);
            bad = true;
         }
         member_base = resolve_spec(s, (struct glsl_type_spec *)&f->type->spec, false);
         mq.storage = q->storage;
      }
      const struct glsl_type *t = member_base;
      if (!glsl_type_is_error(t))
         t = apply_dims(s, t, f->array, pervertex);
      if (glsl_type_is_void(t) || (!glsl_type_is_error(t) && glsl_type_contains_opaque(t))) {
         error(s, f->loc, "%s block member '%s' cannot be %s", sn, f->name, type_name(s, t));
         t = &glsl_type_error;
      }
      if (!glsl_type_is_error(t) && !pervertex && !io_type_ok(s, &mq, t, f->loc))
         t = &glsl_type_error;
      if (glsl_type_is_error(t))
         bad = true;
      for (unsigned k = 0; k < i; k++) {
         if (!strcmp(fields[k].name, f->name)) {
            error(s, f->loc, "duplicate member '%s' in %s block '%s'", f->name, sn,
                  d->block_name);
            bad = true;
         }
      }
      fields[i].name = f->name;
      fields[i].type = t;
      fields[i].precision = (uint8_t)effective_precision(s, t, mq.precision);
      fields[i].loc = f->loc;
      fields[i].location = fields[i].offset = fields[i].align = -1;
      fields[i].qualifiers = (uint32_t)mq.interp | (mq.centroid ? GLSL_FIELD_CENTROID : 0) |
                             (mq.invariant || (!in && s->info->invariant_all)
                                 ? GLSL_FIELD_INVARIANT : 0);
   }
   if (bad)
      return;
   if (pervertex) {
      pervertex_redecl(s, d, in, fields, n);
      return;
   }
   const struct glsl_type *bt = glsl_type_interface(s->a, d->block_name, d->loc, mode,
                                                    GLSL_PACKING_STD140,
                                                    GLSL_MATRIX_LAYOUT_INHERIT, fields, n);
   if (glsl_type_is_error(bt)) {
      error(s, d->loc, "%s block '%s' nested too deep", sn, d->block_name);
      return;
   }
   bool gs_input = in && s->stage == GLSL_STAGE_GEOMETRY;
   if (gs_input && (!d->instance_name || !d->instance_array)) {
      error(s, d->loc, "the geometry shader input block '%s' must have an instance name "
            "declared as an array", d->block_name);
      return;
   }
   struct glsl_block_decl *b = glsl_alloc(s->a, sizeof *b);
   b->type = bt;
   b->loc = d->loc;
   enum glsl_var_mode vmode = in ? GLSL_VAR_IN : GLSL_VAR_OUT;
   if (d->instance_name) {
      const struct glsl_type *t = bt;
      if (d->instance_array) {
         t = apply_dims(s, bt, d->instance_array, gs_input);
         if (glsl_type_is_error(t))
            return;
         b->array_size = glsl_type_is_unsized_array(t) ? 0 : t->length;
      }
      if (!check_name(s, d->instance_name, d->loc))
         return;
      b->instance_name = d->instance_name;
      b->var = block_variable(s, d->instance_name, t, bt, -1, GLSL_PRECISION_NONE, d->loc);
      b->var->mode = vmode;
      b->var->storage = q->storage;
      b->var->read_only = in;
      if (gs_input && s->info->gs_input_prim != GLSL_GS_PRIM_NONE)
         size_gs_input(s, b->var, d->loc);
   } else {
      b->members = glsl_alloc_array(s->a, n, sizeof *b->members);
      for (unsigned k = 0; k < n; k++) {
         if (!check_name(s, fields[k].name, fields[k].loc))
            return;
      }
      for (unsigned k = 0; k < n; k++) {
         struct glsl_variable *v = block_variable(s, fields[k].name, fields[k].type, bt, (int)k,
                                                  (enum glsl_precision)fields[k].precision,
                                                  fields[k].loc);
         v->mode = vmode;
         v->storage = q->storage;
         v->read_only = in;
         v->interp = (enum glsl_interp)(fields[k].qualifiers & GLSL_FIELD_INTERP_MASK);
         v->centroid = (fields[k].qualifiers & GLSL_FIELD_CENTROID) != 0;
         v->invariant = (fields[k].qualifiers & GLSL_FIELD_INVARIANT) != 0;
         b->members[k] = v;
      }
   }
   add_block(s, b);
}

static void
declaration(struct sema *s, struct glsl_ast_decl *d, bool global)
{
   switch (d->kind) {
   case GLSL_DECL_VARIABLES:
      variables_decl(s, d, global);
      return;
   case GLSL_DECL_TYPE:
      if (d->type.spec.structure) {
         if (d->type.qual.any)
            error(s, d->loc, "a struct declaration cannot have qualifiers");
         resolve_spec(s, &d->type.spec, false);
      } else {
         glsl_log_warning(s->log, d->loc, "empty declaration");
      }
      return;
   case GLSL_DECL_FUNCTION:
      function_decl(s, d);
      return;
   case GLSL_DECL_PRECISION:
      precision_decl(s, d);
      return;
   case GLSL_DECL_INVARIANT:
      invariant_decl(s, d);
      return;
   case GLSL_DECL_QUALIFIER:
      default_layout_decl(s, d, global);
      return;
   case GLSL_DECL_BLOCK:
      block_decl(s, d, global);
      return;
   }
}

/* ---- statements ---------------------------------------------------------------- */

static void
condition(struct sema *s, struct glsl_ast_expr *e, struct glsl_ast_decl *d, const char *what)
{
   const struct glsl_type *t;
   struct glsl_loc loc;
   if (d) {
      declaration(s, d, false);
      if (!d->declarators || !d->declarators->var)
         return;
      t = d->declarators->var->type;
      loc = d->declarators->loc;
   } else {
      t = expr(s, e);
      loc = e->loc;
   }
   if (!glsl_type_is_error(t) && !is_bool_scalar(t))
      error(s, loc, "the condition of %s must be a bool scalar, not %s", what, type_name(s, t));
}

/* A statement in a scope of its own (the bodies of if, else and loops). */
static void
scoped(struct sema *s, struct glsl_ast_stmt *st)
{
   if (!push_scope(s, st->loc))
      return;
   statement(s, st);
   pop_scope(s);
}

static void
switch_stmt(struct sema *s, struct glsl_ast_stmt *st)
{
   const struct glsl_type *t = expr(s, st->expr);
   if (!glsl_type_is_error(t) && t != &glsl_type_int && t != &glsl_type_uint)
      error(s, st->expr->loc, "a switch selector must be an int or uint scalar, not %s",
            type_name(s, t));
   struct glsl_ast_stmt *body = st->body;   /* a compound statement */
   if (body->body && body->body->kind != GLSL_STMT_CASE && body->body->kind != GLSL_STMT_DEFAULT)
      error(s, body->body->loc, "statements before the first case label");
   /* labels: constant, of the selector's type, unique; one default */
   unsigned n = 0;
   for (struct glsl_ast_stmt *c = body->body; c; c = c->next)
      n++;
   const struct glsl_const **seen = glsl_alloc_array(s->a, n ? n : 1, sizeof *seen);
   unsigned nseen = 0;
   bool has_default = false;
   s->switch_depth++;
   if (push_scope(s, body->loc)) {
      for (struct glsl_ast_stmt *c = body->body; c; c = c->next) {
         if (c->kind == GLSL_STMT_DEFAULT) {
            if (has_default)
               error(s, c->loc, "more than one default label");
            has_default = true;
            continue;
         }
         if (c->kind != GLSL_STMT_CASE) {
            statement(s, c);
            continue;
         }
         const struct glsl_type *ct = expr(s, c->expr);
         if (glsl_type_is_error(ct))
            continue;
         if (!c->expr->constant || (ct != &glsl_type_int && ct != &glsl_type_uint)) {
            error(s, c->expr->loc, "a case label must be a constant integral expression");
            continue;
         }
         if (!glsl_type_is_error(t) && !glsl_type_equal(ct, t) &&
             !glsl_type_can_implicitly_convert(ct, t, s->f)) {
            error(s, c->expr->loc, "case label of type %s in a switch on %s", type_name(s, ct),
                  type_name(s, t));
            continue;
         }
         for (unsigned i = 0; i < nseen; i++) {
            if (seen[i]->v[0].u == c->expr->constant->v[0].u) {
               error(s, c->expr->loc, "duplicate case label %s",
                     glsl_const_text(s->a, c->expr->constant));
               break;
            }
         }
         seen[nseen++] = c->expr->constant;
      }
      /* GLSL 1.30 6.2: "it is an error to have no statement between a label
       * and the end of the switch statement" */
      const struct glsl_ast_stmt *last = body->body;
      while (last && last->next)
         last = last->next;
      if (last && (last->kind == GLSL_STMT_CASE || last->kind == GLSL_STMT_DEFAULT))
         error(s, last->loc, "a label at the end of a switch statement needs a statement after it");
      pop_scope(s);
   }
   s->switch_depth--;
}

static void
statement(struct sema *s, struct glsl_ast_stmt *st)
{
   switch (st->kind) {
   case GLSL_STMT_COMPOUND:
      if (st->new_scope && !push_scope(s, st->loc))
         return;
      for (struct glsl_ast_stmt *c = st->body; c; c = c->next)
         statement(s, c);
      if (st->new_scope)
         pop_scope(s);
      return;
   case GLSL_STMT_DECL:
      declaration(s, st->decl, false);
      return;
   case GLSL_STMT_EXPR:
      if (st->expr)
         expr(s, st->expr);
      return;
   case GLSL_STMT_IF:
      condition(s, st->expr, NULL, "if");
      scoped(s, st->then_);
      if (st->else_)
         scoped(s, st->else_);
      return;
   case GLSL_STMT_WHILE:
      if (!push_scope(s, st->loc))
         return;
      condition(s, st->expr, st->decl, "while");
      s->loop_depth++;
      statement(s, st->body);
      s->loop_depth--;
      pop_scope(s);
      return;
   case GLSL_STMT_DO:
      s->loop_depth++;
      scoped(s, st->body);
      s->loop_depth--;
      condition(s, st->expr, NULL, "do-while");
      return;
   case GLSL_STMT_FOR:
      if (!push_scope(s, st->loc))
         return;
      statement(s, st->init);
      if (st->expr || st->decl)
         condition(s, st->expr, st->decl, "for");
      if (st->iter)
         expr(s, st->iter);
      s->loop_depth++;
      statement(s, st->body);
      s->loop_depth--;
      pop_scope(s);
      return;
   case GLSL_STMT_SWITCH:
      switch_stmt(s, st);
      return;
   case GLSL_STMT_CASE:
   case GLSL_STMT_DEFAULT:
      error(s, st->loc, "case label outside a switch");
      return;
   case GLSL_STMT_CONTINUE:
      if (!s->loop_depth)
         error(s, st->loc, "continue outside a loop");
      return;
   case GLSL_STMT_BREAK:
      if (!s->loop_depth && !s->switch_depth)
         error(s, st->loc, "break outside a loop or switch");
      return;
   case GLSL_STMT_RETURN: {
      const struct glsl_type *ret = s->fn ? s->fn->ret : &glsl_type_void;
      if (!st->expr) {
         if (!glsl_type_is_void(ret) && !glsl_type_is_error(ret))
            error(s, st->loc, "function '%s' must return a value", s->fn->name);
         return;
      }
      const struct glsl_type *t = expr(s, st->expr);
      if (glsl_type_is_error(t))
         return;
      if (glsl_type_is_void(ret)) {
         error(s, st->loc, "void function '%s' cannot return a value", s->fn ? s->fn->name : "");
         return;
      }
      const char *why = NULL;
      if (!glsl_type_assign_check(s->a, ret, t, s->f, &why))
         error(s, st->expr->loc, "'%s' returns %s, not %s", s->fn->name, type_name(s, ret),
               type_name(s, t));
      else if (!glsl_type_equal(ret, t) &&
               !glsl_rule_allowed(GLSL_RULE_RETURN_CONVERSIONS, s->f))
         error(s, st->expr->loc, "'%s' returns %s, not %s (implicit conversions of return "
               "values need %s)", s->fn->name, type_name(s, ret), type_name(s, t),
               glsl_gate_text(s->a, glsl_rule_gate(GLSL_RULE_RETURN_CONVERSIONS), s->f));
      return;
   }
   case GLSL_STMT_DISCARD:
      if (s->stage != GLSL_STAGE_FRAGMENT)
         error(s, st->loc, "discard is only allowed in fragment shaders");
      return;
   }
}

/* ---- the unit ------------------------------------------------------------------ */

/* Static recursion (GLSL 6.1: not allowed): a cycle through fn's calls.
 * Depth-first with colours; reports each cycle once at its entry. */
static bool
find_cycle(struct glsl_function *fn, uint8_t *state, struct glsl_function **all, unsigned n)
{
   unsigned i = 0;
   while (i < n && all[i] != fn)
      i++;
   if (i == n)
      return false;   /* not a user function */
   if (state[i] == 1)
      return true;
   if (state[i] == 2)
      return false;
   state[i] = 1;
   for (unsigned k = 0; k < fn->num_calls; k++) {
      if (find_cycle(fn->calls[k], state, all, n))
         return true;
   }
   state[i] = 2;
   return false;
}

bool
glsl_shader_has_recursion(struct glsl_arena *a, const struct glsl_shader_info *info,
                          const struct glsl_function **where)
{
   uint8_t *state = glsl_alloc_array(a, info->num_functions ? info->num_functions : 1, 1);
   for (unsigned i = 0; i < info->num_functions; i++) {
      if (state[i] == 0 && find_cycle(info->functions[i], state, info->functions,
                                      info->num_functions)) {
         if (where)
            *where = info->functions[i];
         return true;
      }
   }
   return false;
}

bool
glsl_sema(struct glsl_arena *a, struct glsl_log *log, struct glsl_ast_unit *unit,
          const struct glsl_features *f, const struct glsl_sema_options *opts,
          struct glsl_shader_info *out)
{
   static const struct glsl_sema_options no_opts;
   struct sema s;
   memset(&s, 0, sizeof s);
   memset(out, 0, sizeof *out);
   s.a = a;
   s.log = log;
   s.f = f;
   s.v = unit->version;
   s.stage = unit->stage;
   s.opts = opts ? opts : &no_opts;
   s.info = out;
   s.nbuckets = 256;
   s.buckets = glsl_alloc_array(a, s.nbuckets, sizeof *s.buckets);
   s.env.features = *f;
   s.env.stage = unit->stage;
   s.env.compatibility = s.opts->compatibility;
   s.block_packing = GLSL_PACKING_SHARED;
   s.block_matrix = GLSL_MATRIX_LAYOUT_COLUMN_MAJOR;
   if (s.opts->limits)
      s.limits = *s.opts->limits;
   else
      glsl_builtin_limits_default(&s.limits, unit->version);
   /* ES vertex shaders: float and int default to highp; fragment: int
    * mediump, float none (ES 1.00 4.5.3) */
   if (s.v.es) {
      s.default_int = s.stage == GLSL_STAGE_VERTEX ? GLSL_PRECISION_HIGH : GLSL_PRECISION_MEDIUM;
      if (s.stage != GLSL_STAGE_FRAGMENT) {
         s.default_float = GLSL_PRECISION_HIGH;
         s.default_float_set = true;
      }
   }
   out->unit = unit;
   out->stage = unit->stage;
   out->version = unit->version;
   out->invariant_all = s.opts->invariant_all;
   out->gs_max_vertices = -1;
   unsigned errors = log->errors;
   if (s.stage == GLSL_STAGE_GEOMETRY && !has(&s, 150, 0)) {
      struct glsl_loc start = { 0, 1, 1 };
      error(&s, start, "geometry shaders need GLSL 1.50 (this shader is %s)",
            glsl_version_text(a, s.v));
      return false;
   }

   for (struct glsl_ast_decl *d = unit->decls; d; d = d->next)
      declaration(&s, d, true);

   /* arrays still without a size take the largest constant index used + 1
    * (GLSL 1.10/1.20 section 4.1.9; unused: one element) */
   for (unsigned i = 0; i < out->num_globals; i++) {
      struct glsl_variable *v = out->globals[i];
      /* (geometry shader inputs wait for the input layout of another
       * shader of the stage: the linker sizes them) */
      if (glsl_type_is_unsized_array(v->type) && !per_vertex_input(&s, v))
         v->type = glsl_type_array(a, v->type->element, v->max_index >= 0 ? v->max_index + 1 : 1);
   }

   /* GLSL 1.10 section 7.2, ES 1.00 section 7.2: "If a shader statically
    * assigns a value to gl_FragColor, it may not assign a value to
    * gl_FragData" (and the other way round) */
   /* EXT_blend_func_extended: the secondary outputs go with their primary
    * form, gl_SecondaryFragColorEXT with gl_FragColor and
    * gl_SecondaryFragDataEXT with gl_FragData; writing across the forms, or
    * both secondary ones, is the same error */
   static const char *const outs[4] = { "gl_FragColor", "gl_FragData", "gl_SecondaryFragColorEXT",
                                        "gl_SecondaryFragDataEXT" };
   const struct glsl_variable *w[4] = { NULL, NULL, NULL, NULL };
   for (unsigned i = 0; i < out->num_globals; i++) {
      const struct glsl_variable *v = out->globals[i];
      for (unsigned k = 0; k < 4; k++) {
         if (v->builtin_row && v->assigned && !strcmp(v->name, outs[k]))
            w[k] = v;
      }
   }
   static const uint8_t clash[4][2] = { { 0, 1 }, { 2, 3 }, { 0, 3 }, { 1, 2 } };
   for (unsigned k = 0; k < 4; k++) {
      const struct glsl_variable *x = w[clash[k][0]], *y = w[clash[k][1]];
      if (!x || !y)
         continue;
      const struct glsl_variable *later =
         x->assign_loc.line > y->assign_loc.line ||
         (x->assign_loc.line == y->assign_loc.line &&
          x->assign_loc.column > y->assign_loc.column) ? x : y;
      error(&s, later->assign_loc, "a shader cannot write both %s and %s", x->name, y->name);
      break;
   }
   /* nor gl_FragColor / gl_FragData and a user-defined output (GLSL 1.30
    * 4.3.6; GL_ARB_explicit_attrib_location's outputs in 1.10 / 1.20) */
   const struct glsl_variable *user = NULL;
   for (unsigned i = 0; i < out->num_globals && !user; i++) {
      const struct glsl_variable *v = out->globals[i];
      if (!v->builtin_row && v->mode == GLSL_VAR_OUT && v->assigned &&
          s.stage == GLSL_STAGE_FRAGMENT)
         user = v;
   }
   const struct glsl_variable *fixed = w[0] ? w[0] : w[1];
   if (user && fixed) {
      const struct glsl_variable *later =
         user->assign_loc.line > fixed->assign_loc.line ||
         (user->assign_loc.line == fixed->assign_loc.line &&
          user->assign_loc.column > fixed->assign_loc.column) ? user : fixed;
      error(&s, later->assign_loc, "a shader cannot write both %s and the output '%s'",
            fixed->name, user->name);
   }

   /* ES: recursion is a compile-time error (desktop: the linker's) */
   const struct glsl_function *where = NULL;
   if (s.v.es && glsl_shader_has_recursion(a, out, &where))
      error(&s, where->loc, "recursion is not allowed (function '%s' calls itself)",
            where->name);
   return log->errors == errors;
}
