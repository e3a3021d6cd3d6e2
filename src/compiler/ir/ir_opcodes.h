/*
 * The one table of Pony IR opcodes.  Included several times with different
 * definitions of the entry macros; every consumer defines what it needs and
 * the rest default to nothing.  It yields the enum (ir.h), the info table
 * (ir.c), the builder helpers (ir_builder.h), the constant-folding switch
 * (ir_opt_constant_fold.c) and the opcode list in docs/ir.md (ir_doc).
 *
 * ALU entries (pure, typed, per-opcode type rules):
 *
 *    IR_ALUn(name, dst, src0 .. src(n-1), flags, fold_sig, fold_expr, desc)
 *
 *    dst/srcN   operand type rules, IR_TY(base, size) spelled with the
 *               short names defined below (TFN = float, n components; ...)
 *    flags      IR_OPF_* bits
 *    fold_sig   how constant folding reads sources and writes the result,
 *               one component at a time: FF (float -> float), FB (float ->
 *               bool), II, IB, UU, UB, BB, IF, UF, FI, FU, BF, BI, ...
 *               CUSTOM: folded by hand in ir_opt_constant_fold.c;
 *               NONE: never folded.
 *    fold_expr  C expression over the per-component sources a, b, c
 *               (unused for CUSTOM/NONE)
 *
 * Other entries:
 *
 *    IR_OP(name, kind, flags, desc)
 */

#ifndef IR_ALU1
#define IR_ALU1(name, dst, s0, flags, sig, expr, desc)
#endif
#ifndef IR_ALU2
#define IR_ALU2(name, dst, s0, s1, flags, sig, expr, desc)
#endif
#ifndef IR_ALU3
#define IR_ALU3(name, dst, s0, s1, s2, flags, sig, expr, desc)
#endif
#ifndef IR_ALU4
#define IR_ALU4(name, dst, s0, s1, s2, s3, flags, sig, expr, desc)
#endif
#ifndef IR_OP
#define IR_OP(name, kind, flags, desc)
#endif

/* Operand type short names: base (F float, I int, U uint, B bool, IU int or
 * uint, A any, D same base as the destination, S same base as source 0)
 * and size (N: the operation's width, shared by every N operand; 1/2/3/4:
 * fixed; X: free). */
#define TFN  IR_TY(F, N)
#define TF1  IR_TY(F, 1)
#define TF3  IR_TY(F, 3)
#define TIN  IR_TY(I, N)
#define TI1  IR_TY(I, 1)
#define TUN  IR_TY(U, N)
#define TBN  IR_TY(B, N)
#define TB1  IR_TY(B, 1)
#define TIUN IR_TY(IU, N)
#define TIU1 IR_TY(IU, 1)
#define TAN  IR_TY(A, N)
#define TDN  IR_TY(D, N)
#define TD1  IR_TY(D, 1)
#define TSN  IR_TY(S, N)
#define TA2  IR_TY(A, 2)
#define TA3  IR_TY(A, 3)
#define TA4  IR_TY(A, 4)
#define TXX  IR_TY(NONE, NONE)

#define COMM IR_OPF_COMMUTATIVE
#define PURE 0
#define VEC  IR_OPF_VECTOR

/* ---- moves and vector construction ---- */
IR_ALU1(mov,    TAN, TDN, PURE, CUSTOM, 0, "copy of the source")
IR_ALU2(vec2,   TA2, TD1, TD1, VEC, CUSTOM, 0, "two-component vector from two scalars")
IR_ALU3(vec3,   TA3, TD1, TD1, TD1, VEC, CUSTOM, 0, "three-component vector from three scalars")
IR_ALU4(vec4,   TA4, TD1, TD1, TD1, TD1, VEC, CUSTOM, 0, "four-component vector from four scalars")
IR_OP(swizzle,  IR_KIND_SWIZZLE, 0, "components of a vector picked by an immediate swizzle: `%d = swizzle vec2 %v.zx`")
IR_ALU3(select, TAN, TBN, TDN, TDN, PURE, CUSTOM, 0, "per component: src0 ? src1 : src2")

