/*
 * Pony IR validator: block structure, SSA dominance, operand types from the
 * opcode table, variable/texture/call rules.  Every error names the
 * function and the instruction as the printer prints it.
 */
#include "compiler/ir/ir.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct vstate {
   struct ir_shader *s;
   struct ir_strbuf sb;
   unsigned errors;
   struct ir_function *f;
   unsigned loop_depth;
   uint32_t epoch;
};

static void __attribute__((format(printf, 3, 4)))
verr(struct vstate *vs, struct ir_instr *in, const char *fmt, ...)
{
   if (vs->errors++ > 50)
      return;
   char msg[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   ir_strbuf_printf(&vs->sb, "error: %s\n", msg);
   if (in) {
      ir_strbuf_printf(&vs->sb, "   in @%s: ", vs->f ? vs->f->name : "?");
      ir_print_instr(in, &vs->sb);
      ir_strbuf_printf(&vs->sb, "\n");
   } else if (vs->f) {
      ir_strbuf_printf(&vs->sb, "   in @%s\n", vs->f->name);
   }
}

static bool
type_valid(struct ir_type t)
{
   if (t.comps < 1 || t.comps > 4 || t.base >= IR_NUM_BASE_TYPES)
      return false;
   if (t.base == IR_BOOL)
      return t.bits == 32;
   return t.bits == 16 || t.bits == 32 || t.bits == 64;
}

static const char *
tn(struct ir_type t, char buf[16])
{
   return ir_type_name(t, buf);
}

/* ------------------------------------------------------------------ */

static void
check_alu(struct vstate *vs, struct ir_instr *in)
{
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   char b1[16], b2[16];
   int n = -1;

   if (in->num_srcs != info->num_srcs) {
      verr(vs, in, "%s takes %u sources, has %u", info->name, info->num_srcs, in->num_srcs);
      return;
   }
   unsigned dbase = IR_TY_BASE(info->dst), dsize = IR_TY_SIZE(info->dst);
   if (!(dbase & (1u << in->type.base)))
      verr(vs, in, "%s cannot produce a %s", info->name, tn(in->type, b1));
   if (dsize == IR_TSIZE_N)
      n = in->type.comps;
   else if (in->type.comps != dsize)
      verr(vs, in, "%s produces %u component(s), not %u", info->name, dsize, in->type.comps);

   for (unsigned i = 0; i < in->num_srcs; i++) {
      struct ir_instr *src = in->src[i];
      if (!src || !ir_instr_has_dest(src))
         return;   /* reported by the generic source check */
      unsigned sbase = IR_TY_BASE(info->src[i]), ssize = IR_TY_SIZE(info->src[i]);
      struct ir_type st = src->type;
      bool base_ok;
      if (sbase == IR_TBASE_D)
         base_ok = st.base == in->type.base;
      else if (sbase == IR_TBASE_S)
         base_ok = in->src[0] && st.base == in->src[0]->type.base;
      else
         base_ok = (sbase & (1u << st.base)) != 0;
      if (!base_ok)
         verr(vs, in, "source %u of %s has the wrong base type (%s)", i, info->name,
              tn(st, b1));
      if (in->op != IR_OP_bitcast && st.bits != in->type.bits && st.base != IR_BOOL &&
          in->type.base != IR_BOOL)
         verr(vs, in, "source %u of %s is %u-bit, the result %u-bit", i, info->name, st.bits,
              in->type.bits);
      if (in->op == IR_OP_bitcast && st.bits != in->type.bits)
         verr(vs, in, "bitcast between different bit sizes (%s -> %s)", tn(st, b1),
              tn(in->type, b2));
      if (ssize == IR_TSIZE_N) {
         if (n < 0)
            n = st.comps;
         else if (st.comps != n)
            verr(vs, in, "source %u of %s has %u component(s), expected %d", i, info->name,
                 st.comps, n);
      } else if (ssize != IR_TSIZE_NONE && st.comps != ssize) {
         verr(vs, in, "source %u of %s must have %u component(s), has %u", i, info->name,
              ssize, st.comps);
      }
   }
}

static void
check_swizzle(struct vstate *vs, struct ir_instr *in)
{
   if (in->num_srcs != 1 || !in->src[0] || !ir_instr_has_dest(in->src[0])) {
      verr(vs, in, "swizzle needs one source value");
      return;
   }
   struct ir_type st = in->src[0]->type;
   if (st.base != in->type.base || st.bits != in->type.bits)
      verr(vs, in, "swizzle changes the base type");
   for (unsigned c = 0; c < in->type.comps; c++)
      if (in->u.swizzle[c] >= st.comps)
         verr(vs, in, "swizzle component %c is past the source's %u component(s)",
              "xyzw"[in->u.swizzle[c] & 3], st.comps);
}

static bool
var_in_shader(struct ir_shader *s, struct ir_var *v)
{
   for (struct ir_var *x = s->vars; x; x = x->next)
      if (x == v)
         return true;
   return false;
}

static bool
is_int_scalar(struct ir_instr *v)
{
   return v && v->type.comps == 1 && (v->type.base == IR_INT || v->type.base == IR_UINT);
}

static void
check_var(struct vstate *vs, struct ir_instr *in)
{
   struct ir_var *v = in->u.var.var;
   char b1[16], b2[16];
   bool store = ir_op_is_store((enum ir_op)in->op);
   if (!v || !var_in_shader(vs->s, v)) {
      verr(vs, in, "variable access to a variable not declared in this shader");
      return;
   }
   if (v->mode != ir_var_op_mode((enum ir_op)in->op))
      verr(vs, in, "@%s is a %s variable, not %s", v->name, ir_var_mode_name(v->mode),
           ir_var_mode_name(ir_var_op_mode((enum ir_op)in->op)));
   unsigned want = (store ? 1u : 0u) + (in->u.var.indirect ? 1u : 0u);
   if (in->num_srcs != want) {
      verr(vs, in, "wrong number of sources");
      return;
   }
   if (in->u.var.indirect) {
      if (!v->array_len)
         verr(vs, in, "dynamic index into @%s, which is not an array", v->name);
      if (!is_int_scalar(ir_var_access_index(in)))
         verr(vs, in, "array index must be an int or uint scalar");
   } else if (v->array_len ? in->u.var.offset >= v->array_len : in->u.var.offset != 0) {
      verr(vs, in, "index %u out of bounds of @%s", in->u.var.offset, v->name);
   }
   if (store) {
      if (ir_instr_has_dest(in))
         verr(vs, in, "a store has no result");
      struct ir_instr *val = in->src[0];
      if (val && ir_instr_has_dest(val) && !ir_type_equal(val->type, v->type))
         verr(vs, in, "storing a %s into @%s of type %s", tn(val->type, b1), v->name,
              tn(v->type, b2));
   } else if (!ir_type_equal(in->type, v->type)) {
      verr(vs, in, "loading @%s of type %s as %s", v->name, tn(v->type, b1),
           tn(in->type, b2));
   }
   if (in->op == IR_OP_load_output && vs->s->stage != IR_STAGE_FRAGMENT &&
       vs->s->stage != IR_STAGE_VERTEX && vs->s->stage != IR_STAGE_GEOMETRY)
      verr(vs, in, "load_output in a %s shader", ir_stage_name(vs->s->stage));
}

static void
check_tex(struct vstate *vs, struct ir_instr *in)
{
   struct ir_var *smp = in->u.tex.sampler;
   char b1[16];
   if (!smp || !var_in_shader(vs->s, smp) || smp->mode != IR_VAR_SAMPLER) {
      verr(vs, in, "texture operation without a declared sampler");
      return;
   }
   enum ir_op op = (enum ir_op)in->op;
   enum ir_tex_target t = smp->target;
   bool ms = t == IR_TEX_2D_MS || t == IR_TEX_2D_MS_ARRAY;
   bool nolod = ms || t == IR_TEX_BUFFER || t == IR_TEX_RECT;
   unsigned allowed = 0, required = 0;
#define K(x) (1u << IR_TEX_SRC_##x)
   switch (op) {
   case IR_OP_tex: allowed = K(COORD) | K(OFFSET) | K(COMPARE) | K(PROJ); break;
   case IR_OP_txb: allowed = K(COORD) | K(BIAS) | K(OFFSET) | K(COMPARE) | K(PROJ);
                   required = K(BIAS); break;
   case IR_OP_txl: allowed = K(COORD) | K(LOD) | K(OFFSET) | K(COMPARE) | K(PROJ);
                   required = K(LOD); break;
   case IR_OP_txd: allowed = K(COORD) | K(DDX) | K(DDY) | K(OFFSET) | K(COMPARE) | K(PROJ);
                   required = K(DDX) | K(DDY); break;
   case IR_OP_txf: allowed = K(COORD) | K(LOD) | K(OFFSET);
                   required = nolod ? 0 : K(LOD); break;
   case IR_OP_txf_ms: allowed = K(COORD) | K(SAMPLE); required = K(SAMPLE); break;
   case IR_OP_txs: allowed = K(LOD); required = nolod ? 0 : K(LOD); break;
   case IR_OP_tg4: allowed = K(COORD) | K(OFFSET) | K(COMPARE); break;
   case IR_OP_lod: allowed = K(COORD); break;
   case IR_OP_query_levels: allowed = 0; break;
   case IR_OP_query_samples: allowed = 0; break;
   default: break;
   }
   if (op != IR_OP_txs && op != IR_OP_query_levels && op != IR_OP_query_samples)
      required |= K(COORD);
   if (smp->shadow && (op == IR_OP_tex || op == IR_OP_txb || op == IR_OP_txl ||
                       op == IR_OP_txd || op == IR_OP_tg4))
      required |= K(COMPARE);
   if (!smp->shadow)
      allowed &= ~K(COMPARE);
   if (nolod)
      allowed &= ~K(LOD);
   if (t == IR_TEX_CUBE || t == IR_TEX_CUBE_ARRAY)
      allowed &= ~K(OFFSET);
#undef K

   /* which operations each kind of target supports */
   if (ms && op != IR_OP_txf_ms && op != IR_OP_txs && op != IR_OP_query_samples)
      verr(vs, in, "%s on a multisample sampler", ir_op_info(op)->name);
   if (!ms && (op == IR_OP_txf_ms || op == IR_OP_query_samples))
      verr(vs, in, "%s needs a 2dms or 2dmsarray sampler", ir_op_info(op)->name);
   if (t == IR_TEX_BUFFER && op != IR_OP_txf && op != IR_OP_txs)
      verr(vs, in, "%s on a buffer sampler", ir_op_info(op)->name);
   if ((t == IR_TEX_CUBE || t == IR_TEX_CUBE_ARRAY) && op == IR_OP_txf)
      verr(vs, in, "txf on a cube sampler");

   unsigned present = 0;
   for (unsigned i = 0; i < in->num_srcs; i++) {
      unsigned k = in->u.tex.kind[i];
      struct ir_instr *src = in->src[i];
      if (k >= IR_NUM_TEX_SRCS) {
         verr(vs, in, "bad texture operand kind %u", k);
         continue;
      }
      if (present & (1u << k))
         verr(vs, in, "texture operand %s given twice", ir_tex_src_name((enum ir_tex_src)k));
      present |= 1u << k;
      if (!(allowed & (1u << k)))
         verr(vs, in, "%s does not take a %s operand with a %s%s sampler",
              ir_op_info(op)->name, ir_tex_src_name((enum ir_tex_src)k),
              ir_tex_target_name(t), smp->shadow ? " shadow" : "");
      if (!src || !ir_instr_has_dest(src))
         continue;
      struct ir_type want;
      bool fetch = op == IR_OP_txf || op == IR_OP_txf_ms || op == IR_OP_txs;
      switch ((enum ir_tex_src)k) {
      case IR_TEX_SRC_COORD:
         want = ir_type_make(fetch ? IR_INT : IR_FLOAT, ir_tex_target_coords(t));
         break;
      case IR_TEX_SRC_LOD:
         want = ir_type_make(fetch ? IR_INT : IR_FLOAT, 1);
         break;
      case IR_TEX_SRC_DDX:
      case IR_TEX_SRC_DDY:
         want = ir_type_make(IR_FLOAT, ir_tex_target_dims(t));
         break;
      case IR_TEX_SRC_OFFSET:
         want = ir_type_make(IR_INT, ir_tex_target_dims(t));
         break;
      case IR_TEX_SRC_SAMPLE:
         want = ir_type_make(IR_INT, 1);
         break;
      default:   /* bias, compare, proj */
         want = ir_type_make(IR_FLOAT, 1);
         break;
      }
      if (!ir_type_equal(src->type, want)) {
         char b2[16];
         verr(vs, in, "texture operand %s must be %s, not %s",
              ir_tex_src_name((enum ir_tex_src)k), tn(want, b1), tn(src->type, b2));
      }
   }
   for (unsigned k = 0; k < IR_NUM_TEX_SRCS; k++)
      if ((required & (1u << k)) && !(present & (1u << k)))
         verr(vs, in, "%s needs a %s operand", ir_op_info(op)->name,
              ir_tex_src_name((enum ir_tex_src)k));

   struct ir_type want;
   switch (op) {
   case IR_OP_txs:
      want = ir_type_make(IR_INT, ir_tex_target_size_comps(t));
      break;
   case IR_OP_query_levels:
   case IR_OP_query_samples:
      want = ir_type_make(IR_INT, 1);
      break;
   case IR_OP_lod:
      want = ir_type_make(IR_FLOAT, 2);
      break;
   case IR_OP_txf:
   case IR_OP_txf_ms:
      want = smp->type;
      break;
   case IR_OP_tg4:
      want = smp->shadow ? ir_type_make(IR_FLOAT, 4) : smp->type;
      break;
   default:
      want = smp->shadow ? ir_type_make(IR_FLOAT, 1) : smp->type;
      break;
   }
   if (!ir_type_equal(in->type, want)) {
      char b2[16];
      verr(vs, in, "%s on this sampler returns %s, not %s", ir_op_info(op)->name,
           tn(want, b1), tn(in->type, b2));
   }
}

static void
check_call(struct vstate *vs, struct ir_instr *in)
{
   struct ir_function *callee = in->u.callee;
   char b1[16], b2[16];
   bool found = false;
   for (struct ir_function *f = vs->s->functions; f; f = f->next)
      found |= f == callee;
   if (!callee || !found) {
      verr(vs, in, "call to a function not in this shader");
      return;
   }
   if (callee == vs->f)
      verr(vs, in, "recursive call");
   if (in->num_srcs != callee->num_params) {
      verr(vs, in, "@%s takes %u argument(s), given %u", callee->name, callee->num_params,
           in->num_srcs);
      return;
   }
   for (unsigned i = 0; i < in->num_srcs; i++) {
      struct ir_instr *a = in->src[i];
      if (a && ir_instr_has_dest(a) && !ir_type_equal(a->type, callee->params[i]->type))
         verr(vs, in, "argument %u is %s, parameter is %s", i, tn(a->type, b1),
              tn(callee->params[i]->type, b2));
   }
   if (ir_instr_has_dest(in) && !ir_type_equal(in->type, callee->ret))
      verr(vs, in, "call result is %s but @%s returns %s", tn(in->type, b1), callee->name,
           tn(callee->ret, b2));
}

static void
check_instr(struct vstate *vs, struct ir_instr *in)
{
   char b1[16];
   if (in->op >= IR_NUM_OPS || in->op == IR_OP_param) {
      verr(vs, in, "bad opcode %u in a block", in->op);
      return;
   }
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   enum ir_op op = (enum ir_op)in->op;

   /* destination */
   bool needs_dest = info->kind == IR_KIND_ALU || info->kind == IR_KIND_SWIZZLE ||
                     info->kind == IR_KIND_CONST || info->kind == IR_KIND_UNDEF ||
                     info->kind == IR_KIND_CBUF || info->kind == IR_KIND_TEX ||
                     (info->kind == IR_KIND_VAR && !ir_op_is_store(op));
   bool may_dest = needs_dest || info->kind == IR_KIND_CALL;
   if (ir_instr_has_dest(in) && !type_valid(in->type))
      verr(vs, in, "invalid result type");
   if (needs_dest && !ir_instr_has_dest(in))
      verr(vs, in, "%s needs a result", info->name);
   if (!may_dest && ir_instr_has_dest(in))
      verr(vs, in, "%s has no result", info->name);

   /* sources: present and dominating */
   for (unsigned i = 0; i < in->num_srcs; i++) {
      struct ir_instr *src = in->src[i];
      if (!src) {
         verr(vs, in, "source %u is missing", i);
         continue;
      }
      if (!ir_instr_has_dest(src)) {
         verr(vs, in, "source %u is an instruction without a result", i);
         continue;
      }
      if (src->vmark != vs->epoch)
         verr(vs, in, "source %u (%%%u) is not dominated by its definition "
              "(defined later, inside a nested block, removed or in another function)",
              i, src->index);
   }

   switch ((enum ir_op_kind)info->kind) {
   case IR_KIND_ALU:
      check_alu(vs, in);
      break;
   case IR_KIND_SWIZZLE:
      check_swizzle(vs, in);
      break;
   case IR_KIND_CONST:
   case IR_KIND_UNDEF:
      if (in->num_srcs)
         verr(vs, in, "%s has no sources", info->name);
      break;
   case IR_KIND_VAR:
      check_var(vs, in);
      break;
   case IR_KIND_CBUF:
      if (in->num_srcs != 1 || !in->src[0] || in->src[0]->type.comps != 1 ||
          in->src[0]->type.base != IR_UINT)
         verr(vs, in, "load_cbuf takes one uint byte offset");
      break;
   case IR_KIND_TEX:
      check_tex(vs, in);
      break;
   case IR_KIND_DISCARD:
      if (vs->s->stage != IR_STAGE_FRAGMENT)
         verr(vs, in, "%s outside a fragment shader", info->name);
      if (op == IR_OP_discard_if) {
         if (in->num_srcs != 1 || !in->src[0] ||
             !ir_type_equal(in->src[0]->type, ir_type_make(IR_BOOL, 1)))
            verr(vs, in, "discard_if takes one bool condition");
      } else if (in->num_srcs) {
         verr(vs, in, "discard has no sources");
      }
      break;
   case IR_KIND_JUMP:
      if ((op == IR_OP_break || op == IR_OP_continue) && !vs->loop_depth)
         verr(vs, in, "%s outside a loop", info->name);
      if (op == IR_OP_return) {
         struct ir_type rt = vs->f->ret;
         if (rt.comps == 0 && in->num_srcs)
            verr(vs, in, "return with a value in a void function");
         if (rt.comps && (in->num_srcs != 1 || !in->src[0] ||
                          !ir_type_equal(in->src[0]->type, rt)))
            verr(vs, in, "return must give a %s", tn(rt, b1));
      } else if (in->num_srcs) {
         verr(vs, in, "%s has no sources", info->name);
      }
      break;
   case IR_KIND_IF:
      if (in->num_srcs != 1 || !in->src[0] ||
          !ir_type_equal(in->src[0]->type, ir_type_make(IR_BOOL, 1)))
         verr(vs, in, "if needs one bool condition");
      break;
   case IR_KIND_LOOP:
      if (in->num_srcs)
         verr(vs, in, "loop has no sources");
      break;
   case IR_KIND_CALL:
      check_call(vs, in);
      break;
   case IR_KIND_PARAM:
      break;
   case IR_KIND_EMIT:
      if (vs->s->stage != IR_STAGE_GEOMETRY)
         verr(vs, in, "%s outside a geometry shader", info->name);
      if (in->num_srcs)
         verr(vs, in, "%s has no sources", info->name);
      break;
   }

   if ((info->flags & IR_OPF_TERMINATOR) && in->next)
      verr(vs, in, "%s must be the last instruction of its block", info->name);
   if ((info->flags & IR_OPF_DERIVATIVE) && vs->s->stage != IR_STAGE_FRAGMENT &&
       info->kind == IR_KIND_ALU)
      verr(vs, in, "derivative outside a fragment shader");
}

static void
check_block(struct vstate *vs, struct ir_block *b, struct ir_instr *parent)
{
   if (b->parent != parent)
      verr(vs, parent, "block has the wrong parent");
   if (b->func != vs->f)
      verr(vs, parent, "block belongs to another function");
   struct ir_instr *prev = NULL;
   for (struct ir_instr *in = b->first; in; prev = in, in = in->next) {
      if (in->block != b)
         verr(vs, in, "instruction's block pointer is wrong");
      if (in->prev != prev)
         verr(vs, in, "instruction list is broken (prev)");
      check_instr(vs, in);
      if (ir_instr_has_dest(in))
         in->vmark = vs->epoch;
      if (in->op == IR_OP_if) {
         check_block(vs, in->u.cif.then_body, in);
         check_block(vs, in->u.cif.else_body, in);
      } else if (in->op == IR_OP_loop) {
         vs->loop_depth++;
         check_block(vs, in->u.loop.body, in);
         vs->loop_depth--;
      }
      if (vs->errors > 200)
         break;
   }
   if (b->last != prev)
      verr(vs, parent, "block's last pointer is wrong");
   /* values defined here go out of scope */
   for (struct ir_instr *in = b->first; in; in = in->next)
      in->vmark = 0;
}

/* break out of the loop owning b (not of nested loops) anywhere in b */
static bool
breaks_out(struct ir_block *b)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      if (in->op == IR_OP_break)
         return true;
      if (in->op == IR_OP_if && (breaks_out(in->u.cif.then_body) ||
                                 breaks_out(in->u.cif.else_body)))
         return true;
   }
   return false;
}

