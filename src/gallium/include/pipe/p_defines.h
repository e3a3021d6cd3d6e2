/*
 * Pony pipe interface: enumerations and flags shared by state trackers and
 * drivers.  See docs/pipe-interface.md for the meaning of each.
 */
#ifndef PIPE_P_DEFINES_H
#define PIPE_P_DEFINES_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum pipe_error {
   PIPE_OK = 0,
   PIPE_ERROR = -1,              /* generic failure */
   PIPE_ERROR_BAD_INPUT = -2,    /* the caller broke the contract */
   PIPE_ERROR_OUT_OF_MEMORY = -3,
   PIPE_ERROR_UNSUPPORTED = -4,  /* valid, but the driver cannot do it */
};

enum pipe_texture_target {
   PIPE_BUFFER = 0,
   PIPE_TEXTURE_1D,
   PIPE_TEXTURE_2D,
   PIPE_TEXTURE_3D,
   PIPE_TEXTURE_CUBE,
   PIPE_TEXTURE_RECT,
   PIPE_TEXTURE_1D_ARRAY,
   PIPE_TEXTURE_2D_ARRAY,
   PIPE_TEXTURE_CUBE_ARRAY,
   PIPE_MAX_TEXTURE_TYPES
};

enum pipe_tex_face {
   PIPE_TEX_FACE_POS_X = 0,
   PIPE_TEX_FACE_NEG_X,
   PIPE_TEX_FACE_POS_Y,
   PIPE_TEX_FACE_NEG_Y,
   PIPE_TEX_FACE_POS_Z,
   PIPE_TEX_FACE_NEG_Z,
   PIPE_TEX_FACE_MAX
};

/* What a resource may be bound as (pipe_resource::bind). */
#define PIPE_BIND_DEPTH_STENCIL    (1u << 0)
#define PIPE_BIND_RENDER_TARGET    (1u << 1)
#define PIPE_BIND_BLENDABLE        (1u << 2)  /* format query only */
#define PIPE_BIND_SAMPLER_VIEW     (1u << 3)
#define PIPE_BIND_VERTEX_BUFFER    (1u << 4)
#define PIPE_BIND_INDEX_BUFFER     (1u << 5)
#define PIPE_BIND_CONSTANT_BUFFER  (1u << 6)
#define PIPE_BIND_DISPLAY_TARGET   (1u << 7)  /* backed by the winsys, can be presented */
#define PIPE_BIND_STREAM_OUTPUT    (1u << 8)
#define PIPE_BIND_SCANOUT          (1u << 9)
#define PIPE_BIND_SHARED           (1u << 10) /* exportable (dma-buf, handle) */
#define PIPE_BIND_LINEAR           (1u << 11)

/* How the CPU will use a resource (a hint only). */
enum pipe_resource_usage {
   PIPE_USAGE_DEFAULT = 0,
   PIPE_USAGE_IMMUTABLE,
   PIPE_USAGE_DYNAMIC,
   PIPE_USAGE_STREAM,
   PIPE_USAGE_STAGING,
};

/* transfer map flags */
#define PIPE_MAP_READ              (1u << 0)
#define PIPE_MAP_WRITE             (1u << 1)
#define PIPE_MAP_READ_WRITE        (PIPE_MAP_READ | PIPE_MAP_WRITE)
#define PIPE_MAP_DISCARD_RANGE     (1u << 2)  /* the mapped box's old contents may be dropped */
#define PIPE_MAP_DISCARD_WHOLE_RESOURCE (1u << 3)
#define PIPE_MAP_UNSYNCHRONIZED    (1u << 4)  /* do not wait for the GPU */
#define PIPE_MAP_DONTBLOCK         (1u << 5)  /* fail (return NULL) instead of waiting */
#define PIPE_MAP_FLUSH_EXPLICIT    (1u << 6)
#define PIPE_MAP_PERSISTENT        (1u << 7)
#define PIPE_MAP_COHERENT          (1u << 8)

