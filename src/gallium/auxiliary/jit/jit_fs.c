/*
 * Fused fragment functions (jit_fs.h): the shader's code (jit_ir.c) inlined
 * between interpolation and the per-fragment operations, for one 2x2 quad.
 *
 * Every computation repeats swpipe's, operation for operation, so the
 * results are the same bits:
 *   swpipe_quad_fs.c            barycentrics, depth, 1/w and the inputs in
 *                               double, rounded to float at the end
 *   swpipe_quad_alpha.c         the alpha test on colour 0
 *   swpipe_quad_depth_stencil.c z: NaN -> 0, depth clamp, [0, 1]; unorm
 *                               buffers compare round(z (2^n - 1)), float
 *                               buffers the float
 *   swpipe_quad_blend.c,        source clamped to [0, 1]; destination
 *   swpipe_fragops.c            decoded as (double)v / 255; the blend
 *                               equation in float; encoded as
 *                               (uint)((double)f * 255 + 0.5)
 * No contraction of a * b + c into fused multiply-adds happens: LLVM does
 * not fuse without fast-math flags, which are never set.
 *
 * Interpolation and shading run on 4-lane vectors; the tests and writes
 * run lane by lane (each lane a branch), which is enough for a first
 * version and keeps memory accesses to covered pixels only.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit_fs.h"
#include "compiler/ir/ir.h"
#include "pipe/p_defines.h"
#include "pony_jit_priv.h"

#define W 4

struct fs_gen {
   LLVMContextRef ctx;
   LLVMModuleRef mod;
   LLVMBuilderRef b;
   LLVMValueRef fn;
   const struct pony_jit_fs_key *key;
   LLVMTypeRef i8, i16, i32, i64, f32, f64, ptr, v4f, v4d, v4i;
   LLVMValueRef quad, state;
};

#define B (g->b)

static LLVMValueRef
cint(struct fs_gen *g, LLVMTypeRef t, uint64_t v)
{
   return LLVMConstInt(t, v, false);
}

static LLVMValueRef
cflt(struct fs_gen *g, double v)
{
   return LLVMConstReal(g->f32, v);
}

static LLVMValueRef
cdbl(struct fs_gen *g, double v)
{
   return LLVMConstReal(g->f64, v);
}

static LLVMValueRef
splat(struct fs_gen *g, LLVMValueRef scalar, LLVMTypeRef vt)
{
   LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(vt), scalar, cint(g, g->i32, 0), "");
   return LLVMBuildShuffleVector(B, v, LLVMGetUndef(vt), LLVMConstNull(LLVMVectorType(g->i32, W)),
                                 "");
}

/* Address of byte `off` of `base`. */
static LLVMValueRef
byte_ptr(struct fs_gen *g, LLVMValueRef base, LLVMValueRef off)
{
   return LLVMBuildGEP2(B, g->i8, base, &off, 1, "");
}

static LLVMValueRef
load_at(struct fs_gen *g, LLVMTypeRef t, LLVMValueRef base, size_t off)
{
   return LLVMBuildLoad2(B, t, byte_ptr(g, base, cint(g, g->i64, off)), "");
}

static LLVMValueRef
entry_alloca(struct fs_gen *g, LLVMTypeRef t, const char *name)
{
   LLVMBuilderRef ab = LLVMCreateBuilderInContext(g->ctx);
   LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(g->fn);
   LLVMValueRef first = LLVMGetFirstInstruction(entry);
   if (first)
      LLVMPositionBuilderBefore(ab, first);
   else
      LLVMPositionBuilderAtEnd(ab, entry);
   LLVMValueRef a = LLVMBuildAlloca(ab, t, name);
   LLVMDisposeBuilder(ab);
   return a;
}

static LLVMValueRef
call_intrinsic1(struct fs_gen *g, const char *name, LLVMValueRef x)
{
   LLVMTypeRef t = LLVMTypeOf(x);
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef f = LLVMGetIntrinsicDeclaration(g->mod, id, &t, 1);
   LLVMTypeRef fty = LLVMIntrinsicGetType(g->ctx, id, &t, 1);
   return LLVMBuildCall2(B, fty, f, &x, 1, "");
}

/* swpipe_compare(func, a, b) on floats (their doubles order the same). */
static LLVMValueRef
compare(struct fs_gen *g, unsigned func, LLVMValueRef a, LLVMValueRef b, bool is_float)
{
   LLVMRealPredicate fp;
   LLVMIntPredicate ip;
   switch (func) {
   case PIPE_FUNC_NEVER:    return cint(g, LLVMInt1TypeInContext(g->ctx), 0);
   case PIPE_FUNC_ALWAYS:   return cint(g, LLVMInt1TypeInContext(g->ctx), 1);
   case PIPE_FUNC_LESS:     fp = LLVMRealOLT; ip = LLVMIntULT; break;
   case PIPE_FUNC_EQUAL:    fp = LLVMRealOEQ; ip = LLVMIntEQ; break;
   case PIPE_FUNC_LEQUAL:   fp = LLVMRealOLE; ip = LLVMIntULE; break;
   case PIPE_FUNC_GREATER:  fp = LLVMRealOGT; ip = LLVMIntUGT; break;
   case PIPE_FUNC_NOTEQUAL: fp = LLVMRealUNE; ip = LLVMIntNE; break;
   case PIPE_FUNC_GEQUAL:   fp = LLVMRealOGE; ip = LLVMIntUGE; break;
   default:                 return cint(g, LLVMInt1TypeInContext(g->ctx), 0);
   }
   return is_float ? LLVMBuildFCmp(B, fp, a, b, "") : LLVMBuildICmp(B, ip, a, b, "");
}

