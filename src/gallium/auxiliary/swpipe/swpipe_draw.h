/*
 * swpipe's drawing state: the draw module context, the rasterizer, the
 * fragment shader's input/output wiring and the texture units, all derived
 * from the bound state by swpipe_update_derived() at draw time.  Only
 * built when the draw, irexec and sampler modules are (SWPIPE_HAVE_DRAW).
 */
#ifndef SWPIPE_DRAW_H
#define SWPIPE_DRAW_H

#include "draw/draw_context.h"
#include "irexec/irexec.h"
#include "swpipe_context.h"
#include "swpipe_limits.h"
#include "swpipe_raster.h"
#ifdef SWPIPE_HAVE_SAMPLER
#include "sampler/u_sampler.h"
#endif

/* Where fragment shader input slot s comes from. */
enum swpipe_fs_input_kind {
   SWPIPE_FS_IN_NONE,          /* no matching VS output: (0, 0, 0, 0) */
   SWPIPE_FS_IN_ATTR,          /* a draw_vertex attribute */
   SWPIPE_FS_IN_POINT_COORD,   /* gl_PointCoord */
   SWPIPE_FS_IN_SYSTEM,        /* filled by irexec (frag coord, front face, ...) */
   SWPIPE_FS_IN_LAST_FRAG,     /* colour buffer 'attr's value at the sample
                                 * (gl_LastFragData, IR_SEM_LAST_FRAG_DATA) */
   SWPIPE_FS_IN_PRIMITIVE_ID,  /* gl_PrimitiveID no geometry shader writes:
                                 * the primitive's number (draw_prim) */
};

struct swpipe_fs_input {
   enum swpipe_fs_input_kind kind;
   int attr;                     /* draw_vertex attr[] index; LAST_FRAG: colour buffer */
   bool flat, noperspective;
};

/* The textures one shader stage samples, as irexec asks for them. */
struct swpipe_tex_stage {
   struct irexec_sampler_iface iface;
#ifdef SWPIPE_HAVE_SAMPLER
   struct u_sampler_texture tex[SWPIPE_MAX_SAMPLER_SLOTS];
#endif
   const struct pipe_sampler_view *views[SWPIPE_MAX_SAMPLER_SLOTS];
   const struct pipe_sampler_state *samplers[SWPIPE_MAX_SAMPLER_SLOTS];
   bool quad;                    /* fragment stage: lanes are a 2x2 quad */
};

/* The bound vertex shader as draw sees it: the CSO's shader with the
 * outputs the fragment shader reads flat declared flat, so draw's
 * flatshade stage gives every vertex the provoking vertex's value (only
 * draw knows the provoking vertex of fans, strips and quads). */
struct swpipe_vs_wrapper {
   struct draw_vertex_shader base;
   struct draw_vertex_shader *inner;
   struct draw_vs_slot outputs[DRAW_MAX_VS_SLOTS];
};

/* The bound geometry shader as draw sees it, its flat outputs widened the
 * same way (its outputs are what the rasterizer interpolates). */
struct swpipe_gs_wrapper {
   struct draw_geometry_shader base;
   struct draw_geometry_shader *inner;
   struct draw_vs_slot outputs[DRAW_MAX_VS_SLOTS];
};

struct swpipe_draw_state {
   struct draw_context *draw;
   struct swpipe_vs_wrapper vs;
   struct swpipe_gs_wrapper gs;
   struct draw_raster_iface raster_iface;
   struct swpipe_rasterizer rast;
   unsigned saved_stipple_counter;   /* for wide-line replicas */
   /* what the last draw gave draw: vertex buffer slots [0, n), whether
    * stream output targets */
   unsigned draw_vertex_buffers;
   bool draw_so_targets;

   /* fragment shader wiring */
   const struct irexec_program *fs;
   void *fs_driver;                      /* the driver's version of fs, or NULL */
   unsigned fs_num_inputs, fs_num_outputs;
   struct swpipe_fs_input fs_inputs[IREXEC_MAX_SLOTS];
   int color_out[PIPE_MAX_COLOR_BUFS];   /* output slot feeding each target, or -1 */
   int color1_out;                        /* dual-source second colour, or -1 */
   int depth_out;                         /* gl_FragDepth slot, or -1 */
   unsigned frag_coord_conventions;       /* IR_FRAG_COORD_* of the FRAG_COORD input */
   struct irexec_env fs_env;

   /* per-fragment derived state */
   float depth_min, depth_max;            /* depth clamp range */
   int point_coord_attr;                  /* draw's point-coordinate slot */

   /* layered rendering: the slot of the geometry shader's gl_Layer (-1:
    * none), the smallest layer count of the bound surfaces (1: not
    * layered, gl_Layer ignored) */
   int layer_attr;
   unsigned fb_layers;

   struct swpipe_tex_stage tex[PIPE_SHADER_TYPES];
};

/* swpipe_draw.c */
bool swpipe_draw_init(struct swpipe_context *);
void swpipe_draw_fini(struct swpipe_context *);
void swpipe_init_draw_funcs(struct pipe_context *);

/* swpipe_state_derived.c: validate dirty state before drawing. */
void swpipe_update_derived(struct swpipe_context *);
/* Forget a vertex shader that is being deleted. */
void swpipe_derived_vs_deleted(struct swpipe_context *, struct draw_vertex_shader *);
/* The same for a geometry shader. */
void swpipe_derived_gs_deleted(struct swpipe_context *, struct draw_geometry_shader *);

/* swpipe_tex.c: fill a stage's textures from the bound views/samplers. */
void swpipe_tex_update(struct swpipe_context *, enum pipe_shader_type);
void swpipe_tex_init(struct swpipe_tex_stage *, bool quad);
#ifdef SWPIPE_HAVE_SAMPLER
/* A swpipe resource as the sampler module describes textures. */
void swpipe_tex_describe(struct pipe_resource *, struct u_sampler_texture *);
#endif

#endif
