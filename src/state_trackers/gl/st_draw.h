/*
 * Drawing state of a context (st_draw.c): matrix stacks, current vertex
 * attributes, the glBegin/glEnd vertex batch, client arrays, the
 * rasterizer/depth/blend values GL sets, and the objects validation uses
 * (CSO cache, fixed-function shader cache).
 */
#ifndef ST_DRAW_H
#define ST_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ff_state.h"
#include "pipe/p_defines.h"   /* enum pipe_shader_type */
#include "pipe/p_state.h"     /* struct pipe_constant_buffer */
#include "st_frag.h"
#include "st_gl.h"
#include "st_names.h"

struct st_context;
struct cso_context;
struct ff_shader_cache;

#define ST_MODELVIEW_STACK_DEPTH  32
#define ST_PROJECTION_STACK_DEPTH 4     /* GL 2.1 minimum is 2 */
#define ST_TEXTURE_STACK_DEPTH    4

/* Immediate-mode / converted vertex layout: one vec4 per attribute.
 * Texture coordinates of unit i are ST_VATTR_TEX0 + i.  The edge flag is
 * x of ST_VATTR_EDGEFLAG (non-zero: boundary edge). */
enum st_vattr {
   ST_VATTR_POS,
   ST_VATTR_COLOR,        /* primary colour */
   ST_VATTR_NORMAL,
   ST_VATTR_COLOR1,       /* secondary colour */
   ST_VATTR_FOG,          /* fog coordinate in x */
   ST_VATTR_EDGEFLAG,
   ST_VATTR_TEX0,
   ST_VATTR_TEX_LAST = ST_VATTR_TEX0 + FF_MAX_TEXTURE_UNITS - 1,
   ST_VATTR_POINTSIZE,    /* OpenGL ES 1.1 point size array (x); GLES 1 contexts only */
   ST_VATTR_GENERIC0,     /* generic attributes 0..15 (GL 2.0, ARB_vertex_program), their own
                           * current values and arrays, not aliasing the conventional
                           * ones; generic 0 is the vertex position in compatibility
                           * contexts: its array feeds ST_VATTR_POS (st_array.c) and its
                           * current value is unused */
   ST_VATTR_GENERIC_LAST = ST_VATTR_GENERIC0 + 15,
   ST_VATTR_COUNT
};

struct st_vertex {
   float attr[ST_VATTR_COUNT][4];
};

struct st_buffer;

struct st_client_array {
   bool enabled;
   GLint size;                      /* 1..4 (GL_BGRA: 4 with bgra set) */
   GLenum type;
   GLsizei stride;                  /* as given (0: tightly packed) */
   const void *ptr;                 /* pointer, or offset into 'buffer' */
   bool bgra;                       /* size GL_BGRA (colours) */
   struct st_buffer *buffer;        /* GL_ARRAY_BUFFER at the pointer call (referenced) */
   bool generic;                    /* set by glVertexAttribPointer: 'normalized' applies */
   bool normalized;
   bool integer;                    /* glVertexAttribIPointer (GL 3.0): integer components
                                     * reach the shader unconverted (VERTEX_ATTRIB_ARRAY_INTEGER) */
   GLuint divisor;                  /* GL_ARB_instanced_arrays (generic arrays): 0 per
                                     * vertex, n: element instance / n */
};

/* A vertex array object (GL_ARB_vertex_array_object, GL 3.0): the client
 * arrays (conventional and generic, GL 2.1 tables 6.6 to 6.8 except the
 * client active unit and GL_ARRAY_BUFFER_BINDING) and the element array
 * binding.  Every command reads and writes the bound one through
 * st_draw_ctx.vao; a context's default object (name 0) lives in the
 * st_draw_ctx, named ones in st_draw_ctx.vaos (per context: VAOs are not
 * shared; api_vao.c). */