/* x clamped as swpipe's clamp4(v, 0, 1): NaN and below 0 -> 0, above 1 -> 1. */
static LLVMValueRef
clamp01(struct fs_gen *g, LLVMValueRef x)
{
   LLVMTypeRef t = LLVMTypeOf(x);
   LLVMValueRef zero = LLVMConstNull(t);
   LLVMValueRef one = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? splat(g, cflt(g, 1.0), t)
                                                                : cflt(g, 1.0);
   LLVMValueRef ge = LLVMBuildFCmp(B, LLVMRealOGE, x, zero, "");
   LLVMValueRef gt = LLVMBuildFCmp(B, LLVMRealOGT, x, one, "");
   return LLVMBuildSelect(B, ge, LLVMBuildSelect(B, gt, one, x, ""), zero, "");
}

/* swpipe_fragops.c factor(): component c of a blend factor. */
static LLVMValueRef
blend_factor(struct fs_gen *g, unsigned f, unsigned c, LLVMValueRef src[4], LLVMValueRef dst[4],
             LLVMValueRef constant[4])
{
   LLVMValueRef one = cflt(g, 1.0);
   switch (f) {
   case PIPE_BLENDFACTOR_ONE:             return one;
   case PIPE_BLENDFACTOR_ZERO:            return cflt(g, 0.0);
   case PIPE_BLENDFACTOR_SRC_COLOR:       return src[c];
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:   return LLVMBuildFSub(B, one, src[c], "");
   case PIPE_BLENDFACTOR_SRC_ALPHA:       return src[3];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:   return LLVMBuildFSub(B, one, src[3], "");
   case PIPE_BLENDFACTOR_DST_COLOR:       return dst[c];
   case PIPE_BLENDFACTOR_INV_DST_COLOR:   return LLVMBuildFSub(B, one, dst[c], "");
   case PIPE_BLENDFACTOR_DST_ALPHA:       return dst[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:   return LLVMBuildFSub(B, one, dst[3], "");
   case PIPE_BLENDFACTOR_CONST_COLOR:     return constant[c];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR: return LLVMBuildFSub(B, one, constant[c], "");
   case PIPE_BLENDFACTOR_CONST_ALPHA:     return constant[3];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA: return LLVMBuildFSub(B, one, constant[3], "");
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE: {
      if (c == 3)
         return one;
      LLVMValueRef inv = LLVMBuildFSub(B, one, dst[3], "");
      return LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, src[3], inv, ""), src[3], inv, "");
   }
   default:                               return cflt(g, 0.0);
   }
}

/* swpipe_fragops.c equation(). */
static LLVMValueRef
blend_equation(struct fs_gen *g, unsigned func, LLVMValueRef s, LLVMValueRef sf, LLVMValueRef d,
               LLVMValueRef df)
{
   switch (func) {
   case PIPE_BLEND_ADD:
      return LLVMBuildFAdd(B, LLVMBuildFMul(B, s, sf, ""), LLVMBuildFMul(B, d, df, ""), "");
   case PIPE_BLEND_SUBTRACT:
      return LLVMBuildFSub(B, LLVMBuildFMul(B, s, sf, ""), LLVMBuildFMul(B, d, df, ""), "");
   case PIPE_BLEND_REVERSE_SUBTRACT:
      return LLVMBuildFSub(B, LLVMBuildFMul(B, d, df, ""), LLVMBuildFMul(B, s, sf, ""), "");
   case PIPE_BLEND_MIN:
      return LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, s, d, ""), s, d, "");
   case PIPE_BLEND_MAX:
      return LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGT, s, d, ""), s, d, "");
   default:
      return s;
   }
}

/* swpipe_fragops.c swpipe_stencil_op() on 8-bit values held in i32. */
static LLVMValueRef
stencil_op(struct fs_gen *g, unsigned op, LLVMValueRef v, LLVMValueRef ref)
{
   LLVMValueRef ff = cint(g, g->i32, 0xff), zero = cint(g, g->i32, 0), one = cint(g, g->i32, 1);
   switch (op) {
   case PIPE_STENCIL_OP_ZERO:      return zero;
   case PIPE_STENCIL_OP_REPLACE:   return ref;
   case PIPE_STENCIL_OP_INCR:
      return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, v, ff, ""), ff,
                             LLVMBuildAdd(B, v, one, ""), "");
   case PIPE_STENCIL_OP_DECR:
      return LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, v, zero, ""), zero,
                             LLVMBuildSub(B, v, one, ""), "");
   case PIPE_STENCIL_OP_INCR_WRAP: return LLVMBuildAnd(B, LLVMBuildAdd(B, v, one, ""), ff, "");
   case PIPE_STENCIL_OP_DECR_WRAP: return LLVMBuildAnd(B, LLVMBuildSub(B, v, one, ""), ff, "");
   case PIPE_STENCIL_OP_INVERT:    return LLVMBuildXor(B, v, ff, "");
   case PIPE_STENCIL_OP_KEEP:
   default:                        return v;
   }
}

