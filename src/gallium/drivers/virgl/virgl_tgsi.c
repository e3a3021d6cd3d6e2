/*
 * Pony IR -> TGSI text (virgl_tgsi.h, docs/virgl.md "Shaders").
 *
 * TGSI registers are typeless vec4s; the host keeps bits when an opcode
 * of another type reads them, so int, uint and float values share TEMPs.
 * Pony bools become TGSI's integer booleans (~0 true, 0 false), which is
 * what the TGSI comparisons produce and UIF / UCMP test.
 *
 * Each SSA value gets a register and a swizzle: computed values a TEMP of
 * their own; constants an IMM; swizzles and moves reuse their source's
 * register with the swizzle composed; loads of inputs and uniforms at
 * constant indices read IN / SV / CONST in place (they never change).
 * Locals are TEMPs (arrays declared as TGSI arrays, indexed through
 * ADDR[0]); outputs are written to TEMP shadows copied to OUT at the end
 * of main (so that load_output reads them back).
 */
#include "virgl_tgsi.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"

#define MAX_IMMS 4096
#define MAX_CBUFS 16

enum imm_type { IMM_FLT, IMM_INT, IMM_UINT };

/* Where a value lives: a register and the channel of each component. */
struct reg {
   char name[48];
   uint8_t swz[4];
};

/* Where a variable lives. */
struct var_reg {
   char file[8];          /* "IN", "SV", "CONST[b]", "TEMP" (locals, output shadows) */
   unsigned first;        /* register of element 0 */
   unsigned chan;         /* first channel of the value (frag_depth: z; uniforms off a slot) */
   unsigned array_id;     /* TGSI array of a local array, 0 if none */
   unsigned out_first;    /* outputs: OUT register of element 0 */
   unsigned per_vertex;   /* geometry inputs: elements per vertex (IN[vertex][first + i]) */
   bool declared;
};

struct tctx {
   struct ir_shader *s;
   const struct virgl_tgsi_options *opts;
   struct ir_strbuf decl, body;
   char *err;
   size_t err_size;
   bool failed;
   bool color0_all;   /* gl_FragColor: COLOR[0] feeds every colour buffer */
   struct reg *vals;
   struct var_reg *vars;
   unsigned num_temps, num_arrays, num_in, num_out, num_sv;
   uint32_t imm[MAX_IMMS][4];
   uint8_t imm_type[MAX_IMMS];
   unsigned num_imms;
   int cbuf_max[MAX_CBUFS];      /* highest slot read, -1 if none */
   bool *sampler_used;           /* by variable index: declared only when used (the
                                  * host's GLSL for an unused cube-array sampler
                                  * lacks its extension) */
   bool uses_addr;
   uint64_t vs_inputs;           /* vertex inputs by location, declared in order */
};

static const char chan_letter[4] = { 'x', 'y', 'z', 'w' };

