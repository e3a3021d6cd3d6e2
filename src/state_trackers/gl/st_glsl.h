/*
 * GLSL shader and program objects in the GL state tracker (OpenGL 2.0/2.1,
 * ARB_shader_objects, OpenGL ES 2.0): the objects (shared by a share
 * group, shaders and programs in one namespace), the per-context program
 * in use, and what a draw needs from it (st_draw.c update_shaders).
 * Compiling and linking are src/compiler/glsl's (glsl_compiler.h, whose
 * comment fixes the conventions of a linked program's IR).  The entry
 * points are api/api_shader.c (objects) and api/api_uniform.c (uniforms).
 * See docs/gl2-api.md.
 */
#ifndef ST_GLSL_H
#define ST_GLSL_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/glsl/glsl_compiler.h"
#include "st_gl.h"
#include "st_texture.h"

struct st_context;
struct ff_state;
struct pipe_sampler_view;
struct irexec_program;
struct ir_shader;
struct st_arbprog_vertex;

/* Limits a context reports and the compiler enforces (GL names). */
#define ST_GLSL_MAX_VERTEX_ATTRIBS            16
#define ST_GLSL_MAX_VARYING_FLOATS            64    /* components, not vec4 slots: unpacked,
                                                     * 64 float varyings take 64 slots, which
                                                     * with the FF varyings, position, point
                                                     * size and clip distances fit refpipe's 96 */
#define ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS 4096   /* 1024 vec4, as Mesa's drivers: programs
                                                      * written for them (and piglit's
                                                      * interstage limits) expect it */
#define ST_GLSL_MAX_FRAGMENT_UNIFORM_COMPONENTS 4096
#define ST_GLSL_MAX_GEOMETRY_UNIFORM_COMPONENTS 4096
/* geometry shaders (GL 3.2): GL's minimums, which the draw module's limits
 * (caps.max_geometry_*) reach */
#define ST_GLSL_MAX_GEOMETRY_OUTPUT_VERTICES  256
#define ST_GLSL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS 1024
#define ST_GLSL_MAX_GEOMETRY_INPUT_COMPONENTS 64
#define ST_GLSL_MAX_GEOMETRY_OUTPUT_COMPONENTS 128
/* samplers per stage (GL 3.2's minimum 16; the vertex and geometry stages
 * sample in the draw module) over ST_MAX_COMBINED_TEXTURE_UNITS units */
#define ST_GLSL_MAX_TEXTURE_IMAGE_UNITS       16
#define ST_GLSL_MAX_VERTEX_TEXTURE_IMAGE_UNITS 16
#define ST_GLSL_MAX_COMBINED_TEXTURE_IMAGE_UNITS ST_MAX_COMBINED_TEXTURE_UNITS
#define ST_GLSL_MAX_DRAW_BUFFERS              8
#define ST_GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS  1     /* EXT_blend_func_extended */
#define ST_GLSL_NUM_DUMMY_VIEWS               9     /* 1D 2D 3D cube rect 1D-array 2D-array
                                                     * cube-array buffer */
#define ST_GLSL_CSO_CACHE                     8     /* linked programs with pipe shaders per context */
#define ST_GLSL_CBUF_CLIP                     2     /* eye-space clip planes for gl_ClipVertex */
#define ST_GLSL_MAX_EXTENSIONS                32    /* GLSL extensions of one context */
/* st_dlist.h's ST_DLIST_MAX_UNIFORM_ELEMENTS bounds a listed glUniform*v by
 * the largest uniform array: at most one element per component */
_Static_assert(ST_GLSL_MAX_VERTEX_UNIFORM_COMPONENTS <= 4096 &&
               ST_GLSL_MAX_FRAGMENT_UNIFORM_COMPONENTS <= 4096, "ST_DLIST_MAX_UNIFORM_ELEMENTS");

enum st_glsl_kind {
   ST_GLSL_SHADER = 1,
   ST_GLSL_PROGRAM,
};

/* What the share group's shader_objects table holds: a shader or a
 * program, told apart by 'kind' (GL 2.0: one namespace for both). */
struct st_glsl_object {
   enum st_glsl_kind kind;
   int refcount;                       /* atomic: names table, attachments, uses */
   GLuint name;
   bool delete_pending;                /* glDelete* while attached / in use */
};

