/*
 * Pony IR -> LLVM IR for pony_jit (docs/jit.md).
 *
 * One LLVM function per shader runs W invocations at once: every IR value
 * component is a W-lane vector (<W x float>, <W x i32>, <W x i1> for
 * bools).  @main is translated with its structured control flow (if,
 * loop, break, continue, return, discard), which runs with per-lane
 * execution masks as irexec runs it: pure code computes every lane, stores
 * and exits only touch the active lanes, a side of an if or an iteration
 * of a loop runs when at least one lane is active there; locals and
 * outputs live in allocas (promoted to registers by SROA).  Calls are
 * emitted inline, each callee with its own frame as irexec_call() runs
 * it.  Lanes form W/4 2x2 quads for derivatives, fragment system values
 * and implicit texture LODs; texture instructions call back into C
 * (jit_tex_callout) to build irexec's sampler requests.  Anything else
 * makes jit_ir_build() return PONY_JIT_UNSUPPORTED so the caller keeps
 * irexec.
 *
 * Every opcode computes exactly what ir_eval_alu() computes (the
 * interpreter's semantics), written out with explicit selects where C and
 * LLVM differ: NaN rules of fmin/fmax, saturating float->int conversion,
 * division by zero, INT_MIN / -1, shift counts modulo 32.  No fast-math
 * flags and no FMA contraction are ever used.  Transcendentals call the
 * same C library functions as irexec, one lane at a time, through their
 * absolute addresses.
 */
#include "pony_jit_priv.h"

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_eval_alu.h"
#include "irexec.h"
#include "pipe/p_defines.h"
#include "util/u_log2.h"

#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct jval {
   LLVMValueRef c[4];
};

struct jit_map_entry {
   const struct ir_instr *key;
   struct jval val;
};

struct jit_var_state {
   struct jval *elems;      /* locals and outputs: one alloca per element component */
   LLVMTypeRef vt;          /* the vector type of a component */
   bool *written;
   unsigned base, len;      /* inputs/outputs: first slot */
   bool sysval;             /* inputs: vertex_id, instance_id, sample_id; frag_coord
                               and front_face in fragment shaders */
};

struct jit_build {
   struct pony_jit *jit;
   LLVMContextRef ctx;
   LLVMModuleRef mod;
   LLVMBuilderRef b;
   unsigned w;
   LLVMTypeRef f32, i32, i1, i64, vf, vi, vb, vi64;
   LLVMValueRef inputs, outputs, cbufs, sysvals;
   LLVMTypeRef svt;         /* struct pony_jit_sysvals */
   enum ir_stage stage;
   struct jit_map_entry *map;
   unsigned map_size;
   struct jit_var_state *vars;
   char *err;
   unsigned err_size;
   bool failed;
   LLVMValueRef mask;       /* lanes executing the current block; NULL: all */
   LLVMValueRef fn;
   LLVMBasicBlockRef entry; /* allocas only; branches to the code at the end */
   LLVMBuilderRef ab;       /* builder for allocas in `entry` */
   LLVMValueRef discarded;  /* <W x i1> alloca: lanes that discarded */
   LLVMValueRef returned;   /* <W x i1> alloca: lanes that returned from the function
                               being emitted (@main or an inlined callee) */
   LLVMValueRef steps;      /* <W x i32> alloca: irexec's step count of each lane's
                               batch (the 4 lanes of a quad hold the same count) */
   LLVMValueRef max_steps;  /* <W x i32>: the step budget */
   unsigned pending;        /* steps of pure instructions not yet added ... */
   LLVMValueRef pending_q;  /* ... to the quads of this mask */
   struct jit_loop *loop;   /* innermost loop being emitted, NULL outside loops */
   LLVMValueRef tex_src;    /* texture operands for jit_tex_callout (entry alloca) */
   LLVMValueRef tex_dst;    /* its results */
   struct jit_frame *frame; /* the function being emitted */
   const struct pony_jit_tex_key *tex_keys;   /* inline sampling by binding, or NULL */
   /* the colour pass-through (jit_ir_build): the texture instruction whose
    * texel words are also stored, and the word while it is sampled */
   const struct ir_instr *pt_tex;
   bool pt_capture;
   LLVMValueRef pt_word;
   unsigned pt_slot;          /* the output slot the words go to (after the shader's) */
};

/* One activation of a function being emitted: @main, or a callee inlined
 * at a call (irexec's struct irexec_frame) */
struct jit_frame {
   unsigned depth;              /* irexec's ex->depth: 0 in @main */
   LLVMValueRef ret[4];         /* callees with a result: irexec's fr->ret (allocas) */
   /* the values of the call instructions of this function, kept in allocas
    * because irexec writes a call's result only in the lanes that were
    * active at the call: the other lanes keep what the same call gave
    * them in an earlier iteration, 0 at first (a fresh frame is zeroed),
    * which derivatives of the result can see */
   const struct ir_instr **calls;
   struct jval *call_vals;
   unsigned num_calls;
};

/* per-lane exit masks of one loop being emitted (allocas, <W x i1>) */
struct jit_loop {
   LLVMValueRef broken, continued;
};

/* irexec's step budget per batch when the caller gives none
 * (IREXEC_DEFAULT_STEPS) */
#define JIT_DEFAULT_STEPS (1u << 24)

static void
unsupported(struct jit_build *jb, const char *fmt, ...)
{
   if (jb->failed)
      return;
   jb->failed = true;
   if (jb->err && jb->err_size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(jb->err, jb->err_size, fmt, ap);
      va_end(ap);
   }
}

/* ---- value map ---- */

static struct jit_map_entry *
map_slot(struct jit_build *jb, const struct ir_instr *in)
{
   uintptr_t h = ((uintptr_t)in >> 4) * 2654435761u;
   for (unsigned i = 0;; i++) {
      struct jit_map_entry *e = &jb->map[(h + i) & (jb->map_size - 1)];
      if (e->key == in || !e->key)
         return e;
   }
}

static void
map_set(struct jit_build *jb, const struct ir_instr *in, struct jval v)
{
   struct jit_map_entry *e = map_slot(jb, in);
   e->key = in;
   e->val = v;
}

static struct jval
map_get(struct jit_build *jb, const struct ir_instr *in)
{
   struct jit_map_entry *e = map_slot(jb, in);
   if (!e->key) {
      unsupported(jb, "value used before its definition");
      struct jval z = { { NULL } };
      return z;
   }
   return e->val;
}

/* ---- small helpers ---- */

static LLVMValueRef
splat(LLVMValueRef scalar, unsigned w)
{
   LLVMValueRef e[16];
   for (unsigned i = 0; i < w; i++)
      e[i] = scalar;
   return LLVMConstVector(e, w);
}

static LLVMValueRef
cf(struct jit_build *jb, float f)
{
   return splat(LLVMConstReal(jb->f32, f), jb->w);
}

static LLVMValueRef
ci(struct jit_build *jb, uint32_t u)
{
   return splat(LLVMConstInt(jb->i32, u, false), jb->w);
}

static LLVMValueRef
cf_bits(struct jit_build *jb, uint32_t bits)
{
   return LLVMConstBitCast(ci(jb, bits), jb->vf);
}

static LLVMValueRef
cb(struct jit_build *jb, bool v)
{
   return splat(LLVMConstInt(jb->i1, v, false), jb->w);
}

/* a call of an overloaded intrinsic on vector type `t` */
static LLVMValueRef
intrin(struct jit_build *jb, const char *name, LLVMTypeRef t, LLVMValueRef *args, unsigned n)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef fn = LLVMGetIntrinsicDeclaration(jb->mod, id, &t, 1);
   LLVMTypeRef fty = LLVMIntrinsicGetType(jb->ctx, id, &t, 1);
   return LLVMBuildCall2(jb->b, fty, fn, args, n, "");
}

static LLVMValueRef
intrin1(struct jit_build *jb, const char *name, LLVMValueRef a)
{
   return intrin(jb, name, LLVMTypeOf(a), &a, 1);
}

#define B (jb->b)

/* an alloca in the entry block (so that code inside loops does not grow
 * the stack and SROA/mem2reg can promote it), aligned for whole-vector
 * accesses at any width (arrays of scalars are read as vectors) */
static LLVMValueRef
entry_alloca(struct jit_build *jb, LLVMTypeRef t)
{
   LLVMValueRef a = LLVMBuildAlloca(jb->ab, t, "");
   LLVMSetAlignment(a, 64);
   return a;
}

static LLVMValueRef
sel(struct jit_build *jb, LLVMValueRef c, LLVMValueRef t, LLVMValueRef f)
{
   return LLVMBuildSelect(B, c, t, f, "");
}

static LLVMValueRef
fcmp(struct jit_build *jb, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildFCmp(B, p, a, b, "");
}

static LLVMValueRef
icmp(struct jit_build *jb, LLVMIntPredicate p, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildICmp(B, p, a, b, "");
}

/* fminf/fmaxf exactly as glibc computes them (what ir_eval_alu calls):
 *   min: a <= b ? a : a > b ? b : (signaling(a) || signaling(b)) ? a + b
 *        : isnan(b) ? a : b
 * (max with >= and <), i.e. the first operand when they compare equal
 * (+0/-0), the other operand when one is a quiet NaN, a quiet NaN when
 * either is signaling. */
static LLVMValueRef
is_snan(struct jit_build *jb, LLVMValueRef a)
{
   LLVMValueRef bits = LLVMBuildBitCast(B, a, jb->vi, "");
   LLVMValueRef quiet = icmp(jb, LLVMIntNE, LLVMBuildAnd(B, bits, ci(jb, 0x00400000u), ""),
                             ci(jb, 0));
   return LLVMBuildAnd(B, fcmp(jb, LLVMRealUNO, a, a), LLVMBuildNot(B, quiet, ""), "");
}

static LLVMValueRef
emit_fminmax(struct jit_build *jb, bool max, LLVMValueRef a, LLVMValueRef b)
{
   LLVMValueRef r = sel(jb, fcmp(jb, LLVMRealUNO, b, b), a, b);
   r = sel(jb, LLVMBuildOr(B, is_snan(jb, a), is_snan(jb, b), ""), LLVMBuildFAdd(B, a, b, ""), r);
   r = sel(jb, fcmp(jb, max ? LLVMRealOLT : LLVMRealOGT, a, b), b, r);
   return sel(jb, fcmp(jb, max ? LLVMRealOGE : LLVMRealOLE, a, b), a, r);
}

static LLVMValueRef
emit_floor(struct jit_build *jb, LLVMValueRef a)
{
   return intrin1(jb, "llvm.floor", a);
}

/* A float function of the C library applied lane by lane, called through
 * its address (the same function ir_eval_alu calls). */
typedef float (*float1_fn)(float);
typedef float (*float2_fn)(float, float);

static LLVMValueRef
fn_ptr_const(struct jit_build *jb, uintptr_t addr, LLVMTypeRef fnty)
{
   (void)fnty;
   return LLVMConstIntToPtr(LLVMConstInt(jb->i64, addr, false),
                            LLVMPointerTypeInContext(jb->ctx, 0));
}

static LLVMValueRef
emit_libcall(struct jit_build *jb, uintptr_t addr, LLVMTypeRef fnty, unsigned nargs,
             LLVMValueRef *args)
{
   LLVMValueRef fp = fn_ptr_const(jb, addr, fnty);
   LLVMTypeRef rt = LLVMGetReturnType(fnty);
   LLVMValueRef r = LLVMGetUndef(LLVMVectorType(rt, jb->w));
   for (unsigned l = 0; l < jb->w; l++) {
      LLVMValueRef idx = LLVMConstInt(jb->i32, l, false);
      LLVMValueRef sa[3];
      for (unsigned k = 0; k < nargs; k++)
         sa[k] = LLVMBuildExtractElement(B, args[k], idx, "");
      LLVMValueRef v = LLVMBuildCall2(B, fnty, fp, sa, nargs, "");
      r = LLVMBuildInsertElement(B, r, v, idx, "");
   }
   return r;
}

static LLVMValueRef
call_f1(struct jit_build *jb, float1_fn fn, LLVMValueRef a)
{
   LLVMTypeRef ty = LLVMFunctionType(jb->f32, &jb->f32, 1, false);
   return emit_libcall(jb, (uintptr_t)fn, ty, 1, &a);
}

static LLVMValueRef
call_f2(struct jit_build *jb, float2_fn fn, LLVMValueRef a, LLVMValueRef b)
{
   LLVMTypeRef p[2] = { jb->f32, jb->f32 };
   LLVMTypeRef ty = LLVMFunctionType(jb->f32, p, 2, false);
   LLVMValueRef args[2] = { a, b };
   return emit_libcall(jb, (uintptr_t)fn, ty, 2, args);
}

/* the C library functions, wrapped so their addresses are taken in one
 * place (these are ordinary calls; the compiler keeps the library's
 * float versions, as in ir_eval_alu.c) */
static float j_expf(float a) { return expf(a); }
static float j_exp2f(float a) { return exp2f(a); }
static float j_logf(float a) { return logf(a); }
static float j_powf(float a, float b) { return powf(a, b); }
static float j_sinf(float a) { return sinf(a); }
static float j_cosf(float a) { return cosf(a); }
static float j_tanf(float a) { return tanf(a); }
static float j_asinf(float a) { return asinf(a); }
static float j_acosf(float a) { return acosf(a); }
static float j_atanf(float a) { return atanf(a); }
static float j_atan2f(float a, float b) { return atan2f(a, b); }
static float j_sinhf(float a) { return sinhf(a); }
static float j_coshf(float a) { return coshf(a); }
static float j_tanhf(float a) { return tanhf(a); }
static float j_asinhf(float a) { return asinhf(a); }
static float j_acoshf(float a) { return acoshf(a); }
static float j_atanhf(float a) { return atanhf(a); }
static float j_ldexpf(float a, float e)
{
   /* e carries the int exponent's bits, already clamped to [-300, 300] */
   int32_t i;
   memcpy(&i, &e, 4);
   return ldexpf(a, i);
}

/* A block run only when some lane needs it: slow_path_begin() branches
 * past it when `all_fast` (an i1) holds and leaves the builder in it;
 * slow_path_end() joins, giving `fast` or the block's `slow` value. */
struct slow_path {
   LLVMBasicBlockRef from, join;
};

static void
slow_path_begin(struct jit_build *jb, struct slow_path *sp, LLVMValueRef all_fast, const char *name)
{
   sp->from = LLVMGetInsertBlock(B);
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, name);
   sp->join = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "");
   LLVMBuildCondBr(B, all_fast, sp->join, slow);
   LLVMPositionBuilderAtEnd(B, slow);
}

static LLVMValueRef
slow_path_end(struct jit_build *jb, struct slow_path *sp, LLVMValueRef fast, LLVMValueRef slow)
{
   LLVMBasicBlockRef slow_end = LLVMGetInsertBlock(B);
   LLVMBuildBr(B, sp->join);
   LLVMPositionBuilderAtEnd(B, sp->join);
   LLVMValueRef phi = LLVMBuildPhi(B, LLVMTypeOf(fast), "");
   LLVMValueRef vals[2] = { fast, slow };
   LLVMBasicBlockRef bbs[2] = { sp->from, slow_end };
   LLVMAddIncoming(phi, vals, bbs, 2);
   return phi;
}

/* u_log2f (util/u_log2.h) on every lane: the same double-precision steps,
 * vectorised, so the bits are those of irexec, constant folding and the C
 * sampler's level of detail */
static LLVMValueRef
emit_log2(struct jit_build *jb, LLVMValueRef a)
{
   LLVMTypeRef f64 = LLVMDoubleTypeInContext(jb->ctx), i64 = LLVMInt64TypeInContext(jb->ctx);
   LLVMTypeRef vd = LLVMVectorType(f64, jb->w), vq = LLVMVectorType(i64, jb->w);
#define D(v) splat(LLVMConstReal(f64, (v)), jb->w)
#define Q(v) splat(LLVMConstInt(i64, (v), false), jb->w)
   LLVMValueRef bits = LLVMBuildBitCast(B, LLVMBuildFPExt(B, a, vd, ""), vq, "");
   LLVMValueRef e = LLVMBuildSub(B, LLVMBuildTrunc(B, LLVMBuildAnd(B, LLVMBuildLShr(B, bits, Q(52), ""),
                                                                   Q(0x7ff), ""), jb->vi, ""),
                                 ci(jb, 1023), "");
   LLVMValueRef m = LLVMBuildBitCast(B, LLVMBuildOr(B, LLVMBuildAnd(B, bits, Q(0x000fffffffffffffull), ""),
                                                    Q(0x3ff0000000000000ull), ""), vd, "");
   LLVMValueRef big = LLVMBuildFCmp(B, LLVMRealOGT, m, D(U_LOG2_SQRT2), "");
   m = LLVMBuildSelect(B, big, LLVMBuildFMul(B, m, D(0.5), ""), m, "");
   e = sel(jb, big, LLVMBuildAdd(B, e, ci(jb, 1), ""), e);
   LLVMValueRef f = LLVMBuildFDiv(B, LLVMBuildFSub(B, m, D(1.0), ""), LLVMBuildFAdd(B, m, D(1.0), ""), "");
   LLVMValueRef f2 = LLVMBuildFMul(B, f, f, "");
   static const double lc[] = { U_LOG2_L1, U_LOG2_L2, U_LOG2_L3, U_LOG2_L4, U_LOG2_L5, U_LOG2_L6 };
   LLVMValueRef p = D(lc[5]);
   for (int i = 4; i >= 0; i--)
      p = LLVMBuildFAdd(B, D(lc[i]), LLVMBuildFMul(B, f2, p, ""), "");
   LLVMValueRef sr = LLVMBuildFMul(B, f2, p, "");
   LLVMValueRef ff = LLVMBuildFAdd(B, f, f, "");
   LLVMValueRef ln = LLVMBuildFAdd(B, ff, LLVMBuildFMul(B, ff, sr, ""), "");
   LLVMValueRef r = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, e, vd, ""), LLVMBuildFMul(B, ln, D(U_LOG2_INV_LN2), ""), "");
#undef D
#undef Q
   LLVMValueRef v = LLVMBuildFPTrunc(B, r, jb->vf, "");
   v = sel(jb, fcmp(jb, LLVMRealOEQ, a, cf(jb, INFINITY)), a, v);
   v = sel(jb, fcmp(jb, LLVMRealOEQ, a, cf(jb, 0.0f)), cf(jb, -INFINITY), v);
   v = sel(jb, fcmp(jb, LLVMRealOLT, a, cf(jb, 0.0f)), cf_bits(jb, 0x7fc00000u), v);
   return sel(jb, fcmp(jb, LLVMRealUNO, a, a), a, v);
}

/* The sine and cosine polynomials' results sv, cv (either precision)
 * put in quadrant q (i32 lanes): s, c, -s, -c for q & 3 = 0..3. */
static LLVMValueRef
trig_quadrant(struct jit_build *jb, LLVMValueRef q, LLVMValueRef sv, LLVMValueRef cv)
{
   LLVMValueRef odd = icmp(jb, LLVMIntNE, LLVMBuildAnd(B, q, ci(jb, 1), ""), ci(jb, 0));
   LLVMValueRef neg = icmp(jb, LLVMIntNE, LLVMBuildAnd(B, q, ci(jb, 2), ""), ci(jb, 0));
   LLVMValueRef v = sel(jb, odd, cv, sv);
   return sel(jb, neg, LLVMBuildFNeg(B, v, ""), v);
}

/* `fast` where every lane has |a| <= limit; else a block, run only when
 * some lane is beyond (or NaN), gives those lanes slow(jb, a, is_cos). */
static LLVMValueRef
trig_beyond(struct jit_build *jb, LLVMValueRef a, bool is_cos, float limit, const char *name,
            LLVMValueRef fast, LLVMValueRef (*slow)(struct jit_build *, LLVMValueRef, bool))
{
   LLVMValueRef in = fcmp(jb, LLVMRealOLE, intrin1(jb, "llvm.fabs", a), cf(jb, limit));
   LLVMTypeRef iw = LLVMIntTypeInContext(jb->ctx, jb->w);
   LLVMValueRef all_in = icmp(jb, LLVMIntEQ, LLVMBuildBitCast(B, in, iw, ""),
                              LLVMConstAllOnes(iw));
   struct slow_path path;
   slow_path_begin(jb, &path, all_in, name);
   LLVMValueRef other = sel(jb, in, fast, slow(jb, a, is_cos));
   return slow_path_end(jb, &path, fast, other);
}

