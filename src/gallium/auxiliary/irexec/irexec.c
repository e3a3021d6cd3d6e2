/*
 * irexec: Pony IR interpreter.  Runs up to 4 lanes in lockstep over the
 * structured control flow of the IR, with per-lane masks:
 *
 *  - pure instructions (ALU, swizzles, constants, loads, texture lookups'
 *    coordinates) are computed for every lane of the batch whenever at
 *    least one lane executes the block, so that derivatives always see four
 *    values; their results in lanes that are not active are never observed
 *    by anything but derivatives;
 *  - side effects (stores, discards, jumps, calls, texture sampling) only
 *    happen for active lanes;
 *  - a lane stops being active when it discards, returns from the current
 *    function, or breaks/continues the innermost loop.
 *
 * Values: union ir_const_value per component, kept canonical (all bytes
 * zero except the value), bools through `.b`.  ALU semantics come from
 * compiler/ir/ir_eval_alu.c, the code the constant folder uses.
 */
#include "irexec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_eval_alu.h"

#define IREXEC_MAX_CALL_DEPTH 32
#define IREXEC_DEFAULT_STEPS  (1u << 24)

typedef union ir_const_value irexec_lanes[IREXEC_NUM_LANES][4];   /* [lane][component] */

struct irexec_var_info {
   unsigned base;        /* inputs/outputs: first slot; locals: first element */
   unsigned len;         /* elements (1 for non-arrays) */
   unsigned per_vertex;  /* geometry inputs: elements (slots) per vertex; else 0 */
};

struct irexec_program {
   struct ir_shader *shader;             /* our clone, numbered */
   struct ir_function *main;
   enum ir_stage stage;
   unsigned num_inputs, num_outputs;
   struct irexec_slot inputs[IREXEC_MAX_SLOTS];
   struct irexec_slot outputs[IREXEC_MAX_SLOTS];
   struct irexec_var_info *vars;         /* by ir_var index */
   unsigned num_vars;
   unsigned num_local_elems;
   uint32_t samplers;
   bool uses_discard;
   struct irexec_gs_info gs;             /* geometry shaders */
};

/* ------------------------------------------------------------------ */
/* Program creation                                                    */
/* ------------------------------------------------------------------ */

struct irexec_check {
   struct irexec_program *prog;
   const char *error;
};

static bool
irexec_type_ok(struct ir_type t)
{
   return !t.comps || (t.bits == 32 && t.comps <= 4 && t.base < IR_NUM_BASE_TYPES);
}

static void
irexec_check_instr(struct ir_instr *in, void *data)
{
   struct irexec_check *ck = data;
   struct irexec_program *prog = ck->prog;
   const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);

   if (!irexec_type_ok(in->type))
      ck->error = "only 32-bit types are supported";
   switch ((enum ir_op_kind)info->kind) {
   case IR_KIND_DISCARD:
      prog->uses_discard = true;
      break;
   case IR_KIND_TEX:
      if (in->u.tex.sampler->binding >= 32)
         ck->error = "sampler binding >= 32";
      else
         prog->samplers |= 1u << in->u.tex.sampler->binding;
      break;
   case IR_KIND_VAR:
      if (in->op == IR_OP_store_output) {
         const struct irexec_var_info *vi = &prog->vars[in->u.var.var->index];
         if (in->u.var.indirect) {
            for (unsigned e = 0; e < vi->len; e++)
               prog->outputs[vi->base + e].written = true;
         } else if (in->u.var.offset < vi->len) {
            prog->outputs[vi->base + in->u.var.offset].written = true;
         }
      }
      break;
   default:
      break;
   }
}

static enum irexec_slot_source
irexec_input_source(enum ir_stage stage, enum ir_semantic sem)
{
   switch (sem) {
   case IR_SEM_FRAG_COORD:
      return stage == IR_STAGE_FRAGMENT ? IREXEC_SRC_FRAG_COORD : IREXEC_SRC_INPUTS;
   case IR_SEM_FRONT_FACE:
      return stage == IR_STAGE_FRAGMENT ? IREXEC_SRC_FRONT_FACE : IREXEC_SRC_INPUTS;
   case IR_SEM_VERTEX_ID:
      return IREXEC_SRC_VERTEX_ID;
   case IR_SEM_INSTANCE_ID:
      return IREXEC_SRC_INSTANCE_ID;
   case IR_SEM_SAMPLE_ID:
      return IREXEC_SRC_SAMPLE_ID;
   case IR_SEM_PRIMITIVE_ID:
      /* the fragment shader's comes from the geometry shader's output */
      return stage == IR_STAGE_GEOMETRY ? IREXEC_SRC_PRIMITIVE_ID : IREXEC_SRC_INPUTS;
   default:
      return IREXEC_SRC_INPUTS;
   }
}

static void
irexec_set_error(char *err, unsigned err_size, const char *msg)
{
   if (err && err_size)
      snprintf(err, err_size, "%s", msg);
}