/* ---- float arithmetic ---- */
IR_ALU2(fadd,   TFN, TFN, TFN, COMM, FF, a + b, "a + b")
IR_ALU2(fsub,   TFN, TFN, TFN, PURE, FF, a - b, "a - b")
IR_ALU2(fmul,   TFN, TFN, TFN, COMM, FF, a * b, "a * b")
IR_ALU2(fdiv,   TFN, TFN, TFN, PURE, FF, a / b, "a / b (IEEE: x/0 is an infinity or NaN)")
IR_ALU1(fneg,   TFN, TFN, PURE, FF, -a, "-a")
IR_ALU1(fabs,   TFN, TFN, PURE, FF, fabsf(a), "abs(a)")
IR_ALU1(fsign,  TFN, TFN, PURE, FF, ir_fold_fsign(a), "sign(a): -1.0, 0.0 or 1.0")
IR_ALU2(fmin,   TFN, TFN, TFN, COMM, FF, fminf(a, b), "min(a, b); a NaN operand gives the other operand")
IR_ALU2(fmax,   TFN, TFN, TFN, COMM, FF, fmaxf(a, b), "max(a, b); a NaN operand gives the other operand")
IR_ALU3(fclamp, TFN, TFN, TFN, TFN, PURE, FF, fminf(fmaxf(a, b), c), "clamp(x, lo, hi) = min(max(x, lo), hi)")
IR_ALU3(fmix,   TFN, TFN, TFN, TFN, PURE, FF, a * (1.0f - c) + b * c, "mix(x, y, t) = x * (1 - t) + y * t")
IR_ALU2(fstep,  TFN, TFN, TFN, PURE, FF, b < a ? 0.0f : 1.0f, "step(edge, x) = x < edge ? 0.0 : 1.0")
IR_ALU3(fsmoothstep, TFN, TFN, TFN, TFN, PURE, FF, ir_fold_smoothstep(a, b, c), "smoothstep(e0, e1, x)")
IR_ALU3(ffma,   TFN, TFN, TFN, TFN, PURE, FF, fmaf(a, b, c), "a * b + c (fma)")
IR_ALU1(ffloor, TFN, TFN, PURE, FF, floorf(a), "floor(a)")
IR_ALU1(fceil,  TFN, TFN, PURE, FF, ceilf(a), "ceil(a)")
IR_ALU1(ffract, TFN, TFN, PURE, FF, a - floorf(a), "fract(a) = a - floor(a)")
IR_ALU1(ftrunc, TFN, TFN, PURE, FF, truncf(a), "trunc(a)")
IR_ALU1(fround_even, TFN, TFN, PURE, FF, rintf(a), "roundEven(a) (GLSL round() may use it too)")
IR_ALU2(fmod,   TFN, TFN, TFN, PURE, FF, a - b * floorf(a / b), "mod(a, b) = a - b * floor(a / b)")
IR_ALU1(frcp,   TFN, TFN, PURE, FF, 1.0f / a, "1 / a")
IR_ALU1(fsqrt,  TFN, TFN, PURE, FF, sqrtf(a), "sqrt(a); NaN for a < 0")
IR_ALU1(frsq,   TFN, TFN, PURE, FF, 1.0f / sqrtf(a), "inversesqrt(a)")
IR_ALU1(fexp,   TFN, TFN, PURE, FF, expf(a), "exp(a)")
IR_ALU1(fexp2,  TFN, TFN, PURE, FF, exp2f(a), "exp2(a)")
IR_ALU1(flog,   TFN, TFN, PURE, FF, logf(a), "log(a)")
IR_ALU1(flog2,  TFN, TFN, PURE, FF, u_log2f(a), "log2(a) (util/u_log2.h)")
IR_ALU2(fpow,   TFN, TFN, TFN, PURE, FF, powf(a, b), "pow(a, b)")
IR_ALU1(fsin,   TFN, TFN, PURE, FF, ir_fold_sin(a), "sin(a)")
IR_ALU1(fcos,   TFN, TFN, PURE, FF, ir_fold_cos(a), "cos(a)")
IR_ALU1(ftan,   TFN, TFN, PURE, FF, tanf(a), "tan(a)")
IR_ALU1(fasin,  TFN, TFN, PURE, FF, asinf(a), "asin(a)")
IR_ALU1(facos,  TFN, TFN, PURE, FF, acosf(a), "acos(a)")
IR_ALU1(fatan,  TFN, TFN, PURE, FF, atanf(a), "atan(a)")
IR_ALU2(fatan2, TFN, TFN, TFN, PURE, FF, atan2f(a, b), "atan(y, x)")
IR_ALU1(fsinh,  TFN, TFN, PURE, FF, sinhf(a), "sinh(a)")
IR_ALU1(fcosh,  TFN, TFN, PURE, FF, coshf(a), "cosh(a)")
IR_ALU1(ftanh,  TFN, TFN, PURE, FF, tanhf(a), "tanh(a)")
IR_ALU1(fasinh, TFN, TFN, PURE, FF, asinhf(a), "asinh(a)")
IR_ALU1(facosh, TFN, TFN, PURE, FF, acoshf(a), "acosh(a)")
IR_ALU1(fatanh, TFN, TFN, PURE, FF, atanhf(a), "atanh(a)")
IR_ALU1(fradians, TFN, TFN, PURE, FF, a * 0.017453292519943295f, "radians(a)")
IR_ALU1(fdegrees, TFN, TFN, PURE, FF, a * 57.29577951308232f, "degrees(a)")
IR_ALU2(fldexp, TFN, TFN, TIN, PURE, CUSTOM, 0, "ldexp(x, exp) = x * 2^exp")
IR_ALU1(ffrexp_sig, TFN, TFN, PURE, FF, ir_fold_frexp_sig(a), "significand of frexp(x), in [0.5, 1) or 0")
IR_ALU1(ffrexp_exp, TIN, TFN, PURE, FI, ir_fold_frexp_exp(a), "exponent of frexp(x)")
IR_ALU1(fisnan, TBN, TFN, PURE, FB, isnan(a), "isnan(a)")
IR_ALU1(fisinf, TBN, TFN, PURE, FB, isinf(a), "isinf(a)")

