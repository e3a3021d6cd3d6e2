/*
 * The GL context: all GL state, grouped into one struct per area.  The
 * groups follow glPushAttrib's attribute bits (GL 2.1 table 6.3ff) so a
 * later attribute stack can copy whole structs; state that no attribute
 * bit covers (errors, bindings to window-system drawables) lives directly
 * in st_context.
 *
 * Setters (the api_*.c files) change these structs and set ST_NEW_* dirty bits;
 * st_validate() turns the dirty state into pipe state before the pipe
 * context is used.
 */
#ifndef ST_CONTEXT_H
#define ST_CONTEXT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "st_api.h"
#include "st_caps.h"
#include "st_dispatch_gen.h"
#include "st_debug.h"
#include "st_dlist.h"
#include "st_draw.h"
#include "st_drawpix.h"
#include "st_eval.h"
#include "st_gl.h"
#include "st_names.h"
#include "st_texture.h"

struct pipe_context;
struct pipe_screen;
struct st_screen;
struct st_draw_ctx;

/* --- attribute groups ------------------------------------------------- */

struct st_color_attrib {            /* GL_COLOR_BUFFER_BIT */
   GLfloat clear_color[4];
   GLuint clear_color_int[4];        /* glClearColorIi/IuiEXT (EXT_texture_integer): the
                                      * bits given, for integer colour buffers */
   GLboolean color_mask[8][4];       /* R, G, B, A of each draw buffer (per buffer:
                                      * EXT_draw_buffers2; glColorMask sets all) */
   GLenum draw_buffer;               /* GL_FRONT, GL_BACK, GL_FRONT_AND_BACK, ..., GL_NONE */
   GLfloat index_clear;              /* colour-index state: kept, no effect in RGBA mode */
   GLuint index_mask;
};

/* GL_ARB_color_buffer_float's glClampColor controls (GL_TRUE, GL_FALSE,
 * GL_FIXED_ONLY; st_clamp.h resolves them).  Pushed with GL_ENABLE_BIT,
 * the vertex one also with GL_LIGHTING_BIT, the others with
 * GL_COLOR_BUFFER_BIT (the spec's state table). */
struct st_clamp_attrib {
   GLenum vertex;                    /* initially GL_TRUE */
   GLenum fragment;                  /* initially GL_FIXED_ONLY */
   GLenum read;                      /* initially GL_FIXED_ONLY */
};

struct st_accum_attrib {            /* GL_ACCUM_BUFFER_BIT */
   GLfloat clear[4];                 /* [-1, 1] */
};

struct st_depth_attrib {            /* GL_DEPTH_BUFFER_BIT */
   GLdouble clear;                   /* [0, 1] */
   GLboolean mask;
};

struct st_stencil_attrib {          /* GL_STENCIL_BUFFER_BIT */
   GLint clear;
   GLuint writemask[2];              /* front, back */
};

struct st_viewport_attrib {         /* GL_VIEWPORT_BIT */
   GLint x, y;
   GLsizei width, height;
   GLdouble near_val, far_val;       /* clamped to [0, 1] */
};

struct st_scissor_attrib {          /* GL_SCISSOR_BIT (enable bit in st_enable_attrib) */
   GLint x, y;
   GLsizei width, height;
};

struct st_pixel_attrib {            /* GL_PIXEL_MODE_BIT */
   GLenum read_buffer;
};

struct st_hint_attrib {             /* GL_HINT_BIT */
   GLenum perspective_correction;
   GLenum point_smooth;
   GLenum line_smooth;
   GLenum polygon_smooth;
   GLenum fog;
   GLenum generate_mipmap;
   GLenum texture_compression;
   GLenum fragment_shader_derivative;
};

