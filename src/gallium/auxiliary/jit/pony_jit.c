/*
 * The JIT object: LLVM initialisation, the LLJIT instance, compiling a
 * module (through the disk cache, jit_cache.c) and looking its function
 * up, sharing and freeing code (docs/jit.md).
 */
#include "pony_jit_priv.h"

#include <elf.h>
#include <math.h>
#include <stdint.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/ExecutionEngine.h>
#include <llvm-c/OrcEE.h>
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

/* The process symbols compiled code may use: the functions LLVM's code
 * generator emits calls to on its own — the C library's memory functions,
 * and libm's fma where the CPU has no FMA instruction (llvm.fma, which
 * ffma and the unorm8 decode use, must round once: glibc's fmaf/fma do).
 * Names in ELF objects carry no prefix on this host; the underscored
 * forms are for hosts that prefix. */
static const char *const process_symbols[] = {
   "memset", "memcpy", "memmove", "fmaf", "fma",
   "_memset", "_memcpy", "_memmove", "_fmaf", "_fma",
};

static bool
is_process_symbol(const char *name)
{
   for (size_t i = 0; i < sizeof(process_symbols) / sizeof(process_symbols[0]); i++) {
      if (!strcmp(name, process_symbols[i]))
         return true;
   }
   return false;
}

/* ... and where they are: this library's own links to them.  Not a search
 * of the process: a vendor library that libglvnd opens RTLD_LOCAL does not
 * put libm in the global scope (the application need not link it), and a
 * search that finds nothing would make LLVM wait for ever. */
static const struct {
   const char *name;
   void (*addr)(void);
} process_functions[] = {
   { "memset", (void (*)(void))memset },
   { "memcpy", (void (*)(void))memcpy },
   { "memmove", (void (*)(void))memmove },
   { "fmaf", (void (*)(void))fmaf },
   { "fma", (void (*)(void))fma },
};
#define NUM_PROCESS_FUNCTIONS (sizeof(process_functions) / sizeof(process_functions[0]))

/* PONY_JIT_PERF=1: LLJIT's object layer tells perf about the code it
 * loads (a jit-PID.dump for `perf inject --jit`, docs/jit.md "Profiling"). */
