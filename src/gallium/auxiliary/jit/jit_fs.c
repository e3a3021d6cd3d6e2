/*
 * Fused fragment functions (jit_fs.h): the shader's code (jit_ir.c) inlined
 * between interpolation and the per-fragment operations, for the quads of
 * one primitive, W / 4 quads (one group of W lanes) at a time.
 *
 * Every computation repeats swpipe's, operation for operation, so the
 * results are the same bits:
 *   swpipe_quad_fs.c            barycentrics, the depth plane, 1/w and the
 *                               inputs in double, rounded to float at the
 *                               end; an
 *                               input with the same bits at every vertex
 *                               is that value (no sums; without a depth
 *                               test or gl_FragCoord the weights are then
 *                               not computed either)
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
 * Everything runs on W-lane vectors, the double-precision steps too.  The
 * depth/stencil and colour texels of a group are read and written a row of
 * a quad (two texels) at a time: with plain loads and stores of whole quads
 * when every quad of the group lies inside the buffers (the lanes outside
 * the mask written back as they were: a quad belongs to one tile, which
 * one thread draws), else with masked ones, so that memory outside the
 * covered, surviving pixels is never touched: quads on the last row or
 * column of a surface cover pixels that do not exist.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit_fs.h"
#include "compiler/ir/ir.h"
#include "pipe/p_defines.h"
#include "pony_jit_priv.h"

struct fs_gen {
   LLVMContextRef ctx;
   LLVMModuleRef mod;
   LLVMBuilderRef b;
   LLVMValueRef fn;
   const struct pony_jit_fs_key *key;
   unsigned w, nq;             /* lanes, quads per group (w / 4) */
   unsigned flip;              /* 2 with the key's flip, else 0 */
   LLVMTypeRef i1, i8, i16, i32, i64, f32, f64, ptr;
   LLVMTypeRef vf, vd, vi, vb; /* w floats, doubles, i32, i1 */
   LLVMValueRef quads, state;
   LLVMValueRef inside;        /* i1: every quad of the group wholly inside the buffers */
   int pt_unit;                /* the colour pass-through's texture unit, or -1 */
   unsigned pt_slot;           /* its texel words' output slot */
};

#define B (g->b)

static LLVMValueRef
cint(struct fs_gen *g, LLVMTypeRef t, uint64_t v)
{
   return LLVMConstInt(t, v, false);
}

static LLVMValueRef
cdbl(struct fs_gen *g, double v)
{
   return LLVMConstReal(g->f64, v);
}

/* Constant vectors of the group's width. */
static LLVMValueRef
vconst(struct fs_gen *g, LLVMValueRef scalar)
{
   LLVMValueRef e[16];
   for (unsigned l = 0; l < g->w; l++)
      e[l] = scalar;
   return LLVMConstVector(e, g->w);
}

static LLVMValueRef
vi(struct fs_gen *g, uint32_t v)
{
   return vconst(g, cint(g, g->i32, v));
}

static LLVMValueRef
vf(struct fs_gen *g, double v)
{
   return vconst(g, LLVMConstReal(g->f32, v));
}

static LLVMValueRef
vd(struct fs_gen *g, double v)
{
   return vconst(g, cdbl(g, v));
}

/* Lane l's value f(l) as a constant i32 vector. */
static LLVMValueRef
vlanes(struct fs_gen *g, unsigned (*f)(const struct fs_gen *, unsigned))
{
   LLVMValueRef e[16];
   for (unsigned l = 0; l < g->w; l++)
      e[l] = cint(g, g->i32, f(g, l));
   return LLVMConstVector(e, g->w);
}

/* Pixel of lane l within its quad (0..3, bit 0 x, bit 1 y). */
static unsigned
lane_pixel(const struct fs_gen *g, unsigned l)
{
   return (l & 3) ^ g->flip;
}

static unsigned
lane_dx(const struct fs_gen *g, unsigned l)
{
   return lane_pixel(g, l) & 1;
}

static unsigned
lane_dy(const struct fs_gen *g, unsigned l)
{
   return lane_pixel(g, l) >> 1;
}

static unsigned
lane_quad(const struct fs_gen *g, unsigned l)
{
   (void)g;
   return l >> 2;
}

static unsigned
lane_index(const struct fs_gen *g, unsigned l)
{
   (void)g;
   return l;
}

static unsigned
lane_runaway_bit(const struct fs_gen *g, unsigned l)
{
   (void)g;
   return PONY_JIT_RUNAWAY_SHIFT + (l >> 2);
}

static LLVMValueRef
splat(struct fs_gen *g, LLVMValueRef scalar, LLVMTypeRef vt)
{
   unsigned n = LLVMGetVectorSize(vt);
   LLVMValueRef v = LLVMBuildInsertElement(B, LLVMGetUndef(vt), scalar, cint(g, g->i32, 0), "");
   return LLVMBuildShuffleVector(B, v, LLVMGetUndef(vt), LLVMConstNull(LLVMVectorType(g->i32, n)),
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
   /* whole vectors (64 bytes at 16 lanes) are loaded from and stored to
    * arrays with their natural alignment */
   LLVMSetAlignment(a, 64);
   LLVMDisposeBuilder(ab);
   return a;
}

static LLVMValueRef
call_intrinsic(struct fs_gen *g, const char *name, LLVMTypeRef *types, unsigned ntypes,
               LLVMValueRef *args, unsigned nargs)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef f = LLVMGetIntrinsicDeclaration(g->mod, id, types, ntypes);
   LLVMTypeRef fty = LLVMIntrinsicGetType(g->ctx, id, types, ntypes);
   return LLVMBuildCall2(B, fty, f, args, nargs, "");
}

static LLVMValueRef
call_intrinsic1(struct fs_gen *g, const char *name, LLVMValueRef x)
{
   LLVMTypeRef t = LLVMTypeOf(x);
   return call_intrinsic(g, name, &t, 1, &x, 1);
}

/* swpipe_compare(func, a, b) on float or integer vectors (floats order as
 * their doubles do). */
static LLVMValueRef
compare(struct fs_gen *g, unsigned func, LLVMValueRef a, LLVMValueRef b, bool is_float)
{
   LLVMRealPredicate fp;
   LLVMIntPredicate ip;
   switch (func) {
   case PIPE_FUNC_NEVER:    return vconst(g, cint(g, g->i1, 0));
   case PIPE_FUNC_ALWAYS:   return vconst(g, cint(g, g->i1, 1));
   case PIPE_FUNC_LESS:     fp = LLVMRealOLT; ip = LLVMIntULT; break;
   case PIPE_FUNC_EQUAL:    fp = LLVMRealOEQ; ip = LLVMIntEQ; break;
   case PIPE_FUNC_LEQUAL:   fp = LLVMRealOLE; ip = LLVMIntULE; break;
   case PIPE_FUNC_GREATER:  fp = LLVMRealOGT; ip = LLVMIntUGT; break;
   case PIPE_FUNC_NOTEQUAL: fp = LLVMRealUNE; ip = LLVMIntNE; break;
   case PIPE_FUNC_GEQUAL:   fp = LLVMRealOGE; ip = LLVMIntUGE; break;
   default:                 return vconst(g, cint(g, g->i1, 0));
   }
   return is_float ? LLVMBuildFCmp(B, fp, a, b, "") : LLVMBuildICmp(B, ip, a, b, "");
}

/* x clamped as swpipe's clamp4(v, 0, 1): NaN and below 0 -> 0, above 1 -> 1. */
static LLVMValueRef
clamp01(struct fs_gen *g, LLVMValueRef x)
{
   LLVMValueRef zero = vf(g, 0.0), one = vf(g, 1.0);
   LLVMValueRef ge = LLVMBuildFCmp(B, LLVMRealOGE, x, zero, "");
   LLVMValueRef gt = LLVMBuildFCmp(B, LLVMRealOGT, x, one, "");
   return LLVMBuildSelect(B, ge, LLVMBuildSelect(B, gt, one, x, ""), zero, "");
}