/* clear buffers (pipe_context::clear) */
#define PIPE_CLEAR_DEPTH           (1u << 0)
#define PIPE_CLEAR_STENCIL         (1u << 1)
#define PIPE_CLEAR_COLOR0          (1u << 2)
#define PIPE_CLEAR_COLORN(i)       (PIPE_CLEAR_COLOR0 << (i))
#define PIPE_CLEAR_COLOR           (0xffu << 2)
#define PIPE_CLEAR_DEPTHSTENCIL    (PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL)

/* flush flags */
#define PIPE_FLUSH_END_OF_FRAME    (1u << 0)
#define PIPE_FLUSH_DEFERRED        (1u << 1)

/* colour write mask bits */
#define PIPE_MASK_R 0x1
#define PIPE_MASK_G 0x2
#define PIPE_MASK_B 0x4
#define PIPE_MASK_A 0x8
#define PIPE_MASK_RGBA 0xf

enum pipe_prim_type {
   PIPE_PRIM_POINTS = 0,
   PIPE_PRIM_LINES,
   PIPE_PRIM_LINE_LOOP,
   PIPE_PRIM_LINE_STRIP,
   PIPE_PRIM_TRIANGLES,
   PIPE_PRIM_TRIANGLE_STRIP,
   PIPE_PRIM_TRIANGLE_FAN,
   PIPE_PRIM_QUADS,
   PIPE_PRIM_QUAD_STRIP,
   PIPE_PRIM_POLYGON,
   PIPE_PRIM_LINES_ADJACENCY,
   PIPE_PRIM_LINE_STRIP_ADJACENCY,
   PIPE_PRIM_TRIANGLES_ADJACENCY,
   PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
   PIPE_PRIM_MAX
};

enum pipe_compare_func {   /* same order as GL_NEVER..GL_ALWAYS */
   PIPE_FUNC_NEVER = 0,
   PIPE_FUNC_LESS,
   PIPE_FUNC_EQUAL,
   PIPE_FUNC_LEQUAL,
   PIPE_FUNC_GREATER,
   PIPE_FUNC_NOTEQUAL,
   PIPE_FUNC_GEQUAL,
   PIPE_FUNC_ALWAYS,
};

enum pipe_stencil_op {
   PIPE_STENCIL_OP_KEEP = 0,
   PIPE_STENCIL_OP_ZERO,
   PIPE_STENCIL_OP_REPLACE,
   PIPE_STENCIL_OP_INCR,
   PIPE_STENCIL_OP_DECR,
   PIPE_STENCIL_OP_INCR_WRAP,
   PIPE_STENCIL_OP_DECR_WRAP,
   PIPE_STENCIL_OP_INVERT,
};

enum pipe_blend_func {
   PIPE_BLEND_ADD = 0,
   PIPE_BLEND_SUBTRACT,
   PIPE_BLEND_REVERSE_SUBTRACT,
   PIPE_BLEND_MIN,
   PIPE_BLEND_MAX,
};

enum pipe_blendfactor {
   PIPE_BLENDFACTOR_ONE = 0,
   PIPE_BLENDFACTOR_ZERO,
   PIPE_BLENDFACTOR_SRC_COLOR,
   PIPE_BLENDFACTOR_INV_SRC_COLOR,
   PIPE_BLENDFACTOR_SRC_ALPHA,
   PIPE_BLENDFACTOR_INV_SRC_ALPHA,
   PIPE_BLENDFACTOR_DST_COLOR,
   PIPE_BLENDFACTOR_INV_DST_COLOR,
   PIPE_BLENDFACTOR_DST_ALPHA,
   PIPE_BLENDFACTOR_INV_DST_ALPHA,
   PIPE_BLENDFACTOR_CONST_COLOR,
   PIPE_BLENDFACTOR_INV_CONST_COLOR,
   PIPE_BLENDFACTOR_CONST_ALPHA,
   PIPE_BLENDFACTOR_INV_CONST_ALPHA,
   PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE,
   PIPE_BLENDFACTOR_SRC1_COLOR,
   PIPE_BLENDFACTOR_INV_SRC1_COLOR,
   PIPE_BLENDFACTOR_SRC1_ALPHA,
   PIPE_BLENDFACTOR_INV_SRC1_ALPHA,
};