/* ---- geometric (reductions and whole-vector operations) ---- */
IR_ALU2(fdot,   TF1, TFN, TFN, COMM | VEC, CUSTOM, 0, "dot(a, b)")
IR_ALU2(fcross, TF3, TF3, TF3, VEC, CUSTOM, 0, "cross(a, b) (vec3 only)")
IR_ALU1(flength, TF1, TFN, VEC, CUSTOM, 0, "length(a)")
IR_ALU2(fdistance, TF1, TFN, TFN, VEC, CUSTOM, 0, "distance(a, b)")
IR_ALU1(fnormalize, TFN, TFN, VEC, CUSTOM, 0, "normalize(a)")
IR_ALU3(ffaceforward, TFN, TFN, TFN, TFN, VEC, CUSTOM, 0, "faceforward(n, i, nref)")
IR_ALU2(freflect, TFN, TFN, TFN, VEC, CUSTOM, 0, "reflect(i, n)")
IR_ALU3(frefract, TFN, TFN, TFN, TF1, VEC, CUSTOM, 0, "refract(i, n, eta)")

/* ---- derivatives (fragment shaders; folded to 0 on constants) ---- */
IR_ALU1(fddx,   TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "dFdx(a)")
IR_ALU1(fddy,   TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "dFdy(a)")
IR_ALU1(fddx_fine, TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "dFdxFine(a)")
IR_ALU1(fddy_fine, TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "dFdyFine(a)")
IR_ALU1(fddx_coarse, TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "dFdxCoarse(a)")
IR_ALU1(fddy_coarse, TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "dFdyCoarse(a)")
IR_ALU1(fwidth, TFN, TFN, IR_OPF_DERIVATIVE, FF, 0.0f * a, "fwidth(a) = abs(dFdx(a)) + abs(dFdy(a))")