/* swpipe_fragops.c factor(): component c of a blend factor. */
static LLVMValueRef
blend_factor(struct fs_gen *g, unsigned f, unsigned c, LLVMValueRef src[4], LLVMValueRef dst[4],
             LLVMValueRef constant[4])
{
   LLVMValueRef one = vf(g, 1.0);
   switch (f) {
   case PIPE_BLENDFACTOR_ONE:             return one;
   case PIPE_BLENDFACTOR_ZERO:            return vf(g, 0.0);
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
   default:                               return vf(g, 0.0);
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

/* swpipe_fragops.c swpipe_stencil_op() on 8-bit values held in i32 lanes. */
static LLVMValueRef
stencil_op(struct fs_gen *g, unsigned op, LLVMValueRef v, LLVMValueRef ref)
{
   LLVMValueRef ff = vi(g, 0xff), zero = vi(g, 0), one = vi(g, 1);
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

/* swpipe_fragops.c swpipe_logicop() on the packed texels (bitwise, so all
 * bytes at once). */
static LLVMValueRef
logic_op(struct fs_gen *g, unsigned op, LLVMValueRef s, LLVMValueRef d)
{
   LLVMValueRef ones = vi(g, 0xffffffffu);
   switch (op) {
   case PIPE_LOGICOP_CLEAR:         return vi(g, 0);
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

/* The group's new colour texels from the old ones (w lanes of i32):
 * blending, logic op, colour mask. */
/* The encoded colour does not depend on what the buffer holds (no
 * blending, no logic op): color_packed() gives it before the buffer is
 * read. */
static bool
color_independent(const struct pony_jit_fs_key *k)
{
   return !k->blend && !k->logicop;
}

/* The colour's 8-bit unorm channels at their bytes (the written ones). */
static LLVMValueRef
color_packed(struct fs_gen *g, LLVMValueRef res[4])
{
   const struct pony_jit_fs_key *k = g->key;
   LLVMValueRef packed = vi(g, 0);
   for (unsigned c = 0; c < 4; c++) {
      if (k->cbyte[c] < 0 || !(k->colormask >> c & 1))
         continue;
      /* u_format's float_to_channel for 8-bit unorm, in float */
      LLVMValueRef v = jit_float_to_unorm8(B, g->mod, res[c]);
      packed = LLVMBuildOr(B, packed, LLVMBuildShl(B, v, vi(g, 8u * (unsigned)k->cbyte[c]), ""), "");
   }
   return packed;
}

/* The texels to write over `old`; `packed`, when not NULL, is
 * color_packed() of the clamped colour (color_independent states). */
static LLVMValueRef
emit_color(struct fs_gen *g, LLVMValueRef old, LLVMValueRef color[4], LLVMValueRef constant[4],
           LLVMValueRef packed)
{
   const struct pony_jit_fs_key *k = g->key;
   LLVMValueRef src[4], res[4];

   uint32_t wmask = 0;
   for (unsigned c = 0; c < 4; c++)
      if (k->cbyte[c] >= 0 && (k->colormask >> c & 1))
         wmask |= 0xffu << (8u * (unsigned)k->cbyte[c]);
   if (packed)
      return LLVMBuildOr(B, LLVMBuildAnd(B, old, vi(g, ~wmask), ""),
                         LLVMBuildAnd(B, packed, vi(g, wmask), ""), "");
   for (unsigned c = 0; c < 4; c++)
      src[c] = clamp01(g, color[c]);
   if (k->blend) {
      LLVMValueRef dst[4];
      for (unsigned c = 0; c < 4; c++) {
         if (k->cbyte[c] < 0) {
            dst[c] = vf(g, c == 3 ? 1.0 : 0.0);
         } else {
            LLVMValueRef v = LLVMBuildAnd(B, LLVMBuildLShr(B, old, vi(g, 8u * (unsigned)k->cbyte[c]), ""),
                                          vi(g, 0xff), "");
            /* v / 255 as swpipe divides */
            dst[c] = jit_unorm8_to_float(B, g->mod, v);
         }
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

   packed = color_packed(g, res);
   if (k->logicop)
      packed = logic_op(g, k->logicop_func, packed, old);
   return LLVMBuildOr(B, LLVMBuildAnd(B, old, vi(g, ~wmask), ""),
                      LLVMBuildAnd(B, packed, vi(g, wmask), ""), "");
}

/* The two lanes of quad j holding row r of its pixels, in column order. */
static LLVMValueRef
row_lanes(struct fs_gen *g, unsigned j, unsigned r)
{
   LLVMValueRef e[2];
   for (unsigned c = 0; c < 2; c++)
      e[c] = cint(g, g->i32, 4 * j + ((2 * r + c) ^ g->flip));
   return LLVMConstVector(e, 2);
}

/* Where the group's pixels are in a buffer (base, stride and texel size
 * bpp): row r of quad j starts at addr[j][r]. */
struct group_rows {
   LLVMValueRef addr[4][2];
   LLVMTypeRef elem;           /* i16 or i32 */
   unsigned bpp;
};

static void
group_rows_init(struct fs_gen *g, struct group_rows *gr, LLVMValueRef base, LLVMValueRef stride,
                const LLVMValueRef *qx, const LLVMValueRef *qy, unsigned bpp)
{
   gr->elem = bpp == 2 ? g->i16 : g->i32;
   gr->bpp = bpp;
   for (unsigned j = 0; j < g->nq; j++) {
      LLVMValueRef x = LLVMBuildMul(B, LLVMBuildSExt(B, qx[j], g->i64, ""), cint(g, g->i64, bpp), "");
      for (unsigned r = 0; r < 2; r++) {
         LLVMValueRef y = LLVMBuildSExt(B, LLVMBuildAdd(B, qy[j], cint(g, g->i32, r), ""), g->i64, "");
         gr->addr[j][r] = byte_ptr(g, base, LLVMBuildAdd(B, LLVMBuildMul(B, y, stride, ""), x, ""));
      }
   }
}

/* The fast and the general path of a load or store: groups wholly inside
 * the buffers (g->inside, nearly all) use plain loads and stores. */
struct inside_split {
   LLVMBasicBlockRef plain, masked, join;
};

static void
inside_split_begin(struct fs_gen *g, struct inside_split *is)
{
   is->plain = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "plain");
   is->masked = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "masked");
   is->join = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "access");
   LLVMBuildCondBr(B, g->inside, is->plain, is->masked);
   LLVMPositionBuilderAtEnd(B, is->plain);
}

/* The texels of the lanes in m (<w x i1>), in lane order, as i32 lanes
 * (0 where m is off when the group is not wholly inside the buffers,
 * whose memory outside m is then not touched; else what the buffer
 * holds). */
static LLVMValueRef group_rows_load(struct fs_gen *g, const struct group_rows *gr, LLVMValueRef m,
                                    bool plain);

static LLVMValueRef
group_load(struct fs_gen *g, const struct group_rows *gr, LLVMValueRef m)
{
   struct inside_split is;
   inside_split_begin(g, &is);
   LLVMValueRef vp = group_rows_load(g, gr, m, true);
   LLVMBasicBlockRef pend = LLVMGetInsertBlock(B);
   LLVMBuildBr(B, is.join);
   LLVMPositionBuilderAtEnd(B, is.masked);
   LLVMValueRef vm = group_rows_load(g, gr, m, false);
   LLVMBasicBlockRef mend = LLVMGetInsertBlock(B);
   LLVMBuildBr(B, is.join);
   LLVMPositionBuilderAtEnd(B, is.join);
   LLVMValueRef v = LLVMBuildPhi(B, g->vi, "");
   LLVMValueRef vals[2] = { vp, vm };
   LLVMBasicBlockRef blocks[2] = { pend, mend };
   LLVMAddIncoming(v, vals, blocks, 2);
   return v;
}

static LLVMValueRef
group_rows_load(struct fs_gen *g, const struct group_rows *gr, LLVMValueRef m, bool plain)
{
   LLVMTypeRef v2 = LLVMVectorType(gr->elem, 2);
   LLVMValueRef quads[4] = { NULL };
   for (unsigned j = 0; j < g->nq; j++) {
      LLVMValueRef rows[2];
      for (unsigned r = 0; r < 2; r++) {
         if (plain) {
            rows[r] = LLVMBuildLoad2(B, v2, gr->addr[j][r], "");
            LLVMSetAlignment(rows[r], gr->bpp);
            continue;
         }
         LLVMValueRef rm = LLVMBuildShuffleVector(B, m, LLVMGetUndef(g->vb), row_lanes(g, j, r), "");
         LLVMTypeRef types[2] = { v2, g->ptr };
         LLVMValueRef args[4] = { gr->addr[j][r], cint(g, g->i32, gr->bpp), rm, LLVMConstNull(v2) };
         rows[r] = call_intrinsic(g, "llvm.masked.load", types, 2, args, 4);
      }
      /* lane l of the quad: pixel p = l ^ flip, row p >> 1, column p & 1 */
      LLVMValueRef e[4];
      for (unsigned l = 0; l < 4; l++) {
         unsigned p = l ^ g->flip;
         e[l] = cint(g, g->i32, 2 * (p >> 1) + (p & 1));
      }
      quads[j] = LLVMBuildShuffleVector(B, rows[0], rows[1], LLVMConstVector(e, 4), "");
   }
   /* concatenate the quads */
   LLVMValueRef v = quads[0];
   for (unsigned n = 1; n < g->nq; n *= 2) {
      for (unsigned j = 0; j < g->nq; j += 2 * n) {
         LLVMValueRef e[16];
         for (unsigned i = 0; i < 8 * n; i++)
            e[i] = cint(g, g->i32, i);
         quads[j] = LLVMBuildShuffleVector(B, quads[j], quads[j + n], LLVMConstVector(e, 8 * n), "");
      }
      v = quads[0];
   }
   return gr->elem == g->i32 ? v : LLVMBuildZExt(B, v, g->vi, "");
}

/* The quads' rows of v (i32 lanes, truncated to the texel) to their
 * addresses; with m (not NULL) only the lanes in m, by masked stores. */
static void
group_rows_store(struct fs_gen *g, const struct group_rows *gr, LLVMValueRef v, LLVMValueRef m)
{
   LLVMTypeRef v2 = LLVMVectorType(gr->elem, 2);
   if (gr->elem != g->i32)
      v = LLVMBuildTrunc(B, v, LLVMVectorType(gr->elem, g->w), "");
   for (unsigned j = 0; j < g->nq; j++) {
      for (unsigned r = 0; r < 2; r++) {
         LLVMValueRef sel = row_lanes(g, j, r);
         LLVMValueRef rv = LLVMBuildShuffleVector(B, v, LLVMGetUndef(LLVMTypeOf(v)), sel, "");
         if (!m) {
            LLVMSetAlignment(LLVMBuildStore(B, rv, gr->addr[j][r]), gr->bpp);
            continue;
         }
         LLVMValueRef rm = LLVMBuildShuffleVector(B, m, LLVMGetUndef(g->vb), sel, "");
         LLVMTypeRef types[2] = { v2, g->ptr };
         LLVMValueRef args[4] = { rv, gr->addr[j][r], cint(g, g->i32, gr->bpp), rm };
         call_intrinsic(g, "llvm.masked.store", types, 2, args, 4);
      }
   }
}

/* Stores lanes m of v (i32 lanes, truncated to the texel) back; a group
 * wholly inside the buffers writes whole quads, the lanes outside m with
 * what they hold (its quads are in one tile: no other thread writes
 * them), and without reading them when every lane is in m (whole quads
 * passing, the usual case in a fill). */
static void
group_store(struct fs_gen *g, const struct group_rows *gr, LLVMValueRef v, LLVMValueRef m)
{
   struct inside_split is;
   inside_split_begin(g, &is);
   LLVMTypeRef iw = LLVMIntTypeInContext(g->ctx, g->w);
   LLVMValueRef all = LLVMBuildICmp(B, LLVMIntEQ, LLVMBuildBitCast(B, m, iw, ""),
                                    LLVMConstAllOnes(iw), "");
   LLVMBasicBlockRef whole = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "store_whole");
   LLVMBasicBlockRef part = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "store_part");
   LLVMBuildCondBr(B, all, whole, part);
   LLVMPositionBuilderAtEnd(B, whole);
   group_rows_store(g, gr, v, NULL);
   LLVMBuildBr(B, is.join);
   LLVMPositionBuilderAtEnd(B, part);
   group_rows_store(g, gr, LLVMBuildSelect(B, m, v, group_rows_load(g, gr, m, true), ""), NULL);
   LLVMBuildBr(B, is.join);
   LLVMPositionBuilderAtEnd(B, is.masked);
   group_rows_store(g, gr, v, m);
   LLVMBuildBr(B, is.join);
   LLVMPositionBuilderAtEnd(B, is.join);
}

/* Lane l of a w vector = element l / 4 of v, a vector of nq values. */
static LLVMValueRef
per_quad(struct fs_gen *g, LLVMValueRef v)
{
   return LLVMBuildShuffleVector(B, v, LLVMGetUndef(LLVMTypeOf(v)), vlanes(g, lane_quad), "");
}

static LLVMValueRef
load_field(struct fs_gen *g, LLVMTypeRef t, size_t off)
{
   return load_at(g, t, g->quads, off);
}

/* The depth/stencil state a group's test needs (loaded once). */
/* A primitive of one depth (pony_jit_fs_depth_constant, no
 * gl_FragDepth): what every pixel's depth is, computed once before the
 * group loop. */
struct zs_const {
   LLVMValueRef cond;                  /* i1: the primitive is such */
   LLVMValueRef zf;                    /* its depth in float (splat) */
   LLVMValueRef zl, bits;              /* depth_clamped(), depth_bits() of it */
};

struct zs_env {
   LLVMValueRef base, stride;          /* the buffer */
   LLVMValueRef back;                  /* i1: back face's stencil state */
   LLVMValueRef sref, svm, swm;        /* the face's stencil reference and masks */
   LLVMValueRef dmin, dmax;            /* depth clamp range */
   const struct zs_const *zc;          /* NULL: the depth is computed per group */
};

static LLVMValueRef
phi2(struct fs_gen *g, LLVMValueRef a, LLVMBasicBlockRef ab, LLVMValueRef b, LLVMBasicBlockRef bb)
{
   LLVMValueRef phi = LLVMBuildPhi(B, LLVMTypeOf(a), "");
   LLVMValueRef vals[2] = { a, b };
   LLVMBasicBlockRef blocks[2] = { ab, bb };
   LLVMAddIncoming(phi, vals, blocks, 2);
   return phi;
}

/* The fragment depth as the test takes it: NaN 0, clamped to the depth
 * range with depth_clamp, then to [0, 1]. */
static LLVMValueRef
depth_clamped(struct fs_gen *g, const struct zs_env *ze, LLVMValueRef zf)
{
   LLVMValueRef zl = zf;
   zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOEQ, zl, zl, ""), zl, vf(g, 0.0), "");
   if (g->key->depth_clamp) {
      zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, zl, ze->dmin, ""), ze->dmin, zl, "");
      zl = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGT, zl, ze->dmax, ""), ze->dmax, zl, "");
   }
   return LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOLT, zl, vf(g, 0.0), ""), vf(g, 0.0),
                          LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOGT, zl, vf(g, 1.0), ""),
                                          vf(g, 1.0), zl, ""), "");
}

