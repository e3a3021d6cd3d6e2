/*
 * The GLSL compiler's entry points for the GL state tracker: compile a
 * shader from its source strings (and, next, link shaders into a program).  Everything
 * a compilation makes lives in the object it returns; destroying it frees
 * all of it.  These calls never crash, hang or leak on any input: failure
 * is a status and an info log.
 *
 * Stage by stage, the work is the front end's (docs/glsl.md): glsl_pp.c,
 * glsl_lexer.c, glsl_parser.c, then semantic analysis, linking and
 * lowering to Pony IR.
 */
#ifndef COMPILER_GLSL_GLSL_COMPILER_H
#define COMPILER_GLSL_GLSL_COMPILER_H

#include <stdbool.h>
#include <stdint.h>

#include "glsl_front.h"

/* What the context supports: which #version numbers, which extensions,
 * and the limits the linker enforces (GL's names). */
struct glsl_compiler_options {
   bool es_context;                    /* an OpenGL ES context: GLSL ES only */
   bool es_fragment_precision_high;    /* highp in ES 1.00 fragment shaders
                                        * (GL_FRAGMENT_PRECISION_HIGH) */
   /* GLSL ES: evaluate mediump and lowp float operations, and keep
    * mediump/lowp variables, in IEEE half precision (rounded to nearest
    * even after each operation), as GPUs and Mesa's llvmpipe do; false:
    * every float is 32-bit (highp precision, which the spec allows) */
   bool mediump_fp16;
   /* a compatibility-profile context: '#version 150 compatibility' (and
    * later) is accepted, GL_compatibility_profile defined */
   bool compatibility_profile;
   const uint16_t *desktop_versions;   /* 0-terminated, e.g. { 110, 120, 0 } */
   const uint16_t *es_versions;        /* 0-terminated, e.g. { 100, 0 } */
   const char *const *extensions;      /* NULL-terminated names */
   unsigned max_vertex_attribs;
   unsigned max_varying_floats;
   unsigned max_vertex_uniform_components, max_fragment_uniform_components;
   unsigned max_texture_image_units, max_vertex_texture_image_units,
            max_combined_texture_image_units;
   unsigned max_texture_coords, max_draw_buffers, max_clip_planes, max_lights;
   /* uniform blocks (GL_ARB_uniform_buffer_object): blocks per stage (an
    * array of blocks counts its elements) and in all, bytes per block */
   unsigned max_vertex_uniform_blocks, max_fragment_uniform_blocks,
            max_combined_uniform_blocks, max_uniform_block_size;
   /* geometry shaders (GLSL 1.50), GL's MAX_GEOMETRY_* limits; 0: GL 3.2's
    * minimum (uniform components 1024, texture image units 16, uniform
    * blocks 12, output vertices 256, total output components 1024) */
   unsigned max_geometry_uniform_components, max_geometry_texture_image_units,
            max_geometry_uniform_blocks, max_geometry_output_vertices,
            max_geometry_total_output_components;
   /* glsl_link leaves the IR as lowered, without the optimization passes
    * (pony-glslc --ir shows both) */
   bool skip_ir_passes;
};

struct glsl_shader;

/* Compiles count source strings (lengths NULL or entries < 0: NUL-
 * terminated, as glShaderSource) for a stage.  Never NULL unless out of
 * memory. */
struct glsl_shader *glsl_compile(const struct glsl_compiler_options *opts, enum glsl_stage stage,
                                 const char *const *strings, const int *lengths, unsigned count);
bool glsl_shader_compiled(const struct glsl_shader *s);
enum glsl_stage glsl_shader_stage(const struct glsl_shader *s);
/* "" when empty, never NULL; lives as long as the shader */
const char *glsl_shader_info_log(const struct glsl_shader *s);
void glsl_shader_destroy(struct glsl_shader *s);