/* the C library's sinf / cosf, lane by lane */
static LLVMValueRef
trig_libm(struct jit_build *jb, LLVMValueRef a, bool is_cos)
{
   return call_f1(jb, is_cos ? j_cosf : j_sinf, a);
}

/* ir_fold_sin / ir_fold_cos (ir_eval_alu.h) beyond IR_TRIG_FAST_MAX: the
 * same double-precision steps, vectorised; lanes outside |a| <= IR_TRIG_MAX
 * (and NaN) call the C library as the fold does, only when a lane needs it. */
static LLVMValueRef
emit_trig_double(struct jit_build *jb, LLVMValueRef a, bool is_cos)
{
   LLVMTypeRef f64 = LLVMDoubleTypeInContext(jb->ctx);
   LLVMTypeRef vd = LLVMVectorType(f64, jb->w);
#define D(v) splat(LLVMConstReal(f64, (v)), jb->w)
   LLVMValueRef x = LLVMBuildFPExt(B, a, vd, "");
   LLVMValueRef k = intrin1(jb, "llvm.roundeven", LLVMBuildFMul(B, x, D(IR_TRIG_2_OVER_PI), ""));
   LLVMValueRef r = LLVMBuildFSub(B, LLVMBuildFSub(B, x, LLVMBuildFMul(B, k, D(IR_TRIG_PIO2_1), ""), ""),
                                  LLVMBuildFMul(B, k, D(IR_TRIG_PIO2_1T), ""), "");
   LLVMValueRef q = LLVMBuildAnd(B, LLVMBuildAdd(B, LLVMBuildFPToSI(B, k, jb->vi, ""), ci(jb, is_cos), ""),
                                 ci(jb, 3), "");
   LLVMValueRef r2 = LLVMBuildFMul(B, r, r, "");
   static const double sc[] = { IR_TRIG_S1, IR_TRIG_S2, IR_TRIG_S3, IR_TRIG_S4, IR_TRIG_S5 };
   static const double cc[] = { IR_TRIG_C1, IR_TRIG_C2, IR_TRIG_C3, IR_TRIG_C4, IR_TRIG_C5, IR_TRIG_C6 };
   LLVMValueRef sp = D(sc[4]);
   for (int i = 3; i >= 0; i--)
      sp = LLVMBuildFAdd(B, D(sc[i]), LLVMBuildFMul(B, r2, sp, ""), "");
   LLVMValueRef sv = LLVMBuildFAdd(B, r, LLVMBuildFMul(B, r, LLVMBuildFMul(B, r2, sp, ""), ""), "");
   LLVMValueRef cp = D(cc[5]);
   for (int i = 4; i >= 0; i--)
      cp = LLVMBuildFAdd(B, D(cc[i]), LLVMBuildFMul(B, r2, cp, ""), "");
   LLVMValueRef cv = LLVMBuildFAdd(B, D(1.0), LLVMBuildFMul(B, r2, cp, ""), "");
#undef D
   LLVMValueRef fast = LLVMBuildFPTrunc(B, trig_quadrant(jb, q, sv, cv), jb->vf, "");
   /* the other lanes: the C library */
   return trig_beyond(jb, a, is_cos, IR_TRIG_MAX, "trig_libm", fast, trig_libm);
}

/* ir_fold_sin / ir_fold_cos on every lane: the fold's float steps for
 * |a| <= IR_TRIG_FAST_MAX, the double ones (emit_trig_double) in a block
 * run only when a lane is beyond (or NaN). */
static LLVMValueRef
emit_trig(struct jit_build *jb, LLVMValueRef a, bool is_cos)
{
   LLVMValueRef k = intrin1(jb, "llvm.roundeven", LLVMBuildFMul(B, a, cf(jb, IR_TRIG_F_2_OVER_PI), ""));
   LLVMValueRef r = LLVMBuildFSub(B, a, LLVMBuildFMul(B, k, cf(jb, IR_TRIG_F_PIO2_1), ""), "");
   r = LLVMBuildFSub(B, r, LLVMBuildFMul(B, k, cf(jb, IR_TRIG_F_PIO2_2), ""), "");
   r = LLVMBuildFSub(B, r, LLVMBuildFMul(B, k, cf(jb, IR_TRIG_F_PIO2_3), ""), "");
   /* k is an integer below 2^13 here; elsewhere the lane is replaced */
   LLVMValueRef q = LLVMBuildAnd(B, LLVMBuildAdd(B, LLVMBuildFPToSI(B, k, jb->vi, ""), ci(jb, is_cos), ""),
                                 ci(jb, 3), "");
   LLVMValueRef r2 = LLVMBuildFMul(B, r, r, "");
   static const float sc[] = { (float)IR_TRIG_S1, (float)IR_TRIG_S2, (float)IR_TRIG_S3,
                               (float)IR_TRIG_S4 };
   static const float cc[] = { (float)IR_TRIG_C1, (float)IR_TRIG_C2, (float)IR_TRIG_C3,
                               (float)IR_TRIG_C4, (float)IR_TRIG_C5 };
   LLVMValueRef sp = cf(jb, sc[3]);
   for (int i = 2; i >= 0; i--)
      sp = LLVMBuildFAdd(B, cf(jb, sc[i]), LLVMBuildFMul(B, r2, sp, ""), "");
   LLVMValueRef sv = LLVMBuildFAdd(B, r, LLVMBuildFMul(B, r, LLVMBuildFMul(B, r2, sp, ""), ""), "");
   LLVMValueRef cp = cf(jb, cc[4]);
   for (int i = 3; i >= 0; i--)
      cp = LLVMBuildFAdd(B, cf(jb, cc[i]), LLVMBuildFMul(B, r2, cp, ""), "");
   LLVMValueRef cv = LLVMBuildFAdd(B, cf(jb, 1.0f), LLVMBuildFMul(B, r2, cp, ""), "");
   LLVMValueRef fast = trig_quadrant(jb, q, sv, cv);
   return trig_beyond(jb, a, is_cos, IR_TRIG_FAST_MAX, "trig_double", fast, emit_trig_double);
}

static LLVMValueRef
dot(struct jit_build *jb, const struct jval *x, const struct jval *y, unsigned n)
{
   LLVMValueRef r = cf(jb, 0.0f);
   for (unsigned k = 0; k < n; k++)
      r = LLVMBuildFAdd(B, r, LLVMBuildFMul(B, x->c[k], y->c[k], ""), "");
   return r;
}

static LLVMValueRef
zext32(struct jit_build *jb, LLVMValueRef b)
{
   return LLVMBuildZExt(B, b, jb->vi, "");
}

/* float -> IEEE half bits (in an i32), round to nearest even, exactly as
 * ir_eval_alu's float_to_half: NaN -> sign | 0x7e00, overflow -> inf,
 * denormal halves rounded from the full significand */
static LLVMValueRef
emit_float_to_half(struct jit_build *jb, LLVMValueRef f)
{
   LLVMValueRef x = LLVMBuildBitCast(B, f, jb->vi, "");
   LLVMValueRef sign = LLVMBuildAnd(B, LLVMBuildLShr(B, x, ci(jb, 16), ""), ci(jb, 0x8000), "");
   LLVMValueRef exp = LLVMBuildAnd(B, LLVMBuildLShr(B, x, ci(jb, 23), ""), ci(jb, 0xff), "");
   LLVMValueRef man = LLVMBuildAnd(B, x, ci(jb, 0x7fffff), "");
   LLVMValueRef e = LLVMBuildSub(B, exp, ci(jb, 112), "");   /* exp - 127 + 15 */
   LLVMValueRef one = ci(jb, 1);

   /* normal */
   LLVMValueRef hn = LLVMBuildOr(B, LLVMBuildShl(B, LLVMBuildAnd(B, e, ci(jb, 31), ""),
                                                 ci(jb, 10), ""),
                                 LLVMBuildLShr(B, man, ci(jb, 13), ""), "");
   LLVMValueRef remn = LLVMBuildAnd(B, man, ci(jb, 0x1fff), "");
   LLVMValueRef upn = LLVMBuildOr(
      B, icmp(jb, LLVMIntUGT, remn, ci(jb, 0x1000)),
      LLVMBuildAnd(B, icmp(jb, LLVMIntEQ, remn, ci(jb, 0x1000)),
                   LLVMBuildTrunc(B, hn, jb->vb, ""), ""), "");
   hn = LLVMBuildAdd(B, hn, zext32(jb, upn), "");

   /* denormal half: shift = 14 - e in [14, 24] where used */
   LLVMValueRef m = LLVMBuildOr(B, man, ci(jb, 0x800000), "");
   LLVMValueRef shift = LLVMBuildAnd(B, LLVMBuildSub(B, ci(jb, 14), e, ""), ci(jb, 31), "");
   LLVMValueRef hd = LLVMBuildLShr(B, m, shift, "");
   LLVMValueRef remd = LLVMBuildAnd(B, m, LLVMBuildSub(B, LLVMBuildShl(B, one, shift, ""), one, ""), "");
   LLVMValueRef halfd = LLVMBuildShl(B, one, LLVMBuildAnd(B, LLVMBuildSub(B, shift, one, ""),
                                                          ci(jb, 31), ""), "");
   LLVMValueRef upd = LLVMBuildOr(
      B, icmp(jb, LLVMIntUGT, remd, halfd),
      LLVMBuildAnd(B, icmp(jb, LLVMIntEQ, remd, halfd), LLVMBuildTrunc(B, hd, jb->vb, ""), ""),
      "");
   hd = LLVMBuildAdd(B, hd, zext32(jb, upd), "");

   LLVMValueRef h = sel(jb, icmp(jb, LLVMIntSLE, e, ci(jb, 0)),
                        sel(jb, icmp(jb, LLVMIntSLT, e, ci(jb, (uint32_t)-10)), ci(jb, 0), hd), hn);
   h = sel(jb, icmp(jb, LLVMIntSGE, e, ci(jb, 31)), ci(jb, 0x7c00), h);
   h = sel(jb, icmp(jb, LLVMIntEQ, exp, ci(jb, 0xff)),
           sel(jb, icmp(jb, LLVMIntNE, man, ci(jb, 0)), ci(jb, 0x7e00), ci(jb, 0x7c00)), h);
   return LLVMBuildOr(B, sign, h, "");
}

/* the low 16 bits of h (an i32 vector) as a float, as half_to_float */
static LLVMValueRef
emit_half_to_float(struct jit_build *jb, LLVMValueRef h)
{
   LLVMValueRef sign = LLVMBuildShl(B, LLVMBuildAnd(B, h, ci(jb, 0x8000), ""), ci(jb, 16), "");
   LLVMValueRef exp = LLVMBuildAnd(B, LLVMBuildLShr(B, h, ci(jb, 10), ""), ci(jb, 0x1f), "");
   LLVMValueRef man = LLVMBuildAnd(B, h, ci(jb, 0x3ff), "");
   LLVMValueRef m13 = LLVMBuildShl(B, man, ci(jb, 13), "");
   LLVMValueRef infnan = LLVMBuildOr(B, LLVMBuildOr(B, sign, ci(jb, 0x7f800000u), ""), m13, "");
   LLVMValueRef norm = LLVMBuildOr(
      B, LLVMBuildOr(B, sign, LLVMBuildShl(B, LLVMBuildAdd(B, exp, ci(jb, 112), ""), ci(jb, 23), ""), ""),
      m13, "");
   LLVMValueRef bits = sel(jb, icmp(jb, LLVMIntEQ, exp, ci(jb, 31)), infnan, norm);
   /* exp == 0: man * 2^-24 (exact), negated when the sign is set */
   LLVMValueRef d = LLVMBuildFMul(B, LLVMBuildSIToFP(B, man, jb->vf, ""), cf(jb, 0x1p-24f), "");
   d = sel(jb, icmp(jb, LLVMIntNE, sign, ci(jb, 0)), LLVMBuildFNeg(B, d, ""), d);
   return sel(jb, icmp(jb, LLVMIntEQ, exp, ci(jb, 0)), d, LLVMBuildBitCast(B, bits, jb->vf, ""));
}

/* packUnorm/packSnorm of one component into `bits` bits, as pack_norm */
static LLVMValueRef
emit_pack_norm(struct jit_build *jb, LLVMValueRef v, bool snorm, unsigned bits)
{
   float maxv = (float)((1u << (snorm ? bits - 1 : bits)) - 1);
   LLVMValueRef lo = cf(jb, snorm ? -1.0f : 0.0f), hi = cf(jb, 1.0f);
   LLVMValueRef c = sel(jb, fcmp(jb, LLVMRealOLT, v, lo), lo,
                        sel(jb, fcmp(jb, LLVMRealOGT, v, hi), hi, v));
   c = sel(jb, fcmp(jb, LLVMRealUNO, v, v), cf(jb, 0.0f), c);
   LLVMValueRef q = LLVMBuildFPToSI(
      B, intrin1(jb, "llvm.rint", LLVMBuildFMul(B, c, cf(jb, maxv), "")), jb->vi, "");
   return LLVMBuildAnd(B, q, ci(jb, (1u << bits) - 1), "");
}

static LLVMValueRef
emit_unpack_norm(struct jit_build *jb, LLVMValueRef p, unsigned k, bool snorm, unsigned bits)
{
   float maxv = (float)((1u << (snorm ? bits - 1 : bits)) - 1);
   LLVMValueRef q = LLVMBuildAnd(B, LLVMBuildLShr(B, p, ci(jb, k * bits), ""),
                                 ci(jb, (1u << bits) - 1), "");
   /* 8-bit unorm: the shared float decode (also the samplers' and
    * blending's) */
   if (!snorm && bits == 8)
      return jit_unorm8_to_float(B, jb->mod, q);
   /* q / maxv in float is q * (1 / maxv) in double rounded to float: the
    * same value for every q of 8 and 16 bits, unorm and snorm (checked
    * exhaustively), without a division */
   LLVMTypeRef vd = LLVMVectorType(LLVMDoubleTypeInContext(jb->ctx), jb->w);
   LLVMValueRef rcp = splat(LLVMConstReal(LLVMDoubleTypeInContext(jb->ctx), 1.0 / (double)maxv), jb->w);
   if (!snorm)
      return LLVMBuildFPTrunc(B, LLVMBuildFMul(B, LLVMBuildUIToFP(B, q, vd, ""), rcp, ""), jb->vf, "");
   LLVMValueRef sq = LLVMBuildAShr(B, LLVMBuildShl(B, q, ci(jb, 32 - bits), ""),
                                   ci(jb, 32 - bits), "");
   LLVMValueRef f = LLVMBuildFPTrunc(B, LLVMBuildFMul(B, LLVMBuildSIToFP(B, sq, vd, ""), rcp, ""), jb->vf, "");
   return sel(jb, fcmp(jb, LLVMRealOGE, f, cf(jb, -1.0f)), f, cf(jb, -1.0f));
}

/* Derivatives: the W lanes are W/4 quads in irexec's lane order (0 = (x, y),
 * 1 = (x+1, y), 2 = (x, y+1), 3 = (x+1, y+1)); fine = own row / own
 * column, coarse = the quad's top row / left column, plain = fine, as
 * irexec computes them (every lane executes, so no lane is stale). */
static LLVMValueRef
quad_diff(struct jit_build *jb, LLVMValueRef v, const unsigned hi[4], const unsigned lo[4])
{
   LLVMValueRef mh[16], ml[16];
   for (unsigned l = 0; l < jb->w; l++) {
      mh[l] = LLVMConstInt(jb->i32, (l & ~3u) + hi[l & 3], false);
      ml[l] = LLVMConstInt(jb->i32, (l & ~3u) + lo[l & 3], false);
   }
   LLVMValueRef a = LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vf), LLVMConstVector(mh, jb->w), "");
   LLVMValueRef b = LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vf), LLVMConstVector(ml, jb->w), "");
   return LLVMBuildFSub(B, a, b, "");
}

static bool
emit_derivative(struct jit_build *jb, const struct ir_instr *in, const struct jval *s,
                struct jval *out)
{
   static const unsigned xf_hi[4] = { 1, 1, 3, 3 }, xf_lo[4] = { 0, 0, 2, 2 };
   static const unsigned yf_hi[4] = { 2, 3, 2, 3 }, yf_lo[4] = { 0, 1, 0, 1 };
   static const unsigned xc_hi[4] = { 1, 1, 1, 1 }, yc_hi[4] = { 2, 2, 2, 2 };
   static const unsigned c_lo[4] = { 0, 0, 0, 0 };
   for (unsigned k = 0; k < in->type.comps; k++) {
      LLVMValueRef v = s[0].c[k], r;
      switch ((enum ir_op)in->op) {
      case IR_OP_fddx:
      case IR_OP_fddx_fine: r = quad_diff(jb, v, xf_hi, xf_lo); break;
      case IR_OP_fddy:
      case IR_OP_fddy_fine: r = quad_diff(jb, v, yf_hi, yf_lo); break;
      case IR_OP_fddx_coarse: r = quad_diff(jb, v, xc_hi, c_lo); break;
      case IR_OP_fddy_coarse: r = quad_diff(jb, v, yc_hi, c_lo); break;
      default: /* fwidth */
         r = LLVMBuildFAdd(B, intrin1(jb, "llvm.fabs", quad_diff(jb, v, xf_hi, xf_lo)),
                           intrin1(jb, "llvm.fabs", quad_diff(jb, v, yf_hi, yf_lo)), "");
         break;
      }
      out->c[k] = r;
   }
   return true;
}

/* ---- ALU ---- */

