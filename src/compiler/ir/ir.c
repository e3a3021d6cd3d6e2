/*
 * Pony IR core: the arena, types, the opcode info table, and creation,
 * insertion, removal and walking of shader objects.
 */
#include "compiler/ir/ir.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_debug.h"

/* ------------------------------------------------------------------ */
/* Opcode table                                                        */
/* ------------------------------------------------------------------ */

#define ALU_INFO(name, n, d, s0, s1, s2, s3, fl, desc_) \
   [IR_OP_##name] = { #name, IR_KIND_ALU, n, fl, d, { s0, s1, s2, s3 }, desc_ },
#define IR_ALU1(name, d, s0, fl, sig, e, desc) ALU_INFO(name, 1, d, s0, 0, 0, 0, fl, desc)
#define IR_ALU2(name, d, s0, s1, fl, sig, e, desc) ALU_INFO(name, 2, d, s0, s1, 0, 0, fl, desc)
#define IR_ALU3(name, d, s0, s1, s2, fl, sig, e, desc) ALU_INFO(name, 3, d, s0, s1, s2, 0, fl, desc)
#define IR_ALU4(name, d, s0, s1, s2, s3, fl, sig, e, desc) \
   ALU_INFO(name, 4, d, s0, s1, s2, s3, fl, desc)
#define IR_OP(name, kind_, fl, desc_) \
   [IR_OP_##name] = { #name, kind_, 0, fl, 0, { 0, 0, 0, 0 }, desc_ },

const struct ir_op_info ir_op_infos[IR_NUM_OPS] = {
#include "compiler/ir/ir_opcodes.h"
};
#undef ALU_INFO

bool
ir_op_from_name(const char *name, size_t len, enum ir_op *out)
{
   for (unsigned i = 0; i < IR_NUM_OPS; i++) {
      if (strlen(ir_op_infos[i].name) == len && !memcmp(ir_op_infos[i].name, name, len)) {
         *out = (enum ir_op)i;
         return true;
      }
   }
   return false;
}

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

static const char *const scalar_names[IR_NUM_BASE_TYPES][3] = {
   /*              16         32       64 */
   [IR_FLOAT] = { "float16", "float", "double" },
   [IR_INT]   = { "int16",   "int",   "int64" },
   [IR_UINT]  = { "uint16",  "uint",  "uint64" },
   [IR_BOOL]  = { NULL,      "bool",  NULL },
};
static const char *const vec_prefixes[IR_NUM_BASE_TYPES][3] = {
   [IR_FLOAT] = { "f16vec", "vec",  "dvec" },
   [IR_INT]   = { "i16vec", "ivec", "i64vec" },
   [IR_UINT]  = { "u16vec", "uvec", "u64vec" },
   [IR_BOOL]  = { NULL,     "bvec", NULL },
};

static int
bits_slot(unsigned bits)
{
   return bits == 16 ? 0 : bits == 32 ? 1 : bits == 64 ? 2 : -1;
}

const char *
ir_type_name(struct ir_type t, char buf[16])
{
   if (!t.comps)
      return "void";
   int slot = bits_slot(t.bits);
   if (t.base >= IR_NUM_BASE_TYPES || slot < 0 || t.comps > 4 || !scalar_names[t.base][slot])
      return "<badtype>";
   if (t.comps == 1)
      return scalar_names[t.base][slot];
   snprintf(buf, 16, "%s%u", vec_prefixes[t.base][slot], t.comps);
   return buf;
}

bool
ir_type_from_name(const char *name, size_t len, struct ir_type *out)
{
   char buf[16];
   for (unsigned b = 0; b < IR_NUM_BASE_TYPES; b++) {
      for (unsigned slot = 0; slot < 3; slot++) {
         for (unsigned c = 1; c <= 4; c++) {
            struct ir_type t = { (uint8_t)b, (uint8_t)(16u << slot), (uint8_t)c };
            if (!scalar_names[b][slot])
               continue;
            const char *n = ir_type_name(t, buf);
            if (strlen(n) == len && !memcmp(n, name, len)) {
               *out = t;
               return true;
            }
         }
      }
   }
   return false;
}

/* ------------------------------------------------------------------ */
/* Names of enums                                                      */
/* ------------------------------------------------------------------ */

const char *
ir_var_mode_name(enum ir_var_mode m)
{
   static const char *const names[] = { "input", "output", "uniform", "local", "sampler" };
   return m < IR_NUM_VAR_MODES ? names[m] : "?";
}

const char *
ir_semantic_name(enum ir_semantic s)
{
   static const char *const names[] = {
      "generic", "position", "point_size", "clip_distance", "frag_coord", "front_face",
      "point_coord", "frag_depth", "sample_id", "vertex_id", "instance_id", "last_frag_data",
      "primitive_id", "layer",
   };
   return s < IR_NUM_SEMANTICS ? names[s] : "?";
}

const char *
ir_interp_name(enum ir_interp i)
{
   static const char *const names[] = { "smooth", "flat", "noperspective", "centroid", "sample" };
   return i < IR_NUM_INTERPS ? names[i] : "?";
}

const char *
ir_tex_target_name(enum ir_tex_target t)
{
   static const char *const names[] = {
      "1d", "2d", "3d", "cube", "1darray", "2darray", "cubearray", "rect", "buffer", "2dms",
      "2dmsarray",
   };
   return t < IR_NUM_TEX_TARGETS ? names[t] : "?";
}

const char *
ir_tex_src_name(enum ir_tex_src k)
{
   static const char *const names[] = {
      "coord", "bias", "lod", "ddx", "ddy", "offset", "compare", "proj", "sample",
   };
   return k < IR_NUM_TEX_SRCS ? names[k] : "?";
}

const char *
ir_stage_name(enum ir_stage st)
{
   static const char *const names[] = { "vertex", "fragment", "geometry", "compute" };
   return st < IR_NUM_STAGES ? names[st] : "?";
}

const char *
ir_prim_name(enum ir_prim p)
{
   static const char *const names[] = {
      "none", "points", "lines", "lines_adjacency", "triangles", "triangles_adjacency",
      "line_strip", "triangle_strip",
   };
   return p < IR_NUM_PRIMS ? names[p] : "?";
}

unsigned
ir_prim_vertices(enum ir_prim p)
{
   switch (p) {
   case IR_PRIM_POINTS: return 1;
   case IR_PRIM_LINES: return 2;
   case IR_PRIM_LINES_ADJACENCY: return 4;
   case IR_PRIM_TRIANGLES: return 3;
   case IR_PRIM_TRIANGLES_ADJACENCY: return 6;
   default: return 0;
   }
}

unsigned
ir_tex_target_coords(enum ir_tex_target t)
{
   static const uint8_t n[] = { 1, 2, 3, 3, 2, 3, 4, 2, 1, 2, 3 };
   return n[t];
}

unsigned
ir_tex_target_dims(enum ir_tex_target t)
{
   static const uint8_t n[] = { 1, 2, 3, 3, 1, 2, 3, 2, 1, 2, 2 };
   return n[t];
}

unsigned
ir_tex_target_size_comps(enum ir_tex_target t)
{
   static const uint8_t n[] = { 1, 2, 3, 2, 2, 3, 3, 2, 1, 2, 3 };
   return n[t];
}

bool
ir_tex_target_is_array(enum ir_tex_target t)
{
   return t == IR_TEX_1D_ARRAY || t == IR_TEX_2D_ARRAY || t == IR_TEX_CUBE_ARRAY ||
          t == IR_TEX_2D_MS_ARRAY;
}

enum ir_var_mode
ir_var_op_mode(enum ir_op op)
{
   switch (op) {
   case IR_OP_load_input: return IR_VAR_INPUT;
   case IR_OP_load_output:
   case IR_OP_store_output: return IR_VAR_OUTPUT;
   case IR_OP_load_uniform: return IR_VAR_UNIFORM;
   case IR_OP_load_local:
   case IR_OP_store_local: return IR_VAR_LOCAL;
   default: return IR_NUM_VAR_MODES;
   }
}

/* ------------------------------------------------------------------ */
/* Arena                                                               */
/* ------------------------------------------------------------------ */

struct ir_arena_chunk {
   struct ir_arena_chunk *next;
   size_t used, size;
   max_align_t data[];
};

#define IR_ARENA_CHUNK (64 * 1024)

void *
ir_alloc(struct ir_shader *s, size_t size)
{
   size = (size + 15) & ~(size_t)15;
   struct ir_arena_chunk *c = s->arena;
   if (!c || c->size - c->used < size) {
      size_t csize = size > IR_ARENA_CHUNK ? size : IR_ARENA_CHUNK;
      struct ir_arena_chunk *n = malloc(sizeof(*n) + csize);
      if (!n) {
         fprintf(stderr, "pony: ir: out of memory\n");
         abort();
      }
      n->used = 0;
      n->size = csize;
      if (c && size > IR_ARENA_CHUNK) {
         /* big one-off: keep the current chunk on top */
         n->next = c->next;
         c->next = n;
      } else {
         n->next = c;
         s->arena = n;
      }
      c = n;
   }
   void *p = (char *)c->data + c->used;
   c->used += size;
   memset(p, 0, size);
   return p;
}

char *
ir_strdup(struct ir_shader *s, const char *str, size_t len)
{
   char *p = ir_alloc(s, len + 1);
   memcpy(p, str, len);
   p[len] = 0;
   return p;
}

static const struct pony_debug_flag ir_debug_table[] = {
   { "print",      IR_DEBUG_PRINT,      "print the shader after each pass that made progress" },
   { "validate",   IR_DEBUG_VALIDATE,   "validate after each pass even in release builds" },
   { "novalidate", IR_DEBUG_NOVALIDATE, "skip validation after passes in debug builds" },
   { "roundtrip",  IR_DEBUG_ROUNDTRIP,  "print, parse and print again after each pass" },
   { NULL, 0, NULL },
};

struct ir_shader *
ir_shader_create(enum ir_stage stage)
{
   struct ir_shader *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   s->stage = stage;
   if (stage == IR_STAGE_GEOMETRY)
      s->gs.invocations = 1;
   s->debug_flags = pony_debug_parse("PONY_IR_DEBUG", ir_debug_table);
   return s;
}

void
ir_shader_destroy(struct ir_shader *s)
{
   if (!s)
      return;
   struct ir_arena_chunk *c = s->arena;
   while (c) {
      struct ir_arena_chunk *n = c->next;
      free(c);
      c = n;
   }
   free(s);
}

/* ------------------------------------------------------------------ */
/* Variables, functions, blocks                                        */
/* ------------------------------------------------------------------ */

struct ir_var *
ir_var_create(struct ir_shader *s, enum ir_var_mode mode, struct ir_type type,
              unsigned array_len, const char *name)
{
   struct ir_var *v = ir_alloc(s, sizeof(*v));
   v->name = ir_strdup(s, name, strlen(name));
   v->mode = mode;
   v->type = type;
   v->array_len = array_len;
   v->index = s->num_vars++;
   if (s->vars_tail)
      s->vars_tail->next = v;
   else
      s->vars = v;
   s->vars_tail = v;
   return v;
}

struct ir_var *
ir_shader_find_var(struct ir_shader *s, const char *name, size_t len)
{
   for (struct ir_var *v = s->vars; v; v = v->next)
      if (strlen(v->name) == len && !memcmp(v->name, name, len))
         return v;
   return NULL;
}

struct ir_block *
ir_block_create(struct ir_shader *s, struct ir_function *f, struct ir_instr *parent)
{
   struct ir_block *b = ir_alloc(s, sizeof(*b));
   b->func = f;
   b->parent = parent;
   return b;
}

struct ir_function *
ir_function_create(struct ir_shader *s, const char *name, struct ir_type ret)
{
   struct ir_function *f = ir_alloc(s, sizeof(*f));
   f->name = ir_strdup(s, name, strlen(name));
   f->ret = ret;
   f->shader = s;
   f->body = ir_block_create(s, f, NULL);
   if (s->functions_tail)
      s->functions_tail->next = f;
   else
      s->functions = f;
   s->functions_tail = f;
   return f;
}

void
ir_function_remove(struct ir_function *f)
{
   struct ir_shader *s = f->shader;
   struct ir_function **pp = &s->functions, *prev = NULL;
   while (*pp && *pp != f) {
      prev = *pp;
      pp = &(*pp)->next;
   }
   if (!*pp)
      return;
   *pp = f->next;
   if (s->functions_tail == f)
      s->functions_tail = prev;
   f->next = NULL;
}

struct ir_instr *
ir_function_add_param(struct ir_function *f, struct ir_type type)
{
   struct ir_shader *s = f->shader;
   struct ir_instr *p = ir_instr_create(s, IR_OP_param, type, 0);
   p->u.param_of = f;
   struct ir_instr **np = ir_alloc(s, sizeof(*np) * (f->num_params + 1));
   if (f->num_params)
      memcpy(np, f->params, sizeof(*np) * f->num_params);
   np[f->num_params++] = p;
   f->params = np;
   return p;
}

struct ir_function *
ir_shader_find_function(struct ir_shader *s, const char *name, size_t len)
{
   for (struct ir_function *f = s->functions; f; f = f->next)
      if (strlen(f->name) == len && !memcmp(f->name, name, len))
         return f;
   return NULL;
}

struct ir_function *
ir_shader_main(struct ir_shader *s)
{
   return ir_shader_find_function(s, "main", 4);
}

/* ------------------------------------------------------------------ */
/* Instructions                                                        */
/* ------------------------------------------------------------------ */

struct ir_instr *
ir_instr_create(struct ir_shader *s, enum ir_op op, struct ir_type type, unsigned num_srcs)
{
   struct ir_instr *in = ir_alloc(s, sizeof(*in));
   in->op = (uint16_t)op;
   in->type = type;
   in->num_srcs = (uint16_t)num_srcs;
   if (num_srcs)
      in->src = ir_alloc(s, sizeof(*in->src) * num_srcs);
   if (op == IR_OP_if) {
      in->u.cif.then_body = ir_block_create(s, NULL, in);
      in->u.cif.else_body = ir_block_create(s, NULL, in);
   } else if (op == IR_OP_loop) {
      in->u.loop.body = ir_block_create(s, NULL, in);
   }
   return in;
}

unsigned
ir_instr_child_blocks(struct ir_instr *in, struct ir_block *out[2])
{
   if (in->op == IR_OP_if) {
      out[0] = in->u.cif.then_body;
      out[1] = in->u.cif.else_body;
      return 2;
   }
   if (in->op == IR_OP_loop) {
      out[0] = in->u.loop.body;
      return 1;
   }
   return 0;
}

/* Child blocks learn their function when their parent is inserted. */
static void
set_block_func(struct ir_block *b, struct ir_function *f)
{
   b->func = f;
   for (struct ir_instr *in = b->first; in; in = in->next) {
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++)
         set_block_func(kids[i], f);
   }
}

static void
inserted(struct ir_instr *in, struct ir_block *b)
{
   in->block = b;
   struct ir_block *kids[2];
   unsigned n = ir_instr_child_blocks(in, kids);
   for (unsigned i = 0; i < n; i++)
      set_block_func(kids[i], b->func);
}

void
ir_instr_insert_before(struct ir_instr *pos, struct ir_instr *in)
{
   struct ir_block *b = pos->block;
   in->prev = pos->prev;
   in->next = pos;
   if (pos->prev)
      pos->prev->next = in;
   else
      b->first = in;
   pos->prev = in;
   inserted(in, b);
}

void
ir_instr_insert_after(struct ir_instr *pos, struct ir_instr *in)
{
   struct ir_block *b = pos->block;
   in->next = pos->next;
   in->prev = pos;
   if (pos->next)
      pos->next->prev = in;
   else
      b->last = in;
   pos->next = in;
   inserted(in, b);
}

void
ir_block_append(struct ir_block *b, struct ir_instr *in)
{
   if (b->last) {
      ir_instr_insert_after(b->last, in);
      return;
   }
   in->prev = in->next = NULL;
   b->first = b->last = in;
   inserted(in, b);
}

void
ir_block_prepend(struct ir_block *b, struct ir_instr *in)
{
   if (b->first)
      ir_instr_insert_before(b->first, in);
   else
      ir_block_append(b, in);
}

void
ir_instr_remove(struct ir_instr *in)
{
   struct ir_block *b = in->block;
   if (!b)
      return;
   if (in->prev)
      in->prev->next = in->next;
   else
      b->first = in->next;
   if (in->next)
      in->next->prev = in->prev;
   else
      b->last = in->prev;
   in->prev = in->next = NULL;
   in->block = NULL;
}

struct ir_shader *
ir_instr_shader(const struct ir_instr *in)
{
   if (in->op == IR_OP_param)
      return in->u.param_of->shader;
   return in->block && in->block->func ? in->block->func->shader : NULL;
}

struct ir_instr *
ir_tex_get_src(const struct ir_instr *in, enum ir_tex_src kind)
{
   for (unsigned i = 0; i < in->num_srcs; i++)
      if (in->u.tex.kind[i] == kind)
         return in->src[i];
   return NULL;
}

/* ------------------------------------------------------------------ */
/* Walking                                                             */
/* ------------------------------------------------------------------ */

static void
block_foreach(struct ir_block *b, ir_instr_cb cb, void *data)
{
   struct ir_instr *next;
   for (struct ir_instr *in = b->first; in; in = next) {
      next = in->next;
      cb(in, data);
      if (in->block != b)
         continue;   /* removed (or moved) by the callback */
      next = in->next;
      struct ir_block *kids[2];
      unsigned n = ir_instr_child_blocks(in, kids);
      for (unsigned i = 0; i < n; i++)
         block_foreach(kids[i], cb, data);
   }
}

void
ir_function_foreach_instr(struct ir_function *f, ir_instr_cb cb, void *data)
{
   block_foreach(f->body, cb, data);
}

void
ir_shader_foreach_instr(struct ir_shader *s, ir_instr_cb cb, void *data)
{
   for (struct ir_function *f = s->functions; f; f = f->next)
      block_foreach(f->body, cb, data);
}

static void
replace_one_cb(struct ir_instr *in, void *data)
{
   struct ir_instr **pair = data;
   for (unsigned i = 0; i < in->num_srcs; i++)
      if (in->src[i] == pair[0])
         in->src[i] = pair[1];
}

void
ir_replace_uses(struct ir_shader *s, struct ir_instr *old, struct ir_instr *rep)
{
   struct ir_instr *pair[2] = { old, rep };
   ir_shader_foreach_instr(s, replace_one_cb, pair);
}

static void
replace_batch_cb(struct ir_instr *in, void *data)
{
   (void)data;
   for (unsigned i = 0; i < in->num_srcs; i++) {
      struct ir_instr *v = in->src[i];
      unsigned guard = 0;
      while (v && v->replacement && guard++ < 1000000)
         v = v->replacement;
      in->src[i] = v;
   }
}

static void
clear_repl_cb(struct ir_instr *in, void *data)
{
   (void)data;
   in->replacement = NULL;
}

void
ir_clear_replacements(struct ir_shader *s)
{
   ir_shader_foreach_instr(s, clear_repl_cb, NULL);
   for (struct ir_function *f = s->functions; f; f = f->next)
      for (unsigned i = 0; i < f->num_params; i++)
         f->params[i]->replacement = NULL;
}

void
ir_replace_uses_batch(struct ir_shader *s)
{
   ir_shader_foreach_instr(s, replace_batch_cb, NULL);
}

static void
zero_uses_cb(struct ir_instr *in, void *data)
{
   (void)data;
   in->pass_flags = 0;
}

static void
count_uses_cb(struct ir_instr *in, void *data)
{
   (void)data;
   for (unsigned i = 0; i < in->num_srcs; i++)
      if (in->src[i])
         in->src[i]->pass_flags++;
}

void
ir_count_uses(struct ir_shader *s)
{
   ir_shader_foreach_instr(s, zero_uses_cb, NULL);
   for (struct ir_function *f = s->functions; f; f = f->next)
      for (unsigned i = 0; i < f->num_params; i++)
         f->params[i]->pass_flags = 0;
   ir_shader_foreach_instr(s, count_uses_cb, NULL);
}

static void
number_cb(struct ir_instr *in, void *data)
{
   uint32_t *next = data;
   if (ir_instr_has_dest(in))
      in->index = (*next)++;
}

void
ir_shader_number(struct ir_shader *s)
{
   for (struct ir_function *f = s->functions; f; f = f->next) {
      uint32_t next = 0;
      for (unsigned i = 0; i < f->num_params; i++)
         f->params[i]->index = next++;
      ir_function_foreach_instr(f, number_cb, &next);
      f->num_values = next;
   }
}

/* ------------------------------------------------------------------ */
/* Cloning                                                             */
/* ------------------------------------------------------------------ */

static struct ir_instr *
mapped(struct ir_instr *v)
{
   return v && v->replacement ? v->replacement : v;
}

void
ir_clone_block_into(struct ir_shader *s, struct ir_block *src, struct ir_block *dst,
                    struct ir_instr *pos)
{
   for (struct ir_instr *in = src->first; in; in = in->next) {
      struct ir_instr *c = ir_instr_create(s, (enum ir_op)in->op, in->type, in->num_srcs);
      struct ir_block *then_b = NULL, *else_b = NULL, *body = NULL;
      if (in->op == IR_OP_if) {
         then_b = c->u.cif.then_body;
         else_b = c->u.cif.else_body;
      } else if (in->op == IR_OP_loop) {
         body = c->u.loop.body;
      }
      c->u = in->u;
      if (in->op == IR_OP_if) {
         c->u.cif.then_body = then_b;
         c->u.cif.else_body = else_b;
      } else if (in->op == IR_OP_loop) {
         c->u.loop.body = body;
      }
      for (unsigned i = 0; i < in->num_srcs; i++)
         c->src[i] = mapped(in->src[i]);
      if (pos)
         ir_instr_insert_before(pos, c);
      else
         ir_block_append(dst, c);
      in->replacement = c;
      if (in->op == IR_OP_if) {
         ir_clone_block_into(s, in->u.cif.then_body, then_b, NULL);
         ir_clone_block_into(s, in->u.cif.else_body, else_b, NULL);
      } else if (in->op == IR_OP_loop) {
         ir_clone_block_into(s, in->u.loop.body, body, NULL);
      }
   }
}

struct ir_shader *
ir_shader_clone(const struct ir_shader *s)
{
   /* The text format carries everything, so a clone is a round trip. */
   char *text = ir_print_shader_to_string(s);
   if (!text)
      return NULL;
   char err[256];
   struct ir_shader *c = ir_parse(text, err, sizeof(err));
   free(text);
   if (c)
      c->debug_flags = s->debug_flags;
   return c;
}

/* ------------------------------------------------------------------ */
/* String buffer                                                       */
/* ------------------------------------------------------------------ */

void
ir_strbuf_printf(struct ir_strbuf *sb, const char *fmt, ...)
{
   va_list ap;
   for (;;) {
      size_t avail = sb->cap - sb->len;
      va_start(ap, fmt);
      int n = vsnprintf(sb->data ? sb->data + sb->len : NULL, avail, fmt, ap);
      va_end(ap);
      if (n < 0)
         return;
      if ((size_t)n < avail) {
         sb->len += (size_t)n;
         return;
      }
      size_t ncap = sb->cap ? sb->cap * 2 : 256;
      while (ncap < sb->len + (size_t)n + 1)
         ncap *= 2;
      char *nd = realloc(sb->data, ncap);
      if (!nd) {
         fprintf(stderr, "pony: ir: out of memory\n");
         abort();
      }
      sb->data = nd;
      sb->cap = ncap;
   }
}

void
ir_strbuf_free(struct ir_strbuf *sb)
{
   free(sb->data);
   sb->data = NULL;
   sb->len = sb->cap = 0;
}

/* ------------------------------------------------------------------ */
/* IR_PASS support                                                     */
/* ------------------------------------------------------------------ */

void
ir_pass_done(struct ir_shader *s, const char *pass, bool progress, const char *file, int line)
{
   bool validate = (IR_DEBUG_BUILD && !(s->debug_flags & IR_DEBUG_NOVALIDATE)) ||
                   (s->debug_flags & IR_DEBUG_VALIDATE);
   if (progress && (s->debug_flags & IR_DEBUG_PRINT)) {
      fprintf(stderr, "pony: ir: after %s (%s:%d):\n", pass, file, line);
      ir_print_shader(s, stderr);
   }
   if (validate) {
      char *errors = NULL;
      if (!ir_validate(s, &errors)) {
         fprintf(stderr, "pony: ir: invalid shader after %s (%s:%d)%s:\n%s", pass, file, line,
                 progress ? "" : ", which reported no progress", errors ? errors : "");
         free(errors);
         ir_print_shader(s, stderr);
         abort();
      }
   }
   if (progress && (s->debug_flags & IR_DEBUG_ROUNDTRIP)) {
      char *a = ir_print_shader_to_string(s);
      struct ir_shader *c = ir_shader_clone(s);
      char *b = c ? ir_print_shader_to_string(c) : NULL;
      if (!a || !b || strcmp(a, b)) {
         fprintf(stderr, "pony: ir: print/parse round trip differs after %s (%s:%d)\n", pass,
                 file, line);
         abort();
      }
      free(a);
      free(b);
      ir_shader_destroy(c);
   }
}
