/*
 * GL_ATI_fragment_shader: a plain-data description of an ATI fragment
 * shader (what glBegin/EndFragmentShaderATI recorded) and its lowering to
 * Pony IR with the interface of the fixed-function fragment shader (same
 * varyings, colour output at location -1, sampler binding = texture unit,
 * constants in constant buffer 0).  See docs/ati-fragment-shader.md.
 *
 * The state tracker checks every API rule while it records; the lowering
 * trusts the description (out-of-range fields are clamped, never read
 * outside the arrays).
 */
#ifndef ATIFS_H
#define ATIFS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ir_shader;

#define ATIFS_NUM_REGS        6   /* GL_REG_0_ATI .. GL_REG_5_ATI (= texture units) */
#define ATIFS_NUM_CONSTS      8   /* GL_CON_0_ATI .. GL_CON_7_ATI */
#define ATIFS_MAX_PASSES      2
#define ATIFS_MAX_OPS         8   /* colour ops per pass; alpha ops per pass */
#define ATIFS_MAX_TEX_COORDS  8   /* GL_TEXTURE0_ARB .. 7 as PassTexCoord/SampleMap sources */

/* Interface (the fixed-function fragment shader's; st_atifs.c asserts it). */
#define ATIFS_VARYING_COLOR0  0
#define ATIFS_VARYING_COLOR1  1
#define ATIFS_VARYING_FOG     4
#define ATIFS_VARYING_TEX0    5
#define ATIFS_FRAG_COLOR_LOCATION (-1)
#define ATIFS_CBUF_INDEX      0

/* vec4 slots of constant buffer ATIFS_CBUF_INDEX */
enum atifs_cbuf_slot {
   ATIFS_SLOT_CON0      = 0,      /* + n: the value of GL_CON_n_ATI */
   ATIFS_SLOT_FOG_COLOR = 8,
   ATIFS_SLOT_FOG_PARAMS = 9,     /* density, start, end, 1 / (end - start) */
   ATIFS_NUM_SLOTS      = 10,
};

/* Arithmetic operations (GL_*_ATI). */
enum atifs_opcode {
   ATIFS_OP_MOV,
   ATIFS_OP_ADD,
   ATIFS_OP_MUL,
   ATIFS_OP_SUB,
   ATIFS_OP_DOT3,
   ATIFS_OP_DOT4,
   ATIFS_OP_MAD,
   ATIFS_OP_LERP,
   ATIFS_OP_CND,
   ATIFS_OP_CND0,
   ATIFS_OP_DOT2_ADD,
};

/* Argument sources. */
enum atifs_src {
   ATIFS_SRC_REG0      = 0,       /* + n, n < ATIFS_NUM_REGS */
   ATIFS_SRC_CON0      = 8,       /* + n, n < ATIFS_NUM_CONSTS */
   ATIFS_SRC_ZERO      = 16,
   ATIFS_SRC_ONE,
   ATIFS_SRC_PRIMARY,             /* GL_PRIMARY_COLOR_ARB */
   ATIFS_SRC_SECONDARY,           /* GL_SECONDARY_INTERPOLATOR_ATI */
};

/* Argument replication (argRep). */
enum atifs_rep {
   ATIFS_REP_NONE,
   ATIFS_REP_RED,
   ATIFS_REP_GREEN,
   ATIFS_REP_BLUE,
   ATIFS_REP_ALPHA,
};

/* Argument modifier bits (argMod: the GL_*_BIT_ATI values). */
#define ATIFS_ARG_2X      0x1
#define ATIFS_ARG_COMP    0x2
#define ATIFS_ARG_NEGATE  0x4
#define ATIFS_ARG_BIAS    0x8

/* Destination scale (one of dstMod's mutually exclusive bits). */
enum atifs_scale {
   ATIFS_SCALE_1,
   ATIFS_SCALE_2X,
   ATIFS_SCALE_4X,
   ATIFS_SCALE_8X,
   ATIFS_SCALE_HALF,
   ATIFS_SCALE_QUARTER,
   ATIFS_SCALE_EIGHTH,
};

