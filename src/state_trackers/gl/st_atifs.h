/*
 * GL_ATI_fragment_shader in the GL state tracker: shader objects (shared
 * by a share group), the definition being recorded between
 * glBeginFragmentShaderATI and glEndFragmentShaderATI, the global
 * constants, and what a draw needs (st_draw.c update_shaders).  The
 * shaders are lowered by src/compiler/atifs; the entry points are
 * api/api_atifs.c.  See docs/ati-fragment-shader.md.
 */
#ifndef ST_ATIFS_H
#define ST_ATIFS_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/atifs/atifs.h"
#include "st_gl.h"

struct st_context;
struct ff_state;
struct ir_shader;

#define ST_ATIFS_CSO_CACHE 8   /* pipe shaders kept per context */

/* One definition (a successful glEndFragmentShaderATI): immutable and
 * reference counted, so a context drawing with it never sees it change. */
struct st_atifs_def {
   int refcount;
   struct atifs_shader sh;
   float local[ATIFS_NUM_CONSTS][4];   /* constants set inside Begin/End */
   uint8_t local_set;                  /* bit n: CON_n is the shader's own */
};

struct st_ati_shader {
   int refcount;                       /* names table + bindings */
   GLuint name;
   struct st_atifs_def *def;           /* NULL: not (validly) defined; share lock */
};

struct st_atifs_cso {
   struct st_atifs_def *def;           /* referenced; NULL: empty */
   struct atifs_key key;
   struct ir_shader *ir;
   void *cso;
};

/* The definition being recorded (glBeginFragmentShaderATI .. End). */
struct st_atifs_build {
   struct atifs_shader sh;
   float local[ATIFS_NUM_CONSTS][4];
   uint8_t local_set;
   unsigned pass;                      /* 0 or 1 */
   bool pass_has_ops;                  /* an arithmetic op in the current pass */
   unsigned color_ops, alpha_ops;      /* in the current pass */
   uint8_t setup_written;              /* registers written by setup this pass */
   uint8_t tex_swizzle[ATIFS_MAX_TEX_COORDS];   /* 0 unused, 1 STR/STR_DR, 2 STQ/STQ_DQ */
   bool first_pass_color;              /* PRIMARY/SECONDARY read in pass 0 */
   bool prev_color;                    /* the previous op was a colour op ... */
   uint8_t prev_color_opcode;          /* ... with this opcode */
};

/* Per context (st_context::atifs). */
struct st_atifs_ctx {
   struct st_ati_shader *bound;        /* referenced; default_shader when 0 is bound */
   struct st_ati_shader *default_shader;
   struct st_atifs_def *current;       /* what this context draws with (referenced) */
   float global[ATIFS_NUM_CONSTS][4];  /* glSetFragmentShaderConstantATI outside Begin/End */
   bool inside;                        /* between Begin and End */
   struct st_atifs_build build;
   struct st_atifs_cso cache[ST_ATIFS_CSO_CACHE];
   unsigned cache_next;
   float consts[ATIFS_NUM_SLOTS][4];
};

bool st_atifs_init(struct st_context *ctx);
void st_atifs_fini(struct st_context *ctx);
void st_atifs_destroy_cb(void *obj, void *data);
void st_ati_shader_unref(struct st_ati_shader *s);
void st_atifs_def_unref(struct st_atifs_def *d);

/* Bind s and take its current definition (under the share group's lock). */
void st_atifs_bind(struct st_context *ctx, struct st_ati_shader *s);

/* The definition a draw runs: GL_FRAGMENT_SHADER_ATI enabled, the bound
 * shader validly defined, no definition being recorded; else NULL. */
const struct st_atifs_def *st_atifs_active(struct st_context *ctx);

/* Texture coordinate sets / secondary colour / fog the fixed-function
 * vertex stage must feed for the active shader: ATIFS_IN_* bits. */
uint32_t st_atifs_inputs(struct st_context *ctx);

/* The pipe shader for the active shader under the draw's state st (its
 * texture targets and fog), created on first use; NULL if impossible. */
void *st_atifs_shader(struct st_context *ctx, const struct ff_state *st);

/* Fill and bind the constant buffer (ATIFS_CBUF_INDEX) of the fragment
 * stage: constants, fog colour and parameters. */
bool st_atifs_bind_constants(struct st_context *ctx, const struct ff_state *st,
                             const float (*ff_consts)[4]);

/* glGet values of the extension (false: not one of them). */
bool st_atifs_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count, double *d);

#endif