static LLVMOrcObjectLayerRef
perf_object_layer(void *ctx, LLVMOrcExecutionSessionRef es, const char *triple)
{
   (void)ctx;
   (void)triple;
   LLVMOrcObjectLayerRef layer =
      LLVMOrcCreateRTDyldObjectLinkingLayerWithSectionMemoryManager(es);
   LLVMJITEventListenerRef perf = LLVMCreatePerfJITEventListener();
   if (layer && perf)
      LLVMOrcRTDyldObjectLinkingLayerRegisterJITEventListener(layer, perf);
   return layer;
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
   pthread_mutex_init(&jit->defer_lock, NULL);
   /* PONY_JIT_CPU names the CPU to generate code for instead of the host
    * (its features are the ones the name implies): valgrind, which does
    * not decode every AVX instruction, runs the tests with x86-64-v2 */
   const char *cpu_env = getenv("PONY_JIT_CPU");
   bool cpu_override = cpu_env && *cpu_env;
   jit->cpu = cpu_override ? LLVMCreateMessage(cpu_env) : LLVMGetHostCPUName();
   jit->features = cpu_override ? LLVMCreateMessage("") : LLVMGetHostCPUFeatures();
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

   /* LLJIT compiles what the cache does not with the same CPU */
   LLVMOrcJITTargetMachineBuilderRef jtmb = NULL;
   LLVMErrorRef e = NULL;
   if (cpu_override)
      jtmb = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(
         LLVMCreateTargetMachine(target, triple, jit->cpu, jit->features,
                                 LLVMCodeGenLevelDefault, LLVMRelocDefault,
                                 LLVMCodeModelJITDefault));
   else
      e = LLVMOrcJITTargetMachineBuilderDetectHost(&jtmb);
   LLVMDisposeMessage(triple);
   if (e) {
      set_llvm_err(err, err_size, "detecting the host", e);
      pony_jit_destroy(jit);
      return NULL;
   }
   LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
   LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);   /* takes jtmb */
   const char *perf_env = getenv("PONY_JIT_PERF");
   if (perf_env && !strcmp(perf_env, "1"))
      LLVMOrcLLJITBuilderSetObjectLinkingLayerCreator(builder, perf_object_layer, NULL);
   e = LLVMOrcCreateLLJIT(&jit->lljit, builder);                  /* takes builder */
   if (e) {
      jit->lljit = NULL;
      set_llvm_err(err, err_size, "creating LLJIT", e);
      pony_jit_destroy(jit);
      return NULL;
   }
   /* Compiled code calls libm (transcendentals) and Pony's helpers by
    * absolute address or through the absolute symbols the cache defines;
    * the only other functions it needs are those LLVM's code generator
    * itself emits calls to (memset / memcpy / memmove for large zeroed or
    * copied arrays, e.g. a 16-lane vertex shader's frame; fmaf for
    * llvm.fma on CPUs without FMA), defined here as absolute symbols at
    * this library's own addresses of them.  A symbol nobody defines makes
    * LLVM 15's lookup wait for ever instead of failing: every object is
    * checked before it is added (jit_object_symbols_defined). */
   {
      LLVMOrcCSymbolMapPair syms[NUM_PROCESS_FUNCTIONS];
      for (size_t i = 0; i < NUM_PROCESS_FUNCTIONS; i++) {
         syms[i].Name = LLVMOrcLLJITMangleAndIntern(jit->lljit, process_functions[i].name);
         syms[i].Sym.Address = (LLVMOrcJITTargetAddress)(uintptr_t)process_functions[i].addr;
         syms[i].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported |
                                          LLVMJITSymbolGenericFlagsCallable;
         syms[i].Sym.Flags.TargetFlags = 0;
      }
      LLVMOrcMaterializationUnitRef mu =
         LLVMOrcAbsoluteSymbols(syms, NUM_PROCESS_FUNCTIONS);   /* takes the names */
      e = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(jit->lljit), mu);
      if (e) {
         LLVMOrcDisposeMaterializationUnit(mu);
         set_llvm_err(err, err_size, "defining the C library's functions", e);
         pony_jit_destroy(jit);
         return NULL;
      }
   }
   jit->tsctx = LLVMOrcCreateNewThreadSafeContext();
   jit_cache_init(&jit->cache);
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
      free(s);
   }
   /* each code's symbols are removed before its tracker goes: a tracker
    * released while it still owns code hands it to the JITDylib's default
    * tracker, and LLVM 15's transfer of object memory reads freed memory
    * there (valgrind saw it) */
   while (jit->codes) {
      struct jit_code *c = jit->codes;
      jit->codes = c->next;
      LLVMErrorRef e = LLVMOrcResourceTrackerRemove(c->rt);
      if (e)
         LLVMConsumeError(e);
      LLVMOrcReleaseResourceTracker(c->rt);
      free(c);
   }
   if (jit->lljit)
      LLVMOrcDisposeLLJIT(jit->lljit);
   if (jit->tsctx)
      LLVMOrcDisposeThreadSafeContext(jit->tsctx);
   if (jit->tm)
      LLVMDisposeTargetMachine(jit->tm);
   LLVMDisposeMessage(jit->cpu);
   LLVMDisposeMessage(jit->features);
   jit_cache_fini(&jit->cache);
   pthread_mutex_destroy(&jit->lock);
   pthread_mutex_destroy(&jit->defer_lock);
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

static enum pony_jit_status
optimise(struct pony_jit *jit, LLVMModuleRef mod, char *err, unsigned err_size)
{
   LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
   LLVMErrorRef e = LLVMRunPasses(mod, "default<O2>", jit->tm, opts);
   LLVMDisposePassBuilderOptions(opts);
   if (e) {
      set_llvm_err(err, err_size, "optimising", e);
      return PONY_JIT_ERROR;
   }
   return PONY_JIT_OK;
}