struct irexec_program *
irexec_create(const struct ir_shader *shader, char *err, unsigned err_size)
{
   irexec_set_error(err, err_size, "");
   if (!shader) {
      irexec_set_error(err, err_size, "no shader");
      return NULL;
   }
   struct irexec_program *prog = calloc(1, sizeof(*prog));
   if (!prog) {
      irexec_set_error(err, err_size, "out of memory");
      return NULL;
   }
   prog->shader = ir_shader_clone(shader);
   if (!prog->shader) {
      irexec_set_error(err, err_size, "cannot clone the shader");
      free(prog);
      return NULL;
   }
   struct ir_shader *s = prog->shader;
   char *verrors = NULL;
   if (!ir_validate(s, &verrors)) {
      char msg[512];
      snprintf(msg, sizeof(msg), "invalid shader: %s", verrors ? verrors : "?");
      irexec_set_error(err, err_size, msg);
      free(verrors);
      irexec_destroy(prog);
      return NULL;
   }
   free(verrors);
   prog->main = ir_shader_main(s);
   if (!prog->main) {
      irexec_set_error(err, err_size, "no @main");
      irexec_destroy(prog);
      return NULL;
   }
   ir_shader_number(s);
   prog->stage = s->stage;
   if (s->stage == IR_STAGE_GEOMETRY) {
      /* the validator checked the declarations */
      prog->gs.input_prim = s->gs.input_prim;
      prog->gs.output_prim = s->gs.output_prim;
      prog->gs.vertices_in = ir_prim_vertices(s->gs.input_prim);
      prog->gs.max_vertices = s->gs.max_vertices;
   }

   prog->num_vars = s->num_vars;
   for (struct ir_var *v = s->vars; v; v = v->next)
      if (v->index + 1 > prog->num_vars)
         prog->num_vars = v->index + 1;
   prog->vars = calloc(prog->num_vars ? prog->num_vars : 1, sizeof(*prog->vars));
   if (!prog->vars) {
      irexec_set_error(err, err_size, "out of memory");
      irexec_destroy(prog);
      return NULL;
   }

   for (struct ir_var *v = s->vars; v; v = v->next) {
      struct irexec_var_info *vi = &prog->vars[v->index];
      vi->len = v->array_len ? v->array_len : 1;
      if (v->mode != IR_VAR_SAMPLER && !irexec_type_ok(v->type)) {
         irexec_set_error(err, err_size, "only 32-bit types are supported");
         irexec_destroy(prog);
         return NULL;
      }
      if (v->mode == IR_VAR_LOCAL) {
         vi->base = prog->num_local_elems;
         prog->num_local_elems += vi->len;
      } else if (v->mode == IR_VAR_INPUT || v->mode == IR_VAR_OUTPUT) {
         bool input = v->mode == IR_VAR_INPUT;
         unsigned *count = input ? &prog->num_inputs : &prog->num_outputs;
         struct irexec_slot *slots = input ? prog->inputs : prog->outputs;
         /* a geometry input's slots are one vertex's elements */
         unsigned nslots = vi->len;
         if (input && prog->gs.vertices_in && v->semantic != IR_SEM_PRIMITIVE_ID) {
            vi->per_vertex = vi->len / prog->gs.vertices_in;
            nslots = vi->per_vertex;
         }
         if (*count + nslots > IREXEC_MAX_SLOTS) {
            irexec_set_error(err, err_size, "too many input or output slots");
            irexec_destroy(prog);
            return NULL;
         }
         vi->base = *count;
         for (unsigned e = 0; e < nslots; e++) {
            struct irexec_slot *sl = &slots[*count + e];
            sl->name = v->name;
            sl->semantic = v->semantic;
            sl->location = v->location + (int)e;
            sl->array_index = e;
            sl->comps = v->type.comps;
            sl->base = (enum ir_base_type)v->type.base;
            sl->interp = v->interp;
            sl->interp_explicit = v->interp_explicit;
            sl->source = input ? irexec_input_source(s->stage, v->semantic) : IREXEC_SRC_INPUTS;
         }
         *count += nslots;
      }
   }

   struct irexec_check ck = { prog, NULL };
   ir_shader_foreach_instr(s, irexec_check_instr, &ck);
   if (ck.error) {
      irexec_set_error(err, err_size, ck.error);
      irexec_destroy(prog);
      return NULL;
   }
   return prog;
}

void
irexec_destroy(struct irexec_program *prog)
{
   if (!prog)
      return;
   if (prog->shader)
      ir_shader_destroy(prog->shader);
   free(prog->vars);
   free(prog);
}

const struct ir_shader *
irexec_shader(const struct irexec_program *prog)
{
   return prog->shader;
}

enum ir_stage
irexec_stage(const struct irexec_program *prog)
{
   return prog ? prog->stage : IR_STAGE_VERTEX;
}

unsigned
irexec_get_inputs(const struct irexec_program *prog, const struct irexec_slot **slots)
{
   if (slots)
      *slots = prog ? prog->inputs : NULL;
   return prog ? prog->num_inputs : 0;
}

unsigned
irexec_get_outputs(const struct irexec_program *prog, const struct irexec_slot **slots)
{
   if (slots)
      *slots = prog ? prog->outputs : NULL;
   return prog ? prog->num_outputs : 0;
}

static int
irexec_find_slot(const struct irexec_slot *slots, unsigned n, enum ir_semantic sem, int location)
{
   for (unsigned i = 0; i < n; i++) {
      if (slots[i].semantic != sem)
         continue;
      if (sem != IR_SEM_GENERIC || slots[i].location == location)
         return (int)i;
   }
   return -1;
}

int
irexec_find_input(const struct irexec_program *prog, enum ir_semantic sem, int location)
{
   return prog ? irexec_find_slot(prog->inputs, prog->num_inputs, sem, location) : -1;
}

int
irexec_find_output(const struct irexec_program *prog, enum ir_semantic sem, int location)
{
   return prog ? irexec_find_slot(prog->outputs, prog->num_outputs, sem, location) : -1;
}

uint32_t
irexec_samplers_used(const struct irexec_program *prog)
{
   return prog ? prog->samplers : 0;
}

bool
irexec_uses_discard(const struct irexec_program *prog)
{
   return prog && prog->uses_discard;
}

bool
irexec_get_gs_info(const struct irexec_program *prog, struct irexec_gs_info *info)
{
   bool gs = prog && prog->stage == IR_STAGE_GEOMETRY;
   if (info) {
      if (gs)
         *info = prog->gs;
      else
         memset(info, 0, sizeof(*info));
   }
   return gs;
}

/* ------------------------------------------------------------------ */
/* Execution state                                                     */
/* ------------------------------------------------------------------ */

struct irexec_exec {
   const struct irexec_program *prog;
   const struct irexec_env *env;
   unsigned num_lanes;                  /* lanes 0..num_lanes-1 exist */
   unsigned lanes_all;                  /* (1 << num_lanes) - 1 */
   unsigned discarded;
   unsigned steps, max_steps;
   bool failed;                         /* runaway or call depth exceeded */
   unsigned depth;