/* swpipe_fragops.c swpipe_logicop() on the packed texel (bitwise, so all
 * bytes at once). */
static LLVMValueRef
logic_op(struct fs_gen *g, unsigned op, LLVMValueRef s, LLVMValueRef d)
{
   LLVMValueRef ones = cint(g, g->i32, 0xffffffffu);
   switch (op) {
   case PIPE_LOGICOP_CLEAR:         return cint(g, g->i32, 0);
   case PIPE_LOGICOP_AND:           return LLVMBuildAnd(B, s, d, "");
   case PIPE_LOGICOP_AND_REVERSE:   return LLVMBuildAnd(B, s, LLVMBuildXor(B, d, ones, ""), "");
   case PIPE_LOGICOP_COPY:          return s;
   case PIPE_LOGICOP_AND_INVERTED:  return LLVMBuildAnd(B, LLVMBuildXor(B, s, ones, ""), d, "");
   case PIPE_LOGICOP_NOOP:          return d;
   case PIPE_LOGICOP_XOR:           return LLVMBuildXor(B, s, d, "");
   case PIPE_LOGICOP_OR:            return LLVMBuildOr(B, s, d, "");
   case PIPE_LOGICOP_NOR:           return LLVMBuildXor(B, LLVMBuildOr(B, s, d, ""), ones, "");
   case PIPE_LOGICOP_EQUIV:         return LLVMBuildXor(B, LLVMBuildXor(B, s, d, ""), ones, "");
   case PIPE_LOGICOP_INVERT:        return LLVMBuildXor(B, d, ones, "");
   case PIPE_LOGICOP_OR_REVERSE:    return LLVMBuildOr(B, s, LLVMBuildXor(B, d, ones, ""), "");
   case PIPE_LOGICOP_COPY_INVERTED: return LLVMBuildXor(B, s, ones, "");
   case PIPE_LOGICOP_OR_INVERTED:   return LLVMBuildOr(B, LLVMBuildXor(B, s, ones, ""), d, "");
   case PIPE_LOGICOP_NAND:          return LLVMBuildXor(B, LLVMBuildAnd(B, s, d, ""), ones, "");
   case PIPE_LOGICOP_SET:           return ones;
   default:                         return s;
   }
}

/* The colour write of one pixel: blending, colour mask, store. */
static void
emit_color(struct fs_gen *g, LLVMValueRef addr, LLVMValueRef color[4])
{
   const struct pony_jit_fs_key *k = g->key;
   LLVMValueRef src[4], res[4];
   LLVMValueRef old = LLVMBuildLoad2(B, g->i32, addr, "");

   for (unsigned c = 0; c < 4; c++)
      src[c] = clamp01(g, color[c]);
   if (k->blend) {
      LLVMValueRef dst[4], constant[4];
      for (unsigned c = 0; c < 4; c++) {
         if (k->cbyte[c] < 0) {
            dst[c] = cflt(g, c == 3 ? 1.0 : 0.0);
         } else {
            LLVMValueRef v = LLVMBuildAnd(B, LLVMBuildLShr(B, old, cint(g, g->i32, 8u * (unsigned)k->cbyte[c]), ""),
                                          cint(g, g->i32, 0xff), "");
            LLVMValueRef d = LLVMBuildFDiv(B, LLVMBuildUIToFP(B, v, g->f64, ""), cdbl(g, 255.0), "");
            dst[c] = LLVMBuildFPTrunc(B, d, g->f32, "");
         }
         constant[c] = load_at(g, g->f32, g->state,
                               offsetof(struct pony_jit_fs_state, blend_color) + 4 * c);
      }
      for (unsigned c = 0; c < 4; c++) {
         unsigned fs = c < 3 ? k->rgb_src : k->alpha_src;
         unsigned fd = c < 3 ? k->rgb_dst : k->alpha_dst;
         unsigned fn = c < 3 ? k->rgb_func : k->alpha_bfunc;
         res[c] = blend_equation(g, fn, src[c], blend_factor(g, fs, c, src, dst, constant), dst[c],
                                 blend_factor(g, fd, c, src, dst, constant));
      }
   } else {
      memcpy(res, src, sizeof res);
   }

   LLVMValueRef packed = cint(g, g->i32, 0);
   uint32_t wmask = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (k->cbyte[c] < 0 || !(k->colormask >> c & 1))
         continue;
      /* u_format's float_to_channel for 8-bit unorm */
      LLVMValueRef f = res[c];
      LLVMValueRef scaled = LLVMBuildFAdd(B, LLVMBuildFMul(B, LLVMBuildFPExt(B, f, g->f64, ""),
                                                           cdbl(g, 255.0), ""),
                                          cdbl(g, 0.5), "");
      LLVMValueRef v = LLVMBuildFPToUI(B, scaled, g->i32, "");
      v = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGE, f, cflt(g, 1.0), ""),
                          cint(g, g->i32, 255), v, "");
      v = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGT, f, cflt(g, 0.0), ""), v,
                          cint(g, g->i32, 0), "");
      unsigned sh = 8u * (unsigned)k->cbyte[c];
      packed = LLVMBuildOr(B, packed, LLVMBuildShl(B, v, cint(g, g->i32, sh), ""), "");
      wmask |= 0xffu << sh;
   }
   if (k->logicop)
      packed = logic_op(g, k->logicop_func, packed, old);
   LLVMValueRef out = LLVMBuildOr(B, LLVMBuildAnd(B, old, cint(g, g->i32, ~wmask), ""),
                                  LLVMBuildAnd(B, packed, cint(g, g->i32, wmask), ""), "");
   LLVMBuildStore(B, out, addr);
}

