/*
 * Pony IR printer.  The output is the text format ir_parse() reads; the
 * printer numbers SSA values per function in program order, so printing
 * a parsed shader reproduces the text exactly.
 */
#include "compiler/ir/ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void
print_float(struct ir_strbuf *sb, float f)
{
   if (isnan(f)) {
      uint32_t bits;
      memcpy(&bits, &f, 4);
      ir_strbuf_printf(sb, "0x%08x", bits);
      return;
   }
   if (isinf(f)) {
      ir_strbuf_printf(sb, f < 0 ? "-inf" : "inf");
      return;
   }
   char buf[64];
   for (int prec = 1; prec <= 9; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, (double)f);
      if (strtof(buf, NULL) == f)
         break;
   }
   if (!strpbrk(buf, ".e"))
      strcat(buf, ".0");
   ir_strbuf_printf(sb, "%s", buf);
}

static void
print_double(struct ir_strbuf *sb, double d)
{
   if (isnan(d)) {
      uint64_t bits;
      memcpy(&bits, &d, 8);
      ir_strbuf_printf(sb, "0x%016llx", (unsigned long long)bits);
      return;
   }
   if (isinf(d)) {
      ir_strbuf_printf(sb, d < 0 ? "-inf" : "inf");
      return;
   }
   char buf[64];
   for (int prec = 1; prec <= 17; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, d);
      if (strtod(buf, NULL) == d)
         break;
   }
   if (!strpbrk(buf, ".e"))
      strcat(buf, ".0");
   ir_strbuf_printf(sb, "%s", buf);
}

static void
print_const_comp(struct ir_strbuf *sb, struct ir_type t, union ir_const_value v)
{
   switch (t.base) {
   case IR_FLOAT:
      if (t.bits == 64)
         print_double(sb, v.f64);
      else if (t.bits == 16)
         ir_strbuf_printf(sb, "0x%04x", v.u16);
      else
         print_float(sb, v.f32);
      break;
   case IR_INT:
      if (t.bits == 64)
         ir_strbuf_printf(sb, "%lld", (long long)v.i64);
      else if (t.bits == 16)
         ir_strbuf_printf(sb, "%d", (int16_t)v.u16);
      else
         ir_strbuf_printf(sb, "%d", v.i32);
      break;
   case IR_UINT:
      if (t.bits == 64)
         ir_strbuf_printf(sb, "%llu", (unsigned long long)v.u64);
      else if (t.bits == 16)
         ir_strbuf_printf(sb, "%u", v.u16);
      else
         ir_strbuf_printf(sb, "%u", v.u32);
      break;
   case IR_BOOL:
      ir_strbuf_printf(sb, v.b ? "true" : "false");
      break;
   }
}

static void
print_value(struct ir_strbuf *sb, const struct ir_instr *v)
{
   if (!v)
      ir_strbuf_printf(sb, "%%<null>");
   else
      ir_strbuf_printf(sb, "%%%u", v->index);
}

static void
print_var_ref(struct ir_strbuf *sb, const struct ir_instr *in)
{
   const struct ir_var *var = in->u.var.var;
   ir_strbuf_printf(sb, "@%s", var ? var->name : "<null>");
   if (in->u.var.indirect) {
      ir_strbuf_printf(sb, "[");
      print_value(sb, ir_var_access_index(in));
      ir_strbuf_printf(sb, "]");
   } else if (var && var->array_len) {
      ir_strbuf_printf(sb, "[%u]", in->u.var.offset);
   }
}