/* ---- integer arithmetic (int or uint; two's complement, wraps) ---- */
IR_ALU2(iadd,   TIUN, TDN, TDN, COMM, UU, a + b, "a + b (wraps)")
IR_ALU2(isub,   TIUN, TDN, TDN, PURE, UU, a - b, "a - b (wraps)")
IR_ALU2(imul,   TIUN, TDN, TDN, COMM, UU, a * b, "a * b (wraps, low 32 bits)")
IR_ALU1(ineg,   TIUN, TDN, PURE, UU, 0u - a, "-a (wraps)")
IR_ALU2(idiv,   TIN, TIN, TIN, PURE, II, ir_fold_idiv(a, b), "signed a / b rounding toward zero; x/0 gives 0 when folded (undefined in GLSL)")
IR_ALU2(imod,   TIN, TIN, TIN, PURE, II, ir_fold_imod(a, b), "signed a % b (sign of a); x%0 gives 0 when folded")
IR_ALU2(udiv,   TUN, TUN, TUN, PURE, UU, b ? a / b : 0u, "unsigned a / b; x/0 gives 0 when folded")
IR_ALU2(umod,   TUN, TUN, TUN, PURE, UU, b ? a % b : 0u, "unsigned a % b; x%0 gives 0 when folded")
IR_ALU1(iabs,   TIN, TIN, PURE, II, ir_fold_iabs(a), "abs(a); abs(INT_MIN) = INT_MIN")
IR_ALU1(isign,  TIN, TIN, PURE, II, (a > 0) - (a < 0), "sign(a): -1, 0 or 1")
IR_ALU2(imin,   TIN, TIN, TIN, COMM, II, a < b ? a : b, "signed min")
IR_ALU2(imax,   TIN, TIN, TIN, COMM, II, a > b ? a : b, "signed max")
IR_ALU2(umin,   TUN, TUN, TUN, COMM, UU, a < b ? a : b, "unsigned min")
IR_ALU2(umax,   TUN, TUN, TUN, COMM, UU, a > b ? a : b, "unsigned max")
IR_ALU3(iclamp, TIN, TIN, TIN, TIN, PURE, II, ir_fold_iclamp(a, b, c), "signed clamp(x, lo, hi) = min(max(x, lo), hi)")
IR_ALU3(uclamp, TUN, TUN, TUN, TUN, PURE, UU, ir_fold_uclamp(a, b, c), "unsigned clamp(x, lo, hi) = min(max(x, lo), hi)")

/* ---- bitwise (int or uint) ---- */
IR_ALU2(iand,   TIUN, TDN, TDN, COMM, UU, a & b, "a & b")
IR_ALU2(ior,    TIUN, TDN, TDN, COMM, UU, a | b, "a | b")
IR_ALU2(ixor,   TIUN, TDN, TDN, COMM, UU, a ^ b, "a ^ b")
IR_ALU1(inot,   TIUN, TDN, PURE, UU, ~a, "~a")
IR_ALU2(ishl,   TIUN, TDN, TIUN, PURE, UU, a << (b & 31u), "a << b (shift count taken modulo 32)")
IR_ALU2(ishr,   TIN, TIN, TIUN, PURE, UU, ir_fold_ishr(a, b), "arithmetic a >> b (count modulo 32)")
IR_ALU2(ushr,   TUN, TUN, TIUN, PURE, UU, a >> (b & 31u), "logical a >> b (count modulo 32)")
IR_ALU1(bitcount, TIN, TIUN, PURE, UI, __builtin_popcount(a), "bitCount(a)")
IR_ALU1(findlsb, TIN, TIUN, PURE, UI, a ? __builtin_ctz(a) : -1, "findLSB(a); -1 for 0")
IR_ALU1(ifindmsb, TIN, TIN, PURE, II, ir_fold_ifindmsb(a), "findMSB of a signed value; -1 for 0 and -1")
IR_ALU1(ufindmsb, TIN, TUN, PURE, UI, a ? 31 - __builtin_clz(a) : -1, "findMSB of an unsigned value; -1 for 0")
IR_ALU1(bitfield_reverse, TIUN, TDN, PURE, UU, ir_fold_bitrev(a), "bitfieldReverse(a)")