/* Every capability glEnable knows (api_enable.c has the GLenum table). */
enum st_cap {
   ST_CAP_ALPHA_TEST = 0,
   ST_CAP_AUTO_NORMAL,
   ST_CAP_BLEND,
   ST_CAP_CLIP_PLANE0,               /* ..7 (GL_CLIP_DISTANCEi) */
   ST_CAP_COLOR_LOGIC_OP = ST_CAP_CLIP_PLANE0 + ST_MAX_CLIP_PLANES,
   ST_CAP_COLOR_MATERIAL,
   ST_CAP_COLOR_SUM,
   ST_CAP_COLOR_TABLE,
   ST_CAP_CONVOLUTION_1D,
   ST_CAP_CONVOLUTION_2D,
   ST_CAP_CULL_FACE,
   ST_CAP_DEPTH_TEST,
   ST_CAP_DITHER,
   ST_CAP_FOG,
   ST_CAP_HISTOGRAM,
   ST_CAP_INDEX_LOGIC_OP,
   ST_CAP_LIGHT0,                    /* ..7 */
   ST_CAP_LIGHTING = ST_CAP_LIGHT0 + 8,
   ST_CAP_LINE_SMOOTH,
   ST_CAP_LINE_STIPPLE,
   ST_CAP_MAP1_COLOR_4,
   ST_CAP_MAP1_INDEX,
   ST_CAP_MAP1_NORMAL,
   ST_CAP_MAP1_TEXTURE_COORD_1,
   ST_CAP_MAP1_TEXTURE_COORD_2,
   ST_CAP_MAP1_TEXTURE_COORD_3,
   ST_CAP_MAP1_TEXTURE_COORD_4,
   ST_CAP_MAP1_VERTEX_3,
   ST_CAP_MAP1_VERTEX_4,
   ST_CAP_MAP2_COLOR_4,
   ST_CAP_MAP2_INDEX,
   ST_CAP_MAP2_NORMAL,
   ST_CAP_MAP2_TEXTURE_COORD_1,
   ST_CAP_MAP2_TEXTURE_COORD_2,
   ST_CAP_MAP2_TEXTURE_COORD_3,
   ST_CAP_MAP2_TEXTURE_COORD_4,
   ST_CAP_MAP2_VERTEX_3,
   ST_CAP_MAP2_VERTEX_4,
   ST_CAP_MINMAX,
   ST_CAP_MULTISAMPLE,
   ST_CAP_NORMALIZE,
   ST_CAP_POINT_SMOOTH,
   ST_CAP_POINT_SPRITE,
   ST_CAP_POLYGON_OFFSET_FILL,
   ST_CAP_POLYGON_OFFSET_LINE,
   ST_CAP_POLYGON_OFFSET_POINT,
   ST_CAP_POLYGON_SMOOTH,
   ST_CAP_POLYGON_STIPPLE,
   ST_CAP_POST_COLOR_MATRIX_COLOR_TABLE,
   ST_CAP_POST_CONVOLUTION_COLOR_TABLE,
   ST_CAP_RESCALE_NORMAL,
   ST_CAP_SAMPLE_ALPHA_TO_COVERAGE,
   ST_CAP_SAMPLE_ALPHA_TO_ONE,
   ST_CAP_SAMPLE_COVERAGE,
   ST_CAP_SEPARABLE_2D,
   ST_CAP_SCISSOR_TEST,
   ST_CAP_STENCIL_TEST,
   ST_CAP_TEXTURE_1D,
   ST_CAP_TEXTURE_2D,
   ST_CAP_TEXTURE_3D,
   ST_CAP_TEXTURE_CUBE_MAP,
   ST_CAP_TEXTURE_GEN_S,
   ST_CAP_TEXTURE_GEN_T,
   ST_CAP_TEXTURE_GEN_R,
   ST_CAP_TEXTURE_GEN_Q,
   ST_CAP_TEXTURE_RECTANGLE,         /* GL_ARB_texture_rectangle (per unit: st_texture.c) */
   ST_CAP_VERTEX_PROGRAM_POINT_SIZE,
   ST_CAP_VERTEX_PROGRAM_TWO_SIDE,
   ST_CAP_FRAMEBUFFER_SRGB,          /* GL_ARB_framebuffer_sRGB (st_fbo.c resolve) */
   ST_CAP_SAMPLE_MASK,               /* GL_ARB_texture_multisample (st_draw.c sample mask) */
   ST_CAP_VERTEX_PROGRAM,            /* GL_ARB_vertex_program (st_arbprog.c) */
   ST_CAP_FRAGMENT_PROGRAM,          /* GL_ARB_fragment_program */
   ST_CAP_FRAGMENT_SHADER_ATI,       /* GL_ATI_fragment_shader (st_atifs.c) */
   ST_CAP_DEPTH_CLAMP,               /* GL_ARB_depth_clamp (st_draw.c) */
   ST_CAP_TEXTURE_CUBE_MAP_SEAMLESS, /* GL_ARB_seamless_cube_map (st_texture.c) */
   ST_CAP_RASTERIZER_DISCARD,        /* GL_EXT_transform_feedback (st_xfb.c) */
   ST_CAP_COUNT
};