static bool
emit_alu(struct jit_build *jb, const struct ir_instr *in, struct jval *out)
{
   enum ir_op op = (enum ir_op)in->op;
   unsigned n = in->type.comps;
   struct jval s[4];
   for (unsigned i = 0; i < in->num_srcs; i++)
      s[i] = map_get(jb, in->src[i]);
   if (jb->failed)
      return false;
   unsigned sn0 = in->num_srcs ? in->src[0]->type.comps : 0;

   /* whole-vector operations */
   switch (op) {
   case IR_OP_vec2:
   case IR_OP_vec3:
   case IR_OP_vec4:
      for (unsigned k = 0; k < n; k++)
         out->c[k] = s[k].c[0];
      return true;
   case IR_OP_fdot:
      out->c[0] = dot(jb, &s[0], &s[1], sn0);
      return true;
   case IR_OP_flength:
      out->c[0] = intrin1(jb, "llvm.sqrt", dot(jb, &s[0], &s[0], sn0));
      return true;
   case IR_OP_fdistance: {
      struct jval d;
      for (unsigned k = 0; k < sn0; k++)
         d.c[k] = LLVMBuildFSub(B, s[0].c[k], s[1].c[k], "");
      out->c[0] = intrin1(jb, "llvm.sqrt", dot(jb, &d, &d, sn0));
      return true;
   }
   case IR_OP_fnormalize: {
      LLVMValueRef l = intrin1(jb, "llvm.sqrt", dot(jb, &s[0], &s[0], sn0));
      for (unsigned k = 0; k < n; k++)
         out->c[k] = LLVMBuildFDiv(B, s[0].c[k], l, "");
      return true;
   }
   case IR_OP_fcross: {
      LLVMValueRef *a = s[0].c, *b = s[1].c;
#define XM(p, q) LLVMBuildFMul(B, p, q, "")
      out->c[0] = LLVMBuildFSub(B, XM(a[1], b[2]), XM(b[1], a[2]), "");
      out->c[1] = LLVMBuildFSub(B, XM(a[2], b[0]), XM(b[2], a[0]), "");
      out->c[2] = LLVMBuildFSub(B, XM(a[0], b[1]), XM(b[0], a[1]), "");
#undef XM
      return true;
   }
   case IR_OP_ffaceforward: {
      LLVMValueRef d = dot(jb, &s[2], &s[1], sn0);
      LLVMValueRef lt = fcmp(jb, LLVMRealOLT, d, cf(jb, 0.0f));
      for (unsigned k = 0; k < n; k++)
         out->c[k] = sel(jb, lt, s[0].c[k], LLVMBuildFNeg(B, s[0].c[k], ""));
      return true;
   }
   case IR_OP_freflect: {
      LLVMValueRef d2 = LLVMBuildFMul(B, cf(jb, 2.0f), dot(jb, &s[1], &s[0], sn0), "");
      for (unsigned k = 0; k < n; k++)
         out->c[k] = LLVMBuildFSub(B, s[0].c[k], LLVMBuildFMul(B, d2, s[1].c[k], ""), "");
      return true;
   }
   case IR_OP_frefract: {
      LLVMValueRef eta = s[2].c[0];
      LLVMValueRef d = dot(jb, &s[1], &s[0], sn0);
      LLVMValueRef one = cf(jb, 1.0f);
      LLVMValueRef kk = LLVMBuildFSub(
         B, one,
         LLVMBuildFMul(B, LLVMBuildFMul(B, eta, eta, ""),
                       LLVMBuildFSub(B, one, LLVMBuildFMul(B, d, d, ""), ""), ""), "");
      LLVMValueRef neg = fcmp(jb, LLVMRealOLT, kk, cf(jb, 0.0f));
      LLVMValueRef f = LLVMBuildFAdd(B, LLVMBuildFMul(B, eta, d, ""),
                                     intrin1(jb, "llvm.sqrt", kk), "");
      for (unsigned k = 0; k < n; k++) {
         LLVMValueRef v = LLVMBuildFSub(B, LLVMBuildFMul(B, eta, s[0].c[k], ""),
                                        LLVMBuildFMul(B, f, s[1].c[k], ""), "");
         out->c[k] = sel(jb, neg, cf(jb, 0.0f), v);
      }
      return true;
   }
   case IR_OP_pack_half_2x16:
      out->c[0] = LLVMBuildOr(B, emit_float_to_half(jb, s[0].c[0]),
                              LLVMBuildShl(B, emit_float_to_half(jb, s[0].c[1]), ci(jb, 16), ""),
                              "");
      return true;
   case IR_OP_unpack_half_2x16:
      out->c[0] = emit_half_to_float(jb, s[0].c[0]);
      out->c[1] = emit_half_to_float(jb, LLVMBuildLShr(B, s[0].c[0], ci(jb, 16), ""));
      return true;
   case IR_OP_pack_unorm_2x16:
   case IR_OP_pack_snorm_2x16:
   case IR_OP_pack_unorm_4x8:
   case IR_OP_pack_snorm_4x8: {
      bool sn = op == IR_OP_pack_snorm_2x16 || op == IR_OP_pack_snorm_4x8;
      unsigned bits = 32 / sn0;
      LLVMValueRef r = ci(jb, 0);
      for (unsigned k = 0; k < sn0; k++)
         r = LLVMBuildOr(B, r, LLVMBuildShl(B, emit_pack_norm(jb, s[0].c[k], sn, bits),
                                            ci(jb, k * bits), ""), "");
      out->c[0] = r;
      return true;
   }
   case IR_OP_unpack_unorm_2x16:
   case IR_OP_unpack_snorm_2x16:
   case IR_OP_unpack_unorm_4x8:
   case IR_OP_unpack_snorm_4x8: {
      bool sn = op == IR_OP_unpack_snorm_2x16 || op == IR_OP_unpack_snorm_4x8;
      for (unsigned k = 0; k < n; k++)
         out->c[k] = emit_unpack_norm(jb, s[0].c[0], k, sn, 32 / n);
      return true;
   }
   case IR_OP_ball:
   case IR_OP_bany: {
      LLVMValueRef r = s[0].c[0];
      for (unsigned k = 1; k < sn0; k++)
         r = op == IR_OP_ball ? LLVMBuildAnd(B, r, s[0].c[k], "")
                              : LLVMBuildOr(B, r, s[0].c[k], "");
      out->c[0] = r;
      return true;
   }
   default:
      break;
   }

   if (ir_op_info(op)->flags & IR_OPF_DERIVATIVE)
      return emit_derivative(jb, in, s, out);

   if (ir_op_info(op)->flags & IR_OPF_VECTOR) {
      unsupported(jb, "opcode %s is not supported by the JIT", ir_op_info(op)->name);
      return false;
   }

   for (unsigned k = 0; k < n; k++) {
      LLVMValueRef a = in->num_srcs > 0 ? s[0].c[k] : NULL;
      LLVMValueRef b = in->num_srcs > 1 ? s[1].c[in->src[1]->type.comps == 1 ? 0 : k] : NULL;
      LLVMValueRef c = in->num_srcs > 2 ? s[2].c[in->src[2]->type.comps == 1 ? 0 : k] : NULL;
      LLVMValueRef d = in->num_srcs > 3 ? s[3].c[in->src[3]->type.comps == 1 ? 0 : k] : NULL;
      LLVMValueRef r = NULL;
      switch (op) {
      case IR_OP_mov:
         r = a;
         break;
      case IR_OP_bitcast: {
         unsigned sb = in->src[0]->type.base, db = in->type.base;
         if (sb == IR_BOOL)
            a = zext32(jb, a);
         else if (sb == IR_FLOAT)
            a = LLVMBuildBitCast(B, a, jb->vi, "");
         if (db == IR_BOOL)
            r = icmp(jb, LLVMIntNE, a, ci(jb, 0));
         else if (db == IR_FLOAT)
            r = LLVMBuildBitCast(B, a, jb->vf, "");
         else
            r = a;
         break;
      }
      case IR_OP_select:
         r = sel(jb, a, b, c);
         break;

      /* float */
      case IR_OP_fadd: r = LLVMBuildFAdd(B, a, b, ""); break;
      case IR_OP_fsub: r = LLVMBuildFSub(B, a, b, ""); break;
      case IR_OP_fmul: r = LLVMBuildFMul(B, a, b, ""); break;
      case IR_OP_fdiv: r = LLVMBuildFDiv(B, a, b, ""); break;
      case IR_OP_fneg: r = LLVMBuildFNeg(B, a, ""); break;
      case IR_OP_fabs: r = intrin1(jb, "llvm.fabs", a); break;
      case IR_OP_fsign:
         r = sel(jb, fcmp(jb, LLVMRealOGT, a, cf(jb, 0.0f)), cf(jb, 1.0f),
                 sel(jb, fcmp(jb, LLVMRealOLT, a, cf(jb, 0.0f)), cf(jb, -1.0f), a));
         break;
      case IR_OP_fmin: r = emit_fminmax(jb, false, a, b); break;
      case IR_OP_fmax: r = emit_fminmax(jb, true, a, b); break;
      case IR_OP_fclamp:
         r = emit_fminmax(jb, false, emit_fminmax(jb, true, a, b), c);
         break;
      case IR_OP_fmix:
         r = LLVMBuildFAdd(B, LLVMBuildFMul(B, a, LLVMBuildFSub(B, cf(jb, 1.0f), c, ""), ""),
                           LLVMBuildFMul(B, b, c, ""), "");
         break;
      case IR_OP_fstep:
         r = sel(jb, fcmp(jb, LLVMRealOLT, b, a), cf(jb, 0.0f), cf(jb, 1.0f));
         break;
      case IR_OP_fsmoothstep: {
         LLVMValueRef t = LLVMBuildFDiv(B, LLVMBuildFSub(B, c, a, ""),
                                        LLVMBuildFSub(B, b, a, ""), "");
         t = emit_fminmax(jb, false, emit_fminmax(jb, true, t, cf(jb, 0.0f)), cf(jb, 1.0f));
         r = LLVMBuildFMul(B, LLVMBuildFMul(B, t, t, ""),
                           LLVMBuildFSub(B, cf(jb, 3.0f),
                                         LLVMBuildFMul(B, cf(jb, 2.0f), t, ""), ""), "");
         break;
      }
      case IR_OP_ffma: {
         LLVMValueRef args[3] = { a, b, c };
         r = intrin(jb, "llvm.fma", jb->vf, args, 3);
         break;
      }
      case IR_OP_ffloor: r = emit_floor(jb, a); break;
      case IR_OP_fceil: r = intrin1(jb, "llvm.ceil", a); break;
      case IR_OP_ftrunc: r = intrin1(jb, "llvm.trunc", a); break;
      case IR_OP_fround_even: r = intrin1(jb, "llvm.rint", a); break;
      case IR_OP_ffract: r = LLVMBuildFSub(B, a, emit_floor(jb, a), ""); break;
      case IR_OP_fmod:
         r = LLVMBuildFSub(
            B, a, LLVMBuildFMul(B, b, emit_floor(jb, LLVMBuildFDiv(B, a, b, "")), ""), "");
         break;
      case IR_OP_frcp: r = LLVMBuildFDiv(B, cf(jb, 1.0f), a, ""); break;
      case IR_OP_fsqrt: r = intrin1(jb, "llvm.sqrt", a); break;
      case IR_OP_frsq:
         r = LLVMBuildFDiv(B, cf(jb, 1.0f), intrin1(jb, "llvm.sqrt", a), "");
         break;
      case IR_OP_fradians:
         r = LLVMBuildFMul(B, a, cf(jb, 0.017453292519943295f), "");
         break;
      case IR_OP_fdegrees:
         r = LLVMBuildFMul(B, a, cf(jb, 57.29577951308232f), "");
         break;
      case IR_OP_fexp: r = call_f1(jb, j_expf, a); break;
      case IR_OP_fexp2: r = call_f1(jb, j_exp2f, a); break;
      case IR_OP_flog: r = call_f1(jb, j_logf, a); break;
      case IR_OP_flog2: r = emit_log2(jb, a); break;
      case IR_OP_fpow: r = call_f2(jb, j_powf, a, b); break;
      case IR_OP_fsin: r = emit_trig(jb, a, false); break;
      case IR_OP_fcos: r = emit_trig(jb, a, true); break;
      case IR_OP_ftan: r = call_f1(jb, j_tanf, a); break;
      case IR_OP_fasin: r = call_f1(jb, j_asinf, a); break;
      case IR_OP_facos: r = call_f1(jb, j_acosf, a); break;
      case IR_OP_fatan: r = call_f1(jb, j_atanf, a); break;
      case IR_OP_fatan2: r = call_f2(jb, j_atan2f, a, b); break;
      case IR_OP_fsinh: r = call_f1(jb, j_sinhf, a); break;
      case IR_OP_fcosh: r = call_f1(jb, j_coshf, a); break;
      case IR_OP_ftanh: r = call_f1(jb, j_tanhf, a); break;
      case IR_OP_fasinh: r = call_f1(jb, j_asinhf, a); break;
      case IR_OP_facosh: r = call_f1(jb, j_acoshf, a); break;
      case IR_OP_fatanh: r = call_f1(jb, j_atanhf, a); break;
      case IR_OP_fldexp: {
         LLVMValueRef e = sel(jb, icmp(jb, LLVMIntSGT, b, ci(jb, 300)), ci(jb, 300), b);
         e = sel(jb, icmp(jb, LLVMIntSLT, e, ci(jb, (uint32_t)-300)), ci(jb, (uint32_t)-300), e);
         r = call_f2(jb, j_ldexpf, a, LLVMBuildBitCast(B, e, jb->vf, ""));
         break;
      }
      case IR_OP_ffrexp_sig: r = call_f1(jb, ir_fold_frexp_sig, a); break;
      case IR_OP_ffrexp_exp: {
         LLVMTypeRef ty = LLVMFunctionType(jb->i32, &jb->f32, 1, false);
         r = emit_libcall(jb, (uintptr_t)ir_fold_frexp_exp, ty, 1, &a);
         break;
      }
      case IR_OP_fisnan: r = fcmp(jb, LLVMRealUNO, a, a); break;
      case IR_OP_fisinf:
         r = fcmp(jb, LLVMRealOEQ, intrin1(jb, "llvm.fabs", a), cf(jb, INFINITY));
         break;

      /* integer */
      case IR_OP_iadd: r = LLVMBuildAdd(B, a, b, ""); break;
      case IR_OP_isub: r = LLVMBuildSub(B, a, b, ""); break;
      case IR_OP_imul: r = LLVMBuildMul(B, a, b, ""); break;
      case IR_OP_ineg: r = LLVMBuildSub(B, ci(jb, 0), a, ""); break;
      case IR_OP_idiv:
      case IR_OP_imod: {
         LLVMValueRef bz = icmp(jb, LLVMIntEQ, b, ci(jb, 0));
         LLVMValueRef ovf = LLVMBuildAnd(B, icmp(jb, LLVMIntEQ, a, ci(jb, 0x80000000u)),
                                         icmp(jb, LLVMIntEQ, b, ci(jb, ~0u)), "");
         LLVMValueRef bad = op == IR_OP_imod ? LLVMBuildOr(B, bz, icmp(jb, LLVMIntEQ, b,
                                                                      ci(jb, ~0u)), "")
                                             : LLVMBuildOr(B, bz, ovf, "");
         /* a safe divisor: 1 where the C code does not divide (x / 1 = x
          * gives INT_MIN for INT_MIN / -1, x % 1 = 0) */
         LLVMValueRef bb = sel(jb, bad, ci(jb, 1), b);
         if (op == IR_OP_idiv)
            r = sel(jb, bz, ci(jb, 0), LLVMBuildSDiv(B, a, bb, ""));
         else
            r = LLVMBuildSRem(B, a, bb, "");
         break;
      }
      case IR_OP_udiv:
      case IR_OP_umod: {
         LLVMValueRef bz = icmp(jb, LLVMIntEQ, b, ci(jb, 0));
         LLVMValueRef bb = sel(jb, bz, ci(jb, 1), b);
         if (op == IR_OP_udiv)
            r = sel(jb, bz, ci(jb, 0), LLVMBuildUDiv(B, a, bb, ""));
         else
            r = LLVMBuildURem(B, a, bb, "");   /* x % 1 = 0 */
         break;
      }
      case IR_OP_iabs:
         r = sel(jb, icmp(jb, LLVMIntSLT, a, ci(jb, 0)), LLVMBuildSub(B, ci(jb, 0), a, ""), a);
         break;
      case IR_OP_isign:
         r = LLVMBuildSub(B, zext32(jb, icmp(jb, LLVMIntSGT, a, ci(jb, 0))),
                          zext32(jb, icmp(jb, LLVMIntSLT, a, ci(jb, 0))), "");
         break;
      case IR_OP_imin: r = sel(jb, icmp(jb, LLVMIntSLT, a, b), a, b); break;
      case IR_OP_imax: r = sel(jb, icmp(jb, LLVMIntSGT, a, b), a, b); break;
      case IR_OP_umin: r = sel(jb, icmp(jb, LLVMIntULT, a, b), a, b); break;
      case IR_OP_umax: r = sel(jb, icmp(jb, LLVMIntUGT, a, b), a, b); break;
      case IR_OP_iclamp:
      case IR_OP_uclamp: {
         bool sg = op == IR_OP_iclamp;
         LLVMValueRef t = sel(jb, icmp(jb, sg ? LLVMIntSGT : LLVMIntUGT, a, b), a, b);
         r = sel(jb, icmp(jb, sg ? LLVMIntSLT : LLVMIntULT, t, c), t, c);
         break;
      }
      case IR_OP_iand: r = LLVMBuildAnd(B, a, b, ""); break;
      case IR_OP_ior: r = LLVMBuildOr(B, a, b, ""); break;
      case IR_OP_ixor: r = LLVMBuildXor(B, a, b, ""); break;
      case IR_OP_inot: r = LLVMBuildNot(B, a, ""); break;
      case IR_OP_ishl: r = LLVMBuildShl(B, a, LLVMBuildAnd(B, b, ci(jb, 31), ""), ""); break;
      case IR_OP_ishr: r = LLVMBuildAShr(B, a, LLVMBuildAnd(B, b, ci(jb, 31), ""), ""); break;
      case IR_OP_ushr: r = LLVMBuildLShr(B, a, LLVMBuildAnd(B, b, ci(jb, 31), ""), ""); break;
      case IR_OP_bitcount: r = intrin1(jb, "llvm.ctpop", a); break;
      case IR_OP_findlsb: {
         LLVMValueRef args[2] = { a, LLVMConstInt(jb->i1, 0, false) };
         r = sel(jb, icmp(jb, LLVMIntEQ, a, ci(jb, 0)), ci(jb, ~0u),
                 intrin(jb, "llvm.cttz", jb->vi, args, 2));
         break;
      }
      case IR_OP_ifindmsb:
      case IR_OP_ufindmsb: {
         LLVMValueRef v = a;
         if (op == IR_OP_ifindmsb)
            v = sel(jb, icmp(jb, LLVMIntSLT, a, ci(jb, 0)), LLVMBuildNot(B, a, ""), a);
         LLVMValueRef args[2] = { v, LLVMConstInt(jb->i1, 0, false) };
         r = sel(jb, icmp(jb, LLVMIntEQ, v, ci(jb, 0)), ci(jb, ~0u),
                 LLVMBuildSub(B, ci(jb, 31), intrin(jb, "llvm.ctlz", jb->vi, args, 2), ""));
         break;
      }
      case IR_OP_bitfield_reverse: r = intrin1(jb, "llvm.bitreverse", a); break;
      case IR_OP_uadd_carry:
         r = zext32(jb, icmp(jb, LLVMIntULT, LLVMBuildAdd(B, a, b, ""), a));
         break;
      case IR_OP_usub_borrow: r = zext32(jb, icmp(jb, LLVMIntULT, a, b)); break;
      case IR_OP_umul_high:
      case IR_OP_imul_high: {
         bool sg = op == IR_OP_imul_high;
         LLVMValueRef x = sg ? LLVMBuildSExt(B, a, jb->vi64, "") : LLVMBuildZExt(B, a, jb->vi64, "");
         LLVMValueRef y = sg ? LLVMBuildSExt(B, b, jb->vi64, "") : LLVMBuildZExt(B, b, jb->vi64, "");
         LLVMValueRef p = LLVMBuildMul(B, x, y, "");
         LLVMValueRef sh = splat(LLVMConstInt(jb->i64, 32, false), jb->w);
         p = sg ? LLVMBuildAShr(B, p, sh, "") : LLVMBuildLShr(B, p, sh, "");
         r = LLVMBuildTrunc(B, p, jb->vi, "");
         break;
      }
      case IR_OP_ubitfield_extract:
      case IR_OP_ibitfield_extract: {
         /* offset b, bits c (per lane); 0 when offset < 0, bits <= 0 or
          * offset + bits > 32 (compared as 64-bit so no wraparound) */
         LLVMValueRef sum = LLVMBuildAdd(B, LLVMBuildSExt(B, b, jb->vi64, ""),
                                         LLVMBuildSExt(B, c, jb->vi64, ""), "");
         LLVMValueRef bad = LLVMBuildOr(
            B, LLVMBuildOr(B, icmp(jb, LLVMIntSLT, b, ci(jb, 0)),
                           icmp(jb, LLVMIntSLE, c, ci(jb, 0)), ""),
            icmp(jb, LLVMIntSGT, sum, splat(LLVMConstInt(jb->i64, 32, false), jb->w)), "");
         LLVMValueRef off = LLVMBuildAnd(B, b, ci(jb, 31), "");
         LLVMValueRef bits = LLVMBuildAnd(B, c, ci(jb, 31), "");
         LLVMValueRef mask = sel(jb, icmp(jb, LLVMIntEQ, c, ci(jb, 32)), ci(jb, ~0u),
                                 LLVMBuildSub(B, LLVMBuildShl(B, ci(jb, 1), bits, ""),
                                              ci(jb, 1), ""));
         LLVMValueRef v = LLVMBuildAnd(B, LLVMBuildLShr(B, a, off, ""), mask, "");
         if (op == IR_OP_ibitfield_extract) {
            LLVMValueRef sh = LLVMBuildAnd(B, LLVMBuildSub(B, ci(jb, 32), c, ""), ci(jb, 31), "");
            v = LLVMBuildAShr(B, LLVMBuildShl(B, v, sh, ""), sh, "");
         }
         r = sel(jb, bad, ci(jb, 0), v);
         break;
      }
      case IR_OP_bitfield_insert: {
         /* offset c, bits d; 0 when offset < 0, bits < 0 or offset + bits > 32 */
         LLVMValueRef sum = LLVMBuildAdd(B, LLVMBuildSExt(B, c, jb->vi64, ""),
                                         LLVMBuildSExt(B, d, jb->vi64, ""), "");
         LLVMValueRef bad = LLVMBuildOr(
            B, LLVMBuildOr(B, icmp(jb, LLVMIntSLT, c, ci(jb, 0)),
                           icmp(jb, LLVMIntSLT, d, ci(jb, 0)), ""),
            icmp(jb, LLVMIntSGT, sum, splat(LLVMConstInt(jb->i64, 32, false), jb->w)), "");
         LLVMValueRef off = LLVMBuildAnd(B, c, ci(jb, 31), "");
         LLVMValueRef bits = LLVMBuildAnd(B, d, ci(jb, 31), "");
         LLVMValueRef mask = sel(jb, icmp(jb, LLVMIntEQ, d, ci(jb, 32)), ci(jb, ~0u),
                                 LLVMBuildShl(B, LLVMBuildSub(B, LLVMBuildShl(B, ci(jb, 1), bits, ""),
                                                              ci(jb, 1), ""), off, ""));
         LLVMValueRef v = LLVMBuildOr(B, LLVMBuildAnd(B, a, LLVMBuildNot(B, mask, ""), ""),
                                      LLVMBuildAnd(B, LLVMBuildShl(B, b, off, ""), mask, ""), "");
         r = sel(jb, bad, ci(jb, 0), v);
         break;
      }

      /* bool */
      case IR_OP_band: r = LLVMBuildAnd(B, a, b, ""); break;
      case IR_OP_bor: r = LLVMBuildOr(B, a, b, ""); break;
      case IR_OP_bxor: r = LLVMBuildXor(B, a, b, ""); break;
      case IR_OP_bnot: r = LLVMBuildNot(B, a, ""); break;

      /* comparisons */
      case IR_OP_flt: r = fcmp(jb, LLVMRealOLT, a, b); break;
      case IR_OP_fle: r = fcmp(jb, LLVMRealOLE, a, b); break;
      case IR_OP_fgt: r = fcmp(jb, LLVMRealOGT, a, b); break;
      case IR_OP_fge: r = fcmp(jb, LLVMRealOGE, a, b); break;
      case IR_OP_feq: r = fcmp(jb, LLVMRealOEQ, a, b); break;
      case IR_OP_fne: r = fcmp(jb, LLVMRealUNE, a, b); break;
      case IR_OP_ilt: r = icmp(jb, LLVMIntSLT, a, b); break;
      case IR_OP_ile: r = icmp(jb, LLVMIntSLE, a, b); break;
      case IR_OP_igt: r = icmp(jb, LLVMIntSGT, a, b); break;
      case IR_OP_ige: r = icmp(jb, LLVMIntSGE, a, b); break;
      case IR_OP_ult: r = icmp(jb, LLVMIntULT, a, b); break;
      case IR_OP_ule: r = icmp(jb, LLVMIntULE, a, b); break;
      case IR_OP_ugt: r = icmp(jb, LLVMIntUGT, a, b); break;
      case IR_OP_uge: r = icmp(jb, LLVMIntUGE, a, b); break;
      case IR_OP_ieq: r = icmp(jb, LLVMIntEQ, a, b); break;
      case IR_OP_ine: r = icmp(jb, LLVMIntNE, a, b); break;
      case IR_OP_beq: r = icmp(jb, LLVMIntEQ, a, b); break;
      case IR_OP_bne: r = icmp(jb, LLVMIntNE, a, b); break;

      /* conversions */
      case IR_OP_f2i: {
         /* fptosi is poison out of range: those lanes take the select's
          * other arms */
         LLVMValueRef v = LLVMBuildFPToSI(B, a, jb->vi, "");
         v = sel(jb, fcmp(jb, LLVMRealOLE, a, cf(jb, -2147483648.0f)), ci(jb, 0x80000000u), v);
         v = sel(jb, fcmp(jb, LLVMRealOGE, a, cf(jb, 2147483648.0f)), ci(jb, 0x7fffffffu), v);
         r = sel(jb, fcmp(jb, LLVMRealUNO, a, a), ci(jb, 0), v);
         break;
      }
      case IR_OP_f2u: {
         LLVMValueRef v = LLVMBuildFPToUI(B, a, jb->vi, "");
         v = sel(jb, fcmp(jb, LLVMRealOGE, a, cf(jb, 4294967296.0f)), ci(jb, ~0u), v);
         r = sel(jb, fcmp(jb, LLVMRealULE, a, cf(jb, 0.0f)), ci(jb, 0), v);   /* NaN or <= 0 */
         break;
      }
      case IR_OP_i2f: r = LLVMBuildSIToFP(B, a, jb->vf, ""); break;
      case IR_OP_u2f: r = LLVMBuildUIToFP(B, a, jb->vf, ""); break;
      case IR_OP_i2u:
      case IR_OP_u2i: r = a; break;
      case IR_OP_f2b: r = fcmp(jb, LLVMRealUNE, a, cf(jb, 0.0f)); break;
      case IR_OP_i2b: r = icmp(jb, LLVMIntNE, a, ci(jb, 0)); break;
      case IR_OP_b2f: r = sel(jb, a, cf(jb, 1.0f), cf(jb, 0.0f)); break;
      case IR_OP_b2i: r = zext32(jb, a); break;
      default:
         unsupported(jb, "opcode %s is not supported by the JIT", ir_op_info(op)->name);
         return false;
      }
      (void)d;
      out->c[k] = r;
   }
   return true;
}

