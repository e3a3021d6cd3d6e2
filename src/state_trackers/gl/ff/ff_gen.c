/*
 * IR-building helpers shared by the vertex and fragment generators.
 */
#include "ff_gen.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
ff_gen_begin(struct ff_gen *g, enum ir_stage stage)
{
   memset(g, 0, sizeof *g);
   g->s = ir_shader_create(stage);
   if (!g->s) {
      fprintf(stderr, "ff: out of memory\n");
      abort();
   }
   g->cb = ir_var_create(g->s, IR_VAR_UNIFORM, ir_type_make(IR_FLOAT, 4), FF_CB_NUM_SLOTS, "ff");
   g->cb->cbuf = FF_CBUF_INDEX;
   g->cb->offset = 0;
   struct ir_function *f = ir_function_create(g->s, "main", ir_type_void());
   g->b.shader = g->s;
   ir_builder_at_end(&g->b, f->body);
}

void
ff_gen_finish(struct ff_gen *g)
{

   /* The generators load each constant where it is used and repeat small
    * expressions; the usual clean-up merges them. */
   ir_opt_cleanup(g->s);

#ifndef NDEBUG
   char *errors = NULL;
   if (!ir_validate(g->s, &errors)) {
      fprintf(stderr, "ff: generated an invalid shader:\n%s\n", errors ? errors : "");
      ir_print_shader(g->s, stderr);
      abort();
   }
   free(errors);
#else
   (void)g;
#endif
}

uint32_t
ff_shader_input_mask(const struct ir_shader *shader)
{
   uint32_t mask = 0;
   for (const struct ir_var *v = shader->vars; v; v = v->next) {
      if (v->mode == IR_VAR_INPUT && v->semantic == IR_SEM_GENERIC && v->location >= 0 &&
          v->location < 32)
         mask |= 1u << v->location;
   }
   return mask;
}

struct ir_var *
ff_gen_input(struct ff_gen *g, const char *name, unsigned comps, enum ir_semantic sem,
             int location)
{
   char full[32];
   snprintf(full, sizeof full, "in_%s", name);
   struct ir_var *v = ir_var_create(g->s, IR_VAR_INPUT, ir_type_make(IR_FLOAT, comps), 0, full);
   v->semantic = sem;
   v->location = location;
   return v;
}

struct ir_var *
ff_gen_output(struct ff_gen *g, const char *name, unsigned comps, unsigned array_len,
              enum ir_semantic sem, int location)
{
   char full[32];
   snprintf(full, sizeof full, "out_%s", name);
   struct ir_var *v = ir_var_create(g->s, IR_VAR_OUTPUT, ir_type_make(IR_FLOAT, comps),
                                    array_len, full);
   v->semantic = sem;
   v->location = location;
   return v;
}

struct ir_instr *
ff_cb(struct ff_gen *g, unsigned slot)
{
   assert(slot < FF_CB_NUM_SLOTS);
   return ir_build_load_var(&g->b, g->cb, NULL, slot);
}

struct ir_instr *
ff_fimm(struct ff_gen *g, float f)
{
   return ir_build_imm_float(&g->b, f);
}

struct ir_instr *
ff_vimm(struct ff_gen *g, unsigned comps, float f)
{
   float v[4] = { f, f, f, f };
   if (comps == 1)
      return ir_build_imm_float(&g->b, f);
   return ir_build_imm_vec(&g->b, comps, v);
}

/* swz: "xyz", "w", "xxxx" ... */
struct ir_instr *
ff_swz(struct ff_gen *g, struct ir_instr *v, const char *swz)
{
   uint8_t s[4];
   unsigned n = 0;
   for (; swz[n] && n < 4; n++) {
      switch (swz[n]) {
      case 'x': s[n] = 0; break;
      case 'y': s[n] = 1; break;
      case 'z': s[n] = 2; break;
      default: s[n] = 3; break;
      }
   }
   return ir_build_swizzle(&g->b, v, s, n);
}

struct ir_instr *
ff_chan(struct ff_gen *g, struct ir_instr *v, unsigned c)
{
   if (v->type.comps == 1)
      return v;
   return ir_build_channel(&g->b, v, c);
}

struct ir_instr *
ff_splat(struct ff_gen *g, struct ir_instr *scalar, unsigned comps)
{
   struct ir_instr *c[4] = { scalar, scalar, scalar, scalar };
   return ir_build_vec(&g->b, c, comps);
}

struct ir_instr *
ff_vec4(struct ff_gen *g, struct ir_instr *rgb, struct ir_instr *a)
{
   struct ir_instr *c[4] = { ff_chan(g, rgb, 0), ff_chan(g, rgb, 1), ff_chan(g, rgb, 2), a };
   return ir_build_vec(&g->b, c, 4);
}

struct ir_instr *
ff_sat(struct ff_gen *g, struct ir_instr *v)
{
   unsigned n = v->type.comps;
   return ir_build_fclamp(&g->b, v, ff_vimm(g, n, 0.0f), ff_vimm(g, n, 1.0f));
}
