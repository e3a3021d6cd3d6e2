/*
 * jitpipe's unorm encodes in float arithmetic against the double
 * formulas refpipe uses:
 *  - jit_float_to_unorm8 (the colour stores): (uint)((double)f * 255 +
 *    0.5) for f in (0, 1), 255 from 1 up, 0 for f <= 0 and NaN: every
 *    float in [0, 1] (about 1.07 billion) and every 4099th bit pattern of
 *    the rest;
 *  - jit_float_to_unorm for the 16- and 24-bit depth fields (the depth
 *    test's quantisation): llround((double)z * (2^n - 1)) for every float
 *    z in [0, 1].
 * The functions are compiled by the JIT for the machine's SIMD width (for
 * x86-64-v2 too when run with PONY_JIT_CPU=x86-64-v2: no FMA instruction,
 * the fused step through fmaf).  A version without the lo correction
 * fails on the halfway products (f * 255 = k + 0.5 - tiny), and so does
 * one without the sign correction of the fused sum (128 unorm8 results).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "pony_jit_priv.h"

typedef void (*encode_func)(const float *in, uint32_t *out);

static uint32_t
reference(float f, uint32_t field)
{
   if (field) {
      /* z * field is exact in double (48 bits) and z >= 0: adding 0.5 and
       * truncating is llround (main checks that on a sample) */
      return (uint32_t)((double)f * field + 0.5);
   }
   if (f >= 1.0f)
      return 255;
   if (!(f > 0.0f))
      return 0;
   return (uint32_t)((double)f * 255.0 + 0.5);
}

/* void encode(const float *in, uint32_t *out) on the JIT's width: the
 * colour encode (field 0) or the depth one of field */
static encode_func
compile_encode(struct pony_jit *jit, uint32_t field, struct pony_jit_shader **out_s)
{
   char err[256], name[64];
   unsigned w = pony_jit_simd_width(jit);
   pthread_mutex_lock(&jit->lock);
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
   LLVMValueRef q = field ? jit_float_to_unorm(b, mod, in, field) : jit_float_to_unorm8(b, mod, in);
   LLVMSetAlignment(LLVMBuildStore(b, q, LLVMGetParam(fn, 1)), 4);
   LLVMBuildRetVoid(b);
   LLVMDisposeBuilder(b);
   struct pony_jit_shader *s = calloc(1, sizeof(*s));
   s->jit = jit;
   enum pony_jit_status st = jit_module_finish(jit, mod, name, s, err, sizeof(err));
   pthread_mutex_unlock(&jit->lock);
   if (st != PONY_JIT_OK) {
      fprintf(stderr, "compiling the encode: %s\n", err);
      free(s);
      return NULL;
   }
   *out_s = s;
   return (encode_func)(uintptr_t)s->func;
}

/* Every float in [0, 1], then (colour only) every 4099th other pattern;
 * returns the number of wrong results. */
static unsigned long long
check(encode_func encode, unsigned w, uint32_t field, unsigned long long *checked)
{
   enum { BATCH = 4096 };
   float *fin = malloc(sizeof(float) * (BATCH + 16));
   uint32_t *got = malloc(sizeof(uint32_t) * (BATCH + 16));
   unsigned long long bad = 0;
   for (int pass = 0; pass < (field ? 1 : 2); pass++) {
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
            uint32_t want = reference(fin[i], field);
            if (field && i % 997 == 0 && want != (uint32_t)llround((double)fin[i] * field) &&
                bad++ < 8)
               fprintf(stderr, "FAIL: the reference is not llround at %.9g\n", (double)fin[i]);
            if (got[i] != want && bad++ < 8) {
               uint32_t bits;
               memcpy(&bits, &fin[i], 4);
               fprintf(stderr, "FAIL field %u: 0x%08x (%.9g): %u, want %u\n", field, bits,
                       (double)fin[i], got[i], want);
            }
         }
         *checked += n;
      }
   }
   free(fin);
   free(got);
   return bad;
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
   static const uint32_t fields[3] = { 0, 65535, 16777215 };
   int rc = 0;
   for (unsigned k = 0; k < 3; k++) {
      struct pony_jit_shader *s = NULL;
      encode_func encode = compile_encode(jit, fields[k], &s);
      if (!encode)
         return 1;
      unsigned long long checked = 0, bad = check(encode, w, fields[k], &checked);
      printf("%s: %llu floats encoded at width %u, %llu wrong\n",
             fields[k] ? (fields[k] == 65535 ? "depth16" : "depth24") : "unorm8", checked, w, bad);
      if (bad || checked < 1065353217ull)
         rc = 1;
      pony_jit_shader_destroy(s);
   }
   pony_jit_destroy(jit);
   return rc;
}
