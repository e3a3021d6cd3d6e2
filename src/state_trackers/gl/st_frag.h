/*
 * Per-fragment and rasterization values GL sets (api/api_fragment.c),
 * occlusion queries (api/api_query.c) and the selection / feedback render
 * modes (api/api_select.c).
 *
 * struct st_frag_vals holds the values of several glPushAttrib groups
 * (stencil, colour buffer, polygon, polygon stipple, line, point,
 * multisample); st_frag_pop() restores the fields of the groups a mask
 * names.  The query and render-mode state is not pushed.
 */
#ifndef ST_FRAG_H
#define ST_FRAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;
struct st_vertex;
struct st_query_object;

struct st_stencil_face {
   GLenum func;
   GLint ref;
   GLuint value_mask;
   GLenum fail, zfail, zpass;
};

struct st_frag_vals {
   /* GL_STENCIL_BUFFER_BIT (write masks and clear value: st_stencil_attrib) */
   struct st_stencil_face stencil[2];    /* front, back */
   /* GL_COLOR_BUFFER_BIT */
   GLenum alpha_func;
   GLfloat alpha_ref;                    /* clamped to [0, 1] */
   GLenum logic_op;
   GLfloat blend_color[4];               /* clamped to [0, 1] (GL 2.1) */
   /* GL_POLYGON_BIT */
   GLfloat offset_factor, offset_units;
   /* GL_POLYGON_STIPPLE_BIT: pipe_poly_stipple rows (row y = window row y % 32,
    * pixel x = bit 31 - x) */
   uint32_t poly_stipple[32];
   /* GL_LINE_BIT */
   GLfloat line_width;
   GLint line_stipple_repeat;            /* 1..256 */
   GLushort line_stipple_pattern;
   /* GL_POINT_BIT */
   GLfloat point_size;
   GLfloat point_min, point_max, point_fade;
   GLfloat point_atten[3];
   GLenum point_sprite_origin;           /* GL_POINT_SPRITE_COORD_ORIGIN (GL 2.0) */
   /* GL_MULTISAMPLE_BIT */
   GLfloat sample_coverage_value;
   GLboolean sample_coverage_invert;
   GLbitfield sample_mask_value;         /* GL_SAMPLE_MASK_VALUE word 0 (api_texms.c) */
};

/* Selection and feedback (GL 2.1 sections 5.2, 5.3). */
#define ST_MAX_NAME_STACK_DEPTH 64

struct st_select_state {
   GLenum render_mode;                   /* GL_RENDER, GL_SELECT, GL_FEEDBACK */
   /* selection */
   GLuint *sel_buf;
   GLsizei sel_size;
   GLsizei sel_count;                    /* words stored (or wanted) */
   bool sel_overflow;
   GLuint hits;
   bool hit_flag;
   float hit_min, hit_max;               /* window z in [0, 1] */
   GLuint name_stack[ST_MAX_NAME_STACK_DEPTH];
   unsigned name_depth;
   /* feedback */
   GLfloat *fb_buf;
   GLsizei fb_size;
   GLenum fb_type;
   GLsizei fb_count;
   bool fb_overflow;
};

/* Per-context query state. */
struct st_query_state {
   /* GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED[_CONSERVATIVE]: one binding
    * point for the occlusion targets, as GL 3.3 section 2.14 and ES 3.0
    * section 2.13 allow one active occlusion query */
   struct st_query_object *active_samples;
   struct st_query_object *active_time;       /* GL_TIME_ELAPSED */
   /* GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN
    * (EXT_transform_feedback; stream 0) */
   struct st_query_object *active_prims_generated, *active_xfb_written;
   /* GL_NV_conditional_render (api_query.c): between Begin and
    * EndConditionalRenderNV; whether the query's result said to discard
    * (decided at Begin: a query's result cannot change while it is used,
    * as BeginQuery on it is refused) */
   bool cond_active;
   bool cond_discard;
   GLuint cond_id;
};

/* True while conditional rendering discards rendering commands: draws
 * (st_draw.c), glClear, glDrawPixels, glCopyPixels, glBitmap and
 * glBlitFramebuffer return after their error checks. */
bool st_cond_render_discards(const struct st_context *ctx);

/* Initial values (called from st_draw_create). */
void st_frag_init_defaults(struct st_frag_vals *f);
void st_select_init(struct st_select_state *s);

/* The implementation's largest point size (GL_POINT_SIZE_MAX's initial value). */
float st_frag_max_point_size(const struct st_context *ctx);
/* The stencil reference of a face (0 front, 1 back) clamped to the draw
 * framebuffer's stencil range. */
GLint st_frag_stencil_ref(struct st_context *ctx, unsigned face);

/* glPopAttrib: restore the fields of the groups in mask from saved. */
/* Blend factor f valid as a source (dst false) / destination factor in this
 * context (the SRC1 factors with EXT_blend_func_extended). */
bool st_blend_factor_ok(const struct st_context *ctx, GLenum f, bool dst);
/* glBlendFunc(Separate) / glBlendEquation(Separate): every draw buffer's. */
void st_blend_func_all(struct st_context *ctx, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha,
                       GLenum dst_alpha);
void st_blend_equation_all(struct st_context *ctx, GLenum mode_rgb, GLenum mode_alpha);
/* One draw buffer's GL_BLEND, GL_COLOR_WRITEMASK, blend function or
 * equation for the indexed queries; the count of values, 0 after an error. */
unsigned st_blend_get_indexed(struct st_context *ctx, GLenum target, GLuint index,
                              int64_t out[4], const char *where);

void st_frag_pop(struct st_context *ctx, GLbitfield mask, const struct st_frag_vals *saved);

/*
 * glGet of the values this module owns: fills kind (0 int, 1 uint, 2 enum,
 * 3 bool, 4 float, 5 normalized: api_get.c's value kinds in order), count,
 * ints or doubles (at most 4 of each); false if pname is not one of them.
 */
bool st_frag_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count,
                 int64_t ints[4], double dbls[4]);

/* Selection / feedback of a batch drawn while the render mode is not GL_RENDER. */
void st_select_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                        size_t count);

/*
 * Raster-position commands in the other render modes (for api_rasterpos.c and
 * the pixel path):
 *  - st_select_raster_pos: after glRasterPos / glWindowPos set ctx->pix.raster;
 *    in GL_SELECT a valid raster position is a hit at its window z.
 *  - st_select_pixel_command: at the start of glBitmap (GL_BITMAP_TOKEN),
 *    glDrawPixels (GL_DRAW_PIXEL_TOKEN) or glCopyPixels (GL_COPY_PIXEL_TOKEN),
 *    before the raster position moves; in GL_FEEDBACK writes the token and the
 *    raster position's vertex if it is valid.  Returns true when the render
 *    mode is not GL_RENDER: the command then must not touch the framebuffer
 *    (glBitmap still advances the raster position).
 */
void st_select_raster_pos(struct st_context *ctx);
bool st_select_pixel_command(struct st_context *ctx, GLenum token);

/* st_names_fini destroy callback of ctx->queries (data: the st_context). */
void st_query_destroy_cb(void *obj, void *data);
/* End the active queries and release the query objects (context destroy). */
void st_query_fini(struct st_context *ctx);
/* The GL time (GL_TIMESTAMP, ARB_timer_query): the driver's timestamp
 * query in nanoseconds; false where the context has none. */
bool st_query_timestamp(struct st_context *ctx, uint64_t *ns);

#endif
