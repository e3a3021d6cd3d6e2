/*
 * jit_float_to_unorm8 (the 8-bit unorm encode of jitpipe's colour
 * stores, in float arithmetic) against the formula refpipe uses,
 * (uint)((double)f * 255 + 0.5) for f in (0, 1), 255 from 1 up, 0 for
 * f <= 0 and NaN: every float in [0, 1] (about 1.07 billion), and every
 * 4099th bit pattern of the rest.  The function is compiled by the JIT
 * for the machine's SIMD width (and for x86-64-v2 too when run with
 * PONY_JIT_CPU=x86-64-v2: no FMA instruction, the fused step through
 * fmaf).  A version without the lo correction fails on the halfway
 * products (f * 255 = k + 0.5 - tiny).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "pony_jit_priv.h"

typedef void (*encode_func)(const float *in, uint32_t *out);

static uint32_t
reference(float f)
{
   if (f >= 1.0f)
      return 255;
   if (!(f > 0.0f))
      return 0;
   return (uint32_t)((double)f * 255.0 + 0.5);
}

int
main(void)
{
   char err[256];
   struct pony_jit *jit = pony_jit_create(0, err, sizeof(err));
   if (!jit) {
      fprintf(stderr, "pony_jit_create: %s\n", err);
      return 1;
   }
   unsigned w = pony_jit_simd_width(jit);

   /* void encode(const float *in, uint32_t *out): w lanes */
   pthread_mutex_lock(&jit->lock);
   char name[64];
   LLVMModuleRef mod = jit_module_create(jit, name, sizeof(name));
   LLVMContextRef ctx = LLVMGetModuleContext(mod);
   LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
   LLVMTypeRef params[2] = { ptr, ptr };
   LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, 2, 0);
   LLVMValueRef fn = LLVMAddFunction(mod, name, fty);
   LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
   LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, ""));
   LLVMTypeRef vf = LLVMVectorType(LLVMFloatTypeInContext(ctx), w);
   LLVMValueRef in = LLVMBuildLoad2(b, vf, LLVMGetParam(fn, 0), "");
   LLVMSetAlignment(in, 4);
   LLVMValueRef out = LLVMBuildStore(b, jit_float_to_unorm8(b, mod, in), LLVMGetParam(fn, 1));
   LLVMSetAlignment(out, 4);
   LLVMBuildRetVoid(b);
   LLVMDisposeBuilder(b);
   struct pony_jit_shader *s = calloc(1, sizeof(*s));
   s->jit = jit;
   enum pony_jit_status st = jit_module_finish(jit, mod, name, s, err, sizeof(err));
   pthread_mutex_unlock(&jit->lock);
   if (st != PONY_JIT_OK) {
      fprintf(stderr, "compiling the encode: %s\n", err);
      return 1;
   }
   encode_func encode = (encode_func)(uintptr_t)s->func;

   enum { BATCH = 4096 };
   float *fin = malloc(sizeof(float) * (BATCH + 16));
   uint32_t *got = malloc(sizeof(uint32_t) * (BATCH + 16));
   unsigned long long checked = 0, bad = 0;
   /* [0, 1] every bit pattern, then a sample of everything else */
   for (int pass = 0; pass < 2; pass++) {
      uint64_t first = pass ? 0x3f800001u : 0, last = pass ? 0xffffffffu : 0x3f800000u;
      uint64_t step = pass ? 4099 : 1;
      for (uint64_t u = first; u <= last;) {
         unsigned n = 0;
         for (; n < BATCH && u <= last; n++, u += step) {
            uint32_t bits = (uint32_t)u;
            memcpy(&fin[n], &bits, 4);
         }
         for (unsigned i = n; i % w; i++)
            fin[i] = 0.5f;
         for (unsigned i = 0; i < n; i += w)
            encode(&fin[i], &got[i]);
         for (unsigned i = 0; i < n; i++) {
            uint32_t want = reference(fin[i]);
            if (got[i] != want && bad++ < 8) {
               uint32_t bits;
               memcpy(&bits, &fin[i], 4);
               fprintf(stderr, "FAIL 0x%08x (%.9g): %u, want %u\n", bits, (double)fin[i],
                       got[i], want);
            }
         }
         checked += n;
      }
   }
   printf("%llu floats encoded at width %u, %llu wrong\n", checked, w, bad);
   free(fin);
   free(got);
   pony_jit_shader_destroy(s);
   pony_jit_destroy(jit);
   return bad || checked < 1065353217ull ? 1 : 0;
}