static struct jit_code *
code_new(struct pony_jit *jit)
{
   struct jit_code *c = calloc(1, sizeof(*c));
   if (!c)
      return NULL;
   LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jit->lljit);
   c->rt = LLVMOrcJITDylibCreateResourceTracker(jd);
   c->refs = 1;
   return c;
}

/* Frees code that never became live (or whose last shader went): its
 * symbols leave the JIT. */
static void
code_free(struct jit_code *c)
{
   LLVMErrorRef e = LLVMOrcResourceTrackerRemove(c->rt);
   if (e)
      LLVMConsumeError(e);
   LLVMOrcReleaseResourceTracker(c->rt);
   free(c);
}

static enum pony_jit_status
lookup(struct pony_jit *jit, struct jit_code *c, const char *name, char *err, unsigned err_size)
{
   LLVMOrcExecutorAddress addr = 0;
   LLVMErrorRef e = LLVMOrcLLJITLookup(jit->lljit, &addr, name);
   if (e) {
      set_llvm_err(err, err_size, "looking up the shader", e);
      return PONY_JIT_ERROR;
   }
   c->func = (pony_jit_shader_func)(uintptr_t)addr;
   return PONY_JIT_OK;
}

bool
jit_object_symbols_defined(const struct pony_jit *jit, const uint8_t *data, size_t size, char *err,
                           unsigned err_size)
{
   Elf64_Ehdr eh;
   if (size < sizeof(eh) || memcmp(data, ELFMAG, SELFMAG) || data[EI_CLASS] != ELFCLASS64)
      return true;
   memcpy(&eh, data, sizeof(eh));
   if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > size ||
       (size - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum)
      goto bad;
   for (unsigned i = 0; i < eh.e_shnum; i++) {
      Elf64_Shdr sh, strh;
      memcpy(&sh, data + eh.e_shoff + (size_t)i * sizeof(sh), sizeof(sh));
      if (sh.sh_type != SHT_SYMTAB)
         continue;
      if (sh.sh_link >= eh.e_shnum || sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
         goto bad;
      memcpy(&strh, data + eh.e_shoff + (size_t)sh.sh_link * sizeof(strh), sizeof(strh));
      if (strh.sh_offset > size || strh.sh_size > size - strh.sh_offset || !strh.sh_size ||
          data[strh.sh_offset + strh.sh_size - 1] != '\0')
         goto bad;
      const char *strtab = (const char *)data + strh.sh_offset;
      for (size_t k = 0; k + sizeof(Elf64_Sym) <= sh.sh_size; k += sizeof(Elf64_Sym)) {
         Elf64_Sym sym;
         memcpy(&sym, data + sh.sh_offset + k, sizeof(sym));
         if (sym.st_shndx != SHN_UNDEF || !sym.st_name)
            continue;
         if (sym.st_name >= strh.sh_size)
            goto bad;
         const char *name = strtab + sym.st_name;
         bool known = is_process_symbol(name);
         for (unsigned x = 0; !known && x < jit->num_defined_exts; x++)
            known = !strcmp(name, jit->cache.exts[x].name);
         if (!known) {
            set_err(err, err_size, "the object needs the undefined symbol %.64s", name);
            return false;
         }
      }
   }
   return true;
bad:
   set_err(err, err_size, "malformed object file");
   return false;
}

/* The module as an object file of jit->tm (the module is consumed). */
static LLVMMemoryBufferRef
emit_object(struct pony_jit *jit, LLVMModuleRef mod, char *err, unsigned err_size)
{
   char *msg = NULL;
   LLVMMemoryBufferRef obj = NULL;
   if (optimise(jit, mod, err, err_size) == PONY_JIT_OK &&
       LLVMTargetMachineEmitToMemoryBuffer(jit->tm, mod, LLVMObjectFile, &msg, &obj)) {
      set_err(err, err_size, "emitting the object: %s", msg ? msg : "?");
      obj = NULL;
   }
   LLVMDisposeMessage(msg);
   LLVMDisposeModule(mod);
   if (obj)
      jit->codegens++;
   return obj;
}

/* Adds an object file (taking buf) under c's tracker and looks up the
 * entry; on failure the tracker's content is removed again. */
static bool
add_object(struct pony_jit *jit, struct jit_code *c, LLVMMemoryBufferRef buf, const char *entry,
           char *err, unsigned err_size)
{
   if (!jit_object_symbols_defined(jit, (const uint8_t *)LLVMGetBufferStart(buf),
                                   LLVMGetBufferSize(buf), err, err_size)) {
      LLVMDisposeMemoryBuffer(buf);
      return false;
   }
   LLVMErrorRef e = LLVMOrcLLJITAddObjectFileWithRT(jit->lljit, c->rt, buf);
   if (e) {
      set_llvm_err(err, err_size, "adding the object", e);
      return false;
   }
   if (lookup(jit, c, entry, err, err_size) != PONY_JIT_OK) {
      e = LLVMOrcResourceTrackerRemove(c->rt);
      if (e)
         LLVMConsumeError(e);
      return false;
   }
   return true;
}

/* Without the cache: the module compiled to an object, which the JIT
 * links (the path of a cache miss, without the file). */
static enum pony_jit_status
finish_ir(struct pony_jit *jit, LLVMModuleRef mod, const char *name, struct jit_code **out,
          char *err, unsigned err_size)
{
   LLVMMemoryBufferRef obj = emit_object(jit, mod, err, err_size);
   if (!obj)
      return PONY_JIT_ERROR;
   struct jit_code *c = code_new(jit);
   if (!c) {
      LLVMDisposeMemoryBuffer(obj);
      set_err(err, err_size, "out of memory");
      return PONY_JIT_ERROR;
   }
   if (!add_object(jit, c, obj, name, err, err_size)) {
      code_free(c);
      return PONY_JIT_ERROR;
   }
   *out = c;
   return PONY_JIT_OK;
}

/* The functions the new modules call through addresses, as absolute
 * symbols of the main JITDylib (they live as long as the JIT object). */
static enum pony_jit_status
define_exts(struct pony_jit *jit, char *err, unsigned err_size)
{
   unsigned first = jit->num_defined_exts, n = jit->cache.num_exts - first;
   if (!n)
      return PONY_JIT_OK;
   LLVMOrcCSymbolMapPair *syms = calloc(n, sizeof(*syms));
   if (!syms) {
      set_err(err, err_size, "out of memory");
      return PONY_JIT_ERROR;
   }
   for (unsigned i = 0; i < n; i++) {
      const struct jit_cache_ext *x = &jit->cache.exts[first + i];
      syms[i].Name = LLVMOrcLLJITMangleAndIntern(jit->lljit, x->name);
      syms[i].Sym.Address = x->addr;
      syms[i].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported |
                                       LLVMJITSymbolGenericFlagsCallable;
   }
   LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(syms, n);   /* takes the names */
   free(syms);
   LLVMErrorRef e = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(jit->lljit), mu);
   if (e) {
      LLVMOrcDisposeMaterializationUnit(mu);
      set_llvm_err(err, err_size, "defining the shader's callees", e);
      return PONY_JIT_ERROR;
   }
   jit->num_defined_exts = jit->cache.num_exts;
   return PONY_JIT_OK;
}