   /* inputs of the batch */
   const float (*inputs)[4];            /* lane-major: [(lane * vertices_in + vertex) *
                                           num_inputs + slot] */
   unsigned vertices_in;                /* vertices per lane: 1, or the geometry
                                           shader's input primitive's */
   const float (*frag_coord)[4];
   bool front_facing;
   int32_t vertex_id[IREXEC_NUM_LANES];
   int32_t primitive_id[IREXEC_NUM_LANES];

   /* geometry shaders: where each lane's emitted vertices go (its first
    * vertex at gs_vertices[lane * max_vertices * num_outputs]) */
   float (*gs_vertices)[4];
   uint8_t *gs_strip_start;
   unsigned gs_emitted[IREXEC_NUM_LANES];
   unsigned gs_new_strip;               /* lanes whose next vertex starts a strip */

   irexec_lanes *main_vals;             /* [value index] of @main */
   irexec_lanes *locals;                /* [element] */
   irexec_lanes *outputs;               /* [slot] */
   irexec_lanes *heap;                  /* the block above when not inline */
};

/* Batch storage kept on the caller's stack when it fits (16 KiB). */
#define IREXEC_INLINE_ELEMS 128
struct irexec_storage {
   irexec_lanes inline_elems[IREXEC_INLINE_ELEMS];
};

struct irexec_frame {
   irexec_lanes *vals;                  /* [value index] */
   unsigned num_vals;
   unsigned returned;
   irexec_lanes ret;
};

struct irexec_loop {
   unsigned broken, continued;
};

static void irexec_run_block(struct irexec_exec *ex, struct irexec_frame *fr,
                             struct irexec_loop *loop, struct ir_block *b, unsigned mask);

static inline union ir_const_value *
irexec_val(struct irexec_frame *fr, const struct ir_instr *v, unsigned lane)
{
   /* ir_shader_number() gave every value of the function an index below
    * num_vals; the validator guarantees sources are values of this function */
   return fr->vals[v->index < fr->num_vals ? v->index : 0][lane];
}

static inline void
irexec_set_bool(union ir_const_value *v, bool b)
{
   memset(v, 0, sizeof(*v));
   v->b = b;
}

static inline void
irexec_set_u32(union ir_const_value *v, uint32_t u)
{
   memset(v, 0, sizeof(*v));
   v->u32 = u;
}

static inline void
irexec_set_f32(union ir_const_value *v, float f)
{
   memset(v, 0, sizeof(*v));
   v->f32 = f;
}

/* A component read from an external 32-bit word, in the value's type. */
static inline void
irexec_set_bits(union ir_const_value *v, enum ir_base_type base, uint32_t bits)
{
   if (base == IR_BOOL)
      irexec_set_bool(v, bits != 0);
   else
      irexec_set_u32(v, bits);
}

static inline uint32_t
irexec_get_bits(const union ir_const_value *v, enum ir_base_type base)
{
   if (base == IR_BOOL)
      return v->b ? 1u : 0u;
   return v->u32;
}

static inline uint32_t
irexec_float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static uint32_t
irexec_cbuf_word(const struct irexec_env *env, unsigned cbuf, uint64_t offset)
{
   if (cbuf >= IREXEC_MAX_CBUFS)
      return 0;
   const struct irexec_cbuf *cb = &env->cbufs[cbuf];
   if (!cb->data || offset + 4 > cb->size)
      return 0;
   uint32_t w;
   memcpy(&w, (const uint8_t *)cb->data + offset, 4);
   return w;
}

/* Active lanes at this point of the block. */
static inline unsigned
irexec_active(const struct irexec_exec *ex, const struct irexec_frame *fr,
              const struct irexec_loop *loop, unsigned mask)
{
   unsigned m = mask & ~ex->discarded & ~fr->returned;
   if (loop)
      m &= ~(loop->broken | loop->continued);
   return m;
}

/* Element of a variable access for one lane; false when a dynamic index is
 * out of range (then *elem is the last element). */
static bool
irexec_element(struct irexec_frame *fr, const struct ir_instr *in, unsigned len, unsigned lane,
               unsigned *elem)
{
   const struct ir_instr *idx = ir_var_access_index(in);
   if (!idx) {
      *elem = in->u.var.offset < len ? in->u.var.offset : len - 1;
      return in->u.var.offset < len;
   }
   uint32_t i = irexec_val(fr, idx, lane)[0].u32;   /* negative ints are huge */
   if (i >= len) {
      *elem = len - 1;
      return false;
   }
   *elem = i;
   return true;
}

/* ------------------------------------------------------------------ */
/* Instructions                                                        */
/* ------------------------------------------------------------------ */

static void
irexec_derivative(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in)
{
   const struct ir_instr *s = in->src[0];
   unsigned n = in->type.comps;
   float v[IREXEC_NUM_LANES][4];
   for (unsigned l = 0; l < IREXEC_NUM_LANES; l++)
      for (unsigned c = 0; c < 4; c++)
         v[l][c] = l < ex->num_lanes && c < n ? irexec_val(fr, s, l)[c].f32 : 0.0f;

   for (unsigned l = 0; l < ex->num_lanes; l++) {
      unsigned row = l & 2, col = l & 1;
      union ir_const_value *d = irexec_val(fr, in, l);
      for (unsigned c = 0; c < 4; c++) {
         /* fine: own row / own column; coarse: the quad's top row / left
          * column.  Plain dFdx/dFdy/fwidth use the fine form. */
         float dx_fine = v[row + 1][c] - v[row][c];
         float dy_fine = v[col + 2][c] - v[col][c];
         float dx_coarse = v[1][c] - v[0][c];
         float dy_coarse = v[2][c] - v[0][c];
         float r;
         switch ((enum ir_op)in->op) {
         case IR_OP_fddx:
         case IR_OP_fddx_fine:
            r = dx_fine;
            break;
         case IR_OP_fddy:
         case IR_OP_fddy_fine:
            r = dy_fine;
            break;
         case IR_OP_fddx_coarse:
            r = dx_coarse;
            break;
         case IR_OP_fddy_coarse:
            r = dy_coarse;
            break;
         default: /* fwidth */
            r = fabsf(dx_fine) + fabsf(dy_fine);
            break;
         }
         irexec_set_f32(&d[c], c < n ? r : 0.0f);
      }
   }
}