struct st_enable_attrib {           /* GL_ENABLE_BIT */
   uint64_t bits[(ST_CAP_COUNT + 63) / 64];
   /* GL_BLEND of each draw buffer (EXT_draw_buffers2; glEnable sets all);
    * bit 0 is always the ST_CAP_BLEND bit (glIsEnabled(GL_BLEND)) */
   uint8_t blend_bufs;
};

/* Pixel storage modes of one direction (GL_CLIENT_PIXEL_STORE_BIT). */
struct st_pixelstore {
   GLboolean swap_bytes;
   GLboolean lsb_first;
   GLint row_length;
   GLint image_height;
   GLint skip_rows;
   GLint skip_pixels;
   GLint skip_images;
   GLint alignment;                  /* 1, 2, 4 or 8 */
};

struct st_pixelstore_attrib {
   struct st_pixelstore pack, unpack;
};

/* One glPushAttrib / glPushClientAttrib stack entry (api_attrib.c). */
#define ST_MAX_ATTRIB_STACK_DEPTH 16

struct st_attrib_frame {
   GLbitfield mask;                  /* GL_*_BIT pushed */
   struct st_color_attrib color;
   struct st_clamp_attrib clamp;
   struct st_accum_attrib accum;
   struct st_depth_attrib depth;
   struct st_stencil_attrib stencil;
   struct st_viewport_attrib viewport;
   struct st_scissor_attrib scissor;
   struct st_pixel_attrib pixel;
   struct st_hint_attrib hint;
   struct st_enable_attrib enable;   /* restored per group, see st_cap_attrib_bits() */
   /* drawing state (st_draw_ctx) by group */
   GLenum matrix_mode;                              /* GL_TRANSFORM_BIT */
   float current[ST_VATTR_COUNT][4];                /* GL_CURRENT_BIT */
   struct st_vattr_ints current_ints;               /* GL_CURRENT_BIT (integer values) */
   GLenum shade_model;                              /* GL_LIGHTING_BIT */
   GLenum provoking_vertex;                         /* GL_LIGHTING_BIT */
   GLenum cull_face, front_face, polygon_mode[2];   /* GL_POLYGON_BIT */
   GLenum depth_func;                               /* GL_DEPTH_BUFFER_BIT */
   struct st_blend_func blend[ST_MAX_BLEND_BUFFERS];   /* GL_COLOR_BUFFER_BIT */
   struct st_lighting_vals lighting;                /* GL_LIGHTING_BIT */
   struct st_fog_vals fog;                          /* GL_FOG_BIT */
   float clip_plane[ST_MAX_CLIP_PLANES][4];         /* GL_TRANSFORM_BIT */
   GLuint list_base;                                /* GL_LIST_BIT (glListBase) */
   struct st_raster_state raster;                   /* GL_CURRENT_BIT (st_drawpix.h) */
   struct st_pixel_transfer pixel_transfer;         /* GL_PIXEL_MODE_BIT */
   struct st_texture_attrib texture;                /* GL_TEXTURE_BIT (bindings referenced) */
   struct st_frag_vals frag;                        /* several groups: st_frag_pop() */
   struct st_eval_grid eval_grid;                   /* GL_EVAL_BIT (api_eval.c) */
};

struct st_client_attrib_frame {
   GLbitfield mask;                  /* GL_CLIENT_*_BIT pushed */
   struct st_pixelstore_attrib pixelstore;
   /* GL_CLIENT_VERTEX_ARRAY_BIT: the binding (vao.name) and the state of
    * the bound vertex array object (buffers referenced) */
   struct st_vao vao;
   unsigned client_active_unit;
   bool primitive_restart;                          /* GL_NV_primitive_restart */
   GLuint restart_index;
   struct st_buffer *array_buffer;                  /* referenced */
};