IR_ALU2(uadd_carry, TUN, TUN, TUN, COMM, UU, a + b < a ? 1u : 0u, "carry of a + b (0 or 1), the carry output of uaddCarry()")
IR_ALU2(usub_borrow, TUN, TUN, TUN, PURE, UU, a < b ? 1u : 0u, "borrow of a - b (0 or 1), the borrow output of usubBorrow()")
IR_ALU2(umul_high, TUN, TUN, TUN, COMM, UU, (uint32_t)(((uint64_t)a * b) >> 32), "high 32 bits of the 64-bit product (umulExtended() msb)")
IR_ALU2(imul_high, TIN, TIN, TIN, COMM, II, (int32_t)(((int64_t)a * b) >> 32), "high 32 bits of the signed 64-bit product (imulExtended() msb)")
IR_ALU3(ubitfield_extract, TUN, TUN, TI1, TI1, PURE, CUSTOM, 0, "bitfieldExtract(value, offset, bits) on uint; offset+bits > 32 gives 0 when folded")
IR_ALU3(ibitfield_extract, TIN, TIN, TI1, TI1, PURE, CUSTOM, 0, "bitfieldExtract(value, offset, bits) on int, sign-extended")
IR_ALU4(bitfield_insert, TIUN, TDN, TDN, TI1, TI1, PURE, CUSTOM, 0, "bitfieldInsert(base, insert, offset, bits)")

/* ---- packing (GLSL packXxx / unpackXxx) ---- */
IR_ALU1(pack_half_2x16,    IR_TY(U, 1), IR_TY(F, 2), VEC, CUSTOM, 0, "packHalf2x16(v)")
IR_ALU1(unpack_half_2x16,  IR_TY(F, 2), IR_TY(U, 1), VEC, CUSTOM, 0, "unpackHalf2x16(p)")
IR_ALU1(pack_unorm_2x16,   IR_TY(U, 1), IR_TY(F, 2), VEC, CUSTOM, 0, "packUnorm2x16(v)")
IR_ALU1(unpack_unorm_2x16, IR_TY(F, 2), IR_TY(U, 1), VEC, CUSTOM, 0, "unpackUnorm2x16(p)")
IR_ALU1(pack_snorm_2x16,   IR_TY(U, 1), IR_TY(F, 2), VEC, CUSTOM, 0, "packSnorm2x16(v)")
IR_ALU1(unpack_snorm_2x16, IR_TY(F, 2), IR_TY(U, 1), VEC, CUSTOM, 0, "unpackSnorm2x16(p)")
IR_ALU1(pack_unorm_4x8,    IR_TY(U, 1), IR_TY(F, 4), VEC, CUSTOM, 0, "packUnorm4x8(v)")
IR_ALU1(unpack_unorm_4x8,  IR_TY(F, 4), IR_TY(U, 1), VEC, CUSTOM, 0, "unpackUnorm4x8(p)")
IR_ALU1(pack_snorm_4x8,    IR_TY(U, 1), IR_TY(F, 4), VEC, CUSTOM, 0, "packSnorm4x8(v)")
IR_ALU1(unpack_snorm_4x8,  IR_TY(F, 4), IR_TY(U, 1), VEC, CUSTOM, 0, "unpackSnorm4x8(p)")

/* ---- bool ---- */
IR_ALU2(band,   TBN, TBN, TBN, COMM, BB, a && b, "a && b")
IR_ALU2(bor,    TBN, TBN, TBN, COMM, BB, a || b, "a || b")
IR_ALU2(bxor,   TBN, TBN, TBN, COMM, BB, a != b, "a ^^ b")
IR_ALU1(bnot,   TBN, TBN, PURE, BB, !a, "!a")
IR_ALU1(ball,   TB1, TBN, VEC, CUSTOM, 0, "all(a)")
IR_ALU1(bany,   TB1, TBN, VEC, CUSTOM, 0, "any(a)")

