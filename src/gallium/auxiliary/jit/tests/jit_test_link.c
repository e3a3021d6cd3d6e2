/*
 * The check every object passes before the JIT links it
 * (jit_object_symbols_defined, docs/jit.md "Linking"): LLVM 15's lookup
 * of an object that needs a symbol nobody defines waits for ever, so such
 * an object must be refused with the symbol's name.  Objects are built
 * here with LLVM from small modules: one calling a function that does not
 * exist (refused), one whose code generator emits calls to memset and
 * fmaf (accepted: the process provides them); every truncation and every
 * single-byte change of the refused object is checked without a crash
 * (the object may come from a damaged cache file; run under ASan in CI).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "pony_jit_priv.h"

static unsigned failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);              \
         fprintf(stderr, __VA_ARGS__);                                     \
         fprintf(stderr, "\n");                                            \
         failures++;                                                       \
      }                                                                    \
   } while (0)

/* `void entry(float *p)`: calls `missing(p)` when missing is non-NULL,
 * else stores fma(p[0], p[1], p[2]) to p[3] with llvm.fma and zeroes 4 KiB
 * after p with llvm.memset (a generic CPU without FMA makes these
 * fmaf and memset calls). */
static LLVMMemoryBufferRef
build_object(LLVMTargetMachineRef tm, const char *missing)
{
   LLVMContextRef ctx = LLVMContextCreate();
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("link_test", ctx);
   LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
   LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
   LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx);
   LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &ptr, 1, 0);
   LLVMValueRef fn = LLVMAddFunction(mod, "entry", fty);
   LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, ""));
   LLVMValueRef p = LLVMGetParam(fn, 0);
   if (missing) {
      LLVMValueRef callee = LLVMAddFunction(mod, missing, fty);
      LLVMBuildCall2(b, fty, callee, &p, 1, "");
   } else {
      LLVMValueRef v[3];
      for (unsigned i = 0; i < 3; i++) {
         LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(ctx), i, 0);
         v[i] = LLVMBuildLoad2(b, f32, LLVMBuildGEP2(b, f32, p, &idx, 1, ""), "");
      }
      unsigned id = LLVMLookupIntrinsicID("llvm.fma", 8);
      LLVMValueRef fma = LLVMGetIntrinsicDeclaration(mod, id, &f32, 1);
      LLVMValueRef r = LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, id, &f32, 1), fma, v, 3, "");
      LLVMValueRef three = LLVMConstInt(LLVMInt64TypeInContext(ctx), 3, 0);
      LLVMBuildStore(b, r, LLVMBuildGEP2(b, f32, p, &three, 1, ""));
      LLVMValueRef four = LLVMConstInt(LLVMInt64TypeInContext(ctx), 4, 0);
      LLVMBuildMemSet(b, LLVMBuildGEP2(b, f32, p, &four, 1, ""),
                      LLVMConstInt(LLVMInt8TypeInContext(ctx), 0, 0),
                      LLVMConstInt(LLVMInt64TypeInContext(ctx), 4096, 0), 4);
   }
   LLVMBuildRetVoid(b);
   LLVMDisposeBuilder(b);
   char *msg = NULL;
   LLVMMemoryBufferRef obj = NULL;
   if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, &msg, &obj)) {
      fprintf(stderr, "emitting: %s\n", msg ? msg : "?");
      obj = NULL;
   }
   LLVMDisposeMessage(msg);
   LLVMDisposeModule(mod);
   LLVMContextDispose(ctx);
   return obj;
}

static bool
contains(const uint8_t *data, size_t size, const char *s)
{
   size_t n = strlen(s) + 1;   /* with the NUL: a whole symbol name */
   for (size_t i = 0; i + n <= size; i++) {
      if (!memcmp(data + i, s, n))
         return true;
   }
   return false;
}

int
main(void)
{
   char err[256];
   struct pony_jit *jit = pony_jit_create(4, err, sizeof(err));   /* initialises LLVM's target */
   if (!jit) {
      fprintf(stderr, "pony_jit_create: %s\n", err);
      return 1;
   }
   char *triple = LLVMGetDefaultTargetTriple();
   LLVMTargetRef target;
   char *msg = NULL;
   if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
      fprintf(stderr, "target: %s\n", msg);
      return 1;
   }
   /* x86-64 (no FMA): llvm.fma becomes a call to fmaf */
   LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, "x86-64", "",
                                                     LLVMCodeGenLevelDefault, LLVMRelocDefault,
                                                     LLVMCodeModelJITDefault);
   LLVMDisposeMessage(triple);

   LLVMMemoryBufferRef bad = build_object(tm, "pony_test_no_such_function");
   LLVMMemoryBufferRef good = build_object(tm, NULL);
   if (!bad || !good)
      return 1;
   const uint8_t *bd = (const uint8_t *)LLVMGetBufferStart(bad);
   size_t bsize = LLVMGetBufferSize(bad);

   err[0] = '\0';
   CHECK(!jit_object_symbols_defined(jit, bd, bsize, err, sizeof(err)),
         "an object calling an undefined function was accepted");
   CHECK(strstr(err, "pony_test_no_such_function") != NULL, "message without the name: '%s'", err);

   const uint8_t *gd = (const uint8_t *)LLVMGetBufferStart(good);
   size_t gsize = LLVMGetBufferSize(good);
   CHECK(contains(gd, gsize, "fmaf"), "the test object does not call fmaf");
   err[0] = '\0';
   CHECK(jit_object_symbols_defined(jit, gd, gsize, err, sizeof(err)),
         "an object calling fmaf and memset was refused: %s", err);

   /* not ELF: not checked */
   static const uint8_t text[] = "not an object file at all";
   CHECK(jit_object_symbols_defined(jit, text, sizeof(text), err, sizeof(err)),
         "non-ELF data refused");

   /* damaged objects: every prefix, every byte changed; no crash, and a
    * prefix cut inside the headers is refused as malformed */
   uint8_t *copy = malloc(bsize);
   unsigned malformed = 0;
   for (size_t n = 0; n < bsize; n++) {
      uint8_t *prefix = malloc(n ? n : 1);
      memcpy(prefix, bd, n);
      err[0] = '\0';
      if (!jit_object_symbols_defined(jit, prefix, n, err, sizeof(err)) &&
          !strcmp(err, "malformed object file"))
         malformed++;
      free(prefix);
   }
   CHECK(malformed > 0, "no truncation of the object was found malformed");
   for (size_t i = 0; i < bsize; i++) {
      static const uint8_t flips[] = { 0x01, 0x80, 0xff };
      for (unsigned f = 0; f < sizeof(flips); f++) {
         memcpy(copy, bd, bsize);
         copy[i] ^= flips[f];
         jit_object_symbols_defined(jit, copy, bsize, err, sizeof(err));
      }
   }
   free(copy);
   printf("refused: undefined symbol; accepted: fmaf + memset; %zu truncations (%u malformed) "
          "and %zu byte changes without a crash\n", bsize, malformed, bsize * 3);

   LLVMDisposeMemoryBuffer(bad);
   LLVMDisposeMemoryBuffer(good);
   LLVMDisposeTargetMachine(tm);
   pony_jit_destroy(jit);
   return failures ? 1 : 0;
}
