/*
 * Fused fragment functions (docs/jit.md, "Fragment variants"): one
 * generated function per (fragment shader, state variant) that does for a
 * 2x2 quad what swpipe's per-quad pipeline does (docs/refpipe.md, "The
 * fragment pipeline"), with the same arithmetic, so the bytes it writes
 * are swpipe's:
 *
 *   interpolation   depth and every input at the pixel centres (helper
 *                   lanes too), in double as swpipe_quad_fs.c does;
 *                   gl_FragCoord and gl_FrontFacing as swpipe gives them
 *   shading         the shader's JIT'd code, inlined
 *   discard, colour clamp (clamp_fragment_color), gl_FragDepth
 *   alpha test      colour 0's alpha against the reference
 *   depth, stencil  clamp, conversion to the buffer's bits, the stencil
 *                   test and operations (front/back state), the depth test
 *                   and write, in one 2- or 4-byte depth/stencil texel
 *   colour          one target of four 8-bit unorm channels: blending
 *                   (every equation and factor but dual-source), colour
 *                   mask, write
 *
 * One call takes up to PONY_JIT_FS_MAX_QUADS quads of a primitive and runs
 * them W / 4 at a time, W the JIT object's width (4, 8 or 16 lanes): lane
 * 4j + l of a group is pixel l of its j-th quad (l ^ 2 with the key's
 * flip), and every step from interpolation to the colour write works on
 * the whole group.
 *
 * The caller (jitpipe) decides which states a key can describe and keeps
 * swpipe's path for the others.
 */
#ifndef PONY_JIT_FS_H
#define PONY_JIT_FS_H

#include <stdbool.h>
#include <stdint.h>

#include "pony_jit.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PONY_JIT_FS_MAX_INPUTS 96

/* How an input slot gets its value. */
enum pony_jit_fs_input {
   PONY_JIT_FS_IN_ZERO,            /* (0, 0, 0, 0): nothing feeds it */
   PONY_JIT_FS_IN_SMOOTH,          /* perspective-correct */
   PONY_JIT_FS_IN_NOPERSPECTIVE,   /* window-space linear */
   PONY_JIT_FS_IN_FLAT,            /* vertex 0's value (the provoking one) */
};

/* What the generated code depends on.  Zero-fill it before setting fields
 * (it is compared and hashed as bytes). */
struct pony_jit_fs_key {
   uint8_t num_verts;          /* 1 point, 2 line, 3 triangle */
   uint8_t flip;               /* bottom-edge rule: shader lane l is pixel l ^ 2 */
   uint8_t half_pixel_center;  /* sample at the pixel centre, else its corner */
   uint8_t num_inputs;         /* shader input slots */
   int8_t color_out;           /* output slot of colour 0, -1 none (0) */
   int8_t depth_out;           /* output slot of gl_FragDepth, -1 none */
   uint8_t clamp_color;        /* clamp colour 0 to [0, 1] after shading */
   uint8_t alpha_test;         /* alpha test on */
   uint8_t alpha_func;         /* PIPE_FUNC_* */
   uint8_t depth_clamp;        /* clamp z to [depth_min, depth_max] first */
   uint8_t zbytes;             /* depth/stencil texel: 0 none, 2 or 4 bytes (depth or stencil test on) */
   uint8_t zfloat;             /* the depth field is a 32-bit float */
   uint8_t zshift, zbits;      /* the depth field in the texel (unorm: 16, 24, 32 bits) */
   uint8_t depth_test;         /* depth test on (needs zbytes) */
   uint8_t depth_func;         /* PIPE_FUNC_* */
   uint8_t depth_write;
   uint8_t cbytes;             /* colour buffer texel: 0 none, 4 bytes */
   uint8_t colormask;          /* PIPE_MASK_RGBA bits */
   uint8_t blend;              /* blending on */
   int8_t cbyte[4];            /* byte of R, G, B, A in the texel; -1: absent (A reads 1) */
   uint8_t rgb_func, rgb_src, rgb_dst;        /* PIPE_BLEND_*, PIPE_BLENDFACTOR_* */
   uint8_t alpha_bfunc, alpha_src, alpha_dst;
   uint8_t frag_coord;         /* shader reads system values: gl_FragCoord, gl_FrontFacing */
   uint8_t frag_coord_conv;    /* IR_FRAG_COORD_UPPER_LEFT / _INTEGER bits */
   uint8_t stencil_test;       /* stencil test on (needs zbytes: the texel holds it) */
   uint8_t sshift;             /* the 8-bit stencil field in the texel */
   uint8_t two_sided;          /* back faces use face 1's state */
   uint8_t sfunc[2];           /* PIPE_FUNC_* per face (0 front, 1 back) */
   uint8_t sfail[2], szfail[2], szpass[2];   /* PIPE_STENCIL_OP_* per face */
   uint8_t logicop;            /* logic op on (blending is then off) */
   uint8_t logicop_func;       /* PIPE_LOGICOP_* */
   uint8_t pad2[1];
   struct {
      uint8_t kind;            /* enum pony_jit_fs_input */
      uint8_t attr;            /* vertex attribute index */
   } inputs[PONY_JIT_FS_MAX_INPUTS];
   /* texture units sampled inline (kind 0: the callout), by binding */
   struct pony_jit_tex_key tex[PONY_JIT_MAX_TEX_UNITS];
};