struct st_glsl_shader {
   struct st_glsl_object base;
   GLenum type;                        /* GL_VERTEX_SHADER / GL_FRAGMENT_SHADER */
   char *source;                       /* concatenated glShaderSource strings; NULL: none */
   size_t source_len;                  /* bytes, without the terminating NUL we add */
   struct glsl_shader *compiled;       /* the last glCompileShader's result; NULL: none */
   unsigned attach_count;              /* programs it is attached to (share group lock) */
};

/* One successful glLinkProgram: reference counted so that a context
 * keeps drawing with it after the program is relinked or deleted (GL 2.1
 * section 2.15.2: relinking a program in use installs the new executable;
 * a failed relink leaves the old one in use). */
struct st_glsl_linked {
   int refcount;
   struct glsl_program *prog;
   const struct glsl_program_interface *iface;
   uint8_t *storage;                   /* uniform storage (GLSL_CBUF_UNIFORMS), >= 16 bytes */
   unsigned storage_size;
   GLint *sampler_units;               /* glUniform1i value per sampler-table entry */
   GLuint *block_bindings;             /* glUniformBlockBinding per uniform block (0 at link) */
   uint32_t serial;                    /* changes on every uniform write (draw caches) */
   struct irexec_program *exec;        /* the vertex shader on the CPU (glRasterPos); made once */
   struct ir_shader *clip_ir;          /* the vertex IR draws run when the linked one needs
                                        * more (gl_ClipVertex's clip distances, front colours;
                                        * st_glsl.c draw_vs_ir); made once */
   struct ir_shader *clip_gs_ir;       /* the same for the geometry shader */
};

struct st_glsl_program {
   struct st_glsl_object base;
   struct st_glsl_shader **shaders;    /* attached (referenced) */
   unsigned num_shaders, cap_shaders;
   struct glsl_attrib_binding *bindings;   /* glBindAttribLocation (names owned) */
   unsigned num_bindings;
   /* glTransformFeedbackVaryings (names owned; mode 0 before the first
    * call means GL_INTERLEAVED_ATTRIBS), applied at the next link */
   char **xfb_names;
   unsigned xfb_count;
   GLenum xfb_mode;
   bool link_status, validate_status;
   bool linked_once;                   /* glLinkProgram was called */
   bool binary_retrievable_hint;       /* ES 3.0 glProgramParameteri (no binary formats) */
   char *info_log;                     /* last link or validate log; NULL: empty */
   struct st_glsl_linked *linked;      /* the last successful link (NULL: none / failed) */
   unsigned use_count;                 /* contexts with it current (share group lock) */
};

/* A program's pipe shaders in one context. */
struct st_glsl_cso {
   struct st_glsl_linked *linked;      /* referenced; NULL: empty */
   void *vs, *fs, *gs;
};

/* Per context (st_context::glsl). */
struct st_glsl_ctx {
   struct st_glsl_program *current;    /* glUseProgram (referenced), NULL: none */
   struct st_glsl_linked *exec;        /* the executable draws run (referenced) */
   struct st_glsl_cso cache[ST_GLSL_CSO_CACHE];
   unsigned cache_next;
   float *state_rows[3];               /* GLSL_CBUF_STATE scratch per stage (vertex,
                                        * fragment, geometry) */
   unsigned state_cap[3];
   struct pipe_sampler_view *dummy_view[ST_GLSL_NUM_DUMMY_VIEWS];   /* (0,0,0,1) texels
                                                                     * for incomplete units */
   void *dummy_sampler;
   bool es;                            /* an OpenGL ES 2 context (GLSL ES only) */
#define ST_GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS  1     /* EXT_blend_func_extended */
   /* the extensions #extension may name in this context, NULL-terminated
    * (st_glsl_options: st_glsl.c's table filtered by the context's caps) */
   const char *extensions[ST_GLSL_MAX_EXTENSIONS + 1];
};

bool st_glsl_init(struct st_context *ctx);
void st_glsl_fini(struct st_context *ctx);

/* Share-group table destroy callback. */
void st_glsl_destroy_cb(void *obj, void *data);
void st_glsl_object_unref(struct st_glsl_object *o);
void st_glsl_linked_unref(struct st_glsl_linked *l);

/* Does this context have the GLSL API (GL >= 2.0, or ES 2)? */
bool st_glsl_api(const struct st_context *ctx);