static void
fail(struct tctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
fail(struct tctx *c, const char *fmt, ...)
{
   if (c->failed)
      return;
   c->failed = true;
   if (!c->err || !c->err_size)
      return;
   int n = snprintf(c->err, c->err_size, "virgl: ");
   va_list ap;
   va_start(ap, fmt);
   if (n >= 0 && (size_t)n < c->err_size)
      vsnprintf(c->err + n, c->err_size - (size_t)n, fmt, ap);
   va_end(ap);
}

/* The instruction as printed, for messages. */
static void
fail_instr(struct tctx *c, struct ir_instr *in, const char *why)
{
   struct ir_strbuf sb = { 0 };
   ir_print_instr(in, &sb);
   fail(c, "cannot translate '%s' to TGSI: %s", sb.data ? sb.data : "?", why);
   ir_strbuf_free(&sb);
}

static void
line(struct tctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
line(struct tctx *c, const char *fmt, ...)
{
   char buf[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof buf, fmt, ap);
   va_end(ap);
   ir_strbuf_printf(&c->body, "%s\n", buf);
}

static unsigned
new_temp(struct tctx *c)
{
   return c->num_temps++;
}

/* ---- operands ---- */

struct opnd {
   char s[72];
};

enum { MOD_NONE, MOD_NEG, MOD_ABS };

/* A source reading component `comp[i]` of the register in channel i. */
static struct opnd
src_swz(const struct reg *r, const uint8_t swz[4], int mod)
{
   struct opnd o;
   char sw[5] = { chan_letter[swz[0] & 3], chan_letter[swz[1] & 3], chan_letter[swz[2] & 3],
                  chan_letter[swz[3] & 3], 0 };
   snprintf(o.s, sizeof o.s, "%s%s%s.%s%s", mod == MOD_NEG ? "-" : "", mod == MOD_ABS ? "|" : "",
            r->name, sw, mod == MOD_ABS ? "|" : "");
   return o;
}

/* Value v as a source: channel i reads component min(i, comps - 1). */
static struct opnd
src_m(struct tctx *c, struct ir_instr *v, int mod)
{
   const struct reg *r = &c->vals[v->index];
   unsigned n = v->type.comps ? v->type.comps : 1;
   uint8_t swz[4];
   for (unsigned i = 0; i < 4; i++)
      swz[i] = r->swz[i < n ? i : n - 1];
   return src_swz(r, swz, mod);
}

static struct opnd
src(struct tctx *c, struct ir_instr *v)
{
   return src_m(c, v, MOD_NONE);
}

/* Component k of value v, replicated. */
static struct opnd
src_c(struct tctx *c, struct ir_instr *v, unsigned k)
{
   const struct reg *r = &c->vals[v->index];
   uint8_t swz[4] = { r->swz[k], r->swz[k], r->swz[k], r->swz[k] };
   return src_swz(r, swz, MOD_NONE);
}

/* TEMP[t] with the first n channels as write mask. */
static struct opnd
dst_t(unsigned t, unsigned n)
{
   struct opnd o;
   static const char *masks[5] = { "", ".x", ".xy", ".xyz", "" };
   snprintf(o.s, sizeof o.s, "TEMP[%u]%s", t, masks[n > 4 ? 4 : n]);
   return o;
}

static struct opnd
dst_tc(unsigned t, unsigned k)
{
   struct opnd o;
   snprintf(o.s, sizeof o.s, "TEMP[%u].%c", t, chan_letter[k & 3]);
   return o;
}

static struct opnd
src_t(unsigned t)
{
   struct opnd o;
   snprintf(o.s, sizeof o.s, "TEMP[%u]", t);
   return o;
}

static struct opnd
src_tc(unsigned t, unsigned k)
{
   struct opnd o;
   char l = chan_letter[k & 3];
   snprintf(o.s, sizeof o.s, "TEMP[%u].%c%c%c%c", t, l, l, l, l);
   return o;
}

static void
set_reg(struct tctx *c, struct ir_instr *in, const char *name, const uint8_t swz[4])
{
   struct reg *r = &c->vals[in->index];
   snprintf(r->name, sizeof r->name, "%s", name);
   memcpy(r->swz, swz, 4);
}

static const uint8_t identity[4] = { 0, 1, 2, 3 };

/* A fresh TEMP holding the value of `in`; its number. */
static unsigned
def(struct tctx *c, struct ir_instr *in)
{
   unsigned t = new_temp(c);
   char name[24];
   snprintf(name, sizeof name, "TEMP[%u]", t);
   set_reg(c, in, name, identity);
   return t;
}

/* ---- immediates ---- */

static unsigned
imm4(struct tctx *c, enum imm_type type, const uint32_t v[4])
{
   for (unsigned i = 0; i < c->num_imms; i++)
      if (c->imm_type[i] == type && !memcmp(c->imm[i], v, 16))
         return i;
   if (c->num_imms == MAX_IMMS) {
      fail(c, "more than %u immediates", MAX_IMMS);
      return 0;
   }
   unsigned i = c->num_imms++;
   memcpy(c->imm[i], v, 16);
   c->imm_type[i] = (uint8_t)type;
   return i;
}

/* A replicated immediate as a source. */
static struct opnd
imm1(struct tctx *c, enum imm_type type, uint32_t bits)
{
   const uint32_t v[4] = { bits, bits, bits, bits };
   struct opnd o;
   snprintf(o.s, sizeof o.s, "IMM[%u].xxxx", imm4(c, type, v));
   return o;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static struct opnd
immf(struct tctx *c, float f)
{
   return imm1(c, IMM_FLT, fbits(f));
}

static struct opnd
immu(struct tctx *c, uint32_t u)
{
   return imm1(c, IMM_UINT, u);
}

/* ---- declarations ---- */

static const char *
interp_name(enum ir_interp i, bool flat_type)
{
   if (flat_type)
      return "CONSTANT";
   switch (i) {
   case IR_INTERP_FLAT: return "CONSTANT";
   case IR_INTERP_NOPERSPECTIVE: return "LINEAR";
   default: return "PERSPECTIVE";
   }
}

static const char *
interp_location(enum ir_interp i)
{
   return i == IR_INTERP_CENTROID ? ", CENTROID" : i == IR_INTERP_SAMPLE ? ", SAMPLE" : "";
}

static void
declare_input(struct tctx *c, struct ir_var *v)
{
   struct var_reg *vr = &c->vars[v->index];
   unsigned len = v->array_len ? v->array_len : 1;
   bool is_int = v->type.base != IR_FLOAT;
   enum ir_stage st = c->s->stage;
   snprintf(vr->file, sizeof vr->file, "IN");
   if (st == IR_STAGE_VERTEX) {
      switch (v->semantic) {
      case IR_SEM_GENERIC:
         /* vertex attributes are IN[n] by location (the vertex elements'
          * order) */
         if (v->location < 0) {
            fail(c, "vertex input @%s without a location", v->name);
            return;
         }
         if ((unsigned)v->location + len > 64) {
            fail(c, "vertex input @%s at location %d", v->name, v->location);
            return;
         }
         vr->first = (unsigned)v->location;
         for (unsigned e = 0; e < len; e++)
            c->vs_inputs |= 1ull << (vr->first + e);
         if (vr->first + len > c->num_in)
            c->num_in = vr->first + len;
         return;
      case IR_SEM_VERTEX_ID:
      case IR_SEM_INSTANCE_ID:
         snprintf(vr->file, sizeof vr->file, "SV");
         vr->first = c->num_sv++;
         ir_strbuf_printf(&c->decl, "DCL SV[%u], %s\n", vr->first,
                          v->semantic == IR_SEM_VERTEX_ID ? "VERTEXID" : "INSTANCEID");
         return;
      default:
         break;
      }
   } else if (st == IR_STAGE_GEOMETRY) {
      unsigned verts = ir_prim_vertices(c->s->gs.input_prim);
      const char *sem = v->semantic == IR_SEM_POSITION ? "POSITION" :
                        v->semantic == IR_SEM_POINT_SIZE ? "PSIZE" :
                        v->semantic == IR_SEM_GENERIC ? "GENERIC" : NULL;
      if (v->semantic == IR_SEM_PRIMITIVE_ID) {
         snprintf(vr->file, sizeof vr->file, "SV");
         vr->first = c->num_sv++;
         ir_strbuf_printf(&c->decl, "DCL SV[%u], PRIMID\n", vr->first);
         return;
      }
      if (sem && verts && len % verts == 0) {
         /* element v * E + i is IN[v][first + i]: TGSI's per-vertex inputs
          * are two-dimensional, declared once for every vertex */
         vr->per_vertex = len / verts;
         vr->first = c->num_in;
         for (unsigned i = 0; i < vr->per_vertex; i++) {
            if (v->semantic == IR_SEM_GENERIC)
               ir_strbuf_printf(&c->decl, "DCL IN[][%u], GENERIC[%d]\n", c->num_in++,
                                v->location + (int)i);
            else
               ir_strbuf_printf(&c->decl, "DCL IN[][%u], %s\n", c->num_in++, sem);
         }
         return;
      }
   } else if (st == IR_STAGE_FRAGMENT) {
      const char *sem = NULL, *interp = interp_name(v->interp, is_int);
      char gen[24];
      switch (v->semantic) {
      case IR_SEM_GENERIC:
         snprintf(gen, sizeof gen, "GENERIC[%d]", v->location);
         sem = gen;
         break;
      case IR_SEM_FRAG_COORD: {
         /* TGSI counts y from row 0 with pixel centres at half-integers
          * unless told otherwise */
         bool from_bottom = c->opts->frag_coord_from_bottom !=
                            !!(v->location & IR_FRAG_COORD_UPPER_LEFT);
         if (from_bottom)
            ir_strbuf_printf(&c->decl, "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n");
         if (v->location & IR_FRAG_COORD_INTEGER)
            ir_strbuf_printf(&c->decl, "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n");
         sem = "POSITION";
         interp = "LINEAR";
         break;
      }
      case IR_SEM_FRONT_FACE: sem = "FACE"; interp = "CONSTANT"; break;
      case IR_SEM_POINT_COORD: sem = "PCOORD"; interp = "LINEAR"; break;
      case IR_SEM_PRIMITIVE_ID: sem = "PRIMID"; interp = "CONSTANT"; break;
      case IR_SEM_SAMPLE_ID:
         snprintf(vr->file, sizeof vr->file, "SV");
         vr->first = c->num_sv++;
         ir_strbuf_printf(&c->decl, "DCL SV[%u], SAMPLEID\n", vr->first);
         return;
      default:
         break;
      }
      if (sem) {
         vr->first = c->num_in;
         for (unsigned e = 0; e < len; e++) {
            if (v->semantic == IR_SEM_GENERIC)
               snprintf(gen, sizeof gen, "GENERIC[%d]", v->location + (int)e);
            ir_strbuf_printf(&c->decl, "DCL IN[%u], %s, %s%s\n", c->num_in++, sem, interp,
                             v->semantic == IR_SEM_GENERIC ? interp_location(v->interp) : "");
         }
         return;
      }
   }
   fail(c, "%s input @%s (semantic %s) has no TGSI translation here", ir_stage_name(st),
        v->name, ir_semantic_name(v->semantic));
}

static void
declare_output(struct tctx *c, struct ir_var *v)
{
   struct var_reg *vr = &c->vars[v->index];
   unsigned len = v->array_len ? v->array_len : 1;
   enum ir_stage st = c->s->stage;
   const char *sem = NULL;
   char gen[24];
   bool generic = false;
   switch (v->semantic) {
   case IR_SEM_GENERIC:
      generic = true;
      snprintf(gen, sizeof gen, st == IR_STAGE_FRAGMENT ? "COLOR[%d]" : "GENERIC[%d]",
               v->location);
      sem = gen;
      break;
   case IR_SEM_POSITION: sem = st != IR_STAGE_FRAGMENT ? "POSITION" : NULL; break;
   case IR_SEM_POINT_SIZE: sem = st != IR_STAGE_FRAGMENT ? "PSIZE" : NULL; break;
   case IR_SEM_FRAG_DEPTH:
      /* TGSI's fragment depth is OUT POSITION's z */
      sem = st == IR_STAGE_FRAGMENT ? "POSITION" : NULL;
      vr->chan = 2;
      break;
   case IR_SEM_PRIMITIVE_ID: sem = st == IR_STAGE_GEOMETRY ? "PRIMID" : NULL; break;
   case IR_SEM_CLIP_DISTANCE:
      /* four distances per TGSI register: element e is OUT[first + e / 4]
       * channel e % 4 */
      if (st == IR_STAGE_FRAGMENT || v->type.comps != 1 || len > 8)
         break;
      vr->out_first = c->num_out;
      for (unsigned i = 0; i < (len + 3) / 4; i++)
         ir_strbuf_printf(&c->decl, "DCL OUT[%u], CLIPDIST[%u]\n", c->num_out++, i);
      ir_strbuf_printf(&c->decl, "PROPERTY NUM_CLIPDIST_ENABLED %u\n", len);
      snprintf(vr->file, sizeof vr->file, "TEMP");
      vr->first = c->num_temps;
      c->num_temps += len;
      return;
   case IR_SEM_LAYER:
      sem = st == IR_STAGE_GEOMETRY ? "LAYER" : NULL;
      break;
   default:
      break;
   }
   if (!sem) {
      fail(c, "%s output @%s (semantic %s) has no TGSI translation here", ir_stage_name(st),
           v->name, ir_semantic_name(v->semantic));
      return;
   }
   int location = v->location;
   if (location < 0 && generic && st == IR_STAGE_FRAGMENT && len == 1) {
      /* gl_FragColor (a colour output at location -1) feeds every colour
       * buffer: TGSI's COLOR[0] with the property saying so (a shader
       * with it has no other colour output: GLSL 1.10 7.2) */
      c->color0_all = true;
      location = 0;
   } else if (location < 0 && generic) {
      fail(c, "output @%s without a location", v->name);
      return;
   }
   vr->out_first = c->num_out;
   for (unsigned e = 0; e < len; e++) {
      if (generic)
         snprintf(gen, sizeof gen, st == IR_STAGE_FRAGMENT ? "COLOR[%d]" : "GENERIC[%d]",
                  location + (int)e);
      ir_strbuf_printf(&c->decl, "DCL OUT[%u], %s\n", c->num_out++, sem);
   }
   snprintf(vr->file, sizeof vr->file, "TEMP");
   vr->first = c->num_temps;
   c->num_temps += len;
}

static void
declare_vars(struct tctx *c)
{
   /* local arrays first: TGSI arrays are declared ranges of TEMPs kept
    * apart from the plain ones numbered after them */
   for (struct ir_var *v = c->s->vars; v; v = v->next) {
      struct var_reg *vr = &c->vars[v->index];
      if (v->mode != IR_VAR_LOCAL || !v->array_len)
         continue;
      snprintf(vr->file, sizeof vr->file, "TEMP");
      vr->first = c->num_temps;
      vr->array_id = ++c->num_arrays;
      ir_strbuf_printf(&c->decl, "DCL TEMP[%u..%u], ARRAY(%u)\n", vr->first,
                       vr->first + v->array_len - 1, vr->array_id);
      c->num_temps += v->array_len;
   }
   for (struct ir_var *v = c->s->vars; v && !c->failed; v = v->next) {
      struct var_reg *vr = &c->vars[v->index];
      if (v->type.bits != 32 && v->mode != IR_VAR_SAMPLER) {
         fail(c, "@%s: only 32-bit values are translated", v->name);
         return;
      }
      switch (v->mode) {
      case IR_VAR_INPUT:
         declare_input(c, v);
         break;
      case IR_VAR_OUTPUT:
         declare_output(c, v);
         break;
      case IR_VAR_LOCAL:
         if (!v->array_len) {
            snprintf(vr->file, sizeof vr->file, "TEMP");
            vr->first = new_temp(c);
         }
         break;
      case IR_VAR_UNIFORM: {
         unsigned len = v->array_len ? v->array_len : 1;
         if (v->cbuf >= MAX_CBUFS) {
            fail(c, "uniform @%s in constant buffer %u (at most %u)", v->name, v->cbuf,
                 MAX_CBUFS);
            return;
         }
         if ((v->offset & 3) || (v->offset % 16) / 4 + v->type.comps > 4) {
            fail(c, "uniform @%s at byte %u crosses a 16-byte constant slot", v->name,
                 v->offset);
            return;
         }
         /* pipe constant buffer b is CONST[b][...], elements 16 bytes apart
          * as in refpipe and jitpipe */
         snprintf(vr->file, sizeof vr->file, "CONST");
         vr->first = v->offset / 16;
         vr->chan = (v->offset % 16) / 4;
         int last = (int)(vr->first + len - 1);
         if (last > c->cbuf_max[v->cbuf])
            c->cbuf_max[v->cbuf] = last;
         break;
      }
      case IR_VAR_SAMPLER:
         break;
      default:
         break;
      }
   }
}

/* ---- instructions ---- */

static void emit_block(struct tctx *c, struct ir_block *b);

/* ADDR[0].x = index clamped to [0, len - 1] as unsigned (so that an
 * out-of-range index reads the last element, as IR defines); returns the
 * operand text prefix "ADDR[0].x+" */
static void
load_addr(struct tctx *c, struct ir_instr *idx, unsigned len)
{
   unsigned t = new_temp(c);
   c->uses_addr = true;
   line(c, "UMIN %s, %s, %s", dst_tc(t, 0).s, src_c(c, idx, 0).s, immu(c, len - 1).s);
   line(c, "UARL ADDR[0].x, %s", src_tc(t, 0).s);
}

static void
reg_of_var(struct tctx *c, struct ir_var *v, unsigned elem, bool indirect, char *out, size_t n)
{
   struct var_reg *vr = &c->vars[v->index];
   char file[16];
   if (v->mode == IR_VAR_UNIFORM)
      snprintf(file, sizeof file, "CONST[%u]", v->cbuf);
   else
      snprintf(file, sizeof file, "%s", vr->file);
   if (vr->per_vertex) {
      snprintf(out, n, "%s[%u][%u]", file, elem / vr->per_vertex,
               vr->first + elem % vr->per_vertex);
   } else if (indirect) {
      if (vr->array_id)
         snprintf(out, n, "%s[ADDR[0].x+%u](%u)", file, vr->first, vr->array_id);
      else
         snprintf(out, n, "%s[ADDR[0].x+%u]", file, vr->first);
   } else {
      snprintf(out, n, "%s[%u]", file, vr->first + elem);
   }
}

static void
emit_load(struct tctx *c, struct ir_instr *in)
{
   struct ir_var *v = in->u.var.var;
   struct var_reg *vr = &c->vars[v->index];
   struct ir_instr *idx = ir_var_access_index(in);
   char name[48];
   uint8_t swz[4];
   for (unsigned i = 0; i < 4; i++)
      swz[i] = (uint8_t)((vr->chan + i) & 3);

   if (idx && v->mode != IR_VAR_LOCAL && v->mode != IR_VAR_UNIFORM) {
      /* ir_lower_indirect removed them */
      fail_instr(c, in, "a dynamically indexed input or output");
      return;
   }
   if (v->mode == IR_VAR_INPUT && c->s->stage == IR_STAGE_FRAGMENT &&
       v->semantic == IR_SEM_FRONT_FACE) {
      /* TGSI's FACE is a float, > 0 for front faces */
      unsigned t = def(c, in);
      reg_of_var(c, v, 0, false, name, sizeof name);
      line(c, "FSLT %s, %s, %s.xxxx", dst_t(t, 1).s, immf(c, 0.0f).s, name);
      return;
   }
   if (idx) {
      load_addr(c, idx, v->array_len);
      reg_of_var(c, v, 0, true, name, sizeof name);
      unsigned t = def(c, in);
      struct reg r;
      snprintf(r.name, sizeof r.name, "%s", name);
      memcpy(r.swz, swz, 4);
      line(c, "MOV %s, %s", dst_t(t, in->type.comps).s, src_swz(&r, swz, MOD_NONE).s);
      return;
   }
   reg_of_var(c, v, in->u.var.offset, false, name, sizeof name);
   if (v->mode == IR_VAR_INPUT || v->mode == IR_VAR_UNIFORM) {
      /* read in place: these never change */
      set_reg(c, in, name, swz);
      return;
   }
   /* locals and output shadows change later: copy */
   struct reg r;
   snprintf(r.name, sizeof r.name, "%s", name);
   unsigned t = def(c, in);
   line(c, "MOV %s, %s", dst_t(t, in->type.comps).s, src_swz(&r, identity, MOD_NONE).s);
}

static void
emit_store(struct tctx *c, struct ir_instr *in)
{
   struct ir_var *v = in->u.var.var;
   struct ir_instr *idx = ir_var_access_index(in);
   struct ir_instr *val = in->src[0];
   char name[48];
   static const char *masks[5] = { "", ".x", ".xy", ".xyz", "" };
   if (idx && v->mode != IR_VAR_LOCAL) {
      fail_instr(c, in, "a dynamically indexed output");
      return;
   }
   if (idx) {
      /* IR drops stores out of range */
      unsigned t = new_temp(c);
      line(c, "USLT %s, %s, %s", dst_tc(t, 0).s, src_c(c, idx, 0).s, immu(c, v->array_len).s);
      line(c, "UIF %s", src_tc(t, 0).s);
      c->uses_addr = true;
      line(c, "UARL ADDR[0].x, %s", src_c(c, idx, 0).s);
      reg_of_var(c, v, 0, true, name, sizeof name);
      line(c, "MOV %s%s, %s", name, masks[val->type.comps], src(c, val).s);
      line(c, "ENDIF");
      return;
   }
   reg_of_var(c, v, in->u.var.offset, false, name, sizeof name);
   line(c, "MOV %s%s, %s", name, masks[val->type.comps], src(c, val).s);
}

/* Copies the output shadows to OUT (before END / RET of main, and each
 * emit of a geometry shader). */
static void
emit_output_copies(struct tctx *c)
{
   for (struct ir_var *v = c->s->vars; v; v = v->next) {
      if (v->mode != IR_VAR_OUTPUT)
         continue;
      struct var_reg *vr = &c->vars[v->index];
      unsigned len = v->array_len ? v->array_len : 1;
      for (unsigned e = 0; e < len; e++) {
         if (v->semantic == IR_SEM_CLIP_DISTANCE) {
            line(c, "MOV OUT[%u].%c, TEMP[%u].xxxx", vr->out_first + e / 4, chan_letter[e % 4],
                 vr->first + e);
            continue;
         }
         char mask[6] = ".";
         uint8_t swz[4];
         for (unsigned k = 0; k < v->type.comps; k++) {
            mask[1 + k] = chan_letter[vr->chan + k];
            swz[vr->chan + k] = (uint8_t)k;
         }
         mask[1 + v->type.comps] = 0;
         for (unsigned k = 0; k < 4; k++)
            if (k < vr->chan || k >= vr->chan + v->type.comps)
               swz[k] = 0;
         struct reg r;
         snprintf(r.name, sizeof r.name, "TEMP[%u]", vr->first + e);
         line(c, "MOV OUT[%u]%s, %s", vr->out_first + e, v->type.comps == 4 ? "" : mask,
              src_swz(&r, swz, MOD_NONE).s);
      }
   }
}

/* One TGSI opcode per component (TGSI's scalar opcodes read .x of their
 * sources and replicate the result). */
static void
per_comp(struct tctx *c, const char *op, unsigned t, unsigned n, struct ir_instr *a,
         struct ir_instr *b)
{
   for (unsigned k = 0; k < n; k++) {
      if (b)
         line(c, "%s %s, %s, %s", op, dst_tc(t, k).s, src_c(c, a, k).s, src_c(c, b, k).s);
      else
         line(c, "%s %s, %s", op, dst_tc(t, k).s, src_c(c, a, k).s);
   }
}

struct alu_map {
   const char *op;
   bool swap;      /* sources in the other order (a <= b is b >= a) */
   bool scalar;    /* one opcode per component */
};

/* ALU opcodes that are one TGSI opcode. */
static bool
simple_alu(enum ir_op op, struct alu_map *m)
{
   memset(m, 0, sizeof *m);
   switch (op) {
#define S(ir, tg) case IR_OP_##ir: m->op = tg; return true;
#define W(ir, tg) case IR_OP_##ir: m->op = tg; m->swap = true; return true;
#define R(ir, tg) case IR_OP_##ir: m->op = tg; m->scalar = true; return true;
   S(mov, "MOV") S(i2u, "MOV") S(u2i, "MOV") S(bitcast, "MOV")
   S(fadd, "ADD") S(fmul, "MUL") S(fdiv, "DIV") S(fmin, "MIN") S(fmax, "MAX")
   S(fsign, "SSG") S(ffma, "MAD") S(ffloor, "FLR") S(fceil, "CEIL") S(ffract, "FRC")
   S(ftrunc, "TRUNC")
   S(fddx, "DDX") S(fddy, "DDY") S(fddx_fine, "DDX_FINE") S(fddy_fine, "DDY_FINE")
   S(fddx_coarse, "DDX") S(fddy_coarse, "DDY")
   R(frcp, "RCP") R(fsqrt, "SQRT") R(frsq, "RSQ") R(fexp2, "EX2") R(flog2, "LG2")
   R(fpow, "POW") R(fsin, "SIN") R(fcos, "COS")
   S(iadd, "UADD") S(imul, "UMUL") S(ineg, "INEG") S(idiv, "IDIV") S(imod, "MOD")
   S(udiv, "UDIV") S(umod, "UMOD") S(iabs, "IABS") S(isign, "ISSG") S(imin, "IMIN")
   S(imax, "IMAX") S(umin, "UMIN") S(umax, "UMAX")
   S(iand, "AND") S(ior, "OR") S(ixor, "XOR") S(inot, "NOT")
   S(bitcount, "POPC") S(findlsb, "LSB") S(ifindmsb, "IMSB") S(ufindmsb, "UMSB")
   S(bitfield_reverse, "BREV") S(ubitfield_extract, "UBFE") S(ibitfield_extract, "IBFE")
   S(bitfield_insert, "BFI") S(umul_high, "UMUL_HI") S(imul_high, "IMUL_HI")
   S(band, "AND") S(bor, "OR") S(bxor, "XOR") S(bnot, "NOT")
   S(flt, "FSLT") S(fge, "FSGE") S(feq, "FSEQ") S(fne, "FSNE") W(fle, "FSGE") W(fgt, "FSLT")
   S(ilt, "ISLT") S(ige, "ISGE") W(igt, "ISLT") W(ile, "ISGE")
   S(ult, "USLT") S(uge, "USGE") W(ugt, "USLT") W(ule, "USGE")
   S(ieq, "USEQ") S(ine, "USNE") S(beq, "USEQ") S(bne, "USNE")
   S(f2i, "F2I") S(f2u, "F2U") S(i2f, "I2F") S(u2f, "U2F")
   S(select, "UCMP")
#undef S
#undef W
#undef R
   default:
      return false;
   }
}

static const char *
dot_op(unsigned n)
{
   return n == 2 ? "DP2" : n == 3 ? "DP3" : n == 4 ? "DP4" : "MUL";
}

static void
emit_alu(struct tctx *c, struct ir_instr *in)
{
   enum ir_op op = (enum ir_op)in->op;
   unsigned n = in->type.comps;
   struct ir_instr *a = in->num_srcs > 0 ? in->src[0] : NULL;
   struct ir_instr *b = in->num_srcs > 1 ? in->src[1] : NULL;
   struct ir_instr *s2 = in->num_srcs > 2 ? in->src[2] : NULL;
   unsigned an = a ? a->type.comps : 0;

   if (in->type.bits != 32 || (a && a->type.bits != 32)) {
      fail_instr(c, in, "only 32-bit values are translated");
      return;
   }
   if (op == IR_OP_mov || op == IR_OP_i2u || op == IR_OP_u2i || op == IR_OP_bitcast) {
      /* the same bits: the source's register */
      c->vals[in->index] = c->vals[a->index];
      return;
   }
   struct alu_map m;
   if (simple_alu(op, &m)) {
      unsigned t = def(c, in);
      if (m.scalar) {
         per_comp(c, m.op, t, n, a, b);
         return;
      }
      struct ir_instr *x = m.swap ? b : a, *y = m.swap ? a : b;
      switch (in->num_srcs) {
      case 1: line(c, "%s %s, %s", m.op, dst_t(t, n).s, src(c, x).s); break;
      case 2: line(c, "%s %s, %s, %s", m.op, dst_t(t, n).s, src(c, x).s, src(c, y).s); break;
      case 3:
         line(c, "%s %s, %s, %s, %s", m.op, dst_t(t, n).s, src(c, a).s, src(c, b).s,
              src(c, s2).s);
         break;
      default:
         line(c, "%s %s, %s, %s, %s, %s", m.op, dst_t(t, n).s, src(c, a).s, src(c, b).s,
              src(c, s2).s, src(c, in->src[3]).s);
         break;
      }
      return;
   }

   unsigned t, u;
   switch (op) {
   case IR_OP_vec2:
   case IR_OP_vec3:
   case IR_OP_vec4: {
      /* components of one register: a swizzle of it, no code */
      bool one_reg = true;
      uint8_t swz[4];
      for (unsigned k = 0; k < 4; k++) {
         const struct reg *r = &c->vals[in->src[k < n ? k : n - 1]->index];
         one_reg = one_reg && !strcmp(r->name, c->vals[in->src[0]->index].name);
         swz[k] = r->swz[0];
      }
      if (one_reg) {
         char name[48];
         snprintf(name, sizeof name, "%s", c->vals[in->src[0]->index].name);
         set_reg(c, in, name, swz);
         return;
      }
      t = def(c, in);
      for (unsigned k = 0; k < n; k++)
         line(c, "MOV %s, %s", dst_tc(t, k).s, src_c(c, in->src[k], 0).s);
      return;
   }
   case IR_OP_fsub:
      t = def(c, in);
      line(c, "ADD %s, %s, %s", dst_t(t, n).s, src(c, a).s, src_m(c, b, MOD_NEG).s);
      return;
   case IR_OP_fneg:
   case IR_OP_fabs:
      t = def(c, in);
      line(c, "MOV %s, %s", dst_t(t, n).s, src_m(c, a, op == IR_OP_fneg ? MOD_NEG : MOD_ABS).s);
      return;
   case IR_OP_isub:
      u = new_temp(c);
      t = def(c, in);
      line(c, "INEG %s, %s", dst_t(u, n).s, src(c, b).s);
      line(c, "UADD %s, %s, %s", dst_t(t, n).s, src(c, a).s, src_t(u).s);
      return;
   case IR_OP_fclamp:
   case IR_OP_iclamp:
   case IR_OP_uclamp: {
      static const char *mx[3] = { "MAX", "IMAX", "UMAX" }, *mn[3] = { "MIN", "IMIN", "UMIN" };
      unsigned k = op == IR_OP_fclamp ? 0 : op == IR_OP_iclamp ? 1 : 2;
      u = new_temp(c);
      t = def(c, in);
      line(c, "%s %s, %s, %s", mx[k], dst_t(u, n).s, src(c, a).s, src(c, b).s);
      line(c, "%s %s, %s, %s", mn[k], dst_t(t, n).s, src_t(u).s, src(c, s2).s);
      return;
   }
   case IR_OP_fmix:
      t = def(c, in);
      line(c, "LRP %s, %s, %s, %s", dst_t(t, n).s, src(c, s2).s, src(c, b).s, src(c, a).s);
      return;
   case IR_OP_fstep:
      /* x >= edge ? 1.0 : 0.0 */
      t = def(c, in);
      line(c, "SGE %s, %s, %s", dst_t(t, n).s, src(c, b).s, src(c, a).s);
      return;
   case IR_OP_fmod:
      /* a - b * floor(a / b), as IR defines it */
      u = new_temp(c);
      t = def(c, in);
      line(c, "DIV %s, %s, %s", dst_t(u, n).s, src(c, a).s, src(c, b).s);
      line(c, "FLR %s, %s", dst_t(u, n).s, src_t(u).s);
      line(c, "MUL %s, %s, %s", dst_t(u, n).s, src(c, b).s, src_t(u).s);
      line(c, "ADD %s, %s, -%s", dst_t(t, n).s, src(c, a).s, src_t(u).s);
      return;
   case IR_OP_fexp:
   case IR_OP_flog:
      /* exp(x) = exp2(x * log2(e)), log(x) = log2(x) * ln(2): the error
       * bounds GLSL gives exp and log are those of these forms */
      u = new_temp(c);
      t = def(c, in);
      if (op == IR_OP_fexp) {
         line(c, "MUL %s, %s, %s", dst_t(u, n).s, src(c, a).s, immf(c, 1.44269504088896341f).s);
         for (unsigned k = 0; k < n; k++)
            line(c, "EX2 %s, %s", dst_tc(t, k).s, src_tc(u, k).s);
      } else {
         for (unsigned k = 0; k < n; k++)
            line(c, "LG2 %s, %s", dst_tc(u, k).s, src_c(c, a, k).s);
         line(c, "MUL %s, %s, %s", dst_t(t, n).s, src_t(u).s, immf(c, 0.693147180559945309f).s);
      }
      return;
   case IR_OP_fradians:
   case IR_OP_fdegrees:
      t = def(c, in);
      line(c, "MUL %s, %s, %s", dst_t(t, n).s, src(c, a).s,
           immf(c, op == IR_OP_fradians ? 0.017453292519943295f : 57.29577951308232f).s);
      return;
   case IR_OP_fsmoothstep:
      /* t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 t) */
      u = new_temp(c);
      {
         unsigned w = new_temp(c);
         t = def(c, in);
         line(c, "ADD %s, %s, %s", dst_t(u, n).s, src(c, s2).s, src_m(c, a, MOD_NEG).s);
         line(c, "ADD %s, %s, %s", dst_t(w, n).s, src(c, b).s, src_m(c, a, MOD_NEG).s);
         line(c, "DIV %s, %s, %s", dst_t(u, n).s, src_t(u).s, src_t(w).s);
         line(c, "MAX %s, %s, %s", dst_t(u, n).s, src_t(u).s, immf(c, 0.0f).s);
         line(c, "MIN %s, %s, %s", dst_t(u, n).s, src_t(u).s, immf(c, 1.0f).s);
         line(c, "MAD %s, %s, %s, %s", dst_t(w, n).s, src_t(u).s, immf(c, -2.0f).s,
              immf(c, 3.0f).s);
         line(c, "MUL %s, %s, %s", dst_t(w, n).s, src_t(w).s, src_t(u).s);
         line(c, "MUL %s, %s, %s", dst_t(t, n).s, src_t(w).s, src_t(u).s);
      }
      return;
   case IR_OP_ishl:
   case IR_OP_ishr:
   case IR_OP_ushr:
      /* IR takes the count modulo 32; GLSL leaves larger counts undefined */
      u = new_temp(c);
      t = def(c, in);
      line(c, "AND %s, %s, %s", dst_t(u, n).s, src(c, b).s, immu(c, 31).s);
      line(c, "%s %s, %s, %s", op == IR_OP_ishl ? "SHL" : op == IR_OP_ishr ? "ISHR" : "USHR",
           dst_t(t, n).s, src(c, a).s, src_t(u).s);
      return;
   case IR_OP_uadd_carry:
      u = new_temp(c);
      t = def(c, in);
      line(c, "UADD %s, %s, %s", dst_t(u, n).s, src(c, a).s, src(c, b).s);
      line(c, "USLT %s, %s, %s", dst_t(u, n).s, src_t(u).s, src(c, a).s);
      line(c, "AND %s, %s, %s", dst_t(t, n).s, src_t(u).s, immu(c, 1).s);
      return;
   case IR_OP_usub_borrow:
      u = new_temp(c);
      t = def(c, in);
      line(c, "USLT %s, %s, %s", dst_t(u, n).s, src(c, a).s, src(c, b).s);
      line(c, "AND %s, %s, %s", dst_t(t, n).s, src_t(u).s, immu(c, 1).s);
      return;
   case IR_OP_f2b:
      t = def(c, in);
      line(c, "FSNE %s, %s, %s", dst_t(t, n).s, src(c, a).s, immf(c, 0.0f).s);
      return;
   case IR_OP_i2b:
      t = def(c, in);
      line(c, "USNE %s, %s, %s", dst_t(t, n).s, src(c, a).s, immu(c, 0).s);
      return;
   case IR_OP_b2f:
      /* ~0 & bits(1.0) */
      t = def(c, in);
      line(c, "AND %s, %s, %s", dst_t(t, n).s, src(c, a).s, immu(c, fbits(1.0f)).s);
      return;
   case IR_OP_b2i:
      t = def(c, in);
      line(c, "AND %s, %s, %s", dst_t(t, n).s, src(c, a).s, immu(c, 1).s);
      return;
   case IR_OP_fisnan:
      t = def(c, in);
      line(c, "FSNE %s, %s, %s", dst_t(t, n).s, src(c, a).s, src(c, a).s);
      return;
   case IR_OP_fisinf:
      t = def(c, in);
      line(c, "FSEQ %s, %s, %s", dst_t(t, n).s, src_m(c, a, MOD_ABS).s,
           immf(c, INFINITY).s);
      return;
   case IR_OP_ball:
   case IR_OP_bany:
      t = def(c, in);
      if (an == 1) {
         line(c, "MOV %s, %s", dst_t(t, 1).s, src_c(c, a, 0).s);
         return;
      }
      line(c, "%s %s, %s, %s", op == IR_OP_ball ? "AND" : "OR", dst_t(t, 1).s,
           src_c(c, a, 0).s, src_c(c, a, 1).s);
      for (unsigned k = 2; k < an; k++)
         line(c, "%s %s, %s, %s", op == IR_OP_ball ? "AND" : "OR", dst_t(t, 1).s, src_tc(t, 0).s,
              src_c(c, a, k).s);
      return;
   case IR_OP_fdot:
      t = def(c, in);
      line(c, "%s %s, %s, %s", dot_op(an), dst_t(t, 1).s, src(c, a).s, src(c, b).s);
      return;
   case IR_OP_flength:
   case IR_OP_fdistance:
      u = new_temp(c);
      t = def(c, in);
      if (op == IR_OP_fdistance) {
         line(c, "ADD %s, %s, %s", dst_t(u, an).s, src(c, a).s, src_m(c, b, MOD_NEG).s);
         line(c, "%s %s, %s, %s", dot_op(an), dst_t(u, 1).s, src_t(u).s, src_t(u).s);
      } else {
         line(c, "%s %s, %s, %s", dot_op(an), dst_t(u, 1).s, src(c, a).s, src(c, a).s);
      }
      line(c, "SQRT %s, %s", dst_t(t, 1).s, src_tc(u, 0).s);
      return;
   case IR_OP_fnormalize:
      u = new_temp(c);
      t = def(c, in);
      line(c, "%s %s, %s, %s", dot_op(n), dst_t(u, 1).s, src(c, a).s, src(c, a).s);
      line(c, "RSQ %s, %s", dst_t(u, 1).s, src_tc(u, 0).s);
      line(c, "MUL %s, %s, %s", dst_t(t, n).s, src(c, a).s, src_tc(u, 0).s);
      return;
   case IR_OP_fcross: {
      /* a.yzx * b.zxy - a.zxy * b.yzx */
      const struct reg *ra = &c->vals[a->index], *rb = &c->vals[b->index];
      uint8_t yzx_a[4] = { ra->swz[1], ra->swz[2], ra->swz[0], ra->swz[0] };
      uint8_t zxy_a[4] = { ra->swz[2], ra->swz[0], ra->swz[1], ra->swz[1] };
      uint8_t yzx_b[4] = { rb->swz[1], rb->swz[2], rb->swz[0], rb->swz[0] };
      uint8_t zxy_b[4] = { rb->swz[2], rb->swz[0], rb->swz[1], rb->swz[1] };
      u = new_temp(c);
      t = def(c, in);
      line(c, "MUL %s, %s, %s", dst_t(u, 3).s, src_swz(ra, zxy_a, MOD_NONE).s,
           src_swz(rb, yzx_b, MOD_NONE).s);
      line(c, "MAD %s, %s, %s, -%s", dst_t(t, 3).s, src_swz(ra, yzx_a, MOD_NONE).s,
           src_swz(rb, zxy_b, MOD_NONE).s, src_t(u).s);
      return;
   }
   case IR_OP_freflect:
      /* i - 2 dot(n, i) n */
      u = new_temp(c);
      t = def(c, in);
      line(c, "%s %s, %s, %s", dot_op(n), dst_t(u, 1).s, src(c, b).s, src(c, a).s);
      line(c, "ADD %s, %s, %s", dst_t(u, 1).s, src_tc(u, 0).s, src_tc(u, 0).s);
      line(c, "MUL %s, %s, %s", dst_t(u, n).s, src(c, b).s, src_tc(u, 0).s);
      line(c, "ADD %s, %s, -%s", dst_t(t, n).s, src(c, a).s, src_t(u).s);
      return;
   case IR_OP_ffaceforward:
      /* dot(nref, i) < 0 ? n : -n */
      u = new_temp(c);
      t = def(c, in);
      line(c, "%s %s, %s, %s", dot_op(n), dst_t(u, 1).s, src(c, s2).s, src(c, b).s);
      line(c, "FSLT %s, %s, %s", dst_t(u, 1).s, src_tc(u, 0).s, immf(c, 0.0f).s);
      line(c, "MOV %s, %s", dst_t(t, n).s, src_m(c, a, MOD_NEG).s);
      line(c, "UCMP %s, %s, %s, %s", dst_t(t, n).s, src_tc(u, 0).s, src(c, a).s, src_t(t).s);
      return;
   case IR_OP_fwidth:
      u = new_temp(c);
      t = def(c, in);
      line(c, "DDX %s, %s", dst_t(u, n).s, src(c, a).s);
      line(c, "DDY %s, %s", dst_t(t, n).s, src(c, a).s);
      line(c, "ADD %s, |%s|, |%s|", dst_t(t, n).s, src_t(u).s, src_t(t).s);
      return;
   case IR_OP_ffrexp_exp:
   case IR_OP_ffrexp_sig: {
      /* from the bits: the exponent field less 126, the significand with
       * the exponent of 0.5; zero gives zeros (GLSL leaves infinities and
       * NaN undefined, and denormals may be flushed) */
      unsigned z = new_temp(c);
      u = new_temp(c);
      t = def(c, in);
      line(c, "FSEQ %s, %s, %s", dst_t(z, n).s, src(c, a).s, immf(c, 0.0f).s);
      if (op == IR_OP_ffrexp_exp) {
         line(c, "AND %s, %s, %s", dst_t(u, n).s, src(c, a).s, immu(c, 0x7f800000u).s);
         line(c, "USHR %s, %s, %s", dst_t(u, n).s, src_t(u).s, immu(c, 23).s);
         line(c, "UADD %s, %s, %s", dst_t(u, n).s, src_t(u).s, immu(c, (uint32_t)-126).s);
         line(c, "UCMP %s, %s, %s, %s", dst_t(t, n).s, src_t(z).s, immu(c, 0).s, src_t(u).s);
      } else {
         line(c, "AND %s, %s, %s", dst_t(u, n).s, src(c, a).s, immu(c, 0x807fffffu).s);
         line(c, "OR %s, %s, %s", dst_t(u, n).s, src_t(u).s, immu(c, 0x3f000000u).s);
         line(c, "UCMP %s, %s, %s, %s", dst_t(t, n).s, src_t(z).s, src(c, a).s, src_t(u).s);
      }
      return;
   }
   case IR_OP_fldexp: {
      /* x * 2^e as three exact multiplications by powers of two built from
       * their bits: e clamped to [-300, 300] (beyond, any finite x
       * overflows or underflows anyway), split in three parts within
       * [-102, 102] */
      unsigned e = new_temp(c), p = new_temp(c);
      u = new_temp(c);
      t = def(c, in);
      line(c, "IMAX %s, %s, %s", dst_t(e, n).s, src(c, b).s, imm1(c, IMM_INT, (uint32_t)-300).s);
      line(c, "IMIN %s, %s, %s", dst_t(e, n).s, src_t(e).s, imm1(c, IMM_INT, 300).s);
      line(c, "IDIV %s, %s, %s", dst_t(u, n).s, src_t(e).s, imm1(c, IMM_INT, 3).s);
      /* e - 2 * (e / 3) */
      line(c, "UADD %s, %s, %s", dst_t(p, n).s, src_t(u).s, src_t(u).s);
      line(c, "INEG %s, %s", dst_t(p, n).s, src_t(p).s);
      line(c, "UADD %s, %s, %s", dst_t(e, n).s, src_t(e).s, src_t(p).s);
      /* 2^(e / 3) and 2^(the rest) as float bits */
      line(c, "UADD %s, %s, %s", dst_t(u, n).s, src_t(u).s, immu(c, 127).s);
      line(c, "SHL %s, %s, %s", dst_t(u, n).s, src_t(u).s, immu(c, 23).s);
      line(c, "UADD %s, %s, %s", dst_t(e, n).s, src_t(e).s, immu(c, 127).s);
      line(c, "SHL %s, %s, %s", dst_t(e, n).s, src_t(e).s, immu(c, 23).s);
      line(c, "MUL %s, %s, %s", dst_t(t, n).s, src(c, a).s, src_t(u).s);
      line(c, "MUL %s, %s, %s", dst_t(t, n).s, src_t(t).s, src_t(u).s);
      line(c, "MUL %s, %s, %s", dst_t(t, n).s, src_t(t).s, src_t(e).s);
      return;
   }
   case IR_OP_ftan:
      /* tan = sin / cos */
      u = new_temp(c);
      t = def(c, in);
      per_comp(c, "SIN", u, n, a, NULL);
      per_comp(c, "COS", t, n, a, NULL);
      line(c, "DIV %s, %s, %s", dst_t(t, n).s, src_t(u).s, src_t(t).s);
      return;
   case IR_OP_fsinh:
   case IR_OP_fcosh: {
      /* (e^x -+ e^-x) / 2, exp as above */
      unsigned w = new_temp(c);
      u = new_temp(c);
      t = def(c, in);
      line(c, "MUL %s, %s, %s", dst_t(w, n).s, src(c, a).s, immf(c, 1.44269504088896341f).s);
      for (unsigned k = 0; k < n; k++) {
         line(c, "EX2 %s, %s", dst_tc(u, k).s, src_tc(w, k).s);
         line(c, "EX2 %s, -%s", dst_tc(t, k).s, src_tc(w, k).s);
      }
      line(c, "ADD %s, %s, %s%s", dst_t(t, n).s, src_t(u).s, op == IR_OP_fsinh ? "-" : "",
           src_t(t).s);
      line(c, "MUL %s, %s, %s", dst_t(t, n).s, src_t(t).s, immf(c, 0.5f).s);
      return;
   }
   case IR_OP_fround_even:
      fail_instr(c, in, "TGSI's ROUND is GLSL's round(), whose halves may go either way");
      return;
   case IR_OP_pack_half_2x16:
   case IR_OP_unpack_half_2x16:
      /* TGSI has PK2H/UP2H, but virglrenderer (0.10) does not translate them */
      fail_instr(c, in, "the host does not translate TGSI's PK2H/UP2H");
      return;
   default:
      fail_instr(c, in, "no TGSI opcode computes it exactly enough");
      return;
   }
}

static void
emit_const(struct tctx *c, struct ir_instr *in)
{
   uint32_t v[4] = { 0, 0, 0, 0 };
   enum imm_type type = in->type.base == IR_FLOAT ? IMM_FLT :
                        in->type.base == IR_INT ? IMM_INT : IMM_UINT;
   if (in->type.bits != 32) {
      fail_instr(c, in, "only 32-bit values are translated");
      return;
   }
   for (unsigned k = 0; k < in->type.comps && in->op == IR_OP_const; k++)
      v[k] = in->type.base == IR_BOOL ? (in->u.value[k].b ? 0xffffffffu : 0) : in->u.value[k].u32;
   char name[24];
   snprintf(name, sizeof name, "IMM[%u]", imm4(c, type, v));
   set_reg(c, in, name, identity);
}

static void
emit_swizzle(struct tctx *c, struct ir_instr *in)
{
   const struct reg *r = &c->vals[in->src[0]->index];
   uint8_t swz[4];
   for (unsigned k = 0; k < 4; k++)
      swz[k] = r->swz[in->u.swizzle[k < in->type.comps ? k : in->type.comps - 1u] & 3];
   char name[48];
   snprintf(name, sizeof name, "%s", r->name);
   set_reg(c, in, name, swz);
}

static const char *
tex_target_name(enum ir_tex_target t, bool shadow)
{
   static const char *names[IR_NUM_TEX_TARGETS] = {
      "1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "CUBEARRAY", "RECT", "BUFFER",
      "2D_MSAA", "2D_ARRAY_MSAA",
   };
   static const char *shadows[IR_NUM_TEX_TARGETS] = {
      "SHADOW1D", "SHADOW2D", NULL, "SHADOWCUBE", "SHADOW1D_ARRAY", "SHADOW2D_ARRAY",
      "SHADOWCUBEARRAY", "SHADOWRECT", NULL, NULL, NULL,
   };
   return shadow ? shadows[t] : names[t];
}

/* The channel of the coordinate operand holding the compare value: z
 * for the 1D and 2D shadow targets, w for cube and 2D array; none for
 * cube arrays (a separate operand). */
static unsigned
compare_channel(enum ir_tex_target t)
{
   return t == IR_TEX_CUBE || t == IR_TEX_2D_ARRAY ? 3 : t == IR_TEX_CUBE_ARRAY ? 4 : 2;
}

static void
emit_tex(struct tctx *c, struct ir_instr *in)
{
   struct ir_var *smp = in->u.tex.sampler;
   enum ir_op op = (enum ir_op)in->op;
   const char *target = tex_target_name(smp->target, smp->shadow);
   struct ir_instr *coord = ir_tex_get_src(in, IR_TEX_SRC_COORD);
   struct ir_instr *lod = ir_tex_get_src(in, IR_TEX_SRC_LOD);
   struct ir_instr *bias = ir_tex_get_src(in, IR_TEX_SRC_BIAS);
   struct ir_instr *cmp = ir_tex_get_src(in, IR_TEX_SRC_COMPARE);
   struct ir_instr *off = ir_tex_get_src(in, IR_TEX_SRC_OFFSET);
   struct ir_instr *proj = ir_tex_get_src(in, IR_TEX_SRC_PROJ);
   struct ir_instr *sample = ir_tex_get_src(in, IR_TEX_SRC_SAMPLE);
   unsigned b = smp->binding;
   unsigned n = in->type.comps;
   c->sampler_used[smp->index] = true;
   if (!target) {
      fail_instr(c, in, "no TGSI target for this sampler");
      return;
   }
   /* GLSL's offsets are constant expressions; TGSI carries them as an
    * operand after the target */
   char offs[80] = "";
   if (off) {
      if (off->op != IR_OP_const) {
         fail_instr(c, in, "a texel offset that is not a constant");
         return;
      }
      /* three swizzle letters: the parser's form of an offset */
      struct opnd o = src(c, off);
      o.s[strlen(o.s) - 1] = 0;
      snprintf(offs, sizeof offs, ", %s", o.s);
   }
   unsigned d, t;
   switch (op) {
   case IR_OP_txs:
      d = def(c, in);
      line(c, "TXQ %s, %s, SAMP[%u], %s", dst_t(d, n).s, lod ? src_c(c, lod, 0).s : immu(c, 0).s,
           b, target);
      return;
   case IR_OP_query_levels: {
      /* TXQ's w is the number of levels */
      t = new_temp(c);
      line(c, "TXQ %s, %s, SAMP[%u], %s", src_t(t).s, immu(c, 0).s, b, target);
      char name[24];
      snprintf(name, sizeof name, "TEMP[%u]", t);
      const uint8_t w[4] = { 3, 3, 3, 3 };
      set_reg(c, in, name, w);
      return;
   }
   case IR_OP_lod:
      d = def(c, in);
      line(c, "LODQ %s, %s, SAMP[%u], %s", dst_t(d, 2).s, src(c, coord).s, b, target);
      return;
   case IR_OP_tex:
   case IR_OP_txb:
   case IR_OP_txl:
   case IR_OP_txd:
   case IR_OP_txf:
   case IR_OP_txf_ms:
   case IR_OP_tg4:
      break;
   default:
      fail_instr(c, in, "this texture instruction is not translated");
      return;
   }

   /* the coordinate operand: coordinates, then the compare value and the
    * bias/lod/sample where TGSI packs them; projection divides the
    * coordinates and the compare value (textureProj) */
   unsigned ncoord = coord->type.comps;
   unsigned cmp_ch = cmp ? compare_channel(smp->target) : 0;
   struct ir_instr *packed = op == IR_OP_txb ? bias : op == IR_OP_txl || op == IR_OP_txf ? lod :
                             op == IR_OP_txf_ms ? sample : NULL;
   bool two = smp->target == IR_TEX_CUBE_ARRAY && (cmp || packed);   /* TEX2/TXB2/TXL2 */
   if ((cmp && packed && cmp_ch == 3 && !two) || (two && op != IR_OP_tex && op != IR_OP_txb &&
                                                 op != IR_OP_txl) ||
       (two && cmp && op == IR_OP_txl) || (cmp && op == IR_OP_tg4)) {
      fail_instr(c, in, "the operands do not fit TGSI's packing for this target");
      return;
   }
   t = new_temp(c);
   line(c, "MOV %s, %s", dst_t(t, ncoord).s, src(c, coord).s);
   if (proj)
      line(c, "DIV %s, %s, %s", dst_t(t, ncoord).s, src_t(t).s, src_c(c, proj, 0).s);
   unsigned u = 0;
   if (two) {
      /* the second operand: bias or lod in x, compare in y (x for TEX2) */
      u = new_temp(c);
      if (packed)
         line(c, "MOV %s, %s", dst_tc(u, 0).s, src_c(c, packed, 0).s);
      if (cmp)
         line(c, "MOV %s, %s", dst_tc(u, packed ? 1 : 0).s, src_c(c, cmp, 0).s);
   } else {
      if (cmp) {
         line(c, "MOV %s, %s", dst_tc(t, cmp_ch).s, src_c(c, cmp, 0).s);
         if (proj)
            line(c, "DIV %s, %s, %s", dst_tc(t, cmp_ch).s, src_tc(t, cmp_ch).s,
                 src_c(c, proj, 0).s);
      }
      if (packed)
         line(c, "MOV %s, %s", dst_tc(t, 3).s, src_c(c, packed, 0).s);
   }
   d = def(c, in);
   struct opnd dst = dst_t(d, n);
   switch (op) {
   case IR_OP_tex:
      if (two)
         line(c, "TEX2 %s, %s, %s, SAMP[%u], %s", dst.s, src_t(t).s, src_tc(u, 0).s, b, target);
      else
         line(c, "TEX %s, %s, SAMP[%u], %s%s", dst.s, src_t(t).s, b, target, offs);
      return;
   case IR_OP_txb:
   case IR_OP_txl:
      if (two)
         line(c, "%s %s, %s, %s, SAMP[%u], %s", op == IR_OP_txb ? "TXB2" : "TXL2", dst.s,
              src_t(t).s, src_t(u).s, b, target);
      else
         line(c, "%s %s, %s, SAMP[%u], %s%s", op == IR_OP_txb ? "TXB" : "TXL", dst.s,
              src_t(t).s, b, target, offs);
      return;
   case IR_OP_txd: {
      struct ir_instr *ddx = ir_tex_get_src(in, IR_TEX_SRC_DDX);
      struct ir_instr *ddy = ir_tex_get_src(in, IR_TEX_SRC_DDY);
      line(c, "TXD %s, %s, %s, %s, SAMP[%u], %s%s", dst.s, src_t(t).s, src(c, ddx).s,
           src(c, ddy).s, b, target, offs);
      return;
   }
   case IR_OP_txf:
   case IR_OP_txf_ms:
      line(c, "TXF %s, %s, SAMP[%u], %s%s", dst.s, src_t(t).s, b, target, offs);
      return;
   default: /* tg4 */
      line(c, "TG4 %s, %s, %s, SAMP[%u], %s%s", dst.s, src_t(t).s,
           immu(c, in->u.tex.component).s, b, target, offs);
      return;
   }
}

static void
emit_instr(struct tctx *c, struct ir_instr *in)
{
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
   switch (info->kind) {
   case IR_KIND_ALU:
      emit_alu(c, in);
      return;
   case IR_KIND_SWIZZLE:
      emit_swizzle(c, in);
      return;
   case IR_KIND_CONST:
   case IR_KIND_UNDEF:
      emit_const(c, in);
      return;
   case IR_KIND_VAR:
      if (ir_op_is_store((enum ir_op)in->op))
         emit_store(c, in);
      else
         emit_load(c, in);
      return;
   case IR_KIND_CBUF: {
      struct ir_instr *off = in->src[0];
      if (off->op != IR_OP_const || (off->u.value[0].u32 & 3) ||
          (off->u.value[0].u32 % 16) / 4 + in->type.comps > 4 || in->u.cbuf >= MAX_CBUFS) {
         fail_instr(c, in, "raw constant-buffer reads need a constant offset within a slot");
         return;
      }
      uint32_t o = off->u.value[0].u32;
      char name[48];
      uint8_t swz[4];
      for (unsigned k = 0; k < 4; k++)
         swz[k] = (uint8_t)((o % 16 / 4 + k) & 3);
      snprintf(name, sizeof name, "CONST[%u][%u]", in->u.cbuf, o / 16);
      if ((int)(o / 16) > c->cbuf_max[in->u.cbuf])
         c->cbuf_max[in->u.cbuf] = (int)(o / 16);
      set_reg(c, in, name, swz);
      return;
   }
   case IR_KIND_TEX:
      emit_tex(c, in);
      return;
   case IR_KIND_DISCARD:
      if (in->op == IR_OP_discard) {
         line(c, "KILL");
      } else {
         line(c, "UIF %s", src_c(c, in->src[0], 0).s);
         line(c, "KILL");
         line(c, "ENDIF");
      }
      return;
   case IR_KIND_JUMP:
      if (in->op == IR_OP_break) {
         line(c, "BRK");
      } else if (in->op == IR_OP_continue) {
         line(c, "CONT");
      } else {
         /* only @main is left (calls are inlined first) */
         emit_output_copies(c);
         line(c, "RET");
      }
      return;
   case IR_KIND_IF:
      line(c, "UIF %s", src_c(c, in->src[0], 0).s);
      emit_block(c, in->u.cif.then_body);
      if (in->u.cif.else_body && in->u.cif.else_body->first) {
         line(c, "ELSE");
         emit_block(c, in->u.cif.else_body);
      }
      line(c, "ENDIF");
      return;
   case IR_KIND_LOOP:
      line(c, "BGNLOOP");
      emit_block(c, in->u.loop.body);
      line(c, "ENDLOOP");
      return;
   case IR_KIND_EMIT:
      if (in->op == IR_OP_emit_vertex) {
         emit_output_copies(c);
         line(c, "EMIT %s", immu(c, 0).s);
      } else {
         line(c, "ENDPRIM %s", immu(c, 0).s);
      }
      return;
   case IR_KIND_CALL:
      fail_instr(c, in, "a call that could not be inlined");
      return;
   default:
      fail_instr(c, in, "not translated");
      return;
   }
}

static void
emit_block(struct tctx *c, struct ir_block *b)
{
   for (struct ir_instr *in = b->first; in && !c->failed; in = in->next)
      emit_instr(c, in);
}

static const char *
geometry_prim(enum ir_prim p)
{
   switch (p) {
   case IR_PRIM_POINTS: return "POINTS";
   case IR_PRIM_LINES: return "LINES";
   case IR_PRIM_LINES_ADJACENCY: return "LINES_ADJACENCY";
   case IR_PRIM_TRIANGLES: return "TRIANGLES";
   case IR_PRIM_TRIANGLES_ADJACENCY: return "TRIANGLES_ADJACENCY";
   case IR_PRIM_LINE_STRIP: return "LINE_STRIP";
   case IR_PRIM_TRIANGLE_STRIP: return "TRIANGLE_STRIP";
   default: return NULL;
   }
}

static void
format_imm(struct ir_strbuf *sb, unsigned i, const uint32_t v[4], enum imm_type type)
{
   if (type == IMM_FLT) {
      /* the bits, so that the host parses exactly this value */
      ir_strbuf_printf(sb, "IMM[%u] FLT32 {0x%08x, 0x%08x, 0x%08x, 0x%08x}\n", i, v[0], v[1],
                       v[2], v[3]);
   } else if (type == IMM_INT) {
      ir_strbuf_printf(sb, "IMM[%u] INT32 {%d, %d, %d, %d}\n", i, (int32_t)v[0], (int32_t)v[1],
                       (int32_t)v[2], (int32_t)v[3]);
   } else {
      ir_strbuf_printf(sb, "IMM[%u] UINT32 {%u, %u, %u, %u}\n", i, v[0], v[1], v[2], v[3]);
   }
}

static char *
translate(struct tctx *c)
{
   struct ir_shader *s = c->s;
   static const char *heads[IR_NUM_STAGES] = { "VERT", "FRAG", "GEOM", NULL };
   if (!heads[s->stage]) {
      fail(c, "%s shaders are not translated", ir_stage_name(s->stage));
      return NULL;
   }
   if (s->stage == IR_STAGE_GEOMETRY) {
      if (!geometry_prim(s->gs.input_prim) || !geometry_prim(s->gs.output_prim) ||
          s->gs.invocations > 1) {
         fail(c, "geometry shader declarations with no TGSI translation");
         return NULL;
      }
      ir_strbuf_printf(&c->decl, "PROPERTY GS_INPUT_PRIMITIVE %s\n",
                       geometry_prim(s->gs.input_prim));
      ir_strbuf_printf(&c->decl, "PROPERTY GS_OUTPUT_PRIMITIVE %s\n",
                       geometry_prim(s->gs.output_prim));
      ir_strbuf_printf(&c->decl, "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n", s->gs.max_vertices);
      ir_strbuf_printf(&c->decl, "PROPERTY GS_INVOCATIONS 1\n");
   }
   struct ir_function *main_fn = ir_shader_main(s);
   if (!main_fn) {
      fail(c, "no @main");
      return NULL;
   }
   ir_shader_number(s);
   c->vals = calloc(main_fn->num_values + 1, sizeof *c->vals);
   c->vars = calloc(s->num_vars + 1, sizeof *c->vars);
   c->sampler_used = calloc(s->num_vars + 1, sizeof *c->sampler_used);
   if (!c->vals || !c->vars || !c->sampler_used) {
      fail(c, "out of memory");
      return NULL;
   }
   for (unsigned i = 0; i < MAX_CBUFS; i++)
      c->cbuf_max[i] = -1;

   declare_vars(c);
   if (c->failed)
      return NULL;
   emit_block(c, main_fn->body);
   if (c->failed)
      return NULL;
   emit_output_copies(c);
   line(c, "END");

   struct ir_strbuf out = { 0 };
   ir_strbuf_printf(&out, "%s\n", heads[s->stage]);
   if (s->stage == IR_STAGE_FRAGMENT)
      ir_strbuf_printf(&out, "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS %d\n", c->color0_all);
   for (unsigned i = 0; i < 64; i++)
      if (c->vs_inputs & (1ull << i))
         ir_strbuf_printf(&out, "DCL IN[%u]\n", i);
   ir_strbuf_printf(&out, "%s", c->decl.data ? c->decl.data : "");
   for (unsigned b = 0; b < MAX_CBUFS; b++)
      if (c->cbuf_max[b] >= 0)
         ir_strbuf_printf(&out, "DCL CONST[%u][0..%d]\n", b, c->cbuf_max[b]);
   for (struct ir_var *v = s->vars; v; v = v->next) {
      if (v->mode != IR_VAR_SAMPLER || !c->sampler_used[v->index])
         continue;
      const char *target = tex_target_name(v->target, false);
      const char *rtype = v->type.base == IR_INT ? "SINT" : v->type.base == IR_UINT ? "UINT"
                                                                                   : "FLOAT";
      ir_strbuf_printf(&out, "DCL SAMP[%u]\n", v->binding);
      ir_strbuf_printf(&out, "DCL SVIEW[%u], %s, %s\n", v->binding, target, rtype);
   }
   unsigned first_plain = 0;
   for (struct ir_var *v = s->vars; v; v = v->next)
      if (v->mode == IR_VAR_LOCAL && v->array_len)
         first_plain += v->array_len;
   if (c->num_temps > first_plain)
      ir_strbuf_printf(&out, "DCL TEMP[%u..%u]\n", first_plain, c->num_temps - 1);
   if (c->uses_addr)
      ir_strbuf_printf(&out, "DCL ADDR[0]\n");
   for (unsigned i = 0; i < c->num_imms; i++)
      format_imm(&out, i, c->imm[i], (enum imm_type)c->imm_type[i]);
   ir_strbuf_printf(&out, "%s", c->body.data ? c->body.data : "");
   return out.data;
}

char *
virgl_tgsi_from_ir(const struct ir_shader *shader, const struct virgl_tgsi_options *opts,
                   char *err, size_t err_size)
{
   static const struct virgl_tgsi_options defaults = { false };
   struct tctx c;
   memset(&c, 0, sizeof c);
   c.err = err;
   c.err_size = err_size;
   c.opts = opts ? opts : &defaults;
   if (err && err_size)
      err[0] = 0;
   /* a copy: numbering writes the shader, calls are inlined first (the
    * GLSL front end leaves them when inlining would grow the shader too
    * much; TGSI subroutines are not translated) */
   c.s = ir_shader_clone(shader);
   if (!c.s) {
      fail(&c, "out of memory");
      return NULL;
   }
   bool progress = false;
   if (c.s->functions && c.s->functions->next)
      IR_PASS(progress, c.s, ir_opt_inline);
   /* TGSI indexes inputs and outputs dynamically only when they are
    * declared as arrays, which the host then has to match across stages:
    * select chains and guarded stores instead, as IR defines them */
   IR_PASS(progress, c.s, ir_lower_indirect, (1u << IR_VAR_INPUT) | (1u << IR_VAR_OUTPUT));
   (void)progress;
   char *text = translate(&c);
   if (c.failed) {
      free(text);
      text = NULL;
   }
   free(c.vals);
   free(c.vars);
   free(c.sampler_used);
   ir_strbuf_free(&c.decl);
   ir_strbuf_free(&c.body);
   ir_shader_destroy(c.s);
   return text;
}