struct st_vao {
   GLuint name;                          /* 0: the default object */
   struct st_client_array array[ST_VATTR_COUNT];   /* indexed by st_vattr */
   struct st_client_array index_array;   /* glIndexPointer (no effect in RGBA) */
   struct st_buffer *element_buffer;     /* GL_ELEMENT_ARRAY_BUFFER (referenced) */
};

#define ST_MAX_LIGHTS      8
#define ST_MAX_CLIP_PLANES 8

/* GL_LIGHTING_BIT values (besides the shade model and the enables).
 * Positions and spot directions are in eye space. */
struct st_lighting_vals {
   struct ff_light light[ST_MAX_LIGHTS];      /* 'enabled' unused (enable bits) */
   struct ff_material material[2];            /* 0 front, 1 back */
   float model_ambient[4];
   bool two_side, local_viewer;
   GLenum color_control;
   GLenum cm_face, cm_mode;
};

/* GL_FOG_BIT values. */
struct st_fog_vals {
   GLenum mode;
   float color[4];
   float density, start, end, index;
   GLenum coord_src;   /* GL_FOG_COORD_SRC: GL_FRAGMENT_DEPTH or GL_FOG_COORD */
   GLenum distance_mode;   /* GL_FOG_DISTANCE_MODE_NV (desktop contexts) */
};

/* Blend function and equation of one draw buffer (glBlendFunc sets every
 * buffer's, glBlendFunciARB one: ARB_draw_buffers_blend). */
#define ST_MAX_BLEND_BUFFERS 8

struct st_blend_func {
   GLenum src_rgb, dst_rgb, src_alpha, dst_alpha;
   GLenum eq_rgb, eq_alpha;
};

/* Which attributes of vertex records and current values hold integers,
 * not floats: GL 3.0's glVertexAttribI* current values and
 * glVertexAttribIPointer arrays keep their integer bits in the float words
 * (memcpy), and the draw reads those attributes through
 * R32G32B32A32_SINT / _UINT vertex elements, so an integer shader input gets
 * them exactly.  One bit per st_vattr. */
struct st_vattr_ints {
   uint32_t sint, uint;
};
_Static_assert(ST_VATTR_COUNT <= 32, "st_vattr_ints: a bit per st_vattr");

/* A draw that reads float arrays in place instead of converting them to
 * st_vertex records (st_array.c decides when the result is the same):
 * vertex i of attribute a is the R32..R32G32B32A32_FLOAT element of
 * `size[a]` floats at ptr[a] + i * stride[a]; an attribute of size 0 is
 * current[a] in every vertex. */
struct st_draw_arrays_direct {
   /* the first vertex: the pipe draws vertices first .. first + count - 1
    * of the arrays at ptr, so that gl_VertexID counts from it (GL 3.0
    * section 2.11.7) */
   size_t first;
   const uint8_t *ptr[ST_VATTR_COUNT];
   unsigned stride[ST_VATTR_COUNT];
   uint8_t size[ST_VATTR_COUNT];
   float current[ST_VATTR_COUNT][4];
   struct st_vattr_ints ints;           /* of the attributes read from `current` */
};

struct st_draw_ctx {
   /* matrices: 0 modelview, 1 projection, 2 texture */
   GLenum matrix_mode;
   float mv_stack[ST_MODELVIEW_STACK_DEPTH][16];
   float proj_stack[ST_PROJECTION_STACK_DEPTH][16];
   float tex_stack[FF_MAX_TEXTURE_UNITS][ST_TEXTURE_STACK_DEPTH][16];   /* per texture unit */
   unsigned mv_depth, proj_depth;              /* index of the top */
   unsigned tex_depth[FF_MAX_TEXTURE_UNITS];
   /* ARB program matrices GL_MATRIXi_ARB (st_arbprog.h sizes) */
   float prog_stack[8][4][16];
   unsigned prog_depth[8];