static void
irexec_alu(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in)
{
   if (ir_op_info((enum ir_op)in->op)->flags & IR_OPF_DERIVATIVE) {
      if (ex->num_lanes == IREXEC_NUM_LANES) {
         irexec_derivative(ex, fr, in);
      } else {
         for (unsigned l = 0; l < ex->num_lanes; l++)
            memset(irexec_val(fr, in, l), 0, sizeof(union ir_const_value) * 4);
      }
      return;
   }
   struct ir_type types[IR_MAX_ALU_SRCS];
   const union ir_const_value *srcs[IR_MAX_ALU_SRCS];
   unsigned ns = in->num_srcs < IR_MAX_ALU_SRCS ? in->num_srcs : IR_MAX_ALU_SRCS;
   for (unsigned i = 0; i < ns; i++)
      types[i] = in->src[i]->type;
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      for (unsigned i = 0; i < ns; i++)
         srcs[i] = irexec_val(fr, in->src[i], l);
      union ir_const_value *d = irexec_val(fr, in, l);
      if (!ir_eval_alu((enum ir_op)in->op, in->type, ns, types, srcs, d))
         memset(d, 0, sizeof(*d) * 4);
   }
}

static void
irexec_load_input(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in)
{
   const struct irexec_program *prog = ex->prog;
   const struct ir_var *var = in->u.var.var;
   const struct irexec_var_info *vi = &prog->vars[var->index];
   enum ir_base_type base = (enum ir_base_type)in->type.base;

   for (unsigned l = 0; l < ex->num_lanes; l++) {
      unsigned e, vertex = 0;
      irexec_element(fr, in, vi->len, l, &e);
      if (vi->per_vertex) {
         /* a geometry input: element i of vertex v is element v * E + i */
         vertex = e / vi->per_vertex;
         e %= vi->per_vertex;
      }
      unsigned slot = vi->base + e;
      const struct irexec_slot *sl = &prog->inputs[slot];
      union ir_const_value *d = irexec_val(fr, in, l);
      for (unsigned c = 0; c < 4; c++) {
         uint32_t bits = 0;
         if (c < in->type.comps) {
            switch (sl->source) {
            case IREXEC_SRC_INPUTS:
               if (ex->inputs)
                  memcpy(&bits,
                         &ex->inputs[(l * ex->vertices_in + vertex) * prog->num_inputs + slot][c],
                         4);
               break;
            case IREXEC_SRC_FRAG_COORD:
               bits = ex->frag_coord ? irexec_float_bits(ex->frag_coord[l][c]) : 0;
               break;
            case IREXEC_SRC_FRONT_FACE:
               bits = ex->front_facing;
               break;
            case IREXEC_SRC_VERTEX_ID:
               bits = (uint32_t)ex->vertex_id[l];
               break;
            case IREXEC_SRC_INSTANCE_ID:
               bits = (uint32_t)ex->env->instance_id;
               break;
            case IREXEC_SRC_SAMPLE_ID:
               bits = 0;
               break;
            case IREXEC_SRC_PRIMITIVE_ID:
               bits = (uint32_t)ex->primitive_id[l];
               break;
            }
            /* a float-typed front face or ids: give the value, not bits */
            if (base == IR_FLOAT && sl->source != IREXEC_SRC_INPUTS &&
                sl->source != IREXEC_SRC_FRAG_COORD)
               bits = irexec_float_bits((float)(int32_t)bits);
         }
         irexec_set_bits(&d[c], base, bits);
      }
   }
}

static void
irexec_load_uniform(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in)
{
   const struct ir_var *var = in->u.var.var;
   unsigned len = var->array_len ? var->array_len : 1;
   enum ir_base_type base = (enum ir_base_type)in->type.base;
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      unsigned e;
      irexec_element(fr, in, len, l, &e);
      union ir_const_value *d = irexec_val(fr, in, l);
      for (unsigned c = 0; c < 4; c++) {
         uint32_t w = 0;
         if (c < in->type.comps)
            w = irexec_cbuf_word(ex->env, var->cbuf,
                                 (uint64_t)var->offset + 16u * (uint64_t)e + 4u * c);
         irexec_set_bits(&d[c], base, w);
      }
   }
}

static void
irexec_load_cbuf(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in)
{
   enum ir_base_type base = (enum ir_base_type)in->type.base;
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      uint64_t off = irexec_val(fr, in->src[0], l)[0].u32;
      union ir_const_value *d = irexec_val(fr, in, l);
      for (unsigned c = 0; c < 4; c++) {
         uint32_t w = c < in->type.comps ? irexec_cbuf_word(ex->env, in->u.cbuf, off + 4u * c) : 0;
         irexec_set_bits(&d[c], base, w);
      }
   }
}

/* Load or store of an output or local. */
static void
irexec_var_access(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in,
                  unsigned active)
{
   const struct irexec_program *prog = ex->prog;
   const struct ir_var *var = in->u.var.var;
   const struct irexec_var_info *vi = &prog->vars[var->index];
   irexec_lanes *store = var->mode == IR_VAR_OUTPUT ? ex->outputs : ex->locals;
   bool is_store = ir_op_is_store((enum ir_op)in->op);

   for (unsigned l = 0; l < ex->num_lanes; l++) {
      unsigned e;
      bool in_range = irexec_element(fr, in, vi->len, l, &e);
      union ir_const_value *elem = store[vi->base + e][l];
      if (is_store) {
         /* out-of-range stores write nothing (as ir_lower_indirect) */
         if ((active & (1u << l)) && in_range)
            memcpy(elem, irexec_val(fr, in->src[0], l), sizeof(union ir_const_value) * 4);
      } else {
         union ir_const_value *d = irexec_val(fr, in, l);
         memcpy(d, elem, sizeof(union ir_const_value) * 4);
         for (unsigned c = in->type.comps; c < 4; c++)
            memset(&d[c], 0, sizeof(d[c]));
      }
   }
}