/* depth_clamped()'s value in the buffer's depth field: the float's bits,
 * or rounded to the unorm field's range. */
static LLVMValueRef
depth_bits(struct fs_gen *g, LLVMValueRef zl)
{
   const struct pony_jit_fs_key *k = g->key;
   uint32_t field = k->zbits >= 32 ? 0xffffffffu : (1u << k->zbits) - 1;
   if (k->zfloat)
      return LLVMBuildBitCast(B, zl, g->vi, "");
   if (field < (1u << 24))
      return jit_float_to_unorm(B, g->mod, zl, field);   /* in float, the same bits */
   LLVMValueRef sc = LLVMBuildFMul(B, LLVMBuildFPExt(B, zl, g->vd, ""), vd(g, (double)field), "");
   return LLVMBuildFPToUI(B, call_intrinsic1(g, "llvm.round", sc), g->vi, "");
}

/* swpipe_quad_depth_stencil.c for the lanes in m (fragment depth zf):
 * *nword is each texel as it must be written back (m's lanes), *both the
 * lanes that pass the stencil and depth tests. */
static void
zs_test(struct fs_gen *g, const struct zs_env *ze, const struct group_rows *zr, LLVMValueRef zf,
        LLVMValueRef m, LLVMValueRef *nword_out, LLVMValueRef *both_out)
{
   const struct pony_jit_fs_key *k = g->key;
   const struct zs_const *zc = ze->zc;
   LLVMValueRef word = group_load(g, zr, m);
   LLVMValueRef spass = vconst(g, cint(g, g->i1, 1)), zpass = spass, nword = word;
   LLVMValueRef sval = NULL;

   if (k->stencil_test) {
      sval = LLVMBuildAnd(B, LLVMBuildLShr(B, word, vi(g, k->sshift), ""), vi(g, 0xff), "");
      LLVMValueRef a = LLVMBuildAnd(B, ze->sref, ze->svm, ""), bv = LLVMBuildAnd(B, sval, ze->svm, "");
      spass = LLVMBuildSelect(B, ze->back, compare(g, k->sfunc[1], a, bv, false),
                              compare(g, k->sfunc[0], a, bv, false), "");
   }

   LLVMValueRef zbits = NULL;
   uint32_t field = k->zbits >= 32 ? 0xffffffffu : (1u << k->zbits) - 1;
   if (k->depth_test) {
      /* a primitive of one depth (zs_const): its value computed once */
      LLVMBasicBlockRef zc_from = NULL, zc_join = NULL;
      if (zc) {
         LLVMBasicBlockRef blk = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "zquant");
         zc_join = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "zquant1");
         zc_from = LLVMGetInsertBlock(B);
         LLVMBuildCondBr(B, zc->cond, zc_join, blk);
         LLVMPositionBuilderAtEnd(B, blk);
      }
      LLVMValueRef zl = depth_clamped(g, ze, zf);
      LLVMValueRef bits = depth_bits(g, zl);
      if (zc) {
         LLVMBasicBlockRef end = LLVMGetInsertBlock(B);
         LLVMBuildBr(B, zc_join);
         LLVMPositionBuilderAtEnd(B, zc_join);
         zl = phi2(g, zl, end, zc->zl, zc_from);
         bits = phi2(g, bits, end, zc->bits, zc_from);
      }
      LLVMValueRef stored = LLVMBuildAnd(B, LLVMBuildLShr(B, word, vi(g, k->zshift), ""),
                                         vi(g, field), "");
      zbits = bits;
      if (k->zfloat)
         zpass = compare(g, k->depth_func, zl, LLVMBuildBitCast(B, stored, g->vf, ""), true);
      else
         zpass = compare(g, k->depth_func, zbits, stored, false);
   }

   if (k->stencil_test) {
      /* fail when the stencil test fails, else zpass / zfail; written
       * through the face's write mask */
      LLVMValueRef ops[3][2];
      const uint8_t *opk[3] = { k->sfail, k->szfail, k->szpass };
      for (unsigned o = 0; o < 3; o++)
         for (unsigned face = 0; face < 2; face++)
            ops[o][face] = stencil_op(g, opk[o][face], sval, ze->sref);
      LLVMValueRef nv_fail = LLVMBuildSelect(B, ze->back, ops[0][1], ops[0][0], "");
      LLVMValueRef nv_zfail = LLVMBuildSelect(B, ze->back, ops[1][1], ops[1][0], "");
      LLVMValueRef nv_zpass = LLVMBuildSelect(B, ze->back, ops[2][1], ops[2][0], "");
      LLVMValueRef nv = LLVMBuildSelect(B, spass, LLVMBuildSelect(B, zpass, nv_zpass, nv_zfail, ""),
                                        nv_fail, "");
      nv = LLVMBuildOr(B, LLVMBuildAnd(B, nv, ze->swm, ""),
                       LLVMBuildAnd(B, sval, LLVMBuildXor(B, ze->swm, vi(g, 0xff), ""), ""), "");
      uint32_t sm = 0xffu << k->sshift;
      nword = LLVMBuildOr(B, LLVMBuildAnd(B, nword, vi(g, ~sm), ""),
                          LLVMBuildShl(B, nv, vi(g, k->sshift), ""), "");
   }
   LLVMValueRef both = LLVMBuildAnd(B, spass, zpass, "");
   if (k->depth_test && k->depth_write) {
      uint32_t mk = field << k->zshift;
      LLVMValueRef zw = LLVMBuildOr(B, LLVMBuildAnd(B, nword, vi(g, ~mk), ""),
                                    LLVMBuildAnd(B, LLVMBuildShl(B, zbits, vi(g, k->zshift), ""),
                                                 vi(g, mk), ""), "");
      nword = LLVMBuildSelect(B, both, zw, nword, "");
   }
   *nword_out = nword;
   *both_out = both;
}