   /* current values */
   float current[ST_VATTR_COUNT][4];   /* pos unused */
   struct st_vattr_ints current_ints;  /* those set by glVertexAttribI* (integer bits) */
   /* what the words of the vertex records being drawn are: st_array.c sets
    * it around its draws (arrays and current values); NULL for glBegin/glEnd
    * batches, whose attributes are current values and whose position is
    * always float (st_immediate_vertex) */
   const struct st_vattr_ints *verts_ints;
   /* the gl_VertexID of the first vertex record being drawn (st_array.c
    * sets it around the draws of its own copies of the arrays: the first
    * element, or the lowest index plus basevertex; 0 otherwise) */
   int64_t vertex_id_bias;

   /* the held draw (ctx->draw_held; st_array.c, "Held draws"): held_count
    * vertices of held_arrays in held_mode */
   struct st_draw_arrays_direct held_arrays;
   GLenum held_mode;
   size_t held_count;
   /* its arrays' buffers, referenced, and their stores when it was held */
   struct st_buffer *held_buffers[ST_VATTR_COUNT];
   const uint8_t *held_stores[ST_VATTR_COUNT];
   unsigned held_num_buffers;
   uint64_t held_appended;             /* draws appended to a held one (tests) */

   /* glBegin/glEnd */
   GLenum begin_mode;
   struct st_vertex *verts;
   size_t num_verts, max_verts;
   bool out_of_memory;

   /* client arrays: those of the bound vertex array object (never NULL) */
   struct st_vao *vao;
   struct st_vao default_vao;            /* vertex array object 0 */
   struct st_names vaos;                 /* struct st_vao * of this context */
   unsigned client_active_unit;          /* glClientActiveTexture */
   /* GL_NV_primitive_restart (client state): an element index equal to
    * restart_index ends the primitive and starts a new one */
   bool primitive_restart;
   GLuint restart_index;
   float current_index;                  /* glIndex (GL_CURRENT_INDEX) */

   /* buffer object bindings (st_buffer.c; referenced) */
   struct st_buffer *array_buffer, *pack_buffer, *unpack_buffer;   /* element: vao */
   struct st_buffer *copy_read_buffer, *copy_write_buffer;   /* ARB_copy_buffer */
   struct st_buffer *draw_indirect_buffer;                   /* ARB_draw_indirect */
   struct st_buffer *texture_buffer;                         /* GL_TEXTURE_BUFFER (binding point only) */

   /* array draws: converted vertices, reused between draws */
   struct st_vertex *fetch_verts;
   size_t fetch_max;
   /* The instances of the array draw being drawn (st_array.c sets it around
    * its st_draw_vertices* calls; NULL for every other draw) */
   const struct st_draw_instances *instances;

   /* every draw: the fixed-function state and constants it derives
    * (st_draw.c update_shaders), allocated once */
   struct ff_state *ff_scratch;
   float *ff_consts;
   /* update_shaders' own constants and the state they were filled from:
    * ff_constants_fill is a function of the state's bytes, so a draw whose
    * state is byte-identical keeps them (ff_consts is also filled by
    * st_arbprog.c, hence the separate buffer) */
   float *draw_consts;
   struct ff_state *draw_consts_state;
   bool draw_consts_valid;
   /* the pipe's constant buffer FF_CBUF_INDEX of the vertex [0] and
    * fragment [1] stage holds draw_consts as they are: binding them again
    * (a copy in the driver) is skipped.  st_set_constant_buffer clears it
    * for whatever else binds that slot. */
   bool draw_consts_bound[2];

   /* raster state */
   GLenum shade_model;
   GLenum provoking_vertex;            /* GL_ARB/EXT_provoking_vertex (api_draw_instanced.c) */
   GLenum cull_face;
   GLenum front_face;
   GLenum polygon_mode[2];             /* front, back */
   GLenum depth_func;
   struct st_blend_func blend[ST_MAX_BLEND_BUFFERS];   /* per draw buffer (blend[0]:
                                                        * the non-indexed queries) */
   struct st_frag_vals frag;           /* stencil, alpha, logic op, offset, lines, points,
                                        * stipples, coverage (st_frag.h, api_fragment.c) */
   struct st_select_state select;      /* render mode, selection, feedback (api_select.c) */
   struct st_query_state query;        /* active queries (api_query.c) */