/* With the cache: the same code live in this object is shared; else the
 * object comes from the cache file or is emitted (and written), and the
 * JIT links that object either way. */
static enum pony_jit_status
finish_cached(struct pony_jit *jit, LLVMModuleRef mod, const char *name, struct jit_code **out,
              char *err, unsigned err_size)
{
   struct jit_cache *cache = &jit->cache;
   uint8_t key[JIT_CACHE_KEY_SIZE];
   char entry[48];
   unsigned first_new;
   if (!jit_cache_prepare(cache, mod, name, jit->cpu, jit->features, key, entry, sizeof(entry),
                          &first_new)) {
      cache->stats.uncacheable++;
      return finish_ir(jit, mod, name, out, err, err_size);
   }
   if (define_exts(jit, err, err_size) != PONY_JIT_OK) {
      cache->num_exts = first_new;
      LLVMDisposeModule(mod);
      return PONY_JIT_ERROR;
   }
   for (struct jit_code *c = jit->codes; c; c = c->next) {
      if (c->keyed && !memcmp(c->key, key, sizeof(key))) {
         c->refs++;
         cache->stats.shared++;
         LLVMDisposeModule(mod);
         *out = c;
         return PONY_JIT_OK;
      }
   }
   struct jit_code *c = code_new(jit);
   if (!c) {
      LLVMDisposeModule(mod);
      set_err(err, err_size, "out of memory");
      return PONY_JIT_ERROR;
   }
   c->keyed = true;
   memcpy(c->key, key, sizeof(key));

   void *data;
   size_t size;
   if (jit_cache_load(cache, key, &data, &size)) {
      LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, entry);
      free(data);
      if (add_object(jit, c, buf, entry, NULL, 0)) {
         cache->stats.hits++;
         LLVMDisposeModule(mod);
         *out = c;
         return PONY_JIT_OK;
      }
      cache->stats.corrupt++;   /* a valid file LLVM refused: compile, rewrite */
   }

   cache->stats.misses++;
   LLVMMemoryBufferRef obj = emit_object(jit, mod, err, err_size);
   if (!obj) {
      code_free(c);
      return PONY_JIT_ERROR;
   }
   jit_cache_store(cache, key, LLVMGetBufferStart(obj), LLVMGetBufferSize(obj));
   if (!add_object(jit, c, obj, entry, err, err_size)) {
      code_free(c);
      return PONY_JIT_ERROR;
   }
   *out = c;
   return PONY_JIT_OK;
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

   struct jit_code *c = NULL;
   enum pony_jit_status st = jit->cache.enabled ?
      finish_cached(jit, mod, name, &c, err, err_size) :
      finish_ir(jit, mod, name, &c, err, err_size);
   if (st != PONY_JIT_OK)
      return st;
   if (c->refs == 1) {   /* new code */
      c->prev = NULL;
      c->next = jit->codes;
      if (jit->codes)
         jit->codes->prev = c;
      jit->codes = c;
   }
   s->code = c;
   s->func = c->func;
   s->prev = NULL;
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
   enum pony_jit_status st = jit_ir_build(jit, ctx, mod, name, shader, NULL, -1, NULL,
                                          &s->num_inputs,
                                          &s->num_outputs, err, err_size);
   if (st != PONY_JIT_OK)
      LLVMDisposeModule(mod);
   else
      st = jit_module_finish(jit, mod, name, s, err, err_size);
   jit_drain_deferred_locked(jit);
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

