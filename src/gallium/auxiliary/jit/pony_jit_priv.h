/* Internals shared by pony_jit.c and jit_ir.c. */
#ifndef PONY_JIT_PRIV_H
#define PONY_JIT_PRIV_H

#include "pony_jit.h"

#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/TargetMachine.h>
#include <pthread.h>

struct pony_jit {
   unsigned width;
   LLVMOrcLLJITRef lljit;
   LLVMOrcThreadSafeContextRef tsctx;   /* every module is built in it, under `lock` */
   LLVMTargetMachineRef tm;             /* host CPU: data layout and optimisation */
   char *cpu, *features;
   pthread_mutex_t lock;
   unsigned serial;                      /* unique function names; under `lock` */
   struct pony_jit_shader *shaders;      /* live shaders; under `lock` */
};

struct pony_jit_shader {
   struct pony_jit *jit;
   LLVMOrcResourceTrackerRef rt;
   pony_jit_shader_func func;
   unsigned num_inputs, num_outputs;
   struct pony_jit_shader *prev, *next;  /* jit->shaders */
};

/* Builds @main of `shader` as function `name` into `mod` (jit_ir.c).
 * Returns PONY_JIT_UNSUPPORTED with a reason in err for anything it
 * does not translate. */
enum pony_jit_status jit_ir_build(struct pony_jit *jit, LLVMContextRef ctx, LLVMModuleRef mod,
                                  const char *name, const struct ir_shader *shader,
                                  unsigned *num_inputs, unsigned *num_outputs, char *err,
                                  unsigned err_size);

/* pony_jit.c, called with jit->lock held: a new module for the host
 * (unique name written to `name`), and finishing one: verify, optimise,
 * add to the JIT under s's resource tracker, look up `name` into s->func
 * and link s into jit->shaders.  finish takes the module in every case. */
LLVMModuleRef jit_module_create(struct pony_jit *jit, char *name, unsigned name_size);
enum pony_jit_status jit_module_finish(struct pony_jit *jit, LLVMModuleRef mod, const char *name,
                                       struct pony_jit_shader *s, char *err, unsigned err_size);

#endif
