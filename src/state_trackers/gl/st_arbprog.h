/*
 * ARB_vertex_program / ARB_fragment_program in the GL state tracker:
 * program objects (shared by a share group, like textures), the
 * per-context bindings, environment parameters, the error position and
 * string, and what a draw needs (st_draw.c update_shaders).  The programs
 * themselves are compiled by src/compiler/arbprog; their GL state
 * parameters are filled by st_program_state.c.  See docs/arb-programs.md.
 */
#ifndef ST_ARBPROG_H
#define ST_ARBPROG_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/arbprog/arbprog.h"
#include "st_gl.h"

struct st_context;
struct ff_state;
struct irexec_program;

#define ST_ARBPROG_MAX_ENV        256   /* GL_MAX_PROGRAM_ENV_PARAMETERS_ARB */
#define ST_ARBPROG_MAX_LOCAL      1024  /* GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB */
#define ST_ARBPROG_MAX_ATTRIBS    16    /* GL_MAX_VERTEX_ATTRIBS_ARB */
#define ST_ARBPROG_MATRICES       8     /* GL_MAX_PROGRAM_MATRICES_ARB */
#define ST_ARBPROG_MATRIX_DEPTH   4     /* GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB */
#define ST_ARBPROG_CSO_CACHE      8     /* pipe shaders kept per stage and context */

enum st_arbprog_stage {
   ST_ARBPROG_VP,
   ST_ARBPROG_FP,
};

/* The result of one successful glProgramStringARB: reference counted so
 * that a pipe shader made from its IR (possibly in another context) keeps
 * it alive after the program is re-specified or deleted. */
struct st_arbprog_compiled {
   int refcount;
   struct arbprog_result res;
   struct irexec_program *exec;   /* vertex programs on the CPU (glRasterPos); made once */
};

struct st_arb_program {
   int refcount;                        /* atomic: names table + bindings */
   GLuint name;
   GLenum target;                       /* 0 until first bound */
   /* string, length and compiled change under the share group's lock
    * (another context may be binding the object) */
   char *string;                        /* the last string loaded successfully */
   GLsizei length;
   struct st_arbprog_compiled *compiled;   /* NULL: no valid program */
   float local[ST_ARBPROG_MAX_LOCAL][4];
};

struct st_arbprog_cso {
   struct st_arbprog_compiled *compiled;   /* referenced; NULL: empty */
   void *cso;
};

/* Per context (st_context::arbprog). */
struct st_arbprog_ctx {
   struct st_arb_program *bound[2];        /* referenced; the defaults when 0 is bound */
   /* what this context runs for each target (referenced): the bound
    * object's program when it was bound or loaded here.  Another
    * context's glProgramStringARB takes effect here at the next
    * glBindProgramARB, as the spec allows ("Additions to the GLX
    * Specification"), and never frees what a draw uses. */
   struct st_arbprog_compiled *current[2];
   struct st_arb_program *defaults[2];     /* program 0 of each target (per context) */
   float env[2][ST_ARBPROG_MAX_ENV][4];
   GLint error_pos;
   char error_string[256];
   struct st_arbprog_cso cache[2][ST_ARBPROG_CSO_CACHE];
   unsigned cache_next[2];
   float *consts[2];                       /* per-stage constant scratch, consts_cap slots */
   unsigned consts_cap[2];
};

bool st_arbprog_init(struct st_context *ctx);
void st_arbprog_fini(struct st_context *ctx);

/* Share-group table destroy callback. */
void st_arbprog_destroy_cb(void *obj, void *data);
void st_arb_program_unref(struct st_arb_program *p);
void st_arbprog_compiled_unref(struct st_arbprog_compiled *c);

/* Bind p to stage s of this context and take its current program (under
 * the share group's lock). */
void st_arbprog_bind(struct st_context *ctx, int s, struct st_arb_program *p);

/* GL_VERTEX_PROGRAM_ARB / GL_FRAGMENT_PROGRAM_ARB -> stage; -1 otherwise. */
int st_arbprog_stage_of(GLenum target);

/* The program a draw runs for a stage: enabled and valid, else NULL. */
const struct arbprog_result *st_arbprog_active(struct st_context *ctx, enum st_arbprog_stage s);

/* ARB_vertex/fragment_program 2.14 / 3.11: Begin, RasterPos and the
 * commands that perform a Begin raise GL_INVALID_OPERATION while a program
 * mode is enabled with an invalid program.  True if drawing may go on. */
bool st_arbprog_check_draw(struct st_context *ctx, const char *where);

/* The pipe shader of the stage's active program (created on first use),
 * NULL if none or the driver refused it. */
void *st_arbprog_shader(struct st_context *ctx, enum st_arbprog_stage s);

/* Fill and bind the stage's constant buffer (ARBPROG_CBUF_INDEX):
 * env/local parameters and the state rows, read from st (the draw's
 * fixed-function state) and ff_consts (its ff_constants_fill output). */
bool st_arbprog_bind_constants(struct st_context *ctx, enum st_arbprog_stage s,
                               const struct ff_state *st, const float (*ff_consts)[4]);

/* What glRasterPos takes from a vertex program run on the CPU. */
struct st_arbprog_vertex {
   float position[4];                  /* clip coordinates */
   float color[4], secondary[4];       /* front colours */
   float tex[ARBPROG_MAX_TEXTURE_UNITS][4];
   float fog;                          /* result.fogcoord.x */
   uint32_t written;                   /* ARBPROG_VERT_OUT_* */
};

/* Run the active vertex program for one vertex at object position obj with
 * the current attributes (ARB_vertex_program 2.12: glRasterPos executes
 * it).  False if no vertex program is active or it cannot run. */
bool st_arbprog_run_vertex(struct st_context *ctx, const float obj[4],
                           struct st_arbprog_vertex *out);

/* glGet values of the extensions (false: not one of them).  kind: 0 int,
 * 1 enum, 2 bool, 3 float. */
bool st_arbprog_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count,
                    double *d);

/* st_program_state.c: one vec4 of GL state for a pony_state row. */
/* The texel scale / bias rows (PONY_STATE_TEXEL_SCALE / _BIAS) of a unit:
 * complete or not, and for a depth comparison the ff_base_format of its
 * depth texture mode (else -1). */
void st_program_texel_row(bool complete, int shadow_base, bool scale, float out[4]);

void st_program_state_row(struct st_context *ctx, const struct ff_state *st,
                          const float (*ff_consts)[4], const struct pony_state_ref *ref,
                          float out[4]);

/* Program matrix i (top of its stack). */
float *st_arbprog_matrix(struct st_context *ctx, unsigned i);

#endif