/* ---- linking (glsl_link.c; lowering: glsl_lower.c) --------------------
 *
 * glsl_link() links the compiled shaders of a program into one Pony IR
 * shader per stage present and describes the program's interface for the
 * GL API.  The program keeps no pointer into the shaders: they may be
 * deleted or recompiled after linking (GL's rule).  A stage with no shader
 * has no IR: the state tracker runs its generated fixed-function stage
 * there, so the IR of a stage reads and writes the locations below that
 * the fixed-function shaders (src/state_trackers/gl/ff/ff_state.h) use.
 *
 * Conventions of the IR a linked program carries (both sides rely on them):
 *  - Vertex inputs (IR_SEM_GENERIC): location = GLSL_ATTRIB_CONVENTIONAL +
 *    FF_ATTRIB_* for gl_Vertex (0), gl_Normal (2), gl_Color (3),
 *    gl_SecondaryColor (4), gl_FogCoord (5), gl_MultiTexCoordN (8 + N);
 *    generic attribute n (user attributes) at GLSL_ATTRIB_GENERIC0 + n,
 *    except that generic attribute 0 is gl_Vertex's location 0 (GL 2.0 in a
 *    compatibility context: attribute 0 aliases the vertex position).
 *    A matrix attribute takes one location per column.
 *  - Geometry shaders (IR_STAGE_GEOMETRY; the layouts in ir->gs): inputs
 *    are the vertex shader's outputs at the same semantics and locations,
 *    one element per vertex (gl_in[v].gl_Position is element v of a
 *    position input; docs/ir.md); outputs as a vertex shader's, with
 *    gl_PrimitiveID and gl_Layer at IR_SEM_PRIMITIVE_ID / IR_SEM_LAYER.
 *    The varyings a geometry shader writes have locations of their own
 *    (from GLSL_VARYING_USER0), read by the fragment shader.
 *  - Vertex outputs / fragment inputs: gl_Position, gl_PointSize,
 *    gl_FragCoord, gl_FrontFacing, gl_PointCoord and gl_FragDepth are
 *    semantics (IR_SEM_POSITION ...).  gl_FrontColor / gl_Color (fragment)
 *    FF_VARYING_COLOR0, gl_FrontSecondaryColor / gl_SecondaryColor COLOR1,
 *    gl_BackColor BCOLOR0, gl_BackSecondaryColor BCOLOR1, gl_FogFragCoord /
 *    the fog coordinate FF_VARYING_FOG (x), gl_TexCoord[i] FF_VARYING_TEX0 + i;
 *    user varyings from GLSL_VARYING_USER0 up, one location per vec4 slot
 *    (a matrix one per column, an array one per element).  gl_ClipVertex is
 *    an output at location GLSL_VARYING_CLIP_VERTEX.
 *  - Fragment outputs: gl_FragColor at location -1 (every draw buffer),
 *    gl_FragData[n] at location n.
 *  - Uniforms: user uniforms in constant buffer GLSL_CBUF_UNIFORMS, at the
 *    byte offsets the program's uniform table gives (every leaf element a
 *    16-byte slot, so one storage block serves both stages); built-in state
 *    (gl_ModelViewMatrix, gl_LightSource[] ...) in constant buffer
 *    GLSL_CBUF_STATE, slot i (byte 16 * i) = state_rows[stage][i], filled
 *    like ARB programs' state (src/compiler/pony_state.h).  Bool uniforms
 *    are stored as 32-bit integers 0/1; int and uint as 32-bit integers.
 *  - Samplers: IR binding b = entry b of the program's sampler table; the
 *    state tracker binds texture unit sampler_units[b] there (the value the
 *    application set with glUniform1i) in every stage that uses it.
 */
#define GLSL_ATTRIB_CONVENTIONAL 0
#define GLSL_ATTRIB_GENERIC0 16
#define GLSL_MAX_VERTEX_ATTRIBS 16
#define GLSL_VARYING_USER0 16
/* Varyings are not packed: each element takes a vec4 slot from
 * GLSL_VARYING_USER0 on, and the pipeline has room for this many next to
 * the built-ins (drivers have 96 slots).  What a geometry shader passes to
 * the fragment shader is bounded by GL 3.2's MAX_GEOMETRY_OUTPUT_COMPONENTS
 * and these slots; the other stages' varyings by max_varying_floats. */
#define GLSL_MAX_VARYING_SLOTS 64
#define GLSL_MAX_GS_OUTPUT_COMPONENTS 128
#define GLSL_VARYING_CLIP_VERTEX 15
#define GLSL_CBUF_UNIFORMS 0
#define GLSL_CBUF_STATE 1
/* Uniform blocks: a stage's blocks take constant buffers GLSL_CBUF_UBO0,
 * GLSL_CBUF_UBO0 + 1 ... (program block table: cbuf[stage]), read with
 * load_cbuf at their std140 offsets; the state tracker binds the buffer of
 * the block's binding point there. */
#define GLSL_CBUF_UBO0 3
#define GLSL_MAX_STAGE_UNIFORM_BLOCKS 12

struct ir_shader;
struct pony_state_ref;

/* glBindAttribLocation's bindings, applied at link time. */
struct glsl_attrib_binding {
   const char *name;
   unsigned index;                     /* generic attribute number, or colour number */
   /* glBindFragDataLocation's: a user fragment output's colour number */
   bool fragment_output;
   /* glBindFragDataLocationIndexed's index (ARB_blend_func_extended): 1
    * binds the second colour of dual-source blending */
   unsigned frag_index;
};

/* A user-defined fragment output as glGetFragDataLocation and
 * glGetFragDataIndex see it: its first colour number and its index (1:
 * dual-source blending's second colour, written to IR location 1). */