static void
irexec_tex_size_queries(struct irexec_exec *ex, struct irexec_frame *fr,
                        const struct ir_instr *in, unsigned active)
{
   const struct irexec_sampler_iface *si = ex->env->sampler;
   const struct ir_var *sv = in->u.tex.sampler;
   const struct ir_instr *lod = ir_tex_get_src(in, IR_TEX_SRC_LOD);
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      union ir_const_value *d = irexec_val(fr, in, l);
      int32_t r[4] = { 0, 0, 0, 0 };
      if (active & (1u << l)) {
         if (in->op == IR_OP_txs) {
            int32_t lv = lod ? irexec_val(fr, lod, l)[0].i32 : 0;
            if (si && si->size)
               si->size(si->priv, sv->binding, sv->target, lv, r);
         } else if (in->op == IR_OP_query_samples) {
            if (si && si->query_samples)
               r[0] = si->query_samples(si->priv, sv->binding, sv->target);
         } else if (si && si->query_levels) {
            r[0] = si->query_levels(si->priv, sv->binding, sv->target);
         }
      }
      for (unsigned c = 0; c < 4; c++)
         irexec_set_u32(&d[c], c < in->type.comps ? (uint32_t)r[c] : 0);
   }
}

void
irexec_tex_request_lod(struct irexec_tex_request *req, enum ir_op op, bool fragment_quad,
                       unsigned dims, bool has_lod)
{
   switch (op) {
   case IR_OP_tex:
   case IR_OP_txb:
   case IR_OP_lod:
      if (fragment_quad) {
         req->lod_mode = IREXEC_LOD_DERIVATIVES;
         for (unsigned l = 0; l < IREXEC_NUM_LANES; l++) {
            unsigned row = l & 2, col = l & 1;
            for (unsigned c = 0; c < dims; c++) {
               req->ddx[l][c] = req->coord[row + 1].f[c] - req->coord[row].f[c];
               req->ddy[l][c] = req->coord[col + 2].f[c] - req->coord[col].f[c];
            }
         }
      } else {
         /* outside fragment shaders the implicit level is the base level */
         req->lod_mode = IREXEC_LOD_EXPLICIT;
      }
      break;
   case IR_OP_txl:
      req->lod_mode = IREXEC_LOD_EXPLICIT;
      break;
   case IR_OP_txd:
      req->lod_mode = IREXEC_LOD_DERIVATIVES;
      break;
   case IR_OP_txf:
      req->lod_mode = has_lod ? IREXEC_LOD_INTEGER : IREXEC_LOD_NONE;
      break;
   case IR_OP_tg4:
      req->lod_mode = IREXEC_LOD_EXPLICIT;   /* gathers read the base level */
      break;
   default:
      req->lod_mode = IREXEC_LOD_NONE;
      break;
   }
}

static void
irexec_tex(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in,
           unsigned active)
{
   if (in->op == IR_OP_txs || in->op == IR_OP_query_levels || in->op == IR_OP_query_samples) {
      irexec_tex_size_queries(ex, fr, in, active);
      return;
   }

   const struct ir_var *sv = in->u.tex.sampler;
   enum ir_tex_target target = sv->target;
   unsigned ncoord = ir_tex_target_coords(target);
   unsigned dims = ir_tex_target_dims(target);
   bool is_array = ir_tex_target_is_array(target);
   const struct ir_instr *coord = ir_tex_get_src(in, IR_TEX_SRC_COORD);
   const struct ir_instr *bias = ir_tex_get_src(in, IR_TEX_SRC_BIAS);
   const struct ir_instr *lod = ir_tex_get_src(in, IR_TEX_SRC_LOD);
   const struct ir_instr *ddx = ir_tex_get_src(in, IR_TEX_SRC_DDX);
   const struct ir_instr *ddy = ir_tex_get_src(in, IR_TEX_SRC_DDY);
   const struct ir_instr *offset = ir_tex_get_src(in, IR_TEX_SRC_OFFSET);
   const struct ir_instr *compare = ir_tex_get_src(in, IR_TEX_SRC_COMPARE);
   const struct ir_instr *proj = ir_tex_get_src(in, IR_TEX_SRC_PROJ);
   const struct ir_instr *sample = ir_tex_get_src(in, IR_TEX_SRC_SAMPLE);
   bool int_coords = in->op == IR_OP_txf || in->op == IR_OP_txf_ms;

   if (ncoord > 4)
      ncoord = 4;
   if (dims > 3)
      dims = 3;

   struct irexec_tex_request req;
   memset(&req, 0, sizeof(req));
   req.op = (enum ir_op)in->op;
   req.target = target;
   req.shadow = sv->shadow;
   /* textureQueryLod gives floats whatever the sampler's type */
   req.result_base = in->op == IR_OP_lod ? IR_FLOAT : (enum ir_base_type)sv->type.base;
   req.unit = sv->binding;
   req.lane_mask = active;
   req.projected = proj != NULL;
   req.has_offset = offset != NULL;
   req.has_compare = compare != NULL;
   req.gather_comp = in->u.tex.component;

   /* per-lane operands, computed for every lane (derivatives need them) */
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      float q = proj ? irexec_val(fr, proj, l)[0].f32 : 1.0f;
      for (unsigned c = 0; coord && c < ncoord && c < coord->type.comps; c++) {
         const union ir_const_value *v = irexec_val(fr, coord, l);
         if (int_coords) {
            req.coord[l].i[c] = v[c].i32;
         } else {
            bool layer = is_array && c == ncoord - 1;
            req.coord[l].f[c] = proj && !layer ? v[c].f32 / q : v[c].f32;
         }
      }
      if (compare)
         req.compare[l] = proj ? irexec_val(fr, compare, l)[0].f32 / q
                               : irexec_val(fr, compare, l)[0].f32;
      if (bias)
         req.bias[l] = irexec_val(fr, bias, l)[0].f32;
      if (lod) {
         if (lod->type.base == IR_FLOAT)
            req.lod[l] = irexec_val(fr, lod, l)[0].f32;
         else
            req.ilod[l] = irexec_val(fr, lod, l)[0].i32;
      }
      for (unsigned c = 0; offset && c < dims && c < offset->type.comps; c++)
         req.offset[l][c] = irexec_val(fr, offset, l)[c].i32;
      if (sample)
         req.sample[l] = irexec_val(fr, sample, l)[0].i32;
      for (unsigned c = 0; ddx && ddy && c < dims; c++) {
         if (c < ddx->type.comps)
            req.ddx[l][c] = irexec_val(fr, ddx, l)[c].f32;
         if (c < ddy->type.comps)
            req.ddy[l][c] = irexec_val(fr, ddy, l)[c].f32;
      }
   }

   irexec_tex_request_lod(&req, (enum ir_op)in->op,
                          ex->prog->stage == IR_STAGE_FRAGMENT &&
                             ex->num_lanes == IREXEC_NUM_LANES,
                          dims, lod != NULL);

   union irexec_texel out[IREXEC_NUM_LANES];
   memset(out, 0, sizeof(out));
   const struct irexec_sampler_iface *si = ex->env->sampler;
   if (active && si && si->sample)
      si->sample(si->priv, &req, out);

   for (unsigned l = 0; l < ex->num_lanes; l++) {
      union ir_const_value *d = irexec_val(fr, in, l);
      bool on = active & (1u << l);
      for (unsigned c = 0; c < 4; c++)
         irexec_set_u32(&d[c], on && c < in->type.comps ? out[l].u[c] : 0);
   }
}

