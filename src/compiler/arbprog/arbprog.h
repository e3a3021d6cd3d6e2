/*
 * ARB assembly programs (GL_ARB_vertex_program, GL_ARB_fragment_program,
 * GL_ARB_fragment_program_shadow): parse "!!ARBvp1.0" / "!!ARBfp1.0"
 * text, check it as the specs define, and lower it to Pony IR that plugs
 * into the state tracker exactly where a fixed-function shader would
 * (same vertex input locations, same varyings, same colour output).
 * See docs/arb-programs.md.
 *
 * One call does everything; nothing global, no allocation survives but
 * what the result owns (arbprog_result_fini frees it).
 */
#ifndef ARBPROG_H
#define ARBPROG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler/pony_state.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ir_shader;

enum arbprog_target {
   ARBPROG_VERTEX,
   ARBPROG_FRAGMENT,
};

/* Interface locations (IR_SEM_GENERIC), equal to the fixed-function
 * shaders' FF_ATTRIB_* / FF_VARYING_* (the state tracker asserts it).
 * Conventional vertex inputs are at the generic attribute numbers of
 * ARB_vertex_program's table X.1; vertex.attrib[n] is location
 * ARBPROG_ATTRIB_GENERIC0 + n (GLSL's GLSL_ATTRIB_GENERIC0 + n), its own
 * slot, except vertex.attrib[0], the position (location 0).  Binding both
 * members of a row of table X.1 still fails to load (2.14.3.1). */
enum arbprog_attrib {
   ARBPROG_ATTRIB_POS       = 0,
   ARBPROG_ATTRIB_WEIGHT    = 1,
   ARBPROG_ATTRIB_NORMAL    = 2,
   ARBPROG_ATTRIB_COLOR0    = 3,
   ARBPROG_ATTRIB_COLOR1    = 4,
   ARBPROG_ATTRIB_FOG       = 5,
   ARBPROG_ATTRIB_TEX0      = 8,
   ARBPROG_MAX_ATTRIBS      = 16,
   ARBPROG_ATTRIB_GENERIC0  = 16,      /* vertex.attrib[n], n > 0: GENERIC0 + n */
};

enum arbprog_varying {
   ARBPROG_VARYING_COLOR0  = 0,
   ARBPROG_VARYING_COLOR1  = 1,
   ARBPROG_VARYING_BCOLOR0 = 2,
   ARBPROG_VARYING_BCOLOR1 = 3,
   ARBPROG_VARYING_FOG     = 4,
   ARBPROG_VARYING_TEX0    = 5,
};

#define ARBPROG_FRAG_COLOR_LOCATION (-1)
#define ARBPROG_CBUF_INDEX 0          /* the program's parameters: vec4 slots */
#define ARBPROG_MAX_TEXTURE_UNITS 8   /* coordinate sets and image units */

/* Texture targets of TEX/TXP/TXB (GL_ARB_fragment_program_shadow adds the last three). */
enum arbprog_tex_target {
   ARBPROG_TEX_NONE,
   ARBPROG_TEX_1D,
   ARBPROG_TEX_2D,
   ARBPROG_TEX_3D,
   ARBPROG_TEX_CUBE,
   ARBPROG_TEX_RECT,
   ARBPROG_TEX_SHADOW1D,
   ARBPROG_TEX_SHADOW2D,
   ARBPROG_TEX_SHADOWRECT,
};

/* The implementation's limits (glGetProgramivARB MAX_PROGRAM_*; the
 * native limits are the same: Pony runs what it compiles). */
struct arbprog_limits {
   unsigned max_instructions;
   unsigned max_alu_instructions;      /* fragment */
   unsigned max_tex_instructions;      /* fragment */
   unsigned max_tex_indirections;      /* fragment */
   unsigned max_temporaries;
   unsigned max_parameters;
   unsigned max_attribs;
   unsigned max_address_registers;     /* vertex */
   unsigned max_env_parameters;
   unsigned max_local_parameters;
   unsigned max_texture_coords;        /* texcoord sets (both stages) */
   unsigned max_texture_image_units;   /* fragment */
   unsigned max_lights;
   unsigned max_clip_planes;
   unsigned max_program_matrices;
   unsigned max_vertex_attribs;        /* vertex.attrib[n] */
   unsigned max_draw_buffers;          /* fragment: result.color[n] (ARB_draw_buffers) */
};

void arbprog_default_limits(enum arbprog_target target, struct arbprog_limits *limits);