/* --- window-system framebuffers ------------------------------------------ */

/*
 * One drawable as seen by this context (st_framebuffer.c).  The resources
 * come from iface->validate; 'stamp' is the iface stamp they belong to.
 */
struct st_framebuffer {
   struct st_framebuffer_iface *iface;   /* NULL: nothing bound (surfaceless) */
   struct st_visual visual;
   int32_t stamp;
   bool validated;                       /* textures[] match 'stamp' */
   unsigned width, height;
   struct pipe_resource *textures[ST_ATTACHMENT_COUNT];
   struct pipe_surface *surfaces[ST_ATTACHMENT_COUNT];
};

/* Contexts created with a share context point at one of these: the
 * object namespaces GL shares (st_names.h). */
struct st_share_group {
   int refcount;                         /* under lock */
   pthread_mutex_t lock;
   struct st_names textures;             /* struct st_texture_object * */
   struct st_names buffers;              /* buffer objects */
   struct st_names renderbuffers;        /* renderbuffer objects */
   struct st_names lists;                /* display lists */
   struct st_names samplers;             /* struct st_sampler_object * (st_sampler.h) */
   struct st_names programs;             /* struct st_arb_program * (st_arbprog.h) */
   struct st_names ati_shaders;          /* struct st_ati_shader * (st_atifs.h) */
   struct st_names shader_objects;       /* GLSL shaders and programs (st_glsl.h) */
   struct st_sync_table *syncs;          /* GLsync handles (st_sync.h); NULL: out of memory */
};

/* --- dirty bits ----------------------------------------------------------- */
#define ST_NEW_FRAMEBUFFER   (1u << 0)   /* binding, size or draw buffer changed */
#define ST_NEW_VIEWPORT      (1u << 1)
#define ST_NEW_SCISSOR       (1u << 2)
#define ST_NEW_ALL           (~0u)

/* --- draw-state reuse ------------------------------------------------------- */
/* A draw derives the pipe state of the whole GL state (st_draw.c); a draw
 * made by a draw entry point right after another such draw, with no other
 * entry point between them, finds it bound already and skips deriving it.
 * ctx->draw_reuse holds these bits: every other entry point clears them
 * (ST_ENTRY), as does every change of derived state made without one
 * (st_draw_state_changed: glMaterial and colour-material tracking, which
 * are allowed inside glBegin/glEnd; glCallList; a new framebuffer in
 * st_validate). */
#define ST_DRAW_REUSE_ENTRY   (1u << 0)   /* inside a draw entry point (ST_ENTRY_DRAW) */
#define ST_DRAW_REUSE_BOUND   (1u << 1)   /* the bound pipe state is the GL state's */

/* --- held draws ----------------------------------------------------------------- */
/* A glDrawArrays from buffer objects of points, lines or triangles is held
 * back (ctx->draw_held, st_array.c "Held draws"), and the next one that
 * continues its arrays with the same current values is appended to it:
 * many small draws of one state become one pipe draw.  Everything that
 * could change what a held draw reads or shows first draws it
 * (st_draw_flush_held): the entry-point prologues ST_ENTRY/ST_ENTRY_RET,
 * st_draw_state_changed, every other draw, and the context's flush, make
 * current and pipe accessor (st_context_flush, st_make_current,
 * st_context_pipe). */
struct st_context;
void st_draw_flush_held(struct st_context *ctx);

/* --- the context ------------------------------------------------------------ */

struct st_context {
   struct st_screen *st_screen;          /* per-pipe_screen side object */
   struct pipe_screen *screen;
   struct pipe_context *pipe;
   struct st_share_group *share;
   uint64_t debug;                       /* PONY_DEBUG flags, parsed at creation */
   bool mediump_fp16;                    /* PONY_MEDIUMP=fp16, read at creation */
   struct st_egl_image_lookup egl_image; /* lookup NULL: no GL_OES_EGL_image */

