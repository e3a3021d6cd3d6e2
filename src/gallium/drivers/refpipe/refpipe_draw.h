/*
 * refpipe's drawing state: the draw module context, the rasterizer, the
 * fragment shader's input/output wiring and the texture units, all derived
 * from the bound state by refpipe_update_derived() at draw time.  Only
 * built when the draw, irexec and sampler modules are (REFPIPE_HAVE_DRAW).
 */
#ifndef REFPIPE_DRAW_H
#define REFPIPE_DRAW_H

#include "draw/draw_context.h"
#include "irexec/irexec.h"
#include "refpipe_context.h"
#include "refpipe_limits.h"
#include "refpipe_raster.h"
#ifdef REFPIPE_HAVE_SAMPLER
#include "sampler/u_sampler.h"
#endif

/* Where fragment shader input slot s comes from. */
enum refpipe_fs_input_kind {
   REFPIPE_FS_IN_NONE,          /* no matching VS output: (0, 0, 0, 0) */
   REFPIPE_FS_IN_ATTR,          /* a draw_vertex attribute */
   REFPIPE_FS_IN_POINT_COORD,   /* gl_PointCoord */
   REFPIPE_FS_IN_SYSTEM,        /* filled by irexec (frag coord, front face, ...) */
   REFPIPE_FS_IN_LAST_FRAG,     /* colour buffer 'attr's value at the sample
                                 * (gl_LastFragData, IR_SEM_LAST_FRAG_DATA) */
};

struct refpipe_fs_input {
   enum refpipe_fs_input_kind kind;
   int attr;                     /* draw_vertex attr[] index; LAST_FRAG: colour buffer */
   bool flat, noperspective;
};

/* The textures one shader stage samples, as irexec asks for them. */
struct refpipe_tex_stage {
   struct irexec_sampler_iface iface;
#ifdef REFPIPE_HAVE_SAMPLER
   struct u_sampler_texture tex[REFPIPE_MAX_TEXTURE_IMAGE_UNITS];
#endif
   const struct pipe_sampler_view *views[REFPIPE_MAX_TEXTURE_IMAGE_UNITS];
   const struct pipe_sampler_state *samplers[REFPIPE_MAX_TEXTURE_IMAGE_UNITS];
   bool quad;                    /* fragment stage: lanes are a 2x2 quad */
};

/* The bound vertex shader as draw sees it: the CSO's shader with the
 * outputs the fragment shader reads flat declared flat, so draw's
 * flatshade stage gives every vertex the provoking vertex's value (only
 * draw knows the provoking vertex of fans, strips and quads). */
struct refpipe_vs_wrapper {
   struct draw_vertex_shader base;
   struct draw_vertex_shader *inner;
   struct draw_vs_slot outputs[DRAW_MAX_VS_SLOTS];
};

struct refpipe_draw_state {
   struct draw_context *draw;
   struct refpipe_vs_wrapper vs;
   struct draw_raster_iface raster_iface;
   struct refpipe_rasterizer rast;
   unsigned saved_stipple_counter;   /* for wide-line replicas */

   /* fragment shader wiring */
   const struct irexec_program *fs;
   unsigned fs_num_inputs, fs_num_outputs;
   struct refpipe_fs_input fs_inputs[IREXEC_MAX_SLOTS];
   int color_out[PIPE_MAX_COLOR_BUFS];   /* output slot feeding each target, or -1 */
   int color1_out;                        /* dual-source second colour, or -1 */
   int depth_out;                         /* gl_FragDepth slot, or -1 */
   unsigned frag_coord_conventions;       /* IR_FRAG_COORD_* of the FRAG_COORD input */
   struct irexec_env fs_env;

   /* per-fragment derived state */
   float depth_min, depth_max;            /* depth clamp range */
   int point_coord_attr;                  /* draw's point-coordinate slot */

   struct refpipe_tex_stage tex[PIPE_SHADER_TYPES];
};

/* refpipe_draw.c */
bool refpipe_draw_init(struct refpipe_context *);
void refpipe_draw_fini(struct refpipe_context *);
void refpipe_init_draw_funcs(struct pipe_context *);

/* refpipe_state_derived.c: validate dirty state before drawing. */
void refpipe_update_derived(struct refpipe_context *);
/* Forget a vertex shader that is being deleted. */
void refpipe_derived_vs_deleted(struct refpipe_context *, struct draw_vertex_shader *);

/* refpipe_tex.c: fill a stage's textures from the bound views/samplers. */
void refpipe_tex_update(struct refpipe_context *, enum pipe_shader_type);
void refpipe_tex_init(struct refpipe_tex_stage *, bool quad);
#ifdef REFPIPE_HAVE_SAMPLER
/* A refpipe resource as the sampler module describes textures. */
void refpipe_tex_describe(struct pipe_resource *, struct u_sampler_texture *);
#endif

#endif