static void
irexec_call(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in,
            unsigned active)
{
   struct ir_function *f = in->u.callee;
   if (ex->depth >= IREXEC_MAX_CALL_DEPTH || !f) {
      ex->failed = true;
      return;
   }
   struct irexec_frame callee;
   memset(&callee, 0, sizeof(callee));
   callee.num_vals = f->num_values ? f->num_values : 1;
   callee.vals = calloc(callee.num_vals, sizeof(irexec_lanes));
   if (!callee.vals) {
      ex->failed = true;
      return;
   }
   for (unsigned i = 0; i < f->num_params && i < in->num_srcs; i++)
      for (unsigned l = 0; l < ex->num_lanes; l++)
         memcpy(irexec_val(&callee, f->params[i], l), irexec_val(fr, in->src[i], l),
                sizeof(union ir_const_value) * 4);
   ex->depth++;
   irexec_run_block(ex, &callee, NULL, f->body, active);
   ex->depth--;
   if (ir_instr_has_dest(in)) {
      for (unsigned l = 0; l < ex->num_lanes; l++)
         if (active & (1u << l))
            memcpy(irexec_val(fr, in, l), callee.ret[l], sizeof(union ir_const_value) * 4);
   }
   free(callee.vals);
}

/* emit_vertex: each active lane's outputs as they are become its next
 * vertex, up to max_vertices (later emits have no effect); end_primitive:
 * the active lanes' next vertex starts a strip. */
static void
irexec_emit(struct irexec_exec *ex, const struct ir_instr *in, unsigned active)
{
   const struct irexec_program *prog = ex->prog;
   if (in->op == IR_OP_end_primitive) {
      ex->gs_new_strip |= active;
      return;
   }
   if (!ex->gs_vertices)
      return;
   unsigned max = prog->gs.max_vertices, no = prog->num_outputs;
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      if (!(active & (1u << l)) || ex->gs_emitted[l] >= max)
         continue;
      size_t k = (size_t)l * max + ex->gs_emitted[l]++;
      for (unsigned s = 0; s < no; s++) {
         const union ir_const_value *v = ex->outputs[s][l];
         for (unsigned c = 0; c < 4; c++) {
            uint32_t bits = c < prog->outputs[s].comps ? irexec_get_bits(&v[c], prog->outputs[s].base)
                                                       : 0;
            memcpy(&ex->gs_vertices[k * no + s][c], &bits, 4);
         }
      }
      ex->gs_strip_start[k] = ex->gs_new_strip & (1u << l) ? IREXEC_GS_STRIP_START : 0;
      ex->gs_new_strip &= ~(1u << l);
   }
}

static void
irexec_loop_instr(struct irexec_exec *ex, struct irexec_frame *fr, const struct ir_instr *in,
                  unsigned active)
{
   struct irexec_loop lp = { 0, 0 };
   for (;;) {
      lp.continued = 0;
      unsigned m = active & ~lp.broken & ~ex->discarded & ~fr->returned;
      if (!m || ex->failed)
         break;
      /* every iteration costs a step, so that an empty loop ends too */
      if (++ex->steps > ex->max_steps) {
         ex->failed = true;
         break;
      }
      irexec_run_block(ex, fr, &lp, in->u.loop.body, m);
   }
}

