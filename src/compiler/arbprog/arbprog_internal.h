/*
 * The checked program between the parser (arbprog_parse.c) and the IR
 * lowering (arbprog_lower.c).  ARB programs are straight-line code over
 * vec4 registers, so this is a plain instruction array.
 */
#ifndef ARBPROG_INTERNAL_H
#define ARBPROG_INTERNAL_H

#include "arbprog.h"

enum arbprog_opcode {
   OP_ABS, OP_ADD, OP_ARL, OP_CMP, OP_COS, OP_DP3, OP_DP4, OP_DPH, OP_DST, OP_EX2,
   OP_EXP, OP_FLR, OP_FRC, OP_KIL, OP_LG2, OP_LIT, OP_LOG, OP_LRP, OP_MAD, OP_MAX,
   OP_MIN, OP_MOV, OP_MUL, OP_POW, OP_RCP, OP_RSQ, OP_SCS, OP_SGE, OP_SIN, OP_SLT,
   OP_SUB, OP_SWZ, OP_TEX, OP_TXB, OP_TXP, OP_XPD,
   OP_COUNT
};

enum arbprog_file {
   FILE_NONE,
   FILE_TEMP,
   FILE_INPUT,
   FILE_OUTPUT,
   FILE_PARAM,
   FILE_ADDRESS,
};

/* Input ids.  Vertex: generic attribute n is n; the conventional
 * attributes whose value differs from the raw generic one are flagged. */
#define IN_VERT_NORMAL  (0x100 | ARBPROG_ATTRIB_NORMAL)   /* (nx, ny, nz, 1) */
#define IN_VERT_FOG     (0x100 | ARBPROG_ATTRIB_FOG)      /* (f, 0, 0, 1) */
/* Fragment */
enum { IN_FRAG_COLOR0, IN_FRAG_COLOR1, IN_FRAG_FOG, IN_FRAG_POSITION, IN_FRAG_TEX0 };

/* Output ids.  Vertex: */
enum { OUT_VERT_POS, OUT_VERT_COLOR0, OUT_VERT_COLOR1, OUT_VERT_BCOLOR0, OUT_VERT_BCOLOR1,
       OUT_VERT_FOG, OUT_VERT_PSIZE, OUT_VERT_TEX0, OUT_VERT_COUNT = OUT_VERT_TEX0 + 8 };
/* Fragment: */
/* OUT_FRAG_DATA1 + n - 1: result.color[n] (OPTION ARB_draw_buffers; [0] is
 * OUT_FRAG_COLOR) */
enum { OUT_FRAG_COLOR, OUT_FRAG_DEPTH, OUT_FRAG_DATA1,
       OUT_FRAG_COUNT = OUT_FRAG_DATA1 + ARBPROG_MAX_DRAW_BUFFERS - 1 };

/* swizzle selectors beyond x..w (SWZ) */
#define SEL_ZERO 4
#define SEL_ONE  5

struct arbprog_src {
   uint8_t file;
   int index;          /* temp, input id, param slot (array base for relative) */
   bool relative;      /* param slot = index + A0.x */
   uint8_t swz[4];     /* 0..3 or SEL_ZERO / SEL_ONE */
   uint8_t negate;     /* bit c: negate component c */
};

struct arbprog_dst {
   uint8_t file;
   int index;
   uint8_t mask;       /* bit c: component c written */
};

struct arbprog_inst {
   uint8_t op;
   bool sat;
   struct arbprog_dst dst;
   struct arbprog_src src[3];
   uint8_t tex_unit, tex_target;
};

struct arbprog_program {
   enum arbprog_target target;
   struct arbprog_inst *insts;
   unsigned num_insts;
   unsigned num_temps;
   unsigned num_address;
   unsigned clip_planes;         /* user clip planes (position-invariant programs clip) */
   struct arbprog_result *res;   /* params, inputs/outputs, options */
};

/* arbprog_lower.c: the IR of a checked program (never fails). */
struct ir_shader *arbprog_lower(const struct arbprog_program *p);

#endif