/* ---- memory ---- */

static LLVMValueRef
load_word_vec(struct jit_build *jb, LLVMValueRef base, unsigned word, unsigned ir_base)
{
   LLVMValueRef idx = LLVMConstInt(jb->i64, (uint64_t)word * jb->w, false);
   LLVMValueRef p = LLVMBuildGEP2(B, jb->i32, base, &idx, 1, "");
   LLVMValueRef v = LLVMBuildLoad2(B, jb->vi, p, "");
   LLVMSetAlignment(v, 4);
   if (ir_base == IR_BOOL)
      return icmp(jb, LLVMIntNE, v, ci(jb, 0));
   if (ir_base == IR_FLOAT)
      return LLVMBuildBitCast(B, v, jb->vf, "");
   return v;
}

static void
store_word_vec(struct jit_build *jb, LLVMValueRef base, unsigned word, LLVMValueRef v)
{
   LLVMTypeRef t = LLVMTypeOf(v);
   if (t == jb->vb)
      v = zext32(jb, v);
   else if (t == jb->vf)
      v = LLVMBuildBitCast(B, v, jb->vi, "");
   LLVMValueRef idx = LLVMConstInt(jb->i64, (uint64_t)word * jb->w, false);
   LLVMValueRef p = LLVMBuildGEP2(B, jb->i32, base, &idx, 1, "");
   LLVMValueRef st = LLVMBuildStore(B, v, p);
   LLVMSetAlignment(st, 4);
}

/* a 32-bit word of constant buffer `cb` at byte offset `off`, 0 outside
 * [0, size) or when unbound, broadcast to W lanes */
static LLVMValueRef
load_cbuf_word(struct jit_build *jb, unsigned cb, uint64_t off, unsigned ir_base)
{
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   LLVMTypeRef fields[3] = { ptr, jb->i32, jb->i32 };
   LLVMTypeRef cbt = LLVMStructTypeInContext(jb->ctx, fields, 3, false);
   LLVMValueRef idx[2] = { LLVMConstInt(jb->i32, cb, false), LLVMConstInt(jb->i32, 0, false) };
   LLVMValueRef pd = LLVMBuildGEP2(B, cbt, jb->cbufs, idx, 2, "");
   idx[1] = LLVMConstInt(jb->i32, 1, false);
   LLVMValueRef ps = LLVMBuildGEP2(B, cbt, jb->cbufs, idx, 2, "");
   LLVMValueRef data = LLVMBuildLoad2(B, ptr, pd, "");
   LLVMValueRef size = LLVMBuildZExt(B, LLVMBuildLoad2(B, jb->i32, ps, ""), jb->i64, "");

   /* in bounds: off + 4 <= size and data != NULL; branch-free: read from
    * a valid address (the word itself, or a zero on the stack) */
   LLVMValueRef ok = LLVMBuildAnd(
      B, LLVMBuildICmp(B, LLVMIntULE, LLVMConstInt(jb->i64, off + 4, false), size, ""),
      LLVMBuildIsNotNull(B, data, ""), "");
   LLVMValueRef zero = entry_alloca(jb, jb->i32);
   LLVMBuildStore(B, LLVMConstInt(jb->i32, 0, false), zero);
   LLVMValueRef o = LLVMConstInt(jb->i64, off, false);
   LLVMValueRef pw = LLVMBuildGEP2(B, LLVMInt8TypeInContext(jb->ctx), data, &o, 1, "");
   LLVMValueRef p = LLVMBuildSelect(B, ok, pw, zero, "");
   LLVMValueRef wv = LLVMBuildLoad2(B, jb->i32, p, "");
   LLVMSetAlignment(wv, 1);
   LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(jb->vi), wv,
                                           LLVMConstInt(jb->i32, 0, false), "");
   v = LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vi), LLVMConstNull(jb->vi), "");
   if (ir_base == IR_BOOL)
      return icmp(jb, LLVMIntNE, v, ci(jb, 0));
   if (ir_base == IR_FLOAT)
      return LLVMBuildBitCast(B, v, jb->vf, "");
   return v;
}

/* The same with a per-lane byte offset (<W x i64>): one scalar load per
 * lane (dynamic uniform indices, load_cbuf). */
static LLVMValueRef
load_cbuf_word_lanes(struct jit_build *jb, unsigned cb, LLVMValueRef off, unsigned ir_base)
{
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   LLVMTypeRef fields[3] = { ptr, jb->i32, jb->i32 };
   LLVMTypeRef cbt = LLVMStructTypeInContext(jb->ctx, fields, 3, false);
   LLVMValueRef idx[2] = { LLVMConstInt(jb->i32, cb, false), LLVMConstInt(jb->i32, 0, false) };
   LLVMValueRef pd = LLVMBuildGEP2(B, cbt, jb->cbufs, idx, 2, "");
   idx[1] = LLVMConstInt(jb->i32, 1, false);
   LLVMValueRef ps = LLVMBuildGEP2(B, cbt, jb->cbufs, idx, 2, "");
   LLVMValueRef data = LLVMBuildLoad2(B, ptr, pd, "");
   LLVMValueRef size = LLVMBuildZExt(B, LLVMBuildLoad2(B, jb->i32, ps, ""), jb->i64, "");
   LLVMValueRef nonnull = LLVMBuildIsNotNull(B, data, "");
   LLVMValueRef zero = entry_alloca(jb, jb->i32);
   LLVMBuildStore(B, LLVMConstInt(jb->i32, 0, false), zero);
   LLVMValueRef v = LLVMGetUndef(jb->vi);
   for (unsigned l = 0; l < jb->w; l++) {
      LLVMValueRef li = LLVMConstInt(jb->i32, l, false);
      LLVMValueRef o = LLVMBuildExtractElement(B, off, li, "");
      /* offsets are below 2^34 here, so o + 4 cannot wrap */
      LLVMValueRef ok = LLVMBuildAnd(
         B, LLVMBuildICmp(B, LLVMIntULE, LLVMBuildAdd(B, o, LLVMConstInt(jb->i64, 4, false), ""),
                          size, ""), nonnull, "");
      LLVMValueRef pw = LLVMBuildGEP2(B, LLVMInt8TypeInContext(jb->ctx), data, &o, 1, "");
      LLVMValueRef wv = LLVMBuildLoad2(B, jb->i32, LLVMBuildSelect(B, ok, pw, zero, ""), "");
      LLVMSetAlignment(wv, 1);
      v = LLVMBuildInsertElement(B, v, wv, li, "");
   }
   if (ir_base == IR_BOOL)
      return icmp(jb, LLVMIntNE, v, ci(jb, 0));
   if (ir_base == IR_FLOAT)
      return LLVMBuildBitCast(B, v, jb->vf, "");
   return v;
}

static LLVMValueRef
c64(struct jit_build *jb, uint64_t v)
{
   return splat(LLVMConstInt(jb->i64, v, false), jb->w);
}

/* a scalar i32 in every lane */
static LLVMValueRef
splat_i32(struct jit_build *jb, LLVMValueRef x)
{
   LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(jb->vi), x,
                                           LLVMConstInt(jb->i32, 0, false), "");
   return LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vi), LLVMConstNull(jb->vi), "");
}

/* gl_FrontFacing of each lane: bit l of sysvals->front_facing, as 0/1 */
static LLVMValueRef
emit_front_facing(struct jit_build *jb)
{
   LLVMValueRef p = LLVMBuildStructGEP2(B, jb->svt, jb->sysvals, 5, "");
   LLVMValueRef bits = splat_i32(jb, LLVMBuildLoad2(B, jb->i32, p, ""));
   LLVMValueRef lane_bit[16];
   for (unsigned l = 0; l < jb->w; l++)
      lane_bit[l] = LLVMConstInt(jb->i32, 1u << l, false);
   LLVMValueRef own = LLVMBuildAnd(B, bits, LLVMConstVector(lane_bit, jb->w), "");
   LLVMValueRef on = icmp(jb, LLVMIntNE, own, ci(jb, 0));
   return zext32(jb, on);
}

/* component k of gl_FragCoord: word k * W + l of sysvals->frag_coord (raw
 * bits, as irexec copies them), 0 when the pointer is NULL */
static LLVMValueRef
emit_frag_coord(struct jit_build *jb, unsigned k, unsigned ir_base)
{
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   LLVMValueRef pfc = LLVMBuildStructGEP2(B, jb->svt, jb->sysvals, 4, "");
   LLVMValueRef fc = LLVMBuildLoad2(B, ptr, pfc, "");
   LLVMValueRef idx = LLVMConstInt(jb->i64, (uint64_t)k * jb->w, false);
   LLVMValueRef pw = LLVMBuildGEP2(B, jb->i32, fc, &idx, 1, "");
   /* no branch: read a zero vector on the stack when there is no array */
   LLVMValueRef zero = entry_alloca(jb, jb->vi);
   LLVMBuildStore(B, ci(jb, 0), zero);
   LLVMValueRef p = LLVMBuildSelect(B, LLVMBuildIsNotNull(B, fc, ""), pw, zero, "");
   LLVMValueRef v = LLVMBuildLoad2(B, jb->vi, p, "");
   LLVMSetAlignment(v, 4);
   if (ir_base == IR_BOOL)
      return icmp(jb, LLVMIntNE, v, ci(jb, 0));
   if (ir_base == IR_FLOAT)
      return LLVMBuildBitCast(B, v, jb->vf, "");
   return v;
}

/* vertex_id, instance_id (from the sysvals argument), sample_id (0) or,
 * in fragment shaders, front_face (0/1); irexec leaves the vertex ids of a
 * fragment quad at 0 */
static LLVMValueRef
emit_sysval(struct jit_build *jb, unsigned semantic)
{
   if (semantic == IR_SEM_SAMPLE_ID ||
       (semantic == IR_SEM_VERTEX_ID && jb->stage == IR_STAGE_FRAGMENT))
      return ci(jb, 0);
   if (semantic == IR_SEM_FRONT_FACE)
      return emit_front_facing(jb);
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   LLVMTypeRef svt = jb->svt;
   if (semantic == IR_SEM_INSTANCE_ID) {
      LLVMValueRef p = LLVMBuildStructGEP2(B, svt, jb->sysvals, 2, "");
      LLVMValueRef id = LLVMBuildLoad2(B, jb->i32, p, "");
      LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(jb->vi), id,
                                              LLVMConstInt(jb->i32, 0, false), "");
      return LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vi), LLVMConstNull(jb->vi), "");
   }
   LLVMValueRef ids = LLVMBuildLoad2(B, ptr, LLVMBuildStructGEP2(B, svt, jb->sysvals, 0, ""), "");
   LLVMValueRef base = LLVMBuildLoad2(B, jb->i32, LLVMBuildStructGEP2(B, svt, jb->sysvals, 1, ""), "");
   LLVMValueRef bv = LLVMBuildInsertElement(B, LLVMGetUndef(jb->vi), base,
                                            LLVMConstInt(jb->i32, 0, false), "");
   bv = LLVMBuildShuffleVector(B, bv, LLVMGetUndef(jb->vi), LLVMConstNull(jb->vi), "");
   LLVMValueRef iota[16];
   for (unsigned l = 0; l < jb->w; l++)
      iota[l] = LLVMConstInt(jb->i32, l, false);
   LLVMValueRef seq = LLVMBuildAdd(B, bv, LLVMConstVector(iota, jb->w), "");
   /* no branch: load from the array, or from a stack copy of base + lane */
   LLVMValueRef tmp = entry_alloca(jb, jb->vi);
   LLVMBuildStore(B, seq, tmp);
   LLVMValueRef p = LLVMBuildSelect(B, LLVMBuildIsNotNull(B, ids, ""), ids, tmp, "");
   LLVMValueRef v = LLVMBuildLoad2(B, jb->vi, p, "");
   LLVMSetAlignment(v, 4);
   return v;
}

static struct jval
zero_value(struct jit_build *jb, struct ir_type t)
{
   struct jval z = { { NULL } };
   for (unsigned k = 0; k < t.comps; k++)
      z.c[k] = t.base == IR_FLOAT ? cf(jb, 0.0f) : t.base == IR_BOOL ? cb(jb, false) : ci(jb, 0);
   return z;
}

static LLVMValueRef
load_mask(struct jit_build *jb, LLVMValueRef p)
{
   return LLVMBuildLoad2(B, jb->vb, p, "");
}

/* Lanes whose batch (quad) ran out of steps: irexec's ex->failed */
static LLVMValueRef
out_of_steps(struct jit_build *jb)
{
   return LLVMBuildICmp(B, LLVMIntUGT, LLVMBuildLoad2(B, jb->vi, jb->steps, ""), jb->max_steps, "");
}

/* every lane of m's quad set when one of its lanes is */
static LLVMValueRef
quad_any(struct jit_build *jb, LLVMValueRef m)
{
   for (unsigned d = 1; d <= 2; d <<= 1) {
      LLVMValueRef idx[16];
      for (unsigned l = 0; l < jb->w; l++)
         idx[l] = LLVMConstInt(jb->i32, l ^ d, false);
      m = LLVMBuildOr(B, m, LLVMBuildShuffleVector(B, m, LLVMGetUndef(jb->vb),
                                                   LLVMConstVector(idx, jb->w), ""), "");
   }
   return m;
}

/* one step of irexec's budget for the quads with a lane in m */
static void
count_step(struct jit_build *jb, LLVMValueRef m)
{
   LLVMValueRef n = LLVMBuildAdd(B, LLVMBuildLoad2(B, jb->vi, jb->steps, ""),
                                 LLVMBuildZExt(B, quad_any(jb, m), jb->vi, ""), "");
   LLVMBuildStore(B, n, jb->steps);
}

/* Adds the steps of the pure instructions counted since the last flush.
 * The active lanes cannot change during a run of pure instructions, except
 * for a quad running out of steps within it: counting the rest of the run
 * for that quad too changes nothing (its count stays past the budget, and
 * pure code has no effect to stop). */
static void
flush_steps(struct jit_build *jb)
{
   if (!jb->pending)
      return;
   LLVMValueRef add = sel(jb, jb->pending_q, ci(jb, jb->pending), ci(jb, 0));
   LLVMBuildStore(B, LLVMBuildAdd(B, LLVMBuildLoad2(B, jb->vi, jb->steps, ""), add, ""), jb->steps);
   jb->pending = 0;
   jb->pending_q = NULL;
}

/* Lanes active at this point, as irexec_active(): the block's mask minus
 * the lanes that discarded, returned, or left the innermost loop's
 * current iteration (break/continue), and those of quads out of steps. */
static LLVMValueRef
active_mask(struct jit_build *jb)
{
   LLVMValueRef gone = LLVMBuildOr(B, load_mask(jb, jb->discarded), load_mask(jb, jb->returned), "");
   gone = LLVMBuildOr(B, gone, out_of_steps(jb), "");
   if (jb->loop)
      gone = LLVMBuildOr(B, gone,
                         LLVMBuildOr(B, load_mask(jb, jb->loop->broken),
                                     load_mask(jb, jb->loop->continued), ""), "");
   LLVMValueRef m = LLVMBuildNot(B, gone, "");
   return jb->mask ? LLVMBuildAnd(B, jb->mask, m, "") : m;
}

/* i1: at least one lane of the <W x i1> mask is set */
static LLVMValueRef
any_lane(struct jit_build *jb, LLVMValueRef m)
{
   LLVMTypeRef iw = LLVMIntTypeInContext(jb->ctx, jb->w);
   return LLVMBuildICmp(B, LLVMIntNE, LLVMBuildBitCast(B, m, iw, ""), LLVMConstInt(iw, 0, false),
                        "");
}

/* *p |= m */
static void
or_mask(struct jit_build *jb, LLVMValueRef p, LLVMValueRef m)
{
   LLVMBuildStore(B, LLVMBuildOr(B, load_mask(jb, p), m, ""), p);
}