struct glsl_frag_output {
   const char *name;
   unsigned array_size;                /* 0: not an array */
   int location;
   int index;
};

/* A GL resource name "a" or "a[k]" (k decimal, no sign, no leading zero):
 * *base_len = the length of "a", *elem = k (0 without a subscript),
 * *subscript whether there is one; false when the subscript is malformed
 * (or k > 65535). */
bool glsl_parse_element_name(const char *name, size_t *base_len, unsigned *elem,
                             bool *subscript);

/* One active uniform as GL lists it (glGetActiveUniform): basic types only;
 * a struct member is "s.f", an array of structs "s[1].f", an array of a
 * basic type is one entry of size array_size whose name is "a[0]"
 * (glGetUniformLocation accepts "a" too). */
struct glsl_uniform {
   const char *name;                   /* GL's name, "a[0]" for arrays */
   uint32_t gl_type;                   /* GL_FLOAT_VEC4, GL_FLOAT_MAT2x3, GL_SAMPLER_2D ... */
   unsigned array_size;                /* 1 unless is_array */
   bool is_array;
   uint8_t base;                       /* enum glsl_base_type of a component (samplers: SAMPLER) */
   uint8_t columns, rows;              /* vectors: 1 column; scalars 1 x 1 */
   unsigned offset;                    /* byte offset of element 0, column 0 */
   unsigned elem_stride;               /* bytes from an element to the next (16 * columns) */
   unsigned sampler;                   /* samplers: sampler-table entry of element 0 (+i) */
   int location;                       /* GL location of element 0 (+i for element i) */
   uint8_t stages;                     /* bit per glsl_stage that uses it */
   /* members of uniform blocks (location -1): the block (-1: the default
    * block), offset (above) in the block, strides, matrix layout */
   int block_index;
   unsigned array_stride, matrix_stride;
   bool row_major;
};

/* One active uniform block (an array of blocks: one per element, "B[i]"). */
struct glsl_uniform_block {
   const char *name;
   unsigned data_size;                 /* std140 bytes */
   unsigned *uniforms;                 /* its active uniforms (uniform table indices) */
   unsigned num_uniforms;
   uint8_t stages;                     /* bit per glsl_stage that declares it */
   int cbuf[GLSL_NUM_STAGES];          /* its constant buffer per stage, -1: none */
};

/* One entry of the sampler table. */
struct glsl_sampler {
   uint8_t target;                     /* enum ir_tex_target */
   bool shadow;
   uint8_t sampled_base;               /* GLSL_TYPE_FLOAT / _INT / _UINT */
   uint8_t stages;                     /* bit per glsl_stage that samples it */
};

/* One active attribute (glGetActiveAttrib), built-ins included (location -1). */
struct glsl_attribute {
   const char *name;
   uint32_t gl_type;
   unsigned array_size;                /* 1, or an input array's length (GLSL 1.50) */
   unsigned element_slots;             /* locations of one element (a matrix: its columns) */
   int location;                       /* generic attribute number, -1 for gl_* */
};

/* Transform feedback (EXT_transform_feedback, ARB_transform_feedback3):
 * glTransformFeedbackVaryings' names, applied at link time.  Limits (GL's
 * MAX_TRANSFORM_FEEDBACK_*): 4 buffers, 4 separate attributes, 64
 * components interleaved and per separate attribute. */
#define GLSL_XFB_MAX_BUFFERS 4
#define GLSL_XFB_MAX_SEPARATE_ATTRIBS 4
#define GLSL_XFB_MAX_COMPONENTS 64
#define GLSL_XFB_MAX_OUTPUTS 64             /* slots (vec4s, matrix columns) captured */

struct glsl_xfb_request {
   const char *const *names;
   unsigned count;
   bool interleaved;                   /* GL_INTERLEAVED_ATTRIBS, else GL_SEPARATE_ATTRIBS */
   bool tf3;                           /* gl_NextBuffer, gl_SkipComponents1..4 allowed */
};

/* glGetTransformFeedbackVarying: the names in order, arrays with their
 * size; gl_SkipComponentsN is type 0 (GL_NONE) with size N, gl_NextBuffer
 * type 0 with size 0. */
struct glsl_xfb_varying {
   const char *name;
   uint32_t gl_type;
   unsigned size;
};

/* One captured slot: components [start, start + num) of the vertex output
 * with this semantic (IR_SEM_POSITION, IR_SEM_POINT_SIZE or
 * IR_SEM_GENERIC and location), written at dword dst_offset of each
 * vertex's record in buffer `buffer`. */
struct glsl_xfb_output {
   uint8_t semantic;                   /* enum ir_semantic */
   int16_t location;
   uint8_t start, num;
   uint8_t buffer;
   uint16_t dst_offset;
};