enum arbprog_param_kind {
   ARBPROG_PARAM_ENV,      /* program.env[index] */
   ARBPROG_PARAM_LOCAL,    /* program.local[index] */
   ARBPROG_PARAM_STATE,    /* state.*: one pony_state row */
   ARBPROG_PARAM_CONST,    /* a constant of the program text */
};

/* One vec4 slot of the program's constant buffer. */
struct arbprog_param {
   enum arbprog_param_kind kind;
   unsigned index;                 /* env / local */
   struct pony_state_ref state;    /* state */
   float value[4];                 /* const */
};

/* Resource counts (PROGRAM_* and PROGRAM_NATIVE_* of glGetProgramivARB). */
struct arbprog_counts {
   unsigned instructions;
   unsigned alu_instructions;      /* fragment */
   unsigned tex_instructions;      /* fragment: TEX TXP TXB KIL */
   unsigned tex_indirections;      /* fragment */
   unsigned temporaries;
   unsigned parameters;
   unsigned attribs;
   unsigned address_registers;
};

/* Fragment inputs (bits of inputs_read for fragment programs). */
enum arbprog_frag_input {
   ARBPROG_FRAG_IN_COLOR0   = 1u << 0,
   ARBPROG_FRAG_IN_COLOR1   = 1u << 1,
   ARBPROG_FRAG_IN_FOG      = 1u << 4,
   ARBPROG_FRAG_IN_TEX0     = 1u << 5,   /* << unit */
   ARBPROG_FRAG_IN_POSITION = 1u << 16,
};

/* Vertex outputs (bits of outputs_written for vertex programs). */
enum arbprog_vert_output {
   ARBPROG_VERT_OUT_COLOR0   = 1u << 0,
   ARBPROG_VERT_OUT_COLOR1   = 1u << 1,
   ARBPROG_VERT_OUT_BCOLOR0  = 1u << 2,
   ARBPROG_VERT_OUT_BCOLOR1  = 1u << 3,
   ARBPROG_VERT_OUT_FOG      = 1u << 4,
   ARBPROG_VERT_OUT_TEX0     = 1u << 5,  /* << unit */
   ARBPROG_VERT_OUT_POSITION = 1u << 16,
   ARBPROG_VERT_OUT_PSIZE    = 1u << 17,
};

enum arbprog_fog {
   ARBPROG_FOG_NONE,
   ARBPROG_FOG_LINEAR,
   ARBPROG_FOG_EXP,
   ARBPROG_FOG_EXP2,
};

struct arbprog_result {
   struct ir_shader *shader;       /* NULL when the program failed */
   int error_pos;                  /* GL_PROGRAM_ERROR_POSITION_ARB: byte offset, -1 if none */
   char error[256];                /* GL_PROGRAM_ERROR_STRING_ARB ("" if none) */
   struct arbprog_counts counts;
   struct arbprog_param *params;   /* slot i of constant buffer ARBPROG_CBUF_INDEX */
   unsigned num_params;
   uint32_t inputs_read;           /* vertex: bit n = attribute location n; fragment: FRAG_IN */
   uint32_t outputs_written;       /* vertex: VERT_OUT; fragment: bit 0 colour (color[0]),
                                    * bit 1 depth, bits 2-8 color[1..7] */
   uint8_t frag_coord;             /* fragment: IR_FRAG_COORD_* of the OPTIONs
                                    * ARB_fragment_coord_origin_upper_left and
                                    * ARB_fragment_coord_pixel_center_integer */
   bool draw_buffers;              /* fragment: OPTION ARB_draw_buffers (result.color[n]
                                    * is draw buffer n; else result.color goes to all) */
   uint8_t tex_target[ARBPROG_MAX_TEXTURE_UNITS];  /* enum arbprog_tex_target per image unit */
   bool position_invariant;
   enum arbprog_fog fog;
   bool precision_nicest, precision_fastest;
   uint32_t env_used, local_used;  /* not exact: bit i for index i < 32 (debugging aid) */
};

/* Compile program text (not NUL-terminated: len bytes; NUL bytes are
 * errors).  Returns true on success; on failure result->shader is NULL
 * and error_pos/error say why.  The result must be released with
 * arbprog_result_fini either way. */
bool arbprog_compile(const char *text, size_t len, enum arbprog_target target,
                     const struct arbprog_limits *limits, struct arbprog_result *result);

void arbprog_result_fini(struct arbprog_result *result);

#ifdef __cplusplus
}
#endif

#endif