/* Unlinks s (with code) and frees it and its code when unshared; with
 * jit->lock held. */
static void
shader_free_locked(struct pony_jit *jit, struct pony_jit_shader *s)
{
   if (s->prev)
      s->prev->next = s->next;
   else if (jit->shaders == s)
      jit->shaders = s->next;
   if (s->next)
      s->next->prev = s->prev;
   struct jit_code *c = s->code;
   if (--c->refs == 0) {
      if (c->prev)
         c->prev->next = c->next;
      else if (jit->codes == c)
         jit->codes = c->next;
      if (c->next)
         c->next->prev = c->prev;
      code_free(c);
   }
   free(s);
}

void
jit_drain_deferred_locked(struct pony_jit *jit)
{
   pthread_mutex_lock(&jit->defer_lock);
   struct pony_jit_shader *list = jit->deferred;
   jit->deferred = NULL;
   pthread_mutex_unlock(&jit->defer_lock);
   while (list) {
      struct pony_jit_shader *next = list->defer_next;
      shader_free_locked(jit, list);
      list = next;
   }
}

void
pony_jit_shader_destroy(struct pony_jit_shader *s)
{
   if (!s)
      return;
   if (!s->code) {
      free(s);
      return;
   }
   struct pony_jit *jit = s->jit;
   if (pthread_mutex_trylock(&jit->lock) != 0) {
      /* a compile holds the lock: its end (or a later holder, or
       * pony_jit_destroy, which frees every live shader) frees s */
      pthread_mutex_lock(&jit->defer_lock);
      s->defer_next = jit->deferred;
      jit->deferred = s;
      pthread_mutex_unlock(&jit->defer_lock);
      return;
   }
   shader_free_locked(jit, s);
   jit_drain_deferred_locked(jit);
   pthread_mutex_unlock(&jit->lock);
}