enum pipe_logicop {   /* same order as GL_CLEAR..GL_SET */
   PIPE_LOGICOP_CLEAR = 0,
   PIPE_LOGICOP_AND,
   PIPE_LOGICOP_AND_REVERSE,
   PIPE_LOGICOP_COPY,
   PIPE_LOGICOP_AND_INVERTED,
   PIPE_LOGICOP_NOOP,
   PIPE_LOGICOP_XOR,
   PIPE_LOGICOP_OR,
   PIPE_LOGICOP_NOR,
   PIPE_LOGICOP_EQUIV,
   PIPE_LOGICOP_INVERT,
   PIPE_LOGICOP_OR_REVERSE,
   PIPE_LOGICOP_COPY_INVERTED,
   PIPE_LOGICOP_OR_INVERTED,
   PIPE_LOGICOP_NAND,
   PIPE_LOGICOP_SET,
};

enum pipe_polygon_mode {
   PIPE_POLYGON_MODE_FILL = 0,
   PIPE_POLYGON_MODE_LINE,
   PIPE_POLYGON_MODE_POINT,
};

#define PIPE_FACE_NONE           0
#define PIPE_FACE_FRONT          1
#define PIPE_FACE_BACK           2
#define PIPE_FACE_FRONT_AND_BACK (PIPE_FACE_FRONT | PIPE_FACE_BACK)

enum pipe_tex_wrap {
   PIPE_TEX_WRAP_REPEAT = 0,
   PIPE_TEX_WRAP_CLAMP,
   PIPE_TEX_WRAP_CLAMP_TO_EDGE,
   PIPE_TEX_WRAP_CLAMP_TO_BORDER,
   PIPE_TEX_WRAP_MIRROR_REPEAT,
   PIPE_TEX_WRAP_MIRROR_CLAMP,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
};

enum pipe_tex_filter {
   PIPE_TEX_FILTER_NEAREST = 0,
   PIPE_TEX_FILTER_LINEAR,
};

enum pipe_tex_mipfilter {
   PIPE_TEX_MIPFILTER_NEAREST = 0,
   PIPE_TEX_MIPFILTER_LINEAR,
   PIPE_TEX_MIPFILTER_NONE,
};

enum pipe_swizzle {
   PIPE_SWIZZLE_X = 0,
   PIPE_SWIZZLE_Y,
   PIPE_SWIZZLE_Z,
   PIPE_SWIZZLE_W,
   PIPE_SWIZZLE_0,
   PIPE_SWIZZLE_1,
   PIPE_SWIZZLE_NONE,
};

enum pipe_shader_type {
   PIPE_SHADER_VERTEX = 0,
   PIPE_SHADER_FRAGMENT,
   PIPE_SHADER_GEOMETRY,
   PIPE_SHADER_TYPES
};

enum pipe_query_type {
   PIPE_QUERY_OCCLUSION_COUNTER = 0,   /* samples passed (GL_SAMPLES_PASSED) */
   PIPE_QUERY_OCCLUSION_PREDICATE,     /* any sample passed (GL_ANY_SAMPLES_PASSED) */
   PIPE_QUERY_TIMESTAMP,
   PIPE_QUERY_TIME_ELAPSED,
   PIPE_QUERY_PRIMITIVES_GENERATED,
   PIPE_QUERY_PRIMITIVES_EMITTED,
   PIPE_QUERY_TYPES
};

/* stream-output / transform-feedback limits shared by every driver */
#define PIPE_MAX_COLOR_BUFS        8
#define PIPE_MAX_ATTRIBS           32
/* per stage: a GL program's sampler table numbers its stages' samplers
 * together (GL 3.2: 3 stages x 16) */
#define PIPE_MAX_SAMPLERS          48
#define PIPE_MAX_SHADER_SAMPLER_VIEWS 48
#define PIPE_MAX_CONSTANT_BUFFERS  16
#define PIPE_MAX_CLIP_PLANES       8
#define PIPE_MAX_SO_BUFFERS        4
#define PIPE_MAX_SO_OUTPUTS        64
#define PIPE_MAX_VIEWPORTS         1
#define PIPE_MAX_TEXTURE_LEVELS    16

/* GL-visible identity of a pipe driver (pipe_screen::get_name etc.) */
#define PIPE_VENDOR_STRING "Pony"

#ifdef __cplusplus
}
#endif

#endif