   /* fixed-function values (api_light.c) */
   struct st_lighting_vals lighting;
   struct st_fog_vals fog;
   float clip_plane[ST_MAX_CLIP_PLANES][4];   /* eye space; GL_TRANSFORM_BIT */

   /* pipe side */
   struct cso_context *cso;
   struct ff_shader_cache *ff_cache;
   void *bound_vs, *bound_fs, *bound_gs;   /* bound_gs: NULL without a geometry shader */
   uint32_t derived_inputs;            /* the vertex inputs the bound shader reads
                                        * (ST_DRAW_REUSE_BOUND) */

   /* pixel rectangles (st_drawpix.c): a fragment stage replacing the
    * fixed-function one for one st_draw_vertices() call, and the pixel
    * shaders' CSOs and IR (released by st_draw_destroy) */
   const struct st_draw_fs_override *fs_override;
   void *pix_fs[2];
   struct ir_shader *pix_fs_ir[2];
};

/* An instanced array draw (GL_ARB_draw_instanced, GL_ARB_instanced_arrays):
 * the pipe draws `count` instances; the attributes in `attrs` (st_vattr
 * bits) come from verts[instance / divisor[attr]] instead of the vertex. */
struct st_draw_instances {
   unsigned count;
   uint32_t attrs;
   const struct st_vertex *verts;
   GLuint divisor[ST_VATTR_COUNT];
};

/* Fragment shader CSO, sampler view and sampler at fragment slot 0, and
 * user constants at fragment constant buffer `cbuf` (not FF_CBUF_INDEX). */
struct st_draw_fs_override {
   void *fs;
   struct pipe_sampler_view *view;
   void *sampler;
   unsigned cbuf;
   const void *consts;
   unsigned consts_size;
};

/* pipe->set_constant_buffer for the state tracker: every binding goes
 * through here, so update_shaders knows what its slot holds. */
void st_set_constant_buffer(struct st_context *ctx, enum pipe_shader_type stage, unsigned index,
                            const struct pipe_constant_buffer *cb);

bool st_draw_create(struct st_context *ctx);
void st_draw_destroy(struct st_context *ctx);

/* The fixed-function state (ff_state.h) of the current GL state; validates
 * the texture units for drawing on the way (st_draw.c). */
void st_draw_derive_ff_state(struct st_context *ctx, struct ff_state *st);

/* The matrix the current mode selects (top of its stack). */
float *st_current_matrix(struct st_context *ctx);

/* The texture matrix stack of the active unit: units from
 * MAX_TEXTURE_COORDS up have none (their commands raise
 * GL_INVALID_OPERATION first: st_texture_active_is_ff); 0 for them. */
unsigned st_draw_matrix_unit(const struct st_context *ctx);

/* Draw vertices in the st_vertex layout with a GL primitive mode. */
void st_draw_vertices(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                      size_t count);

/* What every draw checks before drawing, with its GL errors: a complete
 * framebuffer, conditional rendering, GLSL samplers, the mode against a
 * geometry shader's input primitive, the pipe's entry points; false:
 * nothing is drawn.  A held draw passed it when held. */
bool st_draw_checks(struct st_context *ctx, GLenum mode);

/* ARB_blend_func_extended's errors: false, with GL_INVALID_OPERATION for
 * 'where', when a draw buffer blending with a SRC1 factor is enabled and
 * more colour buffers are drawn than GL_MAX_DUAL_SOURCE_DRAW_BUFFERS. */
bool st_draw_dual_source_ok(struct st_context *ctx, const char *where);

/* Draw count vertices of `arrays` with a GL primitive mode (GL_RENDER mode,
 * one instance, polygons filled: no edge flags). */
void st_draw_vertices_direct(struct st_context *ctx, GLenum mode,
                             const struct st_draw_arrays_direct *arrays, size_t count);