/* The colour pass-through (jit_ir_build): the colour is one texel of an
 * 8-bit unorm texture, decoded, through the view's swizzle, so its encode
 * (color_packed) is the texel's bytes moved to the target's (a decoded
 * byte encodes to itself, swizzle 0 to 0, 1 and a missing channel to 255;
 * clamping changes none of them). */
static LLVMValueRef
passthrough_packed(struct fs_gen *g, LLVMValueRef word)
{
   const struct pony_jit_fs_key *k = g->key;
   const struct pony_jit_tex_key *tk = &k->tex[g->pt_unit];
   LLVMValueRef packed = vi(g, 0);
   for (unsigned c = 0; c < 4; c++) {
      if (k->cbyte[c] < 0 || !(k->colormask >> c & 1))
         continue;
      unsigned sw = tk->swizzle[c];
      LLVMValueRef v;
      if (sw <= PIPE_SWIZZLE_W && tk->cbyte[sw] >= 0 && tk->cbyte[sw] <= 3)
         v = LLVMBuildAnd(B, LLVMBuildLShr(B, word, vi(g, 8u * (unsigned)tk->cbyte[sw]), ""),
                          vi(g, 0xff), "");
      else if (sw == PIPE_SWIZZLE_0)
         v = vi(g, 0);
      else if (sw <= PIPE_SWIZZLE_W || sw == PIPE_SWIZZLE_1)
         v = vi(g, 255);
      else
         return NULL;   /* not a swizzle the sampling gives (jit_ir.c) */
      packed = LLVMBuildOr(B, packed, LLVMBuildShl(B, v, vi(g, 8u * (unsigned)k->cbyte[c]), ""), "");
   }
   return packed;
}

/* The shader's run on the inputs array: the discard/runaway bits (per
 * lane, as a vector), colour 0 (clamped with clamp_color), with
 * gl_FragDepth the depth (else *zf is left), and with `packed` (not NULL)
 * color_packed() of the colour clamped to [0, 1]. */
static LLVMValueRef
run_body(struct fs_gen *g, LLVMValueRef body, LLVMValueRef inputs, LLVMValueRef outputs,
         LLVMValueRef cbufs, LLVMValueRef sysvals, LLVMValueRef color[4], LLVMValueRef *zf,
         LLVMValueRef *packed)
{
   const struct pony_jit_fs_key *k = g->key;
   unsigned w = g->w;
   LLVMTypeRef bparams[4] = { g->ptr, g->ptr, g->ptr, g->ptr };
   LLVMTypeRef bty = LLVMFunctionType(g->i32, bparams, 4, false);
   LLVMValueRef args[4] = { inputs, outputs, cbufs, sysvals };
   LLVMValueRef r = splat(g, LLVMBuildCall2(B, bty, body, args, 4, ""), g->vi);
   for (unsigned c = 0; c < 4; c++) {
      if (k->color_out < 0) {
         color[c] = vf(g, 0.0);
         continue;
      }
      color[c] = LLVMBuildLoad2(B, g->vf,
                                byte_ptr(g, outputs, cint(g, g->i64, 4 * ((unsigned)k->color_out * 4 + c) * w)), "");
      if (k->clamp_color)
         color[c] = clamp01(g, color[c]);
   }
   if (k->depth_out >= 0)
      *zf = LLVMBuildLoad2(B, g->vf, byte_ptr(g, outputs, cint(g, g->i64, 4 * ((unsigned)k->depth_out * 4) * w)), "");
   if (packed && g->pt_unit >= 0) {
      LLVMValueRef word = LLVMBuildLoad2(
         B, g->vi, byte_ptr(g, outputs, cint(g, g->i64, 4 * (g->pt_slot * 4) * w)), "");
      *packed = passthrough_packed(g, word);
   } else if (packed) {
      LLVMValueRef src[4];
      for (unsigned c = 0; c < 4; c++)
         src[c] = clamp01(g, color[c]);
      *packed = color_packed(g, src);
   }
   return r;
}

/* What a primitive's lanes all compute alike (uniform shading): the
 * shader's results, and the encoded colour (color_independent). */
struct uniform_shade {
   LLVMValueRef r, color[4], zf, packed;
};