/* Most quads one call takes. */
#define PONY_JIT_FS_MAX_QUADS 64

/* Quads of one primitive, filled by the caller: the primitive's planes and
 * vertices, then `count` quads (no two the same: a primitive covers a pixel
 * once, so their order does not matter). */
struct pony_jit_fs_quads {
   double ox, oy;              /* plane origin */
   double bary[3][3];          /* l_i = bary[i][0] + bary[i][1] (x - ox) + bary[i][2] (y - oy) */
   double zplane[3];           /* z = zplane[0] + zplane[1] (x - ox) + zplane[2] (y - oy) */
   float win_w[3];             /* window 1/w of each vertex */
   const float *attr[3];       /* vertex i's attributes, 4 floats per index */
   uint32_t front_facing;      /* the primitive faces the viewer (0/1) */
   uint32_t depth_constant;    /* every pixel's depth is (float)zplane[0]
                                * (pony_jit_fs_depth_constant; 0 always works) */
   uint32_t count;             /* quads below in use, 1..PONY_JIT_FS_MAX_QUADS */
   /* quad q: upper-left pixel (x[q], y[q]), both even; covered pixels
    * mask[q]: bit i = (x + (i & 1), y + (i >> 1)).  The generated code
    * reads the quads 4 at a time: entries count .. (count rounded up to 4)
    * - 1 must be defined and cover nothing (pony_jit_fs_quads_pad) */
   int32_t x[PONY_JIT_FS_MAX_QUADS], y[PONY_JIT_FS_MAX_QUADS];
   uint32_t mask[PONY_JIT_FS_MAX_QUADS];
};

/* Pads q's quads to a multiple of 4 with copies of the last one covering
 * nothing (before calling a pony_jit_fs_func). */
static inline void
pony_jit_fs_quads_pad(struct pony_jit_fs_quads *q)
{
   for (uint32_t i = q->count; i & 3; i++) {
      q->x[i] = q->x[q->count - 1];
      q->y[i] = q->y[q->count - 1];
      q->mask[i] = 0;
   }
}

/* Whether q's depth plane, evaluated in double at any pixel of a
 * width x height surface and rounded to float, gives (float)zplane[0],
 * a positive finite float (q->depth_constant: the generated code then
 * takes that value instead of evaluating the plane).  Conservative: the
 * plane's largest change over the surface, with margins for its rounding,
 * must stay inside the interval that rounds to that float. */
bool pony_jit_fs_depth_constant(const struct pony_jit_fs_quads *q, unsigned width,
                                unsigned height);

/* What changes between draws without changing the code. */
struct pony_jit_fs_state {
   const struct pony_jit_cbuf *cbufs;      /* PONY_JIT_MAX_CBUFS of them */
   const struct pony_jit_sysvals *sysvals;
   uint8_t *color;                         /* texel (0, 0) of the colour buffer */
   uint8_t *depth;                         /* texel (0, 0) of the depth buffer */
   int64_t color_stride, depth_stride;     /* bytes per row */
   float blend_color[4];                   /* clamped to [0, 1] */
   float alpha_ref;
   float depth_min, depth_max;             /* depth clamp range */
   uint8_t stencil_ref[2];                 /* per face */
   uint8_t stencil_valuemask[2], stencil_writemask[2];
   uint8_t pad[2];
   double fb_height;                       /* gl_FragCoord.y on flipped surfaces */
   /* quads at x < inner_x, y < inner_y lie wholly inside the buffers
    * (their width and height minus 1): plain loads and stores */
   int32_t inner_x, inner_y;
};

/* Returns the number of pixels that passed the alpha and depth tests (the
 * occlusion count); a quad whose shader ran away is dropped (as swpipe
 * drops it) and counts nothing. */
typedef uint32_t (*pony_jit_fs_func)(const struct pony_jit_fs_quads *quads,
                                     const struct pony_jit_fs_state *state);

/* Compiles the fused function of `shader` (its @main) for `key`.  The
 * result is freed with pony_jit_shader_destroy(). */
enum pony_jit_status pony_jit_compile_fs(struct pony_jit *jit, const struct ir_shader *shader,
                                         const struct pony_jit_fs_key *key,
                                         struct pony_jit_shader **out, char *err,
                                         unsigned err_size);
pony_jit_fs_func pony_jit_fs_func_get(const struct pony_jit_shader *s);

#ifdef __cplusplus
}
#endif

#endif
