/*
 * The JIT object: LLVM initialisation, the LLJIT instance, compiling a
 * module and looking its function up, freeing code (docs/jit.md).
 */
#include "pony_jit_priv.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's native target registration is process-wide and must happen once;
 * this pthread_once flag is the module's only global state. */
static pthread_once_t llvm_init_once = PTHREAD_ONCE_INIT;
static bool llvm_init_ok;

static void
llvm_init(void)
{
   llvm_init_ok = !LLVMInitializeNativeTarget() && !LLVMInitializeNativeAsmPrinter();
}

static void
set_err(char *err, unsigned size, const char *fmt, ...)
{
   if (!err || !size)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, size, fmt, ap);
   va_end(ap);
}

static void
set_llvm_err(char *err, unsigned size, const char *what, LLVMErrorRef e)
{
   char *msg = LLVMGetErrorMessage(e);
   set_err(err, size, "%s: %s", what, msg);
   LLVMDisposeErrorMessage(msg);
}

static unsigned
pick_width(unsigned requested, const char *features)
{
   if (requested == 4 || requested == 8 || requested == 16)
      return requested;
   const char *env = getenv("PONY_SIMD_WIDTH");
   if (env && (!strcmp(env, "4") || !strcmp(env, "8") || !strcmp(env, "16")))
      return (unsigned)atoi(env);
   if (env && *env)
      fprintf(stderr, "pony: PONY_SIMD_WIDTH=%s ignored (4, 8 or 16)\n", env);
   if (strstr(features, "+avx512f"))
      return 16;
   if (strstr(features, "+avx2"))
      return 8;
   return 4;
}

struct pony_jit *
pony_jit_create(unsigned simd_width, char *err, unsigned err_size)
{
   pthread_once(&llvm_init_once, llvm_init);
   if (!llvm_init_ok) {
      set_err(err, err_size, "LLVM native target initialisation failed");
      return NULL;
   }
   if (simd_width && simd_width != 4 && simd_width != 8 && simd_width != 16) {
      set_err(err, err_size, "SIMD width %u (4, 8 or 16)", simd_width);
      return NULL;
   }

   struct pony_jit *jit = calloc(1, sizeof(*jit));
   if (!jit) {
      set_err(err, err_size, "out of memory");
      return NULL;
   }
   pthread_mutex_init(&jit->lock, NULL);
   jit->cpu = LLVMGetHostCPUName();
   jit->features = LLVMGetHostCPUFeatures();
   jit->width = pick_width(simd_width, jit->features);

   char *triple = LLVMGetDefaultTargetTriple();
   char *msg = NULL;
   LLVMTargetRef target;
   if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
      set_err(err, err_size, "no LLVM target for %s: %s", triple, msg);
      LLVMDisposeMessage(msg);
      LLVMDisposeMessage(triple);
      pony_jit_destroy(jit);
      return NULL;
   }
   jit->tm = LLVMCreateTargetMachine(target, triple, jit->cpu, jit->features,
                                     LLVMCodeGenLevelDefault, LLVMRelocDefault,
                                     LLVMCodeModelJITDefault);
   LLVMDisposeMessage(triple);

   LLVMOrcJITTargetMachineBuilderRef jtmb;
   LLVMErrorRef e = LLVMOrcJITTargetMachineBuilderDetectHost(&jtmb);
   if (e) {
      set_llvm_err(err, err_size, "detecting the host", e);
      pony_jit_destroy(jit);
      return NULL;
   }
   LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
   LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);   /* takes jtmb */
   e = LLVMOrcCreateLLJIT(&jit->lljit, builder);                  /* takes builder */
   if (e) {
      jit->lljit = NULL;
      set_llvm_err(err, err_size, "creating LLJIT", e);
      pony_jit_destroy(jit);
      return NULL;
   }
   /* compiled code calls libm (transcendentals) by absolute address; no
    * process symbols are needed, so no generator is attached */
   jit->tsctx = LLVMOrcCreateNewThreadSafeContext();
   return jit;
}

void
pony_jit_destroy(struct pony_jit *jit)
{
   if (!jit)
      return;
   /* shaders not freed by the caller: their code goes with the LLJIT */
   while (jit->shaders) {
      struct pony_jit_shader *s = jit->shaders;
      jit->shaders = s->next;
      LLVMOrcReleaseResourceTracker(s->rt);
      free(s);
   }
   if (jit->lljit)
      LLVMOrcDisposeLLJIT(jit->lljit);
   if (jit->tsctx)
      LLVMOrcDisposeThreadSafeContext(jit->tsctx);
   if (jit->tm)
      LLVMDisposeTargetMachine(jit->tm);
   LLVMDisposeMessage(jit->cpu);
   LLVMDisposeMessage(jit->features);
   pthread_mutex_destroy(&jit->lock);
   free(jit);
}