static enum pony_jit_status
build_fs(struct fs_gen *g, const char *name, LLVMValueRef body, unsigned nin, unsigned nout)
{
   const struct pony_jit_fs_key *k = g->key;
   unsigned n = k->num_verts, w = g->w;

   LLVMTypeRef params[2] = { g->ptr, g->ptr };
   LLVMTypeRef fty = LLVMFunctionType(g->i32, params, 2, false);
   g->fn = LLVMAddFunction(g->mod, name, fty);
   g->quads = LLVMGetParam(g->fn, 0);
   g->state = LLVMGetParam(g->fn, 1);
   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "entry");
   LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "group");
   LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "next");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "done");
   LLVMPositionBuilderAtEnd(B, entry);

   LLVMValueRef inputs = entry_alloca(g, LLVMArrayType(g->i32, (nin ? nin : 1) * 4 * w), "in");
   /* one more slot for the pass-through's texel words */
   LLVMValueRef outputs = entry_alloca(g, LLVMArrayType(g->i32, (nout + 1) * 4 * w), "out");
   LLVMValueRef count = entry_alloca(g, g->i32, "count");
   LLVMValueRef gidx = entry_alloca(g, g->i32, "group");
   LLVMBuildStore(B, cint(g, g->i32, 0), count);
   LLVMBuildStore(B, cint(g, g->i32, 0), gidx);

   /* what every group shares: the planes, the vertices, the state */
   LLVMValueRef nquads = load_field(g, g->i32, offsetof(struct pony_jit_fs_quads, count));
   LLVMValueRef off = vd(g, k->half_pixel_center ? 0.5 : 0.0);
   LLVMValueRef ox = splat(g, load_field(g, g->f64, offsetof(struct pony_jit_fs_quads, ox)), g->vd);
   LLVMValueRef oy = splat(g, load_field(g, g->f64, offsetof(struct pony_jit_fs_quads, oy)), g->vd);
   LLVMValueRef bary[3][3], ww[3], attr[3], ws[3];
   for (unsigned i = 0; i < 3; i++)
      for (unsigned j = 0; j < 3; j++)
         bary[i][j] = splat(g, load_field(g, g->f64, offsetof(struct pony_jit_fs_quads, bary) +
                                                     8 * (3 * i + j)), g->vd);
   LLVMValueRef zplane[3];
   for (unsigned j = 0; j < 3; j++)
      zplane[j] = splat(g, load_field(g, g->f64, offsetof(struct pony_jit_fs_quads, zplane) + 8 * j),
                        g->vd);
   for (unsigned i = 0; i < n; i++) {
      ws[i] = load_field(g, g->f32, offsetof(struct pony_jit_fs_quads, win_w) + 4 * i);
      ww[i] = splat(g, LLVMBuildFPExt(B, ws[i], g->f64, ""), g->vd);
      attr[i] = load_field(g, g->ptr, offsetof(struct pony_jit_fs_quads, attr) + 8 * i);
   }
   /* swpipe_prim_affine: every vertex has the same 1/w */
   LLVMValueRef affine = LLVMConstInt(g->i1, 1, false);
   for (unsigned i = 1; i < n; i++)
      affine = LLVMBuildAnd(B, affine, LLVMBuildFCmp(B, LLVMRealOEQ, ws[i], ws[0], ""), "");
   LLVMValueRef front = load_field(g, g->i32, offsetof(struct pony_jit_fs_quads, front_facing));
   LLVMValueRef cbufs = load_at(g, g->ptr, g->state, offsetof(struct pony_jit_fs_state, cbufs));
   LLVMValueRef sysvals = load_at(g, g->ptr, g->state, offsetof(struct pony_jit_fs_state, sysvals));
   LLVMValueRef fcv = NULL, fbh = NULL;
   if (k->frag_coord) {
      /* a copy of the draw's system values with the group's gl_FragCoord
       * and gl_FrontFacing */
      LLVMValueRef sv = entry_alloca(g, LLVMArrayType(g->i8, sizeof(struct pony_jit_sysvals)), "sv");
      LLVMBuildMemCpy(B, sv, 8, sysvals, 8, cint(g, g->i64, sizeof(struct pony_jit_sysvals)));
      fcv = entry_alloca(g, LLVMArrayType(g->f32, 4 * w), "fc");
      LLVMBuildStore(B, fcv, byte_ptr(g, sv, cint(g, g->i64, offsetof(struct pony_jit_sysvals, frag_coord))));
      LLVMValueRef ff = LLVMBuildMul(B, front, cint(g, g->i32, (1u << w) - 1), "");
      LLVMBuildStore(B, ff, byte_ptr(g, sv, cint(g, g->i64, offsetof(struct pony_jit_sysvals, front_facing))));
      fbh = splat(g, load_at(g, g->f64, g->state, offsetof(struct pony_jit_fs_state, fb_height)), g->vd);
      sysvals = sv;
   }
   LLVMValueRef inner_x = load_at(g, g->i32, g->state, offsetof(struct pony_jit_fs_state, inner_x));
   LLVMValueRef inner_y = load_at(g, g->i32, g->state, offsetof(struct pony_jit_fs_state, inner_y));
   LLVMValueRef alpha_ref = splat(g, load_at(g, g->f32, g->state, offsetof(struct pony_jit_fs_state, alpha_ref)), g->vf);
   LLVMValueRef dmin = splat(g, load_at(g, g->f32, g->state, offsetof(struct pony_jit_fs_state, depth_min)), g->vf);
   LLVMValueRef dmax = splat(g, load_at(g, g->f32, g->state, offsetof(struct pony_jit_fs_state, depth_max)), g->vf);
   LLVMValueRef constant[4];
   for (unsigned c = 0; c < 4; c++)
      constant[c] = splat(g, load_at(g, g->f32, g->state,
                                     offsetof(struct pony_jit_fs_state, blend_color) + 4 * c), g->vf);
   LLVMValueRef cbase = NULL, cstride = NULL;
   if (k->cbytes == 4 && (k->colormask & 0xf)) {
      cbase = load_at(g, g->ptr, g->state, offsetof(struct pony_jit_fs_state, color));
      cstride = load_at(g, g->i64, g->state, offsetof(struct pony_jit_fs_state, color_stride));
   }
   bool zs = (k->depth_test || k->stencil_test) && k->zbytes;
   /* without stencil or gl_FragDepth, the depth test can come first: a
    * group whose covered pixels all fail it changes nothing (what the
    * shader would do to them, discard or not, is never seen) */
   bool early = zs && k->depth_test && !k->stencil_test && k->depth_out < 0;
   struct zs_env ze = { 0 };
   ze.dmin = dmin;
   ze.dmax = dmax;
   if (zs) {
      ze.base = load_at(g, g->ptr, g->state, offsetof(struct pony_jit_fs_state, depth));
      ze.stride = load_at(g, g->i64, g->state, offsetof(struct pony_jit_fs_state, depth_stride));
   }
   if (zs && k->stencil_test) {
      /* the face: back-facing primitives use state 1 when two-sided */
      LLVMValueRef back = k->two_sided ? LLVMBuildICmp(B, LLVMIntEQ, front, cint(g, g->i32, 0), "")
                                       : cint(g, g->i1, 0);
      ze.back = back;
      LLVMValueRef fv[3][2];
      static const size_t offs[3] = { offsetof(struct pony_jit_fs_state, stencil_ref),
                                      offsetof(struct pony_jit_fs_state, stencil_valuemask),
                                      offsetof(struct pony_jit_fs_state, stencil_writemask) };
      for (unsigned f = 0; f < 3; f++)
         for (unsigned face = 0; face < 2; face++)
            fv[f][face] = LLVMBuildZExt(B, load_at(g, g->i8, g->state, offs[f] + face), g->i32, "");
      ze.sref = splat(g, LLVMBuildSelect(B, back, fv[0][1], fv[0][0], ""), g->vi);
      ze.svm = splat(g, LLVMBuildSelect(B, back, fv[1][1], fv[1][0], ""), g->vi);
      ze.swm = splat(g, LLVMBuildSelect(B, back, fv[2][1], fv[2][0], ""), g->vi);
   }
   /* input values per vertex (splat), loaded once; an interpolated input
    * with the same bits at every vertex is that value (swpipe_quad_fs.c):
    * same[s] tells, and av0[s] holds the value */
   LLVMValueRef (*av)[4][3] = calloc(nin ? nin : 1, sizeof *av);
   LLVMValueRef (*av0)[4] = calloc(nin ? nin : 1, sizeof *av0);
   LLVMValueRef (*ap)[4][3] = calloc(nin ? nin : 1, sizeof *ap);
   LLVMValueRef (*xdv)[4][3] = calloc(nin ? nin : 1, sizeof *xdv);
   LLVMValueRef *same = calloc(nin ? nin : 1, sizeof *same);
   if (!av || !av0 || !ap || !xdv || !same) {
      free(av);
      free(av0);
      free(ap);
      free(xdv);
      free(same);
      return PONY_JIT_ERROR;
   }
   /* the barycentric planes as scalars: the inputs' planes, sum(bary_ij a_i) */
   LLVMValueRef bary_s[3][3];
   for (unsigned i = 0; i < 3; i++)
      for (unsigned j = 0; j < 3; j++)
         bary_s[i][j] = load_field(g, g->f64, offsetof(struct pony_jit_fs_quads, bary) + 8 * (3 * i + j));
   for (unsigned s = 0; s < nin; s++) {
      unsigned kind = k->inputs[s].kind, a = k->inputs[s].attr;
      if (kind == PONY_JIT_FS_IN_ZERO)
         continue;
      unsigned nv = kind == PONY_JIT_FS_IN_FLAT || n == 1 ? 1 : n;
      if (nv > 1)
         same[s] = LLVMConstInt(g->i1, 1, false);
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef bits0 = NULL, xd[3];
         for (unsigned i = 0; i < nv; i++) {
            LLVMValueRef p = byte_ptr(g, attr[i], cint(g, g->i64, 16 * a + 4 * c));
            LLVMValueRef x = LLVMBuildLoad2(B, g->f32, p, "");
            xd[i] = xdv[s][c][i] = LLVMBuildFPExt(B, x, g->f64, "");
            av[s][c][i] = nv == 1 ? splat(g, x, g->vf) : splat(g, xd[i], g->vd);
            if (nv == 1)
               continue;
            if (i == 0)
               av0[s][c] = splat(g, x, g->vf);
            LLVMValueRef bits = LLVMBuildLoad2(B, g->i32, p, "");
            if (i == 0)
               bits0 = bits;
            else
               same[s] = LLVMBuildAnd(B, same[s], LLVMBuildICmp(B, LLVMIntEQ, bits, bits0, ""), "");
         }
         (void)xd;
      }
   }
   /* the inputs' planes (swpipe_quad_fs.c interpolate(): plane j = 0 +
    * bary_0j a_0 + ...), computed only for a primitive where some input
    * differs between the vertices (a batch of a few quads would pay for
    * them otherwise) */
   /* every interpolated input the same at each vertex (true without any) */
   LLVMValueRef all_same = LLVMConstInt(g->i1, 1, false);
   for (unsigned s = 0; s < nin; s++)
      if (same[s])
         all_same = LLVMBuildAnd(B, all_same, same[s], "");
   {
      LLVMValueRef any_differ = LLVMBuildNot(B, all_same, "");
      LLVMBasicBlockRef from = LLVMGetInsertBlock(B);
      LLVMBasicBlockRef pblk = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "planes");
      LLVMBasicBlockRef pjoin = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "planes1");
      LLVMBuildCondBr(B, any_differ, pblk, pjoin);
      LLVMPositionBuilderAtEnd(B, pblk);
      for (unsigned s = 0; s < nin; s++) {
         if (!same[s])
            continue;
         for (unsigned c = 0; c < 4; c++)
            for (unsigned j = 0; j < 3; j++) {
               LLVMValueRef acc = cdbl(g, 0.0);
               for (unsigned i = 0; i < n; i++)
                  acc = LLVMBuildFAdd(B, acc, LLVMBuildFMul(B, bary_s[i][j], xdv[s][c][i], ""), "");
               ap[s][c][j] = acc;
            }
      }
      LLVMBuildBr(B, pjoin);
      LLVMPositionBuilderAtEnd(B, pjoin);
      /* every phi first (the top of the block), then the splats */
      for (unsigned pass = 0; pass < 2; pass++) {
         for (unsigned s = 0; s < nin; s++) {
            if (!same[s])
               continue;
            for (unsigned c = 0; c < 4; c++)
               for (unsigned j = 0; j < 3; j++) {
                  if (pass) {
                     ap[s][c][j] = splat(g, ap[s][c][j], g->vd);
                     continue;
                  }
                  LLVMValueRef phi = LLVMBuildPhi(B, g->f64, "");
                  LLVMValueRef vals[2] = { ap[s][c][j], LLVMGetUndef(g->f64) };
                  LLVMBasicBlockRef blocks[2] = { pblk, from };
                  LLVMAddIncoming(phi, vals, blocks, 2);
                  ap[s][c][j] = phi;
               }
         }
      }
   }
   /* a smooth input differs between the vertices of a primitive that is
    * not affine: the perspective weights are needed (the others take
    * their planes) */
   LLVMValueRef any_sums = LLVMConstInt(g->i1, 0, false);
   for (unsigned s = 0; s < nin; s++)
      if (same[s] && k->inputs[s].kind == PONY_JIT_FS_IN_SMOOTH)
         any_sums = LLVMBuildOr(B, any_sums, LLVMBuildNot(B, same[s], ""), "");
   any_sums = LLVMBuildAnd(B, any_sums, LLVMBuildNot(B, affine, ""), "");
   /* Uniform shading: a shader that reads no system value, of inputs that
    * are the same at every vertex (or flat), computes the same in every
    * lane, derivatives 0 included: it runs once for the primitive, here,
    * and the groups take its results (and the encoded colour when that
    * does not depend on the buffer). */
   bool can_uniform = !k->frag_coord;
   bool packed_once = can_uniform && cbase && color_independent(k);
   LLVMValueRef uni = NULL;
   struct uniform_shade us = { 0 };
   if (can_uniform) {
      uni = all_same;
      LLVMBasicBlockRef from = LLVMGetInsertBlock(B);
      LLVMBasicBlockRef ublk = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "uniform");
      LLVMBasicBlockRef ujoin = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "uniform1");
      LLVMBuildCondBr(B, uni, ublk, ujoin);
      LLVMPositionBuilderAtEnd(B, ublk);
      for (unsigned s = 0; s < nin; s++) {
         unsigned kind = k->inputs[s].kind;
         for (unsigned c = 0; c < 4; c++) {
            LLVMValueRef v = kind == PONY_JIT_FS_IN_ZERO ? vf(g, 0.0)
                           : same[s] ? av0[s][c] : av[s][c][0];
            LLVMBuildStore(B, v, byte_ptr(g, inputs, cint(g, g->i64, 4 * (s * 4 + c) * w)));
         }
      }
      LLVMValueRef color_u[4], zf_u = vf(g, 0.0);
      LLVMValueRef packed_u = NULL;
      LLVMValueRef r_u = run_body(g, body, inputs, outputs, cbufs, sysvals, color_u, &zf_u,
                                  packed_once ? &packed_u : NULL);
      LLVMBuildBr(B, ujoin);
      LLVMPositionBuilderAtEnd(B, ujoin);
      /* (undefined where the primitive is not uniform: not read there) */
      us.r = phi2(g, r_u, ublk, LLVMGetUndef(g->vi), from);
      for (unsigned c = 0; c < 4; c++)
         us.color[c] = phi2(g, color_u[c], ublk, LLVMGetUndef(g->vf), from);
      us.zf = phi2(g, zf_u, ublk, LLVMGetUndef(g->vf), from);
      if (packed_u)
         us.packed = phi2(g, packed_u, ublk, LLVMGetUndef(g->vi), from);
   }
   struct zs_const zc;
   if (zs && k->depth_test && k->depth_out < 0 && !k->frag_coord) {
      LLVMValueRef z0 = load_field(g, g->f64, offsetof(struct pony_jit_fs_quads, zplane));
      zc.cond = LLVMBuildICmp(B, LLVMIntNE, load_field(g, g->i32, offsetof(struct pony_jit_fs_quads, depth_constant)),
                              cint(g, g->i32, 0), "");
      zc.zf = splat(g, LLVMBuildFPTrunc(B, z0, g->f32, ""), g->vf);
      zc.zl = depth_clamped(g, &ze, zc.zf);
      zc.bits = depth_bits(g, zc.zl);
      ze.zc = &zc;
   }
   LLVMBuildBr(B, loop);

   /* one group: quads gidx .. gidx + nq - 1 (those past the count are
    * helper lanes, covering nothing) */
   LLVMPositionBuilderAtEnd(B, loop);
   LLVMValueRef g0 = LLVMBuildLoad2(B, g->i32, gidx, "");
   LLVMValueRef qx[4], qy[4];
   /* nq quads at once: jitpipe_batch_run pads the arrays to a multiple of
    * 4 quads (the last quad again, covering nothing), so the vector loads
    * stay inside them and read defined values */
   LLVMTypeRef qt = LLVMVectorType(g->i32, g->nq);
   LLVMValueRef g64 = LLVMBuildMul(B, LLVMBuildZExt(B, g0, g->i64, ""), cint(g, g->i64, 4), "");
   LLVMValueRef qv[3];
   static const size_t qoff[3] = { offsetof(struct pony_jit_fs_quads, x),
                                   offsetof(struct pony_jit_fs_quads, y),
                                   offsetof(struct pony_jit_fs_quads, mask) };
   for (unsigned f = 0; f < 3; f++) {
      qv[f] = LLVMBuildLoad2(B, qt, byte_ptr(g, g->quads, LLVMBuildAdd(B, cint(g, g->i64, qoff[f]), g64, "")), "");
      LLVMSetAlignment(qv[f], 4);
   }
   for (unsigned j = 0; j < g->nq; j++) {
      qx[j] = LLVMBuildExtractElement(B, qv[0], cint(g, g->i32, j), "");
      qy[j] = LLVMBuildExtractElement(B, qv[1], cint(g, g->i32, j), "");
   }
   /* every quad wholly inside, and none of them padding (a padding quad
    * repeats the last one: its whole-quad store would undo that one's) */
   {
      LLVMValueRef in_x = LLVMBuildICmp(B, LLVMIntSLT, qv[0], splat(g, inner_x, qt), "");
      LLVMValueRef in_y = LLVMBuildICmp(B, LLVMIntSLT, qv[1], splat(g, inner_y, qt), "");
      LLVMTypeRef bits_t = LLVMIntTypeInContext(g->ctx, g->nq);
      LLVMValueRef both = LLVMBuildBitCast(B, LLVMBuildAnd(B, in_x, in_y, ""), bits_t, "");
      LLVMValueRef end = LLVMBuildAdd(B, g0, cint(g, g->i32, g->nq), "");
      g->inside = LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntEQ, both, LLVMConstAllOnes(bits_t), ""),
                               LLVMBuildICmp(B, LLVMIntULE, end, nquads, ""), "");
   }
   LLVMValueRef pxv = LLVMBuildAdd(B, per_quad(g, qv[0]), vlanes(g, lane_dx), "");
   LLVMValueRef pyv = LLVMBuildAdd(B, per_quad(g, qv[1]), vlanes(g, lane_dy), "");
   LLVMValueRef bits = LLVMBuildLShr(B, per_quad(g, qv[2]), vlanes(g, lane_pixel), "");
   LLVMValueRef covered = LLVMBuildICmp(B, LLVMIntNE, LLVMBuildAnd(B, bits, vi(g, 1), ""), vi(g, 0), "");

   /* depth (its plane), barycentrics, 1/w and the perspective weights
    * (swpipe_quad_shade).  Without gl_FragCoord the weights serve only
    * the inputs that differ between the vertices: when every input is the
    * same at each vertex (any_sums false) the group skips them. */
   bool need_w = k->frag_coord;
   bool need_pl = false, any_interp = false;
   for (unsigned s = 0; s < nin; s++) {
      unsigned kind = k->inputs[s].kind;
      need_pl = need_pl || (kind == PONY_JIT_FS_IN_SMOOTH && n > 1);
      any_interp = any_interp || (kind == PONY_JIT_FS_IN_SMOOTH && n > 1);
   }
   LLVMValueRef sx = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pxv, g->vd, ""), off, "");
   LLVMValueRef sy = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pyv, g->vd, ""), off, "");
   LLVMValueRef rx = LLVMBuildFSub(B, sx, ox, ""), ry = LLVMBuildFSub(B, sy, oy, "");
   LLVMValueRef z = vd(g, 0.0), zf_const = NULL;
   LLVMBasicBlockRef zfrom = NULL;
   if (ze.zc) {
      /* one depth for the primitive: its value (the plane's, exactly) */
      LLVMBasicBlockRef blk = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "zplane");
      LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "zplane1");
      zfrom = LLVMGetInsertBlock(B);
      LLVMBuildCondBr(B, ze.zc->cond, join, blk);
      LLVMPositionBuilderAtEnd(B, blk);
      z = LLVMBuildFAdd(B, LLVMBuildFAdd(B, zplane[0], LLVMBuildFMul(B, zplane[1], rx, ""), ""),
                        LLVMBuildFMul(B, zplane[2], ry, ""), "");
      LLVMValueRef zfv = LLVMBuildFPTrunc(B, z, g->vf, "");
      LLVMBasicBlockRef end = LLVMGetInsertBlock(B);
      LLVMBuildBr(B, join);
      LLVMPositionBuilderAtEnd(B, join);
      zf_const = phi2(g, zfv, end, ze.zc->zf, zfrom);
   } else if (zs || k->frag_coord) {
      z = LLVMBuildFAdd(B, LLVMBuildFAdd(B, zplane[0], LLVMBuildFMul(B, zplane[1], rx, ""), ""),
                        LLVMBuildFMul(B, zplane[2], ry, ""), "");
   }
   LLVMBasicBlockRef wskip = NULL, wjoin = NULL;
   if (!need_w) {
      wskip = LLVMGetInsertBlock(B);
      LLVMBasicBlockRef wblk = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "weights0");
      wjoin = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "weights1");
      LLVMBuildCondBr(B, any_interp ? any_sums : LLVMConstInt(g->i1, 0, false), wblk, wjoin);
      LLVMPositionBuilderAtEnd(B, wblk);
   }
   LLVMValueRef l[3], pl[3];
   LLVMValueRef invw = vd(g, 0.0);
   for (unsigned i = 0; i < 3; i++)
      l[i] = LLVMBuildFAdd(B, LLVMBuildFAdd(B, bary[i][0], LLVMBuildFMul(B, bary[i][1], rx, ""), ""),
                           LLVMBuildFMul(B, bary[i][2], ry, ""), "");
   for (unsigned i = 0; i < n; i++)
      invw = LLVMBuildFAdd(B, invw, LLVMBuildFMul(B, l[i], ww[i], ""), "");
   if (need_pl) {
      /* swpipe_quad_shade: the linear weights when the primitive is
       * affine, else l_i * (1/w_i) * (1 / interpolated 1/w) */
      LLVMBasicBlockRef from = LLVMGetInsertBlock(B);
      LLVMBasicBlockRef persp = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "persp");
      LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "weights");
      LLVMBuildCondBr(B, affine, join, persp);
      LLVMPositionBuilderAtEnd(B, persp);
      LLVMValueRef wsum = LLVMBuildSelect(B, LLVMBuildFCmp(B, LLVMRealOEQ, invw, vd(g, 0.0), ""),
                                          vd(g, 1.0), invw, "");
      LLVMValueRef r = LLVMBuildFDiv(B, vd(g, 1.0), wsum, "");
      LLVMValueRef ppl[3];
      for (unsigned i = 0; i < n; i++)
         ppl[i] = LLVMBuildFMul(B, LLVMBuildFMul(B, l[i], ww[i], ""), r, "");
      LLVMBuildBr(B, join);
      LLVMPositionBuilderAtEnd(B, join);
      for (unsigned i = 0; i < n; i++) {
         pl[i] = LLVMBuildPhi(B, g->vd, "");
         LLVMValueRef vals[2] = { l[i], ppl[i] };
         LLVMBasicBlockRef blocks[2] = { from, persp };
         LLVMAddIncoming(pl[i], vals, blocks, 2);
      }
   }
   if (!need_w) {
      /* the skipped path leaves the weights undefined: no input reads them
       * there */
      LLVMBasicBlockRef wend = LLVMGetInsertBlock(B);
      LLVMBuildBr(B, wjoin);
      LLVMPositionBuilderAtEnd(B, wjoin);
      LLVMBasicBlockRef blocks[2] = { wend, wskip };
      for (unsigned i = 0; i < 3; i++) {
         LLVMValueRef vals[2] = { l[i], LLVMGetUndef(g->vd) };
         l[i] = LLVMBuildPhi(B, g->vd, "");
         LLVMAddIncoming(l[i], vals, blocks, 2);
         if (need_pl && i < n) {
            LLVMValueRef pvals[2] = { pl[i], LLVMGetUndef(g->vd) };
            pl[i] = LLVMBuildPhi(B, g->vd, "");
            LLVMAddIncoming(pl[i], pvals, blocks, 2);
         }
      }
   }
   LLVMValueRef zf = zf_const ? zf_const : LLVMBuildFPTrunc(B, z, g->vf, "");

   struct group_rows zr;
   LLVMValueRef nword = NULL, zboth = NULL;
   if (zs)
      group_rows_init(g, &zr, ze.base, ze.stride, qx, qy, k->zbytes);
   if (early) {
      zs_test(g, &ze, &zr, zf, covered, &nword, &zboth);
      LLVMValueRef any = LLVMBuildBitCast(B, LLVMBuildAnd(B, covered, zboth, ""),
                                          LLVMIntTypeInContext(g->ctx, w), "");
      LLVMBasicBlockRef shade = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "shade");
      LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntNE, any, LLVMConstNull(LLVMTypeOf(any)), ""),
                      shade, next);
      LLVMPositionBuilderAtEnd(B, shade);
   }

   /* a uniform primitive's groups skip the inputs and the shader */
   LLVMBasicBlockRef ufrom = NULL, ujoin = NULL;
   if (can_uniform) {
      LLVMBasicBlockRef lanes = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "shade_lanes");
      ujoin = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "shaded");
      ufrom = LLVMGetInsertBlock(B);
      LLVMBuildCondBr(B, uni, ujoin, lanes);
      LLVMPositionBuilderAtEnd(B, lanes);
   }

   /* the inputs, SoA: word (s * 4 + c) * w + lane */
   for (unsigned s = 0; s < nin; s++) {
      unsigned kind = k->inputs[s].kind;
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef v;
         if (kind == PONY_JIT_FS_IN_ZERO) {
            v = vf(g, 0.0);
         } else if (kind == PONY_JIT_FS_IN_FLAT || n == 1) {
            v = av[s][c][0];
         } else {
            continue;   /* below */
         }
         LLVMBuildStore(B, v, byte_ptr(g, inputs, cint(g, g->i64, 4 * (s * 4 + c) * w)));
      }
      if (kind == PONY_JIT_FS_IN_ZERO || kind == PONY_JIT_FS_IN_FLAT || n == 1)
         continue;
      /* interpolated: the value every vertex has, the input's plane
       * (noperspective, or an affine primitive), or the perspective sums */
      LLVMBasicBlockRef value = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "same");
      LLVMBasicBlockRef differ = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "differ");
      LLVMBasicBlockRef plane = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "plane");
      LLVMBasicBlockRef stored = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "stored");
      LLVMBuildCondBr(B, same[s], value, differ);
      LLVMPositionBuilderAtEnd(B, value);
      for (unsigned c = 0; c < 4; c++)
         LLVMBuildStore(B, av0[s][c], byte_ptr(g, inputs, cint(g, g->i64, 4 * (s * 4 + c) * w)));
      LLVMBuildBr(B, stored);
      LLVMPositionBuilderAtEnd(B, differ);
      if (kind == PONY_JIT_FS_IN_SMOOTH) {
         LLVMBasicBlockRef sums = LLVMAppendBasicBlockInContext(g->ctx, g->fn, "persp_sums");
         LLVMBuildCondBr(B, affine, plane, sums);
         LLVMPositionBuilderAtEnd(B, sums);
         for (unsigned c = 0; c < 4; c++) {
            LLVMValueRef acc = vd(g, 0.0);
            for (unsigned i = 0; i < n; i++)
               acc = LLVMBuildFAdd(B, acc, LLVMBuildFMul(B, pl[i], av[s][c][i], ""), "");
            LLVMBuildStore(B, LLVMBuildFPTrunc(B, acc, g->vf, ""),
                           byte_ptr(g, inputs, cint(g, g->i64, 4 * (s * 4 + c) * w)));
         }
         LLVMBuildBr(B, stored);
      } else {
         LLVMBuildBr(B, plane);
      }
      LLVMPositionBuilderAtEnd(B, plane);
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef v = LLVMBuildFAdd(B, LLVMBuildFAdd(B, ap[s][c][0],
                                                         LLVMBuildFMul(B, ap[s][c][1], rx, ""), ""),
                                        LLVMBuildFMul(B, ap[s][c][2], ry, ""), "");
         LLVMBuildStore(B, LLVMBuildFPTrunc(B, v, g->vf, ""),
                        byte_ptr(g, inputs, cint(g, g->i64, 4 * (s * 4 + c) * w)));
      }
      LLVMBuildBr(B, stored);
      LLVMPositionBuilderAtEnd(B, stored);
   }
   free(av);
   free(av0);
   free(ap);
   free(xdv);
   free(same);

   /* shading */
   if (k->frag_coord) {
      /* swpipe_quad_shade: x + 0.5, y + 0.5 in GL window coordinates, z,
       * 1/w, in double rounded to float */
      LLVMValueRef half = vd(g, 0.5);
      LLVMValueRef fx = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pxv, g->vd, ""), half, "");
      LLVMValueRef fy = LLVMBuildFAdd(B, LLVMBuildSIToFP(B, pyv, g->vd, ""), half, "");
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
         LLVMBuildStore(B, LLVMBuildFPTrunc(B, comps[c], g->vf, ""),
                        byte_ptr(g, fcv, cint(g, g->i64, 4 * c * w)));
   }
   LLVMValueRef color[4], zf_lanes = zf;
   LLVMValueRef packed = NULL;
   LLVMValueRef r = run_body(g, body, inputs, outputs, cbufs, sysvals, color, &zf_lanes,
                             packed_once || (cbase && g->pt_unit >= 0) ? &packed : NULL);
   if (can_uniform) {
      LLVMBasicBlockRef lend = LLVMGetInsertBlock(B);
      LLVMBuildBr(B, ujoin);
      LLVMPositionBuilderAtEnd(B, ujoin);
      r = phi2(g, r, lend, us.r, ufrom);
      for (unsigned c = 0; c < 4; c++)
         color[c] = phi2(g, color[c], lend, us.color[c], ufrom);
      zf_lanes = phi2(g, zf_lanes, lend, k->depth_out >= 0 ? us.zf : zf, ufrom);
      if (packed)
         packed = phi2(g, packed, lend, us.packed, ufrom);
   }
   zf = zf_lanes;

   /* live lanes: covered, not discarded, their quad not run away */
   LLVMValueRef discarded = LLVMBuildAnd(B, LLVMBuildLShr(B, r, vlanes(g, lane_index), ""), vi(g, 1), "");
   LLVMValueRef runaway = LLVMBuildAnd(B, LLVMBuildLShr(B, r, vlanes(g, lane_runaway_bit), ""), vi(g, 1), "");
   LLVMValueRef live = LLVMBuildAnd(B, covered,
                                    LLVMBuildICmp(B, LLVMIntEQ, LLVMBuildOr(B, discarded, runaway, ""),
                                                  vi(g, 0), ""), "");

   if (k->alpha_test)
      live = LLVMBuildAnd(B, live, compare(g, k->alpha_func, color[3], alpha_ref, true), "");

   LLVMValueRef pass = live;
   if (zs) {
      if (!early)
         zs_test(g, &ze, &zr, zf, live, &nword, &zboth);
      if (k->stencil_test || (k->depth_test && k->depth_write))
         group_store(g, &zr, nword, live);
      pass = LLVMBuildAnd(B, live, zboth, "");
   }

   /* the occlusion count */
   LLVMTypeRef iw = LLVMIntTypeInContext(g->ctx, w);
   LLVMValueRef pbits = call_intrinsic1(g, "llvm.ctpop", LLVMBuildBitCast(B, pass, iw, ""));
   pbits = w < 32 ? LLVMBuildZExt(B, pbits, g->i32, "") : pbits;
   LLVMBuildStore(B, LLVMBuildAdd(B, LLVMBuildLoad2(B, g->i32, count, ""), pbits, ""), count);

   if (cbase) {
      struct group_rows cr;
      group_rows_init(g, &cr, cbase, cstride, qx, qy, 4);
      LLVMValueRef old = group_load(g, &cr, pass);
      group_store(g, &cr, emit_color(g, old, color, constant, packed), pass);
   }

   LLVMBuildBr(B, next);
   LLVMPositionBuilderAtEnd(B, next);
   LLVMValueRef g1 = LLVMBuildAdd(B, g0, cint(g, g->i32, g->nq), "");
   LLVMBuildStore(B, g1, gidx);
   LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntULT, g1, nquads, ""), loop, done);
   LLVMPositionBuilderAtEnd(B, done);
   LLVMBuildRet(B, LLVMBuildLoad2(B, g->i32, count, ""));
   return PONY_JIT_OK;
}