static bool
emit_var(struct jit_build *jb, const struct ir_instr *in, struct jval *out)
{
   const struct ir_var *var = in->u.var.var;
   struct jit_var_state *vs = &jb->vars[var->index];
   if (in->u.var.indirect && in->op == IR_OP_load_uniform && var->cbuf < PONY_JIT_MAX_CBUFS) {
      /* out-of-range indices (negative ones are huge unsigned) read the
       * last element, as irexec and ir_lower_indirect do */
      struct jval iv = map_get(jb, in->src[in->num_srcs - 1]);
      if (jb->failed)
         return false;
      unsigned len = var->array_len ? var->array_len : 1;
      LLVMValueRef i = iv.c[0];
      i = sel(jb, icmp(jb, LLVMIntUGE, i, ci(jb, len)), ci(jb, len - 1), i);
      LLVMValueRef base = LLVMBuildAdd(B, c64(jb, var->offset),
                                       LLVMBuildMul(B, LLVMBuildZExt(B, i, jb->vi64, ""),
                                                    c64(jb, 16), ""), "");
      for (unsigned k = 0; k < in->type.comps; k++)
         out->c[k] = load_cbuf_word_lanes(jb, var->cbuf, LLVMBuildAdd(B, base, c64(jb, 4u * k), ""),
                                          in->type.base);
      return true;
   }
   if (in->u.var.indirect) {
      unsupported(jb, "dynamic indexing of @%s is not supported by the JIT", var->name);
      return false;
   }
   unsigned e = in->u.var.offset;
   switch (in->op) {
   case IR_OP_load_input:
      if (vs->sysval && var->semantic == IR_SEM_FRAG_COORD) {
         for (unsigned k = 0; k < in->type.comps; k++)
            out->c[k] = emit_frag_coord(jb, k, in->type.base);
         return true;
      }
      if (vs->sysval) {
         LLVMValueRef sv = emit_sysval(jb, var->semantic);
         /* every component carries the value; float-typed ones the number */
         if (in->type.base == IR_FLOAT)
            sv = LLVMBuildSIToFP(B, sv, jb->vf, "");
         else if (in->type.base == IR_BOOL)
            sv = icmp(jb, LLVMIntNE, sv, ci(jb, 0));
         for (unsigned k = 0; k < in->type.comps; k++)
            out->c[k] = sv;
         return true;
      }
      for (unsigned k = 0; k < in->type.comps; k++)
         out->c[k] = load_word_vec(jb, jb->inputs, (vs->base + e) * 4 + k, in->type.base);
      return true;
   case IR_OP_load_uniform:
      if (var->cbuf >= PONY_JIT_MAX_CBUFS) {
         unsupported(jb, "constant buffer %u", var->cbuf);
         return false;
      }
      for (unsigned k = 0; k < in->type.comps; k++)
         out->c[k] = load_cbuf_word(jb, var->cbuf, (uint64_t)var->offset + 16u * e + 4u * k,
                                    in->type.base);
      return true;
   case IR_OP_load_output:
   case IR_OP_load_local:
      /* every lane reads (irexec loads for all lanes) */
      for (unsigned k = 0; k < in->type.comps; k++)
         out->c[k] = LLVMBuildLoad2(B, vs->vt, vs->elems[e].c[k], "");
      return true;
   case IR_OP_store_output:
   case IR_OP_store_local: {
      struct jval nv = map_get(jb, in->src[0]);
      if (jb->failed)
         return false;
      /* only the active lanes take the new value */
      LLVMValueRef act = active_mask(jb);
      for (unsigned k = 0; k < var->type.comps; k++) {
         LLVMValueRef old = LLVMBuildLoad2(B, vs->vt, vs->elems[e].c[k], "");
         LLVMBuildStore(B, sel(jb, act, nv.c[k], old), vs->elems[e].c[k]);
      }
      vs->written[e] = true;
      return true;
   }
   default:
      unsupported(jb, "instruction %s is not supported by the JIT", ir_op_info(in->op)->name);
      return false;
   }
}

static bool
setup_vars(struct jit_build *jb, const struct ir_shader *s, unsigned *ni, unsigned *no)
{
   jb->vars = calloc(s->num_vars ? s->num_vars : 1, sizeof(*jb->vars));
   if (!jb->vars)
      return false;
   unsigned i = 0;
   *ni = *no = 0;
   for (const struct ir_var *v = s->vars; v; v = v->next, i++) {
      struct jit_var_state *vs = &jb->vars[v->index];
      (void)i;
      unsigned len = v->array_len ? v->array_len : 1;
      vs->len = len;
      if (v->type.bits != 32) {
         unsupported(jb, "@%s: only 32-bit types are supported by the JIT", v->name);
         return true;
      }
      if (v->mode == IR_VAR_INPUT) {
         switch (v->semantic) {
         case IR_SEM_VERTEX_ID:
         case IR_SEM_INSTANCE_ID:
         case IR_SEM_SAMPLE_ID:
            vs->sysval = true;
            break;
         case IR_SEM_FRAG_COORD:
         case IR_SEM_FRONT_FACE:
            /* irexec fills them in fragment shaders only (elsewhere they are
             * ordinary inputs) */
            vs->sysval = s->stage == IR_STAGE_FRAGMENT;
            break;
         default:
            break;
         }
         vs->base = *ni;
         *ni += len;
      } else if (v->mode == IR_VAR_OUTPUT || v->mode == IR_VAR_LOCAL) {
         if (v->mode == IR_VAR_OUTPUT) {
            vs->base = *no;
            *no += len;
         }
         vs->elems = calloc(len, sizeof(*vs->elems));
         vs->written = calloc(len, sizeof(*vs->written));
         if (!vs->elems || !vs->written)
            return false;
         vs->vt = v->type.base == IR_FLOAT ? jb->vf : v->type.base == IR_BOOL ? jb->vb : jb->vi;
         struct jval z = zero_value(jb, v->type);
         for (unsigned e = 0; e < len; e++)
            for (unsigned k = 0; k < v->type.comps; k++) {
               vs->elems[e].c[k] = entry_alloca(jb, vs->vt);
               LLVMBuildStore(B, z.c[k], vs->elems[e].c[k]);
            }
      }
   }
   return true;
}

/* ---- textures ---- */

/*
 * Texture instructions call jit_tex_callout() (C, below), which builds for
 * each quad with an active lane exactly the irexec_tex_request irexec_tex()
 * builds for its batch (same code, same float operations: projection,
 * implicit-LOD derivatives across the quad) and calls the caller's
 * sampler (sysvals->sampler) as irexec calls env->sampler.  The code
 * stores the operands of the instruction in a stack buffer, SoA: component
 * c of operand kind k (enum ir_tex_src) for lane l at word
 * (k * 4 + c) * W + l; the callout writes the result components at word
 * c * W + l, 0 in lanes that are not active (irexec's value there).  What
 * does not vary per lane is a constant array in the module (JIT_TEX_*).
 */
enum {
   JIT_TEX_OP,
   JIT_TEX_TARGET,
   JIT_TEX_SHADOW,
   JIT_TEX_RESULT_BASE,   /* the sampler's type */
   JIT_TEX_UNIT,          /* binding */
   JIT_TEX_GATHER_COMP,
   JIT_TEX_FRAGMENT,      /* implicit LOD from the quad's derivatives */
   JIT_TEX_LOD_FLOAT,     /* the lod operand is a float (else an int) */
   JIT_TEX_RESULT_COMPS,
   JIT_TEX_SRC_COMPS,     /* IR_NUM_TEX_SRCS words: components of each operand, 0 = absent */
   JIT_TEX_NUM_WORDS = JIT_TEX_SRC_COMPS + IR_NUM_TEX_SRCS,
};

static void
jit_tex_size_queries(const uint32_t *desc, const struct irexec_sampler_iface *si,
                     unsigned w, unsigned q, const uint32_t *src, unsigned active,
                     uint32_t *dst)
{
   /* irexec_tex_size_queries(): one call per active lane */
   for (unsigned l = 0; l < 4; l++) {
      if (!(active & (1u << l)))
         continue;
      int32_t r[4] = { 0, 0, 0, 0 };
      if (desc[JIT_TEX_OP] == IR_OP_txs) {
         int32_t lv = 0;
         if (desc[JIT_TEX_SRC_COMPS + IR_TEX_SRC_LOD])
            lv = (int32_t)src[(IR_TEX_SRC_LOD * 4) * w + 4 * q + l];
         if (si && si->size)
            si->size(si->priv, desc[JIT_TEX_UNIT], (enum ir_tex_target)desc[JIT_TEX_TARGET], lv,
                     r);
      } else if (desc[JIT_TEX_OP] == IR_OP_query_samples) {
         if (si && si->query_samples)
            r[0] = si->query_samples(si->priv, desc[JIT_TEX_UNIT],
                                     (enum ir_tex_target)desc[JIT_TEX_TARGET]);
      } else if (si && si->query_levels) {
         r[0] = si->query_levels(si->priv, desc[JIT_TEX_UNIT],
                                 (enum ir_tex_target)desc[JIT_TEX_TARGET]);
      }
      for (unsigned c = 0; c < desc[JIT_TEX_RESULT_COMPS] && c < 4; c++)
         dst[c * w + 4 * q + l] = (uint32_t)r[c];
   }
}

static inline float
jit_word_f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* irexec_tex() for the W/4 quads of a batch; `active`: bit l = lane l */
static void
jit_tex_callout(const uint32_t *desc, const struct pony_jit_sysvals *sv, uint32_t w,
                const uint32_t *src, uint32_t active, uint32_t *dst)
{
   const struct irexec_sampler_iface *si = sv ? sv->sampler : NULL;
   enum ir_op op = (enum ir_op)desc[JIT_TEX_OP];
   enum ir_tex_target target = (enum ir_tex_target)desc[JIT_TEX_TARGET];
   const uint32_t *ncomps = desc + JIT_TEX_SRC_COMPS;
   unsigned ncoord = ir_tex_target_coords(target);
   unsigned dims = ir_tex_target_dims(target);
   bool is_array = ir_tex_target_is_array(target);
   bool int_coords = op == IR_OP_txf || op == IR_OP_txf_ms;
   if (ncoord > 4)
      ncoord = 4;
   if (dims > 3)
      dims = 3;
   memset(dst, 0, sizeof(uint32_t) * 4 * w);

   for (unsigned q = 0; q < w / 4; q++) {
      unsigned qa = (active >> (4 * q)) & 0xfu;
      if (!qa)
         continue;   /* irexec does not reach the instruction */
      if (op == IR_OP_txs || op == IR_OP_query_levels || op == IR_OP_query_samples) {
         jit_tex_size_queries(desc, si, w, q, src, qa, dst);
         continue;
      }
      /* operand k, component c of lane l of this quad */
#define SRC_U(k, l, c) (src[((k) * 4 + (c)) * w + 4 * q + (l)])
#define SRC_F(k, l, c) jit_word_f(SRC_U(k, l, c))
#define SRC_I(k, l, c) ((int32_t)SRC_U(k, l, c))
      bool proj = ncomps[IR_TEX_SRC_PROJ] != 0;
      struct irexec_tex_request req;
      memset(&req, 0, sizeof(req));
      req.op = op;
      req.target = target;
      req.shadow = desc[JIT_TEX_SHADOW] != 0;
      req.result_base = (enum ir_base_type)desc[JIT_TEX_RESULT_BASE];
      req.unit = desc[JIT_TEX_UNIT];
      req.lane_mask = qa;
      req.projected = proj;
      req.has_offset = ncomps[IR_TEX_SRC_OFFSET] != 0;
      req.has_compare = ncomps[IR_TEX_SRC_COMPARE] != 0;
      req.gather_comp = desc[JIT_TEX_GATHER_COMP];

      /* per-lane operands of every lane, as irexec_tex() */
      for (unsigned l = 0; l < 4; l++) {
         float pq = proj ? SRC_F(IR_TEX_SRC_PROJ, l, 0) : 1.0f;
         for (unsigned c = 0; c < ncoord && c < ncomps[IR_TEX_SRC_COORD]; c++) {
            if (int_coords) {
               req.coord[l].i[c] = SRC_I(IR_TEX_SRC_COORD, l, c);
            } else {
               bool layer = is_array && c == ncoord - 1;
               float v = SRC_F(IR_TEX_SRC_COORD, l, c);
               req.coord[l].f[c] = proj && !layer ? v / pq : v;
            }
         }
         if (ncomps[IR_TEX_SRC_COMPARE]) {
            float v = SRC_F(IR_TEX_SRC_COMPARE, l, 0);
            req.compare[l] = proj ? v / pq : v;
         }
         if (ncomps[IR_TEX_SRC_BIAS])
            req.bias[l] = SRC_F(IR_TEX_SRC_BIAS, l, 0);
         if (ncomps[IR_TEX_SRC_LOD]) {
            if (desc[JIT_TEX_LOD_FLOAT])
               req.lod[l] = SRC_F(IR_TEX_SRC_LOD, l, 0);
            else
               req.ilod[l] = SRC_I(IR_TEX_SRC_LOD, l, 0);
         }
         for (unsigned c = 0; c < dims && c < ncomps[IR_TEX_SRC_OFFSET]; c++)
            req.offset[l][c] = SRC_I(IR_TEX_SRC_OFFSET, l, c);
         if (ncomps[IR_TEX_SRC_SAMPLE])
            req.sample[l] = SRC_I(IR_TEX_SRC_SAMPLE, l, 0);
         for (unsigned c = 0; ncomps[IR_TEX_SRC_DDX] && ncomps[IR_TEX_SRC_DDY] && c < dims; c++) {
            if (c < ncomps[IR_TEX_SRC_DDX])
               req.ddx[l][c] = SRC_F(IR_TEX_SRC_DDX, l, c);
            if (c < ncomps[IR_TEX_SRC_DDY])
               req.ddy[l][c] = SRC_F(IR_TEX_SRC_DDY, l, c);
         }
      }
#undef SRC_U
#undef SRC_F
#undef SRC_I

      irexec_tex_request_lod(&req, op, desc[JIT_TEX_FRAGMENT] != 0, dims,
                             ncomps[IR_TEX_SRC_LOD] != 0);

      union irexec_texel out[4];
      memset(out, 0, sizeof(out));
      if (si && si->sample)
         si->sample(si->priv, &req, out);
      for (unsigned l = 0; l < 4; l++)
         for (unsigned c = 0; c < desc[JIT_TEX_RESULT_COMPS] && c < 4; c++)
            dst[c * w + 4 * q + l] = (qa & (1u << l)) ? out[l].u[c] : 0;
   }
}

/* ---- inline sampling ---- */

/*
 * For the units whose pony_jit_tex_key says so (docs/jit.md, "Inline
 * sampling"), tex/txb (fragment shaders) and txl on a 2D float sampler are
 * generated here instead of calling jit_tex_callout: the same operations
 * as the request irexec builds (jit_tex_callout, irexec_tex_request_lod),
 * swpipe_tex.c's mapping to u_sampler, and u_sampler's arithmetic
 * (u_sampler.c sample(), u_sampler_lod.c, u_sampler_wrap.c,
 * u_sampler_texel.c, u_format.c channel_to_float), one operation for one
 * operation in the same types, so the results are the same bits.  The
 * per-draw values (levels, LOD state) come from sysvals->textures.
 */

/* the unit's key when this instruction can be sampled inline */
static const struct pony_jit_tex_key *
tex_inline_key(struct jit_build *jb, const struct ir_instr *in)
{
   const struct ir_var *sv = in->u.tex.sampler;
   if (!jb->tex_keys || sv->binding >= PONY_JIT_MAX_TEX_UNITS)
      return NULL;
   const struct pony_jit_tex_key *k = &jb->tex_keys[sv->binding];
   if (k->kind != PONY_JIT_TEX_2D_UNORM8 || sv->target != IR_TEX_2D || sv->shadow ||
       sv->type.base != IR_FLOAT || in->type.base != IR_FLOAT || in->type.comps < 1)
      return NULL;
   bool lod = in->op == IR_OP_txl;
   if (in->op != IR_OP_txl &&
       !((in->op == IR_OP_tex || in->op == IR_OP_txb) && jb->stage == IR_STAGE_FRAGMENT))
      return NULL;
   const struct ir_instr *c = ir_tex_get_src(in, IR_TEX_SRC_COORD);
   const struct ir_instr *l = ir_tex_get_src(in, IR_TEX_SRC_LOD);
   const struct ir_instr *p = ir_tex_get_src(in, IR_TEX_SRC_PROJ);
   const struct ir_instr *b = ir_tex_get_src(in, IR_TEX_SRC_BIAS);
   if (!c || c->type.comps < 2 || c->type.base != IR_FLOAT || (lod != (l != NULL)) ||
       (l && l->type.base != IR_FLOAT) || (p && p->type.base != IR_FLOAT) ||
       (b && b->type.base != IR_FLOAT) || ir_tex_get_src(in, IR_TEX_SRC_DDX) ||
       ir_tex_get_src(in, IR_TEX_SRC_DDY) || ir_tex_get_src(in, IR_TEX_SRC_OFFSET) ||
       ir_tex_get_src(in, IR_TEX_SRC_COMPARE) || ir_tex_get_src(in, IR_TEX_SRC_SAMPLE))
      return NULL;
   if (k->min_img_filter > PIPE_TEX_FILTER_LINEAR || k->mag_img_filter > PIPE_TEX_FILTER_LINEAR ||
       k->min_mip_filter > PIPE_TEX_MIPFILTER_NONE)
      return NULL;
   for (unsigned i = 0; i < 2; i++) {
      unsigned w = i ? k->wrap_t : k->wrap_s;
      if (w != PIPE_TEX_WRAP_REPEAT && w != PIPE_TEX_WRAP_CLAMP_TO_EDGE &&
          w != PIPE_TEX_WRAP_MIRROR_REPEAT)
         return NULL;
   }
   return k;
}

/* ifloor() of u_sampler_wrap.c: NaN 0, +-1e9 at or beyond them, else floor */
static LLVMValueRef
tex_ifloor(struct jit_build *jb, LLVMValueRef f)
{
   LLVMValueRef r = LLVMBuildFPToSI(B, emit_floor(jb, f), jb->vi, "");
   r = sel(jb, fcmp(jb, LLVMRealOGE, f, cf(jb, 1.0e9f)), ci(jb, 1000000000u), r);
   r = sel(jb, fcmp(jb, LLVMRealOLE, f, cf(jb, -1.0e9f)), ci(jb, (uint32_t)-1000000000), r);
   return sel(jb, fcmp(jb, LLVMRealUNO, f, f), ci(jb, 0), r);
}

/* repeat() of u_sampler_wrap.c, i mod size in [0, size): with a mask when
 * every size is a power of two, else computed in double without an
 * integer division per lane: |i| <= 1e9 + 1 and size < 2^22, so
 * floor(i / size) rounded is the exact quotient's floor (a non-integer
 * quotient is at least 1 / size from an integer, far above the rounding
 * error), and every product and difference is an exact integer */
static LLVMValueRef
tex_repeat(struct jit_build *jb, LLVMValueRef i, LLVMValueRef size)
{
   /* every lane's size a power of two (the usual texture): i & (size - 1)
    * is the same remainder, and the division below is not run */
   LLVMValueRef szm1 = LLVMBuildSub(B, size, ci(jb, 1), "");
   LLVMValueRef pot = icmp(jb, LLVMIntEQ, LLVMBuildAnd(B, size, szm1, ""), ci(jb, 0));
   LLVMTypeRef iw = LLVMIntTypeInContext(jb->ctx, jb->w);
   LLVMValueRef all_pot = icmp(jb, LLVMIntEQ, LLVMBuildBitCast(B, pot, iw, ""),
                               LLVMConstAllOnes(iw));
   LLVMValueRef fast = LLVMBuildAnd(B, i, szm1, "");
   struct slow_path path;
   slow_path_begin(jb, &path, all_pot, "repeat_div");
   LLVMTypeRef vd = LLVMVectorType(LLVMDoubleTypeInContext(jb->ctx), jb->w);
   LLVMValueRef di = LLVMBuildSIToFP(B, i, vd, "");
   LLVMValueRef ds = LLVMBuildSIToFP(B, size, vd, "");
   LLVMValueRef q = intrin1(jb, "llvm.floor", LLVMBuildFDiv(B, di, ds, ""));
   LLVMValueRef div = LLVMBuildFPToSI(B, LLVMBuildFSub(B, di, LLVMBuildFMul(B, ds, q, ""), ""),
                                      jb->vi, "");
   return slow_path_end(jb, &path, fast, div);
}