void
ir_print_instr(struct ir_instr *in, struct ir_strbuf *sb)
{
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   char tb[16];

   if (in->op >= IR_NUM_OPS) {
      ir_strbuf_printf(sb, "<bad opcode %u>", in->op);
      return;
   }
   if (ir_instr_has_dest(in))
      ir_strbuf_printf(sb, "%%%u = ", in->index);
   ir_strbuf_printf(sb, "%s", info->name);
   if (ir_instr_has_dest(in))
      ir_strbuf_printf(sb, " %s", ir_type_name(in->type, tb));

   switch ((enum ir_op_kind)info->kind) {
   case IR_KIND_ALU:
      for (unsigned i = 0; i < in->num_srcs; i++) {
         ir_strbuf_printf(sb, i ? ", " : " ");
         print_value(sb, in->src[i]);
      }
      break;
   case IR_KIND_SWIZZLE:
      ir_strbuf_printf(sb, " ");
      print_value(sb, in->num_srcs ? in->src[0] : NULL);
      ir_strbuf_printf(sb, ".");
      for (unsigned c = 0; c < in->type.comps && c < 4; c++)
         ir_strbuf_printf(sb, "%c", "xyzw"[in->u.swizzle[c] & 3]);
      break;
   case IR_KIND_CONST:
      for (unsigned c = 0; c < in->type.comps && c < 4; c++) {
         ir_strbuf_printf(sb, c ? ", " : " ");
         print_const_comp(sb, in->type, in->u.value[c]);
      }
      break;
   case IR_KIND_UNDEF:
   case IR_KIND_PARAM:
   case IR_KIND_EMIT:
      break;
   case IR_KIND_VAR:
      ir_strbuf_printf(sb, " ");
      print_var_ref(sb, in);
      if (ir_op_is_store((enum ir_op)in->op)) {
         ir_strbuf_printf(sb, ", ");
         print_value(sb, in->num_srcs ? in->src[0] : NULL);
      }
      break;
   case IR_KIND_CBUF:
      ir_strbuf_printf(sb, " %u, ", in->u.cbuf);
      print_value(sb, in->num_srcs ? in->src[0] : NULL);
      break;
   case IR_KIND_TEX:
      ir_strbuf_printf(sb, " @%s", in->u.tex.sampler ? in->u.tex.sampler->name : "<null>");
      for (unsigned i = 0; i < in->num_srcs; i++) {
         ir_strbuf_printf(sb, ", %s ", ir_tex_src_name((enum ir_tex_src)in->u.tex.kind[i]));
         print_value(sb, in->src[i]);
      }
      if (in->op == IR_OP_tg4)
         ir_strbuf_printf(sb, ", comp %u", in->u.tex.component);
      break;
   case IR_KIND_DISCARD:
   case IR_KIND_JUMP:
      for (unsigned i = 0; i < in->num_srcs; i++) {
         ir_strbuf_printf(sb, i ? ", " : " ");
         print_value(sb, in->src[i]);
      }
      break;
   case IR_KIND_IF:
      ir_strbuf_printf(sb, " ");
      print_value(sb, in->num_srcs ? in->src[0] : NULL);
      ir_strbuf_printf(sb, " {");
      break;
   case IR_KIND_LOOP:
      ir_strbuf_printf(sb, " {");
      break;
   case IR_KIND_CALL:
      ir_strbuf_printf(sb, " @%s(", in->u.callee ? in->u.callee->name : "<null>");
      for (unsigned i = 0; i < in->num_srcs; i++) {
         if (i)
            ir_strbuf_printf(sb, ", ");
         print_value(sb, in->src[i]);
      }
      ir_strbuf_printf(sb, ")");
      break;
   }
}

static void
indent(struct ir_strbuf *sb, unsigned level)
{
   ir_strbuf_printf(sb, "%*s", (int)(level * 3), "");
}

static void
print_block(struct ir_block *b, struct ir_strbuf *sb, unsigned level)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      indent(sb, level);
      ir_print_instr(in, sb);
      ir_strbuf_printf(sb, "\n");
      if (in->op == IR_OP_if) {
         print_block(in->u.cif.then_body, sb, level + 1);
         if (in->u.cif.else_body->first) {
            indent(sb, level);
            ir_strbuf_printf(sb, "} else {\n");
            print_block(in->u.cif.else_body, sb, level + 1);
         }
         indent(sb, level);
         ir_strbuf_printf(sb, "}\n");
      } else if (in->op == IR_OP_loop) {
         print_block(in->u.loop.body, sb, level + 1);
         indent(sb, level);
         ir_strbuf_printf(sb, "}\n");
      }
   }
}