bool
pony_jit_fs_depth_constant(const struct pony_jit_fs_quads *q, unsigned width, unsigned height)
{
   double z0 = q->zplane[0];
   float f = (float)z0;
   if (!(f > 0.0f) || !(f <= FLT_MAX))
      return false;
   /* pixel centres or corners: x - ox in [-ox, width - ox], the same in y */
   double rx = fmax(fabs(q->ox), fabs((double)width - q->ox));
   double ry = fmax(fabs(q->oy), fabs((double)height - q->oy));
   double b = fabs(q->zplane[1]) * rx + fabs(q->zplane[2]) * ry;
   /* the evaluation's roundings (two products, two sums) and this one's */
   b = b * (1.0 + 0x1p-40) + fabs(z0) * 0x1p-48;
   /* the interval below is at most an ulp of f wide: a sloped plane (the
    * usual primitive) is refused here, before looking at f's neighbours */
   if (!(b < (double)f * 0x1p-23))
      return false;
   /* f's neighbours: its bits minus and plus one (f positive and finite) */
   uint32_t bits, below_bits, above_bits;
   memcpy(&bits, &f, sizeof bits);
   below_bits = bits - 1;
   above_bits = bits + 1;
   float below, above;
   memcpy(&below, &below_bits, sizeof below);
   memcpy(&above, &above_bits, sizeof above);
   double lo = ((double)below + (double)f) * 0.5;
   double hi = ((double)above + (double)f) * 0.5;
   return z0 - b > lo && z0 + b < hi;
}