static LLVMValueRef
tex_clampi(struct jit_build *jb, LLVMValueRef i, LLVMValueRef size)
{
   LLVMValueRef hi = LLVMBuildSub(B, size, ci(jb, 1), "");
   LLVMValueRef r = sel(jb, icmp(jb, LLVMIntSGT, i, hi), hi, i);
   return sel(jb, icmp(jb, LLVMIntSLT, i, ci(jb, 0)), ci(jb, 0), r);
}

/* an integer texel index wrapped (REPEAT, MIRROR_REPEAT, CLAMP_TO_EDGE) */
static LLVMValueRef
tex_wrap_index(struct jit_build *jb, unsigned wrap, LLVMValueRef i, LLVMValueRef size)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      return tex_repeat(jb, i, size);
   case PIPE_TEX_WRAP_MIRROR_REPEAT: {
      /* mirror_repeat(): m = repeat(i, 2 size); m < size ? m : 2 size - 1 - m */
      LLVMValueRef s2 = LLVMBuildAdd(B, size, size, "");
      LLVMValueRef m = tex_repeat(jb, i, s2);
      return sel(jb, icmp(jb, LLVMIntSLT, m, size), m,
                 LLVMBuildSub(B, LLVMBuildSub(B, s2, ci(jb, 1), ""), m, ""));
   }
   default:
      return tex_clampi(jb, i, size);
   }
}

/* Per-lane level data: base pointer per lane, row stride, size. */
struct tex_level {
   LLVMValueRef data[16];   /* ptr per lane */
   LLVMValueRef ptrs;       /* the same as a <w x ptr> vector (gathers) */
   LLVMValueRef base;       /* every lane's level the same: its one pointer, else NULL */
   LLVMValueRef stride, w, h;
};

static LLVMValueRef
tex_field_ptr(struct jit_build *jb, LLVMValueRef unit, size_t off, LLVMValueRef idx, unsigned sz)
{
   LLVMValueRef o = LLVMConstInt(jb->i64, off, false);
   if (idx)
      o = LLVMBuildAdd(B, o, LLVMBuildMul(B, LLVMBuildZExt(B, idx, jb->i64, ""),
                                          LLVMConstInt(jb->i64, sz, false), ""), "");
   return LLVMBuildGEP2(B, LLVMInt8TypeInContext(jb->ctx), unit, &o, 1, "");
}

static void
tex_level_info(struct jit_build *jb, LLVMValueRef unit, LLVMValueRef level, struct tex_level *lv,
               LLVMValueRef scalar_level)
{
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   lv->base = NULL;
   if (scalar_level) {
      /* one level for every lane (no mipmapping): one load of each field;
       * texel offsets fit 32 bits (SWPIPE_MAX_TEXTURE_2D_SIZE^2 * 4 < 2^31),
       * so the gathers take 32-bit indices from one base */
      lv->base = LLVMBuildLoad2(
         B, ptr, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, data), scalar_level,
                               sizeof(void *)), "");
      lv->stride = splat_i32(jb, LLVMBuildLoad2(
         B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, row_stride),
                                   scalar_level, 4), ""));
      lv->w = splat_i32(jb, LLVMBuildLoad2(
         B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, width),
                                   scalar_level, 4), ""));
      lv->h = splat_i32(jb, LLVMBuildLoad2(
         B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, height),
                                   scalar_level, 4), ""));
      return;
   }
   lv->stride = lv->w = lv->h = LLVMGetUndef(jb->vi);
   lv->ptrs = LLVMGetUndef(LLVMVectorType(ptr, jb->w));
   for (unsigned l = 0; l < jb->w; l++) {
      LLVMValueRef li = LLVMConstInt(jb->i32, l, false);
      LLVMValueRef x = LLVMBuildExtractElement(B, level, li, "");
      lv->data[l] = LLVMBuildLoad2(
         B, ptr, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, data), x, sizeof(void *)),
         "");
      LLVMValueRef st = LLVMBuildLoad2(
         B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, row_stride), x, 4), "");
      LLVMValueRef w = LLVMBuildLoad2(
         B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, width), x, 4), "");
      LLVMValueRef h = LLVMBuildLoad2(
         B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, height), x, 4), "");
      lv->ptrs = LLVMBuildInsertElement(B, lv->ptrs, lv->data[l], li, "");
      lv->stride = LLVMBuildInsertElement(B, lv->stride, st, li, "");
      lv->w = LLVMBuildInsertElement(B, lv->w, w, li, "");
      lv->h = LLVMBuildInsertElement(B, lv->h, h, li, "");
   }
}

/*
 * Texels from a window instead of a gather: when the lanes' texels lie in
 * two adjacent rows (or one) of a single level within one span of w
 * texels that ends inside the row (magnified textures: a group's pixels
 * read a few neighbouring texels), the span of each row is loaded whole
 * and every lane picks its word with a variable permute (vpermd).  The
 * words are the gather's; only the loads differ.  Needs the permute of
 * the JIT's width: AVX-512F at 16 lanes, AVX2 at 8 (else the gather).
 * tex_window_begin branches: the window's block, whose words
 * tex_window_end merges with the gather it then emits in the other block.
 */
struct tex_window {
   LLVMBasicBlockRef fast_end, slow, join;
   LLVMValueRef word;
};

static bool
tex_window_begin(struct jit_build *jb, const struct tex_level *lv, LLVMValueRef x,
                 LLVMValueRef y, struct tex_window *win)
{
   const char *perm = jb->w == 16 && strstr(jb->jit->features, "+avx512f")
                         ? "llvm.x86.avx512.permvar.si.512"
                      : jb->w == 8 && strstr(jb->jit->features, "+avx2") ? "llvm.x86.avx2.permd"
                                                                          : NULL;
   if (!perm)
      return false;
   LLVMValueRef xmin = intrin1(jb, "llvm.vector.reduce.umin", x);
   LLVMValueRef xmax = intrin1(jb, "llvm.vector.reduce.umax", x);
   LLVMValueRef ymin = intrin1(jb, "llvm.vector.reduce.umin", y);
   LLVMValueRef ymax = intrin1(jb, "llvm.vector.reduce.umax", y);
   LLVMValueRef zero = LLVMConstInt(jb->i32, 0, false);
   LLVMValueRef width = LLVMBuildExtractElement(B, lv->w, zero, "");
   LLVMValueRef stride = LLVMBuildExtractElement(B, lv->stride, zero, "");
   LLVMValueRef n = LLVMConstInt(jb->i32, jb->w, false);
   /* xmax - xmin < w, ymax - ymin <= 1, xmin + w <= width (no overflow:
    * indices are below 2^20) */
   LLVMValueRef ok = LLVMBuildAnd(
      B, LLVMBuildICmp(B, LLVMIntULT, LLVMBuildSub(B, xmax, xmin, ""), n, ""),
      LLVMBuildICmp(B, LLVMIntULE, LLVMBuildSub(B, ymax, ymin, ""),
                    LLVMConstInt(jb->i32, 1, false), ""), "");
   ok = LLVMBuildAnd(B, ok, LLVMBuildICmp(B, LLVMIntULE, LLVMBuildAdd(B, xmin, n, ""), width, ""),
                     "");
   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "tex_window");
   win->slow = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "tex_gather");
   win->join = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "");
   LLVMBuildCondBr(B, ok, fast, win->slow);

   LLVMPositionBuilderAtEnd(B, fast);
   LLVMTypeRef i8 = LLVMInt8TypeInContext(jb->ctx);
   LLVMValueRef xoff = LLVMBuildZExt(B, LLVMBuildShl(B, xmin, LLVMConstInt(jb->i32, 2, false), ""),
                                     jb->i64, "");
   LLVMValueRef rows[2], ys[2] = { ymin, ymax };
   for (unsigned r = 0; r < 2; r++) {
      LLVMValueRef off = LLVMBuildAdd(
         B, LLVMBuildMul(B, LLVMBuildZExt(B, ys[r], jb->i64, ""), LLVMBuildZExt(B, stride, jb->i64, ""), ""),
         xoff, "");
      LLVMValueRef p = LLVMBuildGEP2(B, i8, lv->base, &off, 1, "");
      rows[r] = LLVMBuildLoad2(B, jb->vi, p, "");
      LLVMSetAlignment(rows[r], 4);
   }
   LLVMValueRef idx = LLVMBuildSub(B, x, splat_i32(jb, xmin), "");
   unsigned id = LLVMLookupIntrinsicID(perm, strlen(perm));
   LLVMValueRef fn = LLVMGetIntrinsicDeclaration(jb->mod, id, NULL, 0);
   LLVMTypeRef fty = LLVMIntrinsicGetType(jb->ctx, id, NULL, 0);
   LLVMValueRef a0[2] = { rows[0], idx }, a1[2] = { rows[1], idx };
   LLVMValueRef w0 = LLVMBuildCall2(B, fty, fn, a0, 2, "");
   LLVMValueRef w1 = LLVMBuildCall2(B, fty, fn, a1, 2, "");
   win->word = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, y, splat_i32(jb, ymin), ""), w0, w1, "");
   win->fast_end = LLVMGetInsertBlock(B);
   LLVMBuildBr(B, win->join);
   LLVMPositionBuilderAtEnd(B, win->slow);
   return true;
}

static LLVMValueRef
tex_window_end(struct jit_build *jb, struct tex_window *win, LLVMValueRef gathered)
{
   LLVMBasicBlockRef slow_end = LLVMGetInsertBlock(B);
   LLVMBuildBr(B, win->join);
   LLVMPositionBuilderAtEnd(B, win->join);
   LLVMValueRef phi = LLVMBuildPhi(B, jb->vi, "");
   LLVMValueRef vals[2] = { win->word, gathered };
   LLVMBasicBlockRef bbs[2] = { win->fast_end, slow_end };
   LLVMAddIncoming(phi, vals, bbs, 2);
   return phi;
}

/* texel (x, y) of the level, decoded as u_format's channel_to_float does
 * an 8-bit unorm channel: (float)((double)v / 255.0); absent A: 1.0 */
static void
tex_texel(struct jit_build *jb, const struct pony_jit_tex_key *k, const struct tex_level *lv,
          LLVMValueRef x, LLVMValueRef y, LLVMValueRef out[4])
{
   LLVMValueRef off = LLVMBuildAdd(
      B, LLVMBuildMul(B, LLVMBuildZExt(B, y, jb->vi64, ""), LLVMBuildZExt(B, lv->stride, jb->vi64, ""), ""),
      LLVMBuildShl(B, LLVMBuildZExt(B, x, jb->vi64, ""), c64(jb, 2), ""), "");
   /* one gather: every lane's texel is inside its level (wrapped indices) */
   LLVMValueRef ptrs;
   if (lv->base) {
      LLVMValueRef off32 = LLVMBuildAdd(B, LLVMBuildMul(B, y, lv->stride, ""),
                                        LLVMBuildShl(B, x, ci(jb, 2), ""), "");
      LLVMValueRef idx = LLVMBuildSExt(B, off32, jb->vi64, "");
      ptrs = LLVMBuildGEP2(B, LLVMInt8TypeInContext(jb->ctx), lv->base, &idx, 1, "");
   } else {
      ptrs = LLVMBuildGEP2(B, LLVMInt8TypeInContext(jb->ctx), lv->ptrs, &off, 1, "");
   }
   struct tex_window win;
   bool windowed = lv->base && tex_window_begin(jb, lv, x, y, &win);
   LLVMTypeRef types[2] = { jb->vi, LLVMTypeOf(ptrs) };
   unsigned id = LLVMLookupIntrinsicID("llvm.masked.gather", strlen("llvm.masked.gather"));
   LLVMValueRef fn = LLVMGetIntrinsicDeclaration(jb->mod, id, types, 2);
   LLVMTypeRef fty = LLVMIntrinsicGetType(jb->ctx, id, types, 2);
   LLVMValueRef args[4] = { ptrs, LLVMConstInt(jb->i32, 1, false), cb(jb, true),
                            LLVMGetUndef(jb->vi) };
   LLVMValueRef word = LLVMBuildCall2(B, fty, fn, args, 4, "");
   if (windowed)
      word = tex_window_end(jb, &win, word);
   if (jb->pt_capture)
      jb->pt_word = word;
   for (unsigned c = 0; c < 4; c++) {
      if (k->cbyte[c] < 0 || k->cbyte[c] > 3) {
         out[c] = cf(jb, 1.0f);
         continue;
      }
      LLVMValueRef b = LLVMBuildAnd(B, LLVMBuildLShr(B, word, ci(jb, 8u * (unsigned)k->cbyte[c]), ""),
                                    ci(jb, 0xff), "");
      out[c] = jit_unorm8_to_float(B, jb->mod, b);
   }
}

/* filter_level() of u_sampler.c on a 2D level at normalized (s, t) */
static void
tex_filter(struct jit_build *jb, const struct pony_jit_tex_key *k, const struct tex_level *lv,
           LLVMValueRef s, LLVMValueRef t, unsigned filter, LLVMValueRef out[4])
{
   /* texel_position(): c * (float)size */
   LLVMValueRef u = LLVMBuildFMul(B, s, LLVMBuildSIToFP(B, lv->w, jb->vf, ""), "");
   LLVMValueRef v = LLVMBuildFMul(B, t, LLVMBuildSIToFP(B, lv->h, jb->vf, ""), "");
   if (filter == PIPE_TEX_FILTER_NEAREST) {
      /* u_sampler_wrap_nearest() */
      LLVMValueRef x = tex_wrap_index(jb, k->wrap_s, tex_ifloor(jb, u), lv->w);
      LLVMValueRef y = tex_wrap_index(jb, k->wrap_t, tex_ifloor(jb, v), lv->h);
      tex_texel(jb, k, lv, x, y, out);
      return;
   }
   /* u_sampler_wrap_linear() for REPEAT, MIRROR_REPEAT, CLAMP_TO_EDGE:
    * clampf(u, -1e9, 1e9) (NaN: -1e9), v = u - 0.5, a = ifloor(v),
    * b = a + 1, w = v - floorf(v), then the indices wrapped */
   LLVMValueRef pos[2] = { u, v }, size[2] = { lv->w, lv->h }, i0[2], i1[2], w[2];
   unsigned wrap[2] = { k->wrap_s, k->wrap_t };
   for (unsigned i = 0; i < 2; i++) {
      LLVMValueRef f = pos[i];
      LLVMValueRef c = sel(jb, fcmp(jb, LLVMRealOGT, f, cf(jb, 1.0e9f)), cf(jb, 1.0e9f), f);
      c = sel(jb, fcmp(jb, LLVMRealOLT, f, cf(jb, -1.0e9f)), cf(jb, -1.0e9f), c);
      c = sel(jb, fcmp(jb, LLVMRealUNO, f, f), cf(jb, -1.0e9f), c);
      LLVMValueRef vv = LLVMBuildFSub(B, c, cf(jb, 0.5f), "");
      LLVMValueRef a = tex_ifloor(jb, vv);
      LLVMValueRef b = LLVMBuildAdd(B, a, ci(jb, 1), "");
      w[i] = LLVMBuildFSub(B, vv, emit_floor(jb, vv), "");
      i0[i] = tex_wrap_index(jb, wrap[i], a, size[i]);
      i1[i] = tex_wrap_index(jb, wrap[i], b, size[i]);
   }
   LLVMValueRef w0[2] = { LLVMBuildFSub(B, cf(jb, 1.0f), w[0], ""),
                          LLVMBuildFSub(B, cf(jb, 1.0f), w[1], "") };
   /* corners k: bit 0 high in x, bit 1 high in y; weight = (1 * wx) * wy;
    * acc = 0 + ... in corner order.  The C code skips corners of weight
    * 0; their products here are +0 (texels are finite and >= 0), which
    * leave a sum of non-negative terms unchanged, and 0 + p = p for the
    * first term (p >= +0) */
   for (unsigned kk = 0; kk < 4; kk++) {
      bool hx = kk & 1, hy = kk & 2;
      LLVMValueRef weight = LLVMBuildFMul(B, hx ? w[0] : w0[0], hy ? w[1] : w0[1], "");
      LLVMValueRef tx[4];
      tex_texel(jb, k, lv, hx ? i1[0] : i0[0], hy ? i1[1] : i0[1], tx);
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef p = LLVMBuildFMul(B, weight, tx[c], "");
         out[c] = kk ? LLVMBuildFAdd(B, out[c], p, "") : p;
      }
   }
}

/* lambda before clamping, as u_sampler computes it from irexec's request:
 * tex/txb: u_sampler_lambda_from_derivs() of the fine derivatives across
 * the quad (irexec_tex_request_lod) at the base level's size, then
 * swpipe_tex.c's U_SAMPLE_BIAS: ((base + lod_bias) + 0) + bias;
 * txl: U_SAMPLE_LOD with lod + bias(0) as the base: (base + lod_bias) + 0 */
static LLVMValueRef
tex_lambda(struct jit_build *jb, const struct ir_instr *in, LLVMValueRef unit, LLVMValueRef base_level,
           LLVMValueRef s, LLVMValueRef t, LLVMValueRef lod_bias)
{
   LLVMValueRef base;
   if (in->op == IR_OP_txl) {
      struct jval lv = map_get(jb, ir_tex_get_src(in, IR_TEX_SRC_LOD));
      LLVMValueRef bias = cf(jb, 0.0f);
      if (ir_tex_get_src(in, IR_TEX_SRC_BIAS))
         bias = map_get(jb, ir_tex_get_src(in, IR_TEX_SRC_BIAS)).c[0];
      base = LLVMBuildFAdd(B, lv.c[0], bias, "");
      return LLVMBuildFAdd(B, LLVMBuildFAdd(B, base, lod_bias, ""), cf(jb, 0.0f), "");
   }
   static const unsigned xf_hi[4] = { 1, 1, 3, 3 }, xf_lo[4] = { 0, 0, 2, 2 };
   static const unsigned yf_hi[4] = { 2, 3, 2, 3 }, yf_lo[4] = { 0, 1, 0, 1 };
   LLVMValueRef bw = LLVMBuildLoad2(
      B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, width), base_level, 4), "");
   LLVMValueRef bh = LLVMBuildLoad2(
      B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, height), base_level, 4), "");
   LLVMValueRef size[2] = { LLVMBuildUIToFP(B, splat_i32(jb, bw), jb->vf, ""),
                            LLVMBuildUIToFP(B, splat_i32(jb, bh), jb->vf, "") };
   LLVMValueRef c[2] = { s, t }, sx = NULL, sy = NULL;
   for (unsigned i = 0; i < 2; i++) {
      LLVMValueRef a = LLVMBuildFMul(B, quad_diff(jb, c[i], xf_hi, xf_lo), size[i], "");
      LLVMValueRef b = LLVMBuildFMul(B, quad_diff(jb, c[i], yf_hi, yf_lo), size[i], "");
      /* sx = 0 + a * a + ...: the first 0 + x is x (x >= +0 or NaN) */
      a = LLVMBuildFMul(B, a, a, "");
      b = LLVMBuildFMul(B, b, b, "");
      sx = sx ? LLVMBuildFAdd(B, sx, a, "") : a;
      sy = sy ? LLVMBuildFAdd(B, sy, b, "") : b;
   }
   LLVMValueRef rho2 = sel(jb, fcmp(jb, LLVMRealOGT, sx, sy), sx, sy);
   base = LLVMBuildFMul(B, cf(jb, 0.5f), emit_log2(jb, rho2), "");
   base = sel(jb, fcmp(jb, LLVMRealOLE, rho2, cf(jb, 0.0f)), cf(jb, -INFINITY), base);
   base = sel(jb, fcmp(jb, LLVMRealUNO, rho2, rho2), cf(jb, 0.0f), base);
   LLVMValueRef bias = cf(jb, 0.0f);
   if (ir_tex_get_src(in, IR_TEX_SRC_BIAS))
      bias = map_get(jb, ir_tex_get_src(in, IR_TEX_SRC_BIAS)).c[0];
   LLVMValueRef lambda = LLVMBuildFAdd(B, LLVMBuildFAdd(B, base, lod_bias, ""), cf(jb, 0.0f), "");
   return LLVMBuildFAdd(B, lambda, bias, "");
}

static LLVMValueRef
tex_load_f(struct jit_build *jb, LLVMValueRef unit, size_t off)
{
   LLVMValueRef f = LLVMBuildLoad2(B, jb->f32, tex_field_ptr(jb, unit, off, NULL, 0), "");
   LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(jb->vf), f,
                                           LLVMConstInt(jb->i32, 0, false), "");
   return LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vf), LLVMConstNull(jb->vi), "");
}