/* Is name a command of the GLSL API (api_shader.c, api_uniform.c)?  The
 * whole sorted list (its size). */
bool st_glsl_is_command(const char *name);
unsigned st_glsl_commands(const char *const **list);

/* The compiler options of this context (limits, versions, ES or not). */
void st_glsl_options(const struct st_context *ctx, struct glsl_compiler_options *o);

/* Make p (NULL: none) the program in use, with its current executable. */
void st_glsl_use(struct st_context *ctx, struct st_glsl_program *p);
/* The executable this context runs for its program in use (l referenced). */
void st_glsl_set_exec(struct st_context *ctx, struct st_glsl_linked *l);

/* Object lookups of the entry points: a name of no object raises
 * GL_INVALID_VALUE, an object of the other kind GL_INVALID_OPERATION. */
struct st_glsl_shader *st_glsl_lookup_shader(struct st_context *ctx, GLuint name,
                                             const char *where);
struct st_glsl_program *st_glsl_lookup_program(struct st_context *ctx, GLuint name,
                                               const char *where);
/* The interface of p's last successful link, else GL_INVALID_OPERATION. */
const struct glsl_program_interface *st_glsl_linked_iface(struct st_context *ctx,
                                                          struct st_glsl_program *p,
                                                          const char *where);
/* s lost one attachment (drops that reference; a shader flagged for
 * deletion and attached nowhere loses its name). */
void st_glsl_shader_detached(struct st_context *ctx, struct st_glsl_shader *s);
/* Delete p's name now: detach its shaders and drop the name's reference. */
void st_glsl_program_delete_now(struct st_context *ctx, struct st_glsl_program *p);

/* The executable a draw runs (a program in use that linked), else NULL. */
const struct st_glsl_linked *st_glsl_active(struct st_context *ctx);

/* Does the executable in use have a vertex shader?  A geometry shader? */
bool st_glsl_vertex_stage(struct st_context *ctx);
bool st_glsl_geometry_stage(struct st_context *ctx);

/* Validate a draw with a GLSL program in use (GL 2.0 2.15.3: two samplers
 * of different types on one unit -> GL_INVALID_OPERATION).  True if the
 * draw may go on; raises the error otherwise. */
bool st_glsl_check_draw(struct st_context *ctx, const char *where);
/* GL 3.2 section 2.12.1: with a geometry shader in use, the draw's mode
 * must give its input primitive (GL_TRIANGLE_STRIP for triangles ...);
 * false (GL_INVALID_OPERATION raised) when it does not. */
bool st_glsl_check_mode(struct st_context *ctx, GLenum mode, const char *where);

/* The pipe shader of stage s (GLSL_STAGE_VERTEX / _FRAGMENT / _GEOMETRY)
 * of the active executable; NULL if it has no such stage or the driver
 * refused. */
void *st_glsl_shader(struct st_context *ctx, enum glsl_stage s);

/* Bind the active executable's constant buffers (uniforms and built-in
 * state rows) and samplers for the stages it has.  st/ff_consts: the
 * draw's derived fixed-function state (st_program_state.c reads them). */
bool st_glsl_bind_state(struct st_context *ctx, const struct ff_state *st,
                        const float (*ff_consts)[4]);

/* The ARB-style texture targets (enum arbprog_tex_target per unit) the
 * active executable's sampler table asks of each texture unit, for
 * st_texture_validate; false when there is no active executable. */
bool st_glsl_unit_targets(struct st_context *ctx,
                          uint8_t targets[ST_MAX_COMBINED_TEXTURE_UNITS]);

/* GL 2.1 section 2.13: glRasterPos with a vertex shader in use runs it on
 * the CPU for one vertex at object position obj with the current
 * attributes; what the raster position takes comes back in an ARB
 * program's vertex (the output locations are the same).  False if the
 * executable has no vertex shader or it cannot run.  No user clipping
 * (gl_ClipVertex is not applied: docs/gl2-api.md) and no textures. */
bool st_glsl_run_vertex(struct st_context *ctx, const float obj[4],
                        struct st_arbprog_vertex *out);

/* glGet values (false: not one of them).  kind: 0 int, 1 enum, 2 bool. */
bool st_glsl_get(struct st_context *ctx, GLenum pname, int *kind, unsigned *count, double *d);

#endif