void
pony_jit_get_cache_stats(struct pony_jit *jit, struct pony_jit_cache_stats *stats)
{
   pthread_mutex_lock(&jit->lock);
   *stats = jit->cache.stats;
   pthread_mutex_unlock(&jit->lock);
}

const char *
pony_jit_cache_dir(const struct pony_jit *jit)
{
   return jit->cache.enabled ? jit->cache.dir : NULL;
}

unsigned
pony_jit_codegen_count(struct pony_jit *jit)
{
   if (!jit)
      return 0;
   pthread_mutex_lock(&jit->lock);
   unsigned n = jit->codegens;
   pthread_mutex_unlock(&jit->lock);
   return n;
}

LLVMValueRef
jit_unorm8_to_float(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef v)
{
   LLVMTypeRef vt = LLVMTypeOf(v);
   LLVMContextRef ctx = LLVMGetTypeContext(vt);
   unsigned w = LLVMGetVectorSize(vt);
   LLVMTypeRef vf = LLVMVectorType(LLVMFloatTypeInContext(ctx), w);
   LLVMValueRef c[16], mk[16];
   for (unsigned i = 0; i < w; i++) {
      c[i] = LLVMConstReal(LLVMFloatTypeInContext(ctx), (float)(1.0 / 255.0));
      mk[i] = LLVMConstReal(LLVMFloatTypeInContext(ctx), -255.0);
   }
   LLVMValueRef rc = LLVMConstVector(c, w), neg255 = LLVMConstVector(mk, w);
   LLVMValueRef f = LLVMBuildUIToFP(b, v, vf, "");
   LLVMValueRef q0 = LLVMBuildFMul(b, f, rc, "");
   unsigned id = LLVMLookupIntrinsicID("llvm.fma", 8);
   LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, &vf, 1);
   LLVMTypeRef fty = LLVMIntrinsicGetType(ctx, id, &vf, 1);
   LLVMValueRef a1[3] = { q0, neg255, f };
   LLVMValueRef r = LLVMBuildCall2(b, fty, fn, a1, 3, "");      /* v - 255 q0, exactly */
   LLVMValueRef a2[3] = { r, rc, q0 };
   return LLVMBuildCall2(b, fty, fn, a2, 3, "");
}