/* sample_lane() of u_sampler.c on the group: level0 with the min
 * filter, level1 blended in by weight (NULL: no blend), the mag filter's
 * result where mag; sc0 / sc1, when not NULL, are level0 / level1 as a
 * scalar (every lane's), which tex_level_info loads once */
static void
tex_sample_levels(struct jit_build *jb, const struct pony_jit_tex_key *k, LLVMValueRef unit,
                  LLVMValueRef level0, LLVMValueRef level1, LLVMValueRef weight,
                  LLVMValueRef mag, LLVMValueRef s, LLVMValueRef t, LLVMValueRef sc0,
                  LLVMValueRef sc1, LLVMValueRef r[4])
{
   unsigned minf = k->min_img_filter, magf = k->mag_img_filter;
   struct tex_level lv0, lv1;
   LLVMValueRef r1[4];
   tex_level_info(jb, unit, level0, &lv0, sc0);
   tex_filter(jb, k, &lv0, s, t, minf, r);
   if (weight) {
      tex_level_info(jb, unit, level1, &lv1, sc1);
      tex_filter(jb, k, &lv1, s, t, minf, r1);
      LLVMValueRef blend = LLVMBuildAnd(B, icmp(jb, LLVMIntNE, level1, level0),
                                        fcmp(jb, LLVMRealOGT, weight, cf(jb, 0.0f)), "");
      blend = LLVMBuildAnd(B, blend, LLVMBuildNot(B, mag, ""), "");
      LLVMValueRef omw = LLVMBuildFSub(B, cf(jb, 1.0f), weight, "");
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef m = LLVMBuildFAdd(B, LLVMBuildFMul(B, r[c], omw, ""),
                                        LLVMBuildFMul(B, r1[c], weight, ""), "");
         r[c] = sel(jb, blend, m, r[c]);
      }
   }
   if (minf != magf) {
      LLVMValueRef rm[4];
      tex_filter(jb, k, &lv0, s, t, magf, rm);
      for (unsigned c = 0; c < 4; c++)
         r[c] = sel(jb, mag, rm[c], r[c]);
   }
}

static bool
emit_tex_inline(struct jit_build *jb, const struct ir_instr *in, struct jval *out)
{
   const struct pony_jit_tex_key *k = tex_inline_key(jb, in);
   if (!k)
      return false;
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   const struct ir_instr *proj = ir_tex_get_src(in, IR_TEX_SRC_PROJ);
   struct jval cv = map_get(jb, ir_tex_get_src(in, IR_TEX_SRC_COORD));
   if (jb->failed)
      return true;
   LLVMValueRef s = cv.c[0], t = cv.c[1];
   if (proj) {
      /* jit_tex_callout: v / proj */
      LLVMValueRef q = map_get(jb, proj).c[0];
      s = LLVMBuildFDiv(B, s, q, "");
      t = LLVMBuildFDiv(B, t, q, "");
   }

   /* &sysvals->textures[binding] */
   LLVMValueRef tp = LLVMBuildLoad2(B, ptr, LLVMBuildStructGEP2(B, jb->svt, jb->sysvals, 7, ""), "");
   LLVMValueRef off = LLVMConstInt(jb->i64, (uint64_t)in->u.tex.sampler->binding *
                                   sizeof(struct pony_jit_texture), false);
   LLVMValueRef unit = LLVMBuildGEP2(B, LLVMInt8TypeInContext(jb->ctx), tp, &off, 1, "");
   LLVMValueRef b = LLVMBuildLoad2(
      B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, base_level), NULL, 0), "");
   LLVMValueRef q = LLVMBuildLoad2(
      B, jb->i32, tex_field_ptr(jb, unit, offsetof(struct pony_jit_texture, max_level), NULL, 0), "");
   LLVMValueRef vb = splat_i32(jb, b), vq = splat_i32(jb, q);

   unsigned minf = k->min_img_filter, magf = k->mag_img_filter, mip = k->min_mip_filter;
   LLVMValueRef level0 = vb, level1 = vb, weight = NULL, mag = NULL;
   if (mip != PIPE_TEX_MIPFILTER_NONE || minf != magf) {
      /* u_sampler_lambda_clamp() */
      LLVMValueRef lo = tex_load_f(jb, unit, offsetof(struct pony_jit_texture, min_lod));
      LLVMValueRef hi = tex_load_f(jb, unit, offsetof(struct pony_jit_texture, max_lod));
      LLVMValueRef bias = tex_load_f(jb, unit, offsetof(struct pony_jit_texture, lod_bias));
      LLVMValueRef lambda = tex_lambda(jb, in, unit, b, s, t, bias);
      if (jb->failed)
         return true;
      lambda = sel(jb, fcmp(jb, LLVMRealUNO, lambda, lambda), lo, lambda);
      lambda = sel(jb, fcmp(jb, LLVMRealOGT, lambda, hi), hi, lambda);
      lambda = sel(jb, fcmp(jb, LLVMRealOLT, lambda, lo), lo, lambda);
      lambda = sel(jb, fcmp(jb, LLVMRealUNO, lambda, lambda), cf(jb, 0.0f), lambda);

      /* u_sampler_select_levels() (8-bit unorm: U_SAMPLER_KIND_FLOAT) */
      float c = magf == PIPE_TEX_FILTER_LINEAR && minf == PIPE_TEX_FILTER_NEAREST &&
                mip != PIPE_TEX_MIPFILTER_NONE ? 0.5f : 0.0f;
      mag = fcmp(jb, LLVMRealULE, lambda, cf(jb, c));
      LLVMValueRef fb = LLVMBuildUIToFP(B, vb, jb->vf, ""), fq = LLVMBuildUIToFP(B, vq, jb->vf, "");
      if (mip == PIPE_TEX_MIPFILTER_NEAREST) {
         LLVMValueRef bl = LLVMBuildFAdd(B, fb, lambda, "");
         LLVMValueRef mid = LLVMBuildFPToUI(
            B, intrin1(jb, "llvm.ceil", LLVMBuildFAdd(B, bl, cf(jb, 0.5f), "")), jb->vi, "");
         mid = LLVMBuildSub(B, mid, ci(jb, 1), "");
         LLVMValueRef d = sel(jb, fcmp(jb, LLVMRealOGT, bl, LLVMBuildFAdd(B, fq, cf(jb, 0.5f), "")),
                              vq, mid);
         d = sel(jb, fcmp(jb, LLVMRealOLE, lambda, cf(jb, 0.5f)), vb, d);
         level0 = level1 = sel(jb, icmp(jb, LLVMIntUGT, d, vq), vq, d);
      } else if (mip == PIPE_TEX_MIPFILTER_LINEAR) {
         LLVMValueRef top = fcmp(jb, LLVMRealOGE, lambda,
                                 LLVMBuildUIToFP(B, LLVMBuildSub(B, vq, vb, ""), jb->vf, ""));
         LLVMValueRef fl = emit_floor(jb, lambda);
         LLVMValueRef l0 = LLVMBuildAdd(B, vb, LLVMBuildFPToUI(B, fl, jb->vi, ""), "");
         LLVMValueRef l1 = LLVMBuildAdd(B, l0, ci(jb, 1), "");
         l1 = sel(jb, icmp(jb, LLVMIntUGT, l1, vq), vq, l1);
         level0 = sel(jb, top, vq, l0);
         level1 = sel(jb, top, vq, l1);
         weight = sel(jb, top, cf(jb, 0.0f), LLVMBuildFSub(B, lambda, fl, ""));
      }
      /* magnification: the base level, weight 0 */
      level0 = sel(jb, mag, vb, level0);
      level1 = sel(jb, mag, vb, level1);
      if (weight)
         weight = sel(jb, mag, cf(jb, 0.0f), weight);
   }

   /* sample_lane(): with one level for every lane, the scalar path (one
    * load of each level field, 32-bit gathers or the window); with mip
    * filtering, that path too when the group's lanes agree on their
    * levels (a branch), else the levels' fields gathered per lane */
   LLVMValueRef r[4];
   if (mip == PIPE_TEX_MIPFILTER_NONE) {
      jb->pt_capture = in == jb->pt_tex;
      jb->pt_word = NULL;
      tex_sample_levels(jb, k, unit, level0, level1, weight, mag, s, t, b, NULL, r);
      if (jb->pt_capture && jb->pt_word)
         store_word_vec(jb, jb->outputs, jb->pt_slot * 4, jb->pt_word);
      jb->pt_capture = false;
   } else {
      LLVMValueRef l0 = intrin1(jb, "llvm.vector.reduce.umin", level0);
      LLVMValueRef l1 = intrin1(jb, "llvm.vector.reduce.umin", level1);
      LLVMValueRef same = LLVMBuildAnd(
         B, icmp(jb, LLVMIntEQ, intrin1(jb, "llvm.vector.reduce.umax", level0), l0),
         icmp(jb, LLVMIntEQ, intrin1(jb, "llvm.vector.reduce.umax", level1), l1), "");
      LLVMBasicBlockRef ub = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "tex_levels_same");
      LLVMBasicBlockRef vb_ = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "tex_levels_lanes");
      LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "");
      LLVMBuildCondBr(B, same, ub, vb_);
      LLVMValueRef ru[4], rv[4];
      LLVMPositionBuilderAtEnd(B, ub);
      tex_sample_levels(jb, k, unit, level0, level1, weight, mag, s, t, l0, l1, ru);
      LLVMBasicBlockRef ub_end = LLVMGetInsertBlock(B);
      LLVMBuildBr(B, join);
      LLVMPositionBuilderAtEnd(B, vb_);
      tex_sample_levels(jb, k, unit, level0, level1, weight, mag, s, t, NULL, NULL, rv);
      LLVMBasicBlockRef vb_end = LLVMGetInsertBlock(B);
      LLVMBuildBr(B, join);
      LLVMPositionBuilderAtEnd(B, join);
      for (unsigned c = 0; c < 4; c++) {
         r[c] = LLVMBuildPhi(B, jb->vf, "");
         LLVMValueRef vals[2] = { ru[c], rv[c] };
         LLVMBasicBlockRef bbs[2] = { ub_end, vb_end };
         LLVMAddIncoming(r[c], vals, bbs, 2);
      }
   }

   /* the view's swizzle, then 0 in the lanes that are not active (the
    * callout's value there) */
   LLVMValueRef act = active_mask(jb);
   for (unsigned c = 0; c < in->type.comps && c < 4; c++) {
      unsigned sw = k->swizzle[c];
      LLVMValueRef v = sw <= PIPE_SWIZZLE_W ? r[sw]
                       : sw == PIPE_SWIZZLE_0 ? cf(jb, 0.0f)
                       : sw == PIPE_SWIZZLE_1 ? cf(jb, 1.0f)
                                              : r[c];
      out->c[c] = sel(jb, act, v, cf(jb, 0.0f));
   }
   return true;
}

/* A texture instruction: its operands to the stack, one call of
 * jit_tex_callout with the active lanes, the result from the stack. */
static bool
emit_tex(struct jit_build *jb, const struct ir_instr *in, struct jval *out)
{
   const struct ir_var *sv = in->u.tex.sampler;
   LLVMTypeRef ptr = LLVMPointerTypeInContext(jb->ctx, 0);
   if (!sv || in->type.comps > 4) {
      unsupported(jb, "malformed texture instruction");
      return false;
   }
   if (emit_tex_inline(jb, in, out))
      return !jb->failed;
   if (!jb->tex_src) {
      jb->tex_src = entry_alloca(jb, LLVMArrayType(jb->i32, IR_NUM_TEX_SRCS * 4 * jb->w));
      jb->tex_dst = entry_alloca(jb, LLVMArrayType(jb->i32, 4 * jb->w));
   }
   uint32_t desc[JIT_TEX_NUM_WORDS];
   memset(desc, 0, sizeof(desc));
   desc[JIT_TEX_OP] = in->op;
   desc[JIT_TEX_TARGET] = sv->target;
   desc[JIT_TEX_SHADOW] = sv->shadow;
   desc[JIT_TEX_RESULT_BASE] = in->op == IR_OP_lod ? IR_FLOAT : sv->type.base;   /* as irexec */
   desc[JIT_TEX_UNIT] = sv->binding;
   desc[JIT_TEX_GATHER_COMP] = in->u.tex.component;
   desc[JIT_TEX_FRAGMENT] = jb->stage == IR_STAGE_FRAGMENT;
   desc[JIT_TEX_RESULT_COMPS] = in->type.comps;
   for (unsigned k = 0; k < IR_NUM_TEX_SRCS; k++) {
      const struct ir_instr *src = ir_tex_get_src(in, (enum ir_tex_src)k);
      if (!src)
         continue;
      if (src->type.comps > 4 || src->type.bits != 32) {
         unsupported(jb, "malformed texture operand");
         return false;
      }
      struct jval v = map_get(jb, src);
      if (jb->failed)
         return false;
      desc[JIT_TEX_SRC_COMPS + k] = src->type.comps;
      if (k == IR_TEX_SRC_LOD)
         desc[JIT_TEX_LOD_FLOAT] = src->type.base == IR_FLOAT;
      for (unsigned c = 0; c < src->type.comps; c++)
         store_word_vec(jb, jb->tex_src, k * 4 + c, v.c[c]);
   }
   LLVMValueRef words[JIT_TEX_NUM_WORDS];
   for (unsigned i = 0; i < JIT_TEX_NUM_WORDS; i++)
      words[i] = LLVMConstInt(jb->i32, desc[i], false);
   LLVMTypeRef at = LLVMArrayType(jb->i32, JIT_TEX_NUM_WORDS);
   LLVMValueRef g = LLVMAddGlobal(jb->mod, at, "tex_desc");
   LLVMSetInitializer(g, LLVMConstArray(jb->i32, words, JIT_TEX_NUM_WORDS));
   LLVMSetGlobalConstant(g, true);
   LLVMSetLinkage(g, LLVMPrivateLinkage);
   LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);

   LLVMTypeRef iw = LLVMIntTypeInContext(jb->ctx, jb->w);
   LLVMValueRef act = LLVMBuildZExt(B, LLVMBuildBitCast(B, active_mask(jb), iw, ""), jb->i32, "");
   LLVMTypeRef pt[6] = { ptr, ptr, jb->i32, ptr, jb->i32, ptr };
   LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(jb->ctx), pt, 6, false);
   LLVMValueRef args[6] = { g, jb->sysvals, LLVMConstInt(jb->i32, jb->w, false), jb->tex_src, act,
                            jb->tex_dst };
   LLVMBuildCall2(B, fty, fn_ptr_const(jb, (uintptr_t)jit_tex_callout, fty), args, 6, "");
   for (unsigned c = 0; c < in->type.comps; c++)
      out->c[c] = load_word_vec(jb, jb->tex_dst, c, in->type.base);
   return true;
}

/* ---- calls ---- */

static void emit_block(struct jit_build *jb, const struct ir_block *block);

/* irexec fails a batch that calls deeper than this (IREXEC_MAX_CALL_DEPTH);
 * GLSL has no recursion, so the JIT refuses such shaders instead */
#define JIT_MAX_CALL_DEPTH 32

static void
collect_calls(const struct ir_block *block, const struct ir_instr **calls, unsigned *n)
{
   for (const struct ir_instr *in = block ? block->first : NULL; in; in = in->next) {
      if (in->op == IR_OP_call && in->type.comps) {
         if (calls)
            calls[*n] = in;
         (*n)++;
      } else if (in->op == IR_OP_if) {
         collect_calls(in->u.cif.then_body, calls, n);
         collect_calls(in->u.cif.else_body, calls, n);
      } else if (in->op == IR_OP_loop) {
         collect_calls(in->u.loop.body, calls, n);
      }
   }
}

static LLVMTypeRef
vec_type(struct jit_build *jb, struct ir_type t)
{
   return t.base == IR_FLOAT ? jb->vf : t.base == IR_BOOL ? jb->vb : jb->vi;
}

/* A fresh frame for function f at the current position: the storage of
 * its call results and of its return value zeroed (irexec callocs a
 * frame), no lane returned. */
static bool
frame_begin(struct jit_build *jb, struct jit_frame *fr, const struct ir_function *f,
            unsigned depth)
{
   memset(fr, 0, sizeof(*fr));
   fr->depth = depth;
   collect_calls(f->body, NULL, &fr->num_calls);
   if (fr->num_calls) {
      fr->calls = calloc(fr->num_calls, sizeof(*fr->calls));
      fr->call_vals = calloc(fr->num_calls, sizeof(*fr->call_vals));
      if (!fr->calls || !fr->call_vals)
         return false;
      unsigned n = 0;
      collect_calls(f->body, fr->calls, &n);
   }
   for (unsigned i = 0; i < fr->num_calls; i++) {
      struct ir_type t = fr->calls[i]->type;
      struct jval z = zero_value(jb, t);
      for (unsigned k = 0; k < t.comps && k < 4; k++) {
         fr->call_vals[i].c[k] = entry_alloca(jb, vec_type(jb, t));
         LLVMBuildStore(B, z.c[k], fr->call_vals[i].c[k]);
      }
   }
   if (f->ret.comps) {
      struct jval z = zero_value(jb, f->ret);
      for (unsigned k = 0; k < f->ret.comps && k < 4; k++) {
         fr->ret[k] = entry_alloca(jb, vec_type(jb, f->ret));
         LLVMBuildStore(B, z.c[k], fr->ret[k]);
      }
   }
   return true;
}

static void
frame_end(struct jit_frame *fr)
{
   free(fr->calls);
   free(fr->call_vals);
}

/*
 * call @f(...), as irexec_call(): the call costs its step (counted before
 * it, like any instruction that is not pure); the callee's body runs with
 * the lanes active at the call as its block mask, outside any loop, with
 * its own `returned` mask and zeroed values; parameters take the
 * arguments of every lane; discards are global; then the lanes active at
 * the call take the returned value (0 for a lane that returned none).
 * The body is emitted inline (its LLVM code is a copy per call site);
 * recursion cannot be inlined and irexec fails it past 32 levels anyway,
 * so calls nested deeper than that are reported unsupported.
 */
static bool
emit_call(struct jit_build *jb, const struct ir_instr *in, struct jval *out)
{
   const struct ir_function *f = in->u.callee;
   struct jit_frame *outer = jb->frame;
   if (!f || !f->body) {
      unsupported(jb, "call of a function without a body");
      return false;
   }
   if (outer->depth >= JIT_MAX_CALL_DEPTH) {
      unsupported(jb, "calls nested deeper than %u (recursion?) are not supported by the JIT",
                  JIT_MAX_CALL_DEPTH);
      return false;
   }
   if (in->type.comps > 4 || f->ret.comps > 4) {
      unsupported(jb, "malformed call");
      return false;
   }
   LLVMValueRef act = active_mask(jb);

   /* arguments: every lane (irexec copies them all); missing ones 0 */
   for (unsigned i = 0; i < f->num_params; i++) {
      struct jval a = i < in->num_srcs ? map_get(jb, in->src[i])
                                        : zero_value(jb, f->params[i]->type);
      if (jb->failed)
         return false;
      map_set(jb, f->params[i], a);
   }

   struct jit_frame fr;
   if (!frame_begin(jb, &fr, f, outer->depth + 1)) {
      frame_end(&fr);
      unsupported(jb, "out of memory");
      return false;
   }
   LLVMValueRef outer_mask = jb->mask, outer_returned = jb->returned;
   struct jit_loop *outer_loop = jb->loop;
   jb->returned = entry_alloca(jb, jb->vb);
   LLVMBuildStore(B, cb(jb, false), jb->returned);
   jb->mask = act;
   jb->loop = NULL;
   jb->frame = &fr;
   emit_block(jb, f->body);
   jb->frame = outer;
   jb->mask = outer_mask;
   jb->loop = outer_loop;
   jb->returned = outer_returned;

   bool ok = !jb->failed;
   if (ok && in->type.comps) {
      /* the lanes active at the call take the result; the others keep
       * this call's previous value in the caller's frame */
      unsigned i = 0;
      while (i < outer->num_calls && outer->calls[i] != in)
         i++;
      if (i == outer->num_calls) {
         unsupported(jb, "call outside its function");
         ok = false;
      }
      for (unsigned k = 0; ok && k < in->type.comps; k++) {
         LLVMTypeRef t = vec_type(jb, in->type);
         LLVMValueRef old = LLVMBuildLoad2(B, t, outer->call_vals[i].c[k], "");
         LLVMValueRef r = fr.ret[k] ? LLVMBuildLoad2(B, t, fr.ret[k], "")
                                    : zero_value(jb, in->type).c[k];
         LLVMValueRef nv = sel(jb, act, r, old);
         LLVMBuildStore(B, nv, outer->call_vals[i].c[k]);
         out->c[k] = nv;
      }
   }
   frame_end(&fr);
   return ok;
}

