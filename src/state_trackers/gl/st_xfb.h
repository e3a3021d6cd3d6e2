/*
 * Transform feedback (EXT_transform_feedback / GL 3.0 section 2.15,
 * ARB_transform_feedback2, ARB_transform_feedback3): st_xfb.c holds the
 * state and the draw side, api/api_xfb.c the entry points.
 *
 * The buffer bindings live in transform feedback objects (object 0 is the
 * context's default one); the generic GL_TRANSFORM_FEEDBACK_BUFFER binding
 * is context state.  Capture goes through the pipe's stream output: for each
 * draw while capture is active (and not paused), st_xfb_draw_begin wraps
 * the bound buffers' stores in stream-output targets that start where the
 * session stopped, and st_xfb_draw_end advances by the primitives the pipe
 * wrote (a PIPE_QUERY_PRIMITIVES_EMITTED around the draw).  The targets live
 * for one draw only, so glBufferData on a bound buffer (a new store) never
 * leaves the pipe writing freed memory.
 */
#ifndef ST_XFB_H
#define ST_XFB_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"
#include "st_names.h"

struct st_context;
struct st_buffer;
struct st_glsl_linked;
struct st_glsl_program;
struct pipe_query;
struct pipe_resource;
struct pipe_stream_output_target;
struct pipe_stream_output_info;
struct ir_shader;
struct glsl_program_interface;

#define ST_XFB_MAX_BUFFERS 4               /* GL_MAX_TRANSFORM_FEEDBACK_BUFFERS */
#define ST_XFB_MAX_SEPARATE_ATTRIBS 4      /* ..._SEPARATE_ATTRIBS */
#define ST_XFB_MAX_COMPONENTS 64           /* ..._INTERLEAVED_COMPONENTS, _SEPARATE_COMPONENTS */
/* Names one glTransformFeedbackVaryings keeps: more can never link (each
 * takes a component but the at most 3 gl_NextBuffer), so a larger count is
 * GL_OUT_OF_MEMORY rather than unbounded copying (docs/robustness.md). */
#define ST_XFB_MAX_VARYING_NAMES 4096

enum st_xfb_bind_kind {
   ST_XFB_BIND_BASE,       /* glBindBufferBase: the whole store */
   ST_XFB_BIND_RANGE,      /* glBindBufferRange: [offset, offset + size) */
   ST_XFB_BIND_OFFSET,     /* glBindBufferOffsetEXT: from offset to the end */
};

struct st_xfb_binding {
   struct st_buffer *buffer;           /* referenced; NULL: none */
   int64_t offset, size;               /* as bound (size: RANGE only) */
   enum st_xfb_bind_kind kind;
};

struct st_xfb_object {
   GLuint name;
   bool bound_once;                    /* a name becomes an object when bound */
   struct st_xfb_binding bind[ST_XFB_MAX_BUFFERS];
   bool active, paused;
   GLenum mode;                        /* glBeginTransformFeedback's primitive mode */
   struct st_glsl_linked *linked;      /* the executable capturing (referenced) */
   uint64_t written[ST_XFB_MAX_BUFFERS];   /* bytes captured since Begin */
   /* ARB_transform_feedback2: vertices captured by the last ended session
    * (glDrawTransformFeedback); ended: a session has ended */
   uint64_t vertices;
   bool ended;
};

struct st_xfb_ctx {
   struct st_xfb_object default_obj;
   struct st_xfb_object *current;      /* glBindTransformFeedback; &default_obj for 0 */
   struct st_buffer *generic;          /* GL_TRANSFORM_FEEDBACK_BUFFER (glBindBuffer) */
   struct st_names objects;            /* transform feedback objects (per context) */
   struct pipe_query *emitted;         /* counts what one draw wrote (made on first use) */
   /* the targets of the draw in progress (st_xfb_draw_begin .. _end) */
   struct pipe_stream_output_target *targets[ST_XFB_MAX_BUFFERS];
   struct pipe_resource *stores[ST_XFB_MAX_BUFFERS];
   unsigned num_targets;
};

/* Does this context have transform feedback (a compatibility context on a
 * screen that offers it; ES 2 has none)? */
bool st_xfb_enabled(const struct st_context *ctx);

bool st_xfb_init(struct st_context *ctx);
void st_xfb_fini(struct st_context *ctx);

/* Is transform feedback active and not paused?  (glUseProgram, changing
 * bindings and GL 4's object rules refuse then.) */
bool st_xfb_active_unpaused(const struct st_context *ctx);
/* Is p's executable the one an active session captures with (glLinkProgram
 * refuses to relink it)? */
bool st_xfb_program_capturing(const struct st_context *ctx, const struct st_glsl_program *p);

/* The generic GL_TRANSFORM_FEEDBACK_BUFFER binding (st_buffer_binding). */
struct st_buffer **st_xfb_generic_binding(struct st_context *ctx);
/* glDeleteBuffers: drop b from every transform feedback binding. */
void st_xfb_unbind_buffer(struct st_context *ctx, struct st_buffer *b);

/* glBindBufferRange / Base / OffsetEXT and glGetIntegeri_v for
 * GL_TRANSFORM_FEEDBACK_BUFFER (api_xfb.c); they raise the errors. */
void st_xfb_bind_buffer(struct st_context *ctx, GLuint index, GLuint buffer, int64_t offset,
                        int64_t size, enum st_xfb_bind_kind kind, const char *where);
/* The indexed value (GL_TRANSFORM_FEEDBACK_BUFFER_BINDING / _START / _SIZE)
 * of binding index; false after raising an error. */
bool st_xfb_get_indexed(struct st_context *ctx, GLenum pname, GLuint index, int64_t *value,
                        const char *where);
/* glGet values of transform feedback (limits, generic binding, object
 * binding, paused/active, rasterizer discard is api_enable's); false when
 * pname is none of them. */
bool st_xfb_get(struct st_context *ctx, GLenum pname, int64_t *value);

/* Around each draw (st_draw.c).  begin: false when the draw must not
 * happen (primitive mode other than the session's: GL_INVALID_OPERATION
 * raised).  Sets the stream-output targets when capturing. */
bool st_xfb_draw_begin(struct st_context *ctx, GLenum mode, bool *capturing);
void st_xfb_draw_end(struct st_context *ctx, bool capturing);

/* The stream-output layout of a vertex shader: the executable's captured
 * outputs mapped to the output slots of `ir` (the IR handed to the pipe:
 * outputs in declaration order, an array one slot per element). */
void st_xfb_stream_output_info(const struct glsl_program_interface *iface,
                               const struct ir_shader *ir,
                               struct pipe_stream_output_info *so);

/* glGetProgramiv's transform feedback values; false when pname is none. */
bool st_xfb_program_param(const struct st_glsl_program *p, GLenum pname, GLint *v);

#endif
