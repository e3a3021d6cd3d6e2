/*
 * Small IR-building helpers shared by ff_vs.c and ff_fs.c (internal).
 */
#ifndef FF_GEN_H
#define FF_GEN_H

#include "compiler/ir/ir_builder.h"
#include "ff.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- internal helpers ---- */

struct ff_gen {
   struct ir_shader *s;
   struct ir_builder b;
   struct ir_var *cb;            /* uniform vec4 @ff[FF_CB_NUM_SLOTS] */
};

void ff_gen_begin(struct ff_gen *g, enum ir_stage stage);
void ff_gen_finish(struct ff_gen *g);
struct ir_var *ff_gen_input(struct ff_gen *g, const char *name, unsigned comps,
                            enum ir_semantic sem, int location);
struct ir_var *ff_gen_output(struct ff_gen *g, const char *name, unsigned comps,
                             unsigned array_len, enum ir_semantic sem, int location);
struct ir_instr *ff_cb(struct ff_gen *g, unsigned slot);
struct ir_instr *ff_fimm(struct ff_gen *g, float f);
struct ir_instr *ff_vimm(struct ff_gen *g, unsigned comps, float f);
struct ir_instr *ff_swz(struct ff_gen *g, struct ir_instr *v, const char *swz);
struct ir_instr *ff_chan(struct ff_gen *g, struct ir_instr *v, unsigned c);
struct ir_instr *ff_splat(struct ff_gen *g, struct ir_instr *scalar, unsigned comps);
struct ir_instr *ff_vec4(struct ff_gen *g, struct ir_instr *rgb, struct ir_instr *a);
struct ir_instr *ff_sat(struct ff_gen *g, struct ir_instr *v);

#ifdef __cplusplus
}
#endif

#endif