   /* what was created */
   enum st_profile profile;
   int version;                          /* major * 10 + minor */
   unsigned flags;                       /* ST_CONTEXT_FLAG_* */
   struct st_visual visual;              /* the config's (zero when configless) */
   bool has_visual;
   struct st_caps_result caps;           /* versions and extensions (st_caps.c) */
   char version_string[48];
   char renderer_string[64];
   char glsl_version_string[32];
   char extension_string[8192];          /* built on first glGetString(GL_EXTENSIONS) */
   const char *es_extensions[24];        /* ES 2/3: the list's names (api_string.c) */
   unsigned num_es_extensions;           /* 0: not built yet */

   /* dispatch (st_dispatch.c) */
   st_proc *dispatch;                    /* st_route_table_size() entries */
   unsigned dispatch_size;
   uint64_t api_said[(ST_NUM_COMMANDS + 63) / 64];   /* "unimplemented" already printed */

   /* errors (api_error.c) */
   GLenum error;                         /* first error since the last glGetError */
   bool inside_begin_end;                /* between glBegin and glEnd */
   struct st_debug_state debug_output;   /* GL_KHR_debug (st_debug.c) */

   /* state */
   struct st_color_attrib color;
   struct st_clamp_attrib clamp;
   struct st_accum_attrib accum;
   struct st_depth_attrib depth;
   struct st_stencil_attrib stencil;
   struct st_viewport_attrib viewport;
   struct st_scissor_attrib scissor;
   struct st_pixel_attrib pixel;
   struct st_hint_attrib hint;
   struct st_enable_attrib enable;
   struct st_pixelstore_attrib pixelstore;
   struct st_pixel_state pix;            /* raster position, pixel transfer (st_drawpix.c) */
   struct st_texture_attrib texture;     /* texture units (st_texture.c) */
   struct st_texture_ctx tex;            /* default objects, bound pipe samplers */
   unsigned dirty;                       /* ST_NEW_* */
   uint8_t draw_reuse;                   /* ST_DRAW_REUSE_* */
   bool draw_held;                       /* a draw is held (st_draw_flush_held) */
   struct st_attrib_frame attrib_stack[ST_MAX_ATTRIB_STACK_DEPTH];
   unsigned attrib_depth;
   struct st_client_attrib_frame client_attrib_stack[ST_MAX_ATTRIB_STACK_DEPTH];
   unsigned client_attrib_depth;
   unsigned num_draw_cbufs;              /* colour buffers bound by st_validate */
   struct st_draw_ctx *draw;             /* drawing state and objects (st_draw.[ch]) */
   struct st_eval_grid eval_grid;        /* glMapGrid (GL_EVAL_BIT; api_eval.c) */
   struct st_eval_maps *eval_maps;       /* evaluator maps, created on first use */
   struct st_material_batch *mat_batch;  /* glMaterial inside glBegin/glEnd (st_material.c) */

   struct st_dlist_ctx dlist;            /* display lists (st_dlist.[ch]) */
   struct st_arbprog_ctx *arbprog;       /* ARB programs (st_arbprog.[ch]) */
   struct st_atifs_ctx *atifs;           /* ATI fragment shaders (st_atifs.[ch]) */
   struct st_glsl_ctx *glsl;             /* GLSL program in use (st_glsl.[ch]) */
   struct st_ubo_state *ubo;             /* uniform buffer bindings (st_ubo.[ch]) */
   struct st_xfb_ctx *xfb;               /* transform feedback (st_xfb.[ch]) */

   /* per-context object namespaces (shared ones are in 'share') */
   struct st_names framebuffers;         /* framebuffer objects */
   struct st_names queries;              /* query objects */

   /* framebuffer objects (st_fbo.[ch]); NULL: the window-system framebuffer */
   struct st_framebuffer_object *draw_fbo, *read_fbo;
   GLuint bound_renderbuffer;            /* glBindRenderbuffer */
   GLenum ws_draw_buffers[8];            /* glDrawBuffers 1..7 of the window-system fb
                                          * (0 is color.draw_buffer); GL_NONE */
   unsigned fb_width, fb_height;         /* of the pipe framebuffer st_validate bound */
   bool fb_flip_y;                       /* it is window-system (rows top-first) */