unsigned
pony_jit_simd_width(const struct pony_jit *jit)
{
   return jit->width;
}

const char *
pony_jit_cpu_name(const struct pony_jit *jit)
{
   return jit->cpu;
}

LLVMModuleRef
jit_module_create(struct pony_jit *jit, char *name, unsigned name_size)
{
   snprintf(name, name_size, "pony_shader_%u", jit->serial++);
   LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(jit->tsctx);
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext(name, ctx);
   char *triple = LLVMGetTargetMachineTriple(jit->tm);
   LLVMSetTarget(mod, triple);
   LLVMDisposeMessage(triple);
   LLVMTargetDataRef td = LLVMCreateTargetDataLayout(jit->tm);
   LLVMSetModuleDataLayout(mod, td);
   LLVMDisposeTargetData(td);
   return mod;
}

enum pony_jit_status
jit_module_finish(struct pony_jit *jit, LLVMModuleRef mod, const char *name,
                  struct pony_jit_shader *s, char *err, unsigned err_size)
{
   char *msg = NULL;
   if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
      set_err(err, err_size, "invalid LLVM IR: %s", msg);
      LLVMDisposeMessage(msg);
      LLVMDisposeModule(mod);
      return PONY_JIT_ERROR;
   }
   LLVMDisposeMessage(msg);
   LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
   LLVMErrorRef e = LLVMRunPasses(mod, "default<O2>", jit->tm, opts);
   LLVMDisposePassBuilderOptions(opts);
   if (e) {
      set_llvm_err(err, err_size, "optimising", e);
      LLVMDisposeModule(mod);
      return PONY_JIT_ERROR;
   }

   LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jit->lljit);
   s->rt = LLVMOrcJITDylibCreateResourceTracker(jd);
   LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, jit->tsctx);
   e = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit->lljit, s->rt, tsm);
   if (e) {   /* the module belongs to the JIT even then */
      set_llvm_err(err, err_size, "adding the module", e);
      return PONY_JIT_ERROR;
   }
   LLVMOrcExecutorAddress addr = 0;
   e = LLVMOrcLLJITLookup(jit->lljit, &addr, name);
   if (e) {
      set_llvm_err(err, err_size, "looking up the shader", e);
      return PONY_JIT_ERROR;
   }
   s->func = (pony_jit_shader_func)(uintptr_t)addr;
   s->next = jit->shaders;
   if (jit->shaders)
      jit->shaders->prev = s;
   jit->shaders = s;
   return PONY_JIT_OK;
}

enum pony_jit_status
pony_jit_compile(struct pony_jit *jit, const struct ir_shader *shader,
                 struct pony_jit_shader **out, char *err, unsigned err_size)
{
   *out = NULL;
   struct pony_jit_shader *s = calloc(1, sizeof(*s));
   if (!s) {
      set_err(err, err_size, "out of memory");
      return PONY_JIT_ERROR;
   }
   s->jit = jit;

   pthread_mutex_lock(&jit->lock);
   char name[32];
   LLVMModuleRef mod = jit_module_create(jit, name, sizeof(name));
   LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(jit->tsctx);
   enum pony_jit_status st = jit_ir_build(jit, ctx, mod, name, shader, &s->num_inputs,
                                          &s->num_outputs, err, err_size);
   if (st != PONY_JIT_OK)
      LLVMDisposeModule(mod);
   else
      st = jit_module_finish(jit, mod, name, s, err, err_size);
   pthread_mutex_unlock(&jit->lock);
   if (st != PONY_JIT_OK) {
      pony_jit_shader_destroy(s);
      return st;
   }
   *out = s;
   return PONY_JIT_OK;
}

pony_jit_shader_func
pony_jit_shader_func_get(const struct pony_jit_shader *s)
{
   return s->func;
}

unsigned
pony_jit_shader_num_inputs(const struct pony_jit_shader *s)
{
   return s->num_inputs;
}

unsigned
pony_jit_shader_num_outputs(const struct pony_jit_shader *s)
{
   return s->num_outputs;
}

void
pony_jit_shader_destroy(struct pony_jit_shader *s)
{
   if (!s)
      return;
   if (s->rt) {
      pthread_mutex_lock(&s->jit->lock);
      if (s->prev)
         s->prev->next = s->next;
      else if (s->jit->shaders == s)
         s->jit->shaders = s->next;
      if (s->next)
         s->next->prev = s->prev;
      LLVMErrorRef e = LLVMOrcResourceTrackerRemove(s->rt);
      if (e)
         LLVMConsumeError(e);
      LLVMOrcReleaseResourceTracker(s->rt);
      pthread_mutex_unlock(&s->jit->lock);
   }
   free(s);
}