static void
print_var(struct ir_var *v, struct ir_strbuf *sb)
{
   char tb[16];
   ir_strbuf_printf(sb, "%s", ir_var_mode_name(v->mode));
   if (v->mode == IR_VAR_SAMPLER) {
      ir_strbuf_printf(sb, " %s %s%s @%s binding %u\n", ir_tex_target_name(v->target),
                       ir_type_name(ir_type_with_comps(v->type, 1), tb),
                       v->shadow ? " shadow" : "", v->name, v->binding);
      return;
   }
   ir_strbuf_printf(sb, " %s @%s", ir_type_name(v->type, tb), v->name);
   if (v->array_len)
      ir_strbuf_printf(sb, "[%u]", v->array_len);
   switch (v->mode) {
   case IR_VAR_INPUT:
   case IR_VAR_OUTPUT:
      if (v->semantic == IR_SEM_GENERIC)
         ir_strbuf_printf(sb, " location %d", v->location);
      else
         ir_strbuf_printf(sb, " semantic %s", ir_semantic_name(v->semantic));
      /* a semantic's location is a modifier of its own (frag_coord: its
       * conventions, IR_FRAG_COORD_*) */
      if (v->semantic != IR_SEM_GENERIC && v->location)
         ir_strbuf_printf(sb, " location %d", v->location);
      if (v->interp != IR_INTERP_SMOOTH)
         ir_strbuf_printf(sb, " %s", ir_interp_name(v->interp));
      if (v->interp_explicit)
         ir_strbuf_printf(sb, " explicit");
      break;
   case IR_VAR_UNIFORM:
      ir_strbuf_printf(sb, " cbuf %u offset %u", v->cbuf, v->offset);
      break;
   default:
      break;
   }
   ir_strbuf_printf(sb, "\n");
}

static void
print_shader(const struct ir_shader *cs, struct ir_strbuf *sb)
{
   char tb[16];
   /* numbering writes only the scratch index fields */
   struct ir_shader *s = (struct ir_shader *)cs;
   ir_shader_number(s);
   ir_strbuf_printf(sb, "shader %s\n", ir_stage_name(s->stage));
   if (s->stage == IR_STAGE_GEOMETRY) {
      /* what is not declared is not printed, so that it reads back the same */
      if (s->gs.input_prim != IR_PRIM_NONE)
         ir_strbuf_printf(sb, "input_primitive %s\n", ir_prim_name(s->gs.input_prim));
      if (s->gs.output_prim != IR_PRIM_NONE)
         ir_strbuf_printf(sb, "output_primitive %s\n", ir_prim_name(s->gs.output_prim));
      if (s->gs.max_vertices)
         ir_strbuf_printf(sb, "max_vertices %u\n", s->gs.max_vertices);
      if (s->gs.invocations != 1)
         ir_strbuf_printf(sb, "invocations %u\n", s->gs.invocations);
   }
   for (struct ir_var *v = s->vars; v; v = v->next)
      print_var(v, sb);
   for (struct ir_function *f = s->functions; f; f = f->next) {
      ir_strbuf_printf(sb, "\nfunc %s @%s(", ir_type_name(f->ret, tb), f->name);
      for (unsigned i = 0; i < f->num_params; i++) {
         ir_strbuf_printf(sb, "%s%s %%%u", i ? ", " : "",
                          ir_type_name(f->params[i]->type, tb), f->params[i]->index);
      }
      ir_strbuf_printf(sb, ") {\n");
      print_block(f->body, sb, 1);
      ir_strbuf_printf(sb, "}\n");
   }
}

char *
ir_print_shader_to_string(const struct ir_shader *s)
{
   struct ir_strbuf sb = { 0 };
   print_shader(s, &sb);
   return sb.data;
}

void
ir_print_shader(const struct ir_shader *s, FILE *fp)
{
   char *text = ir_print_shader_to_string(s);
   if (text)
      fputs(text, fp);
   free(text);
}