   /* window-system drawables */
   pthread_mutex_t fb_lock;              /* iface pointers vs. st_framebuffer_iface_destroyed */
   struct st_framebuffer draw_fb, read_fb;
   bool bound_once;                      /* viewport/scissor initialised from a drawable */
   bool front_dirty;                     /* rendered to the front buffer since the last flush */

   struct st_context *next_in_screen;    /* st_screen's list (its lock) */
};

/*
 * Entry-point prologue.  Every implemented entry point starts with one of
 * these: it fetches the current context, returns if there is none, and
 * applies the "not between Begin and End" rule (GL_INVALID_OPERATION).
 */
#define ST_ENTRY(ctx)                                         \
   struct st_context *ctx = st_current();                     \
   if (!ctx || st_check_outside_begin_end(ctx))               \
      return;                                                 \
   if (ctx->draw_held)                                        \
      st_draw_flush_held(ctx);                                \
   ctx->draw_reuse = 0

#define ST_ENTRY_RET(ctx, ret)                                \
   struct st_context *ctx = st_current();                     \
   if (!ctx || st_check_outside_begin_end(ctx))               \
      return (ret);                                           \
   if (ctx->draw_held)                                        \
      st_draw_flush_held(ctx);                                \
   ctx->draw_reuse = 0

/* The prologue of the entry points that only draw (glDrawArrays,
 * glDrawElements and their variants): the state the last such draw
 * derived may serve this one (ST_DRAW_REUSE_*). */
#define ST_ENTRY_DRAW(ctx)                                    \
   struct st_context *ctx = st_current();                     \
   if (!ctx || st_check_outside_begin_end(ctx))               \
      return;                                                 \
   ctx->draw_reuse |= ST_DRAW_REUSE_ENTRY

/* Derived state changed outside ST_ENTRY (see ST_DRAW_REUSE_*); a held
 * draw is drawn first, with the state it was made with. */
static inline void
st_draw_state_changed(struct st_context *ctx)
{
   if (ctx->draw_held)
      st_draw_flush_held(ctx);
   ctx->draw_reuse = 0;
}

struct st_context *st_current(void);

/* Raise GL_INVALID_OPERATION if inside Begin/End; true if it did. */
bool st_check_outside_begin_end(struct st_context *ctx);

/* Record a GL error (the first one sticks until glGetError). */
void st_error(struct st_context *ctx, GLenum error, const char *where);

/*
 * May a Bind command bind `name` of table t?  In GL 3.1+ core contexts only
 * zero or a name glGen* returned and not deleted since (GL 3.1 sections
 * 2.9, 2.10, 3.8.13, 4.4.1, 4.4.2: BindBuffer[Base|Range], BindTexture,
 * BindFramebuffer, BindRenderbuffer fail with GL_INVALID_OPERATION);
 * compatibility and ES contexts create the object of an unused name.
 */
static inline bool
st_bind_name_ok(const struct st_context *ctx, struct st_names *t, GLuint name)
{
   return !name || ctx->profile != ST_PROFILE_CORE || st_names_is_used(t, name);
}

/* A desktop GL context: compatibility or core profile (not OpenGL ES). */
static inline bool
st_desktop(const struct st_context *ctx)
{
   return ctx->profile == ST_PROFILE_COMPAT || ctx->profile == ST_PROFILE_CORE;
}

/* An OpenGL ES 3.x context (PONY_GLES_VERSION_OVERRIDE, st_caps.c) */
static inline bool
st_es3(const struct st_context *ctx)
{
   return ctx->profile == ST_PROFILE_GLES2 && ctx->version >= 30;
}

/* Depth and depth-stencil cube map textures: desktop GL 3.0 (3.8.1 lists
 * TEXTURE_CUBE_MAP among the depth targets; GL 2.1 did not) and ES 3.0. */
static inline bool
st_depth_cube_maps(const struct st_context *ctx)
{
   return (st_desktop(ctx) && ctx->version >= 30) || st_es3(ctx);
}

static inline bool
st_is_enabled(const struct st_context *ctx, enum st_cap cap)
{
   return (ctx->enable.bits[cap / 64] >> (cap % 64)) & 1;
}

/* Derive pipe state from the dirty GL state (st_validate.c). */
void st_validate(struct st_context *ctx, unsigned mask);

#endif