/* Address of pixel (px, py) of a buffer: base + py * stride + px * bpp. */
static LLVMValueRef
pixel_addr(struct fs_gen *g, size_t base_off, size_t stride_off, LLVMValueRef px, LLVMValueRef py,
           unsigned bpp)
{
   LLVMValueRef base = load_at(g, g->ptr, g->state, base_off);
   LLVMValueRef stride = load_at(g, g->i64, g->state, stride_off);
   LLVMValueRef off = LLVMBuildAdd(B, LLVMBuildMul(B, LLVMBuildSExt(B, py, g->i64, ""), stride, ""),
                                   LLVMBuildMul(B, LLVMBuildSExt(B, px, g->i64, ""),
                                                cint(g, g->i64, bpp), ""), "");
   return byte_ptr(g, base, off);
}

static enum pony_jit_status
build_fs(struct fs_gen *g, const char *name, const char *body_name, LLVMValueRef body,
         unsigned nin, unsigned nout)
{
   const struct pony_jit_fs_key *k = g->key;
   unsigned n = k->num_verts;

   LLVMTypeRef params[2] = { g->ptr, g->ptr };
   LLVMTypeRef fty = LLVMFunctionType(g->i32, params, 2, false);
   g->fn = LLVMAddFunction(g->mod, name, fty);
   g->quad = LLVMGetParam(g->fn, 0);
   g->state = LLVMGetParam(g->fn, 1);
   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "entry");
   LLVMPositionBuilderAtEnd(B, entry);
   (void)body_name;

   LLVMValueRef inputs = entry_alloca(g, LLVMArrayType(g->i32, (nin ? nin : 1) * 4 * W), "in");
   LLVMValueRef outputs = entry_alloca(g, LLVMArrayType(g->i32, (nout ? nout : 1) * 4 * W), "out");
   LLVMValueRef count = entry_alloca(g, g->i32, "count");
   LLVMBuildStore(B, cint(g, g->i32, 0), count);

   /* pixel of each shader lane: lane l is quad pixel l ^ flip */
   LLVMValueRef x = load_at(g, g->i32, g->quad, offsetof(struct pony_jit_fs_quad, x));
   LLVMValueRef y = load_at(g, g->i32, g->quad, offsetof(struct pony_jit_fs_quad, y));
   LLVMValueRef mask = load_at(g, g->i32, g->quad, offsetof(struct pony_jit_fs_quad, mask));
   LLVMValueRef dxs[W], dys[W];
   for (unsigned l = 0; l < W; l++) {
      unsigned pix = l ^ (k->flip ? 2u : 0u);
      dxs[l] = cint(g, g->i32, pix & 1);
      dys[l] = cint(g, g->i32, pix >> 1);
   }
   LLVMValueRef pxv = LLVMBuildAdd(B, splat(g, x, g->v4i), LLVMConstVector(dxs, W), "");
   LLVMValueRef pyv = LLVMBuildAdd(B, splat(g, y, g->v4i), LLVMConstVector(dys, W), "");
   LLVMValueRef off = splat(g, cdbl(g, k->half_pixel_center ? 0.5 : 0.0), g->v4d);
   LLVMValueRef sx = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pxv, g->v4d, ""), off, "");
   LLVMValueRef sy = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pyv, g->v4d, ""), off, "");
   LLVMValueRef ox = splat(g, load_at(g, g->f64, g->quad, offsetof(struct pony_jit_fs_quad, ox)), g->v4d);
   LLVMValueRef oy = splat(g, load_at(g, g->f64, g->quad, offsetof(struct pony_jit_fs_quad, oy)), g->v4d);
   LLVMValueRef rx = LLVMBuildFSub(B, sx, ox, ""), ry = LLVMBuildFSub(B, sy, oy, "");

   /* barycentrics, depth, 1/w and the perspective weights (swpipe_quad_shade) */
   LLVMValueRef l[3], pl[3], attr[3];
   LLVMValueRef z = splat(g, cdbl(g, 0.0), g->v4d), invw = z;
   for (unsigned i = 0; i < 3; i++) {
      LLVMValueRef b[3];
      for (unsigned j = 0; j < 3; j++)
         b[j] = splat(g, load_at(g, g->f64, g->quad,
                                 offsetof(struct pony_jit_fs_quad, bary) + 8 * (3 * i + j)),
                      g->v4d);
      l[i] = LLVMBuildFAdd(B, LLVMBuildFAdd(B, b[0], LLVMBuildFMul(B, b[1], rx, ""), ""),
                           LLVMBuildFMul(B, b[2], ry, ""), "");
   }
   LLVMValueRef wz[3], ww[3];
   for (unsigned i = 0; i < n; i++) {
      wz[i] = splat(g, LLVMBuildFPExt(B, load_at(g, g->f32, g->quad,
                                                 offsetof(struct pony_jit_fs_quad, win_z) + 4 * i),
                                      g->f64, ""), g->v4d);
      ww[i] = splat(g, LLVMBuildFPExt(B, load_at(g, g->f32, g->quad,
                                                 offsetof(struct pony_jit_fs_quad, win_w) + 4 * i),
                                      g->f64, ""), g->v4d);
      attr[i] = load_at(g, g->ptr, g->quad, offsetof(struct pony_jit_fs_quad, attr) + 8 * i);
      z = LLVMBuildFAdd(B, z, LLVMBuildFMul(B, l[i], wz[i], ""), "");
      invw = LLVMBuildFAdd(B, invw, LLVMBuildFMul(B, l[i], ww[i], ""), "");
   }
   LLVMValueRef wsum = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOEQ, invw, LLVMConstNull(g->v4d), ""),
                                       splat(g, cdbl(g, 1.0), g->v4d), invw, "");
   for (unsigned i = 0; i < n; i++)
      pl[i] = LLVMBuildFDiv(B, LLVMBuildFMul(B, l[i], ww[i], ""), wsum, "");
   LLVMValueRef zf = LLVMBuildFPTrunc(B, z, g->v4f, "");

   /* the inputs, SoA: word (s * 4 + c) * W + lane */
   for (unsigned s = 0; s < nin; s++) {
      unsigned kind = k->inputs[s].kind, a = k->inputs[s].attr;
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef v;
         if (kind == PONY_JIT_FS_IN_ZERO) {
            v = LLVMConstNull(g->v4f);
         } else if (kind == PONY_JIT_FS_IN_FLAT || n == 1) {
            v = splat(g, LLVMBuildLoad2(B, g->f32, byte_ptr(g, attr[0], cint(g, g->i64, 16 * a + 4 * c)), ""),
                      g->v4f);
         } else {
            LLVMValueRef acc = LLVMConstNull(g->v4d);
            for (unsigned i = 0; i < n; i++) {
               LLVMValueRef av = LLVMBuildLoad2(B, g->f32, byte_ptr(g, attr[i], cint(g, g->i64, 16 * a + 4 * c)), "");
               av = splat(g, LLVMBuildFPExt(B, av, g->f64, ""), g->v4d);
               LLVMValueRef w = kind == PONY_JIT_FS_IN_NOPERSPECTIVE ? l[i] : pl[i];
               acc = LLVMBuildFAdd(B, acc, LLVMBuildFMul(B, w, av, ""), "");
            }
            v = LLVMBuildFPTrunc(B, acc, g->v4f, "");
         }
         LLVMBuildStore(B, v, byte_ptr(g, inputs, cint(g, g->i64, 4 * (s * 4 + c) * W)));
      }
   }

   /* shading */
   LLVMValueRef cbufs = load_at(g, g->ptr, g->state, offsetof(struct pony_jit_fs_state, cbufs));
   LLVMValueRef sysvals = load_at(g, g->ptr, g->state, offsetof(struct pony_jit_fs_state, sysvals));
   if (k->frag_coord) {
      /* a copy of the draw's system values with this quad's gl_FragCoord
       * (swpipe_quad_shade: x + 0.5, y + 0.5 in GL window coordinates, z,
       * 1/w, in double rounded to float) and gl_FrontFacing */
      LLVMValueRef sv = entry_alloca(g, LLVMArrayType(g->i8, sizeof(struct pony_jit_sysvals)), "sv");
      LLVMBuildMemCpy(B, sv, 8, sysvals, 8, cint(g, g->i64, sizeof(struct pony_jit_sysvals)));
      LLVMValueRef fcv = entry_alloca(g, LLVMArrayType(g->f32, 4 * W), "fc");
      LLVMValueRef half = splat(g, cdbl(g, 0.5), g->v4d);
      LLVMValueRef fx = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pxv, g->v4d, ""), half, "");
      LLVMValueRef fy = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pyv, g->v4d, ""), half, "");
      LLVMValueRef fbh = splat(g, load_at(g, g->f64, g->state,
                                          offsetof(struct pony_jit_fs_state, fb_height)), g->v4d);
      if (k->flip)
         fy = LLVMBuildFSub(B, fbh, fy, "");
      if (k->frag_coord_conv & IR_FRAG_COORD_UPPER_LEFT)
         fy = LLVMBuildFSub(B, fbh, fy, "");
      if (k->frag_coord_conv & IR_FRAG_COORD_INTEGER) {
         fx = LLVMBuildFSub(B, fx, half, "");
         fy = LLVMBuildFSub(B, fy, half, "");
      }
      LLVMValueRef comps[4] = { fx, fy, z, invw };
      for (unsigned c = 0; c < 4; c++)
         LLVMBuildStore(B, LLVMBuildFPTrunc(B, comps[c], g->v4f, ""),
                        byte_ptr(g, fcv, cint(g, g->i64, 4 * c * W)));
      LLVMBuildStore(B, fcv, byte_ptr(g, sv, cint(g, g->i64, offsetof(struct pony_jit_sysvals, frag_coord))));
      LLVMValueRef ff = load_at(g, g->i32, g->quad, offsetof(struct pony_jit_fs_quad, front_facing));
      ff = LLVMBuildMul(B, ff, cint(g, g->i32, (1u << W) - 1), "");
      LLVMBuildStore(B, ff, byte_ptr(g, sv, cint(g, g->i64, offsetof(struct pony_jit_sysvals, front_facing))));
      sysvals = sv;
   }
   LLVMTypeRef bparams[4] = { g->ptr, g->ptr, g->ptr, g->ptr };
   LLVMTypeRef bty = LLVMFunctionType(g->i32, bparams, 4, false);
   LLVMValueRef args[4] = { inputs, outputs, cbufs, sysvals };
   LLVMValueRef r = LLVMBuildCall2(B, bty, body, args, 4, "");
   LLVMBasicBlockRef shaded = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "shaded");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "done");
   LLVMValueRef runaway = LLVMBuildICmp(B, LLVMIntNE,
                                        LLVMBuildAnd(B, r, cint(g, g->i32, PONY_JIT_RUNAWAY), ""),
                                        cint(g, g->i32, 0), "");
   LLVMBuildCondBr(B, runaway, done, shaded);
   LLVMPositionBuilderAtEnd(B, shaded);

   /* colour 0 and the fragment depth, per lane */
   LLVMValueRef color[4];
   for (unsigned c = 0; c < 4; c++) {
      if (k->color_out < 0) {
         color[c] = LLVMConstNull(g->v4f);
         continue;
      }
      color[c] = LLVMBuildLoad2(B, g->v4f,
                                byte_ptr(g, outputs, cint(g, g->i64, 4 * ((unsigned)k->color_out * 4 + c) * W)), "");
      if (k->clamp_color)
         color[c] = clamp01(g, color[c]);
   }
   if (k->depth_out >= 0)
      zf = LLVMBuildLoad2(B, g->v4f, byte_ptr(g, outputs, cint(g, g->i64, 4 * ((unsigned)k->depth_out * 4) * W)), "");

   LLVMValueRef alpha_ref = load_at(g, g->f32, g->state, offsetof(struct pony_jit_fs_state, alpha_ref));
   LLVMValueRef dmin = load_at(g, g->f32, g->state, offsetof(struct pony_jit_fs_state, depth_min));
   LLVMValueRef dmax = load_at(g, g->f32, g->state, offsetof(struct pony_jit_fs_state, depth_max));

   for (unsigned lane = 0; lane < W; lane++) {
      unsigned pix = lane ^ (k->flip ? 2u : 0u);
      LLVMBasicBlockRef body_bb = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "lane");
      LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "next");
      LLVMValueRef covered = LLVMBuildAnd(B, LLVMBuildLShr(B, mask, cint(g, g->i32, pix), ""),
                                          cint(g, g->i32, 1), "");
      LLVMValueRef discarded = LLVMBuildAnd(B, LLVMBuildLShr(B, r, cint(g, g->i32, lane), ""),
                                            cint(g, g->i32, 1), "");
      LLVMValueRef alive = LLVMBuildICmp(B, LLVMIntEQ,
                                         LLVMBuildAnd(B, covered, LLVMBuildXor(B, discarded, cint(g, g->i32, 1), ""), ""),
                                         cint(g, g->i32, 1), "");
      LLVMBuildCondBr(B, alive, body_bb, next);
      LLVMPositionBuilderAtEnd(B, body_bb);

      LLVMValueRef li = cint(g, g->i32, lane);
      LLVMValueRef px = LLVMBuildExtractElement(B, pxv, li, "");
      LLVMValueRef py = LLVMBuildExtractElement(B, pyv, li, "");
      LLVMValueRef c4[4];
      for (unsigned c = 0; c < 4; c++)
         c4[c] = LLVMBuildExtractElement(B, color[c], li, "");

      if (k->alpha_test) {
         LLVMBasicBlockRef pass = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "alpha_pass");
         LLVMBuildCondBr(B, compare(g, k->alpha_func, c4[3], alpha_ref, true), pass, next);
         LLVMPositionBuilderAtEnd(B, pass);
      }

      if ((k->depth_test || k->stencil_test) && k->zbytes) {
         /* swpipe_quad_depth_stencil.c, for one pixel */
         LLVMTypeRef zt = k->zbytes == 2 ? g->i16 : g->i32;
         LLVMValueRef zaddr = pixel_addr(g, offsetof(struct pony_jit_fs_state, depth),
                                         offsetof(struct pony_jit_fs_state, depth_stride), px, py,
                                         k->zbytes);
         LLVMValueRef word = LLVMBuildLoad2(B, zt, zaddr, "");
         if (k->zbytes == 2)
            word = LLVMBuildZExt(B, word, g->i32, "");
         LLVMValueRef i1t = cint(g, LLVMInt1TypeInContext(g->ctx), 1);
         LLVMValueRef spass = i1t, zpass = i1t, nword = word;
         LLVMValueRef sval = NULL, sref = NULL, swm = NULL, back = NULL;

         if (k->stencil_test) {
            /* the face: back-facing primitives use state 1 when two-sided */
            LLVMValueRef ff = load_at(g, g->i32, g->quad, offsetof(struct pony_jit_fs_quad, front_facing));
            back = k->two_sided ? LLVMBuildICmp(B, LLVMIntEQ, ff, cint(g, g->i32, 0), "")
                                : cint(g, LLVMInt1TypeInContext(g->ctx), 0);
            LLVMValueRef fv[3][2];
            static const size_t offs[3] = { offsetof(struct pony_jit_fs_state, stencil_ref),
                                            offsetof(struct pony_jit_fs_state, stencil_valuemask),
                                            offsetof(struct pony_jit_fs_state, stencil_writemask) };
            for (unsigned f = 0; f < 3; f++)
               for (unsigned face = 0; face < 2; face++)
                  fv[f][face] = LLVMBuildZExt(B, load_at(g, g->i8, g->state, offs[f] + face), g->i32, "");
            sref = LLVMBuildSelect(B, back, fv[0][1], fv[0][0], "");
            LLVMValueRef svm = LLVMBuildSelect(B, back, fv[1][1], fv[1][0], "");
            swm = LLVMBuildSelect(B, back, fv[2][1], fv[2][0], "");
            sval = LLVMBuildAnd(B, LLVMBuildLShr(B, word, cint(g, g->i32, k->sshift), ""),
                                cint(g, g->i32, 0xff), "");
            LLVMValueRef a = LLVMBuildAnd(B, sref, svm, ""), bv = LLVMBuildAnd(B, sval, svm, "");
            spass = LLVMBuildSelect(B, back, compare(g, k->sfunc[1], a, bv, false),
                                    compare(g, k->sfunc[0], a, bv, false), "");
         }

         LLVMValueRef zbits = NULL;
         uint32_t field = k->zbits >= 32 ? 0xffffffffu : (1u << k->zbits) - 1;
         if (k->depth_test) {
            LLVMValueRef zl = LLVMBuildExtractElement(B, zf, li, "");
            zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOEQ, zl, zl, ""), zl, cflt(g, 0.0), "");
            if (k->depth_clamp) {
               zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, zl, dmin, ""), dmin, zl, "");
               zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGT, zl, dmax, ""), dmax, zl, "");
            }
            zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, zl, cflt(g, 0.0), ""), cflt(g, 0.0),
                                 LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGT, zl, cflt(g, 1.0), ""),
                                                 cflt(g, 1.0), zl, ""), "");
            LLVMValueRef stored = LLVMBuildAnd(B, LLVMBuildLShr(B, word, cint(g, g->i32, k->zshift), ""),
                                               cint(g, g->i32, field), "");
            if (k->zfloat) {
               zbits = LLVMBuildBitCast(B, zl, g->i32, "");
               zpass = compare(g, k->depth_func, zl, LLVMBuildBitCast(B, stored, g->f32, ""), true);
            } else {
               LLVMValueRef sc = LLVMBuildFMul(B, LLVMBuildFPExt(B, zl, g->f64, ""), cdbl(g, (double)field), "");
               zbits = LLVMBuildFPToUI(B, call_intrinsic1(g, "llvm.round", sc), g->i32, "");
               zpass = compare(g, k->depth_func, zbits, stored, false);
            }
         }

         if (k->stencil_test) {
            /* fail when the stencil test fails, else zpass / zfail; written
             * through the face's write mask */
            LLVMValueRef ops[3][2];
            const uint8_t *opk[3] = { k->sfail, k->szfail, k->szpass };
            for (unsigned o = 0; o < 3; o++)
               for (unsigned face = 0; face < 2; face++)
                  ops[o][face] = stencil_op(g, opk[o][face], sval, sref);
            LLVMValueRef nv_fail = LLVMBuildSelect(B, back, ops[0][1], ops[0][0], "");
            LLVMValueRef nv_zfail = LLVMBuildSelect(B, back, ops[1][1], ops[1][0], "");
            LLVMValueRef nv_zpass = LLVMBuildSelect(B, back, ops[2][1], ops[2][0], "");
            LLVMValueRef nv = LLVMBuildSelect(B, spass, LLVMBuildSelect(B, zpass, nv_zpass, nv_zfail, ""),
                                              nv_fail, "");
            nv = LLVMBuildOr(B, LLVMBuildAnd(B, nv, swm, ""),
                             LLVMBuildAnd(B, sval, LLVMBuildXor(B, swm, cint(g, g->i32, 0xff), ""), ""), "");
            uint32_t sm = 0xffu << k->sshift;
            nword = LLVMBuildOr(B, LLVMBuildAnd(B, nword, cint(g, g->i32, ~sm), ""),
                                LLVMBuildShl(B, nv, cint(g, g->i32, k->sshift), ""), "");
         }
         if (k->depth_test && k->depth_write) {
            uint32_t m = field << k->zshift;
            LLVMValueRef zw = LLVMBuildOr(B, LLVMBuildAnd(B, nword, cint(g, g->i32, ~m), ""),
                                          LLVMBuildAnd(B, LLVMBuildShl(B, zbits, cint(g, g->i32, k->zshift), ""),
                                                       cint(g, g->i32, m), ""), "");
            nword = LLVMBuildSelect(B, LLVMBuildAnd(B, spass, zpass, ""), zw, nword, "");
         }
         if (k->stencil_test || (k->depth_test && k->depth_write)) {
            /* the texel with what changed (the same bytes when nothing did) */
            LLVMValueRef nw = k->zbytes == 2 ? LLVMBuildTrunc(B, nword, g->i16, "") : nword;
            LLVMBuildStore(B, nw, zaddr);
         }
         LLVMBasicBlockRef pass = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "zs_pass");
         LLVMBuildCondBr(B, LLVMBuildAnd(B, spass, zpass, ""), pass, next);
         LLVMPositionBuilderAtEnd(B, pass);
      }
      LLVMBuildStore(B, LLVMBuildAdd(B, LLVMBuildLoad2(B, g->i32, count, ""), cint(g, g->i32, 1), ""),
                     count);

      if (k->cbytes == 4 && (k->colormask & 0xf)) {
         LLVMValueRef caddr = pixel_addr(g, offsetof(struct pony_jit_fs_state, color),
                                         offsetof(struct pony_jit_fs_state, color_stride), px, py, 4);
         emit_color(g, caddr, c4);
      }
      LLVMBuildBr(B, next);
      LLVMPositionBuilderAtEnd(B, next);
   }
   LLVMBuildBr(B, done);
   LLVMPositionBuilderAtEnd(B, done);
   LLVMValueRef phi = LLVMBuildLoad2(B, g->i32, count, "");
   LLVMBuildRet(B, phi);
   return PONY_JIT_OK;
}