/* Colour destination mask bits (dstMask; 0 = all of r, g, b). */
#define ATIFS_MASK_RED    0x1
#define ATIFS_MASK_GREEN  0x2
#define ATIFS_MASK_BLUE   0x4

struct atifs_arg {
   uint8_t src;                  /* enum atifs_src */
   uint8_t rep;                  /* enum atifs_rep */
   uint8_t mod;                  /* ATIFS_ARG_* */
};

/* One ColorFragmentOp / AlphaFragmentOp, in the order they were given. */
struct atifs_op {
   uint8_t opcode;               /* enum atifs_opcode */
   bool alpha;                   /* AlphaFragmentOp: writes dst.a */
   uint8_t dst;                  /* register 0..5 */
   uint8_t mask;                 /* colour ops: ATIFS_MASK_* (0 = rgb) */
   uint8_t scale;                /* enum atifs_scale */
   bool saturate;
   uint8_t num_args;             /* 1..3 */
   struct atifs_arg arg[3];
};

enum atifs_swizzle {
   ATIFS_SWIZZLE_STR,            /* (s, t, r) */
   ATIFS_SWIZZLE_STQ,            /* (s, t, q) */
   ATIFS_SWIZZLE_STR_DR,         /* (s/r, t/r, 1/r) */
   ATIFS_SWIZZLE_STQ_DQ,         /* (s/q, t/q, 1/q) */
};

/* Coordinate sources of PassTexCoord / SampleMap. */
#define ATIFS_COORD_TEX0   0      /* + unit, unit < ATIFS_MAX_TEX_COORDS */
#define ATIFS_COORD_REG0   8      /* + register (second pass only) */

/* One PassTexCoordATI (sample false) or SampleMapATI (sample true). */
struct atifs_setup {
   uint8_t dst;                  /* register = texture unit sampled */
   bool sample;
   uint8_t coord;                /* ATIFS_COORD_* */
   uint8_t swizzle;              /* enum atifs_swizzle */
};

struct atifs_pass {
   unsigned num_setup;
   struct atifs_setup setup[ATIFS_NUM_REGS];
   unsigned num_ops;             /* colour and alpha ops together */
   struct atifs_op ops[2 * ATIFS_MAX_OPS];
};

struct atifs_shader {
   unsigned num_passes;          /* 1 or 2 */
   struct atifs_pass pass[ATIFS_MAX_PASSES];
};

/* The texture target each SampleMap unit reads (the unit's enabled
 * target at draw time; NONE: no complete texture, reads (0, 0, 0, 1)). */
enum atifs_tex_target {
   ATIFS_TEX_NONE,
   ATIFS_TEX_1D,
   ATIFS_TEX_2D,
   ATIFS_TEX_3D,
   ATIFS_TEX_CUBE,
   ATIFS_TEX_RECT,
};

enum atifs_fog {
   ATIFS_FOG_NONE,
   ATIFS_FOG_LINEAR,
   ATIFS_FOG_EXP,
   ATIFS_FOG_EXP2,
};

/* What a draw chooses: a shader is lowered once per distinct key. */
struct atifs_key {
   uint8_t tex_target[ATIFS_NUM_REGS];   /* enum atifs_tex_target */
   uint8_t fog;                          /* enum atifs_fog: fog applied after the shader */
};

/* Inputs the shader reads (the fixed-function vertex stage must feed them). */
#define ATIFS_IN_COLOR0   0x1u
#define ATIFS_IN_COLOR1   0x2u
#define ATIFS_IN_FOG      0x10u
#define ATIFS_IN_TEX0     0x20u   /* << unit */

/* Bits of ATIFS_IN_* read by the shader under any key (fog aside). */
uint32_t atifs_inputs_read(const struct atifs_shader *sh);

/* Units SampleMap reads (bit n = unit n). */
uint32_t atifs_units_sampled(const struct atifs_shader *sh);

/* Lower to a validated, optimized IR fragment shader (never NULL; aborts
 * on out of memory like the rest of the compiler). */
struct ir_shader *atifs_lower(const struct atifs_shader *sh, const struct atifs_key *key);

#ifdef __cplusplus
}
#endif

#endif