static void
irexec_run_block(struct irexec_exec *ex, struct irexec_frame *fr, struct irexec_loop *loop,
                 struct ir_block *b, unsigned mask)
{
   for (struct ir_instr *in = b->first; in; in = in->next) {
      unsigned active = irexec_active(ex, fr, loop, mask);
      if (!active || ex->failed)
         return;
      if (++ex->steps > ex->max_steps) {
         ex->failed = true;
         return;
      }
      const struct ir_op_info *info = ir_op_info((enum ir_op)in->op);
      switch ((enum ir_op_kind)info->kind) {
      case IR_KIND_ALU:
         irexec_alu(ex, fr, in);
         break;
      case IR_KIND_SWIZZLE:
         for (unsigned l = 0; l < ex->num_lanes; l++) {
            const union ir_const_value *s = irexec_val(fr, in->src[0], l);
            union ir_const_value *d = irexec_val(fr, in, l);
            if (d == s) {
               /* only for invalid numbering; keep the copy semantics */
               union ir_const_value tmp[4];
               memcpy(tmp, s, sizeof(tmp));
               memset(d, 0, sizeof(tmp));
               for (unsigned c = 0; c < in->type.comps; c++)
                  d[c] = tmp[in->u.swizzle[c] & 3];
               continue;
            }
            /* component by component, straight into the value: building
             * the vector in a temporary and copying it made the CPU reload
             * just-written bytes with a wider load (a store-forwarding
             * stall on every swizzle) */
            for (unsigned c = 0; c < 4; c++) {
               if (c < in->type.comps)
                  d[c] = s[in->u.swizzle[c] & 3];
               else
                  memset(&d[c], 0, sizeof(d[c]));
            }
         }
         break;
      case IR_KIND_CONST:
         for (unsigned l = 0; l < ex->num_lanes; l++) {
            union ir_const_value *d = irexec_val(fr, in, l);
            for (unsigned c = 0; c < 4; c++) {
               if (c >= in->type.comps)
                  memset(&d[c], 0, sizeof(d[c]));
               else if (in->type.base == IR_BOOL)
                  irexec_set_bool(&d[c], in->u.value[c].b);
               else
                  irexec_set_u32(&d[c], in->u.value[c].u32);
            }
         }
         break;
      case IR_KIND_UNDEF:
         /* undefined values read as zero */
         for (unsigned l = 0; l < ex->num_lanes; l++)
            memset(irexec_val(fr, in, l), 0, sizeof(union ir_const_value) * 4);
         break;
      case IR_KIND_VAR:
         switch ((enum ir_op)in->op) {
         case IR_OP_load_input:
            irexec_load_input(ex, fr, in);
            break;
         case IR_OP_load_uniform:
            irexec_load_uniform(ex, fr, in);
            break;
         default:
            irexec_var_access(ex, fr, in, active);
            break;
         }
         break;
      case IR_KIND_CBUF:
         irexec_load_cbuf(ex, fr, in);
         break;
      case IR_KIND_TEX:
         irexec_tex(ex, fr, in, active);
         break;
      case IR_KIND_DISCARD:
         if (in->op == IR_OP_discard) {
            ex->discarded |= active;
         } else {
            for (unsigned l = 0; l < ex->num_lanes; l++)
               if ((active & (1u << l)) && irexec_val(fr, in->src[0], l)[0].b)
                  ex->discarded |= 1u << l;
         }
         break;
      case IR_KIND_JUMP:
         if (in->op == IR_OP_break) {
            if (loop)
               loop->broken |= active;
         } else if (in->op == IR_OP_continue) {
            if (loop)
               loop->continued |= active;
         } else {
            if (in->num_srcs)
               for (unsigned l = 0; l < ex->num_lanes; l++)
                  if (active & (1u << l))
                     memcpy(fr->ret[l], irexec_val(fr, in->src[0], l),
                            sizeof(union ir_const_value) * 4);
            fr->returned |= active;
         }
         break;
      case IR_KIND_IF: {
         unsigned then_mask = 0;
         for (unsigned l = 0; l < ex->num_lanes; l++)
            if ((active & (1u << l)) && irexec_val(fr, in->src[0], l)[0].b)
               then_mask |= 1u << l;
         unsigned else_mask = active & ~then_mask;
         if (then_mask && in->u.cif.then_body)
            irexec_run_block(ex, fr, loop, in->u.cif.then_body, then_mask);
         if (else_mask && in->u.cif.else_body)
            irexec_run_block(ex, fr, loop, in->u.cif.else_body, else_mask);
         break;
      }
      case IR_KIND_LOOP:
         irexec_loop_instr(ex, fr, in, active);
         break;
      case IR_KIND_CALL:
         irexec_call(ex, fr, in, active);
         break;
      case IR_KIND_PARAM:
         break;
      case IR_KIND_EMIT:
         irexec_emit(ex, in, active);
         break;
      }
   }
}

/* Runs @main on one batch; outputs/locals/inputs/main_vals already set in ex. */
static bool
irexec_run_batch(struct irexec_exec *ex, unsigned mask)
{
   const struct irexec_program *prog = ex->prog;
   struct irexec_frame fr;
   memset(&fr, 0, sizeof(fr));
   fr.num_vals = prog->main->num_values ? prog->main->num_values : 1;
   fr.vals = ex->main_vals;
   irexec_run_block(ex, &fr, NULL, prog->main->body, mask);
   return !ex->failed;
}

/*
 * One batch's zeroed storage: @main's values, then the locals, then the
 * outputs.  A fragment quad is one batch per 2x2 pixels, so small programs
 * (all fixed-function ones) use the caller's inline buffer instead of
 * allocating per quad; larger ones take one heap block.
 */
static bool
irexec_exec_init(struct irexec_exec *ex, const struct irexec_program *prog,
                 const struct irexec_env *env, unsigned num_lanes,
                 struct irexec_storage *st)
{
   memset(ex, 0, sizeof(*ex));
   ex->prog = prog;
   ex->env = env;
   ex->num_lanes = num_lanes;
   ex->lanes_all = (1u << num_lanes) - 1;
   ex->vertices_in = 1;
   ex->max_steps = env->max_steps ? env->max_steps : IREXEC_DEFAULT_STEPS;
   size_t nvals = prog->main->num_values ? prog->main->num_values : 1;
   size_t nlocals = prog->num_local_elems ? prog->num_local_elems : 1;
   size_t nouts = prog->num_outputs ? prog->num_outputs : 1;
   size_t total = nvals + nlocals + nouts;
   irexec_lanes *mem;
   if (total <= IREXEC_INLINE_ELEMS) {
      mem = st->inline_elems;
      memset(mem, 0, total * sizeof(irexec_lanes));
      ex->heap = NULL;
   } else {
      mem = calloc(total, sizeof(irexec_lanes));
      if (!mem)
         return false;
      ex->heap = mem;
   }
   ex->main_vals = mem;
   ex->locals = mem + nvals;
   ex->outputs = mem + nvals + nlocals;
   return true;
}