/* Ends a primitive in st_draw_vertices_indexed's index list. */
#define ST_DRAW_RESTART UINT32_MAX

/* Draw v[index[0]], ..., v[index[count - 1]], each ST_DRAW_RESTART ending a
 * primitive: a vertex used many times is shaded once.  GL_RENDER mode
 * only (selection and feedback take st_draw_vertices). */
void st_draw_vertices_indexed(struct st_context *ctx, GLenum mode, const struct st_vertex *v,
                              const uint32_t *index, size_t count);

/* Fetch element i of the enabled client arrays into a vertex (current
 * values for disabled ones; a negative i reads (0, 0, 0, 1); per-instance
 * arrays read their element 0). */
void st_fetch_array_vertex(struct st_context *ctx, int64_t i, struct st_vertex *out);

/* glArrayElement(i): current values from the enabled arrays, and a vertex
 * inside glBegin/glEnd when the vertex array is enabled. */
void st_array_element(struct st_context *ctx, size_t i);

/* While GL_COLOR_MATERIAL is enabled, copy the current colour into the
 * material values it tracks (api_immediate.c). */
void st_color_material_track(struct st_context *ctx);

/* Add a vertex at pos with the current attributes to the glBegin batch. */
void st_immediate_vertex(struct st_context *ctx, const float pos[4]);

/* Release the client arrays' and bindings' buffer references (context end). */
void st_client_arrays_release(struct st_context *ctx);
/* Reference / release the buffers of n saved arrays (client attribute stack). */
void st_client_arrays_ref(struct st_client_array *a, unsigned n);
void st_client_arrays_unref(struct st_client_array *a, unsigned n);
/* glPush/PopClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT): arrays, the client
 * active unit and the array/element buffer bindings. */
struct st_client_attrib_frame;
void st_client_arrays_push(struct st_context *ctx, struct st_client_attrib_frame *f);
void st_client_arrays_pop(struct st_context *ctx, struct st_client_attrib_frame *f);

/* GL's initial lighting/fog/clip values (api_light.c). */
void st_light_init_defaults(struct st_draw_ctx *d);

bool st_is_valid_prim(const struct st_context *ctx, GLenum mode);

/* An element draw's index type: GL_UNSIGNED_BYTE, _SHORT or _INT. */
static inline bool
st_is_valid_index_type(GLenum type)
{
   return type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT;
}

/* GLES 1 point size array enabled (GL_POINT_SIZE_ARRAY_OES): sizes per vertex. */
bool st_point_size_array(struct st_context *ctx);

/* The st_vattr feeding FF_ATTRIB_* location loc (-1: none). */
int st_vattr_for_ff_attrib(unsigned loc);
/* The st_vattr feeding vertex shader input location loc: FF_ATTRIB_*
 * below 16, generic attribute n at GLSL_ATTRIB_GENERIC0 + n (-1: none). */
int st_vattr_for_input(unsigned loc);
/* Vertex elements of a draw: one per input location (< 32), the edge flag
 * element on top (at an unused location). */
#define ST_MAX_VERTEX_INPUTS 32

/* Initial state of a vertex array object (sizes/types GL starts with). */
void st_vao_init(struct st_vao *v, GLuint name);
/* Release the buffer references of a vertex array object. */
void st_vao_release(struct st_vao *v);
/* Does the context's API have vertex array objects (desktop GL, ES 3.0)? */
bool st_vao_in_api(const struct st_context *ctx);
/* ARB_vertex_array_object: a *Pointer command with a non-NULL pointer while
 * a non-zero object and no GL_ARRAY_BUFFER are bound raises
 * GL_INVALID_OPERATION (true: raised; api_vao.c). */
bool st_vao_client_pointer_error(struct st_context *ctx, const void *ptr, const char *where);

/* The array a glEnableClientState name means (GL_TEXTURE_COORD_ARRAY: of
 * the client-active unit); NULL for other enums. */