struct glsl_program_interface {
   struct glsl_uniform *uniforms;
   unsigned num_uniforms;
   unsigned num_locations;             /* locations 0 .. num_locations - 1 */
   unsigned uniform_storage_size;      /* bytes of constant buffer GLSL_CBUF_UNIFORMS */
   /* initial contents of the storage (GLSL 1.20 uniform initializers), and
    * the initial unit of each sampler (0) */
   const void *uniform_storage_init;
   struct glsl_sampler *samplers;
   unsigned num_samplers;
   struct glsl_attribute *attributes;
   unsigned num_attributes;
   struct glsl_frag_output *frag_outputs;
   unsigned num_frag_outputs;
   unsigned max_attribute_name, max_uniform_name;   /* longest names + 1 (GL queries) */
   struct glsl_uniform_block *blocks;
   unsigned num_blocks;
   unsigned max_block_name;                         /* longest block name + 1 */
   /* built-in state read by each stage: row i = byte 16 * i of GLSL_CBUF_STATE */
   const struct pony_state_ref *state_rows[GLSL_NUM_STAGES];
   unsigned num_state_rows[GLSL_NUM_STAGES];
   /* what the state tracker needs to know about the stages */
   struct ir_shader *ir[GLSL_NUM_STAGES];         /* NULL: stage not in the program */
   uint32_t vertex_inputs;             /* bit per vertex input location read */
   bool writes_point_size;             /* gl_PointSize (GL_VERTEX_PROGRAM_POINT_SIZE) */
   bool writes_clip_vertex;            /* gl_ClipVertex (else clip planes use gl_Position) */
   bool writes_clip_distance;          /* gl_ClipDistance: plane i clips by distance i */
   bool clip_by_position;              /* GLSL 1.30+ writing neither: planes use gl_Position */
   bool writes_frag_depth;
   bool writes_frag_data;              /* gl_FragData[] (else gl_FragColor) */
   uint32_t fragment_inputs_ff;        /* bit per FF_VARYING_* location read (paired with ff vs) */
   bool uses_discard;
   /* a geometry shader's layouts (GLSL 1.50 4.3.8): enum ir_prim of the
    * input and output primitives, max_vertices (0 without a geometry
    * shader: glGetProgramiv's GL_GEOMETRY_*) */
   uint8_t gs_input_prim, gs_output_prim;
   unsigned gs_max_vertices;
   /* transform feedback (glsl_link_xfb) */
   struct glsl_xfb_varying *xfb_varyings;
   unsigned num_xfb_varyings;
   unsigned max_xfb_varying_name;      /* longest name + 1, 0 when none */
   struct glsl_xfb_output *xfb_outputs;
   unsigned num_xfb_outputs;
   unsigned xfb_stride[GLSL_XFB_MAX_BUFFERS];   /* dwords per vertex */
   uint8_t xfb_buffers;                /* bit per buffer the capture writes */
};

struct glsl_program;

/* Links count compiled shaders (any order, several per stage allowed: one
 * of them defines main()).  Never NULL unless out of memory; link errors
 * go to the program's info log as "error: ..." lines. */
struct glsl_program *glsl_link(const struct glsl_compiler_options *opts,
                               struct glsl_shader *const *shaders, unsigned count,
                               const struct glsl_attrib_binding *bindings,
                               unsigned num_bindings);
/* glsl_link with transform feedback varyings (xfb NULL or count 0: none).
 * Names that are not vertex shader outputs, bad subscripts, too many
 * components or buffers fail the link. */
struct glsl_program *glsl_link_xfb(const struct glsl_compiler_options *opts,
                                   struct glsl_shader *const *shaders, unsigned count,
                                   const struct glsl_attrib_binding *bindings,
                                   unsigned num_bindings, const struct glsl_xfb_request *xfb);
bool glsl_program_linked(const struct glsl_program *p);
/* "" when empty, never NULL */
const char *glsl_program_info_log(const struct glsl_program *p);
/* NULL unless linked; lives as long as the program */
const struct glsl_program_interface *glsl_program_get_interface(const struct glsl_program *p);
/* The uniform and element at a location (false: no such location). */
bool glsl_program_uniform_at(const struct glsl_program *p, int location,
                             const struct glsl_uniform **u, unsigned *element);
/* glGetUniformLocation: "a", "a[2]", "s.f", "s[1].v[0]" ...; -1 when the
 * name is not an active uniform (or starts with "gl_"). */
int glsl_program_uniform_location(const struct glsl_program *p, const char *name);
/* glGetAttribLocation: -1 when not an active user attribute. */
int glsl_program_attrib_location(const struct glsl_program *p, const char *name);
void glsl_program_destroy(struct glsl_program *p);

#endif