enum pony_jit_status
pony_jit_compile_fs(struct pony_jit *jit, const struct ir_shader *shader,
                    const struct pony_jit_fs_key *key, struct pony_jit_shader **out, char *err,
                    unsigned err_size)
{
   *out = NULL;
   if (jit->width != W) {
      snprintf(err, err_size, "fragment variants need a %u-lane JIT", W);
      return PONY_JIT_UNSUPPORTED;
   }
   if (key->num_verts < 1 || key->num_verts > 3 || key->num_inputs > PONY_JIT_FS_MAX_INPUTS ||
       (key->cbytes != 0 && key->cbytes != 4) ||
       (key->zbytes != 0 && key->zbytes != 2 && key->zbytes != 4) || key->zbits > 32 ||
       key->zbits + key->zshift > 8u * key->zbytes) {
      snprintf(err, err_size, "fragment variant key out of range");
      return PONY_JIT_UNSUPPORTED;
   }
   struct pony_jit_shader *s = calloc(1, sizeof(*s));
   if (!s) {
      snprintf(err, err_size, "out of memory");
      return PONY_JIT_ERROR;
   }
   s->jit = jit;

   pthread_mutex_lock(&jit->lock);
   char name[32], body_name[40];
   LLVMModuleRef mod = jit_module_create(jit, name, sizeof(name));
   snprintf(body_name, sizeof(body_name), "%s_body", name);
   struct fs_gen gs = { 0 }, *g = &gs;
   g->ctx = LLVMOrcThreadSafeContextGetContext(jit->tsctx);
   g->mod = mod;
   g->key = key;
   enum pony_jit_status st = jit_ir_build(jit, g->ctx, mod, body_name, shader, key->tex,
                                          &s->num_inputs, &s->num_outputs, err, err_size);
   if (st == PONY_JIT_OK && s->num_inputs != key->num_inputs) {
      snprintf(err, err_size, "the key has %u inputs, the shader %u", key->num_inputs,
               s->num_inputs);
      st = PONY_JIT_UNSUPPORTED;
   }
   if (st == PONY_JIT_OK && ((key->color_out >= 0 && (unsigned)key->color_out >= s->num_outputs) ||
                             (key->depth_out >= 0 && (unsigned)key->depth_out >= s->num_outputs))) {
      snprintf(err, err_size, "output slot out of range");
      st = PONY_JIT_UNSUPPORTED;
   }
   if (st != PONY_JIT_OK) {
      LLVMDisposeModule(mod);
      goto out;
   }
   LLVMValueRef body = LLVMGetNamedFunction(mod, body_name);
   LLVMSetLinkage(body, LLVMInternalLinkage);
   unsigned inl = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
   LLVMAddAttributeAtIndex(body, LLVMAttributeFunctionIndex,
                           LLVMCreateEnumAttribute(g->ctx, inl, 0));

   g->b = LLVMCreateBuilderInContext(g->ctx);
   g->i8 = LLVMInt8TypeInContext(g->ctx);
   g->i16 = LLVMInt16TypeInContext(g->ctx);
   g->i32 = LLVMInt32TypeInContext(g->ctx);
   g->i64 = LLVMInt64TypeInContext(g->ctx);
   g->f32 = LLVMFloatTypeInContext(g->ctx);
   g->f64 = LLVMDoubleTypeInContext(g->ctx);
   g->ptr = LLVMPointerTypeInContext(g->ctx, 0);
   g->v4f = LLVMVectorType(g->f32, W);
   g->v4d = LLVMVectorType(g->f64, W);
   g->v4i = LLVMVectorType(g->i32, W);
   st = build_fs(g, name, body_name, body, s->num_inputs, s->num_outputs);
   LLVMDisposeBuilder(g->b);
   if (st != PONY_JIT_OK) {
      LLVMDisposeModule(mod);
      goto out;
   }
   st = jit_module_finish(jit, mod, name, s, err, err_size);

out:
   pthread_mutex_unlock(&jit->lock);
   if (st != PONY_JIT_OK) {
      pony_jit_shader_destroy(s);
      return st;
   }
   *out = s;
   return PONY_JIT_OK;
}

pony_jit_fs_func
pony_jit_fs_func_get(const struct pony_jit_shader *s)
{
   return (pony_jit_fs_func)(uintptr_t)s->func;
}