/* ---- blocks ---- */

static void emit_block(struct jit_build *jb, const struct ir_block *block);

/*
 * loop { body }, as irexec_loop_instr(): an iteration runs while some lane
 * of the mask the loop started with has not broken out, discarded or
 * returned (or run out of steps); `continue` masks reset at the start of
 * each iteration, which costs one step to the quads that have such a lane.
 */
static void
emit_loop(struct jit_build *jb, const struct ir_instr *in)
{
   LLVMValueRef outer_mask = jb->mask;
   struct jit_loop *outer_loop = jb->loop;
   LLVMValueRef start = active_mask(jb);
   struct jit_loop lp;
   lp.broken = entry_alloca(jb, jb->vb);
   lp.continued = entry_alloca(jb, jb->vb);
   LLVMBuildStore(B, cb(jb, false), lp.broken);
   LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "loop");
   LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "loop_body");
   LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "loop_exit");
   LLVMBuildBr(B, head);

   LLVMPositionBuilderAtEnd(B, head);
   LLVMBuildStore(B, cb(jb, false), lp.continued);
   LLVMValueRef gone = LLVMBuildOr(B, load_mask(jb, lp.broken),
                                   LLVMBuildOr(B, load_mask(jb, jb->discarded),
                                               load_mask(jb, jb->returned), ""), "");
   gone = LLVMBuildOr(B, gone, out_of_steps(jb), "");
   LLVMValueRef m = LLVMBuildAnd(B, start, LLVMBuildNot(B, gone, ""), "");
   count_step(jb, m);
   m = LLVMBuildAnd(B, m, LLVMBuildNot(B, out_of_steps(jb), ""), "");
   LLVMBuildCondBr(B, any_lane(jb, m), body, exit);

   LLVMPositionBuilderAtEnd(B, body);
   jb->mask = start;
   jb->loop = &lp;
   emit_block(jb, in->u.loop.body);
   LLVMBuildBr(B, head);

   LLVMPositionBuilderAtEnd(B, exit);
   jb->mask = outer_mask;
   jb->loop = outer_loop;
}

static void
emit_block(struct jit_build *jb, const struct ir_block *block)
{
   for (const struct ir_instr *in = block->first; in && !jb->failed; in = in->next) {
      struct jval v = { { NULL } };
      const struct ir_op_info *info = ir_op_info(in->op);
      /* irexec_run_block: every instruction reached by an active lane
       * costs its batch a step; past the budget the batch stops before
       * the instruction (active_mask() leaves its lanes out).  Pure
       * instructions are counted together; any other is counted before
       * it runs. */
      if (!jb->pending)
         jb->pending_q = quad_any(jb, active_mask(jb));
      jb->pending++;
      bool pure = info->kind == IR_KIND_ALU || info->kind == IR_KIND_SWIZZLE ||
                  info->kind == IR_KIND_CONST || info->kind == IR_KIND_UNDEF ||
                  info->kind == IR_KIND_CBUF || info->kind == IR_KIND_PARAM ||
                  (info->kind == IR_KIND_VAR && !ir_op_is_store((enum ir_op)in->op));
      if (!pure)
         flush_steps(jb);
      if (in->type.comps && in->type.bits != 32) {
         unsupported(jb, "only 32-bit types are supported by the JIT");
         break;
      }
      switch (info->kind) {
      case IR_KIND_ALU:
         if (emit_alu(jb, in, &v))
            map_set(jb, in, v);
         break;
      case IR_KIND_SWIZZLE: {
         struct jval s = map_get(jb, in->src[0]);
         for (unsigned k = 0; k < in->type.comps; k++)
            v.c[k] = s.c[in->u.swizzle[k]];
         map_set(jb, in, v);
         break;
      }
      case IR_KIND_CONST:
         for (unsigned k = 0; k < in->type.comps; k++) {
            const union ir_const_value *cv = &in->u.value[k];
            v.c[k] = in->type.base == IR_FLOAT  ? cf_bits(jb, cv->u32)
                     : in->type.base == IR_BOOL ? cb(jb, cv->b)
                                                : ci(jb, cv->u32);
         }
         map_set(jb, in, v);
         break;
      case IR_KIND_UNDEF:
         map_set(jb, in, zero_value(jb, in->type));
         break;
      case IR_KIND_VAR:
         if (emit_var(jb, in, &v) && in->type.comps)
            map_set(jb, in, v);
         break;
      case IR_KIND_CBUF: {
         /* load_cbuf: per-lane uint byte offset + 4 * component */
         if (in->u.cbuf >= PONY_JIT_MAX_CBUFS) {
            unsupported(jb, "constant buffer %u", in->u.cbuf);
            break;
         }
         struct jval ov = map_get(jb, in->src[0]);
         if (jb->failed)
            break;
         LLVMValueRef o = LLVMBuildZExt(B, ov.c[0], jb->vi64, "");
         for (unsigned k = 0; k < in->type.comps; k++)
            v.c[k] = load_cbuf_word_lanes(jb, in->u.cbuf, LLVMBuildAdd(B, o, c64(jb, 4u * k), ""),
                                          in->type.base);
         map_set(jb, in, v);
         break;
      }
      case IR_KIND_IF: {
         /* as irexec: the then side runs for the active lanes whose
          * condition is true, the else side for the other active lanes
          * (both masks taken before either side runs); a side runs only
          * when one of its lanes is set (every lane computes its pure
          * code, stores are masked) */
         struct jval c = map_get(jb, in->src[0]);
         if (jb->failed)
            break;
         LLVMValueRef outer = jb->mask;
         LLVMValueRef act = active_mask(jb);
         LLVMValueRef then_m = LLVMBuildAnd(B, act, c.c[0], "");
         LLVMValueRef else_m = LLVMBuildAnd(B, act, LLVMBuildNot(B, c.c[0], ""), "");
         const struct ir_block *sides[2] = { in->u.cif.then_body, in->u.cif.else_body };
         LLVMValueRef masks[2] = { then_m, else_m };
         for (unsigned k = 0; k < 2; k++) {
            if (!sides[k] || !sides[k]->first)
               continue;
            LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, k ? "else" : "then");
            LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(jb->ctx, jb->fn, "endif");
            LLVMBuildCondBr(B, any_lane(jb, masks[k]), run, join);
            LLVMPositionBuilderAtEnd(B, run);
            jb->mask = masks[k];
            emit_block(jb, sides[k]);
            LLVMBuildBr(B, join);
            LLVMPositionBuilderAtEnd(B, join);
         }
         jb->mask = outer;
         break;
      }
      case IR_KIND_LOOP:
         emit_loop(jb, in);
         break;
      case IR_KIND_TEX:
         /* not pure: counted and its active lanes taken right here */
         if (emit_tex(jb, in, &v))
            map_set(jb, in, v);
         break;
      case IR_KIND_CALL:
         if (emit_call(jb, in, &v) && in->type.comps)
            map_set(jb, in, v);
         break;
      case IR_KIND_PARAM:
         break;   /* parameters are not in blocks; irexec does nothing here */
      case IR_KIND_DISCARD: {
         LLVMValueRef act = active_mask(jb);
         if (in->op == IR_OP_discard_if) {
            struct jval c = map_get(jb, in->src[0]);
            if (jb->failed)
               break;
            act = LLVMBuildAnd(B, act, c.c[0], "");
         }
         or_mask(jb, jb->discarded, act);
         break;
      }
      case IR_KIND_JUMP:
         if (in->op == IR_OP_break || in->op == IR_OP_continue) {
            if (!jb->loop)
               break;   /* the validator forbids it; irexec ignores it */
            or_mask(jb, in->op == IR_OP_break ? jb->loop->broken : jb->loop->continued,
                    active_mask(jb));
         } else if (in->op == IR_OP_return) {
            /* irexec: the active lanes take the returned value (a callee's
             * fr->ret) and stop */
            LLVMValueRef act = active_mask(jb);
            if (in->num_srcs && jb->frame->ret[0]) {
               struct jval rv = map_get(jb, in->src[0]);
               if (jb->failed)
                  break;
               for (unsigned k = 0; k < in->src[0]->type.comps && jb->frame->ret[k]; k++) {
                  LLVMTypeRef t = LLVMTypeOf(rv.c[k]);
                  LLVMValueRef old = LLVMBuildLoad2(B, t, jb->frame->ret[k], "");
                  LLVMBuildStore(B, sel(jb, act, rv.c[k], old), jb->frame->ret[k]);
               }
            }
            or_mask(jb, jb->returned, act);
         } else {
            unsupported(jb, "control flow (%s) is not supported by the JIT", info->name);
         }
         break;
      default:
         unsupported(jb, "instruction %s is not supported by the JIT", info->name);
         break;
      }
   }
   flush_steps(jb);
}

static unsigned
count_instrs(const struct ir_block *block)
{
   unsigned n = 0;
   for (const struct ir_instr *in = block ? block->first : NULL; in; in = in->next) {
      n++;
      if (in->op == IR_OP_if)
         n += count_instrs(in->u.cif.then_body) + count_instrs(in->u.cif.else_body);
      else if (in->op == IR_OP_loop)
         n += count_instrs(in->u.loop.body);
   }
   return n;
}

/* Stores to `var` in a block and its nested blocks; *ret: a return. */
static unsigned
count_stores(const struct ir_block *blk, const struct ir_var *var, const struct ir_instr **last,
             bool *ret)
{
   unsigned n = 0;
   for (const struct ir_instr *in = blk ? blk->first : NULL; in; in = in->next) {
      if (in->op == IR_OP_return)
         *ret = true;
      if ((in->op == IR_OP_store_output) && in->u.var.var == var) {
         n++;
         *last = in;
      }
      if (in->op == IR_OP_if) {
         n += count_stores(in->u.cif.then_body, var, last, ret);
         n += count_stores(in->u.cif.else_body, var, last, ret);
      } else if (in->op == IR_OP_loop) {
         n += count_stores(in->u.loop.body, var, last, ret);
      }
   }
   return n;
}

/*
 * The colour pass-through: the texture instruction whose result is the
 * whole colour output `slot`, when the texel words themselves can stand for
 * it — the output (a vec4 float, not an array) is stored once, in @main's
 * outermost block, with that result unchanged; @main has no return (every
 * lane that is not discarded runs the store); the instruction samples
 * inline one level (mip filter NONE) with NEAREST filters, so each lane's
 * result is one texel decoded, which the 8-bit encode of a colour store
 * gives back byte for byte.  NULL otherwise.
 */
static const struct ir_instr *
passthrough_tex(struct jit_build *jb, const struct ir_shader *shader,
                const struct ir_function *main_fn, int slot)
{
   if (slot < 0 || !jb->tex_keys || shader->stage != IR_STAGE_FRAGMENT)
      return NULL;
   /* the output variable holding the slot (setup_vars numbered them) */
   const struct ir_var *var = NULL;
   for (const struct ir_var *v = shader->vars; v && !var; v = v->next) {
      const struct jit_var_state *vs = &jb->vars[v->index];
      if (v->mode == IR_VAR_OUTPUT && (unsigned)slot >= vs->base &&
          (unsigned)slot < vs->base + vs->len)
         var = v;
   }
   if (!var || var->array_len || var->type.comps != 4 || var->type.base != IR_FLOAT ||
       var->type.bits != 32)
      return NULL;
   const struct ir_instr *store = NULL;
   unsigned stores = 0;
   bool ret = false;
   for (const struct ir_function *f = shader->functions; f; f = f->next) {
      bool r = false;
      stores += count_stores(f->body, var, &store, &r);
      if (f == main_fn)
         ret = r;
   }
   if (stores != 1 || ret || !store->block || store->block != main_fn->body ||
       store->u.var.indirect || store->u.var.offset)
      return NULL;
   const struct ir_instr *tex = store->src[0];
   if (!tex || (tex->op != IR_OP_tex && tex->op != IR_OP_txb && tex->op != IR_OP_txl) ||
       tex->block != main_fn->body || tex->type.comps != 4 || tex->type.base != IR_FLOAT)
      return NULL;
   const struct pony_jit_tex_key *k = tex_inline_key(jb, tex);
   if (!k || k->min_img_filter != PIPE_TEX_FILTER_NEAREST ||
       k->mag_img_filter != PIPE_TEX_FILTER_NEAREST || k->min_mip_filter != PIPE_TEX_MIPFILTER_NONE)
      return NULL;
   return tex;
}

enum pony_jit_status
jit_ir_build(struct pony_jit *jit, LLVMContextRef ctx, LLVMModuleRef mod, const char *name,
             const struct ir_shader *shader, const struct pony_jit_tex_key *tex_keys,
             int passthrough_slot, int *passthrough_unit, unsigned *num_inputs,
             unsigned *num_outputs, char *err, unsigned err_size)
{
   struct jit_build jbs = { 0 }, *jb = &jbs;
   jb->jit = jit;
   jb->tex_keys = tex_keys;
   jb->ctx = ctx;
   jb->mod = mod;
   jb->w = jit->width;
   jb->err = err;
   jb->err_size = err_size;
   jb->f32 = LLVMFloatTypeInContext(ctx);
   jb->i32 = LLVMInt32TypeInContext(ctx);
   jb->i64 = LLVMInt64TypeInContext(ctx);
   jb->i1 = LLVMInt1TypeInContext(ctx);
   jb->vf = LLVMVectorType(jb->f32, jb->w);
   jb->vi = LLVMVectorType(jb->i32, jb->w);
   jb->vb = LLVMVectorType(jb->i1, jb->w);
   jb->vi64 = LLVMVectorType(jb->i64, jb->w);

   enum pony_jit_status st = PONY_JIT_UNSUPPORTED;
   const struct ir_function *main_fn = NULL;
   struct jit_frame main_frame;
   memset(&main_frame, 0, sizeof(main_frame));
   unsigned count = 0;
   /* values of every function (callees are emitted inline; a function
    * emitted twice reuses its entries) */
   for (const struct ir_function *f = shader->functions; f; f = f->next) {
      if (!strcmp(f->name, "main"))
         main_fn = f;
      count += count_instrs(f->body) + f->num_params;
   }
   if (!main_fn) {
      snprintf(err, err_size, "no @main");
      return PONY_JIT_UNSUPPORTED;
   }
   jb->map_size = 16;
   while (jb->map_size < count * 2)
      jb->map_size *= 2;
   jb->map = calloc(jb->map_size, sizeof(*jb->map));

   LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
   LLVMTypeRef params[4] = { ptr, ptr, ptr, ptr };
   LLVMTypeRef fty = LLVMFunctionType(jb->i32, params, 4, false);
   LLVMValueRef fn = LLVMAddFunction(mod, name, fty);
   jb->fn = fn;
   jb->inputs = LLVMGetParam(fn, 0);
   jb->outputs = LLVMGetParam(fn, 1);
   jb->cbufs = LLVMGetParam(fn, 2);
   jb->sysvals = LLVMGetParam(fn, 3);
   {
      /* struct pony_jit_sysvals (C layout: natural alignment) */
      LLVMTypeRef fields[8] = { ptr, jb->i32, jb->i32, jb->i32, ptr, jb->i32, ptr, ptr };
      jb->svt = LLVMStructTypeInContext(ctx, fields, 8, false);
   }
   jb->stage = shader->stage;
   jb->b = LLVMCreateBuilderInContext(ctx);
   jb->ab = LLVMCreateBuilderInContext(ctx);
   jb->entry = LLVMAppendBasicBlockInContext(ctx, fn, "entry");
   LLVMBasicBlockRef code = LLVMAppendBasicBlockInContext(ctx, fn, "code");
   LLVMPositionBuilderAtEnd(jb->ab, jb->entry);
   LLVMPositionBuilderAtEnd(jb->b, code);
   jb->discarded = entry_alloca(jb, jb->vb);
   jb->returned = entry_alloca(jb, jb->vb);
   jb->steps = entry_alloca(jb, jb->vi);
   LLVMBuildStore(B, cb(jb, false), jb->discarded);
   LLVMBuildStore(B, cb(jb, false), jb->returned);
   LLVMBuildStore(B, ci(jb, 0), jb->steps);
   {
      /* no sysvals: every field reads 0 (no branch: a zeroed struct on the
       * stack stands in for it; the texture callout sees it too) */
      LLVMValueRef zsv = entry_alloca(jb, jb->svt);
      LLVMBuildStore(B, LLVMConstNull(jb->svt), zsv);
      LLVMValueRef given = LLVMBuildIsNotNull(B, jb->sysvals, "");
      jb->sysvals = LLVMBuildSelect(B, given, jb->sysvals, zsv, "");
      /* sysvals->max_steps (0: the default) */
      LLVMValueRef pm = LLVMBuildStructGEP2(B, jb->svt, jb->sysvals, 3, "");
      LLVMValueRef mx = LLVMBuildLoad2(B, jb->i32, pm, "");
      mx = LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, mx, LLVMConstInt(jb->i32, 0, false), ""),
                           LLVMConstInt(jb->i32, JIT_DEFAULT_STEPS, false), mx, "");
      LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(jb->vi), mx,
                                              LLVMConstInt(jb->i32, 0, false), "");
      jb->max_steps = LLVMBuildShuffleVector(B, v, LLVMGetUndef(jb->vi), LLVMConstNull(jb->vi), "");
   }

   if (!jb->map || !setup_vars(jb, shader, num_inputs, num_outputs)) {
      snprintf(err, err_size, "out of memory");
      st = PONY_JIT_ERROR;
      goto done;
   }

   if (!frame_begin(jb, &main_frame, main_fn, 0)) {
      snprintf(err, err_size, "out of memory");
      st = PONY_JIT_ERROR;
      goto done;
   }
   jb->frame = &main_frame;
   jb->pt_tex = passthrough_tex(jb, shader, main_fn, passthrough_slot);
   jb->pt_slot = *num_outputs;
   emit_block(jb, main_fn->body);
   if (jb->failed)
      goto done;
   if (passthrough_unit)
      *passthrough_unit = jb->pt_tex ? (int)jb->pt_tex->u.tex.sampler->binding : -1;

   /* outputs: every slot's four words, 0 where nothing was written */
   for (const struct ir_var *var = shader->vars; var; var = var->next) {
      if (var->mode != IR_VAR_OUTPUT)
         continue;
      struct jit_var_state *vs = &jb->vars[var->index];
      for (unsigned e = 0; e < vs->len; e++)
         for (unsigned k = 0; k < 4; k++)
            store_word_vec(jb, jb->outputs, (vs->base + e) * 4 + k,
                           k < var->type.comps
                              ? LLVMBuildLoad2(B, vs->vt, vs->elems[e].c[k], "")
                              : ci(jb, 0));
   }
   /* result: the discarded lanes (bits 0..W-1), the quads out of steps
    * (bit PONY_JIT_RUNAWAY_SHIFT + q for lanes 4q..4q+3) */
   LLVMTypeRef iw = LLVMIntTypeInContext(ctx, jb->w);
   LLVMValueRef res = LLVMBuildZExt(B, LLVMBuildBitCast(B, load_mask(jb, jb->discarded), iw, ""),
                                    jb->i32, "");
   LLVMValueRef dead = LLVMBuildZExt(B, LLVMBuildBitCast(B, out_of_steps(jb), iw, ""), jb->i32, "");
   for (unsigned q = 0; q < jb->w / 4; q++) {
      LLVMValueRef sh = LLVMConstInt(jb->i32, 4 * q, false);
      LLVMValueRef bit = LLVMBuildAnd(B, LLVMBuildLShr(B, dead, sh, ""),
                                      LLVMConstInt(jb->i32, 1, false), "");
      LLVMValueRef to = LLVMConstInt(jb->i32, PONY_JIT_RUNAWAY_SHIFT + q, false);
      res = LLVMBuildOr(B, res, LLVMBuildShl(B, bit, to, ""), "");
   }
   LLVMBuildRet(B, res);
   LLVMBuildBr(jb->ab, code);
   st = PONY_JIT_OK;

done:
   frame_end(&main_frame);
   LLVMDisposeBuilder(jb->b);
   LLVMDisposeBuilder(jb->ab);
   if (jb->vars) {
      for (unsigned i = 0; i < shader->num_vars; i++) {
         free(jb->vars[i].elems);
         free(jb->vars[i].written);
      }
   }
   free(jb->vars);
   free(jb->map);
   return st;
}