/* Does control never fall off the end of b (return/discard on every path,
 * or a loop without a break)? */
static bool
always_leaves(struct ir_block *b)
{
   struct ir_instr *last = b->last;
   if (!last)
      return false;
   switch (last->op) {
   case IR_OP_return:
   case IR_OP_discard:
      return true;
   case IR_OP_if:
      return always_leaves(last->u.cif.then_body) && always_leaves(last->u.cif.else_body);
   case IR_OP_loop:
      return !breaks_out(last->u.loop.body);
   default:
      return false;
   }
}

/* A geometry shader's declarations and the shape of its inputs
 * (struct ir_geometry_info). */
static void
check_geometry(struct vstate *vs)
{
   const struct ir_geometry_info *gs = &vs->s->gs;
   enum ir_prim in = gs->input_prim, out = gs->output_prim;
   unsigned nv = ir_prim_vertices(in);

   if (!nv)
      verr(vs, NULL, "a geometry shader needs an input primitive (input_primitive points, "
           "lines, lines_adjacency, triangles or triangles_adjacency), not %s", ir_prim_name(in));
   if (out != IR_PRIM_POINTS && out != IR_PRIM_LINE_STRIP && out != IR_PRIM_TRIANGLE_STRIP)
      verr(vs, NULL, "a geometry shader needs an output primitive (output_primitive points, "
           "line_strip or triangle_strip), not %s", ir_prim_name(out));
   if (gs->max_vertices < 1 || gs->max_vertices > IR_MAX_GS_VERTICES)
      verr(vs, NULL, "a geometry shader needs max_vertices 1..%u (has %u)", IR_MAX_GS_VERTICES,
           gs->max_vertices);
   if (gs->invocations != 1)
      verr(vs, NULL, "geometry shader invocations %u: only 1 is supported", gs->invocations);
   for (struct ir_var *v = vs->s->vars; v && nv; v = v->next) {
      if (v->mode != IR_VAR_INPUT)
         continue;
      if (v->semantic == IR_SEM_PRIMITIVE_ID) {
         if (v->array_len)
            verr(vs, NULL, "geometry input @%s (primitive_id) is one value per primitive, not "
                 "an array", v->name);
      } else if (!v->array_len || v->array_len % nv) {
         verr(vs, NULL, "geometry input @%s must be an array of %u per-vertex values (a "
              "multiple of %u elements for %s), has %u", v->name, nv, nv, ir_prim_name(in),
              v->array_len);
      }
   }
}