LLVMValueRef
jit_float_to_unorm(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef f, uint32_t field)
{
   LLVMTypeRef vf = LLVMTypeOf(f);
   LLVMContextRef ctx = LLVMGetTypeContext(vf);
   unsigned w = LLVMGetVectorSize(vf);
   LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
   LLVMTypeRef vi = LLVMVectorType(i32, w);
   LLVMValueRef ef[16], ehalf[16], emhalf[16], ezero[16];
   for (unsigned i = 0; i < w; i++) {
      ef[i] = LLVMConstReal(f32, (double)field);
      ehalf[i] = LLVMConstReal(f32, 0.5);
      emhalf[i] = LLVMConstReal(f32, -0.5);
      ezero[i] = LLVMConstReal(f32, 0.0);
   }
   LLVMValueRef cf = LLVMConstVector(ef, w), zero = LLVMConstVector(ezero, w);
   LLVMValueRef half = LLVMConstVector(ehalf, w);
   unsigned fma_id = LLVMLookupIntrinsicID("llvm.fma", 8);
   LLVMValueRef fma = LLVMGetIntrinsicDeclaration(mod, fma_id, &vf, 1);
   LLVMTypeRef fma_ty = LLVMIntrinsicGetType(ctx, fma_id, &vf, 1);
   if (field < (1u << 23)) {
      /* n = floor(fl(p + 0.5)) is floor(p + 0.5) or one above it (a
       * rounding up to the integer n), which the sign of p + 0.5 - n
       * tells: n < 2^23, so 0.5 - n is a float and one fused step gives
       * that difference rounded, its sign exact */
      LLVMValueRef ta[3] = { f, cf, half };
      LLVMValueRef t = LLVMBuildCall2(b, fma_ty, fma, ta, 3, "");
      unsigned fl_id = LLVMLookupIntrinsicID("llvm.floor", 10);
      LLVMValueRef fl = LLVMGetIntrinsicDeclaration(mod, fl_id, &vf, 1);
      LLVMValueRef n = LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, fl_id, &vf, 1), fl, &t, 1, "");
      LLVMValueRef ra[3] = { f, cf, LLVMBuildFSub(b, half, n, "") };
      LLVMValueRef r = LLVMBuildCall2(b, fma_ty, fma, ra, 3, "");
      LLVMValueRef below = LLVMBuildFCmp(b, LLVMRealOLT, r, zero, "");
      return LLVMBuildSub(b, LLVMBuildFPToUI(b, n, vi, ""), LLVMBuildZExt(b, below, vi, ""), "");
   }
   /* p = f * field exactly, as hi + lo */
   LLVMValueRef hi = LLVMBuildFMul(b, f, cf, "");
   LLVMValueRef fa[3] = { f, cf, LLVMBuildFNeg(b, hi, "") };
   LLVMValueRef lo = LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, fma_id, &vf, 1), fma, fa, 3, "");
   /* n = hi rounded to even, d = hi - n (exact, |d| <= 0.5) */
   unsigned re_id = LLVMLookupIntrinsicID("llvm.roundeven", 14);
   LLVMValueRef re = LLVMGetIntrinsicDeclaration(mod, re_id, &vf, 1);
   LLVMValueRef n = LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, re_id, &vf, 1), re, &hi, 1, "");
   LLVMValueRef d = LLVMBuildFSub(b, hi, n, "");
   LLVMValueRef up = LLVMBuildOr(b,
      LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOEQ, d, half, ""),
                   LLVMBuildFCmp(b, LLVMRealOGE, lo, zero, ""), ""),
      LLVMBuildFCmp(b, LLVMRealOEQ, lo, half, ""), "");
   LLVMValueRef down = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOEQ, d, LLVMConstVector(emhalf, w), ""),
                                    LLVMBuildFCmp(b, LLVMRealOLT, lo, zero, ""), "");
   LLVMValueRef q = LLVMBuildFPToUI(b, n, vi, "");
   q = LLVMBuildAdd(b, q, LLVMBuildZExt(b, up, vi, ""), "");
   return LLVMBuildSub(b, q, LLVMBuildZExt(b, down, vi, ""), "");
}

LLVMValueRef
jit_float_to_unorm8(LLVMBuilderRef b, LLVMModuleRef mod, LLVMValueRef f)
{
   LLVMTypeRef vf = LLVMTypeOf(f);
   LLVMContextRef ctx = LLVMGetTypeContext(vf);
   unsigned w = LLVMGetVectorSize(vf);
   LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
   LLVMValueRef ezero[16], eone[16], e255[16];
   for (unsigned i = 0; i < w; i++) {
      ezero[i] = LLVMConstReal(f32, 0.0);
      eone[i] = LLVMConstReal(f32, 1.0);
      e255[i] = LLVMConstInt(i32, 255, false);
   }
   LLVMValueRef q = jit_float_to_unorm(b, mod, f, 255);
   q = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGE, f, LLVMConstVector(eone, w), ""),
                       LLVMConstVector(e255, w), q, "");
   return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, f, LLVMConstVector(ezero, w), ""), q,
                          LLVMConstNull(LLVMVectorType(i32, w)), "");
}