static void
irexec_exec_fini(struct irexec_exec *ex)
{
   free(ex->heap);
   ex->heap = NULL;
}

static void
irexec_write_outputs(const struct irexec_exec *ex, unsigned first, float (*outputs)[4],
                     size_t stride)
{
   const struct irexec_program *prog = ex->prog;
   for (unsigned l = 0; l < ex->num_lanes; l++) {
      for (unsigned s = 0; s < prog->num_outputs; s++) {
         const union ir_const_value *v = ex->outputs[s][l];
         for (unsigned c = 0; c < 4; c++) {
            uint32_t bits = c < prog->outputs[s].comps ? irexec_get_bits(&v[c], prog->outputs[s].base)
                                                       : 0;
            memcpy(&outputs[(first + l) * stride + s][c], &bits, 4);
         }
      }
   }
}

bool
irexec_run_vertices(const struct irexec_program *prog, const struct irexec_env *env,
                    unsigned n, const float (*inputs)[4], float (*outputs)[4])
{
   return irexec_run_vertices_strided(prog, env, n, inputs, outputs,
                                      prog ? prog->num_outputs : 0);
}

bool
irexec_run_vertices_strided(const struct irexec_program *prog, const struct irexec_env *env,
                            unsigned n, const float (*inputs)[4], float (*outputs)[4],
                            size_t out_stride)
{
   if (!prog || !env || prog->stage == IR_STAGE_FRAGMENT || prog->stage == IR_STAGE_GEOMETRY ||
       out_stride < prog->num_outputs)
      return false;
   if (!n)
      return true;
   if (prog->num_outputs && !outputs)
      return false;
   bool ok = true;
   struct irexec_storage st;
   for (unsigned first = 0; first < n; first += IREXEC_NUM_LANES) {
      unsigned lanes = n - first < IREXEC_NUM_LANES ? n - first : IREXEC_NUM_LANES;
      struct irexec_exec ex;
      if (!irexec_exec_init(&ex, prog, env, lanes, &st))
         return false;
      ex.inputs = inputs ? inputs + (size_t)first * prog->num_inputs : NULL;
      for (unsigned l = 0; l < lanes; l++)
         ex.vertex_id[l] = env->vertex_ids ? env->vertex_ids[first + l]
                                           : env->vertex_id_base + (int32_t)(first + l);
      ok &= irexec_run_batch(&ex, ex.lanes_all);
      irexec_write_outputs(&ex, first, outputs, out_stride);
      irexec_exec_fini(&ex);
   }
   return ok;
}

bool
irexec_run_geometry(const struct irexec_program *prog, const struct irexec_env *env,
                    unsigned n, const float (*inputs)[4], float (*vertices)[4],
                    uint8_t *strip_start, unsigned *num_emitted)
{
   if (!prog || !env || prog->stage != IR_STAGE_GEOMETRY)
      return false;
   if (!n)
      return true;
   if (!vertices || !strip_start || !num_emitted)
      return false;
   const unsigned vin = prog->gs.vertices_in, max = prog->gs.max_vertices;
   bool ok = true;
   struct irexec_storage st;
   for (unsigned first = 0; first < n; first += IREXEC_NUM_LANES) {
      unsigned lanes = n - first < IREXEC_NUM_LANES ? n - first : IREXEC_NUM_LANES;
      struct irexec_exec ex;
      if (!irexec_exec_init(&ex, prog, env, lanes, &st))
         return false;
      ex.vertices_in = vin;
      ex.inputs = inputs ? inputs + (size_t)first * vin * prog->num_inputs : NULL;
      for (unsigned l = 0; l < lanes; l++)
         ex.primitive_id[l] = env->primitive_ids ? env->primitive_ids[first + l]
                                                 : env->primitive_id_base + (int32_t)(first + l);
      ex.gs_vertices = vertices + (size_t)first * max * prog->num_outputs;
      ex.gs_strip_start = strip_start + (size_t)first * max;
      ex.gs_new_strip = ex.lanes_all;
      ok &= irexec_run_batch(&ex, ex.lanes_all);
      for (unsigned l = 0; l < lanes; l++)
         num_emitted[first + l] = ex.gs_emitted[l];
      irexec_exec_fini(&ex);
   }
   return ok;
}

bool
irexec_run_fragment_quad(const struct irexec_program *prog, const struct irexec_env *env,
                         const float (*inputs)[4], unsigned live_mask, bool front_facing,
                         const float frag_coord[4][4], float (*outputs)[4],
                         unsigned *discard_mask)
{
   if (discard_mask)
      *discard_mask = 0;
   if (!prog || !env || prog->stage != IR_STAGE_FRAGMENT)
      return false;
   if (prog->num_outputs && !outputs)
      return false;
   struct irexec_exec ex;
   struct irexec_storage st;
   if (!irexec_exec_init(&ex, prog, env, IREXEC_NUM_LANES, &st))
      return false;
   ex.inputs = inputs;
   ex.frag_coord = frag_coord;
   ex.front_facing = front_facing;
   /* helper lanes run too: every lane starts active */
   bool ok = irexec_run_batch(&ex, ex.lanes_all);
   irexec_write_outputs(&ex, 0, outputs, prog->num_outputs);
   if (discard_mask)
      *discard_mask = ex.discarded & live_mask & 0xfu;
   irexec_exec_fini(&ex);
   return ok;
}