bool
ir_validate(struct ir_shader *s, char **errors)
{
   struct vstate vs;
   memset(&vs, 0, sizeof(vs));
   vs.s = s;
   vs.epoch = ++s->validate_epoch;
   if (!vs.epoch)
      vs.epoch = ++s->validate_epoch;
   if (errors)
      *errors = NULL;

   ir_shader_number(s);

   struct ir_function *main_fn = ir_shader_main(s);
   if (!main_fn)
      verr(&vs, NULL, "the shader has no @main function");
   else if (main_fn->ret.comps || main_fn->num_params)
      verr(&vs, NULL, "@main must return void and take no parameters");

   for (struct ir_var *v = s->vars; v; v = v->next) {
      if (!type_valid(v->type))
         verr(&vs, NULL, "variable @%s has an invalid type", v->name);
      if (v->mode == IR_VAR_SAMPLER && v->target >= IR_NUM_TEX_TARGETS)
         verr(&vs, NULL, "sampler @%s has a bad target", v->name);
      if (v->mode == IR_VAR_INPUT && v->semantic == IR_SEM_PRIMITIVE_ID &&
          s->stage != IR_STAGE_GEOMETRY && s->stage != IR_STAGE_FRAGMENT)
         verr(&vs, NULL, "input @%s: primitive_id is an input of geometry and fragment "
              "shaders only", v->name);
   }
   if (s->stage == IR_STAGE_GEOMETRY)
      check_geometry(&vs);

   for (struct ir_function *f = s->functions; f; f = f->next) {
      vs.f = f;
      if (f->shader != s)
         verr(&vs, NULL, "function belongs to another shader");
      if (f->ret.comps && !type_valid(f->ret))
         verr(&vs, NULL, "function has an invalid return type");
      for (unsigned i = 0; i < f->num_params; i++) {
         struct ir_instr *p = f->params[i];
         if (p->op != IR_OP_param || p->u.param_of != f || !type_valid(p->type))
            verr(&vs, p, "bad parameter %u", i);
         p->vmark = vs.epoch;
      }
      vs.loop_depth = 0;
      check_block(&vs, f->body, NULL);
      if (f->ret.comps && !always_leaves(f->body))
         verr(&vs, NULL, "@%s returns %s but can reach its end without a return", f->name,
              tn(f->ret, (char[16]){ 0 }));
      for (unsigned i = 0; i < f->num_params; i++)
         f->params[i]->vmark = 0;
   }

   if (vs.errors && errors)
      *errors = vs.sb.data;
   else
      ir_strbuf_free(&vs.sb);
   return vs.errors == 0;
}