/* ---- comparisons (per component, bool result) ---- */
IR_ALU2(flt,    TBN, TFN, TFN, PURE, FB, a < b, "a < b (false if either is NaN)")
IR_ALU2(fle,    TBN, TFN, TFN, PURE, FB, a <= b, "a <= b (false if either is NaN)")
IR_ALU2(fgt,    TBN, TFN, TFN, PURE, FB, a > b, "a > b (false if either is NaN)")
IR_ALU2(fge,    TBN, TFN, TFN, PURE, FB, a >= b, "a >= b (false if either is NaN)")
IR_ALU2(feq,    TBN, TFN, TFN, COMM, FB, a == b, "a == b (false if either is NaN)")
IR_ALU2(fne,    TBN, TFN, TFN, COMM, FB, a != b, "a != b (true if either is NaN)")
IR_ALU2(ilt,    TBN, TIN, TIN, PURE, IB, a < b, "signed a < b")
IR_ALU2(ile,    TBN, TIN, TIN, PURE, IB, a <= b, "signed a <= b")
IR_ALU2(igt,    TBN, TIN, TIN, PURE, IB, a > b, "signed a > b")
IR_ALU2(ige,    TBN, TIN, TIN, PURE, IB, a >= b, "signed a >= b")
IR_ALU2(ult,    TBN, TUN, TUN, PURE, UB, a < b, "unsigned a < b")
IR_ALU2(ule,    TBN, TUN, TUN, PURE, UB, a <= b, "unsigned a <= b")
IR_ALU2(ugt,    TBN, TUN, TUN, PURE, UB, a > b, "unsigned a > b")
IR_ALU2(uge,    TBN, TUN, TUN, PURE, UB, a >= b, "unsigned a >= b")
IR_ALU2(ieq,    TBN, TIUN, TSN, COMM, UB, a == b, "a == b (int or uint)")
IR_ALU2(ine,    TBN, TIUN, TSN, COMM, UB, a != b, "a != b (int or uint)")
IR_ALU2(beq,    TBN, TBN, TBN, COMM, BB, a == b, "a == b (bool)")
IR_ALU2(bne,    TBN, TBN, TBN, COMM, BB, a != b, "a != b (bool)")

/* ---- conversions ---- */
IR_ALU1(f2i,    TIN, TFN, PURE, FI, ir_fold_f2i(a), "float to int, toward zero; NaN gives 0, out of range saturates when folded")
IR_ALU1(f2u,    TUN, TFN, PURE, FU, ir_fold_f2u(a), "float to uint, toward zero; NaN and negatives give 0, large values saturate when folded")
IR_ALU1(i2f,    TFN, TIN, PURE, IF, (float)a, "int to float (round to nearest)")
IR_ALU1(u2f,    TFN, TUN, PURE, UF, (float)a, "uint to float (round to nearest)")
IR_ALU1(i2u,    TUN, TIN, PURE, UU, a, "int to uint (same bits)")
IR_ALU1(u2i,    TIN, TUN, PURE, UU, a, "uint to int (same bits)")
IR_ALU1(f2b,    TBN, TFN, PURE, FB, a != 0.0f, "a != 0.0 (NaN is true)")
IR_ALU1(i2b,    TBN, TIUN, PURE, UB, a != 0u, "a != 0")
IR_ALU1(b2f,    TFN, TBN, PURE, BF, a ? 1.0f : 0.0f, "true -> 1.0, false -> 0.0")
IR_ALU1(b2i,    TIUN, TBN, PURE, BU, a ? 1u : 0u, "true -> 1, false -> 0 (int or uint result)")
IR_ALU1(bitcast, TAN, TAN, PURE, CUSTOM, 0, "reinterpret the bits (floatBitsToInt, uintBitsToFloat, ...); same bit size")

/* ---- values that are not computed ---- */
IR_OP(const,    IR_KIND_CONST, 0, "a constant: `%d = const vec2 1.0, 0.5`; NaN printed as raw bits 0x7fc00000")
IR_OP(undef,    IR_KIND_UNDEF, 0, "an undefined value of the given type: `%d = undef vec4`")

/* ---- variable access ---- */
IR_OP(load_input,   IR_KIND_VAR, 0, "read a shader input: `%d = load_input vec4 @in[1]` (index constant or `[%i]`)")
IR_OP(load_output,  IR_KIND_VAR, 0, "read back a shader output written earlier")
IR_OP(store_output, IR_KIND_VAR, IR_OPF_SIDE_EFFECTS, "write a shader output: `store_output @out, %v`")
IR_OP(load_uniform, IR_KIND_VAR, 0, "read a uniform (declared with its constant buffer and byte offset): `%d = load_uniform vec4 @u[%i]`")
IR_OP(load_local,   IR_KIND_VAR, 0, "read a local variable or array element: `%d = load_local float @a[%i]`")
IR_OP(store_local,  IR_KIND_VAR, IR_OPF_SIDE_EFFECTS, "write a local variable or array element: `store_local @a[2], %v`")
IR_OP(load_cbuf,    IR_KIND_CBUF, 0, "raw constant-buffer read: `%d = load_cbuf vec4 0, %byte_offset` (uint offset)")

