/*
 * swpipe's bound state and the dirty bits that will let drawing
 * revalidate only what changed.  Every set_* / bind_* call stores its
 * argument in struct swpipe_context and sets its SWPIPE_NEW_* bit.
 * Each state area lives in its own swpipe_state_*.c, which installs its
 * functions with swpipe_init_*_funcs().
 */
#ifndef SWPIPE_STATE_H
#define SWPIPE_STATE_H

#include "pipe/p_context.h"
#include "pipe/p_state.h"

#define SWPIPE_NEW_BLEND            (1u << 0)
#define SWPIPE_NEW_DSA              (1u << 1)
#define SWPIPE_NEW_RASTERIZER       (1u << 2)
#define SWPIPE_NEW_SAMPLER          (1u << 3)
#define SWPIPE_NEW_SAMPLER_VIEW     (1u << 4)
#define SWPIPE_NEW_VERTEX_ELEMENTS  (1u << 5)
#define SWPIPE_NEW_VS               (1u << 6)
#define SWPIPE_NEW_FS               (1u << 7)
#define SWPIPE_NEW_GS               (1u << 8)
#define SWPIPE_NEW_BLEND_COLOR      (1u << 9)
#define SWPIPE_NEW_STENCIL_REF      (1u << 10)
#define SWPIPE_NEW_SAMPLE_MASK      (1u << 11)
#define SWPIPE_NEW_CLIP             (1u << 12)
#define SWPIPE_NEW_STIPPLE          (1u << 13)
#define SWPIPE_NEW_SCISSOR          (1u << 14)
#define SWPIPE_NEW_VIEWPORT         (1u << 15)
#define SWPIPE_NEW_FRAMEBUFFER      (1u << 16)
#define SWPIPE_NEW_CONSTANTS        (1u << 17)
#define SWPIPE_NEW_VERTEX_BUFFERS   (1u << 18)
#define SWPIPE_NEW_SO               (1u << 19)
#define SWPIPE_NEW_RENDER_COND      (1u << 20)
#define SWPIPE_NEW_ALL              ((1u << 21) - 1)

struct irexec_program;
struct draw_vertex_shader;
struct draw_geometry_shader;

/* A shader CSO: the stream-output layout and, when swpipe is built with
 * the draw module, the executable form of the IR (a template without IR
 * gives a shader that draws nothing). */
struct swpipe_shader {
   enum pipe_shader_type stage;
   struct pipe_stream_output_info stream_output;
   struct irexec_program *fs_prog;        /* fragment shaders */
   void *fs_driver;                       /* the driver's version of fs_prog
                                           * (swpipe_driver.fs_create), or NULL */
   struct draw_vertex_shader *vs_prog;    /* vertex shaders (owned, made by draw) */
   struct draw_geometry_shader *gs_prog;  /* geometry shaders (owned, made by draw) */
};

/* A stream-output target and how much of it is filled (where appending
 * continues), in bytes from its buffer_offset. */
struct swpipe_so_target {
   struct pipe_stream_output_target base;
   unsigned filled;
};

struct swpipe_vertex_elements {
   unsigned count;
   int edgeflag_element;            /* element with 'edgeflag' set, -1: none */
   struct pipe_vertex_element elements[PIPE_MAX_ATTRIBS];
};

/* A bound constant buffer; user_buffer contents are copied into 'copy'. */
struct swpipe_constant_buffer {
   struct pipe_resource *buffer;     /* referenced */
   unsigned offset, size;
   void *copy;                       /* malloc'd copy of a user buffer (kept between binds) */
   unsigned copy_cap;                /* its size */
   bool user;                        /* the copy is what is bound */
};

struct pipe_context;

void swpipe_init_blend_funcs(struct pipe_context *);
void swpipe_init_dsa_funcs(struct pipe_context *);
void swpipe_init_rasterizer_funcs(struct pipe_context *);
void swpipe_init_viewport_funcs(struct pipe_context *);
void swpipe_init_sampler_funcs(struct pipe_context *);
void swpipe_init_vertex_funcs(struct pipe_context *);
void swpipe_init_shader_funcs(struct pipe_context *);
void swpipe_init_constant_funcs(struct pipe_context *);
void swpipe_init_framebuffer_funcs(struct pipe_context *);
void swpipe_init_so_funcs(struct pipe_context *);

/* Release every reference and copy a state area holds (context destroy). */
void swpipe_release_sampler_state(struct pipe_context *);
void swpipe_release_vertex_state(struct pipe_context *);
void swpipe_release_constant_state(struct pipe_context *);
void swpipe_release_framebuffer_state(struct pipe_context *);
void swpipe_release_so_state(struct pipe_context *);

#endif