enum pony_jit_status
pony_jit_compile_fs(struct pony_jit *jit, const struct ir_shader *shader,
                    const struct pony_jit_fs_key *key, struct pony_jit_shader **out, char *err,
                    unsigned err_size)
{
   *out = NULL;
   if (jit->width != 4 && jit->width != 8 && jit->width != 16) {
      snprintf(err, err_size, "fragment variants need a 4, 8 or 16-lane JIT");
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
   /* the colour pass-through (passthrough_packed), where the colour's
    * encode is all that follows the shader (no blending or logic op) into
    * a 4-byte unorm8 target */
   int pt_slot = color_independent(key) && key->color_out >= 0 && key->cbytes == 4
                    ? key->color_out : -1;
   g->pt_unit = -1;
   enum pony_jit_status st = jit_ir_build(jit, g->ctx, mod, body_name, shader, key->tex, pt_slot,
                                          &g->pt_unit, &s->num_inputs, &s->num_outputs, err,
                                          err_size);
   g->pt_slot = s->num_outputs;
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
   g->i1 = LLVMInt1TypeInContext(g->ctx);
   g->w = jit->width;
   g->nq = g->w / 4;
   g->flip = key->flip ? 2 : 0;
   g->vf = LLVMVectorType(g->f32, g->w);
   g->vd = LLVMVectorType(g->f64, g->w);
   g->vi = LLVMVectorType(g->i32, g->w);
   g->vb = LLVMVectorType(g->i1, g->w);
   st = build_fs(g, name, body, s->num_inputs, s->num_outputs);
   LLVMDisposeBuilder(g->b);
   if (st != PONY_JIT_OK) {
      LLVMDisposeModule(mod);
      goto out;
   }
   st = jit_module_finish(jit, mod, name, s, err, err_size);

out:
   jit_drain_deferred_locked(jit);
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