/* ---- textures (see docs/ir.md for operand rules per target) ---- */
IR_OP(tex,      IR_KIND_TEX, IR_OPF_DERIVATIVE, "texture(): implicit LOD; optional offset, compare (shadow samplers, required there), proj")
IR_OP(txb,      IR_KIND_TEX, IR_OPF_DERIVATIVE, "texture() with a bias: requires `bias`; optional offset, compare, proj")
IR_OP(txl,      IR_KIND_TEX, 0, "textureLod(): requires `lod`; optional offset, compare, proj")
IR_OP(txd,      IR_KIND_TEX, 0, "textureGrad(): requires `ddx` and `ddy`; optional offset, compare, proj")
IR_OP(txf,      IR_KIND_TEX, 0, "texelFetch(): integer coord; `lod` (int) except on buffer and rect; not on cube targets")
IR_OP(txf_ms,   IR_KIND_TEX, 0, "texelFetch() on a multisample texture: integer coordinates and `sample`")
IR_OP(txs,      IR_KIND_TEX, 0, "textureSize(): int vector; `lod` (int) except on buffer, rect and multisample targets")
IR_OP(tg4,      IR_KIND_TEX, 0, "textureGather(): component chosen by the immediate `comp N`; optional offset, compare (shadow)")
IR_OP(lod,      IR_KIND_TEX, IR_OPF_DERIVATIVE, "textureQueryLod(): vec2")
IR_OP(query_levels, IR_KIND_TEX, 0, "textureQueryLevels(): int")
IR_OP(query_samples, IR_KIND_TEX, 0, "textureSamples(): int, the samples of a multisample texture")

/* ---- fragment kill ---- */
IR_OP(discard,    IR_KIND_DISCARD, IR_OPF_SIDE_EFFECTS | IR_OPF_TERMINATOR, "end this fragment's invocation, writing nothing")
IR_OP(discard_if, IR_KIND_DISCARD, IR_OPF_SIDE_EFFECTS, "discard_if %c: discard when the bool scalar is true")

/* ---- geometry shaders (stream 0) ---- */
IR_OP(emit_vertex,   IR_KIND_EMIT, IR_OPF_SIDE_EFFECTS, "geometry shaders: the outputs' current values become the next vertex of the current strip (ignored past max_vertices); the outputs keep their values")
IR_OP(end_primitive, IR_KIND_EMIT, IR_OPF_SIDE_EFFECTS, "geometry shaders: end the current strip; the next emit_vertex starts a new one")

/* ---- control flow ---- */
IR_OP(break,    IR_KIND_JUMP, IR_OPF_SIDE_EFFECTS | IR_OPF_TERMINATOR, "leave the innermost loop (last instruction of its block)")
IR_OP(continue, IR_KIND_JUMP, IR_OPF_SIDE_EFFECTS | IR_OPF_TERMINATOR, "next iteration of the innermost loop (last instruction of its block)")
IR_OP(return,   IR_KIND_JUMP, IR_OPF_SIDE_EFFECTS | IR_OPF_TERMINATOR, "leave the function, with a value when it returns one")
IR_OP(if,       IR_KIND_IF, IR_OPF_SIDE_EFFECTS, "`if %c { ... } else { ... }` on a bool scalar")
IR_OP(loop,     IR_KIND_LOOP, IR_OPF_SIDE_EFFECTS, "`loop { ... }` repeats until a break (or return/discard)")
IR_OP(call,     IR_KIND_CALL, IR_OPF_SIDE_EFFECTS, "`%d = call vec4 @f(%a, %b)` or `call @f(%a)`")
IR_OP(param,    IR_KIND_PARAM, 0, "a function parameter (printed in the function header only)")

#undef TFN
#undef TF1
#undef TF3
#undef TIN
#undef TI1
#undef TUN
#undef TBN
#undef TB1
#undef TIUN
#undef TIU1
#undef TAN
#undef TDN
#undef TD1
#undef TSN
#undef TA2
#undef TA3
#undef TA4
#undef TXX
#undef COMM
#undef PURE
#undef VEC

#undef IR_ALU1
#undef IR_ALU2
#undef IR_ALU3
#undef IR_ALU4
#undef IR_OP