struct st_client_array *st_client_array(struct st_context *ctx, GLenum array);
bool st_client_array_enabled(struct st_context *ctx, GLenum array);
/* glEnableClientState / glDisableClientState (and their glEnable aliases) of
 * an array or GL_PRIMITIVE_RESTART_NV; false: not a client state name */
bool st_client_state_set(struct st_context *ctx, GLenum array, bool on);
/* GL 3.1's GL_PRIMITIVE_RESTART (glEnable/glDisable/glIsEnabled: on 1, 0,
 * or -1 to read it into *value): the state GL_NV_primitive_restart's client
 * state names too.  False when cap is not it or the context has no such
 * capability. */
bool st_primitive_restart_cap(struct st_context *ctx, GLenum cap, int on, bool *value);
/* End the current glBegin primitive and begin another of its mode
 * (glPrimitiveRestartNV; api_immediate.c). */
void st_primitive_restart(struct st_context *ctx);

/* Does an enabled array give positions (the vertex array or generic
 * attribute 0's, which wins; GL 2.1 section 2.8)? */
bool st_position_array_active(struct st_context *ctx);

/* Is the array of attribute attr enabled with data (a pointer or a buffer)? */
bool st_array_active(struct st_context *ctx, unsigned attr);

/* The integer attributes of the vertices st_fetch_array_vertex returns for
 * the current arrays (display lists record them with the vertices). */
void st_array_vertex_ints(struct st_context *ctx, struct st_vattr_ints *out);

/* Set / clear the integer kind of current value `attr` (GL 3.0
 * glVertexAttribI*: is_int, then is_unsigned; the float forms clear it). */
void st_current_set_int(struct st_draw_ctx *d, unsigned attr, bool is_int, bool is_unsigned);

/* Four integer words (as stored for an integer attribute: `is_unsigned`
 * says how they read) converted to floats, for the places that need
 * numbers (a vertex position, glGetVertexAttribfv). */
void st_ints_to_float(const float words[4], bool is_unsigned, float out[4]);

/* Unpack a 2_10_10_10_REV value (x in bits 0..9, w in 30..31); norm:
 * unsigned c / (2^b - 1), signed (2c + 1) / (2^b - 1). */
void st_unpack_2101010(uint32_t u, bool is_signed, bool norm, float out[4]);
/* Unpack a 10F_11F_11F_REV value (unsigned 11/11/10-bit floats; w = 1). */
void st_unpack_10f11f11f(uint32_t u, float out[4]);

/* Bytes of one component of an array type; the stride of an array. */
size_t st_array_type_size(GLenum type);
size_t st_array_stride(const struct st_client_array *a);

/* Draw count array elements: first.. (index_type GL_NONE) or the indices
 * (GL_UNSIGNED_BYTE/SHORT/INT; an offset into the element array buffer when
 * one is bound).  Arguments are already checked; raises
 * GL_INVALID_OPERATION for arrays in mapped buffers. */
void st_draw_arrays_range(struct st_context *ctx, const char *where, GLenum mode, size_t first,
                          size_t count, GLenum index_type, const void *indices);

/* The same with GL_ARB_draw_elements_base_vertex's basevertex (added to each
 * index), GL_ARB_draw_instanced's instance count (>= 0; gl_InstanceID
 * counts 0..instances-1) and GL_ARB_base_instance's base instance: arrays
 * with a divisor read element base_instance + instance / divisor. */
void st_draw_arrays_instanced(struct st_context *ctx, const char *where, GLenum mode,
                              size_t first, size_t count, GLenum index_type,
                              const void *indices, GLint basevertex, GLsizei instances,
                              GLuint base_instance);

/* glGet values of the vertex arrays and buffer bindings (kind: 0 int,
 * 1 enum, 2 bool, 3 float, 4 normalized float). */
struct st_array_get_value {
   unsigned kind, count;
   double d[4];
};
bool st_array_get(struct st_context *ctx, GLenum pname, struct st_array_get_value *v);

#endif
